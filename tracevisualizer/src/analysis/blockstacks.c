// SPDX-License-Identifier: GPL-2.0
/*
 * blockstacks.c - the stacks of one event, and of the blocks that explain
 * and critical-path show (lttr/analysis/blockstacks.h).
 *
 * One pass over the part of the trace asked for keeps each stack record
 * that follows a record of its event on its CPU at the same time (as
 * stacks.c pairs them), its addresses in one pool; the entries are in
 * the trace's time order, so a lookup is a binary search on the time.
 */
#include <lttr/analysis/blockstacks.h>
#include <lttr/analysis/critpath.h>
#include <lttr/analysis/explain.h>
#include <lttr/analysis/timing.h>
#include <lttr/reader/error.h>
#include <lttr/reader/event.h>
#include <lttr/reader/iter.h>
#include <lttr/reader/stack.h>
#include <lttr/reader/trace.h>
#include <lttr/symbols/symbols.h>

#include <stdlib.h>
#include <string.h>

struct sxent {
	uint64_t time_ns;
	uint32_t pid;
	uint16_t cpu;
	uint8_t of_id;
	uint8_t kn, un;
	size_t off;		/* in the pool: kernel then user addresses */
};

struct lttr_stackidx {
	struct lttr_syms *syms;
	size_t n, cap;
	struct sxent *v;
	size_t npool, cappool;
	uint64_t *pool;
};

static void frame_name(struct lttr_syms *syms, uint32_t pid, uint64_t time_ns, uint64_t addr,
		       bool kernel, char *name, size_t size)
{
	char *p;

	if (syms)
		lttr_syms_resolve(syms, kernel ? 0 : (int32_t)pid, addr, time_ns, kernel, name, size);
	else
		lttr_stack_frame_name(addr, kernel, pid, time_ns, name, size);
	for (p = name; (p = strchr(p, ';')) != NULL; p++)
		*p = ':';
}

char *lttr_stack_fold(struct lttr_syms *syms, uint32_t pid, uint64_t time_ns,
		      const uint64_t *kernel, unsigned int kn,
		      const uint64_t *user, unsigned int un)
{
	char name[512];
	size_t len = 0, cap = 64;
	char *s = malloc(cap);
	int i;

	if (!s)
		return NULL;
	s[0] = '\0';
	/* user frames outermost first, then kernel frames outermost first */
	for (i = (int)(kn + un) - 1; i >= 0; i--) {
		bool k = i < (int)kn;
		size_t n;

		frame_name(syms, pid, time_ns, k ? kernel[i] : user[i - (int)kn], k,
			   name, sizeof(name));
		n = strlen(name);
		if (len + n + 2 > cap) {
			char *t;

			cap = 2 * (len + n + 2);
			t = realloc(s, cap);
			if (!t) {
				free(s);
				return NULL;
			}
			s = t;
		}
		if (len)
			s[len++] = ';';
		memcpy(s + len, name, n + 1);
		len += n;
	}
	if (!len) {
		free(s);
		return strdup("[no frames]");
	}
	return s;
}

static int keep(struct lttr_stackidx *x, const struct lttr_stack *st, const struct lttr_event *ev)
{
	size_t need = (size_t)st->kernel_nr + st->user_nr;
	struct sxent *e;

	if (x->n == x->cap) {
		size_t cap = x->cap ? 2 * x->cap : 64;
		struct sxent *n = realloc(x->v, cap * sizeof(*n));

		if (!n)
			return -1;
		x->v = n;
		x->cap = cap;
	}
	if (x->npool + need > x->cappool) {
		size_t cap = x->cappool ? 2 * x->cappool : 1024;
		uint64_t *n;

		while (cap < x->npool + need)
			cap *= 2;
		n = realloc(x->pool, cap * sizeof(*n));
		if (!n)
			return -1;
		x->pool = n;
		x->cappool = cap;
	}
	e = &x->v[x->n++];
	e->time_ns = ev->time_ns;
	e->pid = st->pid;
	e->cpu = ev->cpu;
	e->of_id = st->of_id;
	e->kn = (uint8_t)st->kernel_nr;
	e->un = (uint8_t)st->user_nr;
	e->off = x->npool;
	memcpy(x->pool + x->npool, st->kernel, 8 * (size_t)st->kernel_nr);
	memcpy(x->pool + x->npool + st->kernel_nr, st->user, 8 * (size_t)st->user_nr);
	x->npool += need;
	return 0;
}

