/* src/seating/seating_internal.h: helpers shared inside src/seating only:
 * the event builder both parsers call (it owns every rule about ids, so the
 * text and JSON inputs cannot drift apart), the small JSON reader, rounds
 * as a season (event_season.c), the round layout and the one exchange move
 * of every seating search, the search of the next-round modes
 * (round_search.c), winds over many tables (winds.c) and the schedules'
 * search state (schedule_tabu.c).
 * SPDX-License-Identifier: MIT */
#ifndef SW_SEATING_INTERNAL_H
#define SW_SEATING_INTERNAL_H

#include <time.h>

#include "seating/seating.h"

/* What a table belongs to while reading. */
enum { SW_SECTION_NONE, SW_SECTION_ROUND, SW_SECTION_SCRIPT };

/* ---- event builder (event.c); file is the input's name, line 1-based ---- */

/* Remember path in ev->files; returns its index or -1 when out of memory. */
int sw_seating_ev_file_index(sw_seating_event *ev, const char *path);

sw_status sw_seating_ev_player(sw_seating_event *ev, long id, const char *name, size_t namelen,
                               const char *file, int line, sw_error *err);
/* Start round (number 0 = the next) of the history or the script. */
sw_status sw_seating_ev_section_begin(sw_seating_event *ev, int section, long number,
                                      const char *file, int line, sw_error *err);
/* Add a table to the round begun last in section. */
sw_status sw_seating_ev_table(sw_seating_event *ev, int section, const long ids[SW_WINDS],
                              const char *file, int line, sw_error *err);
/* Check the round of section begun at header_line once its tables are read. */
sw_status sw_seating_ev_section_end(sw_seating_event *ev, int section, const char *file,
                                    int header_line, sw_error *err);
/* The player did not play in the last history round (checked, not stored). */
sw_status sw_seating_ev_sitout(sw_seating_event *ev, long id, const char *file, int line,
                               sw_error *err);
sw_status sw_seating_ev_standing(sw_seating_event *ev, long id, int64_t points, long games,
                                 int file_index, const char *file, int line, sw_error *err);
/* Changes; after = the rounds played before the change (the text format
 * passes ev->nrounds, the JSON form states it). */
sw_status sw_seating_ev_enter(sw_seating_event *ev, long id, const char *name, size_t namelen,
                              long after, const char *file, int line, sw_error *err);
sw_status sw_seating_ev_withdraw(sw_seating_event *ev, long id, long after, const char *file,
                                 int line, sw_error *err);
sw_status sw_seating_ev_substitute(sw_seating_event *ev, long new_id, long old_id, const char *name,
                                   size_t namelen, long after, const char *file, int line,
                                   sw_error *err);
sw_status sw_seating_ev_team(sw_seating_event *ev, long id, const char *name, size_t namelen,
                             const char *file, int line, sw_error *err);
sw_status sw_seating_ev_map(sw_seating_event *ev, long script_id, long id, const char *file,
                            int line, sw_error *err);

/* A result for the table read last in the current round (kind
 * SW_RESULT_SCORES or SW_RESULT_POINTS, values by seat); a chombo penalty
 * for player id in it; the event's rules (once, before any round). */
sw_status sw_seating_ev_result(sw_seating_event *ev, int section, int kind,
                               const int64_t v[SW_WINDS], int file_index, const char *file,
                               int line, sw_error *err);
/* The places of the table read last, whose result is points: a
 * permutation of 1..4 that ranks higher points before lower ones. */
sw_status sw_seating_ev_places(sw_seating_event *ev, int section, const int place[SW_WINDS],
                               const char *file, int line, sw_error *err);
sw_status sw_seating_ev_chombo(sw_seating_event *ev, int section, long id, long count,
                               const char *file, int line, sw_error *err);
sw_status sw_seating_ev_rules(sw_seating_event *ev, const sw_mahjong_rules *rules, const char *file,
                              int line, sw_error *err);

/* p12 (twelfths of a game point) as points, game points / 1000, with three
 * decimals (rounded half away from zero); a + before a positive value when
 * sign. */
void sw_mahjong_put_points(sw_strbuf *sb, int64_t p12, bool sign);
/* x's mean place, places / games, with two decimals (half up; "-" without
 * games). */
void sw_mahjong_put_mean_place(sw_strbuf *sb, const sw_mahjong_standing *x);

/* Parse a decimal number of points ("-12.5", "+3", "25000") with at most 3
 * decimals into thousandths. Returns NULL or what is wrong. */
