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

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "movement/movement.h"
#include "util/error.h"
#include "util/strbuf.h"

#define SW_SEASON_MAX_PARTICIPANTS 1000
#define SW_SEASON_MAX_SESSIONS 200
#define SW_PARTICIPANT_MAX_ID 999999
#define SW_PARTICIPANT_MAX_RESTS 1000
/* History values per pair (the exact-range check of sw_matrix_init decides
 * what fits together with the season's rounds). */
#define SW_HISTORY_MAX_MEETINGS 100000
#define SW_HISTORY_MAX_DENOMINATOR 1000000 /* of a comparisons value */

typedef struct sw_participant {
    int id;    /* number in the pairs file, 1..SW_PARTICIPANT_MAX_ID, unique */
    int rests; /* sit-outs carried over from an earlier competition */
    char *name;
} sw_participant;

typedef struct sw_session {
    int movement;  /* index into sw_season.movements */
    bool played;   /* fixed: counts in the matrices, never changed by the search */
    bool *present; /* [n]: present[i] for participant index i */
    /* [P+1]: assign[p] = participant index + 1 at position p (1..P), 0 = empty;
     * assign[0] is unused. Every present participant holds exactly one position. */
    int *assign;
} sw_session;

/* Earlier play (docs/formats.md, "History file"): a fixed baseline added to
 * M and C before the sessions' contributions. Comparisons are exact
 * rationals with the common denominator `scale`. */
typedef struct sw_history {
    int32_t *meet; /* [n*n], symmetric, 0 on the diagonal; NULL = no history */
    int64_t *comp; /* [n*n], symmetric: C of earlier play times scale */
    int64_t scale; /* >= 1: the lcm of the denominators of every comparisons value */
    int nfiles;
    char **files; /* [nfiles]: history paths as written in the season file */
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
} sw_season;

/* ---- pairs file (parenfile) ---- */

/* Parse "number rests name..." lines (# comments, blank lines ignored). On
 * success *part is a new array of *n participants the caller frees with
 * sw_participants_free. Ids must be unique and positive. */
SW_NODISCARD sw_status sw_parenfile_parse(const char *text, size_t len, const char *file,
                                          sw_participant **part, int *n, sw_error *err);
SW_NODISCARD sw_status sw_parenfile_read(const char *path, sw_participant **part, int *n,
                                         sw_error *err);
void sw_participants_free(sw_participant *part, int n);

/* ---- history ---- */

/* Parse a history CSV (rows "id,id,meetings[,comparisons]", docs/formats.md)
 * for the participants of s and add it to s->history. Errors name file, line
 * and field; after one, s->history may hold part of the file (free s). */
SW_NODISCARD sw_status sw_history_parse(const char *text, size_t len, const char *file,
                                        sw_season *s, sw_error *err);
SW_NODISCARD sw_status sw_history_read(const char *path, sw_season *s, sw_error *err);

/* The largest history meeting count of any pair (0 without history). */
int32_t sw_history_max_meetings(const sw_season *s);

/* Release s->history and zero it. */
void sw_history_free(sw_history *h);

/* ---- seasons ---- */

/* Read a season file (format in docs/formats.md). The pairs file and movement
 * files it names are read relative to the season file's directory. */
SW_NODISCARD sw_status sw_season_read(const char *path, sw_season *s, sw_error *err);

/* Read path as a season file, or, when its first word is a number, as an ASC
 * movement analyzed on its own (sw_season_from_movement); *movement_only
 * tells which. */
SW_NODISCARD sw_status sw_season_read_any(const char *path, sw_season *s, bool *movement_only,
                                          sw_error *err);

/* A season from the analyze contract (JSON, docs/formats.md): participants
 * and sessions rebuilt from their tables (seasonjson.c). file names the text
 * in messages. */
SW_NODISCARD sw_status sw_season_parse_json(const char *text, size_t len, const char *file,
                                            sw_season *s, sw_error *err);

/* Parse season text; dir is the directory relative paths are resolved from. */
SW_NODISCARD sw_status sw_season_parse(const char *text, size_t len, const char *file,
                                       const char *dir, sw_season *s, sw_error *err);

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

/* Append the season as a season file (with every assignment as a seats line)
 * that sw_season_parse reads back to the same season. */
void sw_season_write(const sw_season *s, sw_strbuf *out);

/* Index of the participant with this id, or -1. */
int sw_season_find(const sw_season *s, int id);

/* Number of participants present in session k. */
int sw_season_present_count(const sw_season *s, int k);

#endif
