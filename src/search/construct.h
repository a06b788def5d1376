/* src/search/construct.h: what the constructions of symmetric seasons
 * (cyclic.c, invariant.c, orbit.c) share. Each imposes a group of
 * relabellings on the participants, so M and C are constant on the group's
 * orbits of pairs: one table of those orbits. And each builds whole seasons
 * in the matrix it was given: every built season is offered and
 * remembered when it beats the best so far by the final order (the
 * input's criteria at first), and at the end the matrix holds the best of
 * the input and the seasons built: one keep-or-restore step. Internal to
 * src/search.
 * SPDX-License-Identifier: MIT */
#ifndef SW_SEARCH_CONSTRUCT_H
#define SW_SEARCH_CONSTRUCT_H

#include <stdbool.h>

#include "matrix/criteria.h"
#include "matrix/matrix.h"

/* The orbits of the unordered pairs of labels 0..n-1 under a group of m
 * relabellings, act(ctx, j, x) the image of x under the j-th: orb[x * n +
 * y] = orb[y * n + x] the orbit's index (orbits numbered in the order of
 * their least pair, x < y; orb[x * n + x] = -1), size[b] the pairs of
 * orbit b, rep (optional, [2 * orbits]) its least pair. Returns the number
 * of orbits. */
int sw_pair_orbits(int n, int m, int (*act)(const void *ctx, int j, int x), const void *ctx,
                   int *orb, int *size, int *rep);

typedef struct sw_keep {
    int ns, P1;        /* sessions, positions + 1 (every session's) */
    int *input, *best; /* [ns * P1] each: the assignment on entry, the best built */
    sw_criteria bc;    /* the best so far, by the final order */
    bool built;        /* some season was offered */
    bool improved;     /* one beat the input */
} sw_keep;

/* Saves mx's assignment (sessions 0..ns-1, P1 - 1 positions each) and
 * its criteria. False when out of memory (sw_keep_free is still safe). */
bool sw_keep_init(sw_keep *kp, const sw_matrix *mx, int ns, int P1);

/* mx holds a built season, rebuilt: remembered when better than the best
 * so far by the final order (returns whether it was). */
bool sw_keep_offer(sw_keep *kp, const sw_matrix *mx);

/* Leaves mx at the best of the input and the seasons offered (rebuilt when
 * a season was built); returns whether that is a built one. */
bool sw_keep_finish(sw_keep *kp, sw_matrix *mx);

void sw_keep_free(sw_keep *kp);

#endif
