/* src/matrix/bound.c: each pair's range of final meetings, and So's lower
 * bound as the flattest spread within those ranges (over all pairs, and
 * row by row).
 *
 * A pair's fixed part (lo) is its history, its meetings in the played
 * sessions and, in an unplayed session, the meetings of two participants
 * whose pins leave each one position when the tables there always play.
 * What an unplayed session can add (hi - lo) is, for two participants both
 * present in it, the most rounds any two positions they may hold (their
 * pins, less the positions others are pinned to) sit at one table: a pair
 * one of whom is absent, or whose sections or pins keep them apart, gains
 * nothing there. Each participant's row sum has a range too: the history
 * and played sessions, plus per unplayed session the meetings of its best
 * position down to those of its worst less what the empty positions can
 * take away. docs/criteria.md ("So's lower bound") states what the bound
 * assumes; test_matrix checks it against every seating of small seasons.
 * SPDX-License-Identifier: MIT */
#include "matrix/bound.h"

#include <stdlib.h>
#include <string.h>

#include "matrix/matrix.h"

typedef uint64_t word;
#define WBITS 64

static sw_i256 I(int64_t v) {
    return sw_i256_from_i64(v);
}

static sw_i256 pow4(int64_t x) {
    sw_i256 v = I(x), v2 = sw_i256_mul(v, v);
    return sw_i256_mul(v2, v2);
}

sw_i256 sw_so_flat_bound(int64_t D, int64_t T) {
    if (D == 0)
        return I(0);
    int64_t q = T / D, rem = T % D;
    return sw_i256_add(sw_i256_mul_i64(pow4(D * (q + 1) - T), rem),
                       sw_i256_mul_i64(pow4(D * q - T), D - rem));
}

/* ---- one unplayed session ---- */

/* What an unplayed session k can give each pair. w[p*P1+q]: the rounds
 * positions p and q sit at one table of the movement (whether it plays or
 * not); nb lists, for each p, the q with w > 0. */
typedef struct open_session {
    int P1, words;
    int32_t *w;
    int *nbstart, *nb;
    word *sets;    /* [nclass*words]: the positions a class may hold */
    int nclass;    /* distinct sets of positions among the present */
    int *cls;      /* [n]: participant's class, -1 = absent */
    int32_t *gain; /* [nclass*nclass]: most meetings two members can have */
} open_session;

static void open_free(open_session *o) {
    free(o->w);
    free(o->nbstart);
    free(o->nb);
    free(o->sets);
    free(o->cls);
    free(o->gain);
}

static int open_tables(open_session *o, const sw_movement *m) {
    int P1 = o->P1;
    o->w = calloc((size_t)P1 * (size_t)P1, sizeof *o->w);
    o->nbstart = calloc((size_t)P1 + 1, sizeof *o->nbstart);
    if (!o->w || !o->nbstart)
        return -1;
    for (int r = 0; r < m->rounds; r++)
        for (int t = 0; t < m->tables; t++) {
            const sw_table *tb = sw_movement_at(m, r, t);
            int ns = sw_table_seats(m, tb);
            for (int d = 0; d < ns && tb->seat[0] > 0; d++)
                for (int e = 0; e < ns; e++)
                    if (d != e && tb->seat[d] > 0 && tb->seat[e] > 0)
                        o->w[tb->seat[d] * P1 + tb->seat[e]]++;
        }
    int total = 0;
    for (int p = 0; p < P1; p++)
        for (int q = 0; q < P1; q++)
            total += o->w[p * P1 + q] > 0;
    o->nb = malloc(((size_t)total + 1) * sizeof *o->nb);
    if (!o->nb)
        return -1;
    int x = 0;
    for (int p = 0; p < P1; p++) {
        o->nbstart[p] = x;
        for (int q = 0; q < P1; q++)
            if (o->w[p * P1 + q] > 0)
                o->nb[x++] = q;
    }
    o->nbstart[P1] = x;
    return 0;
}

/* The classes: participants with the same set of positions they may hold.
 * A position that is the only one some present participant may hold is
 * reserved: nobody else can hold it. */
