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
 * make the weight of a large round markedly wider). */
#define SW_EXACT_PLAYERS_MAX 500
#define SW_EXACT_BITS_MAX 1024

/* The weight's components (component.kind), one per criterion a bracket
 * weighs, in the order the Dutch system meets them within a bracket (see
 * list_components); the lists C16..C19 are KIND_C16 + q. */
typedef enum component_kind {
    KIND_N,         /* N_g: the bracket's downfloaters (C5) */
    KIND_F,         /* F_g: its score-difference list (C6) */
    KIND_EQ,        /* colour digits (C8-C11) */
    KIND_ALT,       /* float digits (C12-C15) */
    KIND_ORDER,     /* the bracket order's digits (bracket.c) */
    KIND_BYE_GAMES, /* the games of the bye's recipient (C9 of the 2025 rules) */
    KIND_C16        /* C16..C19, the repeated floaters' lists: KIND_C16 + q */
} component_kind;

/* One component: its kind, bracket and, for a list compared exactly, the
 * entry value of its digit. */
typedef struct component {
    component_kind kind;
    int g;
    int v;
} component;

/* The list family (list_unit) of a list component. */
static int family_of(component_kind kind) {
    return kind == KIND_F ? SW_LIST_PSD : SW_LIST_C16 + (int)(kind - KIND_C16);
}

/* How wide the lists are compared (rk->lists): 3 every list exact, 2 F
 * exact and C16..C19 squared, 1 every list squared, 0 squared without
 * C16..C19. */
enum { LEVEL_NO_FSD, LEVEL_SQUARED, LEVEL_F_EXACT, LEVEL_EXACT };

/* What the units of one round are built from, beyond W: each group's end,
 * whether C9 counts in a bracket, per family, bracket and entry value how
 * many entries of that value a pairing can have there (each has a distinct
 * higher player, at most e: the radices of the exact digits), per bracket
 * the range of C16..C19 squared; then the components, top first, and their
 * units, WIDE limbs each, from the bottom: rank (1), the components,
 * k_bye, k_real. */
typedef struct unit_plan {
    int *gend;
    bool *byg_on;
    uint64_t *vb, *frange;
    component *cs;
    int nc;
    uint64_t *tmp;
    int n_at; /* tmp + (n_at - 1) WIDE is k_bye, tmp + n_at WIDE k_real */
} unit_plan;

static void plan_free(unit_plan *u) {
    free(u->gend);
    free(u->byg_on);
    free(u->vb);
    free(u->frange);
    free(u->cs);
    free(u->tmp);
}

/* The entries of value v that family fam can have in bracket g. */
static uint64_t *vb_at(const sw_swiss_weights *W, const unit_plan *u, int fam, int g, int v) {
    return u->vb + ((size_t)fam * (size_t)W->ng + (size_t)g) * (size_t)W->V + (size_t)v;
}

static uint64_t min_u64(uint64_t a, uint64_t b) {
    return a < b ? a : b;
}

bool sw_swiss_weights_groups(const sw_swiss_ranked *rk, const int *who, int np,
                             sw_swiss_weights *W) {
    memset(W, 0, sizeof *W);
    W->np = np;
    W->grp = malloc(sizeof(int) * (size_t)(np + 1));
    if (!W->grp)
        return false;
    W->ng = sw_swiss_score_groups(rk, who, np, W->grp);
    W->top = rk->top2 >= 0 && !rk->waive;
    /* The most games played by a player present: the range of the bye's
     * games digit. */
    for (int r = 0; r < np; r++)
        if (rk->st->p[rk->idx[who[r]]].nopp > W->maxg)
            W->maxg = rk->st->p[rk->idx[who[r]]].nopp;
    if (!sw_swiss_group_radix(W) || !sw_swiss_group_scores(rk, who, W))
        return false;
    W->lo = np ? rk->st->p[rk->idx[who[np - 1]]].score2 : 0;
    W->V = np ? W->gs[0] - W->lo + 3 : 1;
    W->R = 2 * (uint64_t)((np + 1) / 2) + 1;
    return true;
}

/* F's values: a player of group i <= g passing bracket g (s_i - s_g + 2),
 * or of a group i < g paired in it (s_i - s_g). A value's count is at most
 * the players of its group, and a player passing bracket g is paired below
 * it (or has the bye), the higher player of a pair made in g meets one of
 * G_g. */
