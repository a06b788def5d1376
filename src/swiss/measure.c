/* src/swiss/measure.c: the quality of a round's boards against the record
 * before it (pairs, byes, unpaired players, score differences, colour
 * preferences missed, distance from the standard pairing, and every
 * broken absolute rule): for 'check', the benchmark and the tests. It
 * judges any boards, seatwise's or a record's; it pairs nothing.
 * SPDX-License-Identifier: MIT */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "swiss/pair_internal.h"

void sw_swiss_measure(const sw_swiss_trf *trf, int round, const sw_swiss_board *boards, int nboards,
                      bool waive, sw_swiss_quality *q) {
    memset(q, 0, sizeof *q);
    sw_swiss_state st;
    if (sw_swiss_state_build(trf, round, &st, NULL))
        return;
    int n = trf->nplayers;
    char *seen = calloc((size_t)n, 1);
    int *idx = malloc(sizeof(int) * (size_t)(n + 1)), *tmp = malloc(sizeof(int) * (size_t)(n + 1));
    int *who = calloc((size_t)n + 1, sizeof(int)), *target = malloc(sizeof(int) * (size_t)(n + 1));
    int *rank = malloc(sizeof(int) * (size_t)(n + 1));
    if (seen && idx && tmp && who && target && rank) {
        /* The standard pairing of the players present, for std_distance. */
        int np = 0;
        for (int i = 0; i < n; i++) {
            rank[i] = -1;
            if (!trf->players[i].absent)
                idx[np++] = i;
        }
        sw_swiss_sort_ranked(idx, np, &st, trf, tmp);
        for (int r = 0; r < n; r++)
            who[r] = r;
        for (int r = 0; r < np; r++)
            rank[idx[r]] = r;
        sw_swiss_ranked rk = {np,   idx, &st, trf, waive, 0, NULL, sw_swiss_top2(trf, round),
                              NULL, NULL};
        sw_swiss_standard_partners(&rk, who, np, target);
        for (int k = 0; k < nboards; k++) {
            int w = boards[k].white, b = boards[k].black;
            int iw = w >= 1 && w <= trf->max_id ? trf->index_of_id[w] : -1;
            int ib = b >= 1 && b <= trf->max_id ? trf->index_of_id[b] : -1;
            if (iw < 0 || (b != 0 && ib < 0) || seen[iw] || (ib >= 0 && seen[ib])) {
                q->violations++;
                continue;
            }
            seen[iw] = 1;
            if (trf->players[iw].absent)
                q->violations++;
            const sw_swiss_pstate *a = &st.p[iw];
            if (b == 0) {
                q->byes++;
                if (a->had_bye || a->had_fwin)
                    q->violations++;
                continue;
            }
            seen[ib] = 1;
            const sw_swiss_pstate *c = &st.p[ib];
            q->pairs++;
            bool wv = sw_swiss_waived(waive, rk.top2, a, c);
            if (trf->players[ib].absent || sw_swiss_met(a, b) || !sw_swiss_colour_ok(a, 'w', wv) ||
                !sw_swiss_colour_ok(c, 'b', wv))
                q->violations++;
            int d = a->score2 > c->score2 ? a->score2 - c->score2 : c->score2 - a->score2;
            if (rank[iw] >= 0 && rank[ib] >= 0)
                q->std_distance += sw_swiss_standard_distance(target, rank[iw], rank[ib]);
            q->score_diff_sum2 += d;
            if (d > q->score_diff_max2)
                q->score_diff_max2 = d;
            q->colour_misses += sw_swiss_colour_missed(a, 'w') + sw_swiss_colour_missed(c, 'b');
        }
        for (int i = 0; i < n; i++)
            if (!trf->players[i].absent && !seen[i])
                q->unpaired++;
    }
    free(seen);
    free(idx);
    free(tmp);
    free(who);
    free(target);
    free(rank);
    sw_swiss_state_free(&st);
}
