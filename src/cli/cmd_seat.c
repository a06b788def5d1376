/* src/cli/cmd_seat.c: the 'seat' subcommand: four players a table. Reads the
 * event files, seats the next round with the chosen mode and writes the
 * whole event (text, JSON or CSV). 'seat schedule' plans all rounds of an
 * event at once (sw_seating_schedule), or the rounds left after those
 * played, and writes it the same way.
 * SPDX-License-Identifier: MIT */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/commands.h"
#include "seating/seating.h"
#include "util/fileio.h"
#include "util/strbuf.h"

static const char usage[] =
    "usage: seatwise seat MODE [OPTIONS] [FILE...]\n"
    "       seatwise seat schedule --players N|FILE --rounds R [--threes K|auto]\n"
    "                              [--seed S] [--time T] [--html F] [--pantheon F] [FILE...]\n"
    "       seatwise seat standings FILE... [--json|--csv] [-o OUT]\n"
    "\n"
    "Seat the next round of a four-per-table event (mahjong) and print the event.\n"
    "FILEs hold the players, the rounds played, the standings and a script, in the\n"
    "text format or JSON of docs/seating.md (a --json output reads back), with\n"
    "withdraw, enter, substitute and team lines for an event that changes.\n"
    "\n"
    "modes:\n"
    "  random         shuffles searched for the fewest repeat meetings (any round)\n"
    "  swiss          by standings: fewest repeats, then the smallest rank spread\n"
    "  swiss-first    Pantheon's simplified swiss, first variant only (a baseline)\n"
    "  interval K     ranks 1,1+K,1+2K,1+3K at table 1, ...\n"
    "  predefined     the next round of the script\n"
    "  schedule       plan a whole event: --rounds R, fewest repeat meetings; with\n"
    "                 rounds played (FILE...), re-plan the rest around them\n"
    "  standings      the standings the table results make ('scores', 'points',\n"
    "                 'chombo' and 'rules' lines: uma and oka as the rules set\n"
    "                 them, EMA by default); the swiss modes rank by them when no\n"
    "                 'standing' lines are given\n"
    "\n"
    "options:\n"
    "  --players N    N players numbered 1..N instead of a player list (random)\n"
    "  --seed S       seed of all random choices (default 1)\n"
    "  --tries N      variants to search in random and swiss (default 500);\n"
    "                 schedule: tabu iterations (default 50000)\n"
    "  --rounds R     rounds of the whole event (schedule; played rounds count)\n"
    "  --threes K     K tables of three a round (E, S, W seated), the rest of four;\n"
    "                 'auto': the fewest that seat everyone present (default 0:\n"
    "                 N mod 4 sit out); every mode and schedule\n"
    "  --time T       stop the search after T seconds (the best so far is kept)\n"
    "  --json, --csv  output format (default: text)\n"
    "  -o FILE        write the output to FILE (replaced atomically), default stdout\n"
    "  --html FILE    also write a printable HTML page: table sheets per round,\n"
    "                 itineraries, repeat and wind figures, a meetings heatmap\n"
    "  --pantheon FILE  also write the rounds as Pantheon's predefined seating\n"
    "                 (1-2-3-4 per table, a blank line between rounds; 'seat\n"
    "                 predefined' reads it back as the script)\n"
    "  --quiet        no summary on stderr\n";

typedef struct seat_args {
    const char *mode_name;
    long interval, players, rounds, tries, threes;
    double time_limit;
    unsigned long long seed;
    sw_seating_format fmt;
    const char *output, *html, *pantheon;
    const char *players_file;
    bool quiet, fmt_given;
    int nfiles;
    char **files;
} seat_args;

static int usage_error(const char *fmt, const char *arg) {
    char msg[512];
    snprintf(msg, sizeof msg, fmt, arg);
    return sw_cli_usage("seat", "%s", msg);
}

/* True when s is written as a number ("12", "-3"): --players then takes it
 * as a count and never as a file name (a file named 12 is ./12). */
static bool is_number(const char *s) {
    s += *s == '-' || *s == '+';
    if (!*s)
        return false;
    for (; *s; s++)
        if (*s < '0' || *s > '9')
            return false;
    return true;
}

