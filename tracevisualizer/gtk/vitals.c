// SPDX-License-Identifier: GPL-2.0
/*
 * vitals.c - the Vital signs window: the epoch files traced --vitals
 * wrote in a directory (tracevisualizer-gtk --vitals DIR), what
 * "tracevisualizer vitals --json DIR" prints (lttr_vitals_load(),
 * lttr_vitals_report(), lttr_vitals_epoch_buckets()).  Above, the vital
 * signs collected as line graphs overlaid over the epochs (Chopstix'
 * Figure 1): a line and a dot an epoch per vital sign in its colour, each
 * as high as its total among its own (lttr_vitals_bucket_max()), a legend
 * with the maxima (the plot's rectangle in the graph's accessible
 * description: "plot LEFT TOP WIDTH HEIGHT, epochs FIRST..LAST"), a red ring around the epochs the detector flagged, a
 * grey mark under the axis where an epoch has no file.  Beside it, the
 * epochs, the flagged ones first (the symptoms with their totals and
 * bands), then the others in order.  A click on an epoch in the graph, or
 * Enter (a double-click) on one in the list, lists its samples below,
 * those of the vital signs flagged in it first, then the others, one row
 * each in the file's order: vital sign, time, task, label, the
 * cell's count and what the label and data are
 * (lttr_vitals_sample_text()).  With a TRACEDIR (--vitals DIR TRACEDIR),
 * "Open the epoch in the trace" opens the selected epoch as the terminal's
 * Enter does: the trace in a new tab of the main window, the epoch's part
 * of it in the window, its vital signs as a lesson of one step in the side
 * panel (lttr_vitals_epoch_lesson()).  The window only lays numbers out.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/view/keys.h>
#include <lttr/view/lesson.h>
#include <lttr/vitals/vitals.h>
#include "gv.h"

/* the plot's margins in its drawing area (its place: the graph's accessible description) */
#define PLOT_LEFT	50
#define PLOT_RIGHT	20
#define PLOT_BOTTOM	34	/* the axis and its labels */
#define LEGEND_ROW	18	/* the legend's rows above the plot */

/* a colour per vital sign, in enum ltt_vital order (docs/views.md) */
static const double vital_rgb[LTT_VITALS][3] = {
	{ 0.12, 0.47, 0.71 },	/* cpu: blue */
	{ 1.00, 0.50, 0.05 },	/* l2miss: orange */
	{ 0.17, 0.63, 0.17 },	/* schedule-delay: green */
	{ 0.58, 0.40, 0.74 },	/* blocking: purple */
	{ 0.55, 0.34, 0.29 },	/* disk-io: brown */
	{ 0.89, 0.47, 0.76 },	/* kernel-pages: pink */
	{ 0.50, 0.50, 0.50 },	/* user-pages: grey */
	{ 0.74, 0.74, 0.13 },	/* syscall: olive */
	{ 0.09, 0.75, 0.81 },	/* signal: cyan */
	{ 0.00, 0.00, 0.50 },	/* socket: navy */
	{ 0.40, 0.20, 0.00 },	/* lock: dark brown */
};

enum { E_EPOCH, E_START, E_SAMPLES, E_FLAGGED, E_INDEX, E_NCOLS };
/* S_TIP, not shown: the stack as the row's tooltip (markup, escaped) */
enum { S_VITAL, S_TIME, S_COMM, S_PID, S_UID, S_CPU, S_LABEL, S_COUNT, S_DATA, S_STACK, S_NCOLS,
       S_TIP = S_NCOLS };

struct gv_vitals {
	struct gv_app *app;
	char *dir;
	struct lttr_vitals_series s;
	struct lttr_vitals_report r;
	struct lttr_vitals_bucket *b;	/* one an epoch, or of the timescale */
	size_t nb;
	unsigned int scale;		/* lttr_vitals_scale_width(): 0 epochs */
	uint32_t collected;
	uint64_t first, last;		/* the epoch numbers on the axis */
	long sel;			/* the bucket (index) selected, or -1 */
	char plot[128];			/* the graph's accessible description */
	const char *trace;		/* the TRACEDIR epochs open in, or NULL */
	bool have_trace;
	uint64_t tstart, tend, tbase;	/* its span (lttr_vitals_trace_span()) */
	char trace_err[256];
	GtkWidget *win;
	GtkWidget *graph;
	GtkWidget *list;
	GtkTreeViewColumn *ecol[2];	/* the list's first two: by epoch or bucket */
	GtkWidget *scales;		/* the timescale chooser */
	GtkWidget *samples;
	GtkWidget *samples_title;
	GtkWidget *status;
};

static void vit_free(struct gv_vitals *v)
{
	if (!v)
		return;
	free(v->b);
	lttr_vitals_report_free(&v->r);
	lttr_vitals_series_free(&v->s);
	g_free(v->dir);
	g_free(v);
}

static void say(struct gv_vitals *v, const char *msg)
{
	gtk_label_set_text(GTK_LABEL(v->status), msg);
	atk_object_set_description(gtk_widget_get_accessible(v->status), msg);
}

/*
 * The slots along the axis: by epoch one an epoch number from the first
 * to the last (those with no file too), at a timescale one a bucket
 */
