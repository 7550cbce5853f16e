// SPDX-License-Identifier: GPL-2.0
/*
 * paths.c - the Paths tab: the causal paths through the trace's messages
 * (the library's lttr_paths_of_trace(): what "tracevisualizer paths
 * --explain --json" prints).  Above, the algorithm (nesting, or
 * convolution), what a node is (process, thread, IP address) and the
 * order of the patterns; on the left the path patterns (count, total and
 * mean latency) or the convolution's paths; on the right the one selected
 * drawn as Aguilera et al.'s Figure 8 (pathgraph.c), with each hop's
 * stacked bar of where its time went; under it the selected hop's
 * figures.  A click on a node (or its arrow's label) selects its
 * representative instance (struct lttr_pnode.rep) and shows it in the
 * graphs: the window around it, the cursor where its callee received the
 * call, the callee's task, the selection from the call received to the
 * return sent.  The keyboard does the same (arrows, Enter).
 *
 * The paths are found when the tab is first shown, in a thread of its own
 * on its own handle of the trace (the views read theirs meanwhile), with
 * the "Working" dialog and its Cancel when it takes long (progress.c).
 */
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/paths/run.h>
#include "gv.h"
#include "pathgraph.h"

/* the list: its text columns, and the pattern (or root vertex) of a row */
enum { L_RANK, L_COUNT, L_TOTAL, L_MEAN, L_KEY, L_INDEX, L_NCOLS };

/* the combo boxes' entries, in the library's order */
static const char *const by_names[] = { "process", "thread", "IP address" };

/**
 * struct job - one search for the paths, in a thread
 * @dir: the trace
 * @by: what a node is
 * @o: what to compute
 * @permille: its progress
 * @cancel: set to stop it
 * @done: set when it is over
 * @thread: its thread
 * @s: the messages found
 * @r: the paths
 * @err: what went wrong
 * @rc: 0 or a negative enum lttr_errcode
 */
struct job {
	char *dir;
	unsigned int by;
	struct lttr_paths_opts o;
	atomic_uint permille;
	atomic_bool cancel;
	atomic_bool done;
	pthread_t thread;
	struct lttr_msgset *s;
	struct lttr_paths *r;
	struct lttr_error err;
	int rc;
};

struct gv_paths {
	struct gv_doc *d;
	GtkWidget *top;
	GtkWidget *algo;
	GtkWidget *by;
	GtkWidget *sort;
	GtkWidget *stack;	/* "paths", or "message" */
	GtkWidget *paned;	/* "paths": the list, the graph */
	GtkWidget *message;
	GtkWidget *again;	/* the message's button: find them again */
	GtkWidget *summary;
	GtkWidget *warn;
	GtkListStore *list;
	GtkWidget *list_view;
	GtkWidget *area;
	GtkWidget *info;
	struct lttr_msgset *s;
	struct lttr_paths *r;
	size_t shown;		/* the pattern (nesting) or root vertex shown */
	bool has_shown;
	struct gv_pgraph g;
	GtkWidget *scroll;	/* the graph's scrolled window */
	bool to_root;		/* a new graph: its first node to be in sight */
	bool grown;		/* the panes were moved for the first graph */
	bool computed;		/* the results are those of the combos' choices */
	bool busy;
	bool dead;
	bool scheduled;
};

/* the nodes drawn at most (a tree of thousands is no picture: a path of
 * the convolution over messages that alternate both ways can be) */
#define MAX_DRAWN 100

static double ms(uint64_t ns)
{
	return (double)ns / 1e6;
}

/* ---- the search, in a thread ---- */

static int job_progress(void *arg, unsigned int permille)
{
	struct job *j = arg;

	atomic_store(&j->permille, permille);
	return atomic_load(&j->cancel);
}

static void *job_run(void *arg)
{
	struct job *j = arg;
	struct lttr_trace *t = NULL;

	/* a handle of its own: the views read the document's meanwhile */
	j->rc = lttr_trace_open(j->dir, LTTR_OPEN_SALVAGE, &t, &j->err);
	if (j->rc == 0) {
		j->rc = lttr_paths_of_trace(t, j->by, &j->o, job_progress, j, &j->s, &j->r,
					    &j->err);
		lttr_trace_close(t);
	}
	atomic_store(&j->done, true);
	return NULL;
}

static void job_free(struct job *j)
{
	lttr_paths_free(j->r);
	lttr_msgset_free(j->s);
	free(j->dir);
	free(j);
}

static void paths_free(struct gv_paths *pv)
{
	lttr_paths_free(pv->r);
	lttr_msgset_free(pv->s);
	free(pv->g.v);
	free(pv);
}

static bool nesting(const struct gv_paths *pv)
{
	return pv->r && pv->r->algorithm == LTTR_PATHS_NESTING;
}

static void show_message(struct gv_paths *pv, const char *text, bool again)
{
	gtk_label_set_text(GTK_LABEL(pv->message), text);
	gtk_widget_set_visible(pv->again, again);
	gtk_stack_set_visible_child_name(GTK_STACK(pv->stack), "message");
}

static void fill(struct gv_paths *pv);

