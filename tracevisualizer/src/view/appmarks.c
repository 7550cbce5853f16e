// SPDX-License-Identifier: GPL-2.0
/*
 * appmarks.c - the application markers (LTT_EV_MARKER) as the views draw
 * them: jobs and points per thread, counters per process and name,
 * binned per column (lttr/view/appmarks.h).
 *
 * The build reads only the buffers whose search-index word says they
 * hold an id of 63 or more (the view's bufids: markers are 69), each
 * with lttr_scan_buffer(), then sorts the markers by time (ties: CPU,
 * then file offset) and pairs begins and ends per thread and name, the
 * last begin open with the end.
 */
#include <stdlib.h>
#include <string.h>
#include <lttr/reader/scan.h>
#include <lttr/reader/trace.h>
#include <lttr/view/appmarks.h>
#include <lttr/view/viewport.h>
#include "view/view-internal.h"

struct raw {
	uint64_t t;
	uint64_t off;
	uint16_t cpu;
	uint8_t kind;
	uint32_t pid;
	uint32_t tid;
	int64_t value;
	const char *name;
	char *text;
};

struct cval {
	uint64_t t;
	int64_t v;
};

struct cser {
	struct lttr_appcounter c;
	struct cval *v;
	size_t n;
	size_t cap;
};

struct lttr_appmarks {
	uint64_t start;
	uint64_t end;
	char **names;
	size_t nnames;
	size_t capnames;
	struct raw *raw;
	size_t nraw;
	size_t capraw;
	struct lttr_appmark *items;	/* by tid, then start */
	size_t nitems;
	size_t capitems;
	struct cser *ctr;		/* by pid, then name */
	size_t nctr;
	size_t capctr;
	struct lttr_appmarks_stats st;
	uint64_t longest;		/* the longest job: where a window's search starts */
	int nomem;
};

static int grow(void **p, size_t *cap, size_t n, size_t size)
{
	void *q;
	size_t c;

	if (n < *cap)
		return 0;
	c = *cap ? 2 * *cap : 64;
	q = realloc(*p, c * size);
	if (!q)
		return -1;
	*p = q;
	*cap = c;
	return 0;
}

static const char *intern(struct lttr_appmarks *m, const char *s, size_t len)
{
	size_t i;
	char *n;

	for (i = 0; i < m->nnames; i++)
		if (strlen(m->names[i]) == len && !memcmp(m->names[i], s, len))
			return m->names[i];
	if (grow((void **)&m->names, &m->capnames, m->nnames, sizeof(*m->names)))
		return NULL;
	n = malloc(len + 1);
	if (!n)
		return NULL;
	memcpy(n, s, len);
	n[len] = 0;
	m->names[m->nnames++] = n;
	return n;
}

static int on_event(void *arg, const struct lttr_event *ev)
{
	struct lttr_appmarks *m = arg;
	const struct ltt_ev_marker *p = &ev->p.marker;
	struct raw *r;
	size_t nl;

	if (ev->id != LTT_EV_MARKER || !ev->details)
		return 0;
	m->st.markers++;
	nl = ev->var ? p->name_len : 0;
	if (nl > ev->var_len)
		nl = ev->var_len;
	if (grow((void **)&m->raw, &m->capraw, m->nraw, sizeof(*m->raw)))
		return -LTTR_E_NOMEM;
	r = &m->raw[m->nraw];
	memset(r, 0, sizeof(*r));
	r->t = ev->time_ns;
	r->off = ev->offset;
	r->cpu = ev->cpu;
	r->kind = p->kind;
	r->pid = p->pid;
	r->tid = p->tid;
	r->value = p->value;
	r->name = intern(m, nl ? ev->var : "?", nl ? nl : 1);
	if (!r->name)
		return -LTTR_E_NOMEM;
	if (p->kind == LTT_MARKER_MARK) {
		size_t tl = ev->var && p->text_len <= ev->var_len - nl ? p->text_len : 0;

		r->text = malloc(tl + 1);
		if (!r->text)
			return -LTTR_E_NOMEM;
		if (tl)
			memcpy(r->text, ev->var + nl, tl);
		r->text[tl] = 0;
	}
	m->nraw++;
	return 0;
}

