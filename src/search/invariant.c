/* src/search/invariant.c: seasons whose every session is invariant under
 * one group of relabellings that fixes the sessions.
 *
 * Take G = (Z2)^k acting on the participants' labels by x -> x XOR v on
 * the low k bits (blocks of 2^k labels, the G-orbits). A session's seating
 * s is G-invariant when s g s^-1 is a symmetry of the movement (a
 * permutation of positions keeping every position pair's meetings and
 * comparisons, and the rests) for every g: then the session's meetings and
 * comparisons are the same over each G-orbit of participant pairs, and so
 * are the season's M and C when every session is. Such seatings are few:
 * s(block b, label v) = h_v(p_b) for an ordered basis h_1..h_k of a
 * group of commuting fixed-point-free involutions of the movement (all of
 * its elements fixed-point-free) and one position p_b a block, in
 * different orbits of it. They are listed once (deduplicated by what they
 * give the pair orbits), then the sessions are chosen among them by an
 * exact branch and bound: So at its bound (every pair f or f+1 meetings),
 * then Sp, then Sc lowest. With at most two blocks it applies to 4, 8, 16
 * and 32 participants. Some team movements' lowest-Sc seasons are of this
 * kind, and the exchange walks reach them in few restarts, where the
 * construction builds one directly (docs/search.md).
 * SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "search/construct.h"
#include "search/engine.h"

#define INV_MAX_N 32
#define INV_MAX_K 5
#define INV_MAX_BLOCKS 2        /* G-orbits: the seatings to list grow as n^blocks */
#define INV_INVOLUTIONS 2048    /* fixed-point-free involutions of a movement, kept */
#define INV_AUT_WORK 20000000LL /* the search for them, at most (checks) */
#define INV_SEATINGS 2000000LL  /* seatings listed a group, at most */
#define INV_GROUP 65536         /* relabellings listed to leave out mapped choices */
#define INV_GIVE_UP 20000LL     /* nodes a group without a bound state, at most */
#define INV_MAX_SESSIONS 64

typedef __int128 inv_i128;

typedef struct inv {
    int n, P1, ns;
    const int32_t *wm, *wr;
    const int64_t *wc;
    int64_t D, Tm, Tc;
    int f;
    /* the movement's fixed-point-free involutions and the orbits of the
     * group they generate (a seating's first position is taken from each
     * orbit once: a symmetry of the movement changes no contribution) */
    int ninv, *invs, *prod;
    int porb[INV_MAX_N + 1];
    /* the group G: 2^k labels a block, nb blocks, no pair orbits */
    int k, m, nb, no;
    int *pairorb; /* [n*n] */
    int *rep;     /* [no*2]: a pair of each orbit */
    int64_t *osz; /* [no] */
    int *zs;      /* [no]: the same, as sw_pair_orbits gives it */
    /* the distinct seatings: per pair M and L*C of each orbit, the seating */
    int ncand, capcand, lead; /* lead: the first session's choices */
    int ngen, gen[INV_MAX_K * INV_MAX_K + INV_MAX_K + 1][INV_MAX_N]; /* the relabellings */
    unsigned char *gel; /* [ngel*n]: the relabellings' group, listed (NULL: not) */
    int ngel;
    int *sp, nsp; /* [nsp*ncand]: the stabilizer of the first session's seating */
    int *hl;      /* [(ns+1)*ngel]: rows of sp fixing the seatings chosen, a level */
    int nhl[INV_MAX_SESSIONS + 1];
    int32_t *cm;
    int64_t *cc;
    int *cseat;
    int *hash;
    int hsize;
    /* branch and bound */
    int32_t *minm, *maxm, *sm; /* [no], sm: [(ns+1)*no] sums along the path */
    int64_t *minc, *maxc, *sc;
    int *choice, *bestchoice;
    inv_i128 best_sp2, best_sc, sp2min;
    bool found, over, gave_up;
    long long give_up; /* nodes without a bound state after which a group is left */
    long long nodes, cap;
    const sw_limits *lim;
} inv;

/* ---- the movement's fixed-point-free involutions ---- */

typedef struct invfind {
    inv *o;
    char *compat;
    int order[INV_MAX_N];
    int img[INV_MAX_N + 1];
    long long work;
} invfind;

