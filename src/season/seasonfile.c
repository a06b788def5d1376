/* src/season/seasonfile.c: the season file: a line-based text naming the
 * pairs file and, per session, its movement, the absentees and (for played
 * sessions, or as a starting point) the participant at each position.
 *
 *   pairs FILE            the parenfile (once, before the sessions)
 *   session FILE          a new session played with the movement in FILE
 *   absent ID...          participants not present in this session
 *   seats ID...           participant at positions 1..P (0 = empty)
 *   played                this session is played: fixed, needs seats
 *   history FILE          earlier play (a CSV of meetings and comparisons per
 *                         two participants), after 'pairs'; may repeat
 *
 * Paths are relative to the season file's directory. See docs/formats.md.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "season/season.h"
#include "season/season_internal.h"
#include "util/fileio.h"

typedef struct parser {
    const char *file, *dir;
    int line;
    sw_season *s;
    bool *has_seats;   /* per session */
    int *seats_line;   /* line of each session's seats, for messages */
    int *session_line; /* line of each 'session' keyword */
    sw_error *err;
} parser;

static bool word_is(const char *w, size_t n, const char *kw) {
    return strlen(kw) == n && memcmp(w, kw, n) == 0;
}

/* An error in a file the season names, with no line of its own (a missing
 * or unreadable file): say which season line names it. */
static sw_status named_here(parser *ps, sw_status st) {
    if (st != SW_OK && ps->err && ps->err->line == 0) {
        size_t n = strlen(ps->err->msg);
        snprintf(ps->err->msg + n, sizeof ps->err->msg - n, " (named on line %d of %s)", ps->line,
                 ps->file);
    }
    return st;
}

static sw_status load_pairs(parser *ps, sw_cursor *c) {
    sw_season *s = ps->s;
    if (s->part)
        return sw_error_set(ps->err, SW_ERR_PARSE, ps->file, ps->line,
                            "second 'pairs' line, expected one pairs file per season");
    size_t n;
    const char *rel = sw_cursor_rest(c, &n);
    if (n == 0)
        return sw_error_set(ps->err, SW_ERR_PARSE, ps->file, ps->line,
                            "'pairs' without a file name");
    s->pairs_file = strndup(rel, n);
    char *path = s->pairs_file ? sw_path_join(ps->dir, s->pairs_file) : NULL;
    if (!path)
        return sw_error_set(ps->err, SW_ERR_NOMEM, ps->file, ps->line, "out of memory");
    sw_status st = sw_parenfile_read(path, &s->part, &s->n, ps->err);
    free(path);
    return named_here(ps, st);
}

static sw_status load_history(parser *ps, sw_cursor *c) {
    sw_season *s = ps->s;
    if (!s->part)
        return sw_error_set(ps->err, SW_ERR_PARSE, ps->file, ps->line,
                            "'history' before 'pairs', expected the pairs file first");
    size_t n;
    const char *rel = sw_cursor_rest(c, &n);
    if (n == 0)
        return sw_error_set(ps->err, SW_ERR_PARSE, ps->file, ps->line,
                            "'history' without a file name");
    sw_history *h = &s->history;
    char **nf = realloc(h->files, (size_t)(h->nfiles + 1) * sizeof *nf);
    if (nf)
        h->files = nf;
    char *dup = nf ? strndup(rel, n) : NULL;
    char *path = dup ? sw_path_join(ps->dir, dup) : NULL;
    if (!path) {
        free(dup);
        return sw_error_set(ps->err, SW_ERR_NOMEM, ps->file, ps->line, "out of memory");
    }
    h->files[h->nfiles++] = dup;
    sw_status st = sw_history_read(path, s, ps->err);
    free(path);
    return named_here(ps, st);
}

