/* src/seating/event_report.c: an event as text, JSON (the analyze contract: each
 * round a one-round session, seats in wind order E, S, W, N), CSV, HTML or
 * Pantheon's script. The numbers come from sw_seating_stats, so all formats
 * agree; the season criteria from the event as a season (event_season.c).
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "matrix/criteria.h"
#include "matrix/matrix.h"
#include "report/html.h"
#include "report/report.h"
#include "seating/seating_internal.h"

static const char wind_letter[SW_WINDS] = {'E', 'S', 'W', 'N'};

/* seat_of[r*n + p] = table * 4 + wind, or -1 when p sat out round r. */
static int *seat_index(const sw_seating_event *ev) {
    size_t n = (size_t)ev->nplayers, R = (size_t)ev->nrounds;
    int *seat_of = malloc(n * R * sizeof *seat_of + 1);
    if (!seat_of)
        return NULL;
    memset(seat_of, 0xff, n * R * sizeof *seat_of);
    for (size_t r = 0; r < R; r++)
        for (int t = 0; t < ev->rounds[r].ntables; t++)
            for (int s = 0; s < sw_seating_table_size(&ev->rounds[r].tables[t]); s++)
                seat_of[r * n + (size_t)ev->rounds[r].tables[t].seat[s]] = t * SW_WINDS + s;
    return seat_of;
}

/* The changes that take effect after `after` rounds, one line. */
static void text_changes(const sw_seating_event *ev, int after, sw_strbuf *out) {
    bool any = false;
    for (int p = 0; p < ev->nplayers; p++) {
        const sw_seating_player *pl = &ev->players[p];
        const char *sep = any ? ";" : "  then:";
        if (pl->until == after) {
            bool replaced = false;
            for (int q = 0; q < ev->nplayers; q++)
                replaced |= ev->players[q].continues == p && ev->players[q].from == after;
            if (!replaced) {
                sw_strbuf_printf(out, "%s %d %s withdraws", sep, pl->id, pl->name);
                any = true;
            }
        }
        sep = any ? ";" : "  then:";
        if (pl->from == after && after > 0 && pl->continues >= 0) {
            const sw_seating_player *o = &ev->players[pl->continues];
            sw_strbuf_printf(out, "%s %d %s substitutes for %d %s", sep, pl->id, pl->name, o->id,
                             o->name);
            any = true;
        } else if (pl->from == after && after > 0) {
            sw_strbuf_printf(out, "%s %d %s enters", sep, pl->id, pl->name);
            any = true;
        }
    }
    if (any)
        sw_strbuf_puts(out, "\n");
}

static void text_rounds(const sw_seating_event *ev, const int *seat_of, int first_new,
                        sw_strbuf *out) {
    int n = ev->nplayers;
    for (int r = 0; r < ev->nrounds; r++) {
        sw_strbuf_printf(out, "\nRound %d%s\n", r + 1, r + 1 >= first_new ? " (new)" : "");
        const sw_seating_round *rd = &ev->rounds[r];
        for (int t = 0; t < rd->ntables; t++) {
            sw_strbuf_printf(out, "  table %-3d", t + 1);
            for (int s = 0; s < sw_seating_table_size(&rd->tables[t]); s++) {
                const sw_seating_player *p = &ev->players[rd->tables[t].seat[s]];
                sw_strbuf_printf(out, "  %c %d %s", wind_letter[s], p->id, p->name);
            }
            sw_strbuf_puts(out, "\n");
        }
        bool any = false;
        for (int p = 0; p < n; p++)
            if (seat_of[(size_t)r * (size_t)n + (size_t)p] < 0 &&
                sw_seating_present(&ev->players[p], r)) {
                sw_strbuf_printf(out, "%s %d %s", any ? "," : "  sits out:", ev->players[p].id,
                                 ev->players[p].name);
                any = true;
            }
        if (any)
            sw_strbuf_puts(out, "\n");
        text_changes(ev, r + 1, out);
    }
}

