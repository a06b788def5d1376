/* src/search/orbit.c: seasons invariant under a relabelling of order 3.
 *
 * The cyclic construction's season shape at d = 3 (construct.h's
 * sw_relabel): pi = (0 1 2)(3 4 5)... on the participants' labels (the
 * n mod 3 last ones fixed), the sessions in triples, session 3f + j
 * seating f with every label x replaced by pi^j(x). What differs from
 * cyclic.c is the search over the seatings: cyclic.c walks them for a flat
 * M only (a tabu search on V); this one keeps M flat exactly and ranks by
 * Sc, which a branch and bound can do for one order. Then M and C are
 * invariant under pi: a pair's entry is the same over its orbit, and the
 * three pairs of an orbit get, from one seating, the sum of what that
 * seating gives the three. One seating is chosen at a time by an exact
 * branch and bound, the others fixed: participants placed in label order,
 * a placement pruned as soon as an orbit's meetings leave the two values
 * of So's bound (f and f+1: M as flat as an integer spread can be), and
 * when the placed orbits' Sc terms (fourth powers, never negative) already
 * reach the best found. From random seatings: the last one completed (any
 * bound state, the lowest Sc), then each in turn until none improves.
 * Where a movement's states at So's bound are isolated (no single
 * exchange leads from one to another), the exchange walks meet few of
 * them, and this construction lands far lower (docs/search.md).
 * SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "search/construct.h"
#include "search/engine.h"

#define ORB_MAX_N SW_RELABEL_MAX_N
#define ORB_FAILS 3  /* infeasible starts in a row, none feasible: give up */
#define ORB_STARTS 8 /* random starts, at most (small seasons make many) */

typedef __int128 orb_i128;
#define ORB_COST_MAX ((orb_i128)(((unsigned __int128)1 << 127) - 1)) /* no cost yet */

typedef struct orb {
    int n, P1, ns, nf; /* participants = positions, sessions, seatings (ns / 3) */
    const int32_t *wm; /* position tables (the same every session) */
    const int64_t *wc;
    int64_t D, Tc;
    int f;                /* M entries must be f or f+1 */
    int32_t wmax;         /* largest meeting count of two positions */
    int pi[3][ORB_MAX_N]; /* pi^j */
    int *orb, *osz, norb; /* orb[i*n+j]: orbit of pair {i,j}; osz: its size */
    int *sig;             /* [nf*(n+1)]: participant at position p of seating f */
    int32_t *am;          /* [n*n] M of the other seatings */
    int64_t *ca;          /* [n*n] L*C of the other seatings */
    int *osum, *oknown;   /* [norb] */
    int64_t *ocs;         /* [norb] */
    int at[ORB_MAX_N];    /* position of participant (0 = not placed) */
    int best[ORB_MAX_N];
    char used[ORB_MAX_N + 1];
    orb_i128 best_cost;
    long long nodes, cap;
    bool found, over;
    const sw_limits *lim;
} orb;

static inline orb_i128 orb_term(const orb *o, int64_t c) {
    int64_t u = o->D * c - o->Tc;
    orb_i128 q = (orb_i128)u * u;
    return q * q;
}

static void orb_dfs(orb *o, int t, orb_i128 cost) {
    if (++o->nodes > o->cap || o->over)
        return;
    if ((o->nodes & 4095) == 0 && o->lim && sw_over(o->lim)) {
        o->over = true;
        return;
    }
    int n = o->n;
    if (t == n) {
        if (cost < o->best_cost) {
            o->best_cost = cost;
            memcpy(o->best, o->at, sizeof o->at);
            o->found = true;
        }
        return;
    }
    int x = t; /* participants in label order: pi's cycles complete early */
    for (int p = 1; p < o->P1; p++) {
        if (o->used[p])
            continue;
        orb_i128 c = cost;
        bool ok = true;
        int s = 0;
        for (; s < t && ok; s++) {
            int y = s, q = o->at[y], b = o->orb[x * n + y], z = o->osz[b], r = 3 / z;
            o->osum[b] += o->wm[p * o->P1 + q];
            o->ocs[b] += o->wc[p * o->P1 + q];
            o->oknown[b]++;
            int32_t a = o->am[x * n + y];
            if (a + r * o->osum[b] > o->f + 1 ||
                a + r * (o->osum[b] + o->wmax * (z - o->oknown[b])) < o->f) {
                ok = false;
            } else if (o->oknown[b] == z) {
                c += (orb_i128)z * orb_term(o, o->ca[x * n + y] + r * o->ocs[b]);
                ok = c < o->best_cost;
            }
        }
        if (ok) {
            o->used[p] = 1;
            o->at[x] = p;
            orb_dfs(o, t + 1, c);
            o->used[p] = 0;
            o->at[x] = 0;
        }
        for (int u = 0; u < s; u++) {
            int q = o->at[u], b = o->orb[x * n + u];
            o->osum[b] -= o->wm[p * o->P1 + q];
            o->ocs[b] -= o->wc[p * o->P1 + q];
            o->oknown[b]--;
        }
        if (o->nodes > o->cap || o->over)
            return;
    }
}

