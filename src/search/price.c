/* src/search/price.c: pricing plain swaps from the neighbour lists.
 * SPDX-License-Identifier: MIT */
#include "search/price.h"

#include <stdlib.h>
#include <string.h>

#include "matrix/criteria.h"

/* Deviations below 2^30 keep every table entry below 2^120. */
#define DEV_LIMIT (INT64_C(1) << 30)
/* Competition deviations below 2^28: fourth powers below 2^112. */
#define CDEV_LIMIT (INT64_C(1) << 28)
/* s_i and its changes below 2^61 (see sw_pricer_sync). */
#define S_LIMIT (INT64_C(1) << 62)

static __int128 pow4(int64_t u) {
    __int128 s = (__int128)u * u;
    return s * s;
}

/* *r = a b, false when it leaves 128 bits. Factors that both fit 64 bits
 * give |a b| <= 2^126, which cannot overflow: that common case is one
 * plain product, without the generic checked one (on targets with no
 * 128-bit multiply, such as wasm32, a runtime routine that divides). */
static inline bool mul128(__int128 a, __int128 b, __int128 *r) {
    if (a == (int64_t)a && b == (int64_t)b) {
        *r = (__int128)(int64_t)a * (int64_t)b;
        return true;
    }
    return !__builtin_mul_overflow(a, b, r);
}

int sw_pricer_init(sw_pricer *pr, const sw_matrix *mx) {
    memset(pr, 0, sizeof *pr);
    const sw_season *s = mx->season;
    int rounds = 0, carried = 0, V = (int)mx->runit;
    for (int k = 0; k < s->nsessions; k++)
        rounds += s->movements[s->sessions[k].movement].rounds;
    for (int i = 0; i < s->n; i++)
        if (sw_participant_rests(&s->part[i], V) > carried)
            carried = sw_participant_rests(&s->part[i], V);
    /* A pair meets at most once a round, on top of its history's meetings
     * (all in units of 1/U); a participant rests at most once a round, on
     * top of its carried rests (in units of 1/V). */
    pr->xmax = rounds * (int)mx->unit + sw_history_max_meetings(s);
    for (int i = 0; i < s->nmovements; i++)
        if (s->movements[i].positions > pr->maxp)
            pr->maxp = s->movements[i].positions;
    pr->rmax = carried + rounds * V;
    pr->e = malloc(((size_t)pr->xmax + 1) * sizeof *pr->e);
    pr->e64 = malloc(((size_t)pr->xmax + 1) * sizeof *pr->e64);
    pr->f = malloc(((size_t)pr->rmax + 1) * sizeof *pr->f);
    if (!pr->e || !pr->e64 || !pr->f) {
        sw_pricer_free(pr);
        return -1;
    }
    __int128 n2 = (__int128)mx->n * V * mx->n * V, d2 = (__int128)mx->pairs * mx->pairs;
    __int128 u2 = (__int128)mx->unit * mx->unit, du;
    pr->n4 = n2 * n2;
    /* A 64-bit So change de with |de| <= n4lim has |de n4| <= INT64_MAX:
     * the product of sw_price_sosr's narrow sum in 64 bits (-1: n4 itself
     * does not fit 64 bits, no de qualifies). n4 >= 1 when n V >= 1. */
    pr->n4lim = pr->n4 >= 1 && pr->n4 <= INT64_MAX ? INT64_MAX / (int64_t)pr->n4 : -1;
    /* Sr's factor (D U)^4 (criteria.h); beyond 127 bits every rest change
     * fails its checked product and is priced by making the exchange */
    if (__builtin_mul_overflow(d2, u2, &du) || __builtin_mul_overflow(du, du, &pr->d4))
        pr->d4 = (__int128)(((unsigned __int128)1 << 127) - 1);
    pr->T = pr->R = -1;
    return 0;
}

void sw_pricer_free(sw_pricer *pr) {
    free(pr->e);
    free(pr->e64);
    free(pr->f);
    memset(pr, 0, sizeof *pr);
}

