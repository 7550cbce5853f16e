/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/analysis/account.h - where every task's time went: per-task, per-CPU and
 * system-wide time accounting, syscall/irq/scheduling-latency statistics,
 * and the conservation checks.  Definitions in docs/control-flow.md.
 */
#ifndef LTTR_ACCOUNT_H
#define LTTR_ACCOUNT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <ltt/ltt-abi.h>
#include <lttr/model/blockreason.h>
#include <lttr/reader/error.h>
#include <lttr/analysis/latency.h>

struct lttr_trace;
struct lttr_ptable;

/**
 * struct lttr_acct_sc - one syscall number, for one task or the system
 * @nr: the syscall number
 * @lat: durations entry -> exit (wall time, blocked time included) of the
 *	calls whose entry and exit were both seen
 * @partial: exits whose entry precedes the trace (not in @lat)
 * @no_return: entries whose return the trace (the window) does not hold
 *	(not in @lat, no duration): calls that never return (exit_group,
 *	exit), calls still in progress at the end of the trace or window,
 *	or whose return was lost; the calls entered are @lat.count + this
 * @cpu_ns: time on a CPU inside the call (not counting irqs and traps)
 * @blocked_ns: time blocked inside the call
 * @runnable_ns: time runnable (preempted or woken) inside the call
 */
struct lttr_acct_sc {
	uint32_t nr;
	struct lttr_lat lat;
	uint64_t partial;
	uint64_t no_return;
	uint64_t cpu_ns;
	uint64_t blocked_ns;
	uint64_t runnable_ns;
};

/**
 * struct lttr_acct_task - the time of one task (thread), or of a process
 * (all its threads) after lttr_account_group()
 * @pid: the pid (the tgid for a process)
 * @tgid: its process
 * @ppid: its parent process
 * @name: its last name (snapshot, fork, exec)
 * @cmdline: its last command line (struct lttr_process @cmdline), NULL
 *	when unknown
 * @threads: threads summed in (1 for a task)
 * @begin_ns: start of its lifetime within the trace (window start or fork)
 * @end_ns: end of it (window end, or its last switch out after exit)
 * @thread_life_ns: sum of the lifetimes of its threads (= end - begin
 *	for a task); the base of the percentages of a process
 * @running_ns: scheduled time measured from its switches (in at start
 *	or switch-in, to switch-out or end); the segments' split below must
 *	add up to it
 * @user_ns: scheduled, in user code
 * @syscall_ns: scheduled, in system calls on its behalf
 * @trap_ns: scheduled, in traps (page faults...) on its behalf
 * @kernel_ns: scheduled, kernel thread code, or in the kernel for a
 *	reason the trace does not show
 * @irq_ns: scheduled but interrupted: irq handlers and softirqs that ran
 *	while it was current (not its own work); in a ksoftirqd thread the
 *	softirqs it runs are its own work, counted in @kernel_ns instead
 * @softirq_ns: softirq handlers that ran while it was current: the
 *	softirq part of @irq_ns, or (ksoftirqd threads) part of @kernel_ns
 * @runnable_ns: ready to run but not running (preempted, or woken and
 *	not yet scheduled), while every CPU has data
 * @unknown_ns: state unknown: ready to run (or current) while a CPU had
 *	no data (a gap of lost events, or after its events end in a cut
 *	trace), which may have run it, until it is seen again
 *	(docs/control-flow.md, "Unknown time")
 * @blocked_ns: blocked (switched out with a non-zero state), by
 *	enum lttr_block
 * @sched_lat: wakeup -> running latencies
 * @sched_lat_unknown: wakeups to running not in @sched_lat because the
 *	wait crossed unknown time (its length is not known)
 * @switches: times it was switched in
 * @preemptions: times it was switched out still runnable
 * @zombie_ns: dead but not reaped yet: from its last switch out after
 *	exit to its reap (LTT_EV_PROCESS_REAP) or the window's end.  Not
 *	part of its lifetime (it neither runs nor waits); 0 when the trace
 *	does not record reaps (lttr_trace_records_reaps()), except for a
 *	task whose reap is recorded but which was never seen alive: a
 *	zombie from the window's start
 * @exited: an exit event was seen
 * @kthread: created as a kernel thread during the trace
 * @nsc: entries of @sc
 * @sc: per syscall, sorted by number after lttr_account_compute()
 */
