/* src/season/season.c: season model: construction, copies, validation.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "season/season.h"
#include "season/season_internal.h"

static void session_free(sw_session *ss) {
    free(ss->present);
    free(ss->assign);
    for (int j = 0; ss->sections && j < ss->nsections; j++)
        free(ss->sections[j].name);
    free(ss->sections);
    free(ss->section);
    free(ss->fixed);
    free(ss->allowed);
    free(ss->pin);
    free(ss->plan);
    memset(ss, 0, sizeof *ss);
}

void sw_season_free(sw_season *s) {
    if (!s)
        return;
    sw_participants_free(s->part, s->n);
    for (int i = 0; i < s->nmovements; i++) {
        sw_movement_free(&s->movements[i]);
        if (s->movement_files)
            free(s->movement_files[i]);
    }
    free(s->movements);
    free(s->movement_files);
    for (int k = 0; k < s->nsessions; k++)
        session_free(&s->sessions[k]);
    free(s->sessions);
    free(s->pairs_file);
    sw_history_free(&s->history);
    for (int x = 0; s->pins && x < s->npins; x++)
        free(s->pins[x].sections);
    free(s->pins);
    memset(s, 0, sizeof *s);
}

int sw_season_find(const sw_season *s, int id) {
    for (int i = 0; i < s->n; i++)
        if (s->part[i].id == id)
            return i;
    return -1;
}

int sw_season_present_count(const sw_season *s, int k) {
    int c = 0;
    for (int i = 0; i < s->n; i++)
        c += s->sessions[k].present[i];
    return c;
}

static char *dup_or_null(const char *s, bool *fail) {
    if (!s)
        return NULL;
    char *d = strdup(s);
    if (!d)
        *fail = true;
    return d;
}

static int history_copy(sw_history *d, const sw_history *h, size_t n) {
    memset(d, 0, sizeof *d);
    d->unit = h->unit;
    d->scale = h->scale;
    d->player_rows = h->player_rows;
    d->player_rows_left_out = h->player_rows_left_out;
    if (h->nplayers_left_out) {
        size_t bytes = (size_t)h->nplayers_left_out * sizeof *h->players_left_out;
        if (!(d->players_left_out = malloc(bytes)))
            return -1;
        memcpy(d->players_left_out, h->players_left_out, bytes);
        d->nplayers_left_out = h->nplayers_left_out;
    }
    if (h->meet) {
        d->meet = malloc(n * n * sizeof *d->meet + 1);
        d->comp = malloc(n * n * sizeof *d->comp + 1);
        if (!d->meet || !d->comp)
            return -1;
        memcpy(d->meet, h->meet, n * n * sizeof *d->meet);
        memcpy(d->comp, h->comp, n * n * sizeof *d->comp);
    }
    if (h->nfiles) {
        d->files = calloc((size_t)h->nfiles, sizeof *d->files);
        if (!d->files)
            return -1;
        for (int i = 0; i < h->nfiles; i++) {
            bool fail = false;
            d->files[i] = dup_or_null(h->files[i], &fail);
            d->nfiles = i + 1;
            if (fail)
                return -1;
        }
    }
    return 0;
}

/* Duplicate an array (NULL stays NULL); *fail on out of memory. */
static void *dup_array(const void *a, size_t bytes, bool *fail) {
    if (!a)
        return NULL;
    void *d = malloc(bytes + 1);
    if (d)
        memcpy(d, a, bytes);
    else
        *fail = true;
    return d;
}

/* The sections and pins of session a copied into b (which owns none yet). */
static int session_copy_extra(sw_session *b, const sw_session *a, size_t P, size_t n) {
    bool fail = false;
    int nsec = a->nsections;
    if (a->sections) {
        b->sections = calloc((size_t)nsec, sizeof *b->sections);
        fail = !b->sections;
        for (int j = 0; j < nsec && !fail; j++) {
            b->sections[j] = a->sections[j];
            b->sections[j].name = dup_or_null(a->sections[j].name, &fail);
            b->nsections = j + 1;
        }
    }
    b->section = dup_array(a->section, (P + 1) * sizeof *a->section, &fail);
    b->fixed = dup_array(a->fixed, n * sizeof *a->fixed, &fail);
    b->allowed = dup_array(a->allowed, n * sizeof *a->allowed, &fail);
    b->pin = dup_array(a->pin, n * sizeof *a->pin, &fail);
    b->plan = dup_array(a->plan, (size_t)a->nplan * sizeof *a->plan, &fail);
    return fail ? -1 : 0;
}

