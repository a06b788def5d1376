/* src/seating/event.c: the event model and its builder. Both input formats
 * go through the sw_seating_ev_* functions here, so every rule about ids (declared,
 * unique, seated once a round) lives in one place and names file and line.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "seating/seating_internal.h"
#include "util/fileio.h"
#include "util/strbuf.h"

void sw_seating_event_init(sw_seating_event *ev) {
    memset(ev, 0, sizeof *ev);
    (void)sw_mahjong_preset("ema", 3, &ev->rules);
}

static void free_rounds(sw_seating_round *r, int n) {
    for (int i = 0; i < n; i++) {
        free(r[i].tables);
        free(r[i].results);
    }
    free(r);
}

void sw_seating_event_free(sw_seating_event *ev) {
    if (!ev)
        return;
    for (int i = 0; i < ev->nplayers; i++)
        free(ev->players[i].name);
    free(ev->players);
    free_rounds(ev->rounds, ev->nrounds);
    free_rounds(ev->script, ev->nscript);
    for (int i = 0; i < ev->nfiles; i++)
        free(ev->files[i]);
    free(ev->files);
    free(ev->mark);
    free(ev->idhash);
    for (int i = 0; i < ev->nteams; i++)
        free(ev->teams[i]);
    free(ev->teams);
    memset(ev, 0, sizeof *ev);
}

static unsigned hash_id(int id, int cap) {
    return ((unsigned)id * 2654435761u) & (unsigned)(cap - 1);
}

int sw_seating_find_player(const sw_seating_event *ev, int id) {
    if (!ev->hashcap)
        return -1;
    for (unsigned h = hash_id(id, ev->hashcap);; h = (h + 1) & (unsigned)(ev->hashcap - 1)) {
        int v = ev->idhash[h];
        if (!v)
            return -1;
        if (ev->players[v - 1].id == id)
            return v - 1;
    }
}

/* Keep the load factor at most 1/2 so probes stay short and always end. */
static sw_status rehash(sw_seating_event *ev, sw_error *err) {
    if (2 * (ev->nplayers + 1) <= ev->hashcap)
        return SW_OK;
    int cap = ev->hashcap ? 2 * ev->hashcap : 64;
    int *h = calloc((size_t)cap, sizeof *h);
    if (!h)
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    free(ev->idhash);
    ev->idhash = h;
    ev->hashcap = cap;
    for (int i = 0; i < ev->nplayers; i++) {
        unsigned k = hash_id(ev->players[i].id, cap);
        while (h[k])
            k = (k + 1) & (unsigned)(cap - 1);
        h[k] = i + 1;
    }
    return SW_OK;
}

int sw_seating_ev_file_index(sw_seating_event *ev, const char *path) {
    if (!path)
        path = "";
    if (ev->nfiles > 0 && !strcmp(ev->files[ev->nfiles - 1], path))
        return ev->nfiles - 1;
    if (ev->nfiles == ev->capfiles) {
        int cap = ev->capfiles ? 2 * ev->capfiles : 4;
        char **f = realloc(ev->files, (size_t)cap * sizeof *f);
        if (!f)
            return -1;
        ev->files = f;
        ev->capfiles = cap;
    }
    char *copy = malloc(strlen(path) + 1);
    if (!copy)
        return -1;
    strcpy(copy, path);
    ev->files[ev->nfiles] = copy;
    return ev->nfiles++;
}

