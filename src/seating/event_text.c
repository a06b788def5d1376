/* src/seating/event_text.c: the line-based event format (docs/seating.md):
 *   player ID NAME       round [N]           table E S W N     sitout ID...
 *   standing ID POINTS [GAMES]               script [N]        map K ID
 *   enter ID NAME        withdraw ID...      substitute NEW for OLD [NAME]
 *   team ID NAME         scores E S W N      points E S W N    places E S W N
 *   chombo ID [N]
 *   rules NAME [start X] [uma A B C D] [oka X] [chombo X]
 * The changes (enter, withdraw, substitute) take effect after the rounds
 * above them.
 * '#' at the start of a line or after a blank starts a comment. A 'table'
 * line belongs to the 'round' or 'script' line above it. Pantheon's
 * predefined seating is read too: "E-S-W-N" lines of script ids are the
 * tables of a script round, a blank line ends the round.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>

#include "seating/seating_internal.h"
#include "util/fileio.h"

#define MAX_TOKENS 16
#define MAX_NAME 200

typedef struct token {
    const char *s;
    size_t n;
} token;

static int is_blank(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

/* Cut a comment off the line: '#' counts only where a word could start, so
 * a name such as "K#2" is kept whole. */
static size_t strip_comment(const char *line, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (line[i] == '#' && (i == 0 || is_blank(line[i - 1])))
            return i;
    return n;
}

static int split(const char *line, size_t n, token *tok, int max) {
    int k = 0;
    size_t i = 0;
    while (i < n) {
        while (i < n && is_blank(line[i]))
            i++;
        if (i >= n)
            break;
        size_t start = i;
        while (i < n && !is_blank(line[i]))
            i++;
        if (k < max)
            tok[k] = (token){line + start, i - start};
        k++;
    }
    return k;
}

static int tok_is(const token *t, const char *word) {
    return t->n == strlen(word) && !memcmp(t->s, word, t->n);
}