bool sw_pricer_sync(sw_pricer *pr, const sw_matrix *mx) {
    pr->sc_ok = sw_i256_to_i64(mx->csum[1], &pr->tc);
    /* Entries and changes of L C within cn of 0 keep every deviation
     * D c - Tc (before and after a swap) below 2^28: 2 D cn + |Tc| < 2^28. */
    pr->cn = 0;
    if (pr->sc_ok && pr->tc > -CDEV_LIMIT && pr->tc < CDEV_LIMIT && mx->pairs > 0)
        pr->cn = (CDEV_LIMIT - 1 - (pr->tc < 0 ? -pr->tc : pr->tc)) / (2 * mx->pairs);
    if (pr->T == mx->msum[1] && pr->R == mx->rsum[1])
        return pr->ok;
    pr->T = mx->msum[1];
    pr->R = mx->rsum[1];
    int64_t D = mx->pairs, N = mx->n;
    /* Both ends of each table bound its entries (a fourth power is convex). */
    pr->ok = D < DEV_LIMIT && N < DEV_LIMIT && pr->T >= 0 && D * (int64_t)pr->xmax < DEV_LIMIT &&
             pr->R >= 0 && pr->R < DEV_LIMIT && N * (int64_t)pr->rmax < DEV_LIMIT;
    if (!pr->ok)
        return false;
    __int128 emax = 0;
    for (int x = 0; x <= pr->xmax; x++) {
        pr->e[x] = pow4(D * x - pr->T);
        if (pr->e[x] > emax)
            emax = pr->e[x];
    }
    /* With emax < 2^60 / (2N+2): s_i < 2^59, the change of s_a or s_b is
     * below N emax < 2^59 and that of any other row below 2 emax, so the
     * sum of (2 s + ds) ds over a swap's rows stays below 2^123. */
    pr->smax_ok = N < (1 << 20) && emax < (S_LIMIT >> 2) / (2 * N + 2);
    /* A swap's sum has fewer than 2 P terms (P the most positions of a
     * movement), each of absolute value at most 2 emax. */
    pr->sum_ok = emax < ((__int128)1 << 124) / (pr->maxp + 1);
    /* The same sum in 64 bits when it stays below 2^62. */
    pr->narrow = emax < ((__int128)1 << 60) / (pr->maxp + 1);
    for (int x = 0; pr->narrow && x <= pr->xmax; x++)
        pr->e64[x] = (int64_t)pr->e[x];
    for (int x = 0; x <= pr->rmax; x++)
        pr->f[x] = pow4(N * x - pr->R);
    return true;
}

