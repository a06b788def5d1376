/* tests/test_schedule.c: whole-event schedules (sw_seating_schedule, 'seat
 * schedule'): the fewest repeats against a brute-force enumeration of all
 * schedules of small events, the best known repeat-free lengths, structural
 * invariants (tables, sit-out fairness, winds) recounted from the rounds,
 * determinism for a seed, bad input, the stop flag and the command end to
 * end with its JSON read back.
 * SPDX-License-Identifier: MIT */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "support.h"

#include "matrix/criteria.h"
#include "matrix/matrix.h"
#include "report/report.h"
#include "season/season.h"
#include "seating/seating.h"
#include "util/fileio.h"
#include "util/json.h"

static void make_players(sw_seating_event *ev, int n) {
    sw_error err;
    sw_seating_event_init(ev);
    for (int p = 1; p <= n; p++)
        must(sw_seating_add_player(ev, p, NULL, &err), &err);
}

static sw_schedule_outcome plan3(sw_seating_event *ev, int n, int rounds, int threes, uint64_t seed,
                                 long iterations) {
    make_players(ev, n);
    sw_schedule_options o;
    sw_schedule_options_default(&o);
    o.rounds = rounds;
    o.threes = threes;
    o.seed = seed;
    o.iterations = iterations;
    o.threads = 1;
    sw_schedule_outcome out;
    sw_error err;
    must(sw_seating_schedule(ev, &o, &out, &err), &err);
    return out;
}

static sw_schedule_outcome plan(sw_seating_event *ev, int n, int rounds, uint64_t seed,
                                long iterations) {
    return plan3(ev, n, rounds, 0, seed, iterations);
}

/* Recount everything from the rounds and check it against the outcome:
 * K = out->threes tables of three (N seat empty) and floor((N-3K)/4) of four
 * a round, nobody twice, sit-outs within 1, the repeats, the repeat-free
 * prefix and the wind spread. Returns the repeats. */
static long check_invariants(const sw_seating_event *ev, const sw_schedule_outcome *out,
                             int rounds) {
    int n = ev->nplayers;
    assert_int_equal(ev->nrounds, rounds);
    int *meet = calloc((size_t)n * n, sizeof *meet), *rests = calloc((size_t)n, sizeof *rests);
    int *seen = calloc((size_t)n, sizeof *seen), *winds = calloc((size_t)n * 4, sizeof *winds);
    int *thr = calloc((size_t)n, sizeof *thr);
    long repeats = 0;
    int prefix = -1;
    for (int r = 0; r < rounds; r++) {
        const sw_seating_round *rd = &ev->rounds[r];
        int K = out->threes, threes = 0;
        assert_int_equal(rd->ntables, (n - 3 * K) / 4 + K);
        memset(seen, 0, (size_t)n * sizeof *seen);
        for (int t = 0; t < rd->ntables; t++) {
            int size = rd->tables[t].seat[3] == SW_SEAT_EMPTY ? 3 : 4;
            threes += size == 3;
            for (int a = 0; a < size; a++) {
                int p = rd->tables[t].seat[a];
                assert_true(p >= 0 && p < n);
                thr[p] += size == 3;
                assert_int_equal(seen[p]++, 0);
                winds[p * 4 + a]++;
                for (int b = a + 1; b < size; b++) {
                    int q = rd->tables[t].seat[b];
                    int lo_ = p < q ? p : q, hi_ = p < q ? q : p;
                    if (++meet[lo_ * n + hi_] > 1)
                        repeats++;
                }
            }
        }
        assert_int_equal(threes, K);
        for (int p = 0; p < n; p++)
            rests[p] += !seen[p];
        if (repeats > 0 && prefix < 0)
            prefix = r;
    }
    if (prefix < 0)
        prefix = rounds;
    int lo = rests[0], hi = rests[0], wmax = 0;
    for (int p = 0; p < n; p++) {
        lo = rests[p] < lo ? rests[p] : lo;
        hi = rests[p] > hi ? rests[p] : hi;
        int wl = winds[p * 4], wh = winds[p * 4];
        for (int w = 1; w < 4; w++) {
            wl = winds[p * 4 + w] < wl ? winds[p * 4 + w] : wl;
            wh = winds[p * 4 + w] > wh ? winds[p * 4 + w] : wh;
        }
        wmax = wh - wl > wmax ? wh - wl : wmax;
    }
    assert_true(hi - lo <= 1);
    assert_int_equal(hi - lo, out->sitout_spread);
    int tlo = thr[0], thi = thr[0];
    for (int p = 0; p < n; p++) {
        tlo = thr[p] < tlo ? thr[p] : tlo;
        thi = thr[p] > thi ? thr[p] : thi;
    }
    assert_int_equal(thi - tlo, out->threes_spread);
    assert_int_equal(repeats, out->repeats);
    assert_int_equal(prefix, out->repeat_free_rounds);
    assert_int_equal(wmax, out->wind_spread_max);
    long D = (long)n * (n - 1) / 2,
         total = (6L * ((n - 3 * out->threes) / 4) + 3L * out->threes) * rounds;
    assert_int_equal(out->repeats_bound, total > D ? total - D : 0);
    assert_true(out->repeats >= out->repeats_bound);
    free(meet);
    free(rests);
    free(seen);
    free(winds);
    free(thr);
    return repeats;
}

/* ---- brute force: every schedule of a small event ---- */

#define ORACLE_MAX_ROUNDS 6000 /* 12 players: 5775 rounds */