static int raw_cmp(const void *a, const void *b)
{
	const struct raw *x = a, *y = b;

	if (x->t != y->t)
		return x->t < y->t ? -1 : 1;
	if (x->cpu != y->cpu)
		return x->cpu < y->cpu ? -1 : 1;
	return x->off < y->off ? -1 : x->off > y->off;
}

static int item_cmp(const void *a, const void *b)
{
	const struct lttr_appmark *x = a, *y = b;

	if (x->tid != y->tid)
		return x->tid < y->tid ? -1 : 1;
	if (x->start_ns != y->start_ns)
		return x->start_ns < y->start_ns ? -1 : 1;
	if (x->kind != y->kind)
		return x->kind < y->kind ? -1 : 1;
	/* the outer job first */
	return x->end_ns > y->end_ns ? -1 : x->end_ns < y->end_ns;
}

static int ctr_cmp(const void *a, const void *b)
{
	const struct cser *x = a, *y = b;

	if (x->c.pid != y->c.pid)
		return x->c.pid < y->c.pid ? -1 : 1;
	return strcmp(x->c.name, y->c.name);
}

static struct lttr_appmark *add_item(struct lttr_appmarks *m)
{
	struct lttr_appmark *it;

	if (grow((void **)&m->items, &m->capitems, m->nitems, sizeof(*m->items)))
		return NULL;
	it = &m->items[m->nitems++];
	memset(it, 0, sizeof(*it));
	return it;
}

static int add_value(struct lttr_appmarks *m, const struct raw *r)
{
	struct cser *s = NULL;
	size_t i;

	for (i = m->nctr; i-- > 0;)
		if (m->ctr[i].c.pid == r->pid && m->ctr[i].c.name == r->name) {
			s = &m->ctr[i];
			break;
		}
	if (!s) {
		if (grow((void **)&m->ctr, &m->capctr, m->nctr, sizeof(*m->ctr)))
			return -1;
		s = &m->ctr[m->nctr++];
		memset(s, 0, sizeof(*s));
		s->c.pid = r->pid;
		s->c.name = r->name;
		s->c.min = s->c.max = r->value;
	}
	if (grow((void **)&s->v, &s->cap, s->n, sizeof(*s->v)))
		return -1;
	s->v[s->n].t = r->t;
	s->v[s->n++].v = r->value;
	s->c.n++;
	if (r->value < s->c.min)
		s->c.min = r->value;
	if (r->value > s->c.max)
		s->c.max = r->value;
	m->st.counter_values++;
	return 0;
}

/* the begins still open: per thread and name, the last one is closed first */
struct open {
	uint64_t t;
	uint32_t pid;
	uint32_t tid;
	uint16_t depth;
	const char *name;
};

