// SPDX-License-Identifier: GPL-2.0
/*
 * cpustate.c - per-CPU tracking of the current pid and of the nesting of
 * trap and irq entries, which decides the pid of each event and whether it
 * is a control event.
 *
 * pid: a buffer starts with its header's pid; a schedchange record
 * belongs to prev_pid and makes next_pid current; a trace_start record
 * makes its pid current (and belongs to it).
 *
 * control: syscall entry/exit and schedchange always; a trap or irq entry
 * when it interrupted user mode (its flags); an exit when the matching
 * entry on this CPU's stack did (an exit without a known entry is not a
 * control event).
 */
#include "reader/internal.h"

void lttr_cpustate_apply(struct lttr_cpustate *st, struct lttr_event *ev)
{
	bool user;

	switch (ev->id) {
	case LTT_EV_SYSCALL_ENTRY:
	case LTT_EV_SYSCALL_EXIT:
		ev->pid = st->pid;
		ev->control = true;
		return;
	case LTT_EV_TRAP_ENTRY:
		user = ev->details && (ev->p.trap_entry.flags & LTT_TRAP_USER);
		lttr_nest_push(&st->nest, LTTR_NEST_TRAP | (user ? LTTR_NEST_USER : 0));
		ev->pid = st->pid;
		ev->control = user;
		return;
	case LTT_EV_IRQ_ENTRY:
		user = ev->details && (ev->p.irq_entry.flags & LTT_IRQ_USER);
		lttr_nest_push(&st->nest, LTTR_NEST_IRQ | (user ? LTTR_NEST_USER : 0));
		ev->pid = st->pid;
		ev->control = user;
		return;
	case LTT_EV_TRAP_EXIT:
		ev->pid = st->pid;
		ev->control = lttr_nest_pop(&st->nest, LTTR_NEST_TRAP);
		return;
	case LTT_EV_IRQ_EXIT:
		ev->pid = st->pid;
		ev->control = lttr_nest_pop(&st->nest, LTTR_NEST_IRQ);
		return;
	case LTT_EV_SCHEDCHANGE:
		ev->pid = st->pid;
		ev->control = true;
		if (ev->details) {
			ev->pid = ev->p.schedchange.prev_pid;
			st->pid = ev->p.schedchange.next_pid;
		}
		return;
	case LTT_EV_TRACE_START:
		if (ev->details)
			st->pid = ev->p.trace_start.pid;
		ev->pid = st->pid;
		ev->control = false;
		return;
	default:
		ev->pid = st->pid;
		ev->control = false;
		return;
	}
}
