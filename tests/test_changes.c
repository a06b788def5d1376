/* tests/test_changes.c: four-per-table events that change: withdrawals,
 * substitutes, late entries, teams kept apart, tables of three in the
 * next-round modes, the re-planned schedule, the text and JSON lines and
 * their located errors, and the command end to end.
 * SPDX-License-Identifier: MIT */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "support.h"

#include "seating/seating.h"
#include "util/fileio.h"
#include "util/strbuf.h"

/* ---- helpers ---- */

static void read_event(sw_seating_event *ev, const char *text) {
    sw_error err;
    sw_error_clear(&err);
    sw_seating_event_init(ev);
    must(sw_seating_event_read(ev, text, strlen(text), "t.txt", &err), &err);
    must(sw_seating_event_check(ev, &err), &err);
}

/* n players 1..n; `rounds` rounds of n / 4 tables, the remainder sitting
 * out. */
static void history_text(sw_strbuf *sb, int n, int rounds) {
    for (int p = 1; p <= n; p++)
        sw_strbuf_printf(sb, "player %d P%d\n", p, p);
    for (int r = 0; r < rounds; r++) {
        sw_strbuf_printf(sb, "round %d\n", r + 1);
        for (int t = 0; t < n / 4; t++) {
            sw_strbuf_puts(sb, "table");
            for (int k = 0; k < 4; k++) {
                int i = 4 * t + k, T = n / 4;
                /* round 2 transposes round 1's tables, later rounds shift them */
                sw_strbuf_printf(sb, " %d", (r == 1 ? k * T + t : i + r) % n + 1);
            }
            sw_strbuf_puts(sb, "\n");
        }
    }
}

static int id_of(const sw_seating_event *ev, int p) {
    return ev->players[p].id;
}

/* Every present player of round r seated at most once and only present
 * players seated; returns how many sat out. Tables of three have N empty. */
static int check_round(const sw_seating_event *ev, int r) {
    int n = ev->nplayers, *seen = calloc((size_t)n, sizeof *seen), out = 0;
    const sw_seating_round *rd = &ev->rounds[r];
    for (int t = 0; t < rd->ntables; t++) {
        int z = sw_seating_table_size(&rd->tables[t]);
        assert_true(z == 3 || z == 4);
        if (z == 3)
            assert_int_equal(rd->tables[t].seat[SW_WIND_N], SW_SEAT_EMPTY);
        for (int s = 0; s < z; s++) {
            int p = rd->tables[t].seat[s];
            assert_true(p >= 0 && p < n);
            if (!sw_seating_present(&ev->players[p], r))
                fail_msg("round %d seats player %d, who is not in the event", r + 1, id_of(ev, p));
            if (seen[p]++)
                fail_msg("round %d seats player %d twice", r + 1, id_of(ev, p));
        }
    }
    for (int p = 0; p < n; p++)
        out += sw_seating_present(&ev->players[p], r) && !seen[p];
    free(seen);
    return out;
}

static int clashes_in(const sw_seating_event *ev, int r) {
    int c = 0;
    const sw_seating_round *rd = &ev->rounds[r];
    for (int t = 0; t < rd->ntables; t++) {
        int z = sw_seating_table_size(&rd->tables[t]);
        for (int a = 0; a < z; a++)
            for (int b = a + 1; b < z; b++) {
                int ta = ev->players[rd->tables[t].seat[a]].team;
                c += ta >= 0 && ta == ev->players[rd->tables[t].seat[b]].team;
            }
    }
    return c;
}

static sw_seating_table *copy_rounds(const sw_seating_event *ev, int rounds, int *count) {
    int k = 0;
    for (int r = 0; r < rounds; r++)
        k += ev->rounds[r].ntables;
    sw_seating_table *t = malloc((size_t)k * sizeof *t + 1), *p = t;
    for (int r = 0; r < rounds; r++) {
        memcpy(p, ev->rounds[r].tables, (size_t)ev->rounds[r].ntables * sizeof *p);
        p += ev->rounds[r].ntables;
    }
    *count = k;
    return t;
}

static void same_rounds(const sw_seating_event *ev, const sw_seating_table *before, int count,
                        int rounds) {
    int k;
    sw_seating_table *now = copy_rounds(ev, rounds, &k);
    assert_int_equal(k, count);
    assert_memory_equal(now, before, (size_t)k * sizeof *now);
    free(now);
}

static void points_for_all(sw_seating_event *ev) {
    for (int p = 0; p < ev->nplayers; p++)
        sw_seating_set_points(ev, p, (int64_t)(ev->nplayers - p) * 1000);
}

