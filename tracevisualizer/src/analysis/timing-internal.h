/* SPDX-License-Identifier: GPL-2.0 */
/*
 * timing-internal.h - internal: what the latency analyses of each kind
 * (timing-*.c) share with the pass that runs them (timing.c).  A kind
 * follows the accounting's hooks and hands each instance it finds, with
 * its parts, to the group it belongs to (timing_group(), timing_add());
 * the pass filters, groups and sums them.
 */
#ifndef LTTR_TIMING_INTERNAL_H
#define LTTR_TIMING_INTERNAL_H

#include <lttr/analysis/account.h>
#include <lttr/analysis/timing.h>
#include <lttr/model/flow.h>
#include <lttr/reader/event.h>

struct tctx;
struct tgroup;

/*
 * The hooks of a kind (each may be NULL), called by the accounting's
 * hooks in its pass (struct lttr_account_hooks); @init allocates the
 * kind's state in x->k, @finish is called at the end of the trace (an
 * instance still open there is not one), @fini releases x->k (also after
 * an error).
 */
struct timing_kind_ops {
	int (*init)(struct tctx *x);
	int (*event)(struct tctx *x, const struct lttr_event *ev);
	void (*segment)(struct tctx *x, const struct lttr_flow_seg *s);
	void (*transition)(struct tctx *x, const struct lttr_flow_tr *tr);
	void (*task)(struct tctx *x, const struct lttr_acct_change *c);
	void (*wait)(struct tctx *x, const struct lttr_acct_wait *w);
	void (*finish)(struct tctx *x);
	void (*fini)(struct tctx *x);
};

extern const struct timing_kind_ops timing_wakeup_ops;
extern const struct timing_kind_ops timing_irq_ops;
extern const struct timing_kind_ops timing_softirq_ops;
extern const struct timing_kind_ops timing_syscall_ops;
extern const struct timing_kind_ops timing_timer_ops;

/* the state of a pass; kinds use @t, @k and @nomem */
struct tctx {
	struct lttr_trace *t;
	const struct lttr_timing_query *q;
	struct lttr_timing *r;
	void *k;		/* the kind's state */
	int nomem;		/* set when an allocation failed */
	uint64_t end_ns;	/* the trace's end */
	struct tgroup **groups;	/* the leaf groups, in creation order */
	size_t ngroups;
	size_t capgroups;
	size_t *slots;		/* hash (sub, what, sysvec, pid) -> index + 1 */
	size_t nslots;
	struct tgroup *last;	/* the last group looked up */
	size_t capover;
	size_t capinst;
	uint32_t *pids;		/* the query's pids, sorted */
	uint64_t events;
	uint64_t span_ns;
};

/*
 * The leaf group of an instance: (@sub, @what, @sysvec) of task @pid for
 * a kind whose instances belong to tasks (wakeup, syscall, timer), else
 * (@sub, @what, @sysvec) of every task (@pid ignored).  NULL when out of
 * memory (x->nomem set).
 */
struct tgroup *timing_group(struct tctx *x, unsigned int sub, uint32_t what,
			    bool sysvec, uint32_t pid);

/*
 * Count the instance @in in @g when it is in the query's window and of
 * one of its tasks: its duration, parts, worst, over the threshold.
 */
void timing_add(struct tctx *x, struct tgroup *g, const struct lttr_timing_inst *in);

/* timer sleeps that are not activations (struct lttr_timing_group) */
void timing_zero_left(struct tctx *x, struct tgroup *g, uint64_t t);
void timing_unknown(struct tctx *x, struct tgroup *g, uint64_t from, uint64_t to);
void timing_early(struct tctx *x, struct tgroup *g, uint64_t t);

/* whether an instance of task @pid is asked for (the query's pids) */
bool timing_pid_wanted(const struct tctx *x, uint32_t pid);

/* the part a CPU segment's mode is, for a task's own instance (syscall) */
unsigned int timing_mode_part(unsigned int mode);

#endif /* LTTR_TIMING_INTERNAL_H */
