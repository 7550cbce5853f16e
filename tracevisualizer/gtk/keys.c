// SPDX-License-Identifier: GPL-2.0
/*
 * keys.c - the cheat sheet: every key and mouse gesture of the window
 * (Trace Compass's key map, KernelShark's mouse habits).
 */
#include "gv.h"

static const char *const sheet[][2] = {
	{ "W, +", "zoom in at the cursor" },
	{ "S, -", "zoom out at the cursor" },
	{ "A, D", "pan left, right by a quarter of the window" },
	{ "Z", "zoom to the dragged selection (or to markers A-B)" },
	{ "0", "the whole trace" },
	{ "Left, Right", "previous, next state change of the selected row" },
	{ "Up, Down", "previous, next row" },
	{ "Home, End", "cursor to the start, the end of the trace" },
	{ "m, M", "marker A, B at the cursor" },
	{ "b", "bookmark the cursor (saved in TRACE/bookmarks.json, the TUI's too)" },
	{ "B", "the bookmarks: go to one, delete one" },
	{ ". ,", "cursor to the next, previous marker or bookmark" },
	{ "Ctrl+F", "search events with a filter expression (Enter: next, Shift+Enter: previous)" },
	{ "Ctrl+O, Ctrl+T", "open a trace, in this tab or a new one" },
	{ "Ctrl+E", "export the graph as PNG or SVG" },
	{ "Ctrl+P", "control flow rows by pid (View menu: the traced command first, name, busy)" },
	{ "?", "this sheet" },
	{ "C, right-click a task", "the critical path of the selected task (Critical path tab)" },
	{ "Latency: a group, an instance", "its histogram and worst; what made it long" },
	{ "Latency: double-click", "an instance, a piece: show it (a blocked piece: its critical path)" },
	{ "Critical path: a segment", "the cursor at its start (double-click: show it whole)" },
	{ "click", "the cursor, and the row under it" },
	{ "drag", "select a span (Z zooms to it)" },
	{ "wheel", "zoom at the pointer (over the labels: scroll the rows)" },
	{ "Shift+wheel", "pan" },
	{ "double-click, Shift+double-click", "marker A, marker B" },
	{ "click on a triangle", "fold or unfold a process's threads" },
	{ "Paths: click a node", "its representative call in the graphs (window, cursor, task)" },
	{ "Paths: arrows, Enter", "another node of the graph; its call in the graphs" },
};

void gv_cheat_sheet(GtkWindow *parent)
{
	GtkWidget *dlg = gtk_dialog_new_with_buttons("Keys", parent, GTK_DIALOG_DESTROY_WITH_PARENT,
						     "_Close", GTK_RESPONSE_CLOSE, NULL);
	GtkWidget *grid = gtk_grid_new();
	size_t i;

	gtk_widget_set_name(dlg, "cheat-sheet");
	gtk_grid_set_column_spacing(GTK_GRID(grid), 16);
	gtk_container_set_border_width(GTK_CONTAINER(grid), 12);
	for (i = 0; i < sizeof(sheet) / sizeof(sheet[0]); i++) {
		GtkWidget *k = gtk_label_new(sheet[i][0]), *w = gtk_label_new(sheet[i][1]);

		gtk_label_set_xalign(GTK_LABEL(k), 0);
		gtk_label_set_xalign(GTK_LABEL(w), 0);
		gtk_widget_set_name(k, "key");
		gtk_grid_attach(GTK_GRID(grid), k, 0, (int)i, 1, 1);
		gtk_grid_attach(GTK_GRID(grid), w, 1, (int)i, 1, 1);
	}
	gtk_container_add(GTK_CONTAINER(gtk_dialog_get_content_area(GTK_DIALOG(dlg))), grid);
	g_signal_connect(dlg, "response", G_CALLBACK(gtk_widget_destroy), NULL);
	gtk_widget_show_all(dlg);
}
