/* src/matrix/matrix.h: the season's matrices, kept up to date under exchanges.
 *
 * An sw_matrix is the search state of a season: its own copy of every
 * session's assignment, and the meeting matrix M (scaled by U, the history's
 * meetings unit, so that a fraction of a meeting a history per player maps
 * onto a pair stays exact; U = 1 without one), the competition matrix C
 * (scaled by L, the least common multiple of every h that can occur, so it is
 * integral), the coincidence matrix K and the rest vector r (scaled by V, the
 * rests unit, so that half a rest a pair carries from its players stays
 * exact; V = 1 without one), together with the
 * power sums (sum of x, x^2, x^3, x^4) the criteria are computed from. An
 * exchange of two positions in one session updates only the rows of the
 * participants whose meetings, comparisons or rests change: the two exchanged
 * participants, or, when a position is empty (a sit-out changes), everyone at
 * the tables and board sets concerned.
 * SPDX-License-Identifier: MIT */
#ifndef SW_MATRIX_H
#define SW_MATRIX_H

#include <stdbool.h>
#include <stdint.h>

#include "matrix/bound.h"
#include "season/season.h"
#include "util/error.h"
#include "util/wide.h"

/* Supported sizes, chosen so every exact sum fits sw_i256 (docs/criteria.md). */
#define SW_MATRIX_MAX_ROUNDS 500               /* rounds over all sessions of a season */
#define SW_MATRIX_MAX_SCALE (INT64_C(1) << 28) /* L */
#define SW_MATRIX_W_BUDGET ((size_t)32 << 20)  /* bytes of position tables per state */

/* Where each position of a movement sits, and which tables play each group. */
typedef struct sw_layout {
    int positions, rounds, tables, groups, seats;
    int *where;  /* [(positions+1)*rounds]: table*SW_MAX_SEATS + seat, -1 = not seated */
    int *gstart; /* [groups+2]: instances of group g are ginst[gstart[g]..gstart[g+1]) */
    int *ginst;  /* round*tables + table */
} sw_layout;

typedef struct sw_matrix {
    const sw_season *season; /* borrowed: participants, movements, presence */
    int n, nsessions;
    int64_t pairs;     /* D = n(n-1)/2 */
    int64_t unit;      /* U: M is stored as U*M, a session's meeting adds U */
    int64_t scale;     /* L: C is stored as L*C */
    int64_t runit;     /* V: r is stored as V*r, a session's rest adds V (2 when a pair
                          carries half a rest from its players, else 1) */
    sw_layout *layout; /* [season->nmovements] */
    int **assign;      /* [session][P+1]: participant index+1 at position, 0 = empty */
    int **pos;         /* [session][n]: position of participant i, 0 = absent */
    int **h;           /* [session][G+1]: playing tables of group g minus 1 */
    char **play;       /* [session][R*T]: whether table (r, t) plays */
    int32_t *meet;     /* [n*n] U*M */
    int64_t *comp;     /* [n*n] L*C */
    int32_t *coinc;    /* [n*n] K */
    int32_t *rests;    /* [n] V*r, carried-over rests included */
    int64_t msum[5];   /* msum[k] = sum over pairs i<j of (U*M)^k (k = 1..4) */
    int64_t *mrow;     /* [n*5]: mrow[i*5+k] = sum over j != i of (U*M_ij)^k */
    sw_i256 csum[5];   /* csum[k] = sum over pairs of (L*C)^k */
    int64_t rsum[5];   /* rsum[k] = sum over participants of (V*r)^k */
    char *mark;        /* [n] scratch for exchanges */
    int32_t *pm;       /* [n*n] scratch: pending changes of M (upper triangle) */
    int64_t *pc;       /* [n*n] scratch: pending changes of L*C */
    int64_t *touched;  /* indices of pending entries */
    int64_t ntouched;
    /* Position tables for plain swaps (both positions taken). While the set
     * of empty positions of session k stays what it was when the tables were
     * built, the session's contribution to a pair depends only on the two
     * positions: wm[k][p*(P+1)+q] U*meetings, wc[k][...] L*C, wr[k][p] V*rests.
     * A plain swap then changes only the rows of the two participants, O(n).
     * wocc[k] is the occupancy the tables were built for, wdiff[k] how many
     * positions differ from it now (0 = valid); wm[k] == NULL when the
     * tables would be too large and exchanges take the general path. */
    int32_t **wm;
    int64_t **wc;
    int32_t **wr;
    char **wocc;
    int *wdiff;
    /* wnb[k]: for each position p, the positions r != p whose entry in row p
     * of wm[k] or wc[k] is not 0, as a list: r = wnb[k][x] for x in
     * wnb[k][p] .. wnb[k][p+1]-1 (the first P+2 slots are those offsets).
     * A plain swap of p and q changes only the pairs of those positions.
     * wnbm[k]: the same for wm alone (the meetings, which So and Sp read). */
    int **wnb;
    int **wnbm;
    /* Each pair's range of final meetings over every seating the search may
     * choose (matrix/bound.h), for So's bound: built by sw_matrix_init from
     * the history, the played sessions' seating, presence, sections and
     * pins, none of which an exchange or a rebuild changes. */
    sw_meet_ranges ranges;
} sw_matrix;

