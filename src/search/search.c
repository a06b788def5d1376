/* src/search/search.c: best-improvement descent, random restarts, OpenMP, and the
 * phases beyond picolo (tabu search, compound moves, kicks).
 * SPDX-License-Identifier: MIT */
#include "search/search.h"

#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <math.h>

#ifdef SW_HAVE_OPENMP
#include <omp.h>
#endif

#include "search/price.h"
#include "util/rng.h"

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The default method's settings, measured on the team movements of the
 * library (docs/search.md): annealing sweeps of the neighbourhood, its
 * start temperature as a fraction of the mean worsening of a random
 * exchange, its end temperature as a fraction of the start, the weight of
 * Sc beside So+Sr while annealing; tabu iterations, base tenure and stall
 * limit. */
#define ANNEAL_SWEEPS 5000
#define ANNEAL_T0 0.3
#define ANNEAL_T1 1e-3
#define ANNEAL_REHEATS 2
#define ANNEAL_REHEAT_T0 0.3
#define ANNEAL_SC_WEIGHT 0.1
#define TABU_ITERATIONS 30000
#define TABU_TENURE 3
#define TABU_STALL 20

/* When to stop: the caller's flag (Ctrl-C) or the deadline on the
 * monotonic clock (0 = none). Checked once per session of a neighbourhood
 * scan, so even a large season answers within a fraction of a second. */
typedef struct limits {
    volatile sig_atomic_t *stop;
    double deadline;
} limits;

static bool over(const limits *l) {
    return (l->stop && *l->stop) || (l->deadline > 0 && now() > l->deadline);
}

/* The descent's ranking key: So+Sr, then Sp, then Sc, computed lazily
 * because Sp costs O(n) and is needed only on ties. */
typedef struct key {
    sw_i256 sr, sosr, sp2, sc;
    bool have_sp2, have_sc;
    bool rests_first; /* the final phase: Sr before So+Sr */
} key;

static sw_i256 key_sp2(key *k, const sw_matrix *mx) {
    if (!k->have_sp2) {
        k->sp2 = sw_criteria_sp2(mx);
        k->have_sp2 = true;
    }
    return k->sp2;
}

static sw_i256 key_sc(key *k, const sw_matrix *mx) {
    if (!k->have_sc) {
        k->sc = sw_criteria_sc(mx);
        k->have_sc = true;
    }
    return k->sc;
}

/* Compare the state in mx (key a, filled lazily) with the recorded key b. */
static int key_compare(key *a, const sw_matrix *mx, key *b) {
    int c = a->rests_first ? sw_i256_cmp(a->sr, b->sr) : 0;
    if (c)
        return c;
    c = sw_i256_cmp(a->sosr, b->sosr);
    if (c)
        return c;
    c = sw_i256_cmp(key_sp2(a, mx), b->sp2);
    if (c)
        return c;
    return sw_i256_cmp(key_sc(a, mx), b->sc);
}

static key state_key(const sw_matrix *mx, bool rests_first) {
    key k = {.sosr = sw_criteria_sosr(mx), .rests_first = rests_first};
    if (rests_first)
        k.sr = sw_criteria_sr(mx);
    return k;
}

/* ---- moves priced as changes of the descent's key ----
 * A move is an exchange of positions p < q of session k. Its delta is the
 * change of (sosr, sp2, sc) it makes, compared lexicographically. A plain
 * swap in a session with position tables is priced without being made
 * (search/price.c), Sp and Sc only when So+Sr ties; any other exchange is
 * made, measured against the current key and undone. Either way the deltas
 * are exact, so the choice never depends on the path. */

typedef struct engine {
    sw_matrix *mx;
    sw_pricer pr;
    bool pricer;     /* tables allocated */
    bool fast;       /* tables in sync and within bounds for this state */
    key cur;         /* the state's full key (sosr, sp2, sc) */
} engine;

typedef struct move {
    int k, p, q;
    bool plain;      /* priced from the tables */
    bool have_rest;  /* sp2 and sc known */
    bool narrow;     /* sosr fits 128 bits and s holds it */
    __int128 s;
    sw_i256 sosr, sp2, sc;
} move;

static void move_narrow(move *m) {
    uint64_t fill = (m->sosr.w[1] >> 63) ? ~UINT64_C(0) : 0;
    m->narrow = m->sosr.w[2] == fill && m->sosr.w[3] == fill;
    m->s = (__int128)(((unsigned __int128)m->sosr.w[1] << 64) | m->sosr.w[0]);
}

/* The hot comparison of first keys, in 128 bits when both fit. */
static inline int sosr_cmp(const move *a, const move *b) {
    if (a->narrow && b->narrow)
        return (a->s > b->s) - (a->s < b->s);
    return sw_i256_cmp(a->sosr, b->sosr);
}

