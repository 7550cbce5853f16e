// SPDX-License-Identifier: GPL-2.0
/*
 * callpairs.c - the nesting algorithm's first step (FindCallPairs,
 * Aguilera et al. 5.1.1.1): calls matched with their returns, and each
 * call pair's candidate parents.
 *
 * A return is matched with the earliest open call of the same caller,
 * callee and id (T_opencalls: one FIFO per key, so ids that repeat are
 * matched in order).  The candidate parents of a call pair (B, C) are
 * the call pairs (X, B) still open when the return of (B, C) reached B
 * that began before B made the call: a sweep over the times each call
 * pair opens (its call received), is queried (its return received) and
 * closes (its return sent), one open set per node (and, with the task
 * hint, of those the ones the calling task received, if any).  The skew window
 * loosens the comparisons of times of different clocks only: a return's
 * order with its call's; with one time per message, also the candidates'.
 */
#include <stdlib.h>
#include <string.h>
#include "paths/nesting-internal.h"
#include "paths/room.h"

/* the FIFO of open calls of one (caller, callee, id) */
struct fifo {
	size_t head;
	size_t tail;
};

struct opencalls {
	struct lttr_keymap map;
	struct fifo *q;
	size_t nq;
	size_t *next;	/* per message: the next open call of its FIFO */
};

static int push_call(struct opencalls *oc, const struct lttr_msg *m, size_t i)
{
	uint64_t key[2] = { ((uint64_t)m->src << 32) | m->dst, m->id };
	size_t k;

	oc->next[i] = LTTR_NO_PAIR;
	if (lttr_keymap_find(&oc->map, key, sizeof(key), &k)) {
		if (oc->q[k].head == LTTR_NO_PAIR)
			oc->q[k].head = i;
		else
			oc->next[oc->q[k].tail] = i;
		oc->q[k].tail = i;
		return 0;
	}
	if (!(oc->nq & (oc->nq - 1))) {
		struct fifo *nq = realloc(oc->q, (oc->nq ? oc->nq * 2 : 16) * sizeof(*nq));

		if (!nq)
			return -1;
		oc->q = nq;
	}
	if (lttr_keymap_put(&oc->map, key, sizeof(key), oc->nq))
		return -1;
	oc->q[oc->nq].head = oc->q[oc->nq].tail = i;
	oc->nq++;
	return 0;
}

/* the earliest open call that return @m answers, removed; NO_PAIR: none */
static size_t pop_call(struct opencalls *oc, const struct lttr_msg *m)
{
	uint64_t key[2] = { ((uint64_t)m->dst << 32) | m->src, m->id };
	size_t k, c;

	if (!lttr_keymap_find(&oc->map, key, sizeof(key), &k))
		return LTTR_NO_PAIR;
	c = oc->q[k].head;
	if (c != LTTR_NO_PAIR)
		oc->q[k].head = oc->next[c];
	return c;
}

/* the time a message is matched at: a return's send plus the skew window */
static uint64_t match_time(const struct lttr_nesting *n, const struct lttr_msg *m)
{
	return m->kind == LTTR_MSG_RET ? m->send_ns + n->opts.skew_ns : m->send_ns;
}

struct match_order {
	const struct lttr_msgset *s;
	const struct lttr_nesting *n;
};

static int by_match_time(const void *pa, const void *pb, void *arg)
{
	const struct match_order *mo = arg;
	size_t a = *(const size_t *)pa, b = *(const size_t *)pb;
	uint64_t ta = match_time(mo->n, &mo->s->v[a]), tb = match_time(mo->n, &mo->s->v[b]);

	if (ta != tb)
		return ta < tb ? -1 : 1;
	return a < b ? -1 : a > b;
}

static int by_call(const void *pa, const void *pb)
{
	const struct lttr_callpair *a = pa, *b = pb;

	if (a->call_send != b->call_send)
		return a->call_send < b->call_send ? -1 : 1;
	return a->call_msg < b->call_msg ? -1 : a->call_msg > b->call_msg;
}

