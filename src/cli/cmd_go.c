/* src/cli/cmd_go.c: the 'go' subcommand: 'go pair' pairs the next round of
 * an OpenGotha tournament file as OpenGotha does (docs/go.md) and writes the
 * file with the round added (-o), the pairing as keys (standard output), a
 * pairing list for people (--list, --html) or JSON (--json); 'go standings'
 * prints the standings by the file's placement criteria; 'go export --h9'
 * the EGF results; 'go new' makes a tournament file from a players CSV.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/commands.h"
#include "report/go.h"
#include "report/html.h"
#include "seatwise_version.h"
#include "swiss/go.h"
#include "util/fileio.h"
#include "util/strbuf.h"

static const char usage[] =
    "usage: seatwise go pair STATE.xml [-o OUT.xml] [--list FILE] [--html FILE] [--json]\n"
    "                                  [--round N]\n"
    "       seatwise go standings STATE.xml [-o FILE] [--html FILE] [--json] [--round N]\n"
    "       seatwise go export STATE.xml --h9 [-o FILE.h9]\n"
    "       seatwise go new PLAYERS.csv [-o EVENT.xml] [--name TEXT] [--rounds N]\n"
    "                                  [--floor RANK] [--bar RANK] [--date YYYY-MM-DD]\n"
    "Pairs the next round of an OpenGotha tournament file (McMahon or Swiss) as\n"
    "OpenGotha 3.51.02 does, with the parameter sets the file holds: players with\n"
    "registeringStatus FIN who take part in the round, the bye, costs, matching,\n"
    "colours, handicaps and table numbers (docs/go.md).\n"
    "The round is the one after the last round holding a game or a bye, or\n"
    "--round N (counted from 1). Standard output gets one line a table,\n"
    "'WHITE BLACK HANDICAP' (OpenGotha's player keys), then 'bye KEY' when\n"
    "someone sits out; --json prints the pairing as JSON instead.\n"
    "-o OUT.xml writes the tournament file with the round added (games with\n"
    "unknown results, the bye); it may be STATE.xml itself, replaced atomically.\n"
    "--list FILE writes the pairing list for people (table, white, black, ranks,\n"
    "handicap; '-' for standard output), --html FILE the same as a printable page.\n"
    "standings: the players ordered by the file's placement criteria (MMS, SOS,\n"
    "SOSOS, SODOS, ...) after the last round holding a game, or after round N;\n"
    "players equal on every criterion share a place. Written to -o FILE or\n"
    "standard output; --json for programs; --html FILE a printable page.\n"
    "export --h9: the EGF results file (ISO-8859-15) for the European rating\n"
    "list, as OpenGotha exports it: the standings after the last round.\n"
    "new: a McMahon tournament file for the players of a CSV (header line naming\n"
    "the columns name, first name, rank, and optionally rating, club, country;\n"
    "docs/formats.md) with OpenGotha's defaults for a new McMahon event: 5 rounds\n"
    "(--rounds), floor 20K (--floor), bar 4D (--bar), handicap from the McMahon\n"
    "score less one, criteria MMS, SOSM, SOSOSM; --name names the event (default:\n"
    "the CSV's name), --date its day (default: today). 'go pair' pairs it.\n";

typedef enum { GO_PAIR, GO_STANDINGS, GO_EXPORT, GO_NEW } go_sub;

typedef struct go_args {
    const char *in, *out, *list, *html;
    bool json, h9;
    go_sub sub;
    const char *cmd; /* "go pair", ... */
    long round;      /* 0: the next one (pair), the last played (standings) */
    const char *name, *date;
    long rounds;
    int floor, bar;
} go_args;

/* Which options take a value in which subcommand. */
static bool takes_value(const go_args *a, const char *s) {
    if (!strcmp(s, "-o"))
        return true;
    if (!strcmp(s, "--list"))
        return a->sub == GO_PAIR;
    if (!strcmp(s, "--html") || !strcmp(s, "--round"))
        return a->sub == GO_PAIR || a->sub == GO_STANDINGS;
    return a->sub == GO_NEW &&
           (!strcmp(s, "--name") || !strcmp(s, "--rounds") || !strcmp(s, "--floor") ||
            !strcmp(s, "--bar") || !strcmp(s, "--date"));
}

