// SPDX-License-Identifier: GPL-2.0
/*
 * channels.c - the channels between processes that the replay's
 * predicates read (chan[SRC][DST].FIELD, docs/replay.md): for each pair
 * of processes (by process id, as messages match them: node "name-tgid")
 * the messages sent and received up to the current time, how many are in
 * flight, their bytes and the age of the oldest.
 *
 * In a trace set (several hosts' traces, their messages matched across
 * them on the first trace's clock) an endpoint is a process of a host:
 * the host of a node "HOST:name-tgid" is given by the replay.
 *
 * A message whose receive was not seen (sent to a process outside the
 * trace, or still in flight at its end) is never in flight here: it is
 * counted as unmatched from its send on, so that "in flight over 10 ms"
 * is a promise about messages that were received.  A message whose send
 * was not seen is left out but counted likewise.
 *
 * Each channel keeps its messages in send order and in receive order; a
 * value is two binary searches and, for the oldest in flight, a cursor
 * that moves forward with the replay (it starts again when the replay
 * goes back to the start).
 */
#include <stdlib.h>
#include <string.h>
#include <lttr/paths/message.h>
#include "replay/replay-internal.h"

struct chan {
	uint32_t sh, dh;		/* their hosts */
	int64_t src, dst;		/* process ids */
	size_t n;			/* matched messages */
	uint64_t *send, *recv;		/* times, each ascending */
	uint64_t *send_bytes, *recv_bytes;	/* sums of the bytes up to each (inclusive) */
	uint64_t *recv_of;		/* recv time of the i-th message in send order */
	size_t nun;			/* unmatched: receive or send not seen */
	uint64_t *un;			/* their known times, ascending */
	size_t oldest;			/* cursor: no earlier send-order slot in flight */
	uint64_t oldest_at;		/* the time the cursor was moved at */
};

struct rchan_set {
	size_t n;
	struct chan *v;
};

