/* src/seating/schedule_tabu.c: the searches of whole-event schedules over
 * their own state (sw_sched): the tabu search on the repeat meetings
 * (stage 2 of schedule.c, and the re-plan of replan.c through
 * sw_schedule_tabu), and the developed rounds (stage 1b).
 *
 * The tabu search (after Dotu and Van Hentenryck's social golfer search)
 * swaps a player caught in a repeat with a player at another table of the
 * same round, or with a sit-out whose rest count makes the swap keep the
 * multiset of rest counts (so sit-out fairness never changes). Its key is
 * the repeats, then how unevenly the tables of three are shared, then the
 * sum of the squared excess meetings, a stand-in for So at equal repeats.
 * SPDX-License-Identifier: MIT */
#include <assert.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "seating/seating_internal.h"

/* An iteration budget also caps the moves evaluated, at this many per
 * iteration on average (about one iteration at 32 players): large events,
 * where an iteration weighs far more, stay bounded and deterministic. */
#define EVALS_PER_ITERATION 2000
#define TABU_MAX_ENTRIES 16e6
/* Tabu tenures (a random length in [lo, lo + span)), iterations without a
 * new best before a kick, and the most random swaps of a kick; tuned on
 * 28 x 8 and 32 x 9, where they matter (docs/seating.md). */
#define TENURE_LO 3
#define TENURE_SPAN 8
#define STALL 300
#define KICK_SPAN 16
#define CYCLIC_TENURE_LO 2
#define CYCLIC_TENURE_SPAN 8
#define CYCLIC_STALL 200

/* ---- the state ---- */

enum { AT_FOUR, AT_THREE, OUT };

static inline int kind_of(const sw_sched *s, int p) {
    return p < 4 * s->T4 ? AT_FOUR : p < s->seated ? AT_THREE : OUT;
}

static inline bool mates(const sw_sched *s, int a, int b) {
    return s->team && s->team[a] >= 0 && s->team[a] == s->team[b];
}

void sw_sched_free(sw_sched *s) {
    free(s->at);
    free(s->pos);
    free(s->meet);
    free(s->rests);
    free(s->thr);
    memset(s, 0, sizeof *s);
}

bool sw_sched_alloc(sw_sched *s, int n, int R, int threes) {
    memset(s, 0, sizeof *s);
    s->n = n;
    s->R = R;
    s->T4 = (n - 3 * threes) / 4;
    s->T = s->T4 + threes;
    s->seated = 4 * s->T4 + 3 * threes;
    size_t rn = (size_t)R * (size_t)n;
    s->at = malloc(rn * sizeof *s->at);
    s->pos = malloc(rn * sizeof *s->pos);
    s->meet = calloc((size_t)n * (size_t)n, sizeof *s->meet);
    s->rests = calloc((size_t)n, sizeof *s->rests);
    s->thr = calloc((size_t)n, sizeof *s->thr);
    s->first = 1;
    if (!s->at || !s->pos || !s->meet || !s->rests || !s->thr) {
        sw_sched_free(s);
        return false;
    }
    return true;
}

/* Recompute meetings, rests and the key from s->at. */
void sw_sched_rebuild(sw_sched *s) {
    int n = s->n;
    memset(s->meet, 0, (size_t)n * (size_t)n * sizeof *s->meet);
    memset(s->rests, 0, (size_t)n * sizeof *s->rests);
    memset(s->thr, 0, (size_t)n * sizeof *s->thr);
    if (s->base_meet)
        memcpy(s->meet, s->base_meet, (size_t)n * (size_t)n * sizeof *s->meet);
    if (s->base_rests)
        memcpy(s->rests, s->base_rests, (size_t)n * sizeof *s->rests);
    if (s->base_thr)
        memcpy(s->thr, s->base_thr, (size_t)n * sizeof *s->thr);
    long clashes = 0;
    for (int r = 0; r < s->R; r++) {
        const int *at = s->at + (size_t)r * n;
        for (int p = 0; p < n; p++)
            s->pos[(size_t)r * n + at[p]] = p;
        for (int p = s->seated; p < n; p++)
            s->rests[at[p]]++;
        for (int p = 4 * s->T4; p < s->seated; p++)
            s->thr[at[p]]++;
        for (int t = 0; t < s->T; t++) {
            int f = sw_sched_table_start(s, t), z = sw_sched_table_size(s, t);
            for (int a = f; a < f + z; a++)
                for (int b = f; b < f + z; b++)
                    if (a != b) {
                        s->meet[(size_t)at[a] * n + at[b]]++;
                        clashes += a < b && mates(s, at[a], at[b]);
                    }
        }
    }
    s->rep = clashes * SW_SCHED_CLASH_WEIGHT;
    s->sq = 0;
    for (int i = 0; i < n; i++)
        s->sq += (sw_sched_key)s->thr[i] * s->thr[i] * SW_SCHED_THR_WEIGHT;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            sw_sched_key m = s->meet[(size_t)i * n + j];
            if (m > 1) {
                s->rep += m - 1;
                s->sq += (m - 1) * (m - 1);
            }
        }
}

