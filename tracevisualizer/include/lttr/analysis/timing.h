/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/analysis/timing.h - latency analyses: the instances of a kind of
 * latency (wakeup to run, preemption to run, irq and softirq handlers,
 * softirq raise to entry, syscalls, timer activations), each with where
 * its time went, grouped per task and per number (syscall, irq, vector),
 * with their exact distributions, their worst instances and those over a
 * threshold.  One pass of the accounting (lttr_account_compute_hooks())
 * over the trace: the instances are those the accounting counts, so the
 * figures agree with processes, syscalls and irqs.  Definitions in
 * docs/timing.md.
 */
#ifndef LTTR_TIMING_H
#define LTTR_TIMING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <lttr/analysis/distribution.h>
#include <lttr/model/blockreason.h>
#include <lttr/reader/error.h>

struct lttr_trace;
struct lttr_flow_tr;
struct lttr_account;

/**
 * enum lttr_timing_kind - the kinds of latency
 * @LTTR_TIMING_WAKEUP: a task woken (or a new task's first wakeup) until
 *	it runs (LTTR_SUB_WAKEUP), and preempted until it runs again
 *	(LTTR_SUB_PREEMPT)
 * @LTTR_TIMING_IRQ: irq handlers, entry to exit (LTTR_SUB_HANDLER)
 * @LTTR_TIMING_SOFTIRQ: softirq handlers, entry to exit
 *	(LTTR_SUB_HANDLER), and raise to entry where the trace records the
 *	raises (LTTR_SUB_RAISE)
 * @LTTR_TIMING_SYSCALL: system calls, entry to exit (LTTR_SUB_CALL)
 * @LTTR_TIMING_TIMER: the activations of tasks sleeping until a deadline
 *	(nanosleep, clock_nanosleep) or reading a timerfd (format 1.5):
 *	deadline to first run (LTTR_SUB_TIMER)
 * @LTTR_TIMING_KINDS: the number of kinds
 */
enum lttr_timing_kind {
	LTTR_TIMING_WAKEUP,
	LTTR_TIMING_IRQ,
	LTTR_TIMING_SOFTIRQ,
	LTTR_TIMING_SYSCALL,
	LTTR_TIMING_TIMER,
	LTTR_TIMING_KINDS
};

/**
 * enum lttr_timing_sub - what an instance measures, within its kind
 * @LTTR_SUB_WAKEUP: wakeup to switch in (the accounting's scheduling
 *	latency, struct lttr_acct_task.sched_lat)
 * @LTTR_SUB_PREEMPT: switched out still runnable (preempted, or
 *	sched_yield) to switched in again
 * @LTTR_SUB_HANDLER: an irq or softirq handler, entry to exit
 * @LTTR_SUB_RAISE: a softirq raised on a CPU until its handler starts
 *	there
 * @LTTR_SUB_CALL: a system call, entry to exit
 * @LTTR_SUB_TIMER: a timer's deadline to the first run after it woke
 * @LTTR_SUB_COUNT: the number of them
 */
enum lttr_timing_sub {
	LTTR_SUB_WAKEUP,
	LTTR_SUB_PREEMPT,
	LTTR_SUB_HANDLER,
	LTTR_SUB_RAISE,
	LTTR_SUB_CALL,
	LTTR_SUB_TIMER,
	LTTR_SUB_COUNT
};

/**
 * enum lttr_timing_part - where the time of an instance went; the parts
 * of an instance add up to its duration exactly
 * @LTTR_PART_CPU: running its own code: a syscall in the kernel, an irq
 *	or softirq handler (the irqs nested in an irq included)
 * @LTTR_PART_TRAP: syscall: in traps (page faults) taken inside it
 * @LTTR_PART_INTR: syscall: in irq handlers that interrupted it; softirq:
 *	in irqs nested in the handler
 * @LTTR_PART_SOFTIRQ: syscall: in softirqs run on top of it; irq: in the
 *	softirqs run at its exit
 * @LTTR_PART_RUNNABLE: ready to run, waiting for a CPU (the whole of a
 *	wakeup or preemption latency; a timer activation from its wakeup)
 * @LTTR_PART_TIMER: timer: from the deadline until the task is woken
 * @LTTR_PART_PENDING: softirq raise: pending until the handler starts
 * @LTTR_PART_LATE: timerfd: the task was not waiting when the timer
 *	expired (running or preempted, its previous activation overran):
 *	from the expiry until its read counted it
 * @LTTR_PART_BLOCKED: syscall: blocked, LTTR_PART_BLOCKED + enum
 *	lttr_block the reason (LTTR_BLOCK_COUNT parts)
 * @LTTR_PART_UNKNOWN: syscall: its task's state unknown (a CPU without
 *	data may have run it: LTTR_TS_UNKNOWN)
 * @LTTR_PART_COUNT: the number of parts
 */
