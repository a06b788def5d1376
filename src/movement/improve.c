/* src/movement/improve.c: balans' quality factor Qf of a movement and its
 * improvement by arrow switching.
 *
 * Qf is defined on balans' integer score matrix B (data/movements/README.md):
 * a board group played at h+1 tables gives the two pairs of each of those
 * tables +h, two pairs in the same direction at two of them +1, in opposite
 * directions -1. Qf = 100 * minsq / sum(B^2) over the unordered pairs, where
 * minsq is the flattest integer spread of the total S.
 *
 * Arrow switching reverses a table (its NS pair sits EW and the other way
 * round): who meets whom is unchanged, and so is S (two tables of one group
 * always give two +1 and two -1 between them), so raising Qf means lowering
 * sum(B^2). Reversing table i negates its contribution c = +-1 to the four
 * entries it shares with every other table j of its group; those entries are
 * all different (a position plays a group once), so the change of sum(B^2)
 * is 4 * sum (1 - c B) over them. Reversing every table of a group changes
 * nothing, so the first table of each group stays as it is.
 * SPDX-License-Identifier: MIT */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "movement/movement.h"
#include "util/rng.h"

typedef struct qf_state {
    int P, n;      /* positions; seated tables with boards */
    int *tab;      /* [n]: index into m->table */
    int *ns, *ew;  /* [n]: current NS and EW position */
    int *peer;     /* peers of table i: peer[pstart[i] .. pstart[i+1]) */
    int *pstart;   /* [n+1] */
    int64_t *B;    /* [(P+1)^2], symmetric */
    int64_t total; /* S over unordered pairs */
    int64_t sumsq; /* sum of B^2 over unordered pairs */
    int64_t minsq;
} qf_state;

static void qf_free(qf_state *q) {
    free(q->tab);
    free(q->ns);
    free(q->ew);
    free(q->peer);
    free(q->pstart);
    free(q->B);
    memset(q, 0, sizeof *q);
}

static int64_t *cell(qf_state *q, int a, int b) {
    return &q->B[(size_t)a * (size_t)(q->P + 1) + (size_t)b];
}

static void add(qf_state *q, int a, int b, int64_t v) {
    *cell(q, a, b) += v;
    *cell(q, b, a) += v;
}

