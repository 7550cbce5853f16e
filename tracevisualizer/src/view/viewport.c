// SPDX-License-Identifier: GPL-2.0
/*
 * viewport.c - the shared time window, cursor and markers of the front
 * ends, and the times and durations as a person reads and types them.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/units/duration.h>
#include <lttr/view/keys.h>
#include <lttr/view/viewport.h>

static uint64_t mul_div(uint64_t x, uint64_t num, uint64_t den)
{
	return (uint64_t)((unsigned __int128)x * num / den);
}

void lttr_viewport_init(struct lttr_viewport *vp, uint64_t start, uint64_t end)
{
	memset(vp, 0, sizeof(*vp));
	vp->start = start;
	vp->end = end > start ? end : start;
	vp->t0 = vp->start;
	vp->t1 = vp->end;
	vp->cursor = start;
	vp->min_span = 1;
}

/* put [a, a + span) within the trace */
static void place(struct lttr_viewport *vp, uint64_t a, uint64_t span)
{
	uint64_t whole = vp->end - vp->start;

	if (span > whole)
		span = whole;
	if (a < vp->start)
		a = vp->start;
	if (a > vp->end - span)
		a = vp->end - span;
	vp->t0 = a;
	vp->t1 = a + span;
}

static uint64_t min_span(const struct lttr_viewport *vp)
{
	return vp->min_span ? vp->min_span : 1;
}

void lttr_viewport_zoom(struct lttr_viewport *vp, uint64_t num, uint64_t den)
{
	uint64_t span = vp->t1 - vp->t0, nspan, anchor, off;

	if (!den || !num)
		return;
	nspan = mul_div(span, num, den);
	if (nspan < min_span(vp))
		nspan = min_span(vp);
	if (nspan == span && num < den)
		return;
	if (vp->cursor >= vp->t0 && vp->cursor <= vp->t1 && span) {
		/* the cursor keeps its place on the screen */
		anchor = vp->cursor;
		off = mul_div(anchor - vp->t0, nspan, span);
	} else {
		anchor = vp->t0 + span / 2;
		off = nspan / 2;
	}
	place(vp, anchor > vp->start + off ? anchor - off : vp->start, nspan);
}

void lttr_viewport_pan(struct lttr_viewport *vp, int64_t num, int64_t den)
{
	uint64_t span = vp->t1 - vp->t0;
	uint64_t d;

	if (den <= 0 || !num)
		return;
	d = mul_div(span, (uint64_t)(num < 0 ? -num : num), (uint64_t)den);
	if (!d)
		d = 1;
	if (num < 0)
		place(vp, vp->t0 - vp->start > d ? vp->t0 - d : vp->start, span);
	else
		place(vp, vp->t0 + d, span);
}

void lttr_viewport_show(struct lttr_viewport *vp, uint64_t a, uint64_t b)
{
	uint64_t span;

	if (a > b) {
		uint64_t x = a;

		a = b;
		b = x;
	}
	span = b - a;
	if (span < min_span(vp)) {
		uint64_t mid = a + span / 2;

		span = min_span(vp);
		a = mid > vp->start + span / 2 ? mid - span / 2 : vp->start;
	}
	place(vp, a, span);
}

void lttr_viewport_all(struct lttr_viewport *vp)
{
	vp->t0 = vp->start;
	vp->t1 = vp->end;
}

bool lttr_viewport_navigate(struct lttr_viewport *vp, int action)
{
	uint64_t w = vp->t1 - vp->t0;

	switch (action) {
	case LTTR_KA_ZOOM_IN:
		lttr_viewport_zoom(vp, 1, 2);
		return true;
	case LTTR_KA_ZOOM_OUT:
		lttr_viewport_zoom(vp, 2, 1);
		return true;
	case LTTR_KA_PAN_LEFT:
		lttr_viewport_pan(vp, -1, 4);
		return true;
	case LTTR_KA_PAN_RIGHT:
		lttr_viewport_pan(vp, 1, 4);
		return true;
	case LTTR_KA_ALL:
		lttr_viewport_all(vp);
		return true;
	case LTTR_KA_START:
		lttr_viewport_show(vp, vp->start, vp->start + w);
		return true;
	case LTTR_KA_END:
		lttr_viewport_show(vp, vp->end - w, vp->end);
		return true;
	default:
		return false;
	}
}

void lttr_viewport_set_cursor(struct lttr_viewport *vp, uint64_t t)
{
	uint64_t span = vp->t1 - vp->t0;

	if (t < vp->start)
		t = vp->start;
	if (t > vp->end)
		t = vp->end;
	vp->cursor = t;
	if (t < vp->t0)
		place(vp, t, span);
	else if (t > vp->t1 || (t == vp->t1 && t != vp->end))
		place(vp, t - span + span / 8 + 1 > vp->start ? t - span + span / 8 + 1 :
		      vp->start, span);
}

uint64_t lttr_viewport_col_time(const struct lttr_viewport *vp, unsigned int col,
				unsigned int ncols)
{
	if (!ncols)
		return vp->t0;
	return vp->t0 + mul_div(vp->t1 - vp->t0, col, ncols);
}

long lttr_viewport_time_col(const struct lttr_viewport *vp, uint64_t t,
			    unsigned int ncols)
{
	uint64_t span = vp->t1 - vp->t0;

	if (t < vp->t0)
		return -1;
	if (t >= vp->t1)
		return t == vp->t1 && t == vp->end && ncols ? (long)ncols - 1 : (long)ncols;
	if (!span || !ncols)
		return 0;
	/*
	 * the column c whose [col_time(c), col_time(c + 1)) holds t: the last
	 * c with floor(span * c / ncols) <= t - t0, which is
	 * ceil((t - t0 + 1) * ncols / span) - 1.  The quotient of the other
	 * way round, floor((t - t0) * ncols / span), can be a column before:
	 * the start of column c read as column c - 1, and the TUI's Right key
	 * moved the cursor one column, then never again (issue 36)
	 */
	return (long)(((unsigned __int128)(t - vp->t0 + 1) * ncols - 1) / span);
}

void lttr_viewport_set_mark(struct lttr_viewport *vp, unsigned int which)
{
	if (which > 1)
		return;
	vp->mark[which] = vp->cursor;
	vp->has_mark[which] = true;
}

bool lttr_viewport_marks(const struct lttr_viewport *vp, uint64_t *a, uint64_t *b)
{
	if (!vp->has_mark[0] || !vp->has_mark[1])
		return false;
	*a = vp->mark[0] < vp->mark[1] ? vp->mark[0] : vp->mark[1];
	*b = vp->mark[0] < vp->mark[1] ? vp->mark[1] : vp->mark[0];
	return true;
}

const char *lttr_fmt_time(uint64_t ns, char *buf, size_t size)
{
	snprintf(buf, size, "%" PRIu64 ".%09" PRIu64, ns / 1000000000, ns % 1000000000);
	return buf;
}

const char *lttr_fmt_duration(uint64_t ns, char *buf, size_t size)
{
	if (ns < 1000)
		snprintf(buf, size, "%" PRIu64 " ns", ns);
	else if (ns < 1000000)
		snprintf(buf, size, "%" PRIu64 ".%03" PRIu64 " us", ns / 1000, ns % 1000);
	else if (ns < 1000000000)
		snprintf(buf, size, "%" PRIu64 ".%06" PRIu64 " ms", ns / 1000000, ns % 1000000);
	else
		snprintf(buf, size, "%" PRIu64 ".%09" PRIu64 " s", ns / 1000000000,
			 ns % 1000000000);
	return buf;
}
