/* src/search/rests.c: the rests-first start of a sit-out season: the plan
 * (a lower bound on Sr and the layouts that can reach it) and a tabu walk
 * that minimises Sr alone.
 *
 * Sr depends only on each participant's rest total: the rests carried over
 * and those of played sessions, plus, in each session to plan, the rounds
 * its position sits out, which follow from the session's layout, its
 * empty positions (a table with an empty seat does not play). The walk
 * keeps, per session, the rests of every position for its layout and
 * whether each table plays, and the totals. A plain swap moves d rests
 * from one participant to the other (two terms of Sr); an exchange with an
 * empty seat changes whether the tables where its two positions sit play,
 * and so only their positions' rests (O(rounds x seats), no matrix
 * touched). Sr is the exact integer (N V)^4 Sr = sum (N r_i - R)^4 (r_i
 * and their total R in units of 1/V, the matrix's rests unit: a session's
 * rest counts V), in 128 bits where proven to fit.
 * SPDX-License-Identifier: MIT */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "search/engine.h"
#include "season/season.h"

/* Base tenure, stall limit, the kick's random exchanges and the kicks
 * without a new best after which a walk gives up (docs/search.md). */
#define RESTS_TENURE 4
#define RESTS_STALL 40
#define RESTS_KICK 3
#define RESTS_KICKS 5
/* Layouts of empty positions a session enumerates for the plan (beyond
 * that, it draws this many), and how many it keeps for each total of
 * rests. */
#define RESTS_LAYOUTS 50000
#define RESTS_KEEP 64
/* Totals of rests (that give the bound) a walk tries, least first. */
#define RESTS_TARGETS 4

typedef struct rwalk {
    sw_matrix *mx;
    const sw_season *s;
    int n, P1;     /* P1: the most positions of a movement, plus 1 */
    int nk, *ks;   /* the sessions to plan */
    int32_t *rv;   /* [session*P1 + p]: rests of position p for the occupancy */
    int32_t *tot;  /* [n] rest totals */
    int32_t *fix;  /* [n] their fixed part: carried over and played */
    int32_t *chg;  /* [n] scratch: changes of the totals, zero between uses */
    char *full;    /* [session*RT + r*tables + t]: whether a table plays */
    int RT;        /* the most rounds x tables of a movement */
    int32_t *dpos; /* [P1] scratch: changes of the positions' rests, zero between uses */
    int *tp;       /* [P1] scratch: the positions changed */
    int *until;    /* tabu: [session][participant][position] */
    int *best;     /* [session*P1 + p]: the best occupancy seen */
    int64_t R;
    __int128 F;
    bool keep_total; /* every session keeps its total of rests (the plan's) */
} rwalk;

static inline __int128 term(int64_t N, int64_t x, int64_t R) {
    __int128 d = (__int128)N * x - R, d2 = d * d;
    return d2 * d2;
}

/* The flattest spread of R rests over n participants, as N^4 Sr. */
static __int128 flat1(int64_t n, int64_t R) {
    int64_t q = R / n, rem = R % n;
    return (__int128)(n - rem) * term(n, q, R) + (__int128)rem * term(n, q + 1, R);
}

/* The same in halves (V = 2), as (2 N)^4 Sr, when `odd` participants
 * carry a half, so their totals are odd and the others' even (a session's
 * rest adds 2): each class at the largest of its values at most R / n
 * (q and q - 1, q = R div n), then raised by 2, lowest first (a fourth
 * power is convex, so raising the lower class costs less), until the
 * total is R. Fewer than n raises are needed. */
static __int128 flat2(int64_t n, int64_t R, int64_t odd) {
    int64_t q = R / n, lo = q - 1, nq = (q % 2 ? odd : n - odd), nlo = n - nq;
    int64_t k = (R - q * nq - lo * nlo) / 2, up_lo = k < nlo ? k : nlo, up_q = k - up_lo;
    return (__int128)(nlo - up_lo) * term(n, lo, R) + (__int128)up_lo * term(n, lo + 2, R) +
           (__int128)(nq - up_q) * term(n, q, R) + (__int128)up_q * term(n, q + 2, R);
}

/* The flattest spread of R rests (in units of 1/V) over the participants
 * that the residues of their totals allow, as (N V)^4 Sr. */
