/* src/report/html.c: the HTML page pieces (escaping, page shell, heatmaps),
 * the bridge season page and the seats CSV.
 * SPDX-License-Identifier: MIT */
#include "report/html.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- page pieces ---- */

void sw_html_escape(sw_strbuf *o, const char *s) {
    if (!s)
        return;
    const char *run = s;
    for (; *s; s++) {
        const char *rep = NULL;
        unsigned char c = (unsigned char)*s;
        switch (c) {
        case '&':
            rep = "&amp;";
            break;
        case '<':
            rep = "&lt;";
            break;
        case '>':
            rep = "&gt;";
            break;
        case '"':
            rep = "&quot;";
            break;
        case '\'':
            rep = "&#39;";
            break;
        default:
            if ((c < 0x20 && c != '\t' && c != '\n') || c == 0x7f)
                rep = "";
        }
        if (rep) {
            sw_strbuf_append(o, run, (size_t)(s - run));
            sw_strbuf_puts(o, rep);
            run = s + 1;
        }
    }
    sw_strbuf_append(o, run, (size_t)(s - run));
}

static const char page_css[] =
    "*{box-sizing:border-box}\n"
    "body{font:15px/1.4 system-ui,-apple-system,'Segoe UI',Roboto,'DejaVu Sans',sans-serif;"
    "color:#111;background:#fff;margin:0 auto;padding:12px;max-width:70em}\n"
    "h1{font-size:1.5em;margin:.2em 0;overflow-wrap:anywhere}h2{font-size:1.25em;margin:1.2em 0 "
    ".4em;"
    "border-bottom:2px solid #345;padding-bottom:2px}h3{font-size:1.05em;margin:.8em 0 .3em}\n"
    ".meta{color:#555;margin:0 0 .8em}\n"
    ".scroll{overflow-x:auto;max-width:100%}\n"
    "table{border-collapse:collapse;margin:.3em 0}\n"
    "th,td{border:1px solid #bbb;padding:2px 6px;text-align:left;vertical-align:top}\n"
    "th{background:#eef2f6}td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}\n"
    ".cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(25em,100%),1fr));"
    "gap:10px}\n"
    ".cols{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(20em,100%),1fr));"
    "gap:0 16px;align-items:start}.cols table{width:100%}\n"
    "caption{text-align:left;font-weight:bold;padding:2px 0}\n"
    ".card{border:1.5px solid #345;border-radius:6px;padding:6px 8px;break-inside:avoid;"
    "page-break-inside:avoid}\n"
    ".card h3{margin:0 0 .3em;font-size:1.1em}.card table{width:100%}"
    ".card th,.card td{padding:2px 4px}\n"
    ".tablecard h3{font-size:1.4em}\n"
    ".rest{color:#777;font-style:italic}.absent{color:#555}\n"
    ".num{font-weight:bold;font-variant-numeric:tabular-nums}\n"
    "svg.heat{max-width:100%;height:auto}svg.heat text{font:10px sans-serif}\n"
    ".legend{font-size:.85em;color:#333}\n"
    "@media (max-width:40em){body{font-size:14px;padding:6px}th,td{padding:2px 3px}}\n"
    "thead{display:table-header-group}\n"
    "@media print{@page{size:A4;margin:12mm}body{max-width:none;padding:0;font-size:10.5pt}"
    ".scroll{overflow:visible}.pagebreak{break-before:page;page-break-before:always}"
    "h1,h2,h3,.keep{break-after:avoid;page-break-after:avoid}"
    ".cols{grid-template-columns:1fr 1fr}.cards{grid-template-columns:1fr "
    "1fr;gap:4mm}.card{margin:0}.card.guide{font-size:9pt}"
    ".cards.tables{grid-template-columns:1fr}.card.tablecard{font-size:10pt}"
    ".card .meta{margin:0 0 .2em}.card table{margin:0}.tablecard h3{font-size:1.25em}"
    ".card h3,.card h3+.meta{display:inline-block;margin-right:.8em}"
    "table{break-inside:auto}tr{break-inside:avoid;page-break-inside:avoid}}\n";

/* s as the text of a CSS string: quotes, backslashes, markup characters and
 * control characters as hexadecimal escapes (the page stays well-formed XML). */
static void css_string(sw_strbuf *o, const char *s) {
    sw_strbuf_puts(o, "\"");
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c < 0x20 || c == 0x7f || strchr("\"\\<>&'", c))
            sw_strbuf_printf(o, "\\%x ", c);
        else
            sw_strbuf_append(o, s, 1);
    }
    sw_strbuf_puts(o, "\"");
}

void sw_html_begin(sw_strbuf *o, const char *title) {
    sw_html_begin_running(o, title, NULL);
}

void sw_html_begin_running(sw_strbuf *o, const char *title, const char *running) {
    sw_strbuf_puts(o, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
                      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
                      "<title>");
    sw_html_escape(o, title);
    sw_strbuf_puts(o, "</title>\n<style>\n");
    sw_strbuf_puts(o, page_css);
    if (running) {
        /* page margin boxes: the line at the top of every printed sheet */
        sw_strbuf_puts(o, "@page{@top-left{content:");
        css_string(o, running);
        sw_strbuf_puts(o, ";font:9pt sans-serif;color:#333}@bottom-right{content:\"page \" "
                          "counter(page) \" of \" counter(pages);font:8pt sans-serif;"
                          "color:#555}}\n");
    }
    sw_strbuf_puts(o, "</style>\n</head>\n<body>\n<h1>");
    sw_html_escape(o, title);
    sw_strbuf_puts(o, "</h1>\n");
}

void sw_html_end(sw_strbuf *o) {
    sw_strbuf_puts(o, "<p class=\"meta\">Made by seatwise.</p>\n</body>\n</html>\n");
}

