/* src/swiss/javasort.c: the merge sort of the Java library (TimSort: natural
 * runs extended to a minimum length by binary insertion, a stack of runs
 * merged under length invariants, galloping merges), written from Tim
 * Peters' published description with the Java library's parameters (minimum
 * merge 32, initial gallop threshold 7). OpenGotha numbers tables with a
 * comparator that never answers "equal", so the order it gets depends on the
 * exact sequence of comparisons: this reproduces that sequence. It sorts an
 * array of ints through a caller's comparator.
 * SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "swiss/go_internal.h"

typedef int (*cmp_fn)(const void *, int, int);

enum { MIN_MERGE = 32, MIN_GALLOP = 7, MAX_RUNS = 85 };

typedef struct ts {
    int *a;
    const void *ctx;
    cmp_fn cmp;
    int min_gallop;
    int *tmp;
    int nruns, base[MAX_RUNS], len[MAX_RUNS];
} ts;

static int cmp(const ts *s, int x, int y) {
    return s->cmp(s->ctx, x, y);
}

static void reverse(int *a, int lo, int hi) {
    for (hi--; lo < hi; lo++, hi--) {
        int x = a[lo];
        a[lo] = a[hi];
        a[hi] = x;
    }
}

/* Length of the run at lo (a strictly descending one is reversed). */
static int count_run(const ts *s, int lo, int hi) {
    int *a = s->a, r = lo + 1;
    if (r == hi)
        return 1;
    if (cmp(s, a[r++], a[lo]) < 0) {
        while (r < hi && cmp(s, a[r], a[r - 1]) < 0)
            r++;
        reverse(a, lo, r);
    } else
        while (r < hi && cmp(s, a[r], a[r - 1]) >= 0)
            r++;
    return r - lo;
}

/* Insert a[start..hi) into the sorted a[lo..start), each by binary search. */
static void binary_sort(const ts *s, int lo, int hi, int start) {
    int *a = s->a;
    if (start == lo)
        start++;
    for (; start < hi; start++) {
        int pivot = a[start], left = lo, right = start;
        while (left < right) {
            int mid = (int)((unsigned)(left + right) >> 1);
            if (cmp(s, pivot, a[mid]) < 0)
                right = mid;
            else
                left = mid + 1;
        }
        memmove(a + left + 1, a + left, (size_t)(start - left) * sizeof *a);
        a[left] = pivot;
    }
}

static int min_run(int n) {
    int r = 0;
    while (n >= MIN_MERGE) {
        r |= n & 1;
        n >>= 1;
    }
    return n + r;
}

/* Leftmost place for key in the sorted b[base..base+len), starting at hint. */
static int gallop_left(const ts *s, int key, const int *b, int base, int len, int hint) {
    int last = 0, ofs = 1;
    if (cmp(s, key, b[base + hint]) > 0) {
        int max = len - hint;
        while (ofs < max && cmp(s, key, b[base + hint + ofs]) > 0) {
            last = ofs;
            ofs = (ofs << 1) + 1;
            if (ofs <= 0)
                ofs = max;
        }
        if (ofs > max)
            ofs = max;
        last += hint;
        ofs += hint;
    } else {
        int max = hint + 1;
        while (ofs < max && cmp(s, key, b[base + hint - ofs]) <= 0) {
            last = ofs;
            ofs = (ofs << 1) + 1;
            if (ofs <= 0)
                ofs = max;
        }
        if (ofs > max)
            ofs = max;
        int t = last;
        last = hint - ofs;
        ofs = hint - t;
    }
    last++;
    while (last < ofs) {
        int m = last + (int)((unsigned)(ofs - last) >> 1);
        if (cmp(s, key, b[base + m]) > 0)
            last = m + 1;
        else
            ofs = m;
    }
    return ofs;
}

