/* src/swiss/goplayers.c: a new Go event from a players CSV (docs/formats.md,
 * "Go players CSV"): the CSV reader (a header naming the columns, then one
 * player a row, quoted fields allowed) and the OpenGotha tournament file
 * made from its players with OpenGotha's own defaults for a new McMahon
 * tournament (docs/go.md). The file is built as an XML tree, written and
 * read back with the tournament reader, so what seatwise writes is what it
 * (and OpenGotha) reads.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "swiss/go.h"
#include "swiss/xml.h"
#include "util/csv.h"
#include "util/fileio.h"

enum { COL_NAME, COL_FIRST, COL_RANK, COL_RATING, COL_CLUB, COL_COUNTRY, NCOLS };
static const char *const col_names[NCOLS] = {"name",   "first name", "rank",
                                             "rating", "club",       "country"};

/* Most columns a row may have, and most players a file may hold. */
#define MAX_FIELDS 16
#define MAX_PLAYERS 100000

typedef struct csv_rd {
    const char *path;
    int line;
    sw_error *err;
    sw_csv csv; /* its fields: the row last read */
} csv_rd;

static sw_status row_error(const csv_rd *c, const char *fmt, const char *a, const char *b) {
    char msg[400];
    snprintf(msg, sizeof msg, fmt, a, b);
    return sw_error_set(c->err, SW_ERR_PARSE, c->path, c->line, "%s", msg);
}

/* The next row into c->csv (util/csv.h: blanks around a field trimmed, a
 * field may be quoted, "" inside quotes is one quote); no field may hold a
 * control character. Returns SW_OK with no fields at the end. */
static sw_status next_row(csv_rd *c) {
    sw_status st = sw_csv_next(&c->csv, c->err);
    c->line = c->csv.line;
    if (st != SW_OK)
        return st;
    if (c->csv.nf > MAX_FIELDS)
        return sw_error_set(c->err, SW_ERR_PARSE, c->path, c->line, "more than %d fields",
                            MAX_FIELDS);
    for (int k = 0; k < c->csv.nf; k++) {
        const sw_csv_field *f = &c->csv.field[k];
        for (size_t i = 0; i < f->n; i++)
            if ((unsigned char)f->p[i] < 0x20 || f->p[i] == 0x7F)
                return sw_error_set(c->err, SW_ERR_PARSE, c->path, c->line,
                                    "field %d holds a control character", k + 1);
    }
    return SW_OK;
}

/* A header name as a column: case, blanks, '_' and '-' ignored. */
static int column_of(const char *h) {
    char a[32], b[32];
    size_t n = 0;
    for (const char *p = h; *p && n < sizeof a - 1; p++)
        if (*p != ' ' && *p != '_' && *p != '-')
            a[n++] = (char)(*p >= 'A' && *p <= 'Z' ? *p + 32 : *p);
    a[n] = 0;
    for (int c = 0; c < NCOLS; c++) {
        size_t m = 0;
        for (const char *p = col_names[c]; *p; p++)
            if (*p != ' ')
                b[m++] = *p;
        b[m] = 0;
        if (!strcmp(a, b))
            return c;
    }
    return -1;
}

static sw_status read_header(csv_rd *c, int *col) {
    int seen[NCOLS] = {0};
    for (int i = 0; i < c->csv.nf; i++) {
        const char *h = c->csv.field[i].p;
        col[i] = column_of(h);
        if (col[i] < 0)
            return row_error(c,
                             "header: unknown column '%s' (expected name, first name, rank, "
                             "rating, club, country)%s",
                             h, "");
        if (seen[col[i]]++)
            return row_error(c, "header: column '%s' given twice%s", h, "");
    }
    for (int k = COL_NAME; k <= COL_RANK; k++)
        if (!seen[k])
            return row_error(c, "header: the column '%s' is missing%s", col_names[k], "");
    return SW_OK;
}

/* "5k", "1d", "2p" (any case): 30k..1k, 1d..9d, 1p..9p. */
static bool csv_rank(const char *s, int *rank) {
    size_t n = strlen(s);
    if (n < 2 || n > 3)
        return false;
    int v = 0;
    for (size_t i = 0; i + 1 < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return false;
        v = v * 10 + (s[i] - '0');
    }
    char k = (char)(s[n - 1] | 0x20);
    if (v < 1 || (k == 'k' && v > 30) || ((k == 'd' || k == 'p') && v > 9) || !strchr("kdp", k))
        return false;
    return sw_go_parse_rank(s, rank);
}

