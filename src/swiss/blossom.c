/* src/swiss/blossom.c: Edmonds' maximum weight matching, primal-dual, O(n^3).
 *
 * The classic formulation (Galil, "Efficient algorithms for finding maximum
 * matching in graphs", 1986): vertex duals u, blossom duals z >= 0, edge slack
 * u_i + u_j - 2 w_ij (blossom duals are implicit because only edges between
 * different top-level blossoms are ever examined). Each stage grows alternating
 * trees from every free vertex until it finds an augmenting path, changing the
 * duals by the smallest of four deltas when the trees are stuck.
 *
 * Integrality: weights are doubled on input, so every vertex dual starts even,
 * all S-vertices share one parity and the slack of an S-S edge is even; the
 * halving in delta3 is then exact. No floating point anywhere.
 *
 * Width: weights and duals are signed integers of L 64-bit limbs (util/limbs.h),
 * L chosen by the caller per call. Each is stored as L consecutive limbs (w4,
 * dual). The numeric part (blossom_core.h) is compiled once per width so
 * that the limb loops unroll. With |w| < 2^(64L-8) no dual or slack wraps.
 *
 * Greedy start (max-cardinality mode only): the duals start at each vertex's
 * heaviest edge and free vertices lower theirs until an edge to another free
 * vertex is tight, which matches most vertices before the first stage. With
 * unequal duals on free vertices the optimum is certified only if the final
 * matching is perfect; otherwise the run is repeated from the uniform start,
 * which is correct for deficient matchings too.
 *
 * Vertices are 0..n-1, blossoms n..2n-1. An edge k has endpoints 2k and 2k+1;
 * endpoint[p] is the vertex at endpoint p and p^1 is the other end.
 * SPDX-License-Identifier: MIT */
#include "swiss/blossom.h"

#include <assert.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "util/limbs.h"

typedef sw_blossom_weight wt;

typedef struct ws {
    int n, m;
    int L;         /* limbs per number */
    int *endpoint; /* 2m */
    /* m numbers: the doubled weights w2 doubled again, 2 w2 = 4 w, the term
     * every slack u_i + u_j - 2 w2 takes: stored so, the slacks' limb loops
     * read a limb instead of shifting two into one */
    uint64_t *w4;
    int *nb_start; /* n+1: CSR of remote endpoints */
    int *nb;       /* 2m */
    /* 2m, along nb: the remote vertex and the low limb of the edge's w4,
     * read in order as a vertex's edges are scanned (scan_queue) */
    int *nbv;
    uint64_t *nblo;
    int *mate;      /* n: remote endpoint of matched edge or -1 */
    int *label;     /* 2n: 0 free, 1 S, 2 T, 5 = S marked by scan */
    int *labelend;  /* 2n */
    int *inblossom; /* n */
    int *parent;    /* 2n: blossomparent */
    int **childs;   /* 2n */
    int **endps;    /* 2n */
    int *nchilds;   /* 2n */
    int *base;      /* 2n: blossombase, -1 for unused */
    int *bestedge;  /* 2n */
    int **bbest;    /* 2n: blossombestedges (NULL = none) */
    int *nbbest;    /* 2n */
    int *unused;    /* stack of free blossom ids */
    int nunused;
    uint64_t *dual; /* 2n numbers */
    bool *allow;    /* m */
    int *queue;     /* n */
    int nqueue;
    int *stack;   /* 2n: scratch for leaf walks */
    int *leaves;  /* n: scratch leaf list */
    int *bestto;  /* 2n: scratch for addBlossom, all -1 between uses */
    int *touched; /* 2n */
    int *path;    /* 2n: scratch for scanBlossom */
    /* Lazy dual adjustments: within a stage, vertex v's dual is
     * dual[v] - sg[v] * D, where D is the sum of the stage's deltas so far
     * and sg[v] is 1 for an S-vertex, -1 for a T-vertex, 0 otherwise (its
     * top blossom's label). An adjustment then adds to D instead of
     * updating every labelled vertex (hundreds of wide numbers, thousands
     * of times a solve); a vertex's stored number changes only when its
     * label does, and all are settled (sg 0, D 0) at the end of a stage.
     * dmul[c-1] = c * D for c = 1..4, the multiples the slacks need. */
    signed char *sg; /* n */
    uint64_t *dmul;  /* 4 numbers */
    bool dnz;        /* D != 0 */
    uint64_t *bkey;  /* n numbers: the key of a free vertex's best edge (key_cmp) */
    /* A dual adjustment's candidates without a scan of every vertex and
     * blossom: bl lists each vertex or blossom whose bestedge was set in
     * the stage (inbl marks them, 2n each), used the blossom ids in use
     * (upos[b]: b's place there). */
    int *bl, nbl;
    bool *inbl;
    int *used, nused, *upos;
    bool oom;
} ws;

static inline uint64_t *DUAL(const ws *s, int x) {
    return s->dual + (size_t)x * (size_t)s->L;
}

/* Leaves of b into out (which must hold n); returns their number. */
static int leaves_of(ws *s, int b, int *out) {
    int top = 0, cnt = 0;
    s->stack[top++] = b;
    while (top) {
        int t = s->stack[--top];
        if (t < s->n) {
            out[cnt++] = t;
            continue;
        }
        for (int i = s->nchilds[t] - 1; i >= 0; i--)
            s->stack[top++] = s->childs[t][i];
    }
    return cnt;
}

