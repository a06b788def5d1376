/* src/movement/movement.h: the movement model (one session's fixed schema),
 * ASC reading and writing, validation and the standard generators.
 *
 * A movement has R rounds of T tables. Every table seats positions 1..P in
 * directions (2 seats: NS, EW; 4 seats: E, S, W, N), 0 for an empty seat,
 * and for bridge plays one board group 1..G (0: none). A table whose seats are
 * all 0 is empty that round. A position that no table of a round names rests
 * in that round. A built movement is immutable and passed as const.
 * SPDX-License-Identifier: MIT */
#ifndef SW_MOVEMENT_H
#define SW_MOVEMENT_H

#include <stdbool.h>
#include <stddef.h>

#include "util/error.h"
#include "util/strbuf.h"

#define SW_MAX_SEATS 4
/* Supported sizes: larger input is refused with SW_ERR_LIMIT. */
#define SW_MOVEMENT_MAX_POSITIONS 1000
#define SW_MOVEMENT_MAX_ROUNDS 200
#define SW_MOVEMENT_MAX_TABLES 500
#define SW_MOVEMENT_MAX_GROUPS 10000

typedef struct sw_table {
    int seat[SW_MAX_SEATS]; /* positions in direction order; 0 = empty seat */
    int group;              /* board group 1..groups; 0 = no boards */
} sw_table;

/* A table is empty (every seat 0) or fully seated, with one exception: a
 * four-seat table may leave its last seat (N) empty, a table of three (the
 * mahjong field that is not a multiple of four). The seats in use are then
 * the first sw_table_seats of them. */

typedef enum { SW_GROUPS_LETTERS = 0, SW_GROUPS_NUMBERS = 1 } sw_group_style;

typedef struct sw_movement {
    int positions;              /* P: positions are 1..P */
    int tables;                 /* T: tables per round */
    int rounds;                 /* R */
    int groups;                 /* G: board groups 1..G (0 when the game has no boards) */
    int seats;                  /* seats per table: 2 or 4 */
    sw_table *table;            /* rounds * tables entries, round-major */
    sw_group_style group_style; /* how the ASC file named the groups */
    /* balans' reference values found after the movement in an ASC file */
    bool has_ref_qf, has_ref_qo;
    double ref_qf, ref_qo;
    char *name; /* display name (file name without directory), may be NULL */
} sw_movement;

/* The table at (round r, table t), both 0-based. */
static inline const sw_table *sw_movement_at(const sw_movement *m, int r, int t) {
    return &m->table[(size_t)r * (size_t)m->tables + (size_t)t];
}

/* Seats in use at tb: 3 at a table of three, else m->seats. */
static inline int sw_table_seats(const sw_movement *m, const sw_table *tb) {
    return m->seats == 4 && tb->seat[3] == 0 && tb->seat[0] != 0 ? 3 : m->seats;
}

/* Allocate a zeroed movement of the given shape (all tables empty) into m.
 * Frees nothing: m is overwritten. */
SW_NODISCARD sw_status sw_movement_init(sw_movement *m, int positions, int tables, int rounds,
                                        int groups, int seats, sw_error *err);

/* Release m's arrays and zero it; accepts a zeroed struct. */
void sw_movement_free(sw_movement *m);

/* Deep copy src into dst (name included). dst is overwritten, not freed. */
SW_NODISCARD sw_status sw_movement_copy(sw_movement *dst, const sw_movement *src, sw_error *err);

/* True when a and b have the same shape, tables, groups, group style and
 * reference values (the name is not compared). */
bool sw_movement_equal(const sw_movement *a, const sw_movement *b);

/* Check the rules: every named position within 1..P, a position at most once
 * per round, no position plays the same board group twice, groups within 1..G
 * (0 only when G == 0), a table either empty (all 0; its group is ignored) or
 * fully seated, seats 2 or 4. file names the source in the message (may be
 * NULL). Errors: SW_ERR_INVALID naming round, table and position, e.g.
 * "round 3, table 2: position 7 already sits at table 1 in this round";
 * SW_ERR_LIMIT for a shape over the SW_MOVEMENT_MAX_* sizes. */
