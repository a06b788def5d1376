/* src/report/swiss.c: the pairing list and standings of a Swiss round.
 * SPDX-License-Identifier: MIT */
#include "report/swiss.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/html.h"
#include "report/standings.h"
#include "util/utf8.h"

#define NAME_MAX_BYTES 160

void sw_swiss_player_name(const sw_swiss_player *p, char *buf, size_t size) {
    if (!size)
        return;
    buf[0] = '\0';
    size_t len = p->prefix ? strlen(p->prefix) : 0;
    if (len <= 14)
        return;
    const char *s = p->prefix + 14, *e = p->prefix + (len < 47 ? len : 47);
    while (s < e && *s == ' ')
        s++;
    while (e > s && e[-1] == ' ')
        e--;
    size_t n = (size_t)(e - s) < size - 1 ? (size_t)(e - s) : size - 1;
    /* never end inside a character the name columns cut */
    while (n > 0 && sw_utf8_invalid(s, n) < n)
        n--;
    memcpy(buf, s, n);
    buf[n] = '\0';
}

static const sw_swiss_player *player(const sw_swiss_trf *trf, int id) {
    if (id <= 0 || id > trf->max_id || trf->index_of_id[id] < 0)
        return NULL;
    return &trf->players[trf->index_of_id[id]];
}

static void points(char *buf, size_t size, int points2) {
    snprintf(buf, size, "%d%s", points2 / 2, points2 % 2 ? ".5" : "");
}

void sw_report_swiss_event_line(const sw_swiss_trf *trf, sw_strbuf *o) {
    const char *name = sw_swiss_trf_header(trf, "012"), *city = sw_swiss_trf_header(trf, "022");
    const char *from = sw_swiss_trf_header(trf, "042"), *to = sw_swiss_trf_header(trf, "052");
    const char *sep = "";
    if (name)
        sw_strbuf_puts(o, name), sep = ", ";
    if (city)
        sw_strbuf_printf(o, "%s%s", sep, city), sep = ", ";
    if (from && to && strcmp(from, to))
        sw_strbuf_printf(o, "%s%s to %s", sep, from, to);
    else if (from || to)
        sw_strbuf_printf(o, "%s%s", sep, from ? from : to);
}

/* Why a player has no board in the round being paired: NULL when he has
 * one. A bye or absence written ahead for the round (H F U Z), XXZ, or no
 * legal pairing. */
static const char *off_board(const sw_swiss_trf *trf, const sw_swiss_pairing *p,
                             const sw_swiss_player *pl) {
    for (int k = 0; k < p->nboards; k++)
        if (p->boards[k].white == pl->id || p->boards[k].black == pl->id)
            return NULL;
    for (int u = 0; u < p->nunpaired; u++)
        if (p->unpaired[u] == pl->id)
            return "unpaired";
    char code = trf->preset ? pl->games[trf->nrounds].result : ' ';
    switch (code) {
    case 'H':
        return "half-point bye";
    case 'F':
        return "full-point bye";
    case 'U':
        return "bye";
    case 'Z':
        return "zero-point bye";
    default:
        return "absent";
    }
}

/* "id name" of a player padded to width columns (0: as it is); no_names:
 * the id alone. */
static void text_player(sw_strbuf *o, const sw_swiss_player *pl, bool no_names, size_t width) {
    char name[NAME_MAX_BYTES], cell[NAME_MAX_BYTES + 16];
    sw_swiss_player_name(pl, name, sizeof name);
    if (no_names)
        snprintf(cell, sizeof cell, "%d", pl->id);
    else
        snprintf(cell, sizeof cell, "%d %s", pl->id, name);
    if (width)
        sw_strbuf_pad(o, cell, width);
    else /* unpadded */
        sw_strbuf_puts(o, cell);
}

