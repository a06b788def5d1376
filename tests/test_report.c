/* tests/test_report.c: the HTML page and the seats CSV of a bridge season:
 * escaping, the CSV parsed back and compared with the season's assignment,
 * the page well-formed with every card present, tonight's handout (the
 * sessions shown, title and date, board numbers, start numbers per section,
 * who waits at the waiting table), the text renumbering with names aligned by
 * display width.
 * SPDX-License-Identifier: MIT */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "matrix/criteria.h"
#include "matrix/matrix.h"
#include "report/html.h"
#include "report/swiss.h"
#include "util/utf8.h"

#define EX SW_SOURCE_DIR "/examples/parenfiles"

typedef struct fixture {
    sw_season s;
    sw_matrix mx;
    sw_criteria crit;
    sw_report rep;
} fixture;

static void load(fixture *f, const char *path) {
    sw_error err;
    bool movement_only;
    assert_int_equal(
        sw_season_read_any(path, sw_matrix_played_history, &f->s, &movement_only, &err), SW_OK);
    assert_int_equal(sw_matrix_init(&f->mx, &f->s, &err), SW_OK);
    sw_criteria_compute(&f->mx, &f->crit);
    f->rep = (sw_report){.title = path, .season = &f->s, .mx = &f->mx, .crit = &f->crit};
    if (movement_only) {
        f->rep.has_qf = true;
        f->rep.qf = sw_criteria_qf(&f->s.movements[0]);
    }
}

static void unload(fixture *f) {
    sw_matrix_free(&f->mx);
    sw_season_free(&f->s);
}

static void test_escape(void **state) {
    (void)state;
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    sw_html_escape(&sb, "<b>Tom & \"Jerry\" O'Neil</b>\x01 Zoë");
    assert_string_equal(sw_strbuf_cstr(&sb),
                        "&lt;b&gt;Tom &amp; &quot;Jerry&quot; O&#39;Neil&lt;/b&gt; Zoë");
    sw_strbuf_free(&sb);
}

static void test_utf8_width_and_pad(void **state) {
    (void)state;
    assert_int_equal(sw_utf8_width("abc"), 3);
    assert_int_equal(sw_utf8_width("Zoë"), 3);          /* precomposed: 4 bytes */
    assert_int_equal(sw_utf8_width("Zoe\xcc\x88"), 3);  /* e + combining diaeresis */
    assert_int_equal(sw_utf8_width("\xe5\xbc\xa0"), 1); /* one code point */
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    sw_strbuf_pad(&sb, "Zoe\xcc\x88", 5);
    sw_strbuf_puts(&sb, "|");
    sw_strbuf_pad(&sb, "Ångström", 4);
    sw_strbuf_puts(&sb, "|");
    assert_string_equal(sw_strbuf_cstr(&sb), "Zoe\xcc\x88  |Ångs|");
    sw_strbuf_free(&sb);
}

/* Split one CSV line (RFC 4180 quoting) into at most max fields. */
static int csv_split(const char *line, char fields[][96], int max) {
    int n = 0;
    const char *p = line;
    for (;;) {
        assert_true(n < max);
        size_t k = 0;
        if (*p == '"') {
            for (p++; *p && !(*p == '"' && p[1] != '"'); p++) {
                if (*p == '"')
                    p++;
                fields[n][k++] = *p;
            }
            assert_int_equal(*p, '"');
            p++;
        } else {
            while (*p && *p != ',' && *p != '\n')
                fields[n][k++] = *p++;
        }
        fields[n++][k] = '\0';
        if (*p != ',')
            return n;
        p++;
    }
}

/* Lines of text that hold needle. */
static int count_rows(const char *text, const char *needle) {
    int n = 0;
    for (const char *line = text; *line; line = strchr(line, '\n') + 1) {
        const char *end = strchr(line, '\n');
        const char *hit = strstr(line, needle);
        n += hit && hit < end;
    }
    return n;
}

/* The seats CSV parsed back: every playing table of every round of the
 * sessions shown once with the assignment's pairs, their start numbers (the
 * positions) and boards (numbers from `boards` a round, when set), every
 * present pair placed once a round. */