static int pair(struct lttr_appmarks *m)
{
	struct open *o = NULL;
	size_t no = 0, capo = 0, i, k;
	struct lttr_appmark *it;

	for (i = 0; i < m->nraw; i++) {
		const struct raw *r = &m->raw[i];
		uint16_t depth = 0;

		switch (r->kind) {
		case LTT_MARKER_BEGIN:
			for (k = 0; k < no; k++)
				depth += o[k].tid == r->tid;
			if (grow((void **)&o, &capo, no, sizeof(*o)))
				goto nomem;
			o[no].t = r->t;
			o[no].pid = r->pid;
			o[no].tid = r->tid;
			o[no].depth = depth;
			o[no++].name = r->name;
			break;
		case LTT_MARKER_END:
			for (k = no; k-- > 0;)
				if (o[k].tid == r->tid && o[k].name == r->name)
					break;
			it = add_item(m);
			if (!it)
				goto nomem;
			it->kind = LTTR_APPMARK_JOB;
			it->pid = r->pid;
			it->tid = r->tid;
			it->name = r->name;
			it->end_ns = r->t;
			m->st.jobs++;
			if (k == (size_t)-1) {
				it->start_ns = m->start < r->t ? m->start : r->t;
				it->flags = LTTR_APPMARK_NO_BEGIN;
				m->st.no_begin++;
				break;
			}
			it->start_ns = o[k].t;
			it->depth = o[k].depth;
			memmove(&o[k], &o[k + 1], (no - k - 1) * sizeof(*o));
			no--;
			break;
		case LTT_MARKER_MARK:
			it = add_item(m);
			if (!it)
				goto nomem;
			it->kind = LTTR_APPMARK_POINT;
			it->pid = r->pid;
			it->tid = r->tid;
			it->name = r->name;
			it->text = r->text;
			it->start_ns = it->end_ns = r->t;
			for (k = 0; k < no; k++)
				it->depth += o[k].tid == r->tid;
			m->st.points++;
			break;
		case LTT_MARKER_COUNTER:
			if (add_value(m, r))
				goto nomem;
			break;
		default:
			break;
		}
	}
	for (k = 0; k < no; k++) {
		it = add_item(m);
		if (!it)
			goto nomem;
		it->kind = LTTR_APPMARK_JOB;
		it->flags = LTTR_APPMARK_NO_END;
		it->pid = o[k].pid;
		it->tid = o[k].tid;
		it->name = o[k].name;
		it->depth = o[k].depth;
		it->start_ns = o[k].t;
		it->end_ns = m->end > o[k].t ? m->end : o[k].t;
		m->st.jobs++;
		m->st.no_end++;
	}
	free(o);
	return 0;
nomem:
	free(o);
	return -1;
}

int lttr_appmarks_build(struct lttr_view *v, struct lttr_appmarks **out,
			struct lttr_error *err)
{
	struct lttr_appmarks *m = calloc(1, sizeof(*m));
	unsigned int cpu;
	size_t bi;
	int r;

	*out = NULL;
	if (!m)
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	m->start = lttr_view_start(v);
	m->end = lttr_view_end(v);
	for (cpu = 0; cpu < v->ncpus; cpu++)
		for (bi = 0; bi < v->nbufids[cpu]; bi++) {
			if (!(v->bufids[cpu][bi] & (1ULL << 63)))
				continue;
			r = lttr_scan_buffer(v->t, cpu, bi, on_event, m, err);
			if (r < 0) {
				if (r == -LTTR_E_NOMEM)
					lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
				lttr_appmarks_free(m);
				return r;
			}
		}
	qsort(m->raw, m->nraw, sizeof(*m->raw), raw_cmp);
	if (pair(m)) {
		lttr_appmarks_free(m);
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	}
	qsort(m->items, m->nitems, sizeof(*m->items), item_cmp);
	for (bi = 0; bi < m->nitems; bi++)
		if (m->items[bi].end_ns - m->items[bi].start_ns > m->longest)
			m->longest = m->items[bi].end_ns - m->items[bi].start_ns;
	qsort(m->ctr, m->nctr, sizeof(*m->ctr), ctr_cmp);
	*out = m;
	return 0;
}

void lttr_appmarks_free(struct lttr_appmarks *m)
{
	size_t i;

	if (!m)
		return;
	for (i = 0; i < m->nraw; i++)
		free(m->raw[i].text);
	free(m->raw);
	for (i = 0; i < m->nnames; i++)
		free(m->names[i]);
	free(m->names);
	free(m->items);
	for (i = 0; i < m->nctr; i++)
		free(m->ctr[i].v);
	free(m->ctr);
	free(m);
}

void lttr_appmarks_stats(const struct lttr_appmarks *m, struct lttr_appmarks_stats *out)
{
	*out = m->st;
}