static int open_classes(open_session *o, const sw_season *s, int k) {
    const sw_session *ss = &s->sessions[k];
    int n = s->n, P1 = o->P1, W = o->words;
    word *raw = calloc((size_t)n * (size_t)W + 1, sizeof *raw);
    int *only = malloc(((size_t)n + 1) * sizeof *only),
        *holder = calloc((size_t)P1, sizeof *holder);
    o->sets = malloc(((size_t)n * (size_t)W + 1) * sizeof *o->sets);
    o->cls = malloc(((size_t)n + 1) * sizeof *o->cls);
    int rc = -1;
    if (!raw || !only || !holder || !o->sets || !o->cls)
        goto done;
    for (int i = 0; i < n; i++) {
        only[i] = 0;
        if (!ss->present[i])
            continue;
        int count = 0;
        for (int p = 1; p < P1; p++)
            if (sw_session_may_seat(ss, i, p)) {
                raw[(size_t)i * W + p / WBITS] |= (word)1 << (p % WBITS);
                count++;
                only[i] = p;
            }
        if (count != 1)
            only[i] = 0;
        else
            holder[only[i]] = i + 1;
    }
    o->nclass = 0;
    for (int i = 0; i < n; i++) {
        o->cls[i] = -1;
        if (!ss->present[i])
            continue;
        word *set = &raw[(size_t)i * W];
        for (int p = 1; p < P1; p++)
            if (holder[p] && holder[p] != i + 1)
                set[p / WBITS] &= ~((word)1 << (p % WBITS));
        int c = 0;
        while (c < o->nclass && memcmp(&o->sets[(size_t)c * W], set, (size_t)W * sizeof *set))
            c++;
        if (c == o->nclass)
            memcpy(&o->sets[(size_t)o->nclass++ * W], set, (size_t)W * sizeof *set);
        o->cls[i] = c;
    }
    rc = 0;
done:
    free(raw);
    free(only);
    free(holder);
    return rc;
}

static bool has(const word *set, int p) {
    return (set[p / WBITS] >> (p % WBITS)) & 1u;
}

/* gain[a][b]: the most meetings of a member of class a at p and one of
 * class b at q != p, over the positions each may hold. */
static int open_gains(open_session *o) {
    int C = o->nclass, W = o->words;
    o->gain = calloc((size_t)C * (size_t)C + 1, sizeof *o->gain);
    if (!o->gain)
        return -1;
    for (int a = 0; a < C; a++)
        for (int b = a; b < C; b++) {
            const word *A = &o->sets[(size_t)a * W], *B = &o->sets[(size_t)b * W];
            int32_t best = 0;
            for (int p = 1; p < o->P1; p++) {
                if (!has(A, p))
                    continue;
                for (int x = o->nbstart[p]; x < o->nbstart[p + 1]; x++) {
                    int q = o->nb[x];
                    if (has(B, q) && o->w[p * o->P1 + q] > best)
                        best = o->w[p * o->P1 + q];
                }
            }
            o->gain[a * C + b] = o->gain[b * C + a] = best;
        }
    return 0;
}

/* The first position of a set that holds exactly one, else 0. */
static int single(const word *set, int W) {
    int p = 0, count = 0;
    for (int x = 0; x < W; x++)
        if (set[x]) {
            count += __builtin_popcountll(set[x]);
            p = x * WBITS + __builtin_ctzll(set[x]);
        }
    return count == 1 ? p : 0;
}

/* The meetings a participant can have in session k on a position of class
 * c: at most the most any of its positions gives (every table playing), at
 * least the fewest, less what the empty positions can take away: a round
 * is lost only at a table with an empty seat, so at most E * (the most
 * rounds p shares a table with one position) rounds, each losing at most
 * seats - 1 meetings. */
