/* tests/test_history.c: history in the season (issue 15, item 1). A season
 * with a history equals the same season with that history as played
 * sessions (every entry of M and C, the rests, every criterion exactly);
 * bad history files are refused naming the file, line and field; the
 * pricer covers meetings beyond the season's rounds; the optimizer's result
 * on a season with history equals a full recomputation.
 * SPDX-License-Identifier: MIT */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "support.h"
#include "support_movement.h"

#include "matrix/criteria.h"
#include "matrix/matrix.h"
#include "report/report.h"
#include "search/engine.h"
#include "search/method.h"
#include "search/price.h"
#include "search/search.h"
#include "season/season.h"
#include "util/rng.h"
#include "util/strbuf.h"

#define MOVEMENT "7ronden/10p7rTeamH.txt"

static void read_season_ok(const char *path, sw_season *s) {
    sw_error err;
    if (sw_season_read(path, sw_matrix_played_history, s, &err) != SW_OK)
        fail_msg("%s:%d: %s", err.file, err.line, err.msg);
}

static sw_season uniform(const sw_movement *m, int n, int sessions) {
    sw_participant part[32];
    for (int i = 0; i < n; i++)
        part[i] = (sw_participant){
            .id = 3 * i + 2, .rests = i % 3, .name = "p"}; /* ids are not indices */
    sw_season s;
    sw_error err;
    assert_int_equal(sw_season_uniform(m, "m.asc", part, n, sessions, &s, &err), SW_OK);
    return s;
}

/* Random absentees (1 or 2 of the n = P + 1) and a random seating in every
 * session: phantoms make board sets play at fewer tables, so C has thirds
 * and halves. */
static void randomize(sw_season *s, sw_rng *rng) {
    for (int k = 0; k < s->nsessions; k++) {
        sw_session *ss = &s->sessions[k];
        int P = s->movements[ss->movement].positions;
        for (int i = 0; i < s->n; i++)
            ss->present[i] = true;
        int absent = 1 + (int)sw_rng_bounded(rng, 2);
        for (int a = 0; a < absent;) {
            int i = (int)sw_rng_bounded(rng, (uint32_t)s->n);
            if (ss->present[i]) {
                ss->present[i] = false;
                a++;
            }
        }
        int pos[32];
        for (int p = 0; p < P; p++)
            pos[p] = p + 1;
        for (int p = P - 1; p > 0; p--) {
            int j = (int)sw_rng_bounded(rng, (uint32_t)p + 1), t = pos[p];
            pos[p] = pos[j];
            pos[j] = t;
        }
        memset(ss->assign, 0, sizeof(int) * ((size_t)P + 1));
        int x = 0;
        for (int i = 0; i < s->n; i++)
            if (ss->present[i])
                ss->assign[pos[x++]] = i + 1;
    }
}

/* Six pairs at three two-seat tables over two rounds: six_seat[round][table]
 * holds the two positions; the three tables of a round play three board sets. */
static const int six_seat[2][3][2] = {{{1, 2}, {3, 4}, {5, 6}}, {{1, 4}, {3, 6}, {5, 2}}};

static void six_pair_movement(sw_movement *m) {
    sw_error err;
    assert_int_equal(sw_movement_init(m, 6, 3, 2, 3, 2, &err), SW_OK);
    for (int r = 0; r < 2; r++)
        for (int t = 0; t < 3; t++)
            m->table[r * 3 + t] =
                (sw_table){{six_seat[r][t][0], six_seat[r][t][1], 0, 0}, 1 + (t + 2 * r) % 3};
    assert_int_equal(sw_movement_validate(m, "t", &err), SW_OK);
}

/* One step of Heap's algorithm over the n entries of perm (c its counters
 * and *x its place, all 0 at the start); false once every order is made. */
static bool heap_step(int *perm, int *c, int n, int *x) {
    if (c[*x] < *x) {
        int y = *x % 2 == 0 ? 0 : c[*x], tmp = perm[y];
        perm[y] = perm[*x];
        perm[*x] = tmp;
        c[*x]++;
        *x = 0;
    } else {
        c[(*x)++] = 0;
    }
    return *x < n;
}

/* Four pairs (pairs: the pairs file's text) in one round at two tables,
 * 1-2 with board set 1 and 3-4 with board set `sets` (1 or 2). */
static void two_table_season(const char *pairs, int sets, sw_season *s) {
    sw_movement m;
    sw_error err;
    assert_int_equal(sw_movement_init(&m, 4, 2, 1, sets, 2, &err), SW_OK);
    m.table[0] = (sw_table){{1, 2, 0, 0}, 1};
    m.table[1] = (sw_table){{3, 4, 0, 0}, sets};
    assert_int_equal(sw_movement_validate(&m, "t", &err), SW_OK);
    sw_participant *part;
    int n;
    assert_int_equal(sw_parenfile_parse(pairs, strlen(pairs), "p.pairs", &part, &n, &err), SW_OK);
    assert_int_equal(sw_season_uniform(&m, "m.asc", part, n, 1, s, &err), SW_OK);
    sw_participants_free(part, n);
    sw_movement_free(&m);
}

static void copy_session(sw_season *dst, int kd, const sw_season *src, int ks) {
    int P = src->movements[src->sessions[ks].movement].positions;
    memcpy(dst->sessions[kd].present, src->sessions[ks].present, (size_t)src->n * sizeof(bool));
    memcpy(dst->sessions[kd].assign, src->sessions[ks].assign, ((size_t)P + 1) * sizeof(int));
    dst->sessions[kd].played = src->sessions[ks].played;
}

/* The history CSV of a state's M and C (C as fractions over its scale),
 * leaving out the participant with id skip. */
static void history_csv_but(const sw_matrix *mx, int skip, sw_strbuf *out) {
    sw_strbuf_puts(out, "# from played sessions\nfirst,second,meetings,comparisons\n");
    const sw_season *s = mx->season;
    for (int i = 0; i < s->n; i++)
        for (int j = i + 1; j < s->n; j++) {
            if (s->part[i].id == skip || s->part[j].id == skip)
                continue;
            int m = sw_matrix_meet(mx, i, j);
            int64_t c = sw_matrix_comp(mx, i, j);
            if (m == 0 && c == 0)
                continue;
            /* both orders of the ids, both forms of a whole C */
            int a = (i + j) % 2 ? i : j, b = a == i ? j : i;
            if (c % mx->scale == 0 && c == (int64_t)m * mx->scale && (i + j) % 3 == 0)
                sw_strbuf_printf(out, "%d, %d, %d\n", s->part[a].id, s->part[b].id, m);
            else if (c % mx->scale == 0)
                sw_strbuf_printf(out, "%d,%d,%d,%lld\n", s->part[a].id, s->part[b].id, m,
                                 (long long)(c / mx->scale));
            else
                sw_strbuf_printf(out, "%d,%d,%d,%lld/%lld\n", s->part[a].id, s->part[b].id, m,
                                 (long long)c, (long long)mx->scale);
        }
}

static void history_csv(const sw_matrix *mx, sw_strbuf *out) {
    history_csv_but(mx, -1, out);
}

static void assert_i256_eq(sw_i256 a, sw_i256 b) {
    assert_int_equal(sw_i256_cmp(a, b), 0);
}

static sw_i256 pow4(int64_t v) {
    sw_i256 x = sw_i256_from_i64(v), x2 = sw_i256_mul(x, x);
    return sw_i256_mul(x2, x2);
}

/* Every entry and criterion of a equals b's (C compared as rationals: the
 * two may have different scales L). */
static void assert_same_state(const sw_matrix *a, const sw_matrix *b) {
    assert_int_equal(a->n, b->n);
    for (int i = 0; i < a->n; i++) {
        assert_int_equal(a->rests[i], b->rests[i]);
        for (int j = 0; j < a->n; j++) {
            assert_int_equal(sw_matrix_meet(a, i, j), sw_matrix_meet(b, i, j));
            assert_true((__int128)sw_matrix_comp(a, i, j) * b->scale ==
                        (__int128)sw_matrix_comp(b, i, j) * a->scale);
        }
    }
    sw_criteria ca, cb;
    sw_criteria_compute(a, &ca);
    sw_criteria_compute(b, &cb);
    assert_i256_eq(ca.so, cb.so);
    assert_i256_eq(ca.sr, cb.sr);
    assert_i256_eq(ca.sp2, cb.sp2);
    assert_i256_eq(ca.sosr, cb.sosr);
    assert_i256_eq(ca.so_bound, cb.so_bound);
    /* sc = (D L)^4 Sc: equal once each is brought to the other's L */
    assert_i256_eq(sw_i256_mul(ca.sc, pow4(b->scale)), sw_i256_mul(cb.sc, pow4(a->scale)));
    assert_int_equal(ca.meetings, cb.meetings);
    assert_true(ca.So == cb.So && ca.Sr == cb.Sr && ca.Sp == cb.Sp && ca.Qo == cb.Qo);
    assert_true(ca.So_bound == cb.So_bound && ca.g == cb.g);
    assert_float_equal(ca.Sc, cb.Sc, 1e-9 * (1 + ca.Sc));
    assert_float_equal(ca.Qc, cb.Qc, 1e-9);
    assert_float_equal(ca.gc, cb.gc, 1e-12);
}

/* The season `full` (nh played sessions, then the rest) and the same rest
 * with those nh sessions given as a history CSV and their rests carried
 * over in the pairs file. */
static void split_season(const sw_season *full, int nh, sw_season *rest) {
    const sw_movement *m = &full->movements[0];
    sw_season hs = uniform(m, full->n, nh);
    for (int k = 0; k < nh; k++)
        copy_session(&hs, k, full, k);
    sw_matrix hm;
    sw_error err;
    assert_int_equal(sw_matrix_init(&hm, &hs, &err), SW_OK);
    *rest = uniform(m, full->n, full->nsessions - nh);
    for (int k = nh; k < full->nsessions; k++)
        copy_session(rest, k - nh, full, k);
    for (int i = 0; i < full->n; i++)
        rest->part[i].rests = hm.rests[i]; /* carried: before plus the history's sit-outs */
    sw_strbuf csv;
    sw_strbuf_init(&csv);
    history_csv(&hm, &csv);
    assert_false(csv.failed);
    if (sw_history_parse(sw_strbuf_cstr(&csv), csv.len, "h.csv", rest, &err) != SW_OK)
        fail_msg("%s:%d: %s\n%s", err.file, err.line, err.msg, sw_strbuf_cstr(&csv));
    assert_int_equal(sw_season_validate(rest, "rest", &err), SW_OK);
    sw_strbuf_free(&csv);
    sw_matrix_free(&hm);
    sw_season_free(&hs);
}

