/* src/seating/results.c: mahjong table results and the standings they make.
 *
 * A round's table gets a result: the final scores (game points, E S W N) or
 * the points already computed. Scores become points as Pantheon's rulesets
 * say (docs/seating.md, "Results"): score - start + uma by place + oka,
 * less the chombo penalties. Places follow the scores; equal scores are
 * placed in seat order (E first), and with `equalize` they share the uma of
 * their places equally (two or three ways, all four: none). Uma shared by
 * three and oka's quarters are not whole game points, so points are kept
 * in twelfths of a game point: exact, and the standings order is exact too.
 * The builder's half (a result or a chombo for the table read last, the
 * rules line) checks what it can while reading; the standings check what
 * needs the rules (scores adding up to 4 x start).
 * SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "seating/seating_internal.h"

/* Pantheon's EMA and WRC rulesets agree on every value used here (they
 * differ in whether a chombo ends the game, which is not a scoring
 * matter). */
static const sw_mahjong_rules presets[] = {
    {"ema", 30000, 0, 20000, {15000, 5000, -5000, -15000}, true},
    {"wrc", 30000, 0, 20000, {15000, 5000, -5000, -15000}, true},
};

bool sw_mahjong_preset(const char *name, size_t len, sw_mahjong_rules *out) {
    for (size_t i = 0; i < sizeof presets / sizeof presets[0]; i++)
        if (strlen(presets[i].name) == len && !memcmp(presets[i].name, name, len)) {
            *out = presets[i];
            return true;
        }
    return false;
}

/* The round being read and its last table, or an error naming the line. */
static sw_status last_table(sw_seating_event *ev, int section, const char *what, const char *file,
                            int line, sw_seating_round **r, sw_error *err) {
    if (section != SW_SECTION_ROUND || !ev->nrounds)
        return sw_error_set(err, SW_ERR_PARSE, file, line,
                            "%s outside a played round: expected it after a 'table' line of a "
                            "'round'",
                            what);
    *r = &ev->rounds[ev->nrounds - 1];
    if (!(*r)->ntables)
        return sw_error_set(err, SW_ERR_PARSE, file, line,
                            "%s before any table of round %d: expected it after its 'table' line",
                            what, ev->nrounds);
    if (!(*r)->results) {
        (*r)->results = calloc((size_t)(*r)->ntables, sizeof *(*r)->results);
        if (!(*r)->results)
            return sw_error_set(err, SW_ERR_NOMEM, file, line, "out of memory");
    }
    return SW_OK;
}

sw_status sw_seating_ev_result(sw_seating_event *ev, int section, int kind,
                               const int64_t v[SW_WINDS], int file_index, const char *file,
                               int line, sw_error *err) {
    sw_seating_round *r = NULL;
    const char *what = kind == SW_RESULT_SCORES ? "scores" : "points";
    sw_status st = last_table(ev, section, what, file, line, &r, err);
    if (st)
        return st;
    int t = r->ntables - 1;
    sw_seating_result *res = &r->results[t];
    if (res->kind != SW_RESULT_NONE)
        return sw_error_set(err, SW_ERR_INVALID, file, line,
                            "a second result for table %d of round %d (the first at line %d)",
                            t + 1, ev->nrounds, res->line);
    if (sw_seating_table_size(&r->tables[t]) != SW_WINDS)
        return sw_error_set(err, SW_ERR_INVALID, file, line,
                            "%s for table %d of round %d, a table of three: results need four "
                            "players",
                            what, t + 1, ev->nrounds);
    res->kind = kind;
    memcpy(res->v, v, sizeof res->v);
    res->file = file_index;
    res->line = line;
    ev->has_results = true;
    return SW_OK;
}

sw_status sw_seating_ev_places(sw_seating_event *ev, int section, const int place[SW_WINDS],
                               const char *file, int line, sw_error *err) {
    sw_seating_round *r = NULL;
    sw_status st = last_table(ev, section, "places", file, line, &r, err);
    if (st)
        return st;
    sw_seating_result *res = &r->results[r->ntables - 1];
    if (res->kind != SW_RESULT_POINTS)
        return sw_error_set(err, SW_ERR_INVALID, file, line,
                            "places for table %d of round %d: expected them after its 'points' "
                            "line (scores place the players themselves)",
                            r->ntables, ev->nrounds);
    int seen = 0;
    for (int s = 0; s < SW_WINDS; s++) {
        if (place[s] < 1 || place[s] > SW_WINDS || seen & (1 << place[s]))
            return sw_error_set(err, SW_ERR_INVALID, file, line,
                                "places must be 1, 2, 3 and 4, each once, in wind order");
        seen |= 1 << place[s];
    }
    for (int a = 0; a < SW_WINDS; a++)
        for (int b = 0; b < SW_WINDS; b++)
            if (res->v[a] > res->v[b] && place[a] > place[b])
                return sw_error_set(err, SW_ERR_INVALID, file, line,
                                    "places disagree with the points: seat %d has more points "
                                    "than seat %d but a lower place",
                                    a + 1, b + 1);
    memcpy(res->place, place, sizeof res->place);
    return SW_OK;
}