/* A whole decimal integer in [lo, hi]; returns 0 on success. */
static int tok_long(const token *t, long lo, long hi, long *out) {
    if (!t->n || t->n > 12)
        return -1;
    long v = 0;
    size_t i = 0;
    int neg = t->s[0] == '-';
    if (t->s[0] == '-' || t->s[0] == '+')
        i++;
    if (i == t->n)
        return -1;
    for (; i < t->n; i++) {
        if (t->s[i] < '0' || t->s[i] > '9')
            return -1;
        v = v * 10 + (t->s[i] - '0');
    }
    v = neg ? -v : v;
    if (v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

static sw_status bad_token(const token *t, const char *what, const char *file, int line,
                           sw_error *err) {
    return sw_error_set(err, SW_ERR_PARSE, file, line, "expected %s, found '%.*s'", what,
                        (int)(t->n > 40 ? 40 : t->n), t->s);
}

static sw_status need_args(int ntok, int lo, int hi, const token *kw, const char *usage,
                           const char *file, int line, sw_error *err) {
    if (ntok - 1 < lo || ntok - 1 > hi)
        return sw_error_set(err, SW_ERR_PARSE, file, line, "'%.*s' with %d values: expected '%s'",
                            (int)kw->n, kw->s, ntok - 1, usage);
    return SW_OK;
}

static sw_status line_player(sw_seating_event *ev, const char *line, size_t n, const token *tok,
                             int ntok, const char *file, int ln, sw_error *err) {
    long id;
    if (ntok < 2)
        return sw_error_set(err, SW_ERR_PARSE, file, ln,
                            "'player' without an id: expected "
                            "'player ID NAME'");
    if (tok_long(&tok[1], 1, SW_SEATING_MAX_ID, &id))
        return bad_token(&tok[1], "a player id from 1 to 999999999", file, ln, err);
    const char *name = tok[1].s + tok[1].n;
    const char *end = line + n;
    while (name < end && is_blank(*name))
        name++;
    while (end > name && is_blank(end[-1]))
        end--;
    if (end - name > MAX_NAME)
        return sw_error_set(err, SW_ERR_LIMIT, file, ln,
                            "player name of %d bytes: expected at "
                            "most %d",
                            (int)(end - name), MAX_NAME);
    return sw_seating_ev_player(ev, id, name, (size_t)(end - name), file, ln, err);
}

/* The rest of the line after token k, blanks trimmed (a name). */
static sw_status rest_of_line(const char *line, size_t n, const token *after, const char **name,
                              size_t *len, const char *file, int ln, sw_error *err) {
    const char *s = after->s + after->n, *end = line + n;
    while (s < end && is_blank(*s))
        s++;
    while (end > s && is_blank(end[-1]))
        end--;
    if (end - s > MAX_NAME)
        return sw_error_set(err, SW_ERR_LIMIT, file, ln, "name of %d bytes: expected at most %d",
                            (int)(end - s), MAX_NAME);
    *name = s;
    *len = (size_t)(end - s);
    return SW_OK;
}

/* enter ID NAME | team ID NAME | withdraw ID... | substitute NEW for OLD [NAME] */
static sw_status line_change(sw_seating_event *ev, const char *line, size_t n, const token *tok,
                             int ntok, const char *file, int ln, sw_error *err) {
    const token *kw = &tok[0];
    long id, old;
    const char *name = NULL;
    size_t len = 0;
    sw_status st;
    if (tok_is(kw, "withdraw")) {
        if (ntok < 2 || ntok > MAX_TOKENS)
            return sw_error_set(err, SW_ERR_PARSE, file, ln,
                                "expected 'withdraw ID...' with 1 to %d ids (use several lines)",
                                MAX_TOKENS - 1);
        for (int i = 1; i < ntok; i++) {
            if (tok_long(&tok[i], 1, SW_SEATING_MAX_ID, &id))
                return bad_token(&tok[i], "a player id", file, ln, err);
            if ((st = sw_seating_ev_withdraw(ev, id, ev->nrounds, file, ln, err)))
                return st;
        }
        return SW_OK;
    }
    if (tok_is(kw, "substitute")) {
        if (ntok < 4 || !tok_is(&tok[2], "for"))
            return sw_error_set(err, SW_ERR_PARSE, file, ln,
                                "expected 'substitute NEW for OLD [NAME]'");
        if (tok_long(&tok[1], 1, SW_SEATING_MAX_ID, &id))
            return bad_token(&tok[1], "the new player's id", file, ln, err);
        if (tok_long(&tok[3], 1, SW_SEATING_MAX_ID, &old))
            return bad_token(&tok[3], "the id of the player replaced", file, ln, err);
        if ((st = rest_of_line(line, n, &tok[3], &name, &len, file, ln, err)))
            return st;
        return sw_seating_ev_substitute(ev, id, old, name, len, ev->nrounds, file, ln, err);
    }
    bool team = tok_is(kw, "team");
    if (ntok < 2 || (team && ntok < 3))
        return sw_error_set(err, SW_ERR_PARSE, file, ln, "expected '%s ID NAME'",
                            team ? "team" : "enter");
    if (tok_long(&tok[1], 1, SW_SEATING_MAX_ID, &id))
        return bad_token(&tok[1], "a player id from 1 to 999999999", file, ln, err);
    if ((st = rest_of_line(line, n, &tok[1], &name, &len, file, ln, err)))
        return st;
    return team ? sw_seating_ev_team(ev, id, name, len, file, ln, err)
                : sw_seating_ev_enter(ev, id, name, len, ev->nrounds, file, ln, err);
}

static sw_status line_table(sw_seating_event *ev, int section, const token *tok, int ntok,
                            const char *file, int ln, sw_error *err) {
    if (ntok - 1 != SW_WINDS)
        return sw_error_set(err, SW_ERR_PARSE, file, ln,
                            "table with %d players: expected 4 ids in wind order E S W N",
                            ntok - 1);
    long ids[SW_WINDS];
    for (int s = 0; s < SW_WINDS; s++)
        if (tok_long(&tok[1 + s], -1000000000L, 1000000000L, &ids[s]))
            return bad_token(&tok[1 + s], "a player id", file, ln, err);
    return sw_seating_ev_table(ev, section, ids, file, ln, err);
}

static sw_status line_standing(sw_seating_event *ev, int fidx, const token *tok, int ntok,
                               const char *file, int ln, sw_error *err) {
    sw_status st = need_args(ntok, 2, 3, &tok[0], "standing ID POINTS [GAMES]", file, ln, err);
    if (st)
        return st;
    long id, games = -1;
    int64_t points;
    if (tok_long(&tok[1], 1, SW_SEATING_MAX_ID, &id))
        return bad_token(&tok[1], "a player id", file, ln, err);
    const char *why = sw_seating_parse_points(tok[2].s, tok[2].n, &points);
    if (why)
        return sw_error_set(err, SW_ERR_PARSE, file, ln, "%s, found '%.*s'", why,
                            (int)(tok[2].n > 40 ? 40 : tok[2].n), tok[2].s);
    if (ntok == 4 && tok_long(&tok[3], 0, SW_SEATING_MAX_ROUNDS, &games))
        return bad_token(&tok[3], "a number of games from 0 to 1000", file, ln, err);
    return sw_seating_ev_standing(ev, id, points, games, fidx, file, ln, err);
}

/* scores E S W N (whole game points), points E S W N (decimal, as
 * standings), chombo ID [N]: for the table read last in the round. */
static sw_status line_result(sw_seating_event *ev, int fidx, int section, const token *tok,
                             int ntok, const char *file, int ln, sw_error *err) {
    if (tok_is(&tok[0], "chombo")) {
        sw_status st = need_args(ntok, 1, 2, &tok[0], "chombo ID [N]", file, ln, err);
        if (st)
            return st;
        long id, count = 1;
        if (tok_long(&tok[1], 1, SW_SEATING_MAX_ID, &id))
            return bad_token(&tok[1], "a player id", file, ln, err);
        if (ntok == 3 && tok_long(&tok[2], 1, 100, &count))
            return bad_token(&tok[2], "a number of chombo penalties from 1 to 100", file, ln, err);
        return sw_seating_ev_chombo(ev, section, id, count, file, ln, err);
    }
    if (tok_is(&tok[0], "places")) {
        sw_status st =
            need_args(ntok, SW_WINDS, SW_WINDS, &tok[0], "places E S W N", file, ln, err);
        if (st)
            return st;
        int place[SW_WINDS];
        for (int s = 0; s < SW_WINDS; s++) {
            long x;
            if (tok_long(&tok[1 + s], 1, SW_WINDS, &x))
                return bad_token(&tok[1 + s], "a place from 1 to 4", file, ln, err);
            place[s] = (int)x;
        }
        return sw_seating_ev_places(ev, section, place, file, ln, err);
    }
    bool scores = tok_is(&tok[0], "scores");
    sw_status st = need_args(ntok, SW_WINDS, SW_WINDS, &tok[0],
                             scores ? "scores E S W N" : "points E S W N", file, ln, err);
    if (st)
        return st;
    int64_t v[SW_WINDS];
    for (int s = 0; s < SW_WINDS; s++) {
        long x;
        if (scores) {
            if (tok_long(&tok[1 + s], -10000000L, 10000000L, &x))
                return bad_token(&tok[1 + s],
                                 "a final score in whole points (-10000000 to 10000000)", file, ln,
                                 err);
            v[s] = x;
        } else {
            const char *why = sw_seating_parse_points(tok[1 + s].s, tok[1 + s].n, &v[s]);
            if (why)
                return sw_error_set(err, SW_ERR_PARSE, file, ln, "%s, found '%.*s'", why,
                                    (int)(tok[1 + s].n > 40 ? 40 : tok[1 + s].n), tok[1 + s].s);
        }
    }
    return sw_seating_ev_result(ev, section, scores ? SW_RESULT_SCORES : SW_RESULT_POINTS, v, fidx,
                                file, ln, err);
}

/* rules NAME [start X] [uma A B C D] [oka X] [chombo X]: a preset (ema,
 * wrc) or custom (EMA's values unless given), values in game points. */
static sw_status line_rules(sw_seating_event *ev, const token *tok, int ntok, const char *file,
                            int ln, sw_error *err) {
    if (ntok < 2 || ntok > MAX_TOKENS)
        return sw_error_set(err, SW_ERR_PARSE, file, ln,
                            "expected 'rules ema|wrc|custom [start X] [uma A B C D] [oka X] "
                            "[chombo X]'");
    sw_mahjong_rules r;
    bool custom = tok_is(&tok[1], "custom");
    if (!sw_mahjong_preset(custom ? "ema" : tok[1].s, custom ? 3 : tok[1].n, &r))
        return bad_token(&tok[1], "a rules preset: ema, wrc or custom", file, ln, err);
    if (custom)
        snprintf(r.name, sizeof r.name, "custom");
    for (int i = 2; i < ntok;) {
        const token *k = &tok[i];
        int need = tok_is(k, "uma") ? SW_WINDS : 1;
        if (!tok_is(k, "uma") && !tok_is(k, "start") && !tok_is(k, "oka") && !tok_is(k, "chombo"))
            return bad_token(k, "start, uma, oka or chombo", file, ln, err);
        if (i + need > ntok - 1)
            return sw_error_set(err, SW_ERR_PARSE, file, ln, "'%.*s' needs %d value%s", (int)k->n,
                                k->s, need, need > 1 ? "s" : "");
        long x[SW_WINDS];
        for (int j = 0; j < need; j++)
            if (tok_long(&tok[i + 1 + j], -1000000L, 1000000L, &x[j]))
                return bad_token(&tok[i + 1 + j], "whole game points (-1000000 to 1000000)", file,
                                 ln, err);
        if (tok_is(k, "uma"))
            for (int j = 0; j < SW_WINDS; j++)
                r.uma[j] = x[j];
        else if (tok_is(k, "start"))
            r.start = x[0];
        else if (tok_is(k, "oka"))
            r.oka = x[0];
        else
            r.chombo = x[0];
        i += 1 + need;
    }
    if (!custom && ntok > 2)
        snprintf(r.name, sizeof r.name, "custom");
    return sw_seating_ev_rules(ev, &r, file, ln, err);
}

/* One non-empty line; *section and *header track the round being read. */
static sw_status text_line(sw_seating_event *ev, int fidx, const char *line, size_t n, int *section,
                           int *header, const char *file, int ln, sw_error *err) {
    token tok[MAX_TOKENS + 1];
    int ntok = split(line, n, tok, MAX_TOKENS + 1);
    if (!ntok)
        return SW_OK;
    const token *kw = &tok[0];
    if (tok_is(kw, "table"))
        return ntok > MAX_TOKENS ? sw_error_set(err, SW_ERR_PARSE, file, ln,
                                                "table with more than 4 players: expected 4 ids")
                                 : line_table(ev, *section, tok, ntok, file, ln, err);
    if (tok_is(kw, "scores") || tok_is(kw, "points") || tok_is(kw, "chombo") ||
        tok_is(kw, "places"))
        return line_result(ev, fidx, *section, tok, ntok, file, ln, err);
    if (tok_is(kw, "sitout")) {
        if (*section != SW_SECTION_ROUND)
            return sw_error_set(err, SW_ERR_PARSE, file, ln, "sitout outside a round");
        if (ntok < 2 || ntok > MAX_TOKENS)
            return sw_error_set(err, SW_ERR_PARSE, file, ln,
                                "expected 'sitout ID...' with 1 to %d ids (use several lines)",
                                MAX_TOKENS - 1);
        for (int i = 1; i < ntok; i++) {
            long id;
            if (tok_long(&tok[i], 1, SW_SEATING_MAX_ID, &id))
                return bad_token(&tok[i], "a player id", file, ln, err);
            sw_status st = sw_seating_ev_sitout(ev, id, file, ln, err);
            if (st)
                return st;
        }
        return SW_OK;
    }
    /* Every other line closes the round being read. */
    if (*section != SW_SECTION_NONE) {
        sw_status st = sw_seating_ev_section_end(ev, *section, file, *header, err);
        if (st)
            return st;
        *section = SW_SECTION_NONE;
    }
    if (tok_is(kw, "player"))
        return line_player(ev, line, n, tok, ntok, file, ln, err);
    if (tok_is(kw, "round") || tok_is(kw, "script")) {
        int sec = tok_is(kw, "round") ? SW_SECTION_ROUND : SW_SECTION_SCRIPT;
        sw_status st = need_args(
            ntok, 0, 1, kw, sec == SW_SECTION_ROUND ? "round [N]" : "script [N]", file, ln, err);
        if (st)
            return st;
        long num = 0;
        if (ntok == 2 && tok_long(&tok[1], 1, SW_SEATING_MAX_ROUNDS, &num))
            return bad_token(&tok[1], "a round number", file, ln, err);
        st = sw_seating_ev_section_begin(ev, sec, num, file, ln, err);
        if (!st) {
            *section = sec;
            *header = ln;
        }
        return st;
    }
    if (tok_is(kw, "standing"))
        return line_standing(ev, fidx, tok, ntok, file, ln, err);
    if (tok_is(kw, "rules"))
        return line_rules(ev, tok, ntok, file, ln, err);
    if (tok_is(kw, "enter") || tok_is(kw, "withdraw") || tok_is(kw, "substitute") ||
        tok_is(kw, "team"))
        return line_change(ev, line, n, tok, ntok, file, ln, err);
    if (tok_is(kw, "map")) {
        sw_status st = need_args(ntok, 2, 2, kw, "map K ID", file, ln, err);
        if (st)
            return st;
        long k, id;
        if (tok_long(&tok[1], 1, SW_SEATING_MAX_PLAYERS, &k))
            return bad_token(&tok[1], "a script id", file, ln, err);
        if (tok_long(&tok[2], 1, SW_SEATING_MAX_ID, &id))
            return bad_token(&tok[2], "a player id", file, ln, err);
        return sw_seating_ev_map(ev, k, id, file, ln, err);
    }
    return sw_error_set(err, SW_ERR_PARSE, file, ln,
                        "unknown line '%.*s': expected player, round, table, sitout, scores, "
                        "points, chombo, standing, rules, script, map, enter, withdraw, "
                        "substitute or team",
                        (int)(kw->n > 40 ? 40 : kw->n), kw->s);
}

/* A line of Pantheon's predefined seating, "E-S-W-N" (script ids joined by
 * hyphens, blanks around allowed): 1 with ids[] filled, 0 when the line is
 * something else, -1 when it starts like one but is not four ids. */
static int pantheon_line(const char *line, size_t n, long ids[SW_WINDS]) {
    const char *p = line, *end = line + n;
    while (p < end && is_blank(*p))
        p++;
    while (end > p && is_blank(end[-1]))
        end--;
    if (p == end || *p < '0' || *p > '9' || !memchr(p, '-', (size_t)(end - p)))
        return 0;
    int k = 0;
    while (p < end) {
        if (k == SW_WINDS || *p < '0' || *p > '9')
            return -1;
        long v = 0;
        while (p < end && *p >= '0' && *p <= '9' && v < 100000000L)
            v = v * 10 + (*p++ - '0');
        ids[k++] = v;
        if (p < end && *p++ != '-')
            return -1;
        if (p == end && end[-1] == '-')
            return -1;
    }
    return k == SW_WINDS ? 1 : -1;
}

sw_status sw_seating_read_text(sw_seating_event *ev, const char *text, size_t len, const char *path,
                               sw_error *err) {
    int fidx = sw_seating_ev_file_index(ev, path);
    if (fidx < 0)
        return sw_error_set(err, SW_ERR_NOMEM, path, 0, "out of memory");
    const char *file = ev->files[fidx];
    const char *p = text, *end = text + len, *line;
    size_t n;
    int ln = 0, section = SW_SECTION_NONE, header = 0;
    bool pantheon = false; /* reading a round of Pantheon's script */
    while (sw_next_line(&p, end, &line, &n)) {
        ln++;
        if (ln == 1 && n >= 3 && !memcmp(line, "\xEF\xBB\xBF", 3)) {
            line += 3; /* a UTF-8 byte order mark, as some editors write */
            n -= 3;
        }
        size_t m = strip_comment(line, n);
        /* Pantheon's script: "1-2-3-4" tables, a blank line ends the round. */
        long ids[SW_WINDS];
        int pl = pantheon_line(line, m, ids);
        if (pl < 0)
            return sw_error_set(err, SW_ERR_PARSE, file, ln,
                                "'%.*s': expected a Pantheon table of four script ids, as "
                                "in 1-2-3-4",
                                (int)(m > 40 ? 40 : m), line);
        if (pl > 0) {
            sw_status st = SW_OK;
            if (!pantheon) {
                if (section != SW_SECTION_NONE)
                    st = sw_seating_ev_section_end(ev, section, file, header, err);
                if (!st)
                    st = sw_seating_ev_section_begin(ev, SW_SECTION_SCRIPT, 0, file, ln, err);
                section = SW_SECTION_SCRIPT;
                header = ln;
                pantheon = true;
            }
            if (!st)
                st = sw_seating_ev_table(ev, SW_SECTION_SCRIPT, ids, file, ln, err);
            if (st)
                return st;
            continue;
        }
        if (pantheon) {
            size_t k = 0;
            while (k < n && is_blank(line[k]))
                k++;
            if (k < n && m == 0)
                continue; /* a comment inside a Pantheon round */
            sw_status st = sw_seating_ev_section_end(ev, section, file, header, err);
            if (st)
                return st;
            section = SW_SECTION_NONE;
            pantheon = false;
        }
        sw_status st = text_line(ev, fidx, line, m, &section, &header, file, ln, err);
        if (st)
            return st;
    }
    if (section != SW_SECTION_NONE)
        return sw_seating_ev_section_end(ev, section, file, header, err);
    return SW_OK;
}