typedef struct hot {
    double score, max;
    int i;
} hot;

static int hot_cmp(const void *a, const void *b) {
    const hot *x = a, *y = b;
    if (x->score != y->score)
        return x->score > y->score ? -1 : 1;
    if (x->max != y->max)
        return x->max > y->max ? -1 : 1;
    return (x->i > y->i) - (x->i < y->i);
}

void sw_html_hot_order(int n, const double *v, double mean, int *order) {
    hot *h = malloc((size_t)(n > 0 ? n : 1) * sizeof *h);
    if (!h) {
        for (int i = 0; i < n; i++)
            order[i] = i;
        return;
    }
    for (int i = 0; i < n; i++) {
        h[i] = (hot){0, -INFINITY, i};
        for (int j = 0; j < n; j++) {
            if (i == j)
                continue;
            double x = v[(size_t)i * (size_t)n + (size_t)j];
            if (x > mean)
                h[i].score += (x - mean) * (x - mean);
            if (x > h[i].max)
                h[i].max = x;
        }
    }
    qsort(h, (size_t)n, sizeof *h, hot_cmp);
    for (int i = 0; i < n; i++)
        order[i] = h[i].i;
    free(h);
}

/* Colour of x on the blue-white-red scale around mean; returns how far from
 * white it is (0..1), for choosing a readable text colour. */
static double heat_colour(double x, double lo, double mean, double hi, char *buf, size_t size) {
    double t = 0;
    int r = 255, g = 255, b = 255;
    if (x > mean && hi > mean) {
        t = (x - mean) / (hi - mean);
        r = (int)lround(255 + t * (200 - 255));
        g = (int)lround(255 + t * (30 - 255));
        b = (int)lround(255 + t * (40 - 255));
    } else if (x < mean && lo < mean) {
        t = (mean - x) / (mean - lo);
        r = (int)lround(255 + t * (40 - 255));
        g = (int)lround(255 + t * (100 - 255));
        b = (int)lround(255 + t * (190 - 255));
    }
    snprintf(buf, size, "#%02x%02x%02x", r, g, b);
    return t;
}

void sw_html_heatmap(sw_strbuf *o, const char *caption, int n, const double *v, const int *order,
                     const char *const *label, const char *const *name, double mean, int decimals) {
    sw_strbuf_puts(o, "<h3>");
    sw_html_escape(o, caption);
    sw_strbuf_puts(o, "</h3>\n");
    if (n < 2) {
        sw_strbuf_puts(o, "<p>Fewer than two participants: nothing to show.</p>\n");
        return;
    }
    if (n > SW_HTML_HEATMAP_MAX) {
        sw_strbuf_printf(o,
                         "<p>Left out: %d participants is more than the %d a readable "
                         "heatmap holds.</p>\n",
                         n, SW_HTML_HEATMAP_MAX);
        return;
    }
    double lo = INFINITY, hi = -INFINITY;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            if (i != j) {
                double x = v[(size_t)i * (size_t)n + (size_t)j];
                lo = x < lo ? x : lo;
                hi = x > hi ? x : hi;
            }
    bool values = n <= 40;
    int cell = values ? 20 : 10, margin = 34;
    int size = margin + n * cell;
    sw_strbuf_printf(
        o,
        "<div class=\"scroll\"><svg class=\"heat\" xmlns=\"http://www.w3.org/2000/svg\" "
        "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\">\n",
        size + 2, size + 2, size + 2, size + 2);
    for (int a = 0; a < n; a++) {
        sw_strbuf_printf(o, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">", margin - 3,
                         margin + a * cell + cell / 2 + 4);
        sw_html_escape(o, label[order[a]]);
        sw_strbuf_printf(o, "</text><text x=\"%d\" y=\"%d\" text-anchor=\"middle\">",
                         margin + a * cell + cell / 2, margin - 5);
        sw_html_escape(o, label[order[a]]);
        sw_strbuf_puts(o, "</text>\n");
    }
    char col[16];
    for (int a = 0; a < n; a++) {
        int i = order[a];
        for (int b = 0; b < n; b++) {
            int j = order[b];
            int x = margin + b * cell, y = margin + a * cell;
            if (i == j) {
                sw_strbuf_printf(o,
                                 "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
                                 "fill=\"#ddd\"/>\n",
                                 x, y, cell, cell);
                continue;
            }
            double val = v[(size_t)i * (size_t)n + (size_t)j];
            double depth = heat_colour(val, lo, mean, hi, col, sizeof col);
            sw_strbuf_puts(o, "<g><title>");
            sw_html_escape(o, label[i]);
            if (name && name[i] && *name[i]) {
                sw_strbuf_puts(o, " ");
                sw_html_escape(o, name[i]);
            }
            sw_strbuf_puts(o, " / ");
            sw_html_escape(o, label[j]);
            if (name && name[j] && *name[j]) {
                sw_strbuf_puts(o, " ");
                sw_html_escape(o, name[j]);
            }
            sw_strbuf_printf(o,
                             ": %.*f</title><rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
                             "fill=\"%s\" stroke=\"#fff\" stroke-width=\"0.5\"/>",
                             decimals, val, x, y, cell, cell, col);
            if (values)
                sw_strbuf_printf(o, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\"%s>%.*f</text>",
                                 x + cell / 2, y + cell / 2 + 4,
                                 depth > 0.55 ? " fill=\"#fff\"" : "", decimals > 1 ? 1 : decimals,
                                 val);
            sw_strbuf_puts(o, "</g>\n");
        }
    }
    sw_strbuf_puts(o, "</svg></div>\n");
    /* The legend: eleven steps from the smallest to the largest value. */
    sw_strbuf_puts(o, "<div class=\"legend\"><svg xmlns=\"http://www.w3.org/2000/svg\" "
                      "width=\"300\" height=\"34\" viewBox=\"0 0 300 34\">\n");
    for (int s = 0; s <= 10; s++) {
        double val = lo + (hi - lo) * s / 10.0;
        heat_colour(val, lo, mean, hi, col, sizeof col);
        sw_strbuf_printf(o,
                         "<rect x=\"%d\" y=\"0\" width=\"26\" height=\"14\" fill=\"%s\" "
                         "stroke=\"#999\" stroke-width=\"0.5\"/>\n",
                         6 + s * 26, col);
    }
    sw_strbuf_printf(o,
                     "<text x=\"6\" y=\"28\" font-size=\"10\">%.*f</text>"
                     "<text x=\"150\" y=\"28\" font-size=\"10\" text-anchor=\"middle\">"
                     "mean %.2f</text><text x=\"292\" y=\"28\" font-size=\"10\" "
                     "text-anchor=\"end\">%.*f</text>\n</svg><br/>",
                     decimals, lo, mean, decimals, hi);
    sw_strbuf_puts(o, "Blue: less than the mean, red: more. Rows and columns are ordered "
                      "with the participants who meet someone too often first; hover over "
                      "a cell for the names and the value.</div>\n");
}

