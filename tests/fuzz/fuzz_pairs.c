/* tests/fuzz/fuzz_pairs.c: libFuzzer harness for the pairs file reader
 * (src/season/parenfile.c). The participants read, written one a line as
 * "id rests name" (what 'optimize --pairs N -o OUT' writes to OUT.pairs)
 * with their "player id rests name" lines (sw_participant_write), must read
 * back as the same participants and players in the same order.
 * SPDX-License-Identifier: MIT */
#include "fuzz_common.h"
#include "season/season.h"

static bool same_participants(const sw_participant *a, int na, const sw_participant *b, int nb) {
    if (na != nb)
        return false;
    for (int i = 0; i < na; i++) {
        if (a[i].id != b[i].id || a[i].rests != b[i].rests || strcmp(a[i].name, b[i].name) != 0)
            return false;
        for (int k = 0; k < 2; k++) {
            const sw_player *x = &a[i].player[k], *y = &b[i].player[k];
            if (x->id != y->id || x->rests != y->rests || (!x->name) != (!y->name) ||
                (x->name && strcmp(x->name, y->name) != 0))
                return false;
        }
    }
    return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (sw_fuzz_unreadable(data, size))
        return 0;
    sw_participant *part;
    int n;
    sw_error err;
    if (sw_parenfile_parse((const char *)data, size, "fuzz.pairs", &part, &n, &err) != SW_OK)
        return 0;
    if (n < 1 || n > SW_SEASON_MAX_PARTICIPANTS)
        sw_fuzz_fail("participant count out of range", NULL, NULL);
    sw_strbuf sb;
    sw_strbuf_init(&sb);
    for (int i = 0; i < n; i++)
        sw_participant_write(&part[i], &sb);
    sw_fuzz_written(&sb);
    sw_participant *back;
    int nback;
    if (sw_parenfile_parse(sb.data, sb.len, "written.pairs", &back, &nback, &err) != SW_OK)
        sw_fuzz_fail("the written pairs file is not read back", &err, &sb);
    if (!same_participants(part, n, back, nback))
        sw_fuzz_fail("the pairs file read back holds other participants", NULL, &sb);
    sw_participants_free(back, nback);
    sw_participants_free(part, n);
    sw_strbuf_free(&sb);
    return 0;
}
