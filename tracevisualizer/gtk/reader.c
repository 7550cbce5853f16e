// SPDX-License-Identifier: GPL-2.0
/*
 * reader.c - reading a trace (opening it and building its view model) in
 * a thread of its own, so that the traces named on the command line are
 * read while GTK starts, and a progress dialog stays responsive (Cancel
 * stops the reading between two events).
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/view/cache.h>
#include "gv.h"

struct gv_reading {
	char *dir;
	bool no_view_cache;	/* LTTR_VCACHE_DISABLE */
	pthread_t thread;
	atomic_uint permille;
	atomic_bool cancel;
	atomic_bool done;
	struct lttr_trace *t;
	struct lttr_view *v;
	struct lttr_error err;
	int r;
};

static int progress(void *arg, unsigned int permille)
{
	struct gv_reading *rd = arg;

	atomic_store(&rd->permille, permille);
	return atomic_load(&rd->cancel);
}

static void *reader(void *arg)
{
	struct gv_reading *rd = arg;

	rd->r = lttr_trace_open(rd->dir, LTTR_OPEN_SALVAGE, &rd->t, &rd->err);
	if (rd->r == 0) {
		struct lttr_vcache_report rep;

		/* the model's cache (lttr/view/cache.h): --no-view-cache or
		 * LTTR_VIEW_CACHE=0 disables it */
		rd->r = lttr_view_open(rd->t, rd->no_view_cache ? LTTR_VCACHE_DISABLE : 0, progress,
				       rd, &rd->v, &rep, &rd->err);
		if (rd->r == 0 && rep.note[0])	/* stderr, as the window's other notes */
			fprintf(stderr, "tracevisualizer-gtk: %s\n", rep.note);
		if (rd->r < 0) {
			lttr_trace_close(rd->t);
			rd->t = NULL;
		}
	}
	atomic_store(&rd->done, true);
	return NULL;
}

struct gv_reading *gv_read_start(const char *dir, bool no_view_cache)
{
	struct gv_reading *rd = calloc(1, sizeof(*rd));

	if (!rd)
		return NULL;
	rd->no_view_cache = no_view_cache;
	rd->dir = strdup(dir);
	atomic_init(&rd->permille, 0);
	atomic_init(&rd->cancel, false);
	atomic_init(&rd->done, false);
	if (!rd->dir || pthread_create(&rd->thread, NULL, reader, rd)) {
		free(rd->dir);
		free(rd);
		return NULL;
	}
	return rd;
}

static void on_cancel(GtkDialog *dlg, gint resp, gpointer data)
{
	struct gv_reading *rd = data;

	(void)dlg;
	(void)resp;
	atomic_store(&rd->cancel, true);
}

int gv_read_finish(struct gv_reading *rd, GtkWindow *parent, struct lttr_trace **t,
		   struct lttr_view **v, GError **error)
{
	GtkWidget *dialog = NULL, *bar = NULL;
	int r;

	gv_busy_enter();
	if (parent) {
		dialog = gtk_dialog_new_with_buttons("Reading the trace", parent, GTK_DIALOG_MODAL,
						     "_Cancel", GTK_RESPONSE_CANCEL, NULL);
		gtk_widget_set_name(dialog, "reading");
		bar = gtk_progress_bar_new();
		gtk_progress_bar_set_text(GTK_PROGRESS_BAR(bar), rd->dir);
		gtk_progress_bar_set_show_text(GTK_PROGRESS_BAR(bar), TRUE);
		atk_object_set_name(gtk_widget_get_accessible(bar), rd->dir);
		gtk_container_add(GTK_CONTAINER(gtk_dialog_get_content_area(GTK_DIALOG(dialog))), bar);
		g_signal_connect(dialog, "response", G_CALLBACK(on_cancel), rd);
		gtk_widget_show_all(dialog);
	}
	while (!atomic_load(&rd->done)) {
		if (gv_busy_canceled())
			atomic_store(&rd->cancel, true);
		if (bar)
			gtk_progress_bar_set_fraction(GTK_PROGRESS_BAR(bar),
						      atomic_load(&rd->permille) / 1000.0);
		if (dialog) {
			while (gtk_events_pending())
				gtk_main_iteration_do(FALSE);
		}
		g_usleep(10000);
	}
	pthread_join(rd->thread, NULL);
	if (dialog)
		gtk_widget_destroy(dialog);
	gv_busy_leave();
	r = rd->r;
	if (r < 0)
		g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "%s",
			    r == -LTTR_E_CANCELED ? "reading canceled" : rd->err.msg);
	*t = rd->t;
	*v = rd->v;
	free(rd->dir);
	free(rd);
	return r;
}

/* the reading to stop between two events (gv_read_finish() still to be called) */
void gv_read_cancel(struct gv_reading *rd)
{
	atomic_store(&rd->cancel, true);
}

const char *gv_read_dir(const struct gv_reading *rd)
{
	return rd->dir;
}
