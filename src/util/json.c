/* src/util/json.c: a small strict JSON reader (RFC 8259, nesting at most
 * SW_JSON_MAX_DEPTH deep) building a tree whose values remember their line,
 * so readers built on it report "file:line" for what they find wrong.
 * Shared by the seating events and the season reader.
 * SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "util/json.h"

typedef struct jreader {
    const char *p, *end;
    int line;
    const char *file;
    sw_error *err;
} jreader;

#define MAX_DEPTH SW_JSON_MAX_DEPTH

void sw_json_free(sw_json *v) {
    for (int i = 0; i < v->n; i++) {
        sw_json_free(&v->items[i]);
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

static sw_status parse_value(jreader *r, sw_json *v, int depth);

static sw_status push_item(jreader *r, sw_json *v, int *cap) {
    if (v->n == *cap) {
        int c = *cap ? 2 * *cap : 4;
        sw_json *it = realloc(v->items, (size_t)c * sizeof *it);
        if (!it)
            return sw_error_set(r->err, SW_ERR_NOMEM, r->file, r->line, "out of memory");
        v->items = it;
        if (v->type == SW_JSON_OBJ) {
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

static sw_status parse_container(jreader *r, sw_json *v, int depth) {
    char close = v->type == SW_JSON_ARR ? ']' : '}';
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
        if (v->type == SW_JSON_OBJ) {
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
    v->len = (size_t)(s - r->p);
    v->str = malloc(v->len + 1);
    if (!v->str)
        return sw_error_set(r->err, SW_ERR_NOMEM, r->file, r->line, "out of memory");
    memcpy(v->str, r->p, v->len);
    v->str[v->len] = '\0';
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
            v->type = words[i].type;
            v->b = words[i].b;
            r->p += wl;
            return SW_OK;
        }
    }
    if (c == '"') {
        v->type = SW_JSON_STR;
        r->p++;
        return parse_string(r, &v->str, &v->len);
    }
    if (c == '[' || c == '{') {
        v->type = c == '[' ? SW_JSON_ARR : SW_JSON_OBJ;
        return parse_container(r, v, depth);
    }
    if (c == '-' || (c >= '0' && c <= '9'))
        return parse_number(r, v);
    return jerr(r, "expected a value");
}

sw_status sw_json_parse(const char *text, size_t len, const char *file, sw_json *out,
                        sw_error *err) {
    jreader r = {text, text + len, 1, file, err};
    memset(out, 0, sizeof *out);
    sw_status st = parse_value(&r, out, 0);
    if (!st) {
        skip_ws(&r);
        if (r.p < r.end)
            st = jerr(&r, "expected the end of the document");
    }
    if (st)
        sw_json_free(out);
    return st;
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
    long x = 0;
    for (; *s >= '0' && *s <= '9'; s++) {
        if (x > 1000000000000L)
            break;
        x = x * 10 + (*s - '0');
    }
    x = neg ? -x : x;
    if (*s || x < lo || x > hi)
        return sw_error_set(err, SW_ERR_INVALID, file, v->line,
                            "%s %s: expected an integer from %ld to %ld", what, v->str, lo, hi);
    *out = x;
    return SW_OK;
}
