/* tests/test_swiss.c: TRF reading and writing, validation errors, the pairing
 * against a brute force over all legal pairings of small states (full graph
 * and sparse solve), sparse against full on larger events, the standard
 * order of round 1, byes written ahead, the thesis' edge cases, the fast
 * mode's invariants, 'check' on differing records and the CLI end to end.
 * SPDX-License-Identifier: MIT */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "support.h"

#include "swiss/swiss.h"
#include "swiss/swiss_internal.h"
#include "util/strbuf.h"
#include "util/utf8.h"

#define DATA SW_TEST_DATA "/swiss/"

static void read_ok(const char *name, sw_swiss_trf *trf) {
    sw_error err;
    sw_status st = sw_swiss_trf_read(name, trf, &err);
    if (st)
        fail_msg("%s:%d: %s", err.file, err.line, err.msg);
    st = sw_swiss_validate(trf, &err);
    if (st)
        fail_msg("%s:%d: %s", err.file, err.line, err.msg);
}

static void test_trf_reads_columns_and_headers(void **state) {
    (void)state;
    sw_swiss_trf t;
    read_ok(DATA "good5.trf", &t);
    assert_int_equal(t.nplayers, 5);
    assert_int_equal(t.nrounds, 2);
    assert_int_equal(t.total_rounds, 4);
    assert_int_equal(t.initial_colour, 'b');
    assert_true(t.players[2].absent); /* XXZ 3 */
    assert_false(t.players[0].absent);
    /* Player 1: 1-0 with white against 4, then a draw with black against 2. */
    assert_int_equal(t.players[0].points2, 3);
    assert_int_equal(t.players[0].games[0].opp, 4);
    assert_int_equal(t.players[0].games[0].colour, 'w');
    assert_int_equal(t.players[0].games[1].result, '=');
    assert_int_equal(t.players[4].games[0].result, 'U');
    sw_swiss_trf_free(&t);
    /* The same event with 6-digit ids reads the same games. */
    read_ok(DATA "wide6.trf", &t);
    assert_int_equal(t.id_width, 6);
    assert_int_equal(t.players[0].games[0].opp, 4);
    assert_int_equal(t.players[1].games[1].opp, 1);
    assert_int_equal(t.players[1].points2, 3);
    sw_swiss_trf_free(&t);
}

static void test_trf_write_parse_round_trip(void **state) {
    (void)state;
    sw_swiss_options opt = {0};
    sw_swiss_trf t, u;
    sw_error err;
    assert_int_equal(sw_swiss_generate(15, 4, 7, &opt, &t, &err), SW_OK);
    sw_strbuf a, b;
    sw_strbuf_init(&a);
    sw_strbuf_init(&b);
    sw_swiss_trf_write(&t, &a);
    assert_int_equal(sw_swiss_trf_parse(a.data, a.len, "mem", &u, &err), SW_OK);
    assert_int_equal(sw_swiss_validate(&u, &err), SW_OK);
    sw_swiss_trf_write(&u, &b);
    assert_string_equal(sw_strbuf_cstr(&a), sw_strbuf_cstr(&b));
    assert_int_equal(u.nrounds, 4);
    sw_strbuf_free(&a);
    sw_strbuf_free(&b);
    sw_swiss_trf_free(&t);
    sw_swiss_trf_free(&u);
}

/* The 183 FIDE Dutch reference tournaments of data/dutch (bbpPairings'
 * generator: forfeits, half-point byes, retirements, pairing-allocated
 * byes) all read, hold the players and rounds their names give
 * (genNNN-<P>p<R>r.trf), and survive write, parse, write unchanged. */
static void test_dutch_reference_records_read_and_round_trip(void **state) {
    (void)state;
    DIR *d = opendir(SW_DATA_DIR "/dutch");
    if (!d)
        fail_msg("reference tournaments missing: %s", SW_DATA_DIR "/dutch");
    struct dirent *e;
    int files = 0;
    while ((e = readdir(d))) {
        int num, players, rounds, used = 0;
        if (sscanf(e->d_name, "gen%3d-%dp%dr.trf%n", &num, &players, &rounds, &used) != 3 ||
            e->d_name[used] != '\0')
            continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/dutch/%s", SW_DATA_DIR, e->d_name);
        sw_swiss_trf t, u;
        sw_error err;
        if (sw_swiss_trf_read(path, &t, &err))
            fail_msg("%s:%d: %s", err.file, err.line, err.msg);
        if (t.nplayers != players || t.nrounds != rounds)
            fail_msg("%s: %d players, %d rounds read", path, t.nplayers, t.nrounds);
        sw_strbuf a, b;
        sw_strbuf_init(&a);
        sw_strbuf_init(&b);
        sw_swiss_trf_write(&t, &a);
        if (sw_swiss_trf_parse(a.data, a.len, path, &u, &err))
            fail_msg("%s written and read back:%d: %s", path, err.line, err.msg);
        sw_swiss_trf_write(&u, &b);
        if (strcmp(sw_strbuf_cstr(&a), sw_strbuf_cstr(&b)))
            fail_msg("%s: the written record changes when read back", path);
        sw_strbuf_free(&a);
        sw_strbuf_free(&b);
        sw_swiss_trf_free(&u);
        sw_swiss_trf_free(&t);
        files++;
    }
    closedir(d);
    assert_int_equal(files, 183);
}

/* Regression (issue 11): points of 100 or more were written as blanks, so a
 * record of 120 rounds could not be read back. They take column 80 as a
 * fifth character ("100.5" in columns 80-84) and are read from there. */
static void test_trf_points_over_100(void **state) {
    (void)state;
    char line1[96], line2[96], text[256];
    memset(line1, ' ', 91);
    memset(line2, ' ', 91);
    line1[91] = line2[91] = '\0';
    memcpy(line1, "001    1", 8);
    memcpy(line1 + 79, "100.5", 5);
    memcpy(line2, "001    2", 8);
    memcpy(line2 + 80, "99.5", 4);
    snprintf(text, sizeof text, "%s\n%s\n", line1, line2);
    sw_swiss_trf t, u;
    sw_error err;
    assert_int_equal(sw_swiss_trf_parse(text, strlen(text), "mem", &t, &err), SW_OK);
    assert_int_equal(t.players[0].points2, 201);
    assert_int_equal(t.players[1].points2, 199);
    t.players[1].points2 = 200; /* 100.0 */
    sw_strbuf a;
    sw_strbuf_init(&a);
    sw_swiss_trf_write(&t, &a);
    const char *p1 = strstr(sw_strbuf_cstr(&a), "001    1"), *p2 = strstr(p1, "001    2");
    assert_memory_equal(p1 + 79, "100.5 ", 6);
    assert_memory_equal(p2 + 78, " 100.0 ", 7);
    assert_int_equal(sw_swiss_trf_parse(a.data, a.len, "mem", &u, &err), SW_OK);
    assert_int_equal(u.players[0].points2, 201);
    assert_int_equal(u.players[1].points2, 200);
    /* and back below 100: column 80 is blank again */
    u.players[0].points2 = 5;
    sw_strbuf b;
    sw_strbuf_init(&b);
    sw_swiss_trf_write(&u, &b);
    p1 = strstr(sw_strbuf_cstr(&b), "001    1");
    assert_memory_equal(p1 + 78, "   2.5 ", 7);
    sw_strbuf_free(&a);
    sw_strbuf_free(&b);
    sw_swiss_trf_free(&t);
    sw_swiss_trf_free(&u);
}

/* Regression (issue 11): validation rebuilt every player's state from round
 * 1 for every round, O(players x rounds^2): a 59 MB record of 680 k
 * players and 200 rounds was still being validated after 120 s. Now it is
 * linear: 20 000 players, one of whom played 200 rounds (so every player
 * has 200 round columns), validate in well under a second. */
static void test_validation_is_linear(void **state) {
    (void)state;
    int n = 20000, rounds = 200;
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    sw_strbuf_puts(&sb, "012 linear\nXXR 200\nXXW 5\n");
    char line[4096];
    for (int i = 1; i <= n; i++) {
        memset(line, ' ', sizeof line);
        int len = snprintf(line, 16, "001 %5d", i);
        line[len] = ' ';
        const char *pts = i == 1 ? "100.0" : i <= rounds + 1 ? "0.5" : "0.0";
        memcpy(line + 85 - strlen(pts), pts, strlen(pts)); /* points end at column 85 */
        len = 92;                                          /* rounds from column 93 */
        for (int r = 0; r < rounds; r++) {
            char opp = 0, col = 0;
            int o = 0;
            if (i == 1)
                o = r + 2, col = r % 2 ? 'b' : 'w', opp = 1;
            else if (i == r + 2)
                o = 1, col = r % 2 ? 'w' : 'b', opp = 1;
            if (opp)
                snprintf(line + len, 16, "%05d %c =  ", o, col);
            else
                memcpy(line + len, "             ", 11);
            len += 11;
            line[len - 2] = line[len - 1] = ' ';
        }
        while (len > 0 && line[len - 1] == ' ')
            len--;
        sw_strbuf_append(&sb, line, (size_t)len);
        sw_strbuf_puts(&sb, "\n");
    }
    sw_swiss_trf t;
    sw_error err;
    sw_status st = sw_swiss_trf_parse(sb.data, sb.len, "linear.trf", &t, &err);
    if (st)
        fail_msg("%s:%d: %s", err.file, err.line, err.msg);
    assert_int_equal(t.nrounds, rounds);
    /* Processor time, not wall time, so that a loaded machine does not fail
     * it: a validation quadratic in the players (4e8 pairs here) is far
     * above the limit, the linear one far below it. */
    clock_t a = clock();
    st = sw_swiss_validate(&t, &err);
    clock_t b = clock();
    if (st)
        fail_msg("%s:%d: %s", err.file, err.line, err.msg);
    double secs = (double)(b - a) / CLOCKS_PER_SEC;
    if (secs > 1.5)
        fail_msg("validation took %.2f s of processor time", secs);
    /* a rematch in round 150 is still found, with its round */
    t.players[0].games[149].opp = 2;
    t.players[1].games[149] = t.players[150].games[149];
    t.players[1].games[149].opp = 1;
    t.players[150].games[149].opp = 0;
    t.players[150].games[149].colour = '-';
    t.players[150].games[149].result = ' ';
    assert_int_equal(sw_swiss_validate(&t, &err), SW_ERR_INVALID);
    if (!strstr(err.msg, "player 1, round 150: plays 2 again"))
        fail_msg("got: %s", err.msg);
    sw_swiss_trf_free(&t);
    sw_strbuf_free(&sb);
}

static void expect_invalid(const char *file, sw_status code, int line, const char *needle) {
    sw_swiss_trf t;
    sw_error err;
    char path[512];
    snprintf(path, sizeof path, DATA "%s", file);
    sw_status st = sw_swiss_trf_read(path, &t, &err);
    if (st == SW_OK) {
        st = sw_swiss_validate(&t, &err);
        sw_swiss_trf_free(&t);
    }
    assert_int_equal(st, code);
    assert_int_equal(err.line, line);
    if (!strstr(err.msg, needle))
        fail_msg("%s: message '%s' lacks '%s'", file, err.msg, needle);
}

static void test_validation_names_line_and_player(void **state) {
    (void)state;
    expect_invalid("bad_asym.trf", SW_ERR_INVALID, 5, "player 3, round 1: opponent 1 lists");
    expect_invalid("bad_samecolour.trf", SW_ERR_INVALID, 3, "expected opposite colours");
    expect_invalid("bad_bothwon.trf", SW_ERR_INVALID, 3, "who has '1'");
    expect_invalid("bad_points.trf", SW_ERR_INVALID, 4, "player 2: stated points 2.0");
    expect_invalid("bad_rematch.trf", SW_ERR_INVALID, 3, "plays 2 again");
    expect_invalid("bad_bye.trf", SW_ERR_INVALID, 5, "player 3, round 4: pairing-allocated bye");
    expect_invalid("bad_preset_bye.trf", SW_ERR_INVALID, 8,
                   "player 5, round 3: pairing-allocated bye after an earlier bye");
    expect_invalid("bad_colour.trf", SW_ERR_INVALID, 3, "rule 2");
    expect_invalid("bad_syntax.trf", SW_ERR_PARSE, 5, "result 'X' in column 99");
}

/* ---- brute force: an independent reading of the rules ---- */

typedef struct bp {
    int id, score, diff, run, present, byeok, nopp;
    char last;
    char fl1, fl2; /* float in the last round and the one before: 'd', 'u', 0 */
    int opp[16];
} bp;

/* Score of player i before round r (0-based). */
static int bf_score_before(const sw_swiss_trf *t, int i, int r) {
    int s = 0;
    for (int k = 0; k < r; k++)
        s += sw_swiss_result_points2(t->players[i].games[k].result);
    return s;
}

/* Float of player i in round r: a game against a different score, or
 * points without a game (a bye, a forfeit win) floats down. */
static char bf_float(const sw_swiss_trf *t, int i, int r) {
    if (r < 0)
        return 0;
    sw_swiss_game g = t->players[i].games[r];
    if (g.opp && strchr("10=WDL", g.result)) {
        int a = bf_score_before(t, i, r), b = bf_score_before(t, t->index_of_id[g.opp], r);
        return a > b ? 'd' : a < b ? 'u' : 0;
    }
    return sw_swiss_result_points2(g.result) > 0 ? 'd' : 0;
}

static void bf_state(const sw_swiss_trf *t, bp *p) {
    for (int i = 0; i < t->nplayers; i++) {
        bp *q = &p[i];
        memset(q, 0, sizeof *q);
        q->id = t->players[i].id;
        q->present = !t->players[i].absent;
        q->byeok = 1;
        for (int r = 0; r < t->nrounds; r++) {
            sw_swiss_game g = t->players[i].games[r];
            q->score += sw_swiss_result_points2(g.result);
            if (g.opp == 0 && g.result == 'U')
                q->byeok = 0;
            if (g.opp && g.result == '+')
                q->byeok = 0;
            if (g.opp && strchr("10=WDL", g.result)) {
                q->opp[q->nopp++] = g.opp;
                q->diff += g.colour == 'w' ? 1 : -1;
                q->run = q->last == g.colour ? q->run + 1 : 1;
                q->last = g.colour;
            }
        }
        q->fl1 = bf_float(t, i, t->nrounds - 1);
        q->fl2 = bf_float(t, i, t->nrounds - 2);
    }
}

static int bf_can(const bp *a, char c) {
    int d = a->diff + (c == 'w' ? 1 : -1);
    return d >= -2 && d <= 2 && !(a->run >= 2 && a->last == c);
}

/* The colour preference (C.04.3): absolute (difference beyond +-1 or the
 * same colour twice), strong (difference +-1), mild (the other colour than
 * last time), none before the first game. got counts the players given
 * theirs (or without one), strong those with a strong or absolute one given
 * it (or with a weaker one). */
