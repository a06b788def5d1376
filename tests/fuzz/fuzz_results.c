/* tests/fuzz/fuzz_results.c: libFuzzer harness for the results of a Swiss
 * round (src/swiss/results.c): the text is read and entered into round 3 of
 * a fixed 9-player record whose last round has no results yet. Entered,
 * the record must validate as far as its results go, and write and read
 * back to the same bytes; refused, the record must be unchanged.
 * SPDX-License-Identifier: MIT */
#include "fuzz_common.h"
#include "swiss/swiss.h"

/* 9 players, round 3 paired (boards 3-2, 1-8, 9-4, 6-5, bye 7), no results. */
static const char record[] =
    "012 results fuzzing\n"
    "XXR 5\n"
    "XXC white1\n"
    "001    1      Player 1                          2494                             2.0       "
    "0005 w 1  0004 b 1  0008 w  \n"
    "001    2      Player 2                          2312                             2.0       "
    "0006 b 1  0009 w 1  0003 b  \n"
    "001    3      Player 3                          2145                             2.0       "
    "0007 w 1  0005 b 1  0002 w  \n"
    "001    4      Player 4                          2094                             1.0       "
    "0008 b 1  0001 w 0  0009 b  \n"
    "001    5      Player 5                          2089                             0.0       "
    "0001 b 0  0003 w 0  0006 b  \n"
    "001    6      Player 6                          1996                             1.0       "
    "0002 w 0  0007 b 1  0005 w  \n"
    "001    7      Player 7                          1502                             1.0       "
    "0003 b 0  0006 w 0  0000 - U\n"
    "001    8      Player 8                          1468                             1.0       "
    "0004 w 0  0000 - U  0001 b  \n"
    "001    9      Player 9                          1412                             1.0       "
    "0000 - U  0002 b 0  0004 w  \n";

static char *text_of(const sw_swiss_trf *t) {
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    sw_swiss_trf_write(t, &sb);
    sw_fuzz_written(&sb);
    return sb.data;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (sw_fuzz_unreadable(data, size))
        return 0;
    sw_swiss_trf trf;
    sw_error err;
    if (sw_swiss_trf_parse(record, sizeof record - 1, "fuzz.trf", &trf, &err) != SW_OK)
        sw_fuzz_fail("the fixed record is not read", &err, NULL);
    char *before = text_of(&trf);
    sw_swiss_result *res = NULL;
    int nres = 0, missing = -1;
    sw_status st = sw_swiss_results_parse((const char *)data, size, "fuzz.txt", &res, &nres, &err);
    if (st == SW_OK)
        st = sw_swiss_results_apply(&trf, 3, res, nres, "fuzz.txt", &missing, &err);
    if (st != SW_OK && err.code == SW_ERR_NOMEM)
        sw_fuzz_fail("results ran out of memory", &err, NULL);
    char *after = text_of(&trf);
    if (st != SW_OK && strcmp(before, after) != 0)
        sw_fuzz_fail("refused results changed the record", &err, NULL);
    if (st == SW_OK) {
        if (missing < 0 || missing > 4)
            sw_fuzz_fail("boards without a result miscounted", NULL, NULL);
        sw_swiss_trf back;
        if (sw_swiss_trf_parse(after, strlen(after), "written.trf", &back, &err) != SW_OK)
            sw_fuzz_fail("the record with results is not read back", &err, NULL);
        char *again = text_of(&back);
        if (strcmp(after, again) != 0)
            sw_fuzz_fail("the record with results changes when read back", NULL, NULL);
        /* complete results make a record ready for the next round */
        if (missing == 0 && sw_swiss_validate(&back, &err) != SW_OK)
            sw_fuzz_fail("the record with all results does not validate", &err, NULL);
        free(again);
        sw_swiss_trf_free(&back);
    }
    free(res);
    free(before);
    free(after);
    sw_swiss_trf_free(&trf);
    return 0;
}
