/* src/swiss/pair.c: the next round as a maximum weight matching.
 *
 * Players present are ranked by score (descending) then id. Every pair that
 * breaks no absolute rule (no rematch, a legal colour assignment) is an edge;
 * with an odd count a bye vertex joins every bye-eligible player. The matching
 * runs in max-cardinality mode (preference 1: pair as many as possible), and
 * one integer weight orders the rest lexicographically, most important first:
 *   real   2 per real game (bye edges 0): games before byes when deficient
 *   rank   (np - rank) per player in a game: who sits out is the lowest ranked
 *   sq     Dmax^2 - d^2: small score differences, several small before one big
 *   top    Dmax*Smax - d*s_high: floats happen as low in the standings as possible
 *   eq     players given the colour they had less
 *   alt    players given the colour opposite to their last one
 * Each component is multiplied by one more than the largest sum that all lower
 * components can reach over a matching, so no amount of a lower component
 * outweighs one unit of a higher one. The multipliers are computed from the
 * actual sizes and checked against the matching's weight limit.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "swiss/blossom.h"
#include "swiss/swiss_internal.h"

typedef sw_blossom_weight wt;

bool sw_swiss_legal(const sw_swiss_ranked *rk, int i, int j) {
    const sw_swiss_pstate *a = &rk->st->p[rk->idx[i]], *b = &rk->st->p[rk->idx[j]];
    int idb = rk->trf->players[rk->idx[j]].id;
    if (a->nopp < b->nopp ? sw_swiss_met(a, idb)
                          : sw_swiss_met(b, rk->trf->players[rk->idx[i]].id))
        return false;
    return (sw_swiss_colour_ok(a, 'w', rk->waive) && sw_swiss_colour_ok(b, 'b', rk->waive)) ||
           (sw_swiss_colour_ok(a, 'b', rk->waive) && sw_swiss_colour_ok(b, 'w', rk->waive));
}

typedef struct weights {
    wt k_real, k_rank, k_sq, k_top, k_eq;
    int dmax, smax, np;
} weights;

/* Multipliers for the players who[0..np-1] (ranks ascending): the fast
 * mode's repair matches a subset, and its sizes, not the field's, bound the sums. */
static sw_status make_weights(const sw_swiss_ranked *rk, const int *who, int np, weights *W,
                              sw_error *err) {
    int hi = 0, lo = 0;
    for (int r = 0; r < np; r++) {
        int s = rk->st->p[rk->idx[who[r]]].score2;
        if (r == 0 || s > hi)
            hi = s;
        if (r == 0 || s < lo)
            lo = s;
    }
    wt e = (np + 1) / 2;
    W->np = np;
    W->dmax = hi - lo;
    W->smax = hi + 1;
    W->k_eq = 2 * e + 1;
    W->k_top = W->k_eq * (2 * e + 1);
    W->k_sq = W->k_top * (e * W->dmax * W->smax + 1);
    W->k_rank = W->k_sq * (e * W->dmax * W->dmax + 1);
    W->k_real = W->k_rank * (e * 2 * np + 1);
    if (W->k_real > SW_BLOSSOM_WEIGHT_MAX / 4)
        return sw_error_set(err, SW_ERR_LIMIT, rk->trf->path, 0,
                            "%d players with scores up to %d.%d need weights beyond 2^118; use "
                            "--fast",
                            np, hi / 2, hi % 2 ? 5 : 0);
    return SW_OK;
}

/* Edge between who[pa] and who[pb], pa < pb; ranks inside the subset. */
static wt edge_weight(const sw_swiss_ranked *rk, const weights *W, const int *who, int pa,
                      int pb) {
    int i = who[pa], j = who[pb];
    const sw_swiss_pstate *a = &rk->st->p[rk->idx[i]], *b = &rk->st->p[rk->idx[j]];
    int d = a->score2 - b->score2; /* i ranks higher, so d >= 0 */
    char ca = sw_swiss_choose_colour(a, b, 0, 0, 1, 'w', rk->waive);
    char cb = ca == 'w' ? 'b' : 'w';
    int eq = sw_swiss_eq_pref(a, ca) + sw_swiss_eq_pref(b, cb);
    int alt = sw_swiss_alt_pref(a, ca) + sw_swiss_alt_pref(b, cb);
    return 2 * W->k_real + (wt)(2 * W->np - pa - pb) * W->k_rank +
           (wt)(W->dmax * W->dmax - d * d) * W->k_sq +
           (wt)(W->dmax * W->smax - d * a->score2) * W->k_top + (wt)eq * W->k_eq + alt;
}

