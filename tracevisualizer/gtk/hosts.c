// SPDX-License-Identifier: GPL-2.0
/*
 * hosts.c - "tracevisualizer-gtk --hosts A B ..." or "tracevisualizer-gtk
 * MERGED": several hosts on one clock (lttr/view/hosts.h), a window of its
 * own.  At the top the information panel: each host's clock as the model
 * gives it (lttr_xview_clock_text(): offset, drift and its bounds,
 * accuracy; a host not synchronised in red, saying why); then the graph:
 * the ruler of the window (the reference's clock), a grey group row per
 * host with its tasks under it, each task's states as bars one pixel a
 * column (lttr_xview_cells(), the colours and heights of colors.c as the
 * control flow draws them), and each message between the hosts in the
 * window (lttr_xview_links()) as an arrow in its own colour from the
 * sender's row at its send to the receiver's row at its receive (Figure 8
 * of the causal-paths paper); under it the count of the messages.  w s a
 * d 0 Home End zoom and pan (the keymap's place "hosts"), Ctrl+Q quits.
 * The predicate bar (p, ) and (, the keymap's; lttr/view/hosts-pred.h):
 * an expression of the replay's language over the set, each host a node,
 * its hits the library's (replay --hits of the same set), a magenta
 * triangle each on the ruler's foot (as gtk/graph.c's), ) and ( moving
 * the time cursor (a blue line over every row) to the next and previous
 * hit, the bar's status naming it (index, time after the reference
 * trace's start, event, node); a text refused is said with its column
 * and changes nothing.
 * --dump-cells (with --screenshot) writes what the graph shows as JSON
 * for tests/lib/gtkpixels.py: the rows' cells and the arrows' ends.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/replay/replay.h>
#include <lttr/view/hosts.h>
#include <lttr/view/hosts-pred.h>
#include <lttr/view/keys.h>
#include <lttr/view/viewport.h>
#include "gv.h"

#define H_LABEL_W 200.0
#define H_RULER_H 20.0
#define H_ROW_H 22.0
#define H_MAX_LINKS 4096
#define H_MAX_COLS 8192
/* the messages' arrows: their own colour, no state's, no other link's */
static const double MSG_RGB[3] = { 0.0, 0.40, 0.40 };
/* the predicate's hits and the cursor: gtk/graph.c's colours */
static const double PRED_RGB[3] = { 0.85, 0.0, 0.65 };
static const double CURSOR_RGB[3] = { 0.0, 0.3, 0.9 };

struct gv_hosts {
	struct lttr_xview *x;
	struct lttr_viewport vp;
	GtkWidget *win;
	GtkWidget *info;
	GtkWidget *area;
	GtkWidget *status;
	const char *shot;
	const char *dump;
	int st;
	struct lttr_vcell *cells;
	struct lttr_xlink *links;
	struct lttr_xpred pred;
	bool has_cursor;	/* placed by ) or ( (none before) */
	GtkWidget *pbar;	/* the predicate bar, always shown */
	GtkWidget *pentry;
	GtkWidget *pstatus;
};

static double x_of(const struct gv_hosts *h, uint64_t t, double cw)
{
	double span = (double)(h->vp.t1 - h->vp.t0);

	return H_LABEL_W + (span > 0 ? ((double)t - (double)h->vp.t0) / span * cw : 0);
}

static double row_mid(size_t row)
{
	return H_RULER_H + H_ROW_H * (double)row + H_ROW_H / 2;
}

