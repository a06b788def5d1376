/* src/util/csv.c: the CSV reader (util/csv.h): one line into RFC 4180
 * fields, and the rows of a whole text one after the other. The fields are
 * copied, unquoted, into the reader's buffer, which is sized for the line
 * before the split (a field is never longer than its text, plus one NUL
 * each), so their pointers stay put while the line is read.
 * SPDX-License-Identifier: MIT */
#include "util/csv.h"

#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "util/fileio.h"

/* Blanks trimmed around a field (and skipped after a closing quote). */
static bool blank(char ch) {
    return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\v' || ch == '\f';
}

void sw_csv_init(sw_csv *c, const char *text, size_t len, const char *file, unsigned flags) {
    memset(c, 0, sizeof *c);
    c->file = file;
    c->flags = flags;
    c->p = text;
    c->end = text + len;
}

void sw_csv_free(sw_csv *c) {
    free(c->field);
    free(c->buf);
    c->field = NULL;
    c->buf = NULL;
    c->bufcap = 0;
    c->fieldcap = 0;
    c->nf = 0;
}

/* Room for a line of len bytes and nfields fields; -1 when out of memory. */
static int reserve(sw_csv *c, size_t len, size_t nfields) {
    size_t bytes = len + nfields;
    if (bytes > c->bufcap) {
        char *b = realloc(c->buf, bytes);
        if (!b)
            return -1;
        c->buf = b;
        c->bufcap = bytes;
    }
    if (nfields > (size_t)c->fieldcap) {
        sw_csv_field *f = realloc(c->field, nfields * sizeof *f);
        if (!f)
            return -1;
        c->field = f;
        c->fieldcap = (int)nfields;
    }
    return 0;
}

/* A quoted field from s (at its opening quote) into *o; *sp is left after
 * the closing quote. */
static sw_status quoted(sw_csv *c, const char *line, const char **sp, const char *end, char **o,
                        sw_error *err) {
    const char *s = *sp;
    for (s++;; s++) {
        if (s == end)
            return sw_error_set(err, SW_ERR_PARSE, c->file, c->line,
                                "field %d (column %d): the quote is not closed on its line", c->nf,
                                (int)(*sp - line) + 1);
        if (*s == '"') {
            if (s + 1 == end || s[1] != '"')
                break;
            s++; /* "" is one quote */
        }
        *(*o)++ = *s;
    }
    *sp = s + 1;
    return SW_OK;
}

sw_status sw_csv_split(sw_csv *c, const char *line, size_t len, sw_error *err) {
    c->nf = 0;
    if (len && line[len - 1] == '\r')
        len--;
    if (len > INT_MAX / 2)
        return sw_error_set(err, SW_ERR_LIMIT, c->file, c->line, "a line of more than %d bytes",
                            INT_MAX / 2);
    const char *s = line, *end = line + len;
    bool hash = c->flags & SW_CSV_HASH_COMMENTS;
    while (s < end && blank(*s))
        s++;
    if (s == end || *s == '#')
        return SW_OK;
    size_t commas = 0;
    for (const char *q = s; q < end; q++)
        commas += *q == ',';
    if (reserve(c, len, commas + 1))
        return sw_error_set(err, SW_ERR_NOMEM, c->file, c->line, "out of memory");
    char *o = c->buf;
    for (s = line;; s++) { /* s at the start of a field */
        while (s < end && blank(*s))
            s++;
        sw_csv_field *f = &c->field[c->nf++];
        f->p = o;
        f->column = (int)(s - line) + 1;
        if (s < end && *s == '"') {
            sw_status st = quoted(c, line, &s, end, &o, err);
            if (st != SW_OK)
                return st;
            while (s < end && blank(*s))
                s++;
            if (s < end && *s != ',' && !(hash && *s == '#'))
                return sw_error_set(err, SW_ERR_PARSE, c->file, c->line,
                                    "field %d (column %d): text after the closing quote", c->nf,
                                    (int)(s - line) + 1);
        } else {
            const char *stop = s;
            while (stop < end && *stop != ',' && !(hash && *stop == '#'))
                stop++;
            const char *e = stop;
            while (e > s && blank(e[-1]))
                e--;
            memcpy(o, s, (size_t)(e - s));
            o += e - s;
            s = stop;
        }
        f->n = (size_t)(o - f->p);
        *o++ = '\0';
        if (s == end || *s == '#')
            return SW_OK;
    }
}

sw_status sw_csv_next(sw_csv *c, sw_error *err) {
    const char *line;
    size_t n;
    c->nf = 0;
    while (sw_next_line(&c->p, c->end, &line, &n)) {
        c->line++;
        sw_status st = sw_csv_split(c, line, n, err);
        if (st != SW_OK || c->nf > 0)
            return st;
    }
    return SW_OK;
}
