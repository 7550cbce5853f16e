// SPDX-License-Identifier: GPL-2.0
/*
 * stats.c - the statistics page: latency histograms drawn with cairo, and
 * the calls behind a bar.  On the left the list of what has a histogram:
 * the syscalls of all processes, those of each process, the irq lines and
 * vectors, the softirq vectors (with their counts; sortable, the most
 * frequent first).  In the middle the log2 histogram of the one chosen
 * (struct lttr_lat.hist, drawn by histogram.c: a log time axis, bar
 * heights on a log or linear scale).  Clicking a bar lists, on the
 * right, the calls of that bucket (lttr_instances_find(), a progress
 * dialog with Cancel when it takes long); double-clicking one shows it in
 * the graphs: the window around it, the cursor at its start, its task
 * selected.  Every figure is a field of the accounting or of the
 * instances the library found.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gv.h"

#define MAX_LISTED 1000	/* instances listed at most */

/* the list of histograms */
enum { S_LABEL, S_COUNT_S, S_COUNT, S_KIND, S_WHAT, S_SYSVEC, S_GROUP, S_LAT, S_PARTIAL,
	S_ORDER, S_NCOLS };
#define KIND_NONE (-1)	/* a heading, or a process (its syscalls are under it) */

/* the list of instances */
enum { I_TASK, I_PID, I_CPU, I_START_S, I_START, I_DUR_S, I_DUR, I_END, I_NCOLS };

struct stats {
	struct gv_doc *d;
	GtkWidget *paned;
	GtkTreeStore *src;
	GtkWidget *src_view;
	GtkWidget *info;
	struct gv_hist *hist;
	GtkListStore *inst;
	GtkWidget *inst_label;
	struct lttr_acct_task *groups;
	size_t ngroups;
	/* the histogram shown */
	const struct lttr_lat *lat;
	char what[160];
	int kind;
	uint32_t nr;
	bool sysvec;
	int group;			/* -1: every task */
	unsigned int generation;	/* changes with the histogram shown */
	bool busy;
	bool dead;
};

/* ---- the instances of a bucket ---- */

/* the lookup of a bucket's calls: its progress, and the page going meanwhile */
struct progress {
	struct stats *s;
	struct gv_progress *gp;
};

static int inst_progress(void *arg, unsigned int permille)
{
	struct progress *p = arg;

	return gv_progress_step(p->gp, permille) || p->s->dead;
}

static void stats_free(struct stats *s)
{
	lttr_account_group_free(s->groups, s->ngroups);
	free(s);
}

/* the tasks whose calls the histogram counts: a process's threads, or NULL */
static uint32_t *group_pids(const struct stats *s, size_t *n)
{
	const struct lttr_account *a = s->d->s.a;
	const struct lttr_acct_task *g;
	uint32_t *v;
	size_t i;

	*n = 0;
	if (s->group < 0 || (size_t)s->group >= s->ngroups)
		return NULL;
	g = &s->groups[s->group];
	v = calloc(g->threads + 1, sizeof(*v));
	for (i = 0; v && i < a->ntasks && *n < g->threads + 1; i++)
		if (a->tasks[i].tgid == g->pid)
			v[(*n)++] = a->tasks[i].pid;
	return v;
}

static void list_instances(struct stats *s, const struct lttr_instances *r)
{
	GtkTreeIter it;
	size_t i;
	char task[96], st[32], du[32];

	gtk_list_store_clear(s->inst);
	for (i = 0; i < r->n; i++) {
		const struct lttr_instance *x = &r->v[i];

		snprintf(task, sizeof(task), "%u %s", x->pid,
			 x->pid ? lttr_view_comm(s->d->s.v, x->pid, x->start_ns) : "idle");
		lttr_fmt_time(gv_doc_rel(s->d, x->start_ns), st, sizeof(st));
		lttr_fmt_duration(x->end_ns - x->start_ns, du, sizeof(du));
		gtk_list_store_insert_with_values(s->inst, &it, -1, I_TASK, task, I_PID,
						  (guint)x->pid, I_CPU, (guint)x->cpu, I_START_S, st,
						  I_START, (guint64)x->start_ns, I_DUR_S, du,
						  I_DUR, (guint64)(x->end_ns - x->start_ns),
						  I_END, (guint64)x->end_ns, -1);
	}
}