sw_status sw_swiss_exact_match(const sw_swiss_ranked *rk, const int *who, int count,
                               const bool *bye_ok, int *mate, sw_error *err) {
    weights W;
    sw_status rc = make_weights(rk, who, count, &W, err);
    if (rc)
        return rc;
    size_t cap = (size_t)count * (size_t)(count - 1) / 2 + (size_t)count + 1, m = 0;
    if ((double)cap * sizeof(sw_blossom_edge) > 4e9)
        return sw_error_set(err, SW_ERR_LIMIT, rk->trf->path, 0,
                            "%d players are too many for the exact matching; use --fast", count);
    sw_blossom_edge *e = malloc(sizeof *e * cap);
    int *vm = malloc(sizeof(int) * (size_t)(count + 1));
    if (!e || !vm) {
        free(e);
        free(vm);
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory for %zu edges", cap);
    }
    for (int a = 0; a < count; a++)
        for (int b = a + 1; b < count; b++)
            if (sw_swiss_legal(rk, who[a], who[b]))
                e[m++] = (sw_blossom_edge){a, b, edge_weight(rk, &W, who, a, b)};
    int nv = count;
    if (count % 2 == 1) { /* the bye vertex */
        for (int a = 0; a < count; a++)
            if (bye_ok[who[a]])
                e[m++] = (sw_blossom_edge){a, count, 0};
        nv++;
    }
    rc = sw_blossom_match(nv, e, m, SW_BLOSSOM_MAX_CARDINALITY, vm, err);
    if (!rc)
        for (int a = 0; a < count; a++)
            mate[a] = vm[a] == count ? -2 : vm[a];
    free(e);
    free(vm);
    return rc;
}

/* ---- results ---- */

static int cmp_rank(const void *pa, const void *pb, const sw_swiss_state *st,
                    const sw_swiss_trf *trf) {
    int a = *(const int *)pa, b = *(const int *)pb;
    if (st->p[a].score2 != st->p[b].score2)
        return st->p[b].score2 - st->p[a].score2;
    return trf->players[a].id - trf->players[b].id;
}

/* qsort has no context argument in C17: a merge sort that passes it. */
static void sort_ranked(int *a, int n, const sw_swiss_state *st, const sw_swiss_trf *trf,
                        int *tmp) {
    if (n < 2)
        return;
    int h = n / 2;
    sort_ranked(a, h, st, trf, tmp);
    sort_ranked(a + h, n - h, st, trf, tmp);
    int i = 0, j = h, k = 0;
    while (i < h && j < n)
        tmp[k++] = cmp_rank(&a[j], &a[i], st, trf) < 0 ? a[j++] : a[i++];
    while (i < h)
        tmp[k++] = a[i++];
    while (j < n)
        tmp[k++] = a[j++];
    memcpy(a, tmp, sizeof(int) * (size_t)n);
}

void sw_swiss_pairing_free(sw_swiss_pairing *p) {
    if (!p)
        return;
    free(p->boards);
    free(p->unpaired);
    sw_strbuf_free(&p->why);
    sw_strbuf_free(&p->explain);
    memset(p, 0, sizeof *p);
}

static void pts(char *buf, size_t n, int s2) {
    snprintf(buf, n, "%d.%d", s2 / 2, s2 % 2 ? 5 : 0);
}

