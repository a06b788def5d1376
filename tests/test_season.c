/* tests/test_season.c: pairs files, season files (good and bad), identity
 * assignments, validation and the write -> read round trip.
 * SPDX-License-Identifier: MIT */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "season/season.h"
#include "util/rng.h"

#define DIR SW_TEST_DATA "/season"

static void test_parenfile_good(void **state) {
    (void)state;
    sw_participant *p;
    int n;
    sw_error err;
    assert_int_equal(sw_parenfile_read(DIR "/club.pairs", &p, &n, &err), SW_OK);
    assert_int_equal(n, 5);
    assert_int_equal(p[1].id, 2);
    assert_int_equal(p[1].rests, 1);
    assert_string_equal(p[0].name, "Jansen - de Vries");
    assert_string_equal(p[2].name, "Smit - Meijer");
    assert_int_equal(p[4].rests, 2);
    sw_participants_free(p, n);
}

static void expect_pairs_error(const char *text, int line, const char *needle) {
    sw_participant *p = NULL;
    int n = 0;
    sw_error err;
    sw_error_clear(&err);
    sw_status st = sw_parenfile_parse(text, strlen(text), "x.pairs", &p, &n, &err);
    assert_int_not_equal(st, SW_OK);
    assert_null(p);
    assert_string_equal(err.file, "x.pairs");
    if (err.line != line || !strstr(err.msg, needle))
        fail_msg("for %s: got line %d '%s', want line %d '%s'", text, err.line, err.msg, line,
                 needle);
}

static void test_parenfile_bad(void **state) {
    (void)state;
    expect_pairs_error("", 1, "no participants");
    expect_pairs_error("# only a comment\n", 1, "no participants");
    expect_pairs_error("1 0 a\nx 0 b\n", 2, "participant number 'x' is not a number");
    expect_pairs_error("1 0 a\n2 -1 b\n", 2, "rests -1 out of range");
    expect_pairs_error("99999999999999999999 0 a\n", 1, "out of range");
    expect_pairs_error("1 0 a\n1 0 b\n", 2, "listed twice");
    expect_pairs_error("1\n", 1, "missing rests");
    expect_pairs_error("0 0 a\n", 1, "out of range");
}

/* A pair line may be followed by its two players; files without them read
 * as before (a name may hold the word 'player'); a pair carries its
 * players' mean rests exactly (a half kept); written and read back the same. */
