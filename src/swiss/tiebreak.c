/* src/swiss/tiebreak.c: the FIDE tie-breaks (Handbook C.07) of a Swiss
 * record and the standings they give: reading tie-break lists (option, TRF
 * 202/212 lines), computing each tie-break exactly on integers, and ranking
 * tie-break by tie-break with shared ranks. The treatment of unplayed rounds
 * follows the regulations as FIDE's TieBreakServer applies them
 * (docs/swiss.md, "Standings and tie-breaks").
 * SPDX-License-Identifier: MIT */
#include "swiss/tiebreak.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- names and lists ---- */

typedef struct tb_name {
    const char *name;
    sw_tb_kind kind;
    const char *mods; /* modifier letters allowed: C cut, M median cut, L Koya limit */
} tb_name;

static const tb_name names[] = {
    {"PTS", SW_TB_PTS, ""},   {"BH", SW_TB_BH, "CM"},   {"SB", SW_TB_SB, "CM"},
    {"DE", SW_TB_DE, ""},     {"PS", SW_TB_PS, "C"},    {"WIN", SW_TB_WIN, ""},
    {"WON", SW_TB_WON, ""},   {"BPG", SW_TB_BPG, ""},   {"BWG", SW_TB_BWG, ""},
    {"REP", SW_TB_REP, ""},   {"GE", SW_TB_REP, ""},    {"ARO", SW_TB_ARO, "CM"},
    {"TPR", SW_TB_TPR, "CM"}, {"PTP", SW_TB_PTP, "CM"}, {"KS", SW_TB_KS, "L"},
    {"AOB", SW_TB_AOB, "CM"},
};
#define NNAMES ((int)(sizeof names / sizeof names[0]))

static const char *kind_name(sw_tb_kind k) {
    for (int i = 0; i < NNAMES; i++)
        if (names[i].kind == k)
            return names[i].name;
    return "?";
}

void sw_tb_name(const sw_tiebreak *tb, char *buf, size_t size) {
    const char *n = kind_name(tb->kind);
    if (tb->cut_high)
        snprintf(buf, size, "%s/M%d", n, tb->cut_high);
    else if (tb->cut_low)
        snprintf(buf, size, "%s/C%d", n, tb->cut_low);
    else if (tb->kind == SW_TB_KS && tb->koya_pct != 50)
        snprintf(buf, size, "%s/L%d", n, tb->koya_pct);
    else
        snprintf(buf, size, "%s", n);
}

/* One word "NAME[/MOD...]" (already upper case, '/' separators). */
static sw_status parse_word(char *w, const char *what, sw_tiebreak *tb, sw_error *err) {
    char *slash = strchr(w, '/');
    if (slash)
        *slash = '\0';
    const tb_name *nm = NULL;
    for (int i = 0; i < NNAMES && !nm; i++)
        if (!strcmp(w, names[i].name))
            nm = &names[i];
    if (!nm)
        return sw_error_set(err, SW_ERR_PARSE, NULL, 0,
                            "%s: unknown tie-break '%s' (known: PTS BH SB DE PS WIN WON BPG BWG "
                            "REP ARO TPR PTP KS AOB)",
                            what, w);
    *tb = (sw_tiebreak){nm->kind, 0, 0, 50};
    for (char *m = slash ? slash + 1 : NULL; m; m = slash ? slash + 1 : NULL) {
        slash = strchr(m, '/');
        if (slash)
            *slash = '\0';
        char *end = NULL;
        long v = m[0] && isdigit((unsigned char)m[1]) ? strtol(m + 1, &end, 10) : -1;
        if (!m[0] || !strchr(nm->mods, m[0]) || v < 0 || v > 100 || (end && *end))
            return sw_error_set(err, SW_ERR_PARSE, NULL, 0, "%s: modifier '%s' of %s: expected %s",
                                what, m, nm->name,
                                !nm->mods[0]            ? "none"
                                : nm->kind == SW_TB_KS  ? "Ln (percent)"
                                : strchr(nm->mods, 'M') ? "Cn or Mn"
                                                        : "Cn");
        if (m[0] == 'C')
            tb->cut_low = (int)v;
        else if (m[0] == 'M')
            tb->cut_low = tb->cut_high = (int)v;
        else
            tb->koya_pct = (int)v;
    }
    return SW_OK;
}