void sw_report_swiss_list(const sw_swiss_trf *trf, const sw_swiss_pairing *p, bool no_names,
                          sw_strbuf *o) {
    size_t width = 5;
    char name[NAME_MAX_BYTES], cell[NAME_MAX_BYTES + 16], pts[16];
    for (int i = 0; i < trf->nplayers; i++) {
        sw_swiss_player_name(&trf->players[i], name, sizeof name);
        snprintf(cell, sizeof cell, "%d %s", trf->players[i].id, no_names ? "" : name);
        size_t w = sw_utf8_width(cell);
        width = w > width ? w : width;
    }
    if (no_names) {
        snprintf(cell, sizeof cell, "%d", trf->max_id);
        width = strlen(cell) > 5 ? strlen(cell) : 5;
    }
    size_t before = o->len;
    sw_report_swiss_event_line(trf, o);
    if (o->len > before)
        sw_strbuf_puts(o, "\n\n");
    sw_strbuf_printf(o, "Round %d pairings\n\nboard  ", p->round);
    sw_strbuf_pad(o, "white", width);
    sw_strbuf_puts(o, "  rating  points  ");
    sw_strbuf_pad(o, "black", width);
    sw_strbuf_puts(o, "  rating  points\n");
    for (int k = 0; k < p->nboards; k++) {
        const sw_swiss_player *w = player(trf, p->boards[k].white);
        const sw_swiss_player *b = player(trf, p->boards[k].black);
        if (!w)
            continue;
        sw_strbuf_printf(o, "%5d  ", k + 1);
        text_player(o, w, no_names, width);
        points(pts, sizeof pts, w->points2);
        sw_strbuf_printf(o, "  %6d  %6s  ", w->rating, pts);
        if (b) {
            text_player(o, b, no_names, width);
            points(pts, sizeof pts, b->points2);
            sw_strbuf_printf(o, "  %6d  %6s\n", b->rating, pts);
        } else {
            sw_strbuf_puts(o, "bye\n");
        }
    }
    for (int u = 0; u < p->nunpaired; u++) {
        const sw_swiss_player *pl = player(trf, p->unpaired[u]);
        if (pl) {
            sw_strbuf_puts(o, "unpaired: ");
            text_player(o, pl, no_names, 0);
            sw_strbuf_puts(o, "\n");
        }
    }
    for (int i = 0; i < trf->nplayers; i++) { /* byes and absentees */
        const char *why = off_board(trf, p, &trf->players[i]);
        if (why && strcmp(why, "unpaired")) {
            sw_strbuf_printf(o, "%s: ", why);
            text_player(o, &trf->players[i], no_names, 0);
            sw_strbuf_puts(o, "\n");
        }
    }
}

static void json_player(sw_strbuf *o, const sw_swiss_player *pl, bool no_names) {
    char name[NAME_MAX_BYTES], pts[16];
    sw_swiss_player_name(pl, name, sizeof name);
    points(pts, sizeof pts, pl->points2);
    sw_strbuf_printf(o, "{\"id\": %d, \"name\": ", pl->id);
    if (no_names)
        sw_strbuf_puts(o, "null");
    else
        sw_strbuf_json_string(o, name);
    sw_strbuf_printf(o, ", \"rating\": %d, \"points\": %s}", pl->rating, pts);
}

static void json_header(sw_strbuf *o, const sw_swiss_trf *trf, const char *key, const char *code) {
    const char *v = sw_swiss_trf_header(trf, code);
    sw_strbuf_printf(o, "    \"%s\": ", key);
    if (v)
        sw_strbuf_json_string(o, v);
    else
        sw_strbuf_puts(o, "null");
}

void sw_report_swiss_event_json(const sw_swiss_trf *trf, sw_strbuf *o) {
    sw_strbuf_puts(o, "{\n");
    json_header(o, trf, "name", "012");
    sw_strbuf_puts(o, ",\n");
    json_header(o, trf, "city", "022");
    sw_strbuf_puts(o, ",\n");
    json_header(o, trf, "start", "042");
    sw_strbuf_puts(o, ",\n");
    json_header(o, trf, "end", "052");
    sw_strbuf_puts(o, "\n  }");
}