sw_status sw_season_copy(sw_season *dst, const sw_season *src, sw_error *err) {
    sw_season s;
    memset(&s, 0, sizeof s);
    bool fail = false;
    s.part = calloc((size_t)src->n, sizeof *s.part);
    s.movements = calloc((size_t)src->nmovements, sizeof *s.movements);
    s.movement_files = calloc((size_t)src->nmovements, sizeof *s.movement_files);
    s.sessions = calloc((size_t)src->nsessions, sizeof *s.sessions);
    fail = !s.part || !s.movements || !s.movement_files || !s.sessions;
    if (!fail) {
        s.n = src->n;
        for (int i = 0; i < src->n; i++)
            fail = sw_participant_copy(&s.part[i], &src->part[i]) != 0 || fail;
        for (int i = 0; i < src->nmovements && !fail; i++) {
            if (sw_movement_copy(&s.movements[i], &src->movements[i], NULL) != SW_OK)
                fail = true;
            else
                s.nmovements = i + 1;
            s.movement_files[i] = dup_or_null(src->movement_files[i], &fail);
        }
        for (int k = 0; k < src->nsessions && !fail; k++) {
            const sw_session *a = &src->sessions[k];
            sw_session *b = &s.sessions[k];
            size_t P = (size_t)src->movements[a->movement].positions;
            *b = *a;
            b->nsections = 0; /* nothing of a's is owned by b until copied */
            b->sections = NULL;
            b->section = NULL;
            b->fixed = b->pin = b->plan = NULL;
            b->allowed = NULL;
            b->present = malloc((size_t)src->n * sizeof *b->present + 1);
            b->assign = malloc((P + 1) * sizeof *b->assign);
            s.nsessions = k + 1;
            if (!b->present || !b->assign) {
                fail = true;
                break;
            }
            memcpy(b->present, a->present, (size_t)src->n * sizeof *b->present);
            memcpy(b->assign, a->assign, (P + 1) * sizeof *b->assign);
            if (session_copy_extra(b, a, P, (size_t)src->n) != 0) {
                fail = true;
                break;
            }
        }
        if (!fail && src->npins) {
            s.pins = calloc((size_t)src->npins, sizeof *s.pins);
            fail = !s.pins;
            for (int x = 0; x < src->npins && !fail; x++) {
                s.pins[x] = src->pins[x];
                s.pins[x].sections = dup_or_null(src->pins[x].sections, &fail);
                s.npins = x + 1;
            }
        }
        s.pairs_file = dup_or_null(src->pairs_file, &fail);
        memcpy(s.title, src->title, sizeof s.title);
        s.boards = src->boards;
        if (!fail)
            fail = history_copy(&s.history, &src->history, (size_t)src->n) != 0;
    }
    if (fail) {
        sw_season_free(&s);
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    }
    *dst = s;
    return SW_OK;
}

sw_status sw_season_alloc_session(sw_season *s, int movement, sw_error *err) {
    if (s->nsessions >= SW_SEASON_MAX_SESSIONS)
        return sw_error_set(err, SW_ERR_LIMIT, NULL, 0,
                            "more than %d sessions, at most %d supported; split the season, or "
                            "carry the earlier sessions as a history (docs/formats.md)",
                            SW_SEASON_MAX_SESSIONS, SW_SEASON_MAX_SESSIONS);
    sw_session *ns = realloc(s->sessions, (size_t)(s->nsessions + 1) * sizeof *ns);
    if (!ns)
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    s->sessions = ns;
    sw_session *ss = &s->sessions[s->nsessions];
    memset(ss, 0, sizeof *ss);
    ss->movement = movement;
    ss->present = malloc((size_t)s->n * sizeof *ss->present + 1);
    ss->assign = calloc((size_t)s->movements[movement].positions + 1, sizeof *ss->assign);
    if (!ss->present || !ss->assign) {
        session_free(ss);
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    }
    for (int i = 0; i < s->n; i++)
        ss->present[i] = true;
    s->nsessions++;
    return SW_OK;
}

