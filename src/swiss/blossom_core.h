/* src/swiss/blossom_core.h: the numeric part of the matching (slacks, dual
 * adjustments, the greedy start, the stages), instantiated once per weight
 * width by blossom.c. Not a normal header: it has no include guard and is
 * included several times, each time with
 *   SW_CORE_SUFFIX  the name suffix of this instance (l2, l3, ..., lx)
 *   SW_CORE_LIMBS   the limb count: a constant, or (s->L) for any width
 *   SW_CORE_BUF     room for one number: SW_CORE_LIMBS, or the widest.
 * With a constant count every limb loop of util/limbs.h unrolls; that is the
 * point (run-time-width loops made two-limb weights 2-3x slower than
 * __int128). Functions are named name_<suffix> through CORE().
 * SPDX-License-Identifier: MIT */

#define CORE_CAT2(a, b) a##_##b
#define CORE_CAT(a, b) CORE_CAT2(a, b)
#define CORE(name) CORE_CAT(name, SW_CORE_SUFFIX)
#define NL SW_CORE_LIMBS
#define CDUAL(s, x) ((s)->dual + (size_t)(x) * (size_t)NL)
#define CW4(s, k) ((s)->w4 + (size_t)(k) * (size_t)NL)
/* Local numbers live on the stack, not in the workspace: with a constant
 * width the compiler keeps them in registers (no aliasing with the duals). */
#define NUM(name) uint64_t name[SW_CORE_BUF]

#define CDMUL(s, c) ((s)->dmul + (size_t)((c)-1) * (size_t)NL)
#define CBKEY(s, w) ((s)->bkey + (size_t)(w) * (size_t)NL)

/* The multiple of D in edge k's slack: the stored duals less (sg_i + sg_j) D. */
static inline int CORE(dcoef)(const ws *s, int k) {
    return s->sg[s->endpoint[2 * k]] + s->sg[s->endpoint[2 * k + 1]];
}

/* out = slack of edge k: u_i + u_j - 2 w2_k (w4_k). */
static inline void CORE(slack)(const ws *s, int k, uint64_t *out) {
    sw_limbs_add_sub(out, CDUAL(s, s->endpoint[2 * k]), CDUAL(s, s->endpoint[2 * k + 1]), CW4(s, k),
                     NL);
    int c = s->dnz ? CORE(dcoef)(s, k) : 0;
    if (c > 0)
        sw_limbs_sub(out, out, CDMUL(s, c), NL);
    else if (c < 0)
        sw_limbs_add(out, out, CDMUL(s, -c), NL);
}

/* slack_cmp for two edges with an end in common, whose duals cancel: the
 * sign of p - c - (q - c2) - cd D (c, c2: 2 w2), four or five terms.
 * While the sum so far is 0, a limb where p and q agree and c and c2 agree
 * adds nothing and is passed over: the compared slacks mostly differ only
 * in low limbs, below high ones their numbers share (at 19-35 limbs, four
 * of five limbs walked were such limbs). */
static inline int CORE(slack_cmp_shared)(const ws *s, const uint64_t *p, const uint64_t *q,
                                         const uint64_t *c, const uint64_t *c2, int cd) {
    const uint64_t *e = cd ? CDMUL(s, cd > 0 ? cd : -cd) : NULL;
    int j = NL - 1;
    __int128 t0 = (__int128)(int64_t)p[j] - (int64_t)q[j] - (int64_t)c[j] + (int64_t)c2[j];
    t0 += ACC_LAZY_TOP(e, cd, j);
    ACC_START(t0);
    const uint64_t th = cd ? 3 : 2;
    for (j--; j >= 0; j--) {
        ACC_NEXT(th);
        if (hi == 0 && !cd) { /* t = 0 */
            while (j >= 0 && p[j] == q[j] && c[j] == c2[j])
                j--;
            if (j < 0)
                break;
        }
        ACC_ADD(p[j]);
        ACC_SUB(q[j]);
        ACC_SUB(c[j]);
        ACC_ADD(c2[j]);
        ACC_LAZY(e, cd, j);
    }
    return ACC_SIGN();
}