bool sw_price_sosr(const sw_pricer *pr, const sw_matrix *mx, int k, int p, int q, __int128 *d) {
    int P1 = mx->layout[mx->season->sessions[k].movement].positions + 1;
    const int *as = mx->assign[k], *nb = mx->wnbm[k];
    const int32_t *wp = mx->wm[k] + (size_t)p * P1, *wq = mx->wm[k] + (size_t)q * P1;
    int64_t n = mx->n;
    const int32_t *ma = mx->meet + (as[p] - 1) * n, *mb = mx->meet + (as[q] - 1) * n;
    const __int128 *e = pr->e;
    __int128 de = 0;
    /* Entries of p's list, then those of q's list that p's did not have.
     * Each term is below 4 emax; when 4 P emax fits (sw_pricer_sync) the
     * sum needs no checks, else each addition is checked. */
    if (pr->narrow) {
        const int64_t *e64 = pr->e64;
        int64_t d64 = 0;
        for (int x = nb[p]; x < nb[p + 1]; x++) {
            int r = nb[x], y = as[r] - 1, dv = wq[r] - wp[r];
            if (y < 0 || r == q || !dv)
                continue;
            d64 += e64[ma[y] + dv] - e64[ma[y]] + e64[mb[y] - dv] - e64[mb[y]];
        }
        for (int x = nb[q]; x < nb[q + 1]; x++) {
            int r = nb[x], y = as[r] - 1, dv = wq[r];
            if (y < 0 || r == p || wp[r])
                continue;
            d64 += e64[ma[y] + dv] - e64[ma[y]] + e64[mb[y] - dv] - e64[mb[y]];
        }
        de = d64;
    } else if (pr->sum_ok) {
        for (int x = nb[p]; x < nb[p + 1]; x++) {
            int r = nb[x], y = as[r] - 1, dv = wq[r] - wp[r];
            if (y < 0 || r == q || !dv)
                continue;
            de += e[ma[y] + dv] - e[ma[y]] + e[mb[y] - dv] - e[mb[y]];
        }
        for (int x = nb[q]; x < nb[q + 1]; x++) {
            int r = nb[x], y = as[r] - 1, dv = wq[r];
            if (y < 0 || r == p || wp[r])
                continue;
            de += e[ma[y] + dv] - e[ma[y]] + e[mb[y] - dv] - e[mb[y]];
        }
    } else {
        for (int x = nb[p]; x < nb[p + 1]; x++) {
            int r = nb[x], y = as[r] - 1, dv = wq[r] - wp[r];
            if (y < 0 || r == q || !dv)
                continue;
            if (__builtin_add_overflow(de, e[ma[y] + dv] - e[ma[y]] + e[mb[y] - dv] - e[mb[y]],
                                       &de))
                return false;
        }
        for (int x = nb[q]; x < nb[q + 1]; x++) {
            int r = nb[x], y = as[r] - 1, dv = wq[r];
            if (y < 0 || r == p || wp[r])
                continue;
            if (__builtin_add_overflow(de, e[ma[y] + dv] - e[ma[y]] + e[mb[y] - dv] - e[mb[y]],
                                       &de))
                return false;
        }
    }
    __int128 total;
    /* |de| <= n4lim: de n4 fits 64 bits (sw_pricer_init) */
    if (de <= pr->n4lim && de >= -pr->n4lim)
        total = (int64_t)de * (int64_t)pr->n4;
    else if (!mul128(de, pr->n4, &total))
        return false;
    int dr = mx->wr[k][q] - mx->wr[k][p];
    if (dr) {
        int ra = mx->rests[as[p] - 1], rb = mx->rests[as[q] - 1];
        __int128 df = pr->f[ra + dr] - pr->f[ra] + pr->f[rb - dr] - pr->f[rb], t;
        if (!mul128(df, pr->d4, &t) || __builtin_add_overflow(total, t, &total))
            return false;
    }
    *d = total;
    return true;
}

/* s_i = sum_{j != i} (D M_ij - T)^4 from row i's power sums; computed modulo
 * 2^128, which is exact when the result fits (checked by the caller's
 * bound), else with 256 bits. */
static sw_i256 row_s(const sw_matrix *mx, int i) {
    const int64_t *m = &mx->mrow[(size_t)i * 5];
    sw_i256 s[5] = {sw_i256_from_i64(0)};
    for (int x = 1; x <= 4; x++)
        s[x] = sw_i256_from_i64(m[x]);
    return sw_criteria_moment4(mx->pairs, sw_i256_from_i64(mx->msum[1]), mx->n - 1, s);
}

static sw_i256 sq_change(sw_i256 s, sw_i256 ds) {
    /* (s + ds)^2 - s^2 = (2 s + ds) ds */
    return sw_i256_mul(sw_i256_add(sw_i256_add(s, s), ds), ds);
}

/* s_i in 64 bits, evaluated modulo 2^64: exact whenever 0 <= s_i < 2^63,
 * as when pr->smax_ok (s_i < 2^59, sw_pricer_sync). */
static int64_t row_s64(const sw_matrix *mx, int i) {
    const int64_t *m = &mx->mrow[(size_t)i * 5];
    uint64_t D = (uint64_t)mx->pairs, T = (uint64_t)mx->msum[1];
    uint64_t D2 = D * D, T2 = T * T;
    uint64_t r = D2 * D2 * (uint64_t)m[4] - 4 * D2 * D * T * (uint64_t)m[3] +
                 6 * D2 * T2 * (uint64_t)m[2] - 4 * D * T2 * T * (uint64_t)m[1] +
                 (uint64_t)(mx->n - 1) * T2 * T2;
    return (int64_t)r;
}

