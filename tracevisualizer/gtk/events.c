// SPDX-License-Identifier: GPL-2.0
/*
 * events.c - the events list: the raw trace as "tracevisualizer dump"
 * prints it (time, cpu, pid, task, control, type, description), in step
 * with the document's cursor and filter, for a trace of any length.
 *
 * GtkTreeView keeps a node for every row of its model (about 55 bytes a
 * row, and 5 s to take a model of 10 million rows), so the model here
 * holds only the rows the list has room for: a GtkTreeModel of our own
 * whose iterators are row indexes into a cache of consecutive events, and
 * a scrollbar of its own over every event of the trace.  The cache is a
 * run of the library's events list (lttr/view/evwin.h over evlist.h): at
 * most CACHE_MAX events, whatever the trace's size, grown CHUNK events at
 * a time at its edges, so that scrolling reads each event once; a jump to
 * event k of the trace places the run at that index.  What is kept here
 * is which of its events are shown and selected, the scrollbar, the line
 * above and the keys.
 *
 * The cursor and the list follow each other: a new cursor selects the
 * first event at or after it; a row selected (click, arrows, pages, Home,
 * End) becomes the cursor, and its task the selected row of the graphs.
 *
 * With the document's filter, events that do not match are drawn grey, or
 * hidden: the cache then holds the matching events only, which the list
 * reads with the iterator while matches are near and with the view's
 * search (here gv_find(), with its progress dialog) past a long run
 * without one, a few rows beyond the screen at a time.
 * The matching events are counted in the background, a slice of the trace
 * per idle call, and shown as "at least N" until the count is complete.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/view/evlist.h>
#include <lttr/view/evwin.h>
#include "gv.h"

#define CACHE_MAX	4096	/* events kept around the rows shown */
#define CHUNK		256	/* events read at a time at an edge of the cache */
#define HIDE_MARGIN	8	/* hiding: rows read beyond those needed */
#define ROWS_MAX	512	/* rows the list shows at most */
#define CACHE_CAP	(CACHE_MAX + 4 * (ROWS_MAX + CHUNK))
#define COUNT_SLICE_US	8000	/* time given to the count of matches per idle call */

enum { COL_FG = GV_EV_NCOLS, N_MODEL_COLS };

const char *const gv_event_titles[GV_EV_NCOLS] = {
	"time", "cpu", "pid", "task", "C", "type", "description"
};

/**
 * struct gv_events - the events list of a document
 * @d: the document
 * @box: the widget of the page
 * @view: the tree view
 * @info: the line above it: position, events, matches
 * @adj: the scrollbar's adjustment: events of the trace
 * @model: the rows shown
 * @list: the events the cache is read from: all, or those of @lf
 * @w: the cache: consecutive events of the list (all events, or the
 *	matching ones when hiding), at most CACHE_CAP
 * @top: index in @w of the first row shown
 * @rows: rows the list has room for
 * @nshown: rows of the model
 * @row_h: the height of a row, pixels
 * @has_sel: an event is selected
 * @sel: its position
 * @total: events in the trace
 * @hide: the cache holds the matching events only
 * @guard: our own changes: not to be followed
 * @busy: reading (a long search may run the main loop)
 * @pending: changes of the document that came while busy
 * @relayout: an idle call to fit the rows to the height is pending
 * @want: the first row it is to show (a place in @w)
 * @sized: the list had its first size
 * @count_id: its idle source
 * @nmatch: matches counted
 * @nread: events read by the count
 * @count_done: the count is complete
 * @failed: a read failed (reported once)
 * @acc: smooth scrolling not yet a whole row
 * @dragging: the rows follow the scrollbar (not the other way round)
 * @ftext: the filters the list follows: the one it hides by, then the
 *	document's (that dims)
 * @ef: the column filters
 * @lf: the filter the list shows the events of (NULL: all): the
 *	document's when it hides, and the column filters
 * @ctext: the column filters' expression ("" none)
 * @cerr: what is wrong with a column filter's text, or NULL
 */
struct gv_events {
	struct gv_doc *d;
	GtkWidget *box;
	GtkWidget *view;
	GtkWidget *info;
	GtkWidget *stack;	/* the details: the stack of the event selected */
	GtkAdjustment *adj;
	GtkTreeModel *model;
	struct lttr_evlist *list;
	struct lttr_evwin w;
	size_t top;
	size_t rows;
	size_t nshown;
	int row_h;
	bool has_sel;
	struct lttr_view_pos sel;
	uint64_t total;
	bool hide;
	int guard;
	bool busy;
	unsigned int pending;
	guint relayout;
	long want;
	bool sized;
	guint count_id;
	uint64_t nmatch;
	uint64_t nread;
	bool count_done;
	bool failed;
	double acc;
	bool dragging;
	char *ftext;
	struct gv_evfilter *ef;
	struct lttr_filter *lf;
	char *ctext;
	char *cerr;
};

/* ------------------------------------------------------------------ */
/* the texts of an event, as the list and the CSV export show them     */

static const char *comm_at(void *arg, uint32_t pid, uint64_t t)
{
	return lttr_view_comm(arg, pid, t);
}

bool gv_event_match(const struct gv_doc *d, const struct lttr_event *ev)
{
	/* the context of the view's search, so that both match alike */
	struct lttr_filter_ctx c = { d->s.t, comm_at, d->s.v };

	return !d->s.filter || lttr_filter_match(d->s.filter, &c, ev);
}

/* whether the list shows @ev: its filter matches it */
static bool list_match(const struct gv_events *e, const struct lttr_event *ev)
{
	return lttr_evlist_listed(e->list, ev);
}

