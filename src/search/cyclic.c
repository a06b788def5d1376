/* src/search/cyclic.c: seasons that repeat under a relabelling, found by a
 * tabu search on their few seatings.
 *
 * Take sigma, a relabelling of the participants of order d (d > 1 divides
 * the sessions; construct.h's sw_relabel, shared with orbit.c at d = 3),
 * and seat session f d + j as seating f with every label x replaced by
 * sigma^j(x). M is then invariant under sigma: the
 * pairs of an orbit of sigma (z pairs) share one entry, d / z times the
 * sum over the orbit of what the ns / d seatings give its pairs. So's flat
 * bound asks every entry to be f or f + 1 (domain.md), and a season at it
 * is a seating of orbit sums: V = sum over pairs (M - f)(M - f - 1), never
 * negative and 0 exactly at the bound, is what the search lowers. Each
 * iteration prices every swap of two participants in one seating (a random
 * one) from their two rows (cyc_delta) and takes the best that is not tabu
 * (Taillard's rule: both would return to a position they left within
 * their tenure), or any that beats the best V seen. A restart still above
 * So's bound after its annealing runs it (search.c). On movements where
 * the exchange walks stay above So's bound, this often lands on it
 * (docs/search.md); Sc is left to the walks that go on from it.
 * SPDX-License-Identifier: MIT */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "search/construct.h"
#include "search/engine.h"

#define CYC_MAX_N SW_RELABEL_MAX_N

typedef struct cyc {
    int n, P1, ns, d, nf;
    int64_t f;         /* M entries must be f or f+1 */
    const int32_t *wm; /* position table (the same every session) */
    sw_relabel sigma;
    int cls[CYC_MAX_N + 1];    /* position p's class (below) */
    long long per;             /* swaps priced an iteration */
    int *orb, norb;            /* [n*n] orbit of the pair {x, y} */
    int *z, *S, *dS, *touched; /* [norb]: pairs, orbit sum, pending change; list */
    int *at;                   /* [nf*n] position of participant x in seating q */
    int32_t *A;                /* [nf*n*n] meetings of x and w in seating q */
    int64_t *KX, *QX;          /* [n*n] the orbit of {x, w}'s K and Q (below) */
    int *coff;                 /* [n*n+1] collisions of the swap x < y: offsets */
    int *cw;                   /* pairs (w1, w2) whose changes share an orbit */
    int64_t *cq;               /* ... and 2 Q times the sign of their product */
    int ncoll, capcoll;
    int32_t *c;      /* [n] scratch */
    long long *tabu; /* [nf*n*P1] until when x may not return to p */
} cyc;

static int64_t cyc_g(const cyc *c, int b, int64_t s) {
    int64_t m = (int64_t)(c->d / c->z[b]) * s;
    return (m - c->f) * (m - c->f - 1);
}

static bool cyc_coll(cyc *c, int w1, int w2, int64_t q) {
    if (c->ncoll == c->capcoll) {
        int cap = c->capcoll ? 2 * c->capcoll : 1024;
        int *cw = realloc(c->cw, sizeof(int) * 2 * (size_t)cap);
        if (cw)
            c->cw = cw;
        int64_t *cq = realloc(c->cq, sizeof(int64_t) * (size_t)cap);
        if (cq)
            c->cq = cq;
        if (!cw || !cq)
            return false;
        c->capcoll = cap;
    }
    c->cw[2 * c->ncoll] = w1;
    c->cw[2 * c->ncoll + 1] = w2;
    c->cq[c->ncoll++] = q;
    return true;
}

/* sigma for order d, its orbits of pairs, Q by pair and the collision
 * lists: false when some orbit cannot reach f or f + 1 whatever its sum
 * (its entry is a multiple of d / z), or when out of memory. */
