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

/* Total weight of the matching given by mate (each edge counted once; when
 * there are parallel edges, the heaviest between the two vertices). */
sw_blossom_weight sw_blossom_matching_weight(int n, const sw_blossom_edge *edges, size_t m,
                                             const int *mate);

#endif
