/* src/cli/cmd_go.c: the 'go' subcommand: 'go pair' pairs the next round of
 * an OpenGotha tournament file as OpenGotha does (docs/go.md) and writes the
 * file with the round added (-o), the pairing as keys (standard output), a
 * pairing list for people (--list) or JSON (--json); 'go standings' prints
 * the standings by the file's placement criteria.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/commands.h"
#include "seatwise_version.h"
#include "swiss/go.h"
#include "util/fileio.h"
#include "util/strbuf.h"
#include "util/utf8.h"

static const char usage[] =
    "usage: seatwise go pair STATE.xml [-o OUT.xml] [--list FILE] [--json] [--round N]\n"
    "       seatwise go standings STATE.xml [-o FILE] [--json] [--round N]\n"
    "       seatwise go export STATE.xml --h9 [-o FILE.h9]\n"
    "Pairs the next round of an OpenGotha tournament file (McMahon or Swiss) as\n"
    "OpenGotha 3.51.02 does, with the parameter sets the file holds: players with\n"
    "registeringStatus FIN who take part in the round, the bye, costs, matching,\n"
    "colours, handicaps and table numbers (docs/go.md).\n"
    "The round is the one after the last round holding a game or a bye, or\n"
    "--round N (counted from 1). Standard output gets one line a table,\n"
    "'WHITE BLACK HANDICAP' (OpenGotha's player keys), then 'bye KEY' when\n"
    "someone sits out; --json prints the pairing as JSON instead.\n"
    "-o OUT.xml writes the tournament file with the round added (games with\n"
    "unknown results, the bye); it may be STATE.xml itself, replaced atomically.\n"
    "--list FILE writes the pairing list for people (table, white, black, ranks,\n"
    "handicap; '-' for standard output).\n"
    "standings: the players ordered by the file's placement criteria (MMS, SOS,\n"
    "SOSOS, SODOS, ...) after the last round holding a game, or after round N;\n"
    "players equal on every criterion share a place. Written to -o FILE or\n"
    "standard output; --json for programs.\n"
    "export --h9: the EGF results file of the rounds played (ISO-8859-15), for\n"
    "the European rating list.\n";

typedef struct go_args {
    const char *in, *out, *list;
    bool json, standings, h9;
    const char *sub;
    long round; /* 0: the next one */
} go_args;

static int parse_args(int argc, char **argv, go_args *a) {
    memset(a, 0, sizeof *a);
    if (argc < 2)
        return sw_cli_usage("go", "a subcommand is needed (pair)");
    if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
        fputs(usage, stdout);
        return SW_EXIT_OK;
    }
    if (strcmp(argv[1], "pair") && strcmp(argv[1], "standings") && strcmp(argv[1], "export"))
        return sw_cli_usage("go", "unknown subcommand '%s'", argv[1]);
    a->sub = argv[1];
    a->standings = !strcmp(argv[1], "standings");
    bool export = !strcmp(argv[1], "export"), pair = !strcmp(argv[1], "pair");
    const char *cmd = export ? "go export" : a->standings ? "go standings" : "go pair";
    for (int i = 2; i < argc; i++) {
        const char *s = argv[i], *next = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(s, "-h") || !strcmp(s, "--help")) {
            fputs(usage, stdout);
            return SW_EXIT_OK;
        } else if (!strcmp(s, "--json") && !export)
            a->json = true;
        else if (!strcmp(s, "--h9") && export)
            a->h9 = true;
        else if (!strcmp(s, "-o") || (!strcmp(s, "--list") && pair) ||
                 (!strcmp(s, "--round") && !export)) {
            if (!next)
                return sw_cli_usage(cmd, "option %s needs a value", s);
            i++;
            if (!strcmp(s, "-o"))
                a->out = next;
            else if (!strcmp(s, "--list"))
                a->list = next;
            else if (sw_cli_parse_int(next, 1, SW_GO_MAX_ROUNDS, &a->round))
                return sw_cli_usage(cmd, "--round needs a round from 1 to 20, not '%s'", next);
        } else if (s[0] == '-' && s[1])
            return sw_cli_usage(cmd, "unknown option '%s'", s);
        else if (a->in)
            return sw_cli_usage(cmd, "one tournament file only ('%s')", s);
        else
            a->in = s;
    }
    if (!a->in)
        return sw_cli_usage(cmd, "the tournament file is missing");
    if (export && !a->h9)
        return sw_cli_usage(cmd, "say which export: --h9");
    int to_stdout = (a->out && !strcmp(a->out, "-")) + (a->list && !strcmp(a->list, "-"));
    if (to_stdout > 1)
        return sw_cli_usage(cmd, "only one of -o and --list can be '-'");
    return -1;
}

