/* src/seating/replan.c: whole-event schedules of events that change: rounds
 * already played, withdrawals, late entries, substitutes, teams.
 *
 * The played rounds are fixed (like the played sessions of a bridge season)
 * and count in the history; the remaining rounds are planned together for
 * the players present after the last change (changes take effect after the
 * rounds played, so that set is the same in every remaining round). Start:
 * the rounds seated one by one with the next-round random mode (sit-outs
 * fair, teammates apart when feasible, tables of three as asked). Then a
 * local search over all remaining rounds at once: swap two players of one
 * round at different tables, or a seated player with a sit-out when the two
 * rest counts trade places (and likewise between a table of four and one of
 * three), so the sit-outs and tables of three stay exactly as fairly shared
 * as at the start. Key, lexicographic: teammates at one table, repeats
 * (history included), the sum of squared excess meetings. Moves that do not
 * make it worse are taken (a walk over plateaus); the best state is kept.
 * Winds last, round by round from the history's counts.
 * SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "seating/seating_internal.h"

#define SAMPLES_PER_ITERATION 20 /* a sampled move is far cheaper than a tabu step */
/* Sampled moves without a new best before a kick, and the moves of a kick
 * (each taken whatever it costs, as long as it is allowed). */
#define STALL_SAMPLES 20000
#define KICK_SAMPLES 40

typedef struct plan {
    int n, R, P;     /* players (event indices), rounds planned, present players */
    int fours, m;    /* tables of four; seated positions (then sit-outs up to P) */
    int *at;         /* [R*P]: player at position p of planned round r */
    int *meet;       /* [n*n]: the entries' meetings, history included */
    int *rests;      /* [n] */
    int *thr;        /* [n] */
    const int *team; /* [n] or NULL */
    long clash, rep, sq;
} plan;

static int table_of(const plan *s, int p) {
    return p < 4 * s->fours ? p / 4 : p < s->m ? s->fours + (p - 4 * s->fours) / 3 : -1;
}
static int table_start(const plan *s, int t) {
    return t < s->fours ? 4 * t : 4 * s->fours + 3 * (t - s->fours);
}
static int table_size(const plan *s, int t) {
    return t < s->fours ? 4 : 3;
}
static bool mates(const plan *s, int a, int b) {
    return s->team && s->team[a] >= 0 && s->team[a] == s->team[b];
}

/* Key change when a leaves table t (not position skip) and b joins it. */
static void table_delta(const plan *s, const int *at, int t, int skip, int a, int b, long *dc,
                        long *dr, long *dq) {
    for (int k = table_start(s, t), e = k + table_size(s, t); k < e; k++) {
        if (k == skip)
            continue;
        int x = at[k], ma = s->meet[(size_t)a * s->n + x], mb = s->meet[(size_t)b * s->n + x];
        if (ma >= 2) {
            *dr -= 1;
            *dq -= 2L * ma - 3;
        }
        if (mb >= 1) {
            *dr += 1;
            *dq += 2L * mb - 1;
        }
        *dc += mates(s, b, x) - mates(s, a, x);
    }
}

/* Whether positions p, q of one round may trade players: different tables,
 * and fairness kept (a rest or a table of three moves only between two
 * players whose counts then trade places). */
static bool allowed(const plan *s, const int *at, int p, int q) {
    int tp = table_of(s, p), tq = table_of(s, q);
    if (tp == tq)
        return false;
    int a = at[p], b = at[q];
    if (tp < 0 || tq < 0) {
        int out = tp < 0 ? a : b, in = tp < 0 ? b : a;
        return s->rests[in] + 1 == s->rests[out];
    }
    int za = table_size(s, tp), zb = table_size(s, tq);
    if (za != zb) {
        int three = za == 3 ? a : b, four = za == 3 ? b : a;
        return s->thr[four] + 1 == s->thr[three];
    }
    return true;
}

static void bump(plan *s, int a, const int *at, int t, int skip, int d) {
    for (int k = table_start(s, t), e = k + table_size(s, t); k < e; k++)
        if (k != skip) {
            s->meet[(size_t)a * s->n + at[k]] += d;
            s->meet[(size_t)at[k] * s->n + a] += d;
        }
}

static void apply(plan *s, int *at, int p, int q, long dc, long dr, long dq) {
    int tp = table_of(s, p), tq = table_of(s, q), a = at[p], b = at[q];
    if (tp >= 0) {
        bump(s, a, at, tp, p, -1);
        bump(s, b, at, tp, p, +1);
    }
    if (tq >= 0) {
        bump(s, b, at, tq, q, -1);
        bump(s, a, at, tq, q, +1);
    }
    if (tp < 0 || tq < 0) { /* the rest moves from one to the other */
        int out = tp < 0 ? a : b, in = tp < 0 ? b : a;
        s->rests[out]--;
        s->rests[in]++;
    } else if (table_size(s, tp) != table_size(s, tq)) {
        int three = table_size(s, tp) == 3 ? a : b, four = three == a ? b : a;
        s->thr[three]--;
        s->thr[four]++;
    }
    at[p] = b;
    at[q] = a;
    s->clash += dc;
    s->rep += dr;
    s->sq += dq;
}

