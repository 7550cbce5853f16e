/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/sync/clocksync.h - the clocks of traces from several machines on
 * one clock (docs/multihost.md).
 *
 * Between two hosts A and B, B's clock is taken as a linear function of
 * A's: t_B = a + b * t_A (an offset and a drift).  A message sent by A at
 * s (A's clock) and received by B at r (B's clock) was received after it
 * was sent: r >= a + b * s, the point (s, r) is above the line; a message
 * from B to A, sent at s' (B) and received at r' (A), puts (r', s') below
 * it.  Every line between the lower convex hull of the first set and the
 * upper convex hull of the second agrees with all the messages (Duda et
 * al., the convex-hull method of Trace Compass and LTTng); the lines of
 * the least and the greatest slope bound them, and the estimate is their
 * bisector (the mean of their offsets and slopes, itself such a line).
 * The bounds of B's time for an A time are the least and greatest value
 * any agreeing line gives there, at the two ends of the pair's span.
 *
 * More than two hosts: a spanning tree from the first host (the
 * reference), each step the pair of the narrowest bounds (then the most
 * messages) joining a host not yet synchronised.
 */
#ifndef LTTR_SYNC_CLOCKSYNC_H
#define LTTR_SYNC_CLOCKSYNC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <lttr/reader/error.h>

/**
 * struct lttr_sync_msg - one message between two hosts
 * @src: the host that sent it (an index of the hosts)
 * @dst: the host that received it
 * @send_ns: when it was sent, on @src's clock
 * @recv_ns: when it was received, on @dst's clock
 */
struct lttr_sync_msg {
	uint32_t src;
	uint32_t dst;
	uint64_t send_ns;
	uint64_t recv_ns;
};

/* the fewest messages each way that a pair is synchronised on */
#define LTTR_SYNC_MIN_MSGS	2
/* the most messages of a pair dropped as contradicting: 1 in this many
 * (at least one); more, and the pair is refused */
#define LTTR_SYNC_DROP_RATIO	20
/* the contradicting messages a pair's result names */
#define LTTR_SYNC_MAX_NAMED	8

/**
 * enum lttr_sync_state - the outcome of a pair
 * @LTTR_SYNC_OK: synchronised (perhaps after dropping contradictions)
 * @LTTR_SYNC_TOO_FEW: fewer than LTTR_SYNC_MIN_MSGS messages one way
 * @LTTR_SYNC_CONTRADICT: no line agrees with the messages, even after
 *	dropping the most that may be dropped
 * @LTTR_SYNC_UNBOUNDED: the messages do not bound the drift (all at
 *	nearly one time, or a drift beyond +-10 %)
 */
enum lttr_sync_state {
	LTTR_SYNC_OK,
	LTTR_SYNC_TOO_FEW,
	LTTR_SYNC_CONTRADICT,
	LTTR_SYNC_UNBOUNDED,
};

/**
 * struct lttr_sync_pair - the clock of host @b as a function of host @a's
 * @a: the first host
 * @b: the second
 * @n_ab: messages from @a to @b
 * @n_ba: messages from @b to @a
 * @state: enum lttr_sync_state
 * @offset_ns: the estimate, t_b = @offset_ns + @slope * t_a
 * @slope: its slope (1 + drift)
 * @slope_lo: the least slope of a line agreeing with the messages
 * @slope_hi: the greatest
 * @span_lo: the pair's span on @a's clock (its first and last message)
 * @span_hi:
 * @lo_at_start: at @span_lo, the least time of @b an agreeing line gives
 * @hi_at_start: the greatest
 * @lo_at_end: the same at @span_hi
 * @hi_at_end:
 * @width_ns: the wider of the two intervals (the accuracy: the estimate
 *	and the truth are both in it)
 * @ndropped: messages dropped as contradicting the others
 * @dropped: the first LTTR_SYNC_MAX_NAMED of them (indexes of the
 *	messages given to lttr_sync_hosts(); for LTTR_SYNC_CONTRADICT, the
 *	messages that contradict)
 */
struct lttr_sync_pair {
	uint32_t a;
	uint32_t b;
	size_t n_ab;
	size_t n_ba;
	int state;
	double offset_ns;
	double slope;
	double slope_lo;
	double slope_hi;
	uint64_t span_lo;
	uint64_t span_hi;
	double lo_at_start;
	double hi_at_start;
	double lo_at_end;
	double hi_at_end;
	double width_ns;
	size_t ndropped;
	size_t dropped[LTTR_SYNC_MAX_NAMED];
};