const char *gv_event_cell(const struct gv_doc *d, const struct lttr_event *ev, int col,
			  char *buf, size_t size)
{
	const struct ltt_trace_header *h = lttr_trace_header(d->s.t);
	char tb[32];
	const char *type;
	size_t len;

	switch (col) {
	case GV_EV_TIME:
		if (ev->time_ns >= h->start_ns)
			return lttr_fmt_time(ev->time_ns - h->start_ns, buf, size);
		if (size < 2)
			return "";
		buf[0] = '-';	/* before the trace start, as dump prints it */
		lttr_fmt_time(h->start_ns - ev->time_ns, buf + 1, size - 1);
		return buf;
	case GV_EV_CPU:
		if (h->flags & LTT_TRACE_NO_CPUID)
			return "-";
		snprintf(buf, size, "%u", ev->cpu);
		return buf;
	case GV_EV_PID:
		snprintf(buf, size, "%u", ev->pid);
		return buf;
	case GV_EV_TASK:
		return lttr_view_comm(d->s.v, ev->pid, ev->time_ns);
	case GV_EV_CTRL:
		return ev->control ? "C" : "";
	case GV_EV_TYPE:
		type = lttr_event_type_str(ev->id, tb, sizeof(tb));
		snprintf(buf, size, "%s", type);
		return buf;
	case GV_EV_DESC:
		lttr_event_describe(d->s.t, ev, buf, size);
		/* the type has its own column */
		type = lttr_event_type_str(ev->id, tb, sizeof(tb));
		len = strlen(type);
		if (!strncmp(buf, type, len) && (buf[len] == ' ' || !buf[len]))
			return buf + len + (buf[len] == ' ');
		return buf;
	default:
		return "";
	}
}

/* ------------------------------------------------------------------ */
/* the model: the rows shown, iterators are their indexes              */

typedef struct {
	GObject parent;
	struct gv_events *e;
} GvEventsModel;

typedef struct {
	GObjectClass parent;
} GvEventsModelClass;

#define MODEL_STAMP 0x4576	/* the rows' iterators stay valid: one stamp */

GType gv_events_model_get_type(void);

static void model_iface_init(gpointer g_iface, gpointer data);

GType gv_events_model_get_type(void)
{
	static gsize type;

	if (g_once_init_enter(&type)) {
		static const GInterfaceInfo iface = { model_iface_init, NULL, NULL };
		GType t = g_type_register_static_simple(G_TYPE_OBJECT, "GvEventsModel",
							sizeof(GvEventsModelClass), NULL,
							sizeof(GvEventsModel), NULL, 0);

		g_type_add_interface_static(t, GTK_TYPE_TREE_MODEL, &iface);
		g_once_init_leave(&type, t);
	}
	return type;
}

static struct gv_events *model_events(GtkTreeModel *m)
{
	return ((GvEventsModel *)m)->e;
}

static size_t model_rows(GtkTreeModel *m)
{
	struct gv_events *e = model_events(m);

	return e ? e->nshown : 0;
}

static gboolean set_iter(GtkTreeModel *m, GtkTreeIter *it, size_t i)
{
	if (i >= model_rows(m)) {
		it->stamp = 0;
		return FALSE;
	}
	it->stamp = MODEL_STAMP;
	it->user_data = GSIZE_TO_POINTER(i);
	it->user_data2 = NULL;
	it->user_data3 = NULL;
	return TRUE;
}

static size_t iter_row(const GtkTreeIter *it)
{
	return GPOINTER_TO_SIZE(it->user_data);
}

static GtkTreeModelFlags model_get_flags(GtkTreeModel *m)
{
	(void)m;
	return GTK_TREE_MODEL_LIST_ONLY | GTK_TREE_MODEL_ITERS_PERSIST;
}

static gint model_get_n_columns(GtkTreeModel *m)
{
	(void)m;
	return N_MODEL_COLS;
}

static GType model_get_column_type(GtkTreeModel *m, gint col)
{
	(void)m;
	(void)col;
	return G_TYPE_STRING;
}

static gboolean model_get_iter(GtkTreeModel *m, GtkTreeIter *it, GtkTreePath *path)
{
	if (gtk_tree_path_get_depth(path) != 1 || gtk_tree_path_get_indices(path)[0] < 0)
		return set_iter(m, it, SIZE_MAX);
	return set_iter(m, it, (size_t)gtk_tree_path_get_indices(path)[0]);
}

static GtkTreePath *model_get_path(GtkTreeModel *m, GtkTreeIter *it)
{
	(void)m;
	return gtk_tree_path_new_from_indices((gint)iter_row(it), -1);
}

static void model_get_value(GtkTreeModel *m, GtkTreeIter *it, gint col, GValue *val)
{
	struct gv_events *e = model_events(m);
	size_t i = iter_row(it);
	const struct lttr_event *ev;
	char buf[1024];

	g_value_init(val, G_TYPE_STRING);
	if (!e || i >= e->nshown || e->top + i >= e->w.n)
		return;
	ev = &e->w.ev[e->top + i];
	if (col == COL_FG) {
		if (e->d->s.filter && !gv_event_match(e->d, ev))
			g_value_set_static_string(val, "grey60");
		return;
	}
	g_value_set_string(val, gv_event_cell(e->d, ev, col, buf, sizeof(buf)));
}

static gboolean model_iter_next(GtkTreeModel *m, GtkTreeIter *it)
{
	return set_iter(m, it, iter_row(it) + 1);
}

static gboolean model_iter_previous(GtkTreeModel *m, GtkTreeIter *it)
{
	size_t i = iter_row(it);

	return set_iter(m, it, i ? i - 1 : SIZE_MAX);
}

/* cppcheck-suppress constParameter ; the signature is GtkTreeModelIface's */
static gboolean model_iter_children(GtkTreeModel *m, GtkTreeIter *it, GtkTreeIter *parent)
{
	return set_iter(m, it, parent ? SIZE_MAX : 0);
}

static gboolean model_iter_has_child(GtkTreeModel *m, GtkTreeIter *it)
{
	(void)m;
	(void)it;
	return FALSE;
}

/* cppcheck-suppress constParameter ; the signature is GtkTreeModelIface's */
static gint model_iter_n_children(GtkTreeModel *m, GtkTreeIter *it)
{
	return it ? 0 : (gint)model_rows(m);
}

