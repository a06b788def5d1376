/* tests/test_go.c: Go tournaments (src/swiss/go.h): ranks and keys; the cost
 * terms of pairs of a hand-made tournament against values worked out from
 * OpenGotha's rules (docs/go.md); every shipped reference round
 * (data/mcmahon: OpenGotha's own pairing, line for line where the optimum is
 * unique and on the tie rounds where Gabow's search order reaches
 * OpenGotha's choice, the same total cost on the others); the matching
 * against brute force and the blossom; the XML round trip; bad files named
 * with their line; the 'go pair' command end to end; OpenGotha's corners:
 * scores outside every score group, genMMZero, unknown colours, direct
 * confrontation on cycles and repeated wins.
 * SPDX-License-Identifier: MIT */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "support.h"

#include "report/go.h"
#include "swiss/blossom.h"
#include "swiss/go.h"
#include "swiss/go_internal.h"
#include "swiss/xml.h"
#include "util/fileio.h"
#include "util/json.h"
#include "util/strbuf.h"

#define HANDMADE SW_TEST_DATA "/go/handmade.xml"
#define REFS SW_DATA_DIR "/mcmahon"

static void read_ok(const char *path, sw_go_tournament *t) {
    sw_error err;
    if (sw_go_read(path, t, &err)) {
        char buf[5000];
        sw_error_format(&err, buf, sizeof buf);
        fail_msg("%s", buf);
    }
}

/* Pair round r (0-based) and add it to the tournament; its number of games. */
static int play_round(sw_go_tournament *t, int r) {
    sw_go_pairing p;
    sw_error err;
    assert_int_equal(sw_go_pair(t, r, &p, &err), SW_OK);
    assert_int_equal(sw_go_add_round(t, &p, &err), SW_OK);
    int n = p.ngames;
    sw_go_pairing_free(&p);
    return n;
}

static int player(const sw_go_tournament *t, const char *key) {
    for (int i = 0; i < t->nplayers; i++)
        if (!strcmp(t->players[i].key, key))
            return i;
    fail_msg("no player %s", key);
    return -1;
}

static void test_ranks_and_keys(void **state) {
    (void)state;
    static const struct {
        const char *s;
        int rank;
    } ok[] = {{"3K", -3}, {"30k", -30}, {"35K", -30}, {"1K", -1}, {"1D", 0},   {"9d", 8},
              {"1P", 6},  {"3p", 6},    {"5P", 7},    {"9P", 8},  {"12", -12}, {" 2D ", 1}};
    for (size_t i = 0; i < sizeof ok / sizeof *ok; i++) {
        int r = 99;
        assert_true(sw_go_parse_rank(ok[i].s, &r));
        assert_int_equal(r, ok[i].rank);
    }
    int r;
    assert_false(sw_go_parse_rank("", &r));
    assert_false(sw_go_parse_rank("D", &r));
    assert_false(sw_go_parse_rank("2Q", &r));
    assert_false(sw_go_parse_rank("pro", &r));
    char buf[8];
    sw_go_rank_text(-3, buf);
    assert_string_equal(buf, "3K");
    sw_go_rank_text(0, buf);
    assert_string_equal(buf, "1D");
    char *k = sw_go_key("Lefebvre", "Loïc");
    assert_string_equal(k, "LEFEBVRELOÏC");
    free(k);
    k = sw_go_key("van der Berg", "Hans Peter");
    assert_string_equal(k, "VANDERBERGHANSPETER");
    free(k);
    k = sw_go_key("Strauß", "Żaneta");
    assert_string_equal(k, "STRAUSSŻANETA");
    free(k);
    k = sw_go_key("Иванов", "ё");
    assert_string_equal(k, "ИВАНОВЁ");
    free(k);
}

/* The Java formula of detRandom, written out for the test. */
static int64_t det_random(int64_t max, const char *s1, const char *s2) {
    bool inverse = strcmp(s1, s2) > 0; /* ASCII names: byte order is Java's */
    char s[256];
    snprintf(s, sizeof s, "%s%s", inverse ? s2 : s1, inverse ? s1 : s2);
    int64_t n = 0;
    for (size_t i = 0; s[i]; i++)
        n += (int64_t)(unsigned char)s[i] * (int64_t)(i + 1);
    n = n * 1234567 % (max + 1);
    return inverse ? max - n : n;
}

/* Round 1 of the hand-made event: four 2D (one group of four, inner
 * placement by rating: Alpha, Bravo, Charlie, Delta), a 1K and a 15K.
 * Floor 20K and bar 4D: initial scores 31, 29, 15; groups 4, 6 and 20 of
 * 27 (scores 35 down to 9). Seeding: split and random in round 1. */
static void test_costs_round1(void **state) {
    (void)state;
    sw_go_tournament t;
    read_ok(HANDMADE, &t);
    sw_go_round *rd;
    sw_error err;
    assert_int_equal(sw_go_round_new(&t, 0, &rd, &err), SW_OK);
    int a = player(&t, "ALPHAANN"), b = player(&t, "BRAVOBOB"), c = player(&t, "CHARLIECID"),
        d = player(&t, "DELTADAN"), e = player(&t, "ECHOEVE"), f = player(&t, "FOXTROTFAY");
    int n;
    const int *order = sw_go_round_order(rd, &n);
    int want_order[] = {a, b, c, d, e, f};
    assert_int_equal(n, 6);
    assert_memory_equal(order, want_order, sizeof want_order);
    assert_int_equal(sw_go_round_bye(rd), -1);
    assert_int_equal(sw_go_round_crit(rd, SW_GO_C_MMS, a, -1), 62);
    assert_int_equal(sw_go_round_crit(rd, SW_GO_C_MMS, f, -1), 30);
    int64_t tm[SW_GO_NTERMS];
    /* Alpha-Charlie: same group, one in the top half: seeding M - detRandom(M/5);
     * same club and country: no geography bonus */
    int64_t cost = sw_go_round_cost(rd, a, c, tm);
    assert_int_equal(tm[SW_GO_T_DUPL], INT64_C(500000000000000));
    assert_int_equal(tm[SW_GO_T_SCORE], INT64_C(100000000000));
    assert_int_equal(tm[SW_GO_T_SEED], 5000000 - det_random(1000000, "AlphaAnn", "CharlieCid"));
    assert_int_equal(tm[SW_GO_T_SEED], 4973901);
    assert_int_equal(tm[SW_GO_T_GEO], 0);
    assert_int_equal(tm[SW_GO_T_DUDD], 0);
    assert_int_equal(tm[SW_GO_T_WB], 0);
    assert_int_equal(cost, 1 + INT64_C(500000000000000) + INT64_C(100000000000) + 4973901);
    /* Alpha-Bravo: both in the top half: no seeding; clubs differ: geo =
     * 3*1.2/27 + 0.5/27, bonus 1e11 - (long)(1e11 (1-geo)(1+geo/2)) */
    sw_go_round_cost(rd, a, b, tm);
    assert_int_equal(tm[SW_GO_T_SEED], 0);
    assert_int_equal(tm[SW_GO_T_GEO], INT64_C(8745541839));
    /* Alpha-Delta: countries differ too: geo = 3.6/27 + (1/27)/2 + 0.5/27 */
    sw_go_round_cost(rd, a, d, tm);
    assert_int_equal(tm[SW_GO_T_GEO], INT64_C(9969821674));
    /* Alpha-Echo: groups 4 and 6: score (long)(1e11 (1-2/27)(1+1/27));
     * draw-up/down: no history (scenario 2: 2 w, w = 1e8/5), MID places 0 */
    sw_go_round_cost(rd, a, e, tm);
    assert_int_equal(tm[SW_GO_T_SCORE], INT64_C(96021947873));
    assert_int_equal(tm[SW_GO_T_DUDD], 40000000);
    /* Bravo-Echo: Bravo second of four: MID place w/2 (3-|2-3|)/4 = 5e6 */
    sw_go_round_cost(rd, b, e, tm);
    assert_int_equal(tm[SW_GO_T_DUDD], 45000000);
    /* Echo-Foxtrot: 13 groups apart: no draw-up/down term */
    sw_go_round_cost(rd, e, f, tm);
    assert_int_equal(tm[SW_GO_T_DUDD], 0);
    /* handicap from MMS: 1K is -1, 15K is -15: 14 - 1 = 13, ceiling 9 */
    sw_go_game g;
    sw_go_round_game(rd, e, f, &g);
    assert_int_equal(g.white, e);
    assert_int_equal(g.handicap, 9);
    /* 2D against 1K: both capped at 1D (0) and -1: 1 - 1 = even game */
    sw_go_round_game(rd, a, e, &g);
    assert_int_equal(g.handicap, 0);
    /* even, equal colour balance: P1 white iff detRandom(1) == 0 */
    sw_go_round_game(rd, b, c, &g);
    assert_int_equal(g.white, det_random(1, "BravoBob", "CharlieCid") == 0 ? b : c);
    sw_go_round_free(rd);
    sw_go_free(&t);
}

