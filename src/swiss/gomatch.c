/* src/swiss/gomatch.c: the maximum-weight perfect matching of a Go round's
 * costs (a full n x n matrix). Up to SW_GO_ONE_BLOCK players, the size
 * OpenGotha pairs as one block, Gabow's algorithm (gabow.c) runs on every
 * pair: its search order picks OpenGotha's matching on most rounds where
 * several are optimal. Larger rounds (which OpenGotha cuts into blocks)
 * run a priced solve: a sparse graph (each player's heaviest pairs and its
 * neighbours in pairing order) is matched, the duals of that matching
 * price every pair left out, the few most undervalued pairs of each player
 * join the graph, and the loop ends when no pair has a negative reduced
 * cost: the matching is then optimal for all pairs (LP duality), found on
 * a small part of the n^2/2 edges.
 * SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "swiss/blossom.h"
#include "swiss/go_internal.h"

enum {
    GO_START_K = 12, /* heaviest pairs of each player in the first graph */
    GO_PRICE_K = 6   /* most undervalued pairs of a player added a round */
};

typedef struct go_graph {
    int n;
    const int64_t *w;
    unsigned char *in; /* n x n: the pair is in the graph */
    int *ends;         /* 2 per edge */
    uint64_t *wl;      /* 2 limbs per edge */
    size_t m, cap;
} go_graph;

static void to_limbs(int64_t v, uint64_t *l) {
    l[0] = (uint64_t)v;
    l[1] = v < 0 ? UINT64_MAX : 0;
}

static bool graph_add(go_graph *g, int i, int j) {
    size_t ix = (size_t)i * (size_t)g->n + (size_t)j, xi = (size_t)j * (size_t)g->n + (size_t)i;
    if (g->in[ix])
        return true;
    if (g->m == g->cap) {
        size_t cap = g->cap ? 2 * g->cap : 4096;
        int *e = realloc(g->ends, 2 * cap * sizeof *e);
        if (e)
            g->ends = e;
        uint64_t *w = realloc(g->wl, 2 * cap * sizeof *w);
        if (w)
            g->wl = w;
        if (!e || !w)
            return false;
        g->cap = cap;
    }
    g->in[ix] = g->in[xi] = 1;
    g->ends[2 * g->m] = i;
    g->ends[2 * g->m + 1] = j;
    to_limbs(g->w[ix], g->wl + 2 * g->m);
    g->m++;
    return true;
}

/* Keep in best[0..k) the k pairs of row i with the largest key (key[j]),
 * sorted descending; returns how many. */
static int row_best(const int64_t *key, int n, int i, int k, int *best) {
    int cnt = 0;
    for (int j = 0; j < n; j++) {
        if (j == i || key[j] == INT64_MIN)
            continue;
        int at = cnt < k ? cnt++ : k;
        if (at == k && key[j] <= key[best[k - 1]])
            continue;
        if (at == k)
            at = k - 1;
        while (at > 0 && key[best[at - 1]] < key[j]) {
            best[at] = best[at - 1];
            at--;
        }
        best[at] = j;
    }
    return cnt;
}

/* Add each vertex's GO_PRICE_K heaviest pairs that the duals d do not
 * cover (negative reduced cost); *added tells whether any was. */
static bool price(go_graph *g, const sw_blossom_dual *d, int64_t *key, bool *added) {
    int n = g->n, best[GO_PRICE_K];
    size_t before = g->m;
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
            size_t ix = (size_t)i * (size_t)n + (size_t)j;
            uint64_t l[2];
            to_limbs(g->w[ix], l);
            key[j] = j != i && !g->in[ix] && sw_blossom_reduced_cost_neg(d, i, j, l) ? g->w[ix]
                                                                                     : INT64_MIN;
        }
        int c = row_best(key, n, i, GO_PRICE_K, best);
        for (int x = 0; x < c; x++)
            if (!graph_add(g, i, best[x]))
                return false;
    }
    *added = g->m > before;
    return true;
}

static sw_status sparse(const int64_t *w, int n, int *mate, const char *path, sw_error *err) {
    go_graph g = {n, w, calloc((size_t)n * (size_t)n + 1, 1), NULL, NULL, 0, 0};
    int64_t *key = malloc(((size_t)n + 1) * sizeof *key);
    int *mate0 = malloc(((size_t)n + 1) * sizeof *mate0);
    uint64_t *y = malloc(((size_t)n + 1) * 2 * sizeof *y);
    int best[GO_START_K];
    bool ok = g.in && key && mate0 && y;
    for (int i = 0; ok && i + 1 < n; i++)
        ok = graph_add(&g, i, i + 1);
    for (int i = 0; ok && i < n; i++) {
        int c = row_best(w + (size_t)i * (size_t)n, n, i, GO_START_K, best);
        for (int x = 0; ok && x < c; x++)
            ok = graph_add(&g, i, best[x]);
    }
    sw_status st = ok ? SW_OK : sw_error_set(err, SW_ERR_NOMEM, path, 0, "out of memory");
    bool warm = false;
    while (!st) {
        sw_blossom_graph gr = {n, g.m, 2, g.ends, g.wl};
        sw_blossom_dual d;
        /* later solves start from the last duals and matching */
        st = warm ? sw_blossom_match_start(&gr, SW_BLOSSOM_MAX_CARDINALITY, y, mate0, mate, &d, err)
                  : sw_blossom_match_graph(&gr, SW_BLOSSOM_MAX_CARDINALITY, mate, &d, err);
        if (st)
            break;
        bool added = false;
        if (!price(&g, &d, key, &added))
            st = sw_error_set(err, SW_ERR_NOMEM, path, 0, "out of memory");
        sw_blossom_dual_flat(&d, y);
        sw_blossom_dual_free(&d);
        memcpy(mate0, mate, (size_t)n * sizeof *mate);
        warm = true;
        if (!added)
            break;
    }
    free(g.in);
    free(g.ends);
    free(g.wl);
    free(key);
    free(mate0);
    free(y);
    return st;
}

sw_status sw_go_match(const int64_t *w, int n, int *mate, const char *path, sw_error *err) {
    return n <= SW_GO_ONE_BLOCK ? sw_go_gabow(w, n, mate, path, err)
                                : sparse(w, n, mate, path, err);
}