static void check_seats_csv(fixture *f, const char *text, int boards, int only) {
    const char *header = "session,round,table,ns,ns_name,ew,ew_name,boards,sits_out,"
                         "sits_out_name,section,ns_start,ew_start,sits_out_start,first_board,"
                         "last_board\n";
    assert_memory_equal(text, header, strlen(header));
    /* seen[k][rd][t]: table rows; sat[k][rd][i]: participant i placed */
    enum { K = 6, R = 7, T = 8, N = 18 };
    assert_int_equal(f->s.nsessions, K);
    int seen[K][R][T] = {{{0}}}, sat[K][R][N] = {{{0}}};
    int rows = 0;
    char fields[20][96];
    for (const char *line = strchr(text, '\n') + 1; *line; line = strchr(line, '\n') + 1) {
        assert_int_equal(csv_split(line, fields, 20), 16);
        int k = atoi(fields[0]) - 1, rd = atoi(fields[1]) - 1;
        assert_true(k >= 0 && k < K && rd >= 0 && rd < R);
        assert_true(only < 0 || k == only);
        assert_string_equal(fields[10], ""); /* no sections */
        const sw_movement *m = &f->s.movements[f->s.sessions[k].movement];
        if (fields[2][0]) {
            int t = atoi(fields[2]) - 1;
            assert_true(t >= 0 && t < T);
            seen[k][rd][t]++;
            const sw_table *tb = sw_movement_at(m, rd, t);
            int ns = f->mx.assign[k][tb->seat[0]] - 1, ew = f->mx.assign[k][tb->seat[1]] - 1;
            assert_true(ns >= 0 && ew >= 0);
            assert_int_equal(atoi(fields[3]), f->s.part[ns].id);
            assert_string_equal(fields[4], f->s.part[ns].name);
            assert_int_equal(atoi(fields[5]), f->s.part[ew].id);
            assert_string_equal(fields[6], f->s.part[ew].name);
            char g[16];
            sw_movement_group_name(m, tb->group, g, sizeof g);
            assert_string_equal(fields[7], g);
            assert_string_equal(fields[8], "");
            assert_int_equal(atoi(fields[11]), tb->seat[0]);
            assert_int_equal(atoi(fields[12]), tb->seat[1]);
            assert_string_equal(fields[13], "");
            if (boards) { /* group A = boards 1..K, B = K+1..2K */
                assert_int_equal(atoi(fields[14]), (tb->group - 1) * boards + 1);
                assert_int_equal(atoi(fields[15]), tb->group * boards);
            } else {
                assert_string_equal(fields[14], "");
                assert_string_equal(fields[15], "");
            }
            sat[k][rd][ns]++;
            sat[k][rd][ew]++;
            rows++;
        } else {
            for (int c = 2; c < 8; c++)
                assert_string_equal(fields[c], "");
            int i = sw_season_find(&f->s, atoi(fields[8]));
            assert_true(i >= 0);
            assert_string_equal(fields[9], f->s.part[i].name);
            assert_int_equal(atoi(fields[13]), f->mx.pos[k][i]);
            sat[k][rd][i]++;
        }
    }
    int expect_rows = 0;
    for (int k = 0; k < K; k++)
        for (int rd = 0; rd < R; rd++) {
            bool shown = only < 0 || k == only;
            for (int t = 0; t < T; t++) {
                int plays = shown && sw_matrix_table_plays(&f->mx, k, rd, t);
                assert_int_equal(seen[k][rd][t], plays);
                expect_rows += plays;
            }
            for (int i = 0; i < N; i++)
                assert_int_equal(sat[k][rd][i], shown && f->s.sessions[k].present[i] ? 1 : 0);
        }
    assert_int_equal(rows, expect_rows);
}