/* late: a late entry or a substitute, declared after rounds were played. */
static sw_status add_player_at(sw_seating_event *ev, long id, const char *name, size_t namelen,
                               bool late, const char *file, int line, sw_error *err) {
    if (id < 1 || id > SW_SEATING_MAX_ID)
        return sw_error_set(err, SW_ERR_INVALID, file, line,
                            "player id %ld: expected an integer from 1 to %d", id,
                            SW_SEATING_MAX_ID);
    int other = sw_seating_find_player(ev, (int)id);
    if (other >= 0)
        return sw_error_set(err, SW_ERR_INVALID, file, line,
                            "duplicate player id %ld: each player is declared once", id);
    if (ev->nplayers >= SW_SEATING_MAX_PLAYERS)
        return sw_error_set(err, SW_ERR_LIMIT, file, line, "more than %d players",
                            SW_SEATING_MAX_PLAYERS);
    if (!late && (ev->nrounds > 0 || ev->nscript > 0))
        return sw_error_set(err, SW_ERR_INVALID, file, line,
                            "player %ld declared after rounds or script: declare all players "
                            "first (a late entry is 'enter ID NAME')",
                            id);
    if (ev->nplayers == ev->capplayers) {
        int cap = ev->capplayers ? 2 * ev->capplayers : 16;
        sw_seating_player *p = realloc(ev->players, (size_t)cap * sizeof *p);
        int *mark = realloc(ev->mark, (size_t)cap * sizeof *mark);
        if (p)
            ev->players = p;
        if (mark)
            ev->mark = mark;
        if (!p || !mark)
            return sw_error_set(err, SW_ERR_NOMEM, file, line, "out of memory");
        ev->capplayers = cap;
    }
    if (rehash(ev, err))
        return err ? err->code : SW_ERR_NOMEM;
    for (size_t i = 0; name && i < namelen; i++)
        if ((unsigned char)name[i] < 0x20 && name[i] != '\t')
            return sw_error_set(err, SW_ERR_INVALID, file, line,
                                "control character in the name of player %ld", id);
    char fallback[32];
    if (!name || !namelen) {
        snprintf(fallback, sizeof fallback, "Player %ld", id);
        name = fallback;
        namelen = strlen(fallback);
    }
    char *copy = malloc(namelen + 1);
    if (!copy)
        return sw_error_set(err, SW_ERR_NOMEM, file, line, "out of memory");
    memcpy(copy, name, namelen);
    copy[namelen] = '\0';
    sw_seating_player *p = &ev->players[ev->nplayers];
    memset(p, 0, sizeof *p);
    p->id = (int)id;
    p->name = copy;
    p->games = -1;
    p->until = -1;
    p->continues = -1;
    p->team = -1;
    p->script_id = ev->nplayers + 1; /* file order, unless 'map' says otherwise */
    ev->mark[ev->nplayers] = 0;
    ev->nplayers++;
    unsigned k = hash_id((int)id, ev->hashcap);
    while (ev->idhash[k])
        k = (k + 1) & (unsigned)(ev->hashcap - 1);
    ev->idhash[k] = ev->nplayers;
    return SW_OK;
}

/* A player's name must be UTF-8: the error names the first bad byte. */
static sw_status check_name(long id, const char *name, size_t namelen, const char *file, int line,
                            sw_error *err) {
    size_t bad = name ? sw_utf8_invalid(name, namelen) : namelen;
    if (bad < namelen)
        return sw_error_set(err, SW_ERR_PARSE, file, line,
                            "player %ld: name has byte 0x%02X (name byte %zu) that is not UTF-8; "
                            "save the file as UTF-8",
                            id, (unsigned char)name[bad], bad + 1);
    return SW_OK;
}

sw_status sw_seating_ev_player(sw_seating_event *ev, long id, const char *name, size_t namelen,
                               const char *file, int line, sw_error *err) {
    sw_status named = check_name(id, name, namelen, file, line, err);
    if (named)
        return named;
    return add_player_at(ev, id, name, namelen, false, file, line, err);
}

sw_status sw_seating_add_player(sw_seating_event *ev, int id, const char *name, sw_error *err) {
    return add_player_at(ev, id, name, name ? strlen(name) : 0, false, NULL, 0, err);
}

/* ---- events that change: late entries, withdrawals, substitutes, teams ---- */

static int player_of(const sw_seating_event *ev, long id) {
    return id >= 1 && id <= SW_SEATING_MAX_ID ? sw_seating_find_player(ev, (int)id) : -1;
}

sw_status sw_seating_ev_enter(sw_seating_event *ev, long id, const char *name, size_t namelen,
                              long after, const char *file, int line, sw_error *err) {
    if (after < 0 || after > SW_SEATING_MAX_ROUNDS)
        return sw_error_set(err, SW_ERR_INVALID, file, line,
                            "player %ld enters after round %ld: expected 0 to %d", id, after,
                            SW_SEATING_MAX_ROUNDS);
    sw_status named = check_name(id, name, namelen, file, line, err);
    if (named)
        return named;
    sw_status st = add_player_at(ev, id, name, namelen, true, file, line, err);
    if (st)
        return st;
    ev->players[ev->nplayers - 1].from = (int)after;
    ev->changed |= after > 0;
    return SW_OK;
}

