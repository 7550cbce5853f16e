// SPDX-License-Identifier: GPL-2.0
/*
 * stats.c - the statistics page: latency histograms drawn with cairo, and
 * the calls behind a bar.  On the left the list of what has a histogram:
 * the syscalls of all processes, those of each process, the irq lines and
 * vectors, the softirq vectors (with their counts; sortable, the most
 * frequent first).  In the middle the log2 histogram of the one chosen
 * (struct lttr_lat.hist: bucket k holds durations in [2^k, 2^(k+1)) ns):
 * a log time axis where every bucket has the same width, bar heights the
 * counts on a log or linear scale.  The buckets drawn go from the one
 * before the first non-empty bucket to the one after the last (at least
 * ten, adding buckets on the right first).  Clicking a bar lists, on the
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

#define ML 66		/* margins of the plot: left (count labels) */
#define MR 14		/* right */
#define MT 24		/* top (title) */
#define MB 40		/* bottom (duration labels, axis title) */
#define MIN_BUCKETS 10
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
	GtkWidget *logscale;
	GtkWidget *area;
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
	int b0, b1;			/* the buckets drawn */
	int sel;			/* the bucket chosen, -1 none */
	double x0, bw;			/* plot left and bucket width, as drawn */
	bool busy;
	bool dead;
};

static const double bar_rgb[3] = { 0.27, 0.51, 0.71 };
static const double sel_rgb[3] = { 0.90, 0.45, 0.10 };

/* ---- the histogram ---- */

