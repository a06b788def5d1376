/* src/seating/seating.h: four players a table (mahjong): the event model, its
 * text and JSON input, the next-round modes (random, swiss, interval,
 * predefined), whole-event schedules, seat winds, sit-outs and the reports.
 *
 * An event is a list of players and the rounds played so far. A round is a
 * list of tables; a table holds four player indices in wind order E, S, W, N,
 * or three (E, S, W) at a table of three, which whole-event schedules may
 * plan when asked.
 * A player takes part in the rounds from the one after they entered (round 1
 * for those declared first) up to the one they withdrew after: a present
 * player not seated in a round sat out that round; an absent one did not.
 * A substitute continues the entry of the player they replace (docs/seating.md:
 * for the seating, their meetings, winds and sit-outs are the entry's). A
 * player may belong to a team: teammates are never seated at one table when
 * that can be done. The model is plain data, so a whole-event schedule
 * (schedule.c) fills the same rounds and reuses the winds, statistics and
 * reports of this module.
 * SPDX-License-Identifier: MIT */
#ifndef SW_SEATING_H
#define SW_SEATING_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "season/season.h"
#include "util/error.h"
#include "util/rng.h"
#include "util/strbuf.h"

#define SW_SEATING_MAX_PLAYERS 4096 /* the meeting matrix is N x N ints */
#define SW_SEATING_MAX_ROUNDS 1000
#define SW_SEATING_MAX_ID 999999999
#define SW_SEATING_POINT_SCALE 1000 /* standings hold points in thousandths */

enum { SW_WIND_E, SW_WIND_S, SW_WIND_W, SW_WIND_N, SW_WINDS };

typedef struct sw_seating_table {
    int seat[SW_WINDS]; /* player indices (0-based) in wind order E, S, W, N;
                           SW_SEAT_EMPTY at N for a table of three */
} sw_seating_table;

#define SW_SEAT_EMPTY (-1)

/* Players at t: 3 at a table of three (its N seat empty), else 4. */
static inline int sw_seating_table_size(const sw_seating_table *t) {
    return t->seat[SW_WIND_N] == SW_SEAT_EMPTY ? 3 : 4;
}

/* A table's result, entered after the round (docs/seating.md, "Results"):
 * the final scores in game points, or the table points already computed
 * (thousandths of a point, as standings hold them), in wind order; and the
 * chombo penalties each seat took. */
enum { SW_RESULT_NONE, SW_RESULT_SCORES, SW_RESULT_POINTS };
typedef struct sw_seating_result {
    int kind;             /* SW_RESULT_* */
    int64_t v[SW_WINDS];  /* scores or points, by seat */
    int chombo[SW_WINDS]; /* penalties, by seat */
    int place[SW_WINDS];  /* with points: the places given (1..4), 0 = from the points */
    int file, line;       /* where the result was entered (file: index into files) */
} sw_seating_result;

typedef struct sw_seating_round {
    int ntables;
    sw_seating_table *tables;   /* owned */
    sw_seating_result *results; /* [ntables], owned; NULL when none was entered */
} sw_seating_round;

/* How table results become points (Pantheon's rulesets): points = score -
 * start + uma by place + oka (to the first: 3/4 of it; each other: -1/4)
 * - chombo per penalty, in game points; standings show them / 1000.
 * Places follow the scores, equal scores by seat (E first); with
 * `equalize` equal scores share their places' uma equally. */
typedef struct sw_mahjong_rules {
    char name[16];
    int64_t start, oka, chombo;
    int64_t uma[SW_WINDS];
    bool equalize;
} sw_mahjong_rules;

/* The rules preset called name ("ema", "wrc"), in *out; false when there
 * is none. */
bool sw_mahjong_preset(const char *name, size_t len, sw_mahjong_rules *out);

typedef struct sw_seating_player {
    int id;        /* as given in the input, 1..SW_SEATING_MAX_ID, unique */
    char *name;    /* owned, never NULL */
    int script_id; /* the predefined script's number for this player (1..N) */
    bool has_standing;
    int64_t points;     /* standing points in thousandths (SW_SEATING_POINT_SCALE) */
    int games;          /* games stated in the standings; -1 when not stated */
    int standing_order; /* position of the standing line: breaks ties in points */
    int standing_file;  /* index into sw_seating_event.files, for late errors */
    int standing_line;
    int from;      /* first round (0-based) the player is present: 0, or r for a
                      late entry or a substitute after round r */
    int until;     /* withdrew after round `until` (present in rounds < until);
                      -1 while still in the event */
    int continues; /* index of the player this one substitutes for, or -1 */
    int team;      /* index into sw_seating_event.teams, or -1 */
} sw_seating_player;