static int parse_seconds(const char *s, double *out) {
    char *end;
    double v = s && *s ? strtod(s, &end) : -1;
    if (!s || !*s || *end || !(v > 0) || v > 1e6)
        return -1;
    *out = v;
    return 0;
}

/* Options and operands in any order; returns an exit code or -1 to go on. */
static int parse_args(int argc, char **argv, seat_args *a) {
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i];
        const char *val = i + 1 < argc ? argv[i + 1] : NULL;
        long v;
        if (!strcmp(o, "-h") || !strcmp(o, "--help")) {
            fputs(usage, stdout);
            return SW_EXIT_OK;
        } else if (!strcmp(o, "--json") || !strcmp(o, "--csv")) {
            sw_seating_format f = !strcmp(o, "--json") ? SW_SEATING_JSON : SW_SEATING_CSV;
            if (a->fmt_given && a->fmt != f)
                return usage_error("%s", "--json and --csv conflict: choose one output format");
            a->fmt = f;
            a->fmt_given = true;
        } else if (!strcmp(o, "--quiet")) {
            a->quiet = true;
        } else if (!val && (!strcmp(o, "--seed") || !strcmp(o, "--tries") || !strcmp(o, "--time") ||
                            !strcmp(o, "--rounds") || !strcmp(o, "--threes"))) {
            return usage_error("option %s needs a value", o);
        } else if (!strcmp(o, "-o")) {
            if (!val)
                return usage_error("option %s needs a value (the output file)", o);
            a->output = argv[++i];
        } else if (!strcmp(o, "--html") || !strcmp(o, "--pantheon")) {
            if (!val)
                return usage_error("%s needs a file name", o);
            *(o[2] == 'h' ? &a->html : &a->pantheon) = argv[++i];
        } else if (!strcmp(o, "--seed")) {
            if (sw_cli_parse_u64(val, &a->seed))
                return usage_error("--seed %s: expected a whole number from 0 to "
                                   "18446744073709551615",
                                   val ? val : "");
            i++;
        } else if (!strcmp(o, "--tries")) {
            if (sw_cli_parse_int(val, 1, 100000000L, &a->tries))
                return usage_error("--tries %s: expected 1 to 100000000", val ? val : "");
            i++;
        } else if (!strcmp(o, "--time")) {
            if (parse_seconds(val, &a->time_limit))
                return usage_error("--time %s: expected seconds > 0", val ? val : "");
            i++;
        } else if (!strcmp(o, "--rounds")) {
            if (sw_cli_parse_int(val, 1, SW_SEATING_MAX_ROUNDS, &a->rounds))
                return usage_error("--rounds %s: expected 1 to 1000", val ? val : "");
            i++;
        } else if (!strcmp(o, "--threes")) {
            if (val && !strcmp(val, "auto"))
                a->threes = SW_SCHEDULE_THREES_AUTO;
            else if (sw_cli_parse_int(val, 0, SW_SEATING_MAX_PLAYERS / 3, &a->threes))
                return usage_error("--threes %s: expected 'auto' or a number of tables from 0",
                                   val ? val : "");
            i++;
        } else if (!strcmp(o, "--players")) {
            if (!val)
                return usage_error("option %s needs a value (a number or a file)", o);
            if (!is_number(val))
                a->players_file = val;
            else if (sw_cli_parse_int(val, 4, SW_SEATING_MAX_PLAYERS, &v))
                return usage_error("--players %s: expected 4 to 4096 players", val);
            else
                a->players = v;
            i++;
        } else if (o[0] == '-' && o[1]) {
            return usage_error("unknown option '%s'", o);
        } else if (!a->mode_name) {
            a->mode_name = o;
        } else if (!strcmp(a->mode_name, "interval") && !a->interval) {
            if (sw_cli_parse_int(o, 1, SW_SEATING_MAX_PLAYERS, &a->interval))
                return usage_error("interval %s: expected a whole number K >= 1", o);
        } else {
            a->files[a->nfiles++] = argv[i];
        }
    }
    return -1;
}