sw_status sw_seating_ev_chombo(sw_seating_event *ev, int section, long id, long count,
                               const char *file, int line, sw_error *err) {
    sw_seating_round *r = NULL;
    sw_status st = last_table(ev, section, "chombo", file, line, &r, err);
    if (st)
        return st;
    int idx = id >= 1 && id <= SW_SEATING_MAX_ID ? sw_seating_find_player(ev, (int)id) : -1;
    if (idx < 0)
        return sw_error_set(err, SW_ERR_INVALID, file, line,
                            "chombo for unknown player id %ld: expected a declared player", id);
    for (int t = 0; t < r->ntables; t++)
        for (int s = 0; s < SW_WINDS; s++)
            if (r->tables[t].seat[s] == idx) {
                r->results[t].chombo[s] += (int)count;
                ev->has_results = true;
                return SW_OK;
            }
    return sw_error_set(err, SW_ERR_INVALID, file, line,
                        "chombo for player %ld, who has no seat in round %d so far", id,
                        ev->nrounds);
}

sw_status sw_seating_ev_rules(sw_seating_event *ev, const sw_mahjong_rules *rules, const char *file,
                              int line, sw_error *err) {
    if (ev->rules_line)
        return sw_error_set(err, SW_ERR_INVALID, file, line,
                            "a second 'rules' line (the first at line %d)", ev->rules_line);
    if (ev->has_results)
        return sw_error_set(err, SW_ERR_INVALID, file, line,
                            "'rules' after results: give the rules before the rounds");
    ev->rules = *rules;
    ev->rules_line = line;
    return SW_OK;
}

void sw_mahjong_table_points(const sw_mahjong_rules *rules, const sw_seating_result *res,
                             int64_t pts12[SW_WINDS], int place[SW_WINDS]) {
    /* order[k]: the seat in place k + 1; equal values keep seat order */
    int order[SW_WINDS] = {0, 1, 2, 3};
    for (int i = 1; i < SW_WINDS; i++)
        for (int j = i; j > 0 && res->v[order[j]] > res->v[order[j - 1]]; j--) {
            int x = order[j];
            order[j] = order[j - 1];
            order[j - 1] = x;
        }
    if (res->kind == SW_RESULT_POINTS && res->place[0]) /* the places given */
        for (int s = 0; s < SW_WINDS; s++)
            order[res->place[s] - 1] = s;
    int64_t uma12[SW_WINDS];
    for (int k = 0; k < SW_WINDS; k++)
        uma12[k] = 12 * rules->uma[k];
    if (rules->equalize) {
        /* runs of equal values share the sum of their places' uma */
        for (int k = 0; k < SW_WINDS;) {
            int e = k + 1;
            while (e < SW_WINDS && res->v[order[e]] == res->v[order[k]])
                e++;
            int64_t sum = 0;
            for (int x = k; x < e; x++)
                sum += rules->uma[x];
            for (int x = k; x < e; x++)
                uma12[x] = e - k == SW_WINDS ? 0 : 12 * sum / (e - k);
            k = e;
        }
    }
    for (int k = 0; k < SW_WINDS; k++) {
        int s = order[k];
        place[s] = k + 1;
        int64_t base = res->kind == SW_RESULT_SCORES ? 12 * (res->v[s] - rules->start) + uma12[k] +
                                                           (k == 0 ? 9 : -3) * rules->oka
                                                     : 12 * res->v[s];
        pts12[s] = base - 12 * rules->chombo * res->chombo[s];
    }
}

/* Best first: more points, then the lower mean place (places/games,
 * compared across), then the id (a shared rank lists by id). */
static int by_standing(const void *a, const void *b, const sw_seating_event *ev) {
    const sw_mahjong_standing *x = a, *y = b;
    if (x->points12 != y->points12)
        return x->points12 > y->points12 ? -1 : 1;
    int64_t l = (int64_t)x->places * y->games, r = (int64_t)y->places * x->games;
    if (l != r)
        return l < r ? -1 : 1;
    return (ev->players[x->player].id > ev->players[y->player].id) -
           (ev->players[x->player].id < ev->players[y->player].id);
}

