/* src/swiss/gotha.c: OpenGotha's XML tournament file: the reader (players,
 * games, byes, the parameter sets that drive the pairing, clubs groups, each
 * checked with the element's line), player keys as OpenGotha forms them, and
 * adding a round to the file's tree. The tree keeps everything else
 * (tournament names, display settings, teams) for writing back.
 * SPDX-License-Identifier: MIT */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "swiss/go.h"
#include "swiss/go_internal.h"
#include "swiss/xml.h"
#include "util/fileio.h"
#include "util/utf8.h"

/* ---- ranks, names, keys ------------------------------------------------ */

bool sw_go_parse_rank(const char *s, int *rank) {
    while (*s == ' ')
        s++;
    size_t n = strlen(s);
    while (n && s[n - 1] == ' ')
        n--;
    if (!n || n > 6)
        return false;
    char kind = 'k';
    char last = s[n - 1];
    if (strchr("kKdDpP", last)) {
        kind = (char)(last | 0x20);
        n--;
    }
    if (!n)
        return false;
    int v = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return false;
        v = v * 10 + (s[i] - '0');
    }
    int r = kind == 'k' ? -v : kind == 'd' ? v - 1 : v <= 3 ? 6 : v <= 6 ? 7 : 8;
    *rank = r < SW_GO_MIN_RANK ? SW_GO_MIN_RANK : r > SW_GO_MAX_RANK ? SW_GO_MAX_RANK : r;
    return true;
}

void sw_go_rank_text(int rank, char *buf) {
    if (rank < 0)
        snprintf(buf, 8, "%dK", -rank % 100);
    else
        snprintf(buf, 8, "%dD", (rank + 1) % 100);
}

static const char *const crit_names[SW_GO_C_COUNT] = {
    "NULL",   "CAT",    "Rank",   "Rating", "NBW",   "MMS",  "STS",    "CPS",    "SOSW",
    "SOSW-1", "SOSW-2", "SODOSW", "SOSOSW", "CUSSW", "SOSM", "SOSM-1", "SOSM-2", "SODOSM",
    "SOSOSM", "CUSSM",  "SOSTS",  "EXT",    "EXR",   "DC",   "SDC"};

const char *sw_go_crit_name(sw_go_crit c) {
    return c < SW_GO_C_COUNT ? crit_names[c] : "?";
}

int sw_go_crit_scale(sw_go_crit c) {
    switch (c) {
    case SW_GO_C_NULL:
    case SW_GO_C_CAT:
    case SW_GO_C_RANK:
    case SW_GO_C_RATING:
    case SW_GO_C_DC:
    case SW_GO_C_SDC:
        return 1;
    case SW_GO_C_SODOSW:
    case SW_GO_C_SODOSM:
        return 4;
    default:
        return 2;
    }
}

int sw_go_last_round(const sw_go_tournament *t) {
    int r = -1;
    for (int i = 0; i < t->ngames; i++)
        r = t->games[i].round > r ? t->games[i].round : r;
    for (int i = 0; i < t->nbyes; i++)
        r = t->byes[i].round > r ? t->byes[i].round : r;
    return r;
}

/* Decode one UTF-8 character (the text is checked UTF-8). */
uint32_t sw_go_utf8_next(const char **s) {
    const unsigned char *p = (const unsigned char *)*s;
    uint32_t c = *p;
    int n = c < 0x80 ? 0 : c < 0xE0 ? 1 : c < 0xF0 ? 2 : 3;
    if (n)
        c &= 0x3Fu >> n;
    for (int i = 1; i <= n; i++)
        c = (c << 6) | (p[i] & 0x3F);
    *s += n + 1;
    return c;
}

/* Java's String.toUpperCase on the scripts names are written in here
 * (Latin, Greek, Cyrillic, full-width Latin); other characters stay. */
static void upper_cp(sw_strbuf *sb, uint32_t c) {
    if ((c >= 'a' && c <= 'z') || (c >= 0xE0 && c <= 0xFE && c != 0xF7) ||
        (c >= 0x3B1 && c <= 0x3C9 && c != 0x3C2) || (c >= 0x430 && c <= 0x44F) ||
        (c >= 0xFF41 && c <= 0xFF5A))
        c -= 0x20;
    else if (c == 0xDF) {
        sw_strbuf_puts(sb, "SS");
        return;
    } else if (c == 0xB5)
        c = 0x39C;
    else if (c == 0xFF)
        c = 0x178;
    else if (c == 0x3C2)
        c = 0x3A3;
    else if (c >= 0x450 && c <= 0x45F)
        c -= 0x50;
    else if (c == 0x131)
        c = 'I';
    else if (c == 0x17F)
        c = 'S';
    else if (c == 0x149) {
        sw_strbuf_put_cp(sb, 0x2BC);
        c = 'N';
    } else if (((c >= 0x100 && c <= 0x12F) || (c >= 0x132 && c <= 0x137) ||
                (c >= 0x14A && c <= 0x177) || (c >= 0x460 && c <= 0x481) ||
                (c >= 0x48A && c <= 0x4BF) || (c >= 0x4D0 && c <= 0x52F)) &&
               (c & 1))
        c -= 1;
    else if (((c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17E) ||
              (c >= 0x4C1 && c <= 0x4CE)) &&
             !(c & 1))
        c -= 1;
    sw_strbuf_put_cp(sb, c);
}