/* the buckets drawn: one empty bucket each side of the counts, ten at least */
static void bucket_range(struct stats *s)
{
	int k, first = -1, last = -1;

	for (k = 0; s->lat && k < LTTR_HIST_BUCKETS; k++) {
		if (s->lat->hist[k]) {
			if (first < 0)
				first = k;
			last = k;
		}
	}
	if (first < 0) {
		s->b0 = 0;
		s->b1 = MIN_BUCKETS - 1;
		return;
	}
	s->b0 = first > 0 ? first - 1 : 0;
	s->b1 = last < LTTR_HIST_BUCKETS - 1 ? last + 1 : LTTR_HIST_BUCKETS - 1;
	while (s->b1 - s->b0 + 1 < MIN_BUCKETS) {
		if (s->b1 < LTTR_HIST_BUCKETS - 1)
			s->b1++;
		else if (s->b0 > 0)
			s->b0--;
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

static double bar_height(const struct stats *s, uint64_t c, uint64_t max, double h)
{
	double v;

	if (!c || !max)
		return 0;
	if (gtk_toggle_button_get_active(GTK_TOGGLE_BUTTON(s->logscale)))
		v = h * log10(1.0 + (double)c) / log10(1.0 + (double)max);
	else
		v = h * (double)c / (double)max;
	return v < 2 ? 2 : v;	/* a bucket with a count is always seen */
}

static void text_at(cairo_t *cr, double x, double y, const char *s, double align)
{
	cairo_text_extents_t e;

	cairo_text_extents(cr, s, &e);
	cairo_move_to(cr, x - e.x_advance * align, y);
	cairo_show_text(cr, s);
}

static void draw_yaxis(struct stats *s, cairo_t *cr, uint64_t max, double y1, double h,
		       double x1)
{
	bool logs = gtk_toggle_button_get_active(GTK_TOGGLE_BUTTON(s->logscale));
	uint64_t t, step = 1;
	char lab[32];

	if (!logs) {
		while (step <= max / 10)
			step *= 10;
		if (max / step > 5)
			step *= 2;
	}
	for (t = logs ? 1 : step; t <= max; t = logs ? t * 10 : t + step) {
		double y = y1 - bar_height(s, t, max, h);

		cairo_set_source_rgb(cr, 0.88, 0.88, 0.88);
		cairo_move_to(cr, s->x0, floor(y) + 0.5);
		cairo_line_to(cr, x1, floor(y) + 0.5);
		cairo_stroke(cr);
		cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
		snprintf(lab, sizeof(lab), "%llu", (unsigned long long)t);
		text_at(cr, s->x0 - 4, y + 4, lab, 1.0);
		if (logs && t > UINT64_MAX / 10)
			break;
	}
	cairo_save(cr);
	cairo_translate(cr, 12, y1 - h / 2);
	cairo_rotate(cr, -G_PI / 2);
	text_at(cr, 0, 0, logs ? "count (log)" : "count", 0.5);
	cairo_restore(cr);
}

static void draw_xaxis(struct stats *s, cairo_t *cr, double y1, double x1, int width)
{
	cairo_text_extents_t e;
	int k, every = 1;
	char lab[32];

	while (s->bw * every < 48)
		every++;
	cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
	cairo_move_to(cr, s->x0, floor(y1) + 0.5);
	cairo_line_to(cr, x1, floor(y1) + 0.5);
	cairo_move_to(cr, floor(s->x0) + 0.5, MT);
	cairo_line_to(cr, floor(s->x0) + 0.5, y1);
	cairo_stroke(cr);
	for (k = s->b0; k <= s->b1 + 1; k++) {
		double x = s->x0 + (k - s->b0) * s->bw;
		uint64_t lo, hi;

		cairo_move_to(cr, floor(x) + 0.5, y1);
		cairo_line_to(cr, floor(x) + 0.5, y1 + 4);
		cairo_stroke(cr);
		if ((k - s->b0) % every)
			continue;
		if (k <= s->b1) {
			lttr_lat_bucket_bounds((unsigned int)k, &lo, &hi);
		} else {
			lttr_lat_bucket_bounds((unsigned int)s->b1, &lo, &hi);
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
	text_at(cr, (s->x0 + width - MR) / 2, y1 + 32,
		"duration (log2 buckets: [2^k, 2^(k+1)) ns)", 0.5);
}

static gboolean on_draw(GtkWidget *w, cairo_t *cr, gpointer data)
{
	struct stats *s = data;
	int width = gtk_widget_get_allocated_width(w), height = gtk_widget_get_allocated_height(w);
	double x1 = width - MR, y1 = height - MB, h = y1 - MT;
	uint64_t max = 0;
	int k;

	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	cairo_select_font_face(cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, 11);
	cairo_set_line_width(cr, 1);
	cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
	text_at(cr, ML, 16, s->lat ? s->what : "choose a syscall, irq or softirq on the left", 0);
	if (!s->lat || h < 10 || x1 - ML < 20)
		return FALSE;
	s->x0 = ML;
	s->bw = (x1 - ML) / (s->b1 - s->b0 + 1);
	for (k = s->b0; k <= s->b1; k++)
		if (s->lat->hist[k] > max)
			max = s->lat->hist[k];
	if (!max) {
		text_at(cr, ML, MT + 20, "no call with both its entry and its exit in the trace", 0);
		return FALSE;
	}
	draw_yaxis(s, cr, max, y1, h, x1);
	for (k = s->b0; k <= s->b1; k++) {
		double bh = bar_height(s, s->lat->hist[k], max, h);
		const double *rgb = k == s->sel ? sel_rgb : bar_rgb;
		double x = s->x0 + (k - s->b0) * s->bw;

		if (!bh)
			continue;
		cairo_set_source_rgb(cr, rgb[0], rgb[1], rgb[2]);
		cairo_rectangle(cr, floor(x) + 1, floor(y1 - bh), floor(x + s->bw) - floor(x) - 2,
				floor(y1) - floor(y1 - bh));
		cairo_fill(cr);
	}
	draw_xaxis(s, cr, y1, x1, width);
	return FALSE;
}

/* the bucket under @x, or -1 */
static int bucket_at(const struct stats *s, double x)
{
	int k;

	if (!s->lat || s->bw <= 0 || x < s->x0)
		return -1;
	k = s->b0 + (int)((x - s->x0) / s->bw);
	return k <= s->b1 ? k : -1;
}

/* the durations of bucket @k: "[1.024 us, 2.048 us)", or "1.099511 s and longer" */
static const char *bucket_text(int k, char *buf, size_t size)
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
	struct stats *s = data;
	int k = bucket_at(s, x);
	char range[80], text[160];

	(void)w;
	(void)y;
	(void)kb;
	if (k < 0)
		return FALSE;
	snprintf(text, sizeof(text), "%s: %llu\nclick: list them",
		 bucket_text(k, range, sizeof(range)), (unsigned long long)s->lat->hist[k]);
	gtk_tooltip_set_text(tip, text);
	return TRUE;
}

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
	const struct lttr_account *a = s->d->a;
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
			 x->pid ? lttr_view_comm(s->d->v, x->pid, x->start_ns) : "idle");
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
	s->sel = k;
	gtk_widget_queue_draw(s->area);
	memset(&q, 0, sizeof(q));
	q.kind = (unsigned int)s->kind;
	q.what = s->nr;
	q.sysvec = s->sysvec;
	q.max = MAX_LISTED;
	lttr_lat_bucket_bounds((unsigned int)k, &q.lo_ns, &q.hi_ns);
	bucket_text(k, range, sizeof(range));
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
	res = lttr_instances_find(s->d->t, &q, inst_progress, &pr, &r, &err);
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

static gboolean on_press(GtkWidget *w, GdkEventButton *ev, gpointer data)
{
	struct stats *s = data;

	if (ev->type != GDK_BUTTON_PRESS || ev->button != 1)
		return FALSE;
	gtk_widget_grab_focus(w);
	choose_bucket(s, bucket_at(s, ev->x));
	return TRUE;
}

/* an instance in the graphs: the window around it, the cursor at its start, its task */
static void on_instance(GtkTreeView *tv, GtkTreePath *path, GtkTreeViewColumn *c, gpointer data)
{
	struct stats *s = data;
	GtkTreeModel *m = gtk_tree_view_get_model(tv);
	GtkTreeIter it;
	guint64 t0, t1, margin;
	guint pid;

	(void)c;
	if (!gtk_tree_model_get_iter(m, &it, path))
		return;
	gtk_tree_model_get(m, &it, I_START, &t0, I_END, &t1, I_PID, &pid, -1);
	margin = (t1 - t0) / 2 > 1000 ? (t1 - t0) / 2 : 1000;
	gv_doc_set_window(s->d, t0 > s->d->vp.start + margin ? t0 - margin : s->d->vp.start,
			  t1 + margin);
	gv_doc_set_cursor(s->d, t0);
	if (pid)
		gv_doc_select_pid(s->d, pid);
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
	s->sel = -1;
	snprintf(s->what, sizeof(s->what), "%s%s%s", label,
		 kind == LTTR_INST_SYSCALL ? ", " : "",
		 kind == LTTR_INST_SYSCALL ? (group < 0 ? "all processes" : owner) : "");
	bucket_range(s);
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
	gtk_widget_queue_draw(s->area);
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
	const struct lttr_account *a = s->d->a;
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

		name = q->sysvec ? lttr_sysvec_name(q->irq) : lttr_trace_irq_name(s->d->t, q->irq);
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

static GtkWidget *scrolled(GtkWidget *child)
{
	GtkWidget *sw = gtk_scrolled_window_new(NULL, NULL);

	gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(sw), GTK_POLICY_AUTOMATIC,
				       GTK_POLICY_AUTOMATIC);
	gtk_container_add(GTK_CONTAINER(sw), child);
	return sw;
}

/* a column of text: numbers on the right; else it takes the room left, ellipsized */
static void text_column(GtkWidget *tv, const char *title, int col, int sort_col, bool right)
{
	GtkCellRenderer *r = gtk_cell_renderer_text_new();
	GtkTreeViewColumn *c = gtk_tree_view_column_new_with_attributes(title, r, "text", col,
									 NULL);

	if (right) {
		g_object_set(r, "xalign", 1.0, NULL);
		gtk_tree_view_column_set_alignment(c, 1.0);
	} else {
		g_object_set(r, "ellipsize", PANGO_ELLIPSIZE_END, NULL);
		gtk_tree_view_column_set_expand(c, TRUE);
	}
	gtk_tree_view_column_set_resizable(c, TRUE);
	gtk_tree_view_column_set_sort_column_id(c, sort_col);
	gtk_tree_view_append_column(GTK_TREE_VIEW(tv), c);
}

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
	text_column(s->src_view, "histogram", S_LABEL, S_LABEL, false);
	text_column(s->src_view, "count", S_COUNT_S, S_COUNT, true);
	sel = gtk_tree_view_get_selection(GTK_TREE_VIEW(s->src_view));
	g_signal_connect(sel, "changed", G_CALLBACK(on_source), s);
	/* the most frequent syscall of all processes to begin with */
	path = gtk_tree_path_new_first();
	gtk_tree_view_expand_row(GTK_TREE_VIEW(s->src_view), path, FALSE);
	gtk_tree_path_down(path);
	gtk_tree_selection_select_path(sel, path);
	gtk_tree_path_free(path);
	return scrolled(s->src_view);
}

static void on_scale(GtkToggleButton *b, gpointer data)
{
	struct stats *s = data;

	(void)b;
	gtk_widget_queue_draw(s->area);
}

static GtkWidget *build_histogram(struct stats *s)
{
	GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2);
	GtkWidget *line = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);

	s->info = gtk_label_new("");
	gtk_widget_set_name(s->info, "histogram-info");
	gtk_label_set_xalign(GTK_LABEL(s->info), 0);
	gtk_label_set_ellipsize(GTK_LABEL(s->info), PANGO_ELLIPSIZE_END);
	gtk_label_set_selectable(GTK_LABEL(s->info), TRUE);
	s->logscale = gtk_check_button_new_with_label("log scale");
	gtk_toggle_button_set_active(GTK_TOGGLE_BUTTON(s->logscale), TRUE);
	g_signal_connect(s->logscale, "toggled", G_CALLBACK(on_scale), s);
	gtk_box_pack_start(GTK_BOX(line), s->info, TRUE, TRUE, 0);
	gtk_box_pack_end(GTK_BOX(line), s->logscale, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(box), line, FALSE, FALSE, 0);
	s->area = gtk_drawing_area_new();
	gtk_widget_set_name(s->area, "histogram");
	atk_object_set_name(gtk_widget_get_accessible(s->area), "Latency histogram");
	gtk_widget_set_size_request(s->area, 300, 120);
	gtk_widget_set_can_focus(s->area, TRUE);
	gtk_widget_add_events(s->area, GDK_BUTTON_PRESS_MASK);
	gtk_widget_set_has_tooltip(s->area, TRUE);
	g_signal_connect(s->area, "draw", G_CALLBACK(on_draw), s);
	g_signal_connect(s->area, "button-press-event", G_CALLBACK(on_press), s);
	g_signal_connect(s->area, "query-tooltip", G_CALLBACK(on_tooltip), s);
	gtk_box_pack_start(GTK_BOX(box), s->area, TRUE, TRUE, 0);
	return box;
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
	text_column(tv, "task", I_TASK, I_PID, false);
	gtk_widget_set_tooltip_text(gtk_tree_view_column_get_button(
		gtk_tree_view_get_column(GTK_TREE_VIEW(tv), 0)),
		"the task that made the call, or that the irq or softirq interrupted; "
		"double-click a call: show it in the graphs");
	text_column(tv, "cpu", I_CPU, I_CPU, true);
	text_column(tv, "start", I_START_S, I_START, true);
	text_column(tv, "duration", I_DUR_S, I_DUR, true);
	g_signal_connect(tv, "row-activated", G_CALLBACK(on_instance), s);
	gtk_box_pack_start(GTK_BOX(box), scrolled(tv), TRUE, TRUE, 0);
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
 * @d: the document (its accounting @d->a)
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
	s->sel = -1;
	s->group = -1;
	s->groups = lttr_account_group(d->a, &s->ngroups);
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