static void test_history_equals_played_sessions(void **state) {
    (void)state;
    sw_movement m;
    read_movement(MOVEMENT, &m);
    sw_rng rng;
    int fractions = 0;
    for (int trial = 0; trial < 12; trial++) {
        sw_rng_seed(&rng, 15, (uint64_t)trial);
        int nh = 1 + trial % 4, nr = 1 + trial % 3;
        sw_season full = uniform(&m, m.positions + 1, nh + nr);
        randomize(&full, &rng);
        for (int k = 0; k < nh + (trial % 2); k++)
            full.sessions[k].played = true;
        sw_season rest;
        split_season(&full, nh, &rest);
        fractions += rest.history.scale > 1;
        sw_matrix a, b;
        sw_error err;
        assert_int_equal(sw_matrix_init(&a, &full, &err), SW_OK);
        assert_int_equal(sw_matrix_init(&b, &rest, &err), SW_OK);
        assert_same_state(&a, &b);
        /* exchanges in the planned sessions keep the two equal */
        for (int t = 0; t < 40; t++) {
            int k = (int)sw_rng_bounded(&rng, (uint32_t)nr);
            int p = 1 + (int)sw_rng_bounded(&rng, (uint32_t)m.positions);
            int q = 1 + (int)sw_rng_bounded(&rng, (uint32_t)m.positions);
            sw_matrix_exchange(&a, nh + k, p, q);
            sw_matrix_exchange(&b, k, p, q);
        }
        assert_same_state(&a, &b);
        sw_matrix_rebuild(&b);
        assert_same_state(&a, &b);
        sw_matrix_free(&a);
        sw_matrix_free(&b);
        sw_season_free(&rest);
        sw_season_free(&full);
    }
    assert_true(fractions > 0); /* some histories had C in fractions */
    sw_movement_free(&m);
}

static void expect_history_error(const char *text, int line, const char *needle) {
    sw_movement m;
    read_movement(MOVEMENT, &m);
    sw_season s = uniform(&m, 4, 1); /* ids 2, 5, 8, 11 */
    sw_movement_free(&m);
    sw_error err;
    sw_error_clear(&err);
    assert_int_not_equal(sw_history_parse(text, strlen(text), "bad.csv", &s, &err), SW_OK);
    assert_string_equal(err.file, "bad.csv");
    if (err.line != line || !strstr(err.msg, needle))
        fail_msg("for \"%s\": got line %d '%s', want line %d '%s'", text, err.line, err.msg, line,
                 needle);
    sw_season_free(&s);
}

static void test_bad_history(void **state) {
    (void)state;
    expect_history_error("2,5,x\n", 1, "field 3 (meetings) 'x' is not a number of meetings");
    expect_history_error("2,5,-1\n", 1, "field 3 (meetings) '-1'");
    expect_history_error("# c\n\n2,5,100001\n", 3, "field 3 (meetings) '100001'");
    expect_history_error("2,5,1\n5,7,1\n", 2,
                         "field 2 (second participant): participant 7 is "
                         "not in the pairs file");
    expect_history_error("2,5,1\nq,5,1\n", 2, "field 1 (first participant) 'q'");
    expect_history_error("5,5,1\n", 1, "field 2 (second participant): participant 5 twice");
    expect_history_error("2,5\n", 1, "2 fields, expected 3 or 4");
    expect_history_error("2,5,1,2,3\n", 1, "5 fields, expected 3 or 4");
    expect_history_error("2,5,1,abc\n", 1, "field 4 (comparisons) 'abc' is not a number");
    expect_history_error("2,5,1,1/0\n", 1, "field 4 (comparisons) '1/0'");
    expect_history_error("2,5,1,0.1234567\n", 1, "field 4 (comparisons) '0.1234567'");
    expect_history_error("2,5,1,1/2000000\n", 1,
                         "field 4 (comparisons) '1/2000000' is out of "
                         "range");
    expect_history_error("2,5,1\n8,11,2\n5,2,3\n", 3,
                         "participants 5 and 2 already listed on "
                         "line 1");
    /* a header only as the first line */
    expect_history_error("2,5,1\nfirst,second,meetings\n", 2, "field 1 (first participant)");
    /* denominators whose lcm leaves the exact range */
    expect_history_error("2,5,1,1/999983\n8,11,1,1/999979\n", 2, "common multiple");
    /* a quote left open, text after a closing quote, a quoted blank */
    expect_history_error("2,5,1\n8,11,\"2\n", 2,
                         "field 3 (column 6): the quote is not closed on its line");
    expect_history_error("2,\"5\"x,1\n", 1, "field 2 (column 6): text after the closing quote");
    expect_history_error("2,\" 5\",1\n", 1, "field 2 (second participant) ' 5'");
}

/* Quoted fields (util/csv.h) read as the same values unquoted, with CRLF
 * line ends and a '#' inside quotes kept as text (here in the header). */
static void test_quoted_history(void **state) {
    (void)state;
    sw_movement m;
    read_movement(MOVEMENT, &m);
    sw_season plain = uniform(&m, 4, 1), quoted = uniform(&m, 4, 1);
    sw_movement_free(&m);
    const char *a = "i,j,meetings,comparisons\n2,5,3\n8,2,1,-0.25\n5,8,0,+4/3\n11,8,2,2.5\n";
    const char *b = "\"i\",\"j #\",\"meetings\",\"comparisons\" # header\r\n"
                    "\"2\", 5 ,\"3\"\r\n"
                    "8,\"2\",1,\"-0.25\"  # \"note\r\n"
                    "\"5\",\"8\",\"0\",\"+4/3\"\r\n"
                    "11 , \"8\" , 2 , \"2.5\"\r\n";
    sw_error err;
    assert_int_equal(sw_history_parse(a, strlen(a), "a.csv", &plain, &err), SW_OK);
    if (sw_history_parse(b, strlen(b), "b.csv", &quoted, &err) != SW_OK)
        fail_msg("%s:%d: %s", err.file, err.line, err.msg);
    const sw_history *x = &plain.history, *y = &quoted.history;
    assert_int_equal(x->scale, 12);
    assert_int_equal(y->scale, x->scale);
    assert_int_equal(y->unit, x->unit);
    size_t nn = (size_t)plain.n * (size_t)plain.n;
    assert_memory_equal(y->meet, x->meet, nn * sizeof *x->meet);
    assert_memory_equal(y->comp, x->comp, nn * sizeof *x->comp);
    assert_int_equal(y->meet[0 * plain.n + 1], 3);
    sw_season_free(&plain);
    sw_season_free(&quoted);
}

static void test_history_values(void **state) {
    (void)state;
    sw_movement m;
    read_movement(MOVEMENT, &m);
    sw_season s = uniform(&m, 4, 1);
    sw_movement_free(&m);
    const char *text = "i,j,meetings,comparisons  # header\n"
                       "2,5,3\n"
                       "8,2,1,-0.25\n"
                       "5,8,0,+4/3\n"
                       "11,8,2,2.5\n";
    sw_error err;
    assert_int_equal(sw_history_parse(text, strlen(text), "h.csv", &s, &err), SW_OK);
    const sw_history *h = &s.history;
    assert_int_equal(h->scale, 12);
    int n = s.n;
    assert_int_equal(h->meet[0 * n + 1], 3);
    assert_int_equal(h->meet[1 * n + 0], 3);
    assert_int_equal(h->comp[0 * n + 1], 36); /* C = meetings by default */
    assert_int_equal(h->comp[2 * n + 0], -3);
    assert_int_equal(h->comp[1 * n + 2], 16);
    assert_int_equal(h->comp[3 * n + 2], 30);
    assert_int_equal(h->meet[3 * n + 2], 2);
    assert_int_equal(sw_history_max_meetings(&s), 3);
    /* a second file adds to the first */
    const char *more = "5,2,1,1/5\n";
    assert_int_equal(sw_history_parse(more, strlen(more), "h2.csv", &s, &err), SW_OK);
    assert_int_equal(h->scale, 60);
    assert_int_equal(h->meet[0 * n + 1], 4);
    assert_int_equal(h->comp[0 * n + 1], 3 * 60 + 12);
    assert_int_equal(h->comp[3 * n + 2], 150);
    /* the matrices start from it: L takes in the history's 60, and M and C
     * are the session's plus the history's */
    sw_matrix mx, plain;
    assert_int_equal(sw_matrix_init(&mx, &s, &err), SW_OK);
    assert_int_equal(mx.scale % 60, 0);
    sw_history saved = s.history;
    memset(&s.history, 0, sizeof s.history);
    assert_int_equal(sw_matrix_init(&plain, &s, &err), SW_OK);
    s.history = saved;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            if (i == j)
                continue;
            assert_int_equal(sw_matrix_meet(&mx, i, j),
                             sw_matrix_meet(&plain, i, j) + h->meet[i * n + j]);
            /* with / L == plain / L0 + history / 60 */
            assert_true((__int128)sw_matrix_comp(&mx, i, j) * plain.scale * 60 ==
                        (__int128)sw_matrix_comp(&plain, i, j) * mx.scale * 60 +
                            (__int128)h->comp[i * n + j] * mx.scale * plain.scale);
        }
    sw_matrix_free(&plain);
    sw_matrix_free(&mx);
    sw_season_free(&s);
}

/* dir/x.season naming the pairs and history (texts) beside the four-pair
 * movement, absent 5. */
static void four_pair_files(const char *dir, const char *pairs, const char *history) {
    dir_file_write(dir, "club.pairs", pairs);
    dir_file_write(dir, "h.csv", history);
    shell("cp '%s/season/four.asc' '%s/four.asc'", SW_TEST_DATA, dir);
    dir_file_write(dir, "x.season",
                   "pairs club.pairs\nhistory h.csv\nsession four.asc\nabsent 5\n");
}

/* The season file's 'history' line: read relative to the season, kept by
 * sw_season_write and sw_season_copy; errors in it name the history file
 * and its line, a missing one the season line that names it. */
