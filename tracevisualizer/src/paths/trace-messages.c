// SPDX-License-Identifier: GPL-2.0
/*
 * trace-messages.c - messages from a trace's socket events: each socket's
 * endpoints (snapshot, bind, connect, accept), its sends and receives,
 * then TCP connections matched by byte offset and UDP datagrams by order
 * (lttr/paths/trace-messages.h).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/lttr.h>
#include <lttr/paths/trace-messages.h>
#include <lttr/sync/clocksync.h>
#include "model/pidmap.h"
#include "paths/keymap.h"
#include "paths/progress.h"
#include "paths/room.h"

#define ADDR_LEN	48	/* "[ipv6]:port" */
#define SYS_CONNECT_NR	3	/* <linux/net.h> SYS_CONNECT */

/* one send or receive */
struct xfer {
	uint64_t t;
	uint64_t bytes;
	uint64_t end;		/* the stream offset after it (TCP) */
	uint32_t pid;
	uint32_t node;		/* process or thread mode: the task's node */
	char addr[ADDR_LEN];	/* UDP: the destination, or the source */
};

struct xfers {
	struct xfer *v;
	size_t n;
	size_t cap;
};

/*
 * one TCP send or receive as the matching across traces needs it
 * (lttr_msgs_across_traces()): its time and the stream offset after it,
 * a fifth of a struct xfer, as millions of them are kept
 */
struct tfer {
	uint64_t t;
	uint64_t end;
};

struct tfers {
	struct tfer *v;
	size_t n;
	size_t cap;
};

struct sock {
	uint16_t family;
	uint16_t type;
	int side;		/* 1 it connected (calls), 0 accepted, -1 unknown */
	int xhost;		/* its other end is in another host's trace
				   (lttr_msgs_from_hosts()): not one-sided */
	long owner;		/* process or thread mode: the node of its last
				   task, or of the snapshot's process; -1 */
	char local[ADDR_LEN];
	char peer[ADDR_LEN];
	struct xfers snd;
	struct xfers rcv;
	struct tfers tsnd;	/* lean scan: its sends and receives */
	struct tfers trcv;
};

struct msgscan {
	struct lttr_trace *t;
	struct lttr_msgset *s;
	unsigned int by;
	struct lttr_ptable *pt;
	struct lttr_keymap socks;	/* ino -> index */
	struct sock *v;
	size_t n;
	size_t cap;
	struct lttr_pidmap entry_idx;	/* pid -> index of @entry */
	uint64_t *entry;		/* the pid's syscall entry time, 0: none */
	size_t nentry;
	uint64_t conns;
	const char *host;	/* lttr_msgs_from_hosts(): the nodes' prefix */
	bool lean;		/* lttr_msgs_across_traces(): transfers kept as
				   struct tfer (tsnd, trcv), not struct xfer */
	int nomem;
	struct lttr_pprog prog;
};

static struct sock *sock_get(struct msgscan *m, uint64_t ino)
{
	size_t k;

	if (lttr_keymap_find(&m->socks, &ino, sizeof(ino), &k))
		return &m->v[k];
	if (lttr_room(&m->v, &m->cap, m->n, sizeof(*m->v)))
		return NULL;
	if (lttr_keymap_put(&m->socks, &ino, sizeof(ino), m->n))
		return NULL;
	memset(&m->v[m->n], 0, sizeof(m->v[m->n]));
	m->v[m->n].side = -1;
	m->v[m->n].owner = -1;
	return &m->v[m->n++];
}

static int xfer_add(struct xfers *x, const struct xfer *e)
{
	if (lttr_room(&x->v, &x->cap, x->n, sizeof(*x->v)))
		return -1;
	x->v[x->n++] = *e;
	return 0;
}

/* a lean transfer of @bytes at @t: its stream offset follows the one before */
static int tfer_add(struct tfers *x, uint64_t t, uint64_t bytes)
{
	uint64_t end = x->n ? x->v[x->n - 1].end : 0;

	if (lttr_room(&x->v, &x->cap, x->n, sizeof(*x->v)))
		return -1;
	x->v[x->n].t = t;
	x->v[x->n].end = end + bytes;
	x->n++;
	return 0;
}

/* a node name: no spaces, so that it fits the abstract format */
static long node_named(struct msgscan *m, const char *name, uint32_t id)
{
	char buf[160];
	size_t i;

	snprintf(buf, sizeof(buf), "%s%s%s-%" PRIu32, m->host ? m->host : "",
		 m->host ? ":" : "", *name ? name : "?", id);
	for (i = 0; buf[i]; i++)
		if (buf[i] == ' ' || buf[i] == '\t')
			buf[i] = '_';
	return lttr_msgset_node(m->s, buf);
}

/* the node of the task @pid at @t (process or thread mode) */
static long task_node(struct msgscan *m, uint32_t pid, uint64_t t)
{
	struct lttr_process *p = lttr_ptable_get(m->pt, pid, true);
	uint32_t id = pid;
	const char *name;

	if (!p)
		return -1;
	if (m->by == LTTR_BY_PROCESS)
		id = p->tgid;
	name = lttr_ptable_name_at(m->pt, id, t);
	if (!name)
		name = lttr_ptable_name_at(m->pt, pid, t);
	return node_named(m, name ? name : "", id);
}

/* the address of an "ip:port" or "[ip6]:port" without its port */
static long addr_node(struct msgscan *m, const char *addr)
{
	char buf[ADDR_LEN], full[ADDR_LEN + 72];
	const char *colon = strrchr(addr, ':');
	size_t n = colon ? (size_t)(colon - addr) : strlen(addr);

	if (n >= sizeof(buf))
		n = sizeof(buf) - 1;
	if (addr[0] == '[' && n >= 2 && addr[n - 1] == ']') {
		memcpy(buf, addr + 1, n - 2);
		buf[n - 2] = '\0';
	} else {
		memcpy(buf, addr, n);
		buf[n] = '\0';
	}
	if (!m->host)
		return lttr_msgset_node(m->s, buf);
	snprintf(full, sizeof(full), "%s:%s", m->host, buf);
	return lttr_msgset_node(m->s, full);
}

