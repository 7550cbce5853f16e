// SPDX-License-Identifier: GPL-2.0
/*
 * procs.c - the process analysis (the LTT paper's Figure 6): beside each
 * other in a pane, the time accounting table (a row for all processes,
 * then each process with its threads under it, sortable by any column
 * with the tree kept) and the page of the row chosen: its time to the
 * nanosecond (kernel time by syscall, the softirq part of interrupted,
 * blocked time by reason), its syscalls with their latencies, the files
 * its threads opened (looked up in the trace, with a spinner and Cancel),
 * and for all processes the per-CPU table.  Every figure is a field of
 * the accounting (lttr_account_group(), lttr_account_total(),
 * lttr_account_cpu_total(), the tasks of struct lttr_account) or of
 * lttr_view_files(); the table's time columns, their titles, tooltips
 * and milliseconds are the library's (lttr/output/account-columns.h, as
 * the CLI's text table prints them).  Choosing a row selects its task in
 * the graphs, and a task selected elsewhere chooses its row.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/output/account-columns.h>
#include <lttr/view/files.h>
#include "gv.h"

#define PUMP_EVERY_US 100000	/* a long lookup lets the window live this often */

/* the kinds of rows of the table */
enum { K_ALL, K_PROC, K_THREAD };

/*
 * the table's model: kind, index (into the groups or the tasks), then what
 * is shown: pid, name, threads, then from C_TIME the time columns, those
 * of the library's table flagged LTTR_ACOL_VIEWS
 * (lttr/output/account-columns.h: the titles and tooltips are its own)
 */
enum { C_KIND, C_INDEX, C_PID, C_NAME, C_THREADS, C_TIME };

/* the library's column of model column @col (>= C_TIME), NULL past the last */
static const struct lttr_acct_col *time_col(int col)
{
	size_t i;
	int k = C_TIME;

	for (i = 0; i < lttr_acct_ncols; i++)
		if ((lttr_acct_cols[i].flags & LTTR_ACOL_VIEWS) && k++ == col)
			return &lttr_acct_cols[i];
	return NULL;
}

/* the number of model columns */
static int ncols(void)
{
	int n = C_TIME;

	while (time_col(n))
		n++;
	return n;
}

/* how a cell shows its model column */
enum fmt { F_TEXT, F_UINT, F_COUNT, F_MS, F_DUR, F_TIME, F_HEX, F_INT, F_PID };

struct cellfmt {
	struct procs *p;
	int col;
	enum fmt fmt;
};

/* the page: what is shown for the chosen row */
struct page {
	GtkWidget *title;
	GtkWidget *sched;
	GtkTreeStore *time;
	GtkWidget *time_view;
	GtkListStore *sc;
	GtkWidget *cpu_box;
	GtkListStore *cpu;
	GtkListStore *files;
	GtkWidget *files_status;
	GtkWidget *spinner;
	GtkWidget *files_button;
	GtkWidget *critpath;	/* the critical path of the task shown */
};

struct procs {
	struct gv_doc *d;
	GtkWidget *paned;
	GtkTreeStore *store;
	GtkWidget *tree;
	struct lttr_acct_task *groups;
	size_t ngroups;
	struct lttr_acct_task *total;
	struct page pg;
	int kind;			/* of the page shown, -1 none */
	long index;
	uint32_t *pids;			/* the tasks of the page, NULL: every task */
	size_t npids;
	bool syncing;			/* choosing a row for the document */
	/* the files lookup */
	bool files_wanted;
	bool busy;
	bool cancel;
	bool dead;
	guint idle_id;
	gint64 pumped;			/* when events were last pumped */
	bool placed;
};

/* ---- cells ---- */

static void show_cell(GtkTreeViewColumn *c, GtkCellRenderer *r, GtkTreeModel *m,
		      GtkTreeIter *it, gpointer data)
{
	const struct cellfmt *f = data;
	char s[64];
	GValue v = G_VALUE_INIT;

	(void)c;
	gtk_tree_model_get_value(m, it, f->col, &v);
	switch (f->fmt) {
	case F_UINT:
		snprintf(s, sizeof(s), "%u", g_value_get_uint(&v));
		break;
	case F_PID:	/* blank on the row of all processes */
		if (g_value_get_uint(&v))
			snprintf(s, sizeof(s), "%u", g_value_get_uint(&v));
		else
			s[0] = 0;
		break;
	case F_INT:
		snprintf(s, sizeof(s), "%d", g_value_get_int(&v));
		break;
	case F_HEX:
		snprintf(s, sizeof(s), "0x%x", g_value_get_uint(&v));
		break;
	case F_COUNT:
		snprintf(s, sizeof(s), "%llu", (unsigned long long)g_value_get_uint64(&v));
		break;
	case F_MS:	/* as the processes text table prints them */
		lttr_acct_col_fmt(time_col(f->col), g_value_get_uint64(&v), s, sizeof(s));
		break;
	case F_DUR:
		lttr_fmt_duration(g_value_get_uint64(&v), s, sizeof(s));
		break;
	case F_TIME:
		lttr_fmt_time(gv_doc_rel(f->p->d, g_value_get_uint64(&v)), s, sizeof(s));
		break;
	default:
		g_object_set(r, "text", g_value_get_string(&v), NULL);
		g_value_unset(&v);
		return;
	}
	g_value_unset(&v);
	g_object_set(r, "text", s, NULL);
}

