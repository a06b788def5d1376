/* tests/test_cli.c: the seatwise program end to end: help, analyze and
 * optimize on the bundled example, the -o round trip, exit codes and
 * messages for bad input.
 * SPDX-License-Identifier: MIT */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "support.h"

#define EX SW_SOURCE_DIR "/examples/parenfiles"
#define DATA SW_TEST_DATA "/cli"

static void test_help_everywhere(void **state) {
    (void)state;
    cli_expect("--help", 0, "usage: seatwise");
    cli_expect("analyze --help", 0, "usage: seatwise analyze");
    cli_expect("optimize --help", 0, "usage: seatwise optimize");
    cli_expect("movement --help", 0, "usage");
    cli_expect("swiss --help", 0, "usage");
    cli_expect("seat --help", 0, "usage");
    /* regression (issue 11): --help on every subcommand exits 0 */
    cli_expect("swiss pair --help", 0, "usage: seatwise swiss pair");
    cli_expect("swiss check --help", 0, "seatwise swiss check");
    cli_expect("swiss generate --help", 0, "seatwise swiss generate");
    cli_expect("seat schedule --help", 0, "usage: seatwise seat");
    cli_expect("movement howell --help", 0, "usage: seatwise movement");
    cli_expect("", 2, "usage");
    cli_expect("frobnicate", 2, "unknown command");
}

static void test_analyze_example_and_movement(void **state) {
    (void)state;
    cli_expect(EX "/club.season", 2, "unknown command"); /* a file is not a command */
    cli_expect("analyze " EX "/club.season", 0, "So lower bound");
    cli_expect("analyze " EX "/16p7rTeamS.asc", 0, "78.74");
    cli_expect("analyze " EX "/16p7rTeamS.asc --json", 0, "\"Qf\": 78.74");
    cli_expect("analyze " EX "/club.season --json", 0, "\"rests_before\": 1");
    cli_expect("analyze " EX "/club.season --csv", 0, "matrix,participant,other,value");
}

static char *metrics_of(const char *json) {
    const char *m = strstr(json, "\"metrics\"");
    assert_non_null(m);
    const char *e = strstr(m, "\"meetings\":");
    assert_non_null(e);
    return strndup(m, (size_t)(e - m));
}

/* optimize season --json -o dir/out.season, then analyze --json of what it
 * wrote: the same metrics. Returns optimize's output (the caller frees). */
static char *optimize_reads_back(const char *season, const char *dir) {
    char args[2048], *out1, *out2;
    snprintf(args, sizeof args,
             "optimize %s --restarts 3 --seed 5 --threads 2 --json -o %s/out.season", season, dir);
    assert_int_equal(cli_run(args, &out1), 0);
    snprintf(args, sizeof args, "analyze %s/out.season --json", dir);
    assert_int_equal(cli_run(args, &out2), 0);
    char *m1 = metrics_of(out1), *m2 = metrics_of(out2);
    /* optimize's metrics carry "before" after "meetings": compare the common part */
    assert_string_equal(m1, m2);
    free(m1);
    free(m2);
    free(out2);
    return out1;
}

static void test_optimize_round_trip(void **state) {
    (void)state;
    char *dir = tmpdir_make("cli"), args[2048];
    char *out1 = optimize_reads_back(EX "/club.season", dir);
    /* Rests as fair as the totals allow: 19 rests over 18 pairs, all at 1 and
     * one at 2, Sr = (17 + 17^4) / 18^4 (regression: picolo's phase alone
     * stopped at 2.83 here; the rests walk of every restart reaches the
     * bound, so 3 restarts suffice and keep the sanitizer build quick) */
    assert_non_null(strstr(out1, "\"Sr\": 0.795781893"));
    free(out1);
    /* played session 1 is kept as it was */
    snprintf(args, sizeof args, "analyze %s/out.season", dir);
    cli_expect(args, 0, "session 1 (played)");
    cli_expect(args, 0, "sits out: round 1:"); /* sessions 3 and 6 have an empty position */
    /* the quick form */
    cli_expectf(0, "search: 2 restarts",
                "optimize --movement " EX "/16p7rTeamS.asc --sessions 2 --pairs 16 --restarts 2 -o "
                "%s/quick.season",
                dir);
    cli_expectf(0, "16 participants, 2 sessions", "analyze %s/quick.season", dir);
    tmpdir_remove(dir);
}

/* A season with a history (issue 15): analyzed with the history in M and C,
 * optimized, written elsewhere with the history's path made absolute, and
 * read back with the same metrics. */
static void test_history_round_trip(void **state) {
    (void)state;
    char *dir = tmpdir_make("cli");
    cli_expect("analyze " EX "/club-history.season --csv", 0, "competition,1,4,");
    cli_expect("analyze " EX "/club-history.season", 0,
               "history: 33 meetings of 21 pairs before the season");
    /* a previous season file as the history: its played session (7 rounds of
     * 8 tables, 56 meetings) and its own 33 */
    cli_expect("analyze " EX "/club-next.season", 0, "history: 89 meetings of");
    char args[2048], *out1;
    char *plain;
    assert_int_equal(cli_run("analyze " EX "/club.season --csv", &plain), 0);
    assert_int_equal(cli_run("analyze " EX "/club-history.season --csv", &out1), 0);
    assert_non_null(strstr(out1, "meetings,1,3,"));
    assert_string_not_equal(plain, out1);
    free(plain);
    free(out1);
    free(optimize_reads_back(EX "/club-history.season", dir));
    snprintf(args, sizeof args, "%s/out.season", dir);
    char *t = file_text(args);
    assert_non_null(t);
    assert_non_null(strstr(t, "\nhistory /"));
    assert_non_null(strstr(t, "/club.history\n"));
    free(t);
    /* a bad history row: exit 3 naming the history file, line and field;
     * a history beyond the exact range: exit 4 */
    shell("cp " EX "/club-history.season " EX "/club.pairs " EX "/16p7rTeamS.asc '%s' && "
          "printf '1,2,3\\n1,3,x\\n' > '%s/club.history'",
          dir, dir);
    cli_expectf(3, "club.history:2: field 3 (meetings) 'x' is not a number of meetings",
                "analyze %s/club-history.season", dir);
    shell("printf '1,2,100000\\n' > '%s/club.history'", dir);
    cli_expectf(4, "beyond the exact range", "analyze %s/club-history.season", dir);
    tmpdir_remove(dir);
}

/* Ctrl-C during a long search: the best so far is reported and written. */
static void test_interrupt_keeps_best(void **state) {
    (void)state;
    char *dir = tmpdir_make("int");
    shell("timeout --preserve-status -s INT 2 '%s' optimize " EX
          "/club.season --restarts 100000000 --threads 2 "
          "-o %s/out.season > %s/out.txt 2>&1; echo $? > %s/rc",
          SW_BINARY, dir, dir, dir);
    char *text = dir_file_text(dir, "rc");
    int rc = -1;
    assert_int_equal(sscanf(text, "%d", &rc), 1);
    free(text);
    assert_int_equal(rc, 0);
    text = dir_file_text(dir, "out.txt");
    assert_true(strlen(text) > 0);
    assert_non_null(strstr(text, "interrupted"));
    assert_non_null(strstr(text, "So lower bound"));
    free(text);
    cli_expectf(0, "session 6", "analyze %s/out.season", dir);
    tmpdir_remove(dir);
}

static void test_bad_input_and_requests(void **state) {
    (void)state;
    cli_expect("analyze /nonexistent/x.season", 5, "/nonexistent/x.season");
    cli_expect("analyze", 2, "missing FILE");
    cli_expect("analyze " DATA "/bad_absent_played.season", 3,
               "bad_absent_played.season:4: session 1, position 16: participant 17 is absent");
    /* regression (issue 11): the line and what to do */
    cli_expect(
        "analyze " DATA "/too_many.season", 3,
        "too_many.season:2: session 1: 17 participants present but movement 16p7rTeamS.asc has "
        "only 16 positions; mark 1 participant absent or use a larger movement");
    cli_expect("optimize " EX "/club.season --restarts 0", 2, "--restarts");
    cli_expect("optimize " EX "/club.season --time -1", 2, "--time");
    cli_expect("optimize " EX "/club.season --seed x", 2, "--seed");
    cli_expect("optimize --movement " EX "/16p7rTeamS.asc --sessions 0 --pairs 16", 2,
               "--sessions");
    cli_expect("optimize --movement " EX "/16p7rTeamS.asc --sessions 2 --pairs 17", 3,
               "17 participants");
    cli_expect("optimize --movement " EX "/16p7rTeamS.asc --sessions 2", 2, "--pairs");
    /* output into a missing directory: an error and no file */
    cli_expect("analyze " EX "/club.season -o /nonexistent/dir/out.txt", 5,
               "/nonexistent/dir/out.txt");
    cli_expect("analyze " SW_BINARY, 3, "binary");
}

/* The club example copied into dir (the season names its files relatively). */
static void copy_club(const char *dir) {
    shell("cp " EX "/club.season " EX "/club.pairs " EX "/16p7rTeamS.asc '%s'", dir);
}

