/* src/search/anneal.c: simulated annealing on So+Sr (with a little Sc).
 * SPDX-License-Identifier: MIT */
#include <assert.h>
#include <math.h>

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

/* Simulated annealing on So+Sr from mx: random exchanges inside the sessions
 * that can change, priced exactly, made when they do not worsen So+Sr or
 * with probability exp(-delta / temperature) otherwise; the temperature
 * falls geometrically from t0 (the mean worsening of random exchanges at the
 * start) to t0 / 1000 over `iters` proposals. Its job is the deep structure
 * of So that a descent or a tabu walk on the full order does not cross;
 * the tabu phase after it polishes Sp and Sc on the plateau it reaches. */
long long sw_anneal_run(sw_matrix *mx, sw_rng *rng, long long iters, double t0_factor,
                        double seconds, bool keep_sr, const sw_limits *lim, long long *evaluated) {
    const sw_season *s = mx->season;
    int free_k[SW_SEASON_MAX_SESSIONS], nfree = 0;
    for (int k = 0; k < s->nsessions; k++)
        if (!s->sessions[k].played && s->movements[s->sessions[k].movement].positions >= 2)
            free_k[nfree++] = k;
    if (nfree == 0 || iters <= 0)
        return 0;
    sw_engine E;
    sw_engine_init(&E, mx);
    E.keep_sr = keep_sr;
    long long evals = 0;
    /* Sc in sosr's units: sosr = D^4 N^4 (So + Sr), sc = D^4 L^4 Sc. */
    const double lambda = ANNEAL_SC_WEIGHT;
    long double L = (long double)mx->scale, N = (long double)mx->n;
    long double sc_to_sosr = lambda * (N * N * N * N) / (L * L * L * L);
    /* Temperature scale from a sample of worsening moves. */
    double sum = 0;
    int count = 0;
    for (int i = 0; i < 200; i++) {
        sw_move c;
        c.k = free_k[sw_rng_bounded(rng, (uint32_t)nfree)];
        int P = s->movements[s->sessions[c.k].movement].positions;
        c.p = 1 + (int)sw_rng_bounded(rng, (uint32_t)P);
        c.q = 1 + (int)sw_rng_bounded(rng, (uint32_t)P - 1);
        if (c.q >= c.p)
            c.q++;
        if (c.p > c.q) {
            int t = c.p;
            c.p = c.q;
            c.q = t;
        }
        if (!sw_exchange_allowed(s, c.k, mx->assign[c.k], c.p, c.q))
            continue;
        bool ready = sw_matrix_tables_ready(mx, c.k);
        if (!sw_move_admissible(&E, c.k, c.p, c.q, ready))
            continue;
        sw_move_price(&E, &c, ready);
        double d = (double)sw_i256_to_ld(c.sosr);
        if (d > 0) {
            sum += d;
            count++;
        }
    }
    double t0 = count ? sum / count * t0_factor : 1.0, t1 = t0 * ANNEAL_T1;
    double temp = t0, cool = pow(t1 / t0, 1.0 / (double)iters);
    neglog nl;
    neglog_init(&nl);
    /* Sc kept exactly by the changes of the proposals made (recomputed
     * only after one whose change was not priced), and in sosr's units
     * when the refusal test asks for it. */
    sw_i256 sc_now = sw_criteria_sc(mx);
    double sc_room = 0;
    bool sc_known = true, sc_stale = true;
    /* With a time allotment (time mode) the schedule follows whichever of
     * the proposals made and the time used is further along, so a loaded
     * machine shortens the schedule instead of cutting it (the tabu phase
     * after it keeps its time). */
    double start = seconds > 0 ? sw_now() : 0, lt = log(t1 / t0);
    long long done = 0;
    long long it = 0;
    for (; it < iters; it++, done++) {
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
        sw_move c;
        c.k = free_k[nfree == 1 ? 0 : sw_rng_bounded(rng, (uint32_t)nfree)];
        int P = s->movements[s->sessions[c.k].movement].positions;
        c.p = 1 + (int)sw_rng_bounded(rng, (uint32_t)P);
        c.q = 1 + (int)sw_rng_bounded(rng, (uint32_t)P - 1);
        if (c.q >= c.p)
            c.q++;
        temp *= cool;
        if (!sw_exchange_allowed(s, c.k, mx->assign[c.k], c.p, c.q))
            continue;
        bool ready = sw_matrix_tables_ready(mx, c.k);
        if (!sw_move_admissible(&E, c.k, c.p, c.q, ready))
            continue;
        evals++;
        const int *as = mx->assign[c.k];
        __int128 d128;
        double d;
        sw_i256 dsc;
        bool have_dsc = false;
        if (ready && E.fast && as[c.p] && as[c.q] &&
            sw_price_sosr(&E.pr, mx, c.k, c.p, c.q, &d128)) {
            d = (double)d128;
            /* Sc >= 0, so Sc's change is at least -Sc: a proposal whose
             * So+Sr change alone is beyond 9 temperatures plus that room
             * (twice it, for rounding) is refused below whatever Sc does,
             * and Sc need not be priced (most proposals near the end). */
            if (lambda > 0 && d >= 9 * temp) {
                if (sc_stale) {
                    /* the running value is the recomputed one */
                    assert(!sc_known || sw_i256_cmp(sc_now, sw_criteria_sc(mx)) == 0);
                    if (!sc_known)
                        sc_now = sw_criteria_sc(mx);
                    sc_known = true;
                    sc_room = (double)(sw_i256_to_ld(sc_now) * sc_to_sosr);
                    sc_stale = false;
                }
                if (d - 2 * sc_room >= 9 * temp)
                    continue;
            }
            if (lambda > 0) {
                __int128 dsc128;
                if (sw_price_sc128(&E.pr, mx, c.k, c.p, c.q, &dsc128)) {
                    d += (double)((long double)dsc128 * sc_to_sosr);
                    dsc = sw_i256_from_i128(dsc128);
                    have_dsc = true;
                } else if (sw_price_sc(&E.pr, mx, c.k, c.p, c.q, &dsc)) {
                    d += (double)(sw_i256_to_ld(dsc) * sc_to_sosr);
                    have_dsc = true;
                }
            }
        } else {
            /* made and undone: its Sc change is exact too, so the running
             * Sc needs no recomputing after it */
            sw_i256 before = sw_criteria_sosr(mx), bsc = sw_criteria_sc(mx);
            sw_matrix_exchange(mx, c.k, c.p, c.q);
            d = (double)sw_i256_to_ld(sw_i256_sub(sw_criteria_sosr(mx), before));
            dsc = sw_i256_sub(sw_criteria_sc(mx), bsc);
            have_dsc = true;
            if (lambda > 0)
                d += (double)(sw_i256_to_ld(dsc) * sc_to_sosr);
            sw_matrix_exchange(mx, c.k, c.p, c.q);
        }
        /* accept when d < -temp ln u; beyond 9 temperatures never */
        if (d > 0 && (d >= 9 * temp || d >= temp * neglog_draw(&nl, rng)))
            continue;
        bool status = !as[c.p] || !as[c.q];
        sw_matrix_exchange(mx, c.k, c.p, c.q);
        sc_stale = true;
        if (have_dsc)
            sc_now = sw_i256_add(sc_now, dsc);
        else
            sc_known = false;
        if (status)
            E.fast = E.pricer && sw_pricer_sync(&E.pr, mx);
    }
    sw_engine_free(&E);
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
