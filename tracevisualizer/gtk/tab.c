// SPDX-License-Identifier: GPL-2.0
/*
 * tab.c - the tab of an open trace: its layout (warnings bar; overview;
 * graphs and tables in panes the user resizes; legend; status bar), the
 * status bar, which follows the document (gv_doc's show_status), and the
 * views shown (the keys are keys.c's).  The document itself, its session
 * and notifications, are doc.c's.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/view/verify.h>
#include "gv.h"

static void update_status(struct gv_doc *d, const char *msg, bool err)
{
	char line[1024], a[32], b[32], c[32];
	uint64_t ma, mb, lost = 0, nev;
	unsigned int cpu;
	size_t n;

	if (!d->status)
		return;
	for (cpu = 0; cpu < lttr_trace_ncpus(d->s.t); cpu++)
		lost += lttr_trace_lost_cpu(d->s.t, cpu);
	nev = lttr_view_count(d->s.v, d->s.vp.t0, d->s.vp.t1 + 1);
	n = (size_t)snprintf(line, sizeof(line), "cursor %s   window %s   %llu events in the window",
			     lttr_fmt_time(gv_doc_rel(d, d->s.vp.cursor), a, sizeof(a)),
			     lttr_fmt_duration(d->s.vp.t1 - d->s.vp.t0, b, sizeof(b)),
			     (unsigned long long)nev);
	if (d->s.vp.has_mark[0])
		n += (size_t)snprintf(line + n, sizeof(line) - n, "   A %s",
				      lttr_fmt_time(gv_doc_rel(d, d->s.vp.mark[0]), c, sizeof(c)));
	if (d->s.vp.has_mark[1])
		n += (size_t)snprintf(line + n, sizeof(line) - n, "   B %s",
				      lttr_fmt_time(gv_doc_rel(d, d->s.vp.mark[1]), c, sizeof(c)));
	if (lttr_viewport_marks(&d->s.vp, &ma, &mb))
		n += (size_t)snprintf(line + n, sizeof(line) - n, "   B-A %s",
				      lttr_fmt_duration(mb - ma, c, sizeof(c)));
	if (n < sizeof(line))
		n += (size_t)snprintf(line + n, sizeof(line) - n, "   lost %llu%s",
				      (unsigned long long)lost, lost ? " (!)" : "");
	if (d->nwarnings && n < sizeof(line))
		n += (size_t)snprintf(line + n, sizeof(line) - n, "   warnings %zu (!)",
				      d->nwarnings);
	if (d->s.filter && n < sizeof(line))
		n += (size_t)snprintf(line + n, sizeof(line) - n, "   filter (%s): %s",
				      d->s.filter_hide ? "hide" : "dim", d->s.filter_text);
	if (msg && n < sizeof(line))
		snprintf(line + n, sizeof(line) - n, "   |   %s", msg);
	gtk_label_set_text(GTK_LABEL(d->status), line);
	if (err) {
		PangoAttrList *al = pango_attr_list_new();

		pango_attr_list_insert(al, pango_attr_foreground_new(0xc000, 0, 0));
		gtk_label_set_attributes(GTK_LABEL(d->status), al);
		pango_attr_list_unref(al);
	} else {
		gtk_label_set_attributes(GTK_LABEL(d->status), NULL);
	}
}

/* the panes' split: the tables get 60 % of their height when they have less */
static void room(GtkWidget *p)
{
	int h = gtk_widget_get_allocated_height(p), pos = gtk_paned_get_position(GTK_PANED(p));

	if (h - pos < h * 60 / 100)
		gtk_paned_set_position(GTK_PANED(p), h * 40 / 100);
}

static void room_later(GtkWidget *p, GdkRectangle *r, gpointer data)
{
	if (r->height <= 1)
		return;
	g_signal_handlers_disconnect_by_func(p, G_CALLBACK(room_later), data);
	room(p);
}

/**
 * gv_tab_tables_room() - the room a table tab needs, the first time it is
 * shown (the Latency and Jobs tabs): the graphs above keep 40 % of the
 * panes (the user moves the split as before, and a session's split
 * applies until then)
 * @d: the document
 */
void gv_tab_tables_room(struct gv_doc *d)
{
	GtkWidget *p = d->page ? g_object_get_data(G_OBJECT(d->page), "paned") : NULL;

	if (!p)
		return;
	if (gtk_widget_get_allocated_height(p) > 1)
		room(p);
	else
		g_signal_connect(p, "size-allocate", G_CALLBACK(room_later), NULL);
}

