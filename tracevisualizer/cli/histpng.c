// SPDX-License-Identifier: GPL-2.0
/*
 * histpng.c - latency histograms drawn with cairo into a PNG: one panel
 * per distribution, a bar per log2 bucket from the first non-empty to the
 * last, its count above it and its lower bound under it, the figures of
 * the distribution in the title.
 */
#include <inttypes.h>
#include <stdio.h>
#include <cairo.h>
#include <lttr/analysis/distribution.h>
#include <lttr/output/timing-layout.h>
#include "histpng.h"

#define WIDTH 900
#define PANEL 300	/* height of a panel */
#define MARGIN 50
#define SUBTITLE 40	/* the baseline of a panel's subtitle, below its top */
#define BAR_LABEL 4	/* a bar's count: its baseline this far above the bar */

static void text_at(cairo_t *cr, double x, double y, const char *s, double align)
{
	cairo_text_extents_t e;

	cairo_text_extents(cr, s, &e);
	cairo_move_to(cr, x - e.width * align, y);
	cairo_show_text(cr, s);
}

static void panel(cairo_t *cr, double top, const char *label, const struct lttr_dist *d)
{
	unsigned int k, first, last, nb;
	uint64_t max = lttr_lat_span(&d->lat, &first, &last);
	double x0 = MARGIN, y0 = top + PANEL - 40, w = WIDTH - 2 * MARGIN, h;
	char buf[256], a[24], b[24], c[24], e[24];
	cairo_font_extents_t fe;

	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_set_font_size(cr, 13);
	text_at(cr, x0, top + 22, label, 0);
	tt_human(d->p50, a, sizeof(a));
	tt_human(d->p99, b, sizeof(b));
	tt_human(d->lat.max, c, sizeof(c));
	tt_human(d->stddev, e, sizeof(e));
	snprintf(buf, sizeof(buf), "%" PRIu64 " instances, p50 %s, p99 %s, max %s, stddev %s",
		 d->lat.count, a, b, c, e);
	cairo_set_font_size(cr, 11);
	text_at(cr, x0, top + SUBTITLE, buf, 0);
	/*
	 * The tallest bar's count, drawn above it, starts below the
	 * subtitle's descent, a line's gap apart (issue 36: they overlapped).
	 */
	cairo_font_extents(cr, &fe);
	h = y0 - (top + SUBTITLE + fe.descent + fe.height + BAR_LABEL);
	cairo_move_to(cr, x0, y0 + 0.5);
	cairo_line_to(cr, x0 + w, y0 + 0.5);
	cairo_set_line_width(cr, 1);
	cairo_stroke(cr);
	if (!max)
		return;
	nb = last - first + 1;
	for (k = first; k <= last; k++) {
		double bw = w / nb, bx = x0 + (k - first) * bw;
		double bh = h * (double)d->lat.hist[k] / (double)max;
		uint64_t lo, hi;

		cairo_set_source_rgb(cr, 0.27, 0.45, 0.70);
		cairo_rectangle(cr, bx + 2, y0 - bh, bw - 4, bh);
		cairo_fill(cr);
		cairo_set_source_rgb(cr, 0, 0, 0);
		snprintf(buf, sizeof(buf), "%" PRIu64, d->lat.hist[k]);
		text_at(cr, bx + bw / 2, y0 - bh - BAR_LABEL, buf, 0.5);
		lttr_lat_bucket_bounds(k, &lo, &hi);
		tt_human(lo, buf, sizeof(buf));
		text_at(cr, bx + 2, y0 + 15, buf, 0);
	}
	text_at(cr, x0 + w, y0 + 32, "log2 buckets of the duration (each from its lower bound)", 1);
}

int cli_hist_png(const char *path, const char *const *labels,
		 const struct lttr_dist *const *d, size_t n)
{
	cairo_surface_t *s;
	cairo_t *cr;
	cairo_status_t st;
	size_t i;

	s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, WIDTH,
				       (int)(PANEL * (n ? n : 1)));
	cr = cairo_create(s);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	cairo_select_font_face(cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
	for (i = 0; i < n; i++)
		panel(cr, (double)(PANEL * i), labels[i], d[i]);
	if (!n) {
		cairo_set_source_rgb(cr, 0, 0, 0);
		cairo_set_font_size(cr, 13);
		text_at(cr, MARGIN, 40, "no instance", 0);
	}
	cairo_destroy(cr);
	st = cairo_surface_write_to_png(s, path);
	cairo_surface_destroy(s);
	return st == CAIRO_STATUS_SUCCESS ? 0 : -1;
}
