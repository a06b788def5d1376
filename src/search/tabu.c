/* src/search/tabu.c: tabu search on the exact key deltas.
 * SPDX-License-Identifier: MIT */
#include <stdlib.h>

#include "search/engine.h"
#include "search/method.h"
#include "season/season.h"

/* Base tenure and stall limit (docs/search.md). */
#define TABU_TENURE 3
#define TABU_STALL 20
/* On So's plateau each iteration scans each free session with
 * probability 1/2 (at least one, drawn again otherwise): an iteration
 * costs about half, and the walk, less tied to the best move of the whole
 * neighbourhood, finds the rare low-Sc basins of some movements more
 * often (docs/search.md). */
static void draw_sessions(const sw_season *s, sw_rng *rng, uint8_t *skip) {
    for (;;) {
        bool any = false;
        uint32_t bits = 0;
        for (int k = 0; k < s->nsessions; k++) {
            if ((k & 31) == 0)
                bits = sw_rng_next(rng);
            skip[k] = (uint8_t)(bits >> (k & 31) & 1);
            any = any || (!skip[k] && !s->sessions[k].played);
        }
        if (any)
            return;
    }
}

/* The weighted ranking's shortlist: the moves with the lowest So+Sr change
 * whose Sc is priced (docs/search.md). */
#define TABU_SHORTLIST 32

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
    int *until;    /* [session][participant][position] or [session][participant] */
    int n, stride; /* stride = positions + 1, or 1 when by participant only */
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
    sw_exchange x = sw_exchange_of(as, 1, p, q);
    bool ta = x.a >= 0 && *tabu_at(t, k, x.a, q) >= it,
         tb = x.b >= 0 && *tabu_at(t, k, x.b, p) >= it;
    return ta || tb;
}

/* Insert m into the shortlist sl (sorted by So+Sr change, at most
 * TABU_SHORTLIST long). */
static void shortlist_add(sw_move *sl, int *n, const sw_move *m) {
    if (*n == TABU_SHORTLIST && sw_sosr_cmp(m, &sl[TABU_SHORTLIST - 1]) >= 0)
        return;
    int x = *n < TABU_SHORTLIST ? (*n)++ : TABU_SHORTLIST - 1;
    for (; x > 0 && sw_sosr_cmp(m, &sl[x - 1]) < 0; x--)
        sl[x] = sl[x - 1];
    sl[x] = *m;
}

static double to_double(sw_i256 v) {
    __int128 w;
    return sw_i256_to_i128(v, &w) ? sw_i128_to_double(w) : (double)sw_i256_to_ld(v);
}

/* The shortlisted move with the lowest So+Sr + lamf Sc (Sc priced here,
 * only for these few; doubles suffice to choose, the key stays exact).
 * Ties go to the earlier entry: deterministic. */
static sw_move shortlist_pick(sw_engine *E, sw_move *sl, int n, double lamf) {
    sw_move best = {.k = -1};
    double bs = 0;
    for (int x = 0; x < n; x++) {
        sw_move *m = &sl[x];
        __int128 d128;
        double dsc;
        if (m->plain && sw_price_sc128(&E->pr, E->mx, m->k, m->p, m->q, &d128)) {
            dsc = sw_i128_to_double(d128);
        } else {
            sw_move_rest(E, m);
            dsc = to_double(m->sc);
        }
        double f = (m->narrow ? sw_i128_to_double(m->s) : to_double(m->sosr)) + lamf * dsc;
        if (best.k < 0 || f < bs) {
            bs = f;
            best = *m;
        }
    }
    return best;
}