static void test_season_file_history(void **state) {
    (void)state;
    char *dir = tmpdir_make("history"), path[512], season[512];
    four_pair_files(dir, "1 0 a\n2 0 b\n3 1 c\n4 0 d\n5 0 e\n", "1,2,3\n3,4,1,1/2\n");
    snprintf(path, sizeof path, "%s/h.csv", dir);
    snprintf(season, sizeof season, "%s/x.season", dir);
    sw_season s, c;
    sw_error err;
    read_season_ok(season, &s);
    assert_int_equal(s.history.nfiles, 1);
    assert_string_equal(s.history.files[0], "h.csv");
    assert_int_equal(s.history.meet[0 * 5 + 1], 3);
    assert_int_equal(s.history.comp[2 * 5 + 3], 1);
    assert_int_equal(s.history.scale, 2);
    assert_int_equal(sw_season_copy(&c, &s, &err), SW_OK);
    assert_memory_equal(c.history.meet, s.history.meet, 25 * sizeof(int32_t));
    assert_memory_equal(c.history.comp, s.history.comp, 25 * sizeof(int64_t));
    assert_string_equal(c.history.files[0], "h.csv");
    sw_strbuf out;
    sw_strbuf_init(&out);
    sw_season_write(&c, &out);
    assert_non_null(strstr(sw_strbuf_cstr(&out), "\nhistory h.csv\n"));
    /* written and read back: the same matrices */
    file_write(season, sw_strbuf_cstr(&out));
    sw_season back;
    assert_int_equal(sw_season_read(season, sw_matrix_played_history, &back, &err), SW_OK);
    sw_matrix a, b;
    assert_int_equal(sw_matrix_init(&a, &s, &err), SW_OK);
    assert_int_equal(sw_matrix_init(&b, &back, &err), SW_OK);
    assert_same_state(&a, &b);
    assert_true(sw_matrix_meet(&a, 0, 1) >= 3);
    sw_matrix_free(&a);
    sw_matrix_free(&b);
    sw_season_free(&back);
    sw_strbuf_free(&out);
    sw_season_free(&c);
    sw_season_free(&s);
    /* a bad row: the history file's own name and line */
    file_write(path, "1,2,3\n3,4,one\n");
    file_write(season, "pairs club.pairs\nhistory h.csv\nsession four.asc\nabsent 5\n");
    assert_int_not_equal(sw_season_read(season, sw_matrix_played_history, &s, &err), SW_OK);
    assert_non_null(strstr(err.file, "h.csv"));
    assert_int_equal(err.line, 2);
    assert_non_null(strstr(err.msg, "field 3 (meetings) 'one'"));
    /* a missing file: the season line that names it */
    file_write(season, "pairs club.pairs\n\nhistory none.csv\nsession four.asc\nabsent 5\n");
    assert_int_not_equal(sw_season_read(season, sw_matrix_played_history, &s, &err), SW_OK);
    assert_non_null(strstr(err.msg, "named on line 3 of"));
    /* before the pairs file */
    file_write(season, "history h.csv\npairs club.pairs\nsession four.asc\nabsent 5\n");
    assert_int_not_equal(sw_season_read(season, sw_matrix_played_history, &s, &err), SW_OK);
    assert_int_equal(err.line, 1);
    assert_non_null(strstr(err.msg, "'history' before 'pairs'"));
    tmpdir_remove(dir);
}

/* ---- history from a previous season file or an analyze --json output ---- */

static void write_pairs(const char *dir, const char *name, const sw_season *s, int skip) {
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    for (int i = 0; i < s->n; i++)
        if (s->part[i].id != skip)
            sw_strbuf_printf(&sb, "%d %d pair %d\n", s->part[i].id, s->part[i].rests, i);
    dir_file_write(dir, name, sw_strbuf_cstr(&sb));
    sw_strbuf_free(&sb);
}

/* s as a season file naming pairs and a history line (NULL: none). */
static void write_season(const char *dir, const char *name, sw_season *s, const char *pairs,
                         const char *history) {
    free(s->pairs_file);
    s->pairs_file = strdup(pairs);
    sw_strbuf sb, text;
    sw_strbuf_init(&sb);
    sw_strbuf_init(&text);
    sw_season_write(s, &sb);
    const char *w = sw_strbuf_cstr(&sb), *nl = strchr(strstr(w, "\npairs ") + 1, '\n');
    sw_strbuf_printf(&text, "%.*s", (int)(nl + 1 - w), w);
    if (history)
        sw_strbuf_printf(&text, "history %s\n", history);
    sw_strbuf_puts(&text, nl + 1);
    dir_file_write(dir, name, sw_strbuf_cstr(&text));
    sw_strbuf_free(&sb);
    sw_strbuf_free(&text);
}

static void write_json(const char *dir, const char *name, const sw_matrix *mx) {
    sw_criteria c;
    sw_criteria_compute(mx, &c);
    sw_report r = {.title = name, .season = mx->season, .mx = mx, .crit = &c};
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    sw_report_json(&r, &sb);
    dir_file_write(dir, name, sw_strbuf_cstr(&sb));
    sw_strbuf_free(&sb);
}

static void read_state(const char *dir, const char *name, sw_season *s, sw_matrix *mx) {
    char path[600];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    read_season_ok(path, s);
    sw_error err;
    assert_int_equal(sw_matrix_init(mx, s, &err), SW_OK);
}

/* The previous season prev as a season file naming the history h (NULL:
 * none), its matrices hm as an analyze --json output and as a history CSV
 * without participant skip; then cur with each of the three as its history
 * (a.season, b.season, c.season), read back into s[] and mx[]. */
static void previous_three_ways(const char *dir, sw_season *prev, const char *h,
                                const sw_matrix *hm, int skip, sw_season *cur, sw_season s[3],
                                sw_matrix mx[3]) {
    write_pairs(dir, "prev.pairs", prev, -1);
    write_pairs(dir, "cur.pairs", cur, -1);
    write_season(dir, "prev.season", prev, "prev.pairs", h);
    write_json(dir, "prev.json", hm);
    sw_strbuf csv;
    sw_strbuf_init(&csv);
    history_csv_but(hm, skip, &csv);
    dir_file_write(dir, "prev.csv", sw_strbuf_cstr(&csv));
    sw_strbuf_free(&csv);
    static const char *const name[3][2] = {
        {"a.season", "prev.season"}, {"b.season", "prev.json"}, {"c.season", "prev.csv"}};
    for (int x = 0; x < 3; x++) {
        write_season(dir, name[x][0], cur, "cur.pairs", name[x][1]);
        read_state(dir, name[x][0], &s[x], &mx[x]);
    }
}

static void free_three(sw_season s[3], sw_matrix mx[3]) {
    for (int x = 0; x < 3; x++) {
        sw_matrix_free(&mx[x]);
        sw_season_free(&s[x]);
    }
}

/* A new temporary directory holding MOVEMENT as m.asc (the caller removes it). */
static char *temp_dir_with_movement(void) {
    char *dir = tmpdir_make("prev");
    shell("cp '%s/%s' '%s/m.asc'", SW_MOVEMENTS_DIR, MOVEMENT, dir);
    return dir;
}

/* A season whose history is a previous season file, that season's analyze
 * --json output, or the CSV of its M and C, equals the season with the
 * previous season's played sessions played in it (its own history h0 too):
 * every matrix entry and criterion. The previous season's unplayed session
 * does not count. */
/* ---- a history per player (playerhistory.c) ---- */

/* Five pairs; player 101 plays in pairs 1 and 4, pair 5 names no players,
 * player 105 carries 3 rests. */
static const char player_pairs[] = "1 0 P1\nplayer 101 0 a\nplayer 102 0 b\n"
                                   "2 0 P2\nplayer 103 0 c\nplayer 104 0 d\n"
                                   "3 0 P3\nplayer 105 3 e\nplayer 106 0 f\n"
                                   "4 0 P4\nplayer 101 0 a\nplayer 107 0 g\n"
                                   "5 0 P5\n";

/* Worked by hand, pairs P1 = {101, 102}, P2 = {103, 104}, P3 = {105, 106},
 * P4 = {101, 107}; S is the sum of the four players' meetings, M = S/4
 * and C = (sum of comparisons)/4, both exactly:
 *   P1-P2: 2 + 2 + 1.5 + 1/2 = 6        M 3/2,  C 3/2
 *   P1-P3: 105-101 1 + 106-102 1/3      M 1/3,  C 1/3
 *   P1-P4: 102-101 4 (101 and 102 are partners in P1, opponents as P4-P1;
 *          101-101 is nobody)           M 1,    C 1
 *   P2-P4: 103-101 2 + 103-107 3 (C 2.5) + 104-101 1.5
 *                                       M 6.5/4 = 13/8, C 6/4 = 3/2
 *   P3-P4: 105-101 1                    M 1/4,  C 1/4
 * M's unit is lcm(2, 3, 8, 4) = 24: 36, 8, 24, 39, 6 twenty-fourths, 113 in all.
 * Player 999 is in no pair: its row is left out. */
static const char player_csv[] = "# the club's export\n"
                                 "Player1, PLAYER2, meetings, comparisons\n"
                                 "101,103,2\n"
                                 "102,104,2\n"
                                 "104,101,1.5\n"
                                 "102,103,1/2\n"
                                 "105,101,1\n"
                                 "\n"
                                 "106,102,1/3\n"
                                 "107,103,3,2.5\n"
                                 "101,102,4\n"
                                 "999,103,5\n";

/* The same comparisons as a history per pair (whose meetings are whole). */
static const char pair_csv[] = "first,second,meetings,comparisons\n"
                               "1,2,2,3/2\n1,3,0,1/3\n1,4,1\n2,4,2,3/2\n3,4,0,1/4\n";

static void player_season(const char *dir, const char *history, sw_season *s) {
    four_pair_files(dir, player_pairs, history);
    char path[600];
    snprintf(path, sizeof path, "%s/x.season", dir);
    read_season_ok(path, s);
}

static void test_player_history_values(void **state) {
    (void)state;
    char *dir = tmpdir_make("players");
    sw_season s, byp, c;
    player_season(dir, player_csv, &s);
    const sw_history *h = &s.history;
    const int n = 5;
    assert_int_equal(s.part[2].rests, 1); /* (3 + 0) / 2 = 1.5 */
    assert_int_equal(s.part[2].rests_half, 1);
    assert_int_equal(h->scale, 12);
    assert_int_equal(h->unit, 24);
    const int meet[5][5] = {
        {0, 36, 8, 24, 0}, {36, 0, 0, 39, 0}, {8, 0, 0, 6, 0}, {24, 39, 6, 0, 0}, {0, 0, 0, 0, 0}};
    const int comp[5][5] = {
        {0, 18, 4, 12, 0}, {18, 0, 0, 18, 0}, {4, 0, 0, 3, 0}, {12, 18, 3, 0, 0}, {0, 0, 0, 0, 0}};
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            assert_int_equal(h->meet[i * n + j], meet[i][j]);
            assert_int_equal(h->comp[i * n + j], comp[i][j]);
        }
    assert_int_equal(h->player_rows, 8);
    assert_int_equal(h->player_rows_left_out, 1);
    /* C exactly the history per pair of the hand-computed values */
    player_season(dir, pair_csv, &byp);
    assert_int_equal(byp.history.scale, h->scale);
    assert_int_equal(byp.history.unit, 1);
    assert_memory_equal(byp.history.comp, h->comp, 25 * sizeof(int64_t));
    assert_int_equal(byp.history.player_rows, 0);
    sw_error err;
    /* kept by a copy; the report says what was mapped */
    assert_int_equal(sw_season_copy(&c, &s, &err), SW_OK);
    assert_int_equal(c.history.unit, 24);
    assert_memory_equal(c.history.meet, h->meet, 25 * sizeof(int32_t));
    assert_int_equal(c.history.nplayers_left_out, 1);
    assert_int_equal(c.history.players_left_out[0], 999);
    assert_int_equal(c.part[0].player[1].id, 102);
    sw_matrix mx;
    assert_int_equal(sw_matrix_init(&mx, &c, &err), SW_OK);
    assert_int_equal(mx.scale % 12, 0);
    sw_criteria cr;
    sw_criteria_compute(&mx, &cr);
    sw_report r = {.title = "x", .season = &c, .mx = &mx, .crit = &cr};
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    sw_report_text(&r, &sb);
    if (!strstr(sw_strbuf_cstr(&sb), "history: 113/24 meetings of 5 pairs before the season") ||
        !strstr(sw_strbuf_cstr(&sb), "history per player: 8 rows mapped onto the pairs exactly "
                                     "(4 pairs met a fraction of a meeting); 1 row left out, "
                                     "of 1 player in no pair: 999\n") ||
        strstr(sw_strbuf_cstr(&sb), "rounded") || !strstr(sw_strbuf_cstr(&sb), "  1.5 "))
        fail_msg("%s", sw_strbuf_cstr(&sb));
    sw_strbuf_free(&sb);
    sw_matrix_free(&mx);
    sw_season_free(&c);
    sw_season_free(&byp);
    /* a header that is not player1,player2 keeps the CSV per pair */
    sw_season_free(&s);
    player_season(dir, "player,partner,meetings\n1,2,3\n", &s);
    assert_int_equal(s.history.meet[0 * n + 1], 3);
    assert_int_equal(s.history.player_rows, 0);
    sw_season_free(&s);
    tmpdir_remove(dir);
}