enum lttr_timing_part {
	LTTR_PART_CPU,
	LTTR_PART_TRAP,
	LTTR_PART_INTR,
	LTTR_PART_SOFTIRQ,
	LTTR_PART_RUNNABLE,
	LTTR_PART_TIMER,
	LTTR_PART_PENDING,
	LTTR_PART_LATE,
	LTTR_PART_BLOCKED,
	LTTR_PART_UNKNOWN = LTTR_PART_BLOCKED + LTTR_BLOCK_COUNT,
	LTTR_PART_COUNT
};

/**
 * struct lttr_waker - who woke a task: the task current on the CPU where
 * the wakeup was recorded, and what that CPU was doing
 * @known: a wakeup was recorded (else the other fields are 0)
 * @sysvec: @ctx is an x86 system vector (@mode LTTR_MODE_IRQ)
 * @mode: enum lttr_mode of that CPU: LTTR_MODE_SYSCALL (the task woke it
 *	in a syscall), LTTR_MODE_IRQ or LTTR_MODE_SOFTIRQ (an interrupt
 *	did, over the task), LTTR_MODE_TRAP, LTTR_MODE_KERNEL, ...
 * @cpu: the CPU
 * @pid: the current task (0: the idle task)
 * @ctx: the number of @mode (syscall, irq, softirq vector)
 * @time_ns: when
 */
struct lttr_waker {
	bool known;
	bool sysvec;
	uint8_t mode;
	uint16_t cpu;
	uint32_t pid;
	uint32_t ctx;
	uint64_t time_ns;
};

/**
 * struct lttr_ex_lock - the kernel lock a block waited for
 * @known: the block is a wait for this lock: its task queued on it
 *	(LTT_EV_LOCK_CONTEND, format 1.17) and switched out blocked right
 *	after (no system call began or ended between), and a release of the
 *	lock ended it: the wakeup by @owner, or by a task that had queued on
 *	the lock (docs/timing.md, "Waiting for a kernel lock")
 * @lock: the lock's address
 * @site: the lock's caller (the call that takes it), 0 unknown
 * @owner: the holder's thread id when the task queued, 0 unknown
 * @waiters: the other tasks queued on it then
 * @kind: LTT_LOCK_MUTEX, LTT_LOCK_RWSEM_READ or LTT_LOCK_RWSEM_WRITE
 * @flags: LTT_LOCK_READERS (readers held it)
 */
struct lttr_ex_lock {
	bool known;
	uint8_t kind;
	uint8_t flags;
	uint16_t waiters;
	uint32_t owner;
	uint64_t lock;
	uint64_t site;
};

/**
 * lttr_waker_is_task() - whether a task woke it, in process context
 * @w: the waker
 *
 * Return: @w is known, its CPU ran a task other than the idle task, not
 * in an irq or softirq handler (a task whose mode is not known yet, in
 * LTTR_MODE_UNKNOWN, is one).
 */
bool lttr_waker_is_task(const struct lttr_waker *w);

/**
 * lttr_waker_set() - the waker a wakeup transition tells
 * @w: filled (known)
 * @tr: a transition of kind LTTR_TR_WAKEUP
 */
void lttr_waker_set(struct lttr_waker *w, const struct lttr_flow_tr *tr);

/**
 * struct lttr_timing_inst - one instance
 * @start_ns: its start: the wakeup (or preemption), the handler's entry,
 *	the raise, the syscall's entry, the timer's deadline
 * @end_ns: its end: the switch in, the handler's or syscall's exit, the
 *	handler's entry (raise), the first run after the timer's wakeup
 * @part: where its time went (enum lttr_timing_part), adding up to
 *	@end_ns - @start_ns
 * @pid: the task woken, preempted, that made the syscall, that slept
 *	until the deadline; for an irq or softirq the task current at its
 *	end (the one it interrupted)
 * @what: the syscall number, irq number or softirq vector (0 for the
 *	other kinds)
 * @cpu: the CPU of its end (where the task ran, the handler ran)
 * @sub: enum lttr_timing_sub
 * @sysvec: @what is an x86 system vector
 * @forked: LTTR_SUB_WAKEUP: a new task's first wakeup
 * @waker: LTTR_SUB_WAKEUP and LTTR_SUB_TIMER: the wakeup (for a task woken
 *	while still running, the last one before its switch out)
 * @period_ns: LTTR_SUB_TIMER: the deadline minus the task's previous
 *	deadline (the expected period), 0 for its first activation
 * @actual_ns: LTTR_SUB_TIMER: the end minus the end of the task's
 *	previous activation (the actual period), 0 for its first
 * @timerfd: LTTR_SUB_TIMER: the deadline is a timerfd's expiry (else a
 *	nanosleep's); its previous activation is one of the same timer
 *	since it was last set
 * @missed: @timerfd: the expiries after the deadline that the same read
 *	counted (its count less 1): periods the task missed
 * @interval_ns: @timerfd: the timer's interval as its read recorded it
 *	(0: a one-shot timer)
 */
