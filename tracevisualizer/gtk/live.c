// SPDX-License-Identifier: GPL-2.0
/*
 * live.c - "tracevisualizer-gtk --live DIR": a running session's trace
 * directory followed as traced writes it, a window of its own, as the
 * terminal's tui --live (tui/live.c): the library reads
 * (lttr/reader/live.h), a timer polls it every 100 ms; the events list
 * follows the present (the newest row shown) until the user scrolls back
 * (Up, Page Up, Home, the wheel up: the rows shown stay while events come),
 * End follows again (the keymap's live-follow); the firings under it (a
 * request's side and peer as the audit list shows them:
 * lttr_firing_peer_str()); the status bar says how far behind the newest
 * event is.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <gtk/gtk.h>
#include <lttr/audit/firings.h>
#include <lttr/reader/live.h>
#include <lttr/view/keys.h>
#include <lttr/view/viewport.h>
#include "gv.h"

#define LIVE_TICK_MS	100
#define LIVE_FIRINGS	4

enum { C_TIME, C_CPU, C_PID, C_EVENT, C_N };

struct glive {
	const char *dir;
	struct lttr_live *l;
	struct lttr_live_status st;
	GtkWidget *win, *title, *view, *firings, *why, *status;
	GtkListStore *store;
	size_t rows;		/* rows in the store */
	uint64_t last_off;	/* the last row's event: file offset, cpu */
	unsigned int last_cpu;
	uint64_t dropped;	/* st.dropped when the store was filled */
	bool follow;
	uint64_t batch, seen;
	int status_code;
};

static uint64_t clock_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static void named(GtkWidget *w, const char *name)
{
	atk_object_set_name(gtk_widget_get_accessible(w), name);
}

static void add_row(struct glive *g, size_t i)
{
	const struct lttr_event *e = lttr_live_event(g->l, i);
	char t[32], cpu[8], pid[16], desc[LTTR_DESC_MAX];
	GtkTreeIter it;

	lttr_fmt_time(e->time_ns >= g->st.start_ns ? e->time_ns - g->st.start_ns : 0, t, sizeof(t));
	snprintf(cpu, sizeof(cpu), "%u", e->cpu);
	snprintf(pid, sizeof(pid), "%u", e->pid);
	lttr_event_describe(NULL, e, desc, sizeof(desc));
	gtk_list_store_insert_with_values(g->store, &it, -1, C_TIME, t, C_CPU, cpu, C_PID, pid,
					  C_EVENT, desc, -1);
	g->last_off = e->offset;
	g->last_cpu = e->cpu;
}

static void scroll_to(struct glive *g, size_t row)
{
	GtkTreePath *p;

	if (!g->rows)
		return;
	p = gtk_tree_path_new_from_indices((gint)(row < g->rows ? row : g->rows - 1), -1);
	gtk_tree_view_set_cursor(GTK_TREE_VIEW(g->view), p, NULL, FALSE);
	gtk_tree_view_scroll_to_cell(GTK_TREE_VIEW(g->view), p, NULL, FALSE, 0, 0);
	gtk_tree_path_free(p);
}

/* the first row shown (paused: kept there when the store is filled again) */
static size_t first_shown(struct glive *g)
{
	GtkTreePath *p = NULL;
	size_t r = 0;

	if (gtk_tree_view_get_visible_range(GTK_TREE_VIEW(g->view), &p, NULL) && p) {
		r = (size_t)gtk_tree_path_get_indices(p)[0];
		gtk_tree_path_free(p);
	}
	return r;
}

