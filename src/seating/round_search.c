/* src/seating/round_search.c: the search behind the random and swiss modes.
 *
 * A round is scored lexicographically: first the pairs of teammates it seats
 * at one table (a hard rule where it can be kept), then its crossings, the earlier
 * meetings of the pairs it seats together (Pantheon's "total number of
 * crossings": a pair meeting for the third time counts 2), then the earlier
 * tables of three of the players it seats at tables of three, then the sum of
 * their squares (at equal crossings, two second meetings beat one third:
 * repeats are spread out), then, in the swiss mode, the sum over tables of
 * the rank span (worst minus best rank), and last the sum of the rank
 * distances of the pairs at each table, which gives the local search a slope
 * where the span is flat. All exact integers; table scores add up.
 *
 * A try is a local search by swaps of two players at different tables (or a
 * seated player and a swappable sit-out candidate) from a start: try 0 from
 * the given order (the Pantheon greedy in swiss), then mostly kicks of the
 * best so far (iterated local search) and now and then a fresh start. Once,
 * a depth-first branch and bound looks for fewer crossings than the first
 * try found, within a node budget; when it finishes, the minimum is proven.
 * Each try has its own PCG32 stream from (seed, try), and only the tries
 * count (never the clock) decides the result unless a time limit is set.
 * SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "seating/seating_internal.h"

#define FRESH_EVERY 8 /* one try in this many restarts from scratch */

/* The ordered parts of a score, then pairs (reported, not compared). */
typedef struct score {
    int64_t clashes, crossings, threes, squares, spread, near, pairs;
} score;

static score score_add(score a, score b) {
    return (score){a.clashes + b.clashes, a.crossings + b.crossings, a.threes + b.threes,
                   a.squares + b.squares, a.spread + b.spread,       a.near + b.near,
                   a.pairs + b.pairs};
}

static score score_sub(score a, score b) {
    return (score){a.clashes - b.clashes, a.crossings - b.crossings, a.threes - b.threes,
                   a.squares - b.squares, a.spread - b.spread,       a.near - b.near,
                   a.pairs - b.pairs};
}

static bool score_less(score a, score b) {
    if (a.clashes != b.clashes)
        return a.clashes < b.clashes;
    if (a.crossings != b.crossings)
        return a.crossings < b.crossings;
    if (a.threes != b.threes)
        return a.threes < b.threes;
    if (a.squares != b.squares)
        return a.squares < b.squares;
    if (a.spread != b.spread)
        return a.spread < b.spread;
    return a.near < b.near;
}

typedef struct search {
    const sw_seat_problem *pb;
    const sw_seating_options *opt;
    int P;       /* slots: m at tables (4 a table), then the sit-out group */
    int *slot;   /* player in each slot */
    score *key;  /* score of each table */
    score total; /* sum of key[] */
    int *order;  /* scratch */
    double deadline;
    bool stopped;
} search;

static bool must_stop(search *s) {
    if (s->stopped)
        return true;
    if ((s->opt->stop && *s->opt->stop) || (s->deadline > 0 && sw_seating_now() >= s->deadline))
        s->stopped = true;
    return s->stopped;
}

static bool teammates(const sw_seat_problem *pb, int a, int b) {
    return pb->team && pb->team[a] >= 0 && pb->team[a] == pb->team[b];
}

/* Key of one table of `size` players. */
static score table_key(const sw_seat_problem *pb, const int *four, int size) {
    score k = {0, 0, 0, 0, 0, 0, 0};
    for (int a = 0; a < size; a++)
        for (int b = a + 1; b < size; b++) {
            int64_t m = pb->meetings[(size_t)four[a] * (size_t)pb->n + (size_t)four[b]];
            k.crossings += m;
            k.squares += m * m;
            k.pairs += m > 0;
            k.clashes += teammates(pb, four[a], four[b]);
        }
    if (size == 3 && pb->threes)
        for (int a = 0; a < size; a++)
            k.threes += pb->threes[four[a]];
    if (pb->rank) {
        int lo = pb->rank[four[0]], hi = lo;
        for (int a = 1; a < size; a++) {
            int r = pb->rank[four[a]];
            lo = r < lo ? r : lo;
            hi = r > hi ? r : hi;
            for (int b = 0; b < a; b++)
                k.near += abs(r - pb->rank[four[b]]);
        }
        k.spread = hi - lo;
    }
    return k;
}

