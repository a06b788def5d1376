/* src/matrix/played.c: a previous season as earlier play: the meetings and
 * comparisons of its played sessions, plus its own history, over its
 * participants. The season reader calls this (as its sw_season_history_fn)
 * for a 'history' line that names a season file.
 *
 * The played sessions are counted in batches of at most SW_MATRIX_MAX_ROUNDS
 * rounds, each an sw_matrix of its own, and added up as exact rationals, so
 * a previous season is not held to the round limit of one season.
 * SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "matrix/matrix.h"

/* out += (meet / unit, comp / scale), out's scale growing to the lcm; unit
 * divides out->unit (the previous season's own history sets it, played
 * sessions count whole meetings). */
static sw_status accumulate(sw_history *out, size_t nn, const int32_t *meet, int64_t unit,
                            const int64_t *comp, int64_t scale, sw_error *err) {
    int64_t g = scale;
    for (size_t x = 0; x < nn && g > 1; x++)
        g = sw_gcd64(g, comp[x]);
    int64_t den = scale / g, L = out->scale / sw_gcd64(out->scale, den) * den;
    if (L > SW_MATRIX_MAX_SCALE)
        return sw_error_set(err, SW_ERR_LIMIT, NULL, 0,
                            "the comparisons of the played sessions need a common denominator "
                            "above %lld",
                            (long long)SW_MATRIX_MAX_SCALE);
    for (size_t x = 0; x < nn; x++) {
        int64_t m = out->meet[x] + (int64_t)meet[x] * (out->unit / unit);
        if (m > (int64_t)SW_HISTORY_MAX_MEETINGS * out->unit)
            return sw_error_set(err, SW_ERR_LIMIT, NULL, 0,
                                "two participants meet more than %d times in the played "
                                "sessions and the history",
                                SW_HISTORY_MAX_MEETINGS);
        out->comp[x] = out->comp[x] * (L / out->scale) + comp[x] / g * (L / den);
        out->meet[x] = (int32_t)m;
    }
    out->scale = L;
    return SW_OK;
}

/* The played sessions first..last-1 of prev (by index into played[]) as one
 * matrix state, added to out. */
static sw_status add_batch(const sw_season *prev, const int *played, int first, int last,
                           sw_history *out, sw_error *err) {
    sw_season view = *prev; /* shallow: the state borrows, nothing is freed */
    memset(&view.history, 0, sizeof view.history);
    view.sessions = malloc((size_t)(last - first) * sizeof *view.sessions);
    if (!view.sessions)
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    view.nsessions = last - first;
    for (int k = first; k < last; k++)
        view.sessions[k - first] = prev->sessions[played[k]];
    sw_matrix mx;
    sw_status st = sw_matrix_init(&mx, &view, err);
    if (!st) {
        size_t nn = (size_t)prev->n * (size_t)prev->n;
        st = accumulate(out, nn, mx.meet, mx.unit, mx.comp, mx.scale, err);
        sw_matrix_free(&mx);
    }
    free(view.sessions);
    return st;
}

sw_status sw_matrix_played_history(const sw_season *prev, sw_history *out, sw_error *err) {
    size_t nn = (size_t)prev->n * (size_t)prev->n;
    sw_history h = {.unit = prev->history.meet ? prev->history.unit : 1, .scale = 1};
    h.meet = calloc(nn + 1, sizeof *h.meet);
    h.comp = calloc(nn + 1, sizeof *h.comp);
    int *played = malloc(((size_t)prev->nsessions + 1) * sizeof *played);
    sw_status st = SW_OK;
    if (!h.meet || !h.comp || !played)
        st = sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    if (!st && prev->history.meet) /* its own earlier play counts too */
        st = accumulate(&h, nn, prev->history.meet, h.unit, prev->history.comp, prev->history.scale,
                        err);
    int np = 0;
    for (int k = 0; !st && k < prev->nsessions; k++)
        if (prev->sessions[k].played)
            played[np++] = k;
    for (int first = 0, last; !st && first < np; first = last) {
        int rounds = 0;
        for (last = first; last < np; last++) {
            int r = prev->movements[prev->sessions[played[last]].movement].rounds;
            if (last > first && rounds + r > SW_MATRIX_MAX_ROUNDS)
                break;
            rounds += r;
        }
        st = add_batch(prev, played, first, last, &h, err);
    }
    free(played);
    if (st) {
        sw_history_free(&h);
        return st;
    }
    *out = h;
    return SW_OK;
}
