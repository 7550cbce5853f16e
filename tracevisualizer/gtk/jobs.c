// SPDX-License-Identifier: GPL-2.0
/*
 * jobs.c - the Jobs tab: the jobs of the application markers
 * (lttr_jobs_compute(), what "jobs --json" prints), one name at a time
 * (the "Job name" list) with a deadline (lttr_jobs_deadline(), the
 * "Deadline" entry: a duration, empty for none).  Above, the graph of the
 * name's instances, Tracealyzer's way: x the instance, y its response (a
 * blue dot; a miss: a red one) and its execution (a green dot); with more
 * instances than columns of COL_W pixels, a column per run of them
 * (lttr_jobs_columns(): its worst, red when it has a miss), the
 * deadline a red line; under it the CPU load over the whole trace or,
 * with "Load of the window" checked, over the control flow's window (the
 * title above it says which: lttr_load_compute_range(), lttr_load_title(),
 * in as many bins as the drawing has pixels: each CPU a strip, then the
 * LOAD_TASKS busiest tasks', each bin a grey bar of its share's height); beside
 * them, in a split the user moves, the table of the instances: start, task, response, execution,
 * interference, missed.  A double-click on an instance, or a click on its
 * dot, zooms the control flow to its span with its task selected.  Every
 * figure and height is the library's (lttr_job_interference_ns(),
 * lttr_share_level()); computed when the tab is first shown.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/analysis/jobs.h>
#include <lttr/analysis/load.h>
#include <lttr/analysis/share.h>
#include <lttr/output/timing-text.h>
#include <lttr/units/duration.h>
#include "gv.h"

#define MARGIN 70	/* the graph's left margin (the scale) */
#define STRIP 24	/* a CPU's strip of the load, pixels */
#define COL_W 4		/* the graph's narrowest column, pixels */
#define LOAD_TASKS 2	/* the busiest tasks with a strip of the load */

enum { J_NUM, J_START, J_TASK, J_RESP, J_EXEC, J_INTF, J_MISS, J_INDEX, J_BEGIN, J_NCOLS };

struct jobs {
	struct gv_doc *d;
	GtkWidget *top;
	GtkWidget *names;
	GtkWidget *deadline;
	GtkWidget *summary;
	GtkWidget *graph;
	GtkWidget *load_area;
	GtkWidget *load_title;
	GtkWidget *load_win;
	GtkListStore *list;
	GtkWidget *view;
	struct lttr_jobs *r;
	struct lttr_load *load;
	struct lttr_job_column *cols;	/* the graph's columns */
	size_t ncols_cap;
	char why[LTTR_ERRMSG_MAX + 32];
	size_t name;
	bool computed;
	bool filling;
	bool placed;		/* the paned's divider set once */
};

static const struct lttr_job *jobs_nth(const struct jobs *j, size_t n, size_t *at)
{
	size_t i, k = 0;

	for (i = 0; j->r && i < j->r->njobs; i++)
		if (j->r->jobs[i].name == j->name && k++ == n) {
			if (at)
				*at = i;
			return &j->r->jobs[i];
		}
	return NULL;
}

static void summary(struct jobs *j)
{
	const struct lttr_job_name *nm;
	char s[256], p[32];

	if (!j->r) {
		gtk_label_set_text(GTK_LABEL(j->summary), j->why);
		return;
	}
	if (!j->r->nnames) {
		gtk_label_set_text(GTK_LABEL(j->summary), "No jobs: the trace has no begin/end markers "
				   "(libltt-marker, ltt_mark_begin())");
		return;
	}
	nm = &j->r->names[j->name];
	snprintf(s, sizeof(s), "%zu instance%s, period %s", nm->count, nm->count == 1 ? "" : "s",
		 lttr_fmt_duration(nm->period_ns, p, sizeof(p)));
	if (j->r->deadline_ns) {
		char d[32];

		snprintf(s + strlen(s), sizeof(s) - strlen(s), ", deadline %s: %zu missed",
			 lttr_fmt_duration(j->r->deadline_ns, d, sizeof(d)), nm->misses);
	}
	gtk_label_set_text(GTK_LABEL(j->summary), s);
}