static char *json_of(const sw_seating_event *ev) {
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    sw_error err;
    must(sw_seating_report(ev, SW_SEATING_JSON, ev->nrounds + 1, &sb, &err), &err);
    char *s = malloc(sb.len + 1);
    memcpy(s, sw_strbuf_cstr(&sb), sb.len + 1);
    sw_strbuf_free(&sb);
    return s;
}

static const sw_seating_mode all_modes[] = {SW_SEATING_RANDOM, SW_SEATING_SWISS,
                                            SW_SEATING_SWISS_FIRST, SW_SEATING_INTERVAL};

/* ---- withdrawals, substitutes, late entries ---- */

static void test_withdrawn_player_never_seated_again(void **state) {
    (void)state;
    for (size_t m = 0; m < sizeof all_modes / sizeof all_modes[0]; m++)
        for (int threes = 0; threes >= SW_SEATING_THREES_AUTO; threes--) {
            sw_strbuf sb;
            sw_strbuf_init(&sb);
            history_text(&sb, 12, 2);
            sw_strbuf_puts(&sb, "withdraw 5 9\n");
            sw_seating_event ev;
            read_event(&ev, sw_strbuf_cstr(&sb));
            sw_strbuf_free(&sb);
            points_for_all(&ev);
            int count;
            sw_seating_table *before = copy_rounds(&ev, 2, &count);
            sw_seating_options o;
            sw_seating_options_default(&o);
            o.mode = all_modes[m];
            o.interval = 2;
            o.tries = 20;
            o.threes = threes;
            sw_error err;
            for (int r = 0; r < 3; r++) {
                sw_seating_outcome out;
                must(sw_seating_next_round(&ev, &o, &out, &err), &err);
                int sat = check_round(&ev, 2 + r);
                /* 10 present: 2 tables of four and 2 out, or 2 + 2 of three */
                assert_int_equal(sat, threes ? 0 : 2);
                assert_int_equal(out.threes, threes ? 2 : 0);
                for (int t = 0; t < ev.rounds[2 + r].ntables; t++)
                    for (int s = 0; s < sw_seating_table_size(&ev.rounds[2 + r].tables[t]); s++) {
                        int id = id_of(&ev, ev.rounds[2 + r].tables[t].seat[s]);
                        assert_true(id != 5 && id != 9);
                    }
            }
            same_rounds(&ev, before, count, 2);
            free(before);
            sw_seating_event_free(&ev);
        }
}

static void test_substitute_continues_the_entry(void **state) {
    (void)state;
    /* 1 2 3 4 met in round 1; 9 replaces 1. As the same entry, 9 counts
     * 1's meetings: the fewest crossings of round 2 is then 4 (each table
     * holds two of each round-1 table); a fresh 9 would allow 3. */
    sw_seating_event ev;
    read_event(&ev, "player 1 A\nplayer 2 B\nplayer 3 C\nplayer 4 D\nplayer 5 E\n"
                    "player 6 F\nplayer 7 G\nplayer 8 H\nround 1\ntable 1 2 3 4\n"
                    "table 5 6 7 8\nsubstitute 9 for 1 Ines\n");
    assert_int_equal(ev.nplayers, 9);
    assert_int_equal(ev.players[8].continues, 0);
    assert_int_equal(ev.players[0].until, 1);
    assert_int_equal(ev.players[8].from, 1);
    assert_string_equal(ev.players[8].name, "Ines");
    sw_seating_options o;
    sw_seating_options_default(&o);
    sw_seating_outcome out;
    sw_error err;
    must(sw_seating_next_round(&ev, &o, &out, &err), &err);
    assert_int_equal(out.crossings, 4);
    assert_true(out.exhaustive);
    assert_int_equal(check_round(&ev, 1), 0);
    /* the per-player report keeps them apart: 9 met nobody in round 1 */
    sw_seating_stats st;
    must(sw_seating_stats_init(&st, &ev, 1, &err), &err);
    for (int q = 0; q < 9; q++)
        assert_int_equal(st.meetings[8 * 9 + q], 0);
    assert_int_equal(st.present[8], 0);
    assert_int_equal(st.sitouts[8], 0);
    sw_seating_stats_free(&st);
    sw_seating_event_free(&ev);
}

