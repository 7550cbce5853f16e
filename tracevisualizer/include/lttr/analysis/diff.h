/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/analysis/diff.h - the difference of two runs: the processes of two
 * traces matched by command line when both traces have it, else by name
 * and by role in the process tree, and for each
 * pair the change of its elapsed time split into the accounting's
 * categories, parts that add up exactly (in ns) to the change.
 * Definitions in docs/timing.md ("The diff of two runs").
 */
#ifndef LTTR_DIFF_H
#define LTTR_DIFF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <lttr/reader/error.h>

struct lttr_trace;
struct lttr_account;
struct lttr_explain_at;

/**
 * enum lttr_diff_kind - a category of a process's elapsed time (the
 * fields of struct lttr_acct_task, summed over its threads)
 * @LTTR_DC_USER: running its user code (@user_ns)
 * @LTTR_DC_SYSCALL: running in system call @what (its @cpu_ns)
 * @LTTR_DC_SYSCALL_REST: running in system calls, the part of @syscall_ns
 *	the per-syscall figures do not hold (0 unless memory ran out)
 * @LTTR_DC_TRAP: running in traps (@trap_ns)
 * @LTTR_DC_KERNEL: kernel thread code, or kernel of an unseen mode
 *	(@kernel_ns)
 * @LTTR_DC_INTERRUPTED: irqs and softirqs over it (@irq_ns)
 * @LTTR_DC_RUNNABLE: ready, waiting for a CPU (@runnable_ns)
 * @LTTR_DC_UNKNOWN: state unknown, a CPU without data (@unknown_ns,
 *	"nodata"); never folded into another category
 * @LTTR_DC_BLOCKED: blocked for reason @what, enum lttr_block
 *	(@blocked_ns[@what])
 * @LTTR_DC_UNACCOUNTED: the threads' lifetimes minus the categories
 *	above: the accounting's own conservation error (0 when
 *	lttr_account_check() holds exactly for the process's threads);
 *	kept so that the parts add up, and said when not 0
 * @LTTR_DC_COUNT: number of kinds
 */
enum lttr_diff_kind {
	LTTR_DC_USER,
	LTTR_DC_SYSCALL,
	LTTR_DC_SYSCALL_REST,
	LTTR_DC_TRAP,
	LTTR_DC_KERNEL,
	LTTR_DC_INTERRUPTED,
	LTTR_DC_RUNNABLE,
	LTTR_DC_UNKNOWN,
	LTTR_DC_BLOCKED,
	LTTR_DC_UNACCOUNTED,
	LTTR_DC_COUNT
};

/**
 * struct lttr_diff_part - one category of a pair's time in A and in B
 * @kind: enum lttr_diff_kind
 * @what: LTTR_DC_SYSCALL: the syscall number; LTTR_DC_BLOCKED: the reason
 * @a_ns: the time in A (0: the process is not in A); signed because
 *	LTTR_DC_UNACCOUNTED's may be negative
 * @b_ns: in B
 * @delta_ns: @b_ns - @a_ns
 */
struct lttr_diff_part {
	uint8_t kind;
	uint32_t what;
	int64_t a_ns;
	int64_t b_ns;
	int64_t delta_ns;
};

/**
 * struct lttr_diff_waker - the blocked time of a process that a waker
 * ended, in A and in B (a split of the LTTR_DC_BLOCKED parts)
 * @reason: the blocked part it belongs to (enum lttr_block)
 * @waker: who woke it: a process's name ("name"), "irq N", "softirq N",
 *	"idle" (an irq over the idle task), or "" when the trace does not
 *	tell (no wakeup recorded: a block still open at the end, a lost
 *	wakeup)
 * @a_ns: blocked time in A ended by it; the waker "" holds the rest of
 *	the blocked part, negative if the explanations found more than
 *	the accounting (never so far: the two come from the same pass)
 * @b_ns: in B
 * @delta_ns: @b_ns - @a_ns
 * @task: the waker is a task in process context (lttr_waker_is_task())
 */
struct lttr_diff_waker {
	uint8_t reason;
	bool task;
	char *waker;
	int64_t a_ns;
	int64_t b_ns;
	int64_t delta_ns;
};

/**
 * enum lttr_diff_side - where a process is
 * @LTTR_DS_BOTH: matched: in A and in B
 * @LTTR_DS_A: only in A
 * @LTTR_DS_B: only in B
 */
enum lttr_diff_side {
	LTTR_DS_BOTH,
	LTTR_DS_A,
	LTTR_DS_B,
};

/**
 * enum lttr_diff_match - what paired a process of A with one of B
 * @LTTR_DM_NONE: nothing: in one trace only
 * @LTTR_DM_CMDLINE: the same command line (struct lttr_acct_task
 *	@cmdline, known in both); among the processes of one command line,
 *	those of the same role first, then the others in the order of their
 *	roles
 * @LTTR_DM_ROLE: the same role (@key), for the processes whose command
 *	line is unknown in A or in B or has no counterpart there
 */
