/* src/swiss/pair_internal.h: the layers of the Swiss pairing, private to
 * src/swiss, grouped by the file that defines them, from the bottom up:
 * rank (the ranked players) <- weights (the units of one exact weight) <-
 * edges (a pair's parts and weight, edge lists) <- price (pricing by the
 * duals) <- solve (the exact matching) <- bracket and standard (the orders
 * among equal pairings) <- pair.c (the entry). Each layer calls only those
 * below it. weights, edges, price and solve know the criteria only as
 * components and digits, so another pairing system can reuse them with its
 * own component list; bracket.c and standard.c are the Dutch system's.
 * burstein.c, the Burstein system, needs none of them: its weight is three
 * flags a pair and its decisions are searches group by group, so it calls
 * blossom.h and the board builder of pair.c only.
 * SPDX-License-Identifier: MIT */
#ifndef SW_SWISS_PAIR_INTERNAL_H
#define SW_SWISS_PAIR_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "swiss/blossom.h"
#include "swiss/swiss_internal.h"

/* ---- rank.c: the ranked players ---- */

/* Score groups of who[0..np-1] (ranks ascending, so scores descending):
 * grp[r] is r's group, 0 the top; returns the number of groups. */
int sw_swiss_score_groups(const sw_swiss_ranked *rk, const int *who, int np, int *grp);

/* The standard pairing of who[0..count-1] with no history (no rematches or
 * colours to respect): score groups from the top; a player floated down from
 * the group above meets the group's highest; the rest pair top half against
 * bottom half (1 v h+1, 2 v h+2, ...); with an odd rest its lowest floats down.
 * target[a] is a's partner there (count for the one left over at the end). */
void sw_swiss_standard_partners(const sw_swiss_ranked *rk, const int *who, int count, int *target);

/* How far the board a-b is from the standard pairing (target): per player,
 * the ranks between its opponent and its standard partner, capped. */
int sw_swiss_standard_distance(const int *target, int a, int b);

/* qsort has no context argument in C17: a merge sort that passes it. */
void sw_swiss_sort_ranked(int *a, int n, const sw_swiss_state *st, const sw_swiss_trf *trf,
                          int *tmp);

/* ---- weights.c: the units of the weight ---- */

/* The multipliers, each a number of L limbs; rank's unit is 1. */
typedef struct sw_swiss_weights {
    int np, L, ng, bits;
    int lo;        /* lowest score present (half points) */
    uint64_t R;    /* radix of the packed colour and float digits: 2e + 1 */
    uint64_t K;    /* radix of the rank digits: 2 np e + 1 */
    bool no_order; /* leave the floaters' order out (the bracket order decides) */
    bool top;      /* the final round: C8 and C9 digits above each group's colours */
    int maxg;      /* the most games played by a player present (the bye's key) */
    int *grp;      /* np: group of each position in who */
    uint64_t *Rg;  /* ng: radix of group g's colour and float digits, 2 min(e, |G_g|) + 1 */
    uint64_t *mem; /* all the numbers below */
    uint64_t *k_real, *k_rank;
    uint64_t *k_bye; /* above N_1: the score of the bye's recipient (lowest first) */
    /* ng: per bracket whose only downfloater is the bye (C9), after the
     * next bracket's N and F, before its colours: the games the bye's
     * recipient played (0 for the other brackets) */
    uint64_t *k_byg;
    /* ng numbers each: per score group, top first, the units of its colour
     * digits and of its float digits (k_low: the pricing bound; F_g's
     * units are in k_list). */
    uint64_t *k_eq, *k_alt, *k_low;
    /* ng: k_low's counterpart for the lower player of a pair (its float
     * digits are the upfloat's, k_low's the downfloat's: see sw_swiss_weights_make) */
    uint64_t *k_lowc;
    /* Per group, above F_g: the unit of N_g, the downfloaters of bracket g
     * (pairs and the bye that cross the boundary below g; C5, the pairs of
     * each bracket). */
    uint64_t *k_n;
    /* Per group, below its float digits: the unit of its bracket order
     * digits (sw_swiss_bracket_order's second solve; unused otherwise). */
    uint64_t *k_ord;
    /* The units of the score-difference lists (list_unit): 5 families
     * (F, C16..C19) x ng brackets x V values, L limbs each. C16..C19 are
     * the score differences of repeated floaters (C16 downfloat as the
     * round before, C17 upfloat, C18 downfloat as two rounds before, C19
     * upfloat), per bracket after its float digits: a downfloater's entry
     * in every bracket it leaves or passes and in the one where its pair is
     * made, an upfloater's in the latter. */
    uint64_t *k_list;
    bool exact;     /* F: one digit per entry value (else entries squared) */
    bool exact_fsd; /* the same for C16..C19 */
    int V;          /* entry values 0..V-1 (half points): s_top - s_low + 3 */
    int *gs;        /* ng: the score of each group (half points) */
    /* pen[i * (ng + 1) + j], i <= j <= ng: what a pair from group i to group
     * j (j = ng: the bye) costs in N and F: a downfloater of brackets
     * i..j-1, each with the PSD entry s_i - s_k + 1 point, then a pair of
     * bracket j with the entry s_i - s_j (C.04.3 C5, C6 bracket by bracket;
     * the entries squared). */
    uint64_t *pen;
    /* np numbers: k_real + (np - a) K k_rank, player a's share of a pair's
     * real game and rank parts (sw_swiss_sub_share, for every edge of a sparse
     * solve) */
    uint64_t *share;
} sw_swiss_weights;

