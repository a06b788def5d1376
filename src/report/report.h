/* src/report/report.h: a season, its matrices and criteria as text for
 * people, JSON for programs (the analyze contract, docs/formats.md) or CSV.
 * One function per format over the same inputs; each appends to a buffer.
 * SPDX-License-Identifier: MIT */
#ifndef SW_REPORT_H
#define SW_REPORT_H

#include <stdbool.h>

#include "matrix/criteria.h"
#include "matrix/matrix.h"
#include "season/season.h"
#include "util/strbuf.h"

typedef struct sw_report {
    const char *title; /* e.g. the input file name */
    const sw_season *season;
    const sw_matrix *mx; /* built from season's assignments */
    const sw_criteria *crit;
    const sw_criteria *before; /* optional: criteria of the starting assignment */
    bool has_qf;               /* single movement: balans' Qf */
    double qf;
    bool no_names; /* text: the renumbering without names */
    /* The printed handout (the HTML page and the seats CSV); zeros show the
     * whole season as the season file describes it. */
    const unsigned char *show; /* [nsessions]: the sessions to show; NULL = all */
    const char *heading;       /* the club's title; NULL = the season's (else title) */
    const char *date;          /* the date of the sessions shown; NULL = each one's own */
    int boards;                /* boards per round; 0 = the season's (sw_season_boards) */
} sw_report;

void sw_report_text(const sw_report *r, sw_strbuf *out);
void sw_report_json(const sw_report *r, sw_strbuf *out);
/* The criteria keys of the JSON "metrics" object, comma separated without
 * braces: "So", "Sr", "Sp", "Sc", "Qo", "Qc", "So_bound", "So_gap", "g", "gc"
 * (null when c is NULL), then "Qf" (null unless has_qf). Shared by every
 * writer of the analyze contract so the keys agree. */
void sw_report_json_criteria(const sw_criteria *c, bool has_qf, double qf, sw_strbuf *out);
/* What a re-plan changed in each session not played that was read with
 * seats (its previous plan, sw_session.plan): who moved, joined or left,
 * and how many meetings are new or gone (changes.c). The text is a section
 * of its own, empty when no session has a plan; the JSON is the "replan"
 * key of the analyze contract, with a trailing comma. */
void sw_report_changes_text(const sw_report *r, sw_strbuf *out);
void sw_report_changes_json(const sw_report *r, sw_strbuf *out);
/* The JSON "metrics" key "meeting_counts", with its leading comma:
 * {"planned": {...}, "total": {...}} from fig[0] and fig[1]
 * (sw_criteria_figures), each with "meetings", "first", "rematches" and
 * "most"; null when fig is NULL. Shared like the criteria keys. */
void sw_report_json_meeting_counts(const sw_meeting_figures *fig, sw_strbuf *out);
/* Long format: matrix,participant,other,value (rests: other empty). */
void sw_report_csv(const sw_report *r, sw_strbuf *out);

#endif