static sw_status parse_list(const char *text, const char *what, bool pts_first, sw_tb_list *out,
                            sw_error *err) {
    out->n = 0;
    if (pts_first)
        out->tb[out->n++] = (sw_tiebreak){SW_TB_PTS, 0, 0, 50};
    const char *s = text;
    while (*s) {
        while (*s == ' ' || *s == ',' || *s == '\t' || *s == '\r' || *s == '\n')
            s++;
        size_t len = strcspn(s, " ,\t\r\n");
        if (!len)
            break;
        char w[64];
        if (len >= sizeof w)
            return sw_error_set(err, SW_ERR_PARSE, NULL, 0, "%s: tie-break '%.*s' too long", what,
                                (int)len, s);
        for (size_t i = 0; i < len; i++) {
            char c = (char)toupper((unsigned char)s[i]);
            w[i] = c == '#' || c == '!' ? '/' : c;
        }
        w[len] = '\0';
        s += len;
        sw_tiebreak tb;
        if (parse_word(w, what, &tb, err))
            return err ? err->code : SW_ERR_PARSE;
        if (pts_first && out->n == 1 && tb.kind == SW_TB_PTS)
            continue; /* PTS given first: already there */
        if (out->n >= SW_TB_MAX)
            return sw_error_set(err, SW_ERR_LIMIT, NULL, 0, "%s: more than %d tie-breaks", what,
                                SW_TB_MAX);
        out->tb[out->n++] = tb;
    }
    return SW_OK;
}

sw_status sw_tb_parse_list(const char *text, const char *what, sw_tb_list *out, sw_error *err) {
    return parse_list(text, what, true, out, err);
}

sw_status sw_tb_from_record(const sw_swiss_trf *trf, sw_tb_list *out, bool *found, sw_error *err) {
    *found = false;
    int i202 = -1, i212 = -1;
    for (int i = 0; i < trf->nother; i++) {
        const char *l = trf->other_lines[i];
        if (!strncmp(l, "212", 3) && (l[3] == ' ' || !l[3]))
            i212 = i;
        else if (!strncmp(l, "202", 3) && (l[3] == ' ' || !l[3]))
            i202 = i;
    }
    int i = i212 >= 0 ? i212 : i202;
    if (i < 0)
        return SW_OK;
    const char *l = trf->other_lines[i];
    int lineno = trf->other_lineno ? trf->other_lineno[i] : 0;
    char what[16];
    snprintf(what, sizeof what, "%.3s line", l);
    sw_status st = parse_list(l + 3, what, i == i202, out, err);
    if (!st && !out->n)
        st = sw_error_set(err, SW_ERR_PARSE, NULL, 0, "%s: no tie-break named", what);
    if (st && err && err->line == 0) { /* the record's file and line */
        snprintf(err->file, sizeof err->file, "%s", trf->path);
        err->line = lineno;
    }
    *found = !st;
    return st;
}

/* Start date of the record (042): YYYY-MM-DD, YYYY/MM/DD, YYYY.MM.DD or
 * DD.MM.YYYY (blanks after the separators allowed); 0 when unreadable. */
static long start_date(const sw_swiss_trf *trf) {
    for (int i = 0; i < trf->nother; i++) {
        const char *l = trf->other_lines[i];
        if (strncmp(l, "042", 3))
            continue;
        long f[3] = {0, 0, 0};
        int nf = 0, digits[3] = {0, 0, 0};
        for (const char *s = l + 3; *s && nf < 3; s++) {
            if (isdigit((unsigned char)*s)) {
                f[nf] = f[nf] * 10 + (*s - '0');
                digits[nf]++;
            } else if (digits[nf] && (*s == '-' || *s == '/' || *s == '.' || *s == ' ')) {
                nf++;
            } else if (*s != ' ') {
                return 0;
            }
        }
        if (nf < 2 || (nf == 2 && !digits[2]))
            return 0;
        long y = digits[0] == 4 ? f[0] : f[2], d = digits[0] == 4 ? f[2] : f[0], m = f[1];
        if ((digits[0] != 4 && digits[2] != 4) || m < 1 || m > 12 || d < 1 || d > 31)
            return 0;
        return y * 10000 + m * 100 + d;
    }
    return 0;
}

