/* src/search/engine.c: moves priced as exact changes of the search's key,
 * the best-improvement descents, and random exchanges.
 * SPDX-License-Identifier: MIT */
#include "search/engine.h"
#include "search/construct.h"

#include <stdlib.h>
#include <string.h>

#include "search/method.h"

sw_i256 sw_key_sp2(sw_key *k, const sw_matrix *mx) {
    if (!k->have_sp2) {
        k->sp2 = sw_criteria_sp2(mx);
        k->have_sp2 = true;
    }
    return k->sp2;
}

sw_i256 sw_key_sc(sw_key *k, const sw_matrix *mx) {
    if (!k->have_sc) {
        k->sc = sw_criteria_sc(mx);
        k->have_sc = true;
    }
    return k->sc;
}

/* Compare the state in mx (key a, filled lazily) with the recorded key b. */
int sw_key_compare(sw_key *a, const sw_matrix *mx, sw_key *b) {
    int c = a->rests_first ? sw_i256_cmp(a->sr, b->sr) : 0;
    if (c)
        return c;
    c = sw_i256_cmp(a->sosr, b->sosr);
    if (c)
        return c;
    c = sw_i256_cmp(sw_key_sp2(a, mx), b->sp2);
    if (c)
        return c;
    return sw_i256_cmp(sw_key_sc(a, mx), b->sc);
}

static sw_key sw_state_key(const sw_matrix *mx, bool rests_first) {
    sw_key k = {.sosr = sw_criteria_sosr(mx), .rests_first = rests_first};
    if (rests_first)
        k.sr = sw_criteria_sr(mx);
    return k;
}

void sw_move_narrow(sw_move *m) {
    m->narrow = sw_i256_to_i128(m->sosr, &m->s);
}

void sw_engine_key(sw_engine *E) {
    E->cur = (sw_key){.sosr = sw_criteria_sosr(E->mx),
                      .sp2 = sw_criteria_sp2(E->mx),
                      .sc = sw_criteria_sc(E->mx),
                      .have_sp2 = true,
                      .have_sc = true};
    E->fast = E->pricer && sw_pricer_sync(&E->pr, E->mx);
}

/* Without the pricer's tables (out of memory) every move takes the
 * general path: slower, same result. */
void sw_engine_init(sw_engine *E, sw_matrix *mx) {
    memset(E, 0, sizeof *E);
    E->mx = mx;
    E->pricer = sw_pricer_init(&E->pr, mx) == 0;
    sw_engine_key(E);
}

void sw_engine_free(sw_engine *E) {
    if (E->pricer)
        sw_pricer_free(&E->pr);
}

/* The general path: make the exchange, read the key, undo it. */
static void move_by_making(sw_engine *E, sw_move *m) {
    sw_matrix_exchange(E->mx, m->k, m->p, m->q);
    m->sosr = sw_i256_sub(sw_criteria_sosr(E->mx), E->cur.sosr);
    m->sp2 = sw_i256_sub(sw_criteria_sp2(E->mx), E->cur.sp2);
    m->sc = sw_i256_sub(sw_criteria_sc(E->mx), E->cur.sc);
    m->have_rest = true;
    m->plain = false;
    sw_move_narrow(m);
    sw_matrix_exchange(E->mx, m->k, m->p, m->q);
}

/* Price the first key of the move (and everything on the general path).
 * ready: session k's tables are in sync. */
