// SPDX-License-Identifier: GPL-2.0
/*
 * timing-wakeup.c - the wakeup and preemption latencies: every runnable
 * interval that ends with a switch in (the accounting's wait hook) is an
 * instance, a scheduling latency when the accounting counts it as one
 * (from the wakeup), else a preemption delay when it began with a switch
 * out still runnable.  The waker of each is the first wakeup of the task
 * since it last ran, as the accounting takes it.
 */
#include <stdlib.h>
#include <string.h>
#include "analysis/timing-internal.h"
#include "model/pidtab.h"

struct wk {
	struct lttr_pidtab w;	/* per task: its first wakeup since it ran */
	struct {		/* per CPU: the task of its last syscall */
		uint32_t pid;
		size_t idx;
		bool valid;
	} last[LTT_MAX_CPUS];
};

static struct lttr_waker *waker_of(struct tctx *x, uint32_t pid, bool create)
{
	struct wk *k = x->k;
	bool created;
	struct lttr_waker *w = lttr_pidtab_get(&k->w, pid, create, &created);

	if (!w && create)
		x->nomem = 1;
	if (created)	/* the table may have moved */
		memset(k->last, 0, sizeof(k->last));
	return w;
}

static int wk_init(struct tctx *x)
{
	struct wk *k = calloc(1, sizeof(*k));

	if (!k)
		return -1;
	lttr_pidtab_init(&k->w, sizeof(struct lttr_waker));
	x->k = k;
	return 0;
}

static void wk_fini(struct tctx *x)
{
	struct wk *k = x->k;

	if (!k)
		return;
	lttr_pidtab_free(&k->w);
	free(k);
	x->k = NULL;
}

static void wk_transition(struct tctx *x, const struct lttr_flow_tr *tr)
{
	struct lttr_waker *w;

	switch (tr->kind) {
	case LTTR_TR_WAKEUP:
		w = waker_of(x, tr->pid2, true);
		if (!w || w->known)	/* not the first since it ran */
			return;
		lttr_waker_set(w, tr);
		break;
	case LTTR_TR_SYSCALL_ENTRY:
	case LTTR_TR_SYSCALL_EXIT: {
		/* a wakeup that raced a running task is forgotten here */
		struct wk *k = x->k;

		if (tr->cpu >= LTT_MAX_CPUS)
			break;
		if (!k->last[tr->cpu].valid || k->last[tr->cpu].pid != tr->pid) {
			w = waker_of(x, tr->pid, true);
			if (!w)
				break;
			k->last[tr->cpu].valid = true;
			k->last[tr->cpu].pid = tr->pid;
			k->last[tr->cpu].idx = lttr_pidtab_index(&k->w, w);
		}
		((struct lttr_waker *)lttr_pidtab_at(&k->w, k->last[tr->cpu].idx))->known = false;
		break;
	}
	default:
		break;
	}
}

static void wk_wait(struct tctx *x, const struct lttr_acct_wait *w)
{
	struct lttr_timing_inst in;
	struct lttr_waker *wk = waker_of(x, w->pid, false);

	if (w->unknown) {	/* its length is not known: counted apart */
		if (w->woken || w->preempted)
			timing_unknown(x, timing_group(x, w->woken ? LTTR_SUB_WAKEUP :
						       LTTR_SUB_PREEMPT, 0, false, w->pid),
				       w->woken ? w->woken_ns : w->since_ns, w->end_ns);
		return;
	}
	if (!w->latency && !w->preempted)
		return;
	memset(&in, 0, sizeof(in));
	in.sub = w->latency ? LTTR_SUB_WAKEUP : LTTR_SUB_PREEMPT;
	in.start_ns = w->latency ? w->woken_ns : w->since_ns;
	in.end_ns = w->end_ns;
	in.part[LTTR_PART_RUNNABLE] = in.end_ns - in.start_ns;
	in.pid = w->pid;
	in.cpu = w->cpu;
	in.forked = w->latency && w->forked;
	if (w->latency && wk)
		in.waker = *wk;
	timing_add(x, timing_group(x, in.sub, 0, false, w->pid), &in);
}

static void wk_task(struct tctx *x, const struct lttr_acct_change *c)
{
	struct lttr_waker *w;

	if (c->state != LTTR_TS_RUNNING)
		return;
	w = waker_of(x, c->pid, false);
	if (w)
		w->known = false;
}

const struct timing_kind_ops timing_wakeup_ops = {
	.init = wk_init,
	.transition = wk_transition,
	.task = wk_task,
	.wait = wk_wait,
	.fini = wk_fini,
};
