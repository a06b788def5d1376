/* src/search/engine.h: the search's moves and its stopping rule, shared by
 * the phases (engine.c: moves and descents; tabu.c; anneal.c) and the
 * restart driver (search.c). The constructions are declared in
 * construct.h. Internal to src/search.
 * SPDX-License-Identifier: MIT */
#ifndef SW_SEARCH_ENGINE_H
#define SW_SEARCH_ENGINE_H

#include <signal.h>
#include <stdbool.h>
#include <time.h>

#include "matrix/criteria.h"
#include "matrix/matrix.h"
#include "search/price.h"
#include "util/rng.h"
#include "util/wide.h"

static inline double sw_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* When to stop: the caller's flag (Ctrl-C) or the deadline on the
 * monotonic clock (0 = none). Checked once per session of a neighbourhood
 * scan, so even a large season answers within a fraction of a second. */
typedef struct sw_limits {
    volatile sig_atomic_t *stop;
    double deadline;
} sw_limits;

static inline bool sw_over(const sw_limits *l) {
    return (l->stop && *l->stop) || (l->deadline > 0 && sw_now() > l->deadline);
}

/* The descent's ranking key: So+Sr, then Sp, then Sc, computed lazily
 * because Sp costs O(n) and is needed only on ties. */
typedef struct sw_key {
    sw_i256 sr, sosr, sp2, sc;
    bool have_sp2, have_sc;
    bool rests_first; /* the final phase: Sr before So+Sr */
} sw_key;

/* Whether exchanging the occupants of positions p and q of session k is a
 * move: at least one position taken, and the pins allow it. */
static inline bool sw_exchange_allowed(const sw_season *s, int k, const int *as, int p, int q) {
    return (as[p] || as[q]) && sw_season_may_exchange(s, k, as, p, q);
}

/* The exchanges a neighbourhood scan visits, in one fixed order: p < q in
 * every session that is not played (nor in `skip`), the allowed ones only. The limit is
 * checked once per row, so a scan of a large season stops within a
 * fraction of a second. With `tables`, `ready` says whether session k's
 * position tables are in sync (asking builds them when they are due). */
typedef struct sw_scan {
    sw_matrix *mx;
    const sw_limits *lim;
    const uint8_t *skip; /* sessions to leave out (NULL: none) */
    bool tables, ready;
    int k, p, q, P;
} sw_scan;

static inline sw_scan sw_scan_start(sw_matrix *mx, const sw_limits *lim, bool tables) {
    return (sw_scan){.mx = mx, .lim = lim, .tables = tables, .k = -1};
}

/* Continues after (k, p, q) of session k (within the same scan order). */
static inline sw_scan sw_scan_after(sw_matrix *mx, const sw_limits *lim, int k, int p, int q) {
    const sw_season *s = mx->season;
    return (sw_scan){.mx = mx,
                     .lim = lim,
                     .k = k,
                     .p = p,
                     .q = q,
                     .P = s->movements[s->sessions[k].movement].positions};
}

static inline bool sw_scan_next(sw_scan *it) {
    const sw_season *s = it->mx->season;
    for (;;) {
        if (++it->q > it->P) {
            if (++it->p >= it->P) {
                do {
                    if (++it->k >= s->nsessions)
                        return false;
                } while (s->sessions[it->k].played || (it->skip && it->skip[it->k]));
                it->P = s->movements[s->sessions[it->k].movement].positions;
                it->p = 1;
                if (it->tables)
                    it->ready = sw_matrix_tables_ready(it->mx, it->k);
            }
            if (it->lim && sw_over(it->lim))
                return false;
            it->q = it->p + 1;
            if (it->q > it->P)
                continue;
        }
        if (sw_exchange_allowed(s, it->k, it->mx->assign[it->k], it->p, it->q))
            return true;
    }
}

/* ---- moves priced as changes of the descent's key ----
 * A move is an exchange of positions p < q of session k. Its delta is the
 * change of (sosr, sp2, sc) it makes, compared lexicographically. A plain
 * swap in a session with position tables is priced without being made
 * (search/price.c), Sp and Sc only when So+Sr ties; any other exchange is
 * made, measured against the current key and undone. Either way the deltas
 * are exact, so the choice never depends on the path. */

typedef struct sw_engine {
    sw_matrix *mx;
    sw_pricer pr;
    bool pricer;  /* tables allocated */
    bool fast;    /* tables in sync and within bounds for this state */
    bool keep_sr; /* only exchanges that cannot raise Sr (sw_keeps_sr) */
    sw_key cur;   /* the state's full key (sosr, sp2, sc) */
} sw_engine;

