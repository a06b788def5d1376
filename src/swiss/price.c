/* src/swiss/price.c: pricing by the matching's duals. A perfect matching of
 * a sparse graph is optimal on the full graph when every pair left out has a
 * reduced cost >= 0 (LP duality); this file finds the pairs whose reduced
 * cost is negative without building every weight: a bound per player and
 * score group read from the top limbs first (sw_swiss_bound_neg), the exact
 * weight only where the bound cannot decide. The bound's parts (the
 * pricer, a row's cache) serve the bracket windows' pricing too; the row
 * pricing of a plain problem (the exact matching's) is here, the passes
 * that run it (rows counted in parallel, then added in order) in solve.c.
 * SPDX-License-Identifier: MIT */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "swiss/pair_internal.h"
#include "util/limbs.h"

bool sw_swiss_pricer_alloc(const sw_swiss_weights *W, int count, sw_swiss_pricer *pr) {
    int L = W->L;
    pr->L = L;
    pr->ng = W->ng;
    size_t npen = (size_t)W->ng * (size_t)(W->ng + 1);
    pr->base = malloc(sizeof(uint64_t) * (size_t)L * (size_t)(count + 1));
    pr->pen = malloc(sizeof(uint64_t) * (size_t)L * (npen + 1));
    pr->tbase = malloc(sizeof(__int128) * (size_t)(count + 1));
    pr->tpen = malloc(sizeof(__int128) * (npen + 1));
    pr->cbase = pr->ibase = pr->base;
    pr->inrem = NULL;
    if (!pr->base || !pr->pen || !pr->tbase || !pr->tpen)
        return false;
    for (size_t x = 0; x < npen; x++) {
        sw_limbs_shl(pr->pen + x * (size_t)L, W->pen + x * (size_t)L, 2, L);
        pr->tpen[x] = sw_limbs_top2(pr->pen + x * (size_t)L, L);
    }
    return true;
}

static void pricer_tops(sw_swiss_pricer *pr, int count) {
    for (int a = 0; a < count; a++)
        pr->tbase[a] = sw_limbs_top2(pr->cbase + (size_t)a * (size_t)pr->L, pr->L);
}

static bool pricer_init(const sw_swiss_problem *c, const sw_blossom_dual *d, sw_swiss_pricer *pr) {
    const sw_swiss_weights *W = &c->W;
    int L = W->L, n = c->count;
    if (!sw_swiss_pricer_alloc(W, n, pr))
        return false;
    pr->cbase = malloc(sizeof(uint64_t) * (size_t)L * (size_t)(n + 1));
    if (!pr->cbase)
        return false;
    uint64_t t[SW_BLOSSOM_LIMBS_MAX], u[SW_BLOSSOM_LIMBS_MAX];
    if (!W->no_order) {
        /* A float's rank digits (sw_swiss_pair_parts: pa + np - pb <= 2 np) come with
         * a pair between groups only: 4 (2 np) k_rank less in pen(i, j),
         * i < j, rather than 4 np in every player's base. In a round 1
         * every pair is in one group, and there the bound is then the
         * reduced cost. */
        sw_limbs_mul_u64(u, W->k_rank, 8 * (uint64_t)W->np, L);
        for (int i = 0; i < W->ng; i++)
            for (int j = i + 1; j <= W->ng; j++) {
                uint64_t *p = pr->pen + ((size_t)i * (size_t)(W->ng + 1) + (size_t)j) * (size_t)L;
                sw_limbs_sub(p, p, u, L);
                pr->tpen[(size_t)i * (size_t)(W->ng + 1) + (size_t)j] = sw_limbs_top2(p, L);
            }
    }
    for (int a = 0; a < n; a++) {
        /* base[a] with k_low (a as the higher player, the rows), cbase[a]
         * with k_lowc (a as the lower one) */
        sw_limbs_copy(t, W->k_real, L);
        sw_limbs_addmul_u64(t, W->k_rank, (uint64_t)(W->np - a) * W->K, L);
        sw_limbs_add(u, t, W->k_lowc + (size_t)W->grp[a] * (size_t)L, L);
        sw_limbs_add(t, t, W->k_low + (size_t)W->grp[a] * (size_t)L, L);
        sw_limbs_shl(t, t, 2, L);
        sw_limbs_shl(u, u, 2, L);
        sw_limbs_sub(pr->base + (size_t)a * (size_t)L, d->y + (size_t)a * (size_t)L, t, L);
        sw_limbs_sub(pr->cbase + (size_t)a * (size_t)L, d->y + (size_t)a * (size_t)L, u, L);
    }
    pricer_tops(pr, n);
    return true;
}

