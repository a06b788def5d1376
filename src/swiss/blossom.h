/* src/swiss/blossom.h: maximum weight matching in a general graph (Edmonds'
 * blossom algorithm, primal-dual, O(n^3)). Generic: a graph in, a matching out;
 * it knows nothing about the Swiss system.
 *
 * Weights are exact signed integers of a width the caller chooses per call:
 * `limbs` 64-bit words (two's complement, least significant first), up to
 * SW_BLOSSOM_LIMBS_MAX. The algorithm never divides inexactly, so the result
 * is the true optimum, never an approximation. Callers keep |weight| below
 * 2^(64 limbs - 8) so the dual variables cannot overflow; a lexicographic
 * order over many components (one per score group) is one wide weight.
 * The __int128 functions are the two-limb case (|weight| < 2^120).
 * SPDX-License-Identifier: MIT */
#ifndef SW_BLOSSOM_H
#define SW_BLOSSOM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/error.h"

/* Exact edge weight of the two-limb interface. A GCC/Clang builtin; the
 * module needs no other extension. */
typedef __int128 sw_blossom_weight;

/* Bound of the two-limb interface: |weight| < 2^120 (duals stay below 2^124). */
#define SW_BLOSSOM_WEIGHT_MAX (((sw_blossom_weight)1) << 120)

/* Widest accepted weight: 64 limbs = 4096 bits. */
#define SW_BLOSSOM_LIMBS_MAX 64

typedef struct sw_blossom_edge {
    int u, v; /* distinct vertices in [0, n) */
    sw_blossom_weight w;
} sw_blossom_edge;

/* A graph with wide weights: edge k joins ends[2k] and ends[2k+1] (distinct,
 * in [0, n)) and weighs w[k*limbs .. k*limbs+limbs-1]. */
typedef struct sw_blossom_graph {
    int n;
    size_t m;
    int limbs;         /* 1..SW_BLOSSOM_LIMBS_MAX */
    const int *ends;   /* 2m */
    const uint64_t *w; /* m * limbs */
} sw_blossom_graph;

enum {
    /* Among the matchings of largest cardinality, find one of largest weight
     * (otherwise: largest weight over all matchings, which may leave vertices
     * free rather than use a negative or light edge). */
    SW_BLOSSOM_MAX_CARDINALITY = 1 << 0,
    /* Skip the greedy start: every stage grows from the empty matching.
     * Slower; used by the tests to compare the two starts. */
    SW_BLOSSOM_NO_GREEDY_START = 1 << 1
};

/* The dual solution a matching run ends with: the certificate that lets a
 * caller solve on a subset of the edges and prove the result optimal for the
 * whole graph. Vertex duals y, and the blossom forest with its duals z >= 0.
 * Scale: four times the input weights (inputs are doubled, and vertex duals
 * are kept doubled so that halving stays exact). Numbers have `limbs` limbs. */
typedef struct sw_blossom_dual {
    int n;
    int limbs;
    uint64_t *y; /* n numbers: vertex duals */
    int *up;     /* 2n: enclosing blossom of a vertex or blossom, -1 at the top */
    int *depth;  /* 2n: number of blossoms enclosing it */
    /* 2n numbers: 2 * (sum of z over this blossom and those enclosing it); 0 for vertices */
    uint64_t *zsum;
    int *top; /* n: outermost blossom holding the vertex, or the vertex itself */
    /* The lowest blossom holding two vertices in O(1): an Euler tour of the
     * forest (first[x]: x's first place in it, tlen places) and a sparse
     * table over it, rmq[k * tlen + i] the least deep node of places i ..
     * i + 2^k - 1, k < tlog. */
    int *first;
    int tlen, tlog;
    int *rmq;
} sw_blossom_dual;

/* Compute the matching of g. mate[v] receives the vertex matched with v, or
 * -1. Parallel edges are allowed (the heaviest one matters); self loops are
 * not. With dual non-NULL, also the final duals (free with
 * sw_blossom_dual_free; zeroed on failure). When the matching is perfect, it
 * is a maximum weight perfect matching of every graph on the same vertices
 * whose extra edges all have a reduced cost >= 0 (LP duality: the duals stay
 * feasible and tight on the matched edges).
 * Returns SW_ERR_INVALID for an edge out of range, a loop, a limb count out
 * of range or a weight with |w| >= 2^(64 limbs - 8), SW_ERR_LIMIT for more
 * than 2^30 edges, SW_ERR_NOMEM when memory runs out; mate is written only on
 * success. Memory is O((n + m) limbs). */