static bool same_place(const sw_mahjong_standing *x, const sw_mahjong_standing *y) {
    return x->points12 == y->points12 &&
           (int64_t)x->places * y->games == (int64_t)y->places * x->games;
}

/* Insertion into a list sorted by by_standing (n is at most 4096). */
static void sort_standings(sw_mahjong_standing *s, int n, const sw_seating_event *ev) {
    for (int i = 1; i < n; i++) {
        sw_mahjong_standing x = s[i];
        int j = i;
        for (; j > 0 && by_standing(&x, &s[j - 1], ev) < 0; j--)
            s[j] = s[j - 1];
        s[j] = x;
    }
}

static sw_status check_scores(const sw_seating_event *ev, const sw_seating_result *res, int r,
                              int t, sw_error *err) {
    if (res->kind != SW_RESULT_SCORES)
        return SW_OK;
    int64_t sum = 0;
    for (int s = 0; s < SW_WINDS; s++)
        sum += res->v[s];
    if (sum == SW_WINDS * ev->rules.start)
        return SW_OK;
    return sw_error_set(err, SW_ERR_INVALID, ev->files[res->file], res->line,
                        "scores of table %d of round %d add up to %lld: expected %lld (4 x the "
                        "start of %lld; riichi sticks left over go to the first)",
                        t + 1, r + 1, (long long)sum, (long long)(SW_WINDS * ev->rules.start),
                        (long long)ev->rules.start);
}

sw_status sw_mahjong_standings(const sw_seating_event *ev, sw_mahjong_standing **out,
                               sw_error *err) {
    int n = ev->nplayers;
    sw_mahjong_standing *st = calloc((size_t)n + 1, sizeof *st);
    if (!st)
        return sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory");
    for (int p = 0; p < n; p++)
        st[p].player = p;
    for (int r = 0; r < ev->nrounds; r++) {
        const sw_seating_round *rd = &ev->rounds[r];
        for (int t = 0; rd->results && t < rd->ntables; t++) {
            const sw_seating_result *res = &rd->results[t];
            if (res->kind == SW_RESULT_NONE) {
                /* penalties without a result still count */
                for (int s = 0; s < sw_seating_table_size(&rd->tables[t]); s++) {
                    sw_mahjong_standing *x = &st[rd->tables[t].seat[s]];
                    x->points12 -= 12 * ev->rules.chombo * res->chombo[s];
                    x->chombos += res->chombo[s];
                }
                continue;
            }
            sw_status e = check_scores(ev, res, r, t, err);
            if (e) {
                free(st);
                return e;
            }
            int64_t pts[SW_WINDS];
            int place[SW_WINDS];
            sw_mahjong_table_points(&ev->rules, res, pts, place);
            for (int s = 0; s < SW_WINDS; s++) {
                sw_mahjong_standing *x = &st[rd->tables[t].seat[s]];
                x->points12 += pts[s];
                x->games++;
                x->places += place[s];
                x->chombos += res->chombo[s];
            }
        }
    }
    sort_standings(st, n, ev);
    for (int i = 0; i < n; i++)
        st[i].rank = i > 0 && same_place(&st[i], &st[i - 1]) ? st[i - 1].rank : i + 1;
    *out = st;
    return SW_OK;
}

/* Twelfths of a game point to thousandths of a point (= game points),
 * rounded half away from zero. */
static int64_t to_thousandths(int64_t p12) {
    return p12 >= 0 ? (p12 + 6) / 12 : -((-p12 + 6) / 12);
}

sw_status sw_mahjong_apply_standings(sw_seating_event *ev, bool *applied, sw_error *err) {
    *applied = false;
    if (ev->nstandings > 0 || !ev->has_results)
        return SW_OK;
    sw_mahjong_standing *st;
    sw_status e = sw_mahjong_standings(ev, &st, err);
    if (e)
        return e;
    /* set in standings order, so equal rounded points keep the exact order */
    for (int i = 0; i < ev->nplayers; i++)
        sw_seating_set_points(ev, st[i].player, to_thousandths(st[i].points12));
    free(st);
    *applied = true;
    return SW_OK;
}

void sw_mahjong_put_points(sw_strbuf *sb, int64_t p12, bool sign) {
    int64_t t = to_thousandths(p12);
    int64_t a = t < 0 ? -t : t;
    sw_strbuf_printf(sb, "%s%lld.%03lld",
                     t < 0           ? "-"
                     : sign && t > 0 ? "+"
                                     : "",
                     (long long)(a / 1000), (long long)(a % 1000));
}