/* The sign of (slack of edge k) - x, read from the top limb down only as
 * far as it needs: with t the sum of the parts above limb j (u_i + u_j -
 * 2 w2 - x, each a signed floor), the rest is in (-2, 2) units of limb j,
 * so |t| >= 2 decides; else t moves down a limb. The slacks being compared
 * mostly differ in their top limbs, and a wide weight (35 limbs in a
 * 1000-player Swiss window) then costs a limb or two instead of a full
 * subtraction. Below the top, t is kept as two 64-bit words (ACC_*, in
 * blossom.c): the __int128 form spilled its many live pointers. The sum
 * u_i - x - 2 w2 + u_j is slack_cmp_shared's p - q - c + c2. */
static inline int CORE(slack_sign)(const ws *s, int k, const uint64_t *x) {
    int cd = s->dnz ? CORE(dcoef)(s, k) : 0;
    return CORE(slack_cmp_shared)(s, CDUAL(s, s->endpoint[2 * k]), x, CW4(s, k),
                                  CDUAL(s, s->endpoint[2 * k + 1]), cd);
}

/* The sign of (slack of edge k) - (slack of edge k2), as slack_sign: six
 * terms, so |t| >= 3 decides. Edges of the same kind (both from an
 * S-vertex to a free one, say) have the same multiple of D, which cancels;
 * otherwise it is a seventh term and |t| >= 4 decides. */
static inline int CORE(slack_cmp)(const ws *s, int k, int k2) {
    int cd = s->dnz ? CORE(dcoef)(s, k) - CORE(dcoef)(s, k2) : 0;
    const uint64_t *a = CDUAL(s, s->endpoint[2 * k]), *b = CDUAL(s, s->endpoint[2 * k + 1]),
                   *c = CW4(s, k), *a2 = CDUAL(s, s->endpoint[2 * k2]),
                   *b2 = CDUAL(s, s->endpoint[2 * k2 + 1]), *c2 = CW4(s, k2),
                   *e = cd ? CDMUL(s, cd > 0 ? cd : -cd) : NULL;
    /* A free vertex's best edges all end at it: a common end cancels. */
    if (a == a2)
        return CORE(slack_cmp_shared)(s, b, b2, c, c2, cd);
    if (a == b2)
        return CORE(slack_cmp_shared)(s, b, a2, c, c2, cd);
    if (b == a2)
        return CORE(slack_cmp_shared)(s, a, b2, c, c2, cd);
    if (b == b2)
        return CORE(slack_cmp_shared)(s, a, a2, c, c2, cd);
    int j = NL - 1;
    __int128 t0 = (__int128)(int64_t)a[j] + (int64_t)b[j] - (int64_t)a2[j] - (int64_t)b2[j] -
                  (int64_t)c[j] + (int64_t)c2[j];
    t0 += ACC_LAZY_TOP(e, cd, j);
    ACC_START(t0);
    const uint64_t th = cd ? 4 : 3;
    for (j--; j >= 0; j--) {
        ACC_NEXT(th);
        ACC_ADD(a[j]);
        ACC_ADD(b[j]);
        ACC_SUB(a2[j]);
        ACC_SUB(b2[j]);
        ACC_SUB(c[j]);
        ACC_ADD(c2[j]);
        ACC_LAZY(e, cd, j);
    }
    return ACC_SIGN();
}

/* Is the slack of edge k 0? As no slack is below 0 (dual feasibility),
 * that is whether the edge is tight. Read from the bottom limb up: a
 * slack that is not 0 has, nearly always, a low limb that is not, where
 * the sign read from the top would go down every limb that ties. */
static inline bool CORE(slack_zero)(const ws *s, int k) {
    int cd = s->dnz ? CORE(dcoef)(s, k) : 0;
    const uint64_t *a = CDUAL(s, s->endpoint[2 * k]), *b = CDUAL(s, s->endpoint[2 * k + 1]),
                   *c = CW4(s, k), *e = cd ? CDMUL(s, cd > 0 ? cd : -cd) : NULL;
    uint64_t lo = 0;
    int64_t hi = 0;
    for (int j = 0; j < NL; j++) {
        ACC_ADD(a[j]);
        ACC_ADD(b[j]);
        ACC_SUB(c[j]);
        ACC_LAZY(e, cd, j);
        if (lo != 0)
            return false;
        /* the carry (-3..2) into the next limb, sign-extended */
        lo = (uint64_t)hi;
        hi = hi < 0 ? -1 : 0;
    }
    return true; /* every limb 0, and the slack fits in them */
}

