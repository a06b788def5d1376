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
 *   N_g, F_g   per bracket, top first: its downfloaters and its pairing
 *          score differences, the Dutch sorted list as one digit per entry
 *          value (largest first; the entries squared above 500 players),
 *          bracket by bracket as in docs/swiss.md
 *   eq     players given the colour they had less
 *   alt    players given the colour opposite to their last one
 * Each component is multiplied by one more than the largest range that all
 * lower components can span over a matching, so no amount of a lower
 * component outweighs one unit of a higher one (a mixed-radix number). The
 * multipliers come from the actual sizes, and the weight gets as many 64-bit
 * limbs as they need (blossom.h).
 *
 * Speed: a sparse candidate graph is solved first and its dual solution
 * prices every other legal pair; uncovered pairs are added, and only if that
 * does not settle it is the full graph solved (docs/swiss.md). Last, among
 * the pairings of equal weight, the first in the Dutch bracket order is
 * taken, solved bracket by bracket in windows (bracket_order); when a
 * window does not fit, the one nearest to the standard pairing (top half
 * against bottom half in each score group): standard_order.
 * SPDX-License-Identifier: MIT */
#include <assert.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "swiss/blossom.h"
#include "swiss/swiss_internal.h"
#include "util/limbs.h"

#include <stdatomic.h>
#if defined(SW_HAVE_OPENMP) && defined(__unix__)
/* Pricing threads (rows_priced): POSIX threads, as many as OpenMP says. */
#define SW_ROW_THREADS 1
#include <omp.h>
#include <pthread.h>
#endif

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

/* The multipliers, each a number of L limbs; rank's unit is 1. */
typedef struct weights {
    int np, L, ng, bits;
    int lo;        /* lowest score present (half points) */
    uint64_t R;    /* radix of the packed colour and float digits: 2e + 1 */
    uint64_t K;    /* radix of the rank digits: 2 np e + 1 */
    bool no_order; /* leave the floaters' order out (the bracket order decides) */
    bool top;      /* the final round: C8 and C9 digits above each group's colours */
    int maxg;      /* the most games played by a player present (the bye's key) */
    int *grp;      /* np: group of each position in who */
    uint64_t *Rg;  /* ng: radix of group g's colour and float digits, 2 min(e, |G_g|) + 1 */
    uint64_t *mem; /* all the numbers below */
    uint64_t *k_real, *k_rank;
    uint64_t *k_bye; /* above N_1: the score of the bye's recipient (lowest first) */
    /* ng: per bracket whose only downfloater is the bye (C9), after the
     * next bracket's N and F, before its colours: the games the bye's
     * recipient played (0 for the other brackets) */
    uint64_t *k_byg;
    /* ng numbers each: per score group, top first, the units of its colour
     * digits and of its float digits (k_low: the pricing bound; F_g's
     * units are in k_list). */
    uint64_t *k_eq, *k_alt, *k_low;
    /* ng: k_low's counterpart for the lower player of a pair (its float
     * digits are the upfloat's, k_low's the downfloat's: see make_weights) */
    uint64_t *k_lowc;
    /* Per group, above F_g: the unit of N_g, the downfloaters of bracket g
     * (pairs and the bye that cross the boundary below g; C5, the pairs of
     * each bracket). */
    uint64_t *k_n;
    /* Per group, below its float digits: the unit of its bracket order
     * digits (bracket_order's second solve; unused otherwise). */
    uint64_t *k_ord;
    /* The units of the score-difference lists (list_unit): 5 families
     * (F, C16..C19) x ng brackets x V values, L limbs each. C16..C19 are
     * the score differences of repeated floaters (C16 downfloat as the
     * round before, C17 upfloat, C18 downfloat as two rounds before, C19
     * upfloat), per bracket after its float digits: a downfloater's entry
     * in every bracket it leaves or passes and in the one where its pair is
     * made, an upfloater's in the latter. */
    uint64_t *k_list;
    bool exact;     /* F: one digit per entry value (else entries squared) */
    bool exact_fsd; /* the same for C16..C19 */
    int V;          /* entry values 0..V-1 (half points): s_top - s_low + 3 */
    int *gs;        /* ng: the score of each group (half points) */
    /* pen[i * (ng + 1) + j], i <= j <= ng: what a pair from group i to group
     * j (j = ng: the bye) costs in N and F: a downfloater of brackets
     * i..j-1, each with the PSD entry s_i - s_k + 1 point, then a pair of
     * bracket j with the entry s_i - s_j (C.04.3 C5, C6 bracket by bracket;
     * the entries squared). */
    uint64_t *pen;
    /* np numbers: k_real + (np - a) K k_rank, player a's share of a pair's
     * real game and rank parts (sub_share, for every edge of a sparse
     * solve) */
    uint64_t *share;
} weights;

static void weights_free(weights *W) {
    free(W->grp);
    free(W->gs);
    free(W->pen);
    free(W->k_list);
    free(W->Rg);
    free(W->mem);
    free(W->share);
    memset(W, 0, sizeof *W);
}

/* Rg for the groups of W->grp (W->np positions, W->ng groups): a group's
 * colour digits count at most 2 per pair made in it (its lower player in
 * the group) and its float digits at most 1, and such pairs have distinct
 * players of the group. */
