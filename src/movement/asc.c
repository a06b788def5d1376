/* src/movement/asc.c: reading and writing ASC movement files (docs/movements.md).
 * A file is a header ("P T R G I" or the short "P R"), one line per round of
 * "NS EW group" entries, and free text after the first line that does not
 * start with a number, of which only a leading "Qf=.." / "Qo=.." line is read.
 * The short header leaves T and G open, so the entries are collected first
 * and the movement is built once the whole round block has been read.
 * SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "movement/movement.h"
#include "movement/movement_internal.h"
#include "util/fileio.h"

/* Numbers saturate here: anything larger is over every limit anyway. */
#define ASC_BIG 1000000000L
/* Longest letter group read: 26^4 > SW_MOVEMENT_MAX_GROUPS. */
#define ASC_MAX_LETTERS 4

typedef enum { TOK_END, TOK_NUM, TOK_WORD, TOK_BAD } tok_kind;

typedef struct token {
    tok_kind kind;
    const char *text;
    size_t len;
    long value; /* TOK_NUM: saturated at ASC_BIG; TOK_WORD: the group number */
} token;

typedef struct asc_entry {
    int ns, ew, group;
} asc_entry;

typedef struct asc_parser {
    const char *file;
    const char *p, *end; /* the text not read yet */
    int line;            /* number of the line last read */
    sw_error *err;
    /* header */
    int P, T, R, G;
    bool short_header;
    /* the round block */
    asc_entry *ent; /* round-major, ent_per_round entries per round */
    int *count;     /* [r]: entries read in round r */
    int *round_line;
    int rounds;
    int cap_entries; /* entries a round may hold: T, or the table limit */
    int max_entries, max_group;
    bool style_known;
    sw_group_style style;
    /* reference values */
    bool has_qf, has_qo;
    double qf, qo;
} asc_parser;

static sw_status fail(asc_parser *ps, sw_status code, int line, const char *fmt, ...)
    SW_PRINTF(4, 5);

static sw_status fail(asc_parser *ps, sw_status code, int line, const char *fmt, ...) {
    char msg[sizeof ps->err->msg];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return sw_error_set(ps->err, code, ps->file, line, "%s", msg);
}

static bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

static bool is_digit(char c) {
    return c >= '0' && c <= '9';
}