/* A vertex w outside the S-blossoms keeps with its best edge k2 (from an
 * S-vertex v2) the key u_v2 - 2 w2_k2 (stored numbers, ws.bkey): w's
 * dual and the multiple of D (v2 stays an S-vertex) are the same in the
 * slack of every edge from an S-vertex to w, so the keys order those
 * slacks, and a new edge k from v is compared with the key in three terms
 * a limb instead of both slacks' six. The sign of u_v - 2 w2_k - key: the
 * rest below a limb is in (-2, 1) units, so |t| >= 2 decides. */
static inline int CORE(key_cmp)(const ws *s, int v, int k, const uint64_t *key) {
    const uint64_t *a = CDUAL(s, v), *c = CW4(s, k);
    int j = NL - 1;
    __int128 t0 = (__int128)(int64_t)a[j] - (int64_t)key[j] - (int64_t)c[j];
    ACC_START(t0);
    for (j--; j >= 0; j--) {
        ACC_NEXT(2);
        ACC_ADD(a[j]);
        ACC_SUB(key[j]);
        ACC_SUB(c[j]);
    }
    return ACC_SIGN();
}

/* Is the slack of edge k below that of edge k2? */
static inline bool CORE(slack_less)(const ws *s, int k, int k2) {
    return CORE(slack_cmp)(s, k, k2) < 0;
}

static void CORE(consider_best)(ws *s, int b, int k, int *touched_n) {
    int i = s->endpoint[2 * k], j = s->endpoint[2 * k + 1];
    if (s->inblossom[j] == b) {
        int t = i;
        i = j;
        j = t;
    }
    (void)i;
    int bj = s->inblossom[j];
    if (bj != b && s->label[bj] == 1 &&
        (s->bestto[bj] == -1 || CORE(slack_less)(s, k, s->bestto[bj]))) {
        if (s->bestto[bj] == -1)
            s->touched[(*touched_n)++] = bj;
        s->bestto[bj] = k;
    }
}

