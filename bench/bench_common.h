/* bench/bench_common.h: helpers shared by the benchmarks: a monotonic clock
 * and building seasons from the movement library.
 * SPDX-License-Identifier: MIT */
#ifndef SW_BENCH_COMMON_H
#define SW_BENCH_COMMON_H

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "season/season.h"

static inline double bench_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* CPU seconds of the whole process (every thread). */
static inline double bench_cpu(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* A season of `sessions` sessions of the library movement `rel` (or, when the
 * library is absent, a generated Howell of `fallback_pairs`), with n
 * participants present everywhere. Returns 0 on success. */
static inline int bench_season(const char *rel, int fallback_pairs, int n, int sessions,
                               sw_season *s) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", SW_MOVEMENTS_DIR, rel);
    sw_movement m;
    sw_error err;
    if (sw_movement_read_asc(path, &m, &err) != SW_OK &&
        sw_movement_howell(fallback_pairs, 0, &m, &err) != SW_OK) {
        fprintf(stderr, "bench: %s\n", err.msg);
        return -1;
    }
    sw_participant *part = calloc((size_t)n, sizeof *part);
    for (int i = 0; i < n; i++)
        part[i] = (sw_participant){.id = i + 1, .rests = 0, .name = "pair"};
    int rc = sw_season_uniform(&m, rel, part, n, sessions, s, &err) == SW_OK ? 0 : -1;
    free(part);
    sw_movement_free(&m);
    return rc;
}

#endif