struct lttr_acct_task {
	uint32_t pid;
	uint32_t tgid;
	uint32_t ppid;
	const char *name;
	const char *cmdline;
	uint32_t threads;
	uint64_t begin_ns;
	uint64_t end_ns;
	uint64_t thread_life_ns;
	uint64_t running_ns;
	uint64_t user_ns;
	uint64_t syscall_ns;
	uint64_t trap_ns;
	uint64_t kernel_ns;
	uint64_t irq_ns;
	uint64_t softirq_ns;
	uint64_t runnable_ns;
	uint64_t unknown_ns;
	uint64_t blocked_ns[LTTR_BLOCK_COUNT];
	struct lttr_lat sched_lat;
	uint64_t sched_lat_unknown;
	uint64_t switches;
	uint64_t preemptions;
	uint64_t zombie_ns;
	bool exited;
	bool kthread;
	size_t nsc;
	struct lttr_acct_sc *sc;
};

/**
 * struct lttr_acct_cpu - one CPU over the trace window
 * @idle_ns: the idle task ran, outside interrupts
 * @user_ns: user code of any task
 * @kernel_ns: syscalls, traps and kernel threads
 * @irq_ns: interrupt handlers (outermost entry to exit, softirqs run at
 *	their exit excepted), idle included
 * @softirq_ns: softirq handlers (nested irqs excepted), wherever they ran
 *	(irq exit, bottom halves re-enabled, ksoftirqd)
 * @unknown_ns: tasks whose mode was never resolved (counted as kernel in
 *	the tasks' kernel_ns)
 * @sched_ns: sum of the scheduled time of every task on this CPU, the
 *	idle task included (conservation: equals the window)
 * @switches: scheduling changes
 * @cut_ns: in an incomplete trace, the time of its last record when the
 *	events after it may be missing (its time after is unknown_ns); 0:
 *	its events go on to the stop (or past the window's end).  In a
 *	window it may precede the window's start: unknown all along
 */
struct lttr_acct_cpu {
	uint64_t idle_ns;
	uint64_t user_ns;
	uint64_t kernel_ns;
	uint64_t irq_ns;
	uint64_t softirq_ns;
	uint64_t unknown_ns;
	uint64_t sched_ns;
	uint64_t switches;
	uint64_t cut_ns;
};

/**
 * struct lttr_acct_irq - one irq line or system vector
 * @irq: the irq number or vector
 * @sysvec: @irq is an x86 system vector
 * @lat: handler durations, entry -> exit (nested irqs included)
 */
struct lttr_acct_irq {
	uint32_t irq;
	bool sysvec;
	struct lttr_lat lat;
};

/**
 * struct lttr_acct_softirq - one softirq vector
 * @vec: the vector (0 HI ... 9 RCU)
 * @lat: handler durations, entry -> exit (nested irqs included); a softirq
 *	running at the window start (exit without entry) is not counted
 */
struct lttr_acct_softirq {
	uint32_t vec;
	struct lttr_lat lat;
};

