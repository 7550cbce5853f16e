// SPDX-License-Identifier: GPL-2.0
/*
 * explain.c - explanations of intervals read from a timeline (one pass
 * of the accounting keeping the CPUs' segments and the tasks' states over
 * the intervals): what ran on a CPU, what a task did, item by item, with
 * their totals per task, irq, softirq and wait; and a task's state at a
 * given time with its explanation.
 */
#include <stdlib.h>
#include <string.h>
#include <lttr/analysis/explain.h>
#include <lttr/reader/trace.h>
#include "analysis/critpath-internal.h"

struct items {
	struct lttr_explanation *e;
	size_t cap;
	int nomem;
};

const char *lttr_ex_type_name(unsigned int type)
{
	static const char *const n[] = {
		"ran", "runnable", "blocked", "timer", "absent", "unknown",
	};

	return type < sizeof(n) / sizeof(n[0]) ? n[type] : "?";
}

void lttr_ex_req_of(const struct lttr_timing_inst *in, struct lttr_ex_req *out)
{
	memset(out, 0, sizeof(*out));
	out->start_ns = in->start_ns;
	out->end_ns = in->end_ns;
	out->pid = in->pid;
	out->cpu = in->cpu;
	out->scope = in->sub == LTTR_SUB_CALL ? LTTR_EXS_TASK : LTTR_EXS_CPU;
	if (in->sub == LTTR_SUB_TIMER)
		out->lead_ns = in->part[LTTR_PART_TIMER];
}

static bool same_item(const struct lttr_ex_item *a, const struct lttr_ex_item *b)
{
	return a->type == b->type && a->pid == b->pid && a->what == b->what &&
	       a->cpu == b->cpu && a->mode == b->mode && a->reason == b->reason &&
	       a->sysvec == b->sysvec && !a->waker.known && !b->waker.known &&
	       a->block_ns == b->block_ns && !a->lock.known && !b->lock.known;
}

static void add(struct items *it, const struct lttr_ex_item *in)
{
	struct lttr_explanation *e = it->e;

	if (in->end_ns <= in->start_ns)
		return;
	if (e->n && e->v[e->n - 1].end_ns == in->start_ns && same_item(&e->v[e->n - 1], in)) {
		e->v[e->n - 1].end_ns = in->end_ns;	/* one item, split by nothing */
		return;
	}
	if (e->n == it->cap) {
		size_t ncap = it->cap ? it->cap * 2 : 16;
		struct lttr_ex_item *n = realloc(e->v, ncap * sizeof(*n));

		if (!n) {
			it->nomem = 1;
			return;
		}
		e->v = n;
		it->cap = ncap;
	}
	e->v[e->n++] = *in;
}

static void absent(struct items *it, uint32_t pid, uint64_t a, uint64_t b)
{
	struct lttr_ex_item x = {
		.start_ns = a, .end_ns = b, .pid = pid, .type = LTTR_EX_ABSENT,
	};

	add(it, &x);
}

/* what ran on @cpu over [@a, @b] */
static void cpu_items(struct items *it, const struct timeline *tl, unsigned int cpu,
		      uint64_t a, uint64_t b)
{
	const struct tl_cpu *c = cpu < LTT_MAX_CPUS ? &tl->cpu[cpu] : NULL;
	size_t lo = 0, hi = c ? c->n : 0;
	uint64_t t = a;

	while (lo < hi) {	/* the first segment that ends after a */
		size_t mid = lo + (hi - lo) / 2;

		if (c->v[mid].end_ns <= a)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; c && lo < c->n && c->v[lo].start_ns < b; lo++) {
		const struct lttr_flow_seg *s = &c->v[lo];
		struct lttr_ex_item x = {
			.start_ns = s->start_ns > t ? s->start_ns : t,
			.end_ns = s->end_ns < b ? s->end_ns : b,
			.pid = s->pid, .what = s->what, .cpu = s->cpu,
			.type = LTTR_EX_RAN, .mode = s->mode, .sysvec = s->sysvec,
		};

		if (x.start_ns > t)	/* a hole: never, segments tile a CPU */
			absent(it, 0, t, x.start_ns);
		add(it, &x);
		t = x.end_ns;
	}
	if (t < b)
		absent(it, 0, t, b);
}

