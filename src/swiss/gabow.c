/* src/swiss/gabow.c: a maximum-weight perfect matching of a complete graph
 * given by its cost matrix: Edmonds' primal-dual blossom algorithm in
 * Gabow's O(n^3) organisation (H. N. Gabow, "An efficient implementation of
 * Edmonds' algorithm for maximum matching on graphs", JACM 23, 1976; the
 * weighted version as Z. Galil's survey, ACM Computing Surveys 18, 1986,
 * describes it). go pair uses it up to 600 players because its choice
 * among several optimal matchings is OpenGotha's (docs/go.md, "Several
 * optimal matchings", states the rules below as behaviour).
 *
 * Each stage makes every free blossom an outer root, in vertex order. The
 * duals are not raised step by step and searched for tight edges: every
 * pending event carries the time (the total dual change of the stage) at
 * which it happens, and the earliest one is handled next:
 *   - an unlabelled vertex is reached by its cheapest edge from an outer
 *     vertex (its blossom becomes inner, its mate's blossom outer);
 *   - an outer blossom's cheapest edge to another outer blossom is tight
 *     (a new blossom, or an augmenting path that ends the stage);
 *   - an inner blossom's dual reaches zero (it is expanded).
 * Simultaneous events go to the lowest vertex number that carries one:
 * the reached vertex; the outer blossom's name (a blossom is named after
 * its base's blossom when it forms and keeps that name when augmenting
 * paths move its base); the lowest vertex of the inner blossom with a
 * tight edge to an outer vertex.
 * Which edge: a vertex reached several ways keeps the first cheapest edge
 * in scan order (also after an expansion); an edge between two outer
 * vertices belongs to the one scanned later; an outer blossom takes,
 * among its equally cheap edges, the one to the lowest-numbered outer
 * vertex, then the one of its first-ranked vertex. Ranks follow scan
 * order, except that a new blossom ranks its base's vertices first, then
 * its other sub-blossoms' in list order (an outer one keeping its inner
 * order, an inner one scanned now).
 * List order: a blossom keeps its vertices in a list: its name first, then
 * the sub-blossoms from the closing edge's far end up the tree, then from
 * its near end up, then the rest of the base's list; a blossom that turns
 * outer is scanned in that order. Blossoms stay after the stage that made
 * them, whatever their dual, until they are expanded as inner blossoms.
 * Weights are doubled in effect (slacks y_u + y_v - 2 w, all duals start
 * at the largest cost) so that every time is an integer.
 *
 * The work is organised so that these choices come out the same while
 * little is recomputed (w must be symmetric):
 *   - a stage does not rescan all its roots: the records (cheapest edges)
 *     left by the last stage's start stand where no slack moved
 *     unevenly, and only the changes are scanned (start_records);
 *   - a vertex turning outer during a stage takes the roots' part of its
 *     candidate from its record and scans only the other outer vertices;
 *   - the next event comes from an index of blocks of vertices, and each
 *     outer blossom's earliest edge is kept up to date; only the inner
 *     blossoms' expansions are looked at on every event (the vertex that
 *     carries one depends on the edges tight at that moment);
 *   - labelled vertices' duals are stored with an offset of the stage's
 *     time, so that events do not touch them.
 * SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "swiss/go_internal.h"

#define NEVER INT64_MAX
#define BLOCK 32 /* vertices a block of next_event's index covers */

enum { UNLABELLED = 0, OUTER = 1, INNER = 2 };
/* A vertex's part at the last stage's start: an outer root, or unlabelled. */
enum { WAS_ROOT = 1, WAS_FREE = 2 };

