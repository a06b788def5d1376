/* tests/fuzz/fuzz_event_json.c: libFuzzer harness for the mahjong event
 * JSON reader (src/seating/event_json.c, event.c): the plain form and the analyze
 * contract. Other inputs are the text format's and are
 * left to fuzz_event_text. Round trip: see fuzz_event.h.
 * SPDX-License-Identifier: MIT */
#include "fuzz_event.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (sw_fuzz_unreadable(data, size) || !sw_fuzz_event_is_json(data, size))
        return 0;
    sw_fuzz_event(data, size, "fuzz.json");
    return 0;
}
