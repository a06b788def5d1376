/* src/seating/event_season.c: an event as a season, in memory: the one
 * conversion between the seating model and the season model, so the
 * report's criteria and the schedule's season search read the same season
 * that 'seatwise analyze' rebuilds from the event's JSON (season/seasonjson.c).
 *
 * Participant i is player i. Round r is session r, a one-round movement of
 * four seats a table whose positions are the round's present players in
 * order of their first seat (table by table, E S W N), then the present
 * players who sat out; a table of three leaves its N seat empty (0) and
 * plays. Sessions of one shape share one movement, named after the first
 * session that used it ("session-K").
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "seating/seating_internal.h"

/* The participants: the players, or (index_ids) ids 1..n without names. */
static sw_status add_participants(sw_season *s, const sw_seating_event *ev, bool index_ids,
                                  sw_error *err) {
    int n = ev->nplayers;
    if (n < 2 || n > SW_SEASON_MAX_PARTICIPANTS)
        return sw_error_set(err, n < 2 ? SW_ERR_INVALID : SW_ERR_LIMIT, NULL, 0,
                            "%d players, a season holds 2 to %d", n, SW_SEASON_MAX_PARTICIPANTS);
    s->part = calloc((size_t)n, sizeof *s->part);
    if (!s->part)
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    for (int i = 0; i < n; i++) {
        const sw_seating_player *p = &ev->players[i];
        if (!index_ids && p->id > SW_PARTICIPANT_MAX_ID)
            return sw_error_set(err, SW_ERR_LIMIT, NULL, 0,
                                "player id %d: a season's ids go up to %d", p->id,
                                SW_PARTICIPANT_MAX_ID);
        s->part[i].id = index_ids ? i + 1 : p->id;
        s->part[i].name = index_ids ? NULL : strdup(p->name);
        s->n = i + 1;
        if (!index_ids && !s->part[i].name)
            return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    }
    return SW_OK;
}

/* Positions of round r: posof[i] = position of player i (1-based), 0 when
 * absent. rest (NULL: player order) orders the present players not seated.
 * Returns the positions, or -1 when a seated player is absent or seated
 * twice (not an event sw_seating_add_round accepts). */
static int number_positions(const sw_seating_event *ev, const sw_seating_round *rd, int r,
                            const int *rest, int *posof) {
    int n = ev->nplayers, P = 0;
    memset(posof, 0, (size_t)n * sizeof *posof);
    for (int t = 0; t < rd->ntables; t++)
        for (int k = 0; k < sw_seating_table_size(&rd->tables[t]); k++) {
            int i = rd->tables[t].seat[k];
            if (posof[i] || !sw_seating_present(&ev->players[i], r))
                return -1;
            posof[i] = ++P;
        }
    for (int x = 0; x < n; x++) {
        int i = rest ? rest[x] : x;
        if (!posof[i] && sw_seating_present(&ev->players[i], r))
            posof[i] = ++P;
    }
    return P;
}

/* Session r: its movement (shared when an earlier one is equal), who is
 * present and the assignment. */
static sw_status add_round(sw_season *s, const sw_seating_event *ev, const sw_seating_round *rd,
                           int r, const int *rest, bool played, int *posof, sw_error *err) {
    int n = ev->nplayers, P = number_positions(ev, rd, r, rest, posof);
    int T = rd->ntables > 1 ? rd->ntables : 1;
    if (P < 1 || T > SW_MOVEMENT_MAX_TABLES)
        return sw_error_set(err, P < 0 ? SW_ERR_INVALID : SW_ERR_LIMIT, NULL, 0,
                            "round %d: %d present, %d tables: not a season's session", r + 1, P, T);
    sw_movement m;
    sw_status st = sw_movement_init(&m, P, T, 1, 0, SW_WINDS, err);
    if (st)
        return st;
    for (int t = 0; t < rd->ntables; t++)
        for (int k = 0; k < sw_seating_table_size(&rd->tables[t]); k++)
            m.table[t].seat[k] = posof[rd->tables[t].seat[k]];
    char name[32];
    snprintf(name, sizeof name, "session-%d", r + 1);
    if ((st = sw_movement_validate(&m, NULL, err))) {
        sw_movement_free(&m);
        return st;
    }
    if ((st = sw_season_add_session(s, &m, name, err)))
        return st;
    sw_session *ss = &s->sessions[s->nsessions - 1];
    ss->played = played;
    for (int i = 0; i < n; i++) {
        ss->present[i] = posof[i] > 0;
        if (posof[i])
            ss->assign[posof[i]] = i + 1;
    }
    return SW_OK;
}

sw_status sw_seating_rounds_season(const sw_seating_event *ev, const sw_seating_round *rounds,
                                   int nrounds, const int *rest, int first_new, bool index_ids,
                                   sw_season *out, sw_error *err) {
    if (nrounds < 1 || nrounds > SW_SEASON_MAX_SESSIONS)
        return sw_error_set(err, nrounds < 1 ? SW_ERR_INVALID : SW_ERR_LIMIT, NULL, 0,
                            "%d rounds, a season holds 1 to %d", nrounds, SW_SEASON_MAX_SESSIONS);
    sw_season s;
    memset(&s, 0, sizeof s);
    sw_status st = add_participants(&s, ev, index_ids, err);
    int *posof = st ? NULL : malloc((size_t)ev->nplayers * sizeof *posof);
    if (!st && !posof)
        st = sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    for (int r = 0; r < nrounds && !st; r++)
        st = add_round(&s, ev, &rounds[r], r, rest ? rest + (size_t)r * (size_t)ev->nplayers : NULL,
                       first_new < 1 || r + 1 < first_new, posof, err);
    free(posof);
    if (st) {
        sw_season_free(&s);
        return st;
    }
    *out = s;
    return SW_OK;
}

sw_status sw_seating_event_season(const sw_seating_event *ev, int first_new, sw_season *s,
                                  sw_error *err) {
    return sw_seating_rounds_season(ev, ev->rounds, ev->nrounds, NULL, first_new, false, s, err);
}
