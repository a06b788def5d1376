/* src/swiss/burstein.c: the Burstein system (FIDE C.04.4.2, the version
 * bbpPairings implements): players ordered within their score by
 * Sonneborn-Berger, Buchholz and median (unplayed games counted against a
 * virtual opponent), the bye to the lowest eligible, score groups merged
 * downwards until each can be paired with at most one floater, then each
 * group from its top player down: the lowest player it can meet while the
 * rest stays paired as well (the most games, the most pairs inside score
 * groups, the most colour preferences met). Every decision is one maximum
 * weight matching (blossom.h) over the players still unpaired; the
 * weights, the order of the decisions and the colours are in
 * docs/swiss.md ("The Burstein system").
 * SPDX-License-Identifier: MIT */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "swiss/pair_internal.h"

/* Edge codes of the weight matrix: the pair may meet, it is inside one
 * (merged) score group, their colour preferences are compatible. */
enum { E_OK = 1, E_SAME = 2, E_COL = 4 };

typedef struct bz_player {
    int i;          /* index into trf->players */
    int score;      /* half points, acceleration included */
    int64_t sb, bt, mt; /* Sonneborn-Berger, Buchholz and median tie-breaks */
    int id;
    char pref;      /* colour preference: 'w', 'b' or 0 */
    bool absolute;  /* the preference is absolute */
} bz_player;

typedef struct bz {
    const sw_swiss_trf *trf;
    const sw_swiss_state *st;
    bz_player *pl;  /* by vertex (players to pair, in order), the bye after them */
    int nv;         /* vertices */
    uint8_t *code;  /* nv * nv edge codes */
    int32_t *prio;  /* nv * nv: the priority of the pair for its higher player */
    bool *fin;      /* vertex finalised (paired for good) */
    int *mate;      /* the last solve's matching (-1 unmatched) */
    sw_blossom_edge *e;
    size_t ecap;
    int64_t u_same, u_col; /* units of the solve's weight */
} bz;

/* The point system's values the tie-breaks need (half points). */
typedef struct bz_points {
    int win, draw, fl, pab;
} bz_points;

static bz_points points_of(const sw_swiss_trf *trf) {
    if (!trf->points_custom)
        return (bz_points){2, 1, 0, 2};
    return (bz_points){trf->pts2[SW_PTS_WW], trf->pts2[SW_PTS_WD], trf->pts2[SW_PTS_FL],
                       trf->pts2[SW_PTS_PAB]};
}

/* -1 a loss (or nothing), 0 a draw, 1 a win, as the result code counts. */
static int result_kind(char r) {
    if (r == '=' || r == 'D' || r == 'H')
        return 0;
    if (r == '1' || r == 'W' || r == '+' || r == 'F' || r == 'U')
        return 1;
    return -1;
}

static bool game_played(const sw_swiss_game *g) {
    return g->opp > 0 && sw_swiss_played(g->result);
}

/* The virtual opponent's own result in an unplayed round: a win against a
 * loss, a draw against a draw; against a win a forfeit loss, except that a
 * pairing-allocated bye worth less than a win counts as the draw or loss
 * nearest below it. */
static int virtual_result(const bz_points *pt, const sw_swiss_game *g) {
    int k = result_kind(g->result);
    if (k < 0)
        return pt->win;
    if (k == 0)
        return pt->draw;
    if (sw_swiss_is_bye(g) && pt->pab < pt->win)
        return pt->pab < pt->draw ? pt->win : pt->draw;
    return pt->fl;
}

/* Default acceleration (no XXA or 250 line): rounds 1 and 2 add a win to
 * the first half of the players by pairing number who take part in round
 * 1 (everyone present when round 1 is paired). acc by player index. */
