/* src/swiss/bracket.c: the Dutch bracket order (C.04.3 transpositions and
 * exchanges) among the pairings the weight rates equal. The optimum's
 * brackets are read into a layout of digits (each S1 player's partner, the
 * exchanges, the moved-down players' places), which extend the weight, and
 * the brackets are solved again from the top in windows narrow enough for
 * the matching. When a window does not fit, standard.c decides instead.
 * SPDX-License-Identifier: MIT */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "swiss/pair_internal.h"
#include "util/limbs.h"
#include "util/parallel.h"

/* Most digit bits one window solve takes: whole brackets while they fit in
 * WINDOW_BITS, a bracket wider than that alone up to CUT_BITS, cut between
 * digits. The trade is narrow weights against fewer solves: up to 500
 * players 256 bits for both; above, every solve covers more players, so
 * the window grows with the round, np and 2 np for a cut bracket, at most
 * 1500 and 3000 so that a window's weight stays within the matching's
 * 4088 bits (one that does not fit is tried again narrower). Then the
 * candidates within this many ranks of a player in a window's sparse
 * graph, and re-reads of a window's brackets. */
#define WINDOW_BITS(np) ((np) > 1500 ? 1500.0 : (np) > 500 ? (double)(np) : 256.0)
#define CUT_BITS(np) ((np) > 1500 ? 3000.0 : (np) > 500 ? 2.0 * (np) : 256.0)
#define WINDOW_SPARSE 8
#define WINDOW_AGAIN 8
/* Sparse solves of a window before its full graph: each adds the pairs the
 * duals could not price, and a window's full graph with its wide weight
 * costs far more than many sparse solves once the round is large (the
 * pairs added shrink from one solve to the next). */
#define WINDOW_ATTEMPTS 16

/* Among the pairings the weight rates equal, the first in the Dutch bracket
 * order. The structure of an optimum (who floats into which score group,
 * how many pairs each group plays inside itself) defines the brackets: the
 * moved-down players of a group (ranked) meet its residents in order; the
 * remainder's top p players (p = its pairs) form S1 and the rest S2. Each S1
 * player in rank order is one digit of a mixed-radix number: the index of
 * its partner in its S2 (a moved-down player: among the residents); a
 * partner in S1 below it (an exchange) after all of S2; any other (a player
 * above, a float, the bye) last. The weight is multiplied by that radix
 * product and the digits' complement added, so the matching keeps every
 * higher criterion and takes the smallest digit sequence: S1[0]'s partner
 * first, then S1[1]'s, as the transpositions are ordered.
 *
 * The brackets are settled from the top in windows (sw_swiss_bracket_order): a
 * window's solve weighs only its own brackets' criteria and digits and the
 * next bracket's N and F (the players above are paired already, the ones
 * below only need to be pairable), then its pairs are fixed. Each solve's
 * optimum agrees with the whole order's on everything down to the window's
 * digits, so the windows together give the whole order's optimum, with
 * narrow weights on a shrinking graph (docs/swiss.md). */

/* A player's role in its bracket's remainder (bracket_layout.role). */
enum { ROLE_NONE, ROLE_S1, ROLE_S2 };

/* What a digit of the bracket order decides (bracket_layout.kind). */
typedef enum digit_kind {
    DIGIT_MOVED_DOWN,   /* a moved-down player's partner among a bracket's residents */
    DIGIT_COUNT,        /* a group's remainder pairs that hold an S1 player */
    DIGIT_SUM,          /* the exchange's BSN sums */
    DIGIT_TIE,          /* the exchange's tie-break */
    DIGIT_S1,           /* an S1 player's partner */
    DIGIT_S2,           /* an S2 player an exchange moves to S1: its partner */
    DIGIT_MOVED_PAIRED, /* whether a moved-down player is paired in a bracket */
} digit_kind;

/* A group's exchange digits (the others belong to one player's pair). */
static bool group_digit(digit_kind k) {
    return k == DIGIT_COUNT || k == DIGIT_SUM || k == DIGIT_TIE;
}

/* The digits read from a pairing (layout_read). Per player (rank): role
 * (ROLE_NONE: paired upwards, or in its remainder's S1 or S2); pos its index in its group's
 * S1, pos2 in its S2 (-1); s1n, s2n its remainder's S1 and S2 sizes (S1
 * players); s1 and s2d its own digits (-1). Per group: vidx the exchange
 * count digit, sidx the BSN sum digit, xidx the exchange's tie-break digit
 * (-1: none) and xs2 its S2 size; gp1[g] the remainder's S1 size, gp1[ng +
 * g] the lowest bracket g's floaters reach. A player the optimum floats
 * down is a moved-down player of every bracket from the one below its own
 * to the one it is paired in (the bye: the last), with two digits in each:
 * mfirst, mlast, mbase (its partner), mmem (paired there or not). Per
 * digit: radix, its bracket dg, its owner (a rank) and kind, which tell two
 * layouts apart. */
typedef struct bracket_layout {
    int np, ng, n1;
    int *mem;
    int *grp, *gstart, *role, *pos, *pos2, *s1, *s2d, *s1n, *s2n;
    int *vidx, *sidx, *xidx, *xs2, *gp1, *mfirst, *mlast, *mbase, *mmem;
    uint64_t *radix;
    int *dg, *owner; /* per digit: its bracket and its player */
    digit_kind *kind;
} bracket_layout;

static void layout_free(bracket_layout *o) {
    free(o->mem);
    free(o->radix);
    free(o->dg);
    free(o->owner);
    free(o->kind);
    memset(o, 0, sizeof *o);
}

