/* src/season/season.h: participants, sessions and assignments.
 *
 * A season is a list of participants (from the pairs file, picolo's parenfile)
 * and a list of sessions, each played with one movement. For every session it
 * records who is present and the assignment: the participant at each movement
 * position (0 = the position is empty, a phantom). The assignment is the only
 * thing the search changes; sessions marked played are fixed.
 * Participants are referred to by index 0..n-1 inside the library and by their
 * id (the number in the pairs file) in files and reports.
 * SPDX-License-Identifier: MIT */
#ifndef SW_SEASON_H
#define SW_SEASON_H

#include <assert.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "movement/movement.h"
#include "util/error.h"
#include "util/rng.h"
#include "util/strbuf.h"

#define SW_SEASON_MAX_PARTICIPANTS 1000
/* Sessions: as many as the rounds the matrices support (every session has
 * at least one round), so the rounds limit is the one that binds. */
#define SW_SEASON_MAX_SESSIONS 500
/* Sections of one session (a pin names a set of them as a bit mask). */
#define SW_SESSION_MAX_SECTIONS 32
#define SW_SECTION_MAX_NAME 16
/* The handout's heading (season file 'title', 'date', 'boards' lines). */
#define SW_SEASON_MAX_TITLE 120
#define SW_SESSION_DATE_LEN 10 /* YYYY-MM-DD */
#define SW_MAX_BOARDS_PER_ROUND 100
#define SW_PARTICIPANT_MAX_ID 999999
#define SW_PARTICIPANT_MAX_RESTS 1000
/* History values per pair (the exact-range check of sw_matrix_init decides
 * what fits together with the season's rounds). */
#define SW_HISTORY_MAX_MEETINGS 100000
#define SW_HISTORY_MAX_DENOMINATOR 1000000 /* of a comparisons value */
/* The largest unit of the history's meetings (history.unit): 100000
 * meetings of 1/20000 still fit an int32_t. */
#define SW_HISTORY_MAX_UNIT 20000

/* Player ids: club member numbers run to 8 digits, so up to 9. */
#define SW_PLAYER_MAX_ID 999999999

/* One of a pair's two players (a 'player' line of the pairs file): what a
 * history per player is mapped through (docs/formats.md, "Pairs file"). */
typedef struct sw_player {
    int id;     /* 1..SW_PLAYER_MAX_ID; 0 = not named */
    int rests;  /* sit-outs this player carries from earlier play */
    char *name; /* may be empty; NULL when not named */
} sw_player;

typedef struct sw_participant {
    int id; /* number in the pairs file, 1..SW_PARTICIPANT_MAX_ID, unique */
    /* Sit-outs carried over: the pair line's, or its players' mean, which
     * may end in a half: rests + rests_half / 2 (sw_participant_rests). */
    int rests;
    int rests_half; /* 0 or 1 */
    char *name;
    /* The pair's two players, or none (player[0].id == 0). A player may be
     * in several pairs (partnerships change), with one name and rests. */
    sw_player player[2];
} sw_participant;

/* A section of a session (an A, B, C line): its own movement. The session's
 * movement is the disjoint union of its sections' movements, section by
 * section: positions, tables and board groups renumbered so that no two
 * sections share any, so meetings and comparisons never cross sections
 * (docs/formats.md, "Sections"). */
typedef struct sw_section {
    char *name;         /* as written: "A", "B", "north" (up to SW_SECTION_MAX_NAME bytes) */
    int movement;       /* index into sw_season.movements: the section's own movement */
    int first_position; /* the section's position p is the session's first_position + p */
    int first_table;    /* its table t is the session's table first_table + t */
    int first_group;    /* its board group g is the session's group first_group + g */
} sw_section;

/* A pin: where a participant may sit, in one session or every session they
 * are present in. Kept as written (section names are resolved per session)
 * so the season file is written back the same. */
typedef enum { SW_PIN_SECTIONS, SW_PIN_TABLE, SW_PIN_POSITION, SW_PIN_STATIONARY } sw_pin_kind;

typedef struct sw_pin {
    int part;    /* participant index */
    int session; /* session index; -1 = the whole season */
    int line;    /* of the season file, for messages; 0 = none */
    /* a set of sections; a table (and direction) kept for every round of
     * the session; any position that keeps one table (stationary); a
     * position */
    sw_pin_kind kind;
    char *sections; /* section names separated by single blanks; NULL = none named */
    int table;      /* SW_PIN_TABLE: table (of the named section, else of the session) */
    int dir;        /* SW_PIN_TABLE: 0 NS, 1 EW; 10..13 E, S, W, N (four seats); -1 any */
    int position;   /* SW_PIN_POSITION: position (of the named section, else of the session) */
} sw_pin;

