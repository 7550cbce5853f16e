/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/analysis/explain.h - why an interval took the time it did: what
 * ran on a CPU over it (which tasks, in which mode, which irqs and
 * softirqs), or what a task did over it (its runs, its runnable waits,
 * its blocks with who woke it), as items that tile the interval exactly
 * and their totals; and the state of a task at a given time, explained
 * (the wait for a CPU, the run, or the block with its waker and the
 * critical path of the block).  Definitions in docs/timing.md.
 */
#ifndef LTTR_EXPLAIN_H
#define LTTR_EXPLAIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <lttr/analysis/critpath.h>
#include <lttr/analysis/timing.h>
#include <lttr/reader/error.h>

struct lttr_trace;
struct lttr_account;

/**
 * enum lttr_ex_type - what an item of an explanation is
 * @LTTR_EX_RAN: @pid was current on @cpu in @mode (@what): its own code,
 *	or an irq or softirq handler over it (@mode LTTR_MODE_IRQ,
 *	LTTR_MODE_SOFTIRQ), or the idle task (pid 0, LTTR_MODE_IDLE), or
 *	nobody known (LTTR_MODE_UNKNOWN: lost events)
 * @LTTR_EX_RUNNABLE: @pid was ready, waiting for a CPU
 * @LTTR_EX_BLOCKED: @pid was blocked (@reason; in syscall @what), and
 *	@waker woke it at the item's end
 * @LTTR_EX_TIMER: @pid waited for its timer to expire (from its deadline
 *	to its wakeup)
 * @LTTR_EX_ABSENT: @pid was not alive, or its state is not known
 * @LTTR_EX_UNKNOWN: @pid's state is unknown: ready to run (or current)
 *	while a CPU had no data, which may have run it (LTTR_TS_UNKNOWN)
 */
enum lttr_ex_type {
	LTTR_EX_RAN,
	LTTR_EX_RUNNABLE,
	LTTR_EX_BLOCKED,
	LTTR_EX_TIMER,
	LTTR_EX_ABSENT,
	LTTR_EX_UNKNOWN,
};

/**
 * struct lttr_ex_item - a piece of an explained interval
 * @start_ns: its start
 * @end_ns: its end (> @start_ns)
 * @pid: the task (see enum lttr_ex_type)
 * @what: the number of @mode (LTTR_EX_RAN, LTTR_EX_BLOCKED)
 * @cpu: LTTR_EX_RAN: the CPU
 * @type: enum lttr_ex_type
 * @mode: LTTR_EX_RAN: enum lttr_mode; LTTR_EX_BLOCKED: the mode it
 *	blocked in (LTTR_MODE_SYSCALL: in syscall @what)
 * @reason: LTTR_EX_BLOCKED: enum lttr_block
 * @sysvec: LTTR_EX_RAN in an irq: @what is an x86 system vector
 * @waker: LTTR_EX_BLOCKED: the wakeup at its end, when recorded
 * @block_ns: LTTR_EX_BLOCKED: the switch-out that began the block (at or
 *	before @start_ns)
 * @lock: LTTR_EX_BLOCKED: the kernel lock it waited for, when @lock.known
 */
struct lttr_ex_item {
	uint64_t start_ns;
	uint64_t end_ns;
	uint32_t pid;
	uint32_t what;
	uint16_t cpu;
	uint8_t type;
	uint8_t mode;
	uint8_t reason;
	bool sysvec;
	struct lttr_waker waker;
	uint64_t block_ns;
	struct lttr_ex_lock lock;
};

/**
 * enum lttr_ex_who - whom a total is for
 * @LTTR_WHO_TASK: a task's own time on a CPU (@pid; 0 the idle task),
 *	whatever its mode but irqs and softirqs
 * @LTTR_WHO_IRQ: irq handler @what (@sysvec), whatever task it interrupted
 * @LTTR_WHO_SOFTIRQ: softirq handler @what
 * @LTTR_WHO_UNKNOWN: a CPU whose events were lost
 * @LTTR_WHO_WAIT: the explained task's own waits: @type LTTR_EX_RUNNABLE,
 *	LTTR_EX_BLOCKED (@reason), LTTR_EX_TIMER or LTTR_EX_ABSENT
 */
