/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/paths/pattern.h - causal path patterns (Aguilera et al. 5.1.1.4,
 * FindCallPaths): every call pair that the nesting algorithm left without
 * a parent starts a path, an ordered tree of nodes (children in call
 * order); paths of the same shape and names are one pattern, with its
 * count and, per node of the tree, the distributions of its latency and
 * of its call delay.
 *
 * A path's first node is the caller of its first call pair (no latency).
 * A node's latency is the time its call spent at its node, from the call
 * received to the return sent, calls it made included; its call delay is
 * the time from its parent's call received to this call sent, at the
 * parent's node (0 for the first call); its transit is the time its call
 * and its return spent between the two nodes.
 */
#ifndef LTTR_PATHS_PATTERN_H
#define LTTR_PATHS_PATTERN_H

#include <stddef.h>
#include <stdint.h>
#include <lttr/analysis/latency.h>
#include <lttr/model/blockreason.h>
#include <lttr/paths/nesting.h>

#define LTTR_PNODE_ROOT	UINT32_MAX

/**
 * struct lttr_hop_split - where a call's time at its node went, from the
 * accounting of the task that received it (lttr/paths/explain.h)
 * @known: the split is known (a trace with the task's scheduling)
 * @oncpu_ns: the task ran
 * @runnable_ns: it was ready but not running
 * @blocked_ns: it was blocked, by reason
 * @other_ns: the rest (the task was not known at times: before it began,
 *	its state unknown while a CPU had no data, LTTR_TS_UNKNOWN)
 */
struct lttr_hop_split {
	uint64_t known;
	uint64_t oncpu_ns;
	uint64_t runnable_ns;
	uint64_t blocked_ns[LTTR_BLOCK_COUNT];
	uint64_t other_ns;
};

/**
 * struct lttr_pnode - one node of a pattern's tree
 * @node: its name (an index of the message set's nodes)
 * @parent: its parent in the pattern's @nodes, LTTR_PNODE_ROOT for the
 *	first (the path's caller)
 * @depth: 0 for the first node
 * @latency: latencies (none for the first node)
 * @delay: call delays
 * @transit_ns: the transit times summed (call and return)
 * @negative: latencies or delays below zero (clock skew), counted as 0
 * @split: the latencies split by the callee task's state, summed over
 *	the instances whose split is known (@split.known of them)
 * @latency_p50_ns: the median latency, exactly: the one of rank
 *	ceil(count / 2) in increasing order (nearest rank)
 * @latency_p90_ns: the 90th percentile, rank ceil(0.9 count)
 * @delay_p50_ns: the median call delay (nearest rank)
 * @delay_p90_ns: the 90th percentile of the call delays
 * @rep: the representative instance of this node: the call pair (an index
 *	of the nesting's pairs) whose latency is @latency_p50_ns, the earliest
 *	call of those when several are; LTTR_NO_PAIR for the first node
 *	(no call: its pattern's @rep stands for it)
 */
struct lttr_pnode {
	uint32_t node;
	uint32_t parent;
	uint32_t depth;
	struct lttr_lat latency;
	struct lttr_lat delay;
	uint64_t transit_ns;
	uint64_t negative;
	struct lttr_hop_split split;
	uint64_t latency_p50_ns;
	uint64_t latency_p90_ns;
	uint64_t delay_p50_ns;
	uint64_t delay_p90_ns;
	size_t rep;
};

/**
 * struct lttr_pattern - a causal path pattern
 * @nnodes: nodes of its tree
 * @nodes: the tree, in preorder (children in call order)
 * @count: the paths of this pattern
 * @total_ns: their latencies summed, as their first caller saw them
 *	(the first call sent to its return received)
 * @key: its shape and names as text, "A(B(C,D))"
 * @rep: its representative path: the first call pair of the path whose
 *	latency (as the first caller saw it) is the median of the pattern's
 *	(nearest rank, the earliest path of those when several are)
 */
struct lttr_pattern {
	size_t nnodes;
	struct lttr_pnode *nodes;
	uint64_t count;
	uint64_t total_ns;
	char *key;
	size_t rep;
};

/**
 * enum lttr_pattern_sort - the order of the patterns
 * @LTTR_SORT_COUNT: most paths first
 * @LTTR_SORT_LATENCY: largest total latency first
 */
enum lttr_pattern_sort {
	LTTR_SORT_COUNT,
	LTTR_SORT_LATENCY,
};

/**
 * struct lttr_patterns - result of lttr_patterns_build()
 * @n: patterns
 * @v: the patterns, sorted
 * @paths: paths in all (call pairs without a parent)
 * @pairs: call pairs on the paths
 */
struct lttr_patterns {
	size_t n;
	struct lttr_pattern *v;
	uint64_t paths;
	uint64_t pairs;
};

/**
 * lttr_patterns_build() - FindCallPaths: the path patterns of a nesting
 * @s: the messages (for the node names of the keys)
 * @n: the nesting algorithm's result
 * @split: per call pair of @n, where its time at its callee went (NULL:
 *	not known)
 * @sort: enum lttr_pattern_sort (ties: by key)
 * @out: receives the patterns (free with lttr_patterns_free())
 * @err: receives the error
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_patterns_build(const struct lttr_msgset *s, const struct lttr_nesting *n,
			const struct lttr_hop_split *split, unsigned int sort,
			struct lttr_patterns **out, struct lttr_error *err);

/** lttr_patterns_free() - release a result @p: the result or NULL */
void lttr_patterns_free(struct lttr_patterns *p);

/**
 * lttr_pattern_mean() - a pattern's mean latency as its first caller saw it
 * @pt: the pattern
 *
 * Return: @pt->total_ns / @pt->count rounded down, 0 without paths.
 */
uint64_t lttr_pattern_mean(const struct lttr_pattern *pt);

/**
 * lttr_pnode_transit_mean() - the mean transit of a node's call and
 * return between the two nodes
 * @pn: the node (not the first: it has no call)
 *
 * Return: @pn->transit_ns / @pn->latency.count rounded down, 0 without
 * instances.
 */
uint64_t lttr_pnode_transit_mean(const struct lttr_pnode *pn);

/**
 * lttr_hop_split_mean() - one call's mean split: each figure of a node's
 * summed split (struct lttr_pnode.split) divided by its @known instances
 * @sum: the sums
 * @mean: receives the means in ns (rounded down), @known copied; all 0
 *	when no instance is known
 */
void lttr_hop_split_mean(const struct lttr_hop_split *sum, struct lttr_hop_split *mean);

/**
 * lttr_pattern_key_of() - the key of the path a call pair starts
 * @s: the messages
 * @n: the nesting
 * @root: a call pair without parent
 *
 * Return: a malloc'ed key ("A(B(C,D))"), or NULL when out of memory.
 */
char *lttr_pattern_key_of(const struct lttr_msgset *s, const struct lttr_nesting *n,
			  size_t root);

#endif /* LTTR_PATHS_PATTERN_H */
