// SPDX-License-Identifier: GPL-2.0
/*
 * iter.c - merged iteration over the CPUs of a trace, forward and backward.
 *
 * The position of an iterator is a cut: on each CPU, the record the cut
 * is before (buffer, byte offset, ordinal in the buffer) and the CPU state
 * (current pid, trap/irq nesting) just before that record.  next() picks,
 * among the records right after the cut, the one with the smallest
 * (time, cpu); prev() picks among the records right before the cut the
 * one with the largest (time, cpu).  Going backward uses an index of the
 * records of one buffer (offset and state before each record), built by
 * one forward scan of that buffer.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "reader/internal.h"

int lttr_event_cmp_merged(const void *a, const void *b)
{
	const struct lttr_event *x = a, *y = b;

	if (x->time_ns != y->time_ns)
		return x->time_ns < y->time_ns ? -1 : 1;
	if (x->cpu != y->cpu)
		return x->cpu < y->cpu ? -1 : 1;
	return x->offset < y->offset ? -1 : x->offset > y->offset;
}

struct recidx {
	uint32_t off;
	uint32_t pid;
	uint64_t nest;
};

struct cursor {
	unsigned int cpu;
	size_t buf;			/* == nbufs: after the last buffer */
	uint32_t off;
	uint32_t ord;
	struct lttr_cpustate st;	/* state before the record at the cut */
	int head;			/* -1 unknown, 0 none, 1 hev valid */
	struct lttr_event hev;		/* record after the cut (raw) */
	int tail;			/* -1 unknown, 0 none, 1 tev valid */
	struct lttr_event tev;		/* record before the cut (pid set) */
	size_t tbuf;
	uint32_t toff;
	uint32_t tord;
	struct lttr_cpustate tst;	/* state before the tail record */
	size_t idx_buf;			/* buffer indexed in idx, or SIZE_MAX */
	struct recidx *idx;
	size_t idx_n;
	size_t idx_cap;
};

struct lttr_iter {
	struct lttr_trace *t;
	unsigned int ncpus;
	struct lttr_error err;
	struct cursor c[];
};

/*
 * Walk buffer @bi from its start with nesting @nest, optionally filling
 * the record index of @c; records the nesting state at the start of the
 * next buffer.
 */
static int scan_buffer(struct lttr_trace *t, unsigned int cpu, size_t bi,
		       uint64_t nest, struct cursor *c, struct lttr_error *err)
{
	struct lttr_cpu *cp = &t->cpu[cpu];
	struct lttr_cpustate st = { cp->bufs[bi].pid, nest };
	struct lttr_event ev;
	uint32_t off = 0;

	if (c) {
		c->idx_buf = SIZE_MAX;
		c->idx_n = 0;
	}
	for (;;) {
		int r = lttr_read_record(t, cpu, bi, off, &ev, err);
		if (r < 0)
			return r;
		if (r == 0)
			break;
		if (c) {
			if (c->idx_n == c->idx_cap) {
				size_t cap = c->idx_cap ? 2 * c->idx_cap : 1024;
				struct recidx *n = realloc(c->idx, cap * sizeof(*n));

				if (!n)
					return lttr_error_set(err, LTTR_E_NOMEM,
							      "out of memory");
				c->idx = n;
				c->idx_cap = cap;
			}
			c->idx[c->idx_n].off = off;
			c->idx[c->idx_n].pid = st.pid;
			c->idx[c->idx_n].nest = st.nest;
			c->idx_n++;
		}
		lttr_cpustate_apply(&st, &ev);
		off += ev.size;
	}
	if (bi + 1 < cp->nbufs && !cp->bufs[bi + 1].nest_known) {
		cp->bufs[bi + 1].nest_start = st.nest;
		cp->bufs[bi + 1].nest_known = true;
	}
	if (c)
		c->idx_buf = bi;
	return 0;
}

int lttr_ensure_nest(struct lttr_trace *t, unsigned int cpu, size_t bi,
		     struct lttr_error *err)
{
	struct lttr_cpu *cp = &t->cpu[cpu];
	size_t j = bi;

	while (j > 0 && !cp->bufs[j].nest_known)
		j--;
	for (; j < bi; j++) {
		int r = scan_buffer(t, cpu, j, cp->bufs[j].nest_start, NULL, err);
		if (r < 0)
			return r;
	}
	return 0;
}

static int build_index(struct lttr_trace *t, struct cursor *c, size_t bi,
		       struct lttr_error *err)
{
	int r;

	if (c->idx_buf == bi)
		return 0;
	r = lttr_ensure_nest(t, c->cpu, bi, err);
	if (r < 0)
		return r;
	return scan_buffer(t, c->cpu, bi, t->cpu[c->cpu].bufs[bi].nest_start,
			   c, err);
}

