/* src/util/wide.c: signed 256-bit integers.
 * SPDX-License-Identifier: MIT */
#include "util/wide.h"

#include <string.h>

typedef unsigned __int128 u128;

sw_i256 sw_i256_neg(sw_i256 a) {
    for (int i = 0; i < 4; i++)
        a.w[i] = ~a.w[i];
    return sw_i256_add(a, sw_i256_from_i64(1));
}

sw_i256 sw_i256_sub(sw_i256 a, sw_i256 b) {
    return sw_i256_add(a, sw_i256_neg(b));
}

/* Schoolbook product modulo 2^256: two's complement makes it right for signs. */
sw_i256 sw_i256_mul(sw_i256 a, sw_i256 b) {
    uint64_t r[4] = {0, 0, 0, 0};
    for (int i = 0; i < 4; i++) {
        if (!a.w[i])
            continue;
        u128 carry = 0;
        for (int j = 0; i + j < 4; j++) {
            u128 t = (u128)a.w[i] * b.w[j] + r[i + j] + carry;
            r[i + j] = (uint64_t)t;
            carry = t >> 64;
        }
    }
    sw_i256 out;
    memcpy(out.w, r, sizeof r);
    return out;
}

sw_i256 sw_i256_mul_i64(sw_i256 a, int64_t b) {
    return sw_i256_mul(a, sw_i256_from_i64(b));
}

bool sw_i256_is_neg(sw_i256 a) {
    return (a.w[3] >> 63) != 0;
}

int sw_i256_cmp(sw_i256 a, sw_i256 b) {
    bool na = sw_i256_is_neg(a), nb = sw_i256_is_neg(b);
    if (na != nb)
        return na ? -1 : 1;
    for (int i = 3; i >= 0; i--)
        if (a.w[i] != b.w[i])
            return a.w[i] < b.w[i] ? -1 : 1;
    return 0;
}

double sw_i128_to_double_wide(__int128 v) {
    return (double)v;
}

long double sw_i128_to_ld_wide(__int128 v) {
    return (long double)v;
}

long double sw_i256_to_ld(sw_i256 a) {
    int64_t v;
    if (sw_i256_to_i64(a, &v)) /* exact: the loop's value, without its wide products */
        return (long double)v;
    bool neg = sw_i256_is_neg(a);
    if (neg)
        a = sw_i256_neg(a);
    long double r = 0;
    for (int i = 3; i >= 0; i--)
        r = r * 18446744073709551616.0L + (long double)a.w[i];
    return neg ? -r : r;
}

void sw_i256_to_str(sw_i256 a, char *buf, size_t size) {
    char tmp[96];
    int n = 0;
    bool neg = sw_i256_is_neg(a);
    if (neg)
        a = sw_i256_neg(a);
    do {
        /* Divide the magnitude by 10, limb by limb from the top. */
        u128 rem = 0;
        for (int i = 3; i >= 0; i--) {
            u128 cur = (rem << 64) | a.w[i];
            a.w[i] = (uint64_t)(cur / 10);
            rem = cur % 10;
        }
        tmp[n++] = (char)('0' + (int)rem);
    } while (a.w[0] | a.w[1] | a.w[2] | a.w[3]);
    size_t k = 0;
    if (neg && k + 1 < size)
        buf[k++] = '-';
    while (n > 0 && k + 1 < size)
        buf[k++] = tmp[--n];
    if (size)
        buf[k] = '\0';
}