enum lttr_ex_who {
	LTTR_WHO_TASK,
	LTTR_WHO_IRQ,
	LTTR_WHO_SOFTIRQ,
	LTTR_WHO_UNKNOWN,
	LTTR_WHO_WAIT,
};

/**
 * struct lttr_ex_total - the items of one task, irq, softirq or wait summed
 * @who: enum lttr_ex_who
 * @type: LTTR_WHO_WAIT: enum lttr_ex_type
 * @reason: LTTR_WHO_WAIT, LTTR_EX_BLOCKED: enum lttr_block
 * @sysvec: LTTR_WHO_IRQ: a system vector
 * @pid: LTTR_WHO_TASK and LTTR_WHO_WAIT: the task
 * @what: LTTR_WHO_IRQ, LTTR_WHO_SOFTIRQ: its number
 * @ns: the sum
 * @count: the items summed
 */
struct lttr_ex_total {
	uint8_t who;
	uint8_t type;
	uint8_t reason;
	bool sysvec;
	uint32_t pid;
	uint32_t what;
	uint64_t ns;
	uint64_t count;
};

/**
 * enum lttr_ex_scope - what a request explains
 * @LTTR_EXS_CPU: what ran on @cpu over the interval (a wait for a CPU,
 *	an irq or softirq handler)
 * @LTTR_EXS_TASK: what @pid did over the interval (a syscall): its runs
 *	(the segments of its CPU while it was current), its runnable waits,
 *	its blocks with their wakers
 */
enum lttr_ex_scope {
	LTTR_EXS_CPU,
	LTTR_EXS_TASK,
};

/**
 * struct lttr_ex_req - an interval to explain
 * @start_ns: its start
 * @end_ns: its end
 * @lead_ns: the first @lead_ns of it are @pid's wait for its timer (one
 *	LTTR_EX_TIMER item: a timer activation's deadline to wakeup); the
 *	rest is explained by @scope
 * @pid: the task concerned
 * @cpu: LTTR_EXS_CPU: the CPU
 * @scope: enum lttr_ex_scope
 */
struct lttr_ex_req {
	uint64_t start_ns;
	uint64_t end_ns;
	uint64_t lead_ns;
	uint32_t pid;
	uint16_t cpu;
	uint8_t scope;
};

/**
 * lttr_ex_req_of() - the request that explains a latency instance
 * @in: the instance
 * @out: receives the request: the CPU it ran on from its wakeup or
 *	preemption (wakeup), the handler's CPU (irq, softirq), the task
 *	over the call (syscall), the timer then the CPU it ran on (timer)
 */
void lttr_ex_req_of(const struct lttr_timing_inst *in, struct lttr_ex_req *out);

/**
 * struct lttr_explanation - an explained interval
 * @req: the request
 * @n: entries of @v
 * @v: the items, in time order, tiling [@req.start_ns, @req.end_ns]
 * @ntot: entries of @tot
 * @tot: the items summed per task, irq, softirq and wait, longest first
 *	(their sum is the interval's length)
 * @stacks: lttr_explained_stacks(): @n entries, those of the blocked
 *	items filled (NULL until then)
 */
struct lttr_explanation {
	struct lttr_ex_req req;
	size_t n;
	struct lttr_ex_item *v;
	size_t ntot;
	struct lttr_ex_total *tot;
	struct lttr_block_stacks *stacks;
};

/**
 * struct lttr_explained - the result of lttr_explain()
 * @n: entries of @v
 * @v: one explanation per request, in the requests' order
 * @acct: the accounting of the pass (names, lost-event gaps)
 */
struct lttr_explained {
	size_t n;
	struct lttr_explanation *v;
	struct lttr_account *acct;
};

/**
 * lttr_explain() - explain intervals, in one pass over the trace
 * @t: the trace
 * @reqs: the requests
 * @n: how many
 * @out: receives the result (free with lttr_explained_free())
 * @err: receives the error
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_explain(struct lttr_trace *t, const struct lttr_ex_req *reqs, size_t n,
		 struct lttr_explained **out, struct lttr_error *err);

/**
 * lttr_explain_progress() - lttr_explain(), telling its progress
 * @t: the trace
 * @reqs: the requests
 * @n: how many
 * @progress: called now and then with the share of the trace read
 *	(0..1000); non-zero cancels (may be NULL)
 * @arg: its argument
 * @out: receives the result (free with lttr_explained_free())
 * @err: receives the error (LTTR_E_CANCELED when @progress asked)
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_explain_progress(struct lttr_trace *t, const struct lttr_ex_req *reqs, size_t n,
			  int (*progress)(void *arg, unsigned int permille), void *arg,
			  struct lttr_explained **out, struct lttr_error *err);

/** lttr_explained_free() - release a result @r: the result or NULL */
void lttr_explained_free(struct lttr_explained *r);

