/* src/cli/warnings.c: the tournament director's warnings of 'analyze',
 * 'optimize' and 'movement' (warnings.h): board copies and movements
 * larger than the field, on standard error.
 * SPDX-License-Identifier: MIT */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/warnings.h"
#include "util/fileio.h"
#include "util/strbuf.h"

static void print_line(const char *cmd, sw_strbuf *sb) {
    if (!sb->failed)
        fprintf(stderr, "seatwise %s: warning: %s\n", cmd, sw_strbuf_cstr(sb));
}

/* "session 3" or "sessions 1-4, 7" for the sessions k with on[k]. */
static void session_list(const bool *on, int n, sw_strbuf *out) {
    int count = 0;
    for (int k = 0; k < n; k++)
        count += on[k];
    sw_strbuf_printf(out, "session%s ", count > 1 ? "s" : "");
    bool first = true;
    for (int k = 0; k < n; k++) {
        if (!on[k])
            continue;
        int j = k;
        while (j + 1 < n && on[j + 1])
            j++;
        sw_strbuf_printf(out, "%s%d", first ? "" : ", ", k + 1);
        if (j > k)
            sw_strbuf_printf(out, "%s%d", j == k + 1 ? ", " : "-", j + 1);
        first = false;
        k = j;
    }
}

static void copies_line(const char *cmd, const sw_movement *m, const char *label,
                        const bool *sessions, int nsessions) {
    int extra = sw_movement_copies(m, NULL);
    if (extra <= 0)
        return;
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    sw_strbuf_printf(&sb, "movement %s", label);
    if (sessions) {
        sw_strbuf_printf(&sb, " (");
        session_list(sessions, nsessions, &sb);
        sw_strbuf_printf(&sb, ")");
    }
    sw_strbuf_printf(&sb,
                     " plays a board group at more than one table in a round: %d more board "
                     "set%s (copies) needed, or those tables share the boards (a relay): ",
                     extra, extra == 1 ? "" : "s");
    sw_movement_copies_text(m, &sb);
    print_line(cmd, &sb);
    sw_strbuf_free(&sb);
}

void sw_cli_warn_copies(const char *cmd, const sw_movement *m, const char *label) {
    copies_line(cmd, m, label, NULL, 0);
}

/* A library file for `pairs` pairs beside path: path's name with its
 * leading pair count ("16p7rTeamS.txt") replaced, for pairs .. pairs+seats
 * below the movement's positions; allocated, NULL when none exists. */
static char *library_sibling(const char *path, int present, const sw_movement *m) {
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path, *rest = base;
    while (isdigit((unsigned char)*rest))
        rest++;
    if (rest == base || *rest != 'p')
        return NULL;
    char *dir = sw_path_dir(path);
    for (int p = present; dir && p <= present + m->seats && p < m->positions; p++) {
        char name[512];
        snprintf(name, sizeof name, "%d%s", p, rest);
        char *cand = sw_path_join(dir, name);
        if (cand && access(cand, R_OK) == 0) {
            free(dir);
            return cand;
        }
        free(cand);
    }
    free(dir);
    return NULL;
}

static void oversized_line(const char *cmd, const sw_season *s, int mi, int present,
                           const bool *sessions, const char *season_path) {
    const sw_movement *m = &s->movements[mi];
    const char *file = s->movement_files ? s->movement_files[mi] : NULL;
    const char *label = file ? file : m->name ? m->name : "?";
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    session_list(sessions, s->nsessions, &sb);
    sw_strbuf_printf(&sb,
                     ": %d present, movement %s has %d positions: %d stay empty, more than a "
                     "table seats",
                     present, label, m->positions, m->positions - present);
    sw_strbuf alt;
    sw_strbuf_init(&alt);
    sw_movement_smaller(m, present, &alt);
    bool sections = false;
    for (int k = 0; k < s->nsessions; k++)
        sections |= sessions[k] && s->sessions[k].nsections > 0;
    if (sections) {
        sw_strbuf_printf(&sb, "; smaller sections' movements would fit");
    } else if (alt.len > 0) {
        sw_strbuf_printf(&sb, "; a smaller movement fits: %s", sw_strbuf_cstr(&alt));
        char *dir = season_path ? sw_path_dir(season_path) : NULL;
        char *path = file ? (dir ? sw_path_join(dir, file) : strdup(file)) : NULL;
        char *lib = path ? library_sibling(path, present, m) : NULL;
        if (lib)
            sw_strbuf_printf(&sb, ", or %s", lib);
        free(lib);
        free(path);
        free(dir);
    }
    sw_strbuf_free(&alt);
    print_line(cmd, &sb);
    sw_strbuf_free(&sb);
}

/* Whether session ss plays movement mi's boards: its movement, or with
 * sections one section's. */
static bool plays_boards_of(const sw_session *ss, int mi) {
    if (ss->nsections == 0)
        return ss->movement == mi;
    for (int j = 0; j < ss->nsections; j++)
        if (ss->sections[j].movement == mi)
            return true;
    return false;
}

void sw_cli_warn_season(const char *cmd, const sw_season *s, const char *season_path) {
    int ns = s->nsessions;
    bool *on = calloc((size_t)(ns > 0 ? ns : 1), sizeof *on);
    int *present = calloc((size_t)(ns > 0 ? ns : 1), sizeof *present);
    if (!on || !present) {
        free(on);
        free(present);
        return;
    }
    for (int k = 0; k < ns; k++)
        for (int i = 0; i < s->n; i++)
            present[k] += s->sessions[k].present[i];
    for (int mi = 0; mi < s->nmovements; mi++) {
        /* copies: every session to play with this movement (a section's own
         * movement, where its groups have their names, not the union) */
        bool any = false;
        for (int k = 0; k < ns; k++)
            any |= on[k] = !s->sessions[k].played && plays_boards_of(&s->sessions[k], mi);
        const char *file = s->movement_files ? s->movement_files[mi] : NULL;
        const char *label = file ? file : s->movements[mi].name ? s->movements[mi].name : "?";
        if (any)
            copies_line(cmd, &s->movements[mi], label, on, ns);
        /* oversized: the sessions to play with this movement and field */
        for (int k = 0; k < ns; k++) {
            const sw_session *ss = &s->sessions[k];
            if (ss->played || ss->movement != mi ||
                !sw_movement_oversized(&s->movements[mi], present[k]))
                continue;
            bool done = false;
            for (int j = 0; j < k && !done; j++)
                done = !s->sessions[j].played && s->sessions[j].movement == mi &&
                       present[j] == present[k];
            if (done)
                continue; /* reported with session j */
            for (int j = 0; j < ns; j++)
                on[j] = !s->sessions[j].played && s->sessions[j].movement == mi &&
                        present[j] == present[k];
            oversized_line(cmd, s, mi, present[k], on, season_path);
        }
    }
    free(on);
    free(present);
}
