// SPDX-License-Identifier: GPL-2.0
/*
 * diff.c - the Diff tab: this trace (A) against another run (B), what
 * "tracevisualizer diff --json A B" prints (lttr_diff_compute(),
 * lttr_diff_wakers(), lttr_diff_kinds(), lttr_diff_explain_proc()).
 * Opened by --diff A B or File -> Compare with...  Above, the processes
 * ranked as the library ranks them (the matched pairs by |change|, then
 * those of A only, then those of B only), one column per kind of the
 * accounting (user, syscall, ..., blocked: the sums of the parts of that
 * kind, which add up to the change), and a bar per row: the kinds'
 * changes drawn from its middle, growth to the right, shrinkage to the
 * left, in the kinds' colours.  Below, the selected process's parts, its
 * blocked parts' wakers, and its worst instance explained (the longest
 * interval of its largest changed part, its middle explained as
 * "explain" tells it).  Numbers in ms to the ns, as the command prints
 * them; the front end only formats and draws.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/analysis/diff.h>
#include <lttr/analysis/explain.h>
#include <lttr/output/timing-text.h>
#include "gv.h"

#define BAR_W 160
#define BAR_H 14

/* the list's columns: text shown, then the numbers they sort by */
enum { C_PROC, C_PIDS, C_SIDE, C_DELTA, C_A, C_B, C_BAR,
	C_KIND0,				/* LTTR_DC_COUNT texts */
	C_N_DELTA = C_KIND0 + LTTR_DC_COUNT,	/* int64 */
	C_N_A, C_N_B,
	C_N_KIND0,				/* LTTR_DC_COUNT int64 */
	C_INDEX = C_N_KIND0 + LTTR_DC_COUNT,	/* the pair's index in the diff */
	C_NCOLS };

struct gv_diff {
	struct gv_doc *d;
	struct lttr_trace *tb;
	char *dir_b;
	struct lttr_diff *diff;
	size_t first;		/* the row explained first: "diff"'s worst change */
	GtkWidget *top;
	GtkWidget *list;
	GtkListStore *store;
	GtkWidget *detail;
};

/* the kinds' colours (the bars and the legend): the control flow's where
 * it has one; blocked (any reason) a darker violet than its reasons' */
static void kind_color(unsigned int k, double *r, double *g, double *b)
{
	static const int cat[LTTR_DC_COUNT] = {
		[LTTR_DC_USER] = LTTR_VCAT_USER, [LTTR_DC_SYSCALL] = LTTR_VCAT_SYSCALL,
		[LTTR_DC_SYSCALL_REST] = LTTR_VCAT_SYSCALL, [LTTR_DC_TRAP] = LTTR_VCAT_TRAP,
		[LTTR_DC_KERNEL] = LTTR_VCAT_KERNEL, [LTTR_DC_INTERRUPTED] = LTTR_VCAT_IRQ,
		[LTTR_DC_RUNNABLE] = LTTR_VCAT_RUNNABLE, [LTTR_DC_UNKNOWN] = LTTR_VCAT_NODATA,
		[LTTR_DC_BLOCKED] = -1, [LTTR_DC_UNACCOUNTED] = -2,
	};

	if (cat[k] >= 0) {
		gv_cat_color((unsigned int)cat[k], r, g, b);
	} else if (cat[k] == -1) {
		*r = 0.42;
		*g = 0.30;
		*b = 0.72;
	} else {
		*r = *g = *b = 0;
	}
}

/* @ns in ms to the ns, "+" before a growth when @sign */
static const char *ms(int64_t ns, bool sign, char *buf, size_t size)
{
	uint64_t a = ns < 0 ? (uint64_t)0 - (uint64_t)ns : (uint64_t)ns;

	snprintf(buf, size, "%s%" PRIu64 ".%06" PRIu64, ns < 0 ? "-" : sign && ns > 0 ? "+" : "",
		 a / 1000000, a % 1000000);
	return buf;
}

