/* src/movement/generate.c: the standard movements, Howell and Mitchell.
 * Both are built as raw tables first (positions and board groups in the
 * generator's own numbering), then finished the same way: board groups
 * renumbered 1..G in order of first play, so G counts the groups actually
 * played, and the result validated as a safety net.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "movement/movement.h"
#include "movement/movement_internal.h"

/* Generated movements carry their kind and size as a display name. */
static sw_status set_name(sw_movement *m, const char *kind, int pairs, sw_error *err) {
    char buf[64];
    int n = snprintf(buf, sizeof buf, "%s-%dp-%dr", kind, pairs, m->rounds);
    m->name = malloc((size_t)n + 1);
    if (!m->name)
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    memcpy(m->name, buf, (size_t)n + 1);
    return SW_OK;
}

/* Renumber raw groups (0..raw_groups-1, -1 for an empty table) to 1..G by
 * first play and build the movement. raw is R*T tables, round-major. */
static sw_status finish(const sw_table *raw, int raw_groups, int P, int T, int R, const char *kind,
                        int pairs, sw_movement *out, sw_error *err) {
    int *map = malloc((size_t)raw_groups * sizeof *map);
    if (!map)
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    for (int g = 0; g < raw_groups; g++)
        map[g] = 0;
    int G = 0;
    size_t n = (size_t)R * (size_t)T;
    for (size_t i = 0; i < n; i++)
        if (raw[i].seat[0] && !map[raw[i].group])
            map[raw[i].group] = ++G;
    sw_movement m;
    sw_status st = sw_movement_init(&m, P, T, R, G, 2, err);
    if (!st) {
        for (size_t i = 0; i < n; i++) {
            m.table[i] = raw[i];
            m.table[i].group = raw[i].seat[0] ? map[raw[i].group] : 0;
        }
        st = sw_movement_validate(&m, kind, err);
        if (!st)
            st = set_name(&m, kind, pairs, err);
        if (st)
            sw_movement_free(&m);
        else
            *out = m;
    }
    free(map);
    return st;
}

static sw_status check_request(const char *kind, int pairs, int rounds, int full, int *R,
                               sw_error *err) {
    /* set on every path: the compiler cannot tell sw_error_set never returns SW_OK */
    *R = rounds > 0 ? rounds : full;
    if (rounds > full)
        return sw_error_set(err, SW_ERR_INVALID, NULL, 0,
                            "a %s for %d pairs has at most %d rounds, %d asked", kind, pairs, full,
                            rounds);
    if (*R > SW_MOVEMENT_MAX_ROUNDS)
        return sw_error_set(err, SW_ERR_LIMIT, NULL, 0,
                            "a %s for %d pairs has %d rounds, supported at most %d: ask for "
                            "fewer rounds",
                            kind, pairs, *R, SW_MOVEMENT_MAX_ROUNDS);
    return SW_OK;
}

static sw_status check_pairs(const char *kind, int pairs, sw_error *err) {
    if (pairs < 2)
        return sw_error_set(err, SW_ERR_INVALID, NULL, 0, "a %s for %d pairs, expected at least 2",
                            kind, pairs);
    if (pairs > SW_MOVEMENT_MAX_POSITIONS)
        return sw_error_set(err, SW_ERR_LIMIT, NULL, 0, "a %s for %d pairs, supported at most %d",
                            kind, pairs, SW_MOVEMENT_MAX_POSITIONS);
    return SW_OK;
}