sw_i256 sw_price_sp2(const sw_pricer *pr, const sw_matrix *mx, int k, int p, int q) {
    int P1 = mx->layout[mx->season->sessions[k].movement].positions + 1;
    const int *as = mx->assign[k], *nb = mx->wnbm[k];
    const int32_t *wp = mx->wm[k] + (size_t)p * P1, *wq = mx->wm[k] + (size_t)q * P1;
    int64_t n = mx->n;
    int a = as[p] - 1, b = as[q] - 1;
    const int32_t *ma = mx->meet + a * n, *mb = mx->meet + b * n;
    const __int128 *e = pr->e;
    __int128 dsa = 0, dsb = 0, small = 0;
    sw_i256 total = sw_i256_from_i64(0);
    /* Within the bound of sw_pricer_sync the whole sum fits 128 bits. */
    bool narrow = pr->smax_ok;
    for (int pass = 0; pass < 2; pass++) {
        int from = pass ? q : p;
        for (int x = nb[from]; x < nb[from + 1]; x++) {
            int r = nb[x], y = as[r] - 1, dv = wq[r] - wp[r];
            if (y < 0 || r == p || r == q || !dv || (pass && wp[r]))
                continue;
            __int128 da = e[ma[y] + dv] - e[ma[y]], db = e[mb[y] - dv] - e[mb[y]];
            dsa += da;
            dsb += db;
            if (narrow) {
                /* s_y < 2^59 and |ds| < 2 emax < 2^59: 2 s_y + ds fits 64 bits */
                int64_t sy = row_s64(mx, y), ds = (int64_t)(da + db);
                small += (__int128)(2 * sy + ds) * ds;
            } else {
                total = sw_i256_add(total, sq_change(row_s(mx, y), sw_i256_from_i128(da + db)));
            }
        }
    }
    if (narrow) {
        /* |dsa|, |dsb| < N emax < 2^59: the factors fit 64 bits */
        int64_t sa = row_s64(mx, a), sb = row_s64(mx, b), da = (int64_t)dsa, db = (int64_t)dsb;
        small += (__int128)(2 * sa + da) * da + (__int128)(2 * sb + db) * db;
        return sw_i256_from_i128(small);
    }
    total = sw_i256_add(total, sq_change(row_s(mx, a), sw_i256_from_i128(dsa)));
    return sw_i256_add(total, sq_change(row_s(mx, b), sw_i256_from_i128(dsb)));
}

/* u^4 with 256 bits, for |u| < 2^63. */
static sw_i256 pow4_wide(int64_t u) {
    sw_i256 s = sw_i256_from_i128((__int128)u * u);
    return sw_i256_mul(s, s);
}

/* u1^4 - u0^4 for |u0|, |u1| < 2^28: with the squares s0, s1 < 2^56 in
 * 64 bits, s1^2 - s0^2 = (s1 - s0)(s1 + s0), one wide product of factors
 * below 2^57 (instead of one for each fourth power). */
static inline __int128 pow4_change(int64_t u0, int64_t u1) {
    int64_t s0 = u0 * u0, s1 = u1 * u1;
    return (__int128)(s1 - s0) * (s1 + s0);
}

static inline bool narrow_dev(int64_t u) {
    return u < CDEV_LIMIT && u > -CDEV_LIMIT;
}

/* The terms of Sc's change under the swap: narrow ones (deviations below
 * 2^28, fourth powers below 2^112; fewer than 2 P of them, P < 2^12) add up
 * in *total, larger ones (a large L or D) in *wide. Returns -1 when a
 * deviation leaves 64 bits (price by making the exchange), else whether a
 * wide term occurred. Entries within pr->cn of 0 (and changes within it)
 * give narrow deviations without overflow checks (sw_pricer_sync): the
 * common case, two multiplications a term. */
