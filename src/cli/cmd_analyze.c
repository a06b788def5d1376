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
    "                        [--seats-csv FILE] [--no-names]\n"
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
    "  -h, --help this text\n";

int sw_cmd_analyze(int argc, char **argv) {
    const char *file = NULL, *out = "-", *fmt_opt = NULL, *html = NULL, *seats_csv = NULL;
    bool no_names = false;
    int format = 0; /* 0 text, 1 json, 2 csv */
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
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
    if (rc != SW_EXIT_OK)
        return rc;
    sw_error err;
    sw_error_clear(&err);
    sw_season s;
    bool movement_only;
    if (sw_season_read_any(file, sw_matrix_played_history, &s, &movement_only, &err) != SW_OK)
        return sw_cli_fail(&err);
    if (!movement_only && (rc = sw_cli_outputs_in_season("analyze", outs, nout, file, &s))) {
        sw_season_free(&s);
        return rc;
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
        return sw_cli_fail(&err);
    }
    sw_criteria crit;
    sw_criteria_compute(&mx, &crit);
    sw_report rep = {.title = file, .season = &s, .mx = &mx, .crit = &crit, .no_names = no_names};
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
    return rc;
}
