// SPDX-License-Identifier: GPL-2.0
/*
 * app.c - the window: a menu bar, a tab per open trace, File -> Open (in
 * this tab or a new one), the export of the graph shown to PNG or SVG,
 * errors in dialogs; and the two ways to run without a person: a
 * screenshot of the window as it appears (--screenshot), and the
 * benchmark (--bench) that times the paint of the graphs at every zoom
 * level in the process itself.
 */
#include <cairo-svg.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <lttr/view/keys.h>
#include "gv.h"

/* a window of its own beside the main one (firings, vital signs): titled
 * "NAME: DIR", named NAME for AT-SPI, its content box in @box */
GtkWidget *gv_app_side_window(struct gv_app *app, const char *name, const char *dir, int w,
			      int h, GtkWidget **box)
{
	GtkWidget *win = gtk_window_new(GTK_WINDOW_TOPLEVEL);
	char *title = g_strdup_printf("%s: %s", name, dir);

	gtk_window_set_title(GTK_WINDOW(win), title);
	g_free(title);
	atk_object_set_name(gtk_widget_get_accessible(win), name);
	gtk_window_set_default_size(GTK_WINDOW(win), w, h);
	gtk_window_set_transient_for(GTK_WINDOW(win), GTK_WINDOW(app->win));
	*box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
	gtk_container_set_border_width(GTK_CONTAINER(*box), 6);
	return win;
}

static double t_main;		/* when main() started, for the benchmark */

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

void gv_app_error(struct gv_app *app, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;
	GtkWidget *dlg;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	fprintf(stderr, "tracevisualizer-gtk: %s\n", msg);
	if (!app->win || app->screenshot || app->bench || app->quitting)
		return;
	dlg = gtk_message_dialog_new(GTK_WINDOW(app->win), GTK_DIALOG_MODAL, GTK_MESSAGE_ERROR,
				     GTK_BUTTONS_CLOSE, "%s", msg);
	gtk_widget_set_name(dlg, "error");
	gtk_dialog_run(GTK_DIALOG(dlg));
	gtk_widget_destroy(dlg);
}

static void sync_menu(struct gv_app *app, const struct gv_doc *d);

static struct gv_doc *current(struct gv_app *app)
{
	int i = gtk_notebook_get_current_page(GTK_NOTEBOOK(app->tabs));

	return i >= 0 && (size_t)i < app->ndocs ? app->docs[i] : NULL;
}

static void sync_menu(struct gv_app *app, const struct gv_doc *d);

static void close_doc(struct gv_app *app, size_t i)
{
	struct gv_doc *d = app->docs[i];

	gv_session_save(d);
	/* out of the list first: removing the page shows another tab, whose
	 * "switch-page" finds its document by its page (on_switch_page()) */
	memmove(&app->docs[i], &app->docs[i + 1], (app->ndocs - i - 1) * sizeof(*app->docs));
	app->ndocs--;
	/*
	 * The keyboard focus leaves the page before its widgets are
	 * unrealized: the key releases of the Ctrl+W that closes it must
	 * not be aimed at one of them.
	 */
	gtk_window_set_focus(GTK_WINDOW(app->win), NULL);
	gtk_notebook_remove_page(GTK_NOTEBOOK(app->tabs), (int)i);
	gv_doc_free(d);
	sync_menu(app, current(app));
}

/* open @dir in a new tab, or in place of the current one */
static bool open_trace(struct gv_app *app, const char *dir, struct gv_reading *rd,
		       bool new_tab)
{
	GError *error = NULL;
	struct gv_doc *d = gv_doc_open(app, dir, rd, &error), **n;
	GtkWidget *page, *label;
	char *base;
	int at;

	if (!d) {
		gv_app_error(app, "%s", error ? error->message : "cannot open the trace");
		g_clear_error(&error);
		app->status = 1;
		return false;
	}
	page = gv_tab_build(d);
	if (!page) {
		gv_app_error(app, "%s: out of memory", dir);
		gv_doc_free(d);
		app->status = 1;
		return false;
	}
	if (d->session_error) {	/* --session FILE asked for, not applied */
		gv_app_error(app, "--session: %s", d->session_error);
		app->status = 1;
	}
	if (!new_tab && app->ndocs) {
		at = gtk_notebook_get_current_page(GTK_NOTEBOOK(app->tabs));
		close_doc(app, (size_t)at);
	}
	n = realloc(app->docs, (app->ndocs + 1) * sizeof(*n));
	if (!n) {
		gv_doc_free(d);
		return false;
	}
	app->docs = n;
	app->docs[app->ndocs++] = d;
	base = g_path_get_basename(dir);
	label = gtk_label_new(base);
	atk_object_set_name(gtk_widget_get_accessible(label), base);
	g_free(base);
	gtk_widget_show_all(page);
	g_object_set_data(G_OBJECT(page), "gv-doc", d);
	at = gtk_notebook_append_page(GTK_NOTEBOOK(app->tabs), page, label);
	sync_menu(app, d);
	gtk_notebook_set_current_page(GTK_NOTEBOOK(app->tabs), at);
	return true;
}

struct gv_doc *gv_app_open_trace(struct gv_app *app, const char *dir)
{
	return open_trace(app, dir, NULL, true) ? app->docs[app->ndocs - 1] : NULL;
}

