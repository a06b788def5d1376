/* src/season/historyfrom.c: a 'history' line's file, whatever its kind: a
 * CSV per pair (history.c) or per player (playerhistory.c), an 'analyze
 * --json' output or a previous season file.
 *
 * The two last ones hold earlier play over their own participants. Both come
 * here as whole matrices (ids, M, C over a scale) and are added by
 * participant id: whoever is not in this season's pairs file is left out.
 * The JSON carries its M and C; a season file's M and C of its played
 * sessions are the matrix module's to compute, a module above this one, so
 * the readers take that computation as a function (sw_season_history_fn)
 * and this file only calls it.
 * SPDX-License-Identifier: MIT */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "season/season.h"
#include "season/season_internal.h"
#include "util/fileio.h"
#include "util/json.h"
#include "util/wide.h"

/* The smallest denominator of the values v[x] / scale: scale over the gcd
 * of scale and every value. */
static int64_t least_scale(const int64_t *v, size_t nn, int64_t scale) {
    int64_t g = scale;
    for (size_t x = 0; x < nn && g > 1; x++)
        g = sw_gcd64(g, v[x]);
    return scale / g;
}

static int64_t least_unit(const int32_t *v, size_t nn, int64_t unit) {
    int64_t g = unit;
    for (size_t x = 0; x < nn && g > 1; x++)
        g = sw_gcd64(g, v[x]);
    return unit / g;
}

/* The history's meetings and comparisons rescaled to the units mu and cu
 * (multiples of the present ones). */
static void history_rescale(sw_history *h, size_t nn, int64_t mu, int64_t cu) {
    for (size_t x = 0; x < nn && mu != h->unit; x++)
        h->meet[x] = (int32_t)(h->meet[x] * (mu / h->unit));
    for (size_t x = 0; x < nn && cu != h->scale; x++)
        h->comp[x] *= cu / h->scale;
    h->unit = mu;
    h->scale = cu;
}

static sw_status join_units(sw_history *h, int64_t mden, int64_t cden, int64_t *mu, int64_t *cu,
                            const char *file, int line, sw_error *err) {
    *mu = h->unit / sw_gcd64(h->unit, mden) * mden;
    *cu = h->scale / sw_gcd64(h->scale, cden) * cden;
    if (*cu > SW_HISTORY_MAX_SCALE)
        return sw_error_set(err, SW_ERR_LIMIT, file, line,
                            "the comparisons of the history files have a common denominator "
                            "above %lld; give fewer history files",
                            (long long)SW_HISTORY_MAX_SCALE);
    if (*mu > SW_HISTORY_MAX_UNIT)
        return sw_error_set(err, SW_ERR_LIMIT, file, line,
                            "the meetings of the history files have a common denominator above "
                            "%d; round the meetings to fewer decimals",
                            SW_HISTORY_MAX_UNIT);
    return SW_OK;
}

sw_status sw_history_add(sw_season *s, const int *ids, int n, const int32_t *meet, int64_t unit,
                         const int64_t *comp, int64_t scale, const char *file, int line,
                         sw_error *err) {
    if (sw_history_alloc(s) != 0)
        return sw_error_set(err, SW_ERR_NOMEM, file, line, "out of memory");
    size_t n2 = (size_t)n * (size_t)n;
    int64_t den = least_scale(comp, n2, scale), div = scale / den;
    int64_t mden = least_unit(meet, n2, unit), mdiv = unit / mden;
    sw_history *h = &s->history;
    int64_t L, U;
    sw_status st = join_units(h, mden, den, &U, &L, file, line, err);
    if (st != SW_OK)
        return st;
    int *idx = malloc(((size_t)n + 1) * sizeof *idx);
    if (!idx)
        return sw_error_set(err, SW_ERR_NOMEM, file, line, "out of memory");
    for (int i = 0; i < n; i++)
        idx[i] = sw_season_find(s, ids[i]);
    history_rescale(h, (size_t)s->n * (size_t)s->n, U, L);
    for (int i = 0; i < n && st == SW_OK; i++)
        for (int j = i + 1; j < n && st == SW_OK; j++) {
            int a = idx[i], b = idx[j];
            size_t x = (size_t)i * (size_t)n + (size_t)j;
            if (a < 0 || b < 0 || (!meet[x] && !comp[x]))
                continue;
            int64_t c = comp[x] / div, lim = 2 * (int64_t)SW_HISTORY_MAX_MEETINGS * den;
            int64_t m = meet[x] / mdiv * (U / mden), mlim = SW_HISTORY_MAX_MEETINGS * U;
            size_t ab = (size_t)a * (size_t)s->n + (size_t)b,
                   ba = (size_t)b * (size_t)s->n + (size_t)a;
            if (m < 0 || m > mlim - h->meet[ab] || c > lim || c < -lim) {
                st = sw_error_set(err, SW_ERR_LIMIT, file, line,
                                  "participants %d and %d: more than %d meetings (or %d "
                                  "comparisons) over all history files",
                                  ids[i], ids[j], SW_HISTORY_MAX_MEETINGS,
                                  2 * SW_HISTORY_MAX_MEETINGS);
                break;
            }
            h->meet[ab] += (int32_t)m;
            h->meet[ba] += (int32_t)m;
            h->comp[ab] += c * (L / den);
            h->comp[ba] += c * (L / den);
        }
    free(idx);
    return st;
}

