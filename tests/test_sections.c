/* tests/test_sections.c: sessions of several sections and pinned
 * participants: the season file (reading, errors with their lines, the
 * write -> read round trip), matrices that never cross sections, and a
 * search (library and program, default method and --picolo) that never
 * moves a participant off its pin.
 * SPDX-License-Identifier: MIT */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <dirent.h>
#include <sys/stat.h>

#include <cmocka.h>

#include "support.h"

#include "matrix/matrix.h"
#include "search/method.h"
#include "search/search.h"
#include "season/season.h"
#include "util/rng.h"

typedef DIR dir_stream; /* DIR is this file's test data directory below */

#define DIR SW_TEST_DATA "/sections"
#define EX SW_SOURCE_DIR "/examples/sections"

/* Section A: 8 pairs, section B: 10 pairs; 7 rounds, 7 tables each (some
 * empty in each round). */
#define HEAD "pairs club.pairs\n"
#define SECTIONS "session\nsection A 8p7rTeamS.asc\nsection B 10p7rTeamS.asc\n"

static sw_status parse(const char *text, sw_season *s, sw_error *err) {
    sw_error_clear(err);
    return sw_season_parse(text, strlen(text), "x.season", DIR, sw_matrix_played_history, s, err);
}

/* Every present participant sits where its pins allow. */
static void assert_pins_met(const sw_season *s) {
    for (int k = 0; k < s->nsessions; k++) {
        const sw_session *ss = &s->sessions[k];
        int P = s->movements[ss->movement].positions;
        for (int p = 1; p <= P; p++)
            if (ss->assign[p] && !sw_session_may_seat(ss, ss->assign[p] - 1, p))
                fail_msg("session %d: participant %d at position %d breaks its pin", k + 1,
                         s->part[ss->assign[p] - 1].id, p);
        for (int i = 0; ss->fixed && i < s->n; i++)
            if (ss->fixed[i])
                assert_int_equal(ss->assign[ss->fixed[i]], i + 1);
    }
}

static void test_sections_read(void **state) {
    (void)state;
    /* regression (fuzzing): a movement file first named after a union
     * (which has no file) was compared with the union's NULL name */
    const char *text =
        HEAD SECTIONS "absent 19 20\n" SECTIONS "absent 1 2\n"
                      "session 8p6r.asc\nabsent 9 10 11 12 13 14 15 16 17 18 19 20\n";
    sw_season s;
    sw_error err;
    assert_int_equal(parse(text, &s, &err), SW_OK);
    assert_int_equal(s.nsessions, 3);
    assert_int_equal(s.nmovements, 4); /* A, B, their union (shared), 8p6r */
    const sw_session *ss = &s.sessions[0];
    const sw_movement *m = &s.movements[ss->movement];
    assert_int_equal(ss->nsections, 2);
    assert_null(s.movement_files[ss->movement]);
    assert_int_equal(s.sessions[1].movement, ss->movement);
    assert_int_equal(m->positions, 18);
    assert_int_equal(m->rounds, 7);
    assert_int_equal(m->tables, 7 + 7); /* both files have 7 tables a round */
    assert_int_equal(m->groups, 14);
    assert_string_equal(ss->sections[1].name, "B");
    assert_int_equal(ss->sections[1].first_position, 8);
    assert_int_equal(ss->sections[1].first_table, 7);
    assert_int_equal(ss->sections[1].first_group, 7);
    assert_int_equal(sw_season_position_section(&s, 0, 8), 0);
    assert_int_equal(sw_season_position_section(&s, 0, 9), 1);
    /* no table of the union seats positions of two sections */
    for (int r = 0; r < m->rounds; r++)
        for (int t = 0; t < m->tables; t++) {
            const sw_table *tb = sw_movement_at(m, r, t);
            if (tb->seat[0])
                assert_int_equal(sw_season_position_section(&s, 0, tb->seat[0]),
                                 sw_season_position_section(&s, 0, tb->seat[1]));
        }
    char g[16];
    sw_season_group_label(&s, 0, 8, g, sizeof g); /* section B's first group */
    assert_string_equal(g, "A");
    int j;
    assert_int_equal(sw_season_local_table(&s, 0, 7, &j), 1); /* B's table 1 */
    assert_int_equal(j, 1);
    sw_season_free(&s);
}