static int take_value(go_args *a, const char *s, const char *v) {
    if (!strcmp(s, "-o"))
        a->out = v;
    else if (!strcmp(s, "--list"))
        a->list = v;
    else if (!strcmp(s, "--html"))
        a->html = v;
    else if (!strcmp(s, "--name"))
        a->name = v;
    else if (!strcmp(s, "--date")) {
        a->date = v;
        for (int i = 0; i < 11; i++)
            if (i == 10 ? v[i] != 0
                        : !v[i] || (i == 4 || i == 7 ? v[i] != '-' : v[i] < '0' || v[i] > '9'))
                return sw_cli_usage(a->cmd, "--date needs YYYY-MM-DD, not '%s'", v);
    } else if (!strcmp(s, "--round") && sw_cli_parse_int(v, 1, SW_GO_MAX_ROUNDS, &a->round))
        return sw_cli_usage(a->cmd, "--round needs a round from 1 to 20, not '%s'", v);
    else if (!strcmp(s, "--rounds") && sw_cli_parse_int(v, 1, SW_GO_MAX_ROUNDS, &a->rounds))
        return sw_cli_usage(a->cmd, "--rounds needs a number from 1 to 20, not '%s'", v);
    else if ((!strcmp(s, "--floor") && !sw_go_parse_rank(v, &a->floor)) ||
             (!strcmp(s, "--bar") && !sw_go_parse_rank(v, &a->bar)))
        return sw_cli_usage(a->cmd, "%s needs a rank such as 20K or 4D, not '%s'", s, v);
    return -1;
}

static int parse_args(int argc, char **argv, go_args *a) {
    static const char *const subs[] = {"pair", "standings", "export", "new"};
    memset(a, 0, sizeof *a);
    if (argc < 2)
        return sw_cli_usage("go", "a subcommand is needed (pair, standings, export, new)");
    if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
        fputs(usage, stdout);
        return SW_EXIT_OK;
    }
    static const char *const cmds[] = {"go pair", "go standings", "go export", "go new"};
    int k = 0;
    while (k < 4 && strcmp(argv[1], subs[k]))
        k++;
    if (k == 4)
        return sw_cli_usage("go", "unknown subcommand '%s'", argv[1]);
    a->sub = (go_sub)k;
    a->cmd = cmds[k];
    a->rounds = 5;
    a->floor = -20;
    a->bar = 3;
    for (int i = 2; i < argc; i++) {
        const char *s = argv[i], *next = i + 1 < argc ? argv[i + 1] : NULL;
        int rc;
        if (!strcmp(s, "-h") || !strcmp(s, "--help")) {
            fputs(usage, stdout);
            return SW_EXIT_OK;
        } else if (!strcmp(s, "--json") && (a->sub == GO_PAIR || a->sub == GO_STANDINGS))
            a->json = true;
        else if (!strcmp(s, "--h9") && a->sub == GO_EXPORT)
            a->h9 = true;
        else if (takes_value(a, s)) {
            if (!next)
                return sw_cli_usage(a->cmd, "option %s needs a value", s);
            if ((rc = take_value(a, s, next)) >= 0)
                return rc;
            i++;
        } else if (s[0] == '-' && s[1])
            return sw_cli_usage(a->cmd, "unknown option '%s'", s);
        else if (a->in)
            return sw_cli_usage(a->cmd, "one input file only ('%s')", s);
        else
            a->in = s;
    }
    if (!a->in)
        return sw_cli_usage(a->cmd, a->sub == GO_NEW ? "the players CSV is missing"
                                                     : "the tournament file is missing");
    if (a->sub == GO_EXPORT && !a->h9)
        return sw_cli_usage(a->cmd, "say which export: --h9");
    if (a->floor > a->bar)
        return sw_cli_usage(a->cmd, "the floor is above the bar");
    const char *outs[3] = {a->out, a->list, a->html};
    int to_stdout = 0;
    for (int o = 0; o < 3; o++)
        to_stdout += outs[o] && !strcmp(outs[o], "-");
    if (to_stdout > 1)
        return sw_cli_usage(a->cmd, "only one of -o, --list and --html can be '-'");
    return -1;
}

