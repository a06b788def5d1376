/* src/swiss/round.c: running an event round by round: append a paired round
 * with its results, simulate a whole event, and re-pair a recorded event to
 * compare ('check').
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "swiss/swiss_internal.h"

sw_status sw_swiss_trf_add_round(sw_swiss_trf *trf, const sw_swiss_pairing *p, const char *results,
                                 sw_error *err) {
    int r = trf->nrounds; /* 0-based index of the new round */
    if (r >= SW_SWISS_MAX_ROUNDS)
        return sw_error_set(err, SW_ERR_LIMIT, NULL, 0, "more than %d rounds", SW_SWISS_MAX_ROUNDS);
    sw_status rc = sw_swiss_grow_rounds(trf, r + 1, err);
    if (rc)
        return rc;
    for (int i = 0; i < trf->nplayers; i++) { /* absent or left out unless a board says otherwise */
        sw_swiss_player *pl = &trf->players[i];
        if (trf->preset && pl->games[r].result != ' ') {
            pl->points2 += sw_swiss_game_points2(trf, &pl->games[r]); /* bye written ahead */
            continue;
        }
        pl->games[r] = (sw_swiss_game){0, '-', pl->absent ? 'Z' : ' '};
    }
    trf->preset = false;
    for (int k = 0; k < p->nboards; k++) {
        int w = p->boards[k].white, b = p->boards[k].black;
        if (w < 1 || w > trf->max_id || trf->index_of_id[w] < 0 || b < 0 || b > trf->max_id ||
            (b > 0 && trf->index_of_id[b] < 0))
            return sw_error_set(err, SW_ERR_INVALID, NULL, 0, "board %d: unknown player %d-%d",
                                k + 1, w, b);
        sw_swiss_player *pw = &trf->players[trf->index_of_id[w]];
        if (b == 0) {
            pw->games[r] = (sw_swiss_game){0, '-', 'U'};
            pw->points2 += sw_swiss_game_points2(trf, &pw->games[r]);
            continue;
        }
        sw_swiss_player *pb = &trf->players[trf->index_of_id[b]];
        char rw, rb;
        switch (results ? results[k] : '=') {
        case '1':
            rw = '1', rb = '0';
            break;
        case '0':
            rw = '0', rb = '1';
            break;
        case '+':
            rw = '+', rb = '-';
            break;
        case '-':
            rw = '-', rb = '+';
            break;
        case ' ': /* paired, not played yet (--trf-out) */
            rw = rb = ' ';
            break;
        default:
            rw = rb = '=';
            break;
        }
        pw->games[r] = (sw_swiss_game){b, 'w', rw};
        pb->games[r] = (sw_swiss_game){w, 'b', rb};
        pw->points2 += sw_swiss_game_points2(trf, &pw->games[r]);
        pb->points2 += sw_swiss_game_points2(trf, &pb->games[r]);
    }
    for (int i = 0; i < trf->nplayers; i++)
        trf->players[i].absent = false;
    trf->nrounds = r + 1;
    return SW_OK;
}

/* White's result from the rating difference, in integers: 20% draws, else a
 * win for white with probability 50% + diff/8 (clamped to 5..95%), and 1% of
 * games forfeited. Rough, but enough to spread the scores like a real event. */
static char draw_result(sw_rng *rng, int rw, int rb) {
    uint32_t x = sw_rng_bounded(rng, 1000);
    if (x < 10)
        return x < 5 ? '+' : '-';
    if (sw_rng_bounded(rng, 100) < 20)
        return '=';
    int pw = 50 + (rw - rb) / 8;
    pw = pw < 5 ? 5 : pw > 95 ? 95 : pw;
    return (int)sw_rng_bounded(rng, 100) < pw ? '1' : '0';
}