static void set_status(struct gv_hosts *h)
{
	size_t nl = 0, all;
	int more = lttr_xview_links(h->x, h->vp.t0, h->vp.t1, H_MAX_LINKS, h->links, &nl);
	char buf[320], a[32], b[32], cur[64];

	lttr_xview_all_links(h->x, &all);
	cur[0] = '\0';
	if (h->has_cursor) {
		uint64_t s = lttr_xview_ref_start(h->x), c = h->vp.cursor;
		uint64_t r = c >= s ? c - s : s - c;

		snprintf(cur, sizeof(cur), "cursor %s%" PRIu64 ".%09" PRIu64 "   ", c >= s ? "" : "-",
			 r / 1000000000U, r % 1000000000U);
	}
	snprintf(buf, sizeof(buf), "%s[%s, %s] on %s's clock: %s%zu messages between hosts in the "
		 "window (%zu in all); %zu host%s not synchronised", cur,
		 lttr_fmt_time(h->vp.t0, a, sizeof(a)), lttr_fmt_time(h->vp.t1, b, sizeof(b)),
		 lttr_xview_host(h->x, 0)->name, more ? "more than " : "", nl, all,
		 lttr_xview_unsynced(h->x), lttr_xview_unsynced(h->x) == 1 ? "" : "s");
	gtk_label_set_text(GTK_LABEL(h->status), buf);
}

static void draw_arrow(cairo_t *cr, double x0, double y0, double x1, double y1)
{
	double dx = x1 - x0, dy = y1 - y0, l = sqrt(dx * dx + dy * dy), ux, uy;

	cairo_move_to(cr, x0, y0);
	cairo_line_to(cr, x1, y1);
	cairo_stroke(cr);
	if (l < 1)
		return;
	ux = dx / l;
	uy = dy / l;
	cairo_move_to(cr, x1, y1);
	cairo_line_to(cr, x1 - 7 * ux + 3.5 * uy, y1 - 7 * uy - 3.5 * ux);
	cairo_line_to(cr, x1 - 7 * ux - 3.5 * uy, y1 - 7 * uy + 3.5 * ux);
	cairo_close_path(cr);
	cairo_fill(cr);
}

