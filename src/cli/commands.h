/* src/cli/commands.h: the subcommands of the seatwise program.
 * Each takes the arguments after its name (argv[0] is the subcommand name)
 * and returns the process exit code (see docs/cli.md).
 * SPDX-License-Identifier: MIT */
#ifndef SW_CLI_COMMANDS_H
#define SW_CLI_COMMANDS_H

#include <signal.h>
#include <stdbool.h>

#include "util/error.h"

/* Exit codes shared by all commands (swiss adds bbpPairings' own, docs/swiss.md). */
enum {
    SW_EXIT_OK = 0,
    SW_EXIT_FAIL = 1,  /* the request cannot be met (no valid pairing, ...) */
    SW_EXIT_USAGE = 2, /* bad command line */
    SW_EXIT_INPUT = 3, /* invalid input file */
    SW_EXIT_LIMIT = 4, /* size limit exceeded */
    SW_EXIT_IO = 5,    /* file access error */
    SW_EXIT_INTERNAL = 6
};

int sw_cmd_analyze(int argc, char **argv);
int sw_cmd_movement(int argc, char **argv);
int sw_cmd_optimize(int argc, char **argv);
int sw_cmd_swiss(int argc, char **argv);
/* 'swiss standings' (cmd_swiss_standings.c); argv[1] is "standings". */
int sw_cmd_swiss_standings(int argc, char **argv);
int sw_cmd_seat(int argc, char **argv);
/* 'swiss result' (argv[1] is "result"), cmd_swiss_result.c. */
int sw_cmd_swiss_result(int argc, char **argv);
/* The TRF encoding option's value (auto, utf8, latin1) as sw_swiss_encoding
 * in *enc; -1 when it is none of them. */
int sw_cli_swiss_encoding(const char *value, int *enc);
/* Read a TRF record in encoding enc; the note on a converted record and any
 * error go to stderr. Returns an exit code. */
struct sw_swiss_trf;
int sw_cli_swiss_read(const char *path, int enc, struct sw_swiss_trf *trf);
int sw_cmd_go(int argc, char **argv);

/* Print err as "seatwise: file:line: message" on stderr and map its code to an exit code. */
int sw_cli_fail(const sw_error *err);

/* Ctrl-C handling for long searches: from catch to release, SIGINT only sets
 * the returned flag (pass it as the search's stop flag); release restores
 * the previous handler from *old. */
volatile sig_atomic_t *sw_cli_catch_sigint(struct sigaction *old);
void sw_cli_release_sigint(const struct sigaction *old);

struct sw_report;

/* Write the bridge report r to the optional extra files: html (--html) and
 * seats_csv (--seats-csv), each atomically; NULL skips one. Returns an exit
 * code (message printed). */
int sw_cli_report_files(const struct sw_report *r, const char *html, const char *seats_csv);

/* The handout options of analyze and optimize (docs/cli.md): --session
 * LIST, --title TEXT, --date YYYY-MM-DD, --boards N. */
typedef struct sw_cli_handout {
    const char *session, *title, *date;
    long boards;         /* 0 = not given */
    unsigned char *show; /* [nsessions]: the sessions of --session, after the check */
} sw_cli_handout;

/* When argv[*i] is a handout option, take it and its value (*i moves past
 * them) and return 1; 0 when it is none; -1 after a usage error (printed). */
int sw_cli_handout_arg(const char *cmd, int argc, char **argv, int *i, sw_cli_handout *h);

/* Check the options against the season read (nsessions sessions; a movement
 * on its own has none to choose) and build h->show. Returns an exit code
 * (message printed). */
int sw_cli_handout_check(const char *cmd, sw_cli_handout *h, int nsessions, bool movement_only);

/* Set the report's handout fields from h (checked). */
void sw_cli_handout_report(const sw_cli_handout *h, struct sw_report *r);

void sw_cli_handout_free(sw_cli_handout *h);

/* Parse a whole decimal integer in [lo, hi] from s (digits only, an optional
 * '-'); returns 0 on success, -1 for anything else, out of range included. */
int sw_cli_parse_int(const char *s, long lo, long hi, long *out);

/* Parse a decimal integer from 0 to 2^64-1 (a seed); 0 on success. */
int sw_cli_parse_u64(const char *s, unsigned long long *out);

/* A usage error: "seatwise CMD: message" and "see 'seatwise CMD --help'" on
 * stderr (never the whole help); returns SW_EXIT_USAGE. */
int sw_cli_usage(const char *cmd, const char *fmt, ...) SW_PRINTF(2, 3);

/* An output file and the option that names it. */
typedef struct sw_cli_output {
    const char *option; /* "-o", "--html", ... */
    const char *path;   /* NULL: not given; "-": standard output, not a file */
} sw_cli_output;

/* Called before any input is read and before any search: each of the n
 * outputs can be written (sw_file_check_writable: its directory exists and
 * takes a new file, it is not a directory), names none of the nin inputs
 * (same device and inode; NULL entries skipped) and not the file of another
 * output. Prints "seatwise CMD: OPTION PATH: why" and returns SW_EXIT_USAGE
 * for an input or another output's file, SW_EXIT_IO when it cannot be
 * written; else SW_EXIT_OK. */
int sw_cli_check_outputs(const char *cmd, const sw_cli_output *outs, int n, const char *const *ins,
                         int nin);

/* Once a season is read from season_path (still before any search): no
 * output names it or a file it names (pairs file, movements, histories).
 * SW_EXIT_USAGE with the message printed, else SW_EXIT_OK. */
struct sw_season;
int sw_cli_outputs_in_season(const char *cmd, const sw_cli_output *outs, int n,
                             const char *season_path, const struct sw_season *s);

#endif