static bool is_letter(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

static bool is_separator(char c) {
    return is_space(c) || c == '-' || c == ':' || c == ',' || c == ';';
}

/* Quote a token for a message: printable text as is, other bytes as hex. */
static void describe(const char *s, size_t n, char *buf, size_t size) {
    if (n == 1 && ((unsigned char)s[0] < 0x20 || (unsigned char)s[0] >= 0x7f))
        snprintf(buf, size, "byte 0x%02x", (unsigned char)s[0]);
    else
        snprintf(buf, size, "'%.*s'", n > 24 ? 24 : (int)n, s);
}

static long parse_digits(const char *s, size_t n) {
    long v = 0;
    for (size_t i = 0; i < n; i++)
        v = v >= ASC_BIG ? ASC_BIG : v * 10 + (s[i] - '0');
    return v > ASC_BIG ? ASC_BIG : v;
}

/* A letter group in bijective base 26 (A = 1, Z = 26, AA = 27), either case. */
static long parse_letters(const char *s, size_t n) {
    if (n > ASC_MAX_LETTERS)
        return ASC_BIG;
    long v = 0;
    for (size_t i = 0; i < n; i++) {
        char c = (char)(s[i] >= 'a' ? s[i] - 'a' + 'A' : s[i]);
        v = v * 26 + (c - 'A' + 1);
    }
    return v;
}

/* Next token of [*s, e): a run of digits, a run of letters or one bad byte;
 * separators before it are skipped. */
static void next_token(const char **s, const char *e, token *tok) {
    const char *q = *s;
    while (q < e && is_separator(*q))
        q++;
    tok->text = q;
    tok->len = 0;
    tok->value = 0;
    if (q == e) {
        tok->kind = TOK_END;
    } else if (is_digit(*q)) {
        while (q < e && is_digit(*q))
            q++;
        tok->kind = TOK_NUM;
        tok->len = (size_t)(q - tok->text);
        tok->value = parse_digits(tok->text, tok->len);
    } else if (is_letter(*q)) {
        while (q < e && is_letter(*q))
            q++;
        tok->kind = TOK_WORD;
        tok->len = (size_t)(q - tok->text);
        tok->value = parse_letters(tok->text, tok->len);
    } else {
        tok->kind = TOK_BAD;
        tok->len = 1;
        q++;
    }
    *s = q;
}

/* Next line with its comment removed and its leading blanks skipped.
 * Returns 0 at the end of the text. */
static int next_content_line(asc_parser *ps, const char **s, const char **e) {
    size_t n;
    if (!sw_next_line(&ps->p, ps->end, s, &n))
        return 0;
    ps->line++;
    const char *hash = memchr(*s, '#', n);
    *e = hash ? hash : *s + n;
    while (*s < *e && is_space(**s))
        (*s)++;
    return 1;
}

/* ---- header ------------------------------------------------------------ */

static sw_status header_number(asc_parser *ps, const char *name, long v, long lo, long hi,
                               int *out) {
    if (v < lo)
        return fail(ps, SW_ERR_PARSE, ps->line, "header: %ld %s, expected at least %ld", v, name,
                    lo);
    if (v > hi)
        return fail(ps, SW_ERR_LIMIT, ps->line, "header: %s%ld %s, supported at most %ld",
                    v >= ASC_BIG ? "over " : "", v, name, hi);
    *out = (int)v;
    return SW_OK;
}

/* The header's numbers: whitespace separated, digits only. */
static sw_status header_tokens(asc_parser *ps, const char *s, const char *e, long *v, int *n) {
    *n = 0;
    while (s < e) {
        while (s < e && is_space(*s))
            s++;
        if (s == e)
            break;
        const char *t = s;
        while (s < e && !is_space(*s))
            s++;
        size_t len = (size_t)(s - t);
        for (size_t i = 0; i < len; i++)
            if (!is_digit(t[i])) {
                char what[48];
                describe(t, len, what, sizeof what);
                return fail(ps, SW_ERR_PARSE, ps->line,
                            "header: found %s, expected a non-negative whole number "
                            "('P T R G 0' or 'P R')",
                            what);
            }
        if (*n == 5)
            return fail(ps, SW_ERR_PARSE, ps->line,
                        "header: found more than 5 numbers, expected 'P T R G 0' or 'P R'");
        v[(*n)++] = parse_digits(t, len);
    }
    return SW_OK;
}

static sw_status read_header(asc_parser *ps) {
    const char *s, *e;
    for (;;) {
        if (!next_content_line(ps, &s, &e))
            return fail(ps, SW_ERR_PARSE, ps->line > 0 ? ps->line : 1,
                        "found no header, expected a first line 'P T R G 0' or 'P R'");
        if (s < e)
            break;
    }
    long v[5];
    int n;
    sw_status st = header_tokens(ps, s, e, v, &n);
    if (st)
        return st;
    if (n != 5 && n != 2)
        return fail(ps, SW_ERR_PARSE, ps->line,
                    "header: found %d numbers, expected 5 ('P T R G 0') or 2 ('P R')", n);
    ps->short_header = n == 2;
    if ((st = header_number(ps, "pairs", v[0], 1, SW_MOVEMENT_MAX_POSITIONS, &ps->P)))
        return st;
    if (ps->short_header)
        return header_number(ps, "rounds", v[1], 1, SW_MOVEMENT_MAX_ROUNDS, &ps->R);
    if ((st = header_number(ps, "tables", v[1], 1, SW_MOVEMENT_MAX_TABLES, &ps->T)) ||
        (st = header_number(ps, "rounds", v[2], 1, SW_MOVEMENT_MAX_ROUNDS, &ps->R)) ||
        (st = header_number(ps, "board groups", v[3], 0, SW_MOVEMENT_MAX_GROUPS, &ps->G)))
        return st;
    return SW_OK; /* v[4], balans' flag, carries nothing seatwise uses */
}

/* ---- the round block --------------------------------------------------- */

static sw_status expect_pair(asc_parser *ps, const token *tok, int entry, int *out) {
    char what[48];
    if (tok->kind == TOK_END)
        return fail(ps, SW_ERR_PARSE, ps->line,
                    "entry %d: truncated, expected 'NS EW group' (a pair number is missing)",
                    entry);
    if (tok->kind != TOK_NUM) {
        describe(tok->text, tok->len, what, sizeof what);
        return fail(ps, SW_ERR_PARSE, ps->line, "entry %d: found %s, expected a pair number", entry,
                    what);
    }
    if (tok->value > ps->P) {
        describe(tok->text, tok->len, what, sizeof what);
        return fail(ps, SW_ERR_INVALID, ps->line,
                    "entry %d: pair %s out of range, expected 0..%d (the header's P)", entry, what,
                    ps->P);
    }
    *out = (int)tok->value;
    return SW_OK;
}

/* The group of a table: one style per file, within the limits. Only a
 * seated table's group sets the style: an empty table plays no boards, and
 * the written movement names no group there. */
static sw_status expect_group(asc_parser *ps, const token *tok, int entry, bool seated, int *out) {
    char what[48];
    if (tok->kind == TOK_END)
        return fail(ps, SW_ERR_PARSE, ps->line,
                    "entry %d: truncated, expected 'NS EW group' (the board group is missing)",
                    entry);
    describe(tok->text, tok->len, what, sizeof what);
    if (tok->kind == TOK_BAD)
        return fail(ps, SW_ERR_PARSE, ps->line, "entry %d: found %s, expected a board group", entry,
                    what);
    if (tok->value > SW_MOVEMENT_MAX_GROUPS)
        return fail(ps, SW_ERR_LIMIT, ps->line,
                    "entry %d: board group %s, supported at most %d groups", entry, what,
                    SW_MOVEMENT_MAX_GROUPS);
    if (tok->value == 0) { /* a seated table without boards: validation decides */
        *out = 0;
        return SW_OK;
    }
    sw_group_style style = tok->kind == TOK_WORD ? SW_GROUPS_LETTERS : SW_GROUPS_NUMBERS;
    if (ps->style_known && style != ps->style)
        return fail(ps, SW_ERR_PARSE, ps->line,
                    "entry %d: board group %s is a %s, expected a %s like the groups before", entry,
                    what, style == SW_GROUPS_LETTERS ? "letter" : "number",
                    style == SW_GROUPS_LETTERS ? "number" : "letter");
    if (seated) {
        ps->style_known = true;
        ps->style = style;
    }
    if (!ps->short_header && tok->value > ps->G)
        return fail(ps, SW_ERR_PARSE, ps->line,
                    "entry %d: board group %s, expected at most %d groups (the header's G)", entry,
                    what, ps->G);
    *out = (int)tok->value;
    return SW_OK;
}

static sw_status add_entry(asc_parser *ps, int r, const asc_entry *en) {
    int k = ps->count[r];
    if (k == ps->cap_entries) {
        if (ps->short_header)
            return fail(ps, SW_ERR_LIMIT, ps->line,
                        "more than %d entries, supported at most %d "
                        "tables",
                        k, SW_MOVEMENT_MAX_TABLES);
        return fail(ps, SW_ERR_PARSE, ps->line,
                    "found more than %d entries, expected at most %d (the header's T)", k, ps->T);
    }
    ps->ent[(size_t)r * (size_t)ps->cap_entries + (size_t)k] = *en;
    ps->count[r] = k + 1;
    if (k + 1 > ps->max_entries)
        ps->max_entries = k + 1;
    if (en->group > ps->max_group)
        ps->max_group = en->group;
    return SW_OK;
}

static sw_status read_round(asc_parser *ps, const char *s, const char *e) {
    if (ps->rounds == ps->R)
        return fail(ps, SW_ERR_PARSE, ps->line,
                    "found more than %d round lines, expected %d (the header's R)", ps->R, ps->R);
    int r = ps->rounds++;
    ps->round_line[r] = ps->line;
    token tok;
    for (int entry = 1;; entry++) {
        next_token(&s, e, &tok);
        if (tok.kind == TOK_END)
            return SW_OK;
        asc_entry en = {0, 0, 0};
        int group = 0;
        sw_status st = expect_pair(ps, &tok, entry, &en.ns);
        if (!st) {
            next_token(&s, e, &tok);
            st = expect_pair(ps, &tok, entry, &en.ew);
        }
        if (!st) {
            next_token(&s, e, &tok);
            st = expect_group(ps, &tok, entry, en.ns || en.ew, &group);
        }
        if (st)
            return st;
        if (en.ns || en.ew) /* an empty table plays no boards, whatever it names */
            en.group = group;
        if ((st = add_entry(ps, r, &en)))
            return st;
    }
}

/* Round lines up to the first line that does not start with a number; the
 * remaining text is left in ps->p for the reference values. */
static sw_status read_rounds(asc_parser *ps) {
    const char *mark = ps->p;
    int mark_line = ps->line;
    const char *s, *e;
    int end_line = ps->line; /* the line that ended the rounds, for a short count */
    while (next_content_line(ps, &s, &e)) {
        if (s == e) /* blank or comment only, also between rounds */
            continue;
        if (!is_digit(*s)) {
            end_line = ps->line;
            ps->p = mark; /* give the text after the rounds back to read_refs */
            ps->line = mark_line;
            break;
        }
        sw_status st = read_round(ps, s, e);
        if (st)
            return st;
        mark = ps->p;
        mark_line = ps->line;
        end_line = ps->line;
    }
    if (ps->p == ps->end)
        end_line = ps->line;
    if (ps->rounds < ps->R)
        return fail(ps, SW_ERR_PARSE, end_line,
                    "found %d round lines, expected %d (the header's R)", ps->rounds, ps->R);
    return SW_OK;
}

/* ---- reference values -------------------------------------------------- */

/* "KEY = number" at s (KEY is 2 characters); returns the end of the value or
 * NULL when s does not hold a key and '='. */
static const char *ref_key(const char *s, const char *e, const char *key) {
    if (e - s < 2 || s[0] != key[0] || s[1] != key[1])
        return NULL;
    s += 2;
    while (s < e && is_space(*s))
        s++;
    return (s < e && *s == '=') ? s + 1 : NULL;
}

/* A reference value is one of balans' quality factors, a percentage: the
 * reader and the writer take the same range, so what is read is written. */
static bool ref_in_range(double v) {
    return v >= 0 && v <= 100; /* false for NaN */
}

/* The value after "KEY=": a decimal number from 0 to 100 of at most 40
 * characters ("83.76", "100", "5."), ended by the line, a blank, ',' or ';'.
 * Anything else (letters inside the number, a sign, an exponent, a value
 * over 100) is an error quoting the text up to the next blank. */
static sw_status ref_value(asc_parser *ps, const char *s, const char *e, const char *key,
                           double *out) {
    while (s < e && is_space(*s))
        s++;
    const char *v = s;
    while (s < e && is_digit(*s))
        s++;
    bool whole = s > v;
    if (whole && s < e && *s == '.')
        for (s++; s < e && is_digit(*s);)
            s++;
    size_t n = (size_t)(s - v);
    bool ended = s == e || is_space(*s) || *s == ',' || *s == ';';
    double x = -1;
    if (whole && ended && n <= 40) {
        char buf[48];
        memcpy(buf, v, n);
        buf[n] = '\0';
        x = strtod(buf, NULL);
    }
    if (!ref_in_range(x)) {
        const char *t = v;
        while (t < e && !is_space(*t))
            t++;
        char what[48];
        describe(v, (size_t)(t - v), what, sizeof what);
        return fail(ps, SW_ERR_PARSE, ps->line,
                    "%s= followed by %s%s, expected a number from 0 to 100", key,
                    t > v ? what : "nothing", t - v > 24 ? "..." : "");
    }
    *out = x;
    return SW_OK;
}

/* Every Qf= / Qo= on one reference line; the first value of each key wins. */
static sw_status read_ref_line(asc_parser *ps, const char *s, const char *e) {
    for (const char *q = s; q < e; q++) {
        const char *v;
        sw_status st = SW_OK;
        if ((v = ref_key(q, e, "Qf")) && !ps->has_qf) {
            st = ref_value(ps, v, e, "Qf", &ps->qf);
            ps->has_qf = !st;
        } else if ((v = ref_key(q, e, "Qo")) && !ps->has_qo) {
            st = ref_value(ps, v, e, "Qo", &ps->qo);
            ps->has_qo = !st;
        }
        if (st)
            return st;
    }
    return SW_OK;
}

/* Only lines that start with "Qf=" or "Qo=" are reference lines: the same
 * keys inside notes (renumbering tables, claims) belong to other sessions. */
static sw_status read_refs(asc_parser *ps) {
    size_t n;
    const char *s;
    while (sw_next_line(&ps->p, ps->end, &s, &n)) {
        ps->line++;
        const char *e = s + n;
        while (s < e && is_space(*s))
            s++;
        if (ref_key(s, e, "Qf") || ref_key(s, e, "Qo")) {
            sw_status st = read_ref_line(ps, s, e);
            if (st)
                return st;
        }
    }
    return SW_OK;
}

/* ---- building ---------------------------------------------------------- */

static sw_status build(asc_parser *ps, sw_movement *out) {
    int T = ps->short_header ? ps->max_entries : ps->T;
    int G = ps->short_header ? ps->max_group : ps->G;
    sw_movement m;
    sw_status st = sw_movement_init(&m, ps->P, T, ps->R, G, 2, ps->err);
    if (st)
        return st;
    for (int r = 0; r < ps->R; r++)
        for (int k = 0; k < ps->count[r]; k++) {
            const asc_entry *en = &ps->ent[(size_t)r * (size_t)ps->cap_entries + (size_t)k];
            sw_table *tb = &m.table[(size_t)r * (size_t)T + (size_t)k];
            tb->seat[0] = en->ns;
            tb->seat[1] = en->ew;
            tb->group = en->group;
        }
    m.group_style = ps->style_known ? ps->style : SW_GROUPS_LETTERS;
    m.has_ref_qf = ps->has_qf;
    m.ref_qf = ps->qf;
    m.has_ref_qo = ps->has_qo;
    m.ref_qo = ps->qo;
    if ((st = sw_movement_check(&m, ps->file, ps->round_line, ps->err))) {
        sw_movement_free(&m);
        return st;
    }
    *out = m;
    return SW_OK;
}

static sw_status parse(asc_parser *ps, sw_movement *m) {
    sw_status st = read_header(ps);
    if (st)
        return st;
    ps->cap_entries = ps->short_header ? SW_MOVEMENT_MAX_TABLES : ps->T;
    /* The short header's T is unknown: rounds are capped at the table limit,
     * 200 x 500 entries at most, allocated once. */
    ps->ent = malloc((size_t)ps->R * (size_t)ps->cap_entries * sizeof *ps->ent);
    ps->count = calloc((size_t)ps->R, sizeof *ps->count);
    ps->round_line = calloc((size_t)ps->R, sizeof *ps->round_line);
    if (!ps->ent || !ps->count || !ps->round_line)
        return fail(ps, SW_ERR_NOMEM, 0, "out of memory");
    if ((st = read_rounds(ps)) || (st = read_refs(ps)))
        return st;
    return build(ps, m);
}

sw_status sw_movement_parse_asc(const char *text, size_t len, const char *file, sw_movement *m,
                                sw_error *err) {
    asc_parser ps = {.file = file, .p = text, .end = text + len, .err = err};
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
        ps.p += 3; /* a UTF-8 byte order mark from Windows editors */
    sw_status st = parse(&ps, m);
    free(ps.ent);
    free(ps.count);
    free(ps.round_line);
    return st;
}

sw_status sw_movement_read_asc(const char *path, sw_movement *m, sw_error *err) {
    char *text;
    size_t len;
    sw_status st = sw_file_read(path, &text, &len, err);
    if (st)
        return st;
    sw_movement r;
    st = sw_movement_parse_asc(text, len, path, &r, err);
    free(text);
    if (st)
        return st;
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    size_t n = strlen(base) + 1;
    r.name = malloc(n);
    if (!r.name) {
        sw_movement_free(&r);
        return sw_error_set(err, SW_ERR_NOMEM, path, 0, "out of memory");
    }
    memcpy(r.name, base, n);
    *m = r;
    return SW_OK;
}

/* ---- writing ----------------------------------------------------------- */

/* The shortest fixed-point text that reads back as exactly v. The reader
 * takes at most 40 characters, so 40 decimals do for every value it read. */
static void put_number(sw_strbuf *out, double v) {
    char buf[128];
    for (int prec = 0; prec <= 40; prec++) {
        snprintf(buf, sizeof buf, "%.*f", prec, v);
        if (strtod(buf, NULL) == v)
            break;
    }
    sw_strbuf_puts(out, buf);
}

static void write_refs(const sw_movement *m, sw_strbuf *out) {
    bool qf = m->has_ref_qf && ref_in_range(m->ref_qf);
    bool qo = m->has_ref_qo && ref_in_range(m->ref_qo);
    if (!qf && !qo)
        return;
    sw_strbuf_puts(out, "\n");
    if (qf) {
        sw_strbuf_puts(out, "Qf=");
        put_number(out, m->ref_qf);
    }
    if (qo) {
        sw_strbuf_puts(out, qf ? ", Qo=" : "Qo=");
        put_number(out, m->ref_qo);
    }
    sw_strbuf_puts(out, "\n");
}

void sw_movement_write_asc(const sw_movement *m, sw_strbuf *out) {
    if (m->seats != 2) {
        sw_strbuf_printf(out, "# not an ASC movement: %d seats per table, ASC holds 2\n", m->seats);
        return;
    }
    sw_strbuf_printf(out, "%d %d %d %d 0\n", m->positions, m->tables, m->rounds, m->groups);
    for (int r = 0; r < m->rounds; r++) {
        for (int t = 0; t < m->tables; t++) {
            const sw_table *tb = sw_movement_at(m, r, t);
            char g[16];
            sw_movement_group_name(m, tb->seat[0] ? tb->group : 0, g, sizeof g);
            sw_strbuf_printf(out, "%s%3d-%3d %s", t ? " " : "", tb->seat[0], tb->seat[1], g);
        }
        sw_strbuf_puts(out, "\n");
    }
    write_refs(m, out);
}