/* The n-th (1-based) line of text that starts with prefix, copied to buf. */
static const char *nth_line(const char *text, const char *prefix, int n, char *buf, size_t size) {
    size_t pl = strlen(prefix);
    for (const char *p = text; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
        if (!strncmp(p, prefix, pl) && --n == 0) {
            size_t len = strcspn(p, "\n");
            snprintf(buf, size, "%.*s", (int)(len < size ? len : size - 1), p);
            return buf;
        }
    return NULL;
}

/* A season week by week: plan, then the club changes the plan (a session
 * played as planned, a new pair, an absentee, a pin), then re-plan. The
 * played seats stay byte for byte; the report says what changed. */
static void test_replan_week_by_week(void **state) {
    (void)state;
    char *dir = tmpdir_make("cli"), *out;
    copy_club(dir);
    char args[2048];
    cli_expectf(0, NULL, "optimize '%s/club.season' --restarts 1 --seed 1 -o '%s/plan.season'", dir,
                dir);
    /* a plan read back as written: nothing to say about changes */
    snprintf(args, sizeof args, "analyze '%s/plan.season'", dir);
    assert_int_equal(cli_run(args, &out), 0);
    assert_null(strstr(out, "changes against the previous plan"));
    free(out);
    /* session 2 was played as planned; pair 19 joins the club and misses
     * sessions 4 and 5; pair 3 cannot come to session 3; pair 5 is
     * stationary from now on */
    shell("cd '%s' && echo '19 0 Nieuw - Paar' >> club.pairs && "
          "sed -i -e '/^absent 4 11$/{n;s/$/\\nplayed/}' -e 's/^absent 6 10$/absent 6 10 19/' "
          "-e 's/^absent 1 13$/absent 1 13 19/' -e 's/^absent 2 9 15$/absent 2 9 15 3/' "
          "-e 's/^pairs club.pairs$/pairs club.pairs\\npin 5 stationary/' plan.season",
          dir);
    snprintf(args, sizeof args,
             "optimize '%s/plan.season' --restarts 1 --seed 2 -o '%s/plan2.season'", dir, dir);
    int rc = cli_run(args, &out);
    if (rc != 0 || !strstr(out, "changes against the previous plan") ||
        !strstr(out, "    joined: 19\n") || !strstr(out, "    left: 3\n"))
        fail_msg("re-plan: exit %d\n%s", rc, out);
    free(out);
    char a[512], b[512];
    char *before = dir_file_text(dir, "plan.season");
    char *after = dir_file_text(dir, "plan2.season");
    assert_non_null(before);
    assert_non_null(after);
    for (int k = 1; k <= 2; k++) /* the played sessions' seats, byte for byte */
        assert_string_equal(nth_line(before, "seats ", k, a, sizeof a),
                            nth_line(after, "seats ", k, b, sizeof b));
    assert_string_equal(nth_line(after, "absent ", 2, a, sizeof a), "absent 4 11 19");
    assert_string_equal(nth_line(after, "absent ", 3, a, sizeof a), "absent 2 3 9 15");
    assert_non_null(strstr(after, "\npin 5 stationary\n"));
    /* 16p7rTeamS keeps position 16 at table 8 EW: pair 5 sits there in
     * every session planned */
    for (int k = 3; k <= 6; k++) {
        nth_line(after, "seats ", k, a, sizeof a);
        const char *p = a + strlen("seats");
        for (int pos = 1; pos < 16; pos++)
            p = strchr(p + 1, ' ');
        assert_int_equal(atoi(p + 1), 5);
    }
    free(before);
    free(after);
    tmpdir_remove(dir);
}

/* Regression (issue 11): a usage error is one line and a pointer to the
 * command's --help, never the whole help; values are read exactly. */
static void expect_usage(const char *args, const char *cmd, const char *needle) {
    char *out;
    int rc = cli_run(args, &out);
    char hint[128];
    snprintf(hint, sizeof hint, "see 'seatwise %s --help'\n", cmd);
    int lines = 0;
    for (const char *q = out; *q; q++)
        lines += *q == '\n';
    if (rc != 2 || !strstr(out, needle) || !strstr(out, hint) || strstr(out, "usage:") ||
        lines != 2)
        fail_msg("seatwise %s: exit %d, output:\n%s(want exit 2, '%s' and '%s' in two lines)", args,
                 rc, out, needle, hint);
    free(out);
}

static void test_usage_errors(void **state) {
    (void)state;
    expect_usage("analyze --bogus", "analyze", "unknown option '--bogus'");
    expect_usage("analyze x -o", "analyze", "option -o needs a value");
    expect_usage("analyze", "analyze", "missing FILE");
    expect_usage("analyze " EX "/club.season --json --csv", "analyze", "conflict");
    expect_usage("optimize " EX "/club.season --csv --json", "optimize", "conflict");
    expect_usage("seat random --players 8 --json --csv", "seat", "conflict");
    expect_usage("optimize " EX "/club.season --seed", "optimize", "option --seed needs a value");
    expect_usage("optimize " EX "/club.season --seed 18446744073709551616", "optimize",
                 "--seed wants a whole number from 0 to 18446744073709551615");
    expect_usage("optimize " EX "/club.season --seed ' 5'", "optimize", "--seed");
    expect_usage("optimize " EX "/club.season --restarts 1e3", "optimize", "--restarts");
    expect_usage("seat random --players 8 --seed 18446744073709551616", "seat", "--seed");
    expect_usage("seat schedule --players 99999999999 --rounds 2", "seat",
                 "--players 99999999999: expected 4 to 4096 players");
    expect_usage("seat schedule --players -5 --rounds 2", "seat", "expected 4 to 4096 players");
    expect_usage("swiss generate --players 10 --rounds 2 --seed 99999999999 -o x.trf",
                 "swiss generate",
                 "--seed '99999999999': expected a whole number from 0 to 2147483647");
    expect_usage("swiss pair", "swiss pair", "an input file is required");
    expect_usage("swiss pair a.trf -o", "swiss pair", "option -o needs a value");
    expect_usage("swiss frob", "swiss", "unknown subcommand 'frob'");
    expect_usage("movement howell --pairs", "movement", "option --pairs needs a value");
    expect_usage("movement howell --pairs 99999999999", "movement", "--pairs");
    /* the largest seed is a seed */
    cli_expect("optimize " EX "/club.season --restarts 1 --seed 18446744073709551615", 0,
               "seed 18446744073709551615");
}

/* Regression (issue 11): -o naming an input (the same file by device and
 * inode: another spelling or a link counts) is refused and the input kept. */
static void test_output_never_an_input(void **state) {
    (void)state;
    char *d = tmpdir_make("cli");
    copy_club(d);
    shell("ln -s club.season '%s/alias.season'", d);
    const char *outs[] = {"club.season", "./club.season", "alias.season", "club.pairs",
                          "16p7rTeamS.asc"};
    for (size_t i = 0; i < sizeof outs / sizeof outs[0]; i++) {
        cli_expectf(2, "refusing to replace it", "analyze %s/club.season -o %s/%s", d, d, outs[i]);
        cli_expectf(2, "refusing to replace it", "optimize %s/club.season --restarts 1 -o %s/%s", d,
                    d, outs[i]);
    }
    shell("cmp -s " EX "/club.season '%s/club.season' && cmp -s " EX "/club.pairs '%s/club.pairs'",
          d, d);
    cli_expectf(2, "refusing to replace it",
                "optimize --movement %s/16p7rTeamS.asc --sessions 1 --pairs 16 --restarts 1 -o "
                "%s/16p7rTeamS.asc",
                d, d);
    cli_expectf(0, NULL, "swiss generate --players 8 --rounds 2 -o %s/g.trf", d);
    cli_expectf(2, "refusing to replace it", "swiss pair %s/g.trf -o %s/../%s/g.trf", d, d,
                strrchr(d, '/') + 1);
    cli_expectf(0, NULL, "swiss pair %s/g.trf -o %s/p.txt", d, d);
    cli_expectf(0, NULL, "seat random --players 8 --json --quiet -o %s/r1.json", d);
    cli_expectf(2, "refusing to replace it", "seat random %s/r1.json --json --quiet -o %s/r1.json",
                d, d);
    cli_expectf(0, NULL, "seat random %s/r1.json --json --quiet -o %s/r2.json", d, d);
    tmpdir_remove(d);
}

/* Regression (issue 11): -o through a symlink writes the link's target
 * (the link stays) and the target keeps its mode (640 stays 640). */
static void test_output_through_symlink(void **state) {
    (void)state;
    char *d = tmpdir_make("cli"), path[512];
    shell("echo old > '%s/report.txt' && chmod 640 '%s/report.txt' && ln -s report.txt '%s/link'",
          d, d, d);
    cli_expectf(0, NULL, "analyze " EX "/club.season -o %s/link", d);
    struct stat st;
    snprintf(path, sizeof path, "%s/link", d);
    assert_int_equal(lstat(path, &st), 0);
    assert_true(S_ISLNK(st.st_mode));
    snprintf(path, sizeof path, "%s/report.txt", d);
    assert_int_equal(stat(path, &st), 0);
    assert_int_equal(st.st_mode & 07777, 0640);
    char *t = file_text(path);
    assert_non_null(strstr(t, "So lower bound"));
    free(t);
    /* a new file gets the usual mode (0666 less the umask), not mkstemp's 0600 */
    cli_expectf(0, NULL, "analyze " EX "/club.season -o %s/new.txt", d);
    snprintf(path, sizeof path, "%s/new.txt", d);
    assert_int_equal(stat(path, &st), 0);
    mode_t mask = umask(0);
    umask(mask);
    assert_int_equal(st.st_mode & 0777, 0666 & ~mask);
    shell("test $(ls -A '%s' | wc -l) -eq 3", d); /* no temporary left */
    tmpdir_remove(d);
}

/* Regression (issue 11): optimize --pairs N -o OUT writes OUT and OUT.pairs
 * together: when one cannot be written neither is replaced. */
static void test_optimize_outputs_together(void **state) {
    (void)state;
    char *d = tmpdir_make("cli"), args[1024];
    snprintf(args, sizeof args,
             "optimize --movement " EX "/16p7rTeamS.asc --sessions 2 --pairs 16 --restarts 1 -o "
             "%s/plan",
             d);
    shell("echo old > '%s/plan' && mkdir '%s/plan.pairs'", d, d); /* OUT.pairs cannot be written */
    cli_expect(args, 5, "plan.pairs");
    char *t = dir_file_text(d, "plan");
    assert_string_equal(t, "old\n");
    free(t);
    shell("rmdir '%s/plan.pairs'", d);
    cli_expect(args, 0, "search: 1 restarts");
    cli_expectf(0, "16 participants, 2 sessions", "analyze %s/plan", d);
    tmpdir_remove(d);
}

static double seconds_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* expect, and the run ends within a few seconds (the runs below would take
 * 30 s if they searched; a generous bound for the sanitizer build). */
static void expect_quick(const char *args, int code, const char *needle) {
    double t0 = seconds_now();
    cli_expect(args, code, needle);
    double dt = seconds_now() - t0;
    if (dt > 10.0)
        fail_msg("seatwise %s: %.1f s, want a few (the check comes before the work)", args, dt);
}

/* Issue 27: every output path of every command is checked before any
 * input is read and before any search: a missing directory, a path under a
 * regular file, a directory, an unwritable directory all exit 5 at once
 * with the option and the path named, and no file appears. */
static void test_outputs_checked_first(void **state) {
    (void)state;
    char *d = tmpdir_make("cli"), args[2048], want[1024];
    shell("mkdir '%s/out' && mkdir '%s/plan.pairs' && echo x > '%s/file'", d, d, d);
    shell("'%s' swiss generate --players 8 --rounds 2 -o '%s/g.trf'", SW_BINARY, d);
    shell("'%s' seat random --players 8 --json --quiet -o '%s/r1.json'", SW_BINARY, d);
    /* would search 30 s: the bad output is found first and nothing is written */
    snprintf(args, sizeof args,
             "optimize " EX "/club.season --time 30 --threads 1 -o %s/out/plan.season --html "
             "%s/missing/x.html",
             d, d);
    snprintf(want, sizeof want, "--html %s/missing/x.html: cannot create a file in directory", d);
    expect_quick(args, 5, want);
    snprintf(args, sizeof args, "optimize " EX "/club.season --time 30 -o /nonexistent/x.season");
    expect_quick(args, 5,
                 "optimize: -o /nonexistent/x.season: cannot create a file in directory "
                 "/nonexistent: No such file or directory");
    snprintf(args, sizeof args,
             "seat schedule --players 40 --rounds 8 --time 30 --quiet --pantheon %s/missing/p.txt",
             d);
    expect_quick(args, 5, "seat: --pantheon");
    shell("test $(ls -A '%s/out' | wc -l) -eq 0", d); /* no plan, no temporary */
    /* each command and output option; three kinds of bad path */
    const char *bad[] = {"%s/missing/x", "%s/file/x", "%s/out"};
    const char *why[] = {"No such file or directory", "Not a directory", "is a directory"};
    const char *cmds[] = {
        "analyze " EX "/club.season -o",
        "analyze " EX "/club.season --html",
        "analyze " EX "/club.season --seats-csv",
        "optimize " EX "/club.season --time 30 -o",
        "optimize " EX "/club.season --time 30 --html",
        "optimize " EX "/club.season --time 30 --seats-csv",
        "optimize --movement " EX "/16p7rTeamS.asc --sessions 2 --pairs 16 --time 30 -o",
        "movement howell --pairs 20 -o",
        "movement mitchell --pairs 20 -o",
        "movement improve " EX "/16p7rTeamS.asc -o",
        "swiss pair %s/g.trf -o",
        "swiss pair %s/g.trf --trf-out",
        "swiss pair %s/g.trf --list",
        "swiss pair %s/g.trf --html",
        "swiss generate --players 8 --rounds 2 -o",
        "swiss --dutch %s/g.trf -p",
        "seat random --players 8 --quiet -o",
        "seat random --players 8 --quiet --html",
        "seat random --players 8 --quiet --pantheon",
        "seat swiss " SW_SOURCE_DIR "/examples/seating/club12.txt " SW_SOURCE_DIR
        "/examples/seating/club12-standings.txt --quiet -o",
        "seat predefined " SW_SOURCE_DIR "/examples/seating/script8.txt --quiet --html",
        "seat schedule --players 8 --rounds 3 --time 30 --quiet -o",
        "seat schedule %s/r1.json --rounds 3 --time 30 --quiet --html",
        "seat schedule %s/r1.json --rounds 3 --time 30 --quiet --pantheon"};
    for (size_t c = 0; c < sizeof cmds / sizeof *cmds; c++) {
        for (size_t b = 0; b < sizeof bad / sizeof *bad; b++) {
            char cmd[1024], path[512];
            snprintf(cmd, sizeof cmd, cmds[c], d);
            snprintf(path, sizeof path, bad[b], d);
            const char *opt = strrchr(cmd, ' ') + 1;
            snprintf(args, sizeof args, "%s %s", cmd, path);
            /* swiss --dutch -p OUT is pair -o OUT */
            snprintf(want, sizeof want, "%s %s: ", strcmp(opt, "-p") ? opt : "-o", path);
            expect_quick(args, 5, want);
            expect_quick(args, 5, why[b]);
        }
    }
    /* OUT.pairs (written with -o OUT --pairs N) is checked too */
    snprintf(args, sizeof args,
             "optimize --movement " EX "/16p7rTeamS.asc --sessions 2 --pairs 16 --time 30 -o "
             "%s/plan",
             d);
    snprintf(want, sizeof want, "-o %s/plan.pairs: cannot write: is a directory", d);
    expect_quick(args, 5, want);
    shell("test ! -e '%s/plan'", d);
    /* a directory that cannot be written (root writes everywhere) */
    if (geteuid() != 0) {
        shell("chmod 555 '%s/out'", d);
        snprintf(args, sizeof args, "optimize " EX "/club.season --time 30 -o %s/out/p.season", d);
        expect_quick(args, 5, "Permission denied");
        shell("chmod 755 '%s/out'", d);
    }
    /* standard output and devices are not files to replace */
    cli_expect("movement howell --pairs 6 -o -", 0, NULL);
    cli_expectf(0, NULL, "swiss pair %s/g.trf -o /dev/null --list /dev/null", d);
    tmpdir_remove(d);
}

/* Issue 27: no output names an input (nor a file the season names, its
 * history included) or another output; refused before any work, and the
 * input stays as it was. */
static void test_outputs_never_inputs(void **state) {
    (void)state;
    char *d = tmpdir_make("cli"), args[2048];
    copy_club(d);
    shell("cp " EX "/club-history.season " EX "/club.history '%s'", d);
    shell("'%s' swiss generate --players 8 --rounds 2 -o '%s/g.trf'", SW_BINARY, d);
    shell("'%s' seat random --players 8 --json --quiet -o '%s/r1.json'", SW_BINARY, d);
    shell("cp -p '%s/16p7rTeamS.asc' '%s/m.asc' && cp -p '%s/g.trf' '%s/g.copy' && cp -p "
          "'%s/r1.json' '%s/r1.copy'",
          d, d, d, d, d, d);
    const char *cases[] = {
        "movement improve %s/m.asc -o %s/m.asc",
        "movement improve %s/m.asc -o %s/../%s/m.asc",
        "optimize %s/club.season --time 30 -o %s/16p7rTeamS.asc",
        "optimize %s/club.season --time 30 --html %s/club.pairs",
        "optimize %s/club.season --time 30 --seats-csv %s/club.season",
        "optimize %s/club-history.season --time 30 -o %s/club.history",
        "optimize --movement %s/m.asc --sessions 2 --pairs 16 --time 30 --html %s/m.asc",
        "analyze %s/club.season --html %s/club.pairs",
        "analyze %s/club-history.season --seats-csv %s/club.history",
        "analyze %s/m.asc --html %s/m.asc",
        "swiss pair %s/g.trf -o %s/g.trf",
        "swiss pair %s/g.trf --trf-out %s/./g.trf",
        "swiss pair %s/g.trf --list %s/g.trf",
        "swiss pair %s/g.trf --html %s/g.trf",
        "swiss --dutch %s/g.trf -p %s/g.trf",
        "seat random %s/r1.json --quiet -o %s/r1.json",
        "seat random %s/r1.json --quiet --html %s/r1.json",
        "seat schedule %s/r1.json --rounds 3 --time 30 --quiet --pantheon %s/r1.json",
        "seat schedule --players %s/r1.json --rounds 3 --time 30 --quiet -o %s/r1.json"};
    const char *tail = strrchr(d, '/') + 1;
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        snprintf(args, sizeof args, cases[c], d, d, tail);
        expect_quick(args, 2, "is the input file");
        expect_quick(args, 2, "refusing to replace it");
    }
    shell("cd '%s' && cmp -s 16p7rTeamS.asc m.asc && cmp -s g.trf g.copy && cmp -s r1.json r1.copy "
          "&& cmp -s " EX "/club.season club.season && cmp -s " EX
          "/club.pairs club.pairs && cmp -s " EX "/club.history club.history",
          d);
    /* two options naming one file */
    snprintf(args, sizeof args, "swiss pair %s/g.trf -o %s/p.txt --list %s/p.txt", d, d, d);
    expect_quick(args, 2, "are the same file");
    snprintf(args, sizeof args,
             "optimize %s/club.season --time 30 -o %s/plan.season --html %s/./plan.season", d, d,
             d);
    expect_quick(args, 2, "-o ");
    expect_quick(args, 2, "are the same file");
    /* and an output option of another subcommand is refused, not ignored */
    snprintf(args, sizeof args, "swiss check %s/g.trf --list %s/l.txt", d, d);
    expect_usage(args, "swiss check", "check writes no file: --list belongs to pair");
    snprintf(args, sizeof args, "swiss generate --players 8 --rounds 2 -o %s/h.trf --html %s/h", d,
             d);
    expect_usage(args, "swiss generate", "generate writes -o only: --html belongs to pair");
    shell("test ! -e '%s/plan.season' && test ! -e '%s/l.txt' && test ! -e '%s/h.trf'", d, d, d);
    tmpdir_remove(d);
}