typedef struct oracle {
    int n, T4, T3, R;
    int nrounds;
    int (*rounds)[16];    /* the seated players of each possible round, table by table */
    signed char (*sz)[8]; /* the size of each of those tables (4 or 3) */
    int (*outs)[4];       /* sit-outs of each possible round */
    int meet[16 * 16], rests[16];
    long best;
    bool overflow; /* more rounds than ORACLE_MAX_ROUNDS */
} oracle;

/* All rounds: choose the sit-outs, then split the rest into tables; the
 * lowest unseated player always opens the next table, of either size while
 * tables of that size are left (each round once). */
static void gen_tables(oracle *o, int *left, int nleft, int *cur, int ncur, signed char *sz, int t,
                       int n4, int n3, const int *out) {
    if (nleft == 0) {
        if (o->nrounds == ORACLE_MAX_ROUNDS) {
            o->overflow = true;
            return;
        }
        memcpy(o->rounds[o->nrounds], cur, (size_t)ncur * sizeof *cur);
        memcpy(o->sz[o->nrounds], sz, sizeof o->sz[0]);
        memcpy(o->outs[o->nrounds], out, sizeof o->outs[0]);
        o->nrounds++;
        return;
    }
    int a = left[0];
    if (ncur + 4 > 16 || t >= 8)
        return; /* never: at most 12 seated, but tells the compiler */
    for (int z = 4; z >= 3; z--) {
        if ((z == 4 ? n4 : n3) == 0)
            continue;
        for (int i = 1; i < nleft; i++)
            for (int j = i + 1; j < nleft; j++)
                for (int k = j + 1; k <= nleft; k++) {
                    if ((z == 3) != (k == nleft))
                        continue; /* k == nleft: no fourth player */
                    int rest[16], nr = 0;
                    for (int x = 1; x < nleft; x++)
                        if (x != i && x != j && x != k)
                            rest[nr++] = left[x];
                    cur[ncur] = a;
                    cur[ncur + 1] = left[i];
                    cur[ncur + 2] = left[j];
                    if (z == 4)
                        cur[ncur + 3] = left[k];
                    sz[t] = (signed char)z;
                    gen_tables(o, rest, nr, cur, ncur + z, sz, t + 1, n4 - (z == 4), n3 - (z == 3),
                               out);
                }
    }
}

static void gen_rounds(oracle *o) {
    int k = o->n - 4 * o->T4 - 3 * o->T3, out[4] = {-1, -1, -1, -1};
    for (int mask = 0; mask < (1 << o->n); mask++) {
        if (__builtin_popcount((unsigned)mask) != k)
            continue;
        int left[16], nl = 0, no = 0, cur[16];
        signed char sz[8] = {0};
        for (int p = 0; p < o->n; p++) {
            if (mask >> p & 1)
                out[no++] = p;
            else
                left[nl++] = p;
        }
        gen_tables(o, left, nl, cur, 0, sz, 0, o->T4, o->T3, out);
    }
}

static long oracle_repeats(const oracle *o) {
    long rep = 0;
    for (int i = 0; i < o->n; i++)
        for (int j = i + 1; j < o->n; j++)
            rep += o->meet[i * o->n + j] > 1 ? o->meet[i * o->n + j] - 1 : 0;
    return rep;
}

static void apply_round(oracle *o, int r, int d) {
    for (int t = 0, f = 0; t < o->T4 + o->T3; f += o->sz[r][t++])
        for (int a = 0; a < o->sz[r][t]; a++)
            for (int b = a + 1; b < o->sz[r][t]; b++) {
                int p = o->rounds[r][f + a], q = o->rounds[r][f + b];
                o->meet[p * o->n + q] += d;
                o->meet[q * o->n + p] += d;
            }
    for (int s = 0; s < o->n - 4 * o->T4 - 3 * o->T3; s++)
        o->rests[o->outs[r][s]] += d;
}

/* Rounds 2.. over every possible round (round 1 fixed: players are
 * interchangeable), keeping the sit-outs within 1 as the schedule does. */
static void search_rounds(oracle *o, int depth) {
    if (depth == o->R) {
        int lo = o->rests[0], hi = o->rests[0];
        for (int p = 1; p < o->n; p++) {
            lo = o->rests[p] < lo ? o->rests[p] : lo;
            hi = o->rests[p] > hi ? o->rests[p] : hi;
        }
        long rep = oracle_repeats(o);
        if (hi - lo <= 1 && rep < o->best)
            o->best = rep;
        return;
    }
    for (int r = 0; r < o->nrounds; r++) {
        apply_round(o, r, +1);
        search_rounds(o, depth + 1);
        apply_round(o, r, -1);
    }
}

/* The fewest repeats of any schedule of n players, R rounds, `threes`
 * tables of three a round, and the number of distinct rounds. */
static long brute_force_min_repeats3(int n, int R, int threes, int *nrounds) {
    oracle *o = calloc(1, sizeof *o);
    o->n = n;
    o->T3 = threes;
    o->T4 = (n - 3 * threes) / 4;
    o->R = R;
    o->rounds = calloc(ORACLE_MAX_ROUNDS, sizeof *o->rounds);
    o->sz = calloc(ORACLE_MAX_ROUNDS, sizeof *o->sz);
    o->outs = calloc(ORACLE_MAX_ROUNDS, sizeof *o->outs);
    o->best = 1L << 40;
    gen_rounds(o);
    assert_false(o->overflow);
    apply_round(o, 0, +1);
    search_rounds(o, 1);
    long best = o->best;
    if (nrounds)
        *nrounds = o->nrounds;
    free(o->rounds);
    free(o->sz);
    free(o->outs);
    free(o);
    return best;
}

static long brute_force_min_repeats(int n, int R) {
    return brute_force_min_repeats3(n, R, 0, NULL);
}

