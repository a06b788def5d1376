/* tests/fuzz/fuzz_event_text.c: libFuzzer harness for the mahjong event
 * text reader (src/seating/event_text.c, event.c). Inputs whose first character
 * after blanks is '{' go to the JSON reader and are left to fuzz_event_json.
 * Round trip: see fuzz_event.h.
 * SPDX-License-Identifier: MIT */
#include "fuzz_event.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (sw_fuzz_unreadable(data, size) || sw_fuzz_event_is_json(data, size))
        return 0;
    sw_fuzz_event(data, size, "fuzz.txt");
    return 0;
}