/* A history per player with quoted fields, its header too (the file's kind
 * is told from the header's fields as read), is the same history. */
static void test_quoted_player_history(void **state) {
    (void)state;
    char dir[] = "/tmp/sw_players_XXXXXX";
    assert_non_null(mkdtemp(dir));
    static const char quoted[] = "# the club's export, quoted\r\n"
                                 "\"Player1\",\"PLAYER2\",\"meetings\",comparisons\r\n"
                                 "\"101\",\"103\",\"2\"\r\n"
                                 "102, \"104\" ,2\r\n"
                                 "104,101,\"1.5\" # \"a, note\r\n"
                                 "102,103,\"1/2\"\r\n"
                                 "105,101,1\r\n"
                                 "106,102,1/3\r\n"
                                 "\"107\",103,3,\"2.5\"\r\n"
                                 "101,102,4\r\n"
                                 "999,103,5\r\n";
    sw_season s, q;
    player_season(dir, player_csv, &s);
    player_season(dir, quoted, &q);
    assert_int_equal(q.history.unit, 24);
    assert_int_equal(q.history.scale, s.history.scale);
    assert_memory_equal(q.history.meet, s.history.meet, 25 * sizeof(int32_t));
    assert_memory_equal(q.history.comp, s.history.comp, 25 * sizeof(int64_t));
    assert_int_equal(q.history.player_rows, 8);
    assert_int_equal(q.history.player_rows_left_out, 1);
    sw_season_free(&s);
    sw_season_free(&q);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -r '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

static void expect_player_error(const char *pairs, const char *text, int line, const char *needle) {
    sw_participant *part;
    int n;
    sw_error err;
    assert_int_equal(sw_parenfile_parse(pairs, strlen(pairs), "p.pairs", &part, &n, &err), SW_OK);
    sw_season s;
    memset(&s, 0, sizeof s);
    s.part = part;
    s.n = n;
    sw_error_clear(&err);
    assert_int_not_equal(sw_history_parse_players(text, strlen(text), "bad.csv", &s, &err), SW_OK);
    assert_string_equal(err.file, "bad.csv");
    if (err.line != line || !strstr(err.msg, needle))
        fail_msg("for \"%s\": got line %d '%s', want line %d '%s'", text, err.line, err.msg, line,
                 needle);
    sw_season_free(&s);
}

static void test_bad_player_history(void **state) {
    (void)state;
    const char *P = player_pairs, *H = "player1,player2,meetings\n";
    char t[256];
#define BAD(rows, line, needle)                                                                    \
    do {                                                                                           \
        snprintf(t, sizeof t, "%s%s", H, rows);                                                    \
        expect_player_error(P, t, line, needle);                                                   \
    } while (0)
    BAD("101,x,1\n", 2, "field 2 (second player) 'x' is not a player number");
    BAD("101,103,1\n0,103,1\n", 3, "field 1 (first player) '0' is not a player number");
    BAD("1234567890,103,1\n", 2, "field 1 (first player) '1234567890'");
    BAD("103,103,1\n", 2, "field 2 (second player): player 103 twice");
    BAD("101,103,1\n\n103,101,2\n", 4, "players 103 and 101 already listed on line 2");
    BAD("101,103,-1\n", 2, "field 3 (meetings) '-1' is not a number of meetings");
    BAD("101,103,7,5\n102,104,x\n", 3, "field 3 (meetings) 'x'");
    BAD("101,103,100000.5\n", 2, "field 3 (meetings) '100000.5'");
    BAD("101,103,1/0\n", 2, "field 3 (meetings) '1/0'");
    BAD("101,103,0.1234567\n", 2, "field 3 (meetings) '0.1234567'");
    BAD("101,103,1,abc\n", 2, "field 4 (comparisons) 'abc' is not a number of comparisons");
    BAD("101,103,1,-200001\n", 2, "field 4 (comparisons) '-200001'");
    BAD("101,103,1,200000.5\n", 2, "field 4 (comparisons) '200000.5'");
    BAD("101,103\n", 2, "2 fields, expected 3 or 4: player1,player2");
    BAD("101,103,1,2,3\n", 2, "5 fields, expected 3 or 4");
    BAD("101,103,1\n101,\"104,1\n", 3, "field 2 (column 5): the quote is not closed");
    BAD("101,103,1,1/999983\n102,104,1,1/999979\n", 3, "common multiple above 67108864");
    /* the meetings' unit is held to SW_HISTORY_MAX_UNIT: denominators to 5000 */
    BAD("101,103,1/999983\n", 2,
        "meetings) '1/999983': the denominators of the history's "
        "meetings have a common multiple above 5000");
    /* a bad number on a row of a left-out player is still an error */
    BAD("999,103,x\n", 2, "field 3 (meetings) 'x'");
#undef BAD
    expect_player_error("1 0 a\n2 0 b\n", "player1,player2,meetings\n1,2,3\n", 0,
                        "needs the pairs' players");
}

/* Histories per player add up exactly, in the unit their fractions need:
 * two halves make one meeting, a quarter more makes 5/4. */
static void test_player_histories_add_exactly(void **state) {
    (void)state;
    sw_season s;
    memset(&s, 0, sizeof s);
    sw_error err;
    assert_int_equal(
        sw_parenfile_parse(player_pairs, strlen(player_pairs), "p.pairs", &s.part, &s.n, &err),
        SW_OK);
    const char *half = "player1,player2,meetings\n101,103,2\n"; /* P1-P2 and P4-P2: 2/4 */
    const char *one = "player1,player2,meetings\n103,101,1\n";
    const int n = 5, p12 = 0 * n + 1, p42 = 3 * n + 1;
    const sw_history *h = &s.history;
    assert_int_equal(sw_history_parse_players(half, strlen(half), "a.csv", &s, &err), SW_OK);
    assert_int_equal(h->unit, 2);
    assert_int_equal(h->meet[p12], 1); /* 1/2 */
    assert_int_equal(h->meet[p42], 1);
    assert_int_equal(sw_history_parse_players(half, strlen(half), "b.csv", &s, &err), SW_OK);
    assert_int_equal(h->meet[p12], 2); /* 1/2 + 1/2 = 1 */
    assert_int_equal(h->meet[2 * n + 1], 0);
    assert_int_equal(h->comp[p42], h->scale);
    assert_int_equal(sw_history_parse_players(one, strlen(one), "c.csv", &s, &err), SW_OK);
    assert_int_equal(h->unit, 4);
    assert_int_equal(h->meet[p12], 5); /* 1 + 1/4 = 5/4 */
    assert_int_equal(h->meet[1 * n + 0], 5);
    assert_int_equal(h->meet[p42], 5);
    assert_int_equal(h->comp[p12] * 4, 5 * h->scale);
    assert_int_equal(h->player_rows, 3);
    /* a history per pair adds its whole meetings in the same unit */
    const char *pairs = "1,2,2\n";
    assert_int_equal(sw_history_parse(pairs, strlen(pairs), "d.csv", &s, &err), SW_OK);
    assert_int_equal(h->meet[p12], 13); /* 13/4 */
    assert_int_equal(sw_history_parse_players(one, strlen(one), "e.csv", &s, &err), SW_OK);
    assert_int_equal(h->meet[p12], 14); /* 2 + 1 + 1/4 + 1/4 = 7/2 */
    assert_int_equal(h->unit, 4);
    /* a unit beyond SW_HISTORY_MAX_UNIT is refused, naming the file and line */
    const char *fine = "player1,player2,meetings\n101,103,1/4999\n102,104,1/4993\n";
    sw_error_clear(&err);
    assert_int_not_equal(sw_history_parse_players(fine, strlen(fine), "f.csv", &s, &err), SW_OK);
    assert_string_equal(err.file, "f.csv");
    assert_int_equal(err.line, 3);
    assert_non_null(strstr(err.msg, "field 3 (meetings) '1/4993'"));
    assert_non_null(strstr(err.msg, "common multiple above 5000"));
    sw_season_free(&s);
}

/* examples/players: the club's export (halves, members who left) mapped
 * onto 36 pairs in three lines, checked against the definition computed
 * here in doubles (the values are halves: exact) from the players' table. */
static void test_player_history_example(void **state) {
    (void)state;
    sw_season s;
    sw_error err;
    read_season_ok(SW_SOURCE_DIR "/examples/players/club.season", &s);
    enum { MAXP = 200 };
    int ids[MAXP], np = 0;
    for (int i = 0; i < s.n; i++)
        for (int k = 0; k < 2; k++) {
            int id = s.part[i].player[k].id, x = 0;
            assert_int_not_equal(id, 0);
            while (x < np && ids[x] != id)
                x++;
            if (x == np)
                ids[np++] = id;
        }
    static double m[MAXP][MAXP];
    memset(m, 0, sizeof m);
    FILE *f = fopen(SW_SOURCE_DIR "/examples/players/club.history", "r");
    assert_non_null(f);
    char line[256];
    int rows = 0, left = 0, halves = 0, gone[MAXP], nleft = 0;
    while (fgets(line, sizeof line, f)) {
        int a, b;
        double v;
        if (sscanf(line, "%d,%d,%lf", &a, &b, &v) != 3)
            continue;
        int x = 0, y = 0;
        while (x < np && ids[x] != a)
            x++;
        while (y < np && ids[y] != b)
            y++;
        if (x == np || y == np) {
            left++;
            for (int k = 0; k < 2; k++) {
                int id = k ? b : a, z = 0, known = k ? y < np : x < np;
                while (!known && z < nleft && gone[z] != id)
                    z++;
                if (!known && z == nleft)
                    gone[nleft++] = id;
            }
            continue;
        }
        rows++;
        halves += v != (double)(long)v;
        m[x][y] = m[y][x] = v;
    }
    fclose(f);
    assert_true(halves > 100); /* the case of issue 27: not whole per pair */
    const sw_history *h = &s.history;
    assert_int_equal(h->player_rows, rows);
    assert_int_equal(h->player_rows_left_out, left);
    assert_int_equal(h->nplayers_left_out, nleft); /* the six members who left */
    assert_int_equal(nleft, 6);
    for (int z = 0; z < nleft; z++) {
        int k = 0;
        while (k < nleft && h->players_left_out[k] != gone[z])
            k++;
        assert_true(k < nleft);
    }
    for (int k = 1; k < nleft; k++)
        assert_true(h->players_left_out[k - 1] < h->players_left_out[k]);
    int fractional = 0;
    for (int i = 0; i < s.n; i++)
        for (int j = 0; j < s.n; j++) {
            double S = 0;
            for (int k = 0; i != j && k < 2; k++)
                for (int l = 0; l < 2; l++) {
                    int x = 0, y = 0;
                    while (ids[x] != s.part[i].player[k].id)
                        x++;
                    while (ids[y] != s.part[j].player[l].id)
                        y++;
                    S += m[x][y];
                }
            size_t e = (size_t)i * (size_t)s.n + (size_t)j;
            assert_true((double)h->meet[e] == S / 4 * (double)h->unit);
            assert_true((double)h->comp[e] == S / 4 * (double)h->scale);
            fractional += i < j && S / 4 != floor(S / 4);
        }
    assert_true(fractional > 100);
    assert_int_equal(h->unit, 8); /* halves over 4: eighths */
    sw_matrix mx;
    assert_int_equal(sw_matrix_init(&mx, &s, &err), SW_OK);
    /* the report prints the fractions: in M, and in the totals (the
     * rematches: meetings beyond each pair's first, 0.25 having met) */
    long double beyond = 0;
    for (int i = 0; i < s.n; i++)
        for (int j = i + 1; j < s.n; j++)
            beyond += sw_matrix_meet(&mx, i, j) > 8 ? (sw_matrix_meet(&mx, i, j) - 8) / 8.0L : 0;
    assert_true(beyond != floorl(beyond));
    sw_criteria cr;
    sw_criteria_compute(&mx, &cr);
    sw_report r = {.title = "players", .season = &s, .mx = &mx, .crit = &cr};
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    sw_report_text(&r, &sb);
    char want[80], num[32];
    snprintf(num, sizeof num, "%.10Lg", beyond);
    snprintf(want, sizeof want, " %10s\n", num);
    const char *t = strstr(sw_strbuf_cstr(&sb), "    rematches");
    if (!t || !strstr(t, want) || strstr(t, want) > strchr(t, '\n') ||
        !strstr(sw_strbuf_cstr(&sb), " 7.5 ") || !strstr(sw_strbuf_cstr(&sb), "2.625") ||
        !strstr(sw_strbuf_cstr(&sb), "rows mapped onto the pairs exactly ("))
        fail_msg("rematches %s: %s", num, t ? t : sw_strbuf_cstr(&sb));
    sw_strbuf_free(&sb);
    sw_strbuf_init(&sb);
    sw_report_json(&r, &sb);
    assert_non_null(strstr(sw_strbuf_cstr(&sb), "\"meetings_unit\": 8, "));
    sw_strbuf_free(&sb);
    sw_matrix_free(&mx);
    /* the season named as a previous season's history (none of its
     * sessions played): its history per player, in eighths, as it is */
    char *dir = tmpdir_make("prevplayers"), path[600], text[1400];
    snprintf(path, sizeof path, "%s/next.season", dir);
    snprintf(text, sizeof text,
             "pairs %s/examples/players/club.pairs\nhistory %s/examples/players/club.season\n"
             "session %s/examples/players/16p7rTeamS.asc\nabsent 17-36\n",
             SW_SOURCE_DIR, SW_SOURCE_DIR, SW_SOURCE_DIR);
    file_write(path, text);
    sw_season next;
    read_season_ok(path, &next);
    assert_int_equal(next.history.unit, 8);
    assert_int_equal(next.n, s.n);
    assert_memory_equal(next.history.meet, h->meet, (size_t)s.n * (size_t)s.n * sizeof(int32_t));
    sw_season_free(&next);
    tmpdir_remove(dir);
    sw_season_free(&s);
}

/* Four pairs with players, one round at two tables: 1-2 and 3-4, one
 * board set (the movement of test_matrix's hand-computed case), and the
 * history per player "101,103,2": P1 = {101, 102} and P2 = {103, 104} met
 * 2/4 = 1/2, so M's unit is 2. By hand, over the 6 pairs (1-2, 1-3, 1-4,
 * 2-3, 2-4, 3-4) M = 3/2, 0, 0, 0, 0, 1: T = 5/2, g = 5/12, and
 *   So = (13/12)^4 + (7/12)^4 + 4 (5/12)^4 = (28561 + 2401 + 2500) / 20736
 *      = 33462 / 20736 = 1.61372...
 * with so = (D U)^4 So = 12^4 So = 33462 exactly. Rounded half up (M 1-2
 * = 2, T = 3, g = 1/2) it was So = 1.5^4 + 0.5^4 + 4 0.5^4 = 5.375. */
static void test_player_history_exact_so(void **state) {
    (void)state;
    static const char pairs[] = "1 0 P1\nplayer 101 0 a\nplayer 102 0 b\n"
                                "2 0 P2\nplayer 103 0 c\nplayer 104 0 d\n"
                                "3 0 P3\nplayer 105 0 e\nplayer 106 0 f\n"
                                "4 0 P4\nplayer 107 0 g\nplayer 108 0 h\n";
    sw_error err;
    sw_season s;
    two_table_season(pairs, 1, &s);
    for (int p = 1; p <= 4; p++)
        s.sessions[0].assign[p] = p;
    const char *h = "player1,player2,meetings\n101,103,2\n";
    assert_int_equal(sw_history_parse_players(h, strlen(h), "h.csv", &s, &err), SW_OK);
    assert_int_equal(s.history.unit, 2);
    sw_matrix mx;
    assert_int_equal(sw_matrix_init(&mx, &s, &err), SW_OK);
    assert_int_equal(mx.unit, 2);
    assert_int_equal(sw_matrix_meet(&mx, 0, 1), 3); /* 3/2 */
    assert_int_equal(sw_matrix_meet(&mx, 2, 3), 2); /* 1 */
    sw_criteria c;
    sw_criteria_compute(&mx, &c);
    assert_i256_eq(c.so, sw_i256_from_i64(33462));
    assert_true(fabs(c.So - 33462.0 / 20736.0) < 1e-12);
    assert_true(fabs(c.So - 5.375) > 3); /* the rounded value */
    assert_int_equal(c.meetings, 5);     /* 5/2 */
    assert_true(fabs(c.g - 2.5 / 6) < 1e-12);
    /* the figures: 1-2 had met (1/2), so of tonight's two meetings one is
     * a first; in total 2 pairs have met 5/2 times, 1/2 beyond firsts */
    sw_meeting_figures pl, all;
    assert_int_equal(sw_criteria_figures(&mx, &pl, &all), 0);
    assert_int_equal(pl.unit, 2);
    assert_int_equal(pl.meetings, 4);
    assert_int_equal(pl.first, 2);
    assert_int_equal(pl.rematches, 2);
    assert_int_equal(pl.most, 2);
    assert_int_equal(all.meetings, 5);
    assert_int_equal(all.first, 4);
    assert_int_equal(all.rematches, 1);
    assert_int_equal(all.most, 3);
    long long rep;
    int free_rounds;
    assert_int_equal(sw_criteria_repeats(&mx, &rep, &free_rounds), 0);
    assert_int_equal(rep, 1); /* 3/2 - 1 = 1/2 */
    assert_int_equal(free_rounds, 0);
    int hist[3];
    sw_criteria_histogram(&mx, 0, hist, 2);
    assert_int_equal(hist[0], 2);
    assert_int_equal(hist[1], 0);
    assert_int_equal(hist[2], 1); /* 3/2 at the next whole number */
    char buf[48];
    sw_meet_format(buf, sizeof buf, 3, 2);
    assert_string_equal(buf, "1.5");
    sw_meet_format(buf, sizeof buf, 21, 8);
    assert_string_equal(buf, "2.625");
    sw_meet_format(buf, sizeof buf, 1, 40);
    assert_string_equal(buf, "0.025");
    sw_meet_format(buf, sizeof buf, 44, 6);
    assert_string_equal(buf, "22/3");
    sw_meet_format(buf, sizeof buf, 12, 4);
    assert_string_equal(buf, "3");
    sw_meet_format(buf, sizeof buf, -3, 4);
    assert_string_equal(buf, "-0.75");
    /* the largest: 100500 meetings and 1/16384 (14 decimals) */
    sw_meet_format(buf, sizeof buf, INT64_C(100500) * 16384 + 1, 16384);
    assert_string_equal(buf, "100500.00006103515625");
    /* the text and JSON reports print M exactly; the JSON reads back as a
     * history with the same unit and values */
    sw_report r = {.title = "x", .season = &s, .mx = &mx, .crit = &c};
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    sw_report_text(&r, &sb);
    const char *t = sw_strbuf_cstr(&sb);
    char most[80];
    snprintf(most, sizeof most, "    %-20s %10s %10s\n", "most for one pair", "1", "1.5");
    if (!strstr(t, "history: 0.5 meetings of 1 pairs") || !strstr(t, "same 2.5 meetings") ||
        !strstr(t, most) || !strstr(t, "     1   * 1.5   0   0\n"))
        fail_msg("%s", strstr(t, "meeting figures") ? strstr(t, "meeting figures") : t);
    sw_strbuf_free(&sb);
    sw_strbuf_init(&sb);
    sw_report_json(&r, &sb);
    t = sw_strbuf_cstr(&sb);
    if (!strstr(t, "\"meetings_unit\": 2, \"meetings\": [\n  [0,1.5,0,0]") ||
        !strstr(t, "\"most\": 1.5}") || !strstr(t, "\"meetings\": 2.5, \"repeats\": 0.5"))
        fail_msg("%s", t);
    sw_season back;
    assert_int_equal(sw_season_copy(&back, &s, &err), SW_OK);
    sw_history_free(&back.history);
    assert_int_equal(sw_history_parse_json(sb.data, sb.len, "a.json", &back, &err), SW_OK);
    assert_int_equal(back.history.unit, 2);
    assert_int_equal(back.history.meet[0 * 4 + 1], 3);
    assert_int_equal(back.history.meet[2 * 4 + 3], 2);
    sw_strbuf_free(&sb);
    sw_season_free(&back);
    sw_matrix_free(&mx);
    sw_season_free(&s);
}

/* Six pairs, one session of three two-seat tables over two rounds, a
 * history of quarters (M's unit 4): every one of the 720 seatings priced
 * from the definition in exact integers, with the history as it is and
 * rounded half up. Rounding changes which seating is best for some
 * histories; the matrix's so is the exact one for every seating, and the
 * search finds the exact optimum. */
static void test_fraction_changes_best(void **state) {
    (void)state;
    sw_movement m;
    sw_error err;
    six_pair_movement(&m);
    enum { N = 6, D = 15, U = 4 };
    sw_rng rng;
    int flips = 0, searched = 0;
    for (int trial = 0; trial < 40; trial++) {
        sw_rng_seed(&rng, 27, (uint64_t)trial);
        sw_season s = uniform(&m, N, 1);
        for (int i = 0; i < N; i++)
            s.part[i].rests = 0;
        s.history.meet = calloc(N * N, sizeof *s.history.meet);
        s.history.comp = calloc(N * N, sizeof *s.history.comp);
        assert_true(s.history.meet && s.history.comp);
        s.history.unit = U;
        s.history.scale = 1;
        for (int i = 0; i < N; i++)
            for (int j = i + 1; j < N; j++) {
                int v = (int)sw_rng_bounded(&rng, 3 * U); /* 0 .. 2.75 */
                s.history.meet[i * N + j] = s.history.meet[j * N + i] = v;
            }
        sw_matrix mx;
        assert_int_equal(sw_matrix_init(&mx, &s, &err), SW_OK);
        int perm[N] = {1, 2, 3, 4, 5, 6};
        int64_t best = -1, best_rounded = -1, exact_of_rounded = -1;
        /* Heap's algorithm over the seatings */
        int c[N] = {0};
        int x = 0;
        do {
            for (int p = 0; p < N; p++)
                mx.assign[0][p + 1] = perm[p];
            sw_matrix_rebuild(&mx);
            int64_t M[D], R[D], T = 0, TR = 0, so = 0, sor = 0;
            int e = 0;
            for (int i = 0; i < N; i++)
                for (int j = i + 1; j < N; j++, e++) {
                    int h = s.history.meet[i * N + j], met = 0, pi = mx.pos[0][i],
                        pj = mx.pos[0][j];
                    for (int r = 0; r < 2; r++)
                        for (int t = 0; t < 3; t++)
                            met += (six_seat[r][t][0] == pi && six_seat[r][t][1] == pj) ||
                                   (six_seat[r][t][0] == pj && six_seat[r][t][1] == pi);
                    M[e] = h + U * met;
                    R[e] = (2 * h + U) / (2 * U) + met; /* rounded half up */
                    T += M[e];
                    TR += R[e];
                }
            for (e = 0; e < D; e++) {
                int64_t d = D * M[e] - T, dr = D * R[e] - TR;
                so += d * d * d * d;
                sor += dr * dr * dr * dr;
            }
            int64_t key;
            assert_true(sw_i256_to_i64(sw_criteria_so(&mx), &key));
            assert_int_equal(key, so);
            if (best < 0 || so < best)
                best = so;
            if (best_rounded < 0 || sor < best_rounded ||
                (sor == best_rounded && so > exact_of_rounded)) {
                best_rounded = sor;
                exact_of_rounded = so; /* the worst exact value among the rounded best */
            }
        } while (heap_step(perm, c, N, &x));
        sw_matrix_free(&mx);
        if (exact_of_rounded > best && searched < 3) {
            sw_search_opts o = {.seed = 1, .restarts = 4, .threads = 1};
            sw_search_result res;
            assert_int_equal(sw_search_run(&s, &o, &res, &err), SW_OK);
            int64_t got;
            assert_true(sw_i256_to_i64(res.after.so, &got));
            assert_int_equal(got, best);
            searched++;
        }
        flips += exact_of_rounded > best;
        sw_season_free(&s);
    }
    if (getenv("SW_SHOW_FLIPS"))
        fprintf(stderr, "rounding changed the best seating for %d of 40 histories\n", flips);
    assert_true(flips > 0);
    assert_int_equal(searched, flips < 3 ? flips : 3);
    sw_movement_free(&m);
}

/* Carried rests from the players are exact: four pairs, pair 1's players
 * carry 0 and 1 (0.5), pair 3's 1 and 2 (1.5); one round at two tables,
 * pair 4 absent, so pair 3 sits at the table that does not play and
 * rests once more. r = (0.5, 0, 2.5, 0), mean 0.75: Sr = 0.25^4 + 0.75^4
 * + 1.75^4 + 0.75^4 = 10.015625, (N V)^4 Sr = 8^4 Sr = 41024 (the rests
 * rounded half up, (1, 0, 3, 0), would give 18). The reports print the
 * halves, the JSON with its rests_unit, and the JSON reads back as a
 * season with the same rests. */
static void test_player_rests_exact_sr(void **state) {
    (void)state;
    static const char pairs[] = "1 0 P1\nplayer 101 0 a\nplayer 102 1 b\n"
                                "2 0 P2\nplayer 103 0 c\nplayer 104 0 d\n"
                                "3 0 P3\nplayer 105 1 e\nplayer 106 2 f\n"
                                "4 0 P4\nplayer 107 0 g\nplayer 108 0 h\n";
    sw_error err;
    sw_season s;
    two_table_season(pairs, 2, &s);
    s.sessions[0].present[3] = false;
    s.sessions[0].assign[4] = 0;
    sw_matrix mx;
    assert_int_equal(sw_matrix_init(&mx, &s, &err), SW_OK);
    assert_int_equal(mx.runit, 2);
    static const int32_t want[4] = {1, 0, 5, 0};
    for (int i = 0; i < 4; i++)
        assert_int_equal(mx.rests[i], want[i]);
    sw_criteria c;
    sw_criteria_compute(&mx, &c);
    assert_i256_eq(c.sr, sw_i256_from_i64(41024));
    assert_true(fabs(c.Sr - 10.015625) < 1e-12);
    assert_true(fabs(c.Sr - 18) > 7); /* the rounded value */
    /* sosr = (D U)^4 (N V)^4 (So + Sr): so times (N V)^4, sr times D^4 */
    sw_i256 nv4 = sw_i256_from_i64(8 * 8 * 8 * 8), d4 = sw_i256_from_i64(6 * 6 * 6 * 6);
    assert_i256_eq(c.sosr, sw_i256_add(sw_i256_mul(c.so, nv4), sw_i256_mul(c.sr, d4)));
    sw_report r = {.title = "x", .season = &s, .mx = &mx, .crit = &c};
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    sw_report_text(&r, &sb);
    const char *t = sw_strbuf_cstr(&sb);
    if (!strstr(t, "  0.5 ") || !strstr(t, "  2.5 ") || strstr(t, "rounded"))
        fail_msg("%s", t);
    sw_strbuf_free(&sb);
    sw_strbuf_init(&sb);
    sw_report_csv(&r, &sb);
    if (!strstr(sw_strbuf_cstr(&sb), "rests,3,,2.5\n"))
        fail_msg("%s", sw_strbuf_cstr(&sb));
    sw_strbuf_free(&sb);
    sw_strbuf_init(&sb);
    sw_report_json(&r, &sb);
    t = sw_strbuf_cstr(&sb);
    if (!strstr(t, "\"rests_before\": 1.5, \"rests\": 2.5}") || !strstr(t, "\"rests_unit\": 2, ") ||
        !strstr(t, "\"rests\": [0.5,0,2.5,0]"))
        fail_msg("%s", t);
    sw_season back;
    assert_int_equal(sw_season_parse_json(sb.data, sb.len, "a.json", &back, &err), SW_OK);
    assert_int_equal(back.part[0].rests, 0);
    assert_int_equal(back.part[0].rests_half, 1);
    assert_int_equal(back.part[2].rests, 1);
    assert_int_equal(back.part[2].rests_half, 1);
    sw_matrix mb;
    assert_int_equal(sw_matrix_init(&mb, &back, &err), SW_OK);
    assert_int_equal(mb.runit, 2);
    assert_i256_eq(sw_criteria_sr(&mb), c.sr);
    sw_matrix_free(&mb);
    sw_season_free(&back);
    /* a rests_before that is no whole number of halves is refused */
    char *bad = strdup(sb.data), *at = strstr(bad, "\"rests_before\": 1.5");
    assert_non_null(at);
    memcpy(at + strlen("\"rests_before\": "), "1.2", 3);
    assert_int_not_equal(sw_season_parse_json(bad, strlen(bad), "b.json", &back, &err), SW_OK);
    assert_non_null(strstr(err.msg, "rests_before 1.2: expected a whole number of halves"));
    sw_season_free(&back);
    free(bad);
    sw_strbuf_free(&sb);
    sw_matrix_free(&mx);
    sw_season_free(&s);
}

/* Six pairs, one of them absent, in one session of three two-seat tables
 * over two rounds: the pair facing the empty position rests. Carried rests
 * from the players in halves, drawn at random. Every one of the 720
 * seatings is priced from the definition (Sr and So over the exact
 * values), against the matrix's keys; the pricer's change of So+Sr on
 * plain swaps is the made one; the rests plan's bound on Sr (every layout
 * counted, in halves) is at most the least Sr, and equal to it for some;
 * and the search ends at the best
 * seating by the final order (Sr, then So). */
static void test_half_rests_brute_force(void **state) {
    (void)state;
    sw_movement m;
    sw_error err;
    six_pair_movement(&m);
    enum { N = 6, D = 15 };
    sw_rng rng;
    int flips = 0, reached = 0;
    for (int trial = 0; trial < 12; trial++) {
        sw_rng_seed(&rng, 31, (uint64_t)trial);
        sw_season s = uniform(&m, N, 1);
        int twice[N]; /* 2 x the carried rests */
        for (int i = 0; i < N; i++) {
            twice[i] = (int)sw_rng_bounded(&rng, 6);
            s.part[i].rests = twice[i] / 2;
            s.part[i].rests_half = twice[i] % 2;
        }
        s.part[0].rests_half = 1; /* at least one half */
        twice[0] |= 1;
        int absent = (int)sw_rng_bounded(&rng, N);
        s.sessions[0].present[absent] = false;
        /* the occupants of positions 1..6: participants, 0 the empty one */
        int perm[N], c[N] = {0};
        for (int i = 0, p = 0; i < N; i++)
            if (i != absent)
                perm[p++] = i + 1;
        perm[N - 1] = 0;
        for (int p = 0; p < N; p++)
            s.sessions[0].assign[p + 1] = perm[p];
        sw_matrix mx;
        assert_int_equal(sw_matrix_init(&mx, &s, &err), SW_OK);
        assert_int_equal(mx.runit, 2);
        sw_pricer pr;
        assert_int_equal(sw_pricer_init(&pr, &mx), 0);
        int64_t best_sr = -1, best_so = -1, rbest_sr = -1, rbest_so = -1, worst_of_rounded = -1;
        int priced = 0;
        int x = 0;
        do {
            for (int p = 0; p < N; p++)
                mx.assign[0][p + 1] = perm[p];
            sw_matrix_rebuild(&mx);
            /* the definition: M at the tables that play, r the carried
             * rests plus the rounds at a table that does not play */
            int64_t M[D], T = 0, rr[N], RR = 0, rnd[N], RND = 0, so = 0, sr = 0, srr = 0;
            int pos[N] = {0};
            for (int p = 0; p < N; p++)
                if (perm[p])
                    pos[perm[p] - 1] = p + 1;
            for (int i = 0; i < N; i++) {
                int rests = 0;
                for (int r = 0; r < 2 && pos[i]; r++)
                    for (int t = 0; t < 3; t++)
                        if (six_seat[r][t][0] == pos[i] || six_seat[r][t][1] == pos[i])
                            rests += !perm[six_seat[r][t][0] - 1] || !perm[six_seat[r][t][1] - 1];
                rr[i] = twice[i] + 2 * rests;        /* in halves */
                rnd[i] = (twice[i] + 1) / 2 + rests; /* rounded half up */
                RR += rr[i];
                RND += rnd[i];
            }
            int e = 0;
            for (int i = 0; i < N; i++)
                for (int j = i + 1; j < N; j++, e++) {
                    M[e] = 0;
                    for (int r = 0; r < 2 && pos[i] && pos[j]; r++)
                        for (int t = 0; t < 3; t++)
                            M[e] += (six_seat[r][t][0] == pos[i] && six_seat[r][t][1] == pos[j]) ||
                                    (six_seat[r][t][0] == pos[j] && six_seat[r][t][1] == pos[i]);
                    T += M[e];
                }
            for (e = 0; e < D; e++) {
                int64_t d = D * M[e] - T;
                so += d * d * d * d;
            }
            for (int i = 0; i < N; i++) {
                int64_t d = N * rr[i] - RR, dn = N * rnd[i] - RND;
                sr += d * d * d * d;
                srr += dn * dn * dn * dn;
            }
            int64_t key;
            assert_true(sw_i256_to_i64(sw_criteria_so(&mx), &key));
            assert_int_equal(key, so);
            assert_true(sw_i256_to_i64(sw_criteria_sr(&mx), &key));
            assert_int_equal(key, sr); /* (N V)^4 Sr with V = 2 */
            if (best_sr < 0 || sr < best_sr || (sr == best_sr && so < best_so)) {
                best_sr = sr;
                best_so = so;
            }
            if (rbest_sr < 0 || srr < rbest_sr || (srr == rbest_sr && so < rbest_so)) {
                rbest_sr = srr;
                rbest_so = so;
                worst_of_rounded = sr;
            } else if (srr == rbest_sr && so == rbest_so && sr > worst_of_rounded) {
                worst_of_rounded = sr;
            }
            /* the pricer on a plain swap that moves a rest */
            int p = 1 + (int)sw_rng_bounded(&rng, N), q = 1 + (int)sw_rng_bounded(&rng, N);
            if (p != q && perm[p - 1] && perm[q - 1] && sw_matrix_tables_ready(&mx, 0) &&
                mx.wr[0][p] != mx.wr[0][q]) {
                assert_true(sw_pricer_sync(&pr, &mx));
                __int128 d;
                assert_true(sw_price_sosr(&pr, &mx, 0, p, q, &d));
                sw_i256 before = sw_criteria_sosr(&mx);
                sw_matrix_exchange(&mx, 0, p, q);
                assert_i256_eq(sw_i256_sub(sw_criteria_sosr(&mx), before), sw_i256_from_i128(d));
                priced++;
            }
        } while (heap_step(perm, c, N, &x));
        assert_true(priced > 20);
        sw_rests_plan pl;
        sw_rests_plan_init(&pl, &mx);
        assert_true(pl.ok && pl.exact);
        int64_t bound = INT64_MAX; /* set below; assert_true is not noreturn to gcc */
        assert_true(sw_i256_to_i64(pl.bound, &bound));
        assert_true(bound <= best_sr);
        reached += bound == best_sr;
        sw_rests_plan_free(&pl);
        sw_pricer_free(&pr);
        sw_matrix_free(&mx);
        flips += worst_of_rounded > best_sr;
        sw_search_opts o = {.seed = 1, .restarts = 4, .threads = 1};
        sw_search_result res;
        assert_int_equal(sw_search_run(&s, &o, &res, &err), SW_OK);
        int64_t got;
        assert_true(sw_i256_to_i64(res.after.sr, &got));
        assert_int_equal(got, best_sr);
        assert_true(sw_i256_to_i64(res.after.so, &got));
        assert_int_equal(got, best_so);
        sw_season_free(&s);
    }
    if (getenv("SW_SHOW_FLIPS"))
        fprintf(stderr, "rounding the rests gave a worse Sr for %d of 12 seasons\n", flips);
    assert_true(flips > 0);
    assert_true(reached > 0); /* the bound is reached for some */
    sw_movement_free(&m);
}

/* A history per pair takes fractions exactly too: its meetings over the
 * history's unit (the lcm of their denominators), the comparisons the
 * meetings unless given; a second file joins the units. */
static void test_pair_history_fractions(void **state) {
    (void)state;
    sw_movement m;
    read_movement(MOVEMENT, &m);
    sw_season s = uniform(&m, 4, 1);
    sw_movement_free(&m);
    const char *text = "2,5,7.5\n8,2,1/3,2\n5,8,2\n";
    sw_error err;
    assert_int_equal(sw_history_parse(text, strlen(text), "h.csv", &s, &err), SW_OK);
    const sw_history *h = &s.history;
    int n = s.n;
    assert_int_equal(h->unit, 6);
    assert_int_equal(h->scale, 2);
    assert_int_equal(h->meet[0 * n + 1], 45); /* 7.5 */
    assert_int_equal(h->meet[2 * n + 0], 2);  /* 1/3 */
    assert_int_equal(h->meet[1 * n + 2], 12); /* 2 */
    assert_int_equal(h->comp[0 * n + 1], 15); /* 7.5: the meetings */
    assert_int_equal(h->comp[0 * n + 2], 4);
    const char *more = "2,5,0.25\n";
    assert_int_equal(sw_history_parse(more, strlen(more), "h2.csv", &s, &err), SW_OK);
    assert_int_equal(h->unit, 12);
    assert_int_equal(h->meet[0 * n + 1], 93); /* 7.75 */
    assert_int_equal(h->meet[0 * n + 2], 4);
    assert_int_equal(h->comp[1 * n + 0], 31); /* 7.75 over 4 */
    assert_int_equal(h->scale, 4);
    sw_matrix mx;
    assert_int_equal(sw_matrix_init(&mx, &s, &err), SW_OK);
    assert_int_equal(mx.unit, 12);
    sw_matrix_free(&mx);
    sw_season_free(&s);
    expect_history_error("2,5,1/20001\n", 1,
                         "field 3 (meetings) '1/20001': the denominators of the history's "
                         "meetings have a common multiple above 20000");
    expect_history_error("2,5,1/200\n8,11,1/201\n", 2, "common multiple above 20000");
    expect_history_error("2,5,100000.5\n", 1, "field 3 (meetings) '100000.5' is not a number");
}

static void test_history_from_previous_season(void **state) {
    (void)state;
    sw_movement m;
    read_movement(MOVEMENT, &m);
    char *dir = temp_dir_with_movement();
    dir_file_write(dir, "h0.csv", "2,5,2,7/3\n8,11,1\n5,14,0,-1/2\n");
    sw_rng rng;
    int fractions = 0;
    for (int trial = 0; trial < 6; trial++) {
        sw_rng_seed(&rng, 1515, (uint64_t)trial);
        int nh = 1 + trial % 3, nr = 1 + trial % 2, n = m.positions + 1;
        sw_season full = uniform(&m, n, nh + nr + 1), prev = uniform(&m, n, nh + 1),
                  played = uniform(&m, n, nh), cur = uniform(&m, n, nr);
        randomize(&full, &rng);
        sw_error err;
        const char *h0 = "2,5,2,7/3\n8,11,1\n5,14,0,-1/2\n";
        assert_int_equal(sw_history_parse(h0, strlen(h0), "h0.csv", &full, &err), SW_OK);
        assert_int_equal(sw_history_parse(h0, strlen(h0), "h0.csv", &played, &err), SW_OK);
        for (int k = 0; k < nh; k++) {
            full.sessions[k].played = true;
            copy_session(&prev, k, &full, k);
            copy_session(&played, k, &full, k);
        }
        copy_session(&prev, nh, &full, nh + nr); /* planned, never played */
        for (int k = 0; k < nr; k++)
            copy_session(&cur, k, &full, nh + k);
        full.nsessions = nh + nr; /* the last one lives in prev only (until freed) */
        sw_matrix hm;
        assert_int_equal(sw_matrix_init(&hm, &played, &err), SW_OK);
        fractions += hm.scale > 1;
        for (int i = 0; i < n; i++) /* sit-outs are carried in the pairs file */
            cur.part[i].rests = hm.rests[i];
        sw_matrix want, mx[3];
        sw_season s3[3];
        previous_three_ways(dir, &prev, "h0.csv", &hm, -1, &cur, s3, mx);
        assert_int_equal(sw_matrix_init(&want, &full, &err), SW_OK);
        for (int x = 0; x < 3; x++)
            assert_same_state(&want, &mx[x]);
        if (trial < 2) { /* end to end: the program's own analyze --json output */
            write_season(dir, "played.season", &played, "prev.pairs", "h0.csv");
            shell("'%s' analyze '%s/played.season' --json -o '%s/cli.json'", SW_BINARY, dir, dir);
            write_season(dir, "d.season", &cur, "cur.pairs", "cli.json");
            sw_season sd;
            sw_matrix d;
            read_state(dir, "d.season", &sd, &d);
            assert_same_state(&want, &d);
            sw_matrix_free(&d);
            sw_season_free(&sd);
        }
        /* the previous season's unplayed session would have counted */
        assert_true(sw_history_max_meetings(&s3[0]) > 0);
        sw_matrix_free(&want);
        sw_matrix_free(&hm);
        free_three(s3, mx);
        full.nsessions = nh + nr + 1;
        sw_season_free(&full);
        sw_season_free(&prev);
        sw_season_free(&played);
        sw_season_free(&cur);
    }
    assert_true(fractions > 0);
    tmpdir_remove(dir);
    sw_movement_free(&m);
}

/* Participants are matched by number: the previous season's participant
 * who left (not in this pairs file) is left out, the same as a CSV without
 * their rows; a newcomer has no history. Both ways round the history is
 * what the previous season's matrices say for the pairs both seasons know. */
static void test_history_leaver_and_newcomer(void **state) {
    (void)state;
    sw_movement m;
    read_movement(MOVEMENT, &m);
    char *dir = temp_dir_with_movement();
    sw_rng rng;
    sw_rng_seed(&rng, 1516, 0);
    int n = m.positions + 1;
    sw_season prev = uniform(&m, n, 3), cur = uniform(&m, n, 1);
    randomize(&prev, &rng);
    for (int k = 0; k < 3; k++)
        prev.sessions[k].played = true;
    int leaver = prev.part[4].id;
    cur.part[4].id = 9999; /* a newcomer in the leaver's place */
    cur.sessions[0].present[n - 1] = false;
    sw_error err;
    sw_matrix hm;
    assert_int_equal(sw_matrix_init(&hm, &prev, &err), SW_OK);
    sw_season s3[3];
    sw_matrix mx[3];
    previous_three_ways(dir, &prev, NULL, &hm, leaver, &cur, s3, mx);
    assert_same_state(&mx[0], &mx[2]);
    assert_same_state(&mx[1], &mx[2]);
    int nn = n * n;
    for (int x = 0; x < nn; x++) { /* the history itself, pair by pair */
        int i = x / n, j = x % n;
        bool known = i != 4 && j != 4 && i != j;
        assert_int_equal(s3[0].history.meet[x], known ? sw_matrix_meet(&hm, i, j) : 0);
        assert_true((__int128)s3[0].history.comp[x] * hm.scale ==
                    (__int128)(known ? sw_matrix_comp(&hm, i, j) : 0) * s3[0].history.scale);
        assert_int_equal(s3[1].history.meet[x], s3[0].history.meet[x]);
    }
    sw_matrix_free(&hm);
    free_three(s3, mx);
    sw_season_free(&prev);
    sw_season_free(&cur);
    tmpdir_remove(dir);
    sw_movement_free(&m);
}

/* Read dir/x.season naming history FILE (written as text); the error must
 * name want_file (a suffix), want_line and hold needle. */
static void expect_read_error(const char *dir, const char *history_text, const char *want_file,
                              int want_line, const char *needle) {
    dir_file_write(dir, "bad.hist", history_text);
    char path[600];
    snprintf(path, sizeof path, "%s/x.season", dir);
    sw_season s;
    sw_error err;
    sw_error_clear(&err);
    assert_int_not_equal(sw_season_read(path, sw_matrix_played_history, &s, &err), SW_OK);
    size_t fl = strlen(err.file), wl = strlen(want_file);
    if (fl < wl || strcmp(err.file + fl - wl, want_file) || err.line != want_line ||
        !strstr(err.msg, needle))
        fail_msg("for '%.60s': got %s:%d '%s', want %s:%d '%s'", history_text, err.file, err.line,
                 err.msg, want_file, want_line, needle);
}

static void test_bad_previous_history(void **state) {
    (void)state;
    char *dir = temp_dir_with_movement();
    dir_file_write(dir, "club.pairs", "1 0 a\n2 0 b\n3 0 c\n");
    dir_file_write(dir, "x.season", "pairs club.pairs\nhistory bad.hist\nsession m.asc\n");
    const char *parts = "{\"participants\": [{\"id\": 1}, {\"id\": 2}],\n";
    static const struct {
        const char *matrices;
        int line;
        const char *needle;
    } bad[] = {
        {"\"matrices\": {\"scale\": 2,\n\"meetings\": [[0,1],[1,0]]}}\n", 2,
         "without \"competition\""},
        {"\"matrices\": {\"scale\": 2,\n\"meetings\": [[0,1],\n[2,0]],\n"
         "\"competition\": [[0,1],[1,0]]}}\n",
         4, "row 2, column 1 differs from row 1, column 2"},
        {"\"matrices\": {\"scale\": 2,\n\"meetings\": [[0,1],[1,0]],\n"
         "\"competition\": [[0,1],\n[0.3333333333,0]]}}\n",
         5, "row 2, column 1: 0.3333333333 is not a multiple of 1/2"},
        {"\"matrices\": {\"scale\": 2,\n\"meetings\": [[0,1],[-1,0]],\n"
         "\"competition\": [[0,1],[1,0]]}}\n",
         3, "meetings -1"},
        {"\"matrices\": {\"scale\": 2,\n\"meetings\": [[0,1,0],[1,0,0]],\n"
         "\"competition\": [[0,1],[1,0]]}}\n",
         3, "meetings row 1 has 3 values, expected 2"},
    };
    char text[1024];
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
        snprintf(text, sizeof text, "%s%s", parts, bad[k].matrices);
        expect_read_error(dir, text, "bad.hist", bad[k].line, bad[k].needle);
    }
    expect_read_error(dir, "{\"participants\": []}\n", "bad.hist", 1,
                      "with \"participants\" and \"matrices\"");
    expect_read_error(dir, "{\"participants\": [{\"id\": 1},\n {\"id\": 1}], \"matrices\": {}}\n",
                      "bad.hist", 2, "participant 1 listed twice");
    /* a previous season with an error: its own file and line */
    expect_read_error(dir, "pairs club.pairs\nsession m.asc\nabsent 7\n", "bad.hist", 3,
                      "participant 7 is not in the pairs file");
    /* a season that names itself */
    expect_read_error(dir, "pairs club.pairs\nhistory bad.hist\nsession m.asc\n", "bad.hist", 0,
                      "nest more than 8 deep");
    /* without the matrices' function a season file is refused, a JSON not */
    dir_file_write(dir, "bad.hist", "pairs club.pairs\nsession m.asc\n");
    char path[600];
    snprintf(path, sizeof path, "%s/x.season", dir);
    sw_season s;
    sw_error err;
    assert_int_not_equal(sw_season_read(path, NULL, &s, &err), SW_OK);
    assert_non_null(strstr(err.msg, "needs its matrices"));
    snprintf(text, sizeof text,
             "%s\"matrices\": {\n\"meetings\": [[0,1],[1,0]],\n"
             "\"competition\": [[0,1],[1,0]]}}\n",
             parts);
    dir_file_write(dir, "bad.hist", text);
    assert_int_equal(sw_season_read(path, NULL, &s, &err), SW_OK);
    assert_int_equal(s.history.meet[1], 1);
    assert_int_equal(s.history.meet[2], 0);
    sw_season_free(&s);
    tmpdir_remove(dir);
}

