/* src/util/strbuf.h: a growable text buffer for building output in memory.
 * Reports are built here and written to their file in one atomic step.
 * An allocation failure sets `failed` and later appends do nothing, so callers
 * check once at the end.
 * SPDX-License-Identifier: MIT */
#ifndef SW_STRBUF_H
#define SW_STRBUF_H

#include <stdbool.h>
#include <stddef.h>

#include "util/error.h"

typedef struct sw_strbuf {
    char *data; /* NUL-terminated when len > 0 */
    size_t len;
    size_t cap;
    bool failed;
} sw_strbuf;

void sw_strbuf_init(sw_strbuf *sb);
void sw_strbuf_free(sw_strbuf *sb);
void sw_strbuf_append(sw_strbuf *sb, const char *s, size_t n);
void sw_strbuf_puts(sw_strbuf *sb, const char *s);
void sw_strbuf_printf(sw_strbuf *sb, const char *fmt, ...) SW_PRINTF(2, 3);
/* Offset of the first byte of s[0..n) that does not start a well-formed
 * UTF-8 sequence, or n when all of it is UTF-8. */
size_t sw_utf8_invalid(const char *s, size_t n);
/* Append s as a JSON string literal, quotes included. Bytes that are not
 * UTF-8 (the readers refuse them) are written as \ufffd, so the output is
 * valid JSON whatever s holds. */
void sw_strbuf_json_string(sw_strbuf *sb, const char *s);
/* Append s as one CSV field (RFC 4180): as it is, or quoted with its
 * quotes doubled when it holds a comma, a quote or a line break. NULL is
 * taken as "". */
void sw_strbuf_csv_field(sw_strbuf *sb, const char *s);
/* The text so far ("" when empty). */
const char *sw_strbuf_cstr(const sw_strbuf *sb);

#endif
