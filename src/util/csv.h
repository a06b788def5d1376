/* src/util/csv.h: the one CSV reader of every CSV input (the history files
 * per pair and per player, the Go players CSV; docs/formats.md). A line is
 * split into RFC 4180 fields: comma-separated, blanks around a field
 * trimmed, a field may be quoted ("a, b"), and inside quotes "" is one
 * quote and a comma is text. A quoted field ends on its line: a quote still
 * open at the end of the line is an error naming the file, the line, the
 * field and the column of the opening quote. CRLF line ends are read as LF.
 * A blank line and a line whose first non-blank is '#' hold no fields; with
 * SW_CSV_HASH_COMMENTS a '#' outside quotes ends any line. The writer's
 * half is sw_strbuf_csv_field (util/strbuf.h).
 * SPDX-License-Identifier: MIT */
#ifndef SW_CSV_H
#define SW_CSV_H

#include <stddef.h>

#include "util/error.h"

/* One field of the row last read: its text with the quotes removed and ""
 * made one quote, NUL-terminated (a NUL byte of the input may end it
 * early: n counts every byte). */
typedef struct sw_csv_field {
    const char *p;
    size_t n;
    int column; /* 1-based byte column where the field starts in its line */
} sw_csv_field;

/* A '#' outside quotes starts a comment anywhere on a line (the history
 * files); without it only a line whose first non-blank is '#' is one. */
#define SW_CSV_HASH_COMMENTS 1u

typedef struct sw_csv {
    const char *file; /* named in error messages */
    int line;         /* line number of the row last read (1-based) */
    unsigned flags;
    sw_csv_field *field; /* the row's fields, nf of them */
    int nf;
    /* private: the text not yet read and the row's storage */
    const char *p, *end;
    char *buf;
    size_t bufcap;
    int fieldcap;
} sw_csv;

/* Read text[0..len) (not copied: it must outlive c) as rows of file. */
void sw_csv_init(sw_csv *c, const char *text, size_t len, const char *file, unsigned flags);
void sw_csv_free(sw_csv *c);

/* The next row with fields, blank and comment lines skipped: SW_OK with
 * c->nf > 0 and c->line its line, SW_OK with c->nf == 0 at the end of the
 * text (c->line then the number of lines), or an error naming c->file and
 * the line. */
SW_NODISCARD sw_status sw_csv_next(sw_csv *c, sw_error *err);

/* Split one line (no line end; a CR at its end is dropped) into c's fields,
 * as line number c->line of c->file for an error: c->nf is 0 for a blank or
 * comment line. */
SW_NODISCARD sw_status sw_csv_split(sw_csv *c, const char *line, size_t len, sw_error *err);

#endif
