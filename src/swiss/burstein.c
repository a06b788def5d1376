/* src/swiss/burstein.c: the Burstein system (FIDE C.04.4.2, the version
 * bbpPairings implements): players ordered within their score by
 * Sonneborn-Berger, Buchholz and median (unplayed games counted against a
 * virtual opponent), the bye to the lowest eligible, score groups merged
 * downwards until each can be paired with at most one floater, then each
 * group from its top player down: the lowest player it can meet while the
 * rest stays paired as well (the most games, the most pairs inside score
 * groups, the most colour preferences met). Every decision is one maximum
 * weight matching (blossom.h) over the players still unpaired; the
 * weights, the order of the decisions and the colours are in
 * docs/swiss.md ("The Burstein system").
 * SPDX-License-Identifier: MIT */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "swiss/pair_internal.h"

/* The players one round may pair: the weight matrix has a byte per pair. */
#define SW_BURSTEIN_MAX_PLAYERS 30000

/* Edge codes of the weight matrix: the pair may meet, it is inside one
 * (merged) score group, their colour preferences are compatible. */
enum { E_OK = 1, E_SAME = 2, E_COL = 4 };

typedef struct bz_player {
    int i;              /* index into trf->players */
    int score;          /* half points, acceleration included */
    int64_t sb, bt, mt; /* Sonneborn-Berger, Buchholz and median tie-breaks */
    int id;
    char pref;     /* colour preference: 'w', 'b' or 0 */
    bool absolute; /* the preference is absolute */
} bz_player;

typedef struct bz {
    const sw_swiss_trf *trf;
    const sw_swiss_state *st;
    bz_player *pl; /* by vertex (players to pair, in order), the bye after them */
    int nv;        /* vertices */
    uint8_t *code; /* nv * nv edge codes */
    int32_t *prio; /* nv * nv: the priority of the pair for its higher player
                    * (the whole-graph path only; NULL on the chain) */
    bool *fin;     /* vertex finalised (paired for good) */
    int *mate;     /* the last solve's matching (-1 unmatched) */
    sw_blossom_edge *e;
    size_t ecap;
    int64_t u_same, u_col; /* units of the solve's weight */
    /* The group structure's search (see chain_*): per vertex, may float
     * out of its group (below) or in from the group above; the local
     * graph's scratch. */
    bool *out_ok, *in_ok;
    struct bz_card *cm;
} bz;

/* The point system's values the tie-breaks need (half points). */
typedef struct bz_points {
    int win, draw, fl, pab;
} bz_points;

static bz_points points_of(const sw_swiss_trf *trf) {
    if (!trf->points_custom)
        return (bz_points){2, 1, 0, 2};
    return (bz_points){trf->pts2[SW_PTS_WW], trf->pts2[SW_PTS_WD], trf->pts2[SW_PTS_FL],
                       trf->pts2[SW_PTS_PAB]};
}

/* -1 a loss (or nothing), 0 a draw, 1 a win, as the result code counts. */
static int result_kind(char r) {
    if (r == '=' || r == 'D' || r == 'H')
        return 0;
    if (r == '1' || r == 'W' || r == '+' || r == 'F' || r == 'U')
        return 1;
    return -1;
}

static bool game_played(const sw_swiss_game *g) {
    return g->opp > 0 && sw_swiss_played(g->result);
}

/* The virtual opponent's own result in an unplayed round: a win against a
 * loss, a draw against a draw; against a win a forfeit loss, except that a
 * pairing-allocated bye worth less than a win counts as the draw or loss
 * nearest below it. */
static int virtual_result(const bz_points *pt, const sw_swiss_game *g) {
    int k = result_kind(g->result);
    if (k < 0)
        return pt->win;
    if (k == 0)
        return pt->draw;
    if (sw_swiss_is_bye(g) && pt->pab < pt->win)
        return pt->pab < pt->draw ? pt->win : pt->draw;
    return pt->fl;
}

/* Default acceleration (no XXA or 250 line): rounds 1 and 2 add a win to
 * the first half of the players by pairing number who take part in round
 * 1 (everyone present when round 1 is paired). acc by player index. */
static void default_acceleration(const sw_swiss_trf *trf, const bz_points *pt, int *acc) {
    int n = trf->nplayers;
    memset(acc, 0, sizeof(int) * (size_t)n);
    if (trf->accelerated || trf->nrounds >= 2)
        return;
    long bound = 0;
    bool *in = calloc((size_t)n + 1, sizeof *in);
    if (!in)
        return;
    for (int i = 0; i < n; i++) {
        const sw_swiss_player *p = &trf->players[i];
        if (trf->nrounds == 0)
            in[i] = !p->absent;
        else
            in[i] = p->games[0].opp != 0 || sw_swiss_is_bye(&p->games[0]);
        bound += in[i];
    }
    if (bound > 1)
        for (int id = 0; id <= trf->max_id; id++) {
            int i = trf->index_of_id[id];
            if (i < 0)
                continue;
            acc[i] = pt->win;
            if (in[i]) {
                bound -= 2;
                if (bound <= 1)
                    break;
            }
        }
    free(in);
}

/* Player i's acceleration in the round being paired. */
static int accel_of(const sw_swiss_trf *trf, const int *dacc, int i) {
    return trf->accelerated ? sw_swiss_accel2(&trf->players[i], trf->nrounds) : dacc[i];
}

/* Sonneborn-Berger, Buchholz and median of player i (adj: every player's
 * score with unplayed games as draws). */
static void tie_breaks(const sw_swiss_trf *trf, const bz_points *pt, const int *dacc,
                       const int64_t *adj, int i, bz_player *out) {
    const sw_swiss_player *p = &trf->players[i];
    int R = trf->nrounds;
    int64_t vp = (int64_t)(R - 1) * pt->draw + accel_of(trf, dacc, i);
    int64_t sb = 0, bt = 0, lo = INT64_MAX, hi = 0;
    for (int r = 0; r < R; r++) {
        const sw_swiss_game *g = &p->games[r];
        int pts = sw_swiss_game_points2(trf, g);
        int64_t a;
        if (game_played(g))
            a = adj[trf->index_of_id[g->opp]];
        else
            a = vp + virtual_result(pt, g);
        sb += a * pts;
        bt += a;
        lo = a < lo ? a : lo;
        hi = a > hi ? a : hi;
        vp += pts - pt->draw;
    }
    out->sb = sb;
    out->bt = bt;
    out->mt = R > 2 ? bt - lo - hi : 0;
}

/* bbpPairings' colour preference: the colour that evens an imbalance of
 * two or more, else the other of two same colours in a row, else the one
 * that evens the imbalance, else the other of the last colour. */