/* Java's toLowerCase, the inverse on the same scripts. */
static uint32_t lower_cp(uint32_t c) {
    if ((c >= 'A' && c <= 'Z') || (c >= 0xC0 && c <= 0xDE && c != 0xD7) ||
        (c >= 0x391 && c <= 0x3A9 && c != 0x3A2) || (c >= 0x410 && c <= 0x42F) ||
        (c >= 0xFF21 && c <= 0xFF3A))
        return c + 0x20;
    if (c >= 0x400 && c <= 0x40F)
        return c + 0x50;
    if (c == 0x130)
        return 'i';
    if (c == 0x178)
        return 0xFF;
    if (((c >= 0x100 && c <= 0x12F) || (c >= 0x132 && c <= 0x137) || (c >= 0x14A && c <= 0x177) ||
         (c >= 0x460 && c <= 0x481) || (c >= 0x48A && c <= 0x4BF) || (c >= 0x4D0 && c <= 0x52F)) &&
        !(c & 1))
        return c + 1;
    if (((c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17E) || (c >= 0x4C1 && c <= 0x4CE)) &&
        (c & 1))
        return c + 1;
    return c;
}

char *sw_go_lower(const char *s) {
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    while (*s)
        sw_strbuf_put_cp(&sb, lower_cp(sw_go_utf8_next(&s)));
    sw_strbuf_append(&sb, "", 0);
    if (sb.failed) {
        sw_strbuf_free(&sb);
        return NULL;
    }
    return sb.data;
}

bool sw_go_same_ci(const char *a, const char *b) {
    while (*a && *b)
        if (lower_cp(sw_go_utf8_next(&a)) != lower_cp(sw_go_utf8_next(&b)))
            return false;
    return !*a && !*b;
}

char *sw_go_key(const char *name, const char *first_name) {
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    for (int part = 0; part < 2; part++)
        for (const char *s = part ? first_name : name; *s;) {
            uint32_t c = sw_go_utf8_next(&s);
            if (c != ' ')
                upper_cp(&sb, c);
        }
    sw_strbuf_append(&sb, "", 0);
    if (sb.failed) {
        sw_strbuf_free(&sb);
        return NULL;
    }
    char *r = strdup(sb.len ? sb.data : "");
    sw_strbuf_free(&sb);
    return r;
}

/* The first four UTF-16 code units of s (a club as OpenGotha keeps it). */
static char *cut4(const char *s) {
    const char *p = s;
    int units = 0;
    while (*p) {
        const char *q = p;
        uint32_t c = sw_go_utf8_next(&q);
        int u = c >= 0x10000 ? 2 : 1;
        if (units + u > 4)
            break;
        units += u;
        p = q;
    }
    char *r = malloc((size_t)(p - s) + 1);
    if (r) {
        memcpy(r, s, (size_t)(p - s));
        r[p - s] = 0;
    }
    return r;
}

/* ---- attribute readers ------------------------------------------------- */

typedef struct rd {
    const char *path;
    sw_error *err;
} rd;

static sw_status bad_attr(const rd *r, const sw_xml_node *n, const char *attr, const char *v,
                          const char *want) {
    return sw_error_set(r->err, SW_ERR_PARSE, r->path, n->line, "<%s> %s=\"%s\": %s", n->name, attr,
                        v, want);
}

static sw_status get_i64(const rd *r, const sw_xml_node *n, const char *attr, int64_t def,
                         int64_t lo, int64_t hi, int64_t *out) {
    const char *v = sw_xml_attr_get(n, attr);
    if (!v) {
        *out = def;
        return SW_OK;
    }
    char *end;
    errno = 0;
    long long x = strtoll(v, &end, 10);
    if (end == v || *end || errno || x < lo || x > hi) {
        char want[96];
        snprintf(want, sizeof want, "expected an integer from %lld to %lld", (long long)lo,
                 (long long)hi);
        return bad_attr(r, n, attr, v, want);
    }
    *out = x;
    return SW_OK;
}