static void choose_bucket(struct stats *s, int k)
{
	struct lttr_inst_query q;
	struct lttr_instances r;
	struct progress pr = { s, NULL };
	struct lttr_error err;
	unsigned int gen = s->generation;
	char range[80], text[LTTR_ERRMSG_MAX + 96];
	uint32_t *pids;
	int res;

	if (s->busy || !s->lat || k < 0)
		return;
	gv_hist_select(s->hist, k);
	memset(&q, 0, sizeof(q));
	q.kind = (unsigned int)s->kind;
	q.what = s->nr;
	q.sysvec = s->sysvec;
	q.max = MAX_LISTED;
	lttr_lat_bucket_bounds((unsigned int)k, &q.lo_ns, &q.hi_ns);
	gv_hist_bucket_text(k, range, sizeof(range));
	gtk_list_store_clear(s->inst);
	if (!s->lat->hist[k]) {
		snprintf(text, sizeof(text), "%s: none", range);
		gtk_label_set_text(GTK_LABEL(s->inst_label), text);
		return;
	}
	pids = group_pids(s, &q.npids);
	q.pids = pids;
	gtk_label_set_text(GTK_LABEL(s->inst_label), "looking for them...");
	s->busy = true;
	pr.gp = gv_progress_begin(s->d, s->what);
	res = lttr_instances_find(s->d->s.t, &q, inst_progress, &pr, &r, &err);
	gv_progress_end(pr.gp);
	s->busy = false;
	free(pids);
	if (s->dead) {
		lttr_instances_free(&r);
		stats_free(s);
		return;
	}
	if (res < 0)
		snprintf(text, sizeof(text), "%s: %s", range,
			 res == -LTTR_E_CANCELED ? "canceled" : err.msg);
	else if (r.n < r.total)
		snprintf(text, sizeof(text), "%s: %llu, the first %zu to end listed", range,
			 (unsigned long long)r.total, r.n);
	else
		snprintf(text, sizeof(text), "%s: %llu", range, (unsigned long long)r.total);
	if (gen == s->generation) {	/* still the histogram shown */
		gtk_label_set_text(GTK_LABEL(s->inst_label), text);
		if (res == 0)
			list_instances(s, &r);
	}
	lttr_instances_free(&r);
}

static void on_bucket(void *arg, int k)
{
	choose_bucket(arg, k);
}

/* an instance in the graphs: the window around it, the cursor at its start, its task */
static void on_instance(GtkTreeView *tv, GtkTreePath *path, GtkTreeViewColumn *c, gpointer data)
{
	struct stats *s = data;
	GtkTreeModel *m = gtk_tree_view_get_model(tv);
	GtkTreeIter it;
	guint64 t0, t1;
	guint pid;

	(void)c;
	if (!gtk_tree_model_get_iter(m, &it, path))
		return;
	gtk_tree_model_get(m, &it, I_START, &t0, I_END, &t1, I_PID, &pid, -1);
	gv_doc_show_span(s->d, t0, t1, pid);
}

/* ---- the list of histograms ---- */

static void show_histogram(struct stats *s, GtkTreeModel *m, GtkTreeIter *it)
{
	gchar *label = NULL;
	gpointer lat;
	int kind, group;
	guint nr;
	gboolean sysvec;
	guint64 partial;
	char mean[32], mn[32], mx[32], tot[32], text[512];
	GtkTreeIter parent;
	gchar *owner = NULL;

	gtk_tree_model_get(m, it, S_LABEL, &label, S_KIND, &kind, S_WHAT, &nr, S_SYSVEC, &sysvec,
			   S_GROUP, &group, S_LAT, &lat, S_PARTIAL, &partial, -1);
	if (kind == KIND_NONE || !lat) {
		g_free(label);
		return;
	}
	if (gtk_tree_model_iter_parent(m, &parent, it))
		gtk_tree_model_get(m, &parent, S_LABEL, &owner, -1);
	s->generation++;
	s->lat = lat;
	s->kind = kind;
	s->nr = nr;
	s->sysvec = sysvec;
	s->group = group;
	snprintf(s->what, sizeof(s->what), "%s%s%s", label,
		 kind == LTTR_INST_SYSCALL ? ", " : "",
		 kind == LTTR_INST_SYSCALL ? (group < 0 ? "all processes" : owner) : "");
	gv_hist_set(s->hist, s->lat, s->what);
	lttr_fmt_duration(s->lat->total, tot, sizeof(tot));
	lttr_fmt_duration(s->lat->min, mn, sizeof(mn));
	lttr_fmt_duration(lttr_lat_mean(s->lat), mean, sizeof(mean));
	lttr_fmt_duration(s->lat->max, mx, sizeof(mx));
	snprintf(text, sizeof(text), "%s: %llu, total %s, min %s, mean %s, max %s", s->what,
		 (unsigned long long)s->lat->count, tot, mn, mean, mx);
	if (partial)	/* syscalls whose entry precedes the trace: not in the histogram */
		snprintf(text + strlen(text), sizeof(text) - strlen(text), "; %llu partial",
			 (unsigned long long)partial);
	gtk_label_set_text(GTK_LABEL(s->info), text);
	gtk_list_store_clear(s->inst);
	gtk_label_set_text(GTK_LABEL(s->inst_label), "click a bar to list its calls");
	g_free(label);
	g_free(owner);
}

