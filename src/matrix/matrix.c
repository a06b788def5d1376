/* src/matrix/matrix.c: building and updating the season's matrices.
 * Every change goes through add_meet/add_comp/add_rest, which keep the power
 * sums in step, and every build or exchange goes through update_rows: the
 * contributions of one session to the pairs that involve a marked participant.
 * SPDX-License-Identifier: MIT */
#include "matrix/matrix.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

typedef unsigned __int128 u128;

#define C_SMALL (INT64_C(1) << 30)

/* ---- layouts ---- */

static void layout_free(sw_layout *l) {
    free(l->where);
    free(l->gstart);
    free(l->ginst);
    memset(l, 0, sizeof *l);
}

static int layout_build(sw_layout *l, const sw_movement *m) {
    memset(l, 0, sizeof *l);
    l->positions = m->positions;
    l->rounds = m->rounds;
    l->tables = m->tables;
    l->groups = m->groups;
    l->seats = m->seats;
    size_t nw = (size_t)(m->positions + 1) * (size_t)m->rounds;
    size_t ninst = (size_t)m->rounds * (size_t)m->tables;
    l->where = malloc(nw * sizeof *l->where + 1);
    l->gstart = calloc((size_t)m->groups + 2, sizeof *l->gstart);
    l->ginst = malloc(ninst * sizeof *l->ginst + 1);
    if (!l->where || !l->gstart || !l->ginst) {
        layout_free(l);
        return -1;
    }
    for (size_t i = 0; i < nw; i++)
        l->where[i] = -1;
    for (int r = 0; r < m->rounds; r++)
        for (int t = 0; t < m->tables; t++) {
            const sw_table *tb = sw_movement_at(m, r, t);
            for (int d = 0; d < m->seats; d++)
                if (tb->seat[d] > 0)
                    l->where[(size_t)tb->seat[d] * (size_t)m->rounds + (size_t)r] =
                        t * SW_MAX_SEATS + d;
            if (tb->group > 0 && tb->seat[0] > 0)
                l->gstart[tb->group + 1]++;
        }
    for (int g = 1; g <= m->groups + 1; g++)
        l->gstart[g] += l->gstart[g - 1];
    int *fill = calloc((size_t)m->groups + 2, sizeof *fill);
    if (!fill) {
        layout_free(l);
        return -1;
    }
    for (int r = 0; r < m->rounds; r++)
        for (int t = 0; t < m->tables; t++) {
            const sw_table *tb = sw_movement_at(m, r, t);
            if (tb->group > 0 && tb->seat[0] > 0)
                l->ginst[l->gstart[tb->group] + fill[tb->group]++] = r * m->tables + t;
        }
    free(fill);
    return 0;
}

static inline int where(const sw_layout *l, int p, int r) {
    assert(p >= 0 && p <= l->positions && r >= 0 && r < l->rounds);
    return l->where[(size_t)p * (size_t)l->rounds + (size_t)r];
}

static inline const sw_movement *mov(const sw_matrix *mx, int k) {
    return &mx->season->movements[mx->season->sessions[k].movement];
}

static inline const sw_layout *lay(const sw_matrix *mx, int k) {
    return &mx->layout[mx->season->sessions[k].movement];
}

/* Whether the table plays: it has seats and every seat in use (three at a
 * table of three) is taken, from the assignment. */
static int table_full(const sw_matrix *mx, int k, int r, int t) {
    const sw_movement *m = mov(mx, k);
    const sw_table *tb = sw_movement_at(m, r, t);
    for (int d = 0; d < sw_table_seats(m, tb); d++)
        if (tb->seat[d] <= 0 || mx->assign[k][tb->seat[d]] == 0)
            return 0;
    return 1;
}

/* The cached answer: mx->play is refreshed wherever the assignment changes
 * which seats are empty. */
int sw_matrix_table_plays(const sw_matrix *mx, int k, int r, int t) {
    return mx->play[k][r * lay(mx, k)->tables + t];
}

static void refresh_play(sw_matrix *mx, int k) {
    const sw_layout *l = lay(mx, k);
    for (int r = 0; r < l->rounds; r++)
        for (int t = 0; t < l->tables; t++)
            mx->play[k][r * l->tables + t] = (char)table_full(mx, k, r, t);
}

static void compute_h(sw_matrix *mx, int k, int g) {
    const sw_layout *l = lay(mx, k);
    int c = 0;
    for (int x = l->gstart[g]; x < l->gstart[g + 1]; x++)
        c += sw_matrix_table_plays(mx, k, l->ginst[x] / l->tables, l->ginst[x] % l->tables);
    mx->h[k][g] = c - 1;
}

/* ---- entry updates keeping the power sums ---- */

static inline void pow_delta64(int64_t *sum, int64_t old, int64_t neu) {
    int64_t o2 = old * old, n2 = neu * neu;
    sum[1] += neu - old;
    sum[2] += n2 - o2;
    sum[3] += n2 * neu - o2 * old;
    sum[4] += n2 * n2 - o2 * o2;
}

