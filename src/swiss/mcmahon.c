/* src/swiss/mcmahon.c: a round of a Go tournament paired as OpenGotha
 * V3.51.02 pairs it (docs/go.md): the scores of every player round by round
 * (McMahon and number of wins, doubled), the placement criteria, the pairing
 * order, the bye, score groups with inner placements and draw-up/-down
 * counts, the cost of every pair (costValue's nine terms in its integer and
 * double arithmetic), a maximum-weight perfect matching (blossom.h), colours
 * and handicaps (gameBetween) and table numbers (Java's sort with OpenGotha's
 * game comparator). Doubles are evaluated as written, left to right: the
 * module is built with -ffp-contract=off so that no multiply-add is fused.
 * SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "swiss/blossom.h"
#include "swiss/go.h"
#include "swiss/go_internal.h"
#include "swiss/xml.h"

enum { PART_ABSENT, PART_FREE, PART_PAIRED, PART_BYE };

typedef struct u16s {
    uint16_t *u;
    int n;
} u16s;

struct sw_go_round {
    const sw_go_tournament *t;
    const sw_go_params *par;
    int r, np, nr;
    /* [p * nr + k]: round k of player p */
    int *opp, *hd;
    signed char *colour;              /* 1 white, -1 black */
    unsigned char *part, *pts2, *won; /* won: 2 win, 1 jigo, 0 else */
    unsigned char *played;            /* a game with a result, not by default */
    int64_t *mms, *nbw, *cps;         /* doubled scores after round k (cps: cup score) */
    int64_t *vmms, *vnbw;             /* virtual scores: a game not played counts a half point */
    int *smms, *cat, *nbyes;
    u16s *name, *first;
    /* the players to pair, in pairing order, and the bye */
    int *order, norder, bye;
    /* score groups */
    int score_max, score_min, nscores, ngroups;
    int *group, *gsize, *inner, *ndu, *ndd, *wb;
    unsigned char *outside; /* main score outside every group: group 0, size 0 */
    bool mcmahon;
    sw_go_crit main_crit;
    /* direct confrontation (DC, SDC) at the round of the last fill_dir */
    int64_t *dc, *sdc;
    /* country and club classes: equal when sw_go_same_ci (geography cost) */
    int *country, *club;
};

/* ---- UTF-16 names ------------------------------------------------------- */

static u16s to_u16(const char *s) {
    u16s r = {malloc((strlen(s) + 1) * 2 * sizeof(uint16_t)), 0};
    if (!r.u)
        return r;
    while (*s) {
        uint32_t c = sw_go_utf8_next(&s);
        if (c >= 0x10000) {
            r.u[r.n++] = (uint16_t)(0xD800 + ((c - 0x10000) >> 10));
            r.u[r.n++] = (uint16_t)(0xDC00 + ((c - 0x10000) & 0x3FF));
        } else
            r.u[r.n++] = (uint16_t)c;
    }
    return r;
}

/* Java String.compareTo. */
static int u16_cmp(const u16s *a, const u16s *b) {
    int n = a->n < b->n ? a->n : b->n;
    for (int i = 0; i < n; i++)
        if (a->u[i] != b->u[i])
            return (int)a->u[i] - (int)b->u[i];
    return a->n - b->n;
}

/* Pairing.detRandom: a number in [0, max] from the two names, mirrored when
 * the names come in the other order. */
static int64_t det_random(const sw_go_round *rd, int64_t max, int p1, int p2) {
    const u16s *a[2] = {&rd->name[p1], &rd->first[p1]}, *b[2] = {&rd->name[p2], &rd->first[p2]};
    /* compare name+first of p1 with that of p2, unit by unit */
    int c = 0;
    for (int i = 0, ia = 0, ib = 0, pa = 0, pb = 0;; i++) {
        while (pa < 2 && ia >= a[pa]->n)
            pa++, ia = 0;
        while (pb < 2 && ib >= b[pb]->n)
            pb++, ib = 0;
        if (pa == 2 || pb == 2) {
            c = (pa == 2) - (pb == 2);
            c = -c;
            break;
        }
        if (a[pa]->u[ia] != b[pb]->u[ib]) {
            c = (int)a[pa]->u[ia] - (int)b[pb]->u[ib];
            break;
        }
        ia++, ib++;
    }
    bool inverse = c > 0;
    const u16s *const *s1 = inverse ? b : a, *const *s2 = inverse ? a : b;
    int64_t n = 0, idx = 0;
    for (int part = 0; part < 4; part++) {
        const u16s *s = part < 2 ? s1[part] : s2[part - 2];
        for (int i = 0; i < s->n; i++)
            n += (int64_t)s->u[i] * ++idx;
    }
    n = (n * 1234567) % (max + 1);
    return inverse ? max - n : n;
}

/* ---- scores ------------------------------------------------------------- */

static int result_points(sw_go_result res, bool white) {
    switch (res) {
    case SW_GO_RES_WHITE:
        return white ? 2 : 0;
    case SW_GO_RES_BLACK:
        return white ? 0 : 2;
    case SW_GO_RES_EQUAL:
        return 1;
    case SW_GO_RES_BOTHWIN:
        return 2;
    default:
        return 0;
    }
}

static void record_games(sw_go_round *rd, const sw_go_game *g, int n) {
    for (int i = 0; i < n; i++) {
        if (g[i].round >= rd->nr)
            continue;
        for (int side = 0; side < 2; side++) {
            int p = side ? g[i].black : g[i].white, o = side ? g[i].white : g[i].black;
            size_t ix = (size_t)p * (size_t)rd->nr + (size_t)g[i].round;
            rd->opp[ix] = o;
            rd->hd[ix] = g[i].handicap;
            rd->colour[ix] = side ? -1 : 1;
            rd->part[ix] = PART_PAIRED;
            rd->pts2[ix] = (unsigned char)result_points(g[i].result, !side);
            rd->won[ix] = rd->pts2[ix];
            rd->played[ix] = g[i].result != SW_GO_RES_UNKNOWN && !g[i].bydef;
        }
    }
}

static void fill_scores(sw_go_round *rd) {
    const sw_go_params *par = rd->par;
    for (int p = 0; p < rd->np; p++) {
        const sw_go_player *pl = &rd->t->players[p];
        /* McMahon zero 30k: OpenGotha's setter ignores the file's genMMZero */
        int s = pl->rank - SW_GO_MIN_RANK, lo = par->floor - SW_GO_MIN_RANK,
            hi = par->bar - SW_GO_MIN_RANK;
        rd->smms[p] = (s < lo ? lo : s > hi ? hi : s) + pl->smms_corr;
        int c = 0;
        while (c < par->ncat - 1 && pl->rank < par->cat_lower[c])
            c++;
        rd->cat[p] = c;
        int64_t mms = 2 * rd->smms[p], nbw = 0, cup = 0, am = 0, an = 0, virt = 0;
        for (int k = 0; k < rd->nr; k++) {
            size_t ix = (size_t)p * (size_t)rd->nr + (size_t)k;
            virt += rd->played[ix] ? rd->pts2[ix] : 1;
            rd->vmms[ix] = 2 * rd->smms[p] + virt;
            rd->vnbw[ix] = virt;
            mms += rd->pts2[ix];
            nbw += rd->pts2[ix];
            cup = 2 * cup + rd->pts2[ix]; /* each round doubles the cup score so far */
            if (rd->part[ix] == PART_ABSENT) {
                am += par->mms2_absent;
                an += par->nbw2_absent;
            } else if (rd->part[ix] == PART_BYE) {
                am += par->mms2_bye;
                an += par->nbw2_bye;
            }
            rd->mms[ix] = mms + (par->round_down ? am / 2 * 2 : am);
            rd->nbw[ix] = nbw + (par->round_down ? an / 2 * 2 : an);
            rd->cps[ix] = cup + (par->round_down ? an / 2 * 2 : an);
        }
    }
}