/* Meetings and comparisons never cross sections, whatever the seating. */
static void test_meetings_stay_in_sections(void **state) {
    (void)state;
    const char *text =
        HEAD SECTIONS "absent 19 20\n" SECTIONS "absent 1 2\n" SECTIONS "absent 5 6 7\n";
    sw_season s;
    sw_error err;
    assert_int_equal(parse(text, &s, &err), SW_OK);
    sw_matrix mx;
    assert_int_equal(sw_matrix_init(&mx, &s, &err), SW_OK);
    sw_rng rng;
    sw_rng_seed(&rng, 7, 1);
    for (int trial = 0; trial < 20; trial++) {
        sw_search_randomize(&mx, &rng);
        /* expected: the sum over sessions of same-section counts */
        for (int i = 0; i < s.n; i++)
            for (int j = i + 1; j < s.n; j++) {
                bool together = false;
                for (int k = 0; k < s.nsessions; k++) {
                    int a = mx.pos[k][i], b = mx.pos[k][j];
                    together |= a && b &&
                                sw_season_position_section(&s, k, a) ==
                                    sw_season_position_section(&s, k, b);
                }
                if (!together) {
                    assert_int_equal(sw_matrix_meet(&mx, i, j), 0);
                    assert_true(sw_matrix_comp(&mx, i, j) == 0);
                }
            }
    }
    sw_matrix_free(&mx);
    sw_season_free(&s);
}

static const char *const pinned_text =
    HEAD "pin 1 section A\n"
         "pin 2 section A\n"
         "pin 3 section A position 3\n"
         "pin 11 section B\n"
         "pin 12 section A B\n" SECTIONS "absent 19 20\n" SECTIONS "absent 1 4\n"
         "pin 5 section B position 3\n"
         "pin 2 section B\n" SECTIONS "absent 17 18\n";

static void test_pins_read_and_identity(void **state) {
    (void)state;
    sw_season s;
    sw_error err;
    assert_int_equal(parse(pinned_text, &s, &err), SW_OK);
    assert_int_equal(s.npins, 7);
    assert_int_equal(s.pins[0].session, -1);
    assert_int_equal(s.pins[5].session, 1);
    assert_int_equal(s.sessions[0].fixed[2], 3);
    assert_int_equal(s.sessions[1].fixed[4], 8 + 3);
    /* the session pin replaces the season pin of participant 2 */
    assert_int_equal(s.sessions[1].allowed[1], 2u);
    assert_int_equal(s.sessions[0].allowed[1], 1u);
    assert_int_equal(s.sessions[0].allowed[11], 3u);
    assert_pins_met(&s); /* the identity seating meets them */
    assert_int_equal(sw_season_validate(&s, NULL, &err), SW_OK);
    /* the report lists the session pin that replaces participant 2's */
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    sw_season_pin_overrides(&s, &sb);
    assert_string_equal(sw_strbuf_cstr(&sb),
                        "  session 2: participant 2's pin (section B, line 16) replaces their "
                        "season pin (section A, line 3)\n");
    sw_strbuf_free(&sb);
    sw_season_free(&s);
}

static void test_round_trip(void **state) {
    (void)state;
    sw_season s, t;
    sw_error err;
    assert_int_equal(parse(pinned_text, &s, &err), SW_OK);
    sw_strbuf a, b;
    sw_strbuf_init(&a);
    sw_strbuf_init(&b);
    sw_season_write(&s, &a);
    assert_int_equal(parse(sw_strbuf_cstr(&a), &t, &err), SW_OK);
    sw_season_write(&t, &b);
    assert_string_equal(sw_strbuf_cstr(&a), sw_strbuf_cstr(&b));
    assert_int_equal(t.nsessions, s.nsessions);
    assert_int_equal(t.npins, s.npins);
    for (int k = 0; k < s.nsessions; k++) {
        const sw_session *x = &s.sessions[k], *y = &t.sessions[k];
        int P = s.movements[x->movement].positions;
        assert_int_equal(x->nsections, y->nsections);
        assert_true(sw_movement_equal(&s.movements[x->movement], &t.movements[y->movement]));
        assert_memory_equal(x->assign, y->assign, sizeof(int) * (size_t)(P + 1));
        assert_memory_equal(x->fixed, y->fixed, sizeof(int) * (size_t)s.n);
        assert_memory_equal(x->allowed, y->allowed, sizeof(uint32_t) * (size_t)s.n);
    }
    /* and a copy is the same season */
    sw_season c;
    assert_int_equal(sw_season_copy(&c, &s, &err), SW_OK);
    sw_strbuf_free(&b);
    sw_strbuf_init(&b);
    sw_season_write(&c, &b);
    assert_string_equal(sw_strbuf_cstr(&a), sw_strbuf_cstr(&b));
    sw_season_free(&c);
    sw_strbuf_free(&a);
    sw_strbuf_free(&b);
    sw_season_free(&s);
    sw_season_free(&t);
}