static void fill(struct jobs *j)
{
	const struct lttr_job *jb;
	size_t n, at;

	j->filling = true;
	gtk_list_store_clear(j->list);
	for (n = 0; (jb = jobs_nth(j, n, &at)); n++) {
		char a[32], b[32], c[32], e[32], task[24];
		GtkTreeIter it;

		snprintf(task, sizeof(task), "%u", jb->tid);
		gtk_list_store_append(j->list, &it);
		gtk_list_store_set(j->list, &it, J_NUM, (int)n + 1,
				   J_START, lttr_fmt_time(gv_doc_rel(j->d, jb->begin_ns), a, sizeof(a)),
				   J_TASK, task,
				   J_RESP, lttr_fmt_duration(jb->end_ns - jb->begin_ns, b, sizeof(b)),
				   J_EXEC, lttr_fmt_duration(jb->exec_ns, c, sizeof(c)),
				   J_INTF, lttr_fmt_duration(lttr_job_interference_ns(jb), e, sizeof(e)),
				   J_MISS, !j->r->deadline_ns ? "-" : jb->miss ? "missed" : "no",
				   J_INDEX, (int)at, J_BEGIN, (guint64)jb->begin_ns, -1);
	}
	j->filling = false;
	summary(j);
	gtk_widget_queue_draw(j->graph);
}

static void compute(struct jobs *j)
{
	struct lttr_error err;
	size_t i;

	j->computed = true;
	if (lttr_jobs_compute(j->d->s.t, &j->r, &err) < 0) {
		snprintf(j->why, sizeof(j->why), "the jobs: %s", err.msg);
		j->r = NULL;
		summary(j);
		return;
	}
	j->filling = true;
	for (i = 0; i < j->r->nnames; i++)
		gtk_combo_box_text_append_text(GTK_COMBO_BOX_TEXT(j->names), j->r->names[i].name);
	if (j->r->nnames)
		gtk_combo_box_set_active(GTK_COMBO_BOX(j->names), 0);
	j->filling = false;
	fill(j);
}

static void on_map(GtkWidget *w, gpointer data)
{
	struct jobs *j = data;

	(void)w;
	if (!j->computed) {
		gv_tab_tables_room(j->d);
		compute(j);
	}
}

static void on_name(GtkComboBox *c, gpointer data)
{
	struct jobs *j = data;
	int a = gtk_combo_box_get_active(c);

	if (j->filling || a < 0)
		return;
	j->name = (size_t)a;
	fill(j);
}

static void on_deadline(GtkEntry *e, gpointer data)
{
	struct jobs *j = data;
	const char *s = gtk_entry_get_text(e);
	uint64_t ns = 0;

	if (!j->r)
		return;
	if (s[0] && (lttr_parse_duration(s, &ns) || !ns)) {
		gv_doc_message(j->d, true, "not a duration: %s (%s)", s, LTTR_DURATION_FORM);
		return;
	}
	lttr_jobs_deadline(j->r, ns);
	fill(j);
	gv_doc_message(j->d, false, "deadline %s: %zu of %zu instances missed", s[0] ? s : "none",
		       j->r->misses, j->r->njobs);
}

/* the instance's span in the control flow, its task selected */
static void show(struct jobs *j, const struct lttr_job *jb)
{
	gv_doc_set_window(j->d, jb->begin_ns, jb->end_ns);
	gv_doc_set_cursor(j->d, jb->begin_ns);
	gv_doc_select_pid(j->d, jb->tid);
	gv_tab_show_view(j->d, GV_VIEW_FLOW);
}

static void on_activated(GtkTreeView *tv, GtkTreePath *path, GtkTreeViewColumn *c, gpointer data)
{
	struct jobs *j = data;
	GtkTreeIter it;
	int i;

	(void)c;
	if (!j->r || !gtk_tree_model_get_iter(gtk_tree_view_get_model(tv), &it, path))
		return;
	gtk_tree_model_get(gtk_tree_view_get_model(tv), &it, J_INDEX, &i, -1);
	if (i >= 0 && (size_t)i < j->r->njobs)
		show(j, &j->r->jobs[i]);
}

/* the graph's geometry: the scale's top, the plot's size */
static uint64_t ymax_of(const struct jobs *j)
{
	uint64_t m = j->r->names[j->name].response.lat.max;

	return j->r->deadline_ns > m ? j->r->deadline_ns : m;
}

static double x_of(int w, size_t n, size_t i)
{
	double step = (double)(w - MARGIN - 10) / (double)(n ? n : 1);

	return MARGIN + step * ((double)i + 0.5);
}

/* the columns of the graph (lttr_jobs_columns(): one per COL_W pixels at most) */
static size_t columns(struct jobs *j, int w)
{
	size_t max = w - MARGIN - 10 >= COL_W ? (size_t)(w - MARGIN - 10) / COL_W : 1;

	if (max > j->ncols_cap) {
		struct lttr_job_column *c = realloc(j->cols, max * sizeof(*c));

		if (!c)
			return 0;
		j->cols = c;
		j->ncols_cap = max;
	}
	return lttr_jobs_columns(j->r, j->name, max, j->cols);
}