static void bf_sat(const bp *a, char c, int *got, int *strong) {
    char want = 0;
    int st = 0;
    if (a->diff < -1 || (a->run >= 2 && a->last == 'b'))
        want = 'w', st = 3;
    else if (a->diff > 1 || (a->run >= 2 && a->last == 'w'))
        want = 'b', st = 3;
    else if (a->diff)
        want = a->diff < 0 ? 'w' : 'b', st = 2;
    else if (a->last)
        want = a->last == 'w' ? 'b' : 'w', st = 1;
    *got += !want || want == c;
    *strong += st < 2 || want == c;
}

/* The float terms of a game of a (higher score) against b, or of a's bye
 * (b NULL): a repeated downfloat (last round, two rounds ago) or upfloat. */
static void bf_floats(const bp *a, const bp *b, long *v);

/* Objective, most important first (docs/swiss.md): edges, real games;
 * then minus the bye recipient's score (above the lowest); then the Dutch
 * criteria bracket by bracket, groups from the top: bracket g's
 * downfloaters (N_g, negated: C5, its pairs) and its PSD entries squared
 * (F_g, negated: a pair made in it s_hi - s_lo, a downfloater s - s_g + 1
 * point, the bye a downfloater of every bracket from its player's down:
 * C6), then the next bracket's N and F (C7) before g's colour preferences
 * granted in its pairs, strong ones granted, and its repeated floats (down,
 * up last round; down, up two rounds ago; C10-C15); the rank sum of the
 * players in games (the bye to the lowest); then v[OBJ_STD], minus the
 * distance to the standard pairing (seatwise reaches it by a local search,
 * so only v[0..OBJ_STD-1] must always agree). old_sq and old_top are the
 * order before it was made exact (-sum d^2 over the whole field, then -sum
 * d*s_high, in place of N, F and the bye's score), kept to show the states
 * where the two differ. */
#define OBJ_SCORES 32 /* half-point scores 0..31: up to 15 rounds */
#define OBJ_PER 9
/* Slot g holds N_g, F_g, then group g-1's C9, colours and floats. */
static int gidx_g[OBJ_SCORES], gscore_g[OBJ_SCORES + 1], ng_g; /* score -> group, group -> score */
#define OBJ_NN(s) (3 + gidx_g[s] * OBJ_PER)
#define OBJ_F(s) (OBJ_NN(s) + 1)
/* C9 of group g (index): the games of the bye's recipient, counted only
 * where the bracket's one downfloater is the bye (obj_cmp_upto). */
#define OBJ_C9(g) (3 + ((g) + 1) * OBJ_PER + 2)
#define OBJ_EQ(s) (3 + (gidx_g[s] + 1) * OBJ_PER + 3) /* players given their colour preference */
#define OBJ_ALT(s) (OBJ_EQ(s) + 1)                    /* players with a strong one given it */
#define OBJ_FL(s) (OBJ_EQ(s) + 2)                     /* four float terms: C12..C15, each negated */
#define OBJ_RANK (3 + (OBJ_SCORES + 1) * OBJ_PER)     /* rank sum of the players in games */
#define OBJ_STD (OBJ_RANK + 1)
#define OBJ_N (OBJ_STD + 1)
typedef struct obj {
    long v[OBJ_N];
    long old_sq, old_top;
    signed char mate[32]; /* bf_best's pairing: partner + 1, 100 the bye, 0 none */
} obj;

static int old_key_g; /* compare by the old order (sq, then top) */

/* Lexicographic over v[0..upto-1]. */
static int obj_cmp_upto(const obj *a, const obj *b, int upto) {
    for (int k = 0; k < upto; k++) {
        if (old_key_g && (k == 2 || (k >= 3 && k < OBJ_RANK && (k - 3) % OBJ_PER < 2))) {
            if (k == 3 && a->old_sq != b->old_sq)
                return a->old_sq < b->old_sq ? -1 : 1;
            if (k == 3 && a->old_top != b->old_top)
                return a->old_top < b->old_top ? -1 : 1;
            continue;
        }
        /* C9 only in a bracket with one downfloater (N_g above is equal) */
        if (k >= 3 + OBJ_PER && k < OBJ_RANK && (k - 3) % OBJ_PER == 2 &&
            a->v[k - 2 - OBJ_PER] != -1)
            continue;
        if (a->v[k] != b->v[k])
            return a->v[k] < b->v[k] ? -1 : 1;
    }
    return 0;
}

static int obj_cmp(const obj *a, const obj *b) {
    return obj_cmp_upto(a, b, OBJ_N);
}

static void obj_add(obj *o, const obj *e) {
    for (int k = 0; k < OBJ_N; k++)
        o->v[k] += e->v[k];
    o->old_sq += e->old_sq;
    o->old_top += e->old_top;
}

static int sq_key_g; /* F as the sum of the entries squared (seatwise before) */

/* A PSD entry v (half points) in F: the Dutch list, sorted from the
 * largest entry and compared from there, is the count of each value, the
 * largest value most significant: 16^v (a bracket of these states has at
 * most 6 entries, v <= 12). */
static long bf_entry(int v) {
    assert_in_range(v, 0, 14);
    return sq_key_g ? (long)v * v : v > 0 ? 1L << (4 * v) : 0;
}

/* A downfloat of a player of score s out of groups g0..g1-1. */
static void obj_down(obj *o, int s, int g0, int g1) {
    for (int g = g0; g < g1; g++) {
        int v = s - gscore_g[g] + 2;
        o->v[3 + g * OBJ_PER] -= 1;
        o->v[3 + g * OBJ_PER + 1] -= bf_entry(v);
    }
}

/* A game's score terms: the higher player floats down out of each bracket
 * above the lower one's, where the pair is made with the entry d. */
static void obj_game(obj *o, int sa, int sb) {
    int hi = sa > sb ? sa : sb, lo = sa > sb ? sb : sa, d = hi - lo;
    assert_in_range(hi, 0, OBJ_SCORES - 1);
    obj_down(o, hi, gidx_g[hi], gidx_g[lo]);
    o->v[OBJ_F(lo)] -= bf_entry(d);
    o->old_sq -= d * d;
    o->old_top -= d * hi;
}

static int np_g, rank_g[1024], std_g[1024]; /* std_g: rank -> standard opponent's rank */
static int lo_g;                            /* lowest score present */

static void bf_floats(const bp *a, const bp *b, long *v) {
    if (b && a->score == b->score)
        return;
    if (b && a->score < b->score) {
        const bp *t = a;
        a = b;
        b = t;
    }
    v[OBJ_FL(a->score)] -= a->fl1 == 'd';
    v[OBJ_FL(a->score) + 2] -= a->fl2 == 'd';
    if (b) {
        v[OBJ_FL(b->score) + 1] -= b->fl1 == 'u';
        v[OBJ_FL(b->score) + 3] -= b->fl2 == 'u';
    }
}

/* The bye's terms: its recipient's score, a downfloater of every bracket
 * from its own down (its colour digits count as met in the last one), and
 * the old order's difference to one point below the lowest score. */
static void bf_bye(const bp *a, obj *o) {
    int d = a->score - lo_g + 2;
    o->v[2] -= a->score - lo_g;
    obj_down(o, a->score, gidx_g[a->score], ng_g);
    o->old_sq -= d * d;
    o->old_top -= d * a->score;
    o->v[OBJ_EQ(lo_g)] += 2;
    o->v[OBJ_ALT(lo_g)] += 2;
    for (int g = gidx_g[a->score]; g < ng_g; g++)
        o->v[OBJ_C9(g)] += a->nopp;
    bf_floats(a, NULL, o->v);
}

/* The standard pairing, restated: score groups from the top, a player moved
 * down meets the top of the next group, the rest top half v bottom half, an
 * odd one out moves down; whoever is left at the end has np_g. */
static void bf_standard(const bp *P, const int *order, int np) {
    int carry = -1, r = 0;
    while (r < np) {
        int end = r;
        while (end < np && P[order[end]].score == P[order[r]].score)
            end++;
        int first = r;
        if (carry >= 0) {
            std_g[carry] = first;
            std_g[first] = carry;
            first++;
            carry = -1;
        }
        int rest = end - first;
        if (rest % 2)
            carry = end - 1;
        int h = rest / 2;
        for (int k = 0; k < h; k++) {
            std_g[first + k] = first + k + h;
            std_g[first + k + h] = first + k;
        }
        r = end;
    }
    if (carry >= 0)
        std_g[carry] = np;
}

static long bf_dist(int ri, int rj) {
    int a = abs(std_g[ri] - rj), b = abs(std_g[rj] - ri);
    return (a < 63 ? a : 63) + (b < 63 ? b : 63);
}
static bp *P_g;

/* Best colours for a pair: returns 0 when illegal, else adds to o. */
static int bf_pair(int i, int j, obj *o) {
    const bp *a = &P_g[i], *b = &P_g[j];
    for (int k = 0; k < a->nopp; k++)
        if (a->opp[k] == b->id)
            return 0;
    int best = -1, be = 0, ba = 0;
    for (int c = 0; c < 2; c++) {
        char ca = c ? 'b' : 'w', cb = c ? 'w' : 'b';
        if (!bf_can(a, ca) || !bf_can(b, cb))
            continue;
        int eq = 0, alt = 0;
        bf_sat(a, ca, &eq, &alt);
        bf_sat(b, cb, &eq, &alt);
        if (eq * 3 + alt > best) { /* the allocation rules grant the most, then the strongest */
            best = eq * 3 + alt;
            be = eq;
            ba = alt;
        }
    }
    if (best < 0)
        return 0;
    o->v[0] += 1;
    o->v[1] += 2;
    o->v[OBJ_RANK] += 2 * np_g - rank_g[i] - rank_g[j];
    obj_game(o, a->score, b->score);
    int low = a->score < b->score ? a->score : b->score; /* the bracket of the pair */
    o->v[OBJ_EQ(low)] += be;
    o->v[OBJ_ALT(low)] += ba;
    bf_floats(a, b, o->v);
    o->v[OBJ_STD] -= bf_dist(rank_g[i], rank_g[j]);
    return 1;
}

static obj bf_best(unsigned mask, int byeleft) {
    obj none = {{0}, 0, 0, {0}};
    if (!mask)
        return none;
    int i = __builtin_ctz(mask);
    unsigned rest = mask & ~(1u << i);
    obj best = bf_best(rest, byeleft); /* i left out */
    if (byeleft && P_g[i].byeok) {
        obj o = bf_best(rest, 0);
        o.v[0] += 1;
        bf_bye(&P_g[i], &o);
        o.mate[i] = 100;
        if (obj_cmp(&o, &best) > 0)
            best = o;
    }
    for (int j = i + 1; j < 32; j++)
        if (rest >> j & 1) {
            obj e = {{0}, 0, 0, {0}};
            if (!bf_pair(i, j, &e))
                continue;
            obj o = bf_best(rest & ~(1u << j), byeleft);
            obj_add(&o, &e);
            o.mate[i] = (signed char)(j + 1);
            o.mate[j] = (signed char)(i + 1);
            if (obj_cmp(&o, &best) > 0)
                best = o;
        }
    return best;
}

/* The objective of bf_best's pairing w, scored again (by the key in force). */
static obj bf_rescore(const obj *w) {
    obj o = {{0}, 0, 0, {0}};
    for (int i = 0; i < 32; i++)
        if (w->mate[i] == 100) {
            o.v[0] += 1;
            bf_bye(&P_g[i], &o);
        } else if (w->mate[i] > i + 1) {
            obj e = {{0}, 0, 0, {0}};
            assert_true(bf_pair(i, w->mate[i] - 1, &e));
            obj_add(&o, &e);
        }
    return o;
}

static obj seatwise_obj(const sw_swiss_pairing *p, const sw_swiss_trf *t) {
    obj o = {{0}, 0, 0, {0}};
    for (int k = 0; k < p->nboards; k++) {
        int w = t->index_of_id[p->boards[k].white];
        o.v[0]++;
        if (!p->boards[k].black) {
            bf_bye(&P_g[w], &o);
            continue;
        }
        int b = t->index_of_id[p->boards[k].black];
        const bp *a = &P_g[w], *c = &P_g[b];
        assert_true(bf_can(a, 'w') && bf_can(c, 'b'));
        for (int q = 0; q < a->nopp; q++)
            assert_int_not_equal(a->opp[q], c->id);
        o.v[1] += 2;
        o.v[OBJ_RANK] += 2 * np_g - rank_g[w] - rank_g[b];
        obj_game(&o, a->score, c->score);
        int eq = 0, alt = 0;
        bf_sat(a, 'w', &eq, &alt);
        bf_sat(c, 'b', &eq, &alt);
        int low = a->score < c->score ? a->score : c->score;
        o.v[OBJ_EQ(low)] += eq;
        o.v[OBJ_ALT(low)] += alt;
        bf_floats(a, c, o.v);
        o.v[OBJ_STD] -= bf_dist(rank_g[w], rank_g[b]);
    }
    return o;
}

/* Ranks over present players (score down, then id) into rank_g; returns their number. */
static int bf_ranks(const sw_swiss_trf *t, bp *P) {
    int n = t->nplayers, np = 0;
    int *order = malloc(sizeof(int) * (size_t)n);
    assert_non_null(order);
    for (int i = 0; i < n; i++)
        if (P[i].present)
            order[np++] = i;
    for (int x = 1; x < np; x++)
        for (int y = x; y > 0; y--) {
            const bp *a = &P[order[y - 1]], *b = &P[order[y]];
            if (a->score > b->score || (a->score == b->score && a->id < b->id))
                break;
            int tmp = order[y];
            order[y] = order[y - 1];
            order[y - 1] = tmp;
        }
    np_g = np;
    for (int r = 0; r < np; r++)
        rank_g[order[r]] = r;
    lo_g = np ? P[order[np - 1]].score : 0;
    ng_g = 0;
    for (int r = 0; r < np; r++) {
        int sc = P[order[r]].score;
        if (r == 0 || sc != P[order[r - 1]].score)
            gscore_g[ng_g++] = sc;
        gidx_g[sc] = ng_g - 1;
    }
    bf_standard(P, order, np);
    free(order);
    return np;
}

/* Both the full graph (small events) and the sparse first solve with its
 * pricing and fallbacks (window 1 forces it even at 4 players) must reach the
 * brute force's optimum in every component, score groups top-down. */