/**
 * struct lttr_explain_at - a task's state at a time, explained
 * @pid: the task
 * @at_ns: the time asked
 * @state: enum lttr_cp_state of the task then
 * @reason: LTTR_CP_BLOCKED: enum lttr_block
 * @mode: LTTR_CP_BLOCKED: the enum lttr_mode it blocked in
 * @what: LTTR_CP_BLOCKED in a syscall (@mode LTTR_MODE_SYSCALL): its number
 * @cpu: LTTR_CP_RUNNING: its CPU; LTTR_CP_RUNNABLE: the CPU it then ran on
 * @preempted: LTTR_CP_RUNNABLE: since a switch out still runnable (else
 *	since a wakeup or fork)
 * @ended: the state ends within the trace (else at its end)
 * @start_ns: the state's start
 * @end_ns: its end
 * @waker: LTTR_CP_BLOCKED: the wakeup that ended it; LTTR_CP_RUNNABLE
 *	after a wakeup: that wakeup
 * @lock: LTTR_CP_BLOCKED: the kernel lock it waited for, when @lock.known
 *	(as an explanation's item)
 * @latency: LTTR_CP_RUNNABLE: the wait ends a wakeup latency as the
 *	accounting counts it (struct lttr_acct_wait, the figure of
 *	lttr_timing_compute()'s LTTR_SUB_WAKEUP): from @woken_ns to @end_ns.
 *	The runnable state may begin before @woken_ns: a new task is
 *	runnable from its fork, its latency counts from its first wakeup
 *	(docs/timing.md, "Two measures of a wait")
 * @woken_ns: @latency: the time it is counted from
 * @expl: LTTR_CP_RUNNING: what the task did on its CPU (LTTR_EXS_TASK);
 *	LTTR_CP_RUNNABLE: what ran on the CPU it then ran on (LTTR_EXS_CPU,
 *	or on its last CPU when it did not run again); empty otherwise
 * @path: LTTR_CP_BLOCKED: the critical path of the block, what the
 *	waker (and its own wakers) did meanwhile; NULL otherwise
 * @stacks: LTTR_CP_BLOCKED, lttr_explain_at_stacks(): the stacks of the
 *	task as it blocked and of its waker
 * @acct: the accounting of the pass
 */
struct lttr_explain_at {
	uint32_t pid;
	uint64_t at_ns;
	uint8_t state;
	uint8_t reason;
	uint8_t mode;
	uint32_t what;
	uint16_t cpu;
	bool preempted;
	bool ended;
	bool latency;
	uint64_t woken_ns;
	uint64_t start_ns;
	uint64_t end_ns;
	struct lttr_waker waker;
	struct lttr_ex_lock lock;
	struct lttr_explanation expl;
	struct lttr_critpath *path;
	struct lttr_block_stacks stacks;
	struct lttr_account *acct;
};

/**
 * lttr_explain_at() - the state of a task at a time, explained
 * @t: the trace
 * @pid: the task
 * @at_ns: the time (absolute)
 * @out: receives the result (free with lttr_explain_at_free())
 * @err: receives the error (LTTR_E_INVAL: no such task at that time)
 *
 * Two passes: one finds the task's state at @at_ns, the other explains it.
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_explain_at(struct lttr_trace *t, uint32_t pid, uint64_t at_ns,
		    struct lttr_explain_at **out, struct lttr_error *err);

/** lttr_explain_at_free() - release a result @r: the result or NULL */
void lttr_explain_at_free(struct lttr_explain_at *r);

/**
 * lttr_ex_type_name() - the name of an item's type
 * @type: enum lttr_ex_type
 *
 * Return: "ran", "runnable", "blocked", "timer", "absent".
 */
const char *lttr_ex_type_name(unsigned int type);

#endif /* LTTR_EXPLAIN_H */