bool lttr_stacks_recorded(const struct lttr_trace *t)
{
	const struct ltt_trace_header *h = lttr_trace_header(t);
	size_t i;

	for (i = 0; i < sizeof(h->stacks.events.bits) / sizeof(h->stacks.events.bits[0]); i++)
		if (h->stacks.events.bits[i])
			return true;
	return false;
}

int lttr_stackidx_build(struct lttr_trace *t, struct lttr_syms *syms, uint64_t from_ns,
			uint64_t to_ns, struct lttr_stackidx **out, struct lttr_error *err)
{
	struct {
		bool valid;
		uint8_t id;
		uint64_t time_ns;
	} *last = NULL;
	struct lttr_stackidx *x;
	struct lttr_iter *it = NULL;
	struct lttr_event ev;
	int r = 0;

	*out = NULL;
	x = calloc(1, sizeof(*x));
	if (!x)
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	x->syms = syms;
	if (!lttr_stacks_recorded(t) || from_ns > to_ns) {
		*out = x;
		return 0;
	}
	last = calloc(LTT_MAX_CPUS, sizeof(*last));
	if (!last) {
		free(x);
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	}
	r = lttr_iter_new(t, &it, err);
	/* with symbols, from the start: the execs, forks and mmaps before name frames */
	if (r >= 0 && !syms)
		r = lttr_iter_seek_time(it, from_ns);
	while (r >= 0 && (r = lttr_iter_next(it, &ev)) > 0) {
		struct lttr_stack st;

		if (ev.time_ns > to_ns)
			break;
		if (ev.cpu >= LTT_MAX_CPUS || ev.id == LTT_EV_TIME_EXT)
			continue;
		if (lttr_syms_note_event(syms, &ev) < 0) {
			r = lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
			break;
		}
		if (ev.id == LTT_EV_STACK && ev.time_ns >= from_ns &&
		    lttr_stack_decode(&ev, &st, NULL, 0) == 0 && last[ev.cpu].valid &&
		    last[ev.cpu].id == st.of_id && last[ev.cpu].time_ns == ev.time_ns &&
		    keep(x, &st, &ev) < 0) {
			r = lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
			break;
		}
		last[ev.cpu].valid = true;
		last[ev.cpu].id = ev.id;
		last[ev.cpu].time_ns = ev.time_ns;
	}
	/* a damaged record ends the walk as it ends the reading: what was kept stays */
	if (r < 0 && r != -LTTR_E_NOMEM)
		r = 0;
	lttr_iter_free(it);
	free(last);
	if (r < 0) {
		lttr_stackidx_free(x);
		return r;
	}
	*out = x;
	return 0;
}

void lttr_stackidx_free(struct lttr_stackidx *x)
{
	if (!x)
		return;
	free(x->v);
	free(x->pool);
	free(x);
}

size_t lttr_stackidx_count(const struct lttr_stackidx *x)
{
	return x ? x->n : 0;
}

int lttr_stackidx_fold(const struct lttr_stackidx *x, unsigned int of_id, uint32_t pid,
		       uint64_t time_ns, int cpu, char **folded)
{
	size_t lo = 0, hi = x ? x->n : 0;

	*folded = NULL;
	while (lo < hi) {	/* the first entry at @time_ns */
		size_t mid = lo + (hi - lo) / 2;

		if (x->v[mid].time_ns < time_ns)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; x && lo < x->n && x->v[lo].time_ns == time_ns; lo++) {
		const struct sxent *e = &x->v[lo];

		if (e->of_id != of_id || e->pid != pid || (cpu >= 0 && e->cpu != cpu))
			continue;
		*folded = lttr_stack_fold(x->syms, e->pid, e->time_ns, x->pool + e->off, e->kn,
					  x->pool + e->off + e->kn, e->un);
		return *folded ? 0 : -1;
	}
	return 0;
}