static int sc_terms(const sw_pricer *pr, const sw_matrix *mx, int k, int p, int q, __int128 *total,
                    sw_i256 *wide) {
    int P1 = mx->layout[mx->season->sessions[k].movement].positions + 1;
    if (!pr->sc_ok || P1 > (1 << 12))
        return -1;
    const int *as = mx->assign[k], *nb = mx->wnb[k];
    const int64_t *cp = mx->wc[k] + (size_t)p * P1, *cq = mx->wc[k] + (size_t)q * P1;
    const int32_t *mp = mx->wm[k] + (size_t)p * P1;
    int64_t n = mx->n, D = mx->pairs, tc = pr->tc;
    uint64_t cn = (uint64_t)pr->cn, span = 2 * cn;
    const int64_t *ca = mx->comp + (as[p] - 1) * n, *cb = mx->comp + (as[q] - 1) * n;
    int used = 0;
    *total = 0;
    for (int pass = 0; pass < 2; pass++) {
        int from = pass ? q : p;
        for (int x = nb[from]; x < nb[from + 1]; x++) {
            int r = nb[x], y = as[r] - 1;
            int64_t dc = cq[r] - cp[r];
            if (y < 0 || r == p || r == q || !dc || (pass && (cp[r] || mp[r])))
                continue;
            if ((uint64_t)(ca[y] + pr->cn) <= span && (uint64_t)(cb[y] + pr->cn) <= span &&
                (uint64_t)(dc + pr->cn) <= span) {
                int64_t u0 = D * ca[y] - tc, v0 = D * cb[y] - tc, t = D * dc;
                *total += pow4_change(u0, u0 + t) + pow4_change(v0, v0 - t);
                continue;
            }
            int64_t u0, u1, v0, v1, t;
            if (__builtin_mul_overflow(D, ca[y], &t) || __builtin_sub_overflow(t, tc, &u0) ||
                __builtin_mul_overflow(D, cb[y], &t) || __builtin_sub_overflow(t, tc, &v0) ||
                __builtin_mul_overflow(D, dc, &t) || __builtin_add_overflow(u0, t, &u1) ||
                __builtin_sub_overflow(v0, t, &v1))
                return -1;
            if (narrow_dev(u0) && narrow_dev(u1) && narrow_dev(v0) && narrow_dev(v1)) {
                *total += pow4(u1) - pow4(u0) + pow4(v1) - pow4(v0);
            } else {
                if (!used)
                    *wide = sw_i256_from_i64(0);
                used = 1;
                *wide = sw_i256_add(*wide, sw_i256_sub(pow4_wide(u1), pow4_wide(u0)));
                *wide = sw_i256_add(*wide, sw_i256_sub(pow4_wide(v1), pow4_wide(v0)));
            }
        }
    }
    return used;
}

bool sw_price_sc(const sw_pricer *pr, const sw_matrix *mx, int k, int p, int q, sw_i256 *d) {
    __int128 total;
    sw_i256 wide;
    int rc = sc_terms(pr, mx, k, p, q, &total, &wide);
    if (rc < 0)
        return false;
    *d = rc ? sw_i256_add(wide, sw_i256_from_i128(total)) : sw_i256_from_i128(total);
    return true;
}

bool sw_price_sc128(const sw_pricer *pr, const sw_matrix *mx, int k, int p, int q, __int128 *d) {
    sw_i256 wide;
    return sc_terms(pr, mx, k, p, q, d, &wide) == 0;
}

/* Adds session k's change of a's row of M, and of L C when dc is given,
 * when a (at p) and b (at q) exchange there (b's change is the opposite),
 * listing new entries. Without dc the meeting lists serve (shorter than
 * those with comparisons). */
static void pair_rows(const sw_matrix *mx, int k, int p, int q, int32_t *dm, int64_t *dc, int *ys,
                      int *ny, char *seen) {
    int P1 = mx->layout[mx->season->sessions[k].movement].positions + 1;
    const int *as = mx->assign[k], *nb = dc ? mx->wnb[k] : mx->wnbm[k];
    const int32_t *mp = mx->wm[k] + (size_t)p * P1, *mq = mx->wm[k] + (size_t)q * P1;
    const int64_t *cp = dc ? mx->wc[k] + (size_t)p * P1 : NULL;
    const int64_t *cq = dc ? mx->wc[k] + (size_t)q * P1 : NULL;
    for (int pass = 0; pass < 2; pass++) {
        int from = pass ? q : p;
        for (int x = nb[from]; x < nb[from + 1]; x++) {
            int r = nb[x], y = as[r] - 1;
            /* q's list repeats what p's had: skip those */
            if (y < 0 || r == p || r == q || (pass && (mp[r] || (cp && cp[r]))))
                continue;
            if (!seen[y]) {
                seen[y] = 1;
                ys[(*ny)++] = y;
            }
            dm[y] += mq[r] - mp[r];
            if (dc)
                dc[y] += cq[r] - cp[r];
        }
    }
}

