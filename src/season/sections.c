/* src/season/sections.c: sections of a session and pins of participants.
 *
 * A session with sections plays one movement: the disjoint union of its
 * sections' movements, section A's positions, tables and board groups first,
 * then B's, renumbered so no two sections share any. Meetings and
 * comparisons then never cross sections without the matrices or the search
 * knowing about sections at all. Both kinds of pin (to a set of sections, to
 * one position) become one restriction per participant and session: the
 * positions it may hold (sw_session_may_seat), which the search checks
 * before every move and which sw_season_seat_session meets when it seats a
 * session from scratch.
 * SPDX-License-Identifier: MIT */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "season/season.h"
#include "season/season_internal.h"

/* ---- the union movement ---- */

static bool same_sections(const sw_session *ss, const sw_section *sec, int nsec) {
    if (ss->nsections != nsec)
        return false;
    for (int j = 0; j < nsec; j++)
        if (ss->sections[j].movement != sec[j].movement ||
            strcmp(ss->sections[j].name, sec[j].name) != 0)
            return false;
    return true;
}

/* The sections' movements side by side; sec's offsets are filled in. */
static sw_status build_union(const sw_season *s, sw_section *sec, int nsec, const char *file,
                             int line, sw_movement *u, sw_error *err) {
    const sw_movement *m0 = &s->movements[sec[0].movement];
    int P = 0, T = 0, G = 0;
    for (int j = 0; j < nsec; j++) {
        const sw_movement *m = &s->movements[sec[j].movement];
        if (m->rounds != m0->rounds)
            return sw_error_set(err, SW_ERR_INVALID, file, line,
                                "section %s: movement %s has %d rounds but section %s's has %d; "
                                "the sections of a session play the same rounds: use movements "
                                "of equal length",
                                sec[j].name, m->name ? m->name : "", m->rounds, sec[0].name,
                                m0->rounds);
        if (m->seats != m0->seats)
            return sw_error_set(err, SW_ERR_INVALID, file, line,
                                "section %s: %d seats a table but section %s has %d; use "
                                "movements of one game",
                                sec[j].name, m->seats, sec[0].name, m0->seats);
        sec[j].first_position = P;
        sec[j].first_table = T;
        sec[j].first_group = G;
        P += m->positions;
        T += m->tables;
        G += m->groups;
    }
    if (P > SW_MOVEMENT_MAX_POSITIONS || T > SW_MOVEMENT_MAX_TABLES || G > SW_MOVEMENT_MAX_GROUPS)
        return sw_error_set(err, SW_ERR_LIMIT, file, line,
                            "the sections together have %d positions, %d tables and %d board "
                            "groups, at most %d, %d and %d supported",
                            P, T, G, SW_MOVEMENT_MAX_POSITIONS, SW_MOVEMENT_MAX_TABLES,
                            SW_MOVEMENT_MAX_GROUPS);
    sw_status st = sw_movement_init(u, P, T, m0->rounds, G, m0->seats, err);
    if (st != SW_OK)
        return st;
    u->group_style = m0->group_style;
    for (int j = 0; j < nsec; j++) {
        const sw_movement *m = &s->movements[sec[j].movement];
        for (int r = 0; r < m->rounds; r++)
            for (int t = 0; t < m->tables; t++) {
                const sw_table *a = sw_movement_at(m, r, t);
                sw_table *b = &u->table[(size_t)r * (size_t)T + (size_t)(sec[j].first_table + t)];
                for (int d = 0; d < m->seats; d++)
                    b->seat[d] = a->seat[d] ? a->seat[d] + sec[j].first_position : 0;
                b->group = a->group ? a->group + sec[j].first_group : 0;
            }
    }
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    for (int j = 0; j < nsec; j++) {
        const sw_movement *m = &s->movements[sec[j].movement];
        sw_strbuf_printf(&sb, "%s%s: %s", j ? ", " : "", sec[j].name, m->name ? m->name : "");
    }
    u->name = sb.failed ? NULL : strdup(sw_strbuf_cstr(&sb));
    sw_strbuf_free(&sb);
    return SW_OK;
}