/* Round 2 after Alpha beat Delta, Bravo beat Charlie (Charlie white) and
 * Foxtrot beat Echo (9 stones): groups 4 (Alpha, Bravo), 5 (Charlie,
 * Delta), 7 (Echo), 20 (Foxtrot) of 28; Echo was drawn down once. */
static void test_costs_round2(void **state) {
    (void)state;
    sw_go_tournament t;
    read_ok(HANDMADE, &t);
    play_round(&t, 0);
    sw_error err;
    int a = player(&t, "ALPHAANN"), b = player(&t, "BRAVOBOB"), c = player(&t, "CHARLIECID"),
        d = player(&t, "DELTADAN"), e = player(&t, "ECHOEVE");
    assert_int_equal(t.ngames, 3);
    for (int i = 0; i < t.ngames; i++) {
        sw_go_game *gm = &t.games[i];
        if (gm->white == a || gm->black == a) {
            assert_int_equal(gm->white, a);
            assert_int_equal(gm->black, d);
            gm->result = SW_GO_RES_WHITE;
        } else if (gm->white == c || gm->black == c) {
            assert_int_equal(gm->white, c);
            gm->result = SW_GO_RES_BLACK;
        } else {
            assert_int_equal(gm->white, e);
            gm->result = SW_GO_RES_BLACK;
        }
    }
    sw_go_round *rd;
    assert_int_equal(sw_go_round_new(&t, 1, &rd, &err), SW_OK);
    assert_int_equal(sw_go_round_crit(rd, SW_GO_C_MMS, a, 0), 64);
    assert_int_equal(sw_go_round_crit(rd, SW_GO_C_SOSM, c, 0), 64);
    int64_t tm[SW_GO_NTERMS];
    /* Alpha (white) and Bravo (black): colour balances +1 and -1; fold
     * seeding in round 2 with places 0 and 1 of 2: x = 0, full M */
    sw_go_round_cost(rd, a, b, tm);
    assert_int_equal(tm[SW_GO_T_WB], 1000000);
    assert_int_equal(tm[SW_GO_T_SEED], 5000000);
    assert_int_equal(tm[SW_GO_T_SCORE], INT64_C(100000000000));
    /* Alpha and Charlie were both white: no balance term */
    sw_go_round_cost(rd, a, c, tm);
    assert_int_equal(tm[SW_GO_T_WB], 0);
    /* met before */
    sw_go_round_cost(rd, a, d, tm);
    assert_int_equal(tm[SW_GO_T_DUPL], 0);
    /* Charlie over Echo: Echo, drawn down before, is drawn up now: a
     * compensation, scenario 3 (3 w); score (long)(1e11 (1-2/28)(1+1/28)) */
    sw_go_round_cost(rd, c, e, tm);
    assert_int_equal(tm[SW_GO_T_DUDD], 60000000);
    assert_int_equal(tm[SW_GO_T_SCORE], INT64_C(96173469387));
    sw_go_round_free(rd);
    sw_go_free(&t);
}

/* Standings after round 1 of the hand-made event (Alpha, Bravo and Foxtrot
 * won): Alpha and Bravo equal on MMS 32, SOSM 31 and SOSOSM 32 share place
 * 1, Charlie and Delta place 3; Echo's SOSM is Foxtrot's 16 plus 9 stones,
 * Foxtrot's Echo's 29 less 9. Values are doubled. */
static void test_standings(void **state) {
    (void)state;
    sw_go_tournament t;
    read_ok(HANDMADE, &t);
    play_round(&t, 0);
    sw_error err;
    int a = player(&t, "ALPHAANN"), c = player(&t, "CHARLIECID"), e = player(&t, "ECHOEVE"),
        f = player(&t, "FOXTROTFAY");
    for (int i = 0; i < t.ngames; i++)
        t.games[i].result = t.games[i].white == a ? SW_GO_RES_WHITE : SW_GO_RES_BLACK;
    assert_int_equal(sw_go_last_round(&t), 0);
    sw_go_standing *s;
    int n;
    assert_int_equal(sw_go_standings(&t, 0, &s, &n, &err), SW_OK);
    assert_int_equal(n, 6);
    int places[6], want_places[6] = {1, 1, 3, 3, 5, 6};
    for (int i = 0; i < n; i++)
        places[i] = s[i].place;
    assert_memory_equal(places, want_places, sizeof places);
    assert_int_equal(s[0].player, a);
    assert_int_equal(s[0].crit[0], 64);
    assert_int_equal(s[0].crit[1], 62);
    assert_int_equal(s[0].crit[2], 64);
    assert_int_equal(s[2].player, c);
    assert_int_equal(s[4].player, e);
    assert_int_equal(s[4].crit[1], 32 + 18);
    assert_int_equal(s[5].player, f);
    assert_int_equal(s[5].crit[1], 58 - 18);
    assert_int_equal(sw_go_crit_scale(SW_GO_C_SODOSM), 4);
    free(s);
    /* the EGF results file, as OpenGotha exports it (checked with its own
     * export): class A (60 minutes and 30 s byo-yomi: 82 adjusted), the
     * standings after the last round (3: rounds 2 and 3 not paired, so
     * SOS counts the player's own score there), Alpha first beating Delta
     * (line 4) with White, Bravo tied with Alpha (no place written) */
    sw_strbuf h9;
    sw_strbuf_init(&h9);
    assert_int_equal(sw_go_write_h9(&t, "test", &h9, &err), SW_OK);
    const char *txt = sw_strbuf_cstr(&h9);
    assert_non_null(strstr(txt,
                           "; CL[A]\n; EV[Hand made]\n; PC[,Test]\n; DT[2026-01-01,2026-01-01]\n"
                           "; HA[h1]\n; KM[7.5]\n; TM[82]\n; CM[Standard byo-yomi]\n"));
    assert_non_null(strstr(txt, "\n; Pl Name                            Rk Co Club  MMS  SOSSOSOS\n"
                                "   1 Alpha Ann                       2D FR Pari   32   93  280 0"
                                "    4+/w0    0-       0-   \n"
                                "     Bravo Bob                       2D FR Lyon   32   93  280 0"
                                "    3+/b0    0-       0-   \n"));
    assert_non_null(strstr(txt, "\n   6 Foxtrot Fay                    15K FR Lyon   16   50  173 0"
                                "    5+/b9    0-       0-   \n"));
    sw_strbuf_free(&h9);
    assert_int_equal(sw_go_standings(&t, 3, &s, &n, &err), SW_ERR_INVALID);
    sw_go_free(&t);
}

/* The reference pairing's lines, and its total cost under our costs. */
typedef struct ref_line {
    char a[128], b[128];
    int hd;
} ref_line;

static int read_ref(const char *path, ref_line *lines, int cap) {
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    int n = 0;
    char buf[512];
    while (n < cap && fgets(buf, sizeof buf, f)) {
        lines[n].hd = -1;
        if (sscanf(buf, "%127s %127s %d", lines[n].a, lines[n].b, &lines[n].hd) >= 2)
            n++;
    }
    fclose(f);
    return n;
}

static int64_t pair_cost(const sw_go_round *rd, int x, int y) {
    int n;
    const int *order = sw_go_round_order(rd, &n);
    for (int i = 0; i < n; i++) {
        if (order[i] == x)
            return sw_go_round_cost(rd, x, y, NULL);
        if (order[i] == y)
            return sw_go_round_cost(rd, y, x, NULL);
    }
    fail_msg("player not to pair");
    return 0;
}

/* Round `round` of dir/tour/state_R<round>.xml against OpenGotha's
 * pairing_R<round>.txt: line for line, also where several matchings are
 * optimal (sw_go_gabow reaches OpenGotha's: docs/go.md, "Several optimal
 * matchings"), and the same total cost and bye; *same counts the
 * identical rounds. */
static void check_case(const char *dir, const char *tour, int round, int *same) {
    char path[1024], want[1024];
    snprintf(path, sizeof path, "%s/%s/state_R%d.xml", dir, tour, round);
    snprintf(want, sizeof want, "%s/%s/pairing_R%d.txt", dir, tour, round);
    sw_go_tournament t;
    read_ok(path, &t);
    sw_go_pairing p;
    sw_error err;
    assert_int_equal(sw_go_pair(&t, round - 1, &p, &err), SW_OK);
    static ref_line ref[600];
    int nref = read_ref(want, ref, 600);
    /* our lines */
    sw_strbuf got, exp;
    sw_strbuf_init(&got);
    sw_strbuf_init(&exp);
    for (int i = 0; i < p.ngames; i++)
        sw_strbuf_printf(&got, "%s %s %d\n", t.players[p.games[i].white].key,
                         t.players[p.games[i].black].key, p.games[i].handicap);
    if (p.bye >= 0)
        sw_strbuf_printf(&got, "bye %s\n", t.players[p.bye].key);
    for (int i = 0; i < nref; i++)
        if (!strcmp(ref[i].a, "bye"))
            sw_strbuf_printf(&exp, "bye %s\n", ref[i].b);
        else
            sw_strbuf_printf(&exp, "%s %s %d\n", ref[i].a, ref[i].b, ref[i].hd);
    bool equal = !strcmp(sw_strbuf_cstr(&got), sw_strbuf_cstr(&exp));
    *same += equal;
    if (!equal)
        fail_msg("%s round %d differs:\n%s---\n%s", tour, round, sw_strbuf_cstr(&got),
                 sw_strbuf_cstr(&exp));
    /* tie or not: our matching weighs as much as OpenGotha's */
    sw_go_round *rd;
    assert_int_equal(sw_go_round_new(&t, round - 1, &rd, &err), SW_OK);
    int64_t ours = 0, theirs = 0;
    for (int i = 0; i < p.ngames; i++)
        ours += pair_cost(rd, p.games[i].white, p.games[i].black);
    for (int i = 0; i < nref; i++)
        if (strcmp(ref[i].a, "bye"))
            theirs += pair_cost(rd, player(&t, ref[i].a), player(&t, ref[i].b));
        else
            assert_int_equal(p.bye, player(&t, ref[i].b));
    assert_true(ours == theirs);
    sw_go_round_free(rd);
    sw_strbuf_free(&got);
    sw_strbuf_free(&exp);
    sw_go_pairing_free(&p);
    sw_go_free(&t);
}