static bool key_less(long c1, long r1, long q1, long c2, long r2, long q2) {
    return c1 != c2 ? c1 < c2 : r1 != r2 ? r1 < r2 : q1 < q2;
}

static double seconds_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The local search over s; s ends in the best state seen. */
static sw_status improve(plan *s, const sw_schedule_options *o, long *iterations, bool *stopped,
                         sw_error *err) {
    size_t rp = (size_t)s->R * (size_t)s->P;
    int *best = malloc(rp * sizeof *best + 1);
    if (!best)
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    memcpy(best, s->at, rp * sizeof *best);
    long bc = s->clash, br = s->rep, bq = s->sq;
    long budget = (o->iterations > 0 ? o->iterations : o->time_limit > 0 ? -1 : 50000L);
    long samples = budget < 0 ? -1 : budget * SAMPLES_PER_ITERATION;
    double deadline = o->time_limit > 0 ? seconds_now() + o->time_limit : 0;
    sw_rng rng;
    sw_rng_seed(&rng, o->seed, 0x7265706c616eULL);
    long k = 0, since_best = 0;
    *stopped = false;
    for (; (samples < 0 || k < samples) && (bc > 0 || br > 0) && s->m > 0; k++) {
        if ((k & 1023) == 0 &&
            ((o->stop && *o->stop) || (deadline > 0 && seconds_now() > deadline))) {
            *stopped = true;
            break;
        }
        int r = (int)sw_rng_bounded(&rng, (uint32_t)s->R);
        int *at = s->at + (size_t)r * s->P;
        int p = (int)sw_rng_bounded(&rng, (uint32_t)s->m);
        int q = (int)sw_rng_bounded(&rng, (uint32_t)s->P);
        if (!allowed(s, at, p, q))
            continue;
        long dc = 0, dr = 0, dq = 0;
        int tp = table_of(s, p), tq = table_of(s, q);
        table_delta(s, at, tp, p, at[p], at[q], &dc, &dr, &dq);
        if (tq >= 0)
            table_delta(s, at, tq, q, at[q], at[p], &dc, &dr, &dq);
        /* Worse moves only as a kick, after a long walk without a new best. */
        bool kick = ++since_best > STALL_SAMPLES;
        if (kick)
            since_best = STALL_SAMPLES - KICK_SAMPLES;
        if (!kick && key_less(0, 0, 0, dc, dr, dq))
            continue;
        apply(s, at, p, q, dc, dr, dq);
        if (key_less(s->clash, s->rep, s->sq, bc, br, bq)) {
            bc = s->clash, br = s->rep, bq = s->sq;
            memcpy(best, s->at, rp * sizeof *best);
            since_best = 0;
            if (o->progress)
                o->progress(o->progress_ctx, k / SAMPLES_PER_ITERATION, br);
        }
    }
    memcpy(s->at, best, rp * sizeof *best);
    s->clash = bc, s->rep = br, s->sq = bq;
    *iterations = k / SAMPLES_PER_ITERATION;
    free(best);
    return SW_OK;
}

/* The key of s from its meetings: pairs of present players only (the
 * others cannot change). */
static void plan_key(plan *s, const bool *here) {
    s->clash = s->rep = s->sq = 0;
    for (int i = 0; i < s->n; i++)
        for (int j = i + 1; j < s->n && here[i]; j++) {
            if (!here[j])
                continue;
            long m = s->meet[(size_t)i * s->n + j];
            s->rep += m > 1 ? m - 1 : 0;
            s->sq += m > 1 ? (m - 1) * (m - 1) : 0;
        }
    for (int r = 0; r < s->R; r++) {
        const int *at = s->at + (size_t)r * s->P;
        for (int p = 0; p < s->m; p++)
            for (int q = p + 1; q < s->m; q++)
                s->clash += table_of(s, p) == table_of(s, q) && mates(s, at[p], at[q]);
    }
}

