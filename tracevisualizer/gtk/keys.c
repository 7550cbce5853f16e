// SPDX-License-Identifier: GPL-2.0
/*
 * keys.c - the keys of the views and the cheat sheet that lists them, from
 * the library's one keymap (lttr/view/keys.h), the TUI's too: a key press
 * is turned into its action, which this file does with the window's own
 * widgets; the menus' accelerators are the keymap's (gv_key_accel()).
 * The mouse gestures (KernelShark's habits) are listed after the keys.
 */
#include <lttr/view/keys.h>
#include "gv.h"

static const char *const mouse[][2] = {
	{ "Latency: a group, an instance", "its histogram and worst; what made it long" },
	{ "Latency: double-click", "an instance, a piece: show it (a blocked piece: its critical path)" },
	{ "Critical path: a segment", "the cursor at its start (double-click: show it whole)" },
	{ "click", "the cursor, and the row under it" },
	{ "right-click a task", "the critical path of the task (Critical path tab)" },
	{ "drag", "select a span (z zooms to it)" },
	{ "wheel", "zoom at the pointer (over the labels: scroll the rows)" },
	{ "Shift+wheel", "pan" },
	{ "double-click, Shift+double-click", "marker A, marker B" },
	{ "click on a triangle", "fold or unfold a process's threads" },
	{ "Paths: click a node", "its representative call in the graphs (window, cursor, task)" },
	{ "Paths: arrows, Enter", "another node of the graph; its call in the graphs" },
};

/* the key pressed as the keymap knows it, -1 for one it does not have */
static int lkey(const GdkEventKey *ev)
{
	guint32 c;

	switch (ev->keyval) {
	case GDK_KEY_Left: case GDK_KEY_KP_Left: return LTTR_KEY_LEFT;
	case GDK_KEY_Right: case GDK_KEY_KP_Right: return LTTR_KEY_RIGHT;
	case GDK_KEY_Up: case GDK_KEY_KP_Up: return LTTR_KEY_UP;
	case GDK_KEY_Down: case GDK_KEY_KP_Down: return LTTR_KEY_DOWN;
	case GDK_KEY_Home: case GDK_KEY_KP_Home: return LTTR_KEY_HOME;
	case GDK_KEY_End: case GDK_KEY_KP_End: return LTTR_KEY_END;
	case GDK_KEY_Page_Up: case GDK_KEY_KP_Page_Up: return LTTR_KEY_PGUP;
	case GDK_KEY_Page_Down: case GDK_KEY_KP_Page_Down: return LTTR_KEY_PGDN;
	case GDK_KEY_Return: case GDK_KEY_KP_Enter: return LTTR_KEY_ENTER;
	case GDK_KEY_Escape: return LTTR_KEY_ESC;
	case GDK_KEY_Tab: return LTTR_KEY_TAB;
	case GDK_KEY_ISO_Left_Tab: return LTTR_KEY_BTAB;
	case GDK_KEY_KP_Add: return '+';
	case GDK_KEY_KP_Subtract: return '-';
	default:
		break;
	}
	c = gdk_keyval_to_unicode(ev->keyval);
	if (c < 0x20 || c >= 0x7f)
		return -1;
	if (ev->state & GDK_MOD1_MASK)
		return LTTR_KEY_ALT | (int)c;
	if (ev->state & GDK_CONTROL_MASK)
		return LTTR_KEY_CTRL | (int)g_ascii_tolower((gchar)c);
	return (int)c;
}

int gv_key_code(const GdkEventKey *ev)
{
	return lkey(ev);
}

void gv_key_accel(int action, guint *keyval, GdkModifierType *mods)
{
	int k = lttr_keys_first((enum lttr_kaction)action, LTTR_KF_GTK);

	*keyval = 0;
	*mods = 0;
	if (!k)
		return;
	if (k & LTTR_KEY_CTRL)
		*mods = GDK_CONTROL_MASK;
	*keyval = gdk_unicode_to_keyval((guint32)(k & 0xff));
}

/* the graph shown: its rows for the arrows, its pixels for h l */
static struct gv_graph *shown(const struct gv_doc *d)
{
	return gtk_notebook_get_current_page(GTK_NOTEBOOK(d->graphs)) ? d->res : d->flow;
}

static void step(struct gv_doc *d, int dir, bool events)
{
	uint64_t t;

	if (d->s.sel_row < 0) {
		gv_doc_message(d, true, "select a row first (click its label)");
		return;
	}
	if (lttr_view_step(d->s.v, (size_t)d->s.sel_row, d->s.vp.cursor, dir, events, &t) == 1)
		gv_doc_set_cursor(d, t);
	else
		gv_doc_message(d, false, "no %s %s the cursor on this row",
			       events ? "event" : "state change", dir > 0 ? "after" : "before");
}

static void goto_mark(struct gv_doc *d, int dir)
{
	uint64_t t;

	if (lttr_session_next_mark(&d->s, dir, &t))
		gv_doc_set_cursor(d, t);
	else
		gv_doc_message(d, false, "no marker or bookmark %s the cursor",
			       dir > 0 ? "after" : "before");
}