static void test_reference_rounds(void **state) {
    (void)state;
    FILE *f = fopen(REFS "/cases.tsv", "r");
    assert_non_null(f);
    char line[1024];
    int cases = 0, uniq = 0, ties = 0, same_tie = 0, same_unique = 0;
    while (fgets(line, sizeof line, f)) {
        char tour[256], sys[16], optimum[16];
        int round, paired, games, hd;
        char bye[256];
        if (sscanf(line, "%255s %d %15s %d %d %d %255s %15s", tour, &round, sys, &paired, &games,
                   &hd, bye, optimum) != 8)
            continue;
        bool unique = !strcmp(optimum, "unique");
        check_case(REFS, tour, round, unique ? &same_unique : &same_tie);
        cases++;
        uniq += unique;
        ties += !unique;
    }
    fclose(f);
    assert_int_equal(cases, 35);
    assert_int_equal(same_unique, uniq);
    assert_int_equal(ties, 10);
    assert_int_equal(same_tie, ties);
    print_message("go reference rounds: %d/%d unique identical, %d/%d tie rounds identical "
                  "(all of the same total cost)\n",
                  same_unique, uniq, same_tie, ties);
}

static void check_same_model(const sw_go_tournament *x, const sw_go_tournament *y) {
    assert_int_equal(x->nplayers, y->nplayers);
    for (int i = 0; i < x->nplayers; i++) {
        const sw_go_player *a = &x->players[i], *b = &y->players[i];
        assert_string_equal(a->key, b->key);
        assert_string_equal(a->name, b->name);
        assert_string_equal(a->club, b->club);
        assert_string_equal(a->country, b->country);
        assert_int_equal(a->rank, b->rank);
        assert_int_equal(a->rating, b->rating);
        assert_int_equal(a->fin, b->fin);
        assert_memory_equal(a->plays, b->plays, sizeof a->plays);
    }
    assert_int_equal(x->ngames, y->ngames);
    for (int i = 0; i < x->ngames; i++) {
        const sw_go_game *a = &x->games[i], *b = &y->games[i];
        assert_int_equal(a->round, b->round);
        assert_int_equal(a->table, b->table);
        assert_int_equal(a->white, b->white);
        assert_int_equal(a->black, b->black);
        assert_int_equal(a->handicap, b->handicap);
        assert_int_equal(a->result, b->result);
    }
    assert_int_equal(x->nbyes, y->nbyes);
    for (int i = 0; i < x->nbyes; i++) {
        assert_int_equal(x->byes[i].round, y->byes[i].round);
        assert_int_equal(x->byes[i].player, y->byes[i].player);
    }
    assert_memory_equal(&x->par, &y->par, sizeof x->par);
}

/* Read, write, read: the same model, and the same text written twice; then
 * with a round added, which the next pairing builds on. */
static void test_round_trip(void **state) {
    (void)state;
    sw_go_tournament t, u;
    read_ok(REFS "/pairgoth-toulouse2024/state_R4.xml", &t);
    sw_strbuf one, two;
    sw_strbuf_init(&one);
    sw_strbuf_init(&two);
    sw_go_write(&t, &one);
    sw_error err;
    assert_int_equal(sw_go_parse(one.data, one.len, "one.xml", &u, &err), SW_OK);
    check_same_model(&t, &u);
    sw_go_write(&u, &two);
    assert_string_equal(one.data, two.data);
    sw_go_free(&u);
    /* a round added: written, read back, equal */
    int r;
    assert_int_equal(sw_go_next_round(&t, &r, &err), SW_OK);
    assert_int_equal(r, 3);
    int games = play_round(&t, r);
    one.len = 0;
    sw_go_write(&t, &one);
    assert_int_equal(sw_go_parse(one.data, one.len, "one.xml", &u, &err), SW_OK);
    check_same_model(&t, &u);
    assert_int_equal(sw_go_next_round(&u, &r, &err), SW_OK);
    assert_int_equal(r, 4);
    sw_go_pairing again;
    assert_int_equal(sw_go_pair(&u, 3, &again, &err), SW_ERR_INVALID);
    assert_non_null(strstr(err.msg, "round 4 already has"));
    int round3 = 0;
    for (int i = 0; i < u.ngames; i++)
        round3 += u.games[i].round == 3;
    assert_int_equal(round3, games);
    sw_go_free(&u);
    sw_go_free(&t);
    sw_strbuf_free(&one);
    sw_strbuf_free(&two);
}

static void test_xml_text(void **state) {
    (void)state;
    const char *doc =
        "<?xml version=\"1.0\"?>\n<!-- c -->\n<a x='1 &amp; &lt;2&gt;' y=\"&#233;&#x41;\">"
        "<b/>\n<![CDATA[<raw>]]><c z=\"&quot;\"/></a>\n";
    sw_xml_node *root;
    sw_error err;
    assert_int_equal(sw_xml_parse(doc, strlen(doc), "t.xml", &root, &err), SW_OK);
    assert_string_equal(sw_xml_attr_get(root, "x"), "1 & <2>");
    assert_string_equal(sw_xml_attr_get(root, "y"), "éA");
    assert_string_equal(root->text, "<raw>");
    assert_int_equal(root->nkids, 2);
    assert_int_equal(root->line, 3);
    assert_string_equal(sw_xml_attr_get(sw_xml_child(root, "c"), "z"), "\"");
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    sw_xml_write(root, &sb);
    sw_xml_node *again;
    assert_int_equal(sw_xml_parse(sb.data, sb.len, "t2.xml", &again, &err), SW_OK);
    assert_string_equal(sw_xml_attr_get(again, "x"), "1 & <2>");
    assert_string_equal(again->text, "<raw>");
    sw_xml_free(again);
    sw_xml_free(root);
    sw_strbuf_free(&sb);
    static const struct {
        const char *doc;
        int line;
    } bad[] = {{"<a>\n<b>\n</a>", 3},   {"<a>\n\n<b x=1/></a>", 3},
               {"<a x='1' x='2'/>", 1}, {"<a>&nbsp;</a>", 1},
               {"<a/>\n<b/>", 2},       {"", 1},
               {"<a>\n<b>", 2},         {"<a\n\n", 3}};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        sw_error_clear(&err);
        assert_int_equal(sw_xml_parse(bad[i].doc, strlen(bad[i].doc), "bad.xml", &root, &err),
                         SW_ERR_PARSE);
        assert_string_equal(err.file, "bad.xml");
        if (err.line != bad[i].line)
            fail_msg("case %zu: line %d, expected %d (%s)", i, err.line, bad[i].line, err.msg);
    }
}

/* The hand-made file with one line replaced (lines count from 1). */
static sw_status parse_edited(int line, const char *text, sw_error *err) {
    char *data;
    size_t len;
    assert_int_equal(sw_file_read(HANDMADE, &data, &len, err), SW_OK);
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    int ln = 1;
    for (const char *p = data; *p;) {
        const char *e = strchr(p, '\n');
        size_t n = e ? (size_t)(e - p + 1) : strlen(p);
        if (ln == line) {
            sw_strbuf_puts(&sb, text);
            sw_strbuf_puts(&sb, "\n");
        } else
            sw_strbuf_append(&sb, p, n);
        p += n;
        ln++;
    }
    sw_go_tournament t;
    sw_status st = sw_go_parse(sb.data, sb.len, "edited.xml", &t, err);
    if (!st)
        sw_go_free(&t);
    sw_strbuf_free(&sb);
    free(data);
    return st;
}

