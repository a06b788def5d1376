/* src/cli/cmd_swiss_standings.c: 'swiss standings': the standings of a
 * record with FIDE tie-breaks (swiss/tiebreak.h) as text, CSV, JSON and an
 * HTML page. The tie-breaks come from --tiebreaks, else from the record's
 * 212/202 line, else the default list (docs/swiss.md).
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/commands.h"
#include "report/standings.h"
#include "swiss/swiss.h"
#include "swiss/tiebreak.h"
#include "util/fileio.h"
#include "util/strbuf.h"

static const char usage[] =
    "usage: seatwise swiss standings IN.trf [-o OUT] [--tiebreaks LIST] [--csv FILE]\n"
    "                                [--json FILE] [--html FILE] [--rules 2024|2026]\n"
    "                                [--unrated RATING] [--after-round N] [--no-names]\n"
    "                                [--encoding E]\n"
    "The standings after the record's rounds with FIDE tie-breaks (C.07): -o the\n"
    "table as text ('-' or none: standard output), --csv, --json, --html the same\n"
    "as CSV, JSON and a page. --tiebreaks LIST (blanks or commas between names;\n"
    "PTS comes first) orders the ties: PTS BH SB DE PS WIN WON BPG BWG REP ARO\n"
    "TPR PTP KS AOB, cuts as BH/C1, BH/M1, PS/C1, ARO/C1, KS/L60. Without it the\n"
    "record's 212 or 202 line gives the list, else '" SW_TB_DEFAULT_LIST "'.\n"
    "--rules: the 2024 regulations or their 2026 amendment for unplayed rounds\n"
    "(default: by the record's start date, 042); --unrated: the rating counted\n"
    "for unrated players in ARO, TPR and PTP (without it these need every\n"
    "player rated); --after-round N: the standings after round N.\n"
    "Before any round is complete: the starting list (start numbers, names,\n"
    "ratings; no ranks, no tie-break values), with the tie-breaks to come.\n"
    "Without a list in the record or the option the default is used and a note\n"
    "says so: C.07 leaves the list to the event's regulations.\n"
    "--encoding auto|utf8|latin1: the record's encoding (default auto: UTF-8\n"
    "when valid, else Windows-1252/Latin-1 converted to UTF-8 with a note).\n";

typedef struct args {
    const char *in, *out, *csv, *json, *html, *list;
    long rules, unrated, after;
    int enc;
    bool no_names;
} args;

static int parse_args(int argc, char **argv, args *a) {
    memset(a, 0, sizeof *a);
    for (int i = 2; i < argc; i++) {
        const char *s = argv[i], *next = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(s, "-h") || !strcmp(s, "--help")) {
            fputs(usage, stdout);
            return SW_EXIT_OK;
        }
        if (!strcmp(s, "--no-names")) {
            a->no_names = true;
            continue;
        }
        const char **str = !strcmp(s, "-o")            ? &a->out
                           : !strcmp(s, "--csv")       ? &a->csv
                           : !strcmp(s, "--json")      ? &a->json
                           : !strcmp(s, "--html")      ? &a->html
                           : !strcmp(s, "--tiebreaks") ? &a->list
                                                       : NULL;
        bool num = !strcmp(s, "--rules") || !strcmp(s, "--unrated") ||
                   !strcmp(s, "--after-round") || !strcmp(s, "--encoding");
        if (str || num) {
            if (!next)
                return sw_cli_usage("swiss standings", "option %s needs a value", s);
            i++;
            if (str) {
                *str = next;
            } else if (!strcmp(s, "--encoding")) {
                if (sw_cli_swiss_encoding(next, &a->enc))
                    return sw_cli_usage("swiss standings",
                                        "--encoding '%s': expected auto, utf8 or latin1", next);
            } else if (!strcmp(s, "--rules")) {
                if (sw_cli_parse_int(next, 2024, 2026, &a->rules) ||
                    (a->rules != 2024 && a->rules != 2026))
                    return sw_cli_usage("swiss standings", "--rules '%s': expected 2024 or 2026",
                                        next);
            } else if (!strcmp(s, "--after-round")) {
                if (sw_cli_parse_int(next, 1, SW_SWISS_MAX_ROUNDS, &a->after))
                    return sw_cli_usage("swiss standings",
                                        "--after-round '%s': expected a round from 1 to 200", next);
            } else if (sw_cli_parse_int(next, 1, 4000, &a->unrated)) {
                return sw_cli_usage("swiss standings",
                                    "--unrated '%s': expected a rating from 1 to 4000", next);
            }
        } else if (s[0] == '-' && s[1]) {
            return sw_cli_usage("swiss standings", "unknown option '%s'", s);
        } else if (!a->in) {
            a->in = s;
        } else {
            return sw_cli_usage("swiss standings", "one input file expected, got '%s' too", s);
        }
    }
    if (!a->in)
        return sw_cli_usage("swiss standings", "%s", "an input file is required");
    return -1;
}

/* The tie-break list: the option's, the record's, or the default. */
static int choose_list(const args *a, const sw_swiss_trf *trf, sw_tb_list *list) {
    sw_error err;
    if (a->list) {
        if (sw_tb_parse_list(a->list, "--tiebreaks", list, &err))
            return sw_cli_usage("swiss standings", "%s", err.msg);
        return SW_EXIT_OK;
    }
    bool found = false;
    if (sw_tb_from_record(trf, list, &found, &err))
        return sw_cli_fail(&err);
    if (found)
        return SW_EXIT_OK;
    if (sw_tb_parse_list(SW_TB_DEFAULT_LIST, "default", list, &err))
        return sw_cli_fail(&err);
    fprintf(stderr,
            "seatwise: %s: note: no tie-break list in the record (212 or 202 line) or "
            "--tiebreaks: the default, %s\n",
            a->in, SW_TB_DEFAULT_LIST);
    return SW_EXIT_OK;
}

