/* src/seating/event_stats.c: the statistics of an event's rounds (meetings,
 * winds, sit-outs while present, tables of three, teammates together,
 * repeats), per player, for the modes, the schedules and the reports.
 * SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "seating/seating_internal.h"

void sw_seating_stats_free(sw_seating_stats *st) {
    if (!st)
        return;
    free(st->meetings);
    free(st->winds);
    free(st->sitouts);
    free(st->present);
    free(st->games);
    free(st->threes);
    memset(st, 0, sizeof *st);
}

sw_status sw_seating_stats_init(sw_seating_stats *st, const sw_seating_event *ev, int nrounds,
                                sw_error *err) {
    memset(st, 0, sizeof *st);
    int n = ev->nplayers;
    if (nrounds < 0 || nrounds > ev->nrounds)
        nrounds = ev->nrounds;
    st->n = n;
    st->meetings = calloc((size_t)n * (size_t)n + 1, sizeof *st->meetings);
    st->winds = calloc((size_t)n * SW_WINDS + 1, sizeof *st->winds);
    st->sitouts = calloc((size_t)n + 1, sizeof *st->sitouts);
    st->present = calloc((size_t)n + 1, sizeof *st->present);
    st->games = calloc((size_t)n + 1, sizeof *st->games);
    st->threes = calloc((size_t)n + 1, sizeof *st->threes);
    if (!st->meetings || !st->winds || !st->sitouts || !st->present || !st->games || !st->threes) {
        sw_seating_stats_free(st);
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    }
    st->repeat_free_rounds = -1;
    for (int r = 0; r < nrounds; r++) {
        const sw_seating_round *rd = &ev->rounds[r];
        bool repeat = false;
        for (int t = 0; t < rd->ntables; t++) {
            const int *s = rd->tables[t].seat;
            int size = sw_seating_table_size(&rd->tables[t]);
            st->has_threes |= size == 3;
            for (int a = 0; a < size; a++) {
                st->games[s[a]]++;
                st->threes[s[a]] += size == 3;
                st->winds[s[a] * SW_WINDS + a]++;
                for (int b = a + 1; b < size; b++) {
                    int ta = ev->players[s[a]].team;
                    st->team_clashes += ta >= 0 && ta == ev->players[s[b]].team;
                    int m = ++st->meetings[s[a] * n + s[b]];
                    st->meetings[s[b] * n + s[a]] = m;
                    st->crossings += m - 1;
                    st->max_meetings = m > st->max_meetings ? m : st->max_meetings;
                    if (m > 1) {
                        st->repeats++;
                        st->repeat_pairs += m == 2;
                        repeat = true;
                    }
                }
            }
        }
        if (repeat && st->repeat_free_rounds < 0)
            st->repeat_free_rounds = r;
    }
    if (st->repeat_free_rounds < 0)
        st->repeat_free_rounds = nrounds;
    int lo = nrounds, hi = 0, tlo = nrounds, thi = 0;
    for (int i = 0; i < n; i++) {
        tlo = st->threes[i] < tlo ? st->threes[i] : tlo;
        thi = st->threes[i] > thi ? st->threes[i] : thi;
        for (int r = 0; r < nrounds; r++)
            st->present[i] += sw_seating_present(&ev->players[i], r);
        st->sitouts[i] = st->present[i] - st->games[i];
        lo = st->sitouts[i] < lo ? st->sitouts[i] : lo;
        hi = st->sitouts[i] > hi ? st->sitouts[i] : hi;
        const int *w = &st->winds[i * SW_WINDS];
        int wl = w[0], wh = w[0];
        for (int k = 1; k < SW_WINDS; k++) {
            wl = w[k] < wl ? w[k] : wl;
            wh = w[k] > wh ? w[k] : wh;
        }
        if (wh - wl > st->wind_spread_max)
            st->wind_spread_max = wh - wl;
    }
    st->sitout_spread = n ? hi - lo : 0;
    st->threes_spread = n && st->has_threes ? thi - tlo : 0;
    return SW_OK;
}