static void test_parenfile_players(void **state) {
    (void)state;
    const char *text = "# number rests name\n"
                       " 1 0 Jansen - de Vries\n"
                       "    player 10231 0 Anna Jansen\n"
                       "    player 10269 3   Bert de Vries  # joined late\n"
                       " 2 2 player one - player two\n"
                       " 3 0 Bakker - Jansen\n"
                       "\n"
                       "player 10301 1 Carla Bakker\n"
                       "player 10231 0 Anna Jansen\n"
                       " 4 0 Smit - Meijer\n"
                       "player 99999999 1\n"
                       "player 5 1 Els Meijer\n";
    sw_participant *p;
    int n;
    sw_error err;
    assert_int_equal(sw_parenfile_parse(text, strlen(text), "x.pairs", &p, &n, &err), SW_OK);
    assert_int_equal(n, 4);
    assert_int_equal(p[0].player[0].id, 10231);
    assert_string_equal(p[0].player[0].name, "Anna Jansen");
    assert_int_equal(p[0].player[1].id, 10269);
    assert_int_equal(p[0].player[1].rests, 3);
    assert_string_equal(p[0].player[1].name, "Bert de Vries");
    assert_int_equal(p[0].rests, 1); /* (0 + 3) / 2 = 1.5, exactly */
    assert_int_equal(p[0].rests_half, 1);
    assert_int_equal(sw_participant_rests(&p[0], 2), 3);
    /* no players: the old reading, 'player' inside a name included */
    assert_int_equal(p[1].player[0].id, 0);
    assert_null(p[1].player[0].name);
    assert_int_equal(p[1].rests, 2);
    assert_int_equal(p[1].rests_half, 0);
    assert_int_equal(sw_participant_rests(&p[1], 2), 4);
    assert_string_equal(p[1].name, "player one - player two");
    /* a player in two pairs */
    assert_int_equal(p[2].player[1].id, 10231);
    assert_int_equal(p[2].rests, 0); /* (1 + 0) / 2 = 0.5 */
    assert_int_equal(p[2].rests_half, 1);
    assert_int_equal(p[3].player[0].id, 99999999);
    assert_string_equal(p[3].player[0].name, "");
    assert_int_equal(p[3].rests, 1); /* (1 + 1) / 2 */
    assert_int_equal(p[3].rests_half, 0);
    assert_int_equal(sw_participants_rests_unit(p, n), 2);
    assert_int_equal(sw_participants_rests_unit(p + 1, 1), 1);
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    for (int i = 0; i < n; i++)
        sw_participant_write(&p[i], &sb);
    sw_participant *q;
    int nq;
    assert_int_equal(sw_parenfile_parse(sb.data, sb.len, "w.pairs", &q, &nq, &err), SW_OK);
    assert_int_equal(nq, n);
    for (int i = 0; i < n; i++) {
        assert_int_equal(q[i].id, p[i].id);
        assert_int_equal(q[i].rests, p[i].rests);
        assert_int_equal(q[i].rests_half, p[i].rests_half);
        assert_string_equal(q[i].name, p[i].name);
        for (int k = 0; k < 2; k++) {
            assert_int_equal(q[i].player[k].id, p[i].player[k].id);
            assert_int_equal(q[i].player[k].rests, p[i].player[k].rests);
            if (p[i].player[k].id)
                assert_string_equal(q[i].player[k].name, p[i].player[k].name);
        }
    }
    /* a season keeps them through a copy */
    sw_participant c;
    assert_int_equal(sw_participant_copy(&c, &p[0]), 0);
    assert_string_equal(c.player[1].name, "Bert de Vries");
    assert_ptr_not_equal(c.player[1].name, p[0].player[1].name);
    free(c.name);
    free(c.player[0].name);
    free(c.player[1].name);
    sw_strbuf_free(&sb);
    sw_participants_free(q, nq);
    sw_participants_free(p, n);
}

static void test_parenfile_players_bad(void **state) {
    (void)state;
    expect_pairs_error("player 7 0 a\n1 0 b\n", 1, "a 'player' line before any pair");
    expect_pairs_error("1 0 a\nplayer 7 0 x\nplayer 8 0 y\nplayer 9 0 z\n", 4,
                       "pair 1: a third 'player' line");
    expect_pairs_error("1 0 a\nplayer 7 0 x\n2 0 b\n", 1, "pair 1 names 1 player");
    expect_pairs_error("1 0 a\n2 0 b\nplayer 7 0 x\n", 2, "pair 2 names 1 player");
    expect_pairs_error("1 0 a\nplayer 7 0 x\nplayer 7 0 x\n", 3, "pair 1: player 7 twice");
    expect_pairs_error("1 0 a\nplayer x 0 x\n", 2, "player number 'x' is not a number");
    expect_pairs_error("1 0 a\nplayer 0 0 x\n", 2, "player number 0 out of range");
    expect_pairs_error("1 0 a\nplayer 1000000000 0 x\n", 2, "player number 1000000000 out");
    expect_pairs_error("1 0 a\nplayer 7\n", 2, "missing player rests");
    expect_pairs_error("1 0 a\nplayer 7 1001 x\n", 2, "player rests 1001 out of range");
    expect_pairs_error("1 0 a\nplayer 7 0 \xE9\n", 2, "player 7: name has byte 0xE9");
    expect_pairs_error("1 1 a\nplayer 7 0 x\nplayer 8 2 y\n", 1,
                       "pair 1 carries 1 rests on its line and its players 0 and 2");
    expect_pairs_error("1 0 a\nplayer 7 0 x\nplayer 8 0 y\n2 0 b\nplayer 9 0 z\n"
                       "player 7 0 X\n",
                       6, "player 7 is in pair 1 as 'x' with 0 rests, here as 'X' with 0");
    expect_pairs_error("1 0 a\nplayer 7 0 x\nplayer 8 0 y\n2 0 b\nplayer 7 1 x\n", 5,
                       "player 7 is in pair 1 as 'x' with 0 rests, here as 'x' with 1");
}

static sw_status parse(const char *text, sw_season *s, sw_error *err) {
    sw_error_clear(err);
    return sw_season_parse(text, strlen(text), "x.season", DIR, NULL, s, err);
}

