/* src/movement/affine.c: complete Howells of 16 and 32 pairs with balans' Qf
 * 100, built on the field GF(2^k) of n = 2^k elements (the pairs).
 *
 * Board groups: group d (d a nonzero field element) is played by the tables
 * {x, x + d}: its tables pair every pair with the one at "difference" d, so
 * every pair plays every group once and two pairs share exactly one group.
 * Rounds: a perfect matching M0 with one edge in each orbit of the edges
 * under multiplication by the field's nonzero elements (n/2 orbits of n-1
 * edges) and distinct differences; round r is M0 times w^r (w a primitive
 * element). So every edge is played once over the n-1 rounds and the tables
 * of a round play different groups (a Room square). M0 is found by a small
 * backtracking search (16 pairs: 143 nodes, 32 pairs: about 7000).
 * Directions: with Tr the field's trace and c an element with Tr(c) = 1, the
 * pair x plays group d NS when Tr(c x / d) = 0. The two pairs of a table
 * {x, x + d} differ there (Tr(c d / d) = 1), and pair x's sign on group d,
 * (-1)^Tr(c x / d), agrees with pair y's in a sum over all groups of
 * (-1)^Tr(c (x + y) / d) = -1 for every two pairs: the sign matrix with a
 * column of ones is a Hadamard matrix, all B_ij equal, Qf = 100
 * (docs/movements.md, "Directions").
 * SPDX-License-Identifier: MIT */
#include <stdint.h>
#include <stdlib.h>

#include "movement/movement_internal.h"

#define MAX_K 5
#define SEARCH_NODES 1000000

typedef struct field {
    int k, n, poly;
    int exp[64]; /* exp[i] = w^i */
    int log[64];
} field;

static int gf_mul(const field *f, int a, int b) {
    int r = 0;
    while (b) {
        if (b & 1)
            r ^= a;
        b >>= 1;
        a <<= 1;
        if (a & f->n)
            a ^= f->poly;
    }
    return r;
}

static int gf_div(const field *f, int a, int b) {
    return a ? f->exp[(f->log[a] - f->log[b] + f->n - 1) % (f->n - 1)] : 0;
}

static int gf_trace(const field *f, int a) {
    int t = 0, x = a;
    for (int i = 0; i < f->k; i++) {
        t ^= x;
        x = gf_mul(f, x, x);
    }
    return t; /* 0 or 1 */
}

/* The orbit of the edge {x, y} under multiplication: 0 for edges at 0, else
 * 1 + the smaller of the two log ratios. */
static int orbit(const field *f, int x, int y) {
    if (!x || !y)
        return 0;
    int r = (f->log[y] - f->log[x] + f->n - 1) % (f->n - 1), s = f->n - 1 - r;
    return 1 + (r < s ? r : s);
}

typedef struct search {
    const field *f;
    long nodes;
    int edge[32][2];
} search;

/* Match the lowest free element; free, orbits and differences as bit sets. */
static bool match(search *sr, uint64_t free, uint64_t orbits, uint64_t diffs, int depth) {
    if (!free)
        return true;
    if (++sr->nodes > SEARCH_NODES)
        return false;
    int x = __builtin_ctzll(free);
    for (int y = x + 1; y < sr->f->n; y++) {
        int o = orbit(sr->f, x, y), d = x ^ y;
        if (!((free >> y) & 1) || ((orbits >> o) & 1) || ((diffs >> d) & 1))
            continue;
        sr->edge[depth][0] = x;
        sr->edge[depth][1] = y;
        uint64_t nf = free & ~(UINT64_C(1) << x) & ~(UINT64_C(1) << y);
        if (match(sr, nf, orbits | UINT64_C(1) << o, diffs | UINT64_C(1) << d, depth + 1))
            return true;
    }
    return false;
}

int sw_howell_affine(int pairs, sw_table *raw) {
    static const int polys[MAX_K + 1] = {[4] = 0x13, [5] = 0x25}; /* primitive */
    int k = 0;
    while ((1 << k) < pairs)
        k++;
    if ((1 << k) != pairs || k > MAX_K || !polys[k])
        return -1;
    field f = {.k = k, .n = pairs, .poly = polys[k]};
    for (int i = 0, x = 1; i < f.n - 1; i++, x = gf_mul(&f, x, 2)) {
        f.exp[i] = x;
        f.log[x] = i;
    }
    search sr = {.f = &f};
    uint64_t all = (UINT64_C(1) << f.n) - 1;
    if (!match(&sr, all, 0, 0, 0))
        return -1;
    int c = 1;
    while (gf_trace(&f, c) != 1)
        c++;
    int T = f.n / 2;
    for (int r = 0; r < f.n - 1; r++)
        for (int t = 0; t < T; t++) {
            int a = gf_mul(&f, sr.edge[t][0], f.exp[r]), b = gf_mul(&f, sr.edge[t][1], f.exp[r]);
            int d = a ^ b;
            sw_table *tb = &raw[(size_t)r * (size_t)T + (size_t)t];
            bool swap = gf_trace(&f, gf_mul(&f, c, gf_div(&f, a, d))) == 1;
            tb->seat[0] = (swap ? b : a) + 1;
            tb->seat[1] = (swap ? a : b) + 1;
            tb->group = f.log[d];
        }
    return 0;
}
