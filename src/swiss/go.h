/* src/swiss/go.h: Go tournaments as OpenGotha (V3.51.02) keeps them, and
 * their McMahon or Swiss pairing as OpenGotha computes it (docs/go.md).
 * The model is read from OpenGotha's XML tournament file (gotha.c) and the
 * file's own parameter sets drive the pairing (mcmahon.c: scores, score
 * groups, the cost of every pair, the bye, the matching, colours and
 * handicaps, table numbers). A round is appended to the file's tree and the
 * tree written back, so what seatwise does not model stays as it was.
 * Rounds are 0-based here (round 1 of the file is 0).
 * SPDX-License-Identifier: MIT */
#ifndef SW_GO_H
#define SW_GO_H

#include <stdbool.h>
#include <stdint.h>

#include "util/error.h"
#include "util/strbuf.h"

#define SW_GO_MAX_ROUNDS 20 /* OpenGotha's limit */
#define SW_GO_MAX_CATEGORIES 10
#define SW_GO_MIN_RANK (-30) /* 30k; 1k = -1, 1d = 0, 9d = 8 */
#define SW_GO_MAX_RANK 8
/* Most players paired in one round (the costs are an n x n matrix). */
#define SW_GO_MAX_PAIRED 4000

typedef enum {
    SW_GO_RES_UNKNOWN,
    SW_GO_RES_WHITE,
    SW_GO_RES_BLACK,
    SW_GO_RES_EQUAL,
    SW_GO_RES_BOTHWIN,
    SW_GO_RES_BOTHLOSE
} sw_go_result;

/* Placement criteria, in OpenGotha's names (sw_go_crit_name). */
typedef enum {
    SW_GO_C_NULL,
    SW_GO_C_CAT,
    SW_GO_C_RANK,
    SW_GO_C_RATING,
    SW_GO_C_NBW,
    SW_GO_C_MMS,
    SW_GO_C_STS,
    SW_GO_C_CPS,
    SW_GO_C_SOSW,
    SW_GO_C_SOSWM1,
    SW_GO_C_SOSWM2,
    SW_GO_C_SODOSW,
    SW_GO_C_SOSOSW,
    SW_GO_C_CUSSW,
    SW_GO_C_SOSM,
    SW_GO_C_SOSMM1,
    SW_GO_C_SOSMM2,
    SW_GO_C_SODOSM,
    SW_GO_C_SOSOSM,
    SW_GO_C_CUSSM,
    SW_GO_C_SOSTS,
    SW_GO_C_EXT,
    SW_GO_C_EXR,
    SW_GO_C_DC,
    SW_GO_C_SDC,
    SW_GO_C_COUNT
} sw_go_crit;

typedef enum { SW_GO_SEED_RANDOM, SW_GO_SEED_FOLD, SW_GO_SEED_SLIP } sw_go_seed;
typedef enum { SW_GO_DUDD_TOP, SW_GO_DUDD_MID, SW_GO_DUDD_BOT } sw_go_dudd_mode;

typedef struct sw_go_player {
    char *name, *first_name;
    char *key;     /* name + first name, spaces removed, upper case (games refer to it) */
    char *club;    /* its first 4 UTF-16 code units, as OpenGotha keeps it */
    char *country; /* may be "" */
    int rank;      /* SW_GO_MIN_RANK .. SW_GO_MAX_RANK */
    int rating;    /* -900 .. 2949 */
    int smms_corr;
    bool fin;                              /* registeringStatus FIN (else PRE) */
    unsigned char plays[SW_GO_MAX_ROUNDS]; /* participation flag of each round */
    int line;
} sw_go_player;

typedef struct sw_go_game {
    int round, table; /* round 0-based, table 1-based as in the file */
    int white, black; /* player indices */
    int handicap;
    sw_go_result result;
    bool bydef;          /* the result was by default (forfeit) */
    bool unknown_colour; /* strKnownColor="false": the .h9 file writes '?' */
    int line;
} sw_go_game;

typedef struct sw_go_bye {
    int round, player;
    int line;
} sw_go_bye;