sw_status sw_season_add_session(sw_season *s, sw_movement *m, const char *movement_file,
                                sw_error *err) {
    int index = 0;
    while (index < s->nmovements && !sw_movement_equal(&s->movements[index], m))
        index++;
    if (index < s->nmovements) {
        sw_movement_free(m);
        return sw_season_alloc_session(s, index, err);
    }
    sw_movement *nm = realloc(s->movements, (size_t)(s->nmovements + 1) * sizeof *nm);
    if (nm)
        s->movements = nm;
    char **nf = nm ? realloc(s->movement_files, (size_t)(s->nmovements + 1) * sizeof *nf) : NULL;
    if (nf)
        s->movement_files = nf;
    char *dup = nf ? strdup(movement_file) : NULL;
    if (!dup) {
        sw_movement_free(m);
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    }
    s->movements[s->nmovements] = *m;
    s->movement_files[s->nmovements] = dup;
    s->nmovements++;
    memset(m, 0, sizeof *m);
    sw_status st = sw_season_alloc_session(s, index, err);
    return st;
}

void sw_season_fill_identity(sw_season *s) {
    for (int k = 0; k < s->nsessions; k++) {
        sw_session *ss = &s->sessions[k];
        int P = s->movements[ss->movement].positions, seated = 0;
        for (int p = 1; p <= P; p++)
            seated += ss->assign[p] != 0;
        if (seated > 0)
            continue;
        /* with pins: a seating that meets them (validation reports it when
         * there is none: the session is then left empty) */
        if (ss->fixed) {
            (void)sw_season_seat_session(s, k, NULL, ss->assign);
            continue;
        }
        int p = 1;
        for (int i = 0; i < s->n && p <= P; i++)
            if (ss->present[i])
                ss->assign[p++] = i + 1;
    }
}

sw_status sw_season_validate_session(const sw_season *s, int k, const char *file, int line,
                                     sw_error *err) {
    const sw_session *ss = &s->sessions[k];
    const sw_movement *m = &s->movements[ss->movement];
    int present = sw_season_present_count(s, k);
    if (present > m->positions)
        return sw_error_set(err, SW_ERR_INVALID, file, line,
                            "session %d: %d participants present but movement %s has only %d "
                            "positions; mark %d participant%s absent or use a larger movement",
                            k + 1, present, m->name ? m->name : "", m->positions,
                            present - m->positions, present - m->positions == 1 ? "" : "s");
    char *seen = calloc((size_t)s->n + 1, 1);
    if (!seen)
        return sw_error_set(err, SW_ERR_NOMEM, file, line, "out of memory");
    sw_status st = SW_OK;
    for (int p = 1; p <= m->positions && st == SW_OK; p++) {
        int a = ss->assign[p];
        if (a == 0)
            continue;
        if (a < 0 || a > s->n)
            st = sw_error_set(err, SW_ERR_INVALID, file, line,
                              "session %d, position %d: no such participant; seat a participant "
                              "of the pairs file or 0 for an empty position",
                              k + 1, p);
        else if (!ss->present[a - 1])
            st = sw_error_set(err, SW_ERR_INVALID, file, line,
                              "session %d, position %d: participant %d is absent, expected a "
                              "present participant; seat someone else or drop them from "
                              "'absent'",
                              k + 1, p, s->part[a - 1].id);
        else if (seen[a]++)
            st = sw_error_set(err, SW_ERR_INVALID, file, line,
                              "session %d: participant %d holds two positions; give them one "
                              "and 0 (empty) or another participant the other",
                              k + 1, s->part[a - 1].id);
    }
    int need = 0, have = 0;
    uint32_t full = st == SW_OK ? sw_session_overfull(s, k, &need, &have) : 0;
    if (full) {
        sw_strbuf names;
        sw_strbuf_init(&names);
        for (int j = 0; j < ss->nsections; j++)
            if ((full >> j) & 1u)
                sw_strbuf_printf(&names, "%s%s", names.len ? " " : "", ss->sections[j].name);
        st = sw_error_set(err, SW_ERR_INVALID, file, line,
                          "session %d: %d present participants are pinned to section%s %s, which "
                          "%s %d positions; pin fewer there, mark some absent or use a larger "
                          "movement for %s",
                          k + 1, need, __builtin_popcount(full) > 1 ? "s" : "",
                          names.failed ? "?" : sw_strbuf_cstr(&names),
                          __builtin_popcount(full) > 1 ? "have" : "has", have,
                          __builtin_popcount(full) > 1 ? "them" : "it");
        sw_strbuf_free(&names);
    }
    for (int i = 0; i < s->n && st == SW_OK; i++)
        if (ss->present[i] && !seen[i + 1])
            st = sw_error_set(err, SW_ERR_INVALID, file, line,
                              "session %d: present participant %d has no position; %s", k + 1,
                              s->part[i].id,
                              ss->fixed ? "no seating meets every pin (too many pinned to the "
                                          "same sections?): pin fewer or use larger sections"
                                        : "seat them or mark them absent");
    free(seen);
    for (int p = 1; p <= m->positions && st == SW_OK; p++) {
        int a = ss->assign[p];
        if (a && !sw_session_may_seat(ss, a - 1, p)) {
            const sw_pin *pin = &s->pins[ss->pin[a - 1] - 1];
            sw_strbuf where;
            sw_strbuf_init(&where);
            sw_pin_write(s, pin, &where);
            int j = sw_season_position_section(s, k, p);
            st = sw_error_set(err, SW_ERR_INVALID, file, line,
                              "session %d%s: participant %d sits at position %d%s%s but line %d "
                              "pins them to %s; seat them there or change the pin",
                              k + 1, ss->played ? " (played)" : "", s->part[a - 1].id, p,
                              j >= 0 ? " of section " : "", j >= 0 ? ss->sections[j].name : "",
                              pin->line, where.failed ? "?" : sw_strbuf_cstr(&where));
            sw_strbuf_free(&where);
        }
    }
    return st;
}