/* Whether player p is in the event in round r (0-based). */
static inline bool sw_seating_present(const sw_seating_player *p, int r) {
    return r >= p->from && (p->until < 0 || r < p->until);
}

typedef struct sw_seating_event {
    int nplayers;
    sw_seating_player *players; /* owned */
    int nrounds;
    sw_seating_round *rounds; /* the rounds played, in order; owned */
    int nscript;
    sw_seating_round *script; /* predefined rounds; seats hold script ids 1..N */
    bool mapped;              /* some 'map' line set script ids explicitly */
    int nstandings;
    int nfiles;
    char **files; /* names of the inputs read, for errors found after parsing */
    int capplayers, caprounds, capscript, capfiles;
    int *mark; /* nplayers scratch stamps: finds a player seated twice in a round */
    int stamp;
    int *idhash; /* open addressing, id -> index + 1; hashcap a power of two */
    int hashcap;
    int nteams, capteams;
    char **teams;           /* team names, owned; players refer to them by index */
    bool changed;           /* some player entered late, withdrew or was substituted */
    sw_mahjong_rules rules; /* EMA unless a 'rules' line says otherwise */
    int rules_line;         /* the 'rules' line, 0 = none */
    bool has_results;       /* some round has a table result */
} sw_seating_event;

/* Zero ev: an event with no players. */
void sw_seating_event_init(sw_seating_event *ev);

/* Release everything ev owns (ev may be NULL or zeroed) and leave it zeroed. */
void sw_seating_event_free(sw_seating_event *ev);

/* Add the text (text format or JSON, told apart by a leading '{') to ev.
 * path names the input in errors ("FILE:LINE: ..."). Several inputs may be
 * read into one event (history, then standings, then a script); players must
 * be declared before they are referred to. On error ev keeps what was added
 * before the failing line and must only be freed. */
SW_NODISCARD sw_status sw_seating_event_read(sw_seating_event *ev, const char *text, size_t len,
                                             const char *path, sw_error *err);

/* Read the file at path with sw_file_read and add it to ev. */
SW_NODISCARD sw_status sw_seating_event_read_file(sw_seating_event *ev, const char *path,
                                                  sw_error *err);

/* Checks that need the whole input: at least 4 players, every player's
 * stated games equal to the tables they sat at in the history, the script
 * mapping a bijection. Call once after the last read. */
SW_NODISCARD sw_status sw_seating_event_check(sw_seating_event *ev, sw_error *err);

/* Index of the player with this id, or -1. */
int sw_seating_find_player(const sw_seating_event *ev, int id);

/* Add a player (id unique, name copied; NULL gives "Player ID"). For
 * programs that build events in memory. */
SW_NODISCARD sw_status sw_seating_add_player(sw_seating_event *ev, int id, const char *name,
                                             sw_error *err);

/* Append a round of ntables tables (copied) to the history. Checks indices
 * and that nobody is seated twice. */
SW_NODISCARD sw_status sw_seating_add_round(sw_seating_event *ev, const sw_seating_table *tables,
                                            int ntables, sw_error *err);

/* Changes after the rounds played so far (ev->nrounds): player id withdraws
 * (absent from the next round on); a late entry (present from the next
 * round); new_id substitutes for old_id (old withdraws, new enters and
 * continues old's entry). name as in sw_seating_add_player. */
SW_NODISCARD sw_status sw_seating_withdraw(sw_seating_event *ev, int id, sw_error *err);
SW_NODISCARD sw_status sw_seating_enter(sw_seating_event *ev, int id, const char *name,
                                        sw_error *err);
SW_NODISCARD sw_status sw_seating_substitute(sw_seating_event *ev, int new_id, int old_id,
                                             const char *name, sw_error *err);
/* Put player id in the team called name (once per player). */
SW_NODISCARD sw_status sw_seating_set_team(sw_seating_event *ev, int id, const char *name,
                                           sw_error *err);

/* Set player index p's standing (points in thousandths). */
void sw_seating_set_points(sw_seating_event *ev, int p, int64_t points);

/* ---- statistics over the history ---- */

