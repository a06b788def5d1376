/* src/swiss/trf.c: FIDE TRF-16 reader and writer.
 * Player records are fixed columns; with `XXW n` ids are n digits wide and
 * every later column moves right by n-4 (and each round block by n-4 more per
 * block), as the Fast Swiss extension does. Columns below are 0-based offsets.
 * SPDX-License-Identifier: MIT */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "swiss/swiss.h"
#include "swiss/swiss_internal.h"
#include "util/fileio.h"
#include "util/utf8.h"

int sw_swiss_result_points2(char r) {
    switch (r) {
    case '1':
    case '+':
    case 'W':
    case 'F':
    case 'U':
        return 2;
    case '=':
    case 'D':
    case 'H':
        return 1;
    default:
        return 0;
    }
}

int sw_swiss_game_points2(const sw_swiss_trf *trf, const sw_swiss_game *g) {
    if (!trf->points_custom)
        return sw_swiss_result_points2(g->result);
    const int *t = trf->pts2;
    bool black = g->colour == 'b';
    switch (g->result) {
    case '1':
    case 'W':
        return t[black ? SW_PTS_BW : SW_PTS_WW];
    case '=':
    case 'D':
        return t[black ? SW_PTS_BD : SW_PTS_WD];
    case '0':
    case 'L':
        return t[black ? SW_PTS_BL : SW_PTS_WL];
    case '+':
        return t[g->opp ? SW_PTS_FW : SW_PTS_PAB]; /* "0000 +" is read as the bye */
    case '-':
        return t[SW_PTS_FL];
    case 'U':
        return t[SW_PTS_PAB];
    case 'F':
        return t[SW_PTS_FPB];
    case 'H':
        return t[SW_PTS_HPB];
    case 'Z':
        return t[SW_PTS_ZPB];
    default:
        return 0;
    }
}

static bool result_code_ok(char r) {
    return r && strchr("10=+-WDLHFUZ ", r) != NULL;
}

void sw_swiss_trf_free(sw_swiss_trf *trf) {
    if (!trf)
        return;
    for (int i = 0; i < trf->nplayers; i++) {
        free(trf->players[i].prefix);
        free(trf->players[i].games);
        free(trf->players[i].accel2);
    }
    free(trf->players);
    free(trf->index_of_id);
    for (int i = 0; i < trf->nother; i++)
        free(trf->other_lines[i]);
    free(trf->other_lines);
    free(trf->other_lineno);
    memset(trf, 0, sizeof *trf);
}

/* Grow every player's games to hold `need` rounds, new entries empty. */
sw_status sw_swiss_grow_rounds(sw_swiss_trf *trf, int need, sw_error *err) {
    if (need <= trf->rounds_cap)
        return SW_OK;
    int cap = trf->rounds_cap ? trf->rounds_cap : 8;
    while (cap < need)
        cap *= 2;
    for (int i = 0; i < trf->nplayers; i++) {
        sw_swiss_game *g = realloc(trf->players[i].games, sizeof *g * (size_t)cap);
        if (!g)
            return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
        for (int r = trf->rounds_cap; r < cap; r++)
            g[r] = (sw_swiss_game){0, '-', ' '};
        trf->players[i].games = g;
    }
    trf->rounds_cap = cap;
    return SW_OK;
}

/* Whole number in text[off, off+len), blanks around allowed; -1 when blank, -2 when not a number.
 */
static long field_int(const char *line, size_t n, size_t off, size_t len) {
    long v = 0;
    int digits = 0, after = 0;
    for (size_t i = off; i < off + len && i < n; i++) {
        char c = line[i];
        if (c == ' ') {
            if (digits)
                after = 1;
            continue;
        }
        if (!isdigit((unsigned char)c) || after || digits > 9)
            return -2;
        v = v * 10 + (c - '0');
        digits++;
    }
    return digits ? v : -1;
}

/* Points such as "2.5", " 3", "10.0" in half points; -1 when malformed. */
static int field_points2(const char *line, size_t n, size_t off, size_t len) {
    char buf[16] = {0};
    size_t k = 0;
    for (size_t i = off; i < off + len && i < n && k < sizeof buf - 1; i++)
        if (line[i] != ' ')
            buf[k++] = line[i];
    buf[k] = 0;
    if (!k)
        return -1;
    int whole = 0, i = 0;
    if (!isdigit((unsigned char)buf[0]))
        return -1;
    while (isdigit((unsigned char)buf[i])) {
        if (whole > 99999) /* beyond any score (XXS values are free text) */
            return -1;
        whole = whole * 10 + (buf[i++] - '0');
    }
    int half = 0;
    if (buf[i] == '.') {
        i++;
        if (buf[i] == '5')
            half = 1;
        else if (buf[i] != '0')
            return -1;
        i++;
        while (buf[i] == '0')
            i++;
    }
    return buf[i] ? -1 : whole * 2 + half;
}

/* One XXA line, kept until the players are indexed (it may come first). */
typedef struct xxa_line {
    int id, line, n;
    int *v; /* half points, owned */
} xxa_line;

/* One TRF-2026 250 line: players p0..p1 get v half points in rounds
 * r0..r1 (1-based), applied after the XXA lines, later lines over earlier. */
typedef struct acc_range {
    int v, r0, r1, p0, p1, line;
} acc_range;

typedef struct parser {
    sw_swiss_trf *trf;
    int cap_players;
    int *xxz;
    int nxxz, cap_xxz, xxz_line;
    xxa_line *xxa;
    int nxxa, cap_xxa;
    acc_range *acc;
    int nacc, cap_acc;
    bool baku; /* a 192 line names the Baku acceleration */
} parser;