static int64_t score_at(const sw_go_round *rd, const int64_t *v, int p, int k, int64_t before) {
    return k < 0 ? before : v[(size_t)p * (size_t)rd->nr + (size_t)k];
}

static int64_t mms_at(const sw_go_round *rd, int p, int k) {
    return score_at(rd, rd->mms, p, k, 2 * rd->smms[p]);
}

static int64_t nbw_at(const sw_go_round *rd, int p, int k) {
    return score_at(rd, rd->nbw, p, k, 0);
}

/* The opponents' scores at k summed over rounds 0..k (sos), without the
 * `drop` smallest; mcmahon: MMS with the handicap correction and the own
 * initial score for a round without a game, else NBW and 0. */
static int64_t sos(const sw_go_round *rd, int p, int k, bool mcmahon, int drop, int64_t *sodos) {
    int64_t sum = 0, min1 = INT64_MAX, min2 = INT64_MAX, sd = 0;
    for (int rr = 0; rr <= k; rr++) {
        size_t ix = (size_t)p * (size_t)rd->nr + (size_t)rr;
        int64_t v;
        if (rd->part[ix] == PART_PAIRED) {
            int o = rd->opp[ix];
            bool virt = rd->par->half_point;
            v = mcmahon ? score_at(rd, virt ? rd->vmms : rd->mms, o, k, 2 * rd->smms[o]) +
                              2 * rd->hd[ix] * rd->colour[ix]
                        : score_at(rd, virt ? rd->vnbw : rd->nbw, o, k, 0);
            sd += v * rd->won[ix];
        } else
            v = mcmahon ? 2 * rd->smms[p] : 0;
        sum += v;
        if (v < min1) {
            min2 = min1;
            min1 = v;
        } else if (v < min2)
            min2 = v;
    }
    if (sodos)
        *sodos = sd;
    if (drop >= 1 && min1 != INT64_MAX)
        sum -= min1;
    if (drop >= 2 && min2 != INT64_MAX)
        sum -= min2;
    return sum;
}

static int64_t sosos(const sw_go_round *rd, int p, int k, bool mcmahon) {
    int64_t sum = 0;
    for (int rr = 0; rr <= k; rr++) {
        size_t ix = (size_t)p * (size_t)rd->nr + (size_t)rr;
        if (rd->part[ix] == PART_PAIRED)
            sum += sos(rd, rd->opp[ix], k, mcmahon, 0, NULL);
        else if (mcmahon)
            sum += 2 * (int64_t)rd->smms[p] * (k + 1);
    }
    return sum;
}

static int64_t sts(const sw_go_round *rd, int p, int k) {
    int64_t v = mms_at(rd, p, k);
    int nr = rd->par->rounds, bar = rd->par->bar;
    if (nr >= 3 && k >= nr - 3 && mms_at(rd, p, nr - 3) == 2 * (30 + bar + nr - 2))
        v += 4;
    if (nr >= 2 && k >= nr - 2 && mms_at(rd, p, nr - 2) == 2 * (30 + bar + nr - 1))
        v += 4;
    return v;
}

/* SOSTS: as SOSM with the opponents' Strasbourg scores (OpenGotha keeps
 * no virtual STS: with half points for games not played they count 0). */
static int64_t sosts(const sw_go_round *rd, int p, int k) {
    int64_t sum = 0;
    for (int rr = 0; rr <= k; rr++) {
        size_t ix = (size_t)p * (size_t)rd->nr + (size_t)rr;
        if (rd->part[ix] == PART_PAIRED)
            sum += (rd->par->half_point ? 0 : sts(rd, rd->opp[ix], k)) +
                   2 * rd->hd[ix] * rd->colour[ix];
        else
            sum += 2 * rd->smms[p];
    }
    return sum;
}

/* EXT (exploits tried) and EXR (exploits won): each game's opponent's
 * number of wins at k, weighted by how much more the handicap asked of
 * the player than the difference of ranks (0 when less, 1 when equal, 2
 * one stone more, 3 two or more); EXR counts the games won only. */
static int64_t exploits(const sw_go_round *rd, int p, int k, bool won_only) {
    int64_t sum = 0;
    for (int rr = 0; rr <= k; rr++) {
        size_t ix = (size_t)p * (size_t)rd->nr + (size_t)rr;
        if (rd->part[ix] != PART_PAIRED || (won_only && rd->won[ix] != 2))
            continue;
        int o = rd->opp[ix];
        int d = rd->hd[ix] * rd->colour[ix] - (rd->t->players[p].rank - rd->t->players[o].rank);
        int coef = d < 0 ? 0 : d > 2 ? 3 : d + 1;
        sum += nbw_at(rd, o, k) * coef;
    }
    return sum;
}

int64_t sw_go_round_crit(const sw_go_round *rd, sw_go_crit c, int p, int k) {
    const sw_go_player *pl = &rd->t->players[p];
    if (k >= rd->nr)
        k = rd->nr - 1;
    switch (c) {
    case SW_GO_C_RANK:
        return pl->rank;
    case SW_GO_C_RATING:
        return pl->rating;
    case SW_GO_C_CAT:
        return -rd->cat[p];
    case SW_GO_C_MMS:
        return mms_at(rd, p, k);
    case SW_GO_C_STS:
        return k < 0 ? 2 * rd->smms[p] : sts(rd, p, k);
    case SW_GO_C_DC:
        return rd->dc[p];
    case SW_GO_C_SDC:
        return rd->sdc[p];
    default:
        break;
    }
    if (k < 0)
        return 0;
    int64_t sd;
    switch (c) {
    case SW_GO_C_NBW:
        return nbw_at(rd, p, k);
    case SW_GO_C_SOSW:
        return sos(rd, p, k, false, 0, NULL);
    case SW_GO_C_SOSWM1:
        return sos(rd, p, k, false, 1, NULL);
    case SW_GO_C_SOSWM2:
        return sos(rd, p, k, false, 2, NULL);
    case SW_GO_C_SODOSW:
        sos(rd, p, k, false, 0, &sd);
        return sd;
    case SW_GO_C_SOSOSW:
        return sosos(rd, p, k, false);
    case SW_GO_C_SOSM:
        return sos(rd, p, k, true, 0, NULL);
    case SW_GO_C_SOSMM1:
        return k < 2 ? 0 : sos(rd, p, k, true, 1, NULL);
    case SW_GO_C_SOSMM2:
        return k < 2 ? 0 : sos(rd, p, k, true, 2, NULL);
    case SW_GO_C_SODOSM:
        sos(rd, p, k, true, 0, &sd);
        return sd;
    case SW_GO_C_SOSOSM:
        return sosos(rd, p, k, true);
    case SW_GO_C_CUSSW:
    case SW_GO_C_CUSSM: {
        int64_t s = 0;
        for (int rr = 0; rr <= k; rr++)
            s += c == SW_GO_C_CUSSW ? nbw_at(rd, p, rr) : mms_at(rd, p, rr);
        return s;
    }
    case SW_GO_C_CPS:
        return score_at(rd, rd->cps, p, k, 0);
    case SW_GO_C_SOSTS:
        return sosts(rd, p, k);
    case SW_GO_C_EXT:
        return exploits(rd, p, k, false);
    case SW_GO_C_EXR:
        return exploits(rd, p, k, true);
    default:
        return 0;
    }
}

/* ---- orders ------------------------------------------------------------- */

typedef struct crit_table {
    int ncrit;
    int64_t *v; /* [p * ncrit + c] */
} crit_table;

