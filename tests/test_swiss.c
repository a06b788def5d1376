/* tests/test_swiss.c: TRF reading and writing, validation errors, the pairing
 * against a brute force over all legal pairings of small states, the thesis'
 * edge cases, the fast mode's invariants and the CLI's exit codes.
 * SPDX-License-Identifier: MIT */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "swiss/swiss.h"
#include "util/strbuf.h"

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
    expect_invalid("bad_colour.trf", SW_ERR_INVALID, 3, "rule 2");
    expect_invalid("bad_syntax.trf", SW_ERR_PARSE, 5, "result 'X' in column 99");
}

/* ---- brute force: an independent reading of the rules ---- */

typedef struct bp {
    int id, score, diff, run, present, byeok, nopp;
    char last;
    int opp[16];
} bp;

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
    }
}

static int bf_can(const bp *a, char c) {
    int d = a->diff + (c == 'w' ? 1 : -1);
    return d >= -2 && d <= 2 && !(a->run >= 2 && a->last == c);
}

static int bf_sat(const bp *a, char c, int *eq, int *alt) {
    *eq += a->diff == 0 || (a->diff < 0) == (c == 'w');
    *alt += a->last == 0 || a->last != c;
    return 0;
}

/* Objective, most important first (docs/swiss.md): edges, real games, rank
 * sum of players in games, -sum d^2, -sum d*s_high, equalisation, alternation. */
typedef struct obj {
    long v[7];
} obj;

static int obj_cmp(const obj *a, const obj *b) {
    for (int k = 0; k < 7; k++)
        if (a->v[k] != b->v[k])
            return a->v[k] < b->v[k] ? -1 : 1;
    return 0;
}

static int np_g, rank_g[32];
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
        if (eq * 3 + alt > best) {
            best = eq * 3 + alt;
            be = eq;
            ba = alt;
        }
    }
    if (best < 0)
        return 0;
    int hi = a->score > b->score ? a->score : b->score;
    int d = abs(a->score - b->score);
    o->v[0] += 1;
    o->v[1] += 2;
    o->v[2] += 2 * np_g - rank_g[i] - rank_g[j];
    o->v[3] -= d * d;
    o->v[4] -= d * hi;
    o->v[5] += be;
    o->v[6] += ba;
    return 1;
}

static obj bf_best(unsigned mask, int byeleft) {
    obj none = {{0}};
    if (!mask)
        return none;
    int i = __builtin_ctz(mask);
    unsigned rest = mask & ~(1u << i);
    obj best = bf_best(rest, byeleft); /* i left out */
    if (byeleft && P_g[i].byeok) {
        obj o = bf_best(rest, 0);
        o.v[0] += 1;
        if (obj_cmp(&o, &best) > 0)
            best = o;
    }
    for (int j = i + 1; j < 32; j++)
        if (rest >> j & 1) {
            obj e = {{0}};
            if (!bf_pair(i, j, &e))
                continue;
            obj o = bf_best(rest & ~(1u << j), byeleft);
            for (int k = 0; k < 7; k++)
                o.v[k] += e.v[k];
            if (obj_cmp(&o, &best) > 0)
                best = o;
        }
    return best;
}

static obj seatwise_obj(const sw_swiss_pairing *p, const sw_swiss_trf *t) {
    obj o = {{0}};
    for (int k = 0; k < p->nboards; k++) {
        int w = t->index_of_id[p->boards[k].white];
        o.v[0]++;
        if (!p->boards[k].black)
            continue;
        int b = t->index_of_id[p->boards[k].black];
        const bp *a = &P_g[w], *c = &P_g[b];
        assert_true(bf_can(a, 'w') && bf_can(c, 'b'));
        for (int q = 0; q < a->nopp; q++)
            assert_int_not_equal(a->opp[q], c->id);
        int hi = a->score > c->score ? a->score : c->score, d = abs(a->score - c->score);
        o.v[1] += 2;
        o.v[2] += 2 * np_g - rank_g[w] - rank_g[b];
        o.v[3] -= d * d;
        o.v[4] -= d * hi;
        int eq = 0, alt = 0;
        bf_sat(a, 'w', &eq, &alt);
        bf_sat(c, 'b', &eq, &alt);
        o.v[5] += eq;
        o.v[6] += alt;
    }
    return o;
}

static void test_pairing_matches_brute_force(void **state) {
    (void)state;
    int checked = 0, deficient = 0;
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
        /* Ranks over present players: score down, then id. */
        int order[32], np = 0;
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
        unsigned mask = 0;
        for (int i = 0; i < n; i++)
            if (P[i].present)
                mask |= 1u << i;
        obj want = bf_best(mask, np % 2);
        sw_swiss_pairing p;
        assert_int_equal(sw_swiss_pair(&t, &opt, &p, &err), SW_OK);
        obj got = seatwise_obj(&p, &t);
        for (int k = 0; k < 7; k++)
            if (got.v[k] != want.v[k])
                fail_msg("seed %d (%d players, %d rounds): component %d is %ld, brute force %ld",
                         seed, n, rounds, k, got.v[k], want.v[k]);
        assert_int_equal(p.quality.violations, 0);
        deficient += p.nunpaired > 0;
        checked++;
        sw_swiss_pairing_free(&p);
        sw_swiss_trf_free(&t);
    }
    assert_int_equal(checked, 160);
    (void)deficient;
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
    assert_non_null(strstr(sw_strbuf_cstr(&rep), "") );
    sw_strbuf_free(&rep);
    sw_swiss_trf_free(&t);
}

static int run(const char *cmd) {
    int st = system(cmd);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void test_cli_exit_codes(void **state) {
    (void)state;
    if (access(SW_BINARY, X_OK) != 0) {
        skip();
        return;
    }
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "%s swiss pair %s >/dev/null 2>&1", SW_BINARY, DATA "good5.trf");
    assert_int_equal(run(cmd), 0);
    snprintf(cmd, sizeof cmd, "%s swiss pair %s >/dev/null 2>&1", SW_BINARY, DATA "thesis4.trf");
    assert_int_equal(run(cmd), 1);
    snprintf(cmd, sizeof cmd, "%s swiss pair %s >/dev/null 2>&1", SW_BINARY, DATA "bad_rematch.trf");
    assert_int_equal(run(cmd), 3);
    snprintf(cmd, sizeof cmd, "%s swiss pair /nonexistent.trf >/dev/null 2>&1", SW_BINARY);
    assert_int_equal(run(cmd), 5);
    char out[] = "/tmp/sw_swiss_cliXXXXXX";
    int fd = mkstemp(out);
    assert_true(fd >= 0);
    close(fd);
    snprintf(cmd, sizeof cmd,
             "%s swiss generate --players 9 --rounds 3 --seed 4 -o %s && %s swiss pair %s -o %s.p",
             SW_BINARY, out, SW_BINARY, out, out);
    assert_int_equal(run(cmd), 0);
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
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_trf_reads_columns_and_headers),
        cmocka_unit_test(test_trf_write_parse_round_trip),
        cmocka_unit_test(test_validation_names_line_and_player),
        cmocka_unit_test(test_pairing_matches_brute_force),
        cmocka_unit_test(test_thesis_four_players_no_third_round),
        cmocka_unit_test(test_thesis_six_players_forced_pairs),
        cmocka_unit_test(test_colours_follow_the_rules),
        cmocka_unit_test(test_fast_mode_pairs_everyone_legally),
        cmocka_unit_test(test_check_agrees_with_own_pairings),
        cmocka_unit_test(test_cli_exit_codes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