sw_tb_rules sw_tb_record_rules(const sw_swiss_trf *trf) {
    long d = start_date(trf);
    return d && d < 20260301 ? SW_TB_RULES_2024 : SW_TB_RULES_2026;
}

int sw_tb_scale(sw_tb_kind kind) {
    switch (kind) {
    case SW_TB_PTS:
    case SW_TB_BH:
    case SW_TB_PS:
    case SW_TB_KS:
        return 2;
    case SW_TB_SB:
        return 4;
    case SW_TB_AOB:
        return 100;
    default:
        return 1;
    }
}

void sw_tb_format(sw_tb_kind kind, int64_t v, char *buf, size_t size) {
    if (v == SW_TB_NONE) {
        snprintf(buf, size, "-");
        return;
    }
    int scale = sw_tb_scale(kind);
    if (scale == 1) {
        snprintf(buf, size, "%lld", (long long)v);
        return;
    }
    /* 2 -> one decimal, 4 and 100 -> two */
    int decimals = scale == 2 ? 1 : 2, unit = scale == 2 ? 10 : 100;
    const char *sign = v < 0 ? "-" : "";
    unsigned long long a = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
    unsigned long long frac =
        (a % (unsigned long long)scale) * (unsigned long long)unit / (unsigned long long)scale;
    snprintf(buf, size, "%s%llu.%0*llu", sign, a / (unsigned long long)scale, decimals, frac);
}

/* ---- the computation ---- */

/* FIDE rating tables (Handbook B.02, 8.1): dp for a percentage score
 * 0..100, and the smallest rating difference giving each expected score
 * 0.51 .. 1.00 (0..3 gives 0.50). */
static const short dp_of_pct[101] = {
    -800, -677, -589, -538, -501, -470, -444, -422, -401, -383, -366, -351, -336, -322, -309,
    -296, -284, -273, -262, -251, -240, -230, -220, -211, -202, -193, -184, -175, -166, -158,
    -149, -141, -133, -125, -117, -110, -102, -95,  -87,  -80,  -72,  -65,  -57,  -50,  -43,
    -36,  -29,  -21,  -14,  -7,   0,    7,    14,   21,   29,   36,   43,   50,   57,   65,
    72,   80,   87,   95,   102,  110,  117,  125,  133,  141,  149,  158,  166,  175,  184,
    193,  202,  211,  220,  230,  240,  251,  262,  273,  284,  296,  309,  322,  336,  351,
    366,  383,  401,  422,  444,  470,  501,  538,  589,  677,  800};
static const short pd_from[50] = {4,   11,  18,  26,  33,  40,  47,  54,  62,  69,  77,  84,  92,
                                  99,  107, 114, 122, 130, 138, 146, 154, 163, 171, 180, 189, 198,
                                  207, 216, 226, 236, 246, 257, 268, 279, 291, 303, 316, 329, 345,
                                  358, 375, 392, 412, 433, 457, 485, 518, 560, 620, 736};

/* Expected score in hundredths of a player rated r against one rated o. */
static int expected100(int r, int o) {
    int diff = r - o, a = diff < 0 ? -diff : diff;
    if (a > 800)
        a = 800;
    int lo = 0, hi = 50; /* pd_from entries <= a: a binary search */
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (pd_from[mid] <= a)
            lo = mid + 1;
        else
            hi = mid;
    }
    int pd = 50 + lo;
    return diff >= 0 ? pd : 100 - pd;
}

typedef struct rinfo {
    int opp;  /* player index, -1 for none */
    int pts2; /* points of the round, halves */
    int rp2;  /* points for the rating calculation (1, ½, 0 of played games), halves */
    char colour;
    bool played; /* over the board (or the pairing-allocated bye) */
    bool vur;    /* unplayed and not won: a voluntarily unplayed round */
} rinfo;

typedef struct ctx {
    const sw_swiss_trf *trf;
    int n, R;
    int win2, draw2;
    sw_tb_rules rules;
    int unrated;
    rinfo *ri;    /* n * R */
    int *total2;  /* points */
    int *abh2;    /* the score an opponent counts in Buchholz (unplayed late rounds as draws) */
    int *rank;    /* current shared rank */
    int64_t *tmp; /* n */
} ctx;

