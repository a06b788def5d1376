/* src/search/anneal.c: simulated annealing on So+Sr (with a little Sc).
 * SPDX-License-Identifier: MIT */
#include <assert.h>
#include <math.h>
#include <stdlib.h>

#include "search/engine.h"
#include "season/season.h"

/* End temperature as a fraction of the start, and the weight of Sc beside
 * So+Sr (docs/search.md). */
#define ANNEAL_T1 1e-3
#define ANNEAL_SC_WEIGHT 0.1

/* -ln u for a uniform u in (0, 1], from the top 12 bits of a PCG32 draw:
 * the acceptance test needs the distribution, not 53 bits of it, and a
 * table keeps log() out of the hot loop (and the result deterministic). */
typedef struct neglog {
    double v[4096];
} neglog;

static void neglog_init(neglog *t) {
    for (int i = 0; i < 4096; i++)
        t->v[i] = -log(((double)i + 0.5) / 4096.0);
}

static inline double neglog_draw(const neglog *t, sw_rng *rng) {
    return t->v[sw_rng_next(rng) >> 20];
}

/* Sc kept exactly by the changes of the proposals made (recomputed only
 * after one whose change was not priced), and in sosr's units when the
 * refusal test asks for it. */
typedef struct sc_run {
    sw_i256 now;
    double room;
    bool known, stale;
    long double to_sosr;
} sc_run;

/* Sc in sosr's units: no proposal lowers Sc by more. */
static double sc_room(sc_run *S, const sw_matrix *mx) {
    if (S->stale) {
        /* the running value is the recomputed one */
        assert(!S->known || sw_i256_cmp(S->now, sw_criteria_sc(mx)) == 0);
        if (!S->known)
            S->now = sw_criteria_sc(mx);
        S->known = true;
        S->room = (double)(sw_i256_to_ld(S->now) * S->to_sosr);
        S->stale = false;
    }
    return S->room;
}

static void pair_scratch_free(sw_pair_scratch *w) {
    free(w->dm);
    free(w->dc);
    free(w->ys);
    free(w->seen);
    *w = (sw_pair_scratch){0};
}

/* With Sr kept, a plain swap of a and b whose positions rest differently
 * is refused, so each participant's rests session by session stay as the
 * rests walk dealt them. Swapping a and b in session k (a's total moves by
 * d, b's by -d) and again in a session l where that moves a's by -d keeps
 * every total, so Sr, and changes who rests when. c is the refused swap;
 * the pair is priced exactly without being made (sw_price_pair) and made
 * or not by the annealing's test. Returns the pairs priced (0 or 1). */
static int pair_proposal(sw_engine *E, sw_pair_scratch *w, sw_rng *rng, const neglog *nl,
                         const sw_move *c, const int *free_k, int nfree, double temp, sc_run *S) {
    sw_matrix *mx = E->mx;
    const sw_season *s = mx->season;
    const int *as = mx->assign[c->k];
    int a = as[c->p] - 1, b = as[c->q] - 1;
    if (a < 0 || b < 0 || nfree < 2)
        return 0;
    int d = mx->wr[c->k][c->q] - mx->wr[c->k][c->p];
    int l = -1, lp = 0, lq = 0;
    for (int x = 0, o = (int)sw_rng_bounded(rng, (uint32_t)nfree); x < nfree && l < 0; x++) {
        int k = free_k[(o + x) % nfree], p, q;
        if (k == c->k || !(p = mx->pos[k][a]) || !(q = mx->pos[k][b]))
            continue;
        if (!sw_exchange_allowed(s, k, mx->assign[k], p, q) || !sw_matrix_tables_ready(mx, k) ||
            mx->wr[k][q] - mx->wr[k][p] != -d)
            continue;
        l = k;
        lp = p;
        lq = q;
    }
    __int128 dso, dsc;
    if (l < 0 || !sw_price_pair_so(&E->pr, mx, c->k, c->p, c->q, l, lp, lq, w, &dso))
        return 0;
    /* refused on So+Sr alone whatever Sc does (as a single swap is) */
    double dv = sw_i128_to_double(dso);
    if (dv >= 9 * temp && dv - 2 * sc_room(S, mx) >= 9 * temp)
        return 1;
    if (!sw_price_pair(&E->pr, mx, c->k, c->p, c->q, l, lp, lq, w, &dso, &dsc))
        return 1; /* beyond the proven bounds: not made */
    dv = sw_i128_to_double(dso) + (double)(sw_i128_to_ld(dsc) * S->to_sosr);
    if (dv > 0 && (dv >= 9 * temp || dv >= temp * neglog_draw(nl, rng)))
        return 1;
#ifndef NDEBUG
    sw_i256 so0 = sw_criteria_sosr(mx), sc0 = sw_criteria_sc(mx);
#endif
    sw_matrix_exchange(mx, c->k, c->p, c->q);
    sw_matrix_exchange(mx, l, lp, lq);
    /* the priced change is the made one */
    assert(sw_i256_cmp(sw_i256_sub(sw_criteria_sosr(mx), so0), sw_i256_from_i128(dso)) == 0);
    assert(sw_i256_cmp(sw_i256_sub(sw_criteria_sc(mx), sc0), sw_i256_from_i128(dsc)) == 0);
    S->now = sw_i256_add(S->now, sw_i256_from_i128(dsc));
    S->stale = true;
    return 1;
}