static void test_random_seatings_meet_pins(void **state) {
    (void)state;
    sw_season s;
    sw_error err;
    assert_int_equal(parse(pinned_text, &s, &err), SW_OK);
    sw_matrix mx;
    assert_int_equal(sw_matrix_init(&mx, &s, &err), SW_OK);
    sw_rng rng;
    sw_rng_seed(&rng, 11, 3);
    for (int trial = 0; trial < 50; trial++) {
        sw_search_randomize(&mx, &rng);
        sw_matrix_store(&mx, &s);
        assert_pins_met(&s);
        assert_int_equal(sw_season_validate(&s, NULL, &err), SW_OK);
    }
    sw_matrix_free(&mx);
    sw_season_free(&s);
}

/* The search never breaks a pin: default method, picolo's, and the
 * optional phases (compound moves, kicks). */
static void test_search_keeps_pins(void **state) {
    (void)state;
    for (int method = 0; method < 3; method++) {
        sw_season s;
        sw_error err;
        assert_int_equal(parse(pinned_text, &s, &err), SW_OK);
        sw_search_opts o = {.seed = 5, .restarts = 3, .threads = 1};
        sw_method m = {0};
        if (method == 0)
            sw_method_default(&s, &m);
        if (method == 2) {
            m.pairs = 5;
            m.kicks = 5;
            m.tabu = 200;
        }
        if (m.anneal > 20000)
            m.anneal = 20000;
        sw_search_result res;
        assert_int_equal(sw_search_run_method(&s, &o, &m, &res, &err), SW_OK);
        assert_true(sw_criteria_compare_final(&res.after, &res.before) <= 0);
        assert_pins_met(&s);
        assert_int_equal(sw_season_validate(&s, NULL, &err), SW_OK);
        sw_season_free(&s);
    }
}

/* Everyone pinned to a position: the search has nothing to move. */
static void test_fully_pinned_session_unchanged(void **state) {
    (void)state;
    char text[2000];
    int n = snprintf(text, sizeof text, "%s", HEAD SECTIONS "absent 19 20\n");
    for (int i = 1; i <= 18; i++)
        n += snprintf(text + n, sizeof text - (size_t)n, "pin %d position %d\n", i, 19 - i);
    snprintf(text + n, sizeof text - (size_t)n, "%s", SECTIONS "absent 1 2\n");
    sw_season s;
    sw_error err;
    assert_int_equal(parse(text, &s, &err), SW_OK);
    sw_search_lengths len = {.anneal = 5000, .tabu = 100, .rests = -1, .kicks = -1, .compound = -1};
    sw_search_opts o = {.seed = 1, .restarts = 4, .threads = 1, .lengths = &len};
    sw_search_result res;
    assert_int_equal(sw_search_run(&s, &o, &res, &err), SW_OK);
    for (int i = 1; i <= 18; i++)
        assert_int_equal(s.sessions[0].assign[19 - i], i);
    sw_season_free(&s);
}

static void expect_error(const char *text, int line, const char *needle) {
    sw_season s;
    memset(&s, 0, sizeof s);
    sw_error err;
    sw_status st = parse(text, &s, &err);
    if (st == SW_OK)
        sw_season_free(&s);
    assert_int_not_equal(st, SW_OK);
    if (err.line != line || !strstr(err.msg, needle) || strcmp(err.file, "x.season") != 0)
        fail_msg("for:\n%s\ngot %s:%d '%s', want line %d '%s'", text, err.file, err.line, err.msg,
                 line, needle);
}