/* Key changes of one more / one fewer meeting of a pair that met m times. */
static inline void inc_delta(int m, sw_sched_key *drep, sw_sched_key *dsq) {
    if (m >= 1) {
        *drep += 1;
        *dsq += 2LL * m - 1;
    }
}
static inline void dec_delta(int m, sw_sched_key *drep, sw_sched_key *dsq) {
    if (m >= 2) {
        *drep -= 1;
        *dsq -= 2LL * m - 3;
    }
}

/* Whether swapping positions p and q of round r is allowed: different
 * tables, and a seated-for-sitting-out swap keeps the rest counts' multiset
 * (so sit-outs stay as fair as they start). Who plays at the tables of
 * three is evened out by the key instead, below the repeats. */
static bool swap_allowed(const sw_sched *s, int r, int p, int q) {
    /* sw_round_exchange_moves, on the tables alone (the hot path) */
    int tp = sw_sched_table_of(s, p), tq = sw_sched_table_of(s, q);
    if (tp == tq)
        return false;
    if (tp >= 0 && tq >= 0)
        return true;
    const int *at = s->at + (size_t)r * s->n;
    int out = tp < 0 ? at[p] : at[q], in = tp < 0 ? at[q] : at[p];
    return s->rests[in] + 1 == s->rests[out];
}

static void swap_delta(const sw_sched *s, int r, int p, int q, sw_sched_key *drep,
                       sw_sched_key *dsq) {
    int n = s->n;
    const int *at = s->at + (size_t)r * n;
    sw_round_exchange xc = sw_round_exchange_of(at, s->T4, s->seated, p, q);
    int a = xc.x.a, b = xc.x.b, tp = xc.tp, tq = xc.tq;
    *drep = *dsq = 0;
    int kp = kind_of(s, p), kq = kind_of(s, q);
    if (kp != kq && (kp == AT_THREE || kq == AT_THREE)) {
        /* one leaves a table of three, the other joins one: x^2 -> (x -+ 1)^2 */
        int leaves = kp == AT_THREE ? a : b, joins = kp == AT_THREE ? b : a;
        *dsq += (2LL * (s->thr[joins] - s->thr[leaves]) + 2) * SW_SCHED_THR_WEIGHT;
    }
    if (tp >= 0)
        for (int k = sw_sched_table_start(s, tp), e = k + sw_sched_table_size(s, tp); k < e; k++)
            if (k != p) {
                int x = at[k];
                dec_delta(s->meet[(size_t)a * n + x], drep, dsq);
                inc_delta(s->meet[(size_t)b * n + x], drep, dsq);
                *drep += (mates(s, b, x) - mates(s, a, x)) * SW_SCHED_CLASH_WEIGHT;
            }
    if (tq >= 0)
        for (int k = sw_sched_table_start(s, tq), e = k + sw_sched_table_size(s, tq); k < e; k++)
            if (k != q) {
                int y = at[k];
                dec_delta(s->meet[(size_t)b * n + y], drep, dsq);
                inc_delta(s->meet[(size_t)a * n + y], drep, dsq);
                *drep += (mates(s, a, y) - mates(s, b, y)) * SW_SCHED_CLASH_WEIGHT;
            }
}

static void add_meet(sw_sched *s, int i, int j, int d) {
    s->meet[(size_t)i * s->n + j] += d;
    s->meet[(size_t)j * s->n + i] += d;
    assert(s->meet[(size_t)i * s->n + j] >= 0); /* an exchange never unmeets a pair */
}