static double nslots(const struct gv_vitals *v)
{
	return v->scale ? (double)v->nb : (double)(v->last - v->first + 1);
}

/* bucket @i's slot */
static double slot_of(const struct gv_vitals *v, size_t i)
{
	return v->scale ? (double)i : (double)(v->b[i].first_epoch - v->first);
}

/* the x of slot @slot's middle in a plot @w wide */
static double slot_x(const struct gv_vitals *v, double slot, double w)
{
	return PLOT_LEFT + (w * (slot + 0.5)) / nslots(v);
}

/* what the axis says under bucket @i: its epoch, or its start (UTC) */
static void slot_label(const struct gv_vitals *v, size_t i, char *buf, size_t len)
{
	char at[64];

	if (!v->scale) {
		snprintf(buf, len, "%" PRIu64, v->b[i].first_epoch);
		return;
	}
	/* "2026-11-01 00:05:00": the time of day, or the day for days */
	lttr_vitals_wall_text(at, sizeof(at), v->b[i].start_ns);
	if (strlen(at) < 16)
		snprintf(buf, len, "%s", at);
	else if (lttr_vitals_scale_width(v->scale) >= LTTR_VITALS_DAY)
		snprintf(buf, len, "%.5s", at + 5);
	else
		snprintf(buf, len, "%.5s", at + 11);
}

static void text_at(cairo_t *cr, double x, double y, const char *s, double align)
{
	cairo_text_extents_t e;

	cairo_text_extents(cr, s, &e);
	cairo_move_to(cr, x - e.width * align, y);
	cairo_show_text(cr, s);
}

/* the legend: a swatch, the vital sign's name and maximum, in rows */
static double legend(struct gv_vitals *v, cairo_t *cr, double W, bool draw)
{
	double lx = PLOT_LEFT, ly = 6;
	cairo_text_extents_t te;
	char buf[128];
	unsigned int vi;

	for (vi = 0; vi < LTT_VITALS; vi++) {
		const double *c = vital_rgb[vi];

		if (!(v->collected & (1U << vi)))
			continue;
		snprintf(buf, sizeof(buf), "%s (max %" PRIu64 " %s)", lttr_vital_name(vi),
			 lttr_vitals_bucket_max(v->b, v->nb, vi), lttr_vital_unit(vi));
		cairo_text_extents(cr, buf, &te);
		if (lx + 16 + te.x_advance > W && lx > PLOT_LEFT) {
			lx = PLOT_LEFT;
			ly += LEGEND_ROW;
		}
		if (draw) {
			cairo_set_source_rgb(cr, c[0], c[1], c[2]);
			cairo_rectangle(cr, lx, ly + 2, 12, 12);
			cairo_fill(cr);
			cairo_set_source_rgb(cr, 0, 0, 0);
			cairo_move_to(cr, lx + 16, ly + 13);
			cairo_show_text(cr, buf);
		}
		lx += 16 + te.x_advance + 14;
	}
	return ly + LEGEND_ROW + 8;
}