sw_status sw_seating_ev_withdraw(sw_seating_event *ev, long id, long after, const char *file,
                                 int line, sw_error *err) {
    int idx = player_of(ev, id);
    if (idx < 0)
        return sw_error_set(err, SW_ERR_INVALID, file, line,
                            "withdraw of unknown player id %ld: expected a declared player", id);
    sw_seating_player *p = &ev->players[idx];
    if (p->until >= 0)
        return sw_error_set(err, SW_ERR_INVALID, file, line,
                            "player %ld withdraws twice (withdrew after round %d)", id, p->until);
    if (after < p->from || after > SW_SEATING_MAX_ROUNDS)
        return sw_error_set(err, SW_ERR_INVALID, file, line,
                            "player %ld withdraws after round %ld: expected %d to %d (the player "
                            "enters after round %d)",
                            id, after, p->from, SW_SEATING_MAX_ROUNDS, p->from);
    /* Rounds already read (the JSON form may give them first) must agree. */
    for (int r = (int)after; r < ev->nrounds; r++)
        for (int t = 0; t < ev->rounds[r].ntables; t++)
            for (int s = 0; s < sw_seating_table_size(&ev->rounds[r].tables[t]); s++)
                if (ev->rounds[r].tables[t].seat[s] == idx)
                    return sw_error_set(err, SW_ERR_INVALID, file, line,
                                        "player %ld withdraws after round %ld but is seated in "
                                        "round %d",
                                        id, after, r + 1);
    p->until = (int)after;
    ev->changed = true;
    return SW_OK;
}

sw_status sw_seating_ev_substitute(sw_seating_event *ev, long new_id, long old_id, const char *name,
                                   size_t namelen, long after, const char *file, int line,
                                   sw_error *err) {
    int old = player_of(ev, old_id);
    if (old < 0)
        return sw_error_set(err, SW_ERR_INVALID, file, line,
                            "substitute for unknown player id %ld: expected a declared player",
                            old_id);
    if (ev->players[old].until >= 0)
        return sw_error_set(err, SW_ERR_INVALID, file, line,
                            "substitute for player %ld, who withdrew after round %d: expected a "
                            "player still in the event",
                            old_id, ev->players[old].until);
    sw_status st = sw_seating_ev_withdraw(ev, old_id, after, file, line, err);
    if (!st)
        st = sw_seating_ev_enter(ev, new_id, name, namelen, after, file, line, err);
    if (st) {
        ev->players[old].until = -1; /* nothing changed after all */
        return st;
    }
    sw_seating_player *p = &ev->players[ev->nplayers - 1];
    p->continues = old;
    p->team = ev->players[old].team; /* the entry's team, unless told otherwise */
    ev->changed = true;
    return SW_OK;
}

sw_status sw_seating_ev_team(sw_seating_event *ev, long id, const char *name, size_t namelen,
                             const char *file, int line, sw_error *err) {
    int idx = player_of(ev, id);
    if (idx < 0)
        return sw_error_set(err, SW_ERR_INVALID, file, line,
                            "team of unknown player id %ld: expected a declared player", id);
    if (!name || !namelen)
        return sw_error_set(err, SW_ERR_PARSE, file, line,
                            "team of player %ld without a name: expected 'team ID NAME'", id);
    if (namelen > 200)
        return sw_error_set(err, SW_ERR_LIMIT, file, line,
                            "team name of %zu bytes: expected at most 200", namelen);
    size_t bad = sw_utf8_invalid(name, namelen);
    if (bad < namelen)
        return sw_error_set(err, SW_ERR_PARSE, file, line,
                            "team of player %ld: name has byte 0x%02X that is not UTF-8", id,
                            (unsigned char)name[bad]);
    for (size_t i = 0; i < namelen; i++)
        if ((unsigned char)name[i] < 0x20 && name[i] != '\t')
            return sw_error_set(err, SW_ERR_INVALID, file, line,
                                "control character in the team of player %ld", id);
    sw_seating_player *p = &ev->players[idx];
    /* A substitute inherits the entry's team; an explicit line may restate it. */
    if (p->team >= 0 && p->continues < 0)
        return sw_error_set(err, SW_ERR_INVALID, file, line,
                            "player %ld has a team already ('%s'): one team a player", id,
                            ev->teams[p->team]);
    int t = 0;
    while (t < ev->nteams &&
           (strlen(ev->teams[t]) != namelen || memcmp(ev->teams[t], name, namelen)))
        t++;
    if (t == ev->nteams) {
        if (ev->nteams == ev->capteams) {
            int cap = ev->capteams ? 2 * ev->capteams : 8;
            char **tt = realloc(ev->teams, (size_t)cap * sizeof *tt);
            if (!tt)
                return sw_error_set(err, SW_ERR_NOMEM, file, line, "out of memory");
            ev->teams = tt;
            ev->capteams = cap;
        }
        char *copy = malloc(namelen + 1);
        if (!copy)
            return sw_error_set(err, SW_ERR_NOMEM, file, line, "out of memory");
        memcpy(copy, name, namelen);
        copy[namelen] = '\0';
        ev->teams[ev->nteams++] = copy;
    }
    p->team = t;
    return SW_OK;
}

