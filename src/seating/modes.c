/* src/seating/modes.c: the next-round modes and sit-outs (winds: winds.c).
 * Only the players present in the round take part. Every mode first fixes
 * who sits out (the fewest the tables leave over, taken from those who sat
 * out least), then forms the tables (teammates apart when that can be
 * done), then gives winds. A substitute continues the entry of the player
 * replaced: the history counts the two as one (merge_entries).
 * SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "seating/seating_internal.h"

static const char *const mode_names[] = {"random", "swiss", "swiss-first", "interval",
                                         "predefined"};

const char *sw_seating_mode_name(sw_seating_mode mode) {
    return (unsigned)mode < sizeof mode_names / sizeof mode_names[0] ? mode_names[mode] : "?";
}

int sw_seating_mode_parse(const char *name) {
    for (size_t i = 0; i < sizeof mode_names / sizeof mode_names[0]; i++)
        if (!strcmp(name, mode_names[i]))
            return (int)i;
    return -1;
}

int sw_seating_threes_for(int threes, int n) {
    if (threes == SW_SEATING_THREES_AUTO) {
        threes = 0;
        while (threes < 4 && ((n - 3 * threes) % 4 != 0 || 3 * threes > n))
            threes++;
        if (threes == 4)
            threes = 0; /* 5 players: one table of four, one sits out */
    }
    return threes < 0 || 3 * threes > n ? -1 : threes;
}

void sw_seating_options_default(sw_seating_options *opt) {
    memset(opt, 0, sizeof *opt);
    opt->mode = SW_SEATING_RANDOM;
    opt->interval = 1;
    opt->seed = 1;
    opt->tries = 500;
    opt->exact_nodes = 200000;
}

/* ---- sit-outs ---- */

void sw_seating_choose_sitouts(int n, const int *sitouts, const int *preference, int k, int *out) {
    for (int c = 0; c < k; c++) {
        int best = -1;
        for (int i = 0; i < n; i++) {
            bool taken = false;
            for (int j = 0; j < c; j++)
                taken |= out[j] == i;
            if (taken)
                continue;
            if (best < 0 || sitouts[i] < sitouts[best] ||
                (sitouts[i] == sitouts[best] && preference[i] < preference[best]))
                best = i;
        }
        out[c] = best;
    }
}

/* ---- the round ---- */

typedef struct ranked {
    int64_t points;
    int order, idx;
} ranked;

static int cmp_ranked(const void *a, const void *b) {
    const ranked *x = a, *y = b;
    if (x->points != y->points)
        return x->points > y->points ? -1 : 1;
    return (x->order > y->order) - (x->order < y->order);
}

/* rank[p]: 0 for the leader among the present players (absent ones get n);
 * points, then the order of the standing lines. */
static sw_status make_ranks(const sw_seating_event *ev, const bool *here, const char *mode,
                            int *rank, sw_error *err) {
    int n = ev->nplayers, k = 0;
    for (int i = 0; i < n; i++)
        if (here[i] && !ev->players[i].has_standing)
            return sw_error_set(err, SW_ERR_INVALID, ev->nfiles ? ev->files[0] : NULL, 0,
                                "player %d (%s) has no standing: the %s mode ranks every player, "
                                "expected a 'standing %d POINTS' line",
                                ev->players[i].id, ev->players[i].name, mode, ev->players[i].id);
    ranked *r = malloc((size_t)n * sizeof *r + 1);
    if (!r)
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    for (int i = 0; i < n; i++) {
        rank[i] = n;
        if (here[i])
            r[k++] = (ranked){ev->players[i].points, ev->players[i].standing_order, i};
    }
    qsort(r, (size_t)k, sizeof *r, cmp_ranked);
    for (int i = 0; i < k; i++)
        rank[r[i].idx] = i;
    free(r);
    return SW_OK;
}