/* Regression (issue 11): 'optimize -o plan | head -1' died of SIGPIPE before
 * plan was written. The result is written first and a closed stdout is no
 * error. The CSV of 60 participants (200 kB) is larger than a pipe's buffer. */
static void test_optimize_into_closed_pipe(void **state) {
    (void)state;
    char *d = tmpdir_make("cli");
    shell("'%s' movement howell --pairs 60 --rounds 3 -o '%s/h.asc'", SW_BINARY, d);
    shell("bash -c \"set -o pipefail; '%s' optimize --movement '%s/h.asc' --sessions 1 --pairs 60 "
          "--restarts 1 --threads 1 --csv -o '%s/plan' | head -1 > /dev/null\"",
          SW_BINARY, d, d);
    cli_expectf(0, "60 participants, 1 session", "analyze %s/plan", d);
    tmpdir_remove(d);
}

/* Regression (issue 11): a UTF-8 byte-order mark is accepted in every
 * format: season, pairs, ASC, JSON (season and event), TRF, event text. */
static void test_bom_everywhere(void **state) {
    (void)state;
    char *d = tmpdir_make("cli");
    copy_club(d);
    shell(
        "cd '%s' && for f in club.season club.pairs 16p7rTeamS.asc; do printf '\\357\\273\\277' > "
        "x && cat $f >> x && mv x $f; done && head -c 3 club.season | od -An -tx1 | grep -q 'ef bb "
        "bf'",
        d);
    cli_expectf(0, "So lower bound", "analyze %s/club.season", d);
    cli_expectf(0, "78.74", "analyze %s/16p7rTeamS.asc", d);
    cli_expectf(0, NULL, "seat random --players 8 --json --quiet -o %s/r1.json", d);
    cli_expectf(0, NULL, "swiss generate --players 8 --rounds 2 -o %s/g.trf", d);
    shell(
        "cd '%s' && printf 'player 1 A\\nplayer 2 B\\nplayer 3 C\\nplayer 4 D\\n' > e.txt && for f "
        "in "
        "r1.json g.trf e.txt; do printf '\\357\\273\\277' > x && cat $f >> x && mv x $f; done",
        d);
    cli_expectf(0, "8 participants", "analyze %s/r1.json", d);
    cli_expectf(0, NULL, "seat random %s/r1.json --quiet", d);
    cli_expectf(0, NULL, "seat random %s/e.txt --quiet", d);
    cli_expectf(0, NULL, "swiss pair %s/g.trf", d);
    tmpdir_remove(d);
}