static void text_players(const sw_seating_event *ev, const sw_seating_stats *st, const int *seat_of,
                         sw_strbuf *out) {
    int n = ev->nplayers;
    sw_strbuf_puts(out, "\nPlayers (per round: table and wind, '-' sat out, '.' not in the "
                        "event; opponents: id, xK when met K times)\n");
    for (int p = 0; p < n; p++) {
        const int *w = &st->winds[p * SW_WINDS];
        sw_strbuf_printf(out, "  %d %s", ev->players[p].id, ev->players[p].name);
        if (ev->players[p].team >= 0)
            sw_strbuf_printf(out, " [team %s]", ev->teams[ev->players[p].team]);
        sw_strbuf_printf(out, ": E%d S%d W%d N%d, sat out %d\n    tables:", w[0], w[1], w[2], w[3],
                         st->sitouts[p]);
        for (int r = 0; r < ev->nrounds; r++) {
            int s = seat_of[(size_t)r * (size_t)n + (size_t)p];
            if (s < 0 && !sw_seating_present(&ev->players[p], r))
                sw_strbuf_puts(out, " .");
            else if (s < 0)
                sw_strbuf_puts(out, " -");
            else
                sw_strbuf_printf(out, " %d%c", s / SW_WINDS + 1, wind_letter[s % SW_WINDS]);
        }
        sw_strbuf_puts(out, "\n    opponents:");
        for (int q = 0; q < n; q++) {
            int m = st->meetings[(size_t)p * (size_t)n + (size_t)q];
            if (q == p || !m)
                continue;
            sw_strbuf_printf(out, " %d", ev->players[q].id);
            if (m > 1)
                sw_strbuf_printf(out, "x%d", m);
        }
        sw_strbuf_puts(out, "\n");
    }
}

static void text_report(const sw_seating_event *ev, const sw_seating_stats *st, const int *seat_of,
                        int first_new, sw_strbuf *out) {
    int lo = ev->nrounds, hi = 0;
    for (int p = 0; p < ev->nplayers; p++) {
        lo = st->sitouts[p] < lo ? st->sitouts[p] : lo;
        hi = st->sitouts[p] > hi ? st->sitouts[p] : hi;
    }
    sw_strbuf_printf(out, "Seating: %d players, %d round%s\n", ev->nplayers, ev->nrounds,
                     ev->nrounds == 1 ? "" : "s");
    text_rounds(ev, seat_of, first_new, out);
    text_players(ev, st, seat_of, out);
    sw_strbuf_printf(out,
                     "\nRepeats: %ld (%ld pairs met more than once, a pair at most %d times); "
                     "crossings: %ld; repeat-free rounds: %d of %d\n"
                     "Wind balance: largest spread %d (a player's most minus least frequent "
                     "wind)\n"
                     "Sit-outs: %d to %d per player\n",
                     st->repeats, st->repeat_pairs, st->max_meetings, st->crossings,
                     st->repeat_free_rounds, ev->nrounds, st->wind_spread_max,
                     ev->nplayers ? lo : 0, hi);
    if (st->has_threes) {
        int tlo = ev->nrounds, thi = 0;
        for (int p = 0; p < ev->nplayers; p++) {
            tlo = st->threes[p] < tlo ? st->threes[p] : tlo;
            thi = st->threes[p] > thi ? st->threes[p] : thi;
        }
        sw_strbuf_printf(out, "Tables of three: %d to %d rounds per player\n", tlo, thi);
    }
    if (ev->nteams)
        sw_strbuf_printf(out, "Teammates at one table: %ld pair%s\n", st->team_clashes,
                         st->team_clashes == 1 ? "" : "s");
}

static void json_int_row(sw_strbuf *out, const int *v, int n, int stride) {
    sw_strbuf_puts(out, "[");
    for (int i = 0; i < n; i++)
        sw_strbuf_printf(out, "%s%d", i ? "," : "", v[(size_t)i * (size_t)stride]);
    sw_strbuf_puts(out, "]");
}

/* The season criteria of the event (sw_seating_event_season), the numbers
 * 'seatwise analyze' computes from this JSON. False when the event is beyond
 * what a season holds or memory ran out: the criteria are then written as
 * null. */