static void CORE(add_blossom)(ws *s, int bse, int k) {
    int v = s->endpoint[2 * k], w = s->endpoint[2 * k + 1];
    int bb = s->inblossom[bse], bv = s->inblossom[v], bw = s->inblossom[w];
    assert(s->nunused > 0); /* at most n/2 nested blossoms: ids n..2n-1 suffice */
    int b = s->unused[--s->nunused];
    /* Count the children first so each list is allocated once. */
    int cnt = 1;
    for (int x = bv; x != bb; x = s->inblossom[s->endpoint[s->labelend[x]]])
        cnt++;
    for (int x = bw; x != bb; x = s->inblossom[s->endpoint[s->labelend[x]]])
        cnt++;
    int *ch = malloc(sizeof(int) * (size_t)cnt), *ep = malloc(sizeof(int) * (size_t)cnt);
    if (!ch || !ep) {
        free(ch);
        free(ep);
        s->unused[s->nunused++] = b;
        s->oom = true;
        return;
    }
    s->upos[b] = s->nused;
    s->used[s->nused++] = b;
    s->base[b] = bse;
    s->parent[b] = -1;
    s->parent[bb] = b;
    /* The v side is collected backwards: child order runs base, ..., v, w, ..., back to base. */
    int nv = 0;
    for (int x = bv; x != bb; x = s->inblossom[s->endpoint[s->labelend[x]]])
        nv++;
    int pos = nv;
    ch[0] = bb;
    for (int x = bv; x != bb;) {
        s->parent[x] = b;
        ch[pos] = x;
        ep[pos - 1] = s->labelend[x];
        pos--;
        x = s->inblossom[s->endpoint[s->labelend[x]]];
    }
    ep[nv] = 2 * k;
    pos = nv + 1;
    for (int x = bw; x != bb;) {
        s->parent[x] = b;
        ch[pos] = x;
        ep[pos] = s->labelend[x] ^ 1;
        pos++;
        x = s->inblossom[s->endpoint[s->labelend[x]]];
    }
    s->childs[b] = ch;
    s->endps[b] = ep;
    s->nchilds[b] = cnt;
    s->label[b] = 1;
    s->labelend[b] = s->labelend[bb];
    sw_limbs_set_i64(CDUAL(s, b), NL, 0);
    int nl = leaves_of(s, b, s->leaves);
    for (int i = 0; i < nl; i++) {
        int x = s->leaves[i];
        if (s->label[s->inblossom[x]] == 2) {
            assert(s->nqueue < s->n);
            s->queue[s->nqueue++] = x;
        }
        s->inblossom[x] = b;
        set_sg(s, x, 1);
    }
    /* Best edges from the new blossom to each neighbouring S-blossom. */
    int tn = 0;
    for (int c = 0; c < cnt; c++) {
        int sub = ch[c];
        if (s->bbest[sub]) {
            for (int i = 0; i < s->nbbest[sub]; i++)
                CORE(consider_best)(s, b, s->bbest[sub][i], &tn);
        } else {
            int nsl = leaves_of(s, sub, s->leaves);
            for (int i = 0; i < nsl; i++) {
                int x = s->leaves[i];
                for (int q = s->nb_start[x]; q < s->nb_start[x + 1]; q++)
                    CORE(consider_best)(s, b, s->nb[q] >> 1, &tn);
            }
        }
        free(s->bbest[sub]);
        s->bbest[sub] = NULL;
        s->nbbest[sub] = 0;
        s->bestedge[sub] = -1;
    }
    int *list = malloc(sizeof(int) * (size_t)(tn ? tn : 1));
    if (!list)
        s->oom = true;
    s->bestedge[b] = -1;
    for (int i = 0; i < tn; i++) {
        int kk = s->bestto[s->touched[i]];
        s->bestto[s->touched[i]] = -1;
        if (list)
            list[i] = kk;
        if (s->bestedge[b] == -1 || CORE(slack_less)(s, kk, s->bestedge[b]))
            s->bestedge[b] = kk;
    }
    s->bbest[b] = list;
    s->nbbest[b] = list ? tn : 0;
    if (s->bestedge[b] != -1)
        note_best(s, b);
}

/* Scan the queue; returns true after an augmentation. */
static bool CORE(scan_queue)(ws *s) {
    NUM(zero);
    sw_limbs_set_i64(zero, NL, 0);
    while (s->nqueue > 0 && !s->oom) {
        int v = s->queue[--s->nqueue];
        for (int q = s->nb_start[v]; q < s->nb_start[v + 1]; q++) {
            int p = s->nb[q], k = p >> 1, w = s->nbv[q];
            if (s->inblossom[v] == s->inblossom[w])
                continue;
            assert(s->allow[k] || CORE(slack_sign)(s, k, zero) >= 0); /* feasible */
            if (!s->allow[k]) {
                /* The slack's low limb first (mod 2^64, from the arrays read
                 * in order): not 0 there, not 0 at all; nearly every edge. */
                uint64_t lo = CDUAL(s, v)[0] + CDUAL(s, w)[0] - s->nblo[q];
                if (s->dnz)
                    lo -= (uint64_t)(s->sg[v] + s->sg[w]) * CDMUL(s, 1)[0];
                if (lo == 0 && CORE(slack_zero)(s, k))
                    s->allow[k] = true;
            }
            int bw = s->inblossom[w];
            if (s->allow[k]) {
                if (s->label[bw] == 0) {
                    assign_label(s, w, 2, p ^ 1);
                } else if (s->label[bw] == 1) {
                    int bse = scan_blossom(s, v, w);
                    if (bse >= 0) {
                        CORE(add_blossom)(s, bse, k);
                        if (s->oom)
                            return false;
                    } else {
                        augment_matching(s, k);
                        return true;
                    }
                } else if (s->label[w] == 0) {
                    s->label[w] = 2;
                    s->labelend[w] = p ^ 1;
                }
            } else if (s->label[bw] == 1) {
                int b = s->inblossom[v];
                if (s->bestedge[b] == -1 || CORE(slack_less)(s, k, s->bestedge[b])) {
                    note_best(s, b);
                    s->bestedge[b] = k;
                }
            } else if (s->label[w] == 0) {
                uint64_t *key = CBKEY(s, w);
                assert(s->bestedge[w] == -1 ||
                       (CORE(key_cmp)(s, v, k, key) < 0) == CORE(slack_less)(s, k, s->bestedge[w]));
                if (s->bestedge[w] == -1 || CORE(key_cmp)(s, v, k, key) < 0) {
                    note_best(s, w);
                    s->bestedge[w] = k;
                    sw_limbs_sub(key, CDUAL(s, v), CW4(s, k), NL);
                }
            }
        }
    }
    return false;
}

