/* tests/test_seating.c: four-per-table seating: the inputs and their errors,
 * each mode's defining layout, fewest repeats against a brute-force
 * enumeration of all seatings, wind balance, sit-out fairness, determinism,
 * report round trips, the event as a season (against the JSON round trip),
 * the round layout and exchange of the seating searches, and the 'seat'
 * command end to end.
 * SPDX-License-Identifier: MIT */
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

#include "matrix/criteria.h"
#include "matrix/matrix.h"
#include "report/report.h"
#include "season/season.h"
#include "seating/seating.h"
#include "seating/seating_internal.h"
#include "util/fileio.h"
#include "util/strbuf.h"

#define DATA SW_TEST_DATA "/seating/"
#define EXAMPLES SW_SOURCE_DIR "/examples/seating/"

/* ---- helpers ---- */

static void make_players(sw_seating_event *ev, int n) {
    sw_error err;
    sw_seating_event_init(ev);
    for (int p = 1; p <= n; p++)
        must(sw_seating_add_player(ev, p, NULL, &err), &err);
}

/* Add `rounds` rounds of random full tables (the fewest sitting out). */
static void random_history(sw_seating_event *ev, int rounds, sw_rng *rng) {
    int n = ev->nplayers, *perm = malloc((size_t)n * sizeof *perm);
    sw_seating_table *t = malloc((size_t)(n / 4) * sizeof *t);
    sw_error err;
    for (int r = 0; r < rounds; r++) {
        for (int i = 0; i < n; i++)
            perm[i] = i;
        sw_rng_shuffle(rng, perm, n);
        for (int k = 0; k < n / 4; k++)
            memcpy(t[k].seat, perm + 4 * k, sizeof t[k].seat);
        must(sw_seating_add_round(ev, t, n / 4, &err), &err);
    }
    free(perm);
    free(t);
}

static void set_random_points(sw_seating_event *ev, sw_rng *rng) {
    for (int p = 0; p < ev->nplayers; p++)
        sw_seating_set_points(ev, p, (int64_t)sw_rng_bounded(rng, 200000) - 100000);
}

static void table_sorted(const sw_seating_table *t, int out[4]) {
    memcpy(out, t->seat, 4 * sizeof *out);
    for (int i = 1; i < 4; i++)
        for (int j = i; j > 0 && out[j - 1] > out[j]; j--) {
            int x = out[j];
            out[j] = out[j - 1];
            out[j - 1] = x;
        }
}

/* Exhaustive minimum over all partitions of players[0..m) into tables:
 * lexicographic (crossings = earlier meetings of the pairs seated together,
 * the sum of their squares, rank spread). */
typedef struct brute {
    const int *meet;
    int n;
    const int *rank;
    long best[3];
    long cur[3];
} brute;

static void brute_rec(brute *b, int *left, int m) {
    if (m == 0) {
        if (b->best[0] < 0 || memcmp(b->cur, b->best, sizeof b->cur) < 0) {
            bool better = b->best[0] < 0;
            for (int k = 0; k < 3 && !better; k++) {
                if (b->cur[k] != b->best[k]) {
                    better = b->cur[k] < b->best[k];
                    break;
                }
            }
            if (better)
                memcpy(b->best, b->cur, sizeof b->best);
        }
        return;
    }
    int p = left[0];
    for (int i = 1; i < m; i++)
        for (int j = i + 1; j < m; j++)
            for (int k = j + 1; k < m; k++) {
                int four[4] = {p, left[i], left[j], left[k]};
                long cross = 0, squares = 0, lo = 1 << 30, hi = -1;
                for (int a = 0; a < 4; a++) {
                    for (int c = a + 1; c < 4; c++) {
                        int v = b->meet[four[a] * b->n + four[c]];
                        cross += v;
                        squares += (long)v * v;
                    }
                    if (b->rank) {
                        lo = b->rank[four[a]] < lo ? b->rank[four[a]] : lo;
                        hi = b->rank[four[a]] > hi ? b->rank[four[a]] : hi;
                    }
                }
                long spread = b->rank ? hi - lo : 0;
                int rest[64], r = 0;
                for (int x = 1; x < m; x++)
                    if (x != i && x != j && x != k)
                        rest[r++] = left[x];
                b->cur[0] += cross, b->cur[1] += squares, b->cur[2] += spread;
                brute_rec(b, rest, r);
                b->cur[0] -= cross, b->cur[1] -= squares, b->cur[2] -= spread;
            }
}

static void brute_min(const sw_seating_stats *st, const int *players, int m, const int *rank,
                      long best[3]) {
    brute b = {st->meetings, st->n, rank, {-1, -1, -1}, {0, 0, 0}};
    int left[64];
    memcpy(left, players, (size_t)m * sizeof *left);
    brute_rec(&b, left, m);
    memcpy(best, b.best, sizeof b.best);
}

static void ranks_of(const sw_seating_event *ev, int *rank) {
    /* points descending, then standing order: the rule of docs/seating.md */
    int n = ev->nplayers;
    for (int p = 0; p < n; p++) {
        rank[p] = 0;
        for (int q = 0; q < n; q++) {
            const sw_seating_player *a = &ev->players[q], *b = &ev->players[p];
            rank[p] += a->points > b->points ||
                       (a->points == b->points && a->standing_order < b->standing_order);
        }
    }
}

/* club12 and its standings read into a new event. */
static void read_club12(sw_seating_event *ev) {
    sw_error err;
    sw_seating_event_init(ev);
    must(sw_seating_event_read_file(ev, EXAMPLES "club12.txt", &err), &err);
    must(sw_seating_event_read_file(ev, EXAMPLES "club12-standings.txt", &err), &err);
}

/* DATA/file read into a new event; path (512 bytes) gets its full name. */
static sw_status read_data(const char *file, sw_seating_event *ev, sw_error *err, char *path) {
    sw_error_clear(err);
    sw_seating_event_init(ev);
    snprintf(path, 512, DATA "%s", file);
    return sw_seating_event_read_file(ev, path, err);
}

static sw_seating_options opts(sw_seating_mode mode, uint64_t seed, long tries) {
    sw_seating_options o;
    sw_seating_options_default(&o);
    o.mode = mode;
    o.seed = seed;
    o.tries = tries;
    return o;
}

/* ---- input ---- */

static void test_text_example_reads(void **state) {
    (void)state;
    sw_seating_event ev;
    sw_error err;
    read_club12(&ev);
    must(sw_seating_event_check(&ev, &err), &err);
    assert_int_equal(ev.nplayers, 12);
    assert_int_equal(ev.nrounds, 2);
    assert_string_equal(ev.players[5].name, "Fumiko");
    assert_int_equal(ev.players[5].id, 106);
    assert_int_equal(ev.players[5].points, 70200);
    assert_int_equal(ev.players[3].points, -55700);
    assert_int_equal(ev.players[0].games, 2);
    /* round 2, table 1 is "105 101 109 110": indices 4 0 8 9 */
    const int expect[4] = {4, 0, 8, 9};
    assert_memory_equal(ev.rounds[1].tables[0].seat, expect, sizeof expect);
    assert_int_equal(sw_seating_find_player(&ev, 112), 11);
    assert_int_equal(sw_seating_find_player(&ev, 113), -1);
    sw_seating_event_free(&ev);
    sw_seating_event_free(&ev); /* a freed event is zeroed: freeing again is safe */
}

static void test_json_reads_same_event(void **state) {
    (void)state;
    sw_seating_event a, b;
    sw_error err;
    read_club12(&a);
    sw_seating_event_init(&b);
    must(sw_seating_event_read_file(&b, DATA "club12.json", &err), &err);
    must(sw_seating_event_check(&b, &err), &err);
    assert_int_equal(a.nplayers, b.nplayers);
    assert_int_equal(a.nrounds, b.nrounds);
    for (int p = 0; p < a.nplayers; p++) {
        assert_int_equal(a.players[p].id, b.players[p].id);
        assert_string_equal(a.players[p].name, b.players[p].name);
        assert_int_equal(a.players[p].points, b.players[p].points);
        assert_int_equal(a.players[p].games, b.players[p].games);
    }
    for (int r = 0; r < a.nrounds; r++) {
        assert_int_equal(a.rounds[r].ntables, b.rounds[r].ntables);
        assert_memory_equal(a.rounds[r].tables, b.rounds[r].tables,
                            (size_t)a.rounds[r].ntables * sizeof *a.rounds[r].tables);
    }
    sw_seating_event_free(&a);
    sw_seating_event_free(&b);
}

static void test_points_parse(void **state) {
    (void)state;
    static const struct {
        const char *s;
        int64_t v;
    } ok[] = {{"12", 12000}, {"-3.5", -3500}, {"+45.25", 45250}, {"0.001", 1}, {"-0", 0}};
    sw_seating_event ev;
    sw_error err;
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        char text[128];
        snprintf(text, sizeof text, "player 1\nplayer 2\nplayer 3\nplayer 4\nstanding 3 %s\n",
                 ok[i].s);
        sw_seating_event_init(&ev);
        must(sw_seating_event_read(&ev, text, strlen(text), "t", &err), &err);
        assert_int_equal(ev.players[2].points, ok[i].v);
        assert_string_equal(ev.players[2].name, "Player 3");
        sw_seating_event_free(&ev);
    }
    static const char *bad[] = {"1.2345", "1e3", "abc", "1.", ".5", "--1"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char text[128];
        snprintf(text, sizeof text, "player 1\nplayer 2\nplayer 3\nplayer 4\nstanding 3 %s\n",
                 bad[i]);
        sw_seating_event_init(&ev);
        assert_int_equal(sw_seating_event_read(&ev, text, strlen(text), "t", &err), SW_ERR_PARSE);
        assert_int_equal(err.line, 5);
        sw_seating_event_free(&ev);
    }
}

