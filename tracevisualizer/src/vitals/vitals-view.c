// SPDX-License-Identifier: GPL-2.0
/*
 * vitals-view.c - what the terminal and the window show of the vital
 * signs (docs/views.md, "Vital signs"): the height of a column among the
 * others of its row, whether an epoch lies in a trace, and the epoch's
 * window of that trace as a lesson of one step, which the front ends open
 * as they open a firing's snapshot.  The front ends lay these out only.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/reader/trace.h>
#include <lttr/view/lesson.h>
#include <lttr/vitals/vitals.h>

uint64_t lttr_vitals_bucket_max(const struct lttr_vitals_bucket *b, size_t n,
				unsigned int vital)
{
	uint64_t max = 0;
	size_t i;

	for (i = 0; i < n; i++)
		if (b[i].total[vital] > max)
			max = b[i].total[vital];
	return max;
}

unsigned int lttr_vitals_level8(uint64_t v, uint64_t max)
{
	if (!v || !max)
		return 0;
	if (v >= max)
		return 8;
	/* 1..8: a column never looks empty when its total is not 0 */
	return 1 + (unsigned int)((v * 7 + max / 2) / max);
}

int lttr_vitals_trace_span(const char *dir, uint64_t *start, uint64_t *end,
			   uint64_t *base, char *err, size_t errlen)
{
	struct lttr_trace *t = NULL;
	struct lttr_error e;

	if (lttr_trace_open(dir, LTTR_OPEN_SALVAGE, &t, &e) < 0) {
		snprintf(err, errlen, "%s", e.msg);
		return -1;
	}
	*start = lttr_trace_window_start(t);
	*end = lttr_trace_end_ns(t);
	*base = lttr_trace_header(t)->start_ns;
	lttr_trace_close(t);
	return 0;
}

bool lttr_vitals_epoch_in_trace(const struct lttr_vitals_epoch *e,
				uint64_t start, uint64_t end)
{
	return e->h.start_ns < end && e->h.end_ns > start;
}

static int addf(char **s, size_t *len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int addf(char **s, size_t *len, const char *fmt, ...)
{
	va_list ap;
	char *g;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return -1;
	g = realloc(*s, *len + (size_t)n + 1);
	if (!g)
		return -1;
	*s = g;
	va_start(ap, fmt);
	vsnprintf(*s + *len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	*len += (size_t)n;
	return 0;
}

int lttr_vitals_epoch_lesson(const struct lttr_vitals_report *r, size_t i,
			     uint64_t start, uint64_t end, uint64_t base,
			     struct lttr_lesson **out)
{
	const struct lttr_vitals_epoch *e = &r->s->epochs[i];
	struct lttr_lesson *l;
	struct lttr_lesson_step *st;
	uint64_t a, b;
	char *text = NULL;
	size_t len = 0, k;
	unsigned int v;
	int bad = 0;

	*out = NULL;
	if (i >= r->s->n || !lttr_vitals_epoch_in_trace(e, start, end))
		return -1;
	a = e->h.start_ns > start ? e->h.start_ns : start;
	b = e->h.end_ns < end ? e->h.end_ns : end;
	bad |= addf(&text, &len, "Epoch %" PRIu64 " of the vital signs, %.3f s "
		    "(%s of it in this trace).", (uint64_t)e->h.epoch,
		    (double)(e->h.end_ns - e->h.start_ns) / 1e9,
		    a == e->h.start_ns && b == e->h.end_ns ? "all" : "part");
	for (v = 0; v < LTT_VITALS; v++) {
		const struct lttr_vitals_row *row = &r->rows[i * LTT_VITALS + v];

		if (!(e->h.collected & (1U << v)))
			continue;
		bad |= addf(&text, &len, "\n%s: %" PRIu64 " %s in %" PRIu64
			    " events%s", lttr_vital_name(v), row->total,
			    lttr_vital_unit(v), row->events,
			    row->flagged ? ", ANOMALY (outside its band)" : "");
		if (row->flagged)
			bad |= addf(&text, &len, " %.0f .. %.0f", row->lo, row->hi);
		for (k = 0; k < row->ntop; k++)
			bad |= addf(&text, &len, "%s %s pid %" PRIu32 " (%" PRIu32 ")",
				    k ? "," : "; top:", row->top[k].first.comm,
				    row->top[k].first.pid, row->top[k].estimate);
	}
	l = calloc(1, sizeof(*l));
	st = calloc(1, sizeof(*st));
	if (bad || !l || !st) {
		free(text);
		free(l);
		free(st);
		return -1;
	}
	l->steps = st;
	l->nsteps = 1;
	l->title = strdup("vital signs");
	st->title = malloc(64);
	if (st->title)
		snprintf(st->title, 64, "epoch %" PRIu64, (uint64_t)e->h.epoch);
	st->text = text;
	st->has_time = true;
	st->time_ns = a + (b - a) / 2 - base;
	st->span_ns = b > a ? b - a : 1;
	if (!l->title || !st->title) {
		lttr_lesson_free(l);
		return -1;
	}
	*out = l;
	return 0;
}