static void keys_text(const sw_go_tournament *t, const sw_go_pairing *p, sw_strbuf *sb) {
    for (int i = 0; i < p->ngames; i++)
        sw_strbuf_printf(sb, "%s %s %d\n", t->players[p->games[i].white].key,
                         t->players[p->games[i].black].key, p->games[i].handicap);
    if (p->bye >= 0)
        sw_strbuf_printf(sb, "bye %s\n", t->players[p->bye].key);
}

static void json_player(const sw_go_tournament *t, int i, sw_strbuf *sb) {
    char rank[8];
    sw_go_rank_text(t->players[i].rank, rank);
    sw_strbuf_puts(sb, "{\"key\": ");
    sw_strbuf_json_string(sb, t->players[i].key);
    sw_strbuf_puts(sb, ", \"name\": ");
    sw_strbuf_json_string(sb, t->players[i].name);
    sw_strbuf_puts(sb, ", \"first_name\": ");
    sw_strbuf_json_string(sb, t->players[i].first_name);
    sw_strbuf_printf(sb, ", \"rank\": \"%s\"}", rank);
}

static void json_text(const sw_go_tournament *t, const sw_go_pairing *p, sw_strbuf *sb) {
    sw_strbuf_printf(sb, "{\n  \"round\": %d,\n  \"games\": [", p->round + 1);
    for (int i = 0; i < p->ngames; i++) {
        const sw_go_game *g = &p->games[i];
        sw_strbuf_printf(sb, "%s\n    {\"table\": %d, \"handicap\": %d, \"white\": ", i ? "," : "",
                         g->table, g->handicap);
        json_player(t, g->white, sb);
        sw_strbuf_puts(sb, ", \"black\": ");
        json_player(t, g->black, sb);
        sw_strbuf_puts(sb, "}");
    }
    sw_strbuf_puts(sb, p->ngames ? "\n  ],\n  \"bye\": " : "],\n  \"bye\": ");
    if (p->bye >= 0)
        json_player(t, p->bye, sb);
    else
        sw_strbuf_puts(sb, "null");
    sw_strbuf_puts(sb, "\n}\n");
}

static void list_name(const sw_go_tournament *t, int i, sw_strbuf *sb) {
    char rank[8], buf[512];
    sw_go_rank_text(t->players[i].rank, rank);
    snprintf(buf, sizeof buf, "%s %s (%s)", t->players[i].name, t->players[i].first_name, rank);
    sw_strbuf_pad(sb, buf, 36);
}

static void list_text(const sw_go_tournament *t, const sw_go_pairing *p, sw_strbuf *sb) {
    sw_strbuf_printf(sb, "Round %d\n\n%5s  ", p->round + 1, "Table");
    sw_strbuf_pad(sb, "White", 36);
    sw_strbuf_puts(sb, "  ");
    sw_strbuf_pad(sb, "Black", 36);
    sw_strbuf_puts(sb, "  Hcp\n");
    for (int i = 0; i < p->ngames; i++) {
        sw_strbuf_printf(sb, "%5d  ", p->games[i].table);
        list_name(t, p->games[i].white, sb);
        sw_strbuf_puts(sb, "  ");
        list_name(t, p->games[i].black, sb);
        sw_strbuf_printf(sb, "  %3d\n", p->games[i].handicap);
    }
    if (p->bye >= 0) {
        sw_strbuf_puts(sb, "\nBye: ");
        list_name(t, p->bye, sb);
        while (sb->len && sb->data[sb->len - 1] == ' ')
            sb->data[--sb->len] = 0;
        sw_strbuf_puts(sb, "\n");
    }
}