static bool csv_int(const char *s, int lo, int hi, int *out) {
    const char *p = s + (*s == '-' || *s == '+');
    if (!*p || strlen(p) > 6)
        return false;
    long v = 0;
    for (; *p; p++) {
        if (*p < '0' || *p > '9')
            return false;
        v = v * 10 + (*p - '0');
    }
    v = *s == '-' ? -v : v;
    if (v < lo || v > hi)
        return false;
    *out = (int)v;
    return true;
}

static sw_status read_row(csv_rd *c, const int *col, sw_go_entry *e) {
    const char *v[NCOLS] = {"", "", "", "", "", ""};
    for (int i = 0; i < c->csv.nf; i++)
        v[col[i]] = c->csv.field[i].p;
    e->line = c->line;
    if (!*v[COL_NAME])
        return row_error(c, "the name is missing%s%s", "", "");
    if (!*v[COL_FIRST])
        return row_error(c, "%s: the first name is missing (OpenGotha needs one)%s", v[COL_NAME],
                         "");
    if (!csv_rank(v[COL_RANK], &e->rank))
        return row_error(c, "rank '%s' is unknown (expected 30k..1k, 1d..9d or 1p..9p)%s",
                         v[COL_RANK], "");
    if (!*v[COL_RATING])
        e->rating = 2100 + 100 * e->rank;
    else if (!csv_int(v[COL_RATING], -900, 2949, &e->rating))
        return row_error(c, "rating '%s' is not a whole number from -900 to 2949%s", v[COL_RATING],
                         "");
    const char *co = v[COL_COUNTRY];
    if (*co && !(strlen(co) == 2 && ((co[0] | 0x20) >= 'a' && (co[0] | 0x20) <= 'z') &&
                 ((co[1] | 0x20) >= 'a' && (co[1] | 0x20) <= 'z')))
        return row_error(c, "country '%s' is not a two-letter code%s", co, "");
    e->name = strdup(v[COL_NAME]);
    e->first_name = strdup(v[COL_FIRST]);
    e->club = strdup(v[COL_CLUB]);
    e->country = strdup(co);
    if (!e->name || !e->first_name || !e->club || !e->country)
        return sw_error_set(c->err, SW_ERR_NOMEM, c->path, c->line, "out of memory");
    for (char *p = e->country; *p; p++)
        *p = (char)(*p & ~0x20);
    return SW_OK;
}

typedef struct key_line {
    char *key;
    int i;
} key_line;

static int key_line_cmp(const void *a, const void *b) {
    const key_line *x = a, *y = b;
    int c = strcmp(x->key, y->key);
    return c ? c : x->i - y->i;
}

/* Two rows with the same player key (name and first name without blanks,
 * upper case) would be one player to OpenGotha. */
static sw_status unique_keys(const sw_go_entry *e, int n, const char *path, sw_error *err) {
    key_line *k = calloc((size_t)n + 1, sizeof *k);
    sw_status st = k ? SW_OK : sw_error_set(err, SW_ERR_NOMEM, path, 0, "out of memory");
    for (int i = 0; !st && i < n; i++) {
        k[i] = (key_line){sw_go_key(e[i].name, e[i].first_name), i};
        if (!k[i].key)
            st = sw_error_set(err, SW_ERR_NOMEM, path, 0, "out of memory");
    }
    if (!st)
        qsort(k, (size_t)n, sizeof *k, key_line_cmp);
    for (int i = 1; !st && i < n; i++)
        if (!strcmp(k[i - 1].key, k[i].key))
            st = sw_error_set(err, SW_ERR_INVALID, path, e[k[i].i].line,
                              "%s %s: the same player as on line %d (key %s)", e[k[i].i].name,
                              e[k[i].i].first_name, e[k[i - 1].i].line, k[i].key);
    for (int i = 0; k && i < n; i++)
        free(k[i].key);
    free(k);
    return st;
}

