/* src/report/go.c: a Go round's reports: text, JSON and HTML (report/go.h).
 * SPDX-License-Identifier: MIT */
#include "report/go.h"

#include <stdio.h>
#include <string.h>

#include "report/html.h"
#include "util/utf8.h"

void sw_report_go_value(sw_go_crit c, int64_t v, sw_strbuf *sb) {
    if (c == SW_GO_C_RANK) {
        char r[8];
        sw_go_rank_text((int)v, r);
        sw_strbuf_puts(sb, r);
        return;
    }
    if (c == SW_GO_C_CAT) { /* kept as minus the category: shown from 1 */
        sw_strbuf_printf(sb, "%lld", (long long)(1 - v));
        return;
    }
    int scale = sw_go_crit_scale(c);
    uint64_t a = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v, whole = a / (uint64_t)scale;
    static const char *const frac[] = {"", "¼", "½", "¾"};
    int q = (int)(a % (uint64_t)scale * 4 / (uint64_t)scale);
    if (v < 0)
        sw_strbuf_puts(sb, "-");
    if (whole || !q)
        sw_strbuf_printf(sb, "%llu", (unsigned long long)whole);
    sw_strbuf_puts(sb, frac[q]);
}

/* "Name, place, FROM to TO" from the file's general parameter set ("" when
 * it holds none of them). */
static void event_line(const sw_go_tournament *t, sw_strbuf *o) {
    const char *name = sw_go_general_attr(t, "name", ""),
               *place = sw_go_general_attr(t, "location", "");
    const char *from = sw_go_general_attr(t, "beginDate", ""),
               *to = sw_go_general_attr(t, "endDate", "");
    const char *sep = "";
    if (*name)
        sw_strbuf_puts(o, name), sep = ", ";
    while (*place == ' ')
        place++;
    if (*place)
        sw_strbuf_printf(o, "%s%s", sep, place), sep = ", ";
    if (*from && *to && strcmp(from, to))
        sw_strbuf_printf(o, "%s%s to %s", sep, from, to);
    else if (*from || *to)
        sw_strbuf_printf(o, "%s%s", sep, *from ? from : to);
}

/* The page's start: title, the event line as running line and heading. */
static void begin(const sw_go_tournament *t, const char *title, sw_strbuf *o) {
    sw_strbuf ev;
    sw_strbuf_init(&ev);
    event_line(t, &ev);
    bool has = ev.len && !ev.failed;
    sw_html_begin_running(o, title, has ? sw_strbuf_cstr(&ev) : NULL);
    if (has) {
        sw_strbuf_puts(o, "<p class=\"meta\"><b>");
        sw_html_escape(o, sw_strbuf_cstr(&ev));
        sw_strbuf_puts(o, "</b></p>\n");
    }
    o->failed |= ev.failed;
    sw_strbuf_free(&ev);
}

/* "Name First name (3K)". */
static void html_player(const sw_go_tournament *t, int i, sw_strbuf *o) {
    char rank[8];
    sw_go_rank_text(t->players[i].rank, rank);
    sw_html_escape(o, t->players[i].name);
    sw_strbuf_puts(o, " ");
    sw_html_escape(o, t->players[i].first_name);
    sw_strbuf_printf(o, " <span class=\"rest\">%s</span>", rank);
}

void sw_report_go_pairing_html(const sw_go_tournament *t, const sw_go_pairing *p, sw_strbuf *o) {
    char head[64];
    snprintf(head, sizeof head, "Round %d pairings", p->round + 1);
    begin(t, head, o);
    const char *komi = sw_go_general_attr(t, "komi", "");
    int hcp = 0;
    for (int i = 0; i < p->ngames; i++)
        hcp += p->games[i].handicap > 0;
    sw_strbuf_printf(o, "<p class=\"meta\">%d games", p->ngames);
    if (hcp)
        sw_strbuf_printf(o, ", %d with handicap", hcp);
    if (*komi) {
        sw_strbuf_puts(o, "; komi ");
        sw_html_escape(o, komi);
        sw_strbuf_puts(o, " in even games");
    }
    sw_strbuf_puts(o, ".</p>\n<div class=\"scroll\"><table>\n<tr><th class=\"n\">table</th>"
                      "<th>white</th><th>black</th><th class=\"n\">handicap</th></tr>\n");
    for (int i = 0; i < p->ngames; i++) {
        const sw_go_game *g = &p->games[i];
        sw_strbuf_printf(o, "<tr><td class=\"n\">%d</td><td>", g->table);
        html_player(t, g->white, o);
        sw_strbuf_puts(o, "</td><td>");
        html_player(t, g->black, o);
        sw_strbuf_printf(o, "</td><td class=\"n\">%d</td></tr>\n", g->handicap);
    }
    sw_strbuf_puts(o, "</table></div>\n");
    if (p->bye >= 0) {
        sw_strbuf_puts(o, "<p class=\"absent\"><b>Bye</b>: ");
        html_player(t, p->bye, o);
        sw_strbuf_puts(o, "</p>\n");
    }
    sw_html_end(o);
}

