// SPDX-License-Identifier: GPL-2.0
/*
 * critpath.c - the critical path of a task: its states over an interval,
 * each blocked interval that a task ended (its wakeup in process
 * context) replaced by the critical path of that waker over the same
 * interval, recursively (Trace Compass's critical path of a thread).
 * The segments tile the interval; the totals sum them per task and state.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/reader/trace.h>
#include <lttr/paths/message.h>
#include <lttr/paths/trace-messages.h>
#include <lttr/sync/clocksync.h>
#include <lttr/analysis/account.h>
#include "analysis/critpath-internal.h"

/* a message (between two hosts or within one), its times on the reference's clock */
struct xmsg {
	uint32_t dst_host;
	uint32_t dst_pid;
	uint64_t recv_ns;
	uint32_t src_host;
	uint32_t src_pid;
	uint64_t send_ns;
};

struct walk {
	const struct timeline *tl;	/* the current host's */
	struct lttr_critpath *cp;
	size_t cap;
	size_t capstep;
	uint64_t *path;		/* the tasks being followed (host << 32 | pid), outermost first */
	size_t npath;
	size_t cappath;
	int nomem;
	/* across hosts (lttr_critpath_hosts()); @model NULL: one trace */
	const struct timeline *tls;	/* each host's */
	const struct lttr_sync_model *model;
	const struct xmsg *xm;		/* by receiver, then receive time */
	size_t nxm;
	uint32_t host;			/* the current one */
	uint64_t lo, hi;		/* the part of the path being built (reference's clock) */
};

/* a time of the current host's clock on the reference's, rounded, within [lo, hi] */
static uint64_t to_ref(const struct walk *w, uint64_t t)
{
	double r;

	if (!w->model)
		return t;
	r = w->host ? lttr_sync_to_ref(w->model, w->host, t) + 0.5 : (double)t;
	if (r <= (double)w->lo)
		return w->lo;
	if (r >= (double)w->hi)
		return w->hi;
	return (uint64_t)r;
}

/* a time of the current host's clock on the reference's, rounded */
static uint64_t ref_raw(const struct walk *w, uint64_t t)
{
	return w->model ? lttr_sync_to_ref_ns(w->model, w->host, t) : t;
}

const char *lttr_cp_state_name(unsigned int state, unsigned int reason)
{
	static const char *const bnames[LTTR_BLOCK_COUNT] = {
		"blocked_io", "blocked_sleep", "blocked_futex", "blocked_child",
		"blocked_fault", "blocked_other", "blocked_unknown",
	};

	switch (state) {
	case LTTR_CP_RUNNING:
		return "running";
	case LTTR_CP_RUNNABLE:
		return "runnable";
	case LTTR_CP_BLOCKED:
		return reason < LTTR_BLOCK_COUNT ? bnames[reason] : "blocked";
	case LTTR_CP_UNKNOWN:
		return "unknown";
	case LTTR_CP_TRANSIT:
		return "transit";
	default:
		return "absent";
	}
}

/* @s0 (on the current host's clock; a transit: on the reference's) to the path */
static void emit(struct walk *w, const struct lttr_cp_seg *s0)
{
	struct lttr_critpath *cp = w->cp;
	struct lttr_cp_seg conv = *s0;
	const struct lttr_cp_seg *s = &conv;

	if (w->model && s0->state != LTTR_CP_TRANSIT) {
		conv.start_ns = to_ref(w, s0->start_ns);
		conv.end_ns = to_ref(w, s0->end_ns);
		conv.host = w->host;
	}
	if (s->end_ns <= s->start_ns)
		return;
	if (cp->nseg == w->cap) {
		size_t ncap = w->cap ? w->cap * 2 : 64;
		struct lttr_cp_seg *n = realloc(cp->seg, ncap * sizeof(*n));

		if (!n) {
			w->nomem = 1;
			return;
		}
		cp->seg = n;
		w->cap = ncap;
	}
	cp->seg[cp->nseg++] = *s;
}