static void test_fewest_repeats_brute_force(void **state) {
    (void)state;
    /* (players, rounds): possible rounds 35 (8), 315 (9), 5775 (12) */
    static const int cases[][2] = {{8, 2}, {8, 3}, {8, 4}, {9, 2}, {9, 3}, {12, 2}, {5, 3}};
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        int n = cases[c][0], R = cases[c][1];
        long best = brute_force_min_repeats(n, R);
        for (uint64_t seed = 1; seed <= 3; seed++) {
            sw_seating_event ev;
            sw_schedule_outcome out = plan(&ev, n, R, seed, 2000);
            long rep = check_invariants(&ev, &out, R);
            if (rep != best)
                fail_msg("%d players, %d rounds, seed %llu: %ld repeats, fewest possible %ld", n, R,
                         (unsigned long long)seed, rep, best);
            sw_seating_event_free(&ev);
        }
    }
}

/* Tables of three: the fewest repeats against the brute force, and the
 * count of possible rounds against the formula (so the enumeration itself
 * is right: 7 players, one table of four and one of three: C(7,4) = 35). */
static void test_tables_of_three(void **state) {
    (void)state;
    int nr;
    brute_force_min_repeats3(7, 1, 1, &nr);
    assert_int_equal(nr, 35);
    brute_force_min_repeats3(10, 1, 2, &nr); /* C(10,4) * C(6,3) / 2 */
    assert_int_equal(nr, 210 * 10);
    brute_force_min_repeats3(8, 1, 1, &nr); /* one sits out: 8 * C(7,4) */
    assert_int_equal(nr, 8 * 35);
    /* (players, rounds, tables of three) */
    static const int cases[][3] = {{6, 3, 2}, {6, 4, 2},  {7, 3, 1}, {7, 4, 1},
                                   {9, 2, 3}, {10, 2, 2}, {8, 3, 1}, {11, 2, 1}};
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        int n = cases[c][0], R = cases[c][1], K = cases[c][2];
        long best = brute_force_min_repeats3(n, R, K, NULL);
        for (uint64_t seed = 1; seed <= 2; seed++) {
            sw_seating_event ev;
            sw_schedule_outcome out = plan3(&ev, n, R, K, seed, 2000);
            assert_int_equal(out.threes, K);
            long rep = check_invariants(&ev, &out, R);
            if (rep != best)
                fail_msg("%d players, %d rounds, %d tables of three, seed %llu: %ld repeats, "
                         "fewest possible %ld",
                         n, R, K, (unsigned long long)seed, rep, best);
            sw_seating_event_free(&ev);
        }
    }
    /* auto: the fewest tables of three that seat everyone */
    static const int autos[][2] = {{4, 0}, {5, 0}, {6, 2}, {7, 1}, {9, 3}, {13, 3}, {30, 2}};
    for (size_t c = 0; c < sizeof autos / sizeof *autos; c++) {
        sw_seating_event ev;
        sw_schedule_outcome out = plan3(&ev, autos[c][0], 3, SW_SCHEDULE_THREES_AUTO, 1, 500);
        assert_int_equal(out.threes, autos[c][1]);
        check_invariants(&ev, &out, 3);
        if (autos[c][0] != 5)
            assert_int_equal(out.sitout_spread, 0);
        sw_seating_event_free(&ev);
    }
    /* a larger field with nobody sitting out, repeat-free, and the tables of
     * three shared out evenly (8 rounds x 6 places over 30 players: 1 or 2
     * each) */
    sw_seating_event ev;
    sw_schedule_outcome out = plan3(&ev, 30, 8, SW_SCHEDULE_THREES_AUTO, 1, 0);
    check_invariants(&ev, &out, 8);
    assert_int_equal(out.repeats, 0);
    assert_true(out.threes_spread <= 1);
    sw_seating_event_free(&ev);
    /* more tables of three than the players fill */
    make_players(&ev, 8);
    sw_schedule_options o;
    sw_schedule_options_default(&o);
    o.rounds = 2;
    o.threes = 3;
    sw_error err;
    assert_int_equal(sw_seating_schedule(&ev, &o, NULL, &err), SW_ERR_INVALID);
    assert_non_null(strstr(err.msg, "3 tables of three for 8 players"));
    o.threes = -2;
    assert_int_equal(sw_seating_schedule(&ev, &o, NULL, &err), SW_ERR_INVALID);
    assert_int_equal(ev.nrounds, 0);
    sw_seating_event_free(&ev);
}

/* The best known repeat-free lengths (social golfer problem, tables of 4). */
static void test_best_known_lengths(void **state) {
    (void)state;
    static const int cases[][2] = {{16, 5}, {20, 5}, {24, 7}, {28, 9}, {32, 10}};
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        sw_seating_event ev;
        sw_schedule_outcome out = plan(&ev, cases[c][0], cases[c][1], 1, 0);
        check_invariants(&ev, &out, cases[c][1]);
        if (out.repeats != 0)
            fail_msg("%d players, %d rounds: %ld repeats", cases[c][0], cases[c][1], out.repeats);
        assert_int_equal(out.repeat_free_rounds, cases[c][1]);
        assert_false(out.stopped);
        int n = cases[c][0];
        assert_int_equal(out.constructed, n == 16 || n == 28 || n == 32 ? cases[c][1] : 0);
        sw_seating_event_free(&ev);
    }
}

/* 32 x 10 (social golfer 8-4-10, the most rounds possible) is constructed
 * (golf.c): every prefix is repeat-free, every player meets 30 of the 31
 * others, and the seed relabels the players. */