static void sections_free(sw_section *sec, int nsec) {
    for (int j = 0; sec && j < nsec; j++)
        free(sec[j].name);
    free(sec);
}

sw_status sw_season_add_sectioned_session(sw_season *s, sw_section *sec, int nsec, const char *file,
                                          int line, sw_error *err) {
    int idx = -1;
    for (int k = 0; k < s->nsessions && idx < 0; k++)
        if (same_sections(&s->sessions[k], sec, nsec)) {
            idx = s->sessions[k].movement;
            for (int j = 0; j < nsec; j++)
                sec[j] = (sw_section){
                    sec[j].name, sec[j].movement, s->sessions[k].sections[j].first_position,
                    s->sessions[k].sections[j].first_table, s->sessions[k].sections[j].first_group};
        }
    sw_status st = SW_OK;
    if (idx < 0) {
        sw_movement *nm = realloc(s->movements, (size_t)(s->nmovements + 1) * sizeof *nm);
        if (nm)
            s->movements = nm;
        char **nf =
            nm ? realloc(s->movement_files, (size_t)(s->nmovements + 1) * sizeof *nf) : NULL;
        if (nf)
            s->movement_files = nf;
        if (!nm || !nf) {
            sections_free(sec, nsec);
            return sw_error_set(err, SW_ERR_NOMEM, file, line, "out of memory");
        }
        sw_movement u;
        st = build_union(s, sec, nsec, file, line, &u, err);
        if (st != SW_OK) {
            sections_free(sec, nsec);
            return st;
        }
        s->movements[s->nmovements] = u;
        s->movement_files[s->nmovements] = NULL; /* written as its sections */
        idx = s->nmovements++;
    }
    st = sw_season_alloc_session(s, idx, err);
    unsigned char *where = st == SW_OK ? malloc((size_t)s->movements[idx].positions + 1) : NULL;
    if (st == SW_OK && !where)
        st = sw_error_set(err, SW_ERR_NOMEM, file, line, "out of memory");
    if (st != SW_OK) {
        sections_free(sec, nsec);
        return st;
    }
    where[0] = 0;
    for (int j = 0; j < nsec; j++)
        for (int p = 1; p <= s->movements[sec[j].movement].positions; p++)
            where[sec[j].first_position + p] = (unsigned char)j;
    sw_session *ss = &s->sessions[s->nsessions - 1];
    ss->sections = sec;
    ss->nsections = nsec;
    ss->section = where;
    return SW_OK;
}

int sw_season_position_section(const sw_season *s, int k, int p) {
    const sw_session *ss = &s->sessions[k];
    return ss->section && p > 0 ? ss->section[p] : -1;
}

int sw_season_table_section(const sw_season *s, int k, int t) {
    const sw_session *ss = &s->sessions[k];
    for (int j = ss->nsections - 1; j >= 0; j--)
        if (t >= ss->sections[j].first_table)
            return j;
    return -1;
}

int sw_season_local_table(const sw_season *s, int k, int t, int *section) {
    int j = sw_season_table_section(s, k, t);
    *section = j;
    return j < 0 ? t + 1 : t - s->sessions[k].sections[j].first_table + 1;
}

void sw_season_group_label(const sw_season *s, int k, int g, char *buf, size_t size) {
    const sw_session *ss = &s->sessions[k];
    int j = ss->nsections - 1;
    while (j > 0 && g <= ss->sections[j].first_group)
        j--;
    if (j < 0) {
        sw_movement_group_name(&s->movements[ss->movement], g, buf, size);
        return;
    }
    sw_movement_group_name(&s->movements[ss->sections[j].movement], g - ss->sections[j].first_group,
                           buf, size);
}

