/* src/report/standings.c: the standings with tie-breaks as text, CSV, JSON
 * and HTML (report/standings.h).
 * SPDX-License-Identifier: MIT */
#include "report/standings.h"

#include <stdio.h>
#include <string.h>

#include "report/html.h"
#include "report/swiss.h"
#include "util/utf8.h"

#define NAME_BYTES 160

/* Before any complete round every player would tie with every other: the
 * reports give the starting list instead (start numbers, names, ratings;
 * no ranks, no values) and name the tie-breaks to come (docs/swiss.md). */
static bool starting_list(const sw_standings *s) {
    return s->rounds == 0;
}

/* Player p's value of tie-break k; none on a starting list. */
static int64_t value(const sw_standings *s, int p, int k) {
    if (starting_list(s))
        return SW_TB_NONE;
    return s->value[(size_t)p * (size_t)s->list.n + (size_t)k];
}

/* The tie-breaks after points, sep between them; "nothing" when there are none. */
static void names_after_points(const sw_standings *s, const char *sep, sw_strbuf *o) {
    char buf[64];
    for (int k = 1; k < s->list.n; k++) {
        sw_tb_name(&s->list.tb[k], buf, sizeof buf);
        sw_strbuf_printf(o, "%s%s", k > 1 ? sep : "", buf);
    }
    if (s->list.n <= 1)
        sw_strbuf_puts(o, "nothing");
}

bool sw_report_standings_shared(const sw_standings *s, int i) {
    int r = s->rank[s->order[i]];
    return (i > 0 && s->rank[s->order[i - 1]] == r) ||
           (i + 1 < s->nplayers && s->rank[s->order[i + 1]] == r);
}

void sw_report_standings_text(const sw_swiss_trf *trf, const sw_standings *s, bool no_names,
                              sw_strbuf *o) {
    char name[NAME_BYTES], cell[NAME_BYTES + 16], v[32];
    size_t width = 6;
    for (int i = 0; i < s->nplayers && !no_names; i++) {
        sw_swiss_player_name(&trf->players[i], name, sizeof name);
        snprintf(cell, sizeof cell, "%d %s", trf->players[i].id, name);
        size_t w = sw_utf8_width(cell);
        width = w > width ? w : width;
    }
    bool start = starting_list(s);
    int ncol = start ? 0 : s->list.n; /* the tie-break columns */
    /* each tie-break's column as wide as its name or its widest value */
    size_t colw[SW_TB_MAX];
    for (int k = 0; k < ncol; k++) {
        sw_tb_name(&s->list.tb[k], cell, sizeof cell);
        colw[k] = strlen(cell);
        for (int p = 0; p < s->nplayers; p++) {
            sw_tb_format(s->list.tb[k].kind, value(s, p, k), v, sizeof v);
            colw[k] = strlen(v) > colw[k] ? strlen(v) : colw[k];
        }
    }
    size_t before = o->len;
    sw_report_swiss_event_line(trf, o);
    if (o->len > before)
        sw_strbuf_puts(o, "\n");
    if (start) {
        sw_strbuf_puts(o, "Starting list: no round complete yet (ties to be broken by ");
        names_after_points(s, ", ", o);
        sw_strbuf_printf(o, "; FIDE tie-breaks, %d rules)\n\n", (int)s->rules);
    } else {
        sw_strbuf_printf(o, "Standings after round %d (FIDE tie-breaks, %d rules)\n\n rank  ",
                         s->rounds, (int)s->rules);
    }
    sw_strbuf_pad(o, "player", width);
    sw_strbuf_puts(o, "  rating");
    for (int k = 0; k < ncol; k++) {
        sw_tb_name(&s->list.tb[k], cell, sizeof cell);
        sw_strbuf_printf(o, "  %*s", (int)colw[k], cell);
    }
    sw_strbuf_puts(o, "\n");
    for (int i = 0; i < s->nplayers; i++) {
        int p = s->order[i];
        const sw_swiss_player *pl = &trf->players[p];
        sw_swiss_player_name(pl, name, sizeof name);
        if (no_names)
            snprintf(cell, sizeof cell, "%d", pl->id);
        else
            snprintf(cell, sizeof cell, "%d %s", pl->id, name);
        char rk[16];
        snprintf(rk, sizeof rk, "%s%d", sw_report_standings_shared(s, i) ? "=" : "", s->rank[p]);
        if (!start)
            sw_strbuf_printf(o, "%5s  ", rk);
        sw_strbuf_pad(o, cell, width);
        sw_strbuf_printf(o, "  %6d", pl->rating);
        for (int k = 0; k < ncol; k++) {
            sw_tb_format(s->list.tb[k].kind, value(s, p, k), v, sizeof v);
            sw_strbuf_printf(o, "  %*s", (int)colw[k], v);
        }
        sw_strbuf_puts(o, "\n");
    }
}

