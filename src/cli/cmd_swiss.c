/* src/cli/cmd_swiss.c: the 'swiss' subcommand: pair, check, generate
 * (result: cmd_swiss_result.c).
 * Output and exit codes follow bbpPairings (docs/swiss.md): 0 ok, 1 no valid
 * pairing of everyone, 3 invalid input, 4 size limit, 5 file access.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/commands.h"
#include "report/swiss.h"
#include "swiss/swiss.h"
#include "swiss/tiebreak.h"
#include "util/fileio.h"
#include "util/strbuf.h"

static const char usage[] =
    "usage: seatwise swiss pair IN.trf [-o OUT] [--trf-out FILE] [--list FILE] [--html FILE]\n"
    "                              [--no-names] [--fast] [--explain] [--waive-last-colours]\n"
    "                              [--strict] [--baku] [--burstein] [--json FILE] [--encoding E]\n"
    "       seatwise swiss check IN.trf [--fast] [--strict] [--baku] [--burstein] [--encoding E]\n"
    "       seatwise swiss result IN.trf [--round R] (--results FILE | BOARD RESULT ...)\n"
    "                                [player ID CODE|none ...] [-o OUT.trf]\n"
    "                                (see 'seatwise swiss result --help')\n"
    "       seatwise swiss generate --players N --rounds R [--seed S] [--fast] [--burstein]\n"
    "                              -o OUT.trf\n"
    "       seatwise swiss standings IN.trf [--tiebreaks LIST] [--csv F] [--json F] [--html F]\n"
    "       seatwise swiss --dutch IN.trf -p [OUT]    (as pair; the engines' command line)\n"
    "       seatwise swiss --dutch IN.trf -c          (as check)\n"
    "       seatwise swiss --burstein IN.trf -p [OUT] | -c   (the same, Burstein system)\n"
    "pair: -o OUT is bbpPairings' output (number of pairs, then 'white black', the\n"
    "bye as 0); --trf-out FILE writes the record with the new round appended\n"
    "(opponents and colours, results left blank for the arbiter; the bye scored);\n"
    "--list FILE the pairing list for people (board, white, black, ratings, points;\n"
    "names unless --no-names; '-' for standard output), --html FILE the list and\n"
    "the standings as a page, --json FILE the list as JSON (the event's name,\n"
    "city and dates head them; byes and absentees are listed); --fast pairs\n"
    "round 1 top half against bottom half. Pairing past the last round (XXR)\n"
    "is a warning. --encoding auto|utf8|latin1: the record's encoding (auto:\n"
    "UTF-8 when valid, else Windows-1252/Latin-1 converted, with a note).\n"
    "generate refuses (exit 3) a round it cannot pair everyone in.\n"
    "A past rule break (rematch, second bye, colours) is a warning and the round\n"
    "is paired under the rules; --strict refuses such a record (exit 3).\n"
    "Acceleration: XXA or TRF-2026 250 lines of the record (points added per\n"
    "player and round), or --baku (FIDE's Baku method, from XXR; also a\n"
    "'192 FIDE_DUTCH_2025_BAKU' line); XXS or 162 sets the point system.\n"
    "--burstein pairs by the Burstein system (FIDE C.04.4.2, as bbpPairings does;\n"
    "also a '192 FIDE_BURSTEIN' line) instead of the Dutch one; not with --fast,\n"
    "--baku, --explain or --waive-last-colours.\n";

typedef struct args {
    const char *in, *out, *list, *html, *trf_out, *json;
    bool no_names, strict, baku;
    int enc;
    long players, rounds, seed;
    sw_swiss_options opt;
} args;

static int usage_error(const char *sub, const char *fmt, const char *arg) {
    char cmd[64];
    snprintf(cmd, sizeof cmd, "swiss%s%s", sub ? " " : "", sub ? sub : "");
    return sw_cli_usage(cmd, fmt, arg);
}

/* Returns -1 to go on, else the exit code (0 after --help). */
static int parse_args(int argc, char **argv, args *a) {
    memset(a, 0, sizeof *a);
    a->seed = 1;
    const char *sub = argv[1];
    for (int i = 2; i < argc; i++) {
        const char *s = argv[i];
        const char *next = i + 1 < argc ? argv[i + 1] : NULL;
        long *num = NULL, lo = 0, hi = 0;
        if (!strcmp(s, "-h") || !strcmp(s, "--help")) {
            fputs(usage, stdout);
            return SW_EXIT_OK;
        } else if (!strcmp(s, "--fast"))
            a->opt.fast = true;
        else if (!strcmp(s, "--burstein"))
            a->opt.burstein = true;
        else if (!strcmp(s, "--explain"))
            a->opt.explain = true;
        else if (!strcmp(s, "--waive-last-colours"))
            a->opt.waive_colour_last_round = true;
        else if (!strcmp(s, "--no-names"))
            a->no_names = true;
        else if (!strcmp(s, "--strict"))
            a->strict = true;
        else if (!strcmp(s, "--baku"))
            a->baku = true;
        else if (!strcmp(s, "-o") || !strcmp(s, "--list") || !strcmp(s, "--html") ||
                 !strcmp(s, "--trf-out") || !strcmp(s, "--players") || !strcmp(s, "--rounds") ||
                 !strcmp(s, "--seed") || !strcmp(s, "--json") || !strcmp(s, "--encoding")) {
            if (!next)
                return usage_error(sub, "option %s needs a value", s);
            i++;
            if (!strcmp(s, "-o"))
                a->out = next;
            else if (!strcmp(s, "--list"))
                a->list = next;
            else if (!strcmp(s, "--html"))
                a->html = next;
            else if (!strcmp(s, "--trf-out"))
                a->trf_out = next;
            else if (!strcmp(s, "--json"))
                a->json = next;
            else if (!strcmp(s, "--encoding")) {
                if (sw_cli_swiss_encoding(next, &a->enc))
                    return usage_error(sub, "--encoding '%s': expected auto, utf8 or latin1", next);
            } else if (!strcmp(s, "--players"))
                num = &a->players, lo = 2, hi = SW_SWISS_MAX_PLAYERS;
            else if (!strcmp(s, "--rounds"))
                num = &a->rounds, lo = 1, hi = SW_SWISS_MAX_ROUNDS;
            else
                num = &a->seed, lo = 0, hi = 2147483647L;
            if (num && sw_cli_parse_int(next, lo, hi, num)) {
                char msg[160];
                snprintf(msg, sizeof msg, "%s '%%s': expected a whole number from %ld to %ld", s,
                         lo, hi);
                return usage_error(sub, msg, next);
            }
        } else if (s[0] == '-' && s[1])
            return usage_error(sub, "unknown option '%s'", s);
        else if (!a->in)
            a->in = s;
        else
            return usage_error(sub, "one input file expected, got '%s' too", s);
    }
    return -1;
}

