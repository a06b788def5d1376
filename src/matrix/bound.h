/* src/matrix/bound.h: what each pair's meetings can still become, and So's
 * lower bound from it.
 *
 * Over every seating the search may still choose, pair (i, j) ends with
 * M_ij in [lo_ij, hi_ij]: lo is fixed (the history, the played sessions, and
 * the sessions in which both are pinned to positions that make them meet),
 * hi adds the most the other unplayed sessions can give the pair (0 in a
 * session one of them misses or whose sections and pins keep them apart).
 * So's bound for a total T is then the least Σ (D·M − T)^4 over integer M in
 * those ranges adding up to T: a separable convex problem, solved exactly by
 * filling the pairs up to a common level (docs/criteria.md, "So's bound").
 * The same fill over each participant's row, whose sum is bounded by the
 * rounds they play, gives a second bound (each row's least spread, each
 * pair counted from both ends); the larger one is So's bound. The ranges
 * are grouped by value, so the bound costs O(groups · log M).
 * SPDX-License-Identifier: MIT */
#ifndef SW_BOUND_H
#define SW_BOUND_H

#include <stdint.h>

#include "util/error.h"
#include "util/wide.h"

struct sw_matrix;

/* Pairs grouped by their range: count[g] pairs have lo[g] <= M <= hi[g]. */
typedef struct sw_range_groups {
    int64_t ngroups;
    int32_t *lo, *hi;
    int64_t *count;
} sw_range_groups;

/* The ranges of every pair (all), and of each participant's row: row i's
 * groups are rows.lo[rstart[i] .. rstart[i+1]) and so on, and its sum of
 * meetings lies in [rlo[i], rhi[i]]. */
typedef struct sw_meet_ranges {
    int n;
    sw_range_groups all, rows;
    int64_t *rstart;            /* [n+1] */
    int64_t *rlo, *rhi;         /* [n] */
    int64_t lo_total, hi_total; /* sums over pairs */
    int64_t unit;               /* U: M in units of 1/U, a session adding U a meeting */
} sw_meet_ranges;

/* The ranges of mx's season for the seating mx holds in its played sessions
 * (the other sessions' seatings are not read: only who is present, the
 * sections and the pins). */
SW_NODISCARD sw_status sw_meet_ranges_build(sw_meet_ranges *r, const struct sw_matrix *mx,
                                            sw_error *err);
SW_NODISCARD sw_status sw_meet_ranges_copy(sw_meet_ranges *dst, const sw_meet_ranges *src,
                                           sw_error *err);
void sw_meet_ranges_free(sw_meet_ranges *r);

/* D^4 times So's bound for D pairs and T meetings in all (M and T in units
 * of 1/U, as the matrix keeps them): the larger of the least Σ (D·M − T)^4
 * over M within the ranges with Σ M = T (each M its lo plus a multiple of
 * U, when T - lo_total is one),
 * and half the sum over participants of the least Σ_j (D·M_ij − T)^4 over
 * their row within its ranges and its range of row sums. When T is outside
 * [lo_total, hi_total] (no seating gives it) the flat bound, which ignores
 * the ranges. */
sw_i256 sw_meet_ranges_so_bound(const sw_meet_ranges *r, int64_t D, int64_t T);

/* D^4 times the flat bound: T spread over D pairs as evenly as integers
 * allow (T mod D pairs at floor(T/D) + 1, the rest at floor(T/D)). */
sw_i256 sw_so_flat_bound(int64_t D, int64_t T);

#endif