static gboolean draw(GtkWidget *w, cairo_t *cr, gpointer data)
{
	struct gv_hosts *h = data;
	int width = gtk_widget_get_allocated_width(w), height = gtk_widget_get_allocated_height(w);
	double cw = width - H_LABEL_W;
	int n = cw >= 10 ? (cw > H_MAX_COLS ? H_MAX_COLS : (int)cw) : 0, i;
	size_t row, nr = lttr_xview_nrows(h->x), nl = 0, k;
	char a[32], b[32];

	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	cairo_select_font_face(cr, "sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, 11);
	cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
	cairo_move_to(cr, H_LABEL_W + 2, 14);
	cairo_show_text(cr, lttr_fmt_time(h->vp.t0, a, sizeof(a)));
	lttr_fmt_time(h->vp.t1, b, sizeof(b));
	cairo_move_to(cr, width - 8 * (double)strlen(b), 14);
	cairo_show_text(cr, b);
	for (row = 0; row < nr && row_mid(row) < height; row++) {
		const struct lttr_xrow *r = lttr_xview_row(h->x, row);
		double y = H_RULER_H + H_ROW_H * (double)row;

		if (r->kind == LTTR_XROW_HOST) {
			const struct lttr_xhost *x = lttr_xview_host(h->x, r->host);

			cairo_set_source_rgb(cr, 0.90, 0.90, 0.90);
			cairo_rectangle(cr, 0, y, width, H_ROW_H);
			cairo_fill(cr);
			cairo_select_font_face(cr, "sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
			if (x->synced)
				cairo_set_source_rgb(cr, 0, 0, 0);
			else
				cairo_set_source_rgb(cr, 0.8, 0, 0);
			cairo_move_to(cr, 4, y + 15);
			cairo_show_text(cr, r->name);
			cairo_select_font_face(cr, "sans", CAIRO_FONT_SLANT_NORMAL,
					       CAIRO_FONT_WEIGHT_NORMAL);
			continue;
		}
		cairo_save(cr);
		cairo_rectangle(cr, 0, y, H_LABEL_W - 4, H_ROW_H);
		cairo_clip(cr);
		cairo_set_source_rgb(cr, 0, 0, 0);
		cairo_move_to(cr, 8.0 * (r->depth ? r->depth : 1), y + 15);
		cairo_show_text(cr, r->name);
		cairo_restore(cr);
		if (!n || lttr_xview_cells(h->x, row, h->vp.t0, h->vp.t1, (unsigned int)n, h->cells))
			continue;
		for (i = 0; i < n;) {
			unsigned int cat = h->cells[i].cat;
			double rr, gg, bb, ht = gv_cat_height(cat);
			int e = i;

			while (e < n && h->cells[e].cat == cat &&
			       !((h->cells[e].flags ^ h->cells[i].flags) & LTTR_VCELL_OUTSIDE))
				e++;
			if (ht > 0 && !(h->cells[i].flags & LTTR_VCELL_OUTSIDE)) {
				gv_cat_color(cat, &rr, &gg, &bb);
				cairo_set_source_rgb(cr, rr, gg, bb);
				cairo_rectangle(cr, H_LABEL_W + i, y + 1 + (H_ROW_H - 2) * (1 - ht) / 2,
						e - i, (H_ROW_H - 2) * ht);
				cairo_fill(cr);
			}
			i = e;
		}
	}
	/* the predicate's hits in the window: a triangle each on the ruler's foot */
	if (n) {
		size_t first, nh = lttr_xpred_in(&h->pred, h->vp.t0, h->vp.t1, &first);

		cairo_set_source_rgb(cr, PRED_RGB[0], PRED_RGB[1], PRED_RGB[2]);
		for (k = first; k < first + nh; k++) {
			double x = floor(x_of(h, h->pred.hits[k].time_ns, n)) + 0.5;

			cairo_move_to(cr, x - 4, H_RULER_H);
			cairo_line_to(cr, x + 4, H_RULER_H);
			cairo_line_to(cr, x, H_RULER_H - 7);
			cairo_close_path(cr);
			cairo_fill(cr);
		}
	}
	/* the messages: an arrow from the send to the receive, over the bars */
	lttr_xview_links(h->x, h->vp.t0, h->vp.t1, H_MAX_LINKS, h->links, &nl);
	cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE);
	cairo_set_line_width(cr, 2);
	cairo_set_source_rgb(cr, MSG_RGB[0], MSG_RGB[1], MSG_RGB[2]);
	for (k = 0; n && k < nl; k++) {
		const struct lttr_xlink *l = &h->links[k];

		draw_arrow(cr, x_of(h, l->send_ns, n), row_mid(l->from_row), x_of(h, l->recv_ns, n),
			   row_mid(l->to_row));
	}
	/* the cursor: a line over every row */
	if (n && h->has_cursor && h->vp.cursor >= h->vp.t0 && h->vp.cursor <= h->vp.t1) {
		double x = floor(x_of(h, h->vp.cursor, n)) + 0.5;

		cairo_set_line_width(cr, 1.5);
		cairo_set_source_rgb(cr, CURSOR_RGB[0], CURSOR_RGB[1], CURSOR_RGB[2]);
		cairo_move_to(cr, x, H_RULER_H);
		cairo_line_to(cr, x, height);
		cairo_stroke(cr);
	}
	return FALSE;
}

static void say(struct gv_hosts *h, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* what the bar says (its status label, described to AT-SPI too) */
static void say(struct gv_hosts *h, const char *fmt, ...)
{
	char msg[LTTR_XPRED_MAX + LTTR_ERRMSG_MAX + 128];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	gtk_label_set_text(GTK_LABEL(h->pstatus), msg);
	atk_object_set_description(gtk_widget_get_accessible(h->pstatus), msg);
}

/*
 * the entry's text as the predicate (Enter); the pass has no Working
 * dialog here (gtk/progress.c's belongs to a document's window)
 */
static void pred_apply(struct gv_hosts *h)
{
	const char *text = gtk_entry_get_text(GTK_ENTRY(h->pentry));
	struct lttr_error err;

	lttr_xpred_set(&h->pred, h->x, text, NULL, NULL, &err);
	if (err.code == LTTR_E_CANCELED)
		say(h, "predicate canceled: %s", h->pred.text[0] ? "the one before stays" : "none");
	else if (err.code)
		say(h, "predicate: %s", err.msg);
	else if (!h->pred.text[0])
		say(h, "no predicate");
	else
		say(h, "predicate: %zu hit%s: ) next, ( previous", h->pred.n, h->pred.n == 1 ? "" : "s");
	gtk_widget_queue_draw(h->area);
}

static void pred_step(struct gv_hosts *h, int dir)
{
	const struct lttr_replay_hit *v;
	uint64_t s, r;
	long i;

	if (!h->pred.text[0]) {
		say(h, "no predicate yet (p)");
		return;
	}
	i = lttr_xpred_step(&h->pred, h->vp.cursor, dir);
	if (i < 0) {
		say(h, "no hit %s the cursor for: %.200s", dir > 0 ? "after" : "before", h->pred.text);
		return;
	}
	v = &h->pred.hits[i];
	lttr_viewport_set_cursor(&h->vp, v->time_ns);
	h->has_cursor = true;
	s = lttr_xview_ref_start(h->x);
	r = v->time_ns >= s ? v->time_ns - s : s - v->time_ns;
	say(h, "hit %ld/%zu at %s%" PRIu64 ".%09" PRIu64 " #%" PRIu64 " node %s: %.200s", i + 1,
	    h->pred.n, v->time_ns >= s ? "" : "-", r / 1000000000U, r % 1000000000U, v->ordinal,
	    lttr_xview_host(h->x, v->node)->name, h->pred.text);
}

/* Enter: the predicate applied; Enter or Escape: the keys back to the graph */
static gboolean on_entry_key(GtkWidget *w, GdkEventKey *ev, gpointer data)
{
	struct gv_hosts *h = data;

	(void)w;
	switch (ev->keyval) {
	case GDK_KEY_Return: case GDK_KEY_KP_Enter: case GDK_KEY_ISO_Enter:
		pred_apply(h);
		gtk_widget_grab_focus(h->area);
		return TRUE;
	case GDK_KEY_Escape:
		gtk_widget_grab_focus(h->area);
		return TRUE;
	default:
		return FALSE;
	}
}

static void on_next(GtkWidget *w, gpointer data)
{
	struct gv_hosts *h = data;

	(void)w;
	pred_step(h, 1);
	set_status(h);
	gtk_widget_queue_draw(h->area);
}

static void on_prev(GtkWidget *w, gpointer data)
{
	struct gv_hosts *h = data;

	(void)w;
	pred_step(h, -1);
	set_status(h);
	gtk_widget_queue_draw(h->area);
}

static GtkWidget *pred_bar(struct gv_hosts *h)
{
	GtkWidget *box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);

	h->pbar = box;
	gtk_widget_set_name(h->pbar, "predicate");
	gtk_widget_set_margin_start(box, 6);
	gtk_widget_set_margin_end(box, 6);
	gtk_box_pack_start(GTK_BOX(box), gtk_label_new("Predicate:"), FALSE, FALSE, 0);
	h->pentry = gv_predbar_widgets(box, LTTR_XPRED_MAX,
				       "@alpha(cpu[0].current) == 0", G_CALLBACK(on_prev),
				       G_CALLBACK(on_next), G_CALLBACK(on_entry_key), h, &h->pstatus);
	return h->pbar;
}

static gboolean key(GtkWidget *w, GdkEventKey *ev, gpointer data)
{
	struct gv_hosts *h = data;
	enum lttr_kaction a = lttr_keys_action(LTTR_KF_GTK, LTTR_KW_HOSTS, gv_key_code(ev));

	(void)w;
	if (gtk_widget_has_focus(h->pentry))
		return FALSE;	/* the entry's (its Enter: on_entry_key()) */
	if (a == LTTR_KA_QUIT) {
		gtk_widget_destroy(h->win);
		return TRUE;
	}
	if (a == LTTR_KA_PRED) {
		gtk_widget_grab_focus(h->pentry);
		return TRUE;
	}
	if (a == LTTR_KA_PRED_NEXT || a == LTTR_KA_PRED_PREV)
		pred_step(h, a == LTTR_KA_PRED_NEXT ? 1 : -1);
	else if (!lttr_viewport_navigate(&h->vp, a))	/* zoom, pan, all, start, end */
		return FALSE;
	set_status(h);
	gtk_widget_queue_draw(h->area);
	return TRUE;
}

static void json_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++)
		if (*s == '"' || *s == '\\')
			fprintf(f, "\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			fprintf(f, "\\u%04x", *s);
		else
			fputc(*s, f);
	fputc('"', f);
}