static void test_pairing_matches_brute_force(void **state) {
    (void)state;
    int checked = 0, deficient = 0, sparse_runs = 0, repriced = 0, std_best = 0, std_runs = 0;
    int old_differs = 0, rank_differs = 0, sq_differs = 0;
    for (int seed = 1; seed <= 160; seed++) {
        int n = 4 + seed % 8, rounds = 1 + seed % (n <= 6 ? 4 : 5);
        sw_swiss_options opt = {0};
        sw_swiss_trf t;
        sw_error err;
        assert_int_equal(sw_swiss_generate(n, rounds, (uint64_t)seed, &opt, &t, &err), SW_OK);
        assert_int_equal(sw_swiss_validate(&t, &err), SW_OK);
        if (seed % 3 == 0)
            t.players[seed % n].absent = true;
        bp P[32];
        bf_state(&t, P);
        P_g = P;
        int np = bf_ranks(&t, P);
        unsigned mask = 0;
        for (int i = 0; i < n; i++)
            if (P[i].present)
                mask |= 1u << i;
        obj want = bf_best(mask, np % 2);
        /* Would the old order (sum of d^2 over the field, then floats low)
         * have chosen differently? Then the new optimum is worse under it. */
        old_key_g = 1;
        obj want_old = bf_best(mask, np % 2);
        old_differs += obj_cmp_upto(&want, &want_old, OBJ_STD) < 0;
        old_key_g = 0;
        /* Would the sum of squares have chosen another pairing? */
        sq_key_g = 1;
        obj want_sq = bf_best(mask, np % 2);
        sq_key_g = 0;
        obj sq_exact = bf_rescore(&want_sq);
        sq_differs += obj_cmp_upto(&sq_exact, &want, OBJ_RANK) < 0;
        for (int mode = 0; mode < 2; mode++) {
            opt.sparse_window = mode; /* 0: default (full graph here), 1: sparse */
            sw_swiss_pairing p;
            assert_int_equal(sw_swiss_pair(&t, &opt, &p, &err), SW_OK);
            obj got = seatwise_obj(&p, &t);
            for (int k = 0; k < OBJ_RANK; k++)
                if (got.v[k] != want.v[k])
                    fail_msg("seed %d (%d players, %d rounds, window %d): component %d is %ld, "
                             "brute force %ld",
                             seed, n, rounds, mode, k, got.v[k], want.v[k]);
            assert_int_equal(p.quality.violations, 0);
            /* The quality's own measure of the standard order agrees with the restatement. */
            assert_int_equal(p.quality.std_distance, -got.v[OBJ_STD]);
            /* The rank sum (the bye and the floats to the lowest ranked) is
             * a tie-break below each bracket's order digits (the Dutch
             * transpositions and exchanges), which the brute force does not
             * restate: they may pick another optimum of the criteria above
             * (seed 155: the bye to 4 rather than 5, both on 0.0). */
            if (got.v[OBJ_RANK] != want.v[OBJ_RANK]) {
                rank_differs++;
                sw_swiss_pairing_free(&p);
                continue;
            }
            std_best += got.v[OBJ_STD] == want.v[OBJ_STD];
            std_runs++;
            assert_true(got.v[OBJ_STD] <= want.v[OBJ_STD]);
            if (mode == 0)
                assert_int_equal(p.stats.full, 1);
            else {
                sparse_runs += p.stats.full == 0;
                repriced += p.stats.priced > 0;
            }
            deficient += p.nunpaired > 0;
            sw_swiss_pairing_free(&p);
        }
        checked++;
        sw_swiss_trf_free(&t);
    }
    assert_int_equal(checked, 160);
    /* The sparse path must have been proven optimal without the full graph
     * in many cases, and have needed the pricing step in some. */
    assert_true(sparse_runs > 40);
    assert_true(repriced > 10);
    /* The local search reaches the closest pairing to the standard one among
     * the optimal ones in nearly every case (the rest are printed). */
    /* The bracket order (the Dutch transpositions) decides among them now,
     * which is not always the nearest to the standard pairing: printed. */
    print_message("standard order: best in %d of %d runs\n", std_best, std_runs);
    print_message("rank sum other than the brute force's (bracket order) in %d runs\n",
                  rank_differs);
    assert_true(rank_differs <= 8);
    /* The top-down order is not the old one in disguise: some states pair
     * differently under it (counted, and at least a few must occur). */
    print_message("top-down order differs from the old sq-then-top order in %d of %d states\n",
                  old_differs, checked);
    assert_true(old_differs >= 1);
    print_message("the sum of squares of the PSD entries pairs worse than the Dutch list in %d of "
                  "%d states\n",
                  sq_differs, checked);
    (void)deficient;
}

/* Larger events: the sparse solve with its certificate gives the same
 * optimum as the full graph (compared component by component). Above 160
 * players the standard order's local search stands in for the bracket
 * order; the last event has 520 players, past the 500 up to which the
 * score-difference lists are always exact (beyond, only while the weight
 * stays within 1024 bits). */
static void test_sparse_matching_equals_full_graph(void **state) {
    (void)state;
    int certified = 0;
    for (int seed = 1; seed <= 5; seed++) {
        int n = seed == 5 ? 520 : 150 + 50 * seed + seed % 2, rounds = seed == 5 ? 6 : 2 + 2 * seed;
        sw_swiss_options opt = {0};
        sw_swiss_trf t;
        sw_error err;
        assert_int_equal(sw_swiss_generate(n, rounds, (uint64_t)seed * 7, &opt, &t, &err), SW_OK);
        bp *P = calloc((size_t)n, sizeof *P);
        assert_non_null(P);
        bf_state(&t, P);
        P_g = P;
        bf_ranks(&t, P);
        obj res[3];
        static const int windows[3] = {-1, 0, 2};
        for (int k = 0; k < 3; k++) {
            opt.sparse_window = windows[k];
            sw_swiss_pairing p;
            assert_int_equal(sw_swiss_pair(&t, &opt, &p, &err), SW_OK);
            assert_int_equal(p.quality.violations, 0);
            res[k] = seatwise_obj(&p, &t);
            if (k > 0)
                certified += p.stats.full == 0;
            else
                assert_int_equal(p.stats.full, 1);
            sw_swiss_pairing_free(&p);
        }
        for (int k = 1; k < 3; k++) /* the standard order's local search may differ */
            for (int c = 0; c < OBJ_STD; c++)
                if (res[k].v[c] != res[0].v[c])
                    fail_msg("seed %d, %d players: window %d differs from the full graph in "
                             "component %d",
                             seed, n, windows[k], c);
        free(P);
        sw_swiss_trf_free(&t);
    }
    assert_true(certified >= 5);
}

/* Round 1: the standard pairing, top half against bottom half (1 v 6, 2 v 7,
 * ...), the bye to the last, colours alternating from board 1. */
static void test_first_round_top_half_against_bottom_half(void **state) {
    (void)state;
    sw_swiss_trf t;
    sw_error err;
    assert_int_equal(sw_swiss_trf_init(&t, 11, NULL, 5, &err), SW_OK);
    for (int window = -1; window <= 1; window++) {
        sw_swiss_options opt = {.sparse_window = window};
        sw_swiss_pairing p;
        assert_int_equal(sw_swiss_pair(&t, &opt, &p, &err), SW_OK);
        assert_int_equal(p.nboards, 6);
        for (int k = 0; k < 5; k++) {
            int top = k + 1, bottom = k + 6;
            assert_int_equal(p.boards[k].white, k % 2 ? bottom : top);
            assert_int_equal(p.boards[k].black, k % 2 ? top : bottom);
        }
        assert_int_equal(p.boards[5].white, 11);
        assert_int_equal(p.boards[5].black, 0);
        sw_swiss_pairing_free(&p);
    }
    sw_swiss_trf_free(&t);
}

/* Byes written ahead in the column of the round to be paired: absences,
 * kept when the round is added, points with or without them accepted. */
static void test_byes_entered_ahead_are_absences(void **state) {
    (void)state;
    sw_swiss_trf t;
    read_ok(DATA "preset5.trf", &t);
    assert_true(t.preset);
    assert_int_equal(t.nrounds, 2);
    const sw_swiss_player *p2 = &t.players[t.index_of_id[2]], *p4 = &t.players[t.index_of_id[4]];
    assert_true(p2->absent && p4->absent);
    assert_false(t.players[t.index_of_id[1]].absent);
    assert_int_equal(p4->points2, 2); /* stated 1.5 with the H; 1.0 before it */
    assert_int_equal(p2->points2, 3);
    sw_error err;
    /* Written back before pairing, the column is still the one written ahead. */
    sw_strbuf out;
    sw_strbuf_init(&out);
    sw_swiss_trf_write(&t, &out);
    sw_swiss_trf u;
    assert_int_equal(
        sw_swiss_trf_parse(sw_strbuf_cstr(&out), strlen(sw_strbuf_cstr(&out)), "x", &u, &err),
        SW_OK);
    assert_true(u.preset);
    assert_int_equal(u.nrounds, 2);
    assert_null(strstr(sw_strbuf_cstr(&out), "XXZ"));
    assert_true(u.players[u.index_of_id[4]].absent);
    assert_int_equal(u.players[u.index_of_id[4]].games[2].result, 'H');
    sw_swiss_trf_free(&u);
    sw_strbuf_free(&out);
    sw_swiss_pairing p;
    assert_int_equal(sw_swiss_pair(&t, NULL, &p, &err), SW_OK);
    assert_int_equal(p.round, 3);
    assert_int_equal(p.nboards, 2);
    /* 1 (1.5, last white) v 5 (1.0, last black); 3 gets the bye (5 had one). */
    assert_int_equal(p.boards[0].white, 5);
    assert_int_equal(p.boards[0].black, 1);
    assert_int_equal(p.boards[1].white, 3);
    assert_int_equal(p.boards[1].black, 0);
    assert_int_equal(sw_swiss_trf_add_round(&t, &p, "1", &err), SW_OK);
    sw_swiss_pairing_free(&p);
    assert_false(t.preset);
    assert_int_equal(t.nrounds, 3);
    p4 = &t.players[t.index_of_id[4]];
    assert_int_equal(p4->games[2].result, 'H');
    assert_int_equal(p4->points2, 3);
    assert_int_equal(t.players[t.index_of_id[2]].games[2].result, 'Z');
    assert_int_equal(sw_swiss_validate(&t, &err), SW_OK);
    /* Written and read back: round 3 is a played round now. */
    sw_strbuf_init(&out);
    sw_swiss_trf_write(&t, &out);
    assert_int_equal(
        sw_swiss_trf_parse(sw_strbuf_cstr(&out), strlen(sw_strbuf_cstr(&out)), "x", &u, &err),
        SW_OK);
    assert_false(u.preset);
    assert_int_equal(u.nrounds, 3);
    assert_int_equal(sw_swiss_validate(&u, &err), SW_OK);
    sw_swiss_trf_free(&u);
    sw_strbuf_free(&out);
    sw_swiss_trf_free(&t);
}

/* Score differences bracket by bracket (C.04.3 C5, C6), where a sum over
 * the field or over the higher player's group disagrees. Before round 4: 2
 * and 3 (2.5) met in round 3, so both float. The rematches leave two
 * pairings of everyone (1 met 2, 4, 5; 2 met 5, 3; 3 met 6, 4; 4 met 6; 5
 * met 6), with d in half points:
 *   2-6 (5), 3-1 (1), 4-5 (0)
 *   2-4 (3), 3-5 (3), 1-6 (4)
 * The 2.5 bracket floats both either way. The 2.0 bracket (2 and 3 moved
 * down, 1 resident) can make one pair, 3-1 (2 met 1), and C5 maximises the
 * pairs of each bracket before looking at the next: 2 floats on and meets
 * 6, although the second pairing's differences are smaller in the top
 * group (9 + 9 < 25 + 1, the earlier reading, which paired 2-4 3-5 1-6). */
static void test_score_differences_bracket_by_bracket(void **state) {
    (void)state;
    sw_swiss_trf t;
    read_ok(DATA "topdown6.trf", &t);
    for (int window = -1; window <= 1; window++) {
        sw_swiss_options opt = {.sparse_window = window};
        sw_swiss_pairing p;
        sw_error err;
        assert_int_equal(sw_swiss_pair(&t, &opt, &p, &err), SW_OK);
        assert_int_equal(p.nboards, 3);
        int partner[7] = {0};
        for (int k = 0; k < 3; k++) {
            partner[p.boards[k].white] = p.boards[k].black;
            partner[p.boards[k].black] = p.boards[k].white;
        }
        assert_int_equal(partner[2], 6);
        assert_int_equal(partner[3], 1);
        assert_int_equal(partner[4], 5);
        assert_int_equal(p.quality.score_diff_sum2, 6);
        assert_int_equal(p.quality.score_diff_max2, 5);
        assert_int_equal(p.quality.violations, 0);
        sw_swiss_pairing_free(&p);
    }
    sw_swiss_trf_free(&t);
}

/* psdlist8.trf: the pairing score differences of a bracket are the Dutch
 * list, sorted from the largest entry and compared from there (C.04.3
 * 2025, C6), not their sum of squares. Groups 4.0 {1}, 3.5 {2, 3}, 2.5
 * {4, 5, 6}, 1.0 {7}, 0.5 {8}; every pair has played but 1-4 1-7 2-5 2-7
 * 3-6 3-8 4-8 5-6, so 1, 2 and 3 float into the 2.5 bracket and two of
 * its six players float on, to 7 and 8: either 2 and 3 (entries 3.5 -
 * 1.5 = 2.0 each, pairs 1-4 1.5 and 5-6 0: [2.0, 2.0, 1.5, 0]) or 1 and 4
 * (2.5 and 1.0, pairs 2-5 and 3-6 1.0 each: [2.5, 1.0, 1.0, 1.0]). The
 * list is smaller for the first (2.0 < 2.5: bbpPairings pairs 1-4 7-2 8-3
 * 5-6), the sum of squares for the second (9.25 < 10.25: seatwise paired
 * 1-7 5-2 6-3 4-8 before). The brute force confirms both readings. */
static void test_psd_is_the_sorted_list(void **state) {
    (void)state;
    sw_swiss_trf t;
    read_ok(DATA "psdlist8.trf", &t);
    for (int window = -1; window <= 1; window++) {
        sw_swiss_options opt = {.sparse_window = window};
        sw_swiss_pairing p;
        sw_error err;
        assert_int_equal(sw_swiss_pair(&t, &opt, &p, &err), SW_OK);
        assert_int_equal(p.nboards, 4);
        int white[9] = {0}, black[9] = {0};
        for (int k = 0; k < 4; k++) {
            white[p.boards[k].white] = p.boards[k].black;
            black[p.boards[k].black] = p.boards[k].white;
        }
        assert_int_equal(white[1], 4);
        assert_int_equal(white[7], 2);
        assert_int_equal(white[8], 3);
        assert_int_equal(white[5], 6);
        assert_int_equal(black[4] + black[2] + black[3] + black[6], 1 + 7 + 8 + 5);
        assert_int_equal(p.quality.violations, 0);
        sw_swiss_pairing_free(&p);
    }
    /* The brute force: the exact list's optimum floats 2 and 3; the sum
     * of squares' optimum floats 1 and 4 and is worse in the list. */
    bp P[32];
    bf_state(&t, P);
    P_g = P;
    int np = bf_ranks(&t, P);
    assert_int_equal(np, 8);
    obj want = bf_best(0xffu, 0);
    sq_key_g = 1;
    obj want_sq = bf_best(0xffu, 0);
    sq_key_g = 0;
    assert_int_equal(want.mate[1], 6 + 1); /* player 2 meets 7 under the list */
    obj sq_exact = bf_rescore(&want_sq);
    assert_true(obj_cmp_upto(&sq_exact, &want, OBJ_RANK) < 0);
    assert_int_equal(want_sq.mate[0], 6 + 1); /* player 1 meets 7 under the squares */
    assert_int_equal(want.mate[0], 3 + 1);    /* and 4 under the list */
    sw_swiss_trf_free(&t);
}