/* cppcheck-suppress constParameter ; the signature is GtkTreeModelIface's */
static gboolean model_iter_nth_child(GtkTreeModel *m, GtkTreeIter *it, GtkTreeIter *parent,
				     gint n)
{
	return set_iter(m, it, parent || n < 0 ? SIZE_MAX : (size_t)n);
}

static gboolean model_iter_parent(GtkTreeModel *m, GtkTreeIter *it, GtkTreeIter *child)
{
	(void)child;
	return set_iter(m, it, SIZE_MAX);
}

static void model_iface_init(gpointer g_iface, gpointer data)
{
	GtkTreeModelIface *iface = g_iface;

	(void)data;
	iface->get_flags = model_get_flags;
	iface->get_n_columns = model_get_n_columns;
	iface->get_column_type = model_get_column_type;
	iface->get_iter = model_get_iter;
	iface->get_path = model_get_path;
	iface->get_value = model_get_value;
	iface->iter_next = model_iter_next;
	iface->iter_previous = model_iter_previous;
	iface->iter_children = model_iter_children;
	iface->iter_has_child = model_iter_has_child;
	iface->iter_n_children = model_iter_n_children;
	iface->iter_nth_child = model_iter_nth_child;
	iface->iter_parent = model_iter_parent;
}

/* ------------------------------------------------------------------ */
/* reading: the library's events list                                  */

static void read_failed(struct gv_events *e, const struct lttr_error *err)
{
	if (e->failed)
		return;
	e->failed = true;
	gv_doc_message(e->d, true, "events: %s", err->msg);
}

/* a step of the list failed (@r): canceled by the person, or an error */
static void step_failed(struct gv_events *e, int r)
{
	if (r == -LTTR_E_CANCELED)
		gv_doc_message(e->d, false, "events: the search for matches "
			       "canceled; the list shows those found");
	else
		read_failed(e, lttr_evlist_error(e->list));
}

/* the list's search: the document's, with its progress dialog */
static int find_cb(void *arg, const struct lttr_filter *f, const struct lttr_view_pos *from,
		   bool incl, int dir, struct lttr_event *out, struct lttr_error *err)
{
	return gv_find(arg, f, from, incl, dir, out, err);
}

/* the list's cut just before event @k of the trace (all events) */
static int seek_index(struct gv_events *e, uint64_t k)
{
	if (lttr_evlist_seek_index(e->list, k) < 0) {
		read_failed(e, lttr_evlist_error(e->list));
		return -1;
	}
	return 0;
}

/* the run's last read failed: say why */
static void run_failed(struct gv_events *e)
{
	if (e->w.status < 0)
		step_failed(e, e->w.status);
}

/* ------------------------------------------------------------------ */
/* the cache: the run of the list kept (lttr/view/evwin.h)             */

/*
 * events read beyond those needed at an edge: a chunk, or when hiding a
 * few rows only (a sparse match costs a buffer's scan, about a ms)
 */
static size_t ahead(const struct gv_events *e)
{
	return e->hide ? HIDE_MARGIN : CHUNK;
}

static struct lttr_view_pos pos_at(const struct gv_events *e, size_t i)
{
	return lttr_view_pos_of(&e->w.ev[i]);
}

/* append up to @want events after the cache; returns how many */
static size_t extend_fwd(struct gv_events *e, size_t want)
{
	size_t got;

	e->busy = true;
	got = lttr_evwin_extend_fwd(&e->w, want);
	e->busy = false;
	run_failed(e);
	return got;
}

/* prepend up to @want events before the cache; returns how many (the
 * indexes into the cache move by as much) */
static size_t extend_back(struct gv_events *e, size_t want)
{
	size_t got;

	e->busy = true;
	got = lttr_evwin_extend_back(&e->w, want);
	e->busy = false;
	run_failed(e);
	e->top += got;
	return got;
}

/* keep at most CACHE_MAX events, centred on the rows shown */
static void trim(struct gv_events *e)
{
	size_t keep = (CACHE_MAX - e->rows) / 2, lo, hi;

	if (e->w.n <= CACHE_MAX)
		return;
	lo = e->top > keep ? e->top - keep : 0;
	hi = lo + CACHE_MAX < e->w.n ? lo + CACHE_MAX : e->w.n;
	if (hi - lo < CACHE_MAX)
		lo = hi - CACHE_MAX;
	lttr_evwin_keep(&e->w, lo, hi);
	e->top -= lo;
}

/* the cache around event @k of the trace (not hiding); returns @k's place */
static long reset_index(struct gv_events *e, uint64_t k)
{
	long at;

	e->top = 0;
	e->busy = true;
	at = lttr_evwin_reset_index(&e->w, k, CHUNK, e->rows + CHUNK);
	e->busy = false;
	run_failed(e);
	return at;
}

/*
 * the cache around the first event of the list after @p (@incl: at or
 * after it; the last one when there is none); returns its place
 */
static long reset_pos(struct gv_events *e, const struct lttr_view_pos *p, bool incl)
{
	long at;

	e->top = 0;
	/* no event matches (counted): nothing to read */
	if (e->hide && e->count_done && !e->nmatch) {
		lttr_evwin_clear(&e->w);
		e->w.at_start = e->w.at_end = true;
		return -1;
	}
	e->busy = true;
	at = lttr_evwin_reset_pos(&e->w, p, incl, CHUNK, e->rows + ahead(e));
	e->busy = false;
	run_failed(e);
	return at;
}

/* the place in the cache of the first event at or after @p, or -1 when
 * the cache cannot tell */
static long cached_at(const struct gv_events *e, const struct lttr_view_pos *p)
{
	return lttr_evwin_find(&e->w, p);
}

/* ------------------------------------------------------------------ */
/* what the list shows                                                 */

static long sel_row(const struct gv_events *e)
{
	size_t i;

	if (!e->has_sel)
		return -1;
	for (i = 0; i < e->nshown; i++) {
		struct lttr_view_pos q = pos_at(e, e->top + i);

		if (!lttr_view_pos_cmp(&q, &e->sel))
			return (long)i;
	}
	return -1;
}

