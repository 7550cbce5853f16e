// SPDX-License-Identifier: GPL-2.0
/*
 * explain.c - each call's latency at its callee split by the state of
 * the task that received it, from the accounting's task states (its
 * lttr_account_hooks.task changes), kept for the tasks that received
 * calls only.
 */
#include <stdlib.h>
#include <string.h>
#include <lttr/analysis/account.h>
#include <lttr/analysis/explain-hosts.h>
#include <lttr/sync/clocksync.h>
#include <lttr/paths/explain.h>
#include "model/pidmap.h"
#include "paths/progress.h"
#include "paths/room.h"

/* a task's state from @time on */
struct change {
	uint64_t time;
	uint8_t state;
	uint8_t reason;
	bool pending;
};

struct timeline {
	struct change *v;
	size_t n;
	size_t cap;
};

struct explain {
	struct lttr_pidmap wanted;	/* pid -> timeline */
	struct timeline *tl;
	int nomem;
	struct lttr_pprog prog;
};

static int on_event(void *arg, const struct lttr_event *ev)
{
	struct explain *x = arg;

	return lttr_pprog_event(&x->prog, ev->time_ns);
}

static void on_task(void *arg, const struct lttr_acct_change *c)
{
	struct explain *x = arg;
	struct timeline *tl;
	size_t k;

	if (!lttr_pidmap_find(&x->wanted, c->pid, &k))
		return;
	tl = &x->tl[k];
	if (c->state == LTTR_TS_RESOLVED) {
		size_t i;

		/* the reason of the blocks reported pending, now known */
		for (i = tl->n; i-- > 0 && tl->v[i].state == LTTR_TS_BLOCKED && tl->v[i].pending;) {
			tl->v[i].reason = c->reason;
			tl->v[i].pending = false;
		}
		return;
	}
	if (lttr_room(&tl->v, &tl->cap, tl->n, sizeof(*tl->v))) {
		x->nomem = 1;
		return;
	}
	tl->v[tl->n++] = (struct change){ c->time_ns, c->state, c->reason, c->pending };
}

/* the time of @tl in [a, b) added to @h by state */
static void split(const struct timeline *tl, uint64_t a, uint64_t b, struct lttr_hop_split *h)
{
	size_t lo = 0, hi = tl->n, i;

	/* the last change at or before a */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (tl->v[mid].time <= a)
			lo = mid + 1;
		else
			hi = mid;
	}
	h->known = 1;
	if (!lo) {
		/* before the task's first state: not known */
		uint64_t until = tl->n && tl->v[0].time < b ? tl->v[0].time : b;

		h->other_ns += until > a ? until - a : 0;
	}
	for (i = lo ? lo - 1 : 0; i < tl->n && tl->v[i].time < b; i++) {
		uint64_t from = tl->v[i].time > a ? tl->v[i].time : a;
		uint64_t to = i + 1 < tl->n && tl->v[i + 1].time < b ? tl->v[i + 1].time : b;
		uint64_t d = to > from ? to - from : 0;

		switch (tl->v[i].state) {
		case LTTR_TS_RUNNING:
			h->oncpu_ns += d;
			break;
		case LTTR_TS_RUNNABLE:
			h->runnable_ns += d;
			break;
		case LTTR_TS_BLOCKED:
			h->blocked_ns[tl->v[i].reason < LTTR_BLOCK_COUNT ? tl->v[i].reason :
				      LTTR_BLOCK_UNKNOWN] += d;
			break;
		default:
			h->other_ns += d;
			break;
		}
	}
}

/*
 * The splits @h of the call pairs of @n whose callee is a node of @t
 * (every one; or, @prefix, those named "@prefix:...", a host's); @m: @t
 * is host @host's, its task states put on the reference's clock (the
 * calls' times), so that a split adds up to the call's latency there.
 */
static int explain_trace(struct lttr_trace *t, const struct lttr_msgset *s,
			 const struct lttr_nesting *n, const char *prefix,
			 const struct lttr_sync_model *m, size_t host,
			 lttr_paths_progress_fn progress, void *arg, struct lttr_hop_split *h,
			 struct lttr_error *err)
{
	struct lttr_account_hooks hooks = { .task = on_task, .event = progress ? on_event : NULL };
	struct explain x = { .tl = NULL };
	struct lttr_account *a = NULL;
	size_t i, k, ntl = 0, plen = prefix ? strlen(prefix) : 0;
	int r;