static bool season_criteria(const sw_seating_event *ev, int first_new, sw_criteria *crit,
                            sw_meeting_figures fig[2]) {
    sw_season ss;
    sw_matrix mx;
    if (sw_seating_event_season(ev, first_new, &ss, NULL) != SW_OK)
        return false;
    bool ok = sw_matrix_init(&mx, &ss, NULL) == SW_OK;
    if (ok) {
        sw_criteria_compute(&mx, crit);
        ok = sw_criteria_figures(&mx, &fig[0], &fig[1]) == 0;
        sw_matrix_free(&mx);
    }
    sw_season_free(&ss);
    return ok;
}

/* Rounds in which players p and q were both in the event. */
static int both_present(const sw_seating_event *ev, int p, int q) {
    const sw_seating_player *a = &ev->players[p], *b = &ev->players[q];
    int lo = a->from > b->from ? a->from : b->from;
    int hi = ev->nrounds;
    if (a->until >= 0 && a->until < hi)
        hi = a->until;
    if (b->until >= 0 && b->until < hi)
        hi = b->until;
    return hi > lo ? hi - lo : 0;
}

/* A table's result as the event's JSON reads it back: "scores" or
 * "points" (with "places" when given), and "chombo" (an id a penalty). */
static void json_result(const sw_seating_event *ev, const sw_seating_table *t,
                        const sw_seating_result *res, sw_strbuf *out) {
    if (res->kind != SW_RESULT_NONE) {
        sw_strbuf_printf(out, ", \"%s\": [", res->kind == SW_RESULT_SCORES ? "scores" : "points");
        for (int s = 0; s < SW_WINDS; s++) {
            sw_strbuf_puts(out, s ? ", " : "");
            if (res->kind == SW_RESULT_SCORES)
                sw_strbuf_printf(out, "%lld", (long long)res->v[s]);
            else
                sw_mahjong_put_points(out, 12 * res->v[s], false);
        }
        sw_strbuf_puts(out, "]");
        if (res->place[0])
            sw_strbuf_printf(out, ", \"places\": [%d, %d, %d, %d]", res->place[0], res->place[1],
                             res->place[2], res->place[3]);
    }
    bool any = false;
    for (int s = 0; s < sw_seating_table_size(t); s++)
        for (int k = 0; k < res->chombo[s]; k++) {
            sw_strbuf_printf(out, "%s%d", any ? ", " : ", \"chombo\": [",
                             ev->players[t->seat[s]].id);
            any = true;
        }
    if (any)
        sw_strbuf_puts(out, "]");
}

/* The scoring rules, when the input set them or gave results: a preset by
 * name, custom ones with their values. */
static void json_rules(const sw_seating_event *ev, sw_strbuf *out) {
    if (!ev->rules_line && !ev->has_results)
        return;
    const sw_mahjong_rules *r = &ev->rules;
    if (strcmp(r->name, "custom")) {
        sw_strbuf_printf(out, "  \"rules\": {\"name\": \"%s\"},\n", r->name);
        return;
    }
    sw_strbuf_printf(out,
                     "  \"rules\": {\"name\": \"custom\", \"start\": %lld, \"uma\": [%lld, %lld, "
                     "%lld, %lld], \"oka\": %lld, \"chombo\": %lld},\n",
                     (long long)r->start, (long long)r->uma[0], (long long)r->uma[1],
                     (long long)r->uma[2], (long long)r->uma[3], (long long)r->oka,
                     (long long)r->chombo);
}