static void set_info(struct gv_events *e, const char *text)
{
	/* a label given a new text asks for a new layout: only when it changes */
	if (strcmp(gtk_label_get_text(GTK_LABEL(e->info)), text))
		gtk_label_set_text(GTK_LABEL(e->info), text);
}

static void update_info(struct gv_events *e)
{
	struct gv_doc *d = e->d;
	char line[256];
	size_t n = 0;
	long r = sel_row(e);

	if (!e->total) {
		n = (size_t)snprintf(line, sizeof(line), "no event");
	} else if (!e->hide && e->w.n) {
		uint64_t at = e->w.base + (r >= 0 ? e->top + (size_t)r : e->top);

		n = (size_t)snprintf(line, sizeof(line), "%s %llu of %llu",
				     r >= 0 ? "event" : "from event", (unsigned long long)at + 1,
				     (unsigned long long)e->total);
	} else {
		n = (size_t)snprintf(line, sizeof(line), "%llu events",
				     (unsigned long long)e->total);
	}
	if ((d->s.filter || e->lf) && n < sizeof(line)) {
		char pct[32] = "";
		bool cols = e->lf && e->ctext && *e->ctext;
		const char *what = !cols ? "the filter" : d->s.filter && d->s.filter_hide ?
			"the filter and the column filters" : "the column filters";

		if (!e->count_done && e->total)
			snprintf(pct, sizeof(pct), ", counting: %u %%",
				 (unsigned int)(e->nread * 100 / e->total));
		n += (size_t)snprintf(line + n, sizeof(line) - n, "; %s%llu %s %s (%s%s)",
				      e->count_done ? "" : "at least ",
				      (unsigned long long)e->nmatch,
				      e->nmatch == 1 && e->count_done ? "matches" : "match", what,
				      e->hide ? "the others hidden" : "the others grey", pct);
	}
	if (e->cerr && n < sizeof(line))
		snprintf(line + n, sizeof(line) - n, "; %s", e->cerr);
	set_info(e, line);
}

/* select the selected event's row if it is shown */
static void show_selection(struct gv_events *e)
{
	GtkTreeSelection *s = gtk_tree_view_get_selection(GTK_TREE_VIEW(e->view));
	long r = sel_row(e);

	e->guard++;
	if (r >= 0) {
		GtkTreePath *p = gtk_tree_path_new_from_indices((gint)r, -1);

		gtk_tree_view_set_cursor(GTK_TREE_VIEW(e->view), p, NULL, FALSE);
		gtk_tree_path_free(p);
	} else {
		gtk_tree_selection_unselect_all(s);
	}
	e->guard--;
}

/* the model's rows follow the cache; the scrollbar and the line above too */
static void publish(struct gv_events *e)
{
	size_t want = e->w.n > e->top ? e->w.n - e->top : 0, i;
	GtkTreeIter it;
	GtkTreePath *p;
	double value;

	if (want > e->rows)
		want = e->rows;
	while (e->nshown > want) {
		p = gtk_tree_path_new_from_indices((gint)--e->nshown, -1);
		gtk_tree_model_row_deleted(e->model, p);
		gtk_tree_path_free(p);
	}
	for (i = 0; i < e->nshown; i++) {
		p = gtk_tree_path_new_from_indices((gint)i, -1);
		set_iter(e->model, &it, i);
		gtk_tree_model_row_changed(e->model, p, &it);
		gtk_tree_path_free(p);
	}
	while (e->nshown < want) {
		i = e->nshown++;
		p = gtk_tree_path_new_from_indices((gint)i, -1);
		set_iter(e->model, &it, i);
		gtk_tree_model_row_inserted(e->model, p, &it);
		gtk_tree_path_free(p);
	}
	show_selection(e);
	if (!e->w.n)
		value = 0;
	else if (!e->hide)
		value = (double)(e->w.base + e->top);
	else	/* the events before the first row shown: where it is in the trace */
		value = (double)lttr_view_count(e->d->s.v, 0, e->w.ev[e->top].time_ns);
	if (e->dragging)	/* the scrollbar stays where the person put it */
		value = gtk_adjustment_get_value(e->adj);
	e->guard++;
	gtk_adjustment_configure(e->adj, value, 0, (double)e->total, 1,
				 e->rows > 1 ? (double)e->rows - 1 : 1, (double)e->rows);
	e->guard--;
	update_info(e);
}

/* the rows from cache place @top (reading what is missing), then shown */
static void place(struct gv_events *e, long top)
{
	if (top < 0)
		top += (long)extend_back(e, (size_t)-top + ahead(e));
	if (top < 0)
		top = 0;
	if ((size_t)top + e->rows > e->w.n)
		extend_fwd(e, (size_t)top + e->rows - e->w.n + ahead(e));
	if ((size_t)top + e->rows > e->w.n) {
		/* the end: a full page when there are events before it */
		top = (long)e->w.n - (long)e->rows;
		if (top < 0)
			top += (long)extend_back(e, (size_t)-top + ahead(e));
		if (top < 0)
			top = 0;
	}
	e->top = (size_t)top;
	trim(e);
	publish(e);
}

/* place @i (an index into the cache) on the screen, at row @row when it is not */
static void reveal(struct gv_events *e, long i, size_t row)
{
	if (i < 0) {
		place(e, 0);
		return;
	}
	if ((size_t)i >= e->top && (size_t)i < e->top + e->rows && e->nshown == e->rows)
		place(e, (long)e->top);
	else
		place(e, i - (long)(row < e->rows ? row : 0));
}

/* select cache place @i and tell the document: its time is the cursor, its task selected */
/* the details of the event selected: its call stack, when it has one */
static void show_stack(struct gv_events *e, const struct lttr_event *ev)
{
	char *st = gv_event_stack(e->d, ev), *text;

	if (!st) {
		gtk_widget_hide(e->stack);
		return;
	}
	text = g_strdup_printf("Stack of the selected event (%s, root first): %s",
			       lttr_event_type_name(ev->id), st);
	if (strcmp(gtk_label_get_text(GTK_LABEL(e->stack)), text))
		gtk_label_set_text(GTK_LABEL(e->stack), text);
	gtk_widget_show(e->stack);
	g_free(text);
	g_free(st);
}