static void test_errors_name_the_line(void **state) {
    (void)state;
    /* a session pin on an absent participant: the pin's line */
    expect_error(HEAD SECTIONS "absent 19 20 5\npin 5 section A\n", 6,
                 "participant 5 is pinned in session 1 but absent");
    /* two participants on one position */
    expect_error(HEAD "pin 1 position 4\n" SECTIONS "absent 19 20\npin 2 position 4\n", 7,
                 "both pinned to position 4 (lines 2 and 7)");
    /* a table pin needs a position that stays at the table all session */
    expect_error(HEAD SECTIONS "absent 19 20\npin 1 section B table 1 EW\n", 6,
                 "no pair stays at table 1 EW for all 7 rounds of movement 10p7rTeamS.asc, "
                 "section B (session 1); it has none: use a movement with stationary pairs");
    expect_error(HEAD "session 14p7rMitchell.asc\nabsent 15 16 17 18 19 20\npin 1 table 2 EW\n", 4,
                 "positions that stay at one table: table 1 NS (position 1), table 2 NS");
    expect_error(HEAD "session 8p7rTeamS.asc\nabsent 9-20\npin 1 stationary\n", 4,
                 "no free position stays at one table for all 7 rounds of session 1; it has none");
    expect_error(HEAD "session 14p7rMitchell.asc\nabsent 15-20\npin 1-3 table 2 NS\n", 4,
                 "3 participants on one table");
    expect_error(HEAD "session 14p7rMitchell.asc\nabsent 15-20\npin 1-x section A\n", 4,
                 "end of the range");
    expect_error(HEAD "session 14p7rMitchell.asc\nabsent 15-20\npin 30-40 stationary\n", 4,
                 "nobody in the pairs file has a number from 30 to 40");
    expect_error(HEAD SECTIONS "pin 3 section C\n", 5, "session 1 has no section 'C'");
    expect_error(HEAD "pin 3 section A\nsession 8p7rTeamS.asc\nabsent 9 10 11 12 13 14 15 16 "
                      "17 18 19 20\n",
                 2, "session 1 has no sections");
    expect_error(HEAD SECTIONS "pin 3 table 1 NS\n", 5, "name the section of the table");
    /* regression (fuzzing): a table pin without a direction, no section named */
    expect_error(HEAD SECTIONS "pin 3 table 1\n", 5,
                 "name the section of the table (pin 3 section A table 1)");
    expect_error(HEAD SECTIONS "pin 3 stationary\n", 5,
                 "no free position stays at one table for all 7 rounds of session 1; it has "
                 "none");
    expect_error(HEAD SECTIONS "pin 3 section A table 9 NS\n", 5, "no table 9 NS");
    expect_error(HEAD SECTIONS "pin 3 section A table 1 XY\n", 5, "direction 'XY'");
    expect_error(HEAD SECTIONS "pin 3 section A position 9\n", 5, "position 9, but session 1");
    expect_error(HEAD SECTIONS "pin 3 section A B position 2\n", 5, "name one");
    expect_error(HEAD SECTIONS "pin 3\n", 5, "expected 'section NAME...'");
    expect_error(HEAD SECTIONS "pin 3 section A\npin 3 section B\n", 6, "pinned twice (line 5");
    expect_error(HEAD "section A 8p7rTeamS.asc\n", 2, "'section' outside a session of sections");
    expect_error(HEAD "session\nabsent 1\n", 2, "'session' without a movement file or 'section'");
    expect_error(HEAD "session\nsection A 8p7rTeamS.asc\nsection A 10p7rTeamS.asc\n", 4,
                 "section A named twice");
    expect_error(HEAD "session\nsection A 8p7rTeamS.asc\nsection B 8p6r.asc\n", 2,
                 "section B: movement 8p6r.asc has 6 rounds but section A's has 7");
    expect_error(HEAD "session\nsection A! 8p7rTeamS.asc\n", 3, "section name 'A!'");
    /* too many present: the session line, what to do */
    expect_error(HEAD SECTIONS "absent 20\n", 2,
                 "19 participants present but movement A: 8p7rTeamS.asc, B: 10p7rTeamS.asc has "
                 "only 18 positions; mark 1 participant absent or use a larger movement");
    /* nine pinned to the 8 positions of section A */
    expect_error(HEAD SECTIONS "absent 19 20\npin 1 section A\npin 2 section A\npin 3 section A\n"
                               "pin 4 section A\npin 5 section A\npin 6 section A\n"
                               "pin 7 section A\npin 8 section A\npin 9 section A\n",
                 2, "9 present participants are pinned to section A, which has 8 positions");
    /* a pin to a set of sections (9 in A or B) does not count against A alone */
    expect_error(HEAD SECTIONS "absent 19 20\npin 1 section A\npin 2 section A\npin 3 section A\n"
                               "pin 4 section A\npin 5 section A\npin 6 section A\n"
                               "pin 7 section A\npin 8 section A\npin 9 section A B\n"
                               "pin 10 section A\n",
                 2, "9 present participants are pinned to section A, which has 8 positions");
    /* a position pin counts in its section */
    expect_error(HEAD SECTIONS "absent 19 20\npin 1 section B\npin 2 section B\npin 3 section B\n"
                               "pin 4 section B\npin 5 section B\npin 6 section B\n"
                               "pin 7 section B\npin 8 section B\npin 9 section B\n"
                               "pin 10 section B position 3\npin 11 section B\n",
                 2, "11 present participants are pinned to section B, which has 10 positions");
}