/* find the paths of the combos' choices (the thread, its progress dialog) */
static void compute(struct gv_paths *pv)
{
	struct job *j = calloc(1, sizeof(*j));
	struct gv_progress *gp;

	if (!j || pv->busy) {
		free(j);
		return;
	}
	j->dir = strdup(pv->d->s.dir);
	lttr_paths_defaults(&j->o);
	j->o.algorithm = gtk_combo_box_get_active(GTK_COMBO_BOX(pv->algo)) == 1 ?
		LTTR_PATHS_CONVOLUTION : LTTR_PATHS_NESTING;
	j->o.explain = j->o.algorithm == LTTR_PATHS_NESTING;
	j->o.sort = gtk_combo_box_get_active(GTK_COMBO_BOX(pv->sort)) == 1 ? LTTR_SORT_LATENCY :
		LTTR_SORT_COUNT;
	j->by = (unsigned int)gtk_combo_box_get_active(GTK_COMBO_BOX(pv->by));
	atomic_init(&j->permille, 0);
	atomic_init(&j->cancel, false);
	atomic_init(&j->done, false);
	if (!j->dir || pthread_create(&j->thread, NULL, job_run, j)) {
		free(j->dir);
		free(j);
		show_message(pv, "The paths could not be searched for: out of memory.", true);
		return;
	}
	pv->busy = true;
	show_message(pv, "Finding the causal paths...", false);
	gp = gv_progress_begin(pv->d, "Finding the causal paths (the messages, then each hop's time)");
	while (!atomic_load(&j->done)) {
		if (gv_progress_step(gp, atomic_load(&j->permille)))
			atomic_store(&j->cancel, true);
		g_usleep(5000);
	}
	pthread_join(j->thread, NULL);
	gv_progress_end(gp);
	pv->busy = false;
	if (pv->dead) {		/* the tab went meanwhile */
		job_free(j);
		paths_free(pv);
		return;
	}
	lttr_paths_free(pv->r);
	lttr_msgset_free(pv->s);
	pv->r = j->r;
	pv->s = j->s;
	j->r = NULL;
	j->s = NULL;
	pv->computed = true;
	pv->has_shown = false;
	if (j->rc < 0) {
		char text[LTTR_ERRMSG_MAX + 64];

		snprintf(text, sizeof(text), "%s", j->rc == -LTTR_E_CANCELED ?
			 "Canceled: the paths were not searched for to the end." : j->err.msg);
		show_message(pv, text, true);
	} else {
		fill(pv);
	}
	job_free(j);
}

static gboolean compute_idle(gpointer data)
{
	struct gv_paths *pv = data;

	pv->scheduled = false;
	if (pv->dead)		/* the tab went before it ran (on_destroy()) */
		paths_free(pv);
	else if (!pv->computed && gtk_widget_get_mapped(pv->top))
		compute(pv);
	return G_SOURCE_REMOVE;
}

/* the search once the tab is shown and its events handled */
static void schedule(struct gv_paths *pv)
{
	if (pv->scheduled || pv->busy)
		return;
	pv->scheduled = true;
	g_idle_add(compute_idle, pv);
}

static void on_map(GtkWidget *w, gpointer data)
{
	struct gv_paths *pv = data;
	const struct gv_app *app = pv->d->app;

	(void)w;
	if (pv->computed)
		return;
	/* a picture without a person: before the first frame, which it shows */
	if (app && (app->screenshot || app->bench))
		compute(pv);
	else
		schedule(pv);
}

/* ---- the graph of the pattern or path shown ---- */

static void node_text(struct gv_paths *pv, GString *a)
{
	size_t i;

	g_string_append(a, pv->g.title);
	for (i = 0; i < pv->g.n; i++) {
		const struct gv_pnode *p = &pv->g.v[i];

		g_string_append_printf(a, "\n%s", p->name);
		if (p->label[0])
			g_string_append_printf(a, ": %s", p->label);
		if (p->edge[0])
			g_string_append_printf(a, " (arrow: %s)", p->edge);
	}
}

/* the figures of the graph: the library's, formatted */
static void build_nesting(struct gv_paths *pv, size_t k)
{
	const struct lttr_pattern *pt = &pv->r->patterns->v[k];
	size_t i;

	snprintf(pv->g.title, sizeof(pv->g.title),
		 "#%zu %s: %llu paths, total %.3f ms, mean %.3f ms", k + 1, pt->key,
		 (unsigned long long)pt->count, ms(pt->total_ns),
		 ms(lttr_pattern_mean(pt)));
	for (i = 0; i < pt->nnodes && i < MAX_DRAWN; i++) {
		const struct lttr_pnode *pn = &pt->nodes[i];
		struct gv_pnode *p = &pv->g.v[i];
		struct lttr_hop_split m;
		unsigned int r;

		memset(p, 0, sizeof(*p));
		p->parent = pn->parent == LTTR_PNODE_ROOT ? GV_PNO_PARENT : pn->parent;
		snprintf(p->name, sizeof(p->name), "%s", pv->s->nodes[pn->node]);
		if (!i)
			continue;
		snprintf(p->label, sizeof(p->label), "%.3f ms", ms(lttr_lat_mean(&pn->latency)));
		if (i == 1)	/* the first edge: the pattern's count and total (Figure 8) */
			snprintf(p->edge, sizeof(p->edge), "%llu paths, %.3f ms total",
				 (unsigned long long)pt->count, ms(pt->total_ns));
		else
			snprintf(p->edge, sizeof(p->edge), "delay %.3f ms",
				 ms(lttr_lat_mean(&pn->delay)));
		if (!pv->r->split || !pn->split.known)
			continue;
		lttr_hop_split_mean(&pn->split, &m);
		p->bar = true;
		p->seg[GV_SEG_ONCPU] = m.oncpu_ns;
		p->seg[GV_SEG_RUNNABLE] = m.runnable_ns;
		for (r = 0; r < LTTR_BLOCK_COUNT; r++)
			p->seg[GV_SEG_BLOCKED + r] = m.blocked_ns[r];
		p->seg[GV_SEG_OTHER] = m.other_ns;
		p->seg[GV_SEG_TRANSIT] = lttr_pnode_transit_mean(pn);
	}
	pv->g.n = i;
}

