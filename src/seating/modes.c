/* src/seating/modes.c: the next-round modes, seat winds and sit-outs.
 * Every mode first fixes who sits out (the fewest possible, N mod 4, taken
 * from those who sat out least), then forms the tables, then gives winds.
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

void sw_seating_options_default(sw_seating_options *opt) {
    memset(opt, 0, sizeof *opt);
    opt->mode = SW_SEATING_RANDOM;
    opt->interval = 1;
    opt->seed = 1;
    opt->tries = 500;
    opt->exact_nodes = 200000;
}

/* ---- winds ---- */

static int spread_after(const int *w, int plus) {
    int lo = w[0] + (plus == 0), hi = lo;
    for (int k = 1; k < SW_WINDS; k++) {
        int v = w[k] + (plus == k);
        lo = v < lo ? v : lo;
        hi = v > hi ? v : hi;
    }
    return hi - lo;
}

void sw_seating_assign_winds(int *winds, sw_seating_table *t, sw_rng *rng) {
    int p[SW_WINDS], best[SW_WINDS], ties = 0;
    long best_a = -1, best_b = -1;
    int size = sw_seating_table_size(t);
    memcpy(p, t->seat, sizeof p);
    /* All 24 orders of the four players: index a picks who sits East, ...
     * At a table of three N stays empty: the 6 orders with d = 3. */
    for (int a = 0; a < size; a++)
        for (int b = 0; b < size; b++)
            for (int c = 0; c < size; c++) {
                if (a == b || a == c || b == c)
                    continue;
                int d = 6 - a - b - c, who[SW_WINDS] = {p[a], p[b], p[c], p[d]};
                long sa = 0, sb = 0;
                for (int w = 0; w < size; w++) {
                    int s = spread_after(&winds[who[w] * SW_WINDS], w);
                    sa += s * s;
                    sb += winds[who[w] * SW_WINDS + w];
                }
                bool better = best_a < 0 || sa < best_a || (sa == best_a && sb < best_b);
                if (better)
                    ties = 0;
                if (better || (sa == best_a && sb == best_b)) {
                    /* Reservoir choice: each tied order equally likely. */
                    if (sw_rng_bounded(rng, (uint32_t)++ties) == 0)
                        memcpy(best, who, sizeof best);
                    best_a = sa;
                    best_b = sb;
                }
            }
    memcpy(t->seat, best, sizeof best);
    for (int w = 0; w < size; w++)
        winds[best[w] * SW_WINDS + w]++;
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

/* rank[p]: 0 for the leader; points, then the order of the standing lines. */
static sw_status make_ranks(const sw_seating_event *ev, const char *mode, int *rank,
                            sw_error *err) {
    int n = ev->nplayers;
    for (int i = 0; i < n; i++)
        if (!ev->players[i].has_standing)
            return sw_error_set(err, SW_ERR_INVALID, ev->nfiles ? ev->files[0] : NULL, 0,
                                "player %d (%s) has no standing: the %s mode ranks every player, "
                                "expected a 'standing %d POINTS' line",
                                ev->players[i].id, ev->players[i].name, mode, ev->players[i].id);
    ranked *r = malloc((size_t)n * sizeof *r);
    if (!r)
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    for (int i = 0; i < n; i++)
        r[i] = (ranked){ev->players[i].points, ev->players[i].standing_order, i};
    qsort(r, (size_t)n, sizeof *r, cmp_ranked);
    for (int i = 0; i < n; i++)
        rank[r[i].idx] = i;
    free(r);
    return SW_OK;
}

typedef struct round_work {
    int n, tables, m;
    int *rank; /* NULL outside the ranking modes */
    int *pref;
    int *out;   /* the k sit-outs */
    bool *sits; /* n: sits out */
    bool *swappable;
    int *pool;  /* n */
    int *seats; /* n */
    sw_seating_table *tab;
} round_work;

static void work_free(round_work *w) {
    free(w->rank), free(w->pref), free(w->out), free(w->sits), free(w->swappable);
    free(w->pool), free(w->seats), free(w->tab);
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
    for (int s = 1; s < SW_WINDS; s++)
        top = rank[t->seat[s]] < top ? rank[t->seat[s]] : top;
    return top;
}

static void sort_tables(sw_seating_table *t, int n, const int *rank) {
    for (int i = 1; i < n; i++) {
        sw_seating_table v = t[i];
        int j = i;
        while (j > 0 && table_top(&t[j - 1], rank) > table_top(&v, rank)) {
            t[j] = t[j - 1];
            j--;
        }
        t[j] = v;
    }
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
         * an unchecked event cannot index outside the mapping. */
        bool *used = calloc((size_t)ev->nplayers + 1, sizeof *used);
        bool ok = used != NULL;
        for (int i = 0; ok && i < ev->nplayers; i++) {
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

static void layout_interval(round_work *w, int K) {
    /* Groups of K tables take 4K ranks: table o of a group gets ranks
     * o, o+K, o+2K, o+3K of it. Tables left over (tables mod K) take the
     * bottom ranks four at a time. */
    int rest = w->tables % K, with = w->m - 4 * rest, t = 0;
    for (int base = 0; base < with; base += 4 * K)
        for (int o = 0; o < K; o++, t++)
            for (int j = 0; j < SW_WINDS; j++)
                w->tab[t].seat[j] = w->pool[base + o + K * j];
    for (int i = with; i < w->m; i += 4, t++)
        for (int j = 0; j < SW_WINDS; j++)
            w->tab[t].seat[j] = w->pool[i + j];
}

static void layout_script(const sw_seating_event *ev, round_work *w) {
    int *player_of = w->seats; /* script id - 1 -> player index */
    for (int i = 0; i < ev->nplayers; i++)
        player_of[ev->players[i].script_id - 1] = i;
    const sw_seating_round *r = &ev->script[ev->nrounds];
    for (int t = 0; t < r->ntables; t++)
        for (int s = 0; s < SW_WINDS; s++)
            w->tab[t].seat[s] = player_of[r->tables[t].seat[s] - 1];
}

/* Who sits out, and in random mode who may still swap with a seated player:
 * everyone whose sit-out count equals the highest count among those chosen
 * is as entitled to the rest as the chosen ones. */
static void plan_sitouts(const sw_seating_stats *st, round_work *w, int k, bool random) {
    sw_seating_choose_sitouts(w->n, st->sitouts, w->pref, k, w->out);
    int level = -1;
    for (int c = 0; c < k; c++) {
        w->sits[w->out[c]] = true;
        level = st->sitouts[w->out[c]] > level ? st->sitouts[w->out[c]] : level;
    }
    for (int i = 0; i < w->n; i++)
        w->swappable[i] = random && k > 0 && st->sitouts[i] == level;
}

static sw_status seat_round(const sw_seating_event *ev, const sw_seating_options *opt,
                            const sw_seating_stats *st, round_work *w, sw_seating_outcome *out,
                            sw_error *err) {
    int n = w->n;
    bool random = opt->mode == SW_SEATING_RANDOM;
    /* The pool: seated players first (by rank in the ranking modes), then
     * the sit-outs that the search may still trade. */
    int P = 0, nfree = 0;
    for (int i = 0; i < n; i++)
        if (!w->sits[i])
            w->pool[P++] = i;
    if (w->rank)
        sort_by_rank(w->pool, P, w->rank);
    for (int i = 0; i < n; i++)
        if (w->sits[i] && w->swappable[i])
            w->pool[P + nfree++] = i;
    seat_problem pb = {n, st->meetings, w->rank, w->m, w->tables, w->pool, nfree, w->swappable};
    switch (opt->mode) {
    case SW_SEATING_RANDOM:
    case SW_SEATING_SWISS: {
        sw_status s = seat_search(&pb, opt, w->seats, out, err);
        if (s)
            return s;
        for (int t = 0; t < w->tables; t++)
            memcpy(w->tab[t].seat, w->seats + 4 * t, sizeof w->tab[t].seat);
        /* Random mode may have traded who sits out: not seated means out. */
        if (!random)
            sort_tables(w->tab, w->tables, w->rank);
        break;
    }
    case SW_SEATING_SWISS_FIRST:
        seat_greedy_swiss(&pb, w->seats);
        for (int t = 0; t < w->tables; t++)
            memcpy(w->tab[t].seat, w->seats + 4 * t, sizeof w->tab[t].seat);
        out->tries = 1;
        break;
    case SW_SEATING_INTERVAL:
        layout_interval(w, opt->interval);
        out->tries = 1;
        break;
    case SW_SEATING_PREDEFINED:
        layout_script(ev, w);
        out->tries = 1;
        break;
    }
    for (int t = 0; t < w->tables; t++)
        memcpy(w->seats + 4 * t, w->tab[t].seat, sizeof w->tab[t].seat);
    seat_cost c = seat_cost_of(&pb, w->seats);
    out->repeat_pairs = c.pairs;
    out->crossings = c.crossings;
    out->spread = w->rank ? c.spread : 0;
    out->sitouts = n - w->m;
    return SW_OK;
}

sw_status sw_seating_next_round(sw_seating_event *ev, const sw_seating_options *opt,
                                sw_seating_outcome *outp, sw_error *err) {
    sw_status st = check_mode(ev, opt, err);
    if (st)
        return st;
    sw_seating_stats stats;
    if ((st = sw_seating_stats_init(&stats, ev, -1, err)))
        return st;
    int n = ev->nplayers;
    round_work w = {0};
    w.n = n;
    w.tables = n / SW_WINDS;
    w.m = 4 * w.tables;
    bool ranking = opt->mode == SW_SEATING_SWISS || opt->mode == SW_SEATING_SWISS_FIRST ||
                   opt->mode == SW_SEATING_INTERVAL;
    w.pref = malloc((size_t)n * sizeof *w.pref);
    w.out = malloc((size_t)n * sizeof *w.out);
    w.sits = calloc((size_t)n, sizeof *w.sits);
    w.swappable = calloc((size_t)n, sizeof *w.swappable);
    w.pool = malloc((size_t)n * sizeof *w.pool);
    w.seats = malloc((size_t)n * sizeof *w.seats);
    w.tab = calloc((size_t)w.tables, sizeof *w.tab);
    if (ranking)
        w.rank = malloc((size_t)n * sizeof *w.rank);
    sw_seating_outcome out = {0};
    if (!w.pref || !w.out || !w.sits || !w.swappable || !w.pool || !w.seats || !w.tab ||
        (ranking && !w.rank)) {
        st = sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
        goto done;
    }
    if (ranking && (st = make_ranks(ev, sw_seating_mode_name(opt->mode), w.rank, err)))
        goto done;
    sw_rng rng;
    /* A stream of its own per round, so the winds do not shift with tries. */
    sw_rng_seed(&rng, opt->seed, UINT64_C(0x5345415457495345) + (uint64_t)ev->nrounds);
    for (int i = 0; i < n; i++)
        w.pref[i] = ranking ? n - 1 - w.rank[i] : i;
    if (!ranking) /* random mode: ties among equally rested players by lot */
        sw_rng_shuffle(&rng, w.pref, n);
    if (opt->mode != SW_SEATING_PREDEFINED)
        plan_sitouts(&stats, &w, n - w.m, opt->mode == SW_SEATING_RANDOM);
    if ((st = seat_round(ev, opt, &stats, &w, &out, err)))
        goto done;
    for (int t = 0; t < w.tables; t++)
        sw_seating_assign_winds(stats.winds, &w.tab[t], &rng);
    st = sw_seating_add_round(ev, w.tab, w.tables, err);
    if (!st && outp)
        *outp = out;
done:
    work_free(&w);
    sw_seating_stats_free(&stats);
    return st;
}
