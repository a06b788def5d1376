/* tests/fuzz/fuzz_gotha.c: libFuzzer harness for the OpenGotha tournament
 * file (src/swiss/xml.c, gotha.c) and the Go pairing on it (mcmahon.c). A
 * file read, written with sw_go_write and read again must be the same
 * tournament; a small one's next round, when it can be paired, seats every
 * player to pair once (a game or the bye) and reads back with its games.
 * SPDX-License-Identifier: MIT */
#include "fuzz_common.h"
#include "swiss/go.h"

static bool same_go(const sw_go_tournament *a, const sw_go_tournament *b) {
    if (a->nplayers != b->nplayers || a->ngames != b->ngames || a->nbyes != b->nbyes ||
        memcmp(&a->par, &b->par, sizeof a->par) != 0)
        return false;
    for (int i = 0; i < a->nplayers; i++) {
        const sw_go_player *x = &a->players[i], *y = &b->players[i];
        if (strcmp(x->key, y->key) || x->rank != y->rank || x->rating != y->rating ||
            strcmp(x->club, y->club) || x->fin != y->fin ||
            memcmp(x->plays, y->plays, sizeof x->plays))
            return false;
    }
    for (int i = 0; i < a->ngames; i++) {
        const sw_go_game *x = &a->games[i], *y = &b->games[i];
        if (x->round != y->round || x->table != y->table || x->white != y->white ||
            x->black != y->black || x->handicap != y->handicap || x->result != y->result)
            return false;
    }
    return true;
}

static void round_trip(const sw_go_tournament *t) {
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    sw_go_write(t, &sb);
    sw_fuzz_written(&sb);
    sw_go_tournament back;
    sw_error err;
    if (sw_go_parse(sb.data, sb.len, "written.xml", &back, &err) != SW_OK)
        sw_fuzz_fail("the written file is not read back", &err, &sb);
    if (!same_go(t, &back))
        sw_fuzz_fail("the file read back is another tournament", NULL, &sb);
    sw_go_free(&back);
    sw_strbuf_free(&sb);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (sw_fuzz_unreadable(data, size))
        return 0;
    sw_go_tournament t;
    sw_error err;
    if (sw_go_parse((const char *)data, size, "fuzz.xml", &t, &err) != SW_OK)
        return 0;
    round_trip(&t);
    int r;
    sw_go_pairing p;
    if (t.nplayers <= 40 && sw_go_next_round(&t, &r, &err) == SW_OK &&
        sw_go_pair(&t, r, &p, &err) == SW_OK) {
        int *seen = calloc((size_t)t.nplayers + 1, sizeof *seen);
        for (int i = 0; seen && i < p.ngames; i++) {
            seen[p.games[i].white]++;
            seen[p.games[i].black]++;
            if (p.games[i].table != i + 1 || p.games[i].white == p.games[i].black)
                sw_fuzz_fail("a game of the pairing is malformed", NULL, NULL);
        }
        if (seen && p.bye >= 0)
            seen[p.bye]++;
        for (int i = 0; seen && i < t.nplayers; i++)
            if (seen[i] > 1 || (seen[i] == 1) != (t.players[i].fin && t.players[i].plays[r]))
                sw_fuzz_fail("a player is paired twice, or wrongly paired or left out", NULL, NULL);
        free(seen);
        if (sw_go_add_round(&t, &p, &err) != SW_OK)
            sw_fuzz_fail("the round cannot be added", &err, NULL);
        round_trip(&t);
        sw_go_pairing_free(&p);
    }
    sw_go_free(&t);
    return 0;
}