sw_status sw_seating_withdraw(sw_seating_event *ev, int id, sw_error *err) {
    return sw_seating_ev_withdraw(ev, id, ev->nrounds, NULL, 0, err);
}

sw_status sw_seating_enter(sw_seating_event *ev, int id, const char *name, sw_error *err) {
    return sw_seating_ev_enter(ev, id, name, name ? strlen(name) : 0, ev->nrounds, NULL, 0, err);
}

sw_status sw_seating_substitute(sw_seating_event *ev, int new_id, int old_id, const char *name,
                                sw_error *err) {
    return sw_seating_ev_substitute(ev, new_id, old_id, name, name ? strlen(name) : 0, ev->nrounds,
                                    NULL, 0, err);
}

sw_status sw_seating_set_team(sw_seating_event *ev, int id, const char *name, sw_error *err) {
    return sw_seating_ev_team(ev, id, name, name ? strlen(name) : 0, NULL, 0, err);
}

static sw_status push_round(sw_seating_round **rounds, int *n, int *cap, sw_error *err) {
    if (*n >= SW_SEATING_MAX_ROUNDS)
        return sw_error_set(err, SW_ERR_LIMIT, NULL, 0, "more than %d rounds",
                            SW_SEATING_MAX_ROUNDS);
    if (*n == *cap) {
        int c = *cap ? 2 * *cap : 8;
        sw_seating_round *r = realloc(*rounds, (size_t)c * sizeof *r);
        if (!r)
            return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
        *rounds = r;
        *cap = c;
    }
    memset(&(*rounds)[*n], 0, sizeof **rounds);
    (*n)++;
    return SW_OK;
}

/* A new stamp marks nobody: the marks of earlier rounds are all smaller. */
static void next_stamp(sw_seating_event *ev) {
    if (ev->stamp == 0x7fffffff) {
        memset(ev->mark, 0, (size_t)ev->nplayers * sizeof *ev->mark);
        ev->stamp = 0;
    }
    ev->stamp++;
}

sw_status sw_seating_ev_section_begin(sw_seating_event *ev, int section, long number,
                                      const char *file, int line, sw_error *err) {
    sw_seating_round **rounds = section == SW_SECTION_ROUND ? &ev->rounds : &ev->script;
    int *n = section == SW_SECTION_ROUND ? &ev->nrounds : &ev->nscript;
    int *cap = section == SW_SECTION_ROUND ? &ev->caprounds : &ev->capscript;
    const char *what = section == SW_SECTION_ROUND ? "round" : "script round";
    if (number != 0 && number != *n + 1)
        return sw_error_set(err, SW_ERR_INVALID, file, line, "%s %ld: expected %s %d", what, number,
                            what, *n + 1);
    if (!ev->nplayers)
        return sw_error_set(err, SW_ERR_INVALID, file, line,
                            "%s before any player: declare the players first", what);
    sw_status st = push_round(rounds, n, cap, err);
    if (st) {
        if (err)
            err->line = line, snprintf(err->file, sizeof err->file, "%s", file ? file : "");
        return st;
    }
    next_stamp(ev);
    return SW_OK;
}