/* the vertices of the convolution's path from root vertex @k: up to the next root */
static size_t conv_span(const struct lttr_conv_graph *cg, size_t k)
{
	size_t e = k + 1;

	while (e < cg->nv && cg->v[e].parent != LTTR_CONV_ROOT)
		e++;
	return e - k;
}

static void build_conv(struct gv_paths *pv, size_t k)
{
	const struct lttr_conv_graph *cg = pv->r->graph;
	size_t i, n = conv_span(cg, k);

	snprintf(pv->g.title, sizeof(pv->g.title),
		 "Paths from %s (convolution, quantum %.3f ms): %zu edges", pv->s->nodes[cg->v[k].node],
		 ms(cg->quantum_ns), n - 1);
	for (i = 0; i < n && i < MAX_DRAWN; i++) {
		const struct lttr_conv_vertex *v = &cg->v[k + i];
		struct gv_pnode *p = &pv->g.v[i];

		memset(p, 0, sizeof(*p));
		p->parent = v->parent == LTTR_CONV_ROOT ? GV_PNO_PARENT : (uint32_t)(v->parent - k);
		snprintf(p->name, sizeof(p->name), "%s", pv->s->nodes[v->node]);
		if (!i)
			continue;
		if (v->depth > 1)
			snprintf(p->edge, sizeof(p->edge), "%.3f ms, %llu msgs", ms(v->delay_ns),
				 (unsigned long long)v->count);
		else
			snprintf(p->edge, sizeof(p->edge), "%llu msgs", (unsigned long long)v->count);
	}
	pv->g.n = i;
}

static void show_graph(struct gv_paths *pv, size_t k)
{
	size_t n = nesting(pv) ? pv->r->patterns->v[k].nnodes : conv_span(pv->r->graph, k);
	struct gv_pnode *v = realloc(pv->g.v, (n < MAX_DRAWN ? n + 1 : MAX_DRAWN) * sizeof(*v));
	GString *a;

	if (!v)
		return;
	pv->g.v = v;
	pv->g.sel = -1;
	pv->g.messages = !nesting(pv);
	if (nesting(pv))
		build_nesting(pv, k);
	else
		build_conv(pv, k);
	if (pv->g.n < n) {	/* (preorder: the first ones are a tree) */
		size_t len = strlen(pv->g.title);

		snprintf(pv->g.title + len, sizeof(pv->g.title) - len,
			 " (the first %zu of its %zu nodes drawn)", pv->g.n, n);
	}
	pv->shown = k;
	pv->has_shown = true;
	gv_pgraph_layout(&pv->g);
	pv->to_root = true;
	gtk_widget_set_size_request(pv->area, (int)pv->g.width, (int)pv->g.height);
	gtk_widget_queue_draw(pv->area);
	a = g_string_new(NULL);
	node_text(pv, a);
	atk_object_set_description(gtk_widget_get_accessible(pv->area), a->str);
	g_string_free(a, TRUE);
	gtk_label_set_text(GTK_LABEL(pv->info), nesting(pv) ?
			   "Click a node (or Enter on it): its representative call in the graphs above." :
			   "The convolution keeps no instances of its edges: a node shows its figures only.");
}

/* ---- a hop selected, its instance shown in the graphs ---- */

static void split_text(GString *t, const struct lttr_pnode *pn)
{
	struct lttr_hop_split m;
	unsigned int r;

	if (!pn->split.known) {
		g_string_append(t, "; the callee's task is not in the trace");
		return;
	}
	lttr_hop_split_mean(&pn->split, &m);
	g_string_append_printf(t, "; a call's time at %s (mean of %llu): on CPU %.3f ms, runnable %.3f ms",
			       "the callee", (unsigned long long)m.known, ms(m.oncpu_ns),
			       ms(m.runnable_ns));
	for (r = 0; r < LTTR_BLOCK_COUNT; r++)
		if (m.blocked_ns[r])
			g_string_append_printf(t, ", blocked %s %.3f ms", lttr_block_name(r),
					       ms(m.blocked_ns[r]));
	if (m.other_ns)
		g_string_append_printf(t, ", unknown %.3f ms", ms(m.other_ns));
}

/* ". Representative WHAT ID: A_WHAT a, B_WHAT b (b - a ms)" */
static void rep_text(GString *t, const struct gv_paths *pv, const struct lttr_callpair *c,
		     const char *what, const char *a_what, uint64_t a, const char *b_what,
		     uint64_t b)
{
	char ta[32], tb[32], id[24];

	g_string_append_printf(t, ". Representative %s %s: %s %s, %s %s (%.3f ms)", what,
			       lttr_msg_id_str(pv->s, &pv->s->v[c->call_msg], id, sizeof(id)),
			       a_what, lttr_fmt_time(gv_doc_rel(pv->d, a), ta, sizeof(ta)), b_what,
			       lttr_fmt_time(gv_doc_rel(pv->d, b), tb, sizeof(tb)), ms(b - a));
}

/* the graphs on a call pair: its window, @at the cursor, @pid's row, the span a..b */
static void show_instance(struct gv_paths *pv, const struct lttr_callpair *c, uint64_t at,
			  uint32_t pid, uint64_t a, uint64_t b)
{
	struct gv_doc *d = pv->d;
	uint64_t t0 = c->call_send < c->call_recv ? c->call_send : c->call_recv;
	uint64_t t1 = c->ret_recv > c->ret_send ? c->ret_recv : c->ret_send;
	uint64_t margin = (t1 - t0) / 4 > 1000 ? (t1 - t0) / 4 : 1000;

	gv_doc_set_window(d, t0 > d->s.vp.start + margin ? t0 - margin : d->s.vp.start, t1 + margin);
	gv_doc_set_cursor(d, at);
	lttr_session_select_span(&d->s, a, b);
	if (pid)
		gv_doc_select_pid(d, pid);
	gv_doc_changed(d, GV_SELECT);
}

