// SPDX-License-Identifier: GPL-2.0
/*
 * test-explain.c - the explanations (lttr_explain(), lttr_explain_at())
 * and the critical path (lttr_critpath_compute()).
 *
 * Scenario P, a pipe chain worked out by hand: A's critical path is its
 * runs, B's and C's, C's 50 us sleep, the runnable waits, segment by
 * segment, adding up to A's interval exactly, also over a window; C's own
 * path keeps its sleeps (a timer irq woke it, or nobody); the state of A,
 * B and C at given times explained (blocked with its waker and the path
 * of the block, runnable with what ran on the CPU, running with what it
 * did).  Scenario T: a timer activation explained as the timer's wait
 * then the hog that ran.  The simulated trace (simtrace.c): the worst
 * instances of every kind explained, every task's critical path, the
 * state of every task at many times: items and segments tile their
 * intervals, totals add up to them; the same with a progress callback
 * (lttr_explain_progress(), lttr_critpath_progress()), and canceled.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/analysis/critpath.h>
#include <lttr/analysis/explain.h>
#include <lttr/analysis/timing.h>
#include <lttr/output/timing-text.h>
#include "tap.h"
#include "tracegen.h"
#include "scenarios.h"
#include "simtrace.h"

#define T0 1000000000ULL

struct seg {
	uint64_t start;
	uint64_t end;
	uint32_t pid;
	unsigned int state;
	unsigned int reason;
	uint32_t depth;
};

static bool seg_is(const struct lttr_cp_seg *s, const struct seg *w)
{
	return s->start_ns == T0 + w->start && s->end_ns == T0 + w->end && s->pid == w->pid &&
	       s->state == w->state && s->depth == w->depth &&
	       (s->state != LTTR_CP_BLOCKED || s->reason == w->reason);
}

static bool path_is(const struct lttr_critpath *cp, const struct seg *w, size_t n)
{
	size_t i;

	if (!cp || cp->nseg != n) {
		tap_diag("%zu segments, want %zu", cp ? cp->nseg : 0, n);
		return false;
	}
	for (i = 0; i < n; i++) {
		if (!seg_is(&cp->seg[i], &w[i])) {
			tap_diag("segment %zu: %llu-%llu pid %u state %u depth %u", i,
				 (unsigned long long)(cp->seg[i].start_ns - T0),
				 (unsigned long long)(cp->seg[i].end_ns - T0), cp->seg[i].pid,
				 cp->seg[i].state, cp->seg[i].depth);
			return false;
		}
	}
	return true;
}

/* the segments tile [from, to] and the totals sum them per task and state */
static bool tiles(const struct lttr_critpath *cp)
{
	uint64_t t = cp->from_ns, sum = 0;
	size_t i, k;

	for (i = 0; i < cp->nseg; i++) {
		if (cp->seg[i].start_ns != t || cp->seg[i].end_ns <= t)
			return false;
		t = cp->seg[i].end_ns;
	}
	for (k = 0; k < cp->ntot; k++) {
		const struct lttr_cp_total *o = &cp->tot[k];
		uint64_t segsum = 0;

		for (i = 0; i < cp->nseg; i++)
			if (cp->seg[i].pid == o->pid && cp->seg[i].state == o->state &&
			    (o->state != LTTR_CP_BLOCKED || cp->seg[i].reason == o->reason))
				segsum += cp->seg[i].end_ns - cp->seg[i].start_ns;
		if (segsum != o->ns || (k && o->ns > cp->tot[k - 1].ns))
			return false;
		sum += o->ns;
	}
	return t == cp->to_ns && sum == cp->to_ns - cp->from_ns;
}

/* the items tile the request's interval; the totals add up to it */
static bool expl_tiles(const struct lttr_explanation *e)
{
	uint64_t t = e->req.start_ns, sum = 0;
	size_t i;

	for (i = 0; i < e->n; i++) {
		const struct lttr_ex_item *x = &e->v[i];

		if (x->start_ns != t || x->end_ns <= t)
			return false;
		if (x->type == LTTR_EX_RAN && e->req.scope == LTTR_EXS_CPU && x->cpu != e->req.cpu)
			return false;
		if (x->type == LTTR_EX_RAN && e->req.scope == LTTR_EXS_TASK && x->pid != e->req.pid)
			return false;
		t = x->end_ns;
	}
	for (i = 0; i < e->ntot; i++)
		sum += e->tot[i].ns;
	return t == e->req.end_ns && sum == e->req.end_ns - e->req.start_ns;
}

static bool item_is(const struct lttr_ex_item *x, unsigned int type, uint64_t start,
		    uint64_t end, uint32_t pid, unsigned int mode, uint32_t what)
{
	return x->type == type && x->start_ns == T0 + start && x->end_ns == T0 + end &&
	       x->pid == pid && (type != LTTR_EX_RAN || (x->mode == mode && x->what == what));
}