static void swap_apply(sw_sched *s, int r, int p, int q) {
    sw_sched_key drep, dsq;
    swap_delta(s, r, p, q, &drep, &dsq);
    int n = s->n;
    int *at = s->at + (size_t)r * n;
    sw_round_exchange xc = sw_round_exchange_of(at, s->T4, s->seated, p, q);
    int a = xc.x.a, b = xc.x.b, tp = xc.tp, tq = xc.tq;
    if (tp >= 0)
        for (int k = sw_sched_table_start(s, tp), e = k + sw_sched_table_size(s, tp); k < e; k++)
            if (k != p) {
                add_meet(s, a, at[k], -1);
                add_meet(s, b, at[k], +1);
            }
    if (tq >= 0)
        for (int k = sw_sched_table_start(s, tq), e = k + sw_sched_table_size(s, tq); k < e; k++)
            if (k != q) {
                add_meet(s, b, at[k], -1);
                add_meet(s, a, at[k], +1);
            }
    /* a leaves p's kind of place for q's, b the other way */
    int kp = kind_of(s, p), kq = kind_of(s, q);
    s->rests[a] += (kq == OUT) - (kp == OUT);
    s->rests[b] += (kp == OUT) - (kq == OUT);
    s->thr[a] += (kq == AT_THREE) - (kp == AT_THREE);
    s->thr[b] += (kp == AT_THREE) - (kq == AT_THREE);
    assert(s->rests[a] >= 0 && s->rests[b] >= 0 && s->thr[a] >= 0 && s->thr[b] >= 0);
    sw_round_exchange_apply(at, s->pos + (size_t)r * n, xc);
    assert(s->pos[(size_t)r * n + at[p]] == p && s->pos[(size_t)r * n + at[q]] == q);
    s->rep += drep;
    s->sq += dsq;
}

static bool in_conflict(const sw_sched *s, int r, int p) {
    int t = sw_sched_table_of(s, p);
    if (t < 0)
        return false;
    const int *at = s->at + (size_t)r * s->n;
    for (int k = sw_sched_table_start(s, t), e = k + sw_sched_table_size(s, t); k < e; k++)
        if (k != p && (s->meet[(size_t)at[p] * s->n + at[k]] >= 2 || mates(s, at[p], at[k])))
            return true;
    return false;
}

/* A player at a table of three who has had more such rounds than the most
 * an even share gives, or one at a table of four who has had fewer than the
 * least: moving them can even out the tables of three. */
static bool off_balance(const sw_sched *s, int r, int p) {
    int k = kind_of(s, p);
    if (k == OUT || s->T4 == s->T)
        return false;
    long total = (long)s->R * (s->seated - 4 * s->T4), x = s->thr[s->at[(size_t)r * s->n + p]];
    return k == AT_THREE ? x * s->n > total + s->n - 1 : x * s->n < total - s->n + 1;
}

static inline bool candidate(const sw_sched *s, int r, int p) {
    return in_conflict(s, r, p) || off_balance(s, r, p);
}

/* The tabu list's slot for a seat at table t (-1: sitting out, the slot
 * after the tables); one slot per player when T1 is 1. */
static int tabu_slot(const sw_sched *s, int T1, int t) {
    return T1 == 1 ? 0 : t < 0 ? s->T : t;
}

/* Tabu search from s; s ends in the best state seen. Round 0 stays as it is:
 * players are interchangeable, so any one first round loses nothing. */