/* ---- the bridge season ---- */

static int pid(const sw_report *r, int idx1) {
    return idx1 ? r->season->part[idx1 - 1].id : 0;
}

static const char *pname(const sw_report *r, int idx1) {
    const char *s = idx1 ? r->season->part[idx1 - 1].name : NULL;
    return s ? s : "";
}

/* "<b>id</b> name" of participant index+1 idx1. */
static void who(sw_strbuf *o, const sw_report *r, int idx1) {
    sw_strbuf_printf(o, "<span class=\"num\">%d</span> ", pid(r, idx1));
    sw_html_escape(o, pname(r, idx1));
}

static bool shown(const sw_report *r, int k) {
    return !r->show || r->show[k];
}

static int boards_per_round(const sw_report *r, int k) {
    return r->boards ? r->boards : sw_season_boards(r->season, k);
}

/* The club's title: the report's heading, the season file's title, else
 * the report's title (a file name). */
static const char *club_title(const sw_report *r) {
    if (r->heading && *r->heading)
        return r->heading;
    if (r->season->title[0])
        return r->season->title;
    return r->title ? r->title : "seatwise";
}

/* Session k's date, "" when none is known. */
static const char *session_date(const sw_report *r, int k) {
    return r->date ? r->date : r->season->sessions[k].date;
}

/* Position p (1-based) of session k as the evening numbers it, its start
 * number: the position in its section ("A3"; "north 3" for a longer
 * section name), or the position without sections. */
static void start_label(const sw_report *r, int k, int p, char *buf, size_t size) {
    int j = sw_season_position_section(r->season, k, p);
    if (j < 0) {
        snprintf(buf, size, "%d", p);
        return;
    }
    const sw_section *sec = &r->season->sessions[k].sections[j];
    snprintf(buf, size, strlen(sec->name) == 1 ? "%s%d" : "%s %d", sec->name,
             p - sec->first_position);
}

/* The boards table t (0-based) of session k plays in round rd as numbers:
 * *first..*last of its section's board group, when the boards per round
 * are known; false (and 0..0) otherwise or when it plays none. */
static bool board_numbers(const sw_report *r, int k, int rd, int t, int *first, int *last) {
    const sw_session *ss = &r->season->sessions[k];
    const sw_table *tb = sw_movement_at(&r->season->movements[ss->movement], rd, t);
    int K = boards_per_round(r, k), j = sw_season_table_section(r->season, k, t);
    int g = tb->group - (j >= 0 ? ss->sections[j].first_group : 0);
    *first = *last = 0;
    if (K <= 0 || tb->group <= 0)
        return false;
    *first = (g - 1) * K + 1;
    *last = g * K;
    return true;
}

/* The boards of table t in round rd of session k for people, as HTML:
 * "1&#8211;3", one number for one board a round, else the board group as
 * its section's movement names it, "-" for none. */
static void session_boards(const sw_report *r, int k, int rd, int t, char *buf, size_t size) {
    const sw_session *ss = &r->season->sessions[k];
    const sw_table *tb = sw_movement_at(&r->season->movements[ss->movement], rd, t);
    int first, last;
    if (board_numbers(r, k, rd, t, &first, &last))
        snprintf(buf, size, first == last ? "%d" : "%d&#8211;%d", first, last);
    else if (tb->group > 0)
        sw_season_group_label(r->season, k, tb->group, buf, size);
    else
        snprintf(buf, size, "-");
}

/* "<b>start</b> name" of the pair at position p of session k. */
static void seat_who(sw_strbuf *o, const sw_report *r, int k, int p) {
    if (p <= 0 || !r->mx->assign[k][p]) {
        sw_strbuf_puts(o, "<span class=\"rest\">empty</span>");
        return;
    }
    char sl[48];
    start_label(r, k, p, sl, sizeof sl);
    sw_strbuf_puts(o, "<span class=\"num\">");
    sw_html_escape(o, sl);
    sw_strbuf_puts(o, "</span> ");
    sw_html_escape(o, pname(r, r->mx->assign[k][p]));
}

static void group_name(const sw_movement *m, const sw_table *tb, int boards, char *buf,
                       size_t size) {
    if (tb->group > 0 && boards > 0)
        snprintf(buf, size, boards == 1 ? "%d" : "%d&#8211;%d", (tb->group - 1) * boards + 1,
                 tb->group * boards);
    else if (tb->group > 0)
        sw_movement_group_name(m, tb->group, buf, size);
    else
        snprintf(buf, size, "-");
}

