/* src/report/html.h: self-contained HTML pages (inline CSS and SVG, no
 * network) for people who print or read on a phone, and the bridge seats CSV
 * export.
 *
 * The page pieces (escaping, the page shell with its screen and print CSS,
 * SVG heatmaps) are shared by every writer: the bridge season report here,
 * the mahjong event (src/seating/event_report.c) and the Swiss pairing list. Every
 * page is also well-formed XML (every element closed, only the five XML
 * entities), so a plain XML parser can check it.
 * SPDX-License-Identifier: MIT */
#ifndef SW_REPORT_HTML_H
#define SW_REPORT_HTML_H

#include <stdbool.h>

#include "report/report.h"
#include "util/strbuf.h"

/* Append s with & < > " ' escaped (names are arbitrary UTF-8; control
 * characters other than tab and newline are dropped). NULL appends nothing. */
void sw_html_escape(sw_strbuf *out, const char *s);

/* The page up to and including <body>, with the shared CSS, and <h1>title. */
void sw_html_begin(sw_strbuf *out, const char *title);
/* The same with a running line (NULL: none): printed at the top of every
 * sheet, with "page N of M" at the bottom (CSS page margin boxes). */
void sw_html_begin_running(sw_strbuf *out, const char *title, const char *running);
/* Close the page. */
void sw_html_end(sw_strbuf *out);

/* A heatmap of an n x n symmetric matrix as inline SVG: value(i, j) in v
 * (row-major, n*n; the diagonal is not drawn), rows and columns in the order
 * given by order[0..n) (indices into labels), label[i] the short label and
 * name[i] the full name (may be NULL) shown on hover with the value. Cells
 * are coloured on a scale from blue (below mean) through white (mean) to red
 * (above mean), with a legend; decimals is the number of decimals shown.
 * Above SW_HTML_HEATMAP_MAX rows a sentence says it was left out. */
#define SW_HTML_HEATMAP_MAX 250
void sw_html_heatmap(sw_strbuf *out, const char *caption, int n, const double *v, const int *order,
                     const char *const *label, const char *const *name, double mean, int decimals);

/* The order that makes over-meeting stand out: participants whose row has
 * the largest excess over mean (sum of squared excesses above mean, then
 * the row maximum) first, ties by index. Fills order[0..n). */
void sw_html_hot_order(int n, const double *v, double mean, int *order);

/* The bridge season as one page: criteria (with "before" values and So's
 * gap), per session the renumbering with names, who is absent, table cards,
 * guide cards per pair, the fairness table and heatmaps of M and C. For a
 * movement analyzed on its own (r->has_qf) the round-by-round table and
 * board plan and Qf instead of sessions and cards. */
void sw_report_html(const sw_report *r, sw_strbuf *out);

/* The seats CSV (docs/formats.md): header
 * session,round,table,ns,ns_name,ew,ew_name,boards,sits_out,sits_out_name
 * then one row per playing table of every round of every session, and one
 * row per participant sitting out a round (table..boards empty). Returns
 * false (writing nothing) when a movement of the season is not a two-seat
 * (bridge) movement. */
bool sw_report_seats_csv(const sw_report *r, sw_strbuf *out);

#endif
