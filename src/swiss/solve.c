/* src/swiss/solve.c: the exact matching of a set of ranked players: the
 * sparse solve, its pricing, the priced pairs added, solved again, and the
 * full graph when that does not settle it. The exact mode pairs the whole
 * round with it and the fast mode repairs its tail with it; the bracket
 * order (bracket.c) solves its windows with its own weights and graph.
 * SPDX-License-Identifier: MIT */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "swiss/pair_internal.h"
#include "util/limbs.h"

void sw_swiss_note_solve(const sw_swiss_ranked *rk, const sw_swiss_edge_list *l,
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

sw_status sw_swiss_sparse_solve(const sw_swiss_ranked *rk, const sw_swiss_edge_list *l,
                                const sw_swiss_weights *W, int nv, int *vm, sw_blossom_dual *d,
                                bool *perfect, uint64_t *warm, bool *warmed, sw_error *err) {
    sw_blossom_graph g = {nv, l->m, W->L, l->ends, l->w};
    sw_status rc =
        *warmed ? sw_blossom_match_start(&g, SW_BLOSSOM_MAX_CARDINALITY, warm, vm, vm, d, err)
                : sw_blossom_match_graph(&g, SW_BLOSSOM_MAX_CARDINALITY, vm, d, err);
    if (rc)
        return rc;
    sw_swiss_note_solve(rk, l, W, false);
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
    sw_swiss_problem c = {rk, who, count, bye_ok, {0}, NULL, false};
    sw_status rc = sw_swiss_weights_make(rk, who, count, &c.W, NULL, err);
    if (rc)
        return rc;
    int L = c.W.L;
    if ((double)count * count / 2 * (double)(sizeof(int) * 2 + sizeof(uint64_t) * (size_t)L) >
        4e9) {
        sw_swiss_weights_free(&c.W);
        return sw_error_set(err, SW_ERR_LIMIT, rk->trf->path, 0,
                            "%d players are too many for the exact matching", count);
    }
    int nv = count + count % 2; /* the bye vertex when odd */
    c.target = malloc(sizeof(int) * (size_t)(count + 1));
    int *vm = malloc(sizeof(int) * (size_t)(nv + 1));
    uint64_t *warm = malloc(sizeof(uint64_t) * (size_t)L * (size_t)(nv + 1));
    bool warmed = false;
    sw_swiss_edge_list l = {.L = L};
    if (!c.target || !vm || !warm) {
        rc = sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory for the matching");
        goto done;
    }
    sw_swiss_standard_partners(rk, who, count, c.target);
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
        if (!sw_swiss_sparse_edges(&c, win, &l) || !sw_swiss_bye_edges(&c, &l))
            goto nomem;
        /* Beyond this many uncovered pairs the full graph is cheaper. */
        size_t limit = (size_t)count * (size_t)count / 16;
        for (int attempt = 0; attempt < 4 && !proven; attempt++) {
            sw_blossom_dual d;
            bool perfect;
            rc = sw_swiss_sparse_solve(rk, &l, &c.W, nv, vm, &d, &perfect, warm, &warmed, err);
            if (rc)
                goto done;
            if (!perfect)
                break;
            sw_swiss_unshare(&c.W, &d, NULL, nv);
            size_t added;
            bool ok = sw_swiss_price_pairs(&c, &d, &l, limit, &added);
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
        if (!sw_swiss_full_edges(&c, &l) || !sw_swiss_bye_edges(&c, &l))
            goto nomem;
        sw_blossom_graph g = {nv, l.m, L, l.ends, l.w};
        rc = sw_blossom_match_graph(&g, SW_BLOSSOM_MAX_CARDINALITY, vm, NULL, err);
        if (rc)
            goto done;
        sw_swiss_note_solve(rk, &l, &c.W, true);
    }
    for (int a = 0; a < count; a++)
        mate[a] = vm[a] == count ? -2 : vm[a];
    goto done;
nomem:
    rc = sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory for the matching");
done:
    sw_swiss_edge_list_free(&l);
    free(vm);
    free(warm);
    free(c.target);
    sw_swiss_weights_free(&c.W);
    return rc;
}
