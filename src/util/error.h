/* src/util/error.h: status codes and located error messages.
 * The library never prints: a failing function fills an sw_error (file, line,
 * message) where the facts are known, and the CLI prints it once.
 * SPDX-License-Identifier: MIT */
#ifndef SW_ERROR_H
#define SW_ERROR_H

#if defined(__GNUC__)
#define SW_NODISCARD __attribute__((warn_unused_result))
#define SW_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define SW_NODISCARD
#define SW_PRINTF(f, a)
#endif

typedef enum {
    SW_OK = 0,
    SW_ERR_NOMEM,   /* out of memory */
    SW_ERR_IO,      /* a file could not be read or written */
    SW_ERR_PARSE,   /* a file is not in the expected format */
    SW_ERR_INVALID, /* well-formed input that breaks a rule */
    SW_ERR_LIMIT,   /* input larger than the supported size */
    SW_ERR_INTERRUPTED
} sw_status;

typedef struct sw_error {
    sw_status code;
    char file[4096]; /* copied (a whole path): the message outlives the caller's string */
    int line;        /* 1-based; 0 when no line applies */
    char msg[512];   /* fixed size: reporting out-of-memory must not allocate */
} sw_error;

/* Fill err (may be NULL) and return code. file may be NULL. */
sw_status sw_error_set(sw_error *err, sw_status code, const char *file, int line, const char *fmt,
                       ...) SW_PRINTF(5, 6);

/* Reset err to SW_OK with empty fields (err may be NULL). */
void sw_error_clear(sw_error *err);

/* Format "file:line: msg" (parts that are unset are left out) into buf. */
void sw_error_format(const sw_error *err, char *buf, unsigned long size);

/* Short name of a status code, e.g. "parse error". */
const char *sw_status_name(sw_status code);

#endif