/* Each group's remainder (its residents not paired upwards): its top p
 * players, p its pairs inside, are S1 and the rest S2. */
static void layout_remainders(bracket_layout *o, const int *mate) {
    int *role = o->role, *pos = o->pos, *pos2 = o->pos2;
    for (int g = 0; g < o->ng; g++) {
        int gs = o->gstart[g], ge = o->gstart[g + 1];
        int p = 0, rem = 0;
        for (int r = gs; r < ge; r++)
            if (!(mate[r] >= 0 && mate[r] < gs)) {
                rem++;
                if (mate[r] > r && mate[r] < ge)
                    p++;
            }
        int k = 0, k2 = 0;
        for (int r = gs; r < ge; r++) {
            if (mate[r] >= 0 && mate[r] < gs)
                continue;
            if (k < p) {
                role[r] = ROLE_S1;
                pos[r] = k++;
            } else {
                role[r] = ROLE_S2;
                pos2[r] = k2++;
            }
        }
        for (int r = gs; r < ge; r++)
            if (role[r] == ROLE_S1)
                o->s2n[r] = rem - p, o->s1n[r] = p;
        o->gp1[g] = p;
    }
}

/* The brackets each floater is a moved-down player of (mfirst..mlast):
 * the floaters of a group may end in any bracket one of them reaches (a
 * solve may float another one further). Returns the digits they add. */
static size_t layout_floaters(bracket_layout *o, const int *mate) {
    int np = o->np, ng = o->ng, *grp = o->grp, *gp1 = o->gp1;
    size_t ndig = 0;
    for (int r = 0; r < np; r++) {
        o->mfirst[r] = grp[r] + 1;
        o->mlast[r] = mate[r] == -2 ? ng - 1 : mate[r] > r ? grp[mate[r]] : -1;
        if (o->mlast[r] >= o->mfirst[r] && o->mlast[r] > gp1[ng + grp[r]])
            gp1[ng + grp[r]] = o->mlast[r];
    }
    for (int r = 0; r < np; r++)
        if (o->mlast[r] >= o->mfirst[r]) {
            o->mlast[r] = gp1[ng + grp[r]];
            ndig += 2 * (size_t)(o->mlast[r] - o->mfirst[r] + 1);
        }
    return ndig;
}

/* Appends a digit: its bracket, radix, owner and kind; returns its index. */
static int push_digit(bracket_layout *o, int g, uint64_t radix, int owner, digit_kind kind) {
    int i = o->n1++;
    o->dg[i] = g;
    o->radix[i] = radix;
    o->owner[i] = owner;
    o->kind[i] = kind;
    return i;
}

/* Group g's exchange digits, owned by its first S1 player r: the count of
 * remainder pairs holding an S1 player (radix: S1's size + 1; p minus it
 * players were exchanged), the BSN sums of the exchange (those moved from
 * S2 to S1 minus those moved from S1 to S2, the smaller first), then the
 * exchange that moves the highest BSNs from S1 to S2, then the lowest from
 * S2 to S1: bit pos of each S1 player moved above the bits s2 - 1 - pos2
 * of each S2 player moved. */
static void exchange_digits(bracket_layout *o, int g, int r) {
    int cnt = 0;
    for (int t = o->gstart[g]; t < o->gstart[g + 1]; t++)
        cnt += o->role[t] == ROLE_S1;
    uint64_t rem = (uint64_t)(cnt + o->s2n[r]);
    o->vidx[g] = push_digit(o, g, (uint64_t)cnt + 1, r, DIGIT_COUNT);
    o->sidx[g] = push_digit(o, g, (uint64_t)cnt * rem + rem * rem + 1, r, DIGIT_SUM);
    if (rem <= 60) {
        o->xs2[g] = o->s2n[r];
        o->xidx[g] = push_digit(o, g, (uint64_t)1 << rem, r, DIGIT_TIE);
    }
}

/* The digits by rank. A bracket's moved-down players first compete for
 * its places: the set it pairs is the one whose BSNs come first (the
 * exchanges between S1 and limbo come before the transpositions that pair
 * an S1): one binary digit per player and bracket, in rank order, above
 * the partners' digits (a cut window keeps these while the player is not
 * fixed). Then, by rank, each moved-down player's partners in the brackets
 * it passes, and bracket by bracket in the Dutch exchange order the
 * group's exchange digits before its S1 players' own digits (the
 * partner's place in the remainder: with the exchange settled, S2 sorted
 * by BSN), after the digits of the brackets above and of the players moved
 * down into it (they rank higher), as the Dutch system settles those
 * first. */
static void layout_digits(bracket_layout *o) {
    const int *gstart = o->gstart;
    for (int r = 0; r < o->np; r++) {
        o->mmem[r] = o->n1;
        for (int g = o->mfirst[r]; g <= o->mlast[r]; g++)
            push_digit(o, g, 2, r, DIGIT_MOVED_PAIRED);
    }
    for (int r = 0; r < o->np; r++) {
        o->mbase[r] = o->n1;
        for (int g = o->mfirst[r]; g <= o->mlast[r]; g++)
            push_digit(o, g, (uint64_t)(gstart[g + 1] - gstart[g]) + 1, r, DIGIT_MOVED_DOWN);
        int g = o->grp[r];
        if (o->role[r] == ROLE_S1 && o->vidx[g] < 0)
            exchange_digits(o, g, r);
        if (o->role[r] == ROLE_S1)
            o->s1[r] = push_digit(o, g, (uint64_t)(o->s2n[r] + o->s1n[r]) + 1, r, DIGIT_S1);
        /* An S2 player an exchange moves to S1 comes after the S1 players
         * left there (a higher BSN): its partner's place in S2. */
        if (o->role[r] == ROLE_S2 && o->vidx[g] >= 0)
            o->s2d[r] = push_digit(o, g, (uint64_t)(gstart[g + 1] - gstart[g]) + 1, r, DIGIT_S2);
    }
}