enum lttr_diff_match {
	LTTR_DM_NONE,
	LTTR_DM_CMDLINE,
	LTTR_DM_ROLE,
};

/**
 * struct lttr_diff_proc - a process of A matched with one of B, or one
 * present in only one of them
 * @side: enum lttr_diff_side
 * @match: enum lttr_diff_match
 * @key: its role: the names from the root of its tree down to it, each
 *	with its rank among the siblings of the same name in fork order
 *	("init#0/sh#0/worker#1"); for a pair its role in A, the same in B
 *	unless the pair was matched by command line (@key_b)
 * @key_b: a pair's role in B (equal to @key when matched by role)
 * @cmdline: its command line (in B for a pair, where A's is the same when
 *	@match is LTTR_DM_CMDLINE), NULL when unknown
 * @name: its name (the last: after exec)
 * @pid_a: its pid in A (0: not in A)
 * @pid_b: in B
 * @a_ns: its elapsed time in A: its threads' lifetimes summed
 *	(struct lttr_acct_task @thread_life_ns; for one thread its lifetime)
 * @b_ns: in B
 * @delta_ns: @b_ns - @a_ns, exactly the sum of the parts' @delta_ns
 * @life_a: its wall-clock lifetime in A (lttr_acct_task_life())
 * @life_b: in B
 * @threads_a: its threads in A
 * @threads_b: in B
 * @whole_a: in A it was alive over the whole trace (from the window's
 *	start to its end): its time there grows with the trace's length
 * @whole_b: in B
 * @nparts: entries of @parts
 * @parts: the categories whose time is not 0 in A or in B, by
 *	|@delta_ns| (largest first), then kind and number
 * @nwakers: entries of @wakers (0 unless lttr_diff_wakers() ran and its
 *	blocked time changed)
 * @wakers: the blocked parts split by waker, by |@delta_ns|
 */
struct lttr_diff_proc {
	uint8_t side;
	uint8_t match;
	char *key;
	char *key_b;
	char *cmdline;
	char *name;
	uint32_t pid_a;
	uint32_t pid_b;
	uint64_t a_ns;
	uint64_t b_ns;
	int64_t delta_ns;
	uint64_t life_a;
	uint64_t life_b;
	uint32_t threads_a;
	uint32_t threads_b;
	bool whole_a;
	bool whole_b;
	size_t nparts;
	struct lttr_diff_part *parts;
	size_t nwakers;
	struct lttr_diff_waker *wakers;
};

/**
 * struct lttr_diff - the result of lttr_diff_compute()
 * @n: entries of @v
 * @v: the matched pairs first, by |@delta_ns| (largest first), then the
 *	processes only in A, then those only in B, each by elapsed time
 *	(longest first)
 * @nmatched: pairs
 * @nonly_a: processes only in A
 * @nonly_b: processes only in B
 * @a: the accounting of A (names; the caller keeps the traces open)
 * @b: the accounting of B
 */
struct lttr_diff {
	size_t n;
	struct lttr_diff_proc *v;
	size_t nmatched;
	size_t nonly_a;
	size_t nonly_b;
	struct lttr_account *a;
	struct lttr_account *b;
};

/**
 * lttr_diff_compute() - the difference of two runs
 * @ta: trace A (the reference)
 * @tb: trace B
 * @out: receives the result (free with lttr_diff_free())
 * @err: receives the error
 *
 * The accounting of each trace (lttr_account_compute()), its threads
 * grouped into processes (lttr_account_group()), the processes matched
 * by command line where both traces know it, the others by @key
 * (enum lttr_diff_match); a pair's parts are the differences of its
 * categories.
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_diff_compute(struct lttr_trace *ta, struct lttr_trace *tb,
		      struct lttr_diff **out, struct lttr_error *err);

/**
 * lttr_diff_wakers() - split the blocked parts of the processes whose
 * blocked time changed (a blocked part's change not 0; every process of
 * one trace only) by waker: one explanation pass over each trace
 * (lttr_explain(), a task scope over each thread's lifetime), its blocked
 * items summed per reason and waker; a reason's wakers add up to its
 * blocked part (what the explanations do not tell goes to the waker "")
 * @d: the result of lttr_diff_compute() on @ta and @tb
 * @ta: trace A
 * @tb: trace B
 * @err: receives the error
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_diff_wakers(struct lttr_diff *d, struct lttr_trace *ta, struct lttr_trace *tb,
		     struct lttr_error *err);

/**
 * struct lttr_diff_explained - the worst change explained
 * @proc: the pair (an index of @v of the diff)
 * @part: its part explained (an index of its @parts): the largest change
 * @in_b: the interval is in B (the part grew), else in A (it shrank)
 * @pid: the thread
 * @start_ns: the longest interval of that part's category of the
 *	process's threads in that trace (absolute)
 * @end_ns: its end
 * @at: the thread's state at the interval's middle, explained
 *	(lttr_explain_at(), as "explain" and "latency --explain" do)
 */
