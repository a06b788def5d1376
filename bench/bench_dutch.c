/* bench/bench_dutch.c: the FIDE Dutch pairing against the reference
 * tournaments of data/dutch and data/dutch-big (bbpPairings' generator,
 * 2025 rules; every round of a record is the Dutch pairing of the rounds
 * before it). Every round of every record is re-paired (`seatwise swiss check`'s replay) by the
 * exact Dutch pairing and, as the baseline measured in the same run, by the fast mode: rounds
 * identical to the record (boards, colours, bye), records wholly identical, and the time of each
 * with its ratio. Not a test (test_swiss replays the wholly identical records on every CI run).
 * Usage: bench_dutch [-v] (per-record lines with -v).
 * SPDX-License-Identifier: MIT */
#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "swiss/swiss.h"
#include "util/strbuf.h"

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_str(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

typedef struct tally {
    long rounds, identical, whole;
    double seconds;
} tally;

/* Replay one record with opt; adds to t. Returns -1 when it cannot be read. */
static int replay(const char *path, const sw_swiss_options *opt, tally *t, int *identical,
                  int *rounds) {
    sw_swiss_trf trf;
    sw_error err;
    if (sw_swiss_trf_read(path, &trf, &err)) {
        fprintf(stderr, "bench: %s\n", err.msg);
        return -1;
    }
    sw_strbuf rep, warn;
    sw_strbuf_init(&rep);
    sw_strbuf_init(&warn);
    int nwarn = 0;
    sw_swiss_check_stats cs = {0};
    double t0 = now();
    int rc = sw_swiss_validate_lenient(&trf, &warn, &nwarn, &err) ||
             sw_swiss_check_stats_run(&trf, opt, &rep, &cs, &err);
    t->seconds += now() - t0;
    if (rc)
        fprintf(stderr, "bench: %s: %s\n", path, err.msg);
    t->rounds += cs.rounds;
    t->identical += cs.identical;
    t->whole += !rc && cs.identical == cs.rounds;
    *identical = cs.identical;
    *rounds = cs.rounds;
    sw_strbuf_free(&rep);
    sw_strbuf_free(&warn);
    sw_swiss_trf_free(&trf);
    return rc ? -1 : 0;
}

/* Replays every record of dir, exact and fast; prints the summary. Returns
 * the number of records that could not be replayed (-1: no directory). */
static int run_dir(const char *dir, bool verbose) {
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "bench: cannot open %s\n", dir);
        return -1;
    }
    char *files[512];
    int nf = 0;
    struct dirent *e;
    while ((e = readdir(d)) && nf < 512) {
        size_t n = strlen(e->d_name);
        if (n > 4 && strcmp(e->d_name + n - 4, ".trf") == 0)
            files[nf++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(files, (size_t)nf, sizeof *files, cmp_str);
    sw_swiss_options exact = {0}, fast = {.fast = true};
    tally te = {0}, tf = {0};
    int failed = 0;
    for (int i = 0; i < nf; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        int ie, re, ifa, rf;
        failed += replay(path, &exact, &te, &ie, &re) != 0;
        failed += replay(path, &fast, &tf, &ifa, &rf) != 0;
        if (verbose)
            printf("%-24s exact %3d/%-3d fast %3d/%-3d\n", files[i], ie, re, ifa, rf);
        free(files[i]);
    }
    printf("Dutch references (%d records of %s):\n", nf, dir);
    printf("  exact Dutch: %ld/%ld rounds identical (boards, colours, bye), %ld/%d records "
           "wholly identical, %.2f s (%.1f ms a round)\n",
           te.identical, te.rounds, te.whole, nf, te.seconds,
           te.rounds ? te.seconds / (double)te.rounds * 1e3 : 0);
    printf("  fast mode (baseline): %ld/%ld rounds identical, %ld/%d records, %.2f s; "
           "exact / fast time %.1fx\n",
           tf.identical, tf.rounds, tf.whole, nf, tf.seconds,
           tf.seconds > 0 ? te.seconds / tf.seconds : 0);
    return failed;
}

int main(int argc, char **argv) {
    bool verbose = argc > 1 && strcmp(argv[1], "-v") == 0;
    /* data/dutch: 7 to 150 players; data/dutch-big: 170 to 560, where the
     * bracket order takes several windows a round. */
    int a = run_dir(SW_DATA_DIR "/dutch", verbose);
    int b = run_dir(SW_DATA_DIR "/dutch-big", verbose);
    return a != 0 || b != 0 ? 1 : 0;
}