static bool crit_fill(const sw_go_round *rd, const sw_go_crit *crit, int ncrit, int k,
                      crit_table *ct) {
    ct->ncrit = ncrit;
    ct->v = malloc(((size_t)rd->np * (size_t)ncrit + 1) * sizeof *ct->v);
    if (!ct->v)
        return false;
    for (int p = 0; p < rd->np; p++)
        for (int c = 0; c < ncrit; c++)
            ct->v[(size_t)p * (size_t)ncrit + (size_t)c] = sw_go_round_crit(rd, crit[c], p, k);
    return true;
}

/* Better first on the criteria; 0 when equal on all. */
static int crit_cmp(const crit_table *ct, int a, int b) {
    const int64_t *x = ct->v + (size_t)a * (size_t)ct->ncrit,
                  *y = ct->v + (size_t)b * (size_t)ct->ncrit;
    for (int c = 0; c < ct->ncrit; c++)
        if (x[c] != y[c])
            return x[c] > y[c] ? -1 : 1;
    return 0;
}

typedef struct sort_ctx {
    const sw_go_round *rd;
    const crit_table *ct;
} sort_ctx;

/* ScoredPlayerComparator: criteria, then name, then first name. */
static int scored_cmp(const sort_ctx *s, int a, int b) {
    int c = crit_cmp(s->ct, a, b);
    if (!c)
        c = u16_cmp(&s->rd->name[a], &s->rd->name[b]);
    if (!c)
        c = u16_cmp(&s->rd->first[a], &s->rd->first[b]);
    return c;
}

/* A stable merge sort of ids by scored_cmp (the order is total anyway). */
static void sort_players(const sort_ctx *s, int *ids, int n, int *tmp) {
    if (n < 2)
        return;
    int h = n / 2;
    sort_players(s, ids, h, tmp);
    sort_players(s, ids + h, n - h, tmp);
    int i = 0, j = h, k = 0;
    while (i < h && j < n)
        tmp[k++] = scored_cmp(s, ids[j], ids[i]) < 0 ? ids[j++] : ids[i++];
    while (i < h)
        tmp[k++] = ids[i++];
    while (j < n)
        tmp[k++] = ids[j++];
    memcpy(ids, tmp, (size_t)n * sizeof *ids);
}

/* ---- geography ------------------------------------------------------------ */

typedef struct text_ix {
    char *text;
    int player;
} text_ix;

static int text_ix_cmp(const void *a, const void *b) {
    return strcmp(((const text_ix *)a)->text, ((const text_ix *)b)->text);
}

/* cls[p]: one number per text of field(p) up to Java's case (sw_go_lower),
 * so that the cost of a pair compares two integers. */
static bool fill_classes(const sw_go_round *rd, bool club, int *cls) {
    text_ix *ix = calloc((size_t)rd->np + 1, sizeof *ix);
    bool ok = ix != NULL;
    for (int p = 0; ok && p < rd->np; p++) {
        const sw_go_player *pl = &rd->t->players[p];
        ix[p] = (text_ix){sw_go_lower(club ? pl->club : pl->country), p};
        ok = ix[p].text != NULL;
    }
    if (ok) {
        qsort(ix, (size_t)rd->np, sizeof *ix, text_ix_cmp);
        for (int i = 0, c = 0; i < rd->np; i++) {
            c += i > 0 && strcmp(ix[i - 1].text, ix[i].text);
            cls[ix[i].player] = c;
        }
    }
    for (int p = 0; ix && p < rd->np; p++)
        free(ix[p].text);
    free(ix);
    return ok;
}

/* ---- direct confrontation ------------------------------------------------ */

/* SDC of a group of players g[0..m) equal on the criteria before the
 * first DC or SDC (docs/go.md, "Direct confrontation"): beat[i * m + j]
 * when i won more games against j than it lost up to the round. When
 * every two have such a balance, the wins inside the group; else 0. */
static void sdc_group(sw_go_round *rd, const int *g, int m, const unsigned char *beat) {
    bool all = true;
    for (int i = 0; i < m; i++)
        for (int j = 0; j < m; j++)
            all = all && (i == j || beat[i * m + j] || beat[j * m + i]);
    for (int i = 0; all && i < m; i++)
        for (int j = 0; j < m; j++)
            rd->sdc[g[i]] += beat[i * m + j];
}

/* DC of the same group, sc[i] the players' secondary value (higher
 * better), beat[i * m + j] when i won exactly one game more than j (the
 * only wins OpenGotha's DC counts). */
static void dc_group(sw_go_round *rd, const int *g, int m, const unsigned char *beat,
                     const int64_t *sc) {
    /* the components of mutual reach (cycles of wins) count as one: a win
     * of one member over a member of another component is a win of each
     * over each, which stays when some of them are placed; then from the
     * bottom up, the players who beat none of those left and have the
     * lowest secondary value take the lowest rank left, together */
    unsigned char *reach = calloc((size_t)m * (size_t)m + 1, 1);
    int *comp = malloc(((size_t)m + 1) * sizeof *comp),
        *stack = malloc(((size_t)m + 1) * sizeof *stack);
    int *rank = calloc((size_t)m + 1, sizeof *rank);
    bool *left = malloc((size_t)m + 1);
    if (!reach || !comp || !stack || !rank || !left)
        goto done;
    for (int i = 0; i < m; i++) { /* reach[i][j]: a chain of wins from i to j */
        int top = 0;
        stack[top++] = i;
        while (top) {
            int u = stack[--top];
            for (int v = 0; v < m; v++)
                if (beat[u * m + v] && !reach[i * m + v]) {
                    reach[i * m + v] = 1;
                    stack[top++] = v;
                }
        }
    }
    for (int i = 0; i < m; i++) {
        comp[i] = i;
        for (int j = 0; j < i && comp[i] == i; j++)
            if (reach[i * m + j] && reach[j * m + i])
                comp[i] = comp[j];
        left[i] = true;
    }
    /* reach is no longer needed: it becomes the wins between components */
    unsigned char *cbeat = reach;
    memset(cbeat, 0, (size_t)m * (size_t)m);
    for (int w = 0; w < m; w++)
        for (int u = 0; u < m; u++)
            cbeat[comp[w] * m + comp[u]] |= beat[w * m + u];
    int nleft = m, maxrank = 0;
    while (nleft) {
        int64_t low = INT64_MAX;
        int ncand = 0;
        for (int pass = 0; pass < 2; pass++)
            for (int i = 0; i < m; i++) {
                if (!left[i])
                    continue;
                bool beats = false; /* i's component beat someone left outside it */
                for (int v = 0; v < m && !beats; v++)
                    beats = left[v] && comp[v] != comp[i] && cbeat[comp[i] * m + comp[v]];
                if (beats)
                    continue;
                if (!pass)
                    low = sc[i] < low ? sc[i] : low;
                else if (sc[i] == low) {
                    rank[i] = -1; /* a candidate of this step */
                    ncand++;
                }
            }
        if (!ncand)
            break; /* cannot happen: the components make the wins acyclic */
        for (int i = 0; i < m; i++)
            if (rank[i] == -1) {
                rank[i] = 1 + nleft - ncand;
                left[i] = false;
                maxrank = rank[i] > maxrank ? rank[i] : maxrank;
            }
        nleft -= ncand;
    }
    for (int i = 0; i < m; i++)
        rd->dc[g[i]] = maxrank - rank[i];
done:
    free(reach);
    free(comp);
    free(stack);
    free(rank);
    free(left);
}

/* DC and SDC of every player at round k, as orderedScoredPlayersList
 * computes them: all players sorted by the criteria before the first DC or
 * SDC, each run of players equal on them is a group (dir_group), with the
 * criteria after the first DC as secondary values. */
