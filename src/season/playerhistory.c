/* src/season/playerhistory.c: a history per player, mapped onto the pairs.
 *
 * Clubs count meetings per player, since partnerships change. The file is
 * a history CSV whose header names players (docs/formats.md, "History per
 * player"):
 *
 *   player1,player2,meetings[,comparisons]
 *   10231,10457,7.5
 *
 * Values are exact rationals. Pair P = {x, y} and pair Q = {u, v} met as
 * often as their four players did, over 4: one meeting of P and Q is one of
 * each of x-u, x-v, y-u, y-v, so S(P, Q) / 4 with S the sum of those four
 * counts recovers it exactly when P and Q always played as they are now,
 * and weighs a meeting of one partner in an earlier partnership a quarter.
 * M and C (comparisons) are that value exactly: M over the history's
 * meetings unit (history.unit, the lcm of the denominators the mapped
 * meetings need), C over its scale, so a fraction stays a fraction.
 * SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "season/season.h"
#include "season/season_internal.h"
#include "util/fileio.h"
#include "util/wide.h"

static const char *const field_name[] = {"first player", "second player", "meetings",
                                         "comparisons"};

/* The lcm of the meetings' denominators stays within this, so that 4 times
 * it is still a history unit; that of the comparisons' within the other,
 * so that 4 times it is still a history scale. */
#define MAX_MEET_DENOMINATORS (SW_HISTORY_MAX_UNIT / 4)
#define MAX_COMP_DENOMINATORS (SW_HISTORY_MAX_SCALE / 4)

typedef struct pentry {
    int id, pair; /* a player of pair index `pair` */
} pentry;

typedef struct prow {
    int x, y;       /* distinct player indices */
    int64_t mn, md; /* meetings num/den */
    int64_t cn, cd; /* comparisons num/den */
} prow;

typedef struct pparse {
    const char *file;
    int line;
    sw_season *s;
    sw_error *err;
    pentry *ent; /* every pair's players, sorted by id then pair */
    int nent;
    int *start; /* [np+1]: distinct player i's entries are ent[start[i] .. start[i+1]) */
    int np;
    int *seen; /* [np*np]: the line that listed two players, 0 = none */
    prow *rows;
    int nrows, cap;
    int64_t dm, dc; /* lcm of the meetings' and the comparisons' denominators */
    int left_out;   /* rows naming a player of no pair */
    int *unknown;   /* those players' ids, with repeats */
    int nunknown, capunknown;
} pparse;

static int by_id(const void *a, const void *b) {
    const pentry *x = a, *y = b;
    if (x->id != y->id)
        return x->id < y->id ? -1 : 1;
    return (x->pair > y->pair) - (x->pair < y->pair);
}

/* The players of every pair, sorted, and where each distinct one starts. */
static int build_players(pparse *pp) {
    const sw_season *s = pp->s;
    pp->ent = malloc((size_t)s->n * 2 * sizeof *pp->ent + 1);
    pp->start = malloc(((size_t)s->n * 2 + 1) * sizeof *pp->start);
    if (!pp->ent || !pp->start)
        return -1;
    for (int i = 0; i < s->n; i++)
        for (int k = 0; k < 2 && s->part[i].player[0].id; k++)
            pp->ent[pp->nent++] = (pentry){s->part[i].player[k].id, i};
    qsort(pp->ent, (size_t)pp->nent, sizeof *pp->ent, by_id);
    for (int e = 0; e < pp->nent; e++)
        if (e == 0 || pp->ent[e].id != pp->ent[e - 1].id)
            pp->start[pp->np++] = e;
    pp->start[pp->np] = pp->nent;
    pp->seen = calloc((size_t)pp->np * (size_t)pp->np + 1, sizeof *pp->seen);
    return pp->seen ? 0 : -1;
}