/* ---- Howell ------------------------------------------------------------- *
 * Circle method on Z_N plus a fixed pair inf, N = n-1 odd, n = pairs rounded up
 * to even. Round r: table 0 seats inf and r; table k (1..m, m = (N-1)/2) seats
 * r+k (NS) and r-k (EW): every two pairs meet exactly once in N rounds. For an
 * odd number of pairs inf is the phantom and table 0 is dropped.
 * Table k plays group r + mid[k] (mod N) with mid from a strong starter: pair
 * x plays group x + (mid[k] -+ k) at table k, and those offsets, the starter's
 * elements, are all different, so nobody replays a group, and the groups of a
 * round are all different: N groups, each played by every pair once, the
 * classic Howell (a Room square). Where no strong starter exists, table k
 * seats r + ns[k], r + ew[k] and plays r + add[k] from a starter with an
 * adder (N = 9: the 10-pair Room square); where none exists either (N = 3,
 * 5) every table of round r plays group r, as the NBB's 4- and 6-pair
 * Howells do. The directions are then chosen for balans' Qf by arrow
 * switching (sw_movement_improve). */

typedef struct howell_plan {
    int N, m;
    bool phantom;
    int *ns, *ew, *add; /* [0..m]: table k seats r+ns[k], r+ew[k], plays r+add[k] */
} howell_plan;

/* Element x of Z_N is position x+1; inf is position N+1. */
static void howell_round(const howell_plan *hp, int r, sw_table *row) {
    int N = hp->N, t = 0;
    for (int k = hp->phantom ? 1 : 0; k <= hp->m; k++, t++) {
        sw_table *tb = &row[t];
        if (k == 0) { /* inf alternates direction so it sits NS half the time */
            tb->seat[0] = r % 2 == 0 ? N + 1 : r + 1;
            tb->seat[1] = r % 2 == 0 ? r + 1 : N + 1;
        } else {
            tb->seat[0] = (r + hp->ns[k]) % N + 1;
            tb->seat[1] = (r + hp->ew[k]) % N + 1;
        }
        tb->group = (r + hp->add[k]) % N;
    }
}

/* The board plan: a strong starter's midpoints on the patterned starter
 * {k, -k}; else a starter with an adder (N = 9); else one group a round. */
static sw_status howell_board_plan(howell_plan *hp, sw_error *err) {
    int collisions = 0;
    sw_status st = sw_movement_starter(hp->N, !hp->phantom, hp->add, &collisions, err);
    if (st || collisions == 0 ||
        !sw_movement_room_starter(hp->N, !hp->phantom, hp->ns, hp->ew, hp->add))
        for (int k = 0; k <= hp->m; k++) {
            hp->ns[k] = k;
            hp->ew[k] = (hp->N - k) % hp->N;
            if (!st && collisions)
                hp->add[k] = 0;
        }
    return st;
}

/* Renumber positions so that round 1 reads 1-2, 3-4, ..: the numbering of the
 * library's files. A bijection, so no property changes. */
static void relabel(sw_table *raw, int P, int T, int R) {
    int *to = calloc((size_t)P + 2, sizeof *to);
    if (!to)
        return; /* keeping the raw numbering is still a valid movement */
    int next = 0;
    for (int t = 0; t < T; t++)
        for (int s = 0; s < 2; s++)
            if (raw[t].seat[s] && !to[raw[t].seat[s]])
                to[raw[t].seat[s]] = ++next;
    for (int p = 1; p <= P; p++)
        if (!to[p])
            to[p] = ++next;
    for (size_t i = 0; i < (size_t)R * (size_t)T; i++)
        for (int s = 0; s < 2; s++)
            raw[i].seat[s] = to[raw[i].seat[s]];
    free(to);
}

/* Arrow switching, pass after pass: each pass starts from the previous
 * best with the next seed, until a pass gains nothing, Qf is proven best,
 * or SW_HOWELL_PASSES passes (one pass leaves 16 pairs at 93.87, below the
 * library's best 16-pair movement, 94.64; passes reach 95.08). */
static sw_status improve_passes(const sw_movement *in, sw_movement *out, sw_error *err) {
    sw_improve_stats stats;
    sw_improve_options opt = {.seed = 0};
    sw_status st = sw_movement_improve(in, &opt, out, &stats, err);
    for (int pass = 1; !st && !stats.optimal && pass < SW_HOWELL_PASSES; pass++) {
        double before = stats.qf_after;
        sw_movement next;
        opt.seed = (unsigned long long)pass;
        if ((st = sw_movement_improve(out, &opt, &next, &stats, err))) {
            sw_movement_free(out);
            break;
        }
        sw_movement_free(out);
        *out = next;
        if (stats.qf_after <= before + 1e-12)
            break;
    }
    return st;
}