static void psd_value_bounds(const sw_swiss_weights *W, unit_plan *u) {
    int np = W->np;
    const int *gend = u->gend;
    for (int g = 0; g < W->ng; g++)
        for (int i = 0; i <= g; i++) {
            uint64_t gi = (uint64_t)(gend[i] - (i ? gend[i - 1] : 0));
            uint64_t gg = (uint64_t)(gend[g] - (g ? gend[g - 1] : 0));
            uint64_t below = (uint64_t)(np - gend[g]) + 1;
            *vb_at(W, u, SW_LIST_PSD, g, W->gs[i] - W->gs[g] + 2) += min_u64(gi, below);
            if (i < g)
                *vb_at(W, u, SW_LIST_PSD, g, W->gs[i] - W->gs[g]) += min_u64(gi, gg);
        }
}

/* C16-C19 per bracket: their range, at most one entry per repeated
 * floater that can count there (a downfloater of this group or above, an
 * upfloater of this group), each at most the largest such entry; a
 * component that cannot be other than 0 is left out. */
static void fsd_value_bounds(const sw_swiss_ranked *rk, const int *who, const sw_swiss_weights *W,
                             unit_plan *u) {
    uint64_t e = (uint64_t)(W->np + 1) / 2;
    for (int g = 0; g < W->ng; g++)
        for (int q = 0; q < 4; q++) {
            uint64_t cnt = 0, mx = 0;
            for (int r = 0; r < u->gend[g]; r++) {
                const sw_swiss_pstate *pl = &rk->st->p[rk->idx[who[r]]];
                char fl = q < 2 ? pl->fl1 : pl->fl2;
                uint64_t v;
                if (q & 1) {
                    if (fl != 'u' || W->grp[r] != g)
                        continue;
                    v = (uint64_t)(W->gs[0] - W->gs[g]);
                    /* its pair's difference to any group above */
                    for (int i = 0; i < g; i++)
                        (*vb_at(W, u, SW_LIST_C16 + q, g, W->gs[i] - W->gs[g]))++;
                } else {
                    if (fl != 'd')
                        continue;
                    v = (uint64_t)(pl->score2 - W->gs[g] + 2);
                    (*vb_at(W, u, SW_LIST_C16 + q, g, pl->score2 - W->gs[g] + 2))++;
                    if (W->grp[r] < g)
                        (*vb_at(W, u, SW_LIST_C16 + q, g, pl->score2 - W->gs[g]))++;
                }
                cnt++;
                mx = v * v > mx ? v * v : mx;
            }
            u->frange[4 * g + q] = min_u64(cnt, e) * mx;
        }
}

/* The plan's bounds: group ends, C9's brackets (rk->c9 from a solve
 * before, else the last bracket only), the entry counts. */
static bool plan_make(const sw_swiss_ranked *rk, const int *who, const sw_swiss_weights *W,
                      unit_plan *u) {
    int ng = W->ng, V = W->V;
    size_t ncmax = (size_t)ng * (size_t)(10 + 5 * V) + 2;
    memset(u, 0, sizeof *u);
    u->cs = malloc(sizeof(component) * ncmax);
    u->tmp = malloc(sizeof(uint64_t) * WIDE * (ncmax + 4));
    u->gend = malloc(sizeof(int) * (size_t)(ng + 1));
    u->byg_on = malloc(sizeof(bool) * (size_t)(ng + 1));
    u->vb = calloc((size_t)SW_LIST_FAMILIES * (size_t)ng * (size_t)V + 1, sizeof(uint64_t));
    u->frange = calloc((size_t)(4 * ng + 1), sizeof(uint64_t));
    if (!u->cs || !u->tmp || !u->gend || !u->byg_on || !u->vb || !u->frange)
        return false;
    for (int r = 0; r < W->np; r++)
        u->gend[W->grp[r]] = r + 1;
    for (int g = 0; g < ng; g++)
        u->byg_on[g] = rk->c9 ? rk->c9[who[u->gend[g] - 1]] : g == ng - 1;
    psd_value_bounds(W, u);
    fsd_value_bounds(rk, who, W, u);
    uint64_t e = (uint64_t)(W->np + 1) / 2;
    for (size_t x = 0; x < (size_t)SW_LIST_FAMILIES * (size_t)ng * (size_t)V; x++) {
        size_t g = x / (size_t)V % (size_t)ng;
        u->vb[x] = min_u64(u->vb[x], min_u64((uint64_t)u->gend[g], e));
    }
    for (int g = 0; g < ng; g++)
        for (int f = 0; f < SW_LIST_FAMILIES; f++)
            *vb_at(W, u, f, g, 0) = 0; /* an entry 0 is no digit */
    return true;
}