/* a column of @tv showing model column @col; sorted by it when @sort */
static GtkTreeViewColumn *add_column(struct procs *p, GtkWidget *tv, const char *title,
				     int col, enum fmt fmt, bool sort)
{
	GtkCellRenderer *r = gtk_cell_renderer_text_new();
	GtkTreeViewColumn *c = gtk_tree_view_column_new();
	struct cellfmt *f = g_new0(struct cellfmt, 1);

	f->p = p;
	f->col = col;
	f->fmt = fmt;
	gtk_tree_view_column_set_title(c, title);
	gtk_tree_view_column_pack_start(c, r, TRUE);
	gtk_tree_view_column_set_cell_data_func(c, r, show_cell, f, g_free);
	gtk_tree_view_column_set_resizable(c, TRUE);
	if (fmt != F_TEXT) {
		g_object_set(r, "xalign", 1.0, NULL);
		gtk_tree_view_column_set_alignment(c, 1.0);
	}
	if (sort)
		gtk_tree_view_column_set_sort_column_id(c, col);
	gtk_tree_view_append_column(GTK_TREE_VIEW(tv), c);
	return c;
}

/* a tooltip on a column's header */
static void header_tip(GtkTreeViewColumn *c, const char *text)
{
	GtkWidget *b = gtk_tree_view_column_get_button(c);

	if (b)
		gtk_widget_set_tooltip_text(b, text);
}

static GtkWidget *new_view(GtkTreeModel *m, const char *name)
{
	GtkWidget *tv = gtk_tree_view_new_with_model(m);

	gtk_widget_set_name(tv, name);
	atk_object_set_name(gtk_widget_get_accessible(tv), name);
	gtk_tree_view_set_enable_search(GTK_TREE_VIEW(tv), FALSE);
	return tv;
}

/* ---- the table ---- */

/*
 * the table's order: the row of all processes first whatever the order,
 * then by the column, then by pid; GtkTreeStore sorts the children of each
 * row apart, so threads stay under their process
 */
static gint cmp_rows(GtkTreeModel *m, GtkTreeIter *a, GtkTreeIter *b, gpointer data)
{
	int col = GPOINTER_TO_INT(data), ka, kb, sc;
	GtkSortType order = GTK_SORT_ASCENDING;
	guint pa, pb;
	gint r = 0;

	gtk_tree_model_get(m, a, C_KIND, &ka, C_PID, &pa, -1);
	gtk_tree_model_get(m, b, C_KIND, &kb, C_PID, &pb, -1);
	if (ka == K_ALL || kb == K_ALL) {
		r = ka == kb ? 0 : ka == K_ALL ? -1 : 1;
		gtk_tree_sortable_get_sort_column_id(GTK_TREE_SORTABLE(m), &sc, &order);
		return order == GTK_SORT_DESCENDING ? -r : r;
	}
	if (col == C_NAME) {
		gchar *x, *y;

		gtk_tree_model_get(m, a, C_NAME, &x, -1);
		gtk_tree_model_get(m, b, C_NAME, &y, -1);
		r = g_strcmp0(x, y);
		g_free(x);
		g_free(y);
	} else if (col == C_THREADS) {
		guint x, y;

		gtk_tree_model_get(m, a, col, &x, -1);
		gtk_tree_model_get(m, b, col, &y, -1);
		r = x < y ? -1 : x > y;
	} else if (col != C_PID) {
		guint64 x, y;

		gtk_tree_model_get(m, a, col, &x, -1);
		gtk_tree_model_get(m, b, col, &y, -1);
		r = x < y ? -1 : x > y;
	}
	return r ? r : pa < pb ? -1 : pa > pb;
}

static void set_times(GtkTreeStore *s, GtkTreeIter *it, const struct lttr_acct_task *tk)
{
	const struct lttr_acct_col *tc;
	int c;

	for (c = C_TIME; (tc = time_col(c)); c++)
		gtk_tree_store_set(s, it, c, (guint64)tc->get(tk), -1);
}

static void add_row(struct procs *p, GtkTreeIter *it, GtkTreeIter *parent, int kind, long index,
		    const struct lttr_acct_task *tk, const char *name)
{
	gtk_tree_store_insert_with_values(p->store, it, parent, -1, C_KIND, kind,
					  C_INDEX, (glong)index, C_PID, (guint)tk->pid,
					  C_NAME, name, C_THREADS, (guint)tk->threads, -1);
	set_times(p->store, it, tk);
}

static int cmp_group_pid(const void *key, const void *el)
{
	uint32_t pid = *(const uint32_t *)key;
	const struct lttr_acct_task *g = el;

	return pid < g->pid ? -1 : pid > g->pid;
}

static const struct lttr_acct_task *group_of(const struct procs *p, uint32_t tgid, long *index)
{
	const struct lttr_acct_task *g = p->ngroups ?
		bsearch(&tgid, p->groups, p->ngroups, sizeof(*p->groups), cmp_group_pid) : NULL;

	if (g && index)
		*index = (long)(g - p->groups);
	return g;
}

static void fill_table(struct procs *p)
{
	const struct lttr_account *a = p->d->s.a;
	GtkTreeIter it, *iters = calloc(p->ngroups ? p->ngroups : 1, sizeof(*iters));
	size_t i;
	long gi;

	if (p->total)
		add_row(p, &it, NULL, K_ALL, -1, p->total, "all processes");
	for (i = 0; iters && i < p->ngroups; i++)
		add_row(p, &iters[i], NULL, K_PROC, (long)i, &p->groups[i], p->groups[i].name);
	for (i = 0; iters && i < a->ntasks; i++) {
		const struct lttr_acct_task *tk = &a->tasks[i];

		if (group_of(p, tk->tgid, &gi) && p->groups[gi].threads > 1)
			add_row(p, &it, &iters[gi], K_THREAD, (long)i, tk, tk->name);
	}
	free(iters);
}

