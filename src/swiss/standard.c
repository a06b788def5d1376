/* src/swiss/standard.c: the standard order, the fallback of the bracket
 * order: among the pairings of equal weight, the one nearest to the
 * standard pairing (top half against bottom half in each score group). It
 * takes the standard pairing outright when it weighs as much as the
 * optimum, else exchanges opponents between two boards while that keeps
 * every component of the weight (compared from edge parts, never built)
 * and brings the pairing nearer.
 * SPDX-License-Identifier: MIT */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "swiss/pair_internal.h"

static sw_swiss_edge_parts pair_parts_either(const sw_swiss_problem *c, int a, int b) {
    return a < b ? sw_swiss_pair_parts(c, a, b) : sw_swiss_pair_parts(c, b, a);
}

/* Group g's parts of x: its d^2 (F_g), colour digits and float digits. */
/* Group g's N_g and F_g parts of x as one number (compared, never weighed). */
static int64_t psd_of(const sw_swiss_weights *W, sw_swiss_edge_parts x, int g) {
    bool down;
    int64_t v = sw_swiss_psd_part(W, x.grp, x.nlo, g, &down);
    /* exact lists: the sums of v and v^2 tell two entries from two */
    return v * v + (W->exact ? v << 24 : 0) + (down ? (int64_t)1 << 44 : 0);
}

/* Group g's C16-C19 parts of x as one number (compared, never weighed). */
static int64_t fsd_of(const sw_swiss_weights *W, sw_swiss_edge_parts x, int g) {
    int64_t v = 0;
    for (int q = 0; q < 4; q++)
        v += (sw_swiss_fsd_part(W, x, g, q) * sw_swiss_fsd_part(W, x, g, q)) << (15 * q);
    return v;
}

static void group_parts(const sw_swiss_weights *W, sw_swiss_edge_parts x, int g, int64_t *f,
                        int64_t *eq, int64_t *alt, int64_t *fsd) {
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
static bool same_weight(const sw_swiss_weights *W, sw_swiss_edge_parts x1, sw_swiss_edge_parts x2,
                        sw_swiss_edge_parts y1, sw_swiss_edge_parts y2) {
    if (x1.rank + x2.rank != y1.rank + y2.rank)
        return false;
    const sw_swiss_edge_parts all[4] = {x1, x2, y1, y2};
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

static void add_parts(const sw_swiss_weights *W, totals *t, sw_swiss_edge_parts x) {
    t->games++;
    t->bys += x.bys * ((int64_t)1 << 20) + x.byg; /* compared only */
    t->rank += x.rank;
    size_t V = (size_t)t->V;
    for (int g = x.grp; g <= x.nlo && g < W->ng; g++) {
        bool down;
        int v = sw_swiss_psd_part(W, x.grp, x.nlo, g, &down);
        if (v || down)
            count_entry(t, (size_t)g * 6 * V + (down ? V : 0), v);
        for (int q = 0; q < 4; q++) {
            int e = (int)sw_swiss_fsd_part(W, x, g, q);
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

/* The standard pairing (c->target) in place of mate when it is legal and
 * every component of its weight equals the optimum's: the first round, and
 * any round where history does not get in the way. False when out of
 * memory. */
static bool take_standard(const sw_swiss_problem *c, int *mate) {
    const sw_swiss_weights *W = &c->W;
    int np = c->count;
    size_t m = (size_t)(np + 1), ncnt = 6 * (size_t)W->V * (size_t)(W->ng + 1);
    int64_t *fs = calloc(4 * m, sizeof(int64_t));
    int32_t *cnt = calloc(2 * ncnt, sizeof(int32_t));
    if (!fs || !cnt) {
        free(fs);
        free(cnt);
        return !!fs; /* without cnt, the exchanges still run */
    }
    totals topt = {0, 0, 0, fs, fs + m, cnt, W->V, false},
           tideal = {0, 0, 0, fs + 2 * m, fs + 3 * m, cnt + ncnt, W->V, false};
    bool ideal_ok = true;
    for (int a = 0; a < np && ideal_ok; a++) {
        int t = c->target[a];
        if (mate[a] == -1)
            ideal_ok = false; /* someone unpaired: the standard pairing is out of reach */
        else if (mate[a] > a)
            add_parts(W, &topt, sw_swiss_pair_parts(c, a, mate[a]));
        else if (mate[a] == -2)
            add_parts(W, &topt, sw_swiss_bye_parts(c, a));
        if (t == np) {
            ideal_ok = ideal_ok && c->bye_ok[a];
            if (c->bye_ok[a])
                add_parts(W, &tideal, sw_swiss_bye_parts(c, a));
        } else if (t > a) {
            if (sw_swiss_legal(c->rk, c->who[a], c->who[t]))
                add_parts(W, &tideal, sw_swiss_pair_parts(c, a, t));
            else
                ideal_ok = false;
        }
    }
    if (ideal_ok && same_totals(&topt, &tideal, W->ng))
        for (int a = 0; a < np; a++)
            mate[a] = c->target[a] == np ? -2 : c->target[a];
    free(fs);
    free(cnt);
    return true;
}

/* Exchange opponents between two boards while that keeps the weight and
 * brings both boards nearer to the standard pairing; ba, bb room for the
 * boards. */
static void exchange_boards(const sw_swiss_problem *c, int *mate, int *ba, int *bb) {
    const int *target = c->target, *who = c->who;
    int np = c->count, nb = 0;
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
                int cur = sw_swiss_standard_distance(target, a, b) +
                          sw_swiss_standard_distance(target, p, q);
                int opt[2][2] = {{p, q}, {q, p}}; /* a meets opt[k][0], b meets opt[k][1] */
                for (int k = 0; k < 2; k++) {
                    int u = opt[k][0], v = opt[k][1];
                    if (sw_swiss_standard_distance(target, a, u) +
                                sw_swiss_standard_distance(target, b, v) >=
                            cur ||
                        !sw_swiss_legal(c->rk, who[a], who[u]) ||
                        !sw_swiss_legal(c->rk, who[b], who[v]))
                        continue;
                    if (!same_weight(&c->W, pair_parts_either(c, a, u), pair_parts_either(c, b, v),
                                     pair_parts_either(c, a, b), pair_parts_either(c, p, q)))
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
}

sw_status sw_swiss_standard_order(const sw_swiss_ranked *rk, const int *who, const bool *bye_ok,
                                  int *mate, sw_error *err) {
    int np = rk->np;
    sw_swiss_problem c = {rk, who, np, bye_ok, {0}, NULL, false};
    c.target = malloc(sizeof(int) * (size_t)(np + 1));
    int *ba = malloc(sizeof(int) * (size_t)(np / 2 + 1)),
        *bb = malloc(sizeof(int) * (size_t)(np / 2 + 1));
    sw_status rc = SW_OK;
    if (!c.target || !ba || !bb || !sw_swiss_weights_groups(rk, who, np, &c.W)) {
        rc = sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    } else {
        sw_swiss_standard_partners(rk, who, np, c.target);
        if (!take_standard(&c, mate))
            rc = sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
        else
            exchange_boards(&c, mate, ba, bb);
    }
    sw_swiss_weights_free(&c.W);
    free(c.target);
    free(ba);
    free(bb);
    return rc;
}