/* ---- an analyze --json output ---- */

typedef struct jhist {
    const char *file;
    sw_error *err;
    int n;
    int *ids;
    int32_t *meet;
    int64_t *comp;
    int64_t unit, scale;
} jhist;

static sw_status json_ids(jhist *j, const sw_json *parts) {
    sw_status st = sw_json_expect(parts, SW_JSON_ARR, "participants", j->file, j->err);
    if (st)
        return st;
    if (parts->n > SW_SEASON_MAX_PARTICIPANTS)
        return sw_error_set(j->err, SW_ERR_LIMIT, j->file, parts->line,
                            "%d participants, at most %d are supported", parts->n,
                            SW_SEASON_MAX_PARTICIPANTS);
    j->n = parts->n;
    j->ids = malloc(((size_t)j->n + 1) * sizeof *j->ids);
    if (!j->ids)
        return sw_error_set(j->err, SW_ERR_NOMEM, j->file, parts->line, "out of memory");
    for (int i = 0; i < j->n; i++) {
        const sw_json *p = &parts->items[i], *v;
        long id;
        if ((st = sw_json_expect(p, SW_JSON_OBJ, "participant", j->file, j->err)))
            return st;
        if (!(v = sw_json_get(p, "id")))
            return sw_error_set(j->err, SW_ERR_PARSE, j->file, p->line,
                                "participant without \"id\": expected an id");
        if ((st =
                 sw_json_long(v, "participant id", 1, SW_PARTICIPANT_MAX_ID, j->file, &id, j->err)))
            return st;
        for (int x = 0; x < i; x++)
            if (j->ids[x] == id)
                return sw_error_set(j->err, SW_ERR_INVALID, j->file, v->line,
                                    "participant %ld listed twice, expected unique ids", id);
        j->ids[i] = (int)id;
    }
    return SW_OK;
}

/* matrices.NAME: n rows of n numbers. */
static sw_status json_square(jhist *j, const sw_json *mats, const char *name, const sw_json **out) {
    const sw_json *m = sw_json_get(mats, name);
    if (!m)
        return sw_error_set(j->err, SW_ERR_PARSE, j->file, mats->line,
                            "\"matrices\" without \"%s\": expected an analyze --json output", name);
    sw_status st = sw_json_expect(m, SW_JSON_ARR, name, j->file, j->err);
    if (!st && m->n != j->n)
        st = sw_error_set(j->err, SW_ERR_INVALID, j->file, m->line,
                          "matrices.%s has %d rows, expected one per participant (%d)", name, m->n,
                          j->n);
    for (int i = 0; !st && i < m->n; i++) {
        const sw_json *row = &m->items[i];
        st = sw_json_expect(row, SW_JSON_ARR, name, j->file, j->err);
        if (!st && row->n != j->n)
            st = sw_error_set(j->err, SW_ERR_INVALID, j->file, row->line,
                              "matrices.%s row %d has %d values, expected %d", name, i + 1, row->n,
                              j->n);
        for (int x = 0; !st && x < row->n; x++)
            st = sw_json_expect(&row->items[x], SW_JSON_NUM, name, j->file, j->err);
    }
    *out = m;
    return st;
}

/* A value of matrices.NAME as a whole number of 1/scale. The JSON prints
 * fractions with 10 significant digits, so v * scale is within 5e-10 |v|
 * scale of a whole number: exact while that stays well below 1/2. */
static sw_status json_scaled(jhist *j, const sw_json *v, const char *name, int64_t scale, int row,
                             int col, int64_t *out) {
    long double x = strtold(v->str, NULL) * (long double)scale, r = roundl(x);
    if (fabsl(x) > 2e8L || fabsl(x - r) > 0.1L)
        return sw_error_set(j->err, SW_ERR_INVALID, j->file, v->line,
                            "matrices.%s row %d, column %d: %s is %s 1/%lld (the "
                            "matrices' %s); name the season file as history instead",
                            name, row, col, v->str,
                            fabsl(x) > 2e8L ? "too large to read exactly as a multiple of"
                                            : "not a multiple of",
                            (long long)scale, scale == j->scale ? "scale" : "meetings_unit");
    *out = (int64_t)r;
    return SW_OK;
}

