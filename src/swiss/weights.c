/* src/swiss/weights.c: the multipliers of the matching's weight. One exact
 * integer orders a round's criteria lexicographically (docs/swiss.md, "Rules
 * and the weight encoding"): each component (a bracket's downfloaters N_g,
 * its score-difference list F_g, colour and float digits, the repeated
 * floaters' lists C16-C19, the bye's games, the bracket order's digits) gets
 * a unit one more than the range of everything below it, as many 64-bit
 * limbs as that needs. This file fixes the units from the round's sizes;
 * edges.c turns one pair into a weight with them.
 * SPDX-License-Identifier: MIT */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "swiss/pair_internal.h"
#include "util/limbs.h"

void sw_swiss_weights_free(sw_swiss_weights *W) {
    free(W->grp);
    free(W->gs);
    free(W->pen);
    free(W->k_list);
    free(W->Rg);
    free(W->mem);
    free(W->share);
    memset(W, 0, sizeof *W);
}

bool sw_swiss_group_radix(sw_swiss_weights *W) {
    W->Rg = calloc((size_t)(W->ng + 1), sizeof *W->Rg);
    if (!W->Rg)
        return false;
    for (int r = 0; r < W->np; r++)
        W->Rg[W->grp[r]]++;
    uint64_t e = (uint64_t)(W->np + 1) / 2;
    if (W->ng > 0)
        W->Rg[W->ng - 1]++; /* the bye is made in the last bracket too */
    for (int g = 0; g < W->ng; g++)
        W->Rg[g] = 2 * (W->Rg[g] < e ? W->Rg[g] : e) + 1;
    return true;
}

bool sw_swiss_group_scores(const sw_swiss_ranked *rk, const int *who, sw_swiss_weights *W) {
    W->gs = calloc((size_t)(W->ng + 1), sizeof *W->gs);
    if (!W->gs)
        return false;
    for (int r = 0; r < W->np; r++)
        W->gs[W->grp[r]] = rk->st->p[rk->idx[who[r]]].score2;
    return true;
}

int sw_swiss_psd_part(const sw_swiss_weights *W, int i, int j, int g, bool *down) {
    *down = false;
    if (i == j || g < i || g > j || g == W->ng)
        return 0;
    int v = W->gs[i] - W->gs[g];
    if (g < j) {
        *down = true;
        v += 2;
    }
    return v;
}

/* The score-difference lists: family 0 is F (C6, a bracket's PSD), 1..4
 * C16..C19 (the entries of repeated floaters). With W->exact each family
 * of each bracket is one digit per entry value v > 0 (the entries equal to
 * v), the largest value most significant: the Dutch comparison of lists
 * sorted from the largest entry, exactly (the lists of two pairings that
 * tie above have the same length). Otherwise one number per family, the
 * sum of the entries squared (one unit at v = 0). */
static const uint64_t *list_unit(const sw_swiss_weights *W, int fam, int g, int v) {
    bool ex = fam ? W->exact_fsd : W->exact;
    size_t at = ((size_t)fam * (size_t)W->ng + (size_t)g) * (size_t)W->V + (size_t)(ex ? v : 0);
    return W->k_list + at * (size_t)W->L;
}

void sw_swiss_list_add(const sw_swiss_weights *W, uint64_t *out, int fam, int g, int v) {
    if (v <= 0)
        return;
    if (fam ? W->exact_fsd : W->exact)
        sw_limbs_add(out, out, list_unit(W, fam, g, v), W->L);
    else
        sw_limbs_addmul_u64(out, list_unit(W, fam, g, v), (uint64_t)v * (uint64_t)v, W->L);
}

/* Room for a multiplier while its width is not known yet: one limb beyond
 * the widest weight, so a product by a 64-bit factor cannot wrap before the
 * width check. */
#define WIDE (SW_BLOSSOM_LIMBS_MAX + 1)

