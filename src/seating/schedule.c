/* src/seating/schedule.c: whole-event schedules for four players a table:
 * picolo's season search, developed rounds, a tabu search on the repeat
 * meetings, then round order and winds.
 *
 * Stage 0 takes the rounds of a repeat-free construction where there is
 * one: golf.c's 32 x 10, designs.c's resolvable designs (16, 28, 40, ...,
 * 100 players, (N - 1)/3 rounds) and 36 x 11, which the searches below do
 * not all reach.
 * Stage 1 builds a season of R sessions, each a one-round movement over
 * positions 1..N of floor((N - 3K)/4) tables of four and K of three (the
 * positions after them are at no table: their holders sit out), and runs
 * sw_search_run on it. Its
 * ranking (So+Sr, then Sp, then Sc) is not the order: So can prefer
 * more repeats spread flat to fewer repeats on a few pairs (8 players, 3
 * rounds: So's optimum has 12 repeats, the fewest is 8), and its local
 * optima keep repeats where repeat-free schedules exist. So the repeats are
 * searched directly. Stage 1b (N a multiple of four): schedules developed
 * from base rounds by a cyclic group, a much smaller space that holds the
 * best known schedules of 16 to 32 players. Stage 2: a tabu search (after
 * Dotu and Van Hentenryck's social golfer search) that swaps a player caught
 * in a repeat with a player at another table of the same round, or with a
 * sit-out whose rest count makes the swap keep the multiset of rest counts
 * (so sit-out fairness never changes). Its key is the repeats, then how
 * unevenly the tables of three are shared, then the sum of the squared
 * excess meetings, a stand-in for So at equal repeats; its result is kept
 * unless its start is as good on the first two and has a lower So.
 * SPDX-License-Identifier: MIT */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "matrix/criteria.h"
#include "matrix/matrix.h"
#include "search/search.h"
#include "season/season.h"
#include "seating/seating.h"
#include "seating/seating_internal.h"

#define DEFAULT_ITERATIONS 50000L
/* Stage 1 runs while R * N^2 / 2 (the exchanges of one descent step) stays
 * under this: its descent cannot be cut short by the time limit, only by the
 * stop flag, and it is the slow part (0.2 s for 32 players x 12 rounds, 28 s
 * for 64 x 21). */
#define STAGE1_MAX_WORK 8000.0
#define CLIQUE_NODES 200000L
#define CYCLIC_SHARE 20 /* a developed iteration costs about R plain ones */
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

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void sw_schedule_options_default(sw_schedule_options *opt) {
    memset(opt, 0, sizeof *opt);
    opt->rounds = 1;
    opt->seed = 1;
    opt->restarts = 1;
    opt->iterations = DEFAULT_ITERATIONS;
}

/* ---- the schedule state of stage 2 ---- */

typedef struct sched {
    /* players, rounds, tables: T4 of four at positions 0..4*T4-1, then
     * tables of three up to `seated`; positions seated..n-1 sit out */
    int n, R, T, T4, seated;
    int *at;    /* [R*n]: player at position p of round r */
    int *pos;   /* [R*n]: position of player i in round r */
    int *meet;  /* [n*n] */
    int *rests; /* [n] */
    int *thr;   /* [n]: rounds at a table of three */
    /* A re-plan (replan.c) starts from the rounds played: their meetings,
     * rests and tables of three (NULL: none), and may move round 0 too
     * (first = 0; else 1, as players are interchangeable in round 0).
     * team (NULL: none) makes a pair of teammates at one table cost
     * CLASH_WEIGHT repeats, so the search keeps them apart first. */
    const int *base_meet, *base_rests, *base_thr, *team;
    int first;
    /* The key, compared lexicographically: repeats, then sq = the sum over
     * players of their squared rounds at a table of three (flattest is
     * fairest) times THR_WEIGHT, plus the sum of squared excess meetings
     * (a stand-in for So). Without tables of three sq is just the latter. */
    long rep, sq;
} sched;

/* Above any sum of squared excess meetings (pairs x rounds^2 < 2^35 at the
 * largest sizes); with the squared counts (< 2^26) the sum fits 63 bits. */
#define THR_WEIGHT (1L << 36)
#define CLASH_WEIGHT 1000000L /* above any count of repeats */

static void sched_free(sched *s) {
    free(s->at);
    free(s->pos);
    free(s->meet);
    free(s->rests);
    free(s->thr);
    memset(s, 0, sizeof *s);
}

static bool sched_alloc(sched *s, int n, int R, int threes) {
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
        sched_free(s);
        return false;
    }
    return true;
}

static inline int table_of(const sched *s, int p) {
    int f = 4 * s->T4;
    return p < f ? p / 4 : p < s->seated ? s->T4 + (p - f) / 3 : -1;
}

/* First position and number of seats of table t. */
static inline int table_start(const sched *s, int t) {
    return t < s->T4 ? 4 * t : 4 * s->T4 + 3 * (t - s->T4);
}
static inline int table_size(const sched *s, int t) {
    return t < s->T4 ? 4 : 3;
}

enum { AT_FOUR, AT_THREE, OUT };

static inline int kind_of(const sched *s, int p) {
    return p < 4 * s->T4 ? AT_FOUR : p < s->seated ? AT_THREE : OUT;
}

static inline bool mates(const sched *s, int a, int b) {
    return s->team && s->team[a] >= 0 && s->team[a] == s->team[b];
}