typedef struct sw_session {
    int movement;  /* index into sw_season.movements */
    bool played;   /* fixed: counts in the matrices, never changed by the search */
    bool *present; /* [n]: present[i] for participant index i */
    int line;      /* of its 'session' keyword in the season file, 0 = none */
    /* [P+1]: assign[p] = participant index + 1 at position p (1..P), 0 = empty;
     * assign[0] is unused. Every present participant holds exactly one position. */
    int *assign;
    int nsections;          /* 0: one movement, no sections */
    sw_section *sections;   /* [nsections] */
    unsigned char *section; /* [P+1]: section index of position p; NULL without sections */
    /* The pins in force (sw_season_resolve_pins); all NULL when none is:
     * fixed[i] the position participant i must hold (0 = none), allowed[i]
     * the bit mask of the sections i may sit in (0 = any), pin[i] the index
     * of the pin in sw_season.pins + 1 (0 = none), for messages. */
    int *fixed;
    uint32_t *allowed;
    int *pin;
    /* The previous plan of a session not played: the ids its 'seats' line
     * proposed, as written ([nplan], position 1 first; 0 = empty); NULL when
     * it had none. Only a starting point: `assign` is that plan adapted to
     * who is present now, the movement and the pins
     * (sw_season_adopt_plan), and the report compares the result with it. */
    int *plan;
    int nplan;
    char date[SW_SESSION_DATE_LEN + 1]; /* 'date YYYY-MM-DD'; "" = none */
    int boards;                         /* 'boards N' of this session; 0 = the season's */
} sw_session;

/* Earlier play (docs/formats.md, "History file"): a fixed baseline added to
 * M and C before the sessions' contributions. Both are exact rationals:
 * meetings with the common denominator `unit` (1 unless a history per
 * player maps a fraction onto a pair), comparisons with `scale`. */
typedef struct sw_history {
    int32_t *meet; /* [n*n], symmetric, 0 on the diagonal: M of earlier play times unit;
                      NULL = no history */
    int64_t *comp; /* [n*n], symmetric: C of earlier play times scale */
    int64_t unit;  /* >= 1: the lcm of the denominators of every meetings value, at most
                      SW_HISTORY_MAX_UNIT */
    int64_t scale; /* >= 1: the lcm of the denominators of every comparisons value */
    int nfiles;
    char **files; /* [nfiles]: history paths as written in the season file */
    /* Histories per player mapped onto the pairs (sw_history_parse_players),
     * for the report: their rows, the rows left out (a player in no pair)
     * and the players in no pair (ids, ascending, each once). */
    int player_rows, player_rows_left_out;
    int nplayers_left_out;
    int *players_left_out; /* [nplayers_left_out] */
} sw_history;

typedef struct sw_season {
    int n;                  /* participants */
    sw_participant *part;   /* [n], in pairs-file order */
    int nmovements;         /* distinct movements used */
    sw_movement *movements; /* [nmovements] */
    char **movement_files;  /* [nmovements]: paths as written in the season file */
    int nsessions;
    sw_session *sessions; /* [nsessions] */
    char *pairs_file;     /* as written in the season file; NULL if none */
    sw_history history;   /* earlier play; history.meet == NULL when none */
    int npins;
    sw_pin *pins; /* [npins], in file order */
    /* For the printed handout: the club's title ("" = none) and the boards
     * played per round (0 = unknown), so board group g is boards
     * (g-1)*boards+1 .. g*boards; a session's own 'boards' overrides it. */
    char title[SW_SEASON_MAX_TITLE + 1];
    int boards;
} sw_season;

/* A previous season's earlier play: the meetings and comparisons of its
 * played sessions plus its own history, over its participants (out->meet and
 * out->comp [prev->n * prev->n], out->unit, out->scale; files none). A 'history' line
 * naming a season file needs them, and they are the matrices' to compute
 * (src/matrix is above this module), so the readers take this function as a
 * parameter: sw_matrix_played_history, or NULL to refuse such a line. */
typedef sw_status (*sw_season_history_fn)(const sw_season *prev, sw_history *out, sw_error *err);

