/* src/util/parallel.h: one pass of independent rows on several threads.
 * out[a] = fn(ctx, a) for every a < n, each thread taking the next rows from
 * a shared counter; each row's result lands in its own slot, so the outcome
 * is the same for any number of threads. The threads are started for the
 * pass and end with it (no pool spinning between passes on a shared
 * machine). With OpenMP the thread count is what OpenMP would use
 * (OMP_NUM_THREADS); without it, or on a non-POSIX system, one thread.
 * SPDX-License-Identifier: MIT */
#ifndef SW_PARALLEL_H
#define SW_PARALLEL_H

typedef long (*sw_row_fn)(const void *ctx, int a);

/* The rows 0..n-1 of fn into out; below min_parallel rows, on the calling
 * thread alone (a short pass costs more to start threads for than it
 * saves). fn must be safe to call from several threads at once. */
void sw_parallel_rows(int n, int min_parallel, sw_row_fn fn, const void *ctx, long *out);

#endif