const char *sw_seating_parse_points(const char *s, size_t n, int64_t *out);

/* ---- text format (event_text.c) and JSON (event_json.c) ---- */

sw_status sw_seating_read_text(sw_seating_event *ev, const char *text, size_t len, const char *path,
                               sw_error *err);
sw_status sw_seating_read_json(sw_seating_event *ev, const char *text, size_t len, const char *path,
                               sw_error *err);

/* ---- the event as a season (event_season.c) ---- */

/* sw_seating_event_season over nrounds rounds (not necessarily ev's) of ev's
 * players: the present players not seated in round r take their positions
 * in the order of rest[r * n ...] (NULL: player order); index_ids gives
 * participant i the id i + 1 and no name (any event's ids fit). */
SW_NODISCARD sw_status sw_seating_rounds_season(const sw_seating_event *ev,
                                                const sw_seating_round *rounds, int nrounds,
                                                const int *rest, int first_new, bool index_ids,
                                                sw_season *s, sw_error *err);

/* ---- search (round_search.c) ---- */

/* ---- a round by position, and the exchange of two positions ----
 * Every seating search (round_search.c for the next round, schedule_tabu.c
 * for whole schedules and re-plans) holds a round as the players at its
 * positions: `fours` tables of four from position 0, then the tables of
 * three up to `seated`, then the sit-outs; and moves by the season's one
 * exchange (sw_exchange, season.h: a round is a one-round session, its
 * players numbered from 0 and every position taken), told here which
 * tables it touches: the players at two positions of one round trade
 * places, which moves them between two tables or between a table and the
 * sit-outs. Each search prices the exchange by its own key from the two
 * tables concerned; why not by the matrices (sw_matrix_exchange):
 * docs/design.md. */

static inline int sw_round_table_start(int fours, int t) {
    return t < fours ? 4 * t : 4 * fours + 3 * (t - fours);
}
static inline int sw_round_table_size(int fours, int t) {
    return t < fours ? 4 : 3;
}
/* Table of position p, -1 for a sit-out (p at or past seated). */
static inline int sw_round_table_of(int fours, int seated, int p) {
    return p < 4 * fours ? p / 4 : p < seated ? fours + (p - 4 * fours) / 3 : -1;
}

/* The exchange of the players at positions p and q of a round (at: the
 * player at each position), and the tables they leave (-1: the sit-outs). */
typedef struct sw_round_exchange {
    sw_exchange x; /* the positions and who moves: x.a from p, x.b from q */
    int tp, tq;
} sw_round_exchange;

static inline sw_round_exchange sw_round_exchange_of(const int *at, int fours, int seated, int p,
                                                     int q) {
    return (sw_round_exchange){sw_exchange_of(at, 0, p, q), sw_round_table_of(fours, seated, p),
                               sw_round_table_of(fours, seated, q)};
}
/* Whether it moves anyone: not two seats of one table, nor two sit-outs. */
static inline bool sw_round_exchange_moves(sw_round_exchange e) {
    return e.tp != e.tq;
}
/* Make it on at; pos, when not NULL, holds each player's position and
 * follows (sw_exchange_apply). */
static inline void sw_round_exchange_apply(int *at, int *pos, sw_round_exchange e) {
    sw_exchange_apply(at, pos, e.x);
}

/* The problem of one round: m players to seat at `tables` tables, the
 * first `fours` of four, the rest of three; k more may be swapped in from
 * the sit-out group. Seats are packed: table t starts at sw_seat_table_start. */
typedef struct sw_seat_problem {
    int n;               /* players in the event */
    const int *meetings; /* n*n */
    const int *rank;     /* n: 0 = best; NULL when spread does not count */
    int m;               /* players to seat: 4 * fours + 3 * (tables - fours) */
    int tables;
    int *pool;             /* m + nfree: players to seat, then swappable sit-outs */
    int nfree;             /* sit-out candidates that may swap with seated players */
    const bool *swappable; /* n: may move between the seated and the sit-out group */
    int fours;             /* tables of four; the others seat three */
    const int *team;       /* n: team index or -1; NULL without teams */
    bool hard_teams;       /* teammates apart is feasible: the exact search skips them */
    const int *threes;     /* n: rounds at a table of three so far; NULL: none */
} sw_seat_problem;

/* First seat and size of table t; table of seat i (-1: i >= m, the
 * sit-out group). */