static const struct lttr_ex_total *total_of(const struct lttr_explanation *e, unsigned int who,
					    uint32_t pid, uint32_t what)
{
	size_t i;

	for (i = 0; i < e->ntot; i++)
		if (e->tot[i].who == who && e->tot[i].pid == pid && e->tot[i].what == what)
			return &e->tot[i];
	return NULL;
}

static void test_chain(void)
{
	/* A (20) waited for B (21), which waited for C (22), which slept */
	static const struct seg a_path[] = {
		{ 0, 110, 20, LTTR_CP_RUNNING, 0, 0 },
		{ 110, 130, 21, LTTR_CP_RUNNING, 0, 1 },
		{ 130, 150, 22, LTTR_CP_RUNNING, 0, 2 },
		{ 150, 50160, 22, LTTR_CP_BLOCKED, LTTR_BLOCK_SLEEP, 2 },
		{ 50160, 50180, 22, LTTR_CP_RUNNABLE, 0, 2 },
		{ 50180, 50210, 22, LTTR_CP_RUNNING, 0, 2 },
		{ 50210, 50240, 21, LTTR_CP_RUNNABLE, 0, 1 },
		{ 50240, 50270, 21, LTTR_CP_RUNNING, 0, 1 },
		{ 50270, 50300, 20, LTTR_CP_RUNNABLE, 0, 0 },
		{ 50300, 50500, 20, LTTR_CP_RUNNING, 0, 0 },
	};
	static const struct seg a_window[] = {
		{ 50200, 50210, 22, LTTR_CP_RUNNING, 0, 2 },
		{ 50210, 50240, 21, LTTR_CP_RUNNABLE, 0, 1 },
		{ 50240, 50270, 21, LTTR_CP_RUNNING, 0, 1 },
		{ 50270, 50300, 20, LTTR_CP_RUNNABLE, 0, 0 },
		{ 50300, 50400, 20, LTTR_CP_RUNNING, 0, 0 },
	};
	static const struct seg c_path[] = {
		{ 0, 130, 22, LTTR_CP_RUNNABLE, 0, 0 },
		{ 130, 150, 22, LTTR_CP_RUNNING, 0, 0 },
		{ 150, 50160, 22, LTTR_CP_BLOCKED, LTTR_BLOCK_SLEEP, 0 },
		{ 50160, 50180, 22, LTTR_CP_RUNNABLE, 0, 0 },
		{ 50180, 50240, 22, LTTR_CP_RUNNING, 0, 0 },
		{ 50240, 50500, 22, LTTR_CP_BLOCKED, LTTR_BLOCK_SLEEP, 0 },
	};
	struct lttr_critpath *cp = NULL;
	struct lttr_trace *t;
	struct lttr_error err;

	if (tg_open("p", P_DESC, 0, &t, &err)) {
		ok(0, "scenario P opens: %s", err.msg);
		return;
	}
	if (lttr_critpath_compute(t, 20, 0, UINT64_MAX, &cp, &err) < 0)
		tap_diag("%s", err.msg);
	ok(cp && cp->from_ns == T0 && cp->to_ns == T0 + 50500 &&
	   path_is(cp, a_path, sizeof(a_path) / sizeof(a_path[0])) && tiles(cp),
	   "P: A's critical path: A ran, B ran, C ran, C slept 50010 ns, C waited and ran (waking B), B waited and ran (waking A), A waited and ran; they tile A's 50500 ns");
	ok(cp && cp->seg[3].waker.known && !lttr_waker_is_task(&cp->seg[3].waker) &&
	   cp->seg[3].waker.mode == LTTR_MODE_IRQ && cp->seg[3].waker.ctx == 236 &&
	   cp->seg[3].mode == LTTR_MODE_SYSCALL && cp->seg[3].what == 35,
	   "P: C's sleep (in nanosleep) ended by the timer irq: not followed");
	ok(cp && cp->ntot == 7 && cp->tot[0].pid == 22 && cp->tot[0].state == LTTR_CP_BLOCKED &&
	   cp->tot[0].ns == 50010 && cp->tot[1].pid == 20 && cp->tot[1].ns == 310 &&
	   cp->tot[1].count == 2,
	   "P: totals: C blocked (sleep) 50010 ns first, A running 310 ns in 2 segments");
	lttr_critpath_free(cp);
	cp = NULL;
	lttr_critpath_compute(t, 20, T0 + 50200, T0 + 50400, &cp, &err);
	ok(cp && path_is(cp, a_window, sizeof(a_window) / sizeof(a_window[0])) && tiles(cp),
	   "P: A's critical path from 50200 to 50400 ns: C, then B, then A");
	lttr_critpath_free(cp);
	cp = NULL;
	lttr_critpath_compute(t, 22, 0, UINT64_MAX, &cp, &err);
	ok(cp && path_is(cp, c_path, sizeof(c_path) / sizeof(c_path[0])) && tiles(cp) &&
	   !cp->seg[5].waker.known,
	   "P: C's own path: its sleeps stay its own (a timer irq woke it; nobody, at the end)");
	lttr_critpath_free(cp);
	cp = NULL;
	ok(lttr_critpath_compute(t, 99, 0, UINT64_MAX, &cp, &err) == -LTTR_E_INVAL && !cp &&
	   lttr_critpath_compute(t, 20, T0 + 60000, UINT64_MAX, &cp, &err) == -LTTR_E_INVAL,
	   "P: no task 99; A not alive after the trace's end: refused");
	lttr_trace_close(t);
}

