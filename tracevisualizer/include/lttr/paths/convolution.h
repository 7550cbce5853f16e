/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/paths/convolution.h - the convolution algorithm of Aguilera et al.
 * (SOSP 2003, section 5.2 and Figure 6) for messages of any kind:
 *
 *  - the messages into a node j along a path (V, at the times j received
 *    them) and all the messages j sent (Z, at the times it sent them)
 *    become signals: per quantum mu, the square root of the number of
 *    messages in it;
 *  - their cross-correlation C(d) (by FFT) has a spike at d when the
 *    messages out of j follow those into it d quanta later: a local
 *    maximum above mean + N sigma of C, two spikes separated by a point
 *    below mean + S sigma, the highest point of a group its position;
 *  - the messages of Z sent d quanta (+- a slack) after one of V, per
 *    destination k, are an edge j -> k with delay d, and the path goes on
 *    from k with them, depth first (FindPathsFromRoot, ProcessNode).
 *
 * Pruning (the paper's 5.2.3 and 7.5.7): an edge with fewer than
 * min_count messages is dropped, and so is an edge that a path has taken
 * already (a cycle); only delays >= 0 are searched.
 */
#ifndef LTTR_PATHS_CONVOLUTION_H
#define LTTR_PATHS_CONVOLUTION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <lttr/paths/message.h>

#define LTTR_CONV_ROOT	UINT32_MAX

/**
 * struct lttr_conv_opts - the algorithm's parameters
 * @quantum_ns: the time quantum mu (0: 1 ms, or longer when the span
 *	needs it: the quantum follows the span)
 * @spike_sigma: N: a spike is above mean + N sigma (0: 4)
 * @valley_sigma: S: spikes are separated by a point below mean + S
 *	sigma (0: 3)
 * @max_delay_ns: the longest delay searched (0: 1 s); the mean and sigma
 *	of C are those of the lags within it, both ways
 * @slack_ns: v: a message of Z is caused when it was sent d quanta +-
 *	this after one of V (0: one quantum)
 * @min_count: edges with fewer messages are pruned (0: 1)
 * @max_depth: the longest path, in edges (0: 16)
 * @root: the node the paths start from; -1: every node whose first
 *	message in the input is one it sent
 */
struct lttr_conv_opts {
	uint64_t quantum_ns;
	double spike_sigma;
	double valley_sigma;
	uint64_t max_delay_ns;
	uint64_t slack_ns;
	uint64_t min_count;
	unsigned int max_depth;
	long root;
};

/**
 * struct lttr_conv_vertex - a vertex of the output graph (a node on a path)
 * @node: its node
 * @parent: the vertex before it, LTTR_CONV_ROOT for a path's start
 * @depth: edges from the path's start
 * @delay_ns: the spike's position: the delay at the parent's node from a
 *	message received to this one sent (0 for the first edge)
 * @mean_ns: the mean of those delays over the edge's messages
 * @count: the messages on the edge into it (for a start: none)
 * @height: the spike's height, in standard deviations above the mean
 */
struct lttr_conv_vertex {
	uint32_t node;
	uint32_t parent;
	uint32_t depth;
	uint64_t delay_ns;
	uint64_t mean_ns;
	uint64_t count;
	double height;
};

/**
 * struct lttr_conv_graph - result of lttr_convolution_run()
 * @nv: vertices
 * @v: the vertices in depth-first order
 * @quantum_ns: mu
 * @signal_len: S = T / mu, the quanta of the input's time span
 * @correlations: cross-correlations computed
 * @pruned_small: edges pruned for too few messages
 * @pruned_cycles: edges pruned as cycles
 * @cut_depth: edges not followed past the longest path
 * @span_ns: T, the time span of the messages (the outliers left out)
 * @quantum_auto: no quantum was given and the span needed a longer one
 *	than 1 ms (the quantum follows the span: docs/paths.md)
 * @outliers: messages left out (LTTR_MSG_OUTLIER)
 * @cut_budget: edges not followed (or vertices not added) once the
 *	bound of the work was reached: the graph is partial
 */
struct lttr_conv_graph {
	size_t nv;
	struct lttr_conv_vertex *v;
	uint64_t quantum_ns;
	size_t signal_len;
	size_t correlations;
	uint64_t pruned_small;
	uint64_t pruned_cycles;
	uint64_t cut_depth;
	uint64_t span_ns;
	bool quantum_auto;
	uint64_t outliers;
	uint64_t cut_budget;
};

/**
 * lttr_convolution_run() - the convolution algorithm over a set of messages
 * @s: the messages (any order)
 * @o: the parameters (NULL: the defaults)
 * @out: receives the graph (free with lttr_conv_graph_free())
 * @err: receives the error (LTTR_E_INVAL: bad parameters, or a quantum
 *	given for which T / mu and the longest lag are beyond 2^21 points;
 *	without one, the quantum follows the span)
 *
 * The messages marked LTTR_MSG_OUTLIER are left out. The work is bounded
 * (docs/paths.md): past 2^27 points correlated in all, or 2^20
 * vertices, the edges are not followed and counted in @cut_budget.
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_convolution_run(const struct lttr_msgset *s, const struct lttr_conv_opts *o,
			 struct lttr_conv_graph **out, struct lttr_error *err);

/**
 * lttr_conv_warnings() - what makes a graph unsure or partial, one
 * sentence each (a quantum chosen for the span, the bound of the work
 * reached), for a front end to print or show beside it
 * @g: the graph
 * @out: receives up to @max sentences (NULL: only count)
 * @max: room in @out
 *
 * Return: the number of sentences (may exceed @max).
 */
size_t lttr_conv_warnings(const struct lttr_conv_graph *g, char (*out)[LTTR_MSG_WARNING_LEN],
			  size_t max);

/** lttr_conv_graph_free() - release a graph @g: the graph or NULL */
void lttr_conv_graph_free(struct lttr_conv_graph *g);

/**
 * lttr_conv_leaf() - whether a vertex ends a path (no vertex follows it)
 * @g: the graph
 * @i: the vertex
 *
 * Return: 1 or 0.
 */
int lttr_conv_leaf(const struct lttr_conv_graph *g, size_t i);

#endif /* LTTR_PATHS_CONVOLUTION_H */