/* what @pid did over [@a, @b] */
static void task_items(struct items *it, const struct timeline *tl, uint32_t pid,
		       uint64_t a, uint64_t b)
{
	const struct tl_task *tk = tl_task(tl, pid);
	uint64_t t = a;
	size_t i = 0;

	if (!tk || !tl_state_at(tk, a, &i)) {
		uint64_t first = tk && tk->n && tk->v[0].t < b ? tk->v[0].t : b;

		absent(it, pid, a, first);
		t = first;
	}
	for (; tk && i < tk->n && t < b; i++) {
		const struct tl_state *s = &tk->v[i];
		uint64_t e = tl_state_end(tl, tk, i);
		struct lttr_ex_item x = { .start_ns = t, .pid = pid };

		if (e > b)
			e = b;
		if (e <= t)
			continue;
		x.end_ns = e;
		switch (s->state) {
		case LTTR_TS_RUNNING:
			cpu_items(it, tl, s->cpu, t, e);
			break;
		case LTTR_TS_RUNNABLE:
			x.type = LTTR_EX_RUNNABLE;
			add(it, &x);
			break;
		case LTTR_TS_UNKNOWN:
			x.type = LTTR_EX_UNKNOWN;
			add(it, &x);
			break;
		case LTTR_TS_BLOCKED:
			x.type = LTTR_EX_BLOCKED;
			x.reason = s->reason;
			x.mode = s->mode;
			x.what = s->what;
			x.block_ns = s->t;
			if (i + 1 < tk->n && tk->v[i + 1].t == e &&
			    tk->v[i + 1].state == LTTR_TS_RUNNABLE)
				x.waker = tk->v[i + 1].waker;
			/* a wait for the lock it queued on (timeline.c) */
			if (s->lock_ok)
				x.lock = s->lock;
			add(it, &x);
			break;
		default:
			absent(it, pid, t, e);
			break;
		}
		t = e;
	}
	if (t < b)
		absent(it, pid, t, b);
}

static uint8_t who_of(const struct lttr_ex_item *x)
{
	if (x->type != LTTR_EX_RAN)
		return LTTR_WHO_WAIT;
	switch (x->mode) {
	case LTTR_MODE_IRQ:
		return LTTR_WHO_IRQ;
	case LTTR_MODE_SOFTIRQ:
		return LTTR_WHO_SOFTIRQ;
	case LTTR_MODE_UNKNOWN:
		return x->pid ? LTTR_WHO_TASK : LTTR_WHO_UNKNOWN;
	default:
		return LTTR_WHO_TASK;
	}
}

static int cmp_tot(const void *pa, const void *pb)
{
	const struct lttr_ex_total *a = pa, *b = pb;

	if (a->ns != b->ns)
		return a->ns > b->ns ? -1 : 1;
	if (a->who != b->who)
		return a->who < b->who ? -1 : 1;
	if (a->pid != b->pid)
		return a->pid < b->pid ? -1 : 1;
	return a->what < b->what ? -1 : a->what > b->what;
}

static int totals(struct lttr_explanation *e)
{
	size_t i, j;

	e->tot = calloc(e->n ? e->n : 1, sizeof(*e->tot));
	if (!e->tot)
		return -1;
	for (i = 0; i < e->n; i++) {
		const struct lttr_ex_item *x = &e->v[i];
		struct lttr_ex_total k = { .who = who_of(x) };

		switch (k.who) {
		case LTTR_WHO_TASK:
			k.pid = x->pid;
			break;
		case LTTR_WHO_IRQ:
			k.sysvec = x->sysvec;
			/* fall through */
		case LTTR_WHO_SOFTIRQ:
			k.what = x->what;
			break;
		case LTTR_WHO_WAIT:
			k.type = x->type;
			k.pid = x->pid;
			k.reason = x->type == LTTR_EX_BLOCKED ? x->reason : 0;
			break;
		default:
			break;
		}
		for (j = 0; j < e->ntot; j++) {
			const struct lttr_ex_total *o = &e->tot[j];

			if (o->who == k.who && o->type == k.type && o->reason == k.reason &&
			    o->sysvec == k.sysvec && o->pid == k.pid && o->what == k.what)
				break;
		}
		if (j == e->ntot)
			e->tot[e->ntot++] = k;
		e->tot[j].ns += x->end_ns - x->start_ns;
		e->tot[j].count++;
	}
	if (e->ntot > 1)
		qsort(e->tot, e->ntot, sizeof(*e->tot), cmp_tot);
	return 0;
}