static void test_season_good(void **state) {
    (void)state;
    const char *text = "# a season\n"
                       "pairs club.pairs\n"
                       "session four.asc\n"
                       "absent 5\n"
                       "seats 2 1 4 3\n"
                       "played\n"
                       "session four.asc\n"
                       "absent 1 2\n"
                       "session four.asc\n"
                       "absent 3\n";
    sw_season s;
    sw_error err;
    assert_int_equal(parse(text, &s, &err), SW_OK);
    assert_int_equal(s.n, 5);
    assert_int_equal(s.nsessions, 3);
    assert_int_equal(s.nmovements, 1); /* read once, shared */
    assert_true(s.sessions[0].played);
    assert_false(s.sessions[1].played);
    assert_false(s.sessions[0].present[4]);
    assert_int_equal(s.sessions[0].assign[1], 2); /* participant index 1 + 1 = id 2 */
    assert_int_equal(s.sessions[0].assign[2], 1);
    /* session 2: identity over the present 3, 4, 5 and one empty position */
    assert_int_equal(s.sessions[1].assign[1], 3);
    assert_int_equal(s.sessions[1].assign[3], 5);
    assert_int_equal(s.sessions[1].assign[4], 0);
    assert_int_equal(sw_season_present_count(&s, 2), 4);
    sw_season_free(&s);
}

static void test_season_write_read_round_trip(void **state) {
    (void)state;
    const char *text = "pairs club.pairs\nsession four.asc\nabsent 3 4\nseats 0 5 1 2\nplayed\n"
                       "session four.asc\nabsent 4\n";
    sw_season s, t;
    sw_error err;
    assert_int_equal(parse(text, &s, &err), SW_OK);
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    sw_season_write(&s, &sb);
    assert_false(sb.failed);
    assert_int_equal(parse(sw_strbuf_cstr(&sb), &t, &err), SW_OK);
    assert_int_equal(t.nsessions, s.nsessions);
    for (int k = 0; k < s.nsessions; k++) {
        assert_int_equal(t.sessions[k].played, s.sessions[k].played);
        assert_memory_equal(t.sessions[k].present, s.sessions[k].present,
                            sizeof(bool) * (size_t)s.n);
        assert_memory_equal(t.sessions[k].assign, s.sessions[k].assign, sizeof(int) * 5);
    }
    sw_strbuf_free(&sb);
    sw_season_free(&s);
    sw_season_free(&t);
}

static void expect_season_error(const char *text, int line, const char *needle) {
    sw_season s;
    memset(&s, 0, sizeof s);
    sw_error err;
    sw_status st = parse(text, &s, &err);
    assert_int_not_equal(st, SW_OK);
    if (err.line != line || !strstr(err.msg, needle))
        fail_msg("for:\n%s\ngot %s:%d '%s', want line %d '%s'", text, err.file, err.line, err.msg,
                 line, needle);
}

