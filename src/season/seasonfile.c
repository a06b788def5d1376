/* src/season/seasonfile.c: the season file: a line-based text naming the
 * pairs file and, per session, its movement, the absentees and (for played
 * sessions, or as a starting point) the participant at each position.
 *
 *   pairs FILE            the parenfile (once, before the sessions)
 *   session FILE          a new session played with the movement in FILE
 *   absent IDS            participants not present in this session
 *                         (numbers and ranges: 3 7 12-15)
 *   seats ID...           participant at positions 1..P (0 = empty)
 *   played                this session is played: fixed, needs seats
 *   history FILE          earlier play (a CSV of meetings and comparisons per
 *                         two participants, an analyze --json output or a
 *                         previous season file), after 'pairs'; may repeat
 *   session               (no file) a session of sections, named by the
 *   section NAME FILE     lines that follow it, each with its own movement
 *   pin IDS [section NAME...] [table T [DIR] | stationary | position P]
 *                         where participants IDS (numbers and ranges) may
 *                         sit: before the first session for the whole
 *                         season, else for the current session
 *   title TEXT            the club's title on the handout (once)
 *   date YYYY-MM-DD       the current session's date
 *   boards N              boards per round: before the first session for the
 *                         season, else for the current session
 *
 * Paths are relative to the season file's directory. See docs/formats.md.
 * SPDX-License-Identifier: MIT */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "season/season.h"
#include "season/season_internal.h"
#include "util/fileio.h"

typedef struct parser {
    const char *file, *dir;
    int line;
    sw_season *s;
    bool *has_seats;   /* per session */
    int *seats_line;   /* line of each session's seats, for messages */
    int **seats;       /* per session: the ids of its seats line, as written */
    int *nseats;       /* per session: how many */
    int nflags;        /* sessions these arrays cover */
    int *session_line; /* line of each 'session' keyword */
    sw_error *err;
    sw_season_history_fn played; /* a previous season's earlier play */
    int depth;                   /* of seasons read as history */
    /* a 'session' without a file: its sections, until the next keyword */
    bool pending;
    int pending_line;
    sw_section *sec;
    int nsec;
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
    sw_status st = sw_history_read_nested(path, ps->played, ps->depth, s, ps->err);
    free(path);
    return named_here(ps, st);
}

