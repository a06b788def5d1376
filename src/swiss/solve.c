/* src/swiss/solve.c: the priced solve and the exact matching. The priced
 * solve is the one loop of every optimum the pairing takes: a sparse
 * graph solved, its duals pricing the pairs left out, the uncovered pairs
 * added and solved again, and the full graph when that does not settle it
 * (within a memory guard). The exact matching of a set of ranked players
 * runs it with the graphs of edges.c and the pricing of price.c (the
 * exact mode pairs the whole round with it, the fast mode repairs its
 * tail); the bracket order's windows run it with their own (bracket.c).
 * SPDX-License-Identifier: MIT */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "swiss/pair_internal.h"
#include "util/limbs.h"
#include "util/parallel.h"

/* A solve counted in the round's statistics (the benchmark, the tests). */
static void note_solve(const sw_swiss_ranked *rk, const sw_swiss_edge_list *l,
                       const sw_swiss_weights *W, bool full) {
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
static sw_status sparse_solve(const sw_swiss_ranked *rk, const sw_swiss_edge_list *l,
                              const sw_swiss_weights *W, int nv, int *vm, sw_blossom_dual *d,
                              bool *perfect, uint64_t *warm, bool *warmed, sw_error *err) {
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

bool sw_swiss_full_graph_fits(int n, int L) {
    return (double)n * n / 2 * (double)(sizeof(int) * 2 + sizeof(uint64_t) * (size_t)L) <= 4e9;
}

static long count_row(const void *ctx, int a) {
    const sw_swiss_solve_plan *p = ctx;
    return p->price_row(p->ctx, a, NULL);
}

/* One pricing pass under the duals d: the rows are counted in parallel,
 * then the rows with pairs to add are priced again in order and add them,
 * so the graph is the same for any number of threads; more than limit
 * pairs: none is added (the full graph is then cheaper). *added gets
 * their number; false when out of memory. cnt: room for a count per row. */
static bool price_pass(const sw_swiss_solve_plan *p, const sw_blossom_dual *d,
                       sw_swiss_edge_list *l, long *cnt, size_t limit, size_t *added) {
    int n = p->c->count;
    *added = 0;
    bool ok = p->price_start(p->ctx, d);
    if (ok) {
        sw_parallel_rows(n, SW_SWISS_PRICE_PARALLEL_MIN, count_row, p, cnt);
        for (int a = 0; a < n; a++)
            *added += (size_t)cnt[a];
        for (int a = 0; a < n && ok && *added > 0 && *added <= limit; a++)
            if (cnt[a] > 0)
                ok = p->price_row(p->ctx, a, l) >= 0;
    }
    p->price_end(p->ctx);
    return ok;
}

/* The sparse solves: solve, price, add the uncovered pairs, again, until
 * the duals prove the matching optimal (*proven), the sparse graph has no
 * perfect matching, too many pairs are uncovered or the attempts run out.
 * A perfect matching whose duals price every other legal pair at >= 0 is
 * optimal on the full graph (LP duality). */
static sw_status sparse_rounds(const sw_swiss_solve_plan *p, sw_swiss_edge_list *l, int *vm,
                               bool *proven, sw_error *err) {
    sw_swiss_problem *c = p->c;
    int nv = p->nv;
    uint64_t *warm = malloc(sizeof(uint64_t) * (size_t)c->W.L * (size_t)(nv + 1));
    long *cnt = malloc(sizeof(long) * ((size_t)c->count + 1));
    bool warmed = false;
    sw_status rc = SW_OK;
    c->shift = true;
    if (!warm || !cnt || !p->sparse_graph(p->ctx, l))
        rc = sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory for the matching");
    /* Beyond this many uncovered pairs the full graph is cheaper. */
    size_t limit = (size_t)c->count * (size_t)c->count / 16;
    for (int attempt = 0; !rc && attempt < p->attempts && !*proven; attempt++) {
        sw_blossom_dual d;
        bool perfect;
        rc = sparse_solve(c->rk, l, &c->W, nv, vm, &d, &perfect, warm, &warmed, err);
        if (rc || !perfect)
            break;
        sw_swiss_unshare(&c->W, &d, p->rv, nv);
        size_t added;
        bool ok = price_pass(p, &d, l, cnt, limit, &added);
        sw_blossom_dual_free(&d);
        if (!ok) {
            rc = sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory for the matching");
            break;
        }
        if (c->rk->stats)
            c->rk->stats->priced += (int)added;
        if (added == 0)
            *proven = true;
        else if (added > limit)
            break; /* far off: the full graph is cheaper */
    }
    free(warm);
    free(cnt);
    return rc;
}

sw_status sw_swiss_priced_solve(const sw_swiss_solve_plan *p, int *vm, bool *solved,
                                sw_error *err) {
    sw_swiss_problem *c = p->c;
    sw_swiss_edge_list l = {.L = c->W.L};
    bool proven = false;
    sw_status rc = SW_OK;
    *solved = false;
    if (p->attempts > 0)
        rc = sparse_rounds(p, &l, vm, &proven, err);
    if (!rc && !proven && sw_swiss_full_graph_fits(p->full_n, c->W.L)) {
        l.m = 0;
        c->shift = false; /* a matching that may not be perfect: who sits out counts */
        if (!p->full_graph(p->ctx, &l))
            rc = sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory for the matching");
        sw_blossom_graph g = {p->nv, l.m, c->W.L, l.ends, l.w};
        if (!rc)
            rc = sw_blossom_match_graph(&g, SW_BLOSSOM_MAX_CARDINALITY, vm, NULL, err);
        if (!rc) {
            note_solve(c->rk, &l, &c->W, true);
            proven = true;
        }
    }
    *solved = !rc && proven;
    sw_swiss_edge_list_free(&l);
    return rc;
}

/* The exact matching's graphs and pricing (sw_swiss_solve_plan's
 * callbacks): the candidates within win ranks, every legal pair, and the
 * pricer of price.c. */
typedef struct exact_solve {
    sw_swiss_problem *c;
    int win;
    sw_swiss_pair_pricing pricing;
} exact_solve;

static bool exact_sparse(void *ctx, sw_swiss_edge_list *l) {
    exact_solve *x = ctx;
    return sw_swiss_sparse_edges(x->c, x->win, l) && sw_swiss_bye_edges(x->c, l);
}

static bool exact_full(void *ctx, sw_swiss_edge_list *l) {
    exact_solve *x = ctx;
    return sw_swiss_full_edges(x->c, l) && sw_swiss_bye_edges(x->c, l);
}

static bool exact_price_start(void *ctx, const sw_blossom_dual *d) {
    exact_solve *x = ctx;
    return sw_swiss_pair_pricing_start(&x->pricing, x->c, d);
}

static long exact_price_row(const void *ctx, int a, sw_swiss_edge_list *l) {
    const exact_solve *x = ctx;
    return sw_swiss_pair_pricing_row(&x->pricing, a, l);
}

static void exact_price_end(void *ctx) {
    exact_solve *x = ctx;
    sw_swiss_pair_pricing_end(&x->pricing);
}

sw_status sw_swiss_exact_match(const sw_swiss_ranked *rk, const int *who, int count,
                               const bool *bye_ok, int *mate, sw_error *err) {
    sw_swiss_problem c = {rk, who, count, bye_ok, {0}, NULL, false};
    sw_status rc = sw_swiss_weights_make(rk, who, count, &c.W, NULL, err);
    if (rc)
        return rc;
    if (!sw_swiss_full_graph_fits(count, c.W.L)) {
        sw_swiss_weights_free(&c.W);
        return sw_error_set(err, SW_ERR_LIMIT, rk->trf->path, 0,
                            "%d players are too many for the exact matching", count);
    }
    int nv = count + count % 2; /* the bye vertex when odd */
    c.target = malloc(sizeof(int) * (size_t)(count + 1));
    int *vm = malloc(sizeof(int) * (size_t)(nv + 1));
    if (!c.target || !vm) {
        rc = sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory for the matching");
    } else {
        sw_swiss_standard_partners(rk, who, count, c.target);
        int win = rk->sparse_window;
        if (win == 0)
            win = count < 64 ? -1 : 16;
        exact_solve x = {&c, win, {0}};
        sw_swiss_solve_plan plan = {&c,
                                    nv,
                                    NULL,
                                    win > 0 ? 4 : 0,
                                    count,
                                    &x,
                                    exact_sparse,
                                    exact_full,
                                    exact_price_start,
                                    exact_price_row,
                                    exact_price_end};
        bool solved;
        rc = sw_swiss_priced_solve(&plan, vm, &solved, err);
    }
    if (!rc)
        for (int a = 0; a < count; a++)
            mate[a] = vm[a] == count ? -2 : vm[a];
    free(vm);
    free(c.target);
    sw_swiss_weights_free(&c.W);
    return rc;
}
