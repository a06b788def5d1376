/* src/swiss/results.c: entering a round's results into a TRF record. The
 * boards of a recorded round in the order the pairing list numbers them,
 * the results text (board results and byes, docs/formats.md "Results of a
 * Swiss round"), and merging it into the record after checking it against
 * the round's pairing: the results column written for both players of a
 * board, the points recomputed.
 * SPDX-License-Identifier: MIT */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "swiss/swiss_internal.h"
#include "util/fileio.h"

/* Points before round r (0-based) from the recorded games: the score the
 * published board order reads (acceleration not included). */
static int score_before(const sw_swiss_trf *trf, const sw_swiss_player *p, int r) {
    int s = 0;
    for (int k = 0; k < r; k++)
        s += sw_swiss_game_points2(trf, &p->games[k]);
    return s;
}

typedef struct board_key {
    int hi2, lo2, hi_id;
    sw_swiss_board b;
} board_key;

/* As the pairing publishes its boards (pair.c): the higher player's score,
 * the lower player's, then the higher player's pairing number. */
static int cmp_key(const void *x, const void *y) {
    const board_key *a = x, *b = y;
    if (a->hi2 != b->hi2)
        return b->hi2 - a->hi2;
    if (a->lo2 != b->lo2)
        return b->lo2 - a->lo2;
    return a->hi_id - b->hi_id;
}

sw_status sw_swiss_round_boards(const sw_swiss_trf *trf, int round, sw_swiss_board **boards,
                                int *nboards, sw_error *err) {
    *boards = NULL;
    *nboards = 0;
    if (round < 1 || round > trf->nrounds)
        return sw_error_set(err, SW_ERR_INVALID, trf->path, 0,
                            "round %d is not in the record, which has %d round%s paired", round,
                            trf->nrounds, trf->nrounds == 1 ? "" : "s");
    int r = round - 1, n = trf->nplayers, nb = 0, nbye = 0;
    board_key *keys = malloc(sizeof *keys * (size_t)(n + 1));
    sw_swiss_board *byes = malloc(sizeof *byes * (size_t)(n + 1));
    bool *seen = calloc((size_t)n + 1, sizeof *seen);
    if (!keys || !byes || !seen) {
        free(keys);
        free(byes);
        free(seen);
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    }
    for (int i = 0; i < n; i++) {
        const sw_swiss_player *p = &trf->players[i];
        const sw_swiss_game *g = &p->games[r];
        if (sw_swiss_is_bye(g)) {
            byes[nbye++] = (sw_swiss_board){p->id, 0};
            continue;
        }
        int j = g->opp > 0 && g->opp <= trf->max_id ? trf->index_of_id[g->opp] : -1;
        /* a board when both records name each other (else validation
         * refuses the record), listed once */
        if (j < 0 || seen[i] || seen[j] || trf->players[j].games[r].opp != p->id)
            continue;
        seen[i] = seen[j] = true;
        const sw_swiss_player *q = &trf->players[j];
        char qc = q->games[r].colour;
        /* white by the colours; without them the lower id first */
        bool p_white =
            g->colour == 'w' || qc == 'b' || (g->colour != 'b' && qc != 'w' && p->id < q->id);
        int sp = score_before(trf, p, r), sq = score_before(trf, q, r);
        bool p_hi = sp > sq || (sp == sq && p->id < q->id);
        keys[nb++] =
            (board_key){p_hi ? sp : sq, p_hi ? sq : sp, p_hi ? p->id : q->id,
                        p_white ? (sw_swiss_board){p->id, q->id} : (sw_swiss_board){q->id, p->id}};
    }
    free(seen);
    qsort(keys, (size_t)nb, sizeof *keys, cmp_key);
    sw_swiss_board *out = malloc(sizeof *out * (size_t)(nb + nbye + 1));
    if (!out) {
        free(keys);
        free(byes);
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    }
    for (int k = 0; k < nb; k++)
        out[k] = keys[k].b;
    for (int k = 0; k < nbye; k++) /* players in file order; the bye last, as listed */
        out[nb + k] = byes[k];
    free(keys);
    free(byes);
    *boards = out;
    *nboards = nb + nbye;
    return SW_OK;
}

