/* src/swiss/h9.c: the EGF results file (.h9) of a Go tournament, in the
 * layout OpenGotha exports for the European rating list: a header of
 * `; XX[...]` lines (class, event, place, dates, handicap, komi, time), then
 * one fixed-column line per player who played or had a bye, in final
 * standings order, with the placement criteria and every round's game.
 * The text is ISO-8859-15, as the rating list reads it.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "swiss/go.h"
#include "swiss/go_internal.h"
#include "swiss/xml.h"

/* s in ISO-8859-15 (a character it lacks becomes '?'), spaces turned into
 * `space`, into buf (cap bytes, NUL-terminated). */
static void latin9(const char *s, char space, char *buf, size_t cap) {
    size_t n = 0;
    while (*s && n + 1 < cap) {
        uint32_t c = sw_go_utf8_next(&s);
        static const struct {
            uint32_t u;
            unsigned char b;
        } diff[] = {{0x20AC, 0xA4}, {0x160, 0xA6}, {0x161, 0xA8}, {0x17D, 0xB4},
                    {0x17E, 0xB8},  {0x152, 0xBC}, {0x153, 0xBD}, {0x178, 0xBE}};
        unsigned char b = c < 0x100 && !(c == 0xA4 || c == 0xA6 || c == 0xA8 || c == 0xB4 ||
                                         c == 0xB8 || c == 0xBC || c == 0xBD || c == 0xBE)
                              ? (unsigned char)c
                              : '?';
        for (size_t i = 0; i < sizeof diff / sizeof *diff; i++)
            if (diff[i].u == c)
                b = diff[i].b;
        buf[n++] = c == ' ' ? space : (char)b;
    }
    buf[n] = 0;
}

const char *sw_go_general_attr(const sw_go_tournament *t, const char *name, const char *def) {
    const sw_xml_node *tps = sw_xml_child(t->doc, "TournamentParameterSet");
    const sw_xml_node *g = tps ? sw_xml_child(tps, "GeneralParameterSet") : NULL;
    const char *v = g ? sw_xml_attr_get(g, name) : NULL;
    return v ? v : def;
}

static long gen_long(const sw_go_tournament *t, const char *name) {
    return strtol(sw_go_general_attr(t, name, "0"), NULL, 10);
}

/* EGF class and adjusted time (minutes) from the time settings. */
static char egf_class(const sw_go_tournament *t, long *adjusted, const char **system) {
    const char *ts = sw_go_general_attr(t, "complementaryTimeSystem", "SUDDENDEATH");
    long basic = gen_long(t, "basicTime"), secs = basic * 60;
    bool fischer = !strcmp(ts, "FISCHER"),
         internet = !strcmp(sw_go_general_attr(t, "bInternet", ""), "true");
    *system = "Sudden death";
    if (!strcmp(ts, "STDBYOYOMI")) {
        secs += 45 * gen_long(t, "stdByoYomiTime");
        *system = "Standard byo-yomi";
    } else if (!strcmp(ts, "CANBYOYOMI")) {
        long moves = gen_long(t, "nbMovesCanTime");
        secs += moves > 0 ? 60 * gen_long(t, "canByoYomiTime") / moves : 0;
        *system = "Canadian byo-yomi";
    } else if (fischer) {
        secs += 120 * gen_long(t, "fischerTime");
        *system = "Fischer";
    }
    *adjusted = secs / 60;
    long a = *adjusted;
    if (internet)
        return (fischer ? basic >= 30 && a >= 50 : basic >= 40 && a >= 50) ? 'D' : 'X';
    if (fischer)
        return basic >= 45 && a >= 75   ? 'A'
               : basic >= 30 && a >= 50 ? 'B'
               : basic >= 20 && a >= 30 ? 'C'
                                        : 'X';
    return basic >= 60 && a >= 75   ? 'A'
           : basic >= 40 && a >= 50 ? 'B'
           : basic >= 25 && a >= 30 ? 'C'
                                    : 'X';
}

/* A criterion value, 4 characters right-aligned. OpenGotha writes halves as
 * '½', a character ISO-8859-15 does not have (its 0xBD is 'œ'); seatwise
 * writes .5 (and .25, .75 for SODOS). */
static void put_value(sw_strbuf *sb, sw_go_crit c, int64_t v) {
    int scale = sw_go_crit_scale(c);
    int64_t whole = v / scale, part = v % scale;
    char buf[32];
    if (part < 0) {
        whole--;
        part += scale;
    }
    int q = (int)(part * 4 / scale);
    if (q)
        snprintf(buf, sizeof buf, "%lld.%s", (long long)whole, q == 1 ? "25" : q == 2 ? "5" : "75");
    else
        snprintf(buf, sizeof buf, "%lld", (long long)whole);
    sw_strbuf_printf(sb, " %4s", buf);
}

static const sw_go_game *game_of(const sw_go_tournament *t, int p, int r) {
    for (int i = 0; i < t->ngames; i++)
        if (t->games[i].round == r && (t->games[i].white == p || t->games[i].black == p))
            return &t->games[i];
    return NULL;
}

static bool bye_of(const sw_go_tournament *t, int p, int r) {
    for (int i = 0; i < t->nbyes; i++)
        if (t->byes[i].round == r && t->byes[i].player == p)
            return true;
    return false;
}

static char result_char(const sw_go_game *g, bool white) {
    switch (g->result) {
    case SW_GO_RES_WHITE:
        return white ? '+' : '-';
    case SW_GO_RES_BLACK:
        return white ? '-' : '+';
    case SW_GO_RES_EQUAL:
        return '=';
    case SW_GO_RES_BOTHWIN:
        return '+';
    case SW_GO_RES_BOTHLOSE:
        return '-';
    default:
        return '?';
    }
}

