// SPDX-License-Identifier: GPL-2.0
/*
 * flame.c - the Flame graph tab: the stacks recorded with traced --stacks
 * (docs/stacks.md) folded over the selection A-B, else the window shown,
 * of the selected task (else every task), as the TUI's stacks page folds
 * them, and drawn as a flame graph with cairo.  The boxes are the
 * library's (lttr_flame_layout(), the "flame" array of "stacks --json"):
 * each spans [x, x + w) of the weight, the tab only scales it to its
 * width (the zoomed box's weight to the whole width).  The kind (offcpu,
 * wakeup, cpu, syscall:NAME or an event's name) is chosen or typed in a
 * combo; a click on a frame zooms to it (its ancestors drawn across,
 * faded; a click on one of them, or outside every frame, zooms back
 * out); the search colours the frames whose name holds the text and
 * says their share (lttr_flame_match()).  The frames are named through
 * the trace's symbols (kallsyms, maps; the ELF files under --symfs DIR),
 * as "stacks" names them.
 * Folding is a pass over the trace: past a moment it shows the window's
 * "Working" dialog (progress.c) and its Cancel, which leaves the graph
 * drawn before and says the new one was canceled.
 *
 * The frames' rectangles and values are what --dump-flame (a test hook)
 * writes: gv_flame_dump().
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <lttr/analysis/blockstacks.h>
#include <lttr/analysis/flame.h>
#include <lttr/analysis/stacks.h>
#include <lttr/symbols/symbols.h>
#include "gv.h"

#define ROW_H	18	/* a level's height */
#define PAD	6	/* the margin around the boxes */

/* a frame matched by the search (flamegraph.pl's) */
static const double MATCH_RGB[3] = { 230 / 255.0, 0, 230 / 255.0 };
/* "[no stack]": grey */
static const double NOSTACK_RGB[3] = { 0.75, 0.75, 0.75 };

struct gv_frect {
	int x, y, w, h;		/* w 0: not drawn */
	bool faded;		/* an ancestor of the zoomed box */
};

struct gv_flame {
	struct gv_doc *d;
	GtkWidget *box, *kind, *find, *info, *area;
	struct lttr_stacks *s;
	struct lttr_flame *f;
	struct gv_frect *rect;
	unsigned char *match;
	uint64_t matched;
	long zoom;		/* the box zoomed to, -1: none */
	char *zoom_path;	/* its frames, kept across a new fold */
	bool stale;		/* the window, selection or task changed while hidden */
	bool marks;		/* folded over A-B */
	bool busy;		/* folding: the pass runs the main loop */
	bool dead;		/* the tab went meanwhile: the pass frees it */
	struct gv_progress *gp;	/* the pass's progress, while busy */
	char canceled[256];	/* the last fold canceled: what it was */
	uint64_t from, to;
	uint32_t pid;
	char kindtext[64];
	char msg[1200];		/* what the tab says instead of a graph */
};

/*
 * the symbols the trace's stacks are named with, as "stacks" opens them
 * (cli_open_syms(), the TUI's): the trace's kallsyms and maps, the ELF
 * files under --symfs DIR when given (d->app->symfs); NULL: none (a
 * --symfs that went away since main() checked it: said)
 */
static struct lttr_syms *open_syms(struct gv_doc *d)
{
	const char *symfs = d->app ? d->app->symfs : NULL;
	char path[4200], err[512];
	struct lttr_syms *s;
	bool has;

	snprintf(path, sizeof(path), "%s/kallsyms", d->s.dir);
	has = access(path, F_OK) == 0;
	snprintf(path, sizeof(path), "%s/maps", d->s.dir);
	has |= access(path, F_OK) == 0;
	if (!has && !symfs)
		return NULL;
	s = lttr_syms_open(d->s.dir, symfs, err, sizeof(err));
	if (!s)
		gv_doc_message(d, true, "the stacks' names: %s", err);
	return s;
}