/* One dual adjustment; returns false when the stage must end without augmenting. */
static bool CORE(adjust_duals)(ws *s, bool maxcard) {
    int n = s->n, L = NL, type = -1, dedge = -1, dblossom = -1;
    NUM(delta);
    NUM(d);
    sw_limbs_set_i64(delta, L, 0); /* set by the first candidate; this quiets -O3 */
    if (!maxcard) {
        type = 1;
        for (int v = 0; v < n; v++) {
            /* the dual's value: the stored number less sg D */
            sw_limbs_copy(d, CDUAL(s, v), L);
            if (s->sg[v] > 0)
                sw_limbs_sub(d, d, CDMUL(s, 1), L);
            else if (s->sg[v] < 0)
                sw_limbs_add(d, d, CDMUL(s, 1), L);
            if (v == 0 || sw_limbs_cmp(d, delta, L) < 0)
                sw_limbs_copy(delta, d, L);
        }
    }
    /* A candidate whose slack is not below delta (2 delta for an S-S
     * edge, whose slack is halved) is passed over without computing it.
     * The candidates are read from lists (ws.bl, ws.used) in any order; the
     * one taken is the least by (value, type, index), the one a scan of
     * every vertex, then every S-blossom, then every T-blossom, each in
     * index order, takes when it takes only what is smaller. */
    int who = -1; /* the index of the candidate taken */
    for (int i = 0; i < s->nbl; i++) {
        int v = s->bl[i];
        if (v >= n || s->bestedge[v] == -1 || s->label[s->inblossom[v]] != 0)
            continue;
        int sgn = type == -1 ? -1 : CORE(slack_sign)(s, s->bestedge[v], delta);
        if (sgn == 0 && type == 2 && v < who) /* as small, and first in order */
            dedge = s->bestedge[v], who = v;
        if (sgn >= 0)
            continue;
        CORE(slack)(s, s->bestedge[v], d);
        sw_limbs_copy(delta, d, L);
        type = 2, dedge = s->bestedge[v], who = v;
    }
    NUM(delta2);
    sw_limbs_shl(delta2, delta, 1, L);
    for (int i = 0; i < s->nbl; i++) {
        int b = s->bl[i];
        if (s->bestedge[b] == -1 || s->parent[b] != -1 || s->label[b] != 1)
            continue;
        int sgn = type == -1 ? -1 : CORE(slack_sign)(s, s->bestedge[b], delta2);
        if (sgn == 0 && type == 3 && b < who)
            dedge = s->bestedge[b], who = b;
        if (sgn >= 0)
            continue;
        CORE(slack)(s, s->bestedge[b], d);
        assert((d[0] & 1) == 0); /* S-S slacks are even (weights doubled) */
        sw_limbs_sar1(d, d, L);  /* exact */
        sw_limbs_copy(delta, d, L);
        type = 3, dedge = s->bestedge[b], who = b;
        sw_limbs_shl(delta2, delta, 1, L);
    }
    for (int i = 0; i < s->nused; i++) {
        int b = s->used[i];
        if (s->parent[b] != -1 || s->label[b] != 2)
            continue;
        int c = type == -1 ? -1 : sw_limbs_cmp(CDUAL(s, b), delta, L);
        if (c == 0 && type == 4 && b < who)
            dblossom = b, who = b;
        if (c >= 0)
            continue;
        sw_limbs_copy(delta, CDUAL(s, b), L);
        type = 4, dblossom = b, who = b;
    }
    if (type == -1) /* max-cardinality mode and no way forward: optimum reached */
        return false;
    assert(!sw_limbs_is_neg(delta, L)); /* dual feasibility: no slack below 0 */
    /* The vertices' part: D += delta (lazy; see ws.sg). */
    sw_limbs_add(CDMUL(s, 1), CDMUL(s, 1), delta, L);
    sw_limbs_shl(CDMUL(s, 2), CDMUL(s, 1), 1, L);
    sw_limbs_add(CDMUL(s, 3), CDMUL(s, 2), CDMUL(s, 1), L);
    sw_limbs_shl(CDMUL(s, 4), CDMUL(s, 2), 1, L);
    s->dnz = !sw_limbs_is_zero(CDMUL(s, 1), L);
    for (int i = 0; i < s->nused; i++) {
        int b = s->used[i];
        if (s->parent[b] == -1) {
            if (s->label[b] == 1)
                sw_limbs_add(CDUAL(s, b), CDUAL(s, b), delta, L);
            else if (s->label[b] == 2)
                sw_limbs_sub(CDUAL(s, b), CDUAL(s, b), delta, L);
            assert(!sw_limbs_is_neg(CDUAL(s, b), L)); /* blossom duals z >= 0 (delta4) */
        }
    }
    if (type == 1)
        return false;
    if (type == 2 || type == 3) {
        s->allow[dedge] = true;
        int i = s->endpoint[2 * dedge], j = s->endpoint[2 * dedge + 1];
        if (s->label[s->inblossom[i]] == 0)
            i = j;
        assert(s->nqueue < s->n);
        s->queue[s->nqueue++] = i;
    } else {
        expand_blossom(s, dblossom, false);
    }
    return true;
}