static void inv_dfs(invfind *F, int d) {
    inv *o = F->o;
    int P = o->n, P1 = o->P1;
    if (o->ninv >= INV_INVOLUTIONS || F->work > INV_AUT_WORK)
        return;
    if (d == P) {
        memcpy(o->invs + (size_t)o->ninv * P1, F->img, sizeof(int) * (size_t)P1);
        o->ninv++;
        return;
    }
    int p = F->order[d];
    if (F->img[p]) { /* set as the image's image */
        inv_dfs(F, d + 1);
        return;
    }
    for (int q = 1; q <= P; q++) {
        if (q == p || F->img[q] || !F->compat[p * P1 + q])
            continue;
        /* p <-> q: every pair with a placed position keeps its tables */
        bool ok = true;
        F->work += d + 1;
        for (int e = 0; e < d && ok; e++) {
            int r = F->order[e], s = F->img[r];
            ok = o->wm[p * P1 + r] == o->wm[q * P1 + s] && o->wc[p * P1 + r] == o->wc[q * P1 + s] &&
                 o->wm[q * P1 + r] == o->wm[p * P1 + s] && o->wc[q * P1 + r] == o->wc[p * P1 + s];
        }
        if (!ok)
            continue;
        F->img[p] = q, F->img[q] = p;
        inv_dfs(F, d + 1);
        F->img[p] = F->img[q] = 0;
        if (o->ninv >= INV_INVOLUTIONS || F->work > INV_AUT_WORK)
            return;
    }
}

static int cmp_pair(const void *a, const void *b) {
    const int64_t *x = a, *y = b;
    return x[0] != y[0] ? (x[0] > y[0]) - (x[0] < y[0]) : (x[1] > y[1]) - (x[1] < y[1]);
}

/* false: out of memory or the search too long (then nothing is built). */
static bool inv_involutions(inv *o) {
    int P = o->n, P1 = o->P1;
    invfind F = {.o = o};
    F.compat = calloc((size_t)P1 * (size_t)P1, 1);
    int64_t *rows = malloc(sizeof(int64_t) * 2 * (size_t)P1 * (size_t)P1);
    o->invs = malloc(sizeof(int) * (size_t)INV_INVOLUTIONS * (size_t)P1);
    if (!F.compat || !rows || !o->invs) {
        free(F.compat);
        free(rows);
        return false;
    }
    /* invariants: rests and the sorted row of (meetings, comparisons) */
    for (int p = 1; p <= P; p++) {
        int64_t *row = rows + (size_t)p * 2 * P1;
        for (int r = 1; r <= P; r++)
            row[2 * (r - 1)] = o->wm[p * P1 + r], row[2 * (r - 1) + 1] = o->wc[p * P1 + r];
        qsort(row, (size_t)P, 2 * sizeof(int64_t), cmp_pair);
    }
    for (int p = 1; p <= P; p++)
        for (int q = 1; q <= P; q++)
            F.compat[p * P1 + q] = o->wr[p] == o->wr[q] &&
                                   !memcmp(rows + (size_t)p * 2 * P1, rows + (size_t)q * 2 * P1,
                                           sizeof(int64_t) * 2 * (size_t)P);
    free(rows);
    if (!sw_tied_order(P, o->wm, o->wc, F.order)) {
        free(F.compat);
        return false;
    }
    inv_dfs(&F, 0);
    free(F.compat);
    if (F.work > INV_AUT_WORK || o->ninv >= INV_INVOLUTIONS)
        return false; /* a partial list would make the result depend on the cap */
    for (int p = 0; p <= P; p++)
        o->porb[p] = p;
    for (int x = 0; x < o->ninv; x++) /* union-find, the least position as root */
        for (int p = 1; p <= P; p++) {
            int a = p, b = o->invs[x * P1 + p];
            while (o->porb[a] != a)
                a = o->porb[a];
            while (o->porb[b] != b)
                b = o->porb[b];
            if (a != b)
                o->porb[a > b ? a : b] = a < b ? a : b;
        }
    for (int p = 1; p <= P; p++) {
        int a = p;
        while (o->porb[a] != a)
            a = o->porb[a];
        o->porb[p] = a;
    }
    return true;
}

/* ---- the seatings of one group ---- */

static uint64_t inv_hash(const inv *o, const int32_t *m, const int64_t *c) {
    uint64_t h = 1469598103934665603u;
    for (int b = 0; b < o->no; b++) {
        h = (h ^ (uint64_t)(uint32_t)m[b]) * 1099511628211u;
        h = (h ^ (uint64_t)c[b]) * 1099511628211u;
    }
    return h;
}

/* Record seating s (participant x at position s[x]) unless a seating
 * already listed gives the same per pair values. false: out of memory. */