static void on_source(GtkTreeSelection *sel, gpointer data)
{
	struct stats *s = data;
	GtkTreeModel *m;
	GtkTreeIter it;

	if (gtk_tree_selection_get_selected(sel, &m, &it))
		show_histogram(s, m, &it);
}

/*
 * headings and processes keep their place (S_ORDER) whatever the order;
 * histograms by the column, equal ones by label, A to Z in either order
 * (GTK inverts what this returns for a descending order)
 */
static gint cmp_src(GtkTreeModel *m, GtkTreeIter *a, GtkTreeIter *b, gpointer data)
{
	int col = GPOINTER_TO_INT(data), ka, kb, oa, ob, sc;
	GtkSortType order = GTK_SORT_ASCENDING;
	guint64 ca, cb;
	gchar *la, *lb;
	gint r;

	gtk_tree_model_get(m, a, S_KIND, &ka, S_ORDER, &oa, S_COUNT, &ca, -1);
	gtk_tree_model_get(m, b, S_KIND, &kb, S_ORDER, &ob, S_COUNT, &cb, -1);
	gtk_tree_sortable_get_sort_column_id(GTK_TREE_SORTABLE(m), &sc, &order);
	if (ka == KIND_NONE || kb == KIND_NONE) {
		r = oa < ob ? -1 : oa > ob;
		return order == GTK_SORT_DESCENDING ? -r : r;
	}
	if (col == S_COUNT && ca != cb)
		return ca < cb ? -1 : 1;
	gtk_tree_model_get(m, a, S_LABEL, &la, -1);
	gtk_tree_model_get(m, b, S_LABEL, &lb, -1);
	r = g_strcmp0(la, lb);
	g_free(la);
	g_free(lb);
	if (!r)
		r = oa < ob ? -1 : oa > ob;
	return col == S_COUNT && order == GTK_SORT_DESCENDING ? -r : r;
}

static void src_row(struct stats *s, GtkTreeIter *it, GtkTreeIter *parent, const char *label,
		    int kind, uint32_t what, bool sysvec, int group, const struct lttr_lat *lat,
		    uint64_t partial, int order)
{
	char n[32] = "";

	if (lat)
		snprintf(n, sizeof(n), "%llu", (unsigned long long)lat->count);
	gtk_tree_store_insert_with_values(s->src, it, parent, -1, S_LABEL, label, S_COUNT_S, n,
					  S_COUNT, (guint64)(lat ? lat->count : 0), S_KIND, kind,
					  S_WHAT, (guint)what, S_SYSVEC, (gboolean)sysvec,
					  S_GROUP, group, S_LAT, (gpointer)lat,
					  S_PARTIAL, (guint64)partial, S_ORDER, order, -1);
}

static void add_syscalls(struct stats *s, GtkTreeIter *parent, const struct lttr_acct_sc *v,
			 size_t n, int group)
{
	GtkTreeIter it;
	char nb[32];
	size_t i;

	for (i = 0; i < n; i++)
		src_row(s, &it, parent, lttr_syscall_str(v[i].nr, nb, sizeof(nb)), LTTR_INST_SYSCALL,
			v[i].nr, false, group, &v[i].lat, v[i].partial, (int)i);
}

