/* tests/test_blossom.c: the maximum weight matching against a subset dynamic
 * programme on thousands of random graphs up to 12 vertices (128-bit weights,
 * and multi-limb weights of 3 to 17 limbs), its dual certificate (feasible,
 * tight, and proving subgraph solutions optimal), the start from a part's
 * duals, and networkx on larger
 * graphs when python3-networkx is installed.
 * SPDX-License-Identifier: MIT */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "support.h"

#include "swiss/blossom.h"
#include "util/limbs.h"
#include "util/rng.h"

typedef sw_blossom_weight wt;

/* Best (cardinality, weight) over all matchings of the vertex subsets, by the
 * lowest vertex of each subset: unmatched, or matched to a later neighbour. */
typedef struct best {
    int card;
    wt w;
} best;

static int better(best a, best b, int maxcard) {
    if (maxcard && a.card != b.card)
        return a.card > b.card;
    return a.w > b.w;
}

static best brute(int n, const wt *adj, const char *has, int maxcard) {
    int full = (1 << n) - 1;
    best *f = malloc(sizeof(best) * (size_t)(full + 1));
    assert_non_null(f);
    f[0] = (best){0, 0};
    for (int mask = 1; mask <= full; mask++) {
        int i = __builtin_ctz((unsigned)mask);
        int rest = mask & ~(1 << i);
        best b = f[rest];
        for (int j = i + 1; j < n; j++)
            if ((rest >> j & 1) && has[i * n + j]) {
                best c = f[rest & ~(1 << j)];
                c.card++;
                c.w += adj[i * n + j];
                if (better(c, b, maxcard))
                    b = c;
            }
        f[mask] = b;
    }
    best r = f[full];
    free(f);
    return r;
}

/* Checks mate is a matching of the graph; returns its (cardinality, weight). */
static best check_matching(int n, const wt *adj, const char *has, const int *mate) {
    best r = {0, 0};
    for (int v = 0; v < n; v++) {
        if (mate[v] < 0)
            continue;
        assert_in_range(mate[v], 0, n - 1);
        assert_int_equal(mate[mate[v]], v);
        assert_true(has[v * n + mate[v]]);
        if (v < mate[v]) {
            r.card++;
            r.w += adj[v * n + mate[v]];
        }
    }
    return r;
}

static wt draw_weight(sw_rng *rng, int kind) {
    switch (kind) {
    case 0:
        return (wt)sw_rng_bounded(rng, 4); /* many ties */
    case 1:
        return (wt)sw_rng_bounded(rng, 1000) - 300; /* some negative */
    default: {                                      /* wide: near 2^100 */
        wt hi = (wt)sw_rng_next(rng) << 68;
        return hi + ((wt)sw_rng_next(rng) << 30) + sw_rng_bounded(rng, 7);
    }
    }
}

static void random_case(sw_rng *rng, int n, int kind, int density, int flags) {
    wt adj[144];
    char has[144];
    sw_blossom_edge edges[66];
    int m = 0;
    memset(has, 0, sizeof has);
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if ((int)sw_rng_bounded(rng, 100) < density) {
                wt w = draw_weight(rng, kind);
                adj[i * n + j] = adj[j * n + i] = w;
                has[i * n + j] = has[j * n + i] = 1;
                edges[m++] = (sw_blossom_edge){i, j, w};
            }
    int mate[12];
    sw_error err;
    assert_int_equal(sw_blossom_match(n, edges, (size_t)m, flags, mate, &err), SW_OK);
    int maxcard = (flags & SW_BLOSSOM_MAX_CARDINALITY) != 0;
    best got = check_matching(n, adj, has, mate);
    best want = brute(n, adj, has, maxcard);
    if (maxcard)
        assert_int_equal(got.card, want.card);
    assert_true(got.w == want.w);
    assert_true(sw_blossom_matching_weight(n, edges, (size_t)m, mate) == got.w);
}

static void test_blossom_matches_brute_force(void **state) {
    (void)state;
    sw_rng rng;
    sw_rng_seed(&rng, 2024u, 7u);
    static const int flag_sets[3] = {0, SW_BLOSSOM_MAX_CARDINALITY,
                                     SW_BLOSSOM_MAX_CARDINALITY | SW_BLOSSOM_NO_GREEDY_START};
    int cases = 0;
    for (int rep = 0; rep < 300; rep++)
        for (int n = 1; n <= 12; n++) {
            int kind = (int)sw_rng_bounded(&rng, 3);
            int density = 15 + (int)sw_rng_bounded(&rng, 86);
            random_case(&rng, n, kind, density, flag_sets[rep % 3]);
            cases++;
        }
    assert_int_equal(cases, 3600);
}

