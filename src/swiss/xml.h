/* src/swiss/xml.h: a small XML reader and writer, enough for OpenGotha's
 * tournament files: elements, attributes, character data, the five
 * predefined entities and character references, comments, CDATA, a prolog
 * and a DOCTYPE (skipped). The document is kept as a tree so that a file can
 * be written back with what seatwise does not model left as it was. Every
 * element remembers the line of its start tag, for FILE:LINE messages.
 * No namespaces, no DTD processing, no external entities.
 * SPDX-License-Identifier: MIT */
#ifndef SW_XML_H
#define SW_XML_H

#include <stddef.h>

#include "util/error.h"
#include "util/strbuf.h"

typedef struct sw_xml_attr {
    char *name, *value; /* value with entities decoded, UTF-8 */
} sw_xml_attr;

typedef struct sw_xml_node {
    char *name;
    int line; /* 1-based line of the start tag */
    sw_xml_attr *attrs;
    int nattrs;
    struct sw_xml_node **kids;
    int nkids, capkids;
    /* the element's own character data, leading and trailing blanks removed;
     * NULL when there is none (OpenGotha's files have none) */
    char *text;
} sw_xml_node;

/* Deepest element nesting accepted (deeper is SW_ERR_LIMIT). */
#define SW_XML_MAX_DEPTH 64

/* Parse data[0..len) (UTF-8) into *root; path names the file in errors.
 * SW_ERR_PARSE with the line for anything that is not well-formed. */
SW_NODISCARD sw_status sw_xml_parse(const char *data, size_t len, const char *path,
                                    sw_xml_node **root, sw_error *err);
void sw_xml_free(sw_xml_node *node);

/* The attribute's value, or NULL when the element has none of that name. */
const char *sw_xml_attr_get(const sw_xml_node *node, const char *name);
/* The first child of that name, or NULL. */
sw_xml_node *sw_xml_child(const sw_xml_node *node, const char *name);

/* A new element (no attributes, no children), NULL when out of memory. */
sw_xml_node *sw_xml_new(const char *name);
/* Append an attribute / insert a child at index at (nkids: at the end);
 * SW_ERR_NOMEM on failure (the node is unchanged). */
SW_NODISCARD sw_status sw_xml_set_attr(sw_xml_node *node, const char *name, const char *value);
SW_NODISCARD sw_status sw_xml_insert(sw_xml_node *parent, int at, sw_xml_node *kid);

/* The document as text: an XML declaration (UTF-8), then the tree indented
 * four spaces a level, attributes in their stored order. */
void sw_xml_write(const sw_xml_node *root, sw_strbuf *out);

#endif