sw_status sw_sched_tabu(sw_sched *s, const sw_schedule_options *o, long limit, sw_sched_key rep_lb,
                        sw_sched_key sq_lb, double deadline, sw_sched_run *run, sw_error *err) {
    int n = s->n, R = s->R;
    size_t rn = (size_t)R * (size_t)n;
    /* Tabu attribute: player may not return to the table it left in that
     * round; for very large events only: player may not move again. */
    int T1 = (double)rn * (s->T + 1) <= TABU_MAX_ENTRIES ? s->T + 1 : 1;
    long *tabu = calloc(rn * (size_t)T1, sizeof *tabu);
    int *best_at = malloc(rn * sizeof *best_at);
    if (!tabu || !best_at) {
        free(tabu);
        free(best_at);
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    }
    memcpy(best_at, s->at, rn * sizeof *best_at);
    sw_sched_key best_rep = s->rep, best_sq = s->sq;
    long since_best = 0;
    sw_rng rng;
    sw_rng_seed(&rng, o->seed, 0x5eed5c4ed17e5ULL);
    long it = 0;
    run->stopped = false;
    long long evals = 0, max_evals = limit < 0 ? -1 : (long long)limit * EVALS_PER_ITERATION;
    while ((limit < 0 || (it < limit && evals < max_evals)) &&
           sw_sched_key_less(rep_lb, sq_lb, best_rep, best_sq) && R > s->first) {
        if ((o->stop && *o->stop) || (deadline > 0 && sw_seating_now() > deadline)) {
            run->stopped = true;
            break;
        }
        it++;
        sw_sched_key bdrep = 0, bdsq = 0;
        int br = -1, bp = -1, bq = -1, ties = 0;
        bool have = false;
        for (int r = s->first; r < R; r++) {
            const int *at = s->at + (size_t)r * n;
            for (int p = 0; p < s->seated; p++) {
                if (!candidate(s, r, p))
                    continue;
                for (int q = 0; q < n; q++) {
                    if (!swap_allowed(s, r, p, q))
                        continue;
                    /* a pair of candidates is met from both ends: count it once */
                    if (q < p && q < s->seated && candidate(s, r, q))
                        continue;
                    sw_sched_key drep, dsq;
                    swap_delta(s, r, p, q, &drep, &dsq);
                    evals++;
                    int tp = tabu_slot(s, T1, sw_sched_table_of(s, p)),
                        tq = tabu_slot(s, T1, sw_sched_table_of(s, q));
                    bool is_tabu = tabu[((size_t)r * n + at[p]) * T1 + tq] > it ||
                                   tabu[((size_t)r * n + at[q]) * T1 + tp] > it;
                    bool aspire = sw_sched_key_less(s->rep + drep, s->sq + dsq, best_rep, best_sq);
                    if (is_tabu && !aspire)
                        continue;
                    if (!have || sw_sched_key_less(drep, dsq, bdrep, bdsq)) {
                        have = true;
                        bdrep = drep;
                        bdsq = dsq;
                        ties = 0;
                    }
                    if (drep == bdrep && dsq == bdsq &&
                        sw_rng_bounded(&rng, (uint32_t)++ties) == 0) {
                        br = r;
                        bp = p;
                        bq = q;
                    }
                }
            }
        }
        if (have) {
            sw_round_exchange e =
                sw_round_exchange_of(s->at + (size_t)br * n, s->T4, s->seated, bp, bq);
            swap_apply(s, br, bp, bq);
            long tenure = TENURE_LO + (long)sw_rng_bounded(&rng, TENURE_SPAN);
            int tp = tabu_slot(s, T1, e.tp), tq = tabu_slot(s, T1, e.tq);
            tabu[((size_t)br * n + e.x.a) * T1 + tp] = it + tenure; /* a may not return */
            tabu[((size_t)br * n + e.x.b) * T1 + tq] = it + tenure;
        }
        if (sw_sched_key_less(s->rep, s->sq, best_rep, best_sq)) {
            bool fewer = s->rep < best_rep;
            best_rep = s->rep;
            best_sq = s->sq;
            memcpy(best_at, s->at, rn * sizeof *best_at);
            since_best = 0;
            if (fewer && o->progress)
                o->progress(o->progress_ctx, it, best_rep);
        } else if (!have || ++since_best > STALL) {
            /* Kick: back to the best, then a few random allowed swaps. */
            memcpy(s->at, best_at, rn * sizeof *best_at);
            sw_sched_rebuild(s);
            int kicks = 2 + (int)sw_rng_bounded(&rng, KICK_SPAN);
            for (int k = 0; k < kicks; k++) {
                int r = s->first + (int)sw_rng_bounded(&rng, (uint32_t)(R - s->first));
                int p = (int)sw_rng_bounded(&rng, (uint32_t)n);
                int q = (int)sw_rng_bounded(&rng, (uint32_t)n);
                if (swap_allowed(s, r, p, q))
                    swap_apply(s, r, p, q);
            }
            since_best = 0;
        }
    }
    memcpy(s->at, best_at, rn * sizeof *best_at);
    sw_sched_rebuild(s);
    run->iterations = it;
    free(tabu);
    free(best_at);
    return SW_OK;
}

