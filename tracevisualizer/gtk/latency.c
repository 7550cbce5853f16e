// SPDX-License-Identifier: GPL-2.0
/*
 * latency.c - the Latency tab: the latency analyses of the trace
 * (lttr_timing_compute(), what "latency --kind K --json" prints, with its
 * default --worst 10).  Above, the kind (wakeup and preemption, irq,
 * softirq handler and raise, syscall, timer) and a threshold; on the left
 * the table of groups, each sub-kind's total with its groups per number
 * or task under it (per syscall, then per task): count, min, mean, p50,
 * p90, p99, p99.9, max, standard deviation and, with a threshold, the
 * instances over it, sortable by any column.  For the group chosen, its
 * log2 histogram (histogram.c), its figures (where a syscall's time went,
 * a timer's periods), its worst instances; for the instance chosen, its
 * explanation beside (lttr_explain(): the totals per task, irq, softirq
 * and wait, then the pieces that tile it, for a blocked piece who woke it
 * and what the waker was doing).  A double-click on an instance shows it
 * in the graphs (the window around it, the cursor at its start, its task
 * selected); on a blocked piece, the critical path of that block (what
 * the waker did meanwhile, critpath.c); on another piece, that piece.
 *
 * Every figure is a field of those results; the words are the library's
 * (lttr/output/timing-text.h).  The analyses run when the tab is first
 * shown (before the first frame for a screenshot), again for another kind
 * or threshold; the explanations of a group's worst instances in one
 * pass when one is chosen.  Each pass shows the "Working" dialog after
 * 0.3 s, whose Cancel stops it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/analysis/explain.h>
#include <lttr/analysis/timing.h>
#include <lttr/output/timing-text.h>
#include <lttr/units/duration.h>
#include "gv.h"

#define NWORST 10	/* worst instances per group: latency's default --worst */

/* the groups' tree: label, group index, then the figures (ns, counts) */
enum { G_LABEL, G_INDEX, G_COUNT, G_MIN, G_MEAN, G_P50, G_P90, G_P99, G_P999, G_MAX, G_SD,
	G_OVER, G_NCOLS };
/* the worst instances */
enum { W_START_S, W_DUR_S, W_TASK, W_CPU, W_WHAT, W_INDEX, W_START, W_DUR, W_NCOLS };
/* the explanation: text, start, duration, share; kind of row, its index */
enum { E_TEXT, E_START_S, E_DUR_S, E_SHARE, E_KIND, E_INDEX, E_NCOLS };
enum { EK_HEAD, EK_TOTAL, EK_ITEM };

static const char *const kind_titles[LTTR_TIMING_KINDS] = {
	"wakeup to run, and preempted to run again",
	"irq handlers, entry to exit",
	"softirq handlers, entry to exit; raise to entry",
	"system calls, entry to exit",
	"timer activations: deadline to first run",
};

struct latency {
	struct gv_doc *d;
	GtkWidget *top;
	GtkWidget *kind;
	GtkWidget *threshold;
	GtkWidget *summary;
	GtkWidget *again;	/* shown when the kind's pass was canceled or failed */
	GtkTreeStore *groups;
	GtkWidget *groups_view;
	GtkTreeViewColumn *over_col;
	GtkWidget *ginfo;
	struct gv_hist *hist;
	GtkListStore *worst;
	GtkWidget *worst_view;
	GtkTreeStore *ex;
	GtkWidget *ex_view;
	GtkWidget *ex_label;
	struct lttr_timing *r[LTTR_TIMING_KINDS];
	struct lttr_explained **expl[LTTR_TIMING_KINDS];	/* per group, or NULL */
	bool has_threshold;
	uint64_t threshold_ns;
	long group;		/* the group shown, -1 none */
	struct gv_progress *gp;
	bool busy;
	bool dead;
	bool filling;		/* the lists being filled: no selection reacts */
	bool shown;		/* computed once (the tab was shown) */
	bool scheduled;		/* ... to be, once the events of its showing are done */
	bool first;		/* its first instance explained once */
};

static void forget(struct latency *l, unsigned int k)
{
	size_t i;

	for (i = 0; l->expl[k] && l->r[k] && i < l->r[k]->ngroups; i++)
		lttr_explained_free(l->expl[k][i]);
	free(l->expl[k]);
	l->expl[k] = NULL;
	lttr_timing_free(l->r[k]);
	l->r[k] = NULL;
}

static void lat_free(struct latency *l)
{
	unsigned int k;

	for (k = 0; k < LTTR_TIMING_KINDS; k++)
		forget(l, k);
	free(l);
}

static unsigned int kind_of(const struct latency *l)
{
	int k = gtk_combo_box_get_active(GTK_COMBO_BOX(l->kind));

	return k >= 0 && k < LTTR_TIMING_KINDS ? (unsigned int)k : 0;
}

static const struct lttr_timing *result(const struct latency *l)
{
	return l->r[kind_of(l)];
}

static const struct lttr_timing_group *group(const struct latency *l)
{
	const struct lttr_timing *r = result(l);

	return r && l->group >= 0 && (size_t)l->group < r->ngroups ? &r->groups[l->group] : NULL;
}

