// SPDX-License-Identifier: GPL-2.0
/*
 * filters.c - the filters dialog (View -> Filters, Ctrl+L): check lists
 * of event types, tasks and CPUs, a free expression, dim or hide.  The
 * choices become ONE expression of the filter language (docs/filter.md),
 * set as the document's filter, so that the events list, the search and
 * the graphs' rows all filter through the library alike.
 *
 * The expression must hold for events and for the graphs' rows, which
 * know only pid, comm and cpu (lttr_filter_match_row()): a comparison on
 * a field a row does not have is false there.  Each part therefore lets
 * the rows it does not concern through:
 *
 *   (!type || type == a || ...)            "type" is missing only on rows
 *   (!(pid >= 0) || pid == 1 || ...)       rows without a pid (CPUs, irqs)
 *   (!(cpu >= 0) || cpu == 0 || ...)       rows without a cpu (tasks, irqs)
 *
 * When most items of a list are checked, the few left out are excluded
 * instead: (!type || !(type == a || ...)).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gv.h"

enum { C_ON, C_ID, C_LABEL, C_NCOLS };

/* what the dialog built last, to show it again when it is still the filter */
struct choice {
	char *built;		/* the expression set */
	GHashTable *types;	/* checked: ids, pids, cpus (+1) */
	GHashTable *pids;
	GHashTable *cpus;
	char *expr;
	bool hide;
};

struct dialog {
	struct gv_doc *d;
	GtkWidget *dlg;
	GtkListStore *types;
	GtkListStore *tasks;
	GtkListStore *cpus;
	GtkWidget *expr;
	GtkWidget *hide;
	GtkWidget *result;
};

static void choice_free(gpointer data)
{
	struct choice *c = data;

	if (!c)
		return;
	g_free(c->built);
	g_free(c->expr);
	if (c->types)
		g_hash_table_destroy(c->types);
	if (c->pids)
		g_hash_table_destroy(c->pids);
	if (c->cpus)
		g_hash_table_destroy(c->cpus);
	g_free(c);
}

/* one part of the expression from a check list, or "" when it does not constrain */
static void list_part(GtkListStore *s, const char *field, const char *guard, bool names,
		      GString *out)
{
	GtkTreeModel *m = GTK_TREE_MODEL(s);
	GtkTreeIter it;
	GString *on = g_string_new(""), *off = g_string_new("");
	unsigned int non = 0, noff = 0;
	gboolean more;

	for (more = gtk_tree_model_get_iter_first(m, &it); more;
	     more = gtk_tree_model_iter_next(m, &it)) {
		gboolean is_on;
		guint id;
		gchar *label;
		GString *g;

		gtk_tree_model_get(m, &it, C_ON, &is_on, C_ID, &id, C_LABEL, &label, -1);
		g = is_on ? on : off;
		if (names)
			g_string_append_printf(g, "%s%s == %s", g->len ? " || " : "", field, label);
		else
			g_string_append_printf(g, "%s%s == %u", g->len ? " || " : "", field, id);
		if (is_on)
			non++;
		else
			noff++;
		g_free(label);
	}
	/* none checked or all: no constraint */
	if (non && noff) {
		if (out->len)
			g_string_append(out, " && ");
		if (noff < non)
			g_string_append_printf(out, "(%s || !(%s))", guard, off->str);
		else
			g_string_append_printf(out, "(%s || %s)", guard, on->str);
	}
	g_string_free(on, TRUE);
	g_string_free(off, TRUE);
}

/* the expression of the dialog's choices ("": no filter) */
static char *build(struct dialog *g)
{
	GString *s = g_string_new("");
	const char *expr = gtk_entry_get_text(GTK_ENTRY(g->expr));

	list_part(g->types, "type", "!type", true, s);
	list_part(g->tasks, "pid", "!(pid >= 0)", false, s);
	list_part(g->cpus, "cpu", "!(cpu >= 0)", false, s);
	if (*expr) {
		if (s->len)
			g_string_append_printf(s, " && (%s)", expr);
		else
			g_string_append(s, expr);
	}
	return g_string_free(s, FALSE);
}

static void show_result(struct dialog *g)
{
	char *e = build(g), *text;

	text = g_strdup_printf("Filter: %s", *e ? e : "(none)");
	gtk_label_set_text(GTK_LABEL(g->result), text);
	gtk_label_set_attributes(GTK_LABEL(g->result), NULL);
	g_free(text);
	g_free(e);
}

