// SPDX-License-Identifier: GPL-2.0
/*
 * session.c - what a person arranged in a tab, kept beside the trace for
 * the next session (the file is the library's: lttr_session_save() and
 * lttr_session_load(); this file gives it the widgets' part, struct
 * lttr_session_layout, and applies it): TRACEDIR/session.json holds the window, the cursor,
 * the selected task, "active rows only", the filter (its text, dim or
 * hide), the events list's column filters (their texts, by the columns'
 * titles), the height of the graphs' pane and the graph and table shown;
 * the markers and bookmarks go to TRACEDIR/bookmarks.json
 * (lttr_bookmarks_save(), shared with the terminal analyzer).
 *
 *   { "version": 1,
 *     "window": { "t0_ns": T, "t1_ns": T }, "cursor_ns": T,
 *     "selected_pid": P, "active_only": B,
 *     "row_sort": "traced"|"pid"|"name"|"busy", "idle_open": B,
 *     "filter": { "expression": "...", "hide": B } | null,
 *     "predicate": "..." | null, "column_filters": { "time": "...", "type": "...", ... },
 *     "pane_position": PX, "graph_page": N, "table_page": N }
 *
 * The predicate of the predicate bar ("predicate": "...") is replayed
 * again when the file is read (lttr_session_restore_pred(), the Working
 * dialog after 0.3 s; canceled, it stays in the file for the next time).
 *
 * Times are CLOCK_MONOTONIC ns, as in the events and in bookmarks.json.
 * A new file is written beside the old one and renamed over it, so that a
 * failure leaves the old one whole; a failure is said in the status bar
 * and nothing in memory is lost.  A session file that cannot be read is
 * said there too, and ignored.  Runs without a person (--screenshot,
 * --bench) do not write it; --bench does not read it either, and a
 * screenshot reads only the file --session names (a session file asked
 * for: an error when it cannot be read, status 1).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gv.h"

static GtkWidget *paned_of(const struct gv_doc *d)
{
	return d->page ? g_object_get_data(G_OBJECT(d->page), "paned") : NULL;
}

/* what the widgets show, for the file */
static void layout_of(const struct gv_doc *d, struct lttr_session_layout *lay)
{
	GtkWidget *paned = paned_of(d);

	lttr_session_layout_init(lay);
	if (gv_events_columns(d)) {
		int col;

		for (col = 0; col < GV_EV_NCOLS; col++)
			lttr_session_layout_column(lay, gv_event_titles[col],
						   gv_evfilter_text(gv_events_columns(d), col));
	}
	if (paned)
		lay->pane_position = gtk_paned_get_position(GTK_PANED(paned));
	if (d->graphs)
		lay->graph_page = gtk_notebook_get_current_page(GTK_NOTEBOOK(d->graphs));
	if (d->tables)
		lay->table_page = gtk_notebook_get_current_page(GTK_NOTEBOOK(d->tables));
}

bool gv_session_save(struct gv_doc *d)
{
	struct lttr_session_layout lay;
	struct lttr_error err, serr;
	bool marks, good;

	if (!d || (d->app && (d->app->screenshot || d->app->bench)))
		return false;
	/* the markers and bookmarks, for every front end */
	marks = lttr_session_save_marks(&d->s, &err) == 0;
	layout_of(d, &lay);
	good = lttr_session_save(&d->s, &lay, &serr) == 0;
	if (!good && !marks)
		gv_doc_message(d, true, "session, markers and bookmarks kept for this session "
			       "only: %s", serr.msg);
	else if (!good)
		gv_doc_message(d, true, "session not saved: %s", serr.msg);
	else if (!marks)
		gv_doc_message(d, true, "markers and bookmarks kept for this session only: %s",
			       err.msg);
	return marks;
}

/* ------------------------------------------------------------------ */

/* the pane's position, set once the pane has its size */
struct layout {
	int pane;
	gulong handler;
};

static void layout_free(gpointer data, GClosure *closure)
{
	(void)closure;
	g_free(data);
}

