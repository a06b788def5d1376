/* tests/fuzz/fuzz_event.h: the check shared by the two event harnesses
 * (text and JSON input): an event read and checked, written as the analyze
 * JSON of 'seat --json' (sw_seating_report), must read back as the same
 * players (with their entries, withdrawals, substitutes and teams), rounds and results. Standings
 * and scripts are not part of that output. The text and CSV reports are built too, for what they
 * walk. SPDX-License-Identifier: MIT */
#ifndef SW_FUZZ_EVENT_H
#define SW_FUZZ_EVENT_H

#include "fuzz_common.h"
#include "seating/seating.h"

/* Which reader sw_seating_event_read picks: JSON when the first character
 * after blanks is '{'. */
static inline bool sw_fuzz_event_is_json(const uint8_t *data, size_t size) {
    size_t i = 0;
    while (i < size && (data[i] == ' ' || data[i] == '\t' || data[i] == '\r' || data[i] == '\n'))
        i++;
    return i < size && data[i] == '{';
}

static inline bool sw_fuzz_same_event(const sw_seating_event *a, const sw_seating_event *b) {
    if (a->nplayers != b->nplayers || a->nrounds != b->nrounds)
        return false;
    for (int p = 0; p < a->nplayers; p++)
        if (a->players[p].id != b->players[p].id ||
            strcmp(a->players[p].name, b->players[p].name) != 0)
            return false;
    /* an event that changes: entries, withdrawals, substitutes and teams */
    for (int p = 0; p < a->nplayers; p++) {
        const sw_seating_player *x = &a->players[p], *y = &b->players[p];
        if (x->from != y->from || x->until != y->until || x->continues != y->continues ||
            (x->team < 0) != (y->team < 0) ||
            (x->team >= 0 && strcmp(a->teams[x->team], b->teams[y->team]) != 0))
            return false;
    }
    for (int r = 0; r < a->nrounds; r++) {
        const sw_seating_round *x = &a->rounds[r], *y = &b->rounds[r];
        if (x->ntables != y->ntables)
            return false;
        for (int t = 0; t < x->ntables; t++)
            if (memcmp(x->tables[t].seat, y->tables[t].seat, sizeof x->tables[t].seat) != 0)
                return false;
        /* the results, read back as entered (a table without any: zeros) */
        for (int t = 0; t < x->ntables; t++) {
            static const sw_seating_result none = {0};
            const sw_seating_result *p = x->results ? &x->results[t] : &none;
            const sw_seating_result *q = y->results ? &y->results[t] : &none;
            if (p->kind != q->kind || memcmp(p->chombo, q->chombo, sizeof p->chombo) ||
                (p->kind &&
                 (memcmp(p->v, q->v, sizeof p->v) || memcmp(p->place, q->place, sizeof p->place))))
                return false;
        }
    }
    const sw_mahjong_rules *r = &a->rules, *s = &b->rules;
    if (a->has_results && (r->start != s->start || r->oka != s->oka || r->chombo != s->chombo ||
                           memcmp(r->uma, s->uma, sizeof r->uma) || strcmp(r->name, s->name)))
        return false;
    return true;
}

static inline void sw_fuzz_event(const uint8_t *data, size_t size, const char *file) {
    sw_seating_event ev;
    sw_error err;
    sw_seating_event_init(&ev);
    if (sw_seating_event_read(&ev, (const char *)data, size, file, &err) != SW_OK ||
        sw_seating_event_check(&ev, &err) != SW_OK) {
        sw_seating_event_free(&ev);
        return;
    }
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    if (sw_seating_report(&ev, SW_SEATING_TEXT, 0, &sb, &err) != SW_OK ||
        sw_seating_report(&ev, SW_SEATING_CSV, 0, &sb, &err) != SW_OK)
        sw_fuzz_fail("the text or CSV report failed", &err, NULL);
    sw_strbuf_free(&sb);
    sw_strbuf_init(&sb);
    if (sw_seating_report(&ev, SW_SEATING_JSON, 0, &sb, &err) != SW_OK)
        sw_fuzz_fail("the JSON report failed", &err, NULL);
    sw_fuzz_written(&sb);
    /* the results' standings: every player once, ranks 1.. in order */
    sw_mahjong_standing *st = NULL;
    if (sw_mahjong_standings(&ev, &st, &err) == SW_OK) {
        for (int i = 0; i < ev.nplayers; i++)
            if (st[i].rank < 1 || st[i].rank > i + 1 || (i && st[i].rank < st[i - 1].rank))
                sw_fuzz_fail("standings ranks out of order", NULL, NULL);
        sw_strbuf rep;
        for (int f = 0; f < 3; f++) {
            sw_strbuf_init(&rep);
            sw_seating_format fmt = f == 0   ? SW_SEATING_TEXT
                                    : f == 1 ? SW_SEATING_CSV
                                             : SW_SEATING_JSON;
            if (sw_mahjong_standings_report(&ev, fmt, &rep, &err) != SW_OK)
                sw_fuzz_fail("the standings report failed", &err, NULL);
            sw_strbuf_free(&rep);
        }
    }
    free(st);
    sw_seating_event back;
    sw_seating_event_init(&back);
    if (sw_seating_event_read(&back, sb.data, sb.len, "written.json", &err) != SW_OK ||
        sw_seating_event_check(&back, &err) != SW_OK)
        sw_fuzz_fail("the written JSON is not read back", &err, &sb);
    if (!sw_fuzz_same_event(&ev, &back))
        sw_fuzz_fail("the event read back has other players or rounds", NULL, &sb);
    sw_seating_event_free(&back);
    sw_seating_event_free(&ev);
    sw_strbuf_free(&sb);
}

#endif