/* Read and validate: under --strict a past rule break is refused; else it
 * is a warning line in *warnings (the caller prints them) and the record is
 * paired on. */
static int read_valid(const char *path, int enc, bool strict, bool baku, sw_swiss_trf *trf,
                      sw_strbuf *warnings) {
    sw_error err;
    int rc = sw_cli_swiss_read(path, enc, trf);
    if (rc)
        return rc;
    if (baku && !trf->baku_named && sw_swiss_trf_baku(trf, &err)) {
        rc = sw_cli_fail(&err);
        sw_swiss_trf_free(trf);
        return rc;
    }
    int nwarn = 0;
    sw_status st = strict ? sw_swiss_validate(trf, &err)
                          : sw_swiss_validate_lenient(trf, warnings, &nwarn, &err);
    if (st) {
        rc = sw_cli_fail(&err);
        sw_swiss_trf_free(trf);
        return rc;
    }
    return SW_EXIT_OK;
}

/* Each warning line on stderr, prefixed like every other message. */
static void print_warnings(const sw_strbuf *warnings) {
    const char *s = sw_strbuf_cstr(warnings);
    while (*s) {
        const char *e = strchr(s, '\n');
        size_t n = e ? (size_t)(e - s) : strlen(s);
        fprintf(stderr, "seatwise: %.*s\n", (int)n, s);
        s += n + (e ? 1 : 0);
    }
}