/* the y of @v on a plot of @h pixels (10 above, 14 below) */
static double y_of(int h, uint64_t v, uint64_t ymax)
{
	int ph = h - 24;

	return 10 + ph - lttr_share_level(v, ymax, ph > 1 ? ph : 1);
}

static gboolean on_draw_graph(GtkWidget *w, cairo_t *cr, gpointer data)
{
	struct jobs *j = data;
	int W = gtk_widget_get_allocated_width(w), H = gtk_widget_get_allocated_height(w);
	uint64_t ymax;
	size_t n, count;
	char s[32];

	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	if (!j->r || !j->r->nnames)
		return TRUE;
	ymax = ymax_of(j);
	cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
	cairo_set_line_width(cr, 1);
	cairo_move_to(cr, MARGIN - 0.5, 10);
	cairo_line_to(cr, MARGIN - 0.5, H - 14 + 0.5);
	cairo_line_to(cr, W - 5, H - 14 + 0.5);
	cairo_stroke(cr);
	cairo_set_font_size(cr, 9);
	cairo_move_to(cr, 2, 18);
	cairo_show_text(cr, lttr_fmt_duration(ymax, s, sizeof(s)));
	cairo_move_to(cr, MARGIN + 2, H - 3);
	cairo_show_text(cr, "instances (response: blue, missed: red; execution: green)");
	if (j->r->deadline_ns) {
		double y = y_of(H, j->r->deadline_ns, ymax);

		cairo_set_source_rgb(cr, 0.85, 0, 0);
		cairo_move_to(cr, MARGIN, y + 0.5);
		cairo_line_to(cr, W - 5, y + 0.5);
		cairo_stroke(cr);
	}
	count = columns(j, W);
	for (n = 0; n < count; n++) {
		double x = x_of(W, count, n);
		const struct lttr_job *jb = &j->r->jobs[j->cols[n].job];

		cairo_set_source_rgb(cr, 0, 0.6, 0);
		cairo_arc(cr, x, y_of(H, jb->exec_ns, ymax), 3, 0, 6.2832);
		cairo_fill(cr);
		if (j->cols[n].misses)
			cairo_set_source_rgb(cr, 0.85, 0, 0);
		else
			cairo_set_source_rgb(cr, 0, 0, 0.85);
		cairo_arc(cr, x, y_of(H, jb->end_ns - jb->begin_ns, ymax), 3, 0, 6.2832);
		cairo_fill(cr);
	}
	return TRUE;
}

/* a click on the graph: the instance its column shows, in the table and the control flow */
static gboolean on_click_graph(GtkWidget *w, GdkEventButton *ev, gpointer data)
{
	struct jobs *j = data;
	int W = gtk_widget_get_allocated_width(w);
	size_t count, n;
	double step;
	GtkTreePath *p;

	if (!j->r || !j->r->nnames || ev->button != 1 || ev->x < MARGIN)
		return FALSE;
	count = columns(j, W);
	step = (double)(W - MARGIN - 10) / (double)(count ? count : 1);
	n = (size_t)((ev->x - MARGIN) / step);
	if (n >= count)
		return FALSE;
	p = gtk_tree_path_new_from_indices((int)j->cols[n].inst, -1);
	gtk_tree_selection_select_path(gtk_tree_view_get_selection(GTK_TREE_VIEW(j->view)), p);
	gtk_tree_view_scroll_to_cell(GTK_TREE_VIEW(j->view), p, NULL, FALSE, 0, 0);
	gtk_tree_path_free(p);
	show(j, &j->r->jobs[j->cols[n].job]);
	return TRUE;
}

/* the load for @nbins pixels: of the whole trace, or of the window (the check box) */
static const struct lttr_load *load_of(struct jobs *j, unsigned int nbins)
{
	bool win = gtk_toggle_button_get_active(GTK_TOGGLE_BUTTON(j->load_win));
	uint64_t from = win ? j->d->s.vp.t0 : 0, to = win ? j->d->s.vp.t1 : UINT64_MAX;
	struct lttr_error err;
	char what[96], s[LTTR_ERRMSG_MAX + 32];

	if (j->load && j->load->nbins == nbins &&
	    (win ? j->load->start_ns == from && j->load->end_ns == to : j->load->whole))
		return j->load;
	lttr_load_free(j->load);
	j->load = NULL;
	if (lttr_load_compute_range(j->d->s.t, from, to, nbins, &j->load, &err) < 0) {
		snprintf(s, sizeof(s), "CPU load: %s", err.msg);
		gtk_label_set_text(GTK_LABEL(j->load_title), s);
		return NULL;
	}
	snprintf(s, sizeof(s), "CPU load over %s", lttr_load_title(j->load, what, sizeof(what)));
	gtk_label_set_text(GTK_LABEL(j->load_title), s);
	return j->load;
}