static sw_status parse_player(parser *ps, const char *line, size_t n, int lineno, sw_error *err) {
    sw_swiss_trf *trf = ps->trf;
    const char *path = trf->path;
    int w = trf->id_width, s = w - 4;
    long id = field_int(line, n, 4, (size_t)w);
    if (id < 1)
        return sw_error_set(err, SW_ERR_PARSE, path, lineno,
                            "player id in columns 5-%d is '%.*s', expected a number >= 1", 4 + w, w,
                            n > 4 ? line + 4 : "");
    if (id > SW_SWISS_MAX_PLAYERS)
        return sw_error_set(err, SW_ERR_LIMIT, path, lineno, "player id %ld beyond the limit %d",
                            id, SW_SWISS_MAX_PLAYERS);
    long rating = field_int(line, n, (size_t)(48 + s), 4);
    if (rating == -2)
        return sw_error_set(err, SW_ERR_PARSE, path, lineno,
                            "player %ld: rating in columns %d-%d is not a number", id, 49 + s,
                            52 + s);
    /* Points from 100 on spill one column left, into column 80 (a blank
     * otherwise): read it too when it holds a digit. */
    bool wide = n > (size_t)(79 + s) && isdigit((unsigned char)line[79 + s]);
    int pts = field_points2(line, n, (size_t)(80 + s) - wide, 4 + wide);
    if (pts < 0)
        return sw_error_set(err, SW_ERR_PARSE, path, lineno,
                            "player %ld: points in columns %d-%d are '%.*s', expected e.g. 2.5", id,
                            81 + s, 84 + s, 4, n > (size_t)(80 + s) ? line + 80 + s : "    ");
    if (trf->nplayers == ps->cap_players) {
        int cap = ps->cap_players ? 2 * ps->cap_players : 64;
        sw_swiss_player *p = realloc(trf->players, sizeof *p * (size_t)cap);
        if (!p)
            return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
        trf->players = p;
        ps->cap_players = cap;
    }
    sw_swiss_player *pl = &trf->players[trf->nplayers];
    memset(pl, 0, sizeof *pl);
    trf->nplayers++;
    pl->id = (int)id;
    pl->rating = rating > 0 ? (int)rating : 0;
    pl->points2 = pts;
    pl->line = lineno;
    size_t plen = (size_t)(91 + s);
    pl->prefix = malloc(plen + 1);
    if (!pl->prefix)
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    memset(pl->prefix, ' ', plen);
    memcpy(pl->prefix, line, n < plen ? n : plen);
    pl->prefix[plen] = 0;
    if (wide)
        pl->prefix[79 + s] = ' '; /* part of the points, rewritten with them */
    if (trf->rounds_cap) {
        pl->games = malloc(sizeof *pl->games * (size_t)trf->rounds_cap);
        if (!pl->games)
            return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
        for (int r = 0; r < trf->rounds_cap; r++)
            pl->games[r] = (sw_swiss_game){0, '-', ' '};
    }
    int r = 0;
    for (size_t b = (size_t)(91 + s); b < n; b += (size_t)(w + 6), r++) {
        if (r >= SW_SWISS_MAX_ROUNDS)
            return sw_error_set(err, SW_ERR_LIMIT, path, lineno, "player %ld: more than %d rounds",
                                id, SW_SWISS_MAX_ROUNDS);
        if (sw_swiss_grow_rounds(trf, r + 1, err))
            return err ? err->code : SW_ERR_NOMEM;
        long opp = field_int(line, n, b, (size_t)w);
        char col = b + w + 1 < n ? line[b + w + 1] : ' ';
        char res = b + w + 3 < n ? line[b + w + 3] : ' ';
        int colno = (int)b + 1;
        if (opp == -2)
            return sw_error_set(err, SW_ERR_PARSE, path, lineno,
                                "player %ld, round %d: opponent in column %d is not a number", id,
                                r + 1, colno);
        if (col == ' ')
            col = '-';
        if (col != 'w' && col != 'b' && col != '-')
            return sw_error_set(
                err, SW_ERR_PARSE, path, lineno,
                "player %ld, round %d: colour '%c' in column %d, expected w, b or -", id, r + 1,
                col, colno + w + 1);
        if (!result_code_ok(res))
            return sw_error_set(err, SW_ERR_PARSE, path, lineno,
                                "player %ld, round %d: result '%c' in column %d, expected one of "
                                "1 0 = + - W D L H F U Z",
                                id, r + 1, res, colno + w + 3);
        pl->games[r] = (sw_swiss_game){opp > 0 ? (int)opp : 0, col, res};
    }
    if (r > trf->nrounds)
        trf->nrounds = r;
    return SW_OK;
}

/* Keep a header line (and its line number, 0 for one seatwise adds) to
 * write it back. */
static sw_status keep_line(sw_swiss_trf *trf, const char *line, size_t n, int lineno,
                           sw_error *err) {
    char **l = realloc(trf->other_lines, sizeof *l * (size_t)(trf->nother + 1));
    if (!l)
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    trf->other_lines = l;
    int *ln = realloc(trf->other_lineno, sizeof *ln * (size_t)(trf->nother + 1));
    if (!ln)
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    trf->other_lineno = ln;
    ln[trf->nother] = lineno;
    char *c = malloc(n + 1);
    if (!c)
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    memcpy(c, line, n);
    c[n] = 0;
    l[trf->nother++] = c;
    return SW_OK;
}

static sw_status parse_xxz(parser *ps, const char *line, size_t n, int lineno, sw_error *err) {
    size_t i = 3;
    ps->xxz_line = lineno;
    while (i < n) {
        while (i < n && line[i] == ' ')
            i++;
        if (i >= n)
            break;
        long v = 0;
        int d = 0;
        while (i < n && isdigit((unsigned char)line[i]) && d < 9) {
            v = v * 10 + (line[i++] - '0');
            d++;
        }
        if (!d || (i < n && line[i] != ' '))
            return sw_error_set(err, SW_ERR_PARSE, ps->trf->path, lineno,
                                "XXZ: '%.*s' is not a player id", (int)(n - 3), line + 3);
        if (ps->nxxz == ps->cap_xxz) {
            int cap = ps->cap_xxz ? 2 * ps->cap_xxz : 16;
            int *z = realloc(ps->xxz, sizeof(int) * (size_t)cap);
            if (!z)
                return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
            ps->xxz = z;
            ps->cap_xxz = cap;
        }
        ps->xxz[ps->nxxz++] = (int)v;
    }
    return SW_OK;
}

/* Before the first XXS or 162 line: the standard point system, which the
 * line then changes code by code. */