static char colour_pref(const sw_swiss_pstate *a, bool *absolute) {
    int cd = a->coldiff, imb = cd < 0 ? -cd : cd;
    char lower = cd > 0 ? 'b' : 'w';
    char other = a->last == 'w' ? 'b' : 'w';
    *absolute = imb > 1 || a->run > 1;
    if (imb > 1)
        return lower;
    if (a->run > 1)
        return other;
    if (imb > 0)
        return lower;
    return a->last ? other : 0;
}

/* Is a above b in a score group? Players of one score compare by
 * Sonneborn-Berger, Buchholz, median, pairing number; a floater against
 * the group by Sonneborn-Berger, then Buchholz and median times the
 * score, then pairing number. */
static bool above(const bz_player *a, const bz_player *b) {
    if (a->sb != b->sb)
        return a->sb > b->sb;
    int64_t ba = a->bt, bb = b->bt, ma = a->mt, mb = b->mt;
    if (a->score != b->score)
        ba *= a->score, bb *= b->score, ma *= a->score, mb *= b->score;
    if (ba != bb)
        return ba > bb;
    if (ma != mb)
        return ma > mb;
    return a->id < b->id;
}

static bool ranked_before(const bz_player *a, const bz_player *b) {
    return a->score != b->score ? a->score > b->score : above(a, b);
}

static void sort_players(bz_player *p, int n, bz_player *tmp) {
    if (n < 2)
        return;
    int h = n / 2;
    sort_players(p, h, tmp);
    sort_players(p + h, n - h, tmp);
    int i = 0, j = h, k = 0;
    while (i < h && j < n)
        tmp[k++] = ranked_before(&p[j], &p[i]) ? p[j++] : p[i++];
    while (i < h)
        tmp[k++] = p[i++];
    while (j < n)
        tmp[k++] = p[j++];
    memcpy(p, tmp, sizeof *p * (size_t)n);
}

/* The weight matrix. */
static void set_edge(bz *b, int u, int v, bool same, bool colour) {
    const bz_player *pu = &b->pl[u], *pv = &b->pl[v];
    uint8_t c = 0;
    bool met = sw_swiss_met(&b->st->p[pu->i], pv->id);
    if (!met && !(pu->absolute && pv->absolute && pu->pref == pv->pref)) {
        c = E_OK;
        if (same)
            c |= E_SAME;
        if (same && colour && (!pu->pref || !pv->pref || pu->pref != pv->pref))
            c |= E_COL;
    }
    size_t nv = (size_t)b->nv;
    b->code[(size_t)u * nv + (size_t)v] = b->code[(size_t)v * nv + (size_t)u] = c;
    if (b->prio)
        b->prio[(size_t)u * nv + (size_t)v] = b->prio[(size_t)v * nv + (size_t)u] = 0;
}

static void set_plain(bz *b, int u, int v) {
    size_t nv = (size_t)b->nv;
    b->code[(size_t)u * nv + (size_t)v] = b->code[(size_t)v * nv + (size_t)u] = E_OK;
    if (b->prio)
        b->prio[(size_t)u * nv + (size_t)v] = b->prio[(size_t)v * nv + (size_t)u] = 0;
}

/* Room for twice as many edges in b->e (false when out of memory). */
static bool edges_grow(bz *b) {
    size_t cap = b->ecap ? 2 * b->ecap : 1024;
    sw_blossom_edge *e = realloc(b->e, sizeof *e * cap);
    if (!e)
        return false;
    b->e = e, b->ecap = cap;
    return true;
}

/* The maximum weight matching of the current matrix into b->mate: the most
 * pairs, then the most inside score groups, then the most colour
 * preferences met, then the priorities. Finalised vertices stay out. */
static sw_status solve(bz *b, int lim, sw_error *err) {
    size_t m = 0, nv = (size_t)b->nv;
    for (int u = 0; u < lim; u++) {
        if (b->fin[u])
            continue;
        const uint8_t *row = b->code + (size_t)u * nv;
        for (int v = u + 1; v < lim; v++) {
            if (!(row[v] & E_OK) || b->fin[v])
                continue;
            if (m == b->ecap && !edges_grow(b))
                return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
            int64_t w = (row[v] & E_SAME ? b->u_same : 0) + (row[v] & E_COL ? b->u_col : 0) +
                        b->prio[(size_t)u * nv + (size_t)v];
            b->e[m++] = (sw_blossom_edge){u, v, (sw_blossom_weight)w};
        }
    }
    return sw_blossom_match(lim, b->e, m, SW_BLOSSOM_MAX_CARDINALITY, b->mate, err);
}

/* The score groups' boundaries, bbpPairings' way: a list of vertex
 * indices, each group's start, the start repeated where a group can float
 * nobody to the next. */
typedef struct bz_bounds {
    int *a;
    int n;
} bz_bounds;

#define BACK(k) (sg->a[sg->n - 1 - (k)])

/* ---- the group structure as a chain ----
 *
 * Edges join players of one group and, across a boundary with an odd
 * number of players above it, the two groups it separates. A perfect
 * matching then has an odd number of cross pairs at each such boundary and
 * none elsewhere; bbpPairings' test of a matching (every group paired but
 * one floater each way) holds exactly when the most pairs and the most
 * pairs inside groups leave one cross pair at each odd boundary. Whether
 * such a pairing exists is decided group by group, from the top: the
 * players of group k that can float down are those whose removal leaves
 * the group (with its floater from above, one of those the group above
 * can send that may meet it) perfectly paired. That is a question of
 * cardinality only, answered by Edmonds' search (bz_card) over one group. */

/* Edmonds' maximum cardinality matching on a small dense graph, with the
 * search that finds every vertex an even alternating path reaches from an
 * exposed one (when one vertex is exposed: the vertices some maximum
 * matching leaves out, Gallai-Edmonds' D). */
typedef struct bz_card {
    int n, cap;
    int words;      /* 64-bit words a row: (n + 63) / 64 */
    uint64_t *adj;  /* n rows of `words` words: bit v of row u, u and v joined */
    uint64_t *skip; /* a search's vertices labelled odd or left out, a row's width */
    int *match, *p, *base, *q;
    bool *used, *blossom, *mark;
    const bool *dead; /* vertices left out of the search (NULL: none) */
} bz_card;

static void card_free(bz_card *c) {
    if (!c)
        return;
    free(c->adj);
    free(c->skip);
    free(c->match);
    free(c->p);
    free(c->base);
    free(c->q);
    free(c->used);
    free(c->blossom);
    free(c->mark);
    free(c);
}