/* The stationary positions of m, found independently of sections.c: a
 * position seated at the same table and direction in every round. Returns
 * how many; their positions, tables (1-based) and directions in order. */
static int stationary_positions(const sw_movement *m, int *pos, int *tab, int *dir) {
    int count = 0;
    for (int p = 1; p <= m->positions; p++) {
        int t0 = -1, d0 = -1;
        for (int t = 0; t < m->tables && t0 < 0; t++)
            for (int d = 0; d < m->seats; d++)
                if (sw_movement_at(m, 0, t)->seat[d] == p)
                    t0 = t, d0 = d;
        bool stays = t0 >= 0;
        for (int r = 1; r < m->rounds && stays; r++)
            stays = sw_movement_at(m, r, t0)->seat[d0] == p;
        if (stays) {
            pos[count] = p;
            tab[count] = t0 + 1;
            dir[count++] = d0;
        }
    }
    return count;
}

typedef struct lib_count {
    int with, without;
} lib_count;

/* One library movement: a stationary pin holds in every seating the search
 * starts from; a movement without stationary positions refuses one. */
static void stationary_on(const char *path, const char *pairs, lib_count *c) {
    sw_movement m;
    sw_error err;
    if (sw_movement_read_asc(path, &m, &err) != SW_OK)
        fail_msg("%s: %s", path, err.msg);
    int *pos = malloc(sizeof(int) * (size_t)(m.positions + 1) * 3);
    assert_non_null(pos);
    int *tab = pos + m.positions + 1, *dir = tab + m.positions + 1;
    int ns = stationary_positions(&m, pos, tab, dir);
    FILE *f = fopen(pairs, "w");
    assert_non_null(f);
    for (int i = 1; i <= m.positions; i++)
        fprintf(f, "%d 0 pair %d\n", i, i);
    fclose(f);
    char text[4096];
    if (ns > 0)
        snprintf(text, sizeof text, "pairs %s\npin 1 table %d %s\n%ssession %s\n", pairs, tab[0],
                 dir[0] ? "EW" : "NS", ns > 1 ? "pin 2 stationary\n" : "", path);
    else
        snprintf(text, sizeof text, "pairs %s\npin 1 stationary\nsession %s\n", pairs, path);
    sw_season s;
    sw_error_clear(&err);
    sw_status st = sw_season_parse(text, strlen(text), "lib.season", "/", NULL, &s, &err);
    if (ns == 0) {
        if (st == SW_OK || !strstr(err.msg, "it has none"))
            fail_msg("%s: no stationary position, yet: %s", path, err.msg);
        c->without++;
    } else {
        if (st != SW_OK)
            fail_msg("%s: %s", path, err.msg);
        assert_int_equal(s.sessions[0].fixed[0], pos[0]);
        if (ns > 1)
            assert_int_equal(s.sessions[0].fixed[1], pos[1]);
        sw_matrix mx;
        assert_int_equal(sw_matrix_init(&mx, &s, &err), SW_OK);
        sw_rng rng;
        sw_rng_seed(&rng, 3, (uint64_t)m.positions);
        for (int trial = 0; trial < 3; trial++) {
            sw_search_randomize(&mx, &rng);
            sw_matrix_store(&mx, &s);
            assert_int_equal(s.sessions[0].assign[pos[0]], 1);
            for (int r = 0; r < m.rounds; r++)
                assert_int_equal(sw_movement_at(&m, r, tab[0] - 1)->seat[dir[0]], pos[0]);
        }
        sw_matrix_free(&mx);
        sw_season_free(&s);
        c->with++;
    }
    free(pos);
    sw_movement_free(&m);
}