static void points_start(sw_swiss_trf *trf) {
    static const int standard[SW_PTS_N] = {2, 2, 1, 1, 0, 0, 0, 1, 2, 2, 2, 0};
    if (!trf->points_custom) {
        memcpy(trf->pts2, standard, sizeof standard);
        trf->points_custom = true;
    }
}

/* XXS: the point system as CODE=VALUE words (JaVaFo's codes; W and D set
 * both colours). Values in points, multiples of 0.5. */
static sw_status parse_xxs(sw_swiss_trf *trf, const char *line, size_t n, int lineno,
                           sw_error *err) {
    static const struct {
        const char *code;
        int a, b;
    } codes[] = {{"WW", SW_PTS_WW, -1},       {"BW", SW_PTS_BW, -1},      {"WD", SW_PTS_WD, -1},
                 {"BD", SW_PTS_BD, -1},       {"WL", SW_PTS_WL, -1},      {"BL", SW_PTS_BL, -1},
                 {"ZPB", SW_PTS_ZPB, -1},     {"HPB", SW_PTS_HPB, -1},    {"FPB", SW_PTS_FPB, -1},
                 {"PAB", SW_PTS_PAB, -1},     {"FW", SW_PTS_FW, -1},      {"FL", SW_PTS_FL, -1},
                 {"W", SW_PTS_WW, SW_PTS_BW}, {"D", SW_PTS_WD, SW_PTS_BD}};
    points_start(trf);
    size_t i = 3;
    while (i < n) {
        while (i < n && line[i] == ' ')
            i++;
        size_t start = i, eq = 0;
        while (i < n && line[i] != ' ') {
            if (line[i] == '=' && !eq)
                eq = i;
            i++;
        }
        if (start == i)
            break;
        int k = -1;
        for (int c = 0; eq && c < (int)(sizeof codes / sizeof codes[0]); c++)
            if (strlen(codes[c].code) == eq - start &&
                !memcmp(codes[c].code, line + start, eq - start))
                k = c;
        int v = k >= 0 ? field_points2(line, i, eq + 1, i - eq - 1) : -1;
        if (k < 0 || v < 0)
            return sw_error_set(err, SW_ERR_PARSE, trf->path, lineno,
                                "XXS: '%.*s' in column %d, expected CODE=POINTS (codes WW BW WD BD "
                                "WL BL ZPB HPB FPB PAB FW FL W D; points like 3 or 0.5)",
                                (int)(i - start), line + start, (int)start + 1);
        trf->pts2[codes[k].a] = v;
        if (codes[k].b >= 0)
            trf->pts2[codes[k].b] = v;
    }
    return SW_OK;
}

/* XXA: "XXA NNNN pp.p pp.p ...": the player's id in the id columns, then
 * the acceleration of rounds 1, 2, ... in 4-column fields one blank apart
 * (a blank field is 0), as JaVaFo's manual describes. */
static sw_status parse_xxa(parser *ps, const char *line, size_t n, int lineno, sw_error *err) {
    sw_swiss_trf *trf = ps->trf;
    int w = trf->id_width;
    long id = field_int(line, n, 4, (size_t)w);
    if (id < 1 || id > SW_SWISS_MAX_PLAYERS)
        return sw_error_set(err, SW_ERR_PARSE, trf->path, lineno,
                            "XXA: player id in columns 5-%d is '%.*s', expected a number >= 1",
                            4 + w, w, n > 4 ? line + 4 : "");
    if (ps->nxxa == ps->cap_xxa) {
        int cap = ps->cap_xxa ? 2 * ps->cap_xxa : 16;
        xxa_line *a = realloc(ps->xxa, sizeof *a * (size_t)cap);
        if (!a)
            return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
        ps->xxa = a;
        ps->cap_xxa = cap;
    }
    xxa_line *x = &ps->xxa[ps->nxxa++];
    *x = (xxa_line){(int)id, lineno, 0, malloc(sizeof(int) * SW_SWISS_MAX_ROUNDS)};
    if (!x->v)
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    for (size_t b = (size_t)(5 + w); b < n; b += 5) {
        if (x->n >= SW_SWISS_MAX_ROUNDS)
            return sw_error_set(err, SW_ERR_LIMIT, trf->path, lineno, "XXA: more than %d rounds",
                                SW_SWISS_MAX_ROUNDS);
        bool blank = true;
        for (size_t c = b; c < b + 4 && c < n; c++)
            blank = blank && line[c] == ' ';
        int v = blank ? 0 : field_points2(line, n, b, 4);
        if (v < 0 || (b > 0 && line[b - 1] != ' '))
            return sw_error_set(err, SW_ERR_PARSE, trf->path, lineno,
                                "XXA: player %ld, round %d: '%.*s' in columns %d-%d, expected "
                                "points like 1.0 or 0.5",
                                id, x->n + 1, (int)(n - b < 4 ? n - b : 4), line + b, (int)b + 1,
                                (int)b + 4);
        x->v[x->n++] = v;
    }
    /* a byte where the next field's blank would be is no field: refused, as
     * inside the line (the line is kept and written back as it is) */
    size_t last = (size_t)(5 + w) + 5 * (size_t)x->n;
    if (last - 1 < n && line[last - 1] != ' ')
        return sw_error_set(err, SW_ERR_PARSE, trf->path, lineno,
                            "XXA: player %ld: '%c' in column %d after the last field, expected "
                            "the end of the line",
                            id, line[last - 1] >= 32 && line[last - 1] < 127 ? line[last - 1] : '?',
                            (int)last);
    trf->accelerated = true;
    return keep_line(trf, line, n, lineno, err);
}

/* TRF-2026 "162" point system: "162  W 3.0    D 1.0    P 2.0": a code
 * and its points per field. W a win (and a forfeit win, a full-point bye
 * and, without P, the pairing-allocated bye), D a draw (and a half-point
 * bye), L a played loss, Z a zero-point bye and a forfeit loss, A a
 * forfeit loss, P the pairing-allocated bye; as bbpPairings reads it. */
