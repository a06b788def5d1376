/* src/util/utf8.h: display width of UTF-8 text, for aligning columns of
 * names in text reports (an accented name is more bytes than columns), and
 * Windows-1252 (Latin-1) text converted to UTF-8.
 * SPDX-License-Identifier: MIT */
#ifndef SW_UTF8_H
#define SW_UTF8_H

#include <stddef.h>
#include <stdint.h>

#include "util/strbuf.h"

/* Columns s takes in a terminal: one per code point, none for combining
 * marks (U+0300-036F, U+1AB0-1AFF, U+1DC0-1DFF, U+20D0-20FF, U+FE20-FE2F)
 * and zero-width joiners/spaces; an invalid byte counts as one column. */
size_t sw_utf8_width(const char *s);

/* Append s cut to at most `width` columns (never inside a character), then
 * spaces up to `width` columns. NULL is taken as "". */
void sw_strbuf_pad(sw_strbuf *sb, const char *s, size_t width);

/* cp (at most U+10FFFF) as UTF-8 in out; returns its bytes (1 to 4). */
int sw_utf8_encode(uint32_t cp, char out[4]);

/* Append cp as UTF-8. */
void sw_strbuf_put_cp(sw_strbuf *sb, uint32_t cp);

/* Append s[0..n), read as Windows-1252 (Latin-1 with printable characters
 * at 0x80-0x9F), as UTF-8; the five bytes the code page leaves undefined
 * become U+FFFD. The result is always valid UTF-8. */
void sw_strbuf_cp1252(sw_strbuf *sb, const char *s, size_t n);

#endif