static void add_meet(sw_matrix *mx, int i, int j, int delta) {
    int64_t n = mx->n;
    int32_t old = mx->meet[i * n + j], neu = old + delta;
    assert(i != j && neu >= 0); /* a net change leaves a real count of meetings */
    mx->meet[i * n + j] = mx->meet[j * n + i] = neu;
    pow_delta64(mx->msum, old, neu);
    pow_delta64(&mx->mrow[i * 5], old, neu);
    pow_delta64(&mx->mrow[j * 5], old, neu);
}

static void add_comp(sw_matrix *mx, int i, int j, int64_t delta) {
    int64_t n = mx->n;
    int64_t old = mx->comp[i * n + j], neu = old + delta;
    mx->comp[i * n + j] = mx->comp[j * n + i] = neu;
    sw_i256_add_i128(&mx->csum[1], neu - old);
    if (old < C_SMALL && old > -C_SMALL && neu < C_SMALL && neu > -C_SMALL) {
        /* The common case: squares below 2^60 fit 64 bits and each change
         * is one wide product: neu^3 - old^3 = (neu - old)(n2 + neu old +
         * o2), factors below 2^31 and 3 2^60 < 2^62, and neu^4 - old^4 =
         * (n2 - o2)(n2 + o2), factors below 2^61; x^4 < 2^120 fits 128
         * bits, so only the sums are wide. */
        int64_t s2 = old * old, t2 = neu * neu;
        sw_i256_add_i128(&mx->csum[2], t2 - s2);
        sw_i256_add_i128(&mx->csum[3], (__int128)(neu - old) * (t2 + neu * old + s2));
        sw_i256_add_i128(&mx->csum[4], (__int128)(t2 - s2) * (t2 + s2));
        return;
    }
    __int128 o2 = (__int128)old * old, n2 = (__int128)neu * neu;
    sw_i256_add_i128(&mx->csum[2], n2 - o2);
    /* |x| < 2^40 by the size limits: x^2 fits 128 bits, x^4 needs sw_i256. */
    sw_i256 O2 = sw_i256_from_i128(o2), N2 = sw_i256_from_i128(n2);
    mx->csum[3] =
        sw_i256_add(mx->csum[3], sw_i256_sub(sw_i256_mul_i64(N2, neu), sw_i256_mul_i64(O2, old)));
    mx->csum[4] = sw_i256_add(mx->csum[4], sw_i256_sub(sw_i256_mul(N2, N2), sw_i256_mul(O2, O2)));
}

static void add_rest(sw_matrix *mx, int i, int delta) {
    int64_t old = mx->rests[i], neu = old + delta;
    assert(neu >= 0);
    mx->rests[i] = (int32_t)neu;
    pow_delta64(mx->rsum, old, neu);
}

/* ---- pending changes ----
 * update_rows does not touch M and C directly: it adds into the scratch
 * matrices pm/pc, and flush applies each pair's net change once. Removing a
 * session's contributions and adding the new ones mostly cancels, so an
 * exchange updates only the entries (and power sums) that really change. */

static void flush(sw_matrix *mx);

static inline void pend(sw_matrix *mx, int i, int j, int dm, int64_t dc) {
    int64_t idx = i < j ? (int64_t)i * mx->n + j : (int64_t)j * mx->n + i;
    if (mx->pm[idx] == 0 && mx->pc[idx] == 0) {
        if (mx->ntouched == (int64_t)mx->n * mx->n)
            flush(mx); /* an entry can return to 0 and be listed again: stay in bounds */
        mx->touched[mx->ntouched++] = idx;
    }
    mx->pm[idx] += dm;
    mx->pc[idx] += dc;
}

static void flush(sw_matrix *mx) {
    for (int64_t x = 0; x < mx->ntouched; x++) {
        int64_t idx = mx->touched[x];
        int i = (int)(idx / mx->n), j = (int)(idx % mx->n);
        if (mx->pm[idx])
            add_meet(mx, i, j, mx->pm[idx]);
        if (mx->pc[idx])
            add_comp(mx, i, j, mx->pc[idx]);
        mx->pm[idx] = 0;
        mx->pc[idx] = 0;
    }
    mx->ntouched = 0;
}

/* ---- session contributions ---- */

/* Add sign times session k's contribution to every pair that involves a
 * marked participant (each unordered pair once, pending until flush) and to
 * marked rests. A pair whose entry can be touched twice in one pass (a
 * repeated pair or comparison) simply accumulates. */
