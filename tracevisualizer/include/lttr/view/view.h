/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/view/view.h - the time-window view model: what happened on each row
 * (a CPU, an irq line, a softirq vector, a task) between two times, at a
 * given number of columns, for the front ends to draw.
 *
 * The model is built by one pass of the time accounting
 * (lttr_account_compute_hooks()), so that every state a view shows is the
 * one the numbers were computed from: the CPU rows are the control flow's
 * segments (task and mode), the task rows its segments for that task plus
 * the accounting's runnable, blocked (by reason) and dead intervals, the
 * irq rows its irq and softirq transitions.  Each row is a run-length
 * sequence of states, cut also at every event that does not change the
 * state ("event" boundaries), compressed (varint deltas, a dictionary of
 * states per row) and indexed by checkpoints that carry the cumulative time
 * in each state category: the time each state category covers in any
 * column is a difference of two cumulative values, each found by a binary
 * search and at most LTTR_VIEW_CHECKPOINT entries decoded.  Drawing a
 * window costs columns x rows, whatever the zoom: the whole trace is never
 * scanned again after the build.  docs/views.md has the details.
 */
#ifndef LTTR_VIEW_VIEW_H
#define LTTR_VIEW_VIEW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <lttr/reader/error.h>
#include <lttr/model/blockreason.h>

struct lttr_trace;
struct lttr_account;
struct lttr_view;

/* entries between two checkpoints of a row */
#define LTTR_VIEW_CHECKPOINT 64

/**
 * enum lttr_vcat - the category of a state: what a cell's colour and
 * letter show
 * @LTTR_VCAT_NONE: nothing: a task not alive, an irq not running
 * @LTTR_VCAT_USER: user code
 * @LTTR_VCAT_SYSCALL: a system call
 * @LTTR_VCAT_TRAP: a trap (page fault...)
 * @LTTR_VCAT_IRQ: an interrupt handler
 * @LTTR_VCAT_SOFTIRQ: a softirq handler
 * @LTTR_VCAT_KERNEL: a kernel thread's own code
 * @LTTR_VCAT_IDLE: the idle task (CPU rows)
 * @LTTR_VCAT_UNKNOWN: running, in a mode the trace never showed
 * @LTTR_VCAT_RUNNABLE: ready to run, waiting for a CPU
 * @LTTR_VCAT_ZOMBIE: dead, not reaped yet (its parent has not waited)
 * @LTTR_VCAT_BLOCKED: blocked; LTTR_VCAT_BLOCKED + enum lttr_block gives
 *	the reason
 * @LTTR_VCAT_NODATA: a task's state unknown: runnable (or current) while
 *	a CPU had no data, which may have run it (LTTR_TS_UNKNOWN)
 * @LTTR_VCAT_COUNT: number of categories
 */
enum lttr_vcat {
	LTTR_VCAT_NONE,
	LTTR_VCAT_USER,
	LTTR_VCAT_SYSCALL,
	LTTR_VCAT_TRAP,
	LTTR_VCAT_IRQ,
	LTTR_VCAT_SOFTIRQ,
	LTTR_VCAT_KERNEL,
	LTTR_VCAT_IDLE,
	LTTR_VCAT_UNKNOWN,
	LTTR_VCAT_RUNNABLE,
	LTTR_VCAT_ZOMBIE,
	LTTR_VCAT_BLOCKED,
	LTTR_VCAT_NODATA = LTTR_VCAT_BLOCKED + LTTR_BLOCK_COUNT,
	LTTR_VCAT_COUNT
};

/**
 * struct lttr_vstate - one state of the dictionary
 * @cat: enum lttr_vcat
 * @sysvec: IRQ: @what is an x86 system vector
 * @preempted: RUNNABLE: switched out while runnable (else woken or new)
 * @mode: BLOCKED: the enum lttr_mode it blocked in
 * @cpu: the CPU (running states, irq rows), else 0
 * @pid: the task (0: idle or none)
 * @what: syscall number (SYSCALL, and BLOCKED in a syscall), trap
 *	vector, irq number or vector, softirq vector; else 0
 */
