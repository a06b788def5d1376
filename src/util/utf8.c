/* src/util/utf8.c: display width of UTF-8 text.
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