static void test_blossom_known_small_graphs(void **state) {
    (void)state;
    /* Path a-b-c-d with heavy middle: max weight takes the middle alone
     * (weight 10), max cardinality takes the two ends (weight 2). */
    sw_blossom_edge path[3] = {{0, 1, 1}, {1, 2, 10}, {2, 3, 1}};
    int mate[4];
    assert_int_equal(sw_blossom_match(4, path, 3, 0, mate, NULL), SW_OK);
    assert_int_equal(mate[1], 2);
    assert_int_equal(mate[0], -1);
    assert_true(sw_blossom_matching_weight(4, path, 3, mate) == 10);
    assert_int_equal(sw_blossom_match(4, path, 3, SW_BLOSSOM_MAX_CARDINALITY, mate, NULL), SW_OK);
    assert_int_equal(mate[0], 1);
    assert_int_equal(mate[2], 3);
    /* A triangle with a pendant forces a blossom: 0-1-2 odd cycle, 2-3 tail. */
    sw_blossom_edge tri[4] = {{0, 1, 6}, {1, 2, 5}, {0, 2, 5}, {2, 3, 4}};
    assert_int_equal(sw_blossom_match(4, tri, 4, 0, mate, NULL), SW_OK);
    assert_int_equal(mate[0], 1);
    assert_int_equal(mate[2], 3);
    /* Empty graph and isolated vertices. */
    assert_int_equal(sw_blossom_match(3, NULL, 0, SW_BLOSSOM_MAX_CARDINALITY, mate, NULL), SW_OK);
    for (int v = 0; v < 3; v++)
        assert_int_equal(mate[v], -1);
}

static void test_blossom_rejects_bad_graphs(void **state) {
    (void)state;
    int mate[3] = {7, 7, 7};
    sw_error err;
    sw_blossom_edge loop[1] = {{1, 1, 3}};
    assert_int_equal(sw_blossom_match(3, loop, 1, 0, mate, &err), SW_ERR_INVALID);
    assert_non_null(strstr(err.msg, "distinct"));
    assert_int_equal(mate[0], 7); /* untouched on failure */
    sw_blossom_edge out[1] = {{0, 3, 3}};
    assert_int_equal(sw_blossom_match(3, out, 1, 0, mate, &err), SW_ERR_INVALID);
    sw_blossom_edge heavy[1] = {{0, 1, SW_BLOSSOM_WEIGHT_MAX + 1}};
    assert_int_equal(sw_blossom_match(3, heavy, 1, 0, mate, &err), SW_ERR_INVALID);
    assert_non_null(strstr(err.msg, "2^120"));
}

/* The greedy start and the uniform start must reach the same optimum weight. */
static void test_blossom_greedy_start_agrees_on_dense_graphs(void **state) {
    (void)state;
    sw_rng rng;
    sw_rng_seed(&rng, 99u, 3u);
    for (int rep = 0; rep < 6; rep++) {
        int n = 60 + 20 * rep + rep % 2; /* odd sizes too: never perfect */
        size_t m = 0, cap = (size_t)n * (size_t)(n - 1) / 2;
        sw_blossom_edge *e = malloc(sizeof *e * cap);
        int *a = malloc(sizeof(int) * (size_t)n), *b = malloc(sizeof(int) * (size_t)n);
        assert_true(e && a && b);
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++)
                if (sw_rng_bounded(&rng, 10) < 7)
                    e[m++] = (sw_blossom_edge){i, j, (wt)sw_rng_bounded(&rng, 50) << 80};
        assert_int_equal(sw_blossom_match(n, e, m, SW_BLOSSOM_MAX_CARDINALITY, a, NULL), SW_OK);
        assert_int_equal(sw_blossom_match(n, e, m,
                                          SW_BLOSSOM_MAX_CARDINALITY | SW_BLOSSOM_NO_GREEDY_START,
                                          b, NULL),
                         SW_OK);
        int ca = 0, cb = 0;
        for (int v = 0; v < n; v++) {
            ca += a[v] >= 0;
            cb += b[v] >= 0;
        }
        assert_int_equal(ca, cb);
        assert_true(sw_blossom_matching_weight(n, e, m, a) ==
                    sw_blossom_matching_weight(n, e, m, b));
        free(e);
        free(a);
        free(b);
    }
}