static void test_bad_inputs_located(void **state) {
    (void)state;
    static const struct {
        const char *file;
        sw_status code;
        int line;
        const char *msg;
    } cases[] = {
        {"unknown-id.txt", SW_ERR_INVALID, 6, "unknown player id 99"},
        {"dup-player.txt", SW_ERR_INVALID, 3, "duplicate player id 2"},
        {"dup-seat.txt", SW_ERR_INVALID, 9, "player 1 seated twice"},
        {"short-table.txt", SW_ERR_PARSE, 6, "table with 3 players"},
        {"standings-unknown.txt", SW_ERR_INVALID, 8, "unknown player id 7"},
        {"bad-points.txt", SW_ERR_PARSE, 5, "more than 3 decimals"},
        {"round-number.txt", SW_ERR_INVALID, 7, "expected round 2"},
        {"player-late.txt", SW_ERR_INVALID, 7, "declare all players first"},
        {"script-range.txt", SW_ERR_INVALID, 6, "script id 5: expected 1 to 4"},
        {"script-tables.txt", SW_ERR_INVALID, 9, "script round 1 has 1 tables: expected 2"},
        {"map-dup.txt", SW_ERR_INVALID, 6, "script id 1 mapped twice"},
        {"sitout-seated.txt", SW_ERR_INVALID, 8, "player 2 sits out but is seated"},
        {"empty-round.txt", SW_ERR_INVALID, 5, "round 1 has no tables"},
        {"unknown-line.txt", SW_ERR_PARSE, 5, "unknown line 'seat'"},
        {"bad-syntax.json", SW_ERR_PARSE, 5, "expected ',' or ']'"},
        {"unknown-id.json", SW_ERR_INVALID, 5, "unknown player id 44"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sw_seating_event ev;
        sw_error err;
        char path[512];
        sw_status st = read_data(cases[i].file, &ev, &err, path);
        if (st != cases[i].code || err.line != cases[i].line || !strstr(err.msg, cases[i].msg))
            fail_msg("%s: got %d at line %d '%s', expected %d at line %d '%s'", cases[i].file,
                     (int)st, err.line, err.msg, (int)cases[i].code, cases[i].line, cases[i].msg);
        assert_string_equal(err.file, path);
        sw_seating_event_free(&ev);
    }
}

/* Mutated inputs (byte changes, cuts, NULs) are refused with a message or
 * read into a usable event: never a crash, a hang or a leak (ASan run). */
static void fuzz_one(const char *orig, size_t len, sw_rng *rng) {
    static const char alphabet[] = "0123456789{}[],:\"\\ \n\t-.eEtrufalsn#xyzplayerounds\x80\xff";
    char *buf = malloc(len + 1);
    memcpy(buf, orig, len);
    size_t n = len;
    int edits = 1 + (int)sw_rng_bounded(rng, 4);
    for (int e = 0; e < edits && n > 0; e++) {
        size_t at = sw_rng_bounded(rng, (uint32_t)n);
        switch (sw_rng_bounded(rng, 4)) {
        case 0:
            buf[at] = alphabet[sw_rng_bounded(rng, sizeof alphabet - 1)];
            break;
        case 1:
            n = at;
            break; /* cut the file short */
        case 2:
            buf[at] = '\0';
            break;
        default:
            memmove(buf + at, buf + at + 1, n - at - 1), n--;
            break;
        }
    }
    sw_seating_event ev;
    sw_error err;
    sw_error_clear(&err);
    sw_seating_event_init(&ev);
    sw_status st = sw_seating_event_read(&ev, buf, n, "fuzz", &err);
    if (!st)
        st = sw_seating_event_check(&ev, &err);
    if (st) {
        assert_true(err.msg[0] != '\0');
        assert_int_equal(err.code, st);
    } else if (ev.nplayers <= 64) {
        sw_seating_options o = opts(SW_SEATING_RANDOM, 1, 2);
        st = sw_seating_next_round(&ev, &o, NULL, &err);
        assert_true(st == SW_OK || st == SW_ERR_LIMIT);
    }
    sw_seating_event_free(&ev);
    free(buf);
}

static void test_fuzzed_inputs_never_crash(void **state) {
    (void)state;
    static const char *files[] = {DATA "club12.json", EXAMPLES "club12.txt",
                                  EXAMPLES "script8.txt"};
    sw_rng rng;
    sw_rng_seed(&rng, 2024, 1);
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        char *data;
        size_t len;
        sw_error err;
        must(sw_file_read(files[f], &data, &len, &err), &err);
        for (int i = 0; i < 700; i++)
            fuzz_one(data, len, &rng);
        free(data);
    }
}