static gboolean on_draw(GtkWidget *wd, cairo_t *cr, gpointer data)
{
	struct gv_vitals *v = data;
	double W = gtk_widget_get_allocated_width(wd), H = gtk_widget_get_allocated_height(wd);
	double top, w = W - PLOT_LEFT - PLOT_RIGHT, h, y0, sw, lastx, endx;
	char buf[128];
	unsigned int vi, k;
	uint64_t e;
	size_t i;

	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	cairo_select_font_face(cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, 12);
	top = legend(v, cr, W, true);
	h = H - top - PLOT_BOTTOM;
	y0 = top + h;
	if (!v->nb || w < 10 || h < 10) {
		cairo_set_source_rgb(cr, 0, 0, 0);
		text_at(cr, PLOT_LEFT, top + 14, "no epoch", 0);
		return FALSE;
	}
	/* the plot's place, for a screen reader's user and the tests */
	if (v->scale)
		snprintf(buf, sizeof(buf), "plot %d %d %d %d, %zu buckets of %s", PLOT_LEFT,
			 (int)top, (int)w, (int)h, v->nb, lttr_vitals_scale_name(v->scale));
	else
		snprintf(buf, sizeof(buf), "plot %d %d %d %d, epochs %" PRIu64 "..%" PRIu64,
			 PLOT_LEFT, (int)top, (int)w, (int)h, v->first, v->last);
	if (strcmp(buf, v->plot)) {
		snprintf(v->plot, sizeof(v->plot), "%s", buf);
		atk_object_set_description(gtk_widget_get_accessible(wd), v->plot);
	}
	sw = w / nslots(v);
	/* the epoch or bucket selected: a pale band */
	if (v->sel >= 0 && (size_t)v->sel < v->nb) {
		double x = slot_x(v, slot_of(v, (size_t)v->sel), w);

		cairo_set_source_rgb(cr, 0.88, 0.88, 0.88);
		cairo_rectangle(cr, x - sw / 2, top, sw, h);
		cairo_fill(cr);
	}
	/* the axes, the maxima at the top (each line's own), the epochs */
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_set_line_width(cr, 1);
	cairo_move_to(cr, PLOT_LEFT - 0.5, top);
	cairo_line_to(cr, PLOT_LEFT - 0.5, y0 + 0.5);
	cairo_line_to(cr, PLOT_LEFT + w, y0 + 0.5);
	cairo_stroke(cr);
	text_at(cr, PLOT_LEFT - 4, top + 9, "max", 1);
	text_at(cr, PLOT_LEFT - 4, y0, "0", 1);
	text_at(cr, PLOT_LEFT - 4, y0 + 26, v->scale ? "UTC" : "epoch", 1);
	/*
	 * the labels under their slots, inside the plot's width: the last
	 * one, and every other one that has room after the one before it
	 * and before the last
	 */
	for (k = 0, lastx = PLOT_LEFT - 6, endx = W; k < 2; k++) {
		for (i = k ? 0 : v->nb - 1; i < v->nb; i++) {
			cairo_text_extents_t te;
			double x0;

			slot_label(v, i, buf, sizeof(buf));
			cairo_text_extents(cr, buf, &te);
			x0 = slot_x(v, slot_of(v, i), w) - te.x_advance / 2;
			if (x0 + te.x_advance > W - 2)
				x0 = W - 2 - te.x_advance;
			if (x0 < PLOT_LEFT)
				x0 = PLOT_LEFT;
			if (!k) {
				endx = x0;
			} else if (i + 1 == v->nb || x0 < lastx + 6 ||
				   x0 + te.x_advance + 6 > endx) {
				continue;
			}
			text_at(cr, x0, y0 + 26, buf, 0);
			if (!k)
				break;
			lastx = x0 + te.x_advance;
		}
	}
	/* the epochs with no file: a grey mark under the axis (at a
	 * timescale, under the bucket they come before) */
	cairo_set_source_rgb(cr, 0.55, 0.55, 0.55);
	for (i = 0; i < v->nb; i++) {
		if (v->scale) {
			if (!v->b[i].missing && !v->b[i].skipped)
				continue;
			cairo_rectangle(cr, slot_x(v, (double)i, w) - sw / 2 + 1, y0 + 3,
					sw > 3 ? sw - 2 : 1, 5);
			cairo_fill(cr);
			continue;
		}
		for (e = v->b[i].last_epoch + 1; i + 1 < v->nb && e < v->b[i + 1].first_epoch; e++) {
			cairo_rectangle(cr, slot_x(v, (double)(e - v->first), w) - sw / 2 + 1,
					y0 + 3, sw > 3 ? sw - 2 : 1, 5);
			cairo_fill(cr);
		}
	}
	/* a line per vital sign, broken where an epoch has no file */
	for (vi = 0; vi < LTT_VITALS; vi++) {
		uint64_t max = lttr_vitals_bucket_max(v->b, v->nb, vi);
		const double *c = vital_rgb[vi];

		if (!(v->collected & (1U << vi)))
			continue;
		cairo_set_source_rgb(cr, c[0], c[1], c[2]);
		cairo_set_line_width(cr, 2);
		for (i = 0; max && i < v->nb; i++) {
			double x = slot_x(v, slot_of(v, i), w);
			double y = y0 - h * (double)v->b[i].total[vi] / (double)max;

			if (i && v->b[i].first_epoch == v->b[i - 1].last_epoch + 1)
				cairo_line_to(cr, x, y);
			else
				cairo_move_to(cr, x, y);
		}
		cairo_stroke(cr);
		for (i = 0; i < v->nb; i++) {
			double x = slot_x(v, slot_of(v, i), w);
			double y = max ? y0 - h * (double)v->b[i].total[vi] / (double)max : y0;

			if (!(v->b[i].collected & (1U << vi)))
				continue;
			cairo_set_source_rgb(cr, c[0], c[1], c[2]);
			cairo_arc(cr, x, y, 4, 0, 2 * G_PI);
			cairo_fill(cr);
			if (v->b[i].anomalies[vi]) {
				cairo_set_source_rgb(cr, 0.84, 0.10, 0.10);
				cairo_set_line_width(cr, 2);
				cairo_arc(cr, x, y, 8, 0, 2 * G_PI);
				cairo_stroke(cr);
			}
		}
	}
	return FALSE;
}

