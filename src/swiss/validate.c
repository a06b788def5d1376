/* src/swiss/validate.c: is a TRF record a legal Swiss history? Also the
 * player state before a round (score, colour history, opponents) and the
 * colour rules that pairing and validation share.
 * SPDX-License-Identifier: MIT */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "swiss/swiss_internal.h"

void sw_swiss_state_free(sw_swiss_state *st) {
    if (!st)
        return;
    free(st->p);
    free(st->pool);
    free(st->cpool);
    memset(st, 0, sizeof *st);
}

/* Add one round's game to a player's state (opponents only when the state
 * keeps them: opps not NULL). */
static void apply_game(const sw_swiss_trf *trf, sw_swiss_pstate *s, const sw_swiss_game *g) {
    s->score2 += sw_swiss_game_points2(trf, g);
    if (sw_swiss_is_bye(g))
        s->had_bye = true;
    if (g->opp > 0 && g->result == '+')
        s->had_fwin = true;
    if (g->opp > 0 && sw_swiss_played(g->result)) {
        if (s->opps && s->cols)
            s->cols[s->nopp] = g->colour == 'w' || g->colour == 'b' ? g->colour : 0;
        if (s->opps)
            s->opps[s->nopp++] = g->opp;
        if (g->colour == 'w' || g->colour == 'b') {
            s->coldiff += g->colour == 'w' ? 1 : -1;
            s->run = s->last == g->colour ? s->run + 1 : 1;
            s->last = g->colour;
        }
    }
}

sw_status sw_swiss_state_build(const sw_swiss_trf *trf, int round, sw_swiss_state *st,
                               sw_error *err) {
    int n = trf->nplayers, upto = round - 1;
    if (upto > trf->nrounds)
        upto = trf->nrounds;
    memset(st, 0, sizeof *st);
    st->n = n;
    st->p = calloc((size_t)n, sizeof *st->p);
    st->pool = malloc(sizeof(int) * ((size_t)n * (size_t)(upto > 0 ? upto : 1)));
    st->cpool = malloc((size_t)n * (size_t)(upto > 0 ? upto : 1));
    /* Scores before each round, for the floats of the last two rounds. */
    int *before = calloc((size_t)n * 3, sizeof(int));
    if (!st->p || !st->pool || !st->cpool || !before) {
        free(before);
        sw_swiss_state_free(st);
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    }
    for (int i = 0; i < n; i++) {
        sw_swiss_pstate *s = &st->p[i];
        const sw_swiss_player *pl = &trf->players[i];
        s->opps = st->pool + (size_t)i * (size_t)(upto > 0 ? upto : 1);
        s->cols = st->cpool + (size_t)i * (size_t)(upto > 0 ? upto : 1);
        for (int r = 0; r < upto; r++) {
            if (r >= upto - 2) /* the pairing score of that round, acceleration included */
                before[(size_t)i * 3 + (size_t)(r - (upto - 2))] =
                    s->score2 + sw_swiss_accel2(pl, r);
            apply_game(trf, s, &pl->games[r]);
        }
    }
    /* Floats (1.4): a game against a different score floats the higher
     * one down and the lower one up; a pairing-allocated bye, or points
     * above a loss without playing, floats down. A loss scores nothing
     * unless an XXS line says otherwise (then the more of its two kinds). */
    int loss2 = 0;
    if (trf->points_custom)
        loss2 = trf->pts2[SW_PTS_WL] > trf->pts2[SW_PTS_BL] ? trf->pts2[SW_PTS_WL]
                                                            : trf->pts2[SW_PTS_BL];
    for (int i = 0; i < n; i++)
        for (int k = 0; k < 2; k++) {
            int r = upto - 2 + k;
            if (r < 0)
                continue;
            const sw_swiss_game *g = &trf->players[i].games[r];
            char f = 0;
            if (g->opp > 0 && sw_swiss_played(g->result)) {
                int j = trf->index_of_id[g->opp];
                int a = before[(size_t)i * 3 + (size_t)k], b = before[(size_t)j * 3 + (size_t)k];
                f = a > b ? 'd' : a < b ? 'u' : 0;
            } else if (sw_swiss_game_points2(trf, g) > loss2) {
                f = 'd';
            }
            if (k == 1)
                st->p[i].fl1 = f;
            else
                st->p[i].fl2 = f;
        }
    free(before);
    /* Pairing score (C.04.5): the acceleration of the round being paired
     * counts as points for everything the pairing weighs. */
    for (int i = 0; i < n; i++)
        st->p[i].score2 += sw_swiss_accel2(&trf->players[i], round - 1);
    return SW_OK;
}