static int progress(void *arg, unsigned int permille)
{
	struct latency *l = arg;

	return gv_progress_step(l->gp, permille) || l->dead;
}

/* a pass is over: false when the tab went meanwhile (then freed) */
static bool still_here(struct latency *l)
{
	gv_progress_end(l->gp);
	l->gp = NULL;
	l->busy = false;
	if (!l->dead)
		return true;
	lat_free(l);
	return false;
}

static void set_summary(struct latency *l, const char *text, bool warn)
{
	gtk_label_set_text(GTK_LABEL(l->summary), text);
	if (warn) {
		PangoAttrList *al = pango_attr_list_new();

		pango_attr_list_insert(al, pango_attr_foreground_new(0xc000, 0, 0));
		gtk_label_set_attributes(GTK_LABEL(l->summary), al);
		pango_attr_list_unref(al);
	} else {
		gtk_label_set_attributes(GTK_LABEL(l->summary), NULL);
	}
}

/* ---- the explanation of the instance chosen ---- */

static void clear_explanation(struct latency *l, const char *why)
{
	gtk_tree_store_clear(l->ex);
	gtk_label_set_text(GTK_LABEL(l->ex_label), why);
}

static void show_explanation(struct latency *l, const struct lttr_explanation *e)
{
	const struct lttr_timing *r = result(l);
	const struct lttr_account *a = r->acct;
	uint64_t len = e->req.end_ns - e->req.start_ns;
	char text[320], st[32], du[32], share[32], b[32];
	GtkTreeIter head, it;
	GtkTreePath *path;
	size_t i;

	gtk_tree_store_clear(l->ex);
	lttr_fmt_time(gv_doc_rel(l->d, e->req.start_ns), st, sizeof(st));
	lttr_fmt_duration(len, du, sizeof(du));
	if (e->req.scope == LTTR_EXS_CPU)
		snprintf(text, sizeof(text), "What ran on cpu %u%s (double-click a piece: show it)",
			 e->req.cpu, e->req.lead_ns ? ", after the wait for the timer" : "");
	else
		snprintf(text, sizeof(text), "What %u %s did (double-click a blocked piece: what "
			 "the waker did meanwhile)", e->req.pid, lttr_timing_task_name(a, e->req.pid));
	gtk_label_set_text(GTK_LABEL(l->ex_label), text);
	snprintf(text, sizeof(text), "Totals (they add up to the %s)", du);
	gtk_tree_store_insert_with_values(l->ex, &head, NULL, -1, E_TEXT, text, E_START_S, st,
					  E_DUR_S, du, E_SHARE, "100%", E_KIND, EK_HEAD,
					  E_INDEX, 0, -1);
	for (i = 0; i < e->ntot; i++) {
		const struct lttr_ex_total *o = &e->tot[i];
		char who[160];

		snprintf(text, sizeof(text), "%s (%llu piece%s)",
			 lttr_ex_total_str(l->d->s.t, a, o, who, sizeof(who)),
			 (unsigned long long)o->count, o->count == 1 ? "" : "s");
		lttr_fmt_duration(o->ns, du, sizeof(du));
		snprintf(share, sizeof(share), "%.1f%%", lttr_ex_total_pct(e, o));
		gtk_tree_store_insert_with_values(l->ex, &it, &head, -1, E_TEXT, text, E_START_S, "",
						  E_DUR_S, du, E_SHARE, share, E_KIND, EK_TOTAL,
						  E_INDEX, (int)i, -1);
	}
	snprintf(text, sizeof(text), "Pieces, in time order (%zu)", e->n);
	lttr_fmt_duration(len, du, sizeof(du));
	gtk_tree_store_insert_with_values(l->ex, &head, NULL, -1, E_TEXT, text, E_START_S, st,
					  E_DUR_S, du, E_SHARE, "", E_KIND, EK_HEAD, E_INDEX, 1, -1);
	for (i = 0; i < e->n; i++) {
		const struct lttr_ex_item *x = &e->v[i];
		char desc[384];

		lttr_fmt_time(gv_doc_rel(l->d, x->start_ns), b, sizeof(b));
		lttr_fmt_duration(x->end_ns - x->start_ns, du, sizeof(du));
		gtk_tree_store_insert_with_values(l->ex, &it, &head, -1,
						  E_TEXT, lttr_ex_item_str(l->d->s.t, a, x, desc,
									   sizeof(desc)),
						  E_START_S, b, E_DUR_S, du, E_SHARE, "",
						  E_KIND, EK_ITEM, E_INDEX, (int)i, -1);
	}
	gtk_tree_view_expand_all(GTK_TREE_VIEW(l->ex_view));
	path = gtk_tree_path_new_first();
	gtk_tree_view_scroll_to_cell(GTK_TREE_VIEW(l->ex_view), path, NULL, FALSE, 0, 0);
	gtk_tree_path_free(path);
}

/*
 * One pass explains the worst instances of the group shown, into @out
 * (NULL when canceled or failed): 0, or -1 when the tab went meanwhile
 * (@l is freed)
 */