/* is cursor @c past the well-formed records of its buffer? */
static bool past_valid(struct lttr_trace *t, const struct cursor *c)
{
	lttr_buf_check(t, c->cpu, c->buf);
	return c->off >= t->cpu[c->cpu].bufs[c->buf].valid_size;
}

/* move a cut at the end of a buffer to the start of the next one */
static void normalize(struct lttr_trace *t, struct cursor *c)
{
	struct lttr_cpu *cp = &t->cpu[c->cpu];

	while (c->buf < cp->nbufs && past_valid(t, c)) {
		if (c->buf + 1 < cp->nbufs && !cp->bufs[c->buf + 1].nest_known) {
			cp->bufs[c->buf + 1].nest_start = c->st.nest;
			cp->bufs[c->buf + 1].nest_known = true;
		}
		c->buf++;
		c->off = 0;
		c->ord = 0;
		if (c->buf < cp->nbufs)
			c->st.pid = cp->bufs[c->buf].pid;
	}
}

static int load_head(struct lttr_trace *t, struct cursor *c,
		     struct lttr_error *err)
{
	while (c->head < 0) {
		int r;

		normalize(t, c);
		if (c->buf >= t->cpu[c->cpu].nbufs) {
			c->head = 0;
			break;
		}
		r = lttr_read_record(t, c->cpu, c->buf, c->off, &c->hev, err);
		if (r < 0)
			return r;
		if (r > 0)
			c->head = 1;
	}
	return 0;
}

/* step over the head record; @ev receives it with pid and control */
static void advance(struct cursor *c, struct lttr_event *ev)
{
	c->tst = c->st;
	c->tbuf = c->buf;
	c->toff = c->off;
	c->tord = c->ord;
	c->tev = c->hev;
	lttr_cpustate_apply(&c->st, &c->tev);
	c->tail = 1;
	c->off += c->hev.size;
	c->ord++;
	c->head = -1;
	if (ev)
		*ev = c->tev;
}

static int load_tail(struct lttr_trace *t, struct cursor *c,
		     struct lttr_error *err)
{
	struct lttr_cpu *cp = &t->cpu[c->cpu];
	size_t bi = c->buf;
	size_t ord = c->ord;
	const struct recidx *e;
	int r;

	if (c->tail >= 0)
		return 0;
	if (bi >= cp->nbufs) {
		bi = cp->nbufs;
		ord = 0;
	}
	for (;;) {
		if (ord > 0) {
			r = build_index(t, c, bi, err);
			if (r < 0)
				return r;
			if (ord > c->idx_n)
				ord = c->idx_n;
		}
		if (ord > 0)
			break;
		if (bi == 0) {
			c->tail = 0;
			return 0;
		}
		bi--;
		r = build_index(t, c, bi, err);
		if (r < 0)
			return r;
		ord = c->idx_n;
	}
	e = &c->idx[ord - 1];
	r = lttr_read_record(t, c->cpu, bi, e->off, &c->tev, err);
	if (r < 0)
		return r;
	if (r == 0)
		return lttr_error_set(err, LTTR_E_FORMAT,
				      "internal error: indexed record vanished");
	c->tst.pid = e->pid;
	c->tst.nest = e->nest;
	c->tbuf = bi;
	c->toff = e->off;
	c->tord = (uint32_t)(ord - 1);
	{
		struct lttr_cpustate tmp = c->tst;

		lttr_cpustate_apply(&tmp, &c->tev);
	}
	c->tail = 1;
	return 0;
}

/* step back over the tail record */
static void retreat(struct cursor *c, struct lttr_event *ev)
{
	c->buf = c->tbuf;
	c->off = c->toff;
	c->ord = c->tord;
	c->st = c->tst;
	c->hev = c->tev;
	c->head = 1;
	c->tail = -1;
	*ev = c->tev;
}

static void cursor_begin(struct lttr_trace *t, struct cursor *c)
{
	struct lttr_cpu *cp = &t->cpu[c->cpu];

	c->buf = 0;
	c->off = 0;
	c->ord = 0;
	c->st.pid = cp->nbufs ? cp->bufs[0].pid : 0;
	c->st.nest = 0;
	c->head = -1;
	c->tail = 0;
}

int lttr_iter_new(struct lttr_trace *t, struct lttr_iter **out,
		  struct lttr_error *err)
{
	struct lttr_iter *it;
	unsigned int i;

	*out = NULL;
	it = calloc(1, sizeof(*it) + t->ncpus * sizeof(it->c[0]));
	if (!it)
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	it->t = t;
	it->ncpus = t->ncpus;
	for (i = 0; i < it->ncpus; i++) {
		it->c[i].cpu = i;
		it->c[i].idx_buf = SIZE_MAX;
		cursor_begin(t, &it->c[i]);
	}
	*out = it;
	return 0;
}