static inline const rinfo *RI(const ctx *c, int p, int r) {
    return &c->ri[(size_t)p * (size_t)c->R + (size_t)r];
}

static void read_rounds(ctx *c) {
    const sw_swiss_trf *t = c->trf;
    for (int p = 0; p < c->n; p++) {
        const sw_swiss_player *pl = &t->players[p];
        int total = 0, lna = 0;
        for (int r = 0; r < c->R; r++) {
            const sw_swiss_game *g = &pl->games[r];
            rinfo *x = &c->ri[(size_t)p * (size_t)c->R + (size_t)r];
            int opp = g->opp > 0 && g->opp <= t->max_id ? t->index_of_id[g->opp] : -1;
            char res = g->result;
            x->opp = opp;
            x->pts2 = sw_swiss_game_points2(t, g);
            x->played = strchr("10=WDLU", res) && res;
            x->rp2 = !x->played || opp < 0        ? 0
                     : (res == '1' || res == 'W') ? 2
                     : (res == '=' || res == 'D') ? 1
                                                  : 0;
            x->colour = g->colour;
            x->vur = !x->played && res != '+' && res != 'F';
            total += x->pts2;
            if (!x->vur)
                lna = r + 1;
        }
        c->total2[p] = total;
        /* an opponent's score for Buchholz: rounds after its last played or
         * won one that it did not play count as draws */
        int abh = 0;
        for (int r = 0; r < c->R; r++) {
            const rinfo *x = RI(c, p, r);
            abh += r < lna || x->opp >= 0 ? x->pts2 : c->draw2;
        }
        c->abh2[p] = abh;
    }
}

/* One round's entry in Buchholz / Sonneborn-Berger: the opponent's score
 * (halves) and the tie-break's value of the round. */
typedef struct bhv {
    int64_t score, value;
    bool vur;
} bhv;

static int bhv_low(const bhv *a, const bhv *b) { /* (score, value) order */
    if (a->score != b->score)
        return a->score < b->score ? -1 : 1;
    return (a->value > b->value) - (a->value < b->value);
}

/* Leave out the low lowest and high highest entries of v[0..m); returns the
 * sum of the rest. A low cut takes the voluntarily unplayed round with the
 * lowest score first, unless the entry with the lowest score has a higher
 * value (Sonneborn-Berger): then that one. */
static int64_t cut_sum(bhv *v, int m, int low, int high) {
    for (; low > 0 && m > 0; low--) {
        int a = 0, e = -1;
        for (int i = 1; i < m; i++)
            if (bhv_low(&v[i], &v[a]) < 0)
                a = i;
        for (int i = 0; i < m; i++)
            if (v[i].vur && (e < 0 || bhv_low(&v[i], &v[e]) < 0))
                e = i;
        if (e < 0)
            e = a;
        int drop = v[a].value > v[e].value ? a : e;
        v[drop] = v[--m];
    }
    for (; high > 0 && m > 0; high--) {
        int a = 0;
        for (int i = 1; i < m; i++)
            if (bhv_low(&v[i], &v[a]) > 0)
                a = i;
        v[a] = v[--m];
    }
    int64_t s = 0;
    for (int i = 0; i < m; i++)
        s += v[i].value;
    return s;
}

static void clamp_cuts(const sw_tiebreak *tb, int R, int *low, int *high) {
    *low = tb->cut_low > R ? R : tb->cut_low;
    *high = *low + tb->cut_high > R ? R - *low : tb->cut_high;
}

/* Buchholz (sb false, halves) or Sonneborn-Berger (quarters) of player p. */
static int64_t buchholz(const ctx *c, const sw_tiebreak *tb, int p, bool sb, bhv *v) {
    int low, high;
    clamp_cuts(tb, c->R, &low, &high);
    for (int r = 0; r < c->R; r++) {
        const rinfo *x = RI(c, p, r);
        int64_t score;
        bool vur = x->vur;
        if (x->played && x->opp >= 0) {
            score = c->abh2[x->opp];
            vur = false;
        } else {
            /* a virtual opponent with the player's own score; the 2026
             * rules cap it by the opponent's score (forfeit) or a draw in
             * every round */
            score = c->total2[p];
            if (c->rules == SW_TB_RULES_2026) {
                int64_t cap = x->opp >= 0 ? c->abh2[x->opp] : (int64_t)c->draw2 * c->R;
                score = score < cap ? score : cap;
            }
        }
        v[r] = (bhv){score, sb ? score * x->pts2 : score, vur};
    }
    return cut_sum(v, c->R, low, high);
}