/* Each free vertex in turn: its dual lowered to the least value keeping its
 * edges feasible, and matched to a free neighbour whose edge is then tight.
 * The duals stay even when they are (slacks between S-vertices must be). */
static void CORE(lower_free)(ws *s) {
    int n = s->n, L = NL;
    NUM(low);
    NUM(need);
    for (int v = 0; v < n; v++) {
        if (s->mate[v] != -1 || s->nb_start[v] == s->nb_start[v + 1])
            continue;
        /* Lower u_v to the least value keeping every edge feasible; a free
         * neighbour on a now-tight edge becomes the mate. need = 2 w2 - u_w. */
        sw_limbs_set_i64(low, L, 0); /* set by the first edge; this quiets -O3 */
        for (int q = s->nb_start[v]; q < s->nb_start[v + 1]; q++) {
            int p = s->nb[q];
            sw_limbs_sub(need, CW4(s, p >> 1), CDUAL(s, s->endpoint[p]), L);
            if (q == s->nb_start[v] || sw_limbs_cmp(need, low, L) > 0)
                sw_limbs_copy(low, need, L);
        }
        int pick = -1;
        for (int q = s->nb_start[v]; q < s->nb_start[v + 1] && pick < 0; q++) {
            int p = s->nb[q], w = s->endpoint[p];
            if (s->mate[w] != -1)
                continue;
            sw_limbs_sub(need, CW4(s, p >> 1), CDUAL(s, w), L);
            if (sw_limbs_cmp(need, low, L) == 0)
                pick = q;
        }
        sw_limbs_copy(CDUAL(s, v), low, L);
        if (pick >= 0) {
            int p = s->nb[pick];
            s->mate[v] = p;
            s->mate[s->endpoint[p]] = p ^ 1;
        }
    }
}