static sw_seat_cost decode(score k) {
    return (sw_seat_cost){(long)k.pairs, (long)k.crossings, (long)k.spread, (long)k.clashes};
}

static score key_at(const sw_seat_problem *pb, const int *seats, int t) {
    return table_key(pb, seats + sw_seat_table_start(pb, t), sw_seat_table_size(pb, t));
}

sw_seat_cost sw_seat_cost_of(const sw_seat_problem *pb, const int *seats) {
    score total = {0, 0, 0, 0, 0, 0, 0};
    for (int t = 0; t < pb->tables; t++)
        total = score_add(total, key_at(pb, seats, t));
    return decode(total);
}

static void rescore(search *s) {
    s->total = (score){0, 0, 0, 0, 0, 0, 0};
    for (int t = 0; t < s->pb->tables; t++) {
        s->key[t] = key_at(s->pb, s->slot, t);
        s->total = score_add(s->total, s->key[t]);
    }
}

/* Key of table t with the player in slot `out` replaced by player `in`. */
static score key_with(const search *s, int t, int out, int in) {
    int four[SW_WINDS], f = sw_seat_table_start(s->pb, t), z = sw_seat_table_size(s->pb, t);
    memcpy(four, s->slot + f, (size_t)z * sizeof *four);
    four[out - f] = in;
    return table_key(s->pb, four, z);
}

/* The exchange of slots i and j moves players between tables, or a seated
 * player and a sit-out candidate that both may change group. */
static inline bool can_swap(const search *s, int i, int j) {
    sw_round_exchange x = sw_round_exchange_of(s->slot, s->pb->fours, s->pb->m, i, j);
    if (!sw_round_exchange_moves(x))
        return false;
    if (x.tp >= 0 && x.tq >= 0)
        return true;
    return s->pb->swappable[x.x.a] && s->pb->swappable[x.x.b];
}

/* Change of the total if slots i and j swapped players. */
static score swap_delta(const search *s, int i, int j, score *ki, score *kj) {
    sw_round_exchange x = sw_round_exchange_of(s->slot, s->pb->fours, s->pb->m, i, j);
    score d = {0, 0, 0, 0, 0, 0, 0};
    if (x.tp >= 0) {
        *ki = key_with(s, x.tp, i, x.x.b);
        d = score_add(d, score_sub(*ki, s->key[x.tp]));
    }
    if (x.tq >= 0) {
        *kj = key_with(s, x.tq, j, x.x.a);
        d = score_add(d, score_sub(*kj, s->key[x.tq]));
    }
    return d;
}

static void apply_swap(search *s, int i, int j, score ki, score kj) {
    sw_round_exchange x = sw_round_exchange_of(s->slot, s->pb->fours, s->pb->m, i, j);
    sw_round_exchange_apply(s->slot, NULL, x);
    if (x.tp >= 0) {
        s->total = score_add(s->total, score_sub(ki, s->key[x.tp]));
        s->key[x.tp] = ki;
    }
    if (x.tq >= 0) {
        s->total = score_add(s->total, score_sub(kj, s->key[x.tq]));
        s->key[x.tq] = kj;
    }
}

/* For each slot in a random order take its best improving swap, until a
 * whole pass improves nothing. Strict integer improvements: no cycling. */
