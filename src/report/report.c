/* src/report/report.c: text, JSON and CSV reports of a season.
 * SPDX-License-Identifier: MIT */
#include "report/report.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "util/utf8.h"

/* ---- shared helpers ---- */

static int pid(const sw_report *r, int idx1) { /* participant index+1 -> id, 0 stays 0 */
    return idx1 ? r->season->part[idx1 - 1].id : 0;
}

static double comp(const sw_report *r, int i, int j) {
    return (double)sw_matrix_comp(r->mx, i, j) / (double)r->mx->scale;
}

/* The largest M, rounded up to a whole number (the histogram's columns). */
static int max_meet(const sw_matrix *mx) {
    int mv = 0;
    for (int i = 0; i < mx->n; i++)
        for (int j = 0; j < mx->n; j++)
            if (i != j && sw_matrix_meet(mx, i, j) > mv)
                mv = sw_matrix_meet(mx, i, j);
    return (int)((mv + mx->unit - 1) / mx->unit);
}

/* Meetings times unit as text, exactly (sw_meet_format). */
typedef struct meet_text {
    char s[48];
} meet_text;

static meet_text mtext(int64_t v, int64_t unit) {
    meet_text t;
    sw_meet_format(t.s, sizeof t.s, v, unit);
    return t;
}

/* The same as a JSON number: exact when the decimal ends, else to 10
 * significant digits (the reader rounds it to the matrices' unit). */
static meet_text mjson(int64_t v, int64_t unit) {
    meet_text t = mtext(v, unit);
    if (strchr(t.s, '/'))
        snprintf(t.s, sizeof t.s, "%.10g", (double)v / (double)unit);
    return t;
}

/* ---- text ---- */

/* Tonight's figures: first meetings and rematches of the planned sessions
 * and in total (history and played sessions included), and the rounds
 * before a pair meets again. */
static void text_figures(const sw_report *r, sw_strbuf *o) {
    sw_meeting_figures pl, all;
    long long rep;
    int free_rounds;
    if (sw_criteria_figures(r->mx, &pl, &all) != 0 ||
        sw_criteria_repeats(r->mx, &rep, &free_rounds) != 0)
        return;
    int64_t u = pl.unit;
    sw_strbuf_printf(o, "  %-22s %10s %10s\n", "meeting figures", "planned", "in total");
    sw_strbuf_printf(o, "    %-20s %10s %10s\n", "meetings", mtext(pl.meetings, u).s,
                     mtext(all.meetings, u).s);
    sw_strbuf_printf(o, "    %-20s %10s %10s\n", "first meetings", mtext(pl.first, u).s,
                     mtext(all.first, u).s);
    sw_strbuf_printf(o, "    %-20s %10s %10s\n", "rematches", mtext(pl.rematches, u).s,
                     mtext(all.rematches, u).s);
    sw_strbuf_printf(o, "    %-20s %10s %10s\n", "most for one pair", mtext(pl.most, u).s,
                     mtext(all.most, u).s);
    sw_strbuf_printf(o, "  %d round%s before a pair meets again%s\n", free_rounds,
                     free_rounds == 1 ? "" : "s",
                     r->season->history.meet ? " (meetings of the history count)" : "");
}

static void text_criteria(const sw_report *r, sw_strbuf *o) {
    const sw_criteria *c = r->crit, *b = r->before;
    sw_strbuf_puts(o, "criteria (lower is better; Q: 100 is perfect)\n");
    sw_strbuf_printf(o, "  %-4s %14s%s\n", "", "value", b ? "          before" : "");
#define ROW(name, field)                                                                           \
    do {                                                                                           \
        sw_strbuf_printf(o, "  %-4s %14.4f", name, c->field);                                      \
        if (b)                                                                                     \
            sw_strbuf_printf(o, " %15.4f", b->field);                                              \
        sw_strbuf_puts(o, "\n");                                                                   \
    } while (0)
    ROW("Sr", Sr);
    ROW("So", So);
    ROW("Sp", Sp);
    ROW("Sc", Sc);
    ROW("Qo", Qo);
    ROW("Qc", Qc);
#undef ROW
    if (r->has_qf) {
        const sw_movement *m = &r->season->movements[0];
        sw_strbuf_printf(o, "  %-4s %14.2f", "Qf", r->qf);
        if (m->has_ref_qf)
            sw_strbuf_printf(o, "   (the file's balans value: %.2f)", m->ref_qf);
        sw_strbuf_puts(o, "\n");
    }
    sw_strbuf_printf(o,
                     "  So lower bound %.4f, gap %.4f: the same %s meetings spread as flat as "
                     "the history,\n    the played sessions, who can still meet (presence, "
                     "sections, pins) and the\n    rounds each pair plays allow\n",
                     c->So_bound, c->So - c->So_bound, mtext(c->meetings, c->unit).s);
    text_figures(r, o);
}