static bool on_host_path(const struct walk *w, uint32_t host, uint32_t pid)
{
	uint64_t key = (uint64_t)host << 32 | pid;
	size_t i;

	for (i = 0; i < w->npath; i++)
		if (w->path[i] == key)
			return true;
	return false;
}

static bool on_path(const struct walk *w, uint32_t pid)
{
	uint64_t key = (uint64_t)w->host << 32 | pid;
	size_t i;

	for (i = 0; i < w->npath; i++)
		if (w->path[i] == key)
			return true;
	return false;
}

static void walk(struct walk *w, uint32_t pid, uint64_t a, uint64_t b,
		 uint32_t depth, const struct lttr_cp_seg *fallback);

/* the block @s of @pid, its part [@t, @e] on the path beginning at the next segment */
static struct lttr_cp_step *step(struct walk *w, uint32_t pid, uint32_t depth,
				  const struct tl_state *s, uint64_t t, uint64_t e, bool followed,
				  const struct lttr_waker *waker)
{
	struct lttr_critpath *cp = w->cp;
	struct lttr_cp_step *st;

	if (e <= t)
		return NULL;
	if (cp->nstep == w->capstep) {
		size_t ncap = w->capstep ? w->capstep * 2 : 16;
		struct lttr_cp_step *n = realloc(cp->step, ncap * sizeof(*n));

		if (!n) {
			w->nomem = 1;
			return NULL;
		}
		cp->step = n;
		w->capstep = ncap;
	}
	st = &cp->step[cp->nstep++];
	memset(st, 0, sizeof(*st));
	st->pid = pid;
	st->depth = depth;
	st->block_ns = w->model ? to_ref(w, s->t) : s->t;
	st->start_ns = w->model ? to_ref(w, t) : t;
	st->end_ns = w->model ? to_ref(w, e) : e;
	st->seg = cp->nseg;
	st->followed = followed;
	st->waker = *waker;
	if (s->lock_ok)
		st->lock = s->lock;
	st->host = w->host;
	return st;
}

/*
 * The message from another host that ended @tk's block @i (ending at
 * @end, its wakeup): received by @tk after @end (its receive returned)
 * and before @tk blocked again; of those, the first received, and of
 * those received together the last sent.  NULL: none.
 */
static const struct xmsg *xmatch(const struct walk *w, const struct tl_task *tk, size_t i,
				 uint64_t end)
{
	uint64_t er, nb = UINT64_MAX;
	const struct xmsg *best = NULL;
	size_t lo = 0, hi = w->nxm, j;

	for (j = i + 1; j < tk->n; j++)
		if (tk->v[j].state == LTTR_TS_BLOCKED) {
			nb = ref_raw(w, tk->v[j].t);
			break;
		}
	er = ref_raw(w, end);
	while (lo < hi) {	/* the first of (host, pid) received at or after @er */
		size_t mid = lo + (hi - lo) / 2;
		const struct xmsg *m = &w->xm[mid];

		if (m->dst_host < w->host || (m->dst_host == w->host &&
		    (m->dst_pid < tk->pid || (m->dst_pid == tk->pid && m->recv_ns < er))))
			lo = mid + 1;
		else
			hi = mid;
	}
	for (j = lo; j < w->nxm; j++) {
		const struct xmsg *m = &w->xm[j];

		if (m->dst_host != w->host || m->dst_pid != tk->pid || m->recv_ns > nb)
			break;
		if (best && m->recv_ns != best->recv_ns)
			break;
		if (!best || m->send_ns > best->send_ns)
			best = m;
	}
	return best;
}

/*
 * @tk's block [@t, @e] ended by the message @m from another host: the
 * sender's path up to the send, then the transit up to the wakeup @e.
 */
