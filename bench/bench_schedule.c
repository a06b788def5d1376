/* bench/bench_schedule.c: whole-event schedules (seat schedule) against the
 * best known repeat-free lengths, and against seating round by round.
 *
 * For N = 16 to 100 players (tables of four) it plans R rounds for
 * R = 1, 2, ... up to the best known repeat-free length, each within what is
 * left of a per-N time budget, and reports the longest R planned with zero
 * repeats, the time it took, and the repeats (with their lower bound) of a
 * longer event. The baseline in the same run seats the same number of rounds
 * one at a time with the next-round random mode (500 tries a round): its
 * repeat-free rounds and repeats (up to 40 players).
 * Usage: bench_schedule [SECONDS_PER_N (default 20)] [SEED]
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>

#include "bench_common.h"
#include "seating/seating.h"

static const int sizes[] = {16, 20, 24, 28, 32, 36, 40, 52, 64, 76, 88, 100};
/* (N - 1)/3 for N = 4 (mod 12): a resolvable design, every pair once */
static const int best_known[] = {5, 5, 7, 9, 10, 11, 13, 17, 21, 25, 29, 33};
/* The round-by-round baseline only up to this many players (it seats
 * 500 tries a round: minutes at 100 x 33). */
#define BASELINE_MAX 40

static int plan(int n, int rounds, uint64_t seed, double seconds, sw_schedule_outcome *out) {
    sw_seating_event ev;
    sw_seating_event_init(&ev);
    sw_error err;
    int rc = 0;
    for (int p = 1; p <= n && !rc; p++)
        rc = sw_seating_add_player(&ev, p, NULL, &err) ? -1 : 0;
    sw_schedule_options o;
    sw_schedule_options_default(&o);
    o.rounds = rounds;
    o.seed = seed;
    o.iterations = 0; /* until the time is up or repeat-free */
    o.time_limit = seconds;
    o.threads = 1;
    if (!rc && sw_seating_schedule(&ev, &o, out, &err)) {
        fprintf(stderr, "bench_schedule: %s\n", err.msg);
        rc = -1;
    }
    sw_seating_event_free(&ev);
    return rc;
}

static int round_by_round(int n, int rounds, uint64_t seed, sw_seating_stats *st) {
    sw_seating_event ev;
    sw_seating_event_init(&ev);
    sw_error err;
    int rc = 0;
    for (int p = 1; p <= n && !rc; p++)
        rc = sw_seating_add_player(&ev, p, NULL, &err) ? -1 : 0;
    sw_seating_options o;
    sw_seating_options_default(&o);
    o.mode = SW_SEATING_RANDOM;
    o.seed = seed;
    for (int r = 0; r < rounds && !rc; r++)
        rc = sw_seating_next_round(&ev, &o, NULL, &err) ? -1 : 0;
    if (!rc)
        rc = sw_seating_stats_init(st, &ev, -1, &err) ? -1 : 0;
    if (rc)
        fprintf(stderr, "bench_schedule: %s\n", err.msg);
    sw_seating_event_free(&ev);
    return rc;
}

int main(int argc, char **argv) {
    double budget = argc > 1 ? atof(argv[1]) : 20.0;
    uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
    if (!(budget > 0))
        budget = 20.0;
    printf("whole-event schedules, tables of four, %.0f s budget per N, seed %llu\n", budget,
           (unsigned long long)seed);
    printf("%4s %6s %7s %11s %8s %9s | %24s | %24s\n", "N", "known", "reached", "how", "seconds",
           "iters", "longer event: repeats", "round by round: rf, rep");
    int total_reached = 0, total_known = 0;
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        int n = sizes[i], known = best_known[i], reached = 0;
        double t0 = bench_now(), used = 0;
        long iters = 0;
        int built = 0; /* rounds constructed at the longest R reached */
        for (int r = 1; r <= known; r++) {
            double left = budget - (bench_now() - t0);
            if (left <= 0.05)
                break;
            sw_schedule_outcome out;
            if (plan(n, r, seed, left, &out))
                return 1;
            if (out.repeats > 0)
                break;
            reached = r;
            used = bench_now() - t0;
            iters = out.iterations + out.cyclic_iterations;
            built = out.constructed;
        }
        /* A longer event: two rounds past the best known, 5 s. */
        sw_schedule_outcome lo;
        if (plan(n, known + 2, seed, budget / 4, &lo))
            return 1;
        char longer[64], base[64] = "-";
        snprintf(longer, sizeof longer, "R=%d: %ld (>= %ld), rf %d", known + 2, lo.repeats,
                 lo.repeats_bound, lo.repeat_free_rounds);
        if (n <= BASELINE_MAX) {
            sw_seating_stats st;
            if (round_by_round(n, known, seed, &st))
                return 1;
            snprintf(base, sizeof base, "R=%d: %d, %ld", known, st.repeat_free_rounds, st.repeats);
            sw_seating_stats_free(&st);
        }
        printf("%4d %6d %7d %11s %8.2f %9ld | %24s | %24s\n", n, known, reached,
               reached && built == reached ? "constructed" : "searched", used, iters, longer, base);
        fflush(stdout);
        total_reached += reached;
        total_known += known;
    }
    printf("repeat-free rounds reached: %d of the best known %d\n", total_reached, total_known);
    return 0;
}