/* A pairing's error, with the advice the library leaves to the CLI: a
 * round beyond the exact matching's limits (SW_ERR_LIMIT) is paired by
 * --fast. */
static int pair_fail(const sw_error *err, bool fast) {
    if (err->code != SW_ERR_LIMIT || fast)
        return sw_cli_fail(err);
    sw_error e = *err;
    size_t n = strlen(e.msg);
    snprintf(e.msg + n, sizeof e.msg - n, "; use --fast");
    return sw_cli_fail(&e);
}

static int write_text(const char *path, const sw_strbuf *sb) {
    sw_error err;
    if (sb->failed) {
        fprintf(stderr, "seatwise swiss: out of memory\n");
        return SW_EXIT_INTERNAL;
    }
    if (sw_file_write_atomic(path ? path : "-", sw_strbuf_cstr(sb), sb->len, &err))
        return sw_cli_fail(&err);
    return SW_EXIT_OK;
}

/* --trf-out: the record with the paired round appended, results blank
 * (the arbiter enters them; the bye is scored), so the event runs round by
 * round. Changes trf: call it last. */
static int write_trf_out(const char *path, sw_swiss_trf *trf, const sw_swiss_pairing *p,
                         sw_strbuf *out) {
    sw_error err;
    char *blank = malloc((size_t)p->nboards + 1);
    if (!blank) {
        fprintf(stderr, "seatwise swiss: out of memory\n");
        return SW_EXIT_INTERNAL;
    }
    memset(blank, ' ', (size_t)p->nboards);
    blank[p->nboards] = 0;
    sw_status st = sw_swiss_trf_add_round(trf, p, blank, &err);
    free(blank);
    if (st)
        return sw_cli_fail(&err);
    out->len = 0;
    sw_swiss_trf_write(trf, out);
    return write_text(path, out);
}

static int cmd_pair(const args *a) {
    sw_swiss_trf trf;
    sw_strbuf warnings;
    sw_strbuf_init(&warnings);
    int rc = read_valid(a->in, a->enc, a->strict, a->baku, &trf, &warnings);
    print_warnings(&warnings);
    sw_strbuf_free(&warnings);
    if (rc)
        return rc;
    if (trf.total_rounds && trf.nrounds >= trf.total_rounds)
        fprintf(stderr,
                "seatwise: %s: warning: pairing round %d of an event of %d rounds (%s %d)\n", a->in,
                trf.nrounds + 1, trf.total_rounds, trf.rounds_by_142 ? "142" : "XXR",
                trf.total_rounds);
    sw_swiss_pairing p;
    sw_error err;
    if (sw_swiss_pair(&trf, &a->opt, &p, &err)) {
        sw_swiss_trf_free(&trf);
        return pair_fail(&err, a->opt.fast || a->opt.burstein);
    }
    sw_strbuf out;
    sw_strbuf_init(&out);
    sw_strbuf_printf(&out, "%d\n", p.nboards);
    for (int k = 0; k < p.nboards; k++)
        sw_strbuf_printf(&out, "%d %d\n", p.boards[k].white, p.boards[k].black);
    rc = write_text(a->out, &out);
    if (!rc && a->list) {
        out.len = 0;
        sw_report_swiss_list(&trf, &p, a->no_names, &out);
        rc = write_text(a->list, &out);
    }
    if (!rc && a->html) {
        out.len = 0;
        /* the page ranks by the record's tie-break line: an unreadable one
         * is said, the page then ranking by points and starting rank */
        sw_tb_list tbl;
        bool found;
        sw_error tberr;
        if (sw_tb_from_record(&trf, &tbl, &found, &tberr))
            fprintf(stderr, "seatwise: %s:%d: warning: %s; the page's standings rank by points\n",
                    tberr.file, tberr.line, tberr.msg);
        sw_report_swiss_html(&trf, &p, a->in, &out);
        rc = write_text(a->html, &out);
    }
    if (!rc && a->json) {
        out.len = 0;
        sw_report_swiss_json(&trf, &p, a->no_names, &out);
        rc = write_text(a->json, &out);
    }
    if (!rc && a->trf_out)
        rc = write_trf_out(a->trf_out, &trf, &p, &out);
    if (a->opt.explain)
        fputs(sw_strbuf_cstr(&p.explain), stderr);
    if (!rc && p.nunpaired) {
        fprintf(stderr, "seatwise: %s: round %d: no legal pairing includes %d player(s):\n", a->in,
                p.round, p.nunpaired);
        fputs(sw_strbuf_cstr(&p.why), stderr);
        rc = SW_EXIT_FAIL;
    }
    sw_strbuf_free(&out);
    sw_swiss_pairing_free(&p);
    sw_swiss_trf_free(&trf);
    return rc;
}