/* the frames from the root to box @i, folded (malloc'd) */
static char *box_path(const struct lttr_flame *f, long i)
{
	GString *p = g_string_new("");
	long j;

	for (j = i; j >= 0; j = f->boxes[j].parent) {
		g_string_prepend(p, f->boxes[j].name);
		if (f->boxes[j].parent >= 0)
			g_string_prepend_c(p, ';');
	}
	return g_string_free(p, FALSE);
}

static long find_path(const struct lttr_flame *f, const char *path)
{
	size_t i;

	for (i = 0; path && i < f->nboxes; i++) {
		char *p = box_path(f, (long)i);
		bool same = !strcmp(p, path);

		g_free(p);
		if (same)
			return (long)i;
	}
	return -1;
}

static bool is_ancestor(const struct lttr_flame *f, long a, long b)
{
	for (b = f->boxes[b].parent; b >= 0; b = f->boxes[b].parent)
		if (b == a)
			return true;
	return false;
}

static const char *unit_of(const struct gv_flame *fl)
{
	if (!fl->s)
		return "";
	return fl->s->kind == LTTR_STACKS_OFFCPU ? "ns" :
	       fl->s->kind == LTTR_STACKS_CPU ? "samples" :
	       fl->s->kind == LTTR_STACKS_WAKEUP ? "wakeups" : "events";
}

/* a weight as the tab writes it: a time for off-CPU, else a count */
static const char *weight_str(const struct gv_flame *fl, uint64_t v, char *buf, size_t size)
{
	if (fl->s && fl->s->kind == LTTR_STACKS_OFFCPU)
		return lttr_fmt_duration(v, buf, size);
	snprintf(buf, size, "%llu %s", (unsigned long long)v, unit_of(fl));
	return buf;
}

static void set_info(struct gv_flame *fl)
{
	char a[32], b[32], w[48], line[1600];
	size_t n;
	const struct lttr_flame *f = fl->f;

	if (!f) {
		snprintf(line, sizeof(line), "%s%s%s", fl->canceled, fl->canceled[0] ? " " : "",
			 fl->msg);
		gtk_label_set_text(GTK_LABEL(fl->info), line);
		return;
	}
	n = (size_t)snprintf(line, sizeof(line), "%s stacks of %s %s .. %s, %s%s: %s%s",
			     fl->kindtext, fl->marks ? "A-B" : "the window",
			     lttr_fmt_time(gv_doc_rel(fl->d, fl->from), a, sizeof(a)),
			     lttr_fmt_time(gv_doc_rel(fl->d, fl->to), b, sizeof(b)),
			     fl->pid ? "task " : "every task",
			     fl->pid ? lttr_view_comm(fl->d->s.v, fl->pid, fl->from) : "",
			     weight_str(fl, f->total, w, sizeof(w)),
			     fl->s->unstacked ? " (with [no stack])" : "");
	if (fl->pid && n < sizeof(line))
		n += (size_t)snprintf(line + n, sizeof(line) - n, " (pid %u)", fl->pid);
	if (fl->zoom >= 0 && n < sizeof(line))
		n += (size_t)snprintf(line + n, sizeof(line) - n, "   zoomed to %s: %s",
				      f->boxes[fl->zoom].name,
				      weight_str(fl, f->boxes[fl->zoom].w, w, sizeof(w)));
	if (fl->canceled[0] && n < sizeof(line))
		n += (size_t)snprintf(line + n, sizeof(line) - n, "   %s", fl->canceled);
	if (gtk_entry_get_text(GTK_ENTRY(fl->find))[0] && n < sizeof(line)) {
		uint64_t of = fl->zoom >= 0 ? f->boxes[fl->zoom].w : f->total;
		char m[48];

		snprintf(line + n, sizeof(line) - n, "   matched \"%s\": %s, %.2f %%",
			 gtk_entry_get_text(GTK_ENTRY(fl->find)),
			 weight_str(fl, fl->matched, m, sizeof(m)),
			 of ? 100.0 * (double)fl->matched / (double)of : 0.0);
	}
	if (strcmp(gtk_label_get_text(GTK_LABEL(fl->info)), line))
		gtk_label_set_text(GTK_LABEL(fl->info), line);
}

