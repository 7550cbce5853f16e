/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/paths/message.h - messages between nodes, the input of the causal
 * path algorithms (Aguilera et al., SOSP 2003): a message has a sender
 * and a receiver (nodes: processes, threads or IP addresses), the time it
 * was sent and the time it was received, and whether it is an RPC call or
 * the return of one (with an id that matches a return to its call).
 * Messages come from a trace's socket events (lttr/paths/trace-messages.h),
 * from a pcap file (lttr/paths/pcap.h) or from the paper's abstract
 * format (lttr/paths/abstract.h).  Definitions in docs/paths.md.
 */
#ifndef LTTR_PATHS_MESSAGE_H
#define LTTR_PATHS_MESSAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <lttr/reader/error.h>

/**
 * enum lttr_msg_kind - what a message is
 * @LTTR_MSG_CALL: a call (from the side that opened the connection, or
 *	that sent first between two UDP endpoints)
 * @LTTR_MSG_RET: a return (the other direction)
 */
enum lttr_msg_kind {
	LTTR_MSG_CALL = 0,
	LTTR_MSG_RET = 1,
};

/* struct lttr_msg.flags */
#define LTTR_MSG_SEND_ONLY	0x01	/* the receive was not seen: recv = send */
#define LTTR_MSG_RECV_ONLY	0x02	/* the send was not seen: send = recv */
#define LTTR_MSG_ONE_TIME	0x04	/* one time known, of no node's clock in
					   particular (the abstract format
					   without RECVTIME): recv = send */
#define LTTR_MSG_OUTLIER	0x08	/* a time far from the others'
					   (lttr_msgset_sort()): the
					   convolution leaves it out */

/**
 * struct lttr_msg - one message
 * @send_ns: when it was sent (ns; CLOCK_MONOTONIC for a trace, the
 *	capture's clock for pcap, the file's seconds for the abstract form)
 * @recv_ns: when it was received (its last byte, for TCP); = @send_ns
 *	when only one time is known
 * @id: its call id: a return has the id of its call (an index of the
 *	set's @ids when they are names, else the connection's number << 32
 *	| the exchange's number in it)
 * @bytes: its size in bytes (0: unknown)
 * @src: the sender (an index of the set's @nodes)
 * @dst: the receiver
 * @src_pid: the task that sent it (0: unknown)
 * @dst_pid: the task that received it (0: unknown)
 * @kind: enum lttr_msg_kind
 * @flags: LTTR_MSG_*
 */
struct lttr_msg {
	uint64_t send_ns;
	uint64_t recv_ns;
	uint64_t id;
	uint64_t bytes;
	uint32_t src;
	uint32_t dst;
	uint32_t src_pid;
	uint32_t dst_pid;
	uint8_t kind;
	uint8_t flags;
};

/**
 * enum lttr_node_by - what a node is, for messages from a trace
 * @LTTR_BY_PROCESS: a process ("name-tgid")
 * @LTTR_BY_THREAD: a thread ("name-pid")
 * @LTTR_BY_ENDPOINT: an IP address (a host: a client's connections leave
 *	from ports of their own, a server's calls from other ports than it
 *	listens on, so a node is the address without its port)
 */
enum lttr_node_by {
	LTTR_BY_PROCESS,
	LTTR_BY_THREAD,
	LTTR_BY_ENDPOINT,
};

/**
 * struct lttr_msg_warn - what makes the messages unsure
 * @lost_events: events the trace lost (a message may be missing or cut)
 * @send_only: sends whose receive is not in the input (the other end is
 *	outside it, or the receive was lost)
 * @recv_only: receives whose send is not in the input
 * @unknown_socket: sends and receives on sockets whose endpoints the
 *	trace does not tell (not counted as messages)
 * @retransmits: pcap: TCP segments whose data was seen before (dropped)
 * @skipped_packets: pcap: packets not IPv4/IPv6 TCP/UDP, or cut short
 * @old_format: a trace of a format before 1.4, which records no socket
 *	endpoints (only sockets its snapshot lists can be paired, if any)
 * @outliers: messages with a time far from the others' (LTTR_MSG_OUTLIER,
 *	the rule of lttr_msgset_sort())
 * @outlier_ns: the farthest outlying time
 * @outlier_sent: whether that time is the message's send (else its receive)
 * @outlier_what: that message, "KIND SENDER -> RECEIVER ID" (cut to fit)
 * @others_first_ns: the earliest time of the messages that are not outliers
 * @others_last_ns: their latest
 */
struct lttr_msg_warn {
	uint64_t lost_events;
	uint64_t send_only;
	uint64_t recv_only;
	uint64_t unknown_socket;
	uint64_t retransmits;
	uint64_t skipped_packets;
	bool old_format;
	uint64_t outliers;
	uint64_t outlier_ns;
	bool outlier_sent;
	char outlier_what[96];
	uint64_t others_first_ns;
	uint64_t others_last_ns;
};