sw_status sw_seating_replan(sw_seating_event *ev, const sw_schedule_options *o,
                            sw_schedule_outcome *outp, sw_error *err) {
    double t0 = seconds_now();
    int played = ev->nrounds, R = o->rounds - played, n = ev->nplayers;
    if (R < 1)
        return sw_error_set(err, SW_ERR_INVALID, NULL, 0,
                            "%d rounds in all, but the event has played %d: expected --rounds "
                            "above %d (it counts the rounds played)",
                            o->rounds, played, played);
    if (o->rounds > SW_SEATING_MAX_ROUNDS)
        return sw_error_set(err, SW_ERR_LIMIT, NULL, 0, "%d rounds: at most %d", o->rounds,
                            SW_SEATING_MAX_ROUNDS);
    /* The start: round by round, the random mode. */
    sw_seating_options so;
    sw_seating_options_default(&so);
    so.mode = SW_SEATING_RANDOM;
    so.threes = o->threes;
    so.tries = 20;
    so.exact_nodes = 20000;
    so.stop = o->stop;
    sw_status st = SW_OK;
    for (int r = 0; r < R && !st; r++) {
        so.seed = o->seed + (uint64_t)r;
        st = sw_seating_next_round(ev, &so, NULL, err);
    }
    if (st)
        return st;
    /* The plan state over the new rounds. */
    plan s = {0};
    s.n = n;
    s.R = R;
    bool *here = calloc((size_t)n + 1, sizeof *here);
    int *team = ev->nteams ? malloc((size_t)n * sizeof *team) : NULL;
    sw_seating_stats stats = {0};
    if (!here || (ev->nteams && !team)) {
        st = sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
        goto done;
    }
    for (int i = 0; i < n; i++) {
        here[i] = sw_seating_present(&ev->players[i], played);
        s.P += here[i];
        if (team)
            team[i] = ev->players[i].team;
    }
    s.team = team;
    const sw_seating_round *first = &ev->rounds[played];
    int threes = 0;
    for (int t = 0; t < first->ntables; t++)
        threes += sw_seating_table_size(&first->tables[t]) == 3;
    s.fours = first->ntables - threes;
    s.m = 4 * s.fours + 3 * threes;
    s.at = malloc((size_t)R * (size_t)s.P * sizeof *s.at + 1);
    if (!s.at) {
        st = sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
        goto done;
    }
    for (int r = 0; r < R; r++) {
        const sw_seating_round *rd = &ev->rounds[played + r];
        int *at = s.at + (size_t)r * s.P, k = 0, k3 = 4 * s.fours, ko = s.m;
        bool *seated = calloc((size_t)n + 1, sizeof *seated);
        if (!seated) {
            st = sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
            goto done;
        }
        for (int t = 0; t < rd->ntables; t++) {
            int z = sw_seating_table_size(&rd->tables[t]);
            for (int w = 0; w < z; w++) {
                int p = rd->tables[t].seat[w];
                seated[p] = true;
                if (z == 4)
                    at[k++] = p;
                else
                    at[k3++] = p;
            }
        }
        for (int i = 0; i < n; i++)
            if (here[i] && !seated[i])
                at[ko++] = i;
        free(seated);
    }
    /* Meetings, rests and tables of three of the entries, all rounds. */
    if ((st = sw_seating_stats_init(&stats, ev, -1, err)))
        goto done;
    sw_seating_merge_entries(ev, &stats);
    s.meet = stats.meetings;
    s.rests = stats.sitouts;
    s.thr = stats.threes;
    plan_key(&s, here);
    sw_schedule_outcome out;
    memset(&out, 0, sizeof out);
    out.stage1_repeats = -1;
    out.threes = threes;
    if ((st = improve(&s, o, &out.iterations, &out.stopped, err)))
        goto done;
    /* Back into the event, then winds from the history's counts. */
    sw_seating_stats hist;
    if ((st = sw_seating_stats_init(&hist, ev, played, err)))
        goto done;
    sw_seating_merge_entries(ev, &hist);
    sw_rng rng;
    sw_rng_seed(&rng, o->seed, 0x77696e6473ULL);
    for (int r = 0; r < R; r++) {
        sw_seating_round *rd = &ev->rounds[played + r];
        const int *at = s.at + (size_t)r * s.P;
        for (int t = 0; t < rd->ntables; t++) {
            sw_seating_table *tb = &rd->tables[t];
            int f = table_start(&s, t), z = table_size(&s, t);
            for (int w = 0; w < SW_WINDS; w++)
                tb->seat[w] = w < z ? at[f + w] : SW_SEAT_EMPTY;
            sw_seating_assign_winds(hist.winds, tb, &rng);
        }
    }
    sw_seating_stats_free(&hist);
    sw_seating_stats fin;
    if ((st = sw_seating_stats_init(&fin, ev, -1, err)))
        goto done;
    out.repeats = fin.repeats;
    out.repeat_free_rounds = fin.repeat_free_rounds;
    out.sitout_spread = fin.sitout_spread;
    out.threes_spread = fin.threes_spread;
    out.wind_spread_max = fin.wind_spread_max;
    sw_seating_stats_free(&fin);
    out.replanned = R;
    out.clashes = s.clash;
    out.seconds = seconds_now() - t0;
    if (outp)
        *outp = out;
done:
    sw_seating_stats_free(&stats);
    free(s.at);
    free(here);
    free(team);
    return st;
}
