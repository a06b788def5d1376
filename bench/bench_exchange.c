/* bench/bench_exchange.c: evaluating an exchange incrementally (two rows of
 * the matrices from the position tables, O(1) criteria) and pricing it
 * without making it, against recomputing the season from scratch, on a
 * 40-participant 10-session season.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>

#include "bench_common.h"
#include "matrix/criteria.h"
#include "search/price.h"
#include "util/rng.h"

int main(void) {
    sw_season s;
    if (bench_season("Topintegraal/40p6r10+10+10+10TeamS.txt", 40, 40, 10, &s) != 0)
        return 1;
    sw_matrix mx, full;
    sw_error err;
    if (sw_matrix_init(&mx, &s, &err) != SW_OK || sw_matrix_copy(&full, &mx, &err) != SW_OK) {
        fprintf(stderr, "bench: %s\n", err.msg);
        return 1;
    }
    int P = s.movements[0].positions;
    sw_rng rng;
    sw_rng_seed(&rng, 1, 1);
    volatile int sink = 0;

    /* baseline: apply the exchange to the assignment and rebuild everything */
    int nfull = 200;
    double t0 = bench_now();
    for (int i = 0; i < nfull; i++) {
        int k = (int)sw_rng_bounded(&rng, 10), p = 1 + (int)sw_rng_bounded(&rng, (uint32_t)P),
            q = 1 + (int)sw_rng_bounded(&rng, (uint32_t)P);
        int t = full.assign[k][p];
        full.assign[k][p] = full.assign[k][q];
        full.assign[k][q] = t;
        sw_matrix_rebuild(&full);
        sink += sw_i256_is_neg(sw_criteria_sosr(&full));
    }
    double full_each = (bench_now() - t0) / nfull;

    /* candidate: the search's evaluation: exchange, So+Sr, exchange back */
    int ninc = 200000;
    t0 = bench_now();
    for (int i = 0; i < ninc; i++) {
        int k = (int)sw_rng_bounded(&rng, 10), p = 1 + (int)sw_rng_bounded(&rng, (uint32_t)P),
            q = 1 + (int)sw_rng_bounded(&rng, (uint32_t)P);
        sw_matrix_exchange(&mx, k, p, q);
        sink += sw_i256_is_neg(sw_criteria_sosr(&mx));
        sw_matrix_exchange(&mx, k, p, q);
    }
    double inc_each = (bench_now() - t0) / ninc;

    /* the descent's usual path: a plain swap priced from the position tables
     * without making it (sw_matrix_swap_delta + sw_criteria_sosr_delta) */
    int ndelta = 0;
    t0 = bench_now();
    for (int i = 0; i < ninc; i++) {
        int k = (int)sw_rng_bounded(&rng, 10), p = 1 + (int)sw_rng_bounded(&rng, (uint32_t)P),
            q = 1 + (int)sw_rng_bounded(&rng, (uint32_t)P);
        int64_t dm[5], dr[5];
        if (sw_matrix_swap_delta(&mx, k, p, q, dm, dr) == 0) {
            sink += sw_i256_is_neg(sw_criteria_sosr_delta(&mx, dm, dr));
            ndelta++;
        }
    }
    double delta_each = (bench_now() - t0) / ninc;
    /* the search's hot path now: So+Sr from the neighbour lists and the
     * fourth-power tables (search/price.c), 128-bit */
    sw_pricer pr;
    if (sw_pricer_init(&pr, &mx) != 0 || !sw_pricer_sync(&pr, &mx)) {
        fprintf(stderr, "bench: pricer unavailable\n");
        return 1;
    }
    int nprice = 0, nprice_all = 4 * ninc;
    t0 = bench_now();
    for (int i = 0; i < nprice_all; i++) {
        int k = (int)sw_rng_bounded(&rng, 10), p = 1 + (int)sw_rng_bounded(&rng, (uint32_t)P),
            q = 1 + (int)sw_rng_bounded(&rng, (uint32_t)P);
        __int128 d;
        if (p != q && sw_matrix_tables_ready(&mx, k) && sw_price_sosr(&pr, &mx, k, p, q, &d)) {
            sink += d < 0;
            nprice++;
        }
    }
    double price_each = (bench_now() - t0) / nprice_all;
    sw_pricer_free(&pr);
    printf("exchange evaluation, 40 participants x 10 sessions x %d rounds:\n",
           s.movements[0].rounds);
    printf("  full recompute %10.2f us   incremental %8.3f us   ratio %.0fx  (goal >= 50x)\n",
           full_each * 1e6, inc_each * 1e6, full_each / inc_each);
    printf("  %.0f exchanges evaluated per second on one core (apply, So+Sr, undo)\n",
           1.0 / inc_each);
    printf("  priced without applying: %8.3f us, ratio %.0fx, %.0f per second (%d of %d plain)\n",
           delta_each * 1e6, full_each / delta_each, 1.0 / delta_each, ndelta, ninc);
    printf("  priced by the search (neighbour lists, 128-bit): %8.3f us, ratio %.0fx, %.1f M per "
           "second on one core (%d of %d)  (goal >= 10 M/s)\n",
           price_each * 1e6, full_each / price_each, 1e-6 / price_each, nprice, nprice_all);
    sw_matrix_free(&mx);
    sw_matrix_free(&full);
    sw_season_free(&s);
    return sink < 0;
}