sw_status sw_seating_ev_table(sw_seating_event *ev, int section, const long ids[SW_WINDS],
                              const char *file, int line, sw_error *err) {
    if (section == SW_SECTION_NONE)
        return sw_error_set(err, SW_ERR_PARSE, file, line,
                            "table outside a round: expected a 'round' or 'script' line first");
    sw_seating_round *r =
        section == SW_SECTION_ROUND ? &ev->rounds[ev->nrounds - 1] : &ev->script[ev->nscript - 1];
    sw_seating_table t;
    t.seat[SW_WIND_N] = SW_SEAT_EMPTY;
    /* 0 at N in a round: a table of three. */
    int size = section == SW_SECTION_ROUND && ids[SW_WIND_N] == 0 ? 3 : SW_WINDS;
    for (int s = 0; s < size; s++) {
        int idx;
        if (section == SW_SECTION_ROUND) {
            idx = ids[s] >= 1 && ids[s] <= SW_SEATING_MAX_ID
                      ? sw_seating_find_player(ev, (int)ids[s])
                      : -1;
            if (idx < 0)
                return sw_error_set(err, SW_ERR_INVALID, file, line,
                                    "unknown player id %ld: expected an id declared by a "
                                    "'player' line",
                                    ids[s]);
            const sw_seating_player *p = &ev->players[idx];
            if (!sw_seating_present(p, ev->nrounds - 1))
                return p->until >= 0 && ev->nrounds > p->until
                           ? sw_error_set(err, SW_ERR_INVALID, file, line,
                                          "player %ld seated in round %d but withdrew after "
                                          "round %d",
                                          ids[s], ev->nrounds, p->until)
                           : sw_error_set(err, SW_ERR_INVALID, file, line,
                                          "player %ld seated in round %d but enters after round "
                                          "%d",
                                          ids[s], ev->nrounds, p->from);
        } else {
            if (ids[s] < 1 || ids[s] > ev->nplayers)
                return sw_error_set(err, SW_ERR_INVALID, file, line,
                                    "script id %ld: expected 1 to %d (the number of players)",
                                    ids[s], ev->nplayers);
            idx = (int)ids[s] - 1;
        }
        if (ev->mark[idx] == ev->stamp)
            return sw_error_set(err, SW_ERR_INVALID, file, line,
                                "%s %ld seated twice in this round",
                                section == SW_SECTION_ROUND ? "player" : "script id", ids[s]);
        ev->mark[idx] = ev->stamp;
        t.seat[s] = section == SW_SECTION_ROUND ? idx : (int)ids[s];
    }
    sw_seating_table *tt = realloc(r->tables, (size_t)(r->ntables + 1) * sizeof *tt);
    if (!tt)
        return sw_error_set(err, SW_ERR_NOMEM, file, line, "out of memory");
    r->tables = tt;
    if (r->results) { /* results are [ntables] once there is one */
        sw_seating_result *rr = realloc(r->results, (size_t)(r->ntables + 1) * sizeof *rr);
        if (!rr)
            return sw_error_set(err, SW_ERR_NOMEM, file, line, "out of memory");
        memset(&rr[r->ntables], 0, sizeof *rr);
        r->results = rr;
    }
    tt[r->ntables++] = t;
    return SW_OK;
}

sw_status sw_seating_ev_section_end(sw_seating_event *ev, int section, const char *file,
                                    int header_line, sw_error *err) {
    if (section == SW_SECTION_ROUND) {
        const sw_seating_round *r = &ev->rounds[ev->nrounds - 1];
        if (!r->ntables)
            return sw_error_set(err, SW_ERR_INVALID, file, header_line,
                                "round %d has no tables: expected 'table E S W N' lines",
                                ev->nrounds);
    } else if (section == SW_SECTION_SCRIPT) {
        const sw_seating_round *r = &ev->script[ev->nscript - 1];
        if (r->ntables != ev->nplayers / SW_WINDS)
            return sw_error_set(err, SW_ERR_INVALID, file, header_line,
                                "script round %d has %d tables: expected %d for %d players",
                                ev->nscript, r->ntables, ev->nplayers / SW_WINDS, ev->nplayers);
    }
    return SW_OK;
}

