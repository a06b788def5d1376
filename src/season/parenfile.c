/* src/season/parenfile.c: the pairs file (picolo's parenfile): one
 * participant a line, "number rests name...", # comments. A pair line may
 * be followed by two "player id rests name..." lines naming its players
 * (a line no older file can hold: a pair line starts with a number), which
 * a history per player is mapped through (playerhistory.c); the pair then
 * carries its players' mean rests exactly, a half included, unless its own
 * line gives them (docs/formats.md, "Pairs file").
 * SPDX-License-Identifier: MIT */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "season/season.h"
#include "season/season_internal.h"
#include "util/fileio.h"
#include "util/strbuf.h"

void sw_participants_free(sw_participant *part, int n) {
    if (!part)
        return;
    for (int i = 0; i < n; i++) {
        free(part[i].name);
        free(part[i].player[0].name);
        free(part[i].player[1].name);
    }
    free(part);
}

int sw_participants_rests_unit(const sw_participant *part, int n) {
    for (int i = 0; i < n; i++)
        if (part[i].rests_half)
            return 2;
    return 1;
}

static char *dup_or_null(const char *s, bool *fail) {
    char *d = s ? strdup(s) : NULL;
    *fail = *fail || (s && !d);
    return d;
}

int sw_participant_copy(sw_participant *dst, const sw_participant *src) {
    bool fail = false;
    *dst = *src;
    dst->name = dup_or_null(src->name, &fail);
    for (int k = 0; k < 2; k++)
        dst->player[k].name = dup_or_null(src->player[k].name, &fail);
    return fail ? -1 : 0;
}

void sw_participant_write(const sw_participant *part, sw_strbuf *out) {
    const sw_player *pl = part->player;
    bool players_rest = pl[0].id && (pl[0].rests || pl[1].rests);
    sw_strbuf_printf(out, "%d %d %s\n", part->id, players_rest ? 0 : part->rests,
                     part->name ? part->name : "");
    for (int k = 0; pl[0].id && k < 2; k++)
        sw_strbuf_printf(out, "player %d %d %s\n", pl[k].id, pl[k].rests,
                         pl[k].name ? pl[k].name : "");
}

typedef struct pparser {
    const char *file;
    int line;
    sw_error *err;
    sw_participant *part;
    int n, cap;
    int pair_line; /* of part[n-1]'s line */
    int nplayers;  /* 'player' lines read under it */
} pparser;

/* The rest of the line as a name, checked to be UTF-8. */
static sw_status take_name(pparser *pp, sw_cursor *c, const char *line, const char *who, long id,
                           char **out) {
    size_t nl;
    const char *name = sw_cursor_rest(c, &nl);
    size_t bad = sw_utf8_invalid(name, nl);
    if (bad < nl)
        return sw_error_set(pp->err, SW_ERR_PARSE, pp->file, pp->line,
                            "%s %ld: name has byte 0x%02X (column %d) that is not UTF-8; save "
                            "the file as UTF-8",
                            who, id, (unsigned char)name[bad], (int)(name + bad - line) + 1);
    *out = strndup(name, nl);
    return *out ? SW_OK : sw_error_set(pp->err, SW_ERR_NOMEM, pp->file, pp->line, "out of memory");
}

/* The pair read last is complete: two players or none; its rests from its
 * players' when they carry any. */
static sw_status end_pair(pparser *pp) {
    if (pp->n == 0)
        return SW_OK;
    sw_participant *q = &pp->part[pp->n - 1];
    if (pp->nplayers == 1)
        return sw_error_set(pp->err, SW_ERR_INVALID, pp->file, pp->pair_line,
                            "pair %d names 1 player, expected two 'player' lines under it (or "
                            "none)",
                            q->id);
    int r0 = q->player[0].rests, r1 = q->player[1].rests;
    if (pp->nplayers == 2 && (r0 || r1)) {
        if (q->rests)
            return sw_error_set(pp->err, SW_ERR_INVALID, pp->file, pp->pair_line,
                                "pair %d carries %d rests on its line and its players %d and %d "
                                "on theirs; give the rests on the pair line or on the players' "
                                "lines, not both",
                                q->id, q->rests, r0, r1);
        q->rests = (r0 + r1) / 2; /* the mean: rests + rests_half / 2 */
        q->rests_half = (r0 + r1) % 2;
    }
    return SW_OK;
}

