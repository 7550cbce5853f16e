/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/model/flow.h - control-flow reconstruction: for each CPU, who ran when and
 * in which mode (user, syscall, trap, irq, idle), with every transition and
 * its cause.  The rules are written down in docs/control-flow.md.
 */
#ifndef LTTR_FLOW_H
#define LTTR_FLOW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <lttr/reader/event.h>
#include <lttr/reader/error.h>

struct lttr_trace;

/**
 * enum lttr_mode - what a CPU is doing during a segment
 * @LTTR_MODE_USER: user code of the current task
 * @LTTR_MODE_SYSCALL: a system call of the current task (what = nr)
 * @LTTR_MODE_TRAP: a trap of the current task (what = vector)
 * @LTTR_MODE_IRQ: an interrupt handler which interrupted the current task
 *	or a softirq (what = outermost irq above the innermost softirq)
 * @LTTR_MODE_IDLE: the idle task (pid 0) outside interrupts
 * @LTTR_MODE_KERNEL: a kernel thread outside syscalls/traps
 * @LTTR_MODE_UNKNOWN: a task seen since trace start (or fork) whose mode is
 *	not known yet: resolved later by an LTTR_TR_RESOLVE transition
 * @LTTR_MODE_SOFTIRQ: a softirq handler (what = vector), on top of
 *	whatever ran (irq exit, bottom halves re-enabled, ksoftirqd)
 * @LTTR_MODE_COUNT: number of modes
 */
enum lttr_mode {
	LTTR_MODE_USER,
	LTTR_MODE_SYSCALL,
	LTTR_MODE_TRAP,
	LTTR_MODE_IRQ,
	LTTR_MODE_IDLE,
	LTTR_MODE_KERNEL,
	LTTR_MODE_UNKNOWN,
	LTTR_MODE_SOFTIRQ,
	LTTR_MODE_COUNT
};

/**
 * struct lttr_flow_seg - an interval of one CPU in one mode
 * @start_ns: start (clamped to the trace window)
 * @end_ns: end (> @start_ns)
 * @pid: the current task of the CPU
 * @cpu: the CPU
 * @mode: enum lttr_mode
 * @what: syscall nr, trap vector, irq number or softirq vector by @mode,
 *	else 0
 * @sysvec: @what is an x86 system vector (IRQ mode)
 */
struct lttr_flow_seg {
	uint64_t start_ns;
	uint64_t end_ns;
	uint32_t pid;
	uint16_t cpu;
	uint8_t mode;
	bool sysvec;
	uint32_t what;
};

