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

/* The greatest common divisor of |a| and |b| (0 when both are 0): the
 * exact scales (L, a history's denominators) are lcms built with it. */
static inline int64_t sw_gcd64(int64_t a, int64_t b) {
    if (a < 0)
        a = -a;
    if (b < 0)
        b = -b;
    while (b) {
        int64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

typedef struct sw_i256 {
    uint64_t w[4];
} sw_i256;

/* The two hot operations of the matrix updates are inline. */
static inline sw_i256 sw_i256_from_i64(int64_t v) {
    uint64_t fill = v < 0 ? ~UINT64_C(0) : 0;
    sw_i256 r = {{(uint64_t)v, fill, fill, fill}};
    return r;
}

static inline sw_i256 sw_i256_add(sw_i256 a, sw_i256 b) {
    sw_i256 r;
    unsigned __int128 carry = 0;
    for (int i = 0; i < 4; i++) {
        unsigned __int128 s = (unsigned __int128)a.w[i] + b.w[i] + carry;
        r.w[i] = (uint64_t)s;
        carry = s >> 64;
    }
    return r;
}

/* *acc += d, in place: the matrices' hot path adds 128-bit deltas. */
static inline void sw_i256_add_i128(sw_i256 *acc, __int128 d) {
    unsigned __int128 lo = ((unsigned __int128)acc->w[1] << 64) | acc->w[0];
    unsigned __int128 sum = lo + (unsigned __int128)d;
    unsigned __int128 hi = ((unsigned __int128)acc->w[3] << 64) | acc->w[2];
    hi += (sum < lo) - (d < 0); /* carry out of the low half, plus d's sign extension */
    acc->w[0] = (uint64_t)sum;
    acc->w[1] = (uint64_t)(sum >> 64);
    acc->w[2] = (uint64_t)hi;
    acc->w[3] = (uint64_t)(hi >> 64);
}

/* v as sw_i256 (sign-extended). */
static inline sw_i256 sw_i256_from_i128(__int128 v) {
    unsigned __int128 u = (unsigned __int128)v;
    uint64_t fill = v < 0 ? ~UINT64_C(0) : 0;
    sw_i256 r = {{(uint64_t)u, (uint64_t)(u >> 64), fill, fill}};
    return r;
}

/* Whether a fits 128 (64) bits, and then *out = a. */
static inline bool sw_i256_to_i128(sw_i256 a, __int128 *out) {
    uint64_t fill = (a.w[1] >> 63) ? ~UINT64_C(0) : 0;
    *out = (__int128)(((unsigned __int128)a.w[1] << 64) | a.w[0]);
    return a.w[2] == fill && a.w[3] == fill;
}

static inline bool sw_i256_to_i64(sw_i256 a, int64_t *out) {
    __int128 v;
    if (!sw_i256_to_i128(a, &v) || v != (int64_t)v)
        return false;
    *out = (int64_t)v;
    return true;
}

/* v converted to double and long double (the nearest, as C converts):
 * from 64 bits when v fits them, the same value. Where 128-bit
 * conversions are runtime routines (wasm32; long double on x86-64) the
 * common small v takes one instruction; the wide case is a call of its
 * own so that a compiler does not convert both ways and select. */
double sw_i128_to_double_wide(__int128 v);
long double sw_i128_to_ld_wide(__int128 v);

static inline double sw_i128_to_double(__int128 v) {
    return v == (int64_t)v ? (double)(int64_t)v : sw_i128_to_double_wide(v);
}

static inline long double sw_i128_to_ld(__int128 v) {
    return v == (int64_t)v ? (long double)(int64_t)v : sw_i128_to_ld_wide(v);
}

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
