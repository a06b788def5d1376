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

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

typedef sw_blossom_weight wt;

typedef struct ws {
    int n, m;
    int *endpoint;    /* 2m */
    wt *w2;           /* m: doubled weights */
    int *nb_start;    /* n+1: CSR of remote endpoints */
    int *nb;          /* 2m */
    int *mate;        /* n: remote endpoint of matched edge or -1 */
    int *label;       /* 2n: 0 free, 1 S, 2 T, 5 = S marked by scan */
    int *labelend;    /* 2n */
    int *inblossom;   /* n */
    int *parent;      /* 2n: blossomparent */
    int **childs;     /* 2n */
    int **endps;      /* 2n */
    int *nchilds;     /* 2n */
    int *base;        /* 2n: blossombase, -1 for unused */
    int *bestedge;    /* 2n */
    int **bbest;      /* 2n: blossombestedges (NULL = none) */
    int *nbbest;      /* 2n */
    int *unused;      /* stack of free blossom ids */
    int nunused;
    wt *dual;         /* 2n */
    bool *allow;      /* m */
    int *queue;       /* n */
    int nqueue;
    int *stack;       /* 2n: scratch for leaf walks */
    int *leaves;      /* n: scratch leaf list */
    int *bestto;      /* 2n: scratch for addBlossom, all -1 between uses */
    int *touched;     /* 2n */
    int *path;        /* 2n: scratch for scanBlossom */
    bool oom;
} ws;