/**
 * enum lttr_tr_kind - kinds of transitions
 * @LTTR_TR_SYSCALL_ENTRY: @pid enters syscall @what
 * @LTTR_TR_SYSCALL_EXIT: @pid leaves syscall @what (entered at @since_ns,
 *	0 when the entry was not seen)
 * @LTTR_TR_TRAP_ENTRY: @pid takes trap @what (@user: from user mode)
 * @LTTR_TR_TRAP_EXIT: end of trap @what (since @since_ns)
 * @LTTR_TR_IRQ_ENTRY: irq @what interrupts @pid (@depth after the entry)
 * @LTTR_TR_IRQ_EXIT: end of irq @what (since @since_ns; @depth before exit)
 * @LTTR_TR_SWITCH: @pid switched out for @pid2 with @state (0: still
 *	runnable); @mode/@what: where @pid was (top of its kernel stack)
 * @LTTR_TR_WAKEUP: @pid2 woken (queued on CPU @what) by @pid, the task
 *	current on @cpu; @mode, @sysvec and @ctx say what the CPU was doing
 *	(the waker's context: a syscall of @pid, or an irq or softirq
 *	that interrupted it, @ctx its number as @what of a segment);
 *	@user: a new task's first wakeup (LTT_WAKEUP_NEW)
 * @LTTR_TR_FORK: @pid created @pid2 (@what = LTT_FORK_* flags)
 * @LTTR_TR_EXEC: @pid executed a new program
 * @LTTR_TR_EXIT: @pid called exit (@state = code)
 * @LTTR_TR_RESOLVE: the mode of @pid since its appearance is now known:
 *	@mode (USER, or SYSCALL @what when its first event was the exit of a
 *	syscall whose entry precedes the trace)
 * @LTTR_TR_ANOMALY: the events contradict the rules (lost events): @what
 *	is an enum lttr_anomaly, the state was repaired
 * @LTTR_TR_SOFTIRQ_ENTRY: softirq @what starts on the CPU of @pid (@depth:
 *	the CPU's irq+softirq nesting after the entry)
 * @LTTR_TR_SOFTIRQ_EXIT: end of softirq @what (since @since_ns, 0 when it
 *	was running at the window start; @depth before exit)
 * @LTTR_TR_LOST: events were lost on the CPU (@what of them, at most
 *	UINT32_MAX): what it ran is unknown from now until its next buffer
 *	opens, at @since_ns, with @pid2 current (events lost after the
 *	CPU's last buffer, the lost file counting more than the headers:
 *	until the window's end, @pid2 0).  @state 1 (emitted by
 *	lttr_flow_finish()): the CPU's events end here and the trace is
 *	incomplete (lttr_trace_complete() false, the CPU's last buffer not
 *	the one flushed at the stop, or the file cut before its last
 *	buffers): unknown until the window's end, @what 0; emitted after the
 *	CPU's last record (or by lttr_flow_finish() for a CPU with none).  @state 2: records of the CPU were damaged and skipped
 *	(LTTR_OPEN_SALVAGE: lttr_buffer_info.valid_size < data_size), with
 *	@what events lost besides (maybe 0), unknown as for lost events.
 *	@state 3: @what buffers of the CPU are missing from the events file
 *	(their sequence numbers skipped: a damaged file), unknown as for
 *	lost events.
 *	@pid, current
 *	until now, is in an unknown state from now on (its kernel stack is
 *	forgotten).  Only with lttr_flow_use_buffers().
 * @LTTR_TR_LOST_END: the end of the gap of lost events that began at
 *	@since_ns: @pid (the buffer header's) is current on the CPU again, in
 *	a mode not known yet
 * @LTTR_TR_REAP: the dead task @pid2 is released (reaped) by @pid, the
 *	current task: its parent's wait, or @pid2 itself before its last
 *	switch out when nobody is to wait for it
 */
enum lttr_tr_kind {
	LTTR_TR_SYSCALL_ENTRY,
	LTTR_TR_SYSCALL_EXIT,
	LTTR_TR_TRAP_ENTRY,
	LTTR_TR_TRAP_EXIT,
	LTTR_TR_IRQ_ENTRY,
	LTTR_TR_IRQ_EXIT,
	LTTR_TR_SWITCH,
	LTTR_TR_WAKEUP,
	LTTR_TR_FORK,
	LTTR_TR_EXEC,
	LTTR_TR_EXIT,
	LTTR_TR_RESOLVE,
	LTTR_TR_ANOMALY,
	LTTR_TR_SOFTIRQ_ENTRY,
	LTTR_TR_SOFTIRQ_EXIT,
	LTTR_TR_LOST,
	LTTR_TR_LOST_END,
	LTTR_TR_REAP,
};