SW_NODISCARD sw_status sw_movement_validate(const sw_movement *m, const char *file, sw_error *err);

/* Parse ASC text (len bytes; see docs/movements.md for the variants read).
 * file is used in messages only. On success *m owns the result (name NULL);
 * on failure *m is untouched and err holds "file:line: found, expected":
 * SW_ERR_PARSE for syntax, SW_ERR_INVALID for a broken rule, SW_ERR_LIMIT for
 * sizes over the limits. The result is validated. */
SW_NODISCARD sw_status sw_movement_parse_asc(const char *text, size_t len, const char *file,
                                             sw_movement *m, sw_error *err);

/* Read and parse an ASC file; m->name is set from the file name. */
SW_NODISCARD sw_status sw_movement_read_asc(const char *path, sw_movement *m, sw_error *err);

/* Append m as ASC text (full header "P T R G 0", one line per round, a
 * "Qf=.., Qo=.." line when m has reference values). Reading it back gives the
 * same movement (sw_movement_equal). ASC holds two-seat movements only: for
 * other seat counts a single '#' line saying so is written. */
void sw_movement_write_asc(const sw_movement *m, sw_strbuf *out);

/* Name of board group g (1-based) in m's style: "A".."Z", then "AA".., or the number. */
void sw_movement_group_name(const sw_movement *m, int g, char *buf, size_t size);

/* Arrow switching of generated Howells is done up to this many pairs. */
#define SW_HOWELL_BALANCE_MAX 64
/* At most this many passes of arrow switching for a generated Howell, each
 * from the previous one's result (they stop when a pass gains nothing). */
#define SW_HOWELL_PASSES 8

/* Complete Howell for `pairs` pairs: every two pairs meet exactly once over
 * the full length (pairs-1 rounds for even, pairs rounds for odd, one pair
 * sitting out each round), one board group a round for every pair: G = N
 * groups (N = the number of rounds of the full movement), every pair plays
 * each once (but the one of its sit-out). Each table plays its own group in
 * a round (a Room square, no board copies needed) except for 4, 5 and 6
 * pairs, where every table of a round plays that round's group
 * (docs/movements.md). Up to
 * SW_HOWELL_BALANCE_MAX pairs the directions are chosen by arrow switching
 * (sw_movement_improve) for balans' Qf, which is set as reference value;
 * 16 and 32 pairs are built on the field GF(2^k) instead, Qf 100.
 * rounds <= 0 means the full length; fewer rounds takes the first ones; more
 * is SW_ERR_INVALID. pairs < 2 is SW_ERR_INVALID, sizes over the limits
 * SW_ERR_LIMIT. Deterministic: the same arguments give the same movement. */
SW_NODISCARD sw_status sw_movement_howell(int pairs, int rounds, sw_movement *m, sw_error *err);

/* Mitchell for `pairs` pairs on T = ceil(pairs/2) tables: NS pair t sits at
 * table t, EW pairs T+1..2T move up one table and boards down one table each
 * round; with an even number of tables the EW pairs skip a table after half
 * the rounds. An odd number of pairs has no EW pair 2T: the table it would
 * visit is empty and its NS pair rests. Full length: T rounds for odd T,
 * T-1 for even T (a skip Mitchell's round T would repeat every EW pair's
 * first meeting, see docs/movements.md). rounds <= 0 means the full length;
 * more is SW_ERR_INVALID. */
SW_NODISCARD sw_status sw_movement_mitchell(int pairs, int rounds, sw_movement *m, sw_error *err);

/* The Mitchell variants a club uses (docs/movements.md). PLAIN: as
 * sw_movement_mitchell, with the skip when T is even. SKIP: the same, but
 * refused for an odd T (which needs none). RELAY: relay and bye stand, for
 * an even T >= 4: tables 1 and T share a board set every round, a set rests
 * on a bye stand between tables T/2 and T/2+1, the EW pairs move up one
 * table a round with no skip: T rounds, every NS pair meets every EW pair
 * once, T board sets. */