/* The extra files of --html and --pantheon, each written atomically. */
static sw_status write_extras(const seat_args *a, const sw_seating_event *ev, int first_new,
                              sw_error *err) {
    const char *path[2] = {a->html, a->pantheon};
    const sw_seating_format fmt[2] = {SW_SEATING_HTML, SW_SEATING_PANTHEON};
    sw_status st = SW_OK;
    for (int k = 0; k < 2 && !st; k++) {
        if (!path[k])
            continue;
        sw_strbuf sb;
        sw_strbuf_init(&sb);
        st = sw_seating_report(ev, fmt[k], first_new, &sb, err);
        if (st && !err->file[0])
            snprintf(err->file, sizeof err->file, "%s", path[k]);
        if (!st)
            st = sw_file_write_atomic(path[k], sw_strbuf_cstr(&sb), sb.len, err);
        sw_strbuf_free(&sb);
    }
    return st;
}

/* -o, --html and --pantheon before any input is read: writable, and none
 * of them an input file. */
static int check_outputs(const seat_args *a) {
    const sw_cli_output outs[] = {
        {"-o", a->output}, {"--html", a->html}, {"--pantheon", a->pantheon}};
    const char **ins = calloc((size_t)a->nfiles + 1, sizeof *ins);
    if (!ins) {
        fputs("seatwise seat: out of memory\n", stderr);
        return SW_EXIT_INTERNAL;
    }
    ins[0] = a->players_file;
    for (int i = 0; i < a->nfiles; i++)
        ins[i + 1] = a->files[i];
    int rc = sw_cli_check_outputs("seat", outs, 3, ins, a->nfiles + 1);
    free(ins);
    return rc;
}

static void schedule_progress(void *ctx, long iterations, long repeats) {
    (void)ctx;
    if (isatty(STDERR_FILENO))
        fprintf(stderr, "\rseatwise seat schedule: iteration %ld, %ld repeats   ", iterations,
                repeats);
}

/* The event from --players N (ids 1..N), --players FILE and the event
 * FILEs, in that order, checked as a whole. */
static sw_status read_event(const seat_args *a, sw_seating_event *ev, sw_error *err) {
    sw_status st = SW_OK;
    for (long p = 1; p <= a->players && !st; p++)
        st = sw_seating_add_player(ev, (int)p, NULL, err);
    if (!st && a->players_file)
        st = sw_seating_event_read_file(ev, a->players_file, err);
    for (int i = 0; i < a->nfiles && !st; i++)
        st = sw_seating_event_read_file(ev, a->files[i], err);
    return st ? st : sw_seating_event_check(ev, err);
}

/* The event for a seating mode: results entered and no standings typed,
 * the swiss modes rank by the standings the results make. */
static sw_status load_event(const seat_args *a, sw_seating_event *ev, sw_error *err) {
    sw_status st = read_event(a, ev, err);
    bool applied;
    return st ? st : sw_mahjong_apply_standings(ev, &applied, err);
}

