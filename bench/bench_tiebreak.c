/* bench/bench_tiebreak.c: time of the standings with FIDE tie-breaks
 * (swiss/tiebreak.h) of a simulated 1000-player, 11-round event (seatwise's
 * own generator, fast pairing; draws, forfeits, byes and absentees
 * included) with every tie-break of the list below; the best of several
 * runs. With TieBreakServer's folder (first argument; Python with networkx)
 * the same record and list go through `python3 tiebreakchecker.py -s`,
 * timed as a process, and with a seatwise binary (second argument) so does
 * `seatwise swiss standings`: the ratio of the two processes and the ratio
 * to the library's time. Not a test.
 * Usage: bench_tiebreak [TIEBREAKSERVER_DIR [SEATWISE]] (players from
 * $BENCH_PLAYERS, default 1000).
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "swiss/swiss.h"
#include "swiss/tiebreak.h"
#include "util/fileio.h"

#define LIST "PTS BH/C1 BH BH/M1 SB DE PS WIN WON BPG BWG REP ARO ARO/C1 TPR PTP KS AOB"

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Wall time of a shell command (its process start included); < 0 when it
 * failed. */
static double timed(const char *cmd) {
    double t = now();
    int rc = system(cmd);
    return rc == 0 ? now() - t : -1;
}

int main(int argc, char **argv) {
    const char *tbs = argc > 1 ? argv[1] : NULL, *sw = argc > 2 ? argv[2] : NULL;
    int players = getenv("BENCH_PLAYERS") ? atoi(getenv("BENCH_PLAYERS")) : 1000, rounds = 11;
    sw_swiss_options opt = {.fast = true};
    sw_swiss_trf trf;
    sw_error err;
    if (sw_swiss_generate(players, rounds, 2026, &opt, &trf, &err)) {
        fprintf(stderr, "bench_tiebreak: %s\n", err.msg);
        return 1;
    }
    sw_tb_list list;
    if (sw_tb_parse_list(LIST, "bench", &list, &err)) {
        fprintf(stderr, "bench_tiebreak: %s\n", err.msg);
        return 1;
    }
    double best = 1e9;
    for (int run = 0; run < 5; run++) {
        sw_standings s;
        double t = now();
        if (sw_standings_compute(&trf, &list, &(sw_tb_options){SW_TB_RULES_2026, 0, 0}, &s, &err)) {
            fprintf(stderr, "bench_tiebreak: %s\n", err.msg);
            return 1;
        }
        t = now() - t;
        best = t < best ? t : best;
        sw_standings_free(&s);
    }
    printf("standings of %d players, %d rounds, %d tie-breaks (%s): %.4f s (best of 5)%s\n",
           players, rounds, list.n, LIST, best, best < 0.1 ? "" : "  ** over 0.1 s **");
    if (tbs) {
        char path[] = "/tmp/sw_bench_tb_XXXXXX";
        int fd = mkstemp(path);
        if (fd < 0)
            return 1;
        close(fd);
        sw_strbuf sb;
        sw_strbuf_init(&sb);
        sw_strbuf_puts(&sb, "012 seatwise bench_tiebreak\n");
        sw_swiss_trf_write(&trf, &sb);
        if (sw_file_write_atomic(path, sw_strbuf_cstr(&sb), sb.len, &err)) {
            fprintf(stderr, "bench_tiebreak: %s\n", err.msg);
            return 1;
        }
        sw_strbuf_free(&sb);
        /* TieBreakServer's names: BH, SB and AOB with the 2026 rules */
        char cmd[2048];
        snprintf(cmd, sizeof cmd,
                 "cd '%s' && /usr/bin/python3 tiebreakchecker.py -i %s -s -n %d -dT -t PTS "
                 "BH/C1/V2026 BH/V2026 BH/M1/V2026 SB/V2026 DE PS WIN WON BPG BWG REP ARO ARO/C1 "
                 "TPR PTP KS AOB/V2026 > /dev/null",
                 tbs, path, rounds);
        double tt = timed(cmd);
        if (tt < 0) {
            printf("TieBreakServer: failed (%s)\n", cmd);
        } else {
            printf("TieBreakServer (python3 tiebreakchecker.py, process): %.3f s; ratio to the "
                   "library %.0fx\n",
                   tt, tt / best);
            if (sw) {
                snprintf(cmd, sizeof cmd,
                         "'%s' swiss standings %s --rules 2026 --tiebreaks '%s' -o /dev/null", sw,
                         path, LIST);
                double ts = timed(cmd);
                if (ts > 0)
                    printf("seatwise swiss standings (process): %.3f s; TieBreakServer / "
                           "seatwise %.0fx\n",
                           ts, tt / ts);
            }
        }
        unlink(path);
    }
    sw_swiss_trf_free(&trf);
    return 0;
}