static void CORE(greedy_start)(ws *s) {
    int n = s->n, L = NL;
    for (int v = 0; v < n; v++) {
        uint64_t *best = CDUAL(s, v);
        sw_limbs_set_i64(best, L, 0);
        for (int q = s->nb_start[v]; q < s->nb_start[v + 1]; q++) {
            const uint64_t *w = CW4(s, s->nb[q] >> 1);
            if (q == s->nb_start[v] || sw_limbs_cmp(w, best, L) > 0)
                sw_limbs_copy(best, w, L);
        }
        sw_limbs_sar1(best, best, L); /* the heaviest w2: 4 w halved, exactly */
    }
    CORE(lower_free)(s);
}

/* A start from given vertex duals y0 and a matching mate0 (vertex mates,
 * -1 free), e.g. a solve's on fewer edges: the duals are made even (raised
 * by one where odd) and feasible (an edge below 0 raises one end), the
 * pairs of mate0 whose edge is then tight are kept, and the free vertices
 * are lowered and matched as in the greedy start. No blossoms: the caller
 * folds their duals into y0. */
static void CORE(warm_start)(ws *s, const uint64_t *y0, const int *mate0) {
    int n = s->n, L = NL;
    NUM(one);
    NUM(sl);
    sw_limbs_set_i64(one, L, 1);
    for (int v = 0; v < n; v++) {
        uint64_t *u = CDUAL(s, v);
        sw_limbs_copy(u, y0 + (size_t)v * (size_t)L, L);
        if (u[0] & 1)
            sw_limbs_add(u, u, one, L);
    }
    for (int k = 0; k < s->m; k++) {
        CORE(slack)(s, k, sl);
        if (sw_limbs_is_neg(sl, L)) {
            uint64_t *u = CDUAL(s, s->endpoint[2 * k]);
            sw_limbs_sub(u, u, sl, L); /* even: every number is */
        }
    }
    for (int v = 0; v < n; v++) {
        int w = mate0 ? mate0[v] : -1;
        if (w <= v || w >= n || s->mate[v] != -1 || s->mate[w] != -1)
            continue;
        for (int q = s->nb_start[v]; q < s->nb_start[v + 1]; q++) {
            int p = s->nb[q];
            if (s->endpoint[p] != w)
                continue;
            CORE(slack)(s, p >> 1, sl);
            if (sw_limbs_is_zero(sl, L)) {
                s->mate[v] = p;
                s->mate[w] = p ^ 1;
                break;
            }
        }
    }
    CORE(lower_free)(s);
}

/* Run stages until no augmenting path remains. */
static void CORE(solve)(ws *s, bool maxcard) {
    int n = s->n;
    for (int stage = 0; stage < n && !s->oom; stage++) {
        for (int b = 0; b < 2 * n; b++) {
            s->label[b] = 0;
            s->bestedge[b] = -1;
            if (b >= n) {
                free(s->bbest[b]);
                s->bbest[b] = NULL;
                s->nbbest[b] = 0;
            }
        }
        for (int i = 0; i < s->nbl; i++)
            s->inbl[s->bl[i]] = false;
        s->nbl = 0;
        memset(s->allow, 0, sizeof(bool) * (size_t)s->m);
        s->nqueue = 0;
        for (int v = 0; v < n; v++)
            if (s->mate[v] == -1 && s->label[s->inblossom[v]] == 0)
                assign_label(s, v, 1, -1);
        bool augmented = false;
        for (;;) {
            augmented = CORE(scan_queue)(s);
            if (augmented || s->oom)
                break;
            if (!CORE(adjust_duals)(s, maxcard) || s->oom)
                break;
        }
        settle_duals(s);
        if (!augmented || s->oom)
            break;
        for (int b = n; b < 2 * n; b++)
            if (s->parent[b] == -1 && s->base[b] >= 0 && s->label[b] == 1 &&
                sw_limbs_is_zero(CDUAL(s, b), NL))
                expand_blossom(s, b, true);
    }
}

#undef CORE_CAT2
#undef CORE_CAT
#undef CORE
#undef NL
#undef CDUAL
#undef CDMUL
#undef CBKEY
#undef CW4
#undef SW_CORE_SUFFIX
#undef SW_CORE_LIMBS
#undef SW_CORE_BUF
#undef NUM