static void move_cols(struct gv_doc *d, int cols)
{
	int n = gv_graph_columns(shown(d));

	if (n > 0)
		gv_doc_changed(d, GV_CURSOR | lttr_session_move_cols(&d->s, cols, (unsigned int)n));
}

bool gv_tab_key(struct gv_doc *d, GdkEventKey *ev)
{
	static const int views[8] = { GV_VIEW_FLOW, GV_VIEW_RESOURCES, GV_VIEW_PROCESSES,
		GV_VIEW_STATS, -1, GV_VIEW_EVENTS, GV_VIEW_PATHS, GV_VIEW_LATENCY };
	enum lttr_kaction act = lttr_keys_action(LTTR_KF_GTK, LTTR_KW_FLOW, lkey(ev));
	struct gv_app *app = d->app;
	uint64_t a, b;

	switch (act) {
	case LTTR_KA_VIEW_1: case LTTR_KA_VIEW_2: case LTTR_KA_VIEW_3: case LTTR_KA_VIEW_4:
	case LTTR_KA_VIEW_5: case LTTR_KA_VIEW_6: case LTTR_KA_VIEW_7: case LTTR_KA_VIEW_8:
		gv_tab_show_view(d, views[act - LTTR_KA_VIEW_1]);
		return true;
	case LTTR_KA_ZOOM_IN:
		gv_doc_zoom(d, 1, 2);
		return true;
	case LTTR_KA_ZOOM_OUT:
		gv_doc_zoom(d, 2, 1);
		return true;
	case LTTR_KA_PAN_LEFT:
		gv_doc_pan(d, -1, 4);
		return true;
	case LTTR_KA_PAN_RIGHT:
		gv_doc_pan(d, 1, 4);
		return true;
	case LTTR_KA_ZOOM_SEL:
		if (d->s.has_span)
			gv_doc_set_window(d, d->s.span_a, d->s.span_b);
		else if (lttr_viewport_marks(&d->s.vp, &a, &b))
			gv_doc_set_window(d, a, b);
		else
			gv_doc_message(d, true, "drag over the graph to select a span, or set "
				       "markers A (m) and B (M) first");
		return true;
	case LTTR_KA_ALL:
		gv_doc_changed(d, GV_WINDOW | lttr_session_all(&d->s));
		return true;
	case LTTR_KA_START:
		gv_doc_set_cursor(d, d->s.vp.start);
		return true;
	case LTTR_KA_END:
		gv_doc_set_cursor(d, d->s.vp.end);
		return true;
	case LTTR_KA_COL_PREV: case LTTR_KA_COL_NEXT:
		move_cols(d, act == LTTR_KA_COL_NEXT ? 1 : -1);
		return true;
	case LTTR_KA_COL10_PREV: case LTTR_KA_COL10_NEXT:
		move_cols(d, act == LTTR_KA_COL10_NEXT ? 10 : -10);
		return true;
	case LTTR_KA_STATE_PREV: case LTTR_KA_STATE_NEXT:
		step(d, act == LTTR_KA_STATE_NEXT ? 1 : -1, false);
		return true;
	case LTTR_KA_EVENT_PREV: case LTTR_KA_EVENT_NEXT:
		step(d, act == LTTR_KA_EVENT_NEXT ? 1 : -1, true);
		return true;
	case LTTR_KA_ROW_PREV: case LTTR_KA_ROW_NEXT:
		/* the rows as the graph shown lists them */
		gv_graph_step_row(shown(d), act == LTTR_KA_ROW_PREV ? -1 : 1);
		return true;
	case LTTR_KA_ACTIVE:
		if (app->active_item)	/* the menu's check, which tells the tab */
			gtk_check_menu_item_set_active(GTK_CHECK_MENU_ITEM(app->active_item),
						       !d->s.active_only);
		gv_doc_message(d, false, "%s", d->s.active_only ?
			       "only the rows that ran or changed in the window" : "every row");
		return true;
	case LTTR_KA_IDLE_GROUP: {
		size_t n = lttr_view_nrows(d->s.v);
		const struct lttr_vrow_info *grp = n ? lttr_view_row(d->s.v, n - 1) : NULL;

		if (app->idle_item)	/* the menu's check, which tells the tab */
			gtk_check_menu_item_set_active(GTK_CHECK_MENU_ITEM(app->idle_item),
						       !d->s.idle_open);
		else
			gv_doc_changed(d, lttr_session_set_idle_open(&d->s, !d->s.idle_open));
		if (grp && grp->kind == LTTR_VROW_GROUP)	/* the TUI's words */
			gv_doc_message(d, false, "the %s: %s%s", grp->name,
				       d->s.idle_open ? "shown" : "folded",
				       d->s.row_sort == LTTR_VSORT_TRACED ? "" :
				       " (in the first screen's order, P)");
		else
			gv_doc_message(d, false, "no idle kernel threads in this trace");
		return true;
	}
	case LTTR_KA_ROW_ORDER:
		if (app->sort_items[LTTR_VSORT_PID])
			gtk_check_menu_item_set_active(GTK_CHECK_MENU_ITEM(app->sort_items[
				d->s.row_sort == LTTR_VSORT_PID ? LTTR_VSORT_TRACED : LTTR_VSORT_PID]),
				TRUE);
		gv_doc_message(d, false, "%s", d->s.row_sort == LTTR_VSORT_PID ? "rows by pid" :
			       "rows: the traced command first, then the busiest");
		return true;
	case LTTR_KA_MARK_A: case LTTR_KA_MARK_B:
		gv_doc_changed(d, GV_MARKS | lttr_session_set_mark(&d->s, act == LTTR_KA_MARK_B));
		gv_session_save(d);
		return true;
	case LTTR_KA_MARK_NEXT: case LTTR_KA_MARK_PREV:
		goto_mark(d, act == LTTR_KA_MARK_NEXT ? 1 : -1);
		return true;
	case LTTR_KA_BOOKMARK:
		gv_bookmark_add(d);
		return true;
	case LTTR_KA_BOOKMARKS:
		gv_bookmarks_show(d);
		return true;
	case LTTR_KA_SEARCH:
		if (gv_flame_shown(d))	/* there: find a frame */
			gv_flame_find(d);
		else
			gv_search_show(d);
		return true;
	case LTTR_KA_STACKS:
		gv_tab_show_view(d, GV_VIEW_FLAME);
		return true;
	case LTTR_KA_JOBS:
		gv_tab_show_view(d, GV_VIEW_JOBS);
		return true;
	case LTTR_KA_FILTER:
		gv_filters_dialog(d);
		return true;
	case LTTR_KA_PRED:
		gv_predbar_show(d);
		return true;
	case LTTR_KA_PRED_NEXT: case LTTR_KA_PRED_PREV:
		gv_predbar_step(d, act == LTTR_KA_PRED_NEXT ? 1 : -1);
		return true;
	case LTTR_KA_HELP:
		gv_cheat_sheet(GTK_WINDOW(app->win));
		return true;
	case LTTR_KA_LESSON_NEXT: case LTTR_KA_LESSON_PREV:
		gv_lesson_key(d, act == LTTR_KA_LESSON_NEXT ? 1 : -1);
		return true;
	case LTTR_KA_CRITPATH:
		if (d->s.sel_pid)
			gv_critpath_show(d, d->s.sel_pid, 0, UINT64_MAX);
		else
			gv_doc_message(d, true, "select a task first (click its row)");
		return true;
	default:
		/* none, or the menus' (Ctrl+W closes the tab): their accelerators */
		return false;
	}
}

