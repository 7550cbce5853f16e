// SPDX-License-Identifier: GPL-2.0
/*
 * evwin.c - a run of consecutive events of an events list kept in memory
 * (lttr/view/evwin.h): placed by position or index, grown at its edges by
 * the list's steps, cut back to what a view keeps.
 */
#include <stdlib.h>
#include <string.h>
#include <lttr/view/evwin.h>

void lttr_evwin_init(struct lttr_evwin *w, struct lttr_evlist *l, size_t max)
{
	memset(w, 0, sizeof(*w));
	w->l = l;
	w->max = max;
}

void lttr_evwin_free(struct lttr_evwin *w)
{
	free(w->ev);
	w->ev = NULL;
	w->n = w->cap = 0;
}

void lttr_evwin_clear(struct lttr_evwin *w)
{
	w->n = 0;
	w->base = 0;
	w->at_start = w->at_end = false;
	w->status = 0;
}

/* room for @n events */
static int reserve(struct lttr_evwin *w, size_t n)
{
	struct lttr_event *v;

	if (n <= w->cap)
		return 0;
	v = realloc(w->ev, n * sizeof(*v));
	if (!v)
		return -LTTR_E_NOMEM;
	w->ev = v;
	w->cap = n;
	return 0;
}

/* @want cut to what the run may still hold */
static size_t room(const struct lttr_evwin *w, size_t want)
{
	if (w->max && want > w->max - (w->n < w->max ? w->n : w->max))
		want = w->max - (w->n < w->max ? w->n : w->max);
	return want;
}

/*
 * up to @want events of the list from its cut into @out, forward
 * (@dir > 0) or backward (nearest first); @complete: the list ended
 */
static size_t read_run(struct lttr_evwin *w, int dir, struct lttr_event *out, size_t want,
		       bool *complete)
{
	size_t got = 0;

	*complete = false;
	w->status = 0;
	while (got < want) {
		int r = dir > 0 ? lttr_evlist_next(w->l, &out[got]) : lttr_evlist_prev(w->l, &out[got]);

		if (r <= 0) {
			*complete = r == 0;
			if (r < 0)
				w->status = r;
			break;
		}
		got++;
	}
	return got;
}

size_t lttr_evwin_extend_fwd(struct lttr_evwin *w, size_t want)
{
	struct lttr_view_pos p;
	bool complete;
	size_t got;
	int r;

	w->status = 0;
	if (w->at_end || !w->n)
		return 0;
	want = room(w, want);
	if (!want)
		return 0;
	r = reserve(w, w->n + want);
	if (!r) {
		p = lttr_view_pos_of(&w->ev[w->n - 1]);
		r = lttr_evlist_seek(w->l, &p, false);
	}
	if (r < 0) {
		w->status = r;
		return 0;
	}
	got = read_run(w, 1, w->ev + w->n, want, &complete);
	w->n += got;
	if (got < want && complete)
		w->at_end = true;
	return got;
}

size_t lttr_evwin_extend_back(struct lttr_evwin *w, size_t want)
{
	struct lttr_event *tmp;
	struct lttr_view_pos p;
	bool complete;
	size_t got, i;
	int r;

	w->status = 0;
	if (w->at_start || !w->n)
		return 0;
	want = room(w, want);
	if (!want)
		return 0;
	tmp = malloc(want * sizeof(*tmp));
	r = tmp ? reserve(w, w->n + want) : -LTTR_E_NOMEM;
	if (!r) {
		p = lttr_view_pos_of(&w->ev[0]);
		r = lttr_evlist_seek(w->l, &p, true);
	}
	if (r < 0) {
		free(tmp);
		w->status = r;
		return 0;
	}
	got = read_run(w, -1, tmp, want, &complete);
	memmove(w->ev + got, w->ev, w->n * sizeof(*w->ev));
	for (i = 0; i < got; i++)
		w->ev[got - 1 - i] = tmp[i];
	free(tmp);
	w->n += got;
	w->base -= got;
	if (got < want && complete)
		w->at_start = true;
	return got;
}