static void test_seats_csv_round_trip(void **state) {
    (void)state;
    fixture f;
    load(&f, EX "/club.season");
    /* a name that needs quoting */
    free(f.s.part[0].name);
    f.s.part[0].name = strdup("Jansen, \"Jr\" - de Vries");
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    assert_true(sw_report_seats_csv(&f.rep, &sb));
    const char *text = sw_strbuf_cstr(&sb);
    check_seats_csv(&f, text, 0, -1);
    /* sessions 3 and 6 have an empty position: one pair out per round */
    assert_int_equal(count_rows(text, ",,,,,,,"), 2 * 7);
    assert_non_null(strstr(text, "\"Jansen, \"\"Jr\"\" - de Vries\""));
    /* session 3 alone with three boards a round (from the season file's
     * 'boards', then the report's own, which wins) */
    unsigned char show[6] = {0, 0, 1, 0, 0, 0};
    f.rep.show = show;
    f.s.boards = 2;
    sb.len = 0;
    assert_true(sw_report_seats_csv(&f.rep, &sb));
    check_seats_csv(&f, sw_strbuf_cstr(&sb), 2, 2);
    f.rep.boards = 3;
    sb.len = 0;
    assert_true(sw_report_seats_csv(&f.rep, &sb));
    check_seats_csv(&f, sw_strbuf_cstr(&sb), 3, 2);
    assert_int_equal(count_rows(sw_strbuf_cstr(&sb), ",,,,,,,"), 7);
    sw_strbuf_free(&sb);
    unload(&f);
}

/* Well-formed XML: tags nest and close, attributes quoted, only the five
 * XML entities or numeric ones. Returns NULL or what is wrong. */
static const char *well_formed(const char *p) {
    static const char *const ok_ent[] = {"&amp;", "&lt;", "&gt;", "&quot;", "&#"};
    const char *stack[4096];
    size_t len[4096];
    int depth = 0;
    if (strncmp(p, "<!DOCTYPE html>", 15))
        return "no doctype";
    p += 15;
    for (; *p; p++) {
        if (*p == '&') {
            bool ok = false;
            for (int e = 0; e < 5; e++)
                ok = ok || !strncmp(p, ok_ent[e], strlen(ok_ent[e]));
            if (!ok)
                return "bad entity";
        } else if (*p == '<') {
            if (p[1] == '/') {
                const char *name = p + 2;
                size_t n = strcspn(name, ">");
                if (!depth || n != len[depth - 1] || strncmp(name, stack[depth - 1], n))
                    return "closing tag does not match";
                depth--;
                p = name + n;
            } else {
                const char *name = p + 1;
                size_t n = strcspn(name, " />\n");
                if (!n)
                    return "empty tag name";
                const char *q = name + n;
                while (*q && *q != '>') {
                    if (*q == '"') {
                        q = strchr(q + 1, '"');
                        if (!q)
                            return "unterminated attribute";
                    } else if (*q == '<') {
                        return "< inside a tag";
                    }
                    q++;
                }
                if (!*q)
                    return "unterminated tag";
                if (q[-1] != '/') {
                    if (depth == 4096)
                        return "too deep";
                    stack[depth] = name;
                    len[depth++] = n;
                }
                p = q;
            }
        } else if (*p == '>') {
            return "stray >";
        }
    }
    return depth ? "unclosed element" : NULL;
}

static int count(const char *hay, const char *needle) {
    int n = 0;
    for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle))
        n++;
    return n;
}

static void test_html_season(void **state) {
    (void)state;
    fixture f;
    load(&f, EX "/club.season");
    free(f.s.part[1].name);
    f.s.part[1].name = strdup("Bakker <&> Zoë");
    sw_criteria before = f.crit;
    f.rep.before = &before;
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    sw_report_html(&f.rep, &sb);
    assert_false(sb.failed);
    const char *h = sw_strbuf_cstr(&sb);
    const char *why = well_formed(h);
    if (why)
        fail_msg("not well-formed: %s", why);
    assert_null(strstr(h, "http://example")); /* nothing fetched: no src/href to the web */
    assert_null(strstr(h, "src=\""));
    assert_null(strstr(h, "<script"));
    /* criteria with before and So's gap */
    assert_non_null(strstr(h, "<th class=\"n\">before</th>"));
    assert_non_null(strstr(h, "So gap"));
    /* one table card per table per session, one guide card per present pair */
    assert_int_equal(count(h, "class=\"card tablecard\""), 6 * 8);
    int present = 0;
    for (int k = 0; k < f.s.nsessions; k++)
        present += sw_season_present_count(&f.s, k);
    assert_int_equal(count(h, "class=\"card guide\""), present);
    assert_int_equal(count(h, "Renumbering"), 6);
    assert_non_null(strstr(h, "Bakker &lt;&amp;&gt; Zoë"));
    assert_non_null(strstr(h, "sits out"));
    assert_non_null(strstr(h, "<b>Absent:</b> <span class=\"num\">17</span> Kramer - Wolters"));
    /* two heatmaps with hover titles and a legend each */
    assert_int_equal(count(h, "<svg class=\"heat\""), 2);
    assert_int_equal(count(h, "<title>"), 1 + 2 * 18 * 17);
    assert_int_equal(count(h, "mean "), 2);
    assert_non_null(strstr(h, "@media print"));
    sw_strbuf_free(&sb);
    unload(&f);
}