void sw_report_standings_csv(const sw_swiss_trf *trf, const sw_standings *s, sw_strbuf *o) {
    char buf[NAME_BYTES];
    sw_strbuf_puts(o, "rank,id,name,rating");
    for (int k = 0; k < s->list.n; k++) {
        sw_tb_name(&s->list.tb[k], buf, sizeof buf);
        sw_strbuf_printf(o, ",%s", buf);
    }
    sw_strbuf_puts(o, "\n");
    for (int i = 0; i < s->nplayers; i++) {
        int p = s->order[i];
        const sw_swiss_player *pl = &trf->players[p];
        sw_swiss_player_name(pl, buf, sizeof buf);
        if (!starting_list(s))
            sw_strbuf_printf(o, "%d", s->rank[p]);
        sw_strbuf_printf(o, ",%d,", pl->id);
        sw_strbuf_csv_field(o, buf);
        sw_strbuf_printf(o, ",%d", pl->rating);
        for (int k = 0; k < s->list.n; k++) {
            int64_t v = value(s, p, k);
            sw_tb_format(s->list.tb[k].kind, v, buf, sizeof buf);
            sw_strbuf_printf(o, ",%s", v == SW_TB_NONE ? "" : buf);
        }
        sw_strbuf_puts(o, "\n");
    }
}

void sw_report_standings_json(const sw_swiss_trf *trf, const sw_standings *s, sw_strbuf *o) {
    char buf[NAME_BYTES];
    sw_strbuf_puts(o, "{\"event\": ");
    sw_report_swiss_event_json(trf, o);
    sw_strbuf_printf(o, ",\n\"rules\": %d, \"rounds\": %d, \"tiebreaks\": [", (int)s->rules,
                     s->rounds);
    for (int k = 0; k < s->list.n; k++) {
        sw_tb_name(&s->list.tb[k], buf, sizeof buf);
        sw_strbuf_puts(o, k ? ", " : "");
        sw_strbuf_json_string(o, buf);
    }
    sw_strbuf_puts(o, "],\n\"players\": [");
    for (int i = 0; i < s->nplayers; i++) {
        int p = s->order[i];
        const sw_swiss_player *pl = &trf->players[p];
        sw_swiss_player_name(pl, buf, sizeof buf);
        sw_strbuf_printf(o, "%s\n {\"rank\": ", i ? "," : "");
        if (starting_list(s))
            sw_strbuf_puts(o, "null");
        else
            sw_strbuf_printf(o, "%d", s->rank[p]);
        sw_strbuf_printf(o, ", \"id\": %d, \"name\": ", pl->id);
        sw_strbuf_json_string(o, buf);
        sw_strbuf_printf(o, ", \"rating\": %d, \"values\": [", pl->rating);
        for (int k = 0; k < s->list.n; k++) {
            int64_t v = value(s, p, k);
            sw_tb_format(s->list.tb[k].kind, v, buf, sizeof buf);
            sw_strbuf_printf(o, "%s%s", k ? ", " : "", v == SW_TB_NONE ? "null" : buf);
        }
        sw_strbuf_puts(o, "]}");
    }
    sw_strbuf_puts(o, "\n]}\n");
}

