/* tests/fuzz/fuzz_history.c: libFuzzer harness for the history CSV readers
 * (src/season/history.c per pair, src/season/playerhistory.c per player).
 * Every input is read both ways against a fixed season of six pairs whose
 * players are named (one player in two pairs, one pair without players).
 * A history read must be symmetric, zero on the diagonal and within the
 * limits, and, written back as a CSV per pair (M over its unit, C over its
 * scale, both reduced), must read back as the same M and C, exactly (when
 * the fractions fit the CSV's 9 digits).
 * SPDX-License-Identifier: MIT */
#include "fuzz_common.h"
#include "season/season.h"
#include "util/wide.h"

static const char pairs[] = "1 0 a\nplayer 1 0 p\nplayer 2 1 q\n"
                            "2 0 b\nplayer 3 0 r\nplayer 4 0 s\n"
                            "3 2 c\n"
                            "4 0 d\nplayer 5 2 t\nplayer 1 0 p\n"
                            "5 0 e\nplayer 6 0 u\nplayer 7 0 v\n"
                            "6 1 f\nplayer 8 0 w\nplayer 9 0 x\n";

static void season_of_pairs(sw_season *s) {
    sw_error err;
    memset(s, 0, sizeof *s);
    if (sw_parenfile_parse(pairs, sizeof pairs - 1, "fuzz.pairs", &s->part, &s->n, &err) != SW_OK)
        sw_fuzz_fail("the fixed pairs file is not read", &err, NULL);
}

static void check(const sw_history *h, int n) {
    if (h->scale < 1 || h->scale > (INT64_C(1) << 28))
        sw_fuzz_fail("history scale out of range", NULL, NULL);
    if (h->unit < 1 || h->unit > SW_HISTORY_MAX_UNIT)
        sw_fuzz_fail("history meetings unit out of range", NULL, NULL);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            size_t a = (size_t)i * (size_t)n + (size_t)j, b = (size_t)j * (size_t)n + (size_t)i;
            if (h->meet[a] != h->meet[b] || h->comp[a] != h->comp[b])
                sw_fuzz_fail("history not symmetric", NULL, NULL);
            if (i == j && (h->meet[a] || h->comp[a]))
                sw_fuzz_fail("history on the diagonal", NULL, NULL);
            if (h->meet[a] < 0 || h->meet[a] > SW_HISTORY_MAX_MEETINGS * h->unit)
                sw_fuzz_fail("history meetings out of range", NULL, NULL);
        }
}

/* The history as a CSV per pair, read back into a fresh season. */
static void round_trip(const sw_season *s) {
    const sw_history *h = &s->history;
    if (h->scale > SW_HISTORY_MAX_DENOMINATOR)
        return; /* a CSV value's denominator is limited to 10^6 */
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    sw_strbuf_puts(&sb, "first,second,meetings,comparisons\n");
    for (int i = 0; i < s->n; i++)
        for (int j = i + 1; j < s->n; j++) {
            size_t x = (size_t)i * (size_t)s->n + (size_t)j;
            /* reduced: a fraction's terms have at most 9 digits */
            int64_t c = h->comp[x], g = sw_gcd64(c < 0 ? -c : c, h->scale);
            int64_t m = h->meet[x], gm = sw_gcd64(m, h->unit);
            if (c / g > 999999999 || c / g < -999999999 || m / gm > 999999999) {
                sw_strbuf_free(&sb);
                return;
            }
            if (m || c)
                sw_strbuf_printf(&sb, "%d,%d,%lld/%lld,%lld/%lld\n", s->part[i].id, s->part[j].id,
                                 (long long)(m / gm), (long long)(h->unit / gm), (long long)(c / g),
                                 (long long)(h->scale / g));
        }
    sw_fuzz_written(&sb);
    sw_season back;
    season_of_pairs(&back);
    sw_error err;
    if (sw_history_parse(sb.data, sb.len, "written.csv", &back, &err) != SW_OK)
        sw_fuzz_fail("the written history is not read back", &err, &sb);
    size_t nn = (size_t)s->n * (size_t)s->n;
    const sw_history *b = &back.history;
    for (size_t x = 0; x < nn; x++) /* the same values over units that may differ */
        if ((__int128)b->meet[x] * h->unit != (__int128)h->meet[x] * b->unit ||
            (__int128)b->comp[x] * h->scale != (__int128)h->comp[x] * b->scale)
            sw_fuzz_fail("the history read back differs", NULL, &sb);
    sw_season_free(&back);
    sw_strbuf_free(&sb);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (sw_fuzz_unreadable(data, size))
        return 0;
    for (int kind = 0; kind < 2; kind++) {
        sw_season s;
        season_of_pairs(&s);
        sw_error err;
        const char *text = (const char *)data;
        sw_status st = kind ? sw_history_parse_players(text, size, "fuzz.csv", &s, &err)
                            : sw_history_parse(text, size, "fuzz.csv", &s, &err);
        if (st == SW_OK && s.history.meet) {
            check(&s.history, s.n);
            round_trip(&s);
        }
        sw_season_free(&s);
    }
    return 0;
}