/* One annealing run's state: the sessions that can change, the engine that
 * prices the proposals, the running Sc and the schedule. */
typedef struct anneal {
    sw_matrix *mx;
    sw_rng *rng;
    int free_k[SW_SEASON_MAX_SESSIONS], nfree;
    sw_engine E;
    sw_pair_scratch pw; /* keeping Sr: the pair moves' scratch (none: plain swaps only) */
    sc_run S;
    neglog nl;
    long double sc_to_sosr; /* Sc's weight, in sosr's units */
} anneal;

/* A random exchange in one of the sessions that can change: a session
 * (drawn even when there is one, if `always_draw`), then two distinct
 * positions. */
static inline sw_move random_move(anneal *A, bool always_draw) {
    const sw_season *s = A->mx->season;
    sw_move c;
    c.k = A->free_k[!always_draw && A->nfree == 1 ? 0 : sw_rng_bounded(A->rng, (uint32_t)A->nfree)];
    int P = s->movements[s->sessions[c.k].movement].positions;
    c.p = 1 + (int)sw_rng_bounded(A->rng, (uint32_t)P);
    c.q = 1 + (int)sw_rng_bounded(A->rng, (uint32_t)P - 1);
    if (c.q >= c.p)
        c.q++;
    return c;
}

/* The start temperature: the mean worsening of 200 random exchanges, times
 * t0_factor (1 when none worsens). */
static double start_temperature(anneal *A, double t0_factor) {
    sw_matrix *mx = A->mx;
    double sum = 0;
    int count = 0;
    for (int i = 0; i < 200; i++) {
        sw_move c = random_move(A, true);
        if (c.p > c.q) {
            int t = c.p;
            c.p = c.q;
            c.q = t;
        }
        if (!sw_exchange_allowed(mx->season, c.k, mx->assign[c.k], c.p, c.q))
            continue;
        bool ready = sw_matrix_tables_ready(mx, c.k);
        if (!sw_move_admissible(&A->E, c.k, c.p, c.q, ready))
            continue;
        sw_move_price(&A->E, &c, ready);
        double d = (double)sw_i256_to_ld(c.sosr);
        if (d > 0) {
            sum += d;
            count++;
        }
    }
    return count ? sum / count * t0_factor : 1.0;
}

/* The change of So+Sr (plus Sc's weighted change) the plain exchange c
 * would make, priced when the pricer can, else made and undone. Returns
 * false when it is refused on So+Sr alone (then *d is not set). *dsc is
 * Sc's exact change when *have_dsc. */
