/* bench/bench_swiss.c: time per round and quality of the Swiss pairing on
 * simulated events: the exact matching at 200, 1000 and 2000 players (each
 * round solved twice: the default sparse solve with its dual certificate,
 * and the full graph as the baseline, with the ratio), the fast mode at 10k
 * and 100k. One line per printed round. Not a test.
 * With a bbpPairings binary (second argument), every printed exact round
 * up to 2000 players is also paired by `BBP --dutch IN -p OUT` on the same
 * TRF: its wall time (the process included), the ratio to seatwise's and
 * whether the two pairings are the same boards with the same colours.
 * With a third argument `burstein`, the Burstein system instead: 100 to
 * 2000 players (301: with a bye), each round up to 300 players also solved
 * the slow way (a matching of the whole graph per decision, as bbpPairings
 * decides) and compared board by board, and with the bbpPairings binary
 * every third round paired by `BBP --burstein IN -p OUT`; both engines
 * count the best of three runs of a round (a round takes milliseconds).
 * Usage: bench_swiss [max_players] [bbpPairings|-] [burstein]
 * (default 100000, none, the Dutch system).
 * SPDX-License-Identifier: MIT */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "swiss/swiss.h"
#include "util/rng.h"

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Pairs trf's next round with bbpPairings: its wall time in *secs (the
 * process start included, as an arbiter runs it), and whether its boards
 * are p's (same pairs, same colours; a bye is "ID 0"). Returns -1 when it
 * could not run. */
