/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/analysis/critpath.h - the critical path of a task (Trace Compass's
 * critical path of a thread): what the task was waiting for over an
 * interval, transitively.  Its runs and runnable waits are its own; each
 * time it was blocked and a task woke it (in process context), the
 * blocked time is replaced by what that waker was doing meanwhile, and so
 * on backwards across tasks; a block that an interrupt ended (a timer, a
 * device) or that nobody recorded ending stays the task's.  The segments
 * tile the interval exactly.  Definitions in docs/timing.md.
 */
#ifndef LTTR_CRITPATH_H
#define LTTR_CRITPATH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <lttr/analysis/blockstacks.h>
#include <lttr/analysis/timing.h>
#include <lttr/reader/error.h>

struct lttr_trace;
struct lttr_account;

/**
 * enum lttr_cp_state - what the task a segment is charged to was doing
 * @LTTR_CP_RUNNING: running on a CPU
 * @LTTR_CP_RUNNABLE: ready, waiting for a CPU
 * @LTTR_CP_BLOCKED: blocked, and not for a task (or for none recorded)
 * @LTTR_CP_ABSENT: not alive: a waker before its fork, a dead task
 * @LTTR_CP_UNKNOWN: not known: ready to run (or current) while a CPU had
 *	no data, which may have run it (LTTR_TS_UNKNOWN)
 * @LTTR_CP_TRANSIT: across hosts (lttr_critpath_hosts()): a message in
 *	the network, from its send (the system call entered on the sender's
 *	host) to the wakeup of the task that received it, on the corrected
 *	clocks
 */
enum lttr_cp_state {
	LTTR_CP_RUNNING,
	LTTR_CP_RUNNABLE,
	LTTR_CP_BLOCKED,
	LTTR_CP_ABSENT,
	LTTR_CP_UNKNOWN,
	LTTR_CP_TRANSIT,
	LTTR_CP_NSTATES
};

/**
 * struct lttr_cp_seg - a segment of a critical path
 * @start_ns: its start
 * @end_ns: its end (> @start_ns)
 * @pid: the task the time is charged to
 * @state: enum lttr_cp_state
 * @reason: LTTR_CP_BLOCKED: enum lttr_block
 * @mode: LTTR_CP_BLOCKED: the enum lttr_mode it blocked in
 * @cpu: LTTR_CP_RUNNING: its CPU
 * @what: LTTR_CP_BLOCKED in a syscall (@mode LTTR_MODE_SYSCALL): its number
 * @depth: wakeups followed back from the task to @pid (0: the task)
 * @waker: LTTR_CP_BLOCKED: the wakeup that ended the block when it was
 *	not followed (an irq or softirq, the idle task); unknown when none
 *	was recorded (or the block goes on past the interval)
 * @host: lttr_critpath_hosts(): the host of @pid (0 otherwise)
 * @peer_host: LTTR_CP_TRANSIT: the sender's host
 * @peer_pid: LTTR_CP_TRANSIT: the task that sent the message
 */
struct lttr_cp_seg {
	uint64_t start_ns;
	uint64_t end_ns;
	uint32_t pid;
	uint8_t state;
	uint8_t reason;
	uint8_t mode;
	uint16_t cpu;
	uint32_t what;
	uint32_t depth;
	struct lttr_waker waker;
	uint32_t host;
	uint32_t peer_host;
	uint32_t peer_pid;
};

/**
 * struct lttr_cp_total - the time of a task in one state on the path
 * @pid: the task
 * @state: enum lttr_cp_state
 * @reason: LTTR_CP_BLOCKED: enum lttr_block
 * @ns: the sum of its segments
 * @count: how many
 * @host: lttr_critpath_hosts(): the task's host (0 otherwise)
 */
struct lttr_cp_total {
	uint32_t pid;
	uint8_t state;
	uint8_t reason;
	uint64_t ns;
	uint64_t count;
	uint32_t host;
};

/**
 * struct lttr_cp_step - a block met on the path: followed back to its
 *	waker, or left the task's (blocked segments)
 * @pid: the blocked task
 * @depth: its segments' depth (the waker's are @depth + 1)
 * @block_ns: its switch-out, the block's start (before @start_ns when
 *	the block began before the part on the path)
 * @start_ns: the part of the block on the path
 * @end_ns: its end
 * @seg: index in @seg of the first segment of that part (the waker's,
 *	or the task's blocked segment)
 * @followed: the waker's path replaces the block
 * @waker: the wakeup that ended the block (unknown when none recorded)
 * @stacks: lttr_critpath_stacks(): the stacks of the blocked task and of
 *	its waker (NULL strings until then, or when not recorded)
 * @host: lttr_critpath_hosts(): the blocked task's host (0 otherwise)
 * @message: lttr_critpath_hosts(): a message from another host ended the
 *	block (its receive returned before the task blocked again): the
 *	sender's path up to the send, then the transit, replace the block
 * @anomaly: @message, but its send is at or after the wakeup on the
 *	corrected clocks (the clock model's bound is violated): the block
 *	is left the task's, blocked, and the step is counted in the
 *	result's @anomalies
 * @send_ns: @message: its send, on the reference's clock
 * @recv_ns: @message: its receive (the system call returned), on the
 *	reference's clock
 * @peer_host: @message: the sender's host
 * @peer_pid: @message: the sender
 * @lock: the kernel lock the block waited for, when @lock.known (as an
 *	explanation's, struct lttr_ex_lock)
 */
struct lttr_cp_step {
	uint32_t pid;
	uint32_t depth;
	uint64_t block_ns;
	uint64_t start_ns;
	uint64_t end_ns;
	size_t seg;
	bool followed;
	struct lttr_waker waker;
	struct lttr_ex_lock lock;
	struct lttr_block_stacks stacks;
	uint32_t host;
	bool message;
	bool anomaly;
	uint64_t send_ns;
	uint64_t recv_ns;
	uint32_t peer_host;
	uint32_t peer_pid;
};