/* the bar of a row: its kinds' changes from the middle, @scale ns a pixel */
static GdkPixbuf *bar(const struct lttr_diff_kindsum *ks, double scale)
{
	cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, BAR_W, BAR_H);
	cairo_t *cr = cairo_create(s);
	double pos = BAR_W / 2.0, neg = BAR_W / 2.0;
	GdkPixbuf *pb;
	unsigned int k;

	cairo_set_source_rgb(cr, 0.5, 0.5, 0.5);
	cairo_rectangle(cr, BAR_W / 2.0 - 0.5, 0, 1, BAR_H);
	cairo_fill(cr);
	for (k = 0; k < LTTR_DC_COUNT; k++) {
		double w = scale > 0 ? (double)ks[k].delta_ns / scale : 0, r, g, b;

		if (!ks[k].delta_ns)
			continue;
		kind_color(k, &r, &g, &b);
		cairo_set_source_rgb(cr, r, g, b);
		if (w > 0) {
			cairo_rectangle(cr, pos, 2, w, BAR_H - 4);
			pos += w;
		} else {
			cairo_rectangle(cr, neg + w, 2, -w, BAR_H - 4);
			neg += w;
		}
		cairo_fill(cr);
	}
	cairo_destroy(cr);
	pb = gdk_pixbuf_get_from_surface(s, 0, 0, BAR_W, BAR_H);
	cairo_surface_destroy(s);
	return pb;
}

static void fill(struct gv_diff *v)
{
	const struct lttr_diff *d = v->diff;
	struct lttr_diff_kindsum ks[LTTR_DC_COUNT];
	uint64_t big = 0;
	size_t i;

	/* the bars' scale: the longest side of any row's bar fills half of it */
	for (i = 0; i < d->n; i++) {
		uint64_t p = 0, n = 0;
		unsigned int k;

		lttr_diff_kinds(&d->v[i], ks);
		for (k = 0; k < LTTR_DC_COUNT; k++)
			if (ks[k].delta_ns > 0)
				p += (uint64_t)ks[k].delta_ns;
			else
				n += (uint64_t)0 - (uint64_t)ks[k].delta_ns;
		if (p > big)
			big = p;
		if (n > big)
			big = n;
	}
	for (i = 0; i < d->n; i++) {
		const struct lttr_diff_proc *dp = &d->v[i];
		char proc[300], pids[48], b1[40], b2[40], b3[40];
		GtkTreeIter it;
		GdkPixbuf *pb;
		unsigned int k;

		lttr_diff_kinds(dp, ks);
		snprintf(proc, sizeof(proc), "%s  %s", dp->name, dp->key);
		if (dp->side == LTTR_DS_BOTH)
			snprintf(pids, sizeof(pids), "%u -> %u", dp->pid_a, dp->pid_b);
		else
			snprintf(pids, sizeof(pids), "%u", dp->side == LTTR_DS_A ? dp->pid_a :
				 dp->pid_b);
		pb = bar(ks, big ? (double)big / (BAR_W / 2.0 - 1) : 0);
		gtk_list_store_insert_with_values(v->store, &it, -1, C_PROC, proc, C_PIDS, pids,
			C_SIDE, dp->side == LTTR_DS_BOTH ? "both" : dp->side == LTTR_DS_A ? "A only" :
			"B only",
			C_DELTA, ms(dp->delta_ns, true, b1, sizeof(b1)),
			C_A, ms((int64_t)dp->a_ns, false, b2, sizeof(b2)),
			C_B, ms((int64_t)dp->b_ns, false, b3, sizeof(b3)), C_BAR, pb,
			C_N_DELTA, (gint64)dp->delta_ns, C_N_A, (gint64)dp->a_ns,
			C_N_B, (gint64)dp->b_ns, C_INDEX, (guint64)i, -1);
		g_object_unref(pb);
		for (k = 0; k < LTTR_DC_COUNT; k++)
			gtk_list_store_set(v->store, &it, C_KIND0 + k,
					   ms(ks[k].delta_ns, true, b1, sizeof(b1)),
					   C_N_KIND0 + k, (gint64)ks[k].delta_ns, -1);
	}
}

