/* src/search/price.h: the exact change of the search's keys under a plain
 * swap, priced without making it.
 *
 * A plain swap of a (at p) and b (at q) in session k, both positions taken,
 * changes M and C only in rows a and b, at the participants whose positions
 * p or q meet or are compared with in k (the matrix's neighbour lists wnbm, wnb):
 * about 2 x rounds entries of M instead of n. Every key is a sum of fourth
 * powers of integer deviations, so its change is a sum over those entries:
 *   sosr = (N V)^4 sum (D M - T)^4 + (D U)^4 sum (N r - R)^4   (so and sr scaled)
 *   sp2  = sum_i s_i^2, s_i = sum_j (D M_ij - T)^4
 * (M and T in units of 1/U, r and R in units of 1/V, as the matrix keeps them)
 *   sc   = sum (D c - Tc)^4, c = L C
 * The pricer keeps tables e[x] = (D x - T)^4 and f[x] = (N x - R)^4 for the
 * totals T and R of the current occupancy (a plain swap keeps them), so the
 * So+Sr change is a few table lookups per entry in 128-bit integers. The
 * fast path is taken only where its bounds are proven (tables below 2^120,
 * comp deviations below 2^28, sums checked for overflow); otherwise the
 * caller prices by making the exchange (sw_matrix_exchange and the criteria,
 * 256-bit), so results never depend on which path ran.
 * SPDX-License-Identifier: MIT */
#ifndef SW_PRICE_H
#define SW_PRICE_H

#include <stdbool.h>
#include <stdint.h>

#include "matrix/matrix.h"
#include "util/wide.h"

typedef struct sw_pricer {
    int64_t T, R;   /* totals the tables were built for (-1: never) */
    int xmax, rmax; /* tables cover U M in [0, xmax], V r in [0, rmax] */
    int maxp;       /* the most positions of a movement of the season */
    __int128 *e, *f;
    int64_t *e64;    /* e in 64 bits, valid when narrow */
    __int128 n4, d4; /* (N V)^4, (D U)^4 (saturated) */
    int64_t n4lim;   /* |de| <= n4lim: de n4 fits 64 bits (-1: none) */
    bool ok;         /* tables valid and within bounds for T, R */
    bool sc_ok;      /* Sc deltas fit 128 bits for the current Tc */
    bool sum_ok;     /* So sums of a swap fit 128 bits without checks */
    bool narrow;     /* ... and 64 bits: e64 is used */
    bool smax_ok;    /* Sp changes fit 128 bits (s_i below 2^60) */
    int64_t tc;      /* csum[1] as int64 (when sc_ok) */
    int64_t cn;      /* L C entries within cn of 0 price without checks */
} sw_pricer;

/* Allocate the tables for mx's season; returns -1 when out of memory. */
int sw_pricer_init(sw_pricer *pr, const sw_matrix *mx);
void sw_pricer_free(sw_pricer *pr);

/* Make the tables match mx's current totals; returns whether the fast path
 * can price plain swaps now. */
bool sw_pricer_sync(sw_pricer *pr, const sw_matrix *mx);

/* The change of sosr by the plain swap of positions p and q of session k
 * (both taken; sw_matrix_tables_ready(mx, k) and sw_pricer_sync true).
 * Returns false when the sum would leave 128 bits (price by making it). */
bool sw_price_sosr(const sw_pricer *pr, const sw_matrix *mx, int k, int p, int q, __int128 *d);

/* The change of sp2 and of sc by the same swap (exact, 256-bit). Sc
 * returns false when !pr->sc_ok. */
sw_i256 sw_price_sp2(const sw_pricer *pr, const sw_matrix *mx, int k, int p, int q);
bool sw_price_sc(const sw_pricer *pr, const sw_matrix *mx, int k, int p, int q, sw_i256 *d);
/* The same in 128 bits: false also when it does not fit (then sw_price_sc). */
bool sw_price_sc128(const sw_pricer *pr, const sw_matrix *mx, int k, int p, int q, __int128 *d);

/* Scratch of sw_price_pair: dm, dc and seen zero between uses, n each. */
typedef struct sw_pair_scratch {
    int32_t *dm;
    int64_t *dc;
    int *ys;
    char *seen;
} sw_pair_scratch;

/* The change of sosr and sc when a (at p) and b (at q) of session k
 * exchange there and again in session l (a at lp, b at lq), where that
 * keeps both rest totals (the caller checks): Sr stays, and So and Sc
 * change in rows a and b only. Tables in sync in both sessions. False when
 * the sums leave the proven bounds (price by making the exchanges). */
bool sw_price_pair(const sw_pricer *pr, const sw_matrix *mx, int k, int p, int q, int l, int lp,
                   int lq, sw_pair_scratch *w, __int128 *dsosr, __int128 *dsc);
/* Its sosr change alone (the meeting lists only: cheaper). */
bool sw_price_pair_so(const sw_pricer *pr, const sw_matrix *mx, int k, int p, int q, int l, int lp,
                      int lq, sw_pair_scratch *w, __int128 *dsosr);

#endif
