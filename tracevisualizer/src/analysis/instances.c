// SPDX-License-Identifier: GPL-2.0
/*
 * instances.c - the calls behind a latency histogram: one pass of the
 * control-flow state machine, keeping the syscall, irq or softirq exits
 * that the accounting counts in a struct lttr_lat (account.c: a syscall
 * exit with its entry seen, of a task other than the idle task; every irq
 * exit; a softirq exit with its entry seen) whose duration is in range.
 */
#include <stdlib.h>
#include <string.h>
#include <lttr/analysis/instances.h>
#include <lttr/model/flow.h>
#include <lttr/reader/trace.h>
#include "model/pidmap.h"
#include "reader/progress-hold.h"

#define PROGRESS_EVERY 4096	/* events between two progress calls */

struct ictx {
	const struct lttr_inst_query *q;
	uint32_t *pids;		/* sorted copy of q->pids */
	struct lttr_instances *r;
	size_t cap;
	bool nomem;
	int (*progress)(void *arg, unsigned int permille);
	void *parg;
	uint64_t start_ns;
	uint64_t span_ns;
	uint64_t events;
};

static int cmp_inst(const void *pa, const void *pb)
{
	const struct lttr_instance *a = pa, *b = pb;

	if (a->start_ns != b->start_ns)
		return a->start_ns < b->start_ns ? -1 : 1;
	if (a->end_ns != b->end_ns)
		return a->end_ns < b->end_ns ? -1 : 1;
	if (a->cpu != b->cpu)
		return a->cpu < b->cpu ? -1 : 1;
	return a->pid < b->pid ? -1 : a->pid > b->pid;
}

/* is @tr an instance of what @q asks, by kind and number (not duration) */
static bool wanted(const struct ictx *x, const struct lttr_flow_tr *tr)
{
	const struct lttr_inst_query *q = x->q;

	switch (q->kind) {
	case LTTR_INST_SYSCALL:
		if (tr->kind != LTTR_TR_SYSCALL_EXIT || !tr->since_ns || !tr->pid ||
		    tr->what != q->what)
			return false;
		return !x->pids || lttr_pids_has(x->pids, q->npids, tr->pid);
	case LTTR_INST_IRQ:
		return tr->kind == LTTR_TR_IRQ_EXIT && tr->what == q->what &&
			tr->sysvec == q->sysvec;
	case LTTR_INST_SOFTIRQ:
		return tr->kind == LTTR_TR_SOFTIRQ_EXIT && tr->since_ns && tr->what == q->what;
	default:
		return false;
	}
}

static void on_transition(void *arg, const struct lttr_flow_tr *tr)
{
	struct ictx *x = arg;
	struct lttr_instances *r = x->r;
	uint64_t d;

	if (!wanted(x, tr))
		return;
	d = tr->time_ns - tr->since_ns;
	if (d < x->q->lo_ns || (x->q->hi_ns != UINT64_MAX && d >= x->q->hi_ns))
		return;
	r->total++;
	if (r->n >= x->q->max)
		return;
	if (r->n == x->cap) {
		size_t ncap = x->cap ? x->cap * 2 : 64;
		struct lttr_instance *nv;

		if (ncap > x->q->max)
			ncap = x->q->max;
		nv = realloc(r->v, ncap * sizeof(*nv));
		if (!nv) {
			x->nomem = true;
			return;
		}
		r->v = nv;
		x->cap = ncap;
	}
	r->v[r->n].start_ns = tr->since_ns;
	r->v[r->n].end_ns = tr->time_ns;
	r->v[r->n].pid = tr->pid;
	r->v[r->n].cpu = tr->cpu;
	r->n++;
}

static int on_event(void *arg, const struct lttr_event *ev)
{
	struct ictx *x = arg;
	uint64_t done;

	if (x->nomem)
		return -LTTR_E_NOMEM;
	if (!x->progress || ++x->events % PROGRESS_EVERY)
		return 0;
	done = ev->time_ns > x->start_ns ? ev->time_ns - x->start_ns : 0;
	if (done > x->span_ns)
		done = x->span_ns;
	if (lttr_progress_tell(x->progress, x->parg, x->events / PROGRESS_EVERY,
			       x->span_ns ? (unsigned int)(done * 1000 / x->span_ns) : 1000))
		return -LTTR_E_CANCELED;
	return 0;
}

void lttr_instances_free(struct lttr_instances *r)
{
	free(r->v);
	memset(r, 0, sizeof(*r));
}

int lttr_instances_find(struct lttr_trace *t, const struct lttr_inst_query *q,
			int (*progress)(void *arg, unsigned int permille), void *arg,
			struct lttr_instances *out, struct lttr_error *err)
{
	static const struct lttr_flow_ops ops = { NULL, on_transition };
	struct ictx x;
	uint64_t end;
	int r;

	memset(out, 0, sizeof(*out));
	memset(&x, 0, sizeof(x));
	x.q = q;
	x.r = out;
	x.progress = progress;
	x.parg = arg;
	x.start_ns = lttr_trace_window_start(t);
	end = lttr_trace_end_ns(t);
	x.span_ns = end > x.start_ns ? end - x.start_ns : 0;
	if (q->kind == LTTR_INST_SYSCALL && q->pids) {
		x.pids = lttr_pids_sorted(q->pids, q->npids);
		if (!x.pids)
			return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	}
	r = lttr_flow_run(t, &ops, &x, on_event, err);
	free(x.pids);
	if (r >= 0 && x.nomem)
		r = -LTTR_E_NOMEM;
	if (r == -LTTR_E_CANCELED)
		lttr_error_set(err, LTTR_E_CANCELED, "canceled");
	else if (r == -LTTR_E_NOMEM)
		lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	if (r < 0) {
		lttr_instances_free(out);
		return r;
	}
	if (out->n > 1)
		qsort(out->v, out->n, sizeof(*out->v), cmp_inst);
	return 0;
}