typedef struct sw_seating_stats {
    int n;
    int *meetings;          /* n*n: rounds in which i and j sat at one table */
    int *winds;             /* n*SW_WINDS: rounds player i sat in each wind */
    int *sitouts;           /* n: rounds player i was present and did not play */
    int *present;           /* n: rounds player i was present */
    int *games;             /* n: rounds player i played */
    int *threes;            /* n: rounds player i played at a table of three */
    long repeats;           /* sum over pairs of max(0, meetings - 1) */
    long repeat_pairs;      /* pairs that met more than once */
    long crossings;         /* sum over pairs of M(M-1)/2: each meeting counts the
                               earlier ones of the same pair (Pantheon's measure) */
    int max_meetings;       /* most rounds any pair sat at one table */
    int repeat_free_rounds; /* leading rounds in which no pair met a second time */
    int wind_spread_max;    /* max over players of (most - least frequent wind) */
    int sitout_spread;      /* max - min of sitouts */
    int threes_spread;      /* max - min of threes (0 without tables of three) */
    bool has_threes;        /* some table of three was played */
    long team_clashes;      /* pairs of teammates seated at one table, all rounds */
} sw_seating_stats;

/* Compute the statistics of the first nrounds rounds of ev (nrounds < 0: all),
 * per player (a substitute and the player replaced count apart). */
SW_NODISCARD sw_status sw_seating_stats_init(sw_seating_stats *st, const sw_seating_event *ev,
                                             int nrounds, sw_error *err);
void sw_seating_stats_free(sw_seating_stats *st);

/* ---- seat winds and sit-outs (shared with whole-event schedules) ---- */

/* Reorder the four players of t so that each gets a wind they have had
 * least: minimises, over the 24 orders, first the sum of the squared wind
 * spreads after the round, then the sum of the counts of the winds given;
 * ties are broken with rng. winds is n*SW_WINDS as in sw_seating_stats and is
 * updated for the chosen order. */
void sw_seating_assign_winds(int *winds, sw_seating_table *t, sw_rng *rng);

/* Choose k of the n players to sit out: those with the fewest sit-outs so
 * far (sitouts[]), so nobody sits out twice before everyone has once. Among
 * players with equal counts, preference[] orders the choice (lower value
 * sits out first). out gets k indices. */
void sw_seating_choose_sitouts(int n, const int *sitouts, const int *preference, int k, int *out);

/* ---- the next-round modes ---- */

typedef enum {
    SW_SEATING_RANDOM,      /* shuffles searched for the fewest repeats */
    SW_SEATING_SWISS,       /* by standings, searched: fewest repeats, then rank spread */
    SW_SEATING_SWISS_FIRST, /* Pantheon's simplified swiss: the first variant (baseline) */
    SW_SEATING_INTERVAL,    /* ranks 1,1+K,1+2K,1+3K at table 1, ... */
    SW_SEATING_PREDEFINED   /* the script's next round */
} sw_seating_mode;

typedef struct sw_seating_options {
    sw_seating_mode mode;
    int interval;      /* K >= 1 for SW_SEATING_INTERVAL */
    uint64_t seed;     /* all randomness derives from it */
    long tries;        /* variants to search; 0: until time_limit, or 1 without one */
    double time_limit; /* seconds; 0 = none. With only tries set, the result
                          depends on the seed alone, never on timing */
    long exact_nodes;  /* node budget of the exhaustive search on the crossings */
    int threes;        /* tables of three a round (the rest of four), or
                          SW_SEATING_THREES_AUTO: the fewest that seat every
                          present player; 0 (default): tables of four and
                          sit-outs */
    const volatile sig_atomic_t *stop; /* set asynchronously to stop the search early */
    void (*progress)(void *ctx, long tries, long crossings, long spread);
    void *progress_ctx; /* called when a better variant is found */
} sw_seating_options;

#define SW_SEATING_THREES_AUTO (-1)

/* The tables of three that `threes` (a count or SW_SEATING_THREES_AUTO) asks
 * for among n present players: auto gives 0, 3, 2 or 1 for n mod 4 = 0, 1,
 * 2, 3 (0 for 5 players: one sits out). -1 when 3 * threes > n. */
int sw_seating_threes_for(int threes, int n);

/* Defaults: random mode, interval 1, seed 1, 500 tries, no time limit. */
void sw_seating_options_default(sw_seating_options *opt);