static void test_thesis_four_players_no_third_round(void **state) {
    (void)state;
    sw_swiss_trf t;
    read_ok(DATA "thesis4.trf", &t);
    sw_swiss_pairing p;
    sw_error err;
    assert_int_equal(sw_swiss_pair(&t, NULL, &p, &err), SW_OK);
    assert_int_equal(p.nboards, 0);
    assert_int_equal(p.nunpaired, 4);
    assert_non_null(strstr(sw_strbuf_cstr(&p.why), "rule 2"));
    sw_swiss_pairing_free(&p);
    /* With the colour rules waived in the last round (XXR 3) all can play. */
    sw_swiss_options opt = {.waive_colour_last_round = true};
    assert_int_equal(sw_swiss_pair(&t, &opt, &p, &err), SW_OK);
    assert_int_equal(p.nboards, 2);
    assert_int_equal(p.nunpaired, 0);
    sw_swiss_pairing_free(&p);
    sw_swiss_trf_free(&t);
}

static void test_thesis_six_players_forced_pairs(void **state) {
    (void)state;
    sw_swiss_trf t;
    read_ok(DATA "thesis6.trf", &t);
    sw_swiss_pairing p;
    sw_error err;
    assert_int_equal(sw_swiss_pair(&t, NULL, &p, &err), SW_OK);
    assert_int_equal(p.nboards, 2);
    int seen34 = 0, seen56 = 0;
    for (int k = 0; k < 2; k++) {
        int a = p.boards[k].white, b = p.boards[k].black;
        seen34 += (a == 3 && b == 4) || (a == 4 && b == 3);
        seen56 += (a == 5 && b == 6) || (a == 6 && b == 5);
    }
    assert_int_equal(seen34 + seen56, 2);
    /* 5 has diff -2 and must get white; 4 had white twice and must get black. */
    assert_int_equal(p.nunpaired, 2);
    assert_int_equal(p.unpaired[0] + p.unpaired[1], 3);
    sw_swiss_pairing_free(&p);
    sw_swiss_trf_free(&t);
}

static void test_colours_follow_the_rules(void **state) {
    (void)state;
    sw_swiss_trf t;
    read_ok(DATA "thesis6.trf", &t);
    sw_swiss_pairing p;
    sw_error err;
    assert_int_equal(sw_swiss_pair(&t, NULL, &p, &err), SW_OK);
    for (int k = 0; k < p.nboards; k++) {
        if (p.boards[k].white == 3 || p.boards[k].white == 4)
            assert_int_equal(p.boards[k].white, 3); /* 4: w,w last -> black */
        if (p.boards[k].white == 5 || p.boards[k].white == 6)
            assert_int_equal(p.boards[k].white, 5); /* 5: diff -2 -> white */
    }
    sw_swiss_pairing_free(&p);
    sw_swiss_trf_free(&t);
}

static void test_fast_mode_pairs_everyone_legally(void **state) {
    (void)state;
    sw_swiss_options fast = {.fast = true}, exact = {0};
    sw_swiss_trf t;
    sw_error err;
    assert_int_equal(sw_swiss_generate(301, 7, 11, &fast, &t, &err), SW_OK);
    assert_int_equal(sw_swiss_validate(&t, &err), SW_OK);
    sw_swiss_pairing pf, pe;
    assert_int_equal(sw_swiss_pair(&t, &fast, &pf, &err), SW_OK);
    assert_int_equal(sw_swiss_pair(&t, &exact, &pe, &err), SW_OK);
    assert_int_equal(pf.quality.violations, 0);
    assert_int_equal(pf.quality.unpaired, pe.quality.unpaired);
    assert_int_equal(pf.quality.pairs + pf.quality.byes, pe.quality.pairs + pe.quality.byes);
    /* The exact matching can only be as good or better on score differences. */
    assert_true(pe.quality.score_diff_sum2 <= pf.quality.score_diff_sum2);
    sw_swiss_pairing_free(&pf);
    sw_swiss_pairing_free(&pe);
    sw_swiss_trf_free(&t);
}

static void test_check_agrees_with_own_pairings(void **state) {
    (void)state;
    sw_swiss_options opt = {0};
    sw_swiss_trf t;
    sw_error err;
    assert_int_equal(sw_swiss_generate(24, 5, 5, &opt, &t, &err), SW_OK);
    sw_strbuf rep;
    sw_strbuf_init(&rep);
    int differing = -1;
    assert_int_equal(sw_swiss_check(&t, &opt, &rep, &differing, &err), SW_OK);
    assert_int_equal(differing, 0);
    assert_non_null(strstr(sw_strbuf_cstr(&rep), ""));
    sw_strbuf_free(&rep);
    sw_swiss_trf_free(&t);
}

/* The FIDE Dutch references (data/dutch, bbpPairings' generator): every
 * record is replayed round by round and every round must be paired exactly
 * as recorded (boards, colours, bye): all 183 agree, so an agreement lost
 * is a test failure (scripts/dutch-agreement measures the same). */
static int name_cmp(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Replays every record of data/DIR with opt; there must be nfiles with
 * rounds rounds in all, each paired exactly as recorded. Records of more
 * than max_players players are left out (and not counted). */
static void replay_dir_opt(const char *sub, size_t want_files, int want_rounds,
                           const sw_swiss_options *opt0, int max_players) {
    char dir[512];
    snprintf(dir, sizeof dir, "%s/data/%s", SW_SOURCE_DIR, sub);
    DIR *d = opendir(dir);
    assert_non_null(d);
    char *files[512];
    size_t nfiles = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        size_t len = strlen(e->d_name);
        if (len > 4 && !strcmp(e->d_name + len - 4, ".trf") && nfiles < 512) {
            files[nfiles] = strdup(e->d_name);
            assert_non_null(files[nfiles]);
            nfiles++;
        }
    }
    closedir(d);
    if (want_files)
        assert_int_equal(nfiles, want_files);
    qsort(files, nfiles, sizeof files[0], name_cmp);
    int rounds = 0;
    for (size_t k = 0; k < nfiles; k++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, files[k]);
        sw_swiss_trf t;
        sw_error err;
        if (sw_swiss_trf_read(path, &t, &err))
            fail_msg("%s: %s", path, err.msg);
        if (t.nplayers > max_players) {
            sw_swiss_trf_free(&t);
            free(files[k]);
            continue;
        }
        assert_int_equal(sw_swiss_validate(&t, &err), SW_OK);
        sw_strbuf rep;
        sw_strbuf_init(&rep);
        sw_swiss_options opt = *opt0;
        sw_swiss_check_stats cs;
        assert_int_equal(sw_swiss_check_stats_run(&t, &opt, &rep, &cs, &err), SW_OK);
        if (cs.identical != cs.rounds)
            fail_msg("%s: %d of %d rounds identical\n%s", files[k], cs.identical, cs.rounds,
                     sw_strbuf_cstr(&rep));
        rounds += cs.rounds;
        sw_strbuf_free(&rep);
        sw_swiss_trf_free(&t);
        free(files[k]);
    }
    if (want_rounds)
        assert_int_equal(rounds, want_rounds);
}

static void replay_dir(const char *sub, size_t want_files, int want_rounds) {
    sw_swiss_options opt = {0};
    replay_dir_opt(sub, want_files, want_rounds, &opt, SW_SWISS_MAX_PLAYERS);
}

static void test_dutch_reference_replay(void **state) {
    (void)state;
    replay_dir("dutch", 183, 1396);
}

/* data/dutch-big: 170, 200, 230 and 560 players, where the bracket order
 * takes several windows a round and cuts the large brackets between digits
 * (above 500 players with wider windows). */
static void test_dutch_big_reference_replay(void **state) {
    (void)state;
    replay_dir("dutch-big", 4, 27);
}

/* The Burstein references (data/burstein, bbpPairings' generator with
 * --burstein): every round of the 150 records is paired exactly as
 * recorded (scripts/burstein-agreement measures the same). */
static void test_burstein_reference_replay(void **state) {
    (void)state;
    sw_swiss_options opt = {.burstein = true};
    replay_dir_opt("burstein", 150, 1200, &opt, SW_SWISS_MAX_PLAYERS);
}

/* The same records up to 40 players by the whole-graph path
 * (sparse_window -1: one matching of every player still unpaired per
 * decision, as bbpPairings decides): the chain's group-by-group shortcut
 * and the path it shortens agree with the records, so each checks the
 * other. */
static void test_burstein_whole_graph_replay(void **state) {
    (void)state;
    sw_swiss_options opt = {.burstein = true, .sparse_window = -1};
    replay_dir_opt("burstein", 150, 0, &opt, 40);
}

/* Pairs a record by the Burstein system; returns the boards as "w-b ...". */
static void burstein_boards(const char *file, char *out, size_t cap) {
    sw_swiss_trf t;
    read_ok(file, &t);
    sw_swiss_options opt = {.burstein = true};
    sw_swiss_pairing p;
    sw_error err;
    assert_int_equal(sw_swiss_pair(&t, &opt, &p, &err), SW_OK);
    size_t len = 0;
    out[0] = 0;
    for (int k = 0; k < p.nboards && len + 24 < cap; k++)
        len += (size_t)snprintf(out + len, cap - len, "%s%d-%d", k ? " " : "", p.boards[k].white,
                                p.boards[k].black);
    sw_swiss_pairing_free(&p);
    sw_swiss_trf_free(&t);
}

/* Round 1 by hand. Without XXA lines the Burstein system accelerates
 * rounds 1 and 2: the first half of the players by pairing number get a
 * win. 8 players: 1-4 on 1 point, 5-8 on 0; in each group the top player
 * meets the lowest, and the initial colour (white) goes to the higher
 * player when his number is odd: 1-4, 3-2, 5-8, 7-6 (bbpPairings pairs
 * burstein_r1_8.trf so). 7 players: 1-3 accelerated (7 present: three
 * pairs' worth), the bye to 7, the lowest; 1 meets 3 and 2 floats down
 * to 4-6, where, above them by pairing number, he meets the lowest, 6,
 * and 4 meets 5: 1-3, 6-2, 5-4, 7 bye (bbpPairings too). */
static void test_burstein_first_round_by_hand(void **state) {
    (void)state;
    char got[256];
    burstein_boards(DATA "burstein_r1_8.trf", got, sizeof got);
    assert_string_equal(got, "1-4 3-2 5-8 7-6");
    burstein_boards(DATA "burstein_r1_7.trf", got, sizeof got);
    assert_string_equal(got, "1-3 6-2 5-4 7-0");
}

/* A 192 line naming the Burstein system selects it (the options need not);
 * another FIDE system is refused. */
static void test_burstein_named_by_the_record(void **state) {
    (void)state;
    static const char head[] = "012 t\n192 FIDE_BURSTEIN\nXXC white1\nXXR 5\n";
    char text[2048];
    size_t len = (size_t)snprintf(text, sizeof text, "%s", head);
    for (int i = 1; i <= 8 && len < sizeof text; i++)
        len += (size_t)snprintf(text + len, sizeof text - len,
                                "001 %4d      P%-32d %4d%29s0.0 %4d\n", i, i, 2600 - 10 * i, "", i);
    sw_swiss_trf t;
    sw_error err;
    assert_int_equal(sw_swiss_trf_parse(text, len, "named.trf", &t, &err), SW_OK);
    assert_true(t.burstein_named);
    sw_swiss_options opt = {0};
    sw_swiss_pairing p;
    assert_int_equal(sw_swiss_pair(&t, &opt, &p, &err), SW_OK);
    assert_int_equal(p.nboards, 4);
    assert_int_equal(p.boards[0].white, 1);
    assert_int_equal(p.boards[0].black, 4); /* the Dutch system pairs 1-5 */
    sw_swiss_pairing_free(&p);
    sw_swiss_trf_free(&t);
    memcpy(text + 10, "FIDE_LIM ", 9);
    assert_int_not_equal(sw_swiss_trf_parse(text, len, "named.trf", &t, &err), SW_OK);
    assert_non_null(strstr(err.msg, "Dutch and Burstein"));
}

/* An event generated by the Burstein system names it (192 FIDE_BURSTEIN),
 * so a check without options replays it by that system: every round as
 * generated, with a bye in every round (21 players). */
static void test_burstein_generate_names_the_system(void **state) {
    (void)state;
    sw_swiss_options opt = {.burstein = true}, none = {0};
    sw_swiss_trf t;
    sw_error err;
    assert_int_equal(sw_swiss_generate(21, 6, 7, &opt, &t, &err), SW_OK);
    assert_true(t.burstein_named);
    sw_strbuf txt;
    sw_strbuf_init(&txt);
    sw_swiss_trf_write(&t, &txt);
    assert_non_null(strstr(sw_strbuf_cstr(&txt), "192 FIDE_BURSTEIN\n"));
    sw_strbuf_free(&txt);
    sw_strbuf rep;
    sw_strbuf_init(&rep);
    sw_swiss_check_stats cs;
    assert_int_equal(sw_swiss_check_stats_run(&t, &none, &rep, &cs, &err), SW_OK);
    assert_int_equal(cs.rounds, 6);
    assert_int_equal(cs.identical, 6);
    sw_strbuf_free(&rep);
    sw_swiss_trf_free(&t);
}

/* The pricing runs its rows in parallel (OpenMP) from 512 players on: the
 * pairing of a 560-player round is the same with 1, 2 and 4 threads. */
static void test_pair_same_for_any_threads(void **state) {
    (void)state;
    char trf[1024];
    snprintf(trf, sizeof trf, "%s/data/dutch-big/b5600-560p3r.trf", SW_SOURCE_DIR);
    shell("a=$(OMP_NUM_THREADS=1 %s swiss pair %s) && b=$(OMP_NUM_THREADS=2 %s swiss pair %s) "
          "&& c=$(OMP_NUM_THREADS=4 %s swiss pair %s) && [ -n \"$a\" ] && [ \"$a\" = \"$b\" ] "
          "&& [ \"$b\" = \"$c\" ]",
          SW_BINARY, trf, SW_BINARY, trf, SW_BINARY, trf);
}