/* ---- the page ---- */

static GtkWidget *heading(const char *text)
{
	GtkWidget *l = gtk_label_new(NULL);
	char *m = g_markup_printf_escaped("<b>%s</b>", text);

	gtk_label_set_markup(GTK_LABEL(l), m);
	g_free(m);
	gtk_label_set_xalign(GTK_LABEL(l), 0);
	gtk_widget_set_margin_top(l, 8);
	return l;
}

static void time_row(struct procs *p, GtkTreeIter *it, GtkTreeIter *parent, const char *what,
		     uint64_t ns)
{
	gtk_tree_store_insert_with_values(p->pg.time, it, parent, -1, 0, what, 1, (guint64)ns, -1);
}

/* the time of @tk to the nanosecond, as a tree of where it went */
static void fill_time(struct procs *p, const struct lttr_acct_task *tk)
{
	bool ksoftirqd = lttr_acct_softirq_own_work(tk->name);
	GtkTreeIter run, k, s, x, i, b;
	unsigned int r;
	size_t n;
	char nb[32];

	gtk_tree_store_clear(p->pg.time);
	time_row(p, &run, NULL, "running", tk->running_ns);
	time_row(p, &x, &run, "user", tk->user_ns);
	time_row(p, &k, &run, "kernel", lttr_acct_task_kernel(tk));
	time_row(p, &s, &k, "syscalls", tk->syscall_ns);
	for (n = 0; n < tk->nsc; n++)
		time_row(p, &x, &s, lttr_syscall_str(tk->sc[n].nr, nb, sizeof(nb)), tk->sc[n].cpu_ns);
	time_row(p, &x, &k, "traps", tk->trap_ns);
	time_row(p, &x, &k, "kernel thread, or mode never known", tk->kernel_ns);
	if (ksoftirqd)	/* its softirqs are its own work (docs/control-flow.md) */
		time_row(p, &s, &x, "softirq handlers", tk->softirq_ns);
	time_row(p, &i, &run, "interrupted (irqs, softirqs)", tk->irq_ns);
	if (!ksoftirqd)
		time_row(p, &x, &i, "softirq part", tk->softirq_ns);
	time_row(p, &x, NULL, "runnable (waiting for a CPU)", tk->runnable_ns);
	time_row(p, &x, NULL, "unknown (no data: a CPU without data may have run it)",
		 tk->unknown_ns);
	time_row(p, &b, NULL, "blocked", lttr_acct_task_blocked(tk));
	for (r = 0; r < LTTR_BLOCK_COUNT; r++)
		time_row(p, &x, &b, lttr_block_name(r), tk->blocked_ns[r]);
	time_row(p, &x, NULL, "lifetime", lttr_acct_task_life(tk));
	if (tk->threads > 1)
		time_row(p, &x, NULL, "thread time (its threads' lifetimes summed)",
			 tk->thread_life_ns);
	/* not part of its lifetime: it neither runs nor waits */
	time_row(p, &x, NULL, "zombie (dead, not reaped yet)", tk->zombie_ns);
	gtk_tree_view_expand_all(GTK_TREE_VIEW(p->pg.time_view));
}

enum { SC_NAME, SC_NR, SC_COUNT, SC_PARTIAL, SC_TOTAL, SC_MIN, SC_MEAN, SC_MAX, SC_CPU,
	SC_BLOCKED, SC_RUNNABLE, SC_NCOLS };

static void fill_sc(struct procs *p, const struct lttr_acct_sc *v, size_t n)
{
	GtkTreeIter it;
	char nb[32];
	size_t i;

	gtk_list_store_clear(p->pg.sc);
	for (i = 0; i < n; i++)
		gtk_list_store_insert_with_values(p->pg.sc, &it, -1,
			SC_NAME, lttr_syscall_str(v[i].nr, nb, sizeof(nb)), SC_NR, (guint)v[i].nr,
			SC_COUNT, (guint64)v[i].lat.count, SC_PARTIAL, (guint64)v[i].partial,
			SC_TOTAL, (guint64)v[i].lat.total, SC_MIN, (guint64)v[i].lat.min,
			SC_MEAN, (guint64)lttr_lat_mean(&v[i].lat), SC_MAX, (guint64)v[i].lat.max,
			SC_CPU, (guint64)v[i].cpu_ns, SC_BLOCKED, (guint64)v[i].blocked_ns,
			SC_RUNNABLE, (guint64)v[i].runnable_ns, -1);
}

enum { CPU_NAME, CPU_IDLE, CPU_USER, CPU_KERNEL, CPU_IRQ, CPU_SOFTIRQ, CPU_UNKNOWN,
	CPU_SWITCHES, CPU_NCOLS };

static void cpu_row(struct procs *p, const char *name, const struct lttr_acct_cpu *c)
{
	GtkTreeIter it;

	gtk_list_store_insert_with_values(p->pg.cpu, &it, -1, CPU_NAME, name,
		CPU_IDLE, (guint64)c->idle_ns, CPU_USER, (guint64)c->user_ns,
		CPU_KERNEL, (guint64)c->kernel_ns, CPU_IRQ, (guint64)c->irq_ns,
		CPU_SOFTIRQ, (guint64)c->softirq_ns, CPU_UNKNOWN, (guint64)c->unknown_ns,
		CPU_SWITCHES, (guint64)c->switches, -1);
}

