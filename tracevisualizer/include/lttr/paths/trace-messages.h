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

#endif /* LTTR_PATHS_TRACE_MESSAGES_H */