typedef struct sw_go_params {
    /* GeneralParameterSet */
    int rounds, ncat, cat_lower[SW_GO_MAX_CATEGORIES];
    int floor, bar; /* ranks (McMahon zero: always 30k, OpenGotha ignores genMMZero) */
    int mms2_absent, mms2_bye, nbw2_absent, nbw2_bye;
    bool round_down, half_point;
    /* HandicapParameterSet */
    bool hd_mms;
    int hd_threshold, hd_correction, hd_ceiling;
    /* PlacementParameterSet */
    sw_go_crit crit[6];
    /* PairingParameterSet */
    int64_t avoid_dupl, random, balance_wb, avoid_mixing_cat, min_score_diff, dudd_weight;
    bool deterministic, compensate_dudd;
    sw_go_dudd_mode dudd_upper, dudd_lower;
    int64_t max_seeding;
    int last_round_seed1; /* 1-based, as the file says */
    sw_go_seed seed1, seed2;
    sw_go_crit add_crit1, add_crit2;
    int se_rank_threshold;
    bool se_nbw_threshold, se_bar_threshold;
    int64_t min_handicap, avoid_same_geo, pref_country, pref_club;
    double nx1;
} sw_go_params;

typedef struct sw_go_club_group {
    char *name;
    char **clubs;
    int nclubs;
} sw_go_club_group;

struct sw_xml_node;

typedef struct sw_go_tournament {
    char *path;
    struct sw_xml_node *doc; /* the whole file, for writing back */
    sw_go_player *players;
    int nplayers;
    sw_go_game *games;
    int ngames;
    sw_go_bye *byes;
    int nbyes;
    sw_go_params par;
    sw_go_club_group *groups;
    int ngroups;
} sw_go_tournament;

/* Read an OpenGotha tournament file. Errors name the file, the line of the
 * element and the attribute: a broken XML, an unknown rank, a game or bye
 * naming no player, a player key given twice, a round out of range. */
SW_NODISCARD sw_status sw_go_read(const char *path, sw_go_tournament *t, sw_error *err);
/* The same from text in memory (path names it in errors). */
SW_NODISCARD sw_status sw_go_parse(const char *data, size_t len, const char *path,
                                   sw_go_tournament *t, sw_error *err);
void sw_go_free(sw_go_tournament *t);

/* The file's text: the tree as read plus the rounds added. */
void sw_go_write(const sw_go_tournament *t, sw_strbuf *out);

/* OpenGotha's rank text ("3K", "2D", "1P") as a rank; false when it is none. */
bool sw_go_parse_rank(const char *s, int *rank);
/* The rank as OpenGotha writes it ("3K", "1D"). buf holds 8 bytes. */
void sw_go_rank_text(int rank, char *buf);
const char *sw_go_crit_name(sw_go_crit c);

/* The key of a name (sw_go_player.key), allocated; NULL when out of memory. */
char *sw_go_key(const char *name, const char *first_name);

/* One round as OpenGotha pairs it. */
typedef struct sw_go_pairing {
    int round;
    int ngames;
    sw_go_game *games; /* in table order, table numbers set, result unknown */
    int bye;           /* player index, or -1 */
} sw_go_pairing;

/* The round to pair next: one past the last round holding a game or a bye
 * (0 when none); SW_ERR_INVALID when every round is played. */
SW_NODISCARD sw_status sw_go_next_round(const sw_go_tournament *t, int *round, sw_error *err);

/* Pair round r (0-based; it must hold no game or bye yet, and at most
 * SW_GO_MAX_PAIRED players take part: else SW_ERR_LIMIT). */
SW_NODISCARD sw_status sw_go_pair(const sw_go_tournament *t, int r, sw_go_pairing *out,
                                  sw_error *err);
void sw_go_pairing_free(sw_go_pairing *p);

/* Add the pairing's games and bye to the model and to the file's tree. */
SW_NODISCARD sw_status sw_go_add_round(sw_go_tournament *t, const sw_go_pairing *p, sw_error *err);

/* The nine cost terms OpenGotha adds for a pair (docs/go.md), for checks. */
enum {
    SW_GO_T_DUPL,
    SW_GO_T_RANDOM,
    SW_GO_T_WB,
    SW_GO_T_CAT,
    SW_GO_T_SCORE,
    SW_GO_T_DUDD,
    SW_GO_T_SEED,
    SW_GO_T_HANDICAP,
    SW_GO_T_GEO,
    SW_GO_NTERMS
};