static bz_card *card_new(int cap) {
    bz_card *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    size_t k = (size_t)cap;
    c->cap = cap;
    size_t words = (k + 63) / 64;
    c->adj = malloc(sizeof(uint64_t) * k * words);
    c->skip = malloc(sizeof(uint64_t) * words);
    c->match = malloc(sizeof(int) * k);
    c->p = malloc(sizeof(int) * k);
    c->base = malloc(sizeof(int) * k);
    c->q = malloc(sizeof(int) * k);
    c->used = malloc(k);
    c->blossom = malloc(k);
    c->mark = malloc(k);
    if (!c->adj || !c->skip || !c->match || !c->p || !c->base || !c->q || !c->used || !c->blossom ||
        !c->mark) {
        card_free(c);
        return NULL;
    }
    return c;
}

static void card_size(bz_card *c, int n) {
    c->n = n;
    c->words = (n + 63) / 64;
    memset(c->adj, 0, sizeof(uint64_t) * (size_t)n * (size_t)c->words);
}

static void card_join(bz_card *c, int u, int v) {
    size_t w = (size_t)c->words;
    c->adj[(size_t)u * w + (size_t)(v >> 6)] |= 1ull << (v & 63);
    c->adj[(size_t)v * w + (size_t)(u >> 6)] |= 1ull << (u & 63);
}

static bool card_joined(const bz_card *c, int u, int v) {
    return c->adj[(size_t)u * (size_t)c->words + (size_t)(v >> 6)] >> (v & 63) & 1;
}

static int card_lca(bz_card *c, int a, int b) {
    memset(c->mark, 0, (size_t)c->n);
    for (;;) {
        a = c->base[a];
        c->mark[a] = true;
        if (c->match[a] < 0)
            break;
        a = c->p[c->match[a]];
    }
    for (;;) {
        b = c->base[b];
        if (c->mark[b])
            return b;
        b = c->p[c->match[b]];
    }
}

static void card_mark_path(bz_card *c, int v, int b, int child) {
    while (c->base[v] != b) {
        c->blossom[c->base[v]] = c->blossom[c->base[c->match[v]]] = true;
        c->p[v] = child;
        child = c->match[v];
        v = c->p[c->match[v]];
    }
}

/* The alternating search from root: the exposed vertex an augmenting path
 * ends at, or -1 (then used[] holds the even vertices). */
static int card_search(bz_card *c, int root) {
    int n = c->n, qh = 0, qt = 0, words = c->words;
    memset(c->used, 0, (size_t)n);
    for (int i = 0; i < n; i++)
        c->p[i] = -1, c->base[i] = i;
    for (int w = 0; w < words; w++) {
        uint64_t d = 0;
        if (c->dead)
            for (int k = 0; k < 64 && w * 64 + k < n; k++)
                d |= (uint64_t)c->dead[w * 64 + k] << k;
        c->skip[w] = d;
    }
    c->used[root] = true;
    c->q[qt++] = root;
    while (qh < qt) {
        int v = c->q[qh++];
        const uint64_t *row = c->adj + (size_t)v * (size_t)words;
        for (int w = 0; w < words; w++) {
            /* an edge to a vertex labelled odd changes nothing (once a
             * blossom takes it in, it is even and leaves skip) */
            uint64_t bits = row[w] & ~c->skip[w];
            while (bits) {
                int to = w * 64 + __builtin_ctzll(bits);
                bits &= bits - 1;
                if (c->base[v] == c->base[to] || c->match[v] == to)
                    continue;
                if (to == root || (c->match[to] >= 0 && c->p[c->match[to]] >= 0)) {
                    int cb = card_lca(c, v, to);
                    memset(c->blossom, 0, (size_t)n);
                    card_mark_path(c, v, cb, to);
                    card_mark_path(c, to, cb, v);
                    for (int i = 0; i < n; i++)
                        if (c->blossom[c->base[i]]) {
                            c->base[i] = cb;
                            if (!c->used[i]) { /* an odd vertex turned even */
                                c->used[i] = true;
                                c->skip[i >> 6] &= ~(1ull << (i & 63));
                                c->q[qt++] = i;
                            }
                        }
                } else if (c->p[to] < 0) {
                    c->p[to] = v;
                    if (c->match[to] < 0)
                        return to;
                    c->skip[to >> 6] |= 1ull << (to & 63);
                    c->used[c->match[to]] = true;
                    c->q[qt++] = c->match[to];
                }
            }
        }
    }
    return -1;
}

/* Flip the augmenting path card_search found, ending at e. */
static void card_augment(bz_card *c, int e) {
    while (e >= 0) {
        int pv = c->p[e], ppv = c->match[pv];
        c->match[e] = pv;
        c->match[pv] = e;
        e = ppv;
    }
}

/* A maximum matching of c's graph; returns the number of exposed vertices
 * and, when there are some, one of them in *exposed. */
static int card_match(bz_card *c, int *exposed) {
    int n = c->n;
    for (int i = 0; i < n; i++)
        c->match[i] = -1;
    for (int v = 0; v < n; v++) { /* greedy start */
        if (c->match[v] >= 0)
            continue;
        for (int to = v + 1; to < n; to++)
            if (card_joined(c, v, to) && c->match[to] < 0) {
                c->match[v] = to, c->match[to] = v;
                break;
            }
    }
    int free_n = 0;
    for (int v = 0; v < n; v++) {
        if (c->match[v] >= 0)
            continue;
        int e = card_search(c, v);
        if (e < 0) {
            free_n++;
            *exposed = v;
            continue;
        }
        card_augment(c, e);
    }
    return free_n;
}

/* The local graph of the players mem[0..k-1] (their edges inside a group:
 * the pairs that may meet), with a vertex y joined to those with yin set
 * (the floater from above) and a vertex z joined to those with zout set
 * (the one floating below); either may be NULL (no such vertex). Returns
 * the vertex count. */
static int card_build(bz *b, const int *mem, int k, const bool *yin, const bool *zout) {
    bz_card *c = b->cm;
    int n = k + (yin != NULL) + (zout != NULL);
    size_t nv = (size_t)b->nv;
    card_size(c, n);
    for (int x = 0; x < k; x++) {
        const uint8_t *row = b->code + (size_t)mem[x] * nv;
        for (int y = x + 1; y < k; y++)
            if (row[mem[y]] & E_OK)
                card_join(c, x, y);
    }
    int extra = k;
    const bool *sets[2] = {yin, zout};
    for (int s = 0; s < 2; s++) {
        if (!sets[s])
            continue;
        for (int x = 0; x < k; x++)
            if (sets[s][mem[x]])
                card_join(c, x, extra);
        extra++;
    }
    return n;
}

/* Of the local graph (odd size), which of mem's players some maximum
 * matching leaves exposed when it leaves exactly one: dset[mem[x]].
 * Returns whether any is. */
