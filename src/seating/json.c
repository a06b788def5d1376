/* src/seating/json.c: the JSON form of an event. A small strict reader (RFC
 * 8259, nesting at most 64 deep) builds a tree whose values remember their
 * line, then the tree is fed to the same builder as the text format. It
 * reads the analyze contract that 'seat --json' writes (participants,
 * sessions of one-round sessions), so an output is a valid next input, and
 * a plain form: "players", "rounds" as lists of [E,S,W,N], "standings",
 * "script".
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "seating/seating_internal.h"

enum { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ };

typedef struct jv jv;
struct jv {
    int type;
    int line;
    bool b;
    char *str; /* decoded string, or the number's text; owned */
    size_t len;
    int n;       /* items of an array or object */
    jv *items;   /* owned */
    char **keys; /* object keys, owned */
};

typedef struct jreader {
    const char *p, *end;
    int line;
    const char *file;
    sw_error *err;
} jreader;

#define MAX_DEPTH 64

static void jv_free(jv *v) {
    for (int i = 0; i < v->n; i++) {
        jv_free(&v->items[i]);
        if (v->keys)
            free(v->keys[i]);
    }
    free(v->items);
    free(v->keys);
    free(v->str);
    memset(v, 0, sizeof *v);
}

static sw_status jerr(jreader *r, const char *what) {
    if (r->p >= r->end)
        return sw_error_set(r->err, SW_ERR_PARSE, r->file, r->line, "%s, found the end of the file",
                            what);
    return sw_error_set(r->err, SW_ERR_PARSE, r->file, r->line, "%s, found '%c'", what, *r->p);
}

static void skip_ws(jreader *r) {
    while (r->p < r->end) {
        char c = *r->p;
        if (c == '\n')
            r->line++;
        else if (c != ' ' && c != '\t' && c != '\r')
            return;
        r->p++;
    }
}