char sw_swiss_pref(const sw_swiss_pstate *a, int *strength) {
    int cd = a->coldiff;
    if (cd < -1 || (a->run >= 2 && a->last == 'b')) {
        *strength = 3;
        return 'w';
    }
    if (cd > 1 || (a->run >= 2 && a->last == 'w')) {
        *strength = 3;
        return 'b';
    }
    if (cd == 1 || cd == -1) {
        *strength = 2;
        return cd < 0 ? 'w' : 'b';
    }
    if (a->last) {
        *strength = 1;
        return a->last == 'w' ? 'b' : 'w';
    }
    *strength = 0;
    return 0;
}

bool sw_swiss_met(const sw_swiss_pstate *a, int id_b) {
    for (int k = 0; k < a->nopp; k++)
        if (a->opps[k] == id_b)
            return true;
    return false;
}

bool sw_swiss_colour_ok(const sw_swiss_pstate *a, char c, bool waive) {
    if (waive)
        return true;
    /* A difference already beyond +-2 (an irregular record accepted with a
     * warning) may move back towards zero, never further out. */
    int d = a->coldiff + (c == 'w' ? 1 : -1);
    if ((d > 2 || d < -2) && (d < 0 ? -d : d) > (a->coldiff < 0 ? -a->coldiff : a->coldiff))
        return false;
    return !(a->run >= 2 && a->last == c);
}

bool sw_swiss_eq_pref(const sw_swiss_pstate *a, char c) {
    if (a->coldiff == 0)
        return true;
    return (a->coldiff < 0) == (c == 'w');
}

bool sw_swiss_alt_pref(const sw_swiss_pstate *a, char c) {
    return a->last == 0 || a->last != c;
}

char sw_swiss_choose_colour(const sw_swiss_pstate *a, const sw_swiss_pstate *b, int a_id, int b_id,
                            int board, char initial, bool waive) {
    (void)b_id;
    (void)board;
    bool w_ok = sw_swiss_colour_ok(a, 'w', waive) && sw_swiss_colour_ok(b, 'b', waive);
    bool b_ok = sw_swiss_colour_ok(a, 'b', waive) && sw_swiss_colour_ok(b, 'w', waive);
    if (!w_ok && !b_ok)
        return 0;
    if (w_ok != b_ok)
        return w_ok ? 'w' : 'b';
    /* The Dutch colour allocation rules (C.04.3 5.2), a higher ranked. */
    int sa, sb;
    char pa = sw_swiss_pref(a, &sa), pb = sw_swiss_pref(b, &sb);
    if (pa && pb && pa != pb) /* both preferences granted */
        return pa;
    if (sa != sb) /* the stronger preference */
        return sa > sb ? pa : (pb == 'w' ? 'b' : 'w');
    if (sa == 3 && a->coldiff != b->coldiff) { /* both absolute: the wider difference */
        int wa = a->coldiff < 0 ? -a->coldiff : a->coldiff;
        int wb = b->coldiff < 0 ? -b->coldiff : b->coldiff;
        if (wa != wb)
            return wa > wb ? pa : (pb == 'w' ? 'b' : 'w');
    }
    /* Alternate to the most recent game in which they had different
     * colours (played games only, each counted back from its last). */
    for (int ka = a->nopp - 1, kb = b->nopp - 1; ka >= 0 && kb >= 0; ka--, kb--) {
        char ca = a->cols[ka], cb = b->cols[kb];
        if (ca && cb && ca != cb)
            return ca == 'w' ? 'b' : 'w';
    }
    if (pa) /* the higher ranked player's preference */
        return pa;
    /* Initial colour to the higher ranked when his pairing number is odd. */
    char other = initial == 'b' ? 'w' : 'b';
    return a_id % 2 == 1 ? (initial == 'b' ? 'b' : 'w') : other;
}

/* ---- validation ---- */

static bool results_match(char a, char b) {
    static const char *ok[] = {"10", "01", "==", "WL", "LW", "DD", "+-", "-+", "--"};
    for (size_t k = 0; k < sizeof ok / sizeof ok[0]; k++)
        if (ok[k][0] == a && ok[k][1] == b)
            return true;
    return false;
}

