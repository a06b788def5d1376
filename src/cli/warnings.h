/* src/cli/warnings.h: the warnings a tournament director wants before
 * playing: a movement that needs copies of its boards, a movement larger than
 * the field present. Printed on standard error as "seatwise CMD: warning:
 * ..." lines; they never change an exit code (docs/cli.md, "Warnings").
 * SPDX-License-Identifier: MIT */
#ifndef SW_CLI_WARNINGS_H
#define SW_CLI_WARNINGS_H

#include "movement/movement.h"
#include "season/season.h"

/* Board copies of one movement, called label in the message. */
void sw_cli_warn_copies(const char *cmd, const sw_movement *m, const char *label);

/* For the sessions of s still to play: each movement that needs board
 * copies, and each movement larger than a session's field (the smaller
 * movement to use: the seatwise command, and a library file of the same
 * name pattern with fewer pairs beside the movement's file, when there is
 * one). season_path resolves the season's movement files (NULL: as given). */
void sw_cli_warn_season(const char *cmd, const sw_season *s, const char *season_path);

#endif
