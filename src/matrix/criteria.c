/* src/matrix/criteria.c: balance criteria from the matrices' power sums.
 * Sums are exact integers over C scaled by L; doubles only for display.
 * SPDX-License-Identifier: MIT */
#include "matrix/criteria.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static sw_i256 I(int64_t v) {
    return sw_i256_from_i64(v);
}

/* sum (a x - b)^4 = a^4 S4 - 4 a^3 b S3 + 6 a^2 b^2 S2 - 4 a b^3 S1 + count b^4 */
sw_i256 sw_criteria_moment4(int64_t a, sw_i256 b, int64_t count, const sw_i256 s[5]) {
    sw_i256 A = I(a), A2 = sw_i256_mul(A, A), A3 = sw_i256_mul(A2, A);
    sw_i256 B2 = sw_i256_mul(b, b), B3 = sw_i256_mul(B2, b), B4 = sw_i256_mul(B2, B2);
    sw_i256 r = sw_i256_mul(sw_i256_mul(A2, A2), s[4]);
    r = sw_i256_sub(r, sw_i256_mul_i64(sw_i256_mul(sw_i256_mul(A3, b), s[3]), 4));
    r = sw_i256_add(r, sw_i256_mul_i64(sw_i256_mul(sw_i256_mul(A2, B2), s[2]), 6));
    r = sw_i256_sub(r, sw_i256_mul_i64(sw_i256_mul(sw_i256_mul(A, B3), s[1]), 4));
    return sw_i256_add(r, sw_i256_mul_i64(B4, count));
}

static void widen(const int64_t *src, sw_i256 dst[5]) {
    dst[0] = I(0);
    for (int k = 1; k <= 4; k++)
        dst[k] = I(src[k]);
}

sw_i256 sw_criteria_so(const sw_matrix *mx) {
    sw_i256 s[5];
    widen(mx->msum, s);
    return sw_criteria_moment4(mx->pairs, I(mx->msum[1]), mx->pairs, s);
}

sw_i256 sw_criteria_sr(const sw_matrix *mx) {
    sw_i256 s[5];
    widen(mx->rsum, s);
    return sw_criteria_moment4(mx->n, I(mx->rsum[1]), mx->n, s);
}

sw_i256 sw_criteria_sc(const sw_matrix *mx) {
    return sw_criteria_moment4(mx->pairs, mx->csum[1], mx->pairs, mx->csum);
}

/* D^4 U^4: sr's factor in sosr, so that So and Sr keep their weights when
 * so is U^4 D^4 So (M scaled by U). */
static sw_i256 sr_factor(const sw_matrix *mx) {
    sw_i256 d2 = I(mx->pairs * mx->pairs), u2 = I(mx->unit * mx->unit);
    sw_i256 du = sw_i256_mul(d2, u2);
    return sw_i256_mul(du, du);
}

/* N^4 V^4: so's factor in sosr, since sr is (N V)^4 Sr (r scaled by V). */
static sw_i256 so_factor(const sw_matrix *mx) {
    int64_t nv = mx->n * mx->runit; /* below 2^11 */
    sw_i256 nv2 = I(nv * nv);
    return sw_i256_mul(nv2, nv2);
}

sw_i256 sw_criteria_sosr(const sw_matrix *mx) {
    return sw_i256_add(sw_i256_mul(sw_criteria_so(mx), so_factor(mx)),
                       sw_i256_mul(sw_criteria_sr(mx), sr_factor(mx)));
}

long double sw_criteria_sc_weight(const sw_matrix *mx, double lambda) {
    long double L = (long double)mx->scale, N = (long double)mx->n, U = (long double)mx->unit,
                V = (long double)mx->runit;
    return (long double)lambda * (N * N * N * N) * (U * U * U * U) * (V * V * V * V) /
           (L * L * L * L);
}

/* With the totals fixed, b in moment4 is fixed and the sum is linear in the
 * power sums: the change is moment4 of the changes with count 0 (the b^4
 * term cancels). */
sw_i256 sw_criteria_sosr_delta(const sw_matrix *mx, const int64_t dm[5], const int64_t dr[5]) {
    sw_i256 m[5], r[5];
    widen(dm, m);
    widen(dr, r);
    sw_i256 dso = sw_criteria_moment4(mx->pairs, I(mx->msum[1]), 0, m);
    sw_i256 dsr = sw_criteria_moment4(mx->n, I(mx->rsum[1]), 0, r);
    return sw_i256_add(sw_i256_mul(dso, so_factor(mx)), sw_i256_mul(dsr, sr_factor(mx)));
}

