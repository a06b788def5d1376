/* src/season/seasonjson.c: a season from the analyze contract (the JSON that
 * 'analyze --json' and 'seat --json' / 'seat schedule --json' write), so a
 * written season or schedule can be analyzed again.
 *
 * The sessions are rebuilt from their tables: the positions of session k are
 * its present participants in order of their first seat at a table that
 * plays (then the others), each round's tables seat them by id, board sets
 * are numbered by name in order of appearance at the tables that play. A table
 * with "plays": false or an empty seat (0) is left empty (its players rest),
 * which is exact for four-per-table events and for bridge output without
 * phantoms; except that four seats whose last is 0 make a table of three,
 * which plays (a mahjong field that is not a multiple of four). Movements
 * equal to an earlier session's are shared.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "season/season_internal.h"
#include "util/json.h"

typedef struct jseason {
    sw_season *s;
    const char *file;
    sw_error *err;
} jseason;

/* rests_before: a whole number of halves 0..SW_PARTICIPANT_MAX_RESTS (a
 * pair carries its players' mean, which may end in .5), as whole rests and
 * a half. */
static sw_status read_rests(jseason *c, const sw_json *v, long *rests, int *half) {
    int64_t num = 0, den = 1;
    if (v->type != SW_JSON_NUM ||
        sw_csv_rational((sw_csv_field){v->str, strlen(v->str), 0}, &num, &den) || num < 0 ||
        den > 2 || num > SW_PARTICIPANT_MAX_RESTS * den)
        return sw_error_set(c->err, SW_ERR_INVALID, c->file, v->line,
                            "rests_before %s: expected a whole number of halves 0..%d (3, 1.5)",
                            v->type == SW_JSON_NUM ? v->str : "(not a number)",
                            SW_PARTICIPANT_MAX_RESTS);
    *rests = (long)(num / den);
    *half = den == 2;
    return SW_OK;
}

static sw_status read_participants(jseason *c, const sw_json *list) {
    sw_status st = sw_json_expect(list, SW_JSON_ARR, "participants", c->file, c->err);
    if (st)
        return st;
    if (list->n < 2)
        return sw_error_set(c->err, SW_ERR_INVALID, c->file, list->line,
                            "%d participants, expected at least 2", list->n);
    if (list->n > SW_SEASON_MAX_PARTICIPANTS)
        return sw_error_set(c->err, SW_ERR_LIMIT, c->file, list->line,
                            "%d participants, at most %d are supported", list->n,
                            SW_SEASON_MAX_PARTICIPANTS);
    sw_season *s = c->s;
    s->part = calloc((size_t)list->n, sizeof *s->part);
    if (!s->part)
        return sw_error_set(c->err, SW_ERR_NOMEM, c->file, list->line, "out of memory");
    for (int i = 0; i < list->n; i++) {
        const sw_json *p = &list->items[i], *v;
        long id, rests = 0;
        int half = 0;
        if ((st = sw_json_expect(p, SW_JSON_OBJ, "participant", c->file, c->err)))
            return st;
        if (!(v = sw_json_get(p, "id")))
            return sw_error_set(c->err, SW_ERR_PARSE, c->file, p->line,
                                "participant without \"id\": expected an id");
        if ((st = sw_json_long(v, "id", 1, SW_PARTICIPANT_MAX_ID, c->file, &id, c->err)))
            return st;
        if (sw_season_find(s, (int)id) >= 0)
            return sw_error_set(c->err, SW_ERR_INVALID, c->file, v->line,
                                "participant %ld listed twice, expected unique ids", id);
        if ((v = sw_json_get(p, "rests_before")) && (st = read_rests(c, v, &rests, &half)))
            return st;
        const char *name = "";
        if ((v = sw_json_get(p, "name"))) {
            if ((st = sw_json_expect(v, SW_JSON_STR, "name", c->file, c->err)))
                return st;
            name = v->str;
        }
        s->part[i].id = (int)id;
        s->part[i].rests = (int)rests;
        s->part[i].rests_half = half;
        s->part[i].name = strdup(name);
        s->n = i + 1;
        if (!s->part[i].name)
            return sw_error_set(c->err, SW_ERR_NOMEM, c->file, p->line, "out of memory");
    }
    return SW_OK;
}