static void engine_key(engine *E) {
    E->cur = (key){.sosr = sw_criteria_sosr(E->mx), .sp2 = sw_criteria_sp2(E->mx),
                   .sc = sw_criteria_sc(E->mx), .have_sp2 = true, .have_sc = true};
    E->fast = E->pricer && sw_pricer_sync(&E->pr, E->mx);
}

static bool engine_init(engine *E, sw_matrix *mx) {
    memset(E, 0, sizeof *E);
    E->mx = mx;
    E->pricer = sw_pricer_init(&E->pr, mx) == 0;
    engine_key(E);
    return true;
}

static void engine_free(engine *E) {
    if (E->pricer)
        sw_pricer_free(&E->pr);
}

/* The general path: make the exchange, read the key, undo it. */
static void move_by_making(engine *E, move *m) {
    sw_matrix_exchange(E->mx, m->k, m->p, m->q);
    m->sosr = sw_i256_sub(sw_criteria_sosr(E->mx), E->cur.sosr);
    m->sp2 = sw_i256_sub(sw_criteria_sp2(E->mx), E->cur.sp2);
    m->sc = sw_i256_sub(sw_criteria_sc(E->mx), E->cur.sc);
    m->have_rest = true;
    m->plain = false;
    move_narrow(m);
    sw_matrix_exchange(E->mx, m->k, m->p, m->q);
}

/* Price the first key of the move (and everything on the general path).
 * ready: session k's tables are in sync. */
static void move_price(engine *E, move *m, bool ready) {
    const int *as = E->mx->assign[m->k];
    __int128 d;
    m->have_rest = false;
    m->plain = ready && E->fast && as[m->p] && as[m->q];
    if (m->plain && sw_price_sosr(&E->pr, E->mx, m->k, m->p, m->q, &d)) {
        m->sosr = sw_i256_from_i128(d);
        m->s = d;
        m->narrow = true;
        return;
    }
    move_by_making(E, m);
}

static void move_rest(engine *E, move *m) {
    if (m->have_rest)
        return;
    m->sp2 = sw_price_sp2(&E->pr, E->mx, m->k, m->p, m->q);
    if (!sw_price_sc(&E->pr, E->mx, m->k, m->p, m->q, &m->sc)) {
        move_by_making(E, m);
        return;
    }
    m->have_rest = true;
}

/* a < b on (sosr, sp2, sc), filling the later keys only on ties. */
static int move_cmp(engine *E, move *a, move *b) {
    int c = sosr_cmp(a, b);
    if (c)
        return c;
    move_rest(E, a);
    move_rest(E, b);
    c = sw_i256_cmp(a->sp2, b->sp2);
    return c ? c : sw_i256_cmp(a->sc, b->sc);
}

static void move_apply(engine *E, move *m) {
    move_rest(E, m);
    sw_matrix_exchange(E->mx, m->k, m->p, m->q);
    E->cur.sosr = sw_i256_add(E->cur.sosr, m->sosr);
    E->cur.sp2 = sw_i256_add(E->cur.sp2, m->sp2);
    E->cur.sc = sw_i256_add(E->cur.sc, m->sc);
    if (!m->plain)
        E->fast = E->pricer && sw_pricer_sync(&E->pr, E->mx);
}

static const move zero_move; /* the empty move: delta 0 */

/* Best-improvement descent by (So+Sr, Sp, Sc) on the engine. */
static long long engine_descend(engine *E, int max_steps, const limits *lim,
                                long long *evaluated) {
    sw_matrix *mx = E->mx;
    const sw_season *s = mx->season;
    long long steps = 0, evals = 0;
    if (max_steps <= 0)
        max_steps = 100000;
    while (steps < max_steps && !over(lim)) {
        move best = zero_move, c;
        best.k = -1;
        best.have_rest = true;
        best.narrow = true; /* delta 0 */
        for (int k = 0; k < s->nsessions && !over(lim); k++) {
            if (s->sessions[k].played)
                continue;
            bool ready = sw_matrix_tables_ready(mx, k);
            int P = s->movements[s->sessions[k].movement].positions;
            const int *as = mx->assign[k];
            for (int p = 1; p <= P; p++)
                for (int q = p + 1; q <= P; q++) {
                    if (!as[p] && !as[q])
                        continue;
                    evals++;
                    c.k = k;
                    c.p = p;
                    c.q = q;
                    move_price(E, &c, ready);
                    if (sosr_cmp(&c, &best) > 0)
                        continue;
                    if (move_cmp(E, &c, &best) < 0)
                        best = c;
                }
        }
        if (best.k < 0)
            break;
        move_apply(E, &best);
        steps++;
    }
    if (evaluated)
        *evaluated += evals;
    return steps;
}

/* Best-improvement descent ranked as the final choice, (Sr, So+Sr, Sp,
 * Sc), so a restart can still trade meetings for fairer rests after
 * picolo's phase. Every exchange is made and measured (rests change with
 * the sit-outs, which the pricer does not price). */