/* Table t (0-based) of session k for people: "3", or "A 3" in a section. */
static void table_label(const sw_report *r, int k, int t, char *buf, size_t size) {
    int j, lt = sw_season_local_table(r->season, k, t, &j);
    if (j < 0)
        snprintf(buf, size, "%d", lt);
    else
        snprintf(buf, size, "%s %d", r->season->sessions[k].sections[j].name, lt);
}

static void html_criteria(const sw_report *r, sw_strbuf *o) {
    const sw_criteria *c = r->crit, *b = r->before;
    sw_strbuf_puts(o, "<h2>Criteria</h2>\n<p class=\"meta\">Lower is better for the S "
                      "criteria; for the Q factors 100 is perfect.</p>\n<div class=\"scroll\">"
                      "<table>\n<tr><th>criterion</th><th class=\"n\">value</th>");
    if (b)
        sw_strbuf_puts(o, "<th class=\"n\">before</th>");
    sw_strbuf_puts(o, "<th>meaning</th></tr>\n");
    static const char *const what[] = {"rests spread",           "meetings spread",
                                       "spread per participant", "competition spread",
                                       "meetings quality",       "competition quality"};
    static const char *const nm[] = {"Sr", "So", "Sp", "Sc", "Qo", "Qc"};
    double cv[] = {c->Sr, c->So, c->Sp, c->Sc, c->Qo, c->Qc};
    double bv[6] = {0};
    if (b) {
        double t[] = {b->Sr, b->So, b->Sp, b->Sc, b->Qo, b->Qc};
        memcpy(bv, t, sizeof bv);
    }
    for (int i = 0; i < 6; i++) {
        sw_strbuf_printf(o, "<tr><td>%s</td><td class=\"n\">%.4f</td>", nm[i], cv[i]);
        if (b)
            sw_strbuf_printf(o, "<td class=\"n\">%.4f</td>", bv[i]);
        sw_strbuf_printf(o, "<td>%s</td></tr>\n", what[i]);
    }
    if (r->has_qf) {
        sw_strbuf_printf(o,
                         "<tr><td>Qf</td><td class=\"n\">%.2f</td>%s<td>balans' quality "
                         "factor",
                         r->qf, b ? "<td></td>" : "");
        const sw_movement *m = &r->season->movements[0];
        if (m->has_ref_qf)
            sw_strbuf_printf(o, " (the file's balans value: %.2f)", m->ref_qf);
        sw_strbuf_puts(o, "</td></tr>\n");
    }
    char mt[48];
    sw_meet_format(mt, sizeof mt, c->meetings, c->unit);
    sw_strbuf_printf(o,
                     "<tr><td>So bound</td><td class=\"n\">%.4f</td>%s<td>the same %s "
                     "meetings spread as flat as possible</td></tr>\n",
                     c->So_bound, b ? "<td></td>" : "", mt);
    sw_strbuf_printf(o, "<tr><td>So gap</td><td class=\"n\">%.4f</td>", c->So - c->So_bound);
    if (b)
        sw_strbuf_printf(o, "<td class=\"n\">%.4f</td>", b->So - b->So_bound);
    sw_strbuf_puts(o, "<td>So above its lower bound</td></tr>\n</table></div>\n");
    long long rep;
    int free_rounds;
    if (sw_criteria_repeats(r->mx, &rep, &free_rounds) == 0) {
        sw_meet_format(mt, sizeof mt, rep, r->mx->unit);
        sw_strbuf_printf(o,
                         "<p>Repeat meetings: %s (beyond each pair's first); %d round%s "
                         "before the first repeat.</p>\n",
                         mt, free_rounds, free_rounds == 1 ? "" : "s");
    }
}

/* The round-by-round table and board plan of a movement on its own. */
static void html_plan(const sw_report *r, sw_strbuf *o) {
    const sw_movement *m = &r->season->movements[0];
    char g[16];
    sw_strbuf_printf(o,
                     "<h2>Plan</h2>\n<p class=\"meta\">%d positions, %d tables, %d rounds, "
                     "%d board groups. Each cell: NS &#8211; EW, boards.</p>\n"
                     "<div class=\"scroll\"><table>\n<tr><th>round</th>",
                     m->positions, m->tables, m->rounds, m->groups);
    for (int t = 0; t < m->tables; t++)
        sw_strbuf_printf(o, "<th>table %d</th>", t + 1);
    sw_strbuf_puts(o, "<th>rests</th></tr>\n");
    for (int rd = 0; rd < m->rounds; rd++) {
        sw_strbuf_printf(o, "<tr><th class=\"n\">%d</th>", rd + 1);
        char *seen = calloc((size_t)m->positions + 1, 1);
        for (int t = 0; t < m->tables; t++) {
            const sw_table *tb = sw_movement_at(m, rd, t);
            if (!tb->seat[0]) {
                sw_strbuf_puts(o, "<td class=\"rest\">empty</td>");
                continue;
            }
            group_name(m, tb, r->boards, g, sizeof g);
            sw_strbuf_puts(o, "<td>");
            for (int d = 0; d < m->seats; d++) {
                if (seen && tb->seat[d] > 0)
                    seen[tb->seat[d]] = 1;
                sw_strbuf_printf(o, "%s%d", d ? " &#8211; " : "", tb->seat[d]);
            }
            sw_strbuf_printf(o, ", <b>%s</b></td>", g);
        }
        sw_strbuf_puts(o, "<td>");
        for (int p = 1; seen && p <= m->positions; p++)
            if (!seen[p])
                sw_strbuf_printf(o, "%d ", p);
        free(seen);
        sw_strbuf_puts(o, "</td></tr>\n");
    }
    sw_strbuf_puts(o, "</table></div>\n");
}