static void json_report(const sw_seating_event *ev, const sw_seating_stats *st, int first_new,
                        sw_strbuf *out) {
    int n = ev->nplayers;
    sw_strbuf_puts(out, "{\"title\": \"seatwise seat\",\n  \"participants\": [");
    for (int p = 0; p < n; p++) {
        sw_strbuf_printf(out, "%s\n    {\"id\": %d, \"name\": ", p ? "," : "", ev->players[p].id);
        sw_strbuf_json_string(out, ev->players[p].name);
        const sw_seating_player *pl = &ev->players[p];
        /* An event that changes: read back by 'seat', ignored by 'analyze'
         * (which takes who is present from each session's "present"). */
        if (pl->team >= 0) {
            sw_strbuf_puts(out, ", \"team\": ");
            sw_strbuf_json_string(out, ev->teams[pl->team]);
        }
        if (pl->from > 0 || pl->continues >= 0)
            sw_strbuf_printf(out, ", \"enters_after\": %d", pl->from);
        if (pl->continues >= 0)
            sw_strbuf_printf(out, ", \"substitutes\": %d", ev->players[pl->continues].id);
        if (pl->until >= 0)
            sw_strbuf_printf(out, ", \"withdrawn_after\": %d", pl->until);
        sw_strbuf_printf(out, ", \"rests_before\": 0, \"rests\": %d}", st->sitouts[p]);
    }
    sw_strbuf_puts(out, "\n  ],\n");
    json_rules(ev, out);
    sw_strbuf_puts(out, "  \"sessions\": [");
    for (int r = 0; r < ev->nrounds; r++) {
        /* "played": false marks the rounds just seated, as the contract
         * marks sessions not yet played. */
        sw_strbuf_printf(out, "%s\n    {\"number\": %d, \"played\": %s, \"present\": [",
                         r ? "," : "", r + 1, r + 1 >= first_new ? "false" : "true");
        for (int p = 0, k = 0; p < n; p++)
            if (sw_seating_present(&ev->players[p], r))
                sw_strbuf_printf(out, "%s%d", k++ ? "," : "", ev->players[p].id);
        sw_strbuf_puts(out, "],\n     \"rounds\": [{\"round\": 1, \"tables\": [");
        const sw_seating_round *rd = &ev->rounds[r];
        for (int t = 0; t < rd->ntables; t++) {
            const int *s = rd->tables[t].seat;
            /* A table of three writes 0 at N (the analyze contract's empty seat;
             * "plays": true tells it from a table left empty). */
            sw_strbuf_printf(out,
                             "%s\n       {\"table\": %d, \"boards\": null, \"seats\": "
                             "[%d,%d,%d,%d], \"plays\": true",
                             t ? "," : "", t + 1, ev->players[s[0]].id, ev->players[s[1]].id,
                             ev->players[s[2]].id,
                             s[3] == SW_SEAT_EMPTY ? 0 : ev->players[s[3]].id);
            if (rd->results)
                json_result(ev, &rd->tables[t], &rd->results[t], out);
            sw_strbuf_puts(out, "}");
        }
        sw_strbuf_puts(out, "]}]}");
    }
    long long meetings = 0;
    for (size_t i = 0; i < (size_t)n * (size_t)n; i++)
        meetings += st->meetings[i];
    sw_criteria crit;
    sw_meeting_figures fig[2];
    bool has_crit = season_criteria(ev, first_new, &crit, fig);
    sw_strbuf_puts(out, "\n  ],\n  \"metrics\": {");
    sw_report_json_criteria(has_crit ? &crit : NULL, false, 0, out);
    sw_report_json_meeting_counts(has_crit ? fig : NULL, out);
    sw_strbuf_printf(out,
                     ", \"meetings\": %lld, \"repeats\": %ld, \"repeat_free_rounds\": %d, "
                     "\"repeat_pairs\": %ld, \"wind_spread_max\": %d, \"sitout_spread\": %d, "
                     "\"crossings\": %ld, \"max_meetings\": %d, \"threes_spread\": %d, "
                     "\"team_clashes\": %ld},\n"
                     "  \"matrices\": {\"scale\": 1,",
                     meetings / 2, st->repeats, st->repeat_free_rounds, st->repeat_pairs,
                     st->wind_spread_max, st->sitout_spread, st->crossings, st->max_meetings,
                     st->threes_spread, st->team_clashes);
    /* Without board sets C equals M (domain.md section 2); K counts the
     * rounds in which both were present. */
    static const char *const names[] = {"meetings", "competition", "coincidence"};
    for (int k = 0; k < 3; k++) {
        sw_strbuf_printf(out, "%s\n    \"%s\": [", k ? "," : "", names[k]);
        for (int p = 0; p < n; p++) {
            sw_strbuf_puts(out, p ? ",\n      [" : "\n      [");
            for (int q = 0; q < n; q++)
                sw_strbuf_printf(out, "%s%d", q ? "," : "",
                                 k < 2    ? st->meetings[(size_t)p * (size_t)n + (size_t)q]
                                 : p == q ? 0
                                          : both_present(ev, p, q));
            sw_strbuf_puts(out, "]");
        }
        sw_strbuf_puts(out, "\n    ]");
    }
    sw_strbuf_puts(out, ",\n    \"rests\": ");
    json_int_row(out, st->sitouts, n, 1);
    sw_strbuf_puts(out, ",\n    \"winds\": [");
    for (int p = 0; p < n; p++) {
        sw_strbuf_puts(out, p ? ", " : "");
        json_int_row(out, &st->winds[p * SW_WINDS], SW_WINDS, 1);
    }
    sw_strbuf_puts(out, "]\n  }\n}\n");
}