/* Index of the movement read from rel, reading it on first use. */
static sw_status movement_index(parser *ps, const char *rel, int *idx) {
    sw_season *s = ps->s;
    for (int i = 0; i < s->nmovements; i++)
        if (strcmp(s->movement_files[i], rel) == 0) {
            *idx = i;
            return SW_OK;
        }
    sw_movement *nm = realloc(s->movements, (size_t)(s->nmovements + 1) * sizeof *nm);
    if (!nm)
        return sw_error_set(ps->err, SW_ERR_NOMEM, ps->file, ps->line, "out of memory");
    s->movements = nm;
    char **nf = realloc(s->movement_files, (size_t)(s->nmovements + 1) * sizeof *nf);
    if (!nf)
        return sw_error_set(ps->err, SW_ERR_NOMEM, ps->file, ps->line, "out of memory");
    s->movement_files = nf;
    sw_movement m;
    char *path = sw_path_join(ps->dir, rel);
    if (!path)
        return sw_error_set(ps->err, SW_ERR_NOMEM, ps->file, ps->line, "out of memory");
    sw_status st = sw_movement_read_asc(path, &m, ps->err);
    free(path);
    if (st != SW_OK)
        return named_here(ps, st);
    char *dup = strdup(rel);
    if (!dup) {
        sw_movement_free(&m);
        return sw_error_set(ps->err, SW_ERR_NOMEM, ps->file, ps->line, "out of memory");
    }
    s->movements[s->nmovements] = m;
    s->movement_files[s->nmovements] = dup;
    *idx = s->nmovements++;
    return SW_OK;
}

static sw_status grow_flags(parser *ps) {
    int k = ps->s->nsessions;
    bool *h = realloc(ps->has_seats, (size_t)k * sizeof *h);
    if (h)
        ps->has_seats = h;
    int *l = realloc(ps->seats_line, (size_t)k * sizeof *l);
    if (l)
        ps->seats_line = l;
    int *sl = realloc(ps->session_line, (size_t)k * sizeof *sl);
    if (sl)
        ps->session_line = sl;
    if (!h || !l || !sl)
        return sw_error_set(ps->err, SW_ERR_NOMEM, ps->file, ps->line, "out of memory");
    ps->has_seats[k - 1] = false;
    ps->seats_line[k - 1] = 0;
    ps->session_line[k - 1] = ps->line;
    return SW_OK;
}

static sw_status add_session(parser *ps, sw_cursor *c) {
    if (!ps->s->part)
        return sw_error_set(ps->err, SW_ERR_PARSE, ps->file, ps->line,
                            "'session' before 'pairs', expected the pairs file first");
    size_t n;
    const char *rel = sw_cursor_rest(c, &n);
    if (n == 0)
        return sw_error_set(ps->err, SW_ERR_PARSE, ps->file, ps->line,
                            "'session' without a movement file");
    char *relz = strndup(rel, n);
    if (!relz)
        return sw_error_set(ps->err, SW_ERR_NOMEM, ps->file, ps->line, "out of memory");
    int idx = -1;
    sw_status st = movement_index(ps, relz, &idx);
    free(relz);
    if (st == SW_OK)
        st = sw_season_alloc_session(ps->s, idx, ps->err);
    if (st == SW_OK)
        st = grow_flags(ps);
    if (st != SW_OK && ps->err && ps->err->line == 0 && !strcmp(ps->err->file, "")) {
        ps->err->line = ps->line;
        snprintf(ps->err->file, sizeof ps->err->file, "%s", ps->file);
    }
    return st;
}

/* The participant index for an id on this line, or an error naming it. */
static sw_status lookup(parser *ps, long id, int *idx) {
    *idx = sw_season_find(ps->s, (int)id);
    if (*idx < 0)
        return sw_error_set(ps->err, SW_ERR_INVALID, ps->file, ps->line,
                            "participant %ld is not in the pairs file", id);
    return SW_OK;
}

static sw_status read_absent(parser *ps, sw_session *ss, sw_cursor *c) {
    while (!sw_cursor_at_end(c)) {
        long id;
        int idx;
        sw_status st = sw_cursor_long(c, &id, 1, SW_PARTICIPANT_MAX_ID, "participant number",
                                      ps->file, ps->line, ps->err);
        if (st == SW_OK)
            st = lookup(ps, id, &idx);
        if (st != SW_OK)
            return st;
        ss->present[idx] = false;
    }
    return SW_OK;
}

