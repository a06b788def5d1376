/* seatwise.h: the embedding API of libseatwise, one header for programs
 * that link the library (pkg-config --cflags --libs seatwise).
 *
 * What it declares, by module (each header documents its functions):
 *   util/error.h       sw_status codes and sw_error (file, line, message)
 *   util/strbuf.h      sw_strbuf, the growable text buffer reports go to
 *   util/rng.h         sw_rng, the seeded random generator
 *   util/wide.h        sw_i256, the exact wide integers of the criteria
 *   movement/movement.h  movements: read/write ASC, Howell and Mitchell
 *   season/season.h    seasons: participants, sessions, presence; readers
 *   matrix/matrix.h    the meeting, competition and coincidence matrices
 *   matrix/criteria.h  So, Sr, Sp, Sc, Qo, Qc and balans' Qf
 *   search/search.h    the seating optimizer (picolo's search and beyond)
 *   report/report.h    text, JSON and CSV reports of a season
 *   swiss/swiss.h      FIDE Dutch Swiss pairing from TRF
 *   swiss/tiebreak.h   Swiss standings with the FIDE tie-breaks
 *   seating/seating.h  four-per-table (mahjong) seating and schedules
 *
 * The library never prints and holds no global state: every function
 * reports failure through its sw_status result and an sw_error.
 * SPDX-License-Identifier: MIT */
#ifndef SEATWISE_H
#define SEATWISE_H

/* The standard headers the module headers use, outside the extern "C"
 * block (C++ wrappers of them must not get C linkage). */
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "seatwise_version.h"

#ifdef __cplusplus
extern "C" {
#endif

#include "util/error.h"
#include "util/rng.h"
#include "util/strbuf.h"
#include "util/wide.h"

#include "movement/movement.h"
#include "season/season.h"

#include "matrix/criteria.h"
#include "matrix/matrix.h"

#include "report/report.h"
#include "search/search.h"

#include "seating/seating.h"
#include "swiss/swiss.h"
#include "swiss/tiebreak.h"

#ifdef __cplusplus
}
#endif

#endif