static void update_rows(sw_matrix *mx, int k, int sign) {
    const sw_movement *m = mov(mx, k);
    const sw_layout *l = lay(mx, k);
    const int *as = mx->assign[k];
    const char *mark = mx->mark;
    const int rest = sign * (int)mx->runit;
    for (int a = 0; a < mx->n; a++) {
        int p = mark[a] ? mx->pos[k][a] : 0;
        if (p == 0)
            continue;
        for (int r = 0; r < m->rounds; r++) {
            int w = where(l, p, r);
            if (w < 0 || !sw_matrix_table_plays(mx, k, r, w / SW_MAX_SEATS)) {
                add_rest(mx, a, rest);
                continue;
            }
            int t = w / SW_MAX_SEATS, d = w % SW_MAX_SEATS;
            const sw_table *tb = sw_movement_at(m, r, t);
            for (int e = 0; e < sw_table_seats(m, tb); e++) {
                int y = as[tb->seat[e]] - 1;
                if (e != d && (!mark[y] || a < y))
                    pend(mx, a, y, sign * (int)mx->unit, sign * mx->scale);
            }
            int g = tb->group, h = g > 0 ? mx->h[k][g] : 0;
            if (m->seats != 2 || h < 1)
                continue;
            int64_t unit = mx->scale / h;
            for (int x = l->gstart[g]; x < l->gstart[g + 1]; x++) {
                int r2 = l->ginst[x] / l->tables, t2 = l->ginst[x] % l->tables;
                if ((r2 == r && t2 == t) || !sw_matrix_table_plays(mx, k, r2, t2))
                    continue;
                const sw_table *tb2 = sw_movement_at(m, r2, t2);
                for (int e = 0; e < 2; e++) {
                    int y = as[tb2->seat[e]] - 1;
                    if (!mark[y] || a < y)
                        pend(mx, a, y, 0, (e == d ? unit : -unit) * sign);
                }
            }
        }
    }
}

/* ---- position tables (plain swaps) ---- */

/* How many positions of session k are taken or empty differently from the
 * occupancy the tables were built for. */
static void w_recount(sw_matrix *mx, int k) {
    if (!mx->wm[k])
        return;
    const int *as = mx->assign[k];
    int P = lay(mx, k)->positions, d = 0;
    for (int p = 0; p <= P; p++)
        d += mx->wocc[k][p] != (p > 0 && as[p] != 0);
    mx->wdiff[k] = d;
}

/* Position p of session k changes between empty and taken (was_taken is the
 * old state): keep wdiff exact in O(1). */
static void w_toggle(sw_matrix *mx, int k, int p, int was_taken) {
    if (!mx->wm[k] || mx->wocc[k][p] > 1)
        return;
    mx->wdiff[k] += mx->wocc[k][p] == was_taken ? 1 : -1;
    assert(mx->wdiff[k] >= 0);
}

/* The tables of session k for its current occupancy, h and playing tables:
 * the same contributions update_rows adds, keyed by position instead of by
 * participant. */
static void w_build(sw_matrix *mx, int k) {
    const sw_movement *m = mov(mx, k);
    const sw_layout *l = lay(mx, k);
    int P1 = l->positions + 1;
    int32_t *wm = mx->wm[k], *wr = mx->wr[k];
    int64_t *wc = mx->wc[k];
    memset(wm, 0, (size_t)P1 * (size_t)P1 * sizeof *wm);
    memset(wc, 0, (size_t)P1 * (size_t)P1 * sizeof *wc);
    memset(wr, 0, (size_t)P1 * sizeof *wr);
    for (int r = 0; r < l->rounds; r++)
        for (int t = 0; t < l->tables; t++) {
            if (!sw_matrix_table_plays(mx, k, r, t))
                continue;
            const sw_table *tb = sw_movement_at(m, r, t);
            int ns = sw_table_seats(m, tb);
            for (int d = 0; d < ns; d++)
                for (int e = 0; e < ns; e++)
                    if (d != e) {
                        wm[tb->seat[d] * P1 + tb->seat[e]] += (int32_t)mx->unit;
                        wc[tb->seat[d] * P1 + tb->seat[e]] += mx->scale;
                    }
            int g = tb->group, h = g > 0 ? mx->h[k][g] : 0;
            if (m->seats != 2 || h < 1)
                continue;
            int64_t unit = mx->scale / h;
            for (int x = l->gstart[g]; x < l->gstart[g + 1]; x++) {
                int r2 = l->ginst[x] / l->tables, t2 = l->ginst[x] % l->tables;
                if ((r2 == r && t2 == t) || !sw_matrix_table_plays(mx, k, r2, t2))
                    continue;
                const sw_table *tb2 = sw_movement_at(m, r2, t2);
                for (int d = 0; d < 2; d++)
                    for (int e = 0; e < 2; e++)
                        wc[tb->seat[d] * P1 + tb2->seat[e]] += d == e ? unit : -unit;
            }
        }
    for (int p = 0; p < P1; p++) {
        int taken = p > 0 && mx->assign[k][p] != 0;
        mx->wocc[k][p] = (char)taken;
        for (int r = 0; taken && r < l->rounds; r++) {
            int w = where(l, p, r);
            if (w < 0 || !sw_matrix_table_plays(mx, k, r, w / SW_MAX_SEATS))
                wr[p] += (int32_t)mx->runit;
        }
    }
    int *nb = mx->wnb[k], x = P1 + 1;
    for (int p = 0; p < P1; p++) {
        nb[p] = x;
        for (int r = 1; p > 0 && r < P1; r++)
            if (r != p && (wm[p * P1 + r] || wc[p * P1 + r]))
                nb[x++] = r;
    }
    nb[P1] = x;
    nb = mx->wnbm[k];
    x = P1 + 1;
    for (int p = 0; p < P1; p++) {
        nb[p] = x;
        for (int r = 1; p > 0 && r < P1; r++)
            if (r != p && wm[p * P1 + r])
                nb[x++] = r;
    }
    nb[P1] = x;
    mx->wdiff[k] = 0;
}