static sw_status read_seats(parser *ps, sw_session *ss, sw_cursor *c) {
    int k = ps->s->nsessions - 1;
    const sw_movement *m = &ps->s->movements[ss->movement];
    if (ps->has_seats[k])
        return sw_error_set(ps->err, SW_ERR_PARSE, ps->file, ps->line,
                            "second 'seats' line for session %d", k + 1);
    int p = 0;
    while (!sw_cursor_at_end(c)) {
        long id;
        int idx = -1;
        sw_status st = sw_cursor_long(c, &id, 0, SW_PARTICIPANT_MAX_ID, "participant number",
                                      ps->file, ps->line, ps->err);
        if (st == SW_OK && ++p > m->positions)
            st = sw_error_set(ps->err, SW_ERR_PARSE, ps->file, ps->line,
                              "more than %d seats, expected one per position of the movement",
                              m->positions);
        if (st == SW_OK && id != 0)
            st = lookup(ps, id, &idx);
        if (st != SW_OK)
            return st;
        ss->assign[p] = idx + 1;
    }
    if (p != m->positions)
        return sw_error_set(ps->err, SW_ERR_PARSE, ps->file, ps->line,
                            "%d seats, expected %d (one per position, 0 for empty)", p,
                            m->positions);
    ps->has_seats[k] = true;
    ps->seats_line[k] = ps->line;
    return SW_OK;
}

static sw_status parse_line(parser *ps, const char *line, size_t len) {
    sw_cursor c;
    sw_cursor_init(&c, line, len);
    const char *w;
    size_t n = sw_cursor_word(&c, &w);
    if (n == 0)
        return SW_OK;
    if (word_is(w, n, "pairs"))
        return load_pairs(ps, &c);
    if (word_is(w, n, "session"))
        return add_session(ps, &c);
    if (word_is(w, n, "history"))
        return load_history(ps, &c);
    bool known = word_is(w, n, "absent") || word_is(w, n, "seats") || word_is(w, n, "played");
    if (!known)
        return sw_error_set(ps->err, SW_ERR_PARSE, ps->file, ps->line,
                            "unknown keyword '%.*s', expected pairs, history, session, absent, "
                            "seats or played",
                            (int)(n > 40 ? 40 : n), w);
    if (ps->s->nsessions == 0)
        return sw_error_set(ps->err, SW_ERR_PARSE, ps->file, ps->line,
                            "'%.*s' before any 'session' line", (int)n, w);
    sw_session *ss = &ps->s->sessions[ps->s->nsessions - 1];
    if (word_is(w, n, "absent"))
        return read_absent(ps, ss, &c);
    if (word_is(w, n, "seats"))
        return read_seats(ps, ss, &c);
    if (!sw_cursor_at_end(&c))
        return sw_error_set(ps->err, SW_ERR_PARSE, ps->file, ps->line,
                            "unexpected text after 'played'");
    ss->played = true;
    return SW_OK;
}

/* Checks that need the whole file: played sessions have seats, and the
 * seats agree with who is present. */
static sw_status check_sessions(parser *ps) {
    sw_season *s = ps->s;
    if (!s->part)
        return sw_error_set(ps->err, SW_ERR_PARSE, ps->file, ps->line ? ps->line : 1,
                            "no 'pairs' line, expected the pairs file");
    if (s->nsessions == 0)
        return sw_error_set(ps->err, SW_ERR_PARSE, ps->file, ps->line ? ps->line : 1,
                            "no 'session' line, expected at least one session");
    for (int k = 0; k < s->nsessions; k++) {
        if (s->sessions[k].played && !ps->has_seats[k])
            return sw_error_set(ps->err, SW_ERR_PARSE, ps->file, ps->session_line[k],
                                "session %d is marked played but has no 'seats' line; add the "
                                "seats as played or drop 'played'",
                                k + 1);
    }
    sw_season_fill_identity(s);
    for (int k = 0; k < s->nsessions; k++) {
        /* the seats line when there is one, else the session's own line */
        int line = ps->has_seats[k] ? ps->seats_line[k] : ps->session_line[k];
        sw_status st = sw_season_validate_session(s, k, ps->file, line, ps->err);
        if (st != SW_OK)
            return st;
    }
    return SW_OK;
}