/* a strip of the load from @y0: each bin's share of @v (the CPU's busy time, or a task's) */
static void strip(cairo_t *cr, const struct lttr_load *l, int y0, const char *label,
		  const uint64_t *v, const uint64_t *unknown)
{
	unsigned int i;

	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_move_to(cr, 2, y0 + STRIP - 6);
	cairo_show_text(cr, label);
	for (i = 0; i < l->nbins; i++) {
		int h = lttr_share_level(v[i], l->bin_ns[i], STRIP);

		if (unknown && unknown[i])
			cairo_set_source_rgb(cr, 0.85, 0, 0);
		else
			cairo_set_source_rgb(cr, 0.35, 0.35, 0.35);
		cairo_rectangle(cr, MARGIN + i, y0 + STRIP - h, 1, h);
		cairo_fill(cr);
	}
}

static gboolean on_draw_load(GtkWidget *w, cairo_t *cr, gpointer data)
{
	struct jobs *j = data;
	int W = gtk_widget_get_allocated_width(w);
	const struct lttr_load *l;
	unsigned int c;
	size_t k;
	char s[40];

	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	if (W <= MARGIN || !(l = load_of(j, (unsigned int)(W - MARGIN))))
		return TRUE;
	cairo_set_font_size(cr, 9);
	for (c = 0; c < l->ncpus; c++) {
		snprintf(s, sizeof(s), "cpu%u", c);
		strip(cr, l, (int)c * (STRIP + 2), s, &l->busy_ns[(size_t)c * l->nbins],
		      &l->unknown_ns[(size_t)c * l->nbins]);
	}
	for (k = 0; k < l->ntasks && k < LOAD_TASKS; k++) {	/* the busiest tasks */
		snprintf(s, sizeof(s), "%.7s-%u", lttr_timing_task_name(l->acct, l->tasks[k].pid),
			 l->tasks[k].pid);
		strip(cr, l, (int)(l->ncpus + k) * (STRIP + 2), s, l->tasks[k].ns, NULL);
	}
	return TRUE;
}

static void on_load_win(GtkToggleButton *b, gpointer data)
{
	(void)b;
	gtk_widget_queue_draw(((struct jobs *)data)->load_area);
}

/* the window changed: the load of the window follows it */
static void follow(void *view, unsigned int what)
{
	struct jobs *j = view;

	if ((what & GV_WINDOW) && gtk_toggle_button_get_active(GTK_TOGGLE_BUTTON(j->load_win)))
		gtk_widget_queue_draw(j->load_area);
}

/* the divider, once the paned has its width: the graphs half of it */
static void on_paned_size(GtkWidget *w, GdkRectangle *al, gpointer data)
{
	struct jobs *j = data;

	if (j->placed || al->width < 200)
		return;
	j->placed = true;
	gtk_paned_set_position(GTK_PANED(w), al->width / 2);
}

static void on_destroy(GtkWidget *w, gpointer data)
{
	struct jobs *j = data;

	(void)w;
	lttr_jobs_free(j->r);
	gv_doc_unlisten(j->d, j);
	lttr_load_free(j->load);
	free(j->cols);
	free(j);
}

static GtkWidget *named(GtkWidget *w, const char *name)
{
	atk_object_set_name(gtk_widget_get_accessible(w), name);
	return w;
}

/**
 * gv_jobs_new() - the Jobs tab of a document
 * @d: the document (its trace @d->s.t)
 *
 * Return: the widget for the tables notebook.
 */