static int put_utf8(char *out, unsigned cp) {
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xC0 | (cp >> 6));
        out[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xE0 | (cp >> 12));
        out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | (cp >> 18));
    out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    out[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

static int hex4(const char *s, unsigned *out) {
    unsigned v = 0;
    for (int i = 0; i < 4; i++) {
        char c = s[i];
        v <<= 4;
        if (c >= '0' && c <= '9')
            v |= (unsigned)(c - '0');
        else if (c >= 'a' && c <= 'f')
            v |= (unsigned)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F')
            v |= (unsigned)(c - 'A' + 10);
        else
            return -1;
    }
    *out = v;
    return 0;
}

/* Decode the string at r->p (just past the opening quote). The decoded text
 * is never longer than the source, so one allocation of that size does. */
static sw_status parse_string(jreader *r, char **out, size_t *outlen) {
    const char *s = r->p;
    while (s < r->end && *s != '"') {
        if (*s == '\\' && s + 1 < r->end)
            s++;
        s++;
    }
    if (s >= r->end)
        return sw_error_set(r->err, SW_ERR_PARSE, r->file, r->line, "unterminated string");
    char *buf = malloc((size_t)(s - r->p) + 1);
    if (!buf)
        return sw_error_set(r->err, SW_ERR_NOMEM, r->file, r->line, "out of memory");
    size_t n = 0;
    while (*r->p != '"') {
        unsigned char c = (unsigned char)*r->p;
        if (c < 0x20) {
            free(buf);
            return sw_error_set(r->err, SW_ERR_PARSE, r->file, r->line,
                                "control character in a string: expected it escaped");
        }
        if (c != '\\') {
            buf[n++] = (char)c;
            r->p++;
            continue;
        }
        char e = r->p[1];
        r->p += 2;
        const char *simple = strchr("\"\\/bfnrt", e);
        if (e && simple) {
            static const char map[] = "\"\\/\b\f\n\r\t";
            buf[n++] = map[simple - "\"\\/bfnrt"];
            continue;
        }
        unsigned cp, lo;
        if (e != 'u' || r->end - r->p < 4 || hex4(r->p, &cp)) {
            free(buf);
            return sw_error_set(r->err, SW_ERR_PARSE, r->file, r->line,
                                "bad escape in a string: expected \\\" \\\\ \\/ \\b \\f \\n \\r "
                                "\\t or \\uXXXX");
        }
        r->p += 4;
        if (cp >= 0xD800 && cp < 0xDC00 && r->end - r->p >= 6 && r->p[0] == '\\' &&
            r->p[1] == 'u' && !hex4(r->p + 2, &lo) && lo >= 0xDC00 && lo < 0xE000) {
            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
            r->p += 6;
        } else if (cp >= 0xD800 && cp < 0xE000) {
            cp = 0xFFFD; /* a lone surrogate has no UTF-8 form */
        }
        n += (size_t)put_utf8(buf + n, cp);
    }
    r->p++;
    buf[n] = '\0';
    *out = buf;
    *outlen = n;
    return SW_OK;
}

static sw_status parse_value(jreader *r, jv *v, int depth);

static sw_status push_item(jreader *r, jv *v, int *cap) {
    if (v->n == *cap) {
        int c = *cap ? 2 * *cap : 4;
        jv *it = realloc(v->items, (size_t)c * sizeof *it);
        if (!it)
            return sw_error_set(r->err, SW_ERR_NOMEM, r->file, r->line, "out of memory");
        v->items = it;
        if (v->type == J_OBJ) {
            char **k = realloc(v->keys, (size_t)c * sizeof *k);
            if (!k)
                return sw_error_set(r->err, SW_ERR_NOMEM, r->file, r->line, "out of memory");
            v->keys = k;
        }
        *cap = c;
    }
    memset(&v->items[v->n], 0, sizeof *v->items);
    if (v->keys)
        v->keys[v->n] = NULL;
    v->n++;
    return SW_OK;
}

static sw_status parse_container(jreader *r, jv *v, int depth) {
    char close = v->type == J_ARR ? ']' : '}';
    int cap = 0;
    r->p++;
    skip_ws(r);
    if (r->p < r->end && *r->p == close) {
        r->p++;
        return SW_OK;
    }
    for (;;) {
        sw_status st = push_item(r, v, &cap);
        if (st)
            return st;
        if (v->type == J_OBJ) {
            skip_ws(r);
            if (r->p >= r->end || *r->p != '"')
                return jerr(r, "expected a key string");
            r->p++;
            size_t kl;
            if ((st = parse_string(r, &v->keys[v->n - 1], &kl)))
                return st;
            skip_ws(r);
            if (r->p >= r->end || *r->p != ':')
                return jerr(r, "expected ':' after a key");
            r->p++;
        }
        if ((st = parse_value(r, &v->items[v->n - 1], depth + 1)))
            return st;
        skip_ws(r);
        if (r->p < r->end && *r->p == ',') {
            r->p++;
            continue;
        }
        if (r->p < r->end && *r->p == close) {
            r->p++;
            return SW_OK;
        }
        return jerr(r, v->type == J_ARR ? "expected ',' or ']'" : "expected ',' or '}'");
    }
}

static sw_status parse_number(jreader *r, jv *v) {
    const char *s = r->p;
    if (s < r->end && *s == '-')
        s++;
    const char *digits = s;
    while (s < r->end && *s >= '0' && *s <= '9')
        s++;
    if (s == digits || (s - digits > 1 && *digits == '0'))
        return jerr(r, "expected a number");
    if (s < r->end && *s == '.') {
        const char *f = ++s;
        while (s < r->end && *s >= '0' && *s <= '9')
            s++;
        if (s == f)
            return jerr(r, "expected digits after '.'");
    }
    if (s < r->end && (*s == 'e' || *s == 'E')) {
        s++;
        if (s < r->end && (*s == '+' || *s == '-'))
            s++;
        const char *e = s;
        while (s < r->end && *s >= '0' && *s <= '9')
            s++;
        if (s == e)
            return jerr(r, "expected exponent digits");
    }
    v->type = J_NUM;
    v->len = (size_t)(s - r->p);
    v->str = malloc(v->len + 1);
    if (!v->str)
        return sw_error_set(r->err, SW_ERR_NOMEM, r->file, r->line, "out of memory");
    memcpy(v->str, r->p, v->len);
    v->str[v->len] = '\0';
    r->p = s;
    return SW_OK;
}

static sw_status parse_value(jreader *r, jv *v, int depth) {
    skip_ws(r);
    v->line = r->line;
    if (depth > MAX_DEPTH)
        return sw_error_set(r->err, SW_ERR_LIMIT, r->file, r->line, "JSON nested more than %d deep",
                            MAX_DEPTH);
    if (r->p >= r->end)
        return jerr(r, "expected a value");
    char c = *r->p;
    static const struct {
        const char *word;
        int type;
        bool b;
    } words[] = {{"null", J_NULL, false}, {"true", J_BOOL, true}, {"false", J_BOOL, false}};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        size_t wl = strlen(words[i].word);
        if ((size_t)(r->end - r->p) >= wl && !memcmp(r->p, words[i].word, wl)) {
            v->type = words[i].type;
            v->b = words[i].b;
            r->p += wl;
            return SW_OK;
        }
    }
    if (c == '"') {
        v->type = J_STR;
        r->p++;
        return parse_string(r, &v->str, &v->len);
    }
    if (c == '[' || c == '{') {
        v->type = c == '[' ? J_ARR : J_OBJ;
        return parse_container(r, v, depth);
    }
    if (c == '-' || (c >= '0' && c <= '9'))
        return parse_number(r, v);
    return jerr(r, "expected a value");
}

