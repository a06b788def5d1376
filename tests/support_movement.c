/* tests/support_movement.c: reading a movement of the shipped library for
 * the test programs (support_movement.h).
 * SPDX-License-Identifier: MIT */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "support_movement.h"

void read_movement(const char *rel, sw_movement *m) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", SW_MOVEMENTS_DIR, rel);
    sw_error err;
    if (sw_movement_read_asc(path, m, &err) != SW_OK)
        fail_msg("%s: %s", path, err.msg);
}
