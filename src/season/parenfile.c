/* src/season/parenfile.c: the pairs file (picolo's parenfile): one
 * participant a line, "number rests name...", # comments.
 * SPDX-License-Identifier: MIT */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "season/season.h"
#include "season/season_internal.h"
#include "util/fileio.h"
#include "util/strbuf.h"

void sw_participants_free(sw_participant *part, int n) {
    if (!part)
        return;
    for (int i = 0; i < n; i++)
        free(part[i].name);
    free(part);
}

sw_status sw_parenfile_parse(const char *text, size_t len, const char *file, sw_participant **out,
                             int *nout, sw_error *err) {
    sw_participant *part = NULL;
    int n = 0, cap = 0, lineno = 0;
    const char *p = text, *end = text + len, *line;
    size_t ll;
    sw_status st = SW_OK;
    while (st == SW_OK && sw_next_line(&p, end, &line, &ll)) {
        lineno++;
        sw_cursor c;
        sw_cursor_init(&c, line, ll);
        if (sw_cursor_at_end(&c))
            continue;
        long id, rests;
        st = sw_cursor_long(&c, &id, 1, SW_PARTICIPANT_MAX_ID, "participant number", file, lineno,
                            err);
        if (st == SW_OK)
            st =
                sw_cursor_long(&c, &rests, 0, SW_PARTICIPANT_MAX_RESTS, "rests", file, lineno, err);
        if (st != SW_OK)
            break;
        for (int i = 0; i < n; i++)
            if (part[i].id == id) {
                st = sw_error_set(err, SW_ERR_INVALID, file, lineno,
                                  "participant %ld listed twice, expected unique numbers; give "
                                  "each participant its own number",
                                  id);
                break;
            }
        if (st != SW_OK)
            break;
        if (n == SW_SEASON_MAX_PARTICIPANTS) {
            st = sw_error_set(err, SW_ERR_LIMIT, file, lineno,
                              "more than %d participants, at most %d supported; split the "
                              "competition in two",
                              SW_SEASON_MAX_PARTICIPANTS, SW_SEASON_MAX_PARTICIPANTS);
            break;
        }
        if (n == cap) {
            int ncap = cap ? cap * 2 : 32;
            sw_participant *np = realloc(part, (size_t)ncap * sizeof *np);
            if (!np) {
                st = sw_error_set(err, SW_ERR_NOMEM, file, lineno, "out of memory");
                break;
            }
            part = np;
            cap = ncap;
        }
        size_t nl;
        const char *name = sw_cursor_rest(&c, &nl);
        size_t bad = sw_utf8_invalid(name, nl);
        if (bad < nl) {
            st = sw_error_set(err, SW_ERR_PARSE, file, lineno,
                              "participant %ld: name has byte 0x%02X (column %d) that is not "
                              "UTF-8; save the file as UTF-8",
                              id, (unsigned char)name[bad], (int)(name + bad - line) + 1);
            break;
        }
        part[n].id = (int)id;
        part[n].rests = (int)rests;
        part[n].name = strndup(name, nl);
        if (!part[n].name) {
            st = sw_error_set(err, SW_ERR_NOMEM, file, lineno, "out of memory");
            break;
        }
        n++;
    }
    if (st == SW_OK && n == 0)
        st = sw_error_set(err, SW_ERR_PARSE, file, lineno ? lineno : 1,
                          "no participants found, expected lines \"number rests name\"");
    if (st != SW_OK) {
        sw_participants_free(part, n);
        return st;
    }
    *out = part;
    *nout = n;
    return SW_OK;
}

sw_status sw_parenfile_read(const char *path, sw_participant **part, int *n, sw_error *err) {
    char *text;
    size_t len;
    sw_status st = sw_file_read(path, &text, &len, err);
    if (st != SW_OK)
        return st;
    st = sw_parenfile_parse(text, len, path, part, n, err);
    free(text);
    return st;
}
