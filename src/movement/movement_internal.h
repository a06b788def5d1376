/* src/movement/movement_internal.h: helpers shared inside the movement module.
 * Never included from outside src/movement.
 * SPDX-License-Identifier: MIT */
#ifndef SW_MOVEMENT_INTERNAL_H
#define SW_MOVEMENT_INTERNAL_H

#include "movement/movement.h"

/* sw_movement_validate with the source line of every round (round_line[r],
 * 1-based; NULL when there are none), so that a file's rule errors point at
 * the line of the round that breaks the rule. */
SW_NODISCARD sw_status sw_movement_check(const sw_movement *m, const char *file,
                                         const int *round_line, sw_error *err);

/* A starter in Z_n (n odd): mid[k] (k = 1..(n-1)/2) is the midpoint of the
 * pair {mid[k] - k, mid[k] + k}; the pairs and 0 cover Z_n exactly once.
 * Returns the number of collisions: midpoints equal to an earlier one, or to
 * 0 when zero_collides. 0 means a strong starter (distinct, nonzero sums).
 * mid has room for (n+1)/2 ints; mid[0] is set to 0. Deterministic. */
SW_NODISCARD sw_status sw_movement_starter(int n, bool zero_collides, int *mid, int *collisions,
                                           sw_error *err);

/* A starter of Z_n with an adder, for a Room square where no strong starter
 * exists (n odd, 3 <= n <= 9; exhaustive): the pair {ns[k], ew[k]} has
 * differences +-k (k = 1..(n-1)/2) and the group offset add[k]; the
 * offsets add[k] are all different, and so are the offsets add[k] - ns[k],
 * add[k] - ew[k] at which the elements play. With zero_collides (the fixed
 * pair's table, offset 0, element 0 at offset 0) 0 is taken in both sets.
 * Returns false when there is none (n = 3, 5 with zero_collides); index 0
 * of the arrays is set to 0. Deterministic. */
bool sw_movement_room_starter(int n, bool zero_collides, int *ns, int *ew, int *add);

/* The complete Howell of `pairs` pairs built on the field GF(pairs) for 16
 * and 32 pairs (affine.c): raw holds (pairs-1) rounds of pairs/2 tables,
 * round-major, positions 1..pairs, groups 0..pairs-2, directions with Qf
 * 100. Returns 0, or -1 (raw untouched) for any other number of pairs. */
int sw_howell_affine(int pairs, sw_table *raw);

#endif