/* The dual certificate: on the solved graph every edge has reduced cost >= 0
 * and matched edges 0; and a perfect matching of a random edge subset whose
 * left-out edges all price out non-negative has the full graph's optimum
 * (brute force). Subsets that fail the pricing must be the ones that could
 * be improved, so both outcomes are counted and must occur. */
static void test_blossom_dual_certifies_subsets(void **state) {
    (void)state;
    sw_rng rng;
    sw_rng_seed(&rng, 7u, 11u);
    int certified = 0, refused = 0;
    for (int rep = 0; rep < 1500; rep++) {
        int n = 2 * (1 + (int)sw_rng_bounded(&rng, 6)); /* even: 2..12 */
        int kind = rep % 3;
        wt adj[144];
        char has[144], hsub[144];
        sw_blossom_edge all[66], sub[66];
        int m = 0, ms = 0;
        memset(has, 0, sizeof has);
        memset(hsub, 0, sizeof hsub);
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++)
                if (sw_rng_bounded(&rng, 100) < 80) {
                    wt w = draw_weight(&rng, kind);
                    adj[i * n + j] = adj[j * n + i] = w;
                    has[i * n + j] = has[j * n + i] = 1;
                    all[m++] = (sw_blossom_edge){i, j, w};
                    if (sw_rng_bounded(&rng, 100) < 60) {
                        sub[ms++] = all[m - 1];
                        hsub[i * n + j] = hsub[j * n + i] = 1;
                    }
                }
        int mate[12];
        sw_blossom_dual d;
        sw_error err;
        /* Full graph: the duals are feasible everywhere and tight on the matching. */
        assert_int_equal(
            sw_blossom_match_dual(n, all, (size_t)m, SW_BLOSSOM_MAX_CARDINALITY, mate, &d, &err),
            SW_OK);
        best full = check_matching(n, adj, has, mate);
        if (full.card * 2 == n)
            for (int k = 0; k < m; k++) {
                wt rc = sw_blossom_reduced_cost(&d, all[k].u, all[k].v, all[k].w);
                assert_true(rc >= 0);
                if (mate[all[k].u] == all[k].v)
                    assert_true(rc == 0);
            }
        sw_blossom_dual_free(&d);
        /* Subset: a perfect matching there plus a clean pricing is the optimum. */
        assert_int_equal(
            sw_blossom_match_dual(n, sub, (size_t)ms, SW_BLOSSOM_MAX_CARDINALITY, mate, &d, &err),
            SW_OK);
        best part = check_matching(n, adj, hsub, mate);
        if (part.card * 2 == n) {
            bool clean = true;
            for (int k = 0; k < m; k++)
                if (sw_blossom_reduced_cost(&d, all[k].u, all[k].v, all[k].w) < 0)
                    clean = false;
            best want = brute(n, adj, has, 1);
            if (clean) {
                assert_true(part.w == want.w);
                certified++;
            } else {
                refused++;
            }
        }
        sw_blossom_dual_free(&d);
    }
    assert_true(certified > 100);
    assert_true(refused > 100);
}

/* networkx's max_weight_matching as an independent oracle on 20..150 vertices. */
static void test_blossom_matches_networkx(void **state) {
    (void)state;
    if (shell_status("python3 -c 'import networkx' >/dev/null 2>&1") != 0) {
        skip();
        return;
    }
    char *dir = tmpdir_make("blossom_nx"), gpath[256], opath[256];
    snprintf(gpath, sizeof gpath, "%s/g.txt", dir);
    snprintf(opath, sizeof opath, "%s/w.txt", dir);
    sw_rng rng;
    sw_rng_seed(&rng, 5u, 8u);
    for (int rep = 0; rep < 8; rep++) {
        int n = 20 + (int)sw_rng_bounded(&rng, 131);
        int maxcard = rep & 1;
        size_t cap = (size_t)n * (size_t)(n - 1) / 2, m = 0;
        sw_blossom_edge *e = malloc(sizeof *e * cap);
        int *mate = malloc(sizeof(int) * (size_t)n);
        assert_true(e && mate);
        FILE *f = fopen(gpath, "w");
        assert_non_null(f);
        int density = 5 + (int)sw_rng_bounded(&rng, 60);
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++)
                if ((int)sw_rng_bounded(&rng, 100) < density) {
                    long long w = (long long)sw_rng_bounded(&rng, 1000000);
                    e[m++] = (sw_blossom_edge){i, j, (wt)w};
                    fprintf(f, "%d %d %lld\n", i, j, w);
                }
        fclose(f);
        shell("python3 -c \"import networkx as nx,sys\n"
              "g=nx.Graph()\n"
              "for l in open('%s'):\n"
              "  a,b,w=map(int,l.split()); g.add_edge(a,b,weight=w)\n"
              "m=nx.max_weight_matching(g,maxcardinality=%s)\n"
              "print(len(m), sum(g[a][b]['weight'] for a,b in m))\" > %s",
              gpath, maxcard ? "True" : "False", opath);
        f = fopen(opath, "r");
        assert_non_null(f);
        long long want_card, want_w;
        assert_int_equal(fscanf(f, "%lld %lld", &want_card, &want_w), 2);
        fclose(f);
        assert_int_equal(
            sw_blossom_match(n, e, m, maxcard ? SW_BLOSSOM_MAX_CARDINALITY : 0, mate, NULL), SW_OK);
        long long card = 0;
        for (int v = 0; v < n; v++)
            card += mate[v] > v;
        if (maxcard)
            assert_int_equal(card, want_card);
        assert_true(sw_blossom_matching_weight(n, e, m, mate) == (wt)want_w);
        free(e);
        free(mate);
    }
    tmpdir_remove(dir);
}