struct lttr_vstate {
	uint8_t cat;
	bool sysvec;
	bool preempted;
	uint8_t mode;
	uint16_t cpu;
	uint32_t pid;
	uint32_t what;
};

/* a cell or span with no state (outside the trace) */
#define LTTR_VSTATE_NONE 0xffffffffU

/**
 * enum lttr_vrow_kind - kinds of rows
 * @LTTR_VROW_CPU: a CPU: the task on it and its mode, idle, irqs
 * @LTTR_VROW_IRQ: an irq line or system vector: when its handler runs
 * @LTTR_VROW_SOFTIRQ: a softirq vector: when its handler runs
 * @LTTR_VROW_TASK: a task (thread): its modes, runnable, blocked, alive
 * @LTTR_VROW_GROUP: the group row of the idle kernel threads (the view's
 *	last row, present when there is one: @id is how many, @name
 *	"N idle kernel threads"): it has no state of its own (LTTR_VCAT_NONE
 *	throughout); the first screen's order (LTTR_VSORT_TRACED) shows it
 *	in place of its members, which it lists under it when open
 */
enum lttr_vrow_kind {
	LTTR_VROW_CPU,
	LTTR_VROW_IRQ,
	LTTR_VROW_SOFTIRQ,
	LTTR_VROW_TASK,
	LTTR_VROW_GROUP,
};

/**
 * struct lttr_vrow_info - what a row is
 * @kind: enum lttr_vrow_kind
 * @sysvec: IRQ rows: @id is a system vector
 * @id: the CPU, irq, vector, softirq vector or pid
 * @tgid: TASK: its process
 * @ppid: TASK: its parent process
 * @name: TASK: its last name; IRQ: the irq's name; SOFTIRQ: the vector's
 *	name; CPU: "cpu N"
 * @entries: intervals stored (state changes and events)
 * @bytes: memory they take, checkpoints included
 * @idle_kthread: TASK: an idle kernel thread, a member of the group row
 *	(lttr_view_idle_kthread())
 */
struct lttr_vrow_info {
	uint8_t kind;
	bool sysvec;
	bool idle_kthread;
	uint32_t id;
	uint32_t tgid;
	uint32_t ppid;
	const char *name;
	uint64_t entries;
	uint64_t bytes;
};

/**
 * typedef lttr_view_progress_fn - progress of a long operation
 * @arg: the caller's argument
 * @permille: how far it is, 0..1000
 *
 * Return: 0 to go on, non-zero to cancel.
 */
typedef int (*lttr_view_progress_fn)(void *arg, unsigned int permille);

/**
 * lttr_view_build() - build the view model of a trace
 * @t: the trace; must outlive the view
 * @progress: called now and then (may be NULL)
 * @arg: its argument
 * @out: receives the view
 * @err: receives the error; LTTR_E_CANCELED when @progress asked to stop
 *
 * One pass of the time accounting over the trace: the accounting result
 * (lttr_view_account()) and the rows come from the same decisions.
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_view_build(struct lttr_trace *t, lttr_view_progress_fn progress,
		    void *arg, struct lttr_view **out, struct lttr_error *err);

/** lttr_view_free() - release a view @v: the view or NULL */
void lttr_view_free(struct lttr_view *v);

/** lttr_view_trace() - the trace of a view @v: the view */
struct lttr_trace *lttr_view_trace(const struct lttr_view *v);

/**
 * lttr_view_account() - the time accounting computed by the build
 * @v: the view
 *
 * Return: the same result as lttr_account_compute() on the trace.
 */
const struct lttr_account *lttr_view_account(const struct lttr_view *v);

/**
 * lttr_view_start() - start of the rows (lttr_trace_window_start())
 * @v: the view
 *
 * Return: CLOCK_MONOTONIC ns.
 */
uint64_t lttr_view_start(const struct lttr_view *v);

/** lttr_view_end() - end of the rows (lttr_trace_end_ns()) @v: the view */
uint64_t lttr_view_end(const struct lttr_view *v);

/** lttr_view_nrows() - number of rows @v: the view */
size_t lttr_view_nrows(const struct lttr_view *v);

