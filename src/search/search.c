/* src/search/search.c: the restart driver: OpenMP, the budget, the
 * deterministic reduction, and each restart's phases (engine.c, anneal.c,
 * tabu.c); the older optional phases (compound moves, kicks).
 * SPDX-License-Identifier: MIT */
#include "search/method.h"

#include <stdlib.h>
#include <string.h>

#ifdef SW_HAVE_OPENMP
#include <omp.h>
#endif

#include "search/construct.h"
#include "search/engine.h"
#include "util/rng.h"

/* The default method's settings, chosen on the team movements of the
 * library (docs/search.md): annealing sweeps of the neighbourhood, its
 * start temperature as a fraction of the mean worsening of a random
 * exchange, its end temperature as a fraction of the start, the weight of
 * Sc beside So+Sr while annealing; tabu iterations, base tenure and stall
 * limit. */
#define ANNEAL_SWEEPS 5000
#define ANNEAL_T0 0.3
#define ANNEAL_REHEATS 2
#define ANNEAL_REHEAT_T0 0.3
#define TABU_ITERATIONS 30000
#define TABU_SC_WEIGHT 1.0       /* Sc's weight in the odd restarts' tabu walk */
#define TABU_PLAIN_SHARE 3       /* even restarts: the plain walk's share is 1/this */
#define ANNEAL_MAX 20000000LL    /* proposals a restart, at most */
#define TABU_WORK 200000000LL    /* tabu iterations x neighbourhood, at most */
#define RESTS_ITERATIONS 2000    /* the rests-first walk, at most (it ends at Sr's bound) */
#define ORBIT_NODES 3000000LL    /* the orbit construction's nodes a restart at So's bound */
#define ORBIT_CAP 300000LL       /* ... and a branch and bound's */
#define ORBIT_PROBE 6            /* starts of the probe that decides whether it runs, ... */
#define ORBIT_NEED 2             /* ... how many must complete a bound state ... */
#define ORBIT_PROBE_CAP 100000LL /* ... and a probe start's nodes */
#define INVARIANT_NODES 300000LL /* the invariant construction's nodes, once a run ... */
#define INVARIANT_CAP 150000LL   /* ... and a group's */
#define CYCLIC_WORK 10000000LL   /* the cyclic construction's priced swaps, a restart ... */
#define CYCLIC_SHAPE 8000000LL   /* ... and an order's */
#define RESTS_STARTS 64          /* rests walks a restart, the best after a descent goes on */

/* The descent's ranking of the whole state: So+Sr, Sp, Sc. */
static int descent_compare(const sw_matrix *a, const sw_matrix *b) {
    int c = sw_i256_cmp(sw_criteria_sosr(a), sw_criteria_sosr(b));
    if (!c)
        c = sw_i256_cmp(sw_criteria_sp2(a), sw_criteria_sp2(b));
    if (!c)
        c = sw_i256_cmp(sw_criteria_sc(a), sw_criteria_sc(b));
    return c;
}

void sw_search_kick(sw_matrix *mx, sw_matrix *scratch, sw_rng *rng, int kicks, int max_steps,
                    volatile sig_atomic_t *stop, long long *evaluated) {
    sw_matrix_assign_from(scratch, mx);
    for (int i = 0; i < kicks && !(stop && *stop); i++) {
        sw_random_exchange(mx, rng);
        sw_random_exchange(mx, rng);
        sw_search_descend(mx, max_steps, stop, evaluated);
        if (descent_compare(mx, scratch) <= 0)
            sw_matrix_assign_from(scratch, mx);
        else
            sw_matrix_assign_from(mx, scratch);
    }
}

/* Compound moves: two exchanges made together, accepted (first found) when
 * the pair improves the descent's ranking although each alone may not. This
 * moves between states of equal So+Sr that no single exchange connects.
 * Repeats until no pair improves or `rounds` moves were made. */