/* sg for a top blossom's label (5: an S-blossom marked by scan_blossom). */
static inline int label_sg(int l) {
    return l == 1 || l == 5 ? 1 : l == 2 ? -1 : 0;
}

/* Vertex v's label sign becomes want; its stored dual keeps its value. */
static void set_sg(ws *s, int v, int want) {
    int c = want - s->sg[v];
    if (c == 0)
        return;
    s->sg[v] = (signed char)want;
    if (!s->dnz)
        return;
    uint64_t *y = DUAL(s, v);
    if (c > 0)
        sw_limbs_add(y, y, s->dmul + (size_t)(c - 1) * (size_t)s->L, s->L);
    else
        sw_limbs_sub(y, y, s->dmul + (size_t)(-c - 1) * (size_t)s->L, s->L);
}

/* The end of a stage: every vertex dual stored as its value, D = 0. */
static void settle_duals(ws *s) {
    for (int v = 0; v < s->n; v++)
        set_sg(s, v, 0);
    memset(s->dmul, 0, sizeof(uint64_t) * 4 * (size_t)s->L);
    s->dnz = false;
}

/* b's bestedge is set: b joins the candidates (ws.bl). */
static inline void note_best(ws *s, int b) {
    if (!s->inbl[b]) {
        s->inbl[b] = true;
        s->bl[s->nbl++] = b;
    }
}

static void assign_label(ws *s, int w, int t, int p) {
    /* Iterative: a T label always passes an S label to the mate of the base. */
    for (;;) {
        int b = s->inblossom[w];
        s->label[w] = s->label[b] = t;
        s->labelend[w] = s->labelend[b] = p;
        s->bestedge[w] = s->bestedge[b] = -1;
        int cnt = leaves_of(s, b, s->leaves);
        for (int i = 0; i < cnt; i++)
            set_sg(s, s->leaves[i], t == 1 ? 1 : -1);
        if (t == 1) {
            for (int i = 0; i < cnt; i++) {
                assert(s->nqueue < s->n); /* a vertex is queued once a stage */
                s->queue[s->nqueue++] = s->leaves[i];
            }
            return;
        }
        int bs = s->base[b];
        int mp = s->mate[bs];
        w = s->endpoint[mp];
        t = 1;
        p = mp ^ 1;
    }
}

/* Trace back from v and w to find a new blossom's base, or -1 for an augmenting path. */
static int scan_blossom(ws *s, int v, int w) {
    int np = 0, result = -1;
    while (v != -1 || w != -1) {
        int b = s->inblossom[v];
        if (s->label[b] & 4) {
            result = s->base[b];
            break;
        }
        s->path[np++] = b;
        s->label[b] = 5;
        if (s->labelend[b] == -1) {
            v = -1;
        } else {
            v = s->endpoint[s->labelend[b]];
            b = s->inblossom[v];
            v = s->endpoint[s->labelend[b]];
        }
        if (w != -1) {
            int t = v;
            v = w;
            w = t;
        }
    }
    for (int i = 0; i < np; i++)
        s->label[s->path[i]] = 1;
    return result;
}

static int child_index(const ws *s, int b, int t) {
    for (int i = 0; i < s->nchilds[b]; i++)
        if (s->childs[b][i] == t)
            return i;
    return -1;
}

/* The even way round blossom b from its child at index j to its base
 * (index 0): the index to start from (j, or j less the child count to go
 * forward), the step, and the endpoint offset (0 forward, 1 backward). */
static int even_way(const ws *s, int b, int j, int *jstep, int *trick) {
    if (j & 1) {
        *jstep = 1;
        *trick = 0;
        return j - s->nchilds[b];
    }
    *jstep = -1;
    *trick = 1;
    return j;
}

/* Index into a child list with Python-style negative wrap. */
static int cidx(const ws *s, int b, int j) {
    int n = s->nchilds[b];
    return j < 0 ? j + n : j;
}

