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
 * of threads. Optional phases beyond picolo (opts.tabu, opts.pairs,
 * opts.kicks) continue each restart from the descent's result; see
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

typedef struct sw_search_opts {
    uint64_t seed;
    int restarts;                /* restarts to run, >= 1 (restart 0 = the given assignment) */
    double time_limit;           /* seconds, 0 = none: no new restart starts after it */
    int threads;                 /* 0 = as many as OpenMP offers */
    int max_steps;               /* cap on applied exchanges per descent, 0 = default 100000 */
    int kicks;                   /* beyond picolo: after each restart's descent, this many
                                  * perturb-and-descend rounds (iterated local search),
                                  * kept when not worse; 0 = plain picolo */
    int pairs;                   /* beyond picolo: after each descent, up to this many compound
                                  * moves (two exchanges at once, sw_search_pairs); 0 = none */
    long long anneal;            /* beyond picolo: simulated annealing proposals at the start
                                  * of each restart (before the descent); 0 = none */
    int tabu;                    /* beyond picolo: after each restart's descent, this many
                                  * tabu search iterations (sw_search_tabu); 0 = none */
    int rests;                   /* beyond picolo, sit-outs to choose: a tabu walk on Sr
                                  * alone of at most this many iterations at the start of
                                  * each restart, after which the annealing, descents and
                                  * tabu phase make only exchanges that cannot raise Sr;
                                  * 0 = none */
    long long orbit;             /* beyond picolo: at So's bound, after the tabu phase, up to
                                  * this many branch-and-bound nodes building seasons
                                  * invariant under a relabelling of order 3 (orbit.c);
                                  * 0 = none */
    long long invariant;         /* beyond picolo: once a run, up to this many branch-and-bound
                                  * nodes building a season whose sessions are each invariant
                                  * under one group of relabellings (invariant.c); restart 0
                                  * starts from it when it beats the given assignment;
                                  * 0 = none */
    long long cyclic;            /* beyond picolo: in a restart still above So's bound after
                                  * its annealing, up to this many priced swaps of a tabu
                                  * search for a season at So's flat bound that repeats under
                                  * a relabelling (cyclic.c), which the restart then goes on
                                  * from; 0 = none */
    volatile sig_atomic_t *stop; /* optional: set (e.g. on Ctrl-C) to stop early */
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

/* One best-improvement descent on mx (exposed for tests and benchmarks).
 * Returns the number of exchanges applied; *evaluated counts those tried. */
long long sw_search_descend(sw_matrix *mx, int max_steps, volatile sig_atomic_t *stop,
                            long long *evaluated);

/* The same descent ranked as the final choice: Sr first, then So+Sr, Sp,
 * Sc. Every restart ends with it, so a restart whose meetings are at a local
 * optimum can still trade meetings for fairer rests, which the final choice
 * values more (beyond picolo; one neighbourhood scan when rests cannot
 * change). */
long long sw_search_descend_rests_first(sw_matrix *mx, int max_steps, volatile sig_atomic_t *stop,
                                        long long *evaluated);

/* Random assignment of the sessions that are not played: present
 * participants on a uniformly random set of positions. Rebuilds mx. */
void sw_search_randomize(sw_matrix *mx, sw_rng *rng);

/* Iterated local search from a local optimum in mx: `kicks` times apply two
 * random exchanges, descend, and keep the result unless it is worse by the
 * descent's ranking (So+Sr, Sp, Sc); otherwise return to the kept state,
 * using scratch (a copy of mx's season state) to hold it. */
void sw_search_kick(sw_matrix *mx, sw_matrix *scratch, sw_rng *rng, int kicks, int max_steps,
                    volatile sig_atomic_t *stop, long long *evaluated);

/* Compound-move descent: make (first found) two exchanges together when
 * the pair improves (So+Sr, Sp, Sc); at most `rounds` moves. Returns the
 * number made. */
long long sw_search_pairs(sw_matrix *mx, int rounds, volatile sig_atomic_t *stop,
                          long long *evaluated);

/* Tabu search from mx on the descent's ranking for `iters` iterations; mx
 * ends in the best state seen (never worse than where it started). scratch
 * is a copy of mx's season state used to hold the best. */
void sw_search_tabu(sw_matrix *mx, sw_matrix *scratch, sw_rng *rng, int iters,
                    volatile sig_atomic_t *stop, long long *evaluated);

/* Set o->anneal, o->tabu and o->rests to the default method for season s:
 * annealing and tabu search; when sit-outs are to be chosen, after a
 * rests-first walk and keeping Sr (docs/search.md). */
void sw_search_default_method(const sw_season *s, sw_search_opts *o);

#endif