static void default_acceleration(const sw_swiss_trf *trf, const bz_points *pt, int *acc) {
    int n = trf->nplayers;
    memset(acc, 0, sizeof(int) * (size_t)n);
    if (trf->accelerated || trf->nrounds >= 2)
        return;
    long bound = 0;
    bool *in = calloc((size_t)n + 1, sizeof *in);
    if (!in)
        return;
    for (int i = 0; i < n; i++) {
        const sw_swiss_player *p = &trf->players[i];
        if (trf->nrounds == 0)
            in[i] = !p->absent;
        else
            in[i] = p->games[0].opp != 0 || sw_swiss_is_bye(&p->games[0]);
        bound += in[i];
    }
    if (bound > 1)
        for (int id = 0; id <= trf->max_id; id++) {
            int i = trf->index_of_id[id];
            if (i < 0)
                continue;
            acc[i] = pt->win;
            if (in[i]) {
                bound -= 2;
                if (bound <= 1)
                    break;
            }
        }
    free(in);
}

/* Player i's acceleration in the round being paired. */
static int accel_of(const sw_swiss_trf *trf, const int *dacc, int i) {
    return trf->accelerated ? sw_swiss_accel2(&trf->players[i], trf->nrounds) : dacc[i];
}

/* Sonneborn-Berger, Buchholz and median of player i (adj: every player's
 * score with unplayed games as draws). */
static void tie_breaks(const sw_swiss_trf *trf, const bz_points *pt, const int *dacc,
                       const int64_t *adj, int i, bz_player *out) {
    const sw_swiss_player *p = &trf->players[i];
    int R = trf->nrounds;
    int64_t vp = (int64_t)(R - 1) * pt->draw + accel_of(trf, dacc, i);
    int64_t sb = 0, bt = 0, lo = INT64_MAX, hi = 0;
    for (int r = 0; r < R; r++) {
        const sw_swiss_game *g = &p->games[r];
        int pts = sw_swiss_game_points2(trf, g);
        int64_t a;
        if (game_played(g))
            a = adj[trf->index_of_id[g->opp]];
        else
            a = vp + virtual_result(pt, g);
        sb += a * pts;
        bt += a;
        lo = a < lo ? a : lo;
        hi = a > hi ? a : hi;
        vp += pts - pt->draw;
    }
    out->sb = sb;
    out->bt = bt;
    out->mt = R > 2 ? bt - lo - hi : 0;
}

/* bbpPairings' colour preference: the colour that evens an imbalance of
 * two or more, else the other of two same colours in a row, else the one
 * that evens the imbalance, else the other of the last colour. */
static char colour_pref(const sw_swiss_pstate *a, bool *absolute) {
    int cd = a->coldiff, imb = cd < 0 ? -cd : cd;
    char lower = cd > 0 ? 'b' : 'w';
    char other = a->last == 'w' ? 'b' : 'w';
    *absolute = imb > 1 || a->run > 1;
    if (imb > 1)
        return lower;
    if (a->run > 1)
        return other;
    if (imb > 0)
        return lower;
    return a->last ? other : 0;
}

/* Is a above b in a score group? Players of one score compare by
 * Sonneborn-Berger, Buchholz, median, pairing number; a floater against
 * the group by Sonneborn-Berger, then Buchholz and median times the
 * score, then pairing number. */
static bool above(const bz_player *a, const bz_player *b) {
    if (a->sb != b->sb)
        return a->sb > b->sb;
    int64_t ba = a->bt, bb = b->bt, ma = a->mt, mb = b->mt;
    if (a->score != b->score)
        ba *= a->score, bb *= b->score, ma *= a->score, mb *= b->score;
    if (ba != bb)
        return ba > bb;
    if (ma != mb)
        return ma > mb;
    return a->id < b->id;
}

static bool ranked_before(const bz_player *a, const bz_player *b) {
    return a->score != b->score ? a->score > b->score : above(a, b);
}