static sw_status check_game(const sw_swiss_trf *trf, int i, int r, sw_error *err) {
    const sw_swiss_player *p = &trf->players[i];
    const sw_swiss_game *g = &p->games[r];
    const char *path = trf->path;
    if (g->opp == 0) {
        if (!strchr("HFUZ -+", g->result))
            return sw_error_set(err, SW_ERR_INVALID, path, p->line,
                                "player %d, round %d: result '%c' without an opponent, expected a "
                                "bye code (H F U Z) or blank",
                                p->id, r + 1, g->result);
        if (g->colour != '-')
            return sw_error_set(err, SW_ERR_INVALID, path, p->line,
                                "player %d, round %d: colour '%c' without an opponent, expected -",
                                p->id, r + 1, g->colour);
        return SW_OK;
    }
    if (g->opp > trf->max_id || trf->index_of_id[g->opp] < 0 || g->opp == p->id)
        return sw_error_set(err, SW_ERR_INVALID, path, p->line,
                            "player %d, round %d: opponent %d is %s", p->id, r + 1, g->opp,
                            g->opp == p->id ? "the player itself" : "not a player of this file");
    const sw_swiss_player *q = &trf->players[trf->index_of_id[g->opp]];
    const sw_swiss_game *h = &q->games[r];
    if (h->opp != p->id)
        return sw_error_set(err, SW_ERR_INVALID, path, p->line,
                            "player %d, round %d: opponent %d lists opponent %d in that round "
                            "(line %d), expected %d",
                            p->id, r + 1, q->id, h->opp, q->line, p->id);
    if (g->result == ' ')
        return sw_error_set(err, SW_ERR_INVALID, path, p->line,
                            "player %d, round %d: the game against player %d has no result yet, "
                            "expected the round's results (1 0 = + -) before the next pairing",
                            p->id, r + 1, q->id);
    if (!strchr("10=+-WDL", g->result))
        return sw_error_set(err, SW_ERR_INVALID, path, p->line,
                            "player %d, round %d: result '%c' against player %d, expected a game "
                            "or forfeit result",
                            p->id, r + 1, g->result, q->id);
    if (!results_match(g->result, h->result))
        return sw_error_set(err, SW_ERR_INVALID, path, p->line,
                            "player %d, round %d: result '%c' against player %d who has '%c' "
                            "(line %d), expected matching results (1-0, =-=, +--)",
                            p->id, r + 1, g->result, q->id, h->result, q->line);
    bool played = sw_swiss_played(g->result);
    if (played && g->colour == '-')
        return sw_error_set(err, SW_ERR_INVALID, path, p->line,
                            "player %d, round %d: played game without a colour, expected w or b",
                            p->id, r + 1);
    if (g->colour != '-' && h->colour != '-' && g->colour == h->colour)
        return sw_error_set(err, SW_ERR_INVALID, path, p->line,
                            "player %d, round %d: colour %c and opponent %d also has %c (line "
                            "%d), expected opposite colours",
                            p->id, r + 1, g->colour, q->id, h->colour, q->line);
    if (played && h->colour == '-')
        return sw_error_set(err, SW_ERR_INVALID, path, q->line,
                            "player %d, round %d: played game without a colour, expected w or b",
                            q->id, r + 1);
    return SW_OK;
}

/* Absolute rules, checked in the state before round r+1 against round r's game. */
static sw_status check_rules(const sw_swiss_trf *trf, const sw_swiss_pstate *s,
                             const int *final_score2, bool rematch, int i, int r, sw_error *err) {
    const sw_swiss_player *p = &trf->players[i];
    const sw_swiss_game *g = &p->games[r];
    const char *path = trf->path;
    if (rematch)
        return sw_error_set(err, SW_ERR_INVALID, path, p->line,
                            "player %d, round %d: plays %d again, expected no rematch (rule 1; "
                            "only a forfeited game may be replayed)",
                            p->id, r + 1, g->opp);
    if (sw_swiss_is_bye(g) && (s->had_bye || s->had_fwin))
        return sw_error_set(err, SW_ERR_INVALID, path, p->line,
                            "player %d, round %d: pairing-allocated bye after %s, expected at most "
                            "one and none after a forfeit win (rule 3)",
                            p->id, r + 1, s->had_bye ? "an earlier bye" : "a forfeit win");
    /* The final round (XXR, or the last one recorded when XXR is absent)
     * lets topscorers (over 50% of the maximum score) and their opponents
     * break the colour rules. */
    int final = trf->total_rounds ? trf->total_rounds : trf->nrounds;
    int j = g->opp >= 1 && g->opp <= trf->max_id ? trf->index_of_id[g->opp] : -1;
    int win2 = trf->points_custom ? trf->pts2[SW_PTS_WW] : 2; /* the maximum of a round */
    bool topscorer =
        r + 1 == final && j >= 0 && (2 * s->score2 > r * win2 || 2 * final_score2[j] > r * win2);
    if (g->opp > 0 && sw_swiss_played(g->result) && !topscorer &&
        !sw_swiss_colour_ok(s, g->colour, false))
        return sw_error_set(err, SW_ERR_INVALID, path, p->line,
                            "player %d, round %d: colour %c after colour difference %+d and %d "
                            "%c in a row, expected difference within +-2 and no colour three "
                            "times in a row (rule 2)",
                            p->id, r + 1, g->colour, s->coldiff, s->run, s->last ? s->last : '-');
    return SW_OK;
}