static int write_all(const go_args *a, const sw_go_tournament *t, const sw_go_pairing *p) {
    sw_strbuf xml, list, std;
    sw_strbuf_init(&xml);
    sw_strbuf_init(&list);
    sw_strbuf_init(&std);
    sw_out_file files[3];
    int n = 0;
    if (a->out) {
        sw_go_write(t, &xml);
        files[n++] = (sw_out_file){a->out, sw_strbuf_cstr(&xml), xml.len};
    }
    if (a->list) {
        list_text(t, p, &list);
        files[n++] = (sw_out_file){a->list, sw_strbuf_cstr(&list), list.len};
    }
    bool stdout_taken = (a->out && !strcmp(a->out, "-")) || (a->list && !strcmp(a->list, "-"));
    if (!stdout_taken) {
        if (a->json)
            json_text(t, p, &std);
        else
            keys_text(t, p, &std);
        files[n++] = (sw_out_file){"-", sw_strbuf_cstr(&std), std.len};
    }
    sw_error err;
    sw_error_clear(&err);
    int rc = SW_EXIT_OK;
    if (xml.failed || list.failed || std.failed)
        rc = sw_cli_fail(&(sw_error){.code = SW_ERR_NOMEM, .msg = "out of memory"});
    else if (sw_files_write_atomic(files, n, &err))
        rc = sw_cli_fail(&err);
    sw_strbuf_free(&xml);
    sw_strbuf_free(&list);
    sw_strbuf_free(&std);
    return rc;
}

/* A criterion's value as OpenGotha shows it: whole points and a fraction. */
static void crit_value(sw_go_crit c, int64_t v, sw_strbuf *sb) {
    if (c == SW_GO_C_RANK) {
        char r[8];
        sw_go_rank_text((int)v, r);
        sw_strbuf_puts(sb, r);
        return;
    }
    int scale = sw_go_crit_scale(c);
    int64_t whole = v / scale, part = v % scale;
    if (part < 0) {
        whole--;
        part += scale;
    }
    static const char *const frac[] = {"", "¼", "½", "¾"};
    int q = (int)(part * 4 / scale);
    if (whole == 0 && q && v >= 0)
        sw_strbuf_puts(sb, frac[q]);
    else
        sw_strbuf_printf(sb, "%lld%s", (long long)whole, frac[q]);
}

static void standings_text(const sw_go_tournament *t, const sw_go_standing *s, int n, int k,
                           sw_strbuf *sb) {
    sw_strbuf_printf(sb, "Standings after round %d\n\n%5s  ", k + 1, "Place");
    sw_strbuf_pad(sb, "Name", 30);
    sw_strbuf_puts(sb, "  Rank  Co  Club");
    for (int c = 0; c < 6; c++)
        if (t->par.crit[c] != SW_GO_C_NULL)
            sw_strbuf_printf(sb, " %8s", sw_go_crit_name(t->par.crit[c]));
    sw_strbuf_puts(sb, "\n");
    for (int i = 0; i < n; i++) {
        const sw_go_player *p = &t->players[s[i].player];
        char name[512], rank[8];
        snprintf(name, sizeof name, "%s %s", p->name, p->first_name);
        sw_go_rank_text(p->rank, rank);
        if (i > 0 && s[i].place == s[i - 1].place)
            sw_strbuf_puts(sb, "       ");
        else
            sw_strbuf_printf(sb, "%5d  ", s[i].place);
        sw_strbuf_pad(sb, name, 30);
        sw_strbuf_printf(sb, "  %4s  ", rank);
        sw_strbuf_pad(sb, p->country, 2);
        sw_strbuf_puts(sb, "  ");
        sw_strbuf_pad(sb, p->club, 4);
        for (int c = 0; c < 6; c++) {
            if (t->par.crit[c] == SW_GO_C_NULL)
                continue;
            sw_strbuf v;
            sw_strbuf_init(&v);
            crit_value(t->par.crit[c], s[i].crit[c], &v);
            size_t w = sw_utf8_width(sw_strbuf_cstr(&v));
            for (; w < 8; w++)
                sw_strbuf_puts(sb, " ");
            sw_strbuf_printf(sb, " %s", sw_strbuf_cstr(&v));
            sw_strbuf_free(&v);
        }
        sw_strbuf_puts(sb, "\n");
    }
}