static void list_samples(struct gv_vitals *v, size_t i)
{
	const struct lttr_vitals_epoch *e = &v->s.epochs[i];
	GtkListStore *st = GTK_LIST_STORE(gtk_tree_view_get_model(GTK_TREE_VIEW(v->samples)));
	char tm[32], pid[16], uid[16], cpu[16], label[24], cnt[16], data[256], head[256];
	char stack[2048];
	gchar *tip;
	GtkTreeIter it;
	int pass;
	size_t k;

	gtk_list_store_clear(st);
	/* the samples of the vital signs flagged in the epoch first, then the
	 * others, each in the file's order */
	for (pass = 0; pass < 2; pass++) {
		for (k = 0; k < e->nsamples; k++) {
			const struct ltt_vital_sample *s = &e->samples[k];
			const char *name = lttr_vital_name(s->vital);
			bool flagged = s->vital < LTT_VITALS &&
				       v->r.rows[i * LTT_VITALS + s->vital].flagged;

			if ((pass == 0) != flagged)
				continue;
			snprintf(tm, sizeof(tm), "%" PRIu64, (uint64_t)s->time);
			snprintf(pid, sizeof(pid), "%" PRIu32, s->pid);
			snprintf(uid, sizeof(uid), "%" PRIu32, s->uid);
			snprintf(cpu, sizeof(cpu), "%" PRIu32, s->cpu);
			snprintf(label, sizeof(label), "%016" PRIx64, (uint64_t)s->label);
			snprintf(cnt, sizeof(cnt), "%" PRIu32, s->count);
			lttr_vitals_sample_text(data, sizeof(data), s);
			lttr_vitals_stack_line(&v->r, i, lttr_vitals_stack(e, s), stack,
					       sizeof(stack));
			tip = stack[0] ? g_markup_escape_text(stack, -1) : NULL;
			gtk_list_store_append(st, &it);
			gtk_list_store_set(st, &it, S_VITAL, name ? name : "?", S_TIME, tm,
					   S_COMM, s->comm, S_PID, pid, S_UID, uid, S_CPU, cpu,
					   S_LABEL, label, S_COUNT, cnt, S_DATA, data,
					   S_STACK, stack, S_TIP, tip, -1);
			g_free(tip);
		}
	}
	snprintf(head, sizeof(head), "epoch %" PRIu64 ": %zu sample%s, %" PRIu64
		 " dropped, %" PRIu64 " without stacks (stacks: kernel | user, innermost first)",
		 (uint64_t)e->h.epoch, e->nsamples, e->nsamples == 1 ? "" : "s",
		 (uint64_t)e->h.dropped, (uint64_t)e->h.stacks_dropped);
	gtk_label_set_text(GTK_LABEL(v->samples_title), head);
	atk_object_set_description(gtk_widget_get_accessible(v->samples_title), head);
}

/* the list's row of bucket (index) @i selected: an epoch's, by epoch */
static void select_epoch(struct gv_vitals *v, size_t i)
{
	GtkTreeModel *m = gtk_tree_view_get_model(GTK_TREE_VIEW(v->list));
	GtkTreeIter it;
	gint k;

	if (!gtk_tree_model_get_iter_first(m, &it))
		return;
	do {
		gtk_tree_model_get(m, &it, E_INDEX, &k, -1);
		if ((size_t)k == i) {
			GtkTreePath *p = gtk_tree_model_get_path(m, &it);

			gtk_tree_view_set_cursor(GTK_TREE_VIEW(v->list), p, NULL, FALSE);
			gtk_tree_path_free(p);
			return;
		}
	} while (gtk_tree_model_iter_next(m, &it));
}

static gboolean on_press(GtkWidget *wd, GdkEventButton *ev, gpointer data)
{
	struct gv_vitals *v = data;
	double w = gtk_widget_get_allocated_width(wd) - PLOT_LEFT - PLOT_RIGHT;
	double n, f;
	uint64_t e;
	char msg[160];
	size_t i;

	if (ev->button != 1 || !v->nb || w < 10)
		return FALSE;
	n = nslots(v);
	f = (ev->x - PLOT_LEFT) * n / w;
	if (f < 0 || f >= n)
		return TRUE;
	if (v->scale) {
		/* a bucket: selected, Enter goes into its epochs */
		char at[64];

		i = (size_t)f;
		select_epoch(v, i);
		lttr_vitals_wall_text(at, sizeof(at), v->b[i].start_ns);
		snprintf(msg, sizeof(msg), "%s from %s: epochs %" PRIu64 "..%" PRIu64
			 "; Enter lists them by epoch", lttr_vitals_scale_name(v->scale), at,
			 v->b[i].first_epoch, v->b[i].last_epoch);
		say(v, msg);
		return TRUE;
	}
	e = v->first + (uint64_t)f;
	for (i = 0; i < v->nb; i++) {
		if (v->b[i].first_epoch == e) {
			select_epoch(v, i);
			list_samples(v, v->b[i].first);
			snprintf(msg, sizeof(msg), "epoch %" PRIu64 ": its samples listed", e);
			say(v, msg);
			return TRUE;
		}
	}
	snprintf(msg, sizeof(msg), "epoch %" PRIu64 " has no file (lost, removed or skipped)", e);
	say(v, msg);
	return TRUE;
}

static long selected(const struct gv_vitals *v)
{
	GtkTreeSelection *sel = gtk_tree_view_get_selection(GTK_TREE_VIEW(v->list));
	GtkTreeModel *m;
	GtkTreeIter it;
	gint i;

	if (!gtk_tree_selection_get_selected(sel, &m, &it))
		return -1;
	gtk_tree_model_get(m, &it, E_INDEX, &i, -1);
	return i;
}

static void on_changed(GtkTreeSelection *sel, gpointer data)
{
	struct gv_vitals *v = data;

	(void)sel;
	v->sel = selected(v);
	gtk_widget_queue_draw(v->graph);
}

static void set_scale(struct gv_vitals *v, unsigned int scale, uint64_t epoch);