/* ---- from the tree to the event ---- */

typedef struct jctx {
    sw_seating_event *ev;
    const char *file;
    int fidx;
    sw_error *err;
} jctx;

static const jv *get(const jv *obj, const char *key) {
    if (obj->type != J_OBJ)
        return NULL;
    for (int i = 0; i < obj->n; i++)
        if (!strcmp(obj->keys[i], key))
            return &obj->items[i];
    return NULL;
}

static sw_status expect(jctx *c, const jv *v, int type, const char *what) {
    static const char *names[] = {"null",     "a boolean", "a number",
                                  "a string", "an array",  "an object"};
    if (v->type == type)
        return SW_OK;
    return sw_error_set(c->err, SW_ERR_PARSE, c->file, v->line, "%s: expected %s, found %s", what,
                        names[type], names[v->type]);
}

static sw_status get_long(jctx *c, const jv *v, const char *what, long lo, long hi, long *out) {
    sw_status st = expect(c, v, J_NUM, what);
    if (st)
        return st;
    const char *s = v->str;
    int neg = *s == '-';
    s += neg;
    long x = 0;
    for (; *s >= '0' && *s <= '9'; s++) {
        if (x > 1000000000000L)
            break;
        x = x * 10 + (*s - '0');
    }
    x = neg ? -x : x;
    if (*s || x < lo || x > hi)
        return sw_error_set(c->err, SW_ERR_INVALID, c->file, v->line,
                            "%s %s: expected an integer from %ld to %ld", what, v->str, lo, hi);
    *out = x;
    return SW_OK;
}

static sw_status read_players(jctx *c, const jv *list) {
    sw_status st = expect(c, list, J_ARR, "players");
    for (int i = 0; !st && i < list->n; i++) {
        const jv *p = &list->items[i], *id, *name;
        if ((st = expect(c, p, J_OBJ, "player")))
            break;
        if (!(id = get(p, "id")))
            return sw_error_set(c->err, SW_ERR_PARSE, c->file, p->line, "player without \"id\"");
        long v;
        if ((st = get_long(c, id, "player id", 1, SW_SEATING_MAX_ID, &v)))
            break;
        name = get(p, "name");
        if (name && name->type != J_NULL && (st = expect(c, name, J_STR, "player name")))
            break;
        bool has = name && name->type == J_STR;
        st = ev_player(c->ev, v, has ? name->str : NULL, has ? name->len : 0, c->file, p->line,
                       c->err);
    }
    return st;
}

/* A table given as [E, S, W, N]. */
static sw_status read_table(jctx *c, int section, const jv *seats) {
    sw_status st = expect(c, seats, J_ARR, "table seats");
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
        if (ids[s] == 0)
            return sw_error_set(c->err, SW_ERR_INVALID, c->file, seats->line,
                                "table with an empty seat: expected four players");
    }
    return ev_table(c->ev, section, ids, c->file, seats->line, c->err);
}

/* A round given as a list of tables, each [E,S,W,N] or {"seats": [...]}. */
static sw_status read_round(jctx *c, int section, const jv *round) {
    sw_status st = expect(c, round, J_ARR, section == SECTION_ROUND ? "round" : "script round");
    if (st || (st = ev_section_begin(c->ev, section, 0, c->file, round->line, c->err)))
        return st;
    for (int t = 0; !st && t < round->n; t++) {
        const jv *tab = &round->items[t];
        if (tab->type == J_OBJ) {
            const jv *plays = get(tab, "plays"), *seats = get(tab, "seats");
            if (plays && plays->type == J_BOOL && !plays->b)
                continue; /* a sit-out table of the analyze contract */
            if (!seats)
                return sw_error_set(c->err, SW_ERR_PARSE, c->file, tab->line,
                                    "table without \"seats\"");
            tab = seats;
        }
        st = read_table(c, section, tab);
    }
    return st ? st : ev_section_end(c->ev, section, c->file, round->line, c->err);
}