/**
 * struct lttr_account - result of lttr_account_compute()
 * @start_ns: window start (lttr_trace_window_start(): the header start_ns,
 *	later for a flight-recorder trace)
 * @end_ns: window end (lttr_trace_end_ns())
 * @ncpus: CPUs
 * @cpu: per CPU
 * @ntasks: entries of @tasks
 * @tasks: every task but the idle task, sorted by pid
 * @nsc: entries of @sc
 * @sc: system-wide per syscall: the figures of @tasks summed (none is kept
 *	apart, so the two cannot disagree), sorted by number
 * @nirqs: entries of @irqs
 * @irqs: per irq, sorted (Linux irqs first, then vectors)
 * @nsoftirqs: entries of @softirqs
 * @softirqs: per softirq vector, sorted by vector
 * @sched_lat: system-wide wakeup -> running latencies
 * @sched_lat_unknown: wakeups whose wait crossed unknown time (not in
 *	@sched_lat)
 * @unknown_ns: the tasks' @unknown_ns summed
 * @anomalies: transitions that contradicted the rules (lost events)
 * @lost_gaps: gaps where a CPU's time is unknown (LTTR_TR_LOST but the
 *	end of its events in an incomplete trace: @cut_ns of its CPU)
 * @damaged_gaps: of them, after damaged records --salvage skipped or
 *	buffers missing from the file
 * @procs: the process table (snapshot + fork/exec/exit) used for names
 * @windowed: the accounting of a window of the trace
 *	(lttr_account_compute_window()): @start_ns and @end_ns are its bounds
 * @trace_start_ns: the trace's window start (lttr_trace_window_start()),
 *	the origin of the relative times of the warnings; @start_ns unless
 *	@windowed
 */
struct lttr_account {
	uint64_t start_ns;
	uint64_t end_ns;
	unsigned int ncpus;
	struct lttr_acct_cpu cpu[LTT_MAX_CPUS];
	size_t ntasks;
	struct lttr_acct_task *tasks;
	size_t nsc;
	struct lttr_acct_sc *sc;
	size_t nirqs;
	struct lttr_acct_irq *irqs;
	size_t nsoftirqs;
	struct lttr_acct_softirq *softirqs;
	struct lttr_lat sched_lat;
	uint64_t sched_lat_unknown;
	uint64_t unknown_ns;
	uint64_t anomalies;
	uint64_t lost_gaps;
	uint64_t damaged_gaps;
	struct lttr_ptable *procs;
	bool windowed;
	uint64_t trace_start_ns;
};

/**
 * lttr_account_compute() - run the control-flow state machine over the
 * whole trace and account every nanosecond of every CPU
 * @t: the trace
 * @out: receives the result
 * @err: receives the error
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_account_compute(struct lttr_trace *t, struct lttr_account **out,
			 struct lttr_error *err);

/**
 * lttr_account_compute_window() - the accounting of a window of the trace
 * (perf's --time): the whole trace's accounting restricted to the window
 * @t: the trace
 * @from_ns: the window's start (absolute; before the trace's window
 *	start: that start)
 * @to_ns: its end (absolute; after the trace's end: that end)
 * @out: receives the result (@windowed set, @start_ns and @end_ns the
 *	window's bounds)
 * @err: receives the error
 *
 * The state machine runs over the whole trace, so what a task was doing
 * at the window's start, or what its mode there turns out to be after the
 * window's end, is known as in the whole trace's accounting; only what is
 * charged is clipped to the window: a task's lifetime, its running,
 * runnable, blocked and zombie time, a CPU's time by mode.  A task
 * neither alive nor a zombie in the window is not in the result.  The
 * window is [@from_ns, @to_ns): an event at @to_ns (a switch, the end of
 * a duration) is the next window's, unless @to_ns is the trace's end.  A
 * duration (syscall, irq, softirq, wakeup latency) is counted in the
 * window where it ends when it begins in it too; a syscall that began
 * before is @partial there, an irq or softirq handler or a wakeup that
 * began before is not counted.  Lost-event gaps are those that begin in
 * the window or are open at its start; @cut_ns of a CPU whose events end
 * after the window is 0.  So the conservation checks hold as for the
 * whole trace, and adjacent windows add up exactly: the times, switches
 * and syscall exits (count + partial) of [a, m) and [m, b) are those of
 * [a, b).
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_account_compute_window(struct lttr_trace *t, uint64_t from_ns,
				uint64_t to_ns, struct lttr_account **out,
				struct lttr_error *err);

/**
 * enum lttr_task_state - what a task is doing, as the accounting decides it
 * @LTTR_TS_RUNNING: on a CPU (its modes come with the flow's segments)
 * @LTTR_TS_RUNNABLE: ready but not running (preempted, woken, or new)
 * @LTTR_TS_BLOCKED: switched out with a non-zero state, for a reason
 * @LTTR_TS_DEAD: not alive any more: its last switch out after exit, or
 *	its reap when it was a zombie (or in a trace that does not record
 *	reaps, lttr_trace_records_reaps(), its last switch out)
 * @LTTR_TS_ZOMBIE: its last switch out after exit, not reaped yet: dead,
 *	its pid still held until its parent waits for it (LTTR_TS_DEAD then)
 * @LTTR_TS_RESOLVED: not a state: the mode of the task before its first
 *	seen transition is now known; its blocked time reported with
 *	@pending is charged to @reason, its unknown-mode CPU time to @mode
 * @LTTR_TS_UNKNOWN: not known: it was runnable (or current) when a CPU's
 *	data ended or a gap of lost events began, or it became runnable
 *	while a CPU had no data; that CPU may have run it.  Until it is seen
 *	again (switched in, woken)
 */