static void on_activated(GtkTreeView *tv, GtkTreePath *p, GtkTreeViewColumn *c, gpointer data)
{
	struct gv_vitals *v = data;
	long i = selected(v);
	const struct lttr_vitals_bucket *b;
	char msg[128];

	(void)tv;
	(void)p;
	(void)c;
	if (i < 0 || (size_t)i >= v->nb)
		return;
	b = &v->b[i];
	if (v->scale) {
		/* into the bucket: by epoch, its first flagged epoch (or its
		 * first) selected and its samples listed */
		size_t pick = b->first, k;
		unsigned int vi;

		for (k = b->first; k < b->first + b->n && pick == b->first; k++)
			for (vi = 0; vi < LTT_VITALS; vi++)
				if (v->r.rows[k * LTT_VITALS + vi].flagged)
					pick = k;
		set_scale(v, 0, v->s.epochs[pick].h.epoch);
		list_samples(v, pick);
		snprintf(msg, sizeof(msg), "epoch %" PRIu64 ": its samples listed",
			 (uint64_t)v->s.epochs[pick].h.epoch);
		say(v, msg);
		return;
	}
	list_samples(v, b->first);
	snprintf(msg, sizeof(msg), "epoch %" PRIu64 ": its samples listed",
		 (uint64_t)v->s.epochs[b->first].h.epoch);
	say(v, msg);
}

/* the epoch selected in the trace, as the terminal's Enter: its window in a
 * new tab, its vital signs as a lesson of one step in the side panel */
static void open_trace(struct gv_vitals *v)
{
	long i = selected(v);
	struct lttr_lesson *l = NULL;
	struct gv_doc *d;
	char msg[512];

	if (i < 0 || (size_t)i >= v->nb)
		return;
	if (v->scale) {
		say(v, "a bucket is selected: Enter lists its epochs, then open one");
		return;
	}
	i = (long)v->b[i].first;
	if (!v->trace || !v->have_trace) {
		snprintf(msg, sizeof(msg), "no trace to open%s%s", v->trace ? ": " :
			 " (tracevisualizer-gtk --vitals DIR TRACEDIR)",
			 v->trace ? v->trace_err : "");
		say(v, msg);
		return;
	}
	if (!lttr_vitals_epoch_in_trace(&v->s.epochs[i], v->tstart, v->tend)) {
		snprintf(msg, sizeof(msg), "epoch %" PRIu64 " is not in the trace %s",
			 (uint64_t)v->s.epochs[i].h.epoch, v->trace);
		say(v, msg);
		return;
	}
	if (lttr_vitals_epoch_lesson(&v->r, (size_t)i, v->tstart, v->tend, v->tbase, &l) < 0) {
		say(v, "out of memory");
		return;
	}
	/* the tab keeps the lesson: it goes with the application */
	v->app->vitals_lessons = g_list_prepend(v->app->vitals_lessons, l);
	d = gv_app_open_trace(v->app, v->trace);
	if (!d)
		return;
	if (!gv_lesson_attach(d, l, 0)) {
		snprintf(msg, sizeof(msg), "epoch %" PRIu64 ": its window cannot be shown",
			 (uint64_t)v->s.epochs[i].h.epoch);
		say(v, msg);
		return;
	}
	snprintf(msg, sizeof(msg), "epoch %" PRIu64 ": opened in the main window",
		 (uint64_t)v->s.epochs[i].h.epoch);
	say(v, msg);
	gtk_window_present(GTK_WINDOW(v->app->win));
}

static void on_open(GtkButton *b, gpointer data)
{
	(void)b;
	open_trace(data);
}

static void on_destroy(GtkWidget *w, gpointer data)
{
	struct gv_vitals *v = data;

	(void)w;
	if (v->app->vitals == v)
		v->app->vitals = NULL;
	vit_free(v);
}

/* the window closed and freed, if open, and the lessons of the epochs opened */
void gv_vitals_close(struct gv_app *app)
{
	GList *l;

	if (app->vitals)
		gtk_widget_destroy(app->vitals->win);
	for (l = app->vitals_lessons; l; l = l->next)
		lttr_lesson_free(l->data);
	g_list_free(app->vitals_lessons);
	app->vitals_lessons = NULL;
}

/* the symptoms of epoch (index) @i: "syscall 9000 events outside 800 .. 1200, ..." */
static void symptoms(const struct gv_vitals *v, size_t i, char *buf, size_t size)
{
	size_t len = 0;
	unsigned int vi;

	buf[0] = '\0';
	for (vi = 0; vi < LTT_VITALS && len < size; vi++) {
		const struct lttr_vitals_row *row = &v->r.rows[i * LTT_VITALS + vi];

		if (!(v->s.epochs[i].h.collected & (1U << vi)) || !row->flagged)
			continue;
		len += (size_t)snprintf(buf + len, size - len, "%s%s %" PRIu64 " %s outside %.0f .. %.0f",
					len ? ", " : "", lttr_vital_name(vi), row->total,
					lttr_vital_unit(vi), row->lo, row->hi);
	}
}

/* a bucket's flagged vital signs: "syscall in 1 epoch, blocking in 2 epochs" */
static void bucket_symptoms(const struct lttr_vitals_bucket *b, char *buf, size_t size)
{
	size_t len = 0;
	unsigned int vi;

	buf[0] = '\0';
	for (vi = 0; vi < LTT_VITALS && len < size; vi++)
		if (b->anomalies[vi])
			len += (size_t)snprintf(buf + len, size - len, "%s%s in %u epoch%s",
						len ? ", " : "", lttr_vital_name(vi),
						b->anomalies[vi], b->anomalies[vi] == 1 ? "" : "s");
}