static sw_status parse_162(sw_swiss_trf *trf, const char *line, size_t n, int lineno,
                           sw_error *err) {
    points_start(trf);
    bool pab = false;
    size_t i = 3;
    for (;;) {
        while (i < n && line[i] == ' ')
            i++;
        if (i >= n)
            break;
        size_t code = i++;
        while (i < n && line[i] == ' ')
            i++;
        size_t start = i;
        while (i < n && line[i] != ' ')
            i++;
        int v =
            line[code] && strchr("WDLZAP", line[code]) && (code + 1 == n || line[code + 1] == ' ')
                ? field_points2(line, n, start, i - start)
                : -1;
        if (v < 0)
            return sw_error_set(err, SW_ERR_PARSE, trf->path, lineno,
                                "162: '%.*s' in column %d, expected a code (W D L Z A P) and its "
                                "points, like W 3.0",
                                (int)(i - code), line + code, (int)code + 1);
        int *p = trf->pts2;
        switch (line[code]) {
        case 'W':
            p[SW_PTS_WW] = p[SW_PTS_BW] = p[SW_PTS_FW] = p[SW_PTS_FPB] = v;
            if (!pab)
                p[SW_PTS_PAB] = v;
            break;
        case 'D':
            p[SW_PTS_WD] = p[SW_PTS_BD] = p[SW_PTS_HPB] = v;
            break;
        case 'L':
            p[SW_PTS_WL] = p[SW_PTS_BL] = v;
            break;
        case 'Z':
            p[SW_PTS_ZPB] = p[SW_PTS_FL] = v;
            break;
        case 'A':
            p[SW_PTS_FL] = v;
            break;
        default: /* 'P' */
            p[SW_PTS_PAB] = v;
            pab = true;
        }
    }
    return SW_OK;
}

/* TRF-2026 "250" acceleration: "250 MMMM GGGG RRR RRR PPPP PPPP", match
 * points (blank or 0), game points, the first and last round, the first
 * and last player (fixed columns, as bbpPairings reads them). */
static sw_status parse_250(parser *ps, const char *line, size_t n, int lineno, sw_error *err) {
    sw_swiss_trf *trf = ps->trf;
    bool mp_blank = true;
    for (size_t c = 4; c < 8 && c < n; c++)
        mp_blank = mp_blank && line[c] == ' ';
    int mp = mp_blank ? 0 : field_points2(line, n, 4, 4);
    int v = field_points2(line, n, 9, 4);
    long r0 = field_int(line, n, 14, 3), r1 = field_int(line, n, 18, 3);
    long p0 = field_int(line, n, 22, 4), p1 = field_int(line, n, 27, 4);
    if (n < 31 || mp != 0 || v <= 0 || r0 < 1 || r1 < r0 || r1 > SW_SWISS_MAX_ROUNDS || p0 < 1 ||
        p1 < p0 || p1 > SW_SWISS_MAX_PLAYERS)
        return sw_error_set(err, SW_ERR_PARSE, trf->path, lineno,
                            "250: expected '250 MMMM GGGG RRR RRR PPPP PPPP' (match points blank, "
                            "game points like 1.0 or 0.5, first and last round, first and last "
                            "player), got '%.*s'",
                            (int)n, line);
    if (ps->nacc == ps->cap_acc) {
        int cap = ps->cap_acc ? 2 * ps->cap_acc : 8;
        acc_range *a = realloc(ps->acc, sizeof *a * (size_t)cap);
        if (!a)
            return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
        ps->acc = a;
        ps->cap_acc = cap;
    }
    ps->acc[ps->nacc++] = (acc_range){v, (int)r0, (int)r1, (int)p0, (int)p1, lineno};
    trf->accelerated = true;
    return keep_line(trf, line, n, lineno, err);
}

sw_status sw_swiss_trf_name_burstein(sw_swiss_trf *trf, sw_error *err) {
    static const char line[] = "192 FIDE_BURSTEIN";
    trf->burstein_named = true;
    return keep_line(trf, line, sizeof line - 1, 0, err);
}

/* TRF-2026 "192" pairing system: the Dutch system (FIDE_DUTCH,
 * FIDE_DUTCH_2025), with _BAKU its Baku acceleration, or the Burstein
 * system (FIDE_BURSTEIN); another FIDE system is refused (seatwise pairs
 * by these two only), other text kept. */
static sw_status parse_192(parser *ps, const char *line, size_t n, int lineno, sw_error *err) {
    size_t i = 3;
    while (i < n && line[i] == ' ')
        i++;
    const char *name = line + i;
    size_t k = n - i;
    if (k >= 10 && !strncmp(name, "FIDE_DUTCH", 10)) {
        const char *rest = name + 10;
        size_t r = k - 10;
        bool y2025 = r >= 5 && !strncmp(rest, "_2025", 5);
        if (y2025)
            rest += 5, r -= 5;
        if (r == 5 && !strncmp(rest, "_BAKU", 5))
            ps->baku = true;
        else if (r != 0)
            return sw_error_set(err, SW_ERR_PARSE, ps->trf->path, lineno,
                                "192: '%.*s' is not a Dutch system name (FIDE_DUTCH_2025, "
                                "FIDE_DUTCH_2025_BAKU)",
                                (int)k, name);
    } else if (k == 13 && !strncmp(name, "FIDE_BURSTEIN", 13)) {
        ps->trf->burstein_named = true;
    } else if (k >= 5 && !strncmp(name, "FIDE_", 5)) {
        return sw_error_set(err, SW_ERR_INVALID, ps->trf->path, lineno,
                            "192: the record is paired by %.*s; seatwise pairs by the FIDE Dutch "
                            "and Burstein systems only",
                            (int)k, name);
    }
    return keep_line(ps->trf, line, n, lineno, err);
}

static bool has_word(const char *line, size_t n, const char *word) {
    size_t k = strlen(word);
    for (size_t i = 0; i + k <= n; i++)
        if (!memcmp(line + i, word, k))
            return true;
    return false;
}

/* The header lines read by columns and kept to be written back must be
 * ASCII: in a Latin-1 record another byte becomes two in UTF-8 and would
 * move the columns of the line written back. Their first non-ASCII column
 * (1-based), or 0. */