static int explained(struct latency *l, struct lttr_explained **out)
{
	unsigned int k = kind_of(l);
	const struct lttr_timing_group *g = group(l);
	struct lttr_ex_req q[NWORST];
	struct lttr_explained *x = NULL;
	struct lttr_error err;
	char what[160], name[96];
	size_t n;
	int r;

	*out = NULL;
	if (!g || !l->expl[k])
		return 0;
	if (l->expl[k][l->group]) {
		*out = l->expl[k][l->group];
		return 0;
	}
	for (n = 0; n < g->nworst && n < NWORST; n++)
		lttr_ex_req_of(&g->worst[n], &q[n]);
	snprintf(what, sizeof(what), "Explaining the worst of %s",
		 lttr_timing_group_str(l->d->s.t, l->r[k], g, name, sizeof(name)));
	clear_explanation(l, "explaining (a pass over the trace)...");
	l->busy = true;
	l->gp = gv_progress_begin(l->d, what);
	r = lttr_explain_progress(l->d->s.t, q, n, progress, l, &x, &err);
	if (!still_here(l)) {
		lttr_explained_free(x);
		return -1;
	}
	if (r < 0) {
		/* chosen again, it is explained again */
		l->filling = true;
		gtk_tree_selection_unselect_all(gtk_tree_view_get_selection(
			GTK_TREE_VIEW(l->worst_view)));
		l->filling = false;
		clear_explanation(l, r == -LTTR_E_CANCELED ?
				  "canceled: choose an instance to explain it" : err.msg);
		return 0;
	}
	l->expl[k][l->group] = x;
	*out = x;
	return 0;
}

static void on_instance(GtkTreeSelection *sel, gpointer data)
{
	struct latency *l = data;
	struct lttr_explained *x;
	GtkTreeModel *m;
	GtkTreeIter it;
	int i;

	if (l->filling || l->busy || !gtk_tree_selection_get_selected(sel, &m, &it))
		return;
	gtk_tree_model_get(m, &it, W_INDEX, &i, -1);
	if (explained(l, &x) < 0 || !x)		/* (gone: freed by still_here()) */
		return;
	if (i >= 0 && (size_t)i < x->n)
		show_explanation(l, &x->v[i]);
}

/* a double-click: the instance in the graphs */
static void on_instance_activated(GtkTreeView *tv, GtkTreePath *path, GtkTreeViewColumn *c,
				  gpointer data)
{
	struct latency *l = data;
	const struct lttr_timing_group *g = group(l);
	GtkTreeIter it;
	int i;

	(void)c;
	if (!g || !gtk_tree_model_get_iter(gtk_tree_view_get_model(tv), &it, path))
		return;
	gtk_tree_model_get(gtk_tree_view_get_model(tv), &it, W_INDEX, &i, -1);
	if (i >= 0 && (size_t)i < g->nworst)
		gv_doc_show_span(l->d, g->worst[i].start_ns, g->worst[i].end_ns, g->worst[i].pid);
}

/* a double-click on a piece: a blocked one's critical path, else the piece */
static void on_piece_activated(GtkTreeView *tv, GtkTreePath *path, GtkTreeViewColumn *c,
			       gpointer data)
{
	struct latency *l = data;
	const struct lttr_timing_group *g = group(l);
	GtkTreeSelection *wsel = gtk_tree_view_get_selection(GTK_TREE_VIEW(l->worst_view));
	const struct lttr_explained *x;
	const struct lttr_ex_item *e;
	GtkTreeModel *m;
	GtkTreeIter it, wit;
	int kind, i, w;

	(void)c;
	if (!g || l->busy || !gtk_tree_model_get_iter(gtk_tree_view_get_model(tv), &it, path) ||
	    !gtk_tree_selection_get_selected(wsel, &m, &wit))
		return;
	gtk_tree_model_get(gtk_tree_view_get_model(tv), &it, E_KIND, &kind, E_INDEX, &i, -1);
	gtk_tree_model_get(m, &wit, W_INDEX, &w, -1);
	x = l->expl[kind_of(l)] ? l->expl[kind_of(l)][l->group] : NULL;
	if (kind != EK_ITEM || !x || w < 0 || (size_t)w >= x->n || i < 0 ||
	    (size_t)i >= x->v[w].n)
		return;
	e = &x->v[w].v[i];
	if (e->type == LTTR_EX_BLOCKED)
		gv_critpath_show(l->d, e->pid, e->start_ns, e->end_ns);
	else
		gv_doc_show_span(l->d, e->start_ns, e->end_ns, e->pid);
}

/* ---- the group chosen ---- */