/* Whether position p sits at a playing table in round rd of session k. */
static bool position_plays(const sw_report *r, int k, int rd, int p) {
    const sw_movement *m = &r->season->movements[r->season->sessions[k].movement];
    for (int t = 0; t < m->tables; t++)
        for (int d = 0; d < m->seats; d++)
            if (sw_movement_at(m, rd, t)->seat[d] == p)
                return sw_matrix_table_plays(r->mx, k, rd, t);
    return false;
}

/* Who sits out in each round of session k: present participants whose
 * position is at no playing table that round. */
static void text_sitouts(const sw_report *r, int k, sw_strbuf *o) {
    const sw_movement *m = &r->season->movements[r->season->sessions[k].movement];
    const int *as = r->mx->assign[k];
    bool any = false;
    for (int rd = 0; rd < m->rounds; rd++) {
        bool first = true;
        for (int p = 1; p <= m->positions; p++) {
            if (!as[p] || position_plays(r, k, rd, p))
                continue;
            if (first)
                sw_strbuf_printf(o, "%s round %d:",
                                 !any          ? "\n    sits out:"
                                 : r->no_names ? ";"
                                               : "\n             ",
                                 rd + 1);
            sw_strbuf_printf(o, " %d", pid(r, as[p]));
            if (!r->no_names && r->season->part[as[p] - 1].name)
                sw_strbuf_printf(o, " %s", r->season->part[as[p] - 1].name);
            any = true;
            first = false;
        }
    }
}

/* Session k's renumbering with names, in two columns side by side:
 * "position pair name", names padded by display width. */
static void text_renumbering(const sw_report *r, int k, sw_strbuf *o) {
    const sw_season *s = r->season;
    const sw_movement *m = &s->movements[s->sessions[k].movement];
    const int *as = r->mx->assign[k];
    size_t w = 4;
    for (int p = 1; p <= m->positions; p++)
        if (as[p] && s->part[as[p] - 1].name) {
            size_t nw = sw_utf8_width(s->part[as[p] - 1].name);
            w = nw > w ? nw : w;
        }
    if (w > 28)
        w = 28;
    int half = (m->positions + 1) / 2;
    sw_strbuf_puts(o, "\n    pos  pair  ");
    sw_strbuf_pad(o, "name", w);
    if (m->positions > 1)
        sw_strbuf_puts(o, "    pos  pair  name");
    for (int a = 1; a <= half; a++) {
        for (int p = a; p <= m->positions; p += half) {
            const char *nm = as[p] ? s->part[as[p] - 1].name : "(empty)";
            if (p == a)
                sw_strbuf_printf(o, "\n    %3d %5d  ", p, pid(r, as[p]));
            else
                sw_strbuf_printf(o, "    %3d %5d  ", p, pid(r, as[p]));
            if (p + half <= m->positions)
                sw_strbuf_pad(o, nm, w);
            else
                sw_strbuf_puts(o, nm ? nm : "");
        }
    }
}