static void select_node(struct gv_paths *pv, long k, bool go)
{
	GString *t;

	if (!pv->has_shown || k < 0 || (size_t)k >= pv->g.n)
		return;
	pv->g.sel = k;
	gtk_widget_queue_draw(pv->area);
	t = g_string_new(NULL);
	if (nesting(pv)) {
		const struct lttr_nesting *n = pv->r->nesting;
		const struct lttr_pattern *pt = &pv->r->patterns->v[pv->shown];
		const struct lttr_pnode *pn = &pt->nodes[k];
		size_t rep = k ? pn->rep : pt->rep;
		const struct lttr_callpair *c = rep < n->npairs ? &n->pairs[rep] : NULL;
		const struct lttr_msg *m = c ? &pv->s->v[c->call_msg] : NULL;

		if (!k) {
			g_string_append_printf(t, "%s: the first caller of %llu paths, mean %.3f ms",
					       pv->s->nodes[pn->node], (unsigned long long)pt->count,
					       ms(lttr_pattern_mean(pt)));
			if (c)
				rep_text(t, pv, c, "path", "its call sent", c->call_send,
					 "its return received", c->ret_recv);
		} else {
			g_string_append_printf(t, "%s -> %s: %llu calls; latency mean %.3f ms, p50 %.3f, p90 %.3f, min %.3f, max %.3f; delay mean %.3f ms, p90 %.3f; transit %.3f ms",
					       pv->s->nodes[pt->nodes[pn->parent].node],
					       pv->s->nodes[pn->node], (unsigned long long)pn->latency.count,
					       ms(lttr_lat_mean(&pn->latency)), ms(pn->latency_p50_ns),
					       ms(pn->latency_p90_ns), ms(pn->latency.min),
					       ms(pn->latency.max), ms(lttr_lat_mean(&pn->delay)),
					       ms(pn->delay_p90_ns), ms(lttr_pnode_transit_mean(pn)));
			if (pv->r->split)
				split_text(t, pn);
			if (pn->negative)
				g_string_append_printf(t, "; %llu negative times (clock skew?) counted as 0",
						       (unsigned long long)pn->negative);
			if (c)
				rep_text(t, pv, c, "call", "received", c->call_recv, "returned",
					 c->ret_send);
		}
		if (c && go) {
			char id[24];

			if (k)
				show_instance(pv, c, c->call_recv, m->dst_pid, c->call_recv, c->ret_send);
			else
				show_instance(pv, c, c->call_send, m->src_pid, c->call_send, c->ret_recv);
			gv_doc_message(pv->d, false, "the %s of %s in the graphs", k ? "call" : "path",
				       lttr_msg_id_str(pv->s, m, id, sizeof(id)));
		}
	} else {
		const struct lttr_conv_vertex *v = &pv->r->graph->v[pv->shown + (size_t)k];

		if (v->parent == LTTR_CONV_ROOT)
			g_string_append_printf(t, "%s: where the paths start", pv->s->nodes[v->node]);
		else
			g_string_append_printf(t, "%s -> %s: %llu messages, delay %.3f ms (their mean %.3f ms), a spike %.1f sigma high; the convolution keeps no instances",
					       pv->s->nodes[pv->r->graph->v[v->parent].node],
					       pv->s->nodes[v->node], (unsigned long long)v->count,
					       ms(v->delay_ns), ms(v->mean_ns), v->height);
	}
	gtk_label_set_text(GTK_LABEL(pv->info), t->str);
	g_string_free(t, TRUE);
}

/* ---- the list ---- */

static void on_row(GtkTreeSelection *sel, gpointer data)
{
	struct gv_paths *pv = data;
	GtkTreeModel *m;
	GtkTreeIter it;
	guint64 k;

	if (!pv->r || !gtk_tree_selection_get_selected(sel, &m, &it))
		return;
	gtk_tree_model_get(m, &it, L_INDEX, &k, -1);
	show_graph(pv, (size_t)k);
}

static void fill_list(struct gv_paths *pv)
{
	GtkTreeIter it;
	char rank[24], count[32], total[32];
	size_t i, row = 0;

	gtk_list_store_clear(pv->list);
	if (nesting(pv)) {
		const struct lttr_patterns *p = pv->r->patterns;

		for (i = 0; i < p->n; i++) {
			const struct lttr_pattern *pt = &p->v[i];
			char mean[32];

			snprintf(rank, sizeof(rank), "%zu", i + 1);
			snprintf(count, sizeof(count), "%llu", (unsigned long long)pt->count);
			snprintf(total, sizeof(total), "%.3f", ms(pt->total_ns));
			snprintf(mean, sizeof(mean), "%.3f", ms(lttr_pattern_mean(pt)));
			gtk_list_store_insert_with_values(pv->list, &it, -1, L_RANK, rank, L_COUNT, count,
							  L_TOTAL, total, L_MEAN, mean, L_KEY, pt->key,
							  L_INDEX, (guint64)i, -1);
		}
		return;
	}
	for (i = 0; i < pv->r->graph->nv; i++) {
		const struct lttr_conv_graph *cg = pv->r->graph;
		size_t n, k;
		GString *key;

		if (cg->v[i].parent != LTTR_CONV_ROOT)
			continue;
		n = conv_span(cg, i);
		key = g_string_new(pv->s->nodes[cg->v[i].node]);
		for (k = i + 1; k < i + n && key->len < 300; k++)
			g_string_append_printf(key, "%s%s", cg->v[k].depth > cg->v[k - 1].depth ?
					       " -> " : " | ", pv->s->nodes[cg->v[k].node]);
		if (k < i + n)
			g_string_append(key, " ...");
		snprintf(rank, sizeof(rank), "%zu", ++row);
		snprintf(count, sizeof(count), "%zu", n - 1);
		snprintf(total, sizeof(total), "%llu", n > 1 ? (unsigned long long)cg->v[i + 1].count : 0ULL);
		gtk_list_store_insert_with_values(pv->list, &it, -1, L_RANK, rank, L_COUNT, count,
						  L_TOTAL, total, L_MEAN, "", L_KEY, key->str,
						  L_INDEX, (guint64)i, -1);
		g_string_free(key, TRUE);
	}
}

