// SPDX-License-Identifier: GPL-2.0
/*
 * session.c - what a person arranged in a tab, kept beside the trace for
 * the next session: TRACEDIR/session.json holds the window, the cursor,
 * the selected task, "active rows only", the filter (its text, dim or
 * hide), the events list's column filters (their texts, by the columns'
 * titles), the height of the graphs' pane and the graph and table shown;
 * the markers and bookmarks go to TRACEDIR/bookmarks.json
 * (lttr_bookmarks_save(), shared with the terminal analyzer).
 *
 *   { "version": 1,
 *     "window": { "t0_ns": T, "t1_ns": T }, "cursor_ns": T,
 *     "selected_pid": P, "active_only": B, "row_sort": "traced"|"pid"|"name"|"busy",
 *     "filter": { "expression": "...", "hide": B } | null,
 *     "column_filters": { "time": "...", "type": "...", ... },
 *     "pane_position": PX, "graph_page": N, "table_page": N }
 *
 * Times are CLOCK_MONOTONIC ns, as in the events and in bookmarks.json.
 * A new file is written beside the old one and renamed over it, so that a
 * failure leaves the old one whole; a failure is said in the status bar
 * and nothing in memory is lost.  A session file that cannot be read is
 * said there too, and ignored.  Runs without a person (--screenshot,
 * --bench) do not write it, nor read it: what a screenshot shows is what
 * its options say, not what an earlier session left; --session FILE
 * applies a session file on purpose (one that cannot be read is then an
 * error: exit status 1, no screenshot).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <json-c/json.h>
#include <lttr/view/tracemode.h>
#include "gv.h"

#define SESSION_FILE "session.json"

static char *session_path(const struct gv_doc *d)
{
	return g_build_filename(d->dir, SESSION_FILE, NULL);
}

static GtkWidget *paned_of(const struct gv_doc *d)
{
	return d->page ? g_object_get_data(G_OBJECT(d->page), "paned") : NULL;
}

/*
 * write @text to @path: a new file renamed over the old one, with the
 * mode and owner of the trace in @dir
 */
static bool write_atomic(const char *dir, const char *path, const char *text,
			 char *why, size_t size)
{
	char *tmp = g_strdup_printf("%s.XXXXXX", path);
	size_t len = strlen(text);
	bool good = false;
	int fd = mkstemp(tmp);
	FILE *f;

	if (fd < 0) {
		snprintf(why, size, "%s", strerror(errno));
		g_free(tmp);
		return false;
	}
	f = lttr_file_mode_like_trace(dir, fd) < 0 ? NULL : fdopen(fd, "w");
	if (!f) {
		snprintf(why, size, "%s", strerror(errno));
		close(fd);
	} else if (fwrite(text, 1, len, f) != len || fflush(f) || fsync(fileno(f))) {
		snprintf(why, size, "%s", strerror(errno));
		fclose(f);
	} else if (fclose(f)) {
		snprintf(why, size, "%s", strerror(errno));
	} else if (rename(tmp, path)) {
		snprintf(why, size, "%s", strerror(errno));
	} else {
		good = true;
	}
	if (!good)
		unlink(tmp);
	g_free(tmp);
	return good;
}

static json_object *session_json(const struct gv_doc *d)
{
	json_object *o = json_object_new_object(), *w = json_object_new_object();
	GtkWidget *paned = paned_of(d);

	json_object_object_add(o, "version", json_object_new_int(1));
	json_object_object_add(w, "t0_ns", json_object_new_int64((int64_t)d->vp.t0));
	json_object_object_add(w, "t1_ns", json_object_new_int64((int64_t)d->vp.t1));
	json_object_object_add(o, "window", w);
	json_object_object_add(o, "cursor_ns", json_object_new_int64((int64_t)d->vp.cursor));
	json_object_object_add(o, "selected_pid", json_object_new_int64(d->sel_pid));
	json_object_object_add(o, "active_only", json_object_new_boolean(d->active_only));
	json_object_object_add(o, "row_sort", json_object_new_string(lttr_vsort_name(d->row_sort) ?
										 lttr_vsort_name(d->row_sort) : "traced"));
	if (d->filter) {
		json_object *f = json_object_new_object();

		/* the filter's own text: d->filter_text may be cut */
		json_object_object_add(f, "expression",
				       json_object_new_string(lttr_filter_text(d->filter)));
		json_object_object_add(f, "hide", json_object_new_boolean(d->filter_hide));
		json_object_object_add(o, "filter", f);
	} else {
		json_object_object_add(o, "filter", NULL);
	}
	if (gv_events_columns(d)) {
		json_object *c = json_object_new_object();
		int col;

		for (col = 0; col < GV_EV_NCOLS; col++) {
			const char *t = gv_evfilter_text(gv_events_columns(d), col);

			if (*t)
				json_object_object_add(c, gv_event_titles[col],
						       json_object_new_string(t));
		}
		json_object_object_add(o, "column_filters", c);
	}
	if (paned)
		json_object_object_add(o, "pane_position", json_object_new_int(
			gtk_paned_get_position(GTK_PANED(paned))));
	if (d->graphs)
		json_object_object_add(o, "graph_page", json_object_new_int(
			gtk_notebook_get_current_page(GTK_NOTEBOOK(d->graphs))));
	if (d->tables)
		json_object_object_add(o, "table_page", json_object_new_int(
			gtk_notebook_get_current_page(GTK_NOTEBOOK(d->tables))));
	return o;
}

