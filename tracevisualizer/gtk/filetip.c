// SPDX-License-Identifier: GPL-2.0
/*
 * filetip.c - the file a state of the graphs works on, for their tooltips:
 * a task in a syscall (running or blocked in it) on a file descriptor
 * names the file (lttr_view_state_file(), the library's answer and its
 * text).  A tooltip is asked again at every move of the pointer: the last
 * answer is kept for the state interval it was asked for.
 */
#include <string.h>
#include "gv.h"

static struct {
	const struct gv_doc *d;
	uint64_t start_ns;
	uint32_t state;
	char text[1200];
} last;

const char *gv_file_tip(struct gv_doc *d, const struct lttr_vspan *sp, uint64_t t)
{
	struct lttr_fd_file f;
	struct lttr_error err;

	if (last.d == d && last.start_ns == sp->start_ns && last.state == sp->state)
		return last.text[0] ? last.text : NULL;
	last.d = d;
	last.start_ns = sp->start_ns;
	last.state = sp->state;
	last.text[0] = '\0';
	if (lttr_view_state_file(d->s.v, sp->state, t, &f, &err) == 1)
		lttr_fd_file_str(&f, last.text, sizeof(last.text));
	return last.text[0] ? last.text : NULL;
}