/**
 * lttr_view_row() - what a row is
 * @v: the view
 * @row: its index (< lttr_view_nrows()); rows come CPUs first (by
 *	number), then irqs (lines, then system vectors), softirqs, tasks
 *	(by pid)
 *
 * Return: the description, or NULL when out of range.
 */
const struct lttr_vrow_info *lttr_view_row(const struct lttr_view *v, size_t row);

/**
 * lttr_view_find_row() - the row of a CPU, irq, softirq or task
 * @v: the view
 * @kind: enum lttr_vrow_kind
 * @id: its CPU, irq, vector or pid
 * @sysvec: IRQ: a system vector
 *
 * Return: the row index, or -1 when there is none.
 */
long lttr_view_find_row(const struct lttr_view *v, unsigned int kind,
			uint32_t id, bool sysvec);

/**
 * lttr_view_task_order() - the task rows as a tree: each process (thread
 * group leader) by pid, followed by its other threads
 * @v: the view
 * @rows: receives row indexes (room for every task row)
 * @depth: receives 0 for a process, 1 for a thread under it (may be NULL)
 *
 * Return: the number of task rows written.
 */
size_t lttr_view_task_order(const struct lttr_view *v, size_t *rows,
			    unsigned char *depth);

/**
 * lttr_view_command_pid() - the process that `traced -- CMD` started
 * @v: the view
 *
 * A format 1.9 header names it (lttr_trace_command_pid()).  An older
 * trace does not: it is then the first process (not a thread)
 * forked during the trace by a process named "traced", the daemon that
 * writes the trace (its proc snapshot names it, and it forks the command
 * once, after START).
 *
 * Return: its pid, or 0 when the trace has none (traced without a
 * command, or a trace written otherwise).
 */
uint32_t lttr_view_command_pid(const struct lttr_view *v);

/**
 * lttr_view_command_span() - the span the traced command ran, with a
 * margin: the first window a front end opens on
 * @v: the view
 * @t0: receives its start
 * @t1: receives its end
 *
 * From the fork of lttr_view_command_pid() (the view's start when it was
 * not forked in the trace) to the last exit of it and its descendants
 * (the view's end when one of them did not exit), widened by 2 % of that
 * span on each side (at least 1 us) and clamped to the view.
 *
 * Return: true when the trace has a command (@t0 < @t1 then); false
 * without one (@t0 and @t1 are then the whole view).
 */
bool lttr_view_command_span(const struct lttr_view *v, uint64_t *t0, uint64_t *t1);

/**
 * lttr_view_idle_kthread() - whether a task row is an idle kernel thread
 * @v: the view
 * @row: a task row
 *
 * A kernel thread is kthreadd (pid 2), a task whose chain of parents
 * reaches it, or a task created as a kernel thread in the trace; it is
 * idle when its running time over the whole trace (user, syscall, trap,
 * irq, softirq, kernel, unknown mode: what LTTR_VSORT_BUSY counts) is
 * below LTTR_VIEW_IDLE_PERMILLE thousandths of the trace's span, and it
 * is not a process of the traced command.  Decided once, when the view
 * is built; the group row (LTTR_VROW_GROUP) counts them.
 *
 * Return: true for an idle kernel thread.
 */
bool lttr_view_idle_kthread(const struct lttr_view *v, size_t row);

/* an idle kernel thread runs less than this many thousandths of the trace */
#define LTTR_VIEW_IDLE_PERMILLE 1U

/**
 * enum lttr_vsort - how lttr_view_task_sort() orders the task rows
 * @LTTR_VSORT_TRACED: the first screen's order, every front end's
 *	default: the processes of the traced command
 *	(lttr_view_command_pid() and its descendants) first, in tree order
 *	(by pid: the order they came), then the others by time running
 *	over the whole trace (not the window: the rows do not move when one
 *	zooms), most first, then by events (most first), then pid; the idle
 *	kernel threads (lttr_view_idle_kthread()) last, folded into the
 *	group row (LTTR_VROW_GROUP), listed under it when it is open
 * @LTTR_VSORT_PID: by pid (lttr_view_task_order()'s order)
 * @LTTR_VSORT_NAME: by name, then pid
 * @LTTR_VSORT_BUSY: by time running (user, syscall, trap, irq, softirq,
 *	kernel, unknown mode) in the window, most first, then pid; a
 *	process's is the sum of its own row's and its threads' rows'
 */
