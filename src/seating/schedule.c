/* src/seating/schedule.c: whole-event schedules for four players a table,
 * a driver over one function per stage: the start (plan_start), a
 * construction (plan_construct), picolo's season search (plan_season_search),
 * the searches on the repeat meetings (plan_repeats: schedule_tabu.c's tabu
 * search and developed rounds), then round order and winds (plan_finish).
 *
 * Stage 0 takes the rounds of a repeat-free construction where there is
 * one: golf.c's 32 x 10, designs.c's resolvable designs (16, 28, 40, ...,
 * 100 players, (N - 1)/3 rounds) and 36 x 11, which the searches below do
 * not all reach.
 * Stage 1 runs sw_search_run on the rounds as a season (event_season.c): R
 * one-round sessions over positions 1..N of floor((N - 3K)/4) tables of
 * four and K of three (the positions after them are at no table: their
 * holders sit out). Its ranking (So+Sr, then Sp, then Sc) is not the
 * issue's order: So can prefer more repeats spread flat to fewer repeats on
 * a few pairs (8 players, 3 rounds: So's optimum has 12 repeats, the fewest
 * is 8), and its local optima keep repeats where repeat-free schedules
 * exist. So the repeats are searched directly. Stage 1b (N a multiple of
 * four): schedules developed from base rounds by a cyclic group, a much
 * smaller space that holds the best known schedules of 16 to 32 players.
 * Stage 2: the tabu search on the repeats, then the squares; its result is
 * kept unless its start is as good on the first two and has a lower So.
 * SPDX-License-Identifier: MIT */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "matrix/criteria.h"
#include "matrix/matrix.h"
#include "search/search.h"
#include "season/season.h"
#include "seating/seating.h"
#include "seating/seating_internal.h"

/* Stage 1 runs while R * N^2 / 2 (the exchanges of one descent step) stays
 * under this: its descent cannot be cut short by the time limit, only by the
 * stop flag, and it is the slow part (0.2 s for 32 players x 12 rounds, 28 s
 * for 64 x 21). */
#define STAGE1_MAX_WORK 8000.0
#define CLIQUE_NODES 200000L
#define SCHEDULE_WIND_SWEEPS 20
#define CYCLIC_SHARE 20 /* a developed iteration costs about R plain ones */
void sw_schedule_options_default(sw_schedule_options *opt) {
    memset(opt, 0, sizeof *opt);
    opt->rounds = 1;
    opt->seed = 1;
    opt->restarts = 1;
    opt->iterations = SW_SCHEDULE_DEFAULT_ITERATIONS;
}

/* ---- stage 0: constructed schedules ---- */

/* Put the first min(R, C) rounds of a constructed repeat-free schedule of
 * C rounds into s: golf.c's 32 x 10, or designs.c's (16, 28, 36, 40, 52,
 * 64, 76, 88, 100 players), the players relabelled by a shuffle from the
 * seed (so the seed still picks the schedule); later rounds stay as they
 * are. Tables of four only. Returns the rounds put (0: none). */
static int construct(sw_sched *s, uint64_t seed) {
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
        sw_sched_rebuild(s);
    }
    free(all);
    free(perm);
    return R;
}

/* ---- between the season and the schedule state ---- */

static void season_to_sched(const sw_season *ss, sw_sched *s) {
    for (int r = 0; r < s->R; r++)
        for (int p = 0; p < s->n; p++)
            s->at[(size_t)r * s->n + p] = ss->sessions[r].assign[p + 1] - 1;
    sw_sched_rebuild(s);
}

static void sched_to_season(const sw_sched *s, sw_season *ss) {
    for (int r = 0; r < s->R; r++)
        for (int p = 0; p < s->n; p++)
            ss->sessions[r].assign[p + 1] = s->at[(size_t)r * s->n + p] + 1;
}

/* The tables of every round, in position order (winds not yet given):
 * tabs[r * T + t]. */