/* a line of the sheet: @keys, @what at line @row of column pair @col */
static void add_line(GtkWidget *grid, int col, int row, const char *keys, const char *what)
{
	GtkWidget *k = gtk_label_new(keys), *w = gtk_label_new(what);

	gtk_label_set_xalign(GTK_LABEL(k), 0);
	gtk_label_set_xalign(GTK_LABEL(w), 0);
	gtk_widget_set_name(k, "key");
	gtk_grid_attach(GTK_GRID(grid), k, 2 * col, row, 1, 1);
	gtk_grid_attach(GTK_GRID(grid), w, 2 * col + 1, row, 1, 1);
}

/* the keymap's keys of the window, then the mouse, in two columns (all on the screen) */
void gv_cheat_sheet(GtkWindow *parent)
{
	GtkWidget *dlg = gtk_dialog_new_with_buttons("Keys", parent, GTK_DIALOG_DESTROY_WITH_PARENT,
						     "_Close", GTK_RESPONSE_CLOSE, NULL);
	GtkWidget *grid = gtk_grid_new();
	const size_t nmouse = sizeof(mouse) / sizeof(mouse[0]);
	const struct lttr_keybind *tb;
	size_t i, n, lines = nmouse, half, at = 0;

	tb = lttr_keys_table(&n);
	for (i = 0; i < n; i++)
		lines += (tb[i].fronts & LTTR_KF_GTK) != 0;
	half = (lines + 1) / 2;
	gtk_widget_set_name(dlg, "cheat-sheet");
	gtk_grid_set_column_spacing(GTK_GRID(grid), 16);
	gtk_container_set_border_width(GTK_CONTAINER(grid), 12);
	for (i = 0; i < n; i++) {
		if (tb[i].fronts & LTTR_KF_GTK) {
			char keys[64];

			add_line(grid, (int)(at / half), (int)(at % half),
				 lttr_keybind_keys(&tb[i], keys, sizeof(keys)),
				 lttr_kaction_help(tb[i].action));
			at++;
		}
	}
	for (i = 0; i < nmouse; i++, at++)
		add_line(grid, (int)(at / half), (int)(at % half), mouse[i][0], mouse[i][1]);
	gtk_container_add(GTK_CONTAINER(gtk_dialog_get_content_area(GTK_DIALOG(dlg))), grid);
	g_signal_connect(dlg, "response", G_CALLBACK(gtk_widget_destroy), NULL);
	gtk_widget_show_all(dlg);
}
