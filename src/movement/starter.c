/* src/movement/starter.c: starters in Z_n, the board plan of the Howell generator.
 * A starter of Z_n (n odd) splits the nonzero elements into (n-1)/2 pairs whose
 * differences are +-1, +-2, .., +-(n-1)/2, each once. It is *strong* when the
 * pair sums are distinct and nonzero; strong starters give Room squares, i.e.
 * Howells in which every table of a round has its own board group. They exist
 * for every odd n except 3, 5 and 9. Small n are searched exhaustively for the
 * fewest sum collisions; larger n by the hill climbing of Dinitz and Stinson
 * (1981), which finds a strong starter within a few restarts for every odd n
 * up to 1001, seeded from n so the result is reproducible.
 *
 * Where no strong starter exists a Room square may still come from a starter
 * with an *adder* (Stinson): a group offset for every pair of the starter,
 * the offsets all different and, less each pair's elements, all different
 * too. sw_movement_room_starter searches them exhaustively for small n: it
 * finds one for n = 9 (no Room square of side 3 or 5 exists at all).
 * SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "movement/movement_internal.h"
#include "util/rng.h"

/* Largest n searched exhaustively (the exceptions 3, 5, 9 are all below). */
#define EXHAUSTIVE_MAX 9
#define STEPS_PER_N 200
#define MAX_RESTARTS 400

/* The pair {a, b} as table k with midpoint mid[k]: 2k = +-(b - a). */
static void store_pair(int n, int a, int b, int *mid) {
    int inv2 = (n + 1) / 2;
    int k = (int)((long)((b - a + n) % n) * inv2 % n);
    if (k > (n - 1) / 2)
        k = n - k;
    mid[k] = (int)((long)((a + b) % n) * inv2 % n);
}

static int count_collisions(int n, bool zero_collides, const int *mid) {
    int m = (n - 1) / 2, c = 0;
    for (int k = 1; k <= m; k++) {
        bool dup = zero_collides && mid[k] == 0;
        for (int j = 1; j < k && !dup; j++)
            dup = mid[j] == mid[k];
        c += dup;
    }
    return c;
}

/* ---- exhaustive search for small n -------------------------------------- */

typedef struct small_search {
    int n;
    bool zero_collides;
    bool used[EXHAUSTIVE_MAX], cls[EXHAUSTIVE_MAX];
    int mid[EXHAUSTIVE_MAX], best_mid[EXHAUSTIVE_MAX];
    int best;
} small_search;

static void small_rec(small_search *ss, int left) {
    int n = ss->n;
    if (left == 0) {
        int c = count_collisions(n, ss->zero_collides, ss->mid);
        if (c < ss->best) {
            ss->best = c;
            memcpy(ss->best_mid, ss->mid, sizeof ss->mid);
        }
        return;
    }
    int a = 1;
    while (ss->used[a])
        a++;
    for (int b = a + 1; b < n; b++) {
        int d = b - a < n - (b - a) ? b - a : n - (b - a);
        if (ss->used[b] || ss->cls[d])
            continue;
        ss->used[a] = ss->used[b] = ss->cls[d] = true;
        store_pair(n, a, b, ss->mid);
        small_rec(ss, left - 1);
        ss->used[a] = ss->used[b] = ss->cls[d] = false;
    }
}

static void small_starter(int n, bool zero_collides, int *mid, int *collisions) {
    small_search ss;
    memset(&ss, 0, sizeof ss);
    ss.n = n;
    ss.zero_collides = zero_collides;
    ss.best = n;
    small_rec(&ss, (n - 1) / 2);
    memcpy(mid, ss.best_mid, (size_t)(n + 1) / 2 * sizeof *mid);
    *collisions = ss.best;
}

/* ---- hill climbing for larger n ----------------------------------------- */

/* A set of small ints with O(1) insert, remove and uniform draw. */
typedef struct pool {
    int *item, *where, size;
} pool;

static void pool_add(pool *p, int x) {
    p->where[x] = p->size;
    p->item[p->size++] = x;
}

static void pool_remove(pool *p, int x) {
    int i = p->where[x], last = p->item[--p->size];
    p->item[i] = last;
    p->where[last] = i;
}

typedef struct climb {
    int n, m;
    int *partner;             /* [x]: the other element of x's pair, -1 when x is free */
    int *sum_owner;           /* [s]: an element of the pair with sum s, -1 */
    pool free_elems, missing; /* free elements 1..n-1, unused differences 1..m */
    sw_rng rng;
} climb;

static int diff_class(const climb *c, int a, int b) {
    int d = (b - a + c->n) % c->n;
    return d <= c->m ? d : c->n - d;
}

static void climb_reset(climb *c) {
    c->free_elems.size = c->missing.size = 0;
    for (int x = 0; x < c->n; x++)
        c->partner[x] = c->sum_owner[x] = -1;
    for (int x = 1; x < c->n; x++)
        pool_add(&c->free_elems, x);
    for (int d = 1; d <= c->m; d++)
        pool_add(&c->missing, d);
}

static void unpair(climb *c, int a) {
    int b = c->partner[a];
    c->partner[a] = c->partner[b] = -1;
    c->sum_owner[(a + b) % c->n] = -1;
    pool_add(&c->free_elems, a);
    pool_add(&c->free_elems, b);
    pool_add(&c->missing, diff_class(c, a, b));
}