static void test_at(void)
{
	struct lttr_explain_at *r = NULL;
	struct lttr_trace *t;
	struct lttr_error err;
	const struct lttr_explanation *e;

	if (tg_open("p2", P_DESC, 0, &t, &err)) {
		ok(0, "scenario P opens: %s", err.msg);
		return;
	}
	lttr_explain_at(t, 20, T0 + 1000, &r, &err);
	ok(r && r->state == LTTR_CP_BLOCKED && r->reason == LTTR_BLOCK_IO &&
	   r->mode == LTTR_MODE_SYSCALL && r->what == 0 && r->start_ns == T0 + 110 &&
	   r->end_ns == T0 + 50270 && r->ended && r->waker.pid == 21 &&
	   r->waker.mode == LTTR_MODE_SYSCALL && r->waker.ctx == 1 && lttr_waker_is_task(&r->waker),
	   "P: A at 1000 ns: blocked (io) in read 110-50270, woken by B in write");
	ok(r && r->path && r->path->from_ns == T0 + 110 && r->path->to_ns == T0 + 50270 &&
	   tiles(r->path) && r->path->nseg == 7 && r->path->seg[0].pid == 21 &&
	   r->path->seg[2].pid == 22 && r->path->seg[2].state == LTTR_CP_BLOCKED &&
	   !r->expl.v,
	   "P: ... and what B did meanwhile: its critical path over the block (B, C, C's sleep, ...)");
	lttr_explain_at_free(r);
	r = NULL;
	lttr_explain_at(t, 22, T0 + 50170, &r, &err);
	e = r ? &r->expl : NULL;
	ok(r && r->state == LTTR_CP_RUNNABLE && !r->preempted && r->cpu == 0 &&
	   r->start_ns == T0 + 50160 && r->end_ns == T0 + 50180 && r->waker.pid == 0 &&
	   r->waker.mode == LTTR_MODE_IRQ && !r->path && e->n == 2 &&
	   item_is(&e->v[0], LTTR_EX_RAN, 50160, 50170, 0, LTTR_MODE_IRQ, 236) &&
	   item_is(&e->v[1], LTTR_EX_RAN, 50170, 50180, 0, LTTR_MODE_IDLE, 0) && expl_tiles(e) &&
	   total_of(e, LTTR_WHO_IRQ, 0, 236) && total_of(e, LTTR_WHO_IRQ, 0, 236)->ns == 10 &&
	   total_of(e, LTTR_WHO_TASK, 0, 0) && total_of(e, LTTR_WHO_TASK, 0, 0)->ns == 10,
	   "P: C at 50170: runnable 50160-50180 after the timer irq's wakeup; on cpu 0 meanwhile: the irq, then idle");
	lttr_explain_at_free(r);
	r = NULL;
	lttr_explain_at(t, 21, T0 + 50245, &r, &err);
	e = r ? &r->expl : NULL;
	ok(r && r->state == LTTR_CP_RUNNING && r->start_ns == T0 + 50240 &&
	   r->end_ns == T0 + 50300 && e->n == 5 &&
	   item_is(&e->v[0], LTTR_EX_RAN, 50240, 50250, 21, LTTR_MODE_SYSCALL, 0) &&
	   item_is(&e->v[1], LTTR_EX_RAN, 50250, 50260, 21, LTTR_MODE_USER, 0) &&
	   item_is(&e->v[2], LTTR_EX_RAN, 50260, 50280, 21, LTTR_MODE_SYSCALL, 1) &&
	   item_is(&e->v[4], LTTR_EX_RAN, 50290, 50300, 21, LTTR_MODE_SYSCALL, 0) &&
	   expl_tiles(e) && e->ntot == 1 && e->tot[0].ns == 60,
	   "P: B at 50245: running 50240-50300: read, user, write, user, read");
	lttr_explain_at_free(r);
	r = NULL;
	ok(lttr_explain_at(t, 99, T0 + 100, &r, &err) == -LTTR_E_INVAL && !r,
	   "P: no task 99: refused");
	lttr_trace_close(t);
}