/* A CSV field: quoted when it holds a separator, a quote or a line break. */
static void csv_report(const sw_seating_event *ev, const int *seat_of, int first_new,
                       sw_strbuf *out) {
    int n = ev->nplayers;
    sw_strbuf_puts(out, "round,table,wind,id,name,new\n");
    for (int r = 0; r < ev->nrounds; r++) {
        const sw_seating_round *rd = &ev->rounds[r];
        const char *isnew = r + 1 >= first_new ? "yes" : "no";
        for (int t = 0; t < rd->ntables; t++)
            for (int s = 0; s < sw_seating_table_size(&rd->tables[t]); s++) {
                const sw_seating_player *p = &ev->players[rd->tables[t].seat[s]];
                sw_strbuf_printf(out, "%d,%d,%c,%d,", r + 1, t + 1, wind_letter[s], p->id);
                sw_strbuf_csv_field(out, p->name);
                sw_strbuf_printf(out, ",%s\n", isnew);
            }
        for (int p = 0; p < n; p++)
            if (seat_of[(size_t)r * (size_t)n + (size_t)p] < 0 &&
                sw_seating_present(&ev->players[p], r)) {
                sw_strbuf_printf(out, "%d,,out,%d,", r + 1, ev->players[p].id);
                sw_strbuf_csv_field(out, ev->players[p].name);
                sw_strbuf_printf(out, ",%s\n", isnew);
            }
    }
}

/* ---- HTML ---- */

static void html_who(sw_strbuf *out, const sw_seating_player *p) {
    sw_strbuf_printf(out, "<span class=\"num\">%d</span> ", p->id);
    sw_html_escape(out, p->name);
}

