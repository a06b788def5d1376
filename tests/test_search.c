/* tests/test_search.c: the search against brute force on tiny seasons,
 * local optimality of a descent, determinism across thread counts, fixed
 * sessions and absentees, bad requests.
 * SPDX-License-Identifier: MIT */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "search/construct.h"
#include "search/engine.h"
#include "search/method.h"
#include "search/price.h"
#include "search/search.h"

/* 4 positions, 3 rounds, 2 tables, a Howell where every two meet once, with
 * board sets shared by both tables of a round. */
static void howell4(sw_movement *m) {
    sw_error err;
    assert_int_equal(sw_movement_init(m, 4, 2, 3, 3, 2, &err), SW_OK);
    static const int seats[3][2][2] = {{{1, 2}, {3, 4}}, {{1, 3}, {4, 2}}, {{1, 4}, {2, 3}}};
    for (int r = 0; r < 3; r++)
        for (int t = 0; t < 2; t++)
            m->table[r * 2 + t] = (sw_table){{seats[r][t][0], seats[r][t][1], 0, 0}, r + 1};
    assert_int_equal(sw_movement_validate(m, "howell4", &err), SW_OK);
}

static sw_season make_season(int n, int sessions) {
    sw_movement m;
    howell4(&m);
    sw_participant part[8];
    for (int i = 0; i < n; i++)
        part[i] = (sw_participant){.id = i + 1, .rests = i % 2, .name = "p"};
    sw_season s;
    sw_error err;
    assert_int_equal(sw_season_uniform(&m, "h4", part, n, sessions, &s, &err), SW_OK);
    sw_movement_free(&m);
    return s;
}

/* Seat the present participants of session k on positions given by the
 * k-th "digit" of code (one of the P!/(P-c)! injections). Returns 0 when code
 * is past the last. */
static int injection(int code, int present_count, int P, int *out) {
    int used[16] = {0};
    for (int x = 0; x < present_count; x++) {
        int choices = P - x, c = code % choices;
        code /= choices;
        for (int p = 1; p <= P; p++)
            if (!used[p] && c-- == 0) {
                used[p] = 1;
                out[x] = p;
                break;
            }
    }
    return code == 0;
}

static int count_injections(int c, int P) {
    int r = 1;
    for (int x = 0; x < c; x++)
        r *= P - x;
    return r;
}

/* Exhaustive optimum by Sr, So, Sp, Sc over every assignment of the free sessions. */
static sw_criteria brute_force(sw_season *s) {
    sw_criteria best;
    int have = 0;
    int nf = 0, free_k[8], counts[8], present[8][8], np[8];
    for (int k = 0; k < s->nsessions; k++) {
        if (s->sessions[k].played)
            continue;
        free_k[nf] = k;
        np[nf] = 0;
        for (int i = 0; i < s->n; i++)
            if (s->sessions[k].present[i])
                present[nf][np[nf]++] = i;
        counts[nf] = count_injections(np[nf], 4);
        nf++;
    }
    int total = 1;
    for (int f = 0; f < nf; f++)
        total *= counts[f];
    for (int code = 0; code < total; code++) {
        int c = code;
        for (int f = 0; f < nf; f++) {
            int pos[8];
            injection(c % counts[f], np[f], 4, pos);
            c /= counts[f];
            int *as = s->sessions[free_k[f]].assign;
            memset(as, 0, sizeof(int) * 5);
            for (int x = 0; x < np[f]; x++)
                as[pos[x]] = present[f][x] + 1;
        }
        sw_matrix mx;
        sw_error err;
        assert_int_equal(sw_matrix_init(&mx, s, &err), SW_OK);
        sw_criteria cr;
        sw_criteria_compute(&mx, &cr);
        if (!have || sw_criteria_compare_final(&cr, &best) < 0)
            best = cr;
        have = 1;
        sw_matrix_free(&mx);
    }
    return best;
}

static void check_brute(sw_season *s) {
    sw_season copy;
    sw_error err;
    assert_int_equal(sw_season_copy(&copy, s, &err), SW_OK);
    sw_criteria want = brute_force(&copy);
    sw_search_opts o = {.seed = 7, .restarts = 60, .threads = 1};
    sw_search_result res;
    assert_int_equal(sw_search_run(s, &o, &res, &err), SW_OK);
    if (sw_criteria_compare_final(&res.after, &want) != 0)
        fail_msg("search Sr %g So %g Sp %g Sc %g; brute force Sr %g So %g Sp %g Sc %g",
                 res.after.Sr, res.after.So, res.after.Sp, res.after.Sc, want.Sr, want.So, want.Sp,
                 want.Sc);
    /* the season now holds that assignment */
    sw_matrix mx;
    assert_int_equal(sw_matrix_init(&mx, s, &err), SW_OK);
    sw_criteria got;
    sw_criteria_compute(&mx, &got);
    assert_int_equal(sw_criteria_compare_final(&got, &want), 0);
    sw_matrix_free(&mx);
    sw_season_free(&copy);
}

static void test_brute_force_everyone_present(void **state) {
    (void)state;
    sw_season s = make_season(4, 3);
    check_brute(&s);
    sw_season_free(&s);
}

static void test_brute_force_with_absentees_and_played(void **state) {
    (void)state;
    sw_season s = make_season(5, 3);
    /* session 1 played without participant 5; sessions 2 and 3 free, one absent each */
    s.sessions[0].present[4] = false;
    s.sessions[0].played = true;
    int played[5] = {0, 2, 4, 1, 3};
    memcpy(s.sessions[0].assign, played, sizeof played);
    s.sessions[1].present[0] = false;
    s.sessions[2].present[2] = false;
    for (int k = 1; k < 3; k++) {
        memset(s.sessions[k].assign, 0, sizeof(int) * 5);
        sw_season_fill_identity(&s);
    }
    sw_error err;
    assert_int_equal(sw_season_validate(&s, "t", &err), SW_OK);
    check_brute(&s);
    /* the played session is untouched, the absentees are not seated */
    assert_memory_equal(s.sessions[0].assign, played, sizeof played);
    assert_int_equal(sw_season_validate(&s, "t", &err), SW_OK);
    sw_season_free(&s);
}

static void test_descent_ends_in_local_optimum(void **state) {
    (void)state;
    sw_season s = make_season(6, 4);
    /* 6 participants in 4 positions: 2 sit out each session */
    for (int k = 0; k < 4; k++) {
        s.sessions[k].present[k % 6] = false;
        s.sessions[k].present[(k + 3) % 6] = false;
        memset(s.sessions[k].assign, 0, sizeof(int) * 5);
    }
    sw_season_fill_identity(&s);
    sw_matrix mx;
    sw_error err;
    assert_int_equal(sw_matrix_init(&mx, &s, &err), SW_OK);
    long long evals = 0;
    sw_search_descend(&mx, 0, NULL, &evals);
    assert_true(evals > 0);
    sw_criteria at;
    sw_criteria_compute(&mx, &at);
    for (int k = 0; k < 4; k++)
        for (int p = 1; p <= 4; p++)
            for (int q = p + 1; q <= 4; q++) {
                sw_matrix_exchange(&mx, k, p, q);
                sw_criteria c;
                sw_criteria_compute(&mx, &c);
                int cmp = sw_i256_cmp(c.sosr, at.sosr);
                if (!cmp)
                    cmp = sw_i256_cmp(c.sp2, at.sp2);
                if (!cmp)
                    cmp = sw_i256_cmp(c.sc, at.sc);
                assert_true(cmp >= 0);
                sw_matrix_exchange(&mx, k, p, q);
            }
    sw_matrix_free(&mx);
    sw_season_free(&s);
}

