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
 *
 * A timerfd (format 1.5) records its settings (LTT_EV_TIMERFD_SET) and,
 * when a read() returns its count, the first expiry the count covers
 * (LTT_EV_TIMERFD_EXPIRE): that expiry is the deadline of an activation
 * of the reading task, known only when it is over.  So the last wakeup
 * of every task and its first run after it are kept (when the trace
 * records timerfd expiries): if the task was woken at or after the
 * deadline, the activation is the deadline, that wakeup and that run (the
 * wakeup itself when the task was not switched out since); if not, the
 * task was not waiting when the timer expired (it ran late, or its read
 * came later) and the activation ends at the read, its time the part
 * LTTR_PART_LATE.  A count above 1 is expiries missed.  Consecutive
 * activations of the same timer, since its last setting by the task, give
 * the periods.
 */
#include <stdlib.h>
#include <string.h>
#include <lttr/reader/trace.h>
#include "analysis/timing-internal.h"
#include "model/pidtab.h"

struct ttask {
	bool armed;		/* asleep (or going to) until @deadline */
	bool woken;		/* ... woken since, by @waker */
	uint64_t deadline;
	struct lttr_waker waker;
	uint64_t prev_deadline;	/* of its last activation, 0: none */
	uint64_t prev_run;
	struct tgroup *g;	/* NULL until the task has a timer */
	/* timerfd (only when the trace records its expiries) */
	struct lttr_waker last_wake;	/* its last wakeup */
	uint64_t run_ns;		/* its first switch in since, 0: none */
	uint16_t run_cpu;
	uint64_t tfd_timer;		/* the timer of prev_deadline, if any */
};

/* the timer state: the tasks, and whether to follow every task's wakeups */
struct tstate {
	struct lttr_pidtab tasks;
	bool timerfd;
};

/* the task @pid; with @timer, one that has a timer (its group made) */
static struct ttask *task_of(struct tctx *x, uint32_t pid, bool create, bool timer)
{
	struct tstate *st = x->k;
	struct ttask *tk = lttr_pidtab_get(&st->tasks, pid, create, NULL);

	if (!tk && create)
		x->nomem = 1;
	if (tk && timer && !tk->g) {
		tk->g = timing_group(x, LTTR_SUB_TIMER, 0, false, pid);
		if (!tk->g)
			return NULL;
	}
	return tk;
}

static int tm_init(struct tctx *x)
{
	struct tstate *st = calloc(1, sizeof(*st));

	if (!st)
		return -1;
	lttr_pidtab_init(&st->tasks, sizeof(struct ttask));
	st->timerfd = lttr_event_mask_has(&lttr_trace_header(x->t)->mask,
					  LTT_EV_TIMERFD_EXPIRE);
	x->k = st;
	return 0;
}

static void tm_fini(struct tctx *x)
{
	struct tstate *st = x->k;

	if (!st)
		return;
	lttr_pidtab_free(&st->tasks);
	free(st);
	x->k = NULL;
}

/* the read @ev of a timerfd counted its expiries: an activation of its task */
static void tfd_expire(struct tctx *x, const struct lttr_event *ev)
{
	const struct ltt_ev_timerfd_expire *e = &ev->p.timerfd_expire;
	struct ttask *tk;
	struct lttr_timing_inst in;

	if (!e->expires_ns || !e->ticks || e->expires_ns > ev->time_ns)
		return;		/* not counted by the timer */
	tk = task_of(x, ev->pid, true, true);
	if (!tk)
		return;
	memset(&in, 0, sizeof(in));
	in.sub = LTTR_SUB_TIMER;
	in.timerfd = true;
	in.missed = e->ticks - 1;
	in.interval_ns = e->interval_ns > 0 ? (uint64_t)e->interval_ns : 0;
	in.pid = ev->pid;
	in.start_ns = e->expires_ns;
	if (tk->last_wake.known && tk->last_wake.time_ns >= e->expires_ns) {
		in.waker = tk->last_wake;
		in.end_ns = tk->run_ns ? tk->run_ns : tk->last_wake.time_ns;
		in.cpu = tk->run_ns ? tk->run_cpu : ev->cpu;
		in.part[LTTR_PART_TIMER] = in.waker.time_ns - in.start_ns;
		in.part[LTTR_PART_RUNNABLE] = in.end_ns - in.waker.time_ns;
	} else {	/* not waiting when it expired */
		in.end_ns = ev->time_ns;
		in.cpu = ev->cpu;
		in.part[LTTR_PART_LATE] = in.end_ns - in.start_ns;
	}
	if (tk->tfd_timer != e->timer)
		tk->prev_deadline = tk->prev_run = 0;
	if (tk->prev_deadline && in.start_ns > tk->prev_deadline)
		in.period_ns = in.start_ns - tk->prev_deadline;
	if (tk->prev_run && in.end_ns > tk->prev_run)
		in.actual_ns = in.end_ns - tk->prev_run;
	tk->tfd_timer = e->timer;
	tk->prev_deadline = in.start_ns;
	tk->prev_run = in.end_ns;
	timing_add(x, tk->g, &in);
}

static int tm_event(struct tctx *x, const struct lttr_event *ev)
{
	struct ttask *tk;

	if (!ev->details || !ev->pid)
		return 0;
	if (ev->id == LTT_EV_TIMERFD_EXPIRE) {
		tfd_expire(x, ev);
		return 0;
	}
	if (ev->id == LTT_EV_TIMERFD_SET) {	/* a new series of deadlines */
		tk = task_of(x, ev->pid, false, false);
		if (tk && tk->tfd_timer == ev->p.timerfd_set.timer)
			tk->prev_deadline = tk->prev_run = tk->tfd_timer = 0;
		return 0;
	}
	if (ev->id != LTT_EV_TIMER_SET_TIMEOUT ||
	    ev->p.timeout.kind != LTT_TIMEOUT_NANOSLEEP || ev->p.timeout.timeout_ns < 0)
		return 0;
	tk = task_of(x, ev->pid, true, true);
	if (!tk)
		return 0;
	tk->tfd_timer = 0;
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
	struct tstate *st = x->k;
	struct ttask *tk;

	switch (tr->kind) {
	case LTTR_TR_WAKEUP:
		tk = task_of(x, tr->pid2, st->timerfd, false);
		if (tk && st->timerfd) {
			lttr_waker_set(&tk->last_wake, tr);
			tk->run_ns = 0;
		}
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
		tk = task_of(x, tr->pid, false, false);
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
	struct ttask *tk = task_of(x, w->pid, false, false);

	if (tk && tk->last_wake.known && !tk->run_ns &&
	    w->end_ns >= tk->last_wake.time_ns) {
		tk->run_ns = w->end_ns;
		tk->run_cpu = w->cpu;
	}
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