static void local_search(search *s, sw_rng *rng) {
    for (int i = 0; i < s->P; i++)
        s->order[i] = i;
    bool improved = true;
    while (improved && !must_stop(s)) {
        improved = false;
        sw_rng_shuffle(rng, s->order, s->P);
        for (int a = 0; a < s->P; a++) {
            int i = s->order[a], best = -1;
            score best_d = {0, 0, 0, 0, 0, 0, 0}, bki = best_d, bkj = best_d;
            for (int j = 0; j < s->P; j++) {
                if (!can_swap(s, i, j))
                    continue;
                score ki = {0, 0, 0, 0, 0, 0, 0}, kj = ki, d = swap_delta(s, i, j, &ki, &kj);
                if (score_less(d, best_d)) {
                    best_d = d;
                    best = j;
                    bki = ki;
                    bkj = kj;
                }
            }
            if (best >= 0) {
                apply_swap(s, i, best, bki, bkj);
                improved = true;
            }
        }
    }
}

/* A few random swaps of the best arrangement, to leave its basin. */
static void kick(search *s, sw_rng *rng) {
    int swaps = 2 + (int)sw_rng_bounded(rng, (uint32_t)(s->pb->tables / 2 + 1));
    for (int k = 0, guard = 0; k < swaps && guard < 100 * swaps; guard++) {
        int i = (int)sw_rng_bounded(rng, (uint32_t)s->P);
        int j = (int)sw_rng_bounded(rng, (uint32_t)s->P);
        if (!can_swap(s, i, j))
            continue;
        score ki = {0, 0, 0, 0, 0, 0, 0}, kj = ki;
        swap_delta(s, i, j, &ki, &kj);
        apply_swap(s, i, j, ki, kj);
        k++;
    }
}

/* Greedy over pool[0..P) in its order: each table starts with the first
 * unseated player and adds, three times, the player with the fewest
 * meetings with those seated; ties go to the earlier one, or with noise
 * (rng not NULL) to a later one with probability 1/2 each step. */
static void greedy(const sw_seat_problem *pb, const int *pool, int P, int *seats, sw_rng *rng) {
    bool *used = calloc((size_t)P, sizeof *used);
    int next = 0;
    for (int t = 0; t < pb->tables && used; t++) {
        while (used[next])
            next++;
        int *four = seats + sw_seat_table_start(pb, t);
        four[0] = pool[next];
        used[next] = true;
        for (int k = 1; k < sw_seat_table_size(pb, t); k++) {
            int best = -1;
            long best_m = 0;
            for (int c = 0; c < P; c++) {
                if (used[c])
                    continue;
                long met = 0;
                for (int a = 0; a < k; a++)
                    met += pb->meetings[(size_t)pool[c] * (size_t)pb->n + (size_t)four[a]];
                if (best < 0 || met < best_m || (met == best_m && rng && (sw_rng_next(rng) & 1))) {
                    best = c;
                    best_m = met;
                }
            }
            four[k] = pool[best];
            used[best] = true;
        }
    }
    free(used);
}

void sw_seat_greedy_swiss(const sw_seat_problem *pb, int *seats) {
    greedy(pb, pb->pool, pb->m, seats, NULL);
}

/* ---- branch and bound on the crossings ---- */

typedef struct dfs {
    search *s;
    const int *order; /* the pool in the order of exploration */
    bool *placed;
    int *cur; /* the tables being built, then the sit-outs from the back */
    int ntab, nout, maxout;
    long pairs, best_pairs; /* crossings of the partial seating, of the best */
    int *best;
    bool found, aborted;
    long nodes;
} dfs;

static int pair_met(const sw_seat_problem *pb, int a, int b) {
    return pb->meetings[(size_t)a * (size_t)pb->n + (size_t)b];
}

static void dfs_step(dfs *d);

static void dfs_done(dfs *d) {
    d->best_pairs = d->pairs;
    d->found = true;
    memcpy(d->best, d->cur, (size_t)d->s->P * sizeof *d->best);
}

/* Seat k..size-1 of the table being built from unplaced players at or
 * after `from` in the order, each set in increasing order (no duplicates). */
static void dfs_add(dfs *d, int *tab, int size, int k, int from) {
    if (k == size) {
        dfs_step(d);
        return;
    }
    const sw_seat_problem *pb = d->s->pb;
    for (int b = from; b < d->s->P && !d->aborted; b++) {
        if (d->placed[b])
            continue;
        int x = d->order[b], add = 0;
        bool clash = false;
        for (int a = 0; a < k; a++) {
            add += pair_met(pb, tab[a], x);
            clash |= pb->hard_teams && teammates(pb, tab[a], x);
        }
        if (clash || d->pairs + add >= d->best_pairs)
            continue;
        tab[k] = x;
        d->placed[b] = true;
        d->pairs += add;
        dfs_add(d, tab, size, k + 1, b + 1);
        d->pairs -= add;
        d->placed[b] = false;
    }
}