/* The score-difference lists' families (sw_swiss_list_add): a bracket's
 * PSD (F_g, C6), then the repeated floaters' C16..C19. */
enum { SW_LIST_PSD, SW_LIST_C16, SW_LIST_C17, SW_LIST_C18, SW_LIST_C19, SW_LIST_FAMILIES };

/* The bracket order's digits, per group (sw_swiss_bracket_order): ord_n[g] radices
 * from ord_rad + ord_off[g]. */
typedef struct sw_swiss_order_spec {
    const int *ord_n, *ord_off;
    const uint64_t *ord_rad;
    /* A window solve (sw_swiss_bracket_order): only brackets g0..g1 are decided, the
     * ones above are fixed, so the weight keeps the components from N_g0
     * down to g1's order digits (and rank); the rest is constant or left
     * to the next windows. */
    bool window;
    int g0, g1;
} sw_swiss_order_spec;

void sw_swiss_weights_free(sw_swiss_weights *W);

/* W's groups from the ranked players who[0..np-1]: grp, ng, gs, Rg, lo, V,
 * R, maxg and top (the rest zero); false when out of memory (free W). The
 * standard order compares edge parts with these alone. */
bool sw_swiss_weights_groups(const sw_swiss_ranked *rk, const int *who, int np,
                             sw_swiss_weights *W);

/* Rg for the groups of W->grp (W->np positions, W->ng groups): a group's
 * colour digits count at most 2 per pair made in it (its lower player in
 * the group) and its float digits at most 1, and such pairs have distinct
 * players of the group. */
bool sw_swiss_group_radix(sw_swiss_weights *W);

/* W->gs from the groups of who (W->grp, W->ng). */
bool sw_swiss_group_scores(const sw_swiss_ranked *rk, const int *who, sw_swiss_weights *W);

/* Group g's PSD entry (half points) of a pair (or bye) from group i to
 * group j (j = ng for the bye), and whether it is a downfloat (N): s_i -
 * s_g + 1 point in a bracket it leaves or passes, s_i - s_j in the one
 * where its pair is made, 0 elsewhere (and for a pair inside a group). */
int sw_swiss_psd_part(const sw_swiss_weights *W, int i, int j, int g, bool *down);

/* out += the cost of one entry v of family fam in bracket g. */
void sw_swiss_list_add(const sw_swiss_weights *W, uint64_t *out, int fam, int g, int v);

/* Multipliers for the players who[0..np-1] (ranks ascending): the fast
 * mode's repair matches a subset, and its sizes, not the field's, bound the
 * sums. Each unit is one more than the range of everything below it over
 * e = (np+1)/2 edges, lowest first: rank, two digits in radix K = 2 np e + 1
 * (who plays, at most 2 np an edge, then the floaters' order, at most 2 np
 * an edge); alt, the
 * float digits packed in radix R = 2e + 1 (four digits, each at most 1 an
 * edge); eq, the colour digits (two, each at most 2 an edge); group g's F_g
 * at most (min(|G_g|, players below G_g, edges) + 1) * (s_g - s_min + 2)^2,
 * as every pair it counts has a distinct higher player in G_g and a
 * distinct lower one below, and the bye counts as one point below s_min. */