/* --dump-cells: the graph as drawn, in gtk/graph.c's form (gtkpixels.py) */
static void dump(struct gv_hosts *h, FILE *f)
{
	int width = gtk_widget_get_allocated_width(h->area), x = 0, y = 0, n, k;
	int height = gtk_widget_get_allocated_height(h->area);
	size_t row, nr = lttr_xview_nrows(h->x), nl = 0, hs;
	unsigned int c;
	char line[600];

	n = width - H_LABEL_W >= 10 ? (int)(width - H_LABEL_W) : 0;
	if (n > H_MAX_COLS)
		n = H_MAX_COLS;
	gtk_widget_translate_coordinates(h->area, h->win, 0, 0, &x, &y);
	fprintf(f, "{\"graph\": \"hosts\", \"x\": %d, \"y\": %d, \"width\": %d, \"height\": %d, "
		"\"label_w\": %g, \"ruler_h\": %g, \"row_h\": %g, \"columns\": %d, \"t0_ns\": %llu, "
		"\"t1_ns\": %llu, \"cursor_x\": null, \"marks_x\": [], \"selection_x\": null,\n \"info\": [",
		x, y, width, height, H_LABEL_W, H_RULER_H, H_ROW_H, n,
		(unsigned long long)h->vp.t0, (unsigned long long)h->vp.t1);
	for (hs = 0; hs < lttr_xview_nhosts(h->x); hs++) {
		fprintf(f, "%s", hs ? ", " : "");
		json_str(f, lttr_xview_clock_text(h->x, hs, line, sizeof(line)));
	}
	fprintf(f, "],\n \"categories\": [");
	for (c = 0; c < LTTR_VCAT_COUNT; c++) {
		double r, g, b;

		gv_cat_color(c, &r, &g, &b);
		fprintf(f, "%s\n  {\"cat\": %u, \"name\": \"%s\", \"letter\": \"%c\", "
			"\"rgb\": [%g, %g, %g], \"height\": %g}", c ? "," : "", c,
			lttr_vcat_name(c), lttr_vcat_letter(c), r, g, b, gv_cat_height(c));
	}
	fprintf(f, "],\n \"rows\": [");
	for (row = 0; row < nr && row_mid(row) < height; row++) {
		const struct lttr_xrow *r = lttr_xview_row(h->x, row);

		fprintf(f, "%s\n  {\"label\": ", row ? "," : "");
		json_str(f, r->name);
		fprintf(f, ", \"kind\": \"%s\", \"host\": %u, \"id\": %u, \"y\": %g, \"dim\": false, "
			"\"selected\": false, \"cat\": [",
			r->kind == LTTR_XROW_HOST ? "host" : r->kind == LTTR_XROW_IDLE ? "group" : "task",
			r->host, r->pid, H_RULER_H + H_ROW_H * (double)row);
		if (n && lttr_xview_cells(h->x, row, h->vp.t0, h->vp.t1, (unsigned int)n, h->cells))
			memset(h->cells, 0, (size_t)n * sizeof(*h->cells));
		for (k = 0; k < n; k++)
			fprintf(f, "%s%u", k ? "," : "", h->cells[k].cat);
		fprintf(f, "], \"flags\": [");
		for (k = 0; k < n; k++)
			fprintf(f, "%s%u", k ? "," : "", h->cells[k].flags);
		fprintf(f, "], \"changes\": [");
		for (k = 0; k < n; k++)
			fprintf(f, "%s%u", k ? "," : "", h->cells[k].changes);
		fprintf(f, "]}");
	}
	fprintf(f, "],\n \"link_rgb\": {\"message\": [%g, %g, %g]},\n \"links\": [", MSG_RGB[0],
		MSG_RGB[1], MSG_RGB[2]);
	lttr_xview_links(h->x, h->vp.t0, h->vp.t1, H_MAX_LINKS, h->links, &nl);
	for (hs = 0; n && hs < nl; hs++) {
		const struct lttr_xlink *l = &h->links[hs];

		fprintf(f, "%s\n  {\"kind\": \"message\", \"x0\": %.3f, \"y0\": %g, \"x\": %.3f, "
			"\"y1\": %g, \"send_ns\": %llu, \"recv_ns\": %llu, \"from_host\": %u, "
			"\"from_pid\": %u, \"to_host\": %u, \"to_pid\": %u}", hs ? "," : "",
			x_of(h, l->send_ns, n), row_mid(l->from_row), x_of(h, l->recv_ns, n),
			row_mid(l->to_row), (unsigned long long)l->send_ns,
			(unsigned long long)l->recv_ns, l->from_host, l->from_pid, l->to_host, l->to_pid);
	}
	fprintf(f, "]}\n");
}