/* Build B for m (two seats). Returns -1 when out of memory. */
static int qf_build(qf_state *q, const sw_movement *m) {
    memset(q, 0, sizeof *q);
    int P = m->positions, G = m->groups;
    size_t ntab = (size_t)m->rounds * (size_t)m->tables;
    q->P = P;
    int *count = calloc((size_t)G + 2, sizeof *count);
    int *gfirst = calloc((size_t)G + 2, sizeof *gfirst);
    q->B = calloc((size_t)(P + 1) * (size_t)(P + 1), sizeof *q->B);
    q->tab = malloc((ntab + 1) * sizeof *q->tab);
    q->ns = malloc((ntab + 1) * sizeof *q->ns);
    q->ew = malloc((ntab + 1) * sizeof *q->ew);
    q->pstart = malloc((ntab + 2) * sizeof *q->pstart);
    if (!count || !gfirst || !q->B || !q->tab || !q->ns || !q->ew || !q->pstart) {
        free(count);
        free(gfirst);
        qf_free(q);
        return -1;
    }
    for (size_t x = 0; x < ntab; x++) {
        const sw_table *tb = &m->table[x];
        if (tb->seat[0] <= 0)
            continue;
        if (tb->group > 0 && tb->group <= G) {
            count[tb->group]++;
            q->tab[q->n] = (int)x;
            q->ns[q->n] = tb->seat[0];
            q->ew[q->n] = tb->seat[1];
            q->n++;
        }
    }
    /* the tables of each group in order: gfirst[g] .. gfirst[g+1] in order[] */
    for (int g = 1; g <= G + 1; g++)
        gfirst[g] = gfirst[g - 1] + (g - 1 >= 1 ? count[g - 1] : 0);
    int *order = malloc(((size_t)q->n + 1) * sizeof *order);
    int *fill = calloc((size_t)G + 2, sizeof *fill);
    size_t npeer = 0;
    for (int g = 1; g <= G; g++)
        npeer += (size_t)count[g] * (size_t)(count[g] > 0 ? count[g] - 1 : 0);
    q->peer = malloc((npeer + 1) * sizeof *q->peer);
    if (!order || !fill || !q->peer) {
        free(order);
        free(fill);
        free(count);
        free(gfirst);
        qf_free(q);
        return -1;
    }
    for (int i = 0; i < q->n; i++) {
        int g = m->table[q->tab[i]].group;
        order[gfirst[g] + fill[g]++] = i;
    }
    size_t k = 0;
    for (int i = 0; i < q->n; i++) {
        int g = m->table[q->tab[i]].group;
        q->pstart[i] = (int)k;
        for (int x = gfirst[g]; x < gfirst[g] + count[g]; x++)
            if (order[x] != i)
                q->peer[k++] = order[x];
        add(q, q->ns[i], q->ew[i], count[g] - 1);
    }
    q->pstart[q->n] = (int)k;
    for (int i = 0; i < q->n; i++)
        for (int x = q->pstart[i]; x < q->pstart[i + 1]; x++) {
            int j = q->peer[x];
            if (j < i)
                continue;
            add(q, q->ns[i], q->ns[j], 1);
            add(q, q->ew[i], q->ew[j], 1);
            add(q, q->ns[i], q->ew[j], -1);
            add(q, q->ew[i], q->ns[j], -1);
        }
    free(order);
    free(fill);
    free(count);
    free(gfirst);
    for (int a = 1; a <= P; a++)
        for (int b = a + 1; b <= P; b++) {
            int64_t v = *cell(q, a, b);
            q->total += v;
            q->sumsq += v * v;
        }
    int64_t D = (int64_t)P * (P - 1) / 2, qq = q->total / D, rem = q->total % D;
    if (rem < 0) { /* floor division for a negative total */
        qq -= 1;
        rem += D;
    }
    q->minsq = rem * (qq + 1) * (qq + 1) + (D - rem) * qq * qq;
    return 0;
}

static double qf_value(const qf_state *q) {
    if (q->sumsq == 0)
        return 100.0;
    return (double)(100.0L * (long double)q->minsq / (long double)q->sumsq);
}

/* The change of sum(B^2) that reversing table i would make. */
static int64_t flip_delta(qf_state *q, int i) {
    int64_t d = 0;
    int a = q->ns[i], b = q->ew[i];
    for (int x = q->pstart[i]; x < q->pstart[i + 1]; x++) {
        int j = q->peer[x];
        int c = q->ns[j], e = q->ew[j];
        d += 4 - 4 * *cell(q, a, c) + 4 - 4 * *cell(q, b, e);
        d += 4 + 4 * *cell(q, a, e) + 4 + 4 * *cell(q, b, c);
    }
    return d;
}

static void flip(qf_state *q, int i, int64_t delta) {
    int a = q->ns[i], b = q->ew[i];
    for (int x = q->pstart[i]; x < q->pstart[i + 1]; x++) {
        int j = q->peer[x];
        int c = q->ns[j], e = q->ew[j];
        add(q, a, c, -2);
        add(q, b, e, -2);
        add(q, a, e, 2);
        add(q, b, c, 2);
    }
    q->ns[i] = b;
    q->ew[i] = a;
    q->sumsq += delta;
}

double sw_movement_qf(const sw_movement *m) {
    if (m->positions < 2 || m->seats != 2)
        return 100.0;
    qf_state q;
    if (qf_build(&q, m))
        return -1.0;
    double v = qf_value(&q);
    qf_free(&q);
    return v;
}

/* Bring q's tables to the orientation of the positions in ns (1 = reverse). */
static void set_orientation(qf_state *q, const int *want_ns) {
    for (int i = 0; i < q->n; i++)
        if (q->ns[i] != want_ns[i])
            flip(q, i, flip_delta(q, i));
}

