// SPDX-License-Identifier: GPL-2.0
/*
 * timing-irq.c - irq and softirq handler durations, entry to exit, with
 * where their time went (the handler itself, the irqs nested in a
 * softirq, the softirqs run at an irq's exit): per CPU a stack of the
 * open handlers, as the control flow keeps it (the transitions' depth),
 * each charged with the CPU's segments while it is open.  Softirqs also
 * have their raise to entry latency, where the trace records raises
 * (LTT_EV_SOFTIRQ_RAISE, format 1.4): on each CPU the first raise of a
 * vector since its handler last started there, to the handler's next
 * entry there.
 */
#include <stdlib.h>
#include <string.h>
#include <lttr/reader/trace.h>
#include "analysis/timing-internal.h"

#define IRQ_STACK 16		/* the control flow's nesting limit */
#define SOFTIRQ_VECS 32		/* raises followed for vectors below */

struct frame {
	uint64_t start;
	uint64_t cpu_ns;	/* in the handler's own mode */
	uint64_t other_ns;	/* in the other mode (nested irq, softirqs) */
	bool softirq;
};

struct icpu {
	unsigned int depth;
	struct frame f[IRQ_STACK];
	uint64_t raised[SOFTIRQ_VECS];	/* first raise pending, 0: none */
};

struct ik {
	struct icpu cpu[LTT_MAX_CPUS];
	bool softirq;		/* the kind: softirq handlers, else irqs */
};

static int init(struct tctx *x, bool softirq)
{
	struct ik *k = calloc(1, sizeof(*k));

	if (!k)
		return -1;
	k->softirq = softirq;
	x->k = k;
	/* the kernels of format 1.4 record raises, when in the mask */
	x->r->raises = softirq && lttr_trace_header(x->t)->minor >= 4 &&
		lttr_event_mask_has(&lttr_trace_header(x->t)->mask, LTT_EV_SOFTIRQ_RAISE);
	return 0;
}

static int irq_init(struct tctx *x)
{
	return init(x, false);
}

static int softirq_init(struct tctx *x)
{
	return init(x, true);
}

static void fini(struct tctx *x)
{
	free(x->k);
	x->k = NULL;
}

static void segment(struct tctx *x, const struct lttr_flow_seg *s)
{
	struct ik *k = x->k;
	struct icpu *c;
	uint64_t d = s->end_ns - s->start_ns;
	unsigned int i;

	if (s->cpu >= LTT_MAX_CPUS)
		return;
	c = &k->cpu[s->cpu];
	for (i = 0; i < c->depth; i++) {
		struct frame *f = &c->f[i];

		if ((s->mode == LTTR_MODE_SOFTIRQ) == f->softirq)
			f->cpu_ns += d;
		else
			f->other_ns += d;
	}
}

static void handler_exit(struct tctx *x, struct icpu *c, const struct lttr_flow_tr *tr)
{
	struct ik *k = x->k;
	const struct frame *f;
	struct lttr_timing_inst in;
	unsigned int d = tr->depth;

	c->depth = d ? d - 1 : 0;
	if (!tr->since_ns || !d || d > IRQ_STACK)
		return;	/* a softirq running since before the trace */
	f = &c->f[d - 1];
	if (f->start != tr->since_ns || f->softirq != k->softirq)
		return;
	memset(&in, 0, sizeof(in));
	in.sub = LTTR_SUB_HANDLER;
	in.start_ns = tr->since_ns;
	in.end_ns = tr->time_ns;
	in.part[LTTR_PART_CPU] = f->cpu_ns;
	in.part[k->softirq ? LTTR_PART_INTR : LTTR_PART_SOFTIRQ] = f->other_ns;
	in.pid = tr->pid;
	in.what = tr->what;
	in.sysvec = tr->sysvec;
	in.cpu = tr->cpu;
	timing_add(x, timing_group(x, LTTR_SUB_HANDLER, in.what, in.sysvec, 0), &in);
}

/* the handler of vector @vec starts on @c: a raise pending there ends */
static void raised_entry(struct tctx *x, struct icpu *c, const struct lttr_flow_tr *tr)
{
	struct lttr_timing_inst in;

	if (tr->what >= SOFTIRQ_VECS || !c->raised[tr->what])
		return;
	memset(&in, 0, sizeof(in));
	in.sub = LTTR_SUB_RAISE;
	in.start_ns = c->raised[tr->what];
	in.end_ns = tr->time_ns;
	in.part[LTTR_PART_PENDING] = in.end_ns - in.start_ns;
	in.pid = tr->pid;
	in.what = tr->what;
	in.cpu = tr->cpu;
	c->raised[tr->what] = 0;
	timing_add(x, timing_group(x, LTTR_SUB_RAISE, in.what, false, 0), &in);
}

static void transition(struct tctx *x, const struct lttr_flow_tr *tr)
{
	struct ik *k = x->k;
	struct icpu *c;

	if (tr->cpu >= LTT_MAX_CPUS)
		return;
	c = &k->cpu[tr->cpu];
	switch (tr->kind) {
	case LTTR_TR_IRQ_ENTRY:
	case LTTR_TR_SOFTIRQ_ENTRY:
		if (tr->kind == LTTR_TR_SOFTIRQ_ENTRY && k->softirq)
			raised_entry(x, c, tr);
		c->depth = tr->depth > IRQ_STACK ? IRQ_STACK : tr->depth;
		if (c->depth) {
			struct frame *f = &c->f[c->depth - 1];

			f->start = tr->time_ns;
			f->cpu_ns = f->other_ns = 0;
			f->softirq = tr->kind == LTTR_TR_SOFTIRQ_ENTRY;
		}
		break;
	case LTTR_TR_IRQ_EXIT:
	case LTTR_TR_SOFTIRQ_EXIT:
		handler_exit(x, c, tr);
		break;
	case LTTR_TR_SWITCH:	/* an open irq at a switch is dropped */
		c->depth = 0;
		break;
	case LTTR_TR_LOST:	/* unknown until the gap ends: raises too */
		c->depth = 0;
		memset(c->raised, 0, sizeof(c->raised));
		break;
	default:
		break;
	}
}

static int softirq_event(struct tctx *x, const struct lttr_event *ev)
{
	struct ik *k = x->k;
	struct icpu *c;
	uint32_t v;

	if (ev->id != LTT_EV_SOFTIRQ_RAISE || !ev->details || ev->cpu >= LTT_MAX_CPUS)
		return 0;
	c = &k->cpu[ev->cpu];
	v = ev->p.softirq.vec;
	if (v < SOFTIRQ_VECS && !c->raised[v])
		c->raised[v] = ev->time_ns;
	return 0;
}

const struct timing_kind_ops timing_irq_ops = {
	.init = irq_init,
	.segment = segment,
	.transition = transition,
	.fini = fini,
};

const struct timing_kind_ops timing_softirq_ops = {
	.init = softirq_init,
	.event = softirq_event,
	.segment = segment,
	.transition = transition,
	.fini = fini,
};