/* Thread-count determinism: the first call records the season's
 * assignments (all sessions, *first NULL), each later call asserts the
 * same ones. */
static void assert_same_assignments(int **first, const sw_season *s) {
    size_t bytes = 0;
    for (int k = 0; k < s->nsessions; k++)
        bytes += sizeof(int) * (size_t)(s->movements[s->sessions[k].movement].positions + 1);
    int *got = malloc(bytes), *at = got;
    assert_non_null(got);
    for (int k = 0; k < s->nsessions; k++) {
        size_t P1 = (size_t)s->movements[s->sessions[k].movement].positions + 1;
        memcpy(at, s->sessions[k].assign, sizeof(int) * P1);
        at += P1;
    }
    if (*first)
        assert_memory_equal(*first, got, bytes);
    else
        *first = got, got = NULL;
    free(got);
}

static void test_same_result_for_any_thread_count(void **state) {
    (void)state;
    /* plain picolo, then with the phases beyond it (they use the restart's
     * random stream too) */
    for (int mode = 0; mode < 2; mode++) {
        int *first = NULL;
        for (int threads = 1; threads <= 16; threads *= threads < 4 ? 2 : 4) {
            sw_season s = make_season(7, 5);
            for (int k = 0; k < 5; k++) {
                for (int i = 0; i < 7; i++)
                    s.sessions[k].present[i] = (i + k) % 7 < 4;
                memset(s.sessions[k].assign, 0, sizeof(int) * 5);
            }
            sw_season_fill_identity(&s);
            sw_search_opts o = {.seed = 12345, .restarts = 24, .threads = threads};
            sw_search_lengths len = {-1, 60, -1, 2, 5}; /* tabu, kicks, compound */
            if (mode)
                o.lengths = &len;
            sw_search_result res;
            sw_error err;
            assert_int_equal(sw_search_run(&s, &o, &res, &err), SW_OK);
            assert_int_equal(res.restarts_done, 24);
            assert_same_assignments(&first, &s);
            sw_season_free(&s);
        }
        free(first);
    }
}

/* The phases beyond picolo start from the descent's local optimum and keep
 * the best state they see: never worse by the descent's ranking, and the
 * incrementally kept matrices still equal a rebuild (tabu passes through
 * many exchanges, sit-out changes included). */
static void test_tabu_and_compound_never_lose(void **state) {
    (void)state;
    sw_season s = make_season(6, 4);
    for (int k = 0; k < 4; k++) { /* 3 present in 4 positions: one sits out */
        for (int i = 0; i < 3; i++)
            s.sessions[k].present[(k + 2 * i) % 6] = false;
        memset(s.sessions[k].assign, 0, sizeof(int) * 5);
    }
    sw_season_fill_identity(&s);
    sw_matrix mx, scratch, fresh;
    sw_error err;
    assert_int_equal(sw_season_validate(&s, "t", &err), SW_OK);
    assert_int_equal(sw_matrix_init(&mx, &s, &err), SW_OK);
    assert_int_equal(sw_matrix_copy(&scratch, &mx, &err), SW_OK);
    assert_int_equal(sw_matrix_copy(&fresh, &mx, &err), SW_OK);
    sw_rng rng;
    sw_rng_seed(&rng, 5, 1);
    for (int round = 0; round < 6; round++) {
        sw_search_randomize(&mx, &rng);
        long long evals = 0;
        sw_search_descend(&mx, 0, NULL, &evals);
        sw_criteria d, t;
        sw_criteria_compute(&mx, &d);
        sw_search_pairs(&mx, 50, NULL, &evals);
        sw_search_tabu(&mx, &scratch, &rng, 200, NULL, &evals);
        sw_criteria_compute(&mx, &t);
        int cmp = sw_i256_cmp(t.sosr, d.sosr);
        if (!cmp)
            cmp = sw_i256_cmp(t.sp2, d.sp2);
        if (!cmp)
            cmp = sw_i256_cmp(t.sc, d.sc);
        assert_true(cmp <= 0);
        sw_matrix_assign_from(&fresh, &mx);
        sw_matrix_rebuild(&fresh);
        assert_memory_equal(mx.meet, fresh.meet, sizeof *mx.meet * 36);
        assert_memory_equal(mx.comp, fresh.comp, sizeof *mx.comp * 36);
        assert_memory_equal(mx.rests, fresh.rests, sizeof *mx.rests * 6);
    }
    sw_matrix_free(&fresh);
    sw_matrix_free(&scratch);
    sw_matrix_free(&mx);
    sw_season_free(&s);
}

/* The case: picolo's table for 6ronden/10p6rTeamH x 6 has Qc 99.17;
 * plain restarts stop near 98.4, tabu gets lower Sc from the same starts. */
static void test_tabu_beats_plain_on_10p6rTeamH(void **state) {
    (void)state;
    char path[1024];
    snprintf(path, sizeof path, "%s/6ronden/10p6rTeamH.txt", SW_MOVEMENTS_DIR);
    sw_movement m;
    sw_error err;
    if (sw_movement_read_asc(path, &m, &err) != SW_OK)
        fail_msg("%s: %s", path, err.msg);
    sw_participant part[10];
    for (int i = 0; i < 10; i++)
        part[i] = (sw_participant){.id = i + 1, .rests = 0, .name = "p"};
    sw_criteria got[2];
    for (int mode = 0; mode < 2; mode++) {
        sw_season s;
        assert_int_equal(sw_season_uniform(&m, "m", part, 10, 6, &s, &err), SW_OK);
        /* descents only, with the tabu phase through the public lengths */
        sw_search_lengths len = {-1, mode ? 1500 : 0, -1, -1, -1};
        sw_search_opts o = {.seed = 2, .restarts = 2, .lengths = &len};
        sw_search_result res;
        assert_int_equal(sw_search_run(&s, &o, &res, &err), SW_OK);
        got[mode] = res.after;
        sw_season_free(&s);
    }
    assert_true(got[1].Qo > 99.999);
    assert_true(sw_criteria_compare_final(&got[1], &got[0]) < 0);
    assert_true(got[1].Qc > got[0].Qc);
    sw_movement_free(&m);
}

static void test_bad_requests(void **state) {
    (void)state;
    sw_season s = make_season(4, 2);
    sw_search_result res;
    sw_error err;
    sw_search_opts o = {.seed = 1, .restarts = 0};
    assert_int_equal(sw_search_run(&s, &o, &res, &err), SW_ERR_INVALID);
    assert_non_null(strstr(err.msg, "restarts"));
    o.restarts = 3;
    o.time_limit = -1;
    assert_int_equal(sw_search_run(&s, &o, &res, &err), SW_ERR_INVALID);
    /* a stop flag already set: restart 0 is skipped too, the input stays */
    volatile sig_atomic_t stop = 1;
    o.time_limit = 0;
    o.stop = &stop;
    assert_int_equal(sw_search_run(&s, &o, &res, &err), SW_OK);
    assert_true(res.interrupted);
    assert_int_equal(res.restarts_done, 0);
    for (int p = 1; p <= 4; p++)
        assert_int_equal(s.sessions[1].assign[p], p);
    sw_season_free(&s);
}

/* The pricer's deltas of plain swaps (So+Sr, Sp^2, Sc, all exact) equal the
 * changes the exchange really makes, on a team movement with compared
 * tables (h = 1 and more) over random states, with carried-over rests and
 * sit-outs so that rests and board-set sizes vary. */
/* sw_price_pair and sw_price_pair_so: a and b swapping in two sessions
 * where that keeps both rest totals, priced without being made, against
 * the change the two exchanges make (Sr unchanged). */
