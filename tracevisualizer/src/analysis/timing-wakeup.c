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
#include "model/pidmap.h"

struct wk {
	struct lttr_pidmap map;
	struct lttr_waker *w;	/* per task: its first wakeup since it ran */
	size_t n;
	size_t cap;
	struct {		/* per CPU: the task of its last syscall */
		uint32_t pid;
		size_t idx;
		bool valid;
	} last[LTT_MAX_CPUS];
};

static struct lttr_waker *waker_of(struct tctx *x, uint32_t pid, bool create)
{
	struct wk *k = x->k;
	size_t i;

	if (lttr_pidmap_find(&k->map, pid, &i))
		return &k->w[i];
	if (!create)
		return NULL;
	if (k->n == k->cap) {
		size_t ncap = k->cap ? k->cap * 2 : 64;
		struct lttr_waker *n = realloc(k->w, ncap * sizeof(*n));

		if (!n)
			goto nomem;
		k->w = n;
		k->cap = ncap;
		memset(k->last, 0, sizeof(k->last));	/* the array moved */
	}
	if (lttr_pidmap_put(&k->map, pid, k->n))
		goto nomem;
	memset(&k->w[k->n], 0, sizeof(k->w[k->n]));
	return &k->w[k->n++];
nomem:
	x->nomem = 1;
	return NULL;
}

static int wk_init(struct tctx *x)
{
	x->k = calloc(1, sizeof(struct wk));
	return x->k ? 0 : -1;
}

static void wk_fini(struct tctx *x)
{
	struct wk *k = x->k;

	if (!k)
		return;
	lttr_pidmap_free(&k->map);
	free(k->w);
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
		w->known = true;
		w->sysvec = tr->sysvec;
		w->mode = tr->mode;
		w->cpu = tr->cpu;
		w->pid = tr->pid;
		w->ctx = tr->ctx;
		w->time_ns = tr->time_ns;
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
			k->last[tr->cpu].idx = (size_t)(w - k->w);
		}
		k->w[k->last[tr->cpu].idx].known = false;
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