static void fill_sources(struct stats *s)
{
	const struct lttr_account *a = s->d->s.a;
	GtkTreeIter top, it, proc;
	char label[128];
	const char *name;
	size_t i;

	src_row(s, &top, NULL, "Syscalls, all processes", KIND_NONE, 0, false, -1, NULL, 0, 0);
	add_syscalls(s, &top, a->sc, a->nsc, -1);
	src_row(s, &top, NULL, "Syscalls by process", KIND_NONE, 0, false, -1, NULL, 0, 1);
	for (i = 0; i < s->ngroups; i++) {
		if (!s->groups[i].nsc)
			continue;
		snprintf(label, sizeof(label), "%u %s", s->groups[i].pid, s->groups[i].name);
		src_row(s, &proc, &top, label, KIND_NONE, 0, false, (int)i, NULL, 0, (int)i);
		add_syscalls(s, &proc, s->groups[i].sc, s->groups[i].nsc, (int)i);
	}
	src_row(s, &top, NULL, "IRQs", KIND_NONE, 0, false, -1, NULL, 0, 2);
	for (i = 0; i < a->nirqs; i++) {
		const struct lttr_acct_irq *q = &a->irqs[i];

		name = q->sysvec ? lttr_sysvec_name(q->irq) : lttr_trace_irq_name(s->d->s.t, q->irq);
		snprintf(label, sizeof(label), "%s %u %s", q->sysvec ? "vector" : "irq", q->irq,
			 name ? name : "");
		src_row(s, &it, &top, label, LTTR_INST_IRQ, q->irq, q->sysvec, -1, &q->lat, 0,
			(int)i);
	}
	src_row(s, &top, NULL, "Softirqs", KIND_NONE, 0, false, -1, NULL, 0, 3);
	for (i = 0; i < a->nsoftirqs; i++) {
		const struct lttr_acct_softirq *q = &a->softirqs[i];

		name = lttr_softirq_name(q->vec);
		snprintf(label, sizeof(label), "softirq %u %s", q->vec, name ? name : "");
		src_row(s, &it, &top, label, LTTR_INST_SOFTIRQ, q->vec, false, -1, &q->lat, 0,
			(int)i);
	}
}

/* ---- building ---- */


static GtkWidget *build_sources(struct stats *s)
{
	GtkTreeSelection *sel;
	GtkTreePath *path;

	s->src = gtk_tree_store_new(S_NCOLS, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_UINT64,
				    G_TYPE_INT, G_TYPE_UINT, G_TYPE_BOOLEAN, G_TYPE_INT,
				    G_TYPE_POINTER, G_TYPE_UINT64, G_TYPE_INT);
	fill_sources(s);
	gtk_tree_sortable_set_sort_func(GTK_TREE_SORTABLE(s->src), S_LABEL, cmp_src,
					GINT_TO_POINTER(S_LABEL), NULL);
	gtk_tree_sortable_set_sort_func(GTK_TREE_SORTABLE(s->src), S_COUNT, cmp_src,
					GINT_TO_POINTER(S_COUNT), NULL);
	gtk_tree_sortable_set_sort_column_id(GTK_TREE_SORTABLE(s->src), S_COUNT,
					     GTK_SORT_DESCENDING);
	s->src_view = gtk_tree_view_new_with_model(GTK_TREE_MODEL(s->src));
	g_object_unref(s->src);
	gtk_widget_set_name(s->src_view, "histograms");
	atk_object_set_name(gtk_widget_get_accessible(s->src_view), "Histograms");
	gv_text_column(s->src_view, "histogram", S_LABEL, S_LABEL, false);
	gv_text_column(s->src_view, "count", S_COUNT_S, S_COUNT, true);
	sel = gtk_tree_view_get_selection(GTK_TREE_VIEW(s->src_view));
	g_signal_connect(sel, "changed", G_CALLBACK(on_source), s);
	/* the most frequent syscall of all processes to begin with */
	path = gtk_tree_path_new_first();
	gtk_tree_view_expand_row(GTK_TREE_VIEW(s->src_view), path, FALSE);
	gtk_tree_path_down(path);
	gtk_tree_selection_select_path(sel, path);
	gtk_tree_path_free(path);
	return gv_scrolled(s->src_view);
}

static GtkWidget *build_histogram(struct stats *s)
{
	s->info = gtk_label_new("");
	gtk_widget_set_name(s->info, "histogram-info");
	s->hist = gv_hist_new("histogram", "Latency histogram",
			      "no call with both its entry and its exit in the trace",
			      "click: list them", on_bucket, s);
	gv_hist_set(s->hist, NULL, "choose a syscall, irq or softirq on the left");
	return gv_hist_box(s->hist, s->info);
}