static void group_info(struct latency *l, const struct lttr_timing_group *g)
{
	const struct lttr_dist *d = &g->dist;
	char text[1024];
	size_t n;

	n = (size_t)snprintf(text, sizeof(text),
			     "count %llu   min %.3f   mean %.3f   p50 %.3f   p90 %.3f us\n"
			     "p99 %.3f   p99.9 %.3f   max %.3f   stddev %.3f us",
			     (unsigned long long)d->lat.count, (double)d->lat.min / 1e3,
			     (double)lttr_lat_mean(&d->lat) / 1e3, (double)d->p50 / 1e3,
			     (double)d->p90 / 1e3, (double)d->p99 / 1e3, (double)d->p999 / 1e3,
			     (double)d->lat.max / 1e3, (double)d->stddev / 1e3);
	if (l->has_threshold && n < sizeof(text)) {
		char dd[32];

		n += (size_t)snprintf(text + n, sizeof(text) - n, "   over %s: %llu",
				      lttr_fmt_duration(l->threshold_ns, dd, sizeof(dd)),
				      (unsigned long long)g->over);
	}
	if (g->sub == LTTR_SUB_CALL && n < sizeof(text)) {
		unsigned int p;

		n += (size_t)snprintf(text + n, sizeof(text) - n, "\nwhere the time went (ms):");
		for (p = 0; p < LTTR_PART_COUNT && n < sizeof(text); p++)
			if (g->part[p])
				n += (size_t)snprintf(text + n, sizeof(text) - n, "   %s %.3f",
						      lttr_timing_part_name(p),
						      (double)g->part[p] / 1e6);
	}
	if (g->sub == LTTR_SUB_TIMER && g->level == LTTR_TG_TASK && n < sizeof(text))
		snprintf(text + n, sizeof(text) - n,
			 "\nperiods (us): expected p50 %.3f; actual min %.3f, p50 %.3f, max %.3f, "
			 "stddev %.3f; nothing left to wait %llu, ended early %llu, "
			 "timerfd expiries missed %llu",
			 (double)g->period.p50 / 1e3, (double)g->actual.lat.min / 1e3,
			 (double)g->actual.p50 / 1e3, (double)g->actual.lat.max / 1e3,
			 (double)g->actual.stddev / 1e3, (unsigned long long)g->zero_left,
			 (unsigned long long)g->early, (unsigned long long)g->missed);
	gtk_label_set_text(GTK_LABEL(l->ginfo), text);
}

static void show_group(struct latency *l, long index)
{
	const struct lttr_timing *r = result(l);
	const struct lttr_timing_group *g;
	char title[200], name[96], st[32], du[32], what[256], task[96];
	GtkTreeIter it;
	size_t i;

	l->group = index;
	g = group(l);
	l->filling = true;
	gtk_list_store_clear(l->worst);
	l->filling = false;
	clear_explanation(l, "choose an instance: what made it long");
	if (!g) {
		gv_hist_set(l->hist, NULL, "");
		gtk_label_set_text(GTK_LABEL(l->ginfo), "");
		return;
	}
	snprintf(title, sizeof(title), "%s: %s", lttr_timing_kind_name(r->kind),
		 lttr_timing_group_str(l->d->s.t, r, g, name, sizeof(name)));
	gv_hist_set(l->hist, &g->dist.lat, title);
	group_info(l, g);
	l->filling = true;
	for (i = 0; i < g->nworst; i++) {
		const struct lttr_timing_inst *in = &g->worst[i];

		lttr_fmt_time(gv_doc_rel(l->d, in->start_ns), st, sizeof(st));
		lttr_fmt_duration(in->end_ns - in->start_ns, du, sizeof(du));
		snprintf(task, sizeof(task), "%u %s", in->pid,
			 lttr_timing_task_name(r->acct, in->pid));
		gtk_list_store_insert_with_values(l->worst, &it, -1, W_START_S, st, W_DUR_S, du,
						  W_TASK, task, W_CPU, (guint)in->cpu,
						  W_WHAT, lttr_timing_inst_str(l->d->s.t, r, in, what,
									       sizeof(what)),
						  W_INDEX, (int)i, W_START, (guint64)in->start_ns,
						  W_DUR, (guint64)(in->end_ns - in->start_ns), -1);
	}
	l->filling = false;
}

static void on_group(GtkTreeSelection *sel, gpointer data)
{
	struct latency *l = data;
	GtkTreeModel *m;
	GtkTreeIter it;
	int index;

	if (l->filling || l->busy || !gtk_tree_selection_get_selected(sel, &m, &it))
		return;
	gtk_tree_model_get(m, &it, G_INDEX, &index, -1);
	show_group(l, index);
}

/* ---- the groups ---- */

static void add_group(struct latency *l, GtkTreeIter *it, GtkTreeIter *parent, size_t i)
{
	const struct lttr_timing *r = result(l);
	const struct lttr_timing_group *g = &r->groups[i];
	const struct lttr_dist *d = &g->dist;
	char name[96];

	gtk_tree_store_insert_with_values(l->groups, it, parent, -1,
					  G_LABEL, lttr_timing_group_str(l->d->s.t, r, g, name,
									 sizeof(name)),
					  G_INDEX, (int)i, G_COUNT, (guint64)d->lat.count,
					  G_MIN, (guint64)d->lat.min,
					  G_MEAN, (guint64)lttr_lat_mean(&d->lat),
					  G_P50, (guint64)d->p50, G_P90, (guint64)d->p90,
					  G_P99, (guint64)d->p99, G_P999, (guint64)d->p999,
					  G_MAX, (guint64)d->lat.max, G_SD, (guint64)d->stddev,
					  G_OVER, (guint64)g->over, -1);
}