sw_status sw_seating_ev_sitout(sw_seating_event *ev, long id, const char *file, int line,
                               sw_error *err) {
    if (!ev->nrounds)
        return sw_error_set(err, SW_ERR_PARSE, file, line, "sitout outside a round");
    int idx = id >= 1 && id <= SW_SEATING_MAX_ID ? sw_seating_find_player(ev, (int)id) : -1;
    if (idx < 0)
        return sw_error_set(err, SW_ERR_INVALID, file, line,
                            "unknown player id %ld: expected an id declared by a 'player' line",
                            id);
    const sw_seating_round *r = &ev->rounds[ev->nrounds - 1];
    for (int t = 0; t < r->ntables; t++)
        for (int s = 0; s < SW_WINDS; s++)
            if (r->tables[t].seat[s] == idx)
                return sw_error_set(err, SW_ERR_INVALID, file, line,
                                    "player %ld sits out but is seated at table %d of round %d", id,
                                    t + 1, ev->nrounds);
    return SW_OK;
}

sw_status sw_seating_ev_standing(sw_seating_event *ev, long id, int64_t points, long games,
                                 int file_index, const char *file, int line, sw_error *err) {
    int idx = id >= 1 && id <= SW_SEATING_MAX_ID ? sw_seating_find_player(ev, (int)id) : -1;
    if (idx < 0)
        return sw_error_set(err, SW_ERR_INVALID, file, line,
                            "standing for unknown player id %ld: expected a declared player", id);
    sw_seating_player *p = &ev->players[idx];
    if (p->has_standing)
        return sw_error_set(err, SW_ERR_INVALID, file, line,
                            "duplicate standing for player %ld (first at %s:%d)", id,
                            ev->files[p->standing_file], p->standing_line);
    if (games < -1 || games > SW_SEATING_MAX_ROUNDS)
        return sw_error_set(err, SW_ERR_INVALID, file, line,
                            "games %ld for player %ld: expected 0 to %d", games, id,
                            SW_SEATING_MAX_ROUNDS);
    p->has_standing = true;
    p->points = points;
    p->games = (int)games;
    p->standing_order = ev->nstandings++;
    p->standing_file = file_index;
    p->standing_line = line;
    return SW_OK;
}

sw_status sw_seating_ev_map(sw_seating_event *ev, long script_id, long id, const char *file,
                            int line, sw_error *err) {
    int idx = id >= 1 && id <= SW_SEATING_MAX_ID ? sw_seating_find_player(ev, (int)id) : -1;
    if (idx < 0)
        return sw_error_set(err, SW_ERR_INVALID, file, line,
                            "map to unknown player id %ld: expected a declared player", id);
    if (script_id < 1 || script_id > ev->nplayers)
        return sw_error_set(err, SW_ERR_INVALID, file, line,
                            "script id %ld: expected 1 to %d (the number of players)", script_id,
                            ev->nplayers);
    if (!ev->mapped) {
        /* The first map line replaces the file-order default for everyone. */
        for (int i = 0; i < ev->nplayers; i++)
            ev->players[i].script_id = 0;
        ev->mapped = true;
    }
    for (int i = 0; i < ev->nplayers; i++)
        if (ev->players[i].script_id == script_id)
            return sw_error_set(err, SW_ERR_INVALID, file, line,
                                "script id %ld mapped twice (to players %d and %ld)", script_id,
                                ev->players[i].id, id);
    if (ev->players[idx].script_id)
        return sw_error_set(err, SW_ERR_INVALID, file, line,
                            "player %ld mapped twice (script ids %d and %ld)", id,
                            ev->players[idx].script_id, script_id);
    ev->players[idx].script_id = (int)script_id;
    return SW_OK;
}

const char *sw_seating_parse_points(const char *s, size_t n, int64_t *out) {
    size_t i = 0;
    bool neg = false;
    if (i < n && (s[i] == '-' || s[i] == '+'))
        neg = s[i++] == '-';
    int64_t whole = 0, frac = 0;
    int digits = 0, decimals = 0;
    for (; i < n && s[i] >= '0' && s[i] <= '9'; i++, digits++) {
        if (whole > (INT64_C(1000000000000) - 9) / 10)
            return "points out of range: expected at most 10^12 in absolute value";
        whole = whole * 10 + (s[i] - '0');
    }
    if (i < n && s[i] == '.') {
        for (i++; i < n && s[i] >= '0' && s[i] <= '9'; i++, decimals++) {
            if (decimals == 3)
                return "points with more than 3 decimals";
            frac = frac * 10 + (s[i] - '0');
        }
        if (!decimals)
            return "points: expected digits after the decimal point";
    }
    if (!digits || i != n)
        return "points: expected a decimal number such as 12, -3.5 or +45.25";
    for (int d = decimals; d < 3; d++)
        frac *= 10;
    int64_t v = whole * SW_SEATING_POINT_SCALE + frac;
    *out = neg ? -v : v;
    return NULL;
}