static void test_checks_after_reading(void **state) {
    (void)state;
    static const struct {
        const char *file;
        int line;
        const char *msg;
    } cases[] = {
        {"standings-games.txt", 11, "player 3 has 2 games in the standings, expected 1"},
        {"standings-games.json", 6, "player 5 has 1 games in the standings, expected 0"},
        {"too-few.txt", 0, "3 players: expected at least 4"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sw_seating_event ev;
        sw_error err;
        char path[512];
        must(read_data(cases[i].file, &ev, &err, path), &err);
        assert_int_equal(sw_seating_event_check(&ev, &err), SW_ERR_INVALID);
        if (err.line != cases[i].line || !strstr(err.msg, cases[i].msg))
            fail_msg("%s: got line %d '%s'", cases[i].file, err.line, err.msg);
        sw_seating_event_free(&ev);
    }
}

static void test_mode_preconditions(void **state) {
    (void)state;
    sw_seating_event ev;
    sw_error err;
    make_players(&ev, 8);
    sw_seating_options o = opts(SW_SEATING_SWISS, 1, 10);
    assert_int_equal(sw_seating_next_round(&ev, &o, NULL, &err), SW_ERR_INVALID);
    assert_non_null(strstr(err.msg, "at least one played round"));
    o.mode = SW_SEATING_RANDOM;
    must(sw_seating_next_round(&ev, &o, NULL, &err), &err);
    o.mode = SW_SEATING_SWISS;
    assert_int_equal(sw_seating_next_round(&ev, &o, NULL, &err), SW_ERR_INVALID);
    assert_non_null(strstr(err.msg, "player 1 (Player 1) has no standing"));
    for (int p = 0; p < 8; p++)
        sw_seating_set_points(&ev, p, p);
    o.mode = SW_SEATING_INTERVAL;
    o.interval = 0;
    assert_int_equal(sw_seating_next_round(&ev, &o, NULL, &err), SW_ERR_INVALID);
    o.mode = SW_SEATING_PREDEFINED;
    assert_int_equal(sw_seating_next_round(&ev, &o, NULL, &err), SW_ERR_INVALID);
    assert_non_null(strstr(err.msg, "round 2 is not scripted"));
    assert_int_equal(ev.nrounds, 1); /* failures add nothing */
    sw_seating_event_free(&ev);

    make_players(&ev, 3);
    o.mode = SW_SEATING_RANDOM;
    assert_int_equal(sw_seating_next_round(&ev, &o, NULL, &err), SW_ERR_INVALID);
    assert_non_null(strstr(err.msg, "at least 4"));
    sw_seating_event_free(&ev);
}

/* ---- modes ---- */

static void test_interval_layouts(void **state) {
    (void)state;
    sw_rng rng;
    sw_rng_seed(&rng, 5, 5);
    for (int K = 1; K <= 5; K++) {
        sw_seating_event ev;
        sw_error err;
        make_players(&ev, 32);
        random_history(&ev, 1, &rng);
        set_random_points(&ev, &rng);
        int rank[32], by_rank[32];
        ranks_of(&ev, rank);
        for (int p = 0; p < 32; p++)
            by_rank[rank[p]] = p;
        sw_seating_options o = opts(SW_SEATING_INTERVAL, 1, 1);
        o.interval = K;
        must(sw_seating_next_round(&ev, &o, NULL, &err), &err);
        const sw_seating_round *r = &ev.rounds[1];
        assert_int_equal(r->ntables, 8);
        /* groups of K tables over 4K ranks, then the rest 4 at a time */
        int rest = 8 % K, t = 0;
        for (int base = 0; base < 32 - 4 * rest; base += 4 * K)
            for (int o2 = 0; o2 < K; o2++, t++) {
                int want[4], got[4];
                sw_seating_table w;
                for (int j = 0; j < 4; j++)
                    w.seat[j] = by_rank[base + o2 + K * j];
                table_sorted(&w, want);
                table_sorted(&r->tables[t], got);
                assert_memory_equal(want, got, sizeof want);
            }
        for (int base = 32 - 4 * rest; base < 32; base += 4, t++) {
            int want[4], got[4];
            sw_seating_table w;
            for (int j = 0; j < 4; j++)
                w.seat[j] = by_rank[base + j];
            table_sorted(&w, want);
            table_sorted(&r->tables[t], got);
            assert_memory_equal(want, got, sizeof want);
        }
        sw_seating_event_free(&ev);
    }
}

static void test_interval_two_on_twelve_by_hand(void **state) {
    (void)state;
    /* club12 ranks: 106 101 110 103 105 108 109 112 102 107 104 111 */
    sw_seating_event ev;
    sw_error err;
    read_club12(&ev);
    sw_seating_options o = opts(SW_SEATING_INTERVAL, 1, 1);
    o.interval = 2;
    must(sw_seating_next_round(&ev, &o, NULL, &err), &err);
    static const int want[3][4] = {
        {105, 106, 109, 110}, {101, 103, 108, 112}, {102, 104, 107, 111}};
    for (int t = 0; t < 3; t++) {
        int got[4];
        sw_seating_table ids;
        for (int s = 0; s < 4; s++)
            ids.seat[s] = ev.players[ev.rounds[2].tables[t].seat[s]].id;
        table_sorted(&ids, got);
        assert_memory_equal(got, want[t], sizeof got);
    }
    sw_seating_event_free(&ev);
}

static void test_interval_sitouts_are_lowest_ranked(void **state) {
    (void)state;
    sw_seating_event ev;
    sw_error err;
    make_players(&ev, 10);
    sw_seating_options o = opts(SW_SEATING_RANDOM, 3, 20);
    must(sw_seating_next_round(&ev, &o, NULL, &err), &err);
    /* Points 10..1: player 1 leads. Round 1's sit-outs have rested, so the
     * lowest-ranked of the others sit out now. */
    for (int p = 0; p < 10; p++)
        sw_seating_set_points(&ev, p, 10 - p);
    bool out1[10] = {false};
    for (int p = 0; p < 10; p++)
        out1[p] = true;
    for (int t = 0; t < 2; t++)
        for (int s = 0; s < 4; s++)
            out1[ev.rounds[0].tables[t].seat[s]] = false;
    o.mode = SW_SEATING_INTERVAL;
    o.interval = 1;
    must(sw_seating_next_round(&ev, &o, NULL, &err), &err);
    int expect_out[2], k = 0;
    for (int p = 9; p >= 0 && k < 2; p--)
        if (!out1[p])
            expect_out[k++] = p;
    bool seated[10] = {false};
    for (int t = 0; t < 2; t++)
        for (int s = 0; s < 4; s++)
            seated[ev.rounds[1].tables[t].seat[s]] = true;
    assert_false(seated[expect_out[0]]);
    assert_false(seated[expect_out[1]]);
    sw_seating_event_free(&ev);
}

static void test_predefined_follows_mapped_script(void **state) {
    (void)state;
    sw_seating_event ev;
    sw_error err;
    sw_seating_event_init(&ev);
    must(sw_seating_event_read_file(&ev, EXAMPLES "script8.txt", &err), &err);
    must(sw_seating_event_check(&ev, &err), &err);
    sw_seating_options o = opts(SW_SEATING_PREDEFINED, 1, 1);
    for (int r = 0; r < 3; r++) {
        must(sw_seating_next_round(&ev, &o, NULL, &err), &err);
        for (int t = 0; t < 2; t++) {
            sw_seating_table want;
            for (int s = 0; s < 4; s++) {
                int sid = ev.script[r].tables[t].seat[s], who = -1;
                for (int p = 0; p < ev.nplayers; p++)
                    if (ev.players[p].script_id == sid)
                        who = p;
                want.seat[s] = who;
            }
            int a[4], b[4];
            table_sorted(&want, a);
            table_sorted(&ev.rounds[r].tables[t], b);
            assert_memory_equal(a, b, sizeof a);
        }
    }
    /* script id 1 is player 25 (index 4): in script round 1 with ids 2 3 4 = 22 27 24 */
    int first[4];
    table_sorted(&ev.rounds[0].tables[0], first);
    const int idx[4] = {1, 3, 4, 6};
    assert_memory_equal(first, idx, sizeof idx);
    assert_int_equal(sw_seating_next_round(&ev, &o, NULL, &err), SW_ERR_INVALID);
    sw_seating_event_free(&ev);
}

static void test_unmapped_script_uses_file_order_and_incomplete_map_fails(void **state) {
    (void)state;
    const char *text = "player 9 A\nplayer 8 B\nplayer 7 C\nplayer 6 D\n"
                       "script\ntable 4 3 2 1\n";
    sw_seating_event ev;
    sw_error err;
    sw_seating_event_init(&ev);
    must(sw_seating_event_read(&ev, text, strlen(text), "s", &err), &err);
    must(sw_seating_event_check(&ev, &err), &err);
    assert_int_equal(ev.players[0].script_id, 1);
    assert_int_equal(ev.players[3].script_id, 4);
    sw_seating_event_free(&ev);
    const char *partial = "player 9 A\nplayer 8 B\nplayer 7 C\nplayer 6 D\nmap 1 6\nmap 2 7\n";
    sw_seating_event_init(&ev);
    must(sw_seating_event_read(&ev, partial, strlen(partial), "s", &err), &err);
    assert_int_equal(sw_seating_event_check(&ev, &err), SW_ERR_INVALID);
    assert_non_null(strstr(err.msg, "player 9 has no script id"));
    /* a program that skips the check still gets an error, not a bad index */
    const char *script = "script\ntable 1 2 3 4\n";
    must(sw_seating_event_read(&ev, script, strlen(script), "s2", &err), &err);
    sw_seating_options o = opts(SW_SEATING_PREDEFINED, 1, 1);
    assert_int_equal(sw_seating_next_round(&ev, &o, NULL, &err), SW_ERR_INVALID);
    assert_non_null(strstr(err.msg, "one to one"));
    sw_seating_event_free(&ev);
}

/* The searched modes reach the brute-force minimum: fewest crossings (so
 * no repeat at all when a repeat-free round exists), then squares, then in
 * swiss the rank spread. */
static void check_min_repeats(sw_seating_mode mode, int n, int rounds, uint64_t seed) {
    sw_seating_event ev;
    sw_error err;
    sw_rng rng;
    sw_rng_seed(&rng, seed, 17);
    make_players(&ev, n);
    random_history(&ev, rounds, &rng);
    set_random_points(&ev, &rng);
    sw_seating_stats st;
    must(sw_seating_stats_init(&st, &ev, -1, &err), &err);
    int rank[64], players[64];
    ranks_of(&ev, rank);
    for (int p = 0; p < n; p++)
        players[p] = p;
    long best[3];
    bool swiss = mode == SW_SEATING_SWISS;
    brute_min(&st, players, n, swiss ? rank : NULL, best);
    sw_seating_options o = opts(mode, seed, 300);
    sw_seating_outcome out;
    must(sw_seating_next_round(&ev, &o, &out, &err), &err);
    assert_true(out.exhaustive);
    assert_int_equal(out.crossings, best[0]);
    if (swiss)
        assert_int_equal(out.spread, best[2]);
    /* the outcome describes the round that was added */
    long pairs = 0, cross = 0, squares = 0;
    const sw_seating_round *r = &ev.rounds[rounds];
    for (int t = 0; t < r->ntables; t++)
        for (int a = 0; a < 4; a++)
            for (int b = a + 1; b < 4; b++) {
                long v = st.meetings[r->tables[t].seat[a] * n + r->tables[t].seat[b]];
                pairs += v > 0;
                cross += v;
                squares += v * v;
            }
    assert_int_equal(pairs, out.repeat_pairs);
    assert_int_equal(cross, out.crossings);
    assert_int_equal(squares, best[1]);
    sw_seating_stats_free(&st);
    sw_seating_event_free(&ev);
}

static void test_random_mode_fewest_repeats_brute_force(void **state) {
    (void)state;
    for (uint64_t seed = 1; seed <= 6; seed++) {
        check_min_repeats(SW_SEATING_RANDOM, 8, 1 + (int)(seed % 3), seed);
        check_min_repeats(SW_SEATING_RANDOM, 12, 1 + (int)(seed % 4), seed);
        check_min_repeats(SW_SEATING_RANDOM, 16, 2 + (int)(seed % 3), seed);
    }
}

static void test_swiss_mode_fewest_repeats_brute_force(void **state) {
    (void)state;
    for (uint64_t seed = 1; seed <= 6; seed++) {
        check_min_repeats(SW_SEATING_SWISS, 8, 1 + (int)(seed % 2), seed);
        check_min_repeats(SW_SEATING_SWISS, 12, 1 + (int)(seed % 4), seed);
    }
}

/* With one sit-out a round, every eligible sit-out times every seating. */
static void test_random_mode_with_sitout_brute_force(void **state) {
    (void)state;
    for (uint64_t seed = 1; seed <= 5; seed++) {
        int n = seed % 2 ? 9 : 13;
        sw_seating_event ev;
        sw_error err;
        sw_rng rng;
        sw_rng_seed(&rng, seed, 3);
        make_players(&ev, n);
        sw_seating_options o = opts(SW_SEATING_RANDOM, seed, 1);
        o.exact_nodes = 0; /* plain tries build a history with repeats */
        for (int r = 0; r < 3; r++)
            must(sw_seating_next_round(&ev, &o, NULL, &err), &err);
        sw_seating_stats st;
        must(sw_seating_stats_init(&st, &ev, -1, &err), &err);
        int lo = 99;
        for (int p = 0; p < n; p++)
            lo = st.sitouts[p] < lo ? st.sitouts[p] : lo;
        long best = -1;
        for (int out = 0; out < n; out++) {
            if (st.sitouts[out] != lo)
                continue;
            int players[16], m = 0;
            for (int p = 0; p < n; p++)
                if (p != out)
                    players[m++] = p;
            long b[3];
            brute_min(&st, players, m, NULL, b);
            best = best < 0 || b[0] < best ? b[0] : best;
        }
        sw_seating_outcome res;
        o = opts(SW_SEATING_RANDOM, seed, 200);
        must(sw_seating_next_round(&ev, &o, &res, &err), &err);
        assert_int_equal(res.crossings, best);
        assert_int_equal(res.sitouts, 1);
        sw_seating_stats_free(&st);
        sw_seating_event_free(&ev);
    }
}

static void test_swiss_prefers_close_ranks(void **state) {
    (void)state;
    /* 16 players, round 1 seated 1-5-9-13 style: consecutive ranks never met,
     * so swiss must seat ranks 1-4, 5-8, ... (the spread floor 3 a table). */
    sw_seating_event ev;
    sw_error err;
    make_players(&ev, 16);
    sw_seating_table t[4];
    for (int k = 0; k < 4; k++)
        for (int s = 0; s < 4; s++)
            t[k].seat[s] = k + 4 * s;
    must(sw_seating_add_round(&ev, t, 4, &err), &err);
    for (int p = 0; p < 16; p++)
        sw_seating_set_points(&ev, p, 1000 * (16 - p));
    sw_seating_options o = opts(SW_SEATING_SWISS, 2, 50);
    sw_seating_outcome out;
    must(sw_seating_next_round(&ev, &o, &out, &err), &err);
    assert_int_equal(out.repeat_pairs, 0);
    assert_int_equal(out.spread, 12);
    for (int k = 0; k < 4; k++) {
        int got[4];
        table_sorted(&ev.rounds[1].tables[k], got);
        for (int s = 0; s < 4; s++)
            assert_int_equal(got[s], 4 * k + s); /* top table first */
    }
    sw_seating_event_free(&ev);
}

static void test_swiss_first_is_pantheon_greedy(void **state) {
    (void)state;
    /* Ranks = index. Round 1: {0,1,2,3} {4,5,6,7}. Nobody is unmet by a
     * whole table of 3, so past the second seat the fallback applies: the
     * fewest meetings with those seated, the best rank first. */
    sw_seating_event ev;
    sw_error err;
    make_players(&ev, 8);
    sw_seating_table t[2] = {{{0, 1, 2, 3}}, {{4, 5, 6, 7}}};
    must(sw_seating_add_round(&ev, t, 2, &err), &err);
    for (int p = 0; p < 8; p++)
        sw_seating_set_points(&ev, p, 100 - p);
    sw_seating_options o = opts(SW_SEATING_SWISS_FIRST, 1, 1);
    must(sw_seating_next_round(&ev, &o, NULL, &err), &err);
    /* table 1: 0, 4 (unmet), then min meetings with {0,4}: 1 (met 0 once)
     * ties with 5 (met 4 once): 1 ranks better; then with {0,4,1}: 5 has 1,
     * 2 has 2: 5. */
    int a[4], b[4];
    table_sorted(&ev.rounds[1].tables[0], a);
    table_sorted(&ev.rounds[1].tables[1], b);
    const int want_a[4] = {0, 1, 4, 5}, want_b[4] = {2, 3, 6, 7};
    assert_memory_equal(a, want_a, sizeof a);
    assert_memory_equal(b, want_b, sizeof b);
    sw_seating_event_free(&ev);
}

/* ---- winds and sit-outs ---- */

static void test_winds_go_to_the_missing_wind(void **state) {
    (void)state;
    /* player i has had every wind once except wind i: each must get it */
    int winds[4 * SW_WINDS];
    for (int p = 0; p < 4; p++)
        for (int w = 0; w < 4; w++)
            winds[p * 4 + w] = p == w ? 0 : 1;
    for (uint64_t seed = 0; seed < 20; seed++) {
        int copy[16];
        memcpy(copy, winds, sizeof copy);
        sw_seating_table t = {{2, 0, 3, 1}};
        sw_rng rng;
        sw_rng_seed(&rng, seed, 1);
        sw_seating_assign_winds(copy, &t, &rng);
        for (int s = 0; s < 4; s++)
            assert_int_equal(t.seat[s], s);
        for (int i = 0; i < 16; i++)
            assert_int_equal(copy[i], 1);
    }
}

static void test_four_players_get_every_wind_equally(void **state) {
    (void)state;
    /* N = 4: the same table every round; after 4k rounds each wind k times. */
    sw_seating_event ev;
    sw_error err;
    make_players(&ev, 4);
    sw_seating_options o = opts(SW_SEATING_RANDOM, 9, 5);
    for (int r = 1; r <= 12; r++) {
        must(sw_seating_next_round(&ev, &o, NULL, &err), &err);
        sw_seating_stats st;
        must(sw_seating_stats_init(&st, &ev, -1, &err), &err);
        for (int i = 0; i < 16; i++)
            assert_in_range(st.winds[i], (unsigned)(r / 4), (unsigned)((r + 3) / 4));
        sw_seating_stats_free(&st);
    }
    sw_seating_event_free(&ev);
}

static void test_wind_spread_bound_over_events(void **state) {
    (void)state;
    /* Any table composition (random tables, 4..40 players, up to 24 rounds):
     * no player's most and least frequent wind ever differ by more than 2. */
    long players = 0, spread2 = 0;
    for (uint64_t e = 0; e < 300; e++) {
        sw_rng rng;
        sw_rng_seed(&rng, e, 7);
        int n = 4 + (int)sw_rng_bounded(&rng, 37), R = 1 + (int)sw_rng_bounded(&rng, 24);
        int *w = calloc((size_t)n * 4, sizeof *w), *perm = malloc((size_t)n * sizeof *perm);
        for (int r = 0; r < R; r++) {
            for (int i = 0; i < n; i++)
                perm[i] = i;
            sw_rng_shuffle(&rng, perm, n);
            for (int t = 0; t < n / 4; t++) {
                sw_seating_table tb;
                memcpy(tb.seat, perm + 4 * t, sizeof tb.seat);
                sw_seating_assign_winds(w, &tb, &rng);
            }
            for (int i = 0; i < n; i++) {
                int lo = w[4 * i], hi = lo;
                for (int k = 1; k < 4; k++) {
                    lo = w[4 * i + k] < lo ? w[4 * i + k] : lo;
                    hi = w[4 * i + k] > hi ? w[4 * i + k] : hi;
                }
                assert_true(hi - lo <= 2);
                if (r == R - 1) {
                    players++;
                    spread2 += hi - lo == 2;
                }
            }
        }
        free(w);
        free(perm);
    }
    assert_true(spread2 * 5 < players); /* most end within 1 */
}

static void test_sitout_fairness(void **state) {
    (void)state;
    static const sw_seating_mode modes[] = {SW_SEATING_RANDOM, SW_SEATING_SWISS,
                                            SW_SEATING_INTERVAL, SW_SEATING_SWISS_FIRST};
    static const int sizes[] = {5, 6, 7, 9, 10, 13, 15, 18};
    for (size_t mi = 0; mi < 4; mi++)
        for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
            int n = sizes[si];
            sw_seating_event ev;
            sw_error err;
            sw_rng rng;
            sw_rng_seed(&rng, si, mi);
            make_players(&ev, n);
            for (int r = 0; r < 12; r++) {
                sw_seating_options o = opts(r ? modes[mi] : SW_SEATING_RANDOM, si + 1, 20);
                set_random_points(&ev, &rng);
                must(sw_seating_next_round(&ev, &o, NULL, &err), &err);
                assert_int_equal(ev.rounds[r].ntables, n / 4);
                sw_seating_stats st;
                must(sw_seating_stats_init(&st, &ev, -1, &err), &err);
                /* nobody sits out twice before everyone has once */
                assert_true(st.sitout_spread <= 1);
                long total = 0;
                for (int p = 0; p < n; p++)
                    total += st.sitouts[p];
                assert_int_equal(total, (long)(r + 1) * (n % 4));
                sw_seating_stats_free(&st);
            }
            sw_seating_event_free(&ev);
        }
}