static bool layout_read(const sw_swiss_ranked *rk, const int *who, const int *mate,
                        bracket_layout *o) {
    int np = rk->np;
    memset(o, 0, sizeof *o);
    o->np = np;
    size_t n = (size_t)np + 2;
    o->mem = calloc(20 * n, sizeof(int));
    if (!o->mem)
        return false;
    int *m = o->mem;
    int **arr[] = {&o->grp, &o->gstart, &o->role,  &o->pos,   &o->pos2, &o->s1,
                   &o->s2d, &o->s1n,    &o->s2n,   &o->vidx,  &o->sidx, &o->xidx,
                   &o->xs2, &o->mfirst, &o->mlast, &o->mbase, &o->mmem, &o->gp1};
    for (size_t k = 0; k < sizeof arr / sizeof arr[0]; k++, m += n)
        *arr[k] = m; /* gp1 last: it takes 2n */
    int ng = o->ng = sw_swiss_score_groups(rk, who, np, o->grp);
    for (int g = 0, r = 0; g <= ng; g++) {
        while (r < np && o->grp[r] < g)
            r++;
        o->gstart[g] = r;
    }
    for (int r = 0; r < np; r++)
        o->s1[r] = -1, o->s2d[r] = -1, o->pos2[r] = -1;
    for (int g = 0; g < ng; g++)
        o->vidx[g] = -1, o->sidx[g] = -1, o->xidx[g] = -1;
    layout_remainders(o, mate);
    size_t ndig = 5 * (size_t)np + 1 + layout_floaters(o, mate);
    o->radix = malloc(sizeof(uint64_t) * ndig);
    o->dg = malloc(sizeof(int) * ndig);
    o->owner = malloc(sizeof(int) * ndig);
    o->kind = malloc(sizeof(digit_kind) * ndig);
    if (!o->radix || !o->dg || !o->owner || !o->kind)
        return false;
    layout_digits(o);
    return true;
}

/* Do layouts a and b give brackets g0..g1 the same digits? */
static bool layout_same(const bracket_layout *a, const bracket_layout *b, int g0, int g1) {
    for (int r = 0; r < a->np; r++)
        if (a->grp[r] >= g0 && a->grp[r] <= g1 &&
            (a->role[r] != b->role[r] || a->pos[r] != b->pos[r] || a->pos2[r] != b->pos2[r] ||
             a->s1n[r] != b->s1n[r] || a->s2n[r] != b->s2n[r]))
            return false;
    int i = 0, j = 0;
    for (;;) {
        while (i < a->n1 && (a->dg[i] < g0 || a->dg[i] > g1))
            i++;
        while (j < b->n1 && (b->dg[j] < g0 || b->dg[j] > g1))
            j++;
        if (i == a->n1 || j == b->n1)
            return i == a->n1 && j == b->n1;
        if (a->dg[i] != b->dg[j] || a->radix[i] != b->radix[j] || a->owner[i] != b->owner[j] ||
            a->kind[i] != b->kind[j])
            return false;
        i++, j++;
    }
}

/* One window's digits in the weight: place[i] is the unit of digit i (its
 * bracket's k_ord times the radices after it there; 0 outside the window). */
typedef struct order_digits {
    const bracket_layout *o;
    const uint64_t *place;
    int L;
    /* place[i]'s limbs up to its top nonzero one: the units of the lower
     * digits are narrow, and a pair's digit terms multiply only those. */
    const int *plen;
} order_digits;

#define PLACE(oc, i) ((oc)->place + (size_t)(i) * (size_t)(oc)->L)

/* slot += digit unit i times m. */
static inline void add_place(const order_digits *oc, uint64_t *slot, int i, uint64_t m) {
    sw_limbs_addmul_part(slot, PLACE(oc, i), m, oc->plen[i], oc->L);
}

/* An S1 player a's own digit with partner b (order_terms): b's place in
 * a's remainder, S1 before S2; the worst for any other partner. */
static uint64_t s1_digit(const bracket_layout *o, int a, int b) {
    int i = o->s1[a];
    uint64_t digit = o->radix[i] - 1; /* the worst */
    if (o->role[a] == ROLE_S1 && o->grp[b] == o->grp[a] && o->role[b] == ROLE_S1)
        digit = (uint64_t)o->pos[b];
    else if (o->role[a] == ROLE_S1 && o->grp[b] == o->grp[a] && o->pos2[b] >= 0)
        digit = (uint64_t)(o->s1n[a] + o->pos2[b]);
    return digit > o->radix[i] - 1 ? o->radix[i] - 1 : digit;
}