long long sw_tabu_run(sw_matrix *mx, sw_matrix *scratch, sw_rng *rng, int iters, double sc_weight,
                      bool keep_sr, bool sample, const sw_limits *lim, long long *evaluated) {
    const sw_season *s = mx->season;
    int nitems = 0;
    for (int k = 0; k < s->nsessions; k++)
        nitems += s->sessions[k].played ? 0 : sw_season_present_count(s, k);
    if (iters <= 0 || nitems < 2)
        return 0;
    tabu_list tl;
    uint8_t skip[SW_SEASON_MAX_SESSIONS];
    if (!tabu_init(&tl, s))
        return 0;
    long long done = 0;
    sw_engine E;
    sw_engine_init(&E, mx);
    E.keep_sr = keep_sr;
    /* Tenure: a few iterations, random in [t, 1.5 t] (docs/search.md). */
    int tenure = TABU_TENURE + nitems / 50;
    const int stall_limit = TABU_STALL;
    long long evals = 0;
    sw_key top = E.cur;
    /* The weighted ranking: Sc in sosr's units (sosr = (D U)^4 (N V)^4 (So +
     * Sr), sc = D^4 L^4 Sc), so a move is scored So+Sr + sc_weight Sc. */
    double lamf = sc_weight > 0 ? (double)sw_criteria_sc_weight(mx, sc_weight) : 0;
    sw_matrix_assign_from(scratch, mx);
    int stall = 0;
    for (int it = 1; it <= iters && !sw_over(lim); it++, done++) {
        /* Aspiration threshold: a move beats the best state seen when its
         * delta is below top - cur. */
        sw_move asp = {.sosr = sw_i256_sub(top.sosr, E.cur.sosr),
                       .sp2 = sw_i256_sub(top.sp2, E.cur.sp2),
                       .sc = sw_i256_sub(top.sc, E.cur.sc),
                       .have_rest = true};
        sw_move_narrow(&asp);
        sw_move best = {.k = -1}, c, bimp = {.k = -1};
        sw_move sl[TABU_SHORTLIST];
        int nsl = 0;
        bool bimproves = false;
        if (sample)
            draw_sessions(s, rng, skip);
        sw_scan sc = sw_scan_start(mx, lim, true);
        for (sc.skip = sample ? skip : NULL; sw_scan_next(&sc);) {
            if (!sw_move_admissible(&E, sc.k, sc.p, sc.q, sc.ready))
                continue;
            evals++;
            c.k = sc.k;
            c.p = sc.p;
            c.q = sc.q;
            sw_move_price(&E, &c, sc.ready);
            bool tabu = tabu_move(&tl, mx->assign[sc.k], sc.k, sc.p, sc.q, it);
            int ca = sw_sosr_cmp(&c, &asp);
            if (lamf > 0) {
                /* Weighted: a move to a new best is taken as in the
                 * plain ranking; the others go to the shortlist of
                 * the TABU_SHORTLIST lowest So+Sr changes. */
                if (ca < 0 || (ca == 0 && sw_move_cmp(&E, &c, &asp) < 0)) {
                    if (bimp.k < 0 || sw_move_cmp(&E, &c, &bimp) < 0)
                        bimp = c;
                } else if (!tabu && bimp.k < 0) {
                    shortlist_add(sl, &nsl, &c);
                }
                continue;
            }
            if (tabu && ca > 0)
                continue;
            if (best.k >= 0 && sw_sosr_cmp(&c, &best) > 0)
                continue;
            bool improves = ca < 0 || (ca == 0 && sw_move_cmp(&E, &c, &asp) < 0);
            if (tabu && !improves)
                continue;
            if (best.k < 0 || sw_move_cmp(&E, &c, &best) < 0) {
                best = c;
                bimproves = improves;
            }
        }
        if (lamf > 0) {
            bimproves = bimp.k >= 0;
            best = bimproves ? bimp : shortlist_pick(&E, sl, nsl, lamf);
        }
        if (best.k < 0) {
            /* every move tabu: with sessions drawn, others may have one */
            if (sample)
                continue;
            break;
        }
        sw_exchange x = sw_exchange_of(mx->assign[best.k], 1, best.p, best.q);
        sw_move_apply(&E, &best);
        int span = tenure / 2 + 1;
        if (x.a >= 0) /* who moved may not return for a while */
            *tabu_at(&tl, best.k, x.a, best.p) =
                it + tenure + (int)sw_rng_bounded(rng, (uint32_t)span);
        if (x.b >= 0)
            *tabu_at(&tl, best.k, x.b, best.q) =
                it + tenure + (int)sw_rng_bounded(rng, (uint32_t)span);
        if (bimproves) {
            top = E.cur;
            sw_matrix_assign_from(scratch, mx);
            stall = 0;
        } else if (++stall >= stall_limit) {
            /* Circling near the best: start again from it, kicked. */
            sw_matrix_assign_from(mx, scratch);
            sw_random_exchange_keeping(mx, rng, keep_sr);
            sw_random_exchange_keeping(mx, rng, keep_sr);
            sw_engine_key(&E);
            stall = 0;
        }
    }
    sw_matrix_assign_from(mx, scratch);
    sw_engine_free(&E);
    free(tl.until);
    if (evaluated)
        *evaluated += evals;
    return done;
}

void sw_search_tabu(sw_matrix *mx, sw_matrix *scratch, sw_rng *rng, int iters,
                    volatile sig_atomic_t *stop, long long *evaluated) {
    sw_limits lim = {stop, 0};
    sw_tabu_run(mx, scratch, rng, iters, 0, false, false, &lim, evaluated);
}