static __int128 flat(const sw_matrix *mx, int64_t R) {
    if (mx->runit == 1)
        return flat1(mx->n, R);
    int64_t odd = 0;
    for (int i = 0; i < mx->n; i++)
        odd += mx->season->part[i].rests_half;
    return flat2(mx->n, R, odd);
}

/* Rests of every position of session k under the occupancy as (as the
 * matrix counts them: a round unseated, or at a table that does not play),
 * in units of 1/V. */
static void session_rests(const sw_matrix *mx, char *full, int k, const int *as, int32_t *out) {
    const sw_season *s = mx->season;
    const sw_movement *m = &s->movements[s->sessions[k].movement];
    const sw_layout *l = &mx->layout[s->sessions[k].movement];
    for (int r = 0; r < m->rounds; r++)
        for (int t = 0; t < m->tables; t++) {
            const sw_table *tb = sw_movement_at(m, r, t);
            char f = 1;
            for (int d = 0; d < sw_table_seats(m, tb) && f; d++)
                f = tb->seat[d] > 0 && as[tb->seat[d]] != 0;
            full[r * m->tables + t] = f;
        }
    for (int p = 1; p <= m->positions; p++) {
        int c = 0;
        for (int r = 0; r < m->rounds; r++) {
            int w = l->where[(size_t)p * (size_t)l->rounds + (size_t)r];
            c += w < 0 || !full[r * m->tables + w / SW_MAX_SEATS];
        }
        out[p] = c * (int32_t)mx->runit;
    }
}

static int positions(const rwalk *w, int k) {
    return w->s->movements[w->s->sessions[k].movement].positions;
}

static __int128 sum_terms(const rwalk *w, const int32_t *tot, const int32_t *chg, int64_t R) {
    __int128 F = 0;
    for (int i = 0; i < w->n; i++)
        F += term(w->n, (int64_t)tot[i] + (chg ? chg[i] : 0), R);
    return F;
}

/* Whether the table (r, t) of session k plays under the occupancy as. */
static char table_plays(const sw_movement *m, int r, int t, const int *as) {
    const sw_table *tb = sw_movement_at(m, r, t);
    char f = 1;
    for (int d = 0; d < sw_table_seats(m, tb) && f; d++)
        f = tb->seat[d] > 0 && as[tb->seat[d]] != 0;
    return f;
}

/* The change of F when the empty seat at p or q of session k moves to the
 * other: only the tables where p or q sit can change whether they play,
 * so only their positions' rests change (O(rounds x seats), not the
 * session). False when the session's total changes and the walk keeps it. */