sw_status sw_schedule_tabu(int n, int R, int threes, int *at, const int *meet, const int *rests,
                           const int *thr, const int *team, const sw_schedule_options *o,
                           long *iterations, bool *stopped, sw_error *err) {
    sw_sched s;
    if (!sw_sched_alloc(&s, n, R, threes))
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    memcpy(s.at, at, (size_t)R * (size_t)n * sizeof *at);
    s.base_meet = meet;
    s.base_rests = rests;
    s.base_thr = thr;
    s.team = team;
    s.first = 0;
    sw_sched_rebuild(&s);
    long budget = o->iterations > 0   ? o->iterations
                  : o->time_limit > 0 ? -1
                                      : SW_SCHEDULE_DEFAULT_ITERATIONS;
    /* The floor: the history's own repeats and squares, which no plan of the
     * rounds left can undo (reached when those rounds add no repeat). */
    sw_sched_key rep_lb = 0, sq_lb = 0;
    for (int i = 0; i < n; i++) {
        sq_lb += (sw_sched_key)thr[i] * thr[i] * SW_SCHED_THR_WEIGHT;
        for (int j = i + 1; j < n; j++) {
            long m = meet[(size_t)i * n + j];
            rep_lb += m > 1 ? m - 1 : 0;
            sq_lb += m > 1 ? (m - 1) * (m - 1) : 0;
        }
    }
    sw_sched_run run = {0, false};
    sw_status st =
        sw_sched_tabu(&s, o, budget, rep_lb, sq_lb,
                      o->time_limit > 0 ? sw_seating_now() + o->time_limit : 0, &run, err);
    if (!st)
        memcpy(at, s.at, (size_t)R * (size_t)n * sizeof *at);
    *iterations = run.iterations;
    *stopped = run.stopped;
    sw_sched_free(&s);
    return st;
}

/* ---- stage 1b: developed schedules ----
 *
 * For a group order g dividing R, with N = f + kg (f = N mod g fixed
 * players, k orbits of g players each), the rounds come in R/g blocks: round
 * jg + r is base round j with every orbit player (x, i) replaced by
 * (x + r mod g, i); fixed players stay. A pair's meetings within a block
 * then depend only on its orbit classes and difference, so the search runs
 * over R/g rounds instead of R, and many of the best known schedules
 * (1-rotational resolvable designs) are of this form. Only for N a multiple
 * of four (no sit-outs, which this form would give to the same players in
 * every round of a block). */

static int develop(int f, int g, int player, int r) {
    if (player < f)
        return player;
    int i = (player - f) / g, x = (player - f) % g;
    return f + i * g + (x + r) % g;
}

static void develop_all(sw_sched *s, int g) {
    int n = s->n, f = n % g;
    for (int j = 0; j < s->R / g; j++)
        for (int r = 1; r < g; r++)
            for (int p = 0; p < n; p++)
                s->at[((size_t)j * g + r) * n + p] = develop(f, g, s->at[(size_t)j * g * n + p], r);
    sw_sched_rebuild(s);
}

/* Swap positions p and q in every round of block j (keeps the form). */
static void base_swap(sw_sched *s, int g, int j, int p, int q) {
    for (int r = j * g; r < (j + 1) * g; r++)
        swap_apply(s, r, p, q);
}

bool sw_sched_cyclic_fits(const sw_sched *s, int g) {
    int n = s->n, R = s->R;
    return s->T4 == s->T && n % 4 == 0 && g >= 2 && R % g == 0 && g <= n && n % g <= n / 4;
}