static int cmd_check(const args *a) {
    sw_swiss_trf trf;
    sw_strbuf rep;
    sw_strbuf_init(&rep);
    int rc =
        read_valid(a->in, a->enc, a->strict, a->baku, &trf, &rep); /* warnings open the report */
    if (rc) {
        print_warnings(&rep);
        sw_strbuf_free(&rep);
        return rc;
    }
    print_warnings(&rep); /* on stderr too, where pair puts them */
    sw_error err;
    sw_swiss_check_stats cs;
    if (sw_swiss_check_stats_run(&trf, &a->opt, &rep, &cs, &err)) {
        rc = pair_fail(&err, a->opt.fast || a->opt.burstein);
    } else {
        sw_strbuf_printf(&rep,
                         "%s: %d rounds valid, %d of them paired differently by seatwise; "
                         "identical %d/%d, other colours %d\n",
                         a->in, trf.nrounds, cs.differing, cs.identical, cs.rounds, cs.colours);
        fputs(sw_strbuf_cstr(&rep), stdout);
    }
    sw_strbuf_free(&rep);
    sw_swiss_trf_free(&trf);
    return rc;
}

static int cmd_generate(const args *a) {
    sw_swiss_trf trf;
    sw_error err;
    if (sw_swiss_generate((int)a->players, (int)a->rounds, (uint64_t)a->seed, &a->opt, &trf, &err))
        return pair_fail(&err, a->opt.fast || a->opt.burstein);
    sw_strbuf out;
    sw_strbuf_init(&out);
    sw_strbuf_printf(&out, "012 seatwise simulated event, seed %ld\n", a->seed);
    sw_swiss_trf_write(&trf, &out);
    int rc = write_text(a->out, &out);
    sw_strbuf_free(&out);
    sw_swiss_trf_free(&trf);
    return rc;
}

/* The endorsed engines' command line (bbpPairings, JaVaFo):
 * `--dutch IN -p [OUT]` pairs, `--dutch IN -c` checks. Rewritten into
 * `pair IN [-o OUT] ...` or `check IN ...` (other options pass through);
 * -1 when argv is not in that form. */