static void select_event(struct gv_events *e, long i, bool tell)
{
	const struct lttr_event *ev;

	if (i < 0 || (size_t)i >= e->w.n)
		return;
	ev = &e->w.ev[i];
	e->sel = lttr_view_pos_of(ev);
	e->has_sel = true;
	show_stack(e, ev);
	if (!tell)
		return;
	e->guard++;
	gv_doc_set_cursor(e->d, ev->time_ns);
	gv_doc_select_pid(e->d, ev->pid);
	e->guard--;
}

/* the first event of the list at or after the cursor, selected and shown */
static void sync_cursor(struct gv_events *e)
{
	struct lttr_view_pos p = { e->d->s.vp.cursor, 0, 0 };
	long i = cached_at(e, &p);

	if (i < 0 && e->w.n && e->w.at_end) {
		struct lttr_view_pos last = pos_at(e, e->w.n - 1);

		if (lttr_view_pos_cmp(&last, &p) < 0)	/* after the last one */
			i = (long)e->w.n - 1;
	}
	if (i < 0 || (size_t)i >= e->w.n)
		i = reset_pos(e, &p, true);
	select_event(e, i, false);
	reveal(e, i, e->rows / 3);
}

/* ------------------------------------------------------------------ */
/* the count of matching events, in the background                     */

static gboolean count_step(gpointer data)
{
	struct gv_events *e = data;
	gint64 until = g_get_monotonic_time() + COUNT_SLICE_US;
	/* the list's filter, or the document's that dims */
	const struct lttr_filter *f = e->lf ? e->lf : e->d->s.filter;
	int r;

	if (e->busy || gv_progress_running())
		return G_SOURCE_CONTINUE;
	for (;;) {
		r = lttr_evlist_count_step(e->list, f, 512);
		lttr_evlist_counted(e->list, &e->nmatch, &e->nread);
		if (r)
			break;
		if (g_get_monotonic_time() > until) {
			update_info(e);
			return G_SOURCE_CONTINUE;
		}
	}
	if (r < 0)
		read_failed(e, lttr_evlist_error(e->list));
	else
		e->count_done = true;
	e->count_id = 0;
	update_info(e);
	return G_SOURCE_REMOVE;
}

static void count_start(struct gv_events *e)
{
	if (e->count_id)
		g_source_remove(e->count_id);
	e->count_id = 0;
	e->nmatch = e->nread = 0;
	e->count_done = !e->d->s.filter && !e->lf;
	if (e->count_done)
		return;
	if (lttr_evlist_count_begin(e->list) < 0) {
		read_failed(e, lttr_evlist_error(e->list));
		return;
	}
	e->count_id = g_idle_add_full(G_PRIORITY_LOW, count_step, e, NULL);
}

/* ------------------------------------------------------------------ */
/* following the document                                              */

static gboolean relayout(gpointer data);

/*
 * The list's filter: the document's when it hides, and the column
 * filters, one expression for the library; a column's bad text is said
 * on the line above and the list keeps the column filters it had.
 */
static void filter_changed(struct gv_events *e)
{
	struct gv_doc *d = e->d;
	struct lttr_filter *nf = NULL;
	struct lttr_error err;
	char *cols, *cerr = NULL, *key;
	GString *x = g_string_new("");
	bool hide;
	struct lttr_time_span span = { lttr_trace_header(d->s.t)->start_ns, lttr_trace_end_ns(d->s.t) };

	if (span.end < span.start)
		span.end = span.start;
	cols = e->ef ? gv_evfilter_expr(e->ef, &span, &cerr) : g_strdup("");
	if (!cols)
		cols = g_strdup(e->ctext ? e->ctext : "");
	g_free(e->cerr);
	e->cerr = cerr;
	if (d->s.filter && d->s.filter_hide)
		g_string_append_printf(x, "(%s)", lttr_filter_text(d->s.filter));
	if (*cols)
		g_string_append_printf(x, "%s%s", x->len ? " && " : "", cols);
	key = g_strdup_printf("%s\n%s", x->str, d->s.filter ? lttr_filter_text(d->s.filter) : "");
	/* GV_FILTER also says that rows of the graphs changed: the same filter, nothing to do */
	if (e->ftext && !strcmp(e->ftext, key)) {
		g_free(key);
		g_free(cols);
		g_string_free(x, TRUE);
		update_info(e);
		return;
	}
	if (x->len && lttr_filter_compile(x->str, &nf, &err) < 0) {
		/* each part compiles alone: only their length together can fail */
		g_free(e->cerr);
		e->cerr = g_strdup_printf("column filters: %s", err.msg);
		g_free(key);
		g_free(cols);
		g_string_free(x, TRUE);
		update_info(e);
		return;
	}
	g_string_free(x, TRUE);
	lttr_evlist_set_filter(e->list, nf);
	lttr_filter_free(e->lf);
	e->lf = nf;
	g_free(e->ctext);
	e->ctext = cols;
	g_free(e->ftext);
	e->ftext = key;
	hide = e->lf != NULL;
	count_start(e);
	if (hide || hide != e->hide) {
		/* other events in the list: read again from the selected one
		 * (the next one shown when it is hidden now) */
		struct lttr_view_pos p = { d->s.vp.cursor, 0, 0 };
		long at;

		if (e->has_sel)
			p = e->sel;
		e->hide = hide;
		lttr_evwin_clear(&e->w);	/* what the cache knew is of the old filter */
		at = reset_pos(e, &p, true);
		select_event(e, at, false);
		reveal(e, at, e->rows / 3);
		return;
	}
	publish(e);
}

static void follow(void *view, unsigned int what)
{
	struct gv_events *e = view;

	if (e->guard)
		return;
	if (e->busy) {	/* done once the reading is over */
		e->pending |= what;
		if (!e->relayout) {
			e->want = (long)e->top;
			e->relayout = g_idle_add(relayout, e);
		}
		return;
	}
	if (what & GV_FILTER)
		filter_changed(e);
	if (what & GV_CURSOR) {
		/* the selected event at the cursor already (one of several at
		 * that time, chosen here or by the search): it stays selected */
		if (e->has_sel && e->sel.time_ns == e->d->s.vp.cursor) {
			long i = cached_at(e, &e->sel);

			if (i < 0)
				i = reset_pos(e, &e->sel, true);
			reveal(e, i, e->rows / 3);
		} else {
			sync_cursor(e);
		}
	}
}

