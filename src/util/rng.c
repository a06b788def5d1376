/* src/util/rng.c: PCG32, the reference pcg32 stream.
 * SPDX-License-Identifier: MIT */
#include "util/rng.h"

void sw_rng_seed(sw_rng *rng, uint64_t initstate, uint64_t initseq) {
    rng->state = 0;
    rng->inc = (initseq << 1u) | 1u;
    sw_rng_next(rng);
    rng->state += initstate;
    sw_rng_next(rng);
}

uint32_t sw_rng_next(sw_rng *rng) {
    uint64_t old = rng->state;
    rng->state = old * 6364136223846793005ULL + rng->inc;
    uint32_t xorshifted = (uint32_t)(((old >> 18u) ^ old) >> 27u);
    uint32_t rot = (uint32_t)(old >> 59u);
    return (xorshifted >> rot) | (xorshifted << ((-rot) & 31u));
}

uint32_t sw_rng_bounded(sw_rng *rng, uint32_t bound) {
    /* Reject the low 2^32 mod bound outputs so every residue is equally likely. */
    uint32_t threshold = (uint32_t)(-bound) % bound;
    for (;;) {
        uint32_t r = sw_rng_next(rng);
        if (r >= threshold)
            return r % bound;
    }
}

void sw_rng_shuffle(sw_rng *rng, int *a, int n) {
    for (int i = n - 1; i > 0; i--) {
        int j = (int)sw_rng_bounded(rng, (uint32_t)i + 1u);
        int t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}
