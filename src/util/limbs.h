/* src/util/limbs.h: signed integers of a width chosen at run time, as arrays
 * of 64-bit limbs (two's complement, least significant first).
 *
 * The matching's weights need as many bits as the caller's lexicographic
 * order has components (one per score group in a Swiss round: a few hundred
 * to a few thousand bits), so the width is a parameter, not a type. Every
 * operation takes the limb count n; arithmetic wraps modulo 2^(64n) like
 * unsigned C arithmetic, and callers keep within range by bounding their
 * inputs (blossom.h states its bound). Header-only: these sit in the
 * matching's inner loops.
 * SPDX-License-Identifier: MIT */
#ifndef SW_LIMBS_H
#define SW_LIMBS_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <x86intrin.h>
/* add with carry: the loops below become adc/sbb chains (a third of the
 * instructions of the compare-based carries; the matching's dual updates
 * and slacks are such loops). */
#define SW_LIMBS_ADC 1
#endif

typedef unsigned __int128 sw_limbs_u128;

/* The carry chains below use 64-bit compares (add and sub the add-with-carry
 * intrinsics where there are), not unsigned __int128, and ask for unrolling: with a constant n (the
 * matching instantiates its core per width) each operation then compiles to straight-line add/adc
 * code; the
 * __int128 form spilled to the stack. */
#define SW_LIMBS_UNROLL _Pragma("GCC unroll 8")

static inline void sw_limbs_set_i64(uint64_t *r, int n, int64_t v) {
    uint64_t fill = v < 0 ? ~UINT64_C(0) : 0;
    r[0] = (uint64_t)v;
    for (int i = 1; i < n; i++)
        r[i] = fill;
}

/* v sign-extended (or truncated) to n limbs. */
static inline void sw_limbs_set_i128(uint64_t *r, int n, __int128 v) {
    sw_limbs_u128 u = (sw_limbs_u128)v;
    uint64_t fill = v < 0 ? ~UINT64_C(0) : 0;
    r[0] = (uint64_t)u;
    if (n > 1)
        r[1] = (uint64_t)(u >> 64);
    for (int i = 2; i < n; i++)
        r[i] = fill;
}

/* The low 128 bits of a (exact when a fits). */
static inline __int128 sw_limbs_to_i128(const uint64_t *a, int n) {
    uint64_t hi = n > 1 ? a[1] : (a[0] >> 63 ? ~UINT64_C(0) : 0);
    return (__int128)(((sw_limbs_u128)hi << 64) | a[0]);
}

static inline void sw_limbs_copy(uint64_t *r, const uint64_t *a, int n) {
    SW_LIMBS_UNROLL
    for (int i = 0; i < n; i++)
        r[i] = a[i];
}

static inline bool sw_limbs_is_neg(const uint64_t *a, int n) {
    return a[n - 1] >> 63;
}

static inline bool sw_limbs_is_zero(const uint64_t *a, int n) {
    uint64_t any = 0;
    SW_LIMBS_UNROLL
    for (int i = 0; i < n; i++)
        any |= a[i];
    return any == 0;
}

/* -1, 0 or 1 as a <, ==, > b (signed). */
static inline int sw_limbs_cmp(const uint64_t *a, const uint64_t *b, int n) {
    if (a[n - 1] != b[n - 1])
        return (int64_t)a[n - 1] < (int64_t)b[n - 1] ? -1 : 1;
    SW_LIMBS_UNROLL
    for (int i = n - 2; i >= 0; i--)
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    return 0;
}

/* r = a + b (r may alias either). */
static inline void sw_limbs_add(uint64_t *r, const uint64_t *a, const uint64_t *b, int n) {
#ifdef SW_LIMBS_ADC
    unsigned char c = 0;
    SW_LIMBS_UNROLL
    for (int i = 0; i < n; i++) {
        unsigned long long s;
        c = _addcarry_u64(c, a[i], b[i], &s);
        r[i] = s;
    }
#else
    uint64_t carry = 0;
    SW_LIMBS_UNROLL
    for (int i = 0; i < n; i++) {
        uint64_t s = a[i] + carry;
        uint64_t c1 = s < carry;
        s += b[i];
        carry = c1 | (s < b[i]);
        r[i] = s;
    }
#endif
}