static bool delta_layout(rwalk *w, int k, int p, int q, __int128 *out) {
    const sw_season *s = w->s;
    const sw_movement *m = &s->movements[s->sessions[k].movement];
    const sw_layout *l = &w->mx->layout[s->sessions[k].movement];
    int *as = w->mx->assign[k];
    const int32_t *rv = w->rv + (size_t)k * w->P1;
    const char *fl = w->full + (size_t)k * (size_t)w->RT;
    int moved = as[p] ? q : p, from = moved == p ? q : p, ntp = 0;
    int t0 = as[p];
    as[p] = as[q];
    as[q] = t0;
    for (int r = 0; r < m->rounds; r++) {
        int seen = -1;
        for (int z = 0; z < 2; z++) {
            int x = l->where[(size_t)(z ? q : p) * (size_t)l->rounds + (size_t)r];
            if (x < 0 || x / SW_MAX_SEATS == seen)
                continue;
            int t = seen = x / SW_MAX_SEATS;
            int d = fl[r * m->tables + t] - table_plays(m, r, t, as);
            const sw_table *tb = sw_movement_at(m, r, t);
            for (int e = 0; d && e < sw_table_seats(m, tb); e++) {
                int y = tb->seat[e];
                if (y <= 0)
                    continue;
                if (!w->dpos[y] && ntp < w->P1) {
                    bool listed = false;
                    for (int v = 0; v < ntp && !listed; v++)
                        listed = w->tp[v] == y;
                    if (!listed)
                        w->tp[ntp++] = y;
                }
                w->dpos[y] += d * (int32_t)w->mx->runit; /* a table stops playing: a rest more */
            }
        }
    }
    /* the one who moved: the new position's rests against the old one's */
    int a = as[moved] - 1;
    int64_t ca = rv[moved] + w->dpos[moved] - rv[from], dR = ca;
    __int128 dF = 0;
    for (int v = 0; v < ntp; v++) {
        int y = w->tp[v];
        if (y != moved && as[y])
            dR += w->dpos[y];
    }
    bool ok = !w->keep_total || dR == 0;
    if (ok && dR == 0) {
        /* R stays: only the changed totals' terms move */
        dF = term(w->n, (int64_t)w->tot[a] + ca, w->R) - term(w->n, w->tot[a], w->R);
        for (int v = 0; v < ntp; v++) {
            int y = w->tp[v];
            if (y == moved || !as[y] || !w->dpos[y])
                continue;
            int64_t t = w->tot[as[y] - 1];
            dF += term(w->n, t + w->dpos[y], w->R) - term(w->n, t, w->R);
        }
    } else if (ok) {
        w->chg[a] = (int32_t)ca;
        for (int v = 0; v < ntp; v++) {
            int y = w->tp[v];
            if (y != moved && as[y])
                w->chg[as[y] - 1] = w->dpos[y];
        }
        dF = sum_terms(w, w->tot, w->chg, w->R + dR) - w->F;
        w->chg[a] = 0;
        for (int v = 0; v < ntp; v++)
            if (as[w->tp[v]])
                w->chg[as[w->tp[v]] - 1] = 0;
    }
    for (int v = 0; v < ntp; v++)
        w->dpos[w->tp[v]] = 0;
    as[q] = as[p];
    as[p] = t0;
    *out = dF;
    return ok;
}

/* The change of F by exchanging positions p and q of session k; false
 * when it would change the session's total and the walk keeps it. */
static bool delta(rwalk *w, int k, int p, int q, __int128 *out) {
    int *as = w->mx->assign[k];
    const int32_t *rv = w->rv + (size_t)k * w->P1;
    if (as[p] && as[q]) {
        int d = rv[q] - rv[p];
        int64_t a = w->tot[as[p] - 1], b = w->tot[as[q] - 1];
        *out = term(w->n, a + d, w->R) + term(w->n, b - d, w->R) - term(w->n, a, w->R) -
               term(w->n, b, w->R);
        return true;
    }
    return delta_layout(w, k, p, q, out);
}

/* Make the exchange: session k's rests come out of the totals, the
 * occupancy changes (and with an empty seat the session's rests), and they
 * go back in. */
static void make(rwalk *w, int k, int p, int q) {
    int *as = w->mx->assign[k];
    int32_t *rv = w->rv + (size_t)k * w->P1;
    int P = positions(w, k);
    bool plain = as[p] && as[q];
    for (int x = 1; x <= P; x++)
        if (as[x])
            w->tot[as[x] - 1] -= rv[x];
    int t = as[p];
    as[p] = as[q];
    as[q] = t;
    if (!plain)
        session_rests(w->mx, w->full + (size_t)k * (size_t)w->RT, k, as, rv);
    int64_t R = 0;
    for (int x = 1; x <= P; x++)
        if (as[x])
            w->tot[as[x] - 1] += rv[x];
    for (int i = 0; i < w->n; i++)
        R += w->tot[i];
    w->R = R;
    w->F = sum_terms(w, w->tot, NULL, R);
}

/* The totals from the occupancy: the fixed part (carried over, played
 * sessions) plus each session's rests. */
static void load(rwalk *w) {
    const sw_matrix *mx = w->mx;
    memcpy(w->tot, w->fix, sizeof *w->tot * (size_t)w->n);
    for (int x = 0; x < w->nk; x++) {
        int k = w->ks[x], P = positions(w, k);
        int32_t *rv = w->rv + (size_t)k * w->P1;
        session_rests(mx, w->full + (size_t)k * (size_t)w->RT, k, mx->assign[k], rv);
        for (int p = 1; p <= P; p++)
            if (mx->assign[k][p])
                w->tot[mx->assign[k][p] - 1] += rv[p];
    }
    int64_t R = 0;
    for (int i = 0; i < w->n; i++)
        R += w->tot[i];
    w->R = R;
    w->F = sum_terms(w, w->tot, NULL, R);
}

