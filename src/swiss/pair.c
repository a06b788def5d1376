/* src/swiss/pair.c: the entry of the Swiss pairing: rank the players
 * present, choose the bye-eligible ones, dispatch to the fast mode
 * (fast.c) or the exact one (solve.c: a maximum weight matching; then C9
 * read from the optimum, the bracket order of bracket.c, or standard.c
 * when a window does not fit), and turn the mate array into boards in
 * the published order with their colours. The layers below are described
 * in pair_internal.h, from the bottom: rank, weights, edges, price, solve,
 * bracket and standard orders, explanations.
 * SPDX-License-Identifier: MIT */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "swiss/pair_internal.h"

void sw_swiss_pairing_free(sw_swiss_pairing *p) {
    if (!p)
        return;
    free(p->boards);
    free(p->unpaired);
    sw_strbuf_free(&p->why);
    sw_strbuf_free(&p->explain);
    memset(p, 0, sizeof *p);
}

/* The pairing numbers the last colour rule reads (the initial colour to
 * the higher ranked when his number is odd), by player index: players
 * numbered in order of their own numbers, leaving out those absent from
 * this round who never took part in a pairing (a game, forfeited or not,
 * or a pairing-allocated bye), as bbpPairings does. In round 1 that is the
 * rank among the players present; later a late entrant with half-point
 * byes only does not shift the others (data/dutch gen011-25p7r round 2:
 * 7, without a game, gets black against 25). NULL when out of memory. */
static int *effective_numbers(const sw_swiss_trf *trf) {
    int *effn = malloc(sizeof(int) * (size_t)(trf->nplayers + 1));
    if (!effn)
        return NULL;
    int next = 1;
    for (int id = 0; id <= trf->max_id; id++) {
        int i = trf->index_of_id[id];
        if (i < 0)
            continue;
        const sw_swiss_player *p = &trf->players[i];
        effn[i] = !p->absent || sw_swiss_took_part(p, trf->nrounds) ? next++ : 0;
    }
    return effn;
}

/* The published board order (C.04.2): the higher player's score, then the
 * lower player's (so the sum), then the higher player's pairing number;
 * scores without acceleration, "higher" by score, then pairing number. */
typedef struct board_sort_key {
    int hi2, lo2; /* the two players' scores (half points), higher first */
    int hi_id;    /* the higher player's pairing number */
    int ri, rj;
} board_sort_key;

static int cmp_board(const void *x, const void *y) {
    const board_sort_key *a = x, *b = y;
    if (a->hi2 != b->hi2)
        return b->hi2 - a->hi2;
    if (a->lo2 != b->lo2)
        return b->lo2 - a->lo2;
    return a->hi_id - b->hi_id;
}

static board_sort_key board_key(const sw_swiss_ranked *rk, int r, int m) {
    const sw_swiss_trf *trf = rk->trf;
    const sw_swiss_player *pr = &trf->players[rk->idx[r]], *pm = &trf->players[rk->idx[m]];
    int sr = rk->st->p[rk->idx[r]].score2 - sw_swiss_accel2(pr, trf->nrounds);
    int sm = rk->st->p[rk->idx[m]].score2 - sw_swiss_accel2(pm, trf->nrounds);
    bool r_hi = sr > sm || (sr == sm && pr->id < pm->id);
    return (board_sort_key){r_hi ? sr : sm, r_hi ? sm : sr, r_hi ? pr->id : pm->id, r, m};
}

sw_status sw_swiss_build_pairing(const sw_swiss_ranked *rk, const bool *bye_ok, const int *mate,
                                 const char *col, const sw_swiss_options *opt,
                                 sw_swiss_pairing *out, sw_error *err) {
    int np = rk->np;
    const sw_swiss_trf *trf = rk->trf;
    board_sort_key *bs = malloc(sizeof *bs * (size_t)(np / 2 + 2));
    out->boards = malloc(sizeof *out->boards * (size_t)(np / 2 + 2));
    out->unpaired = malloc(sizeof(int) * (size_t)(np + 1));
    if (!bs || !out->boards || !out->unpaired) {
        free(bs);
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    }
    int nb = 0, bye = -1;
    for (int r = 0; r < np; r++) {
        if (mate[r] == -2)
            bye = r;
        else if (mate[r] == -1)
            out->unpaired[out->nunpaired++] = trf->players[rk->idx[r]].id;
        else if (mate[r] > r)
            bs[nb++] = board_key(rk, r, mate[r]);
    }
    qsort(bs, (size_t)nb, sizeof *bs, cmp_board);
    int *effn = effective_numbers(trf);
    if (!effn) {
        free(bs);
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    }
    char initial = trf->initial_colour ? trf->initial_colour : 'w';
    for (int k = 0; k < nb; k++) {
        int i = bs[k].ri, j = bs[k].rj;
        const sw_swiss_pstate *a = &rk->st->p[rk->idx[i]], *b = &rk->st->p[rk->idx[j]];
        int ida = trf->players[rk->idx[i]].id, idb = trf->players[rk->idx[j]].id;
        char ca = col ? col[i]
                      : sw_swiss_choose_colour(a, b, effn[rk->idx[i]], idb, k + 1, initial,
                                               sw_swiss_pair_waived(rk, i, j));
        out->boards[k] = ca == 'w' ? (sw_swiss_board){ida, idb} : (sw_swiss_board){idb, ida};
        if (opt && opt->explain)
            sw_swiss_explain_board(rk, k + 1, i, j, ca, &out->explain);
    }
    out->nboards = nb;
    if (bye >= 0) {
        out->boards[out->nboards++] = (sw_swiss_board){trf->players[rk->idx[bye]].id, 0};
        if (opt && opt->explain)
            sw_strbuf_printf(&out->explain,
                             "bye: %d, the lowest ranked player whose absence leaves a legal "
                             "pairing of the rest\n",
                             trf->players[rk->idx[bye]].id);
    }
    for (int r = 0; r < np; r++)
        if (mate[r] == -1)
            sw_swiss_explain_unpaired(rk, bye_ok, r, &out->why);
    free(bs);
    free(effn);
    return SW_OK;
}

