/* src/cli/cmd_optimize.c: 'seatwise optimize': choose the assignments of a
 * season's unplayed sessions with picolo's search.
 * SPDX-License-Identifier: MIT */
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/commands.h"
#include "matrix/criteria.h"
#include "report/report.h"
#include "search/search.h"
#include "util/fileio.h"

static const char usage[] =
    "usage: seatwise optimize SEASON [options]\n"
    "       seatwise optimize --movement FILE --sessions K (--pairs N | --parenfile FILE)\n"
    "                         [options]\n"
    "\n"
    "Assigns participants to movement positions in every session that is not\n"
    "played, so that over the season everyone meets everyone as evenly as\n"
    "possible (So), rests are fair (Sr), spread per participant is even (Sp)\n"
    "and the competition is balanced (Sc). See docs/search.md.\n"
    "\n"
    "options:\n"
    "  --restarts N   descents to run (default 100); restart 0 starts from the\n"
    "                 season's own assignment, the others from random ones\n"
    "  --time S       start no new restart after S seconds (the result then\n"
    "                 depends on the machine's speed)\n"
    "  --kicks K      after each descent, K rounds of two random exchanges and a\n"
    "                 new descent, kept when not worse (iterated local search)\n"
    "  --tabu I       beyond picolo: after each descent, I iterations of tabu\n"
    "                 search that may pass through worse states to reach a better\n"
    "                 balance (Sc) at the same So+Sr; e.g. --restarts 4 --tabu 6000\n"
    "  --compound R   beyond picolo: after each descent, up to R moves made of two\n"
    "                 exchanges at once\n"
    "  --threads T    threads (default: all cores); the result does not depend on T\n"
    "  --seed S       random seed (default 1)\n"
    "  -o OUT         write the optimized season file to OUT (with --pairs N,\n"
    "                 OUT.pairs too)\n"
    "  --json, --csv  print the analyze JSON contract or the matrices as CSV\n"
    "  --html FILE    also write the result as a printable HTML page (criteria\n"
    "                 before and after, renumbering, table and guide cards, ...)\n"
    "  --seats-csv FILE  also write every table of every round as CSV\n"
    "  --no-names     the text renumbering without names\n"
    "  --progress     progress on stderr even when it is not a terminal\n"
    "  -h, --help     this text\n"
    "\n"
    "Without --tabu, --compound and --kicks the search is picolo's.\n"
    "Ctrl-C stops early and reports the best assignment found so far.\n";

typedef struct options {
    const char *season, *movement, *parenfile, *out, *html, *seats_csv;
    long sessions, pairs, restarts, threads, kicks, tabu, compound;
    unsigned long long seed;
    double time;
    int format; /* 0 text, 1 json, 2 csv */
    bool progress, no_names;
} options;

static int bad(const char *msg, const char *arg) {
    fprintf(stderr, "seatwise optimize: %s%s%s\n", msg, arg ? " " : "", arg ? arg : "");
    return SW_EXIT_USAGE;
}