static bool price_proposal(anneal *A, const sw_move *c, bool ready, double temp, double *d,
                           sw_i256 *dsc, bool *have_dsc) {
    sw_matrix *mx = A->mx;
    const int *as = mx->assign[c->k];
    __int128 d128;
    *have_dsc = false;
    if (ready && A->E.fast && as[c->p] && as[c->q] &&
        sw_price_sosr(&A->E.pr, mx, c->k, c->p, c->q, &d128)) {
        *d = sw_i128_to_double(d128);
        /* Sc >= 0, so Sc's change is at least -Sc: a proposal whose
         * So+Sr change alone is beyond 9 temperatures plus that room
         * (twice it, for rounding) is refused whatever Sc does, and Sc
         * need not be priced (most proposals near the end). */
        if (ANNEAL_SC_WEIGHT > 0 && *d >= 9 * temp && *d - 2 * sc_room(&A->S, mx) >= 9 * temp)
            return false;
        if (ANNEAL_SC_WEIGHT > 0) {
            __int128 dsc128;
            if (sw_price_sc128(&A->E.pr, mx, c->k, c->p, c->q, &dsc128)) {
                *d += (double)(sw_i128_to_ld(dsc128) * A->sc_to_sosr);
                *dsc = sw_i256_from_i128(dsc128);
                *have_dsc = true;
            } else if (sw_price_sc(&A->E.pr, mx, c->k, c->p, c->q, dsc)) {
                *d += (double)(sw_i256_to_ld(*dsc) * A->sc_to_sosr);
                *have_dsc = true;
            }
        }
        return true;
    }
    /* made and undone: its Sc change is exact too, so the running Sc needs
     * no recomputing after it */
    sw_i256 before = sw_criteria_sosr(mx), bsc = sw_criteria_sc(mx);
    sw_matrix_exchange(mx, c->k, c->p, c->q);
    *d = (double)sw_i256_to_ld(sw_i256_sub(sw_criteria_sosr(mx), before));
    *dsc = sw_i256_sub(sw_criteria_sc(mx), bsc);
    *have_dsc = true;
    if (ANNEAL_SC_WEIGHT > 0)
        *d += (double)(sw_i256_to_ld(*dsc) * A->sc_to_sosr);
    sw_matrix_exchange(mx, c->k, c->p, c->q);
    return true;
}

/* One proposal at temperature temp: drawn, priced, made or not. Returns
 * the proposals priced (0, 1). */
static int propose(anneal *A, double temp) {
    sw_matrix *mx = A->mx;
    sw_move c = random_move(A, false);
    if (!sw_exchange_allowed(mx->season, c.k, mx->assign[c.k], c.p, c.q))
        return 0;
    bool ready = sw_matrix_tables_ready(mx, c.k);
    if (!sw_move_admissible(&A->E, c.k, c.p, c.q, ready)) {
        /* keeping Sr: the swap would move rests, so propose it with the
         * same two swapping back as many in another session */
        if (A->pw.dm && ready && A->E.fast)
            return pair_proposal(&A->E, &A->pw, A->rng, &A->nl, &c, A->free_k, A->nfree, temp,
                                 &A->S);
        return 0;
    }
    double d;
    sw_i256 dsc;
    bool have_dsc;
    if (!price_proposal(A, &c, ready, temp, &d, &dsc, &have_dsc))
        return 1;
    /* accept when d < -temp ln u; beyond 9 temperatures never */
    if (d > 0 && (d >= 9 * temp || d >= temp * neglog_draw(&A->nl, A->rng)))
        return 1;
    const int *as = mx->assign[c.k];
    bool status = !as[c.p] || !as[c.q];
    sw_matrix_exchange(mx, c.k, c.p, c.q);
    A->S.stale = true;
    if (have_dsc)
        A->S.now = sw_i256_add(A->S.now, dsc);
    else
        A->S.known = false;
    if (status)
        A->E.fast = A->E.pricer && sw_pricer_sync(&A->E.pr, mx);
    return 1;
}

static void pair_scratch_alloc(sw_pair_scratch *w, int n) {
    w->dm = calloc((size_t)n, sizeof *w->dm);
    w->dc = calloc((size_t)n, sizeof *w->dc);
    w->ys = calloc((size_t)n, sizeof *w->ys);
    w->seen = calloc((size_t)n, 1);
    if (!w->dm || !w->dc || !w->ys || !w->seen)
        pair_scratch_free(w);
}

