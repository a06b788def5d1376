/* src/seating/event_json.c: the JSON form of an event. The strict reader of
 * util/json.h builds a tree whose values remember their line, then the tree
 * is fed to the same builder as the text format. It
 * reads the analyze contract that 'seat --json' writes (participants,
 * sessions of one-round sessions), so an output is a valid next input, and
 * a plain form: "players", "rounds" as lists of [E,S,W,N], "standings",
 * "script". A player may carry "team", "enters_after", "substitutes" and
 * "withdrawn_after" (an event that changes; docs/seating.md).
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "seating/seating_internal.h"
#include "util/json.h"

/* ---- from the tree to the event ---- */

typedef struct jctx {
    sw_seating_event *ev;
    const char *file;
    int fidx;
    sw_error *err;
} jctx;

static const sw_json *get(const sw_json *obj, const char *key) {
    return sw_json_get(obj, key);
}

static sw_status expect(jctx *c, const sw_json *v, int type, const char *what) {
    return sw_json_expect(v, type, what, c->file, c->err);
}

static sw_status get_long(jctx *c, const sw_json *v, const char *what, long lo, long hi,
                          long *out) {
    return sw_json_long(v, what, lo, hi, c->file, out, c->err);
}

/* A player's optional fields of an event that changes: "team", then
 * "enters_after" (a late entry), "substitutes" (with "enters_after": the id
 * replaced), "withdrawn_after"; each a number of rounds played before. */
static sw_status read_player(jctx *c, const sw_json *p, long v, const sw_json *name) {
    bool has = name && name->type == SW_JSON_STR;
    const char *nm = has ? name->str : NULL;
    size_t len = has ? name->len : 0;
    const sw_json *enters = get(p, "enters_after"), *subst = get(p, "substitutes");
    const sw_json *withdrawn = get(p, "withdrawn_after"), *team = get(p, "team");
    long after = 0, old, until;
    sw_status st;
    if (subst && !enters)
        return sw_error_set(c->err, SW_ERR_PARSE, c->file, subst->line,
                            "player %ld: \"substitutes\" without \"enters_after\"", v);
    if (enters && (st = get_long(c, enters, "enters_after", 0, SW_SEATING_MAX_ROUNDS, &after)))
        return st;
    if (subst) {
        if ((st = get_long(c, subst, "substitutes", 1, SW_SEATING_MAX_ID, &old)))
            return st;
        /* The player replaced may state the same withdrawal itself. */
        int o = sw_seating_find_player(c->ev, (int)old);
        if (o >= 0 && c->ev->players[o].until == after)
            c->ev->players[o].until = -1;
        st = sw_seating_ev_substitute(c->ev, v, old, nm, len, after, c->file, subst->line, c->err);
        /* Here the team is what "team" says, not the entry's (the writer
         * states it whenever there is one). */
        if (!st)
            c->ev->players[c->ev->nplayers - 1].team = -1;
    } else if (enters) {
        st = sw_seating_ev_enter(c->ev, v, nm, len, after, c->file, enters->line, c->err);
    } else {
        st = sw_seating_ev_player(c->ev, v, nm, len, c->file, p->line, c->err);
    }
    if (st)
        return st;
    if (team && team->type != SW_JSON_NULL) {
        if ((st = expect(c, team, SW_JSON_STR, "team")))
            return st;
        if ((st = sw_seating_ev_team(c->ev, v, team->str, team->len, c->file, team->line, c->err)))
            return st;
    }
    if (withdrawn && withdrawn->type != SW_JSON_NULL) {
        if ((st = get_long(c, withdrawn, "withdrawn_after", 0, SW_SEATING_MAX_ROUNDS, &until)))
            return st;
        int i = sw_seating_find_player(c->ev, (int)v);
        if (c->ev->players[i].until != until)
            return sw_seating_ev_withdraw(c->ev, v, until, c->file, withdrawn->line, c->err);
    }
    return SW_OK;
}

static sw_status read_players(jctx *c, const sw_json *list) {
    sw_status st = expect(c, list, SW_JSON_ARR, "players");
    for (int i = 0; !st && i < list->n; i++) {
        const sw_json *p = &list->items[i], *id, *name;
        if ((st = expect(c, p, SW_JSON_OBJ, "player")))
            break;
        if (!(id = get(p, "id")))
            return sw_error_set(c->err, SW_ERR_PARSE, c->file, p->line, "player without \"id\"");
        long v;
        if ((st = get_long(c, id, "player id", 1, SW_SEATING_MAX_ID, &v)))
            break;
        name = get(p, "name");
        if (name && name->type != SW_JSON_NULL &&
            (st = expect(c, name, SW_JSON_STR, "player name")))
            break;
        st = read_player(c, p, v, name);
    }
    return st;
}

