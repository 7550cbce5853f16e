// SPDX-License-Identifier: GPL-2.0
/*
 * stack.c - the call stacks of LTT_EV_STACK records (lttr/reader/stack.h).
 */
#include <lttr/reader/stack.h>
#include <lttr/reader/error.h>
#include <lttr/reader/event.h>

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

int lttr_stack_decode(const struct lttr_event *ev, struct lttr_stack *st,
		      char *why, size_t whylen)
{
	const struct ltt_ev_stack *p = &ev->p.stack;
	size_t need;
	unsigned int i;

	if (ev->id != LTT_EV_STACK || !ev->details) {
		if (why)
			snprintf(why, whylen, "not a stack record with its payload");
		return -LTTR_E_INVAL;
	}
	if (p->kernel_nr > LTT_STACK_DEPTH_MAX || p->user_nr > LTT_STACK_DEPTH_MAX) {
		if (why)
			snprintf(why, whylen, "stack of %u kernel and %u user frames: more than %u",
				 (unsigned int)p->kernel_nr, (unsigned int)p->user_nr,
				 (unsigned int)LTT_STACK_DEPTH_MAX);
		return -LTTR_E_FORMAT;
	}
	need = 8 * ((size_t)p->kernel_nr + p->user_nr);
	if (!ev->var || ev->var_len < need) {
		if (why)
			snprintf(why, whylen, "stack record cut short: %u bytes of addresses, %zu needed",
				 ev->var ? (unsigned int)ev->var_len : 0, need);
		return -LTTR_E_FORMAT;
	}
	st->pid = p->pid;
	st->of_id = p->of_id;
	st->flags = p->flags;
	st->kernel_nr = p->kernel_nr;
	st->user_nr = p->user_nr;
	for (i = 0; i < st->kernel_nr; i++)
		memcpy(&st->kernel[i], ev->var + 8 * i, 8);
	for (i = 0; i < st->user_nr; i++)
		memcpy(&st->user[i], ev->var + 8 * ((size_t)st->kernel_nr + i), 8);
	return 0;
}

const char *lttr_stack_frame_name(uint64_t addr, bool kernel, uint32_t pid,
				  uint64_t time_ns, char *buf, size_t size)
{
	(void)kernel;
	(void)pid;
	(void)time_ns;
	snprintf(buf, size, "0x%" PRIx64, addr);
	return buf;
}