/* Open the next table with order[first] and fill it with later players. */
static void dfs_table(dfs *d, int first) {
    const sw_seat_problem *pb = d->s->pb;
    int t = d->ntab, *tab = d->cur + sw_seat_table_start(pb, t);
    tab[0] = d->order[first];
    d->placed[first] = true;
    d->ntab++;
    dfs_add(d, tab, sw_seat_table_size(pb, t), 1, first + 1);
    d->ntab--;
    d->placed[first] = false;
}

static void dfs_step(dfs *d) {
    search *s = d->s;
    if (++d->nodes > s->opt->exact_nodes || ((d->nodes & 0xffff) == 0 && must_stop(s))) {
        d->aborted = true;
        return;
    }
    if (d->ntab == s->pb->tables && d->nout == d->maxout) {
        dfs_done(d);
        return;
    }
    int first = 0;
    while (d->placed[first])
        first++;
    int p = d->order[first];
    /* Either the first unplaced player sits out (if allowed) or opens a table. */
    if (d->nout < d->maxout && s->pb->swappable[p]) {
        d->cur[s->P - 1 - d->nout] = p;
        d->placed[first] = true;
        d->nout++;
        dfs_step(d);
        d->nout--;
        d->placed[first] = false;
        if (d->aborted || d->best_pairs == 0)
            return;
    }
    if (d->ntab < s->pb->tables)
        dfs_table(d, first);
}

/* Look for fewer crossings than `bound`; on success the arrangement is
 * in s->slot. Returns whether the search covered everything. */
static bool exact(search *s, const int *order, long bound, bool *found) {
    dfs d = {0};
    d.s = s;
    d.order = order;
    d.maxout = s->P - s->pb->m;
    d.best_pairs = bound;
    d.placed = calloc((size_t)s->P, sizeof *d.placed);
    d.cur = malloc((size_t)s->P * sizeof *d.cur);
    d.best = malloc((size_t)s->P * sizeof *d.best);
    *found = false;
    if (!d.placed || !d.cur || !d.best) {
        free(d.placed), free(d.cur), free(d.best);
        return false;
    }
    if (bound > 0)
        dfs_step(&d);
    if (d.found) {
        memcpy(s->slot, d.best, (size_t)s->P * sizeof *s->slot);
        *found = true;
    }
    free(d.placed), free(d.cur), free(d.best);
    return !d.aborted;
}

/* ---- the driver ---- */

static void start_fresh(search *s, bool swiss, sw_rng *rng) {
    if (swiss) {
        /* Noisy greedy: keeps the ranking shape, varies the choices. */
        greedy(s->pb, s->pb->pool, s->P, s->slot, rng);
        /* greedy seated the first m it picked; the rest sit out. */
        bool *in = calloc((size_t)s->pb->n, sizeof *in);
        if (in) {
            for (int i = 0; i < s->pb->m; i++)
                in[s->slot[i]] = true;
            int k = s->pb->m;
            for (int i = 0; i < s->P; i++)
                if (!in[s->pb->pool[i]])
                    s->slot[k++] = s->pb->pool[i];
            free(in);
        }
    } else {
        memcpy(s->slot, s->pb->pool, (size_t)s->P * sizeof *s->slot);
        sw_rng_shuffle(rng, s->slot, s->P);
        /* A shuffle may seat a player who must sit out: move such players
         * back to the sit-out group in exchange for swappable seated ones. */
        int m = s->pb->m;
        for (int j = m; j < s->P; j++)
            if (!s->pb->swappable[s->slot[j]])
                for (int i = 0; i < m; i++)
                    if (s->pb->swappable[s->slot[i]]) {
                        sw_round_exchange_apply(
                            s->slot, NULL, sw_round_exchange_of(s->slot, s->pb->fours, m, i, j));
                        break;
                    }
    }
    rescore(s);
}

