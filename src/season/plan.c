/* src/season/plan.c: a session's previous plan as the starting point of a
 * re-plan.
 *
 * 'optimize -o' writes seats for every session; only the played ones are a
 * record. The seats of a session not played are a plan the club may have
 * changed since: someone is now absent, a new pair joined, a pin was added,
 * the movement changed. This file turns such a plan into a valid starting
 * seating instead of refusing it (docs/formats.md, "A season, week by
 * week"): what can be kept is kept, the rest is filled in, and the plan
 * itself stays on the session for the report of what changed.
 * SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "season/season.h"

/* The lowest free position of assign (1..P) that participant i may hold,
 * or 0. */
static int free_position(const sw_session *ss, const int *assign, int P, int i) {
    for (int p = 1; p <= P; p++)
        if (!assign[p] && sw_session_may_seat(ss, i, p))
            return p;
    return 0;
}

int sw_season_adopt_plan(sw_season *s, int k) {
    sw_session *ss = &s->sessions[k];
    const int P = s->movements[ss->movement].positions;
    int *a = ss->assign;
    if (ss->played || !ss->plan)
        return 0;
    memset(a, 0, ((size_t)P + 1) * sizeof *a);
    if (ss->nplan != P)
        return 0; /* a plan for another movement says nothing about this one */
    char *seated = calloc((size_t)s->n + 1, 1);
    if (!seated)
        return -2;
    /* who keeps their planned position: still there, present, allowed */
    for (int p = 1; p <= P; p++) {
        int i = ss->plan[p - 1] ? sw_season_find(s, ss->plan[p - 1]) : -1;
        if (i < 0 || !ss->present[i] || seated[i] || !sw_session_may_seat(ss, i, p))
            continue;
        a[p] = i + 1;
        seated[i] = 1;
    }
    /* A position pin owns its position: whoever holds it moves on. */
    for (int i = 0; ss->fixed && i < s->n; i++) {
        int p = ss->fixed[i];
        if (!ss->present[i] || seated[i] || !p)
            continue;
        if (a[p])
            seated[a[p] - 1] = 0;
        a[p] = i + 1;
        seated[i] = 1;
    }
    /* The rest in pairs-file order, section-pinned first (they have fewer
     * places to go), each on the lowest free position allowed. */
    bool ok = true;
    for (int pass = 0; pass < 2 && ok; pass++)
        for (int i = 0; i < s->n && ok; i++) {
            bool pinned = ss->fixed && ss->allowed[i];
            if (!ss->present[i] || seated[i] || pinned != (pass == 0))
                continue;
            int p = free_position(ss, a, P, i);
            ok = p > 0;
            a[p] = ok ? i + 1 : a[p];
            seated[i] = 1;
        }
    free(seated);
    /* greedy filling can miss a seating that a matching finds: then start
     * afresh (sw_season_fill_identity), which meets the pins when anything
     * can */
    if (!ok)
        memset(a, 0, ((size_t)P + 1) * sizeof *a);
    return 0;
}