/* Rightmost place for key. */
static int gallop_right(const ts *s, int key, const int *b, int base, int len, int hint) {
    int last = 0, ofs = 1;
    if (cmp(s, key, b[base + hint]) < 0) {
        int max = hint + 1;
        while (ofs < max && cmp(s, key, b[base + hint - ofs]) < 0) {
            last = ofs;
            ofs = (ofs << 1) + 1;
            if (ofs <= 0)
                ofs = max;
        }
        if (ofs > max)
            ofs = max;
        int t = last;
        last = hint - ofs;
        ofs = hint - t;
    } else {
        int max = len - hint;
        while (ofs < max && cmp(s, key, b[base + hint + ofs]) >= 0) {
            last = ofs;
            ofs = (ofs << 1) + 1;
            if (ofs <= 0)
                ofs = max;
        }
        if (ofs > max)
            ofs = max;
        last += hint;
        ofs += hint;
    }
    last++;
    while (last < ofs) {
        int m = last + (int)((unsigned)(ofs - last) >> 1);
        if (cmp(s, key, b[base + m]) < 0)
            ofs = m;
        else
            last = m + 1;
    }
    return ofs;
}

static void merge_lo(ts *s, int base1, int len1, int base2, int len2) {
    int *a = s->a, *t = s->tmp;
    memcpy(t, a + base1, (size_t)len1 * sizeof *a);
    int c1 = 0, c2 = base2, dest = base1;
    a[dest++] = a[c2++];
    if (--len2 == 0) {
        memcpy(a + dest, t + c1, (size_t)len1 * sizeof *a);
        return;
    }
    if (len1 == 1) {
        memmove(a + dest, a + c2, (size_t)len2 * sizeof *a);
        a[dest + len2] = t[c1];
        return;
    }
    int mg = s->min_gallop;
    for (;;) {
        int n1 = 0, n2 = 0;
        do {
            if (cmp(s, a[c2], t[c1]) < 0) {
                a[dest++] = a[c2++];
                n2++;
                n1 = 0;
                if (--len2 == 0)
                    goto done;
            } else {
                a[dest++] = t[c1++];
                n1++;
                n2 = 0;
                if (--len1 == 1)
                    goto done;
            }
        } while ((n1 | n2) < mg);
        do {
            n1 = gallop_right(s, a[c2], t, c1, len1, 0);
            if (n1) {
                memcpy(a + dest, t + c1, (size_t)n1 * sizeof *a);
                dest += n1;
                c1 += n1;
                len1 -= n1;
                if (len1 <= 1)
                    goto done;
            }
            a[dest++] = a[c2++];
            if (--len2 == 0)
                goto done;
            n2 = gallop_left(s, t[c1], a, c2, len2, 0);
            if (n2) {
                memmove(a + dest, a + c2, (size_t)n2 * sizeof *a);
                dest += n2;
                c2 += n2;
                len2 -= n2;
                if (len2 == 0)
                    goto done;
            }
            a[dest++] = t[c1++];
            if (--len1 == 1)
                goto done;
            mg--;
        } while (n1 >= MIN_GALLOP || n2 >= MIN_GALLOP);
        if (mg < 0)
            mg = 0;
        mg += 2;
    }
done:
    s->min_gallop = mg < 1 ? 1 : mg;
    if (len1 == 1) {
        memmove(a + dest, a + c2, (size_t)len2 * sizeof *a);
        a[dest + len2] = t[c1];
    } else if (len1 > 0)
        memcpy(a + dest, t + c1, (size_t)len1 * sizeof *a);
    /* len1 == 0 is where Java throws ("violates its general contract"): the
     * elements are all placed already */
}