static void fill_groups(struct latency *l)
{
	const struct lttr_timing *r = result(l);
	unsigned int child;
	size_t i, k, j;

	l->filling = true;
	gtk_tree_store_clear(l->groups);
	l->filling = false;
	if (!r)
		return;
	child = r->kind == LTTR_TIMING_WAKEUP || r->kind == LTTR_TIMING_TIMER ? LTTR_TG_TASK :
		LTTR_TG_WHAT;
	l->filling = true;
	for (i = 0; i < r->ngroups; i++) {
		const struct lttr_timing_group *g = &r->groups[i];
		GtkTreeIter all, it, sub;

		if (g->level != LTTR_TG_ALL)
			continue;
		add_group(l, &all, NULL, i);
		for (k = 0; k < r->ngroups; k++) {
			const struct lttr_timing_group *c = &r->groups[k];

			if (c->level != child || c->sub != g->sub)
				continue;
			add_group(l, &it, &all, k);
			/* a syscall's groups per task under it */
			for (j = 0; r->kind == LTTR_TIMING_SYSCALL && j < r->ngroups; j++)
				if (r->groups[j].level == LTTR_TG_TASK && r->groups[j].sub == c->sub &&
				    r->groups[j].what == c->what)
					add_group(l, &sub, &it, j);
		}
	}
	l->filling = false;
}

static void summarize(struct latency *l)
{
	const struct lttr_timing *r = result(l);
	char text[512];
	uint64_t n = 0;
	size_t i, len;

	for (i = 0; i < r->ngroups; i++)
		if (r->groups[i].level == LTTR_TG_ALL)
			n += r->groups[i].dist.lat.count;
	len = (size_t)snprintf(text, sizeof(text), "%s: %llu instances", kind_titles[r->kind],
			       (unsigned long long)n);
	if (l->has_threshold && len < sizeof(text)) {
		char dd[32];

		len += (size_t)snprintf(text + len, sizeof(text) - len, "; %zu over %s", r->nover,
					lttr_fmt_duration(l->threshold_ns, dd, sizeof(dd)));
	}
	if (r->kind == LTTR_TIMING_SOFTIRQ && !r->raises && len < sizeof(text))
		len += (size_t)snprintf(text + len, sizeof(text) - len,
					"; no raise recorded (format 1.4)");
	if (r->unmatched && len < sizeof(text))
		len += (size_t)snprintf(text + len, sizeof(text) - len,
					"; warning: %llu instance%s whose parts do not add up "
					"(contradictory events)", (unsigned long long)r->unmatched,
					r->unmatched == 1 ? "" : "s");
	/* the trace's own warnings (lost events, damage): the bar above lists them */
	if (l->d->nwarnings && len < sizeof(text))
		snprintf(text + len, sizeof(text) - len, "; the figures may be wrong: %zu warning%s "
			 "(the bar above)", l->d->nwarnings, l->d->nwarnings == 1 ? "" : "s");
	set_summary(l, text, r->unmatched != 0 || l->d->nwarnings);
}

/* the kind chosen: computed when it is not yet, then shown */
static void show_kind(struct latency *l)
{
	unsigned int k = kind_of(l);
	GtkTreeSelection *sel = gtk_tree_view_get_selection(GTK_TREE_VIEW(l->groups_view));
	GtkTreePath *path;

	if (l->busy)
		return;
	gtk_widget_hide(l->again);
	gtk_tree_view_column_set_visible(l->over_col, l->has_threshold);
	if (!l->r[k]) {
		struct lttr_timing_query q;
		struct lttr_timing *r = NULL;
		struct lttr_error err;
		char what[128];
		int ret;

		memset(&q, 0, sizeof(q));
		q.kind = k;
		q.to_ns = UINT64_MAX;
		q.nworst = NWORST;
		q.has_threshold = l->has_threshold;
		q.threshold_ns = l->threshold_ns;
		q.progress = progress;
		q.arg = l;
		snprintf(what, sizeof(what), "Latencies (%s): a pass over the trace",
			 lttr_timing_kind_name(k));
		set_summary(l, what, false);
		l->busy = true;
		l->gp = gv_progress_begin(l->d, what);
		ret = lttr_timing_compute(l->d->s.t, &q, &r, &err);
		if (!still_here(l)) {
			lttr_timing_free(r);
			return;
		}
		if (ret < 0) {
			fill_groups(l);
			show_group(l, -1);
			set_summary(l, ret == -LTTR_E_CANCELED ?
				    "Canceled: the latencies were not computed to the end" : err.msg,
				    ret != -LTTR_E_CANCELED);
			gtk_widget_show(l->again);
			return;
		}
		l->r[k] = r;
		l->expl[k] = calloc(r->ngroups + 1, sizeof(*l->expl[k]));
	}
	fill_groups(l);
	gtk_tree_view_expand_all(GTK_TREE_VIEW(l->groups_view));
	summarize(l);
	show_group(l, -1);
	/* the first sub-kind's total to begin with; the first time, its
	 * worst instance explained too */
	path = gtk_tree_path_new_first();
	if (l->r[k]->ngroups)
		gtk_tree_selection_select_path(sel, path);
	if (!l->first && l->r[k]->ngroups && group(l) && group(l)->nworst) {
		l->first = true;
		gtk_tree_selection_select_path(gtk_tree_view_get_selection(
			GTK_TREE_VIEW(l->worst_view)), path);
	}
	gtk_tree_path_free(path);
}