/* the store follows the library's events: appended, or filled again */
static void sync_rows(struct glive *g)
{
	const struct lttr_event *last = g->rows ? lttr_live_event(g->l, g->rows - 1) : NULL;
	size_t i;

	if (g->rows && (g->st.dropped != g->dropped || !last || last->offset != g->last_off ||
			last->cpu != g->last_cpu)) {
		/* events put before the last row, or the oldest dropped: again, at the same time */
		uint64_t top_ns = 0;
		size_t keep = first_shown(g);

		if (!g->follow) {
			GtkTreeIter it;
			gchar *ts = NULL;

			if (gtk_tree_model_iter_nth_child(GTK_TREE_MODEL(g->store), &it, NULL, (gint)keep))
				gtk_tree_model_get(GTK_TREE_MODEL(g->store), &it, C_TIME, &ts, -1);
			top_ns = ts ? (uint64_t)(g_ascii_strtod(ts, NULL) * 1e9 + 0.5) + g->st.start_ns : 0;
			g_free(ts);
		}
		gtk_list_store_clear(g->store);
		g->rows = 0;
		for (i = 0; i < g->st.kept; i++)
			add_row(g, i);
		g->rows = g->st.kept;
		g->dropped = g->st.dropped;
		if (!g->follow)
			scroll_to(g, lttr_live_first_index(g->l, top_ns));
		return;
	}
	for (i = g->rows; i < g->st.kept; i++)
		add_row(g, i);
	g->rows = g->st.kept;
	g->dropped = g->st.dropped;
}

static const char *state_text(const struct lttr_live_status *st)
{
	switch (st->state) {
	case LTTR_LIVE_WAITING:
		return "waiting";
	case LTTR_LIVE_RUNNING:
		return "running";
	case LTTR_LIVE_ENDED:
		return st->complete ? "ended (complete)" : "ended (incomplete)";
	default:
		return "failed";
	}
}

static void show_texts(struct glive *g)
{
	char s[LTTR_ERRMSG_MAX + 256], t[32], d[32];
	size_t n = 0, i;
	GString *f = g_string_new(NULL);

	snprintf(s, sizeof(s), "Live  %s  %s", g->dir, state_text(&g->st));
	gtk_label_set_text(GTK_LABEL(g->title), s);
	snprintf(s, sizeof(s), "%s%s", !g->st.why[0] ? "" : g->st.state == LTTR_LIVE_WAITING ?
		 "waiting: " : g->st.state == LTTR_LIVE_FAILED ? "error: " : "", g->st.why);
	gtk_label_set_text(GTK_LABEL(g->why), s);
	g_string_append_printf(f, "Firings (%zu)", g->st.firings);
	for (i = g->st.firings > LIVE_FIRINGS ? g->st.firings - LIVE_FIRINGS : 0; i < g->st.firings; i++) {
		const struct lttr_firing_rec *r = lttr_live_firing(g->l, i);
		char side[256];
		size_t k;

		if (!r)
			break;
		lttr_fmt_time(r->time_ns >= g->st.start_ns ? r->time_ns - g->st.start_ns : 0, t, sizeof(t));
		g_string_append_printf(f, "\n#%u  %s  %s pid %u %s:", r->seq, t, r->type, r->pid, r->comm);
		/* a request: its side and peer first, as the audit list shows them */
		if (lttr_firing_peer_str(r, side, sizeof(side))[0])
			g_string_append_printf(f, " %s%s", side, r->nval ? " " : "");
		for (k = 0; k < r->nval; k++) {
			if (r->val[k].known)
				g_string_append_printf(f, " %s=%lld", r->val[k].expr, (long long)r->val[k].value);
			else
				g_string_append_printf(f, " %s=unknown", r->val[k].expr);
		}
		if (r->has_snapshot)
			g_string_append_printf(f, "  snapshot %s", r->snap_dir);
		g_string_append_printf(f, "  rule %u: %s", r->line, r->text);
	}
	gtk_label_set_text(GTK_LABEL(g->firings), f->str);
	gtk_widget_set_visible(g->firings, g->st.firings > 0);
	g_string_free(f, TRUE);

	lttr_fmt_time(g->st.newest_ns >= g->st.start_ns && g->st.newest_ns ?
		      g->st.newest_ns - g->st.start_ns : 0, t, sizeof(t));
	lttr_fmt_duration(g->st.behind_ns, d, sizeof(d));
	n += (size_t)snprintf(s + n, sizeof(s) - n, "%s  ", g->follow ? "following" : "paused (End: follow)");
	if (g->st.newest_ns)
		n += (size_t)snprintf(s + n, sizeof(s) - n, "newest %s  behind %s  ", t,
				      g->st.state == LTTR_LIVE_RUNNING ? d : "-");
	n += (size_t)snprintf(s + n, sizeof(s) - n, "%llu events  ", (unsigned long long)g->st.events);
	if (g->follow)
		n += (size_t)snprintf(s + n, sizeof(s) - n, "%llu new events", (unsigned long long)g->batch);
	else
		n += (size_t)snprintf(s + n, sizeof(s) - n, "%llu new events below",
				      (unsigned long long)(g->st.events - g->seen));
	if (g->st.pending && n < sizeof(s))
		n += (size_t)snprintf(s + n, sizeof(s) - n, "  %llu bytes being written",
				      (unsigned long long)g->st.pending);
	if (g->st.lost && n < sizeof(s))
		n += (size_t)snprintf(s + n, sizeof(s) - n, "  %llu lost", (unsigned long long)g->st.lost);
	if (g->st.dropped && n < sizeof(s))
		snprintf(s + n, sizeof(s) - n, "  %llu oldest not kept", (unsigned long long)g->st.dropped);
	gtk_label_set_text(GTK_LABEL(g->status), s);
}