/* --screenshot: the window read back from the display once painted */
static gboolean read_back(gpointer data)
{
	struct gv_hosts *h = data;
	GError *error = NULL;
	GdkPixbuf *pb;

	gdk_display_sync(gtk_widget_get_display(h->win));
	pb = gdk_pixbuf_get_from_window(gtk_widget_get_window(h->win), 0, 0,
					gtk_widget_get_allocated_width(h->win),
					gtk_widget_get_allocated_height(h->win));
	if (!pb || !gdk_pixbuf_save(pb, h->shot, "png", &error, NULL)) {
		fprintf(stderr, "tracevisualizer-gtk: %s: %s\n", h->shot,
			error ? error->message : "the window could not be read back");
		h->st = 1;
	}
	g_clear_error(&error);
	if (pb)
		g_object_unref(pb);
	if (h->dump) {
		FILE *f = fopen(h->dump, "w");

		if (f) {
			dump(h, f);
			if (fclose(f))
				f = NULL;
		}
		if (!f) {
			fprintf(stderr, "tracevisualizer-gtk: %s: %s\n", h->dump, g_strerror(errno));
			h->st = 1;
		}
	}
	gtk_widget_destroy(h->win);
	return G_SOURCE_REMOVE;
}

static void painted(GdkFrameClock *fc, gpointer data)
{
	g_signal_handlers_disconnect_by_func(fc, G_CALLBACK(painted), data);
	g_idle_add_full(G_PRIORITY_LOW, read_back, data, NULL);
}