static void merge_hi(ts *s, int base1, int len1, int base2, int len2) {
    int *a = s->a, *t = s->tmp;
    memcpy(t, a + base2, (size_t)len2 * sizeof *a);
    int c1 = base1 + len1 - 1, c2 = len2 - 1, dest = base2 + len2 - 1;
    a[dest--] = a[c1--];
    if (--len1 == 0) {
        memcpy(a + dest - (len2 - 1), t, (size_t)len2 * sizeof *a);
        return;
    }
    if (len2 == 1) {
        dest -= len1;
        c1 -= len1;
        memmove(a + dest + 1, a + c1 + 1, (size_t)len1 * sizeof *a);
        a[dest] = t[c2];
        return;
    }
    int mg = s->min_gallop;
    for (;;) {
        int n1 = 0, n2 = 0;
        do {
            if (cmp(s, t[c2], a[c1]) < 0) {
                a[dest--] = a[c1--];
                n1++;
                n2 = 0;
                if (--len1 == 0)
                    goto done;
            } else {
                a[dest--] = t[c2--];
                n2++;
                n1 = 0;
                if (--len2 == 1)
                    goto done;
            }
        } while ((n1 | n2) < mg);
        do {
            n1 = len1 - gallop_right(s, t[c2], a, base1, len1, len1 - 1);
            if (n1) {
                dest -= n1;
                c1 -= n1;
                len1 -= n1;
                memmove(a + dest + 1, a + c1 + 1, (size_t)n1 * sizeof *a);
                if (len1 == 0)
                    goto done;
            }
            a[dest--] = t[c2--];
            if (--len2 == 1)
                goto done;
            n2 = len2 - gallop_left(s, a[c1], t, 0, len2, len2 - 1);
            if (n2) {
                dest -= n2;
                c2 -= n2;
                len2 -= n2;
                memcpy(a + dest + 1, t + c2 + 1, (size_t)n2 * sizeof *a);
                if (len2 <= 1)
                    goto done;
            }
            a[dest--] = a[c1--];
            if (--len1 == 0)
                goto done;
            mg--;
        } while (n1 >= MIN_GALLOP || n2 >= MIN_GALLOP);
        if (mg < 0)
            mg = 0;
        mg += 2;
    }
done:
    s->min_gallop = mg < 1 ? 1 : mg;
    if (len2 == 1) {
        dest -= len1;
        c1 -= len1;
        memmove(a + dest + 1, a + c1 + 1, (size_t)len1 * sizeof *a);
        a[dest] = t[c2];
    } else if (len2 > 0)
        memcpy(a + dest - (len2 - 1), t, (size_t)len2 * sizeof *a);
}

static void merge_at(ts *s, int i) {
    int base1 = s->base[i], len1 = s->len[i], base2 = s->base[i + 1], len2 = s->len[i + 1];
    s->len[i] = len1 + len2;
    if (i == s->nruns - 3) {
        s->base[i + 1] = s->base[i + 2];
        s->len[i + 1] = s->len[i + 2];
    }
    s->nruns--;
    int k = gallop_right(s, s->a[base2], s->a, base1, len1, 0);
    base1 += k;
    len1 -= k;
    if (len1 == 0)
        return;
    len2 = gallop_left(s, s->a[base1 + len1 - 1], s->a, base2, len2, len2 - 1);
    if (len2 == 0)
        return;
    if (len1 <= len2)
        merge_lo(s, base1, len1, base2, len2);
    else
        merge_hi(s, base1, len1, base2, len2);
}

static void merge_collapse(ts *s) {
    while (s->nruns > 1) {
        int n = s->nruns - 2;
        int *l = s->len;
        if ((n > 0 && l[n - 1] <= l[n] + l[n + 1]) || (n > 1 && l[n - 2] <= l[n] + l[n - 1])) {
            if (l[n - 1] < l[n + 1])
                n--;
        } else if (l[n] > l[n + 1])
            break;
        merge_at(s, n);
    }
}

static void merge_force(ts *s) {
    while (s->nruns > 1) {
        int n = s->nruns - 2;
        if (n > 0 && s->len[n - 1] < s->len[n + 1])
            n--;
        merge_at(s, n);
    }
}

int sw_go_java_sort(const void *ctx, int *a, int n, int (*fn)(const void *, int, int)) {
    ts s = {a, ctx, fn, MIN_GALLOP, NULL, 0, {0}, {0}};
    if (n < 2)
        return 0;
    if (n < MIN_MERGE) {
        binary_sort(&s, 0, n, count_run(&s, 0, n));
        return 0;
    }
    if (!(s.tmp = malloc((size_t)n * sizeof *a)))
        return -1;
    int mr = min_run(n), lo = 0, left = n;
    do {
        int run = count_run(&s, lo, n);
        if (run < mr) {
            int force = left < mr ? left : mr;
            binary_sort(&s, lo, lo + force, lo + run);
            run = force;
        }
        s.base[s.nruns] = lo;
        s.len[s.nruns++] = run;
        merge_collapse(&s);
        lo += run;
        left -= run;
    } while (left);
    merge_force(&s);
    free(s.tmp);
    return 0;
}
