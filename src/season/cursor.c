/* src/season/cursor.c: a small tokenizer shared by the season parsers.
 * SPDX-License-Identifier: MIT */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "season/season_internal.h"

void sw_cursor_init(sw_cursor *c, const char *line, size_t n) {
    c->p = line;
    const char *hash = memchr(line, '#', n);
    c->end = hash ? hash : line + n;
}

static void skip_blanks(sw_cursor *c) {
    while (c->p < c->end && isspace((unsigned char)*c->p))
        c->p++;
}

bool sw_cursor_at_end(sw_cursor *c) {
    skip_blanks(c);
    return c->p >= c->end;
}

size_t sw_cursor_word(sw_cursor *c, const char **word) {
    skip_blanks(c);
    *word = c->p;
    while (c->p < c->end && !isspace((unsigned char)*c->p))
        c->p++;
    return (size_t)(c->p - *word);
}

sw_status sw_cursor_long(sw_cursor *c, long *out, long lo, long hi, const char *what,
                         const char *file, int line, sw_error *err) {
    const char *w;
    size_t n = sw_cursor_word(c, &w);
    if (n == 0)
        return sw_error_set(err, SW_ERR_PARSE, file, line, "missing %s, expected a number", what);
    char buf[32];
    bool digits = n < sizeof buf;
    for (size_t i = 0; digits && i < n; i++)
        digits = isdigit((unsigned char)w[i]) || (i == 0 && w[i] == '-' && n > 1);
    if (!digits)
        return sw_error_set(err, SW_ERR_PARSE, file, line, "%s '%.*s' is not a number", what,
                            (int)(n > 40 ? 40 : n), w);
    memcpy(buf, w, n);
    buf[n] = '\0';
    errno = 0;
    long v = strtol(buf, NULL, 10);
    if (errno || v < lo || v > hi)
        return sw_error_set(err, SW_ERR_PARSE, file, line, "%s %s out of range, expected %ld..%ld",
                            what, buf, lo, hi);
    *out = v;
    return SW_OK;
}

const char *sw_cursor_rest(sw_cursor *c, size_t *n) {
    skip_blanks(c);
    const char *e = c->end;
    while (e > c->p && isspace((unsigned char)e[-1]))
        e--;
    *n = (size_t)(e - c->p);
    return c->p;
}