static sw_status fill_dir(sw_go_round *rd, int k) {
    const sw_go_crit *crit = rd->par->crit;
    memset(rd->dc, 0, (size_t)rd->np * sizeof *rd->dc);
    memset(rd->sdc, 0, (size_t)rd->np * sizeof *rd->sdc);
    int first = 0;
    while (first < 6 && crit[first] != SW_GO_C_DC && crit[first] != SW_GO_C_SDC)
        first++;
    if (first == 6 || rd->np < 2)
        return SW_OK;
    int dcpos = 0; /* secondary: the criteria after the first DC */
    while (dcpos < 6 && crit[dcpos] != SW_GO_C_DC)
        dcpos++;
    sw_go_crit sec[6];
    for (int c = 0; c < 6; c++)
        sec[c] = c > dcpos ? crit[c] : SW_GO_C_NULL;
    size_t n = (size_t)rd->np;
    crit_table pt = {0, NULL}, st = {0, NULL};
    int *ids = malloc((n + 1) * sizeof *ids), *tmp = malloc((n + 1) * sizeof *tmp);
    int *gi = malloc((n + 1) * sizeof *gi);
    sw_status status = SW_OK;
    if (!ids || !tmp || !gi || !crit_fill(rd, crit, first, k, &pt) ||
        !crit_fill(rd, sec, 6, k, &st)) {
        status = SW_ERR_NOMEM;
        goto out;
    }
    for (size_t p = 0; p < n; p++) {
        ids[p] = (int)p;
        gi[p] = -1;
    }
    sort_ctx s = {rd, &pt};
    sort_players(&s, ids, rd->np, tmp);
    for (int a = 0, b; a < rd->np; a = b) {
        for (b = a + 1; b < rd->np && !crit_cmp(&pt, ids[a], ids[b]); b++) {
        }
        int m = b - a;
        if (m < 2)
            continue;
        const int *g = ids + a;
        /* the wins inside the group up to round k, and the secondary values
         * as places (equal values, equal places) */
        int *bal = calloc((size_t)m * (size_t)m + 1, sizeof *bal);
        unsigned char *beat = calloc((size_t)m * (size_t)m + 1, 1);
        int64_t *sc = malloc(((size_t)m + 1) * sizeof *sc);
        if (!bal || !beat || !sc) {
            free(bal);
            free(beat);
            free(sc);
            status = SW_ERR_NOMEM;
            goto out;
        }
        for (int i = 0; i < m; i++)
            gi[g[i]] = i;
        for (int x = 0; x < rd->t->ngames; x++) {
            const sw_go_game *gm = &rd->t->games[x];
            int w = gi[gm->white], l = gi[gm->black];
            if (gm->round > k || w < 0 || l < 0 || gm->bydef ||
                (gm->result != SW_GO_RES_WHITE && gm->result != SW_GO_RES_BLACK))
                continue;
            int d = gm->result == SW_GO_RES_WHITE ? 1 : -1;
            bal[w * m + l] += d;
            bal[l * m + w] -= d;
        }
        for (int i = 0; i < m * m; i++)
            beat[i] = bal[i] > 0;
        sdc_group(rd, g, m, beat);
        for (int i = 0; i < m * m; i++) /* DC: one win more, not two */
            beat[i] = bal[i] == 1;
        for (int i = 0; i < m; i++) /* a later SDC criterion: this group's, just made */
            for (int c = 0; c < 6; c++)
                if (sec[c] == SW_GO_C_SDC)
                    st.v[(size_t)g[i] * 6 + (size_t)c] = rd->sdc[g[i]];
        for (int i = 0; i < m; i++) {
            int better = 0; /* players strictly better on the secondary values */
            for (int j = 0; j < m; j++)
                better += crit_cmp(&st, g[j], g[i]) < 0;
            sc[i] = m - better;
        }
        dc_group(rd, g, m, beat, sc);
        for (int i = 0; i < m; i++)
            gi[g[i]] = -1;
        free(bal);
        free(beat);
        free(sc);
    }
out:
    free(pt.v);
    free(st.v);
    free(ids);
    free(tmp);
    free(gi);
    return status;
}

/* ---- groups ------------------------------------------------------------- */

static int main_score(const sw_go_round *rd, int p, int k) {
    int64_t v = rd->main_crit == SW_GO_C_MMS   ? mms_at(rd, p, k)
                : rd->main_crit == SW_GO_C_CPS ? score_at(rd, rd->cps, p, k, 0)
                                               : nbw_at(rd, p, k);
    return (int)(v / 2);
}

static bool fill_groups(sw_go_round *rd) {
    const sw_go_params *par = rd->par;
    int r = rd->r;
    if (rd->main_crit == SW_GO_C_MMS) {
        rd->score_max = par->bar + 2 + r + 30;
        rd->score_min = par->floor - 1 + 30;
    } else {
        /* a cup's groups go up to 2^r (fillPairingInfo), the score a player
         * could reach if the cup score doubled each round */
        rd->score_max = rd->main_crit == SW_GO_C_CPS ? 1 << r : r;
        rd->score_min = 0;
    }
    rd->nscores = rd->score_max - rd->score_min + 1;
    rd->ngroups = par->ncat * rd->nscores;
    rd->gsize = calloc((size_t)rd->ngroups, sizeof *rd->gsize);
    if (!rd->gsize)
        return false;
    for (int p = 0; p < rd->np; p++) {
        /* a score outside every group (a score correction below -1 or above
         * 2) gets no group: OpenGotha leaves such a player's group number,
         * size and inner placement at 0 (fillPairingInfo) */
        int s = main_score(rd, p, r - 1);
        rd->outside[p] = s > rd->score_max || s < rd->score_min;
        rd->group[p] = rd->outside[p] ? 0 : rd->cat[p] * rd->nscores + rd->score_max - s;
        rd->gsize[rd->group[p]] += !rd->outside[p];
        for (int k = 0; k < r; k++) {
            size_t ix = (size_t)p * (size_t)rd->nr + (size_t)k;
            if (rd->part[ix] != PART_PAIRED)
                continue;
            int mine = main_score(rd, p, k - 1), theirs = main_score(rd, rd->opp[ix], k - 1);
            rd->ndu[p] += mine < theirs;
            rd->ndd[p] += mine > theirs;
            if (rd->hd[ix] == 0)
                rd->wb[p] += rd->colour[ix];
        }
    }
    /* inner placement: the placement criteria plus the additional one */
    sw_go_crit crit[7];
    memcpy(crit, par->crit, sizeof par->crit);
    crit[6] = r + 1 <= par->last_round_seed1 ? par->add_crit1 : par->add_crit2;
    crit_table ct;
    int *ids = malloc(((size_t)rd->np + 1) * sizeof *ids),
        *tmp = malloc(((size_t)rd->np + 1) * sizeof *tmp);
    bool ok = ids && tmp && crit_fill(rd, crit, 7, r - 1, &ct);
    if (ok) {
        for (int p = 0; p < rd->np; p++)
            ids[p] = p;
        sort_ctx s = {rd, &ct};
        sort_players(&s, ids, rd->np, tmp);
        int *next = calloc((size_t)rd->ngroups, sizeof *next);
        ok = next != NULL;
        for (int i = 0; ok && i < rd->np; i++)
            rd->inner[ids[i]] = rd->outside[ids[i]] ? 0 : next[rd->group[ids[i]]]++;
        free(next);
        free(ct.v);
    }
    free(ids);
    free(tmp);
    return ok;
}

/* ---- the round's state --------------------------------------------------- */

