/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/summary.h - the trace analysis pass: counts per type, CPU, process
 * and syscall, and lost events.
 */
#ifndef LTTR_SUMMARY_H
#define LTTR_SUMMARY_H

#include <stdint.h>
#include <ltt/ltt-abi.h>
#include <lttr/error.h>
#include <lttr/process.h>
#include <lttr/sccount.h>

struct lttr_trace;

/**
 * struct lttr_summary_cpu - per-CPU counts
 * @events: events recorded on the CPU
 * @lost: events lost (lost file, else buffer headers)
 * @buffer_lost: sum of the lost counts of its buffer headers
 * @buffers: buffers of the CPU
 * @first_ns: time of its first event (0 if none)
 * @last_ns: time of its last event (0 if none)
 */
struct lttr_summary_cpu {
	uint64_t events;
	uint64_t lost;
	uint64_t buffer_lost;
	uint64_t buffers;
	uint64_t first_ns;
	uint64_t last_ns;
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
 */
struct lttr_summary {
	uint64_t total;
	uint64_t by_id[LTT_EV_MAX];
	uint64_t control;
	uint64_t unknown;
	unsigned int ncpus;
	struct lttr_summary_cpu cpu[LTT_MAX_CPUS];
	uint64_t lost_total;
	uint64_t lost_by_id[64];
	struct lttr_sccount lost_syscalls;
	struct lttr_sccount syscalls;
	uint64_t first_ns;
	uint64_t last_ns;
	struct lttr_ptable *procs;
};

/**
 * lttr_summary_compute() - read the whole trace and count
 * @t: the trace
 * @out: receives the summary
 * @err: receives the error
 *
 * Return: 0 or a negative enum lttr_errcode (a malformed record).
 */
int lttr_summary_compute(struct lttr_trace *t, struct lttr_summary **out,
			 struct lttr_error *err);

/** lttr_summary_free() - release a summary @s: the summary or NULL */
void lttr_summary_free(struct lttr_summary *s);

#endif /* LTTR_SUMMARY_H */