typedef struct sw_move {
    int k, p, q;
    bool plain;     /* priced from the tables */
    bool have_rest; /* sp2 and sc known */
    bool narrow;    /* sosr fits 128 bits and s holds it */
    __int128 s;
    sw_i256 sosr, sp2, sc;
} sw_move;

/* A state's key fields computed when first needed (Sp is O(n)), and the
 * comparison of the state in mx (key a, filled lazily) with a recorded b. */
sw_i256 sw_key_sp2(sw_key *k, const sw_matrix *mx);
sw_i256 sw_key_sc(sw_key *k, const sw_matrix *mx);
int sw_key_compare(sw_key *a, const sw_matrix *mx, sw_key *b);

/* The hot comparison of first keys, in 128 bits when both fit. */
static inline int sw_sosr_cmp(const sw_move *a, const sw_move *b) {
    if (a->narrow && b->narrow)
        return (a->s > b->s) - (a->s < b->s);
    return sw_i256_cmp(a->sosr, b->sosr);
}

/* The engine over mx: its full key and the pricer (without the pricer's
 * tables, out of memory, every move takes the general path: slower, same
 * result). engine_key recomputes the key after changes made outside it. */
void sw_engine_init(sw_engine *E, sw_matrix *mx);
void sw_engine_free(sw_engine *E);
void sw_engine_key(sw_engine *E);

/* Price a move's first key (ready: session k's position tables are in
 * sync); sw_move_rest adds Sp and Sc; sw_move_cmp orders two moves,
 * pricing the later keys only on ties; sw_move_apply makes a move and
 * keeps the engine's key. */
void sw_move_narrow(sw_move *m);
void sw_move_price(sw_engine *E, sw_move *m, bool ready);
void sw_move_rest(sw_engine *E, sw_move *m);
int sw_move_cmp(sw_engine *E, sw_move *a, sw_move *b);
void sw_move_apply(sw_engine *E, sw_move *m);

/* Best-improvement descents: by (So+Sr, Sp, Sc) on the engine, and ranked
 * as the final choice (Sr first) by making every exchange. */
long long sw_engine_descend(sw_engine *E, int max_steps, const sw_limits *lim,
                            long long *evaluated);
long long sw_descend_rests_first(sw_matrix *mx, int max_steps, const sw_limits *lim,
                                 long long *evaluated);

/* One random exchange in a session that is not played; with keep_sr one
 * that cannot raise Sr (no-op when a few draws find none). */
void sw_random_exchange(sw_matrix *mx, sw_rng *rng);
void sw_random_exchange_keeping(sw_matrix *mx, sw_rng *rng, bool keep_sr);

/* Whether the exchange of positions p and q of session k cannot raise Sr:
 * a plain swap (the rests of the session's positions stay) that moves the
 * first participant's rest total, by d = wr[q] - wr[p], no further than to
 * the second's. Only those two totals change, by d and -d, and with their
 * sum S fixed (N x - R)^4 + (N (S - x) - R)^4 is convex and symmetric about
 * S / 2, so Sr keeps or falls exactly when the new total lies between the
 * old ones (inclusive). Needs session k's tables in sync. */
static inline bool sw_keeps_sr(const sw_matrix *mx, int k, int p, int q) {
    const int *as = mx->assign[k];
    if (!as[p] || !as[q])
        return false;
    int d = mx->wr[k][q] - mx->wr[k][p];
    if (d == 0)
        return true;
    int gap = mx->rests[as[q] - 1] - mx->rests[as[p] - 1];
    return d > 0 ? d <= gap : d >= gap;
}

/* Whether a move of a phase is admissible: anything allowed, or with
 * keep_sr only the exchanges sw_keeps_sr accepts (the tables in sync). */
static inline bool sw_move_admissible(const sw_engine *E, int k, int p, int q, bool ready) {
    return !E->keep_sr || (ready && sw_keeps_sr(E->mx, k, p, q));
}

/* The rests-first start (rests.c). The plan, made once a run: for each
 * session to plan, the totals of rests its layouts of empty positions can
 * give (every layout, or with too many a fixed sample), with some layouts
 * of each; which season totals the sessions can give together (reach),
 * and the least flattest spread of those as (N V)^4 Sr (bound; totals in
 * units of 1/V, the matrix's rests unit): with every layout counted
 * (exact) a lower bound on Sr over the season's assignments (pins
 * ignored); the totals that give it are the walk's
 * targets. ok false: out of memory, or sums beyond 128 bits; the walk then
 * starts from the seating as it is and ends only at Sr 0. */