static void test_pair_price_matches_exchanges(void **state) {
    (void)state;
    const char *files[] = {"7ronden/16p7rTeamS.txt", "6ronden/16p6rTeamS.txt",
                           "6ronden/20p6rextra.txt"};
    int checked = 0;
    for (size_t f = 0; f < sizeof files / sizeof *files; f++) {
        char path[1024];
        sw_movement m;
        sw_error err;
        snprintf(path, sizeof path, "%s/%s", SW_MOVEMENTS_DIR, files[f]);
        assert_int_equal(sw_movement_read_asc(path, &m, &err), SW_OK);
        int n = m.positions - 2;
        sw_participant part[64];
        for (int i = 0; i < n; i++)
            part[i] = (sw_participant){.id = i + 1, .rests = i % 2, .name = "p"};
        sw_season s;
        assert_int_equal(sw_season_uniform(&m, "m", part, n, 5, &s, &err), SW_OK);
        for (int k = 0; k < 5; k++)
            memset(s.sessions[k].assign, 0, sizeof(int) * ((size_t)m.positions + 1));
        sw_season_fill_identity(&s);
        assert_int_equal(sw_season_validate(&s, "t", &err), SW_OK);
        sw_matrix mx;
        assert_int_equal(sw_matrix_init(&mx, &s, &err), SW_OK);
        sw_pricer pr;
        assert_int_equal(sw_pricer_init(&pr, &mx), 0);
        sw_pair_scratch w = {calloc((size_t)n, sizeof(int32_t)), calloc((size_t)n, sizeof(int64_t)),
                             calloc((size_t)n, sizeof(int)), calloc((size_t)n, 1)};
        assert_non_null(w.dm);
        assert_non_null(w.dc);
        assert_non_null(w.ys);
        assert_non_null(w.seen);
        sw_rng rng;
        sw_rng_seed(&rng, 7, f);
        for (int round = 0; round < 10; round++) {
            sw_search_randomize(&mx, &rng);
            for (int t = 0; t < 400; t++) {
                int k = (int)sw_rng_bounded(&rng, 5), l = (int)sw_rng_bounded(&rng, 5);
                int a = (int)sw_rng_bounded(&rng, (uint32_t)n);
                int b = (int)sw_rng_bounded(&rng, (uint32_t)n);
                if (k == l || a == b || !sw_matrix_tables_ready(&mx, k) ||
                    !sw_matrix_tables_ready(&mx, l))
                    continue;
                int p = mx.pos[k][a], q = mx.pos[k][b], lp = mx.pos[l][a], lq = mx.pos[l][b];
                int d = mx.wr[k][q] - mx.wr[k][p];
                if (d == 0 || mx.wr[l][lq] - mx.wr[l][lp] != -d)
                    continue;
                assert_true(sw_pricer_sync(&pr, &mx));
                __int128 dso, dso_only, dsc;
                assert_true(sw_price_pair(&pr, &mx, k, p, q, l, lp, lq, &w, &dso, &dsc));
                assert_true(sw_price_pair_so(&pr, &mx, k, p, q, l, lp, lq, &w, &dso_only));
                assert_true(dso == dso_only);
                sw_i256 sosr0 = sw_criteria_sosr(&mx), sc0 = sw_criteria_sc(&mx),
                        sr0 = sw_criteria_sr(&mx);
                sw_matrix_exchange(&mx, k, p, q);
                sw_matrix_exchange(&mx, l, lp, lq);
                assert_int_equal(
                    sw_i256_cmp(sw_i256_sub(sw_criteria_sosr(&mx), sosr0), sw_i256_from_i128(dso)),
                    0);
                assert_int_equal(
                    sw_i256_cmp(sw_i256_sub(sw_criteria_sc(&mx), sc0), sw_i256_from_i128(dsc)), 0);
                assert_int_equal(sw_i256_cmp(sw_criteria_sr(&mx), sr0), 0);
                /* the scratch is left zero */
                for (int i = 0; i < n; i++)
                    assert_true(!w.dm[i] && !w.dc[i] && !w.seen[i]);
                checked++;
            }
        }
        free(w.dm);
        free(w.dc);
        free(w.ys);
        free(w.seen);
        sw_pricer_free(&pr);
        sw_matrix_free(&mx);
        sw_season_free(&s);
        sw_movement_free(&m);
    }
    assert_true(checked > 100);
}

static void test_pricer_matches_exchange(void **state) {
    (void)state;
    /* The last: a generated 40-pair Howell whose board sets are played at up
     * to 20 tables, so with sit-outs L = lcm(1..19) and Sc's deviations
     * pass 2^28 (the 256-bit terms). */
    const char *files[] = {"6ronden/10p6rTeamH.txt", "7ronden/16p7rTeamS.txt", "misc/8p6rSHGSB.txt",
                           "Topintegraal/18p6r10+8TeamS.txt", NULL};
    int sc_narrow = 0, sc_wide = 0, unchecked = 0;
    for (size_t f = 0; f < sizeof files / sizeof *files; f++) {
        char path[1024];
        sw_movement m;
        sw_error err;
        if (files[f]) {
            snprintf(path, sizeof path, "%s/%s", SW_MOVEMENTS_DIR, files[f]);
            assert_int_equal(sw_movement_read_asc(path, &m, &err), SW_OK);
        } else {
            assert_int_equal(sw_movement_howell(40, 0, &m, &err), SW_OK);
        }
        for (int absent = 0; absent < 2; absent++) {
            int n = m.positions + 1;
            sw_participant part[64];
            for (int i = 0; i < n; i++)
                part[i] = (sw_participant){.id = i + 1, .rests = i % 3, .name = "p"};
            sw_season s;
            assert_int_equal(sw_season_uniform(&m, "m", part, n, 4, &s, &err), SW_OK);
            for (int k = 0; k < 4; k++) {
                s.sessions[k].present[(k * 3) % n] = false; /* one sits out each session */
                if (absent)
                    s.sessions[k].present[(k * 5 + 1) % n] = false;
                memset(s.sessions[k].assign, 0, sizeof(int) * ((size_t)m.positions + 1));
            }
            sw_season_fill_identity(&s);
            assert_int_equal(sw_season_validate(&s, "t", &err), SW_OK);
            sw_matrix mx;
            assert_int_equal(sw_matrix_init(&mx, &s, &err), SW_OK);
            if (!files[f] && absent)
                assert_true(mx.scale > 100000000); /* the 256-bit Sc terms are used */
            sw_pricer pr;
            assert_int_equal(sw_pricer_init(&pr, &mx), 0);
            sw_rng rng;
            sw_rng_seed(&rng, 42, f * 2 + (size_t)absent);
            int checked = 0;
            for (int round = 0; round < 20; round++) {
                sw_search_randomize(&mx, &rng);
                for (int t = 0; t < 60; t++) {
                    int k = (int)sw_rng_bounded(&rng, 4);
                    int p = 1 + (int)sw_rng_bounded(&rng, (uint32_t)m.positions);
                    int q = 1 + (int)sw_rng_bounded(&rng, (uint32_t)m.positions);
                    if (p == q || !mx.assign[k][p] || !mx.assign[k][q] ||
                        !sw_matrix_tables_ready(&mx, k))
                        continue;
                    assert_true(sw_pricer_sync(&pr, &mx));
                    __int128 d;
                    assert_true(sw_price_sosr(&pr, &mx, k, p, q, &d));
                    sw_i256 dsp2 = sw_price_sp2(&pr, &mx, k, p, q), dsc;
                    assert_true(sw_price_sc(&pr, &mx, k, p, q, &dsc));
                    /* Sc's terms without checks (within cn), with them, and
                     * in 128 bits (when it fits) agree */
                    sw_pricer with_checks = pr;
                    with_checks.cn = 0;
                    sw_i256 dsc2;
                    assert_true(sw_price_sc(&with_checks, &mx, k, p, q, &dsc2));
                    assert_int_equal(sw_i256_cmp(dsc, dsc2), 0);
                    __int128 dsc128;
                    if (sw_price_sc128(&pr, &mx, k, p, q, &dsc128)) {
                        assert_int_equal(sw_i256_cmp(dsc, sw_i256_from_i128(dsc128)), 0);
                        sc_narrow++;
                    } else {
                        sc_wide++;
                    }
                    unchecked += pr.cn > 0;
                    sw_i256 sosr0 = sw_criteria_sosr(&mx), sp20 = sw_criteria_sp2(&mx),
                            sc0 = sw_criteria_sc(&mx);
                    sw_matrix_exchange(&mx, k, p, q);
                    assert_int_equal(sw_i256_cmp(sw_i256_sub(sw_criteria_sosr(&mx), sosr0),
                                                 sw_i256_from_i128(d)),
                                     0);
                    /* the 128-bit and the checked paths give the same */
                    sw_matrix_exchange(&mx, k, p, q);
                    sw_pricer wide = pr;
                    for (int route = 0; route < 2; route++) {
                        __int128 d2;
                        wide.narrow = false;
                        wide.sum_ok = route == 0;
                        assert_true(sw_price_sosr(&wide, &mx, k, p, q, &d2));
                        assert_true(d2 == d);
                    }
                    sw_matrix_exchange(&mx, k, p, q);
                    assert_int_equal(sw_i256_cmp(sw_i256_sub(sw_criteria_sp2(&mx), sp20), dsp2), 0);
                    assert_int_equal(sw_i256_cmp(sw_i256_sub(sw_criteria_sc(&mx), sc0), dsc), 0);
                    checked++;
                }
            }
            assert_true(checked > 300);
            sw_pricer_free(&pr);
            sw_matrix_free(&mx);
            sw_season_free(&s);
        }
        sw_movement_free(&m);
    }
    /* every route was taken: 128-bit Sc, 256-bit terms, the unchecked terms */
    assert_true(sc_narrow > 0 && sc_wide > 0 && unchecked > 0);
}