SW_NODISCARD sw_status sw_swiss_weights_make(const sw_swiss_ranked *rk, const int *who, int np,
                                             sw_swiss_weights *W, const sw_swiss_order_spec *os,
                                             sw_error *err);

/* ---- edges.c: a pair's parts and weight, the edge lists ---- */

typedef struct sw_swiss_problem {
    const sw_swiss_ranked *rk;
    const int *who;
    int count;
    const bool *bye_ok;
    sw_swiss_weights W;
    int *target;
    /* A sparse solve, which needs a perfect matching, weighs a pair less
     * its players' shares of the real game and rank parts (sw_swiss_sub_share): the
     * same perfect matchings win, and the matching's greedy start, which
     * otherwise pairs by rank, starts nearer the optimum. Its duals are
     * shifted back (sw_swiss_unshare) before they price. */
    bool shift;
} sw_swiss_problem;

/* An edge's components (real is 2 for every game): the weight is built from
 * them, and sw_swiss_standard_order compares them without building it. */
typedef struct sw_swiss_edge_parts {
    int64_t rank; /* (2 np - pa - pb) K + floaters' order */
    int grp;      /* score group of the higher-scored player (where it floats from) */
    int glo;      /* score group of the lower one: the bracket the pair is made in */
    int nlo;      /* the pair is a downfloat out of groups grp..nlo-1 (N_g); the
                   * bye out of every group from its player's down */
    int d;        /* score difference (half points) */
    int64_t eq;   /* colour digits of glo: players given their preference (C10), radix
                   * Rg, then those with a strong or absolute one given it (C11) */
    int64_t altd; /* float digits of grp, radix Rg: the higher one not floating down
                   * again (C12 at R^3, C14 at R^0... see colour_float_parts) */
    int64_t altu; /* float digits of glo: the lower one not floating up again */
    int64_t bys;  /* the bye: its recipient's score above the lowest */
    int64_t byg;  /* the bye: the games its recipient has played (the more the better) */
    int rfl;      /* repeated floats: 1 C16 (higher, downfloat as the round before),
                   * 2 C17 (lower, upfloat), 4 C18, 8 C19 (two rounds before) */
} sw_swiss_edge_parts;

/* The pricing builds the weights of up to a million pairs a round (34
 * limbs each at 1000 players), but in one row (the higher player fixed)
 * parts_weight's wide part, 2 k_real - pen + the colour and float digits,
 * depends on the pair only through (glo, nlo, eq, altd, altu), which take
 * few values: a row keeps those it met, and a pair's weight is one of
 * them plus its rank (and its repeated floats, rarely). */
#define SW_SWISS_ROW_CACHE_SLOTS 32
typedef struct sw_swiss_row_cache {
    bool ok[SW_SWISS_ROW_CACHE_SLOTS];
    int grp[SW_SWISS_ROW_CACHE_SLOTS], glo[SW_SWISS_ROW_CACHE_SLOTS], nlo[SW_SWISS_ROW_CACHE_SLOTS];
    int64_t eq[SW_SWISS_ROW_CACHE_SLOTS], altd[SW_SWISS_ROW_CACHE_SLOTS],
        altu[SW_SWISS_ROW_CACHE_SLOTS];
    uint64_t v[SW_SWISS_ROW_CACHE_SLOTS * SW_BLOSSOM_LIMBS_MAX];
} sw_swiss_row_cache;

/* Growable edge list: ends and wide weights side by side. */
typedef struct sw_swiss_edge_list {
    int *ends;   /* 2 per edge */
    uint64_t *w; /* L per edge */
    size_t m, cap;
    int L;
} sw_swiss_edge_list;

/* w -= a's share of the real game and rank parts: k_real + (np - a) K. */
void sw_swiss_sub_share(const sw_swiss_weights *W, int a, uint64_t *w);

/* The duals of a shifted solve for the weights without the shift: each
 * player vertex v (ranks rv[v], the bye's vertex np) gains 4 shares. */