/* ---- the exchange move ----
 * The one move of every search over seatings: the occupants of two
 * positions of one session trade places. The season's search makes it
 * through sw_matrix_exchange (src/matrix), the four-per-table searches
 * (src/seating: the next round, the schedule's tabu, the re-plan) through
 * sw_round_exchange on a round, which is a one-round session
 * (sw_seating_rounds_season: the round's position p is the session's p + 1).
 * It is stated on an assignment (the occupant at each position) and its
 * inverse pos (the position of each participant), whose occupants are
 * numbered from `base`: a session's assign holds participant index + 1
 * (base 1, 0 = an empty position), a seating round player indices (base 0,
 * every position taken). What it costs is each caller's to price: the
 * matrices update M, C, K and their power sums, the seating keys count
 * their own tables (docs/design.md, "One exchange move"). */
typedef struct sw_exchange {
    int p, q; /* the two positions */
    int a, b; /* who moves: participant index at p and at q before it, -1 = empty */
} sw_exchange;

/* The exchange of the occupants of positions p and q of assign. */
static inline sw_exchange sw_exchange_of(const int *assign, int base, int p, int q) {
    return (sw_exchange){p, q, assign[p] - base, assign[q] - base};
}
/* Whether it changes the assignment: two positions, not both empty. */
static inline bool sw_exchange_changes(sw_exchange x) {
    return x.p != x.q && (x.a >= 0 || x.b >= 0);
}
/* A plain swap: two positions, both taken, so who is seated stays the
 * same (every changing exchange of a seating round is plain). */
static inline bool sw_exchange_plain(sw_exchange x) {
    return x.p != x.q && x.a >= 0 && x.b >= 0;
}
/* Make it: the two entries of assign trade, and pos (NULL: none kept)
 * follows for whoever moved. Making sw_exchange_of(assign, base, p, q)
 * again undoes it exactly. */
static inline void sw_exchange_apply(int *assign, int *pos, sw_exchange x) {
    assert(!pos || x.a < 0 || pos[x.a] == x.p); /* assign and pos are inverses */
    assert(!pos || x.b < 0 || pos[x.b] == x.q);
    int t = assign[x.p];
    assign[x.p] = assign[x.q];
    assign[x.q] = t;
    if (pos) {
        if (x.a >= 0)
            pos[x.a] = x.q;
        if (x.b >= 0)
            pos[x.b] = x.p;
    }
}

/* Whether participant index i may sit at position p of session ss (its pins). */
static inline bool sw_session_may_seat(const sw_session *ss, int i, int p) {
    if (!ss->fixed)
        return true;
    if (ss->fixed[i])
        return ss->fixed[i] == p;
    return !ss->allowed[i] || ((ss->allowed[i] >> ss->section[p]) & 1u);
}

/* Whether exchanging the occupants of positions p and q of session k (under
 * assignment `assign`) keeps every pin: the search asks before every move. */
static inline bool sw_season_may_exchange(const sw_season *s, int k, const int *assign, int p,
                                          int q) {
    const sw_session *ss = &s->sessions[k];
    if (!ss->fixed)
        return true;
    sw_exchange x = sw_exchange_of(assign, 1, p, q);
    return (x.a < 0 || sw_session_may_seat(ss, x.a, q)) &&
           (x.b < 0 || sw_session_may_seat(ss, x.b, p));
}

/* Boards played per round in session k: its own 'boards', else the
 * season's; 0 when unknown. */
static inline int sw_season_boards(const sw_season *s, int k) {
    return s->sessions[k].boards ? s->sessions[k].boards : s->boards;
}

/* ---- pairs file (parenfile) ---- */

/* The rests unit V of a season's participants: 2 when one carries a half
 * rest (its players' rests have an odd sum), else 1. */
int sw_participants_rests_unit(const sw_participant *part, int n);

/* p's carried rests in units of 1/unit (unit 1 or 2; 1 only when p carries
 * no half): exact. */
static inline int sw_participant_rests(const sw_participant *p, int unit) {
    return p->rests * unit + p->rests_half * (unit / 2);
}

/* Parse "number rests name..." lines (# comments, blank lines ignored), each
 * optionally followed by two "player id rests name..." lines naming the
 * pair's players. On success *part is a new array of *n participants the
 * caller frees with sw_participants_free. Ids must be unique and positive. */
SW_NODISCARD sw_status sw_parenfile_parse(const char *text, size_t len, const char *file,
                                          sw_participant **part, int *n, sw_error *err);
SW_NODISCARD sw_status sw_parenfile_read(const char *path, sw_participant **part, int *n,
                                         sw_error *err);
void sw_participants_free(sw_participant *part, int n);

/* *dst = *src with its own copies of the names; -1 when out of memory (dst
 * then holds what was copied, for sw_participants_free). */
int sw_participant_copy(sw_participant *dst, const sw_participant *src);