sw_status sw_sched_cyclic(sw_sched *s, const sw_schedule_options *o, int g, int pass, long limit,
                          double deadline, sw_sched_run *run, sw_error *err) {
    int n = s->n, R = s->R, T = s->T, B = R / g;
    size_t nb = (size_t)B * (size_t)n;
    long *tabu = calloc(nb * (size_t)T, sizeof *tabu);
    int *best = malloc(nb * sizeof *best), *base = malloc(nb * sizeof *base);
    if (!tabu || !best || !base) {
        free(tabu);
        free(best);
        free(base);
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    }
    sw_rng rng;
    sw_rng_seed(&rng, o->seed, 0xc1c11c00ULL + (uint64_t)g + ((uint64_t)pass << 20));
    /* Base rounds: random permutations. */
    for (int j = 0; j < B; j++) {
        int *at = s->at + (size_t)j * g * n;
        for (int p = 0; p < n; p++)
            at[p] = p;
        sw_rng_shuffle(&rng, at, n);
    }
    develop_all(s, g);
    for (int j = 0; j < B; j++)
        memcpy(best + (size_t)j * n, s->at + (size_t)j * g * n, (size_t)n * sizeof *best);
    sw_sched_key best_rep = s->rep, best_sq = s->sq;
    long since = 0, it = 0;
    run->stopped = false;
    long long evals = 0,
              max_evals = limit == LONG_MAX ? -1 : (long long)limit * EVALS_PER_ITERATION;
    while (it < limit && (max_evals < 0 || evals < max_evals) && best_rep > 0) {
        if ((o->stop && *o->stop) || (deadline > 0 && sw_seating_now() > deadline)) {
            run->stopped = true;
            break;
        }
        it++;
        sw_sched_key brep = 0, bsq = 0;
        int bj = -1, bp = -1, bq = -1, ties = 0;
        for (int j = 0; j < B; j++) {
            int r0 = j * g;
            const int *at = s->at + (size_t)r0 * n;
            for (int p = 0; p < 4 * T; p++) {
                if (!in_conflict(s, r0, p))
                    continue;
                for (int q = 0; q < n; q++) {
                    if (sw_sched_table_of(s, p) == sw_sched_table_of(s, q) ||
                        (q < p && in_conflict(s, r0, q)))
                        continue;
                    bool is_tabu =
                        tabu[((size_t)j * n + at[p]) * T + sw_sched_table_of(s, q)] > it ||
                        tabu[((size_t)j * n + at[q]) * T + sw_sched_table_of(s, p)] > it;
                    base_swap(s, g, j, p, q);
                    sw_sched_key rep = s->rep, sq = s->sq;
                    base_swap(s, g, j, p, q);
                    evals += g;
                    if (is_tabu && !sw_sched_key_less(rep, sq, best_rep, best_sq))
                        continue;
                    if (bp < 0 || sw_sched_key_less(rep, sq, brep, bsq)) {
                        brep = rep;
                        bsq = sq;
                        ties = 0;
                    }
                    if (rep == brep && sq == bsq && sw_rng_bounded(&rng, (uint32_t)++ties) == 0) {
                        bj = j;
                        bp = p;
                        bq = q;
                    }
                }
            }
        }
        if (bp >= 0) {
            sw_round_exchange e =
                sw_round_exchange_of(s->at + (size_t)bj * g * n, s->T4, s->seated, bp, bq);
            base_swap(s, g, bj, bp, bq);
            long tenure = CYCLIC_TENURE_LO + (long)sw_rng_bounded(&rng, CYCLIC_TENURE_SPAN);
            tabu[((size_t)bj * n + e.x.a) * T + e.tp] = it + tenure;
            tabu[((size_t)bj * n + e.x.b) * T + e.tq] = it + tenure;
        }
        if (sw_sched_key_less(s->rep, s->sq, best_rep, best_sq)) {
            best_rep = s->rep;
            best_sq = s->sq;
            for (int j = 0; j < B; j++)
                memcpy(best + (size_t)j * n, s->at + (size_t)j * g * n, (size_t)n * sizeof *best);
            since = 0;
        } else if (bp < 0 || ++since > CYCLIC_STALL) {
            /* Kick: back to the best, then a few random base swaps. */
            memcpy(base, best, nb * sizeof *base);
            for (int k = 0, kicks = 2 + (int)sw_rng_bounded(&rng, 4); k < kicks; k++) {
                int *at = base + (size_t)sw_rng_bounded(&rng, (uint32_t)B) * n;
                int p = (int)sw_rng_bounded(&rng, (uint32_t)n);
                int q = (int)sw_rng_bounded(&rng, (uint32_t)n);
                sw_round_exchange_apply(at, NULL, sw_round_exchange_of(at, s->T4, s->seated, p, q));
            }
            for (int j = 0; j < B; j++)
                memcpy(s->at + (size_t)j * g * n, base + (size_t)j * n, (size_t)n * sizeof *base);
            develop_all(s, g);
            since = 0;
        }
    }
    for (int j = 0; j < B; j++)
        memcpy(s->at + (size_t)j * g * n, best + (size_t)j * n, (size_t)n * sizeof *best);
    develop_all(s, g);
    run->iterations = it;
    free(tabu);
    free(best);
    free(base);
    return SW_OK;
}