/* ---- multi-limb weights ---- */

#define WL_MAX 17 /* widest tested: beyond the constant-width cores (2..8) */

typedef struct wbest {
    int card;
    uint64_t w[WL_MAX];
} wbest;

static bool wbetter(const wbest *a, const wbest *b, int L, int maxcard) {
    if (maxcard && a->card != b->card)
        return a->card > b->card;
    return sw_limbs_cmp(a->w, b->w, L) > 0;
}

/* The subset programme of brute(), on L-limb weights (adj: n*n numbers). */
static wbest brute_wide(int n, int L, const uint64_t *adj, const char *has, int maxcard) {
    int full = (1 << n) - 1;
    wbest *f = calloc((size_t)full + 1, sizeof *f);
    assert_non_null(f);
    for (int mask = 1; mask <= full; mask++) {
        int i = __builtin_ctz((unsigned)mask);
        int rest = mask & ~(1 << i);
        wbest b = f[rest];
        for (int j = i + 1; j < n; j++)
            if ((rest >> j & 1) && has[i * n + j]) {
                wbest c = f[rest & ~(1 << j)];
                c.card++;
                sw_limbs_add(c.w, c.w, adj + (size_t)(i * n + j) * (size_t)L, L);
                if (wbetter(&c, &b, L, maxcard))
                    b = c;
            }
        f[mask] = b;
    }
    wbest r = f[full];
    free(f);
    return r;
}

/* Weights whose order is decided anywhere from the top limb to the bottom
 * one (like a lexicographic weight with many components): each limb is a
 * small digit, a random word or zero; kind 2 adds negative weights. The top
 * limb stays within the matching's bound |w| < 2^(64 L - 8). */
static void draw_wide(sw_rng *rng, int L, int kind, uint64_t *w) {
    for (int i = 0; i < L; i++) {
        uint64_t x;
        switch (kind) {
        case 0:
            x = sw_rng_bounded(rng, 3);
            break; /* ties in every limb */
        case 1:
            x = sw_rng_bounded(rng, 2) ? sw_rng_next(rng) : 0;
            break;
        default:
            x = (uint64_t)sw_rng_next(rng) << 32 | sw_rng_next(rng);
            break;
        }
        w[i] = x;
    }
    w[L - 1] &= (UINT64_C(1) << 52) - 1;
    if (kind == 2 && sw_rng_bounded(rng, 3) == 0) {
        uint64_t zero[WL_MAX] = {0};
        sw_limbs_sub(w, zero, w, L);
    }
}

/* A random graph of n vertices: each pair an edge with probability
 * density %, its weight drawn by draw_wide; adj/has the matrix, ends/wts
 * the edge list. Returns the edge count. */
static int draw_wide_graph(sw_rng *rng, int n, int L, int kind, int density, uint64_t *adj,
                           char *has, int *ends, uint64_t *wts) {
    int m = 0;
    memset(has, 0, (size_t)n * (size_t)n);
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if ((int)sw_rng_bounded(rng, 100) < density) {
                uint64_t *w = wts + (size_t)m * (size_t)L;
                draw_wide(rng, L, kind, w);
                memcpy(adj + (size_t)(i * n + j) * (size_t)L, w, sizeof *w * (size_t)L);
                memcpy(adj + (size_t)(j * n + i) * (size_t)L, w, sizeof *w * (size_t)L);
                has[i * n + j] = has[j * n + i] = 1;
                ends[2 * m] = i;
                ends[2 * m + 1] = j;
                m++;
            }
    return m;
}