/* Append part's pairs-file lines (the pair line, then its players' lines)
 * that sw_parenfile_parse reads back to the same participant. */
void sw_participant_write(const sw_participant *part, sw_strbuf *out);

/* ---- history ---- */

/* Parse a history CSV (rows "id,id,meetings[,comparisons]", docs/formats.md)
 * for the participants of s and add it to s->history, fractions exactly (M
 * over history.unit, C over history.scale). Errors name file, line and
 * field; after one, s->history may hold part of the file (free s). */
SW_NODISCARD sw_status sw_history_parse(const char *text, size_t len, const char *file,
                                        sw_season *s, sw_error *err);

/* Parse a history per player (rows "player1,player2,meetings[,comparisons]"
 * under that header, docs/formats.md) and add it to s->history mapped onto
 * the pairs of s by their players: a pair's meetings with another are the
 * sum of their four players' meetings over 4, M and C exact.
 * Rows naming a player of no pair are left out (and counted). */
SW_NODISCARD sw_status sw_history_parse_players(const char *text, size_t len, const char *file,
                                                sw_season *s, sw_error *err);

/* Add the history in the file at path to s->history, whatever its kind
 * (docs/formats.md, "History file"): a CSV; an 'analyze --json' output (its
 * M and C, matched to s's participants by id); or a previous season file
 * (its played sessions and its own history, through played; NULL refuses
 * one). Participants of a JSON or season absent from s are left out. */
SW_NODISCARD sw_status sw_history_read(const char *path, sw_season_history_fn played, sw_season *s,
                                       sw_error *err);

/* Parse an 'analyze --json' output's participants and matrices (meetings,
 * competition, scale) and add them to s->history by participant id. */
SW_NODISCARD sw_status sw_history_parse_json(const char *text, size_t len, const char *file,
                                             sw_season *s, sw_error *err);

/* The largest history meeting count of any pair, times history.unit (0
 * without history). */
int32_t sw_history_max_meetings(const sw_season *s);

/* Release s->history and zero it. */
void sw_history_free(sw_history *h);

/* ---- seasons ---- */

/* Read a season file (format in docs/formats.md). The pairs file and movement
 * files it names are read relative to the season file's directory; played
 * computes a 'history' line that names a previous season file
 * (sw_season_history_fn; NULL refuses such a line). */
SW_NODISCARD sw_status sw_season_read(const char *path, sw_season_history_fn played, sw_season *s,
                                      sw_error *err);

/* Read path as a season file, or, when its first word is a number, as an ASC
 * movement analyzed on its own (sw_season_from_movement); *movement_only
 * tells which. */
SW_NODISCARD sw_status sw_season_read_any(const char *path, sw_season_history_fn played,
                                          sw_season *s, bool *movement_only, sw_error *err);

/* A season from the analyze contract (JSON, docs/formats.md): participants
 * and sessions rebuilt from their tables (seasonjson.c). file names the text
 * in messages. */
SW_NODISCARD sw_status sw_season_parse_json(const char *text, size_t len, const char *file,
                                            sw_season *s, sw_error *err);

/* Parse season text; dir is the directory relative paths are resolved from. */
SW_NODISCARD sw_status sw_season_parse(const char *text, size_t len, const char *file,
                                       const char *dir, sw_season_history_fn played, sw_season *s,
                                       sw_error *err);

/* A season of one played session of m in which participant k sits at position
 * k (ids 1..P, names "position k"): how a single movement is analyzed. */
SW_NODISCARD sw_status sw_season_from_movement(const sw_movement *m, sw_season *s, sw_error *err);

/* A season of `sessions` sessions of m, everyone in part present every session,
 * nothing played, identity assignments (the first P participants seated when
 * there are more than P positions: mark absentees and validate before use).
 * Takes copies of m and part. */
SW_NODISCARD sw_status sw_season_uniform(const sw_movement *m, const char *movement_file,
                                         const sw_participant *part, int n, int sessions,
                                         sw_season *s, sw_error *err);

/* Append a session played with movement m to s (participants already set):
 * m is shared with an earlier session's movement when equal
 * (sw_movement_equal), else appended under movement_file (copied). Everyone
 * is present and nobody seated yet. Takes m's arrays on success and on
 * failure alike; m is left zeroed. Errors: SW_ERR_LIMIT past
 * SW_SEASON_MAX_SESSIONS, SW_ERR_NOMEM. */
SW_NODISCARD sw_status sw_season_add_session(sw_season *s, sw_movement *m,
                                             const char *movement_file, sw_error *err);