static sw_status build(const sw_go_tournament *t, int r, sw_go_round **out, sw_error *err) {
    sw_go_round *rd = calloc(1, sizeof *rd);
    if (!rd)
        return sw_error_set(err, SW_ERR_NOMEM, t->path, 0, "out of memory");
    rd->t = t;
    rd->par = &t->par;
    rd->r = r;
    rd->np = t->nplayers;
    rd->nr = t->par.rounds;
    rd->bye = -1;
    size_t n = (size_t)rd->np, cells = n * (size_t)rd->nr + 1;
    rd->opp = malloc(cells * sizeof *rd->opp);
    rd->hd = calloc(cells, sizeof *rd->hd);
    rd->colour = calloc(cells, 1);
    rd->part = malloc(cells);
    rd->pts2 = calloc(cells, 1);
    rd->won = calloc(cells, 1);
    rd->played = calloc(cells, 1);
    rd->vmms = malloc(cells * sizeof *rd->vmms);
    rd->vnbw = malloc(cells * sizeof *rd->vnbw);
    rd->mms = malloc(cells * sizeof *rd->mms);
    rd->nbw = malloc(cells * sizeof *rd->nbw);
    rd->cps = malloc(cells * sizeof *rd->cps);
    rd->smms = malloc((n + 1) * sizeof(int));
    rd->cat = malloc((n + 1) * sizeof(int));
    rd->nbyes = calloc(n + 1, sizeof(int));
    rd->name = calloc(n + 1, sizeof *rd->name);
    rd->first = calloc(n + 1, sizeof *rd->first);
    rd->order = malloc((n + 1) * sizeof(int));
    rd->group = malloc((n + 1) * sizeof(int));
    rd->inner = malloc((n + 1) * sizeof(int));
    rd->ndu = calloc(n + 1, sizeof(int));
    rd->ndd = calloc(n + 1, sizeof(int));
    rd->wb = calloc(n + 1, sizeof(int));
    rd->outside = calloc(n + 1, 1);
    rd->dc = calloc(n + 1, sizeof *rd->dc);
    rd->sdc = calloc(n + 1, sizeof *rd->sdc);
    rd->country = calloc(n + 1, sizeof(int));
    rd->club = calloc(n + 1, sizeof(int));
    bool ok = rd->dc && rd->sdc && rd->country && rd->club && rd->cps && rd->opp && rd->hd &&
              rd->colour && rd->part && rd->pts2 && rd->won && rd->mms && rd->played && rd->vmms &&
              rd->vnbw && rd->nbw && rd->smms && rd->cat && rd->nbyes && rd->name && rd->first &&
              rd->order && rd->group && rd->inner && rd->ndu && rd->ndd && rd->wb && rd->outside;
    for (size_t p = 0; ok && p < n; p++) {
        rd->name[p] = to_u16(t->players[p].name);
        rd->first[p] = to_u16(t->players[p].first_name);
        ok = rd->name[p].u && rd->first[p].u;
        for (int k = 0; ok && k < rd->nr; k++) {
            rd->opp[p * (size_t)rd->nr + (size_t)k] = -1;
            rd->part[p * (size_t)rd->nr + (size_t)k] =
                t->players[p].plays[k] ? PART_FREE : PART_ABSENT;
        }
    }
    if (ok) {
        record_games(rd, t->games, t->ngames);
        for (int i = 0; i < t->nbyes; i++) {
            int p = t->byes[i].player, k = t->byes[i].round;
            if (k >= rd->nr)
                continue;
            rd->part[(size_t)p * (size_t)rd->nr + (size_t)k] = PART_BYE;
            if (k < r)
                rd->nbyes[p]++;
        }
        fill_scores(rd);
        rd->main_crit = SW_GO_C_NBW;
        for (int c = 0; c < 6; c++)
            if (t->par.crit[c] == SW_GO_C_NBW || t->par.crit[c] == SW_GO_C_MMS ||
                t->par.crit[c] == SW_GO_C_CPS) {
                rd->main_crit = t->par.crit[c];
                break;
            }
        rd->mcmahon = t->par.crit[0] == SW_GO_C_MMS;
        ok = fill_classes(rd, false, rd->country) && fill_classes(rd, true, rd->club) &&
             fill_dir(rd, r - 1) == SW_OK && fill_groups(rd);
    }
    if (!ok) {
        sw_go_round_free(rd);
        return sw_error_set(err, SW_ERR_NOMEM, t->path, 0, "out of memory");
    }
    *out = rd;
    return SW_OK;
}

/* The players to pair in the order of the standings before the round, and
 * chooseAByePlayer's bye when they are odd. */
static bool fill_order(sw_go_round *rd) {
    crit_table ct;
    int *ids = malloc(((size_t)rd->np + 1) * sizeof *ids),
        *tmp = malloc(((size_t)rd->np + 1) * sizeof *tmp);
    bool ok = ids && tmp && crit_fill(rd, rd->par->crit, 6, rd->r - 1, &ct);
    if (ok) {
        for (int p = 0; p < rd->np; p++)
            ids[p] = p;
        sort_ctx s = {rd, &ct};
        sort_players(&s, ids, rd->np, tmp);
        free(ct.v);
        rd->norder = 0;
        for (int i = 0; i < rd->np; i++) {
            int p = ids[i];
            size_t ix = (size_t)p * (size_t)rd->nr + (size_t)rd->r;
            if (rd->t->players[p].fin && rd->part[ix] == PART_FREE)
                rd->order[rd->norder++] = p;
        }
        if (rd->norder % 2) {
            int64_t min = INT64_MAX;
            for (int i = 0; i < rd->norder; i++) {
                int p = rd->order[i];
                int64_t w = rd->t->players[p].rank + mms_at(rd, p, rd->r - 1) +
                            1000 * (int64_t)rd->nbyes[p];
                if (w <= min) {
                    min = w;
                    rd->bye = p;
                }
            }
        }
    }
    free(ids);
    free(tmp);
    return ok;
}

sw_status sw_go_round_new(const sw_go_tournament *t, int r, sw_go_round **out, sw_error *err) {
    if (r < 0 || r >= t->par.rounds)
        return sw_error_set(err, SW_ERR_INVALID, t->path, 0,
                            "round %d is not a round of this tournament (1 to %d)", r + 1,
                            t->par.rounds);
    sw_status st = build(t, r, out, err);
    if (!st && !fill_order(*out)) {
        sw_go_round_free(*out);
        st = sw_error_set(err, SW_ERR_NOMEM, t->path, 0, "out of memory");
    }
    return st;
}

/* ---- standings ------------------------------------------------------------ */

sw_status sw_go_standings(const sw_go_tournament *t, int k, sw_go_standing **out, int *n,
                          sw_error *err) {
    *out = NULL;
    *n = 0;
    if (k < 0 || k >= t->par.rounds)
        return sw_error_set(err, SW_ERR_INVALID, t->path, 0,
                            "round %d is not a round of this tournament (1 to %d)", k + 1,
                            t->par.rounds);
    sw_go_round *rd;
    sw_status st = build(t, k, &rd, err); /* scores of every round; k only sets the groups */
    if (st)
        return st;
    crit_table ct = {0, NULL};
    int *ids = malloc(((size_t)t->nplayers + 1) * sizeof *ids),
        *tmp = malloc(((size_t)t->nplayers + 1) * sizeof *tmp);
    sw_go_standing *s = calloc((size_t)t->nplayers + 1, sizeof *s);
    bool ok = ids && tmp && s && fill_dir(rd, k) == SW_OK && crit_fill(rd, t->par.crit, 6, k, &ct);
    if (ok) {
        /* the players who have a game or a bye, as OpenGotha shows them
         * (every player when the file's displayNPPlayers says so) */
        const sw_xml_node *tps = sw_xml_child(t->doc, "TournamentParameterSet");
        const sw_xml_node *dp = tps ? sw_xml_child(tps, "DPParameterSet") : NULL;
        const char *np = dp ? sw_xml_attr_get(dp, "displayNPPlayers") : NULL;
        for (int p = 0; p < t->nplayers; p++)
            tmp[p] = np && !strcmp(np, "true");
        for (int i = 0; i < t->ngames; i++)
            tmp[t->games[i].white] = tmp[t->games[i].black] = 1;
        for (int i = 0; i < t->nbyes; i++)
            tmp[t->byes[i].player] = 1;
        int m = 0;
        for (int p = 0; p < t->nplayers; p++)
            if (tmp[p])
                ids[m++] = p;
        sort_ctx sc = {rd, &ct};
        sort_players(&sc, ids, m, tmp);
        for (int i = 0; i < m; i++) {
            s[i].player = ids[i];
            s[i].place = i > 0 && !crit_cmp(&ct, ids[i - 1], ids[i]) ? s[i - 1].place : i + 1;
            memcpy(s[i].crit, ct.v + (size_t)ids[i] * 6, sizeof s[i].crit);
        }
        *n = m;
        *out = s;
    } else
        free(s);
    free(ct.v);
    free(ids);
    free(tmp);
    sw_go_round_free(rd);
    return ok ? SW_OK : sw_error_set(err, SW_ERR_NOMEM, t->path, 0, "out of memory");
}

