/* src/report/changes.c: what a re-plan changed.
 *
 * A session not played that was read with seats carries that previous plan
 * (sw_session.plan, ids as written). After a re-plan the report compares
 * the plan with the session's seats now: who left it (absent now, or gone
 * from the pairs file), who joined it, who holds another position, and
 * which meetings are new or gone. Meetings are counted as the matrices
 * count them: at a table every seat of which is taken, every two meet.
 * SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "report/report.h"

typedef struct plan_diff {
    int moved, joined, left; /* participants */
    int64_t added, dropped;  /* meetings */
    int64_t total;           /* meetings of the session now */
    bool other_movement;     /* the plan has another number of positions */
} plan_diff;

/* Add +sign for every meeting of session k under occ (participant index
 * at each position, -1 empty) to cnt[n*n] (upper triangle). */
static void count_meetings(const sw_season *s, int k, const int *occ, int sign, int *cnt) {
    const sw_movement *m = &s->movements[s->sessions[k].movement];
    for (int r = 0; r < m->rounds; r++)
        for (int t = 0; t < m->tables; t++) {
            const sw_table *tb = sw_movement_at(m, r, t);
            int seats = sw_table_seats(m, tb), who[SW_MAX_SEATS], full = seats > 0;
            for (int d = 0; d < seats && full; d++) {
                who[d] = tb->seat[d] > 0 ? occ[tb->seat[d]] : -1;
                full = who[d] >= 0;
            }
            for (int d = 0; d < seats && full; d++)
                for (int e = d + 1; e < seats; e++) {
                    int i = who[d] < who[e] ? who[d] : who[e], j = who[d] ^ who[e] ^ i;
                    cnt[(size_t)i * (size_t)s->n + (size_t)j] += sign;
                }
        }
}

/* Compare session k's plan with its seats now; moved[i] is set for every
 * participant who holds another position. Returns -1 when out of memory. */
static int diff_session(const sw_season *s, int k, plan_diff *d, char *moved) {
    const sw_session *ss = &s->sessions[k];
    const int P = s->movements[ss->movement].positions, n = s->n;
    memset(d, 0, sizeof *d);
    memset(moved, 0, (size_t)n);
    int *was = malloc(((size_t)n + 1) * sizeof *was); /* planned position, 0 = none */
    int *occ = malloc(((size_t)P + 1) * sizeof *occ), *now = malloc(((size_t)P + 1) * sizeof *now);
    int *cnt = calloc((size_t)n * (size_t)n + 1, sizeof *cnt);
    if (!was || !occ || !now || !cnt) {
        free(was), free(occ), free(now), free(cnt);
        return -1;
    }
    for (int i = 0; i < n; i++)
        was[i] = 0;
    for (int p = 1; p <= ss->nplan; p++) {
        int i = ss->plan[p - 1] ? sw_season_find(s, ss->plan[p - 1]) : -1;
        d->left += ss->plan[p - 1] && i < 0; /* gone from the pairs file */
        if (i >= 0 && !was[i])
            was[i] = p;
        if (p <= P)
            occ[p] = i;
    }
    d->other_movement = ss->nplan != P;
    for (int p = 1; p <= P; p++) {
        int i = ss->assign[p] - 1;
        now[p] = i;
        if (i < 0)
            continue;
        if (!was[i])
            d->joined++;
        else if (was[i] != p)
            moved[i] = 1;
        d->moved += was[i] && was[i] != p;
    }
    for (int i = 0; i < n; i++)
        d->left += was[i] && !ss->present[i];
    if (!d->other_movement) {
        count_meetings(s, k, occ, -1, cnt);
        count_meetings(s, k, now, +1, cnt);
        for (size_t x = 0; x < (size_t)n * (size_t)n; x++) {
            d->added += cnt[x] > 0 ? cnt[x] : 0;
            d->dropped += cnt[x] < 0 ? -cnt[x] : 0;
        }
    }
    memset(cnt, 0, (size_t)n * (size_t)n * sizeof *cnt);
    count_meetings(s, k, now, +1, cnt);
    for (size_t x = 0; x < (size_t)n * (size_t)n; x++)
        d->total += cnt[x];
    free(was), free(occ), free(now), free(cnt);
    return 0;
}

static bool has_plan(const sw_session *ss) {
    return !ss->played && ss->plan;
}