/* A list's components: one digit per entry value that can occur when the
 * list is compared exactly, else one number (the entries squared). */
static void push_list(const sw_swiss_weights *W, unit_plan *u, component_kind kind, int g,
                      bool exact) {
    if (!exact) {
        u->cs[u->nc++] = (component){kind, g, 0};
        return;
    }
    for (int v = W->V - 1; v > 0; v--)
        if (*vb_at(W, u, family_of(kind), g, v))
            u->cs[u->nc++] = (component){kind, g, v};
}

/* The components, top first, bracket by bracket as the Dutch system meets
 * its criteria: N_0 F_0, then for each g the next bracket's N and F (C7:
 * the downfloaters that help it) before g's colours and floats:
 *   N_0 F_0 | N_1 F_1 eq_0 alt_0 | N_2 F_2 eq_1 alt_1 | ... | eq_G-1 alt_G-1
 * with C9's games before a bracket's colours where it counts, C16..C19
 * after its floats, and with os, group g's bracket order digits after all
 * of g's (the Dutch system settles a bracket's pairs in its order before
 * it looks at the next bracket's colours). A window keeps its brackets'
 * components and the next bracket's N and F only. */
static void list_components(const sw_swiss_weights *W, const sw_swiss_order_spec *os, int level,
                            unit_plan *u) {
    bool win = os && os->window;
    u->nc = 0;
    for (int g = 0; g <= W->ng; g++) {
        if (g < W->ng && (!win || (g >= os->g0 && g <= os->g1 + 1))) {
            u->cs[u->nc++] = (component){KIND_N, g, 0};
            push_list(W, u, KIND_F, g, W->exact);
        }
        int b = g - 1; /* the bracket whose colours, floats and order come here */
        if (g == 0 || (win && (b < os->g0 || b > os->g1)))
            continue;
        if (u->byg_on[b])
            u->cs[u->nc++] = (component){KIND_BYE_GAMES, b, 0};
        u->cs[u->nc++] = (component){KIND_EQ, b, 0};
        u->cs[u->nc++] = (component){KIND_ALT, b, 0};
        for (int q = 0; q < 4 && level > LEVEL_NO_FSD; q++)
            if (u->frange[4 * b + q])
                push_list(W, u, (component_kind)(KIND_C16 + q), b, W->exact_fsd);
        if (os && os->ord_n[b] > 0)
            u->cs[u->nc++] = (component){KIND_ORDER, b, 0};
    }
}

/* The range a component's sum can span over a matching (the unit above it
 * is one more); for the bracket order, 0 (its radices multiply instead). */
static uint64_t component_range(const sw_swiss_weights *W, const unit_plan *u, component c) {
    uint64_t Rg = W->Rg[c.g], e = (uint64_t)(W->np + 1) / 2;
    switch (c.kind) {
    case KIND_ORDER:
        return 0;
    case KIND_BYE_GAMES:
        return (uint64_t)W->maxg;
    case KIND_ALT:
        return Rg * Rg * Rg * Rg - 1; /* four float digits */
    case KIND_EQ:
        return W->top ? Rg * Rg * Rg * Rg - 1 : Rg * Rg - 1; /* (C8 C9) C10 C11 */
    case KIND_F:
        if (W->exact)
            return *vb_at(W, u, SW_LIST_PSD, c.g, c.v);
        /* F_g squared: at most one entry per pair or downfloater of the
         * bracket (its players are among the first gend[g]), each at most
         * (s_top - s_g + 2)^2. */
        {
            uint64_t pairs = min_u64((uint64_t)u->gend[c.g], e);
            uint64_t dmax = (uint64_t)(W->gs[0] - W->gs[c.g]) + 2;
            return (pairs + 1) * dmax * dmax;
        }
    case KIND_N:
        return e; /* at most e edges cross a boundary */
    default:      /* C16..C19 */
        return W->exact_fsd ? *vb_at(W, u, family_of(c.kind), c.g, c.v)
                            : u->frange[4 * c.g + (int)(c.kind - KIND_C16)];
    }
}

/* Is a unit wider than a weight may be before the last two above it? */
static bool unit_too_wide(const uint64_t *k) {
    return sw_limbs_bits(k, WIDE) > 64 * SW_BLOSSOM_LIMBS_MAX - 48;
}

/* The units from the bottom (u->tmp), each one more than the range of
 * everything below it (a bracket order's: the product of its radices):
 * rank's is 1, then the components', k_bye and k_real. Returns the bits of
 * k_real and sets *too_wide when a unit does not fit. */