/* Whether a plain swap in session k can use the tables (building them if
 * the occupancy moved on since they were built). */
static bool w_ready(sw_matrix *mx, int k) {
    if (!mx->wm[k])
        return false;
    if (mx->wdiff[k])
        w_build(mx, k);
    return true;
}

bool sw_matrix_tables_ready(sw_matrix *mx, int k) {
    return w_ready(mx, k);
}

/* The plain swap of a (at p) and b (at q) with the tables: only the pairs
 * (a, y) and (b, y) change, by opposite amounts; (a, b) keeps its value
 * because the tables are symmetric. */
static void w_swap(sw_matrix *mx, int k, sw_exchange x) {
    int P1 = lay(mx, k)->positions + 1, p = x.p, q = x.q, a = x.a, b = x.b;
    const int *as = mx->assign[k];
    const int32_t *mp = mx->wm[k] + (size_t)p * P1, *mq = mx->wm[k] + (size_t)q * P1;
    const int64_t *cp = mx->wc[k] + (size_t)p * P1, *cq = mx->wc[k] + (size_t)q * P1;
    for (int r = 1; r < P1; r++) {
        int y = as[r] - 1;
        if (y < 0 || r == p || r == q)
            continue;
        int dm = mq[r] - mp[r];
        if (dm) {
            add_meet(mx, a, y, dm);
            add_meet(mx, b, y, -dm);
        }
        int64_t dc = cq[r] - cp[r];
        if (dc) {
            add_comp(mx, a, y, dc);
            add_comp(mx, b, y, -dc);
        }
    }
    int dr = mx->wr[k][q] - mx->wr[k][p];
    if (dr) {
        add_rest(mx, a, dr);
        add_rest(mx, b, -dr);
    }
}

int sw_matrix_swap_delta(sw_matrix *mx, int k, int p, int q, int64_t dm[5], int64_t dr[5]) {
    assert(k >= 0 && k < mx->nsessions);
    assert(p >= 1 && p <= lay(mx, k)->positions && q >= 1 && q <= lay(mx, k)->positions);
    const int *as = mx->assign[k];
    for (int x = 0; x < 5; x++)
        dm[x] = dr[x] = 0;
    sw_exchange x = sw_exchange_of(as, 1, p, q);
    if (!sw_exchange_plain(x) || !w_ready(mx, k))
        return -1;
    int P1 = lay(mx, k)->positions + 1;
    int64_t n = mx->n;
    int a = x.a, b = x.b;
    const int32_t *mp = mx->wm[k] + (size_t)p * P1, *mq = mx->wm[k] + (size_t)q * P1;
    const int32_t *ma = mx->meet + a * n, *mb = mx->meet + b * n;
    for (int r = 1; r < P1; r++) {
        int y = as[r] - 1;
        if (y < 0 || r == p || r == q)
            continue;
        int dv = mq[r] - mp[r];
        if (dv) {
            pow_delta64(dm, ma[y], ma[y] + dv);
            pow_delta64(dm, mb[y], mb[y] - dv);
        }
    }
    int d = mx->wr[k][q] - mx->wr[k][p];
    if (d) {
        pow_delta64(dr, mx->rests[a], mx->rests[a] + d);
        pow_delta64(dr, mx->rests[b], mx->rests[b] - d);
    }
    return 0;
}

/* ---- construction ---- */

/* History carries no round limit, so with it the exact sums are checked
 * against what the values can reach: U M up to U (the rounds plus the
 * largest history count), |L C| up to L (2 rounds + the largest |history
 * C|). The bounds (docs/criteria.md): sum (U M)^4 in int64, sp2 <= n (n-1)^2
 * (D U Mmax)^8 and every sum of Sc's expansion <= 16 D^5 (L Cmax)^4 below
 * 2^254. Long double is ample for a bound with a factor 2 of room. */
