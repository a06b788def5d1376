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

/* A criterion's short name as OpenGotha heads its column with it. */
static const char *short_name(sw_go_crit c) {
    switch (c) {
    case SW_GO_C_SOSW:
    case SW_GO_C_SOSM:
        return "SOS";
    case SW_GO_C_SOSWM1:
    case SW_GO_C_SOSMM1:
        return "SOS-1";
    case SW_GO_C_SOSWM2:
    case SW_GO_C_SOSMM2:
        return "SOS-2";
    case SW_GO_C_SODOSW:
    case SW_GO_C_SODOSM:
        return "SODOS";
    case SW_GO_C_SOSOSW:
    case SW_GO_C_SOSOSM:
        return "SOSOS";
    case SW_GO_C_CUSSW:
    case SW_GO_C_CUSSM:
        return "CUSS";
    default:
        return sw_go_crit_name(c);
    }
}

/* A criterion value, at least 4 characters right-aligned: the category
 * counted from 1, else whole points and a fraction. OpenGotha writes halves
 * as '½', a character ISO-8859-15 does not have (its writer puts '?');
 * seatwise writes .5 (and .25, .75 for SODOS). */
static void put_value(sw_strbuf *sb, sw_go_crit c, int64_t v) {
    char buf[32];
    if (c == SW_GO_C_CAT) {
        sw_strbuf_printf(sb, " %4lld", (long long)(1 - v));
        return;
    }
    int scale = sw_go_crit_scale(c);
    uint64_t a = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    int q = (int)(a % (uint64_t)scale * 4 / (uint64_t)scale);
    snprintf(buf, sizeof buf, "%s%llu%s", v < 0 ? "-" : "",
             (unsigned long long)(a / (uint64_t)scale),
             q == 1   ? ".25"
             : q == 2 ? ".5"
             : q == 3 ? ".75"
                      : "");
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

/* s in ISO-8859-15 without blanks at either end (as Java's trim), in buf. */
static const char *trim(const char *s, char *buf, size_t cap) {
    latin9(s, ' ', buf, cap);
    size_t n = strlen(buf);
    while (n && (unsigned char)buf[n - 1] <= ' ')
        buf[--n] = 0;
    const char *b = buf;
    while (*b && (unsigned char)*b <= ' ')
        b++;
    return b;
}

/* One round's cell: `<opponent><result>/<colour><handicap>` (the short
 * game format of the file's display settings: `<opponent><result>`; `!`
 * instead of `/` for a result by default), or `0` and the bye or absence
 * value (`-` for a player present and not paired). */
static void put_round(const sw_go_tournament *t, const int *number, int p, int r, bool full,
                      sw_strbuf *sb) {
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
    bool white = g->white == p;
    char cell[32];
    if (full)
        snprintf(cell, sizeof cell, "%d%c%c%c%d", number[white ? g->black : g->white],
                 result_char(g, white), g->bydef && g->result != SW_GO_RES_UNKNOWN ? '!' : '/',
                 g->unknown_colour ? '?'
                 : white           ? 'w'
                                   : 'b',
                 g->handicap);
    else
        snprintf(cell, sizeof cell, "%d%c", number[white ? g->black : g->white],
                 result_char(g, white));
    sw_strbuf_printf(sb, " %8s", cell);
}

/* The player's line up to the criteria: place (blank when shared with the
 * line above), name, rank, country, club. */
static void put_player(const sw_go_player *p, int place, sw_strbuf *out) {
    char buf[512], buf2[512], name[1100], rank[8];
    if (place)
        sw_strbuf_printf(out, "%4d", place);
    else
        sw_strbuf_puts(out, "    ");
    latin9(p->name, '_', buf, sizeof buf);
    latin9(p->first_name, '_', buf2, sizeof buf2);
    snprintf(name, sizeof name, "%s %s", buf, buf2);
    sw_go_rank_text(p->rank, rank);
    const char *club = trim(p->club, buf, sizeof buf), *co = trim(p->country, buf2, sizeof buf2);
    size_t cl = strlen(club), cn = strlen(co);
    sw_strbuf_printf(out, " %-30.30s %3s %2s %4s", name, rank, cn < 2 ? "XX" : co + cn - 2,
                     cl ? club + (cl > 4 ? cl - 4 : 0) : "xxxx");
}

sw_status sw_go_write_h9(const sw_go_tournament *t, const char *generator, sw_strbuf *out,
                         sw_error *err) {
    if (sw_go_last_round(t) < 0)
        return sw_error_set(err, SW_ERR_INVALID, t->path, 0, "no round has been played");
    /* the standings after the tournament's last round, as OpenGotha's export */
    int last = t->par.rounds - 1;
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
    sw_go_crit crit[6];
    int ncrit = 0;
    for (int c = 0; c < 6; c++)
        if (t->par.crit[c] != SW_GO_C_NULL)
            crit[ncrit++] = t->par.crit[c];
    if (!ncrit) /* OpenGotha keeps one NULL column */
        crit[ncrit++] = SW_GO_C_NULL;
    for (int c = 0; c < ncrit; c++)
        sw_strbuf_printf(out, "%5.5s", short_name(crit[c]));
    sw_strbuf_puts(out, "\n");
    const sw_xml_node *tps = sw_xml_child(t->doc, "TournamentParameterSet");
    const sw_xml_node *dp = tps ? sw_xml_child(tps, "DPParameterSet") : NULL;
    const char *format = dp ? sw_xml_attr_get(dp, "gameFormat") : NULL;
    bool full = !format || strcmp(format, "short");
    for (int i = 0; i < m; i++) {
        put_player(&t->players[s[i].player], i > 0 && s[i].place == s[i - 1].place ? 0 : i + 1,
                   out);
        for (int c = 0; c < 6; c++)
            if (t->par.crit[c] != SW_GO_C_NULL)
                put_value(out, t->par.crit[c], s[i].crit[c]);
        if (ncrit == 1 && crit[0] == SW_GO_C_NULL)
            sw_strbuf_puts(out, "    0");
        for (int c = ncrit; c < 4; c++)
            sw_strbuf_puts(out, " 0");
        for (int r = 0; r <= last; r++)
            put_round(t, number, s[i].player, r, full, out);
        sw_strbuf_puts(out, "\n");
    }
    free(number);
    free(s);
    return out->failed ? sw_error_set(err, SW_ERR_NOMEM, t->path, 0, "out of memory") : SW_OK;
}
