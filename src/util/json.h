/* src/util/json.h: a small strict JSON reader: the document as a tree of
 * values, each remembering the line it starts on (for "file:line" errors).
 * SPDX-License-Identifier: MIT */
#ifndef SW_JSON_H
#define SW_JSON_H

#include <stdbool.h>
#include <stddef.h>

#include "util/error.h"

#define SW_JSON_MAX_DEPTH 64

enum { SW_JSON_NULL, SW_JSON_BOOL, SW_JSON_NUM, SW_JSON_STR, SW_JSON_ARR, SW_JSON_OBJ };

typedef struct sw_json sw_json;
struct sw_json {
    int type; /* SW_JSON_* */
    int line;
    bool b;
    char *str; /* decoded string, or the number's text; owned */
    size_t len;
    int n;          /* items of an array or object */
    sw_json *items; /* owned */
    char **keys;    /* object keys, owned */
};

/* Parse a whole document (RFC 8259, nothing but blanks after the value).
 * file names the input in errors: SW_ERR_PARSE "file:line: ..., found 'x'",
 * SW_ERR_LIMIT for nesting deeper than SW_JSON_MAX_DEPTH. On error *out is
 * left empty. */
SW_NODISCARD sw_status sw_json_parse(const char *text, size_t len, const char *file, sw_json *out,
                                     sw_error *err);

/* Release what v owns and zero it (v may be zeroed). */
void sw_json_free(sw_json *v);

/* The value of key in an object, or NULL (also when obj is no object). */
const sw_json *sw_json_get(const sw_json *obj, const char *key);

/* SW_ERR_PARSE "file:line: what: expected a number, found a string" unless v
 * has the type. */
SW_NODISCARD sw_status sw_json_expect(const sw_json *v, int type, const char *what,
                                      const char *file, sw_error *err);

/* v as an integer in lo..hi; otherwise SW_ERR_PARSE (not a number) or
 * SW_ERR_INVALID "file:line: what V: expected an integer from LO to HI". */
SW_NODISCARD sw_status sw_json_long(const sw_json *v, const char *what, long lo, long hi,
                                    const char *file, long *out, sw_error *err);

#endif
