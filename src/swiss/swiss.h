/* src/swiss/swiss.h: Swiss pairing for two per table from FIDE TRF-16 records.
 *
 * Flow: sw_swiss_trf_parse (syntax) -> sw_swiss_validate (the record obeys the
 * rules) -> sw_swiss_pair (next round, exact, blossom matching) or
 * sw_swiss_pair_fast (greedy passes + local repair) -> sw_swiss_trf_add_round
 * and sw_swiss_trf_write to run an event round by round. Rules and weight
 * encoding: docs/swiss.md. Scores are kept in half points (2 = one point).
 * SPDX-License-Identifier: MIT */
#ifndef SW_SWISS_H
#define SW_SWISS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/error.h"
#include "util/rng.h"
#include "util/strbuf.h"

/* One round entry of a player: opponent id (0 = none), colour 'w', 'b' or '-',
 * result code as in TRF-16 ('1','0','=','+','-','W','D','L','H','F','U','Z',' '). */
typedef struct sw_swiss_game {
    int opp;
    char colour;
    char result;
} sw_swiss_game;

typedef struct sw_swiss_player {
    int id;               /* starting rank, 1..max */
    int rating;           /* 0 when absent */
    int points2;          /* stated points, in half points */
    int line;             /* 1-based line of its 001 record */
    char *prefix;         /* the record text before the round columns (name etc.), owned */
    sw_swiss_game *games; /* nrounds entries (owned; shared capacity rounds_cap) */
    bool absent;          /* listed in XXZ: not paired in the next round */
    int *accel2;          /* acceleration (XXA, or --baku) per round, half points, owned;
                           * added to the score when that round is paired */
    int naccel;           /* entries in accel2; later rounds have none */
} sw_swiss_player;

/* The point system (TRF(x) XXS): points of each kind of result, in half
 * points, indexed by these codes (JaVaFo's names). */
enum {
    SW_PTS_WW, /* win with white */
    SW_PTS_BW, /* win with black */
    SW_PTS_WD, /* draw with white */
    SW_PTS_BD,
    SW_PTS_WL, /* loss with white */
    SW_PTS_BL,
    SW_PTS_ZPB, /* zero-point bye */
    SW_PTS_HPB, /* half-point bye */
    SW_PTS_FPB, /* full-point bye */
    SW_PTS_PAB, /* pairing-allocated bye */
    SW_PTS_FW,  /* forfeit win */
    SW_PTS_FL,  /* forfeit loss */
    SW_PTS_N
};

typedef struct sw_swiss_trf {
    char path[256]; /* for messages */
    int nplayers;
    sw_swiss_player *players; /* in file order */
    int *index_of_id;         /* id -> index in players, -1; size max_id + 1 */
    int max_id;
    int nrounds; /* rounds recorded (longest player record) */
    int rounds_cap;
    int total_rounds;    /* XXR or TRF-2026's 142, 0 when not given */
    bool rounds_by_142;  /* total_rounds came from a 142 line */
    int id_width;        /* XXW, default 4 */
    char initial_colour; /* 'w' (white1) or 'b' (black1) */
    bool initial_given;  /* an XXC line set it (else it is read from the record's first
                          * coloured round, white when there is none) */
    /* The column after the last played round holds only byes written ahead
     * for the round to be paired (`0000 H`, F, U or Z, no games): it is not a
     * played round. Its players are absent from the pairing and keep their
     * entry (games[nrounds]); their points exclude it. */
    bool preset;
    bool points_custom;  /* an XXS line: pts2 holds the point system */
    int pts2[SW_PTS_N];  /* half points per result kind when points_custom */
    bool accelerated;    /* XXA or 250 lines (or --baku) gave accelerations */
    bool baku_named;     /* a 192 line named the Baku method: applied on reading */
    bool burstein_named; /* a 192 line named the Burstein system: sw_swiss_pair uses it */
    /* Set when the text was not UTF-8 and was read as Windows-1252
     * (Latin-1): what was converted, for the caller to show; else "". */
    char encoding_note[200];
    char **other_lines; /* header lines kept verbatim (not 001/XXR/XXC/XXW/XXZ; XXS and
                         * XXA are read and kept) */
    int *other_lineno;  /* the line of each (0: one seatwise added), for messages */
    int nother;
} sw_swiss_trf;