/* Simulated annealing on So+Sr from mx: random exchanges inside the sessions
 * that can change, priced exactly, made when they do not worsen So+Sr or
 * with probability exp(-delta / temperature) otherwise; the temperature
 * falls geometrically from t0 (the mean worsening of random exchanges at the
 * start) to t0 / 1000 over `iters` proposals. Its job is the deep structure
 * of So that a descent or a tabu walk on the full order does not cross;
 * the tabu phase after it polishes Sp and Sc on the plateau it reaches. */
long long sw_anneal_run(sw_matrix *mx, sw_rng *rng, long long iters, double t0_factor,
                        double seconds, bool keep_sr, bool pairs, const sw_limits *lim,
                        long long *evaluated) {
    const sw_season *s = mx->season;
    anneal A = {.mx = mx, .rng = rng};
    for (int k = 0; k < s->nsessions; k++)
        if (!s->sessions[k].played && s->movements[s->sessions[k].movement].positions >= 2)
            A.free_k[A.nfree++] = k;
    if (A.nfree == 0 || iters <= 0)
        return 0;
    sw_engine_init(&A.E, mx);
    A.E.keep_sr = keep_sr;
    /* Sc in sosr's units: sosr = (D U)^4 (N V)^4 (So + Sr), sc = D^4 L^4 Sc. */
    A.sc_to_sosr = sw_criteria_sc_weight(mx, ANNEAL_SC_WEIGHT);
    double t0 = start_temperature(&A, t0_factor), t1 = t0 * ANNEAL_T1;
    double cool = pow(t1 / t0, 1.0 / (double)iters);
    double temp = t0;
    neglog_init(&A.nl);
    if (keep_sr && pairs && A.nfree > 1)
        pair_scratch_alloc(&A.pw, mx->n);
    A.S =
        (sc_run){.now = sw_criteria_sc(mx), .known = true, .stale = true, .to_sosr = A.sc_to_sosr};
    /* With a time allotment (time mode) the schedule follows whichever of
     * the proposals made and the time used is further along, so a loaded
     * machine shortens the schedule instead of cutting it (the tabu phase
     * after it keeps its time). */
    double start = seconds > 0 ? sw_now() : 0, lt = log(t1 / t0);
    long long done = 0, evals = 0;
    for (long long it = 0; it < iters; it++, done++) {
        if ((it & 1023) == 0) {
            if (sw_over(lim))
                break;
            if (seconds > 0 && it > 0) {
                double ft = (sw_now() - start) / seconds;
                if (ft >= 1)
                    break;
                if (ft > (double)it / (double)iters) {
                    it = (long long)(ft * (double)iters);
                    temp = t0 * exp(lt * ft);
                }
            }
        }
        temp *= cool;
        evals += propose(&A, temp);
    }
    pair_scratch_free(&A.pw);
    sw_engine_free(&A.E);
    if (evaluated)
        *evaluated += evals;
    return done;
}

/* Seconds one annealing proposal takes on mx, measured on a sample of
 * random exchanges priced as the annealing prices them (So+Sr and Sc), with
 * a margin for the exchanges it makes. */
double sw_anneal_cost(sw_matrix *mx, uint64_t seed) {
    const sw_season *s = mx->season;
    sw_engine E;
    sw_engine_init(&E, mx);
    sw_rng rng;
    sw_rng_seed(&rng, seed, UINT64_C(0xca1b));
    const int samples = 20000;
    double t0 = sw_now();
    for (int i = 0; i < samples; i++) {
        int k = (int)sw_rng_bounded(&rng, (uint32_t)s->nsessions);
        int P = s->movements[s->sessions[k].movement].positions;
        if (s->sessions[k].played || P < 2)
            continue;
        int p = 1 + (int)sw_rng_bounded(&rng, (uint32_t)P - 1), q = p + 1;
        __int128 d, dc;
        /* (the calls live in another file: nothing here can elide them) */
        if (sw_matrix_tables_ready(mx, k) && E.fast && mx->assign[k][p] && mx->assign[k][q] &&
            sw_price_sosr(&E.pr, mx, k, p, q, &d))
            (void)sw_price_sc128(&E.pr, mx, k, p, q, &dc);
    }
    double each = (sw_now() - t0) / samples;
    sw_engine_free(&E);
    return 2 * each;
}