/* r = a - b (r may alias either). */
static inline void sw_limbs_sub(uint64_t *r, const uint64_t *a, const uint64_t *b, int n) {
#ifdef SW_LIMBS_ADC
    unsigned char c = 0;
    SW_LIMBS_UNROLL
    for (int i = 0; i < n; i++) {
        unsigned long long d;
        c = _subborrow_u64(c, a[i], b[i], &d);
        r[i] = d;
    }
#else
    uint64_t borrow = 0;
    SW_LIMBS_UNROLL
    for (int i = 0; i < n; i++) {
        uint64_t x = a[i], d = x - b[i];
        uint64_t b1 = x < b[i];
        uint64_t d2 = d - borrow;
        borrow = b1 | (d < borrow);
        r[i] = d2;
    }
#endif
}

/* r = a + b - c (r may alias any input). */
static inline void sw_limbs_add_sub(uint64_t *r, const uint64_t *a, const uint64_t *b,
                                    const uint64_t *c, int n) {
#ifdef SW_LIMBS_ADC
    unsigned char k1 = 0, k2 = 0;
    SW_LIMBS_UNROLL
    for (int i = 0; i < n; i++) {
        unsigned long long s, d;
        k1 = _addcarry_u64(k1, a[i], b[i], &s);
        k2 = _subborrow_u64(k2, s, c[i], &d);
        r[i] = d;
    }
#else
    uint64_t carry = 0, borrow = 0;
    SW_LIMBS_UNROLL
    for (int i = 0; i < n; i++) {
        uint64_t s = a[i] + carry;
        uint64_t k1 = s < carry;
        s += b[i];
        carry = k1 | (s < b[i]);
        uint64_t d = s - c[i];
        uint64_t b1 = s < c[i];
        uint64_t d2 = d - borrow;
        borrow = b1 | (d < borrow);
        r[i] = d2;
    }
#endif
}

/* r = a + b - 2c: the slack of an edge from two duals and a doubled weight,
 * in one pass (r may alias any input). */
static inline void sw_limbs_add_sub2(uint64_t *r, const uint64_t *a, const uint64_t *b,
                                     const uint64_t *c, int n) {
    uint64_t carry = 0, borrow = 0, prev = 0;
    SW_LIMBS_UNROLL
    for (int i = 0; i < n; i++) {
        uint64_t c2 = c[i] << 1 | prev >> 63;
        prev = c[i];
        uint64_t s = a[i] + carry;
        uint64_t k1 = s < carry;
        s += b[i];
        carry = k1 | (s < b[i]);
        uint64_t d = s - c2;
        uint64_t b1 = s < c2;
        uint64_t d2 = d - borrow;
        borrow = b1 | (d < borrow);
        r[i] = d2;
    }
}

/* r = a << k, 0 <= k < 64 (r may alias a). */
static inline void sw_limbs_shl(uint64_t *r, const uint64_t *a, int k, int n) {
    if (k == 0) {
        memmove(r, a, sizeof *r * (size_t)n);
        return;
    }
    SW_LIMBS_UNROLL
    for (int i = n - 1; i > 0; i--)
        r[i] = a[i] << k | a[i - 1] >> (64 - k);
    r[0] = a[0] << k;
}

/* r = a >> 1, arithmetic (floor halving; r may alias a). */
static inline void sw_limbs_sar1(uint64_t *r, const uint64_t *a, int n) {
    SW_LIMBS_UNROLL
    for (int i = 0; i < n - 1; i++)
        r[i] = a[i] >> 1 | a[i + 1] << 63;
    r[n - 1] = (uint64_t)((int64_t)a[n - 1] >> 1);
}

/* r += a * m for an unsigned 64-bit m (r may not alias a). */
static inline void sw_limbs_addmul_u64(uint64_t *r, const uint64_t *a, uint64_t m, int n) {
    uint64_t carry = 0;
    for (int i = 0; i < n; i++) {
        sw_limbs_u128 t = (sw_limbs_u128)a[i] * m + r[i] + carry;
        r[i] = (uint64_t)t;
        carry = (uint64_t)(t >> 64);
    }
}

