/* src/util/json.c: a small strict JSON reader (RFC 8259, nesting at most
 * SW_JSON_MAX_DEPTH deep) building a tree whose values remember their line,
 * so readers built on it report "file:line" for what they find wrong.
 * Shared by the seating events and the season reader.
 *
 * Two passes over the text with the same code: the first (build false)
 * checks everything and counts the values, object members, string bytes and
 * each container's items, allocating nothing but that list of counts, and
 * stops at SW_JSON_MAX_VALUES; the second fills one block sized from the
 * counts: [nodes][keys][strings]. The root's items come first in the block,
 * so freeing the root frees the tree.
 * SPDX-License-Identifier: MIT */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/json.h"
#include "util/strbuf.h"
#include "util/utf8.h"

typedef struct jreader {
    const char *p, *end;
    int line;
    const char *file;
    sw_error *err;
    const char *const *skip; /* top-level members not kept */
    bool build;              /* second pass: fill the block */
    int keep;                /* > 0 while inside a skipped member */
    /* counted by the first pass */
    size_t values, members, strbytes;
    int *counts; /* items of each kept container, in document order */
    size_t ncounts, capcounts;
    /* the second pass's block and where the next pieces go */
    size_t next_count;
    sw_json *nodes;
    char **keys;
    char *strs;
} jreader;

#define MAX_DEPTH SW_JSON_MAX_DEPTH