/* the pair @i's parts, wakers and worst instance, below the list */
static void show_detail(struct gv_diff *v, size_t i)
{
	const struct lttr_diff_proc *dp = &v->diff->v[i];
	struct lttr_diff_explained *e = NULL;
	struct lttr_error err;
	GString *s = g_string_new(NULL);
	char label[64], b1[40], b2[40], b3[40], ex[768];
	size_t k, w;

	g_string_append_printf(s, "%s (%s): %s ms, %s -> %s ms; its parts (they add up to it):\n",
			       dp->name, dp->key, ms(dp->delta_ns, true, b1, sizeof(b1)),
			       ms((int64_t)dp->a_ns, false, b2, sizeof(b2)),
			       ms((int64_t)dp->b_ns, false, b3, sizeof(b3)));
	for (k = 0; k < dp->nparts; k++) {
		const struct lttr_diff_part *p = &dp->parts[k];

		g_string_append_printf(s, "  %s  %s  %s -> %s\n",
				       ms(p->delta_ns, true, b1, sizeof(b1)),
				       lttr_diff_part_str(p, label, sizeof(label)),
				       ms(p->a_ns, false, b2, sizeof(b2)),
				       ms(p->b_ns, false, b3, sizeof(b3)));
		for (w = 0; p->kind == LTTR_DC_BLOCKED && w < dp->nwakers; w++)
			if (dp->wakers[w].reason == p->what && dp->wakers[w].delta_ns)
				g_string_append_printf(s, "      %s  woken by %s\n",
						       ms(dp->wakers[w].delta_ns, true, b1, sizeof(b1)),
						       dp->wakers[w].waker[0] ? dp->wakers[w].waker :
						       "(not recorded)");
	}
	if (lttr_diff_explain_proc(v->diff, i, v->d->s.t, v->tb, &e, &err) < 0) {
		g_string_append_printf(s, "Its worst instance: %s\n", err.msg);
	} else if (e) {
		struct lttr_trace *t = e->in_b ? v->tb : v->d->s.t;
		uint64_t s0 = lttr_trace_header(t)->start_ns;

		g_string_append_printf(s, "Its worst instance: the longest %s in %s, thread %u, "
				       "%.9f to %.9f s (%s ms):\n  %s\n",
				       lttr_diff_part_str(&dp->parts[e->part], label, sizeof(label)),
				       e->in_b ? "B" : "A", e->pid, (double)(e->start_ns - s0) / 1e9,
				       (double)(e->end_ns - s0) / 1e9,
				       ms((int64_t)(e->end_ns - e->start_ns), false, b1, sizeof(b1)),
				       lttr_explain_at_str(t, e->at, ex, sizeof(ex)));
		lttr_diff_explained_free(e);
	} else {
		g_string_append(s, "Nothing changed: no instance to explain.\n");
	}
	gtk_label_set_text(GTK_LABEL(v->detail), s->str);
	g_string_free(s, TRUE);
}

static void on_select(GtkTreeSelection *sel, gpointer data)
{
	struct gv_diff *v = data;
	GtkTreeModel *m;
	GtkTreeIter it;
	guint64 i;

	if (!gtk_tree_selection_get_selected(sel, &m, &it))
		return;
	gtk_tree_model_get(m, &it, C_INDEX, &i, -1);
	show_detail(v, (size_t)i);
}

static void on_destroy(GtkWidget *w, gpointer data)
{
	struct gv_diff *v = data;

	(void)w;
	if (v->d->diff == v->top)
		v->d->diff = NULL;
	lttr_diff_free(v->diff);
	lttr_trace_close(v->tb);
	free(v->dir_b);
	free(v);
}