static void test_season_bad(void **state) {
    (void)state;
    expect_season_error("", 1, "no 'pairs' line");
    expect_season_error("pairs club.pairs\n", 1, "no 'session' line");
    expect_season_error("session four.asc\n", 1, "before 'pairs'");
    expect_season_error("pairs club.pairs\nsession four.asc\nabsent 9\n", 3,
                        "participant 9 is not in the pairs file");
    expect_season_error("pairs club.pairs\nsession four.asc\nseats 1 2 3\nplayed\n", 3,
                        "3 seats, expected 4");
    expect_season_error("pairs club.pairs\nsession four.asc\nseats 1 2 3 4 5\nplayed\n", 3,
                        "5 seats, expected 4");
    expect_season_error("pairs club.pairs\nsession four.asc\nseats 1 2 3 9\nplayed\n", 3,
                        "participant 9 is not in the pairs file");
    expect_season_error("pairs club.pairs\nsession four.asc\nabsent 2\nseats 1 2 3 4\nplayed\n", 4,
                        "participant 2 is absent");
    expect_season_error("pairs club.pairs\nsession four.asc\nabsent 5\nseats 1 1 3 4\nplayed\n", 4,
                        "holds two positions");
    /* regressions (issue 11): whole-session errors name the session's line and say what to do */
    expect_season_error("pairs club.pairs\nsession four.asc\nplayed\n", 2, "no 'seats' line; add");
    expect_season_error("pairs club.pairs\nsession four.asc\nfoo 1\n", 3, "unknown keyword 'foo'");
    expect_season_error("pairs club.pairs\nabsent 1\n", 2, "before any 'session'");
    expect_season_error("pairs club.pairs\nsession four.asc\n", 2,
                        "5 participants present but movement four.asc has only 4 positions; "
                        "mark 1 participant absent or use a larger movement");
    expect_season_error("pairs club.pairs\n\nsession four.asc\nabsent 5\nsession four.asc\n", 5,
                        "session 2: 5 participants present");
    expect_season_error("pairs club.pairs\nsession four.asc\nabsent x\n", 3, "is not a number");
    expect_season_error("pairs club.pairs\nsession four.asc\nplayed now\n", 3, "after 'played'");
    expect_season_error("pairs club.pairs\npairs club.pairs\n", 2, "second 'pairs'");
    /* a missing file is reported under its own name */
    sw_season s;
    sw_error err;
    assert_int_equal(parse("pairs nothere.pairs\n", &s, &err), SW_ERR_IO);
    assert_non_null(strstr(err.file, "nothere.pairs"));
    assert_int_equal(parse("pairs club.pairs\nsession nothere.asc\n", &s, &err), SW_ERR_IO);
    assert_non_null(strstr(err.file, "nothere.asc"));
    assert_non_null(strstr(err.msg, "named on line 2 of x.season"));
    /* regression (issue 11): a name that is not UTF-8 is refused with its line */
    sw_participant *part;
    int n;
    const char *latin1 = "1 0 Anna\n2 0 Jos\xe9 Smit\n";
    assert_int_equal(sw_parenfile_parse(latin1, strlen(latin1), "p.pairs", &part, &n, &err),
                     SW_ERR_PARSE);
    assert_int_equal(err.line, 2);
    assert_non_null(
        strstr(err.msg, "participant 2: name has byte 0xE9 (column 8) that is not UTF-8"));
    const char *utf8 = "1 0 Jos\xc3\xa9\n";
    assert_int_equal(sw_parenfile_parse(utf8, strlen(utf8), "p.pairs", &part, &n, &err), SW_OK);
    assert_string_equal(part[0].name, "Jos\xc3\xa9");
    sw_participants_free(part, n);
}

/* The seats of a session not played are a plan: adapted to who is present,
 * the movement and the pins, never refused; played seats are the record. */
static void test_plan_adopted(void **state) {
    (void)state;
    const char *text = "pairs club.pairs\n"
                       /* 1: played without 5, who need not be marked absent */
                       "session four.asc\nseats 1 2 3 4\nplayed\n"
                       /* 2: 9 left the club, 2 is absent now: 1 and 5 fill in */
                       "session four.asc\nabsent 2\nseats 9 2 3 4\n"
                       /* 3: a plan for a movement of six positions */
                       "session four.asc\nabsent 1\nseats 5 4 3 2 0 0\n"
                       /* 4: a pin added since: 1 takes position 4, 4 moves on */
                       "session four.asc\nabsent 5\npin 1 position 4\nseats 1 2 3 4\n"
                       /* 5: the plan as it was */
                       "session four.asc\nabsent 3\nseats 4 0 5 1\n";
    sw_season s;
    sw_error err;
    assert_int_equal(parse(text, &s, &err), SW_OK);
    assert_false(s.sessions[0].present[4]);
    assert_true(s.sessions[0].present[0]);
    assert_null(s.sessions[0].plan);
    static const int want[5][4] = {
        {1, 2, 3, 4}, {1, 5, 3, 4}, {2, 3, 4, 5}, {4, 2, 3, 1}, {4, 2, 5, 1}};
    for (int k = 0; k < 5; k++)
        for (int p = 1; p <= 4; p++)
            if (s.sessions[k].assign[p] != want[k][p - 1])
                fail_msg("session %d position %d: participant index %d, want %d", k + 1, p,
                         s.sessions[k].assign[p] - 1, want[k][p - 1] - 1);
    /* session 5: 2 was not in the plan, so the empty position goes to them */
    assert_int_equal(s.sessions[1].nplan, 4);
    assert_int_equal(s.sessions[1].plan[0], 9);
    assert_int_equal(s.sessions[2].nplan, 6);
    assert_int_equal(sw_season_validate(&s, NULL, &err), SW_OK);
    /* the plan survives a copy; the written season reads back the same */
    sw_season c, t;
    assert_int_equal(sw_season_copy(&c, &s, &err), SW_OK);
    assert_memory_equal(c.sessions[1].plan, s.sessions[1].plan, 4 * sizeof(int));
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    sw_season_write(&c, &sb);
    assert_int_equal(parse(sw_strbuf_cstr(&sb), &t, &err), SW_OK);
    for (int k = 0; k < 5; k++)
        assert_memory_equal(t.sessions[k].assign, s.sessions[k].assign, 5 * sizeof(int));
    sw_strbuf_free(&sb);
    sw_season_free(&t);
    sw_season_free(&c);
    sw_season_free(&s);
}