static void set_titles(struct gv_paths *pv)
{
	static const char *const nest[] = { "#", "count", "total ms", "mean ms", "pattern" };
	static const char *const conv[] = { "#", "edges", "messages", "", "path" };
	int c;

	for (c = 0; c < 5; c++)
		gtk_tree_view_column_set_title(gtk_tree_view_get_column(GTK_TREE_VIEW(pv->list_view), c),
					       nesting(pv) ? nest[c] : conv[c]);
}

/* the results shown: the message when there is nothing to draw */
static void fill(struct gv_paths *pv)
{
	char w[8][LTTR_MSG_WARNING_LEN], text[1024];
	size_t nw = lttr_msg_warnings(&pv->s->warn, w, 8), i;
	GString *ws = g_string_new(NULL);
	GtkTreePath *path;

	/* what makes the figures unsure, beside them (the status bar's red) */
	for (i = 0; i < nw && i < 8; i++)
		g_string_append_printf(ws, "%swarning: %s", i ? "\n" : "", w[i]);
	if (pv->r && !nesting(pv)) {
		/* the convolution's own: a quantum chosen for the span, a partial graph */
		size_t nc = lttr_conv_warnings(pv->r->graph, w, 8);

		for (i = 0; i < nc && i < 8; i++)
			g_string_append_printf(ws, "%swarning: %s", ws->len ? "\n" : "", w[i]);
		nw += nc;
	}
	gtk_label_set_text(GTK_LABEL(pv->warn), ws->str);
	gtk_widget_set_visible(pv->warn, nw > 0);
	g_string_free(ws, TRUE);
	if (!pv->s->n) {
		show_message(pv, "No messages between processes in this trace: no socket send was matched with its receive.\n\n"
			     "Messages come from the sends and receives on connected TCP and UDP sockets whose endpoints the trace records (format 1.4, the socket events traced).",
			     false);
		return;
	}
	if (nesting(pv)) {
		const struct lttr_nesting *n = pv->r->nesting;

		snprintf(text, sizeof(text), "%zu messages, %zu call pairs, %llu paths in %zu patterns; per-node parallelism %.3f; %llu calls and %llu returns unmatched",
			 pv->s->n, n->npairs, (unsigned long long)pv->r->patterns->paths,
			 pv->r->patterns->n, lttr_nesting_parallelism(n),
			 (unsigned long long)n->unmatched_calls, (unsigned long long)n->unmatched_rets);
		if (!pv->r->patterns->n) {
			gchar *m = g_strdup_printf("%s.\n\nNo call was matched with its return: the nesting algorithm finds no path in these messages (it needs calls and their returns). The convolution algorithm, chosen above, finds paths in any messages.",
						   text);

			show_message(pv, m, false);
			g_free(m);
			return;
		}
	} else {
		const struct lttr_conv_graph *cg = pv->r->graph;

		snprintf(text, sizeof(text), "%zu messages; quantum %.3f ms, %zu quanta, %zu correlations; pruned: %llu edges of too few messages, %llu cycles",
			 pv->s->n, ms(cg->quantum_ns), cg->signal_len, cg->correlations,
			 (unsigned long long)cg->pruned_small, (unsigned long long)cg->pruned_cycles);
		if (!cg->nv) {
			gchar *m = g_strdup_printf("%s.\n\nThe convolution algorithm finds no path in these messages.",
						   text);

			show_message(pv, m, false);
			g_free(m);
			return;
		}
	}
	gtk_label_set_text(GTK_LABEL(pv->summary), text);
	set_titles(pv);
	fill_list(pv);
	gtk_stack_set_visible_child_name(GTK_STACK(pv->stack), "paths");
	path = gtk_tree_path_new_first();
	gtk_tree_selection_select_path(gtk_tree_view_get_selection(GTK_TREE_VIEW(pv->list_view)), path);
	gtk_tree_path_free(path);
}

/* ---- choices ---- */

static void on_choice(GtkComboBox *cb, gpointer data)
{
	struct gv_paths *pv = data;
	struct lttr_patterns *p = NULL;
	struct lttr_error err;

	if (pv->busy)
		return;
	/* another order of the same patterns: the library sorts them again */
	if (cb == GTK_COMBO_BOX(pv->sort) && pv->computed && nesting(pv)) {
		if (lttr_patterns_build(pv->s, pv->r->nesting, pv->r->split,
					gtk_combo_box_get_active(cb) == 1 ? LTTR_SORT_LATENCY :
					LTTR_SORT_COUNT, &p, &err) == 0) {
			lttr_patterns_free(pv->r->patterns);
			pv->r->patterns = p;
			pv->has_shown = false;
			fill(pv);
			return;
		}
		gv_doc_message(pv->d, true, "%s", err.msg);
	}
	gtk_widget_set_sensitive(pv->sort, gtk_combo_box_get_active(GTK_COMBO_BOX(pv->algo)) == 0);
	pv->computed = false;
	if (gtk_widget_get_mapped(pv->top))
		schedule(pv);
}

static void on_again(GtkButton *b, gpointer data)
{
	struct gv_paths *pv = data;

	(void)b;
	pv->computed = false;
	schedule(pv);
}

