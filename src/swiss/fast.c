/* src/swiss/fast.c: the Fast Swiss pairing (the Lichess idea) for 10k-100k
 * players: top-down greedy passes, then a repair of the tail by the exact
 * matching.
 *
 * For each unpaired player from the top, passes look for an opponent among
 * the unpaired players below: (1) same score group, both get their preferred
 * colour; (2) same score group, a legal colour; (3) lower groups, a legal
 * colour. A pass gives up after 10 candidates rejected for colour alone. The
 * README's last two passes ignore colours; here the absolute colour rules stay
 * hard (a violation is never acceptable), so those passes are left out and the
 * repair takes their place. Players still unpaired: undo the last k pairings
 * and match those 2k players (plus the leftovers) exactly, doubling k until
 * everyone is paired or the whole field has been re-matched.
 * Memory stays linear: a linked list of unpaired players and the pair log.
 * SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "swiss/blossom.h"
#include "swiss/pair_internal.h"

#define FAST_COLOUR_REJECTS 10

static bool ideal_colours(const sw_swiss_ranked *rk, int i, int j) {
    const sw_swiss_pstate *a = &rk->st->p[rk->idx[i]], *b = &rk->st->p[rk->idx[j]];
    char ca = sw_swiss_choose_colour(a, b, 0, 0, 1, 'w', sw_swiss_pair_waived(rk, i, j));
    if (!ca)
        return false;
    char cb = ca == 'w' ? 'b' : 'w';
    return sw_swiss_eq_pref(a, ca) && sw_swiss_eq_pref(b, cb) && sw_swiss_alt_pref(a, ca) &&
           sw_swiss_alt_pref(b, cb);
}

/* Unpaired players as a doubly linked list over ranks (-1 ends). */
typedef struct list {
    int *next, *prev;
    int head;
} list;

static void unlink_rank(list *l, int r) {
    if (l->prev[r] >= 0)
        l->next[l->prev[r]] = l->next[r];
    else
        l->head = l->next[r];
    if (l->next[r] >= 0)
        l->prev[l->next[r]] = l->prev[r];
    l->next[r] = l->prev[r] = -1;
}

static int find_opponent(const sw_swiss_ranked *rk, const list *l, int i, int pass) {
    int si = rk->st->p[rk->idx[i]].score2, rejects = 0;
    const sw_swiss_pstate *a = &rk->st->p[rk->idx[i]];
    for (int j = l->next[i]; j >= 0; j = l->next[j]) {
        bool same = rk->st->p[rk->idx[j]].score2 == si;
        if (pass < 3 && !same)
            break;
        if (pass == 3 && same)
            continue;
        if (sw_swiss_met(a, rk->trf->players[rk->idx[j]].id))
            continue;
        bool ok = pass == 1 ? ideal_colours(rk, i, j) : sw_swiss_legal(rk, i, j);
        if (ok)
            return j;
        if (++rejects >= FAST_COLOUR_REJECTS)
            break;
    }
    return -1;
}

/* The repair when the exact weights of a set would be too wide (very many
 * score groups, e.g. 150 players after 140 rounds): a legal matching of the
 * most pairs, then the least sum of squared score differences; with an odd
 * set the bye to an eligible player, the lower ranked the better. Fast mode
 * promises legal pairings of everyone it can pair, not the Dutch order, so
 * this keeps the promise where the exact criteria cannot be weighed. */
static sw_status simple_match(const sw_swiss_ranked *rk, const int *who, int count,
                              const bool *bye_ok, int *sub, sw_error *err) {
    size_t cap = (size_t)count * (size_t)(count + 1) / 2 + 1;
    sw_blossom_edge *e = malloc(sizeof *e * cap);
    int *mate = malloc(sizeof(int) * (size_t)(count + 2));
    if (!e || !mate) {
        free(e);
        free(mate);
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory for the matching");
    }
    const sw_blossom_weight base = (sw_blossom_weight)1 << 80;
    size_t m = 0;
    for (int x = 0; x < count; x++)
        for (int y = x + 1; y < count; y++)
            if (sw_swiss_legal(rk, who[x], who[y])) {
                sw_blossom_weight d =
                    rk->st->p[rk->idx[who[x]]].score2 - rk->st->p[rk->idx[who[y]]].score2;
                e[m++] = (sw_blossom_edge){x, y, base - d * d};
            }
    int n = count;
    if (count % 2 == 1) { /* vertex count: the bye */
        n++;
        for (int x = 0; x < count; x++)
            if (bye_ok[who[x]])
                e[m++] = (sw_blossom_edge){x, count, base + who[x]};
    }
    sw_status rc = sw_blossom_match(n, e, m, SW_BLOSSOM_MAX_CARDINALITY, mate, err);
    if (!rc)
        for (int x = 0; x < count; x++)
            sub[x] = mate[x] == count ? -2 : mate[x];
    free(e);
    free(mate);
    return rc;
}