/* The result words (docs/formats.md): white's and black's TRF codes. */
bool sw_swiss_result_word(const char *w, size_t n, char *white, char *black) {
    static const struct {
        const char *word;
        char w, b;
    } words[] = {
        {"1-0", '1', '0'},  {"0-1", '0', '1'},     {"=", '=', '='},       {"½-½", '=', '='},
        {"½", '=', '='},    {"1/2-1/2", '=', '='}, {"0.5-0.5", '=', '='}, {"=-=", '=', '='},
        {"+/-", '+', '-'},  {"+-", '+', '-'},      {"-/+", '-', '+'},     {"-+", '-', '+'},
        {"-/-", '-', '-'},  {"--", '-', '-'},      {"1-0F", '+', '-'},    {"0-1F", '-', '+'},
        {"0-0F", '-', '-'},
    };
    for (size_t k = 0; k < sizeof words / sizeof words[0]; k++)
        if (strlen(words[k].word) == n && !memcmp(words[k].word, w, n)) {
            *white = words[k].w;
            *black = words[k].b;
            return true;
        }
    return false;
}

/* Words of the results text: blanks separate them, '#' starts a comment. */
typedef struct word {
    const char *s;
    size_t n;
    int line, col;
} word;

static sw_status split_words(const char *text, size_t len, const char *path, word **out, int *nw,
                             sw_error *err) {
    const char *p = text, *end = text + len, *line;
    size_t n;
    int lineno = 0, cap = 0;
    *out = NULL;
    *nw = 0;
    while (sw_next_line(&p, end, &line, &n)) {
        lineno++;
        size_t i = 0;
        while (i < n) {
            while (i < n && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r'))
                i++;
            if (i >= n || line[i] == '#')
                break;
            size_t s = i;
            while (i < n && line[i] != ' ' && line[i] != '\t' && line[i] != '\r' && line[i] != '#')
                i++;
            if (*nw == cap) {
                cap = cap ? 2 * cap : 32;
                word *w = realloc(*out, sizeof *w * (size_t)cap);
                if (!w) {
                    free(*out);
                    *out = NULL;
                    return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
                }
                *out = w;
            }
            (*out)[(*nw)++] = (word){line + s, i - s, lineno, (int)s + 1};
        }
    }
    (void)path;
    return SW_OK;
}

/* A whole number of at most 9 digits; -1 otherwise. */
static long word_int(const word *w) {
    if (!w->n || w->n > 9)
        return -1;
    long v = 0;
    for (size_t i = 0; i < w->n; i++) {
        if (!isdigit((unsigned char)w->s[i]))
            return -1;
        v = v * 10 + (w->s[i] - '0');
    }
    return v;
}

/* The quoted word for messages: at most 24 bytes. */
#define QW(w) (int)((w)->n < 24 ? (w)->n : 24), (w)->s

sw_status sw_swiss_results_parse(const char *text, size_t len, const char *path,
                                 sw_swiss_result **out, int *nout, sw_error *err) {
    word *w;
    int nw;
    *out = NULL;
    *nout = 0;
    sw_status st = split_words(text, len, path, &w, &nw, err);
    if (st)
        return st;
    sw_swiss_result *res = malloc(sizeof *res * (size_t)(nw / 2 + 1));
    if (!res) {
        free(w);
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    }
    int n = 0;
    for (int k = 0; k < nw && !st;) {
        const word *a = &w[k];
        bool player = a->n == 6 && !memcmp(a->s, "player", 6);
        int need = player ? 3 : 2;
        if (k + need > nw) {
            st = sw_error_set(err, SW_ERR_PARSE, path, a->line,
                              player ? "'player' needs a player id and a bye code (H F U Z)"
                                     : "board '%.*s' has no result after it",
                              QW(a));
            break;
        }
        const word *num = player ? &w[k + 1] : a, *code = &w[k + need - 1];
        long v = word_int(num);
        sw_swiss_result e = {0, 0, 0, 0, code->line};
        if (v < 1 || v > SW_SWISS_MAX_PLAYERS) {
            st = sw_error_set(err, SW_ERR_PARSE, path, num->line,
                              "'%.*s' in column %d, expected %s", QW(num), num->col,
                              player ? "a player id (a number from 1)"
                                     : "a board number (from 1) or 'player'");
            break;
        }
        if (player) {
            e.player = (int)v;
            e.white = code->n == 1 && strchr("HFUZ", code->s[0]) ? code->s[0] : 0;
            if (code->n == 4 && !memcmp(code->s, "none", 4))
                e.white = ' '; /* a bye or absence entered ahead withdrawn */
            if (!e.white)
                st = sw_error_set(err, SW_ERR_PARSE, path, code->line,
                                  "player %ld: '%.*s' in column %d, expected a bye code: H "
                                  "(half point), F (full point), U (pairing-allocated), Z (zero), "
                                  "or none (withdraw one entered ahead)",
                                  v, QW(code), code->col);
        } else {
            e.board = (int)v;
            if (!sw_swiss_result_word(code->s, code->n, &e.white, &e.black))
                st = sw_error_set(err, SW_ERR_PARSE, path, code->line,
                                  "board %ld: result '%.*s' in column %d, expected 1-0, 0-1, = "
                                  "(or ½-½, 0.5-0.5), +/- or -/+ (forfeit), -/- (double "
                                  "forfeit)",
                                  v, QW(code), code->col);
        }
        res[n++] = e;
        k += need;
    }
    free(w);
    if (st) {
        free(res);
        return st;
    }
    *out = res;
    *nout = n;
    return SW_OK;
}

/* Check every entry before changing anything: a known board that is not
 * the bye, a known player without a board, nothing given twice (first[]
 * holds the line of each board's, then each player's, first entry). Linear
 * in the entries, however many a file holds. */
static sw_status check_entries(const sw_swiss_trf *trf, int round, const sw_swiss_board *b, int nb,
                               const sw_swiss_result *e, int n, const char *path, sw_error *err) {
    int *first = calloc((size_t)nb + (size_t)trf->max_id + 2, sizeof *first);
    int *at = calloc((size_t)trf->max_id + 1, sizeof *at); /* 1 + a player's board, 0 none */
    if (!first || !at) {
        free(first);
        free(at);
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    }
    for (int k = 0; k < nb; k++) {
        at[b[k].white] = k + 1;
        if (b[k].black)
            at[b[k].black] = k + 1;
    }
    sw_status st = SW_OK;
    for (int k = 0; k < n && !st; k++) {
        int slot;
        if (e[k].board) {
            int bd = e[k].board;
            if (bd < 1 || bd > nb) { /* the reader gives >= 1; gcc -O3 cannot see it */
                st = sw_error_set(err, SW_ERR_INVALID, path, e[k].line,
                                  "board %d: round %d has %d board%s", bd, round, nb,
                                  nb == 1 ? "" : "s");
                break;
            }
            if (b[bd - 1].black == 0) {
                st = sw_error_set(err, SW_ERR_INVALID, path, e[k].line,
                                  "board %d is the bye of player %d: it takes no result", bd,
                                  b[bd - 1].white);
                break;
            }
            slot = bd - 1;
        } else {
            int id = e[k].player;
            if (id > trf->max_id || trf->index_of_id[id] < 0) {
                st = sw_error_set(err, SW_ERR_INVALID, path, e[k].line,
                                  "player %d is not in the record", id);
                break;
            }
            int bd = at[id] - 1;
            if (bd >= 0) {
                st = sw_error_set(err, SW_ERR_INVALID, path, e[k].line,
                                  b[bd].black ? "player %d plays on board %d in round %d: give "
                                                "the board's result"
                                              : "player %d has the pairing-allocated bye (board "
                                                "%d) in round %d",
                                  id, bd + 1, round);
                break;
            }
            slot = nb + id;
        }
        if (first[slot])
            st = sw_error_set(err, SW_ERR_INVALID, path, e[k].line,
                              e[k].board ? "board %d given twice (first on line %d)"
                                         : "player %d given twice (first on line %d)",
                              e[k].board ? e[k].board : e[k].player, first[slot]);
        first[slot] = e[k].line > 0 ? e[k].line : 1;
    }
    free(first);
    free(at);
    return st;
}

/* Whether player p has something entered ahead for round r + 1 (the
 * record's next): a code in the column of byes written ahead, or an XXZ
 * absence. */
static bool has_ahead(const sw_swiss_trf *trf, const sw_swiss_player *p, int r) {
    return (trf->preset && p->games[r].result != ' ') || p->absent;
}

/* Byes entered ahead for the round after the record's last (a half-point
 * bye asked for, an absence announced): the column of byes written ahead
 * (trf->preset) is started or added to. Only 'player ID CODE' entries, H F
 * or Z (the pairing gives U), or none, which withdraws what the player had
 * entered ahead (a code of the column or an XXZ absence: the player is
 * paired after all); at least one player left to pair. */
static sw_status apply_ahead(sw_swiss_trf *trf, int round, const sw_swiss_result *e, int n,
                             const char *path, sw_error *err) {
    int r = trf->nrounds;
    for (int k = 0; k < n; k++) {
        if (e[k].board)
            return sw_error_set(err, SW_ERR_INVALID, path, e[k].line,
                                "board %d: round %d is not in the record, which has %d round%s "
                                "paired: only byes ('player ID H', 'F' or 'Z') can be entered "
                                "ahead for it",
                                e[k].board, round, r, r == 1 ? "" : "s");
        if (e[k].white == 'U')
            return sw_error_set(err, SW_ERR_INVALID, path, e[k].line,
                                "player %d: U is the pairing-allocated bye, which the pairing of "
                                "round %d gives; ahead of it only H, F or Z",
                                e[k].player, round);
    }
    sw_status st = check_entries(trf, round, NULL, 0, e, n, path, err);
    if (st)
        return st;
    for (int k = 0; k < n; k++)
        if (e[k].white == ' ' && !has_ahead(trf, &trf->players[trf->index_of_id[e[k].player]], r))
            return sw_error_set(err, SW_ERR_INVALID, path, e[k].line,
                                "player %d has no bye or absence entered for round %d: nothing "
                                "to withdraw",
                                e[k].player, round);
    /* the column's codes once the entries are in: a blank is a player to pair */
    char *code = malloc((size_t)trf->nplayers + 1);
    if (!code)
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    for (int i = 0; i < trf->nplayers; i++)
        code[i] = trf->preset ? trf->players[i].games[r].result : ' ';
    for (int k = 0; k < n; k++)
        code[trf->index_of_id[e[k].player]] = e[k].white;
    int blank = 0, coded = 0;
    for (int i = 0; i < trf->nplayers; i++) {
        blank += code[i] == ' ';
        coded += code[i] != ' ';
    }
    free(code);
    if (!blank)
        return sw_error_set(err, SW_ERR_INVALID, path, n ? e[n - 1].line : 0,
                            "byes for all %d players leave nobody to pair in round %d",
                            trf->nplayers, round);
    if ((st = sw_swiss_grow_rounds(trf, r + 1, err)))
        return st;
    if (!trf->preset)
        for (int i = 0; i < trf->nplayers; i++)
            trf->players[i].games[r] = (sw_swiss_game){0, '-', ' '};
    for (int k = 0; k < n; k++) {
        sw_swiss_player *p = &trf->players[trf->index_of_id[e[k].player]];
        p->games[r] = (sw_swiss_game){0, '-', e[k].white};
        p->absent = e[k].white != ' '; /* not paired in that round, or paired after all */
    }
    trf->preset = coded > 0; /* no code left: no column of byes written ahead */
    return SW_OK;
}

/* 'player ID none' in a round already paired: too late to withdraw. */
static sw_status refuse_withdrawal(int round, const sw_swiss_result *e, int n, const char *path,
                                   sw_error *err) {
    for (int k = 0; k < n; k++)
        if (!e[k].board && e[k].white == ' ')
            return sw_error_set(err, SW_ERR_INVALID, path, e[k].line,
                                "player %d: round %d is already paired, so a bye entered ahead "
                                "can no longer be withdrawn ('none'); withdraw it in the record "
                                "the round was paired from and pair the round again, or give "
                                "another code (H, F, U, Z)",
                                e[k].player, round);
    return SW_OK;
}

sw_status sw_swiss_results_apply(sw_swiss_trf *trf, int round, const sw_swiss_result *e, int n,
                                 const char *path, int *missing, sw_error *err) {
    if (round == trf->nrounds + 1) {
        if (missing)
            *missing = 0;
        return apply_ahead(trf, round, e, n, path, err);
    }
    sw_swiss_board *b;
    int nb;
    sw_status st = sw_swiss_round_boards(trf, round, &b, &nb, err);
    if (st)
        return st;
    st = check_entries(trf, round, b, nb, e, n, path, err);
    if (!st)
        st = refuse_withdrawal(round, e, n, path, err);
    if (st) {
        free(b);
        return st;
    }
    int r = round - 1;
    for (int k = 0; k < n; k++) {
        if (e[k].board) {
            const sw_swiss_board *bd = &b[e[k].board - 1];
            trf->players[trf->index_of_id[bd->white]].games[r].result = e[k].white;
            trf->players[trf->index_of_id[bd->black]].games[r].result = e[k].black;
        } else {
            sw_swiss_player *p = &trf->players[trf->index_of_id[e[k].player]];
            p->games[r] = (sw_swiss_game){0, '-', e[k].white};
        }
    }
    if (missing) {
        *missing = 0;
        for (int k = 0; k < nb; k++)
            if (b[k].black && trf->players[trf->index_of_id[b[k].white]].games[r].result == ' ')
                (*missing)++;
    }
    free(b);
    for (int i = 0; i < trf->nplayers; i++) {
        sw_swiss_player *p = &trf->players[i];
        p->points2 = score_before(trf, p, trf->nrounds);
    }
    return SW_OK;
}

void sw_swiss_trf_truncate(sw_swiss_trf *trf, int rounds) {
    if (rounds < 0 || rounds >= trf->nrounds)
        return;
    trf->nrounds = rounds;
    trf->preset = false;
    for (int i = 0; i < trf->nplayers; i++)
        trf->players[i].points2 = score_before(trf, &trf->players[i], rounds);
}
