/* src/season/history.c: the history file: earlier play as meetings and
 * comparisons per two participants, a small CSV (docs/formats.md; its
 * fields are split by util/csv.h, so they may be quoted):
 *
 *   # id,id,meetings[,comparisons]
 *   3,7,2
 *   3,9,1,4/3
 *
 * Meetings and comparisons are kept exact: every value is a rational,
 * stored as an integer over a common denominator, history.unit for the
 * meetings (at most SW_HISTORY_MAX_UNIT), history.scale for the
 * comparisons (each denominator up to SW_HISTORY_MAX_DENOMINATOR).
 * SPDX-License-Identifier: MIT */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "season/season.h"
#include "season/season_internal.h"
#include "util/fileio.h"
#include "util/wide.h"

static const char *const field_name[] = {"first participant", "second participant", "meetings",
                                         "comparisons"};

void sw_history_free(sw_history *h) {
    free(h->meet);
    free(h->comp);
    free(h->players_left_out);
    for (int i = 0; i < h->nfiles; i++)
        free(h->files[i]);
    free(h->files);
    memset(h, 0, sizeof *h);
}

int32_t sw_history_max_meetings(const sw_season *s) {
    int32_t mx = 0;
    if (!s->history.meet)
        return 0;
    size_t nn = (size_t)s->n * (size_t)s->n;
    for (size_t x = 0; x < nn; x++)
        if (s->history.meet[x] > mx)
            mx = s->history.meet[x];
    return mx;
}

long sw_csv_digits(const char *p, size_t n) {
    if (n == 0 || n > 9)
        return -1;
    long v = 0;
    for (size_t i = 0; i < n; i++) {
        if (!isdigit((unsigned char)p[i]))
            return -1;
        v = v * 10 + (p[i] - '0');
    }
    return v;
}

int sw_csv_rational(sw_csv_field f, int64_t *num, int64_t *den) {
    const char *p = f.p, *end = f.p + f.n;
    bool neg = false;
    if (p < end && (*p == '-' || *p == '+')) {
        neg = *p == '-';
        p++;
    }
    const char *dot = memchr(p, '.', (size_t)(end - p)), *slash = memchr(p, '/', (size_t)(end - p));
    int64_t a, b = 1;
    if (dot && slash)
        return -1;
    if (slash) {
        long x = sw_csv_digits(p, (size_t)(slash - p)),
             y = sw_csv_digits(slash + 1, (size_t)(end - slash - 1));
        if (x < 0 || y <= 0)
            return -1;
        a = x;
        b = y;
    } else if (dot) {
        size_t ni = (size_t)(dot - p), nf = (size_t)(end - dot - 1);
        long x = ni ? sw_csv_digits(p, ni) : 0, y = nf ? sw_csv_digits(dot + 1, nf) : 0;
        if (x < 0 || y < 0 || nf > 6 || (ni == 0 && nf == 0))
            return -1;
        for (size_t i = 0; i < nf; i++)
            b *= 10;
        a = (int64_t)x * b + y;
    } else {
        long x = sw_csv_digits(p, (size_t)(end - p));
        if (x < 0)
            return -1;
        a = x;
    }
    int64_t g = sw_gcd64(a, b);
    *num = neg ? -(a / g) : a / g;
    *den = b / g;
    return 0;
}

typedef struct hparser {
    const char *file;
    int line;
    sw_season *s;
    int *seen; /* [n*n]: line that listed the pair in this file, 0 = none */
    sw_error *err;
} hparser;

static sw_status bad_field(hparser *hp, int k, sw_csv_field f, const char *expect) {
    return sw_error_set(hp->err, SW_ERR_PARSE, hp->file, hp->line, "field %d (%s) '%.*s' %s", k + 1,
                        field_name[k], (int)(f.n > 40 ? 40 : f.n), f.p, expect);
}

static sw_status participant(hparser *hp, int k, sw_csv_field f, int *idx) {
    long id = sw_csv_digits(f.p, f.n);
    if (id < 1 || id > SW_PARTICIPANT_MAX_ID)
        return bad_field(hp, k, f, "is not a participant number, expected 1..999999");
    *idx = sw_season_find(hp->s, (int)id);
    if (*idx < 0)
        return sw_error_set(hp->err, SW_ERR_INVALID, hp->file, hp->line,
                            "field %d (%s): participant %ld is not in the pairs file; add them "
                            "or drop the row",
                            k + 1, field_name[k], id);
    return SW_OK;
}

/* Bring every stored comparison (what 2: meetings) to the common
 * denominator lcm(scale, den) (lcm(unit, den)), field k naming the value. */
static sw_status rescale(hparser *hp, int what, int64_t den, int k, sw_csv_field f) {
    sw_history *h = &hp->s->history;
    int64_t *cur = what == 2 ? &h->unit : &h->scale,
            most = what == 2 ? SW_HISTORY_MAX_UNIT : SW_HISTORY_MAX_SCALE;
    int64_t g = sw_gcd64(*cur, den), L = *cur / g * den;
    if (L == *cur)
        return SW_OK;
    if (L > most)
        return sw_error_set(hp->err, SW_ERR_LIMIT, hp->file, hp->line,
                            "field %d (%s) '%.*s': the denominators of the history's %s have a "
                            "common multiple above %lld; round the values to fewer decimals",
                            k + 1, field_name[k], (int)(f.n > 40 ? 40 : f.n), f.p, field_name[what],
                            (long long)most);
    int64_t mul = L / *cur;
    size_t nn = (size_t)hp->s->n * (size_t)hp->s->n;
    for (size_t x = 0; x < nn; x++)
        if (what == 2)
            h->meet[x] = (int32_t)(h->meet[x] * mul);
        else
            h->comp[x] *= mul;
    *cur = L;
    return SW_OK;
}