static char *choose(struct gv_app *app, const char *title, GtkFileChooserAction action,
		    const char *name)
{
	GtkWidget *dlg = gtk_file_chooser_dialog_new(title, GTK_WINDOW(app->win), action, "_Cancel",
						     GTK_RESPONSE_CANCEL, "_OK", GTK_RESPONSE_ACCEPT,
						     NULL);
	struct gv_doc *d = current(app);
	char *path = NULL, *at;

	/*
	 * The chooser starts beside the trace shown (or in the working
	 * folder): left to itself it starts in "Recent", where a folder's
	 * path typed after Ctrl+L is not taken and OK stays greyed.  Return
	 * in the typed path is OK.
	 */
	at = d ? g_path_get_dirname(d->s.dir) : g_get_current_dir();
	gtk_file_chooser_set_current_folder(GTK_FILE_CHOOSER(dlg), at);
	g_free(at);
	gtk_dialog_set_default_response(GTK_DIALOG(dlg), GTK_RESPONSE_ACCEPT);
	if (name)
		gtk_file_chooser_set_current_name(GTK_FILE_CHOOSER(dlg), name);
	if (action == GTK_FILE_CHOOSER_ACTION_SAVE)
		gtk_file_chooser_set_do_overwrite_confirmation(GTK_FILE_CHOOSER(dlg), TRUE);
	if (gtk_dialog_run(GTK_DIALOG(dlg)) == GTK_RESPONSE_ACCEPT)
		path = gtk_file_chooser_get_filename(GTK_FILE_CHOOSER(dlg));
	gtk_widget_destroy(dlg);
	return path;
}

static void on_open(GtkMenuItem *item, gpointer data)
{
	struct gv_app *app = data;
	bool new_tab = GPOINTER_TO_INT(g_object_get_data(G_OBJECT(item), "new-tab"));
	char *dir = choose(app, "Open a trace directory", GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
			   NULL);

	if (dir)
		open_trace(app, dir, NULL, new_tab || !app->ndocs);
	g_free(dir);
}

/* File -> Compare with...: the trace shown (A) against another run (B), in its Diff tab */
static void on_compare(GtkMenuItem *item, gpointer data)
{
	struct gv_app *app = data;
	struct gv_doc *d = current(app);
	GError *error = NULL;
	char *dir;

	(void)item;
	if (!d) {
		gv_app_error(app, "open a trace first: the one to compare another run with");
		return;
	}
	dir = choose(app, "Compare with another run (a trace directory)",
		     GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, NULL);
	if (dir && !gv_diff_open(d, dir, &error)) {
		gv_app_error(app, "%s", error ? error->message : "the comparison failed");
		g_clear_error(&error);
	}
	g_free(dir);
}

/* File -> Open audit...: the firings of a traced --rules session, in the Firings window */
static void on_open_audit(GtkMenuItem *item, gpointer data)
{
	struct gv_app *app = data;
	GError *error = NULL;
	char *dir;

	(void)item;
	dir = choose(app, "Open an audit (the trace directory of a traced --rules session)",
		     GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, NULL);
	if (dir && !gv_firings_open(app, dir, 10, &error)) {
		gv_app_error(app, "%s", error ? error->message : "the audit cannot be read");
		g_clear_error(&error);
	}
	g_free(dir);
}

/* a drawing as PNG (an image) or SVG (by its suffix), @wd x @ht */
static bool export_drawing(const char *path, int wd, int ht,
			   void (*draw)(void *obj, cairo_t *cr, int wd, int ht), void *obj,
			   GError **error)
{
	bool svg = g_str_has_suffix(path, ".svg");
	cairo_surface_t *s = svg ? cairo_svg_surface_create(path, wd, ht) :
		cairo_image_surface_create(CAIRO_FORMAT_RGB24, wd, ht);
	cairo_status_t st;
	cairo_t *cr = cairo_create(s);

	draw(obj, cr, wd, ht);
	cairo_destroy(cr);
	if (svg) {
		cairo_surface_finish(s);
		st = cairo_surface_status(s);
	} else {
		st = cairo_surface_write_to_png(s, path);
	}
	cairo_surface_destroy(s);
	if (st != CAIRO_STATUS_SUCCESS) {
		g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "%s: %s", path,
			    cairo_status_to_string(st));
		return false;
	}
	return true;
}

static void draw_graph(void *obj, cairo_t *cr, int wd, int ht)
{
	gv_graph_draw_to(obj, cr, wd, ht);
}

static void draw_paths(void *obj, cairo_t *cr, int wd, int ht)
{
	gv_paths_draw_to(obj, cr, wd, ht);
}

/* the graph shown, as an image of the size it has on the screen */
static bool export_graph(struct gv_doc *d, const char *path, GError **error)
{
	struct gv_graph *g = gtk_notebook_get_current_page(GTK_NOTEBOOK(d->graphs)) ? d->res : d->flow;
	GtkWidget *w = gv_graph_area(g);	/* the drawing, not its scrollbar */

	return export_drawing(path, gtk_widget_get_allocated_width(w),
			      gtk_widget_get_allocated_height(w), draw_graph, g, error);
}

/* the Paths tab's graph, whole (also the part scrolled out of sight) */
static bool export_paths(struct gv_doc *d, const char *path, GError **error)
{
	int wd, ht;

	if (!gv_paths_size(d->paths, &wd, &ht)) {
		g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_FAILED,
			    "the Paths tab shows no graph (open it first, on a trace with messages)");
		return false;
	}
	return export_drawing(path, wd, ht, draw_paths, d->paths, error);
}