void sw_report_standings_table_html(const sw_swiss_trf *trf, const sw_standings *s, sw_strbuf *o) {
    char buf[NAME_BYTES];
    bool start = starting_list(s);
    int ncol = start ? 0 : s->list.n;
    sw_strbuf names;
    sw_strbuf_init(&names);
    names_after_points(s, ", ", &names);
    if (start)
        sw_strbuf_puts(o, "<h2>Starting list</h2>\n<p class=\"meta\">No round complete yet: the "
                          "players in starting order; ties will be broken by ");
    else
        sw_strbuf_printf(o, "<h2>Standings</h2>\n<p class=\"meta\">After round %d; ties broken by ",
                         s->rounds);
    sw_html_escape(o, names.failed ? "" : sw_strbuf_cstr(&names));
    sw_strbuf_free(&names);
    sw_strbuf_printf(o, " (FIDE tie-break regulations, %d)%s.</p>\n", (int)s->rules,
                     start ? "" : "; equal ranks are shared");
    sw_strbuf_printf(o,
                     "<div class=\"scroll\"><table>\n<tr>%s<th>player</th><th "
                     "class=\"n\">rating</th>",
                     start ? "" : "<th class=\"n\">#</th>");
    for (int k = 0; k < ncol; k++) {
        sw_tb_name(&s->list.tb[k], buf, sizeof buf);
        sw_strbuf_puts(o, "<th class=\"n\">");
        sw_html_escape(o, buf);
        sw_strbuf_puts(o, "</th>");
    }
    sw_strbuf_puts(o, "</tr>\n");
    for (int i = 0; i < s->nplayers; i++) {
        int p = s->order[i];
        const sw_swiss_player *pl = &trf->players[p];
        sw_strbuf_puts(o, "<tr>");
        if (!start)
            sw_strbuf_printf(o, "<td class=\"n\">%s%d</td>",
                             sw_report_standings_shared(s, i) ? "=" : "", s->rank[p]);
        sw_strbuf_printf(o, "<td><span class=\"num\">%d</span> ", pl->id);
        sw_swiss_player_name(pl, buf, sizeof buf);
        sw_html_escape(o, buf);
        sw_strbuf_printf(o, "</td><td class=\"n\">%d</td>", pl->rating);
        for (int k = 0; k < ncol; k++) {
            sw_tb_format(s->list.tb[k].kind, value(s, p, k), buf, sizeof buf);
            sw_strbuf_printf(o, "<td class=\"n\">%s</td>", buf);
        }
        sw_strbuf_puts(o, "</tr>\n");
    }
    sw_strbuf_puts(o, "</table></div>\n");
}

bool sw_report_standings_of_record(const sw_swiss_trf *trf, sw_standings *out) {
    sw_tb_list list;
    sw_error err;
    bool found = false;
    if (sw_tb_from_record(trf, &list, &found, &err))
        return false;
    if (!found && sw_tb_parse_list(SW_TB_DEFAULT_LIST, "default", &list, &err))
        return false;
    return sw_standings_compute(trf, &list, NULL, out, &err) == SW_OK;
}

void sw_report_standings_cells_html(const sw_standings *s, int p, int k, sw_strbuf *o) {
    char buf[32];
    for (; k < s->list.n; k++) {
        if (p < 0) {
            sw_tb_name(&s->list.tb[k], buf, sizeof buf);
            sw_strbuf_puts(o, "<th class=\"n\">");
            sw_html_escape(o, buf);
            sw_strbuf_puts(o, "</th>");
        } else {
            sw_tb_format(s->list.tb[k].kind, value(s, p, k), buf, sizeof buf);
            sw_strbuf_printf(o, "<td class=\"n\">%s</td>", buf);
        }
    }
}

void sw_report_standings_html(const sw_swiss_trf *trf, const sw_standings *s, const char *title,
                              sw_strbuf *o) {
    char head[96];
    if (starting_list(s))
        snprintf(head, sizeof head, "Starting list");
    else
        snprintf(head, sizeof head, "Standings after round %d", s->rounds);
    sw_strbuf ev;
    sw_strbuf_init(&ev);
    sw_report_swiss_event_line(trf, &ev);
    sw_html_begin_running(o, head, ev.len && !ev.failed ? sw_strbuf_cstr(&ev) : NULL);
    if (ev.len && !ev.failed) {
        sw_strbuf_puts(o, "<p class=\"meta\"><b>");
        sw_html_escape(o, sw_strbuf_cstr(&ev));
        sw_strbuf_puts(o, "</b></p>\n");
    }
    sw_strbuf_free(&ev);
    sw_strbuf_puts(o, "<p class=\"meta\">");
    sw_html_escape(o, title);
    sw_strbuf_printf(o, ": %d players, %d rounds played.</p>\n", trf->nplayers, s->rounds);
    sw_report_standings_table_html(trf, s, o);
    sw_html_end(o);
}