static void test_32_players_10_rounds_constructed(void **state) {
    (void)state;
    for (int R = 1; R <= 10; R++) {
        sw_seating_event ev;
        sw_schedule_outcome out = plan(&ev, 32, R, (uint64_t)R, 0);
        assert_int_equal(out.constructed, R);
        assert_int_equal(check_invariants(&ev, &out, R), 0);
        assert_int_equal(out.iterations + out.cyclic_iterations, 0);
        sw_seating_event_free(&ev);
    }
    sw_seating_event a, b;
    plan(&a, 32, 10, 1, 0);
    plan(&b, 32, 10, 2, 0);
    int met[32][32] = {{0}}, differ = 0;
    for (int r = 0; r < 10; r++) {
        differ |= memcmp(a.rounds[r].tables, b.rounds[r].tables, 8 * sizeof *a.rounds[r].tables);
        for (int t = 0; t < 8; t++)
            for (int i = 0; i < 4; i++)
                for (int j = 0; j < 4; j++)
                    met[a.rounds[r].tables[t].seat[i]][a.rounds[r].tables[t].seat[j]] |= i != j;
    }
    for (int p = 0; p < 32; p++) {
        int k = 0;
        for (int q = 0; q < 32; q++)
            k += met[p][q];
        assert_int_equal(k, 30);
    }
    assert_true(differ);
    sw_seating_event_free(&a);
    sw_seating_event_free(&b);
}

/* The stored designs (designs.c), checked by counting: for n = 4 (mod 12)
 * up to 100, (n - 1)/3 rounds in which every pair meets exactly once; 36 x
 * 11 in which every player meets 33 of the 35 others once (and misses 2).
 * Each player once a round and no pair twice are check_invariants' counts;
 * every prefix is repeat-free, so a shorter event is constructed too. The
 * next round past them reaches the floor (every pair has met). */
static void test_designs_constructed(void **state) {
    (void)state;
    static const int cases[][2] = {{16, 5},  {28, 9},  {36, 11}, {40, 13}, {52, 17},
                                   {64, 21}, {76, 25}, {88, 29}, {100, 33}};
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        int n = cases[c][0], R = cases[c][1];
        sw_seating_event ev;
        sw_schedule_outcome out = plan(&ev, n, R, (uint64_t)c + 1, 0);
        assert_int_equal(out.constructed, R);
        if (check_invariants(&ev, &out, R) != 0)
            fail_msg("%d players x %d rounds: %ld repeats", n, R, out.repeats);
        assert_int_equal(out.repeat_free_rounds, R);
        assert_int_equal(out.iterations + out.cyclic_iterations, 0);
        int *met = calloc((size_t)n * n, sizeof *met);
        assert_non_null(met);
        for (int r = 0; r < R; r++) {
            assert_int_equal(ev.rounds[r].ntables, n / 4);
            for (int t = 0; t < n / 4; t++)
                for (int i = 0; i < 4; i++)
                    for (int j = 0; j < 4; j++)
                        if (i != j)
                            met[ev.rounds[r].tables[t].seat[i] * n +
                                ev.rounds[r].tables[t].seat[j]]++;
        }
        for (int p = 0; p < n; p++) {
            int others = 0;
            for (int q = 0; q < n; q++) {
                assert_true(met[p * n + q] <= 1);
                others += met[p * n + q];
            }
            assert_int_equal(others, n == 36 ? 33 : n - 1);
        }
        free(met);
        sw_seating_event_free(&ev);
        /* a shorter event: the first rounds; a longer one: at the floor */
        out = plan(&ev, n, R / 2 + 1, 7, 0);
        assert_int_equal(out.constructed, R / 2 + 1);
        assert_int_equal(check_invariants(&ev, &out, R / 2 + 1), 0);
        sw_seating_event_free(&ev);
        if (n != 36) {
            out = plan(&ev, n, R + 1, 7, 0);
            assert_int_equal(out.constructed, R);
            assert_int_equal(check_invariants(&ev, &out, R + 1), out.repeats_bound);
            assert_int_equal(out.repeat_free_rounds, R);
            sw_seating_event_free(&ev);
        }
    }
    /* sizes without a stored design are searched */
    sw_seating_event ev;
    sw_schedule_outcome out = plan(&ev, 24, 2, 1, 0);
    assert_int_equal(out.constructed, 0);
    sw_seating_event_free(&ev);
}

/* Longer events: every pair meets, so the repeats have a floor; reached. */
static void test_longer_events_reach_the_floor(void **state) {
    (void)state;
    static const int cases[][2] = {{8, 7}, {12, 8}, {16, 8}};
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        sw_seating_event ev;
        sw_schedule_outcome out = plan(&ev, cases[c][0], cases[c][1], 1, 20000);
        check_invariants(&ev, &out, cases[c][1]);
        assert_true(out.repeats_bound > 0);
        if (out.repeats != out.repeats_bound)
            fail_msg("%d players, %d rounds: %ld repeats, floor %ld", cases[c][0], cases[c][1],
                     out.repeats, out.repeats_bound);
        sw_seating_event_free(&ev);
    }
}

static void test_invariants_with_sitouts(void **state) {
    (void)state;
    for (int n = 4; n <= 23; n++)
        for (int R = 1; R <= 7; R += 6) {
            sw_seating_event ev;
            sw_schedule_outcome out = plan(&ev, n, R, (uint64_t)n, 500);
            check_invariants(&ev, &out, R);
            /* winds: exact at tables of four (test_winds_exact) */
            assert_true(out.wind_spread_max <= 1);
            if (R == 1)
                assert_int_equal(out.repeats, 0);
            sw_seating_event_free(&ev);
        }
}