static GtkWidget *build_instances(struct stats *s)
{
	GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2), *tv;

	s->inst_label = gtk_label_new("click a bar to list its calls");
	gtk_widget_set_name(s->inst_label, "instances-info");
	gtk_label_set_xalign(GTK_LABEL(s->inst_label), 0);
	gtk_label_set_ellipsize(GTK_LABEL(s->inst_label), PANGO_ELLIPSIZE_END);
	gtk_box_pack_start(GTK_BOX(box), s->inst_label, FALSE, FALSE, 0);
	s->inst = gtk_list_store_new(I_NCOLS, G_TYPE_STRING, G_TYPE_UINT, G_TYPE_UINT, G_TYPE_STRING,
				     G_TYPE_UINT64, G_TYPE_STRING, G_TYPE_UINT64, G_TYPE_UINT64);
	tv = gtk_tree_view_new_with_model(GTK_TREE_MODEL(s->inst));
	g_object_unref(s->inst);
	gtk_widget_set_name(tv, "instances");
	atk_object_set_name(gtk_widget_get_accessible(tv), "Instances");
	gv_text_column(tv, "task", I_TASK, I_PID, false);
	gtk_widget_set_tooltip_text(gtk_tree_view_column_get_button(
		gtk_tree_view_get_column(GTK_TREE_VIEW(tv), 0)),
		"the task that made the call, or that the irq or softirq interrupted; "
		"double-click a call: show it in the graphs");
	gv_text_column(tv, "cpu", I_CPU, I_CPU, true);
	gv_text_column(tv, "start", I_START_S, I_START, true);
	gv_text_column(tv, "duration", I_DUR_S, I_DUR, true);
	g_signal_connect(tv, "row-activated", G_CALLBACK(on_instance), s);
	gtk_box_pack_start(GTK_BOX(box), gv_scrolled(tv), TRUE, TRUE, 0);
	return box;
}

static void on_destroy(GtkWidget *w, gpointer data)
{
	struct stats *s = data;

	(void)w;
	s->dead = true;
	if (!s->busy)	/* else the lookup frees it when it returns */
		stats_free(s);
}

/* once a pane has a width: the list a fifth of the page, the histogram 2/3 of the rest */
static void on_allocate(GtkWidget *w, GdkRectangle *al, gpointer data)
{
	int num = GPOINTER_TO_INT(data);

	if (al->width > 300 && !g_object_get_data(G_OBJECT(w), "placed")) {
		g_object_set_data(G_OBJECT(w), "placed", GINT_TO_POINTER(1));
		gtk_paned_set_position(GTK_PANED(w), al->width * num / 15);
	}
}

/**
 * gv_stats_new() - the statistics page of a document
 * @d: the document (its accounting @d->s.a)
 *
 * The list of histograms, the histogram chosen (the most frequent syscall
 * of all processes to begin with) and the calls of the bucket clicked.
 *
 * Return: the widget (a GtkPaned) for the tables notebook.
 */
GtkWidget *gv_stats_new(struct gv_doc *d)
{
	struct stats *s = calloc(1, sizeof(*s));
	GtkWidget *inner;

	if (!s)
		return gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
	s->d = d;
	s->group = -1;
	s->groups = lttr_account_group(d->s.a, &s->ngroups);
	s->paned = gtk_paned_new(GTK_ORIENTATION_HORIZONTAL);
	gtk_widget_set_name(s->paned, "statistics");
	inner = gtk_paned_new(GTK_ORIENTATION_HORIZONTAL);
	/* the histogram first: choosing a source draws it */
	gtk_paned_pack1(GTK_PANED(inner), build_histogram(s), TRUE, FALSE);
	gtk_paned_pack2(GTK_PANED(inner), build_instances(s), TRUE, FALSE);
	gtk_paned_pack1(GTK_PANED(s->paned), build_sources(s), FALSE, FALSE);
	gtk_paned_pack2(GTK_PANED(s->paned), inner, TRUE, FALSE);
	g_signal_connect(s->paned, "size-allocate", G_CALLBACK(on_allocate), GINT_TO_POINTER(3));
	g_signal_connect(inner, "size-allocate", G_CALLBACK(on_allocate), GINT_TO_POINTER(10));
	g_signal_connect(s->paned, "destroy", G_CALLBACK(on_destroy), s);
	return s->paned;
}