void sw_json_free(sw_json *v) {
    if (v->n > 0)
        free(v->items); /* the block starts with the root's items */
    else if (v->type == SW_JSON_STR || v->type == SW_JSON_NUM)
        free(v->str); /* a lone string or number: the block is its text */
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

/* Room for a kept string of at most n bytes: counted in the first pass,
 * taken from the block in the second. NULL in the first pass. */
static char *str_room(jreader *r, size_t n) {
    if (!r->build) {
        r->strbytes += n + 1;
        return NULL;
    }
    char *s = r->strs;
    r->strs += n + 1;
    return s;
}

/* Decode the string at r->p (just past the opening quote) into out (NULL:
 * only check it). The decoded text is never longer than the source. */
static sw_status parse_string(jreader *r, char **out, unsigned *outlen) {
    const char *s = r->p;
    while (s < r->end && *s != '"') {
        if (*s == '\\' && s + 1 < r->end)
            s++;
        s++;
    }
    if (s >= r->end)
        return sw_error_set(r->err, SW_ERR_PARSE, r->file, r->line, "unterminated string");
    size_t bad = sw_utf8_invalid(r->p, (size_t)(s - r->p));
    if (bad < (size_t)(s - r->p))
        return sw_error_set(r->err, SW_ERR_PARSE, r->file, r->line,
                            "byte 0x%02X in a string is not UTF-8: expected the file in UTF-8",
                            (unsigned char)r->p[bad]);
    char *buf = out ? str_room(r, (size_t)(s - r->p)) : NULL;
    size_t n = 0;
    char tmp[4];
    while (*r->p != '"') {
        unsigned char c = (unsigned char)*r->p;
        if (c < 0x20)
            return sw_error_set(r->err, SW_ERR_PARSE, r->file, r->line,
                                "control character in a string: expected it escaped");
        if (c != '\\') {
            if (buf)
                buf[n] = (char)c;
            n++;
            r->p++;
            continue;
        }
        char e = r->p[1];
        r->p += 2;
        const char *simple = strchr("\"\\/bfnrt", e);
        if (e && simple) {
            static const char map[] = "\"\\/\b\f\n\r\t";
            if (buf)
                buf[n] = map[simple - "\"\\/bfnrt"];
            n++;
            continue;
        }
        unsigned cp, lo;
        if (e != 'u' || r->end - r->p < 4 || hex4(r->p, &cp))
            return sw_error_set(r->err, SW_ERR_PARSE, r->file, r->line,
                                "bad escape in a string: expected \\\" \\\\ \\/ \\b \\f \\n \\r "
                                "\\t or \\uXXXX");
        r->p += 4;
        if (cp >= 0xD800 && cp < 0xDC00 && r->end - r->p >= 6 && r->p[0] == '\\' &&
            r->p[1] == 'u' && !hex4(r->p + 2, &lo) && lo >= 0xDC00 && lo < 0xE000) {
            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
            r->p += 6;
        } else if (cp >= 0xD800 && cp < 0xE000) {
            cp = 0xFFFD; /* a lone surrogate has no UTF-8 form */
        }
        n += (size_t)sw_utf8_encode(cp, buf ? buf + n : tmp);
    }
    r->p++;
    if (buf) {
        buf[n] = '\0';
        *out = buf;
        *outlen = (unsigned)n;
    }
    return SW_OK;
}

static sw_status parse_value(jreader *r, sw_json *v, int depth);

static bool skipped(const jreader *r, const char *key, size_t n) {
    for (const char *const *k = r->skip; k && *k; k++)
        if (strlen(*k) == n && !memcmp(*k, key, n))
            return true;
    return false;
}

/* First pass: one more kept value; refuses past the limit right away. */
static sw_status count_value(jreader *r) {
    if (r->build || r->keep)
        return SW_OK;
    if (++r->values > SW_JSON_MAX_VALUES)
        return sw_error_set(r->err, SW_ERR_LIMIT, r->file, r->line,
                            "more than %d JSON values: larger than any seatwise input",
                            SW_JSON_MAX_VALUES);
    return SW_OK;
}

static sw_status parse_container(jreader *r, sw_json *v, int depth) {
    char close = v->type == SW_JSON_ARR ? ']' : '}';
    bool kept = !r->keep;
    size_t slot = 0;
    int total = 0;
    if (kept && !r->build) {
        /* reserve this container's count now: its slot is in document order */
        if (r->ncounts == r->capcounts) {
            size_t c = r->capcounts ? 2 * r->capcounts : 64;
            int *nc = realloc(r->counts, c * sizeof *nc);
            if (!nc)
                return sw_error_set(r->err, SW_ERR_NOMEM, r->file, r->line, "out of memory");
            r->counts = nc;
            r->capcounts = c;
        }
        slot = r->ncounts++;
        r->counts[slot] = 0;
    } else if (kept) {
        total = r->counts[r->next_count++];
        if (total > 0) {
            v->items = r->nodes;
            r->nodes += total;
            memset(v->items, 0, (size_t)total * sizeof *v->items);
            if (v->type == SW_JSON_OBJ) {
                v->keys = r->keys;
                r->keys += total;
            }
        }
    }
    r->p++;
    skip_ws(r);
    if (r->p < r->end && *r->p == close) {
        r->p++;
        return SW_OK;
    }
    int i = 0;
    for (;; i++) {
        sw_status st;
        sw_json scratch;
        sw_json *item = kept && r->build ? &v->items[i] : &scratch;
        bool skip_member = false;
        if (kept && (st = count_value(r)))
            return st;
        if (v->type == SW_JSON_OBJ) {
            skip_ws(r);
            if (r->p >= r->end || *r->p != '"')
                return jerr(r, "expected a key string");
            r->p++;
            const char *key = r->p;
            unsigned kl;
            char *unused, **kslot = !kept ? NULL : r->build ? &v->keys[i] : &unused;
            if ((st = parse_string(r, kslot, &kl)))
                return st;
            if (kept && !r->build)
                r->members++;
            /* a skipped member of the top level: checked, not kept (its key
             * and count stay, its value becomes null) */
            skip_member = kept && depth == 0 && skipped(r, key, (size_t)(r->p - 1 - key));
            skip_ws(r);
            if (r->p >= r->end || *r->p != ':')
                return jerr(r, "expected ':' after a key");
            r->p++;
        }
        memset(item, 0, sizeof *item);
        r->keep += skip_member;
        st = parse_value(r, item, depth + 1);
        r->keep -= skip_member;
        if (st)
            return st;
        if (skip_member) {
            int line = item->line;
            memset(item, 0, sizeof *item);
            item->type = SW_JSON_NULL;
            item->line = line;
        }
        skip_ws(r);
        if (r->p < r->end && *r->p == ',') {
            r->p++;
            continue;
        }
        if (r->p < r->end && *r->p == close) {
            r->p++;
            if (kept && !r->build)
                r->counts[slot] = i + 1;
            v->n = kept ? i + 1 : 0;
            return SW_OK;
        }
        return jerr(r, v->type == SW_JSON_ARR ? "expected ',' or ']'" : "expected ',' or '}'");
    }
}

static sw_status parse_number(jreader *r, sw_json *v) {
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
    v->type = SW_JSON_NUM;
    size_t n = (size_t)(s - r->p);
    if (!r->keep) {
        char *buf = str_room(r, n);
        if (buf) {
            memcpy(buf, r->p, n);
            buf[n] = '\0';
            v->str = buf;
            v->len = (unsigned)n;
        }
    }
    r->p = s;
    return SW_OK;
}

static sw_status parse_value(jreader *r, sw_json *v, int depth) {
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
    } words[] = {{"null", SW_JSON_NULL, false},
                 {"true", SW_JSON_BOOL, true},
                 {"false", SW_JSON_BOOL, false}};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        size_t wl = strlen(words[i].word);
        if ((size_t)(r->end - r->p) >= wl && !memcmp(r->p, words[i].word, wl)) {
            v->type = (unsigned char)words[i].type;
            v->b = words[i].b;
            r->p += wl;
            return SW_OK;
        }
    }
    if (c == '"') {
        v->type = SW_JSON_STR;
        r->p++;
        return parse_string(r, r->keep ? NULL : &v->str, &v->len);
    }
    if (c == '[' || c == '{') {
        v->type = c == '[' ? SW_JSON_ARR : SW_JSON_OBJ;
        return parse_container(r, v, depth);
    }
    if (c == '-' || (c >= '0' && c <= '9'))
        return parse_number(r, v);
    return jerr(r, "expected a value");
}