static void test_choose_sitouts_rule(void **state) {
    (void)state;
    int sitouts[6] = {1, 0, 1, 0, 2, 0}, pref[6] = {0, 5, 1, 4, 2, 3}, out[3];
    sw_seating_choose_sitouts(6, sitouts, pref, 3, out);
    /* zero sit-outs first (players 1, 3, 5), by preference: 5, 3, 1 */
    assert_int_equal(out[0], 5);
    assert_int_equal(out[1], 3);
    assert_int_equal(out[2], 1);
    sw_seating_choose_sitouts(6, sitouts, pref, 0, out); /* k = 0 is a no-op */
}

/* ---- determinism and limits ---- */

static void run_event(sw_seating_event *ev, int n, int rounds, uint64_t seed, long tries,
                      double time_limit) {
    sw_error err;
    sw_rng rng;
    sw_rng_seed(&rng, 42, 42);
    make_players(ev, n);
    for (int r = 0; r < rounds; r++) {
        sw_seating_options o = opts(r % 2 ? SW_SEATING_SWISS : SW_SEATING_RANDOM, seed, tries);
        o.time_limit = time_limit;
        set_random_points(ev, &rng);
        must(sw_seating_next_round(ev, &o, NULL, &err), &err);
    }
}

static bool same_rounds(const sw_seating_event *a, const sw_seating_event *b) {
    if (a->nrounds != b->nrounds)
        return false;
    for (int r = 0; r < a->nrounds; r++)
        if (a->rounds[r].ntables != b->rounds[r].ntables ||
            memcmp(a->rounds[r].tables, b->rounds[r].tables,
                   (size_t)a->rounds[r].ntables * sizeof *a->rounds[r].tables))
            return false;
    return true;
}

static void test_determinism_for_a_seed(void **state) {
    (void)state;
    sw_seating_event a, b, c, d;
    run_event(&a, 22, 6, 7, 40, 0);
    run_event(&b, 22, 6, 7, 40, 0);
    run_event(&c, 22, 6, 8, 40, 0);
    run_event(&d, 22, 6, 7, 40, 1000.0); /* a limit never reached changes nothing */
    assert_true(same_rounds(&a, &b));
    assert_false(same_rounds(&a, &c));
    assert_true(same_rounds(&a, &d));
    sw_seating_event_free(&a);
    sw_seating_event_free(&b);
    sw_seating_event_free(&c);
    sw_seating_event_free(&d);
}

static void test_time_limit_and_stop_flag(void **state) {
    (void)state;
    sw_seating_event ev;
    sw_error err;
    sw_rng rng;
    sw_rng_seed(&rng, 1, 1);
    make_players(&ev, 64);
    random_history(&ev, 14, &rng);
    set_random_points(&ev, &rng);
    sw_seating_options o = opts(SW_SEATING_SWISS, 1, 0); /* tries 0: the clock decides */
    o.time_limit = 0.2;
    sw_seating_outcome out;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    must(sw_seating_next_round(&ev, &o, &out, &err), &err);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double took = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    assert_true(out.stopped);
    assert_true(took < 5.0);
    assert_int_equal(ev.rounds[14].ntables, 16);

    volatile sig_atomic_t stop = 1;
    o = opts(SW_SEATING_RANDOM, 1, 1000000);
    o.stop = &stop;
    must(sw_seating_next_round(&ev, &o, &out, &err), &err);
    assert_true(out.stopped);
    assert_true(out.tries <= 1);
    assert_int_equal(ev.nrounds, 16);
    sw_seating_event_free(&ev);
}

/* ---- reports ---- */

static void test_json_report_reads_back(void **state) {
    (void)state;
    sw_seating_event ev, back;
    sw_error err;
    sw_seating_event_init(&ev);
    must(sw_seating_event_read_file(&ev, EXAMPLES "club10.txt", &err), &err);
    sw_seating_options o = opts(SW_SEATING_RANDOM, 4, 50);
    for (int r = 0; r < 7; r++)
        must(sw_seating_next_round(&ev, &o, NULL, &err), &err);
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    must(sw_seating_report(&ev, SW_SEATING_JSON, 7, &sb, &err), &err);
    sw_seating_event_init(&back);
    must(sw_seating_event_read(&back, sb.data, sb.len, "report.json", &err), &err);
    assert_true(same_rounds(&ev, &back));
    assert_string_equal(back.players[9].name, "Jun");
    sw_seating_stats s1, s2;
    must(sw_seating_stats_init(&s1, &ev, -1, &err), &err);
    must(sw_seating_stats_init(&s2, &back, -1, &err), &err);
    assert_int_equal(s1.repeats, s2.repeats);
    assert_memory_equal(s1.meetings, s2.meetings, 100 * sizeof(int));
    char want[128];
    snprintf(want, sizeof want,
             "\"repeats\": %ld, \"repeat_free_rounds\": %d, "
             "\"repeat_pairs\": %ld",
             s1.repeats, s1.repeat_free_rounds, s1.repeat_pairs);
    assert_non_null(strstr(sb.data, want));
    snprintf(want, sizeof want, "\"rests\": [%d,%d,", s1.sitouts[0], s1.sitouts[1]);
    assert_non_null(strstr(sb.data, want));
    assert_non_null(strstr(sb.data, "\"boards\": null"));
    sw_seating_stats_free(&s1);
    sw_seating_stats_free(&s2);
    sw_strbuf_free(&sb);
    sw_seating_event_free(&back);
    sw_seating_event_free(&ev);
}

/* ---- the event as a season ---- */

static void same_season(const sw_season *a, const sw_season *b) {
    assert_int_equal(a->n, b->n);
    for (int i = 0; i < a->n; i++) {
        assert_int_equal(a->part[i].id, b->part[i].id);
        assert_int_equal(a->part[i].rests, b->part[i].rests);
        assert_string_equal(a->part[i].name, b->part[i].name);
    }
    assert_int_equal(a->nmovements, b->nmovements);
    for (int k = 0; k < a->nmovements; k++) {
        assert_true(sw_movement_equal(&a->movements[k], &b->movements[k]));
        assert_string_equal(a->movement_files[k], b->movement_files[k]);
    }
    assert_int_equal(a->nsessions, b->nsessions);
    for (int k = 0; k < a->nsessions; k++) {
        const sw_session *x = &a->sessions[k], *y = &b->sessions[k];
        assert_int_equal(x->movement, y->movement);
        assert_int_equal(x->played, y->played);
        assert_memory_equal(x->present, y->present, (size_t)a->n * sizeof *x->present);
        int P = a->movements[x->movement].positions;
        assert_memory_equal(x->assign, y->assign, (size_t)(P + 1) * sizeof *x->assign);
    }
}

/* The converter's season is the one 'analyze' rebuilds from the event's
 * JSON report (the report's criteria once came from that round trip), and
 * its criteria are the ones the report writes. */
static void check_event_season(const sw_seating_event *ev, int first_new) {
    sw_error err;
    sw_strbuf sb, crit_json;
    sw_strbuf_init(&sb);
    sw_strbuf_init(&crit_json);
    must(sw_seating_report(ev, SW_SEATING_JSON, first_new, &sb, &err), &err);
    sw_season from_json, direct;
    must(sw_season_parse_json(sb.data, sb.len, "report.json", &from_json, &err), &err);
    must(sw_seating_event_season(ev, first_new < 1 ? ev->nrounds + 1 : first_new, &direct, &err),
         &err);
    same_season(&from_json, &direct);
    sw_matrix ma, mb;
    must(sw_matrix_init(&ma, &from_json, &err), &err);
    must(sw_matrix_init(&mb, &direct, &err), &err);
    assert_memory_equal(ma.meet, mb.meet, (size_t)ev->nplayers * ev->nplayers * sizeof *ma.meet);
    assert_memory_equal(ma.rests, mb.rests, (size_t)ev->nplayers * sizeof *ma.rests);
    sw_criteria ca, cb;
    sw_criteria_compute(&ma, &ca);
    sw_criteria_compute(&mb, &cb);
    assert_int_equal(sw_i256_cmp(ca.so, cb.so), 0);
    assert_int_equal(sw_i256_cmp(ca.sr, cb.sr), 0);
    assert_int_equal(sw_i256_cmp(ca.sp2, cb.sp2), 0);
    assert_int_equal(sw_i256_cmp(ca.sc, cb.sc), 0);
    assert_int_equal(sw_i256_cmp(ca.so_bound, cb.so_bound), 0);
    sw_report_json_criteria(&cb, false, 0, &crit_json);
    assert_non_null(strstr(sb.data, crit_json.data));
    sw_matrix_free(&ma);
    sw_matrix_free(&mb);
    sw_season_free(&from_json);
    sw_season_free(&direct);
    sw_strbuf_free(&sb);
    sw_strbuf_free(&crit_json);
}

static void read_files(sw_seating_event *ev, const char *const *files) {
    sw_error err;
    sw_seating_event_init(ev);
    for (; *files; files++)
        must(sw_seating_event_read_file(ev, *files, &err), &err);
    must(sw_seating_event_check(ev, &err), &err);
}