static void across(struct walk *w, const struct tl_task *tk, size_t i, uint64_t t, uint64_t e,
		   uint32_t depth, const struct xmsg *m)
{
	const struct tl_state *s = &tk->v[i];
	uint64_t tr = to_ref(w, t), er = to_ref(w, e), send = m->send_ns;
	uint32_t host = w->host;
	uint64_t lo = w->lo, hi = w->hi;
	const struct timeline *tl = w->tl;
	struct lttr_cp_step *st;
	struct lttr_cp_seg seg;
	size_t first;

	st = step(w, tk->pid, depth, s, t, e, true, &s->waker);
	if (!st)
		return;
	st->message = true;
	st->send_ns = send;
	st->recv_ns = m->recv_ns;
	st->peer_host = m->src_host;
	st->peer_pid = m->src_pid;
	if (send > er)		/* the rounding of a nested part's ends */
		send = er;
	first = w->cp->nseg;
	if (send > tr) {
		w->host = m->src_host;
		w->tl = &w->tls[m->src_host];
		w->lo = tr;
		w->hi = send;
		walk(w, m->src_pid, lttr_sync_from_ref_ns(w->model, w->host, tr),
		     lttr_sync_from_ref_ns(w->model, w->host, send), depth + 1, NULL);
		w->host = host;
		w->tl = tl;
		w->lo = lo;
		w->hi = hi;
		if (w->nomem)
			return;
		if (w->cp->nseg > first) {	/* exactly [tr, send], whatever the rounding */
			w->cp->seg[first].start_ns = tr;
			w->cp->seg[w->cp->nseg - 1].end_ns = send;
		}
	}
	memset(&seg, 0, sizeof(seg));
	seg.start_ns = w->cp->nseg > first ? w->cp->seg[w->cp->nseg - 1].end_ns : tr;
	seg.end_ns = er;
	seg.pid = tk->pid;
	seg.host = host;
	seg.state = LTTR_CP_TRANSIT;
	seg.depth = depth + 1;
	seg.peer_host = m->src_host;
	seg.peer_pid = m->src_pid;
	emit(w, &seg);
}

/*
 * @tk was blocked (state @i) over [@t, @e]: the task that woke it at the
 * end, if one did within the interval, is followed over [@t, @e];
 * otherwise the time is @tk's, blocked.
 */
static void blocked(struct walk *w, const struct tl_task *tk, size_t i,
		    uint64_t t, uint64_t e, uint64_t b, uint32_t depth)
{
	const struct tl_state *s = &tk->v[i];
	const struct tl_state *next = i + 1 < tk->n ? &tk->v[i + 1] : NULL;
	uint64_t end = tl_state_end(w->tl, tk, i);
	struct lttr_cp_seg seg = {
		.start_ns = t, .end_ns = e, .pid = tk->pid, .state = LTTR_CP_BLOCKED,
		.reason = s->reason, .mode = s->mode, .what = s->what, .depth = depth,
	};

	if (next && end <= b && next->state == LTTR_TS_RUNNABLE) {
		const struct xmsg *m;

		seg.waker = next->waker;
		/* a sleep, a futex, a child or a page: not a message's wait */
		m = w->model && s->reason != LTTR_BLOCK_SLEEP && s->reason != LTTR_BLOCK_FUTEX &&
		    s->reason != LTTR_BLOCK_CHILD && s->reason != LTTR_BLOCK_FAULT ?
		    xmatch(w, tk, i, end) : NULL;
		if (m && m->src_host == w->host && lttr_waker_is_task(&seg.waker) &&
		    seg.waker.pid != tk->pid && !on_path(w, seg.waker.pid))
			m = NULL;	/* within the host, a task's wakeup is followed as ever */
		if (m && m->send_ns < ref_raw(w, end) && m->send_ns > to_ref(w, t) &&
		    on_host_path(w, m->src_host, m->src_pid))
			m = NULL;	/* its sender is followed already: left the task's */
		if (m && m->send_ns < ref_raw(w, end)) {
			across(w, tk, i, t, e, depth, m);
			return;
		}
		if (m) {
			/* sent at or after the wakeup: the clocks' bound is violated */
			struct lttr_cp_step *st = step(w, tk->pid, depth, s, t, e, false, &seg.waker);
			uint64_t by = m->send_ns - ref_raw(w, end);

			if (st) {
				st->message = true;
				st->anomaly = true;
				st->send_ns = m->send_ns;
				st->recv_ns = m->recv_ns;
				st->peer_host = m->src_host;
				st->peer_pid = m->src_pid;
				w->cp->anomalies++;
				if (by > w->cp->worst_ns)
					w->cp->worst_ns = by;
			}
			emit(w, &seg);
			return;
		}
	}
	if (seg.waker.known && lttr_waker_is_task(&seg.waker) &&
	    seg.waker.pid != tk->pid && !on_path(w, seg.waker.pid)) {
		step(w, tk->pid, depth, s, t, e, true, &seg.waker);
		walk(w, seg.waker.pid, t, e, depth + 1, &seg);
		return;
	}
	step(w, tk->pid, depth, s, t, e, false, &seg.waker);
	emit(w, &seg);
}