static void sort_players(bz_player *p, int n, bz_player *tmp) {
    if (n < 2)
        return;
    int h = n / 2;
    sort_players(p, h, tmp);
    sort_players(p + h, n - h, tmp);
    int i = 0, j = h, k = 0;
    while (i < h && j < n)
        tmp[k++] = ranked_before(&p[j], &p[i]) ? p[j++] : p[i++];
    while (i < h)
        tmp[k++] = p[i++];
    while (j < n)
        tmp[k++] = p[j++];
    memcpy(p, tmp, sizeof *p * (size_t)n);
}

/* The weight matrix. */
static void set_edge(bz *b, int u, int v, bool same, bool colour) {
    const bz_player *pu = &b->pl[u], *pv = &b->pl[v];
    uint8_t c = 0;
    bool met = sw_swiss_met(&b->st->p[pu->i], pv->id);
    if (!met && !(pu->absolute && pv->absolute && pu->pref == pv->pref)) {
        c = E_OK;
        if (same)
            c |= E_SAME;
        if (same && colour && (!pu->pref || !pv->pref || pu->pref != pv->pref))
            c |= E_COL;
    }
    size_t nv = (size_t)b->nv;
    b->code[(size_t)u * nv + (size_t)v] = b->code[(size_t)v * nv + (size_t)u] = c;
    b->prio[(size_t)u * nv + (size_t)v] = b->prio[(size_t)v * nv + (size_t)u] = 0;
}

static void set_plain(bz *b, int u, int v) {
    size_t nv = (size_t)b->nv;
    b->code[(size_t)u * nv + (size_t)v] = b->code[(size_t)v * nv + (size_t)u] = E_OK;
    b->prio[(size_t)u * nv + (size_t)v] = b->prio[(size_t)v * nv + (size_t)u] = 0;
}

/* The maximum weight matching of the current matrix into b->mate: the most
 * pairs, then the most inside score groups, then the most colour
 * preferences met, then the priorities. Finalised vertices stay out. */
static sw_status solve(bz *b, int lim, sw_error *err) {
    size_t m = 0, nv = (size_t)b->nv;
    for (int u = 0; u < lim; u++) {
        if (b->fin[u])
            continue;
        const uint8_t *row = b->code + (size_t)u * nv;
        for (int v = u + 1; v < lim; v++) {
            if (!(row[v] & E_OK) || b->fin[v])
                continue;
            if (m == b->ecap) {
                size_t cap = b->ecap ? 2 * b->ecap : 1024;
                sw_blossom_edge *e = realloc(b->e, sizeof *e * cap);
                if (!e)
                    return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
                b->e = e, b->ecap = cap;
            }
            int64_t w = (row[v] & E_SAME ? b->u_same : 0) + (row[v] & E_COL ? b->u_col : 0) +
                        b->prio[(size_t)u * nv + (size_t)v];
            b->e[m++] = (sw_blossom_edge){u, v, (sw_blossom_weight)w};
        }
    }
    return sw_blossom_match(lim, b->e, m, SW_BLOSSOM_MAX_CARDINALITY, b->mate, err);
}

/* The score groups' boundaries, bbpPairings' way: a list of vertex
 * indices, each group's start, the start repeated where a group can float
 * nobody to the next. */
typedef struct bz_bounds {
    int *a;
    int n;
} bz_bounds;

#define BACK(k) (sg->a[sg->n - 1 - (k)])

/* Every vertex of the groups above the current one is paired, and no group
 * has more players paired outside it (or left unpaired) than one floater
 * each way. */
static bool matching_valid(const bz *b, const bz_bounds *sg) {
    int it = 0, unmatched = 0, gbeg = 0;
    for (int v = 0; v < b->nv; v++) {
        if (v >= BACK(0))
            return true;
        if (v >= sg->a[it]) {
            unmatched = 0;
            gbeg = v;
            do
                it++;
            while (v >= sg->a[it]);
        }
        int m = b->mate[v] < 0 ? v : b->mate[v];
        if (m == v && v < BACK(1))
            return false;
        if (m == v || m < gbeg || m >= sg->a[it])
            if (++unmatched > (sg->a[it] & 1 ? 2 : 1))
                return false;
    }
    return true;
}