static sw_status get_int(const rd *r, const sw_xml_node *n, const char *attr, int def, int lo,
                         int hi, int *out) {
    int64_t x;
    sw_status st = get_i64(r, n, attr, def, lo, hi, &x);
    if (!st)
        *out = (int)x;
    return st;
}

static sw_status get_bool(const rd *r, const sw_xml_node *n, const char *attr, bool def,
                          bool *out) {
    const char *v = sw_xml_attr_get(n, attr);
    if (!v)
        *out = def;
    else if (!strcmp(v, "true"))
        *out = true;
    else if (!strcmp(v, "false"))
        *out = false;
    else
        return bad_attr(r, n, attr, v, "expected true or false");
    return SW_OK;
}

static sw_status get_rank(const rd *r, const sw_xml_node *n, const char *attr, int def, int *out) {
    const char *v = sw_xml_attr_get(n, attr);
    if (!v)
        *out = def;
    else if (!sw_go_parse_rank(v, out))
        return bad_attr(r, n, attr, v, "unknown rank (expected e.g. 5K, 2D, 1P)");
    return SW_OK;
}

static sw_status get_crit(const rd *r, const sw_xml_node *n, const char *attr, sw_go_crit def,
                          sw_go_crit *out) {
    const char *v = sw_xml_attr_get(n, attr);
    *out = def;
    if (!v)
        return SW_OK;
    for (int c = 0; c < SW_GO_C_COUNT; c++)
        if (!strcmp(v, crit_names[c])) {
            *out = (sw_go_crit)c;
            return SW_OK;
        }
    return bad_attr(r, n, attr, v, "unknown placement criterion");
}

static sw_status get_enum(const rd *r, const sw_xml_node *n, const char *attr, int def,
                          const char *const *names, int count, int *out) {
    const char *v = sw_xml_attr_get(n, attr);
    *out = def;
    if (!v)
        return SW_OK;
    for (int i = 0; i < count; i++)
        if (!strcmp(v, names[i])) {
            *out = i;
            return SW_OK;
        }
    return bad_attr(r, n, attr, v, "unknown value");
}

static sw_status missing(const rd *r, const sw_xml_node *n, const char *attr) {
    return sw_error_set(r->err, SW_ERR_PARSE, r->path, n->line, "<%s> has no %s", n->name, attr);
}

static sw_status nomem(const rd *r) {
    return sw_error_set(r->err, SW_ERR_NOMEM, r->path, 0, "out of memory");
}

/* ---- players ----------------------------------------------------------- */

typedef struct key_ix {
    const char *key;
    int player;
} key_ix;

static int key_cmp(const void *a, const void *b) {
    return strcmp(((const key_ix *)a)->key, ((const key_ix *)b)->key);
}

static sw_status read_player(const rd *r, const sw_xml_node *n, sw_go_player *p) {
    const char *name = sw_xml_attr_get(n, "name"), *first = sw_xml_attr_get(n, "firstName");
    if (!name || !*name)
        return missing(r, n, "name");
    if (!first || !*first)
        return missing(r, n, "firstName");
    p->line = n->line;
    const char *rk = sw_xml_attr_get(n, "rank");
    if (!rk || !sw_go_parse_rank(rk, &p->rank)) {
        const char *gr = sw_xml_attr_get(n, "grade");
        if (!gr || !sw_go_parse_rank(gr, &p->rank))
            return bad_attr(r, n, "rank", rk ? rk : "", "unknown rank (expected e.g. 5K, 2D, 1P)");
    }
    sw_status st = get_int(r, n, "rating", 0, -1000000, 1000000, &p->rating);
    if (!st)
        st = get_int(r, n, "smmsCorrection", 0, -100, 100, &p->smms_corr);
    if (st)
        return st;
    p->rating = p->rating < -900 ? -900 : p->rating > 2949 ? 2949 : p->rating;
    const char *reg = sw_xml_attr_get(n, "registeringStatus");
    p->fin = !reg || strcmp(reg, "PRE");
    const char *part = sw_xml_attr_get(n, "participating");
    for (int k = 0; k < SW_GO_MAX_ROUNDS; k++) {
        char c = part && k < (int)strlen(part) ? part[k] : '1';
        if (c != '0' && c != '1')
            return bad_attr(r, n, "participating", part, "expected a string of 0 and 1");
        p->plays[k] = c == '1';
    }
    const char *club = sw_xml_attr_get(n, "club"), *country = sw_xml_attr_get(n, "country");
    p->name = strdup(name);
    p->first_name = strdup(first);
    p->key = sw_go_key(name, first);
    p->club = cut4(club ? club : "");
    p->country = strdup(country ? country : "");
    if (!p->name || !p->first_name || !p->key || !p->club || !p->country)
        return nomem(r);
    return SW_OK;
}

