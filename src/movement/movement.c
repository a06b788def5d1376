/* src/movement/movement.c: the movement model: allocation, copy, comparison,
 * board group names and the validation rules.
 * Validation walks the rounds in order and reports the first broken rule, so
 * that an error in a file points at the earliest offending round line.
 * SPDX-License-Identifier: MIT */
#include "movement/movement.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "movement/movement_internal.h"

static sw_status check_size(const char *file, const char *what, int value, int lo, int hi,
                            sw_error *err) {
    if (value < lo)
        return sw_error_set(err, SW_ERR_INVALID, file, 0, "%d %s, expected at least %d", value,
                            what, lo);
    if (value > hi)
        return sw_error_set(err, SW_ERR_LIMIT, file, 0, "%d %s, supported at most %d", value, what,
                            hi);
    return SW_OK;
}

/* The shape rules shared by init and validate. */
static sw_status check_shape(int positions, int tables, int rounds, int groups, int seats,
                             const char *file, sw_error *err) {
    sw_status st;
    if ((st = check_size(file, "positions", positions, 1, SW_MOVEMENT_MAX_POSITIONS, err)) ||
        (st = check_size(file, "tables", tables, 1, SW_MOVEMENT_MAX_TABLES, err)) ||
        (st = check_size(file, "rounds", rounds, 1, SW_MOVEMENT_MAX_ROUNDS, err)) ||
        (st = check_size(file, "board groups", groups, 0, SW_MOVEMENT_MAX_GROUPS, err)))
        return st;
    if (seats != 2 && seats != 4)
        return sw_error_set(err, SW_ERR_INVALID, file, 0, "%d seats per table, expected 2 or 4",
                            seats);
    return SW_OK;
}

sw_status sw_movement_init(sw_movement *m, int positions, int tables, int rounds, int groups,
                           int seats, sw_error *err) {
    sw_status st = check_shape(positions, tables, rounds, groups, seats, NULL, err);
    if (st)
        return st;
    sw_table *t = calloc((size_t)rounds * (size_t)tables, sizeof *t);
    if (!t)
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    memset(m, 0, sizeof *m);
    m->positions = positions;
    m->tables = tables;
    m->rounds = rounds;
    m->groups = groups;
    m->seats = seats;
    m->table = t;
    m->group_style = SW_GROUPS_LETTERS;
    return SW_OK;
}

void sw_movement_free(sw_movement *m) {
    if (!m)
        return;
    free(m->table);
    free(m->name);
    memset(m, 0, sizeof *m);
}

sw_status sw_movement_copy(sw_movement *dst, const sw_movement *src, sw_error *err) {
    sw_movement c = {0};
    sw_status st = sw_movement_init(&c, src->positions, src->tables, src->rounds, src->groups,
                                    src->seats, err);
    if (st)
        return st;
    memcpy(c.table, src->table, (size_t)src->rounds * (size_t)src->tables * sizeof *c.table);
    c.group_style = src->group_style;
    c.has_ref_qf = src->has_ref_qf;
    c.has_ref_qo = src->has_ref_qo;
    c.ref_qf = src->ref_qf;
    c.ref_qo = src->ref_qo;
    if (src->name) {
        size_t n = strlen(src->name) + 1;
        c.name = malloc(n);
        if (!c.name) {
            sw_movement_free(&c);
            return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
        }
        memcpy(c.name, src->name, n);
    }
    *dst = c;
    return SW_OK;
}

bool sw_movement_equal(const sw_movement *a, const sw_movement *b) {
    if (a->positions != b->positions || a->tables != b->tables || a->rounds != b->rounds ||
        a->groups != b->groups || a->seats != b->seats || a->group_style != b->group_style)
        return false;
    if (a->has_ref_qf != b->has_ref_qf || (a->has_ref_qf && a->ref_qf != b->ref_qf))
        return false;
    if (a->has_ref_qo != b->has_ref_qo || (a->has_ref_qo && a->ref_qo != b->ref_qo))
        return false;
    size_t n = (size_t)a->rounds * (size_t)a->tables;
    for (size_t i = 0; i < n; i++) {
        const sw_table *x = &a->table[i], *y = &b->table[i];
        if (x->group != y->group)
            return false;
        for (int s = 0; s < a->seats; s++)
            if (x->seat[s] != y->seat[s])
                return false;
    }
    return true;
}