static sw_season team_season(const char *rel, int n, int sessions) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", SW_MOVEMENTS_DIR, rel);
    sw_movement m;
    sw_error err;
    if (sw_movement_read_asc(path, &m, &err) != SW_OK)
        fail_msg("%s", err.msg);
    sw_participant part[64];
    for (int i = 0; i < n; i++)
        part[i] = (sw_participant){.id = i + 1, .rests = 0, .name = "p"};
    sw_season s;
    assert_int_equal(sw_season_uniform(&m, "m", part, n, sessions, &s, &err), SW_OK);
    sw_movement_free(&m);
    return s;
}

/* The default method (annealing, descent, tabu) in its deterministic form:
 * the same seed and restart count give byte-identical assignments with 1, 2
 * and 4 threads, and the result is never worse than the input (restart 0
 * keeps it as its start). */
static void test_default_method_deterministic(void **state) {
    (void)state;
    int *first = NULL;
    int at_bound = -1;
    for (int threads = 1; threads <= 4; threads *= 2) {
        sw_season s = team_season("6ronden/10p6rTeamH.txt", 10, 4);
        sw_search_opts o = {.seed = 99, .restarts = 5, .threads = threads};
        sw_method m;
        sw_method_default(&s, &m);
        assert_true(m.anneal > 0 && m.tabu > 0);
        m.anneal /= 20; /* keep the test short: the property does not need length */
        m.tabu = 400;
        sw_search_result res;
        sw_error err;
        assert_int_equal(sw_search_run_method(&s, &o, &m, &res, &err), SW_OK);
        assert_int_equal(res.restarts_done, 5);
        assert_true(sw_criteria_compare_final(&res.after, &res.before) <= 0);
        assert_true(res.annealed == 4 * m.anneal); /* restart 0 is not annealed */
        /* the restarts that reached So's bound: counted alike for any
         * thread count, and (every session full, so Sr is the same for
         * all) some did exactly when the result is there */
        assert_true(res.restarts_at_bound <= res.restarts_done);
        assert_int_equal(res.restarts_at_bound > 0,
                         sw_i256_cmp(res.after.so, res.after.so_bound) <= 0);
        if (threads == 1)
            at_bound = res.restarts_at_bound;
        assert_int_equal(res.restarts_at_bound, at_bound);
        assert_same_assignments(&first, &s);
        sw_season_free(&s);
    }
    free(first);
}

/* --time is a budget: a 1 s run on a 40-participant, 10-session season
 * (restarts unbounded, default method) returns well within 5 s, with the
 * running restart cut, and still reports a valid improved state. */
static void test_time_budget_is_kept(void **state) {
    (void)state;
    sw_season s = team_season("Topintegraal/40p6r10+10+10+10TeamS.txt", 40, 10);
    sw_search_opts o = {
        .seed = 3, .restarts = 100000000, .time_limit = 1.0, .method = SW_SEARCH_DEFAULT};
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    sw_search_result res;
    sw_error err;
    assert_int_equal(sw_search_run(&s, &o, &res, &err), SW_OK);
    clock_gettime(CLOCK_MONOTONIC, &b);
    double took = (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) * 1e-9;
    assert_true(took < 5.0);
    assert_true(res.timed_out);
    assert_true(res.restarts_done >= 1);
    assert_true(sw_criteria_compare_final(&res.after, &res.before) < 0);
    assert_int_equal(sw_season_validate(&s, "t", &err), SW_OK);
    sw_season_free(&s);
}

/* On the small case the default method reaches picolo's published
 * table: 6ronden/10p6rTeamH x 6 has So 0 and Sc 1.5 there. A deterministic
 * run of 4 restarts must be at least as good (Sr, So, Sp, Sc). */
static void test_default_method_meets_picolo_10p6rTeamH(void **state) {
    (void)state;
    sw_season s = team_season("6ronden/10p6rTeamH.txt", 10, 6);
    sw_search_opts o = {.seed = 1, .restarts = 4, .method = SW_SEARCH_DEFAULT};
    sw_search_result res;
    sw_error err;
    assert_int_equal(sw_search_run(&s, &o, &res, &err), SW_OK);
    assert_true(res.after.So < 1e-9);
    assert_true(res.after.Sc <= 1.5 + 1e-9);
    sw_season_free(&s);
}

/* The symmetries found are exactly the permutations of a session's
 * positions that keep every pair's meetings and every position's rests and
 * move some comparison: counted by brute force over all 8! permutations of
 * 6ronden/8p6rTeamH. A symmetry descent keeps M and r entry by entry, so
 * So, Sr and Sp, and never raises Sc. */
static bool next_perm(int *a, int n) {
    int i = n - 2;
    while (i >= 0 && a[i] >= a[i + 1])
        i--;
    if (i < 0)
        return false;
    int j = n - 1;
    while (a[j] <= a[i])
        j--;
    int t = a[i];
    a[i] = a[j];
    a[j] = t;
    for (int l = i + 1, r = n - 1; l < r; l++, r--)
        t = a[l], a[l] = a[r], a[r] = t;
    return true;
}