/**
 * struct lttr_critpath - the result of lttr_critpath_compute()
 * @pid: the task
 * @from_ns: the interval's start (the task's begin in the trace, or the
 *	query's from when later)
 * @to_ns: its end (the task's end, or the query's to when earlier)
 * @nseg: entries of @seg
 * @seg: the segments in time order, tiling [@from_ns, @to_ns]
 * @ntot: entries of @tot
 * @tot: the totals per task and state (and reason), longest first
 * @nstep: entries of @step
 * @step: the blocks met on the path, in the order of their segments
 * @acct: the accounting of the pass (names, lost-event gaps); across
 *	hosts, the first host's (@hacct[@host])
 * @host: lttr_critpath_hosts(): the task's host (0 otherwise)
 * @nhosts: lttr_critpath_hosts(): hosts (0 otherwise)
 * @hacct: lttr_critpath_hosts(): each host's accounting (the names of
 *	its tasks); @acct is one of them
 * @anomalies: lttr_critpath_hosts(): steps with @anomaly (a message whose
 *	corrected send is not before its receiver's wakeup)
 * @worst_ns: the greatest of their (send - wakeup), in ns
 * @state_ns: the sum of the segments per state (enum lttr_cp_state):
 *	on-CPU, runnable, blocked, absent, unknown, transit; they add up
 *	to @to_ns - @from_ns
 */
struct lttr_critpath {
	uint32_t pid;
	uint64_t from_ns;
	uint64_t to_ns;
	size_t nseg;
	struct lttr_cp_seg *seg;
	size_t ntot;
	struct lttr_cp_total *tot;
	size_t nstep;
	struct lttr_cp_step *step;
	struct lttr_account *acct;
	uint32_t host;
	size_t nhosts;
	struct lttr_account **hacct;
	uint64_t anomalies;
	uint64_t worst_ns;
	uint64_t state_ns[LTTR_CP_NSTATES];
};

/**
 * lttr_critpath_compute() - the critical path of a task over an interval
 * @t: the trace
 * @pid: the task
 * @from_ns: the interval's start (absolute; 0: the task's begin)
 * @to_ns: its end (absolute; UINT64_MAX: the task's end)
 * @out: receives the result (free with lttr_critpath_free())
 * @err: receives the error (LTTR_E_INVAL: no such task, or it is not
 *	alive in the interval)
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_critpath_compute(struct lttr_trace *t, uint32_t pid, uint64_t from_ns,
			  uint64_t to_ns, struct lttr_critpath **out,
			  struct lttr_error *err);

/**
 * lttr_critpath_progress() - lttr_critpath_compute(), telling its progress
 * @t: the trace
 * @pid: the task
 * @from_ns: the interval's start (absolute; 0: the task's begin)
 * @to_ns: its end (absolute; UINT64_MAX: the task's end)
 * @progress: called now and then with the share of the trace read
 *	(0..1000); non-zero cancels (may be NULL)
 * @arg: its argument
 * @out: receives the result (free with lttr_critpath_free())
 * @err: receives the error (LTTR_E_INVAL as lttr_critpath_compute();
 *	LTTR_E_CANCELED when @progress asked)
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_critpath_progress(struct lttr_trace *t, uint32_t pid, uint64_t from_ns,
			   uint64_t to_ns, int (*progress)(void *arg, unsigned int permille),
			   void *arg, struct lttr_critpath **out, struct lttr_error *err);

struct lttr_sync_model;

/**
 * lttr_critpath_hosts() - the critical path of a task across several
 *	hosts' traces on one clock (a merged set, lttr/sync/clocksync.h)
 * @t: the traces, one per host, host 0 the reference
 * @n: how many
 * @model: their clock model (every host synchronised, else LTTR_E_INVAL)
 * @host: the task's host
 * @pid: the task
 * @from_ns: the interval's start, on the reference's clock (0: the task's
 *	begin)
 * @to_ns: its end, on the reference's clock (UINT64_MAX: the task's end)
 * @out: receives the result (free with lttr_critpath_free()): its times,
 *	@from_ns, @to_ns and the segments', on the reference's clock
 * @err: receives the error
 *
 * lttr_critpath_compute() on each host, and across them: a block that a
 * message from another host ended (the TCP messages of
 * lttr_msgs_from_hosts(): its receive returned after the wakeup, before
 * the task blocked again) is replaced by the sender's critical path up
 * to the send (on its host, recursively) and the message's transit
 * (LTTR_CP_TRANSIT) up to the wakeup.  A send at or after the wakeup on
 * the corrected clocks is an anomaly (counted, the block left blocked),
 * never a negative time.  The segments tile [@from_ns, @to_ns] exactly.
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_critpath_hosts(struct lttr_trace **t, size_t n, const struct lttr_sync_model *model,
			size_t host, uint32_t pid, uint64_t from_ns, uint64_t to_ns,
			struct lttr_critpath **out, struct lttr_error *err);

/** lttr_critpath_free() - release a result @cp: the result or NULL */
void lttr_critpath_free(struct lttr_critpath *cp);

/**
 * lttr_cp_state_name() - the name of a segment's state
 * @state: enum lttr_cp_state
 * @reason: enum lttr_block (for LTTR_CP_BLOCKED)
 *
 * Return: "running", "runnable", "blocked_io", ..., "blocked_unknown",
 * "absent", "transit".
 */
const char *lttr_cp_state_name(unsigned int state, unsigned int reason);

#endif /* LTTR_CRITPATH_H */