static void test_bad_files(void **state) {
    (void)state;
    sw_error err;
    /* line 4 is the first player */
    assert_int_equal(parse_edited(4, "<Player name=\"A\" firstName=\"B\" rank=\"abc\"/>", &err),
                     SW_ERR_PARSE);
    assert_int_equal(err.line, 4);
    assert_non_null(strstr(err.msg, "unknown rank"));
    assert_int_equal(parse_edited(11,
                                  "<Games><Game roundNumber=\"1\" tableNumber=\"1\" "
                                  "whitePlayer=\"ALPHAANN\" blackPlayer=\"NOBODY\"/>",
                                  &err),
                     SW_ERR_INVALID);
    assert_int_equal(err.line, 11);
    assert_non_null(strstr(err.msg, "NOBODY"));
    assert_int_equal(parse_edited(11,
                                  "<Games><Game roundNumber=\"25\" tableNumber=\"1\" "
                                  "whitePlayer=\"ALPHAANN\" blackPlayer=\"BRAVOBOB\"/>",
                                  &err),
                     SW_ERR_PARSE);
    assert_int_equal(err.line, 11);
    assert_int_equal(
        parse_edited(5, "<Player name=\"Alpha\" firstName=\"Ann\" rank=\"2K\"/>", &err),
        SW_ERR_INVALID);
    assert_int_equal(err.line, 5);
    assert_int_equal(parse_edited(12, "<Games>", &err), SW_ERR_PARSE);
    assert_string_equal(err.file, "edited.xml");
    assert_true(err.line > 0);
    assert_int_equal(parse_edited(2, "<Tournaments>", &err), SW_ERR_PARSE);
}

/* Costs shaped like a McMahon round's (a large constant, a score-group
 * distance, small seeding and club terms, many ties) for n players. */
static int64_t *round_like_costs(int n, uint64_t seed) {
    int64_t *w = malloc((size_t)n * (size_t)n * sizeof *w);
    int *group = malloc((size_t)n * sizeof *group), *club = malloc((size_t)n * sizeof *club);
    assert_true(w && group && club);
    uint64_t x = seed;
    for (int i = 0; i < n; i++) {
        x = x * 6364136223846793005u + 1442695040888963407u;
        group[i] = (int)(x >> 59);
        club[i] = (int)((x >> 40) % 23);
    }
    for (int i = 0; i < n; i++)
        for (int j = i; j < n; j++) {
            int d = abs(group[i] - group[j]);
            int64_t c = i == j ? 0
                               : INT64_C(500000000000000) + INT64_C(100000000000) * (40 - d) / 40 +
                                     (d == 0 ? 5000000 - 1000 * abs(i - j) % 7 : 0) +
                                     (club[i] != club[j] ? INT64_C(9000000000) : 0);
            w[(size_t)i * (size_t)n + (size_t)j] = w[(size_t)j * (size_t)n + (size_t)i] = c;
        }
    free(group);
    free(club);
    return w;
}

/* sw_go_match reaches the optimum of the blossom on every pair: by Gabow's
 * algorithm at 420 players, by the priced solve above OpenGotha's block
 * size (640). */
static void test_large_matching(void **state) {
    (void)state;
    static const int sizes[] = {420, SW_GO_ONE_BLOCK + 40};
    for (size_t z = 0; z < sizeof sizes / sizeof *sizes; z++) {
        int n = sizes[z];
        int64_t *w = round_like_costs(n, 12345);
        sw_blossom_edge *e = malloc((size_t)n * (size_t)n / 2 * sizeof *e);
        int *mate = malloc((size_t)n * sizeof *mate), *mate2 = malloc((size_t)n * sizeof *mate2);
        assert_true(e && mate && mate2);
        size_t m = 0;
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++)
                e[m++] = (sw_blossom_edge){i, j, w[(size_t)i * (size_t)n + (size_t)j]};
        sw_error err;
        assert_int_equal(sw_go_match(w, n, mate, "t", &err), SW_OK);
        assert_int_equal(sw_blossom_match(n, e, m, SW_BLOSSOM_MAX_CARDINALITY, mate2, &err), SW_OK);
        int64_t a = 0, b = 0;
        for (int i = 0; i < n; i++) {
            assert_true(mate[i] >= 0 && mate[i] < n && mate[mate[i]] == i);
            if (i < mate[i])
                a += w[(size_t)i * (size_t)n + (size_t)mate[i]];
            if (i < mate2[i])
                b += w[(size_t)i * (size_t)n + (size_t)mate2[i]];
        }
        assert_true(a == b);
        free(w);
        free(e);
        free(mate);
        free(mate2);
    }
}

/* The heaviest perfect matching of w (n x n) over the vertices not in
 * used, by trying every partner of the first free vertex. */
static int64_t brute_best(const int64_t *w, int n, unsigned used) {
    int i = 0;
    while (i < n && (used >> i & 1))
        i++;
    if (i == n)
        return 0;
    int64_t best = INT64_MIN;
    for (int j = i + 1; j < n; j++) {
        if (used >> j & 1)
            continue;
        int64_t r = brute_best(w, n, used | 1u << i | 1u << j);
        if (r != INT64_MIN && w[i * n + j] + r > best)
            best = w[i * n + j] + r;
    }
    return best;
}

/* sw_go_gabow against brute force on small graphs with few distinct costs
 * (many optimal matchings, blossoms, expansions), and its deterministic
 * choice on four vertices with equal costs: stage 1 pairs 0-1 (the first
 * tight edge, kept by 1); in stage 2 the roots 2 and 3 reach 0 at the same
 * time as 3's edge to 2 is tight, and the event of vertex 0 comes first,
 * so 0 is taken from 1 by 2 and 1 goes to 3. */
static void test_gabow_small(void **state) {
    (void)state;
    uint64_t x = 99;
    for (int iter = 0; iter < 3000; iter++) {
        int n = 2 + 2 * (iter % 6);
        int64_t w[144];
        int mate[12];
        for (int i = 0; i < n; i++) {
            w[i * n + i] = 0;
            for (int j = i + 1; j < n; j++) {
                x = x * 6364136223846793005u + 1442695040888963407u;
                w[i * n + j] = w[j * n + i] = 1 + (int64_t)(x >> 61) * (iter % 2 ? 1 : 1000);
            }
        }
        sw_error err;
        assert_int_equal(sw_go_gabow(w, n, mate, "t", &err), SW_OK);
        int64_t got = 0;
        for (int i = 0; i < n; i++) {
            assert_true(mate[i] >= 0 && mate[i] < n && mate[i] != i && mate[mate[i]] == i);
            if (i < mate[i])
                got += w[i * n + mate[i]];
        }
        assert_true(got == brute_best(w, n, 0));
    }
    int64_t c4[16] = {0, 5, 5, 5, 5, 0, 5, 5, 5, 5, 0, 5, 5, 5, 5, 0};
    int mate[4];
    sw_error err;
    assert_int_equal(sw_go_gabow(c4, 4, mate, "t", &err), SW_OK);
    assert_int_equal(mate[0], 2);
    assert_int_equal(mate[1], 3);
}

/* Costs with only `levels` distinct values (1..levels) from seed x. */
static int64_t *few_costs(int n, uint64_t x, int levels) {
    int64_t *w = malloc((size_t)n * (size_t)n * sizeof *w);
    assert_non_null(w);
    for (int i = 0; i < n; i++) {
        w[(size_t)i * (size_t)n + (size_t)i] = 0;
        for (int j = i + 1; j < n; j++) {
            x = x * 6364136223846793005u + 1442695040888963407u;
            w[(size_t)i * (size_t)n + (size_t)j] = w[(size_t)j * (size_t)n + (size_t)i] =
                1 + (int64_t)((x >> 33) % (uint64_t)levels);
        }
    }
    return w;
}

/* sw_go_gabow's choice among many optimal matchings (round-like costs,
 * and costs of two to four values: blossoms, expansions, ties of every
 * kind), pinned by an FNV-1a hash of mate[]. The values were recorded
 * with the plain organisation of the search under the present tie rules
 * (every stage scanning all its roots, every event looking at every
 * vertex and outer blossom), before the faster organisation: a speed
 * change must leave them alone; a change of the tie rules (docs/go.md,
 * "Several optimal matchings") records them again. */
static void test_gabow_choice_pinned(void **state) {
    (void)state;
    static const struct {
        int n;
        uint64_t seed;
        int levels; /* 0: round-like costs */
        uint64_t hash;
    } cases[] = {
        {150, 7, 0, UINT64_C(0x1189ac807baec9dc)},  {400, 8, 0, UINT64_C(0x355af3bbbc769d11)},
        {100, 9, 3, UINT64_C(0x762965a7deaed415)},  {300, 10, 4, UINT64_C(0xf6277e9c3d3841f1)},
        {600, 11, 2, UINT64_C(0x96878523550bc4fd)},
    };
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        int n = cases[k].n;
        int64_t *w = cases[k].levels ? few_costs(n, cases[k].seed, cases[k].levels)
                                     : round_like_costs(n, cases[k].seed);
        int *mate = malloc((size_t)n * sizeof *mate);
        assert_non_null(mate);
        sw_error err;
        assert_int_equal(sw_go_gabow(w, n, mate, "t", &err), SW_OK);
        uint64_t h = UINT64_C(14695981039346656037);
        for (int i = 0; i < n; i++) {
            assert_true(mate[i] >= 0 && mate[i] < n && mate[mate[i]] == i);
            h = (h ^ (uint64_t)mate[i]) * UINT64_C(1099511628211);
        }
        assert_true(h == cases[k].hash);
        free(w);
        free(mate);
    }
}