static unsigned int port_of(const char *addr)
{
	const char *colon = strrchr(addr, ':');

	return colon ? (unsigned int)strtoul(colon + 1, NULL, 10) : 0;
}

/* a sockaddr of an event as text into @out ("" when it has no text form) */
static void addr_str(const void *sa, size_t len, char *out)
{
	char buf[LTTR_SOCKADDR_STRLEN];
	const char *s = sa && len ? lttr_sockaddr_str(sa, len, buf, sizeof(buf)) : NULL;

	snprintf(out, ADDR_LEN, "%s", s ? s : "");
}

static int inet(uint16_t family)
{
	return family == 2 || family == 10;	/* AF_INET, AF_INET6 */
}

static uint64_t *entry_of(struct msgscan *m, uint32_t pid)
{
	size_t k;

	if (lttr_pidmap_find(&m->entry_idx, pid, &k))
		return &m->entry[k];
	if (!(m->nentry & (m->nentry - 1)) || !m->nentry) {
		uint64_t *nv = realloc(m->entry, (m->nentry ? m->nentry * 2 : 64) *
				       sizeof(*nv));

		if (!nv)
			return NULL;
		m->entry = nv;
	}
	if (lttr_pidmap_put(&m->entry_idx, pid, m->nentry))
		return NULL;
	m->entry[m->nentry] = 0;
	return &m->entry[m->nentry++];
}

static void on_endpoint(struct msgscan *m, const struct lttr_event *ev)
{
	const struct ltt_ev_socket_endpoint *e = &ev->p.socket_endpoint;
	struct sock *so = sock_get(m, e->ino);

	if (!so) {
		m->nomem = 1;
		return;
	}
	so->family = e->family;
	so->type = e->type;
	/* the decoder checked that both addresses fit in the variable part */
	if (e->local_len)
		addr_str(ev->var, e->local_len, so->local);
	if (e->peer_len)
		addr_str(ev->var + e->local_len, e->peer_len, so->peer);
	if (ev->id == LTT_EV_SOCKET_ACCEPT)
		so->side = 0;
	else if (e->call == SYS_CONNECT_NR && (!e->result || e->result == -EINPROGRESS))
		so->side = 1;
}

static void on_io(struct msgscan *m, const struct lttr_event *ev)
{
	const struct ltt_ev_socket_io *io = &ev->p.socket_io;
	struct xfer x = { .t = ev->time_ns, .pid = ev->pid };
	struct sock *so;
	long node = 0;

	if (io->ret <= 0 || !inet(io->family))
		return;
	so = sock_get(m, io->ino);
	if (!so) {
		m->nomem = 1;
		return;
	}
	so->family = io->family;
	so->type = io->type;
	x.bytes = (uint64_t)io->ret;
	if (ev->id == LTT_EV_SOCKET_SEND) {
		/* sent when its system call began (the event is at its return) */
		uint64_t *en = entry_of(m, ev->pid);

		if (!en) {
			m->nomem = 1;
			return;
		}
		if (*en && *en <= ev->time_ns)
			x.t = *en;
	}
	if (m->lean) {
		/* the time and the stream offset: nothing else is used */
		if (tfer_add(ev->id == LTT_EV_SOCKET_SEND ? &so->tsnd : &so->trcv, x.t, x.bytes))
			m->nomem = 1;
		return;
	}
	addr_str(ev->var, ev->var_len, x.addr);
	if (m->by != LTTR_BY_ENDPOINT)
		node = task_node(m, ev->pid, ev->time_ns);
	x.node = (uint32_t)node;
	so->owner = m->by != LTTR_BY_ENDPOINT ? node : -1;
	if (node < 0 || xfer_add(ev->id == LTT_EV_SOCKET_SEND ? &so->snd : &so->rcv, &x))
		m->nomem = 1;
}

/* one pass over the events: sockets, their endpoints and transfers */
static int scan(struct msgscan *m, struct lttr_error *err)
{
	struct lttr_iter *it;
	struct lttr_event ev;
	int r;

	r = lttr_iter_new(m->t, &it, err);
	if (r < 0)
		return r;
	while (!m->nomem && (r = lttr_iter_next(it, &ev)) > 0) {
		if (lttr_pprog_event(&m->prog, ev.time_ns)) {
			lttr_iter_free(it);
			return lttr_error_set(err, LTTR_E_CANCELED, "messages: canceled");
		}
		/* the tasks' names make the nodes: none by endpoint */
		if (m->by != LTTR_BY_ENDPOINT && lttr_ptable_apply(m->pt, &ev) < 0) {
			m->nomem = 1;
			break;
		}
		if (ev.id == LTT_EV_SYSCALL_ENTRY || ev.id == LTT_EV_SYSCALL_EXIT) {
			uint64_t *en = entry_of(m, ev.pid);

			if (!en)
				m->nomem = 1;
			else
				*en = ev.id == LTT_EV_SYSCALL_ENTRY ? ev.time_ns : 0;
			continue;
		}
		if (ev.id != LTT_EV_SOCKET_CREATE && ev.id != LTT_EV_SOCKET_ENDPOINT &&
		    ev.id != LTT_EV_SOCKET_ACCEPT && ev.id != LTT_EV_SOCKET_SEND &&
		    ev.id != LTT_EV_SOCKET_RECV)
			continue;
		if (!ev.details) {
			m->s->warn.unknown_socket++;
			continue;
		}
		if (ev.id == LTT_EV_SOCKET_CREATE) {
			struct sock *so;

			if (ev.p.socket_create.fd < 0)
				continue;
			so = sock_get(m, ev.p.socket_create.ino);
			if (!so) {
				m->nomem = 1;
				break;
			}
			so->family = (uint16_t)ev.p.socket_create.family;
			so->type = (uint16_t)ev.p.socket_create.type;
			continue;
		}
		if (ev.id == LTT_EV_SOCKET_ENDPOINT || ev.id == LTT_EV_SOCKET_ACCEPT)
			on_endpoint(m, &ev);
		else
			on_io(m, &ev);
	}
	if (r < 0)
		*err = *lttr_iter_error(it);
	lttr_iter_free(it);
	if (m->nomem)
		return lttr_error_set(err, LTTR_E_NOMEM, "messages: out of memory");
	return r < 0 ? r : 0;
}