static sw_status history_range(const sw_matrix *mx, int rounds, int64_t L, sw_error *err) {
    const sw_history *h = &mx->season->history;
    size_t nn = (size_t)mx->n * (size_t)mx->n;
    int64_t hm = 0, hc = 0;
    for (size_t x = 0; x < nn; x++) {
        int64_t c = h->comp[x] < 0 ? -h->comp[x] : h->comp[x];
        hm = h->meet[x] > hm ? h->meet[x] : hm;
        hc = c > hc ? c : hc;
    }
    long double n = mx->n, D = (long double)mx->pairs,
                M = (long double)rounds * (long double)mx->unit + (long double)hm;
    long double C =
        (long double)L * (2.0L * rounds) + (long double)hc * (long double)(L / h->scale);
    long double dm = D * M, dm2 = dm * dm, dm4 = dm2 * dm2, c2 = C * C;
    long double sp2 = n * (n - 1) * (n - 1) * dm4 * dm4;
    long double sc = 16.0L * D * D * D * D * D * c2 * c2;
    long double m4 = D * M * M * M * M;
    if (m4 >= 0x1p62L || sp2 >= 0x1p254L || sc >= 0x1p254L || C >= 0x1p62L) {
        if (mx->unit > 1)
            return sw_error_set(err, SW_ERR_LIMIT, NULL, 0,
                                "history of up to %.6g meetings a pair in units of 1/%lld with "
                                "%d rounds over %d participants is beyond the exact range of "
                                "the criteria; use a shorter history, or round its meetings to "
                                "fewer decimals",
                                (double)hm / (double)mx->unit, (long long)mx->unit, rounds, mx->n);
        return sw_error_set(err, SW_ERR_LIMIT, NULL, 0,
                            "history of up to %lld meetings a pair with %d rounds over %d "
                            "participants is beyond the exact range of the criteria; use a "
                            "shorter history",
                            (long long)hm, rounds, mx->n);
    }
    return SW_OK;
}

/* L: the lcm of every h that can occur. A session whose seating can still
 * change and has empty positions may play a board set at any number of its
 * tables, so every 1..t-1 is possible; otherwise h is what the assignment
 * gives. */
static sw_status compute_scale(sw_matrix *mx, sw_error *err) {
    int64_t L = 1;
    int total_rounds = 0;
    for (int k = 0; k < mx->nsessions; k++) {
        const sw_session *ss = &mx->season->sessions[k];
        const sw_layout *l = lay(mx, k);
        total_rounds += l->rounds;
        if (total_rounds > SW_MATRIX_MAX_ROUNDS) /* the session that crosses it: its line */
            return sw_error_set(err, SW_ERR_LIMIT, NULL, ss->line,
                                "session %d brings the season to %d rounds, at most %d "
                                "supported; split the season, or give the earlier sessions as "
                                "a history (history FILE: no round limit)",
                                k + 1, total_rounds, SW_MATRIX_MAX_ROUNDS);
        bool variable = !ss->played && sw_season_present_count(mx->season, k) < l->positions;
        for (int g = 1; g <= l->groups; g++) {
            int tg = l->gstart[g + 1] - l->gstart[g];
            for (int h = variable ? 1 : mx->h[k][g]; h >= 1 && h <= tg - 1; h++) {
                L = L / sw_gcd64(L, h) * h;
                if (L > SW_MATRIX_MAX_SCALE)
                    return sw_error_set(err, SW_ERR_LIMIT, NULL, ss->line,
                                        "session %d: board sets played at too many different "
                                        "numbers of tables for an exact competition matrix; "
                                        "use a movement with fewer tables a board set",
                                        k + 1);
                if (!variable)
                    break;
            }
        }
    }
    const sw_history *hist = &mx->season->history;
    if (hist->meet) {
        /* History comparisons are multiples of 1/hist->scale: L takes it in. */
        L = L / sw_gcd64(L, hist->scale) * hist->scale;
        if (L > SW_MATRIX_MAX_SCALE)
            return sw_error_set(err, SW_ERR_LIMIT, NULL, 0,
                                "the history's comparisons and the sessions' board sets need "
                                "a scale above %lld for an exact competition matrix; round the "
                                "history's comparisons to fewer decimals",
                                (long long)SW_MATRIX_MAX_SCALE);
        sw_status st = history_range(mx, total_rounds, L, err);
        if (st != SW_OK)
            return st;
    }
    mx->scale = L;
    return SW_OK;
}