/* @e explains @q from @tl; 0 or -1 */
static int build(const struct timeline *tl, const struct lttr_ex_req *q,
		 struct lttr_explanation *e)
{
	struct items it = { .e = e };
	uint64_t mid = q->start_ns + q->lead_ns;

	memset(e, 0, sizeof(*e));
	e->req = *q;
	if (mid > q->end_ns)
		mid = q->end_ns;
	if (mid > q->start_ns) {
		struct lttr_ex_item x = {
			.start_ns = q->start_ns, .end_ns = mid, .pid = q->pid,
			.type = LTTR_EX_TIMER,
		};

		add(&it, &x);
	}
	if (q->scope == LTTR_EXS_TASK)
		task_items(&it, tl, q->pid, mid, q->end_ns);
	else
		cpu_items(&it, tl, q->cpu, mid, q->end_ns);
	if (it.nomem || totals(e)) {
		free(e->v);
		free(e->tot);
		memset(e, 0, sizeof(*e));
		return -1;
	}
	return 0;
}

static void expl_free(struct lttr_explanation *e)
{
	size_t i;

	for (i = 0; e->stacks && i < e->n; i++)
		lttr_block_stacks_clear(&e->stacks[i]);
	free(e->stacks);
	free(e->v);
	free(e->tot);
	memset(e, 0, sizeof(*e));
}

void lttr_explained_free(struct lttr_explained *r)
{
	size_t i;

	if (!r)
		return;
	for (i = 0; i < r->n; i++)
		expl_free(&r->v[i]);
	free(r->v);
	lttr_account_free(r->acct);
	free(r);
}

int lttr_explain(struct lttr_trace *t, const struct lttr_ex_req *reqs, size_t n,
		 struct lttr_explained **out, struct lttr_error *err)
{
	return lttr_explain_progress(t, reqs, n, NULL, NULL, out, err);
}

int lttr_explain_progress(struct lttr_trace *t, const struct lttr_ex_req *reqs, size_t n,
			  int (*progress)(void *arg, unsigned int permille), void *arg,
			  struct lttr_explained **out, struct lttr_error *err)
{
	struct lttr_explained *r;
	struct timeline tl;
	uint64_t *win;
	size_t i;
	int ret;

	*out = NULL;
	r = calloc(1, sizeof(*r));
	win = malloc((n ? n : 1) * 2 * sizeof(*win));
	if (!r || !win) {
		free(r);
		free(win);
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	}
	for (i = 0; i < n; i++) {
		win[2 * i] = reqs[i].start_ns;
		win[2 * i + 1] = reqs[i].end_ns;
	}
	/* no request: an empty window, not the whole trace */
	if (!n)
		win[0] = win[1] = 0;
	ret = tl_collect(t, win, n ? n : 1, true, false, 0, progress, arg, &tl, err);
	free(win);
	if (ret < 0) {
		free(r);
		return ret;
	}
	r->v = calloc(n ? n : 1, sizeof(*r->v));
	if (!r->v)
		ret = lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	for (i = 0; ret >= 0 && i < n; i++, r->n++)
		if (build(&tl, &reqs[i], &r->v[i]))
			ret = lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	r->acct = tl.acct;
	tl.acct = NULL;
	tl_free(&tl);
	if (ret < 0) {
		lttr_explained_free(r);
		return ret;
	}
	*out = r;
	return 0;
}

void lttr_explain_at_free(struct lttr_explain_at *r)
{
	if (!r)
		return;
	expl_free(&r->expl);
	lttr_block_stacks_clear(&r->stacks);
	lttr_critpath_free(r->path);
	lttr_account_free(r->acct);
	free(r);
}

