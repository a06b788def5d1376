/* tests/support.c: running the seatwise program and shell commands for
 * the test programs, temporary directories, whole files and library
 * statuses (support.h).
 * SPDX-License-Identifier: MIT */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "support.h"

/* All that f gives, as a string (the caller frees). */
static char *read_all(FILE *f) {
    size_t cap = 1 << 16, n = 0, got;
    char *buf = malloc(cap);
    assert_non_null(buf);
    while ((got = fread(buf + n, 1, cap - n - 1, f)) > 0) {
        n += got;
        if (n + 1 >= cap) {
            buf = realloc(buf, cap *= 2);
            assert_non_null(buf);
        }
    }
    buf[n] = '\0';
    return buf;
}

/* The text of a format and its arguments (the caller frees). */
static char *format_va(const char *fmt, va_list ap) {
    va_list again;
    va_copy(again, ap);
    int len = vsnprintf(NULL, 0, fmt, ap);
    assert_true(len >= 0);
    char *text = malloc((size_t)len + 1);
    assert_non_null(text);
    vsnprintf(text, (size_t)len + 1, fmt, again);
    va_end(again);
    return text;
}

int cli_run(const char *args, char **out) {
    size_t size = strlen(SW_BINARY) + strlen(args) + 16;
    char *cmd = malloc(size);
    assert_non_null(cmd);
    snprintf(cmd, size, "'%s' %s 2>&1", SW_BINARY, args);
    FILE *p = popen(cmd, "r");
    free(cmd);
    assert_non_null(p);
    char *buf = read_all(p);
    int st = pclose(p);
    *out = buf;
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* cli_run; the exit code must be code and the output must hold needle
 * (present) or not (!present); a NULL needle: any output. */
static void expect_output(const char *args, int code, const char *needle, bool present) {
    char *out;
    int rc = cli_run(args, &out);
    if (rc != code || (needle && !strstr(out, needle) == present))
        fail_msg("seatwise %s: exit %d (want %d), output:\n%s\n(want %s'%s')", args, rc, code, out,
                 present ? "" : "no ", needle ? needle : "");
    free(out);
}

void cli_expect(const char *args, int code, const char *needle) {
    expect_output(args, code, needle, true);
}

void cli_expectf(int code, const char *needle, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    char *args = format_va(fmt, ap);
    va_end(ap);
    expect_output(args, code, needle, true);
    free(args);
}

void cli_expect_none(const char *args, int code, const char *needle) {
    expect_output(args, code, needle, false);
}

void cli_require(void) {
    if (access(SW_BINARY, X_OK) != 0)
        fail_msg("seatwise program missing: %s", SW_BINARY);
}

/* Runs the command of a format and its arguments; returns its exit code,
 * -1 when it did not end by itself. must: fail the test unless it is 0. */
static int run_command(bool must, const char *fmt, va_list ap) {
    char *cmd = format_va(fmt, ap);
    int st = system(cmd), rc = st != -1 && WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    if (must && rc != 0)
        fail_msg("exit %d: %s", rc, cmd);
    free(cmd);
    return rc;
}

void shell(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    run_command(true, fmt, ap);
    va_end(ap);
}

int shell_status(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int rc = run_command(false, fmt, ap);
    va_end(ap);
    return rc;
}

char *tmpdir_make(const char *what) {
    char t[256];
    snprintf(t, sizeof t, "/tmp/sw_%s_XXXXXX", what);
    assert_non_null(mkdtemp(t));
    char *dir = strdup(t);
    assert_non_null(dir);
    return dir;
}

void tmpdir_remove(char *dir) {
    shell("rm -rf '%s'", dir);
    free(dir);
}

char *file_text(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = read_all(f);
    fclose(f);
    return buf;
}

void file_write(const char *path, const char *text) {
    FILE *f = fopen(path, "w");
    if (!f)
        fail_msg("cannot write %s", path);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
}

/* dir/name (the caller frees). */
static char *path_in(const char *dir, const char *name) {
    size_t size = strlen(dir) + strlen(name) + 2;
    char *path = malloc(size);
    assert_non_null(path);
    snprintf(path, size, "%s/%s", dir, name);
    return path;
}

char *dir_file_text(const char *dir, const char *name) {
    char *path = path_in(dir, name), *text = file_text(path);
    free(path);
    return text;
}

void dir_file_write(const char *dir, const char *name, const char *text) {
    char *path = path_in(dir, name);
    file_write(path, text);
    free(path);
}

void dir_file_has(const char *dir, const char *name, const char *needle) {
    char *text = dir_file_text(dir, name);
    if (!text || !strstr(text, needle))
        fail_msg("%s/%s lacks '%s':\n%s", dir, name, needle, text ? text : "(no such file)");
    free(text);
}

void must(sw_status st, const sw_error *err) {
    if (st)
        fail_msg("unexpected error: %s:%d: %s", err->file, err->line, err->msg);
}
