// SPDX-License-Identifier: GPL-2.0
/*
 * progress.c - the progress of a long operation run in the main thread (a
 * search, the CSV export, a histogram bucket's calls): after
 * PROGRESS_AFTER_US a modal "Working" dialog shows a bar that says what is
 * being done and how far it is, with a Cancel button.  The operation calls
 * gv_progress_step() as it goes; that runs the main loop (at most every
 * PUMP_EVERY_US, so that a step costs nothing most of the time) and says
 * whether Cancel was pressed.  Reading a trace has its own dialog
 * (reader.c): it runs in a thread of its own.
 */
#include "gv.h"

/* a long operation shows its progress after this long */
#define PROGRESS_AFTER_US 300000
/* and handles the window's events this often meanwhile (an assistive
 * technology's request waits for it: a tenth of what a blink takes), for
 * at most PUMP_FOR_US each time */
#define PUMP_EVERY_US 10000
#define PUMP_FOR_US 5000

/*
 * Long operations under way, the reading of a trace included: they run the
 * main loop to show their progress, and whatever that loop runs meanwhile
 * (a tab closed, the window closed) must not free what they work on.  The
 * window and its tabs are closed once none runs (app.c): asked meanwhile,
 * they cancel them all first (gv_progress_cancel_all()).
 */
static int running;
static bool cancel_all;

/**
 * struct gv_progress - the progress of a long operation
 * @d: the document
 * @what: what it is doing, the bar's text and accessible name
 * @dialog: the dialog, once the operation has taken PROGRESS_AFTER_US
 * @bar: its progress bar
 * @since: when it began
 * @pumped: when the main loop last ran
 * @canceled: Cancel was pressed (or the dialog closed)
 */
struct gv_progress {
	struct gv_doc *d;
	char *what;
	GtkWidget *dialog;
	GtkWidget *bar;
	gint64 since;
	gint64 pumped;
	bool canceled;
};

static void on_cancel(GtkDialog *dlg, gint resp, gpointer data)
{
	struct gv_progress *p = data;

	(void)dlg;
	(void)resp;
	p->canceled = true;
}

static bool interactive(const struct gv_doc *d)
{
	return d->app && d->app->win && !d->app->screenshot && !d->app->bench;
}

void gv_busy_enter(void)
{
	running++;
}

void gv_busy_leave(void)
{
	if (--running == 0)
		cancel_all = false;
}

bool gv_busy_canceled(void)
{
	return cancel_all;
}

void gv_progress_cancel_all(void)
{
	if (running)
		cancel_all = true;
}

bool gv_progress_running(void)
{
	return running > 0;
}

struct gv_progress *gv_progress_begin(struct gv_doc *d, const char *what)
{
	struct gv_progress *p = g_new0(struct gv_progress, 1);

	p->d = d;
	p->what = g_strdup(what);
	p->since = g_get_monotonic_time();
	gv_busy_enter();
	return p;
}

static void show(struct gv_progress *p)
{
	p->dialog = gtk_dialog_new_with_buttons("Working", GTK_WINDOW(p->d->app->win),
						GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
						"_Cancel", GTK_RESPONSE_CANCEL, NULL);
	gtk_widget_set_name(p->dialog, "progress");
	p->bar = gtk_progress_bar_new();
	gtk_progress_bar_set_text(GTK_PROGRESS_BAR(p->bar), p->what);
	gtk_progress_bar_set_show_text(GTK_PROGRESS_BAR(p->bar), TRUE);
	atk_object_set_name(gtk_widget_get_accessible(p->bar), p->what);
	g_object_set(p->bar, "margin", 12, NULL);
	gtk_container_add(GTK_CONTAINER(gtk_dialog_get_content_area(GTK_DIALOG(p->dialog))),
			  p->bar);
	g_signal_connect(p->dialog, "response", G_CALLBACK(on_cancel), p);
	/* Escape or the close button: a response (Cancel), then a delete
	 * event that would destroy the dialog under gv_progress_end() */
	g_signal_connect(p->dialog, "delete-event", G_CALLBACK(gtk_true), NULL);
	gtk_widget_show_all(p->dialog);
}

bool gv_progress_step(struct gv_progress *p, unsigned int permille)
{
	gint64 now = g_get_monotonic_time();

	if (!interactive(p->d) || now - p->since <= PROGRESS_AFTER_US ||
	    (p->dialog && now - p->pumped < PUMP_EVERY_US))
		return p->canceled || cancel_all;
	if (!p->dialog)
		show(p);
	p->pumped = now;
	gtk_progress_bar_set_fraction(GTK_PROGRESS_BAR(p->bar),
				      (permille > 1000 ? 1000 : permille) / 1000.0);
	/* for a bounded time: idle handlers are always pending */
	while (gtk_events_pending() && g_get_monotonic_time() - now < PUMP_FOR_US)
		gtk_main_iteration_do(FALSE);
	return p->canceled || cancel_all;
}

void gv_progress_end(struct gv_progress *p)
{
	if (!p)
		return;
	if (p->dialog)
		gtk_widget_destroy(p->dialog);
	gv_busy_leave();
	g_free(p->what);
	g_free(p);
}

static int find_progress_cb(void *arg, unsigned int permille)
{
	return gv_progress_step(arg, permille);
}

int gv_find(struct gv_doc *d, const struct lttr_filter *f, const struct lttr_view_pos *from,
	    bool incl, int dir, struct lttr_event *out, struct lttr_error *err)
{
	struct gv_progress *p = gv_progress_begin(d, "searching the trace");
	int r = lttr_view_find(d->s.v, f, from, incl, dir, find_progress_cb, p, out, NULL, err);

	gv_progress_end(p);
	return r;
}