static int64_t progressive(const ctx *c, const sw_tiebreak *tb, int p) {
    int64_t sum = 0, ps = 0;
    for (int r = 0; r < c->R; r++) {
        sum += RI(c, p, r)->pts2;
        if (r >= tb->cut_low)
            ps += sum;
    }
    return ps;
}

static int64_t koya(const ctx *c, const sw_tiebreak *tb, int p) {
    int64_t ks = 0;
    for (int r = 0; r < c->R; r++) {
        const rinfo *x = RI(c, p, r);
        if (x->opp >= 0 &&
            100 * (int64_t)c->total2[x->opp] >= (int64_t)tb->koya_pct * c->win2 * c->R)
            ks += x->pts2;
    }
    return ks;
}

static int64_t count(const ctx *c, sw_tb_kind k, int p) {
    int64_t n = 0;
    for (int r = 0; r < c->R; r++) {
        const rinfo *x = RI(c, p, r);
        bool win = x->pts2 == c->win2;
        switch (k) {
        case SW_TB_WIN:
            n += win;
            break;
        case SW_TB_WON:
            n += win && x->played && x->opp >= 0;
            break;
        case SW_TB_BPG:
            n += x->colour == 'b' && x->played;
            break;
        case SW_TB_BWG:
            n += x->colour == 'b' && x->played && win;
            break;
        default: /* REP */
            n += x->played || win;
            break;
        }
    }
    return n;
}

static int rating_of(const ctx *c, int p) {
    int r = c->trf->players[p].rating;
    return r > 0 ? r : c->unrated;
}

/* The perfect performance: the lowest rating whose expected score against
 * the opponents reaches the score. */
static int64_t perfect(const int *opp, int m, int score2) {
    if (!score2)
        return opp[0] - 800; /* opp sorted */
    if (score2 > 2 * m)
        return opp[m - 1] + 800;
    int lo = opp[0] - 801, hi = opp[m - 1] + 800;
    while (hi - lo > 1) { /* expected score grows with the rating */
        int mid = lo + (hi - lo) / 2;
        long e = 0;
        for (int i = 0; i < m; i++)
            e += expected100(mid, opp[i]);
        if (2 * e >= 100L * score2)
            hi = mid;
        else
            lo = mid;
    }
    return hi;
}

/* ARO, TPR or PTP of player p; opp is scratch of R ints. */
static int64_t performance(const ctx *c, const sw_tiebreak *tb, int p, int *opp) {
    int m = 0;
    int score2 = 0;
    int low, high;
    clamp_cuts(tb, c->R, &low, &high);
    /* rounds played, each with the opponent's rating and the points scored,
     * ordered by rating to drop the cut ones */
    int *pts = opp + c->R;
    for (int r = 0; r < c->R; r++) {
        const rinfo *x = RI(c, p, r);
        if (x->played && x->opp >= 0) {
            pts[m] = x->rp2;
            opp[m] = rating_of(c, x->opp);
            m++;
        }
    }
    /* sort the pairs (rating, points) by rating, keeping the pairing stable */
    for (int i = 1; i < m; i++) {
        int ro = opp[i], rp = pts[i], j = i;
        while (j > 0 && opp[j - 1] > ro) {
            opp[j] = opp[j - 1];
            pts[j] = pts[j - 1];
            j--;
        }
        opp[j] = ro;
        pts[j] = rp;
    }
    int first = low < m ? low : m;
    int last = m - (high < m - first ? high : m - first);
    int k = last - first;
    if (k <= 0)
        return SW_TB_NONE;
    int64_t sum = 0;
    for (int i = first; i < last; i++) {
        sum += opp[i];
        score2 += pts[i];
    }
    int64_t aro = (2 * sum + k) / (2 * k); /* half up */
    if (tb->kind == SW_TB_ARO)
        return aro;
    if (tb->kind == SW_TB_TPR) {
        int pct = (int)((100L * score2 + k) / (2L * k));
        return aro + dp_of_pct[pct];
    }
    return perfect(opp + first, k, score2);
}