static void test_symmetries_brute_force(void **state) {
    (void)state;
    sw_season s = team_season("6ronden/8p6rTeamH.txt", 8, 2);
    sw_matrix mx;
    sw_error err;
    assert_int_equal(sw_matrix_init(&mx, &s, &err), SW_OK);
    sw_symmetry S;
    assert_true(sw_symmetry_find(&S, &mx));
    int P = s.movements[0].positions, P1 = P + 1;
    assert_int_equal(P, 8);
    assert_true(sw_matrix_tables_ready(&mx, 0));
    const int32_t *wm = mx.wm[0], *wr = mx.wr[0];
    const int64_t *wc = mx.wc[0];
    int a[8] = {1, 2, 3, 4, 5, 6, 7, 8}, brute = 0;
    do {
        int pi[9] = {0};
        for (int p = 1; p <= P; p++)
            pi[p] = a[p - 1];
        bool keeps = true, moves = false;
        for (int p = 1; p <= P && keeps; p++) {
            keeps = wr[p] == wr[pi[p]];
            for (int q = 1; q <= P && keeps; q++) {
                keeps = wm[p * P1 + q] == wm[pi[p] * P1 + pi[q]];
                moves = moves || wc[p * P1 + q] != wc[pi[p] * P1 + pi[q]];
            }
        }
        brute += keeps && moves;
    } while (next_perm(a, P));
    assert_true(brute > 0);
    assert_int_equal(S.count[0], brute);
    assert_int_equal(S.count[1], brute);
    sw_symmetry_free(&S);
    sw_matrix_free(&mx);
    sw_season_free(&s);

    /* The descent on a random state of a movement with many symmetries. */
    s = team_season("6ronden/18p6rextra.txt", 18, 6);
    assert_int_equal(sw_matrix_init(&mx, &s, &err), SW_OK);
    sw_rng rng;
    sw_rng_seed(&rng, 5, 1);
    sw_search_randomize(&mx, &rng);
    assert_true(sw_symmetry_find(&S, &mx));
    size_t nn = (size_t)mx.n * (size_t)mx.n;
    int32_t *meet = malloc(nn * sizeof *meet), *rests = malloc((size_t)mx.n * sizeof *rests);
    memcpy(meet, mx.meet, nn * sizeof *meet);
    memcpy(rests, mx.rests, (size_t)mx.n * sizeof *rests);
    sw_criteria before, after;
    sw_criteria_compute(&mx, &before);
    sw_limits lim = {NULL, 0};
    long long moves = sw_symmetry_descend(&mx, &S, &lim, NULL);
    sw_criteria_compute(&mx, &after);
    assert_true(moves > 0);
    assert_memory_equal(meet, mx.meet, nn * sizeof *meet);
    assert_memory_equal(rests, mx.rests, (size_t)mx.n * sizeof *rests);
    assert_int_equal(sw_i256_cmp(before.sosr, after.sosr), 0);
    assert_int_equal(sw_i256_cmp(before.sp2, after.sp2), 0);
    assert_true(sw_i256_cmp(after.sc, before.sc) < 0);
    /* the state is what a rebuild from its assignments gives */
    sw_matrix_rebuild(&mx);
    sw_criteria again;
    sw_criteria_compute(&mx, &again);
    assert_int_equal(sw_i256_cmp(again.sc, after.sc), 0);
    free(meet);
    free(rests);
    sw_symmetry_free(&S);
    sw_matrix_free(&mx);
    sw_season_free(&s);
}

/* The orbit construction (orbit.c) on 14p7rJvW x 6 from a state at So's
 * bound: the result stays at the bound, is never worse by the final order,
 * is what a rebuild from its assignments gives, and when it changed the
 * state its M is invariant under the relabelling (0 1 2)(3 4 5)(6 7 8)
 * (9 10 11). A season of 4 sessions is not one it applies to: untouched. */
static void test_orbit_construction(void **state) {
    (void)state;
    sw_season s = team_season("7ronden/14p7rJvW.txt", 14, 6);
    sw_search_opts o = {.seed = 1, .restarts = 3, .threads = 1};
    sw_method m;
    sw_method_default(&s, &m);
    m.orbit = 0;
    sw_search_result res;
    sw_error err;
    assert_int_equal(sw_search_run_method(&s, &o, &m, &res, &err), SW_OK);
    assert_true(sw_i256_cmp(res.after.so, res.after.so_bound) <= 0);
    sw_matrix mx;
    assert_int_equal(sw_matrix_init(&mx, &s, &err), SW_OK);
    sw_criteria before, after, again;
    sw_criteria_compute(&mx, &before);
    sw_rng rng;
    sw_rng_seed(&rng, 7, 1);
    sw_limits lim = {NULL, 0};
    int built = 0;
    bool improved = false;
    assert_true(sw_orbit_run(&mx, &rng, 3000000, 300000, &lim, &built, &improved) > 0);
    assert_true(built > 0 && improved);
    sw_criteria_compute(&mx, &after);
    assert_true(sw_i256_cmp(after.so, after.so_bound) <= 0);
    assert_true(sw_criteria_compare_final(&after, &before) < 0);
    assert_true(after.Sc < 3.64); /* picolo's published Sc on this case */
    for (int i = 0; i < 12; i++)
        for (int j = 0; j < 12; j++) {
            int a = i / 3 * 3 + (i + 1) % 3, b = j / 3 * 3 + (j + 1) % 3;
            if (i != j)
                assert_int_equal(sw_matrix_meet(&mx, i, j), sw_matrix_meet(&mx, a, b));
        }
    sw_matrix_rebuild(&mx);
    sw_criteria_compute(&mx, &again);
    assert_int_equal(sw_criteria_compare_final(&again, &after), 0);
    sw_matrix_free(&mx);
    sw_season_free(&s);

    s = team_season("7ronden/14p7rJvW.txt", 14, 4);
    assert_int_equal(sw_matrix_init(&mx, &s, &err), SW_OK);
    built = 0;
    improved = false;
    assert_false(sw_orbit_applies(&mx));
    assert_int_equal(sw_orbit_run(&mx, &rng, 3000000, 300000, &lim, &built, &improved), 0);
    assert_true(built == 0 && !improved);
    sw_matrix_free(&mx);
    sw_season_free(&s);
}

/* The probe that switches the orbit phase on: on where its starts
 * complete (14p7rJvW), off where none does (14p8r7tH) or the season is not
 * one it applies to (4 sessions); on 16p6rTeamS, where about one start in
 * ten completes, the answer varies with the seed, and for every seed it is
 * the same for 1 and 2 threads, and 3 (start k has a stream of its own). */
static void test_orbit_probe(void **state) {
    (void)state;
    struct {
        const char *rel;
        int n, sessions, expect; /* 1 on, 0 off, -1 either */
    } cases[] = {{"7ronden/14p7rJvW.txt", 14, 6, 1},
                 {"8ronden/14p8r7tH.txt", 14, 6, 0},
                 {"7ronden/14p7rJvW.txt", 14, 4, 0},
                 {"6ronden/16p6rTeamS.txt", 16, 6, -1}};
    sw_limits lim = {NULL, 0};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        sw_season s = team_season(cases[c].rel, cases[c].n, cases[c].sessions);
        sw_matrix mx;
        sw_error err;
        assert_int_equal(sw_matrix_init(&mx, &s, &err), SW_OK);
        int on = 0;
        for (uint64_t seed = 1; seed <= 4; seed++) {
            bool w1 = sw_orbit_worth(&mx, seed, 6, 2, 100000, 1, &lim);
            assert_true(w1 == sw_orbit_worth(&mx, seed, 6, 2, 100000, seed == 1 ? 3 : 2, &lim));
            on += w1;
        }
        if (cases[c].expect >= 0)
            assert_int_equal(on, cases[c].expect * 4);
        sw_matrix_free(&mx);
        sw_season_free(&s);
    }
}

