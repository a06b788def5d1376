/* tests/support.h: what the test programs share to run the seatwise program
 * end to end: run it with arguments and capture its output and exit code,
 * expect an exit code and a text in the output, run shell commands, make and
 * remove a temporary directory, read and write a whole file, require a
 * library call to succeed. A failed check fails the running cmocka test
 * (include <cmocka.h> first).
 * SPDX-License-Identifier: MIT */
#ifndef SW_TESTS_SUPPORT_H
#define SW_TESTS_SUPPORT_H

#include "util/error.h"

/* Runs the seatwise program (SW_BINARY) with args, a shell fragment (quote
 * as the shell reads it); *out is standard output and standard error
 * together (the caller frees). Returns the exit code, -1 for a signal. */
int cli_run(const char *args, char **out);

/* cli_run, and the exit code is code and the output holds needle (NULL:
 * any output); fails the test with the output otherwise. */
void cli_expect(const char *args, int code, const char *needle);

/* cli_expect with the arguments made by a format. */
void cli_expectf(int code, const char *needle, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* cli_run, and the exit code is code and the output does not hold needle. */
void cli_expect_none(const char *args, int code, const char *needle);

/* Fails the test when the program has not been built. */
void cli_require(void);

/* Runs the shell command made by the format; fails the test unless it
 * exits 0. */
void shell(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Runs the shell command made by the format; returns its exit code, -1
 * when it did not end by itself. */
int shell_status(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* A new directory /tmp/sw_<what>_XXXXXX (the caller removes it). */
char *tmpdir_make(const char *what);

/* Removes dir and all it holds, and frees the name. */
void tmpdir_remove(char *dir);

/* The whole file as a string (the caller frees), NULL if it cannot be read. */
char *file_text(const char *path);

/* Writes text as the whole file at path; fails the test when it cannot. */
void file_write(const char *path, const char *text);

/* file_text and file_write of dir/name. */
char *dir_file_text(const char *dir, const char *name);
void dir_file_write(const char *dir, const char *name, const char *text);

/* The file dir/name holds needle; fails the test otherwise. */
void dir_file_has(const char *dir, const char *name, const char *needle);

/* Fails the test with err's file, line and message unless st is SW_OK. */
void must(sw_status st, const sw_error *err);

#endif