static void html_rounds(const sw_seating_event *ev, const int *seat_of, int first_new,
                        sw_strbuf *out) {
    int n = ev->nplayers;
    for (int r = 0; r < ev->nrounds; r++) {
        const sw_seating_round *rd = &ev->rounds[r];
        sw_strbuf_printf(out,
                         "<h2 class=\"pagebreak\" id=\"round%d\">Round %d%s</h2>\n"
                         "<div class=\"cards\">\n",
                         r + 1, r + 1, r + 1 >= first_new ? " (new)" : "");
        for (int t = 0; t < rd->ntables; t++) {
            const sw_seating_result *res = rd->results ? &rd->results[t] : NULL;
            bool scored = res && res->kind != SW_RESULT_NONE;
            int64_t pts[SW_WINDS] = {0};
            int place[SW_WINDS] = {0};
            if (scored)
                sw_mahjong_table_points(&ev->rules, res, pts, place);
            sw_strbuf_printf(out,
                             "<div class=\"card\"><h3>Table %d</h3><p class=\"meta\">Round "
                             "%d</p>\n<table><tr><th>seat</th><th>player</th>%s</tr>\n",
                             t + 1, r + 1,
                             scored ? "<th class=\"n\">score</th><th class=\"n\">place</th>"
                                      "<th class=\"n\">points</th>"
                                    : "");
            for (int s = 0; s < sw_seating_table_size(&rd->tables[t]); s++) {
                sw_strbuf_printf(out, "<tr><td><b>%c</b></td><td>", wind_letter[s]);
                html_who(out, &ev->players[rd->tables[t].seat[s]]);
                if (scored) {
                    sw_strbuf_puts(out, "</td><td class=\"n\">");
                    if (res->kind == SW_RESULT_SCORES)
                        sw_strbuf_printf(out, "%lld", (long long)res->v[s]);
                    sw_strbuf_printf(out, "</td><td class=\"n\">%d</td><td class=\"n\">", place[s]);
                    sw_mahjong_put_points(out, pts[s], true);
                    if (res->chombo[s])
                        sw_strbuf_printf(out, " (chombo %d)", res->chombo[s]);
                }
                sw_strbuf_puts(out, "</td></tr>\n");
            }
            sw_strbuf_puts(out, "</table></div>\n");
        }
        sw_strbuf_puts(out, "</div>\n");
        bool any = false;
        for (int p = 0; p < n; p++)
            if (seat_of[(size_t)r * (size_t)n + (size_t)p] < 0 &&
                sw_seating_present(&ev->players[p], r)) {
                sw_strbuf_puts(out, any ? ", " : "<p class=\"absent\"><b>Sits out:</b> ");
                html_who(out, &ev->players[p]);
                any = true;
            }
        if (any)
            sw_strbuf_puts(out, "</p>\n");
    }
}

static void html_players(const sw_seating_event *ev, const sw_seating_stats *st, const int *seat_of,
                         sw_strbuf *out) {
    int n = ev->nplayers;
    sw_strbuf_puts(out, "<h2 class=\"pagebreak\">Itineraries</h2>\n<p class=\"meta\">Per round "
                        "the table and wind; winds played and sit-outs.</p>\n<div class=\"scroll\">"
                        "<table>\n<tr><th>player</th>");
    for (int r = 0; r < ev->nrounds; r++)
        sw_strbuf_printf(out, "<th class=\"n\">R%d</th>", r + 1);
    sw_strbuf_puts(out, "<th class=\"n\">E</th><th class=\"n\">S</th><th class=\"n\">W</th>"
                        "<th class=\"n\">N</th><th class=\"n\">out</th></tr>\n");
    for (int p = 0; p < n; p++) {
        sw_strbuf_puts(out, "<tr><td>");
        html_who(out, &ev->players[p]);
        sw_strbuf_puts(out, "</td>");
        for (int r = 0; r < ev->nrounds; r++) {
            int s = seat_of[(size_t)r * (size_t)n + (size_t)p];
            if (s < 0 && !sw_seating_present(&ev->players[p], r))
                sw_strbuf_puts(out, "<td class=\"n\"></td>");
            else if (s < 0)
                sw_strbuf_puts(out, "<td class=\"n rest\">out</td>");
            else
                sw_strbuf_printf(out, "<td class=\"n\">%d%c</td>", s / SW_WINDS + 1,
                                 wind_letter[s % SW_WINDS]);
        }
        const int *w = &st->winds[p * SW_WINDS];
        sw_strbuf_printf(out,
                         "<td class=\"n\">%d</td><td class=\"n\">%d</td><td class=\"n\">%d"
                         "</td><td class=\"n\">%d</td><td class=\"n\">%d</td></tr>\n",
                         w[0], w[1], w[2], w[3], st->sitouts[p]);
    }
    sw_strbuf_puts(out, "</table></div>\n");
}

/* The standings the results make; when they cannot be made (scores that
 * do not add up), why. */