/* The invariant construction (invariant.c) on 16p6rTeamS x 6 from the
 * uniform start: So at its bound, Sc below picolo's published 3.742867,
 * within its node budget; M and C as a rebuild from the assignments gives
 * them and invariant under the relabellings x -> x XOR v (v < 8, the group
 * (Z2)^3 every group it tries contains), session by session; the same
 * season and node count again (deterministic); the input
 * untouched where it does not apply (14 participants: no group fits; 16
 * on 16p8rcycGSB2002: the movement has no such symmetry). */
static void test_invariant_construction(void **state) {
    (void)state;
    sw_season s = team_season("6ronden/16p6rTeamS.txt", 16, 6);
    sw_matrix mx;
    sw_error err;
    assert_int_equal(sw_matrix_init(&mx, &s, &err), SW_OK);
    sw_criteria before, after, again;
    sw_criteria_compute(&mx, &before);
    sw_limits lim = {NULL, 0};
    bool improved = false;
    /* (Z2)^4 finds Sc 0.8086 at node 85 586: a smaller budget than the
     * search's keeps the test short under the sanitizers */
    long long nodes = sw_invariant_run(&mx, 150000, 150000, &lim, &improved);
    assert_true(nodes > 0 && nodes <= 150000 + 2); /* a group may pass its cap by one */
    assert_true(improved);
    sw_criteria_compute(&mx, &after);
    assert_true(sw_i256_cmp(after.so, after.so_bound) <= 0);
    assert_true(sw_criteria_compare_final(&after, &before) < 0);
    assert_true(after.Sc < 3.742867);
    /* each session's own meetings and comparisons are invariant */
    int P1 = 17;
    for (int k = 0; k < 6; k++)
        for (int v = 1; v < 8; v++)
            for (int i = 0; i < 16; i++)
                for (int j = 0; j < 16; j++) {
                    if (i == j)
                        continue;
                    int p = mx.pos[k][i], q = mx.pos[k][j];
                    int a = mx.pos[k][i ^ v], b = mx.pos[k][j ^ v];
                    assert_int_equal(mx.wm[k][p * P1 + q], mx.wm[k][a * P1 + b]);
                    assert_true(mx.wc[k][p * P1 + q] == mx.wc[k][a * P1 + b]);
                }
    for (int v = 1; v < 8; v++)
        for (int i = 0; i < 16; i++)
            for (int j = 0; j < 16; j++)
                if (i != j) {
                    assert_int_equal(sw_matrix_meet(&mx, i, j), sw_matrix_meet(&mx, i ^ v, j ^ v));
                    assert_true(sw_matrix_comp(&mx, i, j) == sw_matrix_comp(&mx, i ^ v, j ^ v));
                }
    /* the state is what a rebuild from its assignments gives */
    int32_t *meet = malloc(256 * sizeof *meet);
    int64_t *comp = malloc(256 * sizeof *comp);
    assert_non_null(meet);
    assert_non_null(comp);
    for (int i = 0; i < 16; i++)
        for (int j = 0; j < 16; j++)
            if (i != j) {
                meet[i * 16 + j] = sw_matrix_meet(&mx, i, j);
                comp[i * 16 + j] = sw_matrix_comp(&mx, i, j);
            }
    sw_matrix_rebuild(&mx);
    sw_criteria_compute(&mx, &again);
    assert_int_equal(sw_criteria_compare_final(&again, &after), 0);
    for (int i = 0; i < 16; i++)
        for (int j = 0; j < 16; j++)
            if (i != j) {
                assert_int_equal(meet[i * 16 + j], sw_matrix_meet(&mx, i, j));
                assert_true(comp[i * 16 + j] == sw_matrix_comp(&mx, i, j));
            }
    free(meet);
    free(comp);
    /* deterministic: a second run builds the same season */
    sw_matrix mx2;
    sw_season s2 = team_season("6ronden/16p6rTeamS.txt", 16, 6);
    assert_int_equal(sw_matrix_init(&mx2, &s2, &err), SW_OK);
    assert_int_equal(sw_invariant_run(&mx2, 150000, 150000, &lim, NULL), nodes);
    for (int k = 0; k < 6; k++)
        assert_memory_equal(mx.assign[k], mx2.assign[k], sizeof(int) * (size_t)P1);
    sw_matrix_free(&mx2);
    sw_season_free(&s2);
    sw_matrix_free(&mx);
    sw_season_free(&s);

    const char *none[] = {"6ronden/14p6rTeamS.txt", "8ronden/16p8rcycGSB2002.txt"};
    int sizes[] = {14, 16};
    for (int c = 0; c < 2; c++) {
        s = team_season(none[c], sizes[c], 6);
        assert_int_equal(sw_matrix_init(&mx, &s, &err), SW_OK);
        sw_criteria_compute(&mx, &before);
        improved = true;
        assert_int_equal(sw_invariant_run(&mx, 600000, 300000, &lim, &improved), 0);
        assert_false(improved);
        sw_criteria_compute(&mx, &after);
        assert_int_equal(sw_criteria_compare_final(&after, &before), 0);
        sw_matrix_free(&mx);
        sw_season_free(&s);
    }
}

/* Two restarts of the default method, shortened to keep the tests short:
 * the annealing a fiftieth of its length, 200 tabu iterations. */
static sw_season short_default_run(const char *rel, int n, uint64_t seed, int threads,
                                   sw_search_result *res) {
    sw_season s = team_season(rel, n, 6);
    sw_search_opts o = {.seed = seed, .restarts = 2, .threads = threads};
    sw_method m;
    sw_method_default(&s, &m);
    assert_true(m.invariant > 0 && m.cyclic > 0);
    m.anneal /= 50;
    m.tabu = 200;
    sw_error err;
    assert_int_equal(sw_search_run_method(&s, &o, &m, res, &err), SW_OK);
    return s;
}

/* The default method on 16p6rTeamS x 6 in its deterministic form, shortened:
 * restart 0 also starts from the invariant construction, so even two
 * restarts end below picolo's Sc, byte-identical with 1 and 2 threads. */
static void test_invariant_in_search(void **state) {
    (void)state;
    int *first = NULL;
    for (int threads = 1; threads <= 2; threads++) {
        sw_search_result res;
        sw_season s = short_default_run("6ronden/16p6rTeamS.txt", 16, 5, threads, &res);
        assert_true(sw_i256_cmp(res.after.so, res.after.so_bound) <= 0);
        assert_true(res.after.Sc < 3.742867);
        assert_true(res.restarts_at_bound <= res.restarts_done);
        assert_same_assignments(&first, &s);
        sw_season_free(&s);
    }
    free(first);
}

/* The cyclic construction (cyclic.c) from the uniform start. 18p6rextra x 6
 * (order 6: one seating, sigma = (0..5)(6..11)(12..17)), 24p6rextraNieuw
 * (order 3: sigma = (0 1 2)(3 4 5)..., two seatings) and 20p6rextra x 6
 * (only order 2 can be flat there, 20 = 3 x 6 + 2 leaves pairs whose
 * entry is a multiple of 3 or 6 while f = 1: sigma = (0 1)(2 3)..., three
 * seatings): So exactly at its bound (the exchange walks reach it in about
 * half their restarts on 24p6rextraNieuw, in none on the other two,
 * docs/search.md); each session is the previous
 * one relabelled by sigma within its block, so M is invariant under sigma;
 * the state is what a rebuild gives; the same rng state builds the same
 * season in the same swaps. Where no cyclic season is flat (12p6ropt, So's
 * gap 69) the input stays and the budget ends it; with sit-outs it does
 * not apply. */
