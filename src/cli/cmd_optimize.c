/* src/cli/cmd_optimize.c: 'seatwise optimize': choose the assignments of a
 * season's unplayed sessions with picolo's search.
 * SPDX-License-Identifier: MIT */
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/commands.h"
#include "cli/warnings.h"
#include "matrix/criteria.h"
#include "matrix/matrix.h"
#include "report/report.h"
#include "search/search.h"
#include "util/fileio.h"

#ifdef _OPENMP
#include <omp.h>
#endif
#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#endif

#define SW_CLI_DEFAULT_TIME 5.0

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
    "  --time S       wall-clock budget in seconds (default 5 when --restarts\n"
    "                 is not given); the run ends within about 0.1 s of it and\n"
    "                 reports the best found. The result depends on the\n"
    "                 machine's speed\n"
    "  --restarts N   restarts to run; without --time the run is deterministic:\n"
    "                 the same seed and N give the same result for any --threads.\n"
    "                 Restart 0 starts from the season's own assignment\n"
    "  --seed S       random seed (default 1)\n"
    "  --threads T    threads (default: all cores)\n"
    "  --picolo       picolo's plain method: best-improvement descents only\n"
    "  --anneal N     annealing proposals per restart (default: 5000 sweeps of\n"
    "                 the neighbourhood)\n"
    "  --tabu I       tabu iterations per restart (default 30000)\n"
    "  --rests I      with sit-outs to choose: a walk on the rests alone of at\n"
    "                 most I iterations starts each restart, and the phases\n"
    "                 after it keep Sr (default 2000; 0 = none)\n"
    "  --kicks K      after each descent, K rounds of two random exchanges and a\n"
    "                 new descent, kept when not worse (iterated local search)\n"
    "  --compound R   after each descent, up to R moves made of two exchanges\n"
    "  -o OUT         write the optimized season file to OUT (with --pairs N,\n"
    "                 OUT.pairs too)\n"
    "  --json, --csv  print the analyze JSON contract or the matrices as CSV\n"
    "  --html FILE    also write the result as a printable HTML page (criteria\n"
    "                 before and after, renumbering, table and guide cards, ...)\n"
    "  --seats-csv FILE  also write every table of every round as CSV\n"
    "  --session LIST    the page and --seats-csv show only these sessions\n"
    "                 (2, 2,4 or 2-3): tonight's handout; the search still\n"
    "                 plans the whole season\n"
    "  --title TEXT      the club's title heading every printed page\n"
    "  --date YYYY-MM-DD the date of the one session shown\n"
    "  --boards N        boards per round: board numbers instead of groups\n"
    "  --no-names     the text renumbering without names\n"
    "  --progress     progress on stderr even when it is not a terminal\n"
    "  -h, --help     this text\n"
    "\n"
    "The default method: each restart anneals So+Sr from a random assignment,\n"
    "descends, then runs a tabu search for Sp and Sc on the best So reached\n"
    "(docs/search.md). With sit-outs to choose, a walk on the rests alone\n"
    "finds the fairest rests first, and the phases after it keep them.\n"
    "Ctrl-C stops early and reports the best assignment found so far.\n";

typedef struct options {
    const char *season, *movement, *parenfile, *out, *html, *seats_csv;
    long sessions, pairs, restarts, threads, kicks, tabu, compound, anneal, rests;
    unsigned long long seed;
    double time;
    int format; /* 0 text, 1 json, 2 csv */
    bool progress, picolo, no_names;
    sw_cli_handout handout; /* --session, --title, --date, --boards */
} options;

static int bad(const char *msg, const char *arg) {
    return sw_cli_usage("optimize", "%s%s%s", msg, arg ? " " : "", arg ? arg : "");
}

/* The options that take a value. */
static bool takes_value(const char *a) {
    static const char *const with_value[] = {
        "--restarts", "--kicks",     "--compound",  "--tabu", "--anneal", "--rests",
        "--html",     "--seats-csv", "--threads",   "--seed", "--time",   "--sessions",
        "--pairs",    "--movement",  "--parenfile", "-o"};
    for (size_t i = 0; i < sizeof with_value / sizeof with_value[0]; i++)
        if (!strcmp(a, with_value[i]))
            return true;
    return false;
}