/* A record whose round 2 pairs 1.0 against 0.0 twice although 1 v 2 and
 * 3 v 4 were legal: check names round 2 and preference 2; round 1 agrees. */
static void test_check_reports_a_differing_round(void **state) {
    (void)state;
    sw_swiss_trf t;
    read_ok(DATA "differs4.trf", &t);
    sw_strbuf rep;
    sw_strbuf_init(&rep);
    int differing = -1;
    sw_error err;
    sw_swiss_options opt = {0};
    assert_int_equal(sw_swiss_check(&t, &opt, &rep, &differing, &err), SW_OK);
    assert_int_equal(differing, 1);
    const char *txt = sw_strbuf_cstr(&rep);
    if (!strstr(txt, "round 2: the record differs from seatwise's pairing; decided by preference "
                     "2 (score differences, from the top score group down)"))
        fail_msg("unexpected report:\n%s", txt);
    assert_null(strstr(txt, "round 1:"));
    assert_non_null(strstr(txt, "record   2 pairs, 0 byes, score differences sum 2.0"));
    assert_non_null(strstr(txt, "seatwise 2 pairs, 0 byes, score differences sum 0.0"));
    sw_strbuf_free(&rep);
    sw_swiss_trf_free(&t);
    /* Round 1 as 1 v 2, 3 v 4: every preference ties; the standard order
     * (1 v 3, 2 v 4) decides: 1 and 4 meet a player 1 rank from their
     * standard opponent, 2 and 3 one 3 ranks away, 8 in all. */
    read_ok(DATA "differs_std4.trf", &t);
    sw_strbuf_init(&rep);
    assert_int_equal(sw_swiss_check(&t, &opt, &rep, &differing, &err), SW_OK);
    assert_int_equal(differing, 1);
    txt = sw_strbuf_cstr(&rep);
    if (!strstr(txt, "round 1: the record differs from seatwise's pairing; decided by the "
                     "standard order") ||
        !strstr(txt, "distance to the standard pairing 8,") ||
        !strstr(txt, "distance to the standard pairing 0,"))
        fail_msg("unexpected report:\n%s", txt);
    sw_strbuf_free(&rep);
    sw_swiss_trf_free(&t);
}

/* Item "real records go on": a second pairing-allocated bye (player 9,
 * round 6) is refused by the strict validation, a warning naming the
 * player, round and rule in the lenient one, and the next round is paired
 * under the rules (no second bye again, no rematch, no colour break). */
static void test_irregular_record_paired_with_warning(void **state) {
    (void)state;
    sw_swiss_trf t;
    sw_error err;
    assert_int_equal(sw_swiss_trf_read(DATA "second_bye.trf", &t, &err), SW_OK);
    assert_int_equal(sw_swiss_validate(&t, &err), SW_ERR_INVALID);
    assert_int_equal(err.line, 11);
    assert_non_null(strstr(err.msg, "player 9, round 6: pairing-allocated bye after an earlier"));
    sw_strbuf w;
    sw_strbuf_init(&w);
    int nw = -1;
    assert_int_equal(sw_swiss_validate_lenient(&t, &w, &nw, &err), SW_OK);
    assert_int_equal(nw, 1);
    assert_non_null(strstr(sw_strbuf_cstr(&w), "second_bye.trf:11: warning: player 9, round 6"));
    assert_non_null(strstr(sw_strbuf_cstr(&w), "(rule 3)"));
    sw_swiss_pairing p;
    assert_int_equal(sw_swiss_pair(&t, NULL, &p, &err), SW_OK);
    assert_int_equal(p.nunpaired, 0);
    assert_int_equal(p.quality.violations, 0);
    assert_int_equal(p.quality.byes, 1);
    assert_int_not_equal(p.boards[p.nboards - 1].white, 9);
    sw_swiss_pairing_free(&p);
    sw_swiss_trf_free(&t);
    /* A rematch and a colour break: warnings, one per player concerned. */
    static const struct {
        const char *file;
        int warnings;
        const char *needle;
    } cases[] = {{"bad_rematch.trf", 4, "player 1, round 2: plays 2 again"},
                 {"bad_colour.trf", 2, "player 1, round 3: colour w"},
                 {"bad_preset_bye.trf", 1, "player 5, round 3: pairing-allocated bye"}};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        char path[512];
        snprintf(path, sizeof path, DATA "%s", cases[k].file);
        assert_int_equal(sw_swiss_trf_read(path, &t, &err), SW_OK);
        w.len = 0;
        assert_int_equal(sw_swiss_validate_lenient(&t, &w, &nw, &err), SW_OK);
        assert_int_equal(nw, cases[k].warnings);
        if (!strstr(sw_strbuf_cstr(&w), cases[k].needle))
            fail_msg("%s: warnings '%s' lack '%s'", cases[k].file, sw_strbuf_cstr(&w),
                     cases[k].needle);
        assert_int_equal(sw_swiss_pair(&t, NULL, &p, &err), SW_OK);
        assert_int_equal(p.quality.violations, 0);
        sw_swiss_pairing_free(&p);
        sw_swiss_trf_free(&t);
    }
    /* A record that cannot be read consistently is still refused. */
    assert_int_equal(sw_swiss_trf_read(DATA "bad_asym.trf", &t, &err), SW_OK);
    assert_int_equal(sw_swiss_validate_lenient(&t, &w, &nw, &err), SW_ERR_INVALID);
    sw_swiss_trf_free(&t);
    sw_strbuf_free(&w);
}

/* A colour difference beyond +-2 (accepted with a warning) may only move
 * back towards zero. */
static void test_colour_beyond_rules_only_shrinks(void **state) {
    (void)state;
    sw_swiss_pstate a = {0};
    a.coldiff = 3;
    a.last = 'w';
    a.run = 1;
    assert_false(sw_swiss_colour_ok(&a, 'w', false));
    assert_true(sw_swiss_colour_ok(&a, 'b', false));
    a.coldiff = -4;
    a.last = 'b';
    assert_true(sw_swiss_colour_ok(&a, 'w', false));
    assert_false(sw_swiss_colour_ok(&a, 'b', false));
}

/* Round trip of --trf-out: pair, append the round without results, read it
 * back (the same boards; the next pairing waits for the results), enter
 * results, pair again. */
static void test_trf_out_round_trip(void **state) {
    (void)state;
    sw_swiss_trf t, u;
    sw_error err;
    read_ok(DATA "good5.trf", &t);
    sw_swiss_pairing p;
    assert_int_equal(sw_swiss_pair(&t, NULL, &p, &err), SW_OK);
    char blank[64];
    memset(blank, ' ', sizeof blank);
    assert_int_equal(sw_swiss_trf_add_round(&t, &p, blank, &err), SW_OK);
    sw_strbuf out;
    sw_strbuf_init(&out);
    sw_swiss_trf_write(&t, &out);
    assert_int_equal(
        sw_swiss_trf_parse(sw_strbuf_cstr(&out), strlen(sw_strbuf_cstr(&out)), "x", &u, &err),
        SW_OK);
    assert_int_equal(u.nrounds, t.nrounds);
    int r = u.nrounds - 1;
    for (int k = 0; k < p.nboards; k++) {
        const sw_swiss_player *pw = &u.players[u.index_of_id[p.boards[k].white]];
        if (p.boards[k].black == 0) {
            assert_int_equal(pw->games[r].result, 'U');
            continue;
        }
        const sw_swiss_player *pb = &u.players[u.index_of_id[p.boards[k].black]];
        assert_int_equal(pw->games[r].opp, p.boards[k].black);
        assert_int_equal(pw->games[r].colour, 'w');
        assert_int_equal(pb->games[r].opp, p.boards[k].white);
        assert_int_equal(pb->games[r].colour, 'b');
        assert_int_equal(pw->games[r].result, ' ');
    }
    assert_int_equal(sw_swiss_validate(&u, &err), SW_ERR_INVALID);
    assert_non_null(strstr(err.msg, "has no result yet"));
    for (int k = 0; k < p.nboards; k++) { /* the arbiter enters 1-0 everywhere */
        if (p.boards[k].black == 0)
            continue;
        sw_swiss_player *pw = &u.players[u.index_of_id[p.boards[k].white]];
        sw_swiss_player *pb = &u.players[u.index_of_id[p.boards[k].black]];
        pw->games[r].result = '1';
        pb->games[r].result = '0';
        pw->points2 += 2;
    }
    assert_int_equal(sw_swiss_validate(&u, &err), SW_OK);
    sw_swiss_pairing q;
    assert_int_equal(sw_swiss_pair(&u, NULL, &q, &err), SW_OK);
    assert_int_equal(q.round, p.round + 1);
    assert_int_equal(q.quality.violations, 0);
    sw_swiss_pairing_free(&q);
    sw_swiss_pairing_free(&p);
    sw_swiss_trf_free(&u);
    sw_swiss_trf_free(&t);
    sw_strbuf_free(&out);
}

/* --fast pairs round 1 as the Dutch system does: top half v bottom half. */
static void test_fast_first_round_split(void **state) {
    (void)state;
    sw_swiss_trf t;
    sw_error err;
    assert_int_equal(sw_swiss_trf_init(&t, 9, NULL, 5, &err), SW_OK);
    sw_swiss_options o = {0};
    o.fast = true;
    sw_swiss_pairing p;
    assert_int_equal(sw_swiss_pair(&t, &o, &p, &err), SW_OK);
    assert_int_equal(p.nboards, 5);
    for (int k = 0; k < 4; k++) {
        int lo = p.boards[k].white < p.boards[k].black ? p.boards[k].white : p.boards[k].black;
        int hi = p.boards[k].white ^ p.boards[k].black ^ lo;
        assert_int_equal(lo, k + 1);
        assert_int_equal(hi, k + 5);
    }
    assert_int_equal(p.boards[4].white, 9);
    assert_int_equal(p.boards[4].black, 0);
    sw_swiss_pairing_free(&p);
    sw_swiss_trf_free(&t);
}

/* Is there a board between ids a and b (either colour)? */
static bool has_board(const sw_swiss_pairing *p, int a, int b) {
    for (int k = 0; k < p->nboards; k++)
        if ((p->boards[k].white == a && p->boards[k].black == b) ||
            (p->boards[k].white == b && p->boards[k].black == a))
            return true;
    return false;
}

/* Is there a board with white w and black b (b 0: w has the bye)? */
static bool has_white(const sw_swiss_pairing *p, int w, int b) {
    for (int k = 0; k < p->nboards; k++)
        if (p->boards[k].white == w && p->boards[k].black == b)
            return true;
    return false;
}

/* Floater choice (C.04.3 bracket order, MDPs by rank). Before round 4 of
 * floatchoice7.trf: 1 and 2 have 2.5 (they drew each other in round 3), 3
 * and 4 have 2.0, 5, 6 and 7 have 1.0 and have all had the bye, so only 1-4
 * may get it. By hand, bracket by bracket:
 *   2.5 {1, 2}: they met, both move down.
 *   2.0 {MDPs 1, 2; residents 3, 4}: 1 met 4 and 2 met 3, so the pairs are
 *     1-3 or 2-4. Both at once would leave the bye to one of 5-7 (C2, and
 *     completion C4): one pair, an MDP and a resident float. 1-3 and 2-4
 *     tie on every criterion (score differences here and in the next
 *     bracket, one strong colour preference missed either way, no repeated
 *     float), so the order decides: S1 is the highest MDP, 1, and it meets
 *     the first resident it can, 3. Colours: 1 and 3 both want black
 *     strongly (w b w); the higher ranked, 1, gets it: 3-1.
 *   1.0 {MDPs 2, 4; 5, 6, 7}: the bye goes to 4 (2.0; 2 has 2.5); 2 met 5,
 *     so 2-6 (2 b w b wants white strongly, 6 b - w mildly black); 5-7: both
 *     mildly white (w b), no game with different colours, 5 ranks higher:
 *     5 white.
 * Before the digits of a bracket came ahead of the next bracket's colours,
 * seatwise paired 2-4 and 5-1 (the 1.0 bracket's colours decided). */
static void test_floater_choice_higher_mdp_first(void **state) {
    (void)state;
    sw_swiss_trf t;
    sw_error err;
    read_ok(DATA "floatchoice7.trf", &t);
    sw_swiss_pairing p;
    assert_int_equal(sw_swiss_pair(&t, NULL, &p, &err), SW_OK);
    assert_int_equal(p.nboards, 4);
    assert_true(has_white(&p, 3, 1));
    assert_true(has_white(&p, 2, 6));
    assert_true(has_white(&p, 5, 7));
    assert_true(has_white(&p, 4, 0));
    assert_int_equal(p.quality.violations, 0);
    sw_swiss_pairing_free(&p);
    sw_swiss_trf_free(&t);
}

/* Bye versus floats. Before round 5 of byefloat7.trf: 1 and 2 have 3.5
 * (they drew each other), 3, 5 and 6 have 2.0, 4 and 7 have 1.5; 4-7 have
 * had the bye, so it goes to 1, 2 or 3. 2 has met 3, 5 and 6, so the 2.0
 * bracket can pair 2 with nobody. Pairing the most there (1-6, 3-5) sends
 * 2 down to the bye. The 2025 references give the bye to the eligible
 * player with the lowest score, 3, ahead of the pairs of the brackets
 * above (C.04.3 2025 PAB; every reference round with a bye agrees). Then
 * by hand: 1 met 3, so 1-5 or 1-6; after 1-6, 5 met both 4 and 7, so 1-5
 * (1 w b w b mildly white, 5 w b - w strongly black: 1 white); 6-4 (both
 * strongly white with the same sequence back to round 1: the higher
 * ranked, 6 on 2.0, gets white); 7-2 (7: absolute white after b b). */
static void test_bye_to_the_lowest_score_before_floats(void **state) {
    (void)state;
    sw_swiss_trf t;
    sw_error err;
    read_ok(DATA "byefloat7.trf", &t);
    sw_swiss_pairing p;
    assert_int_equal(sw_swiss_pair(&t, NULL, &p, &err), SW_OK);
    assert_int_equal(p.nboards, 4);
    assert_true(has_white(&p, 1, 5));
    assert_true(has_white(&p, 6, 4));
    assert_true(has_white(&p, 7, 2));
    assert_true(has_white(&p, 3, 0));
    assert_int_equal(p.quality.violations, 0);
    sw_swiss_pairing_free(&p);
    sw_swiss_trf_free(&t);
}