static void text_sessions(const sw_report *r, sw_strbuf *o) {
    const sw_season *s = r->season;
    sw_strbuf_puts(o, r->no_names ? "\nsessions: participant at each position (0 = empty)\n"
                                  : "\nsessions: the pair at each position (0 = empty)\n");
    for (int k = 0; k < s->nsessions; k++) {
        const sw_session *ss = &s->sessions[k];
        const sw_movement *m = &s->movements[ss->movement];
        sw_strbuf_printf(o, "  session %d%s  ", k + 1, ss->played ? " (played)" : "");
        sw_season_movement_label(s, k, o);
        for (int j = 0; j < ss->nsections; j++) {
            const sw_section *sec = &ss->sections[j];
            int P = s->movements[sec->movement].positions;
            sw_strbuf_printf(o, "%s%s: positions %d-%d", j ? ", " : "\n    sections ", sec->name,
                             sec->first_position + 1, sec->first_position + P);
        }
        sw_strbuf_puts(o, r->no_names ? "\n   " : "");
        if (r->no_names)
            for (int p = 1; p <= m->positions; p++)
                sw_strbuf_printf(o, " %d:%d", p, pid(r, ss->assign[p]));
        else
            text_renumbering(r, k, o);
        bool any = false;
        for (int i = 0; i < s->n; i++)
            if (!ss->present[i]) {
                sw_strbuf_printf(
                    o, "%s%d", any ? (r->no_names ? " " : ", ") : "\n    absent: ", s->part[i].id);
                if (!r->no_names && s->part[i].name)
                    sw_strbuf_printf(o, " %s", s->part[i].name);
                any = true;
            }
        text_sitouts(r, k, o);
        sw_strbuf_puts(o, "\n");
    }
}

/* The widest M entry as text, at least 3. */
static int meet_width(const sw_matrix *mx) {
    int w = 3;
    for (int i = 0; mx->unit > 1 && i < mx->n; i++)
        for (int j = 0; j < mx->n; j++) {
            int len = (int)strlen(mtext(sw_matrix_meet(mx, i, j), mx->unit).s);
            w = i != j && len > w ? len : w;
        }
    return w;
}

static void text_matrix(const sw_report *r, sw_strbuf *o, const char *title, int which) {
    const sw_matrix *mx = r->mx;
    int w = which == 1 ? 6 : which == 0 ? meet_width(mx) : 3;
    sw_strbuf_printf(o, "\n%s\n%6s", title, "");
    for (int j = 0; j < mx->n; j++)
        sw_strbuf_printf(o, " %*d", w, r->season->part[j].id);
    sw_strbuf_puts(o, "\n");
    for (int i = 0; i < mx->n; i++) {
        sw_strbuf_printf(o, "%6d", r->season->part[i].id);
        for (int j = 0; j < mx->n; j++) {
            if (i == j)
                sw_strbuf_printf(o, " %*s", w, "*");
            else if (which == 0)
                sw_strbuf_printf(o, " %*s", w, mtext(sw_matrix_meet(mx, i, j), mx->unit).s);
            else if (which == 1)
                sw_strbuf_printf(o, " %*.2f", w, comp(r, i, j));
            else
                sw_strbuf_printf(o, " %*d", w, sw_matrix_coinc(mx, i, j));
        }
        sw_strbuf_puts(o, "\n");
    }
}

/* What a history per player became: rows mapped, the pairs whose meetings
 * are a fraction (kept exact), rows left out and (the first 10 of) the
 * players in no pair, so a mistyped id shows. */
static void text_player_history(const sw_season *s, sw_strbuf *o) {
    const sw_history *h = &s->history;
    long long fractional = 0;
    for (int i = 0; i < s->n; i++)
        for (int j = i + 1; j < s->n; j++)
            fractional += h->meet[(size_t)i * (size_t)s->n + (size_t)j] % h->unit != 0;
    sw_strbuf_printf(o,
                     "history per player: %d row%s mapped onto the pairs exactly (%lld pair%s "
                     "met a fraction of a meeting)",
                     h->player_rows, h->player_rows == 1 ? "" : "s", fractional,
                     fractional == 1 ? "" : "s");
    if (h->player_rows_left_out) {
        sw_strbuf_printf(o,
                         "; %d row%s left out, of %d player%s in no pair:", h->player_rows_left_out,
                         h->player_rows_left_out == 1 ? "" : "s", h->nplayers_left_out,
                         h->nplayers_left_out == 1 ? "" : "s");
        for (int i = 0; i < h->nplayers_left_out && i < 10; i++)
            sw_strbuf_printf(o, " %d", h->players_left_out[i]);
        if (h->nplayers_left_out > 10)
            sw_strbuf_puts(o, " ...");
    }
    sw_strbuf_puts(o, "\n");
}