/* text with its first from replaced by to (from must occur), allocated. */
static char *replace_once(char *text, const char *from, const char *to) {
    char *at = strstr(text, from);
    assert_non_null(at);
    size_t head = (size_t)(at - text), nfrom = strlen(from), nto = strlen(to);
    char *r = malloc(strlen(text) - nfrom + nto + 1);
    assert_non_null(r);
    memcpy(r, text, head);
    memcpy(r + head, to, nto);
    strcpy(r + head + nto, at + nfrom);
    free(text);
    return r;
}

/* The hand-made file's settings (seeding by split and slip in round 1)
 * with generated players: counts[i] players of rank ranks[i], named P0000,
 * P0001, ... with ratings descending and a club each; with cat6d, two
 * categories, the first from 6d. */
static void parse_generated(const char *const *ranks, const int *counts, int nspec, bool cat6d,
                            sw_go_tournament *t) {
    char *data;
    size_t len;
    sw_error err;
    assert_int_equal(sw_file_read(HANDMADE, &data, &len, &err), SW_OK);
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    sw_strbuf_puts(&sb, "    <Players>\n");
    for (int s = 0, i = 0; s < nspec; s++)
        for (int k = 0; k < counts[s]; k++, i++)
            sw_strbuf_printf(&sb,
                             "<Player club=\"C%04d\" country=\"FR\" firstName=\"F\" grade=\"%s\" "
                             "name=\"P%04d\" participating=\"11111\" rank=\"%s\" rating=\"%d\" "
                             "registeringStatus=\"FIN\" smmsCorrection=\"0\"/>\n",
                             i, ranks[s], i, ranks[s], 2800 - i);
    char *open = strstr(data, "    <Players>\n"), *close = strstr(data, "    </Players>\n");
    assert_true(open && close);
    memmove(open + strlen("    <Players>\n"), close, strlen(close) + 1);
    data = replace_once(data, "    <Players>\n", sb.data);
    data = replace_once(data, "paiMaSeedSystem1=\"SPLITANDRANDOM\"",
                        "paiMaSeedSystem1=\"SPLITANDSLIP\"");
    if (cat6d) {
        data = replace_once(data, "numberOfCategories=\"1\"", "numberOfCategories=\"2\"");
        data = replace_once(data, "stdByoYomiTime=\"30\"/>",
                            "stdByoYomiTime=\"30\"><Categories><Category lowerLimit=\"6D\" "
                            "number=\"1\"/></Categories></GeneralParameterSet>");
    }
    assert_int_equal(sw_go_parse(data, strlen(data), "generated.xml", t, &err), SW_OK);
    sw_strbuf_free(&sb);
    free(data);
}

/* The blocks of round 1 (players numbered in file order): their ends. */
static int round1_blocks(const sw_go_tournament *t, int *ends) {
    sw_go_round *rd;
    sw_error err;
    assert_int_equal(sw_go_round_new(t, 0, &rd, &err), SW_OK);
    int n0, n = 0;
    const int *order = sw_go_round_order(rd, &n0);
    int *list = malloc((size_t)n0 * sizeof *list);
    assert_non_null(list);
    for (int i = 0; i < n0; i++)
        if (order[i] != sw_go_round_bye(rd))
            list[n++] = order[i];
    int nb = sw_go_round_blocks(rd, list, n, ends);
    /* ranks descending and ratings descending: the order is the file's */
    for (int i = 0; i < n; i++)
        assert_int_equal(list[i], i);
    free(list);
    sw_go_round_free(rd);
    return nb;
}

/* Round 1 of one level paired: the bye is the last player, and each block
 * is split and slipped alone (the first half's i with i + half). */
static void assert_slip_in_blocks(sw_go_tournament *t, const int *ends, int nb, int bye) {
    sw_go_pairing p;
    sw_error err;
    assert_int_equal(sw_go_pair(t, 0, &p, &err), SW_OK);
    assert_int_equal(p.bye, bye);
    assert_int_equal(p.ngames, ends[nb - 1] / 2);
    for (int g = 0; g < p.ngames; g++) {
        int a = p.games[g].white < p.games[g].black ? p.games[g].white : p.games[g].black;
        int b = p.games[g].white ^ p.games[g].black ^ a, k = 0;
        while (ends[k] <= a)
            k++;
        int start = k ? ends[k - 1] : 0, half = (ends[k] - start) / 2;
        assert_int_equal(b - a, half);
        assert_true(a < start + half);
    }
    sw_go_pairing_free(&p);
}

/* A round of more than 600 players to pair is cut into blocks from the top
 * (makeAutomaticPairing): a block grows score level by score level until it
 * has at least 200 players and an even number, or reaches 600, or leaves
 * only 200; each block is matched alone with the whole round's costs. The
 * expected values follow from that rule; the blocks and pairings of these
 * cases were confirmed with OpenGotha 3.51.02 (a headless driver of its
 * Pair button, outside the repository), which pairs one level of 700 as
 * 500 + 200 (i with i + 250, 500 + i with 600 + i: split and slip inside
 * each block) where one block would give i with i + 350. */
static void test_blocks(void **state) {
    (void)state;
    static const char *const one[] = {"5K"}, *const three[] = {"2D", "1K", "10K"};
    int ends[16];
    sw_go_tournament t;
    /* one level of 701: the bye is the last, 500 are cut when 200 remain */
    parse_generated(one, (const int[]){701}, 1, false, &t);
    assert_int_equal(round1_blocks(&t, ends), 2);
    assert_int_equal(ends[0], 500);
    assert_int_equal(ends[1], 700);
    assert_slip_in_blocks(&t, ends, 2, 700);
    sw_go_free(&t);
    /* 201 at 2d (odd: the block goes on), 149 at 1k: 350, even */
    parse_generated(three, (const int[]){201, 149, 351}, 3, false, &t);
    assert_int_equal(round1_blocks(&t, ends), 2);
    assert_int_equal(ends[0], 350);
    assert_int_equal(ends[1], 700);
    sw_go_free(&t);
    /* one level of 1300 to pair: 600 (the largest block), 500, 200 */
    parse_generated(one, (const int[]){1301}, 1, false, &t);
    assert_int_equal(round1_blocks(&t, ends), 3);
    assert_int_equal(ends[0], 600);
    assert_int_equal(ends[1], 1100);
    assert_int_equal(ends[2], 1300);
    assert_slip_in_blocks(&t, ends, 3, 1300);
    sw_go_free(&t);
    /* by category first: 210 at 6d are a block, though 4d has the same
     * McMahon score (the bar); without categories, 360 */
    static const char *const cats[] = {"6D", "4D", "10K"};
    parse_generated(cats, (const int[]){210, 150, 341}, 3, true, &t);
    assert_int_equal(round1_blocks(&t, ends), 2);
    assert_int_equal(ends[0], 210);
    sw_go_free(&t);
    parse_generated(cats, (const int[]){210, 150, 341}, 3, false, &t);
    assert_int_equal(round1_blocks(&t, ends), 2);
    assert_int_equal(ends[0], 360);
    sw_go_free(&t);
    /* up to 600: one block */
    parse_generated(three, (const int[]){300, 1, 300}, 3, false, &t);
    assert_int_equal(round1_blocks(&t, ends), 1);
    assert_int_equal(ends[0], 600);
    sw_go_free(&t);
}

/* The hand-made file with `from` replaced by `to` (once each, n pairs). */
static void parse_handmade_edited(const char *const *from, const char *const *to, int n,
                                  sw_go_tournament *t) {
    char *data;
    size_t len;
    sw_error err;
    assert_int_equal(sw_file_read(HANDMADE, &data, &len, &err), SW_OK);
    for (int i = 0; i < n; i++)
        data = replace_once(data, from[i], to[i]);
    assert_int_equal(sw_go_parse(data, strlen(data), "edited.xml", t, &err), SW_OK);
    free(data);
}

/* Scores outside every score group (a score correction below -1 or above
 * 2): OpenGotha gives such a player no group (group number, size and inner
 * placement 0). tests/data/go/outside is a generated event (35 players,
 * three of them 3 below the floor) whose rounds 1 and 3 are OpenGotha
 * 3.51.02's own pairing; where its arithmetic divides by zero, or its
 * cutting into blocks leaves a player out or never ends (each seen with
 * OpenGotha on generated events of these shapes), the round is refused. */