/* Table and seat of position p in round rd, or -1. */
static int find_seat(const sw_movement *m, int rd, int p, int *seat) {
    for (int t = 0; t < m->tables; t++)
        for (int d = 0; d < m->seats; d++)
            if (p > 0 && sw_movement_at(m, rd, t)->seat[d] == p) {
                *seat = d;
                return t;
            }
    return -1;
}

/* Whether position p of session k plays in round rd (a present pair whose
 * table plays). */
static bool position_plays(const sw_report *r, int k, int rd, int p) {
    const sw_movement *m = &r->season->movements[r->season->sessions[k].movement];
    int d = 0, t = find_seat(m, rd, p, &d);
    return t >= 0 && sw_matrix_table_plays(r->mx, k, rd, t);
}

/* "Session 2 &#183; 2026-03-17 (played)". */
static void session_title(const sw_report *r, int k, sw_strbuf *o) {
    sw_strbuf_printf(o, "Session %d", k + 1);
    if (*session_date(r, k)) {
        sw_strbuf_puts(o, " &#183; ");
        sw_html_escape(o, session_date(r, k));
    }
    if (r->season->sessions[k].played)
        sw_strbuf_puts(o, " (played)");
}

/* The session's heading, movement, sections, boards and absentees. */
static void html_session_head(const sw_report *r, int k, bool first, sw_strbuf *o) {
    const sw_season *s = r->season;
    const sw_session *ss = &s->sessions[k];
    const sw_movement *m = &s->movements[ss->movement];
    sw_strbuf_printf(o, "<h2%s id=\"session%d\">", first ? "" : " class=\"pagebreak\"", k + 1);
    session_title(r, k, o);
    sw_strbuf_puts(o, "</h2>\n<p class=\"meta\">Movement ");
    sw_html_escape(o, s->movement_files[ss->movement] ? s->movement_files[ss->movement]
                                                      : (m->name ? m->name : ""));
    sw_strbuf_printf(o, ": %d tables, %d rounds", m->tables, m->rounds);
    if (boards_per_round(r, k) > 0)
        sw_strbuf_printf(o, ", %d board%s a round", boards_per_round(r, k),
                         boards_per_round(r, k) == 1 ? "" : "s");
    sw_strbuf_puts(o, ".</p>\n");
    if (ss->nsections) {
        /* each section its own movement: meetings only within it */
        sw_strbuf_puts(o, "<p class=\"meta\"><b>Sections:</b> ");
        for (int j = 0; j < ss->nsections; j++) {
            const sw_section *sec = &ss->sections[j];
            const sw_movement *sm = &s->movements[sec->movement];
            const char *f = s->movement_files[sec->movement];
            sw_strbuf_puts(o, j ? "; " : "");
            sw_html_escape(o, sec->name);
            sw_strbuf_puts(o, " (");
            sw_html_escape(o, f ? f : "");
            sw_strbuf_printf(o, ", positions %d&#8211;%d, tables %d&#8211;%d)",
                             sec->first_position + 1, sec->first_position + sm->positions,
                             sec->first_table + 1, sec->first_table + sm->tables);
        }
        sw_strbuf_puts(o, ".</p>\n");
    }
    sw_strbuf_puts(o, "<p class=\"absent\"><b>Absent:</b> ");
    bool any = false;
    for (int i = 0; i < s->n; i++)
        if (!ss->present[i]) {
            if (any)
                sw_strbuf_puts(o, ", ");
            who(o, r, i + 1);
            any = true;
        }
    sw_strbuf_puts(o, any ? "</p>\n" : "nobody</p>\n");
}

/* Positions p0..p1 of session k as a table: start number, pair, name;
 * under the section's name when caption is not NULL. */
static void renumbering_block(const sw_report *r, int k, int p0, int p1, const char *caption,
                              sw_strbuf *o) {
    const int *as = r->mx->assign[k];
    sw_strbuf_puts(o, "<table>");
    if (caption) {
        sw_strbuf_puts(o, "<caption>Section ");
        sw_html_escape(o, caption);
        sw_strbuf_puts(o, "</caption>");
    }
    sw_strbuf_puts(o, "\n<thead><tr><th class=\"n\">start</th><th class=\"n\">pair</th>"
                      "<th>name</th></tr></thead>\n<tbody>\n");
    for (int p = p0; p <= p1; p++) {
        int j = sw_season_position_section(r->season, k, p);
        sw_strbuf_printf(o, "<tr><td class=\"n\">%d</td>",
                         j >= 0 ? p - r->season->sessions[k].sections[j].first_position : p);
        if (as[p]) {
            sw_strbuf_printf(o, "<td class=\"n\">%d</td><td>", pid(r, as[p]));
            sw_html_escape(o, pname(r, as[p]));
            sw_strbuf_puts(o, "</td></tr>\n");
        } else {
            sw_strbuf_puts(o, "<td class=\"n\"></td><td class=\"rest\">empty (the pair "
                              "meeting it sits out)</td></tr>\n");
        }
    }
    sw_strbuf_puts(o, "</tbody></table>\n");
}

/* The renumbering side by side: one table per section (or the two halves
 * of the positions), then who sits out each round. */