/* Regression (issue 11): files over 64 MiB are refused (exit 4) before they
 * are read; a sparse file costs nothing to make. */
static void test_size_limit(void **state) {
    (void)state;
    char *d = tmpdir_make("cli"), args[1024];
    shell("truncate -s 67108865 '%s/big.season'", d);
    snprintf(args, sizeof args, "analyze %s/big.season", d);
    cli_expect(args, 4, "file larger than 67108864 bytes (64 MiB)");
    shell("truncate -s 104857600 '%s/big.season'", d);
    cli_expect(args, 4, "file larger than 67108864 bytes");
    tmpdir_remove(d);
}

/* Regression (issue 11): a season path longer than 1023 bytes was cut. */
static void test_long_path(void **state) {
    (void)state;
    char *d = tmpdir_make("cli"), sub[2048], args[8192];
    char part[201];
    memset(part, 'p', 200);
    part[200] = '\0';
    int n = snprintf(sub, sizeof sub, "%s", d);
    for (int i = 0; i < 7; i++)
        n += snprintf(sub + n, sizeof sub - (size_t)n, "/%s", part);
    assert_true(strlen(sub) > 1400);
    shell("mkdir -p '%s'", sub);
    copy_club(sub);
    cli_expectf(0, "So lower bound", "analyze %s/club.season", sub);
    cli_expectf(0, "search: 1 restarts", "optimize %s/club.season --restarts 1 -o %s/out.season",
                sub, sub);
    /* and an error names the whole path */
    snprintf(args, sizeof args, "analyze %s/missing.season", sub);
    char want[2100];
    snprintf(want, sizeof want, "%s/missing.season: cannot open", sub);
    cli_expect(args, 5, want);
    tmpdir_remove(d);
}

/* Regression (issue 11): a pairs name with bytes that are not UTF-8 made
 * 'analyze --json' write invalid JSON; it is refused with its line. */
static void test_names_must_be_utf8(void **state) {
    (void)state;
    char *d = tmpdir_make("cli"), args[1024];
    copy_club(d);
    shell("cd '%s' && sed -i '3s/$/ Jos\\xe9/' club.pairs", d);
    snprintf(args, sizeof args, "analyze %s/club.season --json", d);
    cli_expect(args, 3, "club.pairs:3: participant");
    cli_expect(args, 3, "that is not UTF-8; save the file as UTF-8");
    tmpdir_remove(d);
}

/* Regression (issue 11): points of 100 or more were written as blanks, so
 * seatwise could not read its own record of 120 rounds. 140 rounds leave the
 * leaders well above 100 whatever the pairings (117.5 measured). */
static void test_trf_points_over_100(void **state) {
    (void)state;
    char *d = tmpdir_make("cli");
    cli_expectf(0, NULL, "swiss generate --players 150 --rounds 140 --fast -o %s/g.trf", d);
    cli_expectf(0, "75\n", "swiss pair %s/g.trf --fast", d);
    shell("grep -q '^001.\\{76\\}1[0-9][0-9]\\.[05]' '%s/g.trf'", d);
    tmpdir_remove(d);
}

/* Regression (issue 11): Ctrl-C on optimize with 400 participants took 37 s;
 * the descent's scan now checks the stop flag as it goes. */
static void test_interrupt_large(void **state) {
    (void)state;
    char *d = tmpdir_make("cli");
    shell("'%s' movement howell --pairs 400 --rounds 20 -o '%s/h.asc'", SW_BINARY, d);
    shell("bash -c \"s=\\$(date +%%s%%N); timeout --preserve-status -s INT -k 30 3 '%s' optimize "
          "--movement '%s/h.asc' --sessions 3 --pairs 400 --restarts 1000 --threads 2 -o "
          "'%s/plan' > /dev/null 2> '%s/err'; rc=\\$?; e=\\$(date +%%s%%N); echo \\$rc "
          "\\$(( (e - s) / 1000000 )) > '%s/rc'\"",
          SW_BINARY, d, d, d, d);
    char *t = dir_file_text(d, "rc");
    int rc = -1, ms = 0;
    assert_int_equal(sscanf(t, "%d %d", &rc, &ms), 2);
    free(t);
    assert_int_equal(rc, 0);
    /* 3 s before the signal; a generous bound after it (sanitizer builds) */
    if (ms > 3000 + 12000)
        fail_msg("optimize stopped %d ms after the start (Ctrl-C at 3000 ms)", ms);
    dir_file_has(d, "err", "interrupted");
    cli_expectf(0, "400 participants, 3 sessions", "analyze %s/plan", d);
    tmpdir_remove(d);
}