static void class_meetings(const open_session *o, const sw_movement *m, int empty, int c,
                           int64_t *least, int64_t *most) {
    const word *set = &o->sets[(size_t)c * o->words];
    *least = -1;
    *most = 0;
    for (int p = 1; p < o->P1; p++) {
        if (!has(set, p))
            continue;
        int64_t full = 0, seated = 0, row = 0;
        for (int x = o->nbstart[p]; x < o->nbstart[p + 1]; x++) {
            int32_t v = o->w[p * o->P1 + o->nb[x]];
            full += v;
            row = v > row ? v : row;
        }
        for (int r = 0; r < m->rounds; r++)
            for (int t = 0; t < m->tables; t++) {
                const sw_table *tb = sw_movement_at(m, r, t);
                for (int d = 0; d < sw_table_seats(m, tb) && tb->seat[0] > 0; d++)
                    seated += tb->seat[d] == p;
            }
        int64_t lost = (int64_t)empty * row < seated ? (int64_t)empty * row : seated;
        int64_t low = full - (m->seats - 1) * lost;
        low = low < 0 ? 0 : low;
        *least = *least < 0 || low < *least ? low : *least;
        *most = full > *most ? full : *most;
    }
    *least = *least < 0 ? 0 : *least;
}

/* Add session k's share to lo and cap (upper triangles, [i*n+j], i < j)
 * and to the row sums' ranges rlo, rhi. */
static int add_open(const sw_matrix *mx, int k, int32_t *lo, int32_t *cap, int64_t *rlo,
                    int64_t *rhi) {
    const sw_season *s = mx->season;
    const sw_session *ss = &s->sessions[k];
    const sw_movement *m = &s->movements[ss->movement];
    open_session o = {.P1 = m->positions + 1, .words = m->positions / WBITS + 1};
    int rc = -1;
    if (open_tables(&o, m) != 0 || open_classes(&o, s, k) != 0 || open_gains(&o) != 0)
        goto done;
    /* two participants pinned to one position each always meet there as
     * often as their positions do when every table they share plays: a
     * two-seat table with both of them, or any table when every position
     * is taken */
    bool exact = m->seats == 2 || sw_season_present_count(s, k) == m->positions;
    int *at = malloc(((size_t)o.nclass + 1) * sizeof *at);
    if (!at)
        goto done;
    for (int c = 0; c < o.nclass; c++)
        at[c] = exact ? single(&o.sets[(size_t)c * o.words], o.words) : 0;
    int n = mx->n, empty = m->positions - sw_season_present_count(s, k);
    int32_t u = (int32_t)mx->unit; /* o.w counts whole meetings; M is in units of 1/u */
    for (int c = 0; c < o.nclass; c++) {
        int64_t least, most;
        class_meetings(&o, m, empty, c, &least, &most);
        for (int i = 0; i < n; i++)
            if (o.cls[i] == c) {
                rlo[i] += least * u;
                rhi[i] += most * u;
            }
    }
    for (int i = 0; i < n; i++) {
        int a = o.cls[i];
        for (int j = i + 1; a >= 0 && j < n; j++) {
            int b = o.cls[j];
            if (b < 0)
                continue;
            if (at[a] && at[b])
                lo[(size_t)i * n + j] += o.w[at[a] * o.P1 + at[b]] * u;
            else
                cap[(size_t)i * n + j] += o.gain[a * o.nclass + b] * u;
        }
    }
    free(at);
    rc = 0;
done:
    open_free(&o);
    return rc;
}

/* Add played session k's meetings to lo. */
static void add_played(const sw_matrix *mx, int k, int32_t *lo) {
    const sw_movement *m = &mx->season->movements[mx->season->sessions[k].movement];
    int n = mx->n;
    for (int r = 0; r < m->rounds; r++)
        for (int t = 0; t < m->tables; t++) {
            if (!sw_matrix_table_plays(mx, k, r, t))
                continue;
            const sw_table *tb = sw_movement_at(m, r, t);
            int ns = sw_table_seats(m, tb);
            for (int d = 0; d < ns; d++)
                for (int e = d + 1; e < ns; e++) {
                    int a = mx->assign[k][tb->seat[d]] - 1, b = mx->assign[k][tb->seat[e]] - 1;
                    lo[a < b ? (size_t)a * n + b : (size_t)b * n + a] += (int32_t)mx->unit;
                }
        }
}

/* ---- the ranges, grouped ---- */