static void on_toggled(GtkCellRendererToggle *r, gchar *path, gpointer data)
{
	struct dialog *g = data;
	GtkListStore *s = g_object_get_data(G_OBJECT(r), "store");
	GtkTreeIter it;
	gboolean on;

	if (!gtk_tree_model_get_iter_from_string(GTK_TREE_MODEL(s), &it, path))
		return;
	gtk_tree_model_get(GTK_TREE_MODEL(s), &it, C_ON, &on, -1);
	gtk_list_store_set(s, &it, C_ON, !on, -1);
	show_result(g);
}

static void set_all(GtkListStore *s, gboolean on)
{
	GtkTreeIter it;
	gboolean more;

	for (more = gtk_tree_model_get_iter_first(GTK_TREE_MODEL(s), &it); more;
	     more = gtk_tree_model_iter_next(GTK_TREE_MODEL(s), &it))
		gtk_list_store_set(s, &it, C_ON, on, -1);
}

static void on_clear_list(GtkButton *b, gpointer data)
{
	struct dialog *g = data;

	set_all(g_object_get_data(G_OBJECT(b), "store"), FALSE);
	show_result(g);
}

static void on_changed(GtkEditable *ed, gpointer data)
{
	(void)ed;
	show_result(data);
}

/* a check list in a frame: @title, its column titles */
static GtkWidget *check_list(struct dialog *g, GtkListStore *s, const char *title,
			     const char *id_title, const char *label_title)
{
	GtkWidget *frame = gtk_frame_new(title), *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4);
	GtkWidget *sw = gtk_scrolled_window_new(NULL, NULL);
	GtkWidget *tv = gtk_tree_view_new_with_model(GTK_TREE_MODEL(s));
	GtkCellRenderer *r = gtk_cell_renderer_toggle_new();
	GtkWidget *clear = gtk_button_new_with_label("None (no constraint)");
	char *name = g_strdup_printf("%s list", title);

	atk_object_set_name(gtk_widget_get_accessible(tv), name);
	g_free(name);
	g_object_set_data(G_OBJECT(r), "store", s);
	g_signal_connect(r, "toggled", G_CALLBACK(on_toggled), g);
	gtk_tree_view_append_column(GTK_TREE_VIEW(tv),
		gtk_tree_view_column_new_with_attributes("", r, "active", C_ON, NULL));
	if (id_title)
		gtk_tree_view_append_column(GTK_TREE_VIEW(tv),
			gtk_tree_view_column_new_with_attributes(id_title,
				gtk_cell_renderer_text_new(), "text", C_ID, NULL));
	gtk_tree_view_append_column(GTK_TREE_VIEW(tv),
		gtk_tree_view_column_new_with_attributes(label_title,
			gtk_cell_renderer_text_new(), "text", C_LABEL, NULL));
	gtk_tree_view_set_search_column(GTK_TREE_VIEW(tv), C_LABEL);
	gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(sw), GTK_POLICY_NEVER,
				       GTK_POLICY_AUTOMATIC);
	gtk_widget_set_size_request(sw, 220, 300);
	gtk_container_add(GTK_CONTAINER(sw), tv);
	g_object_set_data(G_OBJECT(clear), "store", s);
	g_signal_connect(clear, "clicked", G_CALLBACK(on_clear_list), g);
	gtk_box_pack_start(GTK_BOX(box), sw, TRUE, TRUE, 0);
	gtk_box_pack_start(GTK_BOX(box), clear, FALSE, FALSE, 0);
	gtk_container_set_border_width(GTK_CONTAINER(box), 4);
	gtk_container_add(GTK_CONTAINER(frame), box);
	return frame;
}

static gboolean checked(GHashTable *h, guint id)
{
	return h && g_hash_table_contains(h, GUINT_TO_POINTER(id + 1));
}

static GHashTable *checked_set(GtkListStore *s)
{
	GHashTable *h = g_hash_table_new(g_direct_hash, g_direct_equal);
	GtkTreeIter it;
	gboolean more;

	for (more = gtk_tree_model_get_iter_first(GTK_TREE_MODEL(s), &it); more;
	     more = gtk_tree_model_iter_next(GTK_TREE_MODEL(s), &it)) {
		gboolean on;
		guint id;

		gtk_tree_model_get(GTK_TREE_MODEL(s), &it, C_ON, &on, C_ID, &id, -1);
		if (on)
			g_hash_table_add(h, GUINT_TO_POINTER(id + 1));
	}
	return h;
}