bool lttr_stackidx_find(const struct lttr_stackidx *x, unsigned int of_id, uint32_t pid, int cpu,
			uint64_t from_ns, uint64_t to_ns, size_t *pos)
{
	size_t lo = *pos, hi = x ? x->n : 0;

	if (lo >= hi)
		return false;
	while (lo < hi) {	/* the first entry at or after @from_ns */
		size_t mid = lo + (hi - lo) / 2;

		if (x->v[mid].time_ns < from_ns)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < x->n && x->v[lo].time_ns <= to_ns; lo++) {
		const struct sxent *e = &x->v[lo];

		if (e->of_id == of_id && e->pid == pid && (cpu < 0 || e->cpu == cpu)) {
			*pos = lo;
			return true;
		}
	}
	*pos = lo;
	return false;
}

uint64_t lttr_stackidx_time(const struct lttr_stackidx *x, size_t pos)
{
	return x->v[pos].time_ns;
}

char *lttr_stackidx_leaf(const struct lttr_stackidx *x, size_t pos, unsigned int nframes)
{
	const struct sxent *e = &x->v[pos];
	const uint64_t *k = x->pool + e->off, *u = k + e->kn;

	if (e->un)
		return lttr_stack_fold(x->syms, e->pid, e->time_ns, k, 0, u,
				       e->un < nframes ? e->un : nframes);
	return lttr_stack_fold(x->syms, e->pid, e->time_ns, k, e->kn < nframes ? e->kn : nframes,
			       u, 0);
}

int lttr_stackidx_of_event(const struct lttr_stackidx *x, const struct lttr_event *ev,
			   char **folded)
{
	*folded = NULL;
	if (!ev->details)
		return 0;
	switch (ev->id) {
	case LTT_EV_SCHEDCHANGE:
		return lttr_stackidx_fold(x, LTT_EV_SCHEDCHANGE, ev->p.schedchange.prev_pid,
					  ev->time_ns, ev->cpu, folded);
	case LTT_EV_PROCESS_WAKEUP:
		return lttr_stackidx_fold(x, LTT_EV_PROCESS_WAKEUP, ev->pid, ev->time_ns, ev->cpu,
					  folded);
	case LTT_EV_STACK:
		return lttr_stackidx_fold(x, ev->p.stack.of_id, ev->p.stack.pid, ev->time_ns,
					  ev->cpu, folded);
	default:
		return 0;
	}
}

int lttr_block_stacks_get(const struct lttr_stackidx *x, uint32_t pid, uint64_t block_ns,
			  const struct lttr_waker *w, struct lttr_block_stacks *out)
{
	memset(out, 0, sizeof(*out));
	if (lttr_stackidx_fold(x, LTT_EV_SCHEDCHANGE, pid, block_ns, -1, &out->blocked) < 0)
		return -1;
	if (w && w->known &&
	    lttr_stackidx_fold(x, LTT_EV_PROCESS_WAKEUP, w->pid, w->time_ns, w->cpu,
			       &out->waker) < 0) {
		lttr_block_stacks_clear(out);
		return -1;
	}
	return 0;
}

void lttr_block_stacks_clear(struct lttr_block_stacks *b)
{
	free(b->blocked);
	free(b->waker);
	b->blocked = NULL;
	b->waker = NULL;
}

/* the times a block's stacks are recorded at, into [*lo, *hi] */
static void span(uint64_t block_ns, const struct lttr_waker *w, uint64_t *lo, uint64_t *hi)
{
	if (block_ns < *lo)
		*lo = block_ns;
	if (block_ns > *hi)
		*hi = block_ns;
	if (w->known && w->time_ns < *lo)
		*lo = w->time_ns;
	if (w->known && w->time_ns > *hi)
		*hi = w->time_ns;
}