/**
 * typedef lttr_paths_progress_fn - the progress of a long pass over a trace
 * @arg: the caller's argument
 * @permille: how far it is, 0 to 1000
 *
 * Return: 0 to go on, non-zero to cancel (the pass returns
 * -LTTR_E_CANCELED).
 */
typedef int (*lttr_paths_progress_fn)(void *arg, unsigned int permille);

/* room for one warning of lttr_msg_warnings() */
#define LTTR_MSG_WARNING_LEN 320

/**
 * lttr_msg_warnings() - what makes a set of messages unsure, one sentence
 * each, for a front end to print or show beside the paths
 * @w: the warnings
 * @out: receives up to @max sentences (NULL: only count)
 * @max: room in @out
 *
 * Return: the number of sentences (may exceed @max).
 */
size_t lttr_msg_warnings(const struct lttr_msg_warn *w, char (*out)[LTTR_MSG_WARNING_LEN],
			 size_t max);

struct lttr_keymap;

/**
 * struct lttr_msgset - a set of messages and the names they use
 * @n: messages
 * @v: the messages, sorted by send time after lttr_msgset_sort()
 * @nnodes: nodes
 * @nodes: their names
 * @nids: call ids that are names (0: ids are numbers)
 * @ids: their names
 * @warn: what makes the set unsure
 * @cap: room in @v (private)
 * @nodecap: room in @nodes (private)
 * @idcap: room in @ids (private)
 * @nodemap: name -> node (private)
 * @idmap: name -> id (private)
 */
struct lttr_msgset {
	size_t n;
	struct lttr_msg *v;
	size_t nnodes;
	char **nodes;
	size_t nids;
	char **ids;
	struct lttr_msg_warn warn;
	size_t cap;
	size_t nodecap;
	size_t idcap;
	struct lttr_keymap *nodemap;
	struct lttr_keymap *idmap;
};

/**
 * lttr_msgset_new() - an empty set
 *
 * Return: the set, or NULL when out of memory.
 */
struct lttr_msgset *lttr_msgset_new(void);

/** lttr_msgset_free() - release a set @s: the set or NULL */
void lttr_msgset_free(struct lttr_msgset *s);

/**
 * lttr_msgset_node() - the node of a name, added when new
 * @s: the set
 * @name: the name (NUL-terminated)
 *
 * Return: its index, or -1 when out of memory.
 */
long lttr_msgset_node(struct lttr_msgset *s, const char *name);

/**
 * lttr_msgset_id() - the call id of a name, added when new
 * @s: the set
 * @name: the name (NUL-terminated)
 *
 * Return: its index, or -1 when out of memory.
 */
long long lttr_msgset_id(struct lttr_msgset *s, const char *name);

/**
 * lttr_msgset_add() - add a message
 * @s: the set
 * @m: the message (copied)
 *
 * Return: 0 or -1 when out of memory.
 */
int lttr_msgset_add(struct lttr_msgset *s, const struct lttr_msg *m);

/**
 * lttr_msgset_sort() - order the messages by send time (then receive
 * time, sender, receiver, id: a total order, so every run is the same),
 * and mark the outliers (LTTR_MSG_OUTLIER, counted in @s->warn): the
 * messages with a time beyond a gap, from the bulk of the times, longer
 * than 1 s and than 100 times the bulk's width; the bulk is the
 * messages' send and receive times from their first to their third
 * quartile, widened outward through every shorter gap. There are none
 * when they would be more than 1 % of the messages (or more than one,
 * in a set of fewer than 200): a group that large is not an accident
 * but a part of the input (docs/paths.md).
 * @s: the set
 */
void lttr_msgset_sort(struct lttr_msgset *s);

/**
 * lttr_msg_id_str() - a message's id as text: its name, or
 * "CONNECTION.EXCHANGE"
 * @s: the set
 * @m: the message
 * @buf: room for a number
 * @size: its size
 *
 * Return: the name or @buf.
 */
const char *lttr_msg_id_str(const struct lttr_msgset *s, const struct lttr_msg *m,
			    char *buf, size_t size);

/**
 * struct lttr_msg_pair - the messages between two nodes, one direction
 * @src: the sender
 * @dst: the receiver
 * @calls: messages of kind CALL
 * @rets: messages of kind RET
 * @bytes: their bytes (those known)
 * @transit_ns: the sum of (receive - send) over the messages whose two
 *	ends were seen
 * @both_ends: how many those are
 */
struct lttr_msg_pair {
	uint32_t src;
	uint32_t dst;
	uint64_t calls;
	uint64_t rets;
	uint64_t bytes;
	uint64_t transit_ns;
	uint64_t both_ends;
};

/**
 * lttr_msgset_pairs() - the messages summed per sender and receiver
 * @s: the set
 * @n: receives the count
 *
 * Return: a malloc'ed array sorted by sender then receiver, or NULL
 * (none, or out of memory: then *@n is 0).
 */
struct lttr_msg_pair *lttr_msgset_pairs(const struct lttr_msgset *s, size_t *n);

#endif /* LTTR_PATHS_MESSAGE_H */