/* Write the outputs together (sw_files_write_atomic): files[0..n) plus
 * standard output's text std unless an output already took it. */
static int write_outputs(sw_out_file *files, int n, const sw_strbuf *std, bool stdout_taken) {
    if (!stdout_taken)
        files[n++] = (sw_out_file){"-", sw_strbuf_cstr(std), std->len};
    sw_error err;
    sw_error_clear(&err);
    if (sw_files_write_atomic(files, n, &err))
        return sw_cli_fail(&err);
    return SW_EXIT_OK;
}

static int nomem(void) {
    return sw_cli_fail(&(sw_error){.code = SW_ERR_NOMEM, .msg = "out of memory"});
}

static bool is_stdout(const char *path) {
    return path && !strcmp(path, "-");
}

static int run_pair(const go_args *a, sw_go_tournament *t) {
    sw_error err;
    sw_error_clear(&err);
    int round = (int)a->round - 1;
    sw_go_pairing p = {0};
    if ((round < 0 && sw_go_next_round(t, &round, &err)) || sw_go_pair(t, round, &p, &err) ||
        sw_go_add_round(t, &p, &err)) {
        sw_go_pairing_free(&p);
        return sw_cli_fail(&err);
    }
    sw_strbuf sb[4]; /* the file, the list, the page, standard output */
    for (int i = 0; i < 4; i++)
        sw_strbuf_init(&sb[i]);
    sw_out_file files[4];
    int n = 0;
    if (a->out) {
        sw_go_write(t, &sb[0]);
        files[n++] = (sw_out_file){a->out, sw_strbuf_cstr(&sb[0]), sb[0].len};
    }
    if (a->list) {
        sw_report_go_pairing_text(t, &p, &sb[1]);
        files[n++] = (sw_out_file){a->list, sw_strbuf_cstr(&sb[1]), sb[1].len};
    }
    if (a->html) {
        sw_report_go_pairing_html(t, &p, &sb[2]);
        files[n++] = (sw_out_file){a->html, sw_strbuf_cstr(&sb[2]), sb[2].len};
    }
    if (a->json)
        sw_report_go_pairing_json(t, &p, &sb[3]);
    else
        sw_report_go_keys(t, &p, &sb[3]);
    int rc = sb[0].failed || sb[1].failed || sb[2].failed || sb[3].failed
                 ? nomem()
                 : write_outputs(files, n, &sb[3],
                                 is_stdout(a->out) || is_stdout(a->list) || is_stdout(a->html));
    for (int i = 0; i < 4; i++)
        sw_strbuf_free(&sb[i]);
    sw_go_pairing_free(&p);
    return rc;
}

static int run_standings(const go_args *a, const sw_go_tournament *t) {
    int k = a->round ? (int)a->round - 1 : sw_go_last_round(t);
    sw_error err;
    sw_error_clear(&err);
    if (k < 0)
        k = 0;
    sw_go_standing *s;
    int n;
    if (sw_go_standings(t, k, &s, &n, &err))
        return sw_cli_fail(&err);
    sw_strbuf text, page;
    sw_strbuf_init(&text);
    sw_strbuf_init(&page);
    if (a->json)
        sw_report_go_standings_json(t, s, n, k, &text);
    else
        sw_report_go_standings_text(t, s, n, k, &text);
    sw_out_file files[3];
    int nf = 0;
    if (a->html) {
        sw_report_go_standings_html(t, s, n, k, &page);
        files[nf++] = (sw_out_file){a->html, sw_strbuf_cstr(&page), page.len};
    }
    if (a->out && !is_stdout(a->out))
        files[nf++] = (sw_out_file){a->out, sw_strbuf_cstr(&text), text.len};
    int rc =
        text.failed || page.failed
            ? nomem()
            : write_outputs(files, nf, &text, (a->out && !is_stdout(a->out)) || is_stdout(a->html));
    sw_strbuf_free(&text);
    sw_strbuf_free(&page);
    free(s);
    return rc;
}