void sw_report_changes_text(const sw_report *r, sw_strbuf *o) {
    const sw_season *s = r->season;
    bool any = false;
    for (int k = 0; k < s->nsessions; k++)
        any = any || has_plan(&s->sessions[k]);
    char *moved = any ? malloc((size_t)s->n + 1) : NULL;
    if (!moved)
        return;
    /* a plan read back unchanged (analyze of optimize's output) says nothing */
    bool changed = false;
    for (int k = 0; k < s->nsessions && !changed; k++) {
        plan_diff d;
        changed = has_plan(&s->sessions[k]) && diff_session(s, k, &d, moved) == 0 &&
                  (d.other_movement || d.moved || d.joined || d.left);
    }
    if (!changed) {
        free(moved);
        return;
    }
    bool head = false;
    for (int k = 0; k < s->nsessions; k++) {
        const sw_session *ss = &s->sessions[k];
        plan_diff d;
        if (!has_plan(ss) || diff_session(s, k, &d, moved) != 0)
            continue;
        if (!head)
            sw_strbuf_puts(o, "\nchanges against the previous plan (the seats read for the "
                              "sessions not played)\n");
        head = true;
        sw_strbuf_printf(o, "  session %d: ", k + 1);
        if (d.other_movement) {
            sw_strbuf_printf(o,
                             "the plan had %d seats, the movement now has %d positions: "
                             "seated afresh\n",
                             ss->nplan, s->movements[ss->movement].positions);
            continue;
        }
        if (!d.moved && !d.joined && !d.left) {
            sw_strbuf_puts(o, "unchanged\n");
            continue;
        }
        sw_strbuf_printf(o,
                         "%d moved, %d joined, %d left; %lld of %lld meetings new (%lld "
                         "gone)\n",
                         d.moved, d.joined, d.left, (long long)d.added, (long long)d.total,
                         (long long)d.dropped);
        if (d.moved) {
            sw_strbuf_puts(o, "    moved:");
            for (int i = 0; i < s->n; i++)
                if (moved[i])
                    sw_strbuf_printf(o, " %d", s->part[i].id);
            sw_strbuf_puts(o, "\n");
        }
        if (d.joined) {
            sw_strbuf_puts(o, "    joined:");
            for (int p = 1; p <= s->movements[ss->movement].positions; p++) {
                int i = ss->assign[p] - 1, planned = 0;
                for (int q = 0; i >= 0 && q < ss->nplan && !planned; q++)
                    planned = ss->plan[q] == s->part[i].id;
                if (i >= 0 && !planned)
                    sw_strbuf_printf(o, " %d", s->part[i].id);
            }
            sw_strbuf_puts(o, "\n");
        }
        if (d.left) {
            sw_strbuf_puts(o, "    left:");
            for (int q = 0; q < ss->nplan; q++) {
                int i = ss->plan[q] ? sw_season_find(s, ss->plan[q]) : -1;
                if (ss->plan[q] && (i < 0 || !ss->present[i]))
                    sw_strbuf_printf(o, " %d%s", ss->plan[q],
                                     i < 0 ? " (not in the pairs file)" : "");
            }
            sw_strbuf_puts(o, "\n");
        }
    }
    free(moved);
}

void sw_report_changes_json(const sw_report *r, sw_strbuf *o) {
    const sw_season *s = r->season;
    char *moved = malloc((size_t)s->n + 1);
    sw_strbuf_puts(o, "\"replan\": [");
    bool first = true;
    for (int k = 0; moved && k < s->nsessions; k++) {
        const sw_session *ss = &s->sessions[k];
        plan_diff d;
        if (!has_plan(ss) || diff_session(s, k, &d, moved) != 0)
            continue;
        sw_strbuf_printf(o,
                         "%s\n  {\"session\": %d, \"plan_seats\": %d, \"other_movement\": %s, "
                         "\"moved\": [",
                         first ? "" : ",", k + 1, ss->nplan, d.other_movement ? "true" : "false");
        first = false;
        bool f = true;
        for (int i = 0; i < s->n; i++)
            if (moved[i]) {
                sw_strbuf_printf(o, "%s%d", f ? "" : ",", s->part[i].id);
                f = false;
            }
        sw_strbuf_printf(o, "], \"joined\": %d, \"left\": %d, \"meetings\": %lld, ", d.joined,
                         d.left, (long long)d.total);
        if (d.other_movement)
            sw_strbuf_puts(o, "\"new_meetings\": null, \"gone_meetings\": null}");
        else
            sw_strbuf_printf(o, "\"new_meetings\": %lld, \"gone_meetings\": %lld}",
                             (long long)d.added, (long long)d.dropped);
    }
    sw_strbuf_puts(o, "],\n");
    free(moved);
}