/* calls matched with returns: @n->pairs in call order */
static int match(const struct lttr_msgset *s, struct lttr_nesting *n)
{
	struct opencalls oc = { .nq = 0 };
	size_t *order = NULL, i, cap = 0;
	int ret = -1;

	oc.next = malloc((s->n ? s->n : 1) * sizeof(*oc.next));
	if (!oc.next)
		goto out;
	if (n->opts.skew_ns) {
		/* a return may seem to precede its call by up to the window */
		order = malloc((s->n ? s->n : 1) * sizeof(*order));
		if (!order)
			goto out;
		for (i = 0; i < s->n; i++)
			order[i] = i;
		struct match_order mo = { s, n };

		qsort_r(order, s->n, sizeof(*order), by_match_time, &mo);
	}
	for (i = 0; i < s->n; i++) {
		size_t mi = order ? order[i] : i, c;
		const struct lttr_msg *m = &s->v[mi];
		struct lttr_callpair *p;

		if (m->kind == LTTR_MSG_CALL) {
			if (push_call(&oc, m, mi))
				goto out;
			continue;
		}
		c = pop_call(&oc, m);
		if (c == LTTR_NO_PAIR) {
			n->unmatched_rets++;
			continue;
		}
		if (lttr_room(&n->pairs, &cap, n->npairs, sizeof(*n->pairs)))
			goto out;
		p = &n->pairs[n->npairs++];
		memset(p, 0, sizeof(*p));
		p->call_send = s->v[c].send_ns;
		p->call_recv = s->v[c].recv_ns;
		p->ret_send = m->send_ns;
		p->ret_recv = m->recv_ns;
		p->id = m->id;
		p->caller = s->v[c].src;
		p->callee = s->v[c].dst;
		p->call_msg = c;
		p->ret_msg = mi;
		p->parent = p->first_child = p->next_sibling = LTTR_NO_PAIR;
		p->one_time = (s->v[c].flags & LTTR_MSG_ONE_TIME ? 1 : 0) |
			(m->flags & LTTR_MSG_ONE_TIME ? 2 : 0);
	}
	for (i = 0; i < oc.nq; i++) {
		size_t c;

		for (c = oc.q[i].head; c != LTTR_NO_PAIR; c = oc.next[c])
			n->unmatched_calls++;
	}
	if (n->npairs > 1)
		qsort(n->pairs, n->npairs, sizeof(*n->pairs), by_call);
	ret = 0;
out:
	lttr_keymap_free(&oc.map);
	free(oc.q);
	free(oc.next);
	free(order);
	return ret;
}

/* a point of the sweep: a call pair opens, is queried or closes */
enum { EV_OPEN, EV_QUERY, EV_CLOSE };

struct sweep_ev {
	uint64_t time;
	size_t pair;
	int type;
};

static int by_time_type(const void *pa, const void *pb)
{
	const struct sweep_ev *a = pa, *b = pb;

	if (a->time != b->time)
		return a->time < b->time ? -1 : 1;
	if (a->type != b->type)
		return a->type - b->type;
	return a->pair < b->pair ? -1 : a->pair > b->pair;
}

/* the call pairs open into one node */
struct openset {
	size_t n;
	size_t cap;
	size_t *v;
};

static int by_call_recv(const void *pa, const void *pb, void *arg)
{
	const struct lttr_callpair *pairs = arg;
	const struct lttr_callpair *a = &pairs[*(const size_t *)pa];
	const struct lttr_callpair *b = &pairs[*(const size_t *)pb];

	if (a->call_recv != b->call_recv)
		return a->call_recv < b->call_recv ? -1 : 1;
	return *(const size_t *)pa < *(const size_t *)pb ? -1 : 1;
}

/*
 * The task hint: when some candidates of @c were received by the task
 * that made @c's call, only those stay (in their order).
 */
static void same_task(const struct lttr_msgset *s, struct lttr_nesting *n,
		      struct lttr_callpair *c)
{
	uint32_t caller_task = s->v[c->call_msg].src_pid;
	size_t k, kept = 0;