static void on_export(GtkMenuItem *item, gpointer data)
{
	struct gv_app *app = data;
	struct gv_doc *d = current(app);
	const char *kind = g_object_get_data(G_OBJECT(item), "kind");
	GError *error = NULL;
	char *path;
	bool good, paths = g_str_has_prefix(kind, "paths-");

	if (!d)
		return;
	if (paths && !gv_paths_size(d->paths, &(int){ 0 }, &(int){ 0 })) {
		gv_app_error(app, "the Paths tab shows no graph (open it first, on a trace with messages)");
		return;
	}
	path = choose(app, "Export", GTK_FILE_CHOOSER_ACTION_SAVE,
		      !strcmp(kind, "csv") ? "table.csv" : !strcmp(kind, "svg") ? "view.svg" :
		      !strcmp(kind, "png") ? "view.png" : !strcmp(kind, "paths-svg") ? "paths.svg" :
		      "paths.png");
	if (!path)
		return;
	good = !strcmp(kind, "csv") ? gv_export_csv(d, path, &error) :
		paths ? export_paths(d, path, &error) : export_graph(d, path, &error);
	if (good)
		gv_doc_message(d, false, "written: %s", path);
	else
		gv_app_error(app, "%s", error ? error->message : "export failed");
	g_clear_error(&error);
	g_free(path);
}

/*
 * The tab is closed once the event that asked for it (Ctrl+W, a menu
 * click) is done: destroying the widgets that event is still being
 * delivered to (the focus, the one under the pointer) makes GTK deliver
 * the rest of it to unrealized widgets.  And once no long operation runs:
 * one that shows its progress runs the main loop, this among the rest, and
 * works on the document; it is canceled, and the closing tried again soon.
 */
static bool wait_idle(struct gv_app *app, GSourceFunc retry)
{
	if (!gv_progress_running())
		return false;
	gv_progress_cancel_all();
	g_timeout_add(50, retry, app);
	return true;
}

static gboolean close_current(gpointer data)
{
	struct gv_app *app = data;
	int i;

	if (!app->win)	/* the window went meanwhile, its tabs with it */
		return G_SOURCE_REMOVE;
	if (wait_idle(app, close_current))
		return G_SOURCE_REMOVE;
	i = gtk_notebook_get_current_page(GTK_NOTEBOOK(app->tabs));
	if (i >= 0 && (size_t)i < app->ndocs)
		close_doc(app, (size_t)i);
	return G_SOURCE_REMOVE;
}

static void on_close(GtkMenuItem *item, gpointer data)
{
	(void)item;
	g_idle_add(close_current, data);
}

static gboolean quit_now(gpointer data)
{
	struct gv_app *app = data;

	app->quitting = true;
	if (app->win && !wait_idle(app, quit_now))	/* not closed meanwhile */
		gtk_widget_destroy(app->win);
	return G_SOURCE_REMOVE;
}

/* as a tab is closed: once the event that asked for it is done */
static void on_quit(GtkMenuItem *item, gpointer data)
{
	(void)item;
	g_idle_add(quit_now, data);
}

/* the window manager's close button, Alt+F4: the same, as late */
static gboolean on_delete(GtkWidget *w, GdkEvent *ev, gpointer data)
{
	(void)w;
	(void)ev;
	g_idle_add(quit_now, data);
	return TRUE;
}

static void on_view(GtkMenuItem *item, gpointer data)
{
	struct gv_app *app = data;
	struct gv_doc *d = current(app);

	if (d)
		gv_tab_show_view(d, GPOINTER_TO_INT(g_object_get_data(G_OBJECT(item), "view")));
}

static void on_critpath(GtkMenuItem *item, gpointer data)
{
	struct gv_doc *d = current(data);

	(void)item;
	if (d && d->s.sel_pid)
		gv_critpath_show(d, d->s.sel_pid, 0, UINT64_MAX);
	else if (d)
		gv_doc_message(d, true, "select a task first (click its row)");
}

static void on_active(GtkCheckMenuItem *item, gpointer data)
{
	struct gv_doc *d = current(data);

	if (!d)
		return;
	gv_doc_changed(d, GV_FILTER | lttr_session_set_active_only(&d->s,
				   gtk_check_menu_item_get_active(item)));
}

static void on_idle_open(GtkCheckMenuItem *item, gpointer data)
{
	struct gv_doc *d = current(data);

	if (d)
		gv_doc_changed(d, lttr_session_set_idle_open(&d->s,
							     gtk_check_menu_item_get_active(item)));
}

static void on_sort(GtkCheckMenuItem *item, gpointer data)
{
	struct gv_doc *d = current(data);

	if (!d || !gtk_check_menu_item_get_active(item))
		return;
	gv_doc_changed(d, GV_ROWS | lttr_session_set_row_sort(&d->s, (unsigned int)GPOINTER_TO_INT(
		g_object_get_data(G_OBJECT(item), "sort"))));
}

/* the menu's checks follow the tab shown (its session may have set them) */
static void sync_menu(struct gv_app *app, const struct gv_doc *d)
{
	GtkWidget *it;

	if (!app->active_item || !d)
		return;
	g_signal_handlers_block_by_func(app->active_item, G_CALLBACK(on_active), app);
	gtk_check_menu_item_set_active(GTK_CHECK_MENU_ITEM(app->active_item), d->s.active_only);
	g_signal_handlers_unblock_by_func(app->active_item, G_CALLBACK(on_active), app);
	if (app->idle_item) {
		g_signal_handlers_block_by_func(app->idle_item, G_CALLBACK(on_idle_open), app);
		gtk_check_menu_item_set_active(GTK_CHECK_MENU_ITEM(app->idle_item), d->s.idle_open);
		g_signal_handlers_unblock_by_func(app->idle_item, G_CALLBACK(on_idle_open), app);
	}
	it = app->sort_items[d->s.row_sort < 4 ? d->s.row_sort : 0];
	g_signal_handlers_block_by_func(it, G_CALLBACK(on_sort), app);
	gtk_check_menu_item_set_active(GTK_CHECK_MENU_ITEM(it), TRUE);
	g_signal_handlers_unblock_by_func(it, G_CALLBACK(on_sort), app);
}