static int parse_args(int argc, char **argv, options *o) {
    *o = (options){.restarts = -1,
                   .tabu = -1,
                   .anneal = -1,
                   .rests = -1,
                   .seed = 1,
                   .sessions = -1,
                   .pairs = -1};
    o->progress = isatty(2);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        long n;
        int taken = sw_cli_handout_arg("optimize", argc, argv, &i, &o->handout);
        if (taken < 0)
            return SW_EXIT_USAGE;
        if (taken) {
            continue;
        } else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            fputs(usage, stdout);
            return -1;
        } else if (!strcmp(a, "--json") || !strcmp(a, "--csv")) {
            int f = !strcmp(a, "--json") ? 1 : 2;
            if (o->format && o->format != f)
                return bad("--json and --csv conflict: choose one output format", NULL);
            o->format = f;
        } else if (!strcmp(a, "--progress")) {
            o->progress = true;
        } else if (!strcmp(a, "--picolo")) {
            o->picolo = true;
        } else if (!strcmp(a, "--no-names")) {
            o->no_names = true;
        } else if (takes_value(a) && !v) {
            return sw_cli_usage("optimize", "option %s needs a value", a);
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
        } else if (!strcmp(a, "--anneal")) {
            if (sw_cli_parse_int(v, 0, 2000000000, &o->anneal))
                return bad("--anneal wants a whole number from 0, got", v);
            i++;
        } else if (!strcmp(a, "--rests")) {
            if (sw_cli_parse_int(v, 0, 100000000, &o->rests))
                return bad("--rests wants a whole number from 0, got", v);
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
            if (sw_cli_parse_u64(v, &o->seed))
                return bad("--seed wants a whole number from 0 to 18446744073709551615, got", v);
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

static void *idle_thread(void *arg) {
    return arg;
}

/* How many of want threads can run at once. OpenMP ends the process with
 * exit 1 when it cannot create its threads (under a memory limit, each
 * thread's stack is refused); starting them once here first lets optimize
 * run with fewer (the result does not depend on the count) and keep the
 * documented exit codes. */
static int startable_threads(int want) {
    if (want <= 1)
        return 1;
    pthread_t *t = calloc((size_t)want, sizeof *t);
    if (!t)
        return 1;
    int n = 0;
    while (n < want - 1 && pthread_create(&t[n], NULL, idle_thread, NULL) == 0)
        n++;
    for (int i = 0; i < n; i++)
        pthread_join(t[i], NULL);
    free(t);
    return n + 1;
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
    volatile sig_atomic_t *stop; /* the search's stop flag (SIGINT's) */
} progress_ctx;

#ifdef __EMSCRIPTEN__
/* The web hook (docs/web.md): after each restart, a run whose module has
 * swPoll (synchronous) or swPollAsync (a promise: the build is linked with
 * Asyncify, so the program sleeps while the page's worker takes its
 * messages) is told the progress; a 1 back means Stop, and the search then
 * stops as on Ctrl-C. A program that slept ends later than callMain
 * returns: swExited is the promise of its exit code. */
EM_JS(int, sw_web_poll, (int done, int total, double seconds, double so), {
    if (!Module.swPollAsync)
        return Module.swPoll ? Module.swPoll(done, total, seconds, so) : 0;
    if (!Module.swExited)
        Module.swExited = Asyncify.whenDone().then(
            function(rc) {
                try {
                    exit(rc);
                } catch (e) {
                    if (!(e instanceof ExitStatus))
                        throw e;
                }
                return EXITSTATUS;
            },
            function(e) {
                if (e instanceof ExitStatus)
                    return e.status;
                throw e;
            });
    return Asyncify.handleAsync(
        function() { return Module.swPollAsync(done, total, seconds, so); });
});
#endif

static void show_progress(const sw_search_progress *p, void *ctx) {
    progress_ctx *pc = ctx;
#ifdef __EMSCRIPTEN__
    if (sw_web_poll(p->restarts_done, p->restarts_total, p->seconds, p->best.So))
        *pc->stop = 1;
#endif
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
    char *joined = rel ? sw_path_join(from_dir, rel) : NULL;
    char *abs = joined ? realpath(joined, NULL) : NULL;
    free(joined);
    return abs;
}

/* Write OUT (and OUT.pairs with --pairs N) together: both or neither. */
static int write_season_file(const options *o, sw_season *s, sw_error *err) {
    char *in_dir = o->season ? sw_path_dir(o->season) : strdup(".");
    char *out_dir = sw_path_dir(o->out);
    char *pairs_path = malloc(strlen(o->out) + sizeof ".pairs");
    sw_strbuf pairs, sb;
    sw_strbuf_init(&pairs);
    sw_strbuf_init(&sb);
    int rc = -1;
    if (!in_dir || !out_dir || !pairs_path) {
        sw_error_set(err, SW_ERR_NOMEM, o->out, 0, "out of memory");
        goto done;
    }
    bool moved = strcmp(in_dir, out_dir) != 0;
    bool with_pairs = o->pairs > 0 && !o->parenfile;
    sprintf(pairs_path, "%s.pairs", o->out);
    if (with_pairs) {
        for (int i = 0; i < s->n; i++)
            sw_strbuf_printf(&pairs, "%d %d %s\n", s->part[i].id, s->part[i].rests,
                             s->part[i].name);
        const char *base = strrchr(pairs_path, '/');
        free(s->pairs_file);
        s->pairs_file = strdup(base ? base + 1 : pairs_path);
    } else if (moved) {
        char *p = relocate(in_dir, s->pairs_file);
        if (p) {
            free(s->pairs_file);
            s->pairs_file = p;
        }
    }
    if (moved) {
        for (int i = 0; i < s->nmovements; i++) {
            char *p = relocate(in_dir, s->movement_files[i]);
            if (p) {
                free(s->movement_files[i]);
                s->movement_files[i] = p;
            }
        }
        for (int i = 0; i < s->history.nfiles; i++) {
            char *p = relocate(in_dir, s->history.files[i]);
            if (p) {
                free(s->history.files[i]);
                s->history.files[i] = p;
            }
        }
    }
    sw_season_write(s, &sb);
    if (sb.failed || pairs.failed || (with_pairs && !s->pairs_file)) {
        sw_error_set(err, SW_ERR_NOMEM, o->out, 0, "out of memory");
        goto done;
    }
    sw_out_file files[2] = {{o->out, sw_strbuf_cstr(&sb), sb.len},
                            {pairs_path, sw_strbuf_cstr(&pairs), pairs.len}};
    rc = sw_files_write_atomic(files, with_pairs ? 2 : 1, err) == SW_OK ? 0 : -1;
done:
    sw_strbuf_free(&pairs);
    sw_strbuf_free(&sb);
    free(pairs_path);
    free(in_dir);
    free(out_dir);
    return rc;
}

/* Every file the run writes: -o OUT (and OUT.pairs with --pairs N),
 * --html, --seats-csv, with *pairs_out to free. */
static int outputs(const options *o, sw_cli_output outs[4], char **pairs_out) {
    *pairs_out = NULL;
    if (o->out && o->pairs > 0 && !o->parenfile) {
        *pairs_out = malloc(strlen(o->out) + sizeof ".pairs");
        if (*pairs_out)
            sprintf(*pairs_out, "%s.pairs", o->out);
    }
    outs[0] = (sw_cli_output){"-o", o->out};
    outs[1] = (sw_cli_output){"-o", *pairs_out};
    outs[2] = (sw_cli_output){"--html", o->html};
    outs[3] = (sw_cli_output){"--seats-csv", o->seats_csv};
    return 4;
}

/* Why So stays above its bound when no restart reached it. The bound sees
 * the history, the played sessions, who can meet and the rounds each pair
 * plays, not how a movement ties meetings together, so it can be out of
 * reach: when many restarts end at the same lowest So, that, not the
 * budget, is the likely cause. */
static void so_gap_text(const sw_search_result *res, sw_strbuf *sb) {
    const char *sees = "the bound counts the history, the played sessions, who can meet and "
                       "the rounds each pair plays, not how the movements tie meetings together";
    double gap = res->after.So - res->after.So_bound;
    int at_min = res->restarts_at_so_min, done = res->restarts_done;
    if (at_min > 0 && sw_i256_cmp(res->after.so, res->so_min) > 0)
        sw_strbuf_printf(sb,
                         "  So is %.4g above its lower bound (%.4g); %d of %d restarts ended "
                         "lower but lost on Sr, which ranks first (%s)\n",
                         gap, res->after.So_bound, at_min, done, sees);
    else if (at_min >= 2 && 4 * at_min >= done)
        sw_strbuf_printf(sb,
                         "  So is %.4g above its lower bound (%.4g), reached by no restart; %d of "
                         "%d ended at this So and none lower, so the gap is most likely the "
                         "structure: %s\n",
                         gap, res->after.So_bound, at_min, done, sees);
    else
        sw_strbuf_printf(sb,
                         "  So is %.4g above its lower bound (%.4g), reached by no restart and "
                         "%d of %d ended at this So: more time may lower it, or the bound may be "
                         "out of reach (%s)\n",
                         gap, res->after.So_bound, at_min, done, sees);
}

int sw_cmd_optimize(int argc, char **argv) {
    /* Ctrl-C is caught from the start: a signal while the season is read or
     * the threads start only makes the search stop at once (the input is
     * then the result), and it cannot kill the run. */
    struct sigaction old;
    volatile sig_atomic_t *interrupted = sw_cli_catch_sigint(&old);
    options o;
    int rc = parse_args(argc, argv, &o);
    if (rc)
        return rc < 0 ? SW_EXIT_OK : rc;
    /* The outputs before anything is read: a bad path must not cost the search. */
    sw_cli_output outs[4];
    char *pairs_out;
    int nout = outputs(&o, outs, &pairs_out);
    const char *ins[] = {o.season, o.movement, o.parenfile};
    rc = sw_cli_check_outputs("optimize", outs, nout, ins, 3);
    sw_error err;
    sw_error_clear(&err);
    sw_season s;
    sw_status st = SW_OK;
    if (rc == SW_EXIT_OK) {
        st = o.season ? sw_season_read(o.season, sw_matrix_played_history, &s, &err)
                      : quick_season(&o, &s, &err);
        if (st != SW_OK)
            rc = sw_cli_fail(&err);
        else if ((rc = sw_cli_handout_check("optimize", &o.handout, s.nsessions, false)) ||
                 (o.season &&
                  (rc = sw_cli_outputs_in_season("optimize", outs, nout, o.season, &s))))
            sw_season_free(&s);
    }
    free(pairs_out);
    if (rc != SW_EXIT_OK) {
        sw_cli_handout_free(&o.handout);
        return rc;
    }
    sw_cli_warn_season("optimize", &s, o.season);
    /* The default is the strongest method for a wall-clock budget; --restarts
     * without --time is the deterministic form (docs/search.md). */
    if (o.restarts < 0 && o.time <= 0)
        o.time = SW_CLI_DEFAULT_TIME;
    if (o.restarts < 0)
        o.restarts = 100000000;
    int want = (int)o.threads;
#ifdef _OPENMP
    if (want == 0)
        want = omp_get_max_threads();
#endif
    if (want > o.restarts)
        want = (int)o.restarts;
    int threads = startable_threads(want);
    if (threads < want)
        fprintf(stderr,
                "seatwise optimize: only %d of %d threads could be started (memory "
                "limit?): running with %d\n",
                threads, want, threads);
    if (want > 0)
        o.threads = threads;
    progress_ctx pc = {-1, interrupted};
    sw_search_lengths len = {.anneal = o.anneal,
                             .tabu = (int)o.tabu,
                             .rests = (int)o.rests,
                             .kicks = (int)o.kicks,
                             .compound = (int)o.compound};
    sw_search_opts so = {.seed = o.seed,
                         .restarts = (int)o.restarts,
                         .time_limit = o.time,
                         .threads = (int)o.threads,
                         .method = o.picolo ? SW_SEARCH_DESCENTS : SW_SEARCH_DEFAULT,
                         .lengths = &len,
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
        sw_cli_handout_free(&o.handout);
        return sw_cli_fail(&err);
    }
    if (res.interrupted)
        fprintf(stderr, "seatwise optimize: interrupted, best of %d restarts kept\n",
                res.restarts_done);
    sw_matrix mx;
    if (sw_matrix_init(&mx, &s, &err) != SW_OK) {
        sw_season_free(&s);
        sw_cli_handout_free(&o.handout);
        return sw_cli_fail(&err);
    }
    sw_report rep = {.title = o.season ? o.season : o.movement,
                     .season = &s,
                     .mx = &mx,
                     .crit = &res.after,
                     .before = &res.before,
                     .no_names = o.no_names};
    sw_cli_handout_report(&o.handout, &rep);
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    if (o.format == 1) {
        sw_report_json(&rep, &sb);
    } else if (o.format == 2) {
        sw_report_csv(&rep, &sb);
    } else {
        sw_report_text(&rep, &sb);
        /* How the budget was spent, so a user can tell whether more time
         * would help: restarts, the phases' work, pricing speed, So's gap. */
        double secs = res.seconds > 0 ? res.seconds : 1e-9;
        sw_strbuf_printf(&sb, "\nsearch: %d restarts in %.2f s (best: restart %d), seed %llu%s%s\n",
                         res.restarts_done, res.seconds, res.best_restart, o.seed,
                         res.timed_out ? ", budget used up" : "",
                         res.interrupted ? ", interrupted" : "");
        sw_strbuf_printf(&sb, "  phases: ");
        if (res.annealed > 0)
            sw_strbuf_printf(&sb, "annealing %lld proposals in all (up to %lld a schedule), ",
                             res.annealed, res.anneal_each);
        if (res.rests_iters > 0)
            sw_strbuf_printf(&sb, "rests walk %lld iterations, ", res.rests_iters);
        if (res.tabu_iters > 0)
            sw_strbuf_printf(&sb, "%lld tabu iterations, ", res.tabu_iters);
        if (res.orbit_probe == 1)
            sw_strbuf_printf(&sb, "orbit construction %d seasons built, better in %d restarts, ",
                             res.orbit_built, res.orbit_won);
        else if (res.orbit_probe == 0)
            sw_strbuf_printf(&sb, "orbit construction off (its probe's starts rarely complete), ");
        if (res.invariant_nodes > 0)
            sw_strbuf_printf(&sb, "invariant construction %lld nodes, %s, ", res.invariant_nodes,
                             res.invariant_built ? "restart 0 also ran from its season"
                                                 : "no season better than the input");
        if (res.cyclic_swaps > 0)
            sw_strbuf_printf(&sb,
                             "cyclic construction %.1f M swaps priced, a season at So's bound in "
                             "%d restarts, ",
                             (double)res.cyclic_swaps * 1e-6, res.cyclic_built);
        sw_strbuf_printf(&sb, "%lld descent moves; %.1f M exchanges priced per second\n", res.steps,
                         (double)res.exchanges / secs * 1e-6);
        /* How many restarts reached So's bound says whether its basin is
         * common (more time polishes Sp and Sc) or rare (more time or
         * restarts may still lower So). The final order ranks Sr first,
         * so with sit-outs a restart at the bound can lose on rests. */
        if (sw_i256_cmp(res.after.so, res.after.so_bound) <= 0)
            sw_strbuf_printf(&sb,
                             "  So is at its lower bound (%d of %d restarts reached it): only Sp "
                             "and Sc can still improve\n",
                             res.restarts_at_bound, res.restarts_done);
        else if (res.restarts_at_bound > 0)
            sw_strbuf_printf(&sb,
                             "  So is %.4g above its lower bound (%.4g); %d of %d restarts reached "
                             "it but lost on Sr, which ranks first\n",
                             res.after.So - res.after.So_bound, res.after.So_bound,
                             res.restarts_at_bound, res.restarts_done);
        else
            so_gap_text(&res, &sb);
    }
    /* The result files first: a report reader that goes away (| head)
     * cannot lose them. */
    rc = SW_EXIT_OK;
    if (o.out && write_season_file(&o, &s, &err) != 0) {
        rc = sw_cli_fail(&err);
    } else if ((rc = sw_cli_report_files(&rep, o.html, o.seats_csv)) != SW_EXIT_OK) {
        /* message printed */
    } else if (sb.failed) {
        sw_error_set(&err, SW_ERR_NOMEM, NULL, 0, "out of memory building the report");
        rc = sw_cli_fail(&err);
    } else if (sw_file_write_atomic("-", sw_strbuf_cstr(&sb), sb.len, &err) != SW_OK) {
        rc = sw_cli_fail(&err);
    }
    sw_strbuf_free(&sb);
    sw_matrix_free(&mx);
    sw_season_free(&s);
    sw_cli_handout_free(&o.handout);
    return rc;
}
