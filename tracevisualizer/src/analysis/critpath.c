// SPDX-License-Identifier: GPL-2.0
/*
 * critpath.c - the critical path of a task: its states over an interval,
 * each blocked interval that a task ended (its wakeup in process
 * context) replaced by the critical path of that waker over the same
 * interval, recursively (Trace Compass's critical path of a thread).
 * The segments tile the interval; the totals sum them per task and state.
 */
#include <stdlib.h>
#include <string.h>
#include <lttr/reader/trace.h>
#include "analysis/critpath-internal.h"

struct walk {
	const struct timeline *tl;
	struct lttr_critpath *cp;
	size_t cap;
	size_t capstep;
	uint32_t *path;		/* the tasks being followed, outermost first */
	size_t npath;
	size_t cappath;
	int nomem;
};

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
	default:
		return "absent";
	}
}

static void emit(struct walk *w, const struct lttr_cp_seg *s)
{
	struct lttr_critpath *cp = w->cp;

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

static bool on_path(const struct walk *w, uint32_t pid)
{
	size_t i;

	for (i = 0; i < w->npath; i++)
		if (w->path[i] == pid)
			return true;
	return false;
}

static void walk(struct walk *w, uint32_t pid, uint64_t a, uint64_t b,
		 uint32_t depth, const struct lttr_cp_seg *fallback);

/* the block @s of @pid, its part [@t, @e] on the path beginning at the next segment */
static void step(struct walk *w, uint32_t pid, uint32_t depth, const struct tl_state *s,
		 uint64_t t, uint64_t e, bool followed, const struct lttr_waker *waker)
{
	struct lttr_critpath *cp = w->cp;
	struct lttr_cp_step *st;

	if (e <= t)
		return;
	if (cp->nstep == w->capstep) {
		size_t ncap = w->capstep ? w->capstep * 2 : 16;
		struct lttr_cp_step *n = realloc(cp->step, ncap * sizeof(*n));

		if (!n) {
			w->nomem = 1;
			return;
		}
		cp->step = n;
		w->capstep = ncap;
	}
	st = &cp->step[cp->nstep++];
	memset(st, 0, sizeof(*st));
	st->pid = pid;
	st->depth = depth;
	st->block_ns = s->t;
	st->start_ns = t;
	st->end_ns = e;
	st->seg = cp->nseg;
	st->followed = followed;
	st->waker = *waker;
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

	if (next && end <= b && next->state == LTTR_TS_RUNNABLE)
		seg.waker = next->waker;
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
		uint32_t *n = realloc(w->path, ncap * sizeof(*n));

		if (!n) {
			w->nomem = 1;
			return;
		}
		w->path = n;
		w->cappath = ncap;
	}
	w->path[w->npath++] = pid;
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
			    cp->tot[j].reason == reason)
				break;
		if (j == cp->ntot) {
			cp->tot[j].pid = s->pid;
			cp->tot[j].state = s->state;
			cp->tot[j].reason = reason;
			cp->ntot++;
		}
		cp->tot[j].ns += s->end_ns - s->start_ns;
		cp->tot[j].count++;
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
	lttr_account_free(cp->acct);
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