static void standings_json(const sw_go_tournament *t, const sw_go_standing *s, int n, int k,
                           sw_strbuf *sb) {
    sw_strbuf_printf(sb, "{\n  \"round\": %d,\n  \"criteria\": [", k + 1);
    int nc = 0;
    for (int c = 0; c < 6; c++)
        if (t->par.crit[c] != SW_GO_C_NULL)
            sw_strbuf_printf(sb, "%s\"%s\"", nc++ ? ", " : "", sw_go_crit_name(t->par.crit[c]));
    sw_strbuf_puts(sb, "],\n  \"standings\": [");
    for (int i = 0; i < n; i++) {
        sw_strbuf_printf(sb, "%s\n    {\"place\": %d, \"player\": ", i ? "," : "", s[i].place);
        json_player(t, s[i].player, sb);
        sw_strbuf_puts(sb, ", \"values\": [");
        nc = 0;
        for (int c = 0; c < 6; c++) {
            sw_go_crit cr = t->par.crit[c];
            if (cr == SW_GO_C_NULL)
                continue;
            int scale = sw_go_crit_scale(cr);
            if (scale == 1)
                sw_strbuf_printf(sb, "%s%lld", nc++ ? ", " : "", (long long)s[i].crit[c]);
            else
                sw_strbuf_printf(sb, "%s%g", nc++ ? ", " : "", (double)s[i].crit[c] / scale);
        }
        sw_strbuf_puts(sb, "]}");
    }
    sw_strbuf_puts(sb, n ? "\n  ]\n}\n" : "]\n}\n");
}

static int run_standings(const go_args *a, const sw_go_tournament *t) {
    int k = a->round ? (int)a->round - 1 : sw_go_last_round(t);
    sw_error err;
    sw_error_clear(&err);
    if (k < 0)
        k = 0;
    sw_go_standing *s;
    int n;
    if (sw_go_standings(t, k, &s, &n, &err))
        return sw_cli_fail(&err);
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    if (a->json)
        standings_json(t, s, n, k, &sb);
    else
        standings_text(t, s, n, k, &sb);
    int rc = SW_EXIT_OK;
    if (sb.failed)
        rc = sw_cli_fail(&(sw_error){.code = SW_ERR_NOMEM, .msg = "out of memory"});
    else if (sw_file_write_atomic(a->out ? a->out : "-", sw_strbuf_cstr(&sb), sb.len, &err))
        rc = sw_cli_fail(&err);
    sw_strbuf_free(&sb);
    free(s);
    return rc;
}

static int run_h9(const go_args *a, const sw_go_tournament *t) {
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    sw_error err;
    sw_error_clear(&err);
    int rc = SW_EXIT_OK;
    if (sw_go_write_h9(t, "seatwise " SEATWISE_VERSION, &sb, &err) ||
        sw_file_write_atomic(a->out ? a->out : "-", sw_strbuf_cstr(&sb), sb.len, &err))
        rc = sw_cli_fail(&err);
    sw_strbuf_free(&sb);
    return rc;
}

int sw_cmd_go(int argc, char **argv) {
    go_args a;
    int rc = parse_args(argc, argv, &a);
    if (rc >= 0)
        return rc;
    if (strcmp(a.sub, "pair")) {
        char cmd[32];
        snprintf(cmd, sizeof cmd, "go %s", a.sub);
        sw_cli_output o = {"-o", a.out};
        const char *in[1] = {a.in};
        if ((rc = sw_cli_check_outputs(cmd, &o, 1, in, 1)))
            return rc;
        sw_go_tournament t;
        sw_error err;
        sw_error_clear(&err);
        if (sw_go_read(a.in, &t, &err))
            return sw_cli_fail(&err);
        rc = a.h9 ? run_h9(&a, &t) : run_standings(&a, &t);
        sw_go_free(&t);
        return rc;
    }
    sw_cli_output outs[2] = {{"-o", a.out}, {"--list", a.list}};
    const char *ins[1] = {a.in};
    /* -o may name the input: it is read whole before the atomic write */
    if ((rc = sw_cli_check_outputs("go pair", outs + 1, 1, ins, 1)) ||
        (rc = sw_cli_check_outputs("go pair", outs, 2, NULL, 0)))
        return rc;
    sw_go_tournament t;
    sw_error err;
    sw_error_clear(&err);
    if (sw_go_read(a.in, &t, &err))
        return sw_cli_fail(&err);
    int round = (int)a.round - 1;
    sw_go_pairing p = {0};
    if ((round < 0 && sw_go_next_round(&t, &round, &err)) || sw_go_pair(&t, round, &p, &err) ||
        sw_go_add_round(&t, &p, &err))
        rc = sw_cli_fail(&err);
    else
        rc = write_all(&a, &t, &p);
    sw_go_pairing_free(&p);
    sw_go_free(&t);
    return rc;
}