void sw_swiss_unshare(const sw_swiss_weights *W, sw_blossom_dual *d, const int *rv, int nv);

/* Edge between who[pa] and who[pb], pa < pb; ranks inside the subset. */
sw_swiss_edge_parts sw_swiss_pair_parts(const sw_swiss_problem *c, int pa, int pb);

/* Group g's part q (0 C16 .. 3 C19) of x's repeated-float score
 * differences: a downfloater's PSD entry in each bracket from its own to the
 * one where its pair is made (or the last, for the bye), an upfloater's in
 * the bracket of the pair. */
int64_t sw_swiss_fsd_part(const sw_swiss_weights *W, sw_swiss_edge_parts x, int g, int q);

/* The bye edge of who[pa]: no game, no rank; the bye counts as a score
 * difference to one point below the lowest score (preference 2) and as a
 * downfloat. */
sw_swiss_edge_parts sw_swiss_bye_parts(const sw_swiss_problem *c, int pa);

void sw_swiss_bye_weight(const sw_swiss_problem *c, int pa, uint64_t *out);

void sw_swiss_pair_weight(const sw_swiss_problem *c, int pa, int pb, uint64_t *out,
                          sw_swiss_row_cache *lc);

void sw_swiss_edge_list_free(sw_swiss_edge_list *l);

/* Appends an edge and returns its weight slot (NULL when out of memory). */
uint64_t *sw_swiss_edge_list_push(sw_swiss_edge_list *l, int u, int v);

/* Every legal pair, and the bye edges. */
bool sw_swiss_full_edges(const sw_swiss_problem *c, sw_swiss_edge_list *l);

/* The candidates: for each player the legal ones within `win` ranks of it and
 * of its ideal partner (where the optimum nearly always pairs it). Pairs are
 * added from the higher ranked end only, and the two windows exclude each
 * other's overlap, so none is added twice. */
bool sw_swiss_sparse_edges(const sw_swiss_problem *c, int win, sw_swiss_edge_list *l);

bool sw_swiss_bye_edges(const sw_swiss_problem *c, sw_swiss_edge_list *l);

/* ---- price.c: pricing by the duals ---- */

/* Pricing needs y_a + y_b - 4 w(a, b) >= 0 for O(n^2) pairs. The weight's
 * real and rank parts split per player and the colour and float parts are
 * at most k_low per player, so with base[a] = y_a - 4 (k_real + ((np - a) K
 * + np) k_rank + k_low) the sum base[a] + base[b] + 4 pen(g_a, g_b), plus
 * the duals of the blossoms holding both, is at most the reduced cost: when
 * it is >= 0, so is the reduced cost (sw_swiss_bound_neg). pen holds 4 W.pen. */
typedef struct sw_swiss_pricer {
    int L, ng;
    uint64_t *base; /* count numbers */
    uint64_t *pen;  /* ng * (ng + 1) numbers */
    /* base[b] as the higher-ranked pair's b > a: base, or a window's own
     * numbers (window_solve: a player's own order digits count only in
     * the rows it leads) */
    uint64_t *cbase;
    /* A window's rows: base when b is not in a's remainder (or in another
     * group), ibase when it is (inrem[b], NULL: never) */
    uint64_t *ibase;
    const bool *inrem;
    /* The top two limbs of each cbase and pen (sw_swiss_bound_neg) */
    __int128 *tbase, *tpen;
} sw_swiss_pricer;

/* Row a's part of the bound for each group gb of the other player, made
 * when first met: x = base[a] + pen(ga, gb), its top two limbs and -x.
 * Without memory for every group (cache false) one is kept at a time. */
typedef struct sw_swiss_bound_row {
    const sw_swiss_pricer *pr;
    int a, ga, last;
    bool cache;
    bool *ok;
    __int128 *top;
    uint64_t *x, *neg;
    __int128 top1;
    uint64_t x1[SW_BLOSSOM_LIMBS_MAX], neg1[SW_BLOSSOM_LIMBS_MAX];
} sw_swiss_bound_row;

/* Rounds of fewer players price on one thread: a pass is then well under
 * a millisecond, and on a machine whose cores are busy with other work
 * waiting threads cost more than they save. */