/* The boards of the record's last round still without a result (0: the
 * round is complete, or there is none). */
static int open_boards(const sw_swiss_trf *trf) {
    int r = trf->nrounds - 1, n = 0;
    for (int i = 0; r >= 0 && i < trf->nplayers; i++)
        n += trf->players[i].games[r].opp > 0 && trf->players[i].games[r].result == ' ';
    return n / 2;
}

/* A last round still being played: the standings are those after the
 * round before it (said in a note), and --after-round may not name it. */
static int before_open_round(const args *a, sw_swiss_trf *trf) {
    int open = open_boards(trf), last = trf->nrounds;
    if (!open)
        return SW_EXIT_OK;
    char before[64], most[80]; /* what the standings are without the round */
    if (last > 1) {
        snprintf(before, sizeof before, "the standings after round %d", last - 1);
        snprintf(most, sizeof most, "standings after round %d at most", last - 1);
    } else {
        snprintf(before, sizeof before, "the starting list");
        snprintf(most, sizeof most, "no standings yet (without --after-round: the starting list)");
    }
    if (a->after == last) {
        fprintf(stderr,
                "seatwise: %s: round %d is still being played (%d board%s without a result): "
                "%s\n",
                a->in, last, open, open == 1 ? "" : "s", most);
        return SW_EXIT_INPUT;
    }
    if (!a->after)
        fprintf(stderr,
                "seatwise: %s: note: round %d is still being played (%d board%s without a "
                "result): %s\n",
                a->in, last, open, open == 1 ? "" : "s", before);
    sw_swiss_trf_truncate(trf, last - 1);
    return SW_EXIT_OK;
}

static int write_out(const char *path, const sw_strbuf *sb) {
    sw_error err;
    if (sb->failed) {
        fprintf(stderr, "seatwise swiss standings: out of memory\n");
        return SW_EXIT_INTERNAL;
    }
    if (sw_file_write_atomic(path ? path : "-", sw_strbuf_cstr(sb), sb->len, &err))
        return sw_cli_fail(&err);
    return SW_EXIT_OK;
}

static int outputs(const args *a, const sw_swiss_trf *trf, const sw_standings *s) {
    sw_strbuf o;
    sw_strbuf_init(&o);
    sw_report_standings_text(trf, s, a->no_names, &o);
    int rc = write_out(a->out, &o);
    if (!rc && a->csv) {
        o.len = 0;
        sw_report_standings_csv(trf, s, &o);
        rc = write_out(a->csv, &o);
    }
    if (!rc && a->json) {
        o.len = 0;
        sw_report_standings_json(trf, s, &o);
        rc = write_out(a->json, &o);
    }
    if (!rc && a->html) {
        o.len = 0;
        sw_report_standings_html(trf, s, a->in, &o);
        rc = write_out(a->html, &o);
    }
    sw_strbuf_free(&o);
    return rc;
}

int sw_cmd_swiss_standings(int argc, char **argv) {
    args a;
    int rc = parse_args(argc, argv, &a);
    if (rc >= 0)
        return rc;
    const sw_cli_output outs[] = {
        {"-o", a.out}, {"--csv", a.csv}, {"--json", a.json}, {"--html", a.html}};
    if ((rc = sw_cli_check_outputs("swiss standings", outs, 4, &a.in, 1)) != SW_EXIT_OK)
        return rc;
    sw_swiss_trf trf;
    sw_error err;
    if ((rc = sw_cli_swiss_read(a.in, a.enc, &trf)) != SW_EXIT_OK)
        return rc;
    if ((rc = before_open_round(&a, &trf)) != SW_EXIT_OK) {
        sw_swiss_trf_free(&trf);
        return rc;
    }
    /* the record must be consistent (symmetric opponents, points); a past
     * break of the pairing rules does not change the standings */
    sw_strbuf warn;
    sw_strbuf_init(&warn);
    int nwarn = 0;
    sw_status st = sw_swiss_validate_lenient(&trf, &warn, &nwarn, &err);
    sw_strbuf_free(&warn);
    sw_tb_list list;
    if (st)
        rc = sw_cli_fail(&err);
    else
        rc = choose_list(&a, &trf, &list);
    sw_standings s;
    sw_tb_options opt = {(sw_tb_rules)a.rules, (int)a.unrated, (int)a.after};
    if (!rc && a.after > trf.nrounds) {
        rc = sw_cli_usage("swiss standings", "--after-round %ld: %s has %d round(s)", a.after, a.in,
                          trf.nrounds);
    }
    if (!rc && sw_standings_compute(&trf, &list, &opt, &s, &err))
        rc = sw_cli_fail(&err);
    else if (!rc) {
        rc = outputs(&a, &trf, &s);
        sw_standings_free(&s);
    }
    sw_swiss_trf_free(&trf);
    return rc;
}