static bool card_dset(bz *b, const int *mem, int k, bool *dset) {
    bz_card *c = b->cm;
    int ex = -1;
    int nfree = card_match(c, &ex);
    bool any = false;
    for (int x = 0; x < k; x++)
        dset[mem[x]] = false;
    if (nfree != 1)
        return false;
    card_search(c, ex);
    for (int x = 0; x < k; x++)
        if (c->used[x])
            dset[mem[x]] = any = true;
    return any;
}

static bool card_perfect(bz *b) {
    int ex;
    return card_match(b->cm, &ex) == 0;
}

/* The groups of a boundary list: gs[k], ge[k]; returns their number. */
static int chain_groups(const bz_bounds *sg, int *gs, int *ge) {
    int ng = 0;
    for (int k = 1; k < sg->n; k++)
        if (sg->a[k] != sg->a[k - 1])
            gs[ng] = sg->a[k - 1], ge[ng] = sg->a[k], ng++;
    return ng;
}

/* Group k's candidates to receive the floater of group k-1 (those that
 * may meet one of out_ok's players there): in_ok. */
static void chain_in(bz *b, int s0, int e0, int s1, int e1) {
    size_t nv = (size_t)b->nv;
    for (int h = s1; h < e1; h++) {
        bool ok = false;
        for (int o = s0; o < e0 && !ok; o++)
            ok = b->out_ok[o] && (b->code[(size_t)o * nv + (size_t)h] & E_OK);
        b->in_ok[h] = ok;
    }
}

/* Can the groups of sg (the last ends the prefix; past an odd prefix the
 * next player stands in for anyone below) be paired with one floater per
 * odd boundary? From the top: each group's possible floaters down
 * (out_ok), from the floater it may receive. */
static bool chain_valid(bz *b, const bz_bounds *sg, int *gs, int *ge, int *mem) {
    int ng = chain_groups(sg, gs, ge);
    for (int k = 0; k < ng; k++) {
        int s = gs[k], e = ge[k], cnt = 0;
        for (int v = s; v < e; v++)
            mem[cnt++] = v;
        bool from_above = s & 1;
        if (from_above)
            chain_in(b, gs[k - 1], ge[k - 1], s, e);
        card_build(b, mem, cnt, from_above ? b->in_ok : NULL, NULL);
        if (e & 1) {
            if (!card_dset(b, mem, cnt, b->out_ok))
                return false;
        } else if (!card_perfect(b)) {
            return false;
        }
    }
    return true;
}

/* Every vertex of the groups above the current one is paired, and no group
 * has more players paired outside it (or left unpaired) than one floater
 * each way. */
static bool matching_valid(const bz *b, const bz_bounds *sg) {
    int it = 0, unmatched = 0, gbeg = 0;
    for (int v = 0; v < b->nv; v++) {
        if (v >= BACK(0))
            return true;
        if (v >= sg->a[it]) {
            unmatched = 0;
            gbeg = v;
            do
                it++;
            while (v >= sg->a[it]);
        }
        int m = b->mate[v] < 0 ? v : b->mate[v];
        if (m == v && v < BACK(1))
            return false;
        if (m == v || m < gbeg || m >= sg->a[it])
            if (++unmatched > (sg->a[it] & 1 ? 2 : 1))
                return false;
    }
    return true;
}

/* Phase 1: the score groups, merged downwards until each can be paired. */
static sw_status build_groups(bz *b, bz_bounds *sg, bool chain, int *scratch, bool *valid,
                              sw_error *err) {
    int *gs = scratch, *ge = scratch + b->nv + 2, *mem = scratch + 2 * (b->nv + 2);
    int nv = b->nv;
    sg->a[0] = sg->a[1] = 0;
    sg->n = 2;
    bool ok = true;
    sw_status rc;
    while (BACK(0) < nv) {
        sg->a[sg->n] = BACK(0);
        sg->n++;
        do {
            int gbeg = BACK(0);
            do {
                for (int v = BACK(2); v < BACK(0); v++)
                    set_edge(b, BACK(0), v, v >= BACK(1), false);
                BACK(0)++;
            } while (BACK(0) < nv && b->pl[gbeg].score == b->pl[BACK(0)].score);
            if (BACK(0) & 1)
                for (int v = BACK(1); v < BACK(0); v++)
                    set_plain(b, BACK(0), v);
            if (chain) {
                ok = chain_valid(b, sg, gs, ge, mem);
                continue;
            }
            int lim = BACK(0) + 1 < nv ? BACK(0) + 1 : nv;
            if ((rc = solve(b, lim, err)))
                return rc;
            for (int v = lim; v < nv; v++)
                b->mate[v] = -1;
            ok = matching_valid(b, sg);
        } while (BACK(0) < nv && !ok);
        if (BACK(0) < nv && !(BACK(0) & 1)) {
            sg->a[sg->n] = BACK(0);
            sg->n++;
        }
    }
    /* The last group cannot be paired: merge it with the one above. */
    while (sg->n > 3 && !ok) {
        sg->n--;
        int boundary = BACK(0);
        sg->n--;
        int gbeg = BACK(0);
        sg->n--;
        for (int u = BACK(0); u < boundary; u++)
            for (int v = boundary; v < nv; v++)
                set_edge(b, u, v, u >= gbeg, false);
        sg->a[sg->n++] = gbeg;
        sg->a[sg->n++] = nv;
        if (chain) {
            ok = chain_valid(b, sg, gs, ge, mem);
            continue;
        }
        if ((rc = solve(b, nv, err)))
            return rc;
        ok = matching_valid(b, sg);
    }
    *valid = ok;
    return SW_OK;
}

/* Group [beg, end) with the floater from above (-1: none) in grp, in the
 * group's order (stable insertion by the tie-breaks), every two of them
 * joined as players of one group. Returns the group's size. */
static int group_of(bz *b, int beg, int end, int floater, int *grp) {
    int g = 0;
    for (int v = beg; v < end; v++)
        grp[g++] = v;
    if (floater >= 0)
        grp[g++] = floater;
    for (int x = 1; x < g; x++) {
        int v = grp[x], y = x;
        while (y > 0 && above(&b->pl[v], &b->pl[grp[y - 1]])) {
            grp[y] = grp[y - 1];
            y--;
        }
        grp[y] = v;
    }
    for (int x = 0; x < g; x++)
        for (int y = g - 1; y > x; y--)
            set_edge(b, grp[x], grp[y], true, true);
    return g;
}

/* Phase 2: each group from its top player down takes the lowest opponent
 * that keeps the rest as well paired (the priorities rise down the
 * group); a player the matching sends below the group floats into the
 * next one. pairs[v] receives v's opponent (-1: none). */