bool gv_session_save(struct gv_doc *d)
{
	char *path, why[256] = "";
	json_object *o;
	struct lttr_error err;
	bool marks, good;

	if (!d || (d->app && (d->app->screenshot || d->app->bench)))
		return false;
	/* the markers and bookmarks, for every front end */
	d->bm.mark[0] = d->vp.mark[0];
	d->bm.mark[1] = d->vp.mark[1];
	d->bm.has_mark[0] = d->vp.has_mark[0];
	d->bm.has_mark[1] = d->vp.has_mark[1];
	marks = lttr_bookmarks_save(d->dir, lttr_trace_header(d->t)->start_ns, &d->bm, &err) == 0;
	path = session_path(d);
	o = session_json(d);
	good = write_atomic(d->dir, path, json_object_to_json_string_ext(o, JSON_C_TO_STRING_PRETTY |
								   JSON_C_TO_STRING_NOSLASHESCAPE),
			    why, sizeof(why));
	json_object_put(o);
	if (!good && !marks)
		gv_doc_message(d, true, "session, markers and bookmarks kept for this session "
			       "only: %s: %s", path, why);
	else if (!good)
		gv_doc_message(d, true, "session not saved: %s: %s", path, why);
	else if (!marks)
		gv_doc_message(d, true, "markers and bookmarks kept for this session only: %s",
			       err.msg);
	g_free(path);
	return marks;
}

/* ------------------------------------------------------------------ */

/* a member of @o of type @t, or NULL; @bad counts the wrong ones */
static json_object *member(json_object *o, const char *key, json_type t, int *bad)
{
	json_object *v;

	if (!o || !json_object_object_get_ex(o, key, &v) || !v)
		return NULL;
	if (!json_object_is_type(v, t)) {
		(*bad)++;
		return NULL;
	}
	return v;
}

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
};

static gboolean say_later(gpointer data)
{
	struct later *l = data;
	size_t i;

	for (i = 0; l->app && i < l->app->ndocs; i++)
		if (l->app->docs[i] == l->d)
			gv_doc_message(l->d, true, "%s", l->msg);
	g_free(l->msg);
	g_free(l);
	return G_SOURCE_REMOVE;
}

static void say(struct gv_doc *d, char *msg)
{
	struct later *l = g_new0(struct later, 1);

	l->app = d->app;
	l->d = d;
	l->msg = msg;
	gv_doc_message(d, true, "%s", msg);
	g_idle_add(say_later, l);
}

/* a page of @nb shown (GtkNotebook shows only visible pages) */
static void show_page(GtkWidget *nb, json_object *v)
{
	int i = json_object_get_int(v);

	if (!nb || i < 0 || i >= gtk_notebook_get_n_pages(GTK_NOTEBOOK(nb)))
		return;
	gtk_widget_show(gtk_notebook_get_nth_page(GTK_NOTEBOOK(nb), i));
	gtk_notebook_set_current_page(GTK_NOTEBOOK(nb), i);
}