#define SW_SWISS_PRICE_PARALLEL_MIN 512

/* pen and the room for count players' base (filled by the caller, then
 * pricer_tops). */
bool sw_swiss_pricer_alloc(const sw_swiss_weights *W, int count, sw_swiss_pricer *pr);

void sw_swiss_pricer_free(sw_swiss_pricer *pr);

void sw_swiss_bound_row_init(sw_swiss_bound_row *r, const sw_swiss_pricer *pr, int a, int ga);

void sw_swiss_bound_row_free(sw_swiss_bound_row *r);

/* Is the bound of players r->a, b (group gb; vertices u, v) negative?
 * The duals of the blossoms holding both count: with many ties the solve
 * nests most players in a few blossoms of large dual, and without them the
 * bound would pass most pairs of a large window, of which very few price
 * negative. The sum is read from the top
 * limb down, exactly, and only as far as its sign needs: with t the sum of
 * the terms' parts above limb j (each a signed floor), the sum is t 2^(64 j)
 * plus the parts below, which are >= 0 and below one unit per term, so t
 * >= 0 decides >= 0 and t <= -terms decides < 0; else t moves down a limb
 * (in two 64-bit words: __int128 spilled). Most pairs stop in the top two
 * limbs; one whose sum is exactly 0 would go down every limb with t at -1
 * or -2 (large rounds have many such pairs): after two limbs base[b] (+ z) = -x is checked
 * from the bottom limb up (sw_limbs_sum_is), about half the work a limb. */
bool sw_swiss_bound_neg(const sw_blossom_dual *d, sw_swiss_bound_row *r, int b, int gb, int u,
                        int v, const uint64_t *pl, uint64_t m);

/* A pair outside the solved edge set whose reduced cost is negative (the
 * duals do not prove it useless) joins the next solve; a pair already in
 * the set is never reported (its reduced cost is >= 0). Here such a pair
 * of players a < b (vertices u, v) with its unshifted weight w joins l,
 * shifted as the solve's other pairs are (false: out of memory). */
bool sw_swiss_push_priced(const sw_swiss_problem *c, sw_swiss_edge_list *l, int u, int v, int a,
                          int b, const uint64_t *w);

/* The pricing of a problem's pairs (the exact matching's): per pass, a
 * pricer built from the duals d, then per row a the pairs (a, b > a) whose
 * reduced cost is negative. */
typedef struct sw_swiss_pair_pricing {
    const sw_swiss_problem *c;
    const sw_blossom_dual *d;
    sw_swiss_pricer pr;
} sw_swiss_pair_pricing;

/* A pass under the duals d (false: out of memory; end it all the same). */
bool sw_swiss_pair_pricing_start(sw_swiss_pair_pricing *pp, const sw_swiss_problem *c,
                                 const sw_blossom_dual *d);
/* Row a's pairs whose reduced cost is negative: their number, and with l,
 * each added to l (-1: out of memory). Safe on several threads with l NULL. */
long sw_swiss_pair_pricing_row(const sw_swiss_pair_pricing *pp, int a, sw_swiss_edge_list *l);
void sw_swiss_pair_pricing_end(sw_swiss_pair_pricing *pp);

/* ---- solve.c: the priced solve, shared by the exact matching
 * (sw_swiss_exact_match in swiss_internal.h) and the bracket windows ---- */

/* Would a full graph of n players, L limbs a weight, stay within the
 * memory the matching may take (4 GB of edges)? */
bool sw_swiss_full_graph_fits(int n, int L);

/* A priced solve as its caller sets it up: the problem, the matching's
 * vertices, the two graphs and the pricing. */
