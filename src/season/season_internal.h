/* src/season/season_internal.h: a small tokenizer shared by the season
 * parsers. A cursor walks one line; '#' ends it.
 * SPDX-License-Identifier: MIT */
#ifndef SW_SEASON_INTERNAL_H
#define SW_SEASON_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include "season/season.h"
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

#endif