static void search(struct gv_flame *fl)
{
	if (!fl->f)
		return;
	fl->matched = lttr_flame_match(fl->f, gtk_entry_get_text(GTK_ENTRY(fl->find)), fl->zoom,
				       fl->match);
	set_info(fl);
	gtk_widget_queue_draw(fl->area);
}

static void set_zoom(struct gv_flame *fl, long z)
{
	fl->zoom = z;
	g_free(fl->zoom_path);
	fl->zoom_path = z >= 0 ? box_path(fl->f, z) : NULL;
	search(fl);
}

static void drop(struct gv_flame *fl)
{
	lttr_flame_free(fl->f);
	lttr_stacks_free(fl->s);
	free(fl->rect);
	free(fl->match);
	fl->f = NULL;
	fl->s = NULL;
	fl->rect = NULL;
	fl->match = NULL;
}

static void fl_free(struct gv_flame *fl)
{
	drop(fl);
	g_free(fl->zoom_path);
	free(fl);
}

static int progress(void *arg, unsigned int permille)
{
	struct gv_flame *fl = arg;

	return gv_progress_step(fl->gp, permille) || fl->dead;
}

/*
 * Fold the stacks of the kind typed over the selection, else the window:
 * the graph drawn stays until the new one is there (the dialog's Cancel
 * keeps it, said in the line above).  False when the tab went meanwhile
 * (then freed).
 */