static void test_late_entry(void **state) {
    (void)state;
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    history_text(&sb, 8, 2);
    sw_strbuf_puts(&sb, "enter 20 Late Comer\n");
    sw_seating_event ev;
    read_event(&ev, sw_strbuf_cstr(&sb));
    sw_strbuf_free(&sb);
    assert_int_equal(ev.players[8].from, 2);
    assert_string_equal(ev.players[8].name, "Late Comer");
    sw_seating_options o;
    sw_seating_options_default(&o);
    o.threes = SW_SEATING_THREES_AUTO;
    sw_error err;
    must(sw_seating_next_round(&ev, &o, NULL, &err), &err);
    /* 9 present: three tables of three, everyone plays, 20 included */
    assert_int_equal(check_round(&ev, 2), 0);
    assert_int_equal(ev.rounds[2].ntables, 3);
    sw_seating_stats st;
    must(sw_seating_stats_init(&st, &ev, -1, &err), &err);
    assert_int_equal(st.present[8], 1);
    assert_int_equal(st.games[8], 1);
    assert_int_equal(st.sitouts[8], 0); /* the rounds before the entry are no sit-outs */
    sw_seating_stats_free(&st);
    sw_seating_event_free(&ev);
}

static void test_library_calls_for_changes(void **state) {
    (void)state;
    sw_seating_event ev;
    sw_seating_event_init(&ev);
    sw_error err;
    for (int p = 1; p <= 8; p++)
        must(sw_seating_add_player(&ev, p, NULL, &err), &err);
    sw_seating_options o;
    sw_seating_options_default(&o);
    must(sw_seating_next_round(&ev, &o, NULL, &err), &err);
    must(sw_seating_withdraw(&ev, 3, &err), &err);
    must(sw_seating_enter(&ev, 30, "Thirty", &err), &err);
    must(sw_seating_substitute(&ev, 40, 4, NULL, &err), &err);
    must(sw_seating_set_team(&ev, 40, "North", &err), &err);
    assert_int_equal(sw_seating_withdraw(&ev, 3, &err), SW_ERR_INVALID);
    assert_non_null(strstr(err.msg, "withdraws twice"));
    assert_int_equal(sw_seating_substitute(&ev, 41, 4, NULL, &err), SW_ERR_INVALID);
    assert_int_equal(sw_seating_enter(&ev, 30, NULL, &err), SW_ERR_INVALID);
    must(sw_seating_next_round(&ev, &o, NULL, &err), &err);
    assert_int_equal(check_round(&ev, 1), 0);
    /* a table with an absent player is refused */
    sw_seating_table t = {{2, 1, 0, 4}}; /* index 2 is player 3, withdrawn */
    assert_int_equal(sw_seating_add_round(&ev, &t, 1, &err), SW_ERR_INVALID);
    assert_non_null(strstr(err.msg, "not in the event in round 3"));
    sw_seating_event_free(&ev);
}

/* ---- teams ---- */

static void team_lines(sw_strbuf *sb, int n, int teams, bool adjacent) {
    /* adjacent: players 1..k in team A, k+1..2k in B (the interval
     * layouts then put teammates together); else round robin */
    for (int p = 1; p <= n; p++)
        sw_strbuf_printf(sb, "team %d Team %c\n", p,
                         'A' + (adjacent ? (p - 1) / (n / teams) : (p - 1) % teams));
}

static void test_teammates_apart_when_feasible(void **state) {
    (void)state;
    for (size_t m = 0; m < sizeof all_modes / sizeof all_modes[0]; m++)
        for (int n = 16; n <= 18; n++) {
            sw_strbuf sb;
            sw_strbuf_init(&sb);
            history_text(&sb, n, 1);
            team_lines(&sb, 16, 4, true); /* 4 teams of 4, ranked together */
            sw_seating_event ev;
            read_event(&ev, sw_strbuf_cstr(&sb));
            sw_strbuf_free(&sb);
            points_for_all(&ev);
            sw_seating_options o;
            sw_seating_options_default(&o);
            o.mode = all_modes[m];
            o.interval = 1;
            o.tries = 30;
            o.threes = n == 18 ? SW_SEATING_THREES_AUTO : 0;
            sw_error err;
            for (int r = 0; r < 3; r++) {
                sw_seating_outcome out;
                must(sw_seating_next_round(&ev, &o, &out, &err), &err);
                check_round(&ev, ev.nrounds - 1);
                assert_true(out.teams_feasible);
                assert_int_equal(out.clashes, 0);
                if (clashes_in(&ev, ev.nrounds - 1))
                    fail_msg("mode %s, %d players: teammates together",
                             sw_seating_mode_name(o.mode), n);
            }
            sw_seating_event_free(&ev);
        }
}