static void test_event_season_matches_json_round_trip(void **state) {
    (void)state;
    static const char *const club10[] = {EXAMPLES "club10.txt", NULL};
    static const char *const club12[] = {EXAMPLES "club12.txt", EXAMPLES "club12-standings.txt",
                                         NULL};
    static const char *const script8[] = {EXAMPLES "script8.txt", NULL};
    static const char *const changes[] = {EXAMPLES "changes.txt", NULL};
    static const char *const json12[] = {DATA "club12.json", NULL};
    sw_seating_event ev;
    sw_error err;
    /* ten players, two sit out a round; new rounds not played */
    read_files(&ev, club10);
    sw_seating_options o = opts(SW_SEATING_RANDOM, 3, 20);
    for (int r = 0; r < 5; r++)
        must(sw_seating_next_round(&ev, &o, NULL, &err), &err);
    check_event_season(&ev, 3);
    check_event_season(&ev, 0);
    sw_seating_event_free(&ev);
    /* a history, then swiss rounds with tables of three */
    read_files(&ev, club12);
    check_event_season(&ev, 0);
    o = opts(SW_SEATING_SWISS, 5, 20);
    must(sw_seating_next_round(&ev, &o, NULL, &err), &err);
    o.threes = 1;
    must(sw_seating_next_round(&ev, &o, NULL, &err), &err);
    check_event_season(&ev, 3);
    sw_seating_event_free(&ev);
    /* a script */
    read_files(&ev, script8);
    o = opts(SW_SEATING_PREDEFINED, 1, 1);
    for (int r = 0; r < 3; r++)
        must(sw_seating_next_round(&ev, &o, NULL, &err), &err);
    check_event_season(&ev, 2);
    sw_seating_event_free(&ev);
    /* withdrawals, a substitute, a late entry, teams, tables of three */
    read_files(&ev, changes);
    o = opts(SW_SEATING_RANDOM, 2, 20);
    o.threes = SW_SEATING_THREES_AUTO;
    for (int r = 0; r < 3; r++)
        must(sw_seating_next_round(&ev, &o, NULL, &err), &err);
    check_event_season(&ev, 3);
    sw_seating_event_free(&ev);
    /* JSON input; a whole schedule with tables of three */
    read_files(&ev, json12);
    check_event_season(&ev, 0);
    sw_seating_event_free(&ev);
    make_players(&ev, 14);
    sw_schedule_options so;
    sw_schedule_options_default(&so);
    so.rounds = 5;
    so.threes = SW_SCHEDULE_THREES_AUTO;
    so.iterations = 500;
    must(sw_seating_schedule(&ev, &so, NULL, &err), &err);
    check_event_season(&ev, 1);
    sw_seating_event_free(&ev);
}

/* Beyond a season (ids over SW_PARTICIPANT_MAX_ID, no round): no season,
 * and the report writes its criteria as null. */
static void test_event_season_limits(void **state) {
    (void)state;
    sw_seating_event ev;
    sw_error err;
    sw_season s;
    make_players(&ev, 8);
    assert_int_equal(sw_seating_event_season(&ev, 0, &s, &err), SW_ERR_INVALID);
    sw_seating_event_free(&ev);
    sw_seating_event_init(&ev);
    for (int p = 1; p <= 8; p++)
        must(sw_seating_add_player(&ev, SW_PARTICIPANT_MAX_ID + p, NULL, &err), &err);
    sw_seating_options o = opts(SW_SEATING_RANDOM, 1, 5);
    must(sw_seating_next_round(&ev, &o, NULL, &err), &err);
    assert_int_equal(sw_seating_event_season(&ev, 0, &s, &err), SW_ERR_LIMIT);
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    must(sw_seating_report(&ev, SW_SEATING_JSON, 0, &sb, &err), &err);
    assert_non_null(strstr(sb.data, "\"So\": null"));
    sw_strbuf_free(&sb);
    sw_seating_event_free(&ev);
}

/* The round layout every seating search shares, against its definition
 * (tables of four from position 0, then of three, then the sit-outs), and
 * its exchange: moves exactly when the tables differ, twice is nothing. */
static void test_round_layout_and_exchange(void **state) {
    (void)state;
    sw_rng rng;
    sw_rng_seed(&rng, 14, 4);
    for (int fours = 0; fours <= 5; fours++)
        for (int threes = 0; threes <= 3; threes++)
            for (int out = 0; out <= 3; out++) {
                int seated = 4 * fours + 3 * threes, n = seated + out, table[40];
                for (int t = 0, p = 0; t < fours + threes; t++) {
                    assert_int_equal(sw_round_table_start(fours, t), p);
                    int z = t < fours ? 4 : 3;
                    assert_int_equal(sw_round_table_size(fours, t), z);
                    for (int k = 0; k < z; k++)
                        table[p++] = t;
                }
                for (int p = seated; p < n; p++)
                    table[p] = -1;
                int at[40], pos[40], at0[40];
                for (int p = 0; p < n; p++)
                    at[p] = p, pos[p] = p;
                sw_rng_shuffle(&rng, at, n);
                for (int p = 0; p < n; p++)
                    pos[at[p]] = p;
                memcpy(at0, at, sizeof at);
                for (int p = 0; p < n; p++) {
                    assert_int_equal(sw_round_table_of(fours, seated, p), table[p]);
                    for (int q = 0; q < n; q++) {
                        sw_round_exchange x = sw_round_exchange_of(at, fours, seated, p, q);
                        assert_int_equal(x.tp, table[p]);
                        assert_int_equal(x.tq, table[q]);
                        assert_int_equal(x.x.a, at0[p]);
                        assert_int_equal(x.x.b, at0[q]);
                        assert_int_equal(sw_round_exchange_moves(x), table[p] != table[q]);
                        assert_true(sw_exchange_plain(x.x) == (p != q));
                        sw_round_exchange_apply(at, pos, x);
                        assert_int_equal(at[p], at0[q]);
                        assert_int_equal(at[q], at0[p]);
                        assert_int_equal(pos[at[p]], p);
                        assert_int_equal(pos[at[q]], q);
                        /* the same exchange of the state it made undoes it */
                        sw_round_exchange_apply(at, pos,
                                                sw_round_exchange_of(at, fours, seated, p, q));
                        assert_memory_equal(at, at0, (size_t)n * sizeof *at);
                        for (int i = 0; i < n; i++)
                            assert_int_equal(at[pos[i]], i);
                    }
                }
            }
}

/* Whether the schedule's rounds (s, the seating searches' state) and the
 * season's sessions (mx, the season search's state) hold the same seating:
 * round r's position p is session r's position p + 1, player i participant
 * i; and the same meetings and rests. */
static void assert_models_agree(const sw_sched *s, const sw_matrix *mx) {
    int n = s->n;
    for (int r = 0; r < s->R; r++)
        for (int p = 0; p < n; p++) {
            assert_int_equal(mx->assign[r][p + 1], s->at[(size_t)r * n + p] + 1);
            assert_int_equal(mx->pos[r][p], s->pos[(size_t)r * n + p] + 1);
        }
    for (int i = 0; i < n; i++) {
        assert_int_equal(mx->rests[i], s->rests[i]);
        for (int j = 0; j < n; j++)
            if (i != j)
                assert_int_equal(sw_matrix_meet(mx, i, j), s->meet[(size_t)i * n + j]);
    }
}

/* One exchange, both models (docs/design.md, "One exchange move"): a
 * schedule's rounds, with tables of three and sit-outs, as the seating
 * searches hold them (sw_sched) and as the season search does (their season
 * from sw_seating_rounds_season, an sw_matrix), are made the same random
 * exchanges, the seating side by sw_round_exchange, the season side by
 * sw_matrix_exchange. Both see the same players move, agree after every
 * exchange, and making the exchanges again in reverse order restores both
 * exactly (the matrices' every count and power sum). */
static void test_exchange_both_models(void **state) {
    (void)state;
    enum { N = 17, R = 4, THREES = 1, STEPS = 300 };
    sw_error err;
    sw_seating_event ev;
    make_players(&ev, N);
    sw_sched s;
    assert_true(sw_sched_alloc(&s, N, R, THREES));
    assert_int_equal(s.T4, 3);
    assert_int_equal(s.seated, 15); /* 3 tables of four, 1 of three, 2 sit out */
    sw_rng rng;
    sw_rng_seed(&rng, 14, 44);
    for (int r = 0; r < R; r++) {
        for (int p = 0; p < N; p++)
            s.at[r * N + p] = p;
        sw_rng_shuffle(&rng, s.at + r * N, N);
    }
    sw_sched_rebuild(&s);
    /* the rounds as tables (E S W N, N empty at the table of three), then
     * the season with the sit-outs in the schedule's order */
    sw_seating_table tabs[R][4];
    sw_seating_round rounds[R];
    for (int r = 0; r < R; r++) {
        for (int t = 0; t < s.T; t++)
            for (int w = 0; w < SW_WINDS; w++)
                tabs[r][t].seat[w] = w < sw_sched_table_size(&s, t)
                                         ? s.at[r * N + sw_sched_table_start(&s, t) + w]
                                         : SW_SEAT_EMPTY;
        rounds[r] = (sw_seating_round){s.T, tabs[r], NULL};
    }
    sw_season ss;
    must(sw_seating_rounds_season(&ev, rounds, R, s.at, 1, true, &ss, &err), &err);
    sw_matrix mx, mx0;
    must(sw_matrix_init(&mx, &ss, &err), &err);
    must(sw_matrix_copy(&mx0, &mx, &err), &err);
    assert_models_agree(&s, &mx);
    int at0[R * N], moves[STEPS][3], moved = 0;
    memcpy(at0, s.at, sizeof at0);
    for (int k = 0; k < STEPS; k++) {
        int r = (int)sw_rng_bounded(&rng, R), p = (int)sw_rng_bounded(&rng, N),
            q = (int)sw_rng_bounded(&rng, N);
        int *at = s.at + r * N;
        sw_round_exchange x = sw_round_exchange_of(at, s.T4, s.seated, p, q);
        sw_exchange y = sw_exchange_of(mx.assign[r], 1, p + 1, q + 1);
        assert_int_equal(x.x.a, y.a); /* the same players move */
        assert_int_equal(x.x.b, y.b);
        assert_true(sw_exchange_changes(y) == (p != q));
        assert_true(sw_exchange_plain(x.x) == sw_exchange_plain(y));
        moved += sw_round_exchange_moves(x);
        sw_round_exchange_apply(at, s.pos + r * N, x);
        sw_sched_rebuild(&s);
        sw_matrix_exchange(&mx, r, p + 1, q + 1);
        assert_models_agree(&s, &mx);
        moves[k][0] = r, moves[k][1] = p, moves[k][2] = q;
    }
    assert_true(moved > STEPS / 2); /* most exchanges changed tables */
    for (int k = STEPS - 1; k >= 0; k--) {
        int r = moves[k][0], p = moves[k][1], q = moves[k][2], *at = s.at + r * N;
        sw_round_exchange_apply(at, s.pos + r * N, sw_round_exchange_of(at, s.T4, s.seated, p, q));
        sw_matrix_exchange(&mx, r, p + 1, q + 1);
    }
    sw_sched_rebuild(&s);
    assert_memory_equal(s.at, at0, sizeof at0);
    assert_models_agree(&s, &mx);
    size_t nn = (size_t)N * N;
    for (int r = 0; r < R; r++) {
        assert_memory_equal(mx.assign[r], mx0.assign[r], (N + 1) * sizeof(int));
        assert_memory_equal(mx.pos[r], mx0.pos[r], N * sizeof(int));
    }
    assert_memory_equal(mx.meet, mx0.meet, nn * sizeof *mx.meet);
    assert_memory_equal(mx.comp, mx0.comp, nn * sizeof *mx.comp);
    assert_memory_equal(mx.coinc, mx0.coinc, nn * sizeof *mx.coinc);
    assert_memory_equal(mx.rests, mx0.rests, N * sizeof *mx.rests);
    assert_memory_equal(mx.mrow, mx0.mrow, (size_t)N * 5 * sizeof *mx.mrow);
    assert_memory_equal(mx.msum, mx0.msum, sizeof mx.msum);
    assert_memory_equal(mx.csum, mx0.csum, sizeof mx.csum);
    assert_memory_equal(mx.rsum, mx0.rsum, sizeof mx.rsum);
    sw_matrix_free(&mx0);
    sw_matrix_free(&mx);
    sw_season_free(&ss);
    sw_sched_free(&s);
    sw_seating_event_free(&ev);
}