static void test_requests(void)
{
	struct lttr_ex_req q[3];
	struct lttr_explained *r = NULL;
	struct lttr_timing_inst in;
	struct lttr_trace *t, *tt;
	struct lttr_error err;
	const struct lttr_explanation *e;

	if (tg_open("p3", P_DESC, 0, &t, &err) || tg_open("t", T_DESC, 0, &tt, &err)) {
		ok(0, "scenarios P and T open: %s", err.msg);
		return;
	}
	/* A's read, B's wakeup latency */
	memset(&in, 0, sizeof(in));
	in.sub = LTTR_SUB_CALL;
	in.start_ns = T0 + 100;
	in.end_ns = T0 + 50310;
	in.pid = 20;
	lttr_ex_req_of(&in, &q[0]);
	in.sub = LTTR_SUB_WAKEUP;
	in.start_ns = T0 + 50210;
	in.end_ns = T0 + 50240;
	in.pid = 21;
	lttr_ex_req_of(&in, &q[1]);
	ok(q[0].scope == LTTR_EXS_TASK && q[1].scope == LTTR_EXS_CPU && q[1].cpu == 0,
	   "a syscall is explained by its task, a wakeup by its CPU");
	lttr_explain(t, q, 2, &r, &err);
	e = r && r->n == 2 ? &r->v[0] : NULL;
	ok(e && e->n == 4 && expl_tiles(e) &&
	   item_is(&e->v[0], LTTR_EX_RAN, 100, 110, 20, LTTR_MODE_SYSCALL, 0) &&
	   item_is(&e->v[1], LTTR_EX_BLOCKED, 110, 50270, 20, 0, 0) &&
	   e->v[1].reason == LTTR_BLOCK_IO && e->v[1].waker.pid == 21 &&
	   item_is(&e->v[2], LTTR_EX_RUNNABLE, 50270, 50300, 20, 0, 0) &&
	   item_is(&e->v[3], LTTR_EX_RAN, 50300, 50310, 20, LTTR_MODE_SYSCALL, 0),
	   "P: A's read: in it, blocked (io) until B woke it, runnable, in it again");
	e = r && r->n == 2 ? &r->v[1] : NULL;
	ok(e && e->n == 3 && expl_tiles(e) &&
	   item_is(&e->v[0], LTTR_EX_RAN, 50210, 50220, 22, LTTR_MODE_SYSCALL, 1) &&
	   item_is(&e->v[1], LTTR_EX_RAN, 50220, 50230, 22, LTTR_MODE_USER, 0) &&
	   item_is(&e->v[2], LTTR_EX_RAN, 50230, 50240, 22, LTTR_MODE_SYSCALL, 35) &&
	   e->ntot == 1 && e->tot[0].who == LTTR_WHO_TASK && e->tot[0].pid == 22 &&
	   e->tot[0].ns == 30 && e->tot[0].count == 3,
	   "P: B's wakeup latency: C finished its write, ran, went to sleep: 30 ns of C");
	lttr_explained_free(r);
	r = NULL;
	/* T's late activation: the timer's 20 ns, then the hog */
	memset(&in, 0, sizeof(in));
	in.sub = LTTR_SUB_TIMER;
	in.start_ns = T0 + 2110;
	in.end_ns = T0 + 2500;
	in.part[LTTR_PART_TIMER] = 20;
	in.part[LTTR_PART_RUNNABLE] = 370;
	in.pid = 7;
	lttr_ex_req_of(&in, &q[0]);
	lttr_explain(tt, q, 1, &r, &err);
	e = r && r->n == 1 ? &r->v[0] : NULL;
	ok(e && e->n == 3 && expl_tiles(e) &&
	   item_is(&e->v[0], LTTR_EX_TIMER, 2110, 2130, 7, 0, 0) &&
	   item_is(&e->v[1], LTTR_EX_RAN, 2130, 2140, 8, LTTR_MODE_IRQ, 236) &&
	   item_is(&e->v[2], LTTR_EX_RAN, 2140, 2500, 8, LTTR_MODE_USER, 0) &&
	   e->tot[0].who == LTTR_WHO_TASK && e->tot[0].pid == 8 && e->tot[0].ns == 360,
	   "T: the late activation: 20 ns for the timer, the irq's 10 ns, then the hog's 360 ns first in the totals");
	lttr_explained_free(r);
	lttr_trace_close(t);
	lttr_trace_close(tt);
}

/* a progress callback: the calls seen, in order; cancels at @stop (0: never) */
struct prog {
	unsigned int calls;
	unsigned int last;
	unsigned int stop;
	bool order;
};

