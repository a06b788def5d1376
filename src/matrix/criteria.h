/* src/matrix/criteria.h: the balance criteria So, Sr, Sp, Sc, Qo, Qc, balans'
 * Qf, and So's lower bound.
 *
 * Each spread is a sum of fourth powers of deviations from a mean. Scaled by
 * the count to the fourth it is an exact integer, which is what the search
 * compares (all assignments of one season share D, N, L, U, the unit M is
 * kept in, and V, the unit r is kept in):
 *   so  = (D U)^4 So,  sr = (N V)^4 Sr,  sp2 = (D U)^8 Sp^2,  sc = (D L)^4 Sc,
 *   sosr = (D U)^4 (N V)^4 (So + Sr).
 * The doubles are for display only.
 * SPDX-License-Identifier: MIT */
#ifndef SW_CRITERIA_H
#define SW_CRITERIA_H

#include "matrix/matrix.h"
#include "movement/movement.h"
#include "util/wide.h"

typedef struct sw_criteria {
    sw_i256 so, sr, sp2, sc, sosr, so_bound;
    double So, Sr, Sp, Sc, Qo, Qc, So_bound;
    double g, gc;     /* mean meetings and mean effective meetings per pair */
    int64_t meetings; /* U T: total meetings over pairs, times unit */
    int64_t unit;     /* U (sw_matrix.unit) */
    int64_t runit;    /* V (sw_matrix.runit) */
} sw_criteria;

/* Every criterion of the state (O(n) for Sp, O(1) for the rest). */
void sw_criteria_compute(const sw_matrix *mx, sw_criteria *out);

/* The exact keys one at a time, for the search's ranking. */
sw_i256 sw_criteria_sosr(const sw_matrix *mx); /* O(1) */
sw_i256 sw_criteria_so(const sw_matrix *mx);   /* O(1) */
sw_i256 sw_criteria_sr(const sw_matrix *mx);   /* O(1) */
sw_i256 sw_criteria_sp2(const sw_matrix *mx);  /* O(n) */
sw_i256 sw_criteria_sc(const sw_matrix *mx);   /* O(1) */

/* Sc's weight lambda in sosr's units: lambda N^4 U^4 V^4 / L^4, so that
 * sosr + weight sc = (D U)^4 (N V)^4 (So + Sr + lambda Sc). */
long double sw_criteria_sc_weight(const sw_matrix *mx, double lambda);

/* The final order, which ranks whole seasons (a search's result, its
 * restarts, the seasons its constructions build): Sr, then So, Sp, Sc, each
 * lower better, compared exactly. Negative when a ranks before b, 0 on a
 * tie. */
int sw_criteria_compare_final(const sw_criteria *a, const sw_criteria *b);

/* The change of sosr that changes dm, dr of the power sums msum, rsum make,
 * for changes that keep the totals (dm[1] == dr[1] == 0, as a plain swap
 * does): sosr is then linear in the sums. See sw_matrix_swap_delta. */
sw_i256 sw_criteria_sosr_delta(const sw_matrix *mx, const int64_t dm[5], const int64_t dr[5]);

/* sum over a multiset of (a*x - b)^4, given count = number of elements and
 * s[k] = sum of x^k for k = 1..4 (s[0] unused). */
sw_i256 sw_criteria_moment4(int64_t a, sw_i256 b, int64_t count, const sw_i256 s[5]);

/* balans' quality factor of one movement (all positions present):
 * Qf = 100 * minsq / sum(B^2) over its integer score matrix B. */
double sw_criteria_qf(const sw_movement *m);

/* Repeat meetings: the sum over pairs of max(0, M - 1) (history included),
 * times mx->unit, and the number of rounds, counted across the sessions in
 * order, played before a pair meets again: a pair that met in the history
 * (any part of a meeting, 0.25 too) meets again at its first meeting of
 * the season (all rounds when no pair does). For an event of one-round
 * sessions these are the four-per-table "repeats" and "repeat-free
 * rounds". Returns -1 when out of memory. */
int sw_criteria_repeats(const sw_matrix *mx, long long *repeats, int *repeat_free_rounds);

/* Meetings counted pair by pair: the meetings, how many of them are a
 * pair's first (it had not met before), the rematches (the meetings beyond
 * each pair's first) and the most times one pair meets, all times `unit`
 * (sw_matrix.unit), since a history per player may make a pair's meetings
 * a fraction: a pair that met 0.25 times has met and has no rematch, so in
 * total first + rematches may exceed the meetings. */
typedef struct sw_meeting_figures {
    long long meetings, first, rematches;
    int64_t most, unit;
} sw_meeting_figures;

/* The figures of the planned (unplayed) sessions, a meeting being first when
 * the pair met neither in the history nor in a played session nor earlier
 * in the planned ones, and `most` the most one pair meets in them; and in
 * total, over the history and every session (first = the pairs that have
 * met, a fraction of a meeting in the history included, most = the largest
 * M). Returns -1 when out of memory. */
int sw_criteria_figures(const sw_matrix *mx, sw_meeting_figures *planned,
                        sw_meeting_figures *total);

/* Counts of a participant's opponents by number of meetings: hist[v] for
 * v = 0..maxv, a fraction counted at the next whole number (0.25 at 1,
 * 7.5 at 8: hist[v] counts v - 1 < M <= v), meetings above maxv in
 * hist[maxv]. */
void sw_criteria_histogram(const sw_matrix *mx, int i, int *hist, int maxv);

/* v / unit written exactly into buf: a whole number ("7"), a decimal when
 * it ends ("7.5", "0.25"), else a fraction ("22/3"). Returns what snprintf
 * returns. */
int sw_meet_format(char *buf, size_t size, int64_t v, int64_t unit);

#endif