void gv_tab_show_view(struct gv_doc *d, int view)
{
	if (view < 0)	/* none asked for (--view not given) */
		return;
	switch (view) {
	case GV_VIEW_FLOW:
		gtk_notebook_set_current_page(GTK_NOTEBOOK(d->graphs), 0);
		break;
	case GV_VIEW_RESOURCES:
		gtk_notebook_set_current_page(GTK_NOTEBOOK(d->graphs), 1);
		break;
	case GV_VIEW_EVENTS:
		gtk_notebook_set_current_page(GTK_NOTEBOOK(d->tables), 0);
		break;
	case GV_VIEW_PROCESSES:
		gtk_notebook_set_current_page(GTK_NOTEBOOK(d->tables), 1);
		break;
	case GV_VIEW_PATHS:
		gtk_notebook_set_current_page(GTK_NOTEBOOK(d->tables), 3);
		break;
	case GV_VIEW_LATENCY:
		gtk_notebook_set_current_page(GTK_NOTEBOOK(d->tables),
					      gtk_notebook_page_num(GTK_NOTEBOOK(d->tables),
								    d->latency));
		break;
	case GV_VIEW_FLAME:
		gtk_notebook_set_current_page(GTK_NOTEBOOK(d->tables),
					      gtk_notebook_page_num(GTK_NOTEBOOK(d->tables),
								    d->flame_page));
		break;
	case GV_VIEW_JOBS:
		gtk_notebook_set_current_page(GTK_NOTEBOOK(d->tables),
					      gtk_notebook_page_num(GTK_NOTEBOOK(d->tables),
								    d->jobs_page));
		break;
	default:
		gtk_notebook_set_current_page(GTK_NOTEBOOK(d->tables), 2);
		break;
	}
}

static GtkWidget *tab_label(const char *text)
{
	GtkWidget *l = gtk_label_new(text);

	atk_object_set_name(gtk_widget_get_accessible(l), text);
	return l;
}

static void on_warnings_response(GtkInfoBar *bar, gint response, gpointer data)
{
	GtkWidget *dlg;

	if (response != GTK_RESPONSE_HELP) {
		gtk_widget_hide(GTK_WIDGET(bar));	/* the status bar keeps the count */
		return;
	}
	/* not modal: the list stays beside the views while one looks */
	dlg = gtk_message_dialog_new(GTK_WINDOW(gtk_widget_get_toplevel(GTK_WIDGET(bar))),
				     GTK_DIALOG_DESTROY_WITH_PARENT, GTK_MESSAGE_WARNING,
				     GTK_BUTTONS_CLOSE, "%s", (const char *)data);
	gtk_window_set_title(GTK_WINDOW(dlg), "Warnings");
	g_signal_connect(dlg, "response", G_CALLBACK(gtk_widget_destroy), NULL);
	gtk_widget_show(dlg);
}

/*
 * A bar above the views when the figures may be wrong (lttr_view_warnings():
 * a damaged or cut trace read in salvage mode, lost events, contradicted
 * transitions...): one line, the first warning, and a button that lists
 * them all (the window keeps its size)
 */
static GtkWidget *warnings_bar(struct gv_doc *d)
{
	enum { MAXW = 50 };
	char (*w)[LTTR_VIEW_WARNING_LEN] = calloc(MAXW, sizeof(*w));
	GtkWidget *bar, *label;
	GString *text;
	char *line;
	size_t i;

	if (!w)
		return NULL;
	d->nwarnings = lttr_view_warnings(d->s.v, w, MAXW);
	if (!d->nwarnings) {
		free(w);
		return NULL;
	}
	text = g_string_new("The figures of this trace may be wrong near these times or CPUs:");
	for (i = 0; i < d->nwarnings && i < MAXW; i++)
		g_string_append_printf(text, "\n\u2022 %s", w[i]);
	if (d->nwarnings > MAXW)
		g_string_append_printf(text, "\n\u2022 and %zu more", d->nwarnings - MAXW);
	line = g_strdup_printf("%zu warning%s: the figures may be wrong (%s%s)", d->nwarnings,
			       d->nwarnings == 1 ? "" : "s", w[0], d->nwarnings > 1 ? "; ..." : "");
	free(w);
	bar = gtk_info_bar_new();
	gtk_widget_set_name(bar, "warnings");
	gtk_info_bar_set_message_type(GTK_INFO_BAR(bar), GTK_MESSAGE_WARNING);
	gtk_info_bar_add_button(GTK_INFO_BAR(bar), "_All warnings", GTK_RESPONSE_HELP);
	gtk_info_bar_set_show_close_button(GTK_INFO_BAR(bar), TRUE);
	label = gtk_label_new(line);
	g_free(line);
	/* the whole list for a screen reader and a test, the first on the screen */
	atk_object_set_name(gtk_widget_get_accessible(label), "Warnings");
	atk_object_set_description(gtk_widget_get_accessible(label), text->str);
	gtk_widget_set_tooltip_text(label, text->str);
	gtk_label_set_xalign(GTK_LABEL(label), 0);
	gtk_label_set_ellipsize(GTK_LABEL(label), PANGO_ELLIPSIZE_END);
	gtk_container_add(GTK_CONTAINER(gtk_info_bar_get_content_area(GTK_INFO_BAR(bar))), label);
	/* the text lives as long as the bar */
	g_object_set_data_full(G_OBJECT(bar), "text", g_string_free(text, FALSE), g_free);
	g_signal_connect(bar, "response", G_CALLBACK(on_warnings_response),
			 g_object_get_data(G_OBJECT(bar), "text"));
	return bar;
}