static int on_progress(void *arg, unsigned int permille)
{
	struct prog *p = arg;

	if (permille < p->last || permille > 1000)
		p->order = false;
	p->last = permille;
	p->calls++;
	return p->stop && permille >= p->stop;
}

/* field by field: the structs have padding */
static bool same_waker(const struct lttr_waker *a, const struct lttr_waker *b)
{
	return a->known == b->known && a->sysvec == b->sysvec && a->mode == b->mode &&
	       a->cpu == b->cpu && a->pid == b->pid && a->ctx == b->ctx &&
	       a->time_ns == b->time_ns;
}

static bool same_expl(const struct lttr_explanation *a, const struct lttr_explanation *b)
{
	size_t i;

	if (a->n != b->n || a->ntot != b->ntot)
		return false;
	for (i = 0; i < a->n; i++) {
		const struct lttr_ex_item *x = &a->v[i], *y = &b->v[i];

		if (x->start_ns != y->start_ns || x->end_ns != y->end_ns || x->pid != y->pid ||
		    x->what != y->what || x->cpu != y->cpu || x->type != y->type ||
		    x->mode != y->mode || x->reason != y->reason || x->sysvec != y->sysvec ||
		    !same_waker(&x->waker, &y->waker))
			return false;
	}
	for (i = 0; i < a->ntot; i++) {
		const struct lttr_ex_total *x = &a->tot[i], *y = &b->tot[i];

		if (x->who != y->who || x->type != y->type || x->reason != y->reason ||
		    x->sysvec != y->sysvec || x->pid != y->pid || x->what != y->what ||
		    x->ns != y->ns || x->count != y->count)
			return false;
	}
	return true;
}

static bool same_path(const struct lttr_critpath *a, const struct lttr_critpath *b)
{
	size_t i;

	if (!a || !b || a->nseg != b->nseg || a->ntot != b->ntot || a->from_ns != b->from_ns ||
	    a->to_ns != b->to_ns || a->pid != b->pid)
		return false;
	for (i = 0; i < a->nseg; i++) {
		const struct lttr_cp_seg *x = &a->seg[i], *y = &b->seg[i];

		if (x->start_ns != y->start_ns || x->end_ns != y->end_ns || x->pid != y->pid ||
		    x->state != y->state || x->reason != y->reason || x->mode != y->mode ||
		    x->cpu != y->cpu || x->what != y->what || x->depth != y->depth ||
		    !same_waker(&x->waker, &y->waker))
			return false;
	}
	for (i = 0; i < a->ntot; i++)
		if (a->tot[i].pid != b->tot[i].pid || a->tot[i].state != b->tot[i].state ||
		    a->tot[i].reason != b->tot[i].reason || a->tot[i].ns != b->tot[i].ns ||
		    a->tot[i].count != b->tot[i].count)
			return false;
	return true;
}

/*
 * The calls with a progress callback: the same results, the progress told
 * in order, and a cancel that stops the pass (the front ends' Cancel)
 */
static void test_progress(struct lttr_trace *t, const struct lttr_ex_req *rq, size_t n,
			  const struct lttr_explained *want, uint32_t pid)
{
	struct prog p = { .order = true };
	struct lttr_explained *x = NULL;
	struct lttr_critpath *a = NULL, *b = NULL;
	struct lttr_error err;
	size_t i;
	bool same;

	same = lttr_explain_progress(t, rq, n, on_progress, &p, &x, &err) == 0 && x &&
	       x->n == want->n;
	for (i = 0; same && i < x->n; i++)
		same = same_expl(&x->v[i], &want->v[i]);
	same = same && p.calls > 1 && p.order;
	ok(same,
	   "lttr_explain_progress(): the explanations of lttr_explain(), the progress told %u times in order",
	   p.calls);
	lttr_explained_free(x);
	x = NULL;
	memset(&p, 0, sizeof(p));
	p.order = true;
	p.stop = 300;
	same = lttr_explain_progress(t, rq, n, on_progress, &p, &x, &err) == -LTTR_E_CANCELED;
	ok(same && !x && err.code == LTTR_E_CANCELED && p.last >= 300 && p.last < 1000,
	   "lttr_explain_progress(): canceled at %u permille, no result", p.last);
	memset(&p, 0, sizeof(p));
	p.order = true;
	lttr_critpath_compute(t, pid, 0, UINT64_MAX, &a, &err);
	same = lttr_critpath_progress(t, pid, 0, UINT64_MAX, on_progress, &p, &b, &err) == 0 &&
	       same_path(a, b) && p.calls > 1 && p.order;
	ok(same,
	   "lttr_critpath_progress(): the path of lttr_critpath_compute() (%zu segments), the progress told %u times in order",
	   a ? a->nseg : 0, p.calls);
	lttr_critpath_free(a);
	lttr_critpath_free(b);
	b = NULL;
	memset(&p, 0, sizeof(p));
	p.order = true;
	p.stop = 1;
	same = lttr_critpath_progress(t, pid, 0, UINT64_MAX, on_progress, &p, &b, &err) ==
	       -LTTR_E_CANCELED;
	ok(same && !b && p.calls == 1, "lttr_critpath_progress(): canceled at its first call, no result");
}