/* Index of the movement read from rel, reading it on first use. */
static sw_status movement_index(parser *ps, const char *rel, int *idx) {
    sw_season *s = ps->s;
    for (int i = 0; i < s->nmovements; i++) /* a union of sections has no file */
        if (s->movement_files[i] && strcmp(s->movement_files[i], rel) == 0) {
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
    int **sv = realloc(ps->seats, (size_t)k * sizeof *sv);
    if (sv)
        ps->seats = sv;
    int *ns = realloc(ps->nseats, (size_t)k * sizeof *ns);
    if (ns)
        ps->nseats = ns;
    if (!h || !l || !sl || !sv || !ns)
        return sw_error_set(ps->err, SW_ERR_NOMEM, ps->file, ps->line, "out of memory");
    ps->seats[k - 1] = NULL;
    ps->nseats[k - 1] = 0;
    ps->nflags = k;
    ps->has_seats[k - 1] = false;
    ps->seats_line[k - 1] = 0;
    ps->session_line[k - 1] = ps->line;
    ps->s->sessions[k - 1].line = ps->line; /* for the checks after parsing */
    return SW_OK;
}

static sw_status add_session(parser *ps, sw_cursor *c) {
    if (!ps->s->part)
        return sw_error_set(ps->err, SW_ERR_PARSE, ps->file, ps->line,
                            "'session' before 'pairs', expected the pairs file first");
    size_t n;
    const char *rel = sw_cursor_rest(c, &n);
    if (n == 0) { /* sections follow */
        ps->pending = true;
        ps->pending_line = ps->line;
        return SW_OK;
    }
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

/* A blank-free name of letters, digits, '-' and '_'. */
static bool good_name(const char *w, size_t n) {
    if (n == 0 || n > SW_SECTION_MAX_NAME)
        return false;
    for (size_t i = 0; i < n; i++)
        if (!(isalnum((unsigned char)w[i]) || w[i] == '-' || w[i] == '_'))
            return false;
    return true;
}

/* 'section NAME FILE' after a 'session' without a file. */
static sw_status add_section(parser *ps, sw_cursor *c) {
    if (!ps->pending)
        return sw_error_set(ps->err, SW_ERR_PARSE, ps->file, ps->line,
                            "'section' outside a session of sections; write 'session' without "
                            "a file, then one 'section NAME FILE' line per section");
    const char *w;
    size_t n = sw_cursor_word(c, &w);
    if (!good_name(w, n))
        return sw_error_set(ps->err, SW_ERR_PARSE, ps->file, ps->line,
                            "section name '%.*s': expected up to %d letters, digits, '-' or '_' "
                            "(section NAME FILE)",
                            (int)(n > 40 ? 40 : n), w, SW_SECTION_MAX_NAME);
    for (int j = 0; j < ps->nsec; j++)
        if (strlen(ps->sec[j].name) == n && memcmp(ps->sec[j].name, w, n) == 0)
            return sw_error_set(ps->err, SW_ERR_PARSE, ps->file, ps->line,
                                "section %.*s named twice in this session; give each section "
                                "its own name",
                                (int)n, w);
    if (ps->nsec >= SW_SESSION_MAX_SECTIONS)
        return sw_error_set(ps->err, SW_ERR_LIMIT, ps->file, ps->line,
                            "more than %d sections in a session", SW_SESSION_MAX_SECTIONS);
    size_t fl;
    const char *rel = sw_cursor_rest(c, &fl);
    if (fl == 0)
        return sw_error_set(ps->err, SW_ERR_PARSE, ps->file, ps->line,
                            "section %.*s without a movement file (section NAME FILE)", (int)n, w);
    sw_section *ns = realloc(ps->sec, (size_t)(ps->nsec + 1) * sizeof *ns);
    if (!ns)
        return sw_error_set(ps->err, SW_ERR_NOMEM, ps->file, ps->line, "out of memory");
    ps->sec = ns;
    char *relz = strndup(rel, fl), *name = strndup(w, n);
    int idx = -1;
    sw_status st = relz && name
                       ? movement_index(ps, relz, &idx)
                       : sw_error_set(ps->err, SW_ERR_NOMEM, ps->file, ps->line, "out of memory");
    free(relz);
    if (st != SW_OK) {
        free(name);
        return st;
    }
    ps->sec[ps->nsec++] = (sw_section){.name = name, .movement = idx};
    return SW_OK;
}

/* The end of a session of sections: build its movement and the session. */
static sw_status finish_sections(parser *ps) {
    if (!ps->pending)
        return SW_OK;
    ps->pending = false;
    int line = ps->line;
    ps->line = ps->pending_line;
    sw_status st;
    if (ps->nsec == 0) {
        st = sw_error_set(ps->err, SW_ERR_PARSE, ps->file, ps->line,
                          "'session' without a movement file or 'section' lines; write "
                          "'session FILE', or 'section NAME FILE' lines after it");
    } else {
        st = sw_season_add_sectioned_session(ps->s, ps->sec, ps->nsec, ps->file, ps->line, ps->err);
        ps->sec = NULL; /* owned by the season now, or freed */
        ps->nsec = 0;
        if (st == SW_OK)
            st = grow_flags(ps);
    }
    ps->line = line;
    return st;
}

/* The participant index for an id on this line, or an error naming it. */
static sw_status lookup(parser *ps, long id, int *idx) {
    *idx = sw_season_find(ps->s, (int)id);
    if (*idx < 0)
        return sw_error_set(ps->err, SW_ERR_INVALID, ps->file, ps->line,
                            "participant %ld is not in the pairs file %s; add them there or "
                            "correct the number",
                            id, ps->s->pairs_file ? ps->s->pairs_file : "");
    return SW_OK;
}

static sw_status pin_ids(parser *ps, sw_cursor *c, int **parts, int *nparts, const char **w,
                         size_t *n);

/* 'absent IDS': numbers and ranges, as in a pin. */
static sw_status read_absent(parser *ps, sw_session *ss, sw_cursor *c) {
    int *parts = NULL, nparts = 0;
    const char *w;
    size_t n;
    if (sw_cursor_at_end(c))
        return SW_OK;
    sw_status st = pin_ids(ps, c, &parts, &nparts, &w, &n);
    if (st == SW_OK && n)
        st = sw_error_set(ps->err, SW_ERR_PARSE, ps->file, ps->line,
                          "participant number '%.*s' is not a number (absent 3 7 12-15)",
                          (int)(n > 40 ? 40 : n), w);
    for (int x = 0; x < nparts && st == SW_OK; x++)
        ss->present[parts[x]] = false;
    free(parts);
    return st;
}

/* A 'seats' line: its ids are kept as written and checked once the
 * session is complete (check_seats): whether they are a record or a plan
 * depends on a 'played' line that may follow. */
static sw_status read_seats(parser *ps, sw_cursor *c) {
    int k = ps->s->nsessions - 1;
    if (ps->has_seats[k])
        return sw_error_set(ps->err, SW_ERR_PARSE, ps->file, ps->line,
                            "second 'seats' line for session %d (the first on line %d); keep "
                            "one",
                            k + 1, ps->seats_line[k]);
    int *ids = NULL, n = 0, cap = 0;
    while (!sw_cursor_at_end(c)) {
        long id;
        sw_status st = sw_cursor_long(c, &id, 0, SW_PARTICIPANT_MAX_ID, "participant number",
                                      ps->file, ps->line, ps->err);
        if (st == SW_OK && n >= SW_MOVEMENT_MAX_POSITIONS)
            st = sw_error_set(ps->err, SW_ERR_PARSE, ps->file, ps->line,
                              "more than %d seats, expected one per position of the movement",
                              SW_MOVEMENT_MAX_POSITIONS);
        if (st == SW_OK && n == cap) {
            cap = cap ? 2 * cap : 64;
            int *g = realloc(ids, (size_t)cap * sizeof *g);
            if (g)
                ids = g;
            else
                st = sw_error_set(ps->err, SW_ERR_NOMEM, ps->file, ps->line, "out of memory");
        }
        if (st != SW_OK) {
            free(ids);
            return st;
        }
        ids[n++] = (int)id;
    }
    ps->seats[k] = ids;
    ps->nseats[k] = n;
    ps->has_seats[k] = true;
    ps->seats_line[k] = ps->line;
    return SW_OK;
}

/* A direction's code (sw_pin.dir) from its name, -1 if none. */
static int direction(const char *w, size_t n) {
    static const char *const names[] = {"NS", "EW", "N-S", "E-W", "E", "S", "W", "N"};
    static const int codes[] = {0, 1, 0, 1, 10, 11, 12, 13};
    for (size_t x = 0; x < sizeof names / sizeof *names; x++)
        if (strlen(names[x]) == n && strncasecmp(names[x], w, n) == 0)
            return codes[x];
    return -1;
}

/* The participants of a pin line: ids and ranges ("1-8 12"), up to the
 * first word that is neither. Each is appended to *parts (indices). */
static sw_status pin_ids(parser *ps, sw_cursor *c, int **parts, int *nparts, const char **w,
                         size_t *n) {
    while ((*n = sw_cursor_word(c, w)) > 0 && isdigit((unsigned char)**w)) {
        const char *dash = memchr(*w, '-', *n);
        long lo, hi;
        sw_cursor one;
        sw_cursor_init(&one, *w, dash ? (size_t)(dash - *w) : *n);
        sw_status st = sw_cursor_long(&one, &lo, 1, SW_PARTICIPANT_MAX_ID, "participant number",
                                      ps->file, ps->line, ps->err);
        hi = lo;
        if (st == SW_OK && dash) {
            sw_cursor_init(&one, dash + 1, (size_t)(*w + *n - dash - 1));
            st = sw_cursor_long(&one, &hi, lo, SW_PARTICIPANT_MAX_ID, "end of the range", ps->file,
                                ps->line, ps->err);
        }
        /* a range takes whoever has a number in it, in pairs-file order */
        int found = 0;
        for (int i = 0; st == SW_OK && i < ps->s->n; i++) {
            int idx = i;
            if (!dash && (idx = sw_season_find(ps->s, (int)lo)) < 0)
                st = lookup(ps, lo, &idx);
            else if (dash && (ps->s->part[i].id < lo || ps->s->part[i].id > hi))
                continue;
            int *g = st == SW_OK ? realloc(*parts, (size_t)(*nparts + 1) * sizeof *g) : NULL;
            if (st == SW_OK && !g)
                st = sw_error_set(ps->err, SW_ERR_NOMEM, ps->file, ps->line, "out of memory");
            if (st == SW_OK) {
                *parts = g;
                (*parts)[(*nparts)++] = idx;
                found++;
            }
            if (!dash)
                break;
        }
        if (st == SW_OK && !found)
            st = sw_error_set(ps->err, SW_ERR_INVALID, ps->file, ps->line,
                              "pin: nobody in the pairs file has a number from %ld to %ld", lo, hi);
        if (st != SW_OK)
            return st;
    }
    if (*nparts == 0 && *n)
        return sw_error_set(ps->err, SW_ERR_PARSE, ps->file, ps->line,
                            "participant number '%.*s' is not a number; expected numbers or "
                            "ranges (pin 1-8 12 section A)",
                            (int)(*n > 40 ? 40 : *n), *w);
    if (*nparts == 0)
        return sw_error_set(ps->err, SW_ERR_PARSE, ps->file, ps->line,
                            "expected participant numbers or ranges (pin 1-8 12 section A)");
    return SW_OK;
}

/* 'pin IDS [section NAME...] [table T [DIR] | stationary | position P]':
 * one pin per participant named, all with this line's number. */
static sw_status read_pin(parser *ps, sw_cursor *c) {
    sw_season *s = ps->s;
    if (!s->part)
        return sw_error_set(ps->err, SW_ERR_PARSE, ps->file, ps->line,
                            "'pin' before 'pairs', expected the pairs file first");
    int *parts = NULL, nparts = 0;
    const char *w;
    size_t n;
    sw_status st = pin_ids(ps, c, &parts, &nparts, &w, &n);
    if (st != SW_OK) {
        free(parts);
        return st;
    }
    int id = s->part[parts[0]].id;
    sw_pin pin = {.session = s->nsessions - 1, .line = ps->line, .dir = -1};
    sw_strbuf names;
    sw_strbuf_init(&names);
    bool named = false;
    if (n && word_is(w, n, "section")) {
        while ((n = sw_cursor_word(c, &w)) > 0 && !word_is(w, n, "table") &&
               !word_is(w, n, "position") && !word_is(w, n, "stationary")) {
            if (!good_name(w, n)) {
                st = sw_error_set(ps->err, SW_ERR_PARSE, ps->file, ps->line,
                                  "pin: section name '%.*s': expected letters, digits, '-' or "
                                  "'_'",
                                  (int)(n > 40 ? 40 : n), w);
                break;
            }
            sw_strbuf_printf(&names, "%s%.*s", named ? " " : "", (int)n, w);
            named = true;
        }
        if (st == SW_OK && !named)
            st = sw_error_set(ps->err, SW_ERR_PARSE, ps->file, ps->line,
                              "pin: 'section' without a name; write e.g. 'pin %d section A'", id);
    }
    const char *expect = "expected 'section NAME...', 'table T [DIR]', 'stationary' or "
                         "'position P' after the participants";
    if (st != SW_OK)
        ;
    else if (n == 0 && !named)
        st = sw_error_set(ps->err, SW_ERR_PARSE, ps->file, ps->line, "pin %d: %s", id, expect);
    else if (n == 0)
        pin.kind = SW_PIN_SECTIONS;
    else if (word_is(w, n, "stationary"))
        pin.kind = SW_PIN_STATIONARY;
    else if (word_is(w, n, "position")) {
        long p;
        pin.kind = SW_PIN_POSITION;
        st = sw_cursor_long(c, &p, 1, SW_MOVEMENT_MAX_POSITIONS, "position", ps->file, ps->line,
                            ps->err);
        pin.position = (int)p;
    } else if (word_is(w, n, "table")) {
        long t;
        pin.kind = SW_PIN_TABLE;
        st = sw_cursor_long(c, &t, 1, SW_MOVEMENT_MAX_TABLES, "table", ps->file, ps->line, ps->err);
        pin.table = (int)t;
        n = st == SW_OK ? sw_cursor_word(c, &w) : 0;
        if (n && (pin.dir = direction(w, n)) < 0)
            st = sw_error_set(ps->err, SW_ERR_PARSE, ps->file, ps->line,
                              "pin %d: direction '%.*s', expected NS or EW (E, S, W or N at "
                              "tables of four)",
                              id, (int)(n > 40 ? 40 : n), w);
    } else {
        st = sw_error_set(ps->err, SW_ERR_PARSE, ps->file, ps->line, "pin %d: '%.*s', %s", id,
                          (int)(n > 40 ? 40 : n), w, expect);
    }
    bool one_place = pin.kind == SW_PIN_TABLE || pin.kind == SW_PIN_POSITION;
    if (st == SW_OK && one_place && named && strchr(sw_strbuf_cstr(&names), ' '))
        st = sw_error_set(ps->err, SW_ERR_PARSE, ps->file, ps->line,
                          "pin %d: a table or position is in one section; name one", id);
    if (st == SW_OK && one_place && nparts > 1)
        st = sw_error_set(ps->err, SW_ERR_PARSE, ps->file, ps->line,
                          "pin: %d participants on one %s; pin one participant there", nparts,
                          pin.kind == SW_PIN_TABLE ? "table" : "position");
    if (st == SW_OK && !sw_cursor_at_end(c))
        st = sw_error_set(ps->err, SW_ERR_PARSE, ps->file, ps->line,
                          "pin %d: unexpected text at the end of the line", id);
    sw_pin *np = st == SW_OK ? realloc(s->pins, (size_t)(s->npins + nparts) * sizeof *np) : NULL;
    if (np)
        s->pins = np;
    for (int x = 0; x < nparts && np && st == SW_OK; x++) {
        pin.part = parts[x];
        pin.sections = named && !names.failed ? strdup(sw_strbuf_cstr(&names)) : NULL;
        if (named && !pin.sections)
            st = sw_error_set(ps->err, SW_ERR_NOMEM, ps->file, ps->line, "out of memory");
        else
            s->pins[s->npins++] = pin;
    }
    if (st == SW_OK && !np)
        st = sw_error_set(ps->err, SW_ERR_NOMEM, ps->file, ps->line, "out of memory");
    sw_strbuf_free(&names);
    free(parts);
    return st;
}

bool sw_season_date_valid(const char *w, size_t n) {
    static const int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    bool form = n == SW_SESSION_DATE_LEN;
    int y = 0, m = 0, d = 0;
    for (size_t x = 0; form && x < n; x++) {
        form = x == 4 || x == 7 ? w[x] == '-' : isdigit((unsigned char)w[x]);
        int *f = x < 4 ? &y : x < 7 ? &m : &d;
        if (form && x != 4 && x != 7)
            *f = *f * 10 + (w[x] - '0');
    }
    if (!form || m < 1 || m > 12 || d < 1)
        return false;
    bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    return d <= days[m - 1] + (m == 2 && leap);
}

/* 'title TEXT', 'date YYYY-MM-DD', 'boards N': the handout's heading and
 * board numbers. Each at most once where it applies. */
static sw_status read_heading(parser *ps, const char *kw, sw_cursor *c) {
    sw_season *s = ps->s;
    sw_session *ss = s->nsessions ? &s->sessions[s->nsessions - 1] : NULL;
    size_t n;
    const char *w = sw_cursor_rest(c, &n);
    if (!strcmp(kw, "title")) {
        size_t bad = sw_utf8_invalid(w, n);
        if (n == 0 || n > SW_SEASON_MAX_TITLE || bad < n || s->title[0])
            return sw_error_set(ps->err, SW_ERR_PARSE, ps->file, ps->line, "%s",
                                s->title[0] ? "second 'title' line; keep one"
                                : n == 0    ? "'title' without a text (title TEXT)"
                                : bad < n   ? "title: a byte that is not UTF-8; save the file "
                                              "as UTF-8"
                                            : "title longer than 120 bytes; shorten it");
        memcpy(s->title, w, n);
        s->title[n] = '\0';
        return SW_OK;
    }
    if (!strcmp(kw, "boards")) {
        long b;
        sw_status st = sw_cursor_long(c, &b, 1, SW_MAX_BOARDS_PER_ROUND, "boards per round",
                                      ps->file, ps->line, ps->err);
        int *to = ss ? &ss->boards : &s->boards;
        if (st == SW_OK && *to)
            st = sw_error_set(ps->err, SW_ERR_PARSE, ps->file, ps->line,
                              "second 'boards' line for %s; keep one",
                              ss ? "this session" : "the season");
        if (st == SW_OK && !sw_cursor_at_end(c))
            st = sw_error_set(ps->err, SW_ERR_PARSE, ps->file, ps->line,
                              "unexpected text after 'boards %ld'", b);
        if (st == SW_OK)
            *to = (int)b;
        return st;
    }
    if (!ss)
        return sw_error_set(ps->err, SW_ERR_PARSE, ps->file, ps->line,
                            "'date' before any 'session' line; a date belongs to a session");
    if (ss->date[0])
        return sw_error_set(ps->err, SW_ERR_PARSE, ps->file, ps->line,
                            "second 'date' line for session %d; keep one", s->nsessions);
    if (!sw_season_date_valid(w, n))
        return sw_error_set(ps->err, SW_ERR_PARSE, ps->file, ps->line,
                            "date '%.*s': expected a day as YYYY-MM-DD, e.g. 2026-03-17",
                            (int)(n > 40 ? 40 : n), w);
    memcpy(ss->date, w, n);
    ss->date[n] = '\0';
    return SW_OK;
}

static sw_status parse_line(parser *ps, const char *line, size_t len) {
    sw_cursor c;
    sw_cursor_init(&c, line, len);
    const char *w;
    size_t n = sw_cursor_word(&c, &w);
    if (n == 0)
        return SW_OK;
    if (word_is(w, n, "section"))
        return add_section(ps, &c);
    sw_status st = finish_sections(ps);
    if (st != SW_OK)
        return st;
    if (word_is(w, n, "pin"))
        return read_pin(ps, &c);
    if (word_is(w, n, "pairs"))
        return load_pairs(ps, &c);
    if (word_is(w, n, "session"))
        return add_session(ps, &c);
    if (word_is(w, n, "history"))
        return load_history(ps, &c);
    static const char *const heading[] = {"title", "date", "boards"};
    for (int x = 0; x < 3; x++)
        if (word_is(w, n, heading[x]))
            return read_heading(ps, heading[x], &c);
    bool known = word_is(w, n, "absent") || word_is(w, n, "seats") || word_is(w, n, "played");
    if (!known)
        return sw_error_set(ps->err, SW_ERR_PARSE, ps->file, ps->line,
                            "unknown keyword '%.*s', expected pairs, history, session, section, "
                            "pin, absent, seats, played, title, date or boards",
                            (int)(n > 40 ? 40 : n), w);
    if (ps->s->nsessions == 0)
        return sw_error_set(ps->err, SW_ERR_PARSE, ps->file, ps->line,
                            "'%.*s' before any 'session' line", (int)n, w);
    sw_session *ss = &ps->s->sessions[ps->s->nsessions - 1];
    if (word_is(w, n, "absent"))
        return read_absent(ps, ss, &c);
    if (word_is(w, n, "seats"))
        return read_seats(ps, &c);
    if (!sw_cursor_at_end(&c))
        return sw_error_set(ps->err, SW_ERR_PARSE, ps->file, ps->line,
                            "unexpected text after 'played'");
    ss->played = true;
    return SW_OK;
}

/* The seats line of session k, now that the session is complete. A played
 * session's seats are the record of what was played: one id per position,
 * each in the pairs file; whoever has no seat was not there. An unplayed
 * session's seats are a plan, adopted once the pins are known
 * (sw_season_adopt_plan). */
static sw_status take_seats(parser *ps, int k) {
    sw_season *s = ps->s;
    sw_session *ss = &s->sessions[k];
    if (!ss->played) {
        ss->plan = ps->seats[k];
        ss->nplan = ps->nseats[k];
        ps->seats[k] = NULL;
        return SW_OK;
    }
    const int P = s->movements[ss->movement].positions, n = ps->nseats[k];
    ps->line = ps->seats_line[k];
    if (n != P)
        return sw_error_set(ps->err, SW_ERR_PARSE, ps->file, ps->line,
                            "%d seats, expected %d (one per position, 0 for empty)", n, P);
    char *seated = calloc((size_t)s->n + 1, 1);
    if (!seated)
        return sw_error_set(ps->err, SW_ERR_NOMEM, ps->file, ps->line, "out of memory");
    sw_status st = SW_OK;
    for (int p = 1; p <= P && st == SW_OK; p++) {
        int idx = -1;
        if (ps->seats[k][p - 1] && (st = lookup(ps, ps->seats[k][p - 1], &idx)) == SW_OK)
            seated[idx] = 1;
        ss->assign[p] = idx + 1;
    }
    for (int i = 0; i < s->n && st == SW_OK; i++)
        ss->present[i] = ss->present[i] && seated[i];
    free(seated);
    return st;
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
    for (int k = 0; k < s->nsessions; k++) {
        sw_status st = ps->has_seats[k] ? take_seats(ps, k) : SW_OK;
        if (st != SW_OK)
            return st;
    }
    sw_status pst = sw_season_resolve_pins(s, ps->file, ps->err);
    if (pst != SW_OK)
        return pst;
    for (int k = 0; k < s->nsessions; k++)
        if (sw_season_adopt_plan(s, k) != 0)
            return sw_error_set(ps->err, SW_ERR_NOMEM, ps->file, 0, "out of memory");
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

sw_status sw_season_parse_nested(const char *text, size_t len, const char *file, const char *dir,
                                 sw_season_history_fn played, int depth, sw_season *out,
                                 sw_error *err) {
    sw_season s;
    memset(&s, 0, sizeof s);
    parser ps = {.file = file, .dir = dir, .s = &s, .err = err, .played = played, .depth = depth};
    const char *p = text, *end = text + len, *line;
    size_t ll;
    sw_status st = SW_OK;
    while (st == SW_OK && sw_next_line(&p, end, &line, &ll)) {
        ps.line++;
        st = parse_line(&ps, line, ll);
    }
    if (st == SW_OK)
        st = finish_sections(&ps);
    if (st == SW_OK)
        st = check_sessions(&ps);
    for (int j = 0; j < ps.nsec; j++)
        free(ps.sec[j].name);
    free(ps.sec);
    for (int k = 0; k < ps.nflags; k++)
        free(ps.seats[k]);
    free(ps.seats);
    free(ps.nseats);
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

sw_status sw_season_parse(const char *text, size_t len, const char *file, const char *dir,
                          sw_season_history_fn played, sw_season *out, sw_error *err) {
    return sw_season_parse_nested(text, len, file, dir, played, 0, out, err);
}

sw_status sw_season_read(const char *path, sw_season_history_fn played, sw_season *s,
                         sw_error *err) {
    char *text;
    size_t len;
    sw_status st = sw_file_read(path, &text, &len, err);
    if (st != SW_OK)
        return st;
    char *dir = sw_path_dir(path);
    st = dir ? sw_season_parse(text, len, path, dir, played, s, err)
             : sw_error_set(err, SW_ERR_NOMEM, path, 0, "out of memory");
    free(dir);
    free(text);
    return st;
}

static bool same_pin(const sw_pin *a, const sw_pin *b) {
    return a->line && a->line == b->line && a->session == b->session && a->kind == b->kind &&
           !a->sections == !b->sections && (!a->sections || !strcmp(a->sections, b->sections));
}

/* The pins of session k (-1: the whole season), those of one line on one
 * line again, runs of consecutive numbers as ranges. */
static void write_pins(const sw_season *s, int k, sw_strbuf *out) {
    for (int x = 0; x < s->npins; x++) {
        if (s->pins[x].session != k)
            continue;
        int y = x;
        while (y + 1 < s->npins && same_pin(&s->pins[x], &s->pins[y + 1]))
            y++;
        sw_strbuf_puts(out, "pin");
        for (int z = x; z <= y; z++) {
            int id = s->part[s->pins[z].part].id, run = z;
            while (run + 1 <= y &&
                   s->part[s->pins[run + 1].part].id == s->part[s->pins[run].part].id + 1)
                run++;
            if (run - z >= 2) {
                sw_strbuf_printf(out, " %d-%d", id, s->part[s->pins[run].part].id);
                z = run;
            } else {
                sw_strbuf_printf(out, " %d", id);
            }
        }
        sw_strbuf_puts(out, " ");
        sw_pin_write(s, &s->pins[x], out);
        sw_strbuf_puts(out, "\n");
        x = y;
    }
}

void sw_season_write(const sw_season *s, sw_strbuf *out) {
    sw_strbuf_puts(out, "# seatwise season: the seats of a session not marked 'played' are a "
                        "plan that\n# 'seatwise optimize' may change; mark a session 'played' "
                        "once it is\n");
    if (s->title[0])
        sw_strbuf_printf(out, "title %s\n", s->title);
    sw_strbuf_printf(out, "pairs %s\n", s->pairs_file ? s->pairs_file : "pairs.txt");
    if (s->boards)
        sw_strbuf_printf(out, "boards %d\n", s->boards);
    for (int i = 0; i < s->history.nfiles; i++)
        sw_strbuf_printf(out, "history %s\n", s->history.files[i]);
    write_pins(s, -1, out);
    for (int k = 0; k < s->nsessions; k++) {
        const sw_session *ss = &s->sessions[k];
        const sw_movement *m = &s->movements[ss->movement];
        const char *mf = s->movement_files[ss->movement];
        if (ss->nsections)
            sw_strbuf_puts(out, "\nsession\n");
        else
            sw_strbuf_printf(out, "\nsession %s\n", mf ? mf : "movement.asc");
        for (int j = 0; j < ss->nsections; j++) {
            const char *sf = s->movement_files[ss->sections[j].movement];
            sw_strbuf_printf(out, "section %s %s\n", ss->sections[j].name,
                             sf ? sf : "movement.asc");
        }
        if (ss->date[0])
            sw_strbuf_printf(out, "date %s\n", ss->date);
        if (ss->boards)
            sw_strbuf_printf(out, "boards %d\n", ss->boards);
        bool any = false;
        for (int i = 0; i < s->n; i++)
            if (!ss->present[i]) {
                sw_strbuf_puts(out, any ? " " : "absent ");
                sw_strbuf_printf(out, "%d", s->part[i].id);
                any = true;
            }
        if (any)
            sw_strbuf_puts(out, "\n");
        write_pins(s, k, out);
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

sw_status sw_season_read_any(const char *path, sw_season_history_fn played, sw_season *s,
                             bool *movement_only, sw_error *err) {
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
        st = dir ? sw_season_parse(text, len, path, dir, played, s, err)
                 : sw_error_set(err, SW_ERR_NOMEM, path, 0, "out of memory");
        free(dir);
    }
    free(text);
    return st;
}