static int conventional(int argc, char **argv) {
    bool dutch = false;
    for (int i = 1; i < argc; i++)
        dutch = dutch || !strcmp(argv[i], "--dutch") ||
                (!strcmp(argv[i], "--burstein") && argc > 1 && strcmp(argv[1], "pair") &&
                 strcmp(argv[1], "check") && strcmp(argv[1], "generate"));
    if (!dutch)
        return -1;
    char **v = calloc((size_t)argc + 4, sizeof *v);
    if (!v) {
        fprintf(stderr, "seatwise swiss: out of memory\n");
        return SW_EXIT_INTERNAL;
    }
    int n = 2, mode = 0; /* 'p' or 'c' */
    v[0] = argv[0];
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--dutch"))
            continue;
        if (!strcmp(argv[i], "-p") || !strcmp(argv[i], "-c")) {
            if (mode) {
                free(v);
                return sw_cli_usage("swiss", "%s", "--dutch takes one of -p and -c");
            }
            mode = argv[i][1];
            /* -p OUT: a following word that is not an option is the output;
             * without one the pairing goes to standard output. */
            if (mode == 'p' && i + 1 < argc && argv[i + 1][0] != '-') {
                v[n++] = "-o";
                v[n++] = argv[++i];
            }
            continue;
        }
        v[n++] = argv[i];
    }
    if (!mode) {
        free(v);
        return sw_cli_usage("swiss", "%s", "--dutch needs -p [OUT] (pair) or -c (check)");
    }
    v[1] = mode == 'p' ? "pair" : "check";
    int rc = sw_cmd_swiss(n, v);
    free(v);
    return rc;
}

int sw_cmd_swiss(int argc, char **argv) {
    int conv = conventional(argc, argv);
    if (conv >= 0)
        return conv;
    if (argc < 2)
        return sw_cli_usage("swiss", "%s", "expected pair, check, generate, result or standings");
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        fputs(usage, stdout);
        return SW_EXIT_OK;
    }
    const char *sub = argv[1];
    if (!strcmp(sub, "result"))
        return sw_cmd_swiss_result(argc, argv);
    if (!strcmp(sub, "standings"))
        return sw_cmd_swiss_standings(argc, argv);
    if (strcmp(sub, "pair") && strcmp(sub, "check") && strcmp(sub, "generate"))
        return usage_error(NULL,
                           "unknown subcommand '%s': expected pair, check, generate, result or "
                           "standings",
                           sub);
    args a;
    int rc = parse_args(argc, argv, &a);
    if (rc >= 0)
        return rc;
    /* Every file the subcommand writes is checked before any work; a file
     * option of another subcommand is refused rather than ignored. */
    const sw_cli_output outs[] = {{"-o", a.out},
                                  {"--trf-out", a.trf_out},
                                  {"--list", a.list},
                                  {"--html", a.html},
                                  {"--json", a.json}};
    const int nout = (int)(sizeof outs / sizeof outs[0]);
    bool pair = !strcmp(sub, "pair"), generate = !strcmp(sub, "generate");
    int writes = pair ? nout : generate ? 1 : 0; /* pair all five, generate -o, check none */
    for (int i = writes; i < nout; i++)
        if (outs[i].path)
            return usage_error(sub,
                               generate ? "generate writes -o only: %s belongs to pair"
                               : i == 0 ? "check writes no file: %s belongs to pair and generate"
                                        : "check writes no file: %s belongs to pair",
                               outs[i].option);
    if (generate && a.in)
        return usage_error(sub, "unexpected operand '%s'", a.in);
    if (a.opt.burstein && (a.opt.fast || a.baku || a.opt.explain || a.opt.waive_colour_last_round))
        return usage_error(sub, "%s",
                           "--burstein takes none of --fast, --baku, --explain, "
                           "--waive-last-colours");
    if (!generate && !a.in)
        return usage_error(sub, "%s", "an input file is required");
    if (generate && (a.players < 2 || a.rounds < 1 || !a.out))
        return usage_error(sub, "%s", "--players, --rounds and -o are required");
    char cmd[32];
    snprintf(cmd, sizeof cmd, "swiss %s", sub);
    if ((rc = sw_cli_check_outputs(cmd, outs, nout, &a.in, 1)) != SW_EXIT_OK)
        return rc;
    if (generate)
        return cmd_generate(&a);
    if (pair)
        return cmd_pair(&a);
    return cmd_check(&a);
}