/* Largest number of players accepted (exit code 4 beyond it). */
#define SW_SWISS_MAX_PLAYERS 1000000
#define SW_SWISS_MAX_ROUNDS 200

/* Parse TRF-16 text (path is used in messages only). Syntax errors name the
 * line and column; ownership of the model passes to the caller (free with
 * sw_swiss_trf_free). */
SW_NODISCARD sw_status sw_swiss_trf_parse(const char *text, size_t len, const char *path,
                                          sw_swiss_trf *trf, sw_error *err);
/* Read and parse a file. */
SW_NODISCARD sw_status sw_swiss_trf_read(const char *path, sw_swiss_trf *trf, sw_error *err);

/* The text's encoding. AUTO: valid UTF-8 is kept as it is, anything else is
 * read as Windows-1252 (Latin-1) and converted (trf->encoding_note says so).
 * UTF8: a byte that is not UTF-8 is an error naming its line and column.
 * LATIN1: always converted. Converted names keep their columns: a name
 * grows into the blanks after it and is cut (at a character) when its
 * 33 bytes overflow; another non-ASCII byte of a 001 line becomes '?'.
 * sw_swiss_trf_parse and sw_swiss_trf_read are AUTO. */
typedef enum sw_swiss_encoding {
    SW_SWISS_ENC_AUTO,
    SW_SWISS_ENC_UTF8,
    SW_SWISS_ENC_LATIN1
} sw_swiss_encoding;
SW_NODISCARD sw_status sw_swiss_trf_parse_enc(const char *text, size_t len, const char *path,
                                              sw_swiss_encoding enc, sw_swiss_trf *trf,
                                              sw_error *err);
SW_NODISCARD sw_status sw_swiss_trf_read_enc(const char *path, sw_swiss_encoding enc,
                                             sw_swiss_trf *trf, sw_error *err);

/* The text of a header line of the record (code "012" the event's name,
 * "022" the city, "042" and "052" the first and last day): after the code,
 * blanks trimmed; NULL when the record has no such line or it is blank. */
const char *sw_swiss_trf_header(const sw_swiss_trf *trf, const char *code);
void sw_swiss_trf_free(sw_swiss_trf *trf);

/* Start an empty event with n players numbered 1..n (ratings from the array,
 * may be NULL) for the generator and the tests. */
SW_NODISCARD sw_status sw_swiss_trf_init(sw_swiss_trf *trf, int n, const int *ratings,
                                         int total_rounds, sw_error *err);

/* Text of the whole record (header lines, XXR, XXC, XXW, XXZ, then 001 lines). */
void sw_swiss_trf_write(const sw_swiss_trf *trf, sw_strbuf *out);

/* Check the record before pairing: opponents symmetric, colours opposite,
 * results consistent, stated points = sum of results, no rematch except after
 * a forfeit, at most one pairing-allocated bye (none after a forfeit win),
 * colour history within the absolute rules. The first error names the line
 * and the player. */
SW_NODISCARD sw_status sw_swiss_validate(const sw_swiss_trf *trf, sw_error *err);

/* As sw_swiss_validate, but a past break of the pairing rules (a rematch, a
 * second pairing-allocated bye or one after a forfeit win, a colour beyond
 * the absolute rules) is a warning, not an error: one line per irregularity
 * ("file:line: warning: player P, round R: ... (rule N) ...") is appended
 * to warnings (at most 50 lines, then a count) and *nwarnings counts them
 * all. Only a record that cannot be read consistently (asymmetric
 * opponents, contradictory results or colours, stated points that are not
 * the sum of the results) is refused. The next round is then paired under
 * the rules: no further rematch or bye, a colour difference beyond +-2 may
 * only shrink. */
SW_NODISCARD sw_status sw_swiss_validate_lenient(const sw_swiss_trf *trf, sw_strbuf *warnings,
                                                 int *nwarnings, sw_error *err);

/* Points in half points earned by one result code (the standard 1-½-0). */
int sw_swiss_result_points2(char result);

/* Points in half points of one round's entry under the record's point
 * system (XXS; the standard one without it). */
int sw_swiss_game_points2(const sw_swiss_trf *trf, const sw_swiss_game *g);

/* The acceleration of player p in round r (0-based), half points. */
static inline int sw_swiss_accel2(const sw_swiss_player *p, int r) {
    return r >= 0 && r < p->naccel ? p->accel2[r] : 0;
}