int lttr_iter_copy(const struct lttr_iter *src, struct lttr_iter **out,
		   struct lttr_error *err)
{
	size_t size = sizeof(*src) + src->ncpus * sizeof(src->c[0]);
	struct lttr_iter *it = malloc(size);
	unsigned int i;

	*out = NULL;
	if (!it)
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	memcpy(it, src, size);
	for (i = 0; i < it->ncpus; i++) {
		/* the record index is rebuilt when a step back needs it */
		it->c[i].idx = NULL;
		it->c[i].idx_n = it->c[i].idx_cap = 0;
		it->c[i].idx_buf = SIZE_MAX;
	}
	*out = it;
	return 0;
}

size_t lttr_iter_bytes(const struct lttr_iter *it)
{
	size_t n = sizeof(*it) + it->ncpus * sizeof(it->c[0]);
	unsigned int i;

	for (i = 0; i < it->ncpus; i++)
		n += it->c[i].idx_cap * sizeof(*it->c[i].idx);
	return n;
}

void lttr_iter_free(struct lttr_iter *it)
{
	unsigned int i;

	if (!it)
		return;
	for (i = 0; i < it->ncpus; i++)
		free(it->c[i].idx);
	free(it);
}

int lttr_iter_next(struct lttr_iter *it, struct lttr_event *ev)
{
	struct cursor *best = NULL;
	unsigned int i;
	int r;

	for (i = 0; i < it->ncpus; i++) {
		struct cursor *c = &it->c[i];

		if (c->head < 0) {
			r = load_head(it->t, c, &it->err);
			if (r < 0)
				return r;
		}
		if (c->head > 0 && (!best || c->hev.time_ns < best->hev.time_ns))
			best = c;
	}
	if (!best)
		return 0;
	advance(best, ev);
	return 1;
}

int lttr_iter_prev(struct lttr_iter *it, struct lttr_event *ev)
{
	struct cursor *best = NULL;
	unsigned int i;

	for (i = 0; i < it->ncpus; i++) {
		struct cursor *c = &it->c[i];
		int r = load_tail(it->t, c, &it->err);
		if (r < 0)
			return r;
		if (c->tail > 0 && (!best || c->tev.time_ns >= best->tev.time_ns))
			best = c;
	}
	if (!best)
		return 0;
	retreat(best, ev);
	return 1;
}

int lttr_iter_seek_begin(struct lttr_iter *it)
{
	unsigned int i;

	for (i = 0; i < it->ncpus; i++)
		cursor_begin(it->t, &it->c[i]);
	return 0;
}

int lttr_iter_seek_end(struct lttr_iter *it)
{
	unsigned int i;

	for (i = 0; i < it->ncpus; i++) {
		struct cursor *c = &it->c[i];

		c->buf = it->t->cpu[i].nbufs;
		c->off = 0;
		c->ord = 0;
		c->st.pid = 0;
		c->st.nest = 0;
		c->head = 0;
		c->tail = -1;
	}
	return 0;
}

int lttr_iter_seek_time(struct lttr_iter *it, uint64_t time_ns)
{
	struct lttr_trace *t = it->t;
	unsigned int i;
	int r;

	for (i = 0; i < it->ncpus; i++) {
		struct cursor *c = &it->c[i];
		struct lttr_cpu *cp = &t->cpu[i];
		size_t lo = 0, hi = cp->nbufs;

		/* lo = number of buffers starting before time_ns */
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;

			if (cp->bufs[mid].start_ns < time_ns)
				lo = mid + 1;
			else
				hi = mid;
		}
		cursor_begin(t, c);
		if (!cp->nbufs)
			continue;
		c->buf = lo ? lo - 1 : 0;
		/* records of a buffer may reach past the next one's start */
		while (c->buf > 0 && (cp->bufs[c->buf - 1].end_ns >= time_ns ||
				      cp->bufs[c->buf - 1].data_size == 0))
			c->buf--;
		r = lttr_ensure_nest(t, i, c->buf, &it->err);
		if (r < 0)
			return r;
		c->st.pid = cp->bufs[c->buf].pid;
		c->st.nest = cp->bufs[c->buf].nest_start;
		c->tail = -1;
		for (;;) {
			r = load_head(t, c, &it->err);
			if (r < 0)
				return r;
			if (c->head == 0 || c->hev.time_ns >= time_ns)
				break;
			advance(c, NULL);
		}
	}
	return 0;
}

const struct lttr_error *lttr_iter_error(const struct lttr_iter *it)
{
	return &it->err;
}