/* Recompute meetings, rests and the key from s->at. */
static void sched_rebuild(sched *s) {
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
            int f = table_start(s, t), z = table_size(s, t);
            for (int a = f; a < f + z; a++)
                for (int b = f; b < f + z; b++)
                    if (a != b) {
                        s->meet[(size_t)at[a] * n + at[b]]++;
                        clashes += a < b && mates(s, at[a], at[b]);
                    }
        }
    }
    s->rep = clashes * CLASH_WEIGHT;
    s->sq = 0;
    for (int i = 0; i < n; i++)
        s->sq += (long)s->thr[i] * s->thr[i] * THR_WEIGHT;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            long m = s->meet[(size_t)i * n + j];
            if (m > 1) {
                s->rep += m - 1;
                s->sq += (m - 1) * (m - 1);
            }
        }
}

/* Key changes of one more / one fewer meeting of a pair that met m times. */
static inline void inc_delta(int m, long *drep, long *dsq) {
    if (m >= 1) {
        *drep += 1;
        *dsq += 2L * m - 1;
    }
}
static inline void dec_delta(int m, long *drep, long *dsq) {
    if (m >= 2) {
        *drep -= 1;
        *dsq -= 2L * m - 3;
    }
}

/* Whether swapping positions p and q of round r is allowed: different
 * tables, and a seated-for-sitting-out swap keeps the rest counts' multiset
 * (so sit-outs stay as fair as they start). Who plays at the tables of
 * three is evened out by the key instead, below the repeats. */
static bool swap_allowed(const sched *s, int r, int p, int q) {
    int tp = table_of(s, p), tq = table_of(s, q);
    if (tp == tq)
        return false;
    if (tp >= 0 && tq >= 0)
        return true;
    const int *at = s->at + (size_t)r * s->n;
    int out = tp < 0 ? at[p] : at[q], in = tp < 0 ? at[q] : at[p];
    return s->rests[in] + 1 == s->rests[out];
}

static void swap_delta(const sched *s, int r, int p, int q, long *drep, long *dsq) {
    int n = s->n, tp = table_of(s, p), tq = table_of(s, q);
    const int *at = s->at + (size_t)r * n;
    int a = at[p], b = at[q];
    *drep = *dsq = 0;
    int kp = kind_of(s, p), kq = kind_of(s, q);
    if (kp != kq && (kp == AT_THREE || kq == AT_THREE)) {
        /* one leaves a table of three, the other joins one: x^2 -> (x -+ 1)^2 */
        int leaves = kp == AT_THREE ? a : b, joins = kp == AT_THREE ? b : a;
        *dsq += (2L * (s->thr[joins] - s->thr[leaves]) + 2) * THR_WEIGHT;
    }
    if (tp >= 0)
        for (int k = table_start(s, tp), e = k + table_size(s, tp); k < e; k++)
            if (k != p) {
                int x = at[k];
                dec_delta(s->meet[(size_t)a * n + x], drep, dsq);
                inc_delta(s->meet[(size_t)b * n + x], drep, dsq);
                *drep += (mates(s, b, x) - mates(s, a, x)) * CLASH_WEIGHT;
            }
    if (tq >= 0)
        for (int k = table_start(s, tq), e = k + table_size(s, tq); k < e; k++)
            if (k != q) {
                int y = at[k];
                dec_delta(s->meet[(size_t)b * n + y], drep, dsq);
                inc_delta(s->meet[(size_t)a * n + y], drep, dsq);
                *drep += (mates(s, a, y) - mates(s, b, y)) * CLASH_WEIGHT;
            }
}

static void add_meet(sched *s, int i, int j, int d) {
    s->meet[(size_t)i * s->n + j] += d;
    s->meet[(size_t)j * s->n + i] += d;
}

static void swap_apply(sched *s, int r, int p, int q) {
    long drep, dsq;
    swap_delta(s, r, p, q, &drep, &dsq);
    int n = s->n, tp = table_of(s, p), tq = table_of(s, q);
    int *at = s->at + (size_t)r * n;
    int a = at[p], b = at[q];
    if (tp >= 0)
        for (int k = table_start(s, tp), e = k + table_size(s, tp); k < e; k++)
            if (k != p) {
                add_meet(s, a, at[k], -1);
                add_meet(s, b, at[k], +1);
            }
    if (tq >= 0)
        for (int k = table_start(s, tq), e = k + table_size(s, tq); k < e; k++)
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
    at[p] = b;
    at[q] = a;
    s->pos[(size_t)r * n + a] = q;
    s->pos[(size_t)r * n + b] = p;
    s->rep += drep;
    s->sq += dsq;
}

static bool in_conflict(const sched *s, int r, int p) {
    int t = table_of(s, p);
    if (t < 0)
        return false;
    const int *at = s->at + (size_t)r * s->n;
    for (int k = table_start(s, t), e = k + table_size(s, t); k < e; k++)
        if (k != p && (s->meet[(size_t)at[p] * s->n + at[k]] >= 2 || mates(s, at[p], at[k])))
            return true;
    return false;
}

/* A player at a table of three who has had more such rounds than the most
 * an even share gives, or one at a table of four who has had fewer than the
 * least: moving them can even out the tables of three. */
static bool off_balance(const sched *s, int r, int p) {
    int k = kind_of(s, p);
    if (k == OUT || s->T4 == s->T)
        return false;
    long total = (long)s->R * (s->seated - 4 * s->T4), x = s->thr[s->at[(size_t)r * s->n + p]];
    return k == AT_THREE ? x * s->n > total + s->n - 1 : x * s->n < total - s->n + 1;
}