void sw_mahjong_put_mean_place(sw_strbuf *sb, const sw_mahjong_standing *x) {
    if (!x->games) {
        sw_strbuf_puts(sb, "-");
        return;
    }
    int64_t h = ((int64_t)x->places * 200 + x->games) / (2 * x->games); /* hundredths, half up */
    sw_strbuf_printf(sb, "%lld.%02lld", (long long)(h / 100), (long long)(h % 100));
}

sw_status sw_mahjong_standings_report(const sw_seating_event *ev, sw_seating_format fmt,
                                      sw_strbuf *out, sw_error *err) {
    sw_mahjong_standing *st;
    sw_status e = sw_mahjong_standings(ev, &st, err);
    if (e)
        return e;
    const sw_mahjong_rules *r = &ev->rules;
    if (fmt == SW_SEATING_JSON) {
        sw_strbuf_printf(
            out,
            "{\n  \"rules\": {\"name\": \"%s\", \"start\": %lld, \"uma\": [%lld, %lld, "
            "%lld, %lld], \"oka\": %lld, \"chombo\": %lld, \"equalize\": %s},\n"
            "  \"rounds\": %d,\n  \"standings\": [",
            r->name, (long long)r->start, (long long)r->uma[0], (long long)r->uma[1],
            (long long)r->uma[2], (long long)r->uma[3], (long long)r->oka, (long long)r->chombo,
            r->equalize ? "true" : "false", ev->nrounds);
        for (int i = 0; i < ev->nplayers; i++) {
            const sw_mahjong_standing *x = &st[i];
            const sw_seating_player *p = &ev->players[x->player];
            sw_strbuf_printf(out, "%s\n    {\"rank\": %d, \"id\": %d, \"name\": ", i ? "," : "",
                             x->rank, p->id);
            sw_strbuf_json_string(out, p->name);
            sw_strbuf_puts(out, ", \"points\": ");
            sw_mahjong_put_points(out, x->points12, false);
            sw_strbuf_printf(out, ", \"games\": %d, \"mean_place\": ", x->games);
            if (x->games)
                sw_mahjong_put_mean_place(out, x);
            else
                sw_strbuf_puts(out, "null");
            sw_strbuf_printf(out, ", \"chombo\": %d}", x->chombos);
        }
        sw_strbuf_puts(out, "\n  ]\n}\n");
    } else if (fmt == SW_SEATING_CSV) {
        sw_strbuf_puts(out, "rank,id,name,points,games,mean_place,chombo\n");
        for (int i = 0; i < ev->nplayers; i++) {
            const sw_mahjong_standing *x = &st[i];
            const sw_seating_player *p = &ev->players[x->player];
            sw_strbuf_printf(out, "%d,%d,", x->rank, p->id);
            sw_strbuf_csv_field(out, p->name);
            sw_strbuf_puts(out, ",");
            sw_mahjong_put_points(out, x->points12, false);
            sw_strbuf_printf(out, ",%d,", x->games);
            sw_mahjong_put_mean_place(out, x);
            sw_strbuf_printf(out, ",%d\n", x->chombos);
        }
    } else {
        sw_strbuf_printf(
            out,
            "Standings after %d round%s (rules %s: start %lld, uma %lld/%lld/%lld/%lld, "
            "oka %lld, chombo %lld%s)\n\n",
            ev->nrounds, ev->nrounds == 1 ? "" : "s", r->name, (long long)r->start,
            (long long)r->uma[0], (long long)r->uma[1], (long long)r->uma[2], (long long)r->uma[3],
            (long long)r->oka, (long long)r->chombo, r->equalize ? ", equal scores share uma" : "");
        sw_strbuf_puts(out, "rank  id          points  games  mean place  chombo  name\n");
        for (int i = 0; i < ev->nplayers; i++) {
            const sw_mahjong_standing *x = &st[i];
            const sw_seating_player *p = &ev->players[x->player];
            sw_strbuf pts, mp;
            sw_strbuf_init(&pts);
            sw_strbuf_init(&mp);
            sw_mahjong_put_points(&pts, x->points12, true);
            sw_mahjong_put_mean_place(&mp, x);
            bool shared = (i > 0 && st[i - 1].rank == x->rank) ||
                          (i + 1 < ev->nplayers && st[i + 1].rank == x->rank);
            sw_strbuf_printf(out, "%3d%s  %-9d %9s  %5d  %10s  %6d  %s\n", x->rank,
                             shared ? "=" : " ", p->id, sw_strbuf_cstr(&pts), x->games,
                             sw_strbuf_cstr(&mp), x->chombos, p->name);
            sw_strbuf_free(&pts);
            sw_strbuf_free(&mp);
        }
    }
    free(st);
    return out->failed ? sw_error_set(err, SW_ERR_NOMEM, NULL, 0, "out of memory") : SW_OK;
}