/* the simulated trace: everything tiles */
static void test_sim(void)
{
	struct lttr_trace *t;
	struct lttr_error err;
	uint64_t end, at;
	unsigned int k, i, nat = 0, atgood = 0, ncp = 0;
	bool good = true, cpgood = true;
	char *desc = sim_desc(8000, 11, &end);

	if (!desc || tg_open("sim", desc, 0, &t, &err)) {
		ok(0, "the simulated trace opens");
		free(desc);
		return;
	}
	free(desc);
	for (k = 0; k < LTTR_TIMING_KINDS; k++) {
		struct lttr_timing_query q = { .kind = k, .to_ns = UINT64_MAX, .nworst = 6 };
		struct lttr_timing *r = NULL;
		struct lttr_explained *x = NULL;
		struct lttr_ex_req rq[64];
		size_t n = 0, g, w;

		if (lttr_timing_compute(t, &q, &r, &err) < 0) {
			good = false;
			continue;
		}
		for (g = 0; g < r->ngroups; g++)
			for (w = 0; w < r->groups[g].nworst && n < 64; w++)
				if (r->groups[g].level == LTTR_TG_ALL)
					lttr_ex_req_of(&r->groups[g].worst[w], &rq[n++]);
		if (lttr_explain(t, rq, n, &x, &err) < 0 || x->n != n || !n)
			good = false;
		for (w = 0; x && w < x->n; w++)
			good &= expl_tiles(&x->v[w]);
		if (k == LTTR_TIMING_WAKEUP && x)
			test_progress(t, rq, n, x, 111);
		lttr_explained_free(x);
		lttr_timing_free(r);
	}
	ok(good, "sim: the worst instances of every kind explained: items tile each, totals add up");
	for (i = 0; i < 6; i++) {
		struct lttr_critpath *cp = NULL;
		uint32_t pid = 100 + 10 * (i / 3) + i % 3;

		size_t j;

		if (lttr_critpath_compute(t, pid, 0, UINT64_MAX, &cp, &err) < 0 || !tiles(cp))
			cpgood = false;
		for (j = 0; cp && j < cp->nseg; j++)	/* the task's own are its */
			cpgood &= cp->seg[j].depth || cp->seg[j].pid == pid;
		ncp += cp ? (unsigned int)cp->nseg : 0;
		lttr_critpath_free(cp);
	}
	ok(cpgood, "sim: the critical path of each of the 6 tasks tiles its life, its own segments at depth 0 (%u segments)", ncp);
	for (at = SIM_T0 + 777; at < end; at += (end - SIM_T0) / 37, nat++) {
		struct lttr_explain_at *r = NULL;
		uint32_t pid = 100 + 10 * (nat % 2) + nat % 3;

		if (lttr_explain_at(t, pid, at, &r, &err) < 0)
			continue;
		if (r->start_ns <= at && (at < r->end_ns || !r->ended) &&
		    (r->state == LTTR_CP_BLOCKED ? r->path && tiles(r->path) && !r->expl.v :
		     r->expl.v && expl_tiles(&r->expl) && !r->path))
			atgood++;
		lttr_explain_at_free(r);
	}
	ok(atgood == nat && nat > 30,
	   "sim: %u states of tasks at given times, each holding the time, explained in pieces that tile it",
	   nat);
	lttr_trace_close(t);
}

/*
 * Scenario L (format 1.17): task 5 reads four times on CPU 0.  1: it
 * queues on a mutex held by 6 (an irq between), blocks, 6 wakes it: the
 * block waited for that mutex.  2: it queues on the mutex, blocks, 7 wakes
 * it, not the holder: no lock said.  3: it queues, its read ends without
 * a block, its next read blocks and 6 wakes it: no lock said.  4: it
 * queues on a rw_semaphore readers hold (no holder known), 7 wakes it,
 * which had queued on it to read: the rwsem said, its holder unknown.
 * 5: it queues on the mutex held by 6, 7 wakes it, having queued on
 * that mutex since read 2 (the lock handed down the queue): the mutex
 * said, its holder when 5 queued 6.  6: it queues on a mutex whose holder
 * is not known (gone before the record), 6 wakes it, which never queued
 * on it: no lock said.
 */