static void pair_up(climb *c, int a, int b) {
    c->partner[a] = b;
    c->partner[b] = a;
    c->sum_owner[(a + b) % c->n] = a;
    pool_remove(&c->free_elems, a);
    pool_remove(&c->free_elems, b);
    pool_remove(&c->missing, diff_class(c, a, b));
}

/* One move: pair a free x with x +- d for a missing difference d, giving up
 * at most one existing pair (the one holding x +- d or the same sum). */
static void climb_step(climb *c) {
    int n = c->n;
    int x = c->free_elems.item[sw_rng_bounded(&c->rng, (uint32_t)c->free_elems.size)];
    int d = c->missing.item[sw_rng_bounded(&c->rng, (uint32_t)c->missing.size)];
    int y = (sw_rng_next(&c->rng) & 1) ? (x + d) % n : (x - d + n) % n;
    int s = (x + y) % n;
    if (y == 0 || s == 0)
        return;
    int p1 = c->partner[y] >= 0 ? y : -1;
    int p2 = c->sum_owner[s];
    if (p1 >= 0 && p2 >= 0 && p2 != p1 && p2 != c->partner[p1])
        return; /* two pairs in the way: the move would not keep the size */
    if (p1 >= 0)
        unpair(c, p1);
    else if (p2 >= 0)
        unpair(c, p2);
    pair_up(c, x, y);
}

static bool climb_run(climb *c) {
    for (int restart = 0; restart < MAX_RESTARTS; restart++) {
        climb_reset(c);
        long budget = (long)STEPS_PER_N * c->n;
        for (long step = 0; step < budget && c->missing.size > 0; step++)
            climb_step(c);
        if (c->missing.size == 0)
            return true;
    }
    return false;
}

static sw_status strong_starter(int n, int *mid, bool *found, sw_error *err) {
    climb c = {.n = n, .m = (n - 1) / 2};
    int *buf = malloc((size_t)n * 6 * sizeof *buf);
    if (!buf)
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    c.partner = buf;
    c.sum_owner = buf + n;
    c.free_elems = (pool){buf + 2 * n, buf + 3 * n, 0};
    c.missing = (pool){buf + 4 * n, buf + 5 * n, 0};
    sw_rng_seed(&c.rng, (uint64_t)n, 0x5eedu);
    *found = climb_run(&c);
    if (*found)
        for (int a = 1; a < n; a++)
            if (a < c.partner[a])
                store_pair(n, a, c.partner[a], mid);
    free(buf);
    return SW_OK;
}

/* ---- starter and adder --------------------------------------------------- */

typedef struct adder_search {
    int n;
    bool elem[EXHAUSTIVE_MAX], cls[EXHAUSTIVE_MAX], group[EXHAUSTIVE_MAX], offset[EXHAUSTIVE_MAX];
    int *ns, *ew, *add;
} adder_search;

static int class_of(int n, int a, int b) {
    int d = (b - a + n) % n;
    return d <= (n - 1) / 2 ? d : n - d;
}

/* Pair the smallest unused element with a partner of an unused difference
 * class and give the pair a group offset g: g unused, and the offsets its
 * two elements play at, g - a and g - b, unused. Depth-first, so the first
 * solution in this order is the one returned: deterministic. */
static bool adder_rec(adder_search *as, int left) {
    if (left == 0)
        return true;
    int n = as->n, a = 1;
    while (as->elem[a])
        a++;
    for (int b = a + 1; b < n; b++) {
        int k = class_of(n, a, b);
        if (as->elem[b] || as->cls[k])
            continue;
        for (int g = 0; g < n; g++) {
            int oa = (g - a + n) % n, ob = (g - b + n) % n;
            if (as->group[g] || as->offset[oa] || as->offset[ob])
                continue;
            as->elem[a] = as->elem[b] = as->cls[k] = as->group[g] = true;
            as->offset[oa] = as->offset[ob] = true;
            as->ns[k] = a;
            as->ew[k] = b;
            as->add[k] = g;
            if (adder_rec(as, left - 1))
                return true;
            as->elem[a] = as->elem[b] = as->cls[k] = as->group[g] = false;
            as->offset[oa] = as->offset[ob] = false;
        }
    }
    return false;
}

bool sw_movement_room_starter(int n, bool zero_collides, int *ns, int *ew, int *add) {
    if (n < 3 || n > EXHAUSTIVE_MAX || n % 2 == 0)
        return false;
    adder_search as;
    memset(&as, 0, sizeof as);
    as.n = n;
    as.ns = ns;
    as.ew = ew;
    as.add = add;
    as.elem[0] = true;
    /* the table of the fixed pair plays offset 0 and its partner (element 0
     * of the round) plays it at offset 0 */
    as.group[0] = as.offset[0] = zero_collides;
    ns[0] = ew[0] = add[0] = 0;
    return adder_rec(&as, (n - 1) / 2);
}

sw_status sw_movement_starter(int n, bool zero_collides, int *mid, int *collisions, sw_error *err) {
    int m = (n - 1) / 2;
    mid[0] = 0;
    if (n <= EXHAUSTIVE_MAX) {
        small_starter(n, zero_collides, mid, collisions);
        mid[0] = 0;
        return SW_OK;
    }
    bool found;
    sw_status st = strong_starter(n, mid, &found, err);
    if (st)
        return st;
    if (!found) /* not seen for any n tried; the patterned starter {-k, k} is always one */
        for (int k = 1; k <= m; k++)
            mid[k] = 0;
    *collisions = count_collisions(n, zero_collides, mid);
    return SW_OK;
}