static void save_best(rwalk *w) {
    for (int x = 0; x < w->nk; x++) {
        int k = w->ks[x];
        memcpy(w->best + (size_t)k * w->P1, w->mx->assign[k], sizeof(int) * (size_t)w->P1);
    }
}

static void restore_best(rwalk *w) {
    for (int x = 0; x < w->nk; x++) {
        int k = w->ks[x];
        memcpy(w->mx->assign[k], w->best + (size_t)k * w->P1, sizeof(int) * (size_t)w->P1);
    }
    load(w);
}

static void rwalk_free(rwalk *w) {
    free(w->ks);
    free(w->rv);
    free(w->dpos);
    free(w->tp);
    free(w->tot);
    free(w->fix);
    free(w->chg);
    free(w->full);
    free(w->until);
    free(w->best);
}

/* Whether the season's rests fit the walk's 128-bit sums: every term
 * (N r - R)^4 and n of them below 2^126. */
static bool fits(const sw_matrix *mx) {
    const sw_season *s = mx->season;
    int64_t most = 0, rounds = 0;
    for (int i = 0; i < s->n; i++)
        if (sw_participant_rests(&s->part[i], (int)mx->runit) > most)
            most = sw_participant_rests(&s->part[i], (int)mx->runit);
    for (int k = 0; k < s->nsessions; k++)
        rounds += s->movements[s->sessions[k].movement].rounds * mx->runit;
    /* |N r - R| <= N (most + rounds) (R <= N (most + rounds) too) */
    __int128 x = (__int128)s->n * (most + rounds) + 1;
    __int128 lim = ((__int128)1 << 126) / ((__int128)s->n + 1);
    return most + rounds < (INT64_C(1) << 30) && x * x < ((__int128)1 << 63) &&
           (x * x) * (x * x) < lim;
}

static bool rwalk_init(rwalk *w, sw_matrix *mx) {
    const sw_season *s = mx->season;
    memset(w, 0, sizeof *w);
    w->mx = mx;
    w->s = s;
    w->n = mx->n;
    int maxp = 0, maxrt = 0;
    for (int i = 0; i < s->nmovements; i++) {
        const sw_movement *m = &s->movements[i];
        if (m->positions > maxp)
            maxp = m->positions;
        if (m->rounds * m->tables > maxrt)
            maxrt = m->rounds * m->tables;
    }
    w->P1 = maxp + 1;
    size_t cells = (size_t)s->nsessions * (size_t)w->P1;
    w->ks = malloc(sizeof *w->ks * (size_t)s->nsessions + 1);
    w->rv = calloc(cells + 1, sizeof *w->rv);
    w->RT = maxrt;
    w->dpos = calloc((size_t)w->P1, sizeof *w->dpos);
    w->tp = calloc((size_t)w->P1, sizeof *w->tp);
    w->tot = calloc((size_t)w->n + 1, sizeof *w->tot);
    w->fix = calloc((size_t)w->n + 1, sizeof *w->fix);
    w->chg = calloc((size_t)w->n + 1, sizeof *w->chg);
    w->full = malloc((size_t)s->nsessions * (size_t)maxrt + 1);
    w->until = calloc(cells * (size_t)w->n + 1, sizeof *w->until);
    w->best = calloc(cells + 1, sizeof *w->best);
    if (!w->ks || !w->rv || !w->dpos || !w->tp || !w->tot || !w->fix || !w->chg || !w->full ||
        !w->until || !w->best) {
        rwalk_free(w);
        return false;
    }
    for (int k = 0; k < s->nsessions; k++)
        if (!s->sessions[k].played)
            w->ks[w->nk++] = k;
    /* the matrix's totals less the sessions' rests as counted here */
    for (int i = 0; i < w->n; i++)
        w->fix[i] = mx->rests[i];
    for (int x = 0; x < w->nk; x++) {
        int k = w->ks[x];
        int32_t *rv = w->rv + (size_t)k * w->P1;
        session_rests(mx, w->full + (size_t)k * (size_t)w->RT, k, mx->assign[k], rv);
        for (int p = 1; p <= positions(w, k); p++)
            if (mx->assign[k][p])
                w->fix[mx->assign[k][p] - 1] -= rv[p];
    }
    load(w);
    return true;
}

