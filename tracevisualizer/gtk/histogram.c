// SPDX-License-Identifier: GPL-2.0
/*
 * histogram.c - a log2 latency histogram drawn with cairo, shared by the
 * statistics page (stats.c) and the latency view (latency.c): struct
 * lttr_lat.hist, bucket k holding the durations in [2^k, 2^(k+1)) ns, on
 * a log time axis where every bucket has the same width, bar heights the
 * counts on a log or linear scale (a check button beside it).  The
 * buckets drawn go from the one before the first non-empty bucket to the
 * one after the last (at least ten, adding buckets on the right first).
 * A tooltip tells a bucket's range and count; a click chooses a bucket
 * (drawn in another colour) and tells the owner.  It draws the counts it
 * is given and computes nothing.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "gv.h"

#define ML 66		/* margins of the plot: left (count labels) */
#define MR 14		/* right */
#define MT 24		/* top (title) */
#define MB 40		/* bottom (duration labels, axis title) */
#define MIN_BUCKETS 10

struct gv_hist {
	GtkWidget *area;
	GtkWidget *logscale;
	const struct lttr_lat *lat;	/* the histogram shown, or NULL */
	char title[256];
	char empty[160];		/* drawn when it counts nothing */
	char hint[64];			/* the tooltip's last line, or "" */
	int b0, b1;			/* the buckets drawn */
	int sel;			/* the bucket chosen, -1 none */
	double x0, bw;			/* plot left and bucket width, as drawn */
	void (*chosen)(void *arg, int bucket);
	void *arg;
};

static const double bar_rgb[3] = { 0.27, 0.51, 0.71 };
static const double sel_rgb[3] = { 0.90, 0.45, 0.10 };

/* the buckets drawn: one empty bucket each side of the counts, ten at least */
static void bucket_range(struct gv_hist *h)
{
	int k, first = -1, last = -1;

	for (k = 0; h->lat && k < LTTR_HIST_BUCKETS; k++) {
		if (h->lat->hist[k]) {
			if (first < 0)
				first = k;
			last = k;
		}
	}
	if (first < 0) {
		h->b0 = 0;
		h->b1 = MIN_BUCKETS - 1;
		return;
	}
	h->b0 = first > 0 ? first - 1 : 0;
	h->b1 = last < LTTR_HIST_BUCKETS - 1 ? last + 1 : LTTR_HIST_BUCKETS - 1;
	while (h->b1 - h->b0 + 1 < MIN_BUCKETS) {
		if (h->b1 < LTTR_HIST_BUCKETS - 1)
			h->b1++;
		else if (h->b0 > 0)
			h->b0--;
		else
			break;
	}
}

/* a bucket boundary, short: "512ns", "1.02us", "16.8ms", "1.07s" */
static void short_dur(uint64_t ns, char *buf, size_t size)
{
	if (ns < 1000)
		snprintf(buf, size, "%lluns", (unsigned long long)ns);
	else if (ns < 1000000)
		snprintf(buf, size, "%.3gus", (double)ns / 1e3);
	else if (ns < 1000000000)
		snprintf(buf, size, "%.3gms", (double)ns / 1e6);
	else
		snprintf(buf, size, "%.3gs", (double)ns / 1e9);
}

static bool log_scale(const struct gv_hist *h)
{
	return gtk_toggle_button_get_active(GTK_TOGGLE_BUTTON(h->logscale));
}

static double bar_height(const struct gv_hist *h, uint64_t c, uint64_t max, double ht)
{
	double v;

	if (!c || !max)
		return 0;
	if (log_scale(h))
		v = ht * log10(1.0 + (double)c) / log10(1.0 + (double)max);
	else
		v = ht * (double)c / (double)max;
	return v < 2 ? 2 : v;	/* a bucket with a count is always seen */
}

static void text_at(cairo_t *cr, double x, double y, const char *s, double align)
{
	cairo_text_extents_t e;

	cairo_text_extents(cr, s, &e);
	cairo_move_to(cr, x - e.x_advance * align, y);
	cairo_show_text(cr, s);
}