static void fill_cpus(struct procs *p)
{
	const struct lttr_account *a = p->d->s.a;
	struct lttr_acct_cpu all;
	unsigned int c;
	char name[16];

	gtk_list_store_clear(p->pg.cpu);
	for (c = 0; c < a->ncpus; c++) {
		snprintf(name, sizeof(name), "%u", c);
		cpu_row(p, name, &a->cpu[c]);
	}
	lttr_account_cpu_total(a, &all);
	cpu_row(p, "all", &all);
}

enum { FL_NAME, FL_OPENS, FL_FAILED, FL_FD, FL_FLAGS, FL_PID, FL_FIRST, FL_LAST, FL_NCOLS };

static void fill_files(struct procs *p, const struct lttr_files *f)
{
	GtkTreeIter it;
	size_t i;
	char s[160];

	gtk_list_store_clear(p->pg.files);
	for (i = 0; i < f->n; i++)
		gtk_list_store_insert_with_values(p->pg.files, &it, -1,
			FL_NAME, f->v[i].name[0] ? f->v[i].name : "(record without details)",
			FL_OPENS, (guint64)f->v[i].opens, FL_FAILED, (guint64)f->v[i].failed,
			FL_FD, (gint)f->v[i].last_fd, FL_FLAGS, (guint)f->v[i].last_flags,
			FL_PID, (guint)f->v[i].last_pid, FL_FIRST, (guint64)f->v[i].first_ns,
			FL_LAST, (guint64)f->v[i].last_ns, -1);
	snprintf(s, sizeof(s), "%zu files, %llu opens", f->n, (unsigned long long)f->opens);
	gtk_label_set_text(GTK_LABEL(p->pg.files_status), s);
}

/* ---- the files lookup: in the main loop, GTK events pumped meanwhile ---- */

static void procs_free(struct procs *p)
{
	if (p->idle_id)
		g_source_remove(p->idle_id);
	lttr_account_group_free(p->groups, p->ngroups);
	lttr_account_group_free(p->total, p->total ? 1 : 0);
	free(p->pids);
	free(p);
}

/*
 * every tenth of a second: the share done, and the events of the window
 * (Cancel, another row, closing the tab); a short lookup pumps none
 */
static int files_progress(void *arg, unsigned int permille)
{
	struct procs *p = arg;
	gint64 now = g_get_monotonic_time();

	if (now - p->pumped < PUMP_EVERY_US)
		return p->cancel || p->dead || p->files_wanted;
	p->pumped = now;
	if (!p->dead) {
		char s[64];

		snprintf(s, sizeof(s), "looking for the files opened... %u%%", permille / 10);
		gtk_label_set_text(GTK_LABEL(p->pg.files_status), s);
	}
	while (gtk_events_pending())
		gtk_main_iteration_do(FALSE);
	/* canceled, closed, or another page chosen meanwhile */
	return p->cancel || p->dead || p->files_wanted;
}

static void files_busy(struct procs *p, bool busy)
{
	gtk_button_set_label(GTK_BUTTON(p->pg.files_button), busy ? "Cancel" : "Look up again");
	if (busy) {
		gtk_widget_show(p->pg.spinner);
		gtk_spinner_start(GTK_SPINNER(p->pg.spinner));
	} else {
		gtk_spinner_stop(GTK_SPINNER(p->pg.spinner));
		gtk_widget_hide(p->pg.spinner);
	}
}

static gboolean files_run(gpointer data)
{
	struct procs *p = data;

	p->idle_id = 0;
	while (p->files_wanted && !p->dead && gtk_widget_get_mapped(p->paned)) {
		struct lttr_files f;
		struct lttr_error err;
		uint32_t *pids = NULL;
		size_t np = p->npids;
		int r;

		if (p->pids) {
			pids = g_memdup2(p->pids, (np ? np : 1) * sizeof(*pids));
		}
		p->files_wanted = false;
		p->cancel = false;
		p->busy = true;
		p->pumped = g_get_monotonic_time();
		files_busy(p, true);
		gtk_list_store_clear(p->pg.files);
		r = lttr_view_files(p->d->s.v, pids, np, files_progress, p, &f, &err);
		g_free(pids);
		p->busy = false;
		if (p->dead) {
			lttr_view_files_free(&f);
			break;
		}
		files_busy(p, false);
		if (r == 0 && !p->files_wanted)
			fill_files(p, &f);
		else if (r == -LTTR_E_CANCELED && !p->files_wanted)
			gtk_label_set_text(GTK_LABEL(p->pg.files_status), "canceled");
		else if (r < 0 && r != -LTTR_E_CANCELED)
			gtk_label_set_text(GTK_LABEL(p->pg.files_status), err.msg);
		lttr_view_files_free(&f);
	}
	if (p->dead)
		procs_free(p);
	return G_SOURCE_REMOVE;
}

/*
 * the lookup runs before the next layout and paint (their priority is
 * G_PRIORITY_HIGH_IDLE + 20), so that the page is drawn with its files
 */
static guint files_later(struct procs *p)
{
	return g_idle_add_full(G_PRIORITY_HIGH_IDLE + 10, files_run, p, NULL);
}

/* look the files of the page up as soon as the page is on the screen */
static void files_request(struct procs *p)
{
	p->files_wanted = true;
	if (p->busy)		/* the running lookup stops and starts again */
		return;
	if (!p->idle_id && gtk_widget_get_mapped(p->paned))
		p->idle_id = files_later(p);
}

static void on_files_button(GtkButton *b, gpointer data)
{
	struct procs *p = data;

	(void)b;
	if (p->busy)
		p->cancel = true;
	else
		files_request(p);
}

