/* bench/bench_analyze.c: analyzing every movement of the library (parse,
 * matrices, criteria, Qf) and a 40-participant 10-session season.
 * Baseline in the same run: reading the files alone.
 * SPDX-License-Identifier: MIT */
#include <dirent.h>
#include <stdio.h>
#include <string.h>

#include "bench_common.h"
#include "matrix/criteria.h"
#include "matrix/matrix.h"
#include "util/fileio.h"

static int list(char paths[][512], int max) {
    const char *dirs[] = {"6ronden", "7ronden", "8ronden", "NBB", "Topintegraal", "misc"};
    int n = 0;
    for (size_t d = 0; d < 6; d++) {
        char dp[256];
        snprintf(dp, sizeof dp, "%s/%s", SW_MOVEMENTS_DIR, dirs[d]);
        DIR *dir = opendir(dp);
        struct dirent *e;
        while (dir && (e = readdir(dir)) && n < max)
            if (e->d_name[0] != '.')
                snprintf(paths[n++], 512, "%.250s/%.200s", dp, e->d_name);
        if (dir)
            closedir(dir);
    }
    return n;
}

int main(void) {
    static char paths[400][512];
    int n = list(paths, 400);
    if (n == 0) {
        fprintf(stderr, "bench_analyze: movement library not found at %s\n", SW_MOVEMENTS_DIR);
        return 1;
    }
    double t0 = bench_now();
    size_t bytes = 0;
    for (int i = 0; i < n; i++) {
        char *text;
        size_t len;
        sw_error err;
        if (sw_file_read(paths[i], &text, &len, &err) == SW_OK) {
            bytes += len;
            free(text);
        }
    }
    double read_s = bench_now() - t0;
    t0 = bench_now();
    double qsum = 0;
    for (int i = 0; i < n; i++) {
        sw_season s;
        sw_error err;
        bool mv;
        if (sw_season_read_any(paths[i], sw_matrix_played_history, &s, &mv, &err) != SW_OK)
            continue;
        sw_matrix mx;
        if (sw_matrix_init(&mx, &s, &err) == SW_OK) {
            sw_criteria c;
            sw_criteria_compute(&mx, &c);
            qsum += c.Qc + sw_criteria_qf(&s.movements[0]);
            sw_matrix_free(&mx);
        }
        sw_season_free(&s);
    }
    double all_s = bench_now() - t0;
    printf("%d movements (%zu bytes): read only %.4f s; analyze %.4f s (%.1f us each), "
           "ratio to reading %.1fx (goal: well under 1 s)\n",
           n, bytes, read_s, all_s, all_s / n * 1e6, all_s / read_s);
    sw_season s;
    if (bench_season("Topintegraal/40p6r10+10+10+10TeamS.txt", 40, 40, 10, &s) == 0) {
        sw_matrix mx;
        sw_error err;
        t0 = bench_now();
        int reps = 100;
        for (int i = 0; i < reps; i++) {
            if (sw_matrix_init(&mx, &s, &err) != SW_OK)
                break;
            sw_criteria c;
            sw_criteria_compute(&mx, &c);
            qsum += c.So;
            sw_matrix_free(&mx);
        }
        printf("40 participants x 10 sessions: %.1f us per analysis\n",
               (bench_now() - t0) / reps * 1e6);
        sw_season_free(&s);
    }
    return qsum < 0;
}
