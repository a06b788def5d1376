/* src/cli/cmd_swiss_result.c: 'swiss result': a round's results (a
 * results file or board results on the command line) entered into a TRF
 * record, written to -o or standard output; without results, the round's
 * boards as the pairing list numbers them. Also the TRF reading that every
 * swiss subcommand shares (--encoding, the note on a converted record).
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/commands.h"
#include "swiss/swiss.h"
#include "util/fileio.h"
#include "util/strbuf.h"
#include "util/utf8.h"

static const char usage[] =
    "usage: seatwise swiss result IN.trf [--round R] [--results FILE | BOARD RESULT ...]\n"
    "                                [player ID CODE ...] [-o OUT.trf] [--encoding E]\n"
    "Enters the results of round R (default: the last round of the record) and\n"
    "writes the record with them to OUT.trf (default: standard output); points\n"
    "are recomputed. Boards are numbered as the pairing list numbers them.\n"
    "RESULT: 1-0, 0-1, = (or ½-½, 0.5-0.5, 1/2-1/2), +/- or -/+ (forfeit won by\n"
    "white / black), -/- (double forfeit). 'player ID CODE' gives a player\n"
    "without a board the bye code H (half point), F (full point), U (pairing-\n"
    "allocated) or Z (zero). --results FILE holds the same entries, one or more\n"
    "a line, '#' comments. Without results: the round's boards and results.\n"
    "A result that replaces another (a correction) is named on stderr.\n"
    "R one past the record's last round (not paired yet) takes byes asked for\n"
    "ahead: 'player ID H|F|Z', written so that the next pairing leaves them out;\n"
    "'player ID none' withdraws such a bye (or an XXZ absence) before the pairing.\n"
    "Example: seatwise swiss result ev.trf --round 3 1 1-0 2 = 3 -/+ -o ev.trf.new\n"
    "--encoding auto|utf8|latin1: the record's encoding (default auto: UTF-8\n"
    "when valid, else Windows-1252/Latin-1 converted to UTF-8 with a note).\n";

int sw_cli_swiss_encoding(const char *value, int *enc) {
    if (!strcmp(value, "auto"))
        *enc = SW_SWISS_ENC_AUTO;
    else if (!strcmp(value, "utf8") || !strcmp(value, "utf-8"))
        *enc = SW_SWISS_ENC_UTF8;
    else if (!strcmp(value, "latin1") || !strcmp(value, "cp1252") || !strcmp(value, "windows-1252"))
        *enc = SW_SWISS_ENC_LATIN1;
    else
        return -1;
    return 0;
}

int sw_cli_swiss_read(const char *path, int enc, sw_swiss_trf *trf) {
    sw_error err;
    if (sw_swiss_trf_read_enc(path, (sw_swiss_encoding)enc, trf, &err)) {
        if (enc == SW_SWISS_ENC_UTF8 && err.code == SW_ERR_PARSE && strstr(err.msg, "not UTF-8")) {
            size_t n = strlen(err.msg);
            snprintf(err.msg + n, sizeof err.msg - n, "; --encoding latin1 reads it as Latin-1");
        }
        return sw_cli_fail(&err);
    }
    if (trf->encoding_note[0])
        fprintf(stderr, "seatwise: %s: note: %s\n", path, trf->encoding_note);
    return SW_EXIT_OK;
}

typedef struct rargs {
    const char *in, *out, *results;
    long round;
    int enc;
    sw_strbuf words; /* the results of the command line, one word a line */
    int nwords;
} rargs;

/* Returns -1 to go on, else the exit code. */
static int parse_args(int argc, char **argv, rargs *a) {
    for (int i = 2; i < argc; i++) {
        const char *s = argv[i], *next = i + 1 < argc ? argv[i + 1] : NULL;
        char w, b;
        if (!strcmp(s, "-h") || !strcmp(s, "--help")) {
            fputs(usage, stdout);
            return SW_EXIT_OK;
        }
        bool result_word = a->in && sw_swiss_result_word(s, strlen(s), &w, &b);
        if (!result_word && (!strcmp(s, "-o") || !strcmp(s, "--round") || !strcmp(s, "--results") ||
                             !strcmp(s, "--encoding"))) {
            if (!next)
                return sw_cli_usage("swiss result", "option %s needs a value", s);
            i++;
            if (!strcmp(s, "-o"))
                a->out = next;
            else if (!strcmp(s, "--results"))
                a->results = next;
            else if (!strcmp(s, "--encoding")) {
                if (sw_cli_swiss_encoding(next, &a->enc))
                    return sw_cli_usage("swiss result",
                                        "--encoding '%s': expected auto, utf8 or latin1", next);
            } else if (sw_cli_parse_int(next, 1, SW_SWISS_MAX_ROUNDS, &a->round))
                return sw_cli_usage("swiss result",
                                    "--round '%s': expected a whole number from "
                                    "1 to 200",
                                    next);
        } else if (!result_word && s[0] == '-' && s[1]) {
            return sw_cli_usage("swiss result", "unknown option '%s'", s);
        } else if (!a->in) {
            a->in = s;
        } else {
            sw_strbuf_puts(&a->words, s);
            sw_strbuf_puts(&a->words, "\n");
            a->nwords++;
        }
    }
    return -1;
}

