/* src/season/season_internal.h: a small tokenizer shared by the season
 * parsers. A cursor walks one line; '#' ends it.
 * SPDX-License-Identifier: MIT */
#ifndef SW_SEASON_INTERNAL_H
#define SW_SEASON_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "season/season.h"
#include "util/csv.h"
#include "util/error.h"

typedef struct sw_cursor {
    const char *p, *end;
} sw_cursor;

void sw_cursor_init(sw_cursor *c, const char *line, size_t n);
/* True when only blanks or a comment are left. */
bool sw_cursor_at_end(sw_cursor *c);
/* Next blank-separated word; returns its length, 0 at the end. */
size_t sw_cursor_word(sw_cursor *c, const char **word);
/* Next word as an integer in [lo, hi]; `what` names the field in the message. */
SW_NODISCARD sw_status sw_cursor_long(sw_cursor *c, long *out, long lo, long hi, const char *what,
                                      const char *file, int line, sw_error *err);
/* The rest of the line, blanks trimmed at both ends and before a comment. */
const char *sw_cursor_rest(sw_cursor *c, size_t *n);

/* Append a session of movement index `movement` to s, everyone present, no
 * assignment (participants and movements already set). */
SW_NODISCARD sw_status sw_season_alloc_session(sw_season *s, int movement, sw_error *err);

/* ---- numbers in the history CSVs' fields (history.c; the fields are
 * read by util/csv.h) ---- */

/* A whole number of at most 9 digits, no sign; -1 when not one. */
long sw_csv_digits(const char *p, size_t n);

/* An integer, a decimal (at most 6 decimals) or a fraction a/b, optionally
 * signed, as a reduced num/den. Returns 0, or -1 when the text is none of
 * these. */
int sw_csv_rational(sw_csv_field f, int64_t *num, int64_t *den);

/* ---- history from other files (historyfrom.c) ---- */

/* Seasons named as history may name earlier ones in turn, this deep at most
 * (a season that names itself is refused rather than read forever). */
#define SW_HISTORY_MAX_DEPTH 8
/* The lcm of every denominator of the history's comparisons: the matrix
 * scale L must take it in too, so it is held to the same limit
 * (SW_MATRIX_MAX_SCALE). */
#define SW_HISTORY_MAX_SCALE (INT64_C(1) << 28)

/* sw_season_parse for a season read as history at nesting depth (0: the
 * season itself). */
SW_NODISCARD sw_status sw_season_parse_nested(const char *text, size_t len, const char *file,
                                              const char *dir, sw_season_history_fn played,
                                              int depth, sw_season *s, sw_error *err);

/* sw_history_read for a 'history' line of a season at nesting depth. */
SW_NODISCARD sw_status sw_history_read_nested(const char *path, sw_season_history_fn played,
                                              int depth, sw_season *s, sw_error *err);

/* Allocate s->history's arrays (zero, scale 1) unless they exist; -1 when out
 * of memory. */
int sw_history_alloc(sw_season *s);

/* Add earlier play over other participants (ids[n], meet and comp [n*n],
 * meet over unit, comp over scale) to s->history, matched by id:
 * participants not in s are left out. Errors (file, line: the values'
 * source) when a value leaves the history's limits or the units their
 * common one. */
SW_NODISCARD sw_status sw_history_add(sw_season *s, const int *ids, int n, const int32_t *meet,
                                      int64_t unit, const int64_t *comp, int64_t scale,
                                      const char *file, int line, sw_error *err);

#endif