static bool inv_add(inv *o, const int *s) {
    int no = o->no, P1 = o->P1;
    int32_t m[INV_MAX_N * INV_MAX_N / 2];
    int64_t c[INV_MAX_N * INV_MAX_N / 2];
    for (int b = 0; b < no; b++) {
        int p = s[o->rep[2 * b]], q = s[o->rep[2 * b + 1]];
        m[b] = o->wm[p * P1 + q];
        c[b] = o->wc[p * P1 + q];
    }
    uint64_t h = inv_hash(o, m, c);
    int at = (int)(h & (uint64_t)(o->hsize - 1));
    for (; o->hash[at] >= 0; at = (at + 1) & (o->hsize - 1)) {
        int y = o->hash[at];
        if (!memcmp(o->cm + (size_t)y * no, m, sizeof(int32_t) * (size_t)no) &&
            !memcmp(o->cc + (size_t)y * no, c, sizeof(int64_t) * (size_t)no))
            return true;
    }
    if (o->ncand == o->capcand) {
        if (2 * (o->capcand + 1) > o->hsize)
            return true; /* the table is full: keep the first ones (deterministic) */
        int cap = o->capcand ? 2 * o->capcand : 256;
        int32_t *cm = realloc(o->cm, sizeof(int32_t) * (size_t)cap * (size_t)no);
        if (cm)
            o->cm = cm;
        int64_t *cc = realloc(o->cc, sizeof(int64_t) * (size_t)cap * (size_t)no);
        if (cc)
            o->cc = cc;
        int *cs = realloc(o->cseat, sizeof(int) * (size_t)cap * (size_t)o->n);
        if (cs)
            o->cseat = cs;
        if (!cm || !cc || !cs)
            return false;
        o->capcand = cap;
    }
    int y = o->ncand++;
    memcpy(o->cm + (size_t)y * no, m, sizeof(int32_t) * (size_t)no);
    memcpy(o->cc + (size_t)y * no, c, sizeof(int64_t) * (size_t)no);
    memcpy(o->cseat + (size_t)y * o->n, s, sizeof(int) * (size_t)o->n);
    o->hash[at] = y;
    return true;
}

/* The listed seating giving these per pair values, or -1. */
static int inv_find(const inv *o, const int32_t *m, const int64_t *c) {
    int no = o->no;
    uint64_t h = inv_hash(o, m, c);
    for (int at = (int)(h & (uint64_t)(o->hsize - 1)); o->hash[at] >= 0;
         at = (at + 1) & (o->hsize - 1)) {
        int y = o->hash[at];
        if (!memcmp(o->cm + (size_t)y * no, m, sizeof(int32_t) * (size_t)no) &&
            !memcmp(o->cc + (size_t)y * no, c, sizeof(int64_t) * (size_t)no))
            return y;
    }
    return -1;
}

typedef struct inv_key {
    inv_i128 d;
    int y;
} inv_key;

static int cmp_key(const void *a, const void *b) {
    const inv_key *x = a, *y = b;
    return x->d != y->d ? (x->d > y->d) - (x->d < y->d) : (x->y > y->y) - (x->y < y->y);
}

/* Relabellings that normalize G (x -> A x on every block's labels for A
 * in GL(k, 2), a translation of one block but the first, the two blocks
 * exchanged) map a choice of sessions to one as good, and the listed
 * seatings onto themselves. So the seatings are put in classes under them,
 * one of each class first: every choice has an image containing one of
 * those, whose least index is then one of those, and the branch and bound
 * takes its first session from them only. Returns how many lead (all when
 * out of memory). */