static void text_participants(const sw_report *r, sw_strbuf *o) {
    const sw_matrix *mx = r->mx;
    int maxv = max_meet(mx);
    if (maxv > 9)
        maxv = 9;
    int hist[10];
    sw_strbuf_printf(o, "\nparticipants: rests, and how many opponents met 0, 1, 2... times%s\n",
                     mx->unit > 1 ? " (a fraction\n  of a meeting counted at the next whole number)"
                                  : "");
    sw_strbuf_printf(o, "  %6s %-28s %5s", "id", "name", "rests");
    for (int v = 0; v <= maxv; v++)
        sw_strbuf_printf(o, " %3d%s", v, v == maxv && maxv == 9 ? "+" : "x");
    sw_strbuf_puts(o, "\n");
    for (int i = 0; i < mx->n; i++) {
        const sw_participant *p = &r->season->part[i];
        sw_criteria_histogram(mx, i, hist, maxv);
        sw_strbuf_printf(o, "  %6d ", p->id);
        sw_strbuf_pad(o, p->name, 28);
        sw_strbuf_printf(o, " %5s", mtext(mx->rests[i], mx->runit).s);
        for (int v = 0; v <= maxv; v++)
            sw_strbuf_printf(o, " %4d", hist[v]);
        sw_strbuf_puts(o, "\n");
    }
}

void sw_report_text(const sw_report *r, sw_strbuf *o) {
    const sw_season *s = r->season;
    int played = 0;
    for (int k = 0; k < s->nsessions; k++)
        played += s->sessions[k].played;
    sw_strbuf_printf(o, "%s\n%d participants, %d session%s (%d played)\n",
                     r->title ? r->title : "seatwise", s->n, s->nsessions,
                     s->nsessions == 1 ? "" : "s", played);
    if (s->history.meet) {
        long long pairs = 0, meetings = 0;
        for (int i = 0; i < s->n; i++)
            for (int j = i + 1; j < s->n; j++) {
                int32_t v = s->history.meet[(size_t)i * (size_t)s->n + (size_t)j];
                int64_t c = s->history.comp[(size_t)i * (size_t)s->n + (size_t)j];
                pairs += v != 0 || c != 0;
                meetings += v;
            }
        sw_strbuf_printf(o,
                         "history: %s meetings of %lld pairs before the season, counted "
                         "in M and C\n",
                         mtext(meetings, s->history.unit).s, pairs);
        const sw_history *h = &s->history;
        if (h->player_rows || h->player_rows_left_out)
            text_player_history(s, o);
    }
    sw_strbuf overrides;
    sw_strbuf_init(&overrides);
    sw_season_pin_overrides(s, &overrides);
    if (overrides.len && !overrides.failed)
        sw_strbuf_printf(o, "pins for one session that replace a pin for the season:\n%s",
                         sw_strbuf_cstr(&overrides));
    sw_strbuf_free(&overrides);
    sw_strbuf_puts(o, "\n");
    text_criteria(r, o);
    sw_report_changes_text(r, o);
    if (!r->has_qf)
        text_sessions(r, o);
    text_participants(r, o);
    text_matrix(r, o, "meetings M (rounds at the same playing table)", 0);
    text_matrix(r, o, "competition C (effective meetings)", 1);
    if (s->nsessions > 1)
        text_matrix(r, o, "coincidence K (sessions both present)", 2);
}

/* ---- JSON ---- */

static void json_num(sw_strbuf *o, double v) {
    if (isfinite(v))
        sw_strbuf_printf(o, "%.10g", v);
    else
        sw_strbuf_puts(o, "null");
}