/* the first item of @tid that starts at or after @t */
static size_t first_from(const struct lttr_appmarks *m, uint32_t tid, uint64_t t)
{
	size_t lo = 0, hi = m->nitems;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct lttr_appmark *it = &m->items[mid];

		if (it->tid < tid || (it->tid == tid && it->start_ns < t))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* the first item of @tid */
static size_t first_of(const struct lttr_appmarks *m, uint32_t tid)
{
	return first_from(m, tid, 0);
}

bool lttr_appmarks_task_has(const struct lttr_appmarks *m, uint32_t tid)
{
	size_t i = m ? first_of(m, tid) : 0;

	return m && i < m->nitems && m->items[i].tid == tid;
}

size_t lttr_appmarks_place(const struct lttr_appmarks *m, uint32_t tid,
			   const struct lttr_viewport *vp, unsigned int ncols,
			   struct lttr_appmark_place *out, size_t max)
{
	size_t i, n = 0;

	if (!m || !ncols)
		return 0;
	/* no job that starts before t0 - longest reaches the window */
	for (i = first_from(m, tid, vp->t0 > m->longest ? vp->t0 - m->longest : 0);
	     i < m->nitems && m->items[i].tid == tid; i++) {
		const struct lttr_appmark *it = &m->items[i];
		struct lttr_appmark_place p = { .m = it };

		if (it->start_ns > vp->t1)
			break;
		if (it->end_ns < vp->t0)
			continue;
		p.cut_left = it->start_ns < vp->t0;
		p.cut_right = it->end_ns > vp->t1;
		p.col0 = p.cut_left ? 0 : lttr_viewport_time_col(vp, it->start_ns, ncols);
		p.col1 = p.cut_right ? (long)ncols - 1 : lttr_viewport_time_col(vp, it->end_ns, ncols);
		if (p.col0 >= (long)ncols)
			p.col0 = (long)ncols - 1;
		if (p.col1 >= (long)ncols)
			p.col1 = (long)ncols - 1;
		if (n < max)
			out[n] = p;
		n++;
	}
	return n;
}

const struct lttr_appmark *lttr_appmarks_at(const struct lttr_appmarks *m, uint32_t tid,
					    uint64_t t)
{
	const struct lttr_appmark *best = NULL;
	size_t i;

	if (!m)
		return NULL;
	for (i = first_from(m, tid, t > m->longest ? t - m->longest : 0);
	     i < m->nitems && m->items[i].tid == tid; i++) {
		const struct lttr_appmark *it = &m->items[i];

		if (it->start_ns > t)
			break;
		if (it->kind == LTTR_APPMARK_JOB && it->end_ns >= t &&
		    (!best || it->depth >= best->depth))
			best = it;
	}
	return best;
}

size_t lttr_appmarks_ncounters(const struct lttr_appmarks *m)
{
	return m ? m->nctr : 0;
}

const struct lttr_appcounter *lttr_appmarks_counter(const struct lttr_appmarks *m, size_t i)
{
	return m && i < m->nctr ? &m->ctr[i].c : NULL;
}

unsigned int lttr_appmarks_bins(const struct lttr_appmarks *m, size_t i,
				const struct lttr_viewport *vp, unsigned int ncols,
				struct lttr_appbin *out, int64_t *lo, int64_t *hi)
{
	const struct cser *s;
	size_t a = 0, b, k;
	bool held = false;
	int64_t cur = 0;
	unsigned int c, known = 0;

	*lo = *hi = 0;
	memset(out, 0, ncols * sizeof(*out));
	if (!m || i >= m->nctr || !ncols)
		return 0;
	s = &m->ctr[i];
	/* the first value at or after t0; the one before holds at t0 */
	b = s->n;
	while (a < b) {
		size_t mid = a + (b - a) / 2;

		if (s->v[mid].t < vp->t0)
			a = mid + 1;
		else
			b = mid;
	}
	if (a > 0) {
		held = true;
		cur = s->v[a - 1].v;
	}
	k = a;
	for (c = 0; c < ncols; c++) {
		struct lttr_appbin *o = &out[c];

		if (held) {
			o->min = o->max = cur;
			o->known = true;
		}
		for (; k < s->n; k++) {
			long col = lttr_viewport_time_col(vp, s->v[k].t, ncols);

			if (col != (long)c)
				break;
			cur = s->v[k].v;
			if (!o->known || cur < o->min)
				o->min = cur;
			if (!o->known || cur > o->max)
				o->max = cur;
			o->known = held = true;
			o->n++;
		}
		o->last = cur;
		if (!o->known)
			continue;
		if (!known || o->min < *lo)
			*lo = o->min;
		if (!known || o->max > *hi)
			*hi = o->max;
		known++;
	}
	return known;
}

size_t lttr_appmarks_lane(const struct lttr_appmarks *m, uint32_t tid,
			  const struct lttr_viewport *vp, unsigned int ncols, char *out)
{
	struct lttr_appmark_place *p;
	size_t n, k, i;
	long c;

	memset(out, ' ', ncols);
	out[ncols] = 0;
	n = lttr_appmarks_place(m, tid, vp, ncols, NULL, 0);
	if (!n)
		return 0;
	p = calloc(n, sizeof(*p));
	if (!p)
		return n;
	lttr_appmarks_place(m, tid, vp, ncols, p, n);
	/* jobs, outer first (by start, the longer first): inner ones over them */
	for (k = 0; k < n; k++) {
		const struct lttr_appmark_place *q = &p[k];
		/* open: cut by the window, or no begin (end) in the trace */
		bool ol = q->cut_left || (q->m->flags & LTTR_APPMARK_NO_BEGIN);
		bool orr = q->cut_right || (q->m->flags & LTTR_APPMARK_NO_END);

		if (q->m->kind != LTTR_APPMARK_JOB)
			continue;
		if (q->col0 == q->col1) {
			out[q->col0] = ol ? '<' : orr ? '>' : '#';
			continue;
		}
		for (c = q->col0; c <= q->col1; c++)
			out[c] = '=';
		out[q->col0] = ol ? '<' : '[';
		out[q->col1] = orr ? '>' : ']';
	}
	for (k = 0; k < n; k++)
		if (p[k].m->kind == LTTR_APPMARK_POINT)
			out[p[k].col0] = '|';
	/* a job's name after its '[' where it covers only its '=' (no point, no inner job) */
	for (k = 0; k < n; k++) {
		const struct lttr_appmark_place *q = &p[k];
		size_t len = strlen(q->m->name);

		if (q->m->kind != LTTR_APPMARK_JOB || (size_t)(q->col1 - q->col0 - 1) < len ||
		    q->col1 <= q->col0)
			continue;
		for (i = 1; i <= len; i++)
			if (out[q->col0 + (long)i] != '=')
				break;
		if (i > len)
			memcpy(out + q->col0 + 1, q->m->name, len);
	}
	for (k = 0; k < n; k++) {
		const struct lttr_appmark_place *q = &p[k];
		size_t len = strlen(q->m->name);

		if (q->m->kind != LTTR_APPMARK_POINT)
			continue;
		for (i = 1; i <= len; i++)
			if (q->col0 + (long)i >= (long)ncols || out[q->col0 + (long)i] != ' ')
				break;
		if (i > len)
			memcpy(out + q->col0 + 1, q->m->name, len);
	}
	free(p);
	return n;
}

int lttr_appbin_level(const struct lttr_appbin *b, int64_t lo, int64_t hi, int nlevels)
{
	double f;

	if (!b->known || nlevels < 1)
		return -1;
	if (hi <= lo)
		return nlevels / 2;
	f = ((double)b->last - (double)lo) / ((double)hi - (double)lo);
	return (int)(f * (nlevels - 1) + 0.5);
}