typedef struct sw_seating_outcome {
    long tries;          /* variants evaluated */
    long repeat_pairs;   /* pairs in the new round that had met before */
    long crossings;      /* sum of their earlier meetings: what is minimised */
    long spread;         /* sum over tables of (worst - best rank); ranking modes */
    int sitouts;         /* players sitting out the new round */
    int threes;          /* tables of three in the new round */
    int clashes;         /* pairs of teammates at one table in the new round */
    bool teams_feasible; /* a seating without teammates at a table exists (a
                            team has at most as many seated players as there
                            are tables); false: clashes is the fewest found */
    int big_team;        /* when not feasible: the team (index) with the most
                            seated players */
    bool exhaustive;     /* the exact search finished: crossings is the minimum */
    bool stopped;        /* the time limit or the stop flag ended the search */
} sw_seating_outcome;

/* Seat the next round with opt->mode and append it to ev->rounds. Only the
 * players present in it are seated (sw_seating_present). With opt->threes
 * some tables seat three (E, S, W; N empty). The fewest players sit out
 * (what the tables leave over), chosen by sw_seating_choose_sitouts:
 * by rank (lowest first) in the ranking modes, at random in random mode.
 * Winds by sw_seating_assign_winds. Errors: swiss and interval need a
 * standing for every player and at least one played round; predefined needs
 * the script to hold the round. out may be NULL. */
SW_NODISCARD sw_status sw_seating_next_round(sw_seating_event *ev, const sw_seating_options *opt,
                                             sw_seating_outcome *out, sw_error *err);

/* Name of a mode ("random", ...) and the reverse (-1 when unknown). */
const char *sw_seating_mode_name(sw_seating_mode mode);
int sw_seating_mode_parse(const char *name);

/* ---- whole-event schedules (schedule.c) ---- */

typedef struct sw_schedule_options {
    int rounds;                  /* R >= 1 rounds to plan */
    uint64_t seed;               /* all randomness derives from it */
    int restarts;                /* restarts of the season search (stage 1); 0 skips it */
    int threes;                  /* tables of three a round (the rest of four); or
                                    SW_SCHEDULE_THREES_AUTO: the fewest that seat
                                    everyone (none when N mod 4 is 0; 5 players: none) */
    int threads;                 /* threads of the season search, 0 = as OpenMP offers */
    long iterations;             /* tabu iterations on the repeats (stage 2); 0: until
                                    time_limit, or a default without one */
    double time_limit;           /* seconds for both stages; 0 = none. With iterations
                                    set and no time limit hit, the result depends on the
                                    seed alone */
    volatile sig_atomic_t *stop; /* set asynchronously to stop early */
    void (*progress)(void *ctx, long iterations, long repeats);
    void *progress_ctx; /* called when the tabu search finds fewer repeats */
} sw_schedule_options;

#define SW_SCHEDULE_THREES_AUTO (-1)

/* Defaults: seed 1, 1 restart, 50000 iterations, no time limit, no tables
 * of three. */
void sw_schedule_options_default(sw_schedule_options *opt);

typedef struct sw_schedule_outcome {
    long repeats;           /* sum over pairs of max(0, meetings - 1) */
    long repeats_bound;     /* max(0, meetings - pairs): no schedule has fewer */
    long stage1_repeats;    /* repeats after the season search (-1: skipped) */
    int repeat_free_rounds; /* leading rounds without a repeat (after reordering) */
    int sitout_spread;      /* max - min sit-outs, at most 1 */
    int threes_spread;      /* max - min rounds at a table of three */
    int wind_spread_max;
    int restarts;           /* season search restarts run */
    long iterations;        /* tabu iterations run */
    long cyclic_iterations; /* iterations of the developed-round search */
    int threes;             /* tables of three a round */
    int cyclic;             /* > 0: the result was developed from base rounds
                               by a group of this order (docs/seating.md) */
    int constructed;        /* rounds taken from a construction (golf.c:
                               32 x 10; designs.c: 16 to 100 players, 36 x
                               11): R when R is at most its C rounds, and no
                               search ran; else the first C, the search's
                               start; 0 for other sizes */
    double So, So_bound;    /* the season criterion and its lower bound */
    double seconds;
    bool stopped;  /* the time limit or the stop flag ended the search */
    int replanned; /* rounds re-planned after the played ones (an event that
                      changes, replan.c); 0 for a whole schedule */
    long clashes;  /* re-planned: pairs of teammates at one table in them */
} sw_schedule_outcome;

/* Plan the event up to opt->rounds rounds in all: for the players of ev (at
 * least 4, at most SW_SEASON_MAX_PARTICIPANTS) with no rounds yet, no
 * changes and no teams, all rounds at once as below. Otherwise (rounds
 * played, withdrawals, late entries, substitutes or teams) the played rounds
 * stay fixed and the remaining ones are re-planned together from them
 * (replan.c): the present players, teammates apart, fewest repeats with the
 * history counted, sit-outs fair. Appended to ev: K =
 * opt->threes tables of three and floor((N - 3K)/4) of four a round, the
 * other players sit out. Ranked by: sit-outs fair (spread
 * at most 1), fewest repeats, then So, then wind balance (docs/seating.md).
 * out may be NULL. */
