// SPDX-License-Identifier: GPL-2.0
/*
 * critpath.c - the Critical path tab: what a task waited for,
 * transitively (lttr_critpath_compute(), what "critical-path --pid P
 * --json" prints).  Asked for the task selected (C, View -> Critical
 * path, the control flow's right click, the process page's button) over
 * its life in the trace, or for a task over an interval (a blocked piece
 * of an explanation in the Latency tab: what the waker, and its own
 * wakers, did meanwhile).  On the left the segments that tile the
 * interval (start, duration, the task indented one step per wakeup
 * followed back, its state, as the command line words them), on the
 * right the totals per task and state.  Choosing a segment moves the
 * cursor to its start and selects its task; a double-click shows it
 * whole in the graphs.  The control flow draws the path over the rows of
 * its tasks (graph.c, gv_critpath_shown()), unless unchecked.  The pass over the trace shows the "Working"
 * dialog after 0.3 s, whose Cancel stops it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/analysis/critpath.h>
#include <lttr/output/timing-text.h>
#include "gv.h"

/* the segments' list */
enum { S_START_S, S_DUR_S, S_SEG, S_START, S_END, S_DUR, S_PID, S_NCOLS };
/* the totals' list */
enum { T_TASK, T_STATE, T_DUR_S, T_SHARE, T_COUNT, T_DUR, T_NCOLS };

struct gv_critpath {
	struct gv_doc *d;
	GtkWidget *top;
	GtkWidget *title;
	GtkListStore *segs;
	GtkWidget *segs_view;
	GtkListStore *tots;
	GtkWidget *overlay;
	struct lttr_critpath *cp;
	struct gv_progress *gp;
	bool busy;
	bool dead;
	bool filling;
};

static void cp_free(struct gv_critpath *c)
{
	lttr_critpath_free(c->cp);
	free(c);
}

static int progress(void *arg, unsigned int permille)
{
	struct gv_critpath *c = arg;

	return gv_progress_step(c->gp, permille) || c->dead;
}

static void redraw_flow(struct gv_doc *d)
{
	if (d->flow_area)
		gtk_widget_queue_draw(d->flow_area);
}

static void fill(struct gv_critpath *c)
{
	const struct lttr_critpath *cp = c->cp;
	const struct lttr_account *a = cp->acct;
	uint64_t len = cp->to_ns - cp->from_ns;
	char title[512], b[32], e[32], dd[32], seg[300], txt[256];
	GtkTreeIter it;
	size_t i;

	lttr_fmt_time(gv_doc_rel(c->d, cp->from_ns), b, sizeof(b));
	lttr_fmt_time(gv_doc_rel(c->d, cp->to_ns), e, sizeof(e));
	lttr_fmt_duration(len, dd, sizeof(dd));
	snprintf(title, sizeof(title), "Critical path of %u %s from %s to %s (%s): what it waited "
		 "for, across the tasks that woke it; %zu segments%s", cp->pid,
		 lttr_timing_task_name(a, cp->pid), b, e, dd, cp->nseg,
		 c->d->nwarnings ? "; the figures may be wrong (the warnings above)" : "");
	gtk_label_set_text(GTK_LABEL(c->title), title);
	c->filling = true;
	gtk_list_store_clear(c->segs);
	for (i = 0; i < cp->nseg; i++) {
		const struct lttr_cp_seg *s = &cp->seg[i];

		lttr_fmt_time(gv_doc_rel(c->d, s->start_ns), b, sizeof(b));
		lttr_fmt_duration(s->end_ns - s->start_ns, dd, sizeof(dd));
		snprintf(seg, sizeof(seg), "%*s%s", (int)(2 * (s->depth < 8 ? s->depth : 8)), "",
			 lttr_cp_seg_str(c->d->s.t, a, s, txt, sizeof(txt)));
		gtk_list_store_insert_with_values(c->segs, &it, -1, S_START_S, b, S_DUR_S, dd,
						  S_SEG, seg, S_START, (guint64)s->start_ns,
						  S_END, (guint64)s->end_ns,
						  S_DUR, (guint64)(s->end_ns - s->start_ns),
						  S_PID, (guint)s->pid, -1);
	}
	gtk_list_store_clear(c->tots);
	for (i = 0; i < cp->ntot; i++) {
		const struct lttr_cp_total *o = &cp->tot[i];
		char task[96], share[32];

		snprintf(task, sizeof(task), "%u %s", o->pid, lttr_timing_task_name(a, o->pid));
		lttr_fmt_duration(o->ns, dd, sizeof(dd));
		snprintf(share, sizeof(share), "%.1f%%", lttr_cp_total_pct(cp, o));
		gtk_list_store_insert_with_values(c->tots, &it, -1, T_TASK, task,
						  T_STATE, lttr_cp_state_name(o->state, o->reason),
						  T_DUR_S, dd, T_SHARE, share, T_COUNT, (guint64)o->count,
						  T_DUR, (guint64)o->ns, -1);
	}
	c->filling = false;
}