sw_status sw_movement_howell(int pairs, int rounds, sw_movement *m, sw_error *err) {
    sw_status st = check_pairs("Howell", pairs, err);
    if (st)
        return st;
    howell_plan hp = {.N = pairs % 2 ? pairs : pairs - 1, .phantom = pairs % 2 == 1};
    hp.m = (hp.N - 1) / 2;
    int R, T = hp.phantom ? hp.m : hp.m + 1;
    if ((st = check_request("Howell", pairs, rounds, hp.N, &R, err)))
        return st;
    /* a balanced Howell is balanced as a whole and then cut to R rounds */
    bool balance = pairs <= SW_HOWELL_BALANCE_MAX;
    int built = balance ? hp.N : R;
    int *plan = malloc(3 * (size_t)(hp.m + 1) * sizeof *plan);
    sw_table *raw = calloc((size_t)built * (size_t)T, sizeof *raw);
    if (!plan || !raw)
        st = sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    else {
        hp.ns = plan;
        hp.ew = plan + hp.m + 1;
        hp.add = plan + 2 * (hp.m + 1);
        st = howell_board_plan(&hp, err);
    }
    sw_movement plain = {0}, best = {0};
    if (!st) {
        /* 16 and 32 pairs: the field's Howell, Qf 100 (affine.c) */
        if (built != hp.N || sw_howell_affine(pairs, raw) != 0)
            for (int r = 0; r < built; r++)
                howell_round(&hp, r, &raw[(size_t)r * (size_t)T]);
        relabel(raw, pairs, T, built);
        st = finish(raw, hp.N, pairs, T, built, "howell", pairs, &plain, err);
    }
    free(plan);
    if (st || !balance) {
        free(raw);
        if (!st)
            *m = plain;
        return st;
    }
    st = improve_passes(&plain, &best, err);
    sw_movement_free(&plain);
    if (!st) /* round 1 reads 1-2 3-4 .. again: a renumbering keeps Qf */
        relabel(best.table, pairs, T, hp.N);
    if (!st && R < hp.N) { /* the first R rounds; groups are numbered by first play */
        memcpy(raw, best.table, (size_t)R * (size_t)T * sizeof *raw);
        for (size_t i = 0; i < (size_t)R * (size_t)T; i++)
            raw[i].group -= 1;
        sw_movement_free(&best);
        st = finish(raw, hp.N, pairs, T, R, "howell", pairs, &plain, err);
        /* the cut has its own comparisons: switch its arrows again (a 3/4
         * Howell of 12 pairs: Qf 56.78 as cut, 81.32 after) */
        if (!st)
            st = improve_passes(&plain, &best, err);
        sw_movement_free(&plain);
        if (!st)
            relabel(best.table, pairs, T, R);
    }
    free(raw);
    if (!st)
        *m = best;
    return st;
}

/* ---- Mitchell ----------------------------------------------------------- *
 * NS pair t+1 stays at table t (0-based); EW pair T+1+e sits at table
 * e + r + skip(r) and table t plays group t + r (mod T): EW pair e plays
 * group e + 2r + skip(r). For odd T, 2r runs through all of Z_T. For even T
 * it does not, hence the skip: skip(r) = 1 from round T/2 on, so the groups
 * 2r (even) then 2r+1 (odd) are all different. The skip makes round T's
 * opponent e + T = e again, so an even T has T-1 rounds at most. */

static int mitchell_skip(int T, int r) {
    return T % 2 == 0 && r >= T / 2;
}

