/* src/swiss/xml.c: the XML reader (a recursive descent over the text, one
 * element a call, nesting bounded by SW_XML_MAX_DEPTH) and the writer.
 * SPDX-License-Identifier: MIT */
#include "swiss/xml.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/utf8.h"

typedef struct xml_in {
    const char *p, *end;
    const char *path;
    int line;
    sw_error *err;
} xml_in;

static sw_status xml_fail(xml_in *in, const char *what) {
    return sw_error_set(in->err, SW_ERR_PARSE, in->path, in->line, "broken XML: %s", what);
}

static void advance(xml_in *in, size_t n) {
    for (size_t i = 0; i < n && in->p < in->end; i++, in->p++)
        if (*in->p == '\n')
            in->line++;
}

static bool starts(const xml_in *in, const char *s) {
    size_t n = strlen(s);
    return (size_t)(in->end - in->p) >= n && !memcmp(in->p, s, n);
}

static void skip_blanks(xml_in *in) {
    while (in->p < in->end && (*in->p == ' ' || *in->p == '\t' || *in->p == '\r' || *in->p == '\n'))
        advance(in, 1);
}

/* Move past the first occurrence of s; false when the text ends before it. */
static bool skip_past(xml_in *in, const char *s) {
    size_t n = strlen(s);
    while ((size_t)(in->end - in->p) >= n) {
        if (!memcmp(in->p, s, n)) {
            advance(in, n);
            return true;
        }
        advance(in, 1);
    }
    return false;
}

static bool name_char(unsigned char c, bool first) {
    if (c >= 0x80 || c == '_' || c == ':' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))
        return true;
    return !first && (c == '-' || c == '.' || (c >= '0' && c <= '9'));
}

static char *read_name(xml_in *in) {
    const char *s = in->p;
    if (in->p >= in->end || !name_char((unsigned char)*in->p, true))
        return NULL;
    while (in->p < in->end && name_char((unsigned char)*in->p, false))
        in->p++;
    char *r = malloc((size_t)(in->p - s) + 1);
    if (r) {
        memcpy(r, s, (size_t)(in->p - s));
        r[in->p - s] = 0;
    }
    return r;
}

