/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/output/json-timing.h - JSON forms of the latency analyses, the
 * explanations and the critical path (docs/json-schema.md).
 */
#ifndef LTTR_JSON_TIMING_H
#define LTTR_JSON_TIMING_H

#include <lttr/analysis/critpath.h>
#include <lttr/analysis/distribution.h>
#include <lttr/analysis/explain.h>
#include <lttr/analysis/timing.h>
#include <lttr/output/json.h>

struct lttr_trace;
struct lttr_account;

/**
 * lttr_json_dist() - a distribution: count, total, min, max, mean, the
 * percentiles, the standard deviation and the log2 histogram
 * @j: the writer
 * @d: the distribution
 */
void lttr_json_dist(struct lttr_json *j, const struct lttr_dist *d);

/**
 * lttr_json_waker() - a waker (null when unknown)
 * @j: the writer
 * @t: the trace (irq names)
 * @a: the accounting (task names), or NULL
 * @w: the waker
 */
void lttr_json_waker(struct lttr_json *j, const struct lttr_trace *t,
		     const struct lttr_account *a, const struct lttr_waker *w);

/**
 * lttr_json_explanation() - an explanation: its items and totals
 * @j: the writer
 * @t: the trace
 * @a: the accounting (task names), or NULL
 * @e: the explanation
 */
void lttr_json_explanation(struct lttr_json *j, const struct lttr_trace *t,
			   const struct lttr_account *a,
			   const struct lttr_explanation *e);

/* the explanation of an instance printed by lttr_json_timing(), or NULL */
typedef const struct lttr_explanation *(*lttr_json_explain_fn)(
	void *arg, const struct lttr_timing_inst *in);

/**
 * lttr_json_timing_inst() - an instance
 * @j: the writer
 * @t: the trace
 * @r: the result it belongs to
 * @in: the instance
 * @e: its explanation, or NULL
 */
void lttr_json_timing_inst(struct lttr_json *j, const struct lttr_trace *t,
			   const struct lttr_timing *r,
			   const struct lttr_timing_inst *in,
			   const struct lttr_explanation *e);

/**
 * lttr_json_timing() - the members of a latency result (in an open
 * object): kind, window, threshold, groups with their worst instances,
 * the instances over the threshold, every instance when kept
 * @j: the writer
 * @t: the trace
 * @r: the result
 * @explain: gives the explanation of an instance (may be NULL)
 * @arg: its argument
 */
void lttr_json_timing(struct lttr_json *j, const struct lttr_trace *t,
		      const struct lttr_timing *r, lttr_json_explain_fn explain,
		      void *arg);

/**
 * lttr_json_critpath_hosts() - a critical path across hosts
 *	(lttr_critpath_hosts()): its segments, steps and totals, each with
 *	its host, the sums per state and the anomalies
 * @j: the writer
 * @hosts: the hosts' names (@cp->nhosts)
 * @cp: the path
 */
void lttr_json_critpath_hosts(struct lttr_json *j, const char *const *hosts,
			      const struct lttr_critpath *cp);

struct lttr_xh_span;
struct lttr_explain_at_hosts;

/**
 * lttr_json_xh_span() - an interval explained across hosts
 *	(lttr_explain_span_hosts()): "critical_path" (as
 *	lttr_json_critpath_hosts()), "messages" (each message from another
 *	host on it: receiver, sender, send, receive and wakeup on the
 *	reference's clock, transit, its error bound, "uncertain"),
 *	"uncertain" (their count) and "error_ns" (the greatest accuracy of a
 *	host on the path)
 * @j: the writer
 * @hosts: the hosts' names
 * @s: the result
 */
void lttr_json_xh_span(struct lttr_json *j, const char *const *hosts,
		       const struct lttr_xh_span *s);

/**
 * lttr_json_explain_at_hosts() - a task's state at a time explained across
 *	hosts (lttr_explain_at_hosts()): its host, the times on the
 *	reference's clock, "on_host" (lttr_json_explain_at() on the host's
 *	trace, its own clock) and "across" (lttr_json_xh_span(), or null)
 * @j: the writer
 * @hosts: the hosts' names
 * @th: the task's host's trace
 * @r: the result
 */
void lttr_json_explain_at_hosts(struct lttr_json *j, const char *const *hosts,
				const struct lttr_trace *th, const struct lttr_explain_at_hosts *r);

/**
 * lttr_json_critpath() - a critical path: its segments and totals
 * @j: the writer
 * @t: the trace
 * @a: the accounting (task names)
 * @cp: the path
 */
void lttr_json_critpath(struct lttr_json *j, const struct lttr_trace *t,
			const struct lttr_account *a, const struct lttr_critpath *cp);

/**
 * lttr_json_explain_at() - a task's state at a time, explained
 * @j: the writer
 * @t: the trace
 * @r: the result
 */
void lttr_json_explain_at(struct lttr_json *j, const struct lttr_trace *t,
			  const struct lttr_explain_at *r);

#endif /* LTTR_JSON_TIMING_H */