/* the critical path of @pid over [@a, @b]; where it is absent, @fallback's */
static void walk(struct walk *w, uint32_t pid, uint64_t a, uint64_t b,
		 uint32_t depth, const struct lttr_cp_seg *fallback)
{
	const struct tl_task *tk = tl_task(w->tl, pid);
	struct lttr_cp_seg seg;
	uint64_t t = a;
	size_t i = 0;

	if (a >= b || w->nomem)
		return;
	if (w->npath == w->cappath) {
		size_t ncap = w->cappath ? w->cappath * 2 : 16;
		uint64_t *n = realloc(w->path, ncap * sizeof(*n));

		if (!n) {
			w->nomem = 1;
			return;
		}
		w->path = n;
		w->cappath = ncap;
	}
	w->path[w->npath++] = (uint64_t)w->host << 32 | pid;
	memset(&seg, 0, sizeof(seg));
	seg.pid = pid;
	seg.depth = depth;
	if (!tk || !tl_state_at(tk, a, &i)) {
		/* not seen yet at @a: its fork comes later, if at all */
		uint64_t first = tk && tk->n && tk->v[0].t < b ? tk->v[0].t : b;

		if (fallback) {
			seg = *fallback;
		} else {
			seg.state = LTTR_CP_ABSENT;
		}
		seg.start_ns = t;
		seg.end_ns = first;
		emit(w, &seg);
		t = first;
		i = 0;
	}
	for (; tk && i < tk->n && t < b; i++) {
		const struct tl_state *s = &tk->v[i];
		uint64_t e = tl_state_end(w->tl, tk, i);

		if (e > b)
			e = b;
		if (e <= t)
			continue;
		memset(&seg, 0, sizeof(seg));
		seg.start_ns = t;
		seg.end_ns = e;
		seg.pid = pid;
		seg.depth = depth;
		switch (s->state) {
		case LTTR_TS_RUNNING:
			seg.state = LTTR_CP_RUNNING;
			seg.cpu = s->cpu;
			emit(w, &seg);
			break;
		case LTTR_TS_RUNNABLE:
			seg.state = LTTR_CP_RUNNABLE;
			emit(w, &seg);
			break;
		case LTTR_TS_BLOCKED:
			blocked(w, tk, i, t, e, b, depth);
			break;
		case LTTR_TS_UNKNOWN:
			seg.state = LTTR_CP_UNKNOWN;
			emit(w, &seg);
			break;
		default:	/* dead or a zombie: a waker cannot be */
			if (fallback) {
				seg = *fallback;
				seg.start_ns = t;
				seg.end_ns = e;
			} else {
				seg.state = LTTR_CP_ABSENT;
			}
			emit(w, &seg);
			break;
		}
		t = e;
	}
	w->npath--;
}

