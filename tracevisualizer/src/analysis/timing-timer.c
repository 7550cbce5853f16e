// SPDX-License-Identifier: GPL-2.0
/*
 * timing-timer.c - the activations of tasks that sleep until a deadline:
 * nanosleep and clock_nanosleep record, when they arm their timer
 * (LTT_EV_TIMER_SET_TIMEOUT, LTT_TIMEOUT_NANOSLEEP), how long is left to
 * the deadline, relative or absolute (TIMER_ABSTIME); the deadline is the
 * event's time plus that.  An activation is the deadline, the task's
 * wakeup after it and its first run after that: its lateness (deadline
 * to run) is the timer's part (deadline to wakeup) and the runnable part
 * (wakeup to run).  The deadlines of consecutive activations of a task
 * give its expected period, their runs its actual one.
 */
#include <stdlib.h>
#include <string.h>
#include "analysis/timing-internal.h"
#include "model/pidtab.h"

struct ttask {
	bool armed;		/* asleep (or going to) until @deadline */
	bool woken;		/* ... woken since, by @waker */
	uint64_t deadline;
	struct lttr_waker waker;
	uint64_t prev_deadline;	/* of its last activation, 0: none */
	uint64_t prev_run;
	struct tgroup *g;
};

static struct ttask *task_of(struct tctx *x, uint32_t pid, bool create)
{
	bool created;
	struct ttask *tk = lttr_pidtab_get(x->k, pid, create, &created);

	if (!tk && create)
		x->nomem = 1;
	if (created)
		tk->g = timing_group(x, LTTR_SUB_TIMER, 0, false, pid);
	return tk;
}

static int tm_init(struct tctx *x)
{
	struct lttr_pidtab *t = malloc(sizeof(*t));

	if (!t)
		return -1;
	lttr_pidtab_init(t, sizeof(struct ttask));
	x->k = t;
	return 0;
}

static void tm_fini(struct tctx *x)
{
	if (!x->k)
		return;
	lttr_pidtab_free(x->k);
	free(x->k);
	x->k = NULL;
}

static int tm_event(struct tctx *x, const struct lttr_event *ev)
{
	struct ttask *tk;

	if (ev->id != LTT_EV_TIMER_SET_TIMEOUT || !ev->details || !ev->pid ||
	    ev->p.timeout.kind != LTT_TIMEOUT_NANOSLEEP || ev->p.timeout.timeout_ns < 0)
		return 0;
	tk = task_of(x, ev->pid, true);
	if (!tk)
		return 0;
	if (tk->armed)		/* the last one ended unseen (lost events) */
		timing_early(x, tk->g, tk->deadline);
	tk->armed = ev->p.timeout.timeout_ns > 0;
	tk->woken = false;
	if (!tk->armed)
		timing_zero_left(x, tk->g, ev->time_ns);
	else
		tk->deadline = ev->time_ns + (uint64_t)ev->p.timeout.timeout_ns;
	return 0;
}

/* the activation of @tk ends: it runs at @run on @cpu */
static void activation(struct tctx *x, struct ttask *tk, uint32_t pid,
		       uint64_t run, uint16_t cpu)
{
	struct lttr_timing_inst in;

	memset(&in, 0, sizeof(in));
	in.sub = LTTR_SUB_TIMER;
	in.start_ns = tk->deadline;
	in.end_ns = run;
	in.part[LTTR_PART_TIMER] = tk->waker.time_ns - tk->deadline;
	in.part[LTTR_PART_RUNNABLE] = run - tk->waker.time_ns;
	in.pid = pid;
	in.cpu = cpu;
	in.waker = tk->waker;
	if (tk->prev_deadline)
		in.period_ns = tk->deadline - tk->prev_deadline;
	if (tk->prev_run)
		in.actual_ns = run - tk->prev_run;
	tk->prev_deadline = tk->deadline;
	tk->prev_run = run;
	tk->armed = tk->woken = false;
	timing_add(x, tk->g, &in);
}

static void tm_transition(struct tctx *x, const struct lttr_flow_tr *tr)
{
	struct ttask *tk;

	switch (tr->kind) {
	case LTTR_TR_WAKEUP:
		tk = task_of(x, tr->pid2, false);
		if (!tk || !tk->armed || tk->woken)
			return;
		if (tr->time_ns < tk->deadline) {	/* a signal, not its timer */
			timing_early(x, tk->g, tr->time_ns);
			tk->armed = false;
			return;
		}
		tk->woken = true;
		lttr_waker_set(&tk->waker, tr);
		break;
	case LTTR_TR_SYSCALL_EXIT:
		tk = task_of(x, tr->pid, false);
		if (!tk || !tk->armed)
			return;
		if (tk->woken)	/* woken before it slept: it never stopped */
			activation(x, tk, tr->pid, tk->waker.time_ns, tr->cpu);
		else		/* no wakeup recorded */
			timing_early(x, tk->g, tr->time_ns);
		tk->armed = false;
		break;
	default:
		break;
	}
}

static void tm_wait(struct tctx *x, const struct lttr_acct_wait *w)
{
	struct ttask *tk = task_of(x, w->pid, false);

	if (tk && tk->armed && tk->woken)
		activation(x, tk, w->pid, w->end_ns, w->cpu);
}

const struct timing_kind_ops timing_timer_ops = {
	.init = tm_init,
	.event = tm_event,
	.transition = tm_transition,
	.wait = tm_wait,
	.fini = tm_fini,
};