/* Index of the participant with the id in v (an integer), or an error. */
static sw_status participant_at(jseason *c, const sw_json *v, const char *what, int *out) {
    long id;
    sw_status st = sw_json_long(v, what, 0, SW_PARTICIPANT_MAX_ID, c->file, &id, c->err);
    if (st)
        return st;
    int i = id ? sw_season_find(c->s, (int)id) : -1;
    if (id && i < 0)
        return sw_error_set(c->err, SW_ERR_INVALID, c->file, v->line,
                            "%s %ld: not among the participants", what, id);
    *out = i;
    return SW_OK;
}

/* Board set names of a session: index + 1 of the name, added when new. */
typedef struct names {
    int n, cap;
    char **v;
} names;

static int name_index(names *b, const char *name) {
    for (int i = 0; i < b->n; i++)
        if (!strcmp(b->v[i], name))
            return i + 1;
    if (b->n == b->cap) {
        int cap = b->cap ? 2 * b->cap : 8;
        char **v = realloc(b->v, (size_t)cap * sizeof *v);
        if (!v)
            return -1;
        b->v = v;
        b->cap = cap;
    }
    if (!(b->v[b->n] = strdup(name)))
        return -1;
    return ++b->n;
}

static void names_free(names *b) {
    for (int i = 0; i < b->n; i++)
        free(b->v[i]);
    free(b->v);
}