/* Without results: the round's boards, numbered, with their results. */
static int show_boards(const sw_swiss_trf *trf, int round) {
    sw_swiss_board *b;
    int nb;
    sw_error err;
    if (sw_swiss_round_boards(trf, round, &b, &nb, &err))
        return sw_cli_fail(&err);
    printf("Round %d of %s: %d board%s\n", round, trf->path, nb, nb == 1 ? "" : "s");
    for (int k = 0; k < nb; k++) {
        const sw_swiss_player *w = &trf->players[trf->index_of_id[b[k].white]];
        if (!b[k].black) {
            printf("%5d  %d bye\n", k + 1, b[k].white);
            continue;
        }
        const sw_swiss_game *g = &w->games[round - 1];
        const sw_swiss_game *h = &trf->players[trf->index_of_id[b[k].black]].games[round - 1];
        printf("%5d  %d - %d  %c %c\n", k + 1, b[k].white, b[k].black,
               g->result == ' ' ? '?' : g->result, h->result == ' ' ? '?' : h->result);
    }
    free(b);
    return SW_EXIT_OK;
}

/* The results text: --results FILE (Latin-1 converted) or the words. */
static int results_text(const rargs *a, sw_strbuf *text, const char **path) {
    if (!a->results) {
        *path = "";
        sw_strbuf_append(text, sw_strbuf_cstr(&a->words), a->words.len);
        return SW_EXIT_OK;
    }
    char *data;
    size_t len;
    sw_error err;
    if (sw_file_read(a->results, &data, &len, &err))
        return sw_cli_fail(&err);
    if (sw_utf8_invalid(data, len) < len)
        sw_strbuf_cp1252(text, data, len); /* "½" is the byte 0xBD in Latin-1 */
    else
        sw_strbuf_append(text, data, len);
    free(data);
    *path = a->results;
    return SW_EXIT_OK;
}

/* An error in the results: from the command line, where each word was
 * read as a line, "results on the command line, word N: ...". */
static int results_fail(const rargs *a, const sw_error *err) {
    if (a->results || err->file[0] || err->line <= 0)
        return sw_cli_fail(err);
    sw_error e = *err;
    int n = snprintf(e.msg, sizeof e.msg, "results on the command line, word %d: ", err->line);
    if (n > 0 && (size_t)n < sizeof e.msg)
        snprintf(e.msg + n, sizeof e.msg - (size_t)n, "%.*s", (int)(sizeof e.msg - (size_t)n - 1),
                 err->msg);
    e.line = 0;
    return sw_cli_fail(&e);
}

/* A board's result as the arbiter writes it: 1-0, 0-1, ½-½, else the two
 * codes (+/-, -/+, -/-, W/L, ...). */
static const char *result_text(char w, char b, char buf[8]) {
    if (w == '1' && b == '0')
        return "1-0";
    if (w == '0' && b == '1')
        return "0-1";
    if (w == '=' && b == '=')
        return "½-½";
    snprintf(buf, 8, "%c/%c", w, b);
    return buf;
}

/* The round's result codes before the entries: old[i] for the player of
 * index i, blank for none (a round not in the record, or no result yet). */
static char *codes_before(const sw_swiss_trf *trf, int round) {
    char *old = malloc((size_t)trf->nplayers + 1);
    if (!old)
        return NULL;
    int r = round - 1;
    bool column = r >= 0 && (r < trf->nrounds || (r == trf->nrounds && trf->preset));
    for (int i = 0; i < trf->nplayers; i++)
        old[i] = column ? trf->players[i].games[r].result : ' ';
    return old;
}

/* A note on stderr for each entry that replaced another result (old[] as
 * codes_before gave it): a correction is never silent, and one of a round
 * before the last says the later rounds were paired with the old result. */