sw_status sw_swiss_generate(int players, int rounds, uint64_t seed, const sw_swiss_options *opt,
                            sw_swiss_trf *trf, sw_error *err) {
    if (players < 2 || players > SW_SWISS_MAX_PLAYERS || rounds < 1 || rounds > SW_SWISS_MAX_ROUNDS)
        return sw_error_set(err, SW_ERR_LIMIT, NULL, 0,
                            "%d players, %d rounds: expected 2..%d players and 1..%d rounds",
                            players, rounds, SW_SWISS_MAX_PLAYERS, SW_SWISS_MAX_ROUNDS);
    sw_rng rng;
    sw_rng_seed(&rng, seed, 0x5eed5);
    int *ratings = malloc(sizeof(int) * (size_t)players);
    if (!ratings)
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    for (int i = 0; i < players; i++)
        ratings[i] = 1000 + (int)sw_rng_bounded(&rng, 1800);
    for (int i = 1; i < players; i++) /* starting rank follows rating */
        for (int j = i; j > 0 && ratings[j - 1] < ratings[j]; j--) {
            int t = ratings[j];
            ratings[j] = ratings[j - 1];
            ratings[j - 1] = t;
        }
    sw_status rc = sw_swiss_trf_init(trf, players, ratings, rounds, err);
    free(ratings);
    if (rc)
        return rc;
    if (opt && opt->burstein && (rc = sw_swiss_trf_name_burstein(trf, err))) {
        sw_swiss_trf_free(trf);
        return rc;
    }
    char *res = malloc((size_t)players);
    if (!res) {
        sw_swiss_trf_free(trf);
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    }
    for (int r = 0; r < rounds && !rc; r++) {
        if (r > 0) /* about 2% miss a round */
            for (int i = 0; i < players; i++)
                trf->players[i].absent = sw_rng_bounded(&rng, 100) < 2;
        sw_swiss_pairing p;
        rc = sw_swiss_pair(trf, opt, &p, err);
        if (rc)
            break;
        if (p.nunpaired) { /* an event with players left out is not a simulation */
            rc = sw_error_set(err, SW_ERR_INVALID, NULL, 0,
                              "%d players cannot play %d rounds: round %d leaves %d of them "
                              "without a legal pairing (no rematches: at most %d rounds)",
                              players, rounds, r + 1, p.nunpaired,
                              players % 2 ? players : players - 1);
            sw_swiss_pairing_free(&p);
            break;
        }
        for (int k = 0; k < p.nboards; k++) {
            const sw_swiss_board *b = &p.boards[k];
            res[k] = b->black ? draw_result(&rng, trf->players[trf->index_of_id[b->white]].rating,
                                            trf->players[trf->index_of_id[b->black]].rating)
                              : 'U';
        }
        rc = sw_swiss_trf_add_round(trf, &p, res, err);
        sw_swiss_pairing_free(&p);
    }
    free(res);
    if (rc)
        sw_swiss_trf_free(trf);
    return rc;
}

/* ---- check ---- */

/* The record's own boards for round r (0-based), white first, the bye as id 0. */
static int record_boards(const sw_swiss_trf *trf, int r, sw_swiss_board *out) {
    int nb = 0;
    for (int i = 0; i < trf->nplayers; i++) {
        const sw_swiss_player *p = &trf->players[i];
        const sw_swiss_game *g = &p->games[r];
        if (sw_swiss_is_bye(g))
            out[nb++] = (sw_swiss_board){p->id, 0};
        else if (g->opp > 0 && (g->colour == 'w' || (g->colour == '-' && p->id < g->opp)))
            out[nb++] = (sw_swiss_board){p->id, g->opp};
    }
    return nb;
}

static long long pair_key(sw_swiss_board b) {
    int x = b.white < b.black ? b.white : b.black, y = b.white < b.black ? b.black : b.white;
    return (long long)x * 4000000LL + y;
}

static int cmp_ll(const void *a, const void *b) {
    long long x = *(const long long *)a, y = *(const long long *)b;
    return (x > y) - (x < y);
}

