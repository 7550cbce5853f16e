// SPDX-License-Identifier: GPL-2.0
/*
 * search.c - finding events: the search bar (Ctrl+F) takes a filter
 * expression (docs/filter.md); Enter goes to the next match after the
 * selected event (or the cursor), Shift+Enter to the previous one.  A
 * match becomes the cursor, its task the selected row and the event the
 * selected line of the events list.  The bar's Dim and Hide buttons make
 * the expression the document's filter.  The search is the view model's
 * (lttr_view_find(): the buffers that cannot hold a match are skipped);
 * one that takes long shows its progress in a dialog whose Cancel stops
 * it (gv_find() of progress.c, also used by the events list).
 */
#include <stdio.h>
#include <string.h>
#include "gv.h"

/**
 * struct gv_search - the search bar of a document
 * @d: the document
 * @bar: the GtkSearchBar
 * @entry: the expression
 * @dim: the Dim button: the expression is the filter, the rest grey
 * @hide: the Hide button: the expression is the filter, the rest hidden
 * @f: the expression searched, compiled
 * @text: its text
 * @have_found: @found is the last match
 * @found: its position
 * @found_unlisted: the events list could not select it (hidden there)
 * @guard: our own change of the buttons
 */
struct gv_search {
	struct gv_doc *d;
	GtkWidget *bar;
	GtkWidget *entry;
	GtkWidget *dim;
	GtkWidget *hide;
	struct lttr_filter *f;
	char *text;
	bool have_found;
	struct lttr_view_pos found;
	bool found_unlisted;
	int guard;
};

/* the expression of the entry compiled; @fresh: it is new */
static bool compile(struct gv_search *s, bool *fresh)
{
	const char *text = gtk_entry_get_text(GTK_ENTRY(s->entry));
	struct lttr_filter *f;
	struct lttr_error err;

	*fresh = false;
	if (!*text) {
		gv_doc_message(s->d, true, "search: type a filter expression (docs/filter.md), "
			       "e.g. type == fs_open && filename =~ etc");
		return false;
	}
	if (s->f && !strcmp(text, s->text))
		return true;
	if (lttr_filter_compile(text, &f, &err)) {
		gv_doc_message(s->d, true, "search: %s", err.msg);
		return false;
	}
	lttr_filter_free(s->f);
	g_free(s->text);
	s->f = f;
	s->text = g_strdup(text);
	s->have_found = false;
	*fresh = true;
	return true;
}

/* the document's filter: the expression, hiding or dimming the rest (or none) */
static bool set_filter(struct gv_search *s, bool on, bool hide)
{
	struct gv_doc *d = s->d;
	struct lttr_error err;
	const char *text = gtk_entry_get_text(GTK_ENTRY(s->entry));
	unsigned int what;

	if (on && !*text) {
		gv_doc_message(d, true, "filter: type a filter expression first");
		return false;
	}
	what = lttr_session_set_filter(&d->s, on ? text : NULL, &err);
	if (err.code) {
		gv_doc_message(d, true, "filter: %s", err.msg);
		return false;
	}
	what |= lttr_session_set_filter_hide(&d->s, hide);
	gv_doc_changed(d, GV_FILTER | what);
	return true;
}

/*
 * The task as dump and trace-cmd name it, comm-pid: its name at @t,
 * blanks made '_', "<...>" when the trace never names it ("<idle>" the
 * idle task).
 */