void sw_movement_group_name(const sw_movement *m, int g, char *buf, size_t size) {
    if (size == 0)
        return;
    if (g <= 0 || m->group_style == SW_GROUPS_NUMBERS) {
        snprintf(buf, size, "%d", g);
        return;
    }
    /* Bijective base 26: A..Z, AA..AZ, BA.. (no zero digit). */
    char rev[16];
    int n = 0;
    while (g > 0 && n < (int)sizeof rev) {
        g--;
        rev[n++] = (char)('A' + g % 26);
        g /= 26;
    }
    size_t k = 0;
    while (n > 0 && k + 1 < size)
        buf[k++] = rev[--n];
    buf[k] = '\0';
}

/* Scratch state of one validation pass. */
typedef struct check_state {
    const sw_movement *m;
    const char *file;
    const int *round_line;
    int *round_of;    /* [pos]: 1 + the last round pos sat in, 0 = never */
    int *table_of;    /* [pos]: the table (0-based) of that round */
    uint8_t *played;  /* bitmap [pos][group]: pos has played group */
    size_t row_bytes; /* bytes of one position's row of `played` */
} check_state;

static int line_of(const check_state *cs, int r) {
    return cs->round_line ? cs->round_line[r] : 0;
}

/* Where pos first played group g (for the message); returns 0 when found. */
static int find_first(const sw_movement *m, int pos, int g, int *fr, int *ft) {
    for (int r = 0; r < m->rounds; r++)
        for (int t = 0; t < m->tables; t++) {
            const sw_table *tb = sw_movement_at(m, r, t);
            if (tb->group != g)
                continue;
            for (int s = 0; s < m->seats; s++)
                if (tb->seat[s] == pos) {
                    *fr = r;
                    *ft = t;
                    return 0;
                }
        }
    return -1;
}

/* An empty table, or every seat filled: a half-seated table has no meaning
 * (a table of three, the last of four seats empty, excepted). */
static sw_status check_seating(const check_state *cs, int r, int t, const sw_table *tb,
                               sw_error *err) {
    int filled = -1, empty = -1;
    for (int s = 0; s < sw_table_seats(cs->m, tb); s++) {
        if (tb->seat[s] != 0 && filled < 0)
            filled = s;
        if (tb->seat[s] == 0 && empty < 0)
            empty = s;
    }
    if (filled >= 0 && empty >= 0)
        return sw_error_set(err, SW_ERR_INVALID, cs->file, line_of(cs, r),
                            "round %d, table %d: seat %d is empty but seat %d holds position %d, "
                            "expected a fully seated or an empty table%s",
                            r + 1, t + 1, empty + 1, filled + 1, tb->seat[filled],
                            cs->m->seats == 4 ? " (or a table of three, seat 4 empty)" : "");
    return SW_OK;
}

static sw_status check_group(const check_state *cs, int r, int t, const sw_table *tb,
                             sw_error *err) {
    int G = cs->m->groups;
    if (G == 0 && tb->group != 0)
        return sw_error_set(err, SW_ERR_INVALID, cs->file, line_of(cs, r),
                            "round %d, table %d: board group %d, expected 0 (the movement has "
                            "no board groups)",
                            r + 1, t + 1, tb->group);
    if (G > 0 && (tb->group < 1 || tb->group > G))
        return sw_error_set(err, SW_ERR_INVALID, cs->file, line_of(cs, r),
                            "round %d, table %d: board group %d out of range, expected 1..%d",
                            r + 1, t + 1, tb->group, G);
    return SW_OK;
}