/* History beyond the season's rounds (a pair that met 40 times before, in a
 * season of 7-round sessions): the pricer's tables reach it, and its prices
 * equal the exchanges' real changes. */
/* The pricer's changes of sosr, sp2 and sc equal those of making the
 * exchange, over random exchanges of s's two sessions. */
static void check_pricer(sw_season *s, sw_rng *rng, int xmax) {
    sw_error err;
    sw_matrix mx;
    assert_int_equal(sw_matrix_init(&mx, s, &err), SW_OK);
    sw_pricer pr;
    assert_int_equal(sw_pricer_init(&pr, &mx), 0);
    assert_true(pr.xmax >= xmax);
    int checked = 0;
    for (int t = 0; t < 400; t++) {
        if (t % 40 == 0)
            sw_search_randomize(&mx, rng);
        int k = (int)sw_rng_bounded(rng, 2);
        int p = 1 + (int)sw_rng_bounded(rng, (uint32_t)mx.layout[0].positions);
        int q = 1 + (int)sw_rng_bounded(rng, (uint32_t)mx.layout[0].positions);
        if (p == q || !mx.assign[k][p] || !mx.assign[k][q] || !sw_matrix_tables_ready(&mx, k))
            continue;
        assert_true(sw_pricer_sync(&pr, &mx));
        __int128 d;
        assert_true(sw_price_sosr(&pr, &mx, k, p, q, &d));
        sw_i256 dsp2 = sw_price_sp2(&pr, &mx, k, p, q), dsc;
        assert_true(sw_price_sc(&pr, &mx, k, p, q, &dsc));
        sw_i256 sosr0 = sw_criteria_sosr(&mx), sp20 = sw_criteria_sp2(&mx),
                sc0 = sw_criteria_sc(&mx);
        sw_matrix_exchange(&mx, k, p, q);
        assert_i256_eq(sw_i256_sub(sw_criteria_sosr(&mx), sosr0), sw_i256_from_i128(d));
        assert_i256_eq(sw_i256_sub(sw_criteria_sp2(&mx), sp20), dsp2);
        assert_i256_eq(sw_i256_sub(sw_criteria_sc(&mx), sc0), dsc);
        checked++;
    }
    assert_true(checked > 100);
    sw_pricer_free(&pr);
    sw_matrix_free(&mx);
}