static void on_map(GtkWidget *w, gpointer data)
{
	struct procs *p = data;

	(void)w;
	if (p->files_wanted && !p->busy && !p->idle_id)
		p->idle_id = files_later(p);
}

/* once it has a width: the table three fifths of it, the page the rest */
static void on_allocate(GtkWidget *w, GdkRectangle *al, gpointer data)
{
	struct procs *p = data;

	if (!p->placed && al->width > 200) {
		p->placed = true;
		gtk_paned_set_position(GTK_PANED(w), al->width * 3 / 5);
	}
}

static void on_file_activated(GtkTreeView *tv, GtkTreePath *path, GtkTreeViewColumn *c,
			      gpointer data)
{
	struct procs *p = data;
	GtkTreeModel *m = gtk_tree_view_get_model(tv);
	GtkTreeIter it;
	guint64 t;
	guint pid;

	(void)c;
	if (!gtk_tree_model_get_iter(m, &it, path))
		return;
	gtk_tree_model_get(m, &it, FL_LAST, &t, FL_PID, &pid, -1);
	gv_doc_set_cursor(p->d, t);
	p->syncing = true;	/* the page stays: its files are what is looked at */
	gv_doc_select_pid(p->d, pid);
	p->syncing = false;
}

/* ---- showing a row's page ---- */

/* the tasks of the page: a process's threads, a thread, or every task (NULL) */
static void set_pids(struct procs *p, int kind, const struct lttr_acct_task *tk)
{
	const struct lttr_account *a = p->d->s.a;
	size_t i;

	free(p->pids);
	p->pids = NULL;
	p->npids = 0;
	if (kind == K_ALL)
		return;
	p->pids = calloc(kind == K_PROC ? tk->threads + 1 : 1, sizeof(*p->pids));
	if (!p->pids)
		return;
	if (kind == K_THREAD) {
		p->pids[p->npids++] = tk->pid;
		return;
	}
	for (i = 0; i < a->ntasks && p->npids < tk->threads + 1; i++)
		if (a->tasks[i].tgid == tk->pid)
			p->pids[p->npids++] = a->tasks[i].pid;
}

static void show_page(struct procs *p, int kind, long index)
{
	const struct lttr_account *a = p->d->s.a;
	const struct lttr_acct_task *tk;
	char title[512], b[32], e[32], m1[32], m2[32];
	const char *exited;

	if (kind == p->kind && index == p->index)
		return;
	tk = kind == K_ALL ? p->total : kind == K_PROC ? &p->groups[index] : &a->tasks[index];
	if (!tk)
		return;
	p->kind = kind;
	p->index = index;
	lttr_fmt_time(gv_doc_rel(p->d, tk->begin_ns), b, sizeof(b));
	lttr_fmt_time(gv_doc_rel(p->d, tk->end_ns), e, sizeof(e));
	exited = tk->exited ? ", exited" : "";
	if (kind == K_ALL)
		snprintf(title, sizeof(title), "All processes: %u tasks, from %s to %s", tk->threads,
			 b, e);
	else if (kind == K_PROC)
		snprintf(title, sizeof(title), "Process %u %s (parent %u): %u thread%s, from %s to %s%s",
			 tk->pid, tk->name, tk->ppid, tk->threads, tk->threads > 1 ? "s" : "", b, e,
			 exited);
	else
		snprintf(title, sizeof(title), "Thread %u %s of process %u: from %s to %s%s",
			 tk->pid, tk->name, tk->tgid, b, e, exited);
	gtk_label_set_text(GTK_LABEL(p->pg.title), title);
	gtk_widget_set_sensitive(p->pg.critpath, kind != K_ALL);
	lttr_fmt_duration(lttr_lat_mean(&tk->sched_lat), m1, sizeof(m1));
	lttr_fmt_duration(tk->sched_lat.max, m2, sizeof(m2));
	snprintf(title, sizeof(title), "%llu switches in, %llu preemptions; %llu wakeups, "
		 "waiting for a CPU %s on average, %s at most",
		 (unsigned long long)tk->switches, (unsigned long long)tk->preemptions,
		 (unsigned long long)tk->sched_lat.count, m1, m2);
	gtk_label_set_text(GTK_LABEL(p->pg.sched), title);
	fill_time(p, tk);
	/* the system's syscalls are the accounting's own list */
	if (kind == K_ALL)
		fill_sc(p, a->sc, a->nsc);
	else
		fill_sc(p, tk->sc, tk->nsc);
	if (kind == K_ALL) {
		fill_cpus(p);
		gtk_widget_show_all(p->pg.cpu_box);
	} else {
		gtk_widget_hide(p->pg.cpu_box);
	}
	set_pids(p, kind, tk);
	gtk_list_store_clear(p->pg.files);
	gtk_label_set_text(GTK_LABEL(p->pg.files_status), "");
	files_request(p);
}

/* ---- selection, both ways ---- */

static void on_select(GtkTreeSelection *sel, gpointer data)
{
	struct procs *p = data;
	GtkTreeModel *m;
	GtkTreeIter it;
	int kind;
	glong index;
	guint pid;

	if (p->syncing || !gtk_tree_selection_get_selected(sel, &m, &it))
		return;
	gtk_tree_model_get(m, &it, C_KIND, &kind, C_INDEX, &index, C_PID, &pid, -1);
	show_page(p, kind, index);
	if (kind != K_ALL) {
		p->syncing = true;
		gv_doc_select_pid(p->d, pid);
		p->syncing = false;
	}
}