void sw_report_swiss_json(const sw_swiss_trf *trf, const sw_swiss_pairing *p, bool no_names,
                          sw_strbuf *o) {
    sw_strbuf_printf(o, "{\n  \"round\": %d,\n  \"rounds\": ", p->round);
    if (trf->total_rounds)
        sw_strbuf_printf(o, "%d", trf->total_rounds);
    else
        sw_strbuf_puts(o, "null");
    sw_strbuf_puts(o, ",\n  \"event\": ");
    sw_report_swiss_event_json(trf, o);
    sw_strbuf_puts(o, ",\n  \"boards\": [");
    for (int k = 0; k < p->nboards; k++) {
        const sw_swiss_player *w = player(trf, p->boards[k].white);
        const sw_swiss_player *b = player(trf, p->boards[k].black);
        if (!w)
            continue;
        sw_strbuf_printf(o, "%s\n    {\"board\": %d, \"white\": ", k ? "," : "", k + 1);
        json_player(o, w, no_names);
        sw_strbuf_puts(o, ", \"black\": ");
        if (b)
            json_player(o, b, no_names);
        else
            sw_strbuf_puts(o, "null, \"bye\": true");
        sw_strbuf_puts(o, "}");
    }
    sw_strbuf_puts(o, "\n  ],\n  \"not_paired\": [");
    bool first = true;
    for (int i = 0; i < trf->nplayers; i++) {
        const char *why = off_board(trf, p, &trf->players[i]);
        if (!why)
            continue;
        sw_strbuf_printf(o, "%s\n    {\"player\": ", first ? "" : ",");
        json_player(o, &trf->players[i], no_names);
        sw_strbuf_printf(o, ", \"status\": \"%s\"}", why);
        first = false;
    }
    sw_strbuf_puts(o, "\n  ]\n}\n");
}

typedef struct ranked {
    int points2, id, index;
} ranked;

static int rank_cmp(const void *a, const void *b) {
    const ranked *x = a, *y = b;
    if (x->points2 != y->points2)
        return y->points2 - x->points2;
    return (x->id > y->id) - (x->id < y->id);
}

static void html_player(sw_strbuf *o, const sw_swiss_player *pl) {
    char name[NAME_MAX_BYTES];
    sw_swiss_player_name(pl, name, sizeof name);
    sw_strbuf_printf(o, "<span class=\"num\">%d</span> ", pl->id);
    sw_html_escape(o, name);
}

