/* src/seating/winds.c: seat winds, the one place that orders a table's
 * players E, S, W, N: the greedy order of one table from the wind counts so
 * far (every next-round mode, the re-plan, the schedule's tables of three),
 * the sweeps that improve it over a whole schedule, and the exact winds of
 * a schedule at tables of four (an edge colouring).
 * SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "seating/seating_internal.h"

/* ---- winds ---- */

static int spread_after(const int *w, int plus) {
    int lo = w[0] + (plus == 0), hi = lo;
    for (int k = 1; k < SW_WINDS; k++) {
        int v = w[k] + (plus == k);
        lo = v < lo ? v : lo;
        hi = v > hi ? v : hi;
    }
    return hi - lo;
}

void sw_seating_assign_winds(int *winds, sw_seating_table *t, sw_rng *rng) {
    int p[SW_WINDS], best[SW_WINDS], ties = 0;
    long best_a = -1, best_b = -1;
    int size = sw_seating_table_size(t);
    memcpy(p, t->seat, sizeof p);
    /* All 24 orders of the four players: index a picks who sits East, ...
     * At a table of three N stays empty: the 6 orders with d = 3. */
    for (int a = 0; a < size; a++)
        for (int b = 0; b < size; b++)
            for (int c = 0; c < size; c++) {
                if (a == b || a == c || b == c)
                    continue;
                int d = 6 - a - b - c, who[SW_WINDS] = {p[a], p[b], p[c], p[d]};
                long sa = 0, sb = 0;
                for (int w = 0; w < size; w++) {
                    int s = spread_after(&winds[who[w] * SW_WINDS], w);
                    sa += s * s;
                    sb += winds[who[w] * SW_WINDS + w];
                }
                bool better = best_a < 0 || sa < best_a || (sa == best_a && sb < best_b);
                if (better)
                    ties = 0;
                if (better || (sa == best_a && sb == best_b)) {
                    /* Reservoir choice: each tied order equally likely. */
                    if (sw_rng_bounded(rng, (uint32_t)++ties) == 0)
                        memcpy(best, who, sizeof best);
                    best_a = sa;
                    best_b = sb;
                }
            }
    memcpy(t->seat, best, sizeof best);
    for (int w = 0; w < size; w++)
        winds[best[w] * SW_WINDS + w]++;
}

/* ---- over a whole schedule ---- */

static long wind_cost(const int *winds, int n) {
    long sum = 0;
    for (int i = 0; i < n; i++) {
        const int *w = winds + (size_t)i * SW_WINDS;
        int lo = w[0], hi = w[0];
        for (int k = 1; k < SW_WINDS; k++) {
            lo = w[k] < lo ? w[k] : lo;
            hi = w[k] > hi ? w[k] : hi;
        }
        sum += (long)(hi - lo) * (hi - lo);
    }
    return sum;
}

/* The sweeps take one table out and give it its best order again, while
 * the sum of squared wind spreads falls (each step never raises it: the old
 * order is among the 24 tried). */
void sw_seating_winds_tables(int *winds, int n, sw_seating_table *tabs, size_t count, int sweeps,
                             sw_rng *rng) {
    for (size_t t = 0; t < count; t++)
        sw_seating_assign_winds(winds, &tabs[t], rng);
    long cost = sweeps > 0 ? wind_cost(winds, n) : 0;
    for (int sweep = 0; sweep < sweeps && cost > 0; sweep++) {
        for (size_t t = 0; t < count; t++) {
            sw_seating_table *tb = &tabs[t];
            for (int w = 0; w < sw_seating_table_size(tb); w++)
                winds[tb->seat[w] * SW_WINDS + w]--;
            sw_seating_assign_winds(winds, tb, rng);
        }
        long c = wind_cost(winds, n);
        if (c >= cost)
            break;
        cost = c;
    }
}

/* Exact winds at tables of four (no table of three): every player sits
 * each wind equally often in each run of 4 of their games, so after g
 * games their wind counts are floor(g/4) or one more, and all equal when g
 * is a multiple of 4, at every round of the event.
 *
 * A bipartite multigraph: on one side the tables (round, table), on the
 * other the "quarters" of the players (player i's games 4k+1..4k+4 in
 * round order), an edge for each seat. Every vertex has degree at most 4,
 * so by Koenig's edge-colouring theorem the edges take 4 colours with no
 * colour twice at a vertex; colour c is wind c. A table then seats its
 * four players at four different winds, and a quarter's (at most) four
 * games are at different winds. The colouring is the textbook one: edge
 * u-v takes a colour a free at u; when a is taken at v, the path from v
 * whose edges alternate a and a colour b free at v (it cannot reach u:
 * bipartite) swaps a and b, which frees a at v. Exact integers, no
 * search; the result depends on the tables only. Returns false when out
 * of memory (the tables keep their order: still a valid schedule). */
bool sw_seating_exact_winds(int n, int R, int T, sw_seating_table *tabs) {
    int Q = (R + 3) / 4;
    size_t E = (size_t)R * (size_t)T * 4, NT = (size_t)R * (size_t)T;
    int *end = malloc(E * sizeof *end); /* the quarter of edge e; table e / 4 */
    int *colour = malloc(E * sizeof *colour);
    int *atq = malloc((size_t)n * (size_t)Q * 4 * sizeof *atq); /* [quarter][colour]: edge */
    int *att = malloc(NT * 4 * sizeof *att);                    /* [table][colour]: edge */
    int *games = calloc((size_t)n, sizeof *games);
    int *path = malloc(E * sizeof *path);
    bool ok = end && colour && atq && att && games && path;
    if (ok) {
        memset(atq, -1, (size_t)n * (size_t)Q * 4 * sizeof *atq);
        memset(att, -1, NT * 4 * sizeof *att);
        for (size_t e = 0; e < E; e++) {
            int p = tabs[e / 4].seat[e % 4];
            end[e] = p * Q + games[p]++ / 4;
        }
        for (size_t e = 0; e < E; e++) {
            int u = end[e], v = (int)(e / 4), a = 0, b = 0;
            while (atq[u * 4 + a] >= 0)
                a++;
            while (att[(size_t)v * 4 + b] >= 0)
                b++;
            if (att[(size_t)v * 4 + a] >= 0) {
                /* the a/b path from v: table, quarter, table, ... */
                size_t len = 0;
                int x = v, c = a;
                bool at_table = true;
                for (;;) {
                    int f = at_table ? att[(size_t)x * 4 + c] : atq[x * 4 + c];
                    if (f < 0)
                        break;
                    path[len++] = f;
                    x = at_table ? end[f] : f / 4;
                    at_table = !at_table;
                    c = c == a ? b : a;
                }
                for (size_t k = 0; k < len; k++) {
                    int f = path[k];
                    atq[end[f] * 4 + colour[f]] = att[(size_t)(f / 4) * 4 + colour[f]] = -1;
                }
                for (size_t k = 0; k < len; k++) {
                    int f = path[k];
                    colour[f] = colour[f] == a ? b : a;
                    atq[end[f] * 4 + colour[f]] = att[(size_t)(f / 4) * 4 + colour[f]] = f;
                }
            }
            colour[e] = a;
            atq[u * 4 + a] = att[(size_t)v * 4 + a] = (int)e;
        }
        for (size_t t = 0; t < NT; t++) {
            sw_seating_table tb;
            for (int k = 0; k < 4; k++)
                tb.seat[colour[t * 4 + k]] = tabs[t].seat[k];
            tabs[t] = tb;
        }
    }
    free(end);
    free(colour);
    free(atq);
    free(att);
    free(games);
    free(path);
    return ok;
}