typedef struct gb {
    int n;
    const int64_t *w;
    int64_t *dual;      /* 2n: vertex duals (lazy: vdual), then blossom duals (ids n..2n-1) */
    int *mate;          /* vertex -> vertex, -1 when free */
    int *up;            /* 2n: enclosing blossom, -1 at top level */
    int *base;          /* 2n: base vertex */
    int **kids;         /* blossom: sub-blossoms around the cycle, base one first */
    int **link;         /* blossom: 2 per sub-blossom k, the edge from k to k+1 */
    int *nkids;         /* blossom: how many sub-blossoms */
    int *top;           /* vertex -> its top-level blossom (itself when alone) */
    int *label;         /* 2n, top-level blossoms */
    unsigned char *vl;  /* vertex: the label of its top-level blossom */
    int *free_v;        /* n: the vertices, unlabelled ones first, in no particular order */
    int *free_at;       /* vertex: its place in free_v */
    int nfree;          /* how many are unlabelled */
    int *in, *out;      /* 2n: a labelled blossom's tree edge (vertex inside, outside) */
    int64_t *reach;     /* vertex: when its cheapest edge from an outer vertex is tight */
    int *reach_from;    /* the outer end of that edge */
    int64_t *pair;      /* outer vertex: when its cheapest edge to another outer blossom is tight */
    int *pair_to;       /* the other end */
    int *stamp;         /* outer vertex: its place in outer[] */
    int *rank;          /* outer vertex: the lower, the earlier among its blossom's equal edges */
    int nrank;          /* ranks given so far in the stage */
    int *name;          /* 2n: a blossom's name (its base's blossom's name when it formed) */
    int **seq;          /* blossom: its vertices in list order (above) */
    int *nseq;          /* blossom: how many */
    int64_t *keys;      /* n: sorting by rank */
    unsigned char *was; /* vertex: WAS_ROOT, WAS_FREE as at the stage's start (below) */
    unsigned char *need; /* stage start: the vertex's record is computed afresh */
    int *was_to;         /* outer root: pair_to at the stage's start */
    int *was_from;       /* unlabelled vertex: reach_from at the stage's start */
    int *near_to;        /* unlabelled at the stage's start: its cheapest edge to a root */
    int64_t *near_t;     /* its slack then */
    int nroots;          /* the roots are outer[0..nroots) */
    int *outer;          /* n: the outer vertices of the stage in scan order */
    int nouter;
    int64_t *expire; /* 2n: when an inner blossom's dual reaches zero */
    int64_t *bt;     /* 2n: an outer blossom's earliest edge event */
    int *bx;         /* 2n: the vertex that carries it */
    int *spare;      /* unused blossom ids */
    int nspare;
    int hi;                /* above every blossom id used so far */
    int *mark;             /* 2n: path tracing */
    int *list;             /* n: vertex lists */
    int *scan;             /* n: vertex lists while scanning */
    int *rot;              /* 3n: rotating a blossom */
    unsigned char *onpath; /* n: expanding a blossom */
    int64_t *kmin;         /* block of BLOCK vertices: its earliest event (key below) */
    int *kby;              /* the lowest vertex that ranks it, -1 when none */
    unsigned char *kdirty; /* the block's minimum is to be recomputed */
    int64_t now;           /* total dual change of the stage */
    char *arena;           /* the arrays above */
    bool oom;
} gb;

/* During a stage an outer vertex's dual falls by the time elapsed and an
 * inner one's rises: dual[] holds a labelled vertex's dual plus (outer)
 * or minus (inner) 'now', so that it changes only with its label. */
static int64_t lazy(int lab, int64_t now) {
    return lab == OUTER ? now : lab == INNER ? -now : 0;
}

static int64_t vdual(const gb *g, int v) {
    return g->dual[v] - lazy(g->vl[v], g->now);
}

/* The vertices of blossom b, sub-blossoms in cycle order from the base. */
static int leaves(const gb *g, int b, int *outv, int cnt) {
    if (b < g->n) {
        outv[cnt] = b;
        return cnt + 1;
    }
    for (int k = 0; k < g->nkids[b]; k++)
        cnt = leaves(g, g->kids[b][k], outv, cnt);
    return cnt;
}

/* next_event's index: the earliest event of each block of vertices.
 * Vertex i's event is its key (below); a change that may delay it marks
 * its block for recomputing, a change that brings it forward updates the
 * block's minimum at once. */
static void touch(gb *g, int i) {
    g->kdirty[i / BLOCK] = 1;
}

static void lower(gb *g, int i, int64_t t) {
    int k = i / BLOCK;
    if (!g->kdirty[k] && (t < g->kmin[k] || (t == g->kmin[k] && t < NEVER && i < g->kby[k]))) {
        g->kmin[k] = t;
        g->kby[k] = i;
    }
}

static void set_top(gb *g, int b, int t) {
    int cnt = leaves(g, b, g->list, 0);
    for (int k = 0; k < cnt; k++) {
        g->top[g->list[k]] = t;
        touch(g, g->list[k]);
    }
}

/* Swap the vertices at places i and j of free_v. */
static void free_swap(gb *g, int i, int j) {
    int a = g->free_v[i], b = g->free_v[j];
    g->free_v[i] = b;
    g->free_v[j] = a;
    g->free_at[b] = i;
    g->free_at[a] = j;
}

/* Vertex v's label, keeping the unlabelled vertices first in free_v. */
static void set_vl(gb *g, int v, int lab) {
    if (lab == UNLABELLED && g->free_at[v] >= g->nfree)
        free_swap(g, g->free_at[v], g->nfree++);
    else if (lab != UNLABELLED && g->free_at[v] < g->nfree)
        free_swap(g, g->free_at[v], --g->nfree);
    g->dual[v] += lazy(lab, g->now) - lazy(g->vl[v], g->now);
    g->vl[v] = (unsigned char)lab;
    touch(g, v);
}

static void set_label(gb *g, int b, int lab) {
    g->label[b] = lab;
    int cnt = leaves(g, b, g->list, 0);
    for (int k = 0; k < cnt; k++)
        set_vl(g, g->list[k], lab);
}

/* Outer vertex x takes the next place in the scan order. */
static void enlist(gb *g, int x) {
    g->stamp[x] = g->nouter;
    g->rank[x] = g->nrank++;
    g->outer[g->nouter++] = x;
}

/* Outer vertex x's candidate competes for its blossom's earliest edge
 * event: the earliest, among equals the one to the lowest-numbered outer
 * vertex, then the one of the first-ranked vertex (bt and bx, kept up to
 * date as vertices are scanned and blossoms form). */