/* C.04.3 C9 (2025 rules: the fewest unplayed games of the bye's recipient)
 * counts in a bracket whose pairing leaves one downfloater, the bye's
 * recipient: a bracket from the recipient's score down where the optimum
 * mate (ranks, -2 the bye) floats no other player below it. c9 (np, by
 * rank) gets the brackets, prev (np) keeps the previous ones. Returns
 * whether they changed (from the last bracket only when rk->c9 is NULL). */
static bool c9_brackets(const sw_swiss_ranked *rk, const int *mate, bool *c9, bool *prev) {
    int np = rk->np, bye = -1;
    if (rk->c9)
        memcpy(prev, rk->c9, sizeof(bool) * (size_t)np);
    for (int r = 0; r < np; r++)
        bye = mate[r] == -2 ? r : bye;
    bool changed = false;
    for (int r = np - 1; r >= 0;) {
        /* the group ending at r: [gs, r] */
        int s = rk->st->p[rk->idx[r]].score2, gs = r;
        while (gs > 0 && rk->st->p[rk->idx[gs - 1]].score2 == s)
            gs--;
        int down = 0;
        for (int a = 0; a <= r; a++)
            down += mate[a] == -2 || mate[a] > r;
        bool on = bye >= 0 && bye <= r && down == 1;
        for (int a = gs; a <= r; a++) {
            c9[a] = on;
            bool was = rk->c9 ? prev[a] : r == np - 1;
            changed = changed || on != was;
        }
        r = gs - 1;
    }
    return changed;
}

sw_status sw_swiss_pair(const sw_swiss_trf *trf, const sw_swiss_options *opt, sw_swiss_pairing *out,
                        sw_error *err) {
    if ((opt && opt->burstein) || trf->burstein_named)
        return sw_swiss_pair_burstein(trf, opt, out, err);
    memset(out, 0, sizeof *out);
    sw_strbuf_init(&out->why);
    sw_strbuf_init(&out->explain);
    int round = trf->nrounds + 1;
    out->round = round;
    sw_swiss_state st;
    sw_status rc = sw_swiss_state_build(trf, round, &st, err);
    if (rc)
        return rc;
    int n = trf->nplayers;
    int *idx = malloc(sizeof(int) * (size_t)(n + 1)), *tmp = malloc(sizeof(int) * (size_t)(n + 1));
    int *mate = malloc(sizeof(int) * (size_t)(n + 1)), *who = malloc(sizeof(int) * (size_t)(n + 1));
    bool *bye_ok = malloc(sizeof(bool) * (size_t)(n + 1));
    if (!idx || !tmp || !mate || !who || !bye_ok) {
        rc = sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
        goto done;
    }
    int np = 0;
    for (int i = 0; i < n; i++)
        if (!trf->players[i].absent)
            idx[np++] = i;
    sw_swiss_sort_ranked(idx, np, &st, trf, tmp);
    sw_swiss_ranked rk = {np,
                          idx,
                          &st,
                          trf,
                          opt && opt->waive_colour_last_round && trf->total_rounds &&
                              round >= trf->total_rounds,
                          opt ? opt->sparse_window : 0,
                          &out->stats,
                          sw_swiss_top2(trf, round),
                          NULL,
                          NULL};
    int lists = -1;
    if (!(opt && opt->fast))
        rk.lists = &lists;
    for (int r = 0; r < np; r++) {
        bye_ok[r] = !st.p[idx[r]].had_bye && !st.p[idx[r]].had_fwin;
        who[r] = r;
    }
    if (opt && opt->fast && sw_swiss_fast_first_round(&rk, bye_ok, mate))
        rc = SW_OK;
    else if (opt && opt->fast)
        rc = sw_swiss_fast_match(&rk, bye_ok, mate, err);
    else
        rc = sw_swiss_exact_match(&rk, who, np, bye_ok, mate, err);
    /* C9 in every bracket whose only downfloater is the bye, read from the
     * optimum and solved again until it stays. */
    bool *c9 = NULL;
    if (!rc && !(opt && opt->fast) && np % 2 == 1) {
        c9 = malloc(sizeof(bool) * (size_t)(2 * np + 1));
        if (!c9)
            rc = sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
        for (int again = 0; !rc && again < 4; again++) {
            if (!c9_brackets(&rk, mate, c9, c9 + np))
                break;
            rk.c9 = c9;
            rc = sw_swiss_exact_match(&rk, who, np, bye_ok, mate, err);
        }
    }
    if (!rc && !(opt && opt->fast)) {
        bool done = false;
        rc = sw_swiss_bracket_order(&rk, who, bye_ok, mate, &done, err);
        if (!rc && !done)
            rc = sw_swiss_standard_order(&rk, who, bye_ok, mate, err);
    }
    if (!rc)
        rc = sw_swiss_build_pairing(&rk, bye_ok, mate, NULL, opt, out, err);
    if (!rc) {
        sw_swiss_measure(trf, round, out->boards, out->nboards, rk.waive, &out->quality);
        if (out->why.failed || out->explain.failed)
            rc = sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    }
    free(c9);
done:
    free(idx);
    free(tmp);
    free(mate);
    free(who);
    free(bye_ok);
    sw_swiss_state_free(&st);
    if (rc)
        sw_swiss_pairing_free(out);
    return rc;
}