static void test_infeasible_teams_reported(void **state) {
    (void)state;
    /* 8 players, 2 tables, a team of 3: one pair must share a table */
    sw_seating_event ev;
    read_event(&ev, "player 1 A\nplayer 2 B\nplayer 3 C\nplayer 4 D\nplayer 5 E\n"
                    "player 6 F\nplayer 7 G\nplayer 8 H\nteam 1 Big\nteam 2 Big\nteam 3 Big\n");
    sw_seating_options o;
    sw_seating_options_default(&o);
    sw_seating_outcome out;
    sw_error err;
    must(sw_seating_next_round(&ev, &o, &out, &err), &err);
    assert_false(out.teams_feasible);
    assert_int_equal(out.clashes, 1); /* the fewest: 2 + 1 */
    assert_int_equal(clashes_in(&ev, 0), 1);
    assert_int_equal(out.big_team, 0);
    assert_string_equal(ev.teams[out.big_team], "Big");
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    must(sw_seating_report(&ev, SW_SEATING_JSON, 1, &sb, &err), &err);
    assert_non_null(strstr(sw_strbuf_cstr(&sb), "\"team_clashes\": 1"));
    sw_strbuf_free(&sb);
    sw_seating_event_free(&ev);
}

/* ---- tables of three in every mode ---- */

static void test_tables_of_three_every_mode(void **state) {
    (void)state;
    for (size_t m = 0; m < sizeof all_modes / sizeof all_modes[0]; m++)
        for (int n = 6; n <= 23; n++) {
            if (n == 8 || n == 12 || n == 16 || n == 20)
                continue;
            sw_strbuf sb;
            sw_strbuf_init(&sb);
            history_text(&sb, n, 1);
            sw_seating_event ev;
            read_event(&ev, sw_strbuf_cstr(&sb));
            sw_strbuf_free(&sb);
            points_for_all(&ev);
            sw_seating_options o;
            sw_seating_options_default(&o);
            o.mode = all_modes[m];
            o.interval = 2;
            o.tries = 10;
            o.threes = SW_SEATING_THREES_AUTO;
            sw_error err;
            for (int r = 0; r < 4; r++) {
                sw_seating_outcome out;
                must(sw_seating_next_round(&ev, &o, &out, &err), &err);
                int want = sw_seating_threes_for(SW_SEATING_THREES_AUTO, n);
                assert_int_equal(out.threes, want);
                assert_int_equal(check_round(&ev, ev.nrounds - 1), n == 5 ? 1 : 0);
                int threes = 0;
                for (int t = 0; t < ev.rounds[ev.nrounds - 1].ntables; t++)
                    threes += sw_seating_table_size(&ev.rounds[ev.nrounds - 1].tables[t]) == 3;
                assert_int_equal(threes, want);
            }
            sw_seating_event_free(&ev);
        }
    /* a fixed count, with sit-outs for what is left over */
    sw_seating_event ev;
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    history_text(&sb, 14, 0);
    read_event(&ev, sw_strbuf_cstr(&sb));
    sw_strbuf_free(&sb);
    sw_seating_options o;
    sw_seating_options_default(&o);
    o.threes = 1; /* 14 = 3 + 2 x 4 + 3 out */
    sw_seating_outcome out;
    sw_error err;
    must(sw_seating_next_round(&ev, &o, &out, &err), &err);
    assert_int_equal(out.threes, 1);
    assert_int_equal(check_round(&ev, 0), 3);
    o.threes = 5;
    assert_int_equal(sw_seating_next_round(&ev, &o, &out, &err), SW_ERR_INVALID);
    assert_non_null(strstr(err.msg, "5 tables of three for 14 players present"));
    assert_int_equal(sw_seating_threes_for(SW_SEATING_THREES_AUTO, 5), 0);
    assert_int_equal(sw_seating_threes_for(SW_SEATING_THREES_AUTO, 13), 3);
    assert_int_equal(sw_seating_threes_for(7, 20), -1);
    sw_seating_event_free(&ev);
}

static void test_predefined_after_withdrawal(void **state) {
    (void)state;
    /* a script for 8; player 3 withdraws after round 1, 9 substitutes for 6
     * (and plays 6's script seats), 10 enters late */
    sw_seating_event ev;
    read_event(&ev, "player 1 A\nplayer 2 B\nplayer 3 C\nplayer 4 D\nplayer 5 E\n"
                    "player 6 F\nplayer 7 G\nplayer 8 H\n"
                    "1-2-3-4\n5-6-7-8\n\n1-5-6-2\n3-7-8-4\n\n"
                    "round 1\ntable 1 2 3 4\ntable 5 6 7 8\n"
                    "withdraw 3\nsubstitute 9 for 6 Nine\nenter 10 Ten\n");
    sw_seating_options o;
    sw_seating_options_default(&o);
    o.mode = SW_SEATING_PREDEFINED;
    o.threes = SW_SEATING_THREES_AUTO;
    sw_seating_outcome out;
    sw_error err;
    must(sw_seating_next_round(&ev, &o, &out, &err), &err);
    assert_int_equal(check_round(&ev, 1), 0);
    /* the whole script table 1-5-6-2 stays, with 9 in 6's seat */
    const sw_seating_table *t = &ev.rounds[1].tables[0];
    int ids[4];
    for (int s = 0; s < 4; s++)
        ids[s] = id_of(&ev, t->seat[s]);
    int sum = ids[0] + ids[1] + ids[2] + ids[3];
    assert_int_equal(sum, 1 + 5 + 9 + 2);
    /* 7, 8, 4 and the late 10: the broken table's players and the entry */
    assert_int_equal(ev.rounds[1].ntables, 2);
    sw_seating_event_free(&ev);
}

