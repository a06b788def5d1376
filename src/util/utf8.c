/* src/util/utf8.c: display width of UTF-8 text; Windows-1252 to UTF-8.
 * SPDX-License-Identifier: MIT */
#include "util/utf8.h"

#include <stdint.h>

/* Decode the character at s: its code point in *cp and its length in bytes
 * (1 for an invalid byte, decoded as itself). */
static size_t decode(const unsigned char *s, uint32_t *cp) {
    unsigned char c = s[0];
    size_t len = c < 0x80             ? 1
                 : (c & 0xe0) == 0xc0 ? 2
                 : (c & 0xf0) == 0xe0 ? 3
                 : (c & 0xf8) == 0xf0 ? 4
                                      : 0;
    if (len <= 1) {
        *cp = c;
        return 1;
    }
    uint32_t v = c & (0x7f >> len);
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xc0) != 0x80) {
            *cp = c;
            return 1;
        }
        v = (v << 6) | (s[i] & 0x3f);
    }
    *cp = v;
    return len;
}

static int zero_width(uint32_t cp) {
    return (cp >= 0x300 && cp <= 0x36f) || (cp >= 0x1ab0 && cp <= 0x1aff) ||
           (cp >= 0x1dc0 && cp <= 0x1dff) || (cp >= 0x20d0 && cp <= 0x20ff) ||
           (cp >= 0xfe20 && cp <= 0xfe2f) || (cp >= 0x200b && cp <= 0x200d) || cp == 0xfeff;
}

size_t sw_utf8_width(const char *s) {
    size_t w = 0;
    const unsigned char *p = (const unsigned char *)(s ? s : "");
    while (*p) {
        uint32_t cp;
        p += decode(p, &cp);
        w += !zero_width(cp);
    }
    return w;
}

void sw_strbuf_pad(sw_strbuf *sb, const char *s, size_t width) {
    const unsigned char *p = (const unsigned char *)(s ? s : "");
    size_t w = 0;
    while (*p) {
        uint32_t cp;
        size_t len = decode(p, &cp);
        int z = zero_width(cp);
        if (!z && w == width)
            break;
        sw_strbuf_append(sb, (const char *)p, len);
        w += !z;
        p += len;
    }
    for (; w < width; w++)
        sw_strbuf_append(sb, " ", 1);
}

/* Windows-1252 at 0x80-0x9F (0 where the code page leaves a byte
 * undefined); from 0xA0 on it is Latin-1, whose bytes are the code points. */
static const uint16_t cp1252_high[32] = {
    0x20ac, 0,      0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160,
    0x2039, 0x0152, 0,      0x017d, 0,      0,      0x2018, 0x2019, 0x201c, 0x201d, 0x2022,
    0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0,      0x017e, 0x0178};

int sw_utf8_encode(uint32_t cp, char out[4]) {
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

void sw_strbuf_put_cp(sw_strbuf *sb, uint32_t cp) {
    char u[4];
    sw_strbuf_append(sb, u, (size_t)sw_utf8_encode(cp, u));
}

void sw_strbuf_cp1252(sw_strbuf *sb, const char *s, size_t n) {
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        uint32_t cp = c < 0x80 ? c : c < 0xa0 ? cp1252_high[c - 0x80] : c;
        if (!cp && c)
            cp = 0xfffd;
        sw_strbuf_put_cp(sb, cp);
    }
}
