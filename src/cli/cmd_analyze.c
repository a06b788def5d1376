/* src/cli/cmd_analyze.c: 'seatwise analyze FILE': criteria and matrices of a
 * movement (ASC) or a season.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>

#include "cli/commands.h"
#include "cli/warnings.h"
#include "matrix/criteria.h"
#include "matrix/matrix.h"
#include "report/report.h"
#include "util/fileio.h"

static const char usage[] =
    "usage: seatwise analyze FILE [--json | --csv] [-o OUT] [--html FILE]\n"
    "                        [--seats-csv FILE] [--no-names] [--session LIST]\n"
    "                        [--title TEXT] [--date YYYY-MM-DD] [--boards N]\n"
    "\n"
    "FILE is a movement (ASC) or a season file (docs/formats.md). Prints the\n"
    "criteria So, Sr, Sp, Sc, Qo, Qc (and balans' Qf for a movement), So's lower\n"
    "bound, the renumbering of every session, per participant the rests and how\n"
    "often they met each opponent, and the meeting, competition and coincidence\n"
    "matrices.\n"
    "\n"
    "  --json     the analyze JSON contract (docs/formats.md)\n"
    "  --csv      the matrices as CSV: matrix,participant,other,value\n"
    "  -o OUT     write to OUT (atomically) instead of standard output\n"
    "  --html FILE       also write a printable HTML page: criteria, renumbering,\n"
    "                    table and guide cards, fairness, heatmaps\n"
    "  --seats-csv FILE  also write every table of every round as CSV (bridge)\n"
    "  --no-names        the text renumbering without names\n"
    "  --session LIST    the page and --seats-csv show only these sessions\n"
    "                    (2, 2,4 or 2-3): tonight's handout\n"
    "  --title TEXT      the club's title heading every printed page (instead\n"
    "                    of the season's 'title' line)\n"
    "  --date YYYY-MM-DD the date of the one session shown (instead of its\n"
    "                    'date' line)\n"
    "  --boards N        boards per round: board numbers instead of groups\n"
    "                    (group A = boards 1..N, B = N+1..2N, ...)\n"
    "  -h, --help this text\n";

int sw_cmd_analyze(int argc, char **argv) {
    const char *file = NULL, *out = "-", *fmt_opt = NULL, *html = NULL, *seats_csv = NULL;
    bool no_names = false;
    int format = 0; /* 0 text, 1 json, 2 csv */
    sw_cli_handout ho = {0};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int taken = sw_cli_handout_arg("analyze", argc, argv, &i, &ho);
        if (taken < 0)
            return SW_EXIT_USAGE;
        if (taken) {
            continue;
        } else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            fputs(usage, stdout);
            return SW_EXIT_OK;
        } else if (!strcmp(a, "--json") || !strcmp(a, "--csv")) {
            if (fmt_opt && strcmp(fmt_opt, a))
                return sw_cli_usage("analyze", "%s and %s conflict: choose one output format",
                                    fmt_opt, a);
            fmt_opt = a;
            format = !strcmp(a, "--json") ? 1 : 2;
        } else if (!strcmp(a, "-o")) {
            if (i + 1 >= argc)
                return sw_cli_usage("analyze", "option -o needs a value (the output file)");
            out = argv[++i];
        } else if (!strcmp(a, "--html") || !strcmp(a, "--seats-csv")) {
            if (i + 1 >= argc)
                return sw_cli_usage("analyze", "option %s needs a value (the output file)", a);
            if (!strcmp(a, "--html"))
                html = argv[++i];
            else
                seats_csv = argv[++i];
        } else if (!strcmp(a, "--no-names")) {
            no_names = true;
        } else if (a[0] == '-' && a[1]) {
            return sw_cli_usage("analyze", "unknown option '%s'", a);
        } else if (file) {
            return sw_cli_usage("analyze", "one FILE expected, got '%s' too", a);
        } else {
            file = a;
        }
    }
    if (!file)
        return sw_cli_usage("analyze", "missing FILE");
    const sw_cli_output outs[] = {{"-o", out}, {"--html", html}, {"--seats-csv", seats_csv}};
    const int nout = (int)(sizeof outs / sizeof outs[0]);
    int rc = sw_cli_check_outputs("analyze", outs, nout, &file, 1);
    if (rc != SW_EXIT_OK) {
        sw_cli_handout_free(&ho);
        return rc;
    }
    sw_error err;
    sw_error_clear(&err);
    sw_season s;
    bool movement_only;
    if (sw_season_read_any(file, sw_matrix_played_history, &s, &movement_only, &err) != SW_OK) {
        sw_cli_handout_free(&ho);
        return sw_cli_fail(&err);
    }
    int hrc = sw_cli_handout_check("analyze", &ho, movement_only ? 0 : s.nsessions, movement_only);
    if (!hrc && !movement_only)
        hrc = sw_cli_outputs_in_season("analyze", outs, nout, file, &s);
    if (hrc) {
        sw_cli_handout_free(&ho);
        sw_season_free(&s);
        return hrc;
    }
    if (movement_only)
        sw_cli_warn_copies("analyze", &s.movements[0], file);
    else
        sw_cli_warn_season("analyze", &s, file);
    sw_matrix mx;
    if (sw_matrix_init(&mx, &s, &err) != SW_OK) {
        if (!err.file[0])
            snprintf(err.file, sizeof err.file, "%s", file);
        sw_season_free(&s);
        sw_cli_handout_free(&ho);
        return sw_cli_fail(&err);
    }
    sw_criteria crit;
    sw_criteria_compute(&mx, &crit);
    sw_report rep = {.title = file, .season = &s, .mx = &mx, .crit = &crit, .no_names = no_names};
    sw_cli_handout_report(&ho, &rep);
    if (movement_only) {
        rep.has_qf = true;
        rep.qf = sw_criteria_qf(&s.movements[0]);
    }
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    if (format == 1)
        sw_report_json(&rep, &sb);
    else if (format == 2)
        sw_report_csv(&rep, &sb);
    else
        sw_report_text(&rep, &sb);
    if (sb.failed) {
        sw_error_set(&err, SW_ERR_NOMEM, NULL, 0, "out of memory building the report");
        rc = sw_cli_fail(&err);
    } else if (sw_file_write_atomic(out, sw_strbuf_cstr(&sb), sb.len, &err) != SW_OK) {
        rc = sw_cli_fail(&err);
    } else {
        rc = sw_cli_report_files(&rep, html, seats_csv);
    }
    sw_strbuf_free(&sb);
    sw_matrix_free(&mx);
    sw_season_free(&s);
    sw_cli_handout_free(&ho);
    return rc;
}