/* Each player's score before the final round (XXR, else the last recorded). */
static void final_scores(const sw_swiss_trf *trf, int rounds, int *final_score2) {
    int final = trf->total_rounds ? trf->total_rounds : trf->nrounds;
    for (int i = 0; i < trf->nplayers; i++) {
        final_score2[i] = 0;
        for (int r = 0; r < final - 1 && r < rounds; r++)
            final_score2[i] += sw_swiss_game_points2(trf, &trf->players[i].games[r]);
    }
}

static int cmp_ll(const void *a, const void *b) {
    long long x = *(const long long *)a, y = *(const long long *)b;
    return (x > y) - (x < y);
}

/* The first round (0-based) in which player i plays an opponent met in an
 * earlier round, or -1: its played games sorted by (opponent, round), so
 * the whole record costs O(rounds log rounds) a player. */
static int first_rematch(const sw_swiss_player *p, int rounds, long long *buf) {
    int k = 0;
    for (int r = 0; r < rounds; r++)
        if (p->games[r].opp > 0 && sw_swiss_played(p->games[r].result))
            buf[k++] = (long long)p->games[r].opp * 1024 + r;
    qsort(buf, (size_t)k, sizeof *buf, cmp_ll);
    int first = -1;
    for (int j = 1; j < k; j++)
        if (buf[j] / 1024 == buf[j - 1] / 1024) {
            int r = (int)(buf[j] % 1024);
            if (first < 0 || r < first)
                first = r;
        }
    return first;
}

/* Linear in the record, player by player (each player's games are one
 * block in memory): a running state a player instead of a state rebuilt
 * from round 1 for every round (680 k players and 200 rounds took minutes),
 * rematches found once per player. The error reported is the one the
 * round-by-round order finds first: the earliest round with an error, in it
 * a game error before a rule error, and the lowest player; so each player's
 * first game error and first rule error are noted, then the one to report
 * is checked again with the message. */
static sw_status validate(const sw_swiss_trf *trf, bool rules_are_errors, sw_error *err) {
    sw_status rc = SW_OK;
    int n = trf->nplayers, rounds = trf->nrounds + (trf->preset ? 1 : 0);
    long long *buf = malloc(sizeof *buf * (size_t)(rounds > 0 ? rounds : 1));
    /* Each player's score before the final round: a topscorer's opponent
     * may break the colour rules there too (kept linear: one sum a player). */
    int *final_score2 = malloc(sizeof *final_score2 * (size_t)(n > 0 ? n : 1));
    if (!buf || !final_score2) {
        free(buf);
        free(final_score2);
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    }
    final_scores(trf, rounds, final_score2);
    int game_r = INT_MAX, game_i = -1, rule_r = INT_MAX, rule_i = -1;
    for (int i = 0; i < n; i++) {
        const sw_swiss_player *p = &trf->players[i];
        int rematch = first_rematch(p, rounds, buf);
        sw_swiss_pstate ps = {0};
        int stop = game_r < rule_r ? game_r : rule_r; /* later errors cannot be first */
        bool game_seen = false, rule_seen = false;
        for (int r = 0; r < rounds && r <= stop && !(game_seen && rule_seen); r++) {
            bool preset = r == trf->nrounds; /* byes entered ahead: rules only */
            if (!game_seen && !preset && check_game(trf, i, r, NULL) != SW_OK) {
                game_seen = true;
                if (r < game_r)
                    game_r = r, game_i = i;
            }
            if (rules_are_errors && !rule_seen && (!preset || p->games[r].result != ' ') &&
                check_rules(trf, &ps, final_score2, rematch == r, i, r, NULL) != SW_OK) {
                rule_seen = true;
                if (r < rule_r)
                    rule_r = r, rule_i = i;
            }
            apply_game(trf, &ps, &p->games[r]);
        }
    }
    if (game_i >= 0 && game_r <= rule_r) {
        rc = check_game(trf, game_i, game_r, err);
    } else if (rule_i >= 0) {
        sw_swiss_pstate ps = {0};
        const sw_swiss_player *p = &trf->players[rule_i];
        for (int r = 0; r < rule_r; r++)
            apply_game(trf, &ps, &p->games[r]);
        rc = check_rules(trf, &ps, final_score2, first_rematch(p, rounds, buf) == rule_r, rule_i,
                         rule_r, err);
    }
    free(buf);
    free(final_score2);
    for (int i = 0; i < trf->nplayers && !rc; i++) {
        const sw_swiss_player *p = &trf->players[i];
        int sum = 0;
        for (int r = 0; r < trf->nrounds; r++)
            sum += sw_swiss_game_points2(trf, &p->games[r]);
        if (sum != p->points2)
            rc = sw_error_set(err, SW_ERR_INVALID, trf->path, p->line,
                              "player %d: stated points %d.%d, the results sum to %d.%d", p->id,
                              p->points2 / 2, p->points2 % 2 ? 5 : 0, sum / 2, sum % 2 ? 5 : 0);
    }
    return rc;
}