void sw_season_movement_label(const sw_season *s, int k, sw_strbuf *out) {
    const sw_session *ss = &s->sessions[k];
    if (!ss->nsections) {
        const char *f = s->movement_files[ss->movement];
        const char *nm = s->movements[ss->movement].name;
        sw_strbuf_puts(out, f ? f : nm ? nm : "");
        return;
    }
    for (int j = 0; j < ss->nsections; j++) {
        const char *f = s->movement_files[ss->sections[j].movement];
        sw_strbuf_printf(out, "%s%s: %s", j ? ", " : "", ss->sections[j].name, f ? f : "");
    }
}

/* ---- pins ---- */

static const char *const dir2[] = {"NS", "EW"};
static const char *const dir4[] = {"E", "S", "W", "N"};

void sw_pin_write(const sw_season *s, const sw_pin *pin, sw_strbuf *out) {
    (void)s;
    bool named = pin->sections != NULL;
    if (named)
        sw_strbuf_printf(out, "section %s", pin->sections);
    if (pin->kind == SW_PIN_TABLE) {
        /* the direction's name as it was read: 2-seat names below 2 */
        const char *d = pin->dir < 0 ? "" : pin->dir >= 10 ? dir4[pin->dir - 10] : dir2[pin->dir];
        sw_strbuf_printf(out, "%stable %d%s%s", named ? " " : "", pin->table, *d ? " " : "", d);
    } else if (pin->kind == SW_PIN_STATIONARY) {
        sw_strbuf_printf(out, "%sstationary", named ? " " : "");
    } else if (pin->kind == SW_PIN_POSITION) {
        sw_strbuf_printf(out, "%sposition %d", named ? " " : "", pin->position);
    }
}

/* The position of movement m seated at table t (0-based) in direction d
 * in every round, or 0: a stationary pair's position. */
static int stays_at(const sw_movement *m, int t, int d) {
    int p = sw_movement_at(m, 0, t)->seat[d];
    for (int r = 1; r < m->rounds && p; r++)
        if (sw_movement_at(m, r, t)->seat[d] != p)
            p = 0;
    return p;
}

/* "table 3 NS (position 5), ..." for every stationary position of m. */
static void stationary_list(const sw_movement *m, sw_strbuf *out) {
    for (int t = 0; t < m->tables; t++)
        for (int d = 0; d < m->seats; d++) {
            int p = stays_at(m, t, d);
            if (p)
                sw_strbuf_printf(out, "%stable %d %s (position %d)", out->len ? ", " : "", t + 1,
                                 m->seats == 4 ? dir4[d] : dir2[d], p);
        }
}

/* The error of a stationary pin that finds no position: what (the pin and
 * the place), then what would work in m: its stationary positions (held:
 * why they did not serve), or a movement that has some. */
static sw_status no_stationary(sw_error *err, const char *file, int line, const char *what,
                               const char *held, const sw_movement *m) {
    sw_strbuf ok;
    sw_strbuf_init(&ok);
    stationary_list(m, &ok);
    sw_status st = ok.len && !ok.failed
                       ? sw_error_set(err, SW_ERR_INVALID, file, line,
                                      "%s; positions that stay at one table%s: %s", what, held,
                                      sw_strbuf_cstr(&ok))
                       : sw_error_set(err, SW_ERR_INVALID, file, line,
                                      "%s; it has none: use a movement with stationary pairs (a "
                                      "Mitchell's NS pairs stay), or pin a position",
                                      what);
    sw_strbuf_free(&ok);
    return st;
}

/* Index of the section called name (n bytes) in session ss, or -1. */
static int section_index(const sw_session *ss, const char *name, size_t n) {
    for (int j = 0; j < ss->nsections; j++)
        if (strlen(ss->sections[j].name) == n && memcmp(ss->sections[j].name, name, n) == 0)
            return j;
    return -1;
}

/* Where the pin puts its participant in session k: *fixed a position (or
 * 0), *mask the allowed sections (or 0). */