static void cyclic_case(const char *rel, int n, int d, uint64_t seed, long long budget,
                        long long cap) {
    sw_season s = team_season(rel, n, 6);
    sw_matrix mx;
    sw_error err;
    assert_int_equal(sw_matrix_init(&mx, &s, &err), SW_OK);
    sw_criteria c, again;
    sw_criteria_compute(&mx, &c);
    assert_true(sw_i256_cmp(c.so, c.so_bound) > 0);
    sw_limits lim = {NULL, 0};
    sw_rng rng;
    sw_rng_seed(&rng, seed, 7);
    bool built = false;
    long long swaps = sw_cyclic_run(&mx, &rng, budget, cap, &lim, &built);
    assert_true(built);
    assert_true(swaps > 0 && swaps <= budget);
    sw_criteria_compute(&mx, &c);
    assert_int_equal(sw_i256_cmp(c.so, c.so_bound), 0);
    int sig[64];
    for (int x = 0; x < n; x++)
        sig[x] = x / d * d + (x % d + 1) % d;
    for (int k = 0; k < 6; k++)
        if (k % d)
            for (int p = 1; p <= n; p++)
                assert_int_equal(mx.assign[k][p], sig[mx.assign[k - 1][p] - 1] + 1);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            if (i != j) {
                assert_int_equal(sw_matrix_meet(&mx, i, j), sw_matrix_meet(&mx, sig[i], sig[j]));
                assert_true(sw_matrix_comp(&mx, i, j) == sw_matrix_comp(&mx, sig[i], sig[j]));
            }
    sw_matrix_rebuild(&mx);
    sw_criteria_compute(&mx, &again);
    assert_int_equal(sw_criteria_compare_final(&again, &c), 0);
    sw_season s2 = team_season(rel, n, 6);
    sw_matrix mx2;
    assert_int_equal(sw_matrix_init(&mx2, &s2, &err), SW_OK);
    sw_rng_seed(&rng, seed, 7);
    assert_true(sw_cyclic_run(&mx2, &rng, budget, cap, &lim, &built) == swaps);
    for (int k = 0; k < 6; k++)
        assert_memory_equal(mx.assign[k], mx2.assign[k], sizeof(int) * (size_t)(n + 1));
    sw_matrix_free(&mx2);
    sw_season_free(&s2);
    sw_matrix_free(&mx);
    sw_season_free(&s);
}

static void test_cyclic_construction(void **state) {
    (void)state;
    cyclic_case("6ronden/18p6rextra.txt", 18, 6, 1, 12000000, 12000000);
    cyclic_case("6ronden/20p6rextra.txt", 20, 2, 1, 12000000, 12000000);
    /* two disjoint K(6,6) a session: order 6 fails within its 1 M swaps,
     * order 3 finds one when the swaps inside its four lines are skipped */
    cyclic_case("6ronden/24p6rextraNieuw.txt", 24, 3, 5, 6000000, 1000000);

    sw_season s = team_season("6ronden/12p6ropt.txt", 12, 6);
    sw_matrix mx;
    sw_error err;
    assert_int_equal(sw_matrix_init(&mx, &s, &err), SW_OK);
    int saved[6][13];
    for (int k = 0; k < 6; k++)
        memcpy(saved[k], mx.assign[k], sizeof saved[k]);
    sw_limits lim = {NULL, 0};
    sw_rng rng;
    sw_rng_seed(&rng, 1, 7);
    bool built = true;
    long long swaps = sw_cyclic_run(&mx, &rng, 400000, 200000, &lim, &built);
    assert_false(built);
    assert_true(swaps > 200000 - 66 && swaps <= 400000);
    for (int k = 0; k < 6; k++)
        assert_memory_equal(saved[k], mx.assign[k], sizeof saved[k]);
    sw_matrix_free(&mx);
    sw_season_free(&s);

    /* 17 participants for 18 positions: someone sits out, not a plain season */
    s = team_season("6ronden/18p6rextra.txt", 17, 6);
    assert_int_equal(sw_matrix_init(&mx, &s, &err), SW_OK);
    built = true;
    assert_true(sw_cyclic_run(&mx, &rng, 400000, 200000, &lim, &built) == 0);
    assert_false(built);
    sw_matrix_free(&mx);
    sw_season_free(&s);
}

/* The default method on 18p6rextra x 6 in its deterministic form, shortened
 * (the annealing a fiftieth of its length ends above So's bound): restart
 * 1 goes on from the cyclic construction's season, so two restarts end at
 * So's bound, byte-identical with 1 and 2 threads. */
static void test_cyclic_in_search(void **state) {
    (void)state;
    int *first = NULL;
    for (int threads = 1; threads <= 2; threads++) {
        sw_search_result res;
        sw_season s = short_default_run("6ronden/18p6rextra.txt", 18, 3, threads, &res);
        assert_true(res.cyclic_built && res.cyclic_swaps > 0);
        assert_int_equal(sw_i256_cmp(res.after.so, res.after.so_bound), 0);
        assert_same_assignments(&first, &s);
        sw_season_free(&s);
    }
    free(first);
}

/* ---- sit-out seasons: the rests-first walk and the exchanges keeping Sr ---- */

/* A season of a team movement with fewer participants than positions (so
 * sit-outs to choose) and rests carried over: participant i carries
 * carry[i % 3]. */
static sw_season sitout_season(const char *rel, int n, int sessions, const int carry[3]) {
    sw_season s = team_season(rel, n, sessions);
    for (int i = 0; i < n; i++)
        s.part[i].rests = carry[i % 3];
    sw_error err;
    assert_int_equal(sw_season_validate(&s, "t", &err), SW_OK);
    return s;
}

/* Every distinct vector of one session's rests over the participants: for
 * each layout of its empty positions, the rests of the taken positions
 * (the matrix's position tables) dealt to the participants in every order. */
typedef struct rest_vectors {
    int count, n;
    int v[4096][8];
} rest_vectors;

static void deal(rest_vectors *rv, const int *vals, int n, int *used, int *cur, int x) {
    if (x == n) {
        for (int y = 0; y < rv->count; y++)
            if (!memcmp(rv->v[y], cur, sizeof(int) * (size_t)n))
                return;
        assert_true(rv->count < 4096);
        memcpy(rv->v[rv->count++], cur, sizeof(int) * (size_t)n);
        return;
    }
    for (int i = 0; i < n; i++)
        if (!used[i]) {
            used[i] = 1;
            cur[i] = vals[x];
            deal(rv, vals, n, used, cur, x + 1);
            used[i] = 0;
        }
}

static void session_vectors(sw_matrix *mx, int k, rest_vectors *rv) {
    int P = mx->season->movements[0].positions, n = mx->n;
    rv->count = 0;
    rv->n = n;
    for (unsigned mask = 0; mask < 1u << P; mask++) {
        if (__builtin_popcount(mask) != P - n)
            continue;
        for (int p = 1, i = 0; p <= P; p++)
            mx->assign[k][p] = mask >> (p - 1) & 1 ? 0 : ++i;
        sw_matrix_rebuild(mx);
        assert_true(sw_matrix_tables_ready(mx, k));
        int vals[8], nv = 0, used[8] = {0}, cur[8];
        for (int p = 1; p <= P; p++)
            if (mx->assign[k][p])
                vals[nv++] = mx->wr[k][p];
        deal(rv, vals, n, used, cur, 0);
    }
}

/* The least N^4 Sr over every choice of one vector a session. */
static void best_sr(const rest_vectors *rv, int nk, int x, int *tot, int n, __int128 *best) {
    if (x == nk) {
        int64_t R = 0;
        for (int i = 0; i < n; i++)
            R += tot[i];
        __int128 F = 0;
        for (int i = 0; i < n; i++) {
            __int128 d = (__int128)n * tot[i] - R;
            F += d * d * d * d;
        }
        if (*best < 0 || F < *best)
            *best = F;
        return;
    }
    for (int y = 0; y < rv[x].count; y++) {
        for (int i = 0; i < n; i++)
            tot[i] += rv[x].v[y][i];
        best_sr(rv, nk, x + 1, tot, n, best);
        for (int i = 0; i < n; i++)
            tot[i] -= rv[x].v[y][i];
    }
}