/* Colour tie (C.04.3 5.2): equal preferences alternate to the most recent
 * game in which the two had different colours, each sequence counted back
 * from its own last game; only without one does the higher ranked player
 * get his preference. A (higher ranked) played b w w b, B played w b w b:
 * both mildly want white. Back from the last game: b/b, w/w, then w/b: A
 * had white there, so A gets black now. With B's sequence b w w b (no
 * difference) A gets his preference, white. */
static void test_colour_tie_alternates_to_last_difference(void **state) {
    (void)state;
    int opp_a[4] = {11, 12, 13, 14}, opp_b[4] = {21, 22, 23, 24};
    char col_a[4] = {'b', 'w', 'w', 'b'}, col_b[4] = {'w', 'b', 'w', 'b'};
    sw_swiss_pstate a = {0}, b = {0};
    a.nopp = b.nopp = 4;
    a.opps = opp_a, b.opps = opp_b;
    a.cols = col_a, b.cols = col_b;
    a.last = b.last = 'b';
    a.run = b.run = 1;
    int st;
    assert_int_equal(sw_swiss_pref(&a, &st), 'w');
    assert_int_equal(st, 1);
    assert_int_equal(sw_swiss_pref(&b, &st), 'w');
    assert_int_equal(st, 1);
    assert_int_equal(sw_swiss_choose_colour(&a, &b, 1, 2, 1, 'w', false), 'b');
    char col_b2[4] = {'b', 'w', 'w', 'b'};
    b.cols = col_b2;
    assert_int_equal(sw_swiss_choose_colour(&a, &b, 1, 2, 1, 'w', false), 'w');
}

/* The published board order (C.04.2): the higher player's score, then the
 * lower player's, then the higher player's pairing number. Before round 2
 * of boardorder5.trf (made by bbpPairings' generator): 1, 2 and 5 have
 * 1.0, 3 and 4 nothing; the pairing is 2-5, 1-4 and the bye to 3. Board 1
 * is 2-5 (1.0 and 1.0) although 1 ranks above 2: 1-4 sums only 1.0. */
static void test_board_order_published(void **state) {
    (void)state;
    sw_swiss_trf t;
    sw_error err;
    read_ok(DATA "boardorder5.trf", &t);
    sw_swiss_pairing p;
    assert_int_equal(sw_swiss_pair(&t, NULL, &p, &err), SW_OK);
    assert_int_equal(p.nboards, 3);
    assert_int_equal(p.boards[0].white, 2);
    assert_int_equal(p.boards[0].black, 5);
    assert_int_equal(p.boards[1].white, 1);
    assert_int_equal(p.boards[1].black, 4);
    assert_int_equal(p.boards[2].white, 3);
    assert_int_equal(p.boards[2].black, 0);
    sw_swiss_pairing_free(&p);
    sw_swiss_trf_free(&t);
}

/* The last colour rule's pairing number leaves out a player absent from
 * the round who never took part in a pairing (as bbpPairings numbers
 * them). effpn3.trf, round 2: 1 had a half-point bye and is absent again,
 * so 2 and 3 (no games) are numbers 1 and 2: 2, the higher ranked, odd,
 * gets the initial colour (white). By his own number, 2, he would get
 * black. */
static void test_colour_number_skips_absent_newcomers(void **state) {
    (void)state;
    sw_swiss_trf t;
    sw_error err;
    read_ok(DATA "effpn3.trf", &t);
    sw_swiss_pairing p;
    assert_int_equal(sw_swiss_pair(&t, NULL, &p, &err), SW_OK);
    assert_int_equal(p.nboards, 1);
    assert_true(has_white(&p, 2, 3));
    sw_swiss_pairing_free(&p);
    sw_swiss_trf_free(&t);
}

/* Without XXC the initial colour is read from the record. noxxc6.trf's
 * round 1: 2 and 4 had half-point byes, so the players who took part are
 * 1, 3, 5, 6, numbered 1 to 4; 1 (odd) had black, so the initial colour
 * was black. Round 2 as bbpPairings pairs it: 5-3, 2-4 (neither has a
 * colour: 2, the higher ranked with number 2, even, gets the other colour
 * than black), 1-6. */
static void test_initial_colour_read_from_the_record(void **state) {
    (void)state;
    sw_swiss_trf t;
    sw_error err;
    read_ok(DATA "noxxc6.trf", &t);
    assert_false(t.initial_given);
    assert_int_equal(t.initial_colour, 'b');
    sw_swiss_pairing p;
    assert_int_equal(sw_swiss_pair(&t, NULL, &p, &err), SW_OK);
    assert_int_equal(p.nboards, 3);
    assert_true(has_white(&p, 5, 3));
    assert_true(has_white(&p, 2, 4));
    assert_true(has_white(&p, 1, 6));
    sw_swiss_pairing_free(&p);
    sw_swiss_trf_free(&t);
    /* a first round of forfeits still shows it: 2 (white) beat 1 by forfeit */
    const char *text = "001    1      A                                 2407                       "
                       "      0.0    2     2 b -\n"
                       "001    2      B                                 2110                       "
                       "      1.0    1     1 w +\n";
    assert_int_equal(sw_swiss_trf_parse(text, strlen(text), "forfeits.trf", &t, &err), SW_OK);
    assert_int_equal(t.initial_colour, 'b');
    sw_swiss_trf_free(&t);
}

/* Lines ended by a CR alone (bbpPairings' generator writes them) read like
 * LF ones. */
static void test_trf_cr_only_line_ends(void **state) {
    (void)state;
    const char *text = "012 cr\rXXR 3\r"
                       "001    1      A                                 2407                       "
                       "      1.0    1     2 w 1\r"
                       "001    2      B                                 2110                       "
                       "      0.0    2     1 b 0\r";
    sw_swiss_trf t;
    sw_error err;
    assert_int_equal(sw_swiss_trf_parse(text, strlen(text), "cr.trf", &t, &err), SW_OK);
    assert_int_equal(t.nplayers, 2);
    assert_int_equal(t.nrounds, 1);
    assert_int_equal(t.total_rounds, 3);
    assert_int_equal(sw_swiss_validate(&t, &err), SW_OK);
    sw_swiss_trf_free(&t);
}

/* A round not played floats its player down only when it scored more than
 * a loss (C.04.3 1.4.3). floatloss25.trf (bbpPairings' generator, W3 D2
 * L1, a forfeit loss 1) before round 10: 13 lost round 9 by forfeit, 1
 * point, a loss's worth: no downfloat, so 13 may take the bye (as
 * bbpPairings pairs it); counted as a downfloat, the bye went to 8. */
static void test_unplayed_loss_is_no_float(void **state) {
    (void)state;
    sw_swiss_trf t;
    sw_error err;
    read_ok(DATA "floatloss25.trf", &t);
    sw_swiss_pairing p;
    assert_int_equal(sw_swiss_pair(&t, NULL, &p, &err), SW_OK);
    assert_true(has_white(&p, 13, 0));
    sw_swiss_pairing_free(&p);
    sw_swiss_trf_free(&t);
}

/* TRF-2026 header lines, as bbpPairings reads and writes them: 142 total
 * rounds, 152 initial colour, 162 point system, 192 pairing system (the
 * Baku method applied on reading), 250 acceleration ranges. */
static void test_trf_2026_headers(void **state) {
    (void)state;
    const char *text = "012 t26\n142 5\n152 B\n162  W 3.0    D 1.0    P 2.0\n"
                       "250       1.0   1   2    1    2\n250       0.5   2   3    2    3\n"
                       "001    1      A                                 2407                       "
                       "      0.0    1\n"
                       "001    2      B                                 2110                       "
                       "      0.0    2\n"
                       "001    3      C                                 2000                       "
                       "      0.0    3\n"
                       "001    4      D                                 1900                       "
                       "      0.0    4\n";
    sw_swiss_trf t;
    sw_error err;
    assert_int_equal(sw_swiss_trf_parse(text, strlen(text), "t26.trf", &t, &err), SW_OK);
    assert_int_equal(t.total_rounds, 5);
    assert_true(t.initial_given);
    assert_int_equal(t.initial_colour, 'b');
    assert_true(t.points_custom);
    assert_int_equal(t.pts2[SW_PTS_WW], 6);
    assert_int_equal(t.pts2[SW_PTS_FW], 6);
    assert_int_equal(t.pts2[SW_PTS_WD], 2);
    assert_int_equal(t.pts2[SW_PTS_HPB], 2);
    assert_int_equal(t.pts2[SW_PTS_PAB], 4); /* P, though W came first */
    assert_int_equal(t.pts2[SW_PTS_WL], 0);
    /* 250: player 1 rounds 1-2 1.0; player 2 rounds 1 1.0, 2-3 0.5 (the later line) */
    assert_int_equal(sw_swiss_accel2(&t.players[0], 0), 2);
    assert_int_equal(sw_swiss_accel2(&t.players[0], 1), 2);
    assert_int_equal(sw_swiss_accel2(&t.players[0], 2), 0);
    assert_int_equal(sw_swiss_accel2(&t.players[1], 0), 2);
    assert_int_equal(sw_swiss_accel2(&t.players[1], 1), 1);
    assert_int_equal(sw_swiss_accel2(&t.players[2], 2), 1);
    assert_int_equal(sw_swiss_accel2(&t.players[3], 0), 0);
    sw_swiss_trf_free(&t);
    /* 192: the Baku method from the line (XXR 4: GA = 2 ceil(4/4) = 2) */
    const char *baku = "192 FIDE_DUTCH_2025_BAKU\nXXR 4\n"
                       "001    1      A                                 2407                       "
                       "      0.0    1\n"
                       "001    2      B                                 2110                       "
                       "      0.0    2\n"
                       "001    3      C                                 2000                       "
                       "      0.0    3\n"
                       "001    4      D                                 1900                       "
                       "      0.0    4\n";
    assert_int_equal(sw_swiss_trf_parse(baku, strlen(baku), "b.trf", &t, &err), SW_OK);
    assert_true(t.baku_named);
    assert_int_equal(sw_swiss_accel2(&t.players[1], 0), 2);
    assert_int_equal(sw_swiss_accel2(&t.players[2], 0), 0);
    sw_swiss_trf_free(&t);
    const char *other = "192 FIDE_LIM\n"
                        "001    1      A                                 2407                      "
                        "       0.0    1\n";
    assert_int_equal(sw_swiss_trf_parse(other, strlen(other), "o.trf", &t, &err), SW_ERR_INVALID);
    assert_int_equal(err.line, 1);
    const char *bad = "162  W 3.0    Q 1.0\n"
                      "001    1      A                                 2407                        "
                      "     0.0    1\n";
    assert_int_equal(sw_swiss_trf_parse(bad, strlen(bad), "q.trf", &t, &err), SW_ERR_PARSE);
    assert_int_equal(err.line, 1);
}

/* A 250-accelerated first round paired as bbpPairings pairs it
 * (acc250_54.trf: 1-28 have 1.0 in round 1): the accelerated group pairs
 * within itself, 1-15, 16-2, ..., and 29-42 below. */
static void test_acceleration_250_pairs(void **state) {
    (void)state;
    sw_swiss_trf t;
    sw_error err;
    read_ok(DATA "acc250_54.trf", &t);
    sw_swiss_pairing p;
    assert_int_equal(sw_swiss_pair(&t, NULL, &p, &err), SW_OK);
    assert_int_equal(p.nboards, 27);
    assert_int_equal(p.boards[0].white, 1);
    assert_int_equal(p.boards[0].black, 15);
    assert_int_equal(p.boards[1].white, 16);
    assert_int_equal(p.boards[1].black, 2);
    assert_int_equal(p.boards[14].white, 29);
    assert_int_equal(p.boards[14].black, 42);
    sw_swiss_pairing_free(&p);
    sw_swiss_trf_free(&t);
}

/* Moved-down players of equal score compete for a bracket's last place: the
 * set whose BSNs come first is paired (the exchanges between S1 and limbo
 * come before the transpositions). mdplimbo28.trf (bbpPairings' generator,
 * XXA in round 11), by hand: with acceleration 1 has 10, 2 and 4 have 9, 6
 * 7.5, and 5, 19, 21 have 7. 1, 2, 4 and 6 have all met each other, so
 * all four move down to 7; there 5 met all four, so only 19 and 21 take
 * moved-down players: two of them. The score differences leave 1 and one of 2, 4; S1 = {1, 2}
 * (limbo {4, 6}) pairs, so 1-21 and 19-2 (colours: 21 and 2 want black),
 * and 4 moves on to 15. Pairing {1, 4} instead (1-19, 4-21, 15-2) is as
 * good on every criterion but comes later in the order. */
static void test_mdp_limbo_order(void **state) {
    (void)state;
    sw_swiss_trf t;
    sw_error err;
    read_ok(DATA "mdplimbo28.trf", &t);
    sw_swiss_pairing p;
    assert_int_equal(sw_swiss_pair(&t, NULL, &p, &err), SW_OK);
    assert_true(has_white(&p, 1, 21));
    assert_true(has_white(&p, 19, 2));
    assert_true(has_white(&p, 15, 4));
    assert_false(has_board(&p, 1, 19));
    sw_swiss_pairing_free(&p);
    sw_swiss_trf_free(&t);
}

/* XXA: players 1 and 2 start with one extra point. By hand, round 1: the
 * pairing scores make two score groups, {1, 2} on 1.0 and {3, 4} on 0.0;
 * each bracket is homogeneous with S1 = its first player, so 1 v 2 and 3 v
 * 4. Without the lines all four are one group, S1 = {1, 2}, S2 = {3, 4}:
 * 1 v 3 and 2 v 4 (asserted below by dropping the accelerations). */