void sw_go_round_free(sw_go_round *rd) {
    if (!rd)
        return;
    for (int p = 0; p < rd->np; p++) {
        if (rd->name)
            free(rd->name[p].u);
        if (rd->first)
            free(rd->first[p].u);
    }
    free(rd->opp);
    free(rd->hd);
    free(rd->colour);
    free(rd->part);
    free(rd->pts2);
    free(rd->won);
    free(rd->mms);
    free(rd->played);
    free(rd->vmms);
    free(rd->vnbw);
    free(rd->nbw);
    free(rd->cps);
    free(rd->smms);
    free(rd->cat);
    free(rd->nbyes);
    free(rd->name);
    free(rd->first);
    free(rd->order);
    free(rd->group);
    free(rd->gsize);
    free(rd->inner);
    free(rd->outside);
    free(rd->ndu);
    free(rd->ndd);
    free(rd->wb);
    free(rd->dc);
    free(rd->sdc);
    free(rd->country);
    free(rd->club);
    free(rd);
}

const int *sw_go_round_order(const sw_go_round *rd, int *n) {
    *n = rd->norder;
    return rd->order;
}

int sw_go_round_bye(const sw_go_round *rd) {
    return rd->bye;
}

/* ---- gameBetween ---------------------------------------------------------- */

/* gameBetween's handicap, signed: > 0 when p1 is the stronger (White). */
static int pair_handicap(const sw_go_round *rd, int p1, int p2) {
    const sw_go_params *par = rd->par;
    int pr[2];
    for (int i = 0; i < 2; i++) {
        int p = i ? p2 : p1;
        pr[i] = par->hd_mms ? (int)(mms_at(rd, p, rd->r - 1) / 2) - 30 : rd->t->players[p].rank;
        if (pr[i] > par->hd_threshold)
            pr[i] = par->hd_threshold;
    }
    int hd = pr[0] - pr[1];
    if (hd > 0) {
        hd -= par->hd_correction;
        hd = hd < 0 ? 0 : hd;
    } else if (hd < 0) {
        hd += par->hd_correction;
        hd = hd > 0 ? 0 : hd;
    }
    return hd > par->hd_ceiling ? par->hd_ceiling : hd < -par->hd_ceiling ? -par->hd_ceiling : hd;
}

void sw_go_round_game(const sw_go_round *rd, int p1, int p2, sw_go_game *g) {
    int hd = pair_handicap(rd, p1, p2);
    memset(g, 0, sizeof *g);
    g->round = rd->r;
    g->result = SW_GO_RES_UNKNOWN;
    bool p1_white;
    if (hd != 0)
        p1_white = hd > 0;
    else if (rd->wb[p1] != rd->wb[p2])
        p1_white = rd->wb[p1] < rd->wb[p2];
    else
        p1_white = det_random(rd, 1, p1, p2) == 0;
    g->white = p1_white ? p1 : p2;
    g->black = p1_white ? p2 : p1;
    g->handicap = hd < 0 ? -hd : hd;
}

/* ---- costValue ------------------------------------------------------------ */

static int64_t concave(int64_t w, double x, double k) {
    return (int64_t)((double)w * (1.0 - x) * (1.0 + k * x));
}

/* The size of p's group as OpenGotha holds it: 0 outside every group. */
static int64_t group_size(const sw_go_round *rd, int p) {
    return rd->outside[p] ? 0 : rd->gsize[rd->group[p]];
}

static int64_t dudd_place(sw_go_dudd_mode mode, int64_t w, int64_t n, int64_t p) {
    switch (mode) {
    case SW_GO_DUDD_TOP:
        return w / 2 * (n - 1 - p) / n;
    case SW_GO_DUDD_BOT:
        return w / 2 * p / n;
    default: {
        int d = 2 * p - n + 1;
        return w / 2 * (n - 1 - (d < 0 ? -d : d)) / n;
    }
    }
}

static int64_t cost_dudd(const sw_go_round *rd, int p1, int p2) {
    const sw_go_params *par = rd->par;
    int g1 = rd->group[p1], g2 = rd->group[p2];
    int gap = g1 > g2 ? g1 - g2 : g2 - g1;
    if (gap == 0 || gap >= 4)
        return 0;
    int64_t w = par->dudd_weight / 5;
    int upper = g1 < g2 ? p1 : p2, lower = g1 < g2 ? p2 : p1;
    int sc = 2;
    for (int i = 0; i < 2; i++) {
        int p = i ? p2 : p1;
        sc -= rd->ndu[p] > 0 && p == lower;
        sc -= rd->ndd[p] > 0 && p == upper;
    }
    if (sc != 0)
        for (int i = 0; i < 2; i++) {
            int p = i ? p2 : p1;
            sc += rd->ndu[p] > 0 && rd->ndd[p] < rd->ndu[p] && p == upper;
            sc += rd->ndd[p] > 0 && rd->ndu[p] < rd->ndd[p] && p == lower;
        }
    if (group_size(rd, upper) == 0 || group_size(rd, lower) == 0)
        return -1; /* OpenGotha divides by zero */
    int64_t c = dudd_place(par->dudd_upper, w, group_size(rd, upper), rd->inner[upper]) +
                dudd_place(par->dudd_lower, w, group_size(rd, lower), rd->inner[lower]);
    if (sc >= 3 && !par->compensate_dudd)
        sc = 2;
    c += sc * w;
    int cg = rd->cat[p1] > rd->cat[p2] ? rd->cat[p1] - rd->cat[p2] : rd->cat[p2] - rd->cat[p1];
    for (int i = 0; i < 4; i++)
        c /= cg + 1;
    return c;
}

static int64_t cost_seed(const sw_go_round *rd, int p1, int p2) {
    const sw_go_params *par = rd->par;
    int64_t m = par->max_seeding, n = group_size(rd, p1);
    int64_t a = rd->inner[p1], b = rd->inner[p2];
    sw_go_seed sys = rd->r + 1 <= par->last_round_seed1 ? par->seed1 : par->seed2;
    switch (sys) {
    case SW_GO_SEED_RANDOM:
        if ((2 * a < n) != (2 * b < n))
            return m - det_random(rd, (int64_t)((double)m * 0.2), p1, p2);
        return 0;
    case SW_GO_SEED_FOLD: {
        if (n == 1)
            return -1; /* OpenGotha divides by zero */
        int64_t x = a + b - (n - 1);
        return m - (m * x / (n - 1) * x / (n - 1));
    }
    default: {
        if (n == 0)
            return -1; /* OpenGotha divides by zero */
        int64_t x = 2 * (a > b ? a - b : b - a) - n;
        return m - (m * x / n * x / n);
    }
    }
}

