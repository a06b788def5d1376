/* src/cli/cmd_seat.c: the 'seat' subcommand.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>

#include "cli/commands.h"

int sw_cmd_seat(int argc, char **argv) {
    (void)argc;
    (void)argv;
    fprintf(stderr, "seatwise seat: not implemented yet\n");
    return SW_EXIT_FAIL;
}