static gboolean shoot(gpointer data)
{
	struct gv_hosts *h = data;
	int k;

	gtk_container_check_resize(GTK_CONTAINER(h->win));
	for (k = 0; k < 1000 && gtk_events_pending(); k++)
		gtk_main_iteration_do(FALSE);
	gtk_widget_queue_draw(h->win);
	g_signal_connect(gtk_widget_get_frame_clock(h->win), "after-paint", G_CALLBACK(painted), h);
	return G_SOURCE_REMOVE;
}

static void info_text(struct gv_hosts *h)
{
	GString *s = g_string_new("");
	char line[600];
	size_t k;

	for (k = 0; k < lttr_xview_nhosts(h->x); k++) {
		const struct lttr_xhost *x = lttr_xview_host(h->x, k);
		char *e = g_markup_printf_escaped("%s<b>%s</b> (host %zu): %s", k ? "\n" : "", x->name,
						  k, lttr_xview_clock_text(h->x, k, line, sizeof(line)));

		if (!x->synced)
			g_string_append_printf(s, "<span foreground=\"#cc0000\">%s</span>", e);
		else
			g_string_append(s, e);
		g_free(e);
	}
	gtk_label_set_markup(GTK_LABEL(h->info), s->str);
	g_string_free(s, TRUE);
}