static sw_status pair_groups(bz *b, const bz_bounds *sg, int *pairs, int *grp, sw_error *err) {
    int nv = b->nv, beg = sg->a[0], floater = -1;
    size_t snv = (size_t)nv;
    sw_status rc;
    for (int k = 1; k < sg->n; k++) {
        int end = sg->a[k];
        if (beg == end)
            continue;
        int g = group_of(b, beg, end, floater, grp);
        floater = -1;
        for (int x = 0; x < g; x++) {
            int v = grp[x];
            if (b->fin[v])
                continue;
            int32_t pr = 1;
            for (int y = x + 1; y < g; y++) {
                int u = grp[y];
                if (b->fin[u] || !(b->code[(size_t)v * snv + (size_t)u] & E_OK))
                    continue;
                b->prio[(size_t)v * snv + (size_t)u] = b->prio[(size_t)u * snv + (size_t)v] = pr++;
            }
            if ((rc = solve(b, nv, err)))
                return rc;
            int m = b->mate[v];
            if (m < 0) { /* no pairing of everyone: left out */
                b->fin[v] = true;
                continue;
            }
            if (m >= end) {
                floater = v;
                continue;
            }
            pairs[v] = m, pairs[m] = v;
            b->fin[v] = b->fin[m] = true;
        }
        beg = end;
    }
    return SW_OK;
}

/* ---- the decisions, group by group, on the chain ----
 *
 * Once the structure is valid, a pairing is optimal for bbpPairings'
 * weight exactly when it pairs each group (with the floater it received)
 * perfectly but for one floater down at an odd boundary, the floater one
 * of those the groups below can absorb, and meets the most colour
 * preferences inside the group being decided (the groups below carry no
 * colour term yet). So each group's decisions need only the group: a
 * vertex z joined to the players that may float down stands for
 * everything below. Which players may (out_ok) is found from the bottom:
 * a group's possible receivers of a floater (in_ok) are those whose
 * removal leaves it perfectly paired with one of its own possible
 * floaters sent down. */

typedef struct bz_local {
    const int *grp; /* the group's vertices, in order */
    int g;          /* how many; z is local vertex g when has_z */
    bool has_z;
    int s, e;             /* the group's own vertex range (z joins only those) */
    bool *fin;            /* local vertices decided */
    int *m, *tmp;         /* a current optimum; scratch */
    long w;               /* its weight: colour preferences met */
    int *idx, *dm;        /* the solve's dense numbers and its matching over them */
    int *didx;            /* the dense numbers of dual's solve */
    sw_blossom_dual dual; /* duals of the undecided vertices' optimum */
    bool fresh;           /* dual is for the undecided vertices as they are */
    bool flat;            /* and holds no blossom */
    bool tight;           /* b->cm->adj holds the pairs tight under it */
} bz_local;

/* Local pair x, y (z = g): -1 when they may not meet, else its weight. */
static int local_w(const bz *b, const bz_local *L, int x, int y) {
    if (x > y) {
        int t = x;
        x = y, y = t;
    }
    if (y == L->g) {
        int v = L->grp[x];
        return L->has_z && v >= L->s && v < L->e && b->out_ok[v] ? 0 : -1;
    }
    uint8_t c = b->code[(size_t)L->grp[x] * (size_t)b->nv + (size_t)L->grp[y]];
    return !(c & E_OK) ? -1 : (c & E_COL) ? 1 : 0;
}

/* The optimum of the undecided local vertices into out (-1 for decided
 * ones): false when they have no perfect matching. *w its weight. */
/* The optimum of the undecided local vertices into out (-1 for decided
 * ones; the solve numbers them densely, so its matching is perfect when
 * they can all be paired): *perfect false when they cannot. *w its
 * weight. With dual, also the duals (indexed by L->tmp2's dense numbers,
 * whose map is L->idx). */
static sw_status local_solve(bz *b, bz_local *L, int *out, bool *perfect, long *w,
                             sw_blossom_dual *dual, sw_error *err) {
    int n = L->g + L->has_z, k = 0;
    size_t m = 0;
    for (int x = 0; x < n; x++)
        L->idx[x] = L->fin[x] ? -1 : k++;
    for (int x = 0; x < n; x++) {
        if (L->fin[x])
            continue;
        for (int y = x + 1; y < n; y++) {
            int wt;
            if (L->fin[y] || (wt = local_w(b, L, x, y)) < 0)
                continue;
            if (m == b->ecap && !edges_grow(b))
                return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
            b->e[m++] = (sw_blossom_edge){L->idx[x], L->idx[y], wt};
        }
    }
    sw_status rc = sw_blossom_match_dual(k, b->e, m, SW_BLOSSOM_MAX_CARDINALITY, L->dm, dual, err);
    if (rc)
        return rc;
    *perfect = true;
    *w = 0;
    for (int x = 0; x < n; x++) {
        out[x] = -1;
        if (L->fin[x])
            continue;
        int d = L->dm[L->idx[x]];
        if (d < 0) {
            *perfect = false;
            continue;
        }
        for (int y = 0; y < n; y++) /* dense -> local: d is small, scan */
            if (L->idx[y] == d) {
                out[x] = y;
                break;
            }
        if (out[x] > x)
            *w += local_w(b, L, x, out[x]);
    }
    return SW_OK;
}

/* Does the dual hold no blossom? */
static bool dual_flat(const sw_blossom_dual *d) {
    for (int v = 0; v < d->n; v++)
        if (d->top[v] != v)
            return false;
    return true;
}

/* The group's optimum solved again as it stands, with its duals (the
 * decisions so far fixed): L fresh. */
static sw_status local_refresh(bz *b, bz_local *L, sw_error *err) {
    bool perfect;
    sw_blossom_dual_free(&L->dual);
    sw_status rc = local_solve(b, L, L->m, &perfect, &L->w, &L->dual, err);
    if (rc)
        return rc;
    memcpy(L->didx, L->idx, sizeof(int) * (size_t)(L->g + L->has_z));
    L->fresh = true;
    L->flat = dual_flat(&L->dual);
    L->tight = false;
    return SW_OK;
}

/* With duals that hold no blossom, every perfect matching of the tight
 * pairs is an optimum: then some optimum pairs x with y (a tight pair)
 * exactly when the current one, less x, y and their partners, has an
 * augmenting path of tight pairs between the two partners (Edmonds'
 * search). On yes the current optimum becomes that one. */
/* b->cm->adj: the undecided pairs tight under L's duals (once per duals). */
static void local_tight_build(bz *b, bz_local *L) {
    bz_card *c = b->cm;
    int n = L->g + L->has_z;
    if (L->tight)
        return;
    card_size(c, n);
    for (int u = 0; u < n; u++) {
        if (L->fin[u])
            continue;
        for (int v = u + 1; v < n; v++) {
            int w = L->fin[v] ? -1 : local_w(b, L, u, v);
            if (w >= 0 && sw_blossom_reduced_cost(&L->dual, L->didx[u], L->didx[v], w) == 0)
                card_join(c, u, v);
        }
    }
    L->tight = true;
}