static void on_switch_page(GtkNotebook *nb, GtkWidget *page, guint num, gpointer data)
{
	struct gv_app *app = data;

	(void)nb;
	(void)num;	/* while a tab is closed, an index of the notebook's old list */
	sync_menu(app, g_object_get_data(G_OBJECT(page), "gv-doc"));
}

static void on_filters(GtkMenuItem *item, gpointer data)
{
	struct gv_doc *d = current(data);

	(void)item;
	if (d)
		gv_filters_dialog(d);
}

static void on_keys(GtkMenuItem *item, gpointer data)
{
	struct gv_app *app = data;

	(void)item;
	gv_cheat_sheet(GTK_WINDOW(app->win));
}

/* @action's key in the keymap (lttr/view/keys.h) its accelerator, with Alt for @alt */
static GtkWidget *menu_item(GtkWidget *menu, const char *label, GCallback cb, gpointer data,
			    GtkAccelGroup *accel, enum lttr_kaction action, bool alt)
{
	GtkWidget *it = gtk_menu_item_new_with_mnemonic(label);
	GdkModifierType mods;
	guint key;

	gtk_menu_shell_append(GTK_MENU_SHELL(menu), it);
	if (cb)
		g_signal_connect(it, "activate", cb, data);
	gv_key_accel(action, &key, &mods);
	if (alt)
		mods |= GDK_MOD1_MASK;
	if (key && accel)
		gtk_widget_add_accelerator(it, "activate", accel, key, mods, GTK_ACCEL_VISIBLE);
	return it;
}

static GtkWidget *menus(struct gv_app *app, GtkAccelGroup *accel)
{
	static const char *const views[] = { "_Control flow", "_Resources", "_Processes",
		"_Events", "_Statistics", "P_aths", "_Latency", "_Flame graph", "_Jobs and CPU load" };
	/* enum gv_view's keymap actions */
	static const enum lttr_kaction view_action[GV_VIEW_COUNT] = { LTTR_KA_VIEW_1,
		LTTR_KA_VIEW_2, LTTR_KA_VIEW_3, LTTR_KA_VIEW_6, LTTR_KA_VIEW_4, LTTR_KA_VIEW_7,
		LTTR_KA_VIEW_8, LTTR_KA_STACKS, LTTR_KA_JOBS };
	GtkWidget *bar = gtk_menu_bar_new(), *m, *top, *it;
	int v;

	m = gtk_menu_new();
	top = gtk_menu_item_new_with_mnemonic("_File");
	gtk_menu_item_set_submenu(GTK_MENU_ITEM(top), m);
	gtk_menu_shell_append(GTK_MENU_SHELL(bar), top);
	menu_item(m, "_Open trace...", G_CALLBACK(on_open), app, accel, LTTR_KA_OPEN_TRACE, false);
	it = menu_item(m, "Open trace in a new _tab...", G_CALLBACK(on_open), app, accel,
		       LTTR_KA_OPEN_TAB, false);
	g_object_set_data(G_OBJECT(it), "new-tab", GINT_TO_POINTER(1));
	menu_item(m, "Co_mpare with...", G_CALLBACK(on_compare), app, NULL, LTTR_KA_NONE, false);
	menu_item(m, "Open a_udit...", G_CALLBACK(on_open_audit), app, accel, LTTR_KA_OPEN_AUDIT,
		  false);
	it = menu_item(m, "_Export graph as PNG...", G_CALLBACK(on_export), app, accel,
		       LTTR_KA_EXPORT, false);
	g_object_set_data(G_OBJECT(it), "kind", (gpointer)"png");
	it = menu_item(m, "Export graph as _SVG...", G_CALLBACK(on_export), app, NULL, 0, 0);
	g_object_set_data(G_OBJECT(it), "kind", (gpointer)"svg");
	it = menu_item(m, "Export table as _CSV...", G_CALLBACK(on_export), app, NULL, 0, 0);
	g_object_set_data(G_OBJECT(it), "kind", (gpointer)"csv");
	it = menu_item(m, "Export paths graph as P_NG...", G_CALLBACK(on_export), app, NULL, 0, 0);
	g_object_set_data(G_OBJECT(it), "kind", (gpointer)"paths-png");
	it = menu_item(m, "Export paths graph as S_VG...", G_CALLBACK(on_export), app, NULL, 0, 0);
	g_object_set_data(G_OBJECT(it), "kind", (gpointer)"paths-svg");
	menu_item(m, "_Close tab", G_CALLBACK(on_close), app, accel, LTTR_KA_CLOSE_TAB, false);
	menu_item(m, "_Quit", G_CALLBACK(on_quit), app, accel, LTTR_KA_QUIT, false);
	m = gtk_menu_new();
	top = gtk_menu_item_new_with_mnemonic("_View");
	gtk_menu_item_set_submenu(GTK_MENU_ITEM(top), m);
	gtk_menu_shell_append(GTK_MENU_SHELL(bar), top);
	for (v = 0; v < GV_VIEW_COUNT; v++) {
		/* Alt and the view's number in the keymap, the TUI's */
		it = menu_item(m, views[v], G_CALLBACK(on_view), app, accel, view_action[v], true);
		g_object_set_data(G_OBJECT(it), "view", GINT_TO_POINTER(v));
	}
	/* the critical path of the task selected (gv_tab_key(): C) */
	menu_item(m, "Critical _path of the selected task", G_CALLBACK(on_critpath), app, NULL,
		  LTTR_KA_NONE, false);
	it = gtk_check_menu_item_new_with_mnemonic("_Active rows only");
	gtk_menu_shell_append(GTK_MENU_SHELL(m), it);
	g_signal_connect(it, "toggled", G_CALLBACK(on_active), app);
	app->active_item = it;
	{	/* the control flow's rows, processes and their threads each sorted */
		/* enum lttr_vsort; Ctrl+P restores pid order */
		static const char *const sorts[4] = {
			"Rows: the traced _command first, then the busiest",
			"Rows by _pid", "Rows by _name", "Rows by _time running in the window" };
		GSList *group = NULL;
		int k;

		for (k = 0; k < 4; k++) {
			it = gtk_radio_menu_item_new_with_mnemonic(group, sorts[k]);
			group = gtk_radio_menu_item_get_group(GTK_RADIO_MENU_ITEM(it));
			g_object_set_data(G_OBJECT(it), "sort", GINT_TO_POINTER(k));
			gtk_menu_shell_append(GTK_MENU_SHELL(m), it);
			g_signal_connect(it, "toggled", G_CALLBACK(on_sort), app);
			app->sort_items[k] = it;
			if (k == LTTR_VSORT_PID) {
				GdkModifierType mods;
				guint key;

				gv_key_accel(LTTR_KA_ROWS_BY_PID, &key, &mods);
				gtk_widget_add_accelerator(it, "activate", accel, key, mods,
							   GTK_ACCEL_VISIBLE);
			}
		}
	}
	/*
	 * the group row of the idle kernel threads (the first screen's order);
	 * its key, i, is the graph's (gv_tab_key()), not an accelerator, which
	 * would take the letter from the search entry, as for A
	 */
	it = gtk_check_menu_item_new_with_mnemonic("Show the _idle kernel threads");
	gtk_menu_shell_append(GTK_MENU_SHELL(m), it);
	g_signal_connect(it, "toggled", G_CALLBACK(on_idle_open), app);
	app->idle_item = it;
	menu_item(m, "_Filters...", G_CALLBACK(on_filters), app, accel, LTTR_KA_FILTERS, false);
	m = gtk_menu_new();
	top = gtk_menu_item_new_with_mnemonic("_Help");
	gtk_menu_item_set_submenu(GTK_MENU_ITEM(top), m);
	gtk_menu_shell_append(GTK_MENU_SHELL(bar), top);
	menu_item(m, "_Keys", G_CALLBACK(on_keys), app, NULL, LTTR_KA_NONE, false);
	return bar;
}

