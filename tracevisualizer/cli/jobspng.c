// SPDX-License-Identifier: GPL-2.0
/*
 * jobspng.c - the jobs drawn with cairo into a PNG, instance by instance
 * (Tracealyzer's per-instance graph): a panel per name, its jobs in time
 * order left to right, a column each whose height is the job's response
 * time (blue, red when it missed its deadline) and, in its middle half
 * from the axis, its execution time (dark grey); the deadline a
 * horizontal orange line behind the columns.  With more jobs than COLS
 * columns, a column per run of jobs in time order (lttr_jobs_columns()):
 * its worst job's figures, red when the run has a miss.  The figures are lttr_jobs_compute()'s, the
 * same as the JSON's.  The colours are fixed (docs/jobs.md) so that a
 * test can read them back.
 */
#include <inttypes.h>
#include <stdio.h>
#include <cairo.h>
#include <lttr/analysis/jobs.h>
#include <lttr/output/timing-layout.h>
#include "jobspng.h"

#define WIDTH 900
#define PANEL 300	/* height of a panel */
#define MARGIN 50
#define TOP 50		/* the columns' area starts this far below the panel's top */
#define BOTTOM 40	/* the axis: this far above the panel's bottom */
#define COLS ((WIDTH - 2 * MARGIN) / 2)	/* columns of 2 pixels at least */

static void text_at(cairo_t *cr, double x, double y, const char *s, double align)
{
	cairo_text_extents_t e;

	cairo_text_extents(cr, s, &e);
	cairo_move_to(cr, x - e.width * align, y);
	cairo_show_text(cr, s);
}

static void panel(cairo_t *cr, double top, const struct lttr_jobs *r, size_t ni)
{
	const struct lttr_job_name *nm = &r->names[ni];
	double x0 = MARGIN, y0 = top + PANEL - BOTTOM, w = WIDTH - 2 * MARGIN;
	double h = PANEL - BOTTOM - TOP, bw;
	struct lttr_job_column cols[COLS];
	uint64_t max = nm->deadline_ns;
	char buf[256], a[24], b[24];
	size_t i, ncols;

	if (nm->response.lat.max > max)
		max = nm->response.lat.max;
	max += max / 10;
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_set_font_size(cr, 13);
	tt_human(nm->period_ns, a, sizeof(a));
	if (nm->source == LTTR_JOB_TIMER)
		snprintf(buf, sizeof(buf), "%s: periodic (%s), period %s", nm->name,
			 nm->timerfd ? "timerfd" : "nanosleep", a);
	else
		snprintf(buf, sizeof(buf), "%s: markers", nm->name);
	text_at(cr, x0, top + 20, buf, 0);
	cairo_set_font_size(cr, 11);
	tt_human(nm->deadline_ns, b, sizeof(b));
	snprintf(buf, sizeof(buf), "%zu jobs; blue: response, grey: execution; deadline %s%s; "
		 "%zu miss%s (red)", nm->count, nm->deadline_ns ? b : "none",
		 nm->deadline_ns ? " (orange)" : "", nm->misses, nm->misses == 1 ? "" : "es");
	text_at(cr, x0, top + 38, buf, 0);
	tt_human(max, a, sizeof(a));
	text_at(cr, x0 - 4, top + TOP + 4, a, 1);
	text_at(cr, x0 - 4, y0, "0", 1);
	if (max && nm->deadline_ns) {
		double dy = y0 - h * (double)nm->deadline_ns / (double)max;

		cairo_set_source_rgb(cr, 1.0, 0.55, 0.0);
		cairo_set_line_width(cr, 2);
		cairo_move_to(cr, x0, dy);
		cairo_line_to(cr, x0 + w, dy);
		cairo_stroke(cr);
	}
	ncols = lttr_jobs_columns(r, ni, COLS, cols);
	bw = w / (double)(ncols ? ncols : 1);
	for (i = 0; max && i < ncols; i++) {
		const struct lttr_job *jb = &r->jobs[cols[i].job];
		double bx, rh, eh, gap;

		bx = x0 + bw * (double)i;
		gap = bw >= 4 ? 1 : 0;
		rh = h * (double)(jb->end_ns - jb->begin_ns) / (double)max;
		eh = h * (double)jb->exec_ns / (double)max;
		if (cols[i].misses)
			cairo_set_source_rgb(cr, 0.85, 0.10, 0.10);
		else
			cairo_set_source_rgb(cr, 0.27, 0.45, 0.70);
		cairo_rectangle(cr, bx + gap, y0 - rh, bw - 2 * gap, rh);
		cairo_fill(cr);
		cairo_set_source_rgb(cr, 0.25, 0.25, 0.25);
		cairo_rectangle(cr, bx + bw / 4, y0 - eh, bw / 2, eh);
		cairo_fill(cr);
	}
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_set_line_width(cr, 1);
	cairo_move_to(cr, x0, y0 + 0.5);
	cairo_line_to(cr, x0 + w, y0 + 0.5);
	cairo_stroke(cr);
	snprintf(buf, sizeof(buf), "1");
	text_at(cr, x0, y0 + 15, buf, 0);
	snprintf(buf, sizeof(buf), "%zu", nm->count);
	text_at(cr, x0 + w, y0 + 15, buf, 1);
	text_at(cr, x0 + w / 2, y0 + 30, "job instance, in time order", 0.5);
}

int cli_jobs_png(const char *path, const struct lttr_jobs *r)
{
	cairo_surface_t *s;
	cairo_t *cr;
	cairo_status_t st;
	size_t i;

	s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, WIDTH,
				       (int)(PANEL * (r->nnames ? r->nnames : 1)));
	cr = cairo_create(s);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	cairo_select_font_face(cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
	for (i = 0; i < r->nnames; i++)
		panel(cr, (double)(PANEL * i), r, i);
	if (!r->nnames) {
		cairo_set_source_rgb(cr, 0, 0, 0);
		cairo_set_font_size(cr, 13);
		text_at(cr, MARGIN, 40, "no job", 0);
	}
	cairo_destroy(cr);
	st = cairo_surface_write_to_png(s, path);
	cairo_surface_destroy(s);
	return st == CAIRO_STATUS_SUCCESS ? 0 : -1;
}