static int cmp_int(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

sw_status sw_swiss_fast_match(const sw_swiss_ranked *rk, const bool *bye_ok, int *mate,
                              sw_error *err) {
    int np = rk->np;
    list l;
    l.next = malloc(sizeof(int) * (size_t)(np + 1));
    l.prev = malloc(sizeof(int) * (size_t)(np + 1));
    int *log = malloc(sizeof(int) * (size_t)(np + 1)); /* first player of each pair, in order */
    int *who = malloc(sizeof(int) * (size_t)(np + 1));
    int *sub = malloc(sizeof(int) * (size_t)(np + 1));
    sw_status rc = SW_OK;
    if (!l.next || !l.prev || !log || !who || !sub) {
        rc = sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
        goto done;
    }
    for (int r = 0; r < np; r++) {
        mate[r] = -1;
        l.next[r] = r + 1 < np ? r + 1 : -1;
        l.prev[r] = r - 1;
    }
    l.head = np ? 0 : -1;
    if (np % 2 == 1) /* the bye to the lowest ranked eligible player */
        for (int r = np - 1; r >= 0; r--)
            if (bye_ok[r]) {
                mate[r] = -2;
                unlink_rank(&l, r);
                break;
            }
    int nlog = 0;
    for (int i = l.head; i >= 0;) {
        int j = -1;
        for (int pass = 1; pass <= 3 && j < 0; pass++)
            j = find_opponent(rk, &l, i, pass);
        int next = l.next[i];
        if (j >= 0) {
            if (next == j)
                next = l.next[j];
            mate[i] = j;
            mate[j] = i;
            log[nlog++] = i;
            unlink_rank(&l, i);
            unlink_rank(&l, j);
        }
        i = next;
    }
    /* Repair: re-match the leftovers with the players of the last k pairs. */
    int left = 0;
    for (int r = 0; r < np; r++)
        left += mate[r] == -1;
    for (int k = left; left > 0;) {
        if (k > nlog)
            k = nlog;
        int cnt = 0;
        for (int r = 0; r < np; r++)
            if (mate[r] == -1)
                who[cnt++] = r;
        for (int t = nlog - k; t < nlog; t++) {
            int a = log[t], b = mate[a];
            who[cnt++] = a;
            who[cnt++] = b;
            mate[a] = mate[b] = -1;
        }
        nlog -= k;
        /* Keep rank order: the exact matching's weights read ranks through who. */
        qsort(who, (size_t)cnt, sizeof(int), cmp_int);
        bool all = nlog == 0;
        rc = sw_swiss_exact_match(rk, who, cnt, bye_ok, sub, err);
        if (rc == SW_ERR_LIMIT)
            rc = simple_match(rk, who, cnt, bye_ok, sub, err);
        if (rc)
            goto done;
        left = 0;
        for (int x = 0; x < cnt; x++) {
            if (sub[x] >= 0) {
                mate[who[x]] = who[sub[x]];
                if (x < sub[x])
                    log[nlog++] = who[x];
            } else if (sub[x] == -2) {
                mate[who[x]] = -2;
            } else {
                left++;
            }
        }
        if (all)
            break;
        k *= 2;
    }
done:
    free(l.next);
    free(l.prev);
    free(log);
    free(who);
    free(sub);
    return rc;
}

bool sw_swiss_fast_first_round(const sw_swiss_ranked *rk, const bool *bye_ok, int *mate) {
    int np = rk->np, h = np / 2;
    if (np < 2 || (np % 2 && !bye_ok[np - 1]))
        return false;
    for (int r = 0; r < np; r++) {
        const sw_swiss_pstate *a = &rk->st->p[rk->idx[r]];
        if (a->nopp || a->score2 != rk->st->p[rk->idx[0]].score2)
            return false;
    }
    for (int r = 0; r < h; r++) {
        mate[r] = r + h;
        mate[r + h] = r;
    }
    if (np % 2)
        mate[np - 1] = -2;
    return true;
}