void sw_report_swiss_html(const sw_swiss_trf *trf, const sw_swiss_pairing *p, const char *title,
                          sw_strbuf *o) {
    char pts[16], head[96];
    snprintf(head, sizeof head, "Round %d pairings", p->round);
    sw_strbuf ev;
    sw_strbuf_init(&ev);
    sw_report_swiss_event_line(trf, &ev);
    sw_html_begin_running(o, head, ev.len && !ev.failed ? sw_strbuf_cstr(&ev) : NULL);
    if (ev.len) {
        sw_strbuf_puts(o, "<p class=\"meta\"><b>");
        sw_html_escape(o, sw_strbuf_cstr(&ev));
        sw_strbuf_puts(o, "</b></p>\n");
    }
    sw_strbuf_free(&ev);
    sw_strbuf_puts(o, "<p class=\"meta\">");
    sw_html_escape(o, title);
    sw_strbuf_printf(o, ": %d players, %d rounds played%s.</p>\n", trf->nplayers, trf->nrounds,
                     trf->total_rounds ? "" : "");
    sw_strbuf_puts(o, "<h2>Pairings</h2>\n<div class=\"scroll\"><table>\n<tr><th class=\"n\">"
                      "board</th><th>white</th><th class=\"n\">rating</th><th class=\"n\">points"
                      "</th><th>black</th><th class=\"n\">rating</th><th class=\"n\">points</th>"
                      "</tr>\n");
    for (int k = 0; k < p->nboards; k++) {
        const sw_swiss_player *w = player(trf, p->boards[k].white);
        const sw_swiss_player *b = player(trf, p->boards[k].black);
        if (!w)
            continue;
        sw_strbuf_printf(o, "<tr><td class=\"n\">%d</td><td>", k + 1);
        html_player(o, w);
        points(pts, sizeof pts, w->points2);
        sw_strbuf_printf(o, "</td><td class=\"n\">%d</td><td class=\"n\">%s</td>", w->rating, pts);
        if (b) {
            sw_strbuf_puts(o, "<td>");
            html_player(o, b);
            points(pts, sizeof pts, b->points2);
            sw_strbuf_printf(o, "</td><td class=\"n\">%d</td><td class=\"n\">%s</td></tr>\n",
                             b->rating, pts);
        } else {
            sw_strbuf_puts(o, "<td colspan=\"3\" class=\"rest\">bye</td></tr>\n");
        }
    }
    sw_strbuf_puts(o, "</table></div>\n");
    if (p->nunpaired) {
        sw_strbuf_puts(o, "<p class=\"absent\"><b>Not paired</b> (no legal pairing includes "
                          "them):");
        for (int u = 0; u < p->nunpaired; u++) {
            const sw_swiss_player *pl = player(trf, p->unpaired[u]);
            if (pl) {
                sw_strbuf_puts(o, " ");
                html_player(o, pl);
            }
        }
        sw_strbuf_puts(o, "</p>\n");
    }
    bool any = false;
    for (int i = 0; i < trf->nplayers; i++) {
        const char *why = off_board(trf, p, &trf->players[i]);
        if (!why || !strcmp(why, "unpaired"))
            continue;
        sw_strbuf_puts(o, any ? ", " : "<p class=\"absent\"><b>Byes and absentees</b>: ");
        html_player(o, &trf->players[i]);
        sw_strbuf_printf(o, " (%s)", why);
        any = true;
    }
    if (any)
        sw_strbuf_puts(o, "</p>\n");
    /* the standings the round was paired from */
    ranked *r = malloc((size_t)(trf->nplayers > 0 ? trf->nplayers : 1) * sizeof *r);
    if (!r) {
        o->failed = true;
        return;
    }
    for (int i = 0; i < trf->nplayers; i++)
        r[i] = (ranked){trf->players[i].points2, trf->players[i].id, i};
    qsort(r, (size_t)trf->nplayers, sizeof *r, rank_cmp);
    /* ranked by the record's tie-breaks (report/standings.h) when they can
     * be computed, else by points and starting rank; before round 1 by
     * starting rank (the tie-breaks would tie everyone) */
    sw_standings st;
    bool tb = sw_report_standings_of_record(trf, &st);
    if (tb && st.rounds == 0) {
        sw_standings_free(&st);
        tb = false;
    }
    int first = tb && st.list.n && st.list.tb[0].kind == SW_TB_PTS; /* points have a column */
    for (int i = 0; tb && i < trf->nplayers; i++)
        r[i].index = st.order[i];
    sw_strbuf_puts(o, "<h2 class=\"pagebreak\">Standings</h2>\n<p class=\"meta\">Points before "
                      "this round, then ");
    sw_strbuf_puts(o, tb ? "the FIDE tie-breaks (equal ranks shared)" : "starting rank");
    sw_strbuf_puts(o, ".</p>\n<div class=\"scroll\"><table>\n<tr><th class=\"n\">#</th><th>player"
                      "</th><th class=\"n\">rating</th><th class=\"n\">points</th>");
    if (tb)
        sw_report_standings_cells_html(&st, -1, first, o);
    sw_strbuf_puts(o, "<th>this round</th></tr>\n");
    for (int i = 0; i < trf->nplayers; i++) {
        const sw_swiss_player *pl = &trf->players[r[i].index];
        bool shared = tb && sw_report_standings_shared(&st, i);
        sw_strbuf_printf(o, "<tr><td class=\"n\">%s%d</td><td>", shared ? "=" : "",
                         tb ? st.rank[r[i].index] : i + 1);
        html_player(o, pl);
        points(pts, sizeof pts, pl->points2);
        sw_strbuf_printf(o, "</td><td class=\"n\">%d</td><td class=\"n\">%s</td>", pl->rating, pts);
        if (tb)
            sw_report_standings_cells_html(&st, r[i].index, first, o);
        sw_strbuf_puts(o, "<td>");
        const char *what = off_board(trf, p, pl);
        what = !what ? "" : strcmp(what, "unpaired") ? what : "not paired";
        for (int k = 0; k < p->nboards; k++) {
            if (p->boards[k].white == pl->id)
                what = p->boards[k].black ? "white" : "bye";
            else if (p->boards[k].black == pl->id)
                what = "black";
        }
        char b[32] = "";
        for (int k = 0; k < p->nboards; k++)
            if (p->boards[k].black &&
                (p->boards[k].white == pl->id || p->boards[k].black == pl->id))
                snprintf(b, sizeof b, ", board %d", k + 1);
        sw_strbuf_printf(o, "%s%s</td></tr>\n", what, b);
    }
    sw_strbuf_puts(o, "</table></div>\n");
    free(r);
    if (tb)
        sw_standings_free(&st);
    sw_html_end(o);
}