typedef enum { SW_MITCHELL_PLAIN = 0, SW_MITCHELL_SKIP, SW_MITCHELL_RELAY } sw_mitchell_kind;
SW_NODISCARD sw_status sw_movement_mitchell_kind(int pairs, int rounds, sw_mitchell_kind kind,
                                                 sw_movement *m, sw_error *err);

/* balans' quality factor Qf of m (data/movements/README.md): 100 * minsq /
 * sum(B^2) over its integer score matrix B; 100 for fewer than 2 positions or
 * a movement that is not two-seat; -1 when out of memory. */
double sw_movement_qf(const sw_movement *m);

/* Arrow switching (docs/movements.md): up to this many free tables the
 * choices are all tried; the default work budget of the local search above
 * that (flip evaluations weighted by the tables of the group). */
#define SW_IMPROVE_EXHAUSTIVE_MAX 20
#define SW_IMPROVE_DEFAULT_BUDGET 20000000LL

typedef struct sw_improve_options {
    long long budget; /* <= 0: SW_IMPROVE_DEFAULT_BUDGET */
    unsigned long long seed;
} sw_improve_options;

typedef struct sw_improve_stats {
    double qf_before, qf_after;
    int switched;    /* tables whose NS and EW pairs were exchanged */
    bool exhaustive; /* every choice was tried: qf_after is the best there is */
    bool optimal;    /* exhaustive, or Qf reached its bound 100 */
} sw_improve_stats;

/* Raise in's Qf by arrow switching: choose which tables (round, table) play
 * with their two pairs exchanged, so that who meets whom and which boards
 * every pair plays stay the same. Exhaustive over the free tables (all but
 * one table of each group) when there are at most SW_IMPROVE_EXHAUSTIVE_MAX,
 * else a deterministic local search (threshold accepting) within the budget.
 * Never lowers Qf: the input orientation is the starting best. *out is a new
 * movement (name copied) whose reference Qf is qf_after to two decimals.
 * opt may be NULL. SW_ERR_INVALID for a movement that is not two-seat. */
SW_NODISCARD sw_status sw_movement_improve(const sw_movement *in, const sw_improve_options *opt,
                                           sw_movement *out, sw_improve_stats *stats,
                                           sw_error *err);

/* ---- what a tournament director should know (fit.c) --------------------- */

/* Board sets m needs beyond one per group: a group played at k tables in one
 * round needs k-1 copies (or the tables share its boards, a relay), so each
 * group needs its most tables in any round, less one. extra (G+1 entries,
 * may be NULL) gets each group's; returns the total, -1 when out of memory. */
int sw_movement_copies(const sw_movement *m, int *extra);

/* Appends, for every group played at more than one table in a round, "A at
 * 3 tables in rounds 1-2, 5" (its most tables in a round and the rounds
 * with more than one), joined by "; "; nothing when none needs a copy. */
void sw_movement_copies_text(const sw_movement *m, sw_strbuf *out);

/* True when m leaves more positions empty than one table seats for a field
 * of `present` participants: more than m->seats empty positions (a bridge
 * movement: more than two phantoms, so a whole table or more could go). */
bool sw_movement_oversized(const sw_movement *m, int present);

/* Appends the seatwise command that generates a movement of the same kind
 * for `present` pairs ("seatwise movement howell --pairs 10 --rounds 7"):
 * a Mitchell when about half m's positions stay at their tables (unless
 * it has fewer than half the rounds m or a Howell would play), else a
 * Howell; m's rounds when the smaller one has that many, else its full
 * length noted as "(R rounds, not R')". Nothing for a movement that is not
 * two-seat or fewer than 2 present. */
void sw_movement_smaller(const sw_movement *m, int present, sw_strbuf *out);

#endif