#define L_DESC \
	"header ncpus=2 format=1.18 end=1000012000\n" \
	"proc PID: 5; PPID: 1; TGID: 5; NAME: waiter\n" \
	"proc PID: 6; PPID: 1; TGID: 6; NAME: holder\n" \
	"proc PID: 7; PPID: 1; TGID: 7; NAME: other\n" \
	"buf cpu=0 start=1000000000 pid=5\n" \
	"1000000000 start 5 0\n" \
	"1000000100 syscall_entry 0\n" \
	"1000000200 lock_contend 0xffff888003a1c000 0xffffffff81612345 6 2 0 0\n" \
	"1000000210 irq_entry 236 2\n" \
	"1000000220 irq_exit 236 2\n" \
	"1000000300 sched 5 0 2\n" \
	"1000001100 sched 0 5 0\n" \
	"1000001200 syscall_exit 0 10\n" \
	"1000002000 syscall_entry 0\n" \
	"1000002100 lock_contend 0xffff888003a1c000 0xffffffff81612345 6 0 0 0\n" \
	"1000002200 sched 5 0 1\n" \
	"1000003100 sched 0 5 0\n" \
	"1000003200 syscall_exit 0 10\n" \
	"1000004000 syscall_entry 0\n" \
	"1000004100 lock_contend 0xffff888003a1c000 0xffffffff81612345 6 0 0 0\n" \
	"1000004200 syscall_exit 0 10\n" \
	"1000004300 syscall_entry 0\n" \
	"1000004400 sched 5 0 1\n" \
	"1000005100 sched 0 5 0\n" \
	"1000005200 syscall_exit 0 10\n" \
	"1000006000 syscall_entry 0\n" \
	"1000006100 lock_contend 0xffff888003b00000 0 0 1 2 1\n" \
	"1000006200 sched 5 0 2\n" \
	"1000007100 sched 0 5 0\n" \
	"1000007200 syscall_exit 0 10\n" \
	"1000008000 syscall_entry 0\n" \
	"1000008100 lock_contend 0xffff888003a1c000 0xffffffff81612345 6 1 0 0\n" \
	"1000008200 sched 5 0 2\n" \
	"1000009100 sched 0 5 0\n" \
	"1000009200 syscall_exit 0 10\n" \
	"1000010000 syscall_entry 0\n" \
	"1000010100 lock_contend 0xffff888003c00000 0 0 0 0 0\n" \
	"1000010200 sched 5 0 2\n" \
	"1000011100 sched 0 5 0\n" \
	"1000011200 syscall_exit 0 10\n" \
	"buf cpu=1 start=1000000000 pid=6\n" \
	"1000000000 start 6 1\n" \
	"1000001000 wakeup 5 0 0\n" \
	"1000001500 sched 6 7 0\n" \
	"1000003000 wakeup 5 0 0\n" \
	"1000004900 sched 7 6 0\n" \
	"1000005000 wakeup 5 0 0\n" \
	"1000005500 sched 6 7 0\n" \
	"1000006500 lock_contend 0xffff888003b00000 0 0 0 1 1\n" \
	"1000007000 wakeup 5 0 0\n" \
	"1000007500 lock_contend 0xffff888003a1c000 0xffffffff81612345 6 0 0 0\n" \
	"1000009000 wakeup 5 0 0\n" \
	"1000009500 sched 7 6 0\n" \
	"1000011000 wakeup 5 0 0\n"

/* the one blocked item of @e, or NULL */
static const struct lttr_ex_item *blocked_item(const struct lttr_explanation *e)
{
	const struct lttr_ex_item *b = NULL;
	size_t i;

	for (i = 0; e && i < e->n; i++) {
		if (e->v[i].type != LTTR_EX_BLOCKED)
			continue;
		if (b)
			return NULL;
		b = &e->v[i];
	}
	return b;
}