/* One row of nf fields (at least one). */
static sw_status parse_row(hparser *hp, const sw_csv_field *f, int nf, bool *header_ok) {
    /* A header line ("i,j,meetings,comparisons") is allowed first. */
    bool header = *header_ok && f[0].n && isalpha((unsigned char)f[0].p[0]);
    *header_ok = false;
    if (header)
        return SW_OK;
    if (nf < 3 || nf > 4)
        return sw_error_set(hp->err, SW_ERR_PARSE, hp->file, hp->line,
                            "%d field%s, expected 3 or 4: id,id,meetings[,comparisons]", nf,
                            nf == 1 ? "" : "s");
    int a, b;
    sw_status st = participant(hp, 0, f[0], &a);
    if (st == SW_OK)
        st = participant(hp, 1, f[1], &b);
    if (st != SW_OK)
        return st;
    if (a == b)
        return sw_error_set(hp->err, SW_ERR_INVALID, hp->file, hp->line,
                            "field 2 (second participant): participant %d twice, expected two "
                            "different participants",
                            hp->s->part[a].id);
    int64_t n = hp->s->n, idx = a < b ? a * n + b : b * n + a;
    if (hp->seen[idx])
        return sw_error_set(hp->err, SW_ERR_INVALID, hp->file, hp->line,
                            "participants %d and %d already listed on line %d; give each two "
                            "participants one row",
                            hp->s->part[a].id, hp->s->part[b].id, hp->seen[idx]);
    int64_t mn, md;
    if (sw_csv_rational(f[2], &mn, &md) != 0 || mn < 0 || md > SW_HISTORY_MAX_DENOMINATOR ||
        mn > SW_HISTORY_MAX_MEETINGS * md)
        return bad_field(hp, 2, f[2],
                         "is not a number of meetings, expected 0..100000: a whole number, a "
                         "decimal (7.5) or a fraction (15/2)");
    int64_t num = mn, den = md; /* the comparisons: the meetings unless given */
    if ((st = rescale(hp, 2, md, 2, f[2])) != SW_OK)
        return st;
    if (nf == 4) {
        if (sw_csv_rational(f[3], &num, &den) != 0)
            return bad_field(hp, 3, f[3],
                             "is not a number, expected an integer, a decimal (2.25) or a "
                             "fraction (7/3)");
        if (den > SW_HISTORY_MAX_DENOMINATOR || num / den > 2 * SW_HISTORY_MAX_MEETINGS ||
            num / den < -2 * SW_HISTORY_MAX_MEETINGS)
            return bad_field(hp, 3, f[3],
                             "is out of range, expected -200000..200000 with a "
                             "denominator up to 1000000");
    }
    if ((st = rescale(hp, 3, den, nf - 1, f[nf - 1])) != SW_OK)
        return st;
    sw_history *h = &hp->s->history;
    hp->seen[idx] = hp->line;
    int64_t v = num * (h->scale / den), m = mn * (h->unit / md);
    if (m > SW_HISTORY_MAX_MEETINGS * h->unit - h->meet[a * n + b])
        return sw_error_set(hp->err, SW_ERR_LIMIT, hp->file, hp->line,
                            "participants %d and %d: more than %d meetings over all history "
                            "files",
                            hp->s->part[a].id, hp->s->part[b].id, SW_HISTORY_MAX_MEETINGS);
    h->meet[a * n + b] += (int32_t)m;
    h->meet[b * n + a] += (int32_t)m;
    h->comp[a * n + b] += v;
    h->comp[b * n + a] += v;
    return SW_OK;
}

int sw_history_alloc(sw_season *s) {
    sw_history *h = &s->history;
    if (h->meet)
        return 0;
    size_t nn = (size_t)s->n * (size_t)s->n;
    h->meet = calloc(nn, sizeof *h->meet);
    h->comp = calloc(nn, sizeof *h->comp);
    h->unit = 1;
    h->scale = 1;
    if (h->meet && h->comp)
        return 0;
    free(h->meet);
    free(h->comp);
    h->meet = NULL;
    h->comp = NULL;
    return -1;
}

sw_status sw_history_parse(const char *text, size_t len, const char *file, sw_season *s,
                           sw_error *err) {
    if (!s->part || s->n < 1)
        return sw_error_set(err, SW_ERR_PARSE, file, 0,
                            "a history needs the participants first (the 'pairs' line)");
    size_t nn = (size_t)s->n * (size_t)s->n;
    hparser hp = {.file = file, .s = s, .err = err};
    hp.seen = calloc(nn, sizeof *hp.seen);
    if (sw_history_alloc(s) != 0 || !hp.seen) {
        free(hp.seen);
        return sw_error_set(err, SW_ERR_NOMEM, file, 0, "out of memory");
    }
    sw_csv c;
    sw_csv_init(&c, text, len, file, SW_CSV_HASH_COMMENTS);
    bool header_ok = true;
    sw_status st;
    while ((st = sw_csv_next(&c, err)) == SW_OK && c.nf > 0) {
        hp.line = c.line;
        if ((st = parse_row(&hp, c.field, c.nf, &header_ok)) != SW_OK)
            break;
    }
    sw_csv_free(&c);
    free(hp.seen);
    return st;
}
