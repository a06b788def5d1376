/* src/util/fileio.c: whole-file reading with input checks, and atomic writes.
 * SPDX-License-Identifier: MIT */
#include "util/fileio.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

sw_status sw_file_read(const char *path, char **data, size_t *len, sw_error *err) {
    return sw_file_read_limited(path, SW_MAX_INPUT_BYTES, data, len, err);
}

static sw_status too_large(const char *path, size_t limit, sw_error *err) {
    return sw_error_set(err, SW_ERR_LIMIT, path, 0, "file larger than %zu bytes (%zu MiB)", limit,
                        limit >> 20);
}

sw_status sw_file_read_limited(const char *path, size_t limit, char **data, size_t *len,
                               sw_error *err) {
    struct stat st;
    if (stat(path, &st) != 0)
        return sw_error_set(err, SW_ERR_IO, path, 0, "cannot open: %s", strerror(errno));
    if (S_ISDIR(st.st_mode))
        return sw_error_set(err, SW_ERR_IO, path, 0, "is a directory, expected a file");
    /* A regular file over the limit is refused before anything is read. */
    if (S_ISREG(st.st_mode) && (unsigned long long)st.st_size > (unsigned long long)limit)
        return too_large(path, limit, err);
    FILE *f = fopen(path, "rb");
    if (!f)
        return sw_error_set(err, SW_ERR_IO, path, 0, "cannot open: %s", strerror(errno));
    /* The buffer never grows past limit + 2 bytes: one byte more than the
     * limit is enough to know the file is too large (pipes, growing files). */
    size_t hard = limit + 2;
    size_t cap = S_ISREG(st.st_mode) ? (size_t)st.st_size + 2 : 4096, n = 0;
    if (cap > hard)
        cap = hard;
    char *buf = malloc(cap);
    if (!buf) {
        fclose(f);
        return sw_error_set(err, SW_ERR_NOMEM, path, 0, "out of memory");
    }
    for (;;) {
        if (n + 1 >= cap) {
            if (cap >= hard)
                break;
            size_t nc = cap > hard / 2 ? hard : cap * 2;
            char *nb = realloc(buf, nc);
            if (!nb) {
                free(buf);
                fclose(f);
                return sw_error_set(err, SW_ERR_NOMEM, path, 0, "out of memory");
            }
            buf = nb;
            cap = nc;
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
    if (n > limit) {
        free(buf);
        return too_large(path, limit, err);
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
    /* A UTF-8 byte-order mark (Windows editors write one) is not text. */
    if (n >= 3 && !memcmp(buf, "\xEF\xBB\xBF", 3)) {
        memmove(buf, buf + 3, n - 2);
        n -= 3;
    }
    *data = buf;
    *len = n;
    return SW_OK;
}

bool sw_file_same(const char *a, const char *b) {
    struct stat sa, sb;
    if (!a || !b || !strcmp(a, "-") || !strcmp(b, "-"))
        return false;
    if (stat(a, &sa) != 0 || stat(b, &sb) != 0)
        return false;
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* A file being written: its target (the symlink resolved) and temporary. */
typedef struct pending {
    char *target, *tmp;
    bool renamed;
} pending;

static sw_status write_stdout(const char *data, size_t len, sw_error *err) {
    errno = 0;
    if (fwrite(data, 1, len, stdout) != len || fflush(stdout) != 0) {
        if (errno == EPIPE) /* the reader has gone (| head): not our failure */
            return SW_OK;
        return sw_error_set(err, SW_ERR_IO, "<stdout>", 0, "write failed: %s", strerror(errno));
    }
    return SW_OK;
}

/* The file path names, a symbolic link resolved (a new file: path itself),
 * and whether it exists (*st then holds its status). A directory is refused. */
static sw_status resolve_target(const char *path, char **target, struct stat *st, bool *exists,
                                sw_error *err) {
    char *real = realpath(path, NULL);
    if (real)
        *target = real;
    else if (errno == ENOENT || errno == ENOTDIR)
        *target = strdup(path); /* a new file: opening the temporary tells */
    else
        return sw_error_set(err, SW_ERR_IO, path, 0, "cannot write: %s", strerror(errno));
    if (!*target)
        return sw_error_set(err, SW_ERR_NOMEM, path, 0, "out of memory");
    *exists = stat(*target, st) == 0;
    if (*exists && S_ISDIR(st->st_mode))
        return sw_error_set(err, SW_ERR_IO, path, 0, "cannot write: is a directory");
    return SW_OK;
}

/* A new temporary file next to target: its descriptor, its path in *tmp;
 * -1 with errno set when it cannot be created. */
static int make_temp(const char *target, char **tmp) {
    char *dir = sw_path_dir(target);
    *tmp = dir ? sw_path_join(dir, ".seatwise-XXXXXX") : NULL;
    free(dir);
    if (!*tmp) {
        errno = ENOMEM;
        return -1;
    }
    int fd = mkstemp(*tmp);
    if (fd < 0) {
        int e = errno;
        free(*tmp);
        *tmp = NULL;
        errno = e;
    }
    return fd;
}

sw_status sw_file_check_writable(const char *path, sw_error *err) {
    if (!strcmp(path, "-"))
        return SW_OK;
    char *target = NULL, *tmp;
    struct stat st;
    bool exists = false;
    sw_status rc = resolve_target(path, &target, &st, &exists, err);
    if (rc == SW_OK && exists && !S_ISREG(st.st_mode)) {
        if (access(target, W_OK) != 0) /* a device or a pipe: written in place */
            rc = sw_error_set(err, SW_ERR_IO, path, 0, "cannot write: %s", strerror(errno));
    } else if (rc == SW_OK) {
        int fd = make_temp(target, &tmp);
        if (fd < 0 && errno == ENOMEM) {
            rc = sw_error_set(err, SW_ERR_NOMEM, path, 0, "out of memory");
        } else if (fd < 0) {
            int e = errno;
            char *dir = sw_path_dir(target);
            rc = sw_error_set(err, SW_ERR_IO, path, 0, "cannot create a file in directory %s: %s",
                              dir ? dir : target, strerror(e));
            free(dir);
        } else {
            close(fd);
            unlink(tmp);
            free(tmp);
        }
    }
    free(target);
    return rc;
}

/* Resolve path, create a temporary next to the target and write data to it. */
static sw_status write_temp(const sw_out_file *f, pending *p, sw_error *err) {
    struct stat st;
    bool exists = false;
    sw_status rc = resolve_target(f->path, &p->target, &st, &exists, err);
    if (rc != SW_OK)
        return rc;
    if (exists && !S_ISREG(st.st_mode))
        return SW_OK; /* a device or a pipe (/dev/null): written in place, last */
    char *tmp;
    int fd = make_temp(p->target, &tmp);
    if (fd < 0 && errno == ENOMEM)
        return sw_error_set(err, SW_ERR_NOMEM, f->path, 0, "out of memory");
    if (fd < 0)
        return sw_error_set(err, SW_ERR_IO, f->path, 0, "cannot write: %s", strerror(errno));
    p->tmp = tmp;
    /* mkstemp creates 0600: give the file the mode it had (640 stays 640),
     * or the usual 0666 less the umask for a new one. */
    mode_t mode;
    if (exists) {
        mode = st.st_mode & 07777;
        if (fchown(fd, st.st_uid, st.st_gid) != 0) {
            /* not the owner: the file becomes ours, as with any rewrite */
        }
    } else {
        mode_t mask = umask(0);
        umask(mask);
        mode = 0666 & ~mask;
    }
    int ok = fchmod(fd, mode) == 0;
    int e = ok ? 0 : errno;
    for (size_t done = 0; ok && done < f->len;) {
        ssize_t w = write(fd, f->data + done, f->len - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            ok = 0;
            e = w < 0 ? errno : EIO;
        } else {
            done += (size_t)w;
        }
    }
    if (ok && fsync(fd) != 0 && errno != EINVAL) {
        ok = 0;
        e = errno;
    }
    if (close(fd) != 0 && ok) {
        ok = 0;
        e = errno;
    }
    if (!ok)
        return sw_error_set(err, SW_ERR_IO, f->path, 0, "cannot write: %s", strerror(e));
    return SW_OK;
}

/* A device or pipe (/dev/null, /dev/stdout) cannot be replaced: written in place. */
static sw_status write_device(const sw_out_file *f, sw_error *err) {
    FILE *out = fopen(f->path, "wb");
    if (!out)
        return sw_error_set(err, SW_ERR_IO, f->path, 0, "cannot write: %s", strerror(errno));
    int ok = fwrite(f->data, 1, f->len, out) == f->len;
    ok = (fclose(out) == 0) && ok;
    if (!ok && errno != EPIPE)
        return sw_error_set(err, SW_ERR_IO, f->path, 0, "cannot write: %s", strerror(errno));
    return SW_OK;
}

sw_status sw_files_write_atomic(const sw_out_file *files, int n, sw_error *err) {
    pending *p = calloc((size_t)(n > 0 ? n : 1), sizeof *p);
    if (!p)
        return sw_error_set(err, SW_ERR_NOMEM, n > 0 ? files[0].path : NULL, 0, "out of memory");
    sw_status st = SW_OK;
    for (int i = 0; i < n && !st; i++)
        if (strcmp(files[i].path, "-") != 0)
            st = write_temp(&files[i], &p[i], err);
    /* Everything is on disk: now the renames, which in one directory only
     * fail for reasons (a vanished directory) that fail the first one too. */
    for (int i = 0; i < n && !st; i++) {
        if (!p[i].tmp)
            continue;
        if (rename(p[i].tmp, p[i].target) != 0)
            st =
                sw_error_set(err, SW_ERR_IO, files[i].path, 0, "cannot write: %s", strerror(errno));
        else {
            free(p[i].tmp);
            p[i].tmp = NULL;
            p[i].renamed = true;
        }
    }
    /* Then devices and stdout, which cannot be taken back. */
    for (int i = 0; i < n && !st; i++)
        if (!strcmp(files[i].path, "-"))
            st = write_stdout(files[i].data, files[i].len, err);
        else if (!p[i].renamed)
            st = write_device(&files[i], err);
    for (int i = 0; i < n; i++) {
        if (p[i].tmp)
            unlink(p[i].tmp);
        free(p[i].tmp);
        free(p[i].target);
    }
    free(p);
    return st;
}

sw_status sw_file_write_atomic(const char *path, const char *data, size_t len, sw_error *err) {
    sw_out_file f = {path, data, len};
    return sw_files_write_atomic(&f, 1, err);
}

int sw_next_line(const char **p, const char *end, const char **line, size_t *n) {
    if (*p >= end)
        return 0;
    const char *s = *p, *e = s;
    /* A line ends at LF, CR LF, or a CR alone (old Mac files, and what
     * bbpPairings' generator writes); a CR followed by another CR is kept
     * for the line's reader ("\r\r\n" ends are one line end). */
    while (e < end && *e != '\n' &&
           !(*e == '\r' && (e + 1 == end || (e[1] != '\n' && e[1] != '\r'))))
        e++;
    *p = e < end ? e + 1 : end;
    if (e > s && e < end && *e == '\n' && e[-1] == '\r')
        e--;
    *line = s;
    *n = (size_t)(e - s);
    return 1;
}

char *sw_path_dir(const char *path) {
    const char *slash = strrchr(path, '/');
    if (!slash)
        return strdup(".");
    if (slash == path)
        return strdup("/");
    return strndup(path, (size_t)(slash - path));
}

char *sw_path_join(const char *dir, const char *rel) {
    if (rel[0] == '/' || !dir || !dir[0] || strcmp(dir, ".") == 0)
        return strdup(rel);
    size_t a = strlen(dir), b = strlen(rel);
    char *s = malloc(a + b + 2);
    if (!s)
        return NULL;
    memcpy(s, dir, a);
    s[a] = '/';
    memcpy(s + a + 1, rel, b + 1);
    return s;
}