/**
 * enum lttr_anomaly - contradictions repaired by the state machine
 * @LTTR_AN_SYSCALL_IN_KERNEL: syscall entry while in a syscall/trap: stack reset
 * @LTTR_AN_USER_IN_KERNEL: user-mode trap/irq while in a syscall/trap: stack reset
 * @LTTR_AN_EXIT_UNMATCHED: exit whose entry is unknown (not the first event)
 * @LTTR_AN_IRQ_AT_SWITCH: schedchange inside an irq: irq stack reset
 * @LTTR_AN_WRONG_PREV: schedchange whose prev_pid is not the current task
 * @LTTR_AN_STACK_OVERFLOW: nesting deeper than the stacks hold
 * @LTTR_AN_IMPOSSIBLE: a value no kernel writes (a damaged record): a pid
 *	above PID_MAX_LIMIT, a CPU beyond the header's count, a softirq
 *	vector beyond NR_SOFTIRQS, a trap vector beyond x86's exceptions,
 *	a prev_state beyond TASK_STATE_MAX, a syscall number outside the
 *	table, a fork whose parent is not the CPU's current task
 * @LTTR_AN_SYSCALL_MISMATCH: a syscall exit whose number is not its entry's
 */
enum lttr_anomaly {
	LTTR_AN_SYSCALL_IN_KERNEL = 1,
	LTTR_AN_USER_IN_KERNEL,
	LTTR_AN_EXIT_UNMATCHED,
	LTTR_AN_IRQ_AT_SWITCH,
	LTTR_AN_WRONG_PREV,
	LTTR_AN_STACK_OVERFLOW,
	LTTR_AN_IMPOSSIBLE,
	LTTR_AN_SYSCALL_MISMATCH,
};

/**
 * struct lttr_flow_tr - one transition
 * @time_ns: when (clamped to the trace window)
 * @since_ns: start of the interval an exit closes, 0 if unknown
 * @pid: the task concerned (see enum lttr_tr_kind)
 * @pid2: second task (switch: next; wakeup: woken; fork: child)
 * @cpu: CPU where it happened
 * @kind: enum lttr_tr_kind
 * @mode: enum lttr_mode (switch, resolve, wakeup)
 * @user: trap/irq from user mode; wakeup of a new task
 * @sysvec: irq is a system vector (irq transitions; wakeup: in @ctx)
 * @depth: irq + softirq nesting depth (irq and softirq transitions)
 * @what: syscall nr, vector, irq, CPU, flags or anomaly (by @kind)
 * @state: switch: prev_state; exit: code
 * @ctx: wakeup: the number of the waker's @mode (syscall nr, irq or
 *	softirq vector), as @what of a segment in that mode
 */
struct lttr_flow_tr {
	uint64_t time_ns;
	uint64_t since_ns;
	uint32_t pid;
	uint32_t pid2;
	uint16_t cpu;
	uint8_t kind;
	uint8_t mode;
	bool user;
	bool sysvec;
	uint16_t depth;
	uint32_t what;
	int32_t state;
	uint32_t ctx;
};

/**
 * struct lttr_flow_ops - callbacks of the state machine (either may be NULL)
 * @segment: a CPU interval ends; segments of a CPU come in time order and
 *	cover the trace window without gaps or overlaps
 * @transition: a transition, after the segment it ends was delivered
 */
struct lttr_flow_ops {
	void (*segment)(void *arg, const struct lttr_flow_seg *s);
	void (*transition)(void *arg, const struct lttr_flow_tr *tr);
};

struct lttr_flow;

/**
 * lttr_flow_new() - a state machine for a trace window
 * @ncpus: CPUs (<= LTT_MAX_CPUS)
 * @start_ns: start of the trace window
 * @end_ns: end of the trace window (>= @start_ns)
 * @ops: the callbacks (copied)
 * @arg: their argument
 *
 * Every CPU starts in the idle task until lttr_flow_set_cpu() says
 * otherwise.
 *
 * Return: the machine, or NULL when out of memory.
 */
struct lttr_flow *lttr_flow_new(unsigned int ncpus, uint64_t start_ns,
				uint64_t end_ns, const struct lttr_flow_ops *ops,
				void *arg);

/**
 * lttr_flow_set_cpu() - the task current on @cpu at the window start
 * @f: the machine
 * @cpu: the CPU
 * @pid: the task (buffer header pid of the CPU's first buffer)
 */
void lttr_flow_set_cpu(struct lttr_flow *f, unsigned int cpu, uint32_t pid);

