/* src/swiss/pair.c: the next round as a maximum weight matching.
 *
 * Players present are ranked by score (descending) then id. Every pair that
 * breaks no absolute rule (no rematch, a legal colour assignment) is an edge;
 * with an odd count a bye vertex joins every bye-eligible player. The matching
 * runs in max-cardinality mode (preference 1: pair as many as possible), and
 * one exact integer weight orders the rest lexicographically, most important
 * first:
 *   real   2 per real game (bye edges 0): games before byes when deficient
 *   rank   (np - rank) per player in a game: who sits out is the lowest ranked
 *   F_1 .. F_G   one component per score group, top group first: -d^2 on an
 *          edge whose higher-scored player is in that group (d = the score
 *          difference), so the sum is -F_g; preference 2 "small score
 *          differences, resolved from the top score group down" exactly
 *   eq     players given the colour they had less
 *   alt    players given the colour opposite to their last one
 * Each component is multiplied by one more than the largest range that all
 * lower components can span over a matching, so no amount of a lower
 * component outweighs one unit of a higher one (a mixed-radix number). The
 * multipliers come from the actual sizes, and the weight gets as many 64-bit
 * limbs as they need (blossom.h): one score group costs about
 * log2(group size) + 2 log2(score range) bits.
 *
 * Speed: a sparse candidate graph is solved first and its dual solution
 * prices every other legal pair; uncovered pairs are added, and only if that
 * does not settle it is the full graph solved (docs/swiss.md). Last, among
 * the pairings of equal weight, the one nearest to the standard pairing (top
 * half against bottom half in each score group) is taken: standard_order.
 * SPDX-License-Identifier: MIT */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "swiss/blossom.h"
#include "swiss/swiss_internal.h"
#include "util/limbs.h"

bool sw_swiss_legal(const sw_swiss_ranked *rk, int i, int j) {
    const sw_swiss_pstate *a = &rk->st->p[rk->idx[i]], *b = &rk->st->p[rk->idx[j]];
    int idb = rk->trf->players[rk->idx[j]].id;
    if (a->nopp < b->nopp ? sw_swiss_met(a, idb)
                          : sw_swiss_met(b, rk->trf->players[rk->idx[i]].id))
        return false;
    return (sw_swiss_colour_ok(a, 'w', rk->waive) && sw_swiss_colour_ok(b, 'b', rk->waive)) ||
           (sw_swiss_colour_ok(a, 'b', rk->waive) && sw_swiss_colour_ok(b, 'w', rk->waive));
}

/* Score groups of who[0..np-1] (ranks ascending, so scores descending):
 * grp[r] is r's group, 0 the top; returns the number of groups. */
static int score_groups(const sw_swiss_ranked *rk, const int *who, int np, int *grp) {
    int ng = 0;
    for (int r = 0; r < np; r++) {
        if (r > 0 && rk->st->p[rk->idx[who[r]]].score2 != rk->st->p[rk->idx[who[r - 1]]].score2)
            ng++;
        grp[r] = ng;
    }
    return np ? ng + 1 : 0;
}

/* The multipliers, each a number of L limbs. k_grp[g] is the unit of group
 * g's component; alt's unit is 1. */
typedef struct weights {
    int np, L, ng, bits;
    int *grp;      /* np: group of each position in who */
    uint64_t *mem; /* all the numbers below */
    uint64_t *k_real, *k_rank, *k_eq;
    uint64_t *k_grp; /* ng numbers */
} weights;

static void weights_free(weights *W) {
    free(W->grp);
    free(W->mem);
    memset(W, 0, sizeof *W);
}

/* Room for a multiplier while its width is not known yet: one limb beyond
 * the widest weight, so a product by a 64-bit factor cannot wrap before the
 * width check. */
#define WIDE (SW_BLOSSOM_LIMBS_MAX + 1)

/* Multipliers for the players who[0..np-1] (ranks ascending): the fast
 * mode's repair matches a subset, and its sizes, not the field's, bound the
 * sums. Each unit is one more than the range of everything below it over
 * (np+1)/2 edges: alt and eq at most 2 an edge; group g's F_g at most
 * min(|G_g|, players below G_g, edges) * (s_g - s_min)^2, as every pair it
 * counts has a distinct higher player in G_g and a distinct lower one below. */