void sw_matrix_free(sw_matrix *mx) {
    if (!mx)
        return;
    if (mx->layout && mx->season)
        for (int i = 0; i < mx->season->nmovements; i++)
            layout_free(&mx->layout[i]);
    free(mx->layout);
    /* Per-session arrays: one row per session, then the array of rows. */
#define FREE_ROWS(rows)                                                                            \
    do {                                                                                           \
        for (int k = 0; (rows) && k < mx->nsessions; k++)                                          \
            free((rows)[k]);                                                                       \
        free(rows);                                                                                \
    } while (0)
    FREE_ROWS(mx->assign);
    FREE_ROWS(mx->pos);
    FREE_ROWS(mx->h);
    FREE_ROWS(mx->play);
    FREE_ROWS(mx->wm);
    FREE_ROWS(mx->wc);
    FREE_ROWS(mx->wr);
    FREE_ROWS(mx->wocc);
    FREE_ROWS(mx->wnb);
    FREE_ROWS(mx->wnbm);
#undef FREE_ROWS
    free(mx->wdiff);
    free(mx->meet);
    free(mx->comp);
    free(mx->coinc);
    free(mx->rests);
    free(mx->mrow);
    free(mx->mark);
    free(mx->pm);
    free(mx->pc);
    free(mx->touched);
    sw_meet_ranges_free(&mx->ranges);
    memset(mx, 0, sizeof *mx);
}

static sw_status alloc_state(sw_matrix *mx, const sw_season *s, sw_error *err) {
    memset(mx, 0, sizeof *mx);
    mx->season = s;
    mx->n = s->n;
    mx->nsessions = s->nsessions;
    mx->pairs = (int64_t)s->n * (s->n - 1) / 2;
    mx->unit = s->history.meet ? s->history.unit : 1;
    mx->runit = sw_participants_rests_unit(s->part, s->n);
    size_t n = (size_t)s->n, nn = n * n;
    mx->layout = calloc((size_t)s->nmovements, sizeof *mx->layout);
    mx->assign = calloc((size_t)s->nsessions, sizeof *mx->assign);
    mx->pos = calloc((size_t)s->nsessions, sizeof *mx->pos);
    mx->h = calloc((size_t)s->nsessions, sizeof *mx->h);
    mx->play = calloc((size_t)s->nsessions, sizeof *mx->play);
    mx->meet = calloc(nn + 1, sizeof *mx->meet);
    mx->comp = calloc(nn + 1, sizeof *mx->comp);
    mx->coinc = calloc(nn + 1, sizeof *mx->coinc);
    mx->rests = calloc(n + 1, sizeof *mx->rests);
    mx->mrow = calloc(n * 5 + 1, sizeof *mx->mrow);
    mx->mark = calloc(n + 1, 1);
    mx->pm = calloc(nn + 1, sizeof *mx->pm);
    mx->pc = calloc(nn + 1, sizeof *mx->pc);
    mx->touched = malloc((nn + 1) * sizeof *mx->touched);
    mx->wm = calloc((size_t)s->nsessions, sizeof *mx->wm);
    mx->wc = calloc((size_t)s->nsessions, sizeof *mx->wc);
    mx->wr = calloc((size_t)s->nsessions, sizeof *mx->wr);
    mx->wocc = calloc((size_t)s->nsessions, sizeof *mx->wocc);
    mx->wdiff = calloc((size_t)s->nsessions, sizeof *mx->wdiff);
    mx->wnb = calloc((size_t)s->nsessions, sizeof *mx->wnb);
    mx->wnbm = calloc((size_t)s->nsessions, sizeof *mx->wnbm);
    bool fail = !mx->wnb || !mx->wnbm || !mx->wm || !mx->wc || !mx->wr || !mx->wocc || !mx->wdiff ||
                !mx->pm || !mx->pc || !mx->touched || !mx->play || !mx->layout || !mx->assign ||
                !mx->pos || !mx->h || !mx->meet || !mx->comp || !mx->coinc || !mx->rests ||
                !mx->mrow || !mx->mark;
    for (int i = 0; i < s->nmovements && !fail; i++)
        fail = layout_build(&mx->layout[i], &s->movements[i]) != 0;
    size_t wtotal = 0;
    for (int k = 0; k < s->nsessions && !fail; k++) {
        const sw_movement *m = &s->movements[s->sessions[k].movement];
        mx->assign[k] = calloc((size_t)m->positions + 1, sizeof **mx->assign);
        mx->pos[k] = calloc(n + 1, sizeof **mx->pos);
        mx->h[k] = calloc((size_t)m->groups + 1, sizeof **mx->h);
        mx->play[k] = calloc((size_t)m->rounds * (size_t)m->tables + 1, 1);
        fail = !mx->assign[k] || !mx->pos[k] || !mx->h[k] || !mx->play[k];
        /* Position tables only while they stay small: they are a cache, and
         * a session without them takes the general path. */
        size_t P1 = (size_t)m->positions + 1, wbytes = P1 * P1 * 20 + P1 * 13;
        if (!fail && wbytes <= SW_MATRIX_W_BUDGET - wtotal) {
            wtotal += wbytes;
            mx->wm[k] = malloc(P1 * P1 * sizeof **mx->wm);
            mx->wc[k] = malloc(P1 * P1 * sizeof **mx->wc);
            mx->wr[k] = malloc(P1 * sizeof **mx->wr);
            mx->wocc[k] = malloc(P1);
            mx->wnb[k] = malloc((P1 * P1 + 1) * sizeof **mx->wnb);
            mx->wnbm[k] = malloc((P1 * P1 + 1) * sizeof **mx->wnbm);
            fail = !mx->wm[k] || !mx->wc[k] || !mx->wr[k] || !mx->wocc[k] || !mx->wnb[k] ||
                   !mx->wnbm[k];
            if (!fail)
                memset(mx->wocc[k], 2, P1); /* 2: never built, differs from any occupancy */
            mx->wdiff[k] = (int)P1;
        }
    }
    if (fail) {
        sw_matrix_free(mx);
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    }
    return SW_OK;
}

