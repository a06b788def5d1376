/* src/swiss/edges.c: one pair's weight and the edge lists of a matching.
 * A pair (or the bye) is first described by its parts (sw_swiss_edge_parts:
 * rank digits, the brackets it floats through, colour and float digits),
 * then weighed with the units of weights.c; the standard order compares
 * parts without building weights. The lists: every legal pair (the full
 * graph), the sparse candidates near each player and its standard partner,
 * and the bye edges. Pricing (price.c) and solving (solve.c) sit above.
 * SPDX-License-Identifier: MIT */
#include <assert.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "swiss/pair_internal.h"
#include "util/limbs.h"

void sw_swiss_sub_share(const sw_swiss_weights *W, int a, uint64_t *w) {
    sw_limbs_sub(w, w, W->share + (size_t)a * (size_t)W->L, W->L);
}

void sw_swiss_unshare(const sw_swiss_weights *W, sw_blossom_dual *d, const int *rv, int nv) {
    int L = W->L;
    uint64_t t[SW_BLOSSOM_LIMBS_MAX];
    for (int v = 0; v < nv; v++) {
        int a = rv ? rv[v] : v;
        if (a >= W->np)
            continue;
        sw_limbs_set_i64(t, L, 0);
        sw_swiss_sub_share(W, a, t);
        sw_limbs_shl(t, t, 2, L);
        sw_limbs_sub(d->y + (size_t)v * (size_t)L, d->y + (size_t)v * (size_t)L, t, L);
    }
}

/* Packed digits of a pair whose higher (a, of group ga) floats down to b
 * (of group gb; or none when the scores are equal); b NULL for the bye (a
 * downfloat, no colour). Each group's four float digits are, from the top:
 * not the same downfloat as the round before (C12), upfloat (C13),
 * downfloat two rounds before (C14), upfloat (C15); the downfloat digits
 * belong to a's group, the upfloat ones and the colours to b's, the
 * bracket the pair is made in (criteria are met bracket by bracket). */
static sw_swiss_edge_parts colour_float_parts(const sw_swiss_weights *W, const sw_swiss_pstate *a,
                                              const sw_swiss_pstate *b, char ca, bool floats,
                                              int ga, int gb) {
    int64_t Ra = (int64_t)W->Rg[ga], Rb = (int64_t)W->Rg[gb];
    sw_swiss_edge_parts x = {0, ga, gb, gb, 0, 0, 0, 0, 0, 0, 0};
    int got = 2, strong = 2;
    if (b) {
        const sw_swiss_pstate *pl[2] = {a, b};
        char c[2] = {ca, ca == 'w' ? 'b' : 'w'};
        for (int s = 0; s < 2; s++) {
            int st;
            char p = sw_swiss_pref(pl[s], &st);
            if (p && p != c[s]) {
                got--;
                if (st >= 2)
                    strong--;
            }
        }
    }
    x.eq = got * Rb + strong;
    int f12 = 1, f13 = 1, f14 = 1, f15 = 1;
    if (floats) {
        f12 = a->fl1 != 'd';
        f14 = a->fl2 != 'd';
        if (b) {
            f13 = b->fl1 != 'u';
            f15 = b->fl2 != 'u';
        }
    }
    x.rfl = (f12 ? 0 : 1) | (f13 ? 0 : 2) | (f14 ? 0 : 4) | (f15 ? 0 : 8);
    x.altd = f12 * Ra * Ra * Ra + f14 * Ra;
    x.altu = f13 * Rb * Rb + f15;
    return x;
}

sw_swiss_edge_parts sw_swiss_pair_parts(const sw_swiss_problem *c, int pa, int pb) {
    const sw_swiss_ranked *rk = c->rk;
    const sw_swiss_pstate *a = &rk->st->p[rk->idx[c->who[pa]]];
    const sw_swiss_pstate *b = &rk->st->p[rk->idx[c->who[pb]]];
    int d = a->score2 - b->score2; /* pa ranks higher, so d >= 0 */
    bool wv = sw_swiss_pair_waived(rk, c->who[pa], c->who[pb]);
    char ca = sw_swiss_choose_colour(a, b, 0, 0, 1, 'w', wv);
    sw_swiss_edge_parts x = colour_float_parts(&c->W, a, b, ca, d > 0, c->W.grp[pa], c->W.grp[pb]);
    if (c->W.top) {
        /* C8, C9 above the colour digits: players kept within +-2, and
         * without a third colour in a row (only a waived pair can miss). */
        int64_t Rb = (int64_t)c->W.Rg[c->W.grp[pb]], k8 = 2, k9 = 2;
        if (wv && !rk->waive) {
            k8 -= !sw_swiss_colour_diff_ok(a, ca) +
                  !sw_swiss_colour_diff_ok(b, ca == 'w' ? 'b' : 'w');
            k9 -=
                !sw_swiss_colour_run_ok(a, ca) + !sw_swiss_colour_run_ok(b, ca == 'w' ? 'b' : 'w');
        }
        x.eq += (k8 * Rb + k9) * Rb * Rb;
    }
    /* Who plays (the lowest ranked sits out), then among floats the lowest
     * ranked downfloater meeting the highest ranked upfloater (the bracket
     * order: S2's last floats, a moved-down player meets the top first). */
    x.rank = (int64_t)(2 * c->W.np - pa - pb) * (int64_t)c->W.K;
    if (d > 0 && !c->W.no_order)
        x.rank += pa + (c->W.np - pb);
    x.d = d;
    return x;
}

