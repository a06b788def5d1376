/* src/util/wide.h: signed 256-bit integers for exact fourth-power sums.
 * The criteria are sums of fourth powers of scaled deviations; at the largest
 * supported season they need about 250 bits, so they are kept in sw_i256
 * (two's complement, four 64-bit limbs, least significant first). Arithmetic
 * wraps like unsigned C arithmetic; the callers keep within range by the size
 * limits in matrix.h.
 * SPDX-License-Identifier: MIT */
#ifndef SW_WIDE_H
#define SW_WIDE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct sw_i256 {
    uint64_t w[4];
} sw_i256;

sw_i256 sw_i256_from_i64(int64_t v);
sw_i256 sw_i256_add(sw_i256 a, sw_i256 b);
sw_i256 sw_i256_sub(sw_i256 a, sw_i256 b);
sw_i256 sw_i256_neg(sw_i256 a);
sw_i256 sw_i256_mul(sw_i256 a, sw_i256 b);
sw_i256 sw_i256_mul_i64(sw_i256 a, int64_t b);
bool sw_i256_is_neg(sw_i256 a);
/* -1, 0 or 1 as a <, ==, > b. */
int sw_i256_cmp(sw_i256 a, sw_i256 b);
/* Nearest long double (exact below 2^64). */
long double sw_i256_to_ld(sw_i256 a);
/* Decimal text into buf (at least 80 bytes). */
void sw_i256_to_str(sw_i256 a, char *buf, size_t size);

#endif