static void on_activated(GtkTreeView *tv, GtkTreePath *path, GtkTreeViewColumn *c,
			 gpointer data)
{
	struct procs *p = data;
	GtkTreeIter it;
	int kind;
	glong index;

	(void)c;
	if (!gtk_tree_model_get_iter(gtk_tree_view_get_model(tv), &it, path))
		return;
	gtk_tree_model_get(gtk_tree_view_get_model(tv), &it, C_KIND, &kind, C_INDEX, &index, -1);
	show_page(p, kind, index);
}

struct find {
	int kind;
	long index;
	GtkTreePath *path;
};

static gboolean find_row(GtkTreeModel *m, GtkTreePath *path, GtkTreeIter *it, gpointer data)
{
	struct find *f = data;
	int kind;
	glong index;

	gtk_tree_model_get(m, it, C_KIND, &kind, C_INDEX, &index, -1);
	if (kind != f->kind || index != f->index)
		return FALSE;
	f->path = gtk_tree_path_copy(path);
	return TRUE;
}

/* the task selected elsewhere: its process's row for a leader, else its thread's */
static void follow(void *view, unsigned int what)
{
	struct procs *p = view;
	const struct lttr_account *a = p->d->s.a;
	const struct lttr_acct_task *tk;
	struct find f = { K_THREAD, 0, NULL };
	long gi;

	if (!(what & GV_SELECT) || p->syncing || p->dead || !p->d->s.sel_pid)
		return;
	tk = lttr_account_find(a, p->d->s.sel_pid);
	if (!tk || !group_of(p, tk->tgid, &gi))
		return;
	f.index = (long)(tk - a->tasks);
	if (p->groups[gi].threads < 2 || tk->pid == tk->tgid) {
		f.kind = K_PROC;
		f.index = gi;
	}
	gtk_tree_model_foreach(GTK_TREE_MODEL(p->store), find_row, &f);
	if (!f.path)
		return;
	p->syncing = true;
	gtk_tree_view_expand_to_path(GTK_TREE_VIEW(p->tree), f.path);
	gtk_tree_selection_select_path(gtk_tree_view_get_selection(GTK_TREE_VIEW(p->tree)), f.path);
	gtk_tree_view_scroll_to_cell(GTK_TREE_VIEW(p->tree), f.path, NULL, FALSE, 0, 0);
	p->syncing = false;
	gtk_tree_path_free(f.path);
	show_page(p, f.kind, f.index);
}

static void on_destroy(GtkWidget *w, gpointer data)
{
	struct procs *p = data;

	(void)w;
	gv_doc_unlisten(p->d, p);
	p->dead = true;
	if (!p->busy)	/* else the lookup frees it when it returns */
		procs_free(p);
}

/* ---- building ---- */

static GtkWidget *build_table(struct procs *p)
{
	int n = ncols(), c;
	GType *types = g_new(GType, (gsize)n);
	GtkWidget *sw = gtk_scrolled_window_new(NULL, NULL);

	types[C_KIND] = G_TYPE_INT;
	types[C_INDEX] = G_TYPE_LONG;
	types[C_PID] = G_TYPE_UINT;
	types[C_NAME] = G_TYPE_STRING;
	types[C_THREADS] = G_TYPE_UINT;
	for (c = C_TIME; c < n; c++)
		types[c] = G_TYPE_UINT64;
	p->store = gtk_tree_store_newv(n, types);
	g_free(types);
	for (c = C_PID; c < n; c++)
		gtk_tree_sortable_set_sort_func(GTK_TREE_SORTABLE(p->store), c, cmp_rows,
						GINT_TO_POINTER(c), NULL);
	fill_table(p);
	gtk_tree_sortable_set_sort_column_id(GTK_TREE_SORTABLE(p->store), C_PID,
					     GTK_SORT_ASCENDING);
	p->tree = new_view(GTK_TREE_MODEL(p->store), "Processes table");
	g_object_unref(p->store);
	add_column(p, p->tree, "pid", C_PID, F_PID, true);
	header_tip(add_column(p, p->tree, "name", C_NAME, F_TEXT, true),
		   "a process, its threads under it; double-click or Enter: its page");
	add_column(p, p->tree, "threads", C_THREADS, F_UINT, true);
	for (c = C_TIME; c < n; c++)
		header_tip(add_column(p, p->tree, time_col(c)->title, c, F_MS, true),
			   time_col(c)->tip);
	g_signal_connect(gtk_tree_view_get_selection(GTK_TREE_VIEW(p->tree)), "changed",
			 G_CALLBACK(on_select), p);
	g_signal_connect(p->tree, "row-activated", G_CALLBACK(on_activated), p);
	gtk_container_add(GTK_CONTAINER(sw), p->tree);
	return sw;
}

/* a wide table in the page: it scrolls sideways, the page does not */
static GtkWidget *hscroll(GtkWidget *child)
{
	GtkWidget *sw = gtk_scrolled_window_new(NULL, NULL);

	gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(sw), GTK_POLICY_AUTOMATIC,
				       GTK_POLICY_NEVER);
	gtk_scrolled_window_set_propagate_natural_height(GTK_SCROLLED_WINDOW(sw), TRUE);
	gtk_container_add(GTK_CONTAINER(sw), child);
	return sw;
}

static GtkListStore *list_store(int n, GType first, ...)
{
	GType types[16];
	va_list ap;
	int i;

	types[0] = first;
	va_start(ap, first);
	for (i = 1; i < n && i < 16; i++)
		types[i] = va_arg(ap, GType);
	va_end(ap);
	return gtk_list_store_newv(n, types);
}

