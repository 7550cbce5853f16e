/* SPDX-License-Identifier: GPL-2.0 */
/*
 * requests.h - the requests of the trigger rules' "on request"
 * (docs/triggers.md): the call pairs of the message layer
 * (lttr/paths/trace-messages.h, docs/paths.md), followed event by event
 * on the TCP sockets accepted or connected during the trace.
 *
 * At the callee (a socket accepted): the receives until the callee sends
 * are one call, received when the last of them returned (the call pair's
 * call_recv); the sends until it receives again are the return, sent when
 * the first send's system call began (ret_send).  A request ends at that
 * first send: its latency is ret_send - call_recv, the pair's time at its
 * callee.
 *
 * At the caller (a socket connected): the sends until the caller receives
 * are one call, sent when the first send's system call began; its reply
 * begins with the first receive that returns data.  A request ends at
 * that receive's return (the time to its first byte: the reply's last
 * receive is known only when the next call begins): its latency is that
 * return - the first send's entry.
 */
#ifndef LTTR_AUDIT_REQUESTS_H
#define LTTR_AUDIT_REQUESTS_H

#include <stdbool.h>
#include <stdint.h>
#include <lttr/reader/event.h>

struct req_socks;

/* the room for a socket's address as text (an AF_INET6 one is at most 48) */
#define REQ_ADDR_LEN	64

/* a request that ended */
struct req_end {
	bool caller;		/* at the caller (a connected socket), else the callee */
	uint64_t start;		/* callee: the call's last receive returned;
				   caller: the call's first send began */
	uint64_t end;		/* callee: the return's first send began;
				   caller: the reply's first receive returned */
	uint64_t call_bytes;	/* the bytes of the call */
	const char *local;	/* the socket's endpoints (valid until the next */
	const char *peer;	/* event), NULL: unknown */
};

struct req_socks *req_socks_new(void);
void req_socks_free(struct req_socks *s);

/*
 * One event (any; socket_accept, socket_endpoint, socket_recv and
 * socket_send are used).
 * @send_entry: for a send, when its task's system call began (0: not
 * seen).  Returns 1 when @ev ends a request (*@out filled), else 0;
 * *@over counts the sockets forgotten (LTTR_RULE_MAX_SOCKETS).
 */
/*
 * Events were lost: every call begun is forgotten (its socket back to no
 * call, its next receive or send beginning the next).  Returns how many.
 */
uint64_t req_socks_forget(struct req_socks *s);

int req_socks_event(struct req_socks *s, const struct lttr_event *ev, uint64_t send_entry,
		    struct req_end *out, uint64_t *over);

#endif
