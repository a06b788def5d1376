/* tests/install/embed.c: a program that embeds seatwise as a user would,
 * built against an installed copy by tests/install/check.sh with
 * `pkg-config --cflags --libs seatwise` alone. It reads a movement of the
 * installed library, checks balans' Qf and picolo's Qo against the reference
 * values in the file, and runs the (OpenMP) optimizer on a small season.
 * Prints what it found; exits 1 on any mismatch.
 * SPDX-License-Identifier: MIT */
#include <math.h>
#include <stdio.h>

#include <seatwise.h>

static int fail(const char *what, const sw_error *err) {
    fprintf(stderr, "embed: %s: %s\n", what, err->msg);
    return 1;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: embed MOVEMENTS_DIR\n");
        return 2;
    }
    printf("seatwise %s\n", SEATWISE_VERSION);
    char path[4096];
    snprintf(path, sizeof path, "%s/misc/8p6rSHGSB.txt", argv[1]);
    sw_movement m;
    sw_error err;
    sw_error_clear(&err);
    if (sw_movement_read_asc(path, &m, &err) != SW_OK)
        return fail(path, &err);
    double qf = sw_criteria_qf(&m);
    printf("%s: Qf %.2f (reference %.2f)\n", m.name, qf, m.ref_qf);
    int bad = !m.has_ref_qf || fabs(qf - m.ref_qf) > 0.005;

    sw_season s;
    if (sw_season_from_movement(&m, &s, &err) != SW_OK)
        return fail("season", &err);
    sw_matrix mx;
    if (sw_matrix_init(&mx, &s, &err) != SW_OK)
        return fail("matrix", &err);
    sw_criteria c;
    sw_criteria_compute(&mx, &c);
    printf("%s: Qo %.2f (reference %.2f)\n", m.name, c.Qo, m.ref_qo);
    bad |= !m.has_ref_qo || fabs(c.Qo - m.ref_qo) > 0.005;
    sw_matrix_free(&mx);
    sw_season_free(&s);

    /* four sessions for the 8 pairs: the optimizer must not make it worse */
    sw_participant part[8];
    for (int i = 0; i < 8; i++)
        part[i] = (sw_participant){.id = i + 1, .rests = 0, .name = "pair"};
    if (sw_season_uniform(&m, path, part, 8, 4, &s, &err) != SW_OK)
        return fail("uniform season", &err);
    sw_search_opts o = {.seed = 1, .restarts = 8, .threads = 2};
    sw_search_result res;
    if (sw_search_run(&s, &o, &res, &err) != SW_OK)
        return fail("search", &err);
    printf("optimize 4 sessions: %d restarts, Qo %.2f -> %.2f\n", res.restarts_done, res.before.Qo,
           res.after.Qo);
    bad |= res.restarts_done != 8 || !(res.after.Qo >= res.before.Qo) || !(res.after.Qo > 0);
    sw_season_free(&s);
    sw_movement_free(&m);
    puts(bad ? "MISMATCH" : "ok");
    return bad;
}