static bool compute(struct gv_flame *fl)
{
	struct gv_doc *d = fl->d;
	struct lttr_stacks_opts o = { .windowed = true, .syscall_nr = -1 };
	const char *k = gtk_entry_get_text(GTK_ENTRY(gtk_bin_get_child(GTK_BIN(fl->kind))));
	struct lttr_stacks *s = NULL;
	struct lttr_error err;
	char kindtext[64], what[160];
	bool marks;
	int kind, r;

	if (fl->busy)		/* a fold under way: this one when shown again */
		return !(fl->stale = true);
	fl->stale = false;
	snprintf(kindtext, sizeof(kindtext), "%s", k);
	g_strstrip(kindtext);
	kind = lttr_stacks_kind_parse(kindtext, &o.event_id, &o.syscall_nr);
	if (kind < 0) {
		drop(fl);
		fl->canceled[0] = '\0';
		snprintf(fl->kindtext, sizeof(fl->kindtext), "%s", kindtext);
		snprintf(fl->msg, sizeof(fl->msg), "\"%s\" is not a kind of stacks: offcpu, wakeup, "
			 "cpu, syscall:NAME or an event's name", fl->kindtext);
		set_info(fl);
		gtk_widget_queue_resize(fl->area);
		return true;
	}
	o.kind = (unsigned int)kind;
	marks = lttr_viewport_marks(&d->s.vp, &o.from_ns, &o.to_ns);
	if (!marks) {
		o.from_ns = d->s.vp.t0;
		o.to_ns = d->s.vp.t1;
	}
	o.has_pid = d->s.sel_pid != 0;
	o.pid = d->s.sel_pid;
	o.syms = open_syms(d);
	o.progress = progress;
	o.progress_arg = fl;
	snprintf(what, sizeof(what), "Folding the %s stacks of the %s", kindtext,
		 marks ? "selection A-B" : "window");
	fl->busy = true;
	fl->gp = gv_progress_begin(d, what);
	r = lttr_stacks_compute(d->s.t, &o, &s, &err);
	gv_progress_end(fl->gp);
	fl->gp = NULL;
	fl->busy = false;
	lttr_syms_close(o.syms);
	if (fl->dead) {
		lttr_stacks_free(s);
		fl_free(fl);
		return false;
	}
	if (r == -LTTR_E_CANCELED) {
		/* the graph drawn stays, and says so */
		snprintf(fl->canceled, sizeof(fl->canceled), "(%s: canceled; the graph is the one "
			 "before)", what);
		set_info(fl);
		gv_doc_message(d, false, "the flame graph: %s canceled", what);
		return true;
	}
	drop(fl);
	fl->canceled[0] = '\0';
	snprintf(fl->kindtext, sizeof(fl->kindtext), "%s", kindtext);
	fl->marks = marks;
	fl->from = o.from_ns;
	fl->to = o.to_ns;
	fl->pid = o.pid;
	if (r < 0) {
		snprintf(fl->msg, sizeof(fl->msg), "the stacks: %s", err.msg);
		set_info(fl);
		gtk_widget_queue_resize(fl->area);
		return true;
	}
	fl->s = s;
	if (lttr_flame_layout(fl->s, &fl->f) < 0 ||
	    !(fl->rect = calloc(fl->f->nboxes + 1, sizeof(*fl->rect))) ||
	    !(fl->match = calloc(fl->f->nboxes + 1, 1))) {
		drop(fl);
		snprintf(fl->msg, sizeof(fl->msg), "the stacks: out of memory");
		set_info(fl);
		return true;
	}
	if (!fl->s->has_stacks)
		snprintf(fl->msg, sizeof(fl->msg), "The trace has no %s stacks (traced --stacks "
			 "records them: docs/stacks.md).", fl->kindtext);
	else if (!fl->f->nboxes)
		snprintf(fl->msg, sizeof(fl->msg), "No %s stacks in this %s.", fl->kindtext,
			 fl->marks ? "selection A-B" : "window");
	else
		fl->msg[0] = '\0';
	/* the graph's height: its levels */
	gtk_widget_set_size_request(fl->area, -1, 2 * PAD + (int)fl->f->depth * ROW_H);
	fl->zoom = find_path(fl->f, fl->zoom_path);
	if (fl->zoom < 0) {
		g_free(fl->zoom_path);
		fl->zoom_path = NULL;
	}
	gtk_widget_queue_resize(fl->area);
	search(fl);
	return true;
}

/* the rectangle of each box at width @width, height @height */
static void layout(struct gv_flame *fl, int width, int height)
{
	const struct lttr_flame *f = fl->f;
	uint64_t zx = 0, zw;
	double W = width - 2 * PAD;
	size_t i, from = 0, to;

	if (!f)
		return;
	zw = f->total;
	to = f->nboxes;
	if (fl->zoom >= 0) {
		zx = f->boxes[fl->zoom].x;
		zw = f->boxes[fl->zoom].w;
		from = (size_t)fl->zoom;
		to = lttr_flame_subtree_end(f, from);
	}
	memset(fl->rect, 0, f->nboxes * sizeof(*fl->rect));
	for (i = 0; i < f->nboxes && zw && W > 0; i++) {
		const struct lttr_flame_box *b = &f->boxes[i];
		struct gv_frect *r = &fl->rect[i];
		int x0, x1;

		if (i >= from && i < to) {
			x0 = PAD + (int)((double)(b->x - zx) * W / (double)zw);
			x1 = PAD + (int)((double)(b->x + b->w - zx) * W / (double)zw);
		} else if (fl->zoom >= 0 && is_ancestor(f, (long)i, fl->zoom)) {
			x0 = PAD;
			x1 = PAD + (int)W;
			r->faded = true;
		} else {
			continue;
		}
		if (x1 - x0 < 1)
			continue;
		r->x = x0;
		r->w = x1 - x0;
		r->y = height - PAD - (int)(b->depth + 1) * ROW_H;
		r->h = ROW_H;
	}
}