enum lttr_task_state {
	LTTR_TS_RUNNING,
	LTTR_TS_RUNNABLE,
	LTTR_TS_BLOCKED,
	LTTR_TS_DEAD,
	LTTR_TS_RESOLVED,
	LTTR_TS_ZOMBIE,
	LTTR_TS_UNKNOWN,
};

/**
 * struct lttr_acct_change - a task enters a state (see lttr_account_hooks)
 * @time_ns: from when (the window start for a state held since before it)
 * @pid: the task
 * @state: enum lttr_task_state
 * @reason: BLOCKED and RESOLVED: the enum lttr_block charged
 * @mode: BLOCKED: the enum lttr_mode it blocked in; RESOLVED: the mode found
 * @pending: BLOCKED: the reason is not known yet, a RESOLVED change (or
 *	none, the reason staying LTTR_BLOCK_UNKNOWN) tells it later
 * @preempted: RUNNABLE: switched out while still runnable (not woken)
 * @cpu: RUNNING: the CPU it runs on
 * @what: BLOCKED in a syscall, RESOLVED to a syscall: the syscall number
 */
struct lttr_acct_change {
	uint64_t time_ns;
	uint32_t pid;
	uint8_t state;
	uint8_t reason;
	uint8_t mode;
	bool pending;
	bool preempted;
	uint16_t cpu;
	uint32_t what;
};

/**
 * struct lttr_acct_wait - a runnable interval of a task ends: it is
 * switched in (see lttr_account_hooks)
 * @since_ns: runnable since (its switch out, wakeup or fork, or the window
 *	start for a task runnable since before it)
 * @end_ns: switched in
 * @woken_ns: @latency: the time the scheduling latency is counted from
 *	(the wakeup; a new task's first wakeup; for a task woken while it
 *	was still running, its switch out)
 * @pid: the task
 * @cpu: the CPU it is switched in on
 * @latency: the interval ends a scheduling latency, @woken_ns to
 *	@end_ns, counted in @sched_lat of the task and of the system (in
 *	the window, for lttr_account_compute_window())
 * @preempted: the interval began with a switch out still runnable
 *	(preempted, sched_yield)
 * @forked: the interval began with the task's fork
 * @unknown: the interval crossed unknown time (a CPU without data that
 *	might have run the task): neither a latency nor a preemption delay
 *	is known; @latency is then false, and @woken says whether it began
 *	with a wakeup (one more @sched_lat_unknown)
 * @woken: a wakeup began the wait (@woken_ns)
 */
struct lttr_acct_wait {
	uint64_t since_ns;
	uint64_t end_ns;
	uint64_t woken_ns;
	uint32_t pid;
	uint16_t cpu;
	bool latency;
	bool preempted;
	bool forked;
	bool unknown;
	bool woken;
};

struct lttr_event;
struct lttr_flow_seg;
struct lttr_flow_tr;