static void html_standings(const sw_seating_event *ev, sw_strbuf *out) {
    sw_mahjong_standing *sd;
    sw_error err;
    sw_strbuf_puts(out, "<h2>Standings</h2>\n");
    if (sw_mahjong_standings(ev, &sd, &err) != SW_OK) {
        sw_strbuf_puts(out, "<p class=\"absent\">Not computed: ");
        if (err.file[0])
            sw_strbuf_printf(out, "%s:%d: ", err.file, err.line);
        sw_html_escape(out, err.msg);
        sw_strbuf_puts(out, "</p>\n");
        return;
    }
    const sw_mahjong_rules *r = &ev->rules;
    sw_strbuf_printf(out,
                     "<p class=\"meta\">Rules %s: start %lld, uma %lld / %lld / %lld / %lld, oka "
                     "%lld, chombo %lld%s. Ties: the lower mean place, then a shared rank.</p>\n"
                     "<table>\n<tr><th class=\"n\">rank</th><th>player</th><th class=\"n\">"
                     "points</th><th class=\"n\">games</th><th class=\"n\">mean place</th>"
                     "<th class=\"n\">chombo</th></tr>\n",
                     r->name, (long long)r->start, (long long)r->uma[0], (long long)r->uma[1],
                     (long long)r->uma[2], (long long)r->uma[3], (long long)r->oka,
                     (long long)r->chombo, r->equalize ? ", equal scores share uma" : "");
    for (int i = 0; i < ev->nplayers; i++) {
        const sw_mahjong_standing *x = &sd[i];
        bool shared = (i > 0 && sd[i - 1].rank == x->rank) ||
                      (i + 1 < ev->nplayers && sd[i + 1].rank == x->rank);
        sw_strbuf_printf(out, "<tr><td class=\"n\">%d%s</td><td>", x->rank, shared ? "=" : "");
        html_who(out, &ev->players[x->player]);
        sw_strbuf_puts(out, "</td><td class=\"n\">");
        sw_mahjong_put_points(out, x->points12, true);
        sw_strbuf_printf(out, "</td><td class=\"n\">%d</td><td class=\"n\">", x->games);
        sw_mahjong_put_mean_place(out, x);
        sw_strbuf_printf(out, "</td><td class=\"n\">%d</td></tr>\n", x->chombos);
    }
    sw_strbuf_puts(out, "</table>\n");
    free(sd);
}

static void html_report(const sw_seating_event *ev, const sw_seating_stats *st, const int *seat_of,
                        int first_new, sw_strbuf *out) {
    int n = ev->nplayers;
    char title[64];
    snprintf(title, sizeof title, "Seating: %d players, %d round%s", n, ev->nrounds,
             ev->nrounds == 1 ? "" : "s");
    sw_html_begin(out, title);
    int lo = ev->nrounds, hi = 0;
    for (int p = 0; p < n; p++) {
        lo = st->sitouts[p] < lo ? st->sitouts[p] : lo;
        hi = st->sitouts[p] > hi ? st->sitouts[p] : hi;
    }
    sw_strbuf_printf(out,
                     "<h2>Figures</h2>\n<table>\n"
                     "<tr><td>repeats (meetings beyond a pair's first)</td><td class=\"n\">%ld"
                     "</td></tr>\n<tr><td>pairs that met more than once</td><td class=\"n\">"
                     "%ld</td></tr>\n<tr><td>most meetings of one pair</td><td class=\"n\">%d"
                     "</td></tr>\n<tr><td>crossings (Pantheon's measure)</td><td class=\"n\">"
                     "%ld</td></tr>\n<tr><td>repeat-free rounds</td><td class=\"n\">%d of %d"
                     "</td></tr>\n<tr><td>wind balance: largest spread</td><td class=\"n\">%d"
                     "</td></tr>\n<tr><td>sit-outs per player</td><td class=\"n\">%d to %d"
                     "</td></tr>\n</table>\n",
                     st->repeats, st->repeat_pairs, st->max_meetings, st->crossings,
                     st->repeat_free_rounds, ev->nrounds, st->wind_spread_max, n ? lo : 0, hi);
    if (ev->nrounds > 1) {
        sw_strbuf_puts(out, "<p class=\"meta\">Rounds:");
        for (int r = 0; r < ev->nrounds; r++)
            sw_strbuf_printf(out, " <a href=\"#round%d\">%d</a>", r + 1, r + 1);
        sw_strbuf_puts(out, "</p>\n");
    }
    if (ev->has_results)
        html_standings(ev, out);
    html_rounds(ev, seat_of, first_new, out);
    html_players(ev, st, seat_of, out);
    sw_strbuf_puts(out, "<h2 class=\"pagebreak\">Who meets whom</h2>\n");
    if (n <= SW_HTML_HEATMAP_MAX) {
        double *v = malloc((size_t)n * (size_t)n * sizeof *v);
        int *order = malloc((size_t)n * sizeof *order);
        char(*lab)[16] = malloc((size_t)n * sizeof *lab);
        const char **label = malloc((size_t)n * sizeof *label);
        const char **name = malloc((size_t)n * sizeof *name);
        if (v && order && lab && label && name) {
            double sum = 0, pairs = (double)n * (n - 1) / 2;
            for (int i = 0; i < n; i++) {
                snprintf(lab[i], sizeof lab[i], "%d", ev->players[i].id);
                label[i] = lab[i];
                name[i] = ev->players[i].name;
                for (int j = 0; j < n; j++) {
                    v[(size_t)i * n + j] = i == j ? 0 : st->meetings[(size_t)i * n + j];
                    if (j > i)
                        sum += v[(size_t)i * n + j];
                }
            }
            double mean = pairs > 0 ? sum / pairs : 0;
            sw_html_hot_order(n, v, mean, order);
            sw_html_heatmap(out, "Meetings (rounds at one table)", n, v, order, label, name, mean,
                            0);
        } else {
            out->failed = true;
        }
        free(v);
        free(order);
        free(lab);
        free(label);
        free(name);
    } else {
        sw_html_heatmap(out, "Meetings", n, NULL, NULL, NULL, NULL, 0, 0);
    }
    sw_html_end(out);
}