static int cmp_key(const void *x, const void *y) {
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return a < b ? -1 : a > b;
}

/* Append the groups of the m keys (lo << 32 | hi) to g, sorting them. */
static int append_groups(sw_range_groups *g, uint64_t *key, size_t m, size_t *cap) {
    qsort(key, m, sizeof *key, cmp_key);
    for (size_t y = 0; y < m; y++) {
        if (y > 0 && key[y] == key[y - 1]) {
            g->count[g->ngroups - 1]++;
            continue;
        }
        if ((size_t)g->ngroups == *cap) {
            size_t c = *cap ? 2 * *cap : 64;
            int32_t *lo = realloc(g->lo, c * sizeof *lo);
            if (lo)
                g->lo = lo;
            int32_t *hi = realloc(g->hi, c * sizeof *hi);
            if (hi)
                g->hi = hi;
            int64_t *count = realloc(g->count, c * sizeof *count);
            if (count)
                g->count = count;
            if (!lo || !hi || !count)
                return -1;
            *cap = c;
        }
        g->lo[g->ngroups] = (int32_t)(key[y] >> 32);
        g->hi[g->ngroups] = (int32_t)(key[y] & UINT32_MAX);
        g->count[g->ngroups++] = 1;
    }
    return 0;
}

static uint64_t range_key(const int32_t *lo, const int32_t *cap, int n, int i, int j) {
    size_t x = i < j ? (size_t)i * n + j : (size_t)j * n + i;
    return (uint64_t)(uint32_t)lo[x] << 32 | (uint32_t)(lo[x] + cap[x]);
}

/* Group the pairs, all and row by row; clamp each row's sum range to what
 * its pairs' ranges allow. */
static int group(sw_meet_ranges *r, const int32_t *lo, const int32_t *cap, int n) {
    size_t D = (size_t)n * (size_t)(n > 0 ? n - 1 : 0) / 2, x = 0, ca = 0, cr = 0;
    uint64_t *key = malloc((D + 1) * sizeof *key);
    r->rstart = calloc((size_t)n + 1, sizeof *r->rstart);
    if (!key || !r->rstart) {
        free(key);
        return -1;
    }
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            key[x] = range_key(lo, cap, n, i, j);
            r->lo_total += (int64_t)(key[x] >> 32);
            r->hi_total += (int64_t)(key[x++] & UINT32_MAX);
        }
    int rc = append_groups(&r->all, key, D, &ca);
    for (int i = 0; i < n && rc == 0; i++) {
        int64_t sl = 0, sh = 0;
        x = 0;
        for (int j = 0; j < n; j++)
            if (j != i) {
                key[x] = range_key(lo, cap, n, i, j);
                sl += (int64_t)(key[x] >> 32);
                sh += (int64_t)(key[x++] & UINT32_MAX);
            }
        r->rlo[i] = r->rlo[i] > sl ? r->rlo[i] : sl;
        r->rhi[i] = r->rhi[i] < sh ? r->rhi[i] : sh;
        r->rstart[i] = r->rows.ngroups;
        rc = append_groups(&r->rows, key, x, &cr);
    }
    r->rstart[n] = r->rows.ngroups;
    free(key);
    return rc;
}

static void groups_free(sw_range_groups *g) {
    free(g->lo);
    free(g->hi);
    free(g->count);
}

void sw_meet_ranges_free(sw_meet_ranges *r) {
    groups_free(&r->all);
    groups_free(&r->rows);
    free(r->rstart);
    free(r->rlo);
    free(r->rhi);
    memset(r, 0, sizeof *r);
}

