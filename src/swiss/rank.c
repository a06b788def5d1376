/* src/swiss/rank.c: the ranked players of a round and what every layer
 * above reads from them: the legality of a pair (no rematch, a legal colour),
 * the final round's topscorer line, score groups, the standard pairing (top
 * half against bottom half in each group) and a pairing's distance from it,
 * and the ranking itself (score, then pairing number). The bottom of the
 * pairing layers: it calls none of them. The colour rules it applies live in
 * validate.c (sw_swiss_colour_ok).
 * SPDX-License-Identifier: MIT */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "swiss/pair_internal.h"

bool sw_swiss_legal(const sw_swiss_ranked *rk, int i, int j) {
    const sw_swiss_pstate *a = &rk->st->p[rk->idx[i]], *b = &rk->st->p[rk->idx[j]];
    int idb = rk->trf->players[rk->idx[j]].id;
    if (a->nopp < b->nopp ? sw_swiss_met(a, idb) : sw_swiss_met(b, rk->trf->players[rk->idx[i]].id))
        return false;
    bool wv = sw_swiss_pair_waived(rk, i, j);
    return (sw_swiss_colour_ok(a, 'w', wv) && sw_swiss_colour_ok(b, 'b', wv)) ||
           (sw_swiss_colour_ok(a, 'b', wv) && sw_swiss_colour_ok(b, 'w', wv));
}

int sw_swiss_top2(const sw_swiss_trf *trf, int round) {
    if (!trf->total_rounds || round != trf->total_rounds)
        return -1;
    int win2 = trf->points_custom ? trf->pts2[SW_PTS_WW] : 2;
    return (round - 1) * win2 / 2; /* more than half of (round - 1) wins */
}

int sw_swiss_score_groups(const sw_swiss_ranked *rk, const int *who, int np, int *grp) {
    int ng = 0;
    for (int r = 0; r < np; r++) {
        if (r > 0 && rk->st->p[rk->idx[who[r]]].score2 != rk->st->p[rk->idx[who[r - 1]]].score2)
            ng++;
        grp[r] = ng;
    }
    return np ? ng + 1 : 0;
}

void sw_swiss_standard_partners(const sw_swiss_ranked *rk, const int *who, int count, int *target) {
    int carry = -1;
    for (int gs = 0; gs < count;) {
        int s = rk->st->p[rk->idx[who[gs]]].score2, ge = gs;
        while (ge < count && rk->st->p[rk->idx[who[ge]]].score2 == s)
            ge++;
        int start = gs;
        if (carry >= 0) {
            target[carry] = gs;
            target[gs] = carry;
            start++;
            carry = -1;
        }
        int k = ge - start;
        if (k % 2) {
            carry = ge - 1;
            k--;
        }
        for (int t = 0; t < k / 2; t++) {
            target[start + t] = start + t + k / 2;
            target[start + t + k / 2] = start + t;
        }
        gs = ge;
    }
    if (carry >= 0)
        target[carry] = count;
}

/* Per player, the distance in ranks from the opponent it got to the one the
 * standard pairing gives it, counted up to this cap: a tie-break, applied
 * only between pairings the weight rates equal. */
#define STD_CAP 63

static int partner_distance(const int *target, int a, int b) {
    int d = target[a] > b ? target[a] - b : b - target[a];
    return d < STD_CAP ? d : STD_CAP;
}

int sw_swiss_standard_distance(const int *target, int a, int b) {
    return partner_distance(target, a, b) + partner_distance(target, b, a);
}

static int cmp_rank(const void *pa, const void *pb, const sw_swiss_state *st,
                    const sw_swiss_trf *trf) {
    int a = *(const int *)pa, b = *(const int *)pb;
    if (st->p[a].score2 != st->p[b].score2)
        return st->p[b].score2 - st->p[a].score2;
    return trf->players[a].id - trf->players[b].id;
}

void sw_swiss_sort_ranked(int *a, int n, const sw_swiss_state *st, const sw_swiss_trf *trf,
                          int *tmp) {
    if (n < 2)
        return;
    int h = n / 2;
    sw_swiss_sort_ranked(a, h, st, trf, tmp);
    sw_swiss_sort_ranked(a + h, n - h, st, trf, tmp);
    int i = 0, j = h, k = 0;
    while (i < h && j < n)
        tmp[k++] = cmp_rank(&a[j], &a[i], st, trf) < 0 ? a[j++] : a[i++];
    while (i < h)
        tmp[k++] = a[i++];
    while (j < n)
        tmp[k++] = a[j++];
    memcpy(a, tmp, sizeof(int) * (size_t)n);
}
