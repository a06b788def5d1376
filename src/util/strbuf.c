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

void sw_strbuf_json_string(sw_strbuf *sb, const char *s) {
    sw_strbuf_append(sb, "\"", 1);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\') {
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