static void report_progress(const search *s, long tries) {
    if (s->opt->progress) {
        sw_seat_cost c = decode(s->total);
        s->opt->progress(s->opt->progress_ctx, tries, c.crossings, c.spread);
    }
}

void sw_seat_deal_teams(const sw_seat_problem *pb, int *seats) {
    int m = pb->m, maxteam = -1;
    /* Grouped by team (players without one last): a team's run of at most
     * `tables` players lands on distinct tables, as the slots go round the
     * tables seat level by level and only the last level skips tables of
     * three (which come after the tables of four). */
    for (int i = 0; i < m; i++)
        maxteam = pb->team[pb->pool[i]] > maxteam ? pb->team[pb->pool[i]] : maxteam;
    int *start = calloc((size_t)maxteam + 3, sizeof *start),
        *order = malloc((size_t)m * sizeof *order + 1);
    if (!start || !order) {
        memcpy(seats, pb->pool, (size_t)m * sizeof *seats);
        free(start), free(order);
        return;
    }
    /* counting sort: bucket t + 1 for team t, bucket maxteam + 2 for none */
    for (int i = 0; i < m; i++) {
        int t = pb->team[pb->pool[i]];
        start[(t >= 0 ? t : maxteam + 1) + 1]++;
    }
    for (int b = 1; b <= maxteam + 2; b++)
        start[b] += start[b - 1];
    for (int i = 0; i < m; i++) {
        int t = pb->team[pb->pool[i]];
        order[start[t >= 0 ? t : maxteam + 1]++] = pb->pool[i];
    }
    int k = 0;
    for (int level = 0; level < SW_WINDS; level++)
        for (int t = 0; t < pb->tables; t++)
            if (level < sw_seat_table_size(pb, t))
                seats[sw_seat_table_start(pb, t) + level] = order[k++];
    free(start), free(order);
}

void sw_seat_repair_teams(const sw_seat_problem *pb, int *seats) {
    search s = {0};
    s.pb = pb;
    s.P = pb->m;
    s.slot = seats;
    s.key = malloc((size_t)pb->tables * sizeof *s.key);
    if (!s.key)
        return;
    rescore(&s);
    /* Each step the swap that removes most clashes, between the closest
     * ranks (the layout's shape changes least); never one that adds any. */
    while (s.total.clashes > 0) {
        int bi = -1, bj = -1;
        long bdist = 0;
        score bd = {0, 0, 0, 0, 0, 0, 0}, bki = bd, bkj = bd;
        for (int i = 0; i < s.P; i++)
            for (int j = i + 1; j < s.P; j++) {
                if (!can_swap(&s, i, j))
                    continue;
                score ki = bd, kj = bd, d = swap_delta(&s, i, j, &ki, &kj);
                long dist = pb->rank ? labs((long)pb->rank[seats[i]] - pb->rank[seats[j]])
                                     : labs((long)i - j);
                if (d.clashes < 0 && (bi < 0 || d.clashes < bd.clashes ||
                                      (d.clashes == bd.clashes && dist < bdist))) {
                    bi = i, bj = j, bdist = dist, bd = d, bki = ki, bkj = kj;
                }
            }
        if (bi < 0)
            break;
        apply_swap(&s, bi, bj, bki, bkj);
    }
    free(s.key);
}