void sw_report_go_standings_html(const sw_go_tournament *t, const sw_go_standing *s, int n, int k,
                                 sw_strbuf *o) {
    char head[64];
    snprintf(head, sizeof head, "Standings after round %d", k + 1);
    begin(t, head, o);
    sw_strbuf_printf(o,
                     "<p class=\"meta\">%d players; players equal on every criterion share a "
                     "place.</p>\n<div class=\"scroll\"><table>\n<tr><th class=\"n\">place"
                     "</th><th>player</th><th>country</th><th>club</th>",
                     n);
    for (int c = 0; c < 6; c++)
        if (t->par.crit[c] != SW_GO_C_NULL)
            sw_strbuf_printf(o, "<th class=\"n\">%s</th>", sw_go_crit_name(t->par.crit[c]));
    sw_strbuf_puts(o, "</tr>\n");
    for (int i = 0; i < n; i++) {
        const sw_go_player *p = &t->players[s[i].player];
        bool shared =
            (i > 0 && s[i - 1].place == s[i].place) || (i + 1 < n && s[i + 1].place == s[i].place);
        sw_strbuf_printf(o, "<tr><td class=\"n\">%s%d</td><td>", shared ? "=" : "", s[i].place);
        html_player(t, s[i].player, o);
        sw_strbuf_puts(o, "</td><td>");
        sw_html_escape(o, p->country);
        sw_strbuf_puts(o, "</td><td>");
        sw_html_escape(o, p->club);
        sw_strbuf_puts(o, "</td>");
        for (int c = 0; c < 6; c++) {
            if (t->par.crit[c] == SW_GO_C_NULL)
                continue;
            sw_strbuf_puts(o, "<td class=\"n\">");
            sw_report_go_value(t->par.crit[c], s[i].crit[c], o);
            sw_strbuf_puts(o, "</td>");
        }
        sw_strbuf_puts(o, "</tr>\n");
    }
    sw_strbuf_puts(o, "</table></div>\n");
    sw_html_end(o);
}

void sw_report_go_keys(const sw_go_tournament *t, const sw_go_pairing *p, sw_strbuf *sb) {
    for (int i = 0; i < p->ngames; i++)
        sw_strbuf_printf(sb, "%s %s %d\n", t->players[p->games[i].white].key,
                         t->players[p->games[i].black].key, p->games[i].handicap);
    if (p->bye >= 0)
        sw_strbuf_printf(sb, "bye %s\n", t->players[p->bye].key);
}

static void json_player(const sw_go_tournament *t, int i, sw_strbuf *sb) {
    char rank[8];
    sw_go_rank_text(t->players[i].rank, rank);
    sw_strbuf_puts(sb, "{\"key\": ");
    sw_strbuf_json_string(sb, t->players[i].key);
    sw_strbuf_puts(sb, ", \"name\": ");
    sw_strbuf_json_string(sb, t->players[i].name);
    sw_strbuf_puts(sb, ", \"first_name\": ");
    sw_strbuf_json_string(sb, t->players[i].first_name);
    sw_strbuf_printf(sb, ", \"rank\": \"%s\"}", rank);
}

void sw_report_go_pairing_json(const sw_go_tournament *t, const sw_go_pairing *p, sw_strbuf *sb) {
    sw_strbuf_printf(sb, "{\n  \"round\": %d,\n  \"games\": [", p->round + 1);
    for (int i = 0; i < p->ngames; i++) {
        const sw_go_game *g = &p->games[i];
        sw_strbuf_printf(sb, "%s\n    {\"table\": %d, \"handicap\": %d, \"white\": ", i ? "," : "",
                         g->table, g->handicap);
        json_player(t, g->white, sb);
        sw_strbuf_puts(sb, ", \"black\": ");
        json_player(t, g->black, sb);
        sw_strbuf_puts(sb, "}");
    }
    sw_strbuf_puts(sb, p->ngames ? "\n  ],\n  \"bye\": " : "],\n  \"bye\": ");
    if (p->bye >= 0)
        json_player(t, p->bye, sb);
    else
        sw_strbuf_puts(sb, "null");
    sw_strbuf_puts(sb, "\n}\n");
}

static void list_name(const sw_go_tournament *t, int i, sw_strbuf *sb) {
    char rank[8], buf[512];
    sw_go_rank_text(t->players[i].rank, rank);
    snprintf(buf, sizeof buf, "%s %s (%s)", t->players[i].name, t->players[i].first_name, rank);
    sw_strbuf_pad(sb, buf, 36);
}