/* the sockets of the snapshot, open at the start */
static int from_snapshot(struct msgscan *m)
{
	const struct lttr_proc *p = lttr_trace_proc(m->t);
	size_t i;

	for (i = 0; p && i < p->nsockets; i++) {
		struct sock *so = sock_get(m, p->sockets[i].ino);

		if (!so)
			return -1;
		so->type = (uint16_t)p->sockets[i].type;
		so->family = p->sockets[i].local && p->sockets[i].local[0] == '[' ? 10 : 2;
		snprintf(so->local, ADDR_LEN, "%s", p->sockets[i].local ? p->sockets[i].local : "");
		snprintf(so->peer, ADDR_LEN, "%s", p->sockets[i].peer ? p->sockets[i].peer : "");
		if (m->by != LTTR_BY_ENDPOINT) {
			so->owner = task_node(m, p->sockets[i].tgid, lttr_trace_header(m->t)->start_ns);
			if (so->owner < 0)
				return -1;
		}
	}
	return 0;
}

static int emit(struct msgscan *m, struct lttr_msg *msg)
{
	if (lttr_msgset_add(m->s, msg)) {
		m->nomem = 1;
		return -1;
	}
	return 0;
}

/*
 * The node of a message's far end that was not seen: the process (or
 * thread) of the socket of that address when the trace knows one, else
 * the address.
 */
static long far_node(struct msgscan *m, const struct sock *so, const char *addr)
{
	if (m->by != LTTR_BY_ENDPOINT && so && so->owner >= 0)
		return so->owner;
	return addr_node(m, addr);
}

/* does side @x of a connection call? (@y: the other side, or NULL) */
static int calls(const struct sock *x, const struct sock *y)
{
	if (x->side >= 0)
		return x->side;
	if (y && y->side >= 0)
		return !y->side;
	/* open at the start: the side of the lower port serves */
	return port_of(x->local) > port_of(y ? y->local : x->peer);
}

