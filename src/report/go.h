/* src/report/go.h: a Go round for people and programs: the pairing (keys,
 * a list, JSON) and the standings by the file's placement criteria (text,
 * JSON), and both as self-contained printable HTML pages
 * (src/report/html.h), headed by the event's name, place and dates.
 * SPDX-License-Identifier: MIT */
#ifndef SW_REPORT_GO_H
#define SW_REPORT_GO_H

#include "swiss/go.h"
#include "util/strbuf.h"

/* A placement criterion's value (kept as sw_go_crit_scale says) as
 * OpenGotha shows it: the rank as text, the category from 1, else whole
 * points and a quarter, half or three quarters ("12½", "½", "-1¼"). */
void sw_report_go_value(sw_go_crit c, int64_t v, sw_strbuf *out);

/* The pairing as keys, one "WHITE BLACK HANDICAP" line a table, then
 * "bye KEY" (go pair's standard output). */
void sw_report_go_keys(const sw_go_tournament *t, const sw_go_pairing *p, sw_strbuf *out);

/* The pairing list of round p->round as text for people, and as JSON. */
void sw_report_go_pairing_text(const sw_go_tournament *t, const sw_go_pairing *p, sw_strbuf *out);
void sw_report_go_pairing_json(const sw_go_tournament *t, const sw_go_pairing *p, sw_strbuf *out);

/* The standings s[0..n) after round index k as text and as JSON. */
void sw_report_go_standings_text(const sw_go_tournament *t, const sw_go_standing *s, int n, int k,
                                 sw_strbuf *out);
void sw_report_go_standings_json(const sw_go_tournament *t, const sw_go_standing *s, int n, int k,
                                 sw_strbuf *out);

/* The pairing list of round p->round as one HTML page. */
void sw_report_go_pairing_html(const sw_go_tournament *t, const sw_go_pairing *p, sw_strbuf *out);

/* The standings s[0..n) after round index k as one HTML page. */
void sw_report_go_standings_html(const sw_go_tournament *t, const sw_go_standing *s, int n, int k,
                                 sw_strbuf *out);

#endif