/* A meetings value: a whole number of 1/unit, 0..SW_HISTORY_MAX_MEETINGS. */
static sw_status json_meet(jhist *j, const sw_json *v, int row, int col, int32_t *out) {
    int64_t m;
    sw_status st = json_scaled(j, v, "meetings", j->unit, row, col, &m);
    if (!st && (m < 0 || m > SW_HISTORY_MAX_MEETINGS * j->unit))
        st = sw_error_set(j->err, SW_ERR_INVALID, j->file, v->line,
                          "meetings %s out of range, expected 0..%d", v->str,
                          SW_HISTORY_MAX_MEETINGS);
    *out = (int32_t)m;
    return st;
}

static sw_status json_values(jhist *j, const sw_json *mats) {
    const sw_json *mm, *cm, *sc = sw_json_get(mats, "scale"),
                            *mu = sw_json_get(mats, "meetings_unit");
    sw_status st = json_square(j, mats, "meetings", &mm);
    if (!st)
        st = json_square(j, mats, "competition", &cm);
    long scale = 1, unit = 1; /* without one (an older output) every value must be whole */
    if (!st && sc)
        st = sw_json_long(sc, "matrices.scale", 1, (long)SW_HISTORY_MAX_SCALE, j->file, &scale,
                          j->err);
    if (!st && mu)
        st = sw_json_long(mu, "matrices.meetings_unit", 1, SW_HISTORY_MAX_UNIT, j->file, &unit,
                          j->err);
    if (st)
        return st;
    j->scale = scale;
    j->unit = unit;
    size_t nn = (size_t)j->n * (size_t)j->n;
    j->meet = calloc(nn + 1, sizeof *j->meet);
    j->comp = calloc(nn + 1, sizeof *j->comp);
    if (!j->meet || !j->comp)
        return sw_error_set(j->err, SW_ERR_NOMEM, j->file, mats->line, "out of memory");
    for (int i = 0; i < j->n && !st; i++)
        for (int k = 0; k < j->n && !st; k++) {
            size_t x = (size_t)i * (size_t)j->n + (size_t)k;
            const sw_json *mv = &mm->items[i].items[k], *cv = &cm->items[i].items[k];
            if (i == k)
                continue;    /* the diagonal is written as 0 and means nothing */
            if (unit == 1) { /* whole numbers, as before the unit */
                long m;
                st = sw_json_long(mv, "meetings", 0, SW_HISTORY_MAX_MEETINGS, j->file, &m, j->err);
                j->meet[x] = (int32_t)m;
            } else {
                st = json_meet(j, mv, i + 1, k + 1, &j->meet[x]);
            }
            if (!st)
                st = json_scaled(j, cv, "competition", j->scale, i + 1, k + 1, &j->comp[x]);
            if (!st && k < i &&
                (j->meet[x] != j->meet[(size_t)k * (size_t)j->n + (size_t)i] ||
                 j->comp[x] != j->comp[(size_t)k * (size_t)j->n + (size_t)i]))
                st = sw_error_set(j->err, SW_ERR_INVALID, j->file, mv->line,
                                  "matrices row %d, column %d differs from row %d, column %d: "
                                  "expected symmetric meetings and competition",
                                  i + 1, k + 1, k + 1, i + 1);
        }
    return st;
}

sw_status sw_history_parse_json(const char *text, size_t len, const char *file, sw_season *s,
                                sw_error *err) {
    sw_json root;
    /* the sessions and metrics are not needed: M and C are in the matrices */
    static const char *const skip[] = {"sessions", "metrics", NULL};
    sw_status st = sw_json_parse_skip(text, len, file, skip, &root, err);
    if (st)
        return st;
    jhist j = {.file = file, .err = err};
    const sw_json *parts = sw_json_get(&root, "participants");
    const sw_json *mats = sw_json_get(&root, "matrices");
    if (root.type != SW_JSON_OBJ || !parts || !mats)
        st = sw_error_set(err, SW_ERR_PARSE, file, root.line,
                          "expected an object with \"participants\" and \"matrices\" (an "
                          "analyze --json output)");
    if (!st)
        st = json_ids(&j, parts);
    if (!st)
        st = sw_json_expect(mats, SW_JSON_OBJ, "matrices", file, err);
    if (!st)
        st = json_values(&j, mats);
    if (!st)
        st = sw_history_add(s, j.ids, j.n, j.meet, j.unit, j.comp, j.scale, file, mats->line, err);
    free(j.ids);
    free(j.meet);
    free(j.comp);
    sw_json_free(&root);
    return st;
}