static void html_renumbering(const sw_report *r, int k, sw_strbuf *o) {
    const sw_season *s = r->season;
    const sw_session *ss = &s->sessions[k];
    const sw_movement *m = &s->movements[ss->movement];
    const int *as = r->mx->assign[k];
    sw_strbuf_puts(o, "<h3>Renumbering</h3>\n<div class=\"cols\">\n");
    if (ss->nsections) {
        for (int j = 0; j < ss->nsections; j++) {
            const sw_section *sec = &ss->sections[j];
            int P = s->movements[sec->movement].positions;
            renumbering_block(r, k, sec->first_position + 1, sec->first_position + P, sec->name, o);
        }
    } else {
        int half = m->positions > 8 ? (m->positions + 1) / 2 : m->positions;
        renumbering_block(r, k, 1, half, NULL, o);
        if (half < m->positions)
            renumbering_block(r, k, half + 1, m->positions, NULL, o);
    }
    sw_strbuf_puts(o, "</div>\n");
    bool any = false;
    for (int rd = 0; rd < m->rounds; rd++) {
        bool first = true;
        for (int p = 1; p <= m->positions; p++) {
            if (!as[p] || position_plays(r, k, rd, p))
                continue;
            sw_strbuf_printf(o, "%s", !any ? "<p><b>Sits out:</b> " : first ? "; " : ", ");
            if (first)
                sw_strbuf_printf(o, "round %d: ", rd + 1);
            seat_who(o, r, k, p);
            first = false;
            any = true;
        }
    }
    if (any)
        sw_strbuf_puts(o, ".</p>\n");
}

/* One card per table: each round NS, EW and the boards, or who waits when
 * the table does not play. */
static void html_table_cards(const sw_report *r, int k, sw_strbuf *o) {
    const sw_season *s = r->season;
    const sw_session *ss = &s->sessions[k];
    const sw_movement *m = &s->movements[ss->movement];
    const int *as = r->mx->assign[k];
    char g[48];
    sw_strbuf_printf(o,
                     "<h3 class=\"pagebreak\">Table cards, session %d</h3>\n<div "
                     "class=\"cards tables\">\n",
                     k + 1);
    for (int t = 0; t < m->tables; t++) {
        int j, lt = sw_season_local_table(s, k, t, &j);
        sw_strbuf_printf(o, "<div class=\"card tablecard\" id=\"s%dt%d\"><h3>", k + 1, t + 1);
        if (j >= 0) {
            sw_strbuf_puts(o, "Section ");
            sw_html_escape(o, ss->sections[j].name);
            sw_strbuf_puts(o, ", table ");
        } else {
            sw_strbuf_puts(o, "Table ");
        }
        sw_strbuf_printf(o, "%d</h3><p class=\"meta\">", lt);
        sw_html_escape(o, club_title(r));
        sw_strbuf_puts(o, " &#183; ");
        session_title(r, k, o);
        sw_strbuf_puts(o, "</p>\n<table><thead><tr><th class=\"n\">round</th><th>NS</th>"
                          "<th>EW</th><th>boards</th></tr></thead>\n<tbody>\n");
        for (int rd = 0; rd < m->rounds; rd++) {
            const sw_table *tb = sw_movement_at(m, rd, t);
            sw_strbuf_printf(o, "<tr><td class=\"n\">%d</td>", rd + 1);
            if (!sw_matrix_table_plays(r->mx, k, rd, t)) {
                /* a phantom's table: the pair that came waits */
                sw_strbuf_puts(o, "<td colspan=\"3\" class=\"rest\">");
                bool waits = false;
                for (int d = 0; d < 2; d++)
                    if (tb->seat[d] > 0 && as[tb->seat[d]]) {
                        seat_who(o, r, k, tb->seat[d]);
                        waits = true;
                    }
                sw_strbuf_puts(o, waits ? " sits out</td></tr>\n" : "no play</td></tr>\n");
                continue;
            }
            session_boards(r, k, rd, t, g, sizeof g);
            for (int d = 0; d < 2; d++) {
                sw_strbuf_puts(o, "<td>");
                seat_who(o, r, k, tb->seat[d]);
                sw_strbuf_puts(o, "</td>");
            }
            sw_strbuf_printf(o, "<td><b>%s</b></td></tr>\n", g);
        }
        sw_strbuf_puts(o, "</tbody></table></div>\n");
    }
    sw_strbuf_puts(o, "</div>\n");
}

/* One card per present pair, in start-number order: each round the table,
 * direction, opponents and boards, or "sits out". */
static void html_guide_cards(const sw_report *r, int k, sw_strbuf *o) {
    const sw_season *s = r->season;
    const sw_movement *m = &s->movements[s->sessions[k].movement];
    const int *as = r->mx->assign[k];
    static const char *const dir2[] = {"NS", "EW"};
    static const char *const dir4[] = {"E", "S", "W", "N"};
    char g[48], tl[48];
    sw_strbuf_printf(o,
                     "<h3 class=\"pagebreak\">Guide cards, session %d</h3>\n"
                     "<div class=\"cards\">\n",
                     k + 1);
    for (int p = 1; p <= m->positions; p++) {
        if (!as[p])
            continue;
        sw_strbuf_puts(o, "<div class=\"card guide\"><h3>");
        seat_who(o, r, k, p);
        sw_strbuf_printf(o, "</h3><p class=\"meta\">Pair %d &#183; ", pid(r, as[p]));
        session_title(r, k, o);
        sw_strbuf_puts(o, "</p>\n<table><thead><tr><th class=\"n\">round</th><th "
                          "class=\"n\">table</th><th>dir</th><th>opponents</th><th>boards</th>"
                          "</tr></thead>\n<tbody>\n");
        for (int rd = 0; rd < m->rounds; rd++) {
            int d = 0, t = find_seat(m, rd, p, &d);
            sw_strbuf_printf(o, "<tr><td class=\"n\">%d</td>", rd + 1);
            if (t < 0 || !sw_matrix_table_plays(r->mx, k, rd, t)) {
                sw_strbuf_puts(o, "<td colspan=\"4\" class=\"rest\">sits out</td></tr>\n");
                continue;
            }
            const sw_table *tb = sw_movement_at(m, rd, t);
            session_boards(r, k, rd, t, g, sizeof g);
            table_label(r, k, t, tl, sizeof tl);
            sw_strbuf_puts(o, "<td class=\"n\">");
            sw_html_escape(o, tl);
            sw_strbuf_printf(o, "</td><td>%s</td><td>", m->seats == 2 ? dir2[d] : dir4[d]);
            bool first = true;
            for (int e = 0; e < sw_table_seats(m, tb); e++)
                if (e != d) {
                    if (!first)
                        sw_strbuf_puts(o, ", ");
                    seat_who(o, r, k, tb->seat[e]);
                    first = false;
                }
            sw_strbuf_printf(o, "</td><td><b>%s</b></td></tr>\n", g);
        }
        sw_strbuf_puts(o, "</tbody></table></div>\n");
    }
    sw_strbuf_puts(o, "</div>\n");
}

