/* src/cli/cmd_swiss.c: the 'swiss' subcommand: pair, check, generate.
 * Output and exit codes follow bbpPairings (docs/swiss.md): 0 ok, 1 no valid
 * pairing of everyone, 3 invalid input, 4 size limit, 5 file access.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/commands.h"
#include "swiss/swiss.h"
#include "util/fileio.h"
#include "util/strbuf.h"

static const char usage[] =
    "usage: seatwise swiss pair IN.trf [-o OUT] [--fast] [--explain] [--waive-last-colours]\n"
    "       seatwise swiss check IN.trf [--fast]\n"
    "       seatwise swiss generate --players N --rounds R [--seed S] [--fast] -o OUT.trf\n";

typedef struct args {
    const char *in, *out;
    long players, rounds, seed;
    sw_swiss_options opt;
} args;

static int parse_args(int argc, char **argv, args *a) {
    memset(a, 0, sizeof *a);
    a->seed = 1;
    for (int i = 2; i < argc; i++) {
        const char *s = argv[i];
        const char *next = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(s, "--fast"))
            a->opt.fast = true;
        else if (!strcmp(s, "--explain"))
            a->opt.explain = true;
        else if (!strcmp(s, "--waive-last-colours"))
            a->opt.waive_colour_last_round = true;
        else if (!strcmp(s, "-o") && next)
            a->out = argv[++i];
        else if (!strcmp(s, "--players") && next)
            a->players = sw_cli_parse_int(argv[++i], 2, SW_SWISS_MAX_PLAYERS, &a->players) ? -1 : a->players;
        else if (!strcmp(s, "--rounds") && next)
            a->rounds = sw_cli_parse_int(argv[++i], 1, SW_SWISS_MAX_ROUNDS, &a->rounds) ? -1 : a->rounds;
        else if (!strcmp(s, "--seed") && next)
            a->seed = sw_cli_parse_int(argv[++i], 0, 2147483647L, &a->seed) ? -1 : a->seed;
        else if (s[0] != '-' && !a->in)
            a->in = s;
        else {
            fprintf(stderr, "seatwise swiss: unexpected argument '%s'\n%s", s, usage);
            return -1;
        }
        if (a->players < 0 || a->rounds < 0 || a->seed < 0) {
            fprintf(stderr, "seatwise swiss: bad number '%s'\n%s", argv[i], usage);
            return -1;
        }
    }
    return 0;
}

static int read_valid(const char *path, sw_swiss_trf *trf) {
    sw_error err;
    if (sw_swiss_trf_read(path, trf, &err))
        return sw_cli_fail(&err);
    if (sw_swiss_validate(trf, &err)) {
        int rc = sw_cli_fail(&err);
        sw_swiss_trf_free(trf);
        return rc;
    }
    return SW_EXIT_OK;
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

static int cmd_pair(const args *a) {
    sw_swiss_trf trf;
    int rc = read_valid(a->in, &trf);
    if (rc)
        return rc;
    sw_swiss_pairing p;
    sw_error err;
    if (sw_swiss_pair(&trf, &a->opt, &p, &err)) {
        sw_swiss_trf_free(&trf);
        return sw_cli_fail(&err);
    }
    sw_strbuf out;
    sw_strbuf_init(&out);
    sw_strbuf_printf(&out, "%d\n", p.nboards);
    for (int k = 0; k < p.nboards; k++)
        sw_strbuf_printf(&out, "%d %d\n", p.boards[k].white, p.boards[k].black);
    rc = write_text(a->out, &out);
    if (a->opt.explain)
        fputs(sw_strbuf_cstr(&p.explain), stderr);
    if (!rc && p.nunpaired) {
        fprintf(stderr, "seatwise: %s: round %d: no legal pairing includes %d player(s):\n",
                a->in, p.round, p.nunpaired);
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
    int rc = read_valid(a->in, &trf);
    if (rc)
        return rc;
    sw_strbuf rep;
    sw_strbuf_init(&rep);
    sw_error err;
    sw_swiss_check_stats cs;
    if (sw_swiss_check_stats_run(&trf, &a->opt, &rep, &cs, &err)) {
        rc = sw_cli_fail(&err);
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
    if (a->players < 2 || a->rounds < 1 || !a->out) {
        fprintf(stderr, "seatwise swiss generate: --players, --rounds and -o are required\n%s",
                usage);
        return SW_EXIT_USAGE;
    }
    sw_swiss_trf trf;
    sw_error err;
    if (sw_swiss_generate((int)a->players, (int)a->rounds, (uint64_t)a->seed, &a->opt, &trf,
                          &err))
        return sw_cli_fail(&err);
    sw_strbuf out;
    sw_strbuf_init(&out);
    sw_strbuf_printf(&out, "012 seatwise simulated event, seed %ld\n", a->seed);
    sw_swiss_trf_write(&trf, &out);
    int rc = write_text(a->out, &out);
    sw_strbuf_free(&out);
    sw_swiss_trf_free(&trf);
    return rc;
}

int sw_cmd_swiss(int argc, char **argv) {
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        fputs(usage, argc < 2 ? stderr : stdout);
        return argc < 2 ? SW_EXIT_USAGE : SW_EXIT_OK;
    }
    args a;
    if (parse_args(argc, argv, &a))
        return SW_EXIT_USAGE;
    const char *sub = argv[1];
    if (!strcmp(sub, "generate"))
        return cmd_generate(&a);
    if (!a.in) {
        fprintf(stderr, "seatwise swiss %s: an input file is required\n%s", sub, usage);
        return SW_EXIT_USAGE;
    }
    if (!strcmp(sub, "pair"))
        return cmd_pair(&a);
    if (!strcmp(sub, "check"))
        return cmd_check(&a);
    fprintf(stderr, "seatwise swiss: unknown subcommand '%s'\n%s", sub, usage);
    return SW_EXIT_USAGE;
}