static inline int sw_seat_table_start(const sw_seat_problem *pb, int t) {
    return sw_round_table_start(pb->fours, t);
}
static inline int sw_seat_table_size(const sw_seat_problem *pb, int t) {
    return sw_round_table_size(pb->fours, t);
}
static inline int sw_seat_table_of(const sw_seat_problem *pb, int i) {
    return sw_round_table_of(pb->fours, pb->m, i);
}

typedef struct sw_seat_cost {
    long pairs;     /* pairs at a table that met before */
    long crossings; /* sum of their earlier meetings */
    long spread;    /* sum over tables of worst minus best rank */
    long clashes;   /* pairs of teammates at one table */
} sw_seat_cost;

/* Search the round: best of opt's tries plus an exhaustive search within
 * opt->exact_nodes. seats has room for m + nfree: on return it holds the
 * tables (packed, wind order not yet chosen), then the sit-outs. start, if
 * not NULL, is a seating (m + nfree) without teammates at a table: try 0
 * falls back to it when its own start has teammates together. */
sw_status sw_seat_search(const sw_seat_problem *pb, const sw_seating_options *opt, const int *start,
                         int *seats, sw_seating_outcome *out, sw_error *err);

/* Seat pool[0..m) so that no two teammates share a table when every team has
 * at most `tables` of them: sorted by team, dealt round the tables seat
 * level by level. seats gets m players (packed). */
void sw_seat_deal_teams(const sw_seat_problem *pb, int *seats);

/* Pantheon's simplified swiss: top player, then the best-ranked player
 * nobody seated has met, else the one with the fewest meetings. pool is in
 * rank order; seats gets the m players packed (tables of three last). */
void sw_seat_greedy_swiss(const sw_seat_problem *pb, int *seats);

/* Swap players between tables of seats (packed, m) while that lowers the
 * pairs of teammates at one table: for the fixed layouts (interval,
 * swiss-first), the fewest changes to them. */
void sw_seat_repair_teams(const sw_seat_problem *pb, int *seats);

/* Cost of the tables in seats (packed). */
sw_seat_cost sw_seat_cost_of(const sw_seat_problem *pb, const int *seats);

/* A substitute continues the entry of the player replaced: add the older
 * player's meetings, winds, sit-outs and tables of three to the newer one's
 * (modes.c). */
void sw_seating_merge_entries(const sw_seating_event *ev, sw_seating_stats *st);

/* ---- winds over many tables (winds.c) ---- */

/* Winds for tabs[0..count) in order with sw_seating_assign_winds, counting
 * from winds (n * SW_WINDS, updated); then up to `sweeps` passes that give
 * each table its best order again while the sum of squared wind spreads
 * falls. */
void sw_seating_winds_tables(int *winds, int n, sw_seating_table *tabs, size_t count, int sweeps,
                             sw_rng *rng);

/* Exact winds for R rounds of T tables of four of n players (tabs[r * T +
 * t]): every player sits each wind equally often in each run of 4 of their
 * games. False when out of memory (the tables keep their order). */
bool sw_seating_exact_winds(int n, int R, int T, sw_seating_table *tabs);

/* ---- the schedules' search state (schedule_tabu.c) ---- */

static inline double sw_seating_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

#define SW_SCHEDULE_DEFAULT_ITERATIONS 50000L

/* R rounds of n players in the schedule's layout, with the meetings, rests
 * and tables of three they make and the tabu search's key. */
/* A term of the schedule's search key (rep, sq below): 64 bits on every
 * target, since sq weighs tables of three by 2^36 and long has 32 bits on
 * some (wasm32, docs/web.md). */
typedef long long sw_sched_key;

typedef struct sw_sched {
    /* players, rounds, tables: T4 of four at positions 0..4*T4-1, then
     * tables of three up to `seated`; positions seated..n-1 sit out */
    int n, R, T, T4, seated;
    int *at;    /* [R*n]: player at position p of round r */
    int *pos;   /* [R*n]: position of player i in round r */
    int *meet;  /* [n*n] */
    int *rests; /* [n] */
    int *thr;   /* [n]: rounds at a table of three */
    /* A re-plan (replan.c) starts from the rounds played: their meetings,
     * rests and tables of three (NULL: none), and may move round 0 too
     * (first = 0; else 1, as players are interchangeable in round 0).
     * team (NULL: none) makes a pair of teammates at one table cost
     * SW_SCHED_CLASH_WEIGHT repeats, so the search keeps them apart first. */
    const int *base_meet, *base_rests, *base_thr, *team;
    int first;
    /* The key, compared lexicographically: repeats, then sq = the sum over
     * players of their squared rounds at a table of three (flattest is
     * fairest) times SW_SCHED_THR_WEIGHT, plus the sum of squared excess
     * meetings (a stand-in for So). Without tables of three sq is just the
     * latter. */
    sw_sched_key rep, sq;
} sw_sched;