static void test_outside_groups(void **state) {
    (void)state;
    int same = 0;
    check_case(SW_TEST_DATA "/go", "outside", 1, &same);
    check_case(SW_TEST_DATA "/go", "outside", 3, &same);
    assert_int_equal(same, 2);
    /* Alpha (2D + 5) above every group, Bravo (2D + 1) in the group just
     * below the top: their draw-up cost divides by Alpha's group size 0 */
    sw_go_tournament t;
    parse_handmade_edited((const char *const[]){"smmsCorrection=\"0\"", "smmsCorrection=\"0\""},
                          (const char *const[]){"smmsCorrection=\"5\"", "smmsCorrection=\"1\""}, 2,
                          &t);
    sw_go_pairing p;
    sw_error err;
    assert_int_equal(sw_go_pair(&t, 0, &p, &err), SW_ERR_INVALID);
    assert_int_equal(err.line, 4);
    assert_non_null(strstr(err.msg, "ALPHAANN"));
    assert_non_null(strstr(err.msg, "smmsCorrection 5); a smmsCorrection from -1 to 2 keeps"));
    sw_go_free(&t);
    /* blocks: 198 players at 5K, then 502 at 20K - 2, below every group
     * (never taken): the first block of 198 is never ready and is matched
     * alone, then the rest */
    static const char *const two[] = {"5K", "20K"};
    int ends[16];
    const int shapes[3][2] = {{198, 503}, {199, 502}, {100, 621}};
    for (int s = 0; s < 3; s++) {
        parse_generated(two, shapes[s], 2, false, &t);
        for (int i = shapes[s][0]; i < t.nplayers; i++)
            t.players[i].smms_corr = -2;
        t.par.seed1 = SW_GO_SEED_FOLD; /* split and slip would divide by zero */
        int nb = round1_blocks(&t, ends);
        sw_status st = sw_go_pair(&t, 0, &p, &err);
        if (s == 0) { /* 198 + 502 */
            assert_int_equal(nb, 2);
            assert_int_equal(ends[0], 198);
            assert_int_equal(ends[1], 700);
            assert_int_equal(st, SW_OK);
            for (int g = 0; g < p.ngames; g++)
                assert_true((p.games[g].white < 198) == (p.games[g].black < 198));
            sw_go_pairing_free(&p);
        } else if (s == 1) { /* 199 + 501: OpenGotha leaves a player of each out */
            assert_int_equal(nb, 2);
            assert_int_equal(ends[0], 199);
            assert_int_equal(st, SW_ERR_INVALID);
            assert_non_null(strstr(err.msg, "without a game"));
        } else { /* 620 below: OpenGotha's loop never ends */
            assert_int_equal(nb, -2);
            assert_int_equal(st, SW_ERR_INVALID);
            assert_non_null(strstr(err.msg, "never ends"));
        }
        sw_go_free(&t);
    }
}

/* OpenGotha counts McMahon scores from 30K whatever genMMZero says. */
static void test_mm_zero_ignored(void **state) {
    (void)state;
    sw_go_tournament t;
    parse_handmade_edited((const char *const[]){"genMMZero=\"30K\""},
                          (const char *const[]){"genMMZero=\"20K\""}, 1, &t);
    sw_go_round *rd;
    sw_error err;
    assert_int_equal(sw_go_round_new(&t, 0, &rd, &err), SW_OK);
    assert_int_equal(sw_go_round_crit(rd, SW_GO_C_MMS, player(&t, "FOXTROTFAY"), -1), 2 * 15);
    assert_int_equal(sw_go_round_crit(rd, SW_GO_C_MMS, player(&t, "ALPHAANN"), -1), 2 * 31);
    sw_go_round_free(rd);
    sw_go_free(&t);
}

/* Colours not known: OpenGotha's reader takes them from strKnownColor="false"
 * (not from the knownColor it writes) and its .h9 export writes '?' for the
 * colour; the pairing's colour balance counts the game as any other. */
static void test_unknown_colour(void **state) {
    (void)state;
    const char *const variants[3] = {"knownColor=\"true\"", "knownColor=\"false\"",
                                     "knownColor=\"true\" strKnownColor=\"false\""};
    char *h9[3];
    sw_go_pairing p[3];
    for (int v = 0; v < 3; v++) {
        char *data;
        size_t len;
        sw_error err;
        assert_int_equal(sw_file_read(SW_TEST_DATA "/go/dc.xml", &data, &len, &err), SW_OK);
        data = replace_once(data, "knownColor=\"true\"", variants[v]);
        data = replace_once(data, "numberOfRounds=\"3\"", "numberOfRounds=\"4\"");
        sw_go_tournament t;
        assert_int_equal(sw_go_parse(data, strlen(data), "dc.xml", &t, &err), SW_OK);
        sw_strbuf sb;
        sw_strbuf_init(&sb);
        assert_int_equal(sw_go_write_h9(&t, "test", &sb, &err), SW_OK);
        h9[v] = sb.data;
        assert_int_equal(sw_go_pair(&t, 3, &p[v], &err), SW_OK);
        sw_go_free(&t);
        free(data);
    }
    assert_string_equal(h9[0], h9[1]);
    /* the first game's two cells change, w or b to ? */
    size_t n = strlen(h9[0]);
    assert_int_equal(strlen(h9[2]), n);
    int diff = 0;
    for (size_t i = 0; i < n; i++)
        if (h9[0][i] != h9[2][i]) {
            assert_true(h9[0][i] == 'w' || h9[0][i] == 'b');
            assert_int_equal(h9[2][i], '?');
            diff++;
        }
    assert_int_equal(diff, 2);
    for (int v = 1; v < 3; v++) {
        assert_int_equal(p[v].ngames, p[0].ngames);
        assert_memory_equal(p[v].games, p[0].games, (size_t)p[0].ngames * sizeof *p[0].games);
    }
    for (int v = 0; v < 3; v++) {
        free(h9[v]);
        sw_go_pairing_free(&p[v]);
    }
}

/* Criterion values as the standings show them. */
static void test_values(void **state) {
    (void)state;
    static const struct {
        sw_go_crit c;
        int64_t v;
        const char *text;
    } cases[] = {{SW_GO_C_MMS, 25, "12½"},    {SW_GO_C_SOSM, 1, "½"},
                 {SW_GO_C_SOSM, -3, "-1½"},   {SW_GO_C_SODOSM, 5, "1¼"},
                 {SW_GO_C_SODOSW, -7, "-1¾"}, {SW_GO_C_NBW, 0, "0"},
                 {SW_GO_C_RANK, 0, "1D"},     {SW_GO_C_RANK, -5, "5K"},
                 {SW_GO_C_CAT, -1, "2"},      {SW_GO_C_RATING, -900, "-900"}};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        sw_strbuf sb;
        sw_strbuf_init(&sb);
        sw_report_go_value(cases[i].c, cases[i].v, &sb);
        assert_string_equal(sw_strbuf_cstr(&sb), cases[i].text);
        sw_strbuf_free(&sb);
    }
}

/* Cup score, exploits and SOSTS on tests/data/go/dc.xml after round 3
 * (doubled values worked out from the rules and equal to OpenGotha's):
 * CPS doubles each round (Alpha 2, 6, 14); EXT sums each opponent's wins
 * weighted by handicap against rank difference (Foxtrot 15K played Echo
 * 1K three times without handicap: 3 x 3 wins x 3), EXR over the games
 * won; SOSTS is SOSM without handicaps nor Strasbourg bonuses. */
static void test_cup_and_exploits(void **state) {
    (void)state;
    sw_go_tournament t;
    read_ok(SW_TEST_DATA "/go/dc.xml", &t);
    const sw_go_crit crit[6] = {SW_GO_C_CPS, SW_GO_C_EXT, SW_GO_C_EXR, SW_GO_C_SOSTS, SW_GO_C_SOSM};
    memcpy(t.par.crit, crit, sizeof crit);
    sw_go_standing *s;
    int n;
    sw_error err;
    assert_int_equal(sw_go_standings(&t, 2, &s, &n, &err), SW_OK);
    static const struct {
        const char *key;
        int64_t v[4];
    } want[] = {{"ALPHAANN", {14, 6, 6, 192}},   {"FOXTROTFAY", {9, 27, 9, 183}},
                {"CHARLIECID", {8, 10, 2, 196}}, {"ECHOEVE", {5, 0, 0, 99}},
                {"DELTADAN", {4, 10, 2, 196}},   {"BRAVOBOB", {2, 10, 2, 196}}};
    assert_int_equal(n, 6);
    for (int i = 0; i < 6; i++) {
        assert_string_equal(t.players[s[i].player].key, want[i].key);
        assert_memory_equal(s[i].crit, want[i].v, sizeof want[i].v);
        assert_true(s[i].crit[3] == s[i].crit[4]);
        assert_int_equal(s[i].place, i + 1);
    }
    free(s);
    /* a cup is paired on cup-score groups, 2^3 down to 0 before round 4
     * (9 groups): Charlie and Foxtrot (4) share one, Alpha (7) and Bravo
     * (1) are 6 of 9 groups apart: 1e11 (1 - 2/3) (1 + 1/3) */
    t.par.rounds = 4;
    sw_go_round *rd;
    assert_int_equal(sw_go_round_new(&t, 3, &rd, &err), SW_OK);
    int64_t terms[SW_GO_NTERMS];
    sw_go_round_cost(rd, player(&t, "CHARLIECID"), player(&t, "FOXTROTFAY"), terms);
    assert_true(terms[SW_GO_T_SCORE] == INT64_C(100000000000));
    sw_go_round_cost(rd, player(&t, "ALPHAANN"), player(&t, "BRAVOBOB"), terms);
    assert_true(terms[SW_GO_T_SCORE] == INT64_C(44444444444));
    sw_go_round_cost(rd, player(&t, "ALPHAANN"), player(&t, "FOXTROTFAY"), terms);
    assert_true(terms[SW_GO_T_SCORE] == INT64_C(77777777777));
    sw_go_round_free(rd);
    sw_go_free(&t);
}