static inline bool candidate(const sched *s, int r, int p) {
    return in_conflict(s, r, p) || off_balance(s, r, p);
}

static inline bool key_less(long rep_a, long sq_a, long rep_b, long sq_b) {
    return rep_a < rep_b || (rep_a == rep_b && sq_a < sq_b);
}

typedef struct tabu_run {
    long iterations;
    bool stopped;
} tabu_run;

/* Tabu search from s; s ends in the best state seen. Round 0 stays as it is:
 * players are interchangeable, so any one first round loses nothing. */
static sw_status tabu_search(sched *s, const sw_schedule_options *o, long limit, long rep_lb,
                             long sq_lb, double deadline, tabu_run *run, sw_error *err) {
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
    long best_rep = s->rep, best_sq = s->sq, since_best = 0;
    sw_rng rng;
    sw_rng_seed(&rng, o->seed, 0x5eed5c4ed17e5ULL);
    long it = 0;
    run->stopped = false;
    long long evals = 0, max_evals = limit < 0 ? -1 : (long long)limit * EVALS_PER_ITERATION;
    while ((limit < 0 || (it < limit && evals < max_evals)) &&
           key_less(rep_lb, sq_lb, best_rep, best_sq) && R > s->first) {
        if ((o->stop && *o->stop) || (deadline > 0 && now() > deadline)) {
            run->stopped = true;
            break;
        }
        it++;
        long bdrep = 0, bdsq = 0;
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
                    long drep, dsq;
                    swap_delta(s, r, p, q, &drep, &dsq);
                    evals++;
                    int tp = table_of(s, p), tq = table_of(s, q);
                    tp = T1 == 1 ? 0 : tp < 0 ? s->T : tp;
                    tq = T1 == 1 ? 0 : tq < 0 ? s->T : tq;
                    bool is_tabu = tabu[((size_t)r * n + at[p]) * T1 + tq] > it ||
                                   tabu[((size_t)r * n + at[q]) * T1 + tp] > it;
                    bool aspire = key_less(s->rep + drep, s->sq + dsq, best_rep, best_sq);
                    if (is_tabu && !aspire)
                        continue;
                    if (!have || key_less(drep, dsq, bdrep, bdsq)) {
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
            const int *at = s->at + (size_t)br * n;
            int a = at[bp], b = at[bq];
            swap_apply(s, br, bp, bq);
            long tenure = TENURE_LO + (long)sw_rng_bounded(&rng, TENURE_SPAN);
            int tp = T1 == 1 ? 0 : table_of(s, bp) < 0 ? s->T : table_of(s, bp);
            int tq = T1 == 1 ? 0 : table_of(s, bq) < 0 ? s->T : table_of(s, bq);
            tabu[((size_t)br * n + a) * T1 + tp] = it + tenure; /* a may not return */
            tabu[((size_t)br * n + b) * T1 + tq] = it + tenure;
        }
        if (key_less(s->rep, s->sq, best_rep, best_sq)) {
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
            sched_rebuild(s);
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
    sched_rebuild(s);
    run->iterations = it;
    free(tabu);
    free(best_at);
    return SW_OK;
}

sw_status sw_schedule_tabu(int n, int R, int threes, int *at, const int *meet, const int *rests,
                           const int *thr, const int *team, const sw_schedule_options *o,
                           long *iterations, bool *stopped, sw_error *err) {
    sched s;
    if (!sched_alloc(&s, n, R, threes))
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    memcpy(s.at, at, (size_t)R * (size_t)n * sizeof *at);
    s.base_meet = meet;
    s.base_rests = rests;
    s.base_thr = thr;
    s.team = team;
    s.first = 0;
    sched_rebuild(&s);
    long budget = o->iterations > 0 ? o->iterations : o->time_limit > 0 ? -1 : DEFAULT_ITERATIONS;
    /* The floor: the history's own repeats and squares, which no plan of the
     * rounds left can undo (reached when those rounds add no repeat). */
    long rep_lb = 0, sq_lb = 0;
    for (int i = 0; i < n; i++) {
        sq_lb += (long)thr[i] * thr[i] * THR_WEIGHT;
        for (int j = i + 1; j < n; j++) {
            long m = meet[(size_t)i * n + j];
            rep_lb += m > 1 ? m - 1 : 0;
            sq_lb += m > 1 ? (m - 1) * (m - 1) : 0;
        }
    }
    tabu_run run = {0, false};
    sw_status st = tabu_search(&s, o, budget, rep_lb, sq_lb,
                               o->time_limit > 0 ? now() + o->time_limit : 0, &run, err);
    if (!st)
        memcpy(at, s.at, (size_t)R * (size_t)n * sizeof *at);
    *iterations = run.iterations;
    *stopped = run.stopped;
    sched_free(&s);
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

static void develop_all(sched *s, int g) {
    int n = s->n, f = n % g;
    for (int j = 0; j < s->R / g; j++)
        for (int r = 1; r < g; r++)
            for (int p = 0; p < n; p++)
                s->at[((size_t)j * g + r) * n + p] = develop(f, g, s->at[(size_t)j * g * n + p], r);
    sched_rebuild(s);
}

/* Swap positions p and q in every round of block j (keeps the form). */
static void base_swap(sched *s, int g, int j, int p, int q) {
    for (int r = j * g; r < (j + 1) * g; r++)
        swap_apply(s, r, p, q);
}

static bool cyclic_fits(const sched *s, int g) {
    int n = s->n, R = s->R;
    return s->T4 == s->T && n % 4 == 0 && g >= 2 && R % g == 0 && g <= n && n % g <= n / 4;
}

static sw_status cyclic_search(sched *s, const sw_schedule_options *o, int g, int pass, long limit,
                               double deadline, tabu_run *run, sw_error *err) {
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
    long best_rep = s->rep, best_sq = s->sq, since = 0, it = 0;
    run->stopped = false;
    long long evals = 0,
              max_evals = limit == LONG_MAX ? -1 : (long long)limit * EVALS_PER_ITERATION;
    while (it < limit && (max_evals < 0 || evals < max_evals) && best_rep > 0) {
        if ((o->stop && *o->stop) || (deadline > 0 && now() > deadline)) {
            run->stopped = true;
            break;
        }
        it++;
        long brep = 0, bsq = 0;
        int bj = -1, bp = -1, bq = -1, ties = 0;
        for (int j = 0; j < B; j++) {
            int r0 = j * g;
            const int *at = s->at + (size_t)r0 * n;
            for (int p = 0; p < 4 * T; p++) {
                if (!in_conflict(s, r0, p))
                    continue;
                for (int q = 0; q < n; q++) {
                    if (table_of(s, p) == table_of(s, q) || (q < p && in_conflict(s, r0, q)))
                        continue;
                    bool is_tabu = tabu[((size_t)j * n + at[p]) * T + table_of(s, q)] > it ||
                                   tabu[((size_t)j * n + at[q]) * T + table_of(s, p)] > it;
                    base_swap(s, g, j, p, q);
                    long rep = s->rep, sq = s->sq;
                    base_swap(s, g, j, p, q);
                    evals += g;
                    if (is_tabu && !key_less(rep, sq, best_rep, best_sq))
                        continue;
                    if (bp < 0 || key_less(rep, sq, brep, bsq)) {
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
            const int *at = s->at + (size_t)bj * g * n;
            int a = at[bp], b = at[bq], tp = table_of(s, bp), tq = table_of(s, bq);
            base_swap(s, g, bj, bp, bq);
            long tenure = CYCLIC_TENURE_LO + (long)sw_rng_bounded(&rng, CYCLIC_TENURE_SPAN);
            tabu[((size_t)bj * n + a) * T + tp] = it + tenure;
            tabu[((size_t)bj * n + b) * T + tq] = it + tenure;
        }
        if (key_less(s->rep, s->sq, best_rep, best_sq)) {
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
                int t = at[p];
                at[p] = at[q];
                at[q] = t;
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

/* ---- stage 0: constructed schedules ---- */

/* Put the first min(R, C) rounds of a constructed repeat-free schedule of
 * C rounds into s: golf.c's 32 x 10, or designs.c's (16, 28, 36, 40, 52,
 * 64, 76, 88, 100 players), the players relabelled by a shuffle from the
 * seed (so the seed still picks the schedule); later rounds stay as they
 * are. Tables of four only. Returns the rounds put (0: none). */
static int construct(sched *s, uint64_t seed) {
    int n = s->n, C = n == SW_GOLF32_PLAYERS ? SW_GOLF32_ROUNDS : sw_design_rounds(n);
    if (C == 0 || s->T4 != s->T || 4 * s->T4 != n)
        return 0;
    int *all = malloc((size_t)C * (size_t)n * sizeof *all),
        *perm = malloc((size_t)n * sizeof *perm);
    bool ok = all && perm &&
              (n == SW_GOLF32_PLAYERS ? sw_seating_golf32_build(all) : sw_design_build(n, C, all));
    int R = 0;
    if (ok) {
        R = s->R < C ? s->R : C;
        sw_rng rng;
        sw_rng_seed(&rng, seed, 0x601f32ULL);
        for (int p = 0; p < n; p++)
            perm[p] = p;
        sw_rng_shuffle(&rng, perm, n);
        for (int r = 0; r < R; r++)
            for (int p = 0; p < n; p++)
                s->at[(size_t)r * n + p] = perm[all[(size_t)r * n + p]];
        sched_rebuild(s);
    }
    free(all);
    free(perm);
    return R;
}

/* ---- between the season and the schedule state ---- */

static void season_to_sched(const sw_season *ss, sched *s) {
    for (int r = 0; r < s->R; r++)
        for (int p = 0; p < s->n; p++)
            s->at[(size_t)r * s->n + p] = ss->sessions[r].assign[p + 1] - 1;
    sched_rebuild(s);
}

static void sched_to_season(const sched *s, sw_season *ss) {
    for (int r = 0; r < s->R; r++)
        for (int p = 0; p < s->n; p++)
            ss->sessions[r].assign[p + 1] = s->at[(size_t)r * s->n + p] + 1;
}

/* The tables of every round, in position order (winds not yet given):
 * tabs[r * T + t]. */
static void sched_tables(const sched *s, sw_seating_table *tabs) {
    for (int r = 0; r < s->R; r++)
        for (int t = 0; t < s->T; t++)
            for (int w = 0; w < SW_WINDS; w++)
                tabs[(size_t)r * s->T + t].seat[w] =
                    w < table_size(s, t) ? s->at[(size_t)r * s->n + table_start(s, t) + w]
                                         : SW_SEAT_EMPTY;
}

static int spread(const int *v, int n) {
    int lo = v[0], hi = v[0];
    for (int i = 1; i < n; i++) {
        lo = v[i] < lo ? v[i] : lo;
        hi = v[i] > hi ? v[i] : hi;
    }
    return hi - lo;
}

/* The criteria of ss's assignments (So and its bound for the outcome). */
static sw_status criteria_of(const sw_season *ss, sw_criteria *c, sw_error *err) {
    sw_matrix mx;
    sw_status st = sw_matrix_init(&mx, ss, err);
    if (st)
        return st;
    sw_criteria_compute(&mx, c);
    sw_matrix_free(&mx);
    return SW_OK;
}

/* ---- round order: the longest repeat-free prefix ---- */

typedef struct clique {
    int R;
    const char *ok; /* [R*R]: rounds i and j share no pair */
    int *cur, ncur, *best, nbest;
    long nodes;
} clique;

static void clique_grow(clique *c, const int *cand, int ncand) {
    if (c->ncur > c->nbest) {
        c->nbest = c->ncur;
        memcpy(c->best, c->cur, (size_t)c->ncur * sizeof *c->best);
    }
    if (ncand == 0 || c->ncur + ncand <= c->nbest || ++c->nodes > CLIQUE_NODES)
        return;
    int *next = malloc((size_t)ncand * sizeof *next);
    if (!next)
        return;
    for (int i = 0; i < ncand && c->ncur + ncand - i > c->nbest; i++) {
        int v = cand[i], nn = 0;
        for (int j = i + 1; j < ncand; j++)
            if (c->ok[(size_t)v * c->R + cand[j]])
                next[nn++] = cand[j];
        c->cur[c->ncur++] = v;
        clique_grow(c, next, nn);
        c->ncur--;
    }
    free(next);
}

/* Reorder the rounds of s so that the leading ones form the largest set of
 * pairwise compatible rounds found (exact within CLIQUE_NODES nodes): the
 * repeats stay, the repeat-free prefix grows. Keeps the order otherwise. */
static sw_status order_rounds(sched *s, sw_error *err) {
    int n = s->n, R = s->R;
    char *ok = calloc((size_t)R * (size_t)R, 1);
    int *cur = malloc((size_t)R * sizeof *cur), *best = malloc((size_t)R * sizeof *best);
    int *cand = malloc((size_t)R * sizeof *cand);
    int *order = malloc((size_t)R * sizeof *order);
    int *copy = malloc((size_t)R * (size_t)n * sizeof *copy);
    sw_status st = SW_OK;
    if (!ok || !cur || !best || !cand || !order || !copy) {
        st = sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
        goto done;
    }
    for (int i = 0; i < R; i++)
        for (int j = i + 1; j < R; j++) {
            bool good = true;
            const int *at = s->at + (size_t)i * n, *pj = s->pos + (size_t)j * n;
            for (int t = 0; t < s->T && good; t++) {
                int f = table_start(s, t), e = f + table_size(s, t);
                for (int a = f; a < e && good; a++)
                    for (int b = a + 1; b < e && good; b++) {
                        int ta = table_of(s, pj[at[a]]), tb = table_of(s, pj[at[b]]);
                        good = !(ta >= 0 && ta == tb);
                    }
            }
            ok[(size_t)i * R + j] = ok[(size_t)j * R + i] = good;
        }
    for (int i = 0; i < R; i++)
        cand[i] = i;
    clique c = {R, ok, cur, 0, best, 0, 0};
    clique_grow(&c, cand, R);
    char *taken = ok; /* reuse the first R bytes after the search */
    memset(taken, 0, (size_t)R);
    int k = 0;
    for (int i = 0; i < c.nbest; i++) {
        order[k++] = best[i];
        taken[best[i]] = 1;
    }
    for (int i = 0; i < R; i++)
        if (!taken[i])
            order[k++] = i;
    memcpy(copy, s->at, (size_t)R * (size_t)n * sizeof *copy);
    for (int r = 0; r < R; r++)
        memcpy(s->at + (size_t)r * n, copy + (size_t)order[r] * n, (size_t)n * sizeof *copy);
    sched_rebuild(s);
done:
    free(ok);
    free(cur);
    free(best);
    free(cand);
    free(order);
    free(copy);
    return st;
}

/* ---- winds ---- */

static long wind_cost(const int *winds, int n) {
    long sum = 0;
    for (int i = 0; i < n; i++) {
        const int *w = winds + (size_t)i * SW_WINDS;
        int lo = w[0], hi = w[0];
        for (int k = 1; k < SW_WINDS; k++) {
            lo = w[k] < lo ? w[k] : lo;
            hi = w[k] > hi ? w[k] : hi;
        }
        sum += (long)(hi - lo) * (hi - lo);
    }
    return sum;
}

/* Winds round by round with sw_seating_assign_winds, then sweeps that take
 * one table out and give it its best order again, while the sum of squared
 * wind spreads falls (each step never raises it: the old order is among the
 * 24 tried). */
static void assign_winds(const sched *s, sw_seating_table *tabs, uint64_t seed) {
    int n = s->n, T = s->T;
    int *winds = calloc((size_t)n * SW_WINDS, sizeof *winds);
    if (!winds)
        return; /* keep the tables in position order: still a valid schedule */
    sw_rng rng;
    sw_rng_seed(&rng, seed, 0x3171d5ULL);
    for (int r = 0; r < s->R; r++)
        for (int t = 0; t < T; t++)
            sw_seating_assign_winds(winds, &tabs[(size_t)r * T + t], &rng);
    long cost = wind_cost(winds, n);
    for (int sweep = 0; sweep < 20 && cost > 0; sweep++) {
        for (int r = 0; r < s->R; r++)
            for (int t = 0; t < T; t++) {
                sw_seating_table *tb = &tabs[(size_t)r * T + t];
                for (int w = 0; w < sw_seating_table_size(tb); w++)
                    winds[tb->seat[w] * SW_WINDS + w]--;
                sw_seating_assign_winds(winds, tb, &rng);
            }
        long c = wind_cost(winds, n);
        if (c >= cost)
            break;
        cost = c;
    }
    free(winds);
}

/* Exact winds at tables of four (no table of three): every player sits
 * each wind equally often in each run of 4 of their games, so after g
 * games their wind counts are floor(g/4) or one more, and all equal when g
 * is a multiple of 4, at every round of the event.
 *
 * A bipartite multigraph: on one side the tables (round, table), on the
 * other the "quarters" of the players (player i's games 4k+1..4k+4 in
 * round order), an edge for each seat. Every vertex has degree at most 4,
 * so by Koenig's edge-colouring theorem the edges take 4 colours with no
 * colour twice at a vertex; colour c is wind c. A table then seats its
 * four players at four different winds, and a quarter's (at most) four
 * games are at different winds. The colouring is the textbook one: edge
 * u-v takes a colour a free at u; when a is taken at v, the path from v
 * whose edges alternate a and a colour b free at v (it cannot reach u:
 * bipartite) swaps a and b, which frees a at v. Exact integers, no
 * search; the result depends on the tables only. Returns false when out
 * of memory (the tables keep their order: still a valid schedule). */
static bool exact_winds(const sched *s, sw_seating_table *tabs) {
    int n = s->n, R = s->R, T = s->T, Q = (R + 3) / 4;
    size_t E = (size_t)R * (size_t)T * 4, NT = (size_t)R * (size_t)T;
    int *end = malloc(E * sizeof *end); /* the quarter of edge e; table e / 4 */
    int *colour = malloc(E * sizeof *colour);
    int *atq = malloc((size_t)n * (size_t)Q * 4 * sizeof *atq); /* [quarter][colour]: edge */
    int *att = malloc(NT * 4 * sizeof *att);                    /* [table][colour]: edge */
    int *games = calloc((size_t)n, sizeof *games);
    int *path = malloc(E * sizeof *path);
    bool ok = end && colour && atq && att && games && path;
    if (ok) {
        memset(atq, -1, (size_t)n * (size_t)Q * 4 * sizeof *atq);
        memset(att, -1, NT * 4 * sizeof *att);
        for (size_t e = 0; e < E; e++) {
            int p = tabs[e / 4].seat[e % 4];
            end[e] = p * Q + games[p]++ / 4;
        }
        for (size_t e = 0; e < E; e++) {
            int u = end[e], v = (int)(e / 4), a = 0, b = 0;
            while (atq[u * 4 + a] >= 0)
                a++;
            while (att[(size_t)v * 4 + b] >= 0)
                b++;
            if (att[(size_t)v * 4 + a] >= 0) {
                /* the a/b path from v: table, quarter, table, ... */
                size_t len = 0;
                int x = v, c = a;
                bool at_table = true;
                for (;;) {
                    int f = at_table ? att[(size_t)x * 4 + c] : atq[x * 4 + c];
                    if (f < 0)
                        break;
                    path[len++] = f;
                    x = at_table ? end[f] : f / 4;
                    at_table = !at_table;
                    c = c == a ? b : a;
                }
                for (size_t k = 0; k < len; k++) {
                    int f = path[k];
                    atq[end[f] * 4 + colour[f]] = att[(size_t)(f / 4) * 4 + colour[f]] = -1;
                }
                for (size_t k = 0; k < len; k++) {
                    int f = path[k];
                    colour[f] = colour[f] == a ? b : a;
                    atq[end[f] * 4 + colour[f]] = att[(size_t)(f / 4) * 4 + colour[f]] = f;
                }
            }
            colour[e] = a;
            atq[u * 4 + a] = att[(size_t)v * 4 + a] = (int)e;
        }
        for (size_t t = 0; t < NT; t++) {
            sw_seating_table tb;
            for (int k = 0; k < 4; k++)
                tb.seat[colour[t * 4 + k]] = tabs[t].seat[k];
            tabs[t] = tb;
        }
    }
    free(end);
    free(colour);
    free(atq);
    free(att);
    free(games);
    free(path);
    return ok;
}

/* Move the players of as[0..seated) with the fewest rounds at a table of
 * three so far (thr, by player number - 1; the earliest on ties) to the
 * places of the tables of three, as[first..seated), keeping the order
 * otherwise, and count the round. tmp holds seated ints. */
static void fewest_to_threes(int *as, int first, int seated, int *thr, int *tmp) {
    int need = seated - first, got = 0;
    for (int v = 0; got < need; v++)
        for (int y = 0; y < seated && got < need; y++)
            if (as[y] > 0 && thr[as[y] - 1] == v) {
                tmp[first + got++] = as[y];
                as[y] = -as[y]; /* taken */
            }
    for (int y = 0, f = 0; y < seated; y++)
        if (as[y] > 0)
            tmp[f++] = as[y];
    for (int y = 0; y < seated; y++)
        as[y] = tmp[y];
    for (int x = first; x < seated; x++)
        thr[as[x] - 1]++;
}

/* ---- the whole ---- */

sw_status sw_seating_schedule(sw_seating_event *ev, const sw_schedule_options *o,
                              sw_schedule_outcome *outp, sw_error *err) {
    double t0 = now();
    int n = ev->nplayers, R = o->rounds;
    if (n < 4)
        return sw_error_set(err, SW_ERR_INVALID, NULL, 0,
                            "%d players, expected at least 4 for a table of four", n);
    if (R < 1)
        return sw_error_set(err, SW_ERR_INVALID, NULL, 0, "%d rounds, expected at least 1", R);
    if (n > SW_SEASON_MAX_PARTICIPANTS)
        return sw_error_set(err, SW_ERR_LIMIT, NULL, 0,
                            "%d players, a schedule supports at most %d", n,
                            SW_SEASON_MAX_PARTICIPANTS);
    if (R > SW_SEASON_MAX_SESSIONS)
        return sw_error_set(err, SW_ERR_LIMIT, NULL, 0, "%d rounds, a schedule supports at most %d",
                            R, SW_SEASON_MAX_SESSIONS);
    /* Rounds played, changes or teams: the played rounds stay, the rest is
     * re-planned around them. */
    if (ev->nrounds > 0 || ev->changed || ev->nteams > 0)
        return sw_seating_replan(ev, o, outp, err);
    /* Tables of three: as asked, or (auto) the fewest that seat everyone. */
    int threes = o->threes;
    if (threes == SW_SCHEDULE_THREES_AUTO) {
        threes = 0;
        while (threes < 4 && ((n - 3 * threes) % 4 != 0 || 3 * threes > n))
            threes++;
        if (threes == 4)
            threes = 0; /* 5 players: one table of four, one sits out */
    }
    if (threes < 0 || 3 * threes > n)
        return sw_error_set(err, SW_ERR_INVALID, NULL, 0,
                            "%d tables of three for %d players: expected 0 to %d", threes, n,
                            n / 3);
    double deadline = o->time_limit > 0 ? t0 + o->time_limit : 0;
    sw_schedule_outcome out;
    memset(&out, 0, sizeof out);
    out.stage1_repeats = -1;
    out.threes = threes;

    /* The schedule state fixes the layout: T4 tables of four, then the
     * tables of three, then the sit-outs; the season (sw_seating_rounds_season)
     * numbers the positions in that order, so its sessions share one
     * movement, the N seat of a table of three empty. */
    sw_season ss;
    memset(&ss, 0, sizeof ss);
    sw_seating_table *tabs = NULL;
    sched s;
    sw_status st = SW_OK;
    if (!sched_alloc(&s, n, R, threes))
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    int T4 = s.T4, T = s.T, seated = s.seated;
    tabs = malloc((size_t)R * (size_t)(T ? T : 1) * sizeof *tabs);
    int *as = malloc((size_t)n * sizeof *as), *thr = calloc(2 * (size_t)n, sizeof *thr);
    if (!tabs || !as || !thr) {
        free(as);
        free(thr);
        st = sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
        goto done;
    }
    /* Restart 0's start: rounds shifted so the sit-outs go round robin (a
     * fair start whatever the search does), the seated shuffled after round
     * 1 (identical rounds would be the worst start); then the tables of
     * three go to the seated who had fewest so far. */
    int k = n - seated;
    sw_rng rng;
    sw_rng_seed(&rng, o->seed, 0x57a27ULL);
    for (int r = 0; r < R; r++) {
        for (int p = 0; p < n; p++)
            as[p] = (int)(((long)p + (long)r * k) % n) + 1;
        if (r > 0)
            sw_rng_shuffle(&rng, as, seated);
        if (threes)
            fewest_to_threes(as, 4 * T4, seated, thr, thr + n);
        for (int p = 0; p < n; p++)
            s.at[(size_t)r * n + p] = as[p] - 1;
    }
    free(as);
    free(thr);
    sched_tables(&s, tabs);
    sw_seating_round *rounds = malloc((size_t)R * sizeof *rounds);
    if (!rounds) {
        st = sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
        goto done;
    }
    for (int r = 0; r < R; r++)
        rounds[r] = (sw_seating_round){T, tabs + (size_t)r * T};
    st = sw_seating_rounds_season(ev, rounds, R, s.at, 1, true, &ss, err);
    free(rounds);
    if (st)
        goto done;

    /* Stage 0: 16, 28, 32, 36, 40, 52, 64, 76, 88, 100 players. Up to C
     * rounds are constructed, repeat-free (C = 10 at 32 and 11 at 36, where
     * the searches below stop with repeats; (N - 1)/3 at the others, every
     * pair once), and the stages after it stop at once, at the floor.
     * Longer events start from those C rounds (32 players: stage 2 then
     * reaches the floor in a few iterations for R = 11 to 15; from stage 1's
     * start it missed it by 14 at R = 11). */
    season_to_sched(&ss, &s);
    out.constructed = construct(&s, o->seed);
    if (out.constructed)
        sched_to_season(&s, &ss);

    /* Stage 1: the season search. */
    double work = (double)R * (double)n * (double)n / 2;
    if (!out.constructed && o->restarts > 0 && work <= STAGE1_MAX_WORK && !(o->stop && *o->stop)) {
        sw_season trial;
        st = sw_season_copy(&trial, &ss, err);
        if (st)
            goto done;
        sw_search_opts so;
        memset(&so, 0, sizeof so);
        so.seed = o->seed;
        so.restarts = o->restarts;
        so.threads = o->threads;
        so.time_limit = o->time_limit > 0 ? o->time_limit / 4 : 0;
        so.stop = o->stop;
        sw_search_result res;
        st = sw_search_run(&trial, &so, &res, err);
        if (st) {
            sw_season_free(&trial);
            goto done;
        }
        out.restarts = res.restarts_done;
        season_to_sched(&trial, &s);
        out.stage1_repeats = s.rep;
        if (spread(s.rests, n) <= 1)
            sched_to_season(&s, &ss); /* else keep the round-robin start */
        sw_season_free(&trial);
    }
    season_to_sched(&ss, &s);

    /* The floor of the repeats, then stages 2a, 1b and 2b. */
    long D = (long)n * (n - 1) / 2, total = (6L * T4 + 3L * threes) * R;
    long rep_lb = total > D ? total - D : 0;
    long q = D ? rep_lb / D : 0, rem = D ? rep_lb % D : 0;
    long sq_lb = rem * (q + 1) * (q + 1) + (D - rem) * q * q;
    /* and of the tables of three: the R * 3K places shared as evenly as can be */
    long tq = (long)R * 3 * threes / n, trem = (long)R * 3 * threes % n;
    sq_lb += (trem * (tq + 1) * (tq + 1) + (n - trem) * tq * tq) * THR_WEIGHT;
    out.repeats_bound = rep_lb;
    tabu_run run = {0, false}, crun = {0, false};
    sw_criteria c1, c2;
    /* The tabu search's start, kept in ss to compare with its result. */
    sched_to_season(&s, &ss);
    long rep1 = s.rep, thr1 = s.sq / THR_WEIGHT;
    st = criteria_of(&ss, &c1, err);
    if (st)
        goto done;
    /* Stage 2a: a sixteenth of the budget; most events need no more. */
    long budget = o->iterations > 0 ? o->iterations : o->time_limit > 0 ? -1 : DEFAULT_ITERATIONS;
    long first = budget < 0 ? -1 : budget / 16 + 1;
    double d1 = deadline > 0 ? now() + (deadline - now()) / 16 : 0;
    st = tabu_search(&s, o, first, rep_lb, sq_lb, d1, &run, err);
    if (st)
        goto done;
    long used2 = run.iterations;
    /* Stage 1b: developed schedules for each group order g dividing R,
     * largest first, on up to half the budget, shared equally. */
    if (s.rep > 0 && rep_lb == 0) { /* it aims at repeat-free schedules */
        int ng = 0;
        for (int g = R; g >= 2; g--)
            ng += cyclic_fits(&s, g);
        sched c = {0};
        if (ng && !sched_alloc(&c, n, R, threes)) {
            st = sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
            goto done;
        }
        double half = deadline > 0 ? now() + (deadline - now()) / 2 : 0;
        for (int g = R, left = ng; g >= 2 && ng && s.rep > 0 && !st; g--) {
            if (!cyclic_fits(&s, g))
                continue;
            long climit = budget < 0 ? LONG_MAX : budget / CYCLIC_SHARE / ng;
            double cdeadline = half > 0 ? now() + (half - now()) / left : 0;
            left--;
            st = cyclic_search(&c, o, g, 0, climit, cdeadline, &crun, err);
            out.cyclic_iterations += crun.iterations;
            if (!st && key_less(c.rep, c.sq, s.rep, s.sq)) {
                memcpy(s.at, c.at, (size_t)R * (size_t)n * sizeof *s.at);
                sched_rebuild(&s);
                out.cyclic = g;
            }
            if (o->stop && *o->stop)
                break;
        }
        if (ng)
            sched_free(&c);
        if (st)
            goto done;
    }
    /* Stage 2b: the rest of the budget, from the best so far. */
    run.iterations = 0;
    run.stopped = false;
    if ((budget < 0 || budget > used2) && !(o->stop && *o->stop))
        st = tabu_search(&s, o, budget < 0 ? -1 : budget - used2, rep_lb, sq_lb, deadline, &run,
                         err);
    if (st)
        goto done;
    run.iterations += used2;
    out.iterations = run.iterations;
    out.stopped = run.stopped || (o->stop && *o->stop);
    /* Keep the tabu result unless its start has as few repeats, tables of
     * three as evenly shared and a lower So (the tabu key's squares only
     * stand in for So). */
    sw_season alt;
    st = sw_season_copy(&alt, &ss, err);
    if (st)
        goto done;
    sched_to_season(&s, &alt);
    st = criteria_of(&alt, &c2, err);
    if (!st && (s.rep < rep1 || s.sq / THR_WEIGHT < thr1 || sw_i256_cmp(c2.so, c1.so) <= 0)) {
        sched_to_season(&s, &ss);
        c1 = c2;
    }
    sw_season_free(&alt);
    if (st)
        goto done;
    season_to_sched(&ss, &s);
    out.So = c1.So;
    out.So_bound = c1.So_bound;
    st = order_rounds(&s, err);
    if (st)
        goto done;

    /* Winds, then the rounds into the event. */
    sched_tables(&s, tabs);
    if (threes > 0 || !exact_winds(&s, tabs))
        assign_winds(&s, tabs, o->seed);
    for (int r = 0; r < R && !st; r++)
        st = sw_seating_add_round(ev, tabs + (size_t)r * T, T, err);
    if (st)
        goto done;
    sw_seating_stats stats;
    st = sw_seating_stats_init(&stats, ev, -1, err);
    if (st)
        goto done;
    out.repeats = stats.repeats;
    out.repeat_free_rounds = stats.repeat_free_rounds;
    out.sitout_spread = stats.sitout_spread;
    out.threes_spread = stats.threes_spread;
    out.wind_spread_max = stats.wind_spread_max;
    sw_seating_stats_free(&stats);
    out.seconds = now() - t0;
    if (outp)
        *outp = out;
done:
    free(tabs);
    sched_free(&s);
    sw_season_free(&ss);
    return st;
}
