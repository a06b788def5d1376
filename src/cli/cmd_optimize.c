/* src/cli/cmd_optimize.c: the 'optimize' subcommand.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>

#include "cli/commands.h"

int sw_cmd_optimize(int argc, char **argv) {
    (void)argc;
    (void)argv;
    fprintf(stderr, "seatwise optimize: not implemented yet\n");
    return SW_EXIT_FAIL;
}