/* mate is a matching of the graph with brute_wide's optimum (and its
 * cardinality when maxcard); a perfect max-cardinality result's duals
 * are feasible on every edge and tight on the matching. Returns whether
 * that certificate was checked. */
static bool check_wide_result(int n, int L, const uint64_t *adj, const char *has, const int *mate,
                              bool maxcard, const sw_blossom_dual *d, const int *ends,
                              const uint64_t *wts, int m) {
    wbest got = {0, {0}};
    for (int v = 0; v < n; v++) {
        if (mate[v] < 0)
            continue;
        assert_in_range(mate[v], 0, n - 1);
        assert_int_equal(mate[mate[v]], v);
        assert_true(has[v * n + mate[v]]);
        if (v < mate[v]) {
            got.card++;
            sw_limbs_add(got.w, got.w, adj + (size_t)(v * n + mate[v]) * (size_t)L, L);
        }
    }
    wbest want = brute_wide(n, L, adj, has, maxcard);
    if (maxcard)
        assert_int_equal(got.card, want.card);
    assert_int_equal(sw_limbs_cmp(got.w, want.w, L), 0);
    assert_int_equal(d->limbs, L);
    if (!maxcard || got.card * 2 != n)
        return false;
    uint64_t rc[WL_MAX];
    for (int k = 0; k < m; k++) {
        sw_blossom_reduced_cost_wide(d, ends[2 * k], ends[2 * k + 1], wts + (size_t)k * (size_t)L,
                                     rc);
        assert_false(sw_limbs_is_neg(rc, L));
        if (mate[ends[2 * k]] == ends[2 * k + 1])
            assert_true(sw_limbs_is_zero(rc, L));
    }
    return true;
}

static void random_wide_case(sw_rng *rng, int n, int L, int kind, int density, int flags,
                             int *dual_checked) {
    uint64_t adj[144 * WL_MAX], wts[66 * WL_MAX];
    char has[144];
    int ends[132];
    int m = draw_wide_graph(rng, n, L, kind, density, adj, has, ends, wts);
    int mate[12];
    sw_error err;
    sw_blossom_dual d;
    sw_blossom_graph g = {n, (size_t)m, L, ends, wts};
    assert_int_equal(sw_blossom_match_graph(&g, flags, mate, &d, &err), SW_OK);
    bool maxcard = (flags & SW_BLOSSOM_MAX_CARDINALITY) != 0;
    *dual_checked += check_wide_result(n, L, adj, has, mate, maxcard, &d, ends, wts, m);
    sw_blossom_dual_free(&d);
}

/* Weights of 3 to 17 limbs (192 to 1088 bits) against the brute force: the
 * constant-width cores 3..8 and the run-time-width one (9, 17). */
static void test_blossom_wide_matches_brute_force(void **state) {
    (void)state;
    sw_rng rng;
    sw_rng_seed(&rng, 4096u, 13u);
    static const int widths[] = {3, 4, 5, 6, 7, 8, 9, 17};
    static const int flag_sets[3] = {0, SW_BLOSSOM_MAX_CARDINALITY,
                                     SW_BLOSSOM_MAX_CARDINALITY | SW_BLOSSOM_NO_GREEDY_START};
    int cases = 0, dual_checked = 0;
    for (int rep = 0; rep < 150; rep++)
        for (int n = 1; n <= 12; n++) {
            int L = widths[(rep + n) % 8];
            int kind = (int)sw_rng_bounded(&rng, 3);
            int density = 15 + (int)sw_rng_bounded(&rng, 86);
            random_wide_case(&rng, n, L, kind, density, flag_sets[rep % 3], &dual_checked);
            cases++;
        }
    assert_int_equal(cases, 1800);
    assert_true(dual_checked > 200);
}

/* sw_blossom_match_start on a graph after a solve of a part of its edges
 * (the part's duals folded by sw_blossom_dual_flat, its matching), and from
 * random duals and no matching: the optimum of brute_wide every time, and a
 * perfect result's duals are a certificate. The part's duals also check
 * sw_blossom_reduced_cost_neg against the full reduced cost. */