/* The lowest-Sc bound seating f given the others, below `beat`: true when
 * found (then o->sig holds it and *cost its Sc sum). */
static bool orb_solve(orb *o, int f, orb_i128 beat, long long cap, orb_i128 *cost) {
    int n = o->n, P1 = o->P1;
    memset(o->am, 0, sizeof(int32_t) * (size_t)n * (size_t)n);
    memset(o->ca, 0, sizeof(int64_t) * (size_t)n * (size_t)n);
    for (int g = 0; g < o->nf; g++) {
        if (g == f)
            continue;
        const int *sg = o->sig + g * P1;
        for (int j = 0; j < 3; j++)
            for (int p = 1; p < P1; p++)
                for (int q = 1; q < P1; q++) {
                    if (p == q)
                        continue;
                    int i = o->pi[j][sg[p]], k = o->pi[j][sg[q]];
                    o->am[i * n + k] += o->wm[p * P1 + q];
                    o->ca[i * n + k] += o->wc[p * P1 + q];
                }
    }
    memset(o->osum, 0, sizeof(int) * (size_t)o->norb);
    memset(o->oknown, 0, sizeof(int) * (size_t)o->norb);
    memset(o->ocs, 0, sizeof(int64_t) * (size_t)o->norb);
    memset(o->used, 0, sizeof o->used);
    memset(o->at, 0, sizeof o->at);
    o->best_cost = beat;
    o->found = false;
    o->cap = o->nodes + cap;
    orb_dfs(o, 0, 0);
    if (!o->found)
        return false;
    for (int i = 0; i < n; i++)
        o->sig[f * P1 + o->best[i]] = i;
    *cost = o->best_cost;
    return true;
}

/* Whether mx is a season this applies to: sessions in triples of one
 * movement, everyone present and seated, no pins, no history, the exact
 * sums within range. Fills the tables of o. */
static bool orb_setup(orb *o, sw_matrix *mx) {
    int n = mx->n, ns = mx->nsessions;
    sw_plain_season ps;
    if (n < 3 || n > ORB_MAX_N || ns < 3 || ns % 3 || !sw_plain_season_of(mx, &ps))
        return false;
    o->n = n, o->P1 = n + 1, o->ns = ns, o->nf = ns / 3;
    o->wm = mx->wm[0], o->wc = mx->wc[0];
    o->D = mx->pairs;
    o->wmax = ps.wmax;
    o->Tc = ps.Tc;
    o->f = (int)(ps.Tm / o->D);
    return true;
}

/* The relabelling pi and its orbits of pairs, and the work arrays: false
 * when out of memory (then orb_release frees what was made). */
static bool orb_prepare(orb *o) {
    int n = o->n, P1 = o->P1;
    /* the cyclic construction's relabelling at d = 3, tabled for the
     * branch and bound's inner loop */
    sw_relabel pi;
    sw_relabel_init(&pi, n, 3);
    for (int j = 0; j < 3; j++)
        for (int i = 0; i < n; i++)
            o->pi[j][i] = sw_relabel_apply(&pi, j, i);
    o->orb = malloc(sizeof(int) * (size_t)n * (size_t)n * 2);
    o->sig = malloc(sizeof(int) * (size_t)o->nf * (size_t)P1);
    o->am = malloc(sizeof(int32_t) * (size_t)n * (size_t)n);
    o->ca = malloc(sizeof(int64_t) * (size_t)n * (size_t)n);
    o->osum = malloc(sizeof(int) * (size_t)n * (size_t)n * 2);
    o->ocs = malloc(sizeof(int64_t) * (size_t)n * (size_t)n);
    if (!o->orb || !o->sig || !o->am || !o->ca || !o->osum || !o->ocs)
        return false;
    o->osz = o->orb + n * n;
    o->oknown = o->osum + n * n;
    o->norb = sw_relabel_pair_orbits(&pi, o->orb, o->osz);
    return true;
}