/* Regression (issue 11): under a memory limit OpenMP could not create its
 * threads and ended the process with exit 1. optimize starts the threads it
 * needs once first and runs with those that could start (the result does
 * not depend on the count). AddressSanitizer cannot run under ulimit -v: in
 * that build only the release build's run of this test checks it. */
static void test_threads_under_memory_limit(void **state) {
    (void)state;
#ifndef __SANITIZE_ADDRESS__
    char *d = tmpdir_make("cli");
    shell("bash -c \"ulimit -v 150000; '%s' optimize " EX "/club.season --restarts 64 --threads 64 "
          "> '%s/out' 2> '%s/err'; echo \\$? > '%s/rc'\"",
          SW_BINARY, d, d, d);
    char *t = dir_file_text(d, "rc");
    char *e = dir_file_text(d, "err");
    if (atoi(t) != 0)
        fail_msg("exit %s, stderr: %s", t, e);
    free(t);
    free(e);
    dir_file_has(d, "out", "search: 64 restarts");
    tmpdir_remove(d);
#endif
}

/* The files organisers hand out: --html and --seats-csv on analyze and
 * optimize, seat --html and --pantheon (read back by seat predefined), swiss
 * pair --list and --html; bad output paths fail with the path named. */
static void test_printable_outputs(void **state) {
    (void)state;
    char *dir = tmpdir_make("html");
    char *text;
    cli_expectf(0, "pos  pair  name",
                "analyze " EX "/club.season --html %s/a.html --seats-csv %s/a.csv", dir, dir);
    dir_file_has(dir, "a.html", "<h3>Table 8</h3>");
    dir_file_has(dir, "a.html", "</html>");
    dir_file_has(dir, "a.csv",
                 "session,round,table,ns,ns_name,ew,ew_name,boards,sits_out,"
                 "sits_out_name,section,ns_start,ew_start,sits_out_start,first_board,"
                 "last_board\n1,1,1,1,Jansen - de Vries,2,Bakker - Visser,A,,,,1,2,,,\n");
    dir_file_has(dir, "a.csv", "\n3,1,,,,,,,18,Groen - de Haan,,,,15,,\n");
    cli_expect("analyze " EX "/club.season --no-names", 0, "    1:1 2:2 3:3");
    cli_expectf(0, "search: 2 restarts",
                "optimize " EX "/club.season --restarts 2 --threads 1 --html %s/o.html", dir);
    dir_file_has(dir, "o.html", "<th class=\"n\">before</th>");
    cli_expect("analyze " EX "/club.season --html /nonexistent/dir/a.html", 5,
               "/nonexistent/dir/a.html");
    cli_expect("analyze " EX "/club.season --html", 2, "option --html needs a value");
    /* mahjong: the Pantheon script read back as the script */
    cli_expectf(0, "Round 2",
                "seat schedule --players 8 --rounds 2 --quiet --tries 500 --pantheon %s/p.txt "
                "--html %s/s.html",
                dir, dir);
    dir_file_has(dir, "s.html", "Itineraries");
    cli_expectf(0, "Round 1", "seat random --players 8 --quiet --pantheon %s/r.txt", dir);
    assert_non_null(text = dir_file_text(dir, "r.txt"));
    assert_int_equal(strlen(text), 2 * 8); /* "a-b-c-d\n" twice */
    free(text);
    cli_expect("seat schedule --players 7 --rounds 1 --threes 1 --quiet --pantheon /tmp/x.txt", 3,
               "table of three");
    /* every seat mode writes its page, on the bundled examples */
    static const char *const modes[] = {
        "random " SW_SOURCE_DIR "/examples/seating/club10.txt",
        "swiss " SW_SOURCE_DIR "/examples/seating/club12.txt " SW_SOURCE_DIR
        "/examples/seating/club12-standings.txt",
        "swiss-first " SW_SOURCE_DIR "/examples/seating/club12.txt " SW_SOURCE_DIR
        "/examples/seating/club12-standings.txt",
        "interval 3 " SW_SOURCE_DIR "/examples/seating/club12.txt " SW_SOURCE_DIR
        "/examples/seating/club12-standings.txt",
        "predefined " SW_SOURCE_DIR "/examples/seating/script8.txt"};
    for (size_t m = 0; m < sizeof modes / sizeof *modes; m++) {
        cli_expectf(0, "(new)", "seat %s --quiet --tries 50 --html %s/m.html", modes[m], dir);
        dir_file_has(dir, "m.html", "<h2>Figures</h2>");
        dir_file_has(dir, "m.html", "(new)</h2>");
        dir_file_has(dir, "m.html", "</svg></div>");
        dir_file_has(dir, "m.html", "</html>\n");
    }
    /* swiss */
    cli_expectf(0, "    1  1 Carlsen, Magnus    2494     1.5  2 Ångström, Zoë      2312     1.5",
                "swiss pair " SW_TEST_DATA
                "/swiss/names.trf -o %s/bbp.txt --list - --html %s/w.html",
                dir, dir);
    dir_file_has(dir, "w.html", "Standings");
    tmpdir_remove(dir);
}

/* The tournament director's warnings (issue 27): board copies of a movement
 * that plays a group at two tables in one round (the 6-pair Howell, the
 * team movement's table 8), a movement larger than the field (more empty
 * positions than a table seats) with the smaller one to use; none for the
 * 10-pair Howell (a Room square), a Mitchell, a field that fits. */
static void test_td_warnings(void **state) {
    (void)state;
    cli_expect(
        "movement howell --pairs 6", 0,
        "seatwise movement: warning: movement howell-6p-5r plays a board group at more than "
        "one table in a round: 10 more board sets (copies) needed, or those tables share the "
        "boards (a relay): A at 3 tables in round 1; B at 3 tables in round 2; C at 3 tables "
        "in round 3; D at 3 tables in round 4; E at 3 tables in round 5\n");
    cli_expect_none("movement howell --pairs 10", 0, "warning");
    cli_expect_none("movement howell --pairs 9", 0, "warning");
    cli_expect_none("movement mitchell --pairs 14", 0, "warning");
    cli_expect_none("movement mitchell --pairs 16 --relay", 0, "warning");
    cli_expect("analyze " EX "/16p7rTeamS.asc", 0,
               "seatwise analyze: warning: movement " EX "/16p7rTeamS.asc plays a board group at "
               "more than one table in a round: 7 more board sets (copies) needed, or those tables "
               "share the boards (a relay): A at 2 tables in round 1; B at 2 tables in round 2;");
    char *dir = tmpdir_make("cli"), args[2048];
    shell("'%s' movement howell --pairs 10 -o '%s/h10.asc'", SW_BINARY, dir);
    snprintf(args, sizeof args, "analyze %s/h10.asc", dir);
    cli_expect_none(args, 0, "warning");
    /* the case: 10 pairs on the 16-pair team movement */
    const char *sec = SW_SOURCE_DIR "/examples/sections";
    snprintf(args, sizeof args,
             "optimize --movement %s/16p7rTeamS.asc --pairs 10 --sessions 2 --restarts 1", sec);
    char want[1024];
    snprintf(want, sizeof want,
             "seatwise optimize: warning: sessions 1, 2: 10 present, movement "
             "%s/16p7rTeamS.asc has 16 positions: 6 stay empty, more than a table seats; a "
             "smaller movement fits: seatwise movement howell --pairs 10 --rounds 7, or "
             "%s/10p7rTeamS.asc\n",
             sec, sec);
    cli_expect(args, 0, want);
    /* two phantoms: one table's worth, no warning */
    snprintf(args, sizeof args,
             "optimize --movement %s/16p7rTeamS.asc --pairs 14 --sessions 2 --restarts 1", sec);
    cli_expect_none(args, 0, "stay empty");
    /* a season: only the session to play whose field is too small */
    FILE *f;
    char path[1024];
    snprintf(path, sizeof path, "%s/s.season", dir);
    assert_non_null(f = fopen(path, "w"));
    fprintf(f,
            "pairs " EX "/club.pairs\nsession %s/h10.asc\nabsent 1 2 3 4 5 6 7 8 9 10 11\n"
            "session %s/h10.asc\nabsent 1 2 3 4 5 6 7 8\n"
            "session %s/h10.asc\nabsent 1 2 3 4 5 6 7 8 9 10 11\n",
            dir, dir, dir);
    fclose(f);
    snprintf(args, sizeof args, "analyze %s", path);
    snprintf(want, sizeof want,
             "seatwise analyze: warning: sessions 1, 3: 7 present, movement %s/h10.asc has 10 "
             "positions: 3 stay empty, more than a table seats; a smaller movement fits: "
             "seatwise movement howell --pairs 7 (7 rounds, not 9)\n",
             dir);
    cli_expect(args, 0, want);
    cli_expect_none(args, 0, "sessions 1-3"); /* session 2 has 10 present: fits */
    tmpdir_remove(dir);
}