static void test_lock(void)
{
	static const uint64_t reads[6][2] = {
		{ 100, 1200 }, { 2000, 3200 }, { 4300, 5200 }, { 6000, 7200 }, { 8000, 9200 },
		{ 10000, 11200 },
	};
	struct lttr_ex_req q[6];
	struct lttr_explained *r = NULL;
	const struct lttr_ex_item *b[6];
	struct lttr_timing_inst in;
	struct lttr_trace *t;
	struct lttr_error err;
	char buf[512] = "";
	size_t i;

	if (tg_open("l", L_DESC, 0, &t, &err)) {
		ok(0, "scenario L opens: %s", err.msg);
		return;
	}
	for (i = 0; i < 6; i++) {
		memset(&in, 0, sizeof(in));
		in.sub = LTTR_SUB_CALL;
		in.start_ns = T0 + reads[i][0];
		in.end_ns = T0 + reads[i][1];
		in.pid = 5;
		lttr_ex_req_of(&in, &q[i]);
	}
	ok(lttr_explain(t, q, 6, &r, &err) == 0 && r && r->n == 6, "L: six reads explained");
	for (i = 0; i < 6; i++)
		b[i] = r && r->n == 6 && expl_tiles(&r->v[i]) ? blocked_item(&r->v[i]) : NULL;
	ok(b[0] && b[0]->lock.known && b[0]->lock.kind == LTT_LOCK_MUTEX &&
	   b[0]->lock.lock == 0xffff888003a1c000ULL && b[0]->lock.site == 0xffffffff81612345ULL &&
	   b[0]->lock.owner == 6 && b[0]->lock.waiters == 2 && b[0]->waker.pid == 6 &&
	   b[0]->start_ns == T0 + 300 && b[0]->end_ns == T0 + 1000,
	   "L 1: the block right after queuing on the mutex, ended by its holder: the mutex, its holder, its waiters");
	if (b[0] && r)
		lttr_ex_item_str(t, r->acct, b[0], buf, sizeof(buf));
	ok(strstr(buf, " on mutex 0xffff888003a1c000 (site 0xffffffff81612345) held by 6 holder, ") != NULL,
	   "L 1: the text says it: %s", buf);
	ok(b[1] && !b[1]->lock.known && b[1]->waker.pid == 7,
	   "L 2: the same, but woken by 7, not the holder: no lock said");
	ok(b[2] && !b[2]->lock.known && b[2]->waker.pid == 6 && b[2]->start_ns == T0 + 4400,
	   "L 3: queued, its read ended without a block; its next read's block, woken by the holder: no lock said");
	ok(b[3] && b[3]->lock.known && b[3]->lock.kind == LTT_LOCK_RWSEM_WRITE &&
	   (b[3]->lock.flags & LTT_LOCK_READERS) && !b[3]->lock.owner && b[3]->waker.pid == 7,
	   "L 4: queued on a rw_semaphore readers held (no holder known), woken by 7, which queued on it to read: the rwsem said");
	buf[0] = '\0';
	if (b[3] && r)
		lttr_ex_item_str(t, r->acct, b[3], buf, sizeof(buf));
	ok(strstr(buf, " on rwsem_write 0xffff888003b00000 held by readers, ") != NULL,
	   "L 4: the text: %s", buf);
	ok(b[4] && b[4]->lock.known && b[4]->lock.owner == 6 && b[4]->waker.pid == 7,
	   "L 5: woken by 7, which queued on the same mutex before: the mutex said (handed down)");
	ok(b[5] && !b[5]->lock.known && b[5]->waker.pid == 6,
	   "L 6: a mutex whose holder is not known, the waker never queued on it: no lock said");
	lttr_explained_free(r);
	{
		struct lttr_critpath *cp = NULL;
		const struct lttr_cp_step *st = NULL;
		size_t nlock = 0;

		/* the critical path of the first two reads: one step each, the first the lock's */
		if (lttr_critpath_compute(t, 5, T0 + 100, T0 + 3200, &cp, &err) == 0)
			for (size_t k = 0; k < cp->nstep; k++) {
				if (cp->step[k].block_ns == T0 + 300)
					st = &cp->step[k];
				nlock += cp->step[k].lock.known;
			}
		ok(st && st->followed && st->waker.pid == 6 && st->lock.known &&
		   st->lock.owner == 6 && st->lock.lock == 0xffff888003a1c000ULL && nlock == 1,
		   "L: the critical path follows the holder from the block that waited for the mutex, and says so (%zu steps)",
		   cp ? cp->nstep : 0);
		lttr_critpath_free(cp);
	}
	{
		struct lttr_explain_at *at1 = NULL, *at2 = NULL;

		ok(lttr_explain_at(t, 5, T0 + 500, &at1, &err) == 0 && at1 &&
		   at1->state == LTTR_CP_BLOCKED && at1->lock.known && at1->lock.owner == 6 &&
		   at1->waker.pid == 6 && lttr_explain_at(t, 5, T0 + 2500, &at2, &err) == 0 && at2 &&
		   at2->state == LTTR_CP_BLOCKED && !at2->lock.known,
		   "L: the state at a time: blocked on the mutex in read 1, not in read 2");
		lttr_explain_at_free(at1);
		lttr_explain_at_free(at2);
	}
	lttr_trace_close(t);
}

int main(void)
{
	test_chain();
	test_at();
	test_requests();
	test_sim();
	test_lock();
	ok(!strcmp(lttr_cp_state_name(LTTR_CP_BLOCKED, LTTR_BLOCK_IO), "blocked_io") &&
	   !strcmp(lttr_cp_state_name(LTTR_CP_ABSENT, 0), "absent") &&
	   !strcmp(lttr_ex_type_name(LTTR_EX_TIMER), "timer") &&
	   !strcmp(lttr_ex_type_name(99), "?"), "state and item names");
	return tap_done();
}