/* Decode the entity at in->p ('&') into sb. */
static sw_status read_entity(xml_in *in, sw_strbuf *sb) {
    static const struct {
        const char *name;
        char c;
    } named[] = {{"&amp;", '&'}, {"&lt;", '<'}, {"&gt;", '>'}, {"&quot;", '"'}, {"&apos;", '\''}};
    for (size_t i = 0; i < sizeof named / sizeof *named; i++)
        if (starts(in, named[i].name)) {
            sw_strbuf_append(sb, &named[i].c, 1);
            advance(in, strlen(named[i].name));
            return SW_OK;
        }
    if (!starts(in, "&#"))
        return xml_fail(in,
                        "unknown entity (only &amp; &lt; &gt; &quot; &apos; and &#N; are read)");
    advance(in, 2);
    bool hex = in->p < in->end && *in->p == 'x';
    if (hex)
        advance(in, 1);
    uint32_t c = 0;
    int digits = 0;
    while (in->p < in->end && *in->p != ';') {
        char d = *in->p;
        int v = d >= '0' && d <= '9'          ? d - '0'
                : hex && d >= 'a' && d <= 'f' ? d - 'a' + 10
                : hex && d >= 'A' && d <= 'F' ? d - 'A' + 10
                                              : -1;
        if (v < 0 || c > 0x10FFFF)
            return xml_fail(in, "bad character reference");
        c = c * (hex ? 16u : 10u) + (uint32_t)v;
        digits++;
        advance(in, 1);
    }
    if (in->p >= in->end || !digits || c == 0 || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
        return xml_fail(in, "bad character reference");
    advance(in, 1);
    sw_strbuf_put_cp(sb, c);
    return SW_OK;
}

static sw_status read_attr_value(xml_in *in, char **out) {
    if (in->p >= in->end || (*in->p != '"' && *in->p != '\''))
        return xml_fail(in, "attribute value without quotes");
    char q = *in->p;
    advance(in, 1);
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    sw_status st = SW_OK;
    while (!st) {
        if (in->p >= in->end) {
            st = xml_fail(in, "unterminated attribute value");
            break;
        }
        char c = *in->p;
        if (c == q) {
            advance(in, 1);
            break;
        }
        if (c == '<')
            st = xml_fail(in, "'<' in an attribute value");
        else if (c == '&')
            st = read_entity(in, &sb);
        else {
            /* attribute-value normalisation: blanks become spaces */
            char o = c == '\n' || c == '\t' || c == '\r' ? ' ' : c;
            sw_strbuf_append(&sb, &o, 1);
            advance(in, 1);
        }
    }
    if (!st && sb.failed)
        st = sw_error_set(in->err, SW_ERR_NOMEM, in->path, in->line, "out of memory");
    if (st) {
        sw_strbuf_free(&sb);
        return st;
    }
    *out = strdup(sw_strbuf_cstr(&sb));
    sw_strbuf_free(&sb);
    return *out ? SW_OK : sw_error_set(in->err, SW_ERR_NOMEM, in->path, in->line, "out of memory");
}

static sw_status nomem(xml_in *in) {
    return sw_error_set(in->err, SW_ERR_NOMEM, in->path, in->line, "out of memory");
}

static sw_status add_attr(xml_in *in, sw_xml_node *n, char *name, char *value) {
    for (int i = 0; i < n->nattrs; i++)
        if (!strcmp(n->attrs[i].name, name)) {
            sw_status st = sw_error_set(in->err, SW_ERR_PARSE, in->path, in->line,
                                        "broken XML: attribute '%s' given twice", name);
            free(name);
            free(value);
            return st;
        }
    sw_xml_attr *a = realloc(n->attrs, (size_t)(n->nattrs + 1) * sizeof *a);
    if (!a) {
        free(name);
        free(value);
        return nomem(in);
    }
    n->attrs = a;
    a[n->nattrs].name = name;
    a[n->nattrs].value = value;
    n->nattrs++;
    return SW_OK;
}

/* Skip comments, processing instructions and a DOCTYPE between elements. */
static sw_status skip_misc(xml_in *in, bool *skipped) {
    *skipped = true;
    if (starts(in, "<!--"))
        return skip_past(in, "-->") ? SW_OK : xml_fail(in, "unterminated comment");
    if (starts(in, "<?"))
        return skip_past(in, "?>") ? SW_OK : xml_fail(in, "unterminated processing instruction");
    if (starts(in, "<!DOCTYPE")) {
        int depth = 0;
        while (in->p < in->end) {
            char c = *in->p;
            advance(in, 1);
            if (c == '[')
                depth++;
            else if (c == ']')
                depth--;
            else if (c == '>' && depth <= 0)
                return SW_OK;
        }
        return xml_fail(in, "unterminated DOCTYPE");
    }
    *skipped = false;
    return SW_OK;
}

static sw_status read_element(xml_in *in, int depth, sw_xml_node **out);

/* Content of n up to its end tag. */
static sw_status read_content(xml_in *in, sw_xml_node *n, int depth) {
    sw_strbuf text;
    sw_strbuf_init(&text);
    sw_status st = SW_OK;
    for (;;) {
        if (in->p >= in->end) {
            st = sw_error_set(in->err, SW_ERR_PARSE, in->path, n->line,
                              "broken XML: element <%s> is not closed", n->name);
            break;
        }
        if (starts(in, "</")) {
            advance(in, 2);
            char *name = read_name(in);
            bool ok = name && !strcmp(name, n->name);
            free(name);
            skip_blanks(in);
            if (!ok || in->p >= in->end || *in->p != '>') {
                st = sw_error_set(in->err, SW_ERR_PARSE, in->path, in->line,
                                  "broken XML: end tag does not match <%s> of line %d", n->name,
                                  n->line);
                break;
            }
            advance(in, 1);
            break;
        }
        if (starts(in, "<![CDATA[")) {
            advance(in, 9);
            const char *s = in->p;
            if (!skip_past(in, "]]>")) {
                st = xml_fail(in, "unterminated CDATA section");
                break;
            }
            sw_strbuf_append(&text, s, (size_t)(in->p - 3 - s));
            continue;
        }
        bool skipped;
        if ((st = skip_misc(in, &skipped)))
            break;
        if (skipped)
            continue;
        if (*in->p == '<') {
            sw_xml_node *kid;
            if ((st = read_element(in, depth + 1, &kid)))
                break;
            if ((st = sw_xml_insert(n, n->nkids, kid))) {
                sw_xml_free(kid);
                st = nomem(in);
                break;
            }
            continue;
        }
        if (*in->p == '&') {
            if ((st = read_entity(in, &text)))
                break;
            continue;
        }
        sw_strbuf_append(&text, in->p, 1);
        advance(in, 1);
    }
    if (!st && text.failed)
        st = nomem(in);
    if (!st && text.len) { /* kept without its leading and trailing blanks */
        size_t a = 0, b = text.len;
        while (a < b && strchr(" \t\r\n", text.data[a]))
            a++;
        while (b > a && strchr(" \t\r\n", text.data[b - 1]))
            b--;
        if (a < b && !(n->text = malloc(b - a + 1)))
            st = nomem(in);
        else if (a < b) {
            memcpy(n->text, text.data + a, b - a);
            n->text[b - a] = 0;
        }
    }
    sw_strbuf_free(&text);
    return st;
}

static sw_status read_element(xml_in *in, int depth, sw_xml_node **out) {
    if (depth > SW_XML_MAX_DEPTH)
        return sw_error_set(in->err, SW_ERR_LIMIT, in->path, in->line,
                            "XML nested deeper than %d elements", SW_XML_MAX_DEPTH);
    int line = in->line;
    advance(in, 1); /* '<' */
    char *name = read_name(in);
    if (!name)
        return xml_fail(in, "bad element name");
    sw_xml_node *n = calloc(1, sizeof *n);
    if (!n) {
        free(name);
        return nomem(in);
    }
    n->name = name;
    n->line = line;
    sw_status st = SW_OK;
    for (;;) {
        const char *before = in->p;
        skip_blanks(in);
        if (in->p >= in->end) {
            st = xml_fail(in, "unterminated start tag");
            break;
        }
        if (starts(in, "/>")) {
            advance(in, 2);
            break;
        }
        if (*in->p == '>') {
            advance(in, 1);
            st = read_content(in, n, depth);
            break;
        }
        if (before == in->p) {
            st = xml_fail(in, "attributes must be separated by blanks");
            break;
        }
        char *an = read_name(in);
        if (!an) {
            st = xml_fail(in, "bad attribute name");
            break;
        }
        skip_blanks(in);
        if (in->p >= in->end || *in->p != '=') {
            free(an);
            st = xml_fail(in, "attribute without '='");
            break;
        }
        advance(in, 1);
        skip_blanks(in);
        char *av;
        if ((st = read_attr_value(in, &av))) {
            free(an);
            break;
        }
        if ((st = add_attr(in, n, an, av)))
            break;
    }
    if (st) {
        sw_xml_free(n);
        return st;
    }
    *out = n;
    return SW_OK;
}

sw_status sw_xml_parse(const char *data, size_t len, const char *path, sw_xml_node **root,
                       sw_error *err) {
    xml_in in = {data, data + len, path, 1, err};
    *root = NULL;
    size_t bad = sw_utf8_invalid(data, len);
    if (bad < len) {
        for (size_t i = 0; i < bad; i++)
            if (data[i] == '\n')
                in.line++;
        return xml_fail(&in, "the text is not UTF-8");
    }
    sw_xml_node *r = NULL;
    sw_status st = SW_OK;
    for (;;) {
        skip_blanks(&in);
        if (in.p >= in.end)
            break;
        bool skipped;
        if ((st = skip_misc(&in, &skipped)))
            break;
        if (skipped)
            continue;
        if (*in.p != '<' || r) {
            st = xml_fail(&in, r ? "text after the root element" : "text before the root element");
            break;
        }
        if ((st = read_element(&in, 1, &r)))
            break;
    }
    if (!st && !r)
        st = sw_error_set(err, SW_ERR_PARSE, path, in.line, "broken XML: no root element");
    if (st) {
        sw_xml_free(r);
        return st;
    }
    *root = r;
    return SW_OK;
}

void sw_xml_free(sw_xml_node *n) {
    if (!n)
        return;
    for (int i = 0; i < n->nattrs; i++) {
        free(n->attrs[i].name);
        free(n->attrs[i].value);
    }
    for (int i = 0; i < n->nkids; i++)
        sw_xml_free(n->kids[i]);
    free(n->attrs);
    free(n->kids);
    free(n->name);
    free(n->text);
    free(n);
}

const char *sw_xml_attr_get(const sw_xml_node *n, const char *name) {
    for (int i = 0; i < n->nattrs; i++)
        if (!strcmp(n->attrs[i].name, name))
            return n->attrs[i].value;
    return NULL;
}

sw_xml_node *sw_xml_child(const sw_xml_node *n, const char *name) {
    for (int i = 0; i < n->nkids; i++)
        if (!strcmp(n->kids[i]->name, name))
            return n->kids[i];
    return NULL;
}

sw_xml_node *sw_xml_new(const char *name) {
    sw_xml_node *n = calloc(1, sizeof *n);
    if (n && !(n->name = strdup(name))) {
        free(n);
        n = NULL;
    }
    return n;
}

sw_status sw_xml_set_attr(sw_xml_node *n, const char *name, const char *value) {
    for (int i = 0; i < n->nattrs; i++)
        if (!strcmp(n->attrs[i].name, name)) {
            char *v = strdup(value);
            if (!v)
                return SW_ERR_NOMEM;
            free(n->attrs[i].value);
            n->attrs[i].value = v;
            return SW_OK;
        }
    char *an = strdup(name), *av = strdup(value);
    sw_xml_attr *a = an && av ? realloc(n->attrs, (size_t)(n->nattrs + 1) * sizeof *a) : NULL;
    if (!a) {
        free(an);
        free(av);
        return SW_ERR_NOMEM;
    }
    n->attrs = a;
    a[n->nattrs].name = an;
    a[n->nattrs].value = av;
    n->nattrs++;
    return SW_OK;
}

sw_status sw_xml_insert(sw_xml_node *parent, int at, sw_xml_node *kid) {
    if (parent->nkids == parent->capkids) {
        int cap = parent->capkids ? 2 * parent->capkids : 8;
        sw_xml_node **k = realloc(parent->kids, (size_t)cap * sizeof *k);
        if (!k)
            return SW_ERR_NOMEM;
        parent->kids = k;
        parent->capkids = cap;
    }
    memmove(parent->kids + at + 1, parent->kids + at,
            (size_t)(parent->nkids - at) * sizeof *parent->kids);
    parent->kids[at] = kid;
    parent->nkids++;
    return SW_OK;
}

static void escape(sw_strbuf *sb, const char *s, bool attr) {
    for (; *s; s++) {
        switch (*s) {
        case '&':
            sw_strbuf_puts(sb, "&amp;");
            break;
        case '<':
            sw_strbuf_puts(sb, "&lt;");
            break;
        case '>':
            sw_strbuf_puts(sb, "&gt;");
            break;
        case '"':
            sw_strbuf_puts(sb, attr ? "&quot;" : "\"");
            break;
        case '\n':
        case '\r':
        case '\t':
            if (attr)
                sw_strbuf_printf(sb, "&#%d;", *s);
            else
                sw_strbuf_append(sb, s, 1);
            break;
        default:
            sw_strbuf_append(sb, s, 1);
        }
    }
}

static void write_node(const sw_xml_node *n, int depth, sw_strbuf *sb) {
    for (int i = 0; i < depth; i++)
        sw_strbuf_puts(sb, "    ");
    sw_strbuf_printf(sb, "<%s", n->name);
    for (int i = 0; i < n->nattrs; i++) {
        sw_strbuf_printf(sb, " %s=\"", n->attrs[i].name);
        escape(sb, n->attrs[i].value, true);
        sw_strbuf_puts(sb, "\"");
    }
    if (!n->nkids && !n->text) {
        sw_strbuf_puts(sb, "/>\n");
        return;
    }
    sw_strbuf_puts(sb, ">");
    if (n->text)
        escape(sb, n->text, false);
    if (n->nkids) {
        sw_strbuf_puts(sb, "\n");
        for (int i = 0; i < n->nkids; i++)
            write_node(n->kids[i], depth + 1, sb);
        for (int i = 0; i < depth; i++)
            sw_strbuf_puts(sb, "    ");
    }
    sw_strbuf_printf(sb, "</%s>\n", n->name);
}

void sw_xml_write(const sw_xml_node *root, sw_strbuf *out) {
    sw_strbuf_puts(out, "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n");
    write_node(root, 0, out);
}
