/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/paths/explain.h - where each call's time at its callee went, from
 * the trace's time accounting (lttr/analysis/account.h): the task that
 * received the call, from then until the return was sent, split into
 * on-CPU, runnable and blocked by reason (what no black-box tool can
 * tell).  The call's transit is in its pattern node (struct lttr_pnode).
 */
#ifndef LTTR_PATHS_EXPLAIN_H
#define LTTR_PATHS_EXPLAIN_H

#include <lttr/paths/message.h>
#include <lttr/paths/nesting.h>
#include <lttr/paths/pattern.h>

struct lttr_trace;

/**
 * lttr_paths_explain() - the split of every call pair's latency
 * @t: the trace the messages came from (lttr_msgs_from_trace())
 * @s: the messages
 * @n: the nesting algorithm's result
 * @progress: told how far the accounting's pass is (may be NULL)
 * @arg: its argument
 * @out: receives an array of @n->npairs splits (free() it); a call pair
 *	whose callee task is not known (a message from outside the trace)
 *	has .known 0
 * @err: receives the error (LTTR_E_CANCELED when @progress asked)
 *
 * One pass of the accounting over the trace, its task states kept for the
 * tasks that received calls.
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_paths_explain(struct lttr_trace *t, const struct lttr_msgset *s,
		       const struct lttr_nesting *n, lttr_paths_progress_fn progress, void *arg,
		       struct lttr_hop_split **out, struct lttr_error *err);

struct lttr_sync_model;

/**
 * lttr_paths_explain_hosts() - lttr_paths_explain() of the messages of
 *	several hosts' traces on one clock (lttr_msgs_from_hosts())
 * @t: the traces, one per host, host 0 the reference
 * @nt: how many
 * @hosts: the prefixes of their nodes given to lttr_msgs_from_hosts()
 * @model: the clock model (every host synchronised)
 * @s: the messages
 * @n: the nesting algorithm's result
 * @out: receives an array of @n->npairs splits (free() it)
 * @err: receives the error
 *
 * A call pair's callee is the node "HOST:...": its latency (its receive
 * to its return's send, on the reference's clock) is split by its task's
 * states in that host's trace, put on the reference's clock (rounded to
 * the ns, as the messages' times), one pass of the accounting per host
 * with a callee; the split adds up to the latency.  Both ends are on one
 * host: the split carries no clock model's error but its drift's over the
 * latency (the transits carry the accuracy, lttr_msgs_from_hosts()).
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_paths_explain_hosts(struct lttr_trace **t, size_t nt, const char *const *hosts,
			     const struct lttr_sync_model *model, const struct lttr_msgset *s,
			     const struct lttr_nesting *n, struct lttr_hop_split **out,
			     struct lttr_error *err);

#endif /* LTTR_PATHS_EXPLAIN_H */