/* ---- the drawing: mouse and keys ---- */

static gboolean on_draw(GtkWidget *w, cairo_t *cr, gpointer data)
{
	struct gv_paths *pv = data;

	gv_pgraph_draw(&pv->g, cr, gtk_widget_get_allocated_width(w),
		       gtk_widget_get_allocated_height(w));
	return FALSE;
}

/* a new graph wider than its room: scrolled to its first node, at the top */
static void on_area_allocate(GtkWidget *w, GdkRectangle *al, gpointer data)
{
	struct gv_paths *pv = data;
	GtkAdjustment *h = gtk_scrolled_window_get_hadjustment(GTK_SCROLLED_WINDOW(pv->scroll));
	GtkAdjustment *v = gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(pv->scroll));
	double page = gtk_adjustment_get_page_size(h);

	(void)w;
	/* the first graph taller than its room: the tables' pane grows (the
	 * graphs above keep a quarter of the height), once per trace */
	if (!pv->grown && pv->g.n && pv->d->page) {
		GtkWidget *panes = g_object_get_data(G_OBJECT(pv->d->page), "paned");
		int need = (int)pv->g.height - gtk_widget_get_allocated_height(pv->scroll) + 4;
		int pos = panes ? gtk_paned_get_position(GTK_PANED(panes)) : 0;
		int least = panes ? gtk_widget_get_allocated_height(panes) / 4 : 0;

		pv->grown = true;
		if (panes && need > 0 && pos > least)
			gtk_paned_set_position(GTK_PANED(panes), pos - need > least ? pos - need : least);
	}
	if (!pv->to_root || !pv->g.n || al->width < (int)pv->g.width)
		return;
	pv->to_root = false;
	gtk_adjustment_set_value(h, pv->g.v[0].cx + (al->width > pv->g.width ?
				 floor((al->width - pv->g.width) / 2) : 0) - page / 2);
	gtk_adjustment_set_value(v, 0);
}

static gboolean on_press(GtkWidget *w, GdkEventButton *ev, gpointer data)
{
	struct gv_paths *pv = data;
	long k;

	if (ev->type != GDK_BUTTON_PRESS || ev->button != 1)
		return FALSE;
	gtk_widget_grab_focus(w);
	k = gv_pgraph_hit(&pv->g, gtk_widget_get_allocated_width(w), ev->x, ev->y);
	if (k >= 0)
		select_node(pv, k, true);
	return TRUE;
}

/* Left Right: the previous, next node in preorder; Up: the parent; Down:
 * the first child; Enter, space: its instance in the graphs */
static gboolean on_key(GtkWidget *w, GdkEventKey *ev, gpointer data)
{
	struct gv_paths *pv = data;
	long k = pv->g.sel, n = (long)pv->g.n, i;

	(void)w;
	if (!n)
		return FALSE;
	switch (ev->keyval) {
	case GDK_KEY_Left:
		k = k > 0 ? k - 1 : 0;
		break;
	case GDK_KEY_Right:
		k = k < n - 1 ? k + 1 : n - 1;
		break;
	case GDK_KEY_Up:
		if (k > 0 && pv->g.v[k].parent != GV_PNO_PARENT)
			k = pv->g.v[k].parent;
		break;
	case GDK_KEY_Down:
		for (i = k + 1; i < n && pv->g.v[i].parent != (uint32_t)k; i++)
			;
		if (k >= 0 && i < n)
			k = i;
		else if (k < 0)
			k = 0;
		break;
	case GDK_KEY_Return: case GDK_KEY_KP_Enter: case GDK_KEY_space:
		select_node(pv, k < 0 ? 0 : k, true);
		return TRUE;
	default:
		return FALSE;
	}
	select_node(pv, k < 0 ? 0 : k, false);
	return TRUE;
}

static void on_destroy(GtkWidget *w, gpointer data)
{
	struct gv_paths *pv = data;

	(void)w;
	pv->dead = true;
	if (pv->d->paths == pv)
		pv->d->paths = NULL;
	if (!pv->busy && !pv->scheduled)	/* else it is freed when done */
		paths_free(pv);
}

/* ---- building ---- */

static GtkWidget *combo(const char *name, const char *const *items, size_t n, int active)
{
	GtkWidget *c = gtk_combo_box_text_new();
	size_t i;

	for (i = 0; i < n; i++)
		gtk_combo_box_text_append_text(GTK_COMBO_BOX_TEXT(c), items[i]);
	gtk_combo_box_set_active(GTK_COMBO_BOX(c), active);
	gtk_widget_set_name(c, name);
	atk_object_set_name(gtk_widget_get_accessible(c), name);
	return c;
}

static GtkWidget *label(const char *name, bool wrap)
{
	GtkWidget *l = gtk_label_new("");

	gtk_widget_set_name(l, name);
	atk_object_set_name(gtk_widget_get_accessible(l), name);
	gtk_label_set_xalign(GTK_LABEL(l), 0);
	gtk_label_set_selectable(GTK_LABEL(l), TRUE);
	if (wrap)
		gtk_label_set_line_wrap(GTK_LABEL(l), TRUE);
	else
		gtk_label_set_ellipsize(GTK_LABEL(l), PANGO_ELLIPSIZE_END);
	return l;
}