static int parse_args(int argc, char **argv, options *o) {
    *o = (options){.restarts = 100, .seed = 1, .sessions = -1, .pairs = -1};
    o->progress = isatty(2);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        long n;
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            fputs(usage, stdout);
            return -1;
        } else if (!strcmp(a, "--json")) {
            o->format = 1;
        } else if (!strcmp(a, "--csv")) {
            o->format = 2;
        } else if (!strcmp(a, "--progress")) {
            o->progress = true;
        } else if (!strcmp(a, "--no-names")) {
            o->no_names = true;
        } else if (a[0] == '-' && a[1] && !v) {
            return bad("missing value after", a);
        } else if (!strcmp(a, "--restarts")) {
            if (sw_cli_parse_int(v, 1, 100000000, &o->restarts))
                return bad("--restarts wants a whole number from 1, got", v);
            i++;
        } else if (!strcmp(a, "--kicks")) {
            if (sw_cli_parse_int(v, 0, 1000000, &o->kicks))
                return bad("--kicks wants a whole number from 0, got", v);
            i++;
        } else if (!strcmp(a, "--compound")) {
            if (sw_cli_parse_int(v, 0, 100000000, &o->compound))
                return bad("--compound wants a whole number from 0, got", v);
            i++;
        } else if (!strcmp(a, "--tabu")) {
            if (sw_cli_parse_int(v, 0, 100000000, &o->tabu))
                return bad("--tabu wants a whole number from 0, got", v);
            i++;
        } else if (!strcmp(a, "--threads")) {
            if (sw_cli_parse_int(v, 1, 1024, &o->threads))
                return bad("--threads wants a whole number from 1 to 1024, got", v);
            i++;
        } else if (!strcmp(a, "--seed")) {
            char *end;
            if (!*v || *v == '-' || (o->seed = strtoull(v, &end, 10), *end))
                return bad("--seed wants a whole number from 0, got", v);
            i++;
        } else if (!strcmp(a, "--time")) {
            char *end;
            o->time = strtod(v, &end);
            if (*end || !*v || !(o->time > 0) || o->time > 1e7)
                return bad("--time wants a positive number of seconds, got", v);
            i++;
        } else if (!strcmp(a, "--sessions")) {
            if (sw_cli_parse_int(v, 1, SW_SEASON_MAX_SESSIONS, &n))
                return bad("--sessions wants a whole number from 1 to 200, got", v);
            o->sessions = n;
            i++;
        } else if (!strcmp(a, "--pairs")) {
            if (sw_cli_parse_int(v, 2, SW_SEASON_MAX_PARTICIPANTS, &n))
                return bad("--pairs wants a whole number from 2 to 1000, got", v);
            o->pairs = n;
            i++;
        } else if (!strcmp(a, "--movement")) {
            o->movement = argv[++i];
        } else if (!strcmp(a, "--parenfile")) {
            o->parenfile = argv[++i];
        } else if (!strcmp(a, "-o")) {
            o->out = argv[++i];
        } else if (!strcmp(a, "--html")) {
            o->html = argv[++i];
        } else if (!strcmp(a, "--seats-csv")) {
            o->seats_csv = argv[++i];
        } else if (a[0] == '-' && a[1]) {
            return bad("unknown option", a);
        } else if (o->season) {
            return bad("one SEASON expected, got another:", a);
        } else {
            o->season = a;
        }
    }
    if (o->season && o->movement)
        return bad("give either SEASON or --movement, not both", NULL);
    if (!o->season && !o->movement)
        return bad("missing SEASON (or --movement FILE --sessions K --pairs N)", NULL);
    if (o->movement && o->sessions < 0)
        return bad("--movement needs --sessions K", NULL);
    if (o->movement && (o->pairs < 0) == !o->parenfile)
        return bad("--movement needs exactly one of --pairs N and --parenfile FILE", NULL);
    return 0;
}

/* The season of the quick form: K sessions of one movement, everyone present. */
static sw_status quick_season(const options *o, sw_season *s, sw_error *err) {
    sw_movement m;
    sw_status st = sw_movement_read_asc(o->movement, &m, err);
    if (st != SW_OK)
        return st;
    sw_participant *part = NULL;
    int n = 0;
    if (o->parenfile) {
        st = sw_parenfile_read(o->parenfile, &part, &n, err);
    } else {
        n = (int)o->pairs;
        part = calloc((size_t)n, sizeof *part);
        for (int i = 0; part && i < n; i++) {
            char name[32];
            snprintf(name, sizeof name, "pair %d", i + 1);
            part[i].id = i + 1;
            part[i].name = strdup(name);
        }
        if (!part)
            st = sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    }
    if (st == SW_OK)
        st = sw_season_uniform(&m, o->movement, part, n, (int)o->sessions, s, err);
    if (st == SW_OK && o->parenfile)
        s->pairs_file = strdup(o->parenfile);
    sw_participants_free(part, n);
    sw_movement_free(&m);
    return st;
}

typedef struct progress_ctx {
    double last;
} progress_ctx;

static void show_progress(const sw_search_progress *p, void *ctx) {
    progress_ctx *pc = ctx;
    if (p->seconds - pc->last < 0.2 && p->restarts_done < p->restarts_total)
        return;
    pc->last = p->seconds;
    fprintf(stderr, "\rrestarts %d/%d  best Sr %.4g So %.4g Sc %.4g  %.1f restarts/s   ",
            p->restarts_done, p->restarts_total, p->best.Sr, p->best.So, p->best.Sc,
            p->seconds > 0 ? p->restarts_done / p->seconds : 0.0);
}

/* Paths in a season file are relative to its own directory: rewrite them
 * for OUT when it lives elsewhere. */
static char *relocate(const char *from_dir, const char *rel) {
    char joined[4096], abs[PATH_MAX];
    if (!rel || sw_path_join(from_dir, rel, joined, sizeof joined) != 0 || !realpath(joined, abs))
        return NULL;
    return strdup(abs);
}