/* a column filter's text changed (a moment after the last key) */
static void columns_changed(void *data)
{
	follow(data, GV_FILTER);
}

/* ------------------------------------------------------------------ */
/* the person's actions                                                */

/* move the selection by @delta events of the list */
static void move_sel(struct gv_events *e, long delta)
{
	long r = sel_row(e), cur, want;

	if (!e->w.n)
		return;
	cur = r >= 0 ? (long)e->top + r : delta > 0 ? (long)e->top - 1 :
		(long)(e->top + e->nshown);
	want = cur + delta;
	if (want < 0)
		want += (long)extend_back(e, (size_t)-want + ahead(e));
	if (want < 0)
		want = 0;
	if (want >= (long)e->w.n)
		extend_fwd(e, (size_t)(want - (long)e->w.n) + 1 + ahead(e));
	if (want >= (long)e->w.n)
		want = (long)e->w.n - 1;
	select_event(e, want, true);
	if (want < (long)e->top)
		place(e, want);
	else if (want >= (long)(e->top + e->rows))
		place(e, want - (long)e->rows + 1);
	else
		place(e, (long)e->top);
}

/* the first (@last: the last) event of the list */
static void go_end(struct gv_events *e, bool last)
{
	long at;

	if (!e->hide) {
		at = reset_index(e, last ? (e->total ? e->total - 1 : 0) : 0);
	} else if (last) {
		struct lttr_view_pos p = { UINT64_MAX, UINT64_MAX, 0xffff };

		at = reset_pos(e, &p, true);
	} else {
		struct lttr_view_pos p = { 0, 0, 0 };

		at = reset_pos(e, &p, true);
	}
	select_event(e, at, true);
	reveal(e, at, last ? e->rows : 0);
}

static gboolean on_key(GtkWidget *w, GdkEventKey *ev, gpointer data)
{
	struct gv_events *e = data;
	long page = e->rows > 1 ? (long)e->rows - 1 : 1;

	(void)w;
	if (e->busy || (ev->state & (GDK_CONTROL_MASK | GDK_MOD1_MASK)))
		return FALSE;
	switch (ev->keyval) {
	case GDK_KEY_Up: case GDK_KEY_KP_Up:
		move_sel(e, -1);
		return TRUE;
	case GDK_KEY_Down: case GDK_KEY_KP_Down:
		move_sel(e, 1);
		return TRUE;
	case GDK_KEY_Page_Up: case GDK_KEY_KP_Page_Up:
		move_sel(e, -page);
		return TRUE;
	case GDK_KEY_Page_Down: case GDK_KEY_KP_Page_Down:
		move_sel(e, page);
		return TRUE;
	case GDK_KEY_Home: case GDK_KEY_KP_Home:
		go_end(e, false);
		return TRUE;
	case GDK_KEY_End: case GDK_KEY_KP_End:
		go_end(e, true);
		return TRUE;
	default:
		return FALSE;
	}
}

static gboolean on_scroll(GtkWidget *w, GdkEventScroll *ev, gpointer data)
{
	struct gv_events *e = data;
	double dx, dy;
	long lines = 0;

	(void)w;
	if (e->busy || (ev->state & GDK_CONTROL_MASK))
		return FALSE;
	if (ev->direction == GDK_SCROLL_UP) {
		lines = -3;
	} else if (ev->direction == GDK_SCROLL_DOWN) {
		lines = 3;
	} else if (ev->direction == GDK_SCROLL_SMOOTH &&
		   gdk_event_get_scroll_deltas((GdkEvent *)ev, &dx, &dy)) {
		e->acc += dy * 3;
		lines = (long)e->acc;
		e->acc -= (double)lines;
	} else {
		return FALSE;
	}
	if (lines)
		place(e, (long)e->top + lines);
	return TRUE;
}

/* the list from event @k of the trace (hiding: the first match from there) */
static void go_index(struct gv_events *e, uint64_t k)
{
	struct lttr_view_pos p = { UINT64_MAX, UINT64_MAX, 0xffff };
	struct lttr_event ev;

	if (!e->hide) {
		if (k >= e->w.base && k < e->w.base + e->w.n &&
		    (e->w.at_end || k + e->rows <= e->w.base + e->w.n))
			place(e, (long)(k - e->w.base));
		else
			place(e, reset_index(e, k));
		return;
	}
	/* the first match from there: the list's cut stays before it */
	if (seek_index(e, k) < 0)
		return;
	if (lttr_evlist_next(e->list, &ev) == 1)
		p = lttr_view_pos_of(&ev);
	place(e, reset_pos(e, &p, true));
}

/* the scrollbar moved by the person */
static void on_adj(GtkAdjustment *adj, gpointer data)
{
	struct gv_events *e = data;

	if (e->guard || e->busy)
		return;
	e->dragging = true;
	go_index(e, (uint64_t)gtk_adjustment_get_value(adj));
	e->dragging = false;
}

static void on_selection(GtkTreeSelection *s, gpointer data)
{
	struct gv_events *e = data;
	GtkTreeModel *m;
	GtkTreeIter it;

	if (e->guard || e->busy || !gtk_tree_selection_get_selected(s, &m, &it))
		return;
	if (iter_row(&it) >= e->nshown)
		return;
	select_event(e, (long)(e->top + iter_row(&it)), true);
	update_info(e);
}

