/* bench/bench_blossom.c: the matching with its greedy start against the
 * uniform start (baseline) on random dense graphs; prints the ratio.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "swiss/blossom.h"
#include "util/rng.h"

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(void) {
    static const int sizes[] = {100, 200, 400, 800};
    sw_rng rng;
    sw_rng_seed(&rng, 42u, 1u);
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        int n = sizes[s];
        size_t m = 0;
        sw_blossom_edge *e = malloc(sizeof *e * (size_t)n * (size_t)n / 2);
        int *mate = malloc(sizeof(int) * (size_t)n);
        if (!e || !mate)
            return 1;
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++)
                e[m++] = (sw_blossom_edge){i, j,
                                           (sw_blossom_weight)sw_rng_bounded(&rng, 1u << 20) << 60};
        double t0 = now();
        if (sw_blossom_match(n, e, m, SW_BLOSSOM_MAX_CARDINALITY | SW_BLOSSOM_NO_GREEDY_START, mate,
                             NULL))
            return 1;
        double base = now() - t0;
        t0 = now();
        if (sw_blossom_match(n, e, m, SW_BLOSSOM_MAX_CARDINALITY, mate, NULL))
            return 1;
        double cand = now() - t0;
        printf("n=%-5d edges=%-7zu uniform %.4f s  greedy %.4f s  ratio %.2f\n", n, m, base, cand,
               cand > 0 ? base / cand : 0.0);
        free(e);
        free(mate);
    }
    return 0;
}