static int sec_score(const sw_go_round *rd, int p) {
    const sw_go_params *par = rd->par;
    const sw_go_player *pl = &rd->t->players[p];
    int64_t nbw = nbw_at(rd, p, rd->r - 1);
    int64_t thr2 = par->se_nbw_threshold ? par->rounds : 2 * par->rounds;
    if (2 * pl->rank + nbw >= 2 * par->se_rank_threshold || nbw >= thr2 ||
        (par->se_bar_threshold && rd->smms[p] >= par->bar + 30))
        return par->bar + 2 + rd->r + 30;
    return (int)(mms_at(rd, p, rd->r - 1) / 2);
}

static bool club_grouped(const sw_go_tournament *t, const char *a, const char *b) {
    for (int i = 0; i < t->ngroups; i++) {
        bool fa = false, fb = false;
        for (int k = 0; k < t->groups[i].nclubs; k++) {
            fa |= sw_go_same_ci(t->groups[i].clubs[k], a);
            fb |= sw_go_same_ci(t->groups[i].clubs[k], b);
        }
        if (fa && fb)
            return true;
    }
    return false;
}

static int64_t cost_geo(const sw_go_round *rd, int p1, int p2) {
    const sw_go_params *par = rd->par;
    const sw_go_player *a = &rd->t->players[p1], *b = &rd->t->players[p2];
    double g = rd->ngroups;
    double country = 0, club = 0;
    if (rd->country[p1] != rd->country[p2] && par->pref_country != 0) {
        country = (double)par->pref_country / g;
        country = country > 1 ? 1 : country;
    }
    if (rd->club[p1] != rd->club[p2] && par->pref_club != 0) {
        club = club_grouped(rd->t, a->club, b->club) ? (double)par->pref_club / 2.0 / g
                                                     : (double)par->pref_club * 1.2 / g;
        club = club > 1 ? 1 : club;
    }
    double hi = country > club ? country : club, lo = country > club ? club : country;
    double geo = hi + lo / 2.0;
    if (geo > 0)
        geo += 0.5 / g;
    int64_t c = par->min_score_diff - concave(par->avoid_same_geo, geo, par->nx1);
    return c > par->avoid_same_geo ? par->avoid_same_geo : c;
}

int64_t sw_go_round_cost(const sw_go_round *rd, int p1, int p2, int64_t *terms) {
    const sw_go_params *par = rd->par;
    int64_t t[SW_GO_NTERMS] = {0};
    bool met = false;
    for (int k = 0; k < rd->r; k++)
        met |= rd->opp[(size_t)p1 * (size_t)rd->nr + (size_t)k] == p2;
    if (!met)
        t[SW_GO_T_DUPL] = par->avoid_dupl;
    if (par->random > 0)
        t[SW_GO_T_RANDOM] = det_random(rd, par->random, p1, p2);
    if (pair_handicap(rd, p1, p2) == 0) { /* the colours play no part in the cost */
        int w1 = rd->wb[p1], w2 = rd->wb[p2];
        if (w1 * w2 < 0)
            t[SW_GO_T_WB] = par->balance_wb;
        else if ((w1 == 0 && abs(w2) >= 2) || (w2 == 0 && abs(w1) >= 2))
            t[SW_GO_T_WB] = par->balance_wb / 2;
    }
    int c1 = rd->cat[p1], c2 = rd->cat[p2];
    if (par->ncat > 1)
        t[SW_GO_T_CAT] =
            concave(par->avoid_mixing_cat, (double)abs(c1 - c2) / (double)par->ncat, par->nx1);
    int g1 = rd->group[p1], g2 = rd->group[p2];
    if (c1 == c2)
        t[SW_GO_T_SCORE] =
            concave(par->min_score_diff, (double)abs(g1 - g2) / (double)rd->ngroups, par->nx1);
    t[SW_GO_T_DUDD] = cost_dudd(rd, p1, p2);
    if (g1 == g2)
        t[SW_GO_T_SEED] = cost_seed(rd, p1, p2);
    if (par->min_handicap) {
        int range = rd->mcmahon ? rd->ngroups : par->bar - par->floor + 3 + rd->r;
        t[SW_GO_T_HANDICAP] =
            concave(par->min_handicap,
                    (double)abs(sec_score(rd, p1) - sec_score(rd, p2)) / (double)range, par->nx1);
    }
    t[SW_GO_T_GEO] = cost_geo(rd, p1, p2);
    if (t[SW_GO_T_DUDD] < 0 || t[SW_GO_T_SEED] < 0)
        return -1;
    int64_t sum = 1;
    for (int i = 0; i < SW_GO_NTERMS; i++) {
        sum += t[i];
        if (terms)
            terms[i] = t[i];
    }
    return sum;
}

/* ---- tables ----------------------------------------------------------------- */

typedef struct table_ctx {
    const sw_go_round *rd; /* the round with its new games */
    crit_table ct;
    const sw_go_game *games;
} table_ctx;

static int representative(const table_ctx *c, const sw_go_game *g) {
    int w = g->white, b = g->black;
    int cmp = crit_cmp(&c->ct, w, b);
    if (cmp == 0)
        return c->rd->t->players[b].rating > c->rd->t->players[w].rating ? b : w;
    return cmp < 0 ? b : w;
}

/* OpenGotha's game comparator: never 0. */
static int game_cmp(const table_ctx *c, int a, int b) {
    int ra = representative(c, &c->games[a]), rb = representative(c, &c->games[b]);
    int cmp = crit_cmp(&c->ct, ra, rb);
    if (cmp)
        return cmp;
    return c->rd->t->players[ra].rating > c->rd->t->players[rb].rating ? -1 : 1;
}

static int game_cmp_v(const void *c, int a, int b) {
    return game_cmp(c, a, b);
}

/* renumberTablesByBestScoreThenRating: the criteria at the round's index
 * from the scores OpenGotha holds when it numbers the tables, i.e. without
 * the new games and bye (rd's). */
static sw_status number_tables(const sw_go_round *rd, sw_go_pairing *out, sw_error *err) {
    const sw_go_tournament *t = rd->t;
    table_ctx c = {rd, {0, NULL}, out->games};
    int *ix = malloc(((size_t)out->ngames + 1) * sizeof *ix);
    sw_go_game *sorted = malloc(((size_t)out->ngames + 1) * sizeof *sorted);
    bool ok = ix && sorted && crit_fill(c.rd, t->par.crit, 6, out->round, &c.ct);
    if (ok) {
        for (int i = 0; i < out->ngames; i++)
            ix[i] = i;
        ok = sw_go_java_sort(&c, ix, out->ngames, game_cmp_v) == 0;
    }
    if (ok) {
        for (int i = 0; i < out->ngames; i++) {
            sorted[i] = out->games[ix[i]];
            sorted[i].table = i + 1;
        }
        memcpy(out->games, sorted, (size_t)out->ngames * sizeof *sorted);
    }
    free(c.ct.v);
    free(ix);
    free(sorted);
    return ok ? SW_OK : sw_error_set(err, SW_ERR_NOMEM, t->path, 0, "out of memory");
}

/* ---- the pairing ------------------------------------------------------------ */

sw_status sw_go_next_round(const sw_go_tournament *t, int *round, sw_error *err) {
    int r = sw_go_last_round(t) + 1;
    if (r >= t->par.rounds)
        return sw_error_set(err, SW_ERR_INVALID, t->path, 0, "every round (%d) is already paired",
                            t->par.rounds);
    *round = r;
    return SW_OK;
}

/* ---- blocks ----------------------------------------------------------------- */

/* Move to out (at *m) the players of rem (*nrem of them, order kept) of
 * category at most cat whose main score is at least level, until the block
 * reaches SW_GO_ONE_BLOCK players or only SW_GO_MIN_BLOCK remain (then
 * true: the block is cut there). */
