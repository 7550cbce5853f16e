// SPDX-License-Identifier: GPL-2.0
/*
 * requests.c - the requests of "on request" (requests.h): the sockets
 * accepted or connected during the trace in a table on their inode (open
 * addressing, deletion by backward shift), the oldest forgotten when
 * LTTR_RULE_MAX_SOCKETS are followed (a ring of the inodes in the order
 * they were accepted or connected, with their endpoints).
 */
#include <stdbool.h>
#include <stdlib.h>
#include <lttr/audit/rules.h>
#include "audit/requests.h"

#define NSLOTS		(2 * LTTR_RULE_MAX_SOCKETS)	/* a power of 2 */
#define SOCK_STREAM_TYPE	1
#define AF_INET_NR	2
#define AF_INET6_NR	10
#define SYS_CONNECT_NR	3	/* <linux/net.h> */
#define EINPROGRESS_NR	115

/* where a socket's conversation is */
enum phase {
	IDLE,			/* no call (caller: the sends of one not begun yet) */
	CALL,			/* a call being received (callee) or sent (caller) */
	REPLY,			/* caller: its reply being received */
};

struct slot {
	uint64_t ino;
	uint64_t t;		/* callee: the call's last receive returned;
				   caller: the call's first send began */
	uint64_t bytes;		/* of the call */
	uint32_t pos;		/* in the ring: its endpoints */
	bool used;
	bool caller;		/* connected here, else accepted */
	unsigned char phase;	/* enum phase */
};

struct req_socks {
	struct slot *slot;	/* NSLOTS */
	uint64_t *order;	/* the inodes in the order followed, a ring */
	char (*local)[REQ_ADDR_LEN];	/* their endpoints, by ring position */
	char (*peer)[REQ_ADDR_LEN];
	size_t head, n;
};

struct req_socks *req_socks_new(void)
{
	struct req_socks *s = calloc(1, sizeof(*s));

	if (!s)
		return NULL;
	s->slot = calloc(NSLOTS, sizeof(*s->slot));
	s->order = calloc(LTTR_RULE_MAX_SOCKETS, sizeof(*s->order));
	s->local = calloc(LTTR_RULE_MAX_SOCKETS, sizeof(*s->local));
	s->peer = calloc(LTTR_RULE_MAX_SOCKETS, sizeof(*s->peer));
	if (!s->slot || !s->order || !s->local || !s->peer) {
		req_socks_free(s);
		return NULL;
	}
	return s;
}

void req_socks_free(struct req_socks *s)
{
	if (!s)
		return;
	free(s->slot);
	free(s->order);
	free(s->local);
	free(s->peer);
	free(s);
}

static size_t hash(uint64_t ino)
{
	return (size_t)((ino * 0x9E3779B97F4A7C15ULL) >> 40) & (NSLOTS - 1);
}

static struct slot *find(struct req_socks *s, uint64_t ino)
{
	size_t i;

	for (i = hash(ino); s->slot[i].used; i = (i + 1) & (NSLOTS - 1))
		if (s->slot[i].ino == ino)
			return &s->slot[i];
	return NULL;
}

/* remove @ino's slot, the slots after it shifted back into the hole */
static void erase(struct req_socks *s, uint64_t ino)
{
	struct slot *sl = find(s, ino);
	size_t hole, j;

	if (!sl)
		return;
	hole = (size_t)(sl - s->slot);
	s->slot[hole].used = false;
	for (j = (hole + 1) & (NSLOTS - 1); s->slot[j].used; j = (j + 1) & (NSLOTS - 1)) {
		size_t home = hash(s->slot[j].ino);

		/* j may move to the hole if its home is not in (hole, j] */
		if ((j > hole && (home <= hole || home > j)) ||
		    (j < hole && home <= hole && home > j)) {
			s->slot[hole] = s->slot[j];
			s->slot[j].used = false;
			hole = j;
		}
	}
}

/* @ev's endpoints (socket_endpoint, socket_accept) at ring position @pos */
static void endpoints(struct req_socks *s, size_t pos, const struct lttr_event *ev)
{
	const struct ltt_ev_socket_endpoint *e = &ev->p.socket_endpoint;
	bool fit = ev->var && (size_t)e->local_len + e->peer_len <= ev->var_len;

	/* an inet address as text fits (only TCP sockets are followed) */
	if (!fit || !e->local_len ||
	    !lttr_sockaddr_str(ev->var, e->local_len, s->local[pos], REQ_ADDR_LEN))
		s->local[pos][0] = '\0';
	if (!fit || !e->peer_len ||
	    !lttr_sockaddr_str(ev->var + e->local_len, e->peer_len, s->peer[pos], REQ_ADDR_LEN))
		s->peer[pos][0] = '\0';
}