/* ---- a previous season file ---- */

static sw_status from_season(const char *path, const char *text, size_t len,
                             sw_season_history_fn played, int depth, sw_season *s, sw_error *err) {
    if (!played)
        return sw_error_set(err, SW_ERR_INVALID, path, 0,
                            "a season file as history needs its matrices, which this reader "
                            "was not given (sw_season_history_fn)");
    if (depth >= SW_HISTORY_MAX_DEPTH)
        return sw_error_set(err, SW_ERR_LIMIT, path, 0,
                            "seasons named as history nest more than %d deep; does a season "
                            "name itself (or a later one) as history?",
                            SW_HISTORY_MAX_DEPTH);
    char *dir = sw_path_dir(path);
    if (!dir)
        return sw_error_set(err, SW_ERR_NOMEM, path, 0, "out of memory");
    sw_season prev;
    sw_status st = sw_season_parse_nested(text, len, path, dir, played, depth + 1, &prev, err);
    free(dir);
    if (st)
        return st;
    sw_history h;
    memset(&h, 0, sizeof h);
    st = played(&prev, &h, err);
    if (!st) {
        int *ids = malloc(((size_t)prev.n + 1) * sizeof *ids);
        for (int i = 0; ids && i < prev.n; i++)
            ids[i] = prev.part[i].id;
        st = ids ? sw_history_add(s, ids, prev.n, h.meet, h.unit, h.comp, h.scale, path, 0, err)
                 : sw_error_set(err, SW_ERR_NOMEM, path, 0, "out of memory");
        free(ids);
    } else if (err && !err->file[0]) {
        snprintf(err->file, sizeof err->file, "%s", path);
    }
    sw_history_free(&h);
    sw_season_free(&prev);
    return st;
}

/* The kind of a history file: '{' first is JSON; a first keyword 'pairs'
 * (every season file names its pairs file first) a season; a first row
 * "player1,player2..." a CSV per player; else a CSV per pair. */
typedef enum { HISTORY_CSV, HISTORY_JSON, HISTORY_SEASON, HISTORY_PLAYERS } history_kind;

static bool field_is(sw_csv_field f, const char *name) {
    return f.n == strlen(name) && strncasecmp(f.p, name, f.n) == 0;
}

/* A line that does not split (a quote left open) is no such header: the
 * CSV reader then names its error. */
static bool players_header(const char *line, size_t n) {
    sw_csv c;
    sw_csv_init(&c, line, n, NULL, SW_CSV_HASH_COMMENTS);
    bool yes = sw_csv_next(&c, NULL) == SW_OK && c.nf >= 2 && field_is(c.field[0], "player1") &&
               field_is(c.field[1], "player2");
    sw_csv_free(&c);
    return yes;
}

static history_kind kind_of(const char *text, size_t len) {
    const char *p = text, *end = text + len, *line;
    size_t n;
    while (sw_next_line(&p, end, &line, &n)) {
        sw_cursor c;
        sw_cursor_init(&c, line, n);
        if (sw_cursor_at_end(&c))
            continue;
        if (*c.p == '{')
            return HISTORY_JSON;
        if (players_header(line, n))
            return HISTORY_PLAYERS;
        const char *w;
        size_t wn = sw_cursor_word(&c, &w);
        return wn == 5 && memcmp(w, "pairs", 5) == 0 ? HISTORY_SEASON : HISTORY_CSV;
    }
    return HISTORY_CSV;
}

sw_status sw_history_read_nested(const char *path, sw_season_history_fn played, int depth,
                                 sw_season *s, sw_error *err) {
    if (!s->part || s->n < 1)
        return sw_error_set(err, SW_ERR_PARSE, path, 0,
                            "a history needs the participants first (the 'pairs' line)");
    char *text;
    size_t len;
    sw_status st = sw_file_read(path, &text, &len, err);
    if (st != SW_OK)
        return st;
    switch (kind_of(text, len)) {
    case HISTORY_JSON:
        st = sw_history_parse_json(text, len, path, s, err);
        break;
    case HISTORY_SEASON:
        st = from_season(path, text, len, played, depth, s, err);
        break;
    case HISTORY_PLAYERS:
        st = sw_history_parse_players(text, len, path, s, err);
        break;
    default:
        st = sw_history_parse(text, len, path, s, err);
    }
    free(text);
    return st;
}

sw_status sw_history_read(const char *path, sw_season_history_fn played, sw_season *s,
                          sw_error *err) {
    return sw_history_read_nested(path, played, 0, s, err);
}