int gv_hosts_run(const char *const *dirs, size_t n, int width, int height, const char *shot,
		 const char *dumpfile)
{
	struct gv_hosts h = { .shot = shot, .dump = dumpfile };
	struct lttr_error err;
	GtkWidget *box;

	if (lttr_xview_open(dirs, n, true, &h.x, &err) < 0) {
		fprintf(stderr, "tracevisualizer-gtk: %s\n", err.msg);
		return err.code == LTTR_E_INVAL ? 2 : 1;
	}
	if (lttr_xview_end(h.x) <= lttr_xview_start(h.x)) {
		fprintf(stderr, "tracevisualizer-gtk: the hosts' traces have no span on the reference's clock\n");
		lttr_xview_free(h.x);
		return 1;
	}
	h.cells = calloc(H_MAX_COLS, sizeof(*h.cells));
	h.links = calloc(H_MAX_LINKS, sizeof(*h.links));
	if (!h.cells || !h.links) {
		fprintf(stderr, "tracevisualizer-gtk: out of memory\n");
		h.st = 1;
		goto out;
	}
	lttr_viewport_init(&h.vp, lttr_xview_start(h.x), lttr_xview_end(h.x));
	h.win = gtk_window_new(GTK_WINDOW_TOPLEVEL);
	gtk_window_set_title(GTK_WINDOW(h.win), "tracevisualizer: hosts on one clock");
	gtk_window_set_default_size(GTK_WINDOW(h.win), width, height);
	box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4);
	h.info = gtk_label_new(NULL);
	gtk_label_set_xalign(GTK_LABEL(h.info), 0);
	gtk_widget_set_margin_start(h.info, 6);
	gtk_widget_set_margin_top(h.info, 4);
	info_text(&h);
	h.area = gtk_drawing_area_new();
	gtk_widget_set_can_focus(h.area, TRUE);
	atk_object_set_name(gtk_widget_get_accessible(h.area), "Hosts graph");
	gtk_widget_set_size_request(h.area, 400, 200);
	gtk_widget_set_vexpand(h.area, TRUE);
	gtk_widget_set_hexpand(h.area, TRUE);
	h.status = gtk_label_new(NULL);
	atk_object_set_name(gtk_widget_get_accessible(h.status), "Status");
	gtk_label_set_xalign(GTK_LABEL(h.status), 0);
	gtk_widget_set_margin_start(h.status, 6);
	gtk_widget_set_margin_bottom(h.status, 4);
	set_status(&h);
	gtk_box_pack_start(GTK_BOX(box), h.info, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(box), pred_bar(&h), FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(box), h.area, TRUE, TRUE, 0);
	gtk_box_pack_start(GTK_BOX(box), h.status, FALSE, FALSE, 0);
	gtk_container_add(GTK_CONTAINER(h.win), box);
	g_signal_connect(h.area, "draw", G_CALLBACK(draw), &h);
	g_signal_connect(h.win, "key-press-event", G_CALLBACK(key), &h);
	g_signal_connect(h.win, "destroy", G_CALLBACK(gtk_main_quit), NULL);
	gtk_widget_show_all(h.win);
	gtk_widget_grab_focus(h.area);
	if (shot)
		g_idle_add(shoot, &h);
	gtk_main();
out:
	free(h.cells);
	free(h.links);
	lttr_xpred_free(&h.pred);
	lttr_xview_free(h.x);
	return h.st;
}