static int cmp_tot(const void *pa, const void *pb)
{
	const struct lttr_cp_total *a = pa, *b = pb;

	if (a->ns != b->ns)
		return a->ns > b->ns ? -1 : 1;
	if (a->host != b->host)
		return a->host < b->host ? -1 : 1;
	if (a->pid != b->pid)
		return a->pid < b->pid ? -1 : 1;
	if (a->state != b->state)
		return a->state < b->state ? -1 : 1;
	return a->reason < b->reason ? -1 : a->reason > b->reason;
}

static int totals(struct lttr_critpath *cp)
{
	size_t i, j;

	cp->tot = calloc(cp->nseg ? cp->nseg : 1, sizeof(*cp->tot));
	if (!cp->tot)
		return -1;
	for (i = 0; i < cp->nseg; i++) {
		const struct lttr_cp_seg *s = &cp->seg[i];
		uint8_t reason = s->state == LTTR_CP_BLOCKED ? s->reason : 0;

		for (j = 0; j < cp->ntot; j++)	/* few tasks and states */
			if (cp->tot[j].pid == s->pid && cp->tot[j].state == s->state &&
			    cp->tot[j].reason == reason && cp->tot[j].host == s->host)
				break;
		if (j == cp->ntot) {
			cp->tot[j].host = s->host;
			cp->tot[j].pid = s->pid;
			cp->tot[j].state = s->state;
			cp->tot[j].reason = reason;
			cp->ntot++;
		}
		cp->tot[j].ns += s->end_ns - s->start_ns;
		cp->tot[j].count++;
		if (s->state < LTTR_CP_NSTATES)
			cp->state_ns[s->state] += s->end_ns - s->start_ns;
	}
	if (cp->ntot > 1)
		qsort(cp->tot, cp->ntot, sizeof(*cp->tot), cmp_tot);
	return 0;
}

int cp_build(const struct timeline *tl, uint32_t pid, uint64_t a, uint64_t b,
	     struct lttr_critpath *cp)
{
	struct walk w;

	memset(&w, 0, sizeof(w));
	w.tl = tl;
	w.cp = cp;
	walk(&w, pid, a, b, 0, NULL);
	free(w.path);
	if (w.nomem || totals(cp)) {
		free(cp->seg);
		free(cp->tot);
		free(cp->step);
		cp->seg = NULL;
		cp->tot = NULL;
		cp->step = NULL;
		cp->nseg = cp->ntot = cp->nstep = 0;
		return -1;
	}
	return 0;
}

void lttr_critpath_free(struct lttr_critpath *cp)
{
	size_t i;

	if (!cp)
		return;
	for (i = 0; i < cp->nstep; i++)
		lttr_block_stacks_clear(&cp->step[i].stacks);
	free(cp->step);
	free(cp->seg);
	free(cp->tot);
	if (cp->hacct) {
		for (i = 0; i < cp->nhosts; i++)
			lttr_account_free(cp->hacct[i]);
		free(cp->hacct);
	} else {
		lttr_account_free(cp->acct);
	}
	free(cp);
}

int lttr_critpath_compute(struct lttr_trace *t, uint32_t pid, uint64_t from_ns,
			  uint64_t to_ns, struct lttr_critpath **out,
			  struct lttr_error *err)
{
	return lttr_critpath_progress(t, pid, from_ns, to_ns, NULL, NULL, out, err);
}