static sw_status read_session(jseason *c, const sw_json *js, int number) {
    sw_season *s = c->s;
    int n = s->n;
    sw_status st = sw_json_expect(js, SW_JSON_OBJ, "session", c->file, c->err);
    if (st)
        return st;
    const sw_json *rounds = sw_json_get(js, "rounds"), *v;
    if (!rounds)
        return sw_error_set(c->err, SW_ERR_PARSE, c->file, js->line,
                            "session %d without \"rounds\": expected its tables", number);
    if ((st = sw_json_expect(rounds, SW_JSON_ARR, "rounds", c->file, c->err)))
        return st;
    if (rounds->n < 1 || rounds->n > SW_MOVEMENT_MAX_ROUNDS)
        return sw_error_set(c->err, rounds->n < 1 ? SW_ERR_INVALID : SW_ERR_LIMIT, c->file,
                            rounds->line, "session %d has %d rounds, expected 1 to %d", number,
                            rounds->n, SW_MOVEMENT_MAX_ROUNDS);
    bool *present = calloc((size_t)n, sizeof *present);
    int *posof = calloc((size_t)n, sizeof *posof), *seen = calloc((size_t)n, sizeof *seen);
    names boards = {0, 0, NULL};
    sw_movement m;
    memset(&m, 0, sizeof m);
    if (!present || !posof || !seen) {
        st = sw_error_set(c->err, SW_ERR_NOMEM, c->file, js->line, "out of memory");
        goto done;
    }
    if ((v = sw_json_get(js, "present"))) {
        if ((st = sw_json_expect(v, SW_JSON_ARR, "present", c->file, c->err)))
            goto done;
        for (int k = 0; k < v->n && !st; k++) {
            int i = -1;
            if (!(st = participant_at(c, &v->items[k], "present", &i)) && i >= 0)
                present[i] = true;
        }
    } else {
        for (int i = 0; i < n; i++)
            present[i] = true;
    }
    if (st)
        goto done;
    /* Positions in order of first seat (round by round, table by table),
     * then the present participants never seated: sessions of one shape
     * then share one movement, as a schedule's one-round sessions do. */
    int P = 0, T = 1, seats = 0;
    /* First pass: shape (tables, seats, board sets) and the checks. */
    for (int r = 0; r < rounds->n && !st; r++) {
        const sw_json *rd = &rounds->items[r], *tables;
        if ((st = sw_json_expect(rd, SW_JSON_OBJ, "round", c->file, c->err)))
            break;
        if (!(tables = sw_json_get(rd, "tables")) ||
            (st = sw_json_expect(tables, SW_JSON_ARR, "tables", c->file, c->err))) {
            if (!st)
                st = sw_error_set(c->err, SW_ERR_PARSE, c->file, rd->line,
                                  "round without \"tables\": expected its tables");
            break;
        }
        T = tables->n > T ? tables->n : T;
        for (int i = 0; i < n; i++)
            seen[i] = 0;
        for (int t = 0; t < tables->n && !st; t++) {
            const sw_json *tb = &tables->items[t], *sv;
            if ((st = sw_json_expect(tb, SW_JSON_OBJ, "table", c->file, c->err)))
                break;
            if (!(sv = sw_json_get(tb, "seats")) ||
                (st = sw_json_expect(sv, SW_JSON_ARR, "seats", c->file, c->err))) {
                if (!st)
                    st = sw_error_set(c->err, SW_ERR_PARSE, c->file, tb->line,
                                      "table without \"seats\": expected the participants");
                break;
            }
            if ((sv->n != 2 && sv->n != 4) || (seats && sv->n != seats)) {
                st = sw_error_set(c->err, SW_ERR_INVALID, c->file, sv->line,
                                  "%d seats at a table, expected %d", sv->n, seats ? seats : 4);
                break;
            }
            seats = sv->n;
            /* Only a table that plays (as the second pass decides: not
             * "plays": false, every seat taken but a table of three's N)
             * numbers positions and board sets, so that writing the season
             * and reading it again gives the same movement. */
            const sw_json *plays = sw_json_get(tb, "plays");
            bool playing = !(plays && plays->type == SW_JSON_BOOL && !plays->b);
            int at[SW_MAX_SEATS];
            for (int k = 0; k < sv->n && !st; k++) {
                int i = -1;
                at[k] = -1;
                if ((st = participant_at(c, &sv->items[k], "seat", &i)) || i < 0) {
                    playing = playing && k == 3;
                    continue;
                }
                at[k] = i;
                if (!present[i])
                    st = sw_error_set(c->err, SW_ERR_INVALID, c->file, sv->items[k].line,
                                      "participant %d is seated in session %d but not present",
                                      s->part[i].id, number);
                else if (seen[i]++)
                    st = sw_error_set(c->err, SW_ERR_INVALID, c->file, sv->items[k].line,
                                      "participant %d sits twice in round %d of session %d",
                                      s->part[i].id, r + 1, number);
            }
            for (int k = 0; k < sv->n && !st && playing; k++)
                if (at[k] >= 0 && !posof[at[k]])
                    posof[at[k]] = ++P;
            const sw_json *b = sw_json_get(tb, "boards");
            if (!st && b && b->type != SW_JSON_NULL) {
                if (b->type != SW_JSON_STR && b->type != SW_JSON_NUM)
                    st = sw_error_set(c->err, SW_ERR_PARSE, c->file, b->line,
                                      "boards: expected a name, a number or null");
                else if (playing && name_index(&boards, b->str) < 0)
                    st = sw_error_set(c->err, SW_ERR_NOMEM, c->file, b->line, "out of memory");
            }
        }
    }
    if (st)
        goto done;
    for (int i = 0; i < n; i++)
        if (present[i] && !posof[i])
            posof[i] = ++P;
    if (P < 1 || T > SW_MOVEMENT_MAX_TABLES) {
        st = sw_error_set(c->err, P < 1 ? SW_ERR_INVALID : SW_ERR_LIMIT, c->file, js->line,
                          "session %d: %d present, %d tables: expected someone present and at "
                          "most %d tables",
                          number, P, T, SW_MOVEMENT_MAX_TABLES);
        goto done;
    }
    if ((st = sw_movement_init(&m, P, T, rounds->n, boards.n, seats ? seats : 4, c->err)))
        goto done;
    /* Second pass: the movement's tables over positions. */
    for (int r = 0; r < rounds->n; r++) {
        const sw_json *tables = sw_json_get(&rounds->items[r], "tables");
        for (int t = 0; t < tables->n; t++) {
            const sw_json *tb = &tables->items[t], *sv = sw_json_get(tb, "seats");
            const sw_json *plays = sw_json_get(tb, "plays"), *b = sw_json_get(tb, "boards");
            sw_table *mt = &m.table[(size_t)r * T + t];
            bool full = !(plays && plays->type == SW_JSON_BOOL && !plays->b);
            int pos[SW_MAX_SEATS] = {0};
            /* Four seats, the last 0: a table of three, which plays. */
            long last = -1;
            sw_error ignored;
            if (sv->n == 4 &&
                sw_json_long(&sv->items[3], "seat", 0, 0, c->file, &last, &ignored) != SW_OK)
                last = -1;
            int used = last == 0 ? 3 : sv->n;
            for (int k = 0; k < used && full; k++) {
                int i = -1; /* checked in the first pass: cannot fail here */
                full = participant_at(c, &sv->items[k], "seat", &i) == SW_OK && i >= 0;
                pos[k] = full ? posof[i] : 0;
            }
            if (!full)
                continue;
            memcpy(mt->seat, pos, sizeof pos);
            mt->group = b && b->type != SW_JSON_NULL ? name_index(&boards, b->str) : 0;
        }
    }
    char mname[64];
    const sw_json *mv = sw_json_get(js, "movement");
    snprintf(mname, sizeof mname, "session-%d", number);
    st = sw_movement_validate(&m, c->file, c->err);
    if (!st)
        st = sw_season_add_session(s, &m, mv && mv->type == SW_JSON_STR ? mv->str : mname, c->err);
    else
        sw_movement_free(&m);
    if (st)
        goto done;
    sw_session *ss = &s->sessions[s->nsessions - 1];
    const sw_json *played = sw_json_get(js, "played");
    ss->played = played && played->type == SW_JSON_BOOL && played->b;
    for (int i = 0; i < n; i++) {
        ss->present[i] = present[i];
        if (present[i])
            ss->assign[posof[i]] = i + 1;
    }
done:
    free(present);
    free(posof);
    free(seen);
    names_free(&boards);
    return st;
}