static bool cyc_shape(cyc *c, int d) {
    int n = c->n;
    c->d = d, c->nf = c->ns / d;
    sw_relabel_init(&c->sigma, n, d);
    c->norb = sw_relabel_pair_orbits(&c->sigma, c->orb, c->z);
    for (int b = 0; b < c->norb; b++) {
        int64_t r = d / c->z[b];
        if (c->f % r && (c->f + 1) % r)
            return false;
    }
    for (int x = 0; x < n; x++)
        for (int w = 0; w < n; w++) {
            int b = c->orb[x * n + w];
            int64_t r = b < 0 ? 0 : d / c->z[b];
            c->QX[x * n + w] = b < 0 ? 0 : c->z[b] * r * r;
        }
    /* The changes a swap of x and y makes that land in one orbit: they
     * depend on the labels only, so they are listed once a shape. */
    c->ncoll = 0;
    for (int x = 0; x < n; x++)
        for (int y = 0; y < n; y++) {
            c->coff[x * n + y] = c->ncoll; /* every entry: y's list ends at y + 1's offset */
            for (int w1 = 0; w1 < n && y > x; w1++) {
                if (w1 == x || w1 == y)
                    continue;
                for (int w2 = 0; w2 < n; w2++) {
                    if (w2 == x || w2 == y)
                        continue;
                    int bxy = c->orb[x * n + w1];
                    /* x's side with x's side and y's with y's (w1 < w2):
                     * changes c1 and c2, or -c1 and -c2; x's with y's:
                     * c1 and -c2 */
                    if (w1 < w2 && bxy == c->orb[x * n + w2] &&
                        !cyc_coll(c, w1, w2, 2 * c->QX[x * n + w1]))
                        return false;
                    if (w1 < w2 && c->orb[y * n + w1] == c->orb[y * n + w2] &&
                        !cyc_coll(c, w1, w2, 2 * c->QX[y * n + w1]))
                        return false;
                    if (bxy == c->orb[y * n + w2] && !cyc_coll(c, w1, w2, -2 * c->QX[x * n + w1]))
                        return false;
                }
            }
        }
    c->coff[n * n] = c->ncoll;
    return true;
}

/* The change of V if x and y swap positions in seating q. An orbit b whose
 * sum moves by delta changes V by K_b delta + Q_b delta^2, with
 * K_b = z r (2 r S_b - 2 f - 1) and Q_b = z r^2 (r = d / z): the pair
 * {x, w} gains c_w = A(y, w) - A(x, w) meetings and {y, w} loses as many,
 * each change priced alone from the rows of x and y, plus 2 Q_b c c' for
 * each two changes that land in one orbit (the shape's collision lists). */
static int64_t cyc_delta(cyc *c, const int32_t *A, int x, int y) {
    int n = c->n;
    const int32_t *ax = A + x * n, *ay = A + y * n;
    const int64_t *kx = c->KX + x * n, *ky = c->KX + y * n;
    const int64_t *qx = c->QX + x * n, *qy = c->QX + y * n;
    int32_t *cw = c->c;
    int64_t dv = 0;
    for (int w = 0; w < n; w++) {
        int64_t d = ay[w] - ax[w];
        cw[w] = (int32_t)d;
        dv += d * (kx[w] - ky[w]) + d * d * (qx[w] + qy[w]);
    }
    /* w = x and w = y are not pairs of the swap */
    for (int k = 0; k < 2; k++) {
        int w = k ? y : x;
        int64_t d = cw[w];
        dv -= d * (kx[w] - ky[w]) + d * d * (qx[w] + qy[w]);
    }
    for (int e = c->coff[x * n + y]; e < c->coff[x * n + y + 1]; e++)
        dv += c->cq[e] * cw[c->cw[2 * e]] * cw[c->cw[2 * e + 1]];
    return dv;
}

#ifndef NDEBUG
/* The same change summed orbit by orbit (slow): checks cyc_delta in
 * builds with assertions. */
static int64_t cyc_delta_slow(cyc *c, int q, int x, int y) {
    int n = c->n, P1 = c->P1, nt = 0;
    const int *at = c->at + q * n;
    const int32_t *rx = c->wm + at[x] * P1, *ry = c->wm + at[y] * P1;
    for (int w = 0; w < n; w++) {
        if (w == x || w == y)
            continue;
        int32_t a = rx[at[w]], e = ry[at[w]];
        if (a == e)
            continue;
        int b1 = c->orb[x * n + w], b2 = c->orb[y * n + w];
        if (!c->dS[b1])
            c->touched[nt++] = b1;
        c->dS[b1] += e - a;
        if (!c->dS[b2])
            c->touched[nt++] = b2;
        c->dS[b2] += a - e;
    }
    int64_t dv = 0;
    for (int k = 0; k < nt; k++) {
        int b = c->touched[k];
        if (c->dS[b])
            dv += c->z[b] * (cyc_g(c, b, c->S[b] + c->dS[b]) - cyc_g(c, b, c->S[b]));
        c->dS[b] = 0;
    }
    return dv;
}
#endif