static int inv_classes(inv *o) {
    int n = o->n, m = o->m, k = o->k, no = o->no, nc = o->ncand;
    int *root = malloc(sizeof(int) * (size_t)nc), *perm = malloc(sizeof(int) * (size_t)nc);
    int *po = malloc(sizeof(int) * (size_t)no);
    int32_t *wm = malloc(sizeof(int32_t) * (size_t)no * ((size_t)nc + 1));
    int64_t *wc = malloc(sizeof(int64_t) * (size_t)no * ((size_t)nc + 1));
    int *ws = malloc(sizeof(int) * (size_t)n * (size_t)nc);
    if (!root || !perm || !po || !wm || !wc || !ws) {
        free(root), free(perm), free(po), free(wm), free(wc), free(ws);
        return nc;
    }
    for (int y = 0; y < nc; y++)
        root[y] = y;
    int ngen = k * (k - 1) + (o->nb - 1) * k + (o->nb == 2);
    o->ngen = ngen;
    for (int g = 0; g < ngen; g++) {
        int lam[INV_MAX_N];
        for (int x = 0; x < n; x++) {
            int b = x / m, v = x % m, t = g;
            if (t < k * (k - 1)) { /* transvection: bit j ^= bit i */
                int i = t / (k - 1), j = t % (k - 1);
                j += j >= i;
                v ^= ((v >> i) & 1) << j;
            } else if ((t -= k * (k - 1)) < (o->nb - 1) * k) {
                if (b == 1 + t / k)
                    v ^= 1 << (t % k);
            } else {
                b ^= 1;
            }
            lam[x] = b * m + v;
        }
        memcpy(o->gen[g], lam, sizeof(int) * (size_t)n);
        for (int b = 0; b < no; b++)
            po[b] = o->pairorb[lam[o->rep[2 * b]] * n + lam[o->rep[2 * b + 1]]];
        int32_t *im = wm + (size_t)no * nc;
        int64_t *ic = wc + (size_t)no * nc;
        for (int y = 0; y < nc; y++) {
            for (int b = 0; b < no; b++) {
                im[po[b]] = o->cm[(size_t)y * no + b];
                ic[po[b]] = o->cc[(size_t)y * no + b];
            }
            int z = inv_find(o, im, ic);
            if (z < 0)
                continue;
            int a = y, c = z;
            while (root[a] != a)
                a = root[a];
            while (root[c] != c)
                c = root[c];
            if (a != c)
                root[a > c ? a : c] = a < c ? a : c;
        }
    }
    /* Within that, flattest first: a seating's own spread of C about the
     * season's mean (a class shares it), so good choices come early. */
    inv_key *key = malloc(sizeof *key * (size_t)nc);
    if (!key) {
        free(root), free(perm), free(po), free(wm), free(wc), free(ws);
        return nc;
    }
    for (int y = 0; y < nc; y++) {
        inv_i128 d = 0;
        for (int b = 0; b < no; b++) {
            int64_t u = o->D * o->ns * o->cc[(size_t)y * no + b] - o->Tc;
            inv_i128 q = (inv_i128)u * u;
            d += o->osz[b] * q * q;
        }
        key[y] = (inv_key){d, y};
    }
    qsort(key, (size_t)nc, sizeof *key, cmp_key);
    int lead = 0, at = 0;
    for (int y = 0; y < nc; y++) {
        int a = y;
        while (root[a] != a)
            a = root[a];
        root[y] = a;
    }
    /* a class's first in that order leads it */
    char *seen = calloc((size_t)nc, 1);
    for (int x = 0; x < nc; x++)
        if (!seen || !seen[root[key[x].y]]) {
            if (seen)
                seen[root[key[x].y]] = 1;
            perm[at++] = key[x].y;
            key[x].y = -1;
        }
    lead = at;
    for (int x = 0; x < nc; x++)
        if (key[x].y >= 0)
            perm[at++] = key[x].y;
    free(seen);
    free(key);
    for (int y = 0; y < nc; y++) {
        memcpy(wm + (size_t)y * no, o->cm + (size_t)perm[y] * no, sizeof(int32_t) * (size_t)no);
        memcpy(wc + (size_t)y * no, o->cc + (size_t)perm[y] * no, sizeof(int64_t) * (size_t)no);
        memcpy(ws + (size_t)y * n, o->cseat + (size_t)perm[y] * n, sizeof(int) * (size_t)n);
    }
    memcpy(o->cm, wm, sizeof(int32_t) * (size_t)no * (size_t)nc);
    memcpy(o->cc, wc, sizeof(int64_t) * (size_t)no * (size_t)nc);
    memcpy(o->cseat, ws, sizeof(int) * (size_t)n * (size_t)nc);
    free(root), free(perm), free(po), free(wm), free(wc), free(ws);
    return lead;
}

/* The image of seating y under relabelling lam (-1: not listed). */
static int inv_image(const inv *o, const int *lam, int y, int32_t *im, int64_t *ic) {
    int n = o->n, no = o->no;
    for (int b = 0; b < no; b++) {
        int z = o->pairorb[lam[o->rep[2 * b]] * n + lam[o->rep[2 * b + 1]]];
        im[z] = o->cm[(size_t)y * no + b];
        ic[z] = o->cc[(size_t)y * no + b];
    }
    return inv_find(o, im, ic);
}

/* The same argument level by level: of the choices mapped onto each
 * other, the branch and bound visits the least (their sessions' indices
 * in order, compared in turn), so a session's seating must be the least
 * of its class under the relabellings that fix every seating chosen
 * before it. The group is listed once from its generators (up to
 * INV_GROUP elements; beyond that nothing is left out); the stabilizer of
 * the first session's seating, as permutations of the seatings, each time
 * that changes. */
static void inv_group_list(inv *o) {
    int n = o->n;
    size_t cap = INV_GROUP;
    unsigned char *el = malloc((size_t)n * cap);
    int hs = 1 << 18, *hh = malloc(sizeof(int) * (size_t)hs);
    size_t ne = 0;
    bool full = el && hh;
    if (full) {
        for (int x = 0; x < hs; x++)
            hh[x] = -1;
        for (int x = 0; x < n; x++)
            el[x] = (unsigned char)x;
        ne = 1;
        for (size_t e = 0; e < ne && full; e++)
            for (int g = 0; g < o->ngen && full; g++) {
                unsigned char w[INV_MAX_N];
                for (int x = 0; x < n; x++)
                    w[x] = el[e * n + (size_t)o->gen[g][x]];
                uint64_t h = 1469598103934665603u;
                for (int x = 0; x < n; x++)
                    h = (h ^ w[x]) * 1099511628211u;
                int at = (int)(h & (uint64_t)(hs - 1));
                bool dup = false;
                for (; hh[at] >= 0 && !dup; at = (at + 1) & (hs - 1))
                    dup = !memcmp(el + (size_t)hh[at] * n, w, (size_t)n);
                if (dup)
                    continue;
                if (ne == cap || 2 * ne >= (size_t)hs) {
                    full = false;
                    break;
                }
                memcpy(el + ne * n, w, (size_t)n);
                hh[at] = (int)ne++;
            }
    }
    free(hh);
    if (!full) {
        free(el);
        return;
    }
    o->gel = el;
    o->ngel = (int)ne;
}

