// SPDX-License-Identifier: GPL-2.0
/*
 * overview.c - the histogram of the whole trace, one bar per pixel (its
 * events, lttr_view_histogram(): exact counts), lost events in red, and
 * the window of the other views as a box that a click moves and a drag
 * redraws.  It never zooms: it is the map of the trace.
 */
#include <math.h>
#include <stdlib.h>
#include "gv.h"

struct gv_overview {
	struct gv_doc *d;
	GtkWidget *area;
	uint64_t *counts;
	uint64_t *lost;
	int ncounts;		/* columns of the last histogram */
	bool dragging;
	double x0;
	double x1;
};

static uint64_t t_of(const struct gv_overview *o, double x, double w)
{
	const struct lttr_viewport *vp = &o->d->s.vp;
	double f = w > 0 ? x / w : 0;

	f = f < 0 ? 0 : f > 1 ? 1 : f;
	return vp->start + (uint64_t)(f * (double)(vp->end - vp->start));
}

static double x_of(const struct gv_overview *o, uint64_t t, double w)
{
	const struct lttr_viewport *vp = &o->d->s.vp;
	double span = (double)(vp->end - vp->start);

	return span > 0 ? ((double)t - (double)vp->start) / span * w : 0;
}

static gboolean on_draw(GtkWidget *w, cairo_t *cr, gpointer data)
{
	struct gv_overview *o = data;
	const struct lttr_viewport *vp = &o->d->s.vp;
	int wd = gtk_widget_get_allocated_width(w), ht = gtk_widget_get_allocated_height(w), i;
	uint64_t max = 1;
	double a, b;

	if (wd <= 0 || vp->end <= vp->start)
		return FALSE;
	if (wd != o->ncounts) {
		free(o->counts);
		free(o->lost);
		o->counts = calloc((size_t)wd, sizeof(*o->counts));
		o->lost = calloc((size_t)wd, sizeof(*o->lost));
		o->ncounts = 0;
		if (!o->counts || !o->lost ||
		    lttr_view_histogram(o->d->s.v, vp->start, vp->end + 1, (unsigned int)wd,
					o->counts, o->lost))
			return FALSE;
		o->ncounts = wd;
	}
	cairo_set_source_rgb(cr, 0.97, 0.97, 0.97);
	cairo_paint(cr);
	for (i = 0; i < wd; i++)
		if (o->counts[i] > max)
			max = o->counts[i];
	cairo_set_source_rgb(cr, 0.35, 0.45, 0.65);
	for (i = 0; i < wd; i++) {
		/* square root: a few events stay visible beside many */
		double h = sqrt((double)o->counts[i] / (double)max) * (ht - 4);

		if (o->counts[i] && h < 1)
			h = 1;
		cairo_rectangle(cr, i, ht - h, 1, h);
	}
	cairo_fill(cr);
	cairo_set_source_rgb(cr, 0.9, 0.05, 0.05);
	for (i = 0; i < wd; i++)
		if (o->lost[i])
			cairo_rectangle(cr, i, 0, 2, ht);
	cairo_fill(cr);
	a = x_of(o, vp->t0, wd);
	b = x_of(o, vp->t1, wd);
	if (o->dragging) {
		a = fmin(o->x0, o->x1);
		b = fmax(o->x0, o->x1);
	}
	if (b - a < 2)
		b = a + 2;
	cairo_set_source_rgba(cr, 0.1, 0.4, 1.0, 0.18);
	cairo_rectangle(cr, a, 0, b - a, ht);
	cairo_fill(cr);
	cairo_set_source_rgb(cr, 0.1, 0.3, 0.9);
	cairo_set_line_width(cr, 1);
	cairo_rectangle(cr, floor(a) + 0.5, 0.5, floor(b - a), ht - 1);
	cairo_stroke(cr);
	return TRUE;
}

static gboolean on_press(GtkWidget *w, GdkEventButton *ev, gpointer data)
{
	struct gv_overview *o = data;

	(void)w;
	if (ev->button != 1)
		return FALSE;
	o->dragging = true;
	o->x0 = o->x1 = ev->x;
	return TRUE;
}

static gboolean on_motion(GtkWidget *w, GdkEventMotion *ev, gpointer data)
{
	struct gv_overview *o = data;

	if (!o->dragging)
		return FALSE;
	o->x1 = ev->x;
	gtk_widget_queue_draw(w);
	return TRUE;
}

static gboolean on_release(GtkWidget *w, GdkEventButton *ev, gpointer data)
{
	struct gv_overview *o = data;
	const struct lttr_viewport *vp = &o->d->s.vp;
	double wd = gtk_widget_get_allocated_width(w);

	if (!o->dragging)
		return FALSE;
	o->dragging = false;
	if (fabs(ev->x - o->x0) > 3) {
		gv_doc_set_window(o->d, t_of(o, fmin(ev->x, o->x0), wd),
				  t_of(o, fmax(ev->x, o->x0), wd));
	} else {
		/* a click centres the window there */
		uint64_t span = vp->t1 - vp->t0, t = t_of(o, ev->x, wd);

		gv_doc_set_window(o->d, t > vp->start + span / 2 ? t - span / 2 : vp->start,
				  (t > vp->start + span / 2 ? t - span / 2 : vp->start) + span);
	}
	return TRUE;
}

static void follow(void *view, unsigned int what)
{
	struct gv_overview *o = view;

	if (what & (GV_WINDOW | GV_CURSOR))
		gtk_widget_queue_draw(o->area);
}

static void on_destroy(GtkWidget *w, gpointer data)
{
	struct gv_overview *o = data;

	(void)w;
	gv_doc_unlisten(o->d, o);
	free(o->counts);
	free(o->lost);
	free(o);
}

struct gv_overview *gv_overview_new(struct gv_doc *d)
{
	struct gv_overview *o = calloc(1, sizeof(*o));

	if (!o)
		return NULL;
	o->d = d;
	o->area = gtk_drawing_area_new();
	gtk_widget_set_name(o->area, "overview");
	atk_object_set_name(gtk_widget_get_accessible(o->area), "Overview histogram");
	gtk_widget_set_size_request(o->area, -1, 56);
	gtk_widget_add_events(o->area, GDK_BUTTON_PRESS_MASK | GDK_BUTTON_RELEASE_MASK |
			      GDK_POINTER_MOTION_MASK);
	g_signal_connect(o->area, "draw", G_CALLBACK(on_draw), o);
	g_signal_connect(o->area, "button-press-event", G_CALLBACK(on_press), o);
	g_signal_connect(o->area, "button-release-event", G_CALLBACK(on_release), o);
	g_signal_connect(o->area, "motion-notify-event", G_CALLBACK(on_motion), o);
	g_signal_connect(o->area, "destroy", G_CALLBACK(on_destroy), o);
	gv_doc_listen(d, follow, o);
	return o;
}

GtkWidget *gv_overview_widget(struct gv_overview *o)
{
	return o->area;
}