static void expand_blossom(ws *s, int b, bool endstage) {
    for (int i = 0; i < s->nchilds[b]; i++) {
        int c = s->childs[b][i];
        s->parent[c] = -1;
        if (c < s->n) {
            s->inblossom[c] = c;
        } else if (endstage && sw_limbs_is_zero(DUAL(s, c), s->L)) {
            expand_blossom(s, c, endstage);
        } else {
            int nl = leaves_of(s, c, s->leaves);
            for (int q = 0; q < nl; q++)
                s->inblossom[s->leaves[q]] = c;
        }
    }
    if (!endstage && s->label[b] == 2) {
        /* Relabel the part of the expanded T-blossom on the alternating path. */
        int entry = s->inblossom[s->endpoint[s->labelend[b] ^ 1]];
        int jstep, trick, j = even_way(s, b, child_index(s, b, entry), &jstep, &trick);
        int p = s->labelend[b];
        while (j != 0) {
            s->label[s->endpoint[p ^ 1]] = 0;
            int e = s->endps[b][cidx(s, b, j - trick)];
            s->label[s->endpoint[e ^ trick ^ 1]] = 0;
            assign_label(s, s->endpoint[p ^ 1], 2, p);
            s->allow[e >> 1] = true;
            j += jstep;
            p = s->endps[b][cidx(s, b, j - trick)] ^ trick;
            s->allow[p >> 1] = true;
            j += jstep;
        }
        int bv = s->childs[b][cidx(s, b, j)];
        s->label[s->endpoint[p ^ 1]] = s->label[bv] = 2;
        s->labelend[s->endpoint[p ^ 1]] = s->labelend[bv] = p;
        s->bestedge[bv] = -1;
        j += jstep;
        while (s->childs[b][cidx(s, b, j)] != entry) {
            bv = s->childs[b][cidx(s, b, j)];
            if (s->label[bv] == 1) {
                j += jstep;
                continue;
            }
            int nl = leaves_of(s, bv, s->leaves), v = -1;
            for (int q = 0; q < nl; q++)
                if (s->label[s->leaves[q]] != 0) {
                    v = s->leaves[q];
                    break;
                }
            if (v >= 0) {
                s->label[v] = 0;
                s->label[s->endpoint[s->mate[s->base[bv]]]] = 0;
                assign_label(s, v, 2, s->labelend[v]);
            }
            j += jstep;
        }
    }
    if (!endstage) /* the leaves now take their new top blossoms' labels */
        for (int i = 0; i < s->nchilds[b]; i++) {
            int nl = leaves_of(s, s->childs[b][i], s->leaves);
            for (int q = 0; q < nl; q++)
                set_sg(s, s->leaves[q], label_sg(s->label[s->inblossom[s->leaves[q]]]));
        }
    s->label[b] = s->labelend[b] = -1;
    free(s->childs[b]);
    free(s->endps[b]);
    s->childs[b] = s->endps[b] = NULL;
    s->nchilds[b] = 0;
    s->base[b] = -1;
    free(s->bbest[b]);
    s->bbest[b] = NULL;
    s->nbbest[b] = 0;
    s->bestedge[b] = -1;
    int at = s->upos[b], last = s->used[--s->nused];
    s->used[at] = last;
    s->upos[last] = at;
    s->unused[s->nunused++] = b;
}

static void rotate(int *a, int n, int i) {
    /* a = a[i:] + a[:i] by three reversals, in place. */
    for (int lo = 0, hi = i - 1; lo < hi; lo++, hi--) {
        int t = a[lo];
        a[lo] = a[hi];
        a[hi] = t;
    }
    for (int lo = i, hi = n - 1; lo < hi; lo++, hi--) {
        int t = a[lo];
        a[lo] = a[hi];
        a[hi] = t;
    }
    for (int lo = 0, hi = n - 1; lo < hi; lo++, hi--) {
        int t = a[lo];
        a[lo] = a[hi];
        a[hi] = t;
    }
}

/* Swap matched and unmatched edges on the even path from v to b's base. */
static void augment_blossom(ws *s, int b, int v) {
    int t = v;
    while (s->parent[t] != b)
        t = s->parent[t];
    if (t >= s->n)
        augment_blossom(s, t, v);
    int i = child_index(s, b, t), jstep, trick;
    assert(i >= 0); /* t, the top blossom under b holding v, is b's child */
    int j = even_way(s, b, i, &jstep, &trick);
    while (j != 0) {
        j += jstep;
        t = s->childs[b][cidx(s, b, j)];
        int p = s->endps[b][cidx(s, b, j - trick)] ^ trick;
        if (t >= s->n)
            augment_blossom(s, t, s->endpoint[p]);
        j += jstep;
        t = s->childs[b][cidx(s, b, j)];
        if (t >= s->n)
            augment_blossom(s, t, s->endpoint[p ^ 1]);
        s->mate[s->endpoint[p]] = p ^ 1;
        s->mate[s->endpoint[p ^ 1]] = p;
    }
    rotate(s->childs[b], s->nchilds[b], i);
    rotate(s->endps[b], s->nchilds[b], i);
    s->base[b] = s->base[s->childs[b][0]];
}

static void augment_matching(ws *s, int k) {
    for (int side = 0; side < 2; side++) {
        int sv = s->endpoint[2 * k + side], p = 2 * k + 1 - side;
        for (;;) {
            int bs = s->inblossom[sv];
            if (bs >= s->n)
                augment_blossom(s, bs, sv);
            s->mate[sv] = p;
            if (s->labelend[bs] == -1)
                break;
            int t = s->endpoint[s->labelend[bs]];
            int bt = s->inblossom[t];
            sv = s->endpoint[s->labelend[bt]];
            int j = s->endpoint[s->labelend[bt] ^ 1];
            if (bt >= s->n)
                augment_blossom(s, bt, j);
            s->mate[j] = s->labelend[bt];
            p = s->labelend[bt] ^ 1;
        }
    }
}

/* A top-down sum t = hi 2^64 + lo (hi signed) of the terms at one limb,
 * for the slack signs of the core. ACC_NEXT(th) returns t's sign when
 * |t| >= th (the terms below the limb cannot change it), else moves t
 * down a limb (then -th < t < th: hi is 0 or -1 and lo is t). */
#define ACC_ADD(x)                                                                                 \
    do {                                                                                           \
        uint64_t x_ = (x);                                                                         \
        lo += x_;                                                                                  \
        hi += lo < x_;                                                                             \
    } while (0)
#define ACC_SUB(x)                                                                                 \
    do {                                                                                           \
        uint64_t x_ = (x);                                                                         \
        hi -= lo < x_;                                                                             \
        lo -= x_;                                                                                  \
    } while (0)