/* The Baku acceleration (FIDE C.04.5.1): GA, the first 2*ceil(n/4) players
 * by pairing number, get 1 virtual point in the first ceil(A/2) of the A =
 * ceil(XXR/2) accelerated rounds and 0.5 in the rest; none after. Fills
 * each player's accel2. SW_ERR_INVALID without XXR, with XXA lines already
 * there, or with a point system other than 1-½-0. */
SW_NODISCARD sw_status sw_swiss_trf_baku(sw_swiss_trf *trf, sw_error *err);

/* One board: white and black ids; black 0 = pairing-allocated bye. */
typedef struct sw_swiss_board {
    int white, black;
} sw_swiss_board;

typedef struct sw_swiss_options {
    bool fast;                    /* greedy passes + repair instead of the exact matching */
    bool waive_colour_last_round; /* absolute colour rules off when pairing round XXR */
    bool explain;                 /* fill sw_swiss_pairing.explain */
    /* Exact mode's first, sparse solve: each player's candidates are the
     * players within this many ranks of it and of its ideal partner. 0 picks
     * the default (16; the full graph at once below 64 players), -1 always the
     * full graph. Any value gives the same optimum (docs/swiss.md). */
    int sparse_window;
    /* Pair by the Burstein system (FIDE C.04.4.2, as bbpPairings implements
     * it; docs/swiss.md) instead of the Dutch one; fast is then ignored. */
    bool burstein;
} sw_swiss_options;

/* How the exact matching reached its optimum (for the benchmark and tests). */
typedef struct sw_swiss_match_stats {
    int solves;      /* matching runs: sparse attempts plus the full graph if needed */
    int full;        /* 1 when the full graph had to be solved */
    long edges;      /* edges in the last run */
    int priced;      /* edges added because the dual certificate did not cover them */
    int weight_bits; /* widest edge weight of the round's matchings, sign included */
} sw_swiss_match_stats;

/* Quality of a pairing, for the benchmark, 'check' and the tests. */
typedef struct sw_swiss_quality {
    int pairs; /* boards with two players */
    int byes;
    int unpaired;         /* present players left without a board */
    long score_diff_sum2; /* sum of |score difference| over boards, half points */
    int score_diff_max2;
    int colour_misses; /* players not given the colour they prefer */
    long std_distance; /* per player, ranks between its opponent and the one of the
                        * standard pairing (capped at 63), summed: the last tie-break */
    int violations;    /* boards that break an absolute rule: must be 0 */
} sw_swiss_quality;

typedef struct sw_swiss_pairing {
    int round; /* the round paired, 1-based */
    int nboards;
    sw_swiss_board *boards; /* best first; the bye last */
    int nunpaired;
    int *unpaired;     /* ids left out because no legal pairing includes them */
    sw_strbuf why;     /* one line per unpaired player: the rule that forced it */
    sw_strbuf explain; /* per board reasons when options.explain */
    sw_swiss_quality quality;
    sw_swiss_match_stats stats; /* summed over the matchings of the round */
} sw_swiss_pairing;

/* Pair the next round (trf->nrounds + 1) of a validated record. A round in
 * which not everyone present can be paired legally still succeeds: the left
 * out players are in unpaired/why (the CLI turns this into exit code 1).
 * SW_ERR_LIMIT when the weights would not fit (far beyond 10k players). */
SW_NODISCARD sw_status sw_swiss_pair(const sw_swiss_trf *trf, const sw_swiss_options *opt,
                                     sw_swiss_pairing *out, sw_error *err);
void sw_swiss_pairing_free(sw_swiss_pairing *p);

/* Append a round: the boards of p with results (one per board: '1' white
 * won, '0' black won, '=' draw, '+' white won by forfeit, '-' black won by
 * forfeit, ' ' not played yet: opponent and colour without a result, for
 * the record an arbiter fills in; ignored for the bye) and update points. Absent and unpaired
 * players get a zero-point entry ('-' for absent as TRF 'Z'). */
SW_NODISCARD sw_status sw_swiss_trf_add_round(sw_swiss_trf *trf, const sw_swiss_pairing *p,
                                              const char *results, sw_error *err);

/* The boards of a recorded round (1-based, 1..trf->nrounds) numbered as
 * the pairing list numbers them when seatwise pairs that round: by the
 * higher player's points before the round, then the lower player's, then
 * the higher player's pairing number; the pairing-allocated bye last
 * (black 0). *boards is allocated (free it). */