/* Session k's sections and the pins in force (only when it has any). */
static void json_sections(const sw_report *r, int k, sw_strbuf *o) {
    const sw_season *s = r->season;
    const sw_session *ss = &s->sessions[k];
    if (ss->nsections) {
        sw_strbuf_puts(o, ", \"sections\": [");
        for (int j = 0; j < ss->nsections; j++) {
            const sw_section *sec = &ss->sections[j];
            const sw_movement *sm = &s->movements[sec->movement];
            const char *f = s->movement_files[sec->movement];
            sw_strbuf_puts(o, j ? ", {\"name\": " : "{\"name\": ");
            sw_strbuf_json_string(o, sec->name);
            sw_strbuf_puts(o, ", \"movement\": ");
            sw_strbuf_json_string(o, f ? f : "");
            sw_strbuf_printf(o, ", \"positions\": [%d, %d], \"tables\": [%d, %d]}",
                             sec->first_position + 1, sec->first_position + sm->positions,
                             sec->first_table + 1, sec->first_table + sm->tables);
        }
        sw_strbuf_puts(o, "]");
    }
    if (ss->fixed) {
        sw_strbuf_puts(o, ", \"pins\": [");
        for (int i = 0, c = 0; i < s->n; i++) {
            if (!ss->pin[i])
                continue;
            sw_strbuf_printf(o, "%s{\"participant\": %d, ", c++ ? ", " : "", s->part[i].id);
            if (ss->fixed[i]) {
                sw_strbuf_printf(o, "\"position\": %d}", ss->fixed[i]);
                continue;
            }
            sw_strbuf_puts(o, "\"sections\": [");
            for (int j = 0, d = 0; j < ss->nsections; j++)
                if ((ss->allowed[i] >> j) & 1u) {
                    sw_strbuf_puts(o, d++ ? ", " : "");
                    sw_strbuf_json_string(o, ss->sections[j].name);
                }
            sw_strbuf_puts(o, "]}");
        }
        sw_strbuf_puts(o, "]");
    }
}

static void json_sessions(const sw_report *r, sw_strbuf *o) {
    const sw_season *s = r->season;
    sw_strbuf_puts(o, "\"sessions\": [");
    for (int k = 0; k < s->nsessions; k++) {
        const sw_session *ss = &s->sessions[k];
        const sw_movement *m = &s->movements[ss->movement];
        sw_strbuf_printf(o, "%s\n  {\"number\": %d, \"played\": %s, \"movement\": ", k ? "," : "",
                         k + 1, ss->played ? "true" : "false");
        sw_strbuf json_label;
        sw_strbuf_init(&json_label);
        sw_season_movement_label(s, k, &json_label);
        sw_strbuf_json_string(o, json_label.failed ? "" : sw_strbuf_cstr(&json_label));
        sw_strbuf_free(&json_label);
        json_sections(r, k, o);
        sw_strbuf_puts(o, ", \"present\": [");
        for (int i = 0, c = 0; i < s->n; i++)
            if (ss->present[i])
                sw_strbuf_printf(o, "%s%d", c++ ? "," : "", s->part[i].id);
        sw_strbuf_puts(o, "], \"positions\": [");
        for (int p = 1; p <= m->positions; p++)
            sw_strbuf_printf(o, "%s%d", p > 1 ? "," : "", pid(r, r->mx->assign[k][p]));
        sw_strbuf_puts(o, "],\n   \"rounds\": [");
        for (int rd = 0; rd < m->rounds; rd++) {
            sw_strbuf_printf(o, "%s\n    {\"round\": %d, \"tables\": [", rd ? "," : "", rd + 1);
            for (int t = 0; t < m->tables; t++) {
                const sw_table *tb = sw_movement_at(m, rd, t);
                int j, lt = sw_season_local_table(s, k, t, &j);
                sw_strbuf_printf(o, "%s{\"table\": %d, ", t ? ", " : "", t + 1);
                if (j >= 0) {
                    /* the section's own numbering; boards named "A:B" (section
                     * A's group B) so no two sections share a board set */
                    sw_strbuf_puts(o, "\"section\": ");
                    sw_strbuf_json_string(o, ss->sections[j].name);
                    sw_strbuf_printf(o, ", \"section_table\": %d, ", lt);
                }
                sw_strbuf_puts(o, "\"boards\": ");
                if (tb->group > 0) {
                    char g[16], gj[48];
                    sw_season_group_label(s, k, tb->group, g, sizeof g);
                    if (j >= 0)
                        snprintf(gj, sizeof gj, "%s:%s", ss->sections[j].name, g);
                    else
                        snprintf(gj, sizeof gj, "%s", g);
                    sw_strbuf_json_string(o, gj);
                } else {
                    sw_strbuf_puts(o, "null");
                }
                sw_strbuf_puts(o, ", \"seats\": [");
                for (int d = 0; d < m->seats; d++)
                    sw_strbuf_printf(o, "%s%d", d ? "," : "",
                                     tb->seat[d] > 0 ? pid(r, r->mx->assign[k][tb->seat[d]]) : 0);
                sw_strbuf_printf(o, "], \"plays\": %s}",
                                 sw_matrix_table_plays(r->mx, k, rd, t) ? "true" : "false");
            }
            sw_strbuf_puts(o, "]}");
        }
        sw_strbuf_puts(o, "]}");
    }
    sw_strbuf_puts(o, "],\n");
}

