/* src/cli/cmd_swiss.c: the 'swiss' subcommand.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>

#include "cli/commands.h"

int sw_cmd_swiss(int argc, char **argv) {
    (void)argc;
    (void)argv;
    fprintf(stderr, "seatwise swiss: not implemented yet\n");
    return SW_EXIT_FAIL;
}