static GtkWidget *build_sc(struct procs *p)
{
	static const struct { const char *title; int col; enum fmt fmt; const char *tip; } cols[] = {
		{ "syscall", SC_NAME, F_TEXT, NULL }, { "nr", SC_NR, F_UINT, NULL },
		{ "calls", SC_COUNT, F_COUNT, "calls whose entry and exit are both in the trace" },
		{ "total", SC_TOTAL, F_DUR, "their latencies (entry to exit, wall time) summed" },
		{ "min", SC_MIN, F_DUR, NULL }, { "mean", SC_MEAN, F_DUR, NULL },
		{ "max", SC_MAX, F_DUR, NULL },
		{ "on CPU", SC_CPU, F_DUR, "time inside it on a CPU" },
		{ "blocked", SC_BLOCKED, F_DUR, "time inside it blocked" },
		{ "runnable", SC_RUNNABLE, F_DUR, "time inside it waiting for a CPU" },
		{ "partial", SC_PARTIAL, F_COUNT, "exits whose entry precedes the trace" },
	};
	GtkWidget *tv;
	size_t i;

	p->pg.sc = list_store(SC_NCOLS, G_TYPE_STRING, G_TYPE_UINT, G_TYPE_UINT64, G_TYPE_UINT64,
			      G_TYPE_UINT64, G_TYPE_UINT64, G_TYPE_UINT64, G_TYPE_UINT64,
			      G_TYPE_UINT64, G_TYPE_UINT64, G_TYPE_UINT64);
	tv = new_view(GTK_TREE_MODEL(p->pg.sc), "Process syscalls");
	g_object_unref(p->pg.sc);
	for (i = 0; i < sizeof(cols) / sizeof(cols[0]); i++) {
		GtkTreeViewColumn *c = add_column(p, tv, cols[i].title, cols[i].col, cols[i].fmt,
						  true);

		if (cols[i].tip)
			header_tip(c, cols[i].tip);
	}
	return hscroll(tv);
}

static GtkWidget *build_cpus(struct procs *p)
{
	static const char *const titles[] = { "cpu", "idle", "user", "kernel", "irq", "softirq",
		"unknown", "switches" };
	GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2), *tv;
	int c;

	p->pg.cpu = list_store(CPU_NCOLS, G_TYPE_STRING, G_TYPE_UINT64, G_TYPE_UINT64,
			       G_TYPE_UINT64, G_TYPE_UINT64, G_TYPE_UINT64, G_TYPE_UINT64,
			       G_TYPE_UINT64);
	tv = new_view(GTK_TREE_MODEL(p->pg.cpu), "CPUs");
	g_object_unref(p->pg.cpu);
	for (c = 0; c < CPU_NCOLS; c++)
		add_column(p, tv, titles[c], c, c == CPU_NAME ? F_TEXT :
			   c == CPU_SWITCHES ? F_COUNT : F_DUR, false);
	gtk_box_pack_start(GTK_BOX(box), heading("CPUs"), FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(box), hscroll(tv), FALSE, FALSE, 0);
	p->pg.cpu_box = box;
	return box;
}

static GtkWidget *build_files(struct procs *p)
{
	static const struct { const char *title; int col; enum fmt fmt; const char *tip; } cols[] = {
		{ "file", FL_NAME, F_TEXT, "the fs_open events of its threads, by file name; "
		  "double-click: the cursor to the last one" },
		{ "opens", FL_OPENS, F_COUNT, NULL },
		{ "failed", FL_FAILED, F_COUNT, "opens that returned an error" },
		{ "last fd", FL_FD, F_INT, "the result of the last open: its fd, or -errno" },
		{ "flags", FL_FLAGS, F_HEX, "the O_ flags of the last open" },
		{ "by", FL_PID, F_UINT, "the task of the last open" },
		{ "first", FL_FIRST, F_TIME, NULL }, { "last", FL_LAST, F_TIME, NULL },
	};
	GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2), *line, *sw, *tv;
	size_t i;

	line = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
	gtk_box_pack_start(GTK_BOX(line), heading("Files opened"), FALSE, FALSE, 0);
	p->pg.spinner = gtk_spinner_new();
	gtk_widget_set_no_show_all(p->pg.spinner, TRUE);
	gtk_box_pack_start(GTK_BOX(line), p->pg.spinner, FALSE, FALSE, 0);
	p->pg.files_status = gtk_label_new("");
	gtk_widget_set_name(p->pg.files_status, "files-status");
	gtk_box_pack_start(GTK_BOX(line), p->pg.files_status, FALSE, FALSE, 0);
	p->pg.files_button = gtk_button_new_with_label("Look up again");
	g_signal_connect(p->pg.files_button, "clicked", G_CALLBACK(on_files_button), p);
	gtk_box_pack_end(GTK_BOX(line), p->pg.files_button, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(box), line, FALSE, FALSE, 0);
	p->pg.files = list_store(FL_NCOLS, G_TYPE_STRING, G_TYPE_UINT64, G_TYPE_UINT64, G_TYPE_INT,
				 G_TYPE_UINT, G_TYPE_UINT, G_TYPE_UINT64, G_TYPE_UINT64);
	tv = new_view(GTK_TREE_MODEL(p->pg.files), "Files opened");
	g_object_unref(p->pg.files);
	for (i = 0; i < sizeof(cols) / sizeof(cols[0]); i++) {
		GtkTreeViewColumn *c = add_column(p, tv, cols[i].title, cols[i].col, cols[i].fmt,
						  true);

		if (cols[i].tip)
			header_tip(c, cols[i].tip);
	}
	g_signal_connect(tv, "row-activated", G_CALLBACK(on_file_activated), p);
	sw = gtk_scrolled_window_new(NULL, NULL);
	gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(sw), GTK_POLICY_AUTOMATIC,
				       GTK_POLICY_AUTOMATIC);
	gtk_scrolled_window_set_min_content_height(GTK_SCROLLED_WINDOW(sw), 120);
	gtk_scrolled_window_set_max_content_height(GTK_SCROLLED_WINDOW(sw), 400);
	gtk_scrolled_window_set_propagate_natural_height(GTK_SCROLLED_WINDOW(sw), TRUE);
	gtk_container_add(GTK_CONTAINER(sw), tv);
	gtk_box_pack_start(GTK_BOX(box), sw, FALSE, FALSE, 0);
	return box;
}

