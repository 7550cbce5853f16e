/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/analysis/jobs.h - the jobs of the application markers: each
 * begin/end pair of one name in one task (LTT_EV_MARKER) is a job, whose
 * response time (begin to end) is split exactly, to the ns, into its
 * execution (the task on a CPU, its own code), its runnable waits (with
 * who ran meanwhile), the irqs and softirqs over it, its blocked time (by
 * reason) and the unknown time (lost events), from the accounting's
 * states of the task and segments of the CPUs (the pass of
 * lttr_explain()).  Per name, the distributions of these.  Bad markers
 * (unbalanced, nested, a task that exits inside a job, a bad name) are
 * warnings.  The per-job array is what a view draws (one point per job,
 * lttr_jobs_deadline() marks the misses).  With the query's @periodic,
 * the tasks without markers that sleep until a timer's deadline over and
 * over (nanosleep, clock_nanosleep, a timerfd: the activations of the
 * timer latency analysis, LTTR_TIMING_TIMER) have a job per activation:
 * released at the timer's expiry, started at the first run after it,
 * ended when the task blocks on its next wait (the block its next
 * activation's wakeup ends), its deadline the task's period.
 * Definitions in docs/jobs.md.
 */
#ifndef LTTR_JOBS_H
#define LTTR_JOBS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <lttr/analysis/distribution.h>
#include <lttr/model/blockreason.h>
#include <lttr/reader/error.h>

struct lttr_trace;
struct lttr_account;

/**
 * enum lttr_job_who - whom a part of a job's interference is for
 * @LTTR_JOB_BY_TASK: task @pid ran on the CPU while the job's task was
 *	runnable (pid 0: the CPU was idle, a migration not yet done)
 * @LTTR_JOB_BY_IRQ: irq handler @what (@sysvec) ran, over the job's task
 *	or while it was runnable
 * @LTTR_JOB_BY_SOFTIRQ: softirq handler @what, likewise
 * @LTTR_JOB_BY_UNKNOWN: a CPU without data (lost events), or a wait whose
 *	CPU is not known (the task did not run again in the trace)
 */
enum lttr_job_who {
	LTTR_JOB_BY_TASK,
	LTTR_JOB_BY_IRQ,
	LTTR_JOB_BY_SOFTIRQ,
	LTTR_JOB_BY_UNKNOWN,
};

/**
 * struct lttr_job_by - one culprit of a job's interference
 * @who: enum lttr_job_who
 * @sysvec: LTTR_JOB_BY_IRQ: @what is an x86 system vector
 * @pid: LTTR_JOB_BY_TASK: the task
 * @what: LTTR_JOB_BY_IRQ, LTTR_JOB_BY_SOFTIRQ: the number
 * @runnable_ns: of the job's runnable time, what ran on the CPU the task
 *	was waiting for (the CPU it ran on next)
 * @over_ns: irqs and softirqs over the job's own task (its @irq_ns,
 *	@softirq_ns)
 */
struct lttr_job_by {
	uint8_t who;
	bool sysvec;
	uint32_t pid;
	uint32_t what;
	uint64_t runnable_ns;
	uint64_t over_ns;
};

/**
 * enum lttr_job_source - what made the jobs of a name
 * @LTTR_JOB_MARKER: begin/end markers (LTT_EV_MARKER)
 * @LTTR_JOB_TIMER: a periodic task's timer activations (the query's
 *	@periodic): one job per release
 */
enum lttr_job_source {
	LTTR_JOB_MARKER,
	LTTR_JOB_TIMER,
};

/**
 * struct lttr_job - one job: a begin and its end
 * @name: index in struct lttr_jobs's @names
 * @pid: the writer's process
 * @tid: and thread (the task whose time is split)
 * @begin_ns: the begin marker's time (LTTR_JOB_TIMER: the release, the
 *	timer's expiry)
 * @end_ns: the end marker's time (LTTR_JOB_TIMER: the task blocked on its
 *	next wait, or its next wait began without blocking: see docs/jobs.md)
 * @start_ns: LTTR_JOB_TIMER: the task's first run after the release (the
 *	end of its timer activation); a marker job's begin
 * @missed: LTTR_JOB_TIMER, a timerfd: the expiries after the release that
 *	the same read counted (releases the task missed)
 * @exec_ns: the task on a CPU in its own code (user, syscalls, traps)
 * @runnable_ns: ready to run, not running (preempted, or woken and not
 *	yet switched in)
 * @irq_ns: irq handlers over the task while it was current
 * @softirq_ns: softirq handlers over it
 * @blocked_ns: blocked, all reasons; @blocked[] by enum lttr_block
 * @unknown_ns: not known (lost events, a CPU without data)
 * @overrun_ns: LTTR_JOB_TIMER: from the release, the previous job of the
 *	task still running (it overran its period), until its end or this
 *	job's start: the previous job's time, not split again here
 *	exec + runnable + irq + softirq + blocked + unknown + overrun =
 *	end - begin
 * @preemptions: times it was switched out still runnable inside the job
 * @jitter: @jitter_ns is known (not the first job of its name and task,
 *	and the name has a period: see struct lttr_job_name)
 * @jitter_ns: |begin - previous begin - the period|
 * @nested: it began inside another job of the same name and task
 * @period_ns: LTTR_JOB_TIMER: the job's own period: the interval its
 *	timerfd read recorded (after the timer was set again with another
 *	interval, the new one), else its name's @period_ns; 0 for markers
 * @deadline_ns: lttr_jobs_deadline(): the job's deadline (relative to
 *	@begin_ns; 0: none): the one given, else a timer job's @period_ns
 * @miss: lttr_jobs_deadline(): the response exceeds the deadline
 * @nby: entries of @by
 * @by: the culprits, most time first
 */
struct lttr_job {
	size_t name;
	uint32_t pid;
	uint32_t tid;
	uint64_t begin_ns;
	uint64_t end_ns;
	uint64_t start_ns;
	uint64_t missed;
	uint64_t exec_ns;
	uint64_t runnable_ns;
	uint64_t irq_ns;
	uint64_t softirq_ns;
	uint64_t blocked_ns;
	uint64_t blocked[LTTR_BLOCK_COUNT];
	uint64_t unknown_ns;
	uint64_t overrun_ns;
	uint64_t preemptions;
	bool jitter;
	uint64_t jitter_ns;
	bool nested;
	uint64_t period_ns;
	uint64_t deadline_ns;
	bool miss;
	size_t nby;
	struct lttr_job_by *by;
};

/**
 * struct lttr_job_name - the jobs of one name (all tasks)
 * @name: the name (LTTR_JOB_TIMER: the task's, "name-tid")
 * @source: enum lttr_job_source
 * @tid: LTTR_JOB_TIMER: the task
 * @timerfd: LTTR_JOB_TIMER: its timer is a timerfd (else a nanosleep's)
 * @interval_ns: LTTR_JOB_TIMER: @period_ns is the timerfd's interval, as
 *	every read recorded it (0: the period is the median spacing)
 * @releases: LTTR_JOB_TIMER: the task's timer activations (each a job,
 *	but the last when it has no end)
 * @count: its jobs
 * @period_ns: the median of the begin-to-begin intervals of its jobs in
 *	each task (0: fewer than two jobs in any task); LTTR_JOB_TIMER: the
 *	timerfd's interval, or the median of the spacings of the releases
 *	(each divided by the expiries it covers: 1 + the first's @missed)
 * @start: LTTR_JOB_TIMER: the distribution of the start latencies (the
 *	release to the first run); empty for markers
 * @deadline_ns: lttr_jobs_deadline(): its jobs' deadline (the one given,
 *	or for LTTR_JOB_TIMER the period, a job whose timerfd was set again
 *	having its own: struct lttr_job's @period_ns; 0: none)
 * @exec, @response, @jitter, @runnable, @irq, @softirq, @blocked,
 * @unknown: the distributions of the jobs' figures (@jitter: of the jobs
 *	whose @jitter is known)
 * @preemptions: the distribution of the numbers of preemptions (counts,
 *	not ns)
 * @misses: lttr_jobs_deadline(): jobs over the deadline
 */
struct lttr_job_name {
	char *name;
	uint8_t source;
	uint32_t tid;
	bool timerfd;
	uint64_t interval_ns;
	size_t releases;
	size_t count;
	uint64_t period_ns;
	struct lttr_dist start;
	struct lttr_dist exec;
	struct lttr_dist response;
	struct lttr_dist jitter;
	struct lttr_dist runnable;
	struct lttr_dist irq;
	struct lttr_dist softirq;
	struct lttr_dist blocked;
	struct lttr_dist unknown;
	struct lttr_dist preemptions;
	uint64_t deadline_ns;
	size_t misses;
};

/**
 * enum lttr_job_warn - what is wrong with some markers
 * @LTTR_JW_NO_END: a begin whose end is not in the trace (not a job)
 * @LTTR_JW_NO_BEGIN: an end without a begin before it (ignored)
 * @LTTR_JW_NESTED: a begin inside a job of the same name and task: an
 *	end closes the latest begin, the jobs overlap
 * @LTTR_JW_EXITED: the task exited inside a job (not a job)
 * @LTTR_JW_BAD_NAME: a name the module never writes (empty, blanks,
 *	control characters); the marker is ignored
 * @LTTR_JW_ONE_RELEASE: LTTR_JOB_TIMER: a task with one timer activation
 *	only: no period, not a periodic task (no job)
 * @LTTR_JW_PERIOD_CHANGE: LTTR_JOB_TIMER: releases that came at another
 *	spacing than the task's period (its timer was set again, or
 *	activations are missing); their jobs keep the period's deadline
 * @LTTR_JW_COUNT: number of kinds
 */
enum lttr_job_warn {
	LTTR_JW_NO_END,
	LTTR_JW_NO_BEGIN,
	LTTR_JW_NESTED,
	LTTR_JW_EXITED,
	LTTR_JW_BAD_NAME,
	LTTR_JW_ONE_RELEASE,
	LTTR_JW_PERIOD_CHANGE,
	LTTR_JW_COUNT,
};

/**
 * struct lttr_job_warning - one bad marker
 * @kind: enum lttr_job_warn
 * @time_ns: the marker's time (LTTR_JW_EXITED: the exit's; LTTR_JOB_TIMER:
 *	the release concerned, LTTR_JW_PERIOD_CHANGE: the first release
 *	off the period)
 * @begin_ns: LTTR_JW_EXITED, LTTR_JW_NESTED: the begin of the job
 *	concerned (the outer one for NESTED); LTTR_JW_PERIOD_CHANGE: the
 *	last release of the run off the period
 * @period_ns: LTTR_JW_PERIOD_CHANGE: the task's period
 * @spacing_ns: ... and the spacing of the first release off it
 * @pid: the writer's process
 * @tid: and thread
 * @name: the name, printable (bytes outside visible ASCII as \xHH)
 */
struct lttr_job_warning {
	uint8_t kind;
	uint64_t time_ns;
	uint64_t begin_ns;
	uint64_t period_ns;
	uint64_t spacing_ns;
	uint32_t pid;
	uint32_t tid;
	char name[4 * 255 + 1];
};

/**
 * struct lttr_jobs - the result of lttr_jobs_compute()
 * @njobs: entries of @jobs
 * @jobs: every job, by begin time
 * @nnames: entries of @names
 * @names: per name, sorted by name
 * @nwarn: entries of @warn
 * @warn: the bad markers, in time order
 * @nwarn_kind: the warnings counted by kind
 * @deadline_ns: lttr_jobs_deadline()'s deadline (0: none; the periodic
 *	tasks' jobs then have their period's)
 * @misses: jobs over their deadline
 * @periodic: the query's @periodic
 * @nskipped: @periodic: tasks with timer activations whose jobs are their
 *	markers' (not made from the timer)
 * @acct: the accounting of the pass (names, lost events)
 */
struct lttr_jobs {
	size_t njobs;
	struct lttr_job *jobs;
	size_t nnames;
	struct lttr_job_name *names;
	size_t nwarn;
	struct lttr_job_warning *warn;
	size_t nwarn_kind[LTTR_JW_COUNT];
	uint64_t deadline_ns;
	size_t misses;
	bool periodic;
	size_t nskipped;
	struct lttr_account *acct;
};

/**
 * struct lttr_jobs_query - what lttr_jobs_compute_query() finds
 * @periodic: also the jobs of the periodic tasks without markers, from
 *	their timer activations (LTTR_JOB_TIMER)
 */
struct lttr_jobs_query {
	bool periodic;
};

/**
 * lttr_jobs_compute() - the jobs of a trace's markers, explained
 * @t: the trace
 * @out: receives the result (free with lttr_jobs_free())
 * @err: receives the error
 *
 * Two passes: the markers, then the accounting over the jobs.
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_jobs_compute(struct lttr_trace *t, struct lttr_jobs **out,
		      struct lttr_error *err);

/**
 * lttr_jobs_compute_query() - lttr_jobs_compute() with a query
 * @t: the trace
 * @q: the query (NULL: markers only)
 * @out: receives the result (free with lttr_jobs_free())
 * @err: receives the error
 *
 * With @q->periodic a first pass is the timer latency analysis'
 * (lttr_timing_compute(), LTTR_TIMING_TIMER, every instance).
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_jobs_compute_query(struct lttr_trace *t, const struct lttr_jobs_query *q,
			    struct lttr_jobs **out, struct lttr_error *err);

/**
 * lttr_jobs_deadline() - mark the jobs whose response exceeds a deadline
 * @j: the result
 * @deadline_ns: the deadline of every job (0: none, clears the marks of
 *	the markers' jobs; the periodic tasks' jobs have their own period,
 *	struct lttr_job's @period_ns)
 *
 * Return: the number of misses.
 */
size_t lttr_jobs_deadline(struct lttr_jobs *j, uint64_t deadline_ns);

/**
 * lttr_job_interference_ns() - a job's interference: its response less its
 * execution (runnable + irq + softirq + blocked + unknown), the column the
 * views' tables show
 * @jb: the job
 *
 * Return: the nanoseconds.
 */
uint64_t lttr_job_interference_ns(const struct lttr_job *jb);

/**
 * struct lttr_job_column - the instances of a name that one column of a
 * jobs graph stands for (lttr_jobs_columns())
 * @first: its first instance (0: the name's first job)
 * @count: its instances, @first to @first + @count - 1
 * @job: the one drawn, an index in struct lttr_jobs's @jobs: the longest
 *	response among the column's misses when it has one, else the
 *	longest response (the earliest of equals); a click on the column
 *	shows it
 * @misses: of @count, the misses (the column is drawn red when any)
 */
struct lttr_job_column {
	size_t first;
	size_t count;
	size_t job;
	size_t inst;
	size_t misses;
};

/**
 * lttr_jobs_columns() - the columns of a jobs graph of one name: one per
 * instance while they fit, else @max columns of instances in time order,
 * each the same number of instances to one (column c: instances
 * count * c / @max to count * (c + 1) / @max - 1), so that thousands of
 * jobs stay readable and clickable and no miss is lost
 * @j: the result (lttr_jobs_deadline() marked the misses)
 * @name: the name (index in @j->names)
 * @max: the columns the graph has room for (at least 1)
 * @cols: receives @max entries at most (the caller's array)
 *
 * Return: the columns filled (the name's count when it is at most @max).
 */
size_t lttr_jobs_columns(const struct lttr_jobs *j, size_t name, size_t max,
			 struct lttr_job_column *cols);

/**
 * lttr_jobs_column_of() - the column of an instance in lttr_jobs_columns()'s
 * layout
 * @count: the name's instances
 * @max: the columns, as given to lttr_jobs_columns()
 * @inst: the instance (0: the first)
 *
 * Return: its column.
 */
size_t lttr_jobs_column_of(size_t count, size_t max, size_t inst);

/** lttr_jobs_free() - release a result @j: the result or NULL */
void lttr_jobs_free(struct lttr_jobs *j);

/**
 * lttr_job_warn_name() - the short name of a warning kind
 * @kind: enum lttr_job_warn
 *
 * Return: "no_end", "no_begin", "nested", "exited", "bad_name",
 * "one_release", "period_change".
 */
const char *lttr_job_warn_name(unsigned int kind);

/**
 * lttr_job_warn_text() - a warning in words, the same in every front end
 * @j: the result (its accounting's process names and trace start)
 * @w: the warning
 * @buf: receives the text (no trailing newline)
 * @size: its size
 */
void lttr_job_warn_text(const struct lttr_jobs *j, const struct lttr_job_warning *w,
			char *buf, size_t size);

#endif /* LTTR_JOBS_H */