/* The stabilizer of seating c as permutations of the seatings (o->sp,
 * o->nsp of them); none (nsp 0) when the group is not listed or out of
 * memory: then nothing is left out. */
static void inv_stabilizer(inv *o, int c) {
    int n = o->n, nc = o->ncand, no = o->no;
    o->nsp = 0;
    if (!o->gel)
        return;
    int32_t *im = malloc(sizeof(int32_t) * (size_t)no);
    int64_t *ic = malloc(sizeof(int64_t) * (size_t)no);
    if (!o->sp)
        o->sp = malloc(sizeof(int) * (size_t)o->ngel * (size_t)nc);
    if (!o->hl)
        o->hl = malloc(sizeof(int) * (size_t)(o->ns + 1) * (size_t)o->ngel);
    if (im && ic && o->sp && o->hl) {
        int lam[INV_MAX_N];
        for (int e = 0; e < o->ngel; e++) {
            for (int x = 0; x < n; x++)
                lam[x] = o->gel[(size_t)e * n + x];
            if (inv_image(o, lam, c, im, ic) != c)
                continue;
            int *row = o->sp + (size_t)o->nsp * nc;
            bool whole = true;
            for (int y = 0; y < nc && whole; y++)
                whole = (row[y] = inv_image(o, lam, y, im, ic)) >= 0;
            if (!whole) { /* a class not listed whole: leave nothing out */
                o->nsp = 0;
                break;
            }
            o->nsp++;
        }
    }
    free(im), free(ic);
}

typedef struct inv_list {
    int el[1 << INV_MAX_K][INV_MAX_N + 1]; /* el[v]: the element of the group labelled v */
    int s[INV_MAX_N];
    char used[INV_MAX_N + 1];
    int eidx[1 << INV_MAX_K]; /* el[v]'s index among the involutions (v > 0) */
    int *next;                /* [(k+1)*ninv]: the candidates of each level */
    long long seatings;
    bool nomem;
} inv_list;

/* Blocks b.. of a seating of the group el (all k generators chosen). */
static void inv_place(inv *o, inv_list *L, int b) {
    if (L->nomem || L->seatings >= INV_SEATINGS)
        return;
    if (b == o->nb) {
        L->seatings++;
        L->nomem = !inv_add(o, L->s);
        return;
    }
    for (int p = 1; p < o->P1; p++) {
        if (L->used[p] || (b == 0 && o->porb[p] != p))
            continue;
        for (int v = 0; v < o->m; v++) {
            int q = L->el[v][p];
            L->used[q] = 1;
            L->s[b * o->m + v] = q;
        }
        inv_place(o, L, b + 1);
        for (int v = 0; v < o->m; v++)
            L->used[L->el[v][p]] = 0;
    }
}

/* Generators j.. of the group, from cand (nc involutions, each commuting
 * with the generators so far and fixed-point-free times every element of
 * their span): a chosen x keeps those of cand that commute with it and
 * whose products with the new elements are fixed-point-free too. */
static void inv_basis(inv *o, inv_list *L, int j, const int *cand, int nc) {
    if (L->nomem || L->seatings >= INV_SEATINGS)
        return;
    int P1 = o->P1, h = 1 << j, ni = o->ninv;
    /* k is at most INV_MAX_K (sw_invariant_run): saying so here keeps the
     * labels h + v inside eidx for the compiler too, which sees only j */
    if (j == o->k || j == INV_MAX_K) {
        for (int v = 1; v < h; v++)
            memcpy(L->el[v], o->invs + (size_t)L->eidx[v] * P1, sizeof(int) * (size_t)P1);
        inv_place(o, L, 0);
        return;
    }
    int *next = L->next + (size_t)(j + 1) * ni;
    for (int t = 0; t < nc; t++) {
        int x = cand[t];
        L->eidx[h] = x;
        for (int v = 1; v < h; v++)
            L->eidx[h + v] = o->prod[(size_t)x * ni + L->eidx[v]];
        int nn = 0;
        for (int u = 0; u < nc; u++) {
            int y = cand[u];
            bool ok = true;
            for (int v = 0; v < h && ok; v++)
                ok = o->prod[(size_t)y * ni + L->eidx[h + v]] >= 0;
            if (ok)
                next[nn++] = y;
        }
        inv_basis(o, L, j + 1, next, nn);
        if (L->nomem || L->seatings >= INV_SEATINGS)
            return;
    }
}

/* The products of two commuting involutions that are fixed-point-free
 * involutions, as indices (-1: not such a product). false: out of memory. */