/* The text of the element that starts at `from` in h, up to its first
 * "</div>" (a card holds no div), as a new string. */
static char *card_text(const char *h, const char *from) {
    const char *a = strstr(h, from);
    assert_non_null(a);
    const char *b = strstr(a, "</div>");
    assert_non_null(b);
    return strndup(a, (size_t)(b - a));
}

/* Tonight's handout: one session of the 18-pair example with a heading, a
 * date and three boards a round: only its cards, the title and date at the
 * top of every sheet and on every card, board numbers, the waiting table's
 * card naming who waits, start numbers on the cards. */
static void test_html_handout(void **state) {
    (void)state;
    fixture f;
    load(&f, EX "/club.season");
    const int k = 2; /* session 3: three absent, one empty position */
    unsigned char show[6] = {0, 0, 1, 0, 0, 0};
    f.rep.show = show;
    f.rep.heading = "Club <&> \"Klaveren\"";
    f.rep.date = "2026-03-17";
    f.rep.boards = 3;
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    sw_report_html(&f.rep, &sb);
    assert_false(sb.failed);
    const char *h = sw_strbuf_cstr(&sb);
    const char *why = well_formed(h);
    if (why)
        fail_msg("not well-formed: %s", why);
    /* the heading: page title, h1 and the line at the top of every sheet */
    assert_non_null(strstr(h, "<h1>Club &lt;&amp;&gt; &quot;Klaveren&quot;</h1>"));
    assert_non_null(strstr(h, "@top-left{content:\"Club \\3c \\26 \\3e  \\22 Klaveren\\22  "
                              "\xc2\xb7 Session 3 \xc2\xb7 2026-03-17\""));
    assert_non_null(strstr(h, "counter(pages)"));
    assert_non_null(strstr(h, "<h2 id=\"session3\">Session 3 &#183; 2026-03-17</h2>"));
    /* session 3 only, its criteria, no season-wide fairness or heatmaps */
    assert_null(strstr(h, "id=\"session2\""));
    assert_null(strstr(h, "id=\"session4\""));
    assert_int_equal(count(h, "class=\"card tablecard\""), 8);
    assert_int_equal(count(h, "class=\"card guide\""), sw_season_present_count(&f.s, k));
    assert_int_equal(count(h, "<svg class=\"heat\""), 0);
    assert_null(strstr(h, "Fairness per pair"));
    assert_non_null(strstr(h, "So gap"));
    /* every table card: heading and date, each round's pairs by start
     * number and name and its boards as numbers, or who waits */
    const sw_movement *m = &f.s.movements[f.s.sessions[k].movement];
    const int *as = f.mx.assign[k];
    int waits = 0;
    for (int t = 0; t < m->tables; t++) {
        char id[32], want[256];
        snprintf(id, sizeof id, "id=\"s3t%d\"", t + 1);
        char *c = card_text(h, id);
        assert_non_null(strstr(c, "Club &lt;&amp;&gt; &quot;Klaveren&quot; &#183; Session 3 "
                                  "&#183; 2026-03-17"));
        for (int rd = 0; rd < m->rounds; rd++) {
            const sw_table *tb = sw_movement_at(m, rd, t);
            if (sw_matrix_table_plays(&f.mx, k, rd, t)) {
                snprintf(want, sizeof want,
                         "<tr><td class=\"n\">%d</td><td><span class=\"num\">%d</span> %s</td>"
                         "<td><span class=\"num\">%d</span> %s</td><td><b>%d&#8211;%d</b></td>",
                         rd + 1, tb->seat[0], f.s.part[as[tb->seat[0]] - 1].name, tb->seat[1],
                         f.s.part[as[tb->seat[1]] - 1].name, (tb->group - 1) * 3 + 1,
                         tb->group * 3);
            } else {
                int p = as[tb->seat[0]] ? tb->seat[0] : tb->seat[1];
                assert_true(as[p] > 0);
                snprintf(want, sizeof want,
                         "<tr><td class=\"n\">%d</td><td colspan=\"3\" class=\"rest\"><span "
                         "class=\"num\">%d</span> %s sits out</td>",
                         rd + 1, p, f.s.part[as[p] - 1].name);
                waits++;
            }
            if (!strstr(c, want))
                fail_msg("table %d lacks '%s'", t + 1, want);
        }
        free(c);
    }
    assert_int_equal(waits, m->rounds); /* one empty position: one table waits a round */
    /* group A is boards 1-3 */
    assert_non_null(strstr(h, "<b>1&#8211;3</b>"));
    assert_null(strstr(h, "<b>A</b>"));
    sw_strbuf_free(&sb);
    unload(&f);
}