static int write_season_file(const options *o, sw_season *s, sw_error *err) {
    char in_dir[2048], out_dir[2048];
    sw_path_dir(o->season ? o->season : ".", in_dir, sizeof in_dir);
    if (!o->season)
        snprintf(in_dir, sizeof in_dir, ".");
    sw_path_dir(o->out, out_dir, sizeof out_dir);
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    if (o->pairs > 0 && !o->parenfile) {
        for (int i = 0; i < s->n; i++)
            sw_strbuf_printf(&sb, "%d %d %s\n", s->part[i].id, s->part[i].rests, s->part[i].name);
        char pairs_path[4096];
        snprintf(pairs_path, sizeof pairs_path, "%s.pairs", o->out);
        if (sw_file_write_atomic(pairs_path, sw_strbuf_cstr(&sb), sb.len, err) != SW_OK) {
            sw_strbuf_free(&sb);
            return -1;
        }
        const char *base = strrchr(pairs_path, '/');
        free(s->pairs_file);
        s->pairs_file = strdup(base ? base + 1 : pairs_path);
        sb.len = 0;
    } else if (strcmp(in_dir, out_dir) != 0) {
        char *p = relocate(in_dir, s->pairs_file);
        if (p) {
            free(s->pairs_file);
            s->pairs_file = p;
        }
    }
    if (strcmp(in_dir, out_dir) != 0)
        for (int i = 0; i < s->nmovements; i++) {
            char *p = relocate(in_dir, s->movement_files[i]);
            if (p) {
                free(s->movement_files[i]);
                s->movement_files[i] = p;
            }
        }
    sw_season_write(s, &sb);
    int rc = sw_file_write_atomic(o->out, sw_strbuf_cstr(&sb), sb.len, err) == SW_OK ? 0 : -1;
    sw_strbuf_free(&sb);
    return rc;
}

int sw_cmd_optimize(int argc, char **argv) {
    options o;
    int rc = parse_args(argc, argv, &o);
    if (rc)
        return rc < 0 ? SW_EXIT_OK : rc;
    sw_error err;
    sw_error_clear(&err);
    sw_season s;
    sw_status st = o.season ? sw_season_read(o.season, &s, &err) : quick_season(&o, &s, &err);
    if (st != SW_OK)
        return sw_cli_fail(&err);
    struct sigaction old;
    volatile sig_atomic_t *interrupted = sw_cli_catch_sigint(&old);
    progress_ctx pc = {-1};
    sw_search_opts so = {.seed = o.seed,
                         .restarts = (int)o.restarts,
                         .time_limit = o.time,
                         .threads = (int)o.threads,
                         .kicks = (int)o.kicks,
                         .tabu = (int)o.tabu,
                         .pairs = (int)o.compound,
                         .stop = interrupted,
                         .progress = o.progress ? show_progress : NULL,
                         .ctx = &pc};
    sw_search_result res;
    st = sw_search_run(&s, &so, &res, &err);
    sw_cli_release_sigint(&old);
    if (o.progress)
        fputs("\n", stderr);
    if (st != SW_OK) {
        if (!err.file[0] && o.season)
            snprintf(err.file, sizeof err.file, "%s", o.season);
        sw_season_free(&s);
        return sw_cli_fail(&err);
    }
    if (res.interrupted)
        fprintf(stderr, "seatwise optimize: interrupted, best of %d restarts kept\n",
                res.restarts_done);
    sw_matrix mx;
    if (sw_matrix_init(&mx, &s, &err) != SW_OK) {
        sw_season_free(&s);
        return sw_cli_fail(&err);
    }
    sw_report rep = {.title = o.season ? o.season : o.movement, .season = &s, .mx = &mx,
                     .crit = &res.after, .before = &res.before, .no_names = o.no_names};
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    if (o.format == 1) {
        sw_report_json(&rep, &sb);
    } else if (o.format == 2) {
        sw_report_csv(&rep, &sb);
    } else {
        sw_report_text(&rep, &sb);
        sw_strbuf_printf(&sb,
                         "\nsearch: %d restarts (best: restart %d), seed %llu, %.2f s, "
                         "%lld exchanges tried (%.0f/s), %lld applied%s%s\n",
                         res.restarts_done, res.best_restart, o.seed, res.seconds, res.exchanges,
                         res.seconds > 0 ? (double)res.exchanges / res.seconds : 0.0, res.steps,
                         res.timed_out ? ", stopped by --time" : "",
                         res.interrupted ? ", interrupted" : "");
    }
    rc = SW_EXIT_OK;
    if (sb.failed) {
        sw_error_set(&err, SW_ERR_NOMEM, NULL, 0, "out of memory building the report");
        rc = sw_cli_fail(&err);
    } else if (sw_file_write_atomic("-", sw_strbuf_cstr(&sb), sb.len, &err) != SW_OK) {
        rc = sw_cli_fail(&err);
    } else if (o.out && write_season_file(&o, &s, &err) != 0) {
        rc = sw_cli_fail(&err);
    } else {
        rc = sw_cli_report_files(&rep, o.html, o.seats_csv);
    }
    sw_strbuf_free(&sb);
    sw_matrix_free(&mx);
    sw_season_free(&s);
    return rc;
}