static void test_blossom_warm_start_finds_the_optimum(void **state) {
    (void)state;
    sw_rng rng;
    sw_rng_seed(&rng, 31u, 5u);
    static const int widths[] = {2, 3, 9};
    int warmed = 0, cold = 0, negatives = 0;
    for (int rep = 0; rep < 900; rep++) {
        int n = 2 * (1 + (int)sw_rng_bounded(&rng, 6)), L = widths[rep % 3];
        int kind = (int)sw_rng_bounded(&rng, 3), density = 40 + (int)sw_rng_bounded(&rng, 61);
        uint64_t adj[144 * WL_MAX], wts[66 * WL_MAX], y0[12 * WL_MAX];
        char has[144];
        int ends[132], part[132];
        int m = draw_wide_graph(&rng, n, L, kind, density, adj, has, ends, wts);
        /* The part: the first edges (a prefix keeps the weights in place). */
        int ms = m * (50 + (int)sw_rng_bounded(&rng, 50)) / 100;
        memcpy(part, ends, sizeof(int) * 2 * (size_t)ms);
        int mate[12], mate0[12];
        sw_error err;
        sw_blossom_dual d;
        sw_blossom_graph gp = {n, (size_t)ms, L, part, wts};
        assert_int_equal(sw_blossom_match_graph(&gp, SW_BLOSSOM_MAX_CARDINALITY, mate0, &d, &err),
                         SW_OK);
        /* The part's duals price the other edges too, some below 0: the
         * top-down sign agrees with the full reduced cost. */
        for (int k = 0; k < m; k++) {
            uint64_t rc[WL_MAX];
            const uint64_t *w = wts + (size_t)k * (size_t)L;
            sw_blossom_reduced_cost_wide(&d, ends[2 * k], ends[2 * k + 1], w, rc);
            bool neg = sw_blossom_reduced_cost_neg(&d, ends[2 * k], ends[2 * k + 1], w);
            assert_int_equal(neg, sw_limbs_is_neg(rc, L));
            negatives += neg;
        }
        bool from_part = rep % 4 != 0;
        if (from_part) {
            sw_blossom_dual_flat(&d, y0);
            warmed++;
        } else {
            for (int i = 0; i < n * L; i++)
                y0[i] = sw_rng_next(&rng); /* small nonnegative values: raised where needed */
            cold++;
        }
        sw_blossom_dual_free(&d);
        sw_blossom_graph g = {n, (size_t)m, L, ends, wts};
        assert_int_equal(sw_blossom_match_start(&g, SW_BLOSSOM_MAX_CARDINALITY, y0,
                                                from_part ? mate0 : NULL, mate, &d, &err),
                         SW_OK);
        check_wide_result(n, L, adj, has, mate, true, &d, ends, wts, m);
        sw_blossom_dual_free(&d);
    }
    assert_true(warmed > 600 && cold > 200 && negatives > 100);
}

/* A weight beyond 2^(64 L - 8) and a limb count out of range are refused. */
static void test_blossom_wide_rejects_bad_weights(void **state) {
    (void)state;
    int ends[2] = {0, 1}, mate[2] = {7, 7};
    uint64_t w[4] = {0, 0, 0, UINT64_C(1) << 56};
    sw_error err;
    sw_blossom_graph g = {2, 1, 4, ends, w};
    assert_int_equal(sw_blossom_match_graph(&g, 0, mate, NULL, &err), SW_ERR_INVALID);
    assert_non_null(strstr(err.msg, "2^248"));
    assert_int_equal(mate[0], 7);
    w[3] = (UINT64_C(1) << 56) - 1; /* just inside */
    assert_int_equal(sw_blossom_match_graph(&g, 0, mate, NULL, &err), SW_OK);
    assert_int_equal(mate[0], 1);
    g.limbs = SW_BLOSSOM_LIMBS_MAX + 1;
    assert_int_equal(sw_blossom_match_graph(&g, 0, mate, NULL, &err), SW_ERR_INVALID);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_blossom_known_small_graphs),
        cmocka_unit_test(test_blossom_rejects_bad_graphs),
        cmocka_unit_test(test_blossom_matches_brute_force),
        cmocka_unit_test(test_blossom_wide_matches_brute_force),
        cmocka_unit_test(test_blossom_wide_rejects_bad_weights),
        cmocka_unit_test(test_blossom_greedy_start_agrees_on_dense_graphs),
        cmocka_unit_test(test_blossom_dual_certifies_subsets),
        cmocka_unit_test(test_blossom_warm_start_finds_the_optimum),
        cmocka_unit_test(test_blossom_matches_networkx),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
