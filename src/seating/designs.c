/* src/seating/designs.c: repeat-free schedules at tables of four built from
 * a few stored base blocks: the resolvable designs with blocks of four for
 * n = 16, 28, 40, 52, 64, 76, 88 and 100 players ((n - 1)/3 rounds, every
 * pair meets exactly once), and 36 players x 11 rounds (the social golfer
 * instance 9-4-11: every player meets 33 of the 35 others once).
 *
 * Two forms, each a group acting on the players with the rounds as its
 * orbit, so only one base round is stored:
 *
 *  - Cyclic (16, 40, 52, 64, 76, 88, 100): players are a fixed player oo
 *    and Z_g, g = n - 1 = 3m. The base round is the table {oo, 0, m, 2m}
 *    and, for each stored base block B, the three tables B, B + m, B + 2m
 *    (the round is unchanged by adding m). Round t = 0..m-1 is the base
 *    round with t added to every player but oo. This is a "1-rotational"
 *    resolvable design. The conditions: the base blocks' elements mod m
 *    are 1..m-1, each once (so the base round seats everyone once), and
 *    their 12 differences each, over all base blocks, are every element of
 *    Z_g but 0, m and 2m exactly once ({0, m, 2m} takes the differences m
 *    and 2m). Then a pair x, y of Z_g meets in exactly one round: the one
 *    that places the block covering the difference y - x over x (and oo
 *    meets x in round x mod m). For 16 and 64 the group is that of the
 *    multiplication by a primitive element of GF(16) or GF(64) acting on
 *    the affine geometry AG(2,4) or AG(3,4); the blocks here were not
 *    derived from it, they were searched.
 *  - Orbits (28, 36): players are f fixed ones (f = 1 at 28, 3 at 36) and
 *    (x, i), x in Z_m, i in 0..2 (m = 9 at 28, 11 at 36). The base round is
 *    stored whole; round t = 0..m-1 adds t to every x. A pair (x, i),
 *    (y, j) meets as often as the base round holds a pair of the "class"
 *    (i, j, y - x) ({i, j}, +-(y - x) when i = j); so the classes covered by
 *    the base round must all differ. Each fixed player's table takes one
 *    player of each orbit, so the fixed players meet every (x, i) once.
 *    (No cyclic form exists at 28: that search is exhaustive in 3113
 *    nodes.)
 *
 * How the blocks were found: a throwaway backtracking search (not kept),
 * depth first, block by block: the next block opens with the smallest
 * residue mod m (resp. orbit player) not yet seated, then takes three more
 * in increasing order whose new differences (classes) are all unused,
 * candidates shuffled by a xorshift generator, restarted from a new seed
 * after 2 000 000 nodes (100 000 for the orbit form). Whole runs on one
 * core: 0.08 s for 40, 0.2 s for 52, 0.6 s for 64, 11 s for 76 (13
 * starts), 19 s for 88 (23), 48 s for 100 (58); 0.2 s for 28 and 4 s for
 * 36 (1000 starts). The tests verify every schedule by counting.
 * SPDX-License-Identifier: MIT */
#include <stdbool.h>
#include <stddef.h>

#include "seating/seating_internal.h"

enum { CYCLIC, ORBITS };

typedef struct design {
    int kind, players, fixed, m, nblocks;
    /* CYCLIC: base blocks in Z_(3m); ORBITS: the whole base round, player
     * (x, i) written i*m + x and fixed player k as -1 - k */
    signed char blocks[9][4];
} design;

static const design designs[] = {
    {CYCLIC, 16, 1, 5, 1, {{1, 2, 4, 8}}},
    {ORBITS,
     28,
     1,
     9,
     7,
     {{-1, 3, 12, 24},
      {0, 2, 6, 19},
      {1, 9, 15, 17},
      {4, 10, 14, 20},
      {5, 16, 23, 25},
      {7, 8, 11, 22},
      {13, 18, 21, 26}}},
    {ORBITS,
     36,
     3,
     11,
     9,
     {{-1, 1, 13, 30},
      {-2, 8, 21, 28},
      {-3, 0, 17, 26},
      {2, 4, 11, 23},
      {3, 6, 7, 31},
      {5, 15, 16, 20},
      {9, 12, 14, 25},
      {10, 18, 22, 32},
      {19, 24, 27, 29}}},
    {CYCLIC, 40, 1, 13, 3, {{1, 18, 21, 25}, {2, 10, 11, 16}, {4, 6, 22, 33}}},
    {CYCLIC, 52, 1, 17, 4, {{1, 10, 25, 48}, {2, 12, 24, 45}, {3, 38, 40, 43}, {5, 30, 49, 50}}},
    {CYCLIC,
     64,
     1,
     21,
     5,
     {{1, 34, 39, 52}, {2, 25, 29, 36}, {3, 17, 27, 58}, {5, 14, 20, 40}, {7, 51, 53, 54}}},
    {CYCLIC,
     76,
     1,
     25,
     6,
     {{1, 48, 49, 64},
      {2, 13, 46, 68},
      {3, 20, 33, 57},
      {4, 10, 12, 44},
      {5, 31, 34, 41},
      {11, 15, 67, 72}}},
    {CYCLIC,
     88,
     1,
     29,
     7,
     {{1, 9, 52, 57},
      {2, 26, 48, 73},
      {3, 17, 40, 70},
      {4, 16, 76, 85},
      {5, 6, 8, 82},
      {7, 14, 49, 68},
      {13, 51, 79, 83}}},
    {CYCLIC,
     100,
     1,
     33,
     8,
     {{1, 27, 31, 48},
      {2, 18, 30, 62},
      {3, 4, 57, 94},
      {5, 45, 55, 86},
      {6, 8, 13, 92},
      {7, 21, 43, 77},
      {9, 32, 83, 89},
      {14, 25, 49, 52}}},
};

static const design *find(int n) {
    for (size_t k = 0; k < sizeof designs / sizeof *designs; k++)
        if (designs[k].players == n)
            return &designs[k];
    return NULL;
}

int sw_design_rounds(int n) {
    const design *d = find(n);
    return d ? d->m : 0;
}

/* The base round into at[0..n): fixed players first, then orbit player
 * (x, i) as fixed + i*g + x with g the orbit length. */
static void base_round(const design *d, int *at) {
    int k = 0, m = d->m;
    if (d->kind == CYCLIC) {
        at[k++] = 0; /* oo */
        for (int j = 0; j < 3; j++)
            at[k++] = 1 + j * m;
        for (int b = 0; b < d->nblocks; b++)
            for (int j = 0; j < 3; j++)
                for (int e = 0; e < 4; e++)
                    at[k++] = 1 + (d->blocks[b][e] + j * m) % (3 * m);
    } else {
        for (int b = 0; b < d->nblocks; b++)
            for (int e = 0; e < 4; e++) {
                int p = d->blocks[b][e];
                at[k++] = p < 0 ? -1 - p : d->fixed + p;
            }
    }
}

bool sw_design_build(int n, int rounds, int *at) {
    const design *d = find(n);
    if (!d || rounds < 0 || rounds > d->m)
        return false;
    if (rounds == 0)
        return true;
    int g = d->kind == CYCLIC ? 3 * d->m : d->m, f = d->fixed;
    base_round(d, at);
    for (int t = 1; t < rounds; t++)
        for (int p = 0; p < n; p++) {
            int x = at[p];
            at[(size_t)t * n + p] = x < f ? x : f + (x - f) / g * g + ((x - f) % g + t) % g;
        }
    return true;
}