void sw_matrix_rebuild(sw_matrix *mx) {
    size_t n = (size_t)mx->n;
    memset(mx->meet, 0, n * n * sizeof *mx->meet);
    memset(mx->comp, 0, n * n * sizeof *mx->comp);
    memset(mx->mrow, 0, n * 5 * sizeof *mx->mrow);
    memset(mx->msum, 0, sizeof mx->msum);
    memset(mx->rsum, 0, sizeof mx->rsum);
    for (int k = 0; k < 5; k++)
        mx->csum[k] = sw_i256_from_i64(0);
    for (size_t i = 0; i < n; i++) {
        mx->rests[i] = 0;
        add_rest(mx, (int)i, sw_participant_rests(&mx->season->part[i], (int)mx->runit));
    }
    /* Unordered pairs start at 0, or at the history's values (a fixed
     * baseline, scaled to L); the power sums over them count from there. */
    const sw_history *hist = &mx->season->history;
    for (int i = 0; hist->meet && i < mx->n; i++)
        for (int j = i + 1; j < mx->n; j++) {
            size_t x = (size_t)i * n + (size_t)j;
            if (hist->meet[x])
                add_meet(mx, i, j, hist->meet[x]);
            if (hist->comp[x])
                add_comp(mx, i, j, hist->comp[x] * (mx->scale / hist->scale));
        }
    for (int k = 0; k < mx->nsessions; k++) {
        const sw_layout *l = lay(mx, k);
        memset(mx->pos[k], 0, n * sizeof *mx->pos[k]);
        for (int p = 1; p <= l->positions; p++)
            if (mx->assign[k][p])
                mx->pos[k][mx->assign[k][p] - 1] = p;
        refresh_play(mx, k);
        for (int g = 1; g <= l->groups; g++)
            compute_h(mx, k, g);
        memset(mx->mark, 1, n);
        update_rows(mx, k, +1);
        flush(mx);
        w_recount(mx, k);
    }
    memset(mx->mark, 0, n);
}

sw_status sw_matrix_init(sw_matrix *mx, const sw_season *s, sw_error *err) {
    sw_status st = alloc_state(mx, s, err);
    if (st != SW_OK)
        return st;
    size_t n = (size_t)s->n;
    for (int k = 0; k < s->nsessions; k++) {
        const sw_session *ss = &s->sessions[k];
        const sw_layout *l = lay(mx, k);
        memcpy(mx->assign[k], ss->assign, (size_t)(l->positions + 1) * sizeof *ss->assign);
        for (int p = 1; p <= l->positions; p++)
            if (mx->assign[k][p])
                mx->pos[k][mx->assign[k][p] - 1] = p;
        refresh_play(mx, k);
        for (int g = 1; g <= l->groups; g++)
            compute_h(mx, k, g);
        for (size_t i = 0; i < n; i++)
            for (size_t j = 0; j < n; j++)
                mx->coinc[i * n + j] += i != j && ss->present[i] && ss->present[j];
    }
    st = compute_scale(mx, err);
    if (st != SW_OK) {
        sw_matrix_free(mx);
        return st;
    }
    sw_matrix_rebuild(mx);
    st = sw_meet_ranges_build(&mx->ranges, mx, err);
    if (st != SW_OK)
        sw_matrix_free(mx);
    return st;
}

/* Mark the participants whose rows change when position p or q of session k
 * changes between empty and taken: everyone at their tables, and everyone at
 * the tables of those tables' board sets (whose h may change). */
static void mark_status_change(sw_matrix *mx, int k, int p, int q) {
    const sw_movement *m = mov(mx, k);
    const sw_layout *l = lay(mx, k);
    for (int r = 0; r < m->rounds; r++)
        for (int which = 0; which < 2; which++) {
            int w = where(l, which ? q : p, r);
            if (w < 0)
                continue;
            const sw_table *tb = sw_movement_at(m, r, w / SW_MAX_SEATS);
            for (int e = 0; e < m->seats; e++)
                if (mx->assign[k][tb->seat[e]])
                    mx->mark[mx->assign[k][tb->seat[e]] - 1] = 1;
            int g = tb->group;
            for (int x = g > 0 ? l->gstart[g] : 0; g > 0 && x < l->gstart[g + 1]; x++) {
                const sw_table *t2 = &m->table[l->ginst[x]];
                for (int e = 0; e < m->seats; e++)
                    if (mx->assign[k][t2->seat[e]])
                        mx->mark[mx->assign[k][t2->seat[e]] - 1] = 1;
            }
        }
}