/* Changes stated as numbers of rounds must fall inside the event read. */
static sw_status check_changes(jctx *c, const sw_json *players) {
    const sw_seating_event *ev = c->ev;
    for (int i = 0; i < players->n; i++) {
        const sw_json *p = &players->items[i], *e = get(p, "enters_after"),
                      *w = get(p, "withdrawn_after");
        long id = 0, v;
        if (sw_json_long(get(p, "id"), "player id", 1, SW_SEATING_MAX_ID, c->file, &id, NULL))
            continue;
        const sw_json *bad = NULL;
        if (e && !sw_json_long(e, "enters_after", 0, SW_SEATING_MAX_ROUNDS, c->file, &v, NULL) &&
            v > ev->nrounds)
            bad = e;
        else if (w && w->type != SW_JSON_NULL &&
                 !sw_json_long(w, "withdrawn_after", 0, SW_SEATING_MAX_ROUNDS, c->file, &v, NULL) &&
                 v > ev->nrounds)
            bad = w;
        if (bad)
            return sw_error_set(c->err, SW_ERR_INVALID, c->file, bad->line,
                                "player %ld: \"%s\": %ld, but the event has %d rounds", id,
                                bad == e ? "enters_after" : "withdrawn_after", v, ev->nrounds);
    }
    return SW_OK;
}

/* A table given as [E, S, W, N]. */
static sw_status read_table(jctx *c, int section, const sw_json *seats) {
    sw_status st = expect(c, seats, SW_JSON_ARR, "table seats");
    if (st)
        return st;
    if (seats->n != SW_WINDS)
        return sw_error_set(c->err, SW_ERR_INVALID, c->file, seats->line,
                            "table with %d seats: expected 4 in wind order E, S, W, N", seats->n);
    long ids[SW_WINDS];
    for (int s = 0; s < SW_WINDS; s++) {
        if ((st = get_long(c, &seats->items[s], "player id", -SW_SEATING_MAX_ID, SW_SEATING_MAX_ID,
                           &ids[s])))
            return st;
        if (ids[s] == 0 && (s != SW_WIND_N || section != SW_SECTION_ROUND))
            return sw_error_set(c->err, SW_ERR_INVALID, c->file, seats->line,
                                "table with an empty seat: expected four players (or three "
                                "and 0 at N, a table of three)");
    }
    return sw_seating_ev_table(c->ev, section, ids, c->file, seats->line, c->err);
}

/* A table object's result: "scores" or "points" ([E, S, W, N]), with
 * points "places" ([E, S, W, N]), and "chombo" (player ids, one penalty
 * each). */
static sw_status read_result(jctx *c, const sw_json *tab) {
    const sw_json *scores = get(tab, "scores"), *points = get(tab, "points");
    const sw_json *chombo = get(tab, "chombo");
    sw_status st = SW_OK;
    if (scores && points)
        return sw_error_set(c->err, SW_ERR_INVALID, c->file, tab->line,
                            "table with both \"scores\" and \"points\": expected one result");
    const sw_json *v = scores ? scores : points;
    if (v) {
        if ((st = expect(c, v, SW_JSON_ARR, scores ? "scores" : "points")))
            return st;
        if (v->n != SW_WINDS)
            return sw_error_set(c->err, SW_ERR_INVALID, c->file, v->line,
                                "%d %s: expected 4, in wind order E, S, W, N", v->n,
                                scores ? "scores" : "points");
        int64_t x[SW_WINDS];
        for (int s = 0; s < SW_WINDS; s++) {
            const sw_json *e = &v->items[s];
            long l;
            if (scores) {
                if ((st = get_long(c, e, "score", -10000000L, 10000000L, &l)))
                    return st;
                x[s] = l;
            } else {
                if ((st = expect(c, e, SW_JSON_NUM, "points")))
                    return st;
                const char *why = sw_seating_parse_points(e->str, e->len, &x[s]);
                if (why)
                    return sw_error_set(c->err, SW_ERR_PARSE, c->file, e->line, "%s, found %s", why,
                                        e->str);
            }
        }
        st = sw_seating_ev_result(c->ev, SW_SECTION_ROUND,
                                  scores ? SW_RESULT_SCORES : SW_RESULT_POINTS, x, c->fidx, c->file,
                                  v->line, c->err);
    }
    const sw_json *places = get(tab, "places");
    if (!st && places && !(st = expect(c, places, SW_JSON_ARR, "places"))) {
        if (places->n != SW_WINDS)
            return sw_error_set(c->err, SW_ERR_INVALID, c->file, places->line,
                                "%d places: expected 4, in wind order E, S, W, N", places->n);
        int pl[SW_WINDS];
        for (int s = 0; !st && s < SW_WINDS; s++) {
            long l;
            if (!(st = get_long(c, &places->items[s], "place", 1, SW_WINDS, &l)))
                pl[s] = (int)l;
        }
        if (!st)
            st = sw_seating_ev_places(c->ev, SW_SECTION_ROUND, pl, c->file, places->line, c->err);
    }
    if (!st && chombo && !(st = expect(c, chombo, SW_JSON_ARR, "chombo")))
        for (int i = 0; !st && i < chombo->n; i++) {
            long id;
            if (!(st = get_long(c, &chombo->items[i], "player id", 1, SW_SEATING_MAX_ID, &id)))
                st = sw_seating_ev_chombo(c->ev, SW_SECTION_ROUND, id, 1, c->file,
                                          chombo->items[i].line, c->err);
        }
    return st;
}

