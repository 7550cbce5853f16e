/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/analysis/load.h - the CPU load over time: the trace's window cut
 * into equal bins, and in each bin each CPU's busy time (not its idle
 * task) and each task's time on a CPU in its own code, from the
 * accounting's segments (one pass of lttr_account_compute_hooks()), so
 * that a bin's figures add up as the accounting's do.  Definitions in
 * docs/jobs.md ("CPU load").
 */
#ifndef LTTR_LOAD_H
#define LTTR_LOAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <ltt/ltt-abi.h>
#include <lttr/reader/error.h>

struct lttr_trace;
struct lttr_account;

/**
 * struct lttr_load_task - one task's time on a CPU per bin
 * @pid: the task
 * @total_ns: over the trace
 * @ns: per bin: its own code (user, syscalls, traps, kernel thread code,
 *	unresolved mode), irqs and softirqs over it excepted
 */
struct lttr_load_task {
	uint32_t pid;
	uint64_t total_ns;
	uint64_t *ns;
};

/**
 * struct lttr_load - the result of lttr_load_compute()
 * @start_ns: the range's start (absolute): the trace's window start, or
 *	lttr_load_compute_range()'s @from_ns
 * @end_ns: its end
 * @whole: the range is the whole trace (its window start to its end)
 * @nbins: bins; bin i is [start + span * i / nbins, start + span * (i+1) / nbins)
 * @ncpus: CPUs
 * @bin_ns: per bin, its length (the bins differ by at most 1 ns)
 * @busy_ns: per CPU, per bin (@busy_ns[cpu * @nbins + i]): not idle
 *	(every segment but the idle task's outside interrupts; unknown time
 *	included, as in the accounting's utilisation)
 * @unknown_ns: the same layout: of @busy_ns, a CPU without data
 * @ntasks: entries of @tasks
 * @tasks: every task that ran, busiest first
 * @acct: the accounting of the pass (names, lost events)
 */
struct lttr_load {
	uint64_t start_ns;
	uint64_t end_ns;
	bool whole;
	unsigned int nbins;
	unsigned int ncpus;
	uint64_t *bin_ns;
	uint64_t *busy_ns;
	uint64_t *unknown_ns;
	size_t ntasks;
	struct lttr_load_task *tasks;
	struct lttr_account *acct;
};

/**
 * lttr_load_compute() - the load of a trace in @nbins bins
 * @t: the trace
 * @nbins: 1 to 10000
 * @out: receives the result (free with lttr_load_free())
 * @err: receives the error (LTTR_E_INVAL: @nbins out of range)
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_load_compute(struct lttr_trace *t, unsigned int nbins, struct lttr_load **out,
		      struct lttr_error *err);

/**
 * lttr_load_compute_range() - the load of a part of a trace (a view's
 * zoomed window) in @nbins bins
 * @t: the trace
 * @from_ns: the part's start (absolute; before the trace's window start:
 *	from there)
 * @to_ns: its end (past the trace's end: to there; UINT64_MAX: the end)
 * @nbins: 1 to 10000
 * @out: receives the result (free with lttr_load_free()); its @whole says
 *	whether the part is the whole trace
 * @err: receives the error (LTTR_E_INVAL: @nbins out of range, or an
 *	empty part: @to_ns <= @from_ns once clamped)
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_load_compute_range(struct lttr_trace *t, uint64_t from_ns, uint64_t to_ns,
			    unsigned int nbins, struct lttr_load **out, struct lttr_error *err);

/**
 * lttr_load_title() - what a load covers, in words, the same in every
 * front end: "the whole trace" or "the window 0.010000000 s to
 * 0.020000000 s" (relative to the trace's window start)
 * @l: the load
 * @buf: receives the words
 * @size: its size
 *
 * Return: @buf.
 */
const char *lttr_load_title(const struct lttr_load *l, char *buf, size_t size);

/** lttr_load_free() - release a result @l: the result or NULL */
void lttr_load_free(struct lttr_load *l);

#endif /* LTTR_LOAD_H */