#define ACC_NEXT(th)                                                                               \
    do {                                                                                           \
        uint64_t u_ = lo + ((th)-1);                                                               \
        int64_t h_ = hi + (u_ < lo);                                                               \
        if (h_ != 0 || u_ > 2 * ((th)-1))                                                          \
            return h_ >= 0 ? 1 : -1;                                                               \
        hi = (int64_t)lo;                                                                          \
        lo = 0;                                                                                    \
    } while (0)
#define ACC_SIGN() (hi < 0 ? -1 : hi > 0 || lo != 0 ? 1 : 0)
/* t = t0, the top limb's signed sum */
#define ACC_START(t0)                                                                              \
    uint64_t lo = (uint64_t)(t0);                                                                  \
    int64_t hi = (int64_t)((t0) >> 64)
/* The lazy term -cd D (e = |cd| D, NULL when cd = 0): its top limb as a
 * signed part of t0, and limb j added to t. */
#define ACC_LAZY_TOP(e, cd, j)                                                                     \
    ((cd) > 0 ? -(__int128)(int64_t)(e)[j] : (cd) < 0 ? (__int128)(int64_t)(e)[j] : 0)
#define ACC_LAZY(e, cd, j)                                                                         \
    do {                                                                                           \
        if ((cd) > 0)                                                                              \
            ACC_SUB((e)[j]);                                                                       \
        else if ((cd) < 0)                                                                         \
            ACC_ADD((e)[j]);                                                                       \
    } while (0)

/* The numeric core, once per width: constant limb counts 2..8 (where Swiss
 * rounds up to a few thousand players land) unroll; wider weights take the
 * run-time-width instance. */
#define SW_CORE_SUFFIX l2
#define SW_CORE_LIMBS 2
#define SW_CORE_BUF 2
#include "swiss/blossom_core.h"
#define SW_CORE_SUFFIX l3
#define SW_CORE_LIMBS 3
#define SW_CORE_BUF 3
#include "swiss/blossom_core.h"
#define SW_CORE_SUFFIX l4
#define SW_CORE_LIMBS 4
#define SW_CORE_BUF 4
#include "swiss/blossom_core.h"
#define SW_CORE_SUFFIX l5
#define SW_CORE_LIMBS 5
#define SW_CORE_BUF 5
#include "swiss/blossom_core.h"
#define SW_CORE_SUFFIX l6
#define SW_CORE_LIMBS 6
#define SW_CORE_BUF 6
#include "swiss/blossom_core.h"
#define SW_CORE_SUFFIX l7
#define SW_CORE_LIMBS 7
#define SW_CORE_BUF 7
#include "swiss/blossom_core.h"
#define SW_CORE_SUFFIX l8
#define SW_CORE_LIMBS 8
#define SW_CORE_BUF 8
#include "swiss/blossom_core.h"
#define SW_CORE_SUFFIX lx
#define SW_CORE_LIMBS (s->L)
#define SW_CORE_BUF SW_BLOSSOM_LIMBS_MAX
#include "swiss/blossom_core.h"

typedef struct core {
    void (*greedy_start)(ws *s);
    void (*warm_start)(ws *s, const uint64_t *y0, const int *mate0);
    void (*solve)(ws *s, bool maxcard);
} core;

