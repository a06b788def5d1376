/* src/util/fileio.c: whole-file reading with input checks, and atomic writes.
 * SPDX-License-Identifier: MIT */
#include "util/fileio.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

sw_status sw_file_read(const char *path, char **data, size_t *len, sw_error *err) {
    struct stat st;
    if (stat(path, &st) != 0)
        return sw_error_set(err, SW_ERR_IO, path, 0, "cannot open: %s", strerror(errno));
    if (S_ISDIR(st.st_mode))
        return sw_error_set(err, SW_ERR_IO, path, 0, "is a directory, expected a file");
    FILE *f = fopen(path, "rb");
    if (!f)
        return sw_error_set(err, SW_ERR_IO, path, 0, "cannot open: %s", strerror(errno));
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    if (!buf) {
        fclose(f);
        return sw_error_set(err, SW_ERR_NOMEM, path, 0, "out of memory");
    }
    for (;;) {
        if (n + 1 >= cap) {
            if (cap > SW_MAX_INPUT_BYTES) {
                free(buf);
                fclose(f);
                return sw_error_set(err, SW_ERR_LIMIT, path, 0,
                                    "file larger than %u bytes", SW_MAX_INPUT_BYTES);
            }
            char *nb = realloc(buf, cap * 2);
            if (!nb) {
                free(buf);
                fclose(f);
                return sw_error_set(err, SW_ERR_NOMEM, path, 0, "out of memory");
            }
            buf = nb;
            cap *= 2;
        }
        size_t got = fread(buf + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0)
            break;
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(buf);
        return sw_error_set(err, SW_ERR_IO, path, 0, "read error");
    }
    buf[n] = '\0';
    if (memchr(buf, '\0', n)) {
        int line = 1;
        for (const char *q = buf; *q; q++)
            line += *q == '\n';
        free(buf);
        return sw_error_set(err, SW_ERR_PARSE, path, line,
                            "binary data (a NUL byte), expected a text file");
    }
    *data = buf;
    *len = n;
    return SW_OK;
}

sw_status sw_file_write_atomic(const char *path, const char *data, size_t len, sw_error *err) {
    if (strcmp(path, "-") == 0) {
        if (fwrite(data, 1, len, stdout) != len || fflush(stdout) != 0)
            return sw_error_set(err, SW_ERR_IO, "<stdout>", 0, "write failed");
        return SW_OK;
    }
    size_t plen = strlen(path);
    char *tmp = malloc(plen + 32);
    if (!tmp)
        return sw_error_set(err, SW_ERR_NOMEM, path, 0, "out of memory");
    snprintf(tmp, plen + 32, "%s.tmp.%ld", path, (long)getpid());
    FILE *f = fopen(tmp, "wb");
    if (!f) {
        sw_error_set(err, SW_ERR_IO, path, 0, "cannot write: %s", strerror(errno));
        free(tmp);
        return SW_ERR_IO;
    }
    int ok = fwrite(data, 1, len, f) == len;
    ok = (fflush(f) == 0) && ok;
    ok = (fsync(fileno(f)) == 0 || errno == EINVAL) && ok;
    ok = (fclose(f) == 0) && ok;
    if (!ok || rename(tmp, path) != 0) {
        sw_error_set(err, SW_ERR_IO, path, 0, "cannot write: %s", strerror(errno));
        remove(tmp);
        free(tmp);
        return SW_ERR_IO;
    }
    free(tmp);
    return SW_OK;
}

int sw_next_line(const char **p, const char *end, const char **line, size_t *n) {
    if (*p >= end)
        return 0;
    const char *s = *p;
    const char *nl = memchr(s, '\n', (size_t)(end - s));
    const char *e = nl ? nl : end;
    *p = nl ? nl + 1 : end;
    if (e > s && e[-1] == '\r')
        e--;
    *line = s;
    *n = (size_t)(e - s);
    return 1;
}

void sw_path_dir(const char *path, char *buf, size_t size) {
    const char *slash = strrchr(path, '/');
    if (!slash)
        snprintf(buf, size, ".");
    else if (slash == path)
        snprintf(buf, size, "/");
    else
        snprintf(buf, size, "%.*s", (int)(slash - path), path);
}

int sw_path_join(const char *dir, const char *rel, char *buf, size_t size) {
    int n;
    if (rel[0] == '/' || !dir || !dir[0] || strcmp(dir, ".") == 0)
        n = snprintf(buf, size, "%s", rel);
    else
        n = snprintf(buf, size, "%s/%s", dir, rel);
    return (n < 0 || (size_t)n >= size) ? -1 : 0;
}
