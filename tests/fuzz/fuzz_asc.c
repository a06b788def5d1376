/* tests/fuzz/fuzz_asc.c: libFuzzer harness for the ASC movement reader
 * (src/movement/asc.c). A movement read must validate, and writing it as ASC
 * and reading that back must give the same movement (sw_movement_equal) and,
 * written again, the same text.
 * SPDX-License-Identifier: MIT */
#include "fuzz_common.h"
#include "movement/movement.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (sw_fuzz_unreadable(data, size))
        return 0;
    sw_movement m;
    sw_error err;
    if (sw_movement_parse_asc((const char *)data, size, "fuzz.asc", &m, &err) != SW_OK)
        return 0;
    if (sw_movement_validate(&m, "fuzz.asc", &err) != SW_OK)
        sw_fuzz_fail("a movement read does not validate", &err, NULL);
    if (m.seats == 2) { /* ASC holds two-seat movements only */
        sw_strbuf once, twice;
        sw_strbuf_init(&once);
        sw_strbuf_init(&twice);
        sw_movement_write_asc(&m, &once);
        sw_fuzz_written(&once);
        sw_movement back;
        if (sw_movement_parse_asc(once.data, once.len, "written.asc", &back, &err) != SW_OK)
            sw_fuzz_fail("the written ASC is not read back", &err, &once);
        if (!sw_movement_equal(&m, &back))
            sw_fuzz_fail("the ASC read back is another movement", NULL, &once);
        sw_movement_write_asc(&back, &twice);
        sw_fuzz_written(&twice);
        if (once.len != twice.len || memcmp(once.data, twice.data, once.len) != 0)
            sw_fuzz_fail("writing the movement read back gives other text", NULL, &twice);
        sw_movement_free(&back);
        sw_strbuf_free(&once);
        sw_strbuf_free(&twice);
    }
    sw_movement_free(&m);
    return 0;
}