sw_status sw_season_parse_json(const char *text, size_t len, const char *file, sw_season *out,
                               sw_error *err) {
    sw_json root;
    /* an analyze output read back: its metrics and matrices are not needed */
    static const char *const skip[] = {"metrics", "matrices", NULL};
    sw_status st = sw_json_parse_skip(text, len, file, skip, &root, err);
    if (st)
        return st;
    sw_season s;
    memset(&s, 0, sizeof s);
    jseason c = {&s, file, err};
    const sw_json *parts = sw_json_get(&root, "participants");
    const sw_json *sessions = sw_json_get(&root, "sessions");
    if (root.type != SW_JSON_OBJ || !parts || !sessions)
        st = sw_error_set(err, SW_ERR_PARSE, file, root.line,
                          "expected an object with \"participants\" and \"sessions\" (the "
                          "analyze contract)");
    if (!st)
        st = read_participants(&c, parts);
    if (!st)
        st = sw_json_expect(sessions, SW_JSON_ARR, "sessions", file, err);
    if (!st && (sessions->n < 1 || sessions->n > SW_SEASON_MAX_SESSIONS))
        st =
            sw_error_set(err, sessions->n < 1 ? SW_ERR_INVALID : SW_ERR_LIMIT, file, sessions->line,
                         "%d sessions, expected 1 to %d", sessions->n, SW_SEASON_MAX_SESSIONS);
    for (int k = 0; !st && k < sessions->n; k++)
        st = read_session(&c, &sessions->items[k], k + 1);
    for (int k = 0; !st && k < s.nsessions; k++)
        st = sw_season_validate_session(&s, k, file, sessions->items[k].line, err);
    sw_json_free(&root);
    if (st) {
        sw_season_free(&s);
        return st;
    }
    *out = s;
    return SW_OK;
}