static void note_replaced(const sw_swiss_trf *trf, int round, const char *old,
                          const sw_swiss_result *e, int n, const char *in) {
    sw_swiss_board *b = NULL;
    int nb = 0;
    sw_error err;
    if (round <= trf->nrounds && sw_swiss_round_boards(trf, round, &b, &nb, &err))
        return;
    const char *later =
        round < trf->nrounds ? "; the rounds after it were paired with the old one" : "";
    for (int k = 0; k < n; k++) {
        char b1[8], b2[8];
        if (e[k].board) {
            int w = trf->index_of_id[b[e[k].board - 1].white];
            int x = trf->index_of_id[b[e[k].board - 1].black];
            if (old[w] == ' ' || (old[w] == e[k].white && old[x] == e[k].black))
                continue;
            fprintf(
                stderr, "seatwise: %s: note: round %d, board %d (%d - %d): %s replaced by %s%s\n",
                in, round, e[k].board, b[e[k].board - 1].white, b[e[k].board - 1].black,
                result_text(old[w], old[x], b1), result_text(e[k].white, e[k].black, b2), later);
        } else {
            char was = old[trf->index_of_id[e[k].player]];
            if (was != ' ' && e[k].white == ' ')
                fprintf(stderr, "seatwise: %s: note: round %d, player %d: %c withdrawn\n", in,
                        round, e[k].player, was);
            else if (was != ' ' && was != e[k].white)
                fprintf(stderr, "seatwise: %s: note: round %d, player %d: %c replaced by %c%s\n",
                        in, round, e[k].player, was, e[k].white, later);
        }
    }
    free(b);
}

static int run(const rargs *a) {
    sw_swiss_trf trf;
    int rc = sw_cli_swiss_read(a->in, a->enc, &trf);
    if (rc)
        return rc;
    int round = a->round ? (int)a->round : trf.nrounds;
    if (round < 1) {
        fprintf(stderr,
                "seatwise: %s: no round paired yet: pair round 1 first (byes asked for ahead: "
                "--round 1 player ID H|F|Z)\n",
                a->in);
        sw_swiss_trf_free(&trf);
        return SW_EXIT_INPUT;
    }
    if (!a->results && !a->nwords) {
        rc = show_boards(&trf, round);
        sw_swiss_trf_free(&trf);
        return rc;
    }
    sw_strbuf text, out;
    sw_strbuf_init(&text);
    sw_strbuf_init(&out);
    const char *path = NULL;
    sw_swiss_result *res = NULL;
    int nres = 0, missing = 0;
    sw_error err;
    rc = results_text(a, &text, &path);
    if (!rc && sw_swiss_results_parse(sw_strbuf_cstr(&text), text.len, path, &res, &nres, &err))
        rc = results_fail(a, &err);
    char *old = rc ? NULL : codes_before(&trf, round);
    if (!rc && !old) {
        fprintf(stderr, "seatwise swiss: out of memory\n");
        rc = SW_EXIT_INTERNAL;
    }
    if (!rc && sw_swiss_results_apply(&trf, round, res, nres, path, &missing, &err))
        rc = results_fail(a, &err);
    if (!rc) {
        sw_swiss_trf_write(&trf, &out);
        if (out.failed) {
            fprintf(stderr, "seatwise swiss: out of memory\n");
            rc = SW_EXIT_INTERNAL;
        } else if (sw_file_write_atomic(a->out ? a->out : "-", sw_strbuf_cstr(&out), out.len,
                                        &err)) {
            rc = sw_cli_fail(&err);
        }
    }
    if (!rc)
        note_replaced(&trf, round, old, res, nres, a->in);
    free(old);
    if (!rc && missing)
        fprintf(stderr, "seatwise: %s: note: round %d: %d board%s still without a result\n", a->in,
                round, missing, missing == 1 ? "" : "s");
    free(res);
    sw_strbuf_free(&text);
    sw_strbuf_free(&out);
    sw_swiss_trf_free(&trf);
    return rc;
}

int sw_cmd_swiss_result(int argc, char **argv) {
    rargs a;
    memset(&a, 0, sizeof a);
    sw_strbuf_init(&a.words);
    int rc = parse_args(argc, argv, &a);
    if (rc < 0) {
        if (!a.in)
            rc = sw_cli_usage("swiss result", "%s", "an input file is required");
        else if (a.results && a.nwords)
            rc = sw_cli_usage("swiss result",
                              "results given both in --results %s and on the "
                              "command line",
                              a.results);
        else if (a.out && !a.results && !a.nwords)
            rc = sw_cli_usage("swiss result", "%s", "-o given but no results to enter");
    }
    if (rc < 0) {
        const sw_cli_output outs[] = {{"-o", a.out}};
        const char *ins[] = {a.in, a.results};
        rc = sw_cli_check_outputs("swiss result", outs, 1, ins, 2);
        if (rc == SW_EXIT_OK)
            rc = run(&a);
    }
    sw_strbuf_free(&a.words);
    return rc;
}