/* A played round may hold a table of three (0 at N), in the text format and
 * in JSON: its three players meet, play and count it; elsewhere a 0 is an
 * error; the next round is still seated with tables of four. */
static void test_table_of_three_in_history(void **state) {
    (void)state;
    static const char text[] = "player 1 A\nplayer 2 B\nplayer 3 C\nplayer 4 D\n"
                               "player 5 E\nplayer 6 F\nplayer 7 G\n"
                               "round 1\ntable 1 2 3 4\ntable 5 6 7 0\n";
    static const char json[] = "{\"players\": [{\"id\": 1}, {\"id\": 2}, {\"id\": 3}, "
                               "{\"id\": 4}, {\"id\": 5}, {\"id\": 6}, {\"id\": 7}],\n"
                               " \"rounds\": [[[1, 2, 3, 4], [5, 6, 7, 0]]]}\n";
    for (int k = 0; k < 2; k++) {
        sw_seating_event ev;
        sw_error err;
        sw_seating_event_init(&ev);
        const char *in = k ? json : text;
        must(sw_seating_event_read(&ev, in, strlen(in), k ? "t.json" : "t.txt", &err), &err);
        must(sw_seating_event_check(&ev, &err), &err);
        assert_int_equal(ev.rounds[0].ntables, 2);
        assert_int_equal(sw_seating_table_size(&ev.rounds[0].tables[1]), 3);
        assert_int_equal(ev.rounds[0].tables[1].seat[SW_WIND_N], SW_SEAT_EMPTY);
        sw_seating_stats st;
        must(sw_seating_stats_init(&st, &ev, -1, &err), &err);
        assert_int_equal(st.meetings[4 * 7 + 5], 1); /* E met F */
        assert_int_equal(st.meetings[6 * 7 + 3], 0);
        assert_int_equal(st.sitouts[6], 0);
        assert_int_equal(st.threes[6], 1);
        assert_int_equal(st.threes[0], 0);
        assert_true(st.has_threes);
        assert_int_equal(st.threes_spread, 1);
        assert_int_equal(st.winds[6 * SW_WINDS + SW_WIND_W], 1);
        sw_seating_stats_free(&st);
        sw_strbuf sb;
        sw_strbuf_init(&sb);
        must(sw_seating_report(&ev, SW_SEATING_TEXT, 0, &sb, &err), &err);
        assert_non_null(strstr(sb.data, "Tables of three: 0 to 1 rounds per player"));
        assert_null(strstr(sb.data, "sits out"));
        sw_strbuf_free(&sb);
        /* the next round: one table of four, three sit out */
        sw_seating_options o = opts(SW_SEATING_RANDOM, 1, 50);
        sw_seating_outcome out;
        must(sw_seating_next_round(&ev, &o, &out, &err), &err);
        assert_int_equal(ev.rounds[1].ntables, 1);
        assert_int_equal(out.sitouts, 3);
        sw_seating_event_free(&ev);
    }
    /* 0 anywhere but N, or in a script, is refused with its line */
    static const char *bad[] = {
        "player 1 A\nplayer 2 B\nplayer 3 C\nplayer 4 D\nround 1\ntable 1 2 0 3\n",
        "player 1 A\nplayer 2 B\nplayer 3 C\nplayer 4 D\nscript 1\ntable 1 2 3 0\n",
    };
    for (int k = 0; k < 2; k++) {
        sw_seating_event ev;
        sw_error err;
        sw_seating_event_init(&ev);
        assert_int_not_equal(sw_seating_event_read(&ev, bad[k], strlen(bad[k]), "b.txt", &err),
                             SW_OK);
        assert_int_equal(err.line, 6);
        assert_non_null(strstr(err.msg, k ? "script id 0" : "unknown player id 0"));
        sw_seating_event_free(&ev);
    }
}

static void test_text_and_csv_reports(void **state) {
    (void)state;
    sw_seating_event ev;
    sw_error err;
    sw_seating_event_init(&ev);
    const char *text = "player 1 Ann\nplayer 2 Ben\nplayer 3 Cat\nplayer 4 Dev\n"
                       "player 5 \"Ed, Jr\"\nround\ntable 1 2 3 4\nsitout 5\nround\n"
                       "table 5 1 2 3 # a comment\n";
    must(sw_seating_event_read(&ev, text, strlen(text), "t", &err), &err);
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    must(sw_seating_report(&ev, SW_SEATING_CSV, 2, &sb, &err), &err);
    assert_string_equal(sb.data, "round,table,wind,id,name,new\n"
                                 "1,1,E,1,Ann,no\n1,1,S,2,Ben,no\n1,1,W,3,Cat,no\n"
                                 "1,1,N,4,Dev,no\n1,,out,5,\"\"\"Ed, Jr\"\"\",no\n"
                                 "2,1,E,5,\"\"\"Ed, Jr\"\"\",yes\n2,1,S,1,Ann,yes\n"
                                 "2,1,W,2,Ben,yes\n2,1,N,3,Cat,yes\n2,,out,4,Dev,yes\n");
    sw_strbuf_free(&sb);
    sw_strbuf_init(&sb);
    must(sw_seating_report(&ev, SW_SEATING_TEXT, 2, &sb, &err), &err);
    assert_non_null(strstr(sb.data, "Round 2 (new)\n  table 1    E 5 \"Ed, Jr\"  S 1 Ann"));
    assert_non_null(strstr(sb.data, "sits out: 4 Dev"));
    assert_non_null(strstr(sb.data, "1 Ann: E1 S1 W0 N0, sat out 0\n    tables: 1E 1S\n"
                                    "    opponents: 2x2 3x2 4 5\n"));
    assert_non_null(strstr(sb.data, "Repeats: 3 (3 pairs met more than once, a pair at most 2 "
                                    "times); crossings: 3; repeat-free rounds: 1 of 2"));
    assert_non_null(strstr(sb.data, "Sit-outs: 0 to 1 per player"));
    sw_strbuf_free(&sb);
    sw_seating_event_free(&ev);
}

/* ---- the command ---- */

static void test_cli_end_to_end(void **state) {
    (void)state;
    cli_require();
    /* the schedule itself is tested in tests/test_schedule.c */
    cli_expect("seat schedule --players 16 --rounds 5", 0, "repeat-free rounds: 5 of 5");
    cli_expect("seat schedule --players 16 --rounds 0", 2, NULL);
    cli_expect("seat schedule --players 3 --rounds 2", 2, NULL);
    cli_expect("seat random --players 3", 2, NULL);
    cli_expect("seat bogus x", 2, NULL);
    cli_expect("seat swiss " DATA "unknown-id.txt", 3, "unknown-id.txt:6: unknown player id 99");
    cli_expect("seat swiss " DATA "standings-games.txt", 3,
               "standings-games.txt:11: standings disagree");
    cli_expect("seat random " DATA "too-few.txt", 3, NULL);
    cli_expect("seat random /nonexistent/x.txt", 5, NULL);
    char *out;
    assert_int_equal(cli_run("seat interval 2 " EXAMPLES "club12.txt " EXAMPLES
                             "club12-standings.txt --csv --quiet",
                             &out),
                     0);
    /* the table worked out by hand in test_interval_two_on_twelve_by_hand */
    for (int id = 105; id <= 110; id++) {
        if (id == 107 || id == 108)
            continue;
        bool found = false;
        for (int w = 0; w < 4; w++) {
            char row[32];
            snprintf(row, sizeof row, "\n3,1,%c,%d,", "ESWN"[w], id);
            found |= strstr(out, row) != NULL;
        }
        assert_true(found);
    }
    free(out);
    /* a JSON output is the next input, and the same seed gives the same file */
    cli_expect("seat random " EXAMPLES "club10.txt --json --quiet -o seating-r1.json", 0, NULL);
    cli_expect("seat random seating-r1.json --json --quiet --seed 3 -o seating-r2.json", 0, NULL);
    cli_expect("seat random seating-r1.json --json --quiet --seed 3 -o seating-r2b.json", 0, NULL);
    char *a, *b;
    size_t la, lb;
    sw_error err;
    must(sw_file_read("seating-r2.json", &a, &la, &err), &err);
    must(sw_file_read("seating-r2b.json", &b, &lb, &err), &err);
    assert_int_equal(la, lb);
    assert_memory_equal(a, b, la);
    assert_non_null(strstr(a, "{\"number\": 2,"));
    /* round 2 must repeat: a table holds at most one player from each
     * round-1 table, plus the two who sat out, and there are two tables */
    assert_non_null(strstr(a, "\"repeat_free_rounds\": 1"));
    free(a);
    free(b);
    remove("seating-r1.json");
    remove("seating-r2.json");
    remove("seating-r2b.json");
}

/* Sorted players of table t (player indices), for comparing tables as sets. */
static void table_set(const sw_seating_table *t, int out[SW_WINDS]) {
    for (int s = 0; s < SW_WINDS; s++)
        out[s] = t->seat[s];
    for (int a = 1; a < SW_WINDS; a++)
        for (int b = a; b > 0 && out[b - 1] > out[b]; b--) {
            int x = out[b];
            out[b] = out[b - 1];
            out[b - 1] = x;
        }
}

/* --pantheon: the rounds written as Pantheon's script read back with the
 * players as the script, and 'predefined' seats the same tables again. */