static bool inv_products(inv *o) {
    int ni = o->ninv, P1 = o->P1;
    o->prod = malloc(sizeof(int) * (size_t)ni * (size_t)ni);
    int hs = 1;
    while (hs < 4 * ni)
        hs *= 2;
    int *hh = malloc(sizeof(int) * (size_t)hs);
    if (!o->prod || !hh) {
        free(hh);
        return false;
    }
    for (int x = 0; x < hs; x++)
        hh[x] = -1;
    for (int x = 0; x < ni; x++) {
        const int *a = o->invs + (size_t)x * P1;
        uint64_t h = 1469598103934665603u;
        for (int p = 1; p < P1; p++)
            h = (h ^ (uint64_t)a[p]) * 1099511628211u;
        int at = (int)(h & (uint64_t)(hs - 1));
        while (hh[at] >= 0)
            at = (at + 1) & (hs - 1);
        hh[at] = x;
    }
    for (int x = 0; x < ni; x++)
        for (int y = 0; y < ni; y++) {
            const int *a = o->invs + (size_t)x * P1, *b = o->invs + (size_t)y * P1;
            int c[INV_MAX_N + 1], r = -1;
            bool ok = true;
            for (int p = 1; p < P1 && ok; p++) {
                c[p] = a[b[p]];
                ok = c[p] == b[a[p]] && c[p] != p;
            }
            if (ok) {
                uint64_t h = 1469598103934665603u;
                for (int p = 1; p < P1; p++)
                    h = (h ^ (uint64_t)c[p]) * 1099511628211u;
                for (int at = (int)(h & (uint64_t)(hs - 1)); hh[at] >= 0 && r < 0;
                     at = (at + 1) & (hs - 1))
                    if (!memcmp(o->invs + (size_t)hh[at] * P1 + 1, c + 1,
                                sizeof(int) * (size_t)(P1 - 1)))
                        r = hh[at];
            }
            o->prod[(size_t)x * ni + y] = r;
        }
    free(hh);
    return true;
}

/* ---- choosing the sessions ---- */

static inline inv_i128 inv_term(const inv *o, int64_t c) {
    int64_t u = o->D * c - o->Tc;
    inv_i128 q = (inv_i128)u * u;
    return q * q;
}

/* Sp's sum of squares of a complete choice (sm: the season's per pair M). */
static inv_i128 inv_sp2(const inv *o, const int32_t *sm) {
    inv_i128 sp2 = 0;
    for (int b = 0; b < o->nb; b++) {
        int x = b * o->m;
        inv_i128 row = 0;
        for (int y = 0; y < o->n; y++) {
            if (y == x)
                continue;
            int64_t u = o->D * sm[o->pairorb[x * o->n + y]] - o->Tm;
            inv_i128 q = (inv_i128)u * u;
            row += q * q;
        }
        sp2 += (inv_i128)o->m * row * row;
    }
    return sp2;
}

static void inv_bb(inv *o, int i, int start) {
    if (++o->nodes > o->cap || o->over)
        return;
    if (!o->found && o->nodes > o->give_up) { /* no bound state soon: likely none */
        o->over = o->gave_up = true;
        return;
    }
    if ((o->nodes & 4095) == 0 && o->lim && sw_over(o->lim)) {
        o->over = true;
        return;
    }
    int no = o->no;
    const int32_t *m0 = o->sm + (size_t)i * no;
    const int64_t *c0 = o->sc + (size_t)i * no;
    if (i == o->ns) {
        inv_i128 sp2 = inv_sp2(o, m0), sc = 0;
        if (o->found && sp2 > o->best_sp2)
            return;
        for (int b = 0; b < no; b++)
            sc += o->osz[b] * inv_term(o, c0[b]);
        if (!o->found || sp2 < o->best_sp2 || sc < o->best_sc) {
            o->found = true;
            o->best_sp2 = sp2, o->best_sc = sc;
            memcpy(o->bestchoice, o->choice, sizeof(int) * (size_t)o->ns);
        }
        return;
    }
    int r = o->ns - i - 1; /* sessions after this one */
    int32_t *m1 = o->sm + (size_t)(i + 1) * no;
    int64_t *c1 = o->sc + (size_t)(i + 1) * no;
    int end = i == 0 ? o->lead : o->ncand;
    /* the relabellings fixing every seating chosen so far (as rows of sp) */
    int *h0 = o->hl ? o->hl + (size_t)i * o->ngel : NULL, nh = i == 0 || !o->hl ? 0 : o->nhl[i];
    for (int y = start; y < end; y++) {
        bool least = true;
        for (int t = 0; t < nh && least; t++)
            least = o->sp[(size_t)h0[t] * o->ncand + y] >= y;
        if (!least)
            continue;
        const int32_t *cm = o->cm + (size_t)y * no;
        const int64_t *cc = o->cc + (size_t)y * no;
        bool ok = true;
        for (int b = 0; b < no && ok; b++) {
            int32_t v = m0[b] + cm[b];
            m1[b] = v;
            ok = v + r * o->minm[b] <= o->f + 1 && v + r * o->maxm[b] >= o->f;
        }
        if (!ok)
            continue;
        /* Sc: once the best has Sp's least value, no leaf with a larger Sc
         * can win; each pair's C still lies within what r seatings can add. */
        inv_i128 lb = 0;
        for (int b = 0; b < no; b++) {
            int64_t v = c0[b] + cc[b];
            c1[b] = v;
            if (o->found && o->best_sp2 == o->sp2min) {
                int64_t lo = v + r * o->minc[b], hi = v + r * o->maxc[b];
                if (o->D * lo > o->Tc)
                    lb += o->osz[b] * inv_term(o, lo);
                else if (o->D * hi < o->Tc)
                    lb += o->osz[b] * inv_term(o, hi);
            }
        }
        if (o->found && o->best_sp2 == o->sp2min && lb >= o->best_sc)
            continue;
        o->choice[i] = y;
        if (i == 0 && o->gel) {
            inv_stabilizer(o, y);
            if (!o->hl)
                o->nsp = 0;
            for (int t = 0; t < o->nsp; t++)
                o->hl[o->ngel + t] = t;
            o->nhl[1] = o->nsp;
        } else if (i > 0 && o->hl) {
            int *h1 = o->hl + (size_t)(i + 1) * o->ngel, n1 = 0;
            for (int t = 0; t < nh; t++)
                if (o->sp[(size_t)h0[t] * o->ncand + y] == y)
                    h1[n1++] = h0[t];
            o->nhl[i + 1] = n1;
        }
        inv_bb(o, i + 1, y);
        if (o->nodes > o->cap || o->over)
            return;
    }
}