static sw_status read_sessions(jctx *c, const jv *sessions) {
    sw_status st = expect(c, sessions, J_ARR, "sessions");
    for (int i = 0; !st && i < sessions->n; i++) {
        const jv *s = &sessions->items[i], *rounds;
        if ((st = expect(c, s, J_OBJ, "session")))
            break;
        if (!(rounds = get(s, "rounds")))
            return sw_error_set(c->err, SW_ERR_PARSE, c->file, s->line,
                                "session without \"rounds\"");
        if ((st = expect(c, rounds, J_ARR, "rounds")))
            break;
        for (int r = 0; !st && r < rounds->n; r++) {
            const jv *rd = &rounds->items[r], *tables;
            if ((st = expect(c, rd, J_OBJ, "round")))
                break;
            if (!(tables = get(rd, "tables")))
                return sw_error_set(c->err, SW_ERR_PARSE, c->file, rd->line,
                                    "round without \"tables\"");
            st = read_round(c, SECTION_ROUND, tables);
        }
    }
    return st;
}

static sw_status read_rounds(jctx *c, const jv *list, int section) {
    sw_status st = expect(c, list, J_ARR, section == SECTION_ROUND ? "rounds" : "script");
    for (int i = 0; !st && i < list->n; i++)
        st = read_round(c, section, &list->items[i]);
    return st;
}

static sw_status read_standings(jctx *c, const jv *list) {
    sw_status st = expect(c, list, J_ARR, "standings");
    for (int i = 0; !st && i < list->n; i++) {
        const jv *s = &list->items[i], *id, *pts, *games;
        if ((st = expect(c, s, J_OBJ, "standing")))
            break;
        if (!(id = get(s, "id")) || !(pts = get(s, "points")))
            return sw_error_set(c->err, SW_ERR_PARSE, c->file, s->line,
                                "standing without \"id\" and \"points\"");
        long v, g = -1;
        int64_t points;
        if ((st = get_long(c, id, "player id", 1, SW_SEATING_MAX_ID, &v)))
            break;
        if ((st = expect(c, pts, J_NUM, "points")))
            break;
        const char *why = parse_points(pts->str, pts->len, &points);
        if (why)
            return sw_error_set(c->err, SW_ERR_PARSE, c->file, pts->line, "%s, found %s", why,
                                pts->str);
        if ((games = get(s, "games")) &&
            (st = get_long(c, games, "games", 0, SW_SEATING_MAX_ROUNDS, &g)))
            break;
        st = ev_standing(c->ev, v, points, g, c->fidx, c->file, s->line, c->err);
    }
    return st;
}

static sw_status read_script_ids(jctx *c, const jv *players) {
    sw_status st = SW_OK;
    for (int i = 0; !st && i < players->n; i++) {
        const jv *p = &players->items[i], *k = get(p, "script_id");
        long id, v;
        if (!k)
            continue;
        if ((st = get_long(c, get(p, "id"), "player id", 1, SW_SEATING_MAX_ID, &id)) ||
            (st = get_long(c, k, "script_id", 1, SW_SEATING_MAX_PLAYERS, &v)))
            break;
        st = ev_map(c->ev, v, id, c->file, k->line, c->err);
    }
    return st;
}

static sw_status json_event(jctx *c, const jv *root) {
    sw_status st = expect(c, root, J_OBJ, "the document");
    if (st)
        return st;
    const jv *players = get(root, "participants"), *v;
    if (!players)
        players = get(root, "players");
    if (players && (st = read_players(c, players)))
        return st;
    if ((v = get(root, "sessions")) && (st = read_sessions(c, v)))
        return st;
    if ((v = get(root, "rounds")) && (st = read_rounds(c, v, SECTION_ROUND)))
        return st;
    if ((v = get(root, "standings")) && (st = read_standings(c, v)))
        return st;
    if ((v = get(root, "script")) && (st = read_rounds(c, v, SECTION_SCRIPT)))
        return st;
    if (players && (st = read_script_ids(c, players)))
        return st;
    return SW_OK;
}

sw_status read_json(sw_seating_event *ev, const char *text, size_t len, const char *path,
                    sw_error *err) {
    int fidx = ev_file_index(ev, path);
    if (fidx < 0)
        return sw_error_set(err, SW_ERR_NOMEM, path, 0, "out of memory");
    jreader r = {text, text + len, 1, ev->files[fidx], err};
    jv root;
    memset(&root, 0, sizeof root);
    sw_status st = parse_value(&r, &root, 0);
    if (!st) {
        skip_ws(&r);
        if (r.p < r.end)
            st = jerr(&r, "expected the end of the document");
    }
    if (!st) {
        jctx c = {ev, ev->files[fidx], fidx, err};
        st = json_event(&c, &root);
    }
    jv_free(&root);
    return st;
}
