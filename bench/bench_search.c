/* bench/bench_search.c: the season optimizer's quality and speed.
 * 1. Every movement of the library's 6ronden/, 7ronden/ and 8ronden/ folders
 *    (the team movements picolo publishes renumbering tables for), six
 *    sessions, everyone present, 2 threads, the default method for a time
 *    budget (default 5 s): So, Sp, Sc, Qo, Qc, So's gap, the time and
 *    restarts, and picolo's published figures where known, compared by
 *    (Sr, So, Sp, Sc). The baseline measured in the same run is picolo's
 *    own method (descents only) for the same budget.
 * 2. Restarts per second with 2 threads against 1 (same restarts, same
 *    seed, same result; the faster of two runs each, in turns).
 * Usage: bench_search [seconds per case] [substring of the movement name]
 * SPDX-License-Identifier: MIT */
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_common.h"
#include "search/search.h"

/* picolo's published tables, six sessions, Sr = 0 (issue #10). The last
 * two are known from the text only: picolo's Sc "at the same So"
 * (So at its bound, as seatwise's), to the digits given there; their So
 * and Sp are NAN and only Sc is compared. */
typedef struct target {
    const char *movement;
    double so, sp, sc;
} target;

static const target picolo[] = {
    {"6ronden/8p6rTeamH.txt", 2.169096, 1.533783, 2.791923},
    {"6ronden/10p6rTeamH.txt", 0, 0, 1.500000},
    {"7ronden/12p7rTeamH.txt", 5.436514, 3.138773, 3.926590},
    {"8ronden/12p8r6tH.txt", 4.670173, 2.696326, 1.360050},
    {"6ronden/14p6rTeamS.txt", 10.190259, 6.450448, 34.412354},
    {"8ronden/14p8r7tH.txt", 6.996814, 3.739954, 14.093808},
    {"6ronden/16p6rTeamS.txt", 8.064000, 4.032000, 3.742867},
    {"7ronden/18p7rTeamS.txt", 9.628333, 4.538840, 31.561258},
    {"7ronden/14p7rJvW.txt", NAN, NAN, 3.64},
    {"8ronden/16p8rcycGSB2002.txt", NAN, NAN, 21.5},
};

/* a against picolo's printed figures (six decimals): -1 better, 0 equal, 1 worse */
static int versus(double a, double b) {
    double tol = 5e-7 * (fabs(b) > 1 ? fabs(b) : 1);
    return a < b - tol ? -1 : a > b + tol ? 1 : 0;
}

static int cmp_str(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int run(const char *rel, int sessions, double seconds, int restarts, bool picolo_only,
               int threads, sw_search_result *res) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", SW_MOVEMENTS_DIR, rel);
    sw_movement m;
    sw_error err;
    if (sw_movement_read_asc(path, &m, &err) != SW_OK) {
        fprintf(stderr, "bench: %s\n", err.msg);
        return -1;
    }
    int n = m.positions;
    sw_movement_free(&m);
    sw_season s;
    if (bench_season(rel, n, n, sessions, &s) != 0)
        return -1;
    sw_search_opts o = {.seed = 1,
                        .restarts = restarts,
                        .time_limit = seconds,
                        .threads = threads,
                        .method = picolo_only ? SW_SEARCH_DESCENTS : SW_SEARCH_DEFAULT};
    int rc = sw_search_run(&s, &o, res, &err) == SW_OK ? 0 : -1;
    if (rc)
        fprintf(stderr, "bench: %s\n", err.msg);
    sw_season_free(&s);
    return rc;
}