static void on_again(GtkButton *b, gpointer data)
{
	(void)b;
	show_kind(data);
}

static void on_kind(GtkComboBox *c, gpointer data)
{
	struct latency *l = data;

	(void)c;
	if (l->shown)
		show_kind(l);
}

static void on_threshold(GtkEntry *e, gpointer data)
{
	struct latency *l = data;
	const char *text = gtk_entry_get_text(e);
	uint64_t ns = 0;
	unsigned int k;

	if (l->busy)
		return;
	while (*text == ' ')
		text++;
	if (*text && (lttr_parse_duration(text, &ns) || !ns)) {
		gv_doc_message(l->d, true, "threshold: not a duration: %s (%s)", text,
			       LTTR_DURATION_FORM);
		return;
	}
	l->has_threshold = *text != '\0';
	l->threshold_ns = ns;
	for (k = 0; k < LTTR_TIMING_KINDS; k++)	/* their "over" changed */
		forget(l, k);
	show_kind(l);
}

static gboolean first_show(gpointer data)
{
	struct latency *l = data;

	l->scheduled = false;
	if (l->dead)		/* the tab went before it ran (on_destroy()) */
		lat_free(l);
	else
		show_kind(l);
	return G_SOURCE_REMOVE;
}

/*
 * The first time the tab is shown: its room, then its pass, once the
 * event that showed it is handled (a click, a key, an assistive
 * technology's request: it gets its answer first); a picture without a
 * person computes it at once, before the first frame that it shows
 */
static void on_map(GtkWidget *w, gpointer data)
{
	struct latency *l = data;
	const struct gv_app *app = l->d->app;

	(void)w;
	if (l->shown)
		return;
	l->shown = true;
	gv_tab_tables_room(l->d);
	if (app && (app->screenshot || app->bench)) {
		show_kind(l);
	} else {
		set_summary(l, "Latencies: a pass over the trace...", false);
		l->scheduled = true;
		g_idle_add(first_show, l);
	}
}

/* ---- building ---- */


/* a figure: a count, or microseconds as the command line prints them */
static void show_figure(GtkTreeViewColumn *c, GtkCellRenderer *r, GtkTreeModel *m,
			GtkTreeIter *it, gpointer data)
{
	int col = GPOINTER_TO_INT(data);
	guint64 v;
	char buf[32];

	(void)c;
	gtk_tree_model_get(m, it, col, &v, -1);
	if (col == G_COUNT || col == G_OVER)
		snprintf(buf, sizeof(buf), "%llu", (unsigned long long)v);
	else
		snprintf(buf, sizeof(buf), "%.3f", (double)v / 1e3);
	g_object_set(r, "text", buf, NULL);
}

static GtkTreeViewColumn *figure_column(GtkWidget *tv, const char *title, int col,
					const char *tip)
{
	GtkCellRenderer *r = gtk_cell_renderer_text_new();
	GtkTreeViewColumn *c = gtk_tree_view_column_new();

	g_object_set(r, "xalign", 1.0, NULL);
	gtk_tree_view_column_set_title(c, title);
	gtk_tree_view_column_pack_start(c, r, TRUE);
	gtk_tree_view_column_set_cell_data_func(c, r, show_figure, GINT_TO_POINTER(col), NULL);
	gtk_tree_view_column_set_alignment(c, 1.0);
	gtk_tree_view_column_set_resizable(c, TRUE);
	gtk_tree_view_column_set_sort_column_id(c, col);
	gtk_tree_view_append_column(GTK_TREE_VIEW(tv), c);
	gtk_widget_set_tooltip_text(gtk_tree_view_column_get_button(c), tip);
	return c;
}

static GtkWidget *build_bar(struct latency *l)
{
	GtkWidget *bar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
	unsigned int k;

	gtk_box_pack_start(GTK_BOX(bar), gtk_label_new("Kind:"), FALSE, FALSE, 0);
	l->kind = gtk_combo_box_text_new();
	gtk_widget_set_name(l->kind, "latency-kind");
	atk_object_set_name(gtk_widget_get_accessible(l->kind), "Latency kind");
	for (k = 0; k < LTTR_TIMING_KINDS; k++)
		gtk_combo_box_text_append_text(GTK_COMBO_BOX_TEXT(l->kind), lttr_timing_kind_name(k));
	gtk_combo_box_set_active(GTK_COMBO_BOX(l->kind), 0);
	g_signal_connect(l->kind, "changed", G_CALLBACK(on_kind), l);
	gtk_box_pack_start(GTK_BOX(bar), l->kind, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(bar), gtk_label_new("Threshold:"), FALSE, FALSE, 0);
	l->threshold = gtk_entry_new();
	gtk_widget_set_name(l->threshold, "latency-threshold");
	atk_object_set_name(gtk_widget_get_accessible(l->threshold), "Threshold");
	gtk_entry_set_placeholder_text(GTK_ENTRY(l->threshold), "none (2ms, 150us)");
	gtk_entry_set_width_chars(GTK_ENTRY(l->threshold), 16);
	gtk_widget_set_tooltip_text(l->threshold, "a duration (2ms, 150us; a bare number is "
				    "seconds), then Enter: the instances longer "
				    "than it are counted in the column \"over\"; empty: none");
	g_signal_connect(l->threshold, "activate", G_CALLBACK(on_threshold), l);
	gtk_box_pack_start(GTK_BOX(bar), l->threshold, FALSE, FALSE, 0);
	l->summary = gtk_label_new("");
	gtk_widget_set_name(l->summary, "latency-summary");
	atk_object_set_name(gtk_widget_get_accessible(l->summary), "Latency summary");
	gtk_label_set_xalign(GTK_LABEL(l->summary), 0);
	gtk_label_set_ellipsize(GTK_LABEL(l->summary), PANGO_ELLIPSIZE_END);
	gtk_label_set_selectable(GTK_LABEL(l->summary), TRUE);
	gtk_box_pack_start(GTK_BOX(bar), l->summary, TRUE, TRUE, 6);
	l->again = gtk_button_new_with_mnemonic("Compute _again");
	gtk_widget_set_no_show_all(l->again, TRUE);
	g_signal_connect(l->again, "clicked", G_CALLBACK(on_again), l);
	gtk_box_pack_end(GTK_BOX(bar), l->again, FALSE, FALSE, 0);
	return bar;
}