long long sw_search_pairs(sw_matrix *mx, int rounds, volatile sig_atomic_t *stop,
                          long long *evaluated) {
    long long moves = 0, evals = 0;
    sw_key cur = {.sosr = sw_criteria_sosr(mx),
                  .sp2 = sw_criteria_sp2(mx),
                  .sc = sw_criteria_sc(mx),
                  .have_sp2 = true,
                  .have_sc = true};
    bool improved = true;
    while (improved && moves < rounds && !(stop && *stop)) {
        improved = false;
        for (sw_scan a = sw_scan_start(mx, NULL, false); !improved && sw_scan_next(&a);) {
            sw_matrix_exchange(mx, a.k, a.p, a.q);
            sw_i256 mid = sw_criteria_sosr(mx);
            for (sw_scan b = sw_scan_after(mx, NULL, a.k, a.p, a.q); sw_scan_next(&b);) {
                evals++;
                int64_t dm[5], dr[5];
                if (sw_matrix_swap_delta(mx, b.k, b.p, b.q, dm, dr) == 0 &&
                    sw_i256_cmp(sw_i256_add(mid, sw_criteria_sosr_delta(mx, dm, dr)), cur.sosr) > 0)
                    continue;
                sw_matrix_exchange(mx, b.k, b.p, b.q);
                sw_key cand = {.sosr = sw_criteria_sosr(mx)};
                if (sw_key_compare(&cand, mx, &cur) < 0) {
                    sw_key_sp2(&cand, mx);
                    sw_key_sc(&cand, mx);
                    cur = cand;
                    improved = true;
                    break;
                }
                sw_matrix_exchange(mx, b.k, b.p, b.q);
            }
            if (!improved)
                sw_matrix_exchange(mx, a.k, a.p, a.q);
        }
        moves += improved;
    }
    if (evaluated)
        *evaluated += evals;
    return moves;
}

void sw_search_randomize(sw_matrix *mx, sw_rng *rng) {
    const sw_season *s = mx->season;
    int maxp = 0;
    for (int i = 0; i < s->nmovements; i++)
        if (s->movements[i].positions > maxp)
            maxp = s->movements[i].positions;
    int *perm = malloc(sizeof *perm * ((size_t)maxp + 1));
    if (!perm)
        return; /* keep the current assignment: still a valid start */
    for (int k = 0; k < s->nsessions; k++) {
        const sw_session *ss = &s->sessions[k];
        if (ss->played)
            continue;
        /* pins: a random seating that meets them (kept as is if none) */
        if (ss->fixed) {
            (void)sw_season_seat_session(s, k, rng, mx->assign[k]);
            continue;
        }
        int P = s->movements[ss->movement].positions;
        for (int p = 0; p < P; p++)
            perm[p] = p + 1;
        sw_rng_shuffle(rng, perm, P);
        memset(mx->assign[k], 0, sizeof(int) * ((size_t)P + 1));
        int x = 0;
        for (int i = 0; i < s->n; i++)
            if (ss->present[i])
                mx->assign[k][perm[x++]] = i + 1;
    }
    free(perm);
    sw_matrix_rebuild(mx);
}

void sw_method_default(const sw_season *s, sw_method *o) {
    long long swaps = 0;
    bool full = true;
    for (int k = 0; k < s->nsessions; k++) {
        if (s->sessions[k].played)
            continue;
        long long P = s->movements[s->sessions[k].movement].positions;
        swaps += P * (P - 1) / 2;
        full = full && sw_season_present_count(s, k) == P;
    }
    /* Sit-outs to choose: Sr ranks first, so a restart first walks on the
     * rests alone to Sr's optimum (or near it), then the annealing and the
     * tabu phase seat within it by the exchanges that cannot raise Sr,
     * plain swaps on the priced fast path (docs/search.md). */
    *o = (sw_method){0};
    o->anneal = ANNEAL_SWEEPS * swaps;
    o->tabu = TABU_ITERATIONS;
    o->rests = full ? 0 : RESTS_ITERATIONS;
    o->orbit = ORBIT_NODES;
    o->invariant = INVARIANT_NODES;
    o->cyclic = CYCLIC_WORK;
    /* Large seasons: a restart's work is capped (a neighbourhood of a
     * million exchanges would make one restart last hours), so the
     * deterministic form stays usable; the time budget caps it anyway. */
    if (o->anneal > ANNEAL_MAX)
        o->anneal = ANNEAL_MAX;
    if (swaps > 0 && o->tabu > TABU_WORK / swaps)
        o->tabu = (int)(TABU_WORK / swaps) + 1;
}

void sw_method_of(const sw_season *s, const sw_search_opts *o, sw_method *m) {
    *m = (sw_method){0};
    if (o->method == SW_SEARCH_DEFAULT)
        sw_method_default(s, m);
    const sw_search_lengths *l = o->lengths;
    if (!l)
        return;
    if (l->anneal >= 0)
        m->anneal = l->anneal;
    if (l->tabu >= 0)
        m->tabu = l->tabu;
    if (l->rests >= 0)
        m->rests = l->rests;
    if (l->kicks >= 0)
        m->kicks = l->kicks;
    if (l->compound >= 0)
        m->pairs = l->compound;
}