static sw_status make_weights(const sw_swiss_ranked *rk, const int *who, int np, weights *W,
                              sw_error *err) {
    memset(W, 0, sizeof *W);
    W->np = np;
    W->grp = malloc(sizeof(int) * (size_t)(np + 1));
    uint64_t *tmp = malloc(sizeof(uint64_t) * WIDE * (size_t)(np + 4));
    if (!W->grp || !tmp) {
        free(tmp);
        weights_free(W);
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory for the weights");
    }
    int ng = W->ng = score_groups(rk, who, np, W->grp);
    int lo = np ? rk->st->p[rk->idx[who[np - 1]]].score2 : 0;
    uint64_t e = (uint64_t)(np + 1) / 2;
    /* tmp holds, WIDE limbs each: k_eq, k_grp[ng-1] .. k_grp[0], k_rank, k_real. */
    uint64_t *k = tmp;
    sw_limbs_set_i64(k, WIDE, (int64_t)(2 * e + 1));
    int n_at = 1, bits = 0;
    bool too_wide = false;
    for (int g = ng - 1, r = np; g >= -1; g--) {
        /* The unit above group g+1's: times (range of group g+1 + 1); for
         * the last group the range below is eq's. */
        uint64_t range;
        if (g == ng - 1) {
            range = 2 * e;
        } else {
            int end = r, start = r;
            while (start > 0 && W->grp[start - 1] == g + 1)
                start--;
            uint64_t size = (uint64_t)(end - start), below = (uint64_t)(np - end);
            uint64_t pairs = size < below ? size : below;
            pairs = pairs < e ? pairs : e;
            uint64_t dmax = (uint64_t)(rk->st->p[rk->idx[who[start]]].score2 - lo);
            range = pairs * dmax * dmax;
            r = start;
        }
        sw_limbs_copy(k + (size_t)n_at * WIDE, k + (size_t)(n_at - 1) * WIDE, WIDE);
        sw_limbs_mul_u64(k + (size_t)n_at * WIDE, k + (size_t)n_at * WIDE, range + 1, WIDE);
        n_at++;
        bits = sw_limbs_bits(k + (size_t)(n_at - 1) * WIDE, WIDE);
        if (bits > 64 * SW_BLOSSOM_LIMBS_MAX - 16) {
            too_wide = true;
            break;
        }
    }
    /* k_real = k_rank * (2 np e + 1): the rank sum is at most 2 np per edge. */
    if (!too_wide) {
        sw_limbs_copy(k + (size_t)n_at * WIDE, k + (size_t)(n_at - 1) * WIDE, WIDE);
        sw_limbs_mul_u64(k + (size_t)n_at * WIDE, k + (size_t)n_at * WIDE, 2 * (uint64_t)np * e + 1,
                         WIDE);
        n_at++;
        bits = sw_limbs_bits(k + (size_t)(n_at - 1) * WIDE, WIDE);
    }
    /* |edge weight| < 4 k_real; the matching wants |w| < 2^(64 L - 8). */
    int L = (bits + 2 + 8 + 63) / 64;
    if (L < 2)
        L = 2;
    if (too_wide || L > SW_BLOSSOM_LIMBS_MAX) {
        free(tmp);
        weights_free(W);
        return sw_error_set(err, SW_ERR_LIMIT, rk->trf->path, 0,
                            "%d players in %d score groups need weights beyond %d bits; use "
                            "--fast",
                            np, ng, 64 * SW_BLOSSOM_LIMBS_MAX - 8);
    }
    W->L = L;
    W->bits = bits + 3;
    W->mem = malloc(sizeof(uint64_t) * (size_t)L * (size_t)(ng + 3));
    if (!W->mem) {
        free(tmp);
        weights_free(W);
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory for the weights");
    }
    W->k_real = W->mem;
    W->k_rank = W->k_real + L;
    W->k_eq = W->k_rank + L;
    W->k_grp = W->k_eq + L;
    /* tmp order: eq, grp[ng-1], ..., grp[0], rank, real (low limbs are the value). */
    sw_limbs_copy(W->k_eq, k, L);
    for (int g = 0; g < ng; g++)
        sw_limbs_copy(W->k_grp + (size_t)g * (size_t)L, k + (size_t)(ng - g) * WIDE, L);
    sw_limbs_copy(W->k_rank, k + (size_t)(ng + 1) * WIDE, L);
    sw_limbs_copy(W->k_real, k + (size_t)(ng + 2) * WIDE, L);
    free(tmp);
    return SW_OK;
}

/* The standard pairing of who[0..count-1] with no history (no rematches or
 * colours to respect): score groups from the top; a player floated down from
 * the group above meets the group's highest; the rest pair top half against
 * bottom half (1 v h+1, 2 v h+2, ...); with an odd rest its lowest floats down.
 * target[a] is a's partner there (count for the one left over at the end). */