static sw_status resolve_one(const sw_season *s, const sw_pin *pin, int k, const char *file,
                             int *fixed, uint32_t *mask, sw_error *err) {
    const sw_session *ss = &s->sessions[k];
    const sw_movement *m = &s->movements[ss->movement];
    int id = s->part[pin->part].id;
    *fixed = 0;
    *mask = 0;
    int one = -1; /* the one section named, for a table or position pin */
    if (pin->sections) {
        if (!ss->nsections)
            return sw_error_set(err, SW_ERR_INVALID, file, pin->line,
                                "pin of participant %d: session %d has no sections; name a "
                                "table or position only, or give the session 'section' lines",
                                id, k + 1);
        const char *p = pin->sections;
        while (*p) {
            size_t n = strcspn(p, " ");
            int j = section_index(ss, p, n);
            if (j < 0)
                return sw_error_set(err, SW_ERR_INVALID, file, pin->line,
                                    "pin of participant %d: session %d has no section '%.*s'; "
                                    "name one of its sections",
                                    id, k + 1, (int)n, p);
            *mask |= 1u << j;
            one = j;
            p += n + (p[n] == ' ');
        }
    } else if (pin->kind == SW_PIN_TABLE && ss->nsections) {
        return sw_error_set(err, SW_ERR_INVALID, file, pin->line,
                            "pin of participant %d: session %d has sections; name the section "
                            "of the table (pin %d section %s table %d%s%s)",
                            id, k + 1, id, ss->sections[0].name, pin->table,
                            pin->dir < 0 ? "" : " ",
                            pin->dir < 0     ? ""
                            : pin->dir >= 10 ? dir4[pin->dir - 10]
                                             : dir2[pin->dir]);
    }
    if (pin->kind == SW_PIN_SECTIONS)
        return SW_OK;
    const sw_movement *sm = one >= 0 ? &s->movements[ss->sections[one].movement] : m;
    int off = one >= 0 ? ss->sections[one].first_position : 0;
    if (pin->kind == SW_PIN_POSITION) {
        if (pin->position > sm->positions)
            return sw_error_set(err, SW_ERR_INVALID, file, pin->line,
                                "pin of participant %d: position %d, but session %d%s%s has %d "
                                "positions",
                                id, pin->position, k + 1, one >= 0 ? " section " : "",
                                one >= 0 ? ss->sections[one].name : "", sm->positions);
        *fixed = off + pin->position;
        return SW_OK;
    }
    if (pin->kind == SW_PIN_STATIONARY) {
        *fixed = -1; /* one of its stationary positions, picked once all pins are known */
        return SW_OK;
    }
    bool four = pin->dir >= 10;
    int d = pin->dir < 0 ? -1 : four ? pin->dir - 10 : pin->dir;
    const char *dname = d < 0 ? "" : four ? dir4[d] : dir2[d];
    if ((pin->dir >= 0 && four != (sm->seats == 4)) || pin->table > sm->tables)
        return sw_error_set(err, SW_ERR_INVALID, file, pin->line,
                            "pin of participant %d: session %d%s%s has %d tables of %d seats "
                            "(%s), no table %d%s%s",
                            id, k + 1, one >= 0 ? " section " : "",
                            one >= 0 ? ss->sections[one].name : "", sm->tables, sm->seats,
                            sm->seats == 4 ? "directions E, S, W, N" : "directions NS, EW",
                            pin->table, d < 0 ? "" : " ", dname);
    int p = 0;
    for (int x = d < 0 ? 0 : d; x < (d < 0 ? sm->seats : d + 1) && !p; x++)
        p = stays_at(sm, pin->table - 1, x);
    if (p == 0) {
        char what[256];
        snprintf(what, sizeof what,
                 "pin of participant %d: no pair stays at table %d%s%s for all %d rounds of "
                 "movement %s%s%s (session %d)",
                 id, pin->table, d < 0 ? "" : " ", dname, sm->rounds, sm->name ? sm->name : "",
                 one >= 0 ? ", section " : "", one >= 0 ? ss->sections[one].name : "", k + 1);
        return no_stationary(err, file, pin->line, what, "", sm);
    }
    *fixed = off + p;
    return SW_OK;
}

/* A 'stationary' pin of participant i in session k: the lowest stationary
 * position in its sections that no other pin holds. */