/* Random events that change between rounds, every mode at random, with
 * and without tables of three and teams: every round seats each present
 * player at most once (exactly once with --threes auto from 6 players),
 * never an absent one, and teammates apart whenever the outcome says it is
 * feasible. Under the sanitizers this also walks the new paths for memory
 * errors. */
static void test_random_changing_events(void **state) {
    (void)state;
    sw_rng rng;
    sw_rng_seed(&rng, 14, 3);
    for (int e = 0; e < 150; e++) {
        sw_seating_event ev;
        sw_seating_event_init(&ev);
        sw_error err;
        int n = 4 + (int)sw_rng_bounded(&rng, 20), next_id = 1,
            teams = (int)sw_rng_bounded(&rng, 4);
        for (; next_id <= n; next_id++) {
            must(sw_seating_add_player(&ev, next_id, NULL, &err), &err);
            if (teams) {
                char name[8] = {'T', (char)('a' + sw_rng_bounded(&rng, (uint32_t)teams)), 0};
                must(sw_seating_set_team(&ev, next_id, name, &err), &err);
            }
        }
        for (int r = 0; r < 6; r++) {
            /* a few changes, keeping at least 5 present */
            int present = 0;
            for (int p = 0; p < ev.nplayers; p++)
                present += sw_seating_present(&ev.players[p], ev.nrounds);
            int what = (int)sw_rng_bounded(&rng, 5);
            int p = (int)sw_rng_bounded(&rng, (uint32_t)ev.nplayers);
            bool here = sw_seating_present(&ev.players[p], ev.nrounds) && ev.players[p].until < 0;
            if (what == 0 && here && present > 5)
                must(sw_seating_withdraw(&ev, ev.players[p].id, &err), &err);
            else if (what == 1 && here)
                must(sw_seating_substitute(&ev, next_id++, ev.players[p].id, NULL, &err), &err);
            else if (what == 2)
                must(sw_seating_enter(&ev, next_id++, NULL, &err), &err);
            points_for_all(&ev);
            present = 0;
            for (int q = 0; q < ev.nplayers; q++)
                present += sw_seating_present(&ev.players[q], ev.nrounds);
            sw_seating_options o;
            sw_seating_options_default(&o);
            o.mode = all_modes[sw_rng_bounded(&rng, 4)];
            o.interval = 1 + (int)sw_rng_bounded(&rng, 3);
            o.tries = 5;
            o.seed = (uint64_t)e;
            o.threes = sw_rng_bounded(&rng, 2) ? SW_SEATING_THREES_AUTO : 0;
            if (ev.nrounds == 0 && o.mode != SW_SEATING_RANDOM)
                o.mode = SW_SEATING_RANDOM;
            sw_seating_outcome out;
            must(sw_seating_next_round(&ev, &o, &out, &err), &err);
            int left = check_round(&ev, ev.nrounds - 1);
            if (o.threes && present != 5)
                assert_int_equal(left, 0);
            if (out.teams_feasible && clashes_in(&ev, ev.nrounds - 1))
                fail_msg("event %d round %d (%s): teammates together though feasible", e,
                         ev.nrounds, sw_seating_mode_name(o.mode));
            assert_int_equal(out.clashes, clashes_in(&ev, ev.nrounds - 1));
        }
        /* the whole event reads back from its JSON */
        char *js = json_of(&ev);
        sw_seating_event back;
        read_event(&back, js);
        assert_int_equal(back.nrounds, ev.nrounds);
        free(js);
        sw_seating_event_free(&back);
        sw_seating_event_free(&ev);
    }
}

/* ---- schedules that re-plan ---- */

