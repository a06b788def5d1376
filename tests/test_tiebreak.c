/* tests/test_tiebreak.c: the FIDE tie-breaks and standings
 * (swiss/tiebreak.h): a hand-computed event (forfeits, byes, a
 * pairing-allocated bye, both rules versions, direct encounter, cuts,
 * shared ranks), tie-break lists (option and TRF 202/212 lines, errors),
 * value formatting, the values of FIDE's TieBreakServer on every record
 * of data/dutch, data/dutch-big and the real records of
 * tests/data/tiebreak/records (tests/data/tiebreak/expected, written by
 * scripts/tiebreak-agreement; the standings after the last round and
 * after the middle one), and 'swiss standings' end to end.
 * SPDX-License-Identifier: MIT */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "support.h"

#include "report/standings.h"
#include "swiss/swiss.h"
#include "swiss/tiebreak.h"
#include "util/fileio.h"
#include "util/strbuf.h"

#define TB_DATA SW_TEST_DATA "/tiebreak/"

static void read_ok(const char *path, sw_swiss_trf *trf) {
    sw_error err;
    if (sw_swiss_trf_read(path, trf, &err))
        fail_msg("%s:%d: %s", err.file, err.line, err.msg);
    sw_strbuf w;
    sw_strbuf_init(&w);
    int nw = 0;
    sw_status st = sw_swiss_validate_lenient(trf, &w, &nw, &err);
    sw_strbuf_free(&w);
    if (st)
        fail_msg("%s:%d: %s", err.file, err.line, err.msg);
}

static void list_ok(const char *text, sw_tb_list *l) {
    sw_error err;
    if (sw_tb_parse_list(text, "test", l, &err))
        fail_msg("%s: %s", text, err.msg);
}

/* The value of tie-break k of player id, times its scale. */
static int64_t val(const sw_swiss_trf *t, const sw_standings *s, int id, int k) {
    return s->value[(size_t)t->index_of_id[id] * (size_t)s->list.n + (size_t)k];
}

static int rank_of(const sw_swiss_trf *t, const sw_standings *s, int id) {
    return s->rank[t->index_of_id[id]];
}

/* hand5.trf, worked out by hand (docs/swiss.md's rules): 5 players, 3
 * rounds; 1 beats 2, loses to 3, wins by forfeit against 4; 2 has a
 * zero-point bye in round 3; 4 a half-point bye in round 2; 5 the
 * pairing-allocated bye in round 1. */