static sw_status pick_stationary(sw_season *s, int k, int i, int *holder, const char *file,
                                 sw_error *err) {
    sw_session *ss = &s->sessions[k];
    const sw_movement *m = &s->movements[ss->movement];
    int best = 0;
    for (int t = 0; t < m->tables; t++)
        for (int d = 0; d < m->seats; d++) {
            int p = stays_at(m, t, d);
            bool here = p && (!ss->allowed[i] || ((ss->allowed[i] >> ss->section[p]) & 1u));
            if (here && !holder[p] && (!best || p < best))
                best = p;
        }
    const sw_pin *pin = &s->pins[ss->pin[i] - 1];
    if (!best) {
        char what[256];
        snprintf(what, sizeof what,
                 "pin of participant %d: no free position stays at one table for all %d rounds "
                 "of session %d%s%.*s",
                 s->part[i].id, m->rounds, k + 1, pin->sections ? " in section " : "", 64,
                 pin->sections ? pin->sections : "");
        return no_stationary(err, file, pin->line, what, " (the other pins hold those there)", m);
    }
    ss->fixed[i] = best;
    holder[best] = ss->pin[i];
    return SW_OK;
}

static void pins_clear(sw_session *ss) {
    free(ss->fixed);
    free(ss->allowed);
    free(ss->pin);
    ss->fixed = NULL;
    ss->allowed = NULL;
    ss->pin = NULL;
}

/* Resolve the pins of session k: session pins win over season pins. */
static sw_status resolve_session(sw_season *s, int k, const char *file, sw_error *err) {
    sw_session *ss = &s->sessions[k];
    pins_clear(ss);
    if (ss->played) /* a record of what was played: pins are for planning */
        return SW_OK;
    bool any = false;
    for (int x = 0; x < s->npins && !any; x++)
        any = (s->pins[x].session == k || s->pins[x].session < 0) && ss->present[s->pins[x].part];
    for (int x = 0; x < s->npins; x++)
        if (s->pins[x].session == k && !ss->present[s->pins[x].part])
            return sw_error_set(err, SW_ERR_INVALID, file, s->pins[x].line,
                                "participant %d is pinned in session %d but absent from it; "
                                "drop the pin or the 'absent'",
                                s->part[s->pins[x].part].id, k + 1);
    if (!any)
        return SW_OK;
    const int P = s->movements[ss->movement].positions;
    ss->fixed = calloc((size_t)s->n + 1, sizeof *ss->fixed);
    ss->allowed = calloc((size_t)s->n + 1, sizeof *ss->allowed);
    ss->pin = calloc((size_t)s->n + 1, sizeof *ss->pin);
    int *holder = calloc((size_t)P + 1, sizeof *holder); /* pin index + 1 at a position */
    sw_status st = SW_OK;
    if (!ss->fixed || !ss->allowed || !ss->pin || !holder)
        st = sw_error_set(err, SW_ERR_NOMEM, file, 0, "out of memory");
    /* season pins first, so a session pin replaces them */
    for (int pass = 0; pass < 2 && st == SW_OK; pass++)
        for (int x = 0; x < s->npins && st == SW_OK; x++) {
            const sw_pin *pin = &s->pins[x];
            if ((pass == 0) != (pin->session < 0) || (pass == 1 && pin->session != k) ||
                !ss->present[pin->part])
                continue;
            int i = pin->part, f;
            uint32_t mask;
            st = resolve_one(s, pin, k, file, &f, &mask, err);
            if (st != SW_OK)
                break;
            if (ss->pin[i] && s->pins[ss->pin[i] - 1].session == pin->session)
                st = sw_error_set(err, SW_ERR_INVALID, file, pin->line,
                                  "participant %d is pinned twice (line %d too); keep one pin",
                                  s->part[i].id, s->pins[ss->pin[i] - 1].line);
            ss->fixed[i] = f;
            ss->allowed[i] = mask;
            ss->pin[i] = x + 1;
        }
    for (int i = 0; i < s->n && st == SW_OK; i++) {
        int p = ss->fixed[i];
        if (p <= 0)
            continue;
        if (holder[p]) {
            const sw_pin *a = &s->pins[holder[p] - 1], *b = &s->pins[ss->pin[i] - 1];
            st = sw_error_set(err, SW_ERR_INVALID, file, b->line,
                              "session %d: participants %d and %d are both pinned to position "
                              "%d (lines %d and %d); pin one of them elsewhere",
                              k + 1, s->part[a->part].id, s->part[i].id, p, a->line, b->line);
        }
        holder[p] = ss->pin[i];
    }
    for (int i = 0; i < s->n && st == SW_OK; i++)
        if (ss->fixed[i] < 0)
            st = pick_stationary(s, k, i, holder, file, err);
    free(holder);
    return st;
}