/* The .h9 export of a shipped event is OpenGotha's own export of it, byte
 * for byte (ISO-8859-15; the generator line names OpenGotha here). */
static void test_h9_shipped(void **state) {
    (void)state;
    sw_go_tournament t;
    read_ok(REFS "/pairgoth-toulouse2024/state_R4.xml", &t);
    char *want;
    size_t len;
    sw_error err;
    assert_int_equal(sw_file_read(SW_TEST_DATA "/go/toulouse2024_R4.h9", &want, &len, &err), SW_OK);
    sw_strbuf h9;
    sw_strbuf_init(&h9);
    assert_int_equal(sw_go_write_h9(&t, "OpenGotha 3.51.02", &h9, &err), SW_OK);
    assert_int_equal(h9.len, len);
    assert_memory_equal(h9.data, want, len);
    sw_strbuf_free(&h9);
    free(want);
    sw_go_free(&t);
}

/* Direct confrontation on tests/data/go/dc.xml (four 2D players: Alpha
 * beats the three others, Bravo > Charlie > Delta > Bravo is a cycle; every
 * value below is also OpenGotha 3.51.02's, checked with its standings). */
static void check_dir_n(sw_go_tournament *t, const sw_go_crit *crit, int k, int count,
                        const int *place, const int64_t *v1, const int64_t *v2) {
    memcpy(t->par.crit, crit, sizeof t->par.crit);
    sw_go_standing *s;
    int n;
    sw_error err;
    assert_int_equal(sw_go_standings(t, k, &s, &n, &err), SW_OK);
    assert_int_equal(n, count);
    for (int i = 0; i < 4; i++) { /* the 2D players, in key order (place 0: not listed) */
        static const char *const keys[] = {"ALPHAANN", "BRAVOBOB", "CHARLIECID", "DELTADAN"};
        int j = 0;
        while (j < n && strcmp(t->players[s[j].player].key, keys[i]))
            j++;
        assert_true((j < n) == (place[i] > 0));
        if (j == n)
            continue;
        if (s[j].place != place[i] || s[j].crit[1] != v1[i] || s[j].crit[2] != v2[i])
            fail_msg("%s: place %d, %lld, %lld", keys[i], s[j].place, (long long)s[j].crit[1],
                     (long long)s[j].crit[2]);
    }
    free(s);
}

static void check_dir(sw_go_tournament *t, const sw_go_crit *crit, int k, const int *place,
                      const int64_t *v1, const int64_t *v2) {
    check_dir_n(t, crit, k, 6, place, v1, v2);
}

static void test_direct_confrontation(void **state) {
    (void)state;
    sw_go_tournament t;
    read_ok(SW_TEST_DATA "/go/dc.xml", &t);
    const sw_go_crit R = SW_GO_C_RANK, DC = SW_GO_C_DC, SDC = SW_GO_C_SDC, RT = SW_GO_C_RATING;
    const sw_go_crit file[6] = {R, DC, SDC, RT}, swapped[6] = {R, SDC, DC, RT},
                     bare[6] = {R, SDC, DC};
    /* the cycle is one block for DC: Delta, the lowest rated, goes under */
    check_dir(&t, file, 2, (int[]){1, 2, 3, 4}, (int64_t[]){3, 2, 1, 0}, (int64_t[]){3, 1, 1, 1});
    check_dir(&t, swapped, 2, (int[]){1, 2, 3, 4}, (int64_t[]){3, 1, 1, 1},
              (int64_t[]){3, 2, 1, 0});
    /* no secondary criterion: the cycle shares a place */
    check_dir(&t, bare, 2, (int[]){1, 2, 2, 2}, (int64_t[]){3, 1, 1, 1}, (int64_t[]){1, 0, 0, 0});
    /* after round 2 (no cycle yet, not everyone met: SDC 0) */
    check_dir(&t, bare, 1, (int[]){1, 4, 2, 3}, (int64_t[]){0, 0, 0, 0}, (int64_t[]){3, 0, 2, 1});
    sw_go_free(&t);
}

/* Where DC differs from plain components of mutual reach (OpenGotha's
 * values, checked with its standings): tests/data/go/dc_outside.xml, a
 * cycle Alpha > Bravo > Delta > Alpha (Alpha best rated, Delta least) and
 * Charlie beating Bravo only: OpenGotha's cycle keeps Charlie's win over
 * every member, also after Delta and Bravo are placed, so Charlie goes
 * above Alpha; dc_twice.xml, Alpha beats Bravo twice, Bravo beats Charlie,
 * Charlie beats Alpha: a balance of two wins is no win for DC (OpenGotha
 * counts exactly one more), so there is no cycle, while SDC counts it. */
static void test_direct_confrontation_corners(void **state) {
    (void)state;
    sw_go_tournament t;
    const sw_go_crit file[6] = {SW_GO_C_RANK, SW_GO_C_DC, SW_GO_C_SDC, SW_GO_C_RATING};
    read_ok(SW_TEST_DATA "/go/dc_outside.xml", &t);
    /* Alpha, Bravo, Charlie, Delta */
    check_dir_n(&t, file, 2, 4, (int[]){2, 3, 1, 4}, (int64_t[]){2, 1, 3, 0},
                (int64_t[]){0, 0, 0, 0});
    sw_go_free(&t);
    read_ok(SW_TEST_DATA "/go/dc_twice.xml", &t);
    check_dir_n(&t, file, 3, 3, (int[]){3, 1, 2, 0}, (int64_t[]){1, 3, 2, 0},
                (int64_t[]){0, 0, 0, 0});
    sw_go_free(&t);
}

/* The players CSV: columns in any order, quoted fields, ratings from the
 * rank when left out; every bad row named by its line. */
