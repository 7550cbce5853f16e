// SPDX-License-Identifier: GPL-2.0
/*
 * bookmarks.c - named bookmarks in the window: b names one at the cursor,
 * B lists them (go to one, delete one).  They are the reader library's
 * (lttr/view/bookmarks.h), kept in TRACEDIR/bookmarks.json as the terminal
 * analyzer keeps them, so that either front end finds the other's; each
 * change is saved at once (gv_session_save()).  ". ," step the cursor
 * through them and the markers (doc.c); the graphs draw them.
 */
#include <stdio.h>
#include "gv.h"

enum { B_TIME, B_NAME, B_NCOLS };

void gv_bookmark_add(struct gv_doc *d)
{
	GtkWidget *dlg, *area, *row, *l, *entry;
	char name[LTTR_BOOKMARK_NAME_MAX], t[32];
	uint64_t at = d->s.vp.cursor;
	unsigned int what;
	gint resp;

	snprintf(name, sizeof(name), "bookmark %zu", d->s.bm.n + 1);
	dlg = gtk_dialog_new_with_buttons("Bookmark", GTK_WINDOW(d->app->win),
					  GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
					  "_Cancel", GTK_RESPONSE_CANCEL, "_Add", GTK_RESPONSE_OK,
					  NULL);
	gtk_widget_set_name(dlg, "bookmark");
	gtk_dialog_set_default_response(GTK_DIALOG(dlg), GTK_RESPONSE_OK);
	area = gtk_dialog_get_content_area(GTK_DIALOG(dlg));
	gtk_container_set_border_width(GTK_CONTAINER(area), 8);
	row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
	lttr_fmt_time(gv_doc_rel(d, at), t, sizeof(t));
	{
		char *text = g_strdup_printf("Bookmark at %s, _name:", t);

		l = gtk_label_new_with_mnemonic(text);
		g_free(text);
	}
	entry = gtk_entry_new();
	atk_object_set_name(gtk_widget_get_accessible(entry), "Bookmark name");
	gtk_label_set_mnemonic_widget(GTK_LABEL(l), entry);
	gtk_entry_set_max_length(GTK_ENTRY(entry), LTTR_BOOKMARK_NAME_MAX - 1);
	gtk_entry_set_text(GTK_ENTRY(entry), name);
	gtk_entry_set_activates_default(GTK_ENTRY(entry), TRUE);
	gtk_box_pack_start(GTK_BOX(row), l, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(row), entry, TRUE, TRUE, 0);
	gtk_box_pack_start(GTK_BOX(area), row, FALSE, FALSE, 0);
	gtk_widget_show_all(dlg);
	resp = gtk_dialog_run(GTK_DIALOG(dlg));
	snprintf(name, sizeof(name), "%s", gtk_entry_get_text(GTK_ENTRY(entry)));
	gtk_widget_destroy(dlg);
	if (resp != GTK_RESPONSE_OK || !name[0])
		return;
	if (lttr_session_bookmark_add(&d->s, name, at, &what) < 0) {
		gv_doc_message(d, true, "out of memory: the bookmark is not kept");
		return;
	}
	gv_doc_changed(d, what);
	/* said after the save, which says in the status bar when it failed */
	if (gv_session_save(d))
		gv_doc_message(d, false, "bookmark \"%s\" at %s saved in %s/bookmarks.json",
			       name, t, d->s.dir);
}

/* the list's rows: the bookmarks, in time order */
static void fill(struct gv_doc *d, GtkListStore *store)
{
	char t[32];
	size_t i;

	gtk_list_store_clear(store);
	for (i = 0; i < d->s.bm.n; i++)
		gtk_list_store_insert_with_values(store, NULL, -1,
			B_TIME, lttr_fmt_time(gv_doc_rel(d, d->s.bm.v[i].time_ns), t, sizeof(t)),
			B_NAME, d->s.bm.v[i].name, -1);
}

/* the index of the selected bookmark, or -1 */
static long selected(GtkWidget *tv)
{
	GtkTreeSelection *s = gtk_tree_view_get_selection(GTK_TREE_VIEW(tv));
	GtkTreeModel *m;
	GtkTreeIter it;
	GtkTreePath *p;
	long i;

	if (!gtk_tree_selection_get_selected(s, &m, &it))
		return -1;
	p = gtk_tree_model_get_path(m, &it);
	i = gtk_tree_path_get_indices(p)[0];
	gtk_tree_path_free(p);
	return i;
}

