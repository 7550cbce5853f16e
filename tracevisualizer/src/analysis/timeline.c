// SPDX-License-Identifier: GPL-2.0
/*
 * timeline.c - the states of the tasks and the segments of the CPUs over
 * some windows of a trace, from one pass of the accounting: what the
 * explanations and the critical path read.  Only what overlaps the
 * windows is kept: a state that ends before them is overwritten by the
 * next one (a state is then seen to last longer than it did, outside the
 * windows only, where nothing reads it).
 */
#include <stdlib.h>
#include <string.h>
#include <lttr/reader/trace.h>
#include "analysis/timeline.h"
#include "reader/progress-hold.h"

#define PROGRESS_EVERY 4096	/* events between two progress calls */

/* [a, b] meets a window */
static bool overlaps(const struct timeline *tl, uint64_t a, uint64_t b)
{
	size_t lo = 0, hi = tl->nwin;

	while (lo < hi) {	/* the first window that ends at or after a */
		size_t mid = lo + (hi - lo) / 2;

		if (tl->win[2 * mid + 1] < a)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < tl->nwin && tl->win[2 * lo] <= b;
}

static struct tl_task *task_get(struct timeline *tl, uint32_t pid, bool create)
{
	bool created;
	struct tl_task *tk = lttr_pidtab_get(&tl->tasks, pid, create, &created);

	if (!tk && create)
		tl->nomem = 1;
	if (created)
		tk->pid = pid;
	return tk;
}

static void on_task(void *arg, const struct lttr_acct_change *c)
{
	struct timeline *tl = arg;
	struct tl_task *tk;
	struct tl_state *s;

	if (tl->only && c->pid != tl->only_pid)
		return;
	tk = task_get(tl, c->pid, true);
	if (!tk)
		return;
	if (c->state == LTTR_TS_RESOLVED) {	/* the reason of its first block */
		size_t i;

		for (i = 0; i < tk->n; i++) {
			if (tk->v[i].pending) {
				tk->v[i].pending = false;
				tk->v[i].reason = c->reason;
			}
		}
		return;
	}
	if (tk->n && !overlaps(tl, tk->v[tk->n - 1].t, c->time_ns) &&
	    !tk->v[tk->n - 1].pending) {
		tk->n--;	/* its last state is outside the windows */
	} else if (tk->n == tk->cap) {
		size_t ncap = tk->cap ? tk->cap * 2 : 8;
		struct tl_state *n = realloc(tk->v, ncap * sizeof(*n));

		if (!n) {
			tl->nomem = 1;
			return;
		}
		tk->v = n;
		tk->cap = ncap;
	}
	s = &tk->v[tk->n++];
	memset(s, 0, sizeof(*s));
	s->t = c->time_ns;
	s->state = c->state;
	s->reason = c->reason;
	s->mode = c->mode;
	s->pending = c->state == LTTR_TS_BLOCKED && c->pending;
	s->preempted = c->preempted;
	s->cpu = c->cpu;
	s->what = c->what;
}

static void on_transition(void *arg, const struct lttr_flow_tr *tr)
{
	struct timeline *tl = arg;
	struct tl_task *tk;
	struct tl_state *s;

	if (tr->kind != LTTR_TR_WAKEUP || (tl->only && tr->pid2 != tl->only_pid))
		return;
	tk = task_get(tl, tr->pid2, false);
	if (!tk || !tk->n)
		return;
	s = &tk->v[tk->n - 1];
	/* the wakeup that made it runnable (the accounting told it first) */
	if (s->state != LTTR_TS_RUNNABLE || s->t != tr->time_ns || s->waker.known)
		return;
	lttr_waker_set(&s->waker, tr);
}

/* a runnable interval ends: whether it is a wakeup latency, and from when */
static void on_wait(void *arg, const struct lttr_acct_wait *w)
{
	struct timeline *tl = arg;
	struct tl_task *tk;
	struct tl_state *s;

	if (!w->latency || (tl->only && w->pid != tl->only_pid))
		return;
	tk = task_get(tl, w->pid, false);
	if (!tk || !tk->n)
		return;
	s = &tk->v[tk->n - 1];	/* told before the switch in's change */
	if (s->state != LTTR_TS_RUNNABLE || s->t != w->since_ns)
		return;
	s->latency = true;
	s->woken_ns = w->woken_ns;
}

static void on_segment(void *arg, const struct lttr_flow_seg *sg)
{
	struct timeline *tl = arg;
	struct tl_cpu *c;

	if (sg->cpu >= LTT_MAX_CPUS || !overlaps(tl, sg->start_ns, sg->end_ns))
		return;
	c = &tl->cpu[sg->cpu];
	if (c->n == c->cap) {
		size_t ncap = c->cap ? c->cap * 2 : 256;
		struct lttr_flow_seg *n = realloc(c->v, ncap * sizeof(*n));

		if (!n) {
			tl->nomem = 1;
			return;
		}
		c->v = n;
		c->cap = ncap;
	}
	c->v[c->n++] = *sg;
}

static int on_event(void *arg, const struct lttr_event *ev)
{
	struct timeline *tl = arg;

	if (tl->nomem)
		return -LTTR_E_NOMEM;
	if (tl->progress && !(++tl->events % PROGRESS_EVERY)) {
		uint64_t span = tl->end_ns - tl->start_ns;
		uint64_t done = ev->time_ns > tl->start_ns ? ev->time_ns - tl->start_ns : 0;

		if (done > span)
			done = span;
		if (lttr_progress_tell(tl->progress, tl->parg, tl->events / PROGRESS_EVERY,
				       span ? (unsigned int)(done * 1000 / span) : 1000))
			return -LTTR_E_CANCELED;
	}
	return 0;
}

static int cmp_win(const void *pa, const void *pb)
{
	const uint64_t *a = pa, *b = pb;

	if (a[0] != b[0])
		return a[0] < b[0] ? -1 : 1;
	return a[1] < b[1] ? -1 : a[1] > b[1];
}

int tl_collect(struct lttr_trace *t, const uint64_t *win, size_t nwin, bool segments,
	       bool only, uint32_t only_pid,
	       int (*progress)(void *arg, unsigned int permille), void *parg,
	       struct timeline *tl, struct lttr_error *err)
{
	struct lttr_account_hooks hooks = {
		on_event, segments ? on_segment : NULL, on_transition, on_task, on_wait,
	};
	int r;

	memset(tl, 0, sizeof(*tl));
	lttr_pidtab_init(&tl->tasks, sizeof(struct tl_task));
	tl->segments = segments;
	tl->only = only;
	tl->only_pid = only_pid;
	tl->progress = progress;
	tl->parg = parg;
	tl->ncpus = lttr_trace_ncpus(t);
	tl->start_ns = lttr_trace_window_start(t);
	tl->end_ns = lttr_trace_end_ns(t);
	if (tl->end_ns < tl->start_ns)
		tl->end_ns = tl->start_ns;
	tl->win = malloc((nwin ? nwin : 1) * 2 * sizeof(*tl->win));
	if (!tl->win)
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	if (nwin) {
		size_t i, k;

		memcpy(tl->win, win, nwin * 2 * sizeof(*win));
		for (i = 0; i < nwin; i++)	/* [a, b] with a <= b */
			if (tl->win[2 * i] > tl->win[2 * i + 1])
				tl->win[2 * i + 1] = tl->win[2 * i];
		qsort(tl->win, nwin, 2 * sizeof(*tl->win), cmp_win);
		for (i = 1, k = 0; i < nwin; i++) {	/* merged */
			if (tl->win[2 * i] <= tl->win[2 * k + 1]) {
				if (tl->win[2 * i + 1] > tl->win[2 * k + 1])
					tl->win[2 * k + 1] = tl->win[2 * i + 1];
			} else {
				k++;
				tl->win[2 * k] = tl->win[2 * i];
				tl->win[2 * k + 1] = tl->win[2 * i + 1];
			}
		}
		tl->nwin = k + 1;
	} else {
		tl->win[0] = 0;
		tl->win[1] = UINT64_MAX;
		tl->nwin = 1;
	}
	r = lttr_account_compute_hooks(t, &hooks, tl, &tl->acct, err);
	if (r >= 0 && tl->nomem)
		r = lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	if (r < 0)
		tl_free(tl);
	return r;
}

void tl_free(struct timeline *tl)
{
	size_t i;

	for (i = 0; i < tl->tasks.n; i++)
		free(((struct tl_task *)lttr_pidtab_at(&tl->tasks, i))->v);
	lttr_pidtab_free(&tl->tasks);
	for (i = 0; i < LTT_MAX_CPUS; i++)
		free(tl->cpu[i].v);
	free(tl->win);
	lttr_account_free(tl->acct);
	memset(tl, 0, sizeof(*tl));
}

const struct tl_task *tl_task(const struct timeline *tl, uint32_t pid)
{
	return lttr_pidtab_find(&tl->tasks, pid);
}

uint64_t tl_state_end(const struct timeline *tl, const struct tl_task *tk, size_t i)
{
	return i + 1 < tk->n ? tk->v[i + 1].t : tl->end_ns;
}

bool tl_state_at(const struct tl_task *tk, uint64_t t, size_t *i)
{
	size_t lo = 0, hi = tk->n;

	while (lo < hi) {	/* the first state after t */
		size_t mid = lo + (hi - lo) / 2;

		if (tk->v[mid].t <= t)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo)
		return false;
	*i = lo - 1;
	return true;
}