static void apply(struct gv_doc *d, json_object *o, int *bad)
{
	json_object *w = member(o, "window", json_type_object, bad), *v, *a, *b, *f;
	GtkWidget *paned = paned_of(d);
	struct lttr_error err;
	unsigned int i;

	a = member(w, "t0_ns", json_type_int, bad);
	b = member(w, "t1_ns", json_type_int, bad);
	if (a && b && json_object_get_int64(a) >= 0 &&
	    json_object_get_int64(b) > json_object_get_int64(a))
		lttr_viewport_show(&d->vp, (uint64_t)json_object_get_int64(a),
				   (uint64_t)json_object_get_int64(b));
	v = member(o, "cursor_ns", json_type_int, bad);
	if (v && json_object_get_int64(v) >= 0) {
		uint64_t t0 = d->vp.t0, t1 = d->vp.t1;

		lttr_viewport_set_cursor(&d->vp, (uint64_t)json_object_get_int64(v));
		/* a cursor outside the window saved moves the window: not wanted */
		if (d->vp.t0 != t0 || d->vp.t1 != t1)
			lttr_viewport_show(&d->vp, t0, t1);
	}
	v = member(o, "selected_pid", json_type_int, bad);
	if (v && json_object_get_int64(v) > 0 && json_object_get_int64(v) <= UINT32_MAX) {
		d->sel_pid = (uint32_t)json_object_get_int64(v);
		d->sel_row = lttr_view_find_row(d->v, LTTR_VROW_TASK, d->sel_pid, false);
	}
	v = member(o, "active_only", json_type_boolean, bad);
	if (v)
		d->active_only = json_object_get_boolean(v);
	v = member(o, "row_sort", json_type_string, bad);
	if (v && lttr_vsort_parse(json_object_get_string(v)) >= 0)
		d->row_sort = (unsigned int)lttr_vsort_parse(json_object_get_string(v));
	f = member(o, "filter", json_type_object, bad);
	v = member(f, "expression", json_type_string, bad);
	if (v && *json_object_get_string(v)) {
		struct lttr_filter *flt;
		json_object *h = member(f, "hide", json_type_boolean, bad);

		if (lttr_filter_compile(json_object_get_string(v), &flt, &err) == 0) {
			lttr_filter_free(d->filter);
			d->filter = flt;
			d->filter_hide = h ? json_object_get_boolean(h) : true;
			snprintf(d->filter_text, sizeof(d->filter_text), "%s",
				 json_object_get_string(v));
		} else {
			(*bad)++;
		}
	}
	f = member(o, "column_filters", json_type_object, bad);
	for (i = 0; f && gv_events_columns(d) && i < GV_EV_NCOLS; i++) {
		v = member(f, gv_event_titles[i], json_type_string, bad);
		if (v)
			gv_evfilter_set_text(gv_events_columns(d), (int)i, json_object_get_string(v));
	}
	v = member(o, "pane_position", json_type_int, bad);
	if (v && paned && json_object_get_int(v) > 0) {
		struct layout *l = g_new0(struct layout, 1);

		l->pane = json_object_get_int(v);
		if (gtk_widget_get_allocated_height(paned) > 1) {
			gtk_paned_set_position(GTK_PANED(paned), l->pane);
			g_free(l);
		} else {
			l->handler = g_signal_connect_data(paned, "size-allocate",
							   G_CALLBACK(on_pane_allocate), l,
							   layout_free, 0);
		}
	}
	v = member(o, "graph_page", json_type_int, bad);
	if (v)
		show_page(d->graphs, v);
	v = member(o, "table_page", json_type_int, bad);
	if (v)
		show_page(d->tables, v);
}

void gv_session_load(struct gv_doc *d)
{
	char *path, *text = NULL;
	json_object *o;
	json_tokener *tok;
	enum json_tokener_error jerr;
	GError *error = NULL;
	gsize len = 0;
	int bad = 0;

	if (!d || (d->app && (d->app->bench || (d->app->screenshot && !d->app->session))))
		return;
	path = d->app && d->app->session ? g_strdup(d->app->session) : session_path(d);
	if (!g_file_get_contents(path, &text, &len, &error)) {
		if (d->app && d->app->session) {	/* asked for: an error */
			gv_app_error(d->app, "--session: %s", error->message);
			d->app->status = 1;
		} else if (!g_error_matches(error, G_FILE_ERROR, G_FILE_ERROR_NOENT)) {
			say(d, g_strdup_printf("session ignored: %s", error->message));
		}
		g_clear_error(&error);
		g_free(path);
		return;
	}
	tok = json_tokener_new();
	if (!tok) {
		say(d, g_strdup_printf("session ignored: %s: out of memory", path));
		g_free(text);
		g_free(path);
		return;
	}
	o = json_tokener_parse_ex(tok, text, (int)len);
	jerr = json_tokener_get_error(tok);
	json_tokener_free(tok);
	if (!o || jerr != json_tokener_success || !json_object_is_type(o, json_type_object)) {
		if (d->app && d->app->session) {
			gv_app_error(d->app, "--session: %s: not a session file", path);
			d->app->status = 1;
		}
		say(d, g_strdup_printf("session ignored: %s: not a session file (%s)", path,
				       jerr == json_tokener_continue ? "the JSON ends too early" :
				       jerr != json_tokener_success ?
				       json_tokener_error_desc(jerr) : "not a JSON object"));
	} else {
		apply(d, o, &bad);
		gv_doc_changed(d, GV_ALL);
		if (bad)
			say(d, g_strdup_printf("session %s: %d value%s ignored (wrong type or "
					       "malformed)", path, bad, bad > 1 ? "s" : ""));
	}
	json_object_put(o);
	g_free(text);
	g_free(path);
}