enum lttr_vsort {
	LTTR_VSORT_TRACED,
	LTTR_VSORT_PID,
	LTTR_VSORT_NAME,
	LTTR_VSORT_BUSY,
};

/**
 * lttr_vsort_name() - the name of an order: "traced", "pid", "name",
 * "busy" (front ends' options and session files)
 * @by: enum lttr_vsort
 *
 * Return: the name, or NULL out of range.
 */
const char *lttr_vsort_name(unsigned int by);

/**
 * lttr_vsort_parse() - the order of a name of lttr_vsort_name()
 * @name: the name
 *
 * Return: the enum lttr_vsort, or -1 when unknown.
 */
int lttr_vsort_parse(const char *name);

/**
 * lttr_view_task_sort() - the task rows as lttr_view_task_order()'s tree,
 * sorted: the processes (each with its threads under it) by @by, and the
 * threads under each process by @by
 * @v: the view
 * @by: enum lttr_vsort
 * @t0: the window's start (LTTR_VSORT_BUSY; LTTR_VSORT_TRACED takes the
 *	whole trace)
 * @t1: its end
 * @idle_open: LTTR_VSORT_TRACED: the group row of the idle kernel
 *	threads is open (its members follow it, at depth 1)
 * @rows: receives row indexes (room for every task row and the group row)
 * @depth: receives 0 for a process, 1 for a thread under it
 *
 * Return: the number of rows written, or a negative enum
 * lttr_errcode (@rows and @depth then in pid order).
 */
long lttr_view_task_sort(struct lttr_view *v, unsigned int by, uint64_t t0, uint64_t t1,
			 bool idle_open, size_t *rows, unsigned char *depth);

/**
 * lttr_view_state() - a state of the dictionary
 * @v: the view
 * @id: its id (from a cell or a span)
 *
 * A task whose mode (or blocking reason) was unknown until a later event
 * shows the mode found, as the accounting charged it.
 *
 * Return: the state, or NULL for LTTR_VSTATE_NONE or out of range.
 */
const struct lttr_vstate *lttr_view_state(const struct lttr_view *v, uint32_t id);

/**
 * lttr_view_state_str() - a state as text
 * @v: the view
 * @id: the state
 * @buf: output
 * @size: its size
 *
 * "user", "syscall read", "trap page_fault", "irq 4 ttyS0", "softirq
 * TIMER", "kernel", "idle", "runnable (preempted)", "blocked io in read",
 * "not alive", ...
 *
 * Return: @buf.
 */
const char *lttr_view_state_str(const struct lttr_view *v, uint32_t id,
				char *buf, size_t size);

/**
 * lttr_vcat_name() - name of a category
 * @cat: enum lttr_vcat
 *
 * Return: "none", "user", "syscall", ..., "runnable", "blocked io", ...
 */
const char *lttr_vcat_name(unsigned int cat);

/**
 * lttr_vcat_letter() - one-letter symbol of a category, for terminals
 * without colours and for tests: ' ' none, U user, S syscall, T trap,
 * I irq, Q softirq, K kernel, '.' idle, '?' unknown, r runnable, and the
 * blocking reasons i io, z sleep, f futex, c child, p fault, b other,
 * w unknown
 * @cat: enum lttr_vcat
 *
 * Return: the letter.
 */
char lttr_vcat_letter(unsigned int cat);

/* flags of struct lttr_vcell */
#define LTTR_VCELL_CHANGES	0x01	/* the state changes inside the column */
#define LTTR_VCELL_EVENTS	0x02	/* events that do not change the state */
#define LTTR_VCELL_LOST		0x04	/* events were lost (CPU rows) */
#define LTTR_VCELL_OUTSIDE	0x08	/* the column is outside the trace */

/**
 * struct lttr_vcell - one column of a row
 * @state: the state of the category that covers most of the column: the
 *	longest of that category among the intervals the query decoded,
 *	else the one at the column's middle when of that category, else
 *	LTTR_VSTATE_NONE (then only @cat is known)
 * @cat: the category covering most of the column (ties: the lower value)
 * @flags: LTTR_VCELL_*
 * @changes: state changes inside the column (saturates at 65535)
 */