static void draw_yaxis(struct gv_hist *h, cairo_t *cr, uint64_t max, double y1, double ht,
		       double x1)
{
	bool logs = log_scale(h);
	uint64_t t, step = 1;
	char lab[32];

	if (!logs) {
		while (step <= max / 10)
			step *= 10;
		if (max / step > 5)
			step *= 2;
	}
	for (t = logs ? 1 : step; t <= max; t = logs ? t * 10 : t + step) {
		double y = y1 - bar_height(h, t, max, ht);

		cairo_set_source_rgb(cr, 0.88, 0.88, 0.88);
		cairo_move_to(cr, h->x0, floor(y) + 0.5);
		cairo_line_to(cr, x1, floor(y) + 0.5);
		cairo_stroke(cr);
		cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
		snprintf(lab, sizeof(lab), "%llu", (unsigned long long)t);
		text_at(cr, h->x0 - 4, y + 4, lab, 1.0);
		if (logs && t > UINT64_MAX / 10)
			break;
	}
	cairo_save(cr);
	cairo_translate(cr, 12, y1 - ht / 2);
	cairo_rotate(cr, -G_PI / 2);
	text_at(cr, 0, 0, logs ? "count (log)" : "count", 0.5);
	cairo_restore(cr);
}

static void draw_xaxis(struct gv_hist *h, cairo_t *cr, double y1, double x1, int width)
{
	cairo_text_extents_t e;
	int k, every = 1;
	char lab[32];

	while (h->bw * every < 48)
		every++;
	cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
	cairo_move_to(cr, h->x0, floor(y1) + 0.5);
	cairo_line_to(cr, x1, floor(y1) + 0.5);
	cairo_move_to(cr, floor(h->x0) + 0.5, MT);
	cairo_line_to(cr, floor(h->x0) + 0.5, y1);
	cairo_stroke(cr);
	for (k = h->b0; k <= h->b1 + 1; k++) {
		double x = h->x0 + (k - h->b0) * h->bw;
		uint64_t lo, hi;

		cairo_move_to(cr, floor(x) + 0.5, y1);
		cairo_line_to(cr, floor(x) + 0.5, y1 + 4);
		cairo_stroke(cr);
		if ((k - h->b0) % every)
			continue;
		if (k <= h->b1) {
			lttr_lat_bucket_bounds((unsigned int)k, &lo, &hi);
		} else {
			lttr_lat_bucket_bounds((unsigned int)h->b1, &lo, &hi);
			lo = hi;
			if (hi == UINT64_MAX)
				continue;
		}
		short_dur(lo, lab, sizeof(lab));
		cairo_text_extents(cr, lab, &e);
		if (x + e.x_advance / 2 > width - 2)	/* the last one: inside */
			text_at(cr, width - 2, y1 + 16, lab, 1.0);
		else
			text_at(cr, x, y1 + 16, lab, 0.5);
	}
	text_at(cr, (h->x0 + width - MR) / 2, y1 + 32,
		"duration (log2 buckets: [2^k, 2^(k+1)) ns)", 0.5);
}

static gboolean on_draw(GtkWidget *w, cairo_t *cr, gpointer data)
{
	struct gv_hist *h = data;
	int width = gtk_widget_get_allocated_width(w), height = gtk_widget_get_allocated_height(w);
	double x1 = width - MR, y1 = height - MB, ht = y1 - MT;
	uint64_t max = 0;
	int k;

	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	cairo_select_font_face(cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, 11);
	cairo_set_line_width(cr, 1);
	cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
	text_at(cr, ML, 16, h->title, 0);
	if (!h->lat || ht < 10 || x1 - ML < 20)
		return FALSE;
	h->x0 = ML;
	h->bw = (x1 - ML) / (h->b1 - h->b0 + 1);
	for (k = h->b0; k <= h->b1; k++)
		if (h->lat->hist[k] > max)
			max = h->lat->hist[k];
	if (!max) {
		text_at(cr, ML, MT + 20, h->empty, 0);
		return FALSE;
	}
	draw_yaxis(h, cr, max, y1, ht, x1);
	for (k = h->b0; k <= h->b1; k++) {
		double bh = bar_height(h, h->lat->hist[k], max, ht);
		const double *rgb = k == h->sel ? sel_rgb : bar_rgb;
		double x = h->x0 + (k - h->b0) * h->bw;

		if (!bh)
			continue;
		cairo_set_source_rgb(cr, rgb[0], rgb[1], rgb[2]);
		cairo_rectangle(cr, floor(x) + 1, floor(y1 - bh), floor(x + h->bw) - floor(x) - 2,
				floor(y1) - floor(y1 - bh));
		cairo_fill(cr);
	}
	draw_xaxis(h, cr, y1, x1, width);
	return FALSE;
}

/* the bucket under @x, or -1 */
static int bucket_at(const struct gv_hist *h, double x)
{
	int k;

	if (!h->lat || h->bw <= 0 || x < h->x0)
		return -1;
	k = h->b0 + (int)((x - h->x0) / h->bw);
	return k <= h->b1 ? k : -1;
}

