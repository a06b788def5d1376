/* src/util/fileio.h: whole-file reading with input checks, and atomic writes.
 * SPDX-License-Identifier: MIT */
#ifndef SW_FILEIO_H
#define SW_FILEIO_H

#include <stddef.h>

#include "util/error.h"

/* Largest input file read (64 MiB): larger is refused as SW_ERR_LIMIT. */
#define SW_MAX_INPUT_BYTES (64u * 1024u * 1024u)

/* Read the whole file at path into a NUL-terminated buffer the caller frees.
 * Refuses a missing or unreadable file (SW_ERR_IO), a file holding a NUL byte
 * (SW_ERR_PARSE: "binary file") and one over SW_MAX_INPUT_BYTES. An empty file
 * is returned as "" with *len 0: the parser decides whether that is an error. */
SW_NODISCARD sw_status sw_file_read(const char *path, char **data, size_t *len, sw_error *err);

/* Write len bytes to path through a temporary file in the same directory,
 * renamed over path only when everything was written: a failure leaves any
 * existing file untouched and no partial file behind. path "-" writes stdout. */
SW_NODISCARD sw_status sw_file_write_atomic(const char *path, const char *data, size_t len,
                                            sw_error *err);

/* Next line of text in [*p, end): sets *line and *n (without the newline or a
 * trailing CR) and advances *p. Returns 0 at the end of the text. */
int sw_next_line(const char **p, const char *end, const char **line, size_t *n);

/* Directory part of path ("." when none) into buf. */
void sw_path_dir(const char *path, char *buf, size_t size);

/* Join dir and rel into buf unless rel is absolute. Returns 0 if it fits. */
int sw_path_join(const char *dir, const char *rel, char *buf, size_t size);

#endif