/* Phase 1: the score groups, merged downwards until each can be paired. */
static sw_status build_groups(bz *b, bz_bounds *sg, bool *valid, sw_error *err) {
    int nv = b->nv;
    sg->a[0] = sg->a[1] = 0;
    sg->n = 2;
    bool ok = true;
    sw_status rc;
    while (BACK(0) < nv) {
        sg->a[sg->n] = BACK(0);
        sg->n++;
        do {
            int gbeg = BACK(0);
            do {
                for (int v = BACK(2); v < BACK(0); v++)
                    set_edge(b, BACK(0), v, v >= BACK(1), false);
                BACK(0)++;
            } while (BACK(0) < nv && b->pl[gbeg].score == b->pl[BACK(0)].score);
            if (BACK(0) & 1)
                for (int v = BACK(1); v < BACK(0); v++)
                    set_plain(b, BACK(0), v);
            int lim = BACK(0) + 1 < nv ? BACK(0) + 1 : nv;
            if ((rc = solve(b, lim, err)))
                return rc;
            for (int v = lim; v < nv; v++)
                b->mate[v] = -1;
            ok = matching_valid(b, sg);
        } while (BACK(0) < nv && !ok);
        if (BACK(0) < nv && !(BACK(0) & 1)) {
            sg->a[sg->n] = BACK(0);
            sg->n++;
        }
    }
    /* The last group cannot be paired: merge it with the one above. */
    while (sg->n > 3 && !ok) {
        sg->n--;
        int boundary = BACK(0);
        sg->n--;
        int gbeg = BACK(0);
        sg->n--;
        for (int u = BACK(0); u < boundary; u++)
            for (int v = boundary; v < nv; v++)
                set_edge(b, u, v, u >= gbeg, false);
        if ((rc = solve(b, nv, err)))
            return rc;
        sg->a[sg->n++] = gbeg;
        sg->a[sg->n++] = nv;
        ok = matching_valid(b, sg);
    }
    *valid = ok;
    return SW_OK;
}

/* Phase 2: each group from its top player down takes the lowest opponent
 * that keeps the rest as well paired (the priorities rise down the
 * group); a player the matching sends below the group floats into the
 * next one. pairs[v] receives v's opponent (-1: none). */
static sw_status pair_groups(bz *b, const bz_bounds *sg, int *pairs, int *grp, sw_error *err) {
    int nv = b->nv, beg = sg->a[0], floater = -1;
    size_t snv = (size_t)nv;
    sw_status rc;
    for (int k = 1; k < sg->n; k++) {
        int end = sg->a[k];
        if (beg == end)
            continue;
        int g = 0;
        for (int v = beg; v < end; v++)
            grp[g++] = v;
        if (floater >= 0)
            grp[g++] = floater;
        floater = -1;
        /* the group's order: stable insertion by the tie-breaks */
        for (int x = 1; x < g; x++) {
            int v = grp[x], y = x;
            while (y > 0 && above(&b->pl[v], &b->pl[grp[y - 1]])) {
                grp[y] = grp[y - 1];
                y--;
            }
            grp[y] = v;
        }
        for (int x = 0; x < g; x++)
            for (int y = g - 1; y > x; y--)
                set_edge(b, grp[x], grp[y], true, true);
        for (int x = 0; x < g; x++) {
            int v = grp[x];
            if (b->fin[v])
                continue;
            int32_t pr = 1;
            for (int y = x + 1; y < g; y++) {
                int u = grp[y];
                if (b->fin[u] || !(b->code[(size_t)v * snv + (size_t)u] & E_OK))
                    continue;
                b->prio[(size_t)v * snv + (size_t)u] = b->prio[(size_t)u * snv + (size_t)v] = pr++;
            }
            if ((rc = solve(b, nv, err)))
                return rc;
            int m = b->mate[v];
            if (m < 0) { /* no pairing of everyone: left out */
                b->fin[v] = true;
                continue;
            }
            if (m >= end) {
                floater = v;
                continue;
            }
            pairs[v] = m, pairs[m] = v;
            b->fin[v] = b->fin[m] = true;
        }
        beg = end;
    }
    return SW_OK;
}

