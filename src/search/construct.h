/* src/search/construct.h: what the constructions of symmetric seasons
 * (cyclic.c, invariant.c, orbit.c) share. Each imposes a group of
 * relabellings on the participants, so M and C are constant on the group's
 * orbits of pairs: one table of those orbits. And each builds whole seasons
 * in the matrix it was given: every built season is offered and
 * remembered when it beats the best so far by the final order (the
 * input's criteria at first), and at the end the matrix holds the best of
 * the input and the seasons built: one keep-or-restore step. The three
 * constructions' entry points are declared here too. Internal to
 * src/search.
 * SPDX-License-Identifier: MIT */
#ifndef SW_SEARCH_CONSTRUCT_H
#define SW_SEARCH_CONSTRUCT_H

#include <stdbool.h>

#include "matrix/criteria.h"
#include "matrix/matrix.h"
#include "search/engine.h"
#include "util/rng.h"

/* The orbits of the unordered pairs of labels 0..n-1 under a group of m
 * relabellings, act(ctx, j, x) the image of x under the j-th: orb[x * n +
 * y] = orb[y * n + x] the orbit's index (orbits numbered in the order of
 * their least pair, x < y; orb[x * n + x] = -1), size[b] the pairs of
 * orbit b, rep (optional, [2 * orbits]) its least pair. Returns the number
 * of orbits. */
int sw_pair_orbits(int n, int m, int (*act)(const void *ctx, int j, int x), const void *ctx,
                   int *orb, int *size, int *rep);

/* The relabelling sigma of order d (d > 1) on labels 0..n-1 that the
 * cyclic and orbit constructions seat their seasons with: cycles of length
 * d as long as they fit, then of the largest divisor of d that fits (the
 * n mod d last labels; fixed when d is prime). Session f d + j is seating
 * f with every label x replaced by sigma^j(x). */
#define SW_RELABEL_MAX_N 64
typedef struct sw_relabel {
    int n, d;
    int first[SW_RELABEL_MAX_N], len[SW_RELABEL_MAX_N]; /* x's cycle: first label, length */
} sw_relabel;

void sw_relabel_init(sw_relabel *g, int n, int d);

/* sigma^j(x) */
static inline int sw_relabel_apply(const sw_relabel *g, int j, int x) {
    return g->first[x] + (x - g->first[x] + j) % g->len[x];
}

/* sw_pair_orbits under sigma's powers. */
int sw_relabel_pair_orbits(const sw_relabel *g, int *orb, int *size);

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

/* What the constructions (orbit.c, invariant.c) need of a season: every
 * session of one movement with as many positions as participants,
 * everyone present and seated, none played or pinned, the same position
 * tables in every session, and M and C the sessions' own (no history).
 * Then the totals of M and of L*C over the pairs, and the largest |L*C|
 * and meeting count of two positions. False too when a deviation
 * |D L C - T| could reach 2^28: the constructions' Sc terms (fourth
 * powers) then would not stay below 2^112. */
typedef struct sw_plain_season {
    int64_t Tm, Tc, cmax;
    int32_t wmax;
} sw_plain_season;
bool sw_plain_season_of(sw_matrix *mx, sw_plain_season *ps);

/* Seasons invariant under a relabelling of order 3 (sessions in triples of
 * one movement, everyone present, no pins, no history; mx at So's bound):
 * random starts (at most 8) completed and improved by an exact branch and
 * bound, one seating at a time, `cap` nodes each, `budget` in all. mx ends
 * at the best of its input and the states built, by the final order.
 * Returns the nodes (0: the season is not one it applies to); adds the
 * states built to *built and sets *improved when one replaced mx's. */
long long sw_orbit_run(sw_matrix *mx, sw_rng *rng, long long budget, long long cap,
                       const sw_limits *lim, int *built, bool *improved);

/* Whether mx is a season the orbit construction applies to (any state). */
bool sw_orbit_applies(sw_matrix *mx);

/* Whether the orbit construction is worth running on this season (the
 * same conditions as sw_orbit_run's, any state): at least `need` of
 * `starts` random starts (start k from seed's stream k of its own)
 * complete a bound state, `cap` nodes each, `threads` at a time. Where
 * completions are rare the phase costs restarts and seldom wins; once a
 * run, so the answer depends on the seed only (and,
 * in time mode, on the deadline in lim, which ends a start unfinished). */
bool sw_orbit_worth(sw_matrix *mx, uint64_t seed, int starts, int need, long long cap, int threads,
                    const sw_limits *lim);

/* Seasons whose every session is invariant under a group (Z2)^k of
 * relabellings with at most two orbits of participants (invariant.c; one
 * movement, everyone present, no pins, no history): the invariant seatings
 * of a session listed, the sessions chosen among them by an exact branch
 * and bound (So at its bound, then Sp, Sc), `cap` nodes a group, `budget`
 * in all. mx ends at the best of its input and the states built, by the
 * final order (*improved: whether a built one). Returns the nodes (0: the
 * season is not one it applies to, or the movement has no such group).
 * Deterministic. */
long long sw_invariant_run(sw_matrix *mx, long long budget, long long cap, const sw_limits *lim,
                           bool *improved);

/* Seasons at So's flat bound that repeat under a relabelling sigma of
 * order d, d > 1 dividing the sessions (cyclic.c; one movement, everyone
 * present, no pins, no history): session f d + j is seating f relabelled
 * by sigma^j. A tabu search on the ns / d seatings, orders from the
 * largest, `cap` priced swaps an order, `budget` in all, drawing from rng.
 * When it finds one better than mx by the final order (Sr first: the walk
 * knows nothing of rests), mx holds it and *built is set; otherwise mx is
 * unchanged. Returns the swaps priced (0: the season is not one it
 * applies to). Deterministic for a given rng state unless lim stops it. */
long long sw_cyclic_run(sw_matrix *mx, sw_rng *rng, long long budget, long long cap,
                        const sw_limits *lim, bool *built);

#endif