static void test_acceleration_xxa_decides(void **state) {
    (void)state;
    sw_swiss_trf t;
    sw_error err;
    read_ok(DATA "xxa4.trf", &t);
    assert_true(t.accelerated);
    assert_int_equal(t.players[0].naccel, 2);
    assert_int_equal(sw_swiss_accel2(&t.players[0], 0), 2);
    assert_int_equal(sw_swiss_accel2(&t.players[0], 5), 0);
    assert_int_equal(sw_swiss_accel2(&t.players[2], 0), 0);
    sw_swiss_state st;
    assert_int_equal(sw_swiss_state_build(&t, 1, &st, &err), SW_OK);
    assert_int_equal(st.p[0].score2, 2);
    assert_int_equal(st.p[3].score2, 0);
    sw_swiss_state_free(&st);
    sw_swiss_pairing p;
    assert_int_equal(sw_swiss_pair(&t, NULL, &p, &err), SW_OK);
    assert_true(has_board(&p, 1, 2));
    assert_true(has_board(&p, 3, 4));
    sw_swiss_pairing_free(&p);
    {
        sw_swiss_trf plain;
        read_ok(DATA "xxa4.trf", &plain);
        for (int i = 0; i < plain.nplayers; i++)
            plain.players[i].naccel = 0;
        plain.accelerated = false;
        assert_int_equal(sw_swiss_pair(&plain, NULL, &p, &err), SW_OK);
        assert_true(has_board(&p, 1, 3));
        assert_true(has_board(&p, 2, 4));
        sw_swiss_pairing_free(&p);
        sw_swiss_trf_free(&plain);
    }
    /* The acceleration lines are kept when the record is written. */
    sw_strbuf out;
    sw_strbuf_init(&out);
    sw_swiss_trf_write(&t, &out);
    assert_non_null(strstr(sw_strbuf_cstr(&out), "XXA    1  1.0  1.0"));
    sw_strbuf_free(&out);
    /* Baku on top of XXA lines is refused. */
    assert_int_equal(sw_swiss_trf_baku(&t, &err), SW_ERR_INVALID);
    assert_non_null(strstr(err.msg, "XXA lines already"));
    sw_swiss_trf_free(&t);
    static const char *bad = "XXA    1  1.x\n001    1      A\n";
    assert_int_equal(sw_swiss_trf_parse(bad, strlen(bad), "bad.trf", &t, &err), SW_ERR_PARSE);
    assert_int_equal(err.line, 1);
    assert_non_null(strstr(err.msg, "XXA: player 1, round 1: ' 1.x' in columns 10-13"));
    static const char *orphan =
        "XXA    7  1.0\n"
        "001    1      A                                                                  0.0\n";
    assert_int_equal(sw_swiss_trf_parse(orphan, strlen(orphan), "o.trf", &t, &err), SW_ERR_INVALID);
    assert_non_null(strstr(err.msg, "XXA names player 7"));
}

/* Baku (C.04.5.1), 8 players, 5 rounds: GA = 2*ceil(8/4) = players 1-4;
 * accelerated rounds ceil(5/2) = 3, one point in the first ceil(3/2) = 2,
 * half a point in the third. Round 1 then pairs inside GA and inside GB:
 * two homogeneous brackets of four, S1 = {1, 2} v S2 = {3, 4} and {5, 6} v
 * {7, 8}: 1-3, 2-4, 5-7, 6-8. Without --baku the eight are one group,
 * {1-4} v {5-8}: 1-5, 2-6, 3-7, 4-8 (asserted first). */
static void test_acceleration_baku(void **state) {
    (void)state;
    sw_swiss_trf t;
    sw_error err;
    read_ok(DATA "baku8.trf", &t);
    sw_swiss_pairing p;
    assert_int_equal(sw_swiss_pair(&t, NULL, &p, &err), SW_OK);
    for (int k = 1; k <= 4; k++)
        assert_true(has_board(&p, k, k + 4));
    sw_swiss_pairing_free(&p);
    assert_int_equal(sw_swiss_trf_baku(&t, &err), SW_OK);
    for (int i = 0; i < 8; i++) {
        const sw_swiss_player *pl = &t.players[t.index_of_id[i + 1]];
        assert_int_equal(sw_swiss_accel2(pl, 0), i < 4 ? 2 : 0);
        assert_int_equal(sw_swiss_accel2(pl, 1), i < 4 ? 2 : 0);
        assert_int_equal(sw_swiss_accel2(pl, 2), i < 4 ? 1 : 0);
        assert_int_equal(sw_swiss_accel2(pl, 3), 0);
    }
    assert_int_equal(sw_swiss_pair(&t, NULL, &p, &err), SW_OK);
    assert_true(has_board(&p, 1, 3));
    assert_true(has_board(&p, 2, 4));
    assert_true(has_board(&p, 5, 7));
    assert_true(has_board(&p, 6, 8));
    sw_swiss_pairing_free(&p);
    t.total_rounds = 0;
    assert_int_equal(sw_swiss_trf_baku(&t, &err), SW_ERR_INVALID);
    assert_non_null(strstr(err.msg, "XXR"));
    sw_swiss_trf_free(&t);
}

/* XXS 3-1-0: points, stated sums and pairing scores follow the system. */
static void test_point_system_xxs(void **state) {
    (void)state;
    sw_swiss_trf t;
    sw_error err;
    read_ok(DATA "xxs4.trf", &t);
    assert_true(t.points_custom);
    assert_int_equal(t.pts2[SW_PTS_WW], 6);
    assert_int_equal(t.pts2[SW_PTS_BD], 2);
    assert_int_equal(t.pts2[SW_PTS_PAB], 2); /* not set: the standard */
    sw_swiss_state st;
    assert_int_equal(sw_swiss_state_build(&t, 3, &st, &err), SW_OK);
    static const int want[4] = {8, 4, 6, 2}; /* W+D, D+D, L+W, D+L in half points */
    for (int i = 0; i < 4; i++)
        assert_int_equal(st.p[i].score2, want[i]);
    sw_swiss_state_free(&st);
    /* Under 3-1-0, player 3 (L+W, 3 points) ranks above player 2 (D+D, 2). */
    sw_swiss_pairing p;
    assert_int_equal(sw_swiss_pair(&t, NULL, &p, &err), SW_OK);
    assert_int_equal(p.quality.violations, 0);
    assert_true(has_board(&p, 1, 4));
    sw_swiss_pairing_free(&p);
    t.players[0].points2 = 3; /* 1.5, the standard sum: not this record's */
    assert_int_equal(sw_swiss_validate(&t, &err), SW_ERR_INVALID);
    assert_non_null(strstr(err.msg, "player 1: stated points 1.5, the results sum to 4.0"));
    sw_swiss_trf_free(&t);
    static const char *bad = "XXS W=3 Q=1\n001    1      A\n";
    assert_int_equal(sw_swiss_trf_parse(bad, strlen(bad), "bad.trf", &t, &err), SW_ERR_PARSE);
    assert_non_null(strstr(err.msg, "XXS: 'Q=1' in column 9"));
}

/* ---- results entry (swiss result) ---- */

/* Round `round` of every reference record, re-paired by seatwise and
 * appended without results: the boards read back from the record
 * (sw_swiss_round_boards) are the pairing list's, board for board, colours
 * and the bye included, so a board number means what the list printed. */
static void test_results_boards_numbered_as_the_list(void **state) {
    (void)state;
    DIR *d = opendir(SW_DATA_DIR "/dutch");
    if (!d)
        fail_msg("reference tournaments missing: %s", SW_DATA_DIR "/dutch");
    struct dirent *e;
    int files = 0, boards = 0;
    while ((e = readdir(d)) && files < 60) {
        if (strncmp(e->d_name, "gen", 3) || !strstr(e->d_name, ".trf"))
            continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/dutch/%s", SW_DATA_DIR, e->d_name);
        sw_swiss_trf t;
        sw_error err;
        sw_strbuf warn;
        int nwarn = 0;
        sw_strbuf_init(&warn);
        if (sw_swiss_trf_read(path, &t, &err) || sw_swiss_validate_lenient(&t, &warn, &nwarn, &err))
            fail_msg("%s:%d: %s", err.file, err.line, err.msg);
        sw_strbuf_free(&warn);
        sw_swiss_options opt = {0};
        sw_swiss_pairing p;
        assert_int_equal(sw_swiss_pair(&t, &opt, &p, &err), SW_OK);
        char *blank = malloc((size_t)p.nboards + 1);
        memset(blank, ' ', (size_t)p.nboards);
        assert_int_equal(sw_swiss_trf_add_round(&t, &p, blank, &err), SW_OK);
        sw_swiss_board *b;
        int nb;
        assert_int_equal(sw_swiss_round_boards(&t, t.nrounds, &b, &nb, &err), SW_OK);
        if (nb != p.nboards)
            fail_msg("%s: %d boards read back, %d paired", path, nb, p.nboards);
        for (int k = 0; k < nb; k++)
            if (b[k].white != p.boards[k].white || b[k].black != p.boards[k].black)
                fail_msg("%s: board %d read back as %d-%d, paired %d-%d", path, k + 1, b[k].white,
                         b[k].black, p.boards[k].white, p.boards[k].black);
        boards += nb;
        free(b);
        free(blank);
        sw_swiss_pairing_free(&p);
        sw_swiss_trf_free(&t);
        files++;
    }
    closedir(d);
    assert_int_equal(files, 60);
    assert_true(boards > 600);
}

/* Text of a record. */
static char *trf_text(const sw_swiss_trf *t) {
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    sw_swiss_trf_write(t, &sb);
    assert_false(sb.failed);
    return sb.data;
}

/* pair -> record without results -> results entered -> pair the next round:
 * the record equals the one the library writes with the same results given
 * at once, it reads back to the same bytes, it validates, and the next
 * round is paired the same from both. */
static void test_results_round_trip(void **state) {
    (void)state;
    sw_swiss_options opt = {0};
    sw_swiss_trf direct, entered, back;
    sw_error err;
    assert_int_equal(sw_swiss_generate(11, 3, 5, &opt, &direct, &err), SW_OK);
    sw_swiss_pairing p;
    assert_int_equal(sw_swiss_pair(&direct, &opt, &p, &err), SW_OK);
    assert_int_equal(p.nboards, 6); /* 5 boards and the bye, last */
    assert_int_equal(p.boards[5].black, 0);
    char *start = trf_text(&direct);
    assert_int_equal(sw_swiss_trf_parse(start, strlen(start), "t.trf", &entered, &err), SW_OK);
    assert_int_equal(sw_swiss_trf_add_round(&entered, &p, "     ", &err), SW_OK);
    assert_int_equal(sw_swiss_trf_add_round(&direct, &p, "1=+-0", &err), SW_OK);
    /* the same results as words, in another order, two on one line */
    static const char results[] = "# round 4\n5 0-1\n1 1-0 2 ½-½\n3 +/-\n4 -/+   # forfeit\n";
    sw_swiss_result *res;
    int nres, missing = -1;
    assert_int_equal(sw_swiss_results_parse(results, strlen(results), "r.txt", &res, &nres, &err),
                     SW_OK);
    assert_int_equal(nres, 5);
    assert_int_equal(res[2].line, 3);
    assert_int_equal(sw_swiss_results_apply(&entered, 4, res, nres, "r.txt", &missing, &err),
                     SW_OK);
    assert_int_equal(missing, 0);
    free(res);
    char *a = trf_text(&direct), *b = trf_text(&entered);
    assert_string_equal(a, b);
    /* points recomputed: board 1's white won */
    const sw_swiss_player *w1 = &entered.players[entered.index_of_id[p.boards[0].white]];
    int sum = 0;
    for (int r = 0; r < 4; r++)
        sum += sw_swiss_result_points2(w1->games[r].result);
    assert_int_equal(w1->points2, sum);
    assert_int_equal(w1->games[3].result, '1');
    /* byte-stable: read back, written again, the same bytes */
    assert_int_equal(sw_swiss_trf_parse(b, strlen(b), "t.trf", &back, &err), SW_OK);
    char *c = trf_text(&back);
    assert_string_equal(b, c);
    assert_int_equal(sw_swiss_validate(&back, &err), SW_OK);
    sw_swiss_pairing p1, p2;
    assert_int_equal(sw_swiss_pair(&direct, &opt, &p1, &err), SW_OK);
    assert_int_equal(sw_swiss_pair(&back, &opt, &p2, &err), SW_OK);
    assert_int_equal(p1.round, 5);
    assert_int_equal(p1.nboards, p2.nboards);
    assert_memory_equal(p1.boards, p2.boards, sizeof *p1.boards * (size_t)p1.nboards);
    /* a partial entry counts the boards still open */
    sw_swiss_trf part;
    assert_int_equal(sw_swiss_trf_parse(start, strlen(start), "t.trf", &part, &err), SW_OK);
    assert_int_equal(sw_swiss_trf_add_round(&part, &p, "     ", &err), SW_OK);
    assert_int_equal(sw_swiss_results_parse("2 =", 3, "x", &res, &nres, &err), SW_OK);
    assert_int_equal(sw_swiss_results_apply(&part, 4, res, nres, "x", &missing, &err), SW_OK);
    assert_int_equal(missing, 4);
    free(res);
    free(start);
    free(a);
    free(b);
    free(c);
    sw_swiss_pairing_free(&p);
    sw_swiss_pairing_free(&p1);
    sw_swiss_pairing_free(&p2);
    sw_swiss_trf_free(&direct);
    sw_swiss_trf_free(&entered);
    sw_swiss_trf_free(&back);
    sw_swiss_trf_free(&part);
}

/* Each bad entry is refused with the results file's line and nothing in
 * the record changes. */
static void test_results_errors(void **state) {
    (void)state;
    static const struct {
        const char *text;
        int line;
        const char *msg;
    } bad[] = {
        {"1 1-0\n9 0-1\n", 2, "board 9: round 3 has 5 boards"},
        {"1 1-0\n\n5 =\n", 3, "board 5 is the bye of player"},
        {"1 1-0\n2 =\n1 0-1\n", 3, "board 1 given twice (first on line 1)"},
        {"player 3 H\n", 1, "player 3 plays on board"},
        {"player 99 H\n", 1, "player 99 is not in the record"},
        {"2 1-2\n", 1, "board 2: result '1-2' in column 3, expected 1-0"},
        {"1 1-0\n2\n", 2, "board '2' has no result after it"},
        {"x 1-0\n", 1, "'x' in column 1, expected a board number"},
        {"player 3 Q\n", 1, "player 3: 'Q' in column 10, expected a bye code"},
    };
    sw_swiss_options opt = {0};
    sw_swiss_trf t;
    sw_error err;
    assert_int_equal(sw_swiss_generate(9, 2, 3, &opt, &t, &err), SW_OK);
    sw_swiss_pairing p;
    assert_int_equal(sw_swiss_pair(&t, &opt, &p, &err), SW_OK);
    assert_int_equal(sw_swiss_trf_add_round(&t, &p, "    ", &err), SW_OK);
    char *before = trf_text(&t);
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        sw_swiss_result *res = NULL;
        int nres = 0;
        memset(&err, 0, sizeof err);
        sw_status st =
            sw_swiss_results_parse(bad[k].text, strlen(bad[k].text), "r.txt", &res, &nres, &err);
        if (!st)
            st = sw_swiss_results_apply(&t, 3, res, nres, "r.txt", NULL, &err);
        free(res);
        if (!st || err.line != bad[k].line || strcmp(err.file, "r.txt") ||
            !strstr(err.msg, bad[k].msg))
            fail_msg("'%s': status %d, %s:%d: %s (want line %d: %s)", bad[k].text, st, err.file,
                     err.line, err.msg, bad[k].line, bad[k].msg);
        char *now = trf_text(&t);
        assert_string_equal(before, now);
        free(now);
    }
    /* a round not in the record */
    sw_swiss_result one = {1, 0, '1', '0', 1};
    assert_int_equal(sw_swiss_results_apply(&t, 4, &one, 1, "r.txt", NULL, &err), SW_ERR_INVALID);
    assert_non_null(strstr(err.msg, "round 4 is not in the record, which has 3 rounds"));
    /* the bye code of a player without a board (an absentee) is written */
    free(before);
    sw_swiss_pairing_free(&p);
    sw_swiss_trf_free(&t);
}

