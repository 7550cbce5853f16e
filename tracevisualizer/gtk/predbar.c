// SPDX-License-Identifier: GPL-2.0
/*
 * predbar.c - the predicate bar (p): an expression of the replay's
 * language (docs/replay.md), its hits over the whole trace found by one
 * replay pass (lttr_session_set_pred(); a long one shows its progress in
 * the "Working" dialog, whose Cancel or Escape stops it and keeps the
 * predicate before), marked on the graphs' rulers; ) and ( (or the bar's
 * buttons) move the shared cursor to the next and previous hit.  A text
 * that does not compile is said in the bar, with its line and column as
 * replay --hits says it, and changes nothing.  The predicate is kept in
 * session.json (session.c) and replayed again when the trace is opened
 * the next time (gv_predbar_restore()).
 */
#include <stdio.h>
#include <string.h>
#include <lttr/replay/replay.h>
#include "gv.h"

/**
 * struct gv_predbar - the predicate bar of a document
 * @d: the document
 * @bar: the GtkSearchBar
 * @entry: the expression
 * @status: what the bar says: the hits, or the error
 */
struct gv_predbar {
	struct gv_doc *d;
	GtkWidget *bar;
	GtkWidget *entry;
	GtkWidget *status;
};

static void say(struct gv_predbar *p, bool err, const char *text)
{
	gtk_label_set_text(GTK_LABEL(p->status), text);
	atk_object_set_description(gtk_widget_get_accessible(p->status), text);
	gv_doc_message(p->d, err, "%s", text);
}

static int progress_cb(void *arg, unsigned int permille)
{
	return gv_progress_step(arg, permille);
}

/* the entry's text as the predicate (Enter) */
static void apply(struct gv_predbar *p)
{
	struct gv_doc *d = p->d;
	const char *text = gtk_entry_get_text(GTK_ENTRY(p->entry));
	struct gv_progress *pr;
	struct lttr_error err;
	unsigned int what;
	char msg[LTTR_ERRMSG_MAX + 64];

	pr = gv_progress_begin(d, "replaying the trace for the predicate");
	what = lttr_session_set_pred(&d->s, text, progress_cb, pr, &err);
	gv_progress_end(pr);
	if (err.code == LTTR_E_CANCELED) {
		say(p, true, d->s.pred_text[0] ? "predicate canceled: the one before stays" :
		    "predicate canceled: none");
		return;
	}
	if (err.code) {
		snprintf(msg, sizeof(msg), "predicate: %s", err.msg);
		say(p, true, msg);
		return;
	}
	gv_doc_changed(d, what);	/* (the status bar's message cleared) */
	if (!d->s.pred_text[0])
		snprintf(msg, sizeof(msg), "no predicate");
	else
		snprintf(msg, sizeof(msg), "predicate: %zu hit%s: ) next, ( previous", d->s.npred,
			 d->s.npred == 1 ? "" : "s");
	say(p, false, msg);
}

char *gv_predbar_restore(struct gv_doc *d, bool *is_err)
{
	struct gv_progress *pr;
	struct lttr_error err;

	*is_err = false;
	if (!d->s.pred_saved[0])
		return NULL;
	pr = gv_progress_begin(d, "replaying the trace for the last session's predicate");
	lttr_session_restore_pred(&d->s, progress_cb, pr, &err);
	gv_progress_end(pr);
	*is_err = err.code != 0;
	if (err.code == LTTR_E_CANCELED)
		return g_strdup("the last session's predicate not replayed (canceled): p runs it");
	if (err.code)
		return g_strdup_printf("predicate of the last session ignored: %s", err.msg);
	return g_strdup_printf("predicate of the last session: %zu hit%s: ) next, ( previous",
			       d->s.npred, d->s.npred == 1 ? "" : "s");
}

void gv_predbar_step(struct gv_doc *d, int dir)
{
	struct gv_predbar *p = d->page ? g_object_get_data(G_OBJECT(d->page), "gv-predbar") : NULL;
	char msg[LTTR_SESSION_FILTER_MAX + 128];
	uint64_t t;
	long i;

	if (!d->s.pred_text[0]) {
		gv_doc_message(d, true, "no predicate yet (p)");
		return;
	}
	i = lttr_session_pred_step(&d->s, dir, &t);
	if (i < 0) {
		snprintf(msg, sizeof(msg), "no hit %s the cursor for: %.200s",
			 dir > 0 ? "after" : "before", d->s.pred_text);
	} else {
		uint64_t rel = gv_doc_rel(d, t);

		gv_doc_set_cursor(d, t);
		snprintf(msg, sizeof(msg), "hit %ld/%zu at %llu.%09llu #%llu: %.200s", i + 1,
			 d->s.npred, (unsigned long long)(rel / 1000000000U),
			 (unsigned long long)(rel % 1000000000U),
			 (unsigned long long)d->s.pred_hits[i].ordinal, d->s.pred_text);
	}
	if (p)
		say(p, i < 0, msg);
	else
		gv_doc_message(d, i < 0, "%s", msg);
}

static gboolean on_entry_key(GtkWidget *w, GdkEventKey *ev, gpointer data)
{
	(void)w;
	switch (ev->keyval) {
	case GDK_KEY_Return: case GDK_KEY_KP_Enter: case GDK_KEY_ISO_Enter:
		apply(data);
		return TRUE;
	default:
		return FALSE;
	}
}

static void on_next(GtkWidget *w, gpointer data)
{
	(void)w;
	gv_predbar_step(((struct gv_predbar *)data)->d, 1);
}