/* r = a * m for an unsigned 64-bit m (r may alias a). Two's complement makes
 * it right for a negative a too. */
static inline void sw_limbs_mul_u64(uint64_t *r, const uint64_t *a, uint64_t m, int n) {
    uint64_t carry = 0;
    for (int i = 0; i < n; i++) {
        sw_limbs_u128 t = (sw_limbs_u128)a[i] * m + carry;
        r[i] = (uint64_t)t;
        carry = (uint64_t)(t >> 64);
    }
}

/* Bits of a without its sign: a fits in a signed integer of this many bits
 * plus one (bit length of a, or of ~a when a < 0). */
static inline int sw_limbs_bits(const uint64_t *a, int n) {
    bool neg = sw_limbs_is_neg(a, n);
    for (int i = n - 1; i >= 0; i--) {
        uint64_t x = neg ? ~a[i] : a[i];
        if (x)
            return 64 * i + 64 - __builtin_clzll(x);
    }
    return 0;
}

/* r += v, the carry carried only as far as it goes. */
static inline void sw_limbs_add_u64(uint64_t *r, uint64_t v, int n) {
    r[0] += v;
    for (int i = 1; i < n && r[i - 1] < v; i++, v = 1)
        r[i]++;
}

/* The top two limbs of x as a signed number: x is that times 2^(64 (L -
 * 2)) plus a part in [0, 2^(64 (L - 2))). */
static inline __int128 sw_limbs_top2(const uint64_t *x, int L) {
    return sw_limbs_to_i128(x + L - 2, 2);
}

/* Is x + z (z NULL: 0) equal to y, all of L limbs? A sum that is not
 * nearly always differs in its low limbs, where the check stops. As the
 * numbers are far below 2^(64 L - 1) in magnitude, equal limbs mean equal
 * values. */
static inline bool sw_limbs_sum_is(const uint64_t *x, const uint64_t *z, const uint64_t *y, int L) {
    if (!z)
        return memcmp(x, y, sizeof(uint64_t) * (size_t)L) == 0;
#ifdef SW_LIMBS_ADC
    unsigned char c = 0;
    for (int i = 0; i < L; i++) {
        unsigned long long s;
        c = _addcarry_u64(c, x[i], z[i], &s);
        if (s != y[i])
            return false;
    }
#else
    uint64_t carry = 0;
    for (int i = 0; i < L; i++) {
        uint64_t s = x[i] + carry;
        carry = s < carry;
        s += z[i];
        carry += s < z[i];
        if (s != y[i])
            return false;
    }
#endif
    return true;
}

/* r += a m (r -= a m) for a >= 0 whose limbs from len up are 0: the
 * product over len limbs, then the carry (borrow) as far as it goes. */
static inline void sw_limbs_addmul_part(uint64_t *r, const uint64_t *a, uint64_t m, int len,
                                        int n) {
    uint64_t carry = 0;
    int i = 0;
    for (; i < len; i++) {
        sw_limbs_u128 t = (sw_limbs_u128)a[i] * m + r[i] + carry;
        r[i] = (uint64_t)t;
        carry = (uint64_t)(t >> 64);
    }
    for (; i < n && carry; i++) {
        r[i] += carry;
        carry = r[i] < carry;
    }
}

static inline void sw_limbs_submul_part(uint64_t *r, const uint64_t *a, uint64_t m, int len,
                                        int n) {
    uint64_t borrow = 0;
    int i = 0;
    for (; i < len; i++) {
        sw_limbs_u128 p = (sw_limbs_u128)a[i] * m + borrow;
        uint64_t lo = (uint64_t)p, ri = r[i];
        r[i] = ri - lo;
        borrow = (uint64_t)(p >> 64) + (ri < lo);
    }
    for (; i < n && borrow; i++) {
        uint64_t ri = r[i];
        r[i] = ri - borrow;
        borrow = ri < borrow;
    }
}

#endif