/* slot += the digits' part of the pair a < b (b = np: the bye). */
static void order_terms(const order_digits *oc, int a, int b, uint64_t *slot) {
    const bracket_layout *o = oc->o;
    int L = oc->L, np = o->np;
    const int *grp = o->grp, *role = o->role, *pos = o->pos, *pos2 = o->pos2;
    bool bye = b == np;
    /* The exchange's BSN sums (credit: minus the sum's difference): a pair
     * of two S2 players sends its higher one to S1, a pair of two S1
     * players its lower one to S2, an S1 player paired outside its
     * remainder goes to S2. */
    bool in_a = !bye && grp[b] == grp[a] && (role[b] == ROLE_S1 || pos2[b] >= 0);
    if (!bye && pos2[a] >= 0 && pos2[b] >= 0 && grp[a] == grp[b] && o->sidx[grp[a]] >= 0) {
        int i = o->sidx[grp[a]];
        sw_limbs_submul_part(slot, PLACE(oc, i), (uint64_t)(o->gp1[grp[a]] + pos2[a] + 1),
                             oc->plen[i], L);
        if (o->xidx[grp[a]] >= 0)
            add_place(oc, slot, o->xidx[grp[a]], (uint64_t)1 << (o->xs2[grp[a]] - 1 - pos2[a]));
    }
    if (role[a] == ROLE_S1 && !in_a) {
        add_place(oc, slot, o->sidx[grp[a]], (uint64_t)(pos[a] + 1));
        if (o->xidx[grp[a]] >= 0)
            add_place(oc, slot, o->xidx[grp[a]], (uint64_t)1 << (pos[a] + o->xs2[grp[a]]));
    }
    if (!bye && role[b] == ROLE_S1) {
        add_place(oc, slot, o->sidx[grp[b]], (uint64_t)(pos[b] + 1));
        if (o->xidx[grp[b]] >= 0)
            add_place(oc, slot, o->xidx[grp[b]], (uint64_t)1 << (pos[b] + o->xs2[grp[b]]));
    }
    /* A moved-down player meets a resident of a bracket it passes: the
     * resident's place there, the higher first. */
    if (!bye && grp[b] >= o->mfirst[a] && grp[b] <= o->mlast[a]) {
        int i = o->mbase[a] + grp[b] - o->mfirst[a];
        add_place(oc, slot, i, o->radix[i] - 1 - (uint64_t)(b - o->gstart[grp[b]]));
        add_place(oc, slot, o->mmem[a] + grp[b] - o->mfirst[a], 1);
    }
    if (!bye && o->s2d[a] >= 0 && grp[b] == grp[a] && role[b] == ROLE_S2) {
        int i = o->s2d[a];
        uint64_t digit = (uint64_t)pos2[b];
        if (digit > o->radix[i] - 1)
            digit = o->radix[i] - 1;
        add_place(oc, slot, i, o->radix[i] - 1 - digit);
    }
    if (bye || o->s1[a] < 0)
        return;
    if (role[a] == ROLE_S1 && in_a) /* a pair with an S1 player */
        add_place(oc, slot, o->vidx[grp[a]], 1);
    int i = o->s1[a];
    add_place(oc, slot, i, o->radix[i] - 1 - s1_digit(o, a, b));
}

/* Per player r, what its pairs' digit parts (order_terms) can hold on its
 * side: own[r] its own digits at their largest (only in the pairs it
 * leads: a pair a < b holds a's, the higher player's partner, resident or
 * S1 partner), col[r] its credits as the lower player of a pair (an S1
 * player's exchange sum and tie-break), rin[r] and rout[r] its credits as
 * the higher one, when the lower is in its remainder (a pair with an S1
 * player; two S2 players' tie-break) and when not (an S1 player paired
 * outside its remainder): a pair's part is at most own[a] + rin[a] or
 * rout[a], + col[b] (the window's pricing). Each part counts on the one side
 * where it can occur: a bound with every credit on both sides would be
 * too loose to prove anything. */
static void order_bounds(const order_digits *oc, const bool *fixed, uint64_t *col, uint64_t *own,
                         uint64_t *rin, uint64_t *rout) {
    const bracket_layout *o = oc->o;
    int L = oc->L;
    for (int r = 0; r < o->np; r++) {
        sw_limbs_set_i64(col + (size_t)r * (size_t)L, L, 0);
        sw_limbs_set_i64(own + (size_t)r * (size_t)L, L, 0);
        sw_limbs_set_i64(rin + (size_t)r * (size_t)L, L, 0);
        sw_limbs_set_i64(rout + (size_t)r * (size_t)L, L, 0);
    }
    for (int i = 0; i < o->n1; i++) {
        int r = o->owner[i];
        if (!group_digit(o->kind[i]))
            sw_limbs_addmul_u64(own + (size_t)r * (size_t)L, PLACE(oc, i), o->radix[i], L);
    }
    for (int r = 0; r < o->np; r++) {
        int g = o->grp[r];
        uint64_t *c = col + (size_t)r * (size_t)L, *ri = rin + (size_t)r * (size_t)L,
                 *ro = rout + (size_t)r * (size_t)L;
        if (fixed[r])
            continue;
        if (o->role[r] == ROLE_S1) {
            sw_limbs_add(ri, ri, PLACE(oc, o->vidx[g]), L);
            sw_limbs_addmul_u64(c, PLACE(oc, o->sidx[g]), (uint64_t)(o->pos[r] + 1), L);
        }
        if (o->xidx[g] >= 0 && o->role[r] == ROLE_S1)
            sw_limbs_addmul_u64(c, PLACE(oc, o->xidx[g]), (uint64_t)1 << (o->pos[r] + o->xs2[g]),
                                L);
        sw_limbs_copy(ro, c, L);
        if (o->xidx[g] >= 0 && o->pos2[r] >= 0)
            sw_limbs_addmul_u64(ri, PLACE(oc, o->xidx[g]),
                                (uint64_t)1 << (o->xs2[g] - 1 - o->pos2[r]), L);
    }
}

/* Which pairs a window solve considers: both unfixed, not two floaters
 * from above the window (their brackets are settled: they float), legal. */