/* Row and column x of seating q's table A. */
static void cyc_row(cyc *c, int q, int x) {
    int n = c->n, P1 = c->P1;
    const int *at = c->at + q * n;
    int32_t *A = c->A + (size_t)q * (size_t)n * (size_t)n;
    for (int w = 0; w < n; w++)
        A[x * n + w] = A[w * n + x] = w == x ? 0 : c->wm[at[x] * P1 + at[w]];
}

/* Tabu search from random seatings: true when V reached 0. */
static bool cyc_walk(cyc *c, sw_rng *rng, long long cap, const sw_limits *lim, long long *work) {
    int n = c->n, P1 = c->P1, nf = c->nf;
    for (int q = 0; q < nf; q++) {
        int *at = c->at + q * n;
        for (int x = 0; x < n; x++)
            at[x] = x + 1;
        sw_rng_shuffle(rng, at, n);
    }
    memset(c->S, 0, sizeof(int) * (size_t)c->norb);
    memset(c->tabu, 0, sizeof(long long) * (size_t)nf * (size_t)n * (size_t)P1);
    for (int q = 0; q < nf; q++)
        for (int i = 0; i < n; i++)
            for (int k = i + 1; k < n; k++)
                c->S[c->orb[i * n + k]] += c->wm[c->at[q * n + i] * P1 + c->at[q * n + k]];
    int64_t V = 0;
    for (int b = 0; b < c->norb; b++)
        V += c->z[b] * cyc_g(c, b, c->S[b]);
    for (int q = 0; q < nf; q++)
        for (int x = 0; x < n; x++)
            cyc_row(c, q, x);
    int64_t best = V;
    long long per = c->per, start = *work;
    for (long long it = 1; V > 0 && *work - start + per <= cap; it++) {
        if ((it & 63) == 0 && sw_over(lim))
            break;
        *work += per;
        int q = nf > 1 ? (int)sw_rng_bounded(rng, (uint32_t)nf) : 0, *at = c->at + q * n;
        long long *tb = c->tabu + (size_t)q * (size_t)n * (size_t)P1;
        const int32_t *A = c->A + (size_t)q * (size_t)n * (size_t)n;
        for (int x = 0; x < n; x++)
            for (int w = 0; w < n; w++) {
                int b = c->orb[x * n + w];
                if (b < 0) {
                    c->KX[x * n + w] = 0;
                    continue;
                }
                int64_t r = c->d / c->z[b];
                c->KX[x * n + w] = c->z[b] * r * (2 * r * c->S[b] - 2 * c->f - 1);
            }
        int bx = -1, by = -1, ties = 0;
        int64_t bd = 0;
        for (int x = 0; x < n; x++)
            for (int y = x + 1; y < n; y++) {
                if (c->cls[at[x]] == c->cls[at[y]])
                    continue;
                int64_t dv = cyc_delta(c, A, x, y);
                assert(dv == cyc_delta_slow(c, q, x, y));
                if (tb[x * P1 + at[y]] > it && tb[y * P1 + at[x]] > it && V + dv >= best)
                    continue;
                if (bx < 0 || dv < bd)
                    bx = x, by = y, bd = dv, ties = 1;
                else if (dv == bd && sw_rng_bounded(rng, (uint32_t)++ties) == 0)
                    bx = x, by = y;
            }
        if (bx < 0)
            continue;
        int px = at[bx], py = at[by];
        for (int w = 0; w < n; w++) {
            if (w == bx || w == by)
                continue;
            int32_t a = c->wm[px * P1 + at[w]], e = c->wm[py * P1 + at[w]];
            c->S[c->orb[bx * n + w]] += e - a;
            c->S[c->orb[by * n + w]] += a - e;
        }
        at[bx] = py, at[by] = px;
        cyc_row(c, q, bx);
        cyc_row(c, q, by);
        V += bd;
        if (V < best)
            best = V;
        /* a quarter to three quarters of n: a tenure twice or half as
         * long finds flat seasons less often */
        long long ten = (n / 2 + (long long)sw_rng_bounded(rng, (uint32_t)n)) / 2;
        tb[bx * P1 + px] = it + ten;
        tb[by * P1 + py] = it + ten;
    }
    return V == 0;
}

