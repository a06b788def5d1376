/* tests/fuzz/fuzz_json.c: libFuzzer harness for the generic JSON reader
 * (src/util/json.c). The library writes JSON with printf and
 * sw_strbuf_json_string but has no tree writer, so this harness writes the
 * tree it read (strings through sw_strbuf_json_string where they hold no
 * NUL, numbers as their text) and checks that reading that gives the same
 * tree. Every number also goes through sw_json_long and every key through
 * sw_json_get, the accessors the readers use.
 * SPDX-License-Identifier: MIT */
#include "fuzz_common.h"
#include "util/json.h"

/* A decoded string may hold NUL (from \u0000): escape it by hand then. */
static void put_string(sw_strbuf *sb, const char *s, size_t len) {
    if (!memchr(s, '\0', len)) {
        sw_strbuf_json_string(sb, s);
        return;
    }
    sw_strbuf_puts(sb, "\"");
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\')
            sw_strbuf_printf(sb, "\\%c", c);
        else if (c < 0x20)
            sw_strbuf_printf(sb, "\\u%04x", c);
        else
            sw_strbuf_append(sb, (const char *)&s[i], 1);
    }
    sw_strbuf_puts(sb, "\"");
}

static void put_value(sw_strbuf *sb, const sw_json *v) {
    switch (v->type) {
    case SW_JSON_NULL:
        sw_strbuf_puts(sb, "null");
        break;
    case SW_JSON_BOOL:
        sw_strbuf_puts(sb, v->b ? "true" : "false");
        break;
    case SW_JSON_NUM:
        sw_strbuf_append(sb, v->str, v->len);
        break;
    case SW_JSON_STR:
        put_string(sb, v->str, v->len);
        break;
    default:
        sw_strbuf_puts(sb, v->type == SW_JSON_ARR ? "[" : "{");
        for (int i = 0; i < v->n; i++) {
            sw_strbuf_puts(sb, i ? ",\n" : "\n");
            if (v->type == SW_JSON_OBJ) {
                sw_strbuf_json_string(sb, v->keys[i]);
                sw_strbuf_puts(sb, ": ");
            }
            put_value(sb, &v->items[i]);
        }
        sw_strbuf_puts(sb, v->type == SW_JSON_ARR ? "]" : "}");
    }
}

static bool same_value(const sw_json *a, const sw_json *b) {
    if (a->type != b->type || a->n != b->n)
        return false;
    switch (a->type) {
    case SW_JSON_BOOL:
        return a->b == b->b;
    case SW_JSON_NUM:
    case SW_JSON_STR:
        return a->len == b->len && memcmp(a->str, b->str, a->len) == 0;
    case SW_JSON_ARR:
    case SW_JSON_OBJ:
        for (int i = 0; i < a->n; i++)
            if ((a->type == SW_JSON_OBJ && strcmp(a->keys[i], b->keys[i]) != 0) ||
                !same_value(&a->items[i], &b->items[i]))
                return false;
        return true;
    default:
        return true;
    }
}

/* The accessors on every value: they must not fail on what the reader built. */
static void visit(const sw_json *v) {
    sw_error err;
    long x;
    if (v->type == SW_JSON_NUM) {
        if (!v->str || strlen(v->str) != v->len)
            sw_fuzz_fail("a number's text is not its length", NULL, NULL);
        if (sw_json_long(v, "number", -1000000, 1000000, "fuzz.json", &x, &err) == SW_OK &&
            (x < -1000000 || x > 1000000))
            sw_fuzz_fail("sw_json_long gave a number out of its range", NULL, NULL);
    }
    if (v->type == SW_JSON_OBJ)
        for (int i = 0; i < v->n; i++)
            if (!sw_json_get(v, v->keys[i]))
                sw_fuzz_fail("sw_json_get does not find a key the object holds", NULL, NULL);
    if (v->type == SW_JSON_ARR || v->type == SW_JSON_OBJ)
        for (int i = 0; i < v->n; i++)
            visit(&v->items[i]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (sw_fuzz_unreadable(data, size))
        return 0;
    sw_json root;
    sw_error err;
    if (sw_json_parse((const char *)data, size, "fuzz.json", &root, &err) != SW_OK)
        return 0;
    visit(&root);
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    put_value(&sb, &root);
    sw_fuzz_written(&sb);
    sw_json back;
    if (sw_json_parse(sb.data, sb.len, "written.json", &back, &err) != SW_OK)
        sw_fuzz_fail("the written JSON is not read back", &err, &sb);
    if (!same_value(&root, &back))
        sw_fuzz_fail("the JSON read back is another tree", NULL, &sb);
    sw_json_free(&back);
    sw_json_free(&root);
    sw_strbuf_free(&sb);
    return 0;
}