static size_t non_ascii_column(const char *line, size_t n) {
    static const char by_columns[][4] = {"142", "152", "162", "192", "250", "XXA", "XXS"};
    bool kept = false;
    for (size_t k = 0; k < sizeof by_columns / sizeof by_columns[0] && n >= 3; k++)
        kept = kept || !strncmp(line, by_columns[k], 3);
    for (size_t i = 0; kept && i < n; i++)
        if ((unsigned char)line[i] >= 0x80)
            return i + 1;
    return 0;
}

static sw_status parse_header(parser *ps, const char *line, size_t n, int lineno, sw_error *err) {
    sw_swiss_trf *trf = ps->trf;
    size_t bad = non_ascii_column(line, n);
    if (bad)
        return sw_error_set(err, SW_ERR_PARSE, trf->path, lineno,
                            "%.3s: byte 0x%02X in column %zu, expected ASCII (the line is read "
                            "by columns)",
                            line, (unsigned char)line[bad - 1], bad);
    bool r142 = n >= 3 && !strncmp(line, "142", 3);
    if (n >= 3 && (!strncmp(line, "XXR", 3) || r142)) {
        long v = field_int(line, n, 3, n - 3);
        if (v < 1 || v > SW_SWISS_MAX_ROUNDS)
            return sw_error_set(err, SW_ERR_PARSE, trf->path, lineno,
                                "%.3s: '%.*s' is not a round count in 1..%d", line, (int)(n - 3),
                                line + 3, SW_SWISS_MAX_ROUNDS);
        trf->total_rounds = (int)v;
        trf->rounds_by_142 = r142;
        /* TRF-2026's 142 is kept as written; XXR is written from the value */
        return r142 ? keep_line(trf, line, n, lineno, err) : SW_OK;
    }
    if (n >= 3 && !strncmp(line, "152", 3)) { /* TRF-2026 initial colour: W or B */
        size_t i = 3;
        while (i < n && line[i] == ' ')
            i++;
        if (i + 1 != n || (line[i] != 'W' && line[i] != 'B'))
            return sw_error_set(err, SW_ERR_PARSE, trf->path, lineno,
                                "152: '%.*s' is not an initial colour, expected W or B",
                                (int)(n - 3), line + 3);
        trf->initial_colour = line[i] == 'B' ? 'b' : 'w';
        trf->initial_given = true;
        return keep_line(trf, line, n, lineno, err);
    }
    if (n >= 3 && !strncmp(line, "162", 3)) {
        sw_status st = parse_162(trf, line, n, lineno, err);
        return st ? st : keep_line(trf, line, n, lineno, err);
    }
    if (n >= 3 && !strncmp(line, "192", 3))
        return parse_192(ps, line, n, lineno, err);
    if (n >= 3 && !strncmp(line, "250", 3))
        return parse_250(ps, line, n, lineno, err);
    if (n >= 3 && !strncmp(line, "XXC", 3)) {
        if (has_word(line, n, "black1"))
            trf->initial_colour = 'b', trf->initial_given = true;
        else if (has_word(line, n, "white1"))
            trf->initial_colour = 'w', trf->initial_given = true;
        return SW_OK;
    }
    if (n >= 3 && !strncmp(line, "XXW", 3))
        return SW_OK; /* read in the first pass */
    if (n >= 3 && !strncmp(line, "XXZ", 3))
        return parse_xxz(ps, line, n, lineno, err);
    if (n >= 3 && !strncmp(line, "XXS", 3)) {
        sw_status st = parse_xxs(trf, line, n, lineno, err);
        return st ? st : keep_line(trf, line, n, lineno, err);
    }
    if (n >= 3 && !strncmp(line, "XXA", 3))
        return parse_xxa(ps, line, n, lineno, err);
    return keep_line(trf, line, n, lineno, err);
}

/* First pass: XXW changes the columns of every 001 line, wherever it stands. */
static sw_status find_width(sw_swiss_trf *trf, const char *text, size_t len, sw_error *err) {
    const char *p = text, *end = text + len, *line;
    size_t n;
    int lineno = 0;
    trf->id_width = 4;
    while (sw_next_line(&p, end, &line, &n)) {
        lineno++;
        if (n >= 3 && !strncmp(line, "XXW", 3)) {
            long v = field_int(line, n, 3, n - 3);
            if (v < 4 || v > 9)
                return sw_error_set(err, SW_ERR_PARSE, trf->path, lineno,
                                    "XXW: '%.*s' is not an id width in 4..9", (int)(n - 3),
                                    line + 3);
            trf->id_width = (int)v;
        }
    }
    return SW_OK;
}

static sw_status index_ids(parser *ps, sw_error *err) {
    sw_swiss_trf *trf = ps->trf;
    int maxid = 0;
    for (int i = 0; i < trf->nplayers; i++)
        if (trf->players[i].id > maxid)
            maxid = trf->players[i].id;
    trf->max_id = maxid;
    trf->index_of_id = malloc(sizeof(int) * (size_t)(maxid + 1));
    if (!trf->index_of_id)
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    for (int i = 0; i <= maxid; i++)
        trf->index_of_id[i] = -1;
    for (int i = 0; i < trf->nplayers; i++) {
        sw_swiss_player *p = &trf->players[i];
        if (trf->index_of_id[p->id] >= 0)
            return sw_error_set(err, SW_ERR_PARSE, trf->path, p->line,
                                "player id %d appears twice (first on line %d)", p->id,
                                trf->players[trf->index_of_id[p->id]].line);
        trf->index_of_id[p->id] = i;
    }
    for (int k = 0; k < ps->nxxz; k++) {
        int id = ps->xxz[k];
        if (id < 1 || id > maxid || trf->index_of_id[id] < 0)
            return sw_error_set(err, SW_ERR_INVALID, trf->path, ps->xxz_line,
                                "XXZ lists player %d, who has no 001 record", id);
        trf->players[trf->index_of_id[id]].absent = true;
    }
    for (int k = 0; k < ps->nxxa; k++) { /* several lines of a player follow on */
        const xxa_line *x = &ps->xxa[k];
        if (x->id > maxid || trf->index_of_id[x->id] < 0)
            return sw_error_set(err, SW_ERR_INVALID, trf->path, x->line,
                                "XXA names player %d, who has no 001 record", x->id);
        sw_swiss_player *p = &trf->players[trf->index_of_id[x->id]];
        if (p->naccel + x->n > SW_SWISS_MAX_ROUNDS)
            return sw_error_set(err, SW_ERR_LIMIT, trf->path, x->line,
                                "XXA: player %d has more than %d rounds of acceleration", x->id,
                                SW_SWISS_MAX_ROUNDS);
        int *a = realloc(p->accel2, sizeof(int) * (size_t)(p->naccel + x->n + 1));
        if (!a)
            return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
        memcpy(a + p->naccel, x->v, sizeof(int) * (size_t)x->n);
        p->accel2 = a;
        p->naccel += x->n;
    }
    for (int k = 0; k < ps->nacc; k++) { /* TRF-2026 250 ranges, in order */
        const acc_range *a = &ps->acc[k];
        for (int id = a->p0; id <= a->p1 && id <= maxid; id++) {
            if (trf->index_of_id[id] < 0)
                continue;
            sw_swiss_player *p = &trf->players[trf->index_of_id[id]];
            if (p->naccel < a->r1) {
                int *v = realloc(p->accel2, sizeof(int) * (size_t)(a->r1 + 1));
                if (!v)
                    return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
                for (int r = p->naccel; r < a->r1; r++)
                    v[r] = 0;
                p->accel2 = v;
                p->naccel = a->r1;
            }
            for (int r = a->r0 - 1; r < a->r1; r++)
                p->accel2[r] = a->v;
        }
    }
    return SW_OK;
}