static void html_session(const sw_report *r, int k, bool first, sw_strbuf *o) {
    html_session_head(r, k, first, o);
    html_renumbering(r, k, o);
    if (r->season->movements[r->season->sessions[k].movement].seats == 2)
        html_table_cards(r, k, o);
    html_guide_cards(r, k, o);
}

static void html_fairness(const sw_report *r, sw_strbuf *o) {
    const sw_matrix *mx = r->mx;
    int maxv = 0;
    for (int i = 0; i < mx->n; i++)
        for (int j = 0; j < mx->n; j++)
            if (i != j && sw_matrix_meet(mx, i, j) > maxv)
                maxv = sw_matrix_meet(mx, i, j);
    maxv = (int)((maxv + mx->unit - 1) / mx->unit); /* a fraction counts at the next whole */
    if (maxv > 9)
        maxv = 9;
    int hist[10];
    sw_strbuf_puts(o, "<h2 class=\"pagebreak\">Fairness per pair</h2>\n<p class=\"meta\">Rests "
                      "(sit-outs, carried-over ones included) and how many opponents each pair "
                      "met 0, 1, 2... times.</p>\n<div class=\"scroll\"><table>\n<thead><tr><th "
                      "class=\"n\">pair</th><th>name</th><th class=\"n\">rests</th>");
    for (int v = 0; v <= maxv; v++)
        sw_strbuf_printf(o, "<th class=\"n\">%d&#215;%s</th>", v, v == 9 ? "+" : "");
    sw_strbuf_puts(o, "</tr></thead>\n<tbody>\n");
    for (int i = 0; i < mx->n; i++) {
        sw_criteria_histogram(mx, i, hist, maxv);
        sw_strbuf_printf(o, "<tr><td class=\"n\">%d</td><td>", r->season->part[i].id);
        sw_html_escape(o, r->season->part[i].name);
        char rests[32];
        sw_meet_format(rests, sizeof rests, mx->rests[i], mx->runit);
        sw_strbuf_printf(o, "</td><td class=\"n\">%s</td>", rests);
        for (int v = 0; v <= maxv; v++)
            sw_strbuf_printf(o, "<td class=\"n\">%d</td>", hist[v]);
        sw_strbuf_puts(o, "</tr>\n");
    }
    sw_strbuf_puts(o, "</tbody></table></div>\n");
}

static void html_heatmaps(const sw_report *r, sw_strbuf *o) {
    const sw_matrix *mx = r->mx;
    int n = mx->n;
    sw_strbuf_puts(o, "<h2 class=\"pagebreak\">Who meets whom</h2>\n");
    if (n > SW_HTML_HEATMAP_MAX || n < 2) {
        sw_html_heatmap(o, "Meetings M", n, NULL, NULL, NULL, NULL, 0, 0);
        return;
    }
    double *v = malloc((size_t)n * (size_t)n * sizeof *v);
    int *order = malloc((size_t)n * sizeof *order);
    char(*lab)[16] = malloc((size_t)n * sizeof *lab);
    const char **label = malloc((size_t)n * sizeof *label),
               **name = malloc((size_t)n * sizeof *name);
    if (!v || !order || !lab || !label || !name) {
        o->failed = true;
        goto done;
    }
    for (int i = 0; i < n; i++) {
        snprintf(lab[i], sizeof lab[i], "%d", r->season->part[i].id);
        label[i] = lab[i];
        name[i] = r->season->part[i].name;
    }
    double pairs = (double)mx->pairs > 0 ? (double)mx->pairs : 1;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            v[(size_t)i * n + j] = i == j ? 0 : (double)sw_matrix_meet(mx, i, j) / (double)mx->unit;
    double mean = (double)r->crit->meetings / (double)mx->unit / pairs;
    sw_html_hot_order(n, v, mean, order);
    sw_html_heatmap(o, "Meetings M (rounds at the same playing table)", n, v, order, label, name,
                    mean, mx->unit > 1 ? 2 : 0);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            v[(size_t)i * n + j] =
                i == j ? 0 : (double)sw_matrix_comp(mx, i, j) / (double)mx->scale;
    double sum = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            sum += v[(size_t)i * n + j];
    mean = sum / pairs;
    sw_html_hot_order(n, v, mean, order);
    sw_html_heatmap(o, "Competition C (effective meetings)", n, v, order, label, name, mean, 2);
done:
    free(v);
    free(order);
    free(lab);
    free(label);
    free(name);
}

/* The line at the top of every printed sheet: the club's title, and the
 * session with its date when one session is shown. */
static void running_line(const sw_report *r, sw_strbuf *o) {
    const sw_season *s = r->season;
    int one = -1, count = 0;
    for (int k = 0; k < s->nsessions; k++)
        if (shown(r, k)) {
            one = k;
            count++;
        }
    sw_strbuf_puts(o, club_title(r));
    if (count == 1 && !r->has_qf) {
        sw_strbuf_printf(o, " \xc2\xb7 Session %d", one + 1);
        if (*session_date(r, one))
            sw_strbuf_printf(o, " \xc2\xb7 %s", session_date(r, one));
    }
}