static void offer(gb *g, int x) {
    int b = g->top[x], j = g->bx[b];
    if (g->pair[x] == NEVER)
        return;
    if (g->pair[x] < g->bt[b] ||
        (g->pair[x] == g->bt[b] && (g->pair_to[x] < g->pair_to[j] ||
                                    (g->pair_to[x] == g->pair_to[j] && g->rank[x] < g->rank[j])))) {
        g->bt[b] = g->pair[x];
        g->bx[b] = x;
        lower(g, g->name[b], g->pair[x]);
    }
}

/* Vertex x has just become outer: record its edges to unlabelled vertices
 * (each one's record depends only on the order of x's, not of its own
 * visit, so free_v's order does not matter) and its own candidate, the
 * cheapest edge to an outer vertex of another blossom (the first such
 * vertex in number order among equals). */
static void scan_vertex(gb *g, int x) {
    int n = g->n, bx = g->top[x];
    const int64_t *row = g->w + (size_t)x * (size_t)n, *dual = g->dual;
    const int *fv = g->free_v;
    int64_t *reach = g->reach;
    int *from = g->reach_from;
    int64_t at = dual[x]; /* now + x's dual (outer, lazy) */
    for (int k = 0, nf = g->nfree; k < nf; k++) {
        int v = fv[k];
        int64_t t = at + dual[v] - 2 * row[v];
        if (t < reach[v]) {
            reach[v] = t;
            from[v] = x;
            lower(g, v, t);
        }
    }
    /* half the slack (not negative: a shift halves it) */
    int64_t best = NEVER, dx = dual[x] - 2 * g->now; /* v's lazy dual too */
    int to = -1, k0 = 0;
    const int *outer = g->outer, *top = g->top;
    if (g->mate[g->base[bx]] >= 0) { /* no root in x's blossom: the roots' part is known */
        to = g->near_to[x];
        best = to < 0 ? NEVER : (dx + dual[to] - 2 * row[to]) >> 1;
        k0 = g->nroots;
    }
    for (int k = k0, no = g->nouter; k < no; k++) {
        int v = outer[k];
        int64_t t = (dx + dual[v] - 2 * row[v]) >> 1;
        if ((t < best || (t == best && v < to)) && top[v] != bx) {
            best = t;
            to = v;
        }
    }
    g->pair[x] = to < 0 ? NEVER : g->now + best;
    g->pair_to[x] = to;
    enlist(g, x);
    offer(g, x);
}

/* Blossom b has just become outer: its vertices in list order are
 * scanned (or, for the roots at a stage's start, only listed in that
 * order: start_records scans them). */
static void scan_blossom(gb *g, int b, bool scan) {
    int cnt = b < g->n ? 1 : g->nseq[b];
    const int *seq = b < g->n ? &b : g->seq[b];
    for (int k = 0; k < cnt; k++) {
        if (scan)
            scan_vertex(g, seq[k]);
        else
            enlist(g, seq[k]);
    }
}

/* Unlabelled vertex v again: its cheapest edge from an outer vertex, the
 * first in scan order among equals. */
static void rescan_reach(gb *g, int v) {
    g->reach[v] = NEVER;
    g->reach_from[v] = -1;
    touch(g, v);
    const int64_t *row = g->w + (size_t)v * (size_t)g->n; /* w is symmetric */
    for (int k = 0; k < g->nouter; k++) { /* now + slack: the outer duals are lazy */
        int u = g->outer[k];
        int64_t t = g->dual[u] + g->dual[v] - 2 * row[u];
        if (t < g->reach[v]) {
            g->reach[v] = t;
            g->reach_from[v] = u;
        }
    }
}

/* Outer vertex x whose candidate fell inside its own blossom: its cheapest
 * edge to the outer vertices scanned before it, in other blossoms. */
static void rescan_pair(gb *g, int x) {
    g->pair[x] = NEVER;
    g->pair_to[x] = -1;
    const int64_t *row = g->w + (size_t)x * (size_t)g->n;
    for (int k = 0; k < g->stamp[x]; k++) {
        int v = g->outer[k];
        if (g->top[v] == g->top[x])
            continue;
        int64_t t = g->now + (g->dual[x] + g->dual[v] - 2 * g->now - 2 * row[v]) / 2;
        if (t < g->pair[x] || (t == g->pair[x] && v < g->pair_to[x])) {
            g->pair[x] = t;
            g->pair_to[x] = v;
        }
    }
}

static void make_outer(gb *g, int b, int in, int out, bool scan) {
    set_label(g, b, OUTER);
    g->in[b] = in;
    g->out[b] = out;
    g->bt[b] = NEVER;
    g->bx[b] = -1;
    touch(g, g->name[b]);
    scan_blossom(g, b, scan);
}

/* Top-level blossom b (unlabelled) is reached from outer vertex u by its
 * vertex v: it becomes inner and its mate's blossom outer. */
static void grow(gb *g, int v, int u) {
    int b = g->top[v];
    set_label(g, b, INNER);
    g->in[b] = v;
    g->out[b] = u;
    if (b >= g->n)
        g->expire[b] = g->now + g->dual[b];
    int m = g->mate[g->base[b]];
    make_outer(g, g->top[m], m, g->base[b], true);
}

