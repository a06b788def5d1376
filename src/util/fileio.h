/* src/util/fileio.h: whole-file reading with input checks, and atomic writes.
 * SPDX-License-Identifier: MIT */
#ifndef SW_FILEIO_H
#define SW_FILEIO_H

#include <stdbool.h>
#include <stddef.h>

#include "util/error.h"

/* Largest input file read (64 MiB): larger is refused as SW_ERR_LIMIT. */
#define SW_MAX_INPUT_BYTES (64u * 1024u * 1024u)

/* Read the whole file at path into a NUL-terminated buffer the caller frees.
 * Refuses a missing or unreadable file (SW_ERR_IO), a file holding a NUL byte
 * (SW_ERR_PARSE: "binary file") and one over SW_MAX_INPUT_BYTES. An empty file
 * is returned as "" with *len 0: the parser decides whether that is an error.
 * A UTF-8 byte-order mark (EF BB BF) at the start is dropped: every reader
 * sees the text after it. */
SW_NODISCARD sw_status sw_file_read(const char *path, char **data, size_t *len, sw_error *err);

/* sw_file_read with the size limit given (bytes): for tests of the limit. */
SW_NODISCARD sw_status sw_file_read_limited(const char *path, size_t limit, char **data,
                                            size_t *len, sw_error *err);

/* One file of a set written together. */
typedef struct sw_out_file {
    const char *path;
    const char *data;
    size_t len;
} sw_out_file;

/* Write n files together: every file goes to a temporary file next to its
 * target, and only when all of them are written and synced are they renamed
 * over their targets; a failure before that removes the temporaries and
 * leaves every existing file untouched. A path that is a symbolic link is
 * written through to the link's target (the link stays), and an existing
 * target keeps its permission bits. path "-" writes stdout (after the files);
 * a reader that closed the pipe (EPIPE) is not an error. */
SW_NODISCARD sw_status sw_files_write_atomic(const sw_out_file *files, int n, sw_error *err);

/* One file: sw_files_write_atomic of one. */
SW_NODISCARD sw_status sw_file_write_atomic(const char *path, const char *data, size_t len,
                                            sw_error *err);

/* Check, before any work, that sw_files_write_atomic could write path: it
 * is not a directory and a temporary file can be created next to its
 * target (one is created and removed at once), or it is an existing device
 * or pipe open for writing. "-" (stdout) passes. Nothing else changes. */
SW_NODISCARD sw_status sw_file_check_writable(const char *path, sw_error *err);

/* True when a and b name the same existing file (device and inode, so links
 * and different spellings of one path count as the same). */
bool sw_file_same(const char *a, const char *b);

/* Next line of text in [*p, end): sets *line and *n (without the line end:
 * LF, CR LF or a CR alone) and advances *p. Returns 0 at the end of the text. */
int sw_next_line(const char **p, const char *end, const char **line, size_t *n);

/* Directory part of path ("." when none), allocated; NULL when out of memory. */
char *sw_path_dir(const char *path);

/* rel joined to dir unless rel is absolute, allocated; NULL when out of memory. */
char *sw_path_join(const char *dir, const char *rel);

#endif
