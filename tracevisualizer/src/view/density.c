// SPDX-License-Identifier: GPL-2.0
/*
 * density.c - exact event counts in time ranges from the view's event-time
 * index, per-column histograms, and the links (switches, wakeups, forks)
 * of a window.
 */
#include <stdlib.h>
#include <string.h>
#include <lttr/reader/iter.h>
#include <lttr/reader/scan.h>
#include <lttr/reader/trace.h>
#include <lttr/view/density.h>
#include "view/view-internal.h"

/* the events of @cpu before @t */
static uint64_t before(struct lttr_view *v, unsigned int cpu, uint64_t t)
{
	const struct vevmark *m = v->evmarks[cpu];
	size_t lo = 0, hi = v->nevmarks[cpu], bi;
	struct lttr_error err;
	struct lttr_event ev;
	uint64_t n, walked = 0;
	uint32_t off;

	/* the last mark before @t */
	if (!hi || m[0].t >= t)
		return 0;
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (m[mid].t < t)
			lo = mid;
		else
			hi = mid;
	}
	n = (uint64_t)lo * LTTR_VIEW_EVSTEP;
	bi = m[lo].bi;
	off = m[lo].off;
	while (walked < LTTR_VIEW_EVSTEP && n < v->nevents[cpu]) {
		int r = lttr_buffer_record(v->t, cpu, bi, off, &ev, &err);

		if (r < 0)
			break;
		if (r == 0) {	/* on to the next buffer */
			if (++bi >= lttr_trace_buffer_count(v->t, cpu))
				break;
			off = 0;
			continue;
		}
		if (ev.time_ns >= t)
			break;
		n++;
		walked++;
		off += ev.size;
	}
	return n;
}

uint64_t lttr_view_count(struct lttr_view *v, uint64_t t0, uint64_t t1)
{
	uint64_t n = 0;
	unsigned int c;

	if (t1 <= t0)
		return 0;
	for (c = 0; c < v->ncpus; c++)
		n += before(v, c, t1) - before(v, c, t0);
	return n;
}

int lttr_view_histogram(struct lttr_view *v, uint64_t t0, uint64_t t1,
			unsigned int ncols, uint64_t *counts, uint64_t *lost)
{
	unsigned int i, c;

	if (!ncols || t1 <= t0)
		return -LTTR_E_INVAL;
	memset(counts, 0, ncols * sizeof(*counts));
	for (c = 0; c < v->ncpus; c++) {
		uint64_t prev = before(v, c, t0);

		for (i = 0; i < ncols; i++) {
			uint64_t e = t0 + (uint64_t)((unsigned __int128)(t1 - t0) * (i + 1) / ncols);
			uint64_t here = before(v, c, e);

			counts[i] += here - prev;
			prev = here;
		}
	}
	for (i = 0; lost && i < ncols; i++) {
		uint64_t a = t0 + (uint64_t)((unsigned __int128)(t1 - t0) * i / ncols);
		uint64_t b = t0 + (uint64_t)((unsigned __int128)(t1 - t0) * (i + 1) / ncols);

		lost[i] = 0;
		for (c = 0; c < v->ncpus; c++)
			lost[i] += lttr_view_lost(v, c, a, b);
	}
	return 0;
}

int lttr_view_links(struct lttr_view *v, uint64_t t0, uint64_t t1, size_t max,
		    struct lttr_vlink *out, size_t *n)
{
	struct lttr_error err;
	struct lttr_event ev;
	struct lttr_iter *it;
	int r;

	*n = 0;
	if (t1 <= t0)
		return 0;
	if (lttr_view_count(v, t0, t1) > 64 * (uint64_t)max)
		return 1;
	if (lttr_iter_new(v->t, &it, &err))
		return err.code ? -err.code : -LTTR_E_NOMEM;
	r = lttr_iter_seek_time(it, t0);
	while (r >= 0 && (r = lttr_iter_next(it, &ev)) == 1 && ev.time_ns < t1) {
		struct lttr_vlink l = { ev.time_ns, 0, 0, ev.cpu, 0 };

		if (!ev.details)
			continue;
		switch (ev.id) {
		case LTT_EV_SCHEDCHANGE:
			l.kind = LTTR_VLINK_SWITCH;
			l.from = ev.p.schedchange.prev_pid;
			l.to = ev.p.schedchange.next_pid;
			break;
		case LTT_EV_PROCESS_WAKEUP:
			l.kind = LTTR_VLINK_WAKEUP;
			l.from = ev.pid;
			l.to = ev.p.wakeup.pid;
			break;
		case LTT_EV_PROCESS_FORK:
			l.kind = LTTR_VLINK_FORK;
			l.from = ev.p.fork.parent_pid;
			l.to = ev.p.fork.child_pid;
			break;
		default:
			continue;
		}
		if (*n == max) {
			lttr_iter_free(it);
			return 1;
		}
		out[(*n)++] = l;
	}
	lttr_iter_free(it);
	return r < 0 ? r : 0;
}