static void ideal_targets(const sw_swiss_ranked *rk, const int *who, int count, int *target) {
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

typedef struct ectx {
    const sw_swiss_ranked *rk;
    const int *who;
    int count;
    const bool *bye_ok;
    weights W;
    int *target;
} ectx;

/* An edge's components (real is 2 for every game): the weight is built from
 * them, and standard_order compares them without building it. */
typedef struct ecomp {
    int rank; /* 2 np - pa - pb */
    int grp;  /* score group of the higher-scored player */
    int d2;   /* squared score difference (half points) */
    int eq, alt;
} ecomp;

/* Edge between who[pa] and who[pb], pa < pb; ranks inside the subset. */
static ecomp edge_comp(const ectx *c, int pa, int pb) {
    const sw_swiss_ranked *rk = c->rk;
    const sw_swiss_pstate *a = &rk->st->p[rk->idx[c->who[pa]]];
    const sw_swiss_pstate *b = &rk->st->p[rk->idx[c->who[pb]]];
    int d = a->score2 - b->score2; /* pa ranks higher, so d >= 0 */
    char ca = sw_swiss_choose_colour(a, b, 0, 0, 1, 'w', rk->waive);
    char cb = ca == 'w' ? 'b' : 'w';
    return (ecomp){2 * c->W.np - pa - pb, c->W.grp[pa], d * d,
                   sw_swiss_eq_pref(a, ca) + sw_swiss_eq_pref(b, cb),
                   sw_swiss_alt_pref(a, ca) + sw_swiss_alt_pref(b, cb)};
}

/* out (W.L limbs) = 2 k_real + rank k_rank - d2 k_grp[grp] + eq k_eq + alt. */
static void comp_weight(const weights *W, ecomp x, uint64_t *out) {
    int L = W->L;
    uint64_t t[SW_BLOSSOM_LIMBS_MAX];
    sw_limbs_set_i64(out, L, x.alt);
    sw_limbs_addmul_u64(out, W->k_eq, (uint64_t)x.eq, L);
    sw_limbs_addmul_u64(out, W->k_rank, (uint64_t)x.rank, L);
    sw_limbs_addmul_u64(out, W->k_real, 2, L);
    if (x.d2) {
        sw_limbs_mul_u64(t, W->k_grp + (size_t)x.grp * (size_t)L, (uint64_t)x.d2, L);
        sw_limbs_sub(out, out, t, L);
    }
}

static void edge_weight(const ectx *c, int pa, int pb, uint64_t *out) {
    comp_weight(&c->W, edge_comp(c, pa, pb), out);
}

/* Growable edge list: ends and wide weights side by side. */
typedef struct elist {
    int *ends;   /* 2 per edge */
    uint64_t *w; /* L per edge */
    size_t m, cap;
    int L;
} elist;

static void elist_free(elist *l) {
    free(l->ends);
    free(l->w);
}

/* Appends an edge and returns its weight slot (NULL when out of memory). */
static uint64_t *elist_push(elist *l, int u, int v) {
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

static bool push_pair(const ectx *c, elist *l, int a, int b) {
    uint64_t *w = elist_push(l, a, b);
    if (!w)
        return false;
    edge_weight(c, a, b, w);
    return true;
}

/* Every legal pair, and the bye edges. */
static bool full_edges(const ectx *c, elist *l) {
    for (int a = 0; a < c->count; a++)
        for (int b = a + 1; b < c->count; b++)
            if (sw_swiss_legal(c->rk, c->who[a], c->who[b]) && !push_pair(c, l, a, b))
                return false;
    return true;
}

/* The candidates: for each player the legal ones within `win` ranks of it and
 * of its ideal partner (where the optimum nearly always pairs it). Pairs are
 * added from the higher ranked end only, and the two windows exclude each
 * other's overlap, so none is added twice. */
static bool sparse_edges(const ectx *c, int win, elist *l) {
    for (int a = 0; a < c->count; a++) {
        int centre[2] = {a, c->target[a]};
        for (int k = 0; k < 2; k++)
            for (int b = centre[k] - win; b <= centre[k] + win; b++)
                if (b > a && b < c->count && (k == 0 || b < a - win || b > a + win) &&
                    sw_swiss_legal(c->rk, c->who[a], c->who[b]) && !push_pair(c, l, a, b))
                    return false;
    }
    return true;
}

static bool bye_edges(const ectx *c, elist *l) {
    if (c->count % 2 == 1)
        for (int a = 0; a < c->count; a++)
            if (c->bye_ok[c->who[a]]) {
                uint64_t *w = elist_push(l, a, c->count);
                if (!w)
                    return false;
                sw_limbs_set_i64(w, l->L, 0);
            }
    return true;
}

/* Pricing needs y_a + y_b - 4 w(a, b) >= 0 for O(n^2) pairs. The weight's
 * real and rank parts split per player and the colour parts are at most
 * k_eq + 1 per player, so with base[a] = y_a - 4 (k_real + (np - a) k_rank
 * + k_eq + 1) the sum base[a] + base[b] + 4 d^2 k_grp[g] is at most the
 * reduced cost: when it is >= 0, so is the reduced cost (blossom duals only
 * add). pen[g * (dm + 1) + d] holds 4 d^2 k_grp[g]. Two additions a pair. */
typedef struct pricer {
    int L, dm;
    uint64_t *base; /* count numbers */
    uint64_t *pen;  /* ng * (dm + 1) numbers */
} pricer;

static bool pricer_init(const ectx *c, const sw_blossom_dual *d, pricer *pr) {
    const weights *W = &c->W;
    int L = W->L, n = c->count;
    int hi = n ? c->rk->st->p[c->rk->idx[c->who[0]]].score2 : 0;
    int lo = n ? c->rk->st->p[c->rk->idx[c->who[n - 1]]].score2 : 0;
    pr->L = L;
    pr->dm = hi - lo;
    pr->base = malloc(sizeof(uint64_t) * (size_t)L * (size_t)(n + 1));
    pr->pen = malloc(sizeof(uint64_t) * (size_t)L * (size_t)(W->ng + 1) * (size_t)(pr->dm + 1));
    if (!pr->base || !pr->pen)
        return false;
    uint64_t t[SW_BLOSSOM_LIMBS_MAX];
    for (int a = 0; a < n; a++) {
        uint64_t *b = pr->base + (size_t)a * (size_t)L;
        sw_limbs_set_i64(t, L, 1);
        sw_limbs_add(t, t, W->k_eq, L);
        sw_limbs_add(t, t, W->k_real, L);
        sw_limbs_addmul_u64(t, W->k_rank, (uint64_t)(W->np - a), L);
        sw_limbs_shl(t, t, 2, L);
        sw_limbs_sub(b, d->y + (size_t)a * (size_t)L, t, L);
    }
    for (int g = 0; g < W->ng; g++)
        for (int x = 0; x <= pr->dm; x++) {
            uint64_t *p = pr->pen + ((size_t)g * (size_t)(pr->dm + 1) + (size_t)x) * (size_t)L;
            sw_limbs_mul_u64(p, W->k_grp + (size_t)g * (size_t)L, 4 * (uint64_t)x * (uint64_t)x, L);
        }
    return true;
}

static void pricer_free(pricer *pr) {
    free(pr->base);
    free(pr->pen);
}

/* Pairs outside the solved edge set whose reduced cost is negative: the
 * duals do not prove them useless, so they join the next solve. A pair
 * already in the set is never reported (its reduced cost is >= 0). Stops
 * counting at `limit`. */
static bool price_out(const ectx *c, const sw_blossom_dual *d, elist *l, size_t limit,
                      size_t *added) {
    *added = 0;
    pricer pr;
    if (!pricer_init(c, d, &pr)) {
        pricer_free(&pr);
        return false;
    }
    int L = pr.L;
    uint64_t sum[SW_BLOSSOM_LIMBS_MAX], w[SW_BLOSSOM_LIMBS_MAX], rc[SW_BLOSSOM_LIMBS_MAX];
    bool ok = true;
    for (int a = 0; a < c->count && ok; a++) {
        const sw_swiss_pstate *pa = &c->rk->st->p[c->rk->idx[c->who[a]]];
        const uint64_t *pen_a = pr.pen + (size_t)c->W.grp[a] * (size_t)(pr.dm + 1) * (size_t)L;
        for (int b = a + 1; b < c->count; b++) {
            int dd = pa->score2 - c->rk->st->p[c->rk->idx[c->who[b]]].score2;
            sw_limbs_add(sum, pr.base + (size_t)a * (size_t)L, pr.base + (size_t)b * (size_t)L, L);
            sw_limbs_add(sum, sum, pen_a + (size_t)dd * (size_t)L, L);
            if (!sw_limbs_is_neg(sum, L) || !sw_swiss_legal(c->rk, c->who[a], c->who[b]))
                continue;
            edge_weight(c, a, b, w);
            sw_blossom_reduced_cost_wide(d, a, b, w, rc);
            if (!sw_limbs_is_neg(rc, L))
                continue;
            if (++*added > limit)
                break;
            uint64_t *slot = elist_push(l, a, b);
            if (!slot) {
                ok = false;
                break;
            }
            sw_limbs_copy(slot, w, L);
        }
        if (*added > limit)
            break;
    }
    pricer_free(&pr);
    return ok;
}

static void note_solve(const sw_swiss_ranked *rk, const elist *l, const weights *W, bool full) {
    if (!rk->stats)
        return;
    rk->stats->solves++;
    rk->stats->edges = (long)l->m;
    if (full)
        rk->stats->full = 1;
    if (W->bits > rk->stats->weight_bits)
        rk->stats->weight_bits = W->bits;
}

sw_status sw_swiss_exact_match(const sw_swiss_ranked *rk, const int *who, int count,
                               const bool *bye_ok, int *mate, sw_error *err) {
    ectx c = {rk, who, count, bye_ok, {0}, NULL};
    sw_status rc = make_weights(rk, who, count, &c.W, err);
    if (rc)
        return rc;
    int L = c.W.L;
    if ((double)count * count / 2 * (double)(sizeof(int) * 2 + sizeof(uint64_t) * (size_t)L) >
        4e9) {
        weights_free(&c.W);
        return sw_error_set(err, SW_ERR_LIMIT, rk->trf->path, 0,
                            "%d players are too many for the exact matching; use --fast", count);
    }
    int nv = count + count % 2; /* the bye vertex when odd */
    c.target = malloc(sizeof(int) * (size_t)(count + 1));
    int *vm = malloc(sizeof(int) * (size_t)(nv + 1));
    elist l = {.L = L};
    if (!c.target || !vm) {
        rc = sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory for the matching");
        goto done;
    }
    ideal_targets(rk, who, count, c.target);
    int win = rk->sparse_window;
    if (win == 0)
        win = count < 64 ? -1 : 16;
    bool proven = false;
    /* Sparse first: a perfect matching whose duals price every other legal
     * pair at >= 0 is optimal on the full graph (LP duality). Uncovered pairs
     * join the set and it is solved again; after a few rounds, or when the
     * sparse graph has no perfect matching, the full graph decides. */
    if (win > 0) {
        if (!sparse_edges(&c, win, &l) || !bye_edges(&c, &l))
            goto nomem;
        /* Beyond this many uncovered pairs the full graph is cheaper. */
        size_t limit = (size_t)count * (size_t)count / 16;
        for (int attempt = 0; attempt < 4 && !proven; attempt++) {
            sw_blossom_dual d;
            sw_blossom_graph g = {nv, l.m, L, l.ends, l.w};
            rc = sw_blossom_match_graph(&g, SW_BLOSSOM_MAX_CARDINALITY, vm, &d, err);
            if (rc)
                goto done;
            note_solve(rk, &l, &c.W, false);
            bool perfect = true;
            for (int a = 0; a < nv; a++)
                perfect = perfect && vm[a] >= 0;
            if (!perfect) {
                sw_blossom_dual_free(&d);
                break;
            }
            size_t added;
            bool ok = price_out(&c, &d, &l, limit, &added);
            sw_blossom_dual_free(&d);
            if (!ok)
                goto nomem;
            if (rk->stats)
                rk->stats->priced += (int)added;
            if (added == 0)
                proven = true;
            else if (added > limit)
                break; /* far off: the full graph is cheaper */
        }
    }
    if (!proven) {
        l.m = 0;
        if (!full_edges(&c, &l) || !bye_edges(&c, &l))
            goto nomem;
        sw_blossom_graph g = {nv, l.m, L, l.ends, l.w};
        rc = sw_blossom_match_graph(&g, SW_BLOSSOM_MAX_CARDINALITY, vm, NULL, err);
        if (rc)
            goto done;
        note_solve(rk, &l, &c.W, true);
    }
    for (int a = 0; a < count; a++)
        mate[a] = vm[a] == count ? -2 : vm[a];
    goto done;
nomem:
    rc = sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory for the matching");
done:
    elist_free(&l);
    free(vm);
    free(c.target);
    weights_free(&c.W);
    return rc;
}

/* ---- the standard order among equally good pairings ---- */

/* Per player, the distance in ranks from the opponent it got to the one the
 * standard pairing gives it, counted up to this cap: a tie-break, applied
 * only between pairings the weight rates equal. */
#define STD_CAP 63

static int std_pen(const int *target, int a, int b) {
    int d = target[a] > b ? target[a] - b : b - target[a];
    return d < STD_CAP ? d : STD_CAP;
}

static int board_pen(const int *target, int a, int b) {
    return std_pen(target, a, b) + std_pen(target, b, a);
}

static ecomp pair_comp(const ectx *c, int a, int b) {
    return a < b ? edge_comp(c, a, b) : edge_comp(c, b, a);
}

/* Do two pairs of games on the same four players weigh the same? The weight
 * is a mixed-radix number whose digits stay in range for any set of games,
 * so equal weight is equal components: real and rank are equal already (the
 * same players play), so the colour sums and each group's sum of d^2. */
static bool same_weight(ecomp x1, ecomp x2, ecomp y1, ecomp y2) {
    if (x1.eq + x2.eq != y1.eq + y2.eq || x1.alt + x2.alt != y1.alt + y2.alt)
        return false;
    const ecomp all[4] = {x1, x2, y1, y2};
    for (int k = 0; k < 4; k++) {
        int g = all[k].grp, sx = 0, sy = 0;
        for (int t = 0; t < 4; t++)
            if (all[t].grp == g)
                *(t < 2 ? &sx : &sy) += all[t].d2;
        if (sx != sy)
            return false;
    }
    return true;
}

/* The components of a whole pairing summed (f: one sum of d^2 per group). */
typedef struct totals {
    long games, rank, eq, alt;
    long *f;
} totals;

static void add_comp(totals *t, ecomp x) {
    t->games++;
    t->rank += x.rank;
    t->eq += x.eq;
    t->alt += x.alt;
    t->f[x.grp] += x.d2;
}

static bool same_totals(const totals *a, const totals *b, int ng) {
    if (a->games != b->games || a->rank != b->rank || a->eq != b->eq || a->alt != b->alt)
        return false;
    return !memcmp(a->f, b->f, sizeof(long) * (size_t)ng);
}

/* Among the optimal pairings, move towards the standard one (ideal_targets):
 * take it outright when it is legal and weighs as much as the optimum (the
 * first round, and any round where history does not get in the way); else
 * exchange opponents between two boards while that keeps the total weight
 * and lowers the summed distance. Weights are compared by their components,
 * never built. mate is over the ranked players as sw_swiss_exact_match
 * leaves it; it stays an optimum of the weight. */
static sw_status standard_order(const sw_swiss_ranked *rk, const int *who, const bool *bye_ok,
                                int *mate, sw_error *err) {
    int np = rk->np;
    ectx c = {rk, who, np, bye_ok, {0}, NULL};
    c.W.np = np;
    c.W.grp = malloc(sizeof(int) * (size_t)(np + 1));
    c.target = malloc(sizeof(int) * (size_t)(np + 1));
    int *ba = malloc(sizeof(int) * (size_t)(np / 2 + 1)),
        *bb = malloc(sizeof(int) * (size_t)(np / 2 + 1));
    long *fs = calloc(2 * (size_t)(np + 1), sizeof(long));
    if (!c.W.grp || !c.target || !ba || !bb || !fs) {
        free(c.W.grp);
        free(c.target);
        free(ba);
        free(bb);
        free(fs);
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    }
    c.W.ng = score_groups(rk, who, np, c.W.grp);
    ideal_targets(rk, who, np, c.target);
    bool ideal_ok = true;
    totals topt = {0, 0, 0, 0, fs}, tideal = {0, 0, 0, 0, fs + np + 1};
    for (int a = 0; a < np && ideal_ok; a++) {
        int t = c.target[a];
        if (mate[a] == -1)
            ideal_ok = false; /* someone unpaired: the standard pairing is out of reach */
        else if (mate[a] > a)
            add_comp(&topt, edge_comp(&c, a, mate[a]));
        if (t == np)
            ideal_ok = ideal_ok && bye_ok[a];
        else if (t > a) {
            if (sw_swiss_legal(rk, who[a], who[t]))
                add_comp(&tideal, edge_comp(&c, a, t));
            else
                ideal_ok = false;
        }
    }
    if (ideal_ok && same_totals(&topt, &tideal, c.W.ng))
        for (int a = 0; a < np; a++)
            mate[a] = c.target[a] == np ? -2 : c.target[a];
    int nb = 0;
    for (int a = 0; a < np; a++)
        if (mate[a] > a) {
            ba[nb] = a;
            bb[nb++] = mate[a];
        }
    bool improved = true;
    for (int pass = 0; pass < 50 && improved; pass++) {
        improved = false;
        for (int x = 0; x < nb; x++)
            for (int y = x + 1; y < nb; y++) {
                int a = ba[x], b = bb[x], p = ba[y], q = bb[y];
                int cur = board_pen(c.target, a, b) + board_pen(c.target, p, q);
                int opt[2][2] = {{p, q}, {q, p}}; /* a meets opt[k][0], b meets opt[k][1] */
                for (int k = 0; k < 2; k++) {
                    int u = opt[k][0], v = opt[k][1];
                    if (board_pen(c.target, a, u) + board_pen(c.target, b, v) >= cur ||
                        !sw_swiss_legal(rk, who[a], who[u]) || !sw_swiss_legal(rk, who[b], who[v]))
                        continue;
                    if (!same_weight(pair_comp(&c, a, u), pair_comp(&c, b, v), pair_comp(&c, a, b),
                                     pair_comp(&c, p, q)))
                        continue;
                    mate[a] = u;
                    mate[u] = a;
                    mate[b] = v;
                    mate[v] = b;
                    ba[x] = a < u ? a : u;
                    bb[x] = a < u ? u : a;
                    ba[y] = b < v ? b : v;
                    bb[y] = b < v ? v : b;
                    improved = true;
                    break;
                }
            }
    }
    free(c.W.grp);
    free(c.target);
    free(ba);
    free(bb);
    free(fs);
    return SW_OK;
}

/* ---- results ---- */

static int cmp_rank(const void *pa, const void *pb, const sw_swiss_state *st,
                    const sw_swiss_trf *trf) {
    int a = *(const int *)pa, b = *(const int *)pb;
    if (st->p[a].score2 != st->p[b].score2)
        return st->p[b].score2 - st->p[a].score2;
    return trf->players[a].id - trf->players[b].id;
}

/* qsort has no context argument in C17: a merge sort that passes it. */
static void sort_ranked(int *a, int n, const sw_swiss_state *st, const sw_swiss_trf *trf,
                        int *tmp) {
    if (n < 2)
        return;
    int h = n / 2;
    sort_ranked(a, h, st, trf, tmp);
    sort_ranked(a + h, n - h, st, trf, tmp);
    int i = 0, j = h, k = 0;
    while (i < h && j < n)
        tmp[k++] = cmp_rank(&a[j], &a[i], st, trf) < 0 ? a[j++] : a[i++];
    while (i < h)
        tmp[k++] = a[i++];
    while (j < n)
        tmp[k++] = a[j++];
    memcpy(a, tmp, sizeof(int) * (size_t)n);
}

void sw_swiss_pairing_free(sw_swiss_pairing *p) {
    if (!p)
        return;
    free(p->boards);
    free(p->unpaired);
    sw_strbuf_free(&p->why);
    sw_strbuf_free(&p->explain);
    memset(p, 0, sizeof *p);
}

static void pts(char *buf, size_t n, int s2) {
    snprintf(buf, n, "%d.%d", s2 / 2, s2 % 2 ? 5 : 0);
}

static void explain_unpaired(const sw_swiss_ranked *rk, const bool *bye_ok, int r,
                             sw_strbuf *why) {
    int met = 0, colour = 0, others = rk->np - 1;
    const sw_swiss_pstate *a = &rk->st->p[rk->idx[r]];
    for (int j = 0; j < rk->np; j++) {
        if (j == r)
            continue;
        if (sw_swiss_met(a, rk->trf->players[rk->idx[j]].id))
            met++;
        else if (!sw_swiss_legal(rk, r, j))
            colour++;
    }
    char s[16];
    pts(s, sizeof s, a->score2);
    sw_strbuf_printf(why, "player %d (%s): ", rk->trf->players[rk->idx[r]].id, s);
    if (met + colour == others)
        sw_strbuf_printf(why, "no legal opponent: met %d of the %d others (rule 1), colour "
                              "clash with %d (rule 2)",
                         met, others, colour);
    else
        sw_strbuf_printf(why, "every legal opponent is needed elsewhere: met %d of %d (rule 1), "
                              "colour clash with %d (rule 2)",
                         met, others, colour);
    if (!bye_ok[r])
        sw_strbuf_printf(why, "; no bye: %s (rule 3)",
                         a->had_bye ? "already had one" : "had a forfeit win");
    sw_strbuf_puts(why, "\n");
}

static void explain_board(const sw_swiss_ranked *rk, int board, int i, int j, char ca,
                          sw_strbuf *ex) {
    const sw_swiss_trf *trf = rk->trf;
    const sw_swiss_pstate *a = &rk->st->p[rk->idx[i]], *b = &rk->st->p[rk->idx[j]];
    int ida = trf->players[rk->idx[i]].id, idb = trf->players[rk->idx[j]].id;
    char sa[16], sb[16];
    pts(sa, sizeof sa, a->score2);
    pts(sb, sizeof sb, b->score2);
    sw_strbuf_printf(ex, "board %d: %d (%s) vs %d (%s): ", board, ida, sa, idb, sb);
    if (a->score2 == b->score2)
        sw_strbuf_printf(ex, "same score group");
    else
        sw_strbuf_printf(ex, "%d floats down from %s to meet %d (difference %d.%d)", ida, sa, idb,
                         (a->score2 - b->score2) / 2, (a->score2 - b->score2) % 2 ? 5 : 0);
    int white = ca == 'w' ? ida : idb;
    const sw_swiss_pstate *wp = ca == 'w' ? a : b, *bp = ca == 'w' ? b : a;
    const char *why;
    bool w_forced = !sw_swiss_colour_ok(wp, 'b', rk->waive);
    bool b_forced = !sw_swiss_colour_ok(bp, 'w', rk->waive);
    if (w_forced || b_forced)
        why = "forced by the absolute colour rules";
    else if (wp->coldiff < 0 || bp->coldiff > 0)
        why = "colour equalisation";
    else if (wp->last == 'b' || bp->last == 'w')
        why = "colour alternation";
    else if (wp->last == 0 && bp->last == 0)
        why = "first game: initial colour alternating by board";
    else
        why = "tie: higher ranked gets white";
    sw_strbuf_printf(ex, "; %d white (%s)\n", white, why);
}

typedef struct bsort {
    int top; /* rank of the better player */
    sw_swiss_board b;
    int ri, rj;
} bsort;

static int cmp_board(const void *x, const void *y) {
    const bsort *a = x, *b = y;
    return a->top - b->top;
}

static sw_status build_pairing(const sw_swiss_ranked *rk, const bool *bye_ok, const int *mate,
                               const sw_swiss_options *opt, sw_swiss_pairing *out,
                               sw_error *err) {
    int np = rk->np;
    const sw_swiss_trf *trf = rk->trf;
    bsort *bs = malloc(sizeof *bs * (size_t)(np / 2 + 2));
    out->boards = malloc(sizeof *out->boards * (size_t)(np / 2 + 2));
    out->unpaired = malloc(sizeof(int) * (size_t)(np + 1));
    if (!bs || !out->boards || !out->unpaired) {
        free(bs);
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    }
    int nb = 0, bye = -1;
    for (int r = 0; r < np; r++) {
        if (mate[r] == -2)
            bye = r;
        else if (mate[r] == -1)
            out->unpaired[out->nunpaired++] = trf->players[rk->idx[r]].id;
        else if (mate[r] > r)
            bs[nb++] = (bsort){r, {0, 0}, r, mate[r]};
    }
    qsort(bs, (size_t)nb, sizeof *bs, cmp_board);
    char initial = trf->initial_colour ? trf->initial_colour : 'w';
    for (int k = 0; k < nb; k++) {
        int i = bs[k].ri, j = bs[k].rj;
        const sw_swiss_pstate *a = &rk->st->p[rk->idx[i]], *b = &rk->st->p[rk->idx[j]];
        int ida = trf->players[rk->idx[i]].id, idb = trf->players[rk->idx[j]].id;
        char ca = sw_swiss_choose_colour(a, b, ida, idb, k + 1, initial, rk->waive);
        out->boards[k] = ca == 'w' ? (sw_swiss_board){ida, idb} : (sw_swiss_board){idb, ida};
        if (opt && opt->explain)
            explain_board(rk, k + 1, i, j, ca, &out->explain);
    }
    out->nboards = nb;
    if (bye >= 0) {
        out->boards[out->nboards++] = (sw_swiss_board){trf->players[rk->idx[bye]].id, 0};
        if (opt && opt->explain)
            sw_strbuf_printf(&out->explain,
                             "bye: %d, the lowest ranked player whose absence leaves a legal "
                             "pairing of the rest\n",
                             trf->players[rk->idx[bye]].id);
    }
    for (int r = 0; r < np; r++)
        if (mate[r] == -1)
            explain_unpaired(rk, bye_ok, r, &out->why);
    free(bs);
    return SW_OK;
}

sw_status sw_swiss_pair(const sw_swiss_trf *trf, const sw_swiss_options *opt,
                        sw_swiss_pairing *out, sw_error *err) {
    memset(out, 0, sizeof *out);
    sw_strbuf_init(&out->why);
    sw_strbuf_init(&out->explain);
    int round = trf->nrounds + 1;
    out->round = round;
    sw_swiss_state st;
    sw_status rc = sw_swiss_state_build(trf, round, &st, err);
    if (rc)
        return rc;
    int n = trf->nplayers;
    int *idx = malloc(sizeof(int) * (size_t)(n + 1)), *tmp = malloc(sizeof(int) * (size_t)(n + 1));
    int *mate = malloc(sizeof(int) * (size_t)(n + 1)), *who = malloc(sizeof(int) * (size_t)(n + 1));
    bool *bye_ok = malloc(sizeof(bool) * (size_t)(n + 1));
    if (!idx || !tmp || !mate || !who || !bye_ok) {
        rc = sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
        goto done;
    }
    int np = 0;
    for (int i = 0; i < n; i++)
        if (!trf->players[i].absent)
            idx[np++] = i;
    sort_ranked(idx, np, &st, trf, tmp);
    sw_swiss_ranked rk = {np, idx, &st, trf,
                          opt && opt->waive_colour_last_round && trf->total_rounds &&
                              round >= trf->total_rounds,
                          opt ? opt->sparse_window : 0, &out->stats};
    for (int r = 0; r < np; r++) {
        bye_ok[r] = !st.p[idx[r]].had_bye && !st.p[idx[r]].had_fwin;
        who[r] = r;
    }
    if (opt && opt->fast)
        rc = sw_swiss_fast_match(&rk, bye_ok, mate, err);
    else
        rc = sw_swiss_exact_match(&rk, who, np, bye_ok, mate, err);
    if (!rc && !(opt && opt->fast))
        rc = standard_order(&rk, who, bye_ok, mate, err);
    if (!rc)
        rc = build_pairing(&rk, bye_ok, mate, opt, out, err);
    if (!rc) {
        sw_swiss_measure(trf, round, out->boards, out->nboards, rk.waive, &out->quality);
        if (out->why.failed || out->explain.failed)
            rc = sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    }
done:
    free(idx);
    free(tmp);
    free(mate);
    free(who);
    free(bye_ok);
    sw_swiss_state_free(&st);
    if (rc)
        sw_swiss_pairing_free(out);
    return rc;
}

void sw_swiss_measure(const sw_swiss_trf *trf, int round, const sw_swiss_board *boards,
                      int nboards, bool waive, sw_swiss_quality *q) {
    memset(q, 0, sizeof *q);
    sw_swiss_state st;
    if (sw_swiss_state_build(trf, round, &st, NULL))
        return;
    int n = trf->nplayers;
    char *seen = calloc((size_t)n, 1);
    int *idx = malloc(sizeof(int) * (size_t)(n + 1)), *tmp = malloc(sizeof(int) * (size_t)(n + 1));
    int *who = calloc((size_t)n + 1, sizeof(int)), *target = malloc(sizeof(int) * (size_t)(n + 1));
    int *rank = malloc(sizeof(int) * (size_t)(n + 1));
    if (!seen || !idx || !tmp || !who || !target || !rank) {
        free(seen);
        free(idx);
        free(tmp);
        free(who);
        free(target);
        free(rank);
        sw_swiss_state_free(&st);
        return;
    }
    /* The standard pairing of the players present, for std_distance. */
    int np = 0;
    for (int i = 0; i < n; i++) {
        rank[i] = -1;
        if (!trf->players[i].absent)
            idx[np++] = i;
    }
    sort_ranked(idx, np, &st, trf, tmp);
    for (int r = 0; r < n; r++)
        who[r] = r;
    for (int r = 0; r < np; r++)
        rank[idx[r]] = r;
    sw_swiss_ranked rk = {np, idx, &st, trf, waive, 0, NULL};
    ideal_targets(&rk, who, np, target);
    for (int k = 0; k < nboards; k++) {
        int w = boards[k].white, b = boards[k].black;
        int iw = w >= 1 && w <= trf->max_id ? trf->index_of_id[w] : -1;
        int ib = b >= 1 && b <= trf->max_id ? trf->index_of_id[b] : -1;
        if (iw < 0 || (b != 0 && ib < 0) || seen[iw] || (ib >= 0 && seen[ib])) {
            q->violations++;
            continue;
        }
        seen[iw] = 1;
        if (trf->players[iw].absent)
            q->violations++;
        const sw_swiss_pstate *a = &st.p[iw];
        if (b == 0) {
            q->byes++;
            if (a->had_bye || a->had_fwin)
                q->violations++;
            continue;
        }
        seen[ib] = 1;
        const sw_swiss_pstate *c = &st.p[ib];
        q->pairs++;
        if (trf->players[ib].absent || sw_swiss_met(a, b) || !sw_swiss_colour_ok(a, 'w', waive) ||
            !sw_swiss_colour_ok(c, 'b', waive))
            q->violations++;
        int d = a->score2 > c->score2 ? a->score2 - c->score2 : c->score2 - a->score2;
        if (rank[iw] >= 0 && rank[ib] >= 0)
            q->std_distance += board_pen(target, rank[iw], rank[ib]);
        q->score_diff_sum2 += d;
        if (d > q->score_diff_max2)
            q->score_diff_max2 = d;
        /* The preferred colour: equalisation first, else alternation. */
        const sw_swiss_pstate *pl[2] = {a, c};
        for (int s = 0; s < 2; s++) {
            char got = s == 0 ? 'w' : 'b', want = 0;
            if (pl[s]->coldiff)
                want = pl[s]->coldiff < 0 ? 'w' : 'b';
            else if (pl[s]->last)
                want = pl[s]->last == 'w' ? 'b' : 'w';
            if (want && want != got)
                q->colour_misses++;
        }
    }
    for (int i = 0; i < n; i++)
        if (!trf->players[i].absent && !seen[i])
            q->unpaired++;
    free(seen);
    free(idx);
    free(tmp);
    free(who);
    free(target);
    free(rank);
    sw_swiss_state_free(&st);
}