void gv_critpath_show(struct gv_doc *d, uint32_t pid, uint64_t from, uint64_t to)
{
	struct gv_critpath *c = d->critpath;
	struct lttr_critpath *cp = NULL;
	struct lttr_error err;
	char what[128];
	int r;

	if (!c || c->busy)
		return;
	gtk_notebook_set_current_page(GTK_NOTEBOOK(d->tables),
				      gtk_notebook_page_num(GTK_NOTEBOOK(d->tables), c->top));
	snprintf(what, sizeof(what), "The critical path of %u %s", pid,
		 lttr_view_comm(d->s.v, pid, from ? from : d->s.vp.cursor));
	gtk_label_set_text(GTK_LABEL(c->title), what);
	c->busy = true;
	c->gp = gv_progress_begin(d, what);
	r = lttr_critpath_progress(d->s.t, pid, from, to, progress, c, &cp, &err);
	gv_progress_end(c->gp);
	c->gp = NULL;
	c->busy = false;
	if (c->dead) {		/* the tab went meanwhile */
		lttr_critpath_free(cp);
		cp_free(c);
		return;
	}
	if (r < 0) {
		char msg[LTTR_ERRMSG_MAX + 64];

		snprintf(msg, sizeof(msg), "The critical path of %u: %s", pid,
			 r == -LTTR_E_CANCELED ? "canceled" : err.msg);
		gtk_label_set_text(GTK_LABEL(c->title), msg);
		gv_doc_message(d, r != -LTTR_E_CANCELED, "%s", msg);
		return;
	}
	lttr_critpath_free(c->cp);
	c->cp = cp;
	fill(c);
	redraw_flow(d);
}

const struct lttr_critpath *gv_critpath_shown(const struct gv_doc *d)
{
	const struct gv_critpath *c = d->critpath;

	return c && c->cp && !c->busy &&
		gtk_toggle_button_get_active(GTK_TOGGLE_BUTTON(c->overlay)) ? c->cp : NULL;
}

static void on_overlay(GtkToggleButton *b, gpointer data)
{
	(void)b;
	redraw_flow(((struct gv_critpath *)data)->d);
}

/* a segment chosen: the cursor at its start, its task selected */
static void on_select(GtkTreeSelection *sel, gpointer data)
{
	struct gv_critpath *c = data;
	GtkTreeModel *m;
	GtkTreeIter it;
	guint64 t0;
	guint pid;

	if (c->filling || !gtk_tree_selection_get_selected(sel, &m, &it))
		return;
	gtk_tree_model_get(m, &it, S_START, &t0, S_PID, &pid, -1);
	gv_doc_set_cursor(c->d, t0);
	gv_doc_select_pid(c->d, pid);
}

static void on_activated(GtkTreeView *tv, GtkTreePath *path, GtkTreeViewColumn *col,
			 gpointer data)
{
	struct gv_critpath *c = data;
	GtkTreeModel *m = gtk_tree_view_get_model(tv);
	GtkTreeIter it;
	guint64 t0, t1;
	guint pid;

	(void)col;
	if (!gtk_tree_model_get_iter(m, &it, path))
		return;
	gtk_tree_model_get(m, &it, S_START, &t0, S_END, &t1, S_PID, &pid, -1);
	gv_doc_show_span(c->d, t0, t1, pid);
}

static void on_menu_item(GtkMenuItem *item, gpointer data)
{
	struct gv_doc *d = data;

	gv_critpath_show(d, GPOINTER_TO_UINT(g_object_get_data(G_OBJECT(item), "pid")), 0,
			 UINT64_MAX);
}

static gboolean menu_gone(gpointer data)
{
	gtk_widget_destroy(data);
	return G_SOURCE_REMOVE;
}

static void menu_closed(GtkMenuShell *menu, gpointer data)
{
	(void)data;
	g_idle_add(menu_gone, menu);
}

void gv_task_menu(struct gv_doc *d, uint32_t pid, GdkEvent *ev)
{
	GtkWidget *menu = gtk_menu_new(), *it;
	char label[128];

	snprintf(label, sizeof(label), "_Critical path of %u %s", pid,
		 lttr_view_comm(d->s.v, pid, d->s.vp.cursor));
	it = gtk_menu_item_new_with_mnemonic(label);
	g_object_set_data(G_OBJECT(it), "pid", GUINT_TO_POINTER(pid));
	g_signal_connect(it, "activate", G_CALLBACK(on_menu_item), d);
	gtk_menu_shell_append(GTK_MENU_SHELL(menu), it);
	gtk_widget_show_all(menu);
	/* the menu goes once it is closed and its item activated (after) */
	g_signal_connect(menu, "deactivate", G_CALLBACK(menu_closed), NULL);
	gtk_menu_popup_at_pointer(GTK_MENU(menu), ev);
}