typedef struct round_work {
    int n, tables, fours, m;
    int *rank; /* NULL outside the ranking modes */
    int *pref;
    int *out;   /* the k sit-outs */
    bool *sits; /* n: sits out */
    bool *here; /* n: present in the round */
    bool *swappable;
    int *pool;             /* n */
    int *seats;            /* n */
    int *start;            /* n: a seating without teammates together (teams only) */
    int *team;             /* n: team index or -1; NULL without teams */
    sw_seating_table *tab; /* n / 3 + 1 */
    int ntab;              /* tables in tab */
} round_work;

static void work_free(round_work *w) {
    free(w->rank), free(w->pref), free(w->out), free(w->sits), free(w->here);
    free(w->swappable), free(w->pool), free(w->seats), free(w->start), free(w->team);
    free(w->tab);
}

static int by_rank_of(const int *rank, int a, int b) {
    return rank[a] - rank[b];
}

/* Sort players (or tables by their best rank) with insertion sort: the
 * inputs are small and mostly ordered. */
static void sort_by_rank(int *a, int n, const int *rank) {
    for (int i = 1; i < n; i++) {
        int v = a[i], j = i;
        while (j > 0 && by_rank_of(rank, a[j - 1], v) > 0) {
            a[j] = a[j - 1];
            j--;
        }
        a[j] = v;
    }
}

static int table_top(const sw_seating_table *t, const int *rank) {
    int top = rank[t->seat[0]];
    for (int s = 1; s < sw_seating_table_size(t); s++)
        top = rank[t->seat[s]] < top ? rank[t->seat[s]] : top;
    return top;
}

/* Tables of four by their best rank, then the tables of three the same way. */
static void sort_tables(sw_seating_table *t, int n, const int *rank) {
    for (int i = 1; i < n; i++) {
        sw_seating_table v = t[i];
        int j = i;
        while (j > 0 && (sw_seating_table_size(&t[j - 1]) < sw_seating_table_size(&v) ||
                         (sw_seating_table_size(&t[j - 1]) == sw_seating_table_size(&v) &&
                          table_top(&t[j - 1], rank) > table_top(&v, rank)))) {
            t[j] = t[j - 1];
            j--;
        }
        t[j] = v;
    }
}

/* The script id of the entry player p belongs to: a substitute plays under
 * the id of the player replaced. */
static int entry_script_id(const sw_seating_event *ev, int p) {
    for (int guard = 0; ev->players[p].continues >= 0 && guard < ev->nplayers; guard++)
        p = ev->players[p].continues;
    return ev->players[p].script_id;
}

static sw_status check_mode(const sw_seating_event *ev, const sw_seating_options *opt,
                            sw_error *err) {
    if (ev->nplayers < SW_WINDS)
        return sw_error_set(err, SW_ERR_INVALID, NULL, 0, "%d players: expected at least 4",
                            ev->nplayers);
    if (ev->nrounds >= SW_SEATING_MAX_ROUNDS)
        return sw_error_set(err, SW_ERR_LIMIT, NULL, 0, "already %d rounds", ev->nrounds);
    bool ranking = opt->mode == SW_SEATING_SWISS || opt->mode == SW_SEATING_SWISS_FIRST ||
                   opt->mode == SW_SEATING_INTERVAL;
    if (ranking && ev->nrounds == 0)
        return sw_error_set(err, SW_ERR_INVALID, NULL, 0,
                            "the %s mode needs at least one played round: seat round 1 with "
                            "random (or a script)",
                            sw_seating_mode_name(opt->mode));
    if (opt->mode == SW_SEATING_INTERVAL && opt->interval < 1)
        return sw_error_set(err, SW_ERR_INVALID, NULL, 0, "interval %d: expected 1 or more",
                            opt->interval);
    if (opt->mode == SW_SEATING_PREDEFINED && ev->nrounds >= ev->nscript)
        return sw_error_set(err, SW_ERR_INVALID, NULL, 0,
                            "the script has %d rounds: round %d is not scripted", ev->nscript,
                            ev->nrounds + 1);
    if (opt->mode == SW_SEATING_PREDEFINED) {
        /* sw_seating_event_check guarantees a bijection; recheck it here so
         * an unchecked event cannot index outside the mapping. Substitutes
         * play under the entry's id. */
        bool *used = calloc((size_t)ev->nplayers + 1, sizeof *used);
        bool ok = used != NULL;
        for (int i = 0; ok && i < ev->nplayers; i++) {
            if (ev->players[i].continues >= 0)
                continue;
            int k = ev->players[i].script_id;
            ok = k >= 1 && k <= ev->nplayers && !used[k];
            if (ok)
                used[k] = true;
        }
        free(used);
        if (!ok)
            return sw_error_set(err, SW_ERR_INVALID, NULL, 0,
                                "script ids do not map 1..%d to the players one to one",
                                ev->nplayers);
    }
    if ((unsigned)opt->mode > SW_SEATING_PREDEFINED)
        return sw_error_set(err, SW_ERR_INVALID, NULL, 0, "unknown seating mode %d",
                            (int)opt->mode);
    return SW_OK;
}