	if (!caller_task)
		return;
	for (k = 0; k < c->ncand; k++)
		if (s->v[n->pairs[n->cand[c->cand + k]].call_msg].dst_pid == caller_task)
			n->cand[c->cand + kept++] = n->cand[c->cand + k];
	if (kept) {
		n->ncand -= c->ncand - kept;
		c->ncand = (uint32_t)kept;
	}
}

static int candidates(const struct lttr_msgset *s, struct lttr_nesting *n)
{
	uint64_t skew = n->opts.skew_ns, visits = 0;
	struct sweep_ev *ev = malloc((3 * n->npairs + 1) * sizeof(*ev));
	struct openset *open = calloc(s->nnodes + 1, sizeof(*open));
	size_t *pos = malloc((n->npairs + 1) * sizeof(*pos));
	size_t i, k = 0, cap = 0;
	int ret = -1;

	if (!ev || !open || !pos)
		goto out;
	for (i = 0; i < n->npairs; i++) {
		const struct lttr_callpair *p = &n->pairs[i];

		uint64_t close = p->ret_send + (p->one_time & 2 ? skew : 0);

		/* a return sent before its call was received (skew, damaged
		 * times) closes as it opens: never before */
		if (close < p->call_recv)
			close = p->call_recv;
		ev[k++] = (struct sweep_ev){ p->call_recv, i, EV_OPEN };
		ev[k++] = (struct sweep_ev){ p->ret_recv, i, EV_QUERY };
		ev[k++] = (struct sweep_ev){ close, i, EV_CLOSE };
	}
	qsort(ev, k, sizeof(*ev), by_time_type);
	for (i = 0; i < k; i++) {
		struct lttr_callpair *c = &n->pairs[ev[i].pair];
		struct openset *os;
		size_t j;

		switch (ev[i].type) {
		case EV_OPEN:
			os = &open[c->callee];
			if (lttr_room(&os->v, &os->cap, os->n, sizeof(*os->v)))
				goto out;
			pos[ev[i].pair] = os->n;
			os->v[os->n++] = ev[i].pair;
			break;
		case EV_CLOSE:
			os = &open[c->callee];
			j = pos[ev[i].pair];
			os->v[j] = os->v[--os->n];
			pos[os->v[j]] = j;
			break;
		default:	/* EV_QUERY: the return of c reached its caller */
			os = &open[c->caller];
			c->cand = n->ncand;
			/* the bounds of the work and memory (docs/paths.md) */
			visits += os->n;
			if (visits > LTTR_NEST_MAX_VISITS || n->ncand + os->n > LTTR_NEST_MAX_CANDIDATES) {
				ret = visits > LTTR_NEST_MAX_VISITS ? LTTR_NEST_TOO_WIDE : LTTR_NEST_TOO_MANY;
				goto out;
			}
			for (j = 0; j < os->n; j++) {
				size_t p = os->v[j];

				if (p == ev[i].pair ||
				    n->pairs[p].call_recv >= c->call_send +
				    ((n->pairs[p].one_time | c->one_time) & 1 ? skew : 0))
					continue;
				if (lttr_room(&n->cand, &cap, n->ncand, sizeof(*n->cand)))
					goto out;
				n->cand[n->ncand++] = p;
			}
			c->ncand = (uint32_t)(n->ncand - c->cand);
			if (n->opts.task_hint && c->ncand > 1)
				same_task(s, n, c);
			if (c->ncand > 1)
				qsort_r(n->cand + c->cand, c->ncand, sizeof(size_t),
					by_call_recv, n->pairs);
			if (!c->ncand)
				n->roots++;
			break;
		}
	}
	ret = 0;
out:
	if (open)
		for (i = 0; i <= s->nnodes; i++)
			free(open[i].v);
	free(open);
	free(ev);
	free(pos);
	return ret;
}

int lttr_find_callpairs(const struct lttr_msgset *s, struct lttr_nesting *n)
{
	if (match(s, n))
		return -1;
	return candidates(s, n);
}