/* the critical path of the page's task (a process: its first thread) */
static void on_critpath(GtkButton *b, gpointer data)
{
	struct procs *p = data;
	const struct lttr_acct_task *tk;

	(void)b;
	if (p->kind == K_PROC)
		tk = &p->groups[p->index];
	else if (p->kind == K_THREAD)
		tk = &p->d->s.a->tasks[p->index];
	else
		return;
	gv_critpath_show(p->d, tk->pid, 0, UINT64_MAX);
}

static GtkWidget *build_page(struct procs *p)
{
	GtkWidget *sw = gtk_scrolled_window_new(NULL, NULL);
	GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2);

	gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(sw), GTK_POLICY_NEVER,
				       GTK_POLICY_AUTOMATIC);

	gtk_container_set_border_width(GTK_CONTAINER(box), 6);
	p->pg.title = gtk_label_new("");
	gtk_widget_set_name(p->pg.title, "page-title");
	gtk_label_set_xalign(GTK_LABEL(p->pg.title), 0);
	gtk_label_set_line_wrap(GTK_LABEL(p->pg.title), TRUE);
	gtk_label_set_max_width_chars(GTK_LABEL(p->pg.title), 72);
	gtk_label_set_selectable(GTK_LABEL(p->pg.title), TRUE);
	gtk_box_pack_start(GTK_BOX(box), p->pg.title, FALSE, FALSE, 0);
	p->pg.critpath = gtk_button_new_with_mnemonic("Critical _path");
	gtk_widget_set_name(p->pg.critpath, "page-critpath");
	gtk_widget_set_tooltip_text(p->pg.critpath, "what this task waited for over its life, "
				    "across the tasks that woke it (C)");
	gtk_widget_set_halign(p->pg.critpath, GTK_ALIGN_START);
	g_signal_connect(p->pg.critpath, "clicked", G_CALLBACK(on_critpath), p);
	gtk_box_pack_start(GTK_BOX(box), p->pg.critpath, FALSE, FALSE, 0);
	p->pg.sched = gtk_label_new("");
	gtk_label_set_xalign(GTK_LABEL(p->pg.sched), 0);
	gtk_label_set_line_wrap(GTK_LABEL(p->pg.sched), TRUE);
	gtk_label_set_max_width_chars(GTK_LABEL(p->pg.sched), 72);
	gtk_box_pack_start(GTK_BOX(box), p->pg.sched, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(box), heading("Time"), FALSE, FALSE, 0);
	p->pg.time = gtk_tree_store_new(2, G_TYPE_STRING, G_TYPE_UINT64);
	p->pg.time_view = new_view(GTK_TREE_MODEL(p->pg.time), "Process time");
	g_object_unref(p->pg.time);
	add_column(p, p->pg.time_view, "where", 0, F_TEXT, false);
	add_column(p, p->pg.time_view, "time", 1, F_DUR, false);
	gtk_widget_set_halign(p->pg.time_view, GTK_ALIGN_START);
	gtk_box_pack_start(GTK_BOX(box), p->pg.time_view, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(box), build_cpus(p), FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(box), heading("Syscalls"), FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(box), build_sc(p), FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(box), build_files(p), FALSE, FALSE, 0);
	gtk_container_add(GTK_CONTAINER(sw), box);
	return sw;
}

/**
 * gv_procs_new() - the process analysis of a document
 * @d: the document (its accounting @d->s.a and view @d->s.v)
 *
 * The table of processes and threads beside the page of the row chosen
 * (all processes to begin with); follows the task selected in @d.
 *
 * Return: the widget (a GtkPaned) for the tables notebook.
 */
GtkWidget *gv_procs_new(struct gv_doc *d)
{
	struct procs *p = calloc(1, sizeof(*p));
	GtkTreeIter first;

	if (!p)
		return gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
	p->d = d;
	p->kind = -1;
	p->index = -1;
	p->groups = lttr_account_group(d->s.a, &p->ngroups);
	p->total = lttr_account_total(d->s.a);
	p->paned = gtk_paned_new(GTK_ORIENTATION_HORIZONTAL);
	gtk_widget_set_name(p->paned, "processes");
	gtk_paned_pack1(GTK_PANED(p->paned), build_table(p), TRUE, FALSE);
	gtk_paned_pack2(GTK_PANED(p->paned), build_page(p), TRUE, FALSE);
	g_signal_connect(p->paned, "map", G_CALLBACK(on_map), p);
	g_signal_connect(p->paned, "size-allocate", G_CALLBACK(on_allocate), p);
	g_signal_connect(p->paned, "destroy", G_CALLBACK(on_destroy), p);
	gv_doc_listen(d, follow, p);
	/* the page of all processes to begin with */
	if (gtk_tree_model_get_iter_first(GTK_TREE_MODEL(p->store), &first))
		gtk_tree_selection_select_iter(gtk_tree_view_get_selection(GTK_TREE_VIEW(p->tree)),
					       &first);
	return p->paned;
}