static GtkWidget *build_list(struct gv_paths *pv)
{
	GtkWidget *sw = gtk_scrolled_window_new(NULL, NULL);
	int c;

	pv->list = gtk_list_store_new(L_NCOLS, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING,
				      G_TYPE_STRING, G_TYPE_STRING, G_TYPE_UINT64);
	pv->list_view = gtk_tree_view_new_with_model(GTK_TREE_MODEL(pv->list));
	g_object_unref(pv->list);
	gtk_widget_set_name(pv->list_view, "path-patterns");
	atk_object_set_name(gtk_widget_get_accessible(pv->list_view), "Path patterns");
	for (c = L_RANK; c <= L_KEY; c++) {
		GtkCellRenderer *r = gtk_cell_renderer_text_new();
		GtkTreeViewColumn *col = gtk_tree_view_column_new_with_attributes("", r, "text", c,
										   NULL);

		if (c == L_KEY) {
			/* (the key is the graph's title too) */
			g_object_set(r, "ellipsize", PANGO_ELLIPSIZE_END, NULL);
			gtk_tree_view_column_set_expand(col, TRUE);
		} else {
			g_object_set(r, "xalign", 1.0, NULL);
			gtk_tree_view_column_set_alignment(col, 1.0);
		}
		gtk_tree_view_column_set_resizable(col, TRUE);
		gtk_tree_view_append_column(GTK_TREE_VIEW(pv->list_view), col);
	}
	g_signal_connect(gtk_tree_view_get_selection(GTK_TREE_VIEW(pv->list_view)), "changed",
			 G_CALLBACK(on_row), pv);
	gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(sw), GTK_POLICY_AUTOMATIC,
				       GTK_POLICY_AUTOMATIC);
	gtk_container_add(GTK_CONTAINER(sw), pv->list_view);
	return sw;
}

static GtkWidget *build_graph(struct gv_paths *pv)
{
	GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2);
	GtkWidget *sw = gtk_scrolled_window_new(NULL, NULL);

	pv->scroll = sw;
	pv->area = gtk_drawing_area_new();
	gtk_widget_set_name(pv->area, "path-graph");
	atk_object_set_name(gtk_widget_get_accessible(pv->area), "Path graph");
	gtk_widget_set_can_focus(pv->area, TRUE);
	gtk_widget_add_events(pv->area, GDK_BUTTON_PRESS_MASK | GDK_KEY_PRESS_MASK);
	/* the window leaves it the keys it moves with (app.c, on_key()) */
	g_object_set_data(G_OBJECT(pv->area), "gv-own-keys", GINT_TO_POINTER(1));
	g_signal_connect(pv->area, "draw", G_CALLBACK(on_draw), pv);
	g_signal_connect(pv->area, "button-press-event", G_CALLBACK(on_press), pv);
	g_signal_connect(pv->area, "key-press-event", G_CALLBACK(on_key), pv);
	g_signal_connect(pv->area, "size-allocate", G_CALLBACK(on_area_allocate), pv);
	gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(sw), GTK_POLICY_AUTOMATIC,
				       GTK_POLICY_AUTOMATIC);
	gtk_container_add(GTK_CONTAINER(sw), pv->area);
	gtk_box_pack_start(GTK_BOX(box), sw, TRUE, TRUE, 0);
	pv->info = label("Path details", true);
	gtk_widget_set_name(pv->info, "path-info");
	gtk_box_pack_start(GTK_BOX(box), pv->info, FALSE, FALSE, 2);
	return box;
}

/* once the panes have a width: the list a third of it (at least its own) */
static void on_allocate(GtkWidget *w, GdkRectangle *al, gpointer data)
{
	(void)data;
	if (al->width > 1080 && !g_object_get_data(G_OBJECT(w), "placed")) {
		g_object_set_data(G_OBJECT(w), "placed", GINT_TO_POINTER(1));
		gtk_paned_set_position(GTK_PANED(w), al->width / 3);
	}
}

/**
 * gv_paths_new() - the Paths tab of a document
 * @d: the document
 *
 * Return: its widget, for the tables notebook (the paths are searched for
 * when it is first shown).
 */
