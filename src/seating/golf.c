/* src/seating/golf.c: a repeat-free schedule of 32 players x 10 rounds at
 * tables of four (the social golfer instance 8-4-10), constructed.
 *
 * Ten rounds is the most there can be: a player meets 3 new players a round
 * and there are only 31 others. So in a 32 x 10 schedule every player meets
 * 30 others once and misses exactly one. The search of schedule.c stops at 10 repeats
 * here; an exact cover search (docs/seating.md) shows that no schedule
 * developed by Z_10 with two fixed players exists. This one has another
 * symmetry.
 *
 * Player 8i + w is (w, i): w in W = GF(2)^3 (3 bits, + is XOR) and i in
 * 0..3, the "coset". Every round is unchanged when every w gets the same t
 * added. So whether (a, i) and (b, j) meet depends only on i, j and the
 * difference a + b. Let Q = (0, 1, 2, 4) and v = 7 = 1 + 2 + 4. There are
 * three kinds of round:
 *
 *  - 6 transversal rounds: a row x = (0, x1, x2, x3) in W^4 gives the
 *    tables {(x_i + t, i) : i = 0..3}, t in W. Cosets i and j meet at the
 *    difference x_i + x_j.
 *  - 3 paired rounds. The cosets are split 01|23, then 02|13, then 03|12.
 *    A pair of cosets (i, j), with h = Q_i + Q_j, gets the tables
 *    {(t, i), (t + h, i), (t + d, j), (t + d + h, j)}. These cover the
 *    differences d and d + h between i and j, and h inside i and inside j.
 *  - 1 split round: coset i is cut into the cosets of the subspace U_i.
 *    U_i is what is left of W after removing the three Q_i + Q_j (j != i)
 *    and v. Those four sum to 0 and do not contain 0, so they are the
 *    nontrivial coset of a plane, and U_i is that plane.
 *
 * Inside coset i, the paired rounds cover the three Q_i + Q_j and the split
 * round covers U_i minus 0. Together that is every nonzero difference but
 * v, each once, so (w, i) misses only (w + v, i). Between cosets i and j,
 * the eight differences must each come once. So the six rows need distinct
 * x_i + x_j for each pair i < j, and the two missing values must be some d
 * and d + Q_i + Q_j, which the paired round then covers. A backtracking
 * search over rows in increasing order finds six such rows after 212
 * complete candidates. That search is all there is to compute.
 * SPDX-License-Identifier: MIT */
#include <stdbool.h>
#include <string.h>

#include "seating/seating_internal.h"

enum { W = 8, NROWS = 6 };
static const int Q[4] = {0, 1, 2, 4};
static const int V = 7;
static const int PI[6] = {0, 0, 0, 1, 1, 2}, PJ[6] = {1, 2, 3, 2, 3, 3}; /* pairs i < j */

typedef struct rows {
    int x[NROWS][4];
    bool used[6][W]; /* used[k][d]: difference d of pair k taken by a row */
} rows;

/* The value missing from pair k's differences (the smallest of the two). */
static int missing(const rows *s, int k) {
    for (int d = 0; d < W; d++)
        if (!s->used[k][d])
            return d;
    return -1;
}

static bool complete(const rows *s) {
    for (int k = 0; k < 6; k++) {
        if (s->used[k][missing(s, k) ^ Q[PI[k]] ^ Q[PJ[k]]])
            return false; /* the two missing values are not d and d + h */
    }
    return true;
}

/* Rows r.. from candidate c on (c encodes x1, x2, x3 in 3 bits each). */
static bool find_rows(rows *s, int r, int c) {
    if (r == NROWS)
        return complete(s);
    for (; c < W * W * W; c++) {
        int x[4] = {0, c & 7, (c >> 3) & 7, c >> 6}, ok = 1;
        for (int k = 0; k < 6 && ok; k++)
            ok = !s->used[k][x[PI[k]] ^ x[PJ[k]]];
        if (!ok)
            continue;
        for (int k = 0; k < 6; k++)
            s->used[k][x[PI[k]] ^ x[PJ[k]]] = true;
        memcpy(s->x[r], x, sizeof x);
        if (find_rows(s, r + 1, c + 1))
            return true;
        for (int k = 0; k < 6; k++)
            s->used[k][x[PI[k]] ^ x[PJ[k]]] = false;
    }
    return false;
}

/* The four tables of coset pair (i, j) in a paired round, from table t0. */
static void paired(int *at, int t0, int i, int j, int d) {
    int h = Q[i] ^ Q[j], t = t0;
    for (int w = 0; w < W; w++)
        if (w < (w ^ h)) {
            int *tb = at + 4 * t++;
            tb[0] = W * i + w;
            tb[1] = W * i + (w ^ h);
            tb[2] = W * j + (w ^ d);
            tb[3] = W * j + (w ^ d ^ h);
        }
}

bool sw_seating_golf32_build(int *at) {
    rows s;
    memset(&s, 0, sizeof s);
    if (!find_rows(&s, 0, 0))
        return false; /* never: the tests check the schedule */
    int n = SW_GOLF32_PLAYERS;
    for (int r = 0; r < NROWS; r++)
        for (int t = 0; t < W; t++)
            for (int i = 0; i < 4; i++)
                at[r * n + 4 * t + i] = W * i + (s.x[r][i] ^ t);
    /* Paired rounds: coset pair k with pair 5 - k (01|23, 02|13, 03|12). */
    for (int k = 0; k < 3; k++) {
        int *rd = at + (NROWS + k) * n;
        paired(rd, 0, PI[k], PJ[k], missing(&s, k));
        paired(rd, 4, PI[5 - k], PJ[5 - k], missing(&s, 5 - k));
    }
    int *rd = at + (SW_GOLF32_ROUNDS - 1) * n, t = 0;
    for (int i = 0; i < 4; i++) {
        int u[4], nu = 0;
        bool taken[W] = {false};
        for (int w = 0; w < W; w++)
            if (w != V && w != (Q[i] ^ Q[(i + 1) % 4]) && w != (Q[i] ^ Q[(i + 2) % 4]) &&
                w != (Q[i] ^ Q[(i + 3) % 4]))
                u[nu++] = w; /* U_i: 0 and three more */
        for (int w = 0; w < W; w++)
            if (!taken[w]) {
                for (int k = 0; k < 4; k++) {
                    taken[w ^ u[k]] = true;
                    rd[4 * t + k] = W * i + (w ^ u[k]);
                }
                t++;
            }
    }
    return true;
}