/* Build the state of season s from its assignments (which must validate).
 * s must outlive mx and keep its participants, movements and presence. */
SW_NODISCARD sw_status sw_matrix_init(sw_matrix *mx, const sw_season *s, sw_error *err);

/* Release everything mx owns; accepts a zeroed struct. */
void sw_matrix_free(sw_matrix *mx);

/* Deep copy (same season). */
SW_NODISCARD sw_status sw_matrix_copy(sw_matrix *dst, const sw_matrix *src, sw_error *err);

/* Overwrite dst's assignments and matrices with src's; both must have been
 * built for the same season. Allocates nothing. */
void sw_matrix_assign_from(sw_matrix *dst, const sw_matrix *src);

/* Recompute every matrix from the assignments (after changing mx->assign
 * directly; pos is rebuilt too). */
void sw_matrix_rebuild(sw_matrix *mx);

/* Exchange the occupants of positions p and q (1-based) in session k and
 * update the matrices. Either position may be empty. Applying it twice
 * restores the state exactly. */
void sw_matrix_exchange(sw_matrix *mx, int k, int p, int q);

/* The changes a plain swap of positions p and q (both taken) in session k
 * would make to the power sums, without making it: dm[k] to msum[k] and
 * dr[k] to rsum[k] (k = 1..4; index 0 unused). Returns 0 when computed, -1
 * when the exchange is not a plain swap or the session has no position
 * tables (then apply it with sw_matrix_exchange and look). */
int sw_matrix_swap_delta(sw_matrix *mx, int k, int p, int q, int64_t dm[5], int64_t dr[5]);

/* Whether session k has position tables valid for its current occupancy
 * (building them when the occupancy moved on): then wm, wc, wr and wnb of k
 * describe every plain swap. */
bool sw_matrix_tables_ready(sw_matrix *mx, int k);

/* Write mx's assignments into s (a season with the same shape). */
void sw_matrix_store(const sw_matrix *mx, sw_season *s);

/* Whether the table (round r, table t) of session k plays: not empty and
 * every seat taken by a present participant. */
int sw_matrix_table_plays(const sw_matrix *mx, int k, int r, int t);

/* A previous season's earlier play for a 'history' line naming it (the
 * season reader's sw_season_history_fn): M and C of its played sessions plus
 * its own history, over its participants, into *out (the caller frees it
 * with sw_history_free). Its sessions are counted in batches, so it has no
 * round limit. On failure *out is untouched. */
SW_NODISCARD sw_status sw_matrix_played_history(const sw_season *prev, sw_history *out,
                                                sw_error *err);

/* U*M of i and j: divide by mx->unit for the meetings. */
static inline int32_t sw_matrix_meet(const sw_matrix *mx, int i, int j) {
    return mx->meet[(int64_t)i * mx->n + j];
}
static inline int64_t sw_matrix_comp(const sw_matrix *mx, int i, int j) {
    return mx->comp[(int64_t)i * mx->n + j];
}
static inline int32_t sw_matrix_coinc(const sw_matrix *mx, int i, int j) {
    return mx->coinc[(int64_t)i * mx->n + j];
}

#endif