static void local_tight_path(bz *b, bz_local *L, int x, int y, bool *yes) {
    bz_card *c = b->cm;
    int n = L->g + L->has_z;
    local_tight_build(b, L);
    int m0 = L->m[x], my = L->m[y];
    L->fin[x] = L->fin[y] = true;
    for (int u = 0; u < n; u++)
        c->match[u] = L->fin[u] || u == m0 || u == my ? -1 : L->m[u];
    c->dead = L->fin;
    int e = card_search(c, m0);
    c->dead = NULL;
    L->fin[x] = L->fin[y] = false;
    *yes = e >= 0;
    if (!*yes)
        return;
    card_augment(c, e);
    for (int u = 0; u < n; u++)
        if (!L->fin[u] && u != x && u != y)
            L->m[u] = c->match[u];
    L->m[x] = y, L->m[y] = x;
}

/* Does some optimum pair local x with y? Yes when the current one does,
 * or exchanging partners with y's keeps the weight; else the rest is
 * solved without them. On yes the current optimum becomes one that does. */
static sw_status local_accepts(bz *b, bz_local *L, int x, int y, bool *yes, sw_error *err) {
    int m0 = L->m[x], my = L->m[y];
    *yes = true;
    if (m0 == y)
        return SW_OK;
    int wxy = local_w(b, L, x, y), w0 = local_w(b, L, x, m0), wy = local_w(b, L, y, my);
    int wm = local_w(b, L, m0, my);
    if (wm >= 0 && wxy + wm == w0 + wy) {
        L->m[x] = y, L->m[y] = x, L->m[m0] = my, L->m[my] = m0;
        return SW_OK;
    }
    bool perfect;
    long w;
    sw_status rc;
    if (!L->fresh) { /* duals of the optimum as it stands: a pair they price
                      * above 0 is in no optimum */
        if ((rc = local_refresh(b, L, err)))
            return rc;
        if (L->m[x] == y)
            return SW_OK;
    }
    if (sw_blossom_reduced_cost(&L->dual, L->didx[x], L->didx[y], wxy) > 0) {
        *yes = false;
        return SW_OK;
    }
    if (L->flat) {
        local_tight_path(b, L, x, y, yes);
        return SW_OK;
    }
    L->fin[x] = L->fin[y] = true;
    rc = local_solve(b, L, L->tmp, &perfect, &w, NULL, err);
    L->fin[x] = L->fin[y] = false;
    if (rc)
        return rc;
    *yes = perfect && w + wxy == L->w;
    if (*yes) {
        int n = L->g + L->has_z;
        for (int k = 0; k < n; k++)
            if (!L->fin[k] && k != x && k != y)
                L->m[k] = L->tmp[k];
        L->m[x] = y, L->m[y] = x;
    }
    return SW_OK;
}

/* Exchanging partners: x with y, their partners together, at the same
 * weight (then the current optimum becomes that one). */
static bool local_swap(const bz *b, bz_local *L, int x, int y) {
    int m0 = L->m[x], my = L->m[y];
    int wm = local_w(b, L, m0, my);
    if (wm < 0 || local_w(b, L, x, y) + wm != local_w(b, L, x, m0) + local_w(b, L, y, my))
        return false;
    L->m[x] = y, L->m[y] = x, L->m[m0] = my, L->m[my] = m0;
    return true;
}

/* x's decision: the lowest y below it that some optimum pairs it with
 * (*took, -1 when none: x floats). The lowest candidate is tried first as
 * the current optimum has it or by an exchange; else, with duals that hold
 * no blossom, one Edmonds search from x's partner among the tight pairs,
 * x left out, finds every y that can replace it (the vertices an even
 * alternating path reaches: those whose removal leaves a perfect matching
 * of tight pairs); with blossoms, candidate by candidate. */
static sw_status local_decide(bz *b, bz_local *L, int x, int *took, sw_error *err) {
    int first = -1;
    *took = -1;
    for (int y = L->g - 1; y > x && first < 0; y--)
        if (!L->fin[y] && local_w(b, L, x, y) >= 0)
            first = y;
    if (first < 0)
        return SW_OK;
    if (L->m[x] == first || local_swap(b, L, x, first)) {
        *took = first;
        return SW_OK;
    }
    sw_status rc;
    if (!L->fresh && (rc = local_refresh(b, L, err)))
        return rc;
    if (L->flat) {
        bz_card *c = b->cm;
        int n = L->g + L->has_z, m0 = L->m[x];
        local_tight_build(b, L);
        L->fin[x] = true;
        for (int u = 0; u < n; u++)
            c->match[u] = L->fin[u] || u == m0 ? -1 : L->m[u];
        c->dead = L->fin;
        card_search(c, m0);
        c->dead = NULL;
        L->fin[x] = false;
        for (int y = first; y > x && *took < 0; y--)
            if (!L->fin[y] && local_w(b, L, x, y) >= 0 &&
                (y == m0 || (card_joined(c, x, y) && c->used[y])))
                *took = y;
        if (*took >= 0 && *took != m0) {
            bool yes;
            local_tight_path(b, L, x, *took, &yes);
        }
        return SW_OK;
    }
    for (int y = first; y > x && *took < 0; y--) {
        if (L->fin[y] || local_w(b, L, x, y) < 0)
            continue;
        bool yes;
        if ((rc = local_accepts(b, L, x, y, &yes, err)))
            return rc;
        if (yes)
            *took = y;
    }
    return SW_OK;
}

/* From the bottom: out_ok (may float down into a player of the group
 * below that can take a floater) and in_ok (may take the floater from
 * above with the rest of the group, and its own floater, paired). */
static void chain_floats(bz *b, const int *gs, const int *ge, int ng, int *mem) {
    size_t nv = (size_t)b->nv;
    for (int k = ng - 1; k >= 0; k--) {
        int s = gs[k], e = ge[k], cnt = 0;
        if (e & 1)
            for (int o = s; o < e; o++) {
                bool ok = false;
                for (int h = e; h < ge[k + 1] && !ok; h++)
                    ok = b->in_ok[h] && (b->code[(size_t)o * nv + (size_t)h] & E_OK);
                b->out_ok[o] = ok;
            }
        if (s & 1) {
            for (int v = s; v < e; v++)
                mem[cnt++] = v;
            card_build(b, mem, cnt, NULL, e & 1 ? b->out_ok : NULL);
            card_dset(b, mem, cnt, b->in_ok);
        }
    }
}

/* Phase 2 on a valid chain: pairs[v] as pair_groups gives it. *ok false
 * when a decision found no optimum to follow (the caller then solves the
 * whole graph). */