typedef struct sw_swiss_solve_plan {
    sw_swiss_problem *c; /* its shift is set for the sparse solves, cleared for the full graph */
    int nv;              /* the matching's vertices */
    const int *rv;       /* each vertex's rank (the bye's: c->count); NULL: the identity */
    int attempts;        /* sparse solves before the full graph; 0: the full graph at once */
    int full_n;          /* the players the full graph's memory guard counts */
    void *ctx;           /* the caller's, for the functions below */
    /* The sparse candidates and the full graph into l (false: out of
     * memory), each pair between its players' vertices. */
    bool (*sparse_graph)(void *ctx, sw_swiss_edge_list *l);
    bool (*full_graph)(void *ctx, sw_swiss_edge_list *l);
    /* A pricing pass under the duals d: start (false: out of memory), then
     * for each rank a the pairs led by a whose reduced cost is negative
     * (their number; with l, each added, -1 when out of memory; called
     * from several threads with l NULL), then end (after a failed start
     * too). */
    bool (*price_start)(void *ctx, const sw_blossom_dual *d);
    long (*price_row)(const void *ctx, int a, sw_swiss_edge_list *l);
    void (*price_end)(void *ctx);
} sw_swiss_solve_plan;

/* The optimum matching of p's graph into vm (vertex -> vertex, -1
 * unmatched): sparse solves first, each priced by the duals and the
 * uncovered pairs added, then the full graph if that does not settle it.
 * *solved false (vm unspecified) when the full graph was needed and would
 * not fit (sw_swiss_full_graph_fits). */
SW_NODISCARD sw_status sw_swiss_priced_solve(const sw_swiss_solve_plan *p, int *vm, bool *solved,
                                             sw_error *err);

/* ---- bracket.c: the bracket order ---- */

/* The whole bracket order, window by window from the top (see above): a
 * window takes the next digits in order, whole brackets while they fit in
 * WINDOW_BITS, else a bracket's next digits up to it. Its brackets are read
 * again from its own optimum and solved again until they stay; then the
 * pairs its digits settle are fixed (every pair made in a bracket it ends,
 * and in a bracket it cuts, the pairs of the players whose digits it held).
 * *done false (mate untouched) when there are no digits or a window does
 * not fit. */
SW_NODISCARD sw_status sw_swiss_bracket_order(const sw_swiss_ranked *rk, const int *who,
                                              const bool *bye_ok, int *mate, bool *done,
                                              sw_error *err);

/* ---- standard.c: the standard order ---- */

/* Among the optimal pairings, move towards the standard one (sw_swiss_standard_partners):
 * take it outright when it is legal and weighs as much as the optimum (the
 * first round, and any round where history does not get in the way); else
 * exchange opponents between two boards while that keeps the total weight
 * and lowers the summed distance. Weights are compared by their components,
 * never built. mate is over the ranked players as sw_swiss_exact_match
 * leaves it; it stays an optimum of the weight. */
SW_NODISCARD sw_status sw_swiss_standard_order(const sw_swiss_ranked *rk, const int *who,
                                               const bool *bye_ok, int *mate, sw_error *err);

/* ---- explain.c: the sentences ---- */

void sw_swiss_explain_unpaired(const sw_swiss_ranked *rk, const bool *bye_ok, int r,
                               sw_strbuf *why);

void sw_swiss_explain_board(const sw_swiss_ranked *rk, int board, int i, int j, char ca,
                            sw_strbuf *ex);

/* ---- pair.c: the entry ---- */

/* The boards of mate (over rk's ranked players; -2 the bye, -1 left out)
 * in the published order, with their colours: col[r] the colour of ranked
 * player r when col is given (a system that allocates its own), else the
 * Dutch allocation. */
SW_NODISCARD sw_status sw_swiss_build_pairing(const sw_swiss_ranked *rk, const bool *bye_ok,
                                              const int *mate, const char *col,
                                              const sw_swiss_options *opt, sw_swiss_pairing *out,
                                              sw_error *err);

/* ---- burstein.c: the Burstein system (sw_swiss_pair with opt->burstein) ---- */

SW_NODISCARD sw_status sw_swiss_pair_burstein(const sw_swiss_trf *trf, const sw_swiss_options *opt,
                                              sw_swiss_pairing *out, sw_error *err);

/* ---- fast.c: the fast mode (sw_swiss_fast_match in swiss_internal.h) ---- */

/* The fast mode's round 1 (nobody has a game or a score yet): the top half
 * against the bottom half, 1 v h+1, 2 v h+2, ..., the bye to the last, as
 * the Dutch system pairs a first round; the greedy passes would pair 1 v 2.
 * Returns false (mate untouched) when the state is not a first round. */
bool sw_swiss_fast_first_round(const sw_swiss_ranked *rk, const bool *bye_ok, int *mate);

#endif
