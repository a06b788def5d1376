/* src/util/strbuf.c: a growable text buffer.
 * SPDX-License-Identifier: MIT */
#include "util/strbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void sw_strbuf_init(sw_strbuf *sb) {
    memset(sb, 0, sizeof *sb);
}

void sw_strbuf_free(sw_strbuf *sb) {
    if (!sb)
        return;
    free(sb->data);
    memset(sb, 0, sizeof *sb);
}

static bool reserve(sw_strbuf *sb, size_t extra) {
    if (sb->failed)
        return false;
    if (sb->len + extra + 1 <= sb->cap)
        return true;
    size_t cap = sb->cap ? sb->cap : 256;
    while (cap < sb->len + extra + 1)
        cap *= 2;
    char *p = realloc(sb->data, cap);
    if (!p) {
        sb->failed = true;
        return false;
    }
    sb->data = p;
    sb->cap = cap;
    return true;
}

void sw_strbuf_append(sw_strbuf *sb, const char *s, size_t n) {
    if (!reserve(sb, n))
        return;
    memcpy(sb->data + sb->len, s, n);
    sb->len += n;
    sb->data[sb->len] = '\0';
}

void sw_strbuf_puts(sw_strbuf *sb, const char *s) {
    sw_strbuf_append(sb, s, strlen(s));
}

void sw_strbuf_printf(sw_strbuf *sb, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0 || !reserve(sb, (size_t)n))
        return;
    va_start(ap, fmt);
    vsnprintf(sb->data + sb->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    sb->len += (size_t)n;
}

/* Length of the well-formed UTF-8 sequence at s (at most n bytes), 0 when
 * the bytes there are not one (overlong forms, surrogates and code points
 * past U+10FFFF included). */
static size_t utf8_seq(const unsigned char *s, size_t n) {
    unsigned c = s[0];
    if (c < 0x80)
        return 1;
    size_t len;
    unsigned lo = 0x80, hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF)
        len = 2;
    else if (c >= 0xE0 && c <= 0xEF) {
        len = 3;
        if (c == 0xE0)
            lo = 0xA0;
        else if (c == 0xED)
            hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4;
        if (c == 0xF0)
            lo = 0x90;
        else if (c == 0xF4)
            hi = 0x8F;
    } else
        return 0;
    if (n < len || s[1] < lo || s[1] > hi)
        return 0;
    for (size_t i = 2; i < len; i++)
        if (s[i] < 0x80 || s[i] > 0xBF)
            return 0;
    return len;
}

size_t sw_utf8_invalid(const char *s, size_t n) {
    const unsigned char *p = (const unsigned char *)s;
    for (size_t i = 0; i < n;) {
        size_t k = utf8_seq(p + i, n - i);
        if (!k)
            return i;
        i += k;
    }
    return n;
}

void sw_strbuf_json_string(sw_strbuf *sb, const char *s) {
    sw_strbuf_append(sb, "\"", 1);
    size_t left = strlen(s);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++, left--) {
        size_t k = *p >= 0x80 ? utf8_seq(p, left) : 1;
        if (k > 1) {
            sw_strbuf_append(sb, (const char *)p, k);
            p += k - 1;
            left -= k - 1;
        } else if (k == 0) {
            /* readers refuse such bytes; should one get through, the JSON
             * stays valid: U+FFFD for each byte that is not UTF-8 */
            sw_strbuf_append(sb, "\\ufffd", 6);
        } else if (*p == '"' || *p == '\\') {
            char esc[2] = {'\\', (char)*p};
            sw_strbuf_append(sb, esc, 2);
        } else if (*p < 0x20) {
            sw_strbuf_printf(sb, "\\u%04x", *p);
        } else {
            sw_strbuf_append(sb, (const char *)p, 1);
        }
    }
    sw_strbuf_append(sb, "\"", 1);
}

const char *sw_strbuf_cstr(const sw_strbuf *sb) {
    return sb->data ? sb->data : "";
}

void sw_strbuf_csv_field(sw_strbuf *sb, const char *s) {
    if (!s || !s[strcspn(s, ",\"\r\n")]) {
        sw_strbuf_puts(sb, s ? s : "");
        return;
    }
    sw_strbuf_puts(sb, "\"");
    for (; *s; s++)
        sw_strbuf_append(sb, *s == '"' ? "\"\"" : s, *s == '"' ? 2 : 1);
    sw_strbuf_puts(sb, "\"");
}
