/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/analysis/explain-hosts.h - a wait of a task explained across the
 * hosts of a merged set (lttr/sync/clocksync.h): the critical path of the
 * wait across hosts (lttr_critpath_hosts()), and each message from another
 * host on it with who sent it and when, on the reference's clock, and
 * what the clock model can promise of it: the error of the two conversions
 * (each host's accuracy), and whether the clocks alone order the send
 * before the wakeup.  Definitions in docs/multihost.md.
 */
#ifndef LTTR_EXPLAIN_HOSTS_H
#define LTTR_EXPLAIN_HOSTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <lttr/analysis/critpath.h>
#include <lttr/analysis/explain.h>
#include <lttr/reader/error.h>

struct lttr_trace;
struct lttr_sync_model;

/**
 * struct lttr_xh_msg - a message from another host on a path across hosts
 * @step: its step in the path's @step
 * @host: the receiver's host
 * @pid: the receiver (the blocked task)
 * @peer_host: the sender's host
 * @peer_pid: the sender
 * @send_ns: the send (its system call entered), on the reference's clock
 * @recv_ns: the receive (its system call returned), on the reference's clock
 * @wake_ns: the receiver's wakeup, on the reference's clock
 * @transit_ns: @wake_ns - @send_ns (0 for an anomaly)
 * @error_ns: the bound of the error of @transit_ns the model gives: the
 *	accuracy of @host plus that of @peer_host (0 for the reference),
 *	rounded up; the true transit is within @transit_ns +- @error_ns
 * @uncertain: @transit_ns <= @error_ns: the clocks alone cannot order the
 *	send before the wakeup (the matching of the bytes does), and the
 *	split between the sender's part and the transit is uncertain by up
 *	to @error_ns
 * @anomaly: the send is at or after the wakeup on the corrected clocks
 *	(the step's anomaly: the block was left the receiver's)
 */
struct lttr_xh_msg {
	size_t step;
	uint32_t host;
	uint32_t pid;
	uint32_t peer_host;
	uint32_t peer_pid;
	uint64_t send_ns;
	uint64_t recv_ns;
	uint64_t wake_ns;
	uint64_t transit_ns;
	uint64_t error_ns;
	bool uncertain;
	bool anomaly;
};

/**
 * struct lttr_xh_span - an interval of a task explained across hosts
 * @path: its critical path across hosts (times on the reference's clock)
 * @nmsg: entries of @msg
 * @msg: the messages from other hosts on it, in the order of its steps
 * @uncertain: messages of @msg with @uncertain
 * @error_ns: the greatest accuracy of a host on the path (0: the path
 *	stays on the reference): its times on other hosts are within
 *	+- that of the truth on the reference's clock
 */
struct lttr_xh_span {
	struct lttr_critpath *path;
	size_t nmsg;
	struct lttr_xh_msg *msg;
	uint64_t uncertain;
	uint64_t error_ns;
};

/**
 * lttr_explain_span_hosts() - an interval of a task explained across hosts
 * @t: the traces, one per host, host 0 the reference
 * @n: how many
 * @model: their clock model (every host synchronised)
 * @host: the task's host
 * @pid: the task
 * @from_ns: the interval's start, on the reference's clock
 * @to_ns: its end, on the reference's clock
 * @out: receives the result (lttr_xh_span_free())
 * @err: receives the error
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_explain_span_hosts(struct lttr_trace **t, size_t n, const struct lttr_sync_model *model,
			    size_t host, uint32_t pid, uint64_t from_ns, uint64_t to_ns,
			    struct lttr_xh_span **out, struct lttr_error *err);

/** lttr_xh_span_free() - release a result @s: the result or NULL */
void lttr_xh_span_free(struct lttr_xh_span *s);

/**
 * struct lttr_explain_at_hosts - a task's state at a time, explained
 *	across hosts
 * @host: the task's host
 * @at_ns: the time asked, on the reference's clock
 * @start_ns: the state's start, on the reference's clock
 * @end_ns: its end, on the reference's clock
 * @at: the state on the host's own trace (lttr_explain_at(), its times on
 *	the host's clock; its @path, the critical path within the host, is
 *	replaced by @span)
 * @span: LTTR_CP_BLOCKED and ended: the block [@start_ns, @end_ns]
 *	explained across hosts; NULL otherwise
 */
struct lttr_explain_at_hosts {
	size_t host;
	uint64_t at_ns;
	uint64_t start_ns;
	uint64_t end_ns;
	struct lttr_explain_at *at;
	struct lttr_xh_span *span;
};

/**
 * lttr_explain_at_hosts() - the state of a task at a time, across hosts
 * @t: the traces, one per host, host 0 the reference
 * @n: how many
 * @model: their clock model (every host synchronised)
 * @host: the task's host
 * @pid: the task
 * @at_ns: the time, on the reference's clock (absolute)
 * @out: receives the result (lttr_explain_at_hosts_free())
 * @err: receives the error (LTTR_E_INVAL: a host out of range or not
 *	synchronised, no such task then)
 *
 * lttr_explain_at() on the host's trace at @at_ns on its clock; a block
 * that ended is explained by lttr_explain_span_hosts() over it.
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_explain_at_hosts(struct lttr_trace **t, size_t n, const struct lttr_sync_model *model,
			  size_t host, uint32_t pid, uint64_t at_ns,
			  struct lttr_explain_at_hosts **out, struct lttr_error *err);

/** lttr_explain_at_hosts_free() - release a result @r: the result or NULL */
void lttr_explain_at_hosts_free(struct lttr_explain_at_hosts *r);

/**
 * lttr_sync_accuracy_ns() - the accuracy of @host against the reference
 *	(struct lttr_sync_host), in whole ns rounded up (0 for the reference)
 * @model: the model
 * @host: the host
 *
 * Return: the accuracy.
 */
uint64_t lttr_sync_accuracy_ns(const struct lttr_sync_model *model, size_t host);

#endif /* LTTR_EXPLAIN_HOSTS_H */