/* The outer blossom above outer blossom b in its tree, or -1 at a root. */
static int tree_up(const gb *g, int b) {
    if (g->out[b] < 0)
        return -1;
    int t = g->top[g->out[b]];
    return g->top[g->out[t]];
}

/* Rotate blossom b so that vertex v becomes its base, rematching inside. */
static void shift_base(gb *g, int b, int v) {
    int t = v;
    while (g->up[t] != b)
        t = g->up[t];
    if (t >= g->n)
        shift_base(g, t, v);
    int len = g->nkids[b], i = 0;
    while (g->kids[b][i] != t)
        i++;
    int step = (i % 2) ? 1 : -1, j = i;
    while (j != 0) {
        int j1 = (j + step + len) % len, j2 = (j1 + step + len) % len;
        int a, c; /* a in kid j1, c in kid j2 */
        if (step == 1) {
            a = g->link[b][2 * j1];
            c = g->link[b][2 * j1 + 1];
        } else {
            a = g->link[b][2 * j2 + 1];
            c = g->link[b][2 * j2];
        }
        if (g->kids[b][j1] >= g->n)
            shift_base(g, g->kids[b][j1], a);
        if (g->kids[b][j2] >= g->n)
            shift_base(g, g->kids[b][j2], c);
        g->mate[a] = c;
        g->mate[c] = a;
        j = j2;
    }
    /* kid i first */
    int *k2 = g->rot, *l2 = g->rot + len;
    for (int k = 0; k < len; k++) {
        k2[k] = g->kids[b][(i + k) % len];
        l2[2 * k] = g->link[b][2 * ((i + k) % len)];
        l2[2 * k + 1] = g->link[b][2 * ((i + k) % len) + 1];
    }
    memcpy(g->kids[b], k2, (size_t)len * sizeof *k2);
    memcpy(g->link[b], l2, (size_t)len * 2 * sizeof *l2);
    g->base[b] = g->base[t];
}

static void augment(gb *g, int x, int y) {
    int pairs[2][2] = {{x, y}, {y, x}};
    for (int side = 0; side < 2; side++) {
        int s = pairs[side][0], j = pairs[side][1];
        for (;;) {
            int bs = g->top[s];
            if (bs >= g->n)
                shift_base(g, bs, s);
            g->mate[s] = j;
            if (g->out[bs] < 0)
                break;
            int bt = g->top[g->out[bs]];
            s = g->out[bt];
            j = g->in[bt];
            if (bt >= g->n)
                shift_base(g, bt, j);
            g->mate[j] = s;
        }
    }
}

/* Append blossom s's vertices in list order, from the from-th, to out. */
static int put_seq(const gb *g, int s, int from, int *out, int cnt) {
    if (s < g->n) {
        if (from == 0)
            out[cnt++] = s;
        return cnt;
    }
    for (int k = from; k < g->nseq[s]; k++)
        out[cnt++] = g->seq[s][k];
    return cnt;
}