/* once the pane has a width: the segments get 62 % of it */
static void on_allocate(GtkWidget *w, GdkRectangle *al, gpointer data)
{
	(void)data;
	if (al->width <= 100)
		return;
	g_signal_handlers_disconnect_by_func(w, G_CALLBACK(on_allocate), data);
	gtk_paned_set_position(GTK_PANED(w), al->width * 62 / 100);
}

static void on_destroy(GtkWidget *w, gpointer data)
{
	struct gv_critpath *c = data;

	(void)w;
	if (c->d->critpath == c)
		c->d->critpath = NULL;
	c->dead = true;
	if (!c->busy)	/* else the pass frees it when it returns */
		cp_free(c);
}

GtkWidget *gv_critpath_new(struct gv_doc *d)
{
	struct gv_critpath *c = calloc(1, sizeof(*c));
	GtkWidget *paned, *tv, *line;

	if (!c)
		return gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
	c->d = d;
	d->critpath = c;
	c->top = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2);
	gtk_widget_set_name(c->top, "critical-path");
	c->title = gtk_label_new("Select a task and press C (or right-click it in the control flow, "
				 "or View \u2192 Critical path): what it waited for, across the tasks "
				 "that woke it.");
	gtk_widget_set_name(c->title, "critpath-title");
	atk_object_set_name(gtk_widget_get_accessible(c->title), "Critical path title");
	gtk_label_set_xalign(GTK_LABEL(c->title), 0);
	gtk_label_set_ellipsize(GTK_LABEL(c->title), PANGO_ELLIPSIZE_END);
	gtk_label_set_selectable(GTK_LABEL(c->title), TRUE);
	line = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
	gtk_box_pack_start(GTK_BOX(line), c->title, TRUE, TRUE, 0);
	c->overlay = gtk_check_button_new_with_mnemonic("_Over the control flow");
	gtk_widget_set_tooltip_text(c->overlay, "the path drawn over the rows of its tasks (dark "
				    "violet), from a task to the one it waited for");
	gtk_toggle_button_set_active(GTK_TOGGLE_BUTTON(c->overlay), TRUE);
	g_signal_connect(c->overlay, "toggled", G_CALLBACK(on_overlay), c);
	gtk_box_pack_end(GTK_BOX(line), c->overlay, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(c->top), line, FALSE, FALSE, 2);
	paned = gtk_paned_new(GTK_ORIENTATION_HORIZONTAL);
	c->segs = gtk_list_store_new(S_NCOLS, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING,
				     G_TYPE_UINT64, G_TYPE_UINT64, G_TYPE_UINT64, G_TYPE_UINT);
	tv = gtk_tree_view_new_with_model(GTK_TREE_MODEL(c->segs));
	g_object_unref(c->segs);
	c->segs_view = tv;
	gtk_widget_set_name(tv, "critpath-segments");
	atk_object_set_name(gtk_widget_get_accessible(tv), "Critical path segments");
	gv_text_column(tv, "start", S_START_S, S_START, true);
	gv_text_column(tv, "duration", S_DUR_S, S_DUR, true);
	gv_text_column(tv, "segment (indented one step per wakeup followed back)", S_SEG, -1, false);
	gtk_tree_view_set_tooltip_column(GTK_TREE_VIEW(tv), S_SEG);
	g_signal_connect(gtk_tree_view_get_selection(GTK_TREE_VIEW(tv)), "changed",
			 G_CALLBACK(on_select), c);
	g_signal_connect(tv, "row-activated", G_CALLBACK(on_activated), c);
	gtk_paned_pack1(GTK_PANED(paned), gv_scrolled(tv), TRUE, FALSE);
	c->tots = gtk_list_store_new(T_NCOLS, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING,
				     G_TYPE_STRING, G_TYPE_UINT64, G_TYPE_UINT64);
	tv = gtk_tree_view_new_with_model(GTK_TREE_MODEL(c->tots));
	g_object_unref(c->tots);
	gtk_widget_set_name(tv, "critpath-totals");
	atk_object_set_name(gtk_widget_get_accessible(tv), "Critical path totals");
	gv_text_column(tv, "task", T_TASK, T_TASK, false);
	gv_text_column(tv, "state", T_STATE, T_STATE, false);
	gv_text_column(tv, "time", T_DUR_S, T_DUR, true);
	gv_text_column(tv, "share", T_SHARE, T_DUR, true);
	gv_text_column(tv, "segments", T_COUNT, T_COUNT, true);
	gtk_paned_pack2(GTK_PANED(paned), gv_scrolled(tv), TRUE, FALSE);
	gtk_box_pack_start(GTK_BOX(c->top), paned, TRUE, TRUE, 0);
	g_signal_connect(paned, "size-allocate", G_CALLBACK(on_allocate), NULL);
	g_signal_connect(c->top, "destroy", G_CALLBACK(on_destroy), c);
	return c->top;
}