/* One seated position: in range, once per round, each board group once. */
static sw_status check_position(check_state *cs, int r, int t, const sw_table *tb, int pos,
                                sw_error *err) {
    const sw_movement *m = cs->m;
    if (pos < 1 || pos > m->positions)
        return sw_error_set(err, SW_ERR_INVALID, cs->file, line_of(cs, r),
                            "round %d, table %d: position %d out of range, expected 1..%d", r + 1,
                            t + 1, pos, m->positions);
    if (cs->round_of[pos] == r + 1) {
        if (cs->table_of[pos] == t)
            return sw_error_set(err, SW_ERR_INVALID, cs->file, line_of(cs, r),
                                "round %d, table %d: position %d sits twice at this table", r + 1,
                                t + 1, pos);
        return sw_error_set(err, SW_ERR_INVALID, cs->file, line_of(cs, r),
                            "round %d, table %d: position %d already sits at table %d in this "
                            "round",
                            r + 1, t + 1, pos, cs->table_of[pos] + 1);
    }
    cs->round_of[pos] = r + 1;
    cs->table_of[pos] = t;
    if (tb->group <= 0)
        return SW_OK;
    uint8_t *row = cs->played + (size_t)pos * cs->row_bytes;
    size_t g = (size_t)tb->group;
    if (row[g / 8] & (1u << (g % 8))) {
        char name[16];
        int fr = 0, ft = 0;
        sw_movement_group_name(m, tb->group, name, sizeof name);
        (void)find_first(m, pos, tb->group, &fr, &ft);
        return sw_error_set(err, SW_ERR_INVALID, cs->file, line_of(cs, r),
                            "round %d, table %d: position %d plays board group %s a second time "
                            "(first in round %d, table %d)",
                            r + 1, t + 1, pos, name, fr + 1, ft + 1);
    }
    row[g / 8] |= (uint8_t)(1u << (g % 8));
    return SW_OK;
}

static sw_status check_rounds(check_state *cs, sw_error *err) {
    const sw_movement *m = cs->m;
    for (int r = 0; r < m->rounds; r++)
        for (int t = 0; t < m->tables; t++) {
            const sw_table *tb = sw_movement_at(m, r, t);
            sw_status st = check_seating(cs, r, t, tb, err);
            if (st)
                return st;
            if (tb->seat[0] == 0)
                continue; /* an empty table: its group is ignored */
            if ((st = check_group(cs, r, t, tb, err)))
                return st;
            for (int s = 0; s < sw_table_seats(m, tb); s++)
                if ((st = check_position(cs, r, t, tb, tb->seat[s], err)))
                    return st;
        }
    return SW_OK;
}

sw_status sw_movement_check(const sw_movement *m, const char *file, const int *round_line,
                            sw_error *err) {
    sw_status st = check_shape(m->positions, m->tables, m->rounds, m->groups, m->seats, file, err);
    if (st)
        return st;
    if (!m->table)
        return sw_error_set(err, SW_ERR_INVALID, file, 0, "movement has no tables allocated");
    check_state cs = {.m = m, .file = file, .round_line = round_line};
    size_t P = (size_t)m->positions + 1;
    cs.row_bytes = (size_t)m->groups / 8 + 1;
    cs.round_of = calloc(P, sizeof *cs.round_of);
    cs.table_of = calloc(P, sizeof *cs.table_of);
    cs.played = calloc(P, cs.row_bytes);
    if (!cs.round_of || !cs.table_of || !cs.played)
        st = sw_error_set(err, SW_ERR_NOMEM, file, 0, "out of memory");
    else
        st = check_rounds(&cs, err);
    free(cs.round_of);
    free(cs.table_of);
    free(cs.played);
    return st;
}

sw_status sw_movement_validate(const sw_movement *m, const char *file, sw_error *err) {
    return sw_movement_check(m, file, NULL, err);
}
