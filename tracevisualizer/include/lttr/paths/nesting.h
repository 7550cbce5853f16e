/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/paths/nesting.h - the nesting algorithm of Aguilera et al. (SOSP
 * 2003, section 5.1 and Figure 4) for RPC-style messages:
 *
 *  1. FindCallPairs: a return is matched with the earliest open call of
 *     the same caller, callee and id (a call pair);
 *  2. its candidate parents are the call pairs into its caller that were
 *     open when its return arrived and began before it was made;
 *  3. ScoreNestings: a scoreboard of (parent's caller, caller, callee,
 *     delay between the two calls in logarithmic bins) gets
 *     1/|candidates| for each candidate;
 *  4. FindNestedPairs: each call pair, in call order, takes the candidate
 *     of the highest score times the penalties (1 + c)^-x for its
 *     children already chosen that overlap it in time, (1 + c)^-y for
 *     those to the same callee and (1 + c)^-z for all of them; a tie goes
 *     to the earliest candidate;
 *  5. call pairs without candidates start paths (lttr/paths/pattern.h).
 *
 * Ours (@task_hint): in a trace, the candidates of a call made by a task
 * that itself received some of them are those.
 *
 * Times are each node's own: a call pair's parent began when its caller
 * received the parent call, its delay is from then to when the caller
 * sent it, and the candidates' test compares the child's call and return
 * as the caller sent and received them.  With one time per message (the
 * abstract format, pcap) this is the paper's algorithm to the letter.
 */
#ifndef LTTR_PATHS_NESTING_H
#define LTTR_PATHS_NESTING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <lttr/paths/message.h>

#define LTTR_NO_PAIR	SIZE_MAX

/**
 * struct lttr_nest_opts - the algorithm's parameters
 * @x: exponent of the overlapping-child penalty (paper: about 2)
 * @y: exponent of the same-child penalty (paper: 0)
 * @z: exponent of the generic-child penalty (paper: 0)
 * @bin_base: ratio of one delay bin to the next (paper: 1.05)
 * @bin_min_ns: the first bin's upper bound: delays below it share bin 0
 *	(the paper's bins start at 1 ms; a kernel trace resolves
 *	microseconds, so 1 us here)
 * @nbins: bins per histogram (the last holds every longer delay)
 * @skew_ns: skew window: the comparisons of times of different nodes'
 *	clocks are loosened by this much (0: exact): a return's order with
 *	its call's, and, for messages of one time (LTTR_MSG_ONE_TIME), a
 *	child's call with its candidate parents' (with two times the
 *	candidates' tests compare times of the caller's own clock)
 * @smooth_bins: the histograms are convolved with a Gaussian of this
 *	standard deviation in bins before the parents are chosen (0: not)
 * @task_hint: ours, for traces: when the task that made a call is known
 *	and some candidate parents were received by that very task, only
 *	those are candidates (a thread-per-request server is then never
 *	confused between the requests it serves at once); without tasks
 *	(the abstract format, pcap) it changes nothing
 */
struct lttr_nest_opts {
	double x;
	double y;
	double z;
	double bin_base;
	uint64_t bin_min_ns;
	unsigned int nbins;
	uint64_t skew_ns;
	double smooth_bins;
	bool task_hint;
};

/**
 * lttr_nest_defaults() - the paper's recommended parameters
 * @o: receives them (x 2, y 0, z 0, bins of 1.05 from 1 us, 512 bins,
 *	no skew window, no smoothing), and the task hint on
 */
void lttr_nest_defaults(struct lttr_nest_opts *o);

/**
 * struct lttr_callpair - a call and its return
 * @call_send: the caller sent the call
 * @call_recv: the callee received it
 * @ret_send: the callee sent the return
 * @ret_recv: the caller received it
 * @id: the call id
 * @caller: the node that called
 * @callee: the node called
 * @call_msg: the call's index in the message set
 * @ret_msg: the return's
 * @parent: the chosen parent (a call pair's index), LTTR_NO_PAIR for a
 *	call pair without candidates: it starts a path
 * @first_child: its first child in call order, LTTR_NO_PAIR: none
 * @next_sibling: the next child of its parent, LTTR_NO_PAIR: the last
 * @one_time: its call (1) and its return (2) have one time each
 *	(LTTR_MSG_ONE_TIME): their times are not the callee's clock
 * @ncand: its candidate parents
 * @cand: where they are in struct lttr_nesting.cand (sorted by the
 *	time their call was received)
 */
struct lttr_callpair {
	uint64_t call_send;
	uint64_t call_recv;
	uint64_t ret_send;
	uint64_t ret_recv;
	uint64_t id;
	uint32_t caller;
	uint32_t callee;
	size_t call_msg;
	size_t ret_msg;
	size_t parent;
	size_t first_child;
	size_t next_sibling;
	uint8_t one_time;
	uint32_t ncand;
	size_t cand;
};

/**
 * struct lttr_nesting - result of lttr_nesting_run()
 * @npairs: call pairs
 * @pairs: the call pairs, in the order of their calls
 * @ncand: entries of @cand
 * @cand: the candidate parents of every call pair (indexes of @pairs)
 * @unmatched_calls: calls without a return (discarded)
 * @unmatched_rets: returns without a call (discarded)
 * @roots: call pairs without candidates
 * @histograms: scoreboard histograms ((parent's caller, caller, callee)
 *	triples seen)
 * @opts: the parameters used
 */
struct lttr_nesting {
	size_t npairs;
	struct lttr_callpair *pairs;
	size_t ncand;
	size_t *cand;
	uint64_t unmatched_calls;
	uint64_t unmatched_rets;
	size_t roots;
	size_t histograms;
	struct lttr_nest_opts opts;
};

/**
 * lttr_nesting_run() - the nesting algorithm over a set of messages
 * @s: the messages (sorted by lttr_msgset_sort())
 * @o: the parameters (NULL: lttr_nest_defaults())
 * @out: receives the result (free with lttr_nesting_free())
 * @err: receives the error
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_nesting_run(const struct lttr_msgset *s, const struct lttr_nest_opts *o,
		     struct lttr_nesting **out, struct lttr_error *err);

/** lttr_nesting_free() - release a result @n: the result or NULL */
void lttr_nesting_free(struct lttr_nesting *n);

/**
 * lttr_nesting_parallelism() - the mean number of candidate parents of
 * the call pairs that have any (the paper's per-node parallelism)
 * @n: the result
 *
 * Return: the mean, 0 when no call pair has a candidate.
 */
double lttr_nesting_parallelism(const struct lttr_nesting *n);

#endif /* LTTR_PATHS_NESTING_H */
