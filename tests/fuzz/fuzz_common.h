/* tests/fuzz/fuzz_common.h: what the libFuzzer harnesses share: the entry
 * point's prototype, the inputs a file reader can never see, and the
 * round-trip check that aborts (a crash libFuzzer saves) with the text that
 * failed to read back.
 * SPDX-License-Identifier: MIT */
#ifndef SW_FUZZ_COMMON_H
#define SW_FUZZ_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/error.h"
#include "util/strbuf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* sw_file_read refuses a file holding a NUL byte before any parser sees it,
 * so such inputs are skipped: every reader is fed what a file could give. */
static inline bool sw_fuzz_unreadable(const uint8_t *data, size_t size) {
    return memchr(data, '\0', size) != NULL;
}

/* A broken round trip: say what and show the written text, then abort. */
static inline void sw_fuzz_fail(const char *what, const sw_error *err, const sw_strbuf *written) {
    fprintf(stderr, "round trip: %s\n", what);
    if (err) {
        char msg[1024];
        sw_error_format(err, msg, sizeof msg);
        fprintf(stderr, "  error: %s\n", msg);
    }
    if (written)
        fprintf(stderr, "  written text (%zu bytes):\n%s\n", written->len, sw_strbuf_cstr(written));
    abort();
}

/* The written text must not have run out of memory (inputs are small). */
static inline void sw_fuzz_written(const sw_strbuf *sb) {
    if (sb->failed)
        sw_fuzz_fail("out of memory while writing", NULL, NULL);
}

#endif