SW_NODISCARD sw_status sw_blossom_match_graph(const sw_blossom_graph *g, int flags, int *mate,
                                              sw_blossom_dual *dual, sw_error *err);

/* As sw_blossom_match_graph in max-cardinality mode (flags must hold
 * SW_BLOSSOM_MAX_CARDINALITY), started from the vertex duals y0 (n numbers
 * of g->limbs limbs, in the dual's scale; no blossoms) and the vertex
 * matching mate0 (-1 free; may be NULL) instead of the greedy start: the
 * duals are raised where an edge would be infeasible, mate0's pairs whose
 * edge is then tight are kept, the other vertices start free. Meant for a
 * graph solved before with fewer edges (its final duals, each vertex's
 * raised by the blossoms holding it): the more of the old matching stays,
 * the less is left to do. A result that is not perfect is recomputed as
 * sw_blossom_match_graph does, so the outcome is an optimum either way (not
 * always the same one where several tie). The y0 must stay within a few
 * bits of the largest weight, as real duals do (|y0| < 2^(64 limbs - 4)):
 * the dual updates assume that headroom, and far larger starts can end
 * in a matching that is not optimal. Without SW_BLOSSOM_MAX_CARDINALITY
 * y0 and mate0 are ignored. */
SW_NODISCARD sw_status sw_blossom_match_start(const sw_blossom_graph *g, int flags,
                                              const uint64_t *y0, const int *mate0, int *mate,
                                              sw_blossom_dual *dual, sw_error *err);

/* The two-limb interface: as sw_blossom_match_graph on __int128 weights
 * (|w| < SW_BLOSSOM_WEIGHT_MAX). */
SW_NODISCARD sw_status sw_blossom_match(int n, const sw_blossom_edge *edges, size_t m, int flags,
                                        int *mate, sw_error *err);
SW_NODISCARD sw_status sw_blossom_match_dual(int n, const sw_blossom_edge *edges, size_t m,
                                             int flags, int *mate, sw_blossom_dual *dual,
                                             sw_error *err);
void sw_blossom_dual_free(sw_blossom_dual *dual);

/* out = y_u + y_v + 2 * (z of the blossoms holding both) - 4 w, dual->limbs
 * limbs (w has as many): the edge's slack under the dual, in the dual's
 * scale. Negative means the edge could improve the matching, i.e. the
 * certificate does not cover it. */
void sw_blossom_reduced_cost_wide(const sw_blossom_dual *dual, int u, int v, const uint64_t *w,
                                  uint64_t *out);

/* Is that slack (sw_blossom_reduced_cost_wide) below 0? Read from the top
 * limb down only as far as the sign needs: much cheaper for wide weights. */
bool sw_blossom_reduced_cost_neg(const sw_blossom_dual *dual, int u, int v, const uint64_t *w);

/* y (dual->n numbers) = each vertex's dual plus the z of every blossom
 * holding it: vertex duals alone that are feasible on every edge the blossom
 * duals made feasible (y_u + y_v >= y_u + y_v + 2 z of the blossoms holding
 * both), a start for sw_blossom_match_start. */
void sw_blossom_dual_flat(const sw_blossom_dual *dual, uint64_t *y);

/* 2 * (z of the blossoms holding both u and v), dual->limbs limbs, or NULL
 * when no blossom holds both: the blossom part of the edge's slack. */
const uint64_t *sw_blossom_pair_z(const sw_blossom_dual *dual, int u, int v);

/* The same for a dual from the two-limb interface (dual->limbs == 2). */
sw_blossom_weight sw_blossom_reduced_cost(const sw_blossom_dual *dual, int u, int v,
                                          sw_blossom_weight w);

/* Total weight of the matching given by mate (each edge counted once; when
 * there are parallel edges, the heaviest between the two vertices). */
sw_blossom_weight sw_blossom_matching_weight(int n, const sw_blossom_edge *edges, size_t m,
                                             const int *mate);

#endif