/* @ev's socket accepted (@caller false) or connected here: followed anew */
static void follow(struct req_socks *s, const struct lttr_event *ev, bool caller, uint64_t *over)
{
	uint64_t ino = ev->p.socket_endpoint.ino;
	struct slot *sl = find(s, ino);

	if (!sl) {
		size_t i, pos;

		if (s->n == LTTR_RULE_MAX_SOCKETS) {
			erase(s, s->order[s->head]);
			s->head = (s->head + 1) % LTTR_RULE_MAX_SOCKETS;
			s->n--;
			(*over)++;
		}
		pos = (s->head + s->n++) % LTTR_RULE_MAX_SOCKETS;
		s->order[pos] = ino;
		for (i = hash(ino); s->slot[i].used; i = (i + 1) & (NSLOTS - 1))
			;
		sl = &s->slot[i];
		*sl = (struct slot){ .ino = ino, .used = true, .pos = (uint32_t)pos };
	}
	/* an inode used again: a new connection, whatever the old one was doing */
	sl->caller = caller;
	sl->phase = IDLE;
	sl->bytes = 0;
	endpoints(s, sl->pos, ev);
}

static bool inet_stream(uint16_t family, uint16_t type)
{
	return (family == AF_INET_NR || family == AF_INET6_NR) && type == SOCK_STREAM_TYPE;
}

static void ended(struct req_socks *s, const struct slot *sl, uint64_t start, uint64_t end,
		  struct req_end *out)
{
	out->caller = sl->caller;
	out->start = start;
	out->end = end;
	out->call_bytes = sl->bytes;
	out->local = s->local[sl->pos][0] ? s->local[sl->pos] : NULL;
	out->peer = s->peer[sl->pos][0] ? s->peer[sl->pos] : NULL;
}

/* the callee's side: the receives of a call until it sends its reply */
static int callee_io(struct req_socks *s, struct slot *sl, const struct lttr_event *ev,
		     uint64_t send_entry, struct req_end *out)
{
	uint64_t ret_send;

	if (ev->id == LTT_EV_SOCKET_RECV) {
		if (sl->phase != CALL) {
			sl->phase = CALL;
			sl->bytes = 0;
		}
		sl->t = ev->time_ns;
		sl->bytes += (uint64_t)ev->p.socket_io.ret;
		return 0;
	}
	if (sl->phase != CALL)
		return 0;	/* more of the return */
	sl->phase = IDLE;
	/* sent when its system call began (the event is at its return) */
	ret_send = send_entry && send_entry <= ev->time_ns ? send_entry : ev->time_ns;
	if (ret_send < sl->t)
		ret_send = sl->t;
	ended(s, sl, sl->t, ret_send, out);
	return 1;
}

/* the caller's side: the sends of a call until its reply's first receive */
static int caller_io(struct req_socks *s, struct slot *sl, const struct lttr_event *ev,
		     uint64_t send_entry, struct req_end *out)
{
	if (ev->id == LTT_EV_SOCKET_SEND) {
		if (sl->phase != CALL) {
			sl->phase = CALL;
			sl->bytes = 0;
			/* sent when its system call began (the event is at its return) */
			sl->t = send_entry && send_entry <= ev->time_ns ? send_entry : ev->time_ns;
		}
		sl->bytes += (uint64_t)ev->p.socket_io.ret;
		return 0;
	}
	if (sl->phase != CALL)
		return 0;	/* more of the reply, or data no call asked for */
	sl->phase = REPLY;
	ended(s, sl, sl->t, ev->time_ns, out);
	return 1;
}

int req_socks_event(struct req_socks *s, const struct lttr_event *ev, uint64_t send_entry,
		    struct req_end *out, uint64_t *over)
{
	const struct ltt_ev_socket_endpoint *e = &ev->p.socket_endpoint;
	struct slot *sl;

	if (!s || !ev->details)
		return 0;
	if (ev->id == LTT_EV_SOCKET_ACCEPT) {
		if (inet_stream(e->family, e->type))
			follow(s, ev, false, over);
		return 0;
	}
	if (ev->id == LTT_EV_SOCKET_ENDPOINT) {
		/* connected here (a connect in progress too: the message layer's rule) */
		if (e->call == SYS_CONNECT_NR && (!e->result || e->result == -EINPROGRESS_NR) &&
		    inet_stream(e->family, e->type))
			follow(s, ev, true, over);
		return 0;
	}
	if ((ev->id != LTT_EV_SOCKET_RECV && ev->id != LTT_EV_SOCKET_SEND) ||
	    ev->p.socket_io.ret <= 0)
		return 0;
	sl = find(s, ev->p.socket_io.ino);
	if (!sl)
		return 0;
	return sl->caller ? caller_io(s, sl, ev, send_entry, out) :
		callee_io(s, sl, ev, send_entry, out);
}

uint64_t req_socks_forget(struct req_socks *s)
{
	uint64_t n = 0;

	for (size_t i = 0; i < NSLOTS; i++) {
		if (s->slot[i].used && s->slot[i].phase != IDLE) {
			s->slot[i].phase = IDLE;
			n++;
		}
	}
	return n;
}