static GtkWidget *legend(void)
{
	GtkWidget *box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
	unsigned int k;

	gtk_box_pack_start(GTK_BOX(box), gtk_label_new("Bars: growth right of the middle, "
						       "shrinkage left;"), FALSE, FALSE, 0);
	for (k = 0; k < LTTR_DC_COUNT; k++) {
		char *mk;
		double r, g, b;
		GtkWidget *l = gtk_label_new(NULL);

		kind_color(k, &r, &g, &b);
		mk = g_markup_printf_escaped("<span foreground=\"#%02x%02x%02x\">\u2588</span> %s",
					     (unsigned int)(r * 255), (unsigned int)(g * 255),
					     (unsigned int)(b * 255), lttr_diff_kind_name(k));
		gtk_label_set_markup(GTK_LABEL(l), mk);
		g_free(mk);
		gtk_box_pack_start(GTK_BOX(box), l, FALSE, FALSE, 0);
	}
	return box;
}

static GtkWidget *build(struct gv_diff *v)
{
	const struct lttr_diff *d = v->diff;
	GType types[C_NCOLS];
	GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4), *pane, *title, *w;
	GtkTreeSelection *sel;
	GtkCellRenderer *r;
	GtkTreeViewColumn *c;
	char *t;
	unsigned int k;
	size_t i;

	for (k = 0; k < C_NCOLS; k++)
		types[k] = k < C_KIND0 + LTTR_DC_COUNT ? G_TYPE_STRING : G_TYPE_INT64;
	types[C_BAR] = GDK_TYPE_PIXBUF;
	types[C_INDEX] = G_TYPE_UINT64;
	v->store = gtk_list_store_newv(C_NCOLS, types);
	t = g_strdup_printf("A = %s, B = %s: %zu processes matched by name and role, %zu of A "
			    "only, %zu of B only; change = B - A in ms, split by kind (the "
			    "columns add up to the change, to the ns)%s",
			    v->d->s.dir, v->dir_b, d->nmatched, d->nonly_a, d->nonly_b,
			    v->d->nwarnings ? "; the figures may be wrong (the warnings above)" : "");
	title = gtk_label_new(t);
	g_free(t);
	gtk_label_set_line_wrap(GTK_LABEL(title), TRUE);
	gtk_label_set_xalign(GTK_LABEL(title), 0);
	gtk_box_pack_start(GTK_BOX(box), title, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(box), legend(), FALSE, FALSE, 0);
	fill(v);
	v->list = gtk_tree_view_new_with_model(GTK_TREE_MODEL(v->store));
	g_object_unref(v->store);
	atk_object_set_name(gtk_widget_get_accessible(v->list), "diff");
	/* the process's name and role ("sh init#0/sh#0") whole, not cut
	 * to the width the numeric columns leave */
	gtk_tree_view_column_set_min_width(gv_text_column(v->list, "Process", C_PROC, -1, false),
					   220);
	gv_text_column(v->list, "PIDs", C_PIDS, -1, true);
	gv_text_column(v->list, "In", C_SIDE, -1, true);
	gv_text_column(v->list, "Change (ms)", C_DELTA, C_N_DELTA, true);
	r = gtk_cell_renderer_pixbuf_new();
	c = gtk_tree_view_column_new_with_attributes("Change by kind", r, "pixbuf", C_BAR, NULL);
	gtk_tree_view_append_column(GTK_TREE_VIEW(v->list), c);
	gv_text_column(v->list, "A (ms)", C_A, C_N_A, true);
	gv_text_column(v->list, "B (ms)", C_B, C_N_B, true);
	/* a column per kind that is not 0 in some process */
	for (k = 0; k < LTTR_DC_COUNT; k++) {
		bool any = false;

		for (i = 0; i < d->n && !any; i++) {
			struct lttr_diff_kindsum ks[LTTR_DC_COUNT];

			lttr_diff_kinds(&d->v[i], ks);
			any = ks[k].a_ns || ks[k].b_ns;
		}
		if (any)
			gv_text_column(v->list, lttr_diff_kind_name(k), (int)(C_KIND0 + k),
				       (int)(C_N_KIND0 + k), true);
	}
	sel = gtk_tree_view_get_selection(GTK_TREE_VIEW(v->list));
	g_signal_connect(sel, "changed", G_CALLBACK(on_select), v);
	v->detail = gtk_label_new("");
	gtk_label_set_selectable(GTK_LABEL(v->detail), TRUE);
	gtk_label_set_xalign(GTK_LABEL(v->detail), 0);
	gtk_label_set_yalign(GTK_LABEL(v->detail), 0);
	gtk_label_set_line_wrap(GTK_LABEL(v->detail), TRUE);
	atk_object_set_name(gtk_widget_get_accessible(v->detail), "diff explained");
	pane = gtk_paned_new(GTK_ORIENTATION_VERTICAL);
	w = gv_scrolled(v->list);
	gtk_widget_set_size_request(w, -1, 200);
	gtk_paned_pack1(GTK_PANED(pane), w, TRUE, FALSE);
	w = gv_scrolled(v->detail);
	gtk_widget_set_size_request(w, -1, 100);
	gtk_paned_pack2(GTK_PANED(pane), w, TRUE, FALSE);
	gtk_box_pack_start(GTK_BOX(box), pane, TRUE, TRUE, 0);
	g_signal_connect(box, "destroy", G_CALLBACK(on_destroy), v);
	return box;
}

