/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * ltt-marker.h - application markers for the LTT tracer (libltt-marker).
 *
 * Each call records one LTT_EV_MARKER event in the trace, with the
 * caller's pid, tid, uid and the time, through /dev/ltt-marker (see
 * ltt_mark(3)).  While nothing traces markers a call costs a load of the
 * device's "enabled" word and a branch: no system call.
 *
 * Every function returns 0 when the marker was recorded or not wanted
 * (tracing off), and -1 with errno set otherwise.  The first call opens
 * the device (or ltt_marker_open() does): when it cannot, that call
 * fails, and the later ones cost the one branch and return 0 (markers are
 * off for the process).  The errors: EACCES (the caller is
 * not allowed to write markers: neither CAP_SYS_ADMIN nor in the group
 * the administrator chose), ENOENT (no trace module loaded), EINVAL (a
 * name that is empty, longer than 63 bytes or has blanks or non-ASCII
 * characters), EAGAIN (over the task's marker rate: counted as lost in
 * the trace).  ltt_marker_error() says the first in words.
 */
#ifndef LTT_MARKER_H
#define LTT_MARKER_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

int ltt_mark_begin(const char *name);
int ltt_mark_end(const char *name);
int ltt_mark(const char *name, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
int ltt_counter(const char *name, int64_t value);

/*
 * Open the device now (the first marker does it otherwise): 0, or -1
 * with errno as above; ltt_marker_error() then says why in a sentence.
 */
int ltt_marker_open(void);
const char *ltt_marker_error(void);

#ifdef __cplusplus
}
#endif

#endif /* LTT_MARKER_H */