/*
 * The list: by epoch, the epochs; at a timescale, its buckets.  The
 * flagged ones first, then the others, each in time order.
 */
static void fill(struct gv_vitals *v, GtkListStore *st)
{
	char ep[48], start[64], ns[24], sym[1024];
	GtkTreeIter it;
	int pass;
	size_t i;

	for (pass = 0; pass < 2; pass++) {
		for (i = 0; i < v->nb; i++) {
			const struct lttr_vitals_bucket *b = &v->b[i];

			if (v->scale) {
				bucket_symptoms(b, sym, sizeof(sym));
				snprintf(ep, sizeof(ep), "%" PRIu64 "..%" PRIu64 " (%zu)",
					 b->first_epoch, b->last_epoch, b->n);
				lttr_vitals_wall_text(start, sizeof(start), b->start_ns);
				snprintf(ns, sizeof(ns), "%" PRIu64, b->samples);
			} else {
				const struct lttr_vitals_epoch *e = &v->s.epochs[b->first];

				symptoms(v, b->first, sym, sizeof(sym));
				snprintf(ep, sizeof(ep), "%" PRIu64, (uint64_t)e->h.epoch);
				snprintf(start, sizeof(start), "%.9f", (double)e->h.start_ns / 1e9);
				snprintf(ns, sizeof(ns), "%zu", e->nsamples);
			}
			if ((pass == 0) != (sym[0] != '\0'))
				continue;
			gtk_list_store_append(st, &it);
			gtk_list_store_set(st, &it, E_EPOCH, ep, E_START, start, E_SAMPLES, ns,
					   E_FLAGGED, sym, E_INDEX, (gint)i, -1);
		}
	}
}

/*
 * Timescale @scale (lttr_vitals_scale_width()): the epochs regrouped, the
 * list refilled, the bucket holding epoch number @epoch selected, the
 * graph redrawn.  The chooser and the keymap's vitals-timescale come here.
 */
static void set_scale(struct gv_vitals *v, unsigned int scale, uint64_t epoch)
{
	GtkListStore *st = GTK_LIST_STORE(gtk_tree_view_get_model(GTK_TREE_VIEW(v->list)));
	struct lttr_vitals_bucket *b = NULL;
	size_t nb = 0, i, pick = 0;
	char msg[128];

	if (lttr_vitals_scale_buckets(&v->r, scale, &b, &nb) < 0) {
		say(v, "out of memory");
		return;
	}
	free(v->b);
	v->b = b;
	v->nb = nb;
	v->scale = scale;
	for (i = 0; i < nb; i++)
		if (b[i].first_epoch <= epoch)
			pick = i;
	gtk_tree_view_column_set_title(v->ecol[0], scale ? "epochs" : "epoch");
	gtk_tree_view_column_set_title(v->ecol[1], scale ? "start (UTC)" : "start (s)");
	v->sel = -1;
	gtk_list_store_clear(st);
	fill(v, st);
	if (nb)
		select_epoch(v, pick);
	if (gtk_combo_box_get_active(GTK_COMBO_BOX(v->scales)) != (gint)scale)
		gtk_combo_box_set_active(GTK_COMBO_BOX(v->scales), (gint)scale);
	if (scale)
		snprintf(msg, sizeof(msg), "by %s: %zu buckets", lttr_vitals_scale_name(scale), nb);
	else
		snprintf(msg, sizeof(msg), "by epoch: %zu epochs", nb);
	say(v, msg);
	gtk_widget_queue_draw(v->graph);
}

/* the epoch number the selection starts at (to keep it across timescales) */
static uint64_t sel_epoch(const struct gv_vitals *v)
{
	long i = selected(v);

	return i >= 0 && (size_t)i < v->nb ? v->b[i].first_epoch : 0;
}

static void on_scale(GtkComboBox *c, gpointer data)
{
	struct gv_vitals *v = data;
	gint s = gtk_combo_box_get_active(c);

	if (s >= 0 && (unsigned int)s != v->scale)
		set_scale(v, (unsigned int)s, sel_epoch(v));
}

/* the next (@dir 1) or previous (-1) epoch or bucket with a flagged epoch */
static void to_anomaly(struct gv_vitals *v, int dir)
{
	long i = selected(v);
	size_t c;
	unsigned int vi;

	if (i < 0)
		i = dir > 0 ? -1 : (long)v->nb;
	for (c = (size_t)(i + dir); c < v->nb; c = (size_t)((long)c + dir)) {
		for (vi = 0; vi < LTT_VITALS; vi++) {
			if (v->b[c].anomalies[vi]) {
				select_epoch(v, c);
				return;
			}
		}
	}
	say(v, dir > 0 ? "no anomaly after" : "no anomaly before");
}

/* the keymap's (lttr/view/keys.h, place vitals): t, the anomalies' . and , */
static gboolean on_key(GtkWidget *w, GdkEventKey *ev, gpointer data)
{
	struct gv_vitals *v = data;

	(void)w;
	switch (lttr_keys_action(LTTR_KF_GTK, LTTR_KW_VITALS, gv_key_code(ev))) {
	case LTTR_KA_VITALS_SCALE:
		set_scale(v, (v->scale + 1) % LTTR_VITALS_NSCALES, sel_epoch(v));
		return TRUE;
	case LTTR_KA_VITALS_NEXT:
		to_anomaly(v, 1);
		return TRUE;
	case LTTR_KA_VITALS_PREV:
		to_anomaly(v, -1);
		return TRUE;
	default:
		return FALSE;
	}
}

