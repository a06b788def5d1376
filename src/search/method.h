/* src/search/method.h: the search's one options struct and the entry
 * points outside a run, private to src/search (its tests and benchmarks
 * include it too). sw_method holds every phase's length and every
 * construction's budget as the restart driver runs them; sw_search_run
 * fills one from the caller's sw_search_opts (the default method or
 * picolo's descents, resized by the caller's lengths), and a test can run
 * one it tuned itself. The descents, the random start and the older
 * optional phases are here for the tests and benchmarks that call them on a
 * matrix directly.
 * SPDX-License-Identifier: MIT */
#ifndef SW_SEARCH_METHOD_H
#define SW_SEARCH_METHOD_H

#include <signal.h>

#include "matrix/matrix.h"
#include "search/search.h"
#include "season/season.h"
#include "util/error.h"
#include "util/rng.h"

typedef struct sw_method {
    long long anneal;    /* annealing proposals a schedule (0: no annealing, no reheats,
                          * no symmetry moves; restart 0 then runs the phases too) */
    int tabu;            /* tabu iterations a restart (0: none) */
    int rests;           /* sit-outs to choose: the rests walk's iterations at the start
                          * of each restart, after which the phases keep Sr (0: none) */
    int kicks;           /* perturb-and-descend rounds after the orbit phase (0: none) */
    int pairs;           /* compound moves after the cyclic construction (0: none) */
    int max_steps;       /* applied exchanges a descent, at most (0: 100000) */
    long long orbit;     /* the orbit construction's nodes a restart at So's bound (0: none) */
    long long invariant; /* the invariant construction's nodes, once a run, for restart 0 */
    long long cyclic;    /* the cyclic construction's priced swaps a restart above So's
                          * bound (0: none) */
} sw_method;

/* The default method for season s (docs/search.md), every field set:
 * annealing and tabu search, the constructions; when sit-outs are to be
 * chosen, a rests-first walk and the phases keeping Sr. */
void sw_method_default(const sw_season *s, sw_method *m);

/* The method sw_search_run runs for o: o->method's, resized by
 * o->lengths. */
void sw_method_of(const sw_season *s, const sw_search_opts *o, sw_method *m);

/* sw_search_run with the method given (o->method and o->lengths unused). */
SW_NODISCARD sw_status sw_search_run_method(sw_season *s, const sw_search_opts *o,
                                            const sw_method *m, sw_search_result *res,
                                            sw_error *err);

/* One best-improvement descent on mx by (So+Sr, Sp, Sc). Returns the
 * number of exchanges applied; *evaluated counts those tried. */
long long sw_search_descend(sw_matrix *mx, int max_steps, volatile sig_atomic_t *stop,
                            long long *evaluated);

/* The same descent ranked as the final choice: Sr first, then So+Sr, Sp,
 * Sc. Every restart ends with it, so a restart whose meetings are at a local
 * optimum can still trade meetings for fairer rests, which the final choice
 * values more (one neighbourhood scan when rests cannot change). */
long long sw_search_descend_rests_first(sw_matrix *mx, int max_steps, volatile sig_atomic_t *stop,
                                        long long *evaluated);

/* Random assignment of the sessions that are not played: present
 * participants on a uniformly random set of positions (a random seating
 * that meets the pins in sessions with pins). Rebuilds mx. */
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

#endif