static long long descend_rests_first(sw_matrix *mx, int max_steps, const limits *lim,
                                     long long *evaluated) {
    const sw_season *s = mx->season;
    long long steps = 0, evals = 0;
    if (max_steps <= 0)
        max_steps = 100000;
    key cur = state_key(mx, true);
    cur.sp2 = sw_criteria_sp2(mx);
    cur.sc = sw_criteria_sc(mx);
    cur.have_sp2 = cur.have_sc = true;
    while (steps < max_steps && !over(lim)) {
        key best = cur;
        int bk = -1, bp = 0, bq = 0;
        for (int k = 0; k < s->nsessions && !over(lim); k++) {
            if (s->sessions[k].played)
                continue;
            int P = s->movements[s->sessions[k].movement].positions;
            const int *as = mx->assign[k];
            for (int p = 1; p <= P && !over(lim); p++)
                for (int q = p + 1; q <= P; q++) {
                    if (!as[p] && !as[q])
                        continue;
                    evals++;
                    sw_matrix_exchange(mx, k, p, q);
                    key cand = state_key(mx, true);
                    if (key_compare(&cand, mx, &best) < 0) {
                        key_sp2(&cand, mx);
                        key_sc(&cand, mx);
                        best = cand;
                        bk = k;
                        bp = p;
                        bq = q;
                    }
                    sw_matrix_exchange(mx, k, p, q);
                }
        }
        if (bk < 0)
            break;
        sw_matrix_exchange(mx, bk, bp, bq);
        cur = best;
        steps++;
    }
    if (evaluated)
        *evaluated += evals;
    return steps;
}

long long sw_search_descend(sw_matrix *mx, int max_steps, volatile sig_atomic_t *stop,
                            long long *evaluated) {
    engine E;
    engine_init(&E, mx);
    limits lim = {stop, 0};
    long long steps = engine_descend(&E, max_steps, &lim, evaluated);
    engine_free(&E);
    return steps;
}

long long sw_search_descend_rests_first(sw_matrix *mx, int max_steps,
                                        volatile sig_atomic_t *stop, long long *evaluated) {
    limits lim = {stop, 0};
    return descend_rests_first(mx, max_steps, &lim, evaluated);
}

/* The descent's ranking of the whole state: So+Sr, Sp, Sc. */
static int descent_compare(const sw_matrix *a, const sw_matrix *b) {
    int c = sw_i256_cmp(sw_criteria_sosr(a), sw_criteria_sosr(b));
    if (!c)
        c = sw_i256_cmp(sw_criteria_sp2(a), sw_criteria_sp2(b));
    if (!c)
        c = sw_i256_cmp(sw_criteria_sc(a), sw_criteria_sc(b));
    return c;
}

/* One random exchange in a session that is not played (no-op when none is free). */
static void random_exchange(sw_matrix *mx, sw_rng *rng) {
    const sw_season *s = mx->season;
    int free_sessions = 0;
    for (int k = 0; k < s->nsessions; k++)
        free_sessions += !s->sessions[k].played;
    if (free_sessions == 0)
        return;
    int pick = (int)sw_rng_bounded(rng, (uint32_t)free_sessions), k = 0;
    for (;; k++)
        if (!s->sessions[k].played && pick-- == 0)
            break;
    int P = s->movements[s->sessions[k].movement].positions;
    if (P < 2)
        return;
    int p = 1 + (int)sw_rng_bounded(rng, (uint32_t)P);
    int q = 1 + (int)sw_rng_bounded(rng, (uint32_t)P - 1);
    if (q >= p)
        q++;
    sw_matrix_exchange(mx, k, p, q);
}

void sw_search_kick(sw_matrix *mx, sw_matrix *scratch, sw_rng *rng, int kicks, int max_steps,
                    volatile sig_atomic_t *stop, long long *evaluated) {
    sw_matrix_assign_from(scratch, mx);
    for (int i = 0; i < kicks && !(stop && *stop); i++) {
        random_exchange(mx, rng);
        random_exchange(mx, rng);
        sw_search_descend(mx, max_steps, stop, evaluated);
        if (descent_compare(mx, scratch) <= 0)
            sw_matrix_assign_from(scratch, mx);
        else
            sw_matrix_assign_from(mx, scratch);
    }
}

/* Tabu search on the descent's ranking from mx (robust tabu search after
 * Taillard, on exact key deltas). Every iteration makes the best admissible
 * move, even a worsening one: that is how it leaves a plateau where every
 * single exchange loses So. After participant a leaves position p of
 * session k, putting a back at p is tabu for a random tenure; a move is
 * tabu when it would put both its participants back (or the one, with an
 * empty position), unless it reaches a state better than the best seen
 * (aspiration). After stall_limit iterations without a new best, the search
 * returns to the best and applies two random exchanges. mx ends in the best
 * state seen (never worse than where it started); scratch holds it. */
typedef struct tabu_list {
    int *until;      /* [session][participant][position] or [session][participant] */
    int n, stride;   /* stride = positions + 1, or 1 when by participant only */
} tabu_list;