/* Byes entered for the round after the last (not paired yet): written as
 * the column of byes written ahead, read back as the round to be paired,
 * whose pairing leaves their players out and keeps their entries. */
static void test_results_byes_ahead(void **state) {
    (void)state;
    sw_swiss_options opt = {0};
    sw_swiss_trf t, back;
    sw_error err;
    assert_int_equal(sw_swiss_generate(9, 3, 3, &opt, &t, &err), SW_OK);
    assert_int_equal(t.nrounds, 3);
    sw_swiss_result ahead[2] = {{0, 2, 'H', 0, 1}, {0, 7, 'Z', 0, 2}};
    int missing = -1;
    assert_int_equal(sw_swiss_results_apply(&t, 4, ahead, 2, "r.txt", &missing, &err), SW_OK);
    assert_int_equal(missing, 0);
    assert_true(t.preset);
    assert_int_equal(t.nrounds, 3);
    char *text = trf_text(&t);
    assert_int_equal(sw_swiss_trf_parse(text, strlen(text), "t.trf", &back, &err), SW_OK);
    assert_true(back.preset);
    assert_int_equal(back.nrounds, 3);
    assert_int_equal(back.players[back.index_of_id[2]].games[3].result, 'H');
    assert_int_equal(back.players[back.index_of_id[7]].games[3].result, 'Z');
    assert_int_equal(back.players[back.index_of_id[1]].games[3].result, ' ');
    char *again = trf_text(&back);
    assert_string_equal(text, again); /* byte-stable */
    sw_swiss_pairing q;
    assert_int_equal(sw_swiss_pair(&back, &opt, &q, &err), SW_OK);
    assert_int_equal(q.nboards, 4); /* 7 players: 3 boards and the bye */
    for (int k = 0; k < q.nboards; k++)
        for (int id = 2; id <= 7; id += 5)
            assert_true(q.boards[k].white != id && q.boards[k].black != id);
    /* added, the round keeps the byes and counts the half point */
    int before2 = back.players[back.index_of_id[2]].points2;
    assert_int_equal(sw_swiss_trf_add_round(&back, &q, NULL, &err), SW_OK);
    assert_int_equal(back.players[back.index_of_id[2]].games[3].result, 'H');
    assert_int_equal(back.players[back.index_of_id[2]].points2, before2 + 1);
    /* a board, U, or byes for everyone are refused, nothing changed */
    sw_swiss_result board = {1, 0, '1', '0', 3}, u = {0, 4, 'U', 0, 4};
    assert_int_equal(sw_swiss_results_apply(&t, 4, &board, 1, "r.txt", NULL, &err), SW_ERR_INVALID);
    assert_int_equal(err.line, 3);
    assert_int_equal(sw_swiss_results_apply(&t, 4, &u, 1, "r.txt", NULL, &err), SW_ERR_INVALID);
    assert_non_null(strstr(err.msg, "U is the pairing-allocated bye"));
    sw_swiss_result all[9];
    for (int i = 0; i < 9; i++)
        all[i] = (sw_swiss_result){0, i + 1, 'H', 0, i + 1};
    assert_int_equal(sw_swiss_results_apply(&t, 4, all, 9, "r.txt", NULL, &err), SW_ERR_INVALID);
    assert_non_null(strstr(err.msg, "byes for all 9 players leave nobody to pair in round 4"));
    char *still = trf_text(&t);
    assert_string_equal(text, still);
    free(text);
    free(again);
    free(still);
    sw_swiss_pairing_free(&q);
    sw_swiss_trf_free(&t);
    sw_swiss_trf_free(&back);
}

/* A Latin-1 (Windows-1252) record is read as such and converted: names in
 * UTF-8 with their columns kept (ratings read right), the event's header
 * lines too, a note says so; --encoding utf8 refuses it with the line; the
 * converted record writes and reads back to the same bytes. */
static void test_trf_latin1(void **state) {
    (void)state;
    sw_swiss_trf t, u;
    sw_error err;
    assert_int_equal(sw_swiss_trf_read(DATA "latin1.trf", &t, &err), SW_OK);
    assert_non_null(strstr(t.encoding_note, "not UTF-8 (byte 0xF6 on line 1, column 20)"));
    assert_non_null(strstr(t.encoding_note, "cut"));
    assert_string_equal(sw_swiss_trf_header(&t, "012"), "Schachturnier K\xc3\xb6ln \xe2\x80\x93 "
                                                        "Fr\xc3\xbchjahr");
    assert_string_equal(sw_swiss_trf_header(&t, "022"), "K\xc3\xb6ln");
    assert_string_equal(sw_swiss_trf_header(&t, "052"), "2026/03/05");
    assert_null(sw_swiss_trf_header(&t, "032"));
    static const int ratings[6] = {2716, 2634, 2342, 2070, 1705, 1495};
    for (int i = 0; i < 6; i++) {
        assert_int_equal(t.players[i].rating, ratings[i]);
        assert_int_equal(sw_utf8_invalid(t.players[i].prefix, strlen(t.players[i].prefix)),
                         strlen(t.players[i].prefix));
    }
    assert_memory_equal(t.players[0].prefix + 14, "M\xc3\xbcller, J\xc3\xbcrgen   ", 19);
    /* Š and Ž are Windows-1252's 0x8A and 0x8E */
    assert_memory_equal(t.players[3].prefix + 14,
                        "\xc5\xa0imek, \xc5\xbd"
                        "ofie",
                        14);
    /* 32 characters, 37 bytes in UTF-8: cut after its 33rd byte, which ends
     * the "Ä" of "Ängla"; column 48 stays blank */
    assert_memory_equal(t.players[4].prefix + 14 + 29, "e \xc3\x84 ", 5);
    assert_int_equal(sw_swiss_validate(&t, &err), SW_OK);
    char *a = trf_text(&t);
    assert_int_equal(sw_swiss_trf_parse(a, strlen(a), "back.trf", &u, &err), SW_OK);
    assert_string_equal(u.encoding_note, "");
    char *b = trf_text(&u);
    assert_string_equal(a, b);
    sw_swiss_trf_free(&u);
    /* given: utf8 refuses, latin1 converts without a note on valid text */
    assert_int_equal(sw_swiss_trf_read_enc(DATA "latin1.trf", SW_SWISS_ENC_UTF8, &u, &err),
                     SW_ERR_PARSE);
    assert_int_equal(err.line, 1);
    assert_non_null(strstr(err.msg, "byte 0xF6 (column 20) is not UTF-8"));
    assert_int_equal(sw_swiss_trf_read_enc(DATA "good5.trf", SW_SWISS_ENC_UTF8, &u, &err), SW_OK);
    sw_swiss_trf_free(&u);
    free(a);
    free(b);
    sw_swiss_trf_free(&t);
}

/* generate refuses an event that leaves players without a pairing: 3
 * players play at most 3 rounds (each meets the two others, once the bye). */
static void test_generate_refuses_unpairable(void **state) {
    (void)state;
    sw_swiss_options opt = {0};
    sw_swiss_trf t;
    sw_error err;
    assert_int_equal(sw_swiss_generate(3, 5, 1, &opt, &t, &err), SW_ERR_INVALID);
    assert_non_null(strstr(err.msg, "3 players cannot play 5 rounds: round 4"));
    assert_int_equal(sw_swiss_generate(3, 3, 1, &opt, &t, &err), SW_OK);
    assert_int_equal(t.nrounds, 3);
    sw_swiss_trf_free(&t);
}

static void test_cli_exit_codes(void **state) {
    (void)state;
    cli_require();
    shell("%s swiss pair %s >/dev/null 2>&1", SW_BINARY, DATA "good5.trf");
    assert_int_equal(
        shell_status("%s swiss pair %s >/dev/null 2>&1", SW_BINARY, DATA "thesis4.trf"), 1);
    assert_int_equal(shell_status("%s swiss pair --strict %s >/dev/null 2>&1", SW_BINARY,
                                  DATA "bad_rematch.trf"),
                     3);
    /* Without --strict the rematch is a warning and the next round is paired. */
    shell("%s swiss pair %s 2>&1 | grep -q 'warning: player 1, round 2: plays 2'", SW_BINARY,
          DATA "bad_rematch.trf");
    shell("%s swiss pair %s >/dev/null 2>&1", SW_BINARY, DATA "second_bye.trf");
    assert_int_equal(
        shell_status("%s swiss pair --strict %s >/dev/null 2>&1", SW_BINARY, DATA "second_bye.trf"),
        3);
    shell("%s swiss check %s 2>/dev/null | grep -q '^[^ ]*second_bye.trf:11: warning: player 9, "
          "round 6'",
          SW_BINARY, DATA "second_bye.trf");
    /* The engines' command line: --dutch IN -p [OUT] pairs, -c checks. */
    shell("%s swiss --dutch %s -p | head -1 | grep -qx 2", SW_BINARY, DATA "good5.trf");
    shell("%s swiss --dutch %s -c | grep -q 'identical'", SW_BINARY, DATA "good5.trf");
    assert_int_equal(
        shell_status("%s swiss --dutch %s >/dev/null 2>&1", SW_BINARY, DATA "good5.trf"), 2);
    /* --burstein, in either command line; not with --fast */
    shell("%s swiss --burstein %s -p | tr '\\n' ' ' | grep -qx '4 1 4 3 2 5 8 7 6 '", SW_BINARY,
          DATA "burstein_r1_8.trf");
    shell("%s swiss pair %s --burstein | sed -n 2p | grep -qx '1 4'", SW_BINARY,
          DATA "burstein_r1_8.trf");
    assert_int_equal(shell_status("%s swiss pair %s --burstein --fast >/dev/null 2>&1", SW_BINARY,
                                  DATA "burstein_r1_8.trf"),
                     2);
    assert_int_equal(shell_status("%s swiss pair /nonexistent.trf >/dev/null 2>&1", SW_BINARY), 5);
    char out[] = "/tmp/sw_swiss_cliXXXXXX";
    int fd = mkstemp(out);
    assert_true(fd >= 0);
    close(fd);
    shell("%s swiss generate --players 9 --rounds 3 --seed 4 -o %s && %s swiss pair %s -o %s.p",
          SW_BINARY, out, SW_BINARY, out, out);
    char pp[64];
    snprintf(pp, sizeof pp, "%s.p", out);
    FILE *f = fopen(pp, "r");
    assert_non_null(f);
    int n = 0, w, b, lines = 0, bye = 0;
    assert_int_equal(fscanf(f, "%d", &n), 1);
    while (fscanf(f, "%d %d", &w, &b) == 2) {
        lines++;
        bye += b == 0;
    }
    fclose(f);
    assert_int_equal(n, 5);
    assert_int_equal(lines, 5);
    assert_int_equal(bye, 1);
    unlink(pp);
    unlink(out);
    /* check on a record that differs, and pair with byes written ahead. */
    char *buf;
    assert_int_equal(cli_run("swiss check " DATA "differs4.trf", &buf), 0);
    if (!strstr(buf, "round 2: the record differs from seatwise's pairing; decided by preference "
                     "2") ||
        !strstr(buf, "2 rounds valid, 1 of them paired differently"))
        fail_msg("swiss check printed:\n%s", buf);
    free(buf);
    assert_int_equal(cli_run("swiss pair " DATA "preset5.trf", &buf), 0);
    assert_string_equal(buf, "2\n5 1\n3 0\n");
    free(buf);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_trf_reads_columns_and_headers),
        cmocka_unit_test(test_trf_write_parse_round_trip),
        cmocka_unit_test(test_dutch_reference_records_read_and_round_trip),
        cmocka_unit_test(test_trf_points_over_100),
        cmocka_unit_test(test_validation_is_linear),
        cmocka_unit_test(test_validation_names_line_and_player),
        cmocka_unit_test(test_pairing_matches_brute_force),
        cmocka_unit_test(test_psd_is_the_sorted_list),
        cmocka_unit_test(test_sparse_matching_equals_full_graph),
        cmocka_unit_test(test_first_round_top_half_against_bottom_half),
        cmocka_unit_test(test_byes_entered_ahead_are_absences),
        cmocka_unit_test(test_score_differences_bracket_by_bracket),
        cmocka_unit_test(test_thesis_four_players_no_third_round),
        cmocka_unit_test(test_thesis_six_players_forced_pairs),
        cmocka_unit_test(test_colours_follow_the_rules),
        cmocka_unit_test(test_fast_mode_pairs_everyone_legally),
        cmocka_unit_test(test_check_agrees_with_own_pairings),
        cmocka_unit_test(test_dutch_reference_replay),
        cmocka_unit_test(test_dutch_big_reference_replay),
        cmocka_unit_test(test_burstein_reference_replay),
        cmocka_unit_test(test_burstein_whole_graph_replay),
        cmocka_unit_test(test_burstein_first_round_by_hand),
        cmocka_unit_test(test_burstein_named_by_the_record),
        cmocka_unit_test(test_burstein_generate_names_the_system),
        cmocka_unit_test(test_pair_same_for_any_threads),
        cmocka_unit_test(test_check_reports_a_differing_round),
        cmocka_unit_test(test_irregular_record_paired_with_warning),
        cmocka_unit_test(test_colour_beyond_rules_only_shrinks),
        cmocka_unit_test(test_trf_out_round_trip),
        cmocka_unit_test(test_fast_first_round_split),
        cmocka_unit_test(test_floater_choice_higher_mdp_first),
        cmocka_unit_test(test_bye_to_the_lowest_score_before_floats),
        cmocka_unit_test(test_colour_tie_alternates_to_last_difference),
        cmocka_unit_test(test_board_order_published),
        cmocka_unit_test(test_colour_number_skips_absent_newcomers),
        cmocka_unit_test(test_initial_colour_read_from_the_record),
        cmocka_unit_test(test_trf_cr_only_line_ends),
        cmocka_unit_test(test_unplayed_loss_is_no_float),
        cmocka_unit_test(test_trf_2026_headers),
        cmocka_unit_test(test_acceleration_250_pairs),
        cmocka_unit_test(test_mdp_limbo_order),
        cmocka_unit_test(test_acceleration_xxa_decides),
        cmocka_unit_test(test_acceleration_baku),
        cmocka_unit_test(test_point_system_xxs),
        cmocka_unit_test(test_results_boards_numbered_as_the_list),
        cmocka_unit_test(test_results_round_trip),
        cmocka_unit_test(test_results_errors),
        cmocka_unit_test(test_results_byes_ahead),
        cmocka_unit_test(test_trf_latin1),
        cmocka_unit_test(test_generate_refuses_unpairable),
        cmocka_unit_test(test_cli_exit_codes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