/* Winds at tables of four, recounted after every round: a player's wind
 * counts differ by at most 1, and not at all after a multiple of 4 games
 * (so at the end of R = 4k rounds when nobody sits out), on many sizes,
 * sit-outs included (N not a multiple of 4), and on constructed schedules
 * (16 x 5, 32 x 8, 64 x 8: 32 and 64 players over 4 or 8 rounds had a
 * spread of 2 before). */
static void test_winds_exact(void **state) {
    (void)state;
    static const int sizes[] = {4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15, 16,
                                17, 18, 19, 20, 23, 24, 28, 32, 40, 48, 64, 100};
    static const int rounds[] = {1, 2, 3, 4, 5, 7, 8, 12};
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++)
        for (size_t j = 0; j < sizeof rounds / sizeof *rounds; j++) {
            int n = sizes[i], R = rounds[j];
            /* the winds need tables, not good ones: no season search, 1
             * tabu iteration */
            sw_seating_event ev;
            make_players(&ev, n);
            sw_schedule_options o;
            sw_schedule_options_default(&o);
            o.rounds = R;
            o.seed = (uint64_t)(n * 100 + R);
            o.restarts = 0;
            o.iterations = 1;
            o.threads = 1;
            sw_schedule_outcome out;
            sw_error err;
            must(sw_seating_schedule(&ev, &o, &out, &err), &err);
            check_invariants(&ev, &out, R);
            int *w = calloc((size_t)n * 4, sizeof *w), *games = calloc((size_t)n, sizeof *games);
            assert_non_null(w);
            assert_non_null(games);
            for (int r = 0; r < R; r++) {
                for (int t = 0; t < ev.rounds[r].ntables; t++)
                    for (int k = 0; k < 4; k++) {
                        int p = ev.rounds[r].tables[t].seat[k];
                        w[p * 4 + k]++;
                        games[p]++;
                    }
                for (int p = 0; p < n; p++) {
                    int lo = w[p * 4], hi = w[p * 4];
                    for (int k = 1; k < 4; k++) {
                        lo = w[p * 4 + k] < lo ? w[p * 4 + k] : lo;
                        hi = w[p * 4 + k] > hi ? w[p * 4 + k] : hi;
                    }
                    if (hi - lo > (games[p] % 4 != 0))
                        fail_msg("%d players x %d rounds, after round %d: player %d has winds "
                                 "%d %d %d %d in %d games",
                                 n, R, r + 1, p, w[p * 4], w[p * 4 + 1], w[p * 4 + 2], w[p * 4 + 3],
                                 games[p]);
                }
            }
            if (R % 4 == 0 && n % 4 == 0)
                assert_int_equal(out.wind_spread_max, 0);
            free(w);
            free(games);
            sw_seating_event_free(&ev);
        }
}

static void test_determinism_for_a_seed(void **state) {
    (void)state;
    sw_seating_event a, b, c;
    plan(&a, 22, 7, 42, 3000);
    plan(&b, 22, 7, 42, 3000);
    plan(&c, 22, 7, 43, 3000);
    bool same_c = true;
    for (int r = 0; r < a.nrounds; r++) {
        assert_int_equal(a.rounds[r].ntables, b.rounds[r].ntables);
        assert_memory_equal(a.rounds[r].tables, b.rounds[r].tables,
                            (size_t)a.rounds[r].ntables * sizeof *a.rounds[r].tables);
        same_c &= !memcmp(a.rounds[r].tables, c.rounds[r].tables,
                          (size_t)a.rounds[r].ntables * sizeof *a.rounds[r].tables);
    }
    assert_false(same_c); /* the seed matters */
    sw_seating_event_free(&a);
    sw_seating_event_free(&b);
    sw_seating_event_free(&c);
}

static void expect_error(int n, int rounds, bool with_round, sw_status code, const char *text) {
    sw_seating_event ev;
    make_players(&ev, n);
    sw_error err;
    if (with_round) {
        sw_seating_table t = {{0, 1, 2, 3}};
        must(sw_seating_add_round(&ev, &t, 1, &err), &err);
    }
    sw_schedule_options o;
    sw_schedule_options_default(&o);
    o.rounds = rounds;
    sw_error_clear(&err);
    assert_int_equal(sw_seating_schedule(&ev, &o, NULL, &err), code);
    if (!strstr(err.msg, text))
        fail_msg("message '%s' lacks '%s'", err.msg, text);
    assert_int_equal(ev.nrounds, with_round ? 1 : 0); /* nothing appended */
    sw_seating_event_free(&ev);
}

static void test_bad_input(void **state) {
    (void)state;
    expect_error(3, 2, false, SW_ERR_INVALID, "3 players, expected at least 4");
    expect_error(0, 2, false, SW_ERR_INVALID, "0 players");
    expect_error(8, 0, false, SW_ERR_INVALID, "0 rounds, expected at least 1");
    expect_error(8, -1, false, SW_ERR_INVALID, "-1 rounds");
    /* rounds played: --rounds counts them, so 1 leaves nothing to plan */
    expect_error(8, 1, true, SW_ERR_INVALID, "has played 1");
    expect_error(1001, 2, false, SW_ERR_LIMIT, "1001 players");
    expect_error(8, 501, false, SW_ERR_LIMIT, "501 rounds");
}