static void test_hand_computed(void **state) {
    (void)state;
    sw_swiss_trf t;
    read_ok(TB_DATA "hand5.trf", &t);
    sw_tb_list l;
    list_ok("PTS DE BH BH/C1 SB PS WIN WON BPG BWG ARO ARO/C1 TPR KS REP", &l);
    sw_standings s;
    sw_error err;
    assert_int_equal(sw_standings_compute(&t, &l, NULL, &s, &err), SW_OK);
    assert_int_equal(s.rules, SW_TB_RULES_2024); /* 042 2025-01-01 */
    assert_int_equal(s.rounds, 3);
    /* points (halves) */
    const int64_t pts[6] = {0, 4, 2, 4, 2, 3};
    /* Buchholz (halves): an opponent's unplayed rounds after its last
     * played one count as draws (4: 0.5 + 0.5 + 0 = 1.0; 2: 0 + 1 + 0.5);
     * the player's own unplayed rounds count its own score (1: 1.5 + 2 + 2) */
    const int64_t bh[6] = {0, 11, 9, 9, 8, 10};
    /* the cut drops an unplayed (voluntary) round first: 2 drops its own
     * score 1.0 of round 3, 4 one of its two 1.0 */
    const int64_t bhc1[6] = {0, 8, 7, 7, 6, 7};
    const int64_t sb[6] = {0, 14, 6, 13, 6, 10}; /* quarters */
    const int64_t ps[6] = {0, 8, 4, 8, 5, 7};
    const int64_t win[6] = {0, 2, 1, 1, 0, 1}; /* the forfeit and the PAB count */
    const int64_t won[6] = {0, 1, 1, 1, 0, 0};
    const int64_t aro[6] = {0, 1850, 1800, 1767, 1800, 1850};
    const int64_t aroc1[6] = {0, 1900, 2000, 1850, SW_TB_NONE, 1900};
    const int64_t tpr[6] = {0, 1850, 1800, 1892, 1800, 1657};
    const int64_t ks[6] = {0, 0, 2, 3, 1, 1};
    const int64_t rep[6] = {0, 3, 2, 3, 1, 3};
    const int de[6] = {0, 2, 0, 1, 0, 0};
    const int rank[6] = {0, 2, 4, 1, 5, 3};
    for (int id = 1; id <= 5; id++) {
        assert_int_equal(val(&t, &s, id, 0), pts[id]);
        assert_int_equal(val(&t, &s, id, 1), de[id]);
        assert_int_equal(val(&t, &s, id, 2), bh[id]);
        assert_int_equal(val(&t, &s, id, 3), bhc1[id]);
        assert_int_equal(val(&t, &s, id, 4), sb[id]);
        assert_int_equal(val(&t, &s, id, 5), ps[id]);
        assert_int_equal(val(&t, &s, id, 6), win[id]);
        assert_int_equal(val(&t, &s, id, 7), won[id]);
        assert_int_equal(val(&t, &s, id, 8), 1); /* one black game each */
        assert_int_equal(val(&t, &s, id, 9), 0);
        assert_int_equal(val(&t, &s, id, 10), aro[id]);
        assert_int_equal(val(&t, &s, id, 11), aroc1[id]);
        assert_int_equal(val(&t, &s, id, 12), tpr[id]);
        assert_int_equal(val(&t, &s, id, 13), ks[id]);
        assert_int_equal(val(&t, &s, id, 14), rep[id]);
        assert_int_equal(rank_of(&t, &s, id), rank[id]);
    }
    assert_int_equal(t.players[s.order[0]].id, 3);
    assert_int_equal(t.players[s.order[4]].id, 4);
    sw_standings_free(&s);

    /* 2026 rules: 1's forfeit win counts the lower of its score (2.0) and
     * the opponent's (1.0): 1.5 + 2 + 1 */
    list_ok("BH", &l);
    assert_int_equal(
        sw_standings_compute(&t, &l, &(sw_tb_options){SW_TB_RULES_2026, 0, 0}, &s, &err), SW_OK);
    assert_int_equal(val(&t, &s, 1, 1), 9);
    assert_int_equal(val(&t, &s, 4, 1), 8);
    /* 1 and 3 now tie on points and Buchholz: a shared rank, start number
     * order */
    assert_int_equal(rank_of(&t, &s, 1), 1);
    assert_int_equal(rank_of(&t, &s, 3), 1);
    assert_int_equal(t.players[s.order[0]].id, 1);
    sw_standings_free(&s);

    /* points alone: 1 and 3 share rank 1, 2 and 4 rank 4 */
    list_ok("PTS", &l);
    assert_int_equal(sw_standings_compute(&t, &l, NULL, &s, &err), SW_OK);
    const int shared[6] = {0, 1, 4, 1, 4, 3};
    for (int id = 1; id <= 5; id++)
        assert_int_equal(rank_of(&t, &s, id), shared[id]);
    sw_standings_free(&s);
    sw_swiss_trf_free(&t);
}

