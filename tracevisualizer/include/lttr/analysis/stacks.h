/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/analysis/stacks.h - folded call stacks (off-CPU and wakeup) of a
 * trace recorded with traced --stacks (format 1.8).
 *
 * Off-CPU: each blocked interval of the accounting (a task switched out
 * with a non-zero state, until it is woken, dies or the window ends)
 * weighs its length in ns on the stacks recorded at the switch-out that
 * began it; the weights of a task add up to its blocked time in the
 * accounting (lttr_acct_task_blocked()) exactly, intervals without a
 * stack counted apart (@unstacked).  Wakeup: each stack of a waker weighs
 * one.
 *
 * A stack is folded as Brendan Gregg's stackcollapse tools write it:
 * frames root first, separated by ';', user frames (outermost first)
 * then kernel frames (outermost first), each named by
 * lttr_stack_frame_name().
 */
#ifndef LTTR_STACKS_H
#define LTTR_STACKS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct lttr_trace;
struct lttr_syms;
struct lttr_error;

/**
 * enum lttr_stacks_kind - what the stacks weigh
 * @LTTR_STACKS_OFFCPU: blocked time (ns) of the tasks that block there
 * @LTTR_STACKS_WAKEUP: wakeups made from there (count)
 * @LTTR_STACKS_EVENT: the events of one type (@event_id of struct
 *	lttr_stacks_opts; the entries of one syscall with @syscall_nr) made
 *	there (count; traced --stacks syscall:NAME, format 1.10)
 * @LTTR_STACKS_CPU: samples of the profiler taken there (count; format
 *	1.10, traced --sample: each stands for 1 / sample_hz s of CPU time).
 *	A trace without stacks of samples folds each sample's interrupted
 *	instruction alone, as a one-frame stack.
 */
enum lttr_stacks_kind {
	LTTR_STACKS_OFFCPU,
	LTTR_STACKS_WAKEUP,
	LTTR_STACKS_CPU,
	LTTR_STACKS_EVENT,
};

/**
 * struct lttr_stacks_opts - what to fold
 * @kind: enum lttr_stacks_kind
 * @has_pid: only the stacks of task @pid (the blocked task, the waker)
 * @pid: that task (a thread id)
 * @windowed: only [@from_ns, @to_ns) (absolute): the blocked time in it,
 *	the wakeups in it
 * @from_ns: window start
 * @to_ns: window end
 * @event_id: LTTR_STACKS_EVENT: the event type (enum ltt_event_id)
 * @syscall_nr: LTTR_STACKS_EVENT of LTT_EV_SYSCALL_ENTRY: only that
 *	syscall's entries; -1: every syscall's
 * @syms: names the frames (lttr/symbols/symbols.h: name+0xOFF,
 *	object+0xOFF or [unknown]); NULL: their addresses in hex
 * @progress: NULL, or called every few thousand events with the share of
 *	the trace read (per mille: the pass reads the whole trace, a window
 *	too); nonzero stops the pass, lttr_stacks_compute() then returns
 *	-LTTR_E_CANCELED and gives no result
 * @progress_arg: its argument
 */
struct lttr_stacks_opts {
	unsigned int kind;
	bool has_pid;
	uint32_t pid;
	bool windowed;
	uint64_t from_ns;
	uint64_t to_ns;
	unsigned int event_id;
	long syscall_nr;
	struct lttr_syms *syms;
	int (*progress)(void *arg, unsigned int permille);
	void *progress_arg;
};

/**
 * struct lttr_stack_line - one folded stack
 * @folded: "frame;frame;frame" (NUL-terminated)
 * @value: its weight (ns or count)
 * @count: the blocked intervals (offcpu) or wakeups it holds
 */
struct lttr_stack_line {
	char *folded;
	uint64_t value;
	uint64_t count;
};

/**
 * struct lttr_stacks - the folded stacks of a trace
 * @kind: enum lttr_stacks_kind
 * @has_stacks: the trace recorded stacks of this kind (its header's
 *	stack configuration; cpu: the trace has samples, with or without
 *	their stacks)
 * @sample_hz: cpu: the samples per second and CPU (the header's)
 * @nlines: entries of @lines, sorted by @folded (as stackcollapse does)
 * @lines: the stacks, and a line "[no stack]" whose @value is @unstacked
 *	when @unstacked is not 0
 * @total: sum of the @value of the stacked @lines (all but "[no stack]")
 * @unstacked: weight without a stack (off-CPU: ns of blocked intervals
 *	whose switch-out has no stack record, lost or not recorded; wakeup:
 *	wakeups without one; cpu: samples of a trace with stacks of samples
 *	whose stack record is missing)
 * @intervals: off-CPU: blocked intervals counted; wakeup: wakeups; cpu:
 *	samples
 * @orphans: stack records that do not follow a record of their event on
 *	their CPU at the same time (an anomaly: not counted)
 * @bad: stack records that could not be decoded (not counted)
 * @blocked_ns: off-CPU: the accounting's blocked time of the tasks
 *	counted (= @total + @unstacked)
 */
struct lttr_stacks {
	unsigned int kind;
	bool has_stacks;
	uint32_t sample_hz;
	size_t nlines;
	struct lttr_stack_line *lines;
	uint64_t total;
	uint64_t unstacked;
	uint64_t intervals;
	uint64_t orphans;
	uint64_t bad;
	uint64_t blocked_ns;
};

/**
 * lttr_stacks_compute() - fold the stacks of @t
 * @t: the trace
 * @o: what to fold
 * @out: receives the result (lttr_stacks_free())
 * @err: receives the error (LTTR_E_CANCELED when @o->progress asked)
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_stacks_compute(struct lttr_trace *t, const struct lttr_stacks_opts *o,
			struct lttr_stacks **out, struct lttr_error *err);

/** lttr_stacks_free() - release @s (or NULL) */
void lttr_stacks_free(struct lttr_stacks *s);

/**
 * lttr_stacks_kind_name() - "offcpu", "wakeup" or "cpu"
 * @kind: enum lttr_stacks_kind
 *
 * Return: the name, or NULL for an unknown kind.
 */
const char *lttr_stacks_kind_name(unsigned int kind);

/**
 * lttr_stacks_kind_parse() - a --kind: offcpu, wakeup, cpu, an event
 *	name (the stacks of those events) or "syscall:NAME" (the stacks at
 *	the entries of syscall NAME)
 * @name: the text
 * @event_id: receives the event of LTTR_STACKS_EVENT
 * @syscall_nr: receives its syscall number, or -1
 *
 * Return: the enum lttr_stacks_kind, or -1 (unknown kind, event or
 * syscall).
 */
int lttr_stacks_kind_parse(const char *name, unsigned int *event_id, long *syscall_nr);

/**
 * lttr_stacks_kind_lookup() - inverse of lttr_stacks_kind_name()
 * @name: "offcpu", "wakeup" or "cpu"
 *
 * Return: the enum lttr_stacks_kind, or -1.
 */
int lttr_stacks_kind_lookup(const char *name);

#endif /* LTTR_STACKS_H */
