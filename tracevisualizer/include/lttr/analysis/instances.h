/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/analysis/instances.h - the individual calls behind a latency
 * histogram: the syscalls of one number, or the runs of one irq or softirq
 * handler, whose duration falls in a range (a bucket of struct lttr_lat),
 * with their task, CPU, start and end.  The accounting keeps only the
 * statistics; this runs the control-flow state machine again over the
 * trace and keeps the instances the same rules count (docs/control-flow.md).
 */
#ifndef LTTR_INSTANCES_H
#define LTTR_INSTANCES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <lttr/reader/error.h>

struct lttr_trace;

/**
 * enum lttr_inst_kind - what the instances are
 * @LTTR_INST_SYSCALL: system calls (entry to exit), as counted in the
 *	@lat of struct lttr_acct_sc: a call whose entry precedes the trace
 *	(partial) is not one
 * @LTTR_INST_IRQ: irq handlers (entry to exit), as in struct lttr_acct_irq
 * @LTTR_INST_SOFTIRQ: softirq handlers (entry to exit), as in struct
 *	lttr_acct_softirq: one running at the window start is not one
 */
enum lttr_inst_kind {
	LTTR_INST_SYSCALL,
	LTTR_INST_IRQ,
	LTTR_INST_SOFTIRQ,
};

/**
 * struct lttr_inst_query - which instances
 * @kind: enum lttr_inst_kind
 * @what: the syscall number, irq number or vector, or softirq vector
 * @sysvec: LTTR_INST_IRQ: @what is an x86 system vector
 * @lo_ns: shortest duration kept
 * @hi_ns: durations kept are below it; UINT64_MAX: no upper bound
 * @pids: LTTR_INST_SYSCALL: only the calls of these tasks (the threads of
 *	a process), sorted or not; NULL: every task
 * @npids: entries of @pids
 * @max: keep at most this many (0: count them only)
 */
struct lttr_inst_query {
	unsigned int kind;
	uint32_t what;
	bool sysvec;
	uint64_t lo_ns;
	uint64_t hi_ns;
	const uint32_t *pids;
	size_t npids;
	size_t max;
};

/**
 * struct lttr_instance - one call or handler run
 * @start_ns: its entry
 * @end_ns: its exit (the duration is @end_ns - @start_ns)
 * @pid: the task that made the call, or that the irq or softirq
 *	interrupted (current on the CPU at the exit)
 * @cpu: the CPU of its exit
 */
struct lttr_instance {
	uint64_t start_ns;
	uint64_t end_ns;
	uint32_t pid;
	uint16_t cpu;
};

/**
 * struct lttr_instances - result of lttr_instances_find()
 * @n: entries of @v
 * @v: the first @max instances to end (in the trace's merged order),
 *	sorted by start time (then end time, then CPU)
 * @total: every instance that matched, kept or not: for a whole bucket
 *	of a histogram, its count
 */
struct lttr_instances {
	size_t n;
	struct lttr_instance *v;
	uint64_t total;
};

/**
 * lttr_instances_find() - the instances of a syscall, irq or softirq whose
 * duration is in [@q->lo_ns, @q->hi_ns)
 * @t: the trace
 * @q: the query
 * @progress: called every few thousand events with the share of the
 *	trace's time read so far (0..1000); non-zero cancels (may be NULL)
 * @arg: its argument
 * @out: receives the instances (free with lttr_instances_free())
 * @err: receives the error (LTTR_E_CANCELED when @progress asked)
 *
 * One pass of the control-flow state machine (lttr_flow_run()) over the
 * whole trace, the same transitions the accounting counts: the instances
 * of a histogram bucket (lttr_lat_bucket_bounds()) are as many as the
 * bucket's count.
 *
 * Return: 0 or a negative enum lttr_errcode (@out is then empty).
 */
int lttr_instances_find(struct lttr_trace *t, const struct lttr_inst_query *q,
			int (*progress)(void *arg, unsigned int permille), void *arg,
			struct lttr_instances *out, struct lttr_error *err);

/**
 * lttr_instances_free() - release what lttr_instances_find() returned
 * @r: the result (emptied)
 */
void lttr_instances_free(struct lttr_instances *r);

#endif /* LTTR_INSTANCES_H */