long long sw_cyclic_run(sw_matrix *mx, sw_rng *rng, long long budget, long long cap,
                        const sw_limits *lim, bool *built) {
    *built = false;
    sw_plain_season ps;
    int n = mx->n, ns = mx->nsessions;
    if (budget <= 0 || n < 4 || n > CYC_MAX_N || ns < 2 || !sw_plain_season_of(mx, &ps))
        return 0;
    cyc c = {.n = n, .P1 = n + 1, .ns = ns, .wm = mx->wm[0], .f = ps.Tm / mx->pairs};
    size_t nn = (size_t)n * (size_t)n;
    c.orb = malloc(sizeof(int) * nn);
    c.z = malloc(sizeof(int) * nn * 4);
    c.at = malloc(sizeof(int) * (size_t)ns * (size_t)n);
    c.tabu = malloc(sizeof(long long) * (size_t)ns * (size_t)n * (size_t)c.P1);
    c.A = malloc(sizeof(int32_t) * (size_t)ns * nn);
    c.KX = malloc(sizeof(int64_t) * nn * 2);
    c.coff = malloc(sizeof(int) * (nn + 1));
    c.c = malloc(sizeof(int32_t) * (size_t)n);
    sw_keep kp = {0};
    long long work = 0;
    if (!c.orb || !c.z || !c.at || !c.tabu || !c.A || !c.KX || !c.coff || !c.c ||
        !sw_keep_init(&kp, mx, ns, c.P1))
        goto done;
    c.QX = c.KX + nn;
    c.S = c.z + nn, c.dS = c.z + 2 * nn, c.touched = c.z + 3 * nn;
    /* Positions of one class meet every other position alike and not each
     * other (the lines of a two-line movement): swapping their participants
     * changes no meeting. In classes of three or more such swaps are not
     * priced: in a class of three or more they are many, and the walk,
     * drawn among equal zero-cost moves, circles among them and does not
     * leave its plateau. The single swap of a pair of twins stays priced:
     * it is one step, soon blocked by the tabu rule, and it can still lead
     * elsewhere (docs/search.md). */
    int size[CYC_MAX_N + 1] = {0};
    for (int p = 1; p <= n; p++) {
        c.cls[p] = p;
        for (int q = 1; q < p && c.cls[p] == p; q++) {
            bool same = c.wm[p * c.P1 + q] == 0;
            for (int r = 1; r <= n && same; r++)
                same = r == p || r == q || c.wm[p * c.P1 + r] == c.wm[q * c.P1 + r];
            if (same)
                c.cls[p] = c.cls[q];
        }
        size[c.cls[p]]++;
    }
    for (int p = 1; p <= n; p++)
        if (size[c.cls[p]] < 3)
            c.cls[p] = -p; /* its own class: every swap priced */
    c.per = 0;
    for (int p = 1; p <= n; p++)
        for (int q = 1; q < p; q++)
            c.per += c.cls[q] != c.cls[p];
    memset(c.dS, 0, sizeof(int) * nn);
    /* Every order that divides the sessions, largest first (one seating
     * to find); a shape whose orbits cannot all be flat is skipped. */
    for (int d = ns; d > 1 && !*built && work < budget && !sw_over(lim); d--) {
        if (ns % d || !cyc_shape(&c, d))
            continue;
        long long c2 = cap < budget - work ? cap : budget - work;
        if (!cyc_walk(&c, rng, c2, lim, &work))
            continue;
        for (int k = 0; k < ns; k++) {
            const int *at = c.at + (k / d) * n;
            for (int x = 0; x < n; x++)
                mx->assign[k][at[x]] = sw_relabel_apply(&c.sigma, k % d, x) + 1;
        }
        sw_matrix_rebuild(mx);
        /* Sr ranks first, and V knows nothing of rests: kept only when
         * better by the final order (a movement whose positions rest
         * unequally could lose on Sr); the first season found ends the
         * search either way */
        if (!sw_keep_offer(&kp, mx))
            break;
        *built = true;
    }
    sw_keep_finish(&kp, mx);
done:
    sw_keep_free(&kp);
    free(c.A);
    free(c.KX);
    free(c.coff);
    free(c.c);
    free(c.cw);
    free(c.cq);
    free(c.orb);
    free(c.z);
    free(c.at);
    free(c.tabu);
    return work;
}
