/* src/cli/outputs.c: the extra files a bridge report can be written to
 * (--html, --seats-csv), shared by analyze and optimize.
 * SPDX-License-Identifier: MIT */
#include <stdio.h>

#include "cli/commands.h"
#include "report/html.h"
#include "util/fileio.h"

static int write_buf(sw_strbuf *sb, const char *path) {
    sw_error err;
    sw_error_clear(&err);
    int rc = SW_EXIT_OK;
    if (sb->failed) {
        sw_error_set(&err, SW_ERR_NOMEM, path, 0, "out of memory building the file");
        rc = sw_cli_fail(&err);
    } else if (sw_file_write_atomic(path, sw_strbuf_cstr(sb), sb->len, &err) != SW_OK) {
        rc = sw_cli_fail(&err);
    }
    sw_strbuf_free(sb);
    return rc;
}

int sw_cli_report_files(const sw_report *r, const char *html, const char *seats_csv) {
    sw_strbuf sb;
    if (seats_csv) {
        sw_strbuf_init(&sb);
        if (!sw_report_seats_csv(r, &sb)) {
            sw_strbuf_free(&sb);
            fprintf(stderr, "seatwise: --seats-csv: the season has a movement that is not a "
                            "two-seat (bridge) movement\n");
            return SW_EXIT_USAGE;
        }
        int rc = write_buf(&sb, seats_csv);
        if (rc)
            return rc;
    }
    if (html) {
        sw_strbuf_init(&sb);
        sw_report_html(r, &sb);
        return write_buf(&sb, html);
    }
    return SW_EXIT_OK;
}