static bool all_rated(const ctx *c) {
    if (c->unrated > 0)
        return true;
    for (int p = 0; p < c->n; p++)
        if (c->trf->players[p].rating <= 0)
            return false;
    return true;
}

/* ---- direct encounter ---- */

#define DE_ONE ((int64_t)1 << 21) /* one point: repeated meetings average exactly */

typedef struct de_item {
    int p, id;
    int64_t deval, demax;
} de_item;

static int de_by_score(const void *a, const void *b) {
    const de_item *x = a, *y = b;
    if (x->deval != y->deval)
        return x->deval > y->deval ? -1 : 1;
    if (x->demax != y->demax)
        return x->demax > y->demax ? -1 : 1;
    return (x->id > y->id) - (x->id < y->id);
}

/* One group of players with the same value: their scores against each
 * other; returns the number of rank changes. val[] per player index. */
static int de_group(const ctx *c, int *grp, int m, int64_t *val, de_item *it, int *seen,
                    int64_t *avg) {
    int64_t cur = val[grp[0]];
    int metmax = m - 1;
    bool metall = true;
    for (int i = 0; i < m; i++) {
        int p = grp[i], denum = 0;
        int64_t deval = 0;
        for (int r = 0; r < c->R; r++) {
            const rinfo *x = RI(c, p, r);
            if (x->opp < 0 || !x->played || val[x->opp] != cur)
                continue;
            int64_t s = (int64_t)x->pts2 * DE_ONE / 2;
            if (seen[x->opp] == p + 1) { /* met again: the average of the meetings */
                int64_t a = (avg[x->opp] + s) / 2;
                deval += a - avg[x->opp];
                avg[x->opp] = a;
                denum = 1;
            } else {
                seen[x->opp] = p + 1;
                avg[x->opp] = s;
                denum++;
                deval += s;
            }
        }
        int64_t demax = deval;
        if (denum < metmax) {
            metall = false;
            demax += (int64_t)(metmax - denum) * c->win2 * DE_ONE / 2;
        }
        it[i] = (de_item){p, c->trf->players[p].id, deval, demax};
        for (int r = 0; r < c->R; r++) /* forget the marks for the next player */
            if (RI(c, p, r)->opp >= 0)
                seen[RI(c, p, r)->opp] = 0;
    }
    if (metall)
        for (int i = 0; i < m; i++)
            it[i].demax = 0; /* sort by score, then start number */
    qsort(it, (size_t)m, sizeof *it, de_by_score);
    for (int i = m - 2; i >= 0; i--) /* demax becomes the largest from i on */
        it[i].demax = it[i].demax > it[i + 1].demax ? it[i].demax : it[i + 1].demax;
    int changes = 0;
    int64_t crank = cur, rank = cur, prev = it[0].deval;
    bool unique = true;
    for (int i = 1; i < m; i++) {
        rank++;
        if (metall) {
            if (it[i].deval != prev) {
                crank = rank;
                prev = it[i].deval;
                changes++;
            }
        } else {
            if (unique && prev > it[i].demax) { /* the most any player from i on can reach */
                crank = rank;
                changes++;
            } else {
                unique = false;
            }
            prev = it[i].deval;
        }
        val[it[i].p] = crank;
    }
    return changes;
}

typedef struct order_ctx {
    const int *rank;
    const int64_t *val;
    const sw_swiss_trf *trf;
} order_ctx;

static int by_rank_val_id(const int *a, const int *b, const order_ctx *o) {
    if (o->rank[*a] != o->rank[*b])
        return o->rank[*a] < o->rank[*b] ? -1 : 1;
    if (o->val[*a] != o->val[*b])
        return o->val[*a] < o->val[*b] ? -1 : 1;
    return (o->trf->players[*a].id > o->trf->players[*b].id) -
           (o->trf->players[*a].id < o->trf->players[*b].id);
}