/* Per-thread workspace: the running state and the best state it has seen. */
typedef struct worker {
    sw_matrix cur, best, scratch;
    sw_criteria best_crit;
    int best_restart; /* -1 = none yet */
    long long evals, steps, annealed, tabu_iters, rests_iters;
    int at_bound;           /* restarts that ended with So at its bound */
    sw_i256 so_min;         /* the lowest So a restart ended with */
    int at_so_min;          /* restarts that ended with it (0: none ended yet) */
    int orbit_built;        /* seasons the orbit construction built */
    int orbit_won;          /* restarts whose state it improved */
    long long cyclic_swaps; /* the cyclic construction's priced swaps */
    int cyclic_built;       /* restarts it gave a season at So's bound */
    bool ok;
} worker;

/* Whether no exchange can change any rest: every session that can change is
 * full and its positions rest equally often. Then the final order (Sr
 * first) ranks like the descent's, and the fast descent serves for it. */
static bool rests_fixed(sw_matrix *mx) {
    const sw_season *s = mx->season;
    for (int k = 0; k < s->nsessions; k++) {
        if (s->sessions[k].played)
            continue;
        int P = s->movements[s->sessions[k].movement].positions;
        if (sw_season_present_count(s, k) < P || !sw_matrix_tables_ready(mx, k))
            return false;
        for (int p = 2; p <= P; p++)
            if (mx->wr[k][p] != mx->wr[k][1])
                return false;
    }
    return true;
}

/* Time mode: the clock allotment of one annealing (its schedule ends when
 * the time or the proposals are used up) and the time one is expected to
 * take; both 0 without a time limit. */
typedef struct anneal_clock {
    double allot, expect;
} anneal_clock;

/* Sit-outs to choose, the start of a restart: the rests walk reaches Sr's
 * bound on layouts of empty positions drawn at random, and the phases
 * after it keep those layouts (plain swaps only), which decide whether So
 * can reach its bound. So RESTS_STARTS walks, each followed by a descent
 * that keeps Sr, and the best by the final order goes on: the choice
 * among starts matters more than the annealing's length (docs/search.md).
 * In time mode the starts end after `seconds` (at least
 * one is made), so a large season keeps time for the annealing. */
static void rests_start(worker *w, const sw_method *o, const sw_rests_plan *plan, sw_rng *rng,
                        const sw_limits *lim, double seconds) {
    sw_criteria best, c;
    double end = seconds > 0 ? sw_now() + seconds : 0;
    for (int x = 0; x < RESTS_STARTS; x++) {
        if (x > 0 && (sw_over(lim) || (end > 0 && sw_now() > end)))
            break;
        if (x > 0)
            sw_search_randomize(&w->cur, rng);
        w->rests_iters += sw_rests_run(&w->cur, rng, o->rests, plan, lim);
        sw_engine E;
        sw_engine_init(&E, &w->cur);
        E.keep_sr = true;
        w->steps += sw_engine_descend(&E, o->max_steps, lim, &w->evals);
        sw_engine_free(&E);
        sw_criteria_compute(&w->cur, &c);
        if (x == 0 || sw_criteria_compare_final(&c, &best) < 0) {
            best = c;
            sw_matrix_assign_from(&w->scratch, &w->cur);
        }
    }
    sw_matrix_assign_from(&w->cur, &w->scratch);
}

/* ---- a restart as a plan of phases ----
 * What a run shares with its restarts (the method, the budget, the
 * symmetries, the rests plan) and one restart's own state: its index, its
 * stream and the two facts the phases ask of it. */
typedef struct run_ctx {
    const sw_method *o;
    const sw_limits *lim;
    anneal_clock ac;
    const sw_symmetry *sym;
    const sw_rests_plan *plan;
} run_ctx;

typedef struct restart {
    const run_ctx *run;
    worker *w;
    int r;
    sw_rng rng;
    bool keep_sr;    /* sit-outs to choose: the phases keep Sr */
    bool input_only; /* restart 0 with the annealing on: a descent only */
} restart;

/* A phase: whether the run needs it at all (chosen once a run, from the
 * method and the season's shape), whether this restart runs it (checked
 * when its turn comes: the state decides some), and the phase itself,
 * which adds its work to the worker's counters. */
typedef struct phase {
    bool (*in_run)(const run_ctx *run);
    bool (*applies)(restart *x);
    void (*run)(restart *x);
} phase;