static GtkWidget *build_groups(struct latency *l)
{
	static const char *const tips[] = {
		"instances", "the shortest (us)", "total / count, rounded down (us)",
		"nearest rank: half are at most this long (us)", "90 % are at most this long (us)",
		"99 % are at most this long (us)", "99.9 % are at most this long (us)",
		"the longest (us)", "population standard deviation (us)",
		"instances longer than the threshold",
	};
	static const char *const titles[] = { "count", "min", "mean", "p50", "p90", "p99",
		"p99.9", "max", "stddev", "over" };
	GtkWidget *tv;
	GtkTreeViewColumn *c = NULL;
	int i;

	l->groups = gtk_tree_store_new(G_NCOLS, G_TYPE_STRING, G_TYPE_INT, G_TYPE_UINT64,
				       G_TYPE_UINT64, G_TYPE_UINT64, G_TYPE_UINT64, G_TYPE_UINT64,
				       G_TYPE_UINT64, G_TYPE_UINT64, G_TYPE_UINT64, G_TYPE_UINT64,
				       G_TYPE_UINT64);
	tv = gtk_tree_view_new_with_model(GTK_TREE_MODEL(l->groups));
	g_object_unref(l->groups);
	l->groups_view = tv;
	gtk_widget_set_name(tv, "latency-groups");
	atk_object_set_name(gtk_widget_get_accessible(tv), "Latency groups");
	c = gv_text_column(tv, "group", G_LABEL, G_INDEX, false);
	gtk_tree_view_column_set_min_width(c, 150);
	gtk_widget_set_tooltip_text(gtk_tree_view_column_get_button(c),
				    "each sub-kind's total, its groups per number or task under it");
	for (i = 0; i < G_NCOLS - G_COUNT; i++)
		c = figure_column(tv, titles[i], G_COUNT + i, tips[i]);
	l->over_col = c;
	g_signal_connect(gtk_tree_view_get_selection(GTK_TREE_VIEW(tv)), "changed",
			 G_CALLBACK(on_group), l);
	return gv_scrolled(tv);
}

static GtkWidget *build_worst(struct latency *l)
{
	GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2), *tv, *lab;

	lab = gtk_label_new("Its worst instances (double-click: show one in the graphs)");
	gtk_label_set_xalign(GTK_LABEL(lab), 0);
	gtk_label_set_ellipsize(GTK_LABEL(lab), PANGO_ELLIPSIZE_END);
	gtk_box_pack_start(GTK_BOX(box), lab, FALSE, FALSE, 0);
	l->worst = gtk_list_store_new(W_NCOLS, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING,
				      G_TYPE_UINT, G_TYPE_STRING, G_TYPE_INT, G_TYPE_UINT64,
				      G_TYPE_UINT64);
	tv = gtk_tree_view_new_with_model(GTK_TREE_MODEL(l->worst));
	g_object_unref(l->worst);
	l->worst_view = tv;
	gtk_widget_set_name(tv, "latency-worst");
	atk_object_set_name(gtk_widget_get_accessible(tv), "Worst instances");
	gv_text_column(tv, "start", W_START_S, W_START, true);
	gv_text_column(tv, "duration", W_DUR_S, W_DUR, true);
	gtk_tree_view_column_set_min_width(gv_text_column(tv, "task", W_TASK, -1, false), 150);
	gv_text_column(tv, "cpu", W_CPU, W_CPU, true);
	gtk_tree_view_column_set_min_width(gv_text_column(tv, "what", W_WHAT, -1, false), 150);
	g_signal_connect(gtk_tree_view_get_selection(GTK_TREE_VIEW(tv)), "changed",
			 G_CALLBACK(on_instance), l);
	gtk_tree_view_set_tooltip_column(GTK_TREE_VIEW(tv), W_WHAT);
	g_signal_connect(tv, "row-activated", G_CALLBACK(on_instance_activated), l);
	gtk_box_pack_start(GTK_BOX(box), gv_scrolled(tv), TRUE, TRUE, 0);
	return box;
}