/**
 * struct lttr_account_hooks - what lttr_account_compute_hooks() shows its
 * caller while it runs (each may be NULL), so that a view of the trace is
 * built from the same decisions as the numbers
 * @event: every event in time order, before it is applied; a negative
 *	return stops the run with that value
 * @segment: every CPU segment of the control flow, after it is charged
 * @transition: every transition of the control flow, after it is applied
 * @task: every change of a task's state, in time order for each task,
 *	and after the segments of the task that precede it
 * @wait: every runnable interval that ends with a switch in, before the
 *	@task change to running, with what began it and whether it is a
 *	scheduling latency the accounting counts
 */
struct lttr_account_hooks {
	int (*event)(void *arg, const struct lttr_event *ev);
	void (*segment)(void *arg, const struct lttr_flow_seg *s);
	void (*transition)(void *arg, const struct lttr_flow_tr *tr);
	void (*task)(void *arg, const struct lttr_acct_change *c);
	void (*wait)(void *arg, const struct lttr_acct_wait *w);
};

/**
 * lttr_account_compute_hooks() - lttr_account_compute(), telling @hooks
 * @t: the trace
 * @hooks: the callbacks (NULL: none)
 * @arg: their argument
 * @out: receives the result
 * @err: receives the error (LTTR_E_CANCELED when @hooks->event stopped it
 *	with -LTTR_E_CANCELED)
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_account_compute_hooks(struct lttr_trace *t,
			       const struct lttr_account_hooks *hooks, void *arg,
			       struct lttr_account **out, struct lttr_error *err);

/**
 * lttr_account_compute_window_hooks() - lttr_account_compute_window(),
 * telling @hooks as lttr_account_compute_hooks() does
 * @t: the trace
 * @hooks: the callbacks (NULL: none)
 * @arg: their argument
 * @from_ns: the window's start (absolute)
 * @to_ns: its end
 * @out: receives the result
 * @err: receives the error
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_account_compute_window_hooks(struct lttr_trace *t,
				      const struct lttr_account_hooks *hooks,
				      void *arg, uint64_t from_ns, uint64_t to_ns,
				      struct lttr_account **out,
				      struct lttr_error *err);

/** lttr_account_free() - release a result @a: the result or NULL */
void lttr_account_free(struct lttr_account *a);

/**
 * lttr_acct_task_sched() - scheduled time of a task
 * @tk: the task
 *
 * Return: user + syscall + trap + kernel + irq.
 */
uint64_t lttr_acct_task_sched(const struct lttr_acct_task *tk);

/**
 * lttr_acct_task_kernel() - time of a task in the kernel on its own behalf
 * @tk: the task
 *
 * Return: syscall + trap + kernel (kernel threads; mode never seen).
 */
uint64_t lttr_acct_task_kernel(const struct lttr_acct_task *tk);

/**
 * lttr_acct_softirq_own_work() - whether the softirqs a task runs are its
 * own work, counted in its @kernel_ns, rather than interruptions counted
 * in its @irq_ns: the ksoftirqd threads' rule (docs/control-flow.md)
 * @name: the task's name
 *
 * Return: true for a ksoftirqd thread ("ksoftirqd/N").
 */
bool lttr_acct_softirq_own_work(const char *name);

/**
 * lttr_acct_cut_warning() - the warning for a CPU whose events end before
 * the stop in an incomplete trace (@cut_ns of struct lttr_acct_cpu), the
 * same words in the command line's warnings and in the views'
 * @a: the accounting
 * @cpu: the CPU
 * @buf: receives the text (without a trailing newline)
 * @size: its size
 *
 * Return: true when @cpu is cut (@buf filled), false otherwise.
 */
bool lttr_acct_cut_warning(const struct lttr_account *a, unsigned int cpu,
			   char *buf, size_t size);

/**
 * lttr_acct_task_life() - the wall-clock lifetime of a task or a process in
 * the trace: from its begin to its end (a process: from its first thread's
 * begin to its last thread's end), not its threads' lifetimes summed
 * (@thread_life_ns)
 * @tk: the task
 *
 * Return: end - begin, 0 when the end is not after the begin.
 */
