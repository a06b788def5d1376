/* src/cli/cmd_movement.c: 'seatwise movement howell|mitchell': generate a
 * standard movement and write it as ASC; 'seatwise movement improve FILE':
 * raise a movement's Qf by arrow switching.
 * SPDX-License-Identifier: MIT */
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "cli/commands.h"
#include "cli/warnings.h"
#include "movement/movement.h"
#include "util/fileio.h"
#include "util/strbuf.h"

static const char usage[] =
    "usage: seatwise movement howell --pairs N [--rounds R | --three-quarter] [-o FILE]\n"
    "       seatwise movement mitchell --pairs N [--rounds R] [--skip | --relay] [-o FILE]\n"
    "       seatwise movement improve FILE [-o OUT]\n"
    "\n"
    "Writes a movement as ASC (docs/movements.md).\n"
    "  howell    every two pairs meet once: N-1 rounds (N even) or N rounds\n"
    "            (N odd, one pair sits out each round), the tables of a round\n"
    "            on different board sets (4-6 pairs: copies, a warning says\n"
    "            so), directions chosen for the best Qf\n"
    "  mitchell  NS pairs stay, EW pairs move up and boards down one table a\n"
    "            round: T = ceil(N/2) tables, T rounds (T odd) or T-1 (T even,\n"
    "            with the skip after half the rounds)\n"
    "\n"
    "  --pairs N         number of pairs, at least 2\n"
    "  --rounds R        the first R rounds only (default: the full movement);\n"
    "                    a shorter Howell has its directions chosen again\n"
    "  --three-quarter   howell: a 3/4 Howell, 3/4 of the full rounds (rounded)\n"
    "  --skip            mitchell: the skip Mitchell (the default for an even\n"
    "                    number of tables; refused for an odd one)\n"
    "  --relay           mitchell, even number of tables (at least 4): relay and\n"
    "                    bye stand, tables 1 and T share boards, one board set\n"
    "                    rests on a stand between tables T/2 and T/2+1: all T\n"
    "                    rounds, no skip\n"
    "  -o FILE           write to FILE (atomically) instead of standard output\n"
    "  -h, --help        this text\n";

typedef struct movement_args {
    const char *kind, *out, *in;
    long pairs, rounds;
    bool three_quarter, skip, relay;
} movement_args;

static int usage_error(const char *fmt, const char *arg) {
    char msg[512];
    snprintf(msg, sizeof msg, fmt, arg);
    return sw_cli_usage("movement", "%s", msg);
}

/* The value of an option given as "--opt VALUE" or "--opt=VALUE"; NULL when
 * argv[*i] is not that option. */
static const char *option_value(int argc, char **argv, int *i, const char *opt, int *missing) {
    size_t n = strlen(opt);
    if (strncmp(argv[*i], opt, n) != 0)
        return NULL;
    if (argv[*i][n] == '=')
        return argv[*i] + n + 1;
    if (argv[*i][n] != '\0')
        return NULL;
    if (*i + 1 >= argc) {
        *missing = 1;
        return NULL;
    }
    return argv[++*i];
}