static void test_pantheon_round_trip(void **state) {
    (void)state;
    const char *players = "player 11 Ann\nplayer 12 Bé\nplayer 13 Cy\nplayer 14 Di\n"
                          "player 15 Ed\nplayer 16 Flo\nplayer 17 Gus\nplayer 18 Hal\n"
                          "player 19 Ida\nplayer 20 Jo\nplayer 21 Kai\nplayer 22 Lu\n";
    sw_seating_event ev, back;
    sw_error err;
    sw_seating_event_init(&ev);
    assert_int_equal(sw_seating_event_read(&ev, players, strlen(players), "p", &err), SW_OK);
    sw_schedule_options opt;
    sw_schedule_options_default(&opt);
    opt.rounds = 4;
    opt.iterations = 2000;
    assert_int_equal(sw_seating_schedule(&ev, &opt, NULL, &err), SW_OK);
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    assert_int_equal(sw_seating_report(&ev, SW_SEATING_PANTHEON, 0, &sb, &err), SW_OK);
    /* four rounds of three "a-b-c-d" lines, blank lines between */
    const char *t = sw_strbuf_cstr(&sb);
    int lines = 0, blanks = 0;
    for (const char *p = t; *p; p = strchr(p, '\n') + 1)
        *(*p == '\n' ? &blanks : &lines) += 1;
    assert_int_equal(lines, 12);
    assert_int_equal(blanks, 3);
    sw_seating_event_init(&back);
    assert_int_equal(sw_seating_event_read(&back, players, strlen(players), "p", &err), SW_OK);
    assert_int_equal(sw_seating_event_read(&back, t, sb.len, "script.txt", &err), SW_OK);
    assert_int_equal(sw_seating_event_check(&back, &err), SW_OK);
    assert_int_equal(back.nscript, 4);
    sw_seating_options so;
    sw_seating_options_default(&so);
    so.mode = SW_SEATING_PREDEFINED;
    for (int r = 0; r < 4; r++)
        assert_int_equal(sw_seating_next_round(&back, &so, NULL, &err), SW_OK);
    assert_int_equal(back.nrounds, 4);
    for (int r = 0; r < 4; r++) {
        assert_int_equal(back.rounds[r].ntables, ev.rounds[r].ntables);
        for (int k = 0; k < ev.rounds[r].ntables; k++) {
            int a[SW_WINDS], b[SW_WINDS];
            table_set(&ev.rounds[r].tables[k], a);
            table_set(&back.rounds[r].tables[k], b);
            assert_memory_equal(a, b, sizeof a);
        }
    }
    /* the HTML page names every player and is one document */
    sb.len = 0;
    assert_int_equal(sw_seating_report(&ev, SW_SEATING_HTML, 0, &sb, &err), SW_OK);
    assert_non_null(strstr(sw_strbuf_cstr(&sb), "<span class=\"num\">12</span> Bé"));
    assert_non_null(strstr(sw_strbuf_cstr(&sb), "<h2 class=\"pagebreak\" id=\"round4\">"));
    assert_non_null(strstr(sw_strbuf_cstr(&sb), "</html>\n"));
    sw_strbuf_free(&sb);
    /* bad Pantheon lines are named */
    const char *bad = "1-2-3\n";
    sw_error_clear(&err);
    assert_int_not_equal(sw_seating_event_read(&back, bad, strlen(bad), "x.txt", &err), SW_OK);
    assert_non_null(strstr(err.msg, "expected a Pantheon table of four script ids"));
    sw_seating_event_free(&back);
    sw_seating_event_free(&ev);
}

/* ---- results and standings ---- */

static const char mj_event[] = "rules ema\n"
                               "player 101 Aiko\nplayer 102 Boris\nplayer 103 Chen\n"
                               "player 104 Dana\nplayer 105 Emil\nplayer 106 Fumiko\n"
                               "player 107 Greta\nplayer 108 Hiro\n"
                               "round 1\n"
                               "table 101 102 103 104\nscores 45000 30000 30000 15000\n"
                               "table 105 106 107 108\nscores 30000 30000 30000 30000\n"
                               "chombo 108\n"
                               "round 2\n"
                               "table 101 105 102 106\nscores 20000 40000 40000 20000\n"
                               "table 103 107 104 108\npoints 12.5 -2.5 0 -10\n";

static sw_mahjong_standing *mj_standings(sw_seating_event *ev, const char *text) {
    sw_error err;
    sw_seating_event_init(ev);
    must(sw_seating_event_read(ev, text, strlen(text), "mj", &err), &err);
    sw_mahjong_standing *st;
    must(sw_mahjong_standings(ev, &st, &err), &err);
    return st;
}

/* Worked by hand (EMA: start 30000, uma 15/5/-5/-15 thousand, oka 0,
 * chombo 20000, equal scores share uma). Round 1, table 1: 101 first
 * (+15000 + 15000 uma); 102 and 103 tie for places 2-3 and share
 * (5000 - 5000) / 2 = 0, seat order placing 102 second; 104 fourth
 * (-15000 - 15000). Table 2: all equal, no uma; Hiro's chombo -20000.
 * Round 2, table 1: 105 and 102 tie for 1-2 (+10000 + 10000 each), 101
 * and 106 for 3-4 (-10000 - 10000). Table 2 gives points as entered. */
static void test_mahjong_standings_ema(void **state) {
    (void)state;
    sw_seating_event ev;
    sw_mahjong_standing *st = mj_standings(&ev, mj_event);
    static const struct {
        int id, rank;
        int64_t game_points;
        int games, places, chombos;
    } want[] = {{105, 1, 20000, 2, 2, 0},  {102, 2, 20000, 2, 4, 0}, {103, 3, 12500, 2, 4, 0},
                {101, 4, 10000, 2, 4, 0},  {107, 5, -2500, 2, 6, 0}, {106, 6, -20000, 2, 6, 0},
                {104, 7, -30000, 2, 6, 0}, {108, 8, -30000, 2, 8, 1}};
    for (int i = 0; i < 8; i++) {
        assert_int_equal(ev.players[st[i].player].id, want[i].id);
        assert_int_equal(st[i].rank, want[i].rank);
        assert_int_equal(st[i].points12, 12 * want[i].game_points);
        assert_int_equal(st[i].games, want[i].games);
        assert_int_equal(st[i].places, want[i].places);
        assert_int_equal(st[i].chombos, want[i].chombos);
    }
    int64_t sum = 0; /* uma sums to 0 at every table: only the chombo is lost */
    for (int i = 0; i < 8; i++)
        sum += st[i].points12;
    assert_int_equal(sum, 12 * (-20000 + 12500 - 2500 + 0 - 10000));
    free(st);
    /* the swiss mode's standings: in this order, in thousandths */
    sw_error err;
    bool applied;
    must(sw_mahjong_apply_standings(&ev, &applied, &err), &err);
    assert_true(applied);
    /* the page: the standings, and each scored table's score, place and points */
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    must(sw_seating_report(&ev, SW_SEATING_HTML, ev.nrounds, &sb, &err), &err);
    const char *html = sw_strbuf_cstr(&sb);
    assert_non_null(strstr(html, "<h2>Standings</h2>"));
    assert_non_null(strstr(html, "45000</td><td class=\"n\">1</td><td class=\"n\">+30.000"));
    assert_non_null(strstr(html, "(chombo 1)"));
    sw_strbuf_free(&sb);
    int p105 = sw_seating_find_player(&ev, 105), p102 = sw_seating_find_player(&ev, 102);
    assert_int_equal(ev.players[p105].points, 20000);
    assert_true(ev.players[p105].standing_order < ev.players[p102].standing_order);
    sw_seating_event_free(&ev);
}

/* The WRC preset worked by hand (start 30000, uma 15/5/-5/-15 thousand,
 * no oka, chombo 20000, equal scores share uma): round 1, table 1: 1 first
 * with 42000 (+12000 + 15000); 2 and 3 tie on 29000 for places 2-3 and
 * share (5000 - 5000) / 2 = 0 (-1000 each); 4 fourth with 20000 (-10000 -
 * 15000) and a chombo (-20000). Round 2: 3 and 4 tie on 35000 for places
 * 1-2 (+5000 + 10000 each); 1 and 2 tie on 25000 for 3-4 (-5000 - 10000). */
static void test_mahjong_standings_wrc(void **state) {
    (void)state;
    sw_seating_event ev;
    sw_mahjong_standing *st = mj_standings(&ev, "rules wrc\n"
                                                "player 1\nplayer 2\nplayer 3\nplayer 4\n"
                                                "round 1\ntable 1 2 3 4\n"
                                                "scores 42000 29000 29000 20000\nchombo 4\n"
                                                "round 2\ntable 2 1 4 3\n"
                                                "scores 25000 25000 35000 35000\n");
    assert_string_equal(ev.rules.name, "wrc");
    /* 1: 27000 - 15000; 2: -1000 - 15000; 3: -1000 + 15000; 4: -45000 + 15000 */
    static const int want_id[4] = {3, 1, 2, 4};
    static const int64_t want_points[4] = {14000, 12000, -16000, -30000};
    /* places: 3 took 3rd then 2nd, 1 1st then 4th, 2 2nd then 3rd, 4 4th then 1st */
    static const int want_places[4] = {3 + 2, 1 + 4, 2 + 3, 4 + 1};
    for (int i = 0; i < 4; i++) {
        assert_int_equal(ev.players[st[i].player].id, want_id[i]);
        assert_int_equal(st[i].points12, 12 * want_points[i]);
        assert_int_equal(st[i].rank, i + 1);
        assert_int_equal(st[i].places, want_places[i]);
    }
    assert_int_equal(st[3].chombos, 1);
    free(st);
    sw_seating_event_free(&ev);
}

/* Custom rules with oka and a three-way tie: uma (30, 10, -10, -30
 * thousand) shared by three is (30000 + 10000 - 10000) / 3 = 10000 for
 * the first three; oka 20000: 15000 to the first (seat E by seat
 * order), -5000 to each other. A 2-way tie of (10 - 10) / 2 with uma
 * 9/3/-3/-9 thousand and start 25000: thirds and quarters stay exact. */
static void test_mahjong_custom_rules_exact(void **state) {
    (void)state;
    sw_seating_event ev;
    sw_mahjong_standing *st = mj_standings(
        &ev, "rules custom start 25000 uma 30000 10000 -10000 -30000 oka 20000 chombo 8000\n"
             "player 1\nplayer 2\nplayer 3\nplayer 4\n"
             "round 1\ntable 1 2 3 4\nscores 30000 30000 30000 10000\n");
    /* 1: +5000 + 10000 + 15000; 2, 3: +5000 + 10000 - 5000; 4: -15000 - 30000 - 5000 */
    int64_t want[5] = {0, 30000, 10000, 10000, -50000};
    for (int i = 0; i < 4; i++)
        assert_int_equal(st[i].points12, 12 * want[ev.players[st[i].player].id]);
    assert_int_equal(ev.players[st[0].player].id, 1);
    free(st);
    sw_seating_event_free(&ev);
    st = mj_standings(&ev, "rules custom start 25000 uma 7000 2000 -2000 -7000 oka 1000\n"
                           "player 1\nplayer 2\nplayer 3\nplayer 4\n"
                           "round 1\ntable 1 2 3 4\nscores 40000 20000 20000 20000\n");
    /* 2, 3, 4 share (2000 - 2000 - 7000) / 3 = -7000/3; oka 1000: +750, -250 */
    for (int i = 0; i < 4; i++) {
        int id = ev.players[st[i].player].id;
        int64_t want12 =
            id == 1 ? 12 * (15000 + 7000) + 9 * 1000 : 12 * (-5000) + 4 * (-7000) - 3 * 1000;
        assert_int_equal(st[i].points12, want12);
    }
    /* 2, 3 and 4: equal points, mean places 2, 3, 4: not shared */
    assert_int_equal(st[1].rank, 2);
    assert_int_equal(st[3].rank, 4);
    free(st);
    sw_seating_event_free(&ev);
}