static bool so_above_bound(const sw_matrix *mx) {
    sw_criteria c;
    sw_criteria_compute(mx, &c);
    return sw_i256_cmp(c.so, c.so_bound) > 0;
}

static long long descend(restart *x, bool keep_sr) {
    sw_engine E;
    sw_engine_init(&E, &x->w->cur);
    E.keep_sr = keep_sr;
    long long steps = sw_engine_descend(&E, x->run->o->max_steps, x->run->lim, &x->w->evals);
    sw_engine_free(&E);
    return steps;
}

static bool always(const run_ctx *run) {
    (void)run;
    return true;
}

static bool annealed_restart(restart *x) {
    return x->r > 0;
}

static bool not_input_only(restart *x) {
    return !x->input_only;
}

static bool time_left(restart *x) {
    return !sw_over(x->run->lim);
}

/* Sit-outs to choose: the rests first (Sr ranks first), then the phases
 * below keep them (docs/search.md). */
static bool rests_in_run(const run_ctx *run) {
    return run->o->rests > 0;
}

static void rests_phase(restart *x) {
    rests_start(x->w, x->run->o, x->run->plan, &x->rng, x->run->lim, x->run->ac.allot / 2);
}

/* Restart 0 keeps the season's own assignment as its start: annealing
 * would forget it, and the result must never be worse than the input.
 * With the annealing on, restart 0 is that guarantee only (a descent):
 * its time goes to annealed restarts, which reach So's bound where a walk
 * from the input does not (a short budget runs only a few restarts on a
 * large season). */
static bool anneal_in_run(const run_ctx *run) {
    return run->o->anneal > 0;
}

static void anneal_phase(restart *x) {
    const run_ctx *run = x->run;
    x->w->annealed += sw_anneal_run(&x->w->cur, &x->rng, run->o->anneal, ANNEAL_T0, run->ac.allot,
                                    x->keep_sr, false, run->lim, &x->w->evals);
}

static bool every_restart(restart *x) {
    (void)x;
    return true;
}

static void descent_phase(restart *x) {
    x->w->steps += descend(x, x->keep_sr);
}

/* So above its bound: anneal again from here, cooler, while that lowers
 * So+Sr (some bounds cannot be reached: the tries are few). Keeping Sr,
 * these also change who rests when (pair swaps): the walk's dealing may be
 * what keeps So up (docs/search.md). In time mode a reheat the deadline
 * would cut is skipped: its schedule needs its whole length, and the time
 * left goes to the tabu phase (a restart of three annealings could take
 * the whole budget and end cut, worse than its first descent). */
static void reheat_phase(restart *x) {
    const run_ctx *run = x->run;
    worker *w = x->w;
    for (int rep = 0; rep < ANNEAL_REHEATS && !sw_over(run->lim); rep++) {
        if (!so_above_bound(&w->cur))
            break;
        if (run->lim->deadline > 0 && sw_now() + run->ac.expect > run->lim->deadline)
            break;
        sw_matrix_assign_from(&w->scratch, &w->cur);
        w->annealed += sw_anneal_run(&w->cur, &x->rng, run->o->anneal, ANNEAL_T0 * ANNEAL_REHEAT_T0,
                                     run->ac.allot, x->keep_sr, x->keep_sr, run->lim, &w->evals);
        w->steps += descend(x, x->keep_sr);
        if (sw_i256_cmp(sw_criteria_sosr(&w->cur), sw_criteria_sosr(&w->scratch)) >= 0) {
            sw_matrix_assign_from(&w->cur, &w->scratch);
            break;
        }
    }
}

/* Still above So's bound: a season at So's flat bound that repeats under
 * a relabelling (cyclic.c), from this restart's stream; the walks below go
 * on from it. Where the annealing reaches the bound (most movements) this
 * costs nothing; on the extras it is what reaches it (docs/search.md). It
 * needs everyone present, so not with sit-outs to choose. */
static bool cyclic_in_run(const run_ctx *run) {
    return run->o->cyclic > 0;
}

static bool cyclic_applies(restart *x) {
    return x->r > 0 && !x->keep_sr && !sw_over(x->run->lim) && so_above_bound(&x->w->cur);
}

static void cyclic_phase(restart *x) {
    bool built = false;
    x->w->cyclic_swaps +=
        sw_cyclic_run(&x->w->cur, &x->rng, x->run->o->cyclic, CYCLIC_SHAPE, x->run->lim, &built);
    x->w->cyclic_built += built;
}

static bool pairs_in_run(const run_ctx *run) {
    return run->o->pairs > 0;
}