static void test_lists(void **state) {
    (void)state;
    sw_tb_list l;
    sw_error err;
    list_ok("bh/c1, BH#M1 sb!C2 ks/l60", &l);
    assert_int_equal(l.n, 5);
    assert_int_equal(l.tb[0].kind, SW_TB_PTS); /* put first */
    char name[32];
    const char *want[] = {"PTS", "BH/C1", "BH/M1", "SB/C2", "KS/L60"};
    for (int k = 0; k < 5; k++) {
        sw_tb_name(&l.tb[k], name, sizeof name);
        assert_string_equal(name, want[k]);
    }
    assert_int_equal(l.tb[2].cut_low, 1);
    assert_int_equal(l.tb[2].cut_high, 1);
    list_ok("PTS GE", &l); /* PTS given: not doubled; GE is REP */
    assert_int_equal(l.n, 2);
    assert_int_equal(l.tb[1].kind, SW_TB_REP);
    assert_int_equal(sw_tb_parse_list("BH XYZ", "--tiebreaks", &l, &err), SW_ERR_PARSE);
    assert_non_null(strstr(err.msg, "unknown tie-break 'XYZ'"));
    assert_int_equal(sw_tb_parse_list("DE/C1", "--tiebreaks", &l, &err), SW_ERR_PARSE);
    assert_non_null(strstr(err.msg, "modifier 'C1' of DE"));
    assert_int_equal(sw_tb_parse_list("BH/C", "--tiebreaks", &l, &err), SW_ERR_PARSE);
    assert_int_equal(sw_tb_parse_list("PS/M1", "--tiebreaks", &l, &err), SW_ERR_PARSE);

    /* the record's lines: 212 is the whole order, 202 follows points */
    char p1[128], rec[512];
    snprintf(p1, sizeof p1, "001 %4d      %-33s %4d %-26s %4s %4d\n", 1, "A", 2000, "", "0.0", 1);
    snprintf(rec, sizeof rec, "012 x\n042 28.02.2026\n212 BH SB\n202 DE\n%s", p1);
    sw_swiss_trf t;
    assert_int_equal(sw_swiss_trf_parse(rec, strlen(rec), "mem", &t, &err), SW_OK);
    bool found = false;
    assert_int_equal(sw_tb_from_record(&t, &l, &found, &err), SW_OK);
    assert_true(found);
    assert_int_equal(l.n, 2);
    assert_int_equal(l.tb[0].kind, SW_TB_BH);
    assert_int_equal(sw_tb_record_rules(&t), SW_TB_RULES_2024);
    sw_swiss_trf_free(&t);
    snprintf(rec, sizeof rec, "012 x\n042 2026/03/01\n202 DE, BH/C1\n%s", p1);
    assert_int_equal(sw_swiss_trf_parse(rec, strlen(rec), "mem", &t, &err), SW_OK);
    assert_int_equal(sw_tb_from_record(&t, &l, &found, &err), SW_OK);
    assert_int_equal(l.n, 3);
    assert_int_equal(l.tb[0].kind, SW_TB_PTS);
    assert_int_equal(l.tb[2].cut_low, 1);
    assert_int_equal(sw_tb_record_rules(&t), SW_TB_RULES_2026);
    sw_swiss_trf_free(&t);
    snprintf(rec, sizeof rec, "012 x\n202 BH/Q\n%s", p1);
    assert_int_equal(sw_swiss_trf_parse(rec, strlen(rec), "mem", &t, &err), SW_OK);
    assert_int_equal(sw_tb_from_record(&t, &l, &found, &err), SW_ERR_PARSE);
    assert_false(found);
    assert_non_null(strstr(err.msg, "202 line: modifier 'Q' of BH"));
    assert_string_equal(err.file, "mem");
    assert_int_equal(err.line, 2);
    assert_int_equal(sw_tb_record_rules(&t), SW_TB_RULES_2026); /* no date */
    sw_swiss_trf_free(&t);
}

static void test_format(void **state) {
    (void)state;
    char b[32];
    sw_tb_format(SW_TB_BH, 37, b, sizeof b);
    assert_string_equal(b, "18.5");
    sw_tb_format(SW_TB_SB, 37, b, sizeof b);
    assert_string_equal(b, "9.25");
    sw_tb_format(SW_TB_AOB, 2133, b, sizeof b);
    assert_string_equal(b, "21.33");
    sw_tb_format(SW_TB_TPR, 2206, b, sizeof b);
    assert_string_equal(b, "2206");
    sw_tb_format(SW_TB_PTS, -3, b, sizeof b);
    assert_string_equal(b, "-1.5");
    sw_tb_format(SW_TB_ARO, SW_TB_NONE, b, sizeof b);
    assert_string_equal(b, "-");
}

/* A decimal as written by TieBreakServer ("18.0", "9.50", "2206") times
 * scale; fails unless it is a whole number of 1/scale. */
static int64_t scaled(const char *s, int scale) {
    int64_t ip = 0, frac = 0, den = 1;
    int neg = *s == '-' ? (s++, 1) : 0;
    for (; *s >= '0' && *s <= '9'; s++)
        ip = ip * 10 + (*s - '0');
    if (*s == '.')
        for (s++; *s >= '0' && *s <= '9'; s++)
            frac = frac * 10 + (*s - '0'), den *= 10;
    int64_t num = (ip * den + frac) * scale;
    if (num % den)
        fail_msg("value %s is not a multiple of 1/%d", s, scale);
    return (neg ? -1 : 1) * num / den;
}

/* One file of tests/data/tiebreak/expected: sections "record PATH",
 * "rules R", "unrated U", "tiebreaks LIST", then "player ID RANK V..." */
