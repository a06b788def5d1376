/* src/search/search.c: best-improvement descent, random restarts, OpenMP, and the
 * phases beyond picolo (tabu search, compound moves, kicks).
 * SPDX-License-Identifier: MIT */
#include "search/search.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifdef SW_HAVE_OPENMP
#include <omp.h>
#endif

#include "util/rng.h"

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
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

/* Best-improvement descent by (So+Sr, Sp, Sc), or with rests_first by
 * (Sr, So+Sr, Sp, Sc): the order the final choice uses, so a restart can
 * still trade meetings for fairer rests after picolo's phase. */
static long long descend(sw_matrix *mx, int max_steps, volatile sig_atomic_t *stop,
                         long long *evaluated, bool rests_first) {
    const sw_season *s = mx->season;
    long long steps = 0, evals = 0;
    if (max_steps <= 0)
        max_steps = 100000;
    key cur = state_key(mx, rests_first);
    cur.sp2 = sw_criteria_sp2(mx);
    cur.sc = sw_criteria_sc(mx);
    cur.have_sp2 = cur.have_sc = true;
    while (steps < max_steps && !(stop && *stop)) {
        key best = cur;
        int bk = -1, bp = 0, bq = 0;
        for (int k = 0; k < s->nsessions; k++) {
            if (s->sessions[k].played)
                continue;
            int P = s->movements[s->sessions[k].movement].positions;
            const int *as = mx->assign[k];
            for (int p = 1; p <= P && !(stop && *stop); p++)
                for (int q = p + 1; q <= P; q++) {
                    if (!as[p] && !as[q])
                        continue;
                    evals++;
                    /* A plain swap's So+Sr comes from its delta without making
                     * it; most candidates stop there. */
                    int64_t dm[5], dr[5];
                    if (!rests_first && sw_matrix_swap_delta(mx, k, p, q, dm, dr) == 0 &&
                        sw_i256_cmp(sw_i256_add(cur.sosr, sw_criteria_sosr_delta(mx, dm, dr)),
                                    best.sosr) > 0)
                        continue;
                    sw_matrix_exchange(mx, k, p, q);
                    key cand = state_key(mx, rests_first);
                    /* Only a candidate that is not worse on the first key needs more. */
                    if ((rests_first || sw_i256_cmp(cand.sosr, best.sosr) <= 0) &&
                        key_compare(&cand, mx, &best) < 0) {
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
    return descend(mx, max_steps, stop, evaluated, false);
}

long long sw_search_descend_rests_first(sw_matrix *mx, int max_steps,
                                        volatile sig_atomic_t *stop, long long *evaluated) {
    return descend(mx, max_steps, stop, evaluated, true);
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

/* Tabu search on the descent's ranking from a local optimum in mx. Every
 * iteration makes the best exchange whose participants have not been moved
 * in that session during the last `tenure` iterations, even when it is worse
 * (that is how it leaves a plateau where every single exchange loses So),
 * unless it beats the best state seen, which is always allowed. The best
 * state is kept in scratch and returned in mx. */
void sw_search_tabu(sw_matrix *mx, sw_matrix *scratch, sw_rng *rng, int iters,
                    volatile sig_atomic_t *stop, long long *evaluated) {
    const sw_season *s = mx->season;
    int n = s->n, nitems = 0;
    for (int k = 0; k < s->nsessions; k++)
        nitems += s->sessions[k].played ? 0 : sw_season_present_count(s, k);
    if (iters <= 0 || nitems < 2)
        return;
    int *until = calloc((size_t)s->nsessions * (size_t)n, sizeof *until);
    if (!until)
        return;
    /* Short tenure and a stall limit, measured on 6ronden/10p6rTeamH x 6
     * (docs/search.md): longer tenures forbid most of the few exchanges that
     * connect plateau states, and without the restart from the best the
     * search circles. */
    int tenure = 2 + nitems / 100;
    const int stall_limit = 50;
    long long evals = 0;
    key cur = {.sosr = sw_criteria_sosr(mx), .sp2 = sw_criteria_sp2(mx), .sc = sw_criteria_sc(mx),
               .have_sp2 = true, .have_sc = true};
    key top = cur;
    sw_matrix_assign_from(scratch, mx);
    int stall = 0;
    for (int it = 1; it <= iters && !(stop && *stop); it++) {
        key best = {0};
        int bk = -1, bp = 0, bq = 0;
        bool bimproves = false;
        for (int k = 0; k < s->nsessions; k++) {
            if (s->sessions[k].played)
                continue;
            int P = s->movements[s->sessions[k].movement].positions;
            const int *as = mx->assign[k];
            const int *tk = until + (size_t)k * n;
            for (int p = 1; p <= P; p++)
                for (int q = p + 1; q <= P; q++) {
                    if (!as[p] && !as[q])
                        continue;
                    bool tabu = (as[p] && tk[as[p] - 1] >= it) || (as[q] && tk[as[q] - 1] >= it);
                    evals++;
                    int64_t dm[5], dr[5];
                    key cand = {0};
                    bool have = false;
                    if (sw_matrix_swap_delta(mx, k, p, q, dm, dr) == 0) {
                        cand.sosr = sw_i256_add(cur.sosr, sw_criteria_sosr_delta(mx, dm, dr));
                        have = true;
                        /* Worse on So+Sr than both the chosen move and the best state: out. */
                        int cb = bk < 0 ? -1 : sw_i256_cmp(cand.sosr, best.sosr);
                        int ct = sw_i256_cmp(cand.sosr, top.sosr);
                        if ((tabu || cb > 0) && ct > 0)
                            continue;
                    }
                    sw_matrix_exchange(mx, k, p, q);
                    if (!have)
                        cand.sosr = sw_criteria_sosr(mx);
                    bool improves = key_compare(&cand, mx, &top) < 0;
                    bool take = (!tabu || improves) &&
                                (bk < 0 || key_compare(&cand, mx, &best) < 0);
                    if (take) {
                        key_sp2(&cand, mx);
                        key_sc(&cand, mx);
                        best = cand;
                        bk = k;
                        bp = p;
                        bq = q;
                        bimproves = improves;
                    }
                    sw_matrix_exchange(mx, k, p, q);
                }
        }
        if (bk < 0)
            break;
        int a = mx->assign[bk][bp], b = mx->assign[bk][bq];
        sw_matrix_exchange(mx, bk, bp, bq);
        cur = best;
        int *tk = until + (size_t)bk * n;
        if (a)
            tk[a - 1] = it + tenure + (int)sw_rng_bounded(rng, (uint32_t)tenure / 2 + 1);
        if (b)
            tk[b - 1] = it + tenure + (int)sw_rng_bounded(rng, (uint32_t)tenure / 2 + 1);
        /* (the random part of the tenure breaks ties that would cycle) */
        if (bimproves) {
            top = cur;
            sw_matrix_assign_from(scratch, mx);
            stall = 0;
        } else if (++stall >= stall_limit) {
            /* Stuck in a cycle around the best: start again from it, kicked. */
            sw_matrix_assign_from(mx, scratch);
            random_exchange(mx, rng);
            random_exchange(mx, rng);
            cur = (key){.sosr = sw_criteria_sosr(mx), .sp2 = sw_criteria_sp2(mx),
                        .sc = sw_criteria_sc(mx), .have_sp2 = true, .have_sc = true};
            stall = 0;
        }
    }
    sw_matrix_assign_from(mx, scratch);
    free(until);
    if (evaluated)
        *evaluated += evals;
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
    long long evals, steps;
    bool ok;
} worker;

static void run_restart(worker *w, const sw_matrix *base, int r, const sw_search_opts *o) {
    sw_matrix_assign_from(&w->cur, base);
    sw_rng rng;
    sw_rng_seed(&rng, o->seed, (uint64_t)r);
    if (r > 0)
        sw_search_randomize(&w->cur, &rng);
    w->steps += sw_search_descend(&w->cur, o->max_steps, o->stop, &w->evals);
    if (o->pairs > 0) {
        w->steps += sw_search_pairs(&w->cur, o->pairs, o->stop, &w->evals);
        w->steps += sw_search_descend(&w->cur, o->max_steps, o->stop, &w->evals);
    }
    if (o->tabu > 0)
        sw_search_tabu(&w->cur, &w->scratch, &rng, o->tabu, o->stop, &w->evals);
    if (o->kicks > 0)
        sw_search_kick(&w->cur, &w->scratch, &rng, o->kicks, o->max_steps, o->stop, &w->evals);
    /* Beyond picolo: end on a local optimum of the final order too. */
    w->steps += sw_search_descend_rests_first(&w->cur, o->max_steps, o->stop, &w->evals);
    sw_criteria c;
    sw_criteria_compute(&w->cur, &c);
    int cmp = w->best_restart < 0 ? -1 : sw_search_compare_final(&c, &w->best_crit);
    if (cmp < 0 || (cmp == 0 && r < w->best_restart)) {
        sw_matrix_assign_from(&w->best, &w->cur);
        w->best_crit = c;
        w->best_restart = r;
    }
}

sw_status sw_search_run(sw_season *s, const sw_search_opts *o, sw_search_result *res,
                        sw_error *err) {
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
            if (o->time_limit > 0 && r > 0 && now() - t0 > o->time_limit) {
#ifdef SW_HAVE_OPENMP
#pragma omp atomic write
#endif
                timed_out = true;
                break;
            }
            run_restart(&ws[t], &base, r, o);
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
