/* tests/fuzz/fuzz_season_text.c: libFuzzer harness for the season file
 * reader (src/season/seasonfile.c). The pairs and movement files a season
 * names are read from the fixture directory SW_FUZZ_SEASON_DIR
 * (tests/fuzz/season_files: club.pairs, five.pairs, four.asc,
 * 16p7rTeamS.asc); inputs naming a path with '/' are skipped so nothing
 * outside it is read. A season read must validate, and sw_season_write's
 * text must read back as the same season.
 * SPDX-License-Identifier: MIT */
#include "fuzz_common.h"
#include "fuzz_season.h"
#include "matrix/matrix.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (sw_fuzz_unreadable(data, size) || memchr(data, '/', size))
        return 0;
    sw_season s;
    sw_error err;
    if (sw_season_parse((const char *)data, size, "fuzz.season", SW_FUZZ_SEASON_DIR,
                        sw_matrix_played_history, &s, &err) != SW_OK)
        return 0;
    if (sw_season_validate(&s, "fuzz.season", &err) != SW_OK)
        sw_fuzz_fail("a season read does not validate", &err, NULL);
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    sw_season_write(&s, &sb);
    sw_fuzz_written(&sb);
    sw_season back;
    if (sw_season_parse(sb.data, sb.len, "written.season", SW_FUZZ_SEASON_DIR,
                        sw_matrix_played_history, &back, &err) != SW_OK)
        sw_fuzz_fail("the written season is not read back", &err, &sb);
    sw_fuzz_same_season(&s, &back, &sb);
    sw_season_free(&back);
    sw_season_free(&s);
    sw_strbuf_free(&sb);
    return 0;
}