static void check_values(const char *file, long *values, long *records) {
    char *text;
    size_t len;
    sw_error err;
    if (sw_file_read(file, &text, &len, &err))
        fail_msg("%s: %s", file, err.msg);
    char *save = NULL, rec[512] = "", list[512] = "";
    int rules = 0, unrated = 0, after = 0;
    sw_swiss_trf t;
    sw_standings s;
    bool open = false;
    for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        if (!strncmp(line, "record ", 7)) {
            snprintf(rec, sizeof rec, "%s/%s", SW_SOURCE_DIR, line + 7);
        } else if (!strncmp(line, "rules ", 6)) {
            rules = atoi(line + 6);
        } else if (!strncmp(line, "unrated ", 8)) {
            unrated = atoi(line + 8);
        } else if (!strncmp(line, "after ", 6)) {
            after = atoi(line + 6);
        } else if (!strncmp(line, "tiebreaks ", 10)) {
            if (open) {
                sw_standings_free(&s);
                sw_swiss_trf_free(&t);
            }
            snprintf(list, sizeof list, "%s", line + 10);
            read_ok(rec, &t);
            sw_tb_list l;
            list_ok(list, &l);
            if (sw_standings_compute(&t, &l, &(sw_tb_options){(sw_tb_rules)rules, unrated, after},
                                     &s, &err))
                fail_msg("%s: %s", rec, err.msg);
            open = true;
            ++*records;
        } else if (!strncmp(line, "player ", 7) && open) {
            char *p = line + 7, *end;
            int id = (int)strtol(p, &end, 10);
            int rank = (int)strtol(end, &p, 10);
            if (id < 1 || id > t.max_id || t.index_of_id[id] < 0)
                fail_msg("%s: no player %d", rec, id);
            if (rank_of(&t, &s, id) != rank)
                fail_msg("%s [%s]: player %d rank %d, TieBreakServer %d", rec, list, id,
                         rank_of(&t, &s, id), rank);
            for (int k = 0; k < s.list.n; k++) {
                while (*p == ' ')
                    p++;
                char word[32];
                size_t n = strcspn(p, " ");
                snprintf(word, sizeof word, "%.*s", (int)n, p);
                p += n;
                sw_tb_kind kind = s.list.tb[k].kind;
                int64_t want = !strcmp(word, "-") ? SW_TB_NONE : scaled(word, sw_tb_scale(kind));
                if (val(&t, &s, id, k) != want) {
                    char mine[32], nm[32];
                    sw_tb_format(kind, val(&t, &s, id, k), mine, sizeof mine);
                    sw_tb_name(&s.list.tb[k], nm, sizeof nm);
                    fail_msg("%s: player %d %s = %s, TieBreakServer %s", rec, id, nm, mine, word);
                }
                ++*values;
            }
        }
    }
    if (open) {
        sw_standings_free(&s);
        sw_swiss_trf_free(&t);
    }
    free(text);
}

static void test_tiebreakserver_values(void **state) {
    (void)state;
    long values = 0, records = 0;
    check_values(TB_DATA "expected/dutch.txt", &values, &records);
    long dutch = records;
    check_values(TB_DATA "expected/dutch-big.txt", &values, &records);
    check_values(TB_DATA "expected/records.txt", &values, &records);
    /* every record of data/dutch in both lists and after its middle round,
     * and the others (with a list for unrated players where they have some) */
    assert_int_equal(dutch, 3 * 183);
    assert_true(records > 3 * (183 + 4 + 13));
    assert_true(values > 350000);
}