sw_status sw_swiss_trf_baku(sw_swiss_trf *trf, sw_error *err) {
    if (!trf->total_rounds)
        return sw_error_set(err, SW_ERR_INVALID, trf->path, 0,
                            "the Baku acceleration needs the number of rounds (an XXR line)");
    if (trf->accelerated)
        return sw_error_set(err, SW_ERR_INVALID, trf->path, 0,
                            "XXA lines already give the acceleration: the Baku method "
                            "would add to it");
    if (trf->points_custom &&
        (trf->pts2[SW_PTS_WW] != 2 || trf->pts2[SW_PTS_BW] != 2 || trf->pts2[SW_PTS_WD] != 1 ||
         trf->pts2[SW_PTS_BD] != 1 || trf->pts2[SW_PTS_WL] != 0 || trf->pts2[SW_PTS_BL] != 0))
        return sw_error_set(err, SW_ERR_INVALID, trf->path, 0,
                            "the Baku acceleration applies to the 1-0.5-0 point system only "
                            "(C.04.5.1), the XXS line sets another");
    int n = trf->nplayers, ga = 2 * ((n + 3) / 4);
    int acc = (trf->total_rounds + 1) / 2, full = (acc + 1) / 2;
    /* GA by pairing number: the ga lowest ids. */
    for (int id = 1, seen = 0; id <= trf->max_id && seen < ga; id++) {
        int i = trf->index_of_id[id];
        if (i < 0)
            continue;
        seen++;
        sw_swiss_player *p = &trf->players[i];
        int *a = malloc(sizeof(int) * (size_t)acc);
        if (!a)
            return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
        for (int r = 0; r < acc; r++)
            a[r] = r < full ? 2 : 1;
        free(p->accel2);
        p->accel2 = a;
        p->naccel = acc;
    }
    trf->accelerated = true;
    return SW_OK;
}

/* A last column with byes, no game and someone blank (still to be paired)
 * is the round to be paired, written
 * ahead (bbpPairings and JaVaFo read `0000 H` there the same way): the
 * players with an entry are absent and keep it. Points may be stated with or
 * without that entry; they are kept without it. */
static void detect_preset(sw_swiss_trf *trf) {
    int r = trf->nrounds - 1;
    if (r < 0)
        return;
    bool any = false, blank = false;
    for (int i = 0; i < trf->nplayers; i++) {
        const sw_swiss_game *g = &trf->players[i].games[r];
        if (g->opp != 0 || (g->result != ' ' && !strchr("HFUZ", g->result)))
            return; /* a game, or a forfeit/result code: a real round */
        any = any || g->result != ' ';
        blank = blank || g->result == ' ';
    }
    /* Byes for everyone leave nobody to pair: then it is a (strange) played round. */
    if (!any || !blank)
        return;
    trf->preset = true;
    trf->nrounds = r;
    for (int i = 0; i < trf->nplayers; i++) {
        sw_swiss_player *p = &trf->players[i];
        if (p->games[r].result == ' ')
            continue;
        p->absent = true;
        int sum = 0;
        for (int k = 0; k < r; k++)
            sum += sw_swiss_game_points2(trf, &p->games[k]);
        int extra = sw_swiss_game_points2(trf, &p->games[r]);
        if (extra && p->points2 == sum + extra)
            p->points2 = sum;
    }
}

/* Without an XXC line, the initial colour the record shows: in the first
 * round where someone has a colour (a game, forfeited or not), the players
 * who took part in a pairing by then (a game or a pairing-allocated bye)
 * are numbered in order of their own numbers; the first of them with a
 * colour in that round had the initial colour if his number is odd, the
 * other one if it is even (the colour rules give a player without colour
 * history exactly that). As bbpPairings infers it. White when no round
 * has a colour. */
static void infer_initial(sw_swiss_trf *trf) {
    int first = -1;
    for (int i = 0; i < trf->nplayers; i++)
        for (int r = 0; r < trf->nrounds && (first < 0 || r < first); r++) {
            const sw_swiss_game *g = &trf->players[i].games[r];
            if (g->opp != 0 && (g->colour == 'w' || g->colour == 'b'))
                first = r;
        }
    if (first < 0)
        return;
    int number = 0;
    for (int id = 0; id <= trf->max_id; id++) {
        int i = trf->index_of_id[id];
        if (i < 0)
            continue;
        const sw_swiss_player *p = &trf->players[i];
        if (!sw_swiss_took_part(p, first + 1))
            continue;
        number++;
        const sw_swiss_game *g = &p->games[first];
        if (g->opp != 0 && (g->colour == 'w' || g->colour == 'b')) {
            bool odd = number % 2 == 1;
            trf->initial_colour = (g->colour == 'w') == odd ? 'w' : 'b';
            return;
        }
    }
}