static sw_status read_players(const rd *r, const sw_xml_node *root, sw_go_tournament *t,
                              key_ix **index) {
    const sw_xml_node *ps = sw_xml_child(root, "Players");
    int n = 0;
    for (int i = 0; ps && i < ps->nkids; i++)
        n += !strcmp(ps->kids[i]->name, "Player");
    t->players = calloc((size_t)n + 1, sizeof *t->players);
    *index = malloc(((size_t)n + 1) * sizeof **index);
    if (!t->players || !*index)
        return nomem(r);
    for (int i = 0; ps && i < ps->nkids; i++) {
        if (strcmp(ps->kids[i]->name, "Player"))
            continue;
        sw_status st = read_player(r, ps->kids[i], &t->players[t->nplayers]);
        t->nplayers++;
        if (st)
            return st;
    }
    for (int i = 0; i < n; i++)
        (*index)[i] = (key_ix){t->players[i].key, i};
    qsort(*index, (size_t)n, sizeof **index, key_cmp);
    for (int i = 1; i < n; i++) {
        const sw_go_player *a = &t->players[(*index)[i - 1].player],
                           *b = &t->players[(*index)[i].player];
        if (!strcmp(a->key, b->key)) {
            const sw_go_player *later = a->line > b->line ? a : b;
            return sw_error_set(r->err, SW_ERR_INVALID, r->path, later->line,
                                "<Player> %s %s: a player with key %s is already on line %d",
                                later->name, later->first_name, later->key,
                                a->line > b->line ? b->line : a->line);
        }
    }
    return SW_OK;
}