/* The handout's lines: 'title', 'date' per session, 'boards' for the
 * season and per session; read, refused with file:line, written back. */
static void test_season_heading_lines(void **state) {
    (void)state;
    const char *text = "title Bridgeclub \xc3\x89\xc3\xa9n & Twee  # the club\n"
                       "pairs club.pairs\n"
                       "boards 3\n"
                       "session four.asc\n"
                       "date 2024-02-29\n"
                       "absent 5\n"
                       "seats 2 1 4 3\n"
                       "played\n"
                       "session four.asc\n"
                       "absent 1\n"
                       "boards 4\n"
                       "date 2026-03-17\n";
    sw_season s, t;
    sw_error err;
    assert_int_equal(parse(text, &s, &err), SW_OK);
    assert_string_equal(s.title, "Bridgeclub \xc3\x89\xc3\xa9n & Twee");
    assert_int_equal(s.boards, 3);
    assert_string_equal(s.sessions[0].date, "2024-02-29");
    assert_string_equal(s.sessions[1].date, "2026-03-17");
    assert_int_equal(s.sessions[0].boards, 0);
    assert_int_equal(s.sessions[1].boards, 4);
    assert_int_equal(sw_season_boards(&s, 0), 3);
    assert_int_equal(sw_season_boards(&s, 1), 4);
    /* written back and read again: the same lines, the same season */
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    sw_season_write(&s, &sb);
    const char *w = sw_strbuf_cstr(&sb);
    assert_non_null(strstr(w, "title Bridgeclub \xc3\x89\xc3\xa9n & Twee\npairs club.pairs\n"
                              "boards 3\n"));
    assert_non_null(strstr(w, "\nsession four.asc\ndate 2026-03-17\nboards 4\nabsent 1\n"));
    assert_int_equal(parse(w, &t, &err), SW_OK);
    assert_string_equal(t.title, s.title);
    assert_int_equal(t.boards, 3);
    for (int k = 0; k < 2; k++) {
        assert_string_equal(t.sessions[k].date, s.sessions[k].date);
        assert_int_equal(t.sessions[k].boards, s.sessions[k].boards);
    }
    sw_strbuf b2;
    sw_strbuf_init(&b2);
    sw_season_write(&t, &b2);
    assert_string_equal(sw_strbuf_cstr(&b2), w);
    /* a copy keeps them */
    sw_season c;
    assert_int_equal(sw_season_copy(&c, &s, &err), SW_OK);
    assert_string_equal(c.title, s.title);
    assert_int_equal(c.boards, 3);
    assert_string_equal(c.sessions[1].date, "2026-03-17");
    assert_int_equal(c.sessions[1].boards, 4);
    sw_season_free(&c);
    sw_strbuf_free(&b2);
    sw_strbuf_free(&sb);
    sw_season_free(&s);
    sw_season_free(&t);
    /* errors name the file and the line */
    static const struct {
        const char *text;
        int line;
        const char *msg;
    } bad[] = {
        {"pairs club.pairs\ntitle\n", 2, "'title' without a text"},
        {"title A\npairs club.pairs\ntitle B\n", 3, "second 'title' line"},
        {"title Jos\xe9\npairs club.pairs\n", 1, "not UTF-8"},
        {"pairs club.pairs\ndate 2026-03-17\n", 2, "'date' before any 'session'"},
        {"pairs club.pairs\nsession four.asc\nabsent 5\ndate 2026-02-29\n", 4,
         "date '2026-02-29': expected a day as YYYY-MM-DD"},
        {"pairs club.pairs\nsession four.asc\nabsent 5\ndate 17-03-2026\n", 4, "date '17-03-2026'"},
        {"pairs club.pairs\nsession four.asc\nabsent 5\ndate 2026-3-17\n", 4, "YYYY-MM-DD"},
        {"pairs club.pairs\nsession four.asc\nabsent 5\ndate 2026-03-17\ndate 2026-03-18\n", 5,
         "second 'date' line for session 1"},
        {"pairs club.pairs\nboards 0\n", 2, "boards per round"},
        {"pairs club.pairs\nboards 3\nboards 4\n", 3, "second 'boards' line for the season"},
        {"pairs club.pairs\nsession four.asc\nabsent 5\nboards 2\nboards 2\n", 5,
         "second 'boards' line for this session"},
        {"pairs club.pairs\nboards 3 4\n", 2, "unexpected text after 'boards 3'"},
    };
    for (size_t x = 0; x < sizeof bad / sizeof *bad; x++) {
        sw_season e;
        memset(&e, 0, sizeof e);
        assert_int_not_equal(parse(bad[x].text, &e, &err), SW_OK);
        if (strcmp(err.file, "x.season") || err.line != bad[x].line || !strstr(err.msg, bad[x].msg))
            fail_msg("for:\n%s\ngot %s:%d '%s', want x.season:%d '%s'", bad[x].text, err.file,
                     err.line, err.msg, bad[x].line, bad[x].msg);
    }
    assert_true(sw_season_date_valid("2000-02-29", 10));
    assert_false(sw_season_date_valid("1900-02-29", 10));
    assert_false(sw_season_date_valid("2026-04-31", 10));
    assert_false(sw_season_date_valid("2026-13-01", 10));
    assert_false(sw_season_date_valid("2026-00-10", 10));
    assert_false(sw_season_date_valid("2026-01-00", 10));
    assert_false(sw_season_date_valid("+026-01-01", 10));
}