static void test_stop_flag_and_time_limit(void **state) {
    (void)state;
    sw_seating_event ev;
    make_players(&ev, 36);
    sw_schedule_options o;
    sw_schedule_options_default(&o);
    o.rounds = 12; /* far from its floor (32 players now reach it at once) */
    o.iterations = 0;
    o.restarts = 0; /* the season search's descent does not watch the clock */
    o.time_limit = 0.5;
    o.threads = 1;
    sw_schedule_outcome out;
    sw_error err;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    must(sw_seating_schedule(&ev, &o, &out, &err), &err);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    assert_true(out.stopped);
    assert_true(secs < 3.0);
    check_invariants(&ev, &out, 12);
    sw_seating_event_free(&ev);

    volatile sig_atomic_t stop = 1;
    make_players(&ev, 36);
    o.time_limit = 0;
    o.iterations = 100000000;
    o.stop = &stop;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    must(sw_seating_schedule(&ev, &o, &out, &err), &err);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    assert_true(out.stopped);
    assert_true(secs < 3.0);
    check_invariants(&ev, &out, 12); /* still a complete, fair schedule */
    sw_seating_event_free(&ev);
}

/* ---- the schedule as a season (analyze reads it back) ---- */

static void write_file(const char *path, const char *text) {
    sw_error err;
    must(sw_file_write_atomic(path, text, strlen(text), &err), &err);
}

/* The JSON of a schedule read as a season: the same meetings and rests as
 * the event's statistics, pair by pair. */
static void json_reads_as_a_season(int threes) {
    sw_seating_event ev;
    sw_schedule_outcome out = plan3(&ev, 14, 6, threes, 5, 2000);
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    sw_error err;
    must(sw_seating_report(&ev, SW_SEATING_JSON, 0, &sb, &err), &err);
    write_file("schedule-season.json", sw_strbuf_cstr(&sb));
    sw_json doc;
    must(sw_json_parse(sb.data, sb.len, "schedule", &doc, &err), &err);
    /* It reads back as an event too, with the same tables of three. */
    sw_seating_event back;
    sw_seating_event_init(&back);
    must(sw_seating_event_read(&back, sb.data, sb.len, "schedule.json", &err), &err);
    assert_int_equal(back.nrounds, 6);
    for (int r = 0; r < 6; r++) {
        assert_int_equal(back.rounds[r].ntables, ev.rounds[r].ntables);
        assert_memory_equal(back.rounds[r].tables, ev.rounds[r].tables,
                            sizeof(sw_seating_table) * (size_t)ev.rounds[r].ntables);
    }
    sw_seating_event_free(&back);
    sw_strbuf_free(&sb);
    sw_season s;
    bool movement_only = true;
    must(sw_season_read_any("schedule-season.json", NULL, &s, &movement_only, &err), &err);
    assert_false(movement_only);
    assert_int_equal(s.n, 14);
    assert_int_equal(s.nsessions, 6);
    assert_int_equal(s.nmovements, 1); /* positions by first seat: one shape */
    sw_matrix mx;
    must(sw_matrix_init(&mx, &s, &err), &err);
    sw_seating_stats st;
    must(sw_seating_stats_init(&st, &ev, -1, &err), &err);
    long repeats = 0;
    for (int i = 0; i < 14; i++) {
        int pi = sw_season_find(&s, ev.players[i].id);
        assert_true(pi >= 0);
        assert_int_equal(mx.rests[pi], st.sitouts[i]);
        for (int j = 0; j < 14; j++) {
            if (i == j)
                continue;
            int pj = sw_season_find(&s, ev.players[j].id);
            assert_int_equal(sw_matrix_meet(&mx, pi, pj), st.meetings[i * 14 + j]);
            if (i < j && st.meetings[i * 14 + j] > 1)
                repeats += st.meetings[i * 14 + j] - 1;
        }
    }
    assert_int_equal(repeats, out.repeats);

    /* The schedule's metrics are analyze's: every key analyze --json writes
     * has the same value in the schedule's metrics. */
    sw_criteria crit;
    sw_criteria_compute(&mx, &crit);
    sw_report rep = {.title = "x", .season = &s, .mx = &mx, .crit = &crit};
    sw_strbuf_init(&sb);
    sw_report_json(&rep, &sb);
    sw_json ana;
    must(sw_json_parse(sb.data, sb.len, "analyze", &ana, &err), &err);
    sw_strbuf_free(&sb);
    const sw_json *ma = sw_json_get(&ana, "metrics"), *ms = sw_json_get(&doc, "metrics");
    assert_non_null(ma);
    assert_non_null(ms);
    assert_true(ma->n >= 14);
    for (int k = 0; k < ma->n; k++) {
        const sw_json *a = &ma->items[k], *b = sw_json_get(ms, ma->keys[k]);
        if (!b)
            fail_msg("schedule metrics lack \"%s\"", ma->keys[k]);
        assert_int_equal(a->type, b->type);
        if (a->type == SW_JSON_NUM && strcmp(a->str, b->str))
            fail_msg("metric %s: analyze %s, schedule %s", ma->keys[k], a->str, b->str);
    }
    /* And So is the definition, recounted from the seating statistics:
     * sum over pairs of (M - g)^4, g the mean meetings a pair. */
    double D = 14.0 * 13 / 2, g = 0, so = 0;
    for (int i = 0; i < 14; i++)
        for (int j = i + 1; j < 14; j++)
            g += st.meetings[i * 14 + j];
    g /= D;
    for (int i = 0; i < 14; i++)
        for (int j = i + 1; j < 14; j++) {
            double x = st.meetings[i * 14 + j] - g;
            so += x * x * x * x;
        }
    const sw_json *jso = sw_json_get(ms, "So");
    assert_non_null(jso);
    assert_int_equal(jso->type, SW_JSON_NUM);
    assert_true(fabs(strtod(jso->str, NULL) - so) <= 1e-9 * (1 + so));
    assert_true(so > 0); /* 14 players, 6 rounds: meetings cannot be flat */
    sw_json_free(&ana);
    sw_json_free(&doc);
    sw_seating_stats_free(&st);
    sw_matrix_free(&mx);
    sw_season_free(&s);
    sw_seating_event_free(&ev);
    remove("schedule-season.json");
}