bool gv_diff_open(struct gv_doc *d, const char *dir_b, GError **error)
{
	struct gv_diff *v;
	struct lttr_diff_explained *e = NULL;
	struct lttr_error err;
	GtkWidget *pane;
	int page;

	if (d->diff)		/* one comparison at a time: the new one replaces it */
		gtk_widget_destroy(d->diff);
	v = calloc(1, sizeof(*v));
	if (!v) {
		g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_NOMEM, "out of memory");
		return false;
	}
	v->d = d;
	v->dir_b = strdup(dir_b);
	if (!v->dir_b || lttr_trace_open(dir_b, LTTR_OPEN_SALVAGE, &v->tb, &err) < 0 ||
	    lttr_diff_compute(d->s.t, v->tb, &v->diff, &err) < 0 ||
	    lttr_diff_wakers(v->diff, d->s.t, v->tb, &err) < 0 ||
	    lttr_diff_explain(v->diff, d->s.t, v->tb, &e, &err) < 0) {
		g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "compare with %s: %s", dir_b,
			    v->dir_b ? err.msg : "out of memory");
		lttr_diff_free(v->diff);
		lttr_trace_close(v->tb);
		free(v->dir_b);
		free(v);
		return false;
	}
	v->first = e ? e->proc : 0;
	lttr_diff_explained_free(e);
	v->top = build(v);
	d->diff = v->top;
	gtk_widget_show_all(v->top);
	page = gtk_notebook_append_page(GTK_NOTEBOOK(d->tables), v->top, gtk_label_new("Diff"));
	/* the graphs above give the comparison the larger part of the tab */
	pane = gtk_widget_get_parent(d->tables);
	if (GTK_IS_PANED(pane)) {
		int ht = gtk_widget_get_allocated_height(pane);

		gtk_paned_set_position(GTK_PANED(pane), (ht > 100 ? ht : d->app->height) * 3 / 10);
	}
	gtk_notebook_set_current_page(GTK_NOTEBOOK(d->tables), page);
	/* the row of "diff"'s worst change selected, explained */
	if (v->diff->n) {
		GtkTreePath *path = gtk_tree_path_new_from_indices((int)v->first, -1);

		gtk_tree_view_set_cursor(GTK_TREE_VIEW(v->list), path, NULL, FALSE);
		gtk_tree_path_free(path);
	}
	return true;
}
