/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/paths/run.h - the causal paths of a set of messages in one call:
 * the nesting algorithm, each call's split by the callee's state (for a
 * trace) and the path patterns; or the convolution algorithm's graph.
 * What the command line's "paths" prints and the front ends show, with
 * the progress of the long passes over a trace told, and canceled.
 */
#ifndef LTTR_PATHS_RUN_H
#define LTTR_PATHS_RUN_H

#include <stdbool.h>
#include <lttr/paths/convolution.h>
#include <lttr/paths/message.h>
#include <lttr/paths/nesting.h>
#include <lttr/paths/pattern.h>

struct lttr_trace;

/**
 * enum lttr_paths_algorithm - which of Aguilera et al.'s algorithms
 * @LTTR_PATHS_NESTING: nesting (RPC-style messages): path patterns
 * @LTTR_PATHS_CONVOLUTION: convolution (any messages): a graph of paths
 */
enum lttr_paths_algorithm {
	LTTR_PATHS_NESTING,
	LTTR_PATHS_CONVOLUTION,
};

/**
 * struct lttr_paths_opts - what to compute
 * @algorithm: enum lttr_paths_algorithm
 * @nest: the nesting algorithm's parameters
 * @conv: the convolution algorithm's
 * @explain: nesting over a trace's messages: split each call's latency
 *	by its callee's state (lttr_paths_explain(), one pass of the
 *	accounting)
 * @sort: enum lttr_pattern_sort
 */
struct lttr_paths_opts {
	unsigned int algorithm;
	struct lttr_nest_opts nest;
	struct lttr_conv_opts conv;
	bool explain;
	unsigned int sort;
};

/**
 * lttr_paths_defaults() - nesting with the paper's parameters
 * (lttr_nest_defaults()), no split, by count; the convolution's defaults
 * (every parameter 0, every root)
 * @o: receives them
 */
void lttr_paths_defaults(struct lttr_paths_opts *o);

/**
 * struct lttr_paths - the result of lttr_paths_run()
 * @algorithm: the algorithm run
 * @nesting: nesting: its call pairs and parents
 * @split: nesting with @explain: per call pair, where its time at its
 *	callee went; NULL without
 * @patterns: nesting: the path patterns, sorted
 * @graph: convolution: its graph
 */
struct lttr_paths {
	unsigned int algorithm;
	struct lttr_nesting *nesting;
	struct lttr_hop_split *split;
	struct lttr_patterns *patterns;
	struct lttr_conv_graph *graph;
};

/**
 * lttr_paths_run() - the paths of a set of messages
 * @t: the trace the messages came from (lttr_msgs_from_trace()), or NULL
 *	(a capture, the abstract format: no split)
 * @s: the messages (sorted)
 * @o: what to compute (NULL: lttr_paths_defaults())
 * @progress: told how far the split's pass over the trace is (may be NULL)
 * @arg: its argument
 * @out: receives the result (free with lttr_paths_free())
 * @err: receives the error (LTTR_E_CANCELED when @progress asked;
 *	LTTR_E_INVAL: bad convolution parameters)
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_paths_run(struct lttr_trace *t, const struct lttr_msgset *s,
		   const struct lttr_paths_opts *o, lttr_paths_progress_fn progress, void *arg,
		   struct lttr_paths **out, struct lttr_error *err);

/**
 * lttr_paths_of_trace() - the messages of a trace (lttr_msgs_from_trace())
 * and their paths (lttr_paths_run()), the progress of both passes told
 * as one (each half of it)
 * @t: the trace
 * @by: enum lttr_node_by: what a node is
 * @o: what to compute (NULL: lttr_paths_defaults())
 * @progress: told how far it is (may be NULL)
 * @arg: its argument
 * @s: receives the messages (free with lttr_msgset_free())
 * @out: receives the paths (free with lttr_paths_free())
 * @err: receives the error (LTTR_E_CANCELED when @progress asked)
 *
 * Return: 0 or a negative enum lttr_errcode (then *@s and *@out are NULL).
 */
int lttr_paths_of_trace(struct lttr_trace *t, unsigned int by, const struct lttr_paths_opts *o,
			lttr_paths_progress_fn progress, void *arg, struct lttr_msgset **s,
			struct lttr_paths **out, struct lttr_error *err);

/** lttr_paths_free() - release a result @p: the result or NULL */
void lttr_paths_free(struct lttr_paths *p);

struct lttr_sync_model;

/**
 * lttr_paths_run_hosts() - lttr_paths_run() of the messages of several
 *	hosts' traces on one clock (lttr_msgs_from_hosts()): with
 *	@o->explain, each call's latency split at its callee's host
 *	(lttr_paths_explain_hosts())
 * @t: the traces, one per host, host 0 the reference
 * @nt: how many
 * @hosts: the prefixes of their nodes given to lttr_msgs_from_hosts()
 * @model: the clock model
 * @s: the messages (sorted)
 * @o: what to compute
 * @out: receives the result (lttr_paths_free())
 * @err: receives the error
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_paths_run_hosts(struct lttr_trace **t, size_t nt, const char *const *hosts,
			 const struct lttr_sync_model *model, const struct lttr_msgset *s,
			 const struct lttr_paths_opts *o, struct lttr_paths **out,
			 struct lttr_error *err);

#endif /* LTTR_PATHS_RUN_H */