int main(int argc, char **argv) {
    double seconds = argc > 1 ? atof(argv[1]) : 5.0;
    const char *filter = argc > 2 ? argv[2] : "";
    if (!(seconds > 0))
        seconds = 5.0;
    const char *dirs[] = {"6ronden", "7ronden", "8ronden"};
    char *cases[256];
    int ncases = 0;
    for (int d = 0; d < 3; d++) {
        char dp[1024];
        snprintf(dp, sizeof dp, "%s/%s", SW_MOVEMENTS_DIR, dirs[d]);
        DIR *dir = opendir(dp);
        if (!dir) {
            fprintf(stderr, "bench: movement library not found at %s\n", dp);
            return 1;
        }
        struct dirent *e;
        while ((e = readdir(dir)) && ncases < 256) {
            if (e->d_name[0] == '.' || !strstr(e->d_name, ".txt"))
                continue;
            char rel[512];
            snprintf(rel, sizeof rel, "%s/%s", dirs[d], e->d_name);
            if (strstr(rel, filter))
                cases[ncases++] = strdup(rel);
        }
        closedir(dir);
    }
    qsort(cases, (size_t)ncases, sizeof *cases, cmp_str);
    printf("six sessions, everyone present, seed 1, 2 threads, %.1f s a case; baseline: picolo's\n"
           "method (descents only) for the same budget\n",
           seconds);
    printf("%-26s %9s %8s %9s %7s %7s %8s %6s %5s | %9s %9s | %s\n", "movement", "So", "Sp", "Sc",
           "Qo", "Qc", "So gap", "time", "rest", "base So", "base Sc", "picolo So / Sp / Sc");
    int known = 0, met = 0, strictly_sc = 0, at_bound = 0, beat_base = 0, done = 0;
    for (int i = 0; i < ncases; i++) {
        sw_search_result r, b;
        if (run(cases[i], 6, seconds, 100000000, false, 2, &r) != 0 ||
            run(cases[i], 6, seconds, 100000000, true, 2, &b) != 0)
            continue;
        done++;
        double gap = r.after.So - r.after.So_bound;
        at_bound += gap <= 1e-9 * (r.after.So_bound > 1 ? r.after.So_bound : 1);
        beat_base += sw_criteria_compare_final(&r.after, &b.after) <= 0;
        printf("%-26s %9.4f %8.4f %9.4f %7.2f %7.2f %8.4f %6.2f %5d | %9.4f %9.4f |", cases[i],
               r.after.So, r.after.Sp, r.after.Sc, r.after.Qo, r.after.Qc, gap, r.seconds,
               r.restarts_done, b.after.So, b.after.Sc);
        for (size_t t = 0; t < sizeof picolo / sizeof *picolo; t++) {
            if (strcmp(picolo[t].movement, cases[i]))
                continue;
            int c = r.after.Sr > 1e-12 ? 1 : 0;
            if (!c)
                c = isnan(picolo[t].so) ? (gap > 1e-9 ? 1 : 0) : versus(r.after.So, picolo[t].so);
            if (!c && !isnan(picolo[t].sp))
                c = versus(r.after.Sp, picolo[t].sp);
            int csc = versus(r.after.Sc, picolo[t].sc);
            if (!c)
                c = csc;
            known++;
            met += c <= 0;
            strictly_sc += csc < 0;
            printf(" %.4f / %.4f / %.4f %s", picolo[t].so, picolo[t].sp, picolo[t].sc,
                   c < 0    ? "BETTER"
                   : c == 0 ? "equal"
                            : "WORSE");
        }
        printf("\n");
        fflush(stdout);
    }
    printf("So at its lower bound in %d of %d cases; equal or better than the baseline in %d of "
           "%d\n",
           at_bound, done, beat_base, done);
    printf("picolo's tables: equal or better by (Sr, So, Sp, Sc) in %d of %d; Sc strictly lower "
           "in %d of %d\n\n",
           met, known, strictly_sc, known);
    for (int i = 0; i < ncases; i++)
        free(cases[i]);

    int tr = 13; /* restart 0 is shorter (no annealing): 1 + 6 + 6 balances two threads */
    /* Two rounds of (1 thread, 2 threads), the faster of each kept: this
     * VM's run times vary by 5 to 10 % from run to run (the same command
     * alone gave 13.5 s and 14.5 s), and noise only ever adds time. The
     * process's CPU time too: when two threads need more CPU for the same
     * restarts (shared caches, a busy machine), no balance reaches 2x;
     * CPU(2) / 2 / wall(2) says how well the restarts were balanced. */
    double w1 = 0, w2 = 0, cpu1 = 0, cpu2 = 0;
    bool same = true, ran = true;
    for (int round = 0; round < 2 && ran; round++) {
        sw_search_result r1, r2;
        double c0 = bench_cpu();
        ran = run("6ronden/12p6rTeamS.txt", 6, 0, tr, false, 1, &r1) == 0;
        double c1 = bench_cpu();
        ran = ran && run("6ronden/12p6rTeamS.txt", 6, 0, tr, false, 2, &r2) == 0;
        double c2 = bench_cpu();
        same = same && sw_criteria_compare_final(&r1.after, &r2.after) == 0;
        if (round == 0 || r1.seconds < w1)
            w1 = r1.seconds, cpu1 = c1 - c0;
        if (round == 0 || r2.seconds < w2)
            w2 = r2.seconds, cpu2 = c2 - c1;
    }
    if (ran)
        printf("threads: %d restarts of 12p6rTeamS x 6 (default method), the faster of two runs "
               "each: 1 thread %.2f s, 2 threads %.2f s, ratio %.2fx (goal >= 1.8x), same result: "
               "%s; CPU %.2f s and %.2f s, balance %.0f %%\n",
               tr, w1, w2, w1 / w2, same ? "yes" : "NO", cpu1, cpu2, 100 * cpu2 / 2 / w2);
    /* Plain restarts (picolo's descents) on a 40-participant, 10-session
     * season: how many a second (goal >= 10). */
    sw_search_result rp;
    sw_season big;
    if (bench_season("Topintegraal/40p6r10+10+10+10TeamS.txt", 40, 40, 10, &big) == 0) {
        sw_search_opts o = {.seed = 1, .restarts = 40, .threads = 2};
        sw_error err;
        if (sw_search_run(&big, &o, &rp, &err) == SW_OK)
            printf("picolo restarts on 40 pairs x 10 sessions: %d in %.2f s, %.1f per second "
                   "(goal >= 10)\n",
                   rp.restarts_done, rp.seconds, rp.restarts_done / rp.seconds);
        sw_season_free(&big);
    }
    return 0;
}