void sw_report_go_pairing_text(const sw_go_tournament *t, const sw_go_pairing *p, sw_strbuf *sb) {
    sw_strbuf_printf(sb, "Round %d\n\n%5s  ", p->round + 1, "Table");
    sw_strbuf_pad(sb, "White", 36);
    sw_strbuf_puts(sb, "  ");
    sw_strbuf_pad(sb, "Black", 36);
    sw_strbuf_puts(sb, "  Hcp\n");
    for (int i = 0; i < p->ngames; i++) {
        sw_strbuf_printf(sb, "%5d  ", p->games[i].table);
        list_name(t, p->games[i].white, sb);
        sw_strbuf_puts(sb, "  ");
        list_name(t, p->games[i].black, sb);
        sw_strbuf_printf(sb, "  %3d\n", p->games[i].handicap);
    }
    if (p->bye >= 0) {
        sw_strbuf_puts(sb, "\nBye: ");
        list_name(t, p->bye, sb);
        while (sb->len && sb->data[sb->len - 1] == ' ')
            sb->data[--sb->len] = 0;
        sw_strbuf_puts(sb, "\n");
    }
}

void sw_report_go_standings_text(const sw_go_tournament *t, const sw_go_standing *s, int n, int k,
                                 sw_strbuf *sb) {
    sw_strbuf_printf(sb, "Standings after round %d\n\n%5s  ", k + 1, "Place");
    sw_strbuf_pad(sb, "Name", 30);
    sw_strbuf_puts(sb, "  Rank  Co  Club");
    for (int c = 0; c < 6; c++)
        if (t->par.crit[c] != SW_GO_C_NULL)
            sw_strbuf_printf(sb, " %8s", sw_go_crit_name(t->par.crit[c]));
    sw_strbuf_puts(sb, "\n");
    for (int i = 0; i < n; i++) {
        const sw_go_player *p = &t->players[s[i].player];
        char name[512], rank[8];
        snprintf(name, sizeof name, "%s %s", p->name, p->first_name);
        sw_go_rank_text(p->rank, rank);
        if (i > 0 && s[i].place == s[i - 1].place)
            sw_strbuf_puts(sb, "       ");
        else
            sw_strbuf_printf(sb, "%5d  ", s[i].place);
        sw_strbuf_pad(sb, name, 30);
        sw_strbuf_printf(sb, "  %4s  ", rank);
        sw_strbuf_pad(sb, p->country, 2);
        sw_strbuf_puts(sb, "  ");
        sw_strbuf_pad(sb, p->club, 4);
        for (int c = 0; c < 6; c++) {
            if (t->par.crit[c] == SW_GO_C_NULL)
                continue;
            sw_strbuf v;
            sw_strbuf_init(&v);
            sw_report_go_value(t->par.crit[c], s[i].crit[c], &v);
            size_t w = sw_utf8_width(sw_strbuf_cstr(&v));
            for (; w < 8; w++)
                sw_strbuf_puts(sb, " ");
            sw_strbuf_printf(sb, " %s", sw_strbuf_cstr(&v));
            sw_strbuf_free(&v);
        }
        sw_strbuf_puts(sb, "\n");
    }
}

void sw_report_go_standings_json(const sw_go_tournament *t, const sw_go_standing *s, int n, int k,
                                 sw_strbuf *sb) {
    sw_strbuf_printf(sb, "{\n  \"round\": %d,\n  \"criteria\": [", k + 1);
    int nc = 0;
    for (int c = 0; c < 6; c++)
        if (t->par.crit[c] != SW_GO_C_NULL)
            sw_strbuf_printf(sb, "%s\"%s\"", nc++ ? ", " : "", sw_go_crit_name(t->par.crit[c]));
    sw_strbuf_puts(sb, "],\n  \"standings\": [");
    for (int i = 0; i < n; i++) {
        sw_strbuf_printf(sb, "%s\n    {\"place\": %d, \"player\": ", i ? "," : "", s[i].place);
        json_player(t, s[i].player, sb);
        sw_strbuf_puts(sb, ", \"values\": [");
        nc = 0;
        for (int c = 0; c < 6; c++) {
            sw_go_crit cr = t->par.crit[c];
            if (cr == SW_GO_C_NULL)
                continue;
            int scale = sw_go_crit_scale(cr);
            if (scale == 1)
                sw_strbuf_printf(sb, "%s%lld", nc++ ? ", " : "", (long long)s[i].crit[c]);
            else
                sw_strbuf_printf(sb, "%s%g", nc++ ? ", " : "", (double)s[i].crit[c] / scale);
        }
        sw_strbuf_puts(sb, "]}");
    }
    sw_strbuf_puts(sb, n ? "\n  ]\n}\n" : "]\n}\n");
}