static sw_status pair_line(pparser *pp, sw_cursor *c, const char *line) {
    long id, rests;
    sw_status st = end_pair(pp);
    if (st == SW_OK)
        st = sw_cursor_long(c, &id, 1, SW_PARTICIPANT_MAX_ID, "participant number", pp->file,
                            pp->line, pp->err);
    if (st == SW_OK)
        st = sw_cursor_long(c, &rests, 0, SW_PARTICIPANT_MAX_RESTS, "rests", pp->file, pp->line,
                            pp->err);
    if (st != SW_OK)
        return st;
    for (int i = 0; i < pp->n; i++)
        if (pp->part[i].id == id)
            return sw_error_set(pp->err, SW_ERR_INVALID, pp->file, pp->line,
                                "participant %ld listed twice, expected unique numbers; give "
                                "each participant its own number",
                                id);
    if (pp->n == SW_SEASON_MAX_PARTICIPANTS)
        return sw_error_set(pp->err, SW_ERR_LIMIT, pp->file, pp->line,
                            "more than %d participants, at most %d supported; split the "
                            "competition in two",
                            SW_SEASON_MAX_PARTICIPANTS, SW_SEASON_MAX_PARTICIPANTS);
    if (pp->n == pp->cap) {
        int ncap = pp->cap ? pp->cap * 2 : 32;
        sw_participant *np = realloc(pp->part, (size_t)ncap * sizeof *np);
        if (!np)
            return sw_error_set(pp->err, SW_ERR_NOMEM, pp->file, pp->line, "out of memory");
        pp->part = np;
        pp->cap = ncap;
    }
    sw_participant *q = &pp->part[pp->n];
    memset(q, 0, sizeof *q);
    st = take_name(pp, c, line, "participant", id, &q->name);
    if (st != SW_OK)
        return st;
    q->id = (int)id;
    q->rests = (int)rests;
    pp->n++;
    pp->pair_line = pp->line;
    pp->nplayers = 0;
    return SW_OK;
}

/* A player already named under an earlier pair must have the same name
 * and rests there. */
static sw_status same_player(pparser *pp, const sw_player *p) {
    for (int i = 0; i + 1 < pp->n; i++)
        for (int k = 0; k < 2; k++) {
            const sw_player *o = &pp->part[i].player[k];
            if (o->id == p->id && (o->rests != p->rests || strcmp(o->name, p->name) != 0))
                return sw_error_set(pp->err, SW_ERR_INVALID, pp->file, pp->line,
                                    "player %d is in pair %d as '%.40s' with %d rests, here as "
                                    "'%.40s' with %d; a player in several pairs needs the same "
                                    "name and rests in each",
                                    p->id, pp->part[i].id, o->name, o->rests, p->name, p->rests);
        }
    return SW_OK;
}

static sw_status player_line(pparser *pp, sw_cursor *c, const char *line) {
    if (pp->n == 0)
        return sw_error_set(pp->err, SW_ERR_PARSE, pp->file, pp->line,
                            "a 'player' line before any pair, expected it under the line of "
                            "its pair");
    sw_participant *q = &pp->part[pp->n - 1];
    if (pp->nplayers == 2)
        return sw_error_set(pp->err, SW_ERR_INVALID, pp->file, pp->line,
                            "pair %d: a third 'player' line, expected two players a pair", q->id);
    long id, rests;
    sw_status st =
        sw_cursor_long(c, &id, 1, SW_PLAYER_MAX_ID, "player number", pp->file, pp->line, pp->err);
    if (st == SW_OK)
        st = sw_cursor_long(c, &rests, 0, SW_PARTICIPANT_MAX_RESTS, "player rests", pp->file,
                            pp->line, pp->err);
    if (st != SW_OK)
        return st;
    if (pp->nplayers == 1 && q->player[0].id == id)
        return sw_error_set(pp->err, SW_ERR_INVALID, pp->file, pp->line,
                            "pair %d: player %ld twice, expected two different players", q->id, id);
    sw_player *p = &q->player[pp->nplayers];
    st = take_name(pp, c, line, "player", id, &p->name);
    if (st != SW_OK)
        return st;
    p->id = (int)id;
    p->rests = (int)rests;
    pp->nplayers++;
    return same_player(pp, p);
}

static sw_status parse_line(pparser *pp, const char *line, size_t ll) {
    sw_cursor c;
    sw_cursor_init(&c, line, ll);
    if (sw_cursor_at_end(&c))
        return SW_OK;
    sw_cursor w = c;
    const char *word;
    size_t wn = sw_cursor_word(&w, &word);
    if (wn == 6 && memcmp(word, "player", 6) == 0)
        return player_line(pp, &w, line);
    return pair_line(pp, &c, line);
}

sw_status sw_parenfile_parse(const char *text, size_t len, const char *file, sw_participant **out,
                             int *nout, sw_error *err) {
    pparser pp = {.file = file, .err = err};
    const char *p = text, *end = text + len, *line;
    size_t ll;
    sw_status st = SW_OK;
    while (st == SW_OK && sw_next_line(&p, end, &line, &ll)) {
        pp.line++;
        st = parse_line(&pp, line, ll);
    }
    if (st == SW_OK)
        st = end_pair(&pp);
    if (st == SW_OK && pp.n == 0)
        st = sw_error_set(err, SW_ERR_PARSE, file, pp.line ? pp.line : 1,
                          "no participants found, expected lines \"number rests name\"");
    if (st != SW_OK) {
        /* a pair whose line failed half-way holds nothing owned */
        sw_participants_free(pp.part, pp.n);
        return st;
    }
    *out = pp.part;
    *nout = pp.n;
    return SW_OK;
}

sw_status sw_parenfile_read(const char *path, sw_participant **part, int *n, sw_error *err) {
    char *text;
    size_t len;
    sw_status st = sw_file_read(path, &text, &len, err);
    if (st != SW_OK)
        return st;
    st = sw_parenfile_parse(text, len, path, part, n, err);
    free(text);
    return st;
}