typedef struct sw_rests_layouts {
    int e, width; /* empty positions; the largest total of rests (units of 1/V) */
    int *seen;    /* [width+1]: layouts giving each total */
    int *empty;   /* [(width+1) * RESTS_KEEP * e]: some of them, e positions each */
} sw_rests_layouts;

typedef struct sw_rests_plan {
    bool ok, exact;
    bool pins; /* some session to plan has pins: the walk starts as seated */
    sw_i256 bound;
    int64_t span;          /* the most rests the sessions to plan can give */
    int64_t fixed;         /* the total of rests carried over and played */
    int nk, *ks;           /* the sessions to plan */
    sw_rests_layouts *lay; /* [nk] */
    char *reach;           /* [(nk+1)*(span+1)]: totals the first x sessions can give */
} sw_rests_plan;

void sw_rests_plan_init(sw_rests_plan *pl, const sw_matrix *mx);
void sw_rests_plan_free(sw_rests_plan *pl);

/* A tabu walk on Sr alone over the exchanges of the sessions to plan, at
 * most `iters` iterations, ending when Sr reaches the plan's bound. From
 * layouts of the plan's target totals (least first, up to four), every
 * session keeping its total; with pins (or no plan) from the seating as
 * it is, every exchange. mx ends in the best state seen, rebuilt. Returns
 * the iterations made. */
long long sw_rests_run(sw_matrix *mx, sw_rng *rng, int iters, const sw_rests_plan *pl,
                       const sw_limits *lim);

/* The tabu phase (tabu.c): returns the iterations made; mx ends in the best
 * state seen (by So+Sr, Sp, Sc), scratch holds it. sc_weight 0 ranks the
 * moves that way too; sc_weight w > 0 ranks the non-improving moves by
 * So+Sr + w Sc among the few with the lowest So+Sr change, so the walk
 * off So's plateau heads for low Sc. keep_sr: only the exchanges that
 * cannot raise Sr (sw_keeps_sr), the stall kicks too. sample: each
 * iteration scans a random half of the sessions (for the walk on So's
 * plateau; the walk for So scans them all). */
long long sw_tabu_run(sw_matrix *mx, sw_matrix *scratch, sw_rng *rng, int iters, double sc_weight,
                      bool keep_sr, bool sample, const sw_limits *lim, long long *evaluated);

/* The annealing phase (anneal.c): returns the proposals made. t0_factor
 * scales the start temperature (the mean worsening of a random exchange);
 * seconds > 0 (time mode) also ends the schedule after that long.
 * keep_sr: only the exchanges that cannot raise Sr are proposed; with
 * pairs also two swaps of the same two participants in two sessions that
 * keep both rest totals (who rests when changes, Sr does not). */
long long sw_anneal_run(sw_matrix *mx, sw_rng *rng, long long iters, double t0_factor,
                        double seconds, bool keep_sr, bool pairs, const sw_limits *lim,
                        long long *evaluated);

/* Seconds one annealing proposal takes on mx (measured). */
double sw_anneal_cost(sw_matrix *mx, uint64_t seed);

/* Symmetries of each session's movement (symmetry.c): permutations of its
 * positions that keep M and r, so only Sc changes. perm[k] holds count[k]
 * of them, P+1 ints each (perm[k][x*(P+1)+p] = where p's occupant goes).
 * Found for mx's occupancy, valid while no session's sit-outs change. */
typedef struct sw_symmetry {
    int nsessions;
    int *count;
    int **perm;
} sw_symmetry;

bool sw_symmetry_find(sw_symmetry *S, sw_matrix *mx);
void sw_symmetry_free(sw_symmetry *S);

/* Best-improvement descent on Sc by symmetry moves; So, Sr, Sp unchanged. */
long long sw_symmetry_descend(sw_matrix *mx, const sw_symmetry *S, const sw_limits *lim,
                              long long *evaluated);

/* Positions 1..P in the order a backtracking over a movement's symmetries
 * places them (symmetry.c, invariant.c): each next one the position tied to
 * most of those before (a meeting in wm, or, when wc is not NULL, a
 * comparison), the lowest on ties, so the checks prune early. wm and wc are
 * (P+1) x (P+1) position tables. False when out of memory. */
bool sw_tied_order(int P, const int32_t *wm, const int64_t *wc, int *order);

#endif