/* the process id of a node "name-tgid" (-1 if none) */
static int64_t node_tgid(const char *name)
{
	const char *d = name ? strrchr(name, '-') : NULL;
	char *end;
	long long v;

	if (!d || !d[1])
		return -1;
	v = strtoll(d + 1, &end, 10);
	return *end || v < 0 ? -1 : v;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static const struct lttr_msg *sort_v;

static int cmp_send(const void *a, const void *b)
{
	const struct lttr_msg *x = &sort_v[*(const size_t *)a], *y = &sort_v[*(const size_t *)b];

	return x->send_ns < y->send_ns ? -1 : x->send_ns > y->send_ns;
}

static int cmp_recv(const void *a, const void *b)
{
	const struct lttr_msg *x = &sort_v[*(const size_t *)a], *y = &sort_v[*(const size_t *)b];

	return x->recv_ns < y->recv_ns ? -1 : x->recv_ns > y->recv_ns;
}

static struct chan *chan_find(struct rchan_set *s, uint32_t sh, int64_t src, uint32_t dh,
			      int64_t dst, bool add)
{
	struct chan *c;
	size_t i;

	for (i = 0; i < s->n; i++)
		if (s->v[i].src == src && s->v[i].dst == dst && s->v[i].sh == sh &&
		    s->v[i].dh == dh)
			return &s->v[i];
	if (!add)
		return NULL;
	c = realloc(s->v, (s->n + 1) * sizeof(*c));
	if (!c)
		return NULL;
	s->v = c;
	c = &s->v[s->n++];
	memset(c, 0, sizeof(*c));
	c->sh = sh;
	c->dh = dh;
	c->src = src;
	c->dst = dst;
	return c;
}

static void chan_free(struct chan *c)
{
	free(c->send);
	free(c->recv);
	free(c->send_bytes);
	free(c->recv_bytes);
	free(c->recv_of);
	free(c->un);
}

void rchan_free(struct rchan_set *s)
{
	size_t i;

	if (!s)
		return;
	for (i = 0; i < s->n; i++)
		chan_free(&s->v[i]);
	free(s->v);
	free(s);
}

/* the matched messages @idx[0..n) of one channel, and its @nun unmatched times */
static int chan_fill(struct chan *c, const struct lttr_msg *v, size_t *idx, size_t n,
		     uint64_t *un, size_t nun)
{
	size_t i;
	uint64_t sb = 0, rb = 0;

	c->n = n;
	c->nun = nun;
	c->un = un;
	qsort(un, nun, sizeof(*un), cmp_u64);
	if (!n)
		return 0;
	c->send = malloc(n * sizeof(*c->send));
	c->recv = malloc(n * sizeof(*c->recv));
	c->send_bytes = malloc(n * sizeof(*c->send_bytes));
	c->recv_bytes = malloc(n * sizeof(*c->recv_bytes));
	c->recv_of = malloc(n * sizeof(*c->recv_of));
	if (!c->send || !c->recv || !c->send_bytes || !c->recv_bytes || !c->recv_of)
		return -1;
	sort_v = v;
	qsort(idx, n, sizeof(*idx), cmp_send);
	for (i = 0; i < n; i++) {
		c->send[i] = v[idx[i]].send_ns;
		c->recv_of[i] = v[idx[i]].recv_ns;
		sb += v[idx[i]].bytes;
		c->send_bytes[i] = sb;
	}
	qsort(idx, n, sizeof(*idx), cmp_recv);
	for (i = 0; i < n; i++) {
		c->recv[i] = v[idx[i]].recv_ns;
		rb += v[idx[i]].bytes;
		c->recv_bytes[i] = rb;
	}
	return 0;
}

struct rchan_set *rchan_build(const struct lttr_msgset *m, const uint32_t *node_host)
{
	struct rchan_set *s = calloc(1, sizeof(*s));
	size_t i, j, *idx = NULL;

	if (!s)
		return NULL;
	if (!m || !m->n)
		return s;
	idx = malloc(m->n * sizeof(*idx));
	if (!idx)
		goto fail;
	/* the channels first, then each one's messages */
	for (i = 0; i < m->n; i++) {
		const struct lttr_msg *g = &m->v[i];

		if (g->src >= m->nnodes || g->dst >= m->nnodes ||
		    !chan_find(s, node_host ? node_host[g->src] : 0, node_tgid(m->nodes[g->src]),
			       node_host ? node_host[g->dst] : 0, node_tgid(m->nodes[g->dst]), true))
			goto fail;
	}
	for (j = 0; j < s->n; j++) {
		struct chan *c = &s->v[j];
		size_t n = 0, nun = 0;
		uint64_t *un = NULL;

		for (i = 0; i < m->n; i++) {
			const struct lttr_msg *g = &m->v[i];

			if (node_tgid(m->nodes[g->src]) != c->src || node_tgid(m->nodes[g->dst]) != c->dst ||
			    (node_host && (node_host[g->src] != c->sh || node_host[g->dst] != c->dh)))
				continue;
			if (g->flags & (LTTR_MSG_SEND_ONLY | LTTR_MSG_RECV_ONLY | LTTR_MSG_ONE_TIME)) {
				uint64_t *u = realloc(un, (nun + 1) * sizeof(*un));

				if (!u) {
					free(un);
					goto fail;
				}
				un = u;
				un[nun++] = g->send_ns;
			} else {
				idx[n++] = i;
			}
		}
		if (chan_fill(c, m->v, idx, n, un, nun) < 0)
			goto fail;
	}
	free(idx);
	return s;
fail:
	free(idx);
	rchan_free(s);
	return NULL;
}

/* how many of the @n ascending times @t are <= @now */
static size_t upto(const uint64_t *t, size_t n, uint64_t now)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (t[mid] <= now)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

bool rchan_field_known(const char *field)
{
	static const char *const f[] = { "in_flight", "bytes", "oldest_age", "sent", "received",
					  "unmatched", NULL };
	size_t i;

	for (i = 0; f[i]; i++)
		if (!strcmp(f[i], field))
			return true;
	return false;
}

void rchan_value(struct rchan_set *s, uint32_t sh, int64_t src, uint32_t dh, int64_t dst,
		 const char *field, uint64_t now, struct rx_val *out)
{
	struct chan *c = s ? chan_find(s, sh, src, dh, dst, false) : NULL;
	size_t ns, nr;

	if (!c) {	/* no message between them in the trace: an empty channel */
		if (strcmp(field, "oldest_age")) {
			out->type = RX_V_INT;
			out->i = 0;
		}
		return;
	}
	ns = upto(c->send, c->n, now);
	nr = upto(c->recv, c->n, now);
	out->type = RX_V_INT;
	if (!strcmp(field, "sent")) {
		out->i = (int64_t)ns;
	} else if (!strcmp(field, "received")) {
		out->i = (int64_t)nr;
	} else if (!strcmp(field, "unmatched")) {
		out->i = (int64_t)upto(c->un, c->nun, now);
	} else if (!strcmp(field, "in_flight")) {
		out->i = (int64_t)(ns - nr);
	} else if (!strcmp(field, "bytes")) {
		out->i = (int64_t)((ns ? c->send_bytes[ns - 1] : 0) - (nr ? c->recv_bytes[nr - 1] : 0));
	} else {	/* oldest_age: the earliest send still in flight */
		if (now < c->oldest_at)
			c->oldest = 0;	/* the replay went back */
		c->oldest_at = now;
		/* the slots before the cursor were received by now, and stay so */
		while (c->oldest < ns && c->recv_of[c->oldest] <= now)
			c->oldest++;
		if (c->oldest < ns)
			out->i = (int64_t)(now - c->send[c->oldest]);
		else
			out->type = RX_V_MISSING;
	}
}