static int bbp_pair(const char *bbp, const char *sys, const sw_swiss_trf *trf,
                    const sw_swiss_pairing *p, double *secs) {
    char in[] = "/tmp/sw_bench_trf_XXXXXX", out[] = "/tmp/sw_bench_out_XXXXXX";
    int fi = mkstemp(in), fo = fi < 0 ? -1 : mkstemp(out);
    if (fo < 0) {
        if (fi >= 0) {
            close(fi);
            unlink(in);
        }
        return -1;
    }
    close(fo);
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    sw_swiss_trf_write(trf, &sb);
    bool wrote = write(fi, sw_strbuf_cstr(&sb), sb.len) == (ssize_t)sb.len;
    close(fi);
    sw_strbuf_free(&sb);
    int same = -1;
    double t0 = now();
    pid_t pid = wrote ? fork() : -1;
    if (pid == 0) {
        execl(bbp, bbp, sys, in, "-p", out, (char *)NULL);
        _exit(127);
    }
    int status = 0;
    pid_t got = -1;
    while (pid > 0 && (got = waitpid(pid, &status, 0)) < 0 && errno == EINTR)
        continue;
    bool ok = got == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0;
    if (got == pid && !ok)
        printf("  bbpPairings exited with status %d\n",
               WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    if (ok) {
        *secs = now() - t0;
        FILE *f = fopen(out, "r");
        int n = 0, matched = 0, w, b;
        if (f && fscanf(f, "%d", &n) == 1) {
            while (fscanf(f, "%d %d", &w, &b) == 2)
                for (int k = 0; k < p->nboards; k++)
                    if (p->boards[k].white == w && p->boards[k].black == b)
                        matched++;
            same = n == p->nboards && matched == n;
        }
        if (f)
            fclose(f);
    }
    unlink(in);
    unlink(out);
    return same;
}

static int run(int players, int rounds, int every, int fast, const char *bbp, bool burstein) {
    sw_swiss_trf t;
    sw_error err;
    if (sw_swiss_trf_init(&t, players, NULL, rounds, &err))
        return 1;
    sw_swiss_options opt = {.fast = fast != 0, .burstein = burstein};
    sw_swiss_options full = {.sparse_window = -1, .burstein = burstein};
    const char *mode = burstein ? "burst" : fast ? "fast" : "exact";
    sw_rng rng;
    sw_rng_seed(&rng, (uint64_t)players, 17u);
    char *res = malloc((size_t)players);
    double worst = 0, worst_full = 0, sum = 0, sum_full = 0, bbp_sum = 0, bbp_ours = 0;
    int bbp_rounds = 0, bbp_same = 0;
    for (int r = 1; r <= rounds && res; r++) {
        sw_swiss_pairing p, pf;
        double t0 = now();
        if (sw_swiss_pair(&t, &opt, &p, &err)) {
            fprintf(stderr, "round %d: %s\n", r, err.msg);
            break;
        }
        double dt = now() - t0, dtf = 0;
        /* Burstein rounds take a few ms: on a busy machine one preemption
         * is as long, so both engines count the best of three runs */
        for (int again = 1; burstein && again < 3; again++) {
            sw_swiss_pairing q;
            t0 = now();
            if (sw_swiss_pair(&t, &opt, &q, &err))
                break;
            double d = now() - t0;
            dt = d < dt ? d : dt;
            sw_swiss_pairing_free(&q);
        }
        worst = dt > worst ? dt : worst;
        sum += dt;
        /* the full graph takes ~20 s a round at 5000 (Dutch); Burstein's
         * baseline, a solve of the whole graph per decision, ~3 s at 300 */
        bool baseline = !fast && players <= (burstein ? 300 : 2000);
        if (baseline) {
            t0 = now();
            if (sw_swiss_pair(&t, &full, &pf, &err)) {
                fprintf(stderr, "round %d: %s\n", r, err.msg);
                sw_swiss_pairing_free(&p);
                break;
            }
            dtf = now() - t0;
            worst_full = dtf > worst_full ? dtf : worst_full;
            sum_full += dtf;
            if (pf.quality.score_diff_sum2 != p.quality.score_diff_sum2 ||
                pf.quality.score_diff_max2 != p.quality.score_diff_max2 ||
                pf.quality.colour_misses != p.quality.colour_misses)
                printf("  round %d: sparse and full differ in quality (must not happen)\n", r);
            if (burstein && (pf.nboards != p.nboards ||
                             memcmp(pf.boards, p.boards, sizeof *p.boards * (size_t)p.nboards)))
                printf("  round %d: the chain and the whole graph differ (must not happen)\n", r);
            sw_swiss_pairing_free(&pf);
        }
        const sw_swiss_quality *q = &p.quality;
        if (bbp && (baseline || burstein) && (r % every == 0 || r == rounds)) {
            double tb = 0;
            int same = bbp_pair(bbp, burstein ? "--burstein" : "--dutch", &t, &p, &tb);
            for (int again = 1; burstein && same >= 0 && again < 3; again++) {
                double tb2 = 0;
                if (bbp_pair(bbp, "--burstein", &t, &p, &tb2) >= 0 && tb2 < tb)
                    tb = tb2;
            }
            if (same < 0) {
                printf("  round %d: bbpPairings did not run\n", r);
            } else {
                bbp_rounds++;
                bbp_same += same;
                bbp_sum += tb;
                bbp_ours += dt;
                printf("bbp   n=%-6d round %-3d %8.3f s (x%.1f seatwise's), %s pairing\n", players,
                       r, tb, dt > 0 ? tb / dt : 0.0, same ? "the same" : "another");
            }
        }
        if (r % every == 0 || r == rounds) {
            printf("%-5s n=%-6d round %-3d %8.3f s", mode, players, r, dt);
            if (baseline)
                printf(" (%s %.3f s, x%.1f)", burstein ? "whole graph" : "full graph", dtf,
                       dt > 0 ? dtf / dt : 0.0);
            if (!fast && !burstein)
                printf(" [%d solve(s), %ld edges, %d priced in, %d-bit weights%s]", p.stats.solves,
                       p.stats.edges, p.stats.priced, p.stats.weight_bits,
                       p.stats.full ? ", fell back to the full graph" : "");
            printf("  pairs %d byes %d unpaired %d  score diff sum %ld.%d max %d.%d  colour "
                   "misses %d  std distance %ld  violations %d\n",
                   q->pairs, q->byes, q->unpaired, q->score_diff_sum2 / 2,
                   (int)(q->score_diff_sum2 % 2) * 5, q->score_diff_max2 / 2,
                   (q->score_diff_max2 % 2) * 5, q->colour_misses, q->std_distance, q->violations);
        }
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
    if (fast || players > 2000 || (burstein && players > 300))
        printf("%-5s n=%-6d worst round %.3f s, mean %.3f s\n", mode, players, worst, sum / rounds);
    else
        printf("%-5s n=%-6d worst round %.3f s, mean %.3f s; %s worst %.3f s, mean "
               "%.3f s (x%.1f on the mean)\n",
               mode, players, worst, sum / rounds, burstein ? "whole graph" : "full graph",
               worst_full, sum_full / rounds, sum > 0 ? sum_full / sum : 0.0);
    if (bbp_rounds > 0)
        printf("bbp   n=%-6d %d rounds: bbpPairings %.3f s a round, seatwise %.3f s: x%.1f; "
               "the same pairing in %d of %d\n",
               players, bbp_rounds, bbp_sum / bbp_rounds, bbp_ours / bbp_rounds,
               bbp_ours > 0 ? bbp_sum / bbp_ours : 0.0, bbp_same, bbp_rounds);
    free(res);
    sw_swiss_trf_free(&t);
    return 0;
}

int main(int argc, char **argv) {
    int max = argc > 1 ? atoi(argv[1]) : 100000;
    const char *bbp = argc > 2 && strcmp(argv[2], "-") ? argv[2] : NULL;
    if (argc > 3 && !strcmp(argv[3], "burstein")) {
        static const struct {
            int n, rounds, every;
        } bz[] = {{100, 9, 3}, {200, 9, 3}, {300, 9, 3}, {301, 9, 3}, {1000, 11, 2}, {2000, 6, 3}};
        for (size_t i = 0; i < sizeof bz / sizeof bz[0]; i++)
            if (bz[i].n <= max)
                run(bz[i].n, bz[i].rounds, bz[i].every, 0, bbp, true);
        return 0;
    }
    static const struct {
        int n, rounds, every, fast;
    } cases[] = {{100, 9, 3, 0},  {200, 9, 3, 0},  {300, 9, 3, 0},    {1000, 11, 1, 0},
                 {2000, 7, 1, 0}, {5000, 5, 1, 0}, {10000, 15, 5, 1}, {100000, 50, 10, 1}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        if (cases[i].n <= max)
            run(cases[i].n, cases[i].rounds, cases[i].every, cases[i].fast, bbp, false);
    return 0;
}