/* Interval over the tables of four (groups of K tables take 4K ranks: table
 * o of a group gets ranks o, o+K, o+2K, o+3K of it; tables left over take
 * the next ranks four at a time); the tables of three take the bottom ranks
 * three at a time. */
static void layout_interval(round_work *w, int K) {
    int m4 = 4 * w->fours, rest = w->fours % K, with = m4 - 4 * rest, t = 0;
    for (int base = 0; base < with; base += 4 * K)
        for (int o = 0; o < K; o++, t++)
            for (int j = 0; j < SW_WINDS; j++)
                w->seats[4 * t + j] = w->pool[base + o + K * j];
    for (int i = with; i < w->m; i++)
        w->seats[i] = w->pool[i];
}

/* Who sits out, and in random mode who may still swap with a seated player:
 * everyone present whose sit-out count equals the highest count among those
 * chosen is as entitled to the rest as the chosen ones. */
static void plan_sitouts(const sw_seating_stats *st, round_work *w, int k, bool random) {
    /* Only the present players can sit out: choose among them. */
    int c = 0, *idx = w->seats, *so = w->start, *pf = w->pool;
    for (int i = 0; i < w->n; i++)
        if (w->here[i]) {
            idx[c] = i;
            so[c] = st->sitouts[i];
            pf[c++] = w->pref[i];
        }
    sw_seating_choose_sitouts(c, so, pf, k, w->out);
    int level = -1;
    for (int j = 0; j < k; j++) {
        w->out[j] = idx[w->out[j]];
        w->sits[w->out[j]] = true;
        level = st->sitouts[w->out[j]] > level ? st->sitouts[w->out[j]] : level;
    }
    for (int i = 0; i < w->n; i++)
        w->swappable[i] = random && k > 0 && w->here[i] && st->sitouts[i] == level;
}

/* Teammates apart is feasible when no team has more seated players than
 * there are tables (sw_seat_deal_teams shows how); else the largest team. */
static bool teams_feasible(const round_work *w, int *big) {
    int n = w->n, most = 0;
    *big = -1;
    int *count = calloc((size_t)n + 1, sizeof *count);
    if (!count)
        return false;
    for (int i = 0; i < w->m; i++) {
        int t = w->team[w->pool[i]];
        if (t >= 0 && ++count[t] > most) {
            most = count[t];
            *big = t;
        }
    }
    free(count);
    return most <= w->tables;
}

static void seats_to_tables(const sw_seat_problem *pb, const int *seats, sw_seating_table *tab) {
    for (int t = 0; t < pb->tables; t++) {
        int f = sw_seat_table_start(pb, t), z = sw_seat_table_size(pb, t);
        for (int k = 0; k < SW_WINDS; k++)
            tab[t].seat[k] = k < z ? seats[f + k] : SW_SEAT_EMPTY;
    }
}