static bool take_level(const sw_go_round *rd, int cat, int level, int *rem, int *nrem, int *out,
                       int *m, int start) {
    bool full = false;
    int kept = 0;
    for (int i = 0; i < *nrem; i++) {
        int p = rem[i];
        if (full || rd->cat[p] > cat || main_score(rd, p, rd->r - 1) < level) {
            rem[kept++] = p;
            continue;
        }
        out[(*m)++] = p;
        int left = *nrem - (i + 1 - kept);
        full = *m - start >= SW_GO_ONE_BLOCK || left <= SW_GO_MIN_BLOCK;
    }
    *nrem = kept;
    return full;
}

int sw_go_round_blocks(const sw_go_round *rd, int *list, int n, int *ends) {
    int *rem = malloc(((size_t)n + 1) * sizeof *rem);
    if (!rem)
        return -1;
    memcpy(rem, list, (size_t)n * sizeof *rem);
    int nrem = n, m = 0, nb = 0;
    /* the levels of the groups, but a cup's only from r down (makeAutomaticPairing) */
    int top = rd->main_crit == SW_GO_C_CPS ? rd->r : rd->score_max;
    while (nrem > SW_GO_ONE_BLOCK) {
        int start = m;
        bool ready = false;
        for (int cat = 0; !ready && cat < rd->par->ncat; cat++)
            for (int level = top; !ready && level >= rd->score_min; level--) {
                ready = take_level(rd, cat, level, rem, &nrem, list, &m, start);
                ready = ready || (m - start >= SW_GO_MIN_BLOCK && (m - start) % 2 == 0);
            }
        /* a block that is never ready (scores below every group are never
         * taken) is matched as it is, even when odd; when it is empty,
         * OpenGotha's loop never ends */
        if (m == start) {
            nb = -2;
            break;
        }
        ends[nb++] = m;
    }
    memcpy(list + m, rem, (size_t)nrem * sizeof *rem);
    if (nb >= 0)
        ends[nb++] = n;
    free(rem);
    return nb;
}

/* The round cannot be paired as OpenGotha pairs it (what: why), because
 * of a player among list[0..n) whose score lies outside every group: an
 * error naming that player. */
static sw_status outside_error(const sw_go_round *rd, const int *list, int n, const char *what,
                               sw_error *err) {
    int p = list[0];
    for (int i = rd->norder - 1; i >= 0; i--) /* the first of the round, else of list */
        p = rd->outside[rd->order[i]] ? rd->order[i] : p;
    for (int i = n - 1; i >= 0; i--)
        p = rd->outside[list[i]] ? list[i] : p;
    const sw_go_player *pl = &rd->t->players[p];
    if (!rd->outside[p])
        return sw_error_set(err, SW_ERR_INVALID, rd->t->path, 0, "round %d: %s", rd->r + 1, what);
    return sw_error_set(err, SW_ERR_INVALID, rd->t->path, pl->line,
                        "round %d: %s: player %s's main score (%d) lies outside every score "
                        "group (%d .. %d, smmsCorrection %d); a smmsCorrection from -1 to 2 "
                        "keeps every score inside a group",
                        rd->r + 1, what, pl->key, main_score(rd, p, rd->r - 1), rd->score_min,
                        rd->score_max, pl->smms_corr);
}

/* The costs of every pair of the players to pair (list, n of them). */
static sw_status match(const sw_go_round *rd, const int *list, int n, int *mate, sw_error *err) {
    int64_t *w = malloc(((size_t)n * (size_t)n + 1) * sizeof *w);
    if (!w)
        return sw_error_set(err, SW_ERR_NOMEM, rd->t->path, 0, "out of memory");
    for (int i = 0; i < n; i++) {
        w[(size_t)i * (size_t)n + (size_t)i] = 0;
        for (int j = i + 1; j < n; j++) {
            int64_t c = sw_go_round_cost(rd, list[i], list[j], NULL);
            if (c < 0) {
                int pair[2] = {list[i], list[j]};
                free(w);
                return outside_error(rd, pair, 2, "OpenGotha 3.51.02 divides by zero", err);
            }
            w[(size_t)i * (size_t)n + (size_t)j] = w[(size_t)j * (size_t)n + (size_t)i] = c;
        }
    }
    /* where several matchings are optimal, the one Gabow's search order
     * reaches first, numbered in pairing order as OpenGotha's (docs/go.md) */
    sw_status st = sw_go_match(w, n, mate, rd->t->path, err);
    free(w);
    return st;
}

/* Match the block list[0..n) and append its games to out. */
static sw_status pair_block(const sw_go_round *rd, const int *list, int n, int *mate,
                            sw_go_pairing *out, sw_error *err) {
    if (n % 2)
        return outside_error(rd, list, n,
                             "OpenGotha 3.51.02 leaves a player of a block without a game", err);
    sw_status st = n > 0 ? match(rd, list, n, mate, err) : SW_OK;
    for (int i = 0; !st && i < n; i++) {
        if (mate[i] < 0)
            return sw_error_set(err, SW_ERR_INVALID, rd->t->path, 0, "no perfect matching");
        if (i < mate[i])
            sw_go_round_game(rd, list[i], list[mate[i]], &out->games[out->ngames++]);
    }
    return st;
}

sw_status sw_go_pair(const sw_go_tournament *t, int r, sw_go_pairing *out, sw_error *err) {
    memset(out, 0, sizeof *out);
    out->bye = -1;
    out->round = r;
    for (int i = 0; i < t->ngames; i++)
        if (t->games[i].round == r)
            return sw_error_set(err, SW_ERR_INVALID, t->path, t->games[i].line,
                                "round %d already has games", r + 1);
    for (int i = 0; i < t->nbyes; i++)
        if (t->byes[i].round == r)
            return sw_error_set(err, SW_ERR_INVALID, t->path, t->byes[i].line,
                                "round %d already has a bye", r + 1);
    sw_go_round *rd;
    sw_status st = sw_go_round_new(t, r, &rd, err);
    if (!st && rd->norder > SW_GO_MAX_PAIRED) {
        st = sw_error_set(err, SW_ERR_LIMIT, t->path, 0,
                          "%d players to pair in round %d: at most %d are paired at once",
                          rd->norder, r + 1, SW_GO_MAX_PAIRED);
        sw_go_round_free(rd);
    }
    if (st)
        return st;
    int *list = malloc(((size_t)rd->norder + 1) * sizeof *list);
    int *mate = malloc(((size_t)rd->norder + 1) * sizeof *mate);
    out->games = calloc((size_t)rd->norder / 2 + 1, sizeof *out->games);
    int n = 0;
    if (!list || !mate || !out->games)
        st = sw_error_set(err, SW_ERR_NOMEM, t->path, 0, "out of memory");
    for (int i = 0; !st && i < rd->norder; i++)
        if (rd->order[i] != rd->bye)
            list[n++] = rd->order[i];
    out->bye = rd->bye;
    /* a large round is cut into blocks, each matched alone, its games in
     * block order (docs/go.md, step 8) */
    int *ends = malloc(((size_t)n / SW_GO_MIN_BLOCK + 2) * sizeof *ends), nb = 0;
    if (!st && (!ends || (nb = sw_go_round_blocks(rd, list, n, ends)) == -1))
        st = sw_error_set(err, SW_ERR_NOMEM, t->path, 0, "out of memory");
    if (!st && nb == -2)
        st = outside_error(rd, list, n, "OpenGotha 3.51.02's cutting into blocks never ends", err);
    for (int b = 0, start = 0; !st && b < nb; start = ends[b++])
        st = pair_block(rd, list + start, ends[b] - start, mate, out, err);
    free(ends);
    if (!st)
        st = number_tables(rd, out, err);
    sw_go_round_free(rd);
    free(list);
    free(mate);
    if (st)
        sw_go_pairing_free(out);
    return st;
}

void sw_go_pairing_free(sw_go_pairing *p) {
    free(p->games);
    p->games = NULL;
    p->ngames = 0;
}