static int cmp_key(const void *a, const void *b) {
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* Outer blossom s joins a new blossom: its vertices take the next ranks,
 * in the order of their present ones. */
static void rerank(gb *g, int s) {
    int cnt = leaves(g, s, g->scan, 0);
    int64_t *key = g->keys;
    for (int k = 0; k < cnt; k++)
        key[k] = (int64_t)g->rank[g->scan[k]] * g->n + g->scan[k];
    qsort(key, (size_t)cnt, sizeof *key, cmp_key);
    for (int k = 0; k < cnt; k++)
        g->rank[key[k] % g->n] = g->nrank++;
}

/* Outer vertices x and y of the same tree, in different blossoms: the
 * cycle they close becomes one outer blossom. */
static void shrink(gb *g, int x, int y) {
    int bx = g->top[x], by = g->top[y];
    /* common ancestor */
    int a = bx, c = by, bb = -1;
    while (a >= 0 || c >= 0) {
        if (a >= 0) {
            if (g->mark[a]) {
                bb = a;
                break;
            }
            g->mark[a] = 1;
            a = tree_up(g, a);
        }
        if (c >= 0) {
            if (g->mark[c]) {
                bb = c;
                break;
            }
            g->mark[c] = 1;
            c = tree_up(g, c);
        }
    }
    for (a = bx; a >= 0; a = tree_up(g, a))
        g->mark[a] = 0;
    for (c = by; c >= 0; c = tree_up(g, c))
        g->mark[c] = 0;
    int b = g->spare[--g->nspare];
    if (b >= g->hi)
        g->hi = b + 1;
    int len = 0;
    for (a = bx; a != bb; a = tree_up(g, a))
        len += 2;
    for (c = by; c != bb; c = tree_up(g, c))
        len += 2;
    len += 1;
    int *kids = malloc((size_t)len * sizeof *kids), *link = malloc((size_t)len * 2 * sizeof *link);
    int *seq = malloc((size_t)g->n * sizeof *seq);
    if (!kids || !link || !seq) {
        free(kids);
        free(link);
        free(seq);
        g->oom = true;
        return;
    }
    /* x's side, from bb down to bx */
    int k = 0;
    {
        int cnt = 0;
        for (a = bx; a != bb; a = tree_up(g, a))
            cnt++;
        /* chain a0 = bx .. a_cnt = bb, each step through an inner blossom */
        k = 2 * cnt;
        kids[0] = bb;
        int pos = k;
        for (a = bx; a != bb; a = tree_up(g, a)) {
            int t = g->top[g->out[a]];
            kids[pos] = a;
            kids[pos - 1] = t;
            /* edge from kid pos-1 (t) to kid pos (a): matched */
            link[2 * (pos - 1)] = g->out[a];
            link[2 * (pos - 1) + 1] = g->in[a];
            /* edge from kid pos-2 to kid pos-1 (t): t's tree edge */
            link[2 * (pos - 2)] = g->out[t];
            link[2 * (pos - 2) + 1] = g->in[t];
            pos -= 2;
        }
    }
    int kx = k; /* kids[1..kx] are x's side, bx at kx */
    link[2 * k] = x;
    link[2 * k + 1] = y;
    int pos = k + 1;
    for (c = by; c != bb; c = tree_up(g, c)) {
        int t = g->top[g->out[c]];
        kids[pos] = c;
        link[2 * pos] = g->in[c];
        link[2 * pos + 1] = g->out[c];
        kids[pos + 1] = t;
        link[2 * (pos + 1)] = g->in[t];
        link[2 * (pos + 1) + 1] = g->out[t];
        pos += 2;
    }
    /* list order: the base's first vertex, the sub-blossoms from y's end
     * up, then from x's end up, then the rest of the base's */
    int cnt = 1;
    seq[0] = g->name[bb];
    for (k = kx + 1; k < len; k++)
        cnt = put_seq(g, kids[k], 0, seq, cnt);
    for (k = kx; k >= 1; k--)
        cnt = put_seq(g, kids[k], 0, seq, cnt);
    cnt = put_seq(g, bb, 1, seq, cnt);
    int *fit = realloc(seq, (size_t)cnt * sizeof *seq); /* a smaller size: seq stays if it fails */
    g->seq[b] = fit ? fit : seq;
    g->nseq[b] = cnt;
    g->name[b] = g->name[bb];
    g->kids[b] = kids;
    g->link[b] = link;
    g->nkids[b] = len;
    g->up[b] = -1;
    g->base[b] = g->base[bb];
    g->dual[b] = 0;
    g->in[b] = g->in[bb];
    g->out[b] = g->out[bb];
    for (k = 0; k < len; k++)
        g->up[kids[k]] = b;
    /* inner sub-blossoms become outer: their vertices are scanned */
    set_top(g, b, b);
    set_label(g, b, OUTER);
    g->bt[b] = NEVER;
    g->bx[b] = -1;
    rerank(g, bb);
    for (k = kx + 1; k < len; k++) {
        if (g->label[kids[k]] == INNER)
            scan_blossom(g, kids[k], true);
        else
            rerank(g, kids[k]);
    }
    for (k = kx; k >= 1; k--) {
        if (g->label[kids[k]] == INNER)
            scan_blossom(g, kids[k], true);
        else
            rerank(g, kids[k]);
    }
    /* candidates that fell inside b look again; b's earliest edge event */
    g->bt[b] = NEVER;
    g->bx[b] = -1;
    touch(g, g->name[b]);
    cnt = leaves(g, b, g->list, 0);
    for (k = 0; k < cnt; k++) {
        int v = g->list[k];
        if (g->pair_to[v] >= 0 && g->top[g->pair_to[v]] == b)
            rescan_pair(g, v);
        offer(g, v);
    }
}

/* Blossom b (top level) dissolves into its sub-blossoms. */
static void dissolve(gb *g, int b) {
    for (int k = 0; k < g->nkids[b]; k++) {
        int s = g->kids[b][k];
        g->up[s] = -1;
        set_top(g, s, s);
        set_label(g, s, UNLABELLED);
    }
}

static void release(gb *g, int b) {
    free(g->kids[b]);
    free(g->link[b]);
    free(g->seq[b]);
    g->seq[b] = NULL;
    g->nseq[b] = 0;
    g->kids[b] = g->link[b] = NULL;
    g->nkids[b] = 0;
    g->label[b] = UNLABELLED;
    g->spare[g->nspare++] = b;
}

/* Inner blossom b's dual is zero: its sub-blossoms on the even path from
 * the entry to the base keep the tree; the others are unlabelled. */
static void expand_inner(gb *g, int b) {
    int len = g->nkids[b];
    int *kids = g->kids[b], *link = g->link[b];
    int in = g->in[b], out = g->out[b];
    int t = in;
    while (g->up[t] != b)
        t = g->up[t];
    int i = 0;
    while (kids[i] != t)
        i++;
    dissolve(g, b);
    int step = (i % 2) ? 1 : -1, j = i;
    unsigned char *onpath = g->onpath;
    memset(onpath, 0, (size_t)len);
    int cin = in, cout = out;
    for (;;) {
        int kt = kids[j];
        onpath[j] = 1;
        set_label(g, kt, INNER);
        g->in[kt] = cin;
        g->out[kt] = cout;
        if (kt >= g->n)
            g->expire[kt] = g->now + g->dual[kt];
        if (j == 0)
            break;
        int j1 = (j + step + len) % len, j2 = (j1 + step + len) % len;
        onpath[j1] = 1;
        int ks = kids[j1];
        /* ks is reached by the matched edge from kt */
        int m = g->base[ks];
        make_outer(g, ks, m, g->mate[m], true);
        if (step == 1) {
            cout = link[2 * j1];
            cin = link[2 * j1 + 1];
        } else {
            cout = link[2 * j2 + 1];
            cin = link[2 * j2];
        }
        j = j2;
    }
    for (int k = 0; k < len; k++) {
        if (onpath[k])
            continue;
        int cnt = leaves(g, kids[k], g->list, 0);
        for (int x = 0; x < cnt; x++)
            rescan_reach(g, g->list[x]);
    }
    release(g, b);
}

/* The lowest vertex of inner blossom b with a tight edge to an outer
 * vertex: the vertex that carries b's expansion (the lazy offsets of an
 * outer and an inner dual cancel out). */
static int expire_carrier(gb *g, int b) {
    int cnt = leaves(g, b, g->list, 0), low = g->in[b];
    for (int k = 0; k < cnt; k++) {
        int v = g->list[k];
        if (v >= low)
            continue;
        const int64_t *row = g->w + (size_t)v * (size_t)g->n; /* w is symmetric */
        for (int o = 0; o < g->nouter; o++) {
            int u = g->outer[o];
            if (g->dual[u] + g->dual[v] == 2 * row[u]) {
                low = v;
                break;
            }
        }
    }
    return low;
}

/* Vertex i's pending event in next_event's index: reached when
 * unlabelled; as the name of a top-level outer blossom, its earliest edge
 * event. (An inner blossom's expansion is carried by a vertex that
 * depends on the edges tight at the time: next_event looks at those
 * blossoms on every event.) */
static int64_t key(const gb *g, int i) {
    if (g->vl[i] == UNLABELLED)
        return g->reach[i];
    int b = g->top[i];
    if (g->vl[i] != OUTER || g->name[b] != i)
        return NEVER;
    return g->bt[b];
}

/* The pending event that comes first: its time and *x the vertex
 * carrying it; among equal times the one of the lowest vertex that
 * carries one (the reached vertex, the outer blossom's name, the inner
 * blossom's expire_carrier). */
static int64_t next_event(gb *g, int *x) {
    int64_t best = NEVER;
    int by = -1;
    for (int k = 0; k * BLOCK < g->n; k++) {
        if (g->kdirty[k]) {
            g->kmin[k] = NEVER;
            g->kby[k] = -1;
            for (int i = k * BLOCK, end = i + BLOCK < g->n ? i + BLOCK : g->n; i < end; i++) {
                int64_t t = key(g, i);
                if (t < g->kmin[k]) {
                    g->kmin[k] = t;
                    g->kby[k] = i;
                }
            }
            g->kdirty[k] = 0;
        }
        if (g->kmin[k] < best) {
            best = g->kmin[k];
            by = g->kby[k];
        }
    }
    *x = by < 0 ? -1 : g->vl[by] == OUTER ? g->bx[g->top[by]] : by;
    for (int b = g->n; b < g->hi; b++) {
        if (!g->kids[b] || g->up[b] >= 0 || g->label[b] != INNER || g->expire[b] > best)
            continue;
        if (g->expire[b] == NEVER)
            continue;
        int pos = expire_carrier(g, b);
        if (g->expire[b] < best || pos < by) {
            best = g->expire[b];
            by = pos;
            *x = pos;
        }
    }
    return best;
}

/* An outer root of this stage that was one at the last stage's start too. */
static bool kept_root(const gb *g, int v) {
    return g->vl[v] == OUTER && (g->was[v] & WAS_ROOT);
}

/* Stage start: the roots' vertices are outer[0..nouter) in scan order,
 * the others unlabelled. Give them the records scan_vertex would give
 * them, in time proportional to n times the vertices whose part changed.
 * A root that was one at the last stage's start too has lost 'now' (the
 * last stage's) from its dual, and such roots keep their relative scan
 * order and stay in different blossoms: roots' blossoms are scanned in
 * the order of their free bases, a root's blossom is never inner (so
 * never expanded), two roots are never in one tree (so never in one
 * blossom), and a blossom that absorbs a root's blossom lists that
 * blossom's name first and the rest of its list last; an
 * unlabelled vertex that was unlabelled at the last stage's start too
 * changed its dual by some amount of its own (labelled meanwhile or not).
 * So the slacks of a kept root, or of such an unlabelled vertex, to all
 * the kept roots moved by the same amount, and the last stage's choice
 * stands unless it left the roots or, for a pair, joined the vertex's
 * blossom. Such records only take the new roots into account; the others
 * are computed from all roots. An unlabelled vertex also keeps its
 * cheapest edge to a root (near_to, the lowest root among equals: the
 * roots' part of its candidate if it turns outer, since the roots' slacks
 * all move together during the stage). */
static void start_pairs(gb *g) {
    int n = g->n, no = g->nouter;
    const int *outer = g->outer, *top = g->top;
    const int64_t *dual = g->dual;
    unsigned char *need = g->need;
    for (int k = 0; k < no; k++) {
        int x = outer[k], to = g->was_to[x];
        need[x] = !kept_root(g, x) || (to >= 0 && (!kept_root(g, to) || top[to] == top[x]));
        g->pair[x] = need[x] || to < 0
                         ? NEVER
                         : (dual[x] + dual[to] - 2 * g->w[(size_t)x * (size_t)n + (size_t)to]) / 2;
        g->pair_to[x] = need[x] ? -1 : to;
    }
    for (int k = 0; k < no; k++) {
        int x = outer[k], bx = top[x];
        const int64_t *row = g->w + (size_t)x * (size_t)n;
        if (need[x]) {            /* its cheapest edge to the roots scanned before it */
            int64_t best = NEVER; /* the least slack, halved below */
            int to = -1;
            for (int j = 0; j < k; j++) {
                int v = outer[j];
                int64_t t = dual[x] + dual[v] - 2 * row[v];
                if ((t < best || (t == best && v < to)) && top[v] != bx) {
                    best = t;
                    to = v;
                }
            }
            g->pair[x] = to < 0 ? NEVER : best / 2;
            g->pair_to[x] = to;
        }
        if (kept_root(g, x))
            continue;
        /* a new root is a candidate of the kept records after it (w is
         * symmetric) */
        for (int j = k + 1; j < no; j++) {
            int v = outer[j];
            if (need[v] || top[v] == bx)
                continue;
            int64_t t = (dual[v] + dual[x] - 2 * row[v]) / 2;
            if (t < g->pair[v] || (t == g->pair[v] && x < g->pair_to[v])) {
                g->pair[v] = t;
                g->pair_to[v] = x;
            }
        }
    }
}

/* Unlabelled vertex v's edge from root x (place k in the scan order),
 * slack t: reach keeps the first scanned of the cheapest, near_to the
 * lowest-numbered. */
static void from_root(gb *g, int v, int x, int k, int64_t t) {
    if (t < g->reach[v] || (t == g->reach[v] && k < g->stamp[g->reach_from[v]])) {
        g->reach[v] = t;
        g->reach_from[v] = x;
    }
    if (t < g->near_t[v] || (t == g->near_t[v] && x < g->near_to[v])) {
        g->near_t[v] = t;
        g->near_to[v] = x;
    }
}

static void start_reaches(gb *g) {
    int n = g->n, no = g->nouter, nf = g->nfree;
    const int *outer = g->outer, *fv = g->free_v;
    const int64_t *dual = g->dual;
    unsigned char *need = g->need;
    for (int k = 0; k < nf; k++) {
        int v = fv[k], u = g->was_from[v], c = g->near_to[v];
        need[v] = !(g->was[v] & WAS_FREE) || u < 0 || !kept_root(g, u) || c < 0 || !kept_root(g, c);
        const int64_t *row = g->w + (size_t)v * (size_t)n;
        g->reach[v] = need[v] ? NEVER : dual[u] + dual[v] - 2 * row[u];
        g->reach_from[v] = need[v] ? -1 : u;
        g->near_t[v] = need[v] ? NEVER : dual[c] + dual[v] - 2 * row[c];
        g->near_to[v] = need[v] ? -1 : c;
    }
    for (int k = 0; k < no; k++) { /* the new roots, for the kept records */
        int x = outer[k];
        if (kept_root(g, x))
            continue;
        const int64_t *row = g->w + (size_t)x * (size_t)n;
        for (int j = 0; j < nf; j++) {
            int v = fv[j];
            if (!need[v])
                from_root(g, v, x, k, dual[x] + dual[v] - 2 * row[v]);
        }
    }
    for (int j = 0; j < nf; j++) { /* the others: from every root */
        int v = fv[j];
        if (!need[v])
            continue;
        const int64_t *row = g->w + (size_t)v * (size_t)n;
        for (int k = 0; k < no; k++)
            from_root(g, v, outer[k], k, dual[outer[k]] + dual[v] - 2 * row[outer[k]]);
    }
}

static void start_records(gb *g) {
    start_pairs(g);
    start_reaches(g);
    g->nroots = g->nouter;
    for (int k = 0; k < g->nouter; k++)
        offer(g, g->outer[k]);
    for (int v = 0; v < g->n; v++) {
        g->was[v] = g->vl[v] == OUTER ? WAS_ROOT : WAS_FREE;
        if (g->vl[v] == OUTER)
            g->was_to[v] = g->pair_to[v];
        else
            g->was_from[v] = g->reach_from[v];
    }
}

/* One stage: grow the forest of every free vertex until an augmenting path
 * is found. Returns false when none exists (or out of memory). */
static bool stage(gb *g) {
    int n = g->n;
    for (int v = 0; v < n; v++) { /* the last stage's duals, unlabelled */
        g->dual[v] = vdual(g, v);
        g->vl[v] = UNLABELLED;
    }
    g->now = 0;
    g->nouter = 0;
    g->nrank = 0;
    memset(g->kdirty, 1, (size_t)n / BLOCK + 1);
    for (int b = 0; b < 2 * n; b++)
        g->label[b] = UNLABELLED;
    g->nfree = 0;
    for (int v = 0; v < n; v++) {
        g->free_at[v] = g->nfree;
        g->free_v[g->nfree++] = v;
        g->reach[v] = NEVER;
        g->reach_from[v] = -1;
        g->pair[v] = NEVER;
        g->pair_to[v] = -1;
    }
    for (int v = 0; v < n; v++)
        if (g->mate[v] < 0)
            make_outer(g, g->top[v], v, -1, false);
    start_records(g);
    while (!g->oom) {
        int x;
        int64_t when = next_event(g, &x);
        if (x < 0)
            return false;
        int64_t d = when - g->now;
        for (int b = n; b < g->hi; b++)
            if (g->kids[b] && g->up[b] < 0)
                g->dual[b] += g->label[b] == OUTER ? d : g->label[b] == INNER ? -d : 0;
        g->now = when;
        int b = g->top[x];
        if (g->label[b] == UNLABELLED) {
            grow(g, x, g->reach_from[x]);
        } else if (g->label[b] == INNER) {
            expand_inner(g, b);
        } else {
            int y = g->pair_to[x], rx = b, ry = g->top[y], r;
            while ((r = tree_up(g, rx)) >= 0)
                rx = r;
            while ((r = tree_up(g, ry)) >= 0)
                ry = r;
            if (rx == ry) {
                shrink(g, x, y);
                continue;
            }
            augment(g, x, y);
            return !g->oom;
        }
    }
    return false;
}

/* All of g's arrays in one allocation, zeroed: n2 entries each (rot 3 n2). */
static bool gb_alloc(gb *g, size_t n2) {
    int64_t **a64[] = {&g->dual,   &g->reach, &g->pair, &g->near_t,
                       &g->expire, &g->bt,    &g->kmin, &g->keys};
    int **aint[] = {&g->mate,   &g->up,      &g->base,     &g->nkids,   &g->top,        &g->label,
                    &g->free_v, &g->free_at, &g->in,       &g->out,     &g->reach_from, &g->pair_to,
                    &g->stamp,  &g->was_to,  &g->was_from, &g->near_to, &g->outer,      &g->bx,
                    &g->spare,  &g->mark,    &g->list,     &g->scan,    &g->kby,        &g->rank,
                    &g->name,   &g->nseq};
    unsigned char **a8[] = {&g->vl, &g->kdirty, &g->was, &g->need, &g->onpath};
    size_t k64 = sizeof a64 / sizeof *a64, kint = sizeof aint / sizeof *aint,
           k8 = sizeof a8 / sizeof *a8;
    /* pointers first, then the wider types, each part a multiple of 8 bytes */
    char *a = calloc(n2, 3 * sizeof(int *) + k64 * sizeof(int64_t) + (kint + 3) * sizeof(int) + k8);
    if (!a)
        return false;
    g->arena = a;
    int **pp = (int **)(void *)a;
    g->kids = pp;
    g->link = pp + n2;
    g->seq = pp + 2 * n2;
    int64_t *p64 = (int64_t *)(void *)(pp + 3 * n2);
    for (size_t k = 0; k < k64; k++, p64 += n2)
        *a64[k] = p64;
    int *pint = (int *)(void *)p64;
    for (size_t k = 0; k < kint; k++, pint += n2)
        *aint[k] = pint;
    g->rot = pint;
    unsigned char *p8 = (unsigned char *)(pint + 3 * n2);
    for (size_t k = 0; k < k8; k++, p8 += n2)
        *a8[k] = p8;
    return true;
}

sw_status sw_go_gabow(const int64_t *w, int n, int *mate, const char *path, sw_error *err) {
    gb g = {.n = n, .w = w, .hi = n};
    /* 2n + 2 entries: an even count keeps each part a multiple of 8 bytes */
    g.oom = !gb_alloc(&g, 2 * (size_t)n + 2);
    if (!g.oom) {
        int64_t most = 0;
        for (size_t k = 0; k < (size_t)n * (size_t)n; k++)
            if (w[k] > most)
                most = w[k];
        for (int v = 0; v < n; v++) {
            g.dual[v] = most;
            g.mate[v] = -1;
            g.up[v] = -1;
            g.base[v] = v;
            g.top[v] = v;
            g.name[v] = v;
        }
        for (int b = 2 * n - 1; b >= n; b--) {
            g.up[b] = -1;
            g.spare[g.nspare++] = b;
        }
        while (stage(&g))
            ;
    }
    sw_status st = SW_OK;
    if (g.oom)
        st = sw_error_set(err, SW_ERR_NOMEM, path, 0, "out of memory");
    for (int v = 0; v < n && !st; v++) {
        mate[v] = g.mate[v];
        if (mate[v] < 0)
            st = sw_error_set(err, SW_ERR_INVALID, path, 0, "no perfect matching");
    }
    for (int b = n; b < 2 * n && g.arena; b++) {
        free(g.kids[b]);
        free(g.link[b]);
        free(g.seq[b]);
    }
    free(g.arena);
    return st;
}