/* The colour and float parts of x added to out (W.L limbs). */
static void add_low(const sw_swiss_weights *W, sw_swiss_edge_parts x, uint64_t *out) {
    size_t L = (size_t)W->L;
    sw_limbs_addmul_u64(out, W->k_alt + (size_t)x.grp * L, (uint64_t)x.altd, W->L);
    sw_limbs_addmul_u64(out, W->k_alt + (size_t)x.glo * L, (uint64_t)x.altu, W->L);
    sw_limbs_addmul_u64(out, W->k_eq + (size_t)x.glo * L, (uint64_t)x.eq, W->L);
}

int64_t sw_swiss_fsd_part(const sw_swiss_weights *W, sw_swiss_edge_parts x, int g, int q) {
    if (!(x.rfl >> q & 1) || g >= W->ng)
        return 0;
    if (q & 1)
        return g == x.glo ? x.d : 0;
    bool down;
    return sw_swiss_psd_part(W, x.grp, x.nlo, g, &down);
}

/* out -= x's repeated-float score differences (C16-C19), per bracket. */
static void sub_fsd(const sw_swiss_weights *W, sw_swiss_edge_parts x, uint64_t *out) {
    if (!x.rfl)
        return;
    int L = W->L;
    uint64_t t[SW_BLOSSOM_LIMBS_MAX];
    sw_limbs_set_i64(t, L, 0);
    for (int g = x.grp; g <= x.nlo && g < W->ng; g++)
        for (int q = 0; q < 4; q++)
            sw_swiss_list_add(W, t, SW_LIST_C16 + q, g, (int)sw_swiss_fsd_part(W, x, g, q));
    sw_limbs_sub(out, out, t, L);
}

/* out (W.L limbs) = 2 k_real + rank - pen(grp, nlo) - C16..C19 + eq k_eq[glo] +
 * altd k_alt[grp] + altu k_alt[glo]. */
static void parts_weight(const sw_swiss_weights *W, sw_swiss_edge_parts x, uint64_t *out) {
    int L = W->L;
    uint64_t t[SW_BLOSSOM_LIMBS_MAX];
    sw_limbs_set_i64(out, L, x.rank);
    add_low(W, x, out);
    sw_limbs_addmul_u64(out, W->k_real, 2, L);
    if (x.nlo > x.grp) {
        const uint64_t *p =
            W->pen + ((size_t)x.grp * (size_t)(W->ng + 1) + (size_t)x.nlo) * (size_t)L;
        sw_limbs_copy(t, p, L);
        sw_limbs_sub(out, out, t, L);
    }
    sub_fsd(W, x, out);
}

sw_swiss_edge_parts sw_swiss_bye_parts(const sw_swiss_problem *c, int pa) {
    const sw_swiss_weights *W = &c->W;
    const sw_swiss_pstate *a = &c->rk->st->p[c->rk->idx[c->who[pa]]];
    /* made in the last bracket: its colour and upfloat digits count there */
    sw_swiss_edge_parts x = colour_float_parts(W, a, NULL, 0, true, W->grp[pa], W->ng - 1);
    x.nlo = W->ng;
    if (W->top) {
        int64_t Rb = (int64_t)W->Rg[W->ng - 1];
        x.eq += (2 * Rb + 2) * Rb * Rb;
    }
    x.bys = a->score2 - W->lo;
    x.byg = a->nopp;
    int d = a->score2 - W->lo + 2;
    x.rank = 0;
    x.d = d;
    return x;
}

void sw_swiss_bye_weight(const sw_swiss_problem *c, int pa, uint64_t *out) {
    const sw_swiss_weights *W = &c->W;
    sw_swiss_edge_parts x = sw_swiss_bye_parts(c, pa);
    int L = W->L;
    uint64_t t[SW_BLOSSOM_LIMBS_MAX];
    sw_limbs_set_i64(out, L, 0);
    add_low(W, x, out);
    sw_limbs_copy(t, W->pen + ((size_t)x.grp * (size_t)(W->ng + 1) + (size_t)W->ng) * (size_t)L, L);
    sw_limbs_addmul_u64(t, W->k_bye, (uint64_t)x.bys, L);
    sw_limbs_sub(out, out, t, L);
    for (int g = x.grp; g < W->ng; g++)
        sw_limbs_addmul_u64(out, W->k_byg + (size_t)g * (size_t)L, (uint64_t)x.byg, L);
    sub_fsd(W, x, out);
}

