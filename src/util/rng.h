/* src/util/rng.h: PCG32 (O'Neill's pcg32: 64-bit LCG state, XSH-RR output).
 * All randomness in seatwise goes through an sw_rng passed in explicitly.
 * SPDX-License-Identifier: MIT */
#ifndef SW_RNG_H
#define SW_RNG_H

#include <stdint.h>

typedef struct sw_rng {
    uint64_t state;
    uint64_t inc; /* stream selector, always odd */
} sw_rng;

/* Seed as the reference pcg32_srandom_r(initstate, initseq). */
void sw_rng_seed(sw_rng *rng, uint64_t initstate, uint64_t initseq);

/* Next 32-bit output of the stream. */
uint32_t sw_rng_next(sw_rng *rng);

/* Unbiased draw in [0, bound); bound must be > 0. */
uint32_t sw_rng_bounded(sw_rng *rng, uint32_t bound);

/* Fisher-Yates shuffle of n ints. */
void sw_rng_shuffle(sw_rng *rng, int *a, int n);

#endif