static int run_schedule(const seat_args *a) {
    if (!a->players && !a->players_file && !a->nfiles)
        return usage_error("%s", "schedule needs --players N, --players FILE or the event FILEs");
    if (!a->rounds)
        return usage_error("%s", "schedule needs --rounds R (1 to 1000)");
    int rc = check_outputs(a);
    if (rc != SW_EXIT_OK)
        return rc;
    sw_seating_event ev;
    sw_error err;
    sw_error_clear(&err);
    sw_seating_event_init(&ev);
    sw_status st = read_event(a, &ev, &err);
    sw_schedule_options opt;
    sw_schedule_options_default(&opt);
    opt.rounds = (int)a->rounds;
    opt.threes = (int)a->threes;
    opt.seed = a->seed;
    opt.time_limit = a->time_limit;
    if (a->tries)
        opt.iterations = a->tries;
    else if (a->time_limit > 0)
        opt.iterations = 0; /* only the clock bounds the search */
    if (!a->quiet)
        opt.progress = schedule_progress;
    sw_schedule_outcome out = {0};
    struct sigaction old;
    volatile sig_atomic_t *interrupted = sw_cli_catch_sigint(&old);
    opt.stop = interrupted;
    if (!st)
        st = sw_seating_schedule(&ev, &opt, &out, &err);
    sw_cli_release_sigint(&old);
    if (!a->quiet && isatty(STDERR_FILENO))
        fputs("\n", stderr);
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    int first_new = out.replanned ? ev.nrounds - out.replanned + 1 : 0;
    if (!st)
        st = sw_seating_report(&ev, a->fmt, first_new, &sb, &err);
    if (!st)
        st = sw_file_write_atomic(a->output ? a->output : "-", sw_strbuf_cstr(&sb), sb.len, &err);
    if (!st)
        st = write_extras(a, &ev, first_new, &err);
    if (!st && out.clashes > 0)
        fprintf(stderr,
                "seatwise seat schedule: warning: %ld pair%s of teammates share a table in the "
                "re-planned rounds (fewest found)\n",
                out.clashes, out.clashes == 1 ? "" : "s");
    if (!st && !a->quiet && out.replanned) {
        fprintf(stderr,
                "seatwise seat schedule: %d players, rounds %d to %d re-planned after %d played, "
                "%ld repeats, sit-out spread %d, wind spread %d, %ld iterations, %.2f s%s\n",
                ev.nplayers, ev.nrounds - out.replanned + 1, ev.nrounds, ev.nrounds - out.replanned,
                out.repeats, out.sitout_spread, out.wind_spread_max, out.iterations, out.seconds,
                *interrupted  ? " (interrupted)"
                : out.stopped ? " (time limit)"
                              : "");
    } else if (!st && !a->quiet) {
        char threes[64] = "";
        if (out.threes)
            snprintf(threes, sizeof threes, ", %d table%s of three a round", out.threes,
                     out.threes == 1 ? "" : "s");
        fprintf(stderr,
                "seatwise seat schedule: %d players, %d round%s%s, %ld repeats (at least %ld), "
                "repeat-free rounds %d of %d, sit-out spread %d, wind spread %d, "
                "%ld iterations, %.2f s%s\n",
                ev.nplayers, ev.nrounds, ev.nrounds == 1 ? "" : "s", threes, out.repeats,
                out.repeats_bound, out.repeat_free_rounds, ev.nrounds, out.sitout_spread,
                out.wind_spread_max, out.iterations + out.cyclic_iterations, out.seconds,
                *interrupted  ? " (interrupted)"
                : out.stopped ? " (time limit)"
                              : "");
    }
    sw_strbuf_free(&sb);
    sw_seating_event_free(&ev);
    return st ? sw_cli_fail(&err) : SW_EXIT_OK;
}

static void progress(void *ctx, long tries, long crossings, long spread) {
    (void)ctx;
    if (isatty(STDERR_FILENO))
        fprintf(stderr, "\rseatwise seat: try %ld, %ld crossings, rank spread %ld   ", tries,
                crossings, spread);
}

/* seat standings FILE...: the standings the results make. */
static int run_standings(const seat_args *a) {
    if (!a->nfiles)
        return usage_error("%s", "standings needs the event FILEs");
    int rc = check_outputs(a);
    if (rc != SW_EXIT_OK)
        return rc;
    sw_seating_event ev;
    sw_error err;
    sw_error_clear(&err);
    sw_seating_event_init(&ev);
    sw_status st = read_event(a, &ev, &err);
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    if (!st)
        st = sw_mahjong_standings_report(&ev, a->fmt, &sb, &err);
    if (!st)
        st = sw_file_write_atomic(a->output ? a->output : "-", sw_strbuf_cstr(&sb), sb.len, &err);
    sw_strbuf_free(&sb);
    sw_seating_event_free(&ev);
    return st ? sw_cli_fail(&err) : SW_EXIT_OK;
}

