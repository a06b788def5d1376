/* src/report/swiss.h: a Swiss round for people: the pairing list (board,
 * white with rating and points, black, bye) and the standings it was paired
 * from, as aligned text, JSON or one HTML page (src/report/html.h); the
 * event's name, city and dates (TRF 012, 022, 042, 052) head them.
 * SPDX-License-Identifier: MIT */
#ifndef SW_REPORT_SWISS_H
#define SW_REPORT_SWISS_H

#include <stdbool.h>
#include <stddef.h>

#include "swiss/swiss.h"
#include "util/strbuf.h"

/* The player's name from its TRF record (columns 15-47), blanks trimmed. */
void sw_swiss_player_name(const sw_swiss_player *p, char *buf, size_t size);

/* The event's name, city and dates (TRF 012, 022, 042, 052) as one line,
 * nothing when the record has none: "Name, City, START to END". */
void sw_report_swiss_event_line(const sw_swiss_trf *trf, sw_strbuf *out);
/* The same as a JSON object {"name", "city", "start", "end"} (null for a
 * line the record does not have), indented as a member of the outer object. */
void sw_report_swiss_event_json(const sw_swiss_trf *trf, sw_strbuf *out);

/* The pairing list as text: one line per board, names next to the numbers
 * (left out with no_names), columns aligned by display width. */
void sw_report_swiss_list(const sw_swiss_trf *trf, const sw_swiss_pairing *p, bool no_names,
                          sw_strbuf *out);

/* The pairing list as JSON (docs/formats.md): the round, the event's name,
 * city and dates, the boards (the bye with black null) and the players
 * without a board with the reason (bye codes, absent, unpaired). */
void sw_report_swiss_json(const sw_swiss_trf *trf, const sw_swiss_pairing *p, bool no_names,
                          sw_strbuf *out);

/* The pairing list and the standings as one self-contained HTML page. */
void sw_report_swiss_html(const sw_swiss_trf *trf, const sw_swiss_pairing *p, const char *title,
                          sw_strbuf *out);

#endif