/* a warm colour of its own for each name (flamegraph.pl's "hot") */
static void box_rgb(const struct gv_flame *fl, size_t i, double rgb[3])
{
	const char *name = fl->f->boxes[i].name;
	guint h = g_str_hash(name);

	if (fl->match[i]) {
		memcpy(rgb, MATCH_RGB, sizeof(MATCH_RGB));
		return;
	}
	if (!strcmp(name, "[no stack]")) {
		memcpy(rgb, NOSTACK_RGB, sizeof(NOSTACK_RGB));
		return;
	}
	rgb[0] = (205 + (h % 50)) / 255.0;
	rgb[1] = (80 + ((h >> 8) % 150)) / 255.0;
	rgb[2] = (((h >> 16) % 55)) / 255.0;
	if (fl->rect[i].faded) {
		rgb[0] = (rgb[0] + 2) / 3;
		rgb[1] = (rgb[1] + 2) / 3;
		rgb[2] = (rgb[2] + 2) / 3;
	}
}

static gboolean on_draw(GtkWidget *w, cairo_t *cr, gpointer data)
{
	struct gv_flame *fl = data;
	int width = gtk_widget_get_allocated_width(w), height = gtk_widget_get_allocated_height(w);
	PangoLayout *pl;
	size_t i;

	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	if (!fl->f || !fl->f->nboxes)
		return TRUE;
	layout(fl, width, height);
	pl = gtk_widget_create_pango_layout(w, NULL);
	pango_layout_set_ellipsize(pl, PANGO_ELLIPSIZE_END);
	for (i = 0; i < fl->f->nboxes; i++) {
		const struct gv_frect *r = &fl->rect[i];
		double rgb[3];
		int tw, th;

		if (!r->w)
			continue;
		box_rgb(fl, i, rgb);
		cairo_set_source_rgb(cr, rgb[0], rgb[1], rgb[2]);
		/* a pixel of white between neighbours and levels */
		cairo_rectangle(cr, r->x, r->y, r->w > 1 ? r->w - 1 : 1, r->h - 1);
		cairo_fill(cr);
		if (r->w < 24)
			continue;
		pango_layout_set_text(pl, fl->f->boxes[i].name, -1);
		pango_layout_set_width(pl, (r->w - 6) * PANGO_SCALE);
		pango_layout_get_pixel_size(pl, &tw, &th);
		cairo_set_source_rgb(cr, 0, 0, 0);
		cairo_move_to(cr, r->x + 3, r->y + (r->h - 1 - th) / 2.0);
		pango_cairo_show_layout(cr, pl);
	}
	g_object_unref(pl);
	gv_flame_dump_env(fl->d);
	return TRUE;
}

static long box_at(const struct gv_flame *fl, double x, double y)
{
	size_t i;

	for (i = 0; fl->f && i < fl->f->nboxes; i++) {
		const struct gv_frect *r = &fl->rect[i];

		if (r->w && x >= r->x && x < r->x + r->w && y >= r->y && y < r->y + r->h)
			return (long)i;
	}
	return -1;
}

static gboolean on_press(GtkWidget *w, GdkEventButton *ev, gpointer data)
{
	struct gv_flame *fl = data;
	long i;

	if (ev->type != GDK_BUTTON_PRESS || ev->button != 1 || !fl->f)
		return FALSE;
	gtk_widget_grab_focus(w);
	i = box_at(fl, ev->x, ev->y);
	/* the zoomed box or one of its ancestors: out to its parent */
	if (i >= 0 && fl->zoom >= 0 && (i == fl->zoom || is_ancestor(fl->f, i, fl->zoom)))
		i = fl->f->boxes[i].parent;
	set_zoom(fl, i);
	return TRUE;
}

