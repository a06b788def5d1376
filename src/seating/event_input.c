/* src/seating/event_input.c: reading an event: the text or JSON form, told
 * apart by a leading '{', handed to the reader of that form (event_text.c,
 * event_json.c), which builds the event through event.c. Kept apart from
 * event.c so that no file calls back into its caller.
 * SPDX-License-Identifier: MIT */
#include <stdlib.h>

#include "seating/seating_internal.h"
#include "util/fileio.h"

sw_status sw_seating_event_read(sw_seating_event *ev, const char *text, size_t len,
                                const char *path, sw_error *err) {
    size_t i = 0;
    while (i < len && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n'))
        i++;
    if (i < len && text[i] == '{')
        return sw_seating_read_json(ev, text, len, path, err);
    return sw_seating_read_text(ev, text, len, path, err);
}

sw_status sw_seating_event_read_file(sw_seating_event *ev, const char *path, sw_error *err) {
    char *data;
    size_t len;
    sw_status st = sw_file_read(path, &data, &len, err);
    if (st)
        return st;
    st = sw_seating_event_read(ev, data, len, path, err);
    free(data);
    return st;
}