/* qsort has no context argument in C17: a merge sort with one. */
static void sort_idx(int *a, int *tmp, int n, const order_ctx *o) {
    if (n < 2)
        return;
    int h = n / 2;
    sort_idx(a, tmp, h, o);
    sort_idx(a + h, tmp, n - h, o);
    int i = 0, j = h, k = 0;
    while (i < h && j < n)
        tmp[k++] = by_rank_val_id(&a[j], &a[i], o) < 0 ? a[j++] : a[i++];
    while (i < h)
        tmp[k++] = a[i++];
    while (j < n)
        tmp[k++] = a[j++];
    memcpy(a, tmp, (size_t)n * sizeof *a);
}

/* Direct encounter among players tied so far (same rank): repeated until
 * no group splits further (at most 30 passes), then numbered 1, 2, ...
 * inside each tied group (0 when the group stays tied). */
static sw_status direct_encounter(const ctx *c, int64_t *out, sw_error *err) {
    int n = c->n;
    int *ord = malloc(sizeof *ord * (size_t)(n ? n : 1) * 3);
    bool *more = malloc(sizeof *more * (size_t)(n ? n : 1));
    de_item *it = malloc(sizeof *it * (size_t)(n ? n : 1));
    int64_t *avg = calloc((size_t)(n ? n : 1), sizeof *avg);
    if (!ord || !more || !it || !avg) {
        free(ord), free(more), free(it), free(avg);
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    }
    int *tmp = ord + n, *seen = ord + 2 * n;
    for (int p = 0; p < n; p++) {
        ord[p] = p;
        out[p] = c->rank[p];
        more[p] = true;
        seen[p] = 0;
    }
    order_ctx o = {c->rank, out, c->trf};
    sort_idx(ord, tmp, n, &o);
    for (int loop = 1; loop <= 30; loop++) {
        int changes = 0;
        for (int s = 0, e; s < n; s = e) {
            for (e = s + 1; e < n && out[ord[e]] == out[ord[s]]; e++)
                ;
            if (!more[ord[s]])
                continue;
            bool m = false;
            if (e - s > 1) {
                int ch = de_group(c, ord + s, e - s, out, it, seen, avg);
                changes += ch;
                m = ch > 0;
            }
            for (int i = s; i < e; i++)
                more[ord[i]] = m;
        }
        sort_idx(ord, tmp, n, &o);
        if (!changes)
            break;
    }
    for (int s = 0, e; s < n; s = e) {
        for (e = s + 1; e < n && c->rank[ord[e]] == c->rank[ord[s]]; e++)
            ;
        int64_t off = out[ord[s]] - (out[ord[s]] != out[ord[e - 1]]);
        for (int i = s; i < e; i++)
            out[ord[i]] -= off;
    }
    free(ord), free(more), free(it), free(avg);
    return SW_OK;
}

/* ---- ranking ---- */

/* New shared ranks: by the previous rank, then the value (smaller first). */
static void rerank(ctx *c, const int64_t *key, int *ord, int *tmp) {
    order_ctx o = {c->rank, key, c->trf};
    for (int p = 0; p < c->n; p++)
        ord[p] = p;
    sort_idx(ord, tmp, c->n, &o);
    for (int i = 0; i < c->n; i++) {
        int p = ord[i], q = i ? ord[i - 1] : -1;
        tmp[p] = q >= 0 && c->rank[p] == c->rank[q] && key[p] == key[q] ? tmp[q] : i + 1;
    }
    memcpy(c->rank, tmp, (size_t)c->n * sizeof *c->rank);
}

static sw_status compute_one(ctx *c, const sw_tiebreak *tb, int64_t *v, bhv *bv, int *scratch,
                             sw_error *err) {
    int n = c->n;
    bool rated = all_rated(c);
    switch (tb->kind) {
    case SW_TB_DE:
        return direct_encounter(c, v, err);
    case SW_TB_AOB: {
        int64_t *bh = c->tmp;
        for (int p = 0; p < n; p++)
            bh[p] = buchholz(c, tb, p, false, bv);
        for (int p = 0; p < n; p++) {
            int64_t sum = 0, k = 0;
            for (int r = 0; r < c->R; r++) {
                const rinfo *x = RI(c, p, r);
                if (x->played && x->opp >= 0)
                    sum += bh[x->opp], k++;
            }
            /* average of halves to hundredths, half up (sum >= 0) */
            v[p] = k ? (100 * sum + k) / (2 * k) : SW_TB_NONE;
        }
        return SW_OK;
    }
    default:
        break;
    }
    for (int p = 0; p < n; p++) {
        switch (tb->kind) {
        case SW_TB_PTS:
            v[p] = c->total2[p];
            break;
        case SW_TB_BH:
        case SW_TB_SB:
            v[p] = buchholz(c, tb, p, tb->kind == SW_TB_SB, bv);
            break;
        case SW_TB_PS:
            v[p] = progressive(c, tb, p);
            break;
        case SW_TB_KS:
            v[p] = koya(c, tb, p);
            break;
        case SW_TB_ARO:
        case SW_TB_TPR:
        case SW_TB_PTP:
            v[p] = rated ? performance(c, tb, p, scratch) : SW_TB_NONE;
            break;
        default:
            v[p] = count(c, tb->kind, p);
            break;
        }
    }
    return SW_OK;
}

