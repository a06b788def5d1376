/* src/movement/fit.c: what a tournament director should know before playing
 * a movement: the board sets it needs beyond one per group (a group played
 * at several tables in one round needs a copy for each table but one), and
 * whether it is larger than the field present (more empty positions than a
 * table seats), with the generated movement that would fit instead.
 * SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "movement/movement.h"

/* Tables playing group g in round r, for every round and group. */
static int *group_counts(const sw_movement *m) {
    int G = m->groups;
    int *count = calloc((size_t)m->rounds * (size_t)(G + 1), sizeof *count);
    if (!count)
        return NULL;
    for (int r = 0; r < m->rounds; r++)
        for (int t = 0; t < m->tables; t++) {
            const sw_table *tb = sw_movement_at(m, r, t);
            if (tb->seat[0] > 0 && tb->group > 0 && tb->group <= G)
                count[(size_t)r * (size_t)(G + 1) + (size_t)tb->group]++;
        }
    return count;
}

int sw_movement_copies(const sw_movement *m, int *extra) {
    int G = m->groups, total = 0;
    if (extra)
        for (int g = 0; g <= G; g++)
            extra[g] = 0;
    if (G <= 0)
        return 0;
    int *count = group_counts(m);
    if (!count)
        return -1;
    for (int g = 1; g <= G; g++) {
        int most = 1;
        for (int r = 0; r < m->rounds; r++)
            if (count[(size_t)r * (size_t)(G + 1) + (size_t)g] > most)
                most = count[(size_t)r * (size_t)(G + 1) + (size_t)g];
        if (extra)
            extra[g] = most - 1;
        total += most - 1;
    }
    free(count);
    return total;
}

/* "1", "1, 4" or "1-3, 7" for the 1-based numbers i where on[i - 1]. */
static void number_list(const bool *on, int n, sw_strbuf *out) {
    bool first = true;
    for (int i = 0; i < n; i++) {
        if (!on[i])
            continue;
        int j = i;
        while (j + 1 < n && on[j + 1])
            j++;
        sw_strbuf_printf(out, "%s%d", first ? "" : ", ", i + 1);
        if (j > i)
            sw_strbuf_printf(out, "%s%d", j == i + 1 ? ", " : "-", j + 1);
        first = false;
        i = j;
    }
}

void sw_movement_copies_text(const sw_movement *m, sw_strbuf *out) {
    int G = m->groups;
    int *count = G > 0 ? group_counts(m) : NULL;
    bool *in = malloc((size_t)(m->rounds > 0 ? m->rounds : 1) * sizeof *in);
    if (!count || !in) {
        free(count);
        free(in);
        if (G > 0)
            out->failed = true;
        return;
    }
    bool first = true;
    for (int g = 1; g <= G; g++) {
        int most = 1, rounds = 0;
        for (int r = 0; r < m->rounds; r++) {
            int c = count[(size_t)r * (size_t)(G + 1) + (size_t)g];
            in[r] = c > 1;
            rounds += c > 1;
            most = c > most ? c : most;
        }
        if (most < 2)
            continue;
        char name[16];
        sw_movement_group_name(m, g, name, sizeof name);
        sw_strbuf_printf(out, "%s%s at %d tables in round%s ", first ? "" : "; ", name, most,
                         rounds > 1 ? "s" : "");
        number_list(in, m->rounds, out);
        first = false;
    }
    free(count);
    free(in);
}

bool sw_movement_oversized(const sw_movement *m, int present) {
    return m->positions - present > m->seats;
}

/* Whether position p sits at one table in one direction whenever it plays
 * (a Mitchell's NS pair; a Howell often has one such pair too). */
static bool stationary(const sw_movement *m, int p) {
    int table = -1, seat = -1;
    for (int r = 0; r < m->rounds; r++)
        for (int t = 0; t < m->tables; t++)
            for (int s = 0; s < m->seats; s++)
                if (sw_movement_at(m, r, t)->seat[s] == p) {
                    if (table >= 0 && (t != table || s != seat))
                        return false;
                    table = t;
                    seat = s;
                }
    return table >= 0;
}

/* A Mitchell keeps about half its positions at their tables. */
static bool mitchell_like(const sw_movement *m) {
    int still = 0;
    for (int p = 1; p <= m->positions; p++)
        still += stationary(m, p);
    return still >= 2 && 2 * still >= m->positions - 1;
}

void sw_movement_smaller(const sw_movement *m, int present, sw_strbuf *out) {
    if (m->seats != 2 || present < 2)
        return;
    int tables = (present + 1) / 2;
    int howell = present % 2 ? present : present - 1;
    int mitchell = tables % 2 ? tables : tables - 1;
    int want = m->rounds < howell ? m->rounds : howell;
    /* a Mitchell for a Mitchell, unless it plays fewer than half the rounds */
    bool is_mitchell = mitchell_like(m) && 2 * mitchell >= want;
    int full = is_mitchell ? mitchell : howell;
    int rounds = m->rounds < full ? m->rounds : full;
    sw_strbuf_printf(out, "seatwise movement %s --pairs %d", is_mitchell ? "mitchell" : "howell",
                     present);
    if (rounds < full)
        sw_strbuf_printf(out, " --rounds %d", rounds);
    else if (rounds < m->rounds)
        sw_strbuf_printf(out, " (%d round%s, not %d)", rounds, rounds == 1 ? "" : "s", m->rounds);
}