sw_status sw_meet_ranges_build(sw_meet_ranges *r, const sw_matrix *mx, sw_error *err) {
    memset(r, 0, sizeof *r);
    const sw_season *s = mx->season;
    int n = mx->n;
    r->n = n;
    r->unit = mx->unit;
    size_t nn = (size_t)n * (size_t)n;
    int32_t *lo = calloc(nn + 1, sizeof *lo), *cap = calloc(nn + 1, sizeof *cap);
    r->rlo = calloc((size_t)n + 1, sizeof *r->rlo);
    r->rhi = calloc((size_t)n + 1, sizeof *r->rhi);
    bool fail = !lo || !cap || !r->rlo || !r->rhi;
    for (size_t x = 0; !fail && s->history.meet && x < nn; x++)
        lo[x] = s->history.meet[x];
    for (int k = 0; k < s->nsessions && !fail; k++)
        if (s->sessions[k].played)
            add_played(mx, k, lo);
    /* the fixed part of each row: the history and the played sessions */
    for (int i = 0; i < n && !fail; i++)
        for (int j = 0; j < n; j++)
            if (j != i) {
                int32_t v = lo[i < j ? (size_t)i * n + j : (size_t)j * n + i];
                r->rlo[i] += v;
                r->rhi[i] += v;
            }
    for (int k = 0; k < s->nsessions && !fail; k++)
        if (!s->sessions[k].played)
            fail = add_open(mx, k, lo, cap, r->rlo, r->rhi) != 0;
    fail = fail || group(r, lo, cap, n) != 0;
    free(lo);
    free(cap);
    if (fail) {
        sw_meet_ranges_free(r);
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    }
    return SW_OK;
}

static int groups_copy(sw_range_groups *dst, const sw_range_groups *src) {
    size_t g = (size_t)src->ngroups + 1;
    dst->ngroups = src->ngroups;
    dst->lo = malloc(g * sizeof *dst->lo);
    dst->hi = malloc(g * sizeof *dst->hi);
    dst->count = malloc(g * sizeof *dst->count);
    if (!dst->lo || !dst->hi || !dst->count)
        return -1;
    memcpy(dst->lo, src->lo, (size_t)src->ngroups * sizeof *dst->lo);
    memcpy(dst->hi, src->hi, (size_t)src->ngroups * sizeof *dst->hi);
    memcpy(dst->count, src->count, (size_t)src->ngroups * sizeof *dst->count);
    return 0;
}

static int64_t *dup64(const int64_t *src, size_t count) {
    int64_t *d = malloc((count + 1) * sizeof *d);
    if (d && src)
        memcpy(d, src, count * sizeof *d);
    return d;
}

sw_status sw_meet_ranges_copy(sw_meet_ranges *dst, const sw_meet_ranges *src, sw_error *err) {
    memset(dst, 0, sizeof *dst);
    dst->n = src->n;
    dst->lo_total = src->lo_total;
    dst->hi_total = src->hi_total;
    dst->unit = src->unit;
    size_t n = (size_t)src->n;
    dst->rstart = dup64(src->rstart, n + 1);
    dst->rlo = dup64(src->rlo, n);
    dst->rhi = dup64(src->rhi, n);
    if (!dst->rstart || !dst->rlo || !dst->rhi || groups_copy(&dst->all, &src->all) != 0 ||
        groups_copy(&dst->rows, &src->rows) != 0) {
        sw_meet_ranges_free(dst);
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    }
    return SW_OK;
}

/* ---- the bound: fill to a level ---- */

/* A pair of range [lo, hi] raised in steps of `step` to `level`: the least
 * lo + k step >= level, at most hi (lo below level, else lo). hi - lo is a
 * multiple of step. */
static inline int64_t raised(int64_t lo, int64_t hi, int64_t step, int64_t level) {
    if (level <= lo)
        return lo;
    int64_t v = lo + (level - lo + step - 1) / step * step;
    return v < hi ? v : hi;
}

/* Meetings the groups take when every pair below `level` is raised to it
 * (or to its hi) in steps of `step`: sum of raised - lo. */
static int64_t filled(const int32_t *lo, const int32_t *hi, const int64_t *count, int64_t ng,
                      int64_t step, int64_t level) {
    int64_t u = 0;
    for (int64_t g = 0; g < ng; g++)
        u += count[g] * (raised(lo[g], hi[g], step, level) - lo[g]);
    return u;
}