static sw_status seat_round(const sw_seating_options *opt, const sw_seating_stats *st,
                            round_work *w, sw_seating_outcome *out, sw_error *err) {
    int n = w->n;
    /* The pool: seated players first (by rank in the ranking modes), then
     * the sit-outs that the search may still trade. */
    int P = 0, nfree = 0;
    for (int i = 0; i < n; i++)
        if (w->here[i] && !w->sits[i])
            w->pool[P++] = i;
    if (w->rank)
        sort_by_rank(w->pool, P, w->rank);
    for (int i = 0; i < n; i++)
        if (w->here[i] && w->sits[i] && w->swappable[i])
            w->pool[P + nfree++] = i;
    sw_seat_problem pb = {n,       st->meetings, w->rank,
                          w->m,    w->tables,    w->pool,
                          nfree,   w->swappable, w->fours,
                          w->team, false,        w->tables > w->fours ? st->threes : NULL};
    out->teams_feasible = true;
    out->big_team = -1;
    if (w->team) {
        out->teams_feasible = teams_feasible(w, &out->big_team);
        pb.hard_teams = out->teams_feasible;
        if (pb.hard_teams) {
            sw_seat_deal_teams(&pb, w->start);
            memcpy(w->start + w->m, w->pool + w->m, (size_t)nfree * sizeof *w->start);
        }
    }
    switch (opt->mode) {
    case SW_SEATING_RANDOM:
    case SW_SEATING_SWISS: {
        sw_status s = sw_seat_search(&pb, opt, pb.hard_teams ? w->start : NULL, w->seats, out, err);
        if (s)
            return s;
        break;
    }
    case SW_SEATING_SWISS_FIRST:
        sw_seat_greedy_swiss(&pb, w->seats);
        out->tries = 1;
        break;
    case SW_SEATING_INTERVAL:
        layout_interval(w, opt->interval);
        out->tries = 1;
        break;
    case SW_SEATING_PREDEFINED:
        break; /* seat_script */
    }
    /* The fixed layouts keep teammates apart by the fewest swaps. */
    if (w->team && (opt->mode == SW_SEATING_SWISS_FIRST || opt->mode == SW_SEATING_INTERVAL)) {
        sw_seat_repair_teams(&pb, w->seats);
        /* Swaps that stall short of it fall back on the dealt seating: the
         * rule is hard wherever it can be kept. */
        if (pb.hard_teams && sw_seat_cost_of(&pb, w->seats).clashes > 0)
            memcpy(w->seats, w->start, (size_t)w->m * sizeof *w->seats);
    }
    seats_to_tables(&pb, w->seats, w->tab);
    w->ntab = w->tables;
    /* Random mode may have traded who sits out: not seated means out. */
    if (w->rank)
        sort_tables(w->tab, w->tables, w->rank);
    sw_seat_cost c = sw_seat_cost_of(&pb, w->seats);
    out->repeat_pairs = c.pairs;
    out->crossings = c.crossings;
    out->spread = w->rank ? c.spread : 0;
    out->clashes = (int)c.clashes;
    out->sitouts = P + nfree - w->m;
    out->threes = w->tables - w->fours;
    return SW_OK;
}

/* Predefined: the script's tables whose players are all present stay as
 * written; the players of the other tables, and present players the round
 * does not seat (late entries), are seated by the random mode's search with
 * opt->threes. */