static bool window_pair(const sw_swiss_problem *c, const bracket_layout *o, const bool *fixed,
                        int g0, int a, int b) {
    if (fixed[a] || fixed[b] || (o->grp[a] < g0 && o->grp[b] < g0))
        return false;
    return sw_swiss_legal(c->rk, c->who[a], c->who[b]);
}

/* The pair a < b (b = np: the bye) between vertices vid[a] and vid[b]. */
static bool push_order(const sw_swiss_problem *c, const order_digits *oc, const int *vid,
                       sw_swiss_edge_list *l, int a, int b, sw_swiss_row_cache *lc) {
    uint64_t *w = sw_swiss_edge_list_push(l, vid[a], vid[b]);
    if (!w)
        return false;
    if (b == c->count)
        sw_swiss_bye_weight(c, a, w);
    else
        sw_swiss_pair_weight(c, a, b, w, lc);
    order_terms(oc, a, b, w);
    if (c->shift) {
        sw_swiss_sub_share(&c->W, a, w);
        if (b < c->count)
            sw_swiss_sub_share(&c->W, b, w);
    }
    return true;
}

/* One window's solve (window_solve): its problem and digits, the players
 * it may pair (not fixed) as the matching's vertices, and what its
 * pricing reads. */
typedef struct window {
    sw_swiss_problem c; /* c.target: each player's standard partner */
    const bracket_layout *o;
    order_digits oc;
    const bool *fixed;
    const int *mate; /* the pairing before this window's solve */
    int g0, g1;
    int *vid, *rv; /* rank -> vertex (the bye: np), vertex -> rank */
    int nv;
    int *ord_n, *ord_off; /* the window's digits per group (sw_swiss_order_spec) */
    uint64_t *ord_rad, *place;
    int *plen;
    /* The pricing: base per player y - 4 (k_real + k_low + rank + digit
     * bound), the digit bounds (order_bounds) and the duals of the pass. */
    sw_swiss_pricer pr;
    uint64_t *bound, *own, *rin, *rout;
    bool *inrem;
    const sw_blossom_dual *d;
} window;

/* The pairs (a, b), b beyond a's sparse neighbours, whose reduced cost is
 * negative: their number, and with l, each added to l (-1: out of memory).
 * A bound first: base[a] + base[b] + 4 pen(g_a, g_b) + the common blossoms'
 * duals <= the reduced cost. */
static long price_row(const void *ctx, int a, sw_swiss_edge_list *l) {
    const window *p = ctx;
    const sw_swiss_problem *c = &p->c;
    const bracket_layout *o = p->o;
    int np = c->count, L = c->W.L;
    long n = 0;
    if (p->fixed[a])
        return 0;
    uint64_t w[SW_BLOSSOM_LIMBS_MAX];
    sw_swiss_row_cache lc;
    memset(lc.ok, 0, sizeof lc.ok);
    sw_swiss_bound_row r;
    sw_swiss_bound_row_init(&r, &p->pr, a, o->grp[a]);
    /* An S1 player's own digit (order_terms) is place (R - 1 - digit),
     * where its bound counts place R: place 4 (digit + 1) more is still
     * below the reduced cost. */
    const uint64_t *pl = o->s1[a] >= 0 ? PLACE(&p->oc, o->s1[a]) : NULL;
    for (int b = a + WINDOW_SPARSE + 1; b < np; b++) {
        if (p->fixed[b])
            continue;
        uint64_t m = pl ? 4 * (s1_digit(o, a, b) + 1) : 0;
        if (!sw_swiss_bound_neg(p->d, &r, b, o->grp[b], p->vid[a], p->vid[b], pl, m) ||
            !window_pair(c, o, p->fixed, p->g0, a, b))
            continue;
        if (o->grp[a] > p->g1 + 1 || (o->grp[a] == p->g1 + 1 && o->grp[b] == p->g1 + 1)) {
            /* Below the window, a pair that floats no one out of its next
             * bracket weighs its real game and ranks only (no component or
             * digit of the window is there). */
            sw_limbs_shl(w, c->W.k_real, 1, L);
            sw_limbs_addmul_u64(w, c->W.k_rank, (uint64_t)(2 * np - a - b) * c->W.K, L);
        } else {
            sw_swiss_pair_weight(c, a, b, w, &lc);
            order_terms(&p->oc, a, b, w);
        }
        if (!sw_blossom_reduced_cost_neg(p->d, p->vid[a], p->vid[b], w))
            continue;
        n++;
        if (!l)
            continue;
        if (!sw_swiss_push_priced(c, l, p->vid[a], p->vid[b], a, b, w)) {
            n = -1;
            break;
        }
    }
    sw_swiss_bound_row_free(&r);
    return n;
}

/* The pricing bases of the duals d: cbase[a] = y_a - 4 (k_real + k_lowc +
 * (np - a) K + bound[a]) for a as the lower player of a pair; for the rows
 * a leads k_low, own[a] and rin[a] (ibase) or rout[a] (base) instead of
 * k_lowc and bound[a] (order_bounds). */
