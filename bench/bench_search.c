/* bench/bench_search.c: the season optimizer's quality and speed.
 * 1. picolo's published results for six sessions of team movements (all
 *    present): seatwise must equal or beat them. Per case and strategy
 *    (plain picolo restarts; 4 restarts with 6000 tabu iterations each):
 *    Qo, Qc, So, So's gap to its bound, time, exchanges evaluated per second.
 * 2. Restarts per second with 2 threads against 1 (same restarts, same seed,
 *    same result).
 * Usage: bench_search [restarts]   (plain restarts, default 1000)
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_common.h"
#include "search/search.h"

typedef struct target {
    const char *movement;
    int pairs;
    double qo, qc; /* picolo's renumbering tables; 0 = none published */
} target;

static const target targets[] = {
    {"6ronden/8p6rTeamH.txt", 8, 99.54, 99.18},  {"6ronden/10p6rTeamH.txt", 10, 100, 99.17},
    {"6ronden/4p6rTeamH.txt", 4, 0, 0},          {"6ronden/6p6rTeamH.txt", 6, 0, 0},
    {"6ronden/8p6rTeamS.txt", 8, 0, 0},          {"6ronden/10p6rTeamS.txt", 10, 0, 0},
    {"6ronden/12p6rTeamH.txt", 12, 0, 0},        {"6ronden/12p6rTeamS.txt", 12, 0, 0},
    {"6ronden/14p6rTeamS.txt", 14, 0, 0},        {"6ronden/16p6rTeamS.txt", 16, 0, 0},
    {"7ronden/10p7rTeamH.txt", 10, 0, 0},        {"7ronden/12p7rTeamS.txt", 12, 0, 0},
    {"8ronden/8p8rTeamH.txt", 8, 0, 0},          {"8ronden/12p8r6tH.txt", 12, 0, 0},
};

static int run(const char *rel, int pairs, int sessions, int restarts, int tabu, int threads,
               sw_search_result *res) {
    sw_season s;
    if (bench_season(rel, pairs, pairs, sessions, &s) != 0)
        return -1;
    sw_search_opts o = {.seed = 1, .restarts = restarts, .tabu = tabu, .threads = threads};
    sw_error err;
    int rc = sw_search_run(&s, &o, res, &err) == SW_OK ? 0 : -1;
    if (rc)
        fprintf(stderr, "bench: %s\n", err.msg);
    sw_season_free(&s);
    return rc;
}

int main(int argc, char **argv) {
    int restarts = argc > 1 ? atoi(argv[1]) : 1000;
    if (restarts < 1)
        restarts = 1000;
    printf("six sessions, everyone present, seed 1, 2 threads\n");
    printf("%-24s %-13s %7s %7s %9s %8s %8s %8s %11s  %s\n", "movement", "strategy", "Qo", "Qc",
           "So", "So gap", "Sc", "time s", "exch/s", "picolo Qo/Qc");
    int met[2] = {0, 0}, cases = 0;
    for (size_t i = 0; i < sizeof targets / sizeof *targets; i++) {
        for (int strat = 0; strat < 2; strat++) {
            sw_search_result r;
            int rs = strat ? 4 : restarts, tabu = strat ? 6000 : 0;
            if (run(targets[i].movement, targets[i].pairs, 6, rs, tabu, 2, &r) != 0)
                break;
            char label[32];
            snprintf(label, sizeof label, strat ? "%dx tabu%d" : "%d plain", rs, tabu);
            printf("%-24s %-13s %7.2f %7.2f %9.4f %8.4f %8.4f %8.2f %11.0f", targets[i].movement,
                   label, r.after.Qo, r.after.Qc, r.after.So, r.after.So - r.after.So_bound,
                   r.after.Sc, r.seconds, r.seconds > 0 ? (double)r.exchanges / r.seconds : 0.0);
            if (targets[i].qo > 0) {
                cases += strat == 0;
                /* picolo prints two decimals: equal at two decimals counts as equal */
                int ok = r.after.Qo + 0.005 >= targets[i].qo && r.after.Qc + 0.005 >= targets[i].qc;
                met[strat] += ok;
                printf("  %.2f/%.2f %s", targets[i].qo, targets[i].qc, ok ? "met" : "NOT MET");
            }
            printf("\n");
        }
    }
    printf("picolo targets met: plain %d of %d, tabu %d of %d\n\n", met[0], cases, met[1], cases);

    int tr = restarts < 64 ? 64 : restarts;
    sw_search_result r1, r2;
    if (run("6ronden/12p6rTeamS.txt", 12, 6, tr, 0, 1, &r1) == 0 &&
        run("6ronden/12p6rTeamS.txt", 12, 6, tr, 0, 2, &r2) == 0) {
        printf("threads: %d restarts of 12p6rTeamS x 6: 1 thread %.2f s (%.0f restarts/s), "
               "2 threads %.2f s (%.0f restarts/s), ratio %.2fx (goal >= 1.8x), same result: %s\n",
               tr, r1.seconds, tr / r1.seconds, r2.seconds, tr / r2.seconds,
               r1.seconds / r2.seconds,
               sw_search_compare_final(&r1.after, &r2.after) == 0 ? "yes" : "NO");
    }
    return 0;
}