SW_NODISCARD sw_status sw_swiss_round_boards(const sw_swiss_trf *trf, int round,
                                             sw_swiss_board **boards, int *nboards, sw_error *err);

/* One entry of a round's results: a board's result (board >= 1; white and
 * black the two players' TRF codes) or a bye code for a player without a
 * board (board 0, player its id, white the code H, F, U or Z, or ' ' for
 * the word none: withdraw what was entered ahead). line: where it was
 * read. */
typedef struct sw_swiss_result {
    int board, player;
    char white, black;
    int line;
} sw_swiss_result;

/* A result word (1-0, 0-1, =, ½-½, 0.5-0.5, +/-, -/+, -/-, ...: docs/formats.md)
 * as white's and black's codes; false when w[0..n) is none. */
bool sw_swiss_result_word(const char *w, size_t n, char *white, char *black);

/* Parse a results text ("BOARD RESULT" and "player ID CODE" entries
 * separated by blanks or line ends, '#' comments). Errors name path, the
 * line and the column. *out is allocated (free it). */
SW_NODISCARD sw_status sw_swiss_results_parse(const char *text, size_t len, const char *path,
                                              sw_swiss_result **out, int *nout, sw_error *err);

/* Enter results into round `round` (1-based) of the record: every entry is
 * checked first against the round's boards (sw_swiss_round_boards): an
 * unknown board, a result for the bye, a player entry for a player who has
 * a board, anything given twice is an error naming path and the entry's
 * line, and nothing changes. Then both players' result codes are written
 * and every player's points are recomputed from the record. *missing (may
 * be NULL) is the number of the round's boards still without a result.
 * round = trf->nrounds + 1 (the round not paired yet) takes byes only
 * (player entries H, F or Z): they are written ahead in that round's
 * column (trf->preset), their players absent from its pairing; none (' ')
 * withdraws a player's entry there or XXZ absence, and is refused in a
 * round already paired. */
SW_NODISCARD sw_status sw_swiss_results_apply(sw_swiss_trf *trf, int round,
                                              const sw_swiss_result *entries, int n,
                                              const char *path, int *missing, sw_error *err);

/* The record as it stood after its first `rounds` rounds (0 <= rounds <
 * trf->nrounds): the later rounds and a column of byes written ahead left
 * out, stated points recomputed. For the standings while a round is still
 * being played. */
void sw_swiss_trf_truncate(sw_swiss_trf *trf, int rounds);

/* Score the boards of a round against the record before it. */
void sw_swiss_measure(const sw_swiss_trf *trf, int round, const sw_swiss_board *boards, int nboards,
                      bool waive_colour, sw_swiss_quality *q);

/* A simulated event: n players, ratings drawn, results from the rating
 * difference (draws, forfeits and absentees included), each round paired by
 * seatwise itself (fast when opt->fast). SW_ERR_INVALID when a round leaves
 * a present player without a legal pairing (too many rounds for the
 * players: 3 players play at most 3 rounds). */
SW_NODISCARD sw_status sw_swiss_generate(int players, int rounds, uint64_t seed,
                                         const sw_swiss_options *opt, sw_swiss_trf *trf,
                                         sw_error *err);

/* 'check': re-pair every round from the state before it and describe in
 * report each round where the record differs from seatwise's pairing. Sets
 * *differing to the number of such rounds. */
SW_NODISCARD sw_status sw_swiss_check(const sw_swiss_trf *trf, const sw_swiss_options *opt,
                                      sw_strbuf *report, int *differing, sw_error *err);

/* Agreement of a replay with the record, round by round. */
typedef struct sw_swiss_check_stats {
    int rounds;    /* rounds re-paired */
    int identical; /* same boards, same colours, same bye */
    int colours;   /* same boards and bye, some colours differ */
    int differing; /* other boards or another bye */
} sw_swiss_check_stats;

/* As sw_swiss_check, and counts identical rounds: colours are compared too
 * (a round whose colours differ is reported). Without an XXC line the
 * initial colour is read from the record's first round (rule: the higher
 * ranked player of a board gets the initial colour when his pairing number
 * is odd). */
SW_NODISCARD sw_status sw_swiss_check_stats_run(const sw_swiss_trf *trf,
                                                const sw_swiss_options *opt, sw_strbuf *report,
                                                sw_swiss_check_stats *stats, sw_error *err);

#endif