static void stationary_in_dir(const char *dir, const char *pairs, lib_count *c) {
    dir_stream *d = opendir(dir);
    assert_non_null(d);
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        struct stat st;
        assert_int_equal(stat(path, &st), 0);
        size_t n = strlen(e->d_name);
        if (S_ISDIR(st.st_mode))
            stationary_in_dir(path, pairs, c);
        else if (n > 4 &&
                 (!strcmp(e->d_name + n - 4, ".asc") || !strcmp(e->d_name + n - 4, ".txt")))
            stationary_on(path, pairs, c);
    }
    closedir(d);
}

/* Every movement of the library: a pin to a table holds its pair there for
 * the whole session where the movement keeps a position at that table, and
 * is refused, saying so, where it keeps none. */
static void test_stationary_on_every_library_movement(void **state) {
    (void)state;
    char pairs[64];
    snprintf(pairs, sizeof pairs, "/tmp/sw_stationary_%d.pairs", (int)getpid());
    lib_count c = {0, 0};
    stationary_in_dir(SW_SOURCE_DIR "/data/movements", pairs, &c);
    unlink(pairs);
    assert_true(c.with > 0);
    assert_true(c.without > 0);
    print_message("movements with stationary positions %d, without %d\n", c.with, c.without);
}

/* The rounds limit names the session that crosses it, with its line. */
static void test_rounds_limit_names_the_session(void **state) {
    (void)state;
    size_t cap = 100000, n = 0;
    char *text = malloc(cap);
    assert_non_null(text);
    n += (size_t)snprintf(text + n, cap - n, "%s", HEAD);
    for (int k = 0; k < 72; k++) /* 72 x 7 = 504 rounds: session 72 crosses 500 */
        n += (size_t)snprintf(text + n, cap - n,
                              "session 8p7rTeamS.asc\nabsent 9 10 11 12 13 14 "
                              "15 16 17 18 19 20\n");
    sw_season s;
    sw_error err;
    assert_int_equal(parse(text, &s, &err), SW_OK);
    sw_matrix mx;
    assert_int_equal(sw_matrix_init(&mx, &s, &err), SW_ERR_LIMIT);
    assert_int_equal(err.line, 2 + 71 * 2);
    assert_non_null(strstr(err.msg, "session 72 brings the season to 504 rounds, at most 500"));
    assert_non_null(strstr(err.msg, "history"));
    sw_season_free(&s);
    free(text);
}

/* The program: optimize the bundled example with and without --picolo;
 * the written season reads back with every pin met. */
static void test_cli_optimize_keeps_pins(void **state) {
    (void)state;
    const char *modes[] = {"--restarts 2", "--picolo --restarts 3"};
    for (int x = 0; x < 2; x++) {
        char out[64];
        snprintf(out, sizeof out, "/tmp/sw_sections_%d_%d.season", (int)getpid(), x);
        shell("'%s' optimize '%s/club.season' %s --seed 3 -o '%s' >/dev/null", SW_BINARY, EX,
              modes[x], out);
        sw_season s;
        sw_error err;
        assert_int_equal(sw_season_read(out, sw_matrix_played_history, &s, &err), SW_OK);
        assert_int_equal(s.npins, 13);
        assert_pins_met(&s);
        /* pair 3 is stationary in section A: position 16, at table 8 EW in
         * every round of every session planned (session 1 is played) */
        for (int k = 1; k < s.nsessions; k++) {
            const sw_movement *m = &s.movements[s.sessions[k].movement];
            assert_int_equal(s.sessions[k].assign[16], sw_season_find(&s, 3) + 1);
            for (int r = 0; r < m->rounds; r++)
                assert_int_equal(sw_movement_at(m, r, 7)->seat[1], 16);
        }
        sw_season_free(&s);
        unlink(out);
    }
}