int lttr_critpath_progress(struct lttr_trace *t, uint32_t pid, uint64_t from_ns,
			   uint64_t to_ns, int (*progress)(void *arg, unsigned int permille),
			   void *arg, struct lttr_critpath **out, struct lttr_error *err)
{
	const struct lttr_acct_task *tk;
	struct lttr_critpath *cp;
	struct timeline tl;
	uint64_t win[2] = { from_ns, to_ns };
	int r;

	*out = NULL;
	r = tl_collect(t, win, 1, false, false, 0, progress, arg, &tl, err);
	if (r < 0)
		return r;
	tk = lttr_account_find(tl.acct, pid);
	if (!tk || pid == 0) {
		tl_free(&tl);
		return lttr_error_set(err, LTTR_E_INVAL, "no task %u in the trace", pid);
	}
	cp = calloc(1, sizeof(*cp));
	if (!cp) {
		tl_free(&tl);
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	}
	cp->pid = pid;
	cp->from_ns = from_ns > tk->begin_ns ? from_ns : tk->begin_ns;
	cp->to_ns = to_ns < tk->end_ns ? to_ns : tk->end_ns;
	if (cp->from_ns >= cp->to_ns) {
		r = lttr_error_set(err, LTTR_E_INVAL,
				   "task %u is not alive in the interval asked for", pid);
	} else if (cp_build(&tl, pid, cp->from_ns, cp->to_ns, cp)) {
		r = lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	}
	if (r < 0) {
		tl_free(&tl);
		lttr_critpath_free(cp);
		return r;
	}
	cp->acct = tl.acct;
	tl.acct = NULL;
	tl_free(&tl);
	*out = cp;
	return 0;
}

static int cmp_xmsg(const void *pa, const void *pb)
{
	const struct xmsg *a = pa, *b = pb;

	if (a->dst_host != b->dst_host)
		return a->dst_host < b->dst_host ? -1 : 1;
	if (a->dst_pid != b->dst_pid)
		return a->dst_pid < b->dst_pid ? -1 : 1;
	if (a->recv_ns != b->recv_ns)
		return a->recv_ns < b->recv_ns ? -1 : 1;
	return a->send_ns < b->send_ns ? -1 : a->send_ns > b->send_ns;
}

/* the host of a node "hostK:..." (the names lttr_critpath_hosts() gives) */
static long node_host(const struct lttr_msgset *s, uint32_t node)
{
	const char *name = node < s->nnodes ? s->nodes[node] : "";
	char *end;
	long k;

	if (strncmp(name, "host", 4))
		return -1;
	k = strtol(name + 4, &end, 10);
	return *end == ':' ? k : -1;
}

/*
 * the messages with both ends seen (between two hosts, or within one:
 * those end a block that no task's wakeup ended), by receiver and
 * receive time
 */
static int xmsgs(struct lttr_trace **t, size_t n, const struct lttr_sync_model *model,
		 struct xmsg **out, size_t *nout, struct lttr_error *err)
{
	struct lttr_msgset *s = lttr_msgset_new();
	char (*names)[32] = calloc(n, sizeof(*names));
	const char **hosts = calloc(n, sizeof(*hosts));
	struct xmsg *v = NULL;
	size_t i, k = 0;
	int r = 0;

	if (!s || !names || !hosts) {
		r = lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
		goto out;
	}
	for (i = 0; i < n; i++) {
		snprintf(names[i], sizeof(names[i]), "host%zu", i);
		hosts[i] = names[i];
	}
	r = lttr_msgs_from_hosts(t, n, hosts, model, LTTR_BY_THREAD, s, err);
	if (r < 0)
		goto out;
	v = calloc(s->n ? s->n : 1, sizeof(*v));
	if (!v) {
		r = lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
		goto out;
	}
	for (i = 0; i < s->n; i++) {
		const struct lttr_msg *m = &s->v[i];
		long a = node_host(s, m->src), b = node_host(s, m->dst);

		if (a < 0 || b < 0 || !m->src_pid || !m->dst_pid ||
		    (m->flags & (LTTR_MSG_SEND_ONLY | LTTR_MSG_RECV_ONLY | LTTR_MSG_ONE_TIME)))
			continue;
		v[k].src_host = (uint32_t)a;
		v[k].src_pid = m->src_pid;
		v[k].send_ns = m->send_ns;
		v[k].dst_host = (uint32_t)b;
		v[k].dst_pid = m->dst_pid;
		v[k].recv_ns = m->recv_ns;
		k++;
	}
	qsort(v, k, sizeof(*v), cmp_xmsg);
out:
	lttr_msgset_free(s);
	free(names);
	free(hosts);
	if (r < 0) {
		free(v);
		v = NULL;
		k = 0;
	}
	*out = v;
	*nout = k;
	return r;
}

