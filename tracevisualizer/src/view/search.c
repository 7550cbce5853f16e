// SPDX-License-Identifier: GPL-2.0
/*
 * search.c - the next or previous event matching a filter.
 *
 * Forward: the buffers of every CPU that the filter allows are taken in
 * the order of their start times, from the first one that can hold events
 * after the position; a buffer whose event types (the view's index) do
 * not meet the filter's is skipped unread; the first match of a buffer is
 * kept when it comes before the best so far; the search ends when the
 * next buffer starts after the best match (no later buffer can hold an
 * earlier event).  Backward is the mirror image, by end times.
 */
#include <string.h>
#include <lttr/reader/scan.h>
#include <lttr/reader/trace.h>
#include <lttr/view/filter.h>
#include <lttr/view/search.h>
#include "reader/progress-hold.h"
#include "view/view-internal.h"

struct lttr_view_pos lttr_view_pos_of(const struct lttr_event *ev)
{
	struct lttr_view_pos p = { ev->time_ns, ev->offset, ev->cpu };

	return p;
}

int lttr_view_pos_cmp(const struct lttr_view_pos *a, const struct lttr_view_pos *b)
{
	if (a->time_ns != b->time_ns)
		return a->time_ns < b->time_ns ? -1 : 1;
	if (a->cpu != b->cpu)
		return a->cpu < b->cpu ? -1 : 1;
	if (a->offset != b->offset)
		return a->offset < b->offset ? -1 : 1;
	return 0;
}

struct sctx {
	struct lttr_view *v;
	const struct lttr_filter *f;
	struct lttr_filter_ctx fc;
	struct lttr_view_pos from;
	bool has_from;
	bool inclusive;
	int dir;
	bool found;		/* in this buffer */
	struct lttr_event best;	/* in this buffer */
	uint64_t tested;
};

static const char *comm_of(void *arg, uint32_t pid, uint64_t t)
{
	return lttr_view_comm(arg, pid, t);
}

/* is @ev on the searched side of the position */
static bool beyond(const struct sctx *s, const struct lttr_event *ev)
{
	struct lttr_view_pos p = lttr_view_pos_of(ev);
	int c;

	if (!s->has_from)
		return true;
	c = lttr_view_pos_cmp(&p, &s->from);
	return s->dir > 0 ? (c > 0 || (c == 0 && s->inclusive)) :
		(c < 0 || (c == 0 && s->inclusive));
}

static int on_event(void *arg, const struct lttr_event *ev)
{
	struct sctx *s = arg;

	if (!beyond(s, ev)) {
		/* forward: not there yet; backward: past the position */
		return s->dir > 0 ? 0 : -1000;
	}
	s->tested++;
	if (s->f && !lttr_filter_match(s->f, &s->fc, ev))
		return 0;
	s->best = *ev;
	s->found = true;
	return s->dir > 0 ? -1000 : 0;	/* forward: the first is the one */
}

/* can buffer @bi of @cpu hold a match, by the event types it holds */
static bool may_match(const struct lttr_view *v, unsigned int cpu, size_t bi,
		      const struct ltt_event_mask *ids)
{
	uint64_t have = lttr_view_buffer_ids(v, cpu, bi);
	uint64_t want = ids->bits[0] & ~(1ULL << 63);
	unsigned int w;

	if (have & want)
		return true;
	if (!(have & (1ULL << 63)))
		return false;
	/* ids >= 63 present: any of them wanted? */
	if (ids->bits[0] & (1ULL << 63))
		return true;
	for (w = 1; w < LTT_EV_MAX / 64; w++)
		if (ids->bits[w])
			return true;
	return false;
}