/* The text report, JSON, HTML and the seats CSV show the sections. */
static void test_reports_show_sections(void **state) {
    (void)state;
    char base[64], path[96];
    snprintf(base, sizeof base, "/tmp/sw_sections_rep_%d", (int)getpid());
    shell("'%s' analyze '%s/club.season' --html %s.html --seats-csv %s.csv > %s.txt && "
          "'%s' analyze '%s/club.season' --json > %s.json",
          SW_BINARY, EX, base, base, base, SW_BINARY, EX, base);
    const char *const want[][2] = {
        {"txt", "session 1 (played)  A: 16p7rTeamS.asc, B: 10p7rTeamS.asc"},
        {"txt", "sections A: positions 1-16, B: positions 17-26"},
        {"json", "\"sections\": [{\"name\": \"A\", \"movement\": \"16p7rTeamS.asc\", "
                 "\"positions\": [1, 16], \"tables\": [1, 8]}"},
        {"json", "{\"table\": 9, \"section\": \"B\", \"section_table\": 1, \"boards\": \"B:A\""},
        {"json", "{\"participant\": 3, \"position\": 16}"},
        {"html", "<h3>Section B, table 1</h3>"},
        {"html", "<b>Sections:</b> A (16p7rTeamS.asc, positions 1&#8211;16"},
        {"csv", "sits_out,sits_out_name,section,ns_start,ew_start,sits_out_start,first_board,"
                "last_board\n1,1,1,3,Smit - Meijer,2,Bakker - Visser,A,,,A,1,2,,,\n"},
        /* section B numbers its own tables and pairs from 1: positions 17, 18 */
        {"csv", "\n1,1,1,17,Prins - Huisman,18,Peeters - Koster,A,,,B,1,2,,,\n"},
    };
    for (size_t x = 0; x < sizeof want / sizeof *want; x++) {
        snprintf(path, sizeof path, "%s.%s", base, want[x][0]);
        char *text = file_text(path);
        if (!text || !strstr(text, want[x][1]))
            fail_msg("%s lacks '%s'", path, want[x][1]);
        free(text);
    }
    /* the JSON read back is one movement a session with the same tables:
     * the same criteria (boards "A:C" keep the sections' board sets apart) */
    shell("'%s' analyze %s.json > %s.back", SW_BINARY, base, base);
    snprintf(path, sizeof path, "%s.txt", base);
    char *a = file_text(path);
    snprintf(path, sizeof path, "%s.back", base);
    char *b = file_text(path);
    assert_true(a && b);
    char *ca = strstr(a, "criteria ("), *cb = strstr(b, "criteria (");
    assert_non_null(ca);
    assert_non_null(cb);
    char *ea = strstr(ca, "\nsessions:"), *eb = strstr(cb, "\nsessions:");
    assert_non_null(ea);
    assert_non_null(eb);
    /* ... but for So's bound: the JSON keeps no pins, so more pairs can
     * meet there and its bound is lower */
    char *ba = strstr(ca, "  So lower bound"), *bb = strstr(cb, "  So lower bound");
    char *fa = strstr(ca, "\n  meeting figures"), *fb = strstr(cb, "\n  meeting figures");
    assert_true(ba && bb && fa && fb && fa < ea && fb < eb);
    assert_int_equal(ba - ca, bb - cb);
    assert_memory_equal(ca, cb, (size_t)(ba - ca));
    assert_int_equal(ea - fa, eb - fb);
    assert_memory_equal(fa, fb, (size_t)(ea - fa));
    free(a);
    free(b);
    const char *ext[] = {"txt", "json", "html", "csv", "back"};
    for (int x = 0; x < 5; x++) {
        snprintf(path, sizeof path, "%s.%s", base, ext[x]);
        unlink(path);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sections_read),
        cmocka_unit_test(test_meetings_stay_in_sections),
        cmocka_unit_test(test_pins_read_and_identity),
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_random_seatings_meet_pins),
        cmocka_unit_test(test_search_keeps_pins),
        cmocka_unit_test(test_fully_pinned_session_unchanged),
        cmocka_unit_test(test_errors_name_the_line),
        cmocka_unit_test(test_rounds_limit_names_the_session),
        cmocka_unit_test(test_stationary_on_every_library_movement),
        cmocka_unit_test(test_cli_optimize_keeps_pins),
        cmocka_unit_test(test_reports_show_sections),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