/* The colour of v against u (v above u in its group), as bbpPairings
 * gives it: the Dutch allocation between the two, the preference of the
 * player above when they are equal, and the initial colour by pairing
 * numbers when neither has a preference. effn: the colour rule's numbers. */
static char colour_of(const bz *b, int v, int u, const int *effn) {
    const bz_player *pv = &b->pl[v], *pu = &b->pl[u];
    const sw_swiss_pstate *sv = &b->st->p[pv->i], *su = &b->st->p[pu->i];
    bool v_hi = above(pv, pu);
    const bz_player *hi = v_hi ? pv : pu, *lo = v_hi ? pu : pv;
    /* the number the last rule reads: the player first by pairing number
     * gets the initial colour when his number is odd */
    int nh = effn[hi->i], nl = effn[lo->i];
    int a_id = hi->id < lo->id ? nh : nl + 1;
    char c = sw_swiss_choose_colour(v_hi ? sv : su, v_hi ? su : sv, a_id, lo->id, 1,
                                    b->trf->initial_colour ? b->trf->initial_colour : 'w', false);
    if (!c)
        c = 'w';
    return v_hi ? c : (c == 'w' ? 'b' : 'w');
}

sw_status sw_swiss_pair_burstein(const sw_swiss_trf *trf, const sw_swiss_options *opt,
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
    bz b = {0};
    b.trf = trf;
    b.st = &st;
    bz_points pt = points_of(trf);
    int *dacc = malloc(sizeof(int) * (size_t)(n + 1));
    int64_t *adj = malloc(sizeof(int64_t) * (size_t)(n + 1));
    bz_player *pl = malloc(sizeof *pl * (size_t)(n + 1)), *tmp = malloc(sizeof *tmp * (size_t)(n + 1));
    int *idx = malloc(sizeof(int) * (size_t)(n + 1)), *mate = malloc(sizeof(int) * (size_t)(n + 1));
    int *effn = malloc(sizeof(int) * (size_t)(n + 1));
    bool *bye_ok = malloc(sizeof(bool) * (size_t)(n + 1));
    char *col = malloc((size_t)n + 1);
    bz_bounds sg = {malloc(sizeof(int) * (size_t)(2 * n + 8)), 0};
    if (!dacc || !adj || !pl || !tmp || !idx || !mate || !effn || !bye_ok || !col || !sg.a) {
        rc = sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
        goto done;
    }
    default_acceleration(trf, &pt, dacc);
    for (int i = 0; i < n; i++) {
        const sw_swiss_player *p = &trf->players[i];
        int64_t a = accel_of(trf, dacc, i);
        for (int r = 0; r < trf->nrounds; r++)
            a += game_played(&p->games[r]) ? sw_swiss_game_points2(trf, &p->games[r]) : pt.draw;
        adj[i] = a;
    }
    /* the colour rule's numbers (as the Dutch pairing counts them) */
    {
        int next = 1;
        for (int id = 0; id <= trf->max_id; id++) {
            int i = trf->index_of_id[id];
            if (i >= 0)
                effn[i] = !trf->players[i].absent || sw_swiss_took_part(&trf->players[i], trf->nrounds)
                              ? next++
                              : 0;
        }
    }
    int np = 0;
    for (int i = 0; i < n; i++) {
        const sw_swiss_player *p = &trf->players[i];
        if (p->absent)
            continue;
        bz_player *q = &pl[np++];
        q->i = i;
        q->id = p->id;
        q->score = st.p[i].score2 - sw_swiss_accel2(p, trf->nrounds) + accel_of(trf, dacc, i);
        tie_breaks(trf, &pt, dacc, adj, i, q);
        q->pref = colour_pref(&st.p[i], &q->absolute);
    }
    sort_players(pl, np, tmp);
    /* the bye: the lowest player never given one nor a forfeit win */
    int bye = -1;
    if (np % 2 == 1) {
        for (int r = np - 1; r >= 0 && bye < 0; r--)
            if (!st.p[pl[r].i].had_bye && !st.p[pl[r].i].had_fwin)
                bye = r;
        if (bye < 0)
            bye = np - 1; /* nobody may have it: the lowest is left out */
        bz_player t = pl[bye];
        memmove(pl + bye, pl + bye + 1, sizeof *pl * (size_t)(np - 1 - bye));
        pl[np - 1] = t;
    }
    int nv = np - (np % 2);
    b.pl = pl;
    b.nv = nv;
    b.u_col = 2 * (int64_t)nv + 2;
    b.u_same = ((int64_t)nv + 2) * b.u_col;
    size_t nn = (size_t)nv * (size_t)nv;
    b.code = calloc(nn ? nn : 1, 1);
    b.prio = calloc(nn ? nn : 1, sizeof *b.prio);
    b.fin = calloc((size_t)nv + 1, sizeof *b.fin);
    b.mate = malloc(sizeof(int) * ((size_t)nv + 1));
    int *pairs = malloc(sizeof(int) * ((size_t)nv + 1)), *grp = malloc(sizeof(int) * ((size_t)nv + 2));
    if (!b.code || !b.prio || !b.fin || !b.mate || !pairs || !grp) {
        free(pairs);
        free(grp);
        rc = sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
        goto done;
    }
    for (int v = 0; v < nv; v++)
        pairs[v] = -1;
    bool valid = true;
    if (nv > 0) {
        rc = build_groups(&b, &sg, &valid, err);
        if (!rc)
            rc = pair_groups(&b, &sg, pairs, grp, err);
    }
    if (!rc) {
        /* the ranked view build_pairing reads: the vertices, then the bye */
        for (int r = 0; r < np; r++) {
            idx[r] = pl[r].i;
            bye_ok[r] = !st.p[pl[r].i].had_bye && !st.p[pl[r].i].had_fwin;
            mate[r] = r < nv ? pairs[r] : -1;
        }
        if (np % 2 == 1)
            mate[np - 1] = bye_ok[np - 1] ? -2 : -1;
        for (int v = 0; v < nv; v++)
            if (pairs[v] > v) {
                /* v above its opponent in their group */
                char c = colour_of(&b, v, pairs[v], effn);
                col[v] = c;
                col[pairs[v]] = c == 'w' ? 'b' : 'w';
            }
        sw_swiss_ranked rk = {np, idx, &st, trf, false, 0, &out->stats, -1, NULL, NULL};
        sw_swiss_options o = opt ? *opt : (sw_swiss_options){0};
        o.explain = false;
        rc = sw_swiss_build_pairing(&rk, bye_ok, mate, col, &o, out, err);
        if (!rc)
            sw_swiss_measure(trf, round, out->boards, out->nboards, false, &out->quality);
        if (!rc && out->why.failed)
            rc = sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    }
    (void)valid;
    free(pairs);
    free(grp);
done:
    free(dacc);
    free(adj);
    free(pl);
    free(tmp);
    free(idx);
    free(mate);
    free(effn);
    free(bye_ok);
    free(col);
    free(sg.a);
    free(b.code);
    free(b.prio);
    free(b.fin);
    free(b.mate);
    free(b.e);
    sw_swiss_state_free(&st);
    if (rc)
        sw_swiss_pairing_free(out);
    return rc;
}
