/* src/util/error.c: status codes and located error messages.
 * SPDX-License-Identifier: MIT */
#include "util/error.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

sw_status sw_error_set(sw_error *err, sw_status code, const char *file, int line, const char *fmt,
                       ...) {
    if (!err)
        return code;
    err->code = code;
    err->line = line;
    snprintf(err->file, sizeof err->file, "%s", file ? file : "");
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
    return code;
}

void sw_error_clear(sw_error *err) {
    if (err)
        memset(err, 0, sizeof *err);
}

void sw_error_format(const sw_error *err, char *buf, unsigned long size) {
    if (err->file[0] && err->line > 0)
        snprintf(buf, size, "%s:%d: %s", err->file, err->line, err->msg);
    else if (err->file[0])
        snprintf(buf, size, "%s: %s", err->file, err->msg);
    else
        snprintf(buf, size, "%s", err->msg);
}

const char *sw_status_name(sw_status code) {
    switch (code) {
    case SW_OK:
        return "ok";
    case SW_ERR_NOMEM:
        return "out of memory";
    case SW_ERR_IO:
        return "file error";
    case SW_ERR_PARSE:
        return "parse error";
    case SW_ERR_INVALID:
        return "invalid input";
    case SW_ERR_LIMIT:
        return "size limit exceeded";
    case SW_ERR_INTERRUPTED:
        return "interrupted";
    }
    return "unknown error";
}