static void test_schedule_replans_around_played_rounds(void **state) {
    (void)state;
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    history_text(&sb, 16, 2);
    team_lines(&sb, 16, 4, false);
    sw_strbuf_puts(&sb, "withdraw 7\nsubstitute 17 for 8\nenter 18 R\n");
    sw_seating_event ev;
    read_event(&ev, sw_strbuf_cstr(&sb));
    sw_strbuf_free(&sb);
    int count;
    sw_seating_table *before = copy_rounds(&ev, 2, &count);
    sw_schedule_options o;
    sw_schedule_options_default(&o);
    o.rounds = 6;
    o.iterations = 2000;
    sw_schedule_outcome out;
    sw_error err;
    must(sw_seating_schedule(&ev, &o, &out, &err), &err);
    assert_int_equal(ev.nrounds, 6);
    assert_int_equal(out.replanned, 4);
    same_rounds(&ev, before, count, 2);
    free(before);
    for (int r = 2; r < 6; r++) {
        assert_int_equal(check_round(&ev, r), 0); /* 16 present: 14 of the first, 17, 18 */
        assert_int_equal(clashes_in(&ev, r), 0);
    }
    assert_int_equal(out.clashes, 0);
    assert_true(out.sitout_spread <= 1);
    /* determinism for a seed */
    sw_seating_event ev2;
    sw_strbuf_init(&sb);
    history_text(&sb, 16, 2);
    team_lines(&sb, 16, 4, false);
    sw_strbuf_puts(&sb, "withdraw 7\nsubstitute 17 for 8\nenter 18 R\n");
    read_event(&ev2, sw_strbuf_cstr(&sb));
    sw_strbuf_free(&sb);
    must(sw_seating_schedule(&ev2, &o, NULL, &err), &err);
    for (int r = 0; r < 6; r++)
        assert_memory_equal(ev.rounds[r].tables, ev2.rounds[r].tables,
                            (size_t)ev.rounds[r].ntables * sizeof *ev.rounds[r].tables);
    /* nothing left to plan */
    o.rounds = 6;
    assert_int_equal(sw_seating_schedule(&ev2, &o, NULL, &err), SW_ERR_INVALID);
    assert_non_null(strstr(err.msg, "has played 6"));
    sw_seating_event_free(&ev2);
    sw_seating_event_free(&ev);
}

static void test_schedule_with_teams_from_round_one(void **state) {
    (void)state;
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    history_text(&sb, 20, 0);
    team_lines(&sb, 20, 5, true);
    sw_seating_event ev;
    read_event(&ev, sw_strbuf_cstr(&sb));
    sw_strbuf_free(&sb);
    sw_schedule_options o;
    sw_schedule_options_default(&o);
    o.rounds = 5;
    o.iterations = 5000;
    sw_schedule_outcome out;
    sw_error err;
    must(sw_seating_schedule(&ev, &o, &out, &err), &err);
    for (int r = 0; r < 5; r++) {
        assert_int_equal(check_round(&ev, r), 0);
        assert_int_equal(clashes_in(&ev, r), 0);
    }
    sw_seating_event_free(&ev);
}

/* ---- formats ---- */

static const char changing_event[] =
    "player 1 Ann\nplayer 2 Bo\nplayer 3 Cy\nplayer 4 Di\nplayer 5 Ed\nplayer 6 Fa\n"
    "player 7 Gu\nplayer 8 Hu\nteam 1 Red Dragons\nteam 2 Red Dragons\nteam 5 Blue\n"
    "round 1\ntable 1 2 3 4\ntable 5 6 7 8\n"
    "withdraw 2\nsubstitute 9 for 3 Ivo\nenter 10 Jan\n"
    "round 2\ntable 1 5 9 10\ntable 4 6 7 8\n"
    "enter 11 Kit\nteam 11 Blue\nwithdraw 8\n";

static void test_round_trip_of_the_new_lines(void **state) {
    (void)state;
    sw_seating_event ev, back;
    read_event(&ev, changing_event);
    char *js = json_of(&ev);
    read_event(&back, js);
    char *js2 = json_of(&back);
    assert_string_equal(js, js2);
    assert_int_equal(back.nplayers, ev.nplayers);
    for (int p = 0; p < ev.nplayers; p++) {
        assert_int_equal(back.players[p].from, ev.players[p].from);
        assert_int_equal(back.players[p].until, ev.players[p].until);
        assert_int_equal(back.players[p].continues, ev.players[p].continues);
        assert_int_equal(back.players[p].team >= 0, ev.players[p].team >= 0);
        if (ev.players[p].team >= 0)
            assert_string_equal(back.teams[back.players[p].team], ev.teams[ev.players[p].team]);
    }
    /* the analyze contract: present lists follow the changes */
    assert_non_null(strstr(js, "\"number\": 2, \"played\": true, \"present\": [1,4,5,6,7,8,9,10]"));
    assert_non_null(strstr(js, "\"substitutes\": 3"));
    assert_non_null(strstr(js, "\"team\": \"Red Dragons\""));
    /* the next round from the read-back event: 2, 3 and 8 are gone */
    sw_seating_options o;
    sw_seating_options_default(&o);
    sw_error err;
    must(sw_seating_next_round(&back, &o, NULL, &err), &err);
    assert_int_equal(check_round(&back, 2), 0); /* 8 present: two tables */
    free(js);
    free(js2);
    /* the text report names the changes */
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    must(sw_seating_report(&ev, SW_SEATING_TEXT, 3, &sb, &err), &err);
    assert_non_null(strstr(sw_strbuf_cstr(&sb), "then: 2 Bo withdraws; 9 Ivo substitutes for "
                                                "3 Cy; 10 Jan enters"));
    assert_non_null(strstr(sw_strbuf_cstr(&sb), "[team Red Dragons]"));
    sw_strbuf_free(&sb);
    sw_seating_event_free(&ev);
    sw_seating_event_free(&back);
}