static gboolean on_key(GtkWidget *w, GdkEventKey *ev, gpointer data)
{
	struct gv_app *app = data;
	GtkWidget *focus = gtk_window_get_focus(GTK_WINDOW(w));
	struct gv_doc *d = current(app);

	/*
	 * An entry keeps every key (Ctrl+A selects its text; the menus'
	 * accelerators still work).  A list keeps the keys that move in it;
	 * the others (m, W, A, D, ...) are the views' keys.
	 */
	if (focus && GTK_IS_ENTRY(focus))
		return FALSE;
	/* a drawing that moves with the arrows (the Paths tab's graph) */
	if (focus && g_object_get_data(G_OBJECT(focus), "gv-own-keys")) {
		switch (ev->keyval) {
		case GDK_KEY_Up: case GDK_KEY_Down: case GDK_KEY_Left: case GDK_KEY_Right:
		case GDK_KEY_Return: case GDK_KEY_KP_Enter: case GDK_KEY_space:
			return FALSE;
		default:
			break;
		}
	}
	if (focus && GTK_IS_TREE_VIEW(focus)) {
		switch (ev->keyval) {
		case GDK_KEY_Up: case GDK_KEY_Down: case GDK_KEY_Left: case GDK_KEY_Right:
		case GDK_KEY_Page_Up: case GDK_KEY_Page_Down: case GDK_KEY_Home:
		case GDK_KEY_End: case GDK_KEY_Return: case GDK_KEY_KP_Enter:
		case GDK_KEY_space: case GDK_KEY_Tab: case GDK_KEY_ISO_Left_Tab:
			return FALSE;
		default:
			break;
		}
	}
	return d && gv_tab_key(d, ev);
}

static void on_destroy(GtkWidget *w, gpointer data)
{
	struct gv_app *app = data;

	(void)w;
	while (app->ndocs)
		close_doc(app, app->ndocs - 1);
	app->win = NULL;
}

/*
 * --screenshot: the window as it appears on the screen, read back from the
 * display once every pending redraw is done (what gtk_widget_draw() would
 * render offscreen lacks the tree views' headers); offscreen only when the
 * display cannot give it back
 */