static sw_status seat_script(const sw_seating_event *ev, const sw_seating_options *opt,
                             const sw_seating_stats *st, round_work *w, sw_seating_outcome *out,
                             sw_error *err) {
    int n = ev->nplayers, *player_of = w->seats; /* script id - 1 -> present player */
    for (int i = 0; i < n; i++)
        player_of[i] = -1;
    for (int i = 0; i < n; i++)
        if (w->here[i]) {
            int k = entry_script_id(ev, i);
            if (k >= 1 && k <= n)
                player_of[k - 1] = i;
        }
    const sw_seating_round *r = &ev->script[ev->nrounds];
    sw_seating_table *keep = malloc(((size_t)r->ntables + 1) * sizeof *keep);
    if (!keep)
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    bool *done = w->sits; /* reused: seated by the script */
    memset(done, 0, (size_t)n * sizeof *done);
    int kept = 0;
    for (int t = 0; t < r->ntables; t++) {
        sw_seating_table tb;
        bool whole = true;
        for (int s = 0; s < SW_WINDS; s++) {
            int id = r->tables[t].seat[s];
            tb.seat[s] = id >= 1 && id <= n ? player_of[id - 1] : -1;
            whole &= tb.seat[s] >= 0;
        }
        if (!whole)
            continue;
        for (int s = 0; s < SW_WINDS; s++)
            done[tb.seat[s]] = true;
        keep[kept++] = tb;
    }
    /* The rest: the random mode among the players left; done (w->sits) is
     * cleared on the way for the sit-outs of that mode. */
    int left = 0;
    for (int i = 0; i < n; i++) {
        w->here[i] &= !done[i];
        left += w->here[i];
        done[i] = false;
    }
    int threes = sw_seating_threes_for(opt->threes, left);
    if (threes < 0)
        threes = 0;
    w->fours = (left - 3 * threes) / 4;
    w->tables = w->fours + threes;
    w->m = 4 * w->fours + 3 * threes;
    sw_seating_outcome sub = {0};
    if (w->tables > 0) {
        plan_sitouts(st, w, left - w->m, true);
        sw_seating_options o = *opt;
        o.mode = SW_SEATING_RANDOM;
        sw_status s = seat_round(&o, st, w, &sub, err);
        if (s) {
            free(keep);
            return s;
        }
    } else {
        sub.sitouts = left;
        sub.teams_feasible = true;
        w->ntab = 0;
    }
    memmove(w->tab + kept, w->tab, (size_t)w->ntab * sizeof *w->tab);
    memcpy(w->tab, keep, (size_t)kept * sizeof *w->tab);
    w->ntab += kept;
    free(keep);
    *out = sub;
    out->tries = 1;
    return SW_OK;
}

/* In player order, so a chain of substitutes adds up. */
void sw_seating_merge_entries(const sw_seating_event *ev, sw_seating_stats *st) {
    int n = st->n;
    for (int p = 0; p < n; p++) {
        int q = ev->players[p].continues;
        if (q < 0)
            continue;
        for (int x = 0; x < n; x++)
            if (x != p) {
                st->meetings[(size_t)p * n + x] += st->meetings[(size_t)q * n + x];
                st->meetings[(size_t)x * n + p] = st->meetings[(size_t)p * n + x];
            }
        for (int k = 0; k < SW_WINDS; k++)
            st->winds[p * SW_WINDS + k] += st->winds[q * SW_WINDS + k];
        st->sitouts[p] += st->sitouts[q];
        st->threes[p] += st->threes[q];
    }
}