void sw_swiss_pricer_free(sw_swiss_pricer *pr) {
    if (pr->cbase != pr->base)
        free(pr->cbase);
    if (pr->ibase != pr->base)
        free(pr->ibase);
    free(pr->base);
    free(pr->pen);
    free(pr->tbase);
    free(pr->tpen);
}

void sw_swiss_bound_row_init(sw_swiss_bound_row *r, const sw_swiss_pricer *pr, int a, int ga) {
    size_t ng1 = (size_t)pr->ng + 2, L = (size_t)pr->L; /* slot ng + 1: ibase */
    r->pr = pr;
    r->a = a;
    r->ga = ga;
    r->last = -1;
    r->ok = calloc(ng1, sizeof(bool));
    r->top = malloc(sizeof(__int128) * ng1);
    r->x = malloc(sizeof(uint64_t) * ng1 * L);
    r->neg = malloc(sizeof(uint64_t) * ng1 * L);
    r->cache = r->ok && r->top && r->x && r->neg;
}

void sw_swiss_bound_row_free(sw_swiss_bound_row *r) {
    free(r->ok);
    free(r->top);
    free(r->x);
    free(r->neg);
}

/* Group gb's x, -x and top two limbs; in: b is in a's remainder (gb is
 * a's group), x from ibase (slot ng + 1). */
static void bound_row_get(sw_swiss_bound_row *r, int gb, bool in, const uint64_t **x,
                          const uint64_t **neg, __int128 *top) {
    const sw_swiss_pricer *pr = r->pr;
    size_t L = (size_t)pr->L;
    int key = in ? pr->ng + 1 : gb;
    bool have = r->cache ? r->ok[key] : r->last == key;
    uint64_t *px = r->cache ? r->x + (size_t)key * L : r->x1;
    uint64_t *pn = r->cache ? r->neg + (size_t)key * L : r->neg1;
    __int128 *pt = r->cache ? r->top + key : &r->top1;
    if (!have) {
        size_t pi = (size_t)r->ga * (size_t)(pr->ng + 1) + (size_t)gb;
        sw_limbs_add(px, (in ? pr->ibase : pr->base) + (size_t)r->a * L, pr->pen + pi * L, pr->L);
        sw_limbs_set_i64(pn, pr->L, 0);
        sw_limbs_sub(pn, pn, px, pr->L);
        *pt = sw_limbs_top2(px, pr->L);
        if (r->cache)
            r->ok[key] = true;
        r->last = key;
    }
    *x = px;
    *neg = pn;
    *top = *pt;
}