int lttr_critpath_hosts(struct lttr_trace **t, size_t n, const struct lttr_sync_model *model,
			size_t host, uint32_t pid, uint64_t from_ns, uint64_t to_ns,
			struct lttr_critpath **out, struct lttr_error *err)
{
	const struct lttr_acct_task *tk;
	struct lttr_critpath *cp = NULL;
	struct timeline *tls = NULL;
	struct xmsg *xm = NULL;
	struct walk w;
	size_t nxm = 0, k, ncol = 0;
	int r = 0;

	*out = NULL;
	if (!model || model->nhosts != n || host >= n)
		return lttr_error_set(err, LTTR_E_INVAL, "host %zu: not a host of the set", host);
	for (k = 0; k < n; k++)
		if (!model->hosts[k].synced)
			return lttr_error_set(err, LTTR_E_INVAL,
					      "host %zu is not synchronised: its times cannot be put on the reference's clock",
					      k);
	r = xmsgs(t, n, model, &xm, &nxm, err);
	if (r < 0)
		return r;
	tls = calloc(n, sizeof(*tls));
	cp = calloc(1, sizeof(*cp));
	if (cp)
		cp->hacct = calloc(n, sizeof(*cp->hacct));
	if (!tls || !cp || !cp->hacct) {
		r = lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
		goto out;
	}
	cp->nhosts = n;
	for (k = 0; k < n && r >= 0; k++) {
		uint64_t win[2] = { lttr_sync_from_ref_ns(model, k, from_ns),
				    to_ns == UINT64_MAX ? UINT64_MAX :
				    lttr_sync_from_ref_ns(model, k, to_ns) };

		r = tl_collect(t[k], win, 1, false, false, 0, NULL, NULL, &tls[k], err);
		if (r >= 0) {
			ncol++;
			cp->hacct[k] = tls[k].acct;
			tls[k].acct = NULL;
		}
	}
	if (r < 0)
		goto out;
	cp->acct = cp->hacct[host];
	cp->host = (uint32_t)host;
	cp->pid = pid;
	tk = lttr_account_find(cp->acct, pid);
	if (!tk || !pid) {
		r = lttr_error_set(err, LTTR_E_INVAL, "no task %u on host %zu", pid, host);
		goto out;
	}
	memset(&w, 0, sizeof(w));
	w.model = model;
	w.host = (uint32_t)host;
	w.lo = 0;
	w.hi = UINT64_MAX;
	cp->from_ns = ref_raw(&w, tk->begin_ns);
	cp->to_ns = ref_raw(&w, tk->end_ns);
	if (from_ns > cp->from_ns)
		cp->from_ns = from_ns;
	if (to_ns < cp->to_ns)
		cp->to_ns = to_ns;
	if (cp->from_ns >= cp->to_ns) {
		r = lttr_error_set(err, LTTR_E_INVAL,
				   "task %u is not alive in the interval asked for", pid);
		goto out;
	}
	w.tls = tls;
	w.tl = &tls[host];
	w.xm = xm;
	w.nxm = nxm;
	w.cp = cp;
	w.lo = cp->from_ns;
	w.hi = cp->to_ns;
	walk(&w, pid, lttr_sync_from_ref_ns(model, w.host, cp->from_ns),
	     lttr_sync_from_ref_ns(model, w.host, cp->to_ns), 0, NULL);
	free(w.path);
	if (!w.nomem && cp->nseg) {	/* exactly the interval, whatever the rounding */
		cp->seg[0].start_ns = cp->from_ns;
		cp->seg[cp->nseg - 1].end_ns = cp->to_ns;
	}
	if (w.nomem || totals(cp))
		r = lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
out:
	for (k = 0; k < ncol; k++)
		tl_free(&tls[k]);
	free(tls);
	free(xm);
	if (r < 0) {
		lttr_critpath_free(cp);
		return r;
	}
	*out = cp;
	return 0;
}