static bool price_start(void *ctx, const sw_blossom_dual *d) {
    window *p = ctx;
    const sw_swiss_weights *W = &p->c.W;
    int np = p->c.count, L = W->L;
    uint64_t t[SW_BLOSSOM_LIMBS_MAX], u[SW_BLOSSOM_LIMBS_MAX] = {0};
    p->d = d;
    for (int a = 0; a < np; a++) {
        if (p->fixed[a])
            continue;
        /* A player above the window: its pairs' colour parts fall in the
         * window's groups (its own are left out), at most g0's. */
        int ga = p->o->grp[a] > p->g0 ? p->o->grp[a] : p->g0;
        const uint64_t *y = d->y + (size_t)p->vid[a] * (size_t)L;
        size_t at = (size_t)a * (size_t)L;
        sw_limbs_copy(t, W->k_real, L);
        sw_limbs_addmul_u64(t, W->k_rank, (uint64_t)(np - a) * W->K, L);
        sw_limbs_add(u, t, W->k_lowc + (size_t)ga * (size_t)L, L);
        sw_limbs_add(u, u, p->bound + at, L);
        sw_limbs_shl(u, u, 2, L);
        sw_limbs_sub(p->pr.cbase + at, y, u, L);
        p->pr.tbase[a] = sw_limbs_top2(p->pr.cbase + at, L);
        sw_limbs_add(t, t, W->k_low + (size_t)ga * (size_t)L, L);
        sw_limbs_add(t, t, p->own + at, L);
        sw_limbs_add(u, t, p->rin + at, L);
        sw_limbs_shl(u, u, 2, L);
        sw_limbs_sub(p->pr.ibase + at, y, u, L);
        sw_limbs_add(t, t, p->rout + at, L);
        sw_limbs_shl(t, t, 2, L);
        sw_limbs_sub(p->pr.base + at, y, t, L);
    }
    return true;
}

static void price_end(void *ctx) {
    ((window *)ctx)->d = NULL;
}

/* The window's pairs into l: with sparse, only those within WINDOW_SPARSE
 * ranks of each other, of a player's current partner or of its standard
 * partner; and the bye edges. */
static bool window_edges(const window *p, bool sparse, sw_swiss_edge_list *l) {
    const sw_swiss_problem *c = &p->c;
    const int *mate = p->mate, *target = c->target;
    int np = c->count;
    sw_swiss_row_cache lc;
    for (int a = 0; a < np; a++) {
        if (p->fixed[a])
            continue;
        memset(lc.ok, 0, sizeof lc.ok);
        for (int b = a + 1; b < np; b++)
            if ((!sparse || b <= a + WINDOW_SPARSE ||
                 (mate[a] >= 0 && abs(mate[a] - b) <= WINDOW_SPARSE) ||
                 (mate[b] >= 0 && abs(mate[b] - a) <= WINDOW_SPARSE) ||
                 abs(target[a] - b) <= WINDOW_SPARSE) &&
                window_pair(c, p->o, p->fixed, p->g0, a, b) &&
                !push_order(c, &p->oc, p->vid, l, a, b, &lc))
                return false;
        if (np % 2 == 1 && c->bye_ok[c->who[a]] && !push_order(c, &p->oc, p->vid, l, a, np, &lc))
            return false;
    }
    return true;
}

static bool window_sparse(void *ctx, sw_swiss_edge_list *l) {
    return window_edges(ctx, true, l);
}

static bool window_full(void *ctx, sw_swiss_edge_list *l) {
    return window_edges(ctx, false, l);
}

static void window_free(window *p) {
    sw_swiss_weights_free(&p->c.W);
    free(p->c.target);
    free(p->vid);
    free(p->rv);
    free(p->ord_n);
    free(p->ord_off);
    free(p->ord_rad);
    free(p->place);
    free(p->plen);
    free(p->bound);
    free(p->own);
    free(p->rin);
    free(p->rout);
    free(p->inrem);
    sw_swiss_pricer_free(&p->pr); /* frees cbase and ibase */
}

/* The window's digits (inc: those it weighs) per group, for its weights. */
static sw_swiss_order_spec window_spec(window *p, const bool *inc) {
    const bracket_layout *o = p->o;
    for (int i = 0; i < o->n1; i++)
        if (inc[i])
            p->ord_n[o->dg[i]]++;
    for (int g = 1; g <= o->ng; g++)
        p->ord_off[g] = p->ord_off[g - 1] + p->ord_n[g - 1];
    for (int g = 0, k = 0; g < o->ng; g++)
        for (int i = 0; i < o->n1; i++)
            if (o->dg[i] == g && inc[i])
                p->ord_rad[k++] = o->radix[i];
    return (sw_swiss_order_spec){p->ord_n, p->ord_off, p->ord_rad, true, p->g0, p->g1};
}

/* Each included digit's unit: its bracket's k_ord times the radices of
 * the included digits after it there; plen its limbs up to the top
 * nonzero one. */
static void window_places(window *p, const bool *inc) {
    const bracket_layout *o = p->o;
    int n1 = o->n1, L = p->c.W.L;
    for (int i = n1 - 1; i >= 0; i--) {
        if (!inc[i])
            continue;
        uint64_t *pi = p->place + (size_t)i * (size_t)L;
        int nx = i + 1;
        while (nx < n1 && !(inc[nx] && o->dg[nx] == o->dg[i]))
            nx++;
        if (nx < n1)
            sw_limbs_mul_u64(pi, p->place + (size_t)nx * (size_t)L, o->radix[nx], L);
        else
            sw_limbs_copy(pi, p->c.W.k_ord + (size_t)o->dg[i] * (size_t)L, L);
    }
    for (int i = 0; i < n1; i++) {
        int len = L;
        while (len > 0 && p->place[(size_t)i * (size_t)L + (size_t)len - 1] == 0)
            len--;
        p->plen[i] = len;
    }
    p->oc = (order_digits){o, p->place, L, p->plen};
}

/* The matching's vertices: the players not fixed (vid), then the bye
 * (fixed players left as isolated vertices would defeat the matching's
 * greedy start, which needs a perfect matching). */