/* Name field of a 001 line (bytes): columns 15-47, moved by XXW. */
#define NAME_OFF 14
#define NAME_LEN 33

/* A player's record text as UTF-8 from Windows-1252: the name grown into
 * its trailing blanks (cut at a character beyond 33 bytes: *cut counts
 * it), any other byte beyond ASCII made '?' so no column moves. */
/* Only the name holds more than ASCII: any other such byte of the record
 * text becomes '?' (the writer puts the points in fixed byte columns). */
static void prefix_ascii_outside_name(const sw_swiss_trf *trf, sw_swiss_player *p) {
    size_t off = (size_t)(NAME_OFF + trf->id_width - 4), plen = strlen(p->prefix);
    for (size_t i = 0; i < plen; i++)
        if ((unsigned char)p->prefix[i] >= 0x80 && (i < off || i >= off + NAME_LEN))
            p->prefix[i] = '?';
}

static bool prefix_cp1252(sw_swiss_trf *trf, sw_swiss_player *p, int *cut) {
    size_t off = (size_t)(NAME_OFF + trf->id_width - 4), plen = strlen(p->prefix);
    prefix_ascii_outside_name(trf, p);
    if (plen < off + NAME_LEN)
        return true;
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    sw_strbuf_cp1252(&sb, p->prefix + off, NAME_LEN);
    if (sb.failed) {
        sw_strbuf_free(&sb);
        return false;
    }
    size_t n = sb.len;
    while (n > 0 && sb.data[n - 1] == ' ')
        n--;
    if (n > NAME_LEN) {
        n = NAME_LEN;
        while (n > 0 && ((unsigned char)sb.data[n] & 0xc0) == 0x80)
            n--; /* not inside a character */
        (*cut)++;
    }
    memset(p->prefix + off, ' ', NAME_LEN);
    memcpy(p->prefix + off, sb.data, n);
    sw_strbuf_free(&sb);
    return true;
}

/* The record's text in UTF-8, as enc says (sw_swiss_encoding). */
static sw_status transcode(sw_swiss_trf *trf, const char *text, size_t len, sw_swiss_encoding enc,
                           sw_error *err) {
    size_t bad = sw_utf8_invalid(text, len);
    if (enc != SW_SWISS_ENC_LATIN1 && bad == len) {
        /* a character the name's columns cut: '?' for its bytes */
        for (int i = 0; i < trf->nplayers; i++) {
            prefix_ascii_outside_name(trf, &trf->players[i]);
            char *pre = trf->players[i].prefix;
            size_t n = strlen(pre), k;
            while ((k = sw_utf8_invalid(pre, n)) < n)
                pre[k] = '?';
        }
        return SW_OK;
    }
    int line = 1;
    size_t start = 0;
    for (size_t i = 0; i < bad && i < len; i++)
        if (text[i] == '\n')
            line++, start = i + 1;
    if (enc == SW_SWISS_ENC_UTF8)
        return sw_error_set(err, SW_ERR_PARSE, trf->path, line,
                            "byte 0x%02X (column %d) is not UTF-8: the record is in another "
                            "encoding (Latin-1?)",
                            (unsigned char)text[bad], (int)(bad - start) + 1);
    int cut = 0;
    for (int i = 0; i < trf->nplayers; i++)
        if (!prefix_cp1252(trf, &trf->players[i], &cut))
            return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    for (int i = 0; i < trf->nother; i++) {
        sw_strbuf sb;
        sw_strbuf_init(&sb);
        sw_strbuf_cp1252(&sb, trf->other_lines[i], strlen(trf->other_lines[i]));
        if (sb.failed || !sb.data) { /* kept lines are never empty */
            sw_strbuf_free(&sb);
            return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
        }
        free(trf->other_lines[i]);
        trf->other_lines[i] = sb.data; /* the buffer is NUL-terminated: handed over */
    }
    if (bad < len)
        snprintf(trf->encoding_note, sizeof trf->encoding_note,
                 "not UTF-8 (byte 0x%02X on line %d, column %d): read as Windows-1252 (Latin-1) "
                 "and converted to UTF-8%s",
                 (unsigned char)text[bad], line, (int)(bad - start) + 1,
                 cut ? "; a name longer than its 33 columns was cut" : "");
    return SW_OK;
}

const char *sw_swiss_trf_header(const sw_swiss_trf *trf, const char *code) {
    for (int i = 0; i < trf->nother; i++) {
        const char *l = trf->other_lines[i];
        if (strncmp(l, code, 3) || (l[3] && l[3] != ' '))
            continue;
        l += 3;
        while (*l == ' ')
            l++;
        return *l ? l : NULL;
    }
    return NULL;
}

sw_status sw_swiss_trf_parse(const char *text, size_t len, const char *path, sw_swiss_trf *out,
                             sw_error *err) {
    return sw_swiss_trf_parse_enc(text, len, path, SW_SWISS_ENC_AUTO, out, err);
}