GtkWidget *gv_jobs_new(struct gv_doc *d)
{
	struct jobs *j = calloc(1, sizeof(*j));
	GtkWidget *bar, *graphs, *tv, *paned, *lbar;
	int ncpus;

	if (!j)
		return gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
	j->d = d;
	j->top = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2);
	gtk_widget_set_name(j->top, "jobs");
	bar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
	gtk_box_pack_start(GTK_BOX(bar), gtk_label_new("Job"), FALSE, FALSE, 2);
	j->names = named(gtk_combo_box_text_new(), "Job name");
	gtk_box_pack_start(GTK_BOX(bar), j->names, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(bar), gtk_label_new("Deadline"), FALSE, FALSE, 2);
	j->deadline = named(gtk_entry_new(), "Deadline");
	gtk_entry_set_placeholder_text(GTK_ENTRY(j->deadline), "2ms, 500us");
	gtk_entry_set_width_chars(GTK_ENTRY(j->deadline), 10);
	gtk_box_pack_start(GTK_BOX(bar), j->deadline, FALSE, FALSE, 0);
	j->summary = named(gtk_label_new(""), "Jobs summary");
	gtk_label_set_xalign(GTK_LABEL(j->summary), 0);
	gtk_box_pack_start(GTK_BOX(bar), j->summary, TRUE, TRUE, 4);
	gtk_box_pack_start(GTK_BOX(j->top), bar, FALSE, FALSE, 2);

	/*
	 * the graphs on the left, the table on the right, side by side: the
	 * tables notebook is short (at 1280x800 about 230 pixels), a column
	 * of graph, load and table left the table one row
	 */
	paned = gtk_paned_new(GTK_ORIENTATION_HORIZONTAL);
	gtk_widget_set_name(paned, "jobs-paned");
	graphs = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2);
	j->graph = named(gtk_drawing_area_new(), "Jobs graph");
	gtk_widget_set_name(j->graph, "jobs-graph");
	gtk_widget_set_size_request(j->graph, 300, 80);
	gtk_widget_add_events(j->graph, GDK_BUTTON_PRESS_MASK);
	g_signal_connect(j->graph, "draw", G_CALLBACK(on_draw_graph), j);
	g_signal_connect(j->graph, "button-press-event", G_CALLBACK(on_click_graph), j);
	gtk_box_pack_start(GTK_BOX(graphs), j->graph, TRUE, TRUE, 0);
	j->load_area = named(gtk_drawing_area_new(), "CPU load");
	gtk_widget_set_name(j->load_area, "cpu-load");
	ncpus = (int)lttr_trace_ncpus(d->s.t);
	gtk_widget_set_size_request(j->load_area, 300,
				    ((ncpus > 0 ? ncpus : 1) + LOAD_TASKS) * (STRIP + 2));
	g_signal_connect(j->load_area, "draw", G_CALLBACK(on_draw_load), j);
	lbar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
	j->load_title = named(gtk_label_new("CPU load"), "Load title");
	gtk_label_set_xalign(GTK_LABEL(j->load_title), 0);
	gtk_box_pack_start(GTK_BOX(lbar), j->load_title, TRUE, TRUE, 2);
	j->load_win = named(gtk_check_button_new_with_label("Load of the window"),
			    "Load of the window");
	g_signal_connect(j->load_win, "toggled", G_CALLBACK(on_load_win), j);
	gtk_box_pack_start(GTK_BOX(lbar), j->load_win, FALSE, FALSE, 2);
	gtk_box_pack_start(GTK_BOX(graphs), lbar, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(graphs), j->load_area, FALSE, FALSE, 0);
	gtk_paned_pack1(GTK_PANED(paned), graphs, TRUE, FALSE);

	j->list = gtk_list_store_new(J_NCOLS, G_TYPE_INT, G_TYPE_STRING, G_TYPE_STRING,
				     G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING,
				     G_TYPE_INT, G_TYPE_UINT64);
	tv = gtk_tree_view_new_with_model(GTK_TREE_MODEL(j->list));
	g_object_unref(j->list);
	j->view = named(tv, "Job instances");
	gv_text_column(tv, "#", J_NUM, J_NUM, true);
	gv_text_column(tv, "start", J_START, J_BEGIN, true);
	gv_text_column(tv, "task", J_TASK, -1, true);
	gv_text_column(tv, "response", J_RESP, -1, true);
	gv_text_column(tv, "execution", J_EXEC, -1, true);
	gv_text_column(tv, "interference", J_INTF, -1, true);
	gv_text_column(tv, "missed", J_MISS, -1, false);
	g_signal_connect(tv, "row-activated", G_CALLBACK(on_activated), j);
	gtk_paned_pack2(GTK_PANED(paned), gv_scrolled(tv), TRUE, FALSE);
	g_signal_connect(paned, "size-allocate", G_CALLBACK(on_paned_size), j);
	gtk_box_pack_start(GTK_BOX(j->top), paned, TRUE, TRUE, 0);

	g_signal_connect(j->names, "changed", G_CALLBACK(on_name), j);
	g_signal_connect(j->deadline, "activate", G_CALLBACK(on_deadline), j);
	g_signal_connect(j->top, "map", G_CALLBACK(on_map), j);
	g_signal_connect(j->top, "destroy", G_CALLBACK(on_destroy), j);
	gv_doc_listen(d, follow, j);
	return j->top;
}