/* The schedule's JSON read back by analyze: the same meetings and rests
 * pair by pair, the same metrics key by key; with tables of three too
 * (14 = 2 x 4 + 2 x 3: nobody sits out). */
static void test_schedule_json_reads_as_a_season(void **state) {
    (void)state;
    json_reads_as_a_season(0);
    json_reads_as_a_season(2);
}

static void expect_season_error(const char *json, const char *text) {
    write_file("schedule-bad.json", json);
    sw_season s;
    bool movement_only;
    sw_error err;
    sw_error_clear(&err);
    assert_int_not_equal(sw_season_read_any("schedule-bad.json", NULL, &s, &movement_only, &err),
                         SW_OK);
    char msg[2048];
    sw_error_format(&err, msg, sizeof msg);
    if (!strstr(msg, text))
        fail_msg("message '%s' lacks '%s'", msg, text);
    remove("schedule-bad.json");
}

static void test_season_json_errors_located(void **state) {
    (void)state;
    static const char head[] = "{\"participants\": [{\"id\": 1}, {\"id\": 2}, {\"id\": 3},\n"
                               " {\"id\": 4}, {\"id\": 5}],\n\"sessions\": [\n";
    char buf[1024];
    snprintf(buf, sizeof buf, "%s{\"rounds\": [{\"tables\": [\n{\"seats\": [1, 2, 3, 9]}]}]}]}",
             head);
    expect_season_error(buf, "schedule-bad.json:5: seat 9: not among the participants");
    snprintf(buf, sizeof buf, "%s{\"rounds\": [{\"tables\": [\n{\"seats\": [1, 2, 3, 1]}]}]}]}",
             head);
    expect_season_error(buf, ":5: participant 1 sits twice in round 1 of session 1");
    snprintf(buf, sizeof buf,
             "%s{\"present\": [1, 2, 3, 5],\n\"rounds\": [{\"tables\": [{\"seats\": [1, 2, "
             "3, 4]}]}]}]}",
             head);
    expect_season_error(buf, ":5: participant 4 is seated in session 1 but not present");
    snprintf(buf, sizeof buf, "%s{\"rounds\": [{\"tables\": [\n{\"seats\": [1, 2, 3]}]}]}]}", head);
    expect_season_error(buf, ":5: 3 seats at a table, expected 4");
    snprintf(buf, sizeof buf, "%s{\"rounds\": []}]}", head);
    expect_season_error(buf, ":4: session 1 has 0 rounds, expected 1 to");
    expect_season_error("{\"participants\": []}", "expected an object with \"participants\" and "
                                                  "\"sessions\"");
    expect_season_error("{\"participants\": [{\"id\": 1}, {\"id\": 1}], \"sessions\": []}",
                        "participant 1 listed twice");
    expect_season_error("{\"participants\": [1, 2]\n, \"sessions\": [}",
                        "schedule-bad.json:2: expected a value, found '}'");
}

/* Mutated schedule JSON: refused with a located error or read into a season
 * that validates, never a crash (ASan and UBSan watch in CI). */
static void test_season_json_mutations_never_crash(void **state) {
    (void)state;
    sw_seating_event ev;
    plan(&ev, 9, 2, 1, 200);
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    sw_error err;
    must(sw_seating_report(&ev, SW_SEATING_JSON, 0, &sb, &err), &err);
    sw_seating_event_free(&ev);
    /* the sessions part only: the matrices are long and change nothing */
    const char *text = sw_strbuf_cstr(&sb);
    const char *cut = strstr(text, ",\n  \"metrics\"");
    assert_non_null(cut);
    size_t len = (size_t)(cut - text);
    char *buf = malloc(len + 3);
    sw_rng rng;
    sw_rng_seed(&rng, 11, 3);
    static const char alphabet[] = "{}[]\":,0123456789-. \nabtrue";
    int read = 0, refused = 0;
    for (int trial = 0; trial < 1500; trial++) {
        memcpy(buf, text, len);
        memcpy(buf + len, "}\n", 3);
        size_t n = len + 2;
        for (int k = 0, edits = 1 + (int)sw_rng_bounded(&rng, 3); k < edits; k++) {
            size_t at = sw_rng_bounded(&rng, (uint32_t)n);
            if (sw_rng_bounded(&rng, 2) && n > 1) {
                memmove(buf + at, buf + at + 1, n - at - 1);
                n--;
            } else {
                buf[at] = alphabet[sw_rng_bounded(&rng, sizeof alphabet - 1)];
            }
        }
        sw_season s;
        sw_error_clear(&err);
        if (sw_season_parse_json(buf, n, "mutant.json", &s, &err) == SW_OK) {
            sw_status v = sw_season_validate(&s, "mutant.json", &err);
            assert_int_equal(v, SW_OK);
            sw_season_free(&s);
            read++;
        } else {
            assert_string_equal(err.file, "mutant.json");
            assert_true(err.line >= 1);
            refused++;
        }
    }
    assert_true(read > 50 && refused > 50); /* both paths exercised */
    free(buf);
    sw_strbuf_free(&sb);
}

/* ---- the command ---- */

