// SPDX-License-Identifier: GPL-2.0
/*
 * timing-text.c - the words of the latency analyses, explanations and
 * critical paths, shared by the command line and the front ends: group
 * labels, wakers, what an instance was, explanation items and totals,
 * path segments.  Figures in them are the results' fields as they are.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <lttr/analysis/account.h>
#include <lttr/analysis/explain.h>
#include <lttr/model/blockreason.h>
#include <lttr/model/flow.h>
#include <lttr/output/timing-text.h>
#include <lttr/reader/fields.h>
#include <lttr/reader/trace.h>

const char *lttr_timing_task_name(const struct lttr_account *a, uint32_t pid)
{
	const struct lttr_acct_task *tk;

	if (!pid)
		return "idle";
	tk = a ? lttr_account_find(a, pid) : NULL;
	return tk && tk->name ? tk->name : "?";
}

const char *lttr_timing_doing_str(const struct lttr_trace *t, unsigned int mode, uint32_t what,
				  bool sysvec, char *buf, size_t size)
{
	if (mode == LTTR_MODE_SYSCALL || mode == LTTR_MODE_TRAP ||
	    mode == LTTR_MODE_IRQ || mode == LTTR_MODE_SOFTIRQ) {
		char w[32];

		snprintf(buf, size, "%s %s", lttr_mode_name(mode),
			 lttr_mode_what_str(t, mode, what, sysvec, w, sizeof(w)));
	} else {
		snprintf(buf, size, "%s", lttr_mode_name(mode));
	}
	return buf;
}

const char *lttr_waker_str(const struct lttr_trace *t, const struct lttr_account *a,
			   const struct lttr_waker *w, char *buf, size_t size)
{
	char d[64];

	if (!w->known) {
		snprintf(buf, size, "no wakeup recorded");
		return buf;
	}
	lttr_timing_doing_str(t, w->mode, w->ctx, w->sysvec, d, sizeof(d));
	if (lttr_waker_is_task(w))
		snprintf(buf, size, "woken by %u %s (%s) on cpu %u", w->pid,
			 lttr_timing_task_name(a, w->pid), d, w->cpu);
	else
		snprintf(buf, size, "woken by %s on cpu %u (over %u %s)", d, w->cpu,
			 w->pid, lttr_timing_task_name(a, w->pid));
	return buf;
}

/* the kinds whose instances have a number (syscall, irq, vector) */
static bool has_numbers(unsigned int kind)
{
	return kind == LTTR_TIMING_SYSCALL || kind == LTTR_TIMING_IRQ ||
	       kind == LTTR_TIMING_SOFTIRQ;
}

const char *lttr_timing_group_str(const struct lttr_trace *t, const struct lttr_timing *r,
				  const struct lttr_timing_group *g, char *buf, size_t size)
{
	char w[32];
	const char *n;
	size_t len;

	switch (g->level) {
	case LTTR_TG_TASK:
		snprintf(buf, size, "%u %s", g->pid, lttr_timing_task_name(r->acct, g->pid));
		break;
	case LTTR_TG_WHAT:
		n = lttr_timing_what_str(t, r->kind, g->what, g->sysvec, w, sizeof(w));
		if (r->kind == LTTR_TIMING_SYSCALL)
			snprintf(buf, size, "%s", n);
		else
			snprintf(buf, size, g->sysvec ? "%s (0x%x)" : "%s (%u)", n, g->what);
		len = strlen(buf);
		if (g->sub == LTTR_SUB_RAISE && len < size)
			snprintf(buf + len, size - len, " raise");
		break;
	default:
		snprintf(buf, size, "%s (all %s)", lttr_timing_sub_name(g->sub),
			 has_numbers(r->kind) ? "of them" : "tasks");
		break;
	}
	return buf;
}

/* a time as the command line's first column: seconds after the trace's start */
static double rel(const struct lttr_trace *t, uint64_t ns)
{
	uint64_t s = lttr_trace_header(t)->start_ns;

	return ns >= s ? (double)(ns - s) / 1e9 : -(double)(s - ns) / 1e9;
}