uint64_t lttr_acct_task_life(const struct lttr_acct_task *tk);

/**
 * lttr_acct_task_blocked() - total blocked time of a task
 * @tk: the task
 *
 * Return: the sum over the reasons.
 */
uint64_t lttr_acct_task_blocked(const struct lttr_acct_task *tk);

/**
 * lttr_account_find() - the task of a pid
 * @a: the result
 * @pid: the pid
 *
 * Return: the task, or NULL.
 */
const struct lttr_acct_task *lttr_account_find(const struct lttr_account *a,
					       uint32_t pid);

/**
 * lttr_account_group() - the tasks summed per process (tgid)
 * @a: the result
 * @n: receives the count
 *
 * Lifetimes are the union's bounds; name, ppid from the thread group
 * leader when present.  Free with lttr_account_group_free().
 *
 * Return: a malloc'ed array sorted by tgid, or NULL (empty or no memory).
 */
struct lttr_acct_task *lttr_account_group(const struct lttr_account *a,
					  size_t *n);

/**
 * lttr_account_group_free() - release lttr_account_group()'s array
 * @v: the array
 * @n: its count
 */
void lttr_account_group_free(struct lttr_acct_task *v, size_t n);

/**
 * lttr_account_total() - every task of the trace summed as one, the way
 * lttr_account_group() sums the threads of a process: the system's user,
 * kernel, interrupted, runnable and blocked time (by reason), its
 * switches and its syscalls (per number: the same figures as @a->sc)
 * @a: the result
 *
 * The sum has pid, tgid and ppid 0, the name "all", @threads the number
 * of tasks, the lifetime bounds of the earliest and latest task and
 * @thread_life_ns the sum of their lifetimes.  Free with
 * lttr_account_group_free(v, 1).
 *
 * Return: a malloc'ed task, or NULL (no task, or no memory).
 */
struct lttr_acct_task *lttr_account_total(const struct lttr_account *a);

/**
 * lttr_account_cpu_total() - the CPUs summed: idle, user, kernel, irq,
 * softirq and unknown time, scheduled time and switches of every CPU
 * @a: the result
 * @out: receives the sums (idle + user + kernel + irq + softirq +
 *	unknown = ncpus x the window, as for each CPU)
 */
void lttr_account_cpu_total(const struct lttr_account *a, struct lttr_acct_cpu *out);

/**
 * struct lttr_account_check - result of the conservation checks
 * @tolerance_ns: the allowed error
 * @cpu_ok: per CPU, sum of scheduled time (idle included) = window
 * @split_ok: per task, user + kernel + interrupted = scheduled (sum of
 *	its segments on every CPU)
 * @life_ok: per task, scheduled + runnable + blocked = lifetime
 * @cpu_err: worst |error| of @cpu_ok, ns
 * @cpu_worst: its CPU
 * @split_err: worst |error| of @split_ok
 * @split_worst: its pid
 * @life_err: worst |error| of @life_ok
 * @life_worst: its pid
 * @violations: number of CPUs and tasks beyond the tolerance
 */
struct lttr_account_check {
	uint64_t tolerance_ns;
	bool cpu_ok;
	bool split_ok;
	bool life_ok;
	uint64_t cpu_err;
	unsigned int cpu_worst;
	uint64_t split_err;
	uint32_t split_worst;
	uint64_t life_err;
	uint32_t life_worst;
	size_t violations;
};

/**
 * lttr_account_check() - verify that no time was lost or counted twice
 * @a: the result
 * @tolerance_ns: allowed error per CPU or task (1000 for 1 us)
 * @out: receives the details
 *
 * Return: true when every check holds.
 */
bool lttr_account_check(const struct lttr_account *a, uint64_t tolerance_ns,
			struct lttr_account_check *out);

#endif /* LTTR_ACCOUNT_H */