sw_status sw_season_resolve_pins(sw_season *s, const char *file, sw_error *err) {
    for (int k = 0; k < s->nsessions; k++) {
        sw_status st = resolve_session(s, k, file, err);
        if (st != SW_OK) {
            for (int j = 0; j <= k; j++)
                pins_clear(&s->sessions[j]);
            return st;
        }
    }
    return SW_OK;
}

void sw_season_pin_overrides(const sw_season *s, sw_strbuf *out) {
    for (int x = 0; x < s->npins; x++) {
        const sw_pin *a = &s->pins[x];
        if (a->session < 0 || !s->sessions[a->session].present[a->part])
            continue;
        for (int y = 0; y < s->npins; y++) {
            const sw_pin *b = &s->pins[y];
            if (b->session >= 0 || b->part != a->part)
                continue;
            sw_strbuf_printf(out, "  session %d: participant %d's pin (", a->session + 1,
                             s->part[a->part].id);
            sw_pin_write(s, a, out);
            if (a->line)
                sw_strbuf_printf(out, ", line %d", a->line);
            sw_strbuf_puts(out, ") replaces their season pin (");
            sw_pin_write(s, b, out);
            if (b->line)
                sw_strbuf_printf(out, ", line %d", b->line);
            sw_strbuf_puts(out, ")\n");
        }
    }
}

/* ---- seating that meets the pins ---- */

typedef struct seater {
    const sw_session *ss;
    int nsec;
    int *cap;      /* [nsec] free positions left in each section */
    int *sec;      /* [n] section given to participant i, -1 = none */
    char *visited; /* [nsec] */
    const int *order;
    int norder; /* the section-pinned participants */
    int rot;    /* first section tried (random starts differ) */
} seater;

/* Kuhn's augmenting path with section capacities: find i a section, moving
 * others to other allowed sections when theirs are full. */
static bool augment(seater *w, int i) {
    uint32_t mask = w->ss->allowed[i];
    for (int x = 0; x < w->nsec; x++) {
        int j = (x + w->rot) % w->nsec;
        if (!((mask >> j) & 1u) || w->visited[j])
            continue;
        w->visited[j] = 1;
        if (w->cap[j] > 0) {
            w->cap[j]--;
            w->sec[i] = j;
            return true;
        }
        for (int y = 0; y < w->norder; y++) {
            int u = w->order[y];
            if (w->sec[u] == j && augment(w, u)) {
                /* u moved out of j (taking a place elsewhere): i takes its place */
                w->sec[i] = j;
                return true;
            }
        }
    }
    return false;
}

/* Hall's condition for the section pins of session k: the smallest set of
 * sections (fewest sections first) whose positions are fewer than the
 * present participants who may only sit in it. Returns its bit mask and
 * the two counts, or 0 when every set has room (or there are too many
 * sections to try every set). */