/* Deep copy. */
SW_NODISCARD sw_status sw_season_copy(sw_season *dst, const sw_season *src, sw_error *err);

/* Release everything s owns and zero it; accepts a zeroed struct. */
void sw_season_free(sw_season *s);

/* Check the assignments: positions within the movement, every present
 * participant seated exactly once, nobody absent seated, no more present
 * participants than positions. file names the season in messages. */
SW_NODISCARD sw_status sw_season_validate(const sw_season *s, const char *file, sw_error *err);

/* The same checks for session k alone; line (0 = none) goes into a message. */
SW_NODISCARD sw_status sw_season_validate_session(const sw_season *s, int k, const char *file,
                                                  int line, sw_error *err);

/* Give every session with no assignment at all the identity one: present
 * participants in pairs-file order at positions 1, 2, ... */
void sw_season_fill_identity(sw_season *s);

/* Session k (not played) starts from its previous plan ss->plan: each
 * planned participant who is still in the pairs file, present and allowed
 * there by the pins keeps their position; everyone present and unseated
 * (new, back from an absence, or moved off by a pin) takes a free position
 * their pins allow. A plan for a movement of another size, or one no
 * such filling completes, leaves the session unseated (seated afresh by
 * sw_season_fill_identity). Pins must be resolved. Returns -2 when out of
 * memory, else 0. */
int sw_season_adopt_plan(sw_season *s, int k);

/* Append the season as a season file (with every assignment as a seats line)
 * that sw_season_parse reads back to the same season. */
void sw_season_write(const sw_season *s, sw_strbuf *out);

/* ---- sections and pins (sections.c) ---- */

/* The session's movement for sections: the disjoint union of the sections'
 * movements (same rounds, same seats per table), appended to s->movements
 * (file NULL; reused when an earlier session has the same sections). Takes
 * ownership of sec (nsec entries, name and movement set). */
SW_NODISCARD sw_status sw_season_add_sectioned_session(sw_season *s, sw_section *sec, int nsec,
                                                       const char *file, int line, sw_error *err);

/* Resolve s->pins into every session's fixed/allowed arrays. Errors name the
 * pin's line: an unknown section, table or position, a session pin on an
 * absent participant, two pins for one participant, two participants pinned
 * to one position. */
SW_NODISCARD sw_status sw_season_resolve_pins(sw_season *s, const char *file, sw_error *err);

/* One line per session pin that replaces a whole-season pin of the same
 * participant (who is present in that session), for the report. */
void sw_season_pin_overrides(const sw_season *s, sw_strbuf *out);

/* Seat the present participants of session k meeting its pins: pinned
 * positions first, section pins by a matching on the sections' free
 * positions, everyone else on the positions left. rng NULL: pairs-file
 * order on the lowest positions (the identity without pins); else random.
 * Writes assign[0..P] only on success. Returns 0, -1 when no seating meets
 * the pins, -2 when out of memory. */
int sw_season_seat_session(const sw_season *s, int k, sw_rng *rng, int *assign);

/* The smallest set of sections of session k (bit mask) with fewer positions
 * than the present participants pinned to it, *need and *have their counts;
 * 0 when there is none (or more than 12 sections). */
uint32_t sw_session_overfull(const sw_season *s, int k, int *need, int *have);

/* The section of session k that position p (1-based) or table t (0-based)
 * of its movement belongs to, -1 without sections. */
int sw_season_position_section(const sw_season *s, int k, int p);
int sw_season_table_section(const sw_season *s, int k, int t);

/* Table t (0-based) of session k as people number it (1-based): its
 * section's own number; *section gets the section index, -1 without. */
int sw_season_local_table(const sw_season *s, int k, int t, int *section);

/* Board group g (1-based) of session k as its section's movement names it
 * ("A", "B"... or a number); the movement's own name without sections. */
void sw_season_group_label(const sw_season *s, int k, int g, char *buf, size_t size);

/* The session's movement as people name it: its file, or "A: a.asc, B:
 * b.asc" for sections. */
void sw_season_movement_label(const sw_season *s, int k, sw_strbuf *out);

/* Whether the n bytes at s are a day of the calendar written YYYY-MM-DD
 * (a session's 'date'). */
bool sw_season_date_valid(const char *s, size_t n);

/* Append pin i as written after "pin ID " in a season file. */
void sw_pin_write(const sw_season *s, const sw_pin *pin, sw_strbuf *out);

/* Index of the participant with this id, or -1. */
int sw_season_find(const sw_season *s, int id);

/* Number of participants present in session k. */
int sw_season_present_count(const sw_season *s, int k);

#endif