struct lttr_vcell {
	uint32_t state;
	uint8_t cat;
	uint8_t flags;
	uint16_t changes;
};

/**
 * lttr_view_cells() - what happened on a row in each of @ncols columns
 * @v: the view
 * @row: the row
 * @t0: window start (CLOCK_MONOTONIC ns)
 * @t1: window end (> @t0)
 * @ncols: columns; column i covers [t0 + (t1-t0)*i/ncols,
 *	t0 + (t1-t0)*(i+1)/ncols)
 * @out: receives @ncols cells
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_view_cells(struct lttr_view *v, size_t row, uint64_t t0, uint64_t t1,
		    unsigned int ncols, struct lttr_vcell *out);

/**
 * lttr_view_cells_many() - lttr_view_cells() of @n rows, side by side
 * @v: the view
 * @rows: the rows
 * @n: how many
 * @t0: window start (CLOCK_MONOTONIC ns)
 * @t1: window end (> @t0)
 * @ncols: columns, as lttr_view_cells()
 * @out: @out[i] receives the @ncols cells of @rows[i]
 * @res: @res[i] receives what lttr_view_cells() returned for @rows[i]
 * @threads: threads to compute them on, the caller's included; 0: as
 *	many as the online processors (one when there are few cells)
 *
 * The cells are those of lttr_view_cells() called row after row (the
 * view is only read; each row's one write, its finalizing, is done on
 * the caller's thread first).  For a paint after a zoom or a pan: the
 * window's 2^28-event control flow, 200 rows of 1720 columns, took 54 ms
 * row after row (docs/benchmarks.md).
 *
 * Return: 0 or a negative enum lttr_errcode (then nothing was computed).
 */
int lttr_view_cells_many(struct lttr_view *v, const size_t *rows, size_t n, uint64_t t0,
			 uint64_t t1, unsigned int ncols, struct lttr_vcell *const *out, int *res,
			 unsigned int threads);

/**
 * lttr_view_time_in() - time a row spends in each category over [t0, t1)
 * @v: the view
 * @row: the row
 * @t0: from
 * @t1: to
 * @ns: receives LTTR_VCAT_COUNT durations
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_view_time_in(struct lttr_view *v, size_t row, uint64_t t0, uint64_t t1,
		      uint64_t *ns);

/**
 * lttr_view_time_cols() - time a row spends in each category, column by
 * column
 * @v: the view
 * @row: the row
 * @t0: window start
 * @t1: window end (> @t0)
 * @ncols: columns, cut as lttr_view_cells()'s: column i covers
 *	[t0 + (t1-t0)*i/ncols, t0 + (t1-t0)*(i+1)/ncols)
 * @cpus: a bit per CPU (bit c: CPU c < 64): only the time running on one
 *	of them counts (user to unknown mode, idle, irq and softirq: the
 *	states with a CPU; runnable, blocked, zombie and none do not); 0:
 *	every state, wherever it is
 * @ns: receives @ncols x LTTR_VCAT_COUNT durations, column i's time in
 *	category k at ns[i * LTTR_VCAT_COUNT + k]; the time of a column
 *	outside the view is 0
 *
 * The sum of a category's columns is lttr_view_time_in()'s figure for
 * the window (with @cpus 0).
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_view_time_cols(struct lttr_view *v, size_t row, uint64_t t0, uint64_t t1,
			unsigned int ncols, uint64_t cpus, uint64_t *ns);

/**
 * lttr_view_idle_time_cols() - the idle row: the time of the idle task
 * (pid 0) on the CPU rows, column by column: idle, and the irqs and
 * softirqs that run over it (in those categories)
 * @v: the view
 * @t0: window start
 * @t1: window end (> @t0)
 * @ncols: columns, as lttr_view_time_cols()'s
 * @cpus: a bit per CPU whose row counts; 0: every CPU
 * @ns: receives @ncols x LTTR_VCAT_COUNT durations, as
 *	lttr_view_time_cols()'s (several CPUs add up)
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_view_idle_time_cols(struct lttr_view *v, uint64_t t0, uint64_t t1,
			     unsigned int ncols, uint64_t cpus, uint64_t *ns);

/**
 * lttr_vcat_busiest() - the running category with the most time
 * @ns: LTTR_VCAT_COUNT durations (one column of lttr_view_time_cols())
 *
 * Among user, syscall, trap, irq, idle, kernel, unknown mode and softirq
 * (ties: the first in this order, enum lttr_mode's); runnable, blocked,
 * zombie and none are not running and never chosen.
 *
 * Return: the category, LTTR_VCAT_NONE when none of them has time.
 */