static gboolean on_tooltip(GtkWidget *w, gint x, gint y, gboolean kb, GtkTooltip *tip,
			   gpointer data)
{
	struct gv_flame *fl = data;
	long i = box_at(fl, x, y);
	char v[48], sv[48], text[1200];
	const struct lttr_flame_box *b;

	(void)kb;
	if (i < 0)
		return FALSE;
	b = &fl->f->boxes[i];
	snprintf(text, sizeof(text), "%s\n%s, %.2f %% of all (%s its own)\nclick: %s",
		 b->name, weight_str(fl, b->w, v, sizeof(v)),
		 fl->f->total ? 100.0 * (double)b->w / (double)fl->f->total : 0.0,
		 weight_str(fl, b->self, sv, sizeof(sv)),
		 i == fl->zoom || (fl->zoom >= 0 && is_ancestor(fl->f, i, fl->zoom)) ?
		 "zoom out" : "zoom to this frame");
	gtk_tooltip_set_text(tip, text);
	atk_object_set_description(gtk_widget_get_accessible(w), text);
	return TRUE;
}

static void on_kind(GtkComboBox *c, gpointer data)
{
	struct gv_flame *fl = data;

	/* a kind chosen from the list, or Enter after one typed */
	if (gtk_combo_box_get_active(c) >= 0)
		compute(fl);
}

static void on_kind_enter(GtkEntry *e, gpointer data)
{
	(void)e;
	compute(data);
}

static void on_find(GtkSearchEntry *e, gpointer data)
{
	(void)e;
	search(data);
}

static void follow(void *view, unsigned int what)
{
	struct gv_flame *fl = view;

	if (!(what & (GV_WINDOW | GV_MARKS | GV_SELECT)))
		return;
	/* a pass of the trace: only for the tab on the screen */
	if (gtk_widget_get_mapped(fl->box))
		compute(fl);
	else
		fl->stale = true;
}

static void on_map(GtkWidget *w, gpointer data)
{
	struct gv_flame *fl = data;

	(void)w;
	if (fl->stale)
		compute(fl);
}

static void on_destroy(GtkWidget *w, gpointer data)
{
	struct gv_flame *fl = data;

	(void)w;
	gv_doc_unlisten(fl->d, fl);
	if (fl->d->flame == fl)
		fl->d->flame = NULL;
	fl->dead = true;
	if (!fl->busy)	/* else the pass frees it when it returns */
		fl_free(fl);
}

void gv_flame_find(struct gv_doc *d)
{
	if (d->flame)
		gtk_widget_grab_focus(d->flame->find);
}

bool gv_flame_shown(const struct gv_doc *d)
{
	return d->flame && gtk_widget_get_mapped(d->flame->box);
}

