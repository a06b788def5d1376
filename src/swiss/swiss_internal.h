/* src/swiss/swiss_internal.h: helpers shared by the swiss module's files
 * (player state before a round, colour rules). Never included from outside.
 * SPDX-License-Identifier: MIT */
#ifndef SW_SWISS_INTERNAL_H
#define SW_SWISS_INTERNAL_H

#include "swiss/swiss.h"

/* A player's standing before the round being paired. */
typedef struct sw_swiss_pstate {
    int score2;    /* half points from the earlier rounds */
    int coldiff;   /* whites - blacks over games actually played */
    char last;     /* colour of the last played game, 0 when none */
    int run;       /* how many played games in a row ended with `last` */
    bool had_bye;  /* a pairing-allocated bye (U) */
    bool had_fwin; /* a forfeit win (+ against a real opponent) */
    int nopp;      /* opponents actually played (forfeits excluded) */
    int *opps;     /* ids, nopp of them, in the state's shared pool */
    char *cols;    /* colours of the played games, oldest first (nopp of them;
                    * 0 where a played game had no colour) */
    char fl1, fl2; /* float in the round before ('d' down, 'u' up, 0 none)
                    * and in the round two before (C.04.3 1.4) */
} sw_swiss_pstate;

typedef struct sw_swiss_state {
    int n; /* = trf->nplayers; indexed like trf->players */
    sw_swiss_pstate *p;
    int *pool;
    char *cpool;
} sw_swiss_state;

/* Game codes. */
static inline bool sw_swiss_played(char r) {
    return r == '1' || r == '0' || r == '=' || r == 'W' || r == 'D' || r == 'L';
}
static inline bool sw_swiss_is_bye(const sw_swiss_game *g) {
    return g->opp == 0 && (g->result == 'U' || g->result == '+');
}
/* Whether player p took part in a pairing in its first `rounds` rounds: a
 * game (forfeited or not) or a pairing-allocated bye. The colour rule's
 * pairing numbers and the inferred initial colour count such players. */
static inline bool sw_swiss_took_part(const sw_swiss_player *p, int rounds) {
    for (int r = 0; r < rounds; r++)
        if (p->games[r].opp != 0 || sw_swiss_is_bye(&p->games[r]))
            return true;
    return false;
}

/* State from rounds 1..round-1. */
SW_NODISCARD sw_status sw_swiss_state_build(const sw_swiss_trf *trf, int round, sw_swiss_state *st,
                                            sw_error *err);
void sw_swiss_state_free(sw_swiss_state *st);

bool sw_swiss_met(const sw_swiss_pstate *a, int id_b);

/* May this player get colour c ('w'/'b') without breaking the absolute rules? */
bool sw_swiss_colour_ok(const sw_swiss_pstate *a, char c, bool waive);

/* Does the colour c satisfy the player's equalisation / alternation preference? */
bool sw_swiss_eq_pref(const sw_swiss_pstate *a, char c);
bool sw_swiss_alt_pref(const sw_swiss_pstate *a, char c);

/* Dutch colour preference (C.04.3 1.6): returns 'w', 'b' or 0 (none) and
 * sets *strength: 3 absolute, 2 strong, 1 mild, 0 none. */
char sw_swiss_pref(const sw_swiss_pstate *a, int *strength);

/* Best colour for a (the higher ranked, board number board) against b:
 * returns 'w' or 'b' for a, or 0 when no assignment is legal. */
char sw_swiss_choose_colour(const sw_swiss_pstate *a, const sw_swiss_pstate *b, int a_id, int b_id,
                            int board, char initial, bool waive);

sw_status sw_swiss_grow_rounds(sw_swiss_trf *trf, int need, sw_error *err);

/* Fast mode: mate[] over the ranked present players, as sw_swiss_pair builds it. */
typedef struct sw_swiss_ranked {
    int np;   /* present players */
    int *idx; /* rank -> player index */
    const sw_swiss_state *st;
    const sw_swiss_trf *trf;
    bool waive;
    int sparse_window;           /* as sw_swiss_options.sparse_window */
    sw_swiss_match_stats *stats; /* may be NULL */
    /* The final round (XXR): topscorers (more than half the maximum score
     * before it) and their opponents are exempt from the colour rules
     * (C.04.3 C3) and minimise the breaks instead (C8, C9); top2 is the
     * score (half points) a topscorer exceeds, -1 when not the final round. */
    int top2;
    /* C.04.3 C9 (the fewest unplayed games of the bye's recipient) per
     * bracket, by rank: c9[r] set when the bracket of r's score group has
     * the bye as its only downfloater; NULL: the last bracket only. */
    const bool *c9;
    /* How the score-difference lists are compared in this round (sw_swiss_weights_make:
     * 3 exactly, ... 0 squared without C16-C19; -1 before the first solve);
     * NULL: squared (the fast mode's repairs). */
    int *lists;
} sw_swiss_ranked;

/* May players a and b break the colour rules: waived, or the final round
 * (top2 >= 0, sw_swiss_top2) with a topscorer among them? */
static inline bool sw_swiss_waived(bool waive, int top2, const sw_swiss_pstate *a,
                                   const sw_swiss_pstate *b) {
    return waive || (top2 >= 0 && (a->score2 > top2 || b->score2 > top2));
}

/* The same for ranked players i and j. */
static inline bool sw_swiss_pair_waived(const sw_swiss_ranked *rk, int i, int j) {
    return sw_swiss_waived(rk->waive, rk->top2, &rk->st->p[rk->idx[i]], &rk->st->p[rk->idx[j]]);
}

/* Does colour c miss the player's preferred colour as a pairing's quality
 * counts it: equalisation when the colours are uneven, else alternation? */
static inline bool sw_swiss_colour_missed(const sw_swiss_pstate *a, char c) {
    return a->coldiff ? !sw_swiss_eq_pref(a, c) : !sw_swiss_alt_pref(a, c);
}

/* The two halves of the colour rules (C8: difference within +-2; C9: no
 * colour three times in a row) for a player given colour c. */
static inline bool sw_swiss_colour_diff_ok(const sw_swiss_pstate *a, char c) {
    int d = a->coldiff + (c == 'w' ? 1 : -1);
    return d <= 2 && d >= -2;
}
static inline bool sw_swiss_colour_run_ok(const sw_swiss_pstate *a, char c) {
    return !(a->run >= 2 && a->last == c);
}

/* top2 for pairing `round` of trf (see sw_swiss_ranked). */
int sw_swiss_top2(const sw_swiss_trf *trf, int round);

/* Is the pair of ranked players i, j legal (no rematch, a legal colour)? */
bool sw_swiss_legal(const sw_swiss_ranked *rk, int i, int j);

SW_NODISCARD sw_status sw_swiss_fast_match(const sw_swiss_ranked *rk, const bool *bye_ok, int *mate,
                                           sw_error *err);

/* Exact matching over ranked players 0..count-1 given as indices into rk
 * (used by the fast mode for its repair): mate indices are into `who`. */
SW_NODISCARD sw_status sw_swiss_exact_match(const sw_swiss_ranked *rk, const int *who, int count,
                                            const bool *bye_ok, int *mate, sw_error *err);

#endif