void sw_report_html(const sw_report *r, sw_strbuf *o) {
    const sw_season *s = r->season;
    int played = 0, count = 0;
    for (int k = 0; k < s->nsessions; k++) {
        played += s->sessions[k].played;
        count += shown(r, k);
    }
    sw_strbuf run;
    sw_strbuf_init(&run);
    running_line(r, &run);
    sw_html_begin_running(o, club_title(r), run.failed ? NULL : sw_strbuf_cstr(&run));
    sw_strbuf_free(&run);
    sw_strbuf_puts(o, "<p class=\"meta\">");
    if (club_title(r) != r->title && r->title) {
        sw_html_escape(o, r->title);
        sw_strbuf_puts(o, ": ");
    }
    if (r->has_qf) {
        sw_strbuf_printf(o, "A movement on its own: %d positions.</p>\n", s->n);
    } else {
        sw_strbuf_printf(o, "%d pairs, %d session%s (%d played).", s->n, s->nsessions,
                         s->nsessions == 1 ? "" : "s", played);
        if (count > 1) {
            sw_strbuf_puts(o, " Sessions:");
            for (int k = 0; k < s->nsessions; k++)
                if (shown(r, k)) {
                    sw_strbuf_printf(o, " <a href=\"#session%d\">%d</a>", k + 1, k + 1);
                    if (*session_date(r, k)) {
                        sw_strbuf_puts(o, " (");
                        sw_html_escape(o, session_date(r, k));
                        sw_strbuf_puts(o, ")");
                    }
                }
        }
        sw_strbuf_puts(o, "</p>\n");
    }
    if (r->has_qf) {
        html_criteria(r, o);
        html_plan(r, o);
    } else {
        /* a handout of some sessions: the sessions first, the first one on
         * the first sheet, then the season's criteria; its fairness table
         * and heatmaps are only on the whole season's page */
        if (!r->show)
            html_criteria(r, o);
        for (int k = 0, first = 1; k < s->nsessions; k++)
            if (shown(r, k)) {
                html_session(r, k, first && r->show, o);
                first = 0;
            }
        if (r->show)
            html_criteria(r, o);
    }
    if (!r->show) {
        html_fairness(r, o);
        html_heatmaps(r, o);
    }
    sw_html_end(o);
}

/* ---- seats CSV ---- */

/* The CSV's start number of position p of session k (its number in its section). */
static int start_number(const sw_report *r, int k, int p) {
    int j = sw_season_position_section(r->season, k, p);
    return j < 0 ? p : p - r->season->sessions[k].sections[j].first_position;
}

/* ",SECTION" of position p of session k ("," without sections). */
static void csv_section(const sw_report *r, int k, int p, sw_strbuf *o) {
    int j = sw_season_position_section(r->season, k, p);
    sw_strbuf_puts(o, ",");
    if (j >= 0)
        sw_strbuf_csv_field(o, r->season->sessions[k].sections[j].name);
}

/* The rows of round rd of session k: its playing tables, then its sit-outs. */
static void csv_round(const sw_report *r, int k, int rd, sw_strbuf *o) {
    const sw_season *s = r->season;
    const sw_movement *m = &s->movements[s->sessions[k].movement];
    const int *as = r->mx->assign[k];
    char g[16];
    for (int t = 0; t < m->tables; t++) {
        if (!sw_matrix_table_plays(r->mx, k, rd, t))
            continue;
        const sw_table *tb = sw_movement_at(m, rd, t);
        int j, lt = sw_season_local_table(s, k, t, &j), first, last;
        sw_strbuf_printf(o, "%d,%d,%d,%d,", k + 1, rd + 1, lt, pid(r, as[tb->seat[0]]));
        sw_strbuf_csv_field(o, pname(r, as[tb->seat[0]]));
        sw_strbuf_printf(o, ",%d,", pid(r, as[tb->seat[1]]));
        sw_strbuf_csv_field(o, pname(r, as[tb->seat[1]]));
        if (tb->group > 0)
            sw_season_group_label(s, k, tb->group, g, sizeof g);
        else
            g[0] = '\0';
        sw_strbuf_puts(o, ",");
        sw_strbuf_csv_field(o, g);
        sw_strbuf_puts(o, ",,");
        csv_section(r, k, tb->seat[0], o);
        sw_strbuf_printf(o, ",%d,%d,", start_number(r, k, tb->seat[0]),
                         start_number(r, k, tb->seat[1]));
        if (board_numbers(r, k, rd, t, &first, &last))
            sw_strbuf_printf(o, ",%d,%d\n", first, last);
        else
            sw_strbuf_puts(o, ",,\n");
    }
    for (int p = 1; p <= m->positions; p++) {
        if (!as[p] || position_plays(r, k, rd, p))
            continue;
        sw_strbuf_printf(o, "%d,%d,,,,,,,%d,", k + 1, rd + 1, pid(r, as[p]));
        sw_strbuf_csv_field(o, pname(r, as[p]));
        csv_section(r, k, p, o);
        sw_strbuf_printf(o, ",,,%d,,\n", start_number(r, k, p));
    }
}

bool sw_report_seats_csv(const sw_report *r, sw_strbuf *o) {
    const sw_season *s = r->season;
    for (int i = 0; i < s->nmovements; i++)
        if (s->movements[i].seats != 2)
            return false;
    sw_strbuf_puts(o, "session,round,table,ns,ns_name,ew,ew_name,boards,sits_out,sits_out_name,"
                      "section,ns_start,ew_start,sits_out_start,first_board,last_board\n");
    for (int k = 0; k < s->nsessions; k++) {
        if (!shown(r, k))
            continue;
        const sw_movement *m = &s->movements[s->sessions[k].movement];
        for (int rd = 0; rd < m->rounds; rd++)
            csv_round(r, k, rd, o);
    }
    return true;
}