int lttr_view_find(struct lttr_view *v, const struct lttr_filter *f,
		   const struct lttr_view_pos *from, bool inclusive, int dir,
		   lttr_view_progress_fn progress, void *arg,
		   struct lttr_event *out, struct lttr_view_search_stats *stats,
		   struct lttr_error *err)
{
	size_t next[LTT_MAX_CPUS], count[LTT_MAX_CPUS], total = 0, done = 0;
	struct lttr_view_search_stats st = { 0, 0, 0 };
	struct ltt_event_mask ids;
	struct lttr_buffer_info bi;
	struct lttr_event best;
	bool have_best = false;
	int only_cpu = f ? lttr_filter_cpu(f) : -1;
	unsigned int cpu, ncpus = lttr_trace_ncpus(v->t);
	struct sctx s;

	if (!dir)
		return lttr_error_set(err, LTTR_E_INVAL, "no direction");
	memset(&s, 0, sizeof(s));
	s.v = v;
	s.f = f;
	s.fc.t = v->t;
	s.fc.comm = comm_of;
	s.fc.arg = v;
	s.dir = dir;
	s.inclusive = inclusive;
	if (from) {
		s.from = *from;
		s.has_from = true;
	}
	if (f)
		lttr_filter_ids(f, &ids);
	else
		memset(&ids, 0xff, sizeof(ids));
	/* each CPU's first (forward) or last (backward) buffer to read */
	for (cpu = 0; cpu < ncpus; cpu++) {
		size_t n = lttr_trace_buffer_count(v->t, cpu), lo = 0, hi = n;

		count[cpu] = n;
		if (only_cpu >= 0 && (unsigned int)only_cpu != cpu)
			count[cpu] = n = hi = 0;
		while (s.has_from && lo < hi) {
			size_t mid = lo + (hi - lo) / 2;

			lttr_trace_buffer(v->t, cpu, mid, &bi);
			if (dir > 0 ? bi.end_ns < s.from.time_ns : bi.start_ns <= s.from.time_ns)
				lo = mid + 1;
			else
				hi = mid;
		}
		next[cpu] = dir > 0 ? lo : (s.has_from ? lo : n);	/* backward: next[] - 1 */
		total += dir > 0 ? n - next[cpu] : next[cpu];
	}
	for (;;) {
		unsigned int pick = ncpus;
		uint64_t key = 0;

		for (cpu = 0; cpu < ncpus; cpu++) {
			size_t b;

			if (dir > 0 ? next[cpu] >= count[cpu] : next[cpu] == 0)
				continue;
			b = dir > 0 ? next[cpu] : next[cpu] - 1;
			lttr_trace_buffer(v->t, cpu, b, &bi);
			if (pick == ncpus || (dir > 0 ? bi.start_ns < key : bi.end_ns > key)) {
				pick = cpu;
				key = dir > 0 ? bi.start_ns : bi.end_ns;
			}
		}
		if (pick == ncpus)
			break;
		/* no buffer from here on can hold a better match */
		if (have_best && (dir > 0 ? key > best.time_ns : key < best.time_ns))
			break;
		{
			size_t b = dir > 0 ? next[pick]++ : --next[pick];

			if (!may_match(v, pick, b, &ids)) {
				st.skipped++;
			} else {
				int r;

				s.found = false;
				st.buffers++;
				r = lttr_scan_buffer(v->t, pick, b, on_event, &s, err);
				if (r < 0 && r != -1000)
					return r;
				if (s.found) {
					struct lttr_view_pos pb = lttr_view_pos_of(&best);
					struct lttr_view_pos pn = lttr_view_pos_of(&s.best);

					if (!have_best || (dir > 0 ? lttr_view_pos_cmp(&pn, &pb) < 0 :
							   lttr_view_pos_cmp(&pn, &pb) > 0)) {
						best = s.best;
						have_best = true;
					}
				}
			}
		}
		done++;
		if (progress && lttr_progress_tell(progress, arg, done,
						 total ? (unsigned int)(done * 1000 / total) : 1000)) {
			st.events = s.tested;
			if (stats)
				*stats = st;
			return lttr_error_set(err, LTTR_E_CANCELED, "search canceled");
		}
	}
	st.events = s.tested;
	if (stats)
		*stats = st;
	if (!have_best)
		return 0;
	*out = best;
	return 1;
}