/*
 * The first split of the panes, once they have a height: the graphs get
 * 55 % of it (GTK would split by natural sizes, and the events list's is
 * the larger: the control flow, the view a person opens the trace for,
 * got six rows at 1280x800).  A position a session saved comes after and
 * wins (gv_session_load()).
 */
static void first_split(GtkWidget *w, GdkRectangle *r, gpointer data)
{
	gboolean set = FALSE;

	(void)data;
	if (r->height <= 1)
		return;
	g_signal_handlers_disconnect_by_func(w, G_CALLBACK(first_split), data);
	g_object_get(w, "position-set", &set, NULL);
	if (!set)
		gtk_paned_set_position(GTK_PANED(w), r->height * 55 / 100);
}

GtkWidget *gv_tab_build(struct gv_doc *d)
{
	GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0), *paned, *w;

	d->show_status = update_status;

	w = warnings_bar(d);
	if (w)
		gtk_box_pack_start(GTK_BOX(box), w, FALSE, FALSE, 0);
	d->ov = gv_overview_new(d);
	d->flow = gv_graph_new(d, false);
	d->res = gv_graph_new(d, true);
	if (!d->ov || !d->flow || !d->res)
		return NULL;
	d->flow_area = gv_graph_area(d->flow);
	d->res_area = gv_graph_area(d->res);
	gtk_box_pack_start(GTK_BOX(box), gv_overview_widget(d->ov), FALSE, FALSE, 0);
	paned = gtk_paned_new(GTK_ORIENTATION_VERTICAL);
	gtk_widget_set_name(paned, "panes");
	d->graphs = gtk_notebook_new();
	gtk_widget_set_name(d->graphs, "graphs");
	gtk_notebook_append_page(GTK_NOTEBOOK(d->graphs), gv_graph_widget(d->flow),
				 tab_label("Control flow"));
	gtk_notebook_append_page(GTK_NOTEBOOK(d->graphs), gv_graph_widget(d->res),
				 tab_label("Resources"));
	d->tables = gtk_notebook_new();
	gtk_widget_set_name(d->tables, "tables");
	w = gv_events_new(d);
	gtk_notebook_append_page(GTK_NOTEBOOK(d->tables), w, tab_label("Events"));
	w = gv_procs_new(d);
	gtk_notebook_append_page(GTK_NOTEBOOK(d->tables), w, tab_label("Processes"));
	w = gv_stats_new(d);
	gtk_notebook_append_page(GTK_NOTEBOOK(d->tables), w, tab_label("Statistics"));
	w = gv_paths_new(d);
	gtk_notebook_append_page(GTK_NOTEBOOK(d->tables), w, tab_label("Paths"));
	/* the latency analyses and the critical path (latency.c, critpath.c) */
	d->latency = gv_latency_new(d);
	gtk_notebook_append_page(GTK_NOTEBOOK(d->tables), d->latency, tab_label("Latency"));
	w = gv_critpath_new(d);
	gtk_notebook_append_page(GTK_NOTEBOOK(d->tables), w, tab_label("Critical path"));
	/* the stacks of the window as a flame graph (flame.c) */
	d->flame_page = gv_flame_new(d);
	gtk_notebook_append_page(GTK_NOTEBOOK(d->tables), d->flame_page,
				 tab_label("Flame graph"));
	/* the jobs of the markers and the CPU load (jobs.c) */
	d->jobs_page = gv_jobs_new(d);
	gtk_notebook_append_page(GTK_NOTEBOOK(d->tables), d->jobs_page, tab_label("Jobs"));
	gtk_paned_pack1(GTK_PANED(paned), d->graphs, TRUE, TRUE);
	gtk_paned_pack2(GTK_PANED(paned), d->tables, TRUE, TRUE);
	g_signal_connect(paned, "size-allocate", G_CALLBACK(first_split), NULL);
	gtk_box_pack_start(GTK_BOX(box), paned, TRUE, TRUE, 0);
	gtk_box_pack_start(GTK_BOX(box), gv_legend_new(), FALSE, FALSE, 0);
	d->status = gtk_label_new("");
	gtk_widget_set_name(d->status, "status");
	atk_object_set_name(gtk_widget_get_accessible(d->status), "Status");
	gtk_label_set_xalign(GTK_LABEL(d->status), 0);
	gtk_label_set_selectable(GTK_LABEL(d->status), TRUE);
	gtk_label_set_ellipsize(GTK_LABEL(d->status), PANGO_ELLIPSIZE_END);
	gtk_box_pack_start(GTK_BOX(box), d->status, FALSE, FALSE, 2);
	d->page = box;
	g_object_set_data(G_OBJECT(box), "paned", paned);
	gv_session_load(d);
	update_status(d, NULL, false);
	return box;
}
