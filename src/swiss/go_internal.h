/* src/swiss/go_internal.h: what gotha.c (the file), mcmahon.c (the
 * pairing) and the matching share beyond go.h: UTF-8 decoding, Java's
 * case-insensitive comparison of clubs and countries, Java's sort, the
 * matching and the blocks of a large round.
 * SPDX-License-Identifier: MIT */
#ifndef SW_GO_INTERNAL_H
#define SW_GO_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "swiss/go.h"
#include "util/error.h"

/* The code point at *s (checked UTF-8), moving *s past it. */
uint32_t sw_go_utf8_next(const char **s);
/* a and b equal after Java's toLowerCase (Latin, Greek, Cyrillic). */
bool sw_go_same_ci(const char *a, const char *b);
/* s after that mapping, allocated (NULL when out of memory): two strings
 * are sw_go_same_ci exactly when their sw_go_lower texts are equal. */
char *sw_go_lower(const char *s);

/* Sort a[0..n) by cmp(ctx, x, y) (< 0: x first) exactly as
 * java.util.Arrays.sort does with a comparator (javasort.c), comparison for
 * comparison. Returns -1 when out of memory (a unchanged), else 0. */
int sw_go_java_sort(const void *ctx, int *a, int n, int (*cmp)(const void *, int, int));

/* A maximum-weight perfect matching of the symmetric costs w (n x n, row
 * i the costs of vertex i, n even, costs below 2^61; gomatch.c): mate[i]
 * the partner of i. Up to SW_GO_ONE_BLOCK vertices, where several
 * matchings are optimal, the one Gabow's search order reaches first
 * (sw_go_gabow); above, one of them. */
sw_status sw_go_match(const int64_t *w, int n, int *mate, const char *path, sw_error *err);
/* The same by Gabow's O(n^3) algorithm alone (gabow.c). */
sw_status sw_go_gabow(const int64_t *w, int n, int *mate, const char *path, sw_error *err);
/* OpenGotha pairs up to this many players as one block (its
 * PAIRING_GROUP_MAX_SIZE); sw_go_match follows its search order up to it. */
#define SW_GO_ONE_BLOCK 600
/* A block cut off a larger round has at least this many players, unless
 * it reaches SW_GO_ONE_BLOCK first or would leave fewer to the rest. */
#define SW_GO_MIN_BLOCK 200

/* Cut the players to pair (list, n of them, in pairing order, without the
 * bye) into the blocks OpenGotha matches one by one when more than
 * SW_GO_ONE_BLOCK players are to pair: list is reordered so that block b is
 * list[ends[b-1] .. ends[b]) (ends[-1] = 0); ends needs room for
 * n / SW_GO_MIN_BLOCK + 2 values. Returns the number of blocks (1 when
 * n <= SW_GO_ONE_BLOCK; a block may be odd where scores lie below every
 * group), -1 when out of memory (list unchanged), -2 when OpenGotha's
 * cutting never ends (an empty block, more than SW_GO_ONE_BLOCK left). */
int sw_go_round_blocks(const sw_go_round *rd, int *list, int n, int *ends);

#endif