/* Sections: the renumbering, cards and guide cards number each section's
 * pairs and tables from 1 (section B's pairs are B1..B10, not 17..26). */
static void test_html_sections(void **state) {
    (void)state;
    fixture f;
    load(&f, SW_SOURCE_DIR "/examples/sections/club.season");
    const int k = 1;
    unsigned char show[4] = {0, 1, 0, 0};
    f.rep.show = show;
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    sw_report_html(&f.rep, &sb);
    const char *h = sw_strbuf_cstr(&sb);
    const char *why = well_formed(h);
    if (why)
        fail_msg("not well-formed: %s", why);
    const sw_session *ss = &f.s.sessions[k];
    assert_int_equal(ss->nsections, 2);
    const sw_section *b = &ss->sections[1];
    assert_int_equal(b->first_position, 16);
    const int *as = f.mx.assign[k];
    char want[256];
    /* the renumbering: section B's table starts again at 1 */
    char *c = card_text(h, "<caption>Section B</caption>");
    snprintf(want, sizeof want, "<tbody>\n<tr><td class=\"n\">1</td><td class=\"n\">%d</td>",
             f.s.part[as[17] - 1].id);
    assert_non_null(strstr(c, want));
    assert_null(strstr(c, "<td class=\"n\">17</td><td"));
    free(c);
    /* section B's first table card: its own table 1, pairs B1.. */
    snprintf(want, sizeof want, "id=\"s2t%d\"", b->first_table + 1);
    c = card_text(h, want);
    assert_non_null(strstr(c, "<h3>Section B, table 1</h3>"));
    const sw_movement *m = &f.s.movements[ss->movement];
    const sw_table *tb = sw_movement_at(m, 0, b->first_table);
    snprintf(want, sizeof want, "<td><span class=\"num\">B%d</span> %s</td>",
             tb->seat[0] - b->first_position, f.s.part[as[tb->seat[0]] - 1].name);
    assert_non_null(strstr(c, want));
    free(c);
    /* a guide card of section B: start number and the section's table */
    snprintf(want, sizeof want, "<h3><span class=\"num\">B1</span> %s</h3>",
             f.s.part[as[17] - 1].name);
    c = card_text(h, want);
    assert_non_null(strstr(c, "<td class=\"n\">B "));
    assert_null(strstr(c, "<td class=\"n\">A "));
    free(c);
    sw_strbuf_free(&sb);
    unload(&f);
}

static void test_html_movement(void **state) {
    (void)state;
    fixture f;
    load(&f, EX "/16p7rTeamS.asc");
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    sw_report_html(&f.rep, &sb);
    const char *h = sw_strbuf_cstr(&sb);
    const char *why = well_formed(h);
    if (why)
        fail_msg("not well-formed: %s", why);
    assert_non_null(strstr(h, "<td>Qf</td><td class=\"n\">78.74</td>"));
    assert_non_null(strstr(h, "<th>table 8</th>"));
    assert_non_null(strstr(h, "<td>1 &#8211; 2, <b>A</b></td>"));  /* round 1, table 1 */
    assert_non_null(strstr(h, "<td>4 &#8211; 16, <b>G</b></td>")); /* round 7, table 8 */
    assert_null(strstr(h, "class=\"card tablecard\""));
    sw_strbuf_free(&sb);
    unload(&f);
}