static gboolean read_back(gpointer data)
{
	struct gv_app *app = data;
	int wd, ht;
	cairo_status_t st;
	GError *error = NULL;
	GdkPixbuf *pb;

	gdk_display_sync(gtk_widget_get_display(app->win));
	wd = gtk_widget_get_allocated_width(app->win);
	ht = gtk_widget_get_allocated_height(app->win);
	pb = gdk_pixbuf_get_from_window(gtk_widget_get_window(app->win), 0, 0, wd, ht);
	if (pb) {
		st = gdk_pixbuf_save(pb, app->screenshot, "png", &error, NULL) ?
			CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
		if (error)
			fprintf(stderr, "tracevisualizer-gtk: %s\n", error->message);
		g_clear_error(&error);
		g_object_unref(pb);
	} else {
		cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, wd, ht);
		cairo_t *cr = cairo_create(s);

		gtk_widget_draw(app->win, cr);
		cairo_destroy(cr);
		st = cairo_surface_write_to_png(s, app->screenshot);
		cairo_surface_destroy(s);
	}
	if (st != CAIRO_STATUS_SUCCESS) {
		fprintf(stderr, "tracevisualizer-gtk: %s: %s\n", app->screenshot,
			cairo_status_to_string(st));
		app->status = 1;
	}
	/* --dump-cells: the graph shown, as it was just drawn */
	if (app->dump_cells && app->ndocs) {
		struct gv_doc *d = app->docs[0];
		FILE *f = fopen(app->dump_cells, "w");

		if (f) {
			gv_graph_dump(gtk_notebook_get_current_page(GTK_NOTEBOOK(d->graphs)) ?
				      d->res : d->flow, app->win, f);
			if (fclose(f))
				f = NULL;
		}
		if (!f) {
			fprintf(stderr, "tracevisualizer-gtk: %s: %s\n", app->dump_cells,
				g_strerror(errno));
			app->status = 1;
		}
	}
	/* --dump-paths: the Paths tab, as it was just drawn */
	if (app->dump_paths && app->ndocs) {
		FILE *f = app->docs[0]->paths ? fopen(app->dump_paths, "w") : NULL;

		if (f) {
			gv_paths_dump(app->docs[0]->paths, app->win, f);
			if (fclose(f))
				f = NULL;
		}
		if (!f) {
			fprintf(stderr, "tracevisualizer-gtk: %s: %s\n", app->dump_paths,
				app->docs[0]->paths ? g_strerror(errno) : "no Paths tab");
			app->status = 1;
		}
	}
	/* --dump-flame: the Flame graph tab, as it was just drawn */
	if (app->dump_flame && app->ndocs) {
		FILE *f = app->docs[0]->flame ? fopen(app->dump_flame, "w") : NULL;

		if (f) {
			gv_flame_dump(app->docs[0], app->win, f);
			if (fclose(f))
				f = NULL;
		}
		if (!f) {
			fprintf(stderr, "tracevisualizer-gtk: %s: %s\n", app->dump_flame,
				app->docs[0]->flame ? g_strerror(errno) : "no Flame graph tab");
			app->status = 1;
		}
	}
	gtk_widget_destroy(app->win);
	return G_SOURCE_REMOVE;
}

/* the frame painted after shoot()'s layout: read back once it is done */
static void painted(GdkFrameClock *fc, gpointer data)
{
	g_signal_handlers_disconnect_by_func(fc, G_CALLBACK(painted), data);
	g_idle_add_full(G_PRIORITY_LOW, read_back, data, NULL);
}

static gboolean shoot(gpointer data)
{
	struct gv_app *app = data;
	GError *error = NULL;
	int n;

	/* --export-csv: the table shown, as the window shows it */
	if (app->export_csv && app->ndocs &&
	    !gv_export_csv(app->docs[0], app->export_csv, &error)) {
		fprintf(stderr, "tracevisualizer-gtk: %s\n", error ? error->message : "export failed");
		g_clear_error(&error);
		app->status = 1;
	}
	/* a view that changed since the first frame (a label's new text)
	 * asked for a new layout: done now, or nothing would be drawn */
	gtk_container_check_resize(GTK_CONTAINER(app->win));
	for (n = 0; n < 1000 && gtk_events_pending(); n++)
		gtk_main_iteration_do(FALSE);
	/*
	 * The read-back waits for a whole frame painted after that layout:
	 * the frame clock paints on a timer of its own, not an event, so a
	 * redraw the layout asked for could still be due when no event is
	 * pending (a loaded machine's screenshot then showed the graph of
	 * the frame before its --dump-cells: 44-gtk.t, a CI run)
	 */
	gtk_widget_queue_draw(app->win);
	g_signal_connect(gtk_widget_get_frame_clock(app->win), "after-paint",
			 G_CALLBACK(painted), app);
	return G_SOURCE_REMOVE;
}

static double pct(double *v, int n, double p)
{
	int i, j;

	for (i = 1; i < n; i++)	/* insertion sort: a few hundred values */
		for (j = i; j > 0 && v[j - 1] > v[j]; j--) {
			double x = v[j];

			v[j] = v[j - 1];
			v[j - 1] = x;
		}
	return n ? v[(int)floor(p * (n - 1) + 0.5)] : 0;
}

static long status_kb(const char *key)
{
	char line[256];
	long v = -1;
	FILE *f = fopen("/proc/self/status", "r");

	while (f && fgets(line, sizeof(line), f))
		if (!strncmp(line, key, strlen(key)))
			v = strtol(line + strlen(key) + 1, NULL, 10);
	if (f)
		fclose(f);
	return v;
}

/*
 * --bench: open to first frame, then the paint of each graph at every
 * zoom level (the whole trace halved down to one nanosecond per pixel)
 * into an image of the window's size (--size) with rows 1/200 of its
 * height: five paints that compute every row's cells (as after a zoom or
 * a pan) and ten repaints of the same window (cursor moved, expose), JSON
 * on stdout
 */