static int stack_units(sw_swiss_weights *W, const sw_swiss_order_spec *os, unit_plan *u,
                       bool *too_wide) {
    uint64_t *k = u->tmp, e = (uint64_t)(W->np + 1) / 2;
    sw_limbs_set_i64(k, WIDE, 1);
    W->K = 2 * (uint64_t)W->np * e + 1;
    int n_at = 1, bits = 0;
    *too_wide = false;
    uint64_t range = W->K * W->K - 1; /* the rank digits below the lowest group */
    const component *below = NULL;    /* the component under this unit */
    for (int t = u->nc - 1; t >= 0 && !*too_wide; t--) {
        uint64_t *at = k + (size_t)n_at * WIDE;
        sw_limbs_copy(at, at - WIDE, WIDE);
        if (below && below->kind == KIND_ORDER) {
            const uint64_t *fac = os->ord_rad + os->ord_off[below->g];
            for (int q = 0; q < os->ord_n[below->g] && !*too_wide; q++) {
                /* each factor is checked: a product of many could wrap */
                sw_limbs_mul_u64(at, at, fac[q], WIDE);
                *too_wide = unit_too_wide(at);
            }
        } else
            sw_limbs_mul_u64(at, at, range + 1, WIDE);
        n_at++;
        range = component_range(W, u, u->cs[t]);
        below = &u->cs[t];
        bits = sw_limbs_bits(at, WIDE);
        *too_wide = bits > 64 * SW_BLOSSOM_LIMBS_MAX - 48;
    }
    /* k_bye above N_0, then k_real above the bye's score range. */
    uint64_t *at = k + (size_t)n_at * WIDE;
    sw_limbs_copy(at, at - WIDE, WIDE);
    sw_limbs_mul_u64(at, at, range + 1, WIDE);
    n_at++;
    range = W->np ? (uint64_t)(W->gs[0] - W->lo) : 0; /* the bye's score above the lowest */
    at += WIDE;
    sw_limbs_copy(at, at - WIDE, WIDE);
    sw_limbs_mul_u64(at, at, range + 1, WIDE);
    bits = sw_limbs_bits(at, WIDE);
    *too_wide = *too_wide || bits > 64 * SW_BLOSSOM_LIMBS_MAX - 16;
    u->n_at = n_at;
    return bits;
}

/* The units at the widest level that fits: exact lists unless the weight
 * would be too wide with them (or a round above SW_EXACT_PLAYERS_MAX
 * wider than SW_EXACT_BITS_MAX), then the entries squared, then without
 * C16-C19 (many score groups far apart: the fast mode's long events). A
 * round keeps the level of its first solve (rk->lists); an order solve
 * that does not fit in it is left to the standard order. Returns W's limbs
 * (0: too wide at every level). */
static int fit_units(const sw_swiss_ranked *rk, sw_swiss_weights *W, const sw_swiss_order_spec *os,
                     unit_plan *u) {
    bool window = os && os->window;
    int level = window            ? LEVEL_EXACT
                : !rk->lists      ? LEVEL_SQUARED
                : *rk->lists >= 0 ? *rk->lists
                                  : LEVEL_EXACT;
    for (;;) {
        W->exact = level >= LEVEL_F_EXACT;
        W->exact_fsd = level >= LEVEL_EXACT;
        list_components(W, os, level, u);
        bool too_wide;
        int bits = stack_units(W, os, u, &too_wide);
        /* |edge weight| < 4 k_real; the matching wants |w| < 2^(64 L - 8). */
        int L = (bits + 2 + 8 + 63) / 64;
        if (L < 2)
            L = 2;
        too_wide = too_wide || L > SW_BLOSSOM_LIMBS_MAX;
        bool narrower = too_wide || (level >= LEVEL_F_EXACT && W->np > SW_EXACT_PLAYERS_MAX &&
                                     bits > SW_EXACT_BITS_MAX);
        if (narrower && level > LEVEL_NO_FSD && (!os || window)) {
            level--;
            continue;
        }
        if (!too_wide && rk->lists && !os)
            *rk->lists = level;
        W->bits = bits + 3;
        return too_wide ? 0 : L;
    }
}

/* Room for the units in W (L limbs each), and the units copied from the
 * plan; every player's share of a pair's real game and rank parts. */