static wt slack(const ws *s, int k) {
    return s->dual[s->endpoint[2 * k]] + s->dual[s->endpoint[2 * k + 1]] - 2 * s->w2[k];
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

static void assign_label(ws *s, int w, int t, int p) {
    /* Iterative: a T label always passes an S label to the mate of the base. */
    for (;;) {
        int b = s->inblossom[w];
        s->label[w] = s->label[b] = t;
        s->labelend[w] = s->labelend[b] = p;
        s->bestedge[w] = s->bestedge[b] = -1;
        if (t == 1) {
            int cnt = leaves_of(s, b, s->leaves);
            for (int i = 0; i < cnt; i++)
                s->queue[s->nqueue++] = s->leaves[i];
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

static void consider_best(ws *s, int b, int k, int *touched_n) {
    int i = s->endpoint[2 * k], j = s->endpoint[2 * k + 1];
    if (s->inblossom[j] == b) {
        int t = i;
        i = j;
        j = t;
    }
    (void)i;
    int bj = s->inblossom[j];
    if (bj != b && s->label[bj] == 1 &&
        (s->bestto[bj] == -1 || slack(s, k) < slack(s, s->bestto[bj]))) {
        if (s->bestto[bj] == -1)
            s->touched[(*touched_n)++] = bj;
        s->bestto[bj] = k;
    }
}

static void add_blossom(ws *s, int bse, int k) {
    int v = s->endpoint[2 * k], w = s->endpoint[2 * k + 1];
    int bb = s->inblossom[bse], bv = s->inblossom[v], bw = s->inblossom[w];
    int b = s->unused[--s->nunused];
    /* Count the children first so each list is allocated once. */
    int cnt = 1;
    for (int x = bv; x != bb; x = s->inblossom[s->endpoint[s->labelend[x]]])
        cnt++;
    for (int x = bw; x != bb; x = s->inblossom[s->endpoint[s->labelend[x]]])
        cnt++;
    int *ch = malloc(sizeof(int) * (size_t)cnt), *ep = malloc(sizeof(int) * (size_t)cnt);
    if (!ch || !ep) {
        free(ch);
        free(ep);
        s->unused[s->nunused++] = b;
        s->oom = true;
        return;
    }
    s->base[b] = bse;
    s->parent[b] = -1;
    s->parent[bb] = b;
    /* The v side is collected backwards: child order runs base, ..., v, w, ..., back to base. */
    int nv = 0;
    for (int x = bv; x != bb; x = s->inblossom[s->endpoint[s->labelend[x]]])
        nv++;
    int pos = nv;
    ch[0] = bb;
    for (int x = bv; x != bb;) {
        s->parent[x] = b;
        ch[pos] = x;
        ep[pos - 1] = s->labelend[x];
        pos--;
        x = s->inblossom[s->endpoint[s->labelend[x]]];
    }
    ep[nv] = 2 * k;
    pos = nv + 1;
    for (int x = bw; x != bb;) {
        s->parent[x] = b;
        ch[pos] = x;
        ep[pos] = s->labelend[x] ^ 1;
        pos++;
        x = s->inblossom[s->endpoint[s->labelend[x]]];
    }
    s->childs[b] = ch;
    s->endps[b] = ep;
    s->nchilds[b] = cnt;
    s->label[b] = 1;
    s->labelend[b] = s->labelend[bb];
    s->dual[b] = 0;
    int nl = leaves_of(s, b, s->leaves);
    for (int i = 0; i < nl; i++) {
        int x = s->leaves[i];
        if (s->label[s->inblossom[x]] == 2)
            s->queue[s->nqueue++] = x;
        s->inblossom[x] = b;
    }
    /* Best edges from the new blossom to each neighbouring S-blossom. */
    int tn = 0;
    for (int c = 0; c < cnt; c++) {
        int sub = ch[c];
        if (s->bbest[sub]) {
            for (int i = 0; i < s->nbbest[sub]; i++)
                consider_best(s, b, s->bbest[sub][i], &tn);
        } else {
            int nsl = leaves_of(s, sub, s->leaves);
            for (int i = 0; i < nsl; i++) {
                int x = s->leaves[i];
                for (int q = s->nb_start[x]; q < s->nb_start[x + 1]; q++)
                    consider_best(s, b, s->nb[q] >> 1, &tn);
            }
        }
        free(s->bbest[sub]);
        s->bbest[sub] = NULL;
        s->nbbest[sub] = 0;
        s->bestedge[sub] = -1;
    }
    int *list = malloc(sizeof(int) * (size_t)(tn ? tn : 1));
    if (!list)
        s->oom = true;
    s->bestedge[b] = -1;
    for (int i = 0; i < tn; i++) {
        int kk = s->bestto[s->touched[i]];
        s->bestto[s->touched[i]] = -1;
        if (list)
            list[i] = kk;
        if (s->bestedge[b] == -1 || slack(s, kk) < slack(s, s->bestedge[b]))
            s->bestedge[b] = kk;
    }
    s->bbest[b] = list;
    s->nbbest[b] = list ? tn : 0;
}

static int child_index(const ws *s, int b, int t) {
    for (int i = 0; i < s->nchilds[b]; i++)
        if (s->childs[b][i] == t)
            return i;
    return -1;
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
        } else if (endstage && s->dual[c] == 0) {
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
        int j = child_index(s, b, entry), jstep, trick;
        if (j & 1) {
            j -= s->nchilds[b];
            jstep = 1;
            trick = 0;
        } else {
            jstep = -1;
            trick = 1;
        }
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
    int i = child_index(s, b, t), j = i, jstep, trick;
    if (i & 1) {
        j -= s->nchilds[b];
        jstep = 1;
        trick = 0;
    } else {
        jstep = -1;
        trick = 1;
    }
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

/* Scan the queue; returns true after an augmentation. */
static bool scan_queue(ws *s) {
    while (s->nqueue > 0 && !s->oom) {
        int v = s->queue[--s->nqueue];
        for (int q = s->nb_start[v]; q < s->nb_start[v + 1]; q++) {
            int p = s->nb[q], k = p >> 1, w = s->endpoint[p];
            if (s->inblossom[v] == s->inblossom[w])
                continue;
            wt ks = 0;
            if (!s->allow[k]) {
                ks = slack(s, k);
                if (ks <= 0)
                    s->allow[k] = true;
            }
            int bw = s->inblossom[w];
            if (s->allow[k]) {
                if (s->label[bw] == 0) {
                    assign_label(s, w, 2, p ^ 1);
                } else if (s->label[bw] == 1) {
                    int bse = scan_blossom(s, v, w);
                    if (bse >= 0) {
                        add_blossom(s, bse, k);
                        if (s->oom)
                            return false;
                    } else {
                        augment_matching(s, k);
                        return true;
                    }
                } else if (s->label[w] == 0) {
                    s->label[w] = 2;
                    s->labelend[w] = p ^ 1;
                }
            } else if (s->label[bw] == 1) {
                int b = s->inblossom[v];
                if (s->bestedge[b] == -1 || ks < slack(s, s->bestedge[b]))
                    s->bestedge[b] = k;
            } else if (s->label[w] == 0) {
                if (s->bestedge[w] == -1 || ks < slack(s, s->bestedge[w]))
                    s->bestedge[w] = k;
            }
        }
    }
    return false;
}

/* One dual adjustment; returns false when the stage must end without augmenting. */
static bool adjust_duals(ws *s, bool maxcard) {
    int n = s->n, type = -1, dedge = -1, dblossom = -1;
    wt delta = 0;
    if (!maxcard) {
        type = 1;
        delta = s->dual[0];
        for (int v = 1; v < n; v++)
            if (s->dual[v] < delta)
                delta = s->dual[v];
    }
    for (int v = 0; v < n; v++)
        if (s->label[s->inblossom[v]] == 0 && s->bestedge[v] != -1) {
            wt d = slack(s, s->bestedge[v]);
            if (type == -1 || d < delta) {
                delta = d;
                type = 2;
                dedge = s->bestedge[v];
            }
        }
    for (int b = 0; b < 2 * n; b++)
        if (s->parent[b] == -1 && s->label[b] == 1 && s->bestedge[b] != -1) {
            wt d = slack(s, s->bestedge[b]) / 2;
            if (type == -1 || d < delta) {
                delta = d;
                type = 3;
                dedge = s->bestedge[b];
            }
        }
    for (int b = n; b < 2 * n; b++)
        if (s->base[b] >= 0 && s->parent[b] == -1 && s->label[b] == 2 &&
            (type == -1 || s->dual[b] < delta)) {
            delta = s->dual[b];
            type = 4;
            dblossom = b;
        }
    if (type == -1) /* max-cardinality mode and no way forward: optimum reached */
        return false;
    for (int v = 0; v < n; v++) {
        int l = s->label[s->inblossom[v]];
        if (l == 1)
            s->dual[v] -= delta;
        else if (l == 2)
            s->dual[v] += delta;
    }
    for (int b = n; b < 2 * n; b++)
        if (s->base[b] >= 0 && s->parent[b] == -1) {
            if (s->label[b] == 1)
                s->dual[b] += delta;
            else if (s->label[b] == 2)
                s->dual[b] -= delta;
        }
    if (type == 1)
        return false;
    if (type == 2 || type == 3) {
        s->allow[dedge] = true;
        int i = s->endpoint[2 * dedge], j = s->endpoint[2 * dedge + 1];
        if (s->label[s->inblossom[i]] == 0)
            i = j;
        s->queue[s->nqueue++] = i;
    } else {
        expand_blossom(s, dblossom, false);
    }
    return true;
}

static void greedy_start(ws *s) {
    int n = s->n;
    for (int v = 0; v < n; v++) {
        wt best = 0;
        bool any = false;
        for (int q = s->nb_start[v]; q < s->nb_start[v + 1]; q++) {
            wt w = s->w2[s->nb[q] >> 1];
            if (!any || w > best)
                best = w;
            any = true;
        }
        s->dual[v] = best;
    }
    for (int v = 0; v < n; v++) {
        if (s->mate[v] != -1 || s->nb_start[v] == s->nb_start[v + 1])
            continue;
        /* Lower u_v to the least value keeping every edge feasible; a free
         * neighbour on a now-tight edge becomes the mate. */
        wt low = 0;
        for (int q = s->nb_start[v]; q < s->nb_start[v + 1]; q++) {
            int p = s->nb[q];
            wt need = 2 * s->w2[p >> 1] - s->dual[s->endpoint[p]];
            if (q == s->nb_start[v] || need > low)
                low = need;
        }
        int pick = -1;
        for (int q = s->nb_start[v]; q < s->nb_start[v + 1] && pick < 0; q++) {
            int p = s->nb[q], w = s->endpoint[p];
            if (s->mate[w] == -1 && 2 * s->w2[p >> 1] - s->dual[w] == low)
                pick = q;
        }
        s->dual[v] = low;
        if (pick >= 0) {
            int p = s->nb[pick];
            s->mate[v] = p;
            s->mate[s->endpoint[p]] = p ^ 1;
        }
    }
}

static void ws_free(ws *s) {
    if (s->childs)
        for (int b = 0; b < 2 * s->n; b++) {
            free(s->childs[b]);
            free(s->endps[b]);
            free(s->bbest[b]);
        }
    free(s->endpoint);
    free(s->w2);
    free(s->nb_start);
    free(s->nb);
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
}

static bool ws_alloc(ws *s, int n, int m) {
    size_t n2 = 2 * (size_t)n + 1, mm = (size_t)m + 1;
    s->n = n;
    s->m = m;
    s->endpoint = malloc(sizeof(int) * 2 * mm);
    s->w2 = malloc(sizeof(wt) * mm);
    s->nb_start = calloc((size_t)n + 1, sizeof(int));
    s->nb = malloc(sizeof(int) * 2 * mm);
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
    s->dual = malloc(sizeof(wt) * n2);
    s->allow = malloc(sizeof(bool) * mm);
    s->queue = malloc(sizeof(int) * n2);
    s->stack = malloc(sizeof(int) * n2);
    s->leaves = malloc(sizeof(int) * n2);
    s->bestto = malloc(sizeof(int) * n2);
    s->touched = malloc(sizeof(int) * n2);
    s->path = malloc(sizeof(int) * n2);
    return s->endpoint && s->w2 && s->nb_start && s->nb && s->mate && s->label && s->labelend &&
           s->inblossom && s->parent && s->childs && s->endps && s->nchilds && s->base &&
           s->bestedge && s->bbest && s->nbbest && s->unused && s->dual && s->allow && s->queue &&
           s->stack && s->leaves && s->bestto && s->touched && s->path;
}

/* Reset the matching state (the graph arrays stay). */
static void ws_reset(ws *s, wt maxw) {
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
        s->dual[b] = b < n ? maxw : 0;
    }
    for (int v = 0; v < n; v++) {
        s->mate[v] = -1;
        s->inblossom[v] = v;
    }
    s->nunused = 0;
    for (int b = 2 * n - 1; b >= n; b--)
        s->unused[s->nunused++] = b;
}

/* Run stages until no augmenting path remains. */
static void solve(ws *s, bool maxcard) {
    int n = s->n;
    for (int stage = 0; stage < n && !s->oom; stage++) {
        for (int b = 0; b < 2 * n; b++) {
            s->label[b] = 0;
            s->bestedge[b] = -1;
            if (b >= n) {
                free(s->bbest[b]);
                s->bbest[b] = NULL;
                s->nbbest[b] = 0;
            }
        }
        memset(s->allow, 0, sizeof(bool) * (size_t)s->m);
        s->nqueue = 0;
        for (int v = 0; v < n; v++)
            if (s->mate[v] == -1 && s->label[s->inblossom[v]] == 0)
                assign_label(s, v, 1, -1);
        bool augmented = false;
        for (;;) {
            augmented = scan_queue(s);
            if (augmented || s->oom)
                break;
            if (!adjust_duals(s, maxcard) || s->oom)
                break;
        }
        if (!augmented || s->oom)
            break;
        for (int b = n; b < 2 * n; b++)
            if (s->parent[b] == -1 && s->base[b] >= 0 && s->label[b] == 1 && s->dual[b] == 0)
                expand_blossom(s, b, true);
    }
}

void sw_blossom_dual_free(sw_blossom_dual *d) {
    if (!d)
        return;
    free(d->y);
    free(d->up);
    free(d->depth);
    free(d->zsum);
    free(d->top);
    free(d->jump);
    memset(d, 0, sizeof *d);
}

/* Copy the duals and the blossom forest out of the workspace. */
static bool export_dual(const ws *s, sw_blossom_dual *d) {
    int n = s->n;
    size_t n2 = 2 * (size_t)n + 1;
    d->n = n;
    d->y = malloc(sizeof(wt) * (size_t)(n + 1));
    d->up = malloc(sizeof(int) * n2);
    d->depth = malloc(sizeof(int) * n2);
    d->zsum = malloc(sizeof(wt) * n2);
    d->top = malloc(sizeof(int) * (size_t)(n + 1));
    if (!d->y || !d->up || !d->depth || !d->zsum || !d->top)
        return false;
    for (int v = 0; v < n; v++) {
        d->y[v] = s->dual[v];
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
            d->depth[t] = u == -1 ? 0 : d->depth[u] + 1;
            d->zsum[t] = (u == -1 ? 0 : d->zsum[u]) + (t >= n ? 2 * s->dual[t] : 0);
        }
    }
    /* Nested blossoms can be deep (a round with many ties builds chains of
     * them), so the common enclosing blossom is found by binary lifting. */
    int maxd = 0;
    for (int b = 0; b < 2 * n; b++)
        if (d->depth[b] > maxd)
            maxd = d->depth[b];
    d->levels = 1;
    while ((1 << d->levels) <= maxd)
        d->levels++;
    size_t nn = 2 * (size_t)n;
    d->jump = malloc(sizeof(int) * nn * (size_t)d->levels);
    if (!d->jump)
        return false;
    for (size_t x = 0; x < nn; x++)
        d->jump[x] = d->up[x];
    for (int k = 1; k < d->levels; k++)
        for (size_t x = 0; x < nn; x++) {
            int mid = d->jump[(size_t)(k - 1) * nn + x];
            d->jump[(size_t)k * nn + x] = mid == -1 ? -1 : d->jump[(size_t)(k - 1) * nn + (size_t)mid];
        }
    return true;
}

sw_blossom_weight sw_blossom_reduced_cost(const sw_blossom_dual *d, int u, int v,
                                          sw_blossom_weight w) {
    wt r = d->y[u] + d->y[v] - 4 * w;
    if (d->top[u] != d->top[v])
        return r; /* the common case: no blossom holds both ends */
    /* Same top-level blossom: lift both ends to equal depth, then to just
     * below their lowest common blossom. */
    size_t nn = 2 * (size_t)d->n;
    int a = u, b = v;
    if (d->depth[a] < d->depth[b]) {
        a = v;
        b = u;
    }
    for (int k = d->levels - 1; k >= 0; k--)
        if (d->depth[a] - (1 << k) >= d->depth[b])
            a = d->jump[(size_t)k * nn + (size_t)a];
    if (a == b)
        return r + d->zsum[a]; /* cannot happen for two vertices; kept for safety */
    for (int k = d->levels - 1; k >= 0; k--) {
        int ja = d->jump[(size_t)k * nn + (size_t)a], jb = d->jump[(size_t)k * nn + (size_t)b];
        if (ja != jb) {
            a = ja;
            b = jb;
        }
    }
    int lca = d->up[a];
    return lca == -1 ? r : r + d->zsum[lca];
}

sw_status sw_blossom_match(int n, const sw_blossom_edge *edges, size_t m, int flags, int *mate,
                           sw_error *err) {
    return sw_blossom_match_dual(n, edges, m, flags, mate, NULL, err);
}

sw_status sw_blossom_match_dual(int n, const sw_blossom_edge *edges, size_t m, int flags,
                                int *mate, sw_blossom_dual *dual, sw_error *err) {
    if (dual)
        memset(dual, 0, sizeof *dual);
    if (n < 0 || m > (size_t)(1u << 30))
        return sw_error_set(err, SW_ERR_LIMIT, NULL, 0, "graph too large (%d vertices, %zu edges)",
                            n, m);
    for (size_t k = 0; k < m; k++) {
        const sw_blossom_edge *e = &edges[k];
        if (e->u < 0 || e->u >= n || e->v < 0 || e->v >= n || e->u == e->v)
            return sw_error_set(err, SW_ERR_INVALID, NULL, 0,
                                "edge %zu: vertices %d-%d, expected two distinct in [0, %d)", k,
                                e->u, e->v, n);
        if (e->w > SW_BLOSSOM_WEIGHT_MAX || e->w < -SW_BLOSSOM_WEIGHT_MAX)
            return sw_error_set(err, SW_ERR_INVALID, NULL, 0,
                                "edge %zu: weight beyond 2^120 in magnitude", k);
    }
    if (n == 0)
        return SW_OK;
    ws s;
    memset(&s, 0, sizeof s);
    if (!ws_alloc(&s, n, (int)m)) {
        ws_free(&s);
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory for the matching");
    }
    wt maxw = 0;
    for (size_t k = 0; k < m; k++) {
        s.endpoint[2 * k] = edges[k].u;
        s.endpoint[2 * k + 1] = edges[k].v;
        s.w2[k] = 2 * edges[k].w;
        if (s.w2[k] > maxw)
            maxw = s.w2[k];
        s.nb_start[edges[k].u + 1]++;
        s.nb_start[edges[k].v + 1]++;
    }
    for (int v = 0; v < n; v++)
        s.nb_start[v + 1] += s.nb_start[v];
    int *fill = s.leaves; /* scratch, size >= n */
    for (int v = 0; v < n; v++)
        fill[v] = s.nb_start[v];
    for (size_t k = 0; k < m; k++) {
        s.nb[fill[edges[k].u]++] = (int)(2 * k + 1);
        s.nb[fill[edges[k].v]++] = (int)(2 * k);
    }
    bool maxcard = flags & SW_BLOSSOM_MAX_CARDINALITY;
    ws_reset(&s, maxw);
    bool done = false;
    if (maxcard && !(flags & SW_BLOSSOM_NO_GREEDY_START)) {
        greedy_start(&s);
        solve(&s, true);
        done = !s.oom;
        for (int v = 0; v < n && done; v++)
            if (s.mate[v] == -1)
                done = false; /* deficient: the uneven start proves nothing */
        if (!done && !s.oom)
            ws_reset(&s, maxw);
    }
    if (!done && !s.oom)
        solve(&s, maxcard);
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
    ws_free(&s);
    return SW_OK;
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