static GtkWidget *columns(GtkListStore *st, const char *const *titles, int n, const char *name,
			  const char *a11y)
{
	GtkWidget *tv = gtk_tree_view_new_with_model(GTK_TREE_MODEL(st));
	int c;

	g_object_unref(st);
	gtk_widget_set_name(tv, name);
	atk_object_set_name(gtk_widget_get_accessible(tv), a11y);
	for (c = 0; c < n; c++) {
		GtkCellRenderer *r = gtk_cell_renderer_text_new();
		GtkTreeViewColumn *col = gtk_tree_view_column_new_with_attributes(titles[c], r,
									    "text", c, NULL);

		gtk_tree_view_column_set_resizable(col, TRUE);
		gtk_tree_view_append_column(GTK_TREE_VIEW(tv), col);
	}
	return tv;
}

static GtkWidget *scrolled(GtkWidget *w, int width, int height)
{
	GtkWidget *sw = gtk_scrolled_window_new(NULL, NULL);

	gtk_container_add(GTK_CONTAINER(sw), w);
	gtk_widget_set_size_request(sw, width, height);
	return sw;
}

static int compute(struct gv_vitals *v, GError **error)
{
	char err[512];
	size_t i;

	if (lttr_vitals_load(v->dir, &v->s, err, sizeof(err)) < 0) {
		g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "%s", err);
		return -1;
	}
	if (lttr_vitals_report(&v->s, LTTR_VITALS_PROM_TOP, &v->r) < 0 ||
	    lttr_vitals_epoch_buckets(&v->r, &v->b, &v->nb) < 0) {
		g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_NOMEM, "out of memory");
		return -1;
	}
	/* the samples' stacks named (--symfs: the traced system's ELF files) */
	if (lttr_vitals_symbols(&v->r, v->dir, v->app->symfs, err, sizeof(err)) < 0) {
		g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "%s", err);
		return -1;
	}
	for (i = 0; i < v->s.nwarnings; i++)
		fprintf(stderr, "tracevisualizer-gtk: --vitals: warning: %s\n", v->s.warnings[i]);
	for (i = 0; i < v->s.n; i++)
		v->collected |= v->s.epochs[i].h.collected;
	if (v->trace)
		v->have_trace = lttr_vitals_trace_span(v->trace, &v->tstart, &v->tend, &v->tbase,
						       v->trace_err, sizeof(v->trace_err)) == 0;
	if (v->s.n) {
		v->first = v->s.epochs[0].h.epoch;
		v->last = v->s.epochs[v->s.n - 1].h.epoch;
	}
	return 0;
}