static bool store_units(sw_swiss_weights *W, const unit_plan *u) {
    int ng = W->ng, L = W->L, np = W->np;
    size_t nlist = (size_t)SW_LIST_FAMILIES * (size_t)ng * (size_t)W->V;
    W->mem = calloc((size_t)L * (size_t)(7 * ng + 3), sizeof(uint64_t));
    W->pen = malloc(sizeof(uint64_t) * (size_t)L * (size_t)ng * (size_t)(ng + 1));
    W->k_list = calloc(nlist * (size_t)L + 1, sizeof(uint64_t));
    W->share = malloc(sizeof(uint64_t) * (size_t)L * (size_t)np + 1);
    if (!W->mem || !W->pen || !W->k_list || !W->share)
        return false;
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
    const uint64_t *k = u->tmp;
    sw_limbs_copy(W->k_bye, k + (size_t)(u->n_at - 1) * WIDE, L);
    sw_limbs_copy(W->k_rank, k, L);
    sw_limbs_copy(W->k_real, k + (size_t)u->n_at * WIDE, L);
    for (int a = 0; a < np; a++) {
        uint64_t *t = W->share + (size_t)a * (size_t)L;
        sw_limbs_copy(t, W->k_real, L);
        sw_limbs_addmul_u64(t, W->k_rank, (uint64_t)(np - a) * W->K, L);
    }
    for (int t = 0; t < u->nc; t++) {
        component c = u->cs[t];
        uint64_t *to = NULL;
        switch (c.kind) {
        case KIND_N:
            to = W->k_n;
            break;
        case KIND_EQ:
            to = W->k_eq;
            break;
        case KIND_ALT:
            to = W->k_alt;
            break;
        case KIND_ORDER:
            to = W->k_ord;
            break;
        case KIND_BYE_GAMES:
            to = W->k_byg;
            break;
        default: /* a list */
            break;
        }
        to = to ? to + (size_t)c.g * (size_t)L
                : (uint64_t *)list_unit(W, family_of(c.kind), c.g, c.v);
        sw_limbs_copy(to, k + (size_t)(u->nc - t) * WIDE, L);
    }
    return true;
}

/* Per player of a group, its share of the colour and float parts of any
 * edge it is in (the pricing bound; an edge's parts fall in its players'
 * groups or below, where the units are smaller): half the colour digits,
 * (R + 1) k_eq with R = Rg, and its own float digits at their largest, the
 * higher player's downfloats (R^3 + R) k_alt in k_low and the lower
 * player's upfloats (R^2 + 1) k_alt in k_lowc (edges.c's altd and altu).
 * Counting both players' float digits in each would double their largest
 * sum, above the group's order digits, and no bound of a large first round
 * would be >= 0. */
static void pricing_shares(sw_swiss_weights *W) {
    int L = W->L;
    for (int g = 0; g < W->ng; g++) {
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
}

/* W->pen: what a pair from group i to group j costs in N and F. */
static void penalty_table(sw_swiss_weights *W) {
    int ng = W->ng, L = W->L;
    for (int i = 0; i < ng; i++)
        for (int j = i; j <= ng; j++) {
            uint64_t *p = W->pen + ((size_t)i * (size_t)(ng + 1) + (size_t)j) * (size_t)L;
            sw_limbs_set_i64(p, L, 0);
            for (int g = i; g <= j && g < ng; g++) {
                bool down;
                int v = sw_swiss_psd_part(W, i, j, g, &down);
                sw_swiss_list_add(W, p, SW_LIST_PSD, g, v);
                if (down)
                    sw_limbs_add(p, p, W->k_n + (size_t)g * (size_t)L, L);
            }
        }
}

sw_status sw_swiss_weights_make(const sw_swiss_ranked *rk, const int *who, int np,
                                sw_swiss_weights *W, const sw_swiss_order_spec *os, sw_error *err) {
    unit_plan u = {0};
    sw_status rc = SW_OK;
    if (!sw_swiss_weights_groups(rk, who, np, W) || !plan_make(rk, who, W, &u)) {
        rc = sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory for the weights");
    } else if (!(W->L = fit_units(rk, W, os, &u))) {
        rc = sw_error_set(err, SW_ERR_LIMIT, rk->trf->path, 0,
                          "%d players in %d score groups need weights beyond %d bits", np, W->ng,
                          64 * SW_BLOSSOM_LIMBS_MAX - 8);
    } else if (!store_units(W, &u)) {
        rc = sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory for the weights");
    } else {
        pricing_shares(W);
        penalty_table(W);
    }
    plan_free(&u);
    if (rc)
        sw_swiss_weights_free(W);
    return rc;
}