static void on_activated(GtkTreeView *tv, GtkTreePath *p, GtkTreeViewColumn *c, gpointer dlg)
{
	(void)tv;
	(void)p;
	(void)c;
	gtk_dialog_response(GTK_DIALOG(dlg), GTK_RESPONSE_ACCEPT);
}

enum { R_DELETE = 1 };

void gv_bookmarks_show(struct gv_doc *d)
{
	GtkListStore *store = gtk_list_store_new(B_NCOLS, G_TYPE_STRING, G_TYPE_STRING);
	GtkWidget *dlg, *area, *sw, *tv, *l;
	GtkTreeSelection *s;
	GtkTreePath *p;
	unsigned int what;
	gint resp;

	dlg = gtk_dialog_new_with_buttons("Bookmarks", GTK_WINDOW(d->app->win),
					  GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
					  "_Delete", R_DELETE, "_Close", GTK_RESPONSE_CLOSE,
					  "_Go to", GTK_RESPONSE_ACCEPT, NULL);
	gtk_widget_set_name(dlg, "bookmarks");
	gtk_window_set_default_size(GTK_WINDOW(dlg), 480, 320);
	area = gtk_dialog_get_content_area(GTK_DIALOG(dlg));
	gtk_container_set_border_width(GTK_CONTAINER(area), 8);
	gtk_box_set_spacing(GTK_BOX(area), 6);
	l = gtk_label_new(d->s.bm.n ? "Enter or double-click: the cursor there; b in the window "
			  "bookmarks the cursor" : "No bookmarks yet: b in the window bookmarks "
			  "the cursor");
	gtk_label_set_xalign(GTK_LABEL(l), 0);
	gtk_box_pack_start(GTK_BOX(area), l, FALSE, FALSE, 0);
	fill(d, store);
	tv = gtk_tree_view_new_with_model(GTK_TREE_MODEL(store));
	atk_object_set_name(gtk_widget_get_accessible(tv), "Bookmarks list");
	gtk_tree_view_insert_column_with_attributes(GTK_TREE_VIEW(tv), -1, "time",
						    gtk_cell_renderer_text_new(), "text", B_TIME,
						    NULL);
	gtk_tree_view_insert_column_with_attributes(GTK_TREE_VIEW(tv), -1, "name",
						    gtk_cell_renderer_text_new(), "text", B_NAME,
						    NULL);
	s = gtk_tree_view_get_selection(GTK_TREE_VIEW(tv));
	if (d->s.bm.n) {
		p = gtk_tree_path_new_first();
		gtk_tree_view_set_cursor(GTK_TREE_VIEW(tv), p, NULL, FALSE);
		gtk_tree_path_free(p);
	}
	g_signal_connect(tv, "row-activated", G_CALLBACK(on_activated), dlg);
	sw = gtk_scrolled_window_new(NULL, NULL);
	gtk_container_add(GTK_CONTAINER(sw), tv);
	gtk_box_pack_start(GTK_BOX(area), sw, TRUE, TRUE, 0);
	gtk_widget_show_all(dlg);
	gtk_widget_grab_focus(tv);
	for (;;) {
		long i;

		resp = gtk_dialog_run(GTK_DIALOG(dlg));
		i = selected(tv);
		if (resp == R_DELETE && i >= 0) {
			what = lttr_session_bookmark_remove(&d->s, (size_t)i);
			fill(d, store);
			if (d->s.bm.n) {
				p = gtk_tree_path_new_from_indices((int)((size_t)i < d->s.bm.n ?
									 (size_t)i : d->s.bm.n - 1), -1);
				gtk_tree_selection_select_path(s, p);
				gtk_tree_path_free(p);
			}
			gv_doc_changed(d, what);
			gv_session_save(d);
			continue;
		}
		if (resp == R_DELETE)
			continue;
		if (resp == GTK_RESPONSE_ACCEPT && i >= 0)
			gv_doc_set_cursor(d, d->s.bm.v[i].time_ns);
		break;
	}
	gtk_widget_destroy(dlg);
	g_object_unref(store);
}