static int run_mode(const seat_args *a, int mode) {
    if (mode == SW_SEATING_INTERVAL && !a->interval)
        return usage_error("%s", "interval needs K, as in 'seat interval 2 FILE'");
    if (!a->nfiles && !a->players)
        return usage_error("%s", "no input: give the event FILEs (or --players N for random)");
    if (a->players && mode != SW_SEATING_RANDOM)
        return usage_error("%s", "--players N only suits random mode: other modes need a file");
    if (a->rounds)
        return usage_error("%s", "--rounds belongs to 'seat schedule'");
    int rc = check_outputs(a);
    if (rc != SW_EXIT_OK)
        return rc;
    sw_seating_event ev;
    sw_error err;
    sw_error_clear(&err);
    sw_seating_event_init(&ev);
    sw_status st = load_event(a, &ev, &err);
    sw_seating_options opt;
    sw_seating_options_default(&opt);
    opt.mode = (sw_seating_mode)mode;
    opt.interval = (int)a->interval;
    opt.threes = (int)a->threes;
    opt.seed = a->seed;
    if (a->tries)
        opt.tries = a->tries;
    else if (a->time_limit > 0)
        opt.tries = 0; /* only the clock bounds the search */
    opt.time_limit = a->time_limit;
    if (!a->quiet)
        opt.progress = progress;
    sw_seating_outcome out = {0};
    struct sigaction old;
    volatile sig_atomic_t *interrupted = sw_cli_catch_sigint(&old);
    opt.stop = interrupted;
    if (!st)
        st = sw_seating_next_round(&ev, &opt, &out, &err);
    sw_cli_release_sigint(&old);
    if (!a->quiet && opt.progress && isatty(STDERR_FILENO))
        fputs("\n", stderr);
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    if (!st)
        st = sw_seating_report(&ev, a->fmt, ev.nrounds, &sb, &err);
    if (!st)
        st = sw_file_write_atomic(a->output ? a->output : "-", sw_strbuf_cstr(&sb), sb.len, &err);
    if (!st)
        st = write_extras(a, &ev, ev.nrounds, &err);
    if (!st && !a->quiet)
        fprintf(stderr,
                "seatwise seat %s: round %d, %ld tries, %ld repeat pairs, %ld crossings%s, "
                "rank spread %ld, %d sit out, %d table%s of three%s\n",
                sw_seating_mode_name(opt.mode), ev.nrounds, out.tries, out.repeat_pairs,
                out.crossings, out.exhaustive ? " (fewest possible)" : "", out.spread, out.sitouts,
                out.threes, out.threes == 1 ? "" : "s",
                *interrupted  ? " (interrupted)"
                : out.stopped ? " (time limit)"
                              : "");
    /* Teammates at one table are reported even with --quiet: a hard rule broken. */
    if (!st && out.clashes > 0)
        fprintf(stderr,
                "seatwise seat: warning: %d pair%s of teammates share a table in round %d%s%s%s\n",
                out.clashes, out.clashes == 1 ? "" : "s", ev.nrounds,
                out.teams_feasible ? "" : " (cannot be avoided: team '",
                out.teams_feasible || out.big_team < 0 ? "" : ev.teams[out.big_team],
                out.teams_feasible ? "" : "' has more players seated than there are tables)");
    sw_strbuf_free(&sb);
    sw_seating_event_free(&ev);
    return st ? sw_cli_fail(&err) : SW_EXIT_OK;
}

int sw_cmd_seat(int argc, char **argv) {
    seat_args a = {0};
    a.seed = 1;
    a.fmt = SW_SEATING_TEXT;
    a.files = calloc((size_t)argc + 1, sizeof *a.files);
    if (!a.files)
        return SW_EXIT_INTERNAL;
    int rc = parse_args(argc, argv, &a);
    if (rc < 0) {
        if (!a.mode_name)
            rc = usage_error("%s", "expected a MODE");
        else if (!strcmp(a.mode_name, "schedule"))
            rc = run_schedule(&a);
        else if (!strcmp(a.mode_name, "standings"))
            rc = run_standings(&a);
        else if (sw_seating_mode_parse(a.mode_name) < 0)
            rc = usage_error("unknown mode '%s': expected random, swiss, swiss-first, "
                             "interval, predefined, schedule or standings",
                             a.mode_name);
        else
            rc = run_mode(&a, sw_seating_mode_parse(a.mode_name));
    }
    free(a.files);
    return rc;
}
