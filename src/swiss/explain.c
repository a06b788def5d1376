/* src/swiss/explain.c: the sentences of a pairing: why a player is left
 * unpaired (every opponent met or a colour clash, no bye) and, with
 * --explain's option set, why each board is as it is (floats, colours).
 * Text only: the pairing is decided before.
 * SPDX-License-Identifier: MIT */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "swiss/pair_internal.h"

static void pts(char *buf, size_t n, int s2) {
    snprintf(buf, n, "%d.%d", s2 / 2, s2 % 2 ? 5 : 0);
}

void sw_swiss_explain_unpaired(const sw_swiss_ranked *rk, const bool *bye_ok, int r,
                               sw_strbuf *why) {
    int met = 0, colour = 0, others = rk->np - 1;
    const sw_swiss_pstate *a = &rk->st->p[rk->idx[r]];
    for (int j = 0; j < rk->np; j++) {
        if (j == r)
            continue;
        if (sw_swiss_met(a, rk->trf->players[rk->idx[j]].id))
            met++;
        else if (!sw_swiss_legal(rk, r, j))
            colour++;
    }
    char s[16];
    pts(s, sizeof s, a->score2);
    sw_strbuf_printf(why, "player %d (%s): ", rk->trf->players[rk->idx[r]].id, s);
    if (met + colour == others)
        sw_strbuf_printf(why,
                         "no legal opponent: met %d of the %d others (rule 1), colour "
                         "clash with %d (rule 2)",
                         met, others, colour);
    else
        sw_strbuf_printf(why,
                         "every legal opponent is needed elsewhere: met %d of %d (rule 1), "
                         "colour clash with %d (rule 2)",
                         met, others, colour);
    if (!bye_ok[r])
        sw_strbuf_printf(why, "; no bye: %s (rule 3)",
                         a->had_bye ? "already had one" : "had a forfeit win");
    sw_strbuf_puts(why, "\n");
}

void sw_swiss_explain_board(const sw_swiss_ranked *rk, int board, int i, int j, char ca,
                            sw_strbuf *ex) {
    const sw_swiss_trf *trf = rk->trf;
    const sw_swiss_pstate *a = &rk->st->p[rk->idx[i]], *b = &rk->st->p[rk->idx[j]];
    int ida = trf->players[rk->idx[i]].id, idb = trf->players[rk->idx[j]].id;
    char sa[16], sb[16];
    pts(sa, sizeof sa, a->score2);
    pts(sb, sizeof sb, b->score2);
    sw_strbuf_printf(ex, "board %d: %d (%s) vs %d (%s): ", board, ida, sa, idb, sb);
    if (a->score2 == b->score2)
        sw_strbuf_printf(ex, "same score group");
    else
        sw_strbuf_printf(ex, "%d floats down from %s to meet %d (difference %d.%d)", ida, sa, idb,
                         (a->score2 - b->score2) / 2, (a->score2 - b->score2) % 2 ? 5 : 0);
    int white = ca == 'w' ? ida : idb;
    const sw_swiss_pstate *wp = ca == 'w' ? a : b, *bp = ca == 'w' ? b : a;
    const char *why;
    bool wv = sw_swiss_pair_waived(rk, i, j);
    bool w_forced = !sw_swiss_colour_ok(wp, 'b', wv);
    bool b_forced = !sw_swiss_colour_ok(bp, 'w', wv);
    if (w_forced || b_forced)
        why = "forced by the absolute colour rules";
    else if (wp->coldiff < 0 || bp->coldiff > 0)
        why = "colour equalisation";
    else if (wp->last == 'b' || bp->last == 'w')
        why = "colour alternation";
    else if (wp->last == 0 && bp->last == 0)
        why = "no colour history: initial colour by pairing number";
    else
        why = "tie: higher ranked gets white";
    sw_strbuf_printf(ex, "; %d white (%s)\n", white, why);
}