/* The least Sp sum of squares a bound state can have: rows as even as can
 * be in their counts of f+1 meetings (Sp's row sum is linear in the count,
 * and a sum of squares with a fixed total is least when even). */
static inv_i128 inv_sp2_min(const inv *o) {
    int64_t e = o->Tm - (int64_t)o->f * o->D; /* pairs at f+1 */
    int64_t a = o->D * (o->f + 1) - o->Tm, z = o->D * o->f - o->Tm;
    inv_i128 wa = (inv_i128)a * a * a * a, wz = (inv_i128)z * z * z * z, sp2 = 0;
    int64_t tot = 2 * e;
    for (int x = 0; x < o->n; x++) {
        int64_t cnt = tot / o->n + (x < tot % o->n);
        inv_i128 row = cnt * wa + (o->n - 1 - cnt) * wz;
        sp2 += row * row;
    }
    return sp2;
}

/* ---- setup ---- */

/* Whether mx is a season this applies to (orbit.c's conditions, any
 * number of sessions): one movement, everyone present and seated, no
 * pins, no history, the exact sums within range. */
static bool inv_setup(inv *o, sw_matrix *mx) {
    int n = mx->n, ns = mx->nsessions;
    sw_plain_season ps;
    if (n < 4 || n > INV_MAX_N || ns < 1 || ns > INV_MAX_SESSIONS || !sw_plain_season_of(mx, &ps))
        return false;
    o->n = n, o->P1 = n + 1, o->ns = ns;
    o->wm = mx->wm[0], o->wc = mx->wc[0], o->wr = mx->wr[0];
    o->D = mx->pairs;
    o->Tm = ps.Tm, o->Tc = ps.Tc;
    o->f = (int)(ps.Tm / o->D);
    return true;
}

/* x relabelled by the v-th element of G: x XOR v. */
static int inv_act(const void *ctx, int v, int x) {
    (void)ctx;
    return x ^ v;
}

/* The pair orbits of G with 2^k labels a block. */
static void inv_group(inv *o, int k) {
    int n = o->n, m = 1 << k;
    o->k = k, o->m = m, o->nb = n / m;
    o->no = sw_pair_orbits(n, m, inv_act, NULL, o->pairorb, o->zs, o->rep);
    for (int b = 0; b < o->no; b++)
        o->osz[b] = o->zs[b];
}

static void inv_release(inv *o) {
    free(o->invs);
    free(o->prod);
    free(o->pairorb);
    free(o->rep);
    free(o->osz);
    free(o->zs);
    free(o->cm);
    free(o->cc);
    free(o->cseat);
    free(o->hash);
    free(o->minm);
    free(o->minc);
    free(o->choice);
    free(o->gel);
    free(o->sp);
    free(o->hl);
}

/* Lists group k's seatings and chooses the sessions: true when a bound
 * choice was found (then o->bestchoice holds it). */
