/* tests/fuzz/fuzz_season_json.c: libFuzzer harness for the season JSON
 * reader (src/season/seasonjson.c, the analyze contract). A season read must
 * validate; when its matrices can be built, the analyze JSON written for it
 * (sw_report_json) must read back as the same season.
 * SPDX-License-Identifier: MIT */
#include "fuzz_common.h"
#include "fuzz_season.h"
#include "matrix/criteria.h"
#include "matrix/matrix.h"
#include "report/report.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (sw_fuzz_unreadable(data, size))
        return 0;
    sw_season s;
    sw_error err;
    if (sw_season_parse_json((const char *)data, size, "fuzz.json", &s, &err) != SW_OK)
        return 0;
    if (sw_season_validate(&s, "fuzz.json", &err) != SW_OK)
        sw_fuzz_fail("a season read does not validate", &err, NULL);
    sw_matrix mx;
    if (sw_matrix_init(&mx, &s, &err) == SW_OK) { /* else beyond the matrices' limits */
        sw_criteria crit;
        sw_criteria_compute(&mx, &crit);
        sw_report r = {.title = "fuzz", .season = &s, .mx = &mx, .crit = &crit};
        sw_strbuf sb;
        sw_strbuf_init(&sb);
        sw_report_json(&r, &sb);
        sw_fuzz_written(&sb);
        sw_season back;
        if (sw_season_parse_json(sb.data, sb.len, "written.json", &back, &err) != SW_OK)
            sw_fuzz_fail("the written JSON is not read back", &err, &sb);
        sw_fuzz_same_season(&s, &back, &sb);
        sw_season_free(&back);
        sw_strbuf_free(&sb);
        sw_matrix_free(&mx);
    }
    sw_season_free(&s);
    return 0;
}