/* the state of @pid at @at from @tl (its states alone) into @r */
static int locate(const struct timeline *tl, uint32_t pid, uint64_t at,
		  struct lttr_explain_at *r, struct lttr_error *err)
{
	const struct tl_task *tk = tl_task(tl, pid);
	const struct tl_state *s, *next;
	size_t i;

	if (!pid || !tk || !tl_state_at(tk, at, &i))
		return lttr_error_set(err, LTTR_E_INVAL, "no task %u at that time in the trace", pid);
	s = &tk->v[i];
	next = i + 1 < tk->n ? &tk->v[i + 1] : NULL;
	r->start_ns = s->t;
	r->end_ns = tl_state_end(tl, tk, i);
	r->ended = next != NULL;
	switch (s->state) {
	case LTTR_TS_RUNNING:
		r->state = LTTR_CP_RUNNING;
		r->cpu = s->cpu;
		break;
	case LTTR_TS_RUNNABLE:
		r->state = LTTR_CP_RUNNABLE;
		r->preempted = s->preempted;
		r->waker = s->waker;
		r->latency = s->latency;
		r->woken_ns = s->woken_ns;
		if (next && next->state == LTTR_TS_RUNNING) {
			r->cpu = next->cpu;
		} else {	/* not run again: its last CPU */
			size_t k;

			for (k = i; k > 0 && tk->v[k - 1].state != LTTR_TS_RUNNING; k--)
				;
			r->cpu = k ? tk->v[k - 1].cpu : 0;
		}
		break;
	case LTTR_TS_BLOCKED:
		r->state = LTTR_CP_BLOCKED;
		r->reason = s->reason;
		r->mode = s->mode;
		r->what = s->what;
		if (next && next->state == LTTR_TS_RUNNABLE)
			r->waker = next->waker;
		if (s->lock_ok)
			r->lock = s->lock;
		break;
	case LTTR_TS_UNKNOWN:
		r->state = LTTR_CP_UNKNOWN;
		break;
	default:
		r->state = LTTR_CP_ABSENT;
		break;
	}
	return 0;
}

int lttr_explain_at(struct lttr_trace *t, uint32_t pid, uint64_t at_ns,
		    struct lttr_explain_at **out, struct lttr_error *err)
{
	struct lttr_explain_at *r;
	struct lttr_ex_req q;
	struct timeline tl;
	uint64_t win[2];
	int ret;

	*out = NULL;
	r = calloc(1, sizeof(*r));
	if (!r)
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	r->pid = pid;
	r->at_ns = at_ns;
	/* pass 1: the task's states, the whole trace */
	ret = tl_collect(t, NULL, 0, false, true, pid, NULL, NULL, &tl, err);
	if (ret < 0) {
		free(r);
		return ret;
	}
	ret = locate(&tl, pid, at_ns, r, err);
	tl_free(&tl);
	if (ret < 0) {
		free(r);
		return ret;
	}
	/* pass 2: every task and CPU over the state's interval */
	win[0] = r->start_ns;
	win[1] = r->end_ns;
	ret = tl_collect(t, win, 1, true, false, 0, NULL, NULL, &tl, err);
	if (ret < 0) {
		free(r);
		return ret;
	}
	memset(&q, 0, sizeof(q));
	q.start_ns = r->start_ns;
	q.end_ns = r->end_ns;
	q.pid = pid;
	q.cpu = r->cpu;
	q.scope = r->state == LTTR_CP_RUNNING ? LTTR_EXS_TASK : LTTR_EXS_CPU;
	if (r->state == LTTR_CP_RUNNING || r->state == LTTR_CP_RUNNABLE) {
		if (build(&tl, &q, &r->expl))
			ret = lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	} else if (r->state == LTTR_CP_BLOCKED) {
		r->path = calloc(1, sizeof(*r->path));
		if (!r->path || cp_build(&tl, pid, r->start_ns, r->end_ns, r->path))
			ret = lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
		else {
			r->path->pid = pid;
			r->path->from_ns = r->start_ns;
			r->path->to_ns = r->end_ns;
		}
	}
	r->acct = tl.acct;
	tl.acct = NULL;
	tl_free(&tl);
	if (ret < 0) {
		lttr_explain_at_free(r);
		return ret;
	}
	*out = r;
	return 0;
}