static bool group_radix(weights *W) {
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

/* W->gs from the groups of who (W->grp, W->ng). */
static bool group_scores(const sw_swiss_ranked *rk, const int *who, weights *W) {
    W->gs = calloc((size_t)(W->ng + 1), sizeof *W->gs);
    if (!W->gs)
        return false;
    for (int r = 0; r < W->np; r++)
        W->gs[W->grp[r]] = rk->st->p[rk->idx[who[r]]].score2;
    return true;
}

/* Group g's PSD entry (half points) of a pair (or bye) from group i to
 * group j (j = ng for the bye), and whether it is a downfloat (N): s_i -
 * s_g + 1 point in a bracket it leaves or passes, s_i - s_j in the one
 * where its pair is made, 0 elsewhere (and for a pair inside a group). */
static int psd_part(const weights *W, int i, int j, int g, bool *down) {
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
static const uint64_t *list_unit(const weights *W, int fam, int g, int v) {
    bool ex = fam ? W->exact_fsd : W->exact;
    size_t at = ((size_t)fam * (size_t)W->ng + (size_t)g) * (size_t)W->V + (size_t)(ex ? v : 0);
    return W->k_list + at * (size_t)W->L;
}

/* out += the cost of one entry v of family fam in bracket g. */
static void list_add(const weights *W, uint64_t *out, int fam, int g, int v) {
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

/* Multipliers for the players who[0..np-1] (ranks ascending): the fast
 * mode's repair matches a subset, and its sizes, not the field's, bound the
 * sums. Each unit is one more than the range of everything below it over
 * e = (np+1)/2 edges, lowest first: rank, two digits in radix K = 2 np e + 1
 * (who plays, at most 2 np an edge, then the floaters' order, at most 2 np
 * an edge); alt, the
 * float digits packed in radix R = 2e + 1 (four digits, each at most 1 an
 * edge); eq, the colour digits (two, each at most 2 an edge); group g's F_g
 * at most (min(|G_g|, players below G_g, edges) + 1) * (s_g - s_min + 2)^2,
 * as every pair it counts has a distinct higher player in G_g and a
 * distinct lower one below, and the bye counts as one point below s_min. */
/* The bracket order's digits, per group (bracket_order): ord_n[g] radices
 * from ord_rad + ord_off[g]. */
typedef struct ordspec {
    const int *ord_n, *ord_off;
    const uint64_t *ord_rad;
    /* A window solve (bracket_order): only brackets g0..g1 are decided, the
     * ones above are fixed, so the weight keeps the components from N_g0
     * down to g1's order digits (and rank); the rest is constant or left
     * to the next windows. */
    bool window;
    int g0, g1;
} ordspec;

/* The weight's components, most important last in the list built below
 * (tmp holds their units from the bottom). */
typedef struct comp {
    int kind; /* 0 N, 1 F, 2 eq, 3 alt, 4 order, 5 byg, 6..9 C16..C19 */
    int g;    /* the bracket */
    int v;    /* F and C16..C19 with W->exact: the entry value of the digit */
} comp;

static sw_status make_weights(const sw_swiss_ranked *rk, const int *who, int np, weights *W,
                              const ordspec *os, sw_error *err) {
    memset(W, 0, sizeof *W);
    W->np = np;
    W->grp = malloc(sizeof(int) * (size_t)(np + 1));
    if (!W->grp) {
        weights_free(W);
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory for the weights");
    }
    int ng = W->ng = score_groups(rk, who, np, W->grp);
    W->top = rk->top2 >= 0 && !rk->waive;
    /* The most games played by a player present: the range of the bye's
     * games digit. */
    for (int r = 0; r < np; r++)
        if (rk->st->p[rk->idx[who[r]]].nopp > W->maxg)
            W->maxg = rk->st->p[rk->idx[who[r]]].nopp;
    if (!group_radix(W) || !group_scores(rk, who, W)) {
        weights_free(W);
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
    comp *cs = malloc(sizeof(comp) * ncmax);
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
        weights_free(W);
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
            cs[nc++] = (comp){0, g, 0};
            if (W->exact) {
                for (int v = V - 1; v > 0; v--)
                    if (VB(0, g, v))
                        cs[nc++] = (comp){1, g, v};
            } else
                cs[nc++] = (comp){1, g, 0};
        }
        if (g > 0 && win_low) {
            if (byg_on[g - 1])
                cs[nc++] = (comp){5, g - 1, 0};
            cs[nc++] = (comp){2, g - 1, 0};
            cs[nc++] = (comp){3, g - 1, 0};
            for (int q = 0; q < 4 && with_fsd; q++) {
                if (!frange[4 * (g - 1) + q])
                    continue;
                if (W->exact_fsd) {
                    for (int v = V - 1; v > 0; v--)
                        if (VB(1 + q, g - 1, v))
                            cs[nc++] = (comp){6 + q, g - 1, v};
                } else
                    cs[nc++] = (comp){6 + q, g - 1, 0};
            }
            if (os && os->ord_n[g - 1] > 0)
                cs[nc++] = (comp){4, g - 1, 0};
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
        weights_free(W);
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
        weights_free(W);
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
        weights_free(W);
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
                int v = psd_part(W, i, j, g, &down);
                list_add(W, p, 0, g, v);
                if (down)
                    sw_limbs_add(p, p, W->k_n + (size_t)g * (size_t)L, L);
            }
        }
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
    /* A sparse solve, which needs a perfect matching, weighs a pair less
     * its players' shares of the real game and rank parts (sub_share): the
     * same perfect matchings win, and the matching's greedy start, which
     * otherwise pairs by rank, starts nearer the optimum. Its duals are
     * shifted back (unshare) before they price. */
    bool shift;
} ectx;

/* w -= a's share of the real game and rank parts: k_real + (np - a) K. */
static void sub_share(const weights *W, int a, uint64_t *w) {
    sw_limbs_sub(w, w, W->share + (size_t)a * (size_t)W->L, W->L);
}

/* The duals of a shifted solve for the weights without the shift: each
 * player vertex v (ranks rv[v], the bye's vertex np) gains 4 shares. */
static void unshare(const weights *W, sw_blossom_dual *d, const int *rv, int nv) {
    int L = W->L;
    uint64_t t[SW_BLOSSOM_LIMBS_MAX];
    for (int v = 0; v < nv; v++) {
        int a = rv ? rv[v] : v;
        if (a >= W->np)
            continue;
        sw_limbs_set_i64(t, L, 0);
        sub_share(W, a, t);
        sw_limbs_shl(t, t, 2, L);
        sw_limbs_sub(d->y + (size_t)v * (size_t)L, d->y + (size_t)v * (size_t)L, t, L);
    }
}

/* An edge's components (real is 2 for every game): the weight is built from
 * them, and standard_order compares them without building it. */
typedef struct ecomp {
    int64_t rank; /* (2 np - pa - pb) K + floaters' order */
    int grp;      /* score group of the higher-scored player (where it floats from) */
    int glo;      /* score group of the lower one: the bracket the pair is made in */
    int nlo;      /* the pair is a downfloat out of groups grp..nlo-1 (N_g); the
                   * bye out of every group from its player's down */
    int d;        /* score difference (half points) */
    int64_t eq;   /* colour digits of glo: players given their preference (C10), radix
                   * Rg, then those with a strong or absolute one given it (C11) */
    int64_t altd; /* float digits of grp, radix Rg: the higher one not floating down
                   * again (C12 at R^3, C14 at R^0... see pack_low) */
    int64_t altu; /* float digits of glo: the lower one not floating up again */
    int64_t bys;  /* the bye: its recipient's score above the lowest */
    int64_t byg;  /* the bye: the games its recipient has played (the more the better) */
    int rfl;      /* repeated floats: 1 C16 (higher, downfloat as the round before),
                   * 2 C17 (lower, upfloat), 4 C18, 8 C19 (two rounds before) */
} ecomp;

/* Packed digits of a pair whose higher (a, of group ga) floats down to b
 * (of group gb; or none when the scores are equal); b NULL for the bye (a
 * downfloat, no colour). Each group's four float digits are, from the top:
 * not the same downfloat as the round before (C12), upfloat (C13),
 * downfloat two rounds before (C14), upfloat (C15); the downfloat digits
 * belong to a's group, the upfloat ones and the colours to b's, the
 * bracket the pair is made in (criteria are met bracket by bracket). */
static ecomp pack_low(const weights *W, const sw_swiss_pstate *a, const sw_swiss_pstate *b, char ca,
                      bool floats, int ga, int gb) {
    int64_t Ra = (int64_t)W->Rg[ga], Rb = (int64_t)W->Rg[gb];
    ecomp x = {0, ga, gb, gb, 0, 0, 0, 0, 0, 0, 0};
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

/* Edge between who[pa] and who[pb], pa < pb; ranks inside the subset. */
static ecomp edge_comp(const ectx *c, int pa, int pb) {
    const sw_swiss_ranked *rk = c->rk;
    const sw_swiss_pstate *a = &rk->st->p[rk->idx[c->who[pa]]];
    const sw_swiss_pstate *b = &rk->st->p[rk->idx[c->who[pb]]];
    int d = a->score2 - b->score2; /* pa ranks higher, so d >= 0 */
    bool wv = sw_swiss_pair_waived(rk, c->who[pa], c->who[pb]);
    char ca = sw_swiss_choose_colour(a, b, 0, 0, 1, 'w', wv);
    ecomp x = pack_low(&c->W, a, b, ca, d > 0, c->W.grp[pa], c->W.grp[pb]);
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
static void add_low(const weights *W, ecomp x, uint64_t *out) {
    size_t L = (size_t)W->L;
    sw_limbs_addmul_u64(out, W->k_alt + (size_t)x.grp * L, (uint64_t)x.altd, W->L);
    sw_limbs_addmul_u64(out, W->k_alt + (size_t)x.glo * L, (uint64_t)x.altu, W->L);
    sw_limbs_addmul_u64(out, W->k_eq + (size_t)x.glo * L, (uint64_t)x.eq, W->L);
}

/* Group g's part q (0 C16 .. 3 C19) of x's repeated-float score
 * differences: a downfloater's PSD entry in each bracket from its own to the
 * one where its pair is made (or the last, for the bye), an upfloater's in
 * the bracket of the pair. */
static int64_t fsd_part(const weights *W, ecomp x, int g, int q) {
    if (!(x.rfl >> q & 1) || g >= W->ng)
        return 0;
    if (q & 1)
        return g == x.glo ? x.d : 0;
    bool down;
    return psd_part(W, x.grp, x.nlo, g, &down);
}

/* out -= x's repeated-float score differences (C16-C19), per bracket. */
static void sub_fsd(const weights *W, ecomp x, uint64_t *out) {
    if (!x.rfl)
        return;
    int L = W->L;
    uint64_t t[SW_BLOSSOM_LIMBS_MAX];
    sw_limbs_set_i64(t, L, 0);
    for (int g = x.grp; g <= x.nlo && g < W->ng; g++)
        for (int q = 0; q < 4; q++)
            list_add(W, t, 1 + q, g, (int)fsd_part(W, x, g, q));
    sw_limbs_sub(out, out, t, L);
}

/* out (W.L limbs) = 2 k_real + rank - pen(grp, nlo) - C16..C19 + eq k_eq[glo] +
 * altd k_alt[grp] + altu k_alt[glo]. */
static void comp_weight(const weights *W, ecomp x, uint64_t *out) {
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

/* The bye edge of who[pa]: no game, no rank; the bye counts as a score
 * difference to one point below the lowest score (preference 2) and as a
 * downfloat. */
static ecomp bye_comp(const ectx *c, int pa) {
    const weights *W = &c->W;
    const sw_swiss_pstate *a = &c->rk->st->p[c->rk->idx[c->who[pa]]];
    /* made in the last bracket: its colour and upfloat digits count there */
    ecomp x = pack_low(W, a, NULL, 0, true, W->grp[pa], W->ng - 1);
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

static void bye_weight(const ectx *c, int pa, uint64_t *out) {
    const weights *W = &c->W;
    ecomp x = bye_comp(c, pa);
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

/* The pricing builds the weights of up to a million pairs a round (34
 * limbs each at 1000 players), but in one row (the higher player fixed)
 * comp_weight's wide part, 2 k_real - pen + the colour and float digits,
 * depends on the pair only through (glo, nlo, eq, altd, altu), which take
 * few values: a row keeps those it met, and a pair's weight is one of
 * them plus its rank (and its repeated floats, rarely). */
#define LOWC_SLOTS 32
typedef struct lowcache {
    bool ok[LOWC_SLOTS];
    int grp[LOWC_SLOTS], glo[LOWC_SLOTS], nlo[LOWC_SLOTS];
    int64_t eq[LOWC_SLOTS], altd[LOWC_SLOTS], altu[LOWC_SLOTS];
    uint64_t v[LOWC_SLOTS * SW_BLOSSOM_LIMBS_MAX];
} lowcache;

/* r += v, the carry carried only as far as it goes. */
static void limbs_add_u64(uint64_t *r, uint64_t v, int n) {
    r[0] += v;
    for (int i = 1; i < n && r[i - 1] < v; i++, v = 1)
        r[i]++;
}

/* comp_weight(W, x, out) of a pair of row lc (every x of one grp). */
static void comp_weight_row(const weights *W, ecomp x, uint64_t *out, lowcache *lc) {
    int L = W->L;
    uint64_t h = (uint64_t)x.eq * 0x9E3779B97F4A7C15u ^ (uint64_t)x.altd * 0xC2B2AE3D27D4EB4Fu ^
                 (uint64_t)x.altu * 0x165667B19E3779F9u ^ (uint64_t)x.glo * 0x27D4EB2F165667C5u ^
                 (uint64_t)x.nlo * 0x94D049BB133111EBu;
    int k = (int)(h >> 59) % LOWC_SLOTS;
    uint64_t *v = lc->v + (size_t)k * (size_t)L;
    if (!lc->ok[k] || lc->grp[k] != x.grp || lc->glo[k] != x.glo || lc->nlo[k] != x.nlo ||
        lc->eq[k] != x.eq || lc->altd[k] != x.altd || lc->altu[k] != x.altu) {
        ecomp y = x;
        y.rank = 0;
        y.rfl = 0;
        comp_weight(W, y, v);
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
    limbs_add_u64(out, (uint64_t)x.rank, L);
    sub_fsd(W, x, out);
}

static void edge_weight_row(const ectx *c, int pa, int pb, uint64_t *out, lowcache *lc) {
    comp_weight_row(&c->W, edge_comp(c, pa, pb), out, lc);
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

/* lc: the row cache of a's pairs (edge_weight_row). */
static bool push_pair(const ectx *c, elist *l, int a, int b, lowcache *lc) {
    uint64_t *w = elist_push(l, a, b);
    if (!w)
        return false;
    edge_weight_row(c, a, b, w, lc);
    if (c->shift) {
        sub_share(&c->W, a, w);
        sub_share(&c->W, b, w);
    }
    return true;
}

/* Every legal pair, and the bye edges. */
static bool full_edges(const ectx *c, elist *l) {
    lowcache lc;
    for (int a = 0; a < c->count; a++) {
        memset(lc.ok, 0, sizeof lc.ok);
        for (int b = a + 1; b < c->count; b++)
            if (sw_swiss_legal(c->rk, c->who[a], c->who[b]) && !push_pair(c, l, a, b, &lc))
                return false;
    }
    return true;
}

/* The candidates: for each player the legal ones within `win` ranks of it and
 * of its ideal partner (where the optimum nearly always pairs it). Pairs are
 * added from the higher ranked end only, and the two windows exclude each
 * other's overlap, so none is added twice. */
static bool sparse_edges(const ectx *c, int win, elist *l) {
    lowcache lc;
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

static bool bye_edges(const ectx *c, elist *l) {
    if (c->count % 2 == 1)
        for (int a = 0; a < c->count; a++)
            if (c->bye_ok[c->who[a]]) {
                uint64_t *w = elist_push(l, a, c->count);
                if (!w)
                    return false;
                bye_weight(c, a, w);
                if (c->shift)
                    sub_share(&c->W, a, w);
            }
    return true;
}

/* Rounds of fewer players price on one thread: a pass is then well under
 * a millisecond, and on a machine whose cores are busy with other work
 * OpenMP's waiting threads cost more than they save (a 300-player record,
 * seatwise swiss check, 9 rounds: 0.63 s with one thread, 2.1 s with two
 * at a load average of 6 on 2 cores). */
#define PRICE_PARALLEL_MIN 512

/* The rows of a pricing pass, out[a] = fn(ctx, a) for a < n, on as many
 * threads as OpenMP would use (OMP_NUM_THREADS), each taking the next 4
 * rows from a shared counter. The helper threads are started for the pass
 * and end with it: between passes the matching runs on one thread for
 * milliseconds, and OpenMP's pool threads spun there (libgomp's default
 * wait policy), on a shared machine at the cost of the thread doing the
 * work (bs_1000_r4 at a load average of 12: 0.93-1.14 s wall with the
 * pool, 0.62-1.13 s on one thread, 0.83-1.14 s with OMP_WAIT_POLICY=
 * passive). Each row's result lands in its own slot, so the outcome is
 * the same for any number of threads. */
typedef long (*row_fn)(const void *ctx, int a);

typedef struct rowpass {
    row_fn fn;
    const void *ctx;
    long *out;
    int n;
    atomic_int next;
} rowpass;

#define ROW_CHUNK 4

static void *rowpass_run(void *arg) {
    rowpass *rp = arg;
    for (;;) {
        int a0 = atomic_fetch_add(&rp->next, ROW_CHUNK);
        if (a0 >= rp->n)
            break;
        int a1 = a0 + ROW_CHUNK < rp->n ? a0 + ROW_CHUNK : rp->n;
        for (int a = a0; a < a1; a++)
            rp->out[a] = rp->fn(rp->ctx, a);
    }
    return NULL;
}

static void rows_priced(int n, row_fn fn, const void *ctx, long *out) {
    rowpass rp = {fn, ctx, out, n, 0};
#ifdef SW_ROW_THREADS
    int nt = 1;
    if (n >= PRICE_PARALLEL_MIN)
        nt = omp_get_max_threads();
    if (nt > 64)
        nt = 64;
    pthread_t th[64];
    int started = 0;
    for (int i = 1; i < nt; i++)
        if (pthread_create(&th[started], NULL, rowpass_run, &rp) == 0)
            started++; /* else fewer threads do the rows */
#endif
    rowpass_run(&rp);
#ifdef SW_ROW_THREADS
    for (int i = 0; i < started; i++)
        pthread_join(th[i], NULL);
#endif
}

/* Pricing needs y_a + y_b - 4 w(a, b) >= 0 for O(n^2) pairs. The weight's
 * real and rank parts split per player and the colour and float parts are
 * at most k_low per player, so with base[a] = y_a - 4 (k_real + ((np - a) K
 * + np) k_rank + k_low) the sum base[a] + base[b] + 4 pen(g_a, g_b), plus
 * the duals of the blossoms holding both, is at most the reduced cost: when
 * it is >= 0, so is the reduced cost (bound_neg). pen holds 4 W.pen. */
typedef struct pricer {
    int L, ng;
    uint64_t *base; /* count numbers */
    uint64_t *pen;  /* ng * (ng + 1) numbers */
    /* base[b] as the higher-ranked pair's b > a: base, or a window's own
     * numbers (window_solve: a player's own order digits count only in
     * the rows it leads) */
    uint64_t *cbase;
    /* A window's rows: base when b is not in a's remainder (or in another
     * group), ibase when it is (inrem[b], NULL: never) */
    uint64_t *ibase;
    const bool *inrem;
    /* The top two limbs of each cbase and pen (bound_neg) */
    __int128 *tbase, *tpen;
} pricer;

/* The top two limbs of x as a signed number: x is that times 2^(64 (L -
 * 2)) plus a part in [0, 2^(64 (L - 2))). */
static __int128 top2(const uint64_t *x, int L) {
    return sw_limbs_to_i128(x + L - 2, 2);
}

/* pen and the room for count players' base (filled by the caller, then
 * pricer_tops). */
static bool pricer_alloc(const weights *W, int count, pricer *pr) {
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
        pr->tpen[x] = top2(pr->pen + x * (size_t)L, L);
    }
    return true;
}

static void pricer_tops(pricer *pr, int count) {
    for (int a = 0; a < count; a++)
        pr->tbase[a] = top2(pr->cbase + (size_t)a * (size_t)pr->L, pr->L);
}

static bool pricer_init(const ectx *c, const sw_blossom_dual *d, pricer *pr) {
    const weights *W = &c->W;
    int L = W->L, n = c->count;
    if (!pricer_alloc(W, n, pr))
        return false;
    pr->cbase = malloc(sizeof(uint64_t) * (size_t)L * (size_t)(n + 1));
    if (!pr->cbase)
        return false;
    uint64_t t[SW_BLOSSOM_LIMBS_MAX], u[SW_BLOSSOM_LIMBS_MAX];
    if (!W->no_order) {
        /* A float's rank digits (edge_comp: pa + np - pb <= 2 np) come with
         * a pair between groups only: 4 (2 np) k_rank less in pen(i, j),
         * i < j, rather than 4 np in every player's base. In a round 1
         * every pair is in one group, and there the bound is then the
         * reduced cost. */
        sw_limbs_mul_u64(u, W->k_rank, 8 * (uint64_t)W->np, L);
        for (int i = 0; i < W->ng; i++)
            for (int j = i + 1; j <= W->ng; j++) {
                uint64_t *p = pr->pen + ((size_t)i * (size_t)(W->ng + 1) + (size_t)j) * (size_t)L;
                sw_limbs_sub(p, p, u, L);
                pr->tpen[(size_t)i * (size_t)(W->ng + 1) + (size_t)j] = top2(p, L);
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

static void pricer_free(pricer *pr) {
    if (pr->cbase != pr->base)
        free(pr->cbase);
    if (pr->ibase != pr->base)
        free(pr->ibase);
    free(pr->base);
    free(pr->pen);
    free(pr->tbase);
    free(pr->tpen);
}

/* Row a's part of the bound for each group gb of the other player, made
 * when first met: x = base[a] + pen(ga, gb), its top two limbs and -x.
 * Without memory for every group (cache false) one is kept at a time. */
typedef struct brow {
    const pricer *pr;
    int a, ga, last;
    bool cache;
    bool *ok;
    __int128 *top;
    uint64_t *x, *neg;
    __int128 top1;
    uint64_t x1[SW_BLOSSOM_LIMBS_MAX], neg1[SW_BLOSSOM_LIMBS_MAX];
} brow;

static void brow_init(brow *r, const pricer *pr, int a, int ga) {
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

static void brow_free(brow *r) {
    free(r->ok);
    free(r->top);
    free(r->x);
    free(r->neg);
}

/* Group gb's x, -x and top two limbs; in: b is in a's remainder (gb is
 * a's group), x from ibase (slot ng + 1). */
static void brow_get(brow *r, int gb, bool in, const uint64_t **x, const uint64_t **neg,
                     __int128 *top) {
    const pricer *pr = r->pr;
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
        *pt = top2(px, pr->L);
        if (r->cache)
            r->ok[key] = true;
        r->last = key;
    }
    *x = px;
    *neg = pn;
    *top = *pt;
}

/* Is x + z (z NULL: 0) equal to y, all of L limbs? A sum that is not
 * nearly always differs in its low limbs, where the check stops. As the
 * numbers are far below 2^(64 L - 1) in magnitude, equal limbs mean equal
 * values. */
static bool sum_is(const uint64_t *x, const uint64_t *z, const uint64_t *y, int L) {
    if (!z)
        return memcmp(x, y, sizeof(uint64_t) * (size_t)L) == 0;
#ifdef SW_LIMBS_ADC
    unsigned char c = 0;
    for (int i = 0; i < L; i++) {
        unsigned long long s;
        c = _addcarry_u64(c, x[i], z[i], &s);
        if (s != y[i])
            return false;
    }
#else
    uint64_t carry = 0;
    for (int i = 0; i < L; i++) {
        uint64_t s = x[i] + carry;
        carry = s < carry;
        s += z[i];
        carry += s < z[i];
        if (s != y[i])
            return false;
    }
#endif
    return true;
}

/* Is the bound of players r->a, b (group gb; vertices u, v) negative?
 * The duals of the blossoms holding both count: with many ties the solve
 * nests most players in a few blossoms of large dual, and without them the
 * bound let through three quarters of the pairs of a 1000-player window,
 * where a quarter of a percent price negative. The sum is read from the top
 * limb down, exactly, and only as far as its sign needs: with t the sum of
 * the terms' parts above limb j (each a signed floor), the sum is t 2^(64 j)
 * plus the parts below, which are >= 0 and below one unit per term, so t
 * >= 0 decides >= 0 and t <= -terms decides < 0; else t moves down a limb
 * (in two 64-bit words: __int128 spilled). Most pairs stop in the top two
 * of the 35 limbs of a 1000-player window's weight; one whose sum is
 * exactly 0 goes down every limb with t at -1 or -2 (a million pairs of
 * /tmp/bs_1000_r4.trf): after two limbs base[b] (+ z) = -x is checked
 * from the bottom limb up (sum_is), about half the work a limb. */
static bool bound_neg(const sw_blossom_dual *d, brow *r, int b, int gb, int u, int v,
                      const uint64_t *pl, uint64_t m) {
    const pricer *pr = r->pr;
    int L = pr->L;
    const uint64_t *xa, *neg;
    __int128 t;
    brow_get(r, gb, gb == r->ga && pr->inrem && pr->inrem[b], &xa, &neg, &t);
    t += pr->tbase[b];
    if (pl) /* the top two limbs of pl m, less what the limbs below carry */
        t += (__int128)(((sw_limbs_u128)pl[L - 1] * m) << 64) +
             (__int128)((sw_limbs_u128)pl[L - 2] * m);
    if (t >= 0)
        return false;
    const uint64_t *z = sw_blossom_pair_z(d, u, v);
    int terms = 2;
    if (z) {
        t += top2(z, L);
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
        if (j == L - 5 && sum_is(xb, z, neg, L))
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

/* Pairs outside the solved edge set whose reduced cost is negative: the
 * duals do not prove them useless, so they join the next solve. A pair
 * already in the set is never reported (its reduced cost is >= 0). Stops
 * counting at `limit`. */
/* A priced pair of players a < b (vertices u, v) with its unshifted weight
 * w joins l, shifted as the solve's other pairs are (false: out of
 * memory). */
static bool push_priced(const ectx *c, elist *l, int u, int v, int a, int b, const uint64_t *w) {
    uint64_t *slot = elist_push(l, u, v);
    if (!slot)
        return false;
    sw_limbs_copy(slot, w, c->W.L);
    if (c->shift) {
        sub_share(&c->W, a, slot);
        sub_share(&c->W, b, slot);
    }
    return true;
}

/* Row a's pairs (a, b > a) whose reduced cost is negative: their number,
 * and with l, each added to l (-1: out of memory). */
static long price_out_row(const ectx *c, const sw_blossom_dual *d, const pricer *pr, int a,
                          elist *l) {
    long n = 0;
    uint64_t w[SW_BLOSSOM_LIMBS_MAX];
    lowcache lc;
    memset(lc.ok, 0, sizeof lc.ok);
    brow r;
    brow_init(&r, pr, a, c->W.grp[a]);
    for (int b = a + 1; b < c->count; b++) {
        if (!bound_neg(d, &r, b, c->W.grp[b], a, b, NULL, 0) ||
            !sw_swiss_legal(c->rk, c->who[a], c->who[b]))
            continue;
        edge_weight_row(c, a, b, w, &lc);
        if (!sw_blossom_reduced_cost_neg(d, a, b, w))
            continue;
        n++;
        if (!l)
            continue;
        if (!push_priced(c, l, a, b, a, b, w)) {
            n = -1;
            break;
        }
    }
    brow_free(&r);
    return n;
}

typedef struct pout {
    const ectx *c;
    const sw_blossom_dual *d;
    const pricer *pr;
} pout;

static long price_out_count(const void *ctx, int a) {
    const pout *po = ctx;
    return price_out_row(po->c, po->d, po->pr, a, NULL);
}

/* The rows are counted in parallel, then the rows with pairs to add are
 * priced again in order and add them: the same graph for any number of
 * threads. More than limit pairs: none is added (the full graph is then
 * cheaper). */
static bool price_out(const ectx *c, const sw_blossom_dual *d, elist *l, size_t limit,
                      size_t *added) {
    *added = 0;
    pricer pr = {0};
    long *cnt = malloc(sizeof(long) * ((size_t)c->count + 1));
    if (!cnt || !pricer_init(c, d, &pr)) {
        free(cnt);
        pricer_free(&pr);
        return false;
    }
    int n = c->count;
    pout po = {c, d, &pr};
    rows_priced(n, price_out_count, &po, cnt);
    for (int a = 0; a < n; a++)
        *added += (size_t)cnt[a];
    bool ok = true;
    for (int a = 0; a < n && ok && *added > 0 && *added <= limit; a++)
        if (cnt[a] > 0)
            ok = price_out_row(c, d, &pr, a, l) >= 0;
    free(cnt);
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

/* A sparse solve: the matching of l's graph (nv vertices) with its duals
 * in *d, and *perfect when every vertex is matched (else *d is freed: the
 * duals of a deficient matching prove nothing). After a perfect solve,
 * warm (nv numbers) receives its duals without blossoms (each vertex's
 * raised by the blossoms holding it: sw_blossom_dual_flat) and *warmed is
 * set; the next solve, on the same graph with the priced pairs added,
 * starts from them and the matching in vm (sw_blossom_match_start). Few
 * pairs are added, so most of the old matching stays, where the greedy
 * start leaves about half the vertices free. */
static sw_status sparse_solve(const sw_swiss_ranked *rk, const elist *l, const weights *W, int nv,
                              int *vm, sw_blossom_dual *d, bool *perfect, uint64_t *warm,
                              bool *warmed, sw_error *err) {
    sw_blossom_graph g = {nv, l->m, W->L, l->ends, l->w};
    sw_status rc =
        *warmed ? sw_blossom_match_start(&g, SW_BLOSSOM_MAX_CARDINALITY, warm, vm, vm, d, err)
                : sw_blossom_match_graph(&g, SW_BLOSSOM_MAX_CARDINALITY, vm, d, err);
    if (rc)
        return rc;
    note_solve(rk, l, W, false);
    *perfect = true;
    for (int v = 0; v < nv; v++)
        *perfect = *perfect && vm[v] >= 0;
    *warmed = false;
    if (!*perfect) {
        sw_blossom_dual_free(d);
        return SW_OK;
    }
    if (warm) {
        sw_blossom_dual_flat(d, warm);
        *warmed = true;
    }
    return SW_OK;
}

sw_status sw_swiss_exact_match(const sw_swiss_ranked *rk, const int *who, int count,
                               const bool *bye_ok, int *mate, sw_error *err) {
    ectx c = {rk, who, count, bye_ok, {0}, NULL, false};
    sw_status rc = make_weights(rk, who, count, &c.W, NULL, err);
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
    uint64_t *warm = malloc(sizeof(uint64_t) * (size_t)L * (size_t)(nv + 1));
    bool warmed = false;
    elist l = {.L = L};
    if (!c.target || !vm || !warm) {
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
        c.shift = true;
        if (!sparse_edges(&c, win, &l) || !bye_edges(&c, &l))
            goto nomem;
        /* Beyond this many uncovered pairs the full graph is cheaper. */
        size_t limit = (size_t)count * (size_t)count / 16;
        for (int attempt = 0; attempt < 4 && !proven; attempt++) {
            sw_blossom_dual d;
            bool perfect;
            rc = sparse_solve(rk, &l, &c.W, nv, vm, &d, &perfect, warm, &warmed, err);
            if (rc)
                goto done;
            if (!perfect)
                break;
            unshare(&c.W, &d, NULL, nv);
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
        c.shift = false; /* a matching that may not be perfect: who sits out counts */
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
    free(warm);
    free(c.target);
    weights_free(&c.W);
    return rc;
}

/* ---- the bracket order (C.04.3 transpositions) among equal pairings ---- */

/* Most digit bits one window solve takes: whole brackets while they fit in
 * WINDOW_BITS, a bracket wider than that alone up to CUT_BITS, cut between
 * digits. Narrow weights against fewer solves: with 500 players or fewer
 * 256 bits for both (callgrind on 300 players: 8.0 G instructions against
 * 9.9 G with 600 for a cut bracket); above, every solve covers more
 * players, and a round-1 bracket of 1000 players took 5.2 s of CPU with
 * 256, 2.4 s with np, 1.4 s with np and 2 np for a cut bracket (at most
 * 1500 and 3000, so a window's weight stays within the matching's 4088
 * bits; one that does not fit is tried again narrower). Then the
 * candidates within this many ranks of a player in a window's sparse
 * graph, and re-reads of a window's brackets. */
#define WINDOW_BITS(np) ((np) > 1500 ? 1500.0 : (np) > 500 ? (double)(np) : 256.0)
#define CUT_BITS(np) ((np) > 1500 ? 3000.0 : (np) > 500 ? 2.0 * (np) : 256.0)
#define WINDOW_SPARSE 8
#define WINDOW_AGAIN 8
/* Sparse solves of a window before its full graph: each adds the pairs the
 * duals could not price, and the full graph of 1000 players with a wide
 * window weight takes tens of seconds (a round of bench_swiss 1000 added
 * 6142, 584, 67, 11 pairs in four solves, then fell back: 53 s). */
#define WINDOW_ATTEMPTS 16

/* Among the pairings the weight rates equal, the first in the Dutch bracket
 * order. The structure of an optimum (who floats into which score group,
 * how many pairs each group plays inside itself) defines the brackets: the
 * moved-down players of a group (ranked) meet its residents in order; the
 * remainder's top p players (p = its pairs) form S1 and the rest S2. Each S1
 * player in rank order is one digit of a mixed-radix number: the index of
 * its partner in its S2 (a moved-down player: among the residents); a
 * partner in S1 below it (an exchange) after all of S2; any other (a player
 * above, a float, the bye) last. The weight is multiplied by that radix
 * product and the digits' complement added, so the matching keeps every
 * higher criterion and takes the smallest digit sequence: S1[0]'s partner
 * first, then S1[1]'s, as the transpositions are ordered.
 *
 * The brackets are settled from the top in windows (bracket_order): a
 * window's solve weighs only its own brackets' criteria and digits and the
 * next bracket's N and F (the players above are paired already, the ones
 * below only need to be pairable), then its pairs are fixed. Each solve's
 * optimum agrees with the whole order's on everything down to the window's
 * digits, so the windows together give the whole order's optimum, with
 * narrow weights on a shrinking graph (docs/swiss.md). */

/* The digits read from a pairing (layout_read). Per player (rank): role 0
 * none (paired upwards), 2 remainder S1, 3 S2; pos its index in its group's
 * S1, pos2 in its S2 (-1); s1n, s2n its remainder's S1 and S2 sizes (S1
 * players); s1 and s2d its own digits (-1). Per group: vidx the exchange
 * count digit, sidx the BSN sum digit, xidx the exchange's tie-break digit
 * (-1: none) and xs2 its S2 size; gp1[g] the remainder's S1 size, gp1[ng +
 * g] the lowest bracket g's floaters reach. A player the optimum floats
 * down is a moved-down player of every bracket from the one below its own
 * to the one it is paired in (the bye: the last), with two digits in each:
 * mfirst, mlast, mbase (its partner), mmem (paired there or not). Per
 * digit: radix, its bracket dg, and own, its owner and kind (owner * 8 +
 * kind: 0 moved-down, 1 count, 2 sum, 3 tie-break, 4 S1, 5 S2, 6 moved-down
 * paired) to tell two layouts apart. */
typedef struct olay {
    int np, ng, n1;
    int *mem;
    int *grp, *gstart, *role, *pos, *pos2, *s1, *s2d, *s1n, *s2n;
    int *vidx, *sidx, *xidx, *xs2, *gp1, *mfirst, *mlast, *mbase, *mmem;
    uint64_t *radix;
    int *dg, *own;
} olay;

static void layout_free(olay *o) {
    free(o->mem);
    free(o->radix);
    free(o->dg);
    free(o->own);
    memset(o, 0, sizeof *o);
}

static bool layout_read(const sw_swiss_ranked *rk, const int *who, const int *mate, olay *o) {
    int np = rk->np;
    memset(o, 0, sizeof *o);
    o->np = np;
    size_t n = (size_t)np + 2;
    o->mem = calloc(20 * n, sizeof(int));
    if (!o->mem)
        return false;
    int *m = o->mem;
    int **arr[] = {&o->grp, &o->gstart, &o->role,  &o->pos,   &o->pos2, &o->s1,
                   &o->s2d, &o->s1n,    &o->s2n,   &o->vidx,  &o->sidx, &o->xidx,
                   &o->xs2, &o->mfirst, &o->mlast, &o->mbase, &o->mmem, &o->gp1};
    for (size_t k = 0; k < sizeof arr / sizeof arr[0]; k++, m += n)
        *arr[k] = m; /* gp1 last: it takes 2n */
    int *grp = o->grp, *gstart = o->gstart, *role = o->role, *pos = o->pos, *pos2 = o->pos2;
    int *s1n = o->s1n, *s2n = o->s2n, *gp1 = o->gp1;
    int ng = o->ng = score_groups(rk, who, np, grp);
    for (int g = 0, r = 0; g <= ng; g++) {
        while (r < np && grp[r] < g)
            r++;
        gstart[g] = r;
    }
    for (int r = 0; r < np; r++)
        o->s1[r] = -1, o->s2d[r] = -1, pos2[r] = -1;
    for (int g = 0; g < ng; g++) {
        int gs = gstart[g], ge = gstart[g + 1];
        /* The remainder: residents not paired upwards; p pairs inside. */
        int p = 0, rem = 0;
        for (int r = gs; r < ge; r++)
            if (!(mate[r] >= 0 && mate[r] < gs)) {
                rem++;
                if (mate[r] > r && mate[r] < ge)
                    p++;
            }
        int k = 0, k2 = 0;
        for (int r = gs; r < ge; r++) {
            if (mate[r] >= 0 && mate[r] < gs)
                continue;
            if (k < p) {
                role[r] = 2;
                pos[r] = k++;
            } else {
                role[r] = 3;
                pos2[r] = k2++;
            }
        }
        for (int r = gs; r < ge; r++)
            if (role[r] == 2)
                s2n[r] = rem - p, s1n[r] = p;
        gp1[g] = p;
    }
    /* The digits by rank. Transpositions before exchanges, bracket by
     * bracket, in the Dutch exchange order: first a group's count of pairs
     * of its remainder that hold an S1 player (radix: S1's size + 1; p
     * minus it players were exchanged), then the BSN sums of the exchange
     * (those moved from S2 to S1 minus those moved from S1 to S2, the
     * smaller first), before its S1 players' own digits (the partner's
     * place in the remainder: with the exchange settled, S2 sorted by BSN)
     * and after the digits of the brackets above and of the players moved
     * down into it (they rank higher), as the Dutch system settles those
     * first. */
    for (int g = 0; g < ng; g++)
        o->vidx[g] = -1, o->sidx[g] = -1, o->xidx[g] = -1;
    size_t ndig = 5 * (size_t)np + 1;
    /* The floaters of a group may end in any bracket one of them reaches
     * (a solve may float another one further). */
    for (int r = 0; r < np; r++) {
        o->mfirst[r] = grp[r] + 1;
        o->mlast[r] = mate[r] == -2 ? ng - 1 : mate[r] > r ? grp[mate[r]] : -1;
        if (o->mlast[r] >= o->mfirst[r] && o->mlast[r] > gp1[ng + grp[r]])
            gp1[ng + grp[r]] = o->mlast[r];
    }
    for (int r = 0; r < np; r++)
        if (o->mlast[r] >= o->mfirst[r]) {
            o->mlast[r] = gp1[ng + grp[r]];
            ndig += 2 * (size_t)(o->mlast[r] - o->mfirst[r] + 1);
        }
    o->radix = malloc(sizeof(uint64_t) * ndig);
    o->dg = malloc(sizeof(int) * ndig);
    o->own = malloc(sizeof(int) * ndig);
    if (!o->radix || !o->dg || !o->own)
        return false;
    int n1 = 0;
#define DIGIT(g, rad, owner, kind)                                                                 \
    (o->dg[n1] = (g), o->radix[n1] = (rad), o->own[n1] = (owner)*8 + (kind), n1++)
    /* A bracket's moved-down players first compete for its places: the set
     * it pairs is the one whose BSNs come first (the exchanges between S1
     * and limbo come before the transpositions that pair an S1): one binary
     * digit per player and bracket, in rank order, above the partners'
     * digits. A cut window keeps these while the player is not fixed. */
    for (int r = 0; r < np; r++) {
        o->mmem[r] = n1;
        for (int g = o->mfirst[r]; g <= o->mlast[r]; g++)
            DIGIT(g, 2, r, 6);
    }
    for (int r = 0; r < np; r++) {
        o->mbase[r] = n1;
        for (int g = o->mfirst[r]; g <= o->mlast[r]; g++)
            DIGIT(g, (uint64_t)(gstart[g + 1] - gstart[g]) + 1, r, 0);
        int g = grp[r];
        if (role[r] == 2 && o->vidx[g] < 0) {
            int cnt = 0;
            for (int t = gstart[g]; t < gstart[g + 1]; t++)
                cnt += role[t] == 2;
            uint64_t rem = (uint64_t)(cnt + s2n[r]);
            o->vidx[g] = n1;
            DIGIT(g, (uint64_t)cnt + 1, r, 1);
            o->sidx[g] = n1;
            DIGIT(g, (uint64_t)cnt * rem + rem * rem + 1, r, 2);
            /* Then the exchange that moves the highest BSNs from S1 to S2,
             * then the lowest from S2 to S1: bit pos of each S1 player moved
             * above the bits s2 - 1 - pos2 of each S2 player moved. */
            if (rem <= 60) {
                o->xidx[g] = n1;
                o->xs2[g] = s2n[r];
                DIGIT(g, (uint64_t)1 << rem, r, 3);
            }
        }
        if (role[r] == 2) {
            o->s1[r] = n1;
            DIGIT(g, (uint64_t)(s2n[r] + s1n[r]) + 1, r, 4);
        }
        /* An S2 player an exchange moves to S1 comes after the S1 players
         * left there (a higher BSN): its partner's place in S2. */
        if (role[r] == 3 && o->vidx[g] >= 0) {
            o->s2d[r] = n1;
            DIGIT(g, (uint64_t)(gstart[g + 1] - gstart[g]) + 1, r, 5);
        }
    }
#undef DIGIT
    o->n1 = n1;
    return true;
}

/* Do layouts a and b give brackets g0..g1 the same digits? */
static bool layout_same(const olay *a, const olay *b, int g0, int g1) {
    for (int r = 0; r < a->np; r++)
        if (a->grp[r] >= g0 && a->grp[r] <= g1 &&
            (a->role[r] != b->role[r] || a->pos[r] != b->pos[r] || a->pos2[r] != b->pos2[r] ||
             a->s1n[r] != b->s1n[r] || a->s2n[r] != b->s2n[r]))
            return false;
    int i = 0, j = 0;
    for (;;) {
        while (i < a->n1 && (a->dg[i] < g0 || a->dg[i] > g1))
            i++;
        while (j < b->n1 && (b->dg[j] < g0 || b->dg[j] > g1))
            j++;
        if (i == a->n1 || j == b->n1)
            return i == a->n1 && j == b->n1;
        if (a->dg[i] != b->dg[j] || a->radix[i] != b->radix[j] || a->own[i] != b->own[j])
            return false;
        i++, j++;
    }
}

/* One window's digits in the weight: place[i] is the unit of digit i (its
 * bracket's k_ord times the radices after it there; 0 outside the window). */
typedef struct octx {
    const olay *o;
    const uint64_t *place;
    int L;
    /* place[i]'s limbs up to its top nonzero one: the units of the lower
     * digits are narrow, and a pair's digit terms multiply only those. */
    const int *plen;
} octx;

#define PLACE(oc, i) ((oc)->place + (size_t)(i) * (size_t)(oc)->L)

/* r += a m (r -= a m) for a >= 0 whose limbs from len up are 0: the
 * product over len limbs, then the carry (borrow) as far as it goes. */
static void limbs_addmul_part(uint64_t *r, const uint64_t *a, uint64_t m, int len, int n) {
    uint64_t carry = 0;
    int i = 0;
    for (; i < len; i++) {
        sw_limbs_u128 t = (sw_limbs_u128)a[i] * m + r[i] + carry;
        r[i] = (uint64_t)t;
        carry = (uint64_t)(t >> 64);
    }
    for (; i < n && carry; i++) {
        r[i] += carry;
        carry = r[i] < carry;
    }
}

static void limbs_submul_part(uint64_t *r, const uint64_t *a, uint64_t m, int len, int n) {
    uint64_t borrow = 0;
    int i = 0;
    for (; i < len; i++) {
        sw_limbs_u128 p = (sw_limbs_u128)a[i] * m + borrow;
        uint64_t lo = (uint64_t)p, ri = r[i];
        r[i] = ri - lo;
        borrow = (uint64_t)(p >> 64) + (ri < lo);
    }
    for (; i < n && borrow; i++) {
        uint64_t ri = r[i];
        r[i] = ri - borrow;
        borrow = ri < borrow;
    }
}

/* slot += digit unit i times m. */
static inline void add_place(const octx *oc, uint64_t *slot, int i, uint64_t m) {
    limbs_addmul_part(slot, PLACE(oc, i), m, oc->plen[i], oc->L);
}

/* slot += the digits' part of the pair a < b (b = np: the bye). */
static void order_terms(const octx *oc, int a, int b, uint64_t *slot) {
    const olay *o = oc->o;
    int L = oc->L, np = o->np;
    const int *grp = o->grp, *role = o->role, *pos = o->pos, *pos2 = o->pos2;
    bool bye = b == np;
    /* The exchange's BSN sums (credit: minus the sum's difference): a pair
     * of two S2 players sends its higher one to S1, a pair of two S1
     * players its lower one to S2, an S1 player paired outside its
     * remainder goes to S2. */
    bool in_a = !bye && grp[b] == grp[a] && (role[b] == 2 || pos2[b] >= 0);
    if (!bye && pos2[a] >= 0 && pos2[b] >= 0 && grp[a] == grp[b] && o->sidx[grp[a]] >= 0) {
        int i = o->sidx[grp[a]];
        limbs_submul_part(slot, PLACE(oc, i), (uint64_t)(o->gp1[grp[a]] + pos2[a] + 1), oc->plen[i],
                          L);
        if (o->xidx[grp[a]] >= 0)
            add_place(oc, slot, o->xidx[grp[a]], (uint64_t)1 << (o->xs2[grp[a]] - 1 - pos2[a]));
    }
    if (role[a] == 2 && !in_a) {
        add_place(oc, slot, o->sidx[grp[a]], (uint64_t)(pos[a] + 1));
        if (o->xidx[grp[a]] >= 0)
            add_place(oc, slot, o->xidx[grp[a]], (uint64_t)1 << (pos[a] + o->xs2[grp[a]]));
    }
    if (!bye && role[b] == 2) {
        add_place(oc, slot, o->sidx[grp[b]], (uint64_t)(pos[b] + 1));
        if (o->xidx[grp[b]] >= 0)
            add_place(oc, slot, o->xidx[grp[b]], (uint64_t)1 << (pos[b] + o->xs2[grp[b]]));
    }
    /* A moved-down player meets a resident of a bracket it passes: the
     * resident's place there, the higher first. */
    if (!bye && grp[b] >= o->mfirst[a] && grp[b] <= o->mlast[a]) {
        int i = o->mbase[a] + grp[b] - o->mfirst[a];
        add_place(oc, slot, i, o->radix[i] - 1 - (uint64_t)(b - o->gstart[grp[b]]));
        add_place(oc, slot, o->mmem[a] + grp[b] - o->mfirst[a], 1);
    }
    if (!bye && o->s2d[a] >= 0 && grp[b] == grp[a] && role[b] == 3) {
        int i = o->s2d[a];
        uint64_t digit = (uint64_t)pos2[b];
        if (digit > o->radix[i] - 1)
            digit = o->radix[i] - 1;
        add_place(oc, slot, i, o->radix[i] - 1 - digit);
    }
    if (bye || o->s1[a] < 0)
        return;
    if (role[a] == 2 && in_a) /* a pair with an S1 player */
        add_place(oc, slot, o->vidx[grp[a]], 1);
    int i = o->s1[a];
    uint64_t digit = o->radix[i] - 1; /* the worst */
    if (role[a] == 2 && grp[b] == grp[a] && role[b] == 2)
        digit = (uint64_t)pos[b];
    else if (role[a] == 2 && grp[b] == grp[a] && pos2[b] >= 0)
        digit = (uint64_t)(o->s1n[a] + pos2[b]);
    if (digit > o->radix[i] - 1)
        digit = o->radix[i] - 1;
    add_place(oc, slot, i, o->radix[i] - 1 - digit);
}

/* Per player r, what its pairs' digit parts (order_terms) can hold on its
 * side: own[r] its own digits at their largest (only in the pairs it
 * leads: a pair a < b holds a's, the higher player's partner, resident or
 * S1 partner), col[r] its credits as the lower player of a pair (an S1
 * player's exchange sum and tie-break), rin[r] and rout[r] its credits as
 * the higher one, when the lower is in its remainder (a pair with an S1
 * player; two S2 players' tie-break) and when not (an S1 player paired
 * outside its remainder): a pair's part is at most own[a] + rin[a] or
 * rout[a], + col[b] (the window's pricing). Until 2026-11-26 one bound,
 * own digits and every credit, counted on both sides. */
static void order_bounds(const octx *oc, const bool *fixed, uint64_t *col, uint64_t *own,
                         uint64_t *rin, uint64_t *rout) {
    const olay *o = oc->o;
    int L = oc->L;
    for (int r = 0; r < o->np; r++) {
        sw_limbs_set_i64(col + (size_t)r * (size_t)L, L, 0);
        sw_limbs_set_i64(own + (size_t)r * (size_t)L, L, 0);
        sw_limbs_set_i64(rin + (size_t)r * (size_t)L, L, 0);
        sw_limbs_set_i64(rout + (size_t)r * (size_t)L, L, 0);
    }
    for (int i = 0; i < o->n1; i++) {
        int r = o->own[i] / 8, kind = o->own[i] % 8;
        if (kind == 0 || kind >= 4)
            sw_limbs_addmul_u64(own + (size_t)r * (size_t)L, PLACE(oc, i), o->radix[i], L);
    }
    for (int r = 0; r < o->np; r++) {
        int g = o->grp[r];
        uint64_t *c = col + (size_t)r * (size_t)L, *ri = rin + (size_t)r * (size_t)L,
                 *ro = rout + (size_t)r * (size_t)L;
        if (fixed[r])
            continue;
        if (o->role[r] == 2) {
            sw_limbs_add(ri, ri, PLACE(oc, o->vidx[g]), L);
            sw_limbs_addmul_u64(c, PLACE(oc, o->sidx[g]), (uint64_t)(o->pos[r] + 1), L);
        }
        if (o->xidx[g] >= 0 && o->role[r] == 2)
            sw_limbs_addmul_u64(c, PLACE(oc, o->xidx[g]), (uint64_t)1 << (o->pos[r] + o->xs2[g]),
                                L);
        sw_limbs_copy(ro, c, L);
        if (o->xidx[g] >= 0 && o->pos2[r] >= 0)
            sw_limbs_addmul_u64(ri, PLACE(oc, o->xidx[g]),
                                (uint64_t)1 << (o->xs2[g] - 1 - o->pos2[r]), L);
    }
}

/* Which pairs a window solve considers: both unfixed, not two floaters
 * from above the window (their brackets are settled: they float), legal. */
static bool window_pair(const ectx *c, const olay *o, const bool *fixed, int g0, int a, int b) {
    if (fixed[a] || fixed[b] || (o->grp[a] < g0 && o->grp[b] < g0))
        return false;
    return sw_swiss_legal(c->rk, c->who[a], c->who[b]);
}

/* The pair a < b (b = np: the bye) between vertices vid[a] and vid[b]. */
static bool push_order(const ectx *c, const octx *oc, const int *vid, elist *l, int a, int b,
                       lowcache *lc) {
    uint64_t *w = elist_push(l, vid[a], vid[b]);
    if (!w)
        return false;
    if (b == c->count)
        bye_weight(c, a, w);
    else
        edge_weight_row(c, a, b, w, lc);
    order_terms(oc, a, b, w);
    if (c->shift) {
        sub_share(&c->W, a, w);
        if (b < c->count)
            sub_share(&c->W, b, w);
    }
    return true;
}

/* What a window's pricing reads (window_solve). */
typedef struct wprice {
    const ectx *c;
    const octx *oc;
    const bool *fixed;
    int g0, g1;
    const sw_blossom_dual *d;
    /* base per player: y - 4 (k_real + k_low + rank + digit bound) */
    const pricer *pr;
    const int *vid;
} wprice;

/* The pairs (a, b), b beyond a's sparse neighbours, whose reduced cost is
 * negative: their number, and with l, each added to l (-1: out of memory).
 * A bound first: base[a] + base[b] + 4 pen(g_a, g_b) + the common blossoms'
 * duals <= the reduced cost. */
static long price_row(const wprice *p, int a, elist *l) {
    const ectx *c = p->c;
    const olay *o = p->oc->o;
    int np = c->count, L = c->W.L;
    long n = 0;
    if (p->fixed[a])
        return 0;
    uint64_t w[SW_BLOSSOM_LIMBS_MAX];
    lowcache lc;
    memset(lc.ok, 0, sizeof lc.ok);
    brow r;
    brow_init(&r, p->pr, a, o->grp[a]);
    /* An S1 player's own digit (order_terms) is place (R - 1 - digit),
     * where its bound counts place R: place 4 (digit + 1) more is still
     * below the reduced cost. */
    int s1 = o->s1[a];
    const uint64_t *pl = s1 >= 0 ? PLACE(p->oc, s1) : NULL;
    for (int b = a + WINDOW_SPARSE + 1; b < np; b++) {
        if (p->fixed[b])
            continue;
        uint64_t m = 0;
        if (pl) {
            uint64_t digit = o->radix[s1] - 1;
            if (o->role[a] == 2 && o->grp[b] == o->grp[a] && o->role[b] == 2)
                digit = (uint64_t)o->pos[b];
            else if (o->role[a] == 2 && o->grp[b] == o->grp[a] && o->pos2[b] >= 0)
                digit = (uint64_t)(o->s1n[a] + o->pos2[b]);
            if (digit > o->radix[s1] - 1)
                digit = o->radix[s1] - 1;
            m = 4 * (digit + 1);
        }
        if (!bound_neg(p->d, &r, b, o->grp[b], p->vid[a], p->vid[b], pl, m) ||
            !window_pair(c, o, p->fixed, p->g0, a, b))
            continue;
        if (o->grp[a] > p->g1 + 1 || (o->grp[a] == p->g1 + 1 && o->grp[b] == p->g1 + 1)) {
            /* Below the window, a pair that floats no one out of its next
             * bracket weighs its real game and ranks only (no component or
             * digit of the window is there). */
            sw_limbs_shl(w, c->W.k_real, 1, L);
            sw_limbs_addmul_u64(w, c->W.k_rank, (uint64_t)(2 * np - a - b) * c->W.K, L);
        } else {
            edge_weight_row(c, a, b, w, &lc);
            order_terms(p->oc, a, b, w);
        }
        if (!sw_blossom_reduced_cost_neg(p->d, p->vid[a], p->vid[b], w))
            continue;
        n++;
        if (!l)
            continue;
        if (!push_priced(c, l, p->vid[a], p->vid[b], a, b, w)) {
            n = -1;
            break;
        }
    }
    brow_free(&r);
    return n;
}

static long price_row_count(const void *ctx, int a) {
    return price_row(ctx, a, NULL);
}

/* Brackets g0..g1 of o ordered (their players' pairs in mate, the fixed
 * players' untouched). *fits false (mate untouched) when the weight does
 * not fit. Sparse first as sw_swiss_exact_match: each player's neighbours
 * within WINDOW_SPARSE ranks and those of its current and its standard
 * partner (ideal_targets); the duals
 * price the rest (a bound from pen, the colour and digit parts per player,
 * then the exact reduced cost), and the full graph decides if that does not
 * settle it. */
static sw_status window_solve(const sw_swiss_ranked *rk, const int *who, const bool *bye_ok,
                              const olay *o, int g0, int g1, const bool *inc, const bool *fixed,
                              int *mate, bool *fits, sw_error *err) {
    int np = rk->np, ng = o->ng, n1 = o->n1;
    *fits = false;
    ectx c = {rk, who, np, bye_ok, {0}, NULL, false};
    int *target = malloc(sizeof(int) * ((size_t)np + 1));
    int *ord_n = calloc((size_t)ng + 1, sizeof(int)),
        *ord_off = calloc((size_t)ng + 1, sizeof(int));
    uint64_t *ord_rad = malloc(sizeof(uint64_t) * ((size_t)n1 + 1));
    int *vm = malloc(sizeof(int) * ((size_t)np + 2));
    int *vid = malloc(sizeof(int) * ((size_t)np + 2)), *rv = malloc(sizeof(int) * ((size_t)np + 2));
    long *count = malloc(sizeof(long) * ((size_t)np + 1));
    uint64_t *place = NULL, *bound = NULL, *own = NULL, *rin = NULL, *rout = NULL, *warm = NULL;
    bool *inrem = NULL;
    int *plen = NULL;
    pricer pr = {0};
    bool warmed = false;
    elist l = {0};
    sw_status rc = SW_OK;
    if (!ord_n || !ord_off || !ord_rad || !vm || !vid || !rv || !target || !count)
        goto nomem;
    ideal_targets(rk, who, np, target);
    for (int i = 0; i < n1; i++)
        if (inc[i])
            ord_n[o->dg[i]]++;
    for (int g = 1; g <= ng; g++)
        ord_off[g] = ord_off[g - 1] + ord_n[g - 1];
    for (int g = 0, k = 0; g < ng; g++)
        for (int i = 0; i < n1; i++)
            if (o->dg[i] == g && inc[i])
                ord_rad[k++] = o->radix[i];
    ordspec os = {ord_n, ord_off, ord_rad, true, g0, g1};
    rc = make_weights(rk, who, np, &c.W, &os, err);
    if (rc == SW_ERR_LIMIT) {
        rc = SW_OK; /* too wide: the standard order stands in */
        goto out;
    }
    if (rc)
        goto out;
    c.W.no_order = true;
    int L = c.W.L;
    place = calloc((size_t)L * ((size_t)n1 + 1), sizeof(uint64_t));
    plen = malloc(sizeof(int) * ((size_t)n1 + 1));
    bound = malloc(sizeof(uint64_t) * (size_t)L * ((size_t)np + 1));
    own = malloc(sizeof(uint64_t) * (size_t)L * ((size_t)np + 1));
    warm = malloc(sizeof(uint64_t) * (size_t)L * ((size_t)np + 2));
    if (!place || !plen || !bound || !own || !warm || !pricer_alloc(&c.W, np, &pr))
        goto nomem;
    pr.cbase = malloc(sizeof(uint64_t) * (size_t)L * ((size_t)np + 1));
    pr.ibase = malloc(sizeof(uint64_t) * (size_t)L * ((size_t)np + 1));
    rin = malloc(sizeof(uint64_t) * (size_t)L * ((size_t)np + 1));
    rout = malloc(sizeof(uint64_t) * (size_t)L * ((size_t)np + 1));
    inrem = malloc(sizeof(bool) * ((size_t)np + 1));
    if (!pr.cbase || !pr.ibase || !rin || !rout || !inrem)
        goto nomem;              /* pricer_free frees cbase and ibase */
    for (int a = 0; a < np; a++) /* order_terms' in_a, for b */
        inrem[a] = o->role[a] == 2 || o->pos2[a] >= 0;
    pr.inrem = inrem;
    for (int i = n1 - 1; i >= 0; i--) {
        if (!inc[i])
            continue;
        uint64_t *pi = place + (size_t)i * (size_t)L;
        int nx = i + 1;
        while (nx < n1 && !(inc[nx] && o->dg[nx] == o->dg[i]))
            nx++;
        if (nx < n1)
            sw_limbs_mul_u64(pi, place + (size_t)nx * (size_t)L, o->radix[nx], L);
        else
            sw_limbs_copy(pi, c.W.k_ord + (size_t)o->dg[i] * (size_t)L, L);
    }
    for (int i = 0; i < n1; i++) {
        int len = L;
        while (len > 0 && place[(size_t)i * (size_t)L + (size_t)len - 1] == 0)
            len--;
        plen[i] = len;
    }
    octx oc = {o, place, L, plen};
    c.shift = true; /* the sparse solves (ectx) */
    l.L = L;
    /* The matching's vertices: the players not fixed (vid), then the bye
     * (fixed players left as isolated vertices would defeat the matching's
     * greedy start, which needs a perfect matching). */
    int nv = 0;
    for (int a = 0; a < np; a++)
        if (!fixed[a])
            rv[nv] = a, vid[a] = nv++;
    vid[np] = nv, rv[nv] = np;
    nv += np % 2;
    bool proven = false;
    lowcache lc;
    for (int a = 0; a < np; a++) {
        if (fixed[a])
            continue;
        memset(lc.ok, 0, sizeof lc.ok);
        for (int b = a + 1; b < np; b++)
            if ((b <= a + WINDOW_SPARSE || (mate[a] >= 0 && abs(mate[a] - b) <= WINDOW_SPARSE) ||
                 (mate[b] >= 0 && abs(mate[b] - a) <= WINDOW_SPARSE) ||
                 abs(target[a] - b) <= WINDOW_SPARSE) &&
                window_pair(&c, o, fixed, g0, a, b) && !push_order(&c, &oc, vid, &l, a, b, &lc))
                goto nomem;
        if (np % 2 == 1 && bye_ok[who[a]] && !push_order(&c, &oc, vid, &l, a, np, &lc))
            goto nomem;
    }
    for (int attempt = 0; attempt < WINDOW_ATTEMPTS && !proven; attempt++) {
        sw_blossom_dual d;
        bool perfect;
        rc = sparse_solve(rk, &l, &c.W, nv, vm, &d, &perfect, warm, &warmed, err);
        if (rc)
            goto out;
        if (!perfect)
            break;
        uint64_t t[SW_BLOSSOM_LIMBS_MAX];
        /* The duals of the weights without the shift: y_a + 4 share(a). */
        if (c.shift)
            unshare(&c.W, &d, rv, nv);
        /* cbase[a] = y_a - 4 (k_real + k_lowc + (np - a) K + bound[a]) for a
         * as the lower player of a pair; for the rows a leads k_low, own[a]
         * and rin[a] (ibase) or rout[a] (base) instead of k_lowc and
         * bound[a] (order_bounds). */
        order_bounds(&oc, fixed, bound, own, rin, rout);
        for (int a = 0; a < np; a++) {
            if (fixed[a])
                continue;
            /* A player above the window: its pairs' colour parts fall in
             * the window's groups (its own are left out), at most g0's. */
            int ga = o->grp[a] > g0 ? o->grp[a] : g0;
            uint64_t u[SW_BLOSSOM_LIMBS_MAX];
            const uint64_t *y = d.y + (size_t)vid[a] * (size_t)L;
            size_t at = (size_t)a * (size_t)L;
            sw_limbs_copy(t, c.W.k_real, L);
            sw_limbs_addmul_u64(t, c.W.k_rank, (uint64_t)(np - a) * c.W.K, L);
            sw_limbs_add(u, t, c.W.k_lowc + (size_t)ga * (size_t)L, L);
            sw_limbs_add(u, u, bound + at, L);
            sw_limbs_shl(u, u, 2, L);
            sw_limbs_sub(pr.cbase + at, y, u, L);
            pr.tbase[a] = top2(pr.cbase + at, L);
            sw_limbs_add(t, t, c.W.k_low + (size_t)ga * (size_t)L, L);
            sw_limbs_add(t, t, own + at, L);
            sw_limbs_add(u, t, rin + at, L);
            sw_limbs_shl(u, u, 2, L);
            sw_limbs_sub(pr.ibase + at, y, u, L);
            sw_limbs_add(t, t, rout + at, L);
            sw_limbs_shl(t, t, 2, L);
            sw_limbs_sub(pr.base + at, y, t, L);
        }
        size_t added = 0, limit = (size_t)np * (size_t)np / 16;
        wprice wp = {&c, &oc, fixed, g0, g1, &d, &pr, vid};
        /* Rows are priced in parallel and counted; the rows with pairs to
         * add are priced again in order and add them, so the graph is the
         * same for any number of threads. */
        long *cnt = count;
        rows_priced(np, price_row_count, &wp, cnt);
        for (int a = 0; a < np; a++)
            added += (size_t)cnt[a];
        for (int a = 0; a < np && added > 0 && added <= limit; a++)
            if (cnt[a] > 0 && price_row(&wp, a, &l) < 0) {
                sw_blossom_dual_free(&d);
                goto nomem;
            }
        sw_blossom_dual_free(&d);
        if (rk->stats)
            rk->stats->priced += (int)added;
        if (added == 0)
            proven = true;
        else if (added > limit)
            break;
    }
    if (!proven) {
        /* The window's full graph, unless it would need more than the
         * first solve allows (sw_swiss_exact_match): then the standard
         * order stands in. */
        if ((double)nv * (double)nv / 2 * (double)(sizeof(int) * 2 + sizeof(uint64_t) * (size_t)L) >
            4e9)
            goto out;
        l.m = 0;
        c.shift = false; /* a matching that may not be perfect: who sits out counts */
        for (int a = 0; a < np; a++) {
            if (fixed[a])
                continue;
            memset(lc.ok, 0, sizeof lc.ok);
            for (int b = a + 1; b < np; b++)
                if (window_pair(&c, o, fixed, g0, a, b) && !push_order(&c, &oc, vid, &l, a, b, &lc))
                    goto nomem;
            if (np % 2 == 1 && bye_ok[who[a]] && !push_order(&c, &oc, vid, &l, a, np, &lc))
                goto nomem;
        }
        sw_blossom_graph gr = {nv, l.m, L, l.ends, l.w};
        rc = sw_blossom_match_graph(&gr, SW_BLOSSOM_MAX_CARDINALITY, vm, NULL, err);
        if (rc)
            goto out;
        note_solve(rk, &l, &c.W, true);
    }
    for (int a = 0; a < np; a++)
        if (!fixed[a])
            mate[a] = vm[vid[a]] < 0 ? -1 : rv[vm[vid[a]]] == np ? -2 : rv[vm[vid[a]]];
    *fits = true;
    goto out;
nomem:
    rc = sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
out:
    elist_free(&l);
    weights_free(&c.W);
    free(ord_n);
    free(ord_off);
    free(ord_rad);
    free(vm);
    free(vid);
    free(rv);
    free(target);
    free(count);
    free(place);
    free(plen);
    free(bound);
    free(own);
    free(rin);
    free(rout);
    free(inrem);
    pricer_free(&pr);
    free(warm);
    return rc;
}

/* Does a window weigh digit i? Not when its player's pair is fixed (it
 * cannot change); a group's exchange digits always (the pairs not fixed yet
 * change them). */
static bool held(const olay *o, const bool *fixed, int i) {
    int kind = o->own[i] % 8;
    return (kind >= 1 && kind <= 3) || !fixed[o->own[i] / 8];
}

/* The whole bracket order, window by window from the top (see above): a
 * window takes the next digits in order, whole brackets while they fit in
 * WINDOW_BITS, else a bracket's next digits up to it. Its brackets are read
 * again from its own optimum and solved again until they stay; then the
 * pairs its digits settle are fixed (every pair made in a bracket it ends,
 * and in a bracket it cuts, the pairs of the players whose digits it held).
 * *done false (mate untouched) when there are no digits or a window does
 * not fit. */
static sw_status bracket_order(const sw_swiss_ranked *rk, const int *who, const bool *bye_ok,
                               int *mate, bool *done, sw_error *err) {
    int np = rk->np;
    *done = false;
    if (np < 4)
        return SW_OK;
    olay lay = {0}, next = {0};
    bool *fixed = calloc((size_t)np + 1, sizeof(bool));
    int *work = malloc(sizeof(int) * ((size_t)np + 1));
    bool *inc = NULL;
    sw_status rc = SW_OK;
    if (!fixed || !work || !layout_read(rk, who, mate, &lay)) {
        rc = sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
        goto out;
    }
    if (lay.n1 == 0)
        goto out;
    memcpy(work, mate, sizeof(int) * (size_t)np);
    int ng = lay.ng;
    /* The next window starts at bracket g0's digit k0 (its first k0 are
     * settled). */
    for (int g0 = 0, k0 = 0; g0 < ng;) {
        int g1 = g0, k1 = 0; /* it ends before g1's digit k1 (k1 < 0: g1 whole) */
        double scale = 1;    /* halved while the window's weight does not fit */
        for (int again = 0; again < WINDOW_AGAIN; again++) {
            /* The window, read from the current layout. */
            free(inc);
            inc = calloc((size_t)lay.n1 + 1, sizeof(bool));
            if (!inc) {
                rc = sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
                goto out;
            }
            if (again == 0) {
                /* Whole brackets while they fit; a bracket that does not
                 * is cut after the digits that do, unless none does. */
                double bits = 0, limit = WINDOW_BITS(np) * scale, rest0 = 0;
                for (int i = 0, k = 0; i < lay.n1; i++)
                    if (lay.dg[i] == g0 && (k++ >= k0 || held(&lay, fixed, i)))
                        rest0 += log2((double)lay.radix[i]);
                if (rest0 > limit)
                    limit = CUT_BITS(np) * scale;
                g1 = g0, k1 = -1;
                int took = 0; /* new digits: at least one, so the walk goes on */
                for (int g = g0; g < ng; g++) {
                    int k = 0, cut = -1;
                    for (int i = 0; i < lay.n1 && cut < 0; i++) {
                        if (lay.dg[i] != g)
                            continue;
                        double b = log2((double)lay.radix[i]);
                        if (g == g0 && k < k0)
                            bits += held(&lay, fixed, i) ? b : 0;
                        else if (took > 0 && bits + b > limit)
                            cut = k;
                        else
                            bits += b, took++;
                        k += cut < 0;
                    }
                    if (cut < 0)
                        g1 = g;
                    else if (g == g0 || cut > 0)
                        g1 = g, k1 = cut;
                    if (cut >= 0)
                        break;
                }
            }
            for (int g = g0; g <= g1; g++) {
                int k = 0;
                for (int i = 0; i < lay.n1; i++)
                    if (lay.dg[i] == g) {
                        inc[i] = held(&lay, fixed, i) && !(g == g1 && k1 >= 0 && k >= k1);
                        k++;
                    }
            }
            bool fits;
            rc = window_solve(rk, who, bye_ok, &lay, g0, g1, inc, fixed, work, &fits, err);
            if (!rc && !fits && scale > 1.0 / 64) {
                scale /= 2; /* a narrower window */
                again = -1;
                continue;
            }
            if (rc || !fits)
                goto out;
            if (!layout_read(rk, who, work, &next)) {
                rc = sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
                goto out;
            }
            /* The last solve's layout stays when it is the last allowed
             * (inc and the digits below refer to it). */
            bool same = layout_same(&lay, &next, g0, g1);
            if (same || again == WINDOW_AGAIN - 1) {
                layout_free(&next);
                break;
            }
            layout_free(&lay);
            lay = next;
            memset(&next, 0, sizeof next);
        }
        /* The pairs made in the brackets the window ends are settled; in a
         * bracket it cuts, those of the players whose digits it held. */
        int gend = k1 >= 0 ? g1 - 1 : g1;
        for (int r = 0; r < np; r++)
            if (!fixed[r] && work[r] >= 0 && lay.grp[r > work[r] ? r : work[r]] <= gend)
                fixed[r] = fixed[work[r]] = true;
        if (k1 >= 0) {
            for (int i = 0; i < lay.n1; i++) {
                int r = lay.own[i] / 8, kind = lay.own[i] % 8, m = work[r];
                if (!inc[i] || lay.dg[i] != g1 || !(kind == 0 || kind == 4 || kind == 5) ||
                    fixed[r] || m < 0)
                    continue;
                if (lay.grp[r > m ? r : m] == g1)
                    fixed[r] = fixed[m] = true;
            }
            k0 = k1;
            g0 = g1;
        } else {
            g0 = g1 + 1;
            k0 = 0;
        }
    }
    memcpy(mate, work, sizeof(int) * (size_t)np);
    *done = true;
out:
    layout_free(&lay);
    layout_free(&next);
    free(fixed);
    free(work);
    free(inc);
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

/* Group g's parts of x: its d^2 (F_g), colour digits and float digits. */
/* Group g's N_g and F_g parts of x as one number (compared, never weighed). */
static int64_t psd_of(const weights *W, ecomp x, int g) {
    bool down;
    int64_t v = psd_part(W, x.grp, x.nlo, g, &down);
    /* exact lists: the sums of v and v^2 tell two entries from two */
    return v * v + (W->exact ? v << 24 : 0) + (down ? (int64_t)1 << 44 : 0);
}

/* Group g's C16-C19 parts of x as one number (compared, never weighed). */
static int64_t fsd_of(const weights *W, ecomp x, int g) {
    int64_t v = 0;
    for (int q = 0; q < 4; q++)
        v += (fsd_part(W, x, g, q) * fsd_part(W, x, g, q)) << (15 * q);
    return v;
}

static void group_parts(const weights *W, ecomp x, int g, int64_t *f, int64_t *eq, int64_t *alt,
                        int64_t *fsd) {
    *fsd += fsd_of(W, x, g);
    *f += psd_of(W, x, g);
    *eq += x.glo == g ? x.eq : 0;
    *alt += (x.grp == g ? x.altd : 0) + (x.glo == g ? x.altu : 0);
}

/* Do two pairs of games on the same four players weigh the same? The weight
 * is a mixed-radix number whose digits stay in range for any set of games,
 * so equal weight is equal components: real is equal already (the same
 * players play), so rank and, in each group, N_g and F_g (every group
 * from the highest to the lowest end: a downfloat counts in each bracket it
 * passes), the colour and the float digits. */
static bool same_weight(const weights *W, ecomp x1, ecomp x2, ecomp y1, ecomp y2) {
    if (x1.rank + x2.rank != y1.rank + y2.rank)
        return false;
    const ecomp all[4] = {x1, x2, y1, y2};
    int g0 = W->ng, g1 = 0;
    for (int t = 0; t < 4; t++) {
        g0 = all[t].grp < g0 ? all[t].grp : g0;
        g1 = all[t].nlo > g1 ? all[t].nlo : g1;
    }
    for (int g = g0; g <= g1 && g < W->ng; g++) {
        int64_t v[2][4] = {{0, 0, 0, 0}, {0, 0, 0, 0}};
        for (int t = 0; t < 4; t++)
            group_parts(W, all[t], g, &v[t / 2][0], &v[t / 2][1], &v[t / 2][2], &v[t / 2][3]);
        if (memcmp(v[0], v[1], sizeof v[0]))
            return false;
    }
    return true;
}

/* The components of a whole pairing summed, per group (eq, alt), and the
 * score-difference lists themselves: cnt counts each bracket's entries by
 * value (PSD with its downfloat flag, then C16-C19), so equal totals mean
 * equal lists whichever way the weight compared them (sums of squares
 * cannot tell {1,5,6} from {2,3,7} half points) and equal N_g and F_g. */
typedef struct totals {
    long games;
    int64_t bys;
    int64_t rank;
    int64_t *eq, *alt; /* ng each */
    int32_t *cnt;      /* 6 V per group: PSD (v, down), then C16..C19 by v */
    int V;             /* entry values 0..V-1 */
    bool wide;         /* an entry beyond V: never the same */
} totals;

static void count_entry(totals *t, size_t at, int v) {
    if (v < 0 || v >= t->V)
        t->wide = true;
    else
        t->cnt[at + (size_t)v]++;
}

static void add_comp(const weights *W, totals *t, ecomp x) {
    t->games++;
    t->bys += x.bys * ((int64_t)1 << 20) + x.byg; /* compared only */
    t->rank += x.rank;
    size_t V = (size_t)t->V;
    for (int g = x.grp; g <= x.nlo && g < W->ng; g++) {
        bool down;
        int v = psd_part(W, x.grp, x.nlo, g, &down);
        if (v || down)
            count_entry(t, (size_t)g * 6 * V + (down ? V : 0), v);
        for (int q = 0; q < 4; q++) {
            int e = (int)fsd_part(W, x, g, q);
            if (e)
                count_entry(t, (size_t)g * 6 * V + (size_t)(2 + q) * V, e);
        }
    }
    t->eq[x.glo] += x.eq;
    t->alt[x.grp] += x.altd;
    t->alt[x.glo] += x.altu;
}

static bool same_totals(const totals *a, const totals *b, int ng) {
    if (a->games != b->games || a->bys != b->bys || a->rank != b->rank || a->wide || b->wide)
        return false;
    size_t sz = sizeof(int64_t) * (size_t)ng;
    return !memcmp(a->eq, b->eq, sz) && !memcmp(a->alt, b->alt, sz) &&
           !memcmp(a->cnt, b->cnt, sizeof(int32_t) * 6 * (size_t)a->V * (size_t)ng);
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
    ectx c = {rk, who, np, bye_ok, {0}, NULL, false};
    c.W.np = np;
    c.W.grp = malloc(sizeof(int) * (size_t)(np + 1));
    c.target = malloc(sizeof(int) * (size_t)(np + 1));
    int *ba = malloc(sizeof(int) * (size_t)(np / 2 + 1)),
        *bb = malloc(sizeof(int) * (size_t)(np / 2 + 1));
    int64_t *fs = calloc(4 * (size_t)(np + 1), sizeof(int64_t));
    if (!c.W.grp || !c.target || !ba || !bb || !fs) {
        free(c.W.grp);
        free(c.target);
        free(ba);
        free(bb);
        free(fs);
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    }
    c.W.ng = score_groups(rk, who, np, c.W.grp);
    for (int r = 0; r < np; r++)
        if (rk->st->p[rk->idx[who[r]]].nopp > c.W.maxg)
            c.W.maxg = rk->st->p[rk->idx[who[r]]].nopp;
    c.W.top = rk->top2 >= 0 && !rk->waive;
    c.W.R = 2 * (uint64_t)((np + 1) / 2) + 1;
    if (!group_radix(&c.W) || !group_scores(rk, who, &c.W)) {
        free(c.W.grp);
        free(c.W.Rg);
        free(c.W.gs);
        free(c.target);
        free(ba);
        free(bb);
        free(fs);
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    }
    c.W.lo = np ? rk->st->p[rk->idx[who[np - 1]]].score2 : 0;
    ideal_targets(rk, who, np, c.target);
    bool ideal_ok = true;
    size_t m = (size_t)(np + 1);
    /* entry values: score differences (half points) plus 2 for a downfloat */
    int V = np ? c.W.gs[0] - c.W.lo + 3 : 1;
    size_t ncnt = 6 * (size_t)V * (size_t)(c.W.ng + 1);
    int32_t *cnt = calloc(2 * ncnt, sizeof(int32_t));
    totals topt = {0, 0, 0, fs, fs + m, cnt, V, false},
           tideal = {0, 0, 0, fs + 2 * m, fs + 3 * m, cnt + ncnt, V, false};
    if (!cnt)
        ideal_ok = false; /* out of memory: the local search below still runs */
    for (int a = 0; a < np && ideal_ok; a++) {
        int t = c.target[a];
        if (mate[a] == -1)
            ideal_ok = false; /* someone unpaired: the standard pairing is out of reach */
        else if (mate[a] > a)
            add_comp(&c.W, &topt, edge_comp(&c, a, mate[a]));
        else if (mate[a] == -2)
            add_comp(&c.W, &topt, bye_comp(&c, a));
        if (t == np) {
            ideal_ok = ideal_ok && bye_ok[a];
            if (bye_ok[a])
                add_comp(&c.W, &tideal, bye_comp(&c, a));
        } else if (t > a) {
            if (sw_swiss_legal(rk, who[a], who[t]))
                add_comp(&c.W, &tideal, edge_comp(&c, a, t));
            else
                ideal_ok = false;
        }
    }
    if (ideal_ok && same_totals(&topt, &tideal, c.W.ng))
        for (int a = 0; a < np; a++)
            mate[a] = c.target[a] == np ? -2 : c.target[a];
    free(cnt);
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
                    if (!same_weight(&c.W, pair_comp(&c, a, u), pair_comp(&c, b, v),
                                     pair_comp(&c, a, b), pair_comp(&c, p, q)))
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
    free(c.W.Rg);
    free(c.W.gs);
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

static void explain_unpaired(const sw_swiss_ranked *rk, const bool *bye_ok, int r, sw_strbuf *why) {
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
        sw_strbuf_printf(why,
                         "no legal opponent: met %d of the %d others (rule 1), colour "
                         "clash with %d (rule 2)",
                         met, others, colour);
    else
        sw_strbuf_printf(why,
                         "every legal opponent is needed elsewhere: met %d of %d (rule 1), "
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
    bool wv = sw_swiss_pair_waived(rk, i, j);
    bool w_forced = !sw_swiss_colour_ok(wp, 'b', wv);
    bool b_forced = !sw_swiss_colour_ok(bp, 'w', wv);
    if (w_forced || b_forced)
        why = "forced by the absolute colour rules";
    else if (wp->coldiff < 0 || bp->coldiff > 0)
        why = "colour equalisation";
    else if (wp->last == 'b' || bp->last == 'w')
        why = "colour alternation";
    else if (wp->last == 0 && bp->last == 0)
        why = "no colour history: initial colour by pairing number";
    else
        why = "tie: higher ranked gets white";
    sw_strbuf_printf(ex, "; %d white (%s)\n", white, why);
}

/* The pairing numbers the last colour rule reads (the initial colour to
 * the higher ranked when his number is odd), by player index: players
 * numbered in order of their own numbers, leaving out those absent from
 * this round who never took part in a pairing (a game, forfeited or not,
 * or a pairing-allocated bye), as bbpPairings does. In round 1 that is the
 * rank among the players present; later a late entrant with half-point
 * byes only does not shift the others (data/dutch gen011-25p7r round 2:
 * 7, without a game, gets black against 25). NULL when out of memory. */
static int *effective_numbers(const sw_swiss_trf *trf) {
    int *effn = malloc(sizeof(int) * (size_t)(trf->nplayers + 1));
    if (!effn)
        return NULL;
    int next = 1;
    for (int id = 0; id <= trf->max_id; id++) {
        int i = trf->index_of_id[id];
        if (i < 0)
            continue;
        const sw_swiss_player *p = &trf->players[i];
        effn[i] = !p->absent || sw_swiss_took_part(p, trf->nrounds) ? next++ : 0;
    }
    return effn;
}

/* The published board order (C.04.2): the higher player's score, then the
 * lower player's (so the sum), then the higher player's pairing number;
 * scores without acceleration, "higher" by score, then pairing number. */
typedef struct bsort {
    int hi2, lo2; /* the two players' scores (half points), higher first */
    int hi_id;    /* the higher player's pairing number */
    int ri, rj;
} bsort;

static int cmp_board(const void *x, const void *y) {
    const bsort *a = x, *b = y;
    if (a->hi2 != b->hi2)
        return b->hi2 - a->hi2;
    if (a->lo2 != b->lo2)
        return b->lo2 - a->lo2;
    return a->hi_id - b->hi_id;
}

static bsort board_key(const sw_swiss_ranked *rk, int r, int m) {
    const sw_swiss_trf *trf = rk->trf;
    const sw_swiss_player *pr = &trf->players[rk->idx[r]], *pm = &trf->players[rk->idx[m]];
    int sr = rk->st->p[rk->idx[r]].score2 - sw_swiss_accel2(pr, trf->nrounds);
    int sm = rk->st->p[rk->idx[m]].score2 - sw_swiss_accel2(pm, trf->nrounds);
    bool r_hi = sr > sm || (sr == sm && pr->id < pm->id);
    return (bsort){r_hi ? sr : sm, r_hi ? sm : sr, r_hi ? pr->id : pm->id, r, m};
}

static sw_status build_pairing(const sw_swiss_ranked *rk, const bool *bye_ok, const int *mate,
                               const sw_swiss_options *opt, sw_swiss_pairing *out, sw_error *err) {
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
            bs[nb++] = board_key(rk, r, mate[r]);
    }
    qsort(bs, (size_t)nb, sizeof *bs, cmp_board);
    int *effn = effective_numbers(trf);
    if (!effn) {
        free(bs);
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    }
    char initial = trf->initial_colour ? trf->initial_colour : 'w';
    for (int k = 0; k < nb; k++) {
        int i = bs[k].ri, j = bs[k].rj;
        const sw_swiss_pstate *a = &rk->st->p[rk->idx[i]], *b = &rk->st->p[rk->idx[j]];
        int ida = trf->players[rk->idx[i]].id, idb = trf->players[rk->idx[j]].id;
        char ca = sw_swiss_choose_colour(a, b, effn[rk->idx[i]], idb, k + 1, initial,
                                         sw_swiss_pair_waived(rk, i, j));
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
    free(effn);
    return SW_OK;
}

/* The fast mode's round 1 (nobody has a game or a score yet): the top half
 * against the bottom half, 1 v h+1, 2 v h+2, ..., the bye to the last, as
 * the Dutch system pairs a first round; the greedy passes would pair 1 v 2.
 * Returns false (mate untouched) when the state is not a first round. */
static bool first_round_split(const sw_swiss_ranked *rk, const bool *bye_ok, int *mate) {
    int np = rk->np, h = np / 2;
    if (np < 2 || (np % 2 && !bye_ok[np - 1]))
        return false;
    for (int r = 0; r < np; r++) {
        const sw_swiss_pstate *a = &rk->st->p[rk->idx[r]];
        if (a->nopp || a->score2 != rk->st->p[rk->idx[0]].score2)
            return false;
    }
    for (int r = 0; r < h; r++) {
        mate[r] = r + h;
        mate[r + h] = r;
    }
    if (np % 2)
        mate[np - 1] = -2;
    return true;
}

/* C.04.3 C9 (2025 rules: the fewest unplayed games of the bye's recipient)
 * counts in a bracket whose pairing leaves one downfloater, the bye's
 * recipient: a bracket from the recipient's score down where the optimum
 * mate (ranks, -2 the bye) floats no other player below it. c9 (np, by
 * rank) gets the brackets, prev (np) keeps the previous ones. Returns
 * whether they changed (from the last bracket only when rk->c9 is NULL). */
static bool c9_brackets(const sw_swiss_ranked *rk, const int *mate, bool *c9, bool *prev) {
    int np = rk->np, bye = -1;
    if (rk->c9)
        memcpy(prev, rk->c9, sizeof(bool) * (size_t)np);
    for (int r = 0; r < np; r++)
        bye = mate[r] == -2 ? r : bye;
    bool changed = false;
    for (int r = np - 1; r >= 0;) {
        /* the group ending at r: [gs, r] */
        int s = rk->st->p[rk->idx[r]].score2, gs = r;
        while (gs > 0 && rk->st->p[rk->idx[gs - 1]].score2 == s)
            gs--;
        int down = 0;
        for (int a = 0; a <= r; a++)
            down += mate[a] == -2 || mate[a] > r;
        bool on = bye >= 0 && bye <= r && down == 1;
        for (int a = gs; a <= r; a++) {
            c9[a] = on;
            bool was = rk->c9 ? prev[a] : r == np - 1;
            changed = changed || on != was;
        }
        r = gs - 1;
    }
    return changed;
}

sw_status sw_swiss_pair(const sw_swiss_trf *trf, const sw_swiss_options *opt, sw_swiss_pairing *out,
                        sw_error *err) {
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
    sw_swiss_ranked rk = {np,
                          idx,
                          &st,
                          trf,
                          opt && opt->waive_colour_last_round && trf->total_rounds &&
                              round >= trf->total_rounds,
                          opt ? opt->sparse_window : 0,
                          &out->stats,
                          sw_swiss_top2(trf, round),
                          NULL,
                          NULL};
    int lists = -1;
    if (!(opt && opt->fast))
        rk.lists = &lists;
    for (int r = 0; r < np; r++) {
        bye_ok[r] = !st.p[idx[r]].had_bye && !st.p[idx[r]].had_fwin;
        who[r] = r;
    }
    if (opt && opt->fast && first_round_split(&rk, bye_ok, mate))
        rc = SW_OK;
    else if (opt && opt->fast)
        rc = sw_swiss_fast_match(&rk, bye_ok, mate, err);
    else
        rc = sw_swiss_exact_match(&rk, who, np, bye_ok, mate, err);
    /* C9 in every bracket whose only downfloater is the bye, read from the
     * optimum and solved again until it stays. */
    bool *c9 = NULL;
    if (!rc && !(opt && opt->fast) && np % 2 == 1) {
        c9 = malloc(sizeof(bool) * (size_t)(2 * np + 1));
        if (!c9)
            rc = sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
        for (int again = 0; !rc && again < 4; again++) {
            if (!c9_brackets(&rk, mate, c9, c9 + np))
                break;
            rk.c9 = c9;
            rc = sw_swiss_exact_match(&rk, who, np, bye_ok, mate, err);
        }
    }
    if (!rc && !(opt && opt->fast)) {
        bool done = false;
        rc = bracket_order(&rk, who, bye_ok, mate, &done, err);
        if (!rc && !done)
            rc = standard_order(&rk, who, bye_ok, mate, err);
    }
    if (!rc)
        rc = build_pairing(&rk, bye_ok, mate, opt, out, err);
    if (!rc) {
        sw_swiss_measure(trf, round, out->boards, out->nboards, rk.waive, &out->quality);
        if (out->why.failed || out->explain.failed)
            rc = sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    }
    free(c9);
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

void sw_swiss_measure(const sw_swiss_trf *trf, int round, const sw_swiss_board *boards, int nboards,
                      bool waive, sw_swiss_quality *q) {
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
    sw_swiss_ranked rk = {np, idx, &st, trf, waive, 0, NULL, sw_swiss_top2(trf, round), NULL, NULL};
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
        bool wv = waive || (rk.top2 >= 0 && (a->score2 > rk.top2 || c->score2 > rk.top2));
        if (trf->players[ib].absent || sw_swiss_met(a, b) || !sw_swiss_colour_ok(a, 'w', wv) ||
            !sw_swiss_colour_ok(c, 'b', wv))
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