sw_status sw_go_parse_players(const char *data, size_t len, const char *path, sw_go_entry **out,
                              int *n, sw_error *err) {
    *out = NULL;
    *n = 0;
    csv_rd c = {.path = path, .err = err};
    sw_csv_init(&c.csv, data, len, path, 0);
    int col[MAX_FIELDS], ncol = 0, cap = 0;
    sw_go_entry *e = NULL;
    sw_status st = SW_OK;
    size_t bad = sw_utf8_invalid(data, len);
    if (bad < len) {
        c.line = 1;
        for (size_t i = 0; i < bad; i++)
            c.line += data[i] == '\n';
        st = sw_error_set(err, SW_ERR_PARSE, path, c.line, "the text is not UTF-8");
    }
    while (!st && !(st = next_row(&c)) && c.csv.nf > 0) {
        if (!ncol) {
            ncol = c.csv.nf;
            st = read_header(&c, col);
            continue;
        }
        if (c.csv.nf != ncol) {
            st = sw_error_set(err, SW_ERR_PARSE, path, c.line, "%d fields, the header has %d",
                              c.csv.nf, ncol);
            break;
        }
        if (*n == MAX_PLAYERS) {
            st = sw_error_set(err, SW_ERR_LIMIT, path, c.line, "more than %d players", MAX_PLAYERS);
            break;
        }
        if (*n == cap) {
            cap = cap ? 2 * cap : 64;
            sw_go_entry *m = realloc(e, (size_t)cap * sizeof *e);
            if (!m) {
                st = sw_error_set(err, SW_ERR_NOMEM, path, c.line, "out of memory");
                break;
            }
            e = m;
        }
        memset(&e[*n], 0, sizeof *e);
        st = read_row(&c, col, &e[(*n)++]);
    }
    if (!st && !ncol)
        st = sw_error_set(err, SW_ERR_PARSE, path, c.line + (c.line == 0),
                          "no header line (name, first name, rank, ...)");
    else if (!st && !*n)
        st = sw_error_set(err, SW_ERR_PARSE, path, c.line, "no player");
    if (!st)
        st = unique_keys(e, *n, path, err);
    sw_csv_free(&c.csv);
    if (st) {
        sw_go_entries_free(e, *n);
        *n = 0;
        return st;
    }
    *out = e;
    return SW_OK;
}

void sw_go_entries_free(sw_go_entry *e, int n) {
    for (int i = 0; e && i < n; i++) {
        free(e[i].name);
        free(e[i].first_name);
        free(e[i].club);
        free(e[i].country);
    }
    free(e);
}

/* ---- the tournament file ------------------------------------------------ */

typedef struct attr {
    const char *name, *value;
} attr;

/* A child of parent with the given attributes (names in OpenGotha's order);
 * *bad set when out of memory (parent is returned then, to go on safely). */
static sw_xml_node *add(sw_xml_node *parent, const char *name, const attr *a, int n, bool *bad) {
    sw_xml_node *x = sw_xml_new(name);
    if (!x || sw_xml_insert(parent, parent->nkids, x)) {
        sw_xml_free(x);
        *bad = true;
        return parent;
    }
    for (int i = 0; i < n; i++)
        if (sw_xml_set_attr(x, a[i].name, a[i].value))
            *bad = true;
    return x;
}

#define ADD(parent, name, ...)                                                                     \
    add(parent, name, (const attr[]){__VA_ARGS__},                                                 \
        (int)(sizeof((const attr[]){__VA_ARGS__}) / sizeof(attr)), bad)
#define ADD0(parent, name) add(parent, name, NULL, 0, bad)

static void add_player(sw_xml_node *players, const sw_go_entry *e, bool *bad) {
    char rank[8], rating[16];
    sw_go_rank_text(e->rank, rank);
    snprintf(rating, sizeof rating, "%d", e->rating);
    ADD(players, "Player", {"agaExpirationDate", ""}, {"agaId", ""}, {"club", e->club},
        {"country", e->country}, {"egfPin", ""}, {"ffgLicence", ""}, {"ffgLicenceStatus", ""},
        {"firstName", e->first_name}, {"grade", rank}, {"name", e->name},
        {"participating", "11111111111111111111"}, {"rank", rank}, {"rating", rating},
        {"ratingOrigin", ""}, {"registeringStatus", "FIN"}, {"smmsCorrection", "0"});
}

