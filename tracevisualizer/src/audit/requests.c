// SPDX-License-Identifier: GPL-2.0
/*
 * requests.c - the requests of "on request" (requests.h): the accepted
 * sockets in a table on their inode (open addressing, deletion by
 * backward shift), the oldest forgotten when LTTR_RULE_MAX_SOCKETS are
 * followed (a ring of the inodes in the order they were accepted).
 */
#include <stdbool.h>
#include <stdlib.h>
#include <lttr/audit/rules.h>
#include "audit/requests.h"

#define NSLOTS		(2 * LTTR_RULE_MAX_SOCKETS)	/* a power of 2 */
#define SOCK_STREAM_TYPE	1
#define AF_INET_NR	2
#define AF_INET6_NR	10

struct slot {
	uint64_t ino;
	uint64_t call_recv;
	uint64_t bytes;
	bool used;
	bool in_call;		/* a call is being received */
};

struct req_socks {
	struct slot *slot;	/* NSLOTS */
	uint64_t *order;	/* the inodes in the order accepted, a ring */
	size_t head, n;
};

struct req_socks *req_socks_new(void)
{
	struct req_socks *s = calloc(1, sizeof(*s));

	if (!s)
		return NULL;
	s->slot = calloc(NSLOTS, sizeof(*s->slot));
	s->order = calloc(LTTR_RULE_MAX_SOCKETS, sizeof(*s->order));
	if (!s->slot || !s->order) {
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

static void accepted(struct req_socks *s, uint64_t ino, uint64_t *over)
{
	struct slot *sl = find(s, ino);
	size_t i;

	if (sl) {		/* an inode used again: a new connection */
		sl->in_call = false;
		return;
	}
	if (s->n == LTTR_RULE_MAX_SOCKETS) {
		erase(s, s->order[s->head]);
		s->head = (s->head + 1) % LTTR_RULE_MAX_SOCKETS;
		s->n--;
		(*over)++;
	}
	s->order[(s->head + s->n++) % LTTR_RULE_MAX_SOCKETS] = ino;
	for (i = hash(ino); s->slot[i].used; i = (i + 1) & (NSLOTS - 1))
		;
	s->slot[i] = (struct slot){ .ino = ino, .used = true };
}

static bool inet_stream(uint16_t family, uint16_t type)
{
	return (family == AF_INET_NR || family == AF_INET6_NR) && type == SOCK_STREAM_TYPE;
}

int req_socks_event(struct req_socks *s, const struct lttr_event *ev, uint64_t send_entry,
		    struct req_end *out, uint64_t *over)
{
	const struct ltt_ev_socket_io *io = &ev->p.socket_io;
	struct slot *sl;

	if (!s || !ev->details)
		return 0;
	if (ev->id == LTT_EV_SOCKET_ACCEPT) {
		if (inet_stream(ev->p.socket_endpoint.family, ev->p.socket_endpoint.type))
			accepted(s, ev->p.socket_endpoint.ino, over);
		return 0;
	}
	if ((ev->id != LTT_EV_SOCKET_RECV && ev->id != LTT_EV_SOCKET_SEND) || io->ret <= 0)
		return 0;
	sl = find(s, io->ino);
	if (!sl)
		return 0;
	if (ev->id == LTT_EV_SOCKET_RECV) {
		if (!sl->in_call) {
			sl->in_call = true;
			sl->bytes = 0;
		}
		sl->call_recv = ev->time_ns;
		sl->bytes += (uint64_t)io->ret;
		return 0;
	}
	if (!sl->in_call)
		return 0;	/* more of the return */
	sl->in_call = false;
	out->call_recv = sl->call_recv;
	/* sent when its system call began (the event is at its return) */
	out->ret_send = send_entry && send_entry <= ev->time_ns ? send_entry : ev->time_ns;
	if (out->ret_send < out->call_recv)
		out->ret_send = out->call_recv;
	out->call_bytes = sl->bytes;
	return 1;
}