static sw_status pair_chain(bz *b, const bz_bounds *sg, int *pairs, int *grp, int *scratch,
                            bool *ok, sw_error *err) {
    int nv = b->nv;
    int *gs = scratch, *ge = scratch + nv + 2, *mem = scratch + 2 * (nv + 2);
    int *lm = scratch + 3 * (nv + 2), *lt = scratch + 4 * (nv + 2);
    int *li = scratch + 5 * (nv + 2), *ld = scratch + 6 * (nv + 2);
    int *lx = scratch + 7 * (nv + 2);
    bool *lf = b->fin; /* free until the end: the local decided flags */
    int ng = chain_groups(sg, gs, ge);
    chain_floats(b, gs, ge, ng, mem);
    int floater = -1;
    *ok = true;
    for (int k = 0; k < ng; k++) {
        int g = group_of(b, gs[k], ge[k], floater, grp);
        floater = -1;
        bz_local L = {
            grp,   g,    (ge[k] & 1) != 0, gs[k], ge[k], lf, lm, lt, 0, li, ld, lx, {0}, true,
            false, false};
        memset(lf, 0, (size_t)g + 1);
        bool perfect;
        sw_status rc = local_solve(b, &L, lm, &perfect, &L.w, &L.dual, err);
        if (rc)
            return rc;
        memcpy(lx, li, sizeof(int) * (size_t)(g + L.has_z));
        L.flat = dual_flat(&L.dual);
        if (!perfect) {
            sw_blossom_dual_free(&L.dual);
            *ok = false;
            return SW_OK;
        }
        for (int x = 0; x < g; x++) {
            if (lf[x])
                continue;
            int took;
            if ((rc = local_decide(b, &L, x, &took, err))) {
                sw_blossom_dual_free(&L.dual);
                return rc;
            }
            if (took < 0 && lm[x] != g) { /* no optimum to follow */
                sw_blossom_dual_free(&L.dual);
                *ok = false;
                return SW_OK;
            }
            int y = took < 0 ? g : took;
            L.w -= local_w(b, &L, x, y);
            lf[x] = lf[y] = true;
            /* the duals stay a certificate for the rest when no blossom
             * holds either of the two */
            if (L.fresh && (L.dual.top[lx[x]] != lx[x] || L.dual.top[lx[y]] != lx[y]))
                L.fresh = false;
            if (took < 0)
                floater = grp[x];
            else
                pairs[grp[x]] = grp[y], pairs[grp[y]] = grp[x];
        }
        sw_blossom_dual_free(&L.dual);
    }
    memset(lf, 0, (size_t)nv + 1);
    return SW_OK;
}

/* The colour of v against u (v above u in its group), as bbpPairings
 * gives it: the Dutch allocation between the two, the preference of the
 * player above when they are equal, and the initial colour by pairing
 * numbers when neither has a preference. effn: the colour rule's numbers. */
static char colour_of(const bz *b, int v, int u, const int *effn) {
    const bz_player *pv = &b->pl[v], *pu = &b->pl[u];
    const sw_swiss_pstate *sv = &b->st->p[pv->i], *su = &b->st->p[pu->i];
    bool v_hi = above(pv, pu);
    const bz_player *hi = v_hi ? pv : pu, *lo = v_hi ? pu : pv;
    /* the number the last rule reads: the player first by pairing number
     * gets the initial colour when his number is odd */
    int nh = effn[hi->i], nl = effn[lo->i];
    int a_id = hi->id < lo->id ? nh : nl + 1;
    char c = sw_swiss_choose_colour(v_hi ? sv : su, v_hi ? su : sv, a_id, lo->id, 1,
                                    b->trf->initial_colour ? b->trf->initial_colour : 'w', false);
    if (!c)
        c = 'w';
    return v_hi ? c : (c == 'w' ? 'b' : 'w');
}

/* The players to pair, ranked (score, then the group order), with their
 * tie-breaks and colour preferences; with an odd number the bye's
 * recipient (the lowest who may have it, else the lowest) moved last.
 * *np players in pl (n + 1 room). */
static sw_status rank_players(const sw_swiss_trf *trf, const sw_swiss_state *st, bz_player *pl,
                              int *np, sw_error *err) {
    int n = trf->nplayers;
    bz_points pt = points_of(trf);
    int *dacc = malloc(sizeof(int) * (size_t)(n + 1));
    int64_t *adj = malloc(sizeof(int64_t) * (size_t)(n + 1));
    bz_player *tmp = malloc(sizeof *tmp * (size_t)(n + 1));
    if (!dacc || !adj || !tmp) {
        free(dacc);
        free(adj);
        free(tmp);
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    }
    default_acceleration(trf, &pt, dacc);
    for (int i = 0; i < n; i++) {
        const sw_swiss_player *p = &trf->players[i];
        int64_t a = accel_of(trf, dacc, i);
        for (int r = 0; r < trf->nrounds; r++)
            a += game_played(&p->games[r]) ? sw_swiss_game_points2(trf, &p->games[r]) : pt.draw;
        adj[i] = a;
    }
    int k = 0;
    for (int i = 0; i < n; i++) {
        const sw_swiss_player *p = &trf->players[i];
        if (p->absent)
            continue;
        bz_player *q = &pl[k++];
        q->i = i;
        q->id = p->id;
        q->score = st->p[i].score2 - sw_swiss_accel2(p, trf->nrounds) + accel_of(trf, dacc, i);
        tie_breaks(trf, &pt, dacc, adj, i, q);
        q->pref = colour_pref(&st->p[i], &q->absolute);
    }
    sort_players(pl, k, tmp);
    if (k % 2 == 1) { /* the bye: the lowest never given one nor a forfeit win */
        int bye = k - 1;
        while (bye > 0 && (st->p[pl[bye].i].had_bye || st->p[pl[bye].i].had_fwin))
            bye--;
        if (st->p[pl[bye].i].had_bye || st->p[pl[bye].i].had_fwin)
            bye = k - 1; /* nobody may have it: the lowest is left out */
        bz_player t = pl[bye];
        memmove(pl + bye, pl + bye + 1, sizeof *pl * (size_t)(k - 1 - bye));
        pl[k - 1] = t;
    }
    *np = k;
    free(dacc);
    free(adj);
    free(tmp);
    return SW_OK;
}

static void bz_free(bz *b) {
    free(b->code);
    free(b->prio);
    free(b->fin);
    free(b->mate);
    free(b->e);
    free(b->out_ok);
    free(b->in_ok);
    card_free(b->cm);
}