sw_status sw_seating_next_round(sw_seating_event *ev, const sw_seating_options *opt,
                                sw_seating_outcome *outp, sw_error *err) {
    sw_status st = check_mode(ev, opt, err);
    if (st)
        return st;
    sw_seating_stats stats;
    if ((st = sw_seating_stats_init(&stats, ev, -1, err)))
        return st;
    sw_seating_merge_entries(ev, &stats);
    int n = ev->nplayers, present = 0;
    round_work w = {0};
    w.n = n;
    bool ranking = opt->mode == SW_SEATING_SWISS || opt->mode == SW_SEATING_SWISS_FIRST ||
                   opt->mode == SW_SEATING_INTERVAL;
    bool teams = ev->nteams > 0;
    w.pref = malloc((size_t)n * sizeof *w.pref);
    w.out = malloc((size_t)n * sizeof *w.out);
    w.sits = calloc((size_t)n, sizeof *w.sits);
    w.here = calloc((size_t)n, sizeof *w.here);
    w.swappable = calloc((size_t)n, sizeof *w.swappable);
    w.pool = malloc((size_t)n * sizeof *w.pool);
    w.seats = malloc((size_t)n * sizeof *w.seats);
    w.start = malloc((size_t)n * sizeof *w.start);
    w.tab = calloc((size_t)n / 3 + 1, sizeof *w.tab);
    if (ranking)
        w.rank = malloc((size_t)n * sizeof *w.rank);
    if (teams)
        w.team = malloc((size_t)n * sizeof *w.team);
    sw_seating_outcome out = {0};
    if (!w.pref || !w.out || !w.sits || !w.here || !w.swappable || !w.pool || !w.seats ||
        !w.start || !w.tab || (ranking && !w.rank) || (teams && !w.team)) {
        st = sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
        goto done;
    }
    for (int i = 0; i < n; i++) {
        w.here[i] = sw_seating_present(&ev->players[i], ev->nrounds);
        present += w.here[i];
        if (teams)
            w.team[i] = ev->players[i].team;
    }
    int threes = sw_seating_threes_for(opt->threes, present);
    if (threes < 0) {
        st = sw_error_set(err, SW_ERR_INVALID, NULL, 0,
                          "%d tables of three for %d players present: expected 0 to %d",
                          opt->threes, present, present / 3);
        goto done;
    }
    w.fours = (present - 3 * threes) / 4;
    w.tables = w.fours + threes;
    w.m = 4 * w.fours + 3 * threes;
    if (opt->mode != SW_SEATING_PREDEFINED && w.tables == 0) {
        st = sw_error_set(err, SW_ERR_INVALID, NULL, 0,
                          "%d players present in round %d: expected at least 4 (or 3 with "
                          "tables of three)",
                          present, ev->nrounds + 1);
        goto done;
    }
    if (ranking && (st = make_ranks(ev, w.here, sw_seating_mode_name(opt->mode), w.rank, err)))
        goto done;
    sw_rng rng;
    /* A stream of its own per round, so the winds do not shift with tries. */
    sw_rng_seed(&rng, opt->seed, UINT64_C(0x5345415457495345) + (uint64_t)ev->nrounds);
    for (int i = 0; i < n; i++)
        w.pref[i] = ranking ? n - 1 - w.rank[i] : i;
    if (!ranking) /* random mode: ties among equally rested players by lot */
        sw_rng_shuffle(&rng, w.pref, n);
    if (opt->mode == SW_SEATING_PREDEFINED) {
        st = seat_script(ev, opt, &stats, &w, &out, err);
    } else {
        plan_sitouts(&stats, &w, present - w.m, opt->mode == SW_SEATING_RANDOM);
        st = seat_round(opt, &stats, &w, &out, err);
    }
    if (st)
        goto done;
    /* The figures of the whole round (a script's kept tables included). */
    out.repeat_pairs = out.crossings = 0;
    out.clashes = 0;
    for (int t = 0; t < w.ntab; t++) {
        const int *seat = w.tab[t].seat;
        int z = sw_seating_table_size(&w.tab[t]);
        for (int a = 0; a < z; a++)
            for (int b = a + 1; b < z; b++) {
                int met = stats.meetings[(size_t)seat[a] * (size_t)n + (size_t)seat[b]];
                out.crossings += met;
                out.repeat_pairs += met > 0;
                out.clashes += teams && w.team[seat[a]] >= 0 && w.team[seat[a]] == w.team[seat[b]];
            }
    }
    sw_seating_winds_tables(stats.winds, n, w.tab, (size_t)w.ntab, 0, &rng);
    st = sw_seating_add_round(ev, w.tab, w.ntab, err);
    if (!st && outp)
        *outp = out;
done:
    work_free(&w);
    sw_seating_stats_free(&stats);
    return st;
}