static gboolean tick(gpointer data)
{
	struct glive *g = data;

	if (lttr_live_poll(g->l, clock_ns())) {
		lttr_live_status(g->l, &g->st);
		if (g->st.added)
			g->batch = g->st.added;
		sync_rows(g);
		if (g->follow)
			scroll_to(g, g->rows ? g->rows - 1 : 0);
		show_texts(g);
	}
	return G_SOURCE_CONTINUE;
}

static void pause_now(struct glive *g)
{
	if (g->follow)
		g->seen = g->st.events;
	g->follow = false;
	show_texts(g);
}

/* the wheel turned up: paused (the list scrolls itself) */
static gboolean wheel(GtkWidget *w, GdkEventScroll *ev, gpointer data)
{
	struct glive *g = data;
	gdouble dx, dy;

	(void)w;
	if (ev->direction == GDK_SCROLL_UP ||
	    (gdk_event_get_scroll_deltas((GdkEvent *)ev, &dx, &dy) && dy < 0))
		pause_now(g);
	return FALSE;
}

static int key_code(guint kv, GdkModifierType st)
{
	switch (kv) {
	case GDK_KEY_End: case GDK_KEY_KP_End: return LTTR_KEY_END;
	case GDK_KEY_Home: case GDK_KEY_KP_Home: return LTTR_KEY_HOME;
	case GDK_KEY_Up: case GDK_KEY_KP_Up: return LTTR_KEY_UP;
	case GDK_KEY_Down: case GDK_KEY_KP_Down: return LTTR_KEY_DOWN;
	case GDK_KEY_Page_Up: return LTTR_KEY_PGUP;
	case GDK_KEY_Page_Down: return LTTR_KEY_PGDN;
	default:
		if ((st & GDK_CONTROL_MASK) && kv >= 'a' && kv <= 'z')
			return LTTR_KEY_CTRL | (int)kv;
		return kv < 0x7f ? (int)kv : -1;
	}
}

static gboolean key(GtkWidget *w, GdkEventKey *ev, gpointer data)
{
	struct glive *g = data;
	int k = key_code(ev->keyval, ev->state);
	enum lttr_kaction a = lttr_keys_action(LTTR_KF_GTK, LTTR_KW_LIVE, k);

	(void)w;
	switch (a) {
	case LTTR_KA_QUIT:
		gtk_widget_destroy(g->win);
		return TRUE;
	case LTTR_KA_LIVE_FOLLOW:
		g->follow = true;
		scroll_to(g, g->rows ? g->rows - 1 : 0);
		show_texts(g);
		return TRUE;
	case LTTR_KA_START:
		pause_now(g);
		scroll_to(g, 0);
		return TRUE;
	case LTTR_KA_ROW_PREV:
	case LTTR_KA_PAGE_PREV:
		pause_now(g);
		return FALSE;	/* the list moves itself */
	default:
		return FALSE;
	}
}