static void window_vertices(window *p) {
    int np = p->c.count, nv = 0;
    for (int a = 0; a < np; a++)
        if (!p->fixed[a])
            p->rv[nv] = a, p->vid[a] = nv++;
    p->vid[np] = nv, p->rv[nv] = np;
    p->nv = nv + np % 2;
}

/* The window's weights, digit units, vertices and pricing room. SW_OK
 * with W.L 0 when its weight does not fit. */
static sw_status window_setup(window *p, const bool *inc, sw_error *err) {
    const sw_swiss_ranked *rk = p->c.rk;
    int np = rk->np, ng = p->o->ng, n1 = p->o->n1;
    p->c.target = malloc(sizeof(int) * ((size_t)np + 1));
    p->ord_n = calloc((size_t)ng + 1, sizeof(int));
    p->ord_off = calloc((size_t)ng + 1, sizeof(int));
    p->ord_rad = malloc(sizeof(uint64_t) * ((size_t)n1 + 1));
    p->vid = malloc(sizeof(int) * ((size_t)np + 2));
    p->rv = malloc(sizeof(int) * ((size_t)np + 2));
    if (!p->c.target || !p->ord_n || !p->ord_off || !p->ord_rad || !p->vid || !p->rv)
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    sw_swiss_standard_partners(rk, p->c.who, np, p->c.target);
    sw_swiss_order_spec os = window_spec(p, inc);
    sw_status rc = sw_swiss_weights_make(rk, p->c.who, np, &p->c.W, &os, err);
    if (rc)
        return rc == SW_ERR_LIMIT ? SW_OK : rc; /* too wide: the standard order stands in */
    p->c.W.no_order = true;
    size_t L = (size_t)p->c.W.L, rows = L * ((size_t)np + 1);
    p->place = calloc(L * ((size_t)n1 + 1), sizeof(uint64_t));
    p->plen = malloc(sizeof(int) * ((size_t)n1 + 1));
    p->bound = malloc(sizeof(uint64_t) * rows);
    p->own = malloc(sizeof(uint64_t) * rows);
    p->rin = malloc(sizeof(uint64_t) * rows);
    p->rout = malloc(sizeof(uint64_t) * rows);
    p->inrem = malloc(sizeof(bool) * ((size_t)np + 1));
    if (!p->place || !p->plen || !p->bound || !p->own || !p->rin || !p->rout || !p->inrem ||
        !sw_swiss_pricer_alloc(&p->c.W, np, &p->pr) ||
        !(p->pr.cbase = malloc(sizeof(uint64_t) * rows)) ||
        !(p->pr.ibase = malloc(sizeof(uint64_t) * rows)))
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    for (int a = 0; a < np; a++) /* order_terms' in_a, for b */
        p->inrem[a] = p->o->role[a] == ROLE_S1 || p->o->pos2[a] >= 0;
    p->pr.inrem = p->inrem;
    window_places(p, inc);
    window_vertices(p);
    order_bounds(&p->oc, p->fixed, p->bound, p->own, p->rin, p->rout);
    return SW_OK;
}

/* Brackets g0..g1 of o ordered (their players' pairs in mate, the fixed
 * players' untouched). *fits false (mate untouched) when the weight or the
 * full graph does not fit. The priced solve of solve.c on the window's
 * graph: each player's neighbours within WINDOW_SPARSE ranks and those of
 * its current and its standard partner first; the duals price the rest (a
 * bound from pen, the colour and digit parts per player, then the exact
 * reduced cost), and the full graph decides if that does not settle it. */
static sw_status window_solve(const sw_swiss_ranked *rk, const int *who, const bool *bye_ok,
                              const bracket_layout *o, int g0, int g1, const bool *inc,
                              const bool *fixed, int *mate, bool *fits, sw_error *err) {
    int np = rk->np;
    window p = {.c = {rk, who, np, bye_ok, {0}, NULL, false},
                .o = o,
                .fixed = fixed,
                .mate = mate,
                .g0 = g0,
                .g1 = g1};
    int *vm = malloc(sizeof(int) * ((size_t)np + 2));
    *fits = false;
    sw_status rc =
        vm ? window_setup(&p, inc, err) : sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    if (!rc && p.c.W.L > 0) {
        sw_swiss_solve_plan plan = {&p.c,        p.nv,      p.rv,          WINDOW_ATTEMPTS,
                                    p.nv,        &p,        window_sparse, window_full,
                                    price_start, price_row, price_end};
        rc = sw_swiss_priced_solve(&plan, vm, fits, err);
    }
    if (!rc && *fits)
        for (int a = 0; a < np; a++)
            if (!fixed[a])
                mate[a] = vm[p.vid[a]] < 0           ? -1
                          : p.rv[vm[p.vid[a]]] == np ? -2
                                                     : p.rv[vm[p.vid[a]]];
    free(vm);
    window_free(&p);
    return rc;
}

/* Does a window weigh digit i? Not when its player's pair is fixed (it
 * cannot change); a group's exchange digits always (the pairs not fixed yet
 * change them). */
static bool held(const bracket_layout *o, const bool *fixed, int i) {
    return group_digit(o->kind[i]) || !fixed[o->owner[i]];
}

/* The next window from bracket g0's digit k0 (its first k0 settled):
 * whole brackets while their digits fit in WINDOW_BITS (scaled); a
 * bracket that does not is cut after the digits that do (up to CUT_BITS
 * when the first bracket alone is wider), unless none does. It ends
 * before g1's digit k1 (k1 < 0: g1 whole). */