static void test_plain_json_changes(void **state) {
    (void)state;
    sw_seating_event ev;
    read_event(&ev, "{\"players\": [{\"id\": 1}, {\"id\": 2, \"team\": \"T\"}, {\"id\": 3},\n"
                    " {\"id\": 4, \"withdrawn_after\": 1}, {\"id\": 5, \"team\": \"T\"},\n"
                    " {\"id\": 6, \"enters_after\": 1, \"substitutes\": 4},\n"
                    " {\"id\": 7, \"enters_after\": 1}, {\"id\": 8, \"enters_after\": 1}],\n"
                    " \"rounds\": [[[1, 2, 3, 4]]]}\n");
    assert_int_equal(ev.players[3].until, 1);
    assert_int_equal(ev.players[5].continues, 3);
    assert_int_equal(ev.players[6].from, 1);
    sw_seating_event_free(&ev);
}

static void test_bad_lines_located(void **state) {
    (void)state;
    static const char head[] = "player 1 A\nplayer 2 B\nplayer 3 C\nplayer 4 D\nplayer 5 E\n"
                               "round 1\ntable 1 2 3 4\n"; /* 7 lines */
    static const struct {
        const char *tail;
        sw_status code;
        int line;
        const char *msg;
    } cases[] = {
        {"withdraw 9\n", SW_ERR_INVALID, 8, "withdraw of unknown player id 9"},
        {"withdraw 1\nwithdraw 1\n", SW_ERR_INVALID, 9, "player 1 withdraws twice"},
        {"withdraw\n", SW_ERR_PARSE, 8, "expected 'withdraw ID...'"},
        {"withdraw x\n", SW_ERR_PARSE, 8, "expected a player id, found 'x'"},
        {"withdraw 2\nround 2\ntable 1 2 3 5\n", SW_ERR_INVALID, 10,
         "player 2 seated in round 2 but withdrew after round 1"},
        {"substitute 6 4\n", SW_ERR_PARSE, 8, "expected 'substitute NEW for OLD [NAME]'"},
        {"substitute 6 for 9\n", SW_ERR_INVALID, 8, "substitute for unknown player id 9"},
        {"substitute 5 for 4\n", SW_ERR_INVALID, 8, "duplicate player id 5"},
        {"withdraw 4\nsubstitute 6 for 4\n", SW_ERR_INVALID, 9, "who withdrew after round 1"},
        {"substitute x for 4\n", SW_ERR_PARSE, 8, "expected the new player's id"},
        {"enter\n", SW_ERR_PARSE, 8, "expected 'enter ID NAME'"},
        {"enter 3 Again\n", SW_ERR_INVALID, 8, "duplicate player id 3"},
        {"player 6 Late\n", SW_ERR_INVALID, 8, "a late entry is 'enter ID NAME'"},
        {"team 1\n", SW_ERR_PARSE, 8, "expected 'team ID NAME'"},
        {"team 9 X\n", SW_ERR_INVALID, 8, "team of unknown player id 9"},
        {"team 1 X\nteam 1 Y\n", SW_ERR_INVALID, 9, "player 1 has a team already ('X')"},
        {"enter 6 F\nround 2\ntable 1 2 3 4\nwithdraw 6\n", SW_ERR_INVALID, 0, NULL},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[512];
        snprintf(text, sizeof text, "%s%s", head, cases[i].tail);
        sw_seating_event ev;
        sw_error err;
        sw_error_clear(&err);
        sw_seating_event_init(&ev);
        sw_status st = sw_seating_event_read(&ev, text, strlen(text), "bad.txt", &err);
        if (!cases[i].msg) { /* a late entry may withdraw without playing */
            assert_int_equal(st, SW_OK);
            sw_seating_event_free(&ev);
            continue;
        }
        if (st != cases[i].code || err.line != cases[i].line || !strstr(err.msg, cases[i].msg) ||
            strcmp(err.file, "bad.txt"))
            fail_msg("case %zu: got %d %s:%d: %s", i, (int)st, err.file, err.line, err.msg);
        sw_seating_event_free(&ev);
    }
    static const struct {
        const char *json;
        int line;
        const char *msg;
    } jcases[] = {
        {"{\"players\": [{\"id\": 1},\n {\"id\": 2, \"enters_after\": 3}],\n \"rounds\": []}", 2,
         "\"enters_after\": 3, but the event has 0 rounds"},
        {"{\"players\": [{\"id\": 1},\n {\"id\": 2,\n \"substitutes\": 1}]}", 3,
         "\"substitutes\" without \"enters_after\""},
        {"{\"players\": [{\"id\": 1},\n {\"id\": 2, \"team\": 5}]}", 2, "team"},
        {"{\"players\": [{\"id\": 1, \"withdrawn_after\": 0}, {\"id\": 2}, {\"id\": 3},\n"
         "{\"id\": 4}, {\"id\": 5}],\n \"rounds\": [[[1, 2, 3, 4]]]}",
         3, "player 1 seated in round 1 but withdrew after round 0"},
        {"{\"players\": [{\"id\": 1}, {\"id\": 2, \"enters_after\": -1}]}", 1, "enters_after"},
    };
    for (size_t i = 0; i < sizeof jcases / sizeof jcases[0]; i++) {
        sw_seating_event ev;
        sw_error err;
        sw_error_clear(&err);
        sw_seating_event_init(&ev);
        sw_status st =
            sw_seating_event_read(&ev, jcases[i].json, strlen(jcases[i].json), "bad.json", &err);
        if (!st || err.line != jcases[i].line || !strstr(err.msg, jcases[i].msg))
            fail_msg("json case %zu: got %d %s:%d: %s", i, (int)st, err.file, err.line, err.msg);
        sw_seating_event_free(&ev);
    }
}