void sw_move_price(sw_engine *E, sw_move *m, bool ready) {
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

void sw_move_rest(sw_engine *E, sw_move *m) {
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
int sw_move_cmp(sw_engine *E, sw_move *a, sw_move *b) {
    int c = sw_sosr_cmp(a, b);
    if (c)
        return c;
    sw_move_rest(E, a);
    sw_move_rest(E, b);
    c = sw_i256_cmp(a->sp2, b->sp2);
    return c ? c : sw_i256_cmp(a->sc, b->sc);
}

void sw_move_apply(sw_engine *E, sw_move *m) {
    sw_move_rest(E, m);
    sw_matrix_exchange(E->mx, m->k, m->p, m->q);
    E->cur.sosr = sw_i256_add(E->cur.sosr, m->sosr);
    E->cur.sp2 = sw_i256_add(E->cur.sp2, m->sp2);
    E->cur.sc = sw_i256_add(E->cur.sc, m->sc);
    if (!m->plain)
        E->fast = E->pricer && sw_pricer_sync(&E->pr, E->mx);
}

static const sw_move sw_zero_move; /* the empty move: delta 0 */

/* Best-improvement descent by (So+Sr, Sp, Sc) on the engine. */
long long sw_engine_descend(sw_engine *E, int max_steps, const sw_limits *lim,
                            long long *evaluated) {
    sw_matrix *mx = E->mx;
    long long steps = 0, evals = 0;
    if (max_steps <= 0)
        max_steps = 100000;
    while (steps < max_steps && !sw_over(lim)) {
        sw_move best = sw_zero_move, c;
        best.k = -1;
        best.have_rest = true;
        best.narrow = true; /* delta 0 */
        for (sw_scan it = sw_scan_start(mx, lim, true); sw_scan_next(&it);) {
            if (!sw_move_admissible(E, it.k, it.p, it.q, it.ready))
                continue;
            evals++;
            c.k = it.k;
            c.p = it.p;
            c.q = it.q;
            sw_move_price(E, &c, it.ready);
            if (sw_sosr_cmp(&c, &best) > 0)
                continue;
            if (sw_move_cmp(E, &c, &best) < 0)
                best = c;
        }
        if (best.k < 0)
            break;
        sw_move_apply(E, &best);
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
long long sw_descend_rests_first(sw_matrix *mx, int max_steps, const sw_limits *lim,
                                 long long *evaluated) {
    long long steps = 0, evals = 0;
    if (max_steps <= 0)
        max_steps = 100000;
    sw_key cur = sw_state_key(mx, true);
    cur.sp2 = sw_criteria_sp2(mx);
    cur.sc = sw_criteria_sc(mx);
    cur.have_sp2 = cur.have_sc = true;
    while (steps < max_steps && !sw_over(lim)) {
        sw_key best = cur;
        int bk = -1, bp = 0, bq = 0;
        for (sw_scan it = sw_scan_start(mx, lim, false); sw_scan_next(&it);) {
            evals++;
            sw_matrix_exchange(mx, it.k, it.p, it.q);
            sw_key cand = sw_state_key(mx, true);
            if (sw_key_compare(&cand, mx, &best) < 0) {
                sw_key_sp2(&cand, mx);
                sw_key_sc(&cand, mx);
                best = cand;
                bk = it.k;
                bp = it.p;
                bq = it.q;
            }
            sw_matrix_exchange(mx, it.k, it.p, it.q);
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
    sw_engine E;
    sw_engine_init(&E, mx);
    sw_limits lim = {stop, 0};
    long long steps = sw_engine_descend(&E, max_steps, &lim, evaluated);
    sw_engine_free(&E);
    return steps;
}

long long sw_search_descend_rests_first(sw_matrix *mx, int max_steps, volatile sig_atomic_t *stop,
                                        long long *evaluated) {
    sw_limits lim = {stop, 0};
    return sw_descend_rests_first(mx, max_steps, &lim, evaluated);
}

void sw_random_exchange(sw_matrix *mx, sw_rng *rng) {
    sw_random_exchange_keeping(mx, rng, false);
}

/* One random exchange in a session that is not played (no-op when none is
 * free, or when a few draws all break a pin or, with keep_sr, could raise
 * Sr). */
void sw_random_exchange_keeping(sw_matrix *mx, sw_rng *rng, bool keep_sr) {
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
    for (int tries = 0; tries < 16; tries++) {
        int p = 1 + (int)sw_rng_bounded(rng, (uint32_t)P);
        int q = 1 + (int)sw_rng_bounded(rng, (uint32_t)P - 1);
        if (q >= p)
            q++;
        if (!sw_season_may_exchange(s, k, mx->assign[k], p, q))
            continue;
        if (keep_sr && !(sw_matrix_tables_ready(mx, k) && sw_keeps_sr(mx, k, p, q)))
            continue;
        sw_matrix_exchange(mx, k, p, q);
        return;
    }
}

bool sw_plain_season_of(sw_matrix *mx, sw_plain_season *ps) {
    const sw_season *s = mx->season;
    int n = mx->n, ns = mx->nsessions;
    if (ns < 1 || mx->unit != 1) /* a unit comes with a history only */
        return false;
    int P = s->movements[s->sessions[0].movement].positions;
    if (P != n)
        return false;
    for (int k = 0; k < ns; k++) {
        const sw_session *ss = &s->sessions[k];
        if (ss->played || ss->fixed || ss->movement != s->sessions[0].movement ||
            sw_season_present_count(s, k) != P || !sw_matrix_tables_ready(mx, k))
            return false;
    }
    int P1 = P + 1;
    size_t tb = (size_t)P1 * (size_t)P1;
    for (int k = 1; k < ns; k++)
        if (memcmp(mx->wm[k], mx->wm[0], tb * sizeof(int32_t)) ||
            memcmp(mx->wc[k], mx->wc[0], tb * sizeof(int64_t)) ||
            memcmp(mx->wr[k], mx->wr[0], (size_t)P1 * sizeof(int32_t)))
            return false;
    *ps = (sw_plain_season){0, 0, 0, 0};
    for (size_t x = 0; x < tb; x++) {
        if (mx->wm[0][x] > ps->wmax)
            ps->wmax = mx->wm[0][x];
        int64_t a = mx->wc[0][x] < 0 ? -mx->wc[0][x] : mx->wc[0][x];
        if (a > ps->cmax)
            ps->cmax = a;
    }
    /* M and C must be the sessions' alone (no history): compare. */
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            int32_t m = 0;
            int64_t c = 0;
            for (int k = 0; k < ns; k++) {
                int p = mx->pos[k][i], q = mx->pos[k][j];
                m += mx->wm[k][p * P1 + q];
                c += mx->wc[k][p * P1 + q];
            }
            if (m != sw_matrix_meet(mx, i, j) || c != sw_matrix_comp(mx, i, j))
                return false;
            ps->Tm += m, ps->Tc += c;
        }
    const int64_t dev = INT64_C(1) << 28;
    return ps->cmax <= dev / 4 / ns && mx->pairs * ps->cmax * ns < dev / 2;
}

bool sw_tied_order(int P, const int32_t *wm, const int64_t *wc, int *order) {
    int P1 = P + 1;
    char *in = calloc((size_t)P1, 1);
    if (!in)
        return false;
    for (int d = 0; d < P; d++) {
        int bestp = 0, bestw = -1;
        for (int p = 1; p <= P; p++) {
            if (in[p])
                continue;
            int w = 0;
            for (int e = 0; e < d; e++)
                w += wm[p * P1 + order[e]] != 0 || (wc && wc[p * P1 + order[e]] != 0);
            if (w > bestw) {
                bestw = w;
                bestp = p;
            }
        }
        order[d] = bestp;
        in[bestp] = 1;
    }
    free(in);
    return true;
}
