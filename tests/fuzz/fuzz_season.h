/* tests/fuzz/fuzz_season.h: season equality for the season harnesses (the
 * library compares movements, not seasons).
 * SPDX-License-Identifier: MIT */
#ifndef SW_FUZZ_SEASON_H
#define SW_FUZZ_SEASON_H

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "season/season.h"

static inline bool sw_fuzz_same_text(const char *a, const char *b) {
    return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

/* NULL when a and b have the same participants, movements (and their file
 * names), sessions, presence, played flags and assignments; else what
 * differs first. */
static inline const char *sw_fuzz_season_diff(const sw_season *a, const sw_season *b) {
    if (a->n != b->n)
        return "number of participants";
    if (a->nmovements != b->nmovements)
        return "number of movements";
    if (a->nsessions != b->nsessions)
        return "number of sessions";
    if (!sw_fuzz_same_text(a->pairs_file, b->pairs_file))
        return "pairs file";
    for (int i = 0; i < a->n; i++)
        if (a->part[i].id != b->part[i].id || a->part[i].rests != b->part[i].rests ||
            !sw_fuzz_same_text(a->part[i].name, b->part[i].name))
            return "a participant";
    for (int k = 0; k < a->nmovements; k++) {
        if (!sw_movement_equal(&a->movements[k], &b->movements[k]))
            return "a movement";
        if (!sw_fuzz_same_text(a->movement_files[k], b->movement_files[k]))
            return "a movement's file name";
    }
    for (int k = 0; k < a->nsessions; k++) {
        const sw_session *x = &a->sessions[k], *y = &b->sessions[k];
        if (x->movement != y->movement)
            return "a session's movement";
        if (x->played != y->played)
            return "a session's played flag";
        for (int i = 0; i < a->n; i++)
            if (x->present[i] != y->present[i])
                return "a session's presence";
        for (int p = 1; p <= a->movements[x->movement].positions; p++)
            if (x->assign[p] != y->assign[p])
                return "a session's assignment";
    }
    return NULL;
}

/* Abort with what differs between the season read and the one read back. */
static inline void sw_fuzz_same_season(const sw_season *a, const sw_season *b,
                                       const sw_strbuf *written) {
    const char *diff = sw_fuzz_season_diff(a, b);
    if (diff) {
        char what[128];
        snprintf(what, sizeof what, "the season read back differs in %s", diff);
        sw_fuzz_fail(what, NULL, written);
    }
}

#endif