static void fill(struct dialog *g, const struct choice *c)
{
	struct gv_doc *d = g->d;
	size_t i, n = lttr_view_nrows(d->s.v);
	unsigned int id, cpu;
	GtkTreeIter it;

	for (id = 0; id < LTT_EV_MAX; id++) {
		const char *name = lttr_event_type_name(id);

		if (name) {
			gtk_list_store_append(g->types, &it);
			gtk_list_store_set(g->types, &it, C_ON, checked(c ? c->types : NULL, id),
					   C_ID, id, C_LABEL, name, -1);
		}
	}
	for (i = 0; i < n; i++) {
		const struct lttr_vrow_info *in = lttr_view_row(d->s.v, i);

		if (in->kind != LTTR_VROW_TASK)
			continue;
		gtk_list_store_append(g->tasks, &it);
		gtk_list_store_set(g->tasks, &it, C_ON, checked(c ? c->pids : NULL, in->id),
				   C_ID, in->id, C_LABEL, in->name ? in->name : "", -1);
	}
	for (cpu = 0; cpu < lttr_trace_ncpus(d->s.t); cpu++) {
		char label[32];

		snprintf(label, sizeof(label), "cpu %u", cpu);
		gtk_list_store_append(g->cpus, &it);
		gtk_list_store_set(g->cpus, &it, C_ON, checked(c ? c->cpus : NULL, cpu),
				   C_ID, cpu, C_LABEL, label, -1);
	}
}

/* Apply: the expression becomes the filter (or none); false to stay open */
static bool apply(struct dialog *g, bool clear)
{
	struct gv_doc *d = g->d;
	char *text = clear ? g_strdup("") : build(g);
	struct lttr_error err;
	struct choice *c;

	lttr_session_set_filter(&d->s, text, &err);
	if (err.code) {
		PangoAttrList *al = pango_attr_list_new();
		char *msg = g_strdup_printf("Filter: %s\n%s", text, err.msg);

		gtk_label_set_text(GTK_LABEL(g->result), msg);
		pango_attr_list_insert(al, pango_attr_foreground_new(0xc000, 0, 0));
		gtk_label_set_attributes(GTK_LABEL(g->result), al);
		pango_attr_list_unref(al);
		g_free(msg);
		g_free(text);
		return false;
	}
	lttr_session_set_filter_hide(&d->s, gtk_toggle_button_get_active(GTK_TOGGLE_BUTTON(g->hide)));
	/* remembered, to show these choices again while this is the filter */
	c = g_new0(struct choice, 1);
	c->built = text;
	c->types = checked_set(g->types);
	c->pids = checked_set(g->tasks);
	c->cpus = checked_set(g->cpus);
	c->expr = g_strdup(gtk_entry_get_text(GTK_ENTRY(g->expr)));
	c->hide = d->s.filter_hide;
	g_object_set_data_full(G_OBJECT(d->page), "gv-filters", c, choice_free);
	gv_doc_changed(d, GV_FILTER);
	return true;
}

