/* src/cli/cmd_movement.c: the 'movement' subcommand.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>

#include "cli/commands.h"

int sw_cmd_movement(int argc, char **argv) {
    (void)argc;
    (void)argv;
    fprintf(stderr, "seatwise movement: not implemented yet\n");
    return SW_EXIT_FAIL;
}