static void put_round(const sw_go_tournament *t, const int *number, int p, int r, sw_strbuf *sb) {
    const sw_go_game *g = game_of(t, p, r);
    bool mcmahon = t->par.crit[0] == SW_GO_C_MMS;
    if (!g) {
        int v = 0;
        if (bye_of(t, p, r))
            v = mcmahon ? t->par.mms2_bye : t->par.nbw2_bye;
        else if (!t->players[p].plays[r])
            v = mcmahon ? t->par.mms2_absent : t->par.nbw2_absent;
        sw_strbuf_printf(sb, "    0%c   ", v == 2 ? '+' : v == 1 ? '=' : '-');
        return;
    }
    if (g->bydef) {
        sw_strbuf_puts(sb, "       0=");
        return;
    }
    bool white = g->white == p;
    char cell[32];
    snprintf(cell, sizeof cell, "%d%c/%c%d", number[white ? g->black : g->white],
             result_char(g, white), white ? 'w' : 'b', g->handicap);
    sw_strbuf_printf(sb, " %8s", cell);
}

sw_status sw_go_write_h9(const sw_go_tournament *t, const char *generator, sw_strbuf *out,
                         sw_error *err) {
    int last = sw_go_last_round(t);
    if (last < 0)
        return sw_error_set(err, SW_ERR_INVALID, t->path, 0, "no round has been played");
    sw_go_standing *s;
    int n;
    sw_status st = sw_go_standings(t, last, &s, &n, err);
    if (st)
        return st;
    int *number = calloc((size_t)t->nplayers + 1, sizeof *number);
    if (!number) {
        free(s);
        return sw_error_set(err, SW_ERR_NOMEM, t->path, 0, "out of memory");
    }
    int m = 0; /* keep the players who played or had a bye */
    for (int i = 0; i < n; i++) {
        bool in = false;
        for (int r = 0; r <= last && !in; r++)
            in = game_of(t, s[i].player, r) || bye_of(t, s[i].player, r);
        if (in)
            s[m++] = s[i];
    }
    for (int i = 0; i < m; i++)
        number[s[i].player] = i + 1;
    char buf[512], buf2[512];
    long adjusted;
    const char *system;
    char cls = egf_class(t, &adjusted, &system);
    sw_strbuf_printf(out, "; CL[%c]\n", cls);
    latin9(sw_go_general_attr(t, "name", ""), ' ', buf, sizeof buf);
    sw_strbuf_printf(out, "; EV[%s]\n", buf);
    latin9(sw_go_general_attr(t, "location", ""), ' ', buf, sizeof buf);
    sw_strbuf_printf(out, "; PC[,%s]\n", buf);
    latin9(sw_go_general_attr(t, "beginDate", ""), ' ', buf, sizeof buf);
    latin9(sw_go_general_attr(t, "endDate", ""), ' ', buf2, sizeof buf2);
    sw_strbuf_printf(out, "; DT[%s,%s]\n", buf, buf2);
    if (t->par.hd_correction > 0)
        sw_strbuf_printf(out, "; HA[h%d]\n", t->par.hd_correction);
    latin9(sw_go_general_attr(t, "komi", ""), ' ', buf, sizeof buf);
    sw_strbuf_printf(out, "; KM[%s]\n; TM[%ld]\n; CM[%s]\n", buf, adjusted, system);
    sw_strbuf_printf(out, "; Generated by %s\n;\n; Pl Name                            Rk Co Club",
                     generator);
    int ncrit = 0;
    for (int c = 0; c < 6; c++)
        if (t->par.crit[c] != SW_GO_C_NULL) {
            sw_strbuf_printf(out, " %-4.4s", sw_go_crit_name(t->par.crit[c]));
            ncrit++;
        }
    sw_strbuf_puts(out, "\n");
    for (int i = 0; i < m; i++) {
        const sw_go_player *p = &t->players[s[i].player];
        if (i > 0 && s[i].place == s[i - 1].place)
            sw_strbuf_puts(out, "    ");
        else
            sw_strbuf_printf(out, "%4d", i + 1);
        latin9(p->name, '_', buf, sizeof buf);
        latin9(p->first_name, '_', buf2, sizeof buf2);
        char name[1100];
        snprintf(name, sizeof name, "%s %s", buf, buf2);
        char rank[8];
        sw_go_rank_text(p->rank, rank);
        latin9(p->club, '_', buf, sizeof buf);
        size_t cl = strlen(buf);
        latin9(p->country, '_', buf2, sizeof buf2);
        sw_strbuf_printf(out, " %-30.30s %3s %2s %4s", name, rank, *buf2 ? buf2 : "XX",
                         cl ? buf + (cl > 4 ? cl - 4 : 0) : "xxxx");
        for (int c = 0; c < 6; c++)
            if (t->par.crit[c] != SW_GO_C_NULL)
                put_value(out, t->par.crit[c], s[i].crit[c]);
        for (int c = ncrit; c < 4; c++)
            sw_strbuf_puts(out, " 0");
        for (int r = 0; r < t->par.rounds; r++)
            put_round(t, number, s[i].player, r, out);
        sw_strbuf_puts(out, "\n");
    }
    free(number);
    free(s);
    return out->failed ? sw_error_set(err, SW_ERR_NOMEM, t->path, 0, "out of memory") : SW_OK;
}