sw_status sw_seat_search(const sw_seat_problem *pb, const sw_seating_options *opt, const int *start,
                         int *seats, sw_seating_outcome *out, sw_error *err) {
    search s = {0};
    s.pb = pb;
    s.opt = opt;
    s.P = pb->m + pb->nfree;
    s.deadline = opt->time_limit > 0 ? sw_seating_now() + opt->time_limit : 0;
    s.slot = malloc((size_t)s.P * sizeof *s.slot);
    s.order = malloc((size_t)s.P * sizeof *s.order);
    s.key = malloc((size_t)pb->tables * sizeof *s.key);
    int *best = malloc((size_t)s.P * sizeof *best);
    int *dfs_order = malloc((size_t)s.P * sizeof *dfs_order);
    if (!s.slot || !s.order || !s.key || !best || !dfs_order) {
        free(s.slot), free(s.order), free(s.key), free(best), free(dfs_order);
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    }
    bool swiss = pb->rank != NULL;
    /* The best possible: no repeats and, in swiss, spans of 3 (ranks in a row;
     * 2 at a table of three). */
    int64_t floor_spread =
        swiss ? 3 * (int64_t)pb->fours + 2 * (int64_t)(pb->tables - pb->fours) : 0;
    long tries = opt->tries > 0 ? opt->tries : (opt->time_limit > 0 ? -1 : 1);

    /* Try 0: the pool order as given (rank order in swiss: Pantheon's greedy). */
    sw_rng rng;
    sw_rng_seed(&rng, opt->seed, 0);
    memcpy(dfs_order, pb->pool, (size_t)s.P * sizeof *dfs_order);
    if (swiss) {
        greedy(pb, pb->pool, s.P, s.slot, NULL);
        memcpy(s.slot + pb->m, pb->pool + pb->m, (size_t)pb->nfree * sizeof *s.slot);
        rescore(&s);
    } else {
        start_fresh(&s, false, &rng);
        sw_rng_shuffle(&rng, dfs_order, s.P);
    }
    local_search(&s, &rng);
    if (start && s.total.clashes > 0) {
        /* Teammates together though a seating without exists: start from it. */
        score first = s.total;
        memcpy(best, s.slot, (size_t)s.P * sizeof *best);
        memcpy(s.slot, start, (size_t)s.P * sizeof *s.slot);
        rescore(&s);
        local_search(&s, &rng);
        if (!score_less(s.total, first)) {
            memcpy(s.slot, best, (size_t)s.P * sizeof *s.slot);
            rescore(&s);
        }
    }
    long done = 1;
    memcpy(best, s.slot, (size_t)s.P * sizeof *best);
    score best_total = s.total;
    report_progress(&s, done);

    /* Fewer crossings, exhaustively while the budget lasts. */
    bool found = false;
    /* With teams the exact search keeps teammates apart (hard_teams) or,
     * when that cannot be done, is skipped: its bound is on crossings only. */
    bool proven = pb->team && !pb->hard_teams
                      ? false
                      : exact(&s, dfs_order, (long)best_total.crossings, &found);
    if (found) {
        rescore(&s);
        local_search(&s, &rng);
        if (score_less(s.total, best_total)) {
            memcpy(best, s.slot, (size_t)s.P * sizeof *best);
            best_total = s.total;
            report_progress(&s, done);
        }
    }

    for (; (tries < 0 || done < tries) &&
           (best_total.crossings > 0 || best_total.spread > floor_spread ||
            best_total.clashes > 0 || best_total.threes > 0) &&
           !must_stop(&s);
         done++) {
        sw_rng_seed(&rng, opt->seed, (uint64_t)done);
        if (done % FRESH_EVERY == 0) {
            start_fresh(&s, swiss, &rng);
        } else {
            memcpy(s.slot, best, (size_t)s.P * sizeof *s.slot);
            rescore(&s);
            kick(&s, &rng);
        }
        local_search(&s, &rng);
        if (score_less(s.total, best_total)) {
            memcpy(best, s.slot, (size_t)s.P * sizeof *best);
            best_total = s.total;
            report_progress(&s, done + 1);
        }
    }
    memcpy(seats, best, (size_t)s.P * sizeof *seats);
    if (out) {
        sw_seat_cost c = decode(best_total);
        out->tries = done;
        out->repeat_pairs = c.pairs;
        out->crossings = c.crossings;
        out->spread = c.spread;
        out->exhaustive = (proven || c.crossings == 0) && c.clashes == 0;
        out->clashes = (int)c.clashes;
        out->stopped = s.stopped;
    }
    free(s.slot), free(s.order), free(s.key), free(best), free(dfs_order);
    return SW_OK;
}