static int path_stacks(const struct lttr_stackidx *x, struct lttr_critpath *cp)
{
	size_t i;

	for (i = 0; cp && i < cp->nstep; i++) {
		struct lttr_cp_step *s = &cp->step[i];

		lttr_block_stacks_clear(&s->stacks);
		if (lttr_block_stacks_get(x, s->pid, s->block_ns, &s->waker, &s->stacks) < 0)
			return -1;
	}
	return 0;
}

static void path_span(const struct lttr_critpath *cp, uint64_t *lo, uint64_t *hi)
{
	size_t i;

	for (i = 0; cp && i < cp->nstep; i++)
		span(cp->step[i].block_ns, &cp->step[i].waker, lo, hi);
}

int lttr_critpath_stacks(struct lttr_trace *t, struct lttr_critpath *cp,
			 struct lttr_syms *syms, struct lttr_error *err)
{
	struct lttr_stackidx *x;
	uint64_t lo = UINT64_MAX, hi = 0;
	int r;

	if (!cp->nstep || !lttr_stacks_recorded(t))
		return 0;
	path_span(cp, &lo, &hi);
	r = lttr_stackidx_build(t, syms, lo, hi, &x, err);
	if (r < 0)
		return r;
	if (path_stacks(x, cp) < 0)
		r = lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	lttr_stackidx_free(x);
	return r;
}

int lttr_explain_at_stacks(struct lttr_trace *t, struct lttr_explain_at *r,
			   struct lttr_syms *syms, struct lttr_error *err)
{
	struct lttr_stackidx *x;
	uint64_t lo = UINT64_MAX, hi = 0;
	int ret = 0;

	if (r->state != LTTR_CP_BLOCKED || !lttr_stacks_recorded(t))
		return 0;
	span(r->start_ns, &r->waker, &lo, &hi);
	path_span(r->path, &lo, &hi);
	ret = lttr_stackidx_build(t, syms, lo, hi, &x, err);
	if (ret < 0)
		return ret;
	lttr_block_stacks_clear(&r->stacks);
	if (lttr_block_stacks_get(x, r->pid, r->start_ns, r->ended ? &r->waker : NULL,
				  &r->stacks) < 0 || path_stacks(x, r->path) < 0)
		ret = lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	lttr_stackidx_free(x);
	return ret;
}

int lttr_explained_stacks(struct lttr_trace *t, struct lttr_explained *r,
			  struct lttr_syms *syms, struct lttr_error *err)
{
	struct lttr_stackidx *x;
	uint64_t lo = UINT64_MAX, hi = 0;
	size_t i, k;
	int ret = 0;

	if (!lttr_stacks_recorded(t))
		return 0;
	for (i = 0; i < r->n; i++)
		for (k = 0; k < r->v[i].n; k++)
			if (r->v[i].v[k].type == LTTR_EX_BLOCKED)
				span(r->v[i].v[k].block_ns, &r->v[i].v[k].waker, &lo, &hi);
	if (lo > hi)
		return 0;	/* no block */
	ret = lttr_stackidx_build(t, syms, lo, hi, &x, err);
	if (ret < 0)
		return ret;
	for (i = 0; i < r->n && ret >= 0; i++) {
		struct lttr_explanation *e = &r->v[i];

		if (!e->stacks)
			e->stacks = calloc(e->n ? e->n : 1, sizeof(*e->stacks));
		if (!e->stacks) {
			ret = lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
			break;
		}
		for (k = 0; k < e->n; k++) {
			const struct lttr_ex_item *it = &e->v[k];

			lttr_block_stacks_clear(&e->stacks[k]);
			if (it->type == LTTR_EX_BLOCKED &&
			    lttr_block_stacks_get(x, it->pid, it->block_ns, &it->waker,
						  &e->stacks[k]) < 0) {
				ret = lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
				break;
			}
		}
	}
	lttr_stackidx_free(x);
	return ret;
}
