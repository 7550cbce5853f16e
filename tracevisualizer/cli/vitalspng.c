// SPDX-License-Identifier: GPL-2.0
/*
 * vitalspng.c - the vital signs drawn with cairo into a PNG: a panel per
 * vital sign collected, its buckets (or epochs) in time order left to
 * right, a column each whose height is the bucket's total (blue; red when
 * the detector flagged an epoch of it); under the axis, a grey mark where
 * epochs are missing before the bucket (lost, removed or skipped).  The
 * figures are lttr_vitals_buckets()'s, the same as --json's.  The colours
 * are fixed (docs/vitals.md) so that a test can read them back.
 */
#include <inttypes.h>
#include <stdio.h>
#include <cairo.h>
#include <lttr/view/viewport.h>
#include <lttr/vitals/vitals.h>
#include "vitalspng.h"

#define WIDTH 900
#define PANEL 200	/* height of a panel */
#define MARGIN 70
#define TOP 40		/* the columns' area starts this far below the panel's top */
#define BOTTOM 30	/* the axis: this far above the panel's bottom */

static void text_at(cairo_t *cr, double x, double y, const char *s, double align)
{
	cairo_text_extents_t e;

	cairo_text_extents(cr, s, &e);
	cairo_move_to(cr, x - e.width * align, y);
	cairo_show_text(cr, s);
}

static void panel(cairo_t *cr, double top, const struct lttr_vitals_bucket *b,
		  size_t n, unsigned int v, const char *scale)
{
	double x0 = MARGIN, y0 = top + PANEL - BOTTOM, w = WIDTH - 2 * MARGIN;
	double h = PANEL - BOTTOM - TOP, bw = w / (double)(n ? n : 1);
	uint64_t max = 0;
	unsigned int flagged = 0;
	char buf[256];
	size_t i;

	for (i = 0; i < n; i++) {
		if (b[i].total[v] > max)
			max = b[i].total[v];
		flagged += b[i].anomalies[v];
	}
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_set_font_size(cr, 13);
	snprintf(buf, sizeof(buf), "%s (%s) by %s: %u anomal%s (red)",
		 lttr_vital_name(v), lttr_vital_unit(v), scale, flagged,
		 flagged == 1 ? "y" : "ies");
	text_at(cr, x0, top + 20, buf, 0);
	cairo_set_font_size(cr, 11);
	snprintf(buf, sizeof(buf), "%" PRIu64, max);
	text_at(cr, x0 - 4, top + TOP + 4, buf, 1);
	text_at(cr, x0 - 4, y0, "0", 1);
	for (i = 0; max && i < n; i++) {
		double bx = x0 + bw * (double)i, gap = bw >= 4 ? 1 : 0;
		double rh = h * (double)b[i].total[v] / (double)max;

		if (!(b[i].collected & (1U << v)))
			continue;
		if (b[i].anomalies[v])
			cairo_set_source_rgb(cr, 0.85, 0.10, 0.10);
		else
			cairo_set_source_rgb(cr, 0.27, 0.45, 0.70);
		cairo_rectangle(cr, bx + gap, y0 - rh, bw - 2 * gap, rh);
		cairo_fill(cr);
	}
	for (i = 0; i < n; i++) {
		if (!b[i].missing && !b[i].skipped)
			continue;
		cairo_set_source_rgb(cr, 0.55, 0.55, 0.55);
		cairo_rectangle(cr, x0 + bw * (double)i, y0 + 3,
				bw >= 3 ? bw - 1 : 2, 6);
		cairo_fill(cr);
	}
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_set_line_width(cr, 1);
	cairo_move_to(cr, x0, y0 + 0.5);
	cairo_line_to(cr, x0 + w, y0 + 0.5);
	cairo_stroke(cr);
	if (n) {
		snprintf(buf, sizeof(buf), "epoch %" PRIu64, b[0].first_epoch);
		text_at(cr, x0, y0 + 22, buf, 0);
		snprintf(buf, sizeof(buf), "epoch %" PRIu64, b[n - 1].last_epoch);
		text_at(cr, x0 + w, y0 + 22, buf, 1);
	}
}

int cli_vitals_png(const char *path, const struct lttr_vitals_bucket *b,
		   size_t n, uint64_t width_ns)
{
	cairo_surface_t *s;
	cairo_t *cr;
	cairo_status_t st;
	uint32_t collected = 0;
	unsigned int v, panels = 0, k = 0;
	char scale[48];
	size_t i;

	for (i = 0; i < n; i++)
		collected |= b[i].collected;
	for (v = 0; v < LTT_VITALS; v++)
		panels += !!(collected & (1U << v));
	if (width_ns)
		lttr_fmt_duration(width_ns, scale, sizeof(scale));
	else
		snprintf(scale, sizeof(scale), "epoch");
	s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, WIDTH,
				       (int)(PANEL * (panels ? panels : 1)));
	cr = cairo_create(s);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	cairo_select_font_face(cr, "Sans", CAIRO_FONT_SLANT_NORMAL,
			       CAIRO_FONT_WEIGHT_NORMAL);
	for (v = 0; v < LTT_VITALS; v++)
		if (collected & (1U << v))
			panel(cr, (double)(PANEL * k++), b, n, v, scale);
	if (!panels) {
		cairo_set_source_rgb(cr, 0, 0, 0);
		cairo_set_font_size(cr, 13);
		text_at(cr, MARGIN, 40, "no epoch", 0);
	}
	cairo_destroy(cr);
	st = cairo_surface_write_to_png(s, path);
	cairo_surface_destroy(s);
	return st == CAIRO_STATUS_SUCCESS ? 0 : -1;
}