/* Sp^2 D^8 = sum_i s_i'^2, s_i' = sum_{j != i} (D M_ij - T)^4 = D^4 s_i. */
sw_i256 sw_criteria_sp2(const sw_matrix *mx) {
    sw_i256 T = I(mx->msum[1]), total = I(0), s[5];
    for (int i = 0; i < mx->n; i++) {
        widen(&mx->mrow[i * 5], s);
        sw_i256 si = sw_criteria_moment4(mx->pairs, T, mx->n - 1, s);
        total = sw_i256_add(total, sw_i256_mul(si, si));
    }
    return total;
}

static double ratio(sw_i256 num, long double den) {
    return den == 0 ? 0.0 : (double)(sw_i256_to_ld(num) / den);
}

/* Q = 100 g^2 / (SS/D + g^2) = 100 T^2 / (D sum x^2); 100 when all are 0. */
static double quality(long double t, long double sum2, int64_t D) {
    if (sum2 == 0 || D == 0)
        return 100.0;
    return (double)(100.0L * t * t / ((long double)D * sum2));
}

int sw_criteria_compare_final(const sw_criteria *a, const sw_criteria *b) {
    int c = sw_i256_cmp(a->sr, b->sr);
    if (!c)
        c = sw_i256_cmp(a->so, b->so);
    if (!c)
        c = sw_i256_cmp(a->sp2, b->sp2);
    if (!c)
        c = sw_i256_cmp(a->sc, b->sc);
    return c;
}

void sw_criteria_compute(const sw_matrix *mx, sw_criteria *c) {
    memset(c, 0, sizeof *c);
    long double D = (long double)mx->pairs, N = mx->n, L = (long double)mx->scale;
    long double U = (long double)mx->unit, U4 = U * U * U * U, V = (long double)mx->runit;
    c->so = sw_criteria_so(mx);
    c->sr = sw_criteria_sr(mx);
    c->sp2 = sw_criteria_sp2(mx);
    c->sc = sw_criteria_sc(mx);
    c->sosr = sw_criteria_sosr(mx);
    c->so_bound = sw_meet_ranges_so_bound(&mx->ranges, mx->pairs, mx->msum[1]);
    long double D4 = D * D * D * D, N4 = N * N * N * N;
    c->So = ratio(c->so, D4 * U4);
    c->Sr = ratio(c->sr, N4 * V * V * V * V);
    c->Sp = sqrtl(sw_i256_to_ld(c->sp2)) / (D4 == 0 ? 1 : D4 * U4);
    c->Sc = ratio(c->sc, D4 * L * L * L * L);
    c->So_bound = ratio(c->so_bound, D4 * U4);
    c->meetings = mx->msum[1];
    c->unit = mx->unit;
    c->runit = mx->runit;
    c->g = D == 0 ? 0 : (double)(mx->msum[1] / D / U);
    c->gc = D == 0 ? 0 : (double)(sw_i256_to_ld(mx->csum[1]) / L / D);
    c->Qo = quality(mx->msum[1], mx->msum[2], mx->pairs);
    c->Qc = quality(sw_i256_to_ld(mx->csum[1]), sw_i256_to_ld(mx->csum[2]), mx->pairs);
}

/* Add the meetings of round r of session k (every two at a playing table)
 * to cnt[a * n + b], a < b; whether one of them was not the pair's first
 * (the count, which may start at a history's fraction, was above 0). */
static bool count_round(const sw_matrix *mx, int k, int r, int *cnt) {
    const int n = mx->n;
    const sw_movement *m = &mx->season->movements[mx->season->sessions[k].movement];
    bool again = false;
    for (int t = 0; t < m->tables; t++) {
        if (!sw_matrix_table_plays(mx, k, r, t))
            continue;
        const sw_table *tb = sw_movement_at(m, r, t);
        for (int d = 0; d < sw_table_seats(m, tb); d++)
            for (int e = d + 1; e < sw_table_seats(m, tb); e++) {
                int a = mx->assign[k][tb->seat[d]] - 1, b = mx->assign[k][tb->seat[e]] - 1;
                again |= cnt[a < b ? a * n + b : b * n + a]++ > 0;
            }
    }
    return again;
}