static int same_pairs(const sw_swiss_board *a, int na, const sw_swiss_board *b, int nb,
                      long long *ka, long long *kb) {
    if (na != nb)
        return 0;
    for (int k = 0; k < na; k++) {
        ka[k] = pair_key(a[k]);
        kb[k] = pair_key(b[k]);
    }
    qsort(ka, (size_t)na, sizeof *ka, cmp_ll);
    qsort(kb, (size_t)nb, sizeof *kb, cmp_ll);
    return !memcmp(ka, kb, sizeof *ka * (size_t)na);
}

/* Preference 2 as the pairing weighs it: per score group from the top, the
 * sum of squared score differences of the boards whose higher-scored player
 * is in that group. Whether the two board lists differ there. */
static sw_status groups_differ(const sw_swiss_trf *view, int round, const sw_swiss_board *a, int na,
                               const sw_swiss_board *b, int nb, bool *differ, sw_error *err) {
    sw_swiss_state st;
    sw_status rc = sw_swiss_state_build(view, round, &st, err);
    if (rc)
        return rc;
    int top = 0;
    for (int i = 0; i < st.n; i++)
        top = st.p[i].score2 > top ? st.p[i].score2 : top;
    long *f = calloc((size_t)top + 1, sizeof *f);
    if (!f) {
        sw_swiss_state_free(&st);
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    }
    for (int side = 0; side < 2; side++)
        for (int k = 0; k < (side ? nb : na); k++) {
            const sw_swiss_board *bd = side ? &b[k] : &a[k];
            if (bd->white <= 0 || bd->black <= 0)
                continue; /* a bye has no score difference */
            int sw = st.p[view->index_of_id[bd->white]].score2;
            int sb = st.p[view->index_of_id[bd->black]].score2;
            long d = sw - sb;
            f[sw > sb ? sw : sb] += side ? -d * d : d * d;
        }
    *differ = false;
    for (int g = 0; g <= top; g++)
        *differ = *differ || f[g] != 0;
    free(f);
    sw_swiss_state_free(&st);
    return SW_OK;
}

static const char *deciding(const sw_swiss_quality *rec, const sw_swiss_quality *ours,
                            bool groups) {
    if (rec->violations != ours->violations)
        return "the absolute rules (the record breaks one)";
    if (rec->pairs + rec->byes != ours->pairs + ours->byes)
        return "preference 1 (pair as many as possible)";
    if (groups || rec->score_diff_sum2 != ours->score_diff_sum2 ||
        rec->score_diff_max2 != ours->score_diff_max2)
        return "preference 2 (score differences, from the top score group down)";
    if (rec->colour_misses != ours->colour_misses)
        return "preferences 3-4 (colours)";
    if (rec->std_distance != ours->std_distance)
        return "the standard order (top half against bottom half within score groups)";
    return "nothing: an equally good alternative (tie)";
}

static void put_quality(sw_strbuf *sb, const char *who, const sw_swiss_quality *q) {
    sw_strbuf_printf(sb,
                     "  %-8s %d pairs, %d byes, score differences sum %ld.%d max %d.%d, "
                     "colour misses %d, distance to the standard pairing %ld, rule "
                     "violations %d\n",
                     who, q->pairs, q->byes, q->score_diff_sum2 / 2,
                     (int)(q->score_diff_sum2 % 2) * 5, q->score_diff_max2 / 2,
                     (q->score_diff_max2 % 2) * 5, q->colour_misses, q->std_distance,
                     q->violations);
}

static void put_boards(sw_strbuf *sb, const char *who, const sw_swiss_board *b, int nb) {
    sw_strbuf_printf(sb, "  %-8s", who);
    for (int k = 0; k < nb; k++)
        sw_strbuf_printf(sb, " %d-%d", b[k].white, b[k].black);
    sw_strbuf_puts(sb, "\n");
}

/* Same boards with the same colours (the bye included)? */
static bool same_colours(const sw_swiss_board *a, int na, const sw_swiss_board *b, int nb,
                         long long *ka, long long *kb) {
    if (na != nb)
        return false;
    for (int k = 0; k < na; k++) {
        ka[k] = (long long)a[k].white * 4000000LL + a[k].black;
        kb[k] = (long long)b[k].white * 4000000LL + b[k].black;
    }
    qsort(ka, (size_t)na, sizeof *ka, cmp_ll);
    qsort(kb, (size_t)nb, sizeof *kb, cmp_ll);
    return !memcmp(ka, kb, sizeof *ka * (size_t)na);
}

