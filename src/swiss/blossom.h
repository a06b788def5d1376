/* src/swiss/blossom.h: maximum weight matching in a general graph (Edmonds'
 * blossom algorithm, primal-dual, O(n^3)). Generic: a graph in, a matching out;
 * it knows nothing about the Swiss system.
 *
 * Weights are exact 128-bit integers; the algorithm never divides inexactly,
 * so the result is the true optimum, never an approximation. Callers keep
 * |weight| below SW_BLOSSOM_WEIGHT_MAX so the dual variables cannot overflow.
 * SPDX-License-Identifier: MIT */
#ifndef SW_BLOSSOM_H
#define SW_BLOSSOM_H

#include <stddef.h>

#include "util/error.h"

/* Exact edge weight. A GCC/Clang builtin; the module needs no other extension. */
typedef __int128 sw_blossom_weight;

/* Largest accepted |weight| (2^120): duals stay below 2^124, far from overflow. */
#define SW_BLOSSOM_WEIGHT_MAX (((sw_blossom_weight)1) << 120)

typedef struct sw_blossom_edge {
    int u, v; /* distinct vertices in [0, n) */
    sw_blossom_weight w;
} sw_blossom_edge;

enum {
    /* Among the matchings of largest cardinality, find one of largest weight
     * (otherwise: largest weight over all matchings, which may leave vertices
     * free rather than use a negative or light edge). */
    SW_BLOSSOM_MAX_CARDINALITY = 1 << 0,
    /* Skip the greedy start: every stage grows from the empty matching.
     * Slower; used by the tests to compare the two starts. */
    SW_BLOSSOM_NO_GREEDY_START = 1 << 1
};

/* Compute the matching. mate[v] receives the vertex matched with v, or -1.
 * Parallel edges are allowed (the heaviest one matters); self loops are not.
 * Returns SW_ERR_INVALID for an edge out of range, a loop or a weight beyond
 * SW_BLOSSOM_WEIGHT_MAX, SW_ERR_NOMEM when memory runs out; mate is written
 * only on success. Memory is O(n + m). */
SW_NODISCARD sw_status sw_blossom_match(int n, const sw_blossom_edge *edges, size_t m, int flags,
                                        int *mate, sw_error *err);

/* The dual solution a matching run ends with: the certificate that lets a
 * caller solve on a subset of the edges and prove the result optimal for the
 * whole graph. Vertex duals y, and the blossom forest with its duals z >= 0.
 * Scale: four times the input weights (inputs are doubled, and vertex duals
 * are kept doubled so that halving stays exact). */
typedef struct sw_blossom_dual {
    int n;
    sw_blossom_weight *y; /* n vertex duals */
    int *up;              /* 2n: enclosing blossom of a vertex or blossom, -1 at the top */
    int *depth;           /* 2n: number of blossoms enclosing it */
    /* 2n: 2 * (sum of z over this blossom and those enclosing it); 0 for vertices */
    sw_blossom_weight *zsum;
    int *top;             /* n: outermost blossom holding the vertex, or the vertex itself */
    int levels;           /* binary lifting: jump[k * 2n + x] is x's 2^k-th enclosing blossom */
    int *jump;
} sw_blossom_dual;

/* As sw_blossom_match, and also the final duals in *dual (free with
 * sw_blossom_dual_free; zeroed on failure). When the matching is perfect, it
 * is a maximum weight perfect matching of every graph on the same vertices
 * whose extra edges all have sw_blossom_reduced_cost >= 0 (LP duality: the
 * duals stay feasible and tight on the matched edges). */
SW_NODISCARD sw_status sw_blossom_match_dual(int n, const sw_blossom_edge *edges, size_t m,
                                             int flags, int *mate, sw_blossom_dual *dual,
                                             sw_error *err);
void sw_blossom_dual_free(sw_blossom_dual *dual);

/* y_u + y_v + 2 * (z of the blossoms holding both) - 4 w: the edge's slack
 * under the dual, in the dual's scale. Negative means the edge could improve
 * the matching, i.e. the certificate does not cover it. */
sw_blossom_weight sw_blossom_reduced_cost(const sw_blossom_dual *dual, int u, int v,
                                          sw_blossom_weight w);

/* Total weight of the matching given by mate (each edge counted once; when
 * there are parallel edges, the heaviest between the two vertices). */
sw_blossom_weight sw_blossom_matching_weight(int n, const sw_blossom_edge *edges, size_t m,
                                             const int *mate);

#endif
