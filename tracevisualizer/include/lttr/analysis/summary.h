/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/analysis/summary.h - the trace analysis pass: counts per type, CPU, process
 * and syscall, and lost events.
 */
#ifndef LTTR_SUMMARY_H
#define LTTR_SUMMARY_H

#include <stdbool.h>
#include <stdint.h>
#include <ltt/ltt-abi.h>
#include <lttr/reader/error.h>
#include <lttr/model/process.h>
#include <lttr/model/sccount.h>

struct lttr_trace;

/**
 * struct lttr_summary_cpu - per-CPU counts
 * @events: events recorded on the CPU
 * @lost: events lost (lost file, else buffer headers)
 * @buffer_lost: sum of the lost counts of its buffer headers
 * @buffers: buffers of the CPU
 * @overwritten: flight recorder: buffers overwritten (not in the trace)
 * @first_ns: time of its first event (0 if none)
 * @last_ns: time of its last event (0 if none)
 */
struct lttr_summary_cpu {
	uint64_t events;
	uint64_t lost;
	uint64_t buffer_lost;
	uint64_t buffers;
	uint64_t overwritten;
	uint64_t first_ns;
	uint64_t last_ns;
};

/**
 * struct lttr_summary_custom - the instances of one custom event type
 * @name: the type's name; NULL for instances of an undeclared type id
 * @type_id: the undeclared id (when @name is NULL), else the id of the
 *	type's first declaration
 * @count: instances (LTT_EV_CUSTOM records with details)
 * @warned: of which shown with a warning (payload not matching the
 *	format, format that cannot decode, undeclared type)
 */
struct lttr_summary_custom {
	char *name;
	uint32_t type_id;
	uint64_t count;
	uint64_t warned;
};

/**
 * struct lttr_summary_mask - a change of the event mask while tracing
 * @time_ns: when (the LTT_EV_CHANGE_MASK record)
 * @cpu: CPU that recorded it
 * @mask: the events recorded from then on
 */
struct lttr_summary_mask {
	uint64_t time_ns;
	uint16_t cpu;
	struct ltt_event_mask mask;
};

/**
 * struct lttr_summary - result of lttr_summary_compute()
 * @total: events read
 * @by_id: events by event id
 * @control: control events
 * @unknown: events of unknown ids (skipped by size)
 * @ncpus: CPUs of the trace
 * @cpu: per-CPU counts
 * @lost_total: events lost on all CPUs
 * @lost_by_id: lost events by id (lost file only)
 * @lost_syscalls: lost syscall entries/exits by number (lost file only)
 * @syscalls: syscall entries/exits by number
 * @first_ns: time of the first event (0 if none)
 * @last_ns: time of the last event (0 if none)
 * @procs: the process table, with per-process events and syscalls
 * @custom: custom event instances by type name (sorted by name, the
 *	undeclared type ids last, by id)
 * @ncustom: entries in @custom
 * @custom_warned: custom event instances shown with a warning
 * @mask_changes: the changes of the event mask, in time order
 * @nmask_changes: entries in @mask_changes
 * @windowed: the summary of a window (lttr_summary_compute_window())
 * @from_ns: its start (absolute)
 * @to_ns: its end
 */
struct lttr_summary {
	uint64_t total;
	uint64_t by_id[LTT_EV_MAX];
	uint64_t control;
	uint64_t unknown;
	unsigned int ncpus;
	struct lttr_summary_cpu cpu[LTT_MAX_CPUS];
	uint64_t lost_total;
	uint64_t lost_by_id[LTT_EV_MAX];
	struct lttr_sccount lost_syscalls;
	struct lttr_sccount syscalls;
	uint64_t first_ns;
	uint64_t last_ns;
	struct lttr_ptable *procs;
	struct lttr_summary_custom *custom;
	size_t ncustom;
	uint64_t custom_warned;
	struct lttr_summary_mask *mask_changes;
	size_t nmask_changes;
	bool windowed;
	uint64_t from_ns;
	uint64_t to_ns;
};

/**
 * lttr_summary_compute() - read the whole trace and count
 * @t: the trace
 * @out: receives the summary
 * @err: receives the error
 *
 * Each CPU's events are read once, sequentially; for traces of 4 MiB or
 * more the CPUs are read on one thread per online processor.  The result
 * (warnings of @t and error messages included) is the same whatever the
 * number of threads.  The environment variable LTTR_THREADS sets that
 * number (1: no thread; 0: no first pass, every record through the
 * generic scan, the reference the tests compare with).  @t must not be
 * used by another thread during the call.
 *
 * Return: 0 or a negative enum lttr_errcode (a malformed record).
 */
int lttr_summary_compute(struct lttr_trace *t, struct lttr_summary **out,
			 struct lttr_error *err);

/**
 * lttr_summary_mask_at() - the event mask in effect at a time
 * @t: the trace (its header holds the mask at the start)
 * @s: its summary
 * @time_ns: the time
 * @mask: receives the mask: the last change at or before @time_ns, else
 *	the header's
 *
 * Tells which events could have been recorded at @time_ns.
 */
void lttr_summary_mask_at(const struct lttr_trace *t,
			  const struct lttr_summary *s, uint64_t time_ns,
			  struct ltt_event_mask *mask);

/**
 * lttr_summary_compute_window() - the counts of a window of the trace
 * @t: the trace
 * @from_ns: the window's start (absolute)
 * @to_ns: its end (absolute; after the trace's end: that end)
 * @out: receives the summary (@windowed set)
 * @err: receives the error
 *
 * The events of [@from_ns, @to_ns) (an event at @to_ns is the next
 * window's, unless @to_ns is the trace's end) are counted: by type, per
 * CPU (first_ns and last_ns the CPU's first and last in the window), per
 * process and syscall, custom instances.  The process table holds the
 * snapshot and the process events up to the window's end (names, forks
 * and exits as they are then); the mask changes are all kept.  Lost
 * events: per CPU those of its gaps that begin in the window or are open
 * at its start (@buffer_lost the buffer headers' part, the rest the lost
 * file's count after the CPU's last buffer); @buffers the buffers holding
 * a part of the window; @lost_by_id and @lost_syscalls, which the lost
 * file counts over the whole trace only, are empty.  Every record goes
 * through the generic scan (no threaded first pass).
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_summary_compute_window(struct lttr_trace *t, uint64_t from_ns,
				uint64_t to_ns, struct lttr_summary **out,
				struct lttr_error *err);

/** lttr_summary_free() - release a summary @s: the summary or NULL */
void lttr_summary_free(struct lttr_summary *s);

#endif /* LTTR_SUMMARY_H */