unsigned int lttr_vcat_busiest(const uint64_t *ns);

/**
 * lttr_view_row_active() - whether a row did anything in a window: ran
 * (a CPU: was not idle; an irq: its handler ran) or changed state
 * @v: the view
 * @row: the row
 * @t0: window start
 * @t1: window end
 *
 * Return: true when it did.
 */
bool lttr_view_row_active(struct lttr_view *v, size_t row, uint64_t t0, uint64_t t1);

/**
 * struct lttr_vspan - a maximal interval of one state on a row
 * @start_ns: its start
 * @end_ns: its end
 * @state: the state
 * @events: events inside it that did not change the state
 */
struct lttr_vspan {
	uint64_t start_ns;
	uint64_t end_ns;
	uint32_t state;
	uint64_t events;
};

/**
 * lttr_view_span_at() - the state interval of a row that covers a time
 * @v: the view
 * @row: the row
 * @t: the time (clamped to the view)
 * @out: receives the interval
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_view_span_at(struct lttr_view *v, size_t row, uint64_t t,
		      struct lttr_vspan *out);

/**
 * lttr_view_step() - the next (or previous) change of a row
 * @v: the view
 * @row: the row
 * @t: from this time, excluded
 * @dir: > 0 forward, < 0 backward
 * @events: count event boundaries too, not only state changes
 * @out: receives the time of the change
 *
 * Return: 1 with @out set, 0 when there is none, or a negative code.
 */
int lttr_view_step(struct lttr_view *v, size_t row, uint64_t t, int dir,
		   bool events, uint64_t *out);

/**
 * lttr_view_comm() - the name a task had at a time
 * @v: the view
 * @pid: the task
 * @t: the time
 *
 * Return: the name (fork, exec, snapshot), "" when unknown, "idle" for 0.
 */
const char *lttr_view_comm(const struct lttr_view *v, uint32_t pid, uint64_t t);

/**
 * lttr_view_lost() - events lost on a CPU within a time range (the lost
 * counts of the buffers that start in it)
 * @v: the view
 * @cpu: the CPU
 * @t0: from
 * @t1: to (excluded)
 *
 * Return: the count.
 */
uint64_t lttr_view_lost(const struct lttr_view *v, unsigned int cpu,
			uint64_t t0, uint64_t t1);

/**
 * lttr_view_buffer_ids() - event ids present in a buffer (search index)
 * @v: the view
 * @cpu: the CPU
 * @bi: buffer index on @cpu
 *
 * Return: bit i set when id i (i < 63) occurs; bit 63 for ids >= 63.
 */
uint64_t lttr_view_buffer_ids(const struct lttr_view *v, unsigned int cpu,
			      size_t bi);

/**
 * struct lttr_view_stats - memory and size figures of a view
 * @entries: intervals in all rows
 * @row_bytes: bytes of all rows (streams, dictionaries, checkpoints)
 * @states: states in the dictionary
 * @state_bytes: bytes of the dictionary
 * @other_bytes: the rest (search index, names, lost points)
 * @out_of_order: intervals that arrived earlier than the row's last one
 *	(contradictory events after a loss): stored at the row's last time
 */
struct lttr_view_stats {
	uint64_t entries;
	uint64_t row_bytes;
	uint64_t states;
	uint64_t state_bytes;
	uint64_t other_bytes;
	uint64_t out_of_order;
};

/** lttr_view_stats() - size figures @v: the view @out: receives them */
void lttr_view_stats(const struct lttr_view *v, struct lttr_view_stats *out);

#endif /* LTTR_VIEW_VIEW_H */