static void choose_window(const bracket_layout *lay, const bool *fixed, int g0, int k0,
                          double scale, int *g1, int *k1) {
    double bits = 0, limit = WINDOW_BITS(lay->np) * scale, rest0 = 0;
    for (int i = 0, k = 0; i < lay->n1; i++)
        if (lay->dg[i] == g0 && (k++ >= k0 || held(lay, fixed, i)))
            rest0 += log2((double)lay->radix[i]);
    if (rest0 > limit)
        limit = CUT_BITS(lay->np) * scale;
    *g1 = g0, *k1 = -1;
    int took = 0; /* new digits: at least one, so the walk goes on */
    for (int g = g0; g < lay->ng; g++) {
        int k = 0, cut = -1;
        for (int i = 0; i < lay->n1 && cut < 0; i++) {
            if (lay->dg[i] != g)
                continue;
            double b = log2((double)lay->radix[i]);
            if (g == g0 && k < k0)
                bits += held(lay, fixed, i) ? b : 0;
            else if (took > 0 && bits + b > limit)
                cut = k;
            else
                bits += b, took++;
            k += cut < 0;
        }
        if (cut < 0)
            *g1 = g;
        else if (g == g0 || cut > 0)
            *g1 = g, *k1 = cut;
        if (cut >= 0)
            break;
    }
}

/* inc: the digits the window g0..g1 (cut before g1's digit k1) weighs. */
static void mark_window(const bracket_layout *lay, const bool *fixed, int g0, int g1, int k1,
                        bool *inc) {
    for (int g = g0; g <= g1; g++) {
        int k = 0;
        for (int i = 0; i < lay->n1; i++)
            if (lay->dg[i] == g) {
                inc[i] = held(lay, fixed, i) && !(g == g1 && k1 >= 0 && k >= k1);
                k++;
            }
    }
}

/* After a window: the pairs made in the brackets it ends are settled; in
 * a bracket it cuts (k1 >= 0), those of the players whose digits it held. */
static void fix_settled(const bracket_layout *lay, const bool *inc, const int *work, int g1, int k1,
                        bool *fixed) {
    int gend = k1 >= 0 ? g1 - 1 : g1;
    for (int r = 0; r < lay->np; r++)
        if (!fixed[r] && work[r] >= 0 && lay->grp[r > work[r] ? r : work[r]] <= gend)
            fixed[r] = fixed[work[r]] = true;
    if (k1 < 0)
        return;
    for (int i = 0; i < lay->n1; i++) {
        int r = lay->owner[i], m = work[r];
        digit_kind kind = lay->kind[i];
        if (!inc[i] || lay->dg[i] != g1 ||
            !(kind == DIGIT_MOVED_DOWN || kind == DIGIT_S1 || kind == DIGIT_S2) || fixed[r] ||
            m < 0)
            continue;
        if (lay->grp[r > m ? r : m] == g1)
            fixed[r] = fixed[m] = true;
    }
}

sw_status sw_swiss_bracket_order(const sw_swiss_ranked *rk, const int *who, const bool *bye_ok,
                                 int *mate, bool *done, sw_error *err) {
    int np = rk->np;
    *done = false;
    if (np < 4)
        return SW_OK;
    bracket_layout lay = {0}, next = {0};
    bool *fixed = calloc((size_t)np + 1, sizeof(bool));
    int *work = malloc(sizeof(int) * ((size_t)np + 1));
    bool *inc = NULL;
    sw_status rc = SW_OK;
    if (!fixed || !work || !layout_read(rk, who, mate, &lay)) {
        rc = sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
        goto out;
    }
    if (lay.n1 == 0)
        goto out;
    memcpy(work, mate, sizeof(int) * (size_t)np);
    int ng = lay.ng;
    /* The next window starts at bracket g0's digit k0 (its first k0 are
     * settled). */
    for (int g0 = 0, k0 = 0; g0 < ng;) {
        int g1 = g0, k1 = 0; /* it ends before g1's digit k1 (k1 < 0: g1 whole) */
        double scale = 1;    /* halved while the window's weight does not fit */
        for (int again = 0; again < WINDOW_AGAIN; again++) {
            /* The window, read from the current layout. */
            free(inc);
            inc = calloc((size_t)lay.n1 + 1, sizeof(bool));
            if (!inc) {
                rc = sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
                goto out;
            }
            if (again == 0)
                choose_window(&lay, fixed, g0, k0, scale, &g1, &k1);
            mark_window(&lay, fixed, g0, g1, k1, inc);
            bool fits;
            rc = window_solve(rk, who, bye_ok, &lay, g0, g1, inc, fixed, work, &fits, err);
            if (!rc && !fits && scale > 1.0 / 64) {
                scale /= 2; /* a narrower window */
                again = -1;
                continue;
            }
            if (rc || !fits)
                goto out;
            if (!layout_read(rk, who, work, &next)) {
                rc = sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
                goto out;
            }
            /* The last solve's layout stays when it is the last allowed
             * (inc and the digits below refer to it). */
            bool same = layout_same(&lay, &next, g0, g1);
            if (same || again == WINDOW_AGAIN - 1) {
                layout_free(&next);
                break;
            }
            layout_free(&lay);
            lay = next;
            memset(&next, 0, sizeof next);
        }
        fix_settled(&lay, inc, work, g1, k1, fixed);
        if (k1 >= 0) {
            k0 = k1;
            g0 = g1;
        } else {
            g0 = g1 + 1;
            k0 = 0;
        }
    }
    memcpy(mate, work, sizeof(int) * (size_t)np);
    *done = true;
out:
    layout_free(&lay);
    layout_free(&next);
    free(fixed);
    free(work);
    free(inc);
    return rc;
}