int sw_criteria_repeats(const sw_matrix *mx, long long *repeats, int *repeat_free_rounds) {
    int n = mx->n;
    const int64_t U = mx->unit;
    *repeats = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            *repeats += sw_matrix_meet(mx, i, j) > U ? sw_matrix_meet(mx, i, j) - U : 0;
    int *seen = calloc((size_t)n * (size_t)n + 1, sizeof *seen);
    if (!seen)
        return -1;
    const int32_t *hist = mx->season->history.meet;
    for (size_t x = 0; hist && x < (size_t)n * (size_t)n; x++)
        seen[x] = hist[x];
    int rounds = 0, free_rounds = -1;
    for (int k = 0; k < mx->nsessions && free_rounds < 0; k++) {
        const sw_movement *m = &mx->season->movements[mx->season->sessions[k].movement];
        for (int r = 0; r < m->rounds && free_rounds < 0; r++, rounds++)
            if (count_round(mx, k, r, seen))
                free_rounds = rounds;
    }
    free(seen);
    *repeat_free_rounds = free_rounds < 0 ? rounds : free_rounds;
    return 0;
}

int sw_criteria_figures(const sw_matrix *mx, sw_meeting_figures *planned,
                        sw_meeting_figures *total) {
    int n = mx->n;
    const int64_t U = mx->unit;
    memset(planned, 0, sizeof *planned);
    memset(total, 0, sizeof *total);
    planned->unit = total->unit = U;
    int *u = calloc((size_t)n * (size_t)n + 1, sizeof *u); /* planned meetings */
    if (!u)
        return -1;
    for (int k = 0; k < mx->nsessions; k++) {
        const sw_movement *m = &mx->season->movements[mx->season->sessions[k].movement];
        for (int r = 0; r < m->rounds && !mx->season->sessions[k].played; r++)
            (void)count_round(mx, k, r, u);
    }
    long long pfirst = 0, tfirst = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            int64_t v = u[i * n + j] * U, all = sw_matrix_meet(mx, i, j);
            planned->meetings += v;
            pfirst += v > 0 && all == v; /* no meeting before the planned ones */
            planned->most = v > planned->most ? v : planned->most;
            total->meetings += all;
            tfirst += all > 0;
            total->rematches += all > U ? all - U : 0; /* 0.25 has met, no rematch */
            total->most = all > total->most ? all : total->most;
        }
    planned->first = pfirst * U;
    total->first = tfirst * U;
    planned->rematches = planned->meetings - planned->first;
    free(u);
    return 0;
}

void sw_criteria_histogram(const sw_matrix *mx, int i, int *hist, int maxv) {
    memset(hist, 0, (size_t)(maxv + 1) * sizeof *hist);
    for (int j = 0; j < mx->n; j++)
        if (j != i) {
            int v = (int)((sw_matrix_meet(mx, i, j) + mx->unit - 1) / mx->unit);
            hist[v < maxv ? v : maxv]++;
        }
}

int sw_meet_format(char *buf, size_t size, int64_t v, int64_t unit) {
    int64_t g = sw_gcd64(v < 0 ? -v : v, unit), num = v / g, den = unit / g;
    if (den == 1)
        return snprintf(buf, size, "%lld", (long long)num);
    int64_t twos = 0, fives = 0, d = den;
    for (; d % 2 == 0; d /= 2)
        twos++;
    for (; d % 5 == 0; d /= 5)
        fives++;
    if (d != 1) /* no decimal ends: the fraction */
        return snprintf(buf, size, "%lld/%lld", (long long)num, (long long)den);
    int digits = (int)(twos > fives ? twos : fives);
    int64_t p10 = 1;
    for (int x = 0; x < digits; x++)
        p10 *= 10;
    int64_t whole = num / den, frac = num % den * (p10 / den); /* below p10 <= 10^14 */
    if (frac < 0)
        frac = -frac;
    return snprintf(buf, size, "%s%lld.%0*lld", v < 0 && whole == 0 ? "-" : "", (long long)whole,
                    digits, (long long)frac);
}

/* balans' score matrix and Qf: one definition, in the movement module
 * (which also improves it by arrow switching). NAN when out of memory. */
double sw_criteria_qf(const sw_movement *m) {
    double v = sw_movement_qf(m);
    return v < 0 ? NAN : v;
}
