/* src/cli/cmd_analyze.c: the 'analyze' subcommand.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>

#include "cli/commands.h"

int sw_cmd_analyze(int argc, char **argv) {
    (void)argc;
    (void)argv;
    fprintf(stderr, "seatwise analyze: not implemented yet\n");
    return SW_EXIT_FAIL;
}
