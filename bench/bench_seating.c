/* bench/bench_seating.c: the searched swiss mode against Pantheon's
 * simplified swiss (the first variant it finds) over simulated mahjong
 * events: repeated pairs, rank spread and time per round.
 *
 * Each event: P players with a hidden strength, round 1 random, then R - 1
 * rounds of the mode under test from the standings. A table's result ranks
 * its players by strength plus noise and pays +45/+15/-15/-45 (uma), so the
 * standings drift the way real ones do. The noise for (event, round, player)
 * is fixed, so both modes face the same luck.
 * Columns: repeats over the event (mean, min, max), the most meetings of
 * one pair in any event, leading repeat-free
 * rounds, rank spread a round (sum of table spans), the largest wind spread
 * of any player, the share of rounds whose repeat count the exhaustive search
 * proved to be the fewest possible given the history, time per round.
 * Usage: bench_seating [EVENTS] [PLAYERS] [ROUNDS] [TRIES]  (default 20 32 8 500)
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "seating/seating.h"

typedef struct tally {
    double repeats, repeat_pairs, free_rounds, spread, seconds;
    long worst, best, wind_spread, max_meet;
    int events, rounds, proven; /* rounds seated by the mode; of them, proven fewest */
} tally;

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void play_round(sw_seating_event *ev, const int *strength, uint64_t event, int round) {
    static const int64_t uma[SW_WINDS] = {45000, 15000, -15000, -45000};
    const sw_seating_round *r = &ev->rounds[round];
    for (int t = 0; t < r->ntables; t++) {
        int who[SW_WINDS];
        long perf[SW_WINDS];
        for (int s = 0; s < SW_WINDS; s++) {
            who[s] = r->tables[t].seat[s];
            sw_rng luck;
            sw_rng_seed(&luck, event * 1000003u + (uint64_t)round, (uint64_t)who[s]);
            perf[s] = strength[who[s]] + (long)sw_rng_bounded(&luck, 1000);
        }
        for (int s = 0; s < SW_WINDS; s++) {
            int place = 0;
            for (int o = 0; o < SW_WINDS; o++)
                place += perf[o] > perf[s] || (perf[o] == perf[s] && who[o] < who[s]);
            sw_seating_set_points(ev, who[s], ev->players[who[s]].points + uma[place]);
        }
    }
}

static int run_event(sw_seating_mode mode, uint64_t event, int players, int rounds, long tries,
                     tally *ta) {
    sw_seating_event ev;
    sw_error err;
    sw_seating_event_init(&ev);
    int *strength = malloc((size_t)players * sizeof *strength);
    sw_rng rng;
    sw_rng_seed(&rng, event, 99);
    for (int p = 0; p < players; p++) {
        strength[p] = (int)sw_rng_bounded(&rng, 1000);
        if (sw_seating_add_player(&ev, p + 1, NULL, &err))
            return 1;
        sw_seating_set_points(&ev, p, 0);
    }
    sw_seating_options opt;
    sw_seating_options_default(&opt);
    opt.seed = event;
    opt.tries = tries;
    long spread = 0;
    for (int r = 0; r < rounds; r++) {
        opt.mode = r == 0 ? SW_SEATING_RANDOM : mode;
        sw_seating_outcome out;
        double t0 = now();
        if (sw_seating_next_round(&ev, &opt, &out, &err)) {
            fprintf(stderr, "bench_seating: %s\n", err.msg);
            return 1;
        }
        if (r > 0) {
            ta->seconds += now() - t0;
            ta->rounds++;
            ta->proven += out.exhaustive;
        }
        spread += out.spread;
        play_round(&ev, strength, event, r);
    }
    sw_seating_stats st;
    if (sw_seating_stats_init(&st, &ev, -1, &err))
        return 1;
    ta->repeats += (double)st.repeats;
    ta->repeat_pairs += (double)st.repeat_pairs;
    ta->free_rounds += st.repeat_free_rounds;
    ta->spread += (double)spread / (rounds - 1);
    ta->worst = st.repeats > ta->worst ? st.repeats : ta->worst;
    ta->best = ta->events == 0 || st.repeats < ta->best ? st.repeats : ta->best;
    ta->wind_spread = st.wind_spread_max > ta->wind_spread ? st.wind_spread_max : ta->wind_spread;
    ta->max_meet = st.max_meetings > ta->max_meet ? st.max_meetings : ta->max_meet;
    ta->events++;
    sw_seating_stats_free(&st);
    sw_seating_event_free(&ev);
    free(strength);
    return 0;
}

static void print_tally(const char *name, const tally *t, int rounds, bool searched) {
    char proven[16] = "-";
    if (searched)
        snprintf(proven, sizeof proven, "%.0f%%", 100.0 * t->proven / t->rounds);
    printf("%-12s %8.2f %5ld %5ld %6ld %10.2f %9.1f %6ld %9s %12.3f\n", name,
           t->repeats / t->events, t->best, t->worst, t->max_meet, t->free_rounds / t->events,
           t->spread / t->events, t->wind_spread, proven,
           1e3 * t->seconds / t->events / (rounds - 1));
}

int main(int argc, char **argv) {
    int events = argc > 1 ? atoi(argv[1]) : 20;
    int players = argc > 2 ? atoi(argv[2]) : 32;
    int rounds = argc > 3 ? atoi(argv[3]) : 8;
    long tries = argc > 4 ? atol(argv[4]) : 500;
    if (events < 1 || players < 4 || players > SW_SEATING_MAX_PLAYERS || rounds < 2) {
        fprintf(stderr, "usage: bench_seating [EVENTS] [PLAYERS>=4] [ROUNDS>=2] [TRIES]\n");
        return 2;
    }
    tally base = {0}, cand = {0};
    for (int e = 1; e <= events; e++)
        if (run_event(SW_SEATING_SWISS_FIRST, (uint64_t)e, players, rounds, tries, &base) ||
            run_event(SW_SEATING_SWISS, (uint64_t)e, players, rounds, tries, &cand))
            return 1;
    printf("bench_seating: %d players x %d rounds, %d events (seeds 1..%d), swiss tries %ld\n",
           players, rounds, events, events, tries);
    printf("%-12s %8s %5s %5s %6s %10s %9s %6s %9s %12s\n", "mode", "repeats", "min", "max", "maxM",
           "rep-free", "spread", "winds", "proven", "ms/round");
    print_tally("swiss-first", &base, rounds, false);
    print_tally("swiss", &cand, rounds, true);
    printf("ratio swiss/swiss-first: repeats %.3f, time %.1f\n",
           base.repeats > 0 ? cand.repeats / base.repeats : 0.0,
           base.seconds > 0 ? cand.seconds / base.seconds : 0.0);
    return 0;
}
