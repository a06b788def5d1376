/* src/cli/main.c: the seatwise program: dispatch to a subcommand.
 * SPDX-License-Identifier: MIT */
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/commands.h"
#include "seatwise_version.h"

static const char usage[] =
    "usage: seatwise COMMAND [ARGS]\n"
    "\n"
    "Fair seatings for clubs and events.\n"
    "\n"
    "commands:\n"
    "  analyze FILE       criteria and matrices of a movement (ASC) or a season\n"
    "  optimize SEASON    assign participants to positions over a season\n"
    "  movement howell|mitchell --pairs N   generate a movement as ASC\n"
    "  swiss pair|check|generate|result|standings\n"
    "                                       Swiss pairing, results and standings (FIDE TRF)\n"
    "  seat MODE|schedule                   four-per-table seating\n"
    "  go pair|standings|export|new         Go: McMahon pairing and standings as OpenGotha\n"
    "\n"
    "options:\n"
    "  -h, --help         this text\n"
    "  --version          print the version\n"
    "\n"
    "Run 'seatwise COMMAND --help' for the options of a command.\n";

/* The program's one piece of global state: a signal handler can reach
 * nothing else. */
static volatile sig_atomic_t interrupted;

static void on_sigint(int sig) {
    (void)sig;
    interrupted = 1;
}

volatile sig_atomic_t *sw_cli_catch_sigint(struct sigaction *old) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, old);
    return &interrupted;
}

void sw_cli_release_sigint(const struct sigaction *old) {
    sigaction(SIGINT, old, NULL);
}

int sw_cli_fail(const sw_error *err) {
    char buf[sizeof err->file + sizeof err->msg + 16];
    sw_error_format(err, buf, sizeof buf);
    fprintf(stderr, "seatwise: %s\n", buf);
    switch (err->code) {
    case SW_OK:
        return SW_EXIT_OK;
    case SW_ERR_PARSE:
    case SW_ERR_INVALID:
        return SW_EXIT_INPUT;
    case SW_ERR_LIMIT:
        return SW_EXIT_LIMIT;
    case SW_ERR_IO:
        return SW_EXIT_IO;
    case SW_ERR_INTERRUPTED:
        return SW_EXIT_FAIL;
    case SW_ERR_NOMEM:
        return SW_EXIT_INTERNAL;
    }
    return SW_EXIT_INTERNAL;
}

int sw_cli_parse_int(const char *s, long lo, long hi, long *out) {
    /* Digits only (an optional leading '-'): no blanks, '+', hex or
     * trailing text; a value beyond long is an error, never clamped. */
    if (!s || !*s || (s[0] == '-' && !s[1]))
        return -1;
    for (const char *q = s + (s[0] == '-'); *q; q++)
        if (*q < '0' || *q > '9')
            return -1;
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || *end || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

int sw_cli_parse_u64(const char *s, unsigned long long *out) {
    if (!s || !*s)
        return -1;
    for (const char *q = s; *q; q++)
        if (*q < '0' || *q > '9')
            return -1;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || *end || v > UINT64_MAX)
        return -1;
    *out = v;
    return 0;
}

int sw_cli_usage(const char *cmd, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "seatwise %s: ", cmd);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nsee 'seatwise %s --help'\n", cmd);
    return SW_EXIT_USAGE;
}

int main(int argc, char **argv) {
    /* A closed pipe on stdout (| head, a pager quit) must not kill the run
     * before its files are written: writes then fail with EPIPE instead. */
    signal(SIGPIPE, SIG_IGN);
    if (argc < 2) {
        fputs("usage: seatwise COMMAND [ARGS]\nsee 'seatwise --help'\n", stderr);
        return SW_EXIT_USAGE;
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
        fputs(usage, stdout);
        return SW_EXIT_OK;
    }
    if (!strcmp(cmd, "--version")) {
        puts("seatwise " SEATWISE_VERSION);
        return SW_EXIT_OK;
    }
    static const struct {
        const char *name;
        int (*run)(int, char **);
    } commands[] = {
        {"analyze", sw_cmd_analyze}, {"optimize", sw_cmd_optimize}, {"movement", sw_cmd_movement},
        {"swiss", sw_cmd_swiss},     {"seat", sw_cmd_seat},         {"go", sw_cmd_go},
    };
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (!strcmp(cmd, commands[i].name))
            return commands[i].run(argc - 1, argv + 1);
    fprintf(stderr, "seatwise: unknown command '%s'\nsee 'seatwise --help'\n", cmd);
    return SW_EXIT_USAGE;
}