/* Equal points and equal mean places share a rank, listed by id. */
static void test_mahjong_shared_rank(void **state) {
    (void)state;
    sw_seating_event ev;
    sw_mahjong_standing *st = mj_standings(&ev, "player 9\nplayer 8\nplayer 7\nplayer 6\n"
                                                "round 1\ntable 9 8 7 6\n"
                                                "points 10 -10 5 -5\n"
                                                "round 2\ntable 8 9 6 7\n"
                                                "points 10 -10 5 -5\n");
    /* everyone 0 points; places 1+4 (9, 8) and 3+2 (7, 6): mean 2.5 each */
    for (int i = 0; i < 4; i++) {
        assert_int_equal(st[i].rank, 1);
        assert_int_equal(ev.players[st[i].player].id, 6 + i);
        assert_int_equal(st[i].places, 5);
    }
    free(st);
    sw_seating_event_free(&ev);
    /* places given with points decide the mean place where points tie: at
     * table 1, 7 and 6 tie on points and 6 is placed second */
    st = mj_standings(&ev, "player 9\nplayer 8\nplayer 7\nplayer 6\n"
                           "round 1\ntable 9 8 7 6\npoints 10 -10 5 5\nplaces 1 4 3 2\n"
                           "round 2\ntable 8 9 6 7\npoints 10 -10 -5 5\n");
    /* 7: +10, places 3+2 (2+2 from the points alone, seat order putting 7
     * before 6); 6, 8 and 9: 0 points, places 2+3, 4+1, 1+4: a shared 2nd */
    assert_int_equal(ev.players[st[0].player].id, 7);
    assert_int_equal(st[0].places, 5);
    for (int i = 1; i < 4; i++) {
        assert_int_equal(st[i].rank, 2);
        assert_int_equal(st[i].places, 5);
        assert_int_equal(ev.players[st[i].player].id, i == 1 ? 6 : i == 2 ? 8 : 9);
    }
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    sw_error err;
    must(sw_mahjong_standings_report(&ev, SW_SEATING_TEXT, &sb, &err), &err);
    assert_non_null(strstr(sw_strbuf_cstr(&sb), "  2=  6 "));
    sw_strbuf_free(&sb);
    free(st);
    sw_seating_event_free(&ev);
}

/* The JSON form of mj_event makes the same standings. */
static void test_mahjong_results_json(void **state) {
    (void)state;
    static const char json[] =
        "{\"rules\": {\"name\": \"ema\"},\n"
        " \"players\": [{\"id\": 101, \"name\": \"Aiko\"}, {\"id\": 102}, {\"id\": 103},\n"
        "  {\"id\": 104}, {\"id\": 105}, {\"id\": 106}, {\"id\": 107}, {\"id\": 108}],\n"
        " \"rounds\": [\n"
        "  [{\"seats\": [101, 102, 103, 104], \"scores\": [45000, 30000, 30000, 15000]},\n"
        "   {\"seats\": [105, 106, 107, 108], \"scores\": [30000, 30000, 30000, 30000],\n"
        "    \"chombo\": [108]}],\n"
        "  [{\"seats\": [101, 105, 102, 106], \"scores\": [20000, 40000, 40000, 20000]},\n"
        "   {\"seats\": [103, 107, 104, 108], \"points\": [12.5, -2.5, 0, -10]}]]}\n";
    sw_seating_event a, b;
    sw_mahjong_standing *x = mj_standings(&a, mj_event), *y = mj_standings(&b, json);
    for (int i = 0; i < 8; i++) {
        assert_int_equal(a.players[x[i].player].id, b.players[y[i].player].id);
        assert_int_equal(x[i].points12, y[i].points12);
        assert_int_equal(x[i].places, y[i].places);
        assert_int_equal(x[i].chombos, y[i].chombos);
    }
    free(x);
    free(y);
    /* the analyze JSON that 'seat --json' writes carries the results back */
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    sw_error jerr;
    must(sw_seating_report(&a, SW_SEATING_JSON, a.nrounds + 1, &sb, &jerr), &jerr);
    sw_seating_event c;
    sw_seating_event_free(&b);
    x = mj_standings(&c, sw_strbuf_cstr(&sb));
    y = mj_standings(&b, mj_event);
    for (int i = 0; i < 8; i++) {
        assert_int_equal(c.players[x[i].player].id, b.players[y[i].player].id);
        assert_int_equal(x[i].points12, y[i].points12);
        assert_int_equal(x[i].chombos, y[i].chombos);
    }
    free(x);
    free(y);
    sw_strbuf_free(&sb);
    sw_seating_event_free(&c);
    sw_seating_event_free(&a);
    sw_seating_event_free(&b);
    static const struct {
        const char *text;
        int line;
        const char *msg;
    } bad[] = {
        {"{\"rules\": {\"name\": \"dutch\"}}", 1, "expected ema, wrc or custom"},
        {"{\"rules\": {\"name\": \"custom\",\n \"uma\": [1, 2]}}", 2, "uma with 2 values"},
        {"{\"players\": [{\"id\": 1}, {\"id\": 2}, {\"id\": 3}, {\"id\": 4}],\n"
         " \"rounds\": [[{\"seats\": [1, 2, 3, 4],\n \"scores\": [1, 2, 3]}]]}",
         3, "3 scores"},
        {"{\"players\": [{\"id\": 1}, {\"id\": 2}, {\"id\": 3}, {\"id\": 4}],\n"
         " \"rounds\": [[{\"seats\": [1, 2, 3, 4], \"scores\": [1, 2, 3, 4],\n"
         " \"points\": [1, 2, 3, 4]}]]}",
         2, "both"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        sw_seating_event ev;
        sw_error err;
        sw_error_clear(&err);
        sw_seating_event_init(&ev);
        assert_int_not_equal(
            sw_seating_event_read(&ev, bad[i].text, strlen(bad[i].text), "bad.json", &err), SW_OK);
        assert_int_equal(err.line, bad[i].line);
        if (!strstr(err.msg, bad[i].msg))
            fail_msg("case %zu: '%s' lacks '%s'", i, err.msg, bad[i].msg);
        sw_seating_event_free(&ev);
    }
}

static void test_mahjong_bad_results_located(void **state) {
    (void)state;
    static const struct {
        const char *text;
        int line;
        const char *msg;
    } bad[] = {
        {"player 1\nplayer 2\nplayer 3\nplayer 4\nround 1\ntable 1 2 3 4\n"
         "scores 30000 30000 30000 29000\n",
         7, "add up to 119000"},
        {"player 1\nplayer 2\nplayer 3\nplayer 4\nplayer 5\nround 1\ntable 1 2 3 0\n"
         "scores 40000 40000 40000 0\n",
         8, "table of three"},
        {"player 1\nplayer 2\nplayer 3\nplayer 4\nscores 1 2 3 4\n", 5, "outside a played round"},
        {"player 1\nplayer 2\nplayer 3\nplayer 4\nround 1\nscores 1 2 3 4\n", 6,
         "before any table"},
        {"player 1\nplayer 2\nplayer 3\nplayer 4\nround 1\ntable 1 2 3 4\n"
         "points 1 2 3 4\npoints 1 2 3 4\n",
         8, "a second result"},
        {"rules ema\nrules wrc\n", 2, "second 'rules'"},
        {"rules dutch\n", 1, "ema, wrc or custom"},
        {"rules custom uma 1 2 3\n", 1, "needs 4 values"},
        {"player 1\nplayer 2\nplayer 3\nplayer 4\nplayer 5\nround 1\ntable 1 2 3 4\n"
         "chombo 5\n",
         8, "no seat in round 1"},
        {"player 1\nplayer 2\nplayer 3\nplayer 4\nround 1\ntable 1 2 3 4\nchombo 1 0\n", 7,
         "from 1 to 100"},
        {"player 1\nplayer 2\nplayer 3\nplayer 4\nround 1\ntable 1 2 3 4\nscores 1 2 3\n", 7,
         "expected 'scores E S W N'"},
        {"player 1\nplayer 2\nplayer 3\nplayer 4\nround 1\ntable 1 2 3 4\npoints 1 2 3 1.2345\n", 7,
         "found '1.2345'"},
        {"player 1\nplayer 2\nplayer 3\nplayer 4\nround 1\ntable 1 2 3 4\n"
         "scores 30000 30000 30000 30000\nplaces 1 2 3 4\n",
         8, "after its 'points' line"},
        {"player 1\nplayer 2\nplayer 3\nplayer 4\nround 1\ntable 1 2 3 4\n"
         "points 1 2 3 4\nplaces 1 1 3 4\n",
         8, "each once"},
        {"player 1\nplayer 2\nplayer 3\nplayer 4\nround 1\ntable 1 2 3 4\n"
         "points 4 3 2 1\nplaces 2 1 3 4\n",
         8, "disagree with the points"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        sw_seating_event ev;
        sw_error err;
        sw_error_clear(&err);
        sw_seating_event_init(&ev);
        sw_status st = sw_seating_event_read(&ev, bad[i].text, strlen(bad[i].text), "bad", &err);
        if (!st) {
            sw_mahjong_standing *out = NULL;
            st = sw_mahjong_standings(&ev, &out, &err);
            free(out);
        }
        assert_int_not_equal(st, SW_OK);
        assert_int_equal(err.line, bad[i].line);
        if (!strstr(err.msg, bad[i].msg))
            fail_msg("case %zu: '%s' lacks '%s'", i, err.msg, bad[i].msg);
        sw_seating_event_free(&ev);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_text_example_reads),
        cmocka_unit_test(test_json_reads_same_event),
        cmocka_unit_test(test_points_parse),
        cmocka_unit_test(test_bad_inputs_located),
        cmocka_unit_test(test_fuzzed_inputs_never_crash),
        cmocka_unit_test(test_checks_after_reading),
        cmocka_unit_test(test_mode_preconditions),
        cmocka_unit_test(test_interval_layouts),
        cmocka_unit_test(test_interval_two_on_twelve_by_hand),
        cmocka_unit_test(test_interval_sitouts_are_lowest_ranked),
        cmocka_unit_test(test_predefined_follows_mapped_script),
        cmocka_unit_test(test_unmapped_script_uses_file_order_and_incomplete_map_fails),
        cmocka_unit_test(test_random_mode_fewest_repeats_brute_force),
        cmocka_unit_test(test_swiss_mode_fewest_repeats_brute_force),
        cmocka_unit_test(test_random_mode_with_sitout_brute_force),
        cmocka_unit_test(test_swiss_prefers_close_ranks),
        cmocka_unit_test(test_swiss_first_is_pantheon_greedy),
        cmocka_unit_test(test_winds_go_to_the_missing_wind),
        cmocka_unit_test(test_four_players_get_every_wind_equally),
        cmocka_unit_test(test_wind_spread_bound_over_events),
        cmocka_unit_test(test_sitout_fairness),
        cmocka_unit_test(test_choose_sitouts_rule),
        cmocka_unit_test(test_determinism_for_a_seed),
        cmocka_unit_test(test_time_limit_and_stop_flag),
        cmocka_unit_test(test_json_report_reads_back),
        cmocka_unit_test(test_event_season_matches_json_round_trip),
        cmocka_unit_test(test_event_season_limits),
        cmocka_unit_test(test_round_layout_and_exchange),
        cmocka_unit_test(test_exchange_both_models),
        cmocka_unit_test(test_table_of_three_in_history),
        cmocka_unit_test(test_text_and_csv_reports),
        cmocka_unit_test(test_cli_end_to_end),
        cmocka_unit_test(test_pantheon_round_trip),
        cmocka_unit_test(test_mahjong_standings_ema),
        cmocka_unit_test(test_mahjong_standings_wrc),
        cmocka_unit_test(test_mahjong_custom_rules_exact),
        cmocka_unit_test(test_mahjong_shared_rank),
        cmocka_unit_test(test_mahjong_results_json),
        cmocka_unit_test(test_mahjong_bad_results_located),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