static void pairs_phase(restart *x) {
    worker *w = x->w;
    const run_ctx *run = x->run;
    w->steps += sw_search_pairs(&w->cur, run->o->pairs, run->lim->stop, &w->evals);
    w->steps += sw_search_descend(&w->cur, run->o->max_steps, run->lim->stop, &w->evals);
}

/* At the bound the walk ends ranked by So+Sr + TABU_SC_WEIGHT Sc, a
 * portfolio of two starts: odd restarts walk weighted from the start, even
 * ones plainly by (So+Sr, Sp, Sc) for the first 1/TABU_PLAIN_SHARE of the
 * iterations (which finds the low-Sc basins of some movements the weighted
 * walk misses) and weighted from its best state on (docs/search.md). Above
 * the bound the walk is for So, ranked plainly, and as long: it often
 * reaches the bound where the annealing did not. The rule reads only this
 * restart's state, so the deterministic form stays deterministic. */
static bool tabu_in_run(const run_ctx *run) {
    return run->o->tabu > 0;
}

static void tabu_phase(restart *x) {
    const run_ctx *run = x->run;
    worker *w = x->w;
    int tabu = run->o->tabu, plain = 0;
    double weight = 0;
    if (run->o->anneal > 0 && !so_above_bound(&w->cur)) {
        weight = TABU_SC_WEIGHT;
        plain = x->r & 1 ? 0 : tabu / TABU_PLAIN_SHARE;
    }
    if (plain > 0) {
        w->tabu_iters += sw_tabu_run(&w->cur, &w->scratch, &x->rng, plain, 0, x->keep_sr, true,
                                     run->lim, &w->evals);
        tabu -= plain;
    }
    if (tabu > 0)
        w->tabu_iters += sw_tabu_run(&w->cur, &w->scratch, &x->rng, tabu, weight, x->keep_sr,
                                     weight > 0, run->lim, &w->evals);
}

/* Symmetries of the movements that move comparisons only: Sc along the
 * plateau the tabu phase ends on (docs/search.md). */
static bool symmetry_in_run(const run_ctx *run) {
    return run->sym != NULL;
}

static void symmetry_phase(restart *x) {
    x->w->steps += sw_symmetry_descend(&x->w->cur, x->run->sym, x->run->lim, &x->w->evals);
}

/* Seasons invariant under a relabelling of order 3: on So's plateau only
 * (orbit.c returns at once above it), where it lands far lower on
 * movements whose bound states are isolated; only when the run's probe
 * said its starts complete often enough. */
static bool orbit_in_run(const run_ctx *run) {
    return run->o->orbit > 0;
}

static bool orbit_applies(restart *x) {
    return !x->input_only && !sw_over(x->run->lim);
}

static void orbit_phase(restart *x) {
    bool won = false; /* nodes are not exchanges: not counted as such */
    sw_orbit_run(&x->w->cur, &x->rng, x->run->o->orbit, ORBIT_CAP, x->run->lim, &x->w->orbit_built,
                 &won);
    x->w->orbit_won += won;
}

static bool kicks_in_run(const run_ctx *run) {
    return run->o->kicks > 0;
}

static void kicks_phase(restart *x) {
    const run_ctx *run = x->run;
    sw_search_kick(&x->w->cur, &x->w->scratch, &x->rng, run->o->kicks, run->o->max_steps,
                   run->lim->stop, &x->w->evals);
}

/* Beyond picolo: end on a local optimum of the final order too. */
static void final_phase(restart *x) {
    worker *w = x->w;
    if (rests_fixed(&w->cur))
        w->steps += descend(x, false);
    else
        w->steps += sw_descend_rests_first(&w->cur, x->run->o->max_steps, x->run->lim, &w->evals);
}

/* Every phase in the order a restart runs them (docs/search.md). */
static const phase PHASES[] = {
    {rests_in_run, annealed_restart, rests_phase},
    {anneal_in_run, annealed_restart, anneal_phase},
    {always, every_restart, descent_phase},
    {anneal_in_run, annealed_restart, reheat_phase},
    {cyclic_in_run, cyclic_applies, cyclic_phase},
    {pairs_in_run, time_left, pairs_phase},
    {tabu_in_run, not_input_only, tabu_phase},
    {symmetry_in_run, not_input_only, symmetry_phase},
    {orbit_in_run, orbit_applies, orbit_phase},
    {kicks_in_run, time_left, kicks_phase},
    {always, every_restart, final_phase},
};
#define NPHASES ((int)(sizeof PHASES / sizeof PHASES[0]))

