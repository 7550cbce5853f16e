// SPDX-License-Identifier: GPL-2.0
/*
 * evlist.c - the events a list shows (lttr/view/evlist.h): a cut in the
 * merged order of the trace's events, moved by seeks and by steps over
 * the listed events.
 *
 * The cut is the merged iterator's place, with what is known around it:
 * a seek to a position reads the events of its time up to it, and keeps
 * the first one beyond it read ahead (@peek) rather than stepping back
 * over it; @lo and @hi remember the events just before and after the cut
 * so that a seek to where the cut already is reads nothing.
 */
#include <stdlib.h>
#include <lttr/reader/iter.h>
#include <lttr/view/density.h>
#include <lttr/view/filter.h>
#include <lttr/view/evlist.h>

/**
 * struct lttr_evlist - the list
 * @v: the view
 * @it: the iterator of the cut
 * @f: the filter of the listed events (NULL: every event)
 * @find: the search past a long run without a match (NULL: the view's)
 * @find_arg: its argument
 * @have_peek: a seek read @peek ahead: it is the event after the cut,
 *	and the iterator is after it
 * @peek: that event
 * @have_lo: @lo is the event just before the cut
 * @lo: its position
 * @have_hi: @hi is the event just after the cut
 * @hi: its position
 * @total: events in the trace
 * @cit: the iterator of the count
 * @nmatch: events the count matched
 * @nread: events it read
 * @err: the last error
 */
struct lttr_evlist {
	struct lttr_view *v;
	struct lttr_iter *it;
	const struct lttr_filter *f;
	lttr_evlist_find_fn find;
	void *find_arg;
	bool have_peek;
	struct lttr_event peek;
	bool have_lo;
	struct lttr_view_pos lo;
	bool have_hi;
	struct lttr_view_pos hi;
	uint64_t total;
	struct lttr_iter *cit;
	uint64_t nmatch;
	uint64_t nread;
	struct lttr_error err;
};

int lttr_evlist_new(struct lttr_view *v, struct lttr_evlist **out, struct lttr_error *err)
{
	struct lttr_evlist *l = calloc(1, sizeof(*l));
	int r;

	*out = NULL;
	if (!l)
		return lttr_error_set(err, LTTR_E_NOMEM, "events list: out of memory");
	r = lttr_iter_new(lttr_view_trace(v), &l->it, err);
	if (r < 0) {
		free(l);
		return r;
	}
	l->v = v;
	l->total = lttr_view_count(v, 0, UINT64_MAX);
	*out = l;
	return 0;
}

void lttr_evlist_free(struct lttr_evlist *l)
{
	if (!l)
		return;
	lttr_iter_free(l->it);
	lttr_iter_free(l->cit);
	free(l);
}

void lttr_evlist_set_filter(struct lttr_evlist *l, const struct lttr_filter *f)
{
	l->f = f;
}

const struct lttr_filter *lttr_evlist_filter(const struct lttr_evlist *l)
{
	return l->f;
}

void lttr_evlist_set_find(struct lttr_evlist *l, lttr_evlist_find_fn fn, void *arg)
{
	l->find = fn;
	l->find_arg = arg;
}

static const char *comm_at(void *arg, uint32_t pid, uint64_t t)
{
	return lttr_view_comm(arg, pid, t);
}

/* does @f (NULL: no filter) match @ev, as the view's search matches */
static bool match(const struct lttr_evlist *l, const struct lttr_filter *f,
		  const struct lttr_event *ev)
{
	struct lttr_filter_ctx c = { lttr_view_trace(l->v), comm_at, l->v };

	return !f || lttr_filter_match(f, &c, ev);
}

bool lttr_evlist_listed(const struct lttr_evlist *l, const struct lttr_event *ev)
{
	return match(l, l->f, ev);
}

uint64_t lttr_evlist_total(const struct lttr_evlist *l)
{
	return l->total;
}

const struct lttr_error *lttr_evlist_error(const struct lttr_evlist *l)
{
	return &l->err;
}

/* iterator @it failed: its error is the list's */
static int failed_in(struct lttr_evlist *l, const struct lttr_iter *it)
{
	l->err = *lttr_iter_error(it);
	return l->err.code ? -l->err.code : -LTTR_E_IO;
}

/* the cut's iterator failed: the cut is unknown */
static int iter_failed(struct lttr_evlist *l)
{
	l->have_peek = l->have_lo = l->have_hi = false;
	return failed_in(l, l->it);
}