/* Rounds compare the score-difference lists exactly (list_unit) when they
 * have at most SW_EXACT_PLAYERS_MAX players or a weight of at most
 * SW_EXACT_BITS_MAX bits with them; a larger round, and one whose weight
 * would be too wide with them, compares the entries squared (the digits
 * make the weight of a 1000-player round about 1.4 times wider). */
#define SW_EXACT_PLAYERS_MAX 500
#define SW_EXACT_BITS_MAX 1024

/* The weight's components, most important last in the list built below
 * (tmp holds their units from the bottom). */
typedef struct component {
    int kind; /* 0 N, 1 F, 2 eq, 3 alt, 4 order, 5 byg, 6..9 C16..C19 */
    int g;    /* the bracket */
    int v;    /* F and C16..C19 with W->exact: the entry value of the digit */
} component;

sw_status sw_swiss_weights_make(const sw_swiss_ranked *rk, const int *who, int np, sw_swiss_weights *W,
                              const sw_swiss_order_spec *os, sw_error *err) {
    memset(W, 0, sizeof *W);
    W->np = np;
    W->grp = malloc(sizeof(int) * (size_t)(np + 1));
    if (!W->grp) {
        sw_swiss_weights_free(W);
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory for the weights");
    }
    int ng = W->ng = sw_swiss_score_groups(rk, who, np, W->grp);
    W->top = rk->top2 >= 0 && !rk->waive;
    /* The most games played by a player present: the range of the bye's
     * games digit. */
    for (int r = 0; r < np; r++)
        if (rk->st->p[rk->idx[who[r]]].nopp > W->maxg)
            W->maxg = rk->st->p[rk->idx[who[r]]].nopp;
    if (!sw_swiss_group_radix(W) || !sw_swiss_group_scores(rk, who, W)) {
        sw_swiss_weights_free(W);
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory for the weights");
    }
    int lo = np ? rk->st->p[rk->idx[who[np - 1]]].score2 : 0;
    W->lo = lo;
    int V = W->V = np ? W->gs[0] - lo + 3 : 1;
    uint64_t e = (uint64_t)(np + 1) / 2;
    W->R = 2 * e + 1;
    /* The components, top first, bracket by bracket as the Dutch system
     * meets its criteria: N_0 F_0, then for each g the next bracket's N and
     * F (C7: the downfloaters that help it) before g's colours and floats:
     *   N_0 F_0 | N_1 F_1 eq_0 alt_0 | N_2 F_2 eq_1 alt_1 | ... | eq_G-1 alt_G-1
     * kind 0 N, 1 F, 2 eq, 3 alt; with os, 4: group g's bracket order
     * digits after alt_g (the Dutch system settles a bracket's pairs in
     * its order before it looks at the next bracket's colours). tmp holds
     * their units, WIDE limbs each, from the bottom: rank (1), then the
     * components, k_bye, k_real. */
    size_t ncmax = (size_t)ng * (size_t)(10 + 5 * V) + 2;
    int nc = 0;
    component *cs = malloc(sizeof(component) * ncmax);
    uint64_t *tmp = malloc(sizeof(uint64_t) * WIDE * (ncmax + 4));
    int *gend = malloc(sizeof(int) * (size_t)(ng + 1));
    bool *byg_on = malloc(sizeof(bool) * (size_t)(ng + 1));
    /* Per family (F, C16..C19), bracket and entry value: how many entries
     * of that value a pairing can have there (each has a distinct higher
     * player, at most e): the radices of the exact digits. The squared
     * form keeps its own ranges (frange for C16..C19, F's below). */
    uint64_t *vb = calloc((size_t)5 * (size_t)ng * (size_t)V + 1, sizeof(uint64_t));
    uint64_t *frange = calloc((size_t)(4 * ng + 1), sizeof(uint64_t));
    if (!cs || !tmp || !gend || !byg_on || !vb || !frange) {
        free(cs);
        free(tmp);
        free(gend);
        free(byg_on);
        free(vb);
        free(frange);
        sw_swiss_weights_free(W);
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory for the weights");
    }
#define VB(fam, g, v) vb[((size_t)(fam) * (size_t)ng + (size_t)(g)) * (size_t)V + (size_t)(v)]
    for (int r = 0; r < np; r++)
        gend[W->grp[r]] = r + 1;
    /* C9 (the bye's recipient with the most games) in the brackets whose
     * only downfloater is the bye: rk->c9 from a solve before, else the
     * last bracket only. */
    for (int g = 0; g < ng; g++)
        byg_on[g] = rk->c9 ? rk->c9[who[gend[g] - 1]] : g == ng - 1;
    /* F's values: a player of group i <= g passing bracket g (s_i - s_g +
     * 2), or of a group i < g paired in it (s_i - s_g). */
    /* A value's count is at most the players of its group, and a player
     * passing bracket g is paired below it (or has the bye), the higher
     * player of a pair made in g meets one of G_g. */
    for (int g = 0; g < ng; g++)
        for (int i = 0; i <= g; i++) {
            uint64_t gi = (uint64_t)(gend[i] - (i ? gend[i - 1] : 0));
            uint64_t gg = (uint64_t)(gend[g] - (g ? gend[g - 1] : 0));
            uint64_t below = (uint64_t)(np - gend[g]) + 1;
            VB(0, g, W->gs[i] - W->gs[g] + 2) += gi < below ? gi : below;
            if (i < g)
                VB(0, g, W->gs[i] - W->gs[g]) += gi < gg ? gi : gg;
        }
    /* C16-C19 per bracket: their range, at most one entry per repeated
     * floater that can count there (a downfloater of this group or above,
     * an upfloater of this group), each at most the largest such entry;
     * a component that cannot be other than 0 is left out. */
    for (int g = 0; g < ng; g++)
        for (int q = 0; q < 4; q++) {
            uint64_t cnt = 0, mx = 0;
            for (int r = 0; r < gend[g]; r++) {
                const sw_swiss_pstate *pl = &rk->st->p[rk->idx[who[r]]];
                char fl = q < 2 ? pl->fl1 : pl->fl2;
                uint64_t v;
                if (q & 1) {
                    if (fl != 'u' || W->grp[r] != g)
                        continue;
                    v = (uint64_t)(W->gs[0] - W->gs[g]);
                    /* its pair's difference to any group above */
                    for (int i = 0; i < g; i++)
                        VB(1 + q, g, W->gs[i] - W->gs[g])++;
                } else {
                    if (fl != 'd')
                        continue;
                    v = (uint64_t)(pl->score2 - W->gs[g] + 2);
                    VB(1 + q, g, pl->score2 - W->gs[g] + 2)++;
                    if (W->grp[r] < g)
                        VB(1 + q, g, pl->score2 - W->gs[g])++;
                }
                cnt++;
                mx = v * v > mx ? v * v : mx;
            }
            frange[4 * g + q] = (cnt < e ? cnt : e) * mx;
        }
    for (size_t x = 0; x < (size_t)5 * (size_t)ng * (size_t)V; x++) {
        size_t g = x / (size_t)V % (size_t)ng;
        uint64_t cap = (uint64_t)gend[g] < e ? (uint64_t)gend[g] : e;
        vb[x] = vb[x] < cap ? vb[x] : cap;
    }
    for (int g = 0; g < ng; g++)
        for (int f = 0; f < 5; f++)
            VB(f, g, 0) = 0; /* an entry 0 is no digit */
    /* Exact lists unless the weight would be too wide with them, then the
     * entries squared; C16-C19 are left out when the weight would still be
     * too wide (many score groups far apart: the fast mode's long events). */
    /* The level: 3 both exact, 2 F exact, 1 both squared, 0 without C16-C19.
     * A round keeps the level of its first solve (rk->lists); an order
     * solve that does not fit in it is left to the standard order. */
    bool window = os && os->window;
    int start = window ? 3 : !rk->lists ? 1 : *rk->lists >= 0 ? *rk->lists : 3;
    int level = start;
    bool with_fsd;
    int L = 0, bits = 0;
    bool too_wide = false;
components:
    with_fsd = level > 0;
    W->exact = level >= 2;
    W->exact_fsd = level >= 3;
    nc = 0;
    for (int g = 0; g <= ng; g++) {
        bool win_nf = !os || !os->window || (g >= os->g0 && g <= os->g1 + 1);
        bool win_low = !os || !os->window || (g - 1 >= os->g0 && g - 1 <= os->g1);
        if (g < ng && win_nf) {
            cs[nc++] = (component){0, g, 0};
            if (W->exact) {
                for (int v = V - 1; v > 0; v--)
                    if (VB(0, g, v))
                        cs[nc++] = (component){1, g, v};
            } else
                cs[nc++] = (component){1, g, 0};
        }
        if (g > 0 && win_low) {
            if (byg_on[g - 1])
                cs[nc++] = (component){5, g - 1, 0};
            cs[nc++] = (component){2, g - 1, 0};
            cs[nc++] = (component){3, g - 1, 0};
            for (int q = 0; q < 4 && with_fsd; q++) {
                if (!frange[4 * (g - 1) + q])
                    continue;
                if (W->exact_fsd) {
                    for (int v = V - 1; v > 0; v--)
                        if (VB(1 + q, g - 1, v))
                            cs[nc++] = (component){6 + q, g - 1, v};
                } else
                    cs[nc++] = (component){6 + q, g - 1, 0};
            }
            if (os && os->ord_n[g - 1] > 0)
                cs[nc++] = (component){4, g - 1, 0};
        }
    }
    uint64_t *k = tmp;
    sw_limbs_set_i64(k, WIDE, 1);
    W->K = 2 * (uint64_t)np * e + 1;
    int n_at = 1;
    bits = 0;
    too_wide = false;
    uint64_t range = W->K * W->K - 1; /* the rank digits below the lowest group */
    /* The radices of the component below, when it is a bracket order. */
    const uint64_t *fac = NULL;
    int nfac = 0;
    for (int t = nc - 1; t >= 0 && !too_wide; t--) {
        int g = cs[t].g, kind = cs[t].kind;
        uint64_t Rg = W->Rg[g], next = 0;
        const uint64_t *nfacp = NULL;
        int nnfac = 0;
        if (kind == 4) {
            nfacp = os->ord_rad + os->ord_off[g];
            nnfac = os->ord_n[g];
        } else if (kind == 5)
            next = (uint64_t)W->maxg;
        else if (kind >= 6)
            next = W->exact_fsd ? VB(kind - 5, g, cs[t].v) : frange[4 * g + kind - 6];
        else if (kind == 3)
            next = Rg * Rg * Rg * Rg - 1; /* four float digits */
        else if (kind == 2)
            next = W->top ? Rg * Rg * Rg * Rg - 1 : Rg * Rg - 1; /* (C8 C9) C10 C11 */
        else if (kind == 1 && W->exact)
            next = VB(0, g, cs[t].v);
        else if (kind == 1) {
            /* F_g squared: at most one entry per pair or downfloater of the
             * bracket (its players are among the first gend[g]), each at
             * most (s_top - s_g + 2)^2. */
            uint64_t pairs = (uint64_t)gend[g] < e ? (uint64_t)gend[g] : e;
            uint64_t dmax = (uint64_t)(W->gs[0] - W->gs[g]) + 2;
            next = (pairs + 1) * dmax * dmax;
        } else
            next = e; /* N_g: at most e edges cross a boundary */
        sw_limbs_copy(k + (size_t)n_at * WIDE, k + (size_t)(n_at - 1) * WIDE, WIDE);
        if (fac)
            for (int q = 0; q < nfac && !too_wide; q++) {
                /* each factor is checked: a product of many could wrap */
                sw_limbs_mul_u64(k + (size_t)n_at * WIDE, k + (size_t)n_at * WIDE, fac[q], WIDE);
                too_wide =
                    sw_limbs_bits(k + (size_t)n_at * WIDE, WIDE) > 64 * SW_BLOSSOM_LIMBS_MAX - 48;
            }
        else
            sw_limbs_mul_u64(k + (size_t)n_at * WIDE, k + (size_t)n_at * WIDE, range + 1, WIDE);
        n_at++;
        range = next;
        fac = nfacp;
        nfac = nnfac;
        bits = sw_limbs_bits(k + (size_t)(n_at - 1) * WIDE, WIDE);
        too_wide = bits > 64 * SW_BLOSSOM_LIMBS_MAX - 48;
    }
    /* k_bye above N_0, then k_real above the bye's score range. */
    sw_limbs_copy(k + (size_t)n_at * WIDE, k + (size_t)(n_at - 1) * WIDE, WIDE);
    sw_limbs_mul_u64(k + (size_t)n_at * WIDE, k + (size_t)n_at * WIDE, range + 1, WIDE);
    n_at++;
    range = np ? (uint64_t)(W->gs[0] - lo) : 0; /* the bye's score above the lowest */
    sw_limbs_copy(k + (size_t)n_at * WIDE, k + (size_t)(n_at - 1) * WIDE, WIDE);
    sw_limbs_mul_u64(k + (size_t)n_at * WIDE, k + (size_t)n_at * WIDE, range + 1, WIDE);
    bits = sw_limbs_bits(k + (size_t)n_at * WIDE, WIDE);
    too_wide = too_wide || bits > 64 * SW_BLOSSOM_LIMBS_MAX - 16;
    /* |edge weight| < 4 k_real; the matching wants |w| < 2^(64 L - 8). */
    L = (bits + 2 + 8 + 63) / 64;
    if (L < 2)
        L = 2;
    too_wide = too_wide || L > SW_BLOSSOM_LIMBS_MAX;
    if ((too_wide || (level >= 2 && np > SW_EXACT_PLAYERS_MAX && bits > SW_EXACT_BITS_MAX)) &&
        level > 0 && (!os || window)) {
        level--;
        goto components;
    }
    if (!too_wide && rk->lists && !os)
        *rk->lists = level;
#undef VB
    free(vb);
    free(gend);
    free(byg_on);
    free(frange);
    if (too_wide || L > SW_BLOSSOM_LIMBS_MAX) {
        free(cs);
        free(tmp);
        sw_swiss_weights_free(W);
        return sw_error_set(err, SW_ERR_LIMIT, rk->trf->path, 0,
                            "%d players in %d score groups need weights beyond %d bits; use "
                            "--fast",
                            np, ng, 64 * SW_BLOSSOM_LIMBS_MAX - 8);
    }
    W->L = L;
    W->bits = bits + 3;
    size_t nlist = (size_t)5 * (size_t)ng * (size_t)V;
    W->mem = malloc(sizeof(uint64_t) * (size_t)L * (size_t)(7 * ng + 3));
    W->pen = malloc(sizeof(uint64_t) * (size_t)L * (size_t)ng * (size_t)(ng + 1));
    W->k_list = calloc(nlist * (size_t)L + 1, sizeof(uint64_t));
    if (!W->mem || !W->pen || !W->k_list) {
        free(cs);
        free(tmp);
        sw_swiss_weights_free(W);
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory for the weights");
    }
    memset(W->mem, 0, sizeof(uint64_t) * (size_t)L * (size_t)(7 * ng + 3));
    W->k_real = W->mem;
    W->k_rank = W->k_real + L;
    W->k_eq = W->k_rank + L;
    W->k_alt = W->k_eq + (size_t)ng * (size_t)L;
    W->k_low = W->k_alt + (size_t)ng * (size_t)L;
    W->k_n = W->k_low + (size_t)ng * (size_t)L;
    W->k_ord = W->k_n + (size_t)ng * (size_t)L;
    W->k_bye = W->k_ord + (size_t)ng * (size_t)L;
    W->k_byg = W->k_bye + L;
    W->k_lowc = W->k_byg + (size_t)ng * (size_t)L;
    W->share = malloc(sizeof(uint64_t) * (size_t)L * (size_t)np + 1);
    if (!W->share) {
        free(cs);
        free(tmp);
        sw_swiss_weights_free(W);
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory for the weights");
    }
    sw_limbs_copy(W->k_bye, k + (size_t)(n_at - 1) * WIDE, L);
    sw_limbs_copy(W->k_rank, k, L);
    sw_limbs_copy(W->k_real, k + (size_t)n_at * WIDE, L);
    for (int a = 0; a < np; a++) {
        uint64_t *t = W->share + (size_t)a * (size_t)L;
        sw_limbs_copy(t, W->k_real, L);
        sw_limbs_addmul_u64(t, W->k_rank, (uint64_t)(np - a) * W->K, L);
    }
    for (int t = 0; t < nc; t++) {
        /* (kind 1, F, and 6..9, C16..C19, are list units) */
        uint64_t *dst[6] = {W->k_n, NULL, W->k_eq, W->k_alt, W->k_ord, W->k_byg};
        int kind = cs[t].kind;
        uint64_t *to = kind == 1 || kind >= 6
                           ? (uint64_t *)list_unit(W, kind == 1 ? 0 : kind - 5, cs[t].g, cs[t].v)
                           : dst[kind] + (size_t)cs[t].g * (size_t)L;
        sw_limbs_copy(to, k + (size_t)(nc - t) * WIDE, L);
    }
    free(cs);
    for (int g = 0; g < ng; g++) {
        /* Per player of the group, its share of the colour and float parts
         * of any edge it is in (the pricing bound; an edge's parts fall in
         * its players' groups or below, where the units are smaller): half
         * the colour digits, (R + 1) k_eq with R = Rg, and its own float
         * digits at their largest, the higher player's downfloats (R^3 +
         * R) k_alt in k_low and the lower player's upfloats (R^2 + 1)
         * k_alt in k_lowc (pack_low's altd and altu). Until 2026-11-26 both
         * players counted (R^3 + R^2 + R + 1) k_alt, twice the float
         * digits' largest sum: above the order digits of the group, so that
         * no bound of a 1000-player round 1 was >= 0. */
        uint64_t *low = W->k_low + (size_t)g * (size_t)L, t[SW_BLOSSOM_LIMBS_MAX];
        uint64_t *lowc = W->k_lowc + (size_t)g * (size_t)L;
        const uint64_t *alt = W->k_alt + (size_t)g * (size_t)L;
        uint64_t R = W->Rg[g];
        sw_limbs_set_i64(low, L, 0);
        sw_limbs_addmul_u64(low, W->k_eq + (size_t)g * (size_t)L,
                            W->top ? (R + 1) * (R * R + 1) : R + 1, L);
        sw_limbs_copy(lowc, low, L);
        sw_limbs_mul_u64(t, alt, R, L); /* R k_alt */
        sw_limbs_add(low, low, t, L);
        sw_limbs_mul_u64(t, t, R, L); /* R^2 k_alt */
        sw_limbs_add(lowc, lowc, t, L);
        sw_limbs_add(lowc, lowc, alt, L);
        sw_limbs_mul_u64(t, t, R, L); /* R^3 k_alt */
        sw_limbs_add(low, low, t, L);
    }
    for (int i = 0; i < ng; i++)
        for (int j = i; j <= ng; j++) {
            uint64_t *p = W->pen + ((size_t)i * (size_t)(ng + 1) + (size_t)j) * (size_t)L;
            sw_limbs_set_i64(p, L, 0);
            for (int g = i; g <= j && g < ng; g++) {
                bool down;
                int v = sw_swiss_psd_part(W, i, j, g, &down);
                sw_swiss_list_add(W, p, 0, g, v);
                if (down)
                    sw_limbs_add(p, p, W->k_n + (size_t)g * (size_t)L, L);
            }
        }
    free(tmp);
    return SW_OK;
}