/**
 * struct lttr_sync_host - one host's clock against the reference (host 0)
 * @synced: whether it is synchronised (the reference always is)
 * @offset_ns: t_host = @offset_ns + @slope * t_ref
 * @slope: 1 + drift
 * @accuracy_ns: the sum of the widths of the pairs on its way to the
 *	reference (0 for the reference)
 * @pair: the pair it was synchronised through (an index of the model's
 *	@pairs; -1 for the reference or a host not synchronised)
 * @parent: the host it was synchronised to (-1: none)
 */
struct lttr_sync_host {
	bool synced;
	double offset_ns;
	double slope;
	double accuracy_ns;
	long pair;
	long parent;
};

/**
 * struct lttr_sync_model - the clocks of several hosts
 * @nhosts: hosts
 * @hosts: each one's clock
 * @npairs: pairs of hosts with at least one message between them
 * @pairs: each pair's result
 */
struct lttr_sync_model {
	size_t nhosts;
	struct lttr_sync_host *hosts;
	size_t npairs;
	struct lttr_sync_pair *pairs;
};

/**
 * lttr_sync_pair_fit() - the convex-hull estimate of one pair
 * @m: the messages (those between @a and @b are used; others ignored)
 * @n: how many
 * @a: the first host
 * @b: the second
 * @out: the result
 *
 * Return: 0, or -LTTR_E_NOMEM (the state of @out tells whether the pair
 * is synchronised).
 */
int lttr_sync_pair_fit(const struct lttr_sync_msg *m, size_t n, uint32_t a, uint32_t b,
		       struct lttr_sync_pair *out);

/**
 * lttr_sync_hosts() - synchronise @nhosts hosts to host 0
 * @m: the messages between them
 * @n: how many
 * @nhosts: hosts (indexes of @m are below it)
 * @model: receives the model (lttr_sync_model_free())
 * @err: receives the error
 *
 * Return: 0 or a negative enum lttr_errcode.  A host that could not be
 * synchronised is in the model, not synced; that is not an error.
 */
int lttr_sync_hosts(const struct lttr_sync_msg *m, size_t n, size_t nhosts,
		    struct lttr_sync_model *model, struct lttr_error *err);

void lttr_sync_model_free(struct lttr_sync_model *model);

/* the bytes of a frame, from its IP header on, that identify it */
#define LTTR_SYNC_PACKET_KEY	96

/**
 * struct lttr_sync_packet_stats - what lttr_sync_packets() saw
 * @frames: net_packet_in and net_packet_out events with their bytes
 * @other: frames not Ethernet IPv4 or IPv6 (loopback, too short): not used
 * @matched: messages made (a frame out on one host, in on another)
 * @ambiguous: frames whose bytes were seen more than once out or in
 *	across the hosts (a retransmission): not used
 * @unmatched: frames seen on one side only (to or from outside the traces,
 *	or between two interfaces of one host)
 */
struct lttr_sync_packet_stats {
	uint64_t frames;
	uint64_t other;
	uint64_t matched;
	uint64_t ambiguous;
	uint64_t unmatched;
};

struct lttr_trace;

/**
 * lttr_sync_packets() - the frames captured in several hosts' traces
 *	(traced --capture) matched between them as messages
 * @t: the traces, one per host (the host of a message is its index)
 * @n: how many
 * @out: receives the messages (malloc'd; free())
 * @nout: receives their number
 * @st: receives what was seen and not used
 * @err: receives the error
 *
 * A frame (Ethernet, IPv4 or IPv6) whose bytes from its IP header on (the
 * first LTTR_SYNC_PACKET_KEY of them captured) left one host once
 * (net_packet_out, the driver's queue) and reached another once
 * (net_packet_in) is a message sent at the one and received at the other:
 * the receive is after the send on any true clock (on a direct link: no
 * router rewrites the header).  Nothing compares two clocks.
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_sync_packets(struct lttr_trace **t, size_t n, struct lttr_sync_msg **out,
		      size_t *nout, struct lttr_sync_packet_stats *st, struct lttr_error *err);

/* a time of @host's clock on the reference's clock */
double lttr_sync_to_ref(const struct lttr_sync_model *model, size_t host, uint64_t t);

/**
 * lttr_sync_from_ref_ns() - a time of the reference's clock on @host's,
 *	rounded to the ns (saturating)
 * @model: the model
 * @host: the host
 * @t: the time
 *
 * Return: the time on @host's clock.
 */
uint64_t lttr_sync_from_ref_ns(const struct lttr_sync_model *model, size_t host, uint64_t t);

/** lttr_sync_to_ref_ns() - lttr_sync_to_ref() rounded to the ns (saturating) */
uint64_t lttr_sync_to_ref_ns(const struct lttr_sync_model *model, size_t host, uint64_t t);

/* the name of a pair's state ("synchronised", "too few messages", ...) */
const char *lttr_sync_state_name(int state);

#endif /* LTTR_SYNC_CLOCKSYNC_H */