/* The instances by limb count: [L] for L = 2..8, [0] the run-time width. */
#define CORE_OF(x)                                                                                 \
    { greedy_start_##x, warm_start_##x, solve_##x }
static const core cores[] = {CORE_OF(lx), CORE_OF(lx), CORE_OF(l2), CORE_OF(l3), CORE_OF(l4),
                             CORE_OF(l5), CORE_OF(l6), CORE_OF(l7), CORE_OF(l8)};
#undef CORE_OF

static core pick_core(int L) {
    return L >= 2 && L <= 8 ? cores[L] : cores[0];
}

static void ws_free(ws *s) {
    if (s->childs)
        for (int b = 0; b < 2 * s->n; b++) {
            free(s->childs[b]);
            free(s->endps[b]);
            free(s->bbest[b]);
        }
    free(s->endpoint);
    free(s->w4);
    free(s->nb_start);
    free(s->nb);
    free(s->nbv);
    free(s->nblo);
    free(s->mate);
    free(s->label);
    free(s->labelend);
    free(s->inblossom);
    free(s->parent);
    free(s->childs);
    free(s->endps);
    free(s->nchilds);
    free(s->base);
    free(s->bestedge);
    free(s->bbest);
    free(s->nbbest);
    free(s->unused);
    free(s->dual);
    free(s->allow);
    free(s->queue);
    free(s->stack);
    free(s->leaves);
    free(s->bestto);
    free(s->touched);
    free(s->path);
    free(s->sg);
    free(s->dmul);
    free(s->bkey);
    free(s->bl);
    free(s->inbl);
    free(s->used);
    free(s->upos);
}

static bool ws_alloc(ws *s, int n, int m, int L) {
    size_t n2 = 2 * (size_t)n + 1, mm = (size_t)m + 1, ll = (size_t)L;
    s->n = n;
    s->m = m;
    s->L = L;
    s->endpoint = malloc(sizeof(int) * 2 * mm);
    s->w4 = malloc(sizeof(uint64_t) * mm * ll);
    s->nb_start = calloc((size_t)n + 1, sizeof(int));
    s->nb = malloc(sizeof(int) * 2 * mm);
    s->nbv = malloc(sizeof(int) * 2 * mm);
    s->nblo = malloc(sizeof(uint64_t) * 2 * mm);
    s->mate = malloc(sizeof(int) * n2);
    s->label = malloc(sizeof(int) * n2);
    s->labelend = malloc(sizeof(int) * n2);
    s->inblossom = malloc(sizeof(int) * n2);
    s->parent = malloc(sizeof(int) * n2);
    s->childs = calloc(n2, sizeof(int *));
    s->endps = calloc(n2, sizeof(int *));
    s->nchilds = calloc(n2, sizeof(int));
    s->base = malloc(sizeof(int) * n2);
    s->bestedge = malloc(sizeof(int) * n2);
    s->bbest = calloc(n2, sizeof(int *));
    s->nbbest = calloc(n2, sizeof(int));
    s->unused = malloc(sizeof(int) * n2);
    s->dual = malloc(sizeof(uint64_t) * n2 * ll);
    s->allow = malloc(sizeof(bool) * mm);
    s->queue = malloc(sizeof(int) * n2);
    s->stack = malloc(sizeof(int) * n2);
    s->leaves = malloc(sizeof(int) * n2);
    s->bestto = malloc(sizeof(int) * n2);
    s->touched = malloc(sizeof(int) * n2);
    s->path = malloc(sizeof(int) * n2);
    s->sg = calloc((size_t)n + 1, 1);
    s->dmul = calloc(4 * ll, sizeof(uint64_t));
    s->dnz = false;
    s->bkey = malloc(sizeof(uint64_t) * ((size_t)n + 1) * ll);
    s->bl = malloc(sizeof(int) * n2);
    s->inbl = calloc(n2, sizeof(bool));
    s->used = malloc(sizeof(int) * n2);
    s->upos = malloc(sizeof(int) * n2);
    s->nbl = s->nused = 0;
    return s->bl && s->inbl && s->used && s->upos && s->bkey && s->sg && s->dmul && s->endpoint &&
           s->w4 && s->nb_start && s->nb && s->nbv && s->nblo && s->mate && s->label &&
           s->labelend && s->inblossom && s->parent && s->childs && s->endps && s->nchilds &&
           s->base && s->bestedge && s->bbest && s->nbbest && s->unused && s->dual && s->allow &&
           s->queue && s->stack && s->leaves && s->bestto && s->touched && s->path;
}

/* Reset the matching state (the graph arrays stay). */
static void ws_reset(ws *s, const uint64_t *maxw) {
    int n = s->n;
    for (int b = 0; b < 2 * n; b++) {
        free(s->childs[b]);
        free(s->endps[b]);
        free(s->bbest[b]);
        s->childs[b] = s->endps[b] = s->bbest[b] = NULL;
        s->nchilds[b] = s->nbbest[b] = 0;
        s->label[b] = 0;
        s->labelend[b] = -1;
        s->parent[b] = -1;
        s->base[b] = b < n ? b : -1;
        s->bestedge[b] = -1;
        s->bestto[b] = -1;
        if (b < n)
            sw_limbs_copy(DUAL(s, b), maxw, s->L);
        else
            sw_limbs_set_i64(DUAL(s, b), s->L, 0);
    }
    for (int v = 0; v < n; v++) {
        s->mate[v] = -1;
        s->inblossom[v] = v;
        s->sg[v] = 0;
    }
    memset(s->dmul, 0, sizeof(uint64_t) * 4 * (size_t)s->L);
    s->dnz = false;
    s->nunused = 0;
    for (int b = 2 * n - 1; b >= n; b--)
        s->unused[s->nunused++] = b;
    for (int i = 0; i < s->nbl; i++)
        s->inbl[s->bl[i]] = false;
    s->nbl = s->nused = 0;
}

void sw_blossom_dual_free(sw_blossom_dual *d) {
    if (!d)
        return;
    free(d->y);
    free(d->up);
    free(d->depth);
    free(d->zsum);
    free(d->top);
    free(d->first);
    free(d->rmq);
    memset(d, 0, sizeof *d);
}

/* Copy the duals and the blossom forest out of the workspace. */
static bool export_dual(const ws *s, sw_blossom_dual *d) {
    int n = s->n, L = s->L;
    size_t n2 = 2 * (size_t)n + 1, ll = (size_t)L;
    d->n = n;
    d->limbs = L;
    d->y = malloc(sizeof(uint64_t) * (size_t)(n + 1) * ll);
    d->up = malloc(sizeof(int) * n2);
    d->depth = malloc(sizeof(int) * n2);
    d->zsum = malloc(sizeof(uint64_t) * n2 * ll);
    d->top = malloc(sizeof(int) * (size_t)(n + 1));
    if (!d->y || !d->up || !d->depth || !d->zsum || !d->top)
        return false;
    for (int v = 0; v < n; v++) {
        sw_limbs_copy(d->y + (size_t)v * ll, DUAL(s, v), L);
        d->top[v] = s->inblossom[v]; /* the top-level blossom, kept by the algorithm */
    }
    for (int b = 0; b < 2 * n; b++) {
        d->up[b] = b < n || s->base[b] >= 0 ? s->parent[b] : -1;
        d->depth[b] = -1;
    }
    /* Depths and sums top-down: each node after its enclosing blossom. */
    for (int b = 0; b < 2 * n; b++) {
        if (b >= n && s->base[b] < 0)
            continue;
        int top = 0, x = b;
        while (x != -1 && d->depth[x] < 0) {
            s->stack[top++] = x;
            x = d->up[x];
        }
        while (top) {
            int t = s->stack[--top], u = d->up[t];
            uint64_t *z = d->zsum + (size_t)t * ll;
            d->depth[t] = u == -1 ? 0 : d->depth[u] + 1;
            if (t >= n)
                sw_limbs_shl(z, DUAL(s, t), 1, L);
            else
                sw_limbs_set_i64(z, L, 0);
            if (u != -1)
                sw_limbs_add(z, z, d->zsum + (size_t)u * ll, L);
        }
    }
    /* Nested blossoms can be deep (a round with many ties builds chains of
     * them), and the pricing asks for the common enclosing blossom of
     * millions of pairs: the lowest common ancestor in the forest, the
     * least deep node between the two vertices' places in an Euler tour. */
    int nn = 2 * n;
    int *cstart = calloc((size_t)nn + 2, sizeof(int)), *cl = malloc(sizeof(int) * (size_t)nn + 1);
    int *it = malloc(sizeof(int) * (size_t)nn + 1);
    d->first = malloc(sizeof(int) * (size_t)nn + 1);
    int *tour = malloc(sizeof(int) * 2 * (size_t)nn + 1);
    bool ok = cstart && cl && it && d->first && tour;
    if (ok) {
        for (int x = 0; x < nn; x++)
            if (d->depth[x] >= 0 && d->up[x] >= 0)
                cstart[d->up[x] + 2]++;
        for (int x = 0; x < nn; x++)
            cstart[x + 2] += cstart[x + 1];
        for (int x = 0; x < nn; x++)
            if (d->depth[x] >= 0 && d->up[x] >= 0)
                cl[cstart[d->up[x] + 1]++] = x; /* children of p: cstart[p] .. cstart[p + 1] */
        int tl = 0;
        for (int r = 0; r < nn; r++) {
            if (d->depth[r] != 0)
                continue; /* not a root, or not a node */
            int sp = 0;
            s->stack[sp++] = r;
            it[r] = cstart[r];
            d->first[r] = tl;
            tour[tl++] = r;
            while (sp) {
                int x = s->stack[sp - 1];
                if (it[x] < cstart[x + 1]) {
                    int c = cl[it[x]++];
                    it[c] = cstart[c];
                    d->first[c] = tl;
                    tour[tl++] = c;
                    s->stack[sp++] = c;
                } else if (--sp > 0) {
                    tour[tl++] = s->stack[sp - 1]; /* back in the parent */
                }
            }
        }
        d->tlen = tl;
        d->tlog = 1;
        while ((1 << d->tlog) <= tl)
            d->tlog++;
        d->rmq = malloc(sizeof(int) * (size_t)tl * (size_t)d->tlog + 1);
        ok = d->rmq != NULL;
        if (ok) {
            memcpy(d->rmq, tour, sizeof(int) * (size_t)tl);
            for (int k = 1; k < d->tlog; k++) {
                const int *lo = d->rmq + (size_t)(k - 1) * (size_t)tl;
                int *row = d->rmq + (size_t)k * (size_t)tl, h = 1 << (k - 1);
                for (int i = 0; i + 2 * h <= tl; i++) {
                    int a = lo[i], b = lo[i + h];
                    row[i] = d->depth[a] <= d->depth[b] ? a : b;
                }
            }
        }
    }
    free(cstart);
    free(cl);
    free(it);
    free(tour);
    return ok;
}

/* The lowest blossom holding both u and v, or -1. */
static int common_blossom(const sw_blossom_dual *d, int u, int v) {
    if (d->top[u] != d->top[v])
        return -1; /* the common case: no blossom holds both ends */
    int l = d->first[u], r = d->first[v];
    if (l > r) {
        int t = l;
        l = r;
        r = t;
    }
    int k = 31 - __builtin_clz((unsigned)(r - l + 1));
    const int *row = d->rmq + (size_t)k * (size_t)d->tlen;
    int a = row[l], b = row[r - (1 << k) + 1];
    return d->depth[a] <= d->depth[b] ? a : b;
}

void sw_blossom_dual_flat(const sw_blossom_dual *d, uint64_t *y) {
    size_t ll = (size_t)d->limbs;
    uint64_t half[SW_BLOSSOM_LIMBS_MAX];
    for (int v = 0; v < d->n; v++) {
        sw_limbs_sar1(half, d->zsum + (size_t)v * ll, d->limbs); /* zsum is twice the sum */
        sw_limbs_add(y + (size_t)v * ll, d->y + (size_t)v * ll, half, d->limbs);
    }
}

const uint64_t *sw_blossom_pair_z(const sw_blossom_dual *d, int u, int v) {
    int lca = common_blossom(d, u, v);
    return lca >= 0 ? d->zsum + (size_t)lca * (size_t)d->limbs : NULL;
}

void sw_blossom_reduced_cost_wide(const sw_blossom_dual *d, int u, int v, const uint64_t *w,
                                  uint64_t *out) {
    int L = d->limbs;
    size_t ll = (size_t)L;
    /* out = y_u + y_v - 4w, computed as y_u + y_v - 2 (2w) */
    uint64_t w2[SW_BLOSSOM_LIMBS_MAX];
    sw_limbs_shl(w2, w, 1, L);
    sw_limbs_add_sub2(out, d->y + (size_t)u * ll, d->y + (size_t)v * ll, w2, L);
    int lca = common_blossom(d, u, v);
    if (lca >= 0)
        sw_limbs_add(out, out, d->zsum + (size_t)lca * ll, L);
}

bool sw_blossom_reduced_cost_neg(const sw_blossom_dual *d, int u, int v, const uint64_t *w) {
    /* y_u + y_v + z - 4 w from the top limb down: t sums the terms' signed
     * floors above limb j; the rest is in (-1, 3) units of limb j (three
     * terms add, one subtracts), so t >= 1 or t <= -3 decides. */
    int L = d->limbs, j = L - 1;
    size_t ll = (size_t)L;
    const uint64_t *yu = d->y + (size_t)u * ll, *yv = d->y + (size_t)v * ll;
    const uint64_t *z = sw_blossom_pair_z(d, u, v);
    __int128 t = (__int128)(int64_t)yu[j] + (int64_t)yv[j] + (z ? (int64_t)z[j] : 0) -
                 ((__int128)(int64_t)w[j] * 4 + (j > 0 ? (__int128)(w[j - 1] >> 62) : 0));
    /* below the top, t = hi 2^64 + lo in two words (ACC_*) */
    uint64_t lo = (uint64_t)t;
    int64_t hi = (int64_t)(t >> 64);
    for (j--; j >= 0; j--) {
        if (hi > 0 || (hi == 0 && lo >= 1))
            return false;
        if (hi < -1 || (hi == -1 && lo <= (uint64_t)-3))
            return true;
        hi = (int64_t)lo; /* -3 < t < 1 */
        lo = 0;
        ACC_ADD(yu[j]);
        ACC_ADD(yv[j]);
        if (z)
            ACC_ADD(z[j]);
        ACC_SUB(w[j] << 2 | (j > 0 ? w[j - 1] >> 62 : 0));
    }
    return hi < 0;
}

sw_blossom_weight sw_blossom_reduced_cost(const sw_blossom_dual *d, int u, int v,
                                          sw_blossom_weight w) {
    uint64_t wl[2], r[2];
    sw_limbs_set_i128(wl, 2, w);
    sw_blossom_reduced_cost_wide(d, u, v, wl, r);
    return sw_limbs_to_i128(r, 2);
}

sw_status sw_blossom_match(int n, const sw_blossom_edge *edges, size_t m, int flags, int *mate,
                           sw_error *err) {
    return sw_blossom_match_dual(n, edges, m, flags, mate, NULL, err);
}

sw_status sw_blossom_match_dual(int n, const sw_blossom_edge *edges, size_t m, int flags, int *mate,
                                sw_blossom_dual *dual, sw_error *err) {
    if (dual)
        memset(dual, 0, sizeof *dual);
    if (m > (size_t)(1u << 30))
        return sw_error_set(err, SW_ERR_LIMIT, NULL, 0, "graph too large (%d vertices, %zu edges)",
                            n, m);
    int *ends = malloc(sizeof(int) * 2 * (m + 1));
    uint64_t *w = malloc(sizeof(uint64_t) * 2 * (m + 1));
    if (!ends || !w) {
        free(ends);
        free(w);
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory for the matching");
    }
    for (size_t k = 0; k < m; k++) {
        ends[2 * k] = edges[k].u;
        ends[2 * k + 1] = edges[k].v;
        sw_limbs_set_i128(w + 2 * k, 2, edges[k].w);
    }
    sw_blossom_graph g = {n, m, 2, ends, w};
    sw_status rc = sw_blossom_match_graph(&g, flags, mate, dual, err);
    free(ends);
    free(w);
    return rc;
}

static sw_status check_graph(const sw_blossom_graph *g, sw_error *err) {
    if (g->n < 0 || g->m > (size_t)(1u << 30))
        return sw_error_set(err, SW_ERR_LIMIT, NULL, 0, "graph too large (%d vertices, %zu edges)",
                            g->n, g->m);
    if (g->limbs < 1 || g->limbs > SW_BLOSSOM_LIMBS_MAX)
        return sw_error_set(err, SW_ERR_INVALID, NULL, 0, "%d limbs per weight, expected 1..%d",
                            g->limbs, SW_BLOSSOM_LIMBS_MAX);
    int L = g->limbs;
    for (size_t k = 0; k < g->m; k++) {
        int u = g->ends[2 * k], v = g->ends[2 * k + 1];
        if (u < 0 || u >= g->n || v < 0 || v >= g->n || u == v)
            return sw_error_set(err, SW_ERR_INVALID, NULL, 0,
                                "edge %zu: vertices %d-%d, expected two distinct in [0, %d)", k, u,
                                v, g->n);
        if (sw_limbs_bits(g->w + k * (size_t)L, L) > 64 * L - 8)
            return sw_error_set(err, SW_ERR_INVALID, NULL, 0,
                                "edge %zu: weight beyond 2^%d in magnitude", k, 64 * L - 8);
    }
    return SW_OK;
}

/* Build the workspace's graph: the weights times 4 (w4) and the CSR of neighbours;
 * maxw receives the largest doubled weight (0 when all are negative). */
static void load_graph(ws *s, const sw_blossom_graph *g, uint64_t *maxw) {
    int n = g->n, L = s->L;
    sw_limbs_set_i64(maxw, L, 0);
    for (size_t k = 0; k < g->m; k++) {
        int u = g->ends[2 * k], v = g->ends[2 * k + 1];
        uint64_t *w4 = s->w4 + k * (size_t)L;
        s->endpoint[2 * k] = u;
        s->endpoint[2 * k + 1] = v;
        sw_limbs_shl(w4, g->w + k * (size_t)L, 2, L);
        if (sw_limbs_cmp(w4, maxw, L) > 0)
            sw_limbs_copy(maxw, w4, L);
        s->nb_start[u + 1]++;
        s->nb_start[v + 1]++;
    }
    sw_limbs_sar1(maxw, maxw, L); /* the largest 4 w (or 0), halved: exact */
    for (int v = 0; v < n; v++)
        s->nb_start[v + 1] += s->nb_start[v];
    int *fill = s->leaves; /* scratch, size >= n */
    for (int v = 0; v < n; v++)
        fill[v] = s->nb_start[v];
    for (size_t k = 0; k < g->m; k++) {
        int u = g->ends[2 * k], v = g->ends[2 * k + 1];
        uint64_t lo = s->w4[k * (size_t)L];
        s->nbv[fill[u]] = v;
        s->nblo[fill[u]] = lo;
        s->nb[fill[u]++] = (int)(2 * k + 1);
        s->nbv[fill[v]] = u;
        s->nblo[fill[v]] = lo;
        s->nb[fill[v]++] = (int)(2 * k);
    }
}

static sw_status match(const sw_blossom_graph *g, int flags, const uint64_t *y0, const int *mate0,
                       int *mate, sw_blossom_dual *dual, sw_error *err) {
    if (dual)
        memset(dual, 0, sizeof *dual);
    sw_status rc = check_graph(g, err);
    if (rc)
        return rc;
    int n = g->n;
    if (n == 0)
        return SW_OK;
    ws s;
    memset(&s, 0, sizeof s);
    uint64_t maxw[SW_BLOSSOM_LIMBS_MAX];
    if (!ws_alloc(&s, n, (int)g->m, g->limbs)) {
        ws_free(&s);
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory for the matching");
    }
    load_graph(&s, g, maxw);
    core c = pick_core(g->limbs);
    bool maxcard = flags & SW_BLOSSOM_MAX_CARDINALITY;
    ws_reset(&s, maxw);
    bool done = false;
    if (maxcard && y0) {
        c.warm_start(&s, y0, mate0);
        c.solve(&s, true);
        done = !s.oom;
        for (int v = 0; v < n && done; v++)
            if (s.mate[v] == -1)
                done = false;
        if (!done && !s.oom)
            ws_reset(&s, maxw);
    }
    if (!done && !s.oom && maxcard && !(flags & SW_BLOSSOM_NO_GREEDY_START)) {
        c.greedy_start(&s);
        c.solve(&s, true);
        done = !s.oom;
        for (int v = 0; v < n && done; v++)
            if (s.mate[v] == -1)
                done = false; /* deficient: the uneven start proves nothing */
        if (!done && !s.oom)
            ws_reset(&s, maxw);
    }
    if (!done && !s.oom)
        c.solve(&s, maxcard);
    if (s.oom) {
        ws_free(&s);
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory for the matching");
    }
    if (dual && !export_dual(&s, dual)) {
        sw_blossom_dual_free(dual);
        ws_free(&s);
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory for the matching");
    }
    for (int v = 0; v < n; v++)
        mate[v] = s.mate[v] >= 0 ? s.endpoint[s.mate[v]] : -1;
    for (int v = 0; v < n; v++) /* a matching: v's mate is matched to v */
        assert(mate[v] < 0 || (mate[v] != v && mate[mate[v]] == v));
    ws_free(&s);
    return SW_OK;
}

sw_status sw_blossom_match_graph(const sw_blossom_graph *g, int flags, int *mate,
                                 sw_blossom_dual *dual, sw_error *err) {
    return match(g, flags, NULL, NULL, mate, dual, err);
}

sw_status sw_blossom_match_start(const sw_blossom_graph *g, int flags, const uint64_t *y0,
                                 const int *mate0, int *mate, sw_blossom_dual *dual,
                                 sw_error *err) {
    return match(g, flags, y0, mate0, mate, dual, err);
}

sw_blossom_weight sw_blossom_matching_weight(int n, const sw_blossom_edge *edges, size_t m,
                                             const int *mate) {
    /* Heaviest parallel edge per matched pair: sort-free, by a first pass per pair. */
    sw_blossom_weight total = 0;
    int *best = malloc(sizeof(int) * (size_t)(n > 0 ? n : 1));
    if (!best)
        return 0;
    for (int v = 0; v < n; v++)
        best[v] = -1;
    for (size_t k = 0; k < m; k++) {
        int u = edges[k].u, v = edges[k].v;
        if (u < 0 || u >= n || v < 0 || v >= n || mate[u] != v)
            continue;
        int lo = u < v ? u : v;
        if (best[lo] == -1 || edges[k].w > edges[best[lo]].w)
            best[lo] = (int)k;
    }
    for (int v = 0; v < n; v++)
        if (best[v] >= 0)
            total += edges[best[v]].w;
    free(best);
    return total;
}