static void test_from_movement_and_uniform(void **state) {
    (void)state;
    sw_movement m;
    sw_error err;
    assert_int_equal(sw_movement_read_asc(DIR "/four.asc", &m, &err), SW_OK);
    sw_season s;
    assert_int_equal(sw_season_from_movement(&m, &s, &err), SW_OK);
    assert_int_equal(s.n, 4);
    assert_true(s.sessions[0].played);
    for (int p = 1; p <= 4; p++)
        assert_int_equal(s.sessions[0].assign[p], p);
    assert_string_equal(s.part[2].name, "position 3");
    sw_season c;
    assert_int_equal(sw_season_copy(&c, &s, &err), SW_OK);
    assert_int_equal(c.sessions[0].assign[4], 4);
    assert_int_equal(sw_season_validate(&c, "c", &err), SW_OK);
    sw_season_free(&c);
    sw_season_free(&s);
    sw_participant part[5] = {{.id = 1, .name = "a"},
                              {.id = 2, .name = "b"},
                              {.id = 3, .name = "c"},
                              {.id = 4, .name = "d"},
                              {.id = 5, .name = "e"}};
    assert_int_equal(sw_season_uniform(&m, "four.asc", part, 5, 2, &s, &err), SW_OK);
    assert_int_equal(sw_season_validate(&s, "u", &err), SW_ERR_INVALID); /* 5 in 4 positions */
    assert_non_null(strstr(err.msg, "5 participants present"));
    sw_season_free(&s);
    assert_int_equal(sw_season_uniform(&m, "four.asc", part, 3, 0, &s, &err), SW_ERR_INVALID);
    assert_int_equal(sw_season_uniform(&m, "four.asc", part, 3, 2, &s, &err), SW_OK);
    assert_int_equal(s.sessions[1].assign[4], 0);
    assert_int_equal(sw_season_find(&s, 3), 2);
    assert_int_equal(sw_season_find(&s, 9), -1);
    sw_season_free(&s);
    sw_movement_free(&m);
}

/* The exchange move on a session's assignment (base 1, 0 = empty): who
 * moves, whether it changes anything, plain or not, and that making it
 * again undoes it, for every pair of positions including the empty ones. */