static void test_players_csv(void **state) {
    (void)state;
    const char *ok = "# comment\n"
                     "rank , Country,name,First_Name,rating\n"
                     "\n"
                     "5k,fr,\"Smith, Jr.\", \"John \"\"J\"\"\" ,\n"
                     "1D,,Lee,Ann,2111\n"
                     "2p,KR,Cho,Hun,-900\n";
    sw_go_entry *e;
    int n;
    sw_error err;
    assert_int_equal(sw_go_parse_players(ok, strlen(ok), "p.csv", &e, &n, &err), SW_OK);
    assert_int_equal(n, 3);
    assert_string_equal(e[0].name, "Smith, Jr.");
    assert_string_equal(e[0].first_name, "John \"J\"");
    assert_string_equal(e[0].country, "FR");
    assert_string_equal(e[0].club, "");
    assert_int_equal(e[0].rank, -5);
    assert_int_equal(e[0].rating, 1600); /* 2100 + 100 * rank */
    assert_int_equal(e[0].line, 4);
    assert_int_equal(e[1].rank, 0);
    assert_int_equal(e[1].rating, 2111);
    assert_int_equal(e[2].rank, 6); /* 1p..3p count as 7d */
    assert_int_equal(e[2].rating, -900);
    sw_go_entries_free(e, n);
    /* CRLF line ends; '#' within a line is text (a line that starts with
     * it is a comment) */
    const char *crlf = "name,first name,rank,club\r\n"
                       "Lee,Ann,1d,\"#1, Go\"\r\n"
                       "# Kim,Al,2k,Go\r\n"
                       "Kim,Bo,2k,Go#2\r\n";
    assert_int_equal(sw_go_parse_players(crlf, strlen(crlf), "c.csv", &e, &n, &err), SW_OK);
    assert_int_equal(n, 2);
    assert_string_equal(e[0].club, "#1, Go");
    assert_string_equal(e[1].club, "Go#2");
    assert_string_equal(e[1].first_name, "Bo");
    assert_int_equal(e[1].line, 4);
    sw_go_entries_free(e, n);
    static const struct {
        const char *text;
        int line;
        const char *msg;
    } bad[] = {
        {"name,first name,rank\nA,B,31k\n", 2, "rank '31k' is unknown"},
        {"name,first name,rank\nA,B,0d\n", 2, "rank '0d' is unknown"},
        {"name,first name,rank\nA,B,\n", 2, "rank '' is unknown"},
        {"name,first name,rank\n ,B,3k\n", 2, "the name is missing"},
        {"name,first name,rank\nA,,3k\n", 2, "the first name is missing"},
        {"name,first name,rank,rating\nA,B,3k,1e3\n", 2, "rating '1e3' is not"},
        {"name,first name,rank,rating\nA,B,3k,2950\n", 2, "rating '2950' is not"},
        {"name,first name,rank,country\nA,B,3k,F1\n", 2, "country 'F1'"},
        {"name,first name,rank\nA,B,3k,x\n", 2, "4 fields, the header has 3"},
        {"name,rank,first name,rank\n", 1, "column 'rank' given twice"},
        {"name,rank,grade\n", 1, "unknown column 'grade'"},
        {"name,first name\n", 1, "the column 'rank' is missing"},
        {"name,first name,rank\nA,\"B,3k\n", 2, "field 2 (column 3): the quote is not closed"},
        {"name,first name,rank\nA,\"B\"x,3k\n", 2,
         "field 2 (column 6): text after the closing quote"},
        {"name,first name,rank\nA,B\x01,3k\n", 2, "control character"},
        {"name,first name,rank\nA,B,3k\nA b,,3k\n", 3, "first name is missing"},
        {"name,first name,rank\nAb,C,3k\n\nA,b c,2d\n", 4, "the same player as on line 2"},
        {"name,first name,rank\nA,\xff,3k\n", 2, "not UTF-8"},
        {"name,first name,rank\n", 1, "no player"},
        {"# nothing\n", 1, "no header line"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        sw_status st = sw_go_parse_players(bad[i].text, strlen(bad[i].text), "b.csv", &e, &n, &err);
        if (st == SW_OK || err.line != bad[i].line || !strstr(err.msg, bad[i].msg))
            fail_msg("case %zu: status %d, line %d, '%s'", i, st, err.line, err.msg);
        assert_null(e);
    }
}

/* A new event from the shipped CSV is the shipped file, byte for byte, and
 * its round 1 is the one OpenGotha pairs on that file (the same total cost
 * and bye; line for line unless the optimum is tied). */
static void test_new_event(void **state) {
    (void)state;
    char *data, *want;
    size_t len, wlen;
    sw_error err;
    assert_int_equal(sw_file_read(SW_TEST_DATA "/go/players.csv", &data, &len, &err), SW_OK);
    assert_int_equal(sw_file_read(SW_TEST_DATA "/go/newevent/state_R1.xml", &want, &wlen, &err),
                     SW_OK);
    sw_go_entry *e;
    int n;
    assert_int_equal(sw_go_parse_players(data, len, "players.csv", &e, &n, &err), SW_OK);
    assert_int_equal(n, 27);
    sw_go_event ev = {"Test event", "2026-11-29", 5, -20, 3};
    sw_go_tournament t;
    assert_int_equal(sw_go_new(e, n, &ev, "new.xml", &t, &err), SW_OK);
    assert_int_equal(t.nplayers, 27);
    assert_int_equal(t.par.floor, -20);
    assert_int_equal(t.par.bar, 3);
    assert_int_equal(t.par.crit[0], SW_GO_C_MMS);
    assert_true(t.par.hd_mms);
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    sw_go_write(&t, &sb);
    assert_string_equal(sw_strbuf_cstr(&sb), want);
    sw_strbuf_free(&sb);
    sw_go_free(&t);
    sw_go_event bad = {"x", "2026-11-29", 5, 3, -20};
    assert_int_equal(sw_go_new(e, n, &bad, "new.xml", &t, &err), SW_ERR_INVALID);
    bad = (sw_go_event){"x", "29.11.2026", 5, -20, 3};
    assert_int_equal(sw_go_new(e, n, &bad, "new.xml", &t, &err), SW_ERR_INVALID);
    sw_go_entries_free(e, n);
    free(data);
    free(want);
    int same = 0;
    check_case(SW_TEST_DATA "/go", "newevent", 1, &same);
}

static void test_cli(void **state) {
    (void)state;
    char *dir = tmpdir_make("go"), path[4096];
    /* pair round 1 into a copy, then round 2 from it; the keys on stdout */
    shell("cp %s %s/t.xml && %s go pair %s/t.xml -o %s/t.xml > %s/r1.txt && "
          "%s go pair %s/t.xml -o %s/t.xml --list %s/list.txt > %s/r2.txt && "
          "[ $(wc -l < %s/r1.txt) = 3 ] && [ $(grep -c 'roundNumber=\"2\"' %s/t.xml) = 3 ] && "
          "grep -q '^    1  ' %s/list.txt",
          HANDMADE, dir, SW_BINARY, dir, dir, dir, SW_BINARY, dir, dir, dir, dir, dir, dir, dir);
    /* --json is JSON with the round's games */
    shell("%s go pair %s --json > %s/p.json", SW_BINARY, HANDMADE, dir);
    snprintf(path, sizeof path, "%s/p.json", dir);
    char *text;
    size_t len;
    sw_error err;
    assert_int_equal(sw_file_read(path, &text, &len, &err), SW_OK);
    sw_json j;
    assert_int_equal(sw_json_parse(text, len, path, &j, &err), SW_OK);
    assert_int_equal(sw_json_get(&j, "games")->n, 3);
    sw_json_free(&j);
    free(text);
    /* a bad file: exit 3, FILE:LINE on stderr, no output written */
    assert_int_equal(
        shell_status("sed '4s/rank=\"2D\"/rank=\"zz\"/; 4s/grade=\"2D\"/grade=\"zz\"/' %s > "
                     "%s/bad.xml; %s go pair %s/bad.xml -o %s/out.xml 2> %s/err.txt; e=$?; "
                     "grep -q 'bad.xml:4: <Player> rank=\"zz\"' %s/err.txt && "
                     "[ ! -e %s/out.xml ] && exit $e",
                     HANDMADE, dir, SW_BINARY, dir, dir, dir, dir, dir),
        3);
    shell("%s go standings %s/t.xml --round 1 | grep -q '^Place  Name' && "
          "%s go standings %s/t.xml --json | grep -q '\"criteria\": \\[\"MMS\", \"SOSM\", "
          "\"SOSOSM\"\\]'",
          SW_BINARY, dir, SW_BINARY, dir);
    shell("%s go export %s/t.xml --h9 -o %s/t.h9 && grep -q '^; CL\\[A\\]' %s/t.h9 && "
          "[ $(grep -vc '^;' %s/t.h9) = 6 ]",
          SW_BINARY, dir, dir, dir, dir);
    cli_expectf(2, NULL, "go export %s", HANDMADE);
    cli_expectf(2, NULL, "go pair %s --bogus", HANDMADE);
    /* go new, then the pages of its first round: well-formed XML with the
     * event's name, a row a table and the bye; standings with shared places */
    shell("%s go new %s/go/players.csv -o %s/n.xml --name 'Cup & Co' --rounds 3 "
          "--date 2026-11-29 && %s go pair %s/n.xml -o %s/n.xml --html %s/p.html >/dev/null && "
          "%s go standings %s/n.xml --html %s/s.html -o %s/s.txt && "
          "[ $(grep -c '<tr><td class=\"n\">' %s/p.html) = 13 ] && "
          "grep -q '<b>Bye</b>' %s/p.html && grep -q 'Cup &amp; Co, 2026-11-29' %s/p.html && "
          "[ $(grep -c '<tr><td class=\"n\">' %s/s.html) = 27 ] && grep -q '>=1</td>' %s/s.html",
          SW_BINARY, SW_TEST_DATA, dir, SW_BINARY, dir, dir, dir, SW_BINARY, dir, dir, dir, dir,
          dir, dir, dir, dir);
    static const char *const pages[] = {"p.html", "s.html"};
    for (int i = 0; i < 2; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, pages[i]);
        assert_int_equal(sw_file_read(path, &text, &len, &err), SW_OK);
        sw_xml_node *root;
        assert_int_equal(sw_xml_parse(text, len, path, &root, &err), SW_OK);
        sw_xml_free(root);
        free(text);
    }
    /* outputs checked before any work: --html naming the input, a bad CSV
     * row (FILE:LINE, exit 3), a bad rank option, a missing directory */
    cli_expectf(2, NULL, "go pair %s/n.xml --html %s/n.xml", dir, dir);
    assert_int_equal(
        shell_status("printf 'name,first name,rank\\nA,B,3x\\n' > %s/b.csv; %s go new %s/b.csv -o "
                     "%s/b.xml 2> %s/err.txt; e=$?; grep -q 'b.csv:2: rank .3x. is unknown' "
                     "%s/err.txt && [ ! -e %s/b.xml ] && exit $e",
                     dir, SW_BINARY, dir, dir, dir, dir, dir),
        3);
    cli_expectf(2, NULL, "go new %s/b.csv --bar 4x", dir);
    cli_expectf(5, NULL, "go standings %s/n.xml --html %s/no/s.html", dir, dir);
    shell("%s go --help | grep -q 'go pair STATE.xml'", SW_BINARY);
    tmpdir_remove(dir);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ranks_and_keys),
        cmocka_unit_test(test_costs_round1),
        cmocka_unit_test(test_costs_round2),
        cmocka_unit_test(test_reference_rounds),
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_xml_text),
        cmocka_unit_test(test_bad_files),
        cmocka_unit_test(test_cli),
        cmocka_unit_test(test_standings),
        cmocka_unit_test(test_large_matching),
        cmocka_unit_test(test_gabow_small),
        cmocka_unit_test(test_gabow_choice_pinned),
        cmocka_unit_test(test_players_csv),
        cmocka_unit_test(test_new_event),
        cmocka_unit_test(test_direct_confrontation),
        cmocka_unit_test(test_h9_shipped),
        cmocka_unit_test(test_values),
        cmocka_unit_test(test_cup_and_exploits),
        cmocka_unit_test(test_blocks),
        cmocka_unit_test(test_outside_groups),
        cmocka_unit_test(test_mm_zero_ignored),
        cmocka_unit_test(test_unknown_colour),
        cmocka_unit_test(test_direct_confrontation_corners),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
