/* src/report/standings.h: the standings of a Swiss event with their
 * tie-breaks (swiss/tiebreak.h) for people and programs: aligned text, CSV,
 * JSON and a self-contained HTML page. Formats: docs/formats.md
 * ("Swiss standings").
 * SPDX-License-Identifier: MIT */
#ifndef SW_REPORT_STANDINGS_H
#define SW_REPORT_STANDINGS_H

#include <stdbool.h>

#include "swiss/swiss.h"
#include "swiss/tiebreak.h"
#include "util/strbuf.h"

/* Whether the i-th player listed (s->order[i]) shares its rank with the
 * one listed before or after: every player of a shared rank is marked
 * ("=2") in the text and HTML tables. */
bool sw_report_standings_shared(const sw_standings *s, int i);

/* The event's name, city and dates (report/swiss.h) when the record has
 * them, then one line per player in rank order: rank (a shared rank marked
 * '=' for each of its players), start number and name (names left out with
 * no_names), rating, then each tie-break's value. */
void sw_report_standings_text(const sw_swiss_trf *trf, const sw_standings *s, bool no_names,
                              sw_strbuf *out);

/* CSV with a header row: rank,id,name,rating, then one column per tie-break. */
void sw_report_standings_csv(const sw_swiss_trf *trf, const sw_standings *s, sw_strbuf *out);

/* JSON: the event (name, city, dates), rules, rounds, tie-breaks, and the players in rank order
 * with their values as numbers (null when undefined). */
void sw_report_standings_json(const sw_swiss_trf *trf, const sw_standings *s, sw_strbuf *out);

/* The standings table as HTML (a fragment: a heading and the table). */
void sw_report_standings_table_html(const sw_swiss_trf *trf, const sw_standings *s, sw_strbuf *out);

/* The standings by the record's tie-breaks (its 212 or 202 line, else
 * SW_TB_DEFAULT_LIST) and rules; false when they cannot be computed (an
 * unreadable list, no memory): the caller then ranks by points. */
bool sw_report_standings_of_record(const sw_swiss_trf *trf, sw_standings *out);

/* The tie-break columns from the list's k-th on, as HTML cells: the header
 * cells when p < 0, else player index p's values. */
void sw_report_standings_cells_html(const sw_standings *s, int p, int k, sw_strbuf *out);

/* A whole page with the standings table, headed by the event's name, city
 * and dates (on every printed sheet) and title. */
void sw_report_standings_html(const sw_swiss_trf *trf, const sw_standings *s, const char *title,
                              sw_strbuf *out);

#endif