void gv_filters_dialog(struct gv_doc *d)
{
	struct dialog g = { .d = d };
	struct choice *c = d->page ? g_object_get_data(G_OBJECT(d->page), "gv-filters") : NULL;
	GtkWidget *area, *lists, *row, *dim, *l;
	gint resp;

	/* the choices of last time while they are the filter, else the filter as an expression */
	if (c && !(d->s.filter && !strcmp(lttr_filter_text(d->s.filter), c->built)))
		c = NULL;
	g.dlg = gtk_dialog_new_with_buttons("Filters", GTK_WINDOW(d->app->win),
					    GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
					    "C_lear filter", 1, "_Cancel", GTK_RESPONSE_CANCEL,
					    "_Apply", GTK_RESPONSE_APPLY, NULL);
	gtk_widget_set_name(g.dlg, "filters");
	gtk_dialog_set_default_response(GTK_DIALOG(g.dlg), GTK_RESPONSE_APPLY);
	area = gtk_dialog_get_content_area(GTK_DIALOG(g.dlg));
	gtk_container_set_border_width(GTK_CONTAINER(area), 8);
	gtk_box_set_spacing(GTK_BOX(area), 6);
	g.types = gtk_list_store_new(C_NCOLS, G_TYPE_BOOLEAN, G_TYPE_UINT, G_TYPE_STRING);
	g.tasks = gtk_list_store_new(C_NCOLS, G_TYPE_BOOLEAN, G_TYPE_UINT, G_TYPE_STRING);
	g.cpus = gtk_list_store_new(C_NCOLS, G_TYPE_BOOLEAN, G_TYPE_UINT, G_TYPE_STRING);
	fill(&g, c);
	l = gtk_label_new("Check what to keep in each list (none checked: no constraint); "
			  "the lists and the expression must all hold.");
	gtk_label_set_xalign(GTK_LABEL(l), 0);
	gtk_box_pack_start(GTK_BOX(area), l, FALSE, FALSE, 0);
	lists = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
	gtk_box_pack_start(GTK_BOX(lists), check_list(&g, g.types, "Event types", NULL, "type"),
			   TRUE, TRUE, 0);
	gtk_box_pack_start(GTK_BOX(lists), check_list(&g, g.tasks, "Tasks", "pid", "name"),
			   TRUE, TRUE, 0);
	gtk_box_pack_start(GTK_BOX(lists), check_list(&g, g.cpus, "CPUs", NULL, "cpu"),
			   TRUE, TRUE, 0);
	gtk_box_pack_start(GTK_BOX(area), lists, TRUE, TRUE, 0);
	row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
	l = gtk_label_new_with_mnemonic("_Expression:");
	g.expr = gtk_entry_new();
	gtk_widget_set_name(g.expr, "filter-expression");
	atk_object_set_name(gtk_widget_get_accessible(g.expr), "Filter expression");
	gtk_label_set_mnemonic_widget(GTK_LABEL(l), g.expr);
	gtk_entry_set_max_length(GTK_ENTRY(g.expr), LTTR_FILTER_MAX_LEN - 1);
	gtk_entry_set_placeholder_text(GTK_ENTRY(g.expr), "e.g. comm =~ ^bash || name == read");
	gtk_entry_set_activates_default(GTK_ENTRY(g.expr), TRUE);
	if (c)
		gtk_entry_set_text(GTK_ENTRY(g.expr), c->expr);
	else if (d->s.filter)
		gtk_entry_set_text(GTK_ENTRY(g.expr), lttr_filter_text(d->s.filter));
	gtk_box_pack_start(GTK_BOX(row), l, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(row), g.expr, TRUE, TRUE, 0);
	gtk_box_pack_start(GTK_BOX(area), row, FALSE, FALSE, 0);
	row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12);
	dim = gtk_radio_button_new_with_mnemonic(NULL, "_Dim what does not match");
	g.hide = gtk_radio_button_new_with_mnemonic_from_widget(GTK_RADIO_BUTTON(dim),
								"_Hide what does not match");
	gtk_toggle_button_set_active(GTK_TOGGLE_BUTTON(d->s.filter && !d->s.filter_hide ? dim : g.hide),
				     TRUE);
	gtk_box_pack_start(GTK_BOX(row), dim, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(row), g.hide, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(area), row, FALSE, FALSE, 0);
	g.result = gtk_label_new("");
	gtk_widget_set_name(g.result, "filter-result");
	atk_object_set_name(gtk_widget_get_accessible(g.result), "Resulting filter");
	gtk_label_set_xalign(GTK_LABEL(g.result), 0);
	gtk_label_set_line_wrap(GTK_LABEL(g.result), TRUE);
	gtk_label_set_selectable(GTK_LABEL(g.result), TRUE);
	gtk_label_set_max_width_chars(GTK_LABEL(g.result), 100);
	gtk_box_pack_start(GTK_BOX(area), g.result, FALSE, FALSE, 0);
	g_signal_connect(g.expr, "changed", G_CALLBACK(on_changed), &g);
	show_result(&g);
	gtk_widget_show_all(g.dlg);
	for (;;) {
		resp = gtk_dialog_run(GTK_DIALOG(g.dlg));
		if (resp == GTK_RESPONSE_APPLY && !apply(&g, false))
			continue;
		if (resp == 1)
			apply(&g, true);
		break;
	}
	gtk_widget_destroy(g.dlg);
	g_object_unref(g.types);
	g_object_unref(g.tasks);
	g_object_unref(g.cpus);
}