/* parts_weight(W, x, out) of a pair of row lc (every x of one grp). */
static void parts_weight_row(const sw_swiss_weights *W, sw_swiss_edge_parts x, uint64_t *out,
                             sw_swiss_row_cache *lc) {
    int L = W->L;
    uint64_t h = (uint64_t)x.eq * 0x9E3779B97F4A7C15u ^ (uint64_t)x.altd * 0xC2B2AE3D27D4EB4Fu ^
                 (uint64_t)x.altu * 0x165667B19E3779F9u ^ (uint64_t)x.glo * 0x27D4EB2F165667C5u ^
                 (uint64_t)x.nlo * 0x94D049BB133111EBu;
    int k = (int)(h >> 59) % SW_SWISS_ROW_CACHE_SLOTS;
    uint64_t *v = lc->v + (size_t)k * (size_t)L;
    if (!lc->ok[k] || lc->grp[k] != x.grp || lc->glo[k] != x.glo || lc->nlo[k] != x.nlo ||
        lc->eq[k] != x.eq || lc->altd[k] != x.altd || lc->altu[k] != x.altu) {
        sw_swiss_edge_parts y = x;
        y.rank = 0;
        y.rfl = 0;
        parts_weight(W, y, v);
        lc->ok[k] = true;
        lc->grp[k] = x.grp;
        lc->glo[k] = x.glo;
        lc->nlo[k] = x.nlo;
        lc->eq[k] = x.eq;
        lc->altd[k] = x.altd;
        lc->altu[k] = x.altu;
    }
    sw_limbs_copy(out, v, L);
    assert(x.rank >= 0); /* a pair's: (2 np - pa - pb) K + ... */
    sw_limbs_add_u64(out, (uint64_t)x.rank, L);
    sub_fsd(W, x, out);
}

void sw_swiss_pair_weight(const sw_swiss_problem *c, int pa, int pb, uint64_t *out,
                          sw_swiss_row_cache *lc) {
    parts_weight_row(&c->W, sw_swiss_pair_parts(c, pa, pb), out, lc);
}

void sw_swiss_edge_list_free(sw_swiss_edge_list *l) {
    free(l->ends);
    free(l->w);
}

uint64_t *sw_swiss_edge_list_push(sw_swiss_edge_list *l, int u, int v) {
    if (l->m == l->cap) {
        size_t nc = l->cap ? 2 * l->cap : 1024;
        int *ne = realloc(l->ends, sizeof *ne * 2 * nc);
        if (!ne)
            return NULL;
        l->ends = ne;
        uint64_t *nw = realloc(l->w, sizeof *nw * (size_t)l->L * nc);
        if (!nw)
            return NULL;
        l->w = nw;
        l->cap = nc;
    }
    l->ends[2 * l->m] = u;
    l->ends[2 * l->m + 1] = v;
    return l->w + (l->m++) * (size_t)l->L;
}

/* lc: the row cache of a's pairs (sw_swiss_pair_weight). */
static bool push_pair(const sw_swiss_problem *c, sw_swiss_edge_list *l, int a, int b,
                      sw_swiss_row_cache *lc) {
    uint64_t *w = sw_swiss_edge_list_push(l, a, b);
    if (!w)
        return false;
    sw_swiss_pair_weight(c, a, b, w, lc);
    if (c->shift) {
        sw_swiss_sub_share(&c->W, a, w);
        sw_swiss_sub_share(&c->W, b, w);
    }
    return true;
}

bool sw_swiss_full_edges(const sw_swiss_problem *c, sw_swiss_edge_list *l) {
    sw_swiss_row_cache lc;
    for (int a = 0; a < c->count; a++) {
        memset(lc.ok, 0, sizeof lc.ok);
        for (int b = a + 1; b < c->count; b++)
            if (sw_swiss_legal(c->rk, c->who[a], c->who[b]) && !push_pair(c, l, a, b, &lc))
                return false;
    }
    return true;
}

bool sw_swiss_sparse_edges(const sw_swiss_problem *c, int win, sw_swiss_edge_list *l) {
    sw_swiss_row_cache lc;
    for (int a = 0; a < c->count; a++) {
        int centre[2] = {a, c->target[a]};
        memset(lc.ok, 0, sizeof lc.ok);
        for (int k = 0; k < 2; k++)
            for (int b = centre[k] - win; b <= centre[k] + win; b++)
                if (b > a && b < c->count && (k == 0 || b < a - win || b > a + win) &&
                    sw_swiss_legal(c->rk, c->who[a], c->who[b]) && !push_pair(c, l, a, b, &lc))
                    return false;
    }
    return true;
}

bool sw_swiss_bye_edges(const sw_swiss_problem *c, sw_swiss_edge_list *l) {
    if (c->count % 2 == 1)
        for (int a = 0; a < c->count; a++)
            if (c->bye_ok[c->who[a]]) {
                uint64_t *w = sw_swiss_edge_list_push(l, a, c->count);
                if (!w)
                    return false;
                sw_swiss_bye_weight(c, a, w);
                if (c->shift)
                    sw_swiss_sub_share(&c->W, a, w);
            }
    return true;
}