/* A round given as a list of tables, each [E,S,W,N] or {"seats": [...]},
 * the object form with a result in a played round. */
static sw_status read_round(jctx *c, int section, const sw_json *round) {
    sw_status st =
        expect(c, round, SW_JSON_ARR, section == SW_SECTION_ROUND ? "round" : "script round");
    if (st || (st = sw_seating_ev_section_begin(c->ev, section, 0, c->file, round->line, c->err)))
        return st;
    for (int t = 0; !st && t < round->n; t++) {
        const sw_json *tab = &round->items[t];
        if (tab->type == SW_JSON_OBJ) {
            const sw_json *plays = get(tab, "plays"), *seats = get(tab, "seats");
            if (plays && plays->type == SW_JSON_BOOL && !plays->b)
                continue; /* a sit-out table of the analyze contract */
            if (!seats)
                return sw_error_set(c->err, SW_ERR_PARSE, c->file, tab->line,
                                    "table without \"seats\"");
            if (!(st = read_table(c, section, seats)) && section == SW_SECTION_ROUND)
                st = read_result(c, tab);
            continue;
        }
        st = read_table(c, section, tab);
    }
    return st ? st : sw_seating_ev_section_end(c->ev, section, c->file, round->line, c->err);
}

static sw_status read_sessions(jctx *c, const sw_json *sessions) {
    sw_status st = expect(c, sessions, SW_JSON_ARR, "sessions");
    for (int i = 0; !st && i < sessions->n; i++) {
        const sw_json *s = &sessions->items[i], *rounds;
        if ((st = expect(c, s, SW_JSON_OBJ, "session")))
            break;
        if (!(rounds = get(s, "rounds")))
            return sw_error_set(c->err, SW_ERR_PARSE, c->file, s->line,
                                "session without \"rounds\"");
        if ((st = expect(c, rounds, SW_JSON_ARR, "rounds")))
            break;
        for (int r = 0; !st && r < rounds->n; r++) {
            const sw_json *rd = &rounds->items[r], *tables;
            if ((st = expect(c, rd, SW_JSON_OBJ, "round")))
                break;
            if (!(tables = get(rd, "tables")))
                return sw_error_set(c->err, SW_ERR_PARSE, c->file, rd->line,
                                    "round without \"tables\"");
            st = read_round(c, SW_SECTION_ROUND, tables);
        }
    }
    return st;
}

static sw_status read_rounds(jctx *c, const sw_json *list, int section) {
    sw_status st = expect(c, list, SW_JSON_ARR, section == SW_SECTION_ROUND ? "rounds" : "script");
    for (int i = 0; !st && i < list->n; i++)
        st = read_round(c, section, &list->items[i]);
    return st;
}

static sw_status read_standings(jctx *c, const sw_json *list) {
    sw_status st = expect(c, list, SW_JSON_ARR, "standings");
    for (int i = 0; !st && i < list->n; i++) {
        const sw_json *s = &list->items[i], *id, *pts, *games;
        if ((st = expect(c, s, SW_JSON_OBJ, "standing")))
            break;
        if (!(id = get(s, "id")) || !(pts = get(s, "points")))
            return sw_error_set(c->err, SW_ERR_PARSE, c->file, s->line,
                                "standing without \"id\" and \"points\"");
        long v, g = -1;
        int64_t points;
        if ((st = get_long(c, id, "player id", 1, SW_SEATING_MAX_ID, &v)))
            break;
        if ((st = expect(c, pts, SW_JSON_NUM, "points")))
            break;
        const char *why = sw_seating_parse_points(pts->str, pts->len, &points);
        if (why)
            return sw_error_set(c->err, SW_ERR_PARSE, c->file, pts->line, "%s, found %s", why,
                                pts->str);
        if ((games = get(s, "games")) &&
            (st = get_long(c, games, "games", 0, SW_SEATING_MAX_ROUNDS, &g)))
            break;
        st = sw_seating_ev_standing(c->ev, v, points, g, c->fidx, c->file, s->line, c->err);
    }
    return st;
}