static void refresh_h(sw_matrix *mx, int k, int p, int q) {
    const sw_movement *m = mov(mx, k);
    const sw_layout *l = lay(mx, k);
    for (int r = 0; r < m->rounds; r++)
        for (int which = 0; which < 2; which++) {
            int w = where(l, which ? q : p, r);
            if (w >= 0)
                mx->play[k][r * l->tables + w / SW_MAX_SEATS] =
                    (char)table_full(mx, k, r, w / SW_MAX_SEATS);
        }
    for (int r = 0; r < m->rounds; r++)
        for (int which = 0; which < 2; which++) {
            int w = where(l, which ? q : p, r);
            int g = w < 0 ? 0 : sw_movement_at(m, r, w / SW_MAX_SEATS)->group;
            if (g > 0)
                compute_h(mx, k, g);
        }
}

void sw_matrix_exchange(sw_matrix *mx, int k, int p, int q) {
    assert(k >= 0 && k < mx->nsessions);
    assert(p >= 1 && p <= lay(mx, k)->positions && q >= 1 && q <= lay(mx, k)->positions);
    sw_exchange x = sw_exchange_of(mx->assign[k], 1, p, q);
    assert(x.a >= -1 && x.a < mx->n && x.b >= -1 && x.b < mx->n);
    if (!sw_exchange_changes(x))
        return;
    if (sw_exchange_plain(x) && w_ready(mx, k)) {
        w_swap(mx, k, x);
        sw_exchange_apply(mx->assign[k], mx->pos[k], x);
        return;
    }
    /* a participant moves to or from an empty position: who plays at the
     * tables of p and q changes, so everyone there is updated */
    bool status_change = !sw_exchange_plain(x);
    if (status_change) {
        mark_status_change(mx, k, p, q);
        w_toggle(mx, k, p, x.a >= 0);
        w_toggle(mx, k, q, x.b >= 0);
    }
    if (x.a >= 0)
        mx->mark[x.a] = 1;
    if (x.b >= 0)
        mx->mark[x.b] = 1;
    update_rows(mx, k, -1);
    sw_exchange_apply(mx->assign[k], mx->pos[k], x);
    if (status_change)
        refresh_h(mx, k, p, q);
    update_rows(mx, k, +1);
    flush(mx);
    memset(mx->mark, 0, (size_t)mx->n);
}

void sw_matrix_store(const sw_matrix *mx, sw_season *s) {
    for (int k = 0; k < mx->nsessions; k++)
        memcpy(s->sessions[k].assign, mx->assign[k],
               (size_t)(lay(mx, k)->positions + 1) * sizeof *mx->assign[k]);
}

void sw_matrix_assign_from(sw_matrix *dst, const sw_matrix *src) {
    size_t n = (size_t)src->n;
    for (int k = 0; k < src->nsessions; k++) {
        const sw_layout *l = lay(src, k);
        memcpy(dst->assign[k], src->assign[k], (size_t)(l->positions + 1) * sizeof(int));
        memcpy(dst->pos[k], src->pos[k], n * sizeof(int));
        memcpy(dst->h[k], src->h[k], (size_t)(l->groups + 1) * sizeof(int));
        memcpy(dst->play[k], src->play[k], (size_t)l->rounds * (size_t)l->tables);
        w_recount(dst, k);
    }
    memcpy(dst->meet, src->meet, n * n * sizeof *dst->meet);
    memcpy(dst->comp, src->comp, n * n * sizeof *dst->comp);
    memcpy(dst->rests, src->rests, n * sizeof *dst->rests);
    memcpy(dst->mrow, src->mrow, n * 5 * sizeof *dst->mrow);
    memcpy(dst->msum, src->msum, sizeof dst->msum);
    memcpy(dst->csum, src->csum, sizeof dst->csum);
    memcpy(dst->rsum, src->rsum, sizeof dst->rsum);
}

sw_status sw_matrix_copy(sw_matrix *dst, const sw_matrix *src, sw_error *err) {
    sw_matrix m;
    sw_status st = alloc_state(&m, src->season, err);
    if (st != SW_OK)
        return st;
    m.scale = src->scale;
    size_t n = (size_t)src->n;
    memcpy(m.coinc, src->coinc, n * n * sizeof *m.coinc);
    sw_matrix_assign_from(&m, src);
    st = sw_meet_ranges_copy(&m.ranges, &src->ranges, err);
    if (st != SW_OK) {
        sw_matrix_free(&m);
        return st;
    }
    *dst = m;
    return SW_OK;
}