GtkWidget *gv_paths_new(struct gv_doc *d)
{
	static const char *const algos[] = { "nesting (RPC: calls and returns)",
		"convolution (any messages)" };
	static const char *const sorts[] = { "by count", "by total latency" };
	struct gv_paths *pv = calloc(1, sizeof(*pv));
	GtkWidget *bar, *paned, *left, *msgbox;

	if (!pv)
		return gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
	pv->d = d;
	pv->g.sel = -1;
	d->paths = pv;
	pv->top = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2);
	gtk_widget_set_name(pv->top, "paths");
	bar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
	pv->algo = combo("Algorithm", algos, 2, 0);
	pv->by = combo("Nodes", by_names, 3, 0);
	pv->sort = combo("Order", sorts, 2, 0);
	gtk_box_pack_start(GTK_BOX(bar), gtk_label_new("Algorithm"), FALSE, FALSE, 4);
	gtk_box_pack_start(GTK_BOX(bar), pv->algo, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(bar), gtk_label_new("a node is a"), FALSE, FALSE, 4);
	gtk_box_pack_start(GTK_BOX(bar), pv->by, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(bar), gtk_label_new("patterns"), FALSE, FALSE, 4);
	gtk_box_pack_start(GTK_BOX(bar), pv->sort, FALSE, FALSE, 0);
	g_signal_connect(pv->algo, "changed", G_CALLBACK(on_choice), pv);
	g_signal_connect(pv->by, "changed", G_CALLBACK(on_choice), pv);
	g_signal_connect(pv->sort, "changed", G_CALLBACK(on_choice), pv);
	gtk_box_pack_start(GTK_BOX(pv->top), bar, FALSE, FALSE, 2);
	pv->warn = label("Paths warnings", true);
	gtk_widget_set_no_show_all(pv->warn, TRUE);
	{
		PangoAttrList *al = pango_attr_list_new();

		pango_attr_list_insert(al, pango_attr_foreground_new(0xc000, 0, 0));
		gtk_label_set_attributes(GTK_LABEL(pv->warn), al);
		pango_attr_list_unref(al);
	}
	gtk_box_pack_start(GTK_BOX(pv->top), pv->warn, FALSE, FALSE, 0);

	pv->stack = gtk_stack_new();
	msgbox = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8);
	pv->message = label("Paths message", true);
	gtk_label_set_selectable(GTK_LABEL(pv->message), FALSE);
	gtk_widget_set_margin_start(pv->message, 24);
	gtk_widget_set_margin_end(pv->message, 24);
	gtk_widget_set_margin_top(pv->message, 24);
	pv->again = gtk_button_new_with_label("Find the paths");
	gtk_widget_set_no_show_all(pv->again, TRUE);
	gtk_widget_set_halign(pv->again, GTK_ALIGN_START);
	gtk_widget_set_margin_start(pv->again, 24);
	g_signal_connect(pv->again, "clicked", G_CALLBACK(on_again), pv);
	gtk_box_pack_start(GTK_BOX(msgbox), pv->message, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(msgbox), pv->again, FALSE, FALSE, 0);
	gtk_stack_add_named(GTK_STACK(pv->stack), msgbox, "message");

	pv->paned = paned = gtk_paned_new(GTK_ORIENTATION_HORIZONTAL);
	left = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2);
	gtk_widget_set_size_request(left, 360, -1);
	pv->summary = label("Paths summary", true);
	gtk_box_pack_start(GTK_BOX(left), pv->summary, FALSE, FALSE, 2);
	gtk_box_pack_start(GTK_BOX(left), build_list(pv), TRUE, TRUE, 0);
	gtk_paned_pack1(GTK_PANED(paned), left, FALSE, FALSE);
	gtk_paned_pack2(GTK_PANED(paned), build_graph(pv), TRUE, FALSE);
	g_signal_connect(paned, "size-allocate", G_CALLBACK(on_allocate), NULL);
	gtk_stack_add_named(GTK_STACK(pv->stack), paned, "paths");
	gtk_box_pack_start(GTK_BOX(pv->top), pv->stack, TRUE, TRUE, 0);
	show_message(pv, "The causal paths are searched for when this tab is shown.", false);

	g_signal_connect(pv->top, "map", G_CALLBACK(on_map), pv);
	g_signal_connect(pv->top, "destroy", G_CALLBACK(on_destroy), pv);
	return pv->top;
}

/* the graph shown: its size (the whole of it), drawn into @cr (exports) */
bool gv_paths_size(const struct gv_paths *pv, int *width, int *height)
{
	if (!pv || !pv->has_shown || gtk_stack_get_visible_child(GTK_STACK(pv->stack)) ==
	    gtk_stack_get_child_by_name(GTK_STACK(pv->stack), "message"))
		return false;
	*width = (int)pv->g.width;
	*height = (int)pv->g.height;
	return true;
}

void gv_paths_draw_to(struct gv_paths *pv, cairo_t *cr, int width, int height)
{
	gv_pgraph_draw(&pv->g, cr, width, height);
	gtk_widget_queue_draw(pv->area);	/* the screen's places again (--dump-paths) */
}

/*
 * --dump-paths (a test hook, with --screenshot): what the Paths tab shows,
 * as JSON: the drawing's place in @top, the message or the summary, the
 * warnings, the list's rows, the details line, and the graph as drawn
 * (gv_pgraph_dump(): each node's box, labels, arrow and bar segments)
 */
void gv_paths_dump(struct gv_paths *pv, GtkWidget *top, FILE *f)
{
	int x = 0, y = 0;
	GtkTreeModel *m = GTK_TREE_MODEL(pv->list);
	GtkTreeIter it;
	bool more, first, msg = gtk_stack_get_visible_child(GTK_STACK(pv->stack)) ==
		gtk_stack_get_child_by_name(GTK_STACK(pv->stack), "message");
	int c;

	gtk_widget_translate_coordinates(pv->area, top, 0, 0, &x, &y);
	fprintf(f, "{\"view\": \"paths\", \"x\": %d, \"y\": %d, \"width\": %d, \"height\": %d, "
		"\"algorithm\": \"%s\", \"message\": ", x, y, gtk_widget_get_allocated_width(pv->area),
		gtk_widget_get_allocated_height(pv->area),
		gtk_combo_box_get_active(GTK_COMBO_BOX(pv->algo)) == 1 ? "convolution" : "nesting");
	if (msg)
		gv_json_str(f, gtk_label_get_text(GTK_LABEL(pv->message)));
	else
		fprintf(f, "null");
	fprintf(f, ", \"summary\": ");
	gv_json_str(f, gtk_label_get_text(GTK_LABEL(pv->summary)));
	fprintf(f, ", \"warnings\": ");
	gv_json_str(f, gtk_widget_get_visible(pv->warn) ? gtk_label_get_text(GTK_LABEL(pv->warn)) : "");
	fprintf(f, ", \"info\": ");
	gv_json_str(f, gtk_label_get_text(GTK_LABEL(pv->info)));
	fprintf(f, ", \"list\": [");
	for (more = gtk_tree_model_get_iter_first(m, &it), first = true; more && !msg;
	     more = gtk_tree_model_iter_next(m, &it), first = false) {
		fprintf(f, "%s[", first ? "" : ", ");
		for (c = L_RANK; c <= L_KEY; c++) {
			gchar *s = NULL;

			gtk_tree_model_get(m, &it, c, &s, -1);
			if (c)
				fputs(", ", f);
			gv_json_str(f, s ? s : "");
			g_free(s);
		}
		fprintf(f, "]");
	}
	fprintf(f, "], ");
	gv_pgraph_dump(&pv->g, f);
	fprintf(f, "}\n");
}