static bool tabu_init(tabu_list *t, const sw_season *s) {
    int maxp = 0;
    for (int i = 0; i < s->nmovements; i++)
        if (s->movements[i].positions > maxp)
            maxp = s->movements[i].positions;
    t->n = s->n;
    size_t cells = (size_t)s->nsessions * (size_t)s->n * (size_t)(maxp + 1);
    /* By position while small (the precise attribute), else by participant. */
    t->stride = cells <= ((size_t)16 << 20) ? maxp + 1 : 1;
    t->until = calloc((size_t)s->nsessions * (size_t)s->n * (size_t)t->stride + 1, sizeof(int));
    return t->until != NULL;
}

static inline int *tabu_at(tabu_list *t, int k, int a, int p) {
    return &t->until[((size_t)k * t->n + (size_t)a) * t->stride + (t->stride > 1 ? p : 0)];
}

/* Whether the move (participants at p and q of session k go to q and p) is
 * tabu at iteration it. */
static bool tabu_move(tabu_list *t, const int *as, int k, int p, int q, int it) {
    int a = as[p], b = as[q];
    bool ta = a && *tabu_at(t, k, a - 1, q) >= it, tb = b && *tabu_at(t, k, b - 1, p) >= it;
    return ta || tb;
}

static long long tabu_run(sw_matrix *mx, sw_matrix *scratch, sw_rng *rng, int iters,
                          const limits *lim, long long *evaluated) {
    const sw_season *s = mx->season;
    int nitems = 0;
    for (int k = 0; k < s->nsessions; k++)
        nitems += s->sessions[k].played ? 0 : sw_season_present_count(s, k);
    if (iters <= 0 || nitems < 2)
        return 0;
    tabu_list tl;
    if (!tabu_init(&tl, s))
        return 0;
    long long done = 0;
    engine E;
    engine_init(&E, mx);
    /* Tenure: a few iterations, random in [t, 1.5 t]; measured in
     * docs/search.md. */
    int tenure = TABU_TENURE + nitems / 50;
    const int stall_limit = TABU_STALL;
    long long evals = 0;
    key top = E.cur;
    sw_matrix_assign_from(scratch, mx);
    int stall = 0;
    for (int it = 1; it <= iters && !over(lim); it++, done++) {
        /* Aspiration threshold: a move beats the best state seen when its
         * delta is below top - cur. */
        move asp = {.sosr = sw_i256_sub(top.sosr, E.cur.sosr),
                    .sp2 = sw_i256_sub(top.sp2, E.cur.sp2),
                    .sc = sw_i256_sub(top.sc, E.cur.sc), .have_rest = true};
        move_narrow(&asp);
        move best = {.k = -1}, c;
        bool bimproves = false;
        for (int k = 0; k < s->nsessions && !over(lim); k++) {
            if (s->sessions[k].played)
                continue;
            bool ready = sw_matrix_tables_ready(mx, k);
            int P = s->movements[s->sessions[k].movement].positions;
            const int *as = mx->assign[k];
            for (int p = 1; p <= P; p++)
                for (int q = p + 1; q <= P; q++) {
                    if (!as[p] && !as[q])
                        continue;
                    evals++;
                    c.k = k;
                    c.p = p;
                    c.q = q;
                    move_price(&E, &c, ready);
                    bool tabu = tabu_move(&tl, as, k, p, q, it);
                    int ca = sosr_cmp(&c, &asp);
                    if (tabu && ca > 0)
                        continue;
                    if (best.k >= 0 && sosr_cmp(&c, &best) > 0)
                        continue;
                    bool improves = ca < 0 || (ca == 0 && move_cmp(&E, &c, &asp) < 0);
                    if (tabu && !improves)
                        continue;
                    if (best.k < 0 || move_cmp(&E, &c, &best) < 0) {
                        best = c;
                        bimproves = improves;
                    }
                }
        }
        if (best.k < 0)
            break;
        int a = mx->assign[best.k][best.p], b = mx->assign[best.k][best.q];
        move_apply(&E, &best);
        int span = tenure / 2 + 1;
        if (a)
            *tabu_at(&tl, best.k, a - 1, best.p) = it + tenure + (int)sw_rng_bounded(rng, (uint32_t)span);
        if (b)
            *tabu_at(&tl, best.k, b - 1, best.q) = it + tenure + (int)sw_rng_bounded(rng, (uint32_t)span);
        if (bimproves) {
            top = E.cur;
            sw_matrix_assign_from(scratch, mx);
            stall = 0;
        } else if (++stall >= stall_limit) {
            /* Circling near the best: start again from it, kicked. */
            sw_matrix_assign_from(mx, scratch);
            random_exchange(mx, rng);
            random_exchange(mx, rng);
            engine_key(&E);
            stall = 0;
        }
    }
    sw_matrix_assign_from(mx, scratch);
    engine_free(&E);
    free(tl.until);
    if (evaluated)
        *evaluated += evals;
    return done;
}