struct lttr_timing_inst {
	uint64_t start_ns;
	uint64_t end_ns;
	uint64_t part[LTTR_PART_COUNT];
	uint32_t pid;
	uint32_t what;
	uint16_t cpu;
	uint8_t sub;
	bool sysvec;
	bool forked;
	struct lttr_waker waker;
	uint64_t period_ns;
	uint64_t actual_ns;
	bool timerfd;
	uint64_t missed;
	uint64_t interval_ns;
};

/**
 * lttr_timing_inst_ns() - the duration of an instance
 * @in: the instance
 *
 * Return: @end_ns - @start_ns.
 */
uint64_t lttr_timing_inst_ns(const struct lttr_timing_inst *in);

/**
 * enum lttr_timing_level - what a group sums
 * @LTTR_TG_TASK: the instances of one task (@pid) and one number (@what)
 * @LTTR_TG_WHAT: every task's instances of one number (@what): one
 *	syscall, irq, softirq vector; the sum of its LTTR_TG_TASK groups
 *	for a kind that has them
 * @LTTR_TG_ALL: every instance of @sub; the sum of its LTTR_TG_WHAT
 *	groups (or of its LTTR_TG_TASK groups for a kind whose instances
 *	have no number: wakeup, timer)
 */
enum lttr_timing_level {
	LTTR_TG_TASK,
	LTTR_TG_WHAT,
	LTTR_TG_ALL,
};

/**
 * struct lttr_timing_group - the instances of a task, a number, or all
 * @level: enum lttr_timing_level
 * @sub: enum lttr_timing_sub of its instances
 * @sysvec: @what is an x86 system vector
 * @pid: LTTR_TG_TASK: the task
 * @what: LTTR_TG_TASK and LTTR_TG_WHAT: the number (0 for kinds without)
 * @dist: the distribution of the durations
 * @part: the parts summed over the instances (they add up to
 *	@dist.lat.total)
 * @over: instances longer than the threshold
 * @nworst: entries of @worst
 * @worst: the longest instances (at most the query's @nworst), longest
 *	first, then earliest
 * @period: LTTR_SUB_TIMER: the distribution of the expected periods
 *	(@period_ns of the instances that have one)
 * @actual: LTTR_SUB_TIMER: the same of the actual periods
 * @zero_left: LTTR_SUB_TIMER: sleeps with nothing left to wait when they
 *	armed their timer (the trace records "0 left"): a relative sleep of
 *	0 ns, or an absolute deadline already passed, by how much is not
 *	recorded; not activations
 * @early: LTTR_SUB_TIMER: sleeps that ended before their deadline (a
 *	signal) or without a recorded wakeup: not activations
 * @missed: LTTR_SUB_TIMER: the sum of the instances' @missed
 * @unknown: LTTR_SUB_WAKEUP and LTTR_SUB_PREEMPT: waits that crossed
 *	unknown time (a CPU without data might have run the task: its wait
 *	ended there, unseen), whose length is not known: not in @dist
 *	(docs/timing.md)
 */
struct lttr_timing_group {
	uint8_t level;
	uint8_t sub;
	bool sysvec;
	uint32_t pid;
	uint32_t what;
	struct lttr_dist dist;
	uint64_t part[LTTR_PART_COUNT];
	uint64_t over;
	size_t nworst;
	struct lttr_timing_inst *worst;
	struct lttr_dist period;
	struct lttr_dist actual;
	uint64_t zero_left;
	uint64_t early;
	uint64_t missed;
	uint64_t unknown;
};

/**
 * struct lttr_timing_query - what lttr_timing_compute() finds
 * @kind: enum lttr_timing_kind
 * @from_ns: only instances that start at or after it (absolute; 0: from
 *	the trace's start)
 * @to_ns: ... and end before it, or at it when it is the trace's end
 *	(0 or UINT64_MAX: to the end); the rule of the accounting of a window
 * @pids: only the instances of these tasks (not for irq and softirq),
 *	NULL: every task
 * @npids: entries of @pids
 * @nworst: worst instances kept per group (0: none)
 * @threshold_ns: instances longer than it are @over (kept in
 *	struct lttr_timing.over); with @has_threshold
 * @has_threshold: a threshold is given
 * @all: keep every instance (struct lttr_timing.inst)
 * @progress: called now and then with the share of the trace read
 *	(0..1000); non-zero cancels (may be NULL)
 * @arg: its argument
 */