static void on_prev(GtkWidget *w, gpointer data)
{
	(void)w;
	gv_predbar_step(((struct gv_predbar *)data)->d, -1);
}

static void on_destroy(GtkWidget *w, gpointer data)
{
	(void)w;
	g_free(data);
}

/* the bar closed: the keys go back to the graph (as the search bar's) */
static void on_mode(GObject *bar, GParamSpec *ps, gpointer data)
{
	struct gv_predbar *p = data;
	GtkWidget *top = gtk_widget_get_toplevel(GTK_WIDGET(bar));
	GtkWidget *focus = GTK_IS_WINDOW(top) ? gtk_window_get_focus(GTK_WINDOW(top)) : NULL;

	(void)ps;
	if (gtk_search_bar_get_search_mode(GTK_SEARCH_BAR(bar)) || !focus ||
	    !gtk_widget_is_ancestor(focus, GTK_WIDGET(bar)))
		return;
	gtk_widget_grab_focus(gtk_notebook_get_current_page(GTK_NOTEBOOK(p->d->graphs)) ?
			      p->d->res_area : p->d->flow_area);
}

static GtkWidget *button(const char *label, const char *tip, const char *name)
{
	GtkWidget *b = gtk_button_new_with_label(label);

	gtk_widget_set_tooltip_text(b, tip);
	atk_object_set_name(gtk_widget_get_accessible(b), name);
	return b;
}

GtkWidget *gv_predbar_widgets(GtkWidget *box, int max, const char *example, GCallback prev,
			      GCallback next, GCallback key, gpointer arg, GtkWidget **status)
{
	GtkWidget *entry = gtk_entry_new(), *b;
	char hint[160];

	gtk_widget_set_name(entry, "predicate-expression");
	atk_object_set_name(gtk_widget_get_accessible(entry), "Predicate expression");
	gtk_entry_set_max_length(GTK_ENTRY(entry), max - 1);
	gtk_entry_set_width_chars(GTK_ENTRY(entry), 48);
	snprintf(hint, sizeof(hint), "%s   (the replay's language; Enter: its hits)", example);
	gtk_entry_set_placeholder_text(GTK_ENTRY(entry), hint);
	gtk_box_pack_start(GTK_BOX(box), entry, TRUE, TRUE, 0);
	b = button("(", "the previous hit: (", "Previous hit");
	g_signal_connect(b, "clicked", prev, arg);
	gtk_box_pack_start(GTK_BOX(box), b, FALSE, FALSE, 0);
	b = button(")", "the next hit: )", "Next hit");
	g_signal_connect(b, "clicked", next, arg);
	gtk_box_pack_start(GTK_BOX(box), b, FALSE, FALSE, 0);
	*status = gtk_label_new("");
	gtk_widget_set_name(*status, "predicate-status");
	atk_object_set_name(gtk_widget_get_accessible(*status), "Predicate status");
	gtk_label_set_ellipsize(GTK_LABEL(*status), PANGO_ELLIPSIZE_END);
	gtk_box_pack_start(GTK_BOX(box), *status, TRUE, TRUE, 0);
	if (key)	/* (NULL: connected by the caller, after its own) */
		g_signal_connect(entry, "key-press-event", key, arg);
	return entry;
}

static struct gv_predbar *predbar_new(struct gv_doc *d)
{
	struct gv_predbar *p = g_new0(struct gv_predbar, 1);
	GtkWidget *box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
	int at = 0;

	p->d = d;
	p->bar = gtk_search_bar_new();
	gtk_widget_set_name(p->bar, "predicate");
	gtk_search_bar_set_show_close_button(GTK_SEARCH_BAR(p->bar), TRUE);
	p->entry = gv_predbar_widgets(box, LTTR_SESSION_FILTER_MAX, "cpu[0].runq > 2",
				      G_CALLBACK(on_prev), G_CALLBACK(on_next), NULL, p,
				      &p->status);
	gtk_container_add(GTK_CONTAINER(p->bar), box);
	gtk_search_bar_connect_entry(GTK_SEARCH_BAR(p->bar), GTK_ENTRY(p->entry));
	g_signal_connect(p->entry, "key-press-event", G_CALLBACK(on_entry_key), p);
	g_signal_connect(p->bar, "destroy", G_CALLBACK(on_destroy), p);
	g_signal_connect(p->bar, "notify::search-mode-enabled", G_CALLBACK(on_mode), p);
	gtk_box_pack_start(GTK_BOX(d->page), p->bar, FALSE, FALSE, 0);
	gtk_container_child_get(GTK_CONTAINER(d->page), gv_overview_widget(d->ov), "position", &at,
				NULL);
	gtk_box_reorder_child(GTK_BOX(d->page), p->bar, at + 1);
	gtk_widget_show_all(p->bar);
	g_object_set_data(G_OBJECT(d->page), "gv-predbar", p);
	return p;
}

void gv_predbar_show(struct gv_doc *d)
{
	struct gv_predbar *p;

	if (!d->page)
		return;
	p = g_object_get_data(G_OBJECT(d->page), "gv-predbar");
	if (!p) {
		p = predbar_new(d);
		/* the predicate set, or the last session's not replayed yet */
		gtk_entry_set_text(GTK_ENTRY(p->entry), lttr_session_pred_kept(&d->s));
	}
	gtk_search_bar_set_search_mode(GTK_SEARCH_BAR(p->bar), TRUE);
	gtk_widget_realize(p->entry);
	gtk_widget_grab_focus(p->entry);
}
