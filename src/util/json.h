/* src/util/json.h: a small strict JSON reader: the document as a tree of
 * values, each remembering the line it starts on (for "file:line" errors).
 * SPDX-License-Identifier: MIT */
#ifndef SW_JSON_H
#define SW_JSON_H

#include <stdbool.h>
#include <stddef.h>

#include "util/error.h"

#define SW_JSON_MAX_DEPTH 64
/* Most values kept in one tree (4 M, about 160 MB of nodes): a document with
 * more is refused as SW_ERR_LIMIT by the first pass, before any tree is built. */
#define SW_JSON_MAX_VALUES 4000000

enum { SW_JSON_NULL, SW_JSON_BOOL, SW_JSON_NUM, SW_JSON_STR, SW_JSON_ARR, SW_JSON_OBJ };

/* A value. The whole tree of a document lives in one block owned by the
 * root: nodes, keys and strings are never allocated one by one. */
typedef struct sw_json sw_json;
struct sw_json {
    unsigned char type; /* SW_JSON_* */
    bool b;
    int line;
    int n;          /* items of an array or object */
    unsigned len;   /* bytes of str */
    char *str;      /* decoded string, or the number's text (NUL-terminated) */
    sw_json *items; /* [n] */
    char **keys;    /* [n] object keys */
};

/* Parse a whole document (RFC 8259, UTF-8, nothing but blanks after the
 * value) in two passes: the first checks it and counts what the tree needs
 * without allocating (so a refused document costs little), the second builds
 * the tree in one block. file names the input in errors: SW_ERR_PARSE
 * "file:line: ..., found 'x'" (bytes that are not UTF-8 in a string
 * included), SW_ERR_LIMIT for nesting deeper than SW_JSON_MAX_DEPTH or more
 * than SW_JSON_MAX_VALUES values. skip (NULL or a NULL-terminated list) names
 * members of the top-level object that are checked but not kept (an output's
 * matrices when it is read back as input). On error *out is left empty. */
SW_NODISCARD sw_status sw_json_parse_skip(const char *text, size_t len, const char *file,
                                          const char *const *skip, sw_json *out, sw_error *err);

/* sw_json_parse_skip keeping everything. */
SW_NODISCARD sw_status sw_json_parse(const char *text, size_t len, const char *file, sw_json *out,
                                     sw_error *err);

/* Release the tree of a root that sw_json_parse filled, and zero it (it may
 * be zeroed already). Never call it on a value inside a tree. */
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
