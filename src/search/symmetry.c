/* src/search/symmetry.c: moves along the So plateau by symmetries of a
 * session's movement.
 *
 * A permutation of a session's positions that keeps every position pair's
 * meetings (and every position's rests and occupancy) keeps M and r: moving
 * each participant of the session from p to pi(p) leaves So, Sr and Sp as
 * they were and changes only the comparisons, so only Sc. Such moves cross
 * the plateau that the last phases search, where a single exchange almost
 * always costs So (a movement's own symmetries: table rotations, the two
 * lines of a team movement, reversed directions).
 * SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "search/engine.h"

/* Symmetries kept a session, and the work spent finding them (meeting
 * checks, a few ms): the groups that matter are small, the cap keeps large
 * ones (40 positions) cheap. */
#define SYM_KEEP 512
#define SYM_WORK 2000000

typedef struct finder {
    int P;
    const int32_t *wm, *wr; /* the session's position tables */
    const int64_t *wc;
    const int *as;   /* occupancy */
    char *compat;    /* [P1*P1]: p may map to q (same invariants) */
    int *order;      /* positions in search order */
    int *img, *used; /* img[p], used[q] */
    int *out;        /* kept permutations, P1 ints each */
    int count;
    long nodes;
} finder;

static int cmp_i32(const void *a, const void *b) {
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

/* Whether pi (img) changes any comparison: otherwise it changes nothing. */
static bool moves_comparisons(const finder *f) {
    int P1 = f->P + 1;
    for (int p = 1; p <= f->P; p++)
        for (int q = p + 1; q <= f->P; q++)
            if (f->wc[p * P1 + q] != f->wc[f->img[p] * P1 + f->img[q]])
                return true;
    return false;
}

static void dfs(finder *f, int depth) {
    if (f->count >= SYM_KEEP || f->nodes > SYM_WORK)
        return;
    int P1 = f->P + 1;
    if (depth == f->P) {
        if (moves_comparisons(f)) {
            memcpy(&f->out[(size_t)f->count * P1], f->img, sizeof(int) * (size_t)P1);
            f->count++;
        }
        return;
    }
    int p = f->order[depth];
    for (int q = 1; q <= f->P; q++) {
        if (f->used[q] || !f->compat[p * P1 + q])
            continue;
        bool ok = true;
        f->nodes += depth + 1;
        for (int d = 0; d < depth && ok; d++) {
            int r = f->order[d];
            ok = f->wm[p * P1 + r] == f->wm[q * P1 + f->img[r]];
        }
        if (!ok)
            continue;
        f->img[p] = q;
        f->used[q] = 1;
        dfs(f, depth + 1);
        f->used[q] = 0;
        if (f->count >= SYM_KEEP || f->nodes > SYM_WORK)
            return;
    }
}

/* The symmetries of session k in its current occupancy (tables ready). */
static int session_find(finder *f, sw_matrix *mx, int k) {
    int P = f->P, P1 = P + 1;
    f->wm = mx->wm[k];
    f->wc = mx->wc[k];
    f->wr = mx->wr[k];
    f->as = mx->assign[k];
    /* Invariants: occupancy, rests and the sorted row of meetings. */
    int32_t *rows = malloc(sizeof *rows * (size_t)P1 * (size_t)P1);
    if (!rows)
        return 0;
    for (int p = 1; p <= P; p++) {
        for (int r = 1; r <= P; r++)
            rows[p * P1 + r - 1] = f->wm[p * P1 + r];
        qsort(&rows[p * P1], (size_t)P, sizeof *rows, cmp_i32);
    }
    for (int p = 1; p <= P; p++)
        for (int q = 1; q <= P; q++)
            f->compat[p * P1 + q] = (f->as[p] != 0) == (f->as[q] != 0) && f->wr[p] == f->wr[q] &&
                                    !memcmp(&rows[p * P1], &rows[q * P1], sizeof *rows * (size_t)P);
    free(rows);
    if (!sw_tied_order(P, f->wm, NULL, f->order))
        return 0;
    memset(f->used, 0, sizeof(int) * (size_t)P1);
    f->img[0] = 0;
    f->count = 0;
    f->nodes = 0;
    dfs(f, 0);
    return f->count;
}

void sw_symmetry_free(sw_symmetry *S) {
    if (S->perm)
        for (int k = 0; k < S->nsessions; k++)
            free(S->perm[k]);
    free(S->perm);
    free(S->count);
    memset(S, 0, sizeof *S);
}

bool sw_symmetry_find(sw_symmetry *S, sw_matrix *mx) {
    const sw_season *s = mx->season;
    memset(S, 0, sizeof *S);
    S->nsessions = s->nsessions;
    int maxp = 0;
    for (int i = 0; i < s->nmovements; i++)
        if (s->movements[i].positions > maxp)
            maxp = s->movements[i].positions;
    size_t P1 = (size_t)maxp + 1;
    S->count = calloc((size_t)s->nsessions, sizeof *S->count);
    S->perm = calloc((size_t)s->nsessions, sizeof *S->perm);
    finder f = {0};
    f.compat = malloc(P1 * P1);
    f.order = malloc(sizeof(int) * P1);
    f.img = malloc(sizeof(int) * P1);
    f.used = malloc(sizeof(int) * P1);
    f.out = malloc(sizeof(int) * P1 * SYM_KEEP);
    char *searched = calloc((size_t)s->nsessions, 1);
    bool ok = searched && S->count && S->perm && f.compat && f.order && f.img && f.used && f.out;
    for (int k = 0; k < s->nsessions && ok; k++) {
        int P = s->movements[s->sessions[k].movement].positions;
        /* A full session keeps its occupancy under every exchange, so its
         * symmetries stay valid; sit-outs to choose would change them. A
         * symmetry moves everyone: not in a session with pins. */
        if (s->sessions[k].played || s->sessions[k].fixed || P < 2 ||
            sw_season_present_count(s, k) < P || !sw_matrix_tables_ready(mx, k))
            continue;
        /* A full session's tables depend on its movement only: search once. */
        int same = -1;
        for (int j = 0; j < k && same < 0; j++)
            if (searched[j] && s->sessions[j].movement == s->sessions[k].movement)
                same = j;
        searched[k] = 1;
        if (same >= 0 && S->count[same] == 0)
            continue;
        if (same >= 0) {
            size_t bytes = sizeof(int) * (size_t)(P + 1) * (size_t)S->count[same];
            S->perm[k] = malloc(bytes);
            ok = S->perm[k] != NULL;
            if (ok) {
                memcpy(S->perm[k], S->perm[same], bytes);
                S->count[k] = S->count[same];
            }
            continue;
        }
        f.P = P;
        int c = session_find(&f, mx, k);
        if (c == 0)
            continue;
        S->perm[k] = malloc(sizeof(int) * (size_t)(P + 1) * (size_t)c);
        ok = S->perm[k] != NULL;
        if (ok) {
            memcpy(S->perm[k], f.out, sizeof(int) * (size_t)(P + 1) * (size_t)c);
            S->count[k] = c;
        }
    }
    free(searched);
    free(f.compat);
    free(f.order);
    free(f.img);
    free(f.used);
    free(f.out);
    if (!ok)
        sw_symmetry_free(S);
    return ok;
}

/* Move the occupant of each position p of session k to pi[p], by
 * exchanges along pi's cycles (undo: the same exchanges in reverse). */
static void apply_perm(sw_matrix *mx, char *seen, int k, int P, const int *pi, bool undo) {
    memset(seen, 0, (size_t)P + 1);
    if (!undo) {
        for (int p = 1; p <= P; p++) {
            if (seen[p])
                continue;
            seen[p] = 1;
            for (int q = pi[p]; q != p; q = pi[q]) {
                seen[q] = 1;
                sw_matrix_exchange(mx, k, p, q);
            }
        }
        return;
    }
    /* Undo: the inverse permutation, cycle by cycle. */
    for (int p = 1; p <= P; p++) {
        if (seen[p])
            continue;
        seen[p] = 1;
        int len = 0;
        for (int q = pi[p]; q != p; q = pi[q])
            seen[q] = 1, len++;
        /* the exchanges (p, pi^j(p)) for j = len .. 1 */
        for (int j = len; j >= 1; j--) {
            int q = p;
            for (int x = 0; x < j; x++)
                q = pi[q];
            sw_matrix_exchange(mx, k, p, q);
        }
    }
}

long long sw_symmetry_descend(sw_matrix *mx, const sw_symmetry *S, const sw_limits *lim,
                              long long *evaluated) {
    const sw_season *s = mx->season;
    long long moves = 0, evals = 0;
    int maxp = 0;
    for (int k = 0; k < s->nsessions; k++)
        if (S->count[k] && s->movements[s->sessions[k].movement].positions > maxp)
            maxp = s->movements[s->sessions[k].movement].positions;
    char *seen = maxp ? malloc((size_t)maxp + 1) : NULL;
    if (!seen)
        return 0;
    sw_i256 cur = sw_criteria_sc(mx);
    for (;;) {
        int bk = -1, bx = -1;
        sw_i256 best = cur;
        for (int k = 0; k < s->nsessions && !sw_over(lim); k++) {
            int P = s->movements[s->sessions[k].movement].positions;
            for (int x = 0; x < S->count[k] && !sw_over(lim); x++) {
                const int *pi = &S->perm[k][(size_t)x * (size_t)(P + 1)];
                apply_perm(mx, seen, k, P, pi, false);
                sw_i256 sc = sw_criteria_sc(mx);
                apply_perm(mx, seen, k, P, pi, true);
                evals++;
                if (sw_i256_cmp(sc, best) < 0) {
                    best = sc;
                    bk = k;
                    bx = x;
                }
            }
        }
        if (bk < 0)
            break;
        int P = s->movements[s->sessions[bk].movement].positions;
        apply_perm(mx, seen, bk, P, &S->perm[bk][(size_t)bx * (size_t)(P + 1)], false);
        cur = best;
        moves++;
    }
    free(seen);
    if (evaluated)
        *evaluated += evals;
    return moves;
}