static void test_pricer_beyond_rounds(void **state) {
    (void)state;
    sw_movement m;
    read_movement(MOVEMENT, &m);
    sw_season s = uniform(&m, m.positions + 1, 2);
    sw_movement_free(&m);
    sw_rng rng;
    sw_rng_seed(&rng, 7, 1);
    randomize(&s, &rng);
    const char *text = "2,5,40,41/3\n5,8,25\n8,11,3,-1/2\n";
    sw_error err;
    assert_int_equal(sw_history_parse(text, strlen(text), "h.csv", &s, &err), SW_OK);
    check_pricer(&s, &rng, 40 + 14);
    /* the same history in eighths, one pair at 40 + 3/8: the pricer's
     * tables run over U M, and Sr's factor in sosr is (D U)^4 */
    for (size_t x = 0; x < (size_t)s.n * (size_t)s.n; x++)
        s.history.meet[x] *= 8;
    s.history.meet[1 * s.n + 2] = s.history.meet[2 * s.n + 1] = 40 * 8 + 3;
    s.history.unit = 8;
    check_pricer(&s, &rng, 8 * (40 + 14));
    sw_season_free(&s);
}

/* The optimizer on a season with history: its result's criteria equal a
 * full recomputation, and equal those of the season with the history as
 * played sessions and the same planned seatings. */