sw_status sw_seating_event_check(sw_seating_event *ev, sw_error *err) {
    if (ev->nplayers < SW_WINDS)
        return sw_error_set(err, SW_ERR_INVALID, ev->nfiles ? ev->files[0] : NULL, 0,
                            "%d players: expected at least 4", ev->nplayers);
    int *games = calloc((size_t)ev->nplayers, sizeof *games);
    if (!games)
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    for (int r = 0; r < ev->nrounds; r++)
        for (int t = 0; t < ev->rounds[r].ntables; t++)
            for (int s = 0; s < sw_seating_table_size(&ev->rounds[r].tables[t]); s++)
                games[ev->rounds[r].tables[t].seat[s]]++;
    /* Report the standing line that comes first, so the message is stable. */
    int bad = -1;
    for (int i = 0; i < ev->nplayers; i++) {
        const sw_seating_player *p = &ev->players[i];
        if (p->has_standing && p->games >= 0 && p->games != games[i] &&
            (bad < 0 || p->standing_order < ev->players[bad].standing_order))
            bad = i;
    }
    if (bad >= 0) {
        const sw_seating_player *p = &ev->players[bad];
        sw_status st = sw_error_set(
            err, SW_ERR_INVALID, ev->files[p->standing_file], p->standing_line,
            "standings disagree with the history: player %d has %d games in the standings, "
            "expected %d (the rounds of the history in which the player is seated)",
            p->id, p->games, games[bad]);
        free(games);
        return st;
    }
    free(games);
    if (ev->mapped) /* a substitute plays under the entry's script id */
        for (int i = 0; i < ev->nplayers; i++)
            if (!ev->players[i].script_id && ev->players[i].continues < 0)
                return sw_error_set(err, SW_ERR_INVALID, NULL, 0,
                                    "player %d has no script id: expected a 'map K %d' line "
                                    "for every player",
                                    ev->players[i].id, ev->players[i].id);
    return SW_OK;
}

sw_status sw_seating_add_round(sw_seating_event *ev, const sw_seating_table *tables, int ntables,
                               sw_error *err) {
    if (ntables < 1 || ntables > ev->nplayers / 3)
        return sw_error_set(err, SW_ERR_INVALID, NULL, 0, "%d tables: expected 1 to %d", ntables,
                            ev->nplayers / 3);
    next_stamp(ev);
    for (int t = 0; t < ntables; t++)
        for (int s = 0; s < sw_seating_table_size(&tables[t]); s++) {
            int p = tables[t].seat[s];
            if (p < 0 || p >= ev->nplayers)
                return sw_error_set(err, SW_ERR_INVALID, NULL, 0,
                                    "table %d: player index %d out of range", t + 1, p);
            if (ev->mark[p] == ev->stamp)
                return sw_error_set(err, SW_ERR_INVALID, NULL, 0,
                                    "player %d seated twice in one round", ev->players[p].id);
            if (!sw_seating_present(&ev->players[p], ev->nrounds))
                return sw_error_set(err, SW_ERR_INVALID, NULL, 0,
                                    "player %d is not in the event in round %d", ev->players[p].id,
                                    ev->nrounds + 1);
            ev->mark[p] = ev->stamp;
        }
    sw_seating_table *copy = malloc((size_t)ntables * sizeof *copy);
    if (!copy)
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    sw_status st = push_round(&ev->rounds, &ev->nrounds, &ev->caprounds, err);
    if (st) {
        free(copy);
        return st;
    }
    memcpy(copy, tables, (size_t)ntables * sizeof *copy);
    ev->rounds[ev->nrounds - 1].tables = copy;
    ev->rounds[ev->nrounds - 1].ntables = ntables;
    return SW_OK;
}

void sw_seating_set_points(sw_seating_event *ev, int p, int64_t points) {
    sw_seating_player *pl = &ev->players[p];
    if (!pl->has_standing) {
        pl->has_standing = true;
        pl->games = -1;
        pl->standing_order = ev->nstandings++;
    }
    pl->points = points;
}
