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
	if (c->state == LTTR_TS_BLOCKED && tk->lk_armed && tk->lk_at == c->time_ns)
		s->lock = tk->lk;
	tk->lk_armed = false;
}

static size_t lockq_slot(const struct tl_lockq *q, uint64_t lock, uint32_t pid)
{
	uint64_t h = (lock ^ ((uint64_t)pid << 32 | pid)) * 0x9e3779b97f4a7c15ULL;
	size_t i = (size_t)(h >> 32) & (q->cap - 1);

	while (q->lock[i] && (q->lock[i] != lock || q->pid[i] != pid))
		i = (i + 1) & (q->cap - 1);
	return i;
}

/* @pid queued on @lock (0 is no lock's address) */
static void lockq_add(struct timeline *tl, uint64_t lock, uint32_t pid)
{
	struct tl_lockq *q = &tl->lockq;
	size_t i;

	if (!lock)
		return;
	if (2 * (q->n + 1) > q->cap) {
		struct tl_lockq nq = { .cap = q->cap ? 2 * q->cap : 64, .n = q->n };

		nq.lock = calloc(nq.cap, sizeof(*nq.lock));
		nq.pid = calloc(nq.cap, sizeof(*nq.pid));
		if (!nq.lock || !nq.pid) {
			free(nq.lock);
			free(nq.pid);
			tl->nomem = 1;
			return;
		}
		for (i = 0; i < q->cap; i++) {
			if (q->lock[i]) {
				size_t k = lockq_slot(&nq, q->lock[i], q->pid[i]);

				nq.lock[k] = q->lock[i];
				nq.pid[k] = q->pid[i];
			}
		}
		free(q->lock);
		free(q->pid);
		*q = nq;
	}
	i = lockq_slot(q, lock, pid);
	if (!q->lock[i]) {
		q->lock[i] = lock;
		q->pid[i] = pid;
		q->n++;
	}
}

static bool lockq_has(const struct tl_lockq *q, uint64_t lock, uint32_t pid)
{
	return q->cap && lock && q->lock[lockq_slot(q, lock, pid)] == lock;
}

/*
 * @s (BLOCKED right after its task queued on @s->lock) ended with the
 * wakeup by @waker: a release of that lock when @waker held it when the
 * task queued, or had queued on it too (the lock handed down a queue:
 * the holder releases it to its first waiter, which wakes the next one
 * when it releases it in turn; a reader that queued).  Another waker:
 * the task got the lock at once and blocked for something else; or the
 * holder is not known (readers that took it without queuing, or a holder
 * gone before the record) and neither is the release.
 */
static void lock_woken(const struct timeline *tl, struct tl_state *s, uint32_t waker)
{
	const struct lttr_ex_lock *l = &s->lock;

	s->lock_ok = l->known && ((l->owner && waker == l->owner) ||
				  lockq_has(&tl->lockq, l->lock, waker));
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
	if (tk->n >= 2 && tk->v[tk->n - 2].state == LTTR_TS_BLOCKED && s->waker.known)
		lock_woken(tl, &tk->v[tk->n - 2], s->waker.pid);
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

/*
 * A task that queues on a kernel lock and switches out blocked right
 * after, with no system call's start or end between (interrupts may come
 * in between): that block is the lock's candidate (on_task()).
 */
static void lock_event(struct timeline *tl, const struct lttr_event *ev)
{
	struct tl_task *tk;
	uint32_t pid;

	switch (ev->id) {
	case LTT_EV_LOCK_CONTEND:
		lockq_add(tl, ev->p.lock_contend.lock, ev->pid);
		if (tl->only && ev->pid != tl->only_pid)
			return;
		tk = task_get(tl, ev->pid, true);
		if (!tk)
			return;
		tk->lk = (struct lttr_ex_lock){
			.known = true, .kind = ev->p.lock_contend.kind,
			.flags = ev->p.lock_contend.flags, .waiters = ev->p.lock_contend.waiters,
			.owner = ev->p.lock_contend.owner, .lock = ev->p.lock_contend.lock,
			.site = ev->p.lock_contend.site,
		};
		tk->lk_queued = true;
		tk->lk_armed = false;
		return;
	case LTT_EV_SCHEDCHANGE:
		pid = ev->p.schedchange.prev_pid;
		break;
	case LTT_EV_SYSCALL_ENTRY:
	case LTT_EV_SYSCALL_EXIT:
		pid = ev->pid;
		break;
	default:
		return;
	}
	tk = task_get(tl, pid, false);
	if (!tk || !tk->lk_queued)
		return;
	tk->lk_queued = false;
	if (ev->id == LTT_EV_SCHEDCHANGE && ev->p.schedchange.prev_state) {
		tk->lk_armed = true;
		tk->lk_at = ev->time_ns;
	}
}

static int on_event(void *arg, const struct lttr_event *ev)
{
	struct timeline *tl = arg;

	if (tl->nomem)
		return -LTTR_E_NOMEM;
	if (ev->details)
		lock_event(tl, ev);
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
	free(tl->lockq.lock);
	free(tl->lockq.pid);
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
