/* src/swiss/tiebreak.h: standings of a Swiss event with the FIDE tie-breaks
 * (Handbook C.07, the 2024 tie-break regulations and their 2026 amendment of
 * the unplayed rounds' value): points, Buchholz and Sonneborn-Berger with
 * cuts, direct encounter, progressive score, wins, black games, the
 * opponents' average rating, performance ratings, Koya, average of the
 * opponents' Buchholz. Values are exact integers on a fixed scale per
 * tie-break (points in halves, Sonneborn-Berger in quarters, averages
 * rounded half up as FIDE's rating tables are read). Rules, names and the
 * treatment of unplayed rounds: docs/swiss.md ("Standings and tie-breaks").
 * SPDX-License-Identifier: MIT */
#ifndef SW_SWISS_TIEBREAK_H
#define SW_SWISS_TIEBREAK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "swiss/swiss.h"
#include "util/error.h"

typedef enum sw_tb_kind {
    SW_TB_PTS, /* points */
    SW_TB_BH,  /* Buchholz */
    SW_TB_SB,  /* Sonneborn-Berger */
    SW_TB_DE,  /* direct encounter (1 = best among the tied, 0 = not separated) */
    SW_TB_PS,  /* progressive score */
    SW_TB_WIN, /* wins, unplayed ones included */
    SW_TB_WON, /* games won over the board */
    SW_TB_BPG, /* games played with black */
    SW_TB_BWG, /* games won with black */
    SW_TB_REP, /* rounds one elected to play (GE) */
    SW_TB_ARO, /* average rating of opponents */
    SW_TB_TPR, /* tournament performance rating */
    SW_TB_PTP, /* perfect tournament performance */
    SW_TB_KS,  /* Koya score */
    SW_TB_AOB, /* average of the opponents' Buchholz */
    SW_TB_NKINDS
} sw_tb_kind;

typedef struct sw_tiebreak {
    sw_tb_kind kind;
    int cut_low;  /* /Cn (and /Mn): the n lowest values left out */
    int cut_high; /* /Mn: the n highest too */
    int koya_pct; /* KS/Ln: opponents with at least n% of the maximum (50) */
} sw_tiebreak;

#define SW_TB_MAX 32

/* The list used when neither the option nor the record gives one. */
#define SW_TB_DEFAULT_LIST "BH/C1 BH SB DE"

typedef struct sw_tb_list {
    int n;
    sw_tiebreak tb[SW_TB_MAX];
} sw_tb_list;

/* The regulations' versions: the 2026 amendment values an unplayed round
 * by the lower of the player's score and the opponent's (or a draw in
 * every round) for Buchholz and Sonneborn-Berger. */
typedef enum sw_tb_rules {
    SW_TB_RULES_AUTO = 0,
    SW_TB_RULES_2024 = 2024,
    SW_TB_RULES_2026 = 2026
} sw_tb_rules;

/* Parse a list of tie-breaks ("BH/C1 BH SB DE", commas or blanks between
 * them, case ignored; '#' or '!' may stand for '/'). PTS is put first when
 * the list does not start with it. Unknown names and modifiers are errors
 * (message names the word; what names the list's origin for it). */
SW_NODISCARD sw_status sw_tb_parse_list(const char *text, const char *what, sw_tb_list *out,
                                        sw_error *err);

/* The record's own list: a TRF-2026 212 line (the whole ranking order) or
 * a TRF-25 202 line (the tie-breaks after points). *found is false when the
 * record has neither; an unreadable line is an error naming it. */
SW_NODISCARD sw_status sw_tb_from_record(const sw_swiss_trf *trf, sw_tb_list *out, bool *found,
                                         sw_error *err);

/* The rules of a record: 2024 when its start date (042) is before
 * 2026-03-01, else (no date, or a later one) 2026. */
sw_tb_rules sw_tb_record_rules(const sw_swiss_trf *trf);

/* The name as written in a list, modifiers included ("BH/C1"). */
void sw_tb_name(const sw_tiebreak *tb, char *buf, size_t size);

/* Scale of a kind's values: a value v stands for v / scale. */
int sw_tb_scale(sw_tb_kind kind);

/* A value as text with the kind's decimals ("18.5", "9.25", "2206");
 * SW_TB_NONE as "-". */
#define SW_TB_NONE INT64_MIN
void sw_tb_format(sw_tb_kind kind, int64_t value, char *buf, size_t size);

typedef struct sw_standings {
    int nplayers;
    int rounds;        /* rounds counted */
    sw_tb_rules rules; /* the version applied */
    sw_tb_list list;
    int *order;     /* player indexes (into trf->players), best first */
    int *rank;      /* per player index: shared rank, 1-based */
    int64_t *value; /* per player index, list.n values (value[i * list.n + k]) */
} sw_standings;

/* How the standings are computed; all zero is the record's own rules
 * after all its rounds. */
typedef struct sw_tb_options {
    sw_tb_rules rules;  /* AUTO: the record's (sw_tb_record_rules) */
    int unrated_rating; /* > 0: the rating counted for unrated players */
    int after_round;    /* > 0: the standings after this round (at most the
                         * record's rounds) */
} sw_tb_options;

/* Standings after the record's played rounds (or opt->after_round). ARO,
 * TPR and PTP need every player rated: with an unrated player they are
 * SW_TB_NONE for all, unless opt->unrated_rating gives the rating to count
 * for them. opt may be NULL. The record is read as it is (run
 * sw_swiss_validate_lenient first: opponents must be symmetric). */
SW_NODISCARD sw_status sw_standings_compute(const sw_swiss_trf *trf, const sw_tb_list *list,
                                            const sw_tb_options *opt, sw_standings *out,
                                            sw_error *err);
void sw_standings_free(sw_standings *s);

#endif
