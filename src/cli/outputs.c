/* src/cli/outputs.c: the rules every command applies to its output files
 * (checked before any work: writable, never an input, never another
 * output), the extra files a bridge report can be written to (--html,
 * --seats-csv) and the handout options that shape them (--session,
 * --title, --date, --boards), shared by analyze and optimize.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/commands.h"
#include "report/html.h"
#include "season/season.h"
#include "util/fileio.h"

/* True when o names a file that a write replaces: not standard output and
 * not an existing device or pipe (/dev/null, /dev/stdout are written in
 * place, and may well be shared). */
static bool is_file(const sw_cli_output *o) {
    struct stat st;
    return o->path && strcmp(o->path, "-") != 0 && (stat(o->path, &st) != 0 || S_ISREG(st.st_mode));
}

/* When o names the same file as input (device and inode: links and other
 * spellings count), say so and return 1; else 0. */
static int names_input(const char *cmd, const sw_cli_output *o, const char *input) {
    if (!is_file(o) || !input || !sw_file_same(o->path, input))
        return 0;
    fprintf(stderr, "seatwise %s: %s %s is the input file %s: refusing to replace it\n", cmd,
            o->option, o->path, input);
    return 1;
}

/* path with its directory resolved (links, "." and ".."), allocated; NULL
 * when the directory cannot be resolved. */
static char *resolved(const char *path) {
    char *dir = sw_path_dir(path), *real = dir ? realpath(dir, NULL) : NULL;
    const char *base = strrchr(path, '/');
    char *out = real ? sw_path_join(real, base ? base + 1 : path) : NULL;
    free(dir);
    free(real);
    return out;
}

/* When a and b name one file (an existing one by device and inode, a new
 * one by its resolved directory and name), say so and return 1; else 0. */
static int same_output(const char *cmd, const sw_cli_output *a, const sw_cli_output *b) {
    if (!is_file(a) || !is_file(b))
        return 0;
    char *ra = resolved(a->path), *rb = resolved(b->path);
    bool same = !strcmp(a->path, b->path) || sw_file_same(a->path, b->path) ||
                (ra && rb && !strcmp(ra, rb));
    free(ra);
    free(rb);
    if (!same)
        return 0;
    fprintf(stderr, "seatwise %s: %s %s and %s %s are the same file: give each output its own\n",
            cmd, a->option, a->path, b->option, b->path);
    return 1;
}

int sw_cli_check_outputs(const char *cmd, const sw_cli_output *outs, int n, const char *const *ins,
                         int nin) {
    for (int i = 0; i < n; i++) {
        if (!outs[i].path || !strcmp(outs[i].path, "-"))
            continue;
        for (int j = 0; j < nin; j++)
            if (names_input(cmd, &outs[i], ins[j]))
                return SW_EXIT_USAGE;
        for (int j = 0; j < i; j++)
            if (same_output(cmd, &outs[j], &outs[i]))
                return SW_EXIT_USAGE;
        sw_error err;
        sw_error_clear(&err);
        if (sw_file_check_writable(outs[i].path, &err) != SW_OK) {
            fprintf(stderr, "seatwise %s: %s %s: %s\n", cmd, outs[i].option, outs[i].path, err.msg);
            return err.code == SW_ERR_NOMEM ? SW_EXIT_INTERNAL : SW_EXIT_IO;
        }
    }
    return SW_EXIT_OK;
}

/* The i-th file season s names (0: its pairs file, then its movements, then
 * its histories), relative to dir; NULL when it names none. */
static char *season_file(const char *dir, const sw_season *s, int i) {
    const char *rel = i == 0               ? s->pairs_file
                      : i <= s->nmovements ? s->movement_files[i - 1]
                                           : s->history.files[i - 1 - s->nmovements];
    return rel ? sw_path_join(dir, rel) : NULL;
}

int sw_cli_outputs_in_season(const char *cmd, const sw_cli_output *outs, int n,
                             const char *season_path, const sw_season *s) {
    char *dir = sw_path_dir(season_path);
    int clash = 0;
    for (int k = 0; k < n && !clash; k++) {
        clash = names_input(cmd, &outs[k], season_path);
        for (int i = 0; dir && !clash && i <= s->nmovements + s->history.nfiles; i++) {
            char *path = season_file(dir, s, i);
            clash = names_input(cmd, &outs[k], path);
            free(path);
        }
    }
    free(dir);
    return clash ? SW_EXIT_USAGE : SW_EXIT_OK;
}

static int write_buf(sw_strbuf *sb, const char *path) {
    sw_error err;
    sw_error_clear(&err);
    int rc = SW_EXIT_OK;
    if (sb->failed) {
        sw_error_set(&err, SW_ERR_NOMEM, path, 0, "out of memory building the file");
        rc = sw_cli_fail(&err);
    } else if (sw_file_write_atomic(path, sw_strbuf_cstr(sb), sb->len, &err) != SW_OK) {
        rc = sw_cli_fail(&err);
    }
    sw_strbuf_free(sb);
    return rc;
}

