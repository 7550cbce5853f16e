// SPDX-License-Identifier: GPL-2.0
/*
 * lists.c - what the tables of the analysis pages (stats.c, latency.c,
 * critpath.c) build alike: a list in a scrolled window, and a column of
 * text, numbers on the right, words on the left taking the room left
 * (ellipsized), resizable and sortable.
 */
#include "gv.h"

GtkWidget *gv_scrolled(GtkWidget *child)
{
	GtkWidget *sw = gtk_scrolled_window_new(NULL, NULL);

	gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(sw), GTK_POLICY_AUTOMATIC,
				       GTK_POLICY_AUTOMATIC);
	gtk_container_add(GTK_CONTAINER(sw), child);
	return sw;
}

GtkTreeViewColumn *gv_text_column(GtkWidget *tv, const char *title, int col, int sort_col,
				  bool right)
{
	GtkCellRenderer *r = gtk_cell_renderer_text_new();
	GtkTreeViewColumn *c = gtk_tree_view_column_new_with_attributes(title, r, "text", col,
									 NULL);

	if (right) {
		g_object_set(r, "xalign", 1.0, NULL);
		gtk_tree_view_column_set_alignment(c, 1.0);
	} else {
		g_object_set(r, "ellipsize", PANGO_ELLIPSIZE_END, NULL);
		gtk_tree_view_column_set_expand(c, TRUE);
	}
	gtk_tree_view_column_set_resizable(c, TRUE);
	if (sort_col >= 0)
		gtk_tree_view_column_set_sort_column_id(c, sort_col);
	gtk_tree_view_append_column(GTK_TREE_VIEW(tv), c);
	return c;
}