static bool inv_solve(inv *o, int k, long long cap) {
    inv_group(o, k);
    int no = o->no;
    /* the lists are sized by the orbits of pairs, which differ a group */
    free(o->cm);
    free(o->cc);
    free(o->cseat);
    o->cm = NULL, o->cc = NULL, o->cseat = NULL;
    o->ncand = o->capcand = 0;
    for (int x = 0; x < o->hsize; x++)
        o->hash[x] = -1;
    inv_list *L = calloc(1, sizeof *L);
    if (!L)
        return false;
    for (int p = 0; p < o->P1; p++)
        L->el[0][p] = p;
    L->next = malloc(sizeof(int) * (size_t)(k + 1) * (size_t)o->ninv);
    if (!L->next) {
        free(L);
        return false;
    }
    for (int x = 0; x < o->ninv; x++)
        L->next[x] = x;
    inv_basis(o, L, 0, L->next, o->ninv);
    free(L->next);
    bool nomem = L->nomem;
    free(L);
    if (nomem || o->ncand == 0)
        return false;
    o->lead = inv_classes(o);
    free(o->gel), free(o->sp), free(o->hl);
    o->gel = NULL, o->sp = NULL, o->hl = NULL;
    o->ngel = o->nsp = 0;
    if (o->lead < o->ncand)
        inv_group_list(o);
    for (int b = 0; b < no; b++) {
        o->minm[b] = o->maxm[b] = o->cm[b];
        o->minc[b] = o->maxc[b] = o->cc[b];
        for (int y = 1; y < o->ncand; y++) {
            int32_t v = o->cm[(size_t)y * no + b];
            int64_t c = o->cc[(size_t)y * no + b];
            o->minm[b] = v < o->minm[b] ? v : o->minm[b];
            o->maxm[b] = v > o->maxm[b] ? v : o->maxm[b];
            o->minc[b] = c < o->minc[b] ? c : o->minc[b];
            o->maxc[b] = c > o->maxc[b] ? c : o->maxc[b];
        }
    }
    memset(o->sm, 0, sizeof(int32_t) * (size_t)no);
    memset(o->sc, 0, sizeof(int64_t) * (size_t)no);
    memset(o->nhl, 0, sizeof o->nhl);
    o->found = o->gave_up = false;
    o->cap = o->nodes + cap;
    o->give_up = o->nodes + INV_GIVE_UP;
    inv_bb(o, 0, 0);
    if (o->gave_up)
        o->over = false;
    return o->found;
}

static bool inv_fits(int n, int k) {
    return n % (1 << k) == 0 && n >> k <= INV_MAX_BLOCKS;
}

long long sw_invariant_run(sw_matrix *mx, long long budget, long long cap, const sw_limits *lim,
                           bool *improved_out) {
    inv o = {0};
    if (improved_out)
        *improved_out = false;
    if (budget <= 0 || !inv_setup(&o, mx))
        return 0;
    int n = o.n, ns = o.ns, P1 = o.P1;
    /* some G must fit: 2^k | n with at most INV_MAX_BLOCKS blocks */
    bool fits = false;
    for (int k = 1; k <= INV_MAX_K; k++)
        fits = fits || inv_fits(n, k);
    if (!fits)
        return 0;
    size_t nn = (size_t)n * (size_t)n;
    o.pairorb = malloc(sizeof(int) * nn);
    o.rep = malloc(sizeof(int) * nn);
    o.osz = malloc(sizeof(int64_t) * nn);
    o.zs = malloc(sizeof(int) * nn);
    o.hsize = 1 << 16;
    o.hash = malloc(sizeof(int) * (size_t)o.hsize);
    o.minm = malloc(sizeof(int32_t) * nn * (size_t)(ns + 4));
    o.minc = malloc(sizeof(int64_t) * nn * (size_t)(ns + 4));
    o.choice = malloc(sizeof(int) * (size_t)ns * 2);
    sw_keep kp = {0};
    if (!o.pairorb || !o.rep || !o.osz || !o.zs || !o.hash || !o.minm || !o.minc || !o.choice ||
        !inv_involutions(&o) || !inv_products(&o) || !sw_keep_init(&kp, mx, ns, P1))
        goto done;
    o.maxm = o.minm + nn, o.sm = o.minm + 2 * nn;
    o.maxc = o.minc + nn, o.sc = o.minc + 2 * nn;
    o.bestchoice = o.choice + ns;
    o.sp2min = inv_sp2_min(&o);
    o.lim = lim;
    /* Every group that fits, largest first: which one a movement's best
     * seasons have differs (docs/search.md). */
    for (int k = INV_MAX_K; k >= 1 && o.nodes < budget && !o.over; k--) {
        if (!inv_fits(n, k))
            continue;
        long long c2 = cap < budget - o.nodes ? cap : budget - o.nodes;
        if (!inv_solve(&o, k, c2))
            continue;
        for (int s = 0; s < ns; s++) {
            const int *seat = o.cseat + (size_t)o.bestchoice[s] * n;
            memset(mx->assign[s], 0, sizeof(int) * (size_t)P1);
            for (int x = 0; x < n; x++)
                mx->assign[s][seat[x]] = x + 1;
        }
        sw_matrix_rebuild(mx);
        sw_keep_offer(&kp, mx);
    }
    /* Leave mx at the best of the input and the states built. */
    bool improved = sw_keep_finish(&kp, mx);
    if (improved_out)
        *improved_out = improved;
done:
    inv_release(&o);
    sw_keep_free(&kp);
    return o.nodes;
}