/* ---- the command ---- */

static void test_cli_end_to_end(void **state) {
    (void)state;
    cli_require();
    FILE *f = fopen("changes-event.txt", "w");
    assert_non_null(f);
    fputs(changing_event, f);
    fclose(f);
    cli_expect("seat random changes-event.txt --threes auto --json -o changes-3.json", 0,
               "round 3");
    cli_expect("seat random changes-3.json --quiet", 0, "Round 4 (new)");
    char *out;
    assert_int_equal(cli_run("seat schedule changes-event.txt --rounds 5 --quiet", &out), 0);
    assert_non_null(strstr(out, "Round 3 (new)"));
    assert_null(strstr(out, "Round 2 (new)"));
    free(out);
    cli_expect("seat schedule changes-event.txt --rounds 2", 3, "has played 2");
    /* infeasible teams: a warning, still a seating */
    f = fopen("changes-teams.txt", "w");
    assert_non_null(f);
    fputs("player 1 A\nplayer 2 B\nplayer 3 C\nplayer 4 D\nplayer 5 E\nplayer 6 F\n"
          "player 7 G\nplayer 8 H\nteam 1 Big\nteam 2 Big\nteam 3 Big\n",
          f);
    fclose(f);
    cli_expect("seat random changes-teams.txt --quiet", 0,
               "warning: 1 pair of teammates share a table in round 1 "
               "(cannot be avoided: team 'Big'");
    f = fopen("changes-bad.txt", "w");
    assert_non_null(f);
    fputs("player 1 A\nplayer 2 B\nplayer 3 C\nplayer 4 D\nwithdraw 7\n", f);
    fclose(f);
    cli_expect("seat random changes-bad.txt", 3,
               "changes-bad.txt:5: withdraw of unknown player id 7");
    remove("changes-event.txt");
    remove("changes-3.json");
    remove("changes-teams.txt");
    remove("changes-bad.txt");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_withdrawn_player_never_seated_again),
        cmocka_unit_test(test_substitute_continues_the_entry),
        cmocka_unit_test(test_late_entry),
        cmocka_unit_test(test_library_calls_for_changes),
        cmocka_unit_test(test_teammates_apart_when_feasible),
        cmocka_unit_test(test_infeasible_teams_reported),
        cmocka_unit_test(test_tables_of_three_every_mode),
        cmocka_unit_test(test_predefined_after_withdrawal),
        cmocka_unit_test(test_random_changing_events),
        cmocka_unit_test(test_schedule_replans_around_played_rounds),
        cmocka_unit_test(test_schedule_with_teams_from_round_one),
        cmocka_unit_test(test_round_trip_of_the_new_lines),
        cmocka_unit_test(test_plain_json_changes),
        cmocka_unit_test(test_bad_lines_located),
        cmocka_unit_test(test_cli_end_to_end),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