/* The least sum of (D M - T)^4 over the groups' pairs with M within their
 * ranges adding up to `sum` (between their lo and hi sums), each M its lo
 * plus a multiple of `step` (sum less their lo sum a multiple of it; step 1
 * allows every integer). Raising the lowest pair first is optimal: (D M -
 * T)^4 is convex in M, so each further step costs least on a pair with the
 * fewest, and the greedy of a separable convex sum under one total is
 * exact. It ends with every pair raised to `level` (the least value of its
 * steps at or above it, within its range) and `extra` of the pairs at
 * exactly level with room one step higher. */
static sw_i256 level_fill(const int32_t *lo, const int32_t *hi, const int64_t *count, int64_t ng,
                          int64_t step, int64_t D, int64_t T, int64_t sum) {
    int64_t a = 0, b = 0, base = 0; /* filled(a) <= U < filled(b + 1) */
    for (int64_t g = 0; g < ng; g++) {
        a = g == 0 || lo[g] < a ? lo[g] : a;
        b = hi[g] > b ? hi[g] : b;
        base += count[g] * lo[g];
    }
    int64_t U = sum - base;
    while (a < b) {
        int64_t mid = a + (b - a + 1) / 2;
        if (filled(lo, hi, count, ng, step, mid) <= U)
            a = mid;
        else
            b = mid - 1;
    }
    int64_t extra = (U - filled(lo, hi, count, ng, step, a)) / step;
    sw_i256 out = I(0);
    for (int64_t g = 0; g < ng; g++) {
        int64_t m = raised(lo[g], hi[g], step, a);
        out = sw_i256_add(out, sw_i256_mul_i64(pow4(D * m - T), count[g]));
    }
    if (extra > 0)
        out = sw_i256_add(
            out, sw_i256_mul_i64(sw_i256_sub(pow4(D * (a + step) - T), pow4(D * a - T)), extra));
    return out;
}

/* x / 2 rounded up, for x >= 0. */
static sw_i256 half_up(sw_i256 x) {
    x = sw_i256_add(x, I(1));
    for (int k = 0; k < 4; k++)
        x.w[k] = x.w[k] >> 1 | (k < 3 ? x.w[k + 1] << 63 : 0);
    return x;
}

/* Row i's least spread: (D M - T)^4 is least at the integer nearest T/D, so
 * the row's unconstrained best sum is that of each pair's nearest value in
 * its range; the least over the row sums allowed is at that sum brought into
 * [rlo, rhi] (the least spread is convex in the sum). */
static sw_i256 row_bound(const sw_meet_ranges *r, int i, int64_t D, int64_t T) {
    int64_t q = T / D;
    if (T - D * q > D * (q + 1) - T)
        q++;
    const sw_range_groups *g = &r->rows;
    int64_t x0 = r->rstart[i], ng = r->rstart[i + 1] - x0, best = 0;
    for (int64_t x = x0; x < x0 + ng; x++)
        best += g->count[x] * (q < g->lo[x] ? g->lo[x] : q > g->hi[x] ? g->hi[x] : q);
    best = best < r->rlo[i] ? r->rlo[i] : best > r->rhi[i] ? r->rhi[i] : best;
    /* in steps of 1: a row's sum need not be its lo sum plus multiples of U */
    return level_fill(g->lo + x0, g->hi + x0, g->count + x0, ng, 1, D, T, best);
}

sw_i256 sw_meet_ranges_so_bound(const sw_meet_ranges *r, int64_t D, int64_t T) {
    if (D == 0 || r->all.ngroups == 0 || T < r->lo_total || T > r->hi_total)
        return sw_so_flat_bound(D, T);
    /* every pair's M is its lo plus sessions' meetings of U each */
    int64_t step = r->unit > 1 && (T - r->lo_total) % r->unit == 0 ? r->unit : 1;
    sw_i256 all = level_fill(r->all.lo, r->all.hi, r->all.count, r->all.ngroups, step, D, T, T);
    sw_i256 rows = I(0);
    for (int i = 0; i < r->n; i++) {
        if (r->rlo[i] > r->rhi[i]) /* no seating: keep the bound over all pairs */
            return all;
        rows = sw_i256_add(rows, row_bound(r, i, D, T));
    }
    rows = half_up(rows);
    return sw_i256_cmp(rows, all) > 0 ? rows : all;
}