GtkWidget *gv_flame_new(struct gv_doc *d)
{
	static const char *const kinds[] = { "offcpu", "wakeup", "cpu", "syscall_entry" };
	struct gv_flame *fl = calloc(1, sizeof(*fl));
	GtkWidget *bar, *sw, *l;
	size_t i;

	if (!fl)
		return gtk_label_new("out of memory");
	fl->d = d;
	fl->zoom = -1;
	fl->stale = true;
	d->flame = fl;
	fl->box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2);
	gtk_widget_set_name(fl->box, "flame");
	bar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
	l = gtk_label_new("Stacks:");
	gtk_box_pack_start(GTK_BOX(bar), l, FALSE, FALSE, 0);
	fl->kind = gtk_combo_box_text_new_with_entry();
	gtk_widget_set_name(fl->kind, "flame-kind");
	for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		gtk_combo_box_text_append_text(GTK_COMBO_BOX_TEXT(fl->kind), kinds[i]);
	gtk_combo_box_set_active(GTK_COMBO_BOX(fl->kind), 0);
	atk_object_set_name(gtk_widget_get_accessible(fl->kind), "Kind of stacks");
	atk_object_set_name(gtk_widget_get_accessible(gtk_bin_get_child(GTK_BIN(fl->kind))),
			    "Kind of stacks");
	gtk_widget_set_tooltip_text(fl->kind, "offcpu (blocked time), wakeup (the wakers), cpu "
				    "(the samples), syscall:NAME or an event's name; Enter folds it");
	gtk_box_pack_start(GTK_BOX(bar), fl->kind, FALSE, FALSE, 0);
	fl->find = gtk_search_entry_new();
	gtk_widget_set_name(fl->find, "flame-find");
	gtk_entry_set_placeholder_text(GTK_ENTRY(fl->find), "Find a frame (/)");
	atk_object_set_name(gtk_widget_get_accessible(fl->find), "Find a frame");
	gtk_box_pack_start(GTK_BOX(bar), fl->find, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(fl->box), bar, FALSE, FALSE, 2);
	fl->info = gtk_label_new("");
	gtk_widget_set_name(fl->info, "flame-info");
	atk_object_set_name(gtk_widget_get_accessible(fl->info), "Flame graph information");
	gtk_label_set_xalign(GTK_LABEL(fl->info), 0);
	gtk_label_set_selectable(GTK_LABEL(fl->info), TRUE);
	gtk_label_set_line_wrap(GTK_LABEL(fl->info), TRUE);
	gtk_box_pack_start(GTK_BOX(fl->box), fl->info, FALSE, FALSE, 0);
	fl->area = gtk_drawing_area_new();
	gtk_widget_set_name(fl->area, "flame-graph");
	atk_object_set_name(gtk_widget_get_accessible(fl->area), "Flame graph boxes");
	gtk_widget_set_can_focus(fl->area, TRUE);
	gtk_widget_set_has_tooltip(fl->area, TRUE);
	gtk_widget_add_events(fl->area, GDK_BUTTON_PRESS_MASK);
	gtk_widget_set_vexpand(fl->area, TRUE);
	sw = gtk_scrolled_window_new(NULL, NULL);
	gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(sw), GTK_POLICY_NEVER,
				       GTK_POLICY_AUTOMATIC);
	gtk_container_add(GTK_CONTAINER(sw), fl->area);
	gtk_box_pack_start(GTK_BOX(fl->box), sw, TRUE, TRUE, 0);
	g_signal_connect(fl->area, "draw", G_CALLBACK(on_draw), fl);
	g_signal_connect(fl->area, "button-press-event", G_CALLBACK(on_press), fl);
	g_signal_connect(fl->area, "query-tooltip", G_CALLBACK(on_tooltip), fl);
	g_signal_connect(fl->kind, "changed", G_CALLBACK(on_kind), fl);
	g_signal_connect(gtk_bin_get_child(GTK_BIN(fl->kind)), "activate",
			 G_CALLBACK(on_kind_enter), fl);
	g_signal_connect(fl->find, "search-changed", G_CALLBACK(on_find), fl);
	g_signal_connect(fl->box, "map", G_CALLBACK(on_map), fl);
	g_signal_connect(fl->box, "destroy", G_CALLBACK(on_destroy), fl);
	gv_doc_listen(d, follow, fl);
	return fl->box;
}

