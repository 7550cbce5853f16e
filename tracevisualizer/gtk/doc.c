// SPDX-License-Identifier: GPL-2.0
/*
 * doc.c - one open trace as a document: reading it (a progress dialog
 * that Cancel stops), its session (lttr/view/session.h: window, cursor,
 * markers, selection, filter, bookmarks), the setters that change it and
 * the notifications that keep the views in step.  The tab around it (its
 * layout, status bar and keys) is tab.c's: the document tells it through
 * d->show_status and never calls into it.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "gv.h"

uint64_t gv_doc_rel(const struct gv_doc *d, uint64_t t)
{
	return lttr_session_rel(&d->s, t);
}

struct gv_doc *gv_doc_open(struct gv_app *app, const char *dir, struct gv_reading *rd,
			   GError **error)
{
	struct gv_doc *d = calloc(1, sizeof(*d));
	struct lttr_trace *t = NULL;
	struct lttr_view *v = NULL;
	struct lttr_error err;

	if (!rd)
		rd = gv_read_start(dir, app->no_view_cache);
	if (!d || !rd) {
		g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_NOMEM, "out of memory");
		free(d);
		return NULL;
	}
	d->app = app;
	if (gv_read_finish(rd, app->win && !app->screenshot && !app->bench ?
			   GTK_WINDOW(app->win) : NULL, &t, &v, error) < 0) {
		free(d);
		return NULL;
	}
	/* the session owns the trace and its view model from here on */
	if (lttr_session_init(&d->s, dir, LTTR_OPEN_SALVAGE, t, v)) {
		g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_NOMEM, "out of memory");
		lttr_view_free(v);
		lttr_trace_close(t);
		free(d);
		return NULL;
	}
	lttr_session_set_min_span(&d->s, 1000);
	lttr_session_load_marks(&d->s, &err);
	return d;
}

void gv_doc_free(struct gv_doc *d)
{
	if (!d)
		return;
	free(d->listeners);
	gv_lesson_free(d);
	gv_stacks_free(d);
	g_free(d->session_error);
	lttr_session_free(&d->s);
	free(d);
}

void gv_doc_listen(struct gv_doc *d, gv_follow_fn fn, void *view)
{
	struct gv_listener *n = realloc(d->listeners, (d->nlisteners + 1) * sizeof(*n));

	if (!n)
		return;
	d->listeners = n;
	d->listeners[d->nlisteners].fn = fn;
	d->listeners[d->nlisteners++].view = view;
}

/* a view going away before its document: it is told nothing more */
void gv_doc_unlisten(struct gv_doc *d, const void *view)
{
	size_t i, n = 0;

	for (i = 0; i < d->nlisteners; i++) {
		struct gv_listener l = d->listeners[i];

		if (l.view == view) {
			if (!d->notifying)
				continue;
			/* gv_doc_changed() is walking the list: a hole it skips,
			 * dropped when it is done */
			l.fn = NULL;
			l.view = NULL;
		}
		d->listeners[n++] = l;
	}
	d->nlisteners = n;
}
/* the tab's status bar, when it has one: the state, and @msg when not NULL */
static void tell_status(struct gv_doc *d, const char *msg, bool err)
{
	if (d->show_status)
		d->show_status(d, msg, err);
}

void gv_doc_message(struct gv_doc *d, bool err, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	tell_status(d, msg, err);
}

void gv_doc_changed(struct gv_doc *d, unsigned int what)
{
	size_t i;

	if (d->notifying)	/* a view reacting to a change changed it again */
		return;
	d->notifying = true;
	for (i = 0; i < d->nlisteners; i++)
		if (d->listeners[i].fn)
			d->listeners[i].fn(d->listeners[i].view, what);
	d->notifying = false;
	gv_doc_unlisten(d, NULL);	/* the entries of views gone meanwhile */
	tell_status(d, NULL, false);
}

/*
 * The setters of the session, the views told: what the setter says
 * changed, and what the views were always told for that action (a key
 * that changed nothing still refreshes them and the status bar)
 */
void gv_doc_set_cursor(struct gv_doc *d, uint64_t t)
{
	gv_doc_changed(d, GV_CURSOR | lttr_session_set_cursor(&d->s, t));
}

void gv_doc_set_window(struct gv_doc *d, uint64_t t0, uint64_t t1)
{
	gv_doc_changed(d, GV_WINDOW | lttr_session_show(&d->s, t0, t1));
}

void gv_doc_zoom(struct gv_doc *d, uint64_t num, uint64_t den)
{
	gv_doc_changed(d, GV_WINDOW | lttr_session_zoom(&d->s, num, den));
}

void gv_doc_pan(struct gv_doc *d, int64_t num, int64_t den)
{
	gv_doc_changed(d, GV_WINDOW | lttr_session_pan(&d->s, num, den));
}

void gv_doc_select_pid(struct gv_doc *d, uint32_t pid)
{
	gv_doc_changed(d, lttr_session_select_pid(&d->s, pid, d->s.sel_cpu));
}

void gv_doc_show_span(struct gv_doc *d, uint64_t start, uint64_t end, uint32_t pid)
{
	uint64_t margin = (end - start) / 2 > 1000 ? (end - start) / 2 : 1000;

	/* as lttr_session_show_span(), told in three steps as the views were */
	gv_doc_set_window(d, start > d->s.vp.start + margin ? start - margin : d->s.vp.start,
			  end + margin);
	gv_doc_set_cursor(d, start);
	if (pid)
		gv_doc_select_pid(d, pid);
}

bool gv_row_shown(const struct gv_doc *d, size_t row, bool *dim)
{
	return lttr_session_row_shown(&d->s, row, dim);
}