const char *lttr_timing_inst_str(const struct lttr_trace *t, const struct lttr_timing *r,
				 const struct lttr_timing_inst *in, char *buf, size_t size)
{
	const struct lttr_account *a = r->acct;
	char w[160], nb[32];
	unsigned int p;
	size_t n;

	if (size)
		buf[0] = '\0';
	switch (in->sub) {
	case LTTR_SUB_WAKEUP:
		snprintf(buf, size, "%s%s", in->forked ? "new task, " : "",
			 lttr_waker_str(t, a, &in->waker, w, sizeof(w)));
		break;
	case LTTR_SUB_TIMER:
		if (in->part[LTTR_PART_LATE])	/* a timerfd's, not waited for */
			n = (size_t)snprintf(buf, size, "timerfd deadline %.9f s, not waiting:"
					     " read +%.3f us", rel(t, in->start_ns),
					     (double)in->part[LTTR_PART_LATE] / 1e3);
		else
			n = (size_t)snprintf(buf, size,
					     "%sdeadline %.9f s, timer +%.3f us, runnable +%.3f us, %s",
					     in->timerfd ? "timerfd " : "", rel(t, in->start_ns),
					     (double)in->part[LTTR_PART_TIMER] / 1e3,
					     (double)in->part[LTTR_PART_RUNNABLE] / 1e3,
					     lttr_waker_str(t, a, &in->waker, w, sizeof(w)));
		if (in->missed && n < size)
			snprintf(buf + n, size - n, ", missed %" PRIu64, in->missed);
		break;
	case LTTR_SUB_CALL:
		n = (size_t)snprintf(buf, size, "%s:",
				     lttr_timing_what_str(t, r->kind, in->what, false, nb,
							  sizeof(nb)));
		for (p = 0; p < LTTR_PART_COUNT && n < size; p++)
			if (in->part[p])
				n += (size_t)snprintf(buf + n, size - n, " %s %.3f us",
						      lttr_timing_part_name(p),
						      (double)in->part[p] / 1e3);
		break;
	case LTTR_SUB_HANDLER:
	case LTTR_SUB_RAISE:
		snprintf(buf, size, "%s%s over %u %s",
			 lttr_timing_what_str(t, r->kind, in->what, in->sysvec, nb, sizeof(nb)),
			 in->sub == LTTR_SUB_RAISE ? " raised, run" : "", in->pid,
			 lttr_timing_task_name(a, in->pid));
		break;
	default:
		break;
	}
	return buf;
}

const char *lttr_ex_total_str(const struct lttr_trace *t, const struct lttr_account *a,
			      const struct lttr_ex_total *o, char *buf, size_t size)
{
	char w[32];

	switch (o->who) {
	case LTTR_WHO_TASK:
		snprintf(buf, size, "%u %s", o->pid, lttr_timing_task_name(a, o->pid));
		break;
	case LTTR_WHO_IRQ:
		snprintf(buf, size, "irq %s",
			 lttr_mode_what_str(t, LTTR_MODE_IRQ, o->what, o->sysvec, w, sizeof(w)));
		break;
	case LTTR_WHO_SOFTIRQ:
		snprintf(buf, size, "softirq %s",
			 lttr_mode_what_str(t, LTTR_MODE_SOFTIRQ, o->what, false, w, sizeof(w)));
		break;
	case LTTR_WHO_WAIT:
		if (o->type == LTTR_EX_BLOCKED)
			snprintf(buf, size, "%u %s blocked (%s)", o->pid,
				 lttr_timing_task_name(a, o->pid), lttr_block_name(o->reason));
		else
			snprintf(buf, size, "%u %s %s", o->pid, lttr_timing_task_name(a, o->pid),
				 o->type == LTTR_EX_TIMER ? "waiting for its timer" :
				 lttr_ex_type_name(o->type));
		break;
	default:
		snprintf(buf, size, "unknown (events lost)");
		break;
	}
	return buf;
}

const char *lttr_ex_lock_str(const struct lttr_account *a, const struct lttr_ex_lock *l,
			     char *buf, size_t size)
{
	const char *kind = lttr_lock_kind_name(l->kind);
	char site[32] = "", holder[64];

	if (!l->known) {
		buf[0] = '\0';
		return buf;
	}
	if (l->site)
		snprintf(site, sizeof(site), " (site 0x%" PRIx64 ")", l->site);
	if (l->owner)
		snprintf(holder, sizeof(holder), "held by %u %s", l->owner,
			 lttr_timing_task_name(a, l->owner));
	else
		snprintf(holder, sizeof(holder), "%s",
			 (l->flags & LTT_LOCK_READERS) ? "held by readers" : "its holder unknown");
	snprintf(buf, size, " on %s 0x%" PRIx64 "%s %s", kind ? kind : "lock", l->lock, site,
		 holder);
	return buf;
}