uint32_t sw_session_overfull(const sw_season *s, int k, int *need, int *have) {
    const sw_session *ss = &s->sessions[k];
    if (!ss->fixed || ss->nsections < 1 || ss->nsections > 12)
        return 0;
    const int P = s->movements[ss->movement].positions;
    uint32_t best = 0;
    int bestbits = 99;
    for (uint32_t S = 1; S < (1u << ss->nsections); S++) {
        int bits = __builtin_popcount(S), room = 0, want = 0;
        if (bits >= bestbits)
            continue;
        for (int p = 1; p <= P; p++)
            room += (S >> ss->section[p]) & 1u;
        for (int i = 0; i < s->n; i++) {
            if (!ss->present[i])
                continue;
            uint32_t m = ss->fixed[i] ? 1u << ss->section[ss->fixed[i]] : ss->allowed[i];
            want += m && (m & ~S) == 0;
        }
        if (want > room) {
            best = S;
            bestbits = bits;
            *need = want;
            *have = room;
        }
    }
    return best;
}

int sw_season_seat_session(const sw_season *s, int k, sw_rng *rng, int *assign) {
    const sw_session *ss = &s->sessions[k];
    const int P = s->movements[ss->movement].positions, n = s->n;
    int nsec = ss->nsections > 0 ? ss->nsections : 1;
    int *a = calloc((size_t)P + 1, sizeof *a), *order = malloc(((size_t)n + 1) * sizeof *order);
    int *free_pos = malloc(((size_t)P + 1) * sizeof *free_pos);
    seater w = {.ss = ss, .nsec = nsec, .order = order};
    w.cap = calloc((size_t)nsec, sizeof *w.cap);
    w.sec = malloc(((size_t)n + 1) * sizeof *w.sec);
    w.visited = malloc((size_t)nsec);
    int rc = 0;
    if (!a || !order || !free_pos || !w.cap || !w.sec || !w.visited) {
        rc = -2;
        goto done;
    }
    for (int i = 0; i < n; i++) {
        w.sec[i] = -1;
        int f = ss->fixed && ss->present[i] ? ss->fixed[i] : 0;
        if (f) {
            if (f > P || a[f]) {
                rc = -1;
                goto done;
            }
            a[f] = i + 1;
        }
    }
    for (int p = 1; p <= P; p++)
        if (!a[p])
            w.cap[ss->section ? ss->section[p] : 0]++;
    /* section-pinned participants, most restricted not first: any order
     * works for a matching, and pairs-file order keeps the identity simple */
    for (int i = 0; i < n; i++)
        if (ss->fixed && ss->present[i] && !ss->fixed[i] && ss->allowed[i])
            order[w.norder++] = i;
    if (rng) {
        sw_rng_shuffle(rng, order, w.norder);
        w.rot = (int)sw_rng_bounded(rng, (uint32_t)nsec);
    }
    for (int y = 0; y < w.norder; y++) {
        memset(w.visited, 0, (size_t)nsec);
        if (!augment(&w, order[y])) {
            rc = -1;
            goto done;
        }
    }
    /* Place them: each section's free positions in order (or shuffled). */
    for (int j = 0; j < nsec; j++) {
        int nf = 0;
        for (int p = 1; p <= P; p++)
            if (!a[p] && (ss->section ? ss->section[p] : 0) == j)
                free_pos[nf++] = p;
        if (rng)
            sw_rng_shuffle(rng, free_pos, nf);
        int x = 0;
        for (int y = 0; y < w.norder; y++)
            if (w.sec[order[y]] == j)
                a[free_pos[x++]] = order[y] + 1;
    }
    /* Everyone else on the positions left. */
    int nf = 0;
    for (int p = 1; p <= P; p++)
        if (!a[p])
            free_pos[nf++] = p;
    if (rng)
        sw_rng_shuffle(rng, free_pos, nf);
    int x = 0;
    for (int i = 0; i < n; i++) {
        bool placed = ss->fixed && (ss->fixed[i] || ss->allowed[i]);
        if (!ss->present[i] || placed)
            continue;
        if (x >= nf) {
            rc = -1;
            goto done;
        }
        a[free_pos[x++]] = i + 1;
    }
    memcpy(assign, a, ((size_t)P + 1) * sizeof *a);
done:
    free(a);
    free(order);
    free(free_pos);
    free(w.cap);
    free(w.sec);
    free(w.visited);
    return rc;
}