	lttr_pprog_init(&x.prog, t, progress, arg, 0, 1000);
	for (i = 0; i < n->npairs; i++) {
		const struct lttr_msg *c = &s->v[n->pairs[i].call_msg];
		uint32_t pid = c->dst_pid;

		if (!pid || lttr_pidmap_find(&x.wanted, pid, &k))
			continue;
		if (prefix && (strncmp(s->nodes[c->dst], prefix, plen) || s->nodes[c->dst][plen] != ':'))
			continue;
		if (lttr_pidmap_put(&x.wanted, pid, ntl++)) {
			r = lttr_error_set(err, LTTR_E_NOMEM, "explain: out of memory");
			goto out;
		}
	}
	if (!ntl) {
		r = 0;	/* no callee here: no pass over the trace */
		goto out;
	}
	x.tl = calloc(ntl + 1, sizeof(*x.tl));
	if (!x.tl) {
		r = lttr_error_set(err, LTTR_E_NOMEM, "explain: out of memory");
		goto out;
	}
	r = lttr_account_compute_hooks(t, &hooks, &x, &a, err);
	if (r < 0)
		goto out;
	if (x.nomem) {
		r = lttr_error_set(err, LTTR_E_NOMEM, "explain: out of memory");
		goto out;
	}
	/* across hosts: the task states on the reference's clock, as the calls */
	for (k = 0; m && k < ntl; k++)
		for (i = 0; i < x.tl[k].n; i++)
			x.tl[k].v[i].time = lttr_sync_to_ref_ns(m, host, x.tl[k].v[i].time);
	for (i = 0; i < n->npairs; i++) {
		const struct lttr_callpair *p = &n->pairs[i];
		const struct lttr_msg *c = &s->v[p->call_msg];
		uint32_t pid = c->dst_pid;

		if (prefix && (strncmp(s->nodes[c->dst], prefix, plen) || s->nodes[c->dst][plen] != ':'))
			continue;
		if (pid && lttr_pidmap_find(&x.wanted, pid, &k) && p->ret_send > p->call_recv)
			split(&x.tl[k], p->call_recv, p->ret_send, &h[i]);
	}
	r = 0;
out:
	lttr_account_free(a);
	for (i = 0; x.tl && i < ntl; i++)
		free(x.tl[i].v);
	free(x.tl);
	lttr_pidmap_free(&x.wanted);
	return r;
}

int lttr_paths_explain(struct lttr_trace *t, const struct lttr_msgset *s,
		       const struct lttr_nesting *n, lttr_paths_progress_fn progress, void *arg,
		       struct lttr_hop_split **out, struct lttr_error *err)
{
	struct lttr_hop_split *h;
	int r;

	*out = NULL;
	h = calloc(n->npairs + 1, sizeof(*h));
	if (!h)
		return lttr_error_set(err, LTTR_E_NOMEM, "explain: out of memory");
	r = explain_trace(t, s, n, NULL, NULL, 0, progress, arg, h, err);
	if (r < 0)
		free(h);
	else
		*out = h;
	return r;
}

int lttr_paths_explain_hosts(struct lttr_trace **t, size_t nt, const char *const *hosts,
			     const struct lttr_sync_model *model, const struct lttr_msgset *s,
			     const struct lttr_nesting *n, struct lttr_hop_split **out,
			     struct lttr_error *err)
{
	struct lttr_hop_split *h;
	size_t k;
	int r = 0;

	*out = NULL;
	if (model->nhosts != nt)
		return lttr_error_set(err, LTTR_E_INVAL, "explain: %zu traces, a model of %zu hosts",
				      nt, model->nhosts);
	for (k = 0; k < nt; k++)
		if (!model->hosts[k].synced)
			return lttr_error_set(err, LTTR_E_INVAL,
					      "host %zu is not synchronised: its times cannot be put on the reference's clock",
					      k);
	h = calloc(n->npairs + 1, sizeof(*h));
	if (!h)
		return lttr_error_set(err, LTTR_E_NOMEM, "explain: out of memory");
	for (k = 0; k < nt && r == 0; k++)
		r = explain_trace(t[k], s, n, hosts[k], model, k, NULL, NULL, h, err);
	if (r < 0)
		free(h);
	else
		*out = h;
	return r;
}