/* Above any sum of squared excess meetings (pairs x rounds^2 < 2^35 at the
 * largest sizes); with the squared counts (< 2^26) the sum fits 63 bits. */
#define SW_SCHED_THR_WEIGHT (1LL << 36)
#define SW_SCHED_CLASH_WEIGHT 1000000LL /* above any count of repeats */

/* A round's layout (above): table of position p (-1: a sit-out), first
 * position and number of seats of table t. */
static inline int sw_sched_table_of(const sw_sched *s, int p) {
    return sw_round_table_of(s->T4, s->seated, p);
}
static inline int sw_sched_table_start(const sw_sched *s, int t) {
    return sw_round_table_start(s->T4, t);
}
static inline int sw_sched_table_size(const sw_sched *s, int t) {
    return sw_round_table_size(s->T4, t);
}

static inline bool sw_sched_key_less(sw_sched_key rep_a, sw_sched_key sq_a, sw_sched_key rep_b,
                                     sw_sched_key sq_b) {
    return rep_a < rep_b || (rep_a == rep_b && sq_a < sq_b);
}

/* Allocate s for n players, R rounds, `threes` tables of three a round
 * (first = 1, no history); false when out of memory (s zeroed). */
bool sw_sched_alloc(sw_sched *s, int n, int R, int threes);
void sw_sched_free(sw_sched *s);
/* Recompute meetings, rests and the key from s->at. */
void sw_sched_rebuild(sw_sched *s);

typedef struct sw_sched_run {
    long iterations;
    bool stopped;
} sw_sched_run;

/* The tabu search from s within `limit` iterations (-1: none) or the
 * deadline (0: none), until the key reaches (rep_lb, sq_lb); s ends in the
 * best state seen. Rounds before s->first stay. */
sw_status sw_sched_tabu(sw_sched *s, const sw_schedule_options *o, long limit, sw_sched_key rep_lb,
                        sw_sched_key sq_lb, double deadline, sw_sched_run *run, sw_error *err);

/* Developed schedules: whether group order g fits s, and the search of
 * base rounds developed by it (s ends holding its best; pass picks the
 * stream). */
bool sw_sched_cyclic_fits(const sw_sched *s, int g);
sw_status sw_sched_cyclic(sw_sched *s, const sw_schedule_options *o, int g, int pass, long limit,
                          double deadline, sw_sched_run *run, sw_error *err);

/* The tabu search (above) over R rounds of n players as one call, for the
 * re-plan: at [R*n] holds each round's players at positions (T4 tables of
 * four, then `threes` of three, then the sit-outs) and gets the result.
 * meet [n*n], rests and thr [n] are the counts of the rounds played before
 * (the history); team [n] (or NULL) keeps teammates apart first. All rounds
 * may change. */
sw_status sw_schedule_tabu(int n, int R, int threes, int *at, const int *meet, const int *rests,
                           const int *thr, const int *team, const sw_schedule_options *o,
                           long *iterations, bool *stopped, sw_error *err);

/* sw_seating_schedule for an event with rounds played or changes (replan.c). */
sw_status sw_seating_replan(sw_seating_event *ev, const sw_schedule_options *o,
                            sw_schedule_outcome *out, sw_error *err);

/* ---- the 32-player construction (golf.c) ---- */

enum { SW_GOLF32_PLAYERS = 32, SW_GOLF32_ROUNDS = 10 };

/* Fill at[r * 32 + p], r < 10, with player 0..31 at position p of round r
 * (table p / 4): a schedule in which no pair meets twice. Returns false
 * only if the construction's small search failed, which it does not. */
bool sw_seating_golf32_build(int *at);

/* ---- schedules built from stored base blocks (designs.c) ---- */

/* The rounds of the stored repeat-free schedule of n players at tables of
 * four: (n - 1)/3 for n = 16, 28, 40, 52, 64, 76, 88, 100, 11 for 36, else
 * 0 (none stored). */
int sw_design_rounds(int n);

/* Fill at[r * n + p], r < rounds, with player 0..n-1 at position p of round
 * r (table p / 4): the first rounds of that schedule. False when there is
 * none or rounds is over sw_design_rounds(n). */
bool sw_design_build(int n, int rounds, int *at);

#endif