sw_status sw_season_validate(const sw_season *s, const char *file, sw_error *err) {
    for (int k = 0; k < s->nsessions; k++) {
        sw_status st = sw_season_validate_session(s, k, file, 0, err);
        if (st != SW_OK)
            return st;
    }
    return SW_OK;
}

sw_status sw_season_uniform(const sw_movement *m, const char *movement_file,
                            const sw_participant *part, int n, int sessions, sw_season *out,
                            sw_error *err) {
    if (sessions < 1 || sessions > SW_SEASON_MAX_SESSIONS)
        return sw_error_set(err, SW_ERR_INVALID, NULL, 0, "%d sessions requested, expected 1..%d",
                            sessions, SW_SEASON_MAX_SESSIONS);
    sw_season s;
    memset(&s, 0, sizeof s);
    bool fail = false;
    s.part = calloc((size_t)n, sizeof *s.part);
    s.movements = calloc(1, sizeof *s.movements);
    s.movement_files = calloc(1, sizeof *s.movement_files);
    if (!s.part || !s.movements || !s.movement_files)
        fail = true;
    for (int i = 0; i < n && !fail; i++) {
        fail = sw_participant_copy(&s.part[i], &part[i]) != 0;
        s.n = i + 1;
    }
    if (!fail && sw_movement_copy(&s.movements[0], m, NULL) != SW_OK)
        fail = true;
    if (!fail) {
        s.nmovements = 1;
        s.movement_files[0] = dup_or_null(movement_file, &fail);
    }
    for (int k = 0; k < sessions && !fail; k++)
        fail = sw_season_alloc_session(&s, 0, NULL) != SW_OK;
    if (fail) {
        sw_season_free(&s);
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    }
    sw_season_fill_identity(&s);
    *out = s;
    return SW_OK;
}

sw_status sw_season_from_movement(const sw_movement *m, sw_season *out, sw_error *err) {
    sw_participant *part = calloc((size_t)m->positions + 1, sizeof *part);
    if (!part)
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    sw_status st = SW_OK;
    for (int p = 0; p < m->positions && st == SW_OK; p++) {
        char name[32];
        snprintf(name, sizeof name, "position %d", p + 1);
        part[p].id = p + 1;
        part[p].name = strdup(name);
        if (!part[p].name)
            st = sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    }
    if (st == SW_OK)
        st = sw_season_uniform(m, m->name, part, m->positions, 1, out, err);
    if (st == SW_OK)
        out->sessions[0].played = true;
    sw_participants_free(part, m->positions);
    return st;
}