static void explain_unpaired(const sw_swiss_ranked *rk, const bool *bye_ok, int r,
                             sw_strbuf *why) {
    int met = 0, colour = 0, others = rk->np - 1;
    const sw_swiss_pstate *a = &rk->st->p[rk->idx[r]];
    for (int j = 0; j < rk->np; j++) {
        if (j == r)
            continue;
        if (sw_swiss_met(a, rk->trf->players[rk->idx[j]].id))
            met++;
        else if (!sw_swiss_legal(rk, r, j))
            colour++;
    }
    char s[16];
    pts(s, sizeof s, a->score2);
    sw_strbuf_printf(why, "player %d (%s): ", rk->trf->players[rk->idx[r]].id, s);
    if (met + colour == others)
        sw_strbuf_printf(why, "no legal opponent: met %d of the %d others (rule 1), colour "
                              "clash with %d (rule 2)",
                         met, others, colour);
    else
        sw_strbuf_printf(why, "every legal opponent is needed elsewhere: met %d of %d (rule 1), "
                              "colour clash with %d (rule 2)",
                         met, others, colour);
    if (!bye_ok[r])
        sw_strbuf_printf(why, "; no bye: %s (rule 3)",
                         a->had_bye ? "already had one" : "had a forfeit win");
    sw_strbuf_puts(why, "\n");
}

static void explain_board(const sw_swiss_ranked *rk, int board, int i, int j, char ca,
                          sw_strbuf *ex) {
    const sw_swiss_trf *trf = rk->trf;
    const sw_swiss_pstate *a = &rk->st->p[rk->idx[i]], *b = &rk->st->p[rk->idx[j]];
    int ida = trf->players[rk->idx[i]].id, idb = trf->players[rk->idx[j]].id;
    char sa[16], sb[16];
    pts(sa, sizeof sa, a->score2);
    pts(sb, sizeof sb, b->score2);
    sw_strbuf_printf(ex, "board %d: %d (%s) vs %d (%s): ", board, ida, sa, idb, sb);
    if (a->score2 == b->score2)
        sw_strbuf_printf(ex, "same score group");
    else
        sw_strbuf_printf(ex, "%d floats down from %s to meet %d (difference %d.%d)", ida, sa, idb,
                         (a->score2 - b->score2) / 2, (a->score2 - b->score2) % 2 ? 5 : 0);
    int white = ca == 'w' ? ida : idb;
    const sw_swiss_pstate *wp = ca == 'w' ? a : b, *bp = ca == 'w' ? b : a;
    const char *why;
    bool w_forced = !sw_swiss_colour_ok(wp, 'b', rk->waive);
    bool b_forced = !sw_swiss_colour_ok(bp, 'w', rk->waive);
    if (w_forced || b_forced)
        why = "forced by the absolute colour rules";
    else if (wp->coldiff < 0 || bp->coldiff > 0)
        why = "colour equalisation";
    else if (wp->last == 'b' || bp->last == 'w')
        why = "colour alternation";
    else if (wp->last == 0 && bp->last == 0)
        why = "first game: initial colour alternating by board";
    else
        why = "tie: higher ranked gets white";
    sw_strbuf_printf(ex, "; %d white (%s)\n", white, why);
}

typedef struct bsort {
    int top; /* rank of the better player */
    sw_swiss_board b;
    int ri, rj;
} bsort;

static int cmp_board(const void *x, const void *y) {
    const bsort *a = x, *b = y;
    return a->top - b->top;
}

static sw_status build_pairing(const sw_swiss_ranked *rk, const bool *bye_ok, const int *mate,
                               const sw_swiss_options *opt, sw_swiss_pairing *out,
                               sw_error *err) {
    int np = rk->np;
    const sw_swiss_trf *trf = rk->trf;
    bsort *bs = malloc(sizeof *bs * (size_t)(np / 2 + 2));
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
            bs[nb++] = (bsort){r, {0, 0}, r, mate[r]};
    }
    qsort(bs, (size_t)nb, sizeof *bs, cmp_board);
    char initial = trf->initial_colour ? trf->initial_colour : 'w';
    for (int k = 0; k < nb; k++) {
        int i = bs[k].ri, j = bs[k].rj;
        const sw_swiss_pstate *a = &rk->st->p[rk->idx[i]], *b = &rk->st->p[rk->idx[j]];
        int ida = trf->players[rk->idx[i]].id, idb = trf->players[rk->idx[j]].id;
        char ca = sw_swiss_choose_colour(a, b, ida, idb, k + 1, initial, rk->waive);
        out->boards[k] = ca == 'w' ? (sw_swiss_board){ida, idb} : (sw_swiss_board){idb, ida};
        if (opt && opt->explain)
            explain_board(rk, k + 1, i, j, ca, &out->explain);
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
            explain_unpaired(rk, bye_ok, r, &out->why);
    free(bs);
    return SW_OK;
}