static void test_text_renumbering_names(void **state) {
    (void)state;
    fixture f;
    load(&f, EX "/club.season");
    free(f.s.part[0].name);
    f.s.part[0].name = strdup("Jänsen - de Vrïes"); /* 17 columns, 19 bytes */
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    sw_report_text(&f.rep, &sb);
    const char *t = sw_strbuf_cstr(&sb);
    /* absentees and sit-outs by number and name */
    assert_non_null(strstr(t, "\n    absent: 17 Kramer - Wolters, 18 Groen - de Haan\n"));
    assert_non_null(strstr(t, "\n    sits out: round 1: 18 Groen - de Haan\n"
                              "              round 2: 16 Schouten - Blom\n"));
    /* the second column starts at the same display column in every row */
    const char *a = strstr(t, "\n      1     1  Jänsen - de Vrïes ");
    const char *b = strstr(t, "\n      2     2  Bakker");
    assert_non_null(a);
    assert_non_null(b);
    const char *a9 = strstr(a, "  9     9"), *b10 = strstr(b, " 10    10");
    assert_non_null(a9);
    assert_non_null(b10);
    sw_strbuf line;
    sw_strbuf_init(&line);
    sw_strbuf_append(&line, a + 1, (size_t)(a9 - a - 1));
    size_t wa = sw_utf8_width(sw_strbuf_cstr(&line));
    line.len = 0;
    sw_strbuf_append(&line, b + 1, (size_t)(b10 - b - 1));
    assert_int_equal(wa, sw_utf8_width(sw_strbuf_cstr(&line)));
    sw_strbuf_free(&line);
    sw_strbuf_free(&sb);
    /* --no-names: the compact line */
    f.rep.no_names = true;
    sw_strbuf_init(&sb);
    sw_report_text(&f.rep, &sb);
    assert_non_null(strstr(sw_strbuf_cstr(&sb), "    1:1 2:2 3:3"));
    assert_null(strstr(sw_strbuf_cstr(&sb), "pos  pair  name"));
    assert_non_null(strstr(sw_strbuf_cstr(&sb), "\n    absent: 17 18\n"));
    sw_strbuf_free(&sb);
    unload(&f);
}

/* Tonight's figures counted by hand (tests/data/bound/figures.season): the
 * played session makes 1, 2, 3 and 4 meet once each, the planned one 2, 3,
 * 4 and 5; the history has 1-2 twice and 3-4 once. Planned: 6 meetings, 3
 * first (2-5, 3-5, 4-5), 3 rematches, at most once a pair. In total: 15
 * meetings, 9 pairs met (all but 1-5), 6 rematches, 1-2 and 3-4 three times
 * each. The first round repeats 1-2 of the history: 0 rounds before a pair
 * meets again (3 without the history). Every M is forced, so the bound is
 * So. */