void sw_search_tabu(sw_matrix *mx, sw_matrix *scratch, sw_rng *rng, int iters,
                    volatile sig_atomic_t *stop, long long *evaluated) {
    limits lim = {stop, 0};
    tabu_run(mx, scratch, rng, iters, &lim, evaluated);
}

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
static long long anneal_run(sw_matrix *mx, sw_rng *rng, long long iters, double t0_factor,
                            const limits *lim, long long *evaluated) {
    const sw_season *s = mx->season;
    int free_k[SW_SEASON_MAX_SESSIONS], nfree = 0;
    for (int k = 0; k < s->nsessions; k++)
        if (!s->sessions[k].played && s->movements[s->sessions[k].movement].positions >= 2)
            free_k[nfree++] = k;
    if (nfree == 0 || iters <= 0)
        return 0;
    engine E;
    engine_init(&E, mx);
    long long evals = 0;
    /* Sc in sosr's units: sosr = D^4 N^4 (So + Sr), sc = D^4 L^4 Sc. */
    const double lambda = ANNEAL_SC_WEIGHT;
    long double L = (long double)mx->scale, N = (long double)mx->n;
    long double sc_to_sosr = lambda * (N * N * N * N) / (L * L * L * L);
    /* Temperature scale from a sample of worsening moves. */
    double sum = 0;
    int count = 0;
    for (int i = 0; i < 200; i++) {
        move c;
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
        if (!mx->assign[c.k][c.p] && !mx->assign[c.k][c.q])
            continue;
        move_price(&E, &c, sw_matrix_tables_ready(mx, c.k));
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
    long long it = 0;
    for (; it < iters; it++) {
        if ((it & 1023) == 0 && over(lim))
            break;
        move c;
        c.k = free_k[nfree == 1 ? 0 : sw_rng_bounded(rng, (uint32_t)nfree)];
        int P = s->movements[s->sessions[c.k].movement].positions;
        c.p = 1 + (int)sw_rng_bounded(rng, (uint32_t)P);
        c.q = 1 + (int)sw_rng_bounded(rng, (uint32_t)P - 1);
        if (c.q >= c.p)
            c.q++;
        temp *= cool;
        if (!mx->assign[c.k][c.p] && !mx->assign[c.k][c.q])
            continue;
        evals++;
        bool ready = sw_matrix_tables_ready(mx, c.k);
        const int *as = mx->assign[c.k];
        __int128 d128;
        double d;
        if (ready && E.fast && as[c.p] && as[c.q] &&
            sw_price_sosr(&E.pr, mx, c.k, c.p, c.q, &d128)) {
            d = (double)d128;
            if (lambda > 0) {
                sw_i256 dsc;
                if (sw_price_sc(&E.pr, mx, c.k, c.p, c.q, &dsc))
                    d += (double)(sw_i256_to_ld(dsc) * sc_to_sosr);
            }
        } else {
            sw_i256 before = sw_criteria_sosr(mx), bsc = sw_criteria_sc(mx);
            sw_matrix_exchange(mx, c.k, c.p, c.q);
            d = (double)sw_i256_to_ld(sw_i256_sub(sw_criteria_sosr(mx), before));
            if (lambda > 0)
                d += (double)(sw_i256_to_ld(sw_i256_sub(sw_criteria_sc(mx), bsc)) * sc_to_sosr);
            sw_matrix_exchange(mx, c.k, c.p, c.q);
        }
        /* accept when d < -temp ln u; beyond 9 temperatures never */
        if (d > 0 && (d >= 9 * temp || d >= temp * neglog_draw(&nl, rng)))
            continue;
        bool status = !as[c.p] || !as[c.q];
        sw_matrix_exchange(mx, c.k, c.p, c.q);
        if (status)
            E.fast = E.pricer && sw_pricer_sync(&E.pr, mx);
    }
    engine_free(&E);
    if (evaluated)
        *evaluated += evals;
    return it;
}

/* Compound moves: two exchanges made together, accepted (first found) when
 * the pair improves the descent's ranking although each alone may not. This
 * moves between states of equal So+Sr that no single exchange connects.
 * Repeats until no pair improves or `rounds` moves were made. */
long long sw_search_pairs(sw_matrix *mx, int rounds, volatile sig_atomic_t *stop,
                          long long *evaluated) {
    const sw_season *s = mx->season;
    long long moves = 0, evals = 0;
    key cur = {.sosr = sw_criteria_sosr(mx), .sp2 = sw_criteria_sp2(mx), .sc = sw_criteria_sc(mx),
               .have_sp2 = true, .have_sc = true};
    bool improved = true;
    while (improved && moves < rounds && !(stop && *stop)) {
        improved = false;
        for (int k = 0; k < s->nsessions && !improved; k++) {
            if (s->sessions[k].played)
                continue;
            int P = s->movements[s->sessions[k].movement].positions;
            for (int p = 1; p <= P && !improved; p++)
                for (int q = p + 1; q <= P && !improved; q++) {
                    if (!mx->assign[k][p] && !mx->assign[k][q])
                        continue;
                    sw_matrix_exchange(mx, k, p, q);
                    sw_i256 mid = sw_criteria_sosr(mx);
                    for (int k2 = k; k2 < s->nsessions && !improved; k2++) {
                        if (s->sessions[k2].played)
                            continue;
                        int P2 = s->movements[s->sessions[k2].movement].positions;
                        const int *as = mx->assign[k2];
                        for (int p2 = k2 == k ? p : 1; p2 <= P2 && !improved; p2++)
                            for (int q2 = p2 + 1; q2 <= P2; q2++) {
                                if ((!as[p2] && !as[q2]) || (k2 == k && p2 == p && q2 <= q))
                                    continue;
                                evals++;
                                int64_t dm[5], dr[5];
                                if (sw_matrix_swap_delta(mx, k2, p2, q2, dm, dr) == 0 &&
                                    sw_i256_cmp(sw_i256_add(mid, sw_criteria_sosr_delta(mx, dm, dr)),
                                                cur.sosr) > 0)
                                    continue;
                                sw_matrix_exchange(mx, k2, p2, q2);
                                key cand = {.sosr = sw_criteria_sosr(mx)};
                                if (key_compare(&cand, mx, &cur) < 0) {
                                    key_sp2(&cand, mx);
                                    key_sc(&cand, mx);
                                    cur = cand;
                                    improved = true;
                                    break;
                                }
                                sw_matrix_exchange(mx, k2, p2, q2);
                            }
                    }
                    if (!improved)
                        sw_matrix_exchange(mx, k, p, q);
                }
        }
        moves += improved;
    }
    if (evaluated)
        *evaluated += evals;
    return moves;
}

void sw_search_randomize(sw_matrix *mx, sw_rng *rng) {
    const sw_season *s = mx->season;
    int maxp = 0;
    for (int i = 0; i < s->nmovements; i++)
        if (s->movements[i].positions > maxp)
            maxp = s->movements[i].positions;
    int *perm = malloc(sizeof *perm * ((size_t)maxp + 1));
    if (!perm)
        return; /* keep the current assignment: still a valid start */
    for (int k = 0; k < s->nsessions; k++) {
        const sw_session *ss = &s->sessions[k];
        if (ss->played)
            continue;
        int P = s->movements[ss->movement].positions;
        for (int p = 0; p < P; p++)
            perm[p] = p + 1;
        sw_rng_shuffle(rng, perm, P);
        memset(mx->assign[k], 0, sizeof(int) * ((size_t)P + 1));
        int x = 0;
        for (int i = 0; i < s->n; i++)
            if (ss->present[i])
                mx->assign[k][perm[x++]] = i + 1;
    }
    free(perm);
    sw_matrix_rebuild(mx);
}

void sw_search_default_method(const sw_season *s, sw_search_opts *o) {
    long long swaps = 0;
    bool full = true;
    for (int k = 0; k < s->nsessions; k++) {
        if (s->sessions[k].played)
            continue;
        long long P = s->movements[s->sessions[k].movement].positions;
        swaps += P * (P - 1) / 2;
        full = full && sw_season_present_count(s, k) == P;
    }
    /* Sit-outs to choose: picolo's restarts with the rests-first phase won
     * there (docs/search.md); the annealing and tabu phases price every
     * exchange with an empty position by making it. */
    o->anneal = full ? ANNEAL_SWEEPS * swaps : 0;
    o->tabu = full ? TABU_ITERATIONS : 0;
}

int sw_search_compare_final(const sw_criteria *a, const sw_criteria *b) {
    int c = sw_i256_cmp(a->sr, b->sr);
    if (!c)
        c = sw_i256_cmp(a->so, b->so);
    if (!c)
        c = sw_i256_cmp(a->sp2, b->sp2);
    if (!c)
        c = sw_i256_cmp(a->sc, b->sc);
    return c;
}

/* Per-thread workspace: the running state and the best state it has seen. */
typedef struct worker {
    sw_matrix cur, best, scratch;
    sw_criteria best_crit;
    int best_restart; /* -1 = none yet */
    long long evals, steps, annealed, tabu_iters;
    bool ok;
} worker;

/* Whether no exchange can change any rest: every session that can change is
 * full and its positions rest equally often. Then the final order (Sr
 * first) ranks like the descent's, and the fast descent serves for it. */
static bool rests_fixed(sw_matrix *mx) {
    const sw_season *s = mx->season;
    for (int k = 0; k < s->nsessions; k++) {
        if (s->sessions[k].played)
            continue;
        int P = s->movements[s->sessions[k].movement].positions;
        if (sw_season_present_count(s, k) < P || !sw_matrix_tables_ready(mx, k))
            return false;
        for (int p = 2; p <= P; p++)
            if (mx->wr[k][p] != mx->wr[k][1])
                return false;
    }
    return true;
}

static void run_restart(worker *w, const sw_matrix *base, int r, const sw_search_opts *o,
                        const limits *lim) {
    sw_matrix_assign_from(&w->cur, base);
    sw_rng rng;
    sw_rng_seed(&rng, o->seed, (uint64_t)r);
    if (r > 0)
        sw_search_randomize(&w->cur, &rng);
    /* Restart 0 keeps the season's own assignment as its start: annealing
     * would forget it, and the result must never be worse than the input. */
    if (o->anneal > 0 && r > 0)
        w->annealed += anneal_run(&w->cur, &rng, o->anneal, ANNEAL_T0, lim, &w->evals);
    engine E;
    engine_init(&E, &w->cur);
    w->steps += engine_descend(&E, o->max_steps, lim, &w->evals);
    engine_free(&E);
    /* So above its bound: anneal again from here, cooler, while that
     * lowers So+Sr (some bounds cannot be reached: the tries are few). */
    for (int rep = 0; o->anneal > 0 && r > 0 && rep < ANNEAL_REHEATS && !over(lim); rep++) {
        sw_criteria c;
        sw_criteria_compute(&w->cur, &c);
        if (sw_i256_cmp(c.so, c.so_bound) <= 0)
            break;
        sw_matrix_assign_from(&w->scratch, &w->cur);
        w->annealed += anneal_run(&w->cur, &rng, o->anneal, ANNEAL_T0 * ANNEAL_REHEAT_T0, lim,
                                  &w->evals);
        engine_init(&E, &w->cur);
        w->steps += engine_descend(&E, o->max_steps, lim, &w->evals);
        engine_free(&E);
        if (sw_i256_cmp(sw_criteria_sosr(&w->cur), sw_criteria_sosr(&w->scratch)) >= 0) {
            sw_matrix_assign_from(&w->cur, &w->scratch);
            break;
        }
    }
    if (o->pairs > 0 && !over(lim)) {
        w->steps += sw_search_pairs(&w->cur, o->pairs, o->stop, &w->evals);
        w->steps += sw_search_descend(&w->cur, o->max_steps, o->stop, &w->evals);
    }
    if (o->tabu > 0)
        w->tabu_iters += tabu_run(&w->cur, &w->scratch, &rng, o->tabu, lim, &w->evals);
    if (o->kicks > 0 && !over(lim))
        sw_search_kick(&w->cur, &w->scratch, &rng, o->kicks, o->max_steps, o->stop, &w->evals);
    /* Beyond picolo: end on a local optimum of the final order too. */
    if (rests_fixed(&w->cur)) {
        engine_init(&E, &w->cur);
        w->steps += engine_descend(&E, o->max_steps, lim, &w->evals);
        engine_free(&E);
    } else {
        w->steps += descend_rests_first(&w->cur, o->max_steps, lim, &w->evals);
    }
    sw_criteria c;
    sw_criteria_compute(&w->cur, &c);
    int cmp = w->best_restart < 0 ? -1 : sw_search_compare_final(&c, &w->best_crit);
    if (cmp < 0 || (cmp == 0 && r < w->best_restart)) {
        sw_matrix_assign_from(&w->best, &w->cur);
        w->best_crit = c;
        w->best_restart = r;
    }
}

/* Seconds one annealing proposal takes on mx, measured on a sample of
 * random exchanges priced as the annealing prices them (So+Sr and Sc), with
 * a margin for the exchanges it makes. */
static double anneal_cost(sw_matrix *mx, uint64_t seed) {
    const sw_season *s = mx->season;
    engine E;
    engine_init(&E, mx);
    sw_rng rng;
    sw_rng_seed(&rng, seed, UINT64_C(0xca1b));
    const int samples = 20000;
    double t0 = now();
    volatile long sink = 0;
    for (int i = 0; i < samples; i++) {
        int k = (int)sw_rng_bounded(&rng, (uint32_t)s->nsessions);
        int P = s->movements[s->sessions[k].movement].positions;
        if (s->sessions[k].played || P < 2)
            continue;
        int p = 1 + (int)sw_rng_bounded(&rng, (uint32_t)P - 1), q = p + 1;
        __int128 d;
        sw_i256 dc;
        if (sw_matrix_tables_ready(mx, k) && E.fast && mx->assign[k][p] && mx->assign[k][q] &&
            sw_price_sosr(&E.pr, mx, k, p, q, &d) && sw_price_sc(&E.pr, mx, k, p, q, &dc))
            sink += d < 0;
    }
    double each = (now() - t0) / samples;
    engine_free(&E);
    return 2 * each;
}

sw_status sw_search_run(sw_season *s, const sw_search_opts *opts, sw_search_result *res,
                        sw_error *err) {
    sw_search_opts eff = *opts;
    const sw_search_opts *o = &eff;
    memset(res, 0, sizeof *res);
    if (o->restarts < 1)
        return sw_error_set(err, SW_ERR_INVALID, NULL, 0, "%d restarts, expected at least 1",
                            o->restarts);
    if (o->time_limit < 0)
        return sw_error_set(err, SW_ERR_INVALID, NULL, 0, "negative time limit");
    sw_status st = sw_season_validate(s, NULL, err);
    if (st != SW_OK)
        return st;
    sw_matrix base;
    st = sw_matrix_init(&base, s, err);
    if (st != SW_OK)
        return st;
    sw_criteria_compute(&base, &res->before);
    int nthreads = 1;
#ifdef SW_HAVE_OPENMP
    nthreads = o->threads > 0 ? o->threads : omp_get_max_threads();
#endif
    if (nthreads > o->restarts)
        nthreads = o->restarts;
    /* In time mode the annealing adapts to the budget: its temperature
     * schedule needs its whole length, so a restart whose annealing the
     * deadline would cut gets fewer proposals (at most a third of the
     * budget). Without a time limit nothing depends on the clock. */
    if (eff.time_limit > 0 && eff.anneal > 0) {
        double cost = anneal_cost(&base, eff.seed);
        if (cost > 0 && (double)eff.anneal * cost > eff.time_limit / 3)
            eff.anneal = (long long)(eff.time_limit / 3 / cost) + 1;
    }
    res->anneal_each = eff.anneal;
    worker *ws = calloc((size_t)nthreads, sizeof *ws);
    if (!ws) {
        sw_matrix_free(&base);
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    }
    bool ok = true;
    for (int t = 0; t < nthreads && ok; t++) {
        ws[t].best_restart = -1;
        ok = sw_matrix_copy(&ws[t].cur, &base, err) == SW_OK &&
             sw_matrix_copy(&ws[t].best, &base, err) == SW_OK &&
             sw_matrix_copy(&ws[t].scratch, &base, err) == SW_OK;
    }
    double t0 = now();
    limits lim = {o->stop, o->time_limit > 0 ? t0 + o->time_limit : 0};
    int done = 0;
    bool timed_out = false;
    sw_criteria shown;
    int shown_restart = -1;
    if (ok) {
        /* Threads claim restart indices in order from a shared counter, so a
         * stop or the time limit ends every thread's loop at once, however
         * many restarts were asked for. Which thread runs a restart does not
         * matter: restart r depends only on (seed, r). */
        int next = 0;
#ifdef SW_HAVE_OPENMP
#pragma omp parallel num_threads(nthreads)
#endif
        for (;;) {
            int t = 0, r;
#ifdef SW_HAVE_OPENMP
            t = omp_get_thread_num();
#pragma omp atomic capture
#endif
            r = next++;
            if (r >= o->restarts)
                break;
            if (o->stop && *o->stop)
                break;
            if (lim.deadline > 0 && r > 0 && now() > lim.deadline) {
#ifdef SW_HAVE_OPENMP
#pragma omp atomic write
#endif
                timed_out = true;
                break;
            }
            run_restart(&ws[t], &base, r, o, &lim);
#ifdef SW_HAVE_OPENMP
#pragma omp critical(sw_search_progress)
#endif
            {
                done++;
                int c = shown_restart < 0 ? -1 : sw_search_compare_final(&ws[t].best_crit, &shown);
                if (c < 0 || (c == 0 && ws[t].best_restart < shown_restart)) {
                    shown = ws[t].best_crit;
                    shown_restart = ws[t].best_restart;
                }
                if (o->progress) {
                    sw_search_progress p = {done, o->restarts, now() - t0, shown};
                    o->progress(&p, o->ctx);
                }
            }
        }
        /* Deterministic reduction: best criteria, ties to the lowest restart. */
        int bt = -1;
        for (int t = 0; t < nthreads; t++) {
            res->exchanges += ws[t].evals;
            res->steps += ws[t].steps;
            res->annealed += ws[t].annealed;
            res->tabu_iters += ws[t].tabu_iters;
            if (ws[t].best_restart < 0)
                continue;
            int c = bt < 0 ? -1 : sw_search_compare_final(&ws[t].best_crit, &ws[bt].best_crit);
            if (c < 0 || (c == 0 && ws[t].best_restart < ws[bt].best_restart))
                bt = t;
        }
        if (bt >= 0) {
            sw_matrix_store(&ws[bt].best, s);
            res->after = ws[bt].best_crit;
            res->best_restart = ws[bt].best_restart;
        } else {
            res->after = res->before;
        }
    }
    res->restarts_done = done;
    res->seconds = now() - t0;
    if (lim.deadline > 0 && now() > lim.deadline)
        timed_out = true; /* the budget also cut the running restarts */
    res->interrupted = o->stop && *o->stop;
    res->timed_out = timed_out;
    for (int t = 0; t < nthreads; t++) {
        sw_matrix_free(&ws[t].cur);
        sw_matrix_free(&ws[t].best);
        sw_matrix_free(&ws[t].scratch);
    }
    free(ws);
    sw_matrix_free(&base);
    return ok ? SW_OK : SW_ERR_NOMEM;
}