sw_status sw_swiss_check(const sw_swiss_trf *trf, const sw_swiss_options *opt, sw_strbuf *report,
                         int *differing, sw_error *err) {
    sw_swiss_check_stats cs;
    sw_status rc = sw_swiss_check_stats_run(trf, opt, report, &cs, err);
    *differing = cs.differing;
    return rc;
}

sw_status sw_swiss_check_stats_run(const sw_swiss_trf *trf, const sw_swiss_options *opt,
                                   sw_strbuf *report, sw_swiss_check_stats *cs, sw_error *err) {
    int n = trf->nplayers;
    sw_swiss_trf view = *trf; /* shallow: shares games and prefixes, own player array */
    view.players = malloc(sizeof *view.players * (size_t)n);
    sw_swiss_board *rec = malloc(sizeof *rec * (size_t)(n + 1));
    long long *ka = malloc(sizeof *ka * (size_t)(n + 1)),
              *kb = malloc(sizeof *kb * (size_t)(n + 1));
    sw_status rc = SW_OK;
    memset(cs, 0, sizeof *cs);
    if (!view.players || !rec || !ka || !kb) {
        rc = sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
        goto done;
    }
    /* Without XXR the last round recorded is the final one (topscorers),
     * as the validation reads it. */
    if (!view.total_rounds)
        view.total_rounds = trf->nrounds;
    for (int r = 0; r < trf->nrounds && !rc; r++) {
        memcpy(view.players, trf->players, sizeof *view.players * (size_t)n);
        view.nrounds = r;
        for (int i = 0; i < n; i++) {
            const sw_swiss_game *g = &trf->players[i].games[r];
            view.players[i].absent = g->opp == 0 && !sw_swiss_is_bye(g);
        }
        int nrec = record_boards(trf, r, rec);
        sw_swiss_pairing p;
        rc = sw_swiss_pair(&view, opt, &p, err);
        if (rc)
            break;
        cs->rounds++;
        if (!same_pairs(rec, nrec, p.boards, p.nboards, ka, kb)) {
            sw_swiss_quality qr;
            sw_swiss_measure(&view, r + 1, rec, nrec, false, &qr);
            bool groups = false;
            rc = groups_differ(&view, r + 1, rec, nrec, p.boards, p.nboards, &groups, err);
            if (rc) {
                sw_swiss_pairing_free(&p);
                break;
            }
            cs->differing++;
            sw_strbuf_printf(report,
                             "round %d: the record differs from seatwise's pairing; "
                             "decided by %s\n",
                             r + 1, deciding(&qr, &p.quality, groups));
            put_quality(report, "record", &qr);
            put_quality(report, "seatwise", &p.quality);
            put_boards(report, "record", rec, nrec);
            put_boards(report, "seatwise", p.boards, p.nboards);
        } else if (!same_colours(rec, nrec, p.boards, p.nboards, ka, kb)) {
            cs->colours++;
            sw_strbuf_printf(report, "round %d: the same boards, other colours:", r + 1);
            for (int k = 0; k < p.nboards; k++)
                for (int j = 0; j < nrec; j++)
                    if (p.boards[k].black && p.boards[k].white == rec[j].black &&
                        p.boards[k].black == rec[j].white)
                        sw_strbuf_printf(report, " %d-%d (record %d-%d)", p.boards[k].white,
                                         p.boards[k].black, rec[j].white, rec[j].black);
            sw_strbuf_puts(report, "\n");
        } else {
            cs->identical++;
        }
        sw_swiss_pairing_free(&p);
    }
    if (!rc && report->failed)
        rc = sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
done:
    free(view.players);
    free(rec);
    free(ka);
    free(kb);
    return rc;
}