/**
 * lttr_flow_use_buffers() - follow the buffers of @t to see lost events
 * @f: the machine, before its first event
 * @t: the trace the events come from; must outlive @f
 *
 * A buffer whose header counts lost events follows a gap on its CPU: when
 * the last record of the buffer before it has been applied, the machine
 * emits LTTR_TR_LOST, delivers the CPU's time up to the next buffer's
 * start as LTTR_MODE_UNKNOWN of pid 0, forgets the kernel and interrupt
 * stacks of the tasks concerned, and emits LTTR_TR_LOST_END when the
 * merged time reaches that start.  Without this call (synthetic events)
 * lost events are invisible to the machine.
 */
void lttr_flow_use_buffers(struct lttr_flow *f, struct lttr_trace *t);

/**
 * lttr_flow_feed() - apply one event; events must come in merged time order
 * @f: the machine
 * @ev: the event
 *
 * Return: 0, or -LTTR_E_NOMEM.
 */
int lttr_flow_feed(struct lttr_flow *f, const struct lttr_event *ev);

/**
 * lttr_flow_finish() - close every CPU's last segment at the window end
 * @f: the machine
 */
void lttr_flow_finish(struct lttr_flow *f);

/**
 * lttr_flow_copy() - a copy of a machine between two events (a checkpoint
 * of a pass: lttr_replay_seek_open()), fed on from there independently
 * @src: the machine
 * @arg: the copy's callbacks' argument (the callbacks are @src's)
 *
 * Return: the copy (lttr_flow_free()), or NULL when out of memory.
 */
struct lttr_flow *lttr_flow_copy(const struct lttr_flow *src, void *arg);

/** lttr_flow_bytes() - the heap memory a machine @f holds */
size_t lttr_flow_bytes(const struct lttr_flow *f);

/** lttr_flow_free() - release the machine @f: the machine or NULL */
void lttr_flow_free(struct lttr_flow *f);

/**
 * lttr_flow_run() - run a state machine over a whole trace
 * @t: the trace
 * @ops: the callbacks
 * @arg: their argument
 * @event: called for every event before it is applied (may be NULL);
 *	a non-zero return stops the run with that value
 * @err: receives the error
 *
 * The window is [lttr_trace_window_start(), lttr_trace_end_ns()]; each
 * CPU starts with the pid of its first buffer; lost events are seen
 * (lttr_flow_use_buffers()).  Records without details
 * are applied as far as they can be (see docs/control-flow.md).
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_flow_run(struct lttr_trace *t, const struct lttr_flow_ops *ops,
		  void *arg, int (*event)(void *arg, const struct lttr_event *ev),
		  struct lttr_error *err);

/**
 * lttr_mode_name() - short name of a mode
 * @mode: enum lttr_mode
 *
 * Return: "user", "syscall", "trap", "irq", "idle", "kernel", "unknown",
 * "softirq".
 */
const char *lttr_mode_name(unsigned int mode);

/**
 * lttr_mode_what_str() - the name of what a CPU does in a mode
 * @t: the trace (irq names), or NULL
 * @mode: enum lttr_mode
 * @what: its number (as @what of a segment)
 * @sysvec: an x86 system vector (LTTR_MODE_IRQ)
 * @buf: receives a name made up when none is known
 * @size: its size (32 is enough)
 *
 * Return: the syscall's, trap's, irq's (irq_N, vector_0xN when unnamed)
 * or softirq's name, or for the other modes the mode's name.
 */
const char *lttr_mode_what_str(const struct lttr_trace *t, unsigned int mode,
			       uint32_t what, bool sysvec, char *buf, size_t size);

/**
 * lttr_tr_kind_name() - name of a transition kind
 * @kind: enum lttr_tr_kind
 *
 * Return: "syscall_entry", ..., "anomaly".
 */
const char *lttr_tr_kind_name(unsigned int kind);

#endif /* LTTR_FLOW_H */