/* Distinct player index of id, -1 when no pair has that player. */
static int find_player(const pparse *pp, long id) {
    int lo = 0, hi = pp->np - 1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2, v = pp->ent[pp->start[mid]].id;
        if (v == id)
            return mid;
        if (v < id)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

static sw_status bad_field(pparse *pp, int k, sw_csv_field f, const char *expect) {
    return sw_error_set(pp->err, SW_ERR_PARSE, pp->file, pp->line, "field %d (%s) '%.*s' %s", k + 1,
                        field_name[k], (int)(f.n > 40 ? 40 : f.n), f.p, expect);
}

/* *d = lcm(*d, den), refused past the column's limit. */
static sw_status join_denominator(pparse *pp, int k, sw_csv_field f, int64_t *d, int64_t den) {
    int64_t L = *d / sw_gcd64(*d, den) * den,
            most = k == 2 ? MAX_MEET_DENOMINATORS : MAX_COMP_DENOMINATORS;
    if (L > most)
        return sw_error_set(pp->err, SW_ERR_LIMIT, pp->file, pp->line,
                            "field %d (%s) '%.*s': the denominators of the history's %s have a "
                            "common multiple above %lld; round the values to fewer decimals",
                            k + 1, field_name[k], (int)(f.n > 40 ? 40 : f.n), f.p, field_name[k],
                            (long long)most);
    *d = L;
    return SW_OK;
}

static sw_status read_values(pparse *pp, const sw_csv_field *f, int nf, prow *r) {
    const int64_t mmax = SW_HISTORY_MAX_MEETINGS, cmax = 2 * mmax;
    if (sw_csv_rational(f[2], &r->mn, &r->md) != 0 || r->mn < 0 ||
        r->md > SW_HISTORY_MAX_DENOMINATOR || r->mn > mmax * r->md)
        return bad_field(pp, 2, f[2],
                         "is not a number of meetings, expected 0..100000: a whole number, a "
                         "decimal (7.5) or a fraction (15/2)");
    r->cn = r->mn;
    r->cd = r->md;
    if (nf == 4 &&
        (sw_csv_rational(f[3], &r->cn, &r->cd) != 0 || r->cd > SW_HISTORY_MAX_DENOMINATOR ||
         r->cn > cmax * r->cd || r->cn < -cmax * r->cd))
        return bad_field(pp, 3, f[3],
                         "is not a number of comparisons, expected -200000..200000: an "
                         "integer, a decimal (2.25) or a fraction (7/3)");
    return SW_OK;
}

/* A row of players a and b (0 = one in a pair) left out: counted, and its
 * players kept for the report (ids of 1..999999999 fit an int). */
static sw_status leave_out(pparse *pp, long a, long b) {
    pp->left_out++;
    if (pp->nunknown + 2 > pp->capunknown) {
        int ncap = pp->capunknown ? 2 * pp->capunknown : 16;
        int *nu = realloc(pp->unknown, (size_t)ncap * sizeof *nu);
        if (!nu)
            return sw_error_set(pp->err, SW_ERR_NOMEM, pp->file, pp->line, "out of memory");
        pp->unknown = nu;
        pp->capunknown = ncap;
    }
    if (a)
        pp->unknown[pp->nunknown++] = (int)a;
    if (b)
        pp->unknown[pp->nunknown++] = (int)b;
    return SW_OK;
}

static int by_value(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* The players left out joined to the history's list: ascending, each once. */
static sw_status join_left_out(pparse *pp) {
    sw_history *h = &pp->s->history;
    if (pp->nunknown == 0)
        return SW_OK;
    int total = h->nplayers_left_out + pp->nunknown;
    int *all = realloc(h->players_left_out, (size_t)total * sizeof *all);
    if (!all)
        return sw_error_set(pp->err, SW_ERR_NOMEM, pp->file, 0, "out of memory");
    memcpy(all + h->nplayers_left_out, pp->unknown, (size_t)pp->nunknown * sizeof *all);
    qsort(all, (size_t)total, sizeof *all, by_value);
    int k = 0;
    for (int i = 0; i < total; i++)
        if (k == 0 || all[k - 1] != all[i])
            all[k++] = all[i];
    h->players_left_out = all;
    h->nplayers_left_out = k;
    return SW_OK;
}

/* One row of nf fields (at least one). */
static sw_status parse_row(pparse *pp, const sw_csv_field *f, int nf, bool *header) {
    if (*header) { /* the first row names the columns (and told the kind) */
        *header = false;
        return SW_OK;
    }
    if (nf < 3 || nf > 4)
        return sw_error_set(pp->err, SW_ERR_PARSE, pp->file, pp->line,
                            "%d field%s, expected 3 or 4: player1,player2,meetings[,comparisons]",
                            nf, nf == 1 ? "" : "s");
    long id[2];
    for (int k = 0; k < 2; k++) {
        id[k] = sw_csv_digits(f[k].p, f[k].n);
        if (id[k] < 1 || id[k] > SW_PLAYER_MAX_ID)
            return bad_field(pp, k, f[k], "is not a player number, expected 1..999999999");
    }
    if (id[0] == id[1])
        return sw_error_set(pp->err, SW_ERR_INVALID, pp->file, pp->line,
                            "field 2 (second player): player %ld twice, expected two different "
                            "players",
                            id[0]);
    prow r;
    sw_status st = read_values(pp, f, nf, &r);
    if (st != SW_OK)
        return st;
    r.x = find_player(pp, id[0]);
    r.y = find_player(pp, id[1]);
    if (r.x < 0 || r.y < 0) /* someone who plays in no pair this season */
        return leave_out(pp, r.x < 0 ? id[0] : 0, r.y < 0 ? id[1] : 0);
    size_t idx = r.x < r.y ? (size_t)r.x * (size_t)pp->np + (size_t)r.y
                           : (size_t)r.y * (size_t)pp->np + (size_t)r.x;
    if (pp->seen[idx])
        return sw_error_set(pp->err, SW_ERR_INVALID, pp->file, pp->line,
                            "players %ld and %ld already listed on line %d; give each two "
                            "players one row",
                            id[0], id[1], pp->seen[idx]);
    if ((st = join_denominator(pp, 2, f[2], &pp->dm, r.md)) != SW_OK ||
        (st = join_denominator(pp, nf - 1, f[nf - 1], &pp->dc, r.cd)) != SW_OK)
        return st;
    pp->seen[idx] = pp->line;
    if (pp->nrows == pp->cap) {
        int ncap = pp->cap ? 2 * pp->cap : 64;
        prow *nr = realloc(pp->rows, (size_t)ncap * sizeof *nr);
        if (!nr)
            return sw_error_set(pp->err, SW_ERR_NOMEM, pp->file, pp->line, "out of memory");
        pp->rows = nr;
        pp->cap = ncap;
    }
    pp->rows[pp->nrows++] = r;
    return SW_OK;
}

/* The rows mapped onto the pairs: S over dm and over dc for every two
 * pairs, added to the season's history as M = S / (4 dm) and C = S / (4 dc),
 * exactly. */
static sw_status map_rows(pparse *pp) {
    sw_season *s = pp->s;
    size_t n = (size_t)s->n, nn = n * n;
    int32_t *sm = calloc(nn + 1, sizeof *sm);
    int64_t *sc = calloc(nn + 1, sizeof *sc);
    int *ids = malloc((n + 1) * sizeof *ids);
    sw_status st = SW_OK;
    if (!sm || !sc || !ids)
        st = sw_error_set(pp->err, SW_ERR_NOMEM, pp->file, 0, "out of memory");
    /* S / dm is at most 4 rows of 100000 each over dm <= 5000: an int32_t */
    for (int r = 0; st == SW_OK && r < pp->nrows; r++) {
        const prow *w = &pp->rows[r];
        int64_t mv = w->mn * (pp->dm / w->md), cv = w->cn * (pp->dc / w->cd);
        for (int e = pp->start[w->x]; e < pp->start[w->x + 1]; e++)
            for (int g = pp->start[w->y]; g < pp->start[w->y + 1]; g++) {
                size_t P = (size_t)pp->ent[e].pair, Q = (size_t)pp->ent[g].pair;
                if (P == Q) /* partners of one pair: no meeting of two pairs */
                    continue;
                sm[P * n + Q] += (int32_t)mv;
                sm[Q * n + P] += (int32_t)mv;
                sc[P * n + Q] += cv;
                sc[Q * n + P] += cv;
            }
    }
    for (size_t P = 0; st == SW_OK && P < n; P++)
        ids[P] = s->part[P].id;
    if (st == SW_OK)
        st = sw_history_add(s, ids, s->n, sm, 4 * pp->dm, sc, 4 * pp->dc, pp->file, 0, pp->err);
    if (st == SW_OK)
        st = join_left_out(pp);
    if (st == SW_OK) {
        s->history.player_rows += pp->nrows;
        s->history.player_rows_left_out += pp->left_out;
    }
    free(sm);
    free(sc);
    free(ids);
    return st;
}

sw_status sw_history_parse_players(const char *text, size_t len, const char *file, sw_season *s,
                                   sw_error *err) {
    if (!s->part || s->n < 1)
        return sw_error_set(err, SW_ERR_PARSE, file, 0,
                            "a history needs the participants first (the 'pairs' line)");
    pparse pp = {.file = file, .s = s, .err = err, .dm = 1, .dc = 1};
    sw_status st = SW_OK;
    if (build_players(&pp) != 0)
        st = sw_error_set(err, SW_ERR_NOMEM, file, 0, "out of memory");
    else if (pp.np == 0)
        st = sw_error_set(err, SW_ERR_INVALID, file, 0,
                          "a history per player (header player1,player2,...) needs the pairs' "
                          "players: 'player' lines under the pairs in the pairs file");
    sw_csv c;
    sw_csv_init(&c, text, len, file, SW_CSV_HASH_COMMENTS);
    bool header = true;
    while (st == SW_OK && (st = sw_csv_next(&c, err)) == SW_OK && c.nf > 0) {
        pp.line = c.line;
        st = parse_row(&pp, c.field, c.nf, &header);
    }
    sw_csv_free(&c);
    if (st == SW_OK)
        st = map_rows(&pp);
    free(pp.ent);
    free(pp.start);
    free(pp.seen);
    free(pp.rows);
    free(pp.unknown);
    return st;
}