const char *lttr_ex_item_str(const struct lttr_trace *t, const struct lttr_account *a,
			     const struct lttr_ex_item *x, char *buf, size_t size)
{
	char d[64], w[160], l[160];

	switch (x->type) {
	case LTTR_EX_RAN:
		snprintf(buf, size, "cpu %u: %u %s %s", x->cpu, x->pid,
			 lttr_timing_task_name(a, x->pid),
			 lttr_timing_doing_str(t, x->mode, x->what, x->sysvec, d, sizeof(d)));
		break;
	case LTTR_EX_BLOCKED:
		snprintf(buf, size, "blocked (%s) in %s%s, %s", lttr_block_name(x->reason),
			 lttr_timing_doing_str(t, x->mode, x->what, false, d, sizeof(d)),
			 lttr_ex_lock_str(a, &x->lock, l, sizeof(l)),
			 lttr_waker_str(t, a, &x->waker, w, sizeof(w)));
		break;
	case LTTR_EX_TIMER:
		snprintf(buf, size, "waiting for its timer to expire");
		break;
	default:
		snprintf(buf, size, "%s", lttr_ex_type_name(x->type));
		break;
	}
	return buf;
}

const char *lttr_cp_seg_str(const struct lttr_trace *t, const struct lttr_account *a,
			    const struct lttr_cp_seg *s, char *buf, size_t size)
{
	char more[240], w[160], d[64];

	more[0] = '\0';
	if (s->state == LTTR_CP_RUNNING)
		snprintf(more, sizeof(more), " on cpu %u", s->cpu);
	else if (s->state == LTTR_CP_BLOCKED)
		snprintf(more, sizeof(more), " in %s, %s",
			 lttr_timing_doing_str(t, s->mode, s->what, false, d, sizeof(d)),
			 lttr_waker_str(t, a, &s->waker, w, sizeof(w)));
	snprintf(buf, size, "%u %s %s%s", s->pid, lttr_timing_task_name(a, s->pid),
		 lttr_cp_state_name(s->state, s->reason), more);
	return buf;
}

const char *lttr_explain_at_str(const struct lttr_trace *t, const struct lttr_explain_at *r,
				char *buf, size_t size)
{
	uint64_t s0 = lttr_trace_header(t)->start_ns;
	char st[360], w[160], nb[32], lk[160];
	size_t n;

	switch (r->state) {
	case LTTR_CP_RUNNING:
		snprintf(st, sizeof(st), "running on cpu %u", r->cpu);
		break;
	case LTTR_CP_RUNNABLE:
		snprintf(st, sizeof(st), "runnable (%s), waiting for cpu %u",
			 r->preempted ? "preempted" : r->waker.known ?
			 lttr_waker_str(t, r->acct, &r->waker, w, sizeof(w)) : "new", r->cpu);
		break;
	case LTTR_CP_BLOCKED:
		snprintf(st, sizeof(st), "blocked (%s)%s%s%s", lttr_block_name(r->reason),
			 r->mode == LTTR_MODE_SYSCALL ? " in " : "",
			 r->mode == LTTR_MODE_SYSCALL ?
			 lttr_mode_what_str(t, LTTR_MODE_SYSCALL, r->what, false, nb, sizeof(nb)) :
			 "", lttr_ex_lock_str(r->acct, &r->lock, lk, sizeof(lk)));
		break;
	case LTTR_CP_UNKNOWN:
		snprintf(st, sizeof(st), "unknown (a CPU without data may have run it)");
		break;
	default:
		snprintf(st, sizeof(st), "not alive");
		break;
	}
	n = (size_t)snprintf(buf, size, "%u %s at %.9f s: %s; from %.9f to %.9f s (%.3f us)%s",
			     r->pid, lttr_timing_task_name(r->acct, r->pid),
			     (double)(r->at_ns - s0) / 1e9, st, (double)(r->start_ns - s0) / 1e9,
			     (double)(r->end_ns - s0) / 1e9,
			     (double)(r->end_ns - r->start_ns) / 1e3,
			     r->ended ? "" : ", to the end of the trace");
	if (r->state == LTTR_CP_BLOCKED && n < size)
		snprintf(buf + n, size - n, "; %s", r->ended ?
			 lttr_waker_str(t, r->acct, &r->waker, w, sizeof(w)) :
			 "not woken before the end of the trace");
	return buf;
}