int sw_cli_report_files(const sw_report *r, const char *html, const char *seats_csv) {
    sw_strbuf sb;
    if (seats_csv) {
        sw_strbuf_init(&sb);
        if (!sw_report_seats_csv(r, &sb)) {
            sw_strbuf_free(&sb);
            fprintf(stderr, "seatwise: --seats-csv: the season has a movement that is not a "
                            "two-seat (bridge) movement\n");
            return SW_EXIT_USAGE;
        }
        int rc = write_buf(&sb, seats_csv);
        if (rc)
            return rc;
    }
    if (html) {
        sw_strbuf_init(&sb);
        sw_report_html(r, &sb);
        return write_buf(&sb, html);
    }
    return SW_EXIT_OK;
}

/* Parse a session list "2", "2,4", "2-3", "1,3-5" of numbers 1..max into
 * show[0..max) (NULL: only check). Returns 0, -1 when it is not such a list,
 * or the first number above max. */
static long session_list(const char *v, long max, unsigned char *show) {
    const char *p = v;
    do {
        long lo = 0, hi;
        char *end;
        if (*p < '0' || *p > '9')
            return -1;
        lo = strtol(p, &end, 10);
        hi = lo;
        if (*end == '-') {
            p = end + 1;
            if (*p < '0' || *p > '9')
                return -1;
            hi = strtol(p, &end, 10);
        }
        if (lo < 1 || hi < lo || (*end && *end != ','))
            return -1;
        if (hi > max)
            return hi;
        for (long k = lo; show && k <= hi; k++)
            show[k - 1] = 1;
        p = *end ? end + 1 : end;
    } while (*p || p[-1] == ',');
    return 0;
}

int sw_cli_handout_arg(const char *cmd, int argc, char **argv, int *i, sw_cli_handout *h) {
    static const char *const names[] = {"--session", "--title", "--date", "--boards"};
    const char *a = argv[*i];
    int x = 0;
    while (x < 4 && strcmp(a, names[x]))
        x++;
    if (x == 4)
        return 0;
    if (*i + 1 >= argc) {
        sw_cli_usage(cmd, "option %s needs a value", a);
        return -1;
    }
    const char *v = argv[++*i];
    bool ok = true;
    if (x == 0) {
        ok = *v && session_list(v, SW_SEASON_MAX_SESSIONS, NULL) == 0;
        h->session = v;
    } else if (x == 1) {
        size_t n = strlen(v);
        ok = n > 0 && n <= SW_SEASON_MAX_TITLE && sw_utf8_invalid(v, n) == n;
        h->title = v;
    } else if (x == 2) {
        ok = sw_season_date_valid(v, strlen(v));
        h->date = v;
    } else {
        ok = sw_cli_parse_int(v, 1, SW_MAX_BOARDS_PER_ROUND, &h->boards) == 0;
    }
    if (ok)
        return 1;
    static const char *const want[] = {
        "session numbers such as 2, 2,4 or 2-3",
        "a text of 1 to 120 bytes of UTF-8",
        "a day written YYYY-MM-DD, e.g. 2026-03-17",
        "the boards played per round, a whole number from 1 to 100",
    };
    sw_cli_usage(cmd, "%s wants %s, got '%s'", a, want[x], v);
    return -1;
}

int sw_cli_handout_check(const char *cmd, sw_cli_handout *h, int nsessions, bool movement_only) {
    if (movement_only && (h->session || h->date))
        return sw_cli_usage(cmd, "%s: a movement on its own has no sessions to choose or date",
                            h->session ? "--session" : "--date");
    int shown = nsessions;
    if (h->session) {
        h->show = calloc((size_t)nsessions, 1);
        if (!h->show) {
            fprintf(stderr, "seatwise %s: out of memory\n", cmd);
            return SW_EXIT_INTERNAL;
        }
        long over = session_list(h->session, nsessions, h->show);
        if (over)
            return sw_cli_usage(cmd, "--session %s: session %ld, but the season has %d session%s",
                                h->session, over, nsessions, nsessions == 1 ? "" : "s");
        shown = 0;
        for (int k = 0; k < nsessions; k++)
            shown += h->show[k];
    }
    if (h->date && shown != 1)
        return sw_cli_usage(cmd,
                            "--date %s is the date of one session: choose it with "
                            "--session N",
                            h->date);
    return SW_EXIT_OK;
}

void sw_cli_handout_report(const sw_cli_handout *h, sw_report *r) {
    r->show = h->show;
    r->heading = h->title;
    r->date = h->date;
    r->boards = (int)h->boards;
}

void sw_cli_handout_free(sw_cli_handout *h) {
    free(h->show);
    h->show = NULL;
}