/* A round's pairing state (scores, groups, draws), from sw_go_round_new. */
typedef struct sw_go_round sw_go_round;
SW_NODISCARD sw_status sw_go_round_new(const sw_go_tournament *t, int r, sw_go_round **out,
                                       sw_error *err);
void sw_go_round_free(sw_go_round *rd);
/* The players to pair in pairing order (before the bye is taken out). */
const int *sw_go_round_order(const sw_go_round *rd, int *n);
/* The bye OpenGotha would choose among the players to pair, or -1 (even). */
int sw_go_round_bye(const sw_go_round *rd);
/* costValue(p1, p2): 1 + the terms (each written to terms when non-NULL);
 * p1 is the player earlier in the pairing order. -1 where OpenGotha's
 * arithmetic divides by zero (a player whose score lies outside every
 * score group, docs/go.md step 6): it cannot pair such a round. */
int64_t sw_go_round_cost(const sw_go_round *rd, int p1, int p2, int64_t *terms);
/* gameBetween(p1, p2): white, black and handicap. */
void sw_go_round_game(const sw_go_round *rd, int p1, int p2, sw_go_game *g);
/* A player's criterion value before round index k (k = -1: before round 1). */
int64_t sw_go_round_crit(const sw_go_round *rd, sw_go_crit c, int p, int k);

/* The standings after round index k (0-based): the players who have a
 * game or a bye in any round (every player when the file's DPParameterSet
 * says displayNPPlayers="true"), as OpenGotha shows them, ordered
 * by the six placement criteria (each descending), then name and first
 * name; players equal on all six share a place. crit holds the criteria's
 * values as OpenGotha keeps them (sw_go_crit_scale). */
typedef struct sw_go_standing {
    int player;
    int place; /* 1-based, shared by players equal on every criterion */
    int64_t crit[6];
} sw_go_standing;
SW_NODISCARD sw_status sw_go_standings(const sw_go_tournament *t, int k, sw_go_standing **out,
                                       int *n, sw_error *err);

/* The factor a criterion's value is kept with: 2 for scores and their sums
 * (a half point is 1), 4 for SODOS, 1 for rank, rating and category. */
int sw_go_crit_scale(sw_go_crit c);

/* The EGF results file (.h9) of the rounds played so far, ISO-8859-15
 * text (docs/go.md); generator names the program in its header. */
SW_NODISCARD sw_status sw_go_write_h9(const sw_go_tournament *t, const char *generator,
                                      sw_strbuf *out, sw_error *err);

/* The last round holding a game or a bye (0-based), or -1 when none. */
int sw_go_last_round(const sw_go_tournament *t);

/* An attribute of the file's GeneralParameterSet (name, location,
 * beginDate, komi, ...), or def when the file has none. */
const char *sw_go_general_attr(const sw_go_tournament *t, const char *name, const char *def);

/* One row of a players CSV (goplayers.c, docs/formats.md "Go players CSV"). */
typedef struct sw_go_entry {
    char *name, *first_name, *club, *country; /* country "" or two capitals */
    int rank;                                 /* SW_GO_MIN_RANK .. SW_GO_MAX_RANK */
    int rating;                               /* given, or 2100 + 100 * rank */
    int line;
} sw_go_entry;

/* Read a players CSV: a header line naming the columns (name, first name,
 * rank required; rating, club, country optional; any order), then one
 * player a line. Errors name the file, the line and the field: unknown rank,
 * missing name or first name, bad rating or country, a player twice. */
SW_NODISCARD sw_status sw_go_parse_players(const char *data, size_t len, const char *path,
                                           sw_go_entry **out, int *n, sw_error *err);
void sw_go_entries_free(sw_go_entry *e, int n);

/* What a new event needs beyond its players. */
typedef struct sw_go_event {
    const char *name; /* the event's name (also its short name) */
    const char *date; /* YYYY-MM-DD: first and last day */
    int rounds;       /* 1 .. SW_GO_MAX_ROUNDS */
    int floor, bar;   /* McMahon floor and bar (ranks, floor <= bar) */
} sw_go_event;

/* A new McMahon tournament of those players (every one FIN, taking part in
 * every round) with OpenGotha's defaults for a new McMahon tournament
 * (docs/go.md), as if read from a file named path. */
SW_NODISCARD sw_status sw_go_new(const sw_go_entry *e, int n, const sw_go_event *ev,
                                 const char *path, sw_go_tournament *t, sw_error *err);

#endif