static void test_optimize_with_history(void **state) {
    (void)state;
    sw_movement m;
    read_movement(MOVEMENT, &m);
    sw_rng rng;
    sw_rng_seed(&rng, 15, 99);
    int nh = 3, nr = 2;
    sw_season full = uniform(&m, m.positions + 1, nh + nr);
    sw_movement_free(&m);
    randomize(&full, &rng);
    for (int k = 0; k < nh; k++)
        full.sessions[k].played = true;
    sw_season rest;
    split_season(&full, nh, &rest);
    sw_search_opts o = {.seed = 3, .restarts = 4, .threads = 1};
    sw_search_result res;
    sw_error err;
    assert_int_equal(sw_search_run(&rest, &o, &res, &err), SW_OK);
    assert_true(sw_criteria_compare_final(&res.after, &res.before) <= 0);
    sw_matrix a, b;
    assert_int_equal(sw_matrix_init(&b, &rest, &err), SW_OK);
    sw_criteria c;
    sw_criteria_compute(&b, &c);
    assert_i256_eq(c.so, res.after.so);
    assert_i256_eq(c.sr, res.after.sr);
    assert_i256_eq(c.sp2, res.after.sp2);
    assert_i256_eq(c.sc, res.after.sc);
    assert_i256_eq(c.sosr, res.after.sosr);
    for (int k = 0; k < nr; k++)
        copy_session(&full, nh + k, &rest, k);
    assert_int_equal(sw_season_validate(&full, "full", &err), SW_OK);
    assert_int_equal(sw_matrix_init(&a, &full, &err), SW_OK);
    assert_same_state(&a, &b);
    sw_matrix_free(&a);
    sw_matrix_free(&b);
    sw_season_free(&rest);
    sw_season_free(&full);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_history_equals_played_sessions),
        cmocka_unit_test(test_bad_history),
        cmocka_unit_test(test_quoted_history),
        cmocka_unit_test(test_history_values),
        cmocka_unit_test(test_season_file_history),
        cmocka_unit_test(test_player_history_values),
        cmocka_unit_test(test_quoted_player_history),
        cmocka_unit_test(test_bad_player_history),
        cmocka_unit_test(test_player_histories_add_exactly),
        cmocka_unit_test(test_player_history_example),
        cmocka_unit_test(test_player_history_exact_so),
        cmocka_unit_test(test_fraction_changes_best),
        cmocka_unit_test(test_player_rests_exact_sr),
        cmocka_unit_test(test_half_rests_brute_force),
        cmocka_unit_test(test_pair_history_fractions),
        cmocka_unit_test(test_history_from_previous_season),
        cmocka_unit_test(test_history_leaver_and_newcomer),
        cmocka_unit_test(test_bad_previous_history),
        cmocka_unit_test(test_pricer_beyond_rounds),
        cmocka_unit_test(test_optimize_with_history),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
