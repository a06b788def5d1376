/* src/search/search.h: picolo's search over a season's assignments.
 *
 * Each restart runs a best-improvement descent: try every exchange of two
 * positions inside one session that is not played (a participant may move to
 * an empty position: that changes who sits out), apply the best, ranked by
 * So+Sr, then Sp, then Sc, all compared exactly; stop when none improves.
 * Restart 0 starts from the season's own assignment, restart k > 0 from a
 * random one drawn from PCG32 stream (seed, k). The overall best is chosen
 * lexicographically by Sr, So, Sp, Sc, ties to the lowest restart index, so
 * the result for a seed and a restart count does not depend on the number
 * of threads. The default method (opts.method) adds annealing, tabu
 * search and constructions of symmetric seasons to each restart; see
 * docs/search.md.
 * SPDX-License-Identifier: MIT */
#ifndef SW_SEARCH_H
#define SW_SEARCH_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

#include "matrix/criteria.h"
#include "matrix/matrix.h"
#include "season/season.h"
#include "util/error.h"
#include "util/rng.h"

typedef struct sw_search_progress {
    int restarts_done, restarts_total;
    double seconds;
    sw_criteria best; /* best so far (display fields filled) */
} sw_search_progress;

/* The method a restart runs. */
typedef enum sw_search_method {
    SW_SEARCH_DESCENTS = 0, /* picolo's: best-improvement descents only */
    SW_SEARCH_DEFAULT = 1   /* annealing, tabu search, constructions (docs/search.md) */
} sw_search_method;

/* Phase lengths that replace the method's own, for experiments (the CLI's
 * --anneal, --tabu, --rests, --kicks, --compound; docs/search.md). A
 * negative value keeps the method's own; 0 turns the phase off. */
typedef struct sw_search_lengths {
    long long anneal; /* annealing proposals a schedule */
    int tabu;         /* tabu iterations a restart */
    int rests;        /* the rests walk's iterations (sit-outs to choose) */
    int kicks;        /* perturb-and-descend rounds (none in either method) */
    int compound;     /* compound moves, two exchanges at once (none in either method) */
} sw_search_lengths;

typedef struct sw_search_opts {
    uint64_t seed;
    int restarts;                     /* restarts to run, >= 1 (restart 0 = the given assignment) */
    double time_limit;                /* seconds, 0 = none: no new restart starts after it */
    int threads;                      /* 0 = as many as OpenMP offers */
    sw_search_method method;          /* 0 (zeroed options): descents only */
    const sw_search_lengths *lengths; /* optional: the method's phases resized */
    volatile sig_atomic_t *stop;      /* optional: set (e.g. on Ctrl-C) to stop early */
    /* optional: called after each finished restart, from one thread at a time */
    void (*progress)(const sw_search_progress *p, void *ctx);
    void *ctx;
} sw_search_opts;

typedef struct sw_search_result {
    int restarts_done;
    int restarts_at_bound;  /* restarts that ended with So at its lower bound */
    sw_i256 so_min;         /* the lowest exact So a restart ended with */
    int restarts_at_so_min; /* restarts that ended with it */
    int best_restart;
    long long exchanges;       /* exchanges evaluated */
    long long steps;           /* exchanges applied by descents */
    long long annealed;        /* annealing proposals made */
    long long tabu_iters;      /* tabu iterations made */
    long long rests_iters;     /* iterations of the rests-first walks */
    long long anneal_each;     /* annealing proposals a schedule, at most */
    int orbit_probe;           /* the orbit phase: -1 not applicable, 0 off (its probe's
                                * starts rarely complete), 1 on */
    int orbit_built;           /* seasons the orbit construction built */
    int orbit_won;             /* restarts whose state it improved */
    long long invariant_nodes; /* the invariant construction's nodes (0: not applicable) */
    bool invariant_built;      /* ... and whether it built a season restart 0 ran from */
    long long cyclic_swaps;    /* the cyclic construction's priced swaps (0: not run) */
    int cyclic_built;          /* restarts it gave a season at So's bound */
    double seconds;
    bool interrupted; /* stopped by opts.stop */
    bool timed_out;   /* the time limit kept restarts from starting */
    sw_criteria before, after;
} sw_search_result;

/* Optimize the sessions of s that are not played; on success s holds the best
 * assignment found. s must validate. */
SW_NODISCARD sw_status sw_search_run(sw_season *s, const sw_search_opts *opts,
                                     sw_search_result *res, sw_error *err);

#endif