/* The run's plan: the phases it needs, in order (chosen once). */
typedef struct phase_plan {
    run_ctx run;
    const phase *ph[NPHASES];
    int n;
} phase_plan;

static void phase_plan_init(phase_plan *pl, run_ctx run) {
    pl->run = run;
    pl->n = 0;
    for (int i = 0; i < NPHASES; i++)
        if (PHASES[i].in_run(&pl->run))
            pl->ph[pl->n++] = &PHASES[i];
}

/* The restart's result against the worker's: So's counts and its best. */
static void restart_record(worker *w, int r) {
    sw_criteria c;
    sw_criteria_compute(&w->cur, &c);
    w->at_bound += sw_i256_cmp(c.so, c.so_bound) <= 0;
    int lower = w->at_so_min == 0 ? -1 : sw_i256_cmp(c.so, w->so_min);
    if (lower < 0) {
        w->so_min = c.so;
        w->at_so_min = 1;
    } else if (lower == 0) {
        w->at_so_min++;
    }
    int cmp = w->best_restart < 0 ? -1 : sw_criteria_compare_final(&c, &w->best_crit);
    if (cmp < 0 || (cmp == 0 && r < w->best_restart)) {
        sw_matrix_assign_from(&w->best, &w->cur);
        w->best_crit = c;
        w->best_restart = r;
    }
}

static void run_restart(worker *w, const sw_matrix *base, int r, uint64_t seed,
                        const phase_plan *pl) {
    const sw_method *o = pl->run.o;
    restart x = {.run = &pl->run,
                 .w = w,
                 .r = r,
                 .keep_sr = o->rests > 0 && r > 0,
                 .input_only = o->anneal > 0 && r == 0};
    sw_matrix_assign_from(&w->cur, base);
    sw_rng_seed(&x.rng, seed, (uint64_t)r);
    if (r > 0)
        sw_search_randomize(&w->cur, &x.rng);
    for (int i = 0; i < pl->n; i++)
        if (pl->ph[i]->applies(&x))
            pl->ph[i]->run(&x);
    restart_record(w, r);
}

/* Deterministic reduction of the workers' counters and bests: best
 * criteria, ties to the lowest restart; s holds the best found. */
static void reduce_workers(const worker *ws, int nthreads, sw_season *s, sw_search_result *res) {
    int bt = -1;
    for (int t = 0; t < nthreads; t++) {
        res->exchanges += ws[t].evals;
        res->steps += ws[t].steps;
        res->annealed += ws[t].annealed;
        res->tabu_iters += ws[t].tabu_iters;
        res->rests_iters += ws[t].rests_iters;
        res->restarts_at_bound += ws[t].at_bound;
        int lower = ws[t].at_so_min == 0           ? 1
                    : res->restarts_at_so_min == 0 ? -1
                                                   : sw_i256_cmp(ws[t].so_min, res->so_min);
        if (lower < 0) {
            res->so_min = ws[t].so_min;
            res->restarts_at_so_min = ws[t].at_so_min;
        } else if (lower == 0) {
            res->restarts_at_so_min += ws[t].at_so_min;
        }
        res->orbit_built += ws[t].orbit_built;
        res->orbit_won += ws[t].orbit_won;
        res->cyclic_swaps += ws[t].cyclic_swaps;
        res->cyclic_built += ws[t].cyclic_built;
        if (ws[t].best_restart < 0)
            continue;
        int c = bt < 0 ? -1 : sw_criteria_compare_final(&ws[t].best_crit, &ws[bt].best_crit);
        if (c < 0 || (c == 0 && ws[t].best_restart < ws[bt].best_restart))
            bt = t;
    }
    if (bt >= 0) {
        sw_matrix_store(&ws[bt].best, s);
        res->after = ws[bt].best_crit;
        res->best_restart = ws[bt].best_restart;
    } else {
        res->after = res->before;
    }
}

/* Each thread's workspace, copies of base (false when out of memory;
 * workers_free is still safe). */
static bool workers_init(worker *ws, int nthreads, const sw_matrix *base, sw_error *err) {
    bool ok = true;
    for (int t = 0; t < nthreads && ok; t++) {
        ws[t].best_restart = -1;
        ok = sw_matrix_copy(&ws[t].cur, base, err) == SW_OK &&
             sw_matrix_copy(&ws[t].best, base, err) == SW_OK &&
             sw_matrix_copy(&ws[t].scratch, base, err) == SW_OK;
    }
    return ok;
}

