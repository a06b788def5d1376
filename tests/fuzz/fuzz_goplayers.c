/* tests/fuzz/fuzz_goplayers.c: libFuzzer harness for the Go players CSV
 * (src/swiss/goplayers.c) and the new event made from it. A CSV read makes
 * a tournament file that reads back with the same players, and whose first
 * round, when small enough, pairs every player once.
 * SPDX-License-Identifier: MIT */
#include "fuzz_common.h"
#include "swiss/go.h"

static void check_event(const sw_go_entry *e, int n) {
    sw_go_event ev = {"Fuzz", "2026-01-01", 5, -20, 3};
    sw_go_tournament t;
    sw_error err;
    if (sw_go_new(e, n, &ev, "new.xml", &t, &err) != SW_OK)
        sw_fuzz_fail("the players read make no tournament", &err, NULL);
    if (t.nplayers != n)
        sw_fuzz_fail("the tournament lost or gained players", NULL, NULL);
    for (int i = 0; i < n; i++)
        if (strcmp(t.players[i].name, e[i].name) ||
            strcmp(t.players[i].first_name, e[i].first_name) ||
            strcmp(t.players[i].country, e[i].country) || t.players[i].rank != e[i].rank ||
            t.players[i].rating != e[i].rating || !t.players[i].fin)
            sw_fuzz_fail("a player reads back differently", NULL, NULL);
    sw_go_pairing p;
    if (n <= 40) {
        if (sw_go_pair(&t, 0, &p, &err) != SW_OK)
            sw_fuzz_fail("round 1 of a new event cannot be paired", &err, NULL);
        if (2 * p.ngames + (p.bye >= 0) != n)
            sw_fuzz_fail("round 1 leaves a player out", NULL, NULL);
        sw_go_pairing_free(&p);
    }
    sw_go_free(&t);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (sw_fuzz_unreadable(data, size))
        return 0;
    sw_go_entry *e;
    int n;
    sw_error err;
    if (sw_go_parse_players((const char *)data, size, "fuzz.csv", &e, &n, &err) != SW_OK)
        return 0;
    check_event(e, n);
    sw_go_entries_free(e, n);
    return 0;
}