static void test_cli(void **state) {
    (void)state;
    char *dir = tmpdir_make("tiebreak");
    shell("%s swiss standings %shand5.trf --tiebreaks 'DE BH' -o %s/t.txt --csv %s/t.csv "
          "--json %s/t.json --html %s/t.html",
          SW_BINARY, TB_DATA, dir, dir, dir, dir);
    dir_file_has(dir, "t.csv",
                 "rank,id,name,rating,PTS,DE,BH\n"
                 "1,3,\"Charlie, C\",1800,2.0,1,4.5\n"
                 "2,1,\"Alpha, A\",2000,2.0,2,5.5\n");
    dir_file_has(dir, "t.json",
                 "\"rules\": 2024, \"rounds\": 3, \"tiebreaks\": [\"PTS\", \"DE\", \"BH\"]");
    dir_file_has(dir, "t.json",
                 "{\"rank\": 5, \"id\": 4, \"name\": \"Delta, D\", \"rating\": 1700, \"values\": "
                 "[1.0, 0, 4.0]}");
    dir_file_has(dir, "t.html", "<th class=\"n\">BH</th>");
    dir_file_has(dir, "t.html", "Charlie, C");
    /* the event's name and date head the text, the JSON and the page */
    dir_file_has(dir, "t.txt", "Tie-break hand example, 2025-01-01\nStandings after round 3");
    dir_file_has(dir, "t.json",
                 "{\"event\": {\n    \"name\": \"Tie-break hand example\",\n"
                 "    \"city\": null,\n    \"start\": \"2025-01-01\"");
    dir_file_has(dir, "t.html", "<p class=\"meta\"><b>Tie-break hand example, 2025-01-01</b>");
    /* a shared rank is marked on each of its players, the first included */
    shell("%s swiss standings %shand5.trf --tiebreaks PTS -o %s/pts.txt", SW_BINARY, TB_DATA, dir);
    dir_file_has(dir, "pts.txt",
                 "   =1  1 Alpha, A      2000  2.0\n"
                 "   =1  3 Charlie, C    1800  2.0\n"
                 "    3  5 Echo, E       1600  1.5\n"
                 "   =4  2 Bravo, B      1900  1.0\n"
                 "   =4  4 Delta, D      1700  1.0\n");
    /* a record's unreadable 202/212 line: its file and line; refused by
     * standings (exit 3), a warning on the pairing page, which then ranks
     * by points */
    shell("sed '2a 202 BH/C1 XX SB' %shand5.trf > %s/b202.trf", TB_DATA, dir);
    shell("%s swiss standings %s/b202.trf 2>&1 | grep -q 'b202.trf:3: 202 line: unknown "
          "tie-break .XX.'",
          SW_BINARY, dir);
    assert_int_equal(shell_status("%s swiss standings %s/b202.trf 2>/dev/null", SW_BINARY, dir), 3);
    shell("%s swiss pair %s/b202.trf -o /dev/null --html %s/b.html 2>&1 | grep -q "
          "'b202.trf:3: warning: 202 line: unknown tie-break .XX. .*rank by points'",
          SW_BINARY, dir, dir);
    shell("sed '2a 212 PTS BH#M1 DE' %shand5.trf > %s/g212.trf", TB_DATA, dir);
    shell("%s swiss standings %s/g212.trf 2>&1 | grep -q 'rank  player        rating  PTS  "
          "BH/M1  DE$'",
          SW_BINARY, dir);
    /* bad list: usage error, nothing written */
    assert_int_equal(shell_status("%s swiss standings %shand5.trf --tiebreaks 'BH/Z' --csv "
                                  "%s/bad.csv 2>/dev/null",
                                  SW_BINARY, TB_DATA, dir),
                     2);
    assert_null(dir_file_text(dir, "bad.csv"));
    assert_int_equal(shell_status("%s swiss standings %s/none.trf 2>/dev/null", SW_BINARY, dir), 5);
    assert_int_equal(
        shell_status("%s swiss standings %shand5.trf --rules 2025 2>/dev/null", SW_BINARY, TB_DATA),
        2);
    assert_int_equal(shell_status("%s swiss standings %shand5.trf --after-round 4 2>/dev/null",
                                  SW_BINARY, TB_DATA),
                     2); /* the record has 3 rounds */
    shell("%s swiss standings %shand5.trf --after-round 1 --tiebreaks BH --csv %s/r1.csv "
          "-o /dev/null",
          SW_BINARY, TB_DATA, dir);
    /* after round 1: 1 beat 2 (Buchholz 0), 5 had the bye (its own score,
     * 1.0, in Buchholz) */
    dir_file_has(dir, "r1.csv", "1,5,\"Echo, E\",1600,1.0,1.0\n2,1,\"Alpha, A\",2000,1.0,0.0\n");
    /* the pairing page's standings: the default tie-breaks with values */
    shell("%s swiss pair %s/dutch/gen001-25p6r.trf -o /dev/null --html %s/pair.html", SW_BINARY,
          SW_DATA_DIR, dir);
    dir_file_has(dir, "pair.html",
                 "<th class=\"n\">points</th><th class=\"n\">BH/C1</th><th class=\"n\">BH</th><th "
                 "class=\"n\">SB</th><th class=\"n\">DE</th>");
    /* 2 and 3 have 5 points; 2 is first by BH/C1 (21.5 against 21.0) */
    dir_file_has(dir, "pair.html",
                 "<tr><td class=\"n\">1</td><td><span class=\"num\">2</span> Test0002 "
                 "Player0002</td><td class=\"n\">2650</td><td class=\"n\">5</td><td "
                 "class=\"n\">21.5</td>");
    tmpdir_remove(dir);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hand_computed), cmocka_unit_test(test_lists),
        cmocka_unit_test(test_format),        cmocka_unit_test(test_tiebreakserver_values),
        cmocka_unit_test(test_cli),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