static int find_player(const sw_go_tournament *t, const key_ix *index, const char *key) {
    int lo = 0, hi = t->nplayers - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        int c = strcmp(index[mid].key, key);
        if (!c)
            return index[mid].player;
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

static sw_status player_attr(const rd *r, const sw_go_tournament *t, const key_ix *index,
                             const sw_xml_node *n, const char *attr, int *out) {
    const char *v = sw_xml_attr_get(n, attr);
    if (!v)
        return missing(r, n, attr);
    *out = find_player(t, index, v);
    if (*out < 0)
        return sw_error_set(r->err, SW_ERR_INVALID, r->path, n->line,
                            "<%s> %s=\"%s\": no player has that key", n->name, attr, v);
    return SW_OK;
}

/* ---- games and byes ---------------------------------------------------- */

static const char *const result_names[] = {"RESULT_UNKNOWN", "RESULT_WHITEWINS", "RESULT_BLACKWINS",
                                           "RESULT_EQUAL",   "RESULT_BOTHWIN",   "RESULT_BOTHLOSE"};

static sw_status read_result(const rd *r, const sw_xml_node *n, sw_go_game *g) {
    const char *v = sw_xml_attr_get(n, "result");
    g->result = SW_GO_RES_UNKNOWN;
    g->bydef = false;
    if (!v)
        return SW_OK;
    for (int i = 0; i < 6; i++) {
        size_t len = strlen(result_names[i]);
        if (!strncmp(v, result_names[i], len) && (!v[len] || !strcmp(v + len, "_BYDEF"))) {
            g->result = (sw_go_result)i;
            g->bydef = v[len] != 0;
            return SW_OK;
        }
    }
    return bad_attr(r, n, "result", v, "unknown result");
}

static sw_status read_game(const rd *r, sw_go_tournament *t, const key_ix *index,
                           const sw_xml_node *n, sw_go_game *g) {
    int round = 1;
    g->line = n->line;
    if (!sw_xml_attr_get(n, "roundNumber"))
        return missing(r, n, "roundNumber");
    sw_status st = get_int(r, n, "roundNumber", 1, 1, SW_GO_MAX_ROUNDS, &round);
    if (!st)
        st = get_int(r, n, "tableNumber", 1, 1, 100000, &g->table);
    if (!st)
        st = get_int(r, n, "handicap", 0, 0, 9, &g->handicap);
    if (!st)
        st = player_attr(r, t, index, n, "whitePlayer", &g->white);
    if (!st)
        st = player_attr(r, t, index, n, "blackPlayer", &g->black);
    if (!st)
        st = read_result(r, n, g);
    /* OpenGotha's reader looks for strKnownColor, not the knownColor it
     * writes: only the former can mark the colours as unknown */
    const char *kc = sw_xml_attr_get(n, "strKnownColor");
    g->unknown_colour = kc && !strcmp(kc, "false");
    if (!st && g->white == g->black)
        st = sw_error_set(r->err, SW_ERR_INVALID, r->path, n->line,
                          "<Game> a player cannot play himself (%s)", t->players[g->white].key);
    g->round = round - 1;
    return st;
}

static sw_status read_games(const rd *r, const sw_xml_node *root, sw_go_tournament *t,
                            const key_ix *index) {
    const sw_xml_node *gs = sw_xml_child(root, "Games");
    int n = gs ? gs->nkids : 0;
    t->games = calloc((size_t)n + 1, sizeof *t->games);
    if (!t->games)
        return nomem(r);
    for (int i = 0; i < n; i++) {
        if (strcmp(gs->kids[i]->name, "Game"))
            continue;
        sw_go_game g;
        sw_status st = read_game(r, t, index, gs->kids[i], &g);
        if (st)
            return st;
        int k = 0; /* a later game on the same round and table replaces the earlier */
        while (k < t->ngames && (t->games[k].round != g.round || t->games[k].table != g.table))
            k++;
        t->games[k] = g;
        if (k == t->ngames)
            t->ngames++;
    }
    const sw_xml_node *bs = sw_xml_child(root, "ByePlayers");
    n = bs ? bs->nkids : 0;
    t->byes = calloc((size_t)n + 1, sizeof *t->byes);
    if (!t->byes)
        return nomem(r);
    for (int i = 0; i < n; i++) {
        const sw_xml_node *b = bs->kids[i];
        if (strcmp(b->name, "ByePlayer"))
            continue;
        sw_go_bye *y = &t->byes[t->nbyes];
        y->line = b->line;
        if (!sw_xml_attr_get(b, "roundNumber"))
            return missing(r, b, "roundNumber");
        sw_status st = get_int(r, b, "roundNumber", 1, 1, SW_GO_MAX_ROUNDS, &y->round);
        if (!st)
            st = player_attr(r, t, index, b, "player", &y->player);
        if (st)
            return st;
        y->round--;
        int k = 0; /* one bye a round: a later one replaces it */
        while (k < t->nbyes && t->byes[k].round != y->round)
            k++;
        t->byes[k] = *y;
        if (k == t->nbyes)
            t->nbyes++;
    }
    return SW_OK;
}

/* ---- parameter sets ---------------------------------------------------- */

static sw_status read_general(const rd *r, const sw_xml_node *g, sw_go_params *p) {
    sw_status st = get_int(r, g, "numberOfRounds", 5, 1, SW_GO_MAX_ROUNDS, &p->rounds);
    if (!st)
        st = get_int(r, g, "numberOfCategories", 1, 1, SW_GO_MAX_CATEGORIES, &p->ncat);
    if (!st)
        st = get_rank(r, g, "genMMFloor", -20, &p->floor);
    if (!st)
        st = get_rank(r, g, "genMMBar", 3, &p->bar);
    if (!st)
        st = get_int(r, g, "genMMS2ValueAbsent", 1, 0, 2, &p->mms2_absent);
    if (!st)
        st = get_int(r, g, "genMMS2ValueBye", 0, 0, 2, &p->mms2_bye);
    if (!st)
        st = get_int(r, g, "genNBW2ValueAbsent", 0, 0, 2, &p->nbw2_absent);
    if (!st)
        st = get_int(r, g, "genNBW2ValueBye", 2, 0, 2, &p->nbw2_bye);
    if (!st)
        st = get_bool(r, g, "genRoundDownNBWMMS", true, &p->round_down);
    if (!st)
        st = get_bool(r, g, "genCountNotPlayedGamesAsHalfPoint", false, &p->half_point);
    if (st)
        return st;
    if (p->floor > p->bar)
        return sw_error_set(r->err, SW_ERR_INVALID, r->path, g->line,
                            "<GeneralParameterSet> the McMahon floor is above the bar");
    const sw_xml_node *cats = sw_xml_child(g, "Categories");
    for (int c = 0; c < p->ncat; c++)
        p->cat_lower[c] = SW_GO_MIN_RANK;
    for (int i = 0; cats && i < cats->nkids; i++) {
        const sw_xml_node *c = cats->kids[i];
        int num, low;
        if ((st = get_int(r, c, "number", 1, 1, p->ncat, &num)) ||
            (st = get_rank(r, c, "lowerLimit", SW_GO_MIN_RANK, &low)))
            return st;
        p->cat_lower[num - 1] = low;
    }
    return SW_OK;
}

static sw_status read_handicap(const rd *r, const sw_xml_node *h, sw_go_params *p) {
    sw_status st = get_bool(r, h, "hdBasedOnMMS", true, &p->hd_mms);
    if (!st)
        st = get_rank(r, h, "hdNoHdRankThreshold", 0, &p->hd_threshold);
    if (!st)
        st = get_int(r, h, "hdCorrection", 1, 0, 9, &p->hd_correction);
    if (!st)
        st = get_int(r, h, "hdCeiling", 9, 0, 9, &p->hd_ceiling);
    return st;
}

static sw_status read_placement(const rd *r, const sw_xml_node *pl, sw_go_params *p) {
    const sw_xml_node *cs = sw_xml_child(pl, "PlacementCriteria");
    for (int i = 0; cs && i < cs->nkids; i++) {
        const sw_xml_node *c = cs->kids[i];
        int num;
        sw_go_crit crit;
        sw_status st = get_int(r, c, "number", 1, 1, 6, &num);
        if (!st)
            st = get_crit(r, c, "name", SW_GO_C_NULL, &crit);
        if (st)
            return st;
        p->crit[num - 1] = crit;
    }
    return SW_OK;
}

static const char *const seed_names[] = {"SPLITANDRANDOM", "SPLITANDFOLD", "SPLITANDSLIP"};
static const char *const mode_names[] = {"TOP", "MID", "BOT"};

static sw_status read_pairing(const rd *r, const sw_xml_node *x, sw_go_params *p) {
    const int64_t big = INT64_C(1) << 53;
    int v1, v2, m1, m2;
    sw_status st =
        get_i64(r, x, "paiBaAvoidDuplGame", INT64_C(500000000000000), 0, big, &p->avoid_dupl);
    if (!st)
        st = get_i64(r, x, "paiBaRandom", 0, 0, big, &p->random);
    if (!st)
        st = get_bool(r, x, "paiBaDeterministic", true, &p->deterministic);
    if (!st)
        st = get_i64(r, x, "paiBaBalanceWB", 1000, 0, big, &p->balance_wb);
    if (!st)
        st = get_i64(r, x, "paiMaAvoidMixingCategories", INT64_C(20000000000000), 0, big,
                     &p->avoid_mixing_cat);
    if (!st)
        st = get_i64(r, x, "paiMaMinimizeScoreDifference", INT64_C(100000000000), 0, big,
                     &p->min_score_diff);
    if (!st)
        st = get_i64(r, x, "paiMaDUDDWeight", 100000000, 0, big, &p->dudd_weight);
    if (!st)
        st = get_bool(r, x, "paiMaCompensateDUDD", true, &p->compensate_dudd);
    if (!st)
        st = get_enum(r, x, "paiMaDUDDUpperMode", SW_GO_DUDD_MID, mode_names, 3, &m1);
    if (!st)
        st = get_enum(r, x, "paiMaDUDDLowerMode", SW_GO_DUDD_MID, mode_names, 3, &m2);
    if (!st)
        st = get_i64(r, x, "paiMaMaximizeSeeding", 5000000, 0, big, &p->max_seeding);
    if (!st)
        st = get_int(r, x, "paiMaLastRoundForSeedSystem1", 1, 0, SW_GO_MAX_ROUNDS,
                     &p->last_round_seed1);
    if (!st)
        st = get_enum(r, x, "paiMaSeedSystem1", SW_GO_SEED_RANDOM, seed_names, 3, &v1);
    if (!st)
        st = get_enum(r, x, "paiMaSeedSystem2", SW_GO_SEED_FOLD, seed_names, 3, &v2);
    if (!st)
        st = get_crit(r, x, "paiMaAdditionalPlacementCritSystem1", SW_GO_C_RATING, &p->add_crit1);
    if (!st)
        st = get_crit(r, x, "paiMaAdditionalPlacementCritSystem2", SW_GO_C_NULL, &p->add_crit2);
    if (!st)
        st = get_rank(r, x, "paiSeRankThreshold", 3, &p->se_rank_threshold);
    if (!st)
        st = get_bool(r, x, "paiSeNbWinsThresholdActive", true, &p->se_nbw_threshold);
    if (!st)
        st = get_bool(r, x, "paiSeBarThresholdActive", true, &p->se_bar_threshold);
    if (!st)
        st = get_i64(r, x, "paiSeMinimizeHandicap", 0, 0, big, &p->min_handicap);
    if (!st)
        st = get_i64(r, x, "paiSeAvoidSameGeo", INT64_C(100000000000), 0, big, &p->avoid_same_geo);
    if (!st)
        st = get_i64(r, x, "paiSePreferMMSDiffRatherThanSameCountry", 1, 0, 1000, &p->pref_country);
    if (!st)
        st = get_i64(r, x, "paiSePreferMMSDiffRatherThanSameClub", 3, 0, 1000, &p->pref_club);
    if (st)
        return st;
    p->dudd_upper = (sw_go_dudd_mode)m1;
    p->dudd_lower = (sw_go_dudd_mode)m2;
    p->seed1 = (sw_go_seed)v1;
    p->seed2 = (sw_go_seed)v2;
    const char *nx = sw_xml_attr_get(x, "paiStandardNX1Factor");
    p->nx1 = 0.5;
    if (nx) {
        char *end;
        p->nx1 = strtod(nx, &end);
        if (end == nx || *end || p->nx1 < 0 || p->nx1 > 10)
            return bad_attr(r, x, "paiStandardNX1Factor", nx, "expected a number from 0 to 10");
    }
    return SW_OK;
}

static sw_status read_params(const rd *r, const sw_xml_node *root, sw_go_params *p) {
    const sw_xml_node *tps = sw_xml_child(root, "TournamentParameterSet");
    if (!tps)
        return missing(r, root, "<TournamentParameterSet>");
    const sw_xml_node *g = sw_xml_child(tps, "GeneralParameterSet"),
                      *h = sw_xml_child(tps, "HandicapParameterSet"),
                      *pl = sw_xml_child(tps, "PlacementParameterSet"),
                      *pa = sw_xml_child(tps, "PairingParameterSet");
    if (!g)
        return missing(r, tps, "<GeneralParameterSet>");
    if (!pa)
        return missing(r, tps, "<PairingParameterSet>");
    p->crit[0] = SW_GO_C_MMS;
    p->crit[1] = SW_GO_C_SOSM;
    p->crit[2] = SW_GO_C_SOSOSM;
    sw_status st = read_general(r, g, p);
    if (!st && h)
        st = read_handicap(r, h, p);
    else if (!st) {
        p->hd_mms = true;
        p->hd_correction = 1;
        p->hd_ceiling = 9;
    }
    if (!st && pl)
        st = read_placement(r, pl, p);
    if (!st)
        st = read_pairing(r, pa, p);
    return st;
}

static sw_status read_club_groups(const rd *r, const sw_xml_node *root, sw_go_tournament *t) {
    const sw_xml_node *cg = sw_xml_child(root, "ClubsGroups");
    if (!cg || !cg->nkids)
        return SW_OK;
    t->groups = calloc((size_t)cg->nkids, sizeof *t->groups);
    if (!t->groups)
        return nomem(r);
    for (int i = 0; i < cg->nkids; i++) {
        const sw_xml_node *g = cg->kids[i];
        sw_go_club_group *x = &t->groups[t->ngroups++];
        const char *name = sw_xml_attr_get(g, "name");
        x->name = strdup(name ? name : "");
        x->clubs = calloc((size_t)g->nkids + 1, sizeof *x->clubs);
        if (!x->name || !x->clubs)
            return nomem(r);
        for (int k = 0; k < g->nkids; k++) {
            const char *club = sw_xml_attr_get(g->kids[k], "name");
            if (!club)
                return missing(r, g->kids[k], "name");
            if (!(x->clubs[x->nclubs++] = cut4(club)))
                return nomem(r);
        }
    }
    return SW_OK;
}

sw_status sw_go_parse(const char *data, size_t len, const char *path, sw_go_tournament *t,
                      sw_error *err) {
    memset(t, 0, sizeof *t);
    rd r = {path, err};
    sw_xml_node *root;
    sw_status st = sw_xml_parse(data, len, path, &root, err);
    if (st)
        return st;
    t->doc = root;
    if (strcmp(root->name, "Tournament"))
        st = sw_error_set(err, SW_ERR_PARSE, path, root->line,
                          "not an OpenGotha tournament file (root <%s>, expected <Tournament>)",
                          root->name);
    key_ix *index = NULL;
    if (!st && !(t->path = strdup(path)))
        st = nomem(&r);
    if (!st)
        st = read_players(&r, root, t, &index);
    if (!st)
        st = read_games(&r, root, t, index);
    if (!st)
        st = read_params(&r, root, &t->par);
    if (!st)
        st = read_club_groups(&r, root, t);
    free(index);
    for (int i = 0; !st && i < t->ngames; i++)
        if (t->games[i].round + 1 > t->par.rounds)
            t->par.rounds = t->games[i].round + 1;
    for (int i = 0; !st && i < t->nbyes; i++)
        if (t->byes[i].round + 1 > t->par.rounds)
            t->par.rounds = t->byes[i].round + 1;
    if (st)
        sw_go_free(t);
    return st;
}

sw_status sw_go_read(const char *path, sw_go_tournament *t, sw_error *err) {
    char *data;
    size_t len;
    memset(t, 0, sizeof *t);
    sw_status st = sw_file_read(path, &data, &len, err);
    if (st)
        return st;
    st = sw_go_parse(data, len, path, t, err);
    free(data);
    return st;
}

void sw_go_free(sw_go_tournament *t) {
    for (int i = 0; i < t->nplayers; i++) {
        sw_go_player *p = &t->players[i];
        free(p->name);
        free(p->first_name);
        free(p->key);
        free(p->club);
        free(p->country);
    }
    for (int i = 0; i < t->ngroups; i++) {
        for (int k = 0; k < t->groups[i].nclubs; k++)
            free(t->groups[i].clubs[k]);
        free(t->groups[i].clubs);
        free(t->groups[i].name);
    }
    free(t->groups);
    free(t->players);
    free(t->games);
    free(t->byes);
    free(t->path);
    sw_xml_free(t->doc);
    memset(t, 0, sizeof *t);
}

void sw_go_write(const sw_go_tournament *t, sw_strbuf *out) {
    sw_xml_write(t->doc, out);
}

/* ---- adding a round ---------------------------------------------------- */

/* The container element of that name, made after the element named `after`
 * (or first) when the file has none. */
static sw_xml_node *container(sw_xml_node *root, const char *name, const char *after) {
    sw_xml_node *c = sw_xml_child(root, name);
    if (c)
        return c;
    if (!(c = sw_xml_new(name)))
        return NULL;
    int at = 0;
    for (int i = 0; i < root->nkids; i++)
        if (!strcmp(root->kids[i]->name, after))
            at = i + 1;
    if (sw_xml_insert(root, at, c)) {
        sw_xml_free(c);
        return NULL;
    }
    return c;
}

static sw_status add_game_node(sw_xml_node *games, const sw_go_tournament *t, const sw_go_game *g) {
    sw_xml_node *n = sw_xml_new("Game");
    if (!n)
        return SW_ERR_NOMEM;
    char rnd[16], tab[16], hd[16];
    snprintf(rnd, sizeof rnd, "%d", g->round + 1);
    snprintf(tab, sizeof tab, "%d", g->table);
    snprintf(hd, sizeof hd, "%d", g->handicap);
    sw_status st = sw_xml_set_attr(n, "blackPlayer", t->players[g->black].key);
    if (!st)
        st = sw_xml_set_attr(n, "handicap", hd);
    if (!st)
        st = sw_xml_set_attr(n, "knownColor", "true");
    if (!st)
        st = sw_xml_set_attr(n, "result", "RESULT_UNKNOWN");
    if (!st)
        st = sw_xml_set_attr(n, "roundNumber", rnd);
    if (!st)
        st = sw_xml_set_attr(n, "tableNumber", tab);
    if (!st)
        st = sw_xml_set_attr(n, "whitePlayer", t->players[g->white].key);
    if (!st)
        st = sw_xml_insert(games, games->nkids, n);
    if (st)
        sw_xml_free(n);
    return st;
}

sw_status sw_go_add_round(sw_go_tournament *t, const sw_go_pairing *p, sw_error *err) {
    sw_xml_node *games = container(t->doc, "Games", "Players");
    sw_go_game *ng = realloc(t->games, (size_t)(t->ngames + p->ngames + 1) * sizeof *ng);
    sw_go_bye *nb = realloc(t->byes, (size_t)(t->nbyes + 2) * sizeof *nb);
    if (ng)
        t->games = ng;
    if (nb)
        t->byes = nb;
    if (!games || !ng || !nb)
        return sw_error_set(err, SW_ERR_NOMEM, t->path, 0, "out of memory");
    for (int i = 0; i < p->ngames; i++) {
        if (add_game_node(games, t, &p->games[i]))
            return sw_error_set(err, SW_ERR_NOMEM, t->path, 0, "out of memory");
        t->games[t->ngames] = p->games[i];
        t->games[t->ngames++].line = 0;
    }
    if (p->bye >= 0) {
        sw_xml_node *byes = container(t->doc, "ByePlayers", "Games");
        sw_xml_node *n = sw_xml_new("ByePlayer");
        char rnd[16];
        snprintf(rnd, sizeof rnd, "%d", p->round + 1);
        if (!byes || !n || sw_xml_set_attr(n, "player", t->players[p->bye].key) ||
            sw_xml_set_attr(n, "roundNumber", rnd) || sw_xml_insert(byes, byes->nkids, n)) {
            sw_xml_free(n);
            return sw_error_set(err, SW_ERR_NOMEM, t->path, 0, "out of memory");
        }
        t->byes[t->nbyes++] = (sw_go_bye){p->round, p->bye, 0};
    }
    return SW_OK;
}