void sw_standings_free(sw_standings *s) {
    free(s->order);
    free(s->rank);
    free(s->value);
    memset(s, 0, sizeof *s);
}

sw_status sw_standings_compute(const sw_swiss_trf *trf, const sw_tb_list *list,
                               const sw_tb_options *opt, sw_standings *out, sw_error *err) {
    memset(out, 0, sizeof *out);
    sw_tb_options none = {SW_TB_RULES_AUTO, 0, 0};
    opt = opt ? opt : &none;
    int n = trf->nplayers, R = trf->nrounds;
    if (opt->after_round > 0 && opt->after_round < R)
        R = opt->after_round;
    sw_tb_rules rules = opt->rules;
    int unrated_rating = opt->unrated_rating;
    size_t nn = (size_t)(n ? n : 1), nt = (size_t)(list->n ? list->n : 1);
    ctx c = {trf,  n,    R,    2,    1,   rules ? rules : sw_tb_record_rules(trf), unrated_rating,
             NULL, NULL, NULL, NULL, NULL};
    if (trf->points_custom) {
        c.win2 = trf->pts2[SW_PTS_WW];
        c.draw2 = trf->pts2[SW_PTS_WD];
    }
    c.ri = malloc(sizeof *c.ri * nn * (size_t)(R ? R : 1));
    c.total2 = malloc(sizeof *c.total2 * nn);
    c.abh2 = malloc(sizeof *c.abh2 * nn);
    c.tmp = malloc(sizeof *c.tmp * nn * 2);
    int64_t *key = c.tmp + nn;
    bhv *bv = malloc(sizeof *bv * (size_t)(R ? R : 1));
    int *scratch = malloc(sizeof *scratch * (size_t)(R ? 2 * R : 1));
    int *ord = malloc(sizeof *ord * nn * 2);
    out->order = malloc(sizeof *out->order * nn);
    out->rank = malloc(sizeof *out->rank * nn);
    out->value = malloc(sizeof *out->value * nn * nt);
    int64_t *v = malloc(sizeof *v * nn);
    sw_status st = SW_OK;
    if (!c.ri || !c.total2 || !c.abh2 || !c.tmp || !bv || !scratch || !ord || !out->order ||
        !out->rank || !out->value || !v) {
        st = sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
        goto done;
    }
    c.rank = out->rank;
    read_rounds(&c);
    for (int p = 0; p < n; p++)
        out->rank[p] = 1;
    for (int k = 0; k < list->n; k++) {
        const sw_tiebreak *tb = &list->tb[k];
        if ((st = compute_one(&c, tb, v, bv, scratch, err)))
            goto done;
        bool lower_better = tb->kind == SW_TB_DE;
        for (int p = 0; p < n; p++) {
            out->value[(size_t)p * nt + (size_t)k] = v[p];
            /* smaller key ranks first; a missing value last */
            key[p] = v[p] == SW_TB_NONE ? INT64_MAX : lower_better ? v[p] : -v[p];
        }
        rerank(&c, key, ord, ord + n);
    }
    for (int p = 0; p < n; p++)
        key[p] = 0;
    rerank(&c, key, out->order, ord); /* the order: rank, then start number */
    out->nplayers = n;
    out->rounds = R;
    out->rules = c.rules;
    out->list = *list;
done:
    free(c.ri), free(c.total2), free(c.abh2), free(c.tmp), free(bv), free(scratch), free(ord);
    free(v);
    if (st)
        sw_standings_free(out);
    return st;
}
