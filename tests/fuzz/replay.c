/* tests/fuzz/replay.c: a main() for the harnesses without libFuzzer, so that
 * every compiler's test suite replays the seed corpora and the regression
 * inputs (ctest: fuzz_replay_<reader>). Arguments are files or directories
 * (their files, not recursively); a missing directory holds nothing. Each
 * input is fed once to LLVMFuzzerTestOneInput, which aborts on a failed
 * check; exit 1 when no input was found at all.
 * SPDX-License-Identifier: MIT */
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz_common.h"

/* Feed one file; returns 0, or -1 when it cannot be read. */
static int replay_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "%s: cannot open: %s\n", path, strerror(errno));
        return -1;
    }
    size_t cap = 4096, n = 0;
    uint8_t *buf = malloc(cap);
    for (;;) {
        if (!buf) {
            fclose(f);
            fprintf(stderr, "%s: out of memory\n", path);
            return -1;
        }
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap)
            break;
        uint8_t *nb = realloc(buf, cap * 2);
        if (!nb)
            free(buf);
        buf = nb;
        cap *= 2;
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(buf);
        fprintf(stderr, "%s: read error\n", path);
        return -1;
    }
    /* An exact copy: reading past the input is caught as under libFuzzer. */
    uint8_t *exact = malloc(n ? n : 1);
    if (!exact) {
        free(buf);
        return -1;
    }
    memcpy(exact, buf, n);
    free(buf);
    fprintf(stderr, "replay %s\n", path);
    LLVMFuzzerTestOneInput(exact, n);
    free(exact);
    return 0;
}

int main(int argc, char **argv) {
    long inputs = 0;
    int failed = 0;
    for (int a = 1; a < argc; a++) {
        struct stat st;
        if (stat(argv[a], &st) != 0)
            continue; /* a reader without regression inputs yet */
        if (!S_ISDIR(st.st_mode)) {
            failed |= replay_file(argv[a]) != 0;
            inputs++;
            continue;
        }
        DIR *d = opendir(argv[a]);
        if (!d) {
            fprintf(stderr, "%s: cannot open: %s\n", argv[a], strerror(errno));
            failed = 1;
            continue;
        }
        struct dirent *e;
        while ((e = readdir(d)) != NULL) {
            char path[4096];
            if (e->d_name[0] == '.' ||
                snprintf(path, sizeof path, "%s/%s", argv[a], e->d_name) >= (int)sizeof path ||
                stat(path, &st) != 0 || !S_ISREG(st.st_mode))
                continue;
            failed |= replay_file(path) != 0;
            inputs++;
        }
        closedir(d);
    }
    printf("%ld inputs replayed\n", inputs);
    return failed || inputs == 0 ? 1 : 0;
}