static void workers_free(worker *ws, int nthreads) {
    for (int t = 0; t < nthreads; t++) {
        sw_matrix_free(&ws[t].cur);
        sw_matrix_free(&ws[t].best);
        sw_matrix_free(&ws[t].scratch);
    }
    free(ws);
}

/* In time mode the annealing adapts to the budget: its proposals are
 * fitted to at most a third of the budget by a cost measured before the
 * run, and its schedule also follows the clock for that long (the
 * temperature follows whichever of the proposals and the time is further
 * along), so a loaded machine shortens it, never cuts it, and the tabu
 * phase keeps its time. Without a time limit nothing depends on the
 * clock. */
static anneal_clock anneal_fit(sw_matrix *base, const sw_search_opts *o, sw_method *m) {
    anneal_clock ac = {0, 0};
    if (o->time_limit > 0 && m->anneal > 0) {
        double cost = sw_anneal_cost(base, o->seed);
        if (cost > 0 && (double)m->anneal * cost > o->time_limit / 3)
            m->anneal = (long long)(o->time_limit / 3 / cost) + 1;
        ac.allot = ac.expect = (double)m->anneal * cost;
    }
    return ac;
}

/* The restarts finished so far and the best of them, for the progress
 * callback (updated by one thread at a time). */
typedef struct progress_state {
    int done, restart; /* restart: the best's index, -1 none yet */
    sw_criteria best;
    double t0;
} progress_state;

static void progress_note(progress_state *ps, const worker *w, const sw_search_opts *o) {
    ps->done++;
    int c = ps->restart < 0 ? -1 : sw_criteria_compare_final(&w->best_crit, &ps->best);
    if (c < 0 || (c == 0 && w->best_restart < ps->restart)) {
        ps->best = w->best_crit;
        ps->restart = w->best_restart;
    }
    if (o->progress) {
        sw_search_progress p = {ps->done, o->restarts, sw_now() - ps->t0, ps->best};
        o->progress(&p, o->ctx);
    }
}

/* Whether the orbit phase runs (once a run): -1 the season is not one it
 * applies to, 0 its probe's starts rarely complete, 1 on. m->orbit is 0
 * unless 1. */
static int orbit_probe(sw_matrix *base, uint64_t seed, sw_method *m, int nthreads,
                       const sw_limits *lim) {
    int probe = -1;
    if (m->orbit > 0 && sw_orbit_applies(base))
        probe = sw_orbit_worth(base, seed, ORBIT_PROBE, ORBIT_NEED, ORBIT_PROBE_CAP, nthreads, lim);
    if (probe != 1)
        m->orbit = 0;
    return probe;
}

/* What every restart of a run shares. */
typedef struct restarts {
    const sw_search_opts *o;
    const sw_limits *lim;
    const sw_matrix *base;
    sw_matrix *start0; /* the invariant seatings' start for restart 0; NULL = none */
    const phase_plan *phases;
    sw_search_result *res;
    progress_state *shown;
} restarts;

/* Restart r on thread t's workspace. Restart 0 runs twice when the season
 * built of invariant seatings beats the given assignment (built first, so a
 * loaded machine does not cut it): from each, and the better counts
 * (restart 0 stays the guarantee on the input). */
static void restart_at(const restarts *R, worker *w, int r) {
    bool built = false;
    if (r == 0 && R->start0) {
        R->res->invariant_nodes =
            sw_invariant_run(R->start0, R->phases->run.o->invariant, INVARIANT_CAP, R->lim, &built);
        R->res->invariant_built = built;
    }
    int ab = w->at_bound;
    run_restart(w, R->base, r, R->o->seed, R->phases);
    if (built) {
        bool reached = w->at_bound > ab;
        run_restart(w, R->start0, r, R->o->seed, R->phases);
        w->at_bound = ab + (reached || w->at_bound > ab);
    }
}

/* Every restart, on nthreads threads. Threads claim restart indices in
 * order from a shared counter, so a stop or the time limit ends every
 * thread's loop at once, however many restarts were asked for. Which thread
 * runs a restart does not matter: restart r depends only on (seed, r).
 * Returns whether the time limit stopped a restart from starting. */