static void sched_tables(const sw_sched *s, sw_seating_table *tabs) {
    for (int r = 0; r < s->R; r++)
        for (int t = 0; t < s->T; t++)
            for (int w = 0; w < SW_WINDS; w++)
                tabs[(size_t)r * s->T + t].seat[w] =
                    w < sw_sched_table_size(s, t)
                        ? s->at[(size_t)r * s->n + sw_sched_table_start(s, t) + w]
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
static sw_status order_rounds(sw_sched *s, sw_error *err) {
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
                int f = sw_sched_table_start(s, t), e = f + sw_sched_table_size(s, t);
                for (int a = f; a < e && good; a++)
                    for (int b = a + 1; b < e && good; b++) {
                        int ta = sw_sched_table_of(s, pj[at[a]]),
                            tb = sw_sched_table_of(s, pj[at[b]]);
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
    sw_sched_rebuild(s);
done:
    free(ok);
    free(cur);
    free(best);
    free(cand);
    free(order);
    free(copy);
    return st;
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

/* ---- the whole: one function per stage ---- */

/* One schedule on its way through the stages. */
typedef struct planner {
    const sw_schedule_options *o;
    int n, R, threes;
    double t0, deadline;        /* the clock at the start; 0: no time limit */
    sw_sched s;                 /* the rounds being planned */
    sw_season ss;               /* the same rounds as a season (stage 1, So) */
    sw_seating_table *tabs;     /* [R*T]: the rounds as tables */
    long budget;                /* tabu iterations; -1: until the deadline */
    sw_sched_key rep_lb, sq_lb; /* the floor of the tabu key */
    sw_schedule_outcome out;    /* filled stage by stage */
} planner;

static void planner_free(planner *pl) {
    free(pl->tabs);
    sw_sched_free(&pl->s);
    sw_season_free(&pl->ss);
}

static sw_status check_size(const sw_seating_event *ev, const sw_schedule_options *o,
                            sw_error *err) {
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
    return SW_OK;
}

/* Restart 0's start: rounds shifted so the sit-outs go round robin (a fair
 * start whatever the search does), the seated shuffled after round 1
 * (identical rounds would be the worst start); then the tables of three go
 * to the seated who had fewest so far. */
static bool start_rounds(planner *pl) {
    sw_sched *s = &pl->s;
    int n = pl->n, k = n - s->seated;
    int *as = malloc((size_t)n * sizeof *as), *thr = calloc(2 * (size_t)n, sizeof *thr);
    if (!as || !thr) {
        free(as);
        free(thr);
        return false;
    }
    sw_rng rng;
    sw_rng_seed(&rng, pl->o->seed, 0x57a27ULL);
    for (int r = 0; r < pl->R; r++) {
        for (int p = 0; p < n; p++)
            as[p] = (int)(((long)p + (long)r * k) % n) + 1;
        if (r > 0)
            sw_rng_shuffle(&rng, as, s->seated);
        if (pl->threes)
            fewest_to_threes(as, 4 * s->T4, s->seated, thr, thr + n);
        for (int p = 0; p < n; p++)
            s->at[(size_t)r * n + p] = as[p] - 1;
    }
    free(as);
    free(thr);
    return true;
}

/* The state, the start and its season. The schedule's layout (T4 tables of
 * four, then the tables of three, then the sit-outs) is the order in which
 * sw_seating_rounds_season numbers the positions, so the sessions share
 * one movement, the N seat of a table of three empty. */
static sw_status plan_start(planner *pl, const sw_seating_event *ev, sw_error *err) {
    int R = pl->R;
    if (!sw_sched_alloc(&pl->s, pl->n, R, pl->threes))
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    int T = pl->s.T;
    pl->tabs = malloc((size_t)R * (size_t)(T ? T : 1) * sizeof *pl->tabs);
    sw_seating_round *rounds = malloc((size_t)R * sizeof *rounds);
    if (!pl->tabs || !rounds || !start_rounds(pl)) {
        free(rounds);
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    }
    sched_tables(&pl->s, pl->tabs);
    for (int r = 0; r < R; r++)
        rounds[r] = (sw_seating_round){T, pl->tabs + (size_t)r * T, NULL};
    sw_status st = sw_seating_rounds_season(ev, rounds, R, pl->s.at, 1, true, &pl->ss, err);
    free(rounds);
    return st;
}

/* Stage 0: 16, 28, 32, 36, 40, 52, 64, 76, 88, 100 players. Up to C rounds
 * are constructed, repeat-free (C = 10 at 32 and 11 at 36, where the
 * searches below stop with repeats; (N - 1)/3 at the others, every pair
 * once), and the stages after it stop at once, at the floor. Longer events
 * start from those C rounds (32 players: stage 2 then reaches the floor in a
 * few iterations for R = 11 to 15; from stage 1's start it missed it by 14
 * at R = 11). */
static void plan_construct(planner *pl) {
    season_to_sched(&pl->ss, &pl->s);
    pl->out.constructed = construct(&pl->s, pl->o->seed);
    if (pl->out.constructed)
        sched_to_season(&pl->s, &pl->ss);
}

/* Stage 1: the season search, kept when its sit-outs stay fair. */
static sw_status plan_season_search(planner *pl, sw_error *err) {
    const sw_schedule_options *o = pl->o;
    double work = (double)pl->R * (double)pl->n * (double)pl->n / 2;
    sw_status st = SW_OK;
    if (!pl->out.constructed && o->restarts > 0 && work <= STAGE1_MAX_WORK &&
        !(o->stop && *o->stop)) {
        sw_season trial;
        if ((st = sw_season_copy(&trial, &pl->ss, err)))
            return st;
        sw_search_opts so;
        memset(&so, 0, sizeof so);
        so.seed = o->seed;
        so.restarts = o->restarts;
        so.threads = o->threads;
        so.time_limit = o->time_limit > 0 ? o->time_limit / 4 : 0;
        so.stop = o->stop;
        sw_search_result res;
        if (!(st = sw_search_run(&trial, &so, &res, err))) {
            pl->out.restarts = res.restarts_done;
            season_to_sched(&trial, &pl->s);
            pl->out.stage1_repeats = pl->s.rep;
            if (spread(pl->s.rests, pl->n) <= 1)
                sched_to_season(&pl->s, &pl->ss); /* else keep the round-robin start */
        }
        sw_season_free(&trial);
    }
    if (!st)
        season_to_sched(&pl->ss, &pl->s);
    return st;
}

/* The floor of the tabu key: the fewest repeats R rounds must make, their
 * flattest squares, and the tables of three's R * 3K places shared as
 * evenly as can be; and the iteration budget. */
static void plan_floor(planner *pl) {
    sw_sched_key n = pl->n, R = pl->R, threes = pl->threes, T4 = pl->s.T4;
    sw_sched_key D = n * (n - 1) / 2, total = (6 * T4 + 3 * threes) * R;
    sw_sched_key rep_lb = total > D ? total - D : 0;
    sw_sched_key q = D ? rep_lb / D : 0, rem = D ? rep_lb % D : 0;
    sw_sched_key sq_lb = rem * (q + 1) * (q + 1) + (D - rem) * q * q;
    sw_sched_key tq = R * 3 * threes / n, trem = R * 3 * threes % n;
    sq_lb += (trem * (tq + 1) * (tq + 1) + (n - trem) * tq * tq) * SW_SCHED_THR_WEIGHT;
    pl->rep_lb = rep_lb;
    pl->sq_lb = sq_lb;
    pl->out.repeats_bound = rep_lb;
    const sw_schedule_options *o = pl->o;
    pl->budget = o->iterations > 0   ? o->iterations
                 : o->time_limit > 0 ? -1
                                     : SW_SCHEDULE_DEFAULT_ITERATIONS;
}

/* Stage 1b: developed schedules for each group order g dividing R, largest
 * first, on up to half the budget, shared equally; only when the floor is
 * repeat-free (what it aims at) and s has repeats. */
static sw_status plan_developed(planner *pl, sw_error *err) {
    sw_sched *s = &pl->s;
    int ng = 0, R = pl->R;
    for (int g = R; g >= 2; g--)
        ng += sw_sched_cyclic_fits(s, g);
    if (s->rep == 0 || pl->rep_lb != 0 || ng == 0)
        return SW_OK;
    sw_sched c;
    if (!sw_sched_alloc(&c, pl->n, R, pl->threes))
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    const sw_schedule_options *o = pl->o;
    double half = pl->deadline > 0 ? sw_seating_now() + (pl->deadline - sw_seating_now()) / 2 : 0;
    sw_status st = SW_OK;
    for (int g = R, left = ng; g >= 2 && s->rep > 0 && !st; g--) {
        if (!sw_sched_cyclic_fits(s, g))
            continue;
        long climit = pl->budget < 0 ? LONG_MAX : pl->budget / CYCLIC_SHARE / ng;
        double cdeadline = half > 0 ? sw_seating_now() + (half - sw_seating_now()) / left : 0;
        left--;
        sw_sched_run crun = {0, false};
        st = sw_sched_cyclic(&c, o, g, 0, climit, cdeadline, &crun, err);
        pl->out.cyclic_iterations += crun.iterations;
        if (!st && sw_sched_key_less(c.rep, c.sq, s->rep, s->sq)) {
            memcpy(s->at, c.at, (size_t)R * (size_t)pl->n * sizeof *s->at);
            sw_sched_rebuild(s);
            pl->out.cyclic = g;
        }
        if (o->stop && *o->stop)
            break;
    }
    sw_sched_free(&c);
    return st;
}

/* Stages 2a (a sixteenth of the budget; most events need no more), 1b and
 * 2b (the rest of the budget, from the best so far). */
static sw_status plan_tabu(planner *pl, sw_error *err) {
    const sw_schedule_options *o = pl->o;
    long first = pl->budget < 0 ? -1 : pl->budget / 16 + 1;
    double d1 = pl->deadline > 0 ? sw_seating_now() + (pl->deadline - sw_seating_now()) / 16 : 0;
    sw_sched_run run = {0, false};
    sw_status st = sw_sched_tabu(&pl->s, o, first, pl->rep_lb, pl->sq_lb, d1, &run, err);
    if (st || (st = plan_developed(pl, err)))
        return st;
    long used2 = run.iterations;
    run.iterations = 0;
    run.stopped = false;
    if ((pl->budget < 0 || pl->budget > used2) && !(o->stop && *o->stop))
        st = sw_sched_tabu(&pl->s, o, pl->budget < 0 ? -1 : pl->budget - used2, pl->rep_lb,
                           pl->sq_lb, pl->deadline, &run, err);
    if (st)
        return st;
    pl->out.iterations = run.iterations + used2;
    pl->out.stopped = run.stopped || (o->stop && *o->stop);
    return SW_OK;
}

/* Stage 2 and the choice after it: the tabu result is kept unless its start
 * (held in ss meanwhile) has as few repeats, tables of three as evenly
 * shared and a lower So (the tabu key's squares only stand in for So). */
static sw_status plan_repeats(planner *pl, sw_error *err) {
    sw_sched *s = &pl->s;
    sw_criteria c1, c2;
    sched_to_season(s, &pl->ss);
    sw_sched_key rep1 = s->rep, thr1 = s->sq / SW_SCHED_THR_WEIGHT;
    sw_status st = criteria_of(&pl->ss, &c1, err);
    if (st || (st = plan_tabu(pl, err)))
        return st;
    sw_season alt;
    if ((st = sw_season_copy(&alt, &pl->ss, err)))
        return st;
    sched_to_season(s, &alt);
    st = criteria_of(&alt, &c2, err);
    if (!st &&
        (s->rep < rep1 || s->sq / SW_SCHED_THR_WEIGHT < thr1 || sw_i256_cmp(c2.so, c1.so) <= 0)) {
        sched_to_season(s, &pl->ss);
        c1 = c2;
    }
    sw_season_free(&alt);
    if (st)
        return st;
    season_to_sched(&pl->ss, s);
    pl->out.So = c1.So;
    pl->out.So_bound = c1.So_bound;
    return SW_OK;
}

/* Round order, winds, then the rounds into the event and their figures. */
static sw_status plan_finish(planner *pl, sw_seating_event *ev, sw_error *err) {
    sw_sched *s = &pl->s;
    sw_status st = order_rounds(s, err);
    if (st)
        return st;
    sched_tables(s, pl->tabs);
    size_t count = (size_t)pl->R * (size_t)s->T;
    if (pl->threes > 0 || !sw_seating_exact_winds(pl->n, pl->R, s->T, pl->tabs)) {
        /* greedy round by round, then sweeps (an edge colouring is for
         * tables of four only) */
        int *winds = calloc((size_t)pl->n * SW_WINDS, sizeof *winds);
        sw_rng rng;
        sw_rng_seed(&rng, pl->o->seed, 0x3171d5ULL);
        if (winds) /* else the tables keep position order: still a valid schedule */
            sw_seating_winds_tables(winds, pl->n, pl->tabs, count, SCHEDULE_WIND_SWEEPS, &rng);
        free(winds);
    }
    for (int r = 0; r < pl->R && !st; r++)
        st = sw_seating_add_round(ev, pl->tabs + (size_t)r * s->T, s->T, err);
    sw_seating_stats stats;
    if (st || (st = sw_seating_stats_init(&stats, ev, -1, err)))
        return st;
    pl->out.repeats = stats.repeats;
    pl->out.repeat_free_rounds = stats.repeat_free_rounds;
    pl->out.sitout_spread = stats.sitout_spread;
    pl->out.threes_spread = stats.threes_spread;
    pl->out.wind_spread_max = stats.wind_spread_max;
    sw_seating_stats_free(&stats);
    return SW_OK;
}

sw_status sw_seating_schedule(sw_seating_event *ev, const sw_schedule_options *o,
                              sw_schedule_outcome *outp, sw_error *err) {
    double t0 = sw_seating_now();
    sw_status st = check_size(ev, o, err);
    if (st)
        return st;
    /* Rounds played, changes or teams: the played rounds stay, the rest is
     * re-planned around them. */
    if (ev->nrounds > 0 || ev->changed || ev->nteams > 0)
        return sw_seating_replan(ev, o, outp, err);
    /* Tables of three: as asked, or (auto) the fewest that seat everyone. */
    int n = ev->nplayers, threes = sw_seating_threes_for(o->threes, n);
    if (threes < 0)
        return sw_error_set(err, SW_ERR_INVALID, NULL, 0,
                            "%d tables of three for %d players: expected 0 to %d", o->threes, n,
                            n / 3);
    planner pl;
    memset(&pl, 0, sizeof pl);
    pl.o = o;
    pl.n = n;
    pl.R = o->rounds;
    pl.threes = threes;
    pl.t0 = t0;
    pl.deadline = o->time_limit > 0 ? t0 + o->time_limit : 0;
    pl.out.stage1_repeats = -1;
    pl.out.threes = threes;
    st = plan_start(&pl, ev, err);
    if (!st) {
        plan_construct(&pl);
        st = plan_season_search(&pl, err);
    }
    if (!st) {
        plan_floor(&pl);
        st = plan_repeats(&pl, err);
    }
    if (!st)
        st = plan_finish(&pl, ev, err);
    pl.out.seconds = sw_seating_now() - t0;
    if (!st && outp)
        *outp = pl.out;
    planner_free(&pl);
    return st;
}