static void test_cli_end_to_end(void **state) {
    (void)state;
    cli_require();
    cli_expect("seat schedule --players 20 --rounds 5 --json -o schedule-20.json", 0, "0 repeats");
    /* the JSON reads back as an event with the same numbers */
    sw_seating_event ev;
    sw_seating_event_init(&ev);
    sw_error err;
    must(sw_seating_event_read_file(&ev, "schedule-20.json", &err), &err);
    must(sw_seating_event_check(&ev, &err), &err);
    assert_int_equal(ev.nplayers, 20);
    assert_int_equal(ev.nrounds, 5);
    sw_seating_stats st;
    must(sw_seating_stats_init(&st, &ev, -1, &err), &err);
    assert_int_equal(st.repeats, 0);
    assert_int_equal(st.repeat_free_rounds, 5);
    sw_seating_stats_free(&st);
    sw_seating_event_free(&ev);
    char *json;
    size_t len;
    must(sw_file_read("schedule-20.json", &json, &len, &err), &err);
    assert_non_null(strstr(json, "\"repeats\": 0"));
    assert_non_null(strstr(json, "\"repeat_free_rounds\": 5"));
    free(json);
    /* analyze reads it back: 150 meetings, none twice, so So is its bound */
    char *msg;
    assert_int_equal(cli_run("analyze schedule-20.json --json", &msg), 0);
    assert_non_null(strstr(msg, "\"meetings\": 150"));
    assert_non_null(strstr(msg, "\"So_gap\": 0,"));
    free(msg);
    /* same seed, same file; CSV has one line per seat */
    cli_expect("seat schedule --players 10 --rounds 4 --seed 7 --csv -o sa.csv --quiet", 0, NULL);
    cli_expect("seat schedule --players 10 --rounds 4 --seed 7 --csv -o sb.csv --quiet", 0, NULL);
    char *a, *b;
    size_t la, lb;
    must(sw_file_read("sa.csv", &a, &la, &err), &err);
    must(sw_file_read("sb.csv", &b, &lb, &err), &err);
    assert_int_equal(la, lb);
    assert_memory_equal(a, b, la);
    int lines = 0;
    for (size_t i = 0; i < la; i++)
        lines += a[i] == '\n';
    assert_int_equal(lines, 1 + 4 * 10); /* header, 8 seats and 2 sit-outs a round */
    free(a);
    free(b);
    /* tables of three: nobody sits out, the CSV has no "out" line and the
     * N seat of a table of three is not written */
    cli_expect("seat schedule --players 14 --rounds 4 --threes auto --csv -o sa.csv --quiet", 0,
               NULL);
    must(sw_file_read("sa.csv", &a, &la, &err), &err);
    lines = 0;
    for (size_t i = 0; i < la; i++)
        lines += a[i] == '\n';
    assert_int_equal(lines, 1 + 4 * 14);
    assert_null(strstr(a, ",out,"));
    free(a);
    assert_int_equal(cli_run("seat schedule --players 14 --rounds 4 --threes 2", &msg), 0);
    assert_non_null(strstr(msg, "Tables of three: "));
    assert_non_null(strstr(msg, "2 tables of three a round"));
    free(msg);
    cli_expect("seat schedule --players 14 --rounds 4 --threes 5", 3,
               "5 tables of three for 14 players: expected 0 to 4");
    cli_expect("seat schedule --players 14 --rounds 4 --threes some", 2, NULL);
    /* the next-round modes take tables of three too */
    cli_expect("seat random --players 14 --threes 2 --quiet", 0, NULL);
    cli_expect("seat random --players 14 --threes 5", 3, NULL);
    /* a players file */
    FILE *f = fopen("schedule-players.txt", "w");
    assert_non_null(f);
    for (int p = 1; p <= 9; p++)
        fprintf(f, "player %d P%d\n", 100 + p, p);
    fclose(f);
    cli_expect("seat schedule --players schedule-players.txt --rounds 3 --quiet", 0, "E 10");
    /* bad input */
    cli_expect("seat schedule --players 16 --rounds 0", 2, NULL);
    cli_expect("seat schedule --players 3 --rounds 2", 2, NULL);
    cli_expect("seat schedule --players 16", 2, NULL);
    cli_expect("seat schedule --rounds 3", 2, NULL);
    cli_expect("seat schedule --players 1001 --rounds 3", 4, NULL);
    cli_expect("seat schedule --players /nonexistent/p.txt --rounds 3", 5, NULL);
    f = fopen("schedule-players.txt", "w");
    assert_non_null(f);
    fputs("player 1 A\nplayer 2 B\nplayer 3 C\nplayer 4 D\nround 1\ntable 1 2 3 4\n", f);
    fclose(f);
    cli_expect("seat schedule --players schedule-players.txt --rounds 1", 3, "has played 1");
    remove("schedule-20.json");
    remove("sa.csv");
    remove("sb.csv");
    remove("schedule-players.txt");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fewest_repeats_brute_force),
        cmocka_unit_test(test_tables_of_three),
        cmocka_unit_test(test_best_known_lengths),
        cmocka_unit_test(test_32_players_10_rounds_constructed),
        cmocka_unit_test(test_designs_constructed),
        cmocka_unit_test(test_longer_events_reach_the_floor),
        cmocka_unit_test(test_invariants_with_sitouts),
        cmocka_unit_test(test_winds_exact),
        cmocka_unit_test(test_determinism_for_a_seed),
        cmocka_unit_test(test_bad_input),
        cmocka_unit_test(test_stop_flag_and_time_limit),
        cmocka_unit_test(test_schedule_json_reads_as_a_season),
        cmocka_unit_test(test_season_json_errors_located),
        cmocka_unit_test(test_season_json_mutations_never_crash),
        cmocka_unit_test(test_cli_end_to_end),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