const char *gv_hist_bucket_text(int k, char *buf, size_t size)
{
	char a[32], b[32] = "";
	uint64_t lo, hi;

	lttr_lat_bucket_bounds((unsigned int)k, &lo, &hi);
	lttr_fmt_duration(lo, a, sizeof(a));
	if (hi != UINT64_MAX)
		lttr_fmt_duration(hi, b, sizeof(b));
	snprintf(buf, size, hi == UINT64_MAX ? "%s and longer%s" : "[%s, %s)", a, b);
	return buf;
}

static gboolean on_tooltip(GtkWidget *w, gint x, gint y, gboolean kb, GtkTooltip *tip,
			   gpointer data)
{
	struct gv_hist *h = data;
	int k = bucket_at(h, x);
	char range[80], text[200];

	(void)w;
	(void)y;
	(void)kb;
	if (k < 0)
		return FALSE;
	snprintf(text, sizeof(text), "%s: %llu%s%s", gv_hist_bucket_text(k, range, sizeof(range)),
		 (unsigned long long)h->lat->hist[k], h->hint[0] ? "\n" : "", h->hint);
	gtk_tooltip_set_text(tip, text);
	return TRUE;
}

static gboolean on_press(GtkWidget *w, GdkEventButton *ev, gpointer data)
{
	struct gv_hist *h = data;

	if (ev->type != GDK_BUTTON_PRESS || ev->button != 1)
		return FALSE;
	gtk_widget_grab_focus(w);
	if (h->chosen)
		h->chosen(h->arg, bucket_at(h, ev->x));
	return TRUE;
}

static void on_scale(GtkToggleButton *b, gpointer data)
{
	struct gv_hist *h = data;

	(void)b;
	gtk_widget_queue_draw(h->area);
}

static void on_destroy(GtkWidget *w, gpointer data)
{
	(void)w;
	free(data);
}

struct gv_hist *gv_hist_new(const char *name, const char *a11y, const char *empty,
			    const char *hint, void (*chosen)(void *arg, int bucket), void *arg)
{
	struct gv_hist *h = calloc(1, sizeof(*h));

	if (!h)
		return NULL;
	h->sel = -1;
	h->chosen = chosen;
	h->arg = arg;
	snprintf(h->empty, sizeof(h->empty), "%s", empty);
	snprintf(h->hint, sizeof(h->hint), "%s", hint ? hint : "");
	bucket_range(h);
	h->logscale = gtk_check_button_new_with_label("log scale");
	gtk_toggle_button_set_active(GTK_TOGGLE_BUTTON(h->logscale), TRUE);
	g_signal_connect(h->logscale, "toggled", G_CALLBACK(on_scale), h);
	h->area = gtk_drawing_area_new();
	gtk_widget_set_name(h->area, name);
	atk_object_set_name(gtk_widget_get_accessible(h->area), a11y);
	gtk_widget_set_size_request(h->area, 300, 120);
	gtk_widget_set_can_focus(h->area, TRUE);
	gtk_widget_add_events(h->area, GDK_BUTTON_PRESS_MASK);
	gtk_widget_set_has_tooltip(h->area, TRUE);
	g_signal_connect(h->area, "draw", G_CALLBACK(on_draw), h);
	g_signal_connect(h->area, "button-press-event", G_CALLBACK(on_press), h);
	g_signal_connect(h->area, "query-tooltip", G_CALLBACK(on_tooltip), h);
	g_signal_connect(h->area, "destroy", G_CALLBACK(on_destroy), h);
	return h;
}

GtkWidget *gv_hist_box(struct gv_hist *h, GtkWidget *info)
{
	GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2);
	GtkWidget *line = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);

	gtk_label_set_xalign(GTK_LABEL(info), 0);
	gtk_label_set_ellipsize(GTK_LABEL(info), PANGO_ELLIPSIZE_END);
	gtk_label_set_selectable(GTK_LABEL(info), TRUE);
	gtk_box_pack_start(GTK_BOX(line), info, TRUE, TRUE, 0);
	gtk_box_pack_end(GTK_BOX(line), h->logscale, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(box), line, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(box), h->area, TRUE, TRUE, 0);
	return box;
}

void gv_hist_set(struct gv_hist *h, const struct lttr_lat *lat, const char *title)
{
	h->lat = lat;
	h->sel = -1;
	snprintf(h->title, sizeof(h->title), "%s", title);
	bucket_range(h);
	gtk_widget_queue_draw(h->area);
}

void gv_hist_select(struct gv_hist *h, int k)
{
	h->sel = k;
	gtk_widget_queue_draw(h->area);
}
