/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/paths/trace-messages.h - messages from a trace's socket events.
 *
 * A socket's endpoints come from the /proc snapshot (sockets open at the
 * start) and from its bind, connect and accept events (format 1.4).  A
 * TCP connection whose two sockets are in the trace is matched by byte
 * offset: the sends of one direction until the other direction sends are
 * one message, sent when the first send's system call began (the send
 * event itself is written when the call returns, after a loopback
 * delivery), received when the receive that reached its last byte
 * returned.  A UDP datagram is matched by order among the datagrams
 * between the same two endpoints (a receive that does not tell its
 * source, on a socket not connected, is from the one endpoint that sent
 * to that socket, when there is one).  The side that connected calls, the
 * side that accepted returns (sockets open at the start: the side of the
 * lower port serves); between UDP endpoints the side that sent first
 * calls.  A message whose other end is not in the trace is kept with one
 * time (LTTR_MSG_SEND_ONLY / _RECV_ONLY), its far node named by its
 * address.
 */
#ifndef LTTR_PATHS_TRACE_MESSAGES_H
#define LTTR_PATHS_TRACE_MESSAGES_H

#include <lttr/paths/message.h>

struct lttr_trace;

/**
 * lttr_msgs_from_trace() - the messages of a trace
 * @t: the trace
 * @by: enum lttr_node_by: what a node is
 * @s: the set the messages are added to (@s->warn: the trace's lost
 *	events, one-sided messages, transfers on sockets of unknown
 *	endpoints)
 * @progress: told how far the pass over the events is (may be NULL)
 * @arg: its argument
 * @err: receives the error (LTTR_E_CANCELED when @progress asked)
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_msgs_from_trace(struct lttr_trace *t, unsigned int by, struct lttr_msgset *s,
			 lttr_paths_progress_fn progress, void *arg, struct lttr_error *err);

struct lttr_sync_msg;
struct lttr_sync_model;

/**
 * lttr_msgs_from_hosts() - the messages of several hosts' traces on one
 * clock (a merged set: lttr/sync/model-json.h), as lttr_msgs_from_trace()
 * finds them in one trace
 * @t: the traces, one per host, host 0 the reference
 * @n: how many
 * @hosts: their names, the prefix of their nodes ("HOST:comm-pid",
 *	"HOST:10.0.1.1"): two hosts may have the same process ids and
 *	addresses (127.0.0.1)
 * @model: the clock model, every host synchronised (else an error)
 * @by: enum lttr_node_by
 * @s: the set the messages are added to
 * @err: receives the error
 *
 * Each trace is scanned as lttr_msgs_from_trace() scans it; the copies of
 * the sends' and receives' times are put on the reference's clock
 * (lttr_sync_to_ref(), rounded to the ns; the traces are not changed).  A
 * TCP connection with its other end in another host's trace (the same two
 * endpoints, crossed, in exactly one other trace) is matched as one of a
 * trace, by byte offset: its messages' transit (receive - send) is the
 * network's and the two kernels', on the corrected clocks.  Other
 * connections and UDP are matched within each trace; an end in no trace
 * makes one-sided messages, its far node named by its address with the
 * prefix of the host that saw it.
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_msgs_from_hosts(struct lttr_trace **t, size_t n, const char *const *hosts,
			 const struct lttr_sync_model *model, unsigned int by,
			 struct lttr_msgset *s, struct lttr_error *err);

/**
 * struct lttr_xmsg_stats - what lttr_msgs_across_traces() could not use
 * @intra: TCP connections with both ends in one trace
 * @unopened: TCP connections to another trace not opened in both traces
 *	(open at the start: their byte offsets are not known from 0)
 * @ambiguous: TCP connections with an end in several traces
 * @unreceived: sends whose bytes the other trace did not receive
 */
struct lttr_xmsg_stats {
	uint64_t intra;
	uint64_t unopened;
	uint64_t ambiguous;
	uint64_t unreceived;
};

/**
 * lttr_msgs_across_traces() - the messages between the hosts of several
 * traces, for the synchronisation of their clocks (lttr/sync/clocksync.h)
 * @t: the traces, one per host (the host of a message is its index)
 * @n: how many
 * @out: receives the messages (malloc'd; free())
 * @nout: receives their number
 * @st: receives what could not be used (may be NULL)
 * @err: receives the error
 *
 * The TCP connections with one end in one trace and the other in another
 * (the same two endpoints, crossed), opened in both (connect and accept
 * seen): each send is matched, by byte offset, to the receive that
 * reached its last byte; the send's time is when its system call began
 * (its host's clock), the receive's when its call returned (the other
 * host's clock).  Nothing compares the times of two traces.
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_msgs_across_traces(struct lttr_trace **t, size_t n, struct lttr_sync_msg **out,
			    size_t *nout, struct lttr_xmsg_stats *st, struct lttr_error *err);

#endif /* LTTR_PATHS_TRACE_MESSAGES_H */