struct lttr_diff_explained {
	size_t proc;
	size_t part;
	bool in_b;
	uint32_t pid;
	uint64_t start_ns;
	uint64_t end_ns;
	struct lttr_explain_at *at;
};

/**
 * lttr_diff_explain() - explain the worst change: the first matched pair
 * (by |change|) that was not alive over the whole of a trace (its change
 * is then partly the traces' lengths) and whose part with the largest
 * |change| is its own (not a block waiting for a child, nor one of
 * unknown reason, nor, when lttr_diff_wakers() ran, a block whose change
 * is mostly the time another task took to wake it: those are told by
 * another process, or not at all); failing one, the first pair with a
 * change; and the longest interval of that part's category among its
 * threads in the trace where the part is longer
 * @d: the diff
 * @ta: trace A
 * @tb: trace B
 * @out: receives the result (free with lttr_diff_explained_free()), or
 *	NULL when no pair changed or the part is not one a task's
 *	explanation shows in intervals (LTTR_DC_UNACCOUNTED)
 * @err: receives the error
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_diff_explain(const struct lttr_diff *d, struct lttr_trace *ta, struct lttr_trace *tb,
		      struct lttr_diff_explained **out, struct lttr_error *err);

/**
 * lttr_diff_worst() - the pairs whose changes lttr_diff_explain() would
 * explain, worst first: the matched pairs (by |change|) not alive over the
 * whole of a trace whose largest part is their own, then the other
 * matched pairs with an explainable change
 * @d: the diff
 * @idx: receives up to @n indexes of @d's @v
 * @n: how many at most
 *
 * Return: how many were put in @idx (lttr_diff_explain() explains the first).
 */
size_t lttr_diff_worst(const struct lttr_diff *d, size_t *idx, size_t n);

/**
 * lttr_diff_explain_proc() - explain the change of pair @i (an index of
 * @v of the diff, matched or not): its part with the largest |change|
 * (not LTTR_DC_UNACCOUNTED nor LTTR_DC_SYSCALL_REST) and the longest
 * interval of that part's category among its threads in the trace where
 * the part is longer, as lttr_diff_explain() does for the pair it chooses
 * (the front ends' diff views explain the pair selected with it)
 * @d: the diff
 * @i: the pair
 * @ta: trace A
 * @tb: trace B
 * @out: receives the result, or NULL when no part of the pair changed or
 *	no interval of its category was found
 * @err: receives the error
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_diff_explain_proc(const struct lttr_diff *d, size_t i, struct lttr_trace *ta,
			   struct lttr_trace *tb, struct lttr_diff_explained **out,
			   struct lttr_error *err);

/**
 * struct lttr_diff_kindsum - a pair's parts of one kind summed (every
 * syscall's, every blocked reason's): the columns of the front ends'
 * diff views and of the JSON's "kinds"
 * @a_ns: the kind's time in A
 * @b_ns: in B
 * @delta_ns: @b_ns - @a_ns; the kinds' @delta_ns add up to the pair's
 */
struct lttr_diff_kindsum {
	int64_t a_ns;
	int64_t b_ns;
	int64_t delta_ns;
};

/**
 * lttr_diff_kinds() - the parts of @dp summed by kind
 * @dp: the pair
 * @out: receives LTTR_DC_COUNT sums, indexed by enum lttr_diff_kind
 */
void lttr_diff_kinds(const struct lttr_diff_proc *dp, struct lttr_diff_kindsum *out);

/** lttr_diff_explained_free() - release @e (or NULL) */
void lttr_diff_explained_free(struct lttr_diff_explained *e);

/** lttr_diff_free() - release a result @d: the result or NULL */
void lttr_diff_free(struct lttr_diff *d);

/**
 * lttr_diff_kind_name() - the name of a kind: "user", "syscall",
 * "syscall-rest", "trap", "kernel", "interrupted", "runnable", "nodata",
 * "blocked", "unaccounted"
 * @kind: enum lttr_diff_kind
 */
const char *lttr_diff_kind_name(unsigned int kind);

/**
 * lttr_diff_part_str() - a part's label: "user", "syscall read",
 * "blocked sleep", "nodata", ...
 * @p: the part
 * @buf: receives it
 * @size: its size
 *
 * Return: @buf.
 */
const char *lttr_diff_part_str(const struct lttr_diff_part *p, char *buf, size_t size);

/** lttr_diff_match_name() - "cmdline", "role", or NULL for LTTR_DM_NONE */
const char *lttr_diff_match_name(unsigned int match);

/** lttr_diff_side_name() - "both", "a", "b" */
const char *lttr_diff_side_name(unsigned int side);

#endif /* LTTR_DIFF_H */