/* ---- relay and bye stand ----------------------------------------------- *
 * The even-T Mitchell that plays all T rounds. Tables 1 and T share one
 * board set each round (the relay), and one set rests on a bye stand
 * between tables T/2 and T/2+1, so the boards travel a circuit of T places:
 * the relay (tables T and 1), tables T-1 .. T/2+1, the bye stand, tables
 * T/2 .. 2, and back to the relay; one place down a round. The EW pairs move
 * up one table a round without a skip: crossing the bye stand moves them
 * one place further on the boards' circuit, which the skip does otherwise. */

/* A table's place on the circuit (0-based table t): the relay is 0. */
static int relay_place(int T, int t) {
    int tt = t + 1; /* 1-based */
    if (tt == 1 || tt == T)
        return 0;
    return tt > T / 2 ? T - tt : T + 1 - tt;
}

static void relay_rounds(int T, int R, int pairs, sw_table *raw) {
    for (int r = 0; r < R; r++)
        for (int e = 0; e < T; e++) {
            int t = (e + r) % T;
            sw_table *tb = &raw[(size_t)r * (size_t)T + (size_t)t];
            if (T + 1 + e > pairs)
                continue;
            tb->seat[0] = t + 1;
            tb->seat[1] = T + 1 + e;
            tb->group = ((relay_place(T, t) - r) % T + T) % T;
        }
}

sw_status sw_movement_mitchell_kind(int pairs, int rounds, sw_mitchell_kind kind, sw_movement *m,
                                    sw_error *err) {
    sw_status st = check_pairs("Mitchell", pairs, err);
    if (st)
        return st;
    int T = (pairs + 1) / 2, R = 0;
    if (kind != SW_MITCHELL_PLAIN && T % 2)
        return sw_error_set(err, SW_ERR_INVALID, NULL, 0,
                            "a Mitchell for %d pairs has %d tables, an odd number: it needs no "
                            "%s; drop the option",
                            pairs, T, kind == SW_MITCHELL_SKIP ? "skip" : "relay and bye stand");
    if (kind == SW_MITCHELL_RELAY && T < 4)
        return sw_error_set(err, SW_ERR_INVALID, NULL, 0,
                            "a relay and bye stand needs at least 4 tables (7 pairs), %d pairs "
                            "have %d",
                            pairs, T);
    int full = T % 2 || kind == SW_MITCHELL_RELAY ? T : T - 1;
    if (kind != SW_MITCHELL_RELAY && rounds > full && T % 2 == 0 && rounds <= T)
        return sw_error_set(err, SW_ERR_INVALID, NULL, 0,
                            "a Mitchell for %d pairs has %d tables, an even number: after the "
                            "skip, round %d would repeat every EW pair's first meeting, so it "
                            "has at most %d rounds, %d asked (a relay and bye stand plays all "
                            "%d)",
                            pairs, T, T, full, rounds, T);
    const char *name = kind == SW_MITCHELL_RELAY ? "mitchell-relay" : "mitchell";
    if ((st = check_request("Mitchell", pairs, rounds, full, &R, err)))
        return st;
    sw_table *raw = calloc((size_t)R * (size_t)T, sizeof *raw);
    if (!raw)
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    if (kind == SW_MITCHELL_RELAY)
        relay_rounds(T, R, pairs, raw);
    else
        for (int r = 0; r < R; r++)
            for (int e = 0; e < T; e++) {
                int t = (e + r + mitchell_skip(T, r)) % T;
                sw_table *tb = &raw[(size_t)r * (size_t)T + (size_t)t];
                if (T + 1 + e > pairs)
                    continue; /* no such EW pair: the table stays empty, its NS pair rests */
                tb->seat[0] = t + 1;
                tb->seat[1] = T + 1 + e;
                tb->group = (t + r) % T;
            }
    st = finish(raw, T, pairs, T, R, name, pairs, m, err);
    free(raw);
    return st;
}

sw_status sw_movement_mitchell(int pairs, int rounds, sw_movement *m, sw_error *err) {
    return sw_movement_mitchell_kind(pairs, rounds, SW_MITCHELL_PLAIN, m, err);
}