/* rows that fit in the list's height */
static size_t fit_rows(struct gv_events *e)
{
	GdkRectangle vis, bg;
	long rows;

	gtk_tree_view_get_visible_rect(GTK_TREE_VIEW(e->view), &vis);
	if (e->nshown) {
		GtkTreePath *p = gtk_tree_path_new_first();

		gtk_tree_view_get_background_area(GTK_TREE_VIEW(e->view), p, NULL, &bg);
		gtk_tree_path_free(p);
		if (bg.height > 0)
			e->row_h = bg.height;
	}
	rows = vis.height / (e->row_h > 0 ? e->row_h : 24);
	if (rows < 1)
		rows = 1;
	return rows > ROWS_MAX ? ROWS_MAX : (size_t)rows;
}

/* rows the cache does not hold: read, out of the allocation */
static gboolean relayout(gpointer data)
{
	struct gv_events *e = data;

	if (e->busy)
		return G_SOURCE_CONTINUE;
	e->relayout = 0;
	place(e, e->want);
	if (e->pending) {
		unsigned int what = e->pending;

		e->pending = 0;
		follow(e, what);
	}
	return G_SOURCE_REMOVE;
}

static void on_allocate(GtkWidget *w, GdkRectangle *r, gpointer data)
{
	struct gv_events *e = data;
	size_t rows = fit_rows(e);
	long sr, top = (long)e->top;

	(void)w;
	(void)r;
	if (rows == e->rows || e->busy)
		return;
	/*
	 * The rows follow the height at once, within this layout (GTK lays
	 * out again before it paints), from the cache; reading more, which
	 * a long search could make slow, is left to an idle call.
	 */
	sr = sel_row(e);
	if (!e->sized && sr >= 0)	/* the first size: as a cursor sync places it */
		top += sr - (long)rows / 3;
	else if (sr >= (long)rows)	/* the selected row stays on the screen */
		top += sr - (long)rows + 1;
	e->sized = true;
	e->rows = rows;
	if ((top < 0 && !e->w.at_start) ||
	    ((size_t)(top > 0 ? top : 0) + rows > e->w.n && !e->w.at_end)) {
		e->want = top;
		if (!e->relayout)
			e->relayout = g_idle_add(relayout, e);
		return;
	}
	if (top < 0)
		top = 0;
	if ((size_t)top + rows > e->w.n)
		top = e->w.n > rows ? (long)(e->w.n - rows) : 0;
	e->top = (size_t)top;
	publish(e);
}

static void on_destroy(GtkWidget *w, gpointer data)
{
	struct gv_events *e = data;

	(void)w;
	gv_doc_unlisten(e->d, e);
	/* the tree view and the scrollbar go after the box: not to call here again */
	g_signal_handlers_disconnect_by_data(e->view, e);
	g_signal_handlers_disconnect_by_data(gtk_tree_view_get_selection(GTK_TREE_VIEW(e->view)),
					     e);
	g_signal_handlers_disconnect_by_data(e->adj, e);
	if (e->count_id)
		g_source_remove(e->count_id);
	if (e->relayout)
		g_source_remove(e->relayout);
	((GvEventsModel *)e->model)->e = NULL;
	g_object_unref(e->model);
	lttr_evlist_free(e->list);
	g_free(e->ftext);
	g_free(e->ctext);
	g_free(e->cerr);
	lttr_filter_free(e->lf);
	lttr_evwin_free(&e->w);
	free(e);
}

/* ------------------------------------------------------------------ */
/* the widget and what other parts ask of it                           */

static struct gv_events *of_doc(const struct gv_doc *d)
{
	int i, n;

	if (!d->tables)
		return NULL;
	n = gtk_notebook_get_n_pages(GTK_NOTEBOOK(d->tables));
	for (i = 0; i < n; i++) {
		GtkWidget *p = gtk_notebook_get_nth_page(GTK_NOTEBOOK(d->tables), i);
		struct gv_events *e = g_object_get_data(G_OBJECT(p), "gv-events");

		if (e)
			return e;
	}
	return NULL;
}

bool gv_events_selected(struct gv_doc *d, struct lttr_view_pos *p)
{
	struct gv_events *e = of_doc(d);

	if (!e || !e->has_sel || e->sel.time_ns != d->s.vp.cursor)
		return false;
	*p = e->sel;
	return true;
}

struct gv_evfilter *gv_events_columns(const struct gv_doc *d)
{
	const struct gv_events *e = of_doc(d);

	return e ? e->ef : NULL;
}

bool gv_events_narrowed(const struct gv_doc *d)
{
	const struct gv_events *e = of_doc(d);

	return e && e->lf && e->ctext && *e->ctext;
}

bool gv_events_listed(const struct gv_doc *d, const struct lttr_event *ev)
{
	const struct gv_events *e = of_doc(d);

	return !e || !e->ctext || !*e->ctext || list_match(e, ev);
}

bool gv_events_show(struct gv_doc *d, const struct lttr_event *ev)
{
	struct gv_events *e = of_doc(d);
	struct lttr_view_pos p = lttr_view_pos_of(ev);
	long i;
	bool shown;

	if (!e || e->busy)
		return false;
	shown = !e->hide || list_match(e, ev);
	i = cached_at(e, &p);
	if (i < 0)
		i = reset_pos(e, &p, true);
	select_event(e, i, false);
	reveal(e, i, e->rows / 3);
	return shown && e->has_sel && !lttr_view_pos_cmp(&e->sel, &p);
}

static GtkTreeViewColumn *add_column(struct gv_events *e, int col, int width, bool expand)
{
	static const char *const names[GV_EV_NCOLS] = {
		"Time since the trace start", "CPU", "Process id", "Task name",
		"Control event", "Event type", "Description"
	};
	GtkCellRenderer *r = gtk_cell_renderer_text_new();
	GtkTreeViewColumn *c = gtk_tree_view_column_new_with_attributes(gv_event_titles[col], r,
									"text", col,
									"foreground", COL_FG,
									NULL);
	GtkWidget *button;

	if (col == GV_EV_TIME || col == GV_EV_CPU || col == GV_EV_PID)
		g_object_set(r, "xalign", 1.0, NULL);
	if (col == GV_EV_DESC || col == GV_EV_TASK)
		g_object_set(r, "ellipsize", PANGO_ELLIPSIZE_END, NULL);
	gtk_tree_view_column_set_sizing(c, GTK_TREE_VIEW_COLUMN_FIXED);
	gtk_tree_view_column_set_fixed_width(c, width);
	gtk_tree_view_column_set_resizable(c, TRUE);
	gtk_tree_view_column_set_expand(c, expand);
	gtk_tree_view_append_column(GTK_TREE_VIEW(e->view), c);
	button = gtk_tree_view_column_get_button(c);
	if (button)
		atk_object_set_name(gtk_widget_get_accessible(button), names[col]);
	return c;
}