/* ---- Pantheon's predefined seating ---- */

static sw_status pantheon_report(const sw_seating_event *ev, sw_strbuf *out, sw_error *err) {
    for (int r = 0; r < ev->nrounds; r++) {
        const sw_seating_round *rd = &ev->rounds[r];
        if (r)
            sw_strbuf_puts(out, "\n");
        for (int t = 0; t < rd->ntables; t++) {
            if (sw_seating_table_size(&rd->tables[t]) != SW_WINDS)
                return sw_error_set(err, SW_ERR_INVALID, NULL, 0,
                                    "round %d, table %d is a table of three: Pantheon's "
                                    "predefined seating has tables of four only",
                                    r + 1, t + 1);
            for (int s = 0; s < SW_WINDS; s++)
                sw_strbuf_printf(out, "%s%d", s ? "-" : "",
                                 ev->players[rd->tables[t].seat[s]].script_id);
            sw_strbuf_puts(out, "\n");
        }
    }
    return SW_OK;
}

sw_status sw_seating_report(const sw_seating_event *ev, sw_seating_format fmt, int first_new,
                            sw_strbuf *out, sw_error *err) {
    sw_seating_stats st;
    sw_status s = sw_seating_stats_init(&st, ev, -1, err);
    if (s)
        return s;
    int *seat_of = seat_index(ev);
    if (!seat_of) {
        sw_seating_stats_free(&st);
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    }
    if (first_new < 1)
        first_new = ev->nrounds + 1;
    switch (fmt) {
    case SW_SEATING_TEXT:
        text_report(ev, &st, seat_of, first_new, out);
        break;
    case SW_SEATING_JSON:
        json_report(ev, &st, first_new, out);
        break;
    case SW_SEATING_CSV:
        csv_report(ev, seat_of, first_new, out);
        break;
    case SW_SEATING_HTML:
        html_report(ev, &st, seat_of, first_new, out);
        break;
    case SW_SEATING_PANTHEON:
        s = pantheon_report(ev, out, err);
        break;
    }
    free(seat_of);
    sw_seating_stats_free(&st);
    if (s)
        return s;
    if (out->failed)
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory building the report");
    return SW_OK;
}