bool gv_vitals_open(struct gv_app *app, const char *dir, const char *trace, GError **error)
{
	static const char *const etitles[] = { "epoch", "start (s)", "samples",
		"flagged (the detector's symptoms)" };
	static const char *const stitles[] = { "vital sign", "time (ns)", "comm", "pid", "uid",
		"cpu", "label", "count", "label and data", "stack" };
	struct gv_vitals *v = g_new0(struct gv_vitals, 1);
	GtkWidget *box, *top, *side, *title, *buttons, *open, *bar;
	unsigned int k;
	GtkListStore *st;
	GtkTreeIter it;
	char *head;

	v->app = app;
	v->dir = g_strdup(dir);
	v->trace = trace;
	v->sel = -1;
	if (compute(v, error) < 0) {
		vit_free(v);
		return false;
	}
	if (app->vitals)
		gtk_widget_destroy(app->vitals->win);
	app->vitals = v;
	v->win = gv_app_side_window(app, "Vital signs", dir, 1200, 760, &box);
	head = g_strdup_printf("%s: %zu epochs, %zu skipped, %" PRIu64 " missing", dir, v->s.n,
			       v->s.nwarnings, lttr_vitals_missing(&v->s, NULL, 0, NULL));
	title = gtk_label_new(head);
	gtk_widget_set_name(title, "vitals-title");
	atk_object_set_name(gtk_widget_get_accessible(title), "vitals-title");
	atk_object_set_description(gtk_widget_get_accessible(title), head);
	gtk_label_set_xalign(GTK_LABEL(title), 0);
	g_free(head);
	/* the timescale: by epoch, or in buckets of 5 min, 1 h, 1 day (t) */
	bar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
	gtk_box_pack_start(GTK_BOX(bar), title, TRUE, TRUE, 0);
	gtk_box_pack_start(GTK_BOX(bar), gtk_label_new("Timescale (t):"), FALSE, FALSE, 0);
	v->scales = gtk_combo_box_text_new();
	for (k = 0; k < LTTR_VITALS_NSCALES; k++)
		gtk_combo_box_text_append_text(GTK_COMBO_BOX_TEXT(v->scales),
					       lttr_vitals_scale_name(k));
	gtk_combo_box_set_active(GTK_COMBO_BOX(v->scales), 0);
	gtk_widget_set_name(v->scales, "vitals-timescale");
	atk_object_set_name(gtk_widget_get_accessible(v->scales), "vitals-timescale");
	gtk_widget_set_can_focus(v->scales, FALSE);
	gtk_box_pack_start(GTK_BOX(bar), v->scales, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(box), bar, FALSE, FALSE, 0);
	if (v->s.nwarnings) {
		GString *g = g_string_new(NULL);
		GtkWidget *warn;
		size_t i;

		for (i = 0; i < v->s.nwarnings; i++)
			g_string_append_printf(g, "%swarning: %s", i ? "\n" : "", v->s.warnings[i]);
		warn = gtk_label_new(g->str);
		gtk_widget_set_name(warn, "vitals-warnings");
		atk_object_set_name(gtk_widget_get_accessible(warn), "vitals-warnings");
		gtk_label_set_xalign(GTK_LABEL(warn), 0);
		g_string_free(g, TRUE);
		gtk_box_pack_start(GTK_BOX(box), warn, FALSE, FALSE, 0);
	}

	top = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
	v->graph = gtk_drawing_area_new();
	gtk_widget_set_name(v->graph, "vitals-graph");
	atk_object_set_name(gtk_widget_get_accessible(v->graph), "Vital signs graph");
	gtk_widget_set_size_request(v->graph, 560, 300);
	gtk_widget_add_events(v->graph, GDK_BUTTON_PRESS_MASK);
	g_signal_connect(v->graph, "draw", G_CALLBACK(on_draw), v);
	g_signal_connect(v->graph, "button-press-event", G_CALLBACK(on_press), v);
	gtk_box_pack_start(GTK_BOX(top), v->graph, TRUE, TRUE, 0);
	st = gtk_list_store_new(E_NCOLS, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING,
				G_TYPE_STRING, G_TYPE_INT);
	fill(v, st);
	v->list = columns(st, etitles, E_INDEX, "vitals-epochs", "Epochs list");
	v->ecol[0] = gtk_tree_view_get_column(GTK_TREE_VIEW(v->list), 0);
	v->ecol[1] = gtk_tree_view_get_column(GTK_TREE_VIEW(v->list), 1);
	/* its letters are the keymap's (t . ,), not a search */
	gtk_tree_view_set_enable_search(GTK_TREE_VIEW(v->list), FALSE);
	side = scrolled(v->list, 500, 300);
	gtk_box_pack_start(GTK_BOX(top), side, FALSE, TRUE, 0);
	gtk_box_pack_start(GTK_BOX(box), top, TRUE, TRUE, 0);

	v->samples_title = gtk_label_new("click an epoch in the graph, or Enter on one in the list: "
					 "its samples");
	gtk_widget_set_name(v->samples_title, "vitals-samples-title");
	atk_object_set_name(gtk_widget_get_accessible(v->samples_title), "vitals-samples-title");
	gtk_label_set_xalign(GTK_LABEL(v->samples_title), 0);
	gtk_box_pack_start(GTK_BOX(box), v->samples_title, FALSE, FALSE, 0);
	st = gtk_list_store_new(S_NCOLS + 1, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING,
				G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING,
				G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING);
	v->samples = columns(st, stitles, S_NCOLS, "vitals-samples", "Samples list");
	/* the whole stack where the column is too narrow for it */
	gtk_tree_view_set_tooltip_column(GTK_TREE_VIEW(v->samples), S_TIP);
	gtk_box_pack_start(GTK_BOX(box), scrolled(v->samples, -1, 260), TRUE, TRUE, 0);
	buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
	open = gtk_button_new_with_mnemonic("_Open the epoch in the trace");
	gtk_widget_set_name(open, "vitals-open");
	gtk_widget_set_can_focus(open, FALSE);
	v->status = gtk_label_new("");
	gtk_widget_set_name(v->status, "vitals-status");
	atk_object_set_name(gtk_widget_get_accessible(v->status), "vitals-status");
	gtk_label_set_xalign(GTK_LABEL(v->status), 0);
	gtk_box_pack_start(GTK_BOX(buttons), open, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(buttons), v->status, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(box), buttons, FALSE, FALSE, 0);
	g_signal_connect(open, "clicked", G_CALLBACK(on_open), v);
	gtk_container_add(GTK_CONTAINER(v->win), box);

	g_signal_connect(gtk_tree_view_get_selection(GTK_TREE_VIEW(v->list)), "changed",
			 G_CALLBACK(on_changed), v);
	g_signal_connect(v->list, "row-activated", G_CALLBACK(on_activated), v);
	g_signal_connect(v->win, "destroy", G_CALLBACK(on_destroy), v);
	g_signal_connect(v->win, "key-press-event", G_CALLBACK(on_key), v);
	g_signal_connect(v->scales, "changed", G_CALLBACK(on_scale), v);
	if (gtk_tree_model_get_iter_first(gtk_tree_view_get_model(GTK_TREE_VIEW(v->list)), &it))
		gtk_tree_selection_select_iter(gtk_tree_view_get_selection(GTK_TREE_VIEW(v->list)),
					       &it);
	gtk_widget_show_all(v->win);
	gtk_widget_grab_focus(v->list);
	return true;
}