static const char *const criteria_names[] = {"So", "Sr",       "Sp",     "Sc", "Qo",
                                             "Qc", "So_bound", "So_gap", "g",  "gc"};

void sw_report_json_criteria(const sw_criteria *c, bool has_qf, double qf, sw_strbuf *o) {
    double vals[] = {NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN};
    if (c) {
        double v[] = {c->So, c->Sr, c->Sp, c->Sc, c->Qo, c->Qc, c->So_bound, c->So - c->So_bound,
                      c->g,  c->gc};
        memcpy(vals, v, sizeof vals);
    }
    for (size_t i = 0; i < sizeof vals / sizeof *vals; i++) {
        sw_strbuf_printf(o, "%s\"%s\": ", i ? ", " : "", criteria_names[i]);
        json_num(o, vals[i]);
    }
    sw_strbuf_puts(o, ", \"Qf\": ");
    json_num(o, has_qf ? qf : NAN);
}

void sw_report_json_meeting_counts(const sw_meeting_figures *fig, sw_strbuf *o) {
    if (!fig) {
        sw_strbuf_puts(o, ", \"meeting_counts\": null");
        return;
    }
    for (int x = 0; x < 2; x++) {
        int64_t u = fig[x].unit;
        sw_strbuf_printf(o,
                         "%s\"%s\": {\"meetings\": %s, \"first\": %s, \"rematches\": "
                         "%s, \"most\": %s}%s",
                         x ? ", " : ", \"meeting_counts\": {", x ? "total" : "planned",
                         mjson(fig[x].meetings, u).s, mjson(fig[x].first, u).s,
                         mjson(fig[x].rematches, u).s, mjson(fig[x].most, u).s, x ? "}" : "");
    }
}

static void json_metrics(const sw_report *r, sw_strbuf *o) {
    const sw_criteria *c = r->crit;
    sw_strbuf_puts(o, "\"metrics\": {");
    sw_report_json_criteria(c, r->has_qf, r->qf, o);
    sw_strbuf_printf(o, ", \"meetings\": %s", mjson(c->meetings, c->unit).s);
    long long rep;
    int free_rounds;
    if (sw_criteria_repeats(r->mx, &rep, &free_rounds) == 0)
        sw_strbuf_printf(o, ", \"repeats\": %s, \"repeat_free_rounds\": %d",
                         mjson(rep, r->mx->unit).s, free_rounds);
    sw_meeting_figures fig[2];
    bool has_fig = sw_criteria_figures(r->mx, &fig[0], &fig[1]) == 0;
    sw_report_json_meeting_counts(has_fig ? fig : NULL, o);
    if (r->before) {
        sw_strbuf_puts(o, ", \"before\": {");
        const sw_criteria *b = r->before;
        double bv[] = {b->So, b->Sr, b->Sp, b->Sc, b->Qo, b->Qc};
        for (int i = 0; i < 6; i++) {
            sw_strbuf_printf(o, "%s\"%s\": ", i ? ", " : "", criteria_names[i]);
            json_num(o, bv[i]);
        }
        sw_strbuf_puts(o, "}");
    }
    sw_strbuf_puts(o, "},\n");
}

