/* src/search/construct.c: the constructions' pair-orbit table and their
 * keep-or-restore step (construct.h).
 * SPDX-License-Identifier: MIT */
#include "search/construct.h"

#include <stdlib.h>
#include <string.h>

int sw_pair_orbits(int n, int m, int (*act)(const void *ctx, int j, int x), const void *ctx,
                   int *orb, int *size, int *rep) {
    for (int x = 0; x < n * n; x++)
        orb[x] = -1;
    int norb = 0;
    for (int x = 0; x < n; x++)
        for (int y = x + 1; y < n; y++) {
            if (orb[x * n + y] >= 0)
                continue;
            int b = norb++, z = 0;
            if (rep)
                rep[2 * b] = x, rep[2 * b + 1] = y;
            for (int j = 0; j < m; j++) {
                int a = act(ctx, j, x), c = act(ctx, j, y);
                if (orb[a * n + c] != b)
                    z++;
                orb[a * n + c] = orb[c * n + a] = b;
            }
            size[b] = z;
        }
    return norb;
}

static void copy_out(int *to, const sw_matrix *mx, int ns, int P1) {
    for (int k = 0; k < ns; k++)
        memcpy(to + (size_t)k * (size_t)P1, mx->assign[k], sizeof(int) * (size_t)P1);
}

static void copy_in(sw_matrix *mx, const int *from, int ns, int P1) {
    for (int k = 0; k < ns; k++)
        memcpy(mx->assign[k], from + (size_t)k * (size_t)P1, sizeof(int) * (size_t)P1);
}

bool sw_keep_init(sw_keep *kp, const sw_matrix *mx, int ns, int P1) {
    *kp = (sw_keep){.ns = ns, .P1 = P1};
    size_t cells = (size_t)kp->ns * (size_t)P1;
    kp->input = malloc(sizeof(int) * cells * 2);
    if (!kp->input)
        return false;
    kp->best = kp->input + cells;
    copy_out(kp->input, mx, kp->ns, P1);
    sw_criteria_compute(mx, &kp->bc);
    return true;
}

bool sw_keep_offer(sw_keep *kp, const sw_matrix *mx) {
    kp->built = true;
    sw_criteria c;
    sw_criteria_compute(mx, &c);
    if (sw_criteria_compare_final(&c, &kp->bc) >= 0)
        return false;
    kp->bc = c;
    kp->improved = true;
    copy_out(kp->best, mx, kp->ns, kp->P1);
    return true;
}

bool sw_keep_finish(sw_keep *kp, sw_matrix *mx) {
    if (kp->built) {
        copy_in(mx, kp->improved ? kp->best : kp->input, kp->ns, kp->P1);
        sw_matrix_rebuild(mx);
    }
    return kp->improved;
}

void sw_keep_free(sw_keep *kp) {
    free(kp->input);
    kp->input = kp->best = NULL;
}

void sw_relabel_init(sw_relabel *g, int n, int d) {
    g->n = n, g->d = d;
    for (int i = 0; i < n;) {
        int l = d;
        while (l > 1 && (d % l || i + l > n))
            l--;
        for (int j = 0; j < l; j++)
            g->first[i + j] = i, g->len[i + j] = l;
        i += l;
    }
}

static int relabel_act(const void *g, int j, int x) {
    return sw_relabel_apply(g, j, x);
}

int sw_relabel_pair_orbits(const sw_relabel *g, int *orb, int *size) {
    return sw_pair_orbits(g->n, g->d, relabel_act, g, orb, size, NULL);
}