/* A random exchange of the walk's sessions that the pins allow (none when
 * a few draws find none). */
static void kick(rwalk *w, sw_rng *rng) {
    for (int tries = 0; tries < 16; tries++) {
        int k = w->ks[sw_rng_bounded(rng, (uint32_t)w->nk)], P = positions(w, k);
        if (P < 2)
            continue;
        int p = 1 + (int)sw_rng_bounded(rng, (uint32_t)P);
        int q = 1 + (int)sw_rng_bounded(rng, (uint32_t)P - 1);
        q += q >= p;
        const int *as = w->mx->assign[k];
        if (sw_exchange_allowed(w->s, k, as, p, q) && (!w->keep_total || (as[p] && as[q]))) {
            make(w, k, p, q);
            return;
        }
    }
}

static inline int *tabu_at(rwalk *w, int k, int a, int p) {
    return &w->until[((size_t)k * (size_t)w->n + (size_t)a) * (size_t)w->P1 + (size_t)p];
}

/* One iteration: the best admissible exchange by the change of Sr, ties
 * drawn at random (the walk crosses Sr's plateaus by them). Returns false
 * when no exchange is admissible. */
static bool step(rwalk *w, sw_rng *rng, int it, int tenure, __int128 top) {
    int bk = -1, bp = 0, bq = 0;
    __int128 bd = 0;
    uint32_t ties = 0;
    for (int x = 0; x < w->nk; x++) {
        int k = w->ks[x], P = positions(w, k);
        const int *as = w->mx->assign[k];
        const int32_t *rv = w->rv + (size_t)k * w->P1;
        for (int p = 1; p < P; p++)
            for (int q = p + 1; q <= P; q++) {
                if (!sw_exchange_allowed(w->s, k, as, p, q))
                    continue;
                if (as[p] && as[q] && rv[p] == rv[q])
                    continue; /* moves no rest */
                __int128 d;
                if (!delta(w, k, p, q, &d))
                    continue;
                bool tabu = (as[p] && *tabu_at(w, k, as[p] - 1, q) >= it) ||
                            (as[q] && *tabu_at(w, k, as[q] - 1, p) >= it);
                if (tabu && w->F + d >= top)
                    continue;
                if (bk < 0 || d < bd) {
                    bd = d;
                    bk = k;
                    bp = p;
                    bq = q;
                    ties = 1;
                } else if (d == bd && sw_rng_bounded(rng, ++ties) == 0) {
                    bk = k;
                    bp = p;
                    bq = q;
                }
            }
    }
    if (bk < 0)
        return false;
    const int *as = w->mx->assign[bk];
    int a = as[bp], b = as[bq], span = tenure / 2 + 1;
    __int128 want = w->F + bd;
    make(w, bk, bp, bq);
    assert(w->F == want); /* the priced change is the made one */
    (void)want;
    if (a)
        *tabu_at(w, bk, a - 1, bp) = it + tenure + (int)sw_rng_bounded(rng, (uint32_t)span);
    if (b)
        *tabu_at(w, bk, b - 1, bq) = it + tenure + (int)sw_rng_bounded(rng, (uint32_t)span);
    return true;
}

/* The tabu walk from the state in w for at most iters iterations, until
 * Sr reaches lb; w ends in the best state seen. Returns the iterations
 * made; *top is the best F. */
static long long walk(rwalk *w, sw_rng *rng, int iters, __int128 lb, const sw_limits *lim,
                      __int128 *top) {
    int nitems = 0;
    for (int x = 0; x < w->nk; x++)
        nitems += sw_season_present_count(w->s, w->ks[x]);
    int tenure = RESTS_TENURE + nitems / 20;
    memset(w->until, 0, sizeof *w->until * (size_t)w->s->nsessions * (size_t)w->n * (size_t)w->P1);
    *top = w->F;
    save_best(w);
    long long done = 0;
    int stall = 0, kicks = 0;
    for (int it = 1; it <= iters && *top > lb && kicks < RESTS_KICKS; it++, done++) {
        if ((it & 15) == 0 && sw_over(lim))
            break;
        if (!step(w, rng, it, tenure, *top))
            break;
        if (w->F < *top) {
            *top = w->F;
            save_best(w);
            stall = kicks = 0;
        } else if (++stall >= RESTS_STALL) {
            /* circling: back to the best, kicked */
            restore_best(w);
            for (int x = 0; x < RESTS_KICK; x++)
                kick(w, rng);
            stall = 0;
            kicks++;
        }
    }
    restore_best(w);
    return done;
}