static int run_h9(const go_args *a, const sw_go_tournament *t) {
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    sw_error err;
    sw_error_clear(&err);
    int rc = SW_EXIT_OK;
    if (sw_go_write_h9(t, "seatwise " SEATWISE_VERSION, &sb, &err) ||
        sw_file_write_atomic(a->out ? a->out : "-", sw_strbuf_cstr(&sb), sb.len, &err))
        rc = sw_cli_fail(&err);
    sw_strbuf_free(&sb);
    return rc;
}

/* The event's name by default: the CSV's file name without directory and
 * extension. */
static void default_name(const char *path, char *buf, size_t size) {
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    snprintf(buf, size, "%s", base);
    char *dot = strrchr(buf, '.');
    if (dot && dot != buf)
        *dot = 0;
}

/* 'go new': the players CSV as a new tournament file. */
static int run_new(const go_args *a) {
    char *data;
    size_t len;
    sw_error err;
    sw_error_clear(&err);
    if (sw_file_read(a->in, &data, &len, &err))
        return sw_cli_fail(&err);
    sw_go_entry *e;
    int n;
    sw_status st = sw_go_parse_players(data, len, a->in, &e, &n, &err);
    free(data);
    if (st)
        return sw_cli_fail(&err);
    char name[256], today[16];
    default_name(a->in, name, sizeof name);
    time_t now = time(NULL);
    struct tm tm;
    strftime(today, sizeof today, "%Y-%m-%d", gmtime_r(&now, &tm));
    sw_go_event ev = {a->name ? a->name : name, a->date ? a->date : today, (int)a->rounds, a->floor,
                      a->bar};
    sw_go_tournament t;
    const char *out = a->out ? a->out : "-";
    st = sw_go_new(e, n, &ev, strcmp(out, "-") ? out : "(standard output)", &t, &err);
    sw_go_entries_free(e, n);
    if (st)
        return sw_cli_fail(&err);
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    sw_go_write(&t, &sb);
    int rc = sb.failed ? nomem() : SW_EXIT_OK;
    if (!rc && sw_file_write_atomic(out, sw_strbuf_cstr(&sb), sb.len, &err))
        rc = sw_cli_fail(&err);
    sw_strbuf_free(&sb);
    sw_go_free(&t);
    return rc;
}

int sw_cmd_go(int argc, char **argv) {
    go_args a;
    int rc = parse_args(argc, argv, &a);
    if (rc >= 0)
        return rc;
    /* checked before any work: every output can be written, none names
     * another; none names the input except -o of 'go pair' (the round is
     * added to the file read whole before the atomic write) */
    sw_cli_output outs[3] = {{"-o", a.out}, {"--list", a.list}, {"--html", a.html}};
    const char *ins[1] = {a.in};
    int first = a.sub == GO_PAIR;
    if ((rc = sw_cli_check_outputs(a.cmd, outs + first, 3 - first, ins, 1)) ||
        (rc = sw_cli_check_outputs(a.cmd, outs, 3, NULL, 0)))
        return rc;
    if (a.sub == GO_NEW)
        return run_new(&a);
    sw_go_tournament t;
    sw_error err;
    sw_error_clear(&err);
    if (sw_go_read(a.in, &t, &err))
        return sw_cli_fail(&err);
    rc = a.sub == GO_PAIR ? run_pair(&a, &t) : a.h9 ? run_h9(&a, &t) : run_standings(&a, &t);
    sw_go_free(&t);
    return rc;
}