/* b's matrices for nv vertices (the priorities only for the whole graph). */
static sw_status bz_alloc(bz *b, int nv, bool chain, sw_error *err) {
    if (nv > SW_BURSTEIN_MAX_PLAYERS)
        return sw_error_set(err, SW_ERR_LIMIT, NULL, 0,
                            "%d players to pair: the Burstein pairing takes at most %d a round", nv,
                            SW_BURSTEIN_MAX_PLAYERS);
    size_t nn = (size_t)nv * (size_t)nv;
    b->nv = nv;
    b->u_col = 2 * (int64_t)nv + 2;
    b->u_same = ((int64_t)nv + 2) * b->u_col;
    b->code = calloc(nn ? nn : 1, 1);
    b->prio = chain ? NULL : calloc(nn ? nn : 1, sizeof *b->prio);
    b->fin = calloc((size_t)nv + 1, sizeof *b->fin);
    b->mate = malloc(sizeof(int) * ((size_t)nv + 1));
    b->out_ok = calloc((size_t)nv + 2, sizeof *b->out_ok);
    b->in_ok = calloc((size_t)nv + 2, sizeof *b->in_ok);
    b->cm = card_new(nv + 2);
    if (!b->code || (!chain && !b->prio) || !b->fin || !b->mate || !b->out_ok || !b->in_ok ||
        !b->cm)
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    return SW_OK;
}

/* Every decision: pairs[v], v's opponent (-1 none). On the chain when it
 * is valid and its decisions find their optima; else (or with chain
 * false) bbpPairings' way, a matching of the whole graph per decision,
 * from a fresh matrix. */
static sw_status decide(bz *b, bool chain, int *pairs, sw_error *err) {
    int nv = b->nv;
    size_t nn = (size_t)nv * (size_t)nv;
    bz_bounds sg = {malloc(sizeof(int) * (size_t)(2 * nv + 8)), 0};
    int *grp = malloc(sizeof(int) * ((size_t)nv + 2));
    int *scratch = malloc(sizeof(int) * 8 * ((size_t)nv + 2));
    sw_status rc = SW_OK;
    if (!sg.a || !grp || !scratch)
        rc = sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    for (int v = 0; v < nv; v++)
        pairs[v] = -1;
    bool valid = true, done = false;
    if (!rc && nv > 0) {
        rc = build_groups(b, &sg, chain, scratch, &valid, err);
        if (!rc && chain && valid)
            rc = pair_chain(b, &sg, pairs, grp, scratch, &done, err);
        if (!rc && !done && !b->prio && !(b->prio = calloc(nn, sizeof *b->prio)))
            rc = sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
        if (!rc && !done && chain) {
            memset(b->code, 0, nn);
            memset(b->fin, 0, (size_t)nv + 1);
            for (int v = 0; v < nv; v++)
                pairs[v] = -1;
            rc = build_groups(b, &sg, false, scratch, &valid, err);
        }
        if (!rc && !done)
            rc = pair_groups(b, &sg, pairs, grp, err);
    }
    free(sg.a);
    free(grp);
    free(scratch);
    return rc;
}

/* The boards: the ranked view sw_swiss_build_pairing reads (the vertices,
 * then the bye), each pair's colours as colour_of gives them. */
static sw_status emit(const bz *b, int np, const int *pairs, const sw_swiss_options *opt,
                      sw_swiss_pairing *out, sw_error *err) {
    const sw_swiss_trf *trf = b->trf;
    const sw_swiss_state *st = b->st;
    int n = trf->nplayers, nv = b->nv;
    int *idx = malloc(sizeof(int) * (size_t)(n + 1)), *mate = malloc(sizeof(int) * (size_t)(n + 1));
    int *effn = malloc(sizeof(int) * (size_t)(n + 1));
    bool *bye_ok = malloc(sizeof(bool) * (size_t)(n + 1));
    char *col = malloc((size_t)n + 1);
    sw_status rc = SW_OK;
    if (!idx || !mate || !effn || !bye_ok || !col) {
        rc = sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
        goto done;
    }
    /* the colour rule's numbers, as the Dutch pairing counts them */
    for (int id = 0, next = 1; id <= trf->max_id; id++) {
        int i = trf->index_of_id[id];
        if (i >= 0)
            effn[i] = !trf->players[i].absent || sw_swiss_took_part(&trf->players[i], trf->nrounds)
                          ? next++
                          : 0;
    }
    for (int r = 0; r < np; r++) {
        idx[r] = b->pl[r].i;
        bye_ok[r] = !st->p[b->pl[r].i].had_bye && !st->p[b->pl[r].i].had_fwin;
        mate[r] = r < nv ? pairs[r] : -1;
    }
    if (np % 2 == 1)
        mate[np - 1] = bye_ok[np - 1] ? -2 : -1;
    for (int v = 0; v < nv; v++)
        if (pairs[v] > v) {
            char c = colour_of(b, v, pairs[v], effn);
            col[v] = c;
            col[pairs[v]] = c == 'w' ? 'b' : 'w';
        }
    sw_swiss_ranked rk = {np, idx, st, trf, false, 0, &out->stats, -1, NULL, NULL};
    sw_swiss_options o = opt ? *opt : (sw_swiss_options){0};
    o.explain = false;
    rc = sw_swiss_build_pairing(&rk, bye_ok, mate, col, &o, out, err);
    if (!rc)
        sw_swiss_measure(trf, trf->nrounds + 1, out->boards, out->nboards, false, &out->quality);
    if (!rc && out->why.failed)
        rc = sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
done:
    free(idx);
    free(mate);
    free(effn);
    free(bye_ok);
    free(col);
    return rc;
}

sw_status sw_swiss_pair_burstein(const sw_swiss_trf *trf, const sw_swiss_options *opt,
                                 sw_swiss_pairing *out, sw_error *err) {
    memset(out, 0, sizeof *out);
    sw_strbuf_init(&out->why);
    sw_strbuf_init(&out->explain);
    out->round = trf->nrounds + 1;
    sw_swiss_state st;
    sw_status rc = sw_swiss_state_build(trf, out->round, &st, err);
    if (rc)
        return rc;
    bz b = {0};
    b.trf = trf;
    b.st = &st;
    bz_player *pl = malloc(sizeof *pl * (size_t)(trf->nplayers + 1));
    int *pairs = malloc(sizeof(int) * (size_t)(trf->nplayers + 1));
    int np = 0;
    bool chain = !(opt && opt->sparse_window < 0);
    if (!pl || !pairs)
        rc = sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    if (!rc)
        rc = rank_players(trf, &st, pl, &np, err);
    b.pl = pl;
    if (!rc)
        rc = bz_alloc(&b, np - np % 2, chain, err);
    if (!rc)
        rc = decide(&b, chain, pairs, err);
    if (!rc)
        rc = emit(&b, np, pairs, opt, out, err);
    bz_free(&b);
    free(pl);
    free(pairs);
    sw_swiss_state_free(&st);
    if (rc)
        sw_swiss_pairing_free(out);
    return rc;
}