/* On small sit-out seasons (8 positions, 5 to 7 participants, rests
 * carried over) the rests-first walk reaches the least Sr that brute force
 * over every rest vector finds, from random starts; the plan's bound is a
 * lower bound, and the walk ends on it exactly when the two agree. */
static void test_rests_walk_reaches_brute_force(void **state) {
    (void)state;
    static const int carry[][3] = {{0, 0, 0}, {1, 0, 0}, {2, 1, 0}};
    static rest_vectors rv[3];
    for (int n = 5; n <= 7; n++)
        for (int c = 0; c < 3; c++) {
            sw_season s = sitout_season("6ronden/8p6rTeamH.txt", n, 3, carry[c]);
            sw_matrix mx;
            sw_error err;
            assert_int_equal(sw_matrix_init(&mx, &s, &err), SW_OK);
            for (int k = 0; k < 3; k++)
                session_vectors(&mx, k, &rv[k]);
            int tot[8];
            for (int i = 0; i < n; i++)
                tot[i] = s.part[i].rests;
            __int128 want = -1;
            best_sr(rv, 3, 0, tot, n, &want);
            sw_rests_plan pl;
            sw_rests_plan_init(&pl, &mx);
            assert_true(pl.ok && pl.exact);
            __int128 bound;
            assert_true(sw_i256_to_i128(pl.bound, &bound));
            assert_true(bound <= want);
            sw_rests_plan none = {0}; /* the walk without a plan: from any layout */
            for (int seed = 1; seed <= 6; seed++) {
                sw_rng rng;
                sw_rng_seed(&rng, (uint64_t)seed, 2);
                sw_search_randomize(&mx, &rng);
                sw_limits lim = {NULL, 0};
                sw_rests_run(&mx, &rng, 2000, seed & 1 ? &pl : &none, &lim);
                __int128 got;
                assert_true(sw_i256_to_i128(sw_criteria_sr(&mx), &got));
                if (got != want)
                    fail_msg("n %d carry %d seed %d: walk %g, brute force %g", n, c, seed,
                             (double)got, (double)want);
                assert_int_equal(sw_season_validate(&s, "t", &err), SW_OK);
            }
            sw_rests_plan_free(&pl);
            sw_matrix_free(&mx);
            sw_season_free(&s);
        }
}

/* An exchange sw_keeps_sr accepts never raises Sr, and one it refuses
 * (a plain swap) raises it: checked against a full recomputation over
 * random states and exchanges of two sit-out seasons with carried rests. */
static void test_keeps_sr_matches_recomputation(void **state) {
    (void)state;
    static const int carry[3] = {0, 2, 1};
    const char *rel[] = {"7ronden/16p7rTeamS.txt", "6ronden/14p6rTeamS.txt"};
    const int n[] = {13, 11};
    int kept = 0, refused = 0, moved = 0;
    for (int c = 0; c < 2; c++) {
        sw_season s = sitout_season(rel[c], n[c], 4, carry);
        sw_matrix mx, check;
        sw_error err;
        assert_int_equal(sw_matrix_init(&mx, &s, &err), SW_OK);
        assert_int_equal(sw_matrix_copy(&check, &mx, &err), SW_OK);
        sw_rng rng;
        sw_rng_seed(&rng, 11, (uint64_t)c);
        int P = s.movements[0].positions;
        for (int round = 0; round < 20; round++) {
            sw_search_randomize(&mx, &rng);
            for (int x = 0; x < 200; x++) {
                int k = (int)sw_rng_bounded(&rng, 4);
                int p = 1 + (int)sw_rng_bounded(&rng, (uint32_t)P);
                int q = 1 + (int)sw_rng_bounded(&rng, (uint32_t)P);
                if (p == q || !mx.assign[k][p] || !mx.assign[k][q])
                    continue;
                assert_true(sw_matrix_tables_ready(&mx, k));
                bool keeps = sw_keeps_sr(&mx, k, p, q);
                moved += mx.wr[k][p] != mx.wr[k][q];
                sw_matrix_assign_from(&check, &mx);
                sw_i256 before = sw_criteria_sr(&check);
                int *as = check.assign[k], t = as[p];
                as[p] = as[q];
                as[q] = t;
                sw_matrix_rebuild(&check);
                int cmp = sw_i256_cmp(sw_criteria_sr(&check), before);
                assert_int_equal(keeps, cmp <= 0);
                kept += keeps;
                refused += !keeps;
                if (keeps && sw_rng_bounded(&rng, 2))
                    sw_matrix_exchange(&mx, k, p, q); /* walk on, Sr falling */
            }
        }
        sw_matrix_free(&check);
        sw_matrix_free(&mx);
        sw_season_free(&s);
    }
    /* both answers were given, and exchanges that move rests were tried */
    assert_true(kept > 100 && refused > 100 && moved > 100);
}

/* The default method on sit-out seasons: it walks the rests first and
 * keeps them, so its Sr is the plan's bound where the walk reaches it
 * (16p7rTeamS with 13 pairs: Sr 0, which picolo's method misses with some
 * seeds), and its deterministic form is byte-identical for 1, 2 and 4
 * threads. */
static void test_default_method_sitouts(void **state) {
    (void)state;
    int *first = NULL;
    for (int threads = 1; threads <= 4; threads *= 2) {
        sw_season s = team_season("7ronden/16p7rTeamS.txt", 13, 6);
        sw_search_opts o = {.seed = 2, .restarts = 3, .threads = threads};
        sw_method m;
        sw_method_default(&s, &m);
        assert_true(m.rests > 0 && m.anneal > 0 && m.tabu > 0);
        m.anneal /= 50; /* short: the properties do not need length */
        m.tabu = 300;
        sw_search_result res;
        sw_error err;
        assert_int_equal(sw_search_run_method(&s, &o, &m, &res, &err), SW_OK);
        assert_true(res.rests_iters > 0);
        assert_int_equal(sw_i256_cmp(res.after.sr, sw_i256_from_i64(0)), 0);
        assert_same_assignments(&first, &s);
        sw_season_free(&s);
    }
    free(first);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_brute_force_everyone_present),
        cmocka_unit_test(test_brute_force_with_absentees_and_played),
        cmocka_unit_test(test_descent_ends_in_local_optimum),
        cmocka_unit_test(test_same_result_for_any_thread_count),
        cmocka_unit_test(test_tabu_and_compound_never_lose),
        cmocka_unit_test(test_tabu_beats_plain_on_10p6rTeamH),
        cmocka_unit_test(test_bad_requests),
        cmocka_unit_test(test_pricer_matches_exchange),
        cmocka_unit_test(test_pair_price_matches_exchanges),
        cmocka_unit_test(test_default_method_deterministic),
        cmocka_unit_test(test_time_budget_is_kept),
        cmocka_unit_test(test_default_method_meets_picolo_10p6rTeamH),
        cmocka_unit_test(test_symmetries_brute_force),
        cmocka_unit_test(test_orbit_construction),
        cmocka_unit_test(test_orbit_probe),
        cmocka_unit_test(test_invariant_construction),
        cmocka_unit_test(test_invariant_in_search),
        cmocka_unit_test(test_cyclic_construction),
        cmocka_unit_test(test_cyclic_in_search),
        cmocka_unit_test(test_rests_walk_reaches_brute_force),
        cmocka_unit_test(test_keeps_sr_matches_recomputation),
        cmocka_unit_test(test_default_method_sitouts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
