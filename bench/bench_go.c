/* bench/bench_go.c: a 1000-player McMahon tournament (players generated from
 * a fixed seed on tests/data/go/handmade.xml's parameter sets) paired round
 * by round with sw_go_pair, random results in between; prints each round's
 * time. With SW_OPENGOTHA set to a command `CMD STATE.xml ROUND` that pairs
 * a round with OpenGotha (a driver built outside the repository, see
 * docs/go.md), the same rounds are paired by it too and the ratios printed:
 * of the pairing's wall time inside OpenGotha (the driver prints it on
 * standard error as "opengotha pairing S s", without the JVM's start and
 * the file's loading; "opengotha pairing S s cpu C s" adds the process's
 * CPU time over the pairing) and of the whole process's CPU time (JVM
 * start, JIT and load included) to seatwise's wall and CPU time.
 * Usage: bench_go [PLAYERS] [ROUNDS]
 * SPDX-License-Identifier: MIT */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "bench_common.h"
#include "swiss/go.h"
#include "util/fileio.h"
#include "util/strbuf.h"

static uint64_t next(uint64_t *s) {
    *s = *s * 6364136223846793005u + 1442695040888963407u;
    return *s >> 33;
}

/* The template's text with its players replaced by n generated ones. */
static char *make_event(int n, uint64_t seed) {
    char *tpl;
    size_t len;
    sw_error err;
    if (sw_file_read(SW_SOURCE_DIR "/tests/data/go/handmade.xml", &tpl, &len, &err))
        return NULL;
    char *a = strstr(tpl, "    <Players>\n"), *b = strstr(tpl, "    </Players>\n");
    if (!a || !b)
        return NULL;
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    sw_strbuf_append(&sb, tpl, (size_t)(a - tpl));
    sw_strbuf_puts(&sb, "    <Players>\n");
    for (int i = 0; i < n; i++) {
        int rank = (int)(next(&seed) % 37) - 30;
        char rk[8];
        sw_go_rank_text(rank, rk);
        sw_strbuf_printf(&sb,
                         "        <Player club=\"C%02d\" country=\"%s\" firstName=\"F%d\" "
                         "name=\"Player%04d\" participating=\"11111111111111111111\" rank=\"%s\" "
                         "rating=\"%d\" registeringStatus=\"FIN\" smmsCorrection=\"0\"/>\n",
                         (int)(next(&seed) % 80), next(&seed) % 3 ? "FR" : "DE",
                         (int)(next(&seed) % 1000), i, rk, 100 + (int)(next(&seed) % 2600));
    }
    sw_strbuf_puts(&sb, b);
    free(tpl);
    char *r = strdup(sw_strbuf_cstr(&sb));
    sw_strbuf_free(&sb);
    return r;
}

/* CPU time of the children waited for so far (seconds). */
static double children_cpu(void) {
    struct rusage ru;
    getrusage(RUSAGE_CHILDREN, &ru);
    return (double)ru.ru_utime.tv_sec + (double)ru.ru_stime.tv_sec +
           ((double)ru.ru_utime.tv_usec + (double)ru.ru_stime.tv_usec) / 1e6;
}

/* Pair round r with OpenGotha: its in-JVM pairing time in *pairing and
 * CPU time over it in *pcpu (-1 when not printed), the process's CPU time
 * in *cpu; false when SW_OPENGOTHA is not set or the command fails. */
static bool opengotha(const sw_go_tournament *t, int r, double *pairing, double *pcpu,
                      double *cpu) {
    const char *cmd = getenv("SW_OPENGOTHA");
    if (!cmd)
        return false;
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    sw_go_write(t, &sb);
    char path[] = "/tmp/bench_go_XXXXXX", log[] = "/tmp/bench_go_log_XXXXXX";
    int fd = mkstemp(path), lfd = mkstemp(log);
    if (fd < 0 || lfd < 0)
        return false;
    FILE *f = fdopen(fd, "w");
    fwrite(sb.data, 1, sb.len, f);
    fclose(f);
    close(lfd);
    sw_strbuf_free(&sb);
    char line[8192];
    snprintf(line, sizeof line, "%s %s %d >/dev/null 2>%s", cmd, path, r + 1, log);
    double c0 = children_cpu();
    int rc = system(line);
    *cpu = children_cpu() - c0;
    *pairing = *pcpu = -1;
    FILE *l = fopen(log, "r");
    while (l && fgets(line, sizeof line, l))
        if (sscanf(line, "opengotha pairing %lf s cpu %lf", pairing, pcpu) >= 1)
            break;
    if (l)
        fclose(l);
    remove(path);
    remove(log);
    return rc == 0;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 1000, rounds = argc > 2 ? atoi(argv[2]) : 3;
    char *text = make_event(n, 2026);
    sw_go_tournament t;
    sw_error err;
    if (!text || sw_go_parse(text, strlen(text), "bench.xml", &t, &err)) {
        fprintf(stderr, "bench_go: cannot build the event\n");
        return 1;
    }
    uint64_t seed = 7;
    for (int r = 0; r < rounds && r < t.par.rounds; r++) {
        double og = -1, og_pcpu = -1, og_cpu = -1;
        bool has_og = opengotha(&t, r, &og, &og_pcpu, &og_cpu);
        double c0 = bench_cpu(), w0 = bench_now();
        sw_go_pairing p;
        if (sw_go_pair(&t, r, &p, &err) || sw_go_add_round(&t, &p, &err)) {
            fprintf(stderr, "bench_go: %s\n", err.msg);
            return 1;
        }
        double cpu = bench_cpu() - c0, wall = bench_now() - w0;
        printf("go %d players round %d: %d games, %.3f s (cpu %.3f s)", n, r + 1, p.ngames, wall,
               cpu);
        if (has_og && og > 0)
            printf("; opengotha pairing %.3f s, ratio %.1f", og, og / wall);
        if (has_og && og_pcpu > 0)
            printf(", its cpu %.3f s, ratio %.1f", og_pcpu, og_pcpu / cpu);
        if (has_og)
            printf("; opengotha process cpu %.3f s, ratio %.1f", og_cpu, og_cpu / cpu);
        printf("\n");
        sw_go_pairing_free(&p);
        /* random results, through the file's text (what OpenGotha reads) */
        sw_strbuf sb, res;
        sw_strbuf_init(&sb);
        sw_strbuf_init(&res);
        sw_go_write(&t, &sb);
        const char *unknown = "RESULT_UNKNOWN";
        for (const char *q = sb.data, *hit; q; q = hit ? hit + strlen(unknown) : NULL) {
            hit = strstr(q, unknown);
            sw_strbuf_append(&res, q, hit ? (size_t)(hit - q) : strlen(q));
            if (hit)
                sw_strbuf_puts(&res, next(&seed) % 2 ? "RESULT_WHITEWINS" : "RESULT_BLACKWINS");
        }
        sw_go_free(&t);
        if (sw_go_parse(res.data, res.len, "bench.xml", &t, &err)) {
            fprintf(stderr, "bench_go: %s\n", err.msg);
            return 1;
        }
        sw_strbuf_free(&sb);
        sw_strbuf_free(&res);
    }
    sw_go_free(&t);
    free(text);
    return 0;
}