/* the first receive of @r whose stream offset reaches @end, or n */
static size_t reaching(const struct xfers *r, uint64_t end)
{
	size_t lo = 0, hi = r->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (r->v[mid].end < end)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/*
 * the first lean receive of @r whose stream offset reaches @end, from
 * @from on (the receive that reached an earlier offset): the sends are
 * matched in stream order, so the walk is forward over both
 */
static size_t treaching(const struct tfers *r, size_t from, uint64_t end)
{
	while (from < r->n && r->v[from].end < end)
		from++;
	return from;
}

static void offsets(struct xfers *x)
{
	uint64_t off = 0;
	size_t i;

	for (i = 0; i < x->n; i++) {
		off += x->v[i].bytes;
		x->v[i].end = off;
	}
}

/*
 * The bytes of a direction sent before the trace began (a connection open
 * at the start, data in flight): at least those that @r received before a
 * send of @s began beyond what @s had sent until then (a receive that
 * returned before a send began holds none of its bytes; the trace has one
 * clock), all it received when @s sent nothing.  The fewest that fit:
 * exact when they were read before the first send of the trace began.
 */
static uint64_t lead_bytes(const struct xfers *s, const struct xfers *r)
{
	uint64_t got = 0, sent = 0, lead = 0;
	size_t k, j = 0;

	if (!s->n)
		return r->n ? r->v[r->n - 1].end : 0;
	for (k = 0; k < s->n; k++) {
		while (j < r->n && r->v[j].t < s->v[k].t)
			got += r->v[j++].bytes;
		if (got > sent + lead)
			lead = got - sent;
		sent += s->v[k].bytes;
	}
	return lead;
}

/*
 * The bytes @from sent to @to before the trace began, when there are:
 * one message seen only received, when the receive of its last byte
 * returned.
 */
static int tcp_lead(struct msgscan *m, struct msgscan *mf, struct msgscan *mt,
		    const struct sock *from, const struct sock *to, uint64_t lead, uint8_t kind,
		    uint64_t id)
{
	size_t r = reaching(&to->rcv, lead);
	struct lttr_msg msg = { .kind = kind, .id = id, .bytes = lead,
				.flags = LTTR_MSG_RECV_ONLY };
	long a, b;

	if (!lead || r >= to->rcv.n)
		return 0;
	a = m->by == LTTR_BY_ENDPOINT ? addr_node(mf, from->local) : far_node(mf, from, from->local);
	b = m->by == LTTR_BY_ENDPOINT ? addr_node(mt, to->local) : (long)to->rcv.v[r].node;
	if (a < 0 || b < 0) {
		m->nomem = 1;
		return -1;
	}
	msg.src = (uint32_t)a;
	msg.dst = (uint32_t)b;
	msg.dst_pid = to->rcv.v[r].pid;
	msg.send_ns = msg.recv_ns = to->rcv.v[r].t;
	m->s->warn.recv_only++;
	return emit(m, &msg);
}

/*
 * A TCP connection: the sends of both sides in time order, each run of
 * one side's sends a message.  @y NULL: the other side is not in the
 * trace, the receives of @x are the messages from it.  @my: the scan of
 * @y (another host's, lttr_msgs_from_hosts(); else @m).
 */
static void tcp_conn(struct msgscan *m, struct sock *x, struct sock *y, struct msgscan *my)
{
	struct xfers *in[2] = { &x->snd, y ? &y->snd : &x->rcv };
	struct sock *side[2] = { x, y };
	struct msgscan *scan_of[2] = { m, my };
	size_t k[2] = { 0, 0 };
	uint64_t id = ++m->conns << 32, exchanges = 0, lead[2] = { 0, 0 };
	int xcalls = calls(x, y);
	long far = y ? 0 : addr_node(m, x->peer);

	if (far < 0) {
		m->nomem = 1;
		return;
	}
	offsets(&x->snd);
	offsets(&x->rcv);
	if (y) {
		int c = xcalls ? 0 : 1;	/* the calling side */

		offsets(&y->snd);
		offsets(&y->rcv);
		/* data in flight at the start, the call's before its return */
		lead[0] = lead_bytes(&x->snd, &y->rcv);
		lead[1] = lead_bytes(&y->snd, &x->rcv);
		if (lead[c])
			exchanges++;
		if (tcp_lead(m, scan_of[c], scan_of[!c], side[c], side[!c], lead[c], LTTR_MSG_CALL,
			     id | exchanges) ||
		    tcp_lead(m, scan_of[!c], scan_of[c], side[!c], side[c], lead[!c], LTTR_MSG_RET,
			     id | exchanges))
			return;
	}
	while (k[0] < in[0]->n || k[1] < in[1]->n) {
		int d = k[1] >= in[1]->n ? 0 : k[0] >= in[0]->n ? 1 :
			in[1]->v[k[1]].t < in[0]->v[k[0]].t;
		const struct xfer *first = &in[d]->v[k[d]];
		struct lttr_msg msg = { .send_ns = first->t, .src_pid = first->pid };

		/* the run: this side's transfers until the other side's next */
		while (k[d] < in[d]->n && (k[!d] >= in[!d]->n ||
					   in[d]->v[k[d]].t <= in[!d]->v[k[!d]].t)) {
			msg.bytes += in[d]->v[k[d]].bytes;
			k[d]++;
		}
		msg.kind = (d == 0) == (xcalls != 0) ? LTTR_MSG_CALL : LTTR_MSG_RET;
		if (msg.kind == LTTR_MSG_CALL)
			exchanges++;
		msg.id = id | exchanges;
		if (y) {
			struct sock *from = side[d], *to = side[!d];
			/* the receive that reaches the run's last byte */
			size_t r = reaching(&to->rcv, from->snd.v[k[d] - 1].end + lead[d]);
			long a, b;
			struct msgscan *mf = scan_of[d], *mt = scan_of[!d];

			a = m->by == LTTR_BY_ENDPOINT ? addr_node(mf, from->local) : (long)first->node;
			b = m->by == LTTR_BY_ENDPOINT ? addr_node(mt, to->local) :
				r >= to->rcv.n ? far_node(mt, to, to->local) : (long)to->rcv.v[r].node;
			if (a < 0 || b < 0) {
				m->nomem = 1;
				return;
			}
			msg.src = (uint32_t)a;
			msg.dst = (uint32_t)b;
			if (r < to->rcv.n) {
				msg.recv_ns = to->rcv.v[r].t;
				msg.dst_pid = to->rcv.v[r].pid;
			} else {
				/* not received before the trace ended (or lost) */
				msg.recv_ns = msg.send_ns;
				msg.flags = LTTR_MSG_SEND_ONLY;
				m->s->warn.send_only++;
			}
		} else if (d == 0) {
			long a = m->by == LTTR_BY_ENDPOINT ? addr_node(m, x->local) :
				(long)first->node;

			if (a < 0) {
				m->nomem = 1;
				return;
			}
			msg.src = (uint32_t)a;
			msg.dst = (uint32_t)far;
			msg.recv_ns = msg.send_ns;
			msg.flags = LTTR_MSG_SEND_ONLY;
			m->s->warn.send_only++;
		} else {
			long b = m->by == LTTR_BY_ENDPOINT ? addr_node(m, x->local) :
				(long)first->node;

			if (b < 0) {
				m->nomem = 1;
				return;
			}
			/* the receives of a run: received when its last one returned */
			msg.src = (uint32_t)far;
			msg.dst = (uint32_t)b;
			msg.src_pid = 0;
			msg.dst_pid = in[1]->v[k[1] - 1].pid;
			msg.recv_ns = in[1]->v[k[1] - 1].t;
			msg.send_ns = msg.recv_ns;
			msg.flags = LTTR_MSG_RECV_ONLY;
			m->s->warn.recv_only++;
		}
		if (emit(m, &msg))
			return;
	}
}

/* the UDP datagrams of one direction between two endpoints */
struct udir {
	struct xfer **snd;
	size_t nsnd;
	struct xfer **rcv;
	size_t nrcv;
	char src[ADDR_LEN];
	char dst[ADDR_LEN];
	int qual;			/* its loopback's host (several hosts), or -1 */
	const struct sock *from;	/* the sockets of the ends, if known */
	const struct sock *to;
	struct msgscan *ms;		/* the traces of its sends and receives */
	struct msgscan *mr;
};

static int ptr_add(struct xfer ***v, size_t *n, struct xfer *x)
{
	struct xfer **nv;

	if (!(*n & (*n - 1)) || !*n) {
		nv = realloc(*v, (*n ? *n * 2 : 8) * sizeof(*nv));
		if (!nv)
			return -1;
		*v = nv;
	}
	(*v)[(*n)++] = x;
	return 0;
}

static int by_xfer_time(const void *pa, const void *pb)
{
	const struct xfer *a = *(struct xfer *const *)pa, *b = *(struct xfer *const *)pb;

	return a->t < b->t ? -1 : a->t > b->t;
}

/* a loopback address ("127.x.y.z:port", "[::1]:port"): the host's own */
static int loopback(const char *addr)
{
	return !strncmp(addr, "127.", 4) || !strncmp(addr, "[::1]:", 6);
}

/*
 * The direction @src to @dst of host @host's datagrams (-1: one trace).
 * Over several hosts a direction between two hosts' addresses is one for
 * both traces (sent in one, received in the other); one of a loopback
 * address is its host's own.
 */
static struct udir *udir_of(struct lttr_keymap *map, struct udir **v, size_t *n,
			    const char *src, const char *dst, int host)
{
	char key[2 * ADDR_LEN + 16];
	int qual = host >= 0 && (loopback(src) || loopback(dst)) ? host : -1;
	size_t k;

	snprintf(key, sizeof(key), "%d|%s>%s", qual, src, dst);
	if (lttr_keymap_find(map, key, strlen(key), &k))
		return &(*v)[k];
	if (!(*n & (*n - 1)) || !*n) {
		struct udir *nv = realloc(*v, (*n ? *n * 2 : 8) * sizeof(*nv));

		if (!nv)
			return NULL;
		*v = nv;
	}
	if (lttr_keymap_put(map, key, strlen(key), *n))
		return NULL;
	memset(&(*v)[*n], 0, sizeof(**v));
	snprintf((*v)[*n].src, ADDR_LEN, "%s", src);
	snprintf((*v)[*n].dst, ADDR_LEN, "%s", dst);
	(*v)[*n].qual = qual;
	return &(*v)[(*n)++];
}

/* one datagram of @d (its k-th send and k-th receive, either may lack) */
static int udp_msg(struct msgscan *m, const struct udir *d, size_t k, int call, uint64_t id)
{
	const struct xfer *s = k < d->nsnd ? d->snd[k] : NULL;
	const struct xfer *r = k < d->nrcv ? d->rcv[k] : NULL;
	struct lttr_msg msg = { .kind = call ? LTTR_MSG_CALL : LTTR_MSG_RET, .id = id };
	/* each end named in its own trace (several hosts), else in @m's */
	struct msgscan *ms = d->ms ? d->ms : m, *mr = d->mr ? d->mr : m;
	long a, b;

	if (ms->by == LTTR_BY_ENDPOINT)
		a = addr_node(ms, d->src);
	else
		a = s ? (long)s->node : far_node(ms, d->from, d->src);
	if (mr->by == LTTR_BY_ENDPOINT)
		b = addr_node(mr, d->dst);
	else
		b = r ? (long)r->node : far_node(mr, d->to, d->dst);
	if (a < 0 || b < 0) {
		m->nomem = 1;
		return -1;
	}
	msg.src = (uint32_t)a;
	msg.dst = (uint32_t)b;
	if (s && r) {
		msg.send_ns = s->t;
		msg.recv_ns = r->t;
		msg.src_pid = s->pid;
		msg.dst_pid = r->pid;
		msg.bytes = s->bytes;
	} else if (s) {
		msg.send_ns = msg.recv_ns = s->t;
		msg.src_pid = s->pid;
		msg.bytes = s->bytes;
		msg.flags = LTTR_MSG_SEND_ONLY;
		m->s->warn.send_only++;
	} else if (r) {
		msg.send_ns = msg.recv_ns = r->t;
		msg.dst_pid = r->pid;
		msg.bytes = r->bytes;
		msg.flags = LTTR_MSG_RECV_ONLY;
		m->s->warn.recv_only++;
	} else {
		return 0;
	}
	return emit(m, &msg);
}

/* the datagrams between two endpoints, both ways, the first sender calling */
static void udp_pair(struct msgscan *m, struct udir *ab, struct udir *ba)
{
	size_t i = 0, j = 0, na = ab->nsnd > ab->nrcv ? ab->nsnd : ab->nrcv;
	size_t nb = ba ? (ba->nsnd > ba->nrcv ? ba->nsnd : ba->nrcv) : 0;
	uint64_t id = ++m->conns << 32, exchanges = 0;
	int a_calls;

	/* a datagram's time: its send, or its receive when the send was not seen */
#define UTIME(d, k) ((k) < (d)->nsnd ? (d)->snd[k]->t : (d)->rcv[k]->t)
	a_calls = !nb || (na && UTIME(ab, 0) <= UTIME(ba, 0));
	while (i < na || j < nb) {
		int a = j >= nb || (i < na && UTIME(ab, i) <= UTIME(ba, j));
		int call = a == a_calls;

		if (call)
			exchanges++;
		if (udp_msg(m, a ? ab : ba, a ? i++ : j++, call, id | exchanges))
			return;
	}
#undef UTIME
}

/*
 * The receives of a socket that neither connected nor was told the
 * source (recv, read): from the one endpoint that sent to it, when there
 * is exactly one (of host @host's own loopback, or between hosts).
 */
static void unsourced(struct msgscan *m, struct udir *v, size_t n, struct xfer **r,
		      size_t nr, const struct sock *so, int host)
{
	const char *dst = so->local;
	size_t i, from = n, k;

	for (i = 0; i < n; i++) {
		if (strcmp(v[i].dst, dst) || (v[i].qual >= 0 && v[i].qual != host))
			continue;
		if (from != n) {
			m->s->warn.unknown_socket += nr;
			return;
		}
		from = i;
	}
	if (from == n) {
		m->s->warn.unknown_socket += nr;
		return;
	}
	for (k = 0; k < nr; k++)
		if (ptr_add(&v[from].rcv, &v[from].nrcv, r[k]))
			m->nomem = 1;
	v[from].to = so;
	v[from].mr = m;
}

/* the UDP socket bound to @addr, or NULL */
static const struct sock *udp_sock_at(const struct msgscan *m, const char *addr)
{
	size_t i;

	for (i = 0; i < m->n; i++)
		if (m->v[i].type == 2 && !strcmp(m->v[i].local, addr))
			return &m->v[i];
	return NULL;
}

/* the directions of the datagrams of one trace or of several */
struct udps {
	struct lttr_keymap map;
	struct udir *v;
	size_t n;
};

/* the datagrams of trace @m (host @host of several, or -1) into @u */
static void udp_collect(struct msgscan *m, struct udps *u, int host)
{
	size_t i, k;

	for (i = 0; i < m->n && !m->nomem; i++) {
		struct sock *so = &m->v[i];

		if (so->type != 2 || !inet(so->family))
			continue;
		for (k = 0; k < so->snd.n; k++) {
			const char *dst = so->snd.v[k].addr[0] ? so->snd.v[k].addr : so->peer;
			struct udir *d;

			if (!so->local[0] || !dst[0]) {
				m->s->warn.unknown_socket++;
				continue;
			}
			d = udir_of(&u->map, &u->v, &u->n, so->local, dst, host);
			if (!d || ptr_add(&d->snd, &d->nsnd, &so->snd.v[k])) {
				m->nomem = 1;
			} else {
				d->from = so;
				d->ms = m;
			}
		}
	}
	for (i = 0; i < m->n && !m->nomem; i++) {
		struct sock *so = &m->v[i];
		struct xfer **blind = NULL;
		size_t nblind = 0;

		if (so->type != 2 || !inet(so->family))
			continue;
		for (k = 0; k < so->rcv.n; k++) {
			const char *src = so->rcv.v[k].addr[0] ? so->rcv.v[k].addr : so->peer;
			struct udir *d;

			if (!so->local[0]) {
				m->s->warn.unknown_socket++;
				continue;
			}
			if (!src[0]) {
				if (ptr_add(&blind, &nblind, &so->rcv.v[k]))
					m->nomem = 1;
				continue;
			}
			d = udir_of(&u->map, &u->v, &u->n, src, so->local, host);
			if (!d || ptr_add(&d->rcv, &d->nrcv, &so->rcv.v[k])) {
				m->nomem = 1;
			} else {
				d->to = so;
				d->mr = m;
			}
		}
		if (nblind)
			unsourced(m, u->v, u->n, blind, nblind, so, host);
		free(blind);
	}
}

/* the datagrams of @u paired, each direction with its way back (@m: the
 * trace whose connection numbers and errors they take) */
static void udp_pairs(struct msgscan *m, struct udps *u)
{
	struct udir *v = u->v;
	size_t n = u->n, i, k;
	uint8_t *done = calloc(n + 1, 1);

	if (!done)
		m->nomem = 1;
	for (i = 0; i < n && !m->nomem; i++) {
		struct msgscan *ms = v[i].ms ? v[i].ms : v[i].mr;
		struct msgscan *mr = v[i].mr ? v[i].mr : v[i].ms;

		if (!v[i].from && ms)
			v[i].from = udp_sock_at(ms, v[i].src);
		if (!v[i].to && mr)
			v[i].to = udp_sock_at(mr, v[i].dst);
		qsort(v[i].snd, v[i].nsnd, sizeof(*v[i].snd), by_xfer_time);
		qsort(v[i].rcv, v[i].nrcv, sizeof(*v[i].rcv), by_xfer_time);
	}
	for (i = 0; i < n && !m->nomem; i++) {
		char key[2 * ADDR_LEN + 16];
		struct udir *back = NULL;

		if (done[i])
			continue;
		snprintf(key, sizeof(key), "%d|%s>%s", v[i].qual, v[i].dst, v[i].src);
		if (lttr_keymap_find(&u->map, key, strlen(key), &k)) {
			back = &v[k];
			done[k] = 1;
		}
		done[i] = 1;
		udp_pair(m, &v[i], back);
	}
	free(done);
}

static void udp_free(struct udps *u)
{
	size_t i;

	for (i = 0; i < u->n; i++) {
		free(u->v[i].snd);
		free(u->v[i].rcv);
	}
	free(u->v);
	lttr_keymap_free(&u->map);
}

/* the UDP datagrams of one trace */
static void udp(struct msgscan *m)
{
	struct udps u = { 0 };

	udp_collect(m, &u, -1);
	udp_pairs(m, &u);
	udp_free(&u);
}

/* the TCP connections: sockets paired by their endpoints */
static void tcp(struct msgscan *m)
{
	struct lttr_keymap map = { 0 };
	size_t i, k;

	for (i = 0; i < m->n; i++) {
		char key[2 * ADDR_LEN + 2];
		struct sock *so = &m->v[i];

		if (so->type != 1 || !so->local[0] || !so->peer[0])
			continue;
		snprintf(key, sizeof(key), "%s|%s", so->local, so->peer);
		if (lttr_keymap_put(&map, key, strlen(key), i)) {
			m->nomem = 1;
			break;
		}
	}
	for (i = 0; i < m->n && !m->nomem; i++) {
		char key[2 * ADDR_LEN + 2];
		struct sock *so = &m->v[i], *peer = NULL;

		if (so->type != 1 || !inet(so->family) || (!so->snd.n && !so->rcv.n) || so->xhost)
			continue;
		if (!so->local[0] || !so->peer[0]) {
			m->s->warn.unknown_socket += so->snd.n + so->rcv.n;
			continue;
		}
		snprintf(key, sizeof(key), "%s|%s", so->peer, so->local);
		if (lttr_keymap_find(&map, key, strlen(key), &k) && k != i)
			peer = &m->v[k];
		/* a connection once: from its socket of the lower index, unless
		   that one was passed over for moving no data */
		if (peer && k < i && inet(peer->family) && (peer->snd.n || peer->rcv.n))
			continue;
		tcp_conn(m, so, peer, m);
	}
	lttr_keymap_free(&map);
}

int lttr_msgs_from_trace(struct lttr_trace *t, unsigned int by, struct lttr_msgset *s,
			 lttr_paths_progress_fn progress, void *arg, struct lttr_error *err)
{
	struct msgscan m = { .t = t, .s = s, .by = by };
	unsigned int c;
	size_t i;
	int r;

	lttr_pprog_init(&m.prog, t, progress, arg, 0, 1000);
	m.pt = lttr_ptable_new(lttr_trace_proc(t));
	if (!m.pt || from_snapshot(&m)) {
		r = lttr_error_set(err, LTTR_E_NOMEM, "messages: out of memory");
		goto out;
	}
	r = scan(&m, err);
	if (r < 0)
		goto out;
	tcp(&m);
	udp(&m);
	if (m.nomem) {
		r = lttr_error_set(err, LTTR_E_NOMEM, "messages: out of memory");
		goto out;
	}
	for (c = 0; c < lttr_trace_ncpus(t); c++)
		s->warn.lost_events += lttr_trace_lost_cpu(t, c);
	s->warn.old_format = lttr_trace_header(t)->minor < 4;
	lttr_msgset_sort(s);
	r = 0;
out:
	for (i = 0; i < m.n; i++) {
		free(m.v[i].snd.v);
		free(m.v[i].rcv.v);
	}
	free(m.v);
	free(m.entry);
	lttr_pidmap_free(&m.entry_idx);
	lttr_keymap_free(&m.socks);
	lttr_ptable_free(m.pt);
	return r;
}

/* the sockets of one trace, for lttr_msgs_across_traces() */
struct xtrace {
	struct msgscan m;
	struct lttr_msgset *s;
	struct lttr_keymap conns;	/* "local|peer" -> socket (TCP) */
};

static void xtrace_free(struct xtrace *x)
{
	size_t i;

	for (i = 0; i < x->m.n; i++) {
		free(x->m.v[i].tsnd.v);
		free(x->m.v[i].trcv.v);
	}
	free(x->m.v);
	free(x->m.entry);
	lttr_pidmap_free(&x->m.entry_idx);
	lttr_keymap_free(&x->m.socks);
	lttr_keymap_free(&x->conns);
	lttr_ptable_free(x->m.pt);
	lttr_msgset_free(x->s);
}

static int xtrace_scan(struct xtrace *x, struct lttr_trace *t, struct lttr_error *err)
{
	size_t i;
	int r;

	x->m.t = t;
	x->m.by = LTTR_BY_ENDPOINT;
	x->m.lean = true;
	x->s = x->m.s = lttr_msgset_new();
	lttr_pprog_init(&x->m.prog, t, NULL, NULL, 0, 1000);
	x->m.pt = lttr_ptable_new(lttr_trace_proc(t));
	if (!x->s || !x->m.pt || from_snapshot(&x->m))
		return lttr_error_set(err, LTTR_E_NOMEM, "messages: out of memory");
	r = scan(&x->m, err);
	if (r < 0)
		return r;
	for (i = 0; i < x->m.n; i++) {
		struct sock *so = &x->m.v[i];
		char key[2 * ADDR_LEN + 2];

		if (so->type != 1 || !inet(so->family) || !so->local[0] || !so->peer[0])
			continue;
		snprintf(key, sizeof(key), "%s|%s", so->local, so->peer);
		if (lttr_keymap_put(&x->conns, key, strlen(key), i))
			return lttr_error_set(err, LTTR_E_NOMEM, "messages: out of memory");
	}
	return 0;
}

int lttr_msgs_across_traces(struct lttr_trace **t, size_t n, struct lttr_sync_msg **out,
			    size_t *nout, struct lttr_xmsg_stats *st, struct lttr_error *err)
{
	struct lttr_xmsg_stats none;
	struct xtrace *x = calloc(n + 1, sizeof(*x));
	struct lttr_sync_msg *v = NULL;
	size_t nv = 0, cap = 0, i, j, k, q;
	int r = 0;

	*out = NULL;
	*nout = 0;
	if (!st)
		st = &none;
	memset(st, 0, sizeof(*st));
	if (!x)
		return lttr_error_set(err, LTTR_E_NOMEM, "messages: out of memory");
	for (i = 0; i < n && !r; i++)
		r = xtrace_scan(&x[i], t[i], err);
	for (i = 0; i < n && !r; i++) {
		for (k = 0; k < x[i].m.n && !r; k++) {
			const struct sock *so = &x[i].m.v[k], *peer = NULL;
			char key[2 * ADDR_LEN + 2];
			size_t pj = 0, found = 0, rr = 0;

			if (so->type != 1 || !inet(so->family) || !so->local[0] || !so->peer[0] ||
			    !so->tsnd.n)
				continue;
			snprintf(key, sizeof(key), "%s|%s", so->peer, so->local);
			if (lttr_keymap_find(&x[i].conns, key, strlen(key), &q)) {
				st->intra++;
				continue;
			}
			for (j = 0; j < n; j++) {
				char self[2 * ADDR_LEN + 2];

				if (j == i)
					continue;
				/* this end in another trace too: which is which is not known */
				snprintf(self, sizeof(self), "%s|%s", so->local, so->peer);
				if (lttr_keymap_find(&x[j].conns, self, strlen(self), &q))
					found += 2;
				if (!lttr_keymap_find(&x[j].conns, key, strlen(key), &q))
					continue;
				found++;
				pj = j;
				peer = &x[j].m.v[q];
			}
			if (!found)
				continue;
			if (found > 1) {
				st->ambiguous++;
				continue;
			}
			if (so->side < 0 || peer->side < 0) {
				st->unopened++;
				continue;
			}
			for (q = 0; q < so->tsnd.n; q++) {
				rr = treaching(&peer->trcv, rr, so->tsnd.v[q].end);
				if (rr >= peer->trcv.n) {
					st->unreceived++;
					continue;
				}
				if (lttr_room(&v, &cap, nv, sizeof(*v))) {
					r = lttr_error_set(err, LTTR_E_NOMEM, "messages: out of memory");
					break;
				}
				v[nv].src = (uint32_t)i;
				v[nv].dst = (uint32_t)pj;
				v[nv].send_ns = so->tsnd.v[q].t;
				v[nv].recv_ns = peer->trcv.v[rr].t;
				nv++;
			}
		}
	}
	for (i = 0; i < n; i++)
		xtrace_free(&x[i]);
	free(x);
	if (r < 0) {
		free(v);
		return r;
	}
	*out = v;
	*nout = nv;
	return 0;
}

/* a time of host @k's clock on the reference's, rounded to the ns */
static int to_ref(const struct lttr_sync_model *model, size_t k, uint64_t *t)
{
	double v = lttr_sync_to_ref(model, k, *t) + 0.5;

	if (v < 0 || v >= 18446744073709551615.0)
		return -1;
	*t = (uint64_t)v;
	return 0;
}

static int xfers_to_ref(const struct lttr_sync_model *model, size_t k, struct xfers *x)
{
	size_t i;

	for (i = 0; i < x->n; i++)
		if (to_ref(model, k, &x->v[i].t))
			return -1;
	return 0;
}

int lttr_msgs_from_hosts(struct lttr_trace **t, size_t n, const char *const *hosts,
			 const struct lttr_sync_model *model, unsigned int by,
			 struct lttr_msgset *s, struct lttr_error *err)
{
	struct msgscan *m = calloc(n + 1, sizeof(*m));
	struct lttr_keymap *conns = calloc(n + 1, sizeof(*conns));
	uint64_t nconns = 0;
	size_t i, j, k, q;
	unsigned int c;
	int r = 0;

	if (!m || !conns) {
		free(m);
		free(conns);
		return lttr_error_set(err, LTTR_E_NOMEM, "messages: out of memory");
	}
	for (i = 0; i < n && !r; i++) {
		if (!model->hosts[i].synced) {
			r = lttr_error_set(err, LTTR_E_FORMAT,
					   "host %zu (%s) is not synchronised: its times cannot be put on the reference's clock (see merge's report)",
					   i, hosts[i]);
			break;
		}
		m[i] = (struct msgscan){ .t = t[i], .s = s, .by = by, .host = hosts[i] };
		lttr_pprog_init(&m[i].prog, t[i], NULL, NULL, 0, 1000);
		m[i].pt = lttr_ptable_new(lttr_trace_proc(t[i]));
		if (!m[i].pt || from_snapshot(&m[i])) {
			r = lttr_error_set(err, LTTR_E_NOMEM, "messages: out of memory");
			break;
		}
		r = scan(&m[i], err);
		if (r < 0)
			break;
		/* on the reference's clock: the messages' copies, not the events */
		for (k = 0; k < m[i].n && !r; k++)
			if (xfers_to_ref(model, i, &m[i].v[k].snd) ||
			    xfers_to_ref(model, i, &m[i].v[k].rcv))
				r = lttr_error_set(err, LTTR_E_FORMAT,
						   "host %zu (%s): a time falls outside the reference's clock once converted",
						   i, hosts[i]);
		for (k = 0; k < m[i].n && !r; k++) {
			const struct sock *so = &m[i].v[k];
			char key[2 * ADDR_LEN + 2];

			if (so->type != 1 || !inet(so->family) || !so->local[0] || !so->peer[0])
				continue;
			snprintf(key, sizeof(key), "%s|%s", so->local, so->peer);
			if (lttr_keymap_put(&conns[i], key, strlen(key), k))
				r = lttr_error_set(err, LTTR_E_NOMEM, "messages: out of memory");
		}
	}
	/* the connections with their other end in another host's trace */
	for (i = 0; i < n && !r; i++) {
		for (k = 0; k < m[i].n; k++) {
			struct sock *so = &m[i].v[k], *peer = NULL;
			char key[2 * ADDR_LEN + 2];
			size_t pj = 0, found = 0;

			if (so->type != 1 || !inet(so->family) || !so->local[0] || !so->peer[0])
				continue;
			snprintf(key, sizeof(key), "%s|%s", so->peer, so->local);
			if (lttr_keymap_find(&conns[i], key, strlen(key), &q))
				continue;
			for (j = 0; j < n; j++)
				if (j != i && lttr_keymap_find(&conns[j], key, strlen(key), &q)) {
					found++;
					pj = j;
					peer = &m[j].v[q];
				}
			/* not in another trace, or in several: one-sided; once,
			   from the end of the first host */
			if (found != 1 || pj < i)
				continue;
			so->xhost = peer->xhost = 1;
			m[i].conns = nconns;
			tcp_conn(&m[i], so, peer, &m[pj]);
			nconns = m[i].conns;
		}
	}
	for (i = 0; i < n && !r; i++) {
		m[i].conns = nconns;
		tcp(&m[i]);
		nconns = m[i].conns;
		for (c = 0; c < lttr_trace_ncpus(t[i]); c++)
			s->warn.lost_events += lttr_trace_lost_cpu(t[i], c);
		if (lttr_trace_header(t[i])->minor < 4)
			s->warn.old_format = true;
	}
	/*
	 * The datagrams of every host at once: one sent in a trace and
	 * received in another is one message (the hosts' addresses, a
	 * loopback's its host's own); in each direction the k-th send and
	 * the k-th receive, as within a trace.
	 */
	if (!r) {
		struct udps u = { 0 };

		for (i = 0; i < n; i++)
			udp_collect(&m[i], &u, (int)i);
		m[0].conns = nconns;
		udp_pairs(&m[0], &u);
		udp_free(&u);
	}
	for (i = 0; i < n; i++)
		if (m[i].nomem && !r)
			r = lttr_error_set(err, LTTR_E_NOMEM, "messages: out of memory");
	if (!r)
		lttr_msgset_sort(s);
	for (i = 0; i < n; i++) {
		for (k = 0; k < m[i].n; k++) {
			free(m[i].v[k].snd.v);
			free(m[i].v[k].rcv.v);
		}
		free(m[i].v);
		free(m[i].entry);
		lttr_pidmap_free(&m[i].entry_idx);
		lttr_keymap_free(&m[i].socks);
		lttr_keymap_free(&conns[i]);
		lttr_ptable_free(m[i].pt);
	}
	free(m);
	free(conns);
	return r < 0 ? r : 0;
}