static bool seat_target(rwalk *w, const sw_rests_plan *pl, sw_rng *rng, int64_t target);

long long sw_rests_run(sw_matrix *mx, sw_rng *rng, int iters, const sw_rests_plan *pl,
                       const sw_limits *lim) {
    if (iters <= 0 || !fits(mx))
        return 0;
    rwalk w;
    if (!rwalk_init(&w, mx))
        return 0;
    __int128 lb = 0, top;
    long long done = 0;
    if (pl->ok)
        (void)sw_i256_to_i128(pl->bound, &lb);
    if (!pl->ok || pl->pins) {
        /* from the seating as it is (the pins kept), every move */
        done = walk(&w, rng, iters, lb, lim, &top);
    } else {
        /* From layouts of a total that gives the bound, keeping the
         * sessions' totals: the walk deals the rests. Several totals may
         * give it; the least first (the fewest rests, so the most
         * meetings, which So needs), the next when the walk ends above
         * the bound (a total can give the flattest spread on paper and
         * still not be dealt evenly from the sessions' layouts). The best
         * state over them is kept. */
        const char *last = pl->reach + ((size_t)pl->span + 1) * (size_t)pl->nk;
        size_t cells = (size_t)w.s->nsessions * (size_t)w.P1;
        int *keep = malloc(sizeof *keep * cells + 1), tries = 0;
        __int128 kept = -1;
        w.keep_total = true;
        for (int64_t v = 0; keep && v <= pl->span && tries < RESTS_TARGETS; v++) {
            if (!last[v] || flat(mx, pl->fixed + v) != lb || !seat_target(&w, pl, rng, v))
                continue;
            tries++;
            done += walk(&w, rng, iters / RESTS_TARGETS, lb, lim, &top);
            if (kept < 0 || top < kept) {
                kept = top;
                memcpy(keep, w.best, sizeof *keep * cells);
            }
            if (top <= lb || sw_over(lim))
                break;
        }
        if (kept >= 0) {
            memcpy(w.best, keep, sizeof *keep * cells);
            restore_best(&w);
        }
        top = w.F;
        free(keep);
    }
    rwalk_free(&w);
    sw_matrix_rebuild(mx);
    /* the walk's Sr is the matrix's */
    assert(sw_i256_cmp(sw_criteria_sr(mx), sw_i256_from_i128(top)) == 0);
    return done;
}

/* ---- the plan: Sr's bound and layouts that reach its total ---- */

/* Record the layout idx (its e empty positions) of total T: counted, and
 * kept when the reservoir draws it (uniform among those of its total). */
static void record(sw_rests_layouts *out, int T, const int *idx, sw_rng *rng) {
    int c = ++out->seen[T], slot = c <= RESTS_KEEP ? c - 1 : (int)sw_rng_bounded(rng, (uint32_t)c);
    if (slot < RESTS_KEEP && out->e > 0)
        memcpy(out->empty + ((size_t)T * RESTS_KEEP + (size_t)slot) * (size_t)out->e, idx,
               sizeof *idx * (size_t)out->e);
}

/* The next e-subset of 1..P in lexicographic order; false after the last. */
static bool next_subset(int *idx, int e, int P) {
    int x = e - 1;
    while (x >= 0 && idx[x] == P - e + x + 1)
        x--;
    if (x < 0)
        return false;
    idx[x]++;
    for (int y = x + 1; y < e; y++)
        idx[y] = idx[y - 1] + 1;
    return true;
}

/* The layouts of e empty positions among the P of session k's movement:
 * the totals of rests they give (seen[T] counts them), and up to
 * RESTS_KEEP of each total as lists of e empty positions. Every layout
 * when they are at most RESTS_LAYOUTS (*exact), else that many drawn at
 * random; the draws come from a fixed stream, so the plan is the same for
 * every run. False when out of memory. */
