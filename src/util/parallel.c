/* src/util/parallel.c: sw_parallel_rows (parallel.h) on POSIX threads, as
 * many as OpenMP says; the helper threads live for one pass only, since
 * OpenMP's own pool threads spin between passes (libgomp's default wait
 * policy), on a shared machine at the cost of the thread doing the work.
 * SPDX-License-Identifier: MIT */
#include "util/parallel.h"

#include <stdatomic.h>
#include <stddef.h>

#if defined(SW_HAVE_OPENMP) && defined(__unix__)
#define SW_ROW_THREADS 1
#include <omp.h>
#include <pthread.h>
#endif

typedef struct row_pass {
    sw_row_fn fn;
    const void *ctx;
    long *out;
    int n;
    atomic_int next;
} row_pass;

/* Rows a thread takes at a time from the shared counter. */
#define ROW_CHUNK 4

static void *row_pass_run(void *arg) {
    row_pass *rp = arg;
    for (;;) {
        int a0 = atomic_fetch_add(&rp->next, ROW_CHUNK);
        if (a0 >= rp->n)
            break;
        int a1 = a0 + ROW_CHUNK < rp->n ? a0 + ROW_CHUNK : rp->n;
        for (int a = a0; a < a1; a++)
            rp->out[a] = rp->fn(rp->ctx, a);
    }
    return NULL;
}

void sw_parallel_rows(int n, int min_parallel, sw_row_fn fn, const void *ctx, long *out) {
    row_pass rp = {fn, ctx, out, n, 0};
#ifdef SW_ROW_THREADS
    int nt = 1;
    if (n >= min_parallel)
        nt = omp_get_max_threads();
    if (nt > 64)
        nt = 64;
    pthread_t th[64];
    int started = 0;
    for (int i = 1; i < nt; i++)
        if (pthread_create(&th[started], NULL, row_pass_run, &rp) == 0)
            started++; /* else fewer threads do the rows */
#else
    (void)min_parallel;
#endif
    row_pass_run(&rp);
#ifdef SW_ROW_THREADS
    for (int i = 0; i < started; i++)
        pthread_join(th[i], NULL);
#endif
}