static gboolean bench(gpointer data)
{
	struct gv_app *app = data;
	struct gv_doc *d = app->docs[0];
	struct gv_graph *gs[2] = { d->flow, d->res };
	double first = app->t_first;
	int k;

	printf("{\"first_frame_ms\": %.3f, \"gtk_ms\": %.3f, \"read_ms\": %.3f, \"draw_ms\": %.3f, "
	       "\"events\": %llu, \"rss_anon_kb\": %ld, \"views\": [",
	       first, app->t_activate, app->t_opened - app->t_activate, first - app->t_opened,
	       (unsigned long long)lttr_view_count(d->s.v, 0, UINT64_MAX), status_kb("RssAnon"));
	for (k = 0; k < 2; k++) {
		/* the graph alone at the window's size, 200 rows high */
		int wd = app->width, ht = app->height;
		cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, wd, ht);
		cairo_t *cr = cairo_create(s);
		int level = 0, i;

		/*
		 * The image's memory written once before the timing: the first
		 * paint into a new image surface faulted its 8 MB in (3 to 10
		 * ms more than the next paints at 1920x1080), which a window
		 * does not (GTK paints into a surface of the X server)
		 */
		cairo_set_source_rgb(cr, 1, 1, 1);
		cairo_paint(cr);
		gv_graph_fit_rows(gs[k], 200, ht);
		lttr_session_all(&d->s);
		printf("%s{\"view\": \"%s\", \"width\": %d, \"height\": %d, \"rows\": %d, \"levels\": [",
		       k ? ", " : "", k ? "resources" : "flow", wd, ht, gv_graph_rows_shown(gs[k]));
		for (;;) {
			double ms[10], fresh[5];
			uint64_t span = d->s.vp.t1 - d->s.vp.t0;

			/* a paint after a zoom computes every row's cells... */
			for (i = 0; i < 5; i++) {
				gv_doc_changed(d, GV_WINDOW | GV_FILTER);
				gv_graph_draw_to(gs[k], cr, wd, ht);
				fresh[i] = gv_graph_last_draw_ms(gs[k], true);
			}
			/* ... a repaint of the same window draws them again */
			for (i = 0; i < 10; i++) {
				gv_graph_draw_to(gs[k], cr, wd, ht);
				ms[i] = gv_graph_last_draw_ms(gs[k], false);
			}
			/* every paint's time too: the script pools the sessions' */
			printf("%s{\"span_ns\": %llu, \"zoom_ms\": [", level ? ", " : "",
			       (unsigned long long)span);
			for (i = 0; i < 5; i++)
				printf("%s%.3f", i ? ", " : "", fresh[i]);
			printf("], \"redraw_ms\": [");
			for (i = 0; i < 10; i++)
				printf("%s%.3f", i ? ", " : "", ms[i]);
			printf("], \"zoom_p50_ms\": %.3f, \"zoom_max_ms\": %.3f, "
			       "\"redraw_p50_ms\": %.3f, \"redraw_p95_ms\": %.3f}",
			       pct(fresh, 5, 0.5), pct(fresh, 5, 1.0), pct(ms, 10, 0.5),
			       pct(ms, 10, 0.95));
			lttr_session_set_min_span(&d->s, (uint64_t)(wd > 0 ? wd : 1));
			lttr_session_zoom(&d->s, 1, 2);
			if (d->s.vp.t1 - d->s.vp.t0 >= span)
				break;
			level++;
		}
		printf("]}");
		cairo_destroy(cr);
		cairo_surface_destroy(s);
	}
	printf("], \"rss_anon_kb_end\": %ld}\n", status_kb("RssAnon"));
	fflush(stdout);
	gtk_widget_destroy(app->win);
	return G_SOURCE_REMOVE;
}

static gboolean first_frame(GtkWidget *w, cairo_t *cr, gpointer data)
{
	(void)cr;
	g_signal_handlers_disconnect_by_func(w, G_CALLBACK(first_frame), data);
	/* after every other pending redraw */
	g_idle_add_full(G_PRIORITY_LOW, shoot, data, NULL);
	return FALSE;
}

/*
 * --bench: the first frame is the one whose paint draws the control flow
 * (its drawing area has a window of its own: the frames that repaint it
 * alone do not draw its parent), done when the frame clock's paint phase
 * is over for the whole window.
 */
static void first_paint_done(GdkFrameClock *fc, gpointer data)
{
	struct gv_app *app = data;

	if (!app->ndocs || gv_graph_last_draw_ms(app->docs[0]->flow, false) <= 0)
		return;		/* a frame without it */
	g_signal_handlers_disconnect_by_func(fc, G_CALLBACK(first_paint_done), data);
	app->t_first = now_ms() - t_main;
	g_idle_add(bench, app);
}

/* the command line's options on trace @d: false when --window is not in it (said) */
static bool apply_options(struct gv_app *app, struct gv_doc *d)
{
	uint64_t s = lttr_trace_header(d->s.t)->start_ns, from, to;
	struct lttr_time_span span = { s, lttr_trace_end_ns(d->s.t) };

	if (span.end < s)
		span.end = s;
	if (app->window) {
		char msg[256];

		if (lttr_parse_trace_window(app->window, &span, &from, &to, msg, sizeof(msg))) {
			gv_app_error(app, "--window %s: %s", app->window, msg);
			app->status = 2;
			return false;
		}
		lttr_session_show(&d->s, s + from, s + to);
		lttr_session_set_cursor(&d->s, d->s.vp.t0);
	}
	if (app->pids) {
		char expr[512] = "";
		char *save = NULL, *copy = g_strdup(app->pids), *p;
		size_t n = 0;
		struct lttr_error err;

		for (p = strtok_r(copy, ",", &save); p && n + 32 < sizeof(expr);
		     p = strtok_r(NULL, ",", &save))
			n += (size_t)snprintf(expr + n, sizeof(expr) - n, "%spid == %s",
					      n ? " || " : "", p);
		g_free(copy);
		lttr_session_set_filter(&d->s, NULL, NULL);
		lttr_session_set_filter(&d->s, expr, &err);
		if (!err.code) {
			lttr_session_set_filter_hide(&d->s, true);
		} else {
			gv_app_error(app, "--pid: %s", err.msg);
		}
	}
	gv_tab_show_view(d, app->view);
	gv_doc_changed(d, GV_ALL);
	/* --diff A B: the Diff tab of A, shown */
	if (app->diff_b && app->ndocs == 1) {
		GError *error = NULL;

		if (!gv_diff_open(d, app->diff_b, &error)) {
			gv_app_error(app, "--diff: %s", error ? error->message : "failed");
			g_clear_error(&error);
			app->status = 1;
			return false;
		}
	}
	/* --lesson: its panel in the first tab, its step shown (after --window) */
	if (app->lesson && app->ndocs == 1 && !gv_lesson_attach(d, app->lesson, app->lesson_step)) {
		gv_app_error(app, "--lesson: its step %zu cannot be shown", app->lesson_step + 1);
		app->status = 2;
		return false;
	}
	return true;
}