static sw_status read_script_ids(jctx *c, const sw_json *players) {
    sw_status st = SW_OK;
    for (int i = 0; !st && i < players->n; i++) {
        const sw_json *p = &players->items[i], *k = get(p, "script_id");
        long id, v;
        if (!k)
            continue;
        if ((st = get_long(c, get(p, "id"), "player id", 1, SW_SEATING_MAX_ID, &id)) ||
            (st = get_long(c, k, "script_id", 1, SW_SEATING_MAX_PLAYERS, &v)))
            break;
        st = sw_seating_ev_map(c->ev, v, id, c->file, k->line, c->err);
    }
    return st;
}

/* "rules": {"name": "ema"|"wrc"|"custom", "start", "uma": [4], "oka",
 * "chombo"}, as the text format's 'rules' line. */
static sw_status read_rules(jctx *c, const sw_json *r) {
    sw_status st = expect(c, r, SW_JSON_OBJ, "rules");
    if (st)
        return st;
    const sw_json *name = get(r, "name"), *uma = get(r, "uma");
    if (!name || name->type != SW_JSON_STR)
        return sw_error_set(c->err, SW_ERR_PARSE, c->file, r->line,
                            "rules without \"name\": expected \"ema\", \"wrc\" or \"custom\"");
    bool custom = !strcmp(name->str, "custom");
    sw_mahjong_rules rules;
    if (!sw_mahjong_preset(custom ? "ema" : name->str, custom ? 3 : name->len, &rules))
        return sw_error_set(c->err, SW_ERR_INVALID, c->file, name->line,
                            "rules \"%.40s\": expected ema, wrc or custom", name->str);
    static const char *const keys[] = {"start", "oka", "chombo"};
    int64_t *dst[] = {&rules.start, &rules.oka, &rules.chombo};
    bool given = false;
    for (int k = 0; k < 3; k++) {
        const sw_json *v = get(r, keys[k]);
        long l;
        if (v && (st = get_long(c, v, keys[k], -1000000L, 1000000L, &l)))
            return st;
        if (v)
            *dst[k] = l, given = true;
    }
    if (uma) {
        if ((st = expect(c, uma, SW_JSON_ARR, "uma")))
            return st;
        if (uma->n != SW_WINDS)
            return sw_error_set(c->err, SW_ERR_INVALID, c->file, uma->line,
                                "uma with %d values: expected 4 (places 1 to 4)", uma->n);
        for (int k = 0; k < SW_WINDS; k++) {
            long l;
            if ((st = get_long(c, &uma->items[k], "uma", -1000000L, 1000000L, &l)))
                return st;
            rules.uma[k] = l;
        }
        given = true;
    }
    if (custom || given)
        snprintf(rules.name, sizeof rules.name, "custom");
    return sw_seating_ev_rules(c->ev, &rules, c->file, r->line, c->err);
}

static sw_status json_event(jctx *c, const sw_json *root) {
    sw_status st = expect(c, root, SW_JSON_OBJ, "the document");
    if (st)
        return st;
    const sw_json *rules = get(root, "rules");
    if (rules && (st = read_rules(c, rules)))
        return st;
    const sw_json *players = get(root, "participants"), *v;
    if (!players)
        players = get(root, "players");
    if (players && (st = read_players(c, players)))
        return st;
    if ((v = get(root, "sessions")) && (st = read_sessions(c, v)))
        return st;
    if ((v = get(root, "rounds")) && (st = read_rounds(c, v, SW_SECTION_ROUND)))
        return st;
    if ((v = get(root, "standings")) && (st = read_standings(c, v)))
        return st;
    if ((v = get(root, "script")) && (st = read_rounds(c, v, SW_SECTION_SCRIPT)))
        return st;
    if (players && (st = read_script_ids(c, players)))
        return st;
    if (players && (st = check_changes(c, players)))
        return st;
    return SW_OK;
}

sw_status sw_seating_read_json(sw_seating_event *ev, const char *text, size_t len, const char *path,
                               sw_error *err) {
    int fidx = sw_seating_ev_file_index(ev, path);
    if (fidx < 0)
        return sw_error_set(err, SW_ERR_NOMEM, path, 0, "out of memory");
    sw_json root;
    /* a --json output read back: its metrics and matrices are not needed */
    static const char *const skip[] = {"metrics", "matrices", NULL};
    sw_status st = sw_json_parse_skip(text, len, ev->files[fidx], skip, &root, err);
    if (!st) {
        jctx c = {ev, ev->files[fidx], fidx, err};
        st = json_event(&c, &root);
    }
    sw_json_free(&root);
    return st;
}