static GtkWidget *build_explanation(struct latency *l)
{
	GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2), *tv;

	l->ex_label = gtk_label_new("");
	gtk_widget_set_name(l->ex_label, "explanation-title");
	atk_object_set_name(gtk_widget_get_accessible(l->ex_label), "Explanation title");
	gtk_label_set_xalign(GTK_LABEL(l->ex_label), 0);
	gtk_label_set_ellipsize(GTK_LABEL(l->ex_label), PANGO_ELLIPSIZE_END);
	gtk_box_pack_start(GTK_BOX(box), l->ex_label, FALSE, FALSE, 0);
	l->ex = gtk_tree_store_new(E_NCOLS, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING,
				   G_TYPE_STRING, G_TYPE_INT, G_TYPE_INT);
	tv = gtk_tree_view_new_with_model(GTK_TREE_MODEL(l->ex));
	g_object_unref(l->ex);
	l->ex_view = tv;
	gtk_widget_set_name(tv, "explanation");
	atk_object_set_name(gtk_widget_get_accessible(tv), "Explanation");
	gtk_tree_view_set_tooltip_column(GTK_TREE_VIEW(tv), E_TEXT);
	gtk_tree_view_column_set_min_width(gv_text_column(tv, "who, what", E_TEXT, -1, false), 150);
	gv_text_column(tv, "start", E_START_S, -1, true);
	gv_text_column(tv, "time", E_DUR_S, -1, true);
	gv_text_column(tv, "share", E_SHARE, -1, true);
	g_signal_connect(tv, "row-activated", G_CALLBACK(on_piece_activated), l);
	gtk_box_pack_start(GTK_BOX(box), gv_scrolled(tv), TRUE, TRUE, 0);
	return box;
}

static GtkWidget *build_histogram(struct latency *l)
{
	l->ginfo = gtk_label_new("");
	gtk_widget_set_name(l->ginfo, "latency-figures");
	atk_object_set_name(gtk_widget_get_accessible(l->ginfo), "Group figures");
	l->hist = gv_hist_new("latency-histogram", "Latency distribution",
			      "no instance", NULL, NULL, NULL);
	return gv_hist_box(l->hist, l->ginfo);
}

static void on_destroy(GtkWidget *w, gpointer data)
{
	struct latency *l = data;

	(void)w;
	l->dead = true;
	if (!l->busy && !l->scheduled)	/* else the pass or first_show() frees it */
		lat_free(l);
}

/* once a pane has a size: the share of it its first child gets (per 100) */
static void on_allocate(GtkWidget *w, GdkRectangle *al, gpointer data)
{
	int pct = GPOINTER_TO_INT(data);
	bool vertical = gtk_orientable_get_orientation(GTK_ORIENTABLE(w)) ==
		GTK_ORIENTATION_VERTICAL;
	int size = vertical ? al->height : al->width;

	if (size > 100 && !g_object_get_data(G_OBJECT(w), "placed")) {
		g_object_set_data(G_OBJECT(w), "placed", GINT_TO_POINTER(1));
		gtk_paned_set_position(GTK_PANED(w), size * pct / 100);
	}
}

static GtkWidget *paned(GtkOrientation o, GtkWidget *a, GtkWidget *b, int pct)
{
	GtkWidget *p = gtk_paned_new(o);

	gtk_paned_pack1(GTK_PANED(p), a, TRUE, FALSE);
	gtk_paned_pack2(GTK_PANED(p), b, TRUE, FALSE);
	g_signal_connect(p, "size-allocate", G_CALLBACK(on_allocate), GINT_TO_POINTER(pct));
	return p;
}

/**
 * gv_latency_new() - the Latency tab of a document
 * @d: the document (its trace @d->s.t)
 *
 * The kind and threshold, the groups, the histogram of the group chosen,
 * its worst instances and the explanation of the one chosen; computed
 * when the tab is first shown.
 *
 * Return: the widget for the tables notebook.
 */
GtkWidget *gv_latency_new(struct gv_doc *d)
{
	struct latency *l = calloc(1, sizeof(*l));
	GtkWidget *right, *left;

	if (!l)
		return gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
	l->d = d;
	l->group = -1;
	l->top = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2);
	gtk_widget_set_name(l->top, "latency");
	gtk_box_pack_start(GTK_BOX(l->top), build_bar(l), FALSE, FALSE, 2);
	/* the groups over the worst of the one chosen; its histogram over the
	 * explanation of the instance chosen */
	left = paned(GTK_ORIENTATION_VERTICAL, build_groups(l), build_worst(l), 55);
	right = paned(GTK_ORIENTATION_VERTICAL, build_histogram(l), build_explanation(l), 45);
	gtk_box_pack_start(GTK_BOX(l->top), paned(GTK_ORIENTATION_HORIZONTAL, left, right, 55),
			   TRUE, TRUE, 0);
	g_signal_connect(l->top, "map", G_CALLBACK(on_map), l);
	g_signal_connect(l->top, "destroy", G_CALLBACK(on_destroy), l);
	return l->top;
}
