/* src/search/keep.h: the keep-or-restore step the constructions share
 * (cyclic.c, invariant.c, orbit.c). A construction builds whole seasons in
 * the matrix it was given; each built season is offered and remembered
 * when it beats the best so far by the final order (the input's criteria
 * at first), and at the end the matrix holds the best of the input and the
 * seasons built. Internal to src/search.
 * SPDX-License-Identifier: MIT */
#ifndef SW_SEARCH_KEEP_H
#define SW_SEARCH_KEEP_H

#include <stdbool.h>

#include "matrix/criteria.h"
#include "matrix/matrix.h"

typedef struct sw_keep {
    int ns, P1;       /* sessions, positions + 1 (every session's) */
    int *input, *best; /* [ns * P1] each: the assignment on entry, the best built */
    sw_criteria bc;   /* the best so far, by the final order */
    bool built;       /* some season was offered */
    bool improved;    /* one beat the input */
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