static void forget(struct lttr_evlist *l)
{
	l->have_peek = l->have_lo = l->have_hi = false;
}

int lttr_evlist_seek_end(struct lttr_evlist *l)
{
	forget(l);
	if (lttr_iter_seek_end(l->it) < 0)
		return iter_failed(l);
	return 0;
}

/* is @ev after @p (@incl: or at it) */
static bool beyond(const struct lttr_event *ev, const struct lttr_view_pos *p, bool incl)
{
	struct lttr_view_pos q = lttr_view_pos_of(ev);
	int c = lttr_view_pos_cmp(&q, p);

	return c > 0 || (c == 0 && incl);
}

/*
 * the cut just before the first event after @p (@incl: at or after it);
 * returns the events passed at @p's time, or a negative error
 */
static long seek_pos(struct lttr_evlist *l, const struct lttr_view_pos *p, bool incl)
{
	struct lttr_view_pos last = { 0, 0, 0 };
	struct lttr_event ev;
	bool had = false;
	long passed = 0;
	int r;

	forget(l);
	if (lttr_iter_seek_time(l->it, p->time_ns) < 0)
		return iter_failed(l);
	while ((r = lttr_iter_next(l->it, &ev)) == 1) {
		if (beyond(&ev, p, incl)) {
			/* kept for the next step rather than stepped back over */
			l->peek = ev;
			l->have_peek = true;
			l->hi = lttr_view_pos_of(&ev);
			l->have_hi = true;
			break;
		}
		last = lttr_view_pos_of(&ev);
		had = true;
		passed++;
	}
	if (r < 0)
		return iter_failed(l);
	l->lo = last;
	l->have_lo = had;
	return passed;
}

/* the event after the cut, listed or not */
static int step_next(struct lttr_evlist *l, struct lttr_event *ev)
{
	int r = 1;

	if (l->have_peek) {
		*ev = l->peek;
		l->have_peek = false;
	} else {
		r = lttr_iter_next(l->it, ev);
	}
	if (r == 1) {
		l->lo = lttr_view_pos_of(ev);
		l->have_lo = true;
		l->have_hi = false;
	} else if (r < 0) {
		return iter_failed(l);
	} else {
		l->have_lo = l->have_hi = false;
	}
	return r;
}

/* the event before the cut, listed or not */
static int step_prev(struct lttr_evlist *l, struct lttr_event *ev)
{
	int r = 1;

	if (l->have_peek) {	/* the iterator is after the event read ahead */
		l->have_peek = false;
		r = lttr_iter_prev(l->it, ev);
	}
	if (r == 1)
		r = lttr_iter_prev(l->it, ev);
	if (r == 1) {
		l->hi = lttr_view_pos_of(ev);
		l->have_hi = true;
		l->have_lo = false;
	} else if (r < 0) {
		return iter_failed(l);
	} else {
		l->have_lo = l->have_hi = false;
	}
	return r;
}

int lttr_evlist_seek(struct lttr_evlist *l, const struct lttr_view_pos *p, bool inclusive)
{
	long r;

	if (!p) {
		forget(l);
		if (lttr_iter_seek_begin(l->it) < 0)
			return iter_failed(l);
		return 0;
	}
	/* the cut there already: nothing to read */
	if (!inclusive && l->have_lo && !lttr_view_pos_cmp(&l->lo, p))
		return 0;
	if (inclusive && l->have_hi && !lttr_view_pos_cmp(&l->hi, p))
		return 0;
	/* just after it (a step read it): one step back */
	if (inclusive && l->have_lo && !lttr_view_pos_cmp(&l->lo, p)) {
		struct lttr_event ev;
		int back = step_prev(l, &ev);

		if (back == 1)
			return 0;
		if (back < 0)
			return back;
	}
	r = seek_pos(l, p, inclusive);
	return r < 0 ? (int)r : 0;
}