SW_NODISCARD sw_status sw_seating_schedule(sw_seating_event *ev, const sw_schedule_options *opt,
                                           sw_schedule_outcome *out, sw_error *err);

/* ---- the event as a season (event_season.c) ---- */

/* The event in the season model, as 'seatwise analyze' reads the event's
 * JSON: participant i is player i (id, name, no carried-over rests); round r
 * is session r, a one-round movement of four seats a table whose positions
 * are the round's present players in order of their first seat (table by
 * table, E S W N), then the present players who sat out; a table of three
 * leaves N empty and plays. Sessions of one shape share a movement. Rounds
 * numbered first_new and later are not played (first_new < 1: all are).
 * The season's matrices and criteria are the event's. Errors:
 * SW_ERR_LIMIT/SW_ERR_INVALID when the event is beyond a season (more than
 * SW_SEASON_MAX_PARTICIPANTS players, an id over SW_PARTICIPANT_MAX_ID, no
 * round or more than SW_SEASON_MAX_SESSIONS), SW_ERR_NOMEM. On success *s
 * is the caller's to free with sw_season_free; on failure it is untouched. */
SW_NODISCARD sw_status sw_seating_event_season(const sw_seating_event *ev, int first_new,
                                               sw_season *s, sw_error *err);

/* ---- reports ---- */

typedef enum {
    SW_SEATING_TEXT,
    SW_SEATING_JSON,
    SW_SEATING_CSV,
    SW_SEATING_HTML,    /* one printable page: table sheets, itineraries, heatmap */
    SW_SEATING_PANTHEON /* Pantheon's predefined seating: "E-S-W-N" script ids per
                           table, a blank line between rounds (tables of four only) */
} sw_seating_format;

/* Append the report of ev to out: per round the tables with winds and the
 * sit-outs, per player their tables and opponents, the repeats and the wind
 * balance. Rounds numbered first_new and later are marked as new in the
 * text. JSON follows the analyze contract (docs/seating.md). The Pantheon
 * script is refused (SW_ERR_INVALID) when a round has a table of three. */
SW_NODISCARD sw_status sw_seating_report(const sw_seating_event *ev, sw_seating_format fmt,
                                         int first_new, sw_strbuf *out, sw_error *err);

/* ---- results and standings (results.c) ---- */

/* One player's standing from the results entered. */
typedef struct sw_mahjong_standing {
    int player;        /* index into ev->players */
    int rank;          /* 1-based; equal for a shared place */
    int64_t points12;  /* points in twelfths of a game point (exact) */
    int games, places; /* tables with a result, and the sum of the places there */
    int chombos;
} sw_mahjong_standing;

/* The points each seat of a table with result res takes, in twelfths of a
 * game point (exact: uma shared by 2 or 3, oka in quarters), and each
 * seat's place (1..4). The table must have four players. */
void sw_mahjong_table_points(const sw_mahjong_rules *rules, const sw_seating_result *res,
                             int64_t pts12[SW_WINDS], int place[SW_WINDS]);

/* Every player's standing over the results entered, best first: points,
 * then the lower mean place; players equal in both share a rank (listed by
 * id). *out has ev->nplayers entries (the caller frees it). Errors name the
 * result's line: scores that do not add up to 4 x start, a result at a
 * table of three. */
SW_NODISCARD sw_status sw_mahjong_standings(const sw_seating_event *ev, sw_mahjong_standing **out,
                                            sw_error *err);

/* Give every player the standing the results make (points rounded to
 * thousandths of a point, ties kept in the exact order), unless standings
 * were typed ('standing' lines: then false). For the swiss mode. */
SW_NODISCARD sw_status sw_mahjong_apply_standings(sw_seating_event *ev, bool *applied,
                                                  sw_error *err);

/* Append the standings (sw_mahjong_standings) to out: text for people,
 * CSV (rank,id,name,points,games,mean_place,chombo) or JSON with the
 * rules; points in game points / 1000 with three decimals. */
SW_NODISCARD sw_status sw_mahjong_standings_report(const sw_seating_event *ev,
                                                   sw_seating_format fmt, sw_strbuf *out,
                                                   sw_error *err);

#endif