static void activate(GtkApplication *gapp, gpointer data)
{
	struct gv_app *app = data;
	GtkAccelGroup *accel = gtk_accel_group_new();
	GtkWidget *box;
	char **dirs = g_object_get_data(G_OBJECT(gapp), "dirs");
	int i;
	bool bad_window = false;

	app->t_activate = now_ms() - t_main;
	app->win = gtk_application_window_new(gapp);
	gtk_window_set_title(GTK_WINDOW(app->win), "tracevisualizer");
	gtk_window_set_default_size(GTK_WINDOW(app->win), app->width, app->height);
	gtk_window_add_accel_group(GTK_WINDOW(app->win), accel);
	atk_object_set_name(gtk_widget_get_accessible(app->win), "tracevisualizer");
	box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
	gtk_box_pack_start(GTK_BOX(box), menus(app, accel), FALSE, FALSE, 0);
	app->tabs = gtk_notebook_new();
	gtk_widget_set_name(app->tabs, "traces");
	gtk_notebook_set_scrollable(GTK_NOTEBOOK(app->tabs), TRUE);
	g_signal_connect(app->tabs, "switch-page", G_CALLBACK(on_switch_page), app);
	gtk_box_pack_start(GTK_BOX(box), app->tabs, TRUE, TRUE, 0);
	gtk_container_add(GTK_CONTAINER(app->win), box);
	g_signal_connect(app->win, "key-press-event", G_CALLBACK(on_key), app);
	g_signal_connect(app->win, "destroy", G_CALLBACK(on_destroy), app);
	g_signal_connect(app->win, "delete-event", G_CALLBACK(on_delete), app);
	gtk_widget_show_all(app->win);
	for (i = 0; dirs && dirs[i]; i++) {
		struct gv_reading *rd = i < app->nreadings ? app->readings[i] : NULL;

		if (app->quitting) {	/* Ctrl+Q while an earlier one was read */
			if (rd) {
				gv_read_cancel(rd);
				gv_doc_free(gv_doc_open(app, dirs[i], rd, NULL));
			}
			continue;
		}
		if (open_trace(app, dirs[i], rd, true) &&
		    !apply_options(app, app->docs[app->ndocs - 1]))
			bad_window = true;
	}
	if (app->audit) {	/* --audit DIR: its Firings window */
		GError *error = NULL;

		if (!gv_firings_open(app, app->audit, app->audit_top ? app->audit_top : 10, &error)) {
			gv_app_error(app, "--audit: %s", error ? error->message : "failed");
			g_clear_error(&error);
			app->status = 1;
		}
	}
	if (app->vitals_dir) {	/* --vitals DIR: its Vital signs window */
		GError *error = NULL;

		if (!gv_vitals_open(app, app->vitals_dir, app->vitals_trace, &error)) {
			gv_app_error(app, "--vitals: %s", error ? error->message : "failed");
			g_clear_error(&error);
			app->status = 1;
		}
	}
	app->t_opened = now_ms() - t_main;
	if (app->session && app->status)	/* --session FILE unreadable */
		bad_window = true;
	/* a screenshot or a benchmark of what was not asked for is not taken */
	if ((app->screenshot || app->bench) && (!app->ndocs || bad_window)) {
		gtk_widget_destroy(app->win);
		return;
	}
	/* the benchmark times the control flow's first frame; a screenshot
	 * waits for the window's, whatever view it shows */
	if (app->bench && app->ndocs)
		g_signal_connect(gtk_widget_get_frame_clock(app->win), "after-paint",
				 G_CALLBACK(first_paint_done), app);
	else if (app->screenshot && app->ndocs)
		g_signal_connect_after(app->win, "draw", G_CALLBACK(first_frame), app);
}

void gv_app_started(void)
{
	t_main = now_ms();
}

int gv_app_run(struct gv_app *app, int argc, char **argv)
{
	char *args[] = { argv[0], NULL };
	int r;

	app->gapp = gtk_application_new("org.ltt.tracevisualizer", G_APPLICATION_NON_UNIQUE);
	g_object_set_data(G_OBJECT(app->gapp), "dirs", argv + 1);
	g_signal_connect(app->gapp, "activate", G_CALLBACK(activate), app);
	(void)argc;
	r = g_application_run(G_APPLICATION(app->gapp), 1, args);
	g_object_unref(app->gapp);
	if (app->firings)
		app->old_firings = g_list_prepend(app->old_firings, app->firings);
	app->firings = NULL;
	gv_firings_free_all(app);
	gv_vitals_close(app);
	return app->status ? app->status : r;
}