sw_status sw_season_parse(const char *text, size_t len, const char *file, const char *dir,
                          sw_season *out, sw_error *err) {
    sw_season s;
    memset(&s, 0, sizeof s);
    parser ps = {.file = file, .dir = dir, .s = &s, .err = err};
    const char *p = text, *end = text + len, *line;
    size_t ll;
    sw_status st = SW_OK;
    while (st == SW_OK && sw_next_line(&p, end, &line, &ll)) {
        ps.line++;
        st = parse_line(&ps, line, ll);
    }
    if (st == SW_OK)
        st = check_sessions(&ps);
    free(ps.has_seats);
    free(ps.seats_line);
    free(ps.session_line);
    if (st != SW_OK) {
        sw_season_free(&s);
        return st;
    }
    *out = s;
    return SW_OK;
}

sw_status sw_season_read(const char *path, sw_season *s, sw_error *err) {
    char *text;
    size_t len;
    sw_status st = sw_file_read(path, &text, &len, err);
    if (st != SW_OK)
        return st;
    char *dir = sw_path_dir(path);
    st = dir ? sw_season_parse(text, len, path, dir, s, err)
             : sw_error_set(err, SW_ERR_NOMEM, path, 0, "out of memory");
    free(dir);
    free(text);
    return st;
}

void sw_season_write(const sw_season *s, sw_strbuf *out) {
    sw_strbuf_puts(out, "# seatwise season\n");
    sw_strbuf_printf(out, "pairs %s\n", s->pairs_file ? s->pairs_file : "pairs.txt");
    for (int i = 0; i < s->history.nfiles; i++)
        sw_strbuf_printf(out, "history %s\n", s->history.files[i]);
    for (int k = 0; k < s->nsessions; k++) {
        const sw_session *ss = &s->sessions[k];
        const sw_movement *m = &s->movements[ss->movement];
        const char *mf = s->movement_files[ss->movement];
        sw_strbuf_printf(out, "\nsession %s\n", mf ? mf : "movement.asc");
        bool any = false;
        for (int i = 0; i < s->n; i++)
            if (!ss->present[i]) {
                sw_strbuf_puts(out, any ? " " : "absent ");
                sw_strbuf_printf(out, "%d", s->part[i].id);
                any = true;
            }
        if (any)
            sw_strbuf_puts(out, "\n");
        sw_strbuf_puts(out, "seats");
        for (int p = 1; p <= m->positions; p++)
            sw_strbuf_printf(out, " %d", ss->assign[p] ? s->part[ss->assign[p] - 1].id : 0);
        sw_strbuf_puts(out, ss->played ? "\nplayed\n" : "\n");
    }
}

/* An ASC movement starts with its header numbers; a season with a keyword. */
static bool looks_like_movement(const char *text, size_t len) {
    const char *p = text, *end = text + len, *line;
    size_t n;
    while (sw_next_line(&p, end, &line, &n)) {
        sw_cursor c;
        sw_cursor_init(&c, line, n);
        if (!sw_cursor_at_end(&c))
            return *c.p >= '0' && *c.p <= '9';
    }
    return false;
}

sw_status sw_season_read_any(const char *path, sw_season *s, bool *movement_only, sw_error *err) {
    char *text;
    size_t len;
    sw_status st = sw_file_read(path, &text, &len, err);
    if (st != SW_OK)
        return st;
    /* A JSON document (first non-blank character '{') is the analyze
     * contract: a written season or a 'seat schedule --json'. */
    size_t first = 0;
    while (first < len && (text[first] == ' ' || text[first] == '\t' || text[first] == '\r' ||
                           text[first] == '\n'))
        first++;
    *movement_only = first >= len || text[first] != '{' ? looks_like_movement(text, len) : false;
    if (first < len && text[first] == '{') {
        st = sw_season_parse_json(text, len, path, s, err);
    } else if (*movement_only) {
        sw_movement m;
        st = sw_movement_parse_asc(text, len, path, &m, err);
        if (st == SW_OK) {
            const char *slash = strrchr(path, '/');
            free(m.name);
            m.name = strdup(slash ? slash + 1 : path);
            st = sw_season_from_movement(&m, s, err);
            sw_movement_free(&m);
        }
    } else {
        char *dir = sw_path_dir(path);
        st = dir ? sw_season_parse(text, len, path, dir, s, err)
                 : sw_error_set(err, SW_ERR_NOMEM, path, 0, "out of memory");
        free(dir);
    }
    free(text);
    return st;
}