static sw_status parse_all(jreader *r, const char *text, size_t len, sw_json *out) {
    r->p = text;
    r->end = text + len;
    r->line = 1;
    memset(out, 0, sizeof *out);
    sw_status st = parse_value(r, out, 0);
    if (!st) {
        skip_ws(r);
        if (r->p < r->end)
            st = jerr(r, "expected the end of the document");
    }
    return st;
}

sw_status sw_json_parse_skip(const char *text, size_t len, const char *file,
                             const char *const *skip, sw_json *out, sw_error *err) {
    jreader r = {.file = file, .err = err, .skip = skip};
    sw_status st = parse_all(&r, text, len, out);
    char *block = NULL;
    if (!st) {
        /* one block: the nodes (root's items first), the keys, the strings */
        size_t bytes = r.values * sizeof(sw_json) + r.members * sizeof(char *) + r.strbytes;
        block = bytes ? malloc(bytes) : NULL;
        if (bytes && !block)
            st = sw_error_set(err, SW_ERR_NOMEM, file, 0, "out of memory");
    }
    if (!st) {
        r.build = true;
        if (block) { /* else nothing is taken from it: no offsets from NULL */
            r.nodes = (sw_json *)(void *)block;
            r.keys = (char **)(void *)(block + r.values * sizeof(sw_json));
            r.strs = block + r.values * sizeof(sw_json) + r.members * sizeof(char *);
        }
        st = parse_all(&r, text, len, out);
    }
    free(r.counts);
    if (st) {
        free(block);
        memset(out, 0, sizeof *out);
    }
    return st;
}

sw_status sw_json_parse(const char *text, size_t len, const char *file, sw_json *out,
                        sw_error *err) {
    return sw_json_parse_skip(text, len, file, NULL, out, err);
}

const sw_json *sw_json_get(const sw_json *obj, const char *key) {
    if (obj->type != SW_JSON_OBJ)
        return NULL;
    for (int i = 0; i < obj->n; i++)
        if (!strcmp(obj->keys[i], key))
            return &obj->items[i];
    return NULL;
}

sw_status sw_json_expect(const sw_json *v, int type, const char *what, const char *file,
                         sw_error *err) {
    static const char *names[] = {"null",     "a boolean", "a number",
                                  "a string", "an array",  "an object"};
    if (v->type == type)
        return SW_OK;
    return sw_error_set(err, SW_ERR_PARSE, file, v->line, "%s: expected %s, found %s", what,
                        names[type], names[v->type]);
}

sw_status sw_json_long(const sw_json *v, const char *what, long lo, long hi, const char *file,
                       long *out, sw_error *err) {
    sw_status st = sw_json_expect(v, SW_JSON_NUM, what, file, err);
    if (st)
        return st;
    const char *s = v->str;
    int neg = *s == '-';
    s += neg;
    /* long long: the cap below must fit where long has 32 bits (wasm32). */
    long long x = 0;
    for (; *s >= '0' && *s <= '9'; s++) {
        if (x > 1000000000000LL)
            break;
        x = x * 10 + (*s - '0');
    }
    x = neg ? -x : x;
    if (*s || x < lo || x > hi)
        return sw_error_set(err, SW_ERR_INVALID, file, v->line,
                            "%s %s: expected an integer from %ld to %ld", what, v->str, lo, hi);
    *out = (long)x; /* within [lo, hi] */
    return SW_OK;
}