static void on_pane_allocate(GtkWidget *w, GdkRectangle *r, gpointer data)
{
	struct layout *l = data;
	int pane = l->pane;

	if (r->height <= 1)
		return;
	g_signal_handler_disconnect(w, l->handler);	/* frees @l */
	gtk_paned_set_position(GTK_PANED(w), pane);
}

/* a message once the tab is set up (the first status line would hide it) */
struct later {
	struct gv_app *app;
	struct gv_doc *d;
	char *msg;
	bool err;
};

static gboolean say_later(gpointer data)
{
	struct later *l = data;
	size_t i;

	for (i = 0; l->app && i < l->app->ndocs; i++)
		if (l->app->docs[i] == l->d)
			gv_doc_message(l->d, l->err, "%s", l->msg);
	g_free(l->msg);
	g_free(l);
	return G_SOURCE_REMOVE;
}

static void say_as(struct gv_doc *d, bool err, char *msg)
{
	struct later *l = g_new0(struct later, 1);

	l->app = d->app;
	l->d = d;
	l->msg = msg;
	l->err = err;
	gv_doc_message(d, err, "%s", msg);
	g_idle_add(say_later, l);
}

static void say(struct gv_doc *d, char *msg)
{
	say_as(d, true, msg);
}

/* page @i of @nb shown (GtkNotebook shows only visible pages) */
static void show_page(GtkWidget *nb, int i)
{
	if (!nb || i < 0 || i >= gtk_notebook_get_n_pages(GTK_NOTEBOOK(nb)))
		return;
	gtk_widget_show(gtk_notebook_get_nth_page(GTK_NOTEBOOK(nb), i));
	gtk_notebook_set_current_page(GTK_NOTEBOOK(nb), i);
}

/* the widgets' part of the file */
static void apply_layout(struct gv_doc *d, const struct lttr_session_layout *lay)
{
	GtkWidget *paned = paned_of(d);
	unsigned int i;

	for (i = 0; lay->has_columns && gv_events_columns(d) && i < GV_EV_NCOLS; i++) {
		const char *t = lttr_session_layout_find(lay, gv_event_titles[i]);

		if (t)
			gv_evfilter_set_text(gv_events_columns(d), (int)i, t);
	}
	if (lay->pane_position > 0 && paned) {
		struct layout *l = g_new0(struct layout, 1);

		l->pane = lay->pane_position;
		if (gtk_widget_get_allocated_height(paned) > 1) {
			gtk_paned_set_position(GTK_PANED(paned), l->pane);
			g_free(l);
		} else {
			l->handler = g_signal_connect_data(paned, "size-allocate",
							   G_CALLBACK(on_pane_allocate), l,
							   layout_free, 0);
		}
	}
	show_page(d->graphs, lay->graph_page);
	show_page(d->tables, lay->table_page);
}

void gv_session_load(struct gv_doc *d)
{
	/* --session FILE: a file asked for, whose failure is an error */
	const char *asked = d && d->app ? d->app->session : NULL;
	struct lttr_session_layout lay;
	struct lttr_error err;
	int bad = 0, r;
	bool perr;
	char *pmsg;

	/* a screenshot reads no leftover session.json: only --session's */
	if (!d || (d->app && (d->app->bench || (d->app->screenshot && !asked))))
		return;
	r = lttr_session_load_file(&d->s, asked, &lay, &bad, &err);
	if (r < 0) {
		if (asked) {	/* an error, said by the one who opened the tab */
			g_free(d->session_error);
			d->session_error = g_strdup(err.msg);
		}
		say(d, g_strdup_printf("session ignored: %s", err.msg));
		return;
	}
	if (r == 0)
		return;
	apply_layout(d, &lay);
	gv_doc_changed(d, GV_ALL);
	pmsg = gv_predbar_restore(d, &perr);
	if (pmsg) {
		gv_doc_changed(d, GV_MARKS);
		say_as(d, perr, pmsg);
	}
	if (bad) {
		char *path = asked ? g_strdup(asked) : g_build_filename(d->s.dir, "session.json", NULL);

		say(d, g_strdup_printf("session %s: %d value%s ignored (wrong type or "
				       "malformed)", path, bad, bad > 1 ? "s" : ""));
		g_free(path);
	}
}