bool sw_price_pair_so(const sw_pricer *pr, const sw_matrix *mx, int k, int p, int q, int l, int lp,
                      int lq, sw_pair_scratch *w, __int128 *dsosr) {
    int a = mx->assign[k][p] - 1, b = mx->assign[k][q] - 1, ny = 0;
    if (!pr->sum_ok || a < 0 || b < 0 || mx->assign[l][lp] - 1 != a || mx->assign[l][lq] - 1 != b)
        return false;
    pair_rows(mx, k, p, q, w->dm, NULL, w->ys, &ny, w->seen);
    pair_rows(mx, l, lp, lq, w->dm, NULL, w->ys, &ny, w->seen);
    int64_t n = mx->n;
    const int32_t *ma = mx->meet + a * n, *mb = mx->meet + b * n;
    const __int128 *e = pr->e;
    __int128 de = 0;
    for (int v = 0; v < ny; v++) {
        int y = w->ys[v];
        int32_t dv = w->dm[y];
        w->dm[y] = 0;
        w->seen[y] = 0;
        de += e[ma[y] + dv] - e[ma[y]] + e[mb[y] - dv] - e[mb[y]];
    }
    return mul128(de, pr->n4, dsosr);
}

bool sw_price_pair(const sw_pricer *pr, const sw_matrix *mx, int k, int p, int q, int l, int lp,
                   int lq, sw_pair_scratch *w, __int128 *dsosr, __int128 *dsc) {
    int a = mx->assign[k][p] - 1, b = mx->assign[k][q] - 1, ny = 0;
    if (!pr->sc_ok || a < 0 || b < 0 || mx->assign[l][lp] - 1 != a || mx->assign[l][lq] - 1 != b)
        return false;
    pair_rows(mx, k, p, q, w->dm, w->dc, w->ys, &ny, w->seen);
    pair_rows(mx, l, lp, lq, w->dm, w->dc, w->ys, &ny, w->seen);
    int64_t n = mx->n, D = mx->pairs, tc = pr->tc;
    const int32_t *ma = mx->meet + a * n, *mb = mx->meet + b * n;
    const int64_t *ca = mx->comp + a * n, *cb = mx->comp + b * n;
    const __int128 *e = pr->e;
    __int128 de = 0, sc = 0;
    bool ok = pr->sum_ok;
    for (int v = 0; v < ny; v++) {
        int y = w->ys[v];
        int32_t dv = w->dm[y];
        int64_t t = w->dc[y], u0, v0, u1, v1;
        w->dm[y] = 0;
        w->dc[y] = 0;
        w->seen[y] = 0;
        if (!ok)
            continue;
        /* the fewer than 4 P terms of a pair fit as a swap's do */
        de += e[ma[y] + dv] - e[ma[y]] + e[mb[y] - dv] - e[mb[y]];
        if (__builtin_mul_overflow(D, ca[y], &u0) || __builtin_sub_overflow(u0, tc, &u0) ||
            __builtin_mul_overflow(D, cb[y], &v0) || __builtin_sub_overflow(v0, tc, &v0) ||
            __builtin_mul_overflow(D, t, &t) || __builtin_add_overflow(u0, t, &u1) ||
            __builtin_sub_overflow(v0, t, &v1) || !narrow_dev(u0) || !narrow_dev(u1) ||
            !narrow_dev(v0) || !narrow_dev(v1)) {
            ok = false;
            continue;
        }
        sc += pow4_change(u0, u1) + pow4_change(v0, v1);
    }
    /* every rest total is kept: Sr does not change */
    return ok && mul128(de, pr->n4, dsosr) && (*dsc = sc, true);
}