static void orb_release(orb *o) {
    free(o->orb);
    free(o->sig);
    free(o->am);
    free(o->ca);
    free(o->osum);
    free(o->ocs);
}

/* Random seatings, one per f. */
static void orb_shuffle(orb *o, sw_rng *rng) {
    for (int f = 0; f < o->nf; f++) {
        int *sg = o->sig + f * o->P1;
        for (int p = 1; p < o->P1; p++)
            sg[p] = p - 1;
        sw_rng_shuffle(rng, sg + 1, o->n);
    }
}

bool sw_orbit_applies(sw_matrix *mx) {
    orb o = {0};
    return orb_setup(&o, mx);
}

bool sw_orbit_worth(sw_matrix *mx, uint64_t seed, int starts, int need, long long cap, int threads,
                    const sw_limits *lim) {
    orb o0 = {0};
    if (!orb_setup(&o0, mx))
        return false;
    if (threads < 1)
        threads = 1;
    /* Rounds of `threads` starts, start k from a stream of its own: the
     * count over a prefix decides as soon as it can, and what it decides
     * does not depend on where the rounds end, so neither on the threads. */
    int done = 0;
    for (int k0 = 0; k0 < starts && done < need && done + starts - k0 >= need;) {
        int round = threads < starts - k0 ? threads : starts - k0, got = 0;
#ifdef SW_HAVE_OPENMP
#pragma omp parallel for num_threads(round) reduction(+ : got)
#endif
        for (int k = k0; k < k0 + round; k++) {
            orb o = o0;
            o.lim = lim;
            if (orb_prepare(&o)) {
                sw_rng rng;
                sw_rng_seed(&rng, seed, UINT64_C(0x6f72626974) + (uint64_t)k);
                orb_i128 cost;
                orb_shuffle(&o, &rng);
                got += orb_solve(&o, o.nf - 1, ORB_COST_MAX, cap, &cost);
            }
            orb_release(&o);
        }
        done += got;
        k0 += round;
    }
    return done >= need;
}

long long sw_orbit_run(sw_matrix *mx, sw_rng *rng, long long budget, long long cap,
                       const sw_limits *lim, int *built_count, bool *improved_out) {
    orb o = {0};
    if (budget <= 0 || !orb_setup(&o, mx))
        return 0;
    sw_criteria cur;
    sw_criteria_compute(mx, &cur);
    if (sw_i256_cmp(cur.so, cur.so_bound) > 0)
        return 0;
    int P1 = o.P1;
    sw_keep kp = {0};
    if (!orb_prepare(&o) || !sw_keep_init(&kp, mx, o.ns, P1))
        goto done;
    o.lim = lim;
    bool feasible = false;
    int fails = 0, starts = 0;
    while (o.nodes < budget && starts++ < ORB_STARTS && !o.over && !sw_over(lim)) {
        orb_shuffle(&o, rng);
        orb_i128 cost, c2;
        if (!orb_solve(&o, o.nf - 1, ORB_COST_MAX, cap, &cost)) {
            if (!feasible && ++fails >= ORB_FAILS)
                break;
            continue;
        }
        for (int still = 0, f = 0; still < o.nf && o.nodes < budget && !o.over;
             f = (f + 1) % o.nf) {
            if (o.nf > 1 && orb_solve(&o, f, cost, cap, &c2))
                cost = c2, still = 0;
            else
                still++;
        }
        /* Ranked by the library's own criteria, by the final order. */
        for (int k = 0; k < o.ns; k++)
            for (int p = 1; p < P1; p++)
                mx->assign[k][p] = o.pi[k % 3][o.sig[k / 3 * P1 + p]] + 1;
        sw_matrix_rebuild(mx);
        feasible = true;
        ++*built_count;
        sw_keep_offer(&kp, mx);
    }
    /* Leave mx at the best of the input and the states built. */
    *improved_out = sw_keep_finish(&kp, mx);
done:
    orb_release(&o);
    sw_keep_free(&kp);
    return o.nodes;
}
