/* SPDX-License-Identifier: GPL-2.0 */
/*
 * requests.h - the requests of the trigger rules' "on request"
 * (docs/triggers.md): the call pairs of the message layer
 * (lttr/paths/trace-messages.h, docs/paths.md) at their callee, followed
 * event by event.  A TCP socket accepted during the trace is the callee's
 * end of a connection; on it, the receives until the callee sends are one
 * call, received when the last of them returned (the call pair's
 * call_recv); the sends until it receives again are the return, sent when
 * the first send's system call began (ret_send).  A request ends at that
 * first send: its latency is ret_send - call_recv, the pair's time at its
 * callee.
 */
#ifndef LTTR_AUDIT_REQUESTS_H
#define LTTR_AUDIT_REQUESTS_H

#include <stdint.h>
#include <lttr/reader/event.h>

struct req_socks;

/* a request that ended */
struct req_end {
	uint64_t call_recv;	/* the call's last receive returned */
	uint64_t ret_send;	/* the return's first send began */
	uint64_t call_bytes;	/* the bytes of the call */
};

struct req_socks *req_socks_new(void);
void req_socks_free(struct req_socks *s);

/*
 * One event (any; socket_accept, socket_recv and socket_send are used).
 * @send_entry: for a send, when its task's system call began (0: not
 * seen).  Returns 1 when @ev ends a request (*@out filled), else 0;
 * *@over counts the sockets forgotten (LTTR_RULE_MAX_SOCKETS).
 */
int req_socks_event(struct req_socks *s, const struct lttr_event *ev, uint64_t send_entry,
		    struct req_end *out, uint64_t *over);

#endif