/* OpenGotha's parameter sets of a new McMahon tournament (docs/go.md). */
static void add_parameters(sw_xml_node *root, const sw_go_event *ev, bool *bad) {
    char rounds[8], floor[8], bar[8];
    snprintf(rounds, sizeof rounds, "%d", ev->rounds);
    sw_go_rank_text(ev->floor, floor);
    sw_go_rank_text(ev->bar, bar);
    sw_xml_node *tps = ADD0(root, "TournamentParameterSet");
    ADD(tps, "GeneralParameterSet", {"bInternet", "false"}, {"basicTime", "60"},
        {"beginDate", ev->date}, {"canByoYomiTime", "300"},
        {"complementaryTimeSystem", "STDBYOYOMI"}, {"director", ""}, {"endDate", ev->date},
        {"fischerTime", "10"}, {"genCountNotPlayedGamesAsHalfPoint", "false"}, {"genMMBar", bar},
        {"genMMFloor", floor}, {"genMMS2ValueAbsent", "1"}, {"genMMS2ValueBye", "2"},
        {"genMMZero", "30K"}, {"genNBW2ValueAbsent", "0"}, {"genNBW2ValueBye", "2"},
        {"genRoundDownNBWMMS", "true"}, {"komi", "7.5"}, {"location", ""}, {"name", ev->name},
        {"nbMovesCanTime", "15"}, {"numberOfCategories", "1"}, {"numberOfRounds", rounds},
        {"shortName", ev->name}, {"size", "19"}, {"stdByoYomiTime", "30"});
    ADD(tps, "HandicapParameterSet", {"hdBasedOnMMS", "true"}, {"hdCeiling", "9"},
        {"hdCorrection", "1"}, {"hdNoHdRankThreshold", "1D"});
    sw_xml_node *pc = ADD0(ADD0(tps, "PlacementParameterSet"), "PlacementCriteria");
    static const char *const crit[6] = {"MMS", "SOSM", "SOSOSM", "NULL", "NULL", "NULL"};
    for (int i = 0; i < 6; i++) {
        char num[4];
        snprintf(num, sizeof num, "%d", i + 1);
        ADD(pc, "PlacementCriterion", {"name", crit[i]}, {"number", num});
    }
    ADD(tps, "PairingParameterSet", {"paiBaAvoidDuplGame", "500000000000000"},
        {"paiBaBalanceWB", "1000000"}, {"paiBaDeterministic", "true"}, {"paiBaRandom", "0"},
        {"paiMaAdditionalPlacementCritSystem1", "Rating"},
        {"paiMaAdditionalPlacementCritSystem2", "NULL"}, {"paiMaAvoidMixingCategories", "0"},
        {"paiMaCompensateDUDD", "true"}, {"paiMaDUDDLowerMode", "MID"},
        {"paiMaDUDDUpperMode", "MID"}, {"paiMaDUDDWeight", "100000000"},
        {"paiMaLastRoundForSeedSystem1", "1"}, {"paiMaMaximizeSeeding", "5000000"},
        {"paiMaMinimizeScoreDifference", "100000000000"}, {"paiMaSeedSystem1", "SPLITANDRANDOM"},
        {"paiMaSeedSystem2", "SPLITANDSLIP"}, {"paiSeAvoidSameGeo", "100000000000"},
        {"paiSeBarThresholdActive", "true"}, {"paiSeDefSecCrit", "100000000000"},
        {"paiSeMinimizeHandicap", "0"}, {"paiSeNbWinsThresholdActive", "false"},
        {"paiSePreferMMSDiffRatherThanSameClub", "3"},
        {"paiSePreferMMSDiffRatherThanSameCountry", "1"}, {"paiSeRankThreshold", "1D"},
        {"paiStandardNX1Factor", "0.5"});
}

sw_status sw_go_new(const sw_go_entry *e, int n, const sw_go_event *ev, const char *path,
                    sw_go_tournament *t, sw_error *err) {
    memset(t, 0, sizeof *t);
    if (ev->rounds < 1 || ev->rounds > SW_GO_MAX_ROUNDS || ev->floor > ev->bar ||
        ev->floor < SW_GO_MIN_RANK || ev->bar > SW_GO_MAX_RANK)
        return sw_error_set(err, SW_ERR_INVALID, path, 0,
                            "rounds 1..%d and a floor at or below the bar are needed",
                            SW_GO_MAX_ROUNDS);
    const char *d = ev->date;
    for (int i = 0; i < 10; i++)
        if (!d[i] || (i == 4 || i == 7 ? d[i] != '-' : d[i] < '0' || d[i] > '9'))
            return sw_error_set(err, SW_ERR_INVALID, path, 0, "date '%s' is not YYYY-MM-DD", d);
    if (d[10])
        return sw_error_set(err, SW_ERR_INVALID, path, 0, "date '%s' is not YYYY-MM-DD", d);
    bool failed = false, *bad = &failed;
    sw_xml_node *root = sw_xml_new("Tournament");
    if (!root)
        return sw_error_set(err, SW_ERR_NOMEM, path, 0, "out of memory");
    static const attr top[] = {{"dataVersion", "201"},
                               {"fullVersionNumber", "3.51.02"},
                               {"runningMode", "SAL"},
                               {"saveDT", ""}};
    char save[24];
    snprintf(save, sizeof save, "%.4s%.2s%.2s000000", ev->date, ev->date + 5, ev->date + 8);
    for (int i = 0; i < 4; i++)
        failed |= sw_xml_set_attr(root, top[i].name, i == 3 ? save : top[i].value) != SW_OK;
    sw_xml_node *players = ADD0(root, "Players");
    for (int i = 0; i < n; i++)
        add_player(players, &e[i], bad);
    ADD0(root, "Games");
    add_parameters(root, ev, bad);
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    if (!failed)
        sw_xml_write(root, &sb);
    sw_xml_free(root);
    sw_status st = failed || sb.failed ? sw_error_set(err, SW_ERR_NOMEM, path, 0, "out of memory")
                                       : sw_go_parse(sb.data, sb.len, path, t, err);
    sw_strbuf_free(&sb);
    return st;
}