static bool session_layouts(const sw_matrix *mx, int k, int e, sw_rests_layouts *out, bool *exact,
                            int *occ, char *full, int32_t *rv) {
    const sw_season *s = mx->season;
    const sw_movement *m = &s->movements[s->sessions[k].movement];
    int P = m->positions, width = P * m->rounds * (int)mx->runit;
    double count = 1;
    for (int x = 0; x < e; x++)
        count = count * (P - x) / (x + 1);
    bool all = count <= RESTS_LAYOUTS;
    *exact = *exact && all;
    out->e = e;
    out->width = width;
    out->seen = calloc((size_t)width + 1, sizeof *out->seen);
    out->empty = malloc(sizeof *out->empty * ((size_t)width + 1) * RESTS_KEEP * (size_t)(e + 1));
    int *idx = malloc(sizeof *idx * ((size_t)P + 1));
    if (!out->seen || !out->empty || !idx) {
        free(idx);
        return false;
    }
    sw_rng rng;
    sw_rng_seed(&rng, UINT64_C(0x5e47), (uint64_t)k);
    for (int x = 0; x < P; x++)
        idx[x] = x + 1;
    for (long draw = 0; all || draw < RESTS_LAYOUTS; draw++) {
        if (!all) /* the first e of a partial shuffle: a uniform e-subset */
            for (int x = 0; x < e; x++) {
                int y = x + (int)sw_rng_bounded(&rng, (uint32_t)(P - x)), t = idx[x];
                idx[x] = idx[y];
                idx[y] = t;
            }
        for (int p = 1; p <= P; p++)
            occ[p] = 1;
        for (int x = 0; x < e; x++)
            occ[idx[x]] = 0;
        session_rests(mx, full, k, occ, rv);
        int T = 0;
        for (int p = 1; p <= P; p++)
            T += occ[p] ? rv[p] : 0;
        record(out, T, idx, &rng);
        if (all && !next_subset(idx, e, P))
            break;
    }
    free(idx);
    return true;
}

static bool copy_layouts(sw_rests_layouts *dst, const sw_rests_layouts *src) {
    size_t seen = sizeof *src->seen * ((size_t)src->width + 1),
           empty =
               sizeof *src->empty * ((size_t)src->width + 1) * RESTS_KEEP * (size_t)(src->e + 1);
    *dst = *src;
    dst->seen = malloc(seen);
    dst->empty = malloc(empty);
    if (!dst->seen || !dst->empty)
        return false;
    memcpy(dst->seen, src->seen, seen);
    memcpy(dst->empty, src->empty, empty);
    return true;
}

void sw_rests_plan_free(sw_rests_plan *pl) {
    for (int x = 0; pl->lay && x < pl->nk; x++) {
        free(pl->lay[x].seen);
        free(pl->lay[x].empty);
    }
    free(pl->lay);
    free(pl->ks);
    free(pl->reach);
    memset(pl, 0, sizeof *pl);
}