static void test_tonights_figures(void **state) {
    (void)state;
    fixture f;
    load(&f, SW_TEST_DATA "/bound/figures.season");
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    sw_report_text(&f.rep, &sb);
    const char *t = sw_strbuf_cstr(&sb);
    assert_non_null(strstr(t, "  So lower bound 15.6250, gap 0.0000: the same 15 meetings"));
    assert_non_null(strstr(t, "    meetings                      6         15\n"
                              "    first meetings                3          9\n"
                              "    rematches                     3          6\n"
                              "    most for one pair             1          3\n"
                              "  0 rounds before a pair meets again (meetings of the history "
                              "count)\n"));
    sw_strbuf_free(&sb);
    sw_strbuf_init(&sb);
    sw_report_json(&f.rep, &sb);
    t = sw_strbuf_cstr(&sb);
    assert_non_null(strstr(t, "\"repeats\": 6, \"repeat_free_rounds\": 0, \"meeting_counts\": "
                              "{\"planned\": {\"meetings\": 6, \"first\": 3, \"rematches\": 3, "
                              "\"most\": 1}, \"total\": {\"meetings\": 15, \"first\": 9, "
                              "\"rematches\": 6, \"most\": 3}}"));
    sw_strbuf_free(&sb);
    /* without the history: 12 meetings, the same 9 pairs, 2-3, 2-4 and 3-4
     * twice; the first meeting again is in the planned session's first
     * round, after the 3 played rounds */
    free(f.s.history.meet);
    free(f.s.history.comp);
    f.s.history.meet = NULL;
    f.s.history.comp = NULL;
    sw_matrix_free(&f.mx);
    sw_error err;
    assert_int_equal(sw_matrix_init(&f.mx, &f.s, &err), SW_OK);
    sw_criteria_compute(&f.mx, &f.crit);
    sw_strbuf_init(&sb);
    sw_report_text(&f.rep, &sb);
    t = sw_strbuf_cstr(&sb);
    assert_non_null(strstr(t, "    meetings                      6         12\n"
                              "    first meetings                3          9\n"
                              "    rematches                     3          3\n"
                              "    most for one pair             1          2\n"
                              "  3 rounds before a pair meets again\n"));
    sw_strbuf_free(&sb);
    unload(&f);
}

/* The Swiss pairing list: names next to numbers, columns aligned by display
 * width (the accented names are longer in bytes); the page well-formed. */
static void test_swiss_list_and_page(void **state) {
    (void)state;
    sw_swiss_trf trf;
    sw_error err;
    assert_int_equal(sw_swiss_trf_read(SW_TEST_DATA "/swiss/names.trf", &trf, &err), SW_OK);
    sw_swiss_options opt = {0};
    sw_swiss_pairing p;
    assert_int_equal(sw_swiss_pair(&trf, &opt, &p, &err), SW_OK);
    char name[64];
    sw_swiss_player_name(&trf.players[1], name, sizeof name);
    assert_string_equal(name, "Ångström, Zoë");
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    sw_report_swiss_list(&trf, &p, false, &sb);
    const char *t = sw_strbuf_cstr(&sb);
    assert_non_null(strstr(t, "1 Carlsen, Magnus"));
    assert_non_null(strstr(t, "bye"));
    /* every board line has its "rating" columns at the same display column */
    const char *line = strstr(t, "\n    1  ");
    assert_non_null(line);
    size_t col = 0;
    for (int k = 0; k < p.nboards - 1; k++) { /* the bye line has no black */
        const char *end = strchr(line + 1, '\n');
        sw_strbuf row;
        sw_strbuf_init(&row);
        sw_strbuf_append(&row, line + 1, (size_t)(end - line - 1));
        size_t w = sw_utf8_width(sw_strbuf_cstr(&row));
        if (k == 0)
            col = w;
        assert_int_equal(w, col);
        sw_strbuf_free(&row);
        line = end;
    }
    sb.len = 0;
    sw_report_swiss_list(&trf, &p, true, &sb);
    assert_null(strstr(sw_strbuf_cstr(&sb), "Carlsen"));
    sb.len = 0;
    sw_report_swiss_html(&trf, &p, "names.trf", &sb);
    const char *why = well_formed(sw_strbuf_cstr(&sb));
    if (why)
        fail_msg("not well-formed: %s", why);
    assert_non_null(strstr(sw_strbuf_cstr(&sb), "O&#39;Brien, Seán"));
    assert_non_null(strstr(sw_strbuf_cstr(&sb), "<h2 class=\"pagebreak\">Standings</h2>"));
    sw_strbuf_free(&sb);
    sw_swiss_pairing_free(&p);
    sw_swiss_trf_free(&trf);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_escape),
        cmocka_unit_test(test_utf8_width_and_pad),
        cmocka_unit_test(test_seats_csv_round_trip),
        cmocka_unit_test(test_html_season),
        cmocka_unit_test(test_html_handout),
        cmocka_unit_test(test_html_sections),
        cmocka_unit_test(test_html_movement),
        cmocka_unit_test(test_text_renumbering_names),
        cmocka_unit_test(test_tonights_figures),
        cmocka_unit_test(test_swiss_list_and_page),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
