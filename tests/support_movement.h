/* tests/support_movement.h: a movement of the shipped library
 * (data/movements) for the test programs that read them. Apart from
 * support.h so that only those programs link the movement module.
 * SPDX-License-Identifier: MIT */
#ifndef SW_TESTS_SUPPORT_MOVEMENT_H
#define SW_TESTS_SUPPORT_MOVEMENT_H

#include "movement/movement.h"

/* Reads the movement rel (a path under SW_MOVEMENTS_DIR) into *m; fails
 * the test with the path and the reason when it cannot. */
void read_movement(const char *rel, sw_movement *m);

#endif