GtkWidget *gv_events_new(struct gv_doc *d)
{
	struct gv_events *e = calloc(1, sizeof(*e));
	GtkWidget *sw, *hbox, *bar;
	GtkCellRenderer *probe;
	struct lttr_error err;
	int h = 0, sep = 0;

	if (!e)
		return gtk_label_new("out of memory");
	e->d = d;
	if (lttr_evlist_new(d->s.v, &e->list, &err) < 0) {
		free(e);
		return gtk_label_new("the events cannot be read");
	}
	lttr_evwin_init(&e->w, e->list, CACHE_CAP);
	lttr_evlist_set_find(e->list, find_cb, d);
	e->total = lttr_evlist_total(e->list);
	e->rows = 1;
	e->count_done = true;
	e->model = g_object_new(gv_events_model_get_type(), NULL);
	((GvEventsModel *)e->model)->e = e;

	e->view = gtk_tree_view_new_with_model(e->model);
	gtk_widget_set_name(e->view, "events");
	atk_object_set_name(gtk_widget_get_accessible(e->view), "Events");
	gtk_tree_view_set_fixed_height_mode(GTK_TREE_VIEW(e->view), TRUE);
	gtk_tree_view_set_enable_search(GTK_TREE_VIEW(e->view), FALSE);
	gtk_tree_view_set_grid_lines(GTK_TREE_VIEW(e->view), GTK_TREE_VIEW_GRID_LINES_VERTICAL);
	add_column(e, GV_EV_TIME, 120, false);
	add_column(e, GV_EV_CPU, 44, false);
	add_column(e, GV_EV_PID, 70, false);
	add_column(e, GV_EV_TASK, 150, false);
	add_column(e, GV_EV_CTRL, 28, false);
	add_column(e, GV_EV_TYPE, 150, false);
	add_column(e, GV_EV_DESC, 400, true);
	/* a row's height before the first row is there to measure */
	probe = gtk_cell_renderer_text_new();
	g_object_ref_sink(probe);
	g_object_set(probe, "text", "0123456789", NULL);
	gtk_cell_renderer_get_preferred_height(probe, e->view, NULL, &h);
	g_object_unref(probe);
	gtk_widget_style_get(e->view, "vertical-separator", &sep, NULL);
	e->row_h = h + sep > 0 ? h + sep : 24;

	sw = gtk_scrolled_window_new(NULL, NULL);
	/* the scrollbar is ours: the model holds only the rows shown */
	gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(sw), GTK_POLICY_AUTOMATIC,
				       GTK_POLICY_EXTERNAL);
	gtk_container_add(GTK_CONTAINER(sw), e->view);
	e->adj = gtk_adjustment_new(0, 0, (double)e->total, 1, 10, 10);
	bar = gtk_scrollbar_new(GTK_ORIENTATION_VERTICAL, e->adj);
	gtk_widget_set_name(bar, "events-position");
	atk_object_set_name(gtk_widget_get_accessible(bar), "Position in the trace");
	hbox = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0);
	gtk_box_pack_start(GTK_BOX(hbox), sw, TRUE, TRUE, 0);
	gtk_box_pack_start(GTK_BOX(hbox), bar, FALSE, FALSE, 0);
	e->info = gtk_label_new("");
	gtk_widget_set_name(e->info, "events-info");
	atk_object_set_name(gtk_widget_get_accessible(e->info), "Events information");
	gtk_label_set_xalign(GTK_LABEL(e->info), 0);
	gtk_label_set_ellipsize(GTK_LABEL(e->info), PANGO_ELLIPSIZE_END);
	e->ef = gv_evfilter_new(GTK_TREE_VIEW(e->view), columns_changed, e);
	/* the details of the event selected: its stack (traced --stacks) */
	e->stack = gtk_label_new("");
	gtk_widget_set_name(e->stack, "event-stack");
	atk_object_set_name(gtk_widget_get_accessible(e->stack), "Stack of the selected event");
	gtk_label_set_xalign(GTK_LABEL(e->stack), 0);
	gtk_label_set_selectable(GTK_LABEL(e->stack), TRUE);
	gtk_label_set_line_wrap(GTK_LABEL(e->stack), TRUE);
	gtk_label_set_line_wrap_mode(GTK_LABEL(e->stack), PANGO_WRAP_CHAR);
	gtk_widget_set_no_show_all(e->stack, TRUE);
	e->box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
	gtk_box_pack_start(GTK_BOX(e->box), e->info, FALSE, FALSE, 2);
	gtk_box_pack_start(GTK_BOX(e->box), e->stack, FALSE, FALSE, 2);
	gtk_box_pack_start(GTK_BOX(e->box), gv_evfilter_widget(e->ef), FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(e->box), hbox, TRUE, TRUE, 0);
	g_object_set_data(G_OBJECT(e->box), "gv-events", e);

	g_signal_connect(e->view, "key-press-event", G_CALLBACK(on_key), e);
	g_signal_connect(e->view, "scroll-event", G_CALLBACK(on_scroll), e);
	g_signal_connect_after(e->view, "size-allocate", G_CALLBACK(on_allocate), e);
	g_signal_connect(gtk_tree_view_get_selection(GTK_TREE_VIEW(e->view)), "changed",
			 G_CALLBACK(on_selection), e);
	g_signal_connect(e->adj, "value-changed", G_CALLBACK(on_adj), e);
	g_signal_connect(e->box, "destroy", G_CALLBACK(on_destroy), e);
	gv_doc_listen(d, follow, e);
	filter_changed(e);
	sync_cursor(e);
	return e->box;
}
