/* src/seating/replan.c: whole-event schedules of events that change: rounds
 * already played, withdrawals, late entries, substitutes, teams.
 *
 * The played rounds are fixed (like the played sessions of a bridge season)
 * and count in the history; the remaining rounds are planned together for
 * the players present after the last change (changes take effect after the
 * rounds played, so that set is the same in every remaining round). Start:
 * the rounds seated one by one with the next-round random mode (sit-outs
 * fair, teammates apart when feasible, tables of three as asked). Then the
 * schedule's tabu search (sw_schedule_tabu, schedule_tabu.c) over all the
 * remaining rounds at once, on the present players, starting from the
 * history's meetings, rests and tables of three: it swaps two players of
 * one round at different tables, or a seated player with a sit-out when
 * their rest counts trade places, so sit-outs stay exactly as fair as at
 * the start. Key, lexicographic:
 * teammates at one table, repeats (history included), then how evenly the
 * tables of three are shared and the squared excess meetings. Winds last,
 * round by round from the history's counts.
 * SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "seating/seating_internal.h"

/* The compact state of the planned rounds: present players 0..P-1. */
typedef struct plan {
    int P, fours, threes;
    int *idx;   /* [P]: event index of compact player c */
    int *cidx;  /* [n]: compact index, or -1 when absent */
    int *at;    /* [R*P] */
    int *meet;  /* [P*P]: history meetings of the entries */
    int *rests; /* [P] */
    int *thr;   /* [P] */
    int *team;  /* [P] or NULL */
} plan;

static void plan_free(plan *s) {
    free(s->idx), free(s->cidx), free(s->at), free(s->meet), free(s->rests), free(s->thr);
    free(s->team);
}

/* Fill s from the event: the present players, the history (rounds before
 * `played`, a substitute counting the entry's), and the R rounds after it in
 * the schedule's layout. */
static sw_status plan_init(plan *s, const sw_seating_event *ev, int played, int R, sw_error *err) {
    int n = ev->nplayers;
    memset(s, 0, sizeof *s);
    s->idx = malloc((size_t)n * sizeof *s->idx);
    s->cidx = malloc((size_t)n * sizeof *s->cidx);
    bool *seated = calloc((size_t)n, sizeof *seated);
    if (!s->idx || !s->cidx || !seated) {
        free(seated);
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    }
    for (int i = 0; i < n; i++) {
        s->cidx[i] = sw_seating_present(&ev->players[i], played) ? s->P : -1;
        if (s->cidx[i] >= 0)
            s->idx[s->P++] = i;
    }
    const sw_seating_round *first = &ev->rounds[played];
    for (int t = 0; t < first->ntables; t++)
        s->threes += sw_seating_table_size(&first->tables[t]) == 3;
    s->fours = first->ntables - s->threes;
    int P = s->P, m = 4 * s->fours + 3 * s->threes;
    s->at = malloc((size_t)R * (size_t)P * sizeof *s->at + 1);
    s->meet = malloc((size_t)P * (size_t)P * sizeof *s->meet + 1);
    s->rests = malloc((size_t)P * sizeof *s->rests + 1);
    s->thr = malloc((size_t)P * sizeof *s->thr + 1);
    s->team = ev->nteams ? malloc((size_t)P * sizeof *s->team) : NULL;
    sw_seating_stats hist;
    sw_status st = !s->at || !s->meet || !s->rests || !s->thr || (ev->nteams && !s->team)
                       ? sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory")
                       : sw_seating_stats_init(&hist, ev, played, err);
    if (st) {
        free(seated);
        return st;
    }
    sw_seating_merge_entries(ev, &hist);
    for (int a = 0; a < P; a++) {
        for (int b = 0; b < P; b++)
            s->meet[(size_t)a * P + b] = hist.meetings[(size_t)s->idx[a] * n + s->idx[b]];
        s->rests[a] = hist.sitouts[s->idx[a]];
        s->thr[a] = hist.threes[s->idx[a]];
        if (s->team)
            s->team[a] = ev->players[s->idx[a]].team;
    }
    sw_seating_stats_free(&hist);
    for (int r = 0; r < R; r++) {
        const sw_seating_round *rd = &ev->rounds[played + r];
        int *at = s->at + (size_t)r * P, k4 = 0, k3 = 4 * s->fours, ko = m;
        memset(seated, 0, (size_t)n * sizeof *seated);
        for (int t = 0; t < rd->ntables; t++) {
            int z = sw_seating_table_size(&rd->tables[t]);
            for (int w = 0; w < z; w++) {
                int p = rd->tables[t].seat[w];
                seated[p] = true;
                at[z == 4 ? k4++ : k3++] = s->cidx[p];
            }
        }
        for (int c = 0; c < P; c++)
            if (!seated[s->idx[c]])
                at[ko++] = c;
    }
    free(seated);
    return SW_OK;
}

sw_status sw_seating_replan(sw_seating_event *ev, const sw_schedule_options *o,
                            sw_schedule_outcome *outp, sw_error *err) {
    double t0 = sw_seating_now();
    int played = ev->nrounds, R = o->rounds - played;
    if (R < 1)
        return sw_error_set(err, SW_ERR_INVALID, NULL, 0,
                            "%d rounds in all, but the event has played %d: expected a total "
                            "of rounds above %d (the total counts the rounds played)",
                            o->rounds, played, played);
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
    plan s;
    sw_schedule_outcome out;
    memset(&out, 0, sizeof out);
    out.stage1_repeats = -1;
    if ((st = plan_init(&s, ev, played, R, err)))
        goto done;
    out.threes = s.threes;
    if ((st = sw_schedule_tabu(s.P, R, s.threes, s.at, s.meet, s.rests, s.thr, s.team, o,
                               &out.iterations, &out.stopped, err)))
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
            int f = sw_round_table_start(s.fours, t), z = sw_round_table_size(s.fours, t);
            for (int w = 0; w < SW_WINDS; w++)
                tb->seat[w] = w < z ? s.idx[at[f + w]] : SW_SEAT_EMPTY;
        }
        sw_seating_winds_tables(hist.winds, ev->nplayers, rd->tables, (size_t)rd->ntables, 0, &rng);
    }
    sw_seating_stats_free(&hist);
    sw_seating_stats fin, before;
    if ((st = sw_seating_stats_init(&fin, ev, -1, err)))
        goto done;
    if ((st = sw_seating_stats_init(&before, ev, played, err))) {
        sw_seating_stats_free(&fin);
        goto done;
    }
    out.repeats = fin.repeats;
    out.repeat_free_rounds = fin.repeat_free_rounds;
    out.sitout_spread = fin.sitout_spread;
    out.threes_spread = fin.threes_spread;
    out.wind_spread_max = fin.wind_spread_max;
    out.clashes = fin.team_clashes - before.team_clashes;
    sw_seating_stats_free(&fin);
    sw_seating_stats_free(&before);
    out.replanned = R;
    out.seconds = sw_seating_now() - t0;
    if (outp)
        *outp = out;
done:
    plan_free(&s);
    return st;
}