void gv_flame_dump(struct gv_doc *d, GtkWidget *top, FILE *f)
{
	const struct gv_flame *fl = d->flame;
	int ox = 0, oy = 0;
	size_t i;

	if (!fl)
		return;
	gtk_widget_translate_coordinates(fl->area, top, 0, 0, &ox, &oy);
	fprintf(f, "{\"x\": %d, \"y\": %d, \"width\": %d, \"height\": %d, \"mapped\": %s, "
		"\"kind\": ", ox, oy, gtk_widget_get_allocated_width(fl->area),
		gtk_widget_get_allocated_height(fl->area),
		gtk_widget_get_mapped(fl->area) ? "true" : "false");
	gv_json_str(f, fl->kindtext);
	fprintf(f, ", \"info\": ");
	gv_json_str(f, gtk_label_get_text(GTK_LABEL(fl->info)));
	fprintf(f, ", \"message\": ");
	gv_json_str(f, fl->msg);
	fprintf(f, ", \"from_ns\": %llu, \"to_ns\": %llu, \"pid\": %u, \"zoom\": %ld, "
		"\"search\": ", (unsigned long long)fl->from, (unsigned long long)fl->to, fl->pid,
		fl->zoom);
	gv_json_str(f, gtk_entry_get_text(GTK_ENTRY(fl->find)));
	fprintf(f, ", \"matched\": %llu, \"total\": %llu, \"boxes\": [",
		(unsigned long long)fl->matched, (unsigned long long)(fl->f ? fl->f->total : 0));
	for (i = 0; fl->f && i < fl->f->nboxes; i++) {
		const struct lttr_flame_box *b = &fl->f->boxes[i];
		const struct gv_frect *r = &fl->rect[i];
		double rgb[3];

		box_rgb(fl, i, rgb);
		fprintf(f, "%s\n {\"name\": ", i ? "," : "");
		gv_json_str(f, b->name);
		fprintf(f, ", \"depth\": %u, \"parent\": %ld, \"x\": %llu, \"w\": %llu, "
			"\"self\": %llu, \"match\": %s, \"faded\": %s, \"rect\": [%d, %d, %d, %d], "
			"\"rgb\": [%.6f, %.6f, %.6f]}", b->depth, b->parent,
			(unsigned long long)b->x, (unsigned long long)b->w,
			(unsigned long long)b->self, fl->match[i] ? "true" : "false",
			r->faded ? "true" : "false", r->x, r->y, r->w, r->h, rgb[0], rgb[1], rgb[2]);
	}
	fprintf(f, "]}\n");
}

/* LTTR_GTK_FLAME_DUMP=FILE (a test hook, docs/testing.md): the dump after each draw */
void gv_flame_dump_env(struct gv_doc *d)
{
	const char *path = getenv("LTTR_GTK_FLAME_DUMP");
	char tmp[4200];
	FILE *f;

	if (!path || !d->flame)
		return;
	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	f = fopen(tmp, "w");
	if (!f)
		return;
	gv_flame_dump(d, gtk_widget_get_toplevel(d->flame->area), f);
	if (!fclose(f))
		rename(tmp, path);
}

/* the stack records of the whole trace, once, named as the tab names them */
static bool index_stacks(struct gv_doc *d)
{
	struct lttr_error err;

	if (d->stk_failed || !lttr_stacks_recorded(d->s.t))
		return false;
	if (!d->stkidx) {
		if (!d->stksyms)
			d->stksyms = open_syms(d);
		if (lttr_stackidx_build(d->s.t, d->stksyms, 0, UINT64_MAX, &d->stkidx, &err) < 0) {
			d->stk_failed = true;
			gv_doc_message(d, true, "the stacks: %s", err.msg);
			return false;
		}
	}
	return true;
}

static char *gdup(char *f)
{
	char *g = f ? g_strdup(f) : NULL;

	free(f);
	return g;
}

char *gv_event_stack(struct gv_doc *d, const struct lttr_event *ev)
{
	char *f = NULL;

	if (!index_stacks(d) || lttr_stackidx_of_event(d->stkidx, ev, &f) < 0)
		return NULL;
	return gdup(f);
}

char *gv_block_stack(struct gv_doc *d, uint32_t pid, uint64_t block_ns)
{
	char *f = NULL;

	if (!index_stacks(d) ||
	    lttr_stackidx_fold(d->stkidx, LTT_EV_SCHEDCHANGE, pid, block_ns, -1, &f) < 0)
		return NULL;
	return gdup(f);
}

void gv_stacks_free(struct gv_doc *d)
{
	lttr_stackidx_free(d->stkidx);
	d->stkidx = NULL;
	lttr_syms_close(d->stksyms);
	d->stksyms = NULL;
}