struct lttr_timing_query {
	unsigned int kind;
	uint64_t from_ns;
	uint64_t to_ns;
	const uint32_t *pids;
	size_t npids;
	size_t nworst;
	uint64_t threshold_ns;
	bool has_threshold;
	bool all;
	int (*progress)(void *arg, unsigned int permille);
	void *arg;
};

/**
 * struct lttr_timing - the result of lttr_timing_compute()
 * @kind: enum lttr_timing_kind
 * @from_ns: the window's start (absolute: the trace's, or the query's)
 * @to_ns: its end
 * @ngroups: entries of @groups
 * @groups: the LTTR_TG_TASK groups sorted by sub, what, pid; then the
 *	LTTR_TG_WHAT groups by sub, what (irqs before system vectors); then
 *	the LTTR_TG_ALL groups by sub.  Only groups with instances, but
 *	timer groups with zero_left or early sleeps
 * @nover: entries of @over
 * @over: the instances longer than the threshold, by start time
 * @ninst: entries of @inst
 * @inst: every instance (the query's @all), by start time
 * @unmatched: instances whose parts do not add up to their duration
 *	(events that contradict each other: lost events); 0 normally
 * @raises: LTTR_TIMING_SOFTIRQ: the trace records softirq raises (format
 *	1.4 and its event mask)
 * @acct: the accounting of the same pass: task names, the lost-event
 *	gaps and cuts the figures share (lttr_account_free() by
 *	lttr_timing_free())
 */
struct lttr_timing {
	unsigned int kind;
	uint64_t from_ns;
	uint64_t to_ns;
	size_t ngroups;
	struct lttr_timing_group *groups;
	size_t nover;
	struct lttr_timing_inst *over;
	size_t ninst;
	struct lttr_timing_inst *inst;
	uint64_t unmatched;
	bool raises;
	struct lttr_account *acct;
};

/**
 * lttr_timing_compute() - the latencies of a kind
 * @t: the trace
 * @q: the query
 * @out: receives the result (free with lttr_timing_free())
 * @err: receives the error (LTTR_E_CANCELED when @q->progress asked)
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_timing_compute(struct lttr_trace *t, const struct lttr_timing_query *q,
			struct lttr_timing **out, struct lttr_error *err);

/** lttr_timing_free() - release a result @r: the result or NULL */
void lttr_timing_free(struct lttr_timing *r);

/**
 * lttr_timing_find() - a group of a result
 * @r: the result
 * @level: enum lttr_timing_level
 * @sub: enum lttr_timing_sub
 * @what: the number (ignored for LTTR_TG_ALL)
 * @sysvec: ... an x86 system vector
 * @pid: the task (LTTR_TG_TASK only)
 *
 * Return: the group, or NULL when it has no instance.
 */
const struct lttr_timing_group *lttr_timing_find(const struct lttr_timing *r,
						 unsigned int level, unsigned int sub,
						 uint32_t what, bool sysvec, uint32_t pid);

/**
 * lttr_timing_kind_name() - the name of a kind
 * @kind: enum lttr_timing_kind
 *
 * Return: "wakeup", "irq", "softirq", "syscall", "timer", or "?".
 */
const char *lttr_timing_kind_name(unsigned int kind);

/**
 * lttr_timing_kind_lookup() - a kind by name
 * @name: its name
 *
 * Return: the enum lttr_timing_kind, or -1.
 */
int lttr_timing_kind_lookup(const char *name);

/**
 * lttr_timing_sub_name() - the name of a sub-kind
 * @sub: enum lttr_timing_sub
 *
 * Return: "wakeup", "preempt", "handler", "raise", "call", "timer", "?".
 */
const char *lttr_timing_sub_name(unsigned int sub);

/**
 * lttr_timing_what_str() - the name of the number of an instance or group
 * @t: the trace (irq names), or NULL
 * @kind: enum lttr_timing_kind
 * @what: the number
 * @sysvec: an x86 system vector
 * @buf: receives a made-up name
 * @size: its size (32 is enough)
 *
 * Return: the syscall's, irq's or softirq's name; "" for the kinds whose
 * instances have no number.
 */
const char *lttr_timing_what_str(const struct lttr_trace *t, unsigned int kind,
				 uint32_t what, bool sysvec, char *buf, size_t size);

/**
 * lttr_timing_part_name() - the name of a part
 * @part: enum lttr_timing_part
 *
 * Return: "cpu", "trap", "irq", "softirq", "runnable", "timer",
 * "pending", "late", "blocked_io", ... (blocked_ and the reason's name).
 */
const char *lttr_timing_part_name(unsigned int part);

#endif /* LTTR_TIMING_H */