static void comm_pid(const struct gv_doc *d, uint32_t pid, uint64_t t, char *buf, size_t size)
{
	const char *n = lttr_view_comm(d->s.v, pid, t);
	size_t i, len;

	if (!n || !*n || !pid)
		n = pid ? "<...>" : "<idle>";
	len = strlen(n);
	snprintf(buf, size, "%s-%u", n, pid);
	for (i = 0; i < len && buf[i]; i++)
		if (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\n')
			buf[i] = '_';
}

static void show_found(struct gv_search *s, const struct lttr_event *ev)
{
	struct gv_doc *d = s->d;
	char t[32], desc[512], task[64];

	s->have_found = true;
	s->found = lttr_view_pos_of(ev);
	gv_doc_set_cursor(d, ev->time_ns);
	s->found_unlisted = !gv_events_show(d, ev);
	gv_doc_select_pid(d, ev->pid);
	lttr_event_describe(d->s.t, ev, desc, sizeof(desc));
	comm_pid(d, ev->pid, ev->time_ns, task, sizeof(task));
	gv_doc_message(d, false, "match %s cpu %u %s: %s%s",
		       lttr_fmt_time(gv_doc_rel(d, ev->time_ns), t, sizeof(t)), ev->cpu, task,
		       desc, s->found_unlisted ? " (hidden by the filter in the events list)" : "");
}

static void find(struct gv_search *s, int dir)
{
	struct gv_doc *d = s->d;
	struct lttr_view_pos from, sel;
	struct lttr_event ev;
	struct lttr_error err;
	bool fresh, incl = false, listed;
	int r;

	if (!compile(s, &fresh))
		return;
	/* the filter buttons on: the entry is the filter */
	if (d->s.filter && strcmp(lttr_filter_text(d->s.filter), s->text) &&
	    (gtk_toggle_button_get_active(GTK_TOGGLE_BUTTON(s->dim)) ||
	     gtk_toggle_button_get_active(GTK_TOGGLE_BUTTON(s->hide))))
		set_filter(s, true, d->s.filter_hide);
	listed = gv_events_selected(d, &sel);
	if (!fresh && s->have_found && s->found.time_ns == d->s.vp.cursor &&
	    (s->found_unlisted || !listed || !lttr_view_pos_cmp(&sel, &s->found))) {
		from = s->found;	/* on from the last match */
	} else if (listed) {
		from = sel;		/* from the selected event (itself: a new search) */
		incl = fresh;
	} else {
		from.time_ns = d->s.vp.cursor;
		from.cpu = dir > 0 ? 0 : 0xffff;
		from.offset = dir > 0 ? 0 : UINT64_MAX;
		incl = true;
	}
	r = gv_find(d, s->f, &from, incl, dir, &ev, &err);
	if (r == 1)
		show_found(s, &ev);
	else if (r == 0)
		gv_doc_message(d, true, "no match %s the %s for: %s", dir > 0 ? "after" : "before",
			       listed ? "selected event" : "cursor", s->text);
	else if (r == -LTTR_E_CANCELED)
		gv_doc_message(d, true, "search canceled");
	else
		gv_doc_message(d, true, "search: %s", err.msg);
}

static gboolean on_entry_key(GtkWidget *w, GdkEventKey *ev, gpointer data)
{
	(void)w;
	switch (ev->keyval) {
	case GDK_KEY_Return: case GDK_KEY_KP_Enter: case GDK_KEY_ISO_Enter:
		find(data, (ev->state & GDK_SHIFT_MASK) ? -1 : 1);
		return TRUE;
	default:
		return FALSE;
	}
}

static void on_next(GtkWidget *w, gpointer data)
{
	(void)w;
	find(data, 1);
}

static void on_prev(GtkWidget *w, gpointer data)
{
	(void)w;
	find(data, -1);
}

/* the buttons show the document's filter, whoever set it */
static void show_filter(struct gv_search *s)
{
	const struct gv_doc *d = s->d;

	s->guard++;
	gtk_toggle_button_set_active(GTK_TOGGLE_BUTTON(s->dim), d->s.filter && !d->s.filter_hide);
	gtk_toggle_button_set_active(GTK_TOGGLE_BUTTON(s->hide), d->s.filter && d->s.filter_hide);
	s->guard--;
}

static void on_toggle(GtkToggleButton *b, gpointer data)
{
	struct gv_search *s = data;
	bool hide = GTK_WIDGET(b) == s->hide, on = gtk_toggle_button_get_active(b);
	GtkWidget *other = hide ? s->dim : s->hide;

	if (s->guard)
		return;
	if (!on && gtk_toggle_button_get_active(GTK_TOGGLE_BUTTON(other)))
		return;
	set_filter(s, on, hide);
	show_filter(s);
}

static void follow(void *view, unsigned int what)
{
	if (what & GV_FILTER)
		show_filter(view);
}

static void on_destroy(GtkWidget *w, gpointer data)
{
	struct gv_search *s = data;

	(void)w;
	gv_doc_unlisten(s->d, s);
	lttr_filter_free(s->f);
	g_free(s->text);
	g_free(s);
}

static GtkWidget *button(const char *label, const char *tip, const char *name)
{
	GtkWidget *b = gtk_button_new_with_mnemonic(label);

	gtk_widget_set_tooltip_text(b, tip);
	atk_object_set_name(gtk_widget_get_accessible(b), name);
	return b;
}

/*
 * The bar closed (Escape, its close button): the keys go back to the graph.
 * GTK leaves the focus on the entry, hidden in the bar's revealer, and
 * delivered the next keys to it unrealized.
 */
static void on_mode(GObject *bar, GParamSpec *ps, gpointer data)
{
	struct gv_search *s = data;
	GtkWidget *top = gtk_widget_get_toplevel(GTK_WIDGET(bar));
	GtkWidget *focus = GTK_IS_WINDOW(top) ? gtk_window_get_focus(GTK_WINDOW(top)) : NULL;

	(void)ps;
	if (gtk_search_bar_get_search_mode(GTK_SEARCH_BAR(bar)) || !focus ||
	    !gtk_widget_is_ancestor(focus, GTK_WIDGET(bar)))
		return;
	gtk_widget_grab_focus(gtk_notebook_get_current_page(GTK_NOTEBOOK(s->d->graphs)) ?
			      s->d->res_area : s->d->flow_area);
}

static struct gv_search *search_new(struct gv_doc *d)
{
	struct gv_search *s = g_new0(struct gv_search, 1);
	GtkWidget *box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6), *b, *l;
	int at = 0;

	s->d = d;
	s->bar = gtk_search_bar_new();
	gtk_widget_set_name(s->bar, "search");
	gtk_search_bar_set_show_close_button(GTK_SEARCH_BAR(s->bar), TRUE);
	s->entry = gtk_search_entry_new();
	gtk_widget_set_name(s->entry, "search-expression");
	atk_object_set_name(gtk_widget_get_accessible(s->entry), "Search expression");
	gtk_entry_set_max_length(GTK_ENTRY(s->entry), LTTR_FILTER_MAX_LEN - 1);
	gtk_entry_set_width_chars(GTK_ENTRY(s->entry), 48);
	gtk_entry_set_placeholder_text(GTK_ENTRY(s->entry),
				       "type == fs_open && filename =~ etc   (Enter: next, "
				       "Shift+Enter: previous)");
	gtk_box_pack_start(GTK_BOX(box), s->entry, TRUE, TRUE, 0);
	b = button("_Previous", "the previous match (Shift+Enter)", "Previous match");
	g_signal_connect(b, "clicked", G_CALLBACK(on_prev), s);
	gtk_box_pack_start(GTK_BOX(box), b, FALSE, FALSE, 0);
	b = button("_Next", "the next match (Enter)", "Next match");
	g_signal_connect(b, "clicked", G_CALLBACK(on_next), s);
	gtk_box_pack_start(GTK_BOX(box), b, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(box), gtk_separator_new(GTK_ORIENTATION_VERTICAL), FALSE, FALSE,
			   0);
	l = gtk_label_new("as the filter:");
	gtk_box_pack_start(GTK_BOX(box), l, FALSE, FALSE, 0);
	s->dim = gtk_toggle_button_new_with_mnemonic("_Dim");
	gtk_widget_set_tooltip_text(s->dim, "the expression is the filter: what it does not "
				    "match is grey");
	atk_object_set_name(gtk_widget_get_accessible(s->dim), "Filter: dim the rest");
	s->hide = gtk_toggle_button_new_with_mnemonic("H_ide");
	gtk_widget_set_tooltip_text(s->hide, "the expression is the filter: what it does not "
				    "match is hidden");
	atk_object_set_name(gtk_widget_get_accessible(s->hide), "Filter: hide the rest");
	gtk_box_pack_start(GTK_BOX(box), s->dim, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(box), s->hide, FALSE, FALSE, 0);
	gtk_container_add(GTK_CONTAINER(s->bar), box);
	gtk_search_bar_connect_entry(GTK_SEARCH_BAR(s->bar), GTK_ENTRY(s->entry));
	g_signal_connect(s->entry, "key-press-event", G_CALLBACK(on_entry_key), s);
	g_signal_connect(s->entry, "next-match", G_CALLBACK(on_next), s);
	g_signal_connect(s->entry, "previous-match", G_CALLBACK(on_prev), s);
	g_signal_connect(s->dim, "toggled", G_CALLBACK(on_toggle), s);
	g_signal_connect(s->hide, "toggled", G_CALLBACK(on_toggle), s);
	g_signal_connect(s->bar, "destroy", G_CALLBACK(on_destroy), s);
	g_signal_connect(s->bar, "notify::search-mode-enabled", G_CALLBACK(on_mode), s);
	/* under the overview, above the graphs */
	gtk_box_pack_start(GTK_BOX(d->page), s->bar, FALSE, FALSE, 0);
	gtk_container_child_get(GTK_CONTAINER(d->page), gv_overview_widget(d->ov), "position", &at,
				NULL);
	gtk_box_reorder_child(GTK_BOX(d->page), s->bar, at + 1);
	gtk_widget_show_all(s->bar);
	g_object_set_data(G_OBJECT(d->page), "gv-search", s);
	gv_doc_listen(d, follow, s);
	show_filter(s);
	return s;
}

void gv_search_show(struct gv_doc *d)
{
	struct gv_search *s;

	if (!d->page)
		return;
	s = g_object_get_data(G_OBJECT(d->page), "gv-search");
	if (!s)
		s = search_new(d);
	gtk_search_bar_set_search_mode(GTK_SEARCH_BAR(s->bar), TRUE);
	/*
	 * The entry is realized (mapped, drawn) only when the bar's revealer
	 * shows it, on a later frame; the keys that come meanwhile (the
	 * releases of Ctrl+F, what is typed at once) go to the focus, which
	 * GTK refuses to deliver to an unrealized widget.  Realized now, the
	 * entry takes them.
	 */
	gtk_widget_realize(s->entry);
	gtk_widget_grab_focus(s->entry);
}
