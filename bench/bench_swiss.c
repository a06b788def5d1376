/* bench/bench_swiss.c: time per round and quality of the Swiss pairing on
 * simulated events: the exact matching at 200, 1000 and 2000 players, the
 * fast mode at 10k and 100k. One line per paired round. Not a test.
 * Usage: bench_swiss [max_players] (default 100000).
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "swiss/swiss.h"
#include "util/rng.h"

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int run(int players, int rounds, int every, int fast) {
    sw_swiss_trf t;
    sw_error err;
    if (sw_swiss_trf_init(&t, players, NULL, rounds, &err))
        return 1;
    sw_swiss_options opt = {.fast = fast != 0};
    sw_rng rng;
    sw_rng_seed(&rng, (uint64_t)players, 17u);
    char *res = malloc((size_t)players);
    double worst = 0;
    for (int r = 1; r <= rounds && res; r++) {
        sw_swiss_pairing p;
        double t0 = now();
        if (sw_swiss_pair(&t, &opt, &p, &err)) {
            fprintf(stderr, "round %d: %s\n", r, err.msg);
            break;
        }
        double dt = now() - t0;
        worst = dt > worst ? dt : worst;
        const sw_swiss_quality *q = &p.quality;
        if (r % every == 0 || r == rounds)
            printf("%-5s n=%-6d round %-3d %8.3f s  pairs %d byes %d unpaired %d  score diff sum "
                   "%ld.%d max %d.%d  colour misses %d  violations %d\n",
                   fast ? "fast" : "exact", players, r, dt, q->pairs, q->byes, q->unpaired,
                   q->score_diff_sum2 / 2, (int)(q->score_diff_sum2 % 2) * 5, q->score_diff_max2 / 2,
                   (q->score_diff_max2 % 2) * 5, q->colour_misses, q->violations);
        for (int k = 0; k < p.nboards; k++) {
            uint32_t x = sw_rng_bounded(&rng, 10);
            res[k] = x < 4 ? '1' : x < 8 ? '0' : '=';
        }
        int rc = sw_swiss_trf_add_round(&t, &p, res, &err);
        sw_swiss_pairing_free(&p);
        if (rc)
            break;
        fflush(stdout);
    }
    printf("%-5s n=%-6d worst round %.3f s\n", fast ? "fast" : "exact", players, worst);
    free(res);
    sw_swiss_trf_free(&t);
    return 0;
}

int main(int argc, char **argv) {
    int max = argc > 1 ? atoi(argv[1]) : 100000;
    static const struct {
        int n, rounds, every, fast;
    } cases[] = {{200, 9, 3, 0}, {1000, 11, 5, 0}, {2000, 5, 2, 0}, {10000, 15, 5, 1},
                 {100000, 50, 10, 1}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        if (cases[i].n <= max)
            run(cases[i].n, cases[i].rounds, cases[i].every, cases[i].fast);
    return 0;
}