int lttr_evlist_seek_index(struct lttr_evlist *l, uint64_t k)
{
	struct lttr_view *v = l->v;
	uint64_t lo = lttr_view_start(v), hi = lttr_view_end(v) + 1, c;
	struct lttr_event ev;

	if (k >= l->total)
		return lttr_evlist_seek_end(l);
	/* lo: count(lo) <= k; hi: count(hi) > k */
	if (lttr_view_count(v, 0, lo) > k)
		lo = 0;
	if (lttr_view_count(v, 0, hi) <= k)
		hi = UINT64_MAX;
	while (hi - lo > 1) {
		uint64_t mid = lo + (hi - lo) / 2;

		if (lttr_view_count(v, 0, mid) <= k)
			lo = mid;
		else
			hi = mid;
	}
	/* event k is at time lo, after the events of that time before it */
	c = lttr_view_count(v, 0, lo);
	forget(l);
	if (lttr_iter_seek_time(l->it, lo) < 0)
		return iter_failed(l);
	for (; c < k; c++) {
		int r = step_next(l, &ev);
		if (r != 1)
			return r < 0 ? r : lttr_error_set(&l->err, LTTR_E_FORMAT,
							  "events list: event %llu not found",
							  (unsigned long long)k);
	}
	return 0;
}

int lttr_evlist_index_of(struct lttr_evlist *l, const struct lttr_view_pos *p, bool inclusive,
			 uint64_t *k)
{
	uint64_t c = lttr_view_count(l->v, 0, p->time_ns);
	long passed = seek_pos(l, p, inclusive);

	if (passed < 0)
		return (int)passed;
	*k = c + (uint64_t)passed;
	return 0;
}

/* the search from @p in @dir, or the view's own */
static int find(struct lttr_evlist *l, const struct lttr_view_pos *p, int dir,
		struct lttr_event *out)
{
	if (l->find)
		return l->find(l->find_arg, l->f, p, false, dir, out, &l->err);
	return lttr_view_find(l->v, l->f, p, false, dir, NULL, NULL, out, NULL, &l->err);
}

/* a step over the listed event after (@dir > 0) or before the cut */
static int step(struct lttr_evlist *l, int dir, struct lttr_event *out)
{
	unsigned int run = 0;

	for (;;) {
		struct lttr_view_pos p;
		int r = dir > 0 ? step_next(l, out) : step_prev(l, out);
		if (r != 1 || lttr_evlist_listed(l, out))
			return r;
		if (++run < LTTR_EVLIST_SCAN_RUN)
			continue;
		/* no match nearby: the search skips what cannot match */
		p = lttr_view_pos_of(out);
		r = find(l, &p, dir, out);
		if (r != 1) {
			forget(l);
			return r;
		}
		p = lttr_view_pos_of(out);
		/* the cut beyond it in the direction of the step */
		r = (int)seek_pos(l, &p, dir < 0);
		return r < 0 ? r : 1;
	}
}

int lttr_evlist_next(struct lttr_evlist *l, struct lttr_event *out)
{
	return step(l, 1, out);
}

int lttr_evlist_prev(struct lttr_evlist *l, struct lttr_event *out)
{
	return step(l, -1, out);
}

int lttr_evlist_after(struct lttr_evlist *l, const struct lttr_view_pos *p, bool inclusive,
		      struct lttr_event *out)
{
	int r = lttr_evlist_seek(l, p, inclusive);

	return r < 0 ? r : lttr_evlist_next(l, out);
}

int lttr_evlist_before(struct lttr_evlist *l, const struct lttr_view_pos *p,
		       struct lttr_event *out)
{
	int r = p ? lttr_evlist_seek(l, p, true) : lttr_evlist_seek_end(l);

	return r < 0 ? r : lttr_evlist_prev(l, out);
}

int lttr_evlist_count_begin(struct lttr_evlist *l)
{
	l->nmatch = l->nread = 0;
	if (!l->cit) {
		int r = lttr_iter_new(lttr_view_trace(l->v), &l->cit, &l->err);
		if (r < 0)
			return r;
	}
	if (lttr_iter_seek_begin(l->cit) < 0)
		return failed_in(l, l->cit);
	return 0;
}

int lttr_evlist_count_step(struct lttr_evlist *l, const struct lttr_filter *f, unsigned int n)
{
	struct lttr_event ev;
	int r = 1;

	if (!l->cit)
		return lttr_error_set(&l->err, LTTR_E_INVAL, "events list: no count begun");
	while (n-- > 0) {
		r = lttr_iter_next(l->cit, &ev);
		if (r <= 0)
			break;
		l->nread++;
		if (match(l, f, &ev))
			l->nmatch++;
	}
	if (r < 0)
		return failed_in(l, l->cit);
	return r == 0 ? 1 : 0;
}

void lttr_evlist_counted(const struct lttr_evlist *l, uint64_t *matched, uint64_t *read)
{
	*matched = l->nmatch;
	*read = l->nread;
}