/* Tonight's handout: --session, --title, --date and --boards shape the page
 * and the seats CSV (bad values name the option); the season file's title,
 * date and boards lines survive optimize -o. */
static void test_handout_options(void **state) {
    (void)state;
    const char *season = "analyze " EX "/club.season ";
    char args[2048], path[512], *text;
    static const char *const bad[][2] = {
        {"--session 0", "--session wants session numbers such as 2, 2,4 or 2-3, got '0'"},
        {"--session 3-2", "--session wants session numbers"},
        {"--session 2,", "--session wants session numbers"},
        {"--session x", "--session wants session numbers"},
        {"--session 7", "--session 7: session 7, but the season has 6 sessions"},
        {"--session 2-9", "--session 2-9: session 9, but the season has 6 sessions"},
        {"--date 2026-02-30 --session 2", "--date wants a day written YYYY-MM-DD"},
        {"--date 2026-03-17", "--date 2026-03-17 is the date of one session"},
        {"--date 2026-03-17 --session 2,3", "is the date of one session"},
        {"--boards 0", "--boards wants the boards played per round"},
        {"--title ''", "--title wants a text"},
        {"--session", "option --session needs a value"},
    };
    for (size_t x = 0; x < sizeof bad / sizeof *bad; x++) {
        snprintf(args, sizeof args, "%s%s", season, bad[x][0]);
        expect_usage(args, "analyze", bad[x][1]);
        snprintf(args, sizeof args, "optimize " EX "/club.season --restarts 1 %s", bad[x][0]);
        expect_usage(args, "optimize", bad[x][1]);
    }
    expect_usage("analyze " EX "/16p7rTeamS.asc --session 1", "analyze",
                 "--session: a movement on its own");
    char *dir = tmpdir_make("handout");
    /* two sessions on the page and in the CSV, the search over all six */
    cli_expectf(0, "search: 1 restarts",
                "optimize " EX "/club.season --restarts 1 --threads 1 --session 2-3 --boards 3 "
                "--title 'De Klaveren' --html %s/o.html --seats-csv %s/o.csv",
                dir, dir);
    assert_non_null(text = dir_file_text(dir, "o.html"));
    assert_non_null(strstr(text, "<h1>De Klaveren</h1>"));
    assert_non_null(strstr(text, "id=\"session2\""));
    assert_non_null(strstr(text, "id=\"session3\""));
    assert_null(strstr(text, "id=\"session1\""));
    assert_null(strstr(text, "id=\"session4\""));
    assert_non_null(strstr(text, "<b>1&#8211;3</b>"));
    free(text);
    assert_non_null(text = dir_file_text(dir, "o.csv"));
    int rows[7] = {0};
    for (const char *line = strchr(text, '\n') + 1; *line; line = strchr(line, '\n') + 1)
        rows[atoi(line) < 7 ? atoi(line) : 0]++;
    assert_int_equal(rows[0] + rows[1] + rows[4] + rows[5] + rows[6], 0);
    assert_int_equal(rows[2], 7 * 8);     /* 16 present: every table every round */
    assert_int_equal(rows[3], 7 * 7 + 7); /* 15 present: a table and a pair out a round */
    free(text);
    /* the season file's lines: on the page, and written back by -o */
    snprintf(path, sizeof path, "%s/club.season", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fprintf(f,
            "title Bridgeclub Noord\npairs %s/club.pairs\nboards 2\n"
            "session %s/16p7rTeamS.asc\ndate 2026-09-01\nabsent 17 18\n"
            "session %s/16p7rTeamS.asc\ndate 2026-09-08\nboards 4\nabsent 4 11\n",
            EX, EX, EX);
    fclose(f);
    cli_expectf(
        0, "search: 1 restarts",
        "optimize %s --restarts 1 --threads 1 --session 2 -o %s/out.season --html %s/n.html", path,
        dir, dir);
    assert_non_null(text = dir_file_text(dir, "n.html"));
    assert_non_null(strstr(text, "<h1>Bridgeclub Noord</h1>"));
    assert_non_null(strstr(text, "Session 2 &#183; 2026-09-08"));
    assert_non_null(strstr(text, "<b>1&#8211;4</b>")); /* the session's 4 boards a round */
    free(text);
    dir_file_has(dir, "out.season", "title Bridgeclub Noord\n");
    dir_file_has(dir, "out.season", "\nboards 2\n");
    dir_file_has(dir, "out.season", "16p7rTeamS.asc\ndate 2026-09-01\nabsent 17 18\n");
    dir_file_has(dir, "out.season", "16p7rTeamS.asc\ndate 2026-09-08\nboards 4\nabsent 4 11\n");
    /* --date and --title override the file's */
    cli_expectf(0, "pos  pair  name",
                "analyze %s/out.season --session 1 --date 2026-09-02 --title Zuid --html %s/z.html",
                dir, dir);
    assert_non_null(text = dir_file_text(dir, "z.html"));
    assert_non_null(strstr(text, "<h1>Zuid</h1>"));
    assert_non_null(strstr(text, "Session 1 &#183; 2026-09-02"));
    assert_null(strstr(text, "2026-09-01"));
    free(text);
    tmpdir_remove(dir);
}

/* Issue 28: an event runs round by round with seatwise alone: generate,
 * pair --trf-out, result (on the command line and from a file), pair the
 * next round; the record written by result reads back unchanged; bad
 * results are refused (exit 3) with the file and line and no output. */
static void test_swiss_result_flow(void **state) {
    (void)state;
    char *d = tmpdir_make("cli"), args[2048];
    shell("'%s' swiss generate --players 9 --rounds 2 --seed 3 -o '%s/g.trf'", SW_BINARY, d);
    cli_expectf(0, "warning: pairing round 3 of an event of 2 rounds (XXR 2)",
                "swiss pair %s/g.trf --trf-out %s/r3.trf -o %s/p3.txt", d, d, d);
    /* the round count from TRF-2026's 142 line is named as such */
    shell("sed 's/^XXR /142 /' '%s/g.trf' > '%s/g142.trf'", d, d);
    cli_expectf(0, "warning: pairing round 3 of an event of 2 rounds (142 2)",
                "swiss pair %s/g142.trf -o %s/p142.txt", d, d);
    /* without results: the boards as the list numbers them, the bye last */
    snprintf(args, sizeof args, "swiss result %s/r3.trf", d);
    cli_expect(args, 0, "    5  7 bye");
    cli_expect(args, 0, "    1  3 - 2  ? ?");
    /* the next pairing refuses a round without results */
    cli_expectf(3, "has no result yet", "swiss pair %s/r3.trf", d);
    cli_expectf(0, "note: round 3: 2 boards still without a result",
                "swiss result %s/r3.trf --round 3 1 1-0 2 = -o %s/a.trf", d, d);
    shell("printf '# the rest of round 3\\n3 -/+\\n4 0-1\\n' > '%s/res.txt'", d);
    cli_expectf(0, NULL, "swiss result %s/a.trf --results %s/res.txt -o %s/b.trf", d, d, d);
    shell("grep -q '^001    3 .* 3.0       0007 w 1  0005 b 1  0002 w 1$' '%s/b.trf'", d);
    shell("grep -q '^001    4 .* 2.0       0008 b 1  0001 w 0  0009 b +$' '%s/b.trf'", d);
    /* read back and written again: the same bytes (nothing entered) */
    cli_expectf(0, NULL, "swiss result %s/b.trf --round 3 --results /dev/null -o %s/c.trf", d, d);
    shell("cmp '%s/b.trf' '%s/c.trf'", d, d);
    /* a correction is never silent: the result it replaces on stderr, and
     * for a round before the last that the later rounds were paired on it;
     * the same result entered again says nothing */
    cli_expectf(0, "b.trf: note: round 3, board 1 (3 - 2): 1-0 replaced by 0-1\n",
                "swiss result %s/b.trf 1 0-1 -o %s/corr.trf", d, d);
    shell("grep -q '^001    3 .* 2.0       0007 w 1  0005 b 1  0002 w 0$' '%s/corr.trf'", d);
    snprintf(args, sizeof args, "swiss result %s/b.trf 1 1-0 4 0-1 -o %s/same.trf", d, d);
    cli_expect_none(args, 0, "replaced");
    shell("cmp '%s/b.trf' '%s/same.trf'", d, d);
    cli_expectf(0, "Round 4 pairings", "swiss pair %s/b.trf --list - --trf-out %s/r4.trf", d, d);
    cli_expectf(0,
                "note: round 3, board 3 (9 - 4): -/+ replaced by ½-½; the rounds after it were "
                "paired with the old one",
                "swiss result %s/r4.trf --round 3 3 = -o %s/corr4.trf", d, d);
    cli_expectf(0, "Round 4 of", "swiss result %s/r4.trf --round 4", d);
    /* standings while round 4 is played: those after round 3, with a note */
    cli_expectf(0,
                "r4.trf: note: round 4 is still being played (4 boards without a result): the "
                "standings after round 3",
                "swiss standings %s/r4.trf -o %s/s4.txt", d, d);
    cli_expectf(0, NULL, "swiss standings %s/b.trf -o %s/s3.txt", d, d);
    shell("cmp '%s/s3.txt' '%s/s4.txt'", d, d);
    shell("grep -q 'Standings after round 3' '%s/s4.txt'", d);
    cli_expectf(3,
                "round 4 is still being played (4 boards without a result): standings after "
                "round 3 at most",
                "swiss standings %s/r4.trf --after-round 4", d);
    /* byes asked for ahead (round 4, not paired yet): written in the next
     * column, listed as such by the pairing, which leaves them out */
    cli_expectf(0, NULL, "swiss result %s/b.trf --round 4 player 5 H player 6 Z -o %s/ah.trf", d,
                d);
    shell("grep -q '^001    5 .*  0000 - H$' '%s/ah.trf'", d);
    shell("grep -q '^001    6 .*  0000 - Z$' '%s/ah.trf'", d);
    cli_expectf(0, "note: round 4, player 6: Z replaced by F",
                "swiss result %s/ah.trf --round 4 player 6 F -o %s/ah2.trf", d, d);
    snprintf(args, sizeof args, "swiss pair %s/ah2.trf --list - -o /dev/null", d);
    cli_expect(args, 0, "half-point bye: 5 ");
    cli_expect(args, 0, "full-point bye: 6 ");
    cli_expectf(3, "board 2: round 4 is not in the record, which has 3 rounds paired: only byes",
                "swiss result %s/b.trf --round 4 2 1-0", d);
    cli_expectf(3, "player 2: U is the pairing-allocated bye",
                "swiss result %s/b.trf --round 4 player 2 U", d);
    cli_expectf(
        3, "byes for all 9 players leave nobody to pair in round 4",
        "swiss result %s/b.trf --round 4 player 1 H player 2 H player 3 H player 4 H player "
        "5 H player 6 H player 7 H player 8 H player 9 Z",
        d);
    /* a record without rounds: results refused with what to do, byes for
     * round 1 taken (this once read round 0 before the array) */
    shell("cut -c1-89 '%s/g.trf' | sed -E 's/^(001.{77}).{4}/\\1 0.0/' > '%s/g0.trf'", d, d);
    cli_expectf(3, "g0.trf: no round paired yet: pair round 1 first",
                "swiss result %s/g0.trf 1 1-0", d);
    cli_expectf(0, NULL, "swiss result %s/g0.trf --round 1 player 3 H -o %s/g0h.trf", d, d);
    cli_expectf(0, "half-point bye: 3 ", "swiss pair %s/g0h.trf --list - -o /dev/null", d);
    /* bad results: exit 3, file and line, no output written */
    static const struct {
        const char *text, *msg;
    } bad[] = {
        {"1 1-0\\n7 0-1\\n", "res_bad.txt:2: board 7: round 3 has 5 boards"},
        {"5 1-0\\n", "res_bad.txt:1: board 5 is the bye of player 7: it takes no result"},
        {"1 1-0\\n2 =\\n1 0-1\\n", "res_bad.txt:3: board 1 given twice (first on line 1)"},
        {"1 2-0\\n", "res_bad.txt:1: board 1: result '2-0' in column 3"},
        {"player 3 H\\n", "res_bad.txt:1: player 3 plays on board 1 in round 3"},
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        shell("printf '%s' > '%s/res_bad.txt'", bad[k].text, d);
        cli_expectf(3, bad[k].msg,
                    "swiss result %s/r3.trf --round 3 --results %s/res_bad.txt -o %s/bad.trf", d, d,
                    d);
        shell("test ! -e '%s/bad.trf'", d);
    }
    cli_expectf(3, "seatwise: results on the command line, word 4: board 9: round 3 has 5 boards",
                "swiss result %s/r3.trf 1 1-0 9 =", d);
    cli_expectf(3, "round 4 is not in the record, which has 3 rounds paired",
                "swiss result %s/r3.trf --round 4 1 1-0", d);
    snprintf(args, sizeof args, "swiss result %s/r3.trf -o %s/x.trf", d, d);
    expect_usage(args, "swiss result", "-o given but no results to enter");
    cli_expectf(2, "swiss result: -o", "swiss result %s/r3.trf 1 1-0 -o %s/r3.trf", d, d);
    cli_expect("swiss result --help", 0, "usage: seatwise swiss result");
    tmpdir_remove(d);
}

/* Issue 28: records as they come: a Latin-1 record is converted with a
 * note (or refused under --encoding utf8); the event's name, city and dates
 * head the list; players with a bye written ahead or absent are listed as
 * such; the list as JSON; generate refuses what it cannot pair. */
static void test_swiss_records_as_they_come(void **state) {
    (void)state;
    char *d = tmpdir_make("cli"), args[2048];
    snprintf(args, sizeof args, "swiss pair " SW_TEST_DATA "/swiss/latin1.trf --list -");
    cli_expect(args, 0, "note: not UTF-8 (byte 0xF6 on line 1, column 20): read as Windows-1252");
    cli_expect(args, 0,
               "Schachturnier K\xc3\xb6ln \xe2\x80\x93 Fr\xc3\xbchjahr, K\xc3\xb6ln, "
               "2026/03/01 to 2026/03/05\n\nRound 3 pairings");
    cli_expect(args, 0, "1 M\xc3\xbcller, J\xc3\xbcrgen");
    cli_expectf(3, "latin1.trf:1: byte 0xF6 (column 20) is not UTF-8",
                "swiss pair " SW_TEST_DATA "/swiss/latin1.trf --encoding utf8 -o %s/x", d);
    snprintf(args, sizeof args, "swiss pair " SW_TEST_DATA "/swiss/latin1.trf --encoding latin2");
    expect_usage(args, "swiss pair", "--encoding 'latin2': expected auto, utf8 or latin1");
    cli_expectf(0, NULL,
                "swiss pair " SW_TEST_DATA "/swiss/latin1.trf --html %s/l.html --json %s/l.json", d,
                d);
    shell("grep -q '<b>Schachturnier K\xc3\xb6ln' '%s/l.html'", d);
    shell("grep -q '\"city\": \"K\xc3\xb6ln\"' '%s/l.json'", d);
    shell("grep -q '\"board\": 3, \"white\": {\"id\": 6, \"name\": \"Smith, Anna\", \"rating\": "
          "1495, "
          "\"points\": 0}' '%s/l.json'",
          d);
    /* the standings read the record the same way (--encoding too), headed
     * by the event; without a tie-break list the default is named */
    snprintf(args, sizeof args, "swiss standings " SW_TEST_DATA "/swiss/latin1.trf");
    cli_expect(args, 0, "note: not UTF-8 (byte 0xF6 on line 1, column 20): read as Windows-1252");
    cli_expect(args, 0, "Schachturnier K\xc3\xb6ln \xe2\x80\x93 Fr\xc3\xbchjahr, K\xc3\xb6ln, ");
    cli_expect(args, 0, "=3  1 M\xc3\xbcller, J\xc3\xbcrgen  ");
    cli_expect(args, 0,
               "note: no tie-break list in the record (212 or 202 line) or --tiebreaks: "
               "the default, BH/C1 BH SB DE");
    snprintf(args, sizeof args,
             "swiss standings " SW_TEST_DATA "/swiss/latin1.trf --tiebreaks BH --encoding utf8");
    cli_expect(args, 3, "latin1.trf:1: byte 0xF6 (column 20) is not UTF-8");
    cli_expect_none(args, 3, "tie-break list");
    snprintf(args, sizeof args,
             "swiss standings " SW_TEST_DATA "/swiss/latin1.trf --encoding latin2 -o %s/x", d);
    expect_usage(args, "swiss standings", "--encoding 'latin2': expected auto, utf8 or latin1");
    /* preset5.trf: 4 has a half-point bye and 2 a zero-point bye written ahead */
    snprintf(args, sizeof args, "swiss pair " SW_TEST_DATA "/swiss/preset5.trf --list -");
    cli_expect(args, 0, "half-point bye: 4 Player 4\n");
    cli_expect(args, 0, "zero-point bye: 2 Player 2\n");
    cli_expectf(0, "\"status\": \"half-point bye\"",
                "swiss pair " SW_TEST_DATA "/swiss/preset5.trf --json -");
    cli_expectf(0, NULL,
                "swiss pair " SW_TEST_DATA "/swiss/preset5.trf -o /dev/null --html %s/p.html", d);
    shell("grep -q 'Byes and absentees</b>: .*Player 2</span>\\|Byes and absentees' '%s/p.html'",
          d);
    shell("grep -q '(half-point bye)' '%s/p.html'", d);
    cli_expectf(3, "3 players cannot play 5 rounds: round 4 leaves 3 of them without a legal",
                "swiss generate --players 3 --rounds 5 -o %s/g.trf", d);
    shell("test ! -e '%s/g.trf'", d);
    tmpdir_remove(d);
}

/* A bye written ahead is withdrawn with 'player ID none' while its round
 * is not paired (an XXZ absence likewise): the player is paired, and
 * withdrawing every entry gives back the record's bytes. Once the round
 * is paired the withdrawal is refused (exit 3) and nothing is written. */
static void test_swiss_bye_withdrawn(void **state) {
    (void)state;
    char *d = tmpdir_make("cli"), args[2048];
    shell("'%s' swiss generate --players 9 --rounds 2 --seed 3 -o '%s/g.trf'", SW_BINARY, d);
    cli_expectf(0, NULL, "swiss result %s/g.trf --round 3 player 5 H player 6 Z -o %s/ah.trf", d,
                d);
    shell("grep -q '^001    5 .*  0000 - H$' '%s/ah.trf'", d);
    cli_expectf(0, "ah.trf: note: round 3, player 5: H withdrawn\n",
                "swiss result %s/ah.trf --round 3 player 5 none -o %s/w1.trf", d, d);
    shell("grep -q '^001    5 .* 0.0       0001 b 0  0003 w 0  0000 -  $' '%s/w1.trf'", d);
    shell("grep -q '^001    6 .*  0000 - Z$' '%s/w1.trf'", d);
    /* the next pairing: 5 on a board, 6 still out */
    snprintf(args, sizeof args, "swiss pair %s/w1.trf --list - -o %s/p1.txt", d, d);
    cli_expect(args, 0, "zero-point bye: 6 ");
    cli_expect_none(args, 0, "bye: 5 ");
    shell("grep -Eq '^(5 [0-9]+|[0-9]+ 5)$' '%s/p1.txt'", d);
    shell("! grep -Eq '^(6 [0-9]+|[0-9]+ 6)$' '%s/p1.txt'", d);
    /* the last one withdrawn: no column of byes written ahead is left */
    cli_expectf(0, "note: round 3, player 6: Z withdrawn\n",
                "swiss result %s/w1.trf --round 3 player 6 none -o %s/w2.trf", d, d);
    shell("cmp '%s/g.trf' '%s/w2.trf'", d, d);
    /* an XXZ absence is withdrawn the same way */
    shell("sed 's/^XXC white1$/XXC white1\\nXXZ 7/' '%s/g.trf' > '%s/z.trf'", d, d);
    cli_expectf(0, "absent: 7 ", "swiss pair %s/z.trf --list - -o /dev/null", d);
    cli_expectf(0, NULL, "swiss result %s/z.trf --round 3 player 7 none -o %s/z2.trf", d, d);
    shell("cmp '%s/g.trf' '%s/z2.trf'", d, d);
    /* nothing entered ahead: nothing to withdraw */
    cli_expectf(3,
                "word 3: player 4 has no bye or absence entered for round 3: nothing to "
                "withdraw",
                "swiss result %s/ah.trf --round 3 player 4 none -o %s/n.trf", d, d);
    shell("test ! -e '%s/n.trf'", d);
    /* round 3 paired (5 out with H): too late, the output left as it was */
    shell("'%s' swiss pair '%s/ah.trf' --trf-out '%s/r3.trf' -o /dev/null 2>/dev/null", SW_BINARY,
          d, d);
    shell("cp '%s/r3.trf' '%s/keep.trf'", d, d);
    cli_expectf(3,
                "word 3: player 5: round 3 is already paired, so a bye entered ahead can no longer "
                "be withdrawn ('none')",
                "swiss result %s/r3.trf player 5 none -o %s/keep.trf", d, d);
    shell("cmp '%s/r3.trf' '%s/keep.trf'", d, d);
    cli_expectf(3, "player 5 plays on board", "swiss result %s/r3.trf --round 2 player 5 none", d);
    shell("printf 'player 5 none\\n' > '%s/res.txt'", d);
    cli_expectf(3, "res.txt:1: player 5: round 3 is already paired",
                "swiss result %s/r3.trf --round 3 --results %s/res.txt", d, d);
    cli_expectf(3, "Z (zero), or none (withdraw one entered ahead)",
                "swiss result %s/r3.trf player 5 nobody", d);
    tmpdir_remove(d);
}

/* Before any round is complete the standings are the starting list (start
 * numbers in order, whatever the file's order; no ranks, no values), in the
 * text, CSV, JSON and HTML alike, and while round 1 is played; once round 1
 * has its results, the standings after round 1. */
static void test_swiss_starting_list(void **state) {
    (void)state;
    char *d = tmpdir_make("cli");
    shell("'%s' swiss generate --players 9 --rounds 2 --seed 3 -o '%s/g.trf'", SW_BINARY, d);
    /* no rounds, the players' lines in reverse order */
    shell("cd '%s' && grep -v '^001' g.trf > g0.trf && grep '^001' g.trf | cut -c1-89 | "
          "sed -E 's/^(001.{77}).{4}/\\1 0.0/' | sort -r >> g0.trf",
          d);
    cli_expectf(0, NULL,
                "swiss standings %s/g0.trf -o %s/s0.txt --csv %s/s0.csv --json %s/s0.json --html "
                "%s/s0.html",
                d, d, d, d, d);
    char *text = dir_file_text(d, "s0.txt");
    assert_non_null(text);
    assert_non_null(strstr(text, "\nStarting list: no round complete yet (ties to be broken by "
                                 "BH/C1, BH, SB, DE; FIDE tie-breaks, 2026 rules)\n\nplayer      "
                                 "rating\n1 Player 1    2494\n2 Player 2    2312\n3 Player 3"));
    assert_non_null(strstr(text, "\n9 Player 9    1412\n"));
    assert_null(strstr(text, "rank"));
    assert_null(strstr(text, "after round 0"));
    free(text);
    shell("sed -n 2p '%s/s0.csv' | grep -qx ',1,Player 1,2494,,,,,'", d);
    shell("sed -n 10p '%s/s0.csv' | grep -qx ',9,Player 9,1412,,,,,'", d);
    shell(
        "grep -q '\"rounds\": 0, \"tiebreaks\": \\[\"PTS\", \"BH/C1\", \"BH\", \"SB\", \"DE\"\\]' "
        "'%s/s0.json'",
        d);
    shell("grep -q '^ {\"rank\": null, \"id\": 1, \"name\": \"Player 1\", \"rating\": 2494, "
          "\"values\": \\[null, null, null, null, null\\]},$' '%s/s0.json'",
          d);
    shell("grep -q '<h2>Starting list</h2>' '%s/s0.html' && grep -q 'No round complete yet' "
          "'%s/s0.html' && ! grep -q '>=1<\\|after round 0' '%s/s0.html'",
          d, d, d);
    /* round 1 paired, without results: the same starting list, with a note */
    cli_expectf(0, NULL, "swiss pair %s/g0.trf --trf-out %s/r1.trf -o %s/p1.txt --html %s/p1.html",
                d, d, d, d);
    shell("grep -q 'then starting rank' '%s/p1.html' && ! grep -q '>=1<' '%s/p1.html'", d, d);
    cli_expectf(0,
                "r1.trf: note: round 1 is still being played (4 boards without a result): the "
                "starting list\n",
                "swiss standings %s/r1.trf -o %s/s1.txt", d, d);
    shell("cmp '%s/s0.txt' '%s/s1.txt'", d, d);
    cli_expectf(3, "no standings yet (without --after-round: the starting list)",
                "swiss standings %s/r1.trf --after-round 1", d);
    /* round 1 complete: standings with ranks */
    cli_expectf(0, NULL, "swiss result %s/r1.trf 1 1-0 2 1-0 3 1-0 4 1-0 -o %s/b1.trf", d, d);
    cli_expectf(0, "Standings after round 1 (FIDE tie-breaks, 2026 rules)\n\n rank  player",
                "swiss standings %s/b1.trf", d);
    tmpdir_remove(d);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_help_everywhere),
        cmocka_unit_test(test_analyze_example_and_movement),
        cmocka_unit_test(test_optimize_round_trip),
        cmocka_unit_test(test_replan_week_by_week),
        cmocka_unit_test(test_history_round_trip),
        cmocka_unit_test(test_interrupt_keeps_best),
        cmocka_unit_test(test_bad_input_and_requests),
        cmocka_unit_test(test_usage_errors),
        cmocka_unit_test(test_output_never_an_input),
        cmocka_unit_test(test_output_through_symlink),
        cmocka_unit_test(test_optimize_outputs_together),
        cmocka_unit_test(test_outputs_checked_first),
        cmocka_unit_test(test_outputs_never_inputs),
        cmocka_unit_test(test_optimize_into_closed_pipe),
        cmocka_unit_test(test_bom_everywhere),
        cmocka_unit_test(test_size_limit),
        cmocka_unit_test(test_long_path),
        cmocka_unit_test(test_names_must_be_utf8),
        cmocka_unit_test(test_trf_points_over_100),
        cmocka_unit_test(test_interrupt_large),
        cmocka_unit_test(test_threads_under_memory_limit),
        cmocka_unit_test(test_printable_outputs),
        cmocka_unit_test(test_td_warnings),
        cmocka_unit_test(test_handout_options),
        cmocka_unit_test(test_swiss_result_flow),
        cmocka_unit_test(test_swiss_records_as_they_come),
        cmocka_unit_test(test_swiss_bye_withdrawn),
        cmocka_unit_test(test_swiss_starting_list),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