/* Returns -1 when the arguments are fine, else the exit code. */
static int parse_args(int argc, char **argv, movement_args *a) {
    for (int i = 1; i < argc; i++) {
        const char *v;
        int missing = 0;
        if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
            fputs(usage, stdout);
            return SW_EXIT_OK;
        } else if ((v = option_value(argc, argv, &i, "--pairs", &missing))) {
            if (sw_cli_parse_int(v, 2, INT_MAX, &a->pairs))
                return usage_error("--pairs: '%s', expected a whole number of at least 2", v);
        } else if ((v = option_value(argc, argv, &i, "--rounds", &missing))) {
            if (sw_cli_parse_int(v, 1, INT_MAX, &a->rounds))
                return usage_error("--rounds: '%s', expected a whole number of at least 1", v);
        } else if (!strcmp(argv[i], "--three-quarter")) {
            a->three_quarter = true;
        } else if (!strcmp(argv[i], "--skip")) {
            a->skip = true;
        } else if (!strcmp(argv[i], "--relay")) {
            a->relay = true;
        } else if ((v = option_value(argc, argv, &i, "-o", &missing))) {
            a->out = v;
        } else if (missing) {
            return usage_error("option %s needs a value", argv[i]);
        } else if (argv[i][0] == '-' && argv[i][1]) {
            return usage_error("unknown option '%s'", argv[i]);
        } else if (a->kind && !strcmp(a->kind, "improve") && !a->in) {
            a->in = argv[i];
        } else if (a->kind) {
            return usage_error("one kind expected, got '%s' too", argv[i]);
        } else if (strcmp(argv[i], "howell") && strcmp(argv[i], "mitchell") &&
                   strcmp(argv[i], "improve")) {
            return usage_error("unknown kind '%s', expected howell, mitchell or improve", argv[i]);
        } else {
            a->kind = argv[i];
        }
    }
    if (!a->kind)
        return usage_error("%s", "missing the kind (howell, mitchell or improve)");
    if (!strcmp(a->kind, "improve")) {
        if (!a->in)
            return usage_error("%s", "improve: missing the movement FILE");
        if (a->pairs || a->rounds)
            return usage_error("%s", "improve: --pairs and --rounds are for howell and mitchell");
        if (a->three_quarter || a->skip || a->relay)
            return usage_error("%s", "improve: --three-quarter, --skip and --relay are for "
                                     "howell and mitchell");
        return -1;
    }
    if (a->pairs == 0)
        return usage_error("%s", "missing --pairs N");
    bool howell = !strcmp(a->kind, "howell");
    if (a->three_quarter && !howell)
        return usage_error("%s", "--three-quarter is for howell");
    if ((a->skip || a->relay) && howell)
        return usage_error("%s", "--skip and --relay are for mitchell");
    if (a->three_quarter && a->rounds)
        return usage_error("%s", "--three-quarter sets the rounds: drop --rounds");
    if (a->skip && a->relay)
        return usage_error("%s", "--skip or --relay, not both: they are two ways of playing an "
                                 "even number of tables");
    if (a->three_quarter) { /* 3/4 of the full Howell's rounds, to the nearest */
        long full = a->pairs % 2 ? a->pairs : a->pairs - 1;
        a->rounds = (3 * full + 2) / 4;
    }
    return -1;
}

static int write_movement(const sw_movement *m, const char *out) {
    sw_error err;
    sw_error_clear(&err);
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    sw_movement_write_asc(m, &sb);
    sw_status st;
    if (sb.failed)
        st = sw_error_set(&err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    else
        st = sw_file_write_atomic(out, sw_strbuf_cstr(&sb), sb.len, &err);
    sw_strbuf_free(&sb);
    return st ? sw_cli_fail(&err) : SW_EXIT_OK;
}

/* 'movement improve FILE': the report goes to standard error so that the
 * movement alone can go to standard output. */
static int improve(const movement_args *a) {
    sw_error err;
    sw_error_clear(&err);
    sw_movement in, out;
    sw_status st = sw_movement_read_asc(a->in, &in, &err);
    if (st)
        return sw_cli_fail(&err);
    sw_improve_stats stats;
    st = sw_movement_improve(&in, NULL, &out, &stats, &err);
    sw_movement_free(&in);
    if (st)
        return sw_cli_fail(&err);
    fprintf(stderr, "%s: Qf %.2f -> %.2f, %d table%s switched (%s)\n", a->in, stats.qf_before,
            stats.qf_after, stats.switched, stats.switched == 1 ? "" : "s",
            stats.exhaustive ? "every choice tried"
            : stats.optimal  ? "the best possible"
                             : "local search");
    int rc = write_movement(&out, a->out);
    sw_movement_free(&out);
    return rc;
}

int sw_cmd_movement(int argc, char **argv) {
    movement_args a = {.out = "-"};
    int rc = parse_args(argc, argv, &a);
    if (rc >= 0)
        return rc;
    /* -o before any work; improve must not write over its movement */
    const sw_cli_output out = {"-o", a.out};
    rc = sw_cli_check_outputs("movement", &out, 1, &a.in, 1);
    if (rc != SW_EXIT_OK)
        return rc;
    sw_error err;
    sw_error_clear(&err);
    sw_movement m;
    if (!strcmp(a.kind, "improve"))
        return improve(&a);
    sw_status st = !strcmp(a.kind, "howell")
                       ? sw_movement_howell((int)a.pairs, (int)a.rounds, &m, &err)
                       : sw_movement_mitchell_kind((int)a.pairs, (int)a.rounds,
                                                   a.relay  ? SW_MITCHELL_RELAY
                                                   : a.skip ? SW_MITCHELL_SKIP
                                                            : SW_MITCHELL_PLAIN,
                                                   &m, &err);
    if (st == SW_ERR_INVALID) /* the generators refuse only impossible requests */
        return usage_error("%s", err.msg);
    if (st)
        return sw_cli_fail(&err);
    rc = write_movement(&m, a.out);
    if (rc == SW_EXIT_OK && !a.relay) /* a relay shares its boards by design */
        sw_cli_warn_copies("movement", &m, m.name);
    sw_movement_free(&m);
    return rc;
}