void sw_rests_plan_init(sw_rests_plan *pl, const sw_matrix *mx) {
    const sw_season *s = mx->season;
    memset(pl, 0, sizeof *pl);
    if (!fits(mx))
        return;
    int maxp = 0, maxrt = 0;
    for (int i = 0; i < s->nmovements; i++) {
        const sw_movement *m = &s->movements[i];
        maxp = m->positions > maxp ? m->positions : maxp;
        maxrt = m->rounds * m->tables > maxrt ? m->rounds * m->tables : maxrt;
    }
    int *occ = malloc(sizeof *occ * ((size_t)maxp + 1));
    int32_t *rv = malloc(sizeof *rv * ((size_t)maxp + 1));
    char *full = malloc((size_t)maxrt + 1);
    pl->ks = malloc(sizeof *pl->ks * (size_t)s->nsessions + 1);
    pl->lay = calloc((size_t)s->nsessions + 1, sizeof *pl->lay);
    bool ok = occ && rv && full && pl->ks && pl->lay;
    /* the fixed part of the total: the matrix's less the free sessions' */
    int64_t fixed = 0;
    for (int i = 0; i < s->n; i++)
        fixed += mx->rests[i];
    pl->pins = false;
    pl->exact = true;
    for (int k = 0; ok && k < s->nsessions; k++) {
        if (s->sessions[k].played)
            continue;
        const sw_movement *m = &s->movements[s->sessions[k].movement];
        int P = m->positions, e = P - sw_season_present_count(s, k);
        session_rests(mx, full, k, mx->assign[k], rv);
        for (int p = 1; p <= P; p++)
            fixed -= mx->assign[k][p] ? rv[p] : 0;
        pl->pins = pl->pins || s->sessions[k].fixed;
        pl->ks[pl->nk] = k;
        /* sessions of the same movement and count share the layouts */
        int same = -1;
        for (int x = 0; x < pl->nk && same < 0; x++)
            if (s->sessions[pl->ks[x]].movement == s->sessions[k].movement && pl->lay[x].e == e)
                same = x;
        ok = same >= 0 ? copy_layouts(&pl->lay[pl->nk], &pl->lay[same])
                       : session_layouts(mx, k, e, &pl->lay[pl->nk], &pl->exact, occ, full, rv);
        pl->span += ok ? pl->lay[pl->nk].width : 0;
        pl->nk++;
    }
    /* reach[x][a]: a total a of the first x sessions can be had */
    size_t row = (size_t)pl->span + 1;
    if (ok && (double)row * (pl->nk + 1) < 64e6)
        pl->reach = calloc(row * ((size_t)pl->nk + 1), 1);
    ok = ok && pl->reach;
    if (ok) {
        pl->reach[0] = 1;
        int64_t top = 0;
        for (int x = 0; x < pl->nk; x++) {
            const char *a = pl->reach + row * (size_t)x;
            char *b = pl->reach + row * (size_t)(x + 1);
            for (int64_t v = 0; v <= top; v++)
                for (int t = 0; a[v] && t <= pl->lay[x].width; t++)
                    if (pl->lay[x].seen[t])
                        b[v + t] = 1;
            top += pl->lay[x].width;
        }
        const char *last = pl->reach + row * (size_t)pl->nk;
        bool have = false;
        __int128 lb = 0;
        for (int64_t v = 0; v <= top; v++)
            if (last[v] && (!have || flat(mx, fixed + v) < lb)) {
                lb = flat(mx, fixed + v);
                have = true;
            }
        pl->ok = have;
        pl->fixed = fixed;
        pl->bound = sw_i256_from_i128(have ? lb : 0);
    }
    free(occ);
    free(rv);
    free(full);
    if (!pl->ok)
        sw_rests_plan_free(pl);
}

/* Seat the sessions on layouts whose totals give the total target: the
 * totals drawn back from the last session (any that the earlier ones can
 * complete), a layout of each drawn, the present participants shuffled on
 * its taken positions. */
static bool seat_target(rwalk *w, const sw_rests_plan *pl, sw_rng *rng, int64_t target) {
    size_t row = (size_t)pl->span + 1;
    int64_t left = target;
    int *perm = malloc(sizeof *perm * (size_t)w->P1);
    if (!perm)
        return false;
    for (int x = pl->nk - 1; x >= 0; x--) {
        const sw_rests_layouts *L = &pl->lay[x];
        const char *before = pl->reach + row * (size_t)x;
        uint32_t c = 0;
        int pick = -1;
        for (int t = 0; t <= L->width && t <= left; t++)
            if (L->seen[t] && before[left - t] && sw_rng_bounded(rng, ++c) == 0)
                pick = t;
        if (pick < 0)
            break; /* cannot happen: the target is reachable */
        left -= pick;
        int k = pl->ks[x], P = positions(w, k);
        int kept = L->seen[pick] < RESTS_KEEP ? L->seen[pick] : RESTS_KEEP;
        const int *emp =
            L->empty + ((size_t)pick * RESTS_KEEP + (size_t)sw_rng_bounded(rng, (uint32_t)kept)) *
                           (size_t)L->e;
        int *as = w->mx->assign[k], np = 0;
        for (int p = 1; p <= P; p++)
            if (as[p])
                perm[np++] = as[p];
        sw_rng_shuffle(rng, perm, np);
        for (int p = 1; p <= P; p++)
            as[p] = 1;
        for (int y = 0; y < L->e; y++)
            as[emp[y]] = 0;
        for (int p = 1, z = 0; p <= P; p++)
            as[p] = as[p] ? perm[z++] : 0;
    }
    free(perm);
    load(w);
    return true;
}