sw_status sw_swiss_validate(const sw_swiss_trf *trf, sw_error *err) {
    return validate(trf, true, err);
}

/* Most warning lines kept in the text (all are counted): a record broken in
 * every round should not bury the pairing under its own report. */
#define SW_SWISS_MAX_WARNING_LINES 50

/* One player's past rule breaks as warnings; rematch rounds are all marked
 * (a player may replay more than one opponent). */
static void player_warnings(const sw_swiss_trf *trf, const int *final_score2, int i, int rounds,
                            long long *buf, bool *rematch, sw_strbuf *warnings, int *count) {
    const sw_swiss_player *p = &trf->players[i];
    int k = 0;
    for (int r = 0; r < rounds; r++) {
        rematch[r] = false;
        if (p->games[r].opp > 0 && sw_swiss_played(p->games[r].result))
            buf[k++] = (long long)p->games[r].opp * 1024 + r;
    }
    qsort(buf, (size_t)k, sizeof *buf, cmp_ll);
    for (int j = 1; j < k; j++)
        if (buf[j] / 1024 == buf[j - 1] / 1024)
            rematch[buf[j] % 1024] = true;
    sw_swiss_pstate ps = {0};
    for (int r = 0; r < rounds; r++) {
        bool preset = r == trf->nrounds;
        sw_error e;
        if ((!preset || p->games[r].result != ' ') &&
            check_rules(trf, &ps, final_score2, rematch[r], i, r, &e) != SW_OK) {
            if (++*count <= SW_SWISS_MAX_WARNING_LINES) {
                if (e.file[0])
                    sw_strbuf_printf(warnings, "%s:%d: ", e.file, e.line);
                sw_strbuf_printf(warnings,
                                 "warning: %s; accepted, the next round is paired "
                                 "under the rules\n",
                                 e.msg);
            }
        }
        apply_game(trf, &ps, &p->games[r]);
    }
}

sw_status sw_swiss_validate_lenient(const sw_swiss_trf *trf, sw_strbuf *warnings, int *nwarnings,
                                    sw_error *err) {
    *nwarnings = 0;
    sw_status rc = validate(trf, false, err);
    if (rc)
        return rc;
    int n = trf->nplayers, rounds = trf->nrounds + (trf->preset ? 1 : 0);
    long long *buf = malloc(sizeof *buf * (size_t)(rounds > 0 ? rounds : 1));
    bool *rematch = malloc(sizeof *rematch * (size_t)(rounds > 0 ? rounds : 1));
    int *final_score2 = malloc(sizeof *final_score2 * (size_t)(n > 0 ? n : 1));
    if (!buf || !rematch || !final_score2) {
        free(buf);
        free(rematch);
        free(final_score2);
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    }
    final_scores(trf, rounds, final_score2);
    for (int i = 0; i < n; i++)
        player_warnings(trf, final_score2, i, rounds, buf, rematch, warnings, nwarnings);
    if (*nwarnings > SW_SWISS_MAX_WARNING_LINES)
        sw_strbuf_printf(warnings, "%s: warning: %d more irregularities not listed\n", trf->path,
                         *nwarnings - SW_SWISS_MAX_WARNING_LINES);
    free(buf);
    free(rematch);
    free(final_score2);
    if (warnings->failed)
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    return SW_OK;
}