static void json_matrix(const sw_report *r, sw_strbuf *o, int which) {
    const sw_matrix *mx = r->mx;
    sw_strbuf_puts(o, "[");
    for (int i = 0; i < mx->n; i++) {
        sw_strbuf_puts(o, i ? ",\n  [" : "\n  [");
        for (int j = 0; j < mx->n; j++) {
            if (j)
                sw_strbuf_puts(o, ",");
            if (which == 0)
                sw_strbuf_puts(o, mjson(i == j ? 0 : sw_matrix_meet(mx, i, j), mx->unit).s);
            else if (which == 1)
                json_num(o, i == j ? 0.0 : comp(r, i, j));
            else
                sw_strbuf_printf(o, "%d", i == j ? 0 : sw_matrix_coinc(mx, i, j));
        }
        sw_strbuf_puts(o, "]");
    }
    sw_strbuf_puts(o, "]");
}

void sw_report_json(const sw_report *r, sw_strbuf *o) {
    const sw_season *s = r->season;
    sw_strbuf_puts(o, "{\"title\": ");
    sw_strbuf_json_string(o, r->title ? r->title : "");
    sw_strbuf_puts(o, ",\n\"participants\": [");
    for (int i = 0; i < s->n; i++) {
        sw_strbuf_printf(o, "%s\n  {\"id\": %d, \"name\": ", i ? "," : "", s->part[i].id);
        sw_strbuf_json_string(o, s->part[i].name ? s->part[i].name : "");
        int64_t V = r->mx->runit;
        sw_strbuf_printf(o, ", \"rests_before\": %s, \"rests\": %s}",
                         mtext(sw_participant_rests(&s->part[i], (int)V), V).s,
                         mtext(r->mx->rests[i], V).s);
    }
    sw_strbuf_puts(o, "],\n");
    json_sessions(r, o);
    sw_report_changes_json(r, o);
    json_metrics(r, o);
    /* scale: every competition value is a whole number of 1/scale, so the
     * output read back as a history (historyfrom.c) is exact */
    sw_strbuf_printf(o, "\"matrices\": {\"scale\": %lld, ", (long long)r->mx->scale);
    /* meetings_unit, when a history makes meetings fractions: every
     * meetings value is a whole number of 1/meetings_unit */
    if (r->mx->unit > 1)
        sw_strbuf_printf(o, "\"meetings_unit\": %lld, ", (long long)r->mx->unit);
    /* rests_unit, when a pair carries half a rest from its players: every
     * rests value (and rests_before) is a whole number of 1/rests_unit */
    if (r->mx->runit > 1)
        sw_strbuf_printf(o, "\"rests_unit\": %lld, ", (long long)r->mx->runit);
    sw_strbuf_puts(o, "\"meetings\": ");
    json_matrix(r, o, 0);
    sw_strbuf_puts(o, ",\n\"competition\": ");
    json_matrix(r, o, 1);
    sw_strbuf_puts(o, ",\n\"coincidence\": ");
    json_matrix(r, o, 2);
    sw_strbuf_puts(o, ",\n\"rests\": [");
    for (int i = 0; i < s->n; i++)
        sw_strbuf_printf(o, "%s%s", i ? "," : "", mtext(r->mx->rests[i], r->mx->runit).s);
    sw_strbuf_puts(o, "]}}\n");
}

/* ---- CSV ---- */

void sw_report_csv(const sw_report *r, sw_strbuf *o) {
    const sw_matrix *mx = r->mx;
    const sw_participant *p = r->season->part;
    sw_strbuf_puts(o, "matrix,participant,other,value\n");
    static const char *names[] = {"meetings", "competition", "coincidence"};
    for (int which = 0; which < 3; which++)
        for (int i = 0; i < mx->n; i++)
            for (int j = 0; j < mx->n; j++) {
                if (i == j)
                    continue;
                sw_strbuf_printf(o, "%s,%d,%d,", names[which], p[i].id, p[j].id);
                if (which == 0)
                    sw_strbuf_printf(o, "%s\n", mjson(sw_matrix_meet(mx, i, j), mx->unit).s);
                else if (which == 1)
                    sw_strbuf_printf(o, "%.10g\n", comp(r, i, j));
                else
                    sw_strbuf_printf(o, "%d\n", sw_matrix_coinc(mx, i, j));
            }
    for (int i = 0; i < mx->n; i++)
        sw_strbuf_printf(o, "rests,%d,,%s\n", p[i].id, mtext(mx->rests[i], mx->runit).s);
}