sw_status sw_swiss_trf_parse_enc(const char *text, size_t len, const char *path,
                                 sw_swiss_encoding enc, sw_swiss_trf *out, sw_error *err) {
    sw_swiss_trf trf;
    memset(&trf, 0, sizeof trf);
    snprintf(trf.path, sizeof trf.path, "%s", path ? path : "");
    trf.initial_colour = 'w';
    parser ps = {&trf, 0, NULL, 0, 0, 0, NULL, 0, 0, NULL, 0, 0, false};
    sw_status st = find_width(&trf, text, len, err);
    const char *p = text, *end = text + len, *line;
    size_t n;
    int lineno = 0;
    while (!st && sw_next_line(&p, end, &line, &n)) {
        lineno++;
        /* Trailing blanks, and carriage returns left by "\r\r\n" line ends,
         * which would otherwise stay in a kept line and not read back. */
        while (n > 0 && (line[n - 1] == ' ' || line[n - 1] == '\t' || line[n - 1] == '\r'))
            n--;
        if (n == 0)
            continue;
        if (n >= 3 && !strncmp(line, "001", 3))
            st = parse_player(&ps, line, n, lineno, err);
        else
            st = parse_header(&ps, line, n, lineno, err);
    }
    if (!st && trf.nplayers == 0)
        st = sw_error_set(err, SW_ERR_PARSE, trf.path, 0, "no player records (001 lines)");
    if (!st)
        st = index_ids(&ps, err);
    if (!st)
        detect_preset(&trf);
    if (!st && !trf.initial_given)
        infer_initial(&trf);
    if (!st)
        st = transcode(&trf, text, len, enc, err);
    if (!st && ps.baku) { /* 192 FIDE_DUTCH_2025_BAKU */
        st = sw_swiss_trf_baku(&trf, err);
        trf.baku_named = !st;
    }
    free(ps.xxz);
    free(ps.acc);
    for (int k = 0; k < ps.nxxa; k++)
        free(ps.xxa[k].v);
    free(ps.xxa);
    if (st) {
        sw_swiss_trf_free(&trf);
        return st;
    }
    *out = trf;
    return SW_OK;
}

sw_status sw_swiss_trf_read(const char *path, sw_swiss_trf *trf, sw_error *err) {
    return sw_swiss_trf_read_enc(path, SW_SWISS_ENC_AUTO, trf, err);
}

sw_status sw_swiss_trf_read_enc(const char *path, sw_swiss_encoding enc, sw_swiss_trf *trf,
                                sw_error *err) {
    char *data;
    size_t len;
    sw_status st = sw_file_read(path, &data, &len, err);
    if (st)
        return st;
    st = sw_swiss_trf_parse_enc(data, len, path, enc, trf, err);
    free(data);
    return st;
}

static void put_field(char *buf, int off, int width, const char *text) {
    int n = (int)strlen(text);
    if (n > width)
        return;
    memcpy(buf + off + width - n, text, (size_t)n);
}

sw_status sw_swiss_trf_init(sw_swiss_trf *trf, int n, const int *ratings, int total_rounds,
                            sw_error *err) {
    memset(trf, 0, sizeof *trf);
    if (n < 1 || n > SW_SWISS_MAX_PLAYERS)
        return sw_error_set(err, SW_ERR_LIMIT, NULL, 0, "%d players: expected 1..%d", n,
                            SW_SWISS_MAX_PLAYERS);
    trf->initial_colour = 'w';
    trf->total_rounds = total_rounds;
    trf->id_width = n <= 9999 ? 4 : n <= 99999 ? 5 : n <= 999999 ? 6 : 7;
    trf->players = calloc((size_t)n, sizeof *trf->players);
    trf->index_of_id = malloc(sizeof(int) * (size_t)(n + 1));
    if (!trf->players || !trf->index_of_id) {
        sw_swiss_trf_free(trf);
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    }
    trf->nplayers = n;
    trf->max_id = n;
    trf->index_of_id[0] = -1;
    int s = trf->id_width - 4;
    for (int i = 0; i < n; i++) {
        sw_swiss_player *p = &trf->players[i];
        p->id = i + 1;
        p->rating = ratings ? ratings[i] : 0;
        p->line = 0;
        trf->index_of_id[i + 1] = i;
        p->prefix = malloc((size_t)(92 + s));
        if (!p->prefix) {
            sw_swiss_trf_free(trf);
            return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
        }
        memset(p->prefix, ' ', (size_t)(91 + s));
        p->prefix[91 + s] = 0;
        memcpy(p->prefix, "001", 3);
        char num[32];
        snprintf(num, sizeof num, "%d", p->id);
        put_field(p->prefix, 4, trf->id_width, num);
        snprintf(num, sizeof num, "Player %d", p->id);
        memcpy(p->prefix + 14 + s, num, strlen(num));
        if (p->rating > 0) {
            snprintf(num, sizeof num, "%d", p->rating);
            put_field(p->prefix, 48 + s, 4, num);
        }
    }
    return SW_OK;
}

void sw_swiss_trf_write(const sw_swiss_trf *trf, sw_strbuf *out) {
    for (int i = 0; i < trf->nother; i++) {
        sw_strbuf_puts(out, trf->other_lines[i]);
        sw_strbuf_puts(out, "\n");
    }
    if (trf->id_width != 4)
        sw_strbuf_printf(out, "XXW %d\n", trf->id_width);
    if (trf->total_rounds)
        sw_strbuf_printf(out, "XXR %d\n", trf->total_rounds);
    sw_strbuf_printf(out, "XXC %s\n", trf->initial_colour == 'b' ? "black1" : "white1");
    bool any = false;
    for (int i = 0; i < trf->nplayers; i++)
        if (trf->players[i].absent &&
            !(trf->preset && trf->players[i].games[trf->nrounds].result != ' ')) {
            sw_strbuf_printf(out, "%s %d", any ? "" : "XXZ", trf->players[i].id);
            any = true;
        }
    if (any)
        sw_strbuf_puts(out, "\n");
    int w = trf->id_width, s = w - 4;
    for (int i = 0; i < trf->nplayers; i++) {
        const sw_swiss_player *p = &trf->players[i];
        char pre[128];
        snprintf(pre, sizeof pre, "%s", p->prefix);
        char pts[16];
        snprintf(pts, sizeof pts, "%d.%d", p->points2 / 2, p->points2 % 2 ? 5 : 0);
        /* Points of 100 or more ("100.0" to "200.0") take column 80, a blank
         * separator in TRF-16, as a fifth character (docs/swiss.md). */
        memset(pre + 80 + s, ' ', 4);
        if (strlen(pts) > 4)
            put_field(pre, 79 + s, 5, pts);
        else
            put_field(pre, 80 + s, 4, pts);
        sw_strbuf_puts(out, pre);
        for (int r = 0; r < trf->nrounds + (trf->preset ? 1 : 0); r++) {
            const sw_swiss_game *g = &p->games[r];
            sw_strbuf_printf(out, "%s%0*d %c %c", r ? "  " : "", w, g->opp, g->colour, g->result);
        }
        sw_strbuf_puts(out, "\n");
    }
}