static void test_exchange_move(void **state) {
    (void)state;
    enum { P = 7, N = 5 };
    /* positions 1..7; participants 0..4 at 3, 1, 7, 4, 6; 2 and 5 empty */
    int assign[P + 1] = {0, 2, 0, 1, 4, 0, 5, 3}, pos[N] = {3, 1, 7, 4, 6};
    int as0[P + 1], pos0[N];
    memcpy(as0, assign, sizeof as0);
    memcpy(pos0, pos, sizeof pos0);
    for (int p = 1; p <= P; p++)
        for (int q = 1; q <= P; q++) {
            sw_exchange x = sw_exchange_of(assign, 1, p, q);
            assert_int_equal(x.a, as0[p] - 1);
            assert_int_equal(x.b, as0[q] - 1);
            assert_true(sw_exchange_changes(x) == (p != q && (as0[p] || as0[q])));
            assert_true(sw_exchange_plain(x) == (p != q && as0[p] && as0[q]));
            sw_exchange_apply(assign, pos, x);
            assert_int_equal(assign[p], as0[q]);
            assert_int_equal(assign[q], as0[p]);
            for (int i = 0; i < N; i++)
                assert_int_equal(assign[pos[i]], i + 1);
            sw_exchange_apply(assign, pos, sw_exchange_of(assign, 1, p, q));
            assert_memory_equal(assign, as0, sizeof as0);
            assert_memory_equal(pos, pos0, sizeof pos0);
        }
}

/* Randomly damaged season and pairs texts are read or refused, never crash
 * (the sanitizer build checks every access). */
static void test_mutated_inputs_never_crash(void **state) {
    (void)state;
    const char *season = "pairs club.pairs\nsession four.asc\nabsent 5\nseats 2 1 4 3\nplayed\n"
                         "session four.asc\nabsent 1\n";
    const char *pairs = "1 0 a b\n2 1 c\n3 0 d # x\n4 0 e\n5 2 f\n";
    static const char alphabet[] = "0123456789 -#\n\tabsentpairsplayed\x01\xff"
                                   "9999999999";
    sw_rng rng;
    sw_rng_seed(&rng, 99u, 3u);
    int ok = 0, refused = 0;
    for (int i = 0; i < 3000; i++) {
        const char *base = i % 2 ? season : pairs;
        char buf[512];
        size_t n = strlen(base);
        memcpy(buf, base, n);
        int edits = 1 + (int)sw_rng_bounded(&rng, 4);
        for (int e = 0; e < edits; e++) {
            size_t at = sw_rng_bounded(&rng, (uint32_t)n + 1);
            int kind = (int)sw_rng_bounded(&rng, 3);
            char c = alphabet[sw_rng_bounded(&rng, sizeof alphabet - 1)];
            if (kind == 0 && at < n) { /* replace */
                buf[at] = c;
            } else if (kind == 1 && n + 1 < sizeof buf) { /* insert */
                memmove(buf + at + 1, buf + at, n - at);
                buf[at] = c;
                n++;
            } else if (n > 0 && at < n) { /* delete */
                memmove(buf + at, buf + at + 1, n - at - 1);
                n--;
            }
        }
        sw_error err;
        sw_status st;
        if (i % 2) {
            sw_season s;
            st = sw_season_parse(buf, n, "m.season", DIR, NULL, &s, &err);
            if (st == SW_OK) {
                assert_int_equal(sw_season_validate(&s, "m", &err), SW_OK);
                sw_season_free(&s);
            }
        } else {
            sw_participant *p;
            int np;
            st = sw_parenfile_parse(buf, n, "m.pairs", &p, &np, &err);
            if (st == SW_OK)
                sw_participants_free(p, np);
        }
        if (st == SW_OK)
            ok++;
        else {
            refused++;
            assert_true(err.msg[0] != '\0');
        }
    }
    assert_true(ok > 100 && refused > 100); /* both paths were exercised */
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parenfile_good),
        cmocka_unit_test(test_exchange_move),
        cmocka_unit_test(test_parenfile_bad),
        cmocka_unit_test(test_parenfile_players),
        cmocka_unit_test(test_parenfile_players_bad),
        cmocka_unit_test(test_season_good),
        cmocka_unit_test(test_season_write_read_round_trip),
        cmocka_unit_test(test_season_bad),
        cmocka_unit_test(test_plan_adopted),
        cmocka_unit_test(test_season_heading_lines),
        cmocka_unit_test(test_from_movement_and_uniform),
        cmocka_unit_test(test_mutated_inputs_never_crash),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