sw_status sw_swiss_pair(const sw_swiss_trf *trf, const sw_swiss_options *opt,
                        sw_swiss_pairing *out, sw_error *err) {
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
    sort_ranked(idx, np, &st, trf, tmp);
    sw_swiss_ranked rk = {np, idx, &st, trf,
                          opt && opt->waive_colour_last_round && trf->total_rounds &&
                              round >= trf->total_rounds};
    for (int r = 0; r < np; r++) {
        bye_ok[r] = !st.p[idx[r]].had_bye && !st.p[idx[r]].had_fwin;
        who[r] = r;
    }
    if (opt && opt->fast)
        rc = sw_swiss_fast_match(&rk, bye_ok, mate, err);
    else
        rc = sw_swiss_exact_match(&rk, who, np, bye_ok, mate, err);
    if (!rc)
        rc = build_pairing(&rk, bye_ok, mate, opt, out, err);
    if (!rc) {
        sw_swiss_measure(trf, round, out->boards, out->nboards, rk.waive, &out->quality);
        if (out->why.failed || out->explain.failed)
            rc = sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    }
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

void sw_swiss_measure(const sw_swiss_trf *trf, int round, const sw_swiss_board *boards,
                      int nboards, bool waive, sw_swiss_quality *q) {
    memset(q, 0, sizeof *q);
    sw_swiss_state st;
    if (sw_swiss_state_build(trf, round, &st, NULL))
        return;
    int n = trf->nplayers;
    char *seen = calloc((size_t)n, 1);
    if (!seen) {
        sw_swiss_state_free(&st);
        return;
    }
    for (int k = 0; k < nboards; k++) {
        int w = boards[k].white, b = boards[k].black;
        int iw = w >= 1 && w <= trf->max_id ? trf->index_of_id[w] : -1;
        int ib = b >= 1 && b <= trf->max_id ? trf->index_of_id[b] : -1;
        if (iw < 0 || (b != 0 && ib < 0) || seen[iw] || (ib >= 0 && seen[ib])) {
            q->violations++;
            continue;
        }
        seen[iw] = 1;
        if (trf->players[iw].absent)
            q->violations++;
        const sw_swiss_pstate *a = &st.p[iw];
        if (b == 0) {
            q->byes++;
            if (a->had_bye || a->had_fwin)
                q->violations++;
            continue;
        }
        seen[ib] = 1;
        const sw_swiss_pstate *c = &st.p[ib];
        q->pairs++;
        if (trf->players[ib].absent || sw_swiss_met(a, b) || !sw_swiss_colour_ok(a, 'w', waive) ||
            !sw_swiss_colour_ok(c, 'b', waive))
            q->violations++;
        int d = a->score2 > c->score2 ? a->score2 - c->score2 : c->score2 - a->score2;
        q->score_diff_sum2 += d;
        if (d > q->score_diff_max2)
            q->score_diff_max2 = d;
        /* The preferred colour: equalisation first, else alternation. */
        const sw_swiss_pstate *pl[2] = {a, c};
        for (int s = 0; s < 2; s++) {
            char got = s == 0 ? 'w' : 'b', want = 0;
            if (pl[s]->coldiff)
                want = pl[s]->coldiff < 0 ? 'w' : 'b';
            else if (pl[s]->last)
                want = pl[s]->last == 'w' ? 'b' : 'w';
            if (want && want != got)
                q->colour_misses++;
        }
    }
    for (int i = 0; i < n; i++)
        if (!trf->players[i].absent && !seen[i])
            q->unpaired++;
    free(seen);
    sw_swiss_state_free(&st);
}