static bool run_restarts(const restarts *R, worker *ws, int nthreads) {
    const sw_search_opts *o = R->o;
    int next = 0;
    bool timed_out = false;
#ifdef SW_HAVE_OPENMP
#pragma omp parallel num_threads(nthreads)
#else
    (void)nthreads;
#endif
    for (;;) {
        int t = 0, r;
#ifdef SW_HAVE_OPENMP
        t = omp_get_thread_num();
#pragma omp atomic capture
#endif
        r = next++;
        if (r >= o->restarts)
            break;
        if (o->stop && *o->stop)
            break;
        if (R->lim->deadline > 0 && r > 0 && sw_now() > R->lim->deadline) {
#ifdef SW_HAVE_OPENMP
#pragma omp atomic write
#endif
            timed_out = true;
            break;
        }
        restart_at(R, &ws[t], r);
#ifdef SW_HAVE_OPENMP
#pragma omp critical(sw_search_progress)
#endif
        progress_note(R->shown, &ws[t], o);
    }
    return timed_out;
}

sw_status sw_search_run(sw_season *s, const sw_search_opts *opts, sw_search_result *res,
                        sw_error *err) {
    sw_method m;
    sw_method_of(s, opts, &m);
    return sw_search_run_method(s, opts, &m, res, err);
}

sw_status sw_search_run_method(sw_season *s, const sw_search_opts *o, const sw_method *method,
                               sw_search_result *res, sw_error *err) {
    sw_method eff = *method;
    memset(res, 0, sizeof *res);
    if (o->restarts < 1)
        return sw_error_set(err, SW_ERR_INVALID, NULL, 0, "%d restarts, expected at least 1",
                            o->restarts);
    if (o->time_limit < 0)
        return sw_error_set(err, SW_ERR_INVALID, NULL, 0, "negative time limit");
    sw_status st = sw_season_validate(s, NULL, err);
    if (st != SW_OK)
        return st;
    sw_matrix base;
    st = sw_matrix_init(&base, s, err);
    if (st != SW_OK)
        return st;
    sw_criteria_compute(&base, &res->before);
    /* The budget counts from here: the set-up below (the annealing's cost,
     * the symmetries, the orbit probe, the rests plan) is part of the run. */
    double t0 = sw_now();
    sw_limits lim = {o->stop, o->time_limit > 0 ? t0 + o->time_limit : 0};
    int nthreads = 1;
#ifdef SW_HAVE_OPENMP
    nthreads = o->threads > 0 ? o->threads : omp_get_max_threads();
#endif
    if (nthreads > o->restarts)
        nthreads = o->restarts;
    anneal_clock ac = anneal_fit(&base, o, &eff);
    res->anneal_each = eff.anneal;
    worker *ws = calloc((size_t)nthreads, sizeof *ws);
    if (!ws) {
        sw_matrix_free(&base);
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    }
    bool ok = workers_init(ws, nthreads, &base, err);
    sw_symmetry sym;
    const sw_symmetry *symp = NULL;
    if (ok && eff.anneal > 0 && sw_symmetry_find(&sym, &base))
        symp = &sym;
    res->orbit_probe = ok ? orbit_probe(&base, o->seed, &eff, nthreads, &lim) : -1;
    /* the rests-first walk's plan (once a run, in the budget: the layouts
     * are counted) */
    sw_rests_plan plan = {0};
    if (ok && eff.rests > 0)
        sw_rests_plan_init(&plan, &base);
    phase_plan phases;
    phase_plan_init(&phases,
                    (run_ctx){.o = &eff, .lim = &lim, .ac = ac, .sym = symp, .plan = &plan});
    /* Restart 0 also starts from the season built of invariant seatings
     * (invariant.c), built by the thread that runs restart 0 (in the
     * budget, deterministic). */
    sw_matrix start0 = {0};
    sw_error copy_err;
    bool built0 = ok && eff.invariant > 0 && sw_matrix_copy(&start0, &base, &copy_err) == SW_OK;
    progress_state shown = {.restart = -1, .t0 = t0};
    bool timed_out = false;
    if (ok) {
        restarts R = {.o = o,
                      .lim = &lim,
                      .base = &base,
                      .start0 = built0 ? &start0 : NULL,
                      .phases = &phases,
                      .res = res,
                      .shown = &shown};
        timed_out = run_restarts(&R, ws, nthreads);
        reduce_workers(ws, nthreads, s, res);
    }
    res->restarts_done = shown.done;
    res->seconds = sw_now() - t0;
    if (lim.deadline > 0 && sw_now() > lim.deadline)
        timed_out = true; /* the budget also cut the running restarts */
    res->interrupted = o->stop && *o->stop;
    res->timed_out = timed_out;
    workers_free(ws, nthreads);
    if (symp)
        sw_symmetry_free(&sym);
    sw_matrix_free(&start0);
    sw_rests_plan_free(&plan);
    sw_matrix_free(&base);
    return ok ? SW_OK : SW_ERR_NOMEM;
}