bool sw_swiss_bound_neg(const sw_blossom_dual *d, sw_swiss_bound_row *r, int b, int gb, int u,
                        int v, const uint64_t *pl, uint64_t m) {
    const sw_swiss_pricer *pr = r->pr;
    int L = pr->L;
    const uint64_t *xa, *neg;
    __int128 t;
    bound_row_get(r, gb, gb == r->ga && pr->inrem && pr->inrem[b], &xa, &neg, &t);
    t += pr->tbase[b];
    if (pl) /* the top two limbs of pl m, less what the limbs below carry */
        t += (__int128)(((sw_limbs_u128)pl[L - 1] * m) << 64) +
             (__int128)((sw_limbs_u128)pl[L - 2] * m);
    if (t >= 0)
        return false;
    const uint64_t *z = sw_blossom_pair_z(d, u, v);
    int terms = 2;
    if (z) {
        t += sw_limbs_top2(z, L);
        terms = 3;
    }
    const uint64_t *xb = pr->cbase + (size_t)b * (size_t)L;
    /* pl m's part below a limb is in [0, m) units of it */
    uint64_t below = (uint64_t)terms + (pl ? m : 0);
    uint64_t lo = (uint64_t)t;
    int64_t hi = (int64_t)(t >> 64);
    for (int j = L - 3; j >= 0; j--) {
        if (hi >= 0)
            return false;
        if (hi < -1 || lo <= (uint64_t)0 - below)
            return true;
        if (j == L - 5 && sw_limbs_sum_is(xb, z, neg, L))
            return false; /* 0 without pl m (>= 0) */
        hi = (int64_t)lo; /* -below < t < 0 */
        lo = 0;
        lo += xa[j];
        hi += lo < xa[j];
        lo += xb[j];
        hi += lo < xb[j];
        if (z) {
            lo += z[j];
            hi += lo < z[j];
        }
        if (pl) {
            sw_limbs_u128 p = (sw_limbs_u128)pl[j] * m;
            lo += (uint64_t)p;
            hi += (int64_t)(p >> 64) + (lo < (uint64_t)p);
        }
    }
    return hi < 0;
}

bool sw_swiss_push_priced(const sw_swiss_problem *c, sw_swiss_edge_list *l, int u, int v, int a,
                          int b, const uint64_t *w) {
    uint64_t *slot = sw_swiss_edge_list_push(l, u, v);
    if (!slot)
        return false;
    sw_limbs_copy(slot, w, c->W.L);
    if (c->shift) {
        sw_swiss_sub_share(&c->W, a, slot);
        sw_swiss_sub_share(&c->W, b, slot);
    }
    return true;
}

/* Row a's pairs (a, b > a) whose reduced cost is negative: their number,
 * and with l, each added to l (-1: out of memory). */
static long price_pairs_row(const sw_swiss_problem *c, const sw_blossom_dual *d,
                            const sw_swiss_pricer *pr, int a, sw_swiss_edge_list *l) {
    long n = 0;
    uint64_t w[SW_BLOSSOM_LIMBS_MAX];
    sw_swiss_row_cache lc;
    memset(lc.ok, 0, sizeof lc.ok);
    sw_swiss_bound_row r;
    sw_swiss_bound_row_init(&r, pr, a, c->W.grp[a]);
    for (int b = a + 1; b < c->count; b++) {
        if (!sw_swiss_bound_neg(d, &r, b, c->W.grp[b], a, b, NULL, 0) ||
            !sw_swiss_legal(c->rk, c->who[a], c->who[b]))
            continue;
        sw_swiss_pair_weight(c, a, b, w, &lc);
        if (!sw_blossom_reduced_cost_neg(d, a, b, w))
            continue;
        n++;
        if (!l)
            continue;
        if (!sw_swiss_push_priced(c, l, a, b, a, b, w)) {
            n = -1;
            break;
        }
    }
    sw_swiss_bound_row_free(&r);
    return n;
}

bool sw_swiss_pair_pricing_start(sw_swiss_pair_pricing *pp, const sw_swiss_problem *c,
                                 const sw_blossom_dual *d) {
    memset(&pp->pr, 0, sizeof pp->pr);
    pp->c = c;
    pp->d = d;
    return pricer_init(c, d, &pp->pr);
}

long sw_swiss_pair_pricing_row(const sw_swiss_pair_pricing *pp, int a, sw_swiss_edge_list *l) {
    return price_pairs_row(pp->c, pp->d, &pp->pr, a, l);
}

void sw_swiss_pair_pricing_end(sw_swiss_pair_pricing *pp) {
    sw_swiss_pricer_free(&pp->pr);
    memset(&pp->pr, 0, sizeof pp->pr);
}