void lttr_evwin_keep(struct lttr_evwin *w, size_t lo, size_t hi)
{
	if (hi > w->n)
		hi = w->n;
	if (lo > hi)
		lo = hi;
	if (hi < w->n)
		w->at_end = false;
	if (lo) {
		memmove(w->ev, w->ev + lo, (hi - lo) * sizeof(*w->ev));
		w->at_start = false;
	}
	w->n = hi - lo;
	w->base += lo;
}

long lttr_evwin_reset_index(struct lttr_evwin *w, uint64_t k, size_t before, size_t after)
{
	uint64_t total = lttr_evlist_total(w->l), start;
	bool complete;
	size_t want;
	int r;

	lttr_evwin_clear(w);
	if (!total) {
		w->at_start = w->at_end = true;
		return -1;
	}
	if (k >= total)
		k = total - 1;
	start = k > before ? k - before : 0;
	w->base = start;
	w->at_start = start == 0;
	want = room(w, (size_t)(k - start) + after);
	r = reserve(w, want ? want : 1);
	if (!r)
		r = lttr_evlist_seek_index(w->l, start);
	if (r < 0) {
		w->status = r;
		return -1;
	}
	w->n = read_run(w, 1, w->ev, want, &complete);
	if (w->n < want && complete)
		w->at_end = true;
	if (!w->n)
		return -1;
	return (size_t)(k - start) < w->n ? (long)(k - start) : (long)w->n - 1;
}

long lttr_evwin_reset_pos(struct lttr_evwin *w, const struct lttr_view_pos *p, bool inclusive,
			  size_t before, size_t after)
{
	bool complete, none = !w->n && w->at_start && w->at_end;
	size_t want, got, i;
	uint64_t k;
	int r;

	if (!lttr_evlist_filter(w->l)) {
		r = lttr_evlist_index_of(w->l, p, inclusive, &k);
		if (r < 0) {
			lttr_evwin_clear(w);
			w->status = r;
			return -1;
		}
		return lttr_evwin_reset_index(w, k, before, after);
	}
	lttr_evwin_clear(w);
	/* read to both ends before, nothing found: nothing to read */
	if (none) {
		w->at_start = w->at_end = true;
		return -1;
	}
	want = room(w, after);
	r = reserve(w, want ? want : 1);
	if (!r)
		r = lttr_evlist_seek(w->l, p, inclusive);
	if (r < 0) {
		w->status = r;
		return -1;
	}
	w->n = read_run(w, 1, w->ev, want, &complete);
	if (w->n < want && complete)
		w->at_end = true;
	if (w->n || !complete)
		return w->n ? 0 : -1;
	/* nothing after it: the last ones */
	r = lttr_evlist_seek_end(w->l);
	if (r < 0) {
		w->status = r;
		return -1;
	}
	got = read_run(w, -1, w->ev, want, &complete);
	for (i = 0; i < got / 2; i++) {
		struct lttr_event t = w->ev[i];

		w->ev[i] = w->ev[got - 1 - i];
		w->ev[got - 1 - i] = t;
	}
	w->n = got;
	w->at_end = true;
	if (got < want && complete)
		w->at_start = true;
	return (long)got - 1;
}

int lttr_evwin_reset_at(struct lttr_evwin *w, const struct lttr_event *ev)
{
	struct lttr_view_pos p = lttr_view_pos_of(ev);
	uint64_t k = 0;
	int r;

	lttr_evwin_clear(w);
	r = reserve(w, 1);
	if (!r && !lttr_evlist_filter(w->l))
		r = lttr_evlist_index_of(w->l, &p, true, &k);
	if (r < 0) {
		w->status = r;
		return r;
	}
	w->ev[0] = *ev;
	w->n = 1;
	w->base = k;
	return 0;
}

long lttr_evwin_find(const struct lttr_evwin *w, const struct lttr_view_pos *p)
{
	struct lttr_view_pos first, last;
	size_t lo = 0, hi = w->n;

	if (!w->n)
		return -1;
	first = lttr_view_pos_of(&w->ev[0]);
	last = lttr_view_pos_of(&w->ev[w->n - 1]);
	if (lttr_view_pos_cmp(&last, p) < 0 ||
	    (!w->at_start && lttr_view_pos_cmp(&first, p) > 0))
		return -1;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		struct lttr_view_pos q = lttr_view_pos_of(&w->ev[mid]);

		if (lttr_view_pos_cmp(&q, p) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return (long)lo;
}