static void column(GtkWidget *view, const char *title, int col, float xalign)
{
	GtkCellRenderer *r = gtk_cell_renderer_text_new();
	GtkTreeViewColumn *c;

	g_object_set(r, "xalign", xalign, "family", "monospace", NULL);
	c = gtk_tree_view_column_new_with_attributes(title, r, "text", col, NULL);
	gtk_tree_view_append_column(GTK_TREE_VIEW(view), c);
}

int gv_live_run(const char *dir, int width, int height)
{
	struct glive g;
	struct lttr_error err;
	GtkWidget *box, *sw;
	guint timer;

	memset(&g, 0, sizeof(g));
	g.dir = dir;
	g.follow = true;
	if (lttr_live_open(dir, 0, &g.l, &err) < 0) {
		fprintf(stderr, "tracevisualizer-gtk: %s\n", err.msg);
		return 1;
	}
	g.win = gtk_window_new(GTK_WINDOW_TOPLEVEL);
	named(g.win, "tracevisualizer");
	gtk_window_set_title(GTK_WINDOW(g.win), "tracevisualizer");
	gtk_window_set_default_size(GTK_WINDOW(g.win), width, height);
	box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4);
	gtk_container_add(GTK_CONTAINER(g.win), box);
	g.title = gtk_label_new("");
	named(g.title, "Live");
	gtk_label_set_xalign(GTK_LABEL(g.title), 0);
	gtk_box_pack_start(GTK_BOX(box), g.title, FALSE, FALSE, 0);
	g.store = gtk_list_store_new(C_N, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING);
	g.view = gtk_tree_view_new_with_model(GTK_TREE_MODEL(g.store));
	named(g.view, "Live events");
	column(g.view, "time", C_TIME, 1);
	column(g.view, "cpu", C_CPU, 1);
	column(g.view, "pid", C_PID, 1);
	column(g.view, "event", C_EVENT, 0);
	sw = gtk_scrolled_window_new(NULL, NULL);
	gtk_container_add(GTK_CONTAINER(sw), g.view);
	gtk_box_pack_start(GTK_BOX(box), sw, TRUE, TRUE, 0);
	g_signal_connect(g.view, "scroll-event", G_CALLBACK(wheel), &g);
	g.firings = gtk_label_new("");
	named(g.firings, "Firings");
	gtk_label_set_xalign(GTK_LABEL(g.firings), 0);
	gtk_label_set_selectable(GTK_LABEL(g.firings), FALSE);
	gtk_box_pack_start(GTK_BOX(box), g.firings, FALSE, FALSE, 0);
	g.why = gtk_label_new("");
	named(g.why, "Reason");
	gtk_label_set_xalign(GTK_LABEL(g.why), 0);
	gtk_box_pack_start(GTK_BOX(box), g.why, FALSE, FALSE, 0);
	g.status = gtk_label_new("");
	named(g.status, "Status");
	gtk_label_set_xalign(GTK_LABEL(g.status), 0);
	gtk_box_pack_start(GTK_BOX(box), g.status, FALSE, FALSE, 0);
	g_signal_connect(g.win, "key-press-event", G_CALLBACK(key), &g);
	g_signal_connect(g.win, "destroy", G_CALLBACK(gtk_main_quit), NULL);
	lttr_live_poll(g.l, clock_ns());
	lttr_live_status(g.l, &g.st);
	g.batch = g.st.added;
	sync_rows(&g);
	show_texts(&g);
	gtk_widget_show_all(g.win);
	gtk_widget_set_visible(g.firings, g.st.firings > 0);
	gtk_widget_grab_focus(g.view);
	scroll_to(&g, g.rows ? g.rows - 1 : 0);
	timer = g_timeout_add(LIVE_TICK_MS, tick, &g);
	gtk_main();
	g_source_remove(timer);
	if (g.st.state == LTTR_LIVE_FAILED) {
		fprintf(stderr, "tracevisualizer-gtk: %s\n", g.st.why);
		g.status_code = 1;
	}
	lttr_live_close(g.l);
	return g.status_code;
}