sw_status sw_movement_improve(const sw_movement *in, const sw_improve_options *opt,
                              sw_movement *out, sw_improve_stats *stats, sw_error *err) {
    memset(stats, 0, sizeof *stats);
    if (in->seats != 2)
        return sw_error_set(err, SW_ERR_INVALID, NULL, 0,
                            "arrow switching needs a two-seat (bridge) movement, this one has "
                            "%d seats a table",
                            in->seats);
    if (in->positions < 2)
        return sw_error_set(err, SW_ERR_INVALID, NULL, 0,
                            "a movement of %d positions has nothing to balance", in->positions);
    qf_state q;
    if (qf_build(&q, in))
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    stats->qf_before = qf_value(&q);
    int *fr = malloc(((size_t)q.n + 1) * sizeof *fr);
    int *best_ns = malloc(((size_t)q.n + 1) * sizeof *best_ns);
    if (!fr || !best_ns) {
        free(fr);
        free(best_ns);
        qf_free(&q);
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    }
    /* free tables: all but the first of each group (and tables without peers) */
    int nf = 0;
    for (int i = 0; i < q.n; i++) {
        best_ns[i] = q.ns[i];
        if (q.pstart[i + 1] == q.pstart[i])
            continue;
        int first = 1;
        for (int x = q.pstart[i]; x < q.pstart[i + 1]; x++)
            first &= q.peer[x] > i;
        if (!first)
            fr[nf++] = i;
    }
    int64_t best = q.sumsq;
    long long budget = opt && opt->budget > 0 ? opt->budget : SW_IMPROVE_DEFAULT_BUDGET;
    if (nf <= SW_IMPROVE_EXHAUSTIVE_MAX) {
        /* Gray-code walk over every choice of the free tables: each step
         * reverses one table */
        uint64_t steps = (uint64_t)1 << nf;
        stats->exhaustive = true;
        for (uint64_t s = 1; s < steps && best > q.minsq; s++) {
            int bit = 0;
            while (!((s >> bit) & 1))
                bit++;
            flip(&q, fr[bit], flip_delta(&q, fr[bit]));
            if (q.sumsq < best) {
                best = q.sumsq;
                memcpy(best_ns, q.ns, (size_t)q.n * sizeof *best_ns);
            }
        }
    } else if (nf > 0) {
        /* threshold accepting from the best so far, in rounds: a move is
         * taken when it worsens sum(B^2) by at most the threshold, which
         * falls linearly to 0 over a round; deterministic (fixed seed). */
        sw_rng rng;
        sw_rng_seed(&rng, opt ? opt->seed : 0, 0x5eed);
        long long work = 0, per_round = (long long)nf * 200;
        int64_t thr0 = 8 * (int64_t)(q.pstart[q.n] / (q.n ? q.n : 1) + 1);
        while (work < budget && best > q.minsq) {
            set_orientation(&q, best_ns);
            for (long long it = 0; it < per_round && work < budget && best > q.minsq; it++) {
                int i = fr[sw_rng_bounded(&rng, (uint32_t)nf)];
                int64_t d = flip_delta(&q, i);
                work += q.pstart[i + 1] - q.pstart[i] + 1;
                int64_t thr = thr0 - thr0 * it / per_round;
                if (d <= thr) {
                    flip(&q, i, d);
                    if (q.sumsq < best) {
                        best = q.sumsq;
                        memcpy(best_ns, q.ns, (size_t)q.n * sizeof *best_ns);
                    }
                }
            }
        }
    }
    stats->optimal = stats->exhaustive || best == q.minsq;
    set_orientation(&q, best_ns);
    sw_status st = sw_movement_copy(out, in, err);
    if (!st) {
        for (int i = 0; i < q.n; i++) {
            sw_table *tb = &out->table[q.tab[i]];
            if (tb->seat[0] != q.ns[i]) {
                tb->seat[0] = q.ns[i];
                tb->seat[1] = q.ew[i];
                stats->switched++;
            }
        }
        stats->qf_after = qf_value(&q);
        /* the reference value is balans' Qf of this movement, to two decimals */
        out->has_ref_qf = true;
        out->ref_qf = (double)(long long)(stats->qf_after * 100.0 + 0.5) / 100.0;
    }
    free(fr);
    free(best_ns);
    qf_free(&q);
    return st;
}
