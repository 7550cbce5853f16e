// SPDX-License-Identifier: GPL-2.0
/*
 * graph.c - the control flow (one row per task: each process, its threads
 * under it) and resources (CPU, irq, softirq rows) views.
 *
 * A row is drawn from lttr_view_cells() at one column per pixel: runs of
 * pixels of the same category become one bar, coloured by category, full
 * height while running and thinner while waiting.  Over the bars: ticks
 * where events happened without a change (when a pixel holds at most one
 * change: zoomed in), a glyph per event by class where the window leaves
 * room for single events (evicons.c), red marks where events were lost,
 * and between the
 * rows the links of the window (lttr_view_links()): a vertical line at
 * every task switch from the task switched out to the one switched in, an
 * arrow from waker to wakee at every wakeup, from parent to child at every
 * fork.  Then the cursor, markers A and B and the dragged selection.
 * Drawing costs pixels x rows whatever the zoom.  The cells of each row
 * drawn are kept until the window, its width or the filters change, so
 * that a repaint (the cursor moved, a tooltip, an expose) costs only the
 * bars; the time of each paint is kept for the benchmark
 * (gv_graph_last_draw_ms(): the last paint, and the paint that computed
 * new cells).
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <lttr/replay/replay.h>
#include "gv.h"

#define LABEL_W 230.0
#define RULER_H 22.0
#define MAX_LINKS 4000
#define ICON_SIZE 9.0	/* an event's glyph, pixels across */
#define ICON_ROOM 12.0	/* pixels per event in the window for the glyphs */
#define COUNTER_H 40.0	/* a counter's row in the strip under the control flow */
#define MARK_H 6.0	/* a job's bracket: its ends' height over the row's bottom */

struct gv_graph {
	struct gv_doc *d;
	bool resources;
	GtkWidget *box;
	GtkWidget *area;
	GtkWidget *counters;	/* the counters' strip (control flow), or NULL */
	struct lttr_appmarks *am;	/* the application markers (control flow) */
	GtkWidget *scroll;
	GtkAdjustment *vadj;
	size_t *all;		/* rows of the view model, in tree order */
	unsigned char *depth;
	size_t nall;
	bool *collapsed;	/* per entry of @all: its threads are hidden */
	size_t *vis;		/* entries of @all shown */
	bool *dim;		/* per entry of @vis */
	size_t nvis;
	unsigned char *active;	/* per entry of @all: 0 unknown, 1 no, 2 yes */
	uint64_t act_t0;
	uint64_t act_t1;
	double row_h;
	bool dragging;
	bool dragged;
	double drag_x0;
	double drag_x1;
	struct lttr_vlink *links;
	size_t nlinks;		/* ... of the window links_t0..links_t1 */
	uint64_t links_t0;
	uint64_t links_t1;
	bool links_valid;	/* they were asked for that window, and fit */
	struct lttr_iter *it;	/* the events of the window, for their glyphs */
	double last_ms;
	double last_fresh_ms;	/* the last paint that computed cells */
	struct lttr_vcell **cache;	/* per entry of @all: its cells, or NULL */
	uint64_t cache_t0;	/* ... for this window and width */
	uint64_t cache_t1;
	int cache_n;
	bool cache_valid;
};

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static bool row_active(struct gv_graph *g, size_t i)
{
	struct gv_doc *d = g->d;

	if (g->act_t0 != d->s.vp.t0 || g->act_t1 != d->s.vp.t1) {
		memset(g->active, 0, g->nall);
		g->act_t0 = d->s.vp.t0;
		g->act_t1 = d->s.vp.t1;
	}
	if (!g->active[i])
		g->active[i] = lttr_view_row_active(d->s.v, g->all[i], d->s.vp.t0, d->s.vp.t1) ? 2 : 1;
	return g->active[i] == 2;
}

/* the view's group row of the idle kernel threads, or SIZE_MAX */
static size_t group_of(const struct gv_graph *g)
{
	size_t n = lttr_view_nrows(g->d->s.v);

	return !g->resources && n && lttr_view_row(g->d->s.v, n - 1)->kind == LTTR_VROW_GROUP ?
		n - 1 : SIZE_MAX;
}

/* entry @e is collapsed: its threads (the group row: its members) hidden */
static bool collapsed(const struct gv_graph *g, size_t e)
{
	return g->all[e] == group_of(g) ? !g->d->s.idle_open : g->collapsed[e];
}

/* the rows shown: filter, collapsed processes, active rows only */
static void refresh_rows(struct gv_graph *g)
{
	struct gv_doc *d = g->d;
	size_t i, top = (size_t)gtk_adjustment_get_value(g->vadj);
	bool hide_threads = false;
	int page;

	g->nvis = 0;
	for (i = 0; i < g->nall; i++) {
		bool dim = false;

		if (g->all[i] == group_of(g) && d->s.row_sort != LTTR_VSORT_TRACED)
			continue;	/* only the first screen's order folds them */
		if (g->depth[i] == 0)
			hide_threads = collapsed(g, i);
		else if (hide_threads)
			continue;
		if (d->s.active_only && !row_active(g, i))
			continue;
		if (!gv_row_shown(d, g->all[i], &dim))
			continue;
		g->dim[g->nvis] = dim;
		g->vis[g->nvis++] = i;
	}
	page = (int)((gtk_widget_get_allocated_height(g->area) - RULER_H) / g->row_h);
	if (page < 1)
		page = 1;
	gtk_adjustment_configure(g->vadj, top < g->nvis ? (double)top : 0, 0,
				 (double)g->nvis, 1, page, page);
}

static double x_of(const struct gv_graph *g, uint64_t t, double width)
{
	const struct lttr_viewport *vp = &g->d->s.vp;
	double span = (double)(vp->t1 - vp->t0);

	return LABEL_W + (span > 0 ? ((double)t - (double)vp->t0) / span * width : 0);
}

static uint64_t t_of(const struct gv_graph *g, double x, double width)
{
	const struct lttr_viewport *vp = &g->d->s.vp;
	double f = (x - LABEL_W) / width;

	if (f < 0)
		f = 0;
	if (f > 1)
		f = 1;
	return vp->t0 + (uint64_t)(f * (double)(vp->t1 - vp->t0));
}

/* a round step for ~100 px */
static uint64_t tick_step(uint64_t span, double width)
{
	double want = (double)span * 100.0 / (width > 1 ? width : 1);
	uint64_t s = 1;

	while ((double)s * 10 <= want)
		s *= 10;
	if ((double)s * 5 <= want)
		return s * 5;
	if ((double)s * 2 <= want)
		return s * 2;
	return s;
}

/* seconds with as many decimals as the step needs, exact (no rounding) */
static void tick_label(uint64_t ns, uint64_t step, char *buf, size_t size)
{
	int dec = 9;
	uint64_t frac = ns % 1000000000, div = 1;

	while (dec > 0 && step % (div * 10) == 0) {
		div *= 10;
		dec--;
	}
	if (dec)
		snprintf(buf, size, "%llu.%0*llu", (unsigned long long)(ns / 1000000000), dec,
			 (unsigned long long)(frac / div));
	else
		snprintf(buf, size, "%llu", (unsigned long long)(ns / 1000000000));
}

/* the predicate's hit marks on the ruler */
#define PRED_R 0.85
#define PRED_G 0.0
#define PRED_B 0.65

static void draw_ruler(struct gv_graph *g, cairo_t *cr, double width)
{
	const struct lttr_viewport *vp = &g->d->s.vp;
	uint64_t span = vp->t1 - vp->t0, step = tick_step(span, width), t;
	uint64_t base = lttr_trace_header(g->d->s.t)->start_ns;
	size_t first, n, i;
	char lab[48];

	cairo_set_source_rgb(cr, 0.93, 0.93, 0.93);
	cairo_rectangle(cr, 0, 0, LABEL_W + width, RULER_H);
	cairo_fill(cr);
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_set_font_size(cr, 10);
	cairo_move_to(cr, 4, 15);
	cairo_show_text(cr, g->resources ? "resource" : "pid  task");
	for (t = (vp->t0 - base + step - 1) / step * step + base; t <= vp->t1 && step; t += step) {
		double x = floor(x_of(g, t, width)) + 0.5;

		cairo_move_to(cr, x, RULER_H - 6);
		cairo_line_to(cr, x, RULER_H);
		cairo_stroke(cr);
		tick_label(t - base, step, lab, sizeof(lab));
		cairo_move_to(cr, x + 2, 11);
		cairo_show_text(cr, lab);
	}
	/* the predicate's hits (p) in the window: a magenta triangle each, on the ruler's foot */
	n = lttr_session_pred_in(&g->d->s, vp->t0, vp->t1, &first);
	cairo_set_source_rgb(cr, PRED_R, PRED_G, PRED_B);
	for (i = first; i < first + n; i++) {
		double x = floor(x_of(g, g->d->s.pred_hits[i].time_ns, width)) + 0.5;

		cairo_move_to(cr, x - 4, RULER_H);
		cairo_line_to(cr, x + 4, RULER_H);
		cairo_line_to(cr, x, RULER_H - 7);
		cairo_close_path(cr);
		cairo_fill(cr);
	}
}

/*
 * The control flow's rows in the order View -> Rows by asks for
 * (lttr_view_task_sort(): the traced command's processes first then the
 * busiest, or processes and the threads under each by pid, name or time
 * running in the window), each entry's folding, cells and
 * activity kept with its row
 */
static void sort_rows(struct gv_graph *g)
{
	struct gv_doc *d = g->d;
	size_t nrows = lttr_view_nrows(d->s.v), i;
	size_t *all = calloc(g->nall ? g->nall : 1, sizeof(*all));
	unsigned char *depth = calloc(g->nall ? g->nall : 1, 1);
	struct lttr_vcell **cache = calloc(nrows ? nrows : 1, sizeof(*cache));
	bool *folded = calloc(nrows ? nrows : 1, sizeof(*folded));
	long n;

	if (!all || !depth || !cache || !folded ||
	    (n = lttr_view_task_sort(d->s.v, d->s.row_sort, d->s.vp.t0, d->s.vp.t1, true, all,
				     depth)) < 0 ||
	    (size_t)n + (group_of(g) != SIZE_MAX && d->s.row_sort != LTTR_VSORT_TRACED) !=
	    g->nall) {
		gv_doc_message(d, true, "the rows could not be sorted (out of memory)");
		free(all);
		free(depth);
		free(cache);
		free(folded);
		return;
	}
	if ((size_t)n < g->nall) {	/* the group row is not in that order: last, hidden */
		all[n] = group_of(g);
		depth[n] = 0;
	}
	for (i = 0; i < g->nall; i++) {
		cache[g->all[i]] = g->cache[i];
		folded[g->all[i]] = g->collapsed[i];
	}
	for (i = 0; i < g->nall; i++) {
		g->all[i] = all[i];
		g->depth[i] = depth[i];
		g->cache[i] = cache[all[i]];
		g->collapsed[i] = folded[all[i]];
	}
	memset(g->active, 0, g->nall);	/* known again when asked */
	free(all);
	free(depth);
	free(cache);
	free(folded);
}

static void row_label(const struct gv_graph *g, size_t e, char *buf, size_t size)
{
	const struct lttr_vrow_info *in = lttr_view_row(g->d->s.v, g->all[e]);

	switch (in->kind) {
	case LTTR_VROW_TASK:
		snprintf(buf, size, "%s%u %s", g->depth[e] ? "    " : "", in->id, in->name);
		break;
	case LTTR_VROW_GROUP:
		snprintf(buf, size, "%s", in->name);
		break;
	case LTTR_VROW_CPU:
		snprintf(buf, size, "cpu %u", in->id);
		break;
	case LTTR_VROW_IRQ:
		snprintf(buf, size, in->sysvec ? "vector 0x%x %s" : "irq %u %s", in->id,
			 in->name ? in->name : "");
		break;
	default:
		snprintf(buf, size, "softirq %s", in->name ? in->name : "?");
		break;
	}
}

static bool has_threads(const struct gv_graph *g, size_t e)
{
	return g->depth[e] == 0 && e + 1 < g->nall && g->depth[e + 1] == 1;
}

static void cache_drop(struct gv_graph *g)
{
	size_t i;

	for (i = 0; g->cache && i < g->nall; i++) {
		free(g->cache[i]);
		g->cache[i] = NULL;
	}
	g->cache_valid = false;
}

/* the cells of entry @e for the window, computed when not kept */
static const struct lttr_vcell *cells_of(struct gv_graph *g, size_t e, int n, bool *fresh)
{
	struct gv_doc *d = g->d;

	if (!g->cache_valid || g->cache_t0 != d->s.vp.t0 || g->cache_t1 != d->s.vp.t1 ||
	    g->cache_n != n) {
		cache_drop(g);
		g->cache_t0 = d->s.vp.t0;
		g->cache_t1 = d->s.vp.t1;
		g->cache_n = n;
		g->cache_valid = true;
	}
	if (!g->cache[e]) {
		g->cache[e] = malloc((size_t)n * sizeof(*g->cache[e]));
		if (!g->cache[e])
			return NULL;
		if (lttr_view_cells(d->s.v, g->all[e], d->s.vp.t0, d->s.vp.t1, (unsigned int)n,
				    g->cache[e])) {
			free(g->cache[e]);
			g->cache[e] = NULL;
			return NULL;
		}
		*fresh = true;
	}
	return g->cache[e];
}

/*
 * The cells of the visible entries @first.. (as many as @height shows)
 * that are not kept for the window, all at once on the machine's
 * processors (lttr_view_cells_many()): the paint after a zoom or a pan.
 * An entry whose cells could not be had is left to cells_of().
 */
static void cells_prefetch(struct gv_graph *g, size_t first, double height, int n, bool *fresh)
{
	struct gv_doc *d = g->d;
	size_t i, k = 0, cap;
	struct lttr_vcell **out;
	size_t *rows, *ents;
	int *res;
	double y;

	if (n <= 0 || first >= g->nvis || g->row_h <= 0 || height <= RULER_H)
		return;
	/* validates the cache for this window (entry @first's cells, if missing) */
	if (!cells_of(g, g->vis[first], n, fresh))
		return;
	cap = (size_t)((height - RULER_H) / g->row_h) + 2;
	if (cap > g->nvis - first)
		cap = g->nvis - first;
	rows = calloc(cap, sizeof(*rows));
	ents = calloc(cap, sizeof(*ents));
	out = calloc(cap, sizeof(*out));
	res = calloc(cap, sizeof(*res));
	for (i = first, y = RULER_H; rows && ents && out && res && i < g->nvis && k < cap &&
	     y < height; i++, y += g->row_h) {
		size_t e = g->vis[i];

		if (g->cache[e])
			continue;
		out[k] = malloc((size_t)n * sizeof(*out[k]));
		if (!out[k])
			break;
		ents[k] = e;
		rows[k++] = g->all[e];
	}
	if (k && !lttr_view_cells_many(d->s.v, rows, k, d->s.vp.t0, d->s.vp.t1, (unsigned int)n,
				       out, res, 0)) {
		for (i = 0; i < k; i++) {
			if (res[i])
				continue;
			g->cache[ents[i]] = out[i];
			out[i] = NULL;
			*fresh = true;
		}
	}
	for (i = 0; out && i < k; i++)
		free(out[i]);
	free(rows);
	free(ents);
	free(out);
	free(res);
}

/* the bars of one row, one run of equal pixels at a time */
static void draw_cells(struct gv_graph *g, cairo_t *cr, size_t e, double y,
		       double width, bool dim, bool *fresh)
{
	int n = (int)width, i = 0;
	const struct lttr_vcell *cells;
	enum lttr_vrow_kind kind;
	unsigned int cat, used = 0;

	if (n <= 0 || !(cells = cells_of(g, e, n, fresh)))
		return;
	for (i = 0; i < n; i++)
		if (!(cells[i].flags & LTTR_VCELL_OUTSIDE))
			used |= 1U << cells[i].cat;
	/* one path and one fill per colour: runs of equal pixels are its rectangles */
	for (cat = 0; cat < LTTR_VCAT_COUNT; cat++) {
		double r, gr, b, h = gv_cat_height(cat);

		if (!(used & (1U << cat)) || h <= 0)
			continue;
		for (i = 0; i < n;) {
			int k = i;

			if (cells[i].cat != cat || (cells[i].flags & LTTR_VCELL_OUTSIDE)) {
				i++;
				continue;
			}
			while (k < n && cells[k].cat == cat && !(cells[k].flags & LTTR_VCELL_OUTSIDE))
				k++;
			cairo_rectangle(cr, LABEL_W + i, y + 1 + (g->row_h - 2) * (1 - h) / 2, k - i,
					(g->row_h - 2) * h);
			i = k;
		}
		gv_cat_color(cat, &r, &gr, &b);
		if (dim) {
			r = 0.85 + r * 0.15;
			gr = 0.85 + gr * 0.15;
			b = 0.85 + b * 0.15;
		}
		cairo_set_source_rgb(cr, r, gr, b);
		cairo_fill(cr);
	}
	if (dim)
		return;
	/*
	 * Nothing vanishes when zoomed out: an interrupt or softirq row whose
	 * handler ran for less than half of a pixel's time is "none" there by
	 * the majority rule; the pixel still gets a one-pixel bar of the row's
	 * colour (its only other state).
	 */
	kind = lttr_view_row(g->d->s.v, g->all[e])->kind;
	if (kind == LTTR_VROW_IRQ || kind == LTTR_VROW_SOFTIRQ) {
		double r, gr, b;

		gv_cat_color(kind == LTTR_VROW_IRQ ? LTTR_VCAT_IRQ : LTTR_VCAT_SOFTIRQ, &r, &gr, &b);
		cairo_set_source_rgb(cr, r, gr, b);
		for (i = 0; i < n; i++)
			if (cells[i].cat == LTTR_VCAT_NONE && (cells[i].flags & LTTR_VCELL_CHANGES) &&
			    !(cells[i].flags & LTTR_VCELL_OUTSIDE))
				cairo_rectangle(cr, LABEL_W + i, y + 1, 1, g->row_h - 2);
		cairo_fill(cr);
	}
	/*
	 * A mark at the top: events without a change, and a pixel holding a
	 * whole state its bar does not show (two changes or more: a short
	 * syscall or interrupt inside a user pixel); then lost events, red,
	 * over them.  One path and one fill for each, not one per pixel.
	 */
	if (g->row_h >= 8) {
		for (i = 0; i < n; i++) {
			const struct lttr_vcell *c = &cells[i];

			if (!(c->flags & LTTR_VCELL_LOST) &&
			    (((c->flags & LTTR_VCELL_EVENTS) && c->changes <= 1) || c->changes >= 2)) {
				cairo_move_to(cr, LABEL_W + i + 0.5, y);
				cairo_line_to(cr, LABEL_W + i + 3.5, y);
				cairo_line_to(cr, LABEL_W + i + 0.5, y + 4);
				cairo_close_path(cr);
			}
		}
		cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
		cairo_fill(cr);
	}
	for (i = 0; i < n; i++)
		if (cells[i].flags & LTTR_VCELL_LOST)
			cairo_rectangle(cr, LABEL_W + i, y, 2, g->row_h);
	cairo_set_source_rgb(cr, 0.9, 0, 0);
	cairo_fill(cr);
}

/* the colours of jobs (brackets) and points (ticks) */
static const double job_rgb[3] = { 0.0, 0.0, 0.0 };
static const double point_rgb[3] = { 1.0, 0.0, 1.0 };

/*
 * Where job @k of @p (a task's placements) writes its name: @lx0..@lx1,
 * after its begin, when the row is tall enough and the name fits in the
 * job before any other job or point that starts inside it.  Sets @cr's
 * font size.
 */
static bool mark_label(const struct gv_graph *g, cairo_t *cr, const struct lttr_appmark_place *p,
		       size_t np, size_t k, double *lx0, double *lx1)
{
	const struct lttr_appmark_place *q = &p[k];
	double x0 = LABEL_W + (double)q->col0, x1 = LABEL_W + (double)q->col1;
	cairo_text_extents_t te;
	size_t j;

	cairo_set_font_size(cr, 9);
	if (q->m->kind != LTTR_APPMARK_JOB || g->row_h < 14 || x1 - x0 < 12)
		return false;
	cairo_text_extents(cr, q->m->name, &te);
	*lx0 = x0 + 3;
	*lx1 = *lx0 + te.x_advance;
	if (*lx1 + 1 > x1)
		return false;
	/* an inner job or a point that starts under the name hides it */
	for (j = 0; j < np; j++)
		if (j != k && p[j].col0 >= q->col0 && LABEL_W + (double)p[j].col0 <= *lx1 + 1 &&
		    (p[j].m->kind == LTTR_APPMARK_POINT || p[j].m->depth > q->m->depth))
			return false;
	return true;
}

/*
 * A task's application markers over its row (lttr_appmarks_place(), a
 * column per pixel as the cells): a job as a bracket along the row's
 * bottom, its open ends without their tick, its name over it where the
 * bracket is wide enough; a point as a tick the row's height.
 */
static void draw_marks(struct gv_graph *g, cairo_t *cr, uint32_t tid, double y, double width,
		       bool dim)
{
	unsigned int n = width >= 1 ? (unsigned int)width : 0;
	size_t k, np = lttr_appmarks_place(g->am, tid, &g->d->s.vp, n, NULL, 0);
	struct lttr_appmark_place *p;
	double base = floor(y + g->row_h) - 2;

	if (!np || dim || !(p = calloc(np, sizeof(*p))))
		return;
	lttr_appmarks_place(g->am, tid, &g->d->s.vp, n, p, np);
	cairo_save(cr);
	cairo_set_line_width(cr, 2);
	cairo_set_source_rgb(cr, job_rgb[0], job_rgb[1], job_rgb[2]);
	for (k = 0; k < np; k++) {
		const struct lttr_appmark_place *q = &p[k];
		double x0 = LABEL_W + (double)q->col0 + 1, x1 = LABEL_W + (double)q->col1 + 1;
		double up = base - MARK_H + q->m->depth * 2;

		if (q->m->kind != LTTR_APPMARK_JOB)
			continue;
		cairo_move_to(cr, x0, base);
		cairo_line_to(cr, x1, base);
		if (!q->cut_left && !(q->m->flags & LTTR_APPMARK_NO_BEGIN)) {
			cairo_move_to(cr, x0, base);
			cairo_line_to(cr, x0, up);
		}
		if (!q->cut_right && !(q->m->flags & LTTR_APPMARK_NO_END)) {
			cairo_move_to(cr, x1, base);
			cairo_line_to(cr, x1, up);
		}
	}
	cairo_stroke(cr);
	/* the names, inside their jobs, at the row's bottom */
	for (k = 0; k < np; k++) {
		double lx0, lx1;

		if (mark_label(g, cr, p, np, k, &lx0, &lx1)) {
			cairo_move_to(cr, lx0, base - 2);
			cairo_show_text(cr, p[k].m->name);
		}
	}
	cairo_set_source_rgb(cr, point_rgb[0], point_rgb[1], point_rgb[2]);
	cairo_set_line_width(cr, 1);
	for (k = 0; k < np; k++) {
		double x = LABEL_W + (double)p[k].col0 + 0.5;

		if (p[k].m->kind != LTTR_APPMARK_POINT)
			continue;
		cairo_move_to(cr, x, y + 1);
		cairo_line_to(cr, x, y + g->row_h - 1);
	}
	cairo_stroke(cr);
	cairo_restore(cr);
	free(p);
}

/* the y of a counter's value @v in its row at @y0, the window's range @lo..@hi */
static double counter_y(double y0, int64_t v, int64_t lo, int64_t hi)
{
	double f = hi > lo ? ((double)v - (double)lo) / ((double)hi - (double)lo) : 0.5;

	return floor(y0 + COUNTER_H - 6 - f * (COUNTER_H - 14)) + 0.5;
}

/*
 * The counters' strip: a row per counter (lttr_appmarks_bins(), a column
 * per pixel over the control flow's window): the label, then each
 * column's min..max as a light bar and a line through the value at each
 * column's end.
 */
static gboolean on_draw_counters(GtkWidget *w, cairo_t *cr, gpointer data)
{
	struct gv_graph *g = data;
	int width = gtk_widget_get_allocated_width(w), height = gtk_widget_get_allocated_height(w);
	/* the columns of the control flow above (the strip has no scrollbar) */
	double cw = gtk_widget_get_allocated_width(g->area) - LABEL_W, y0 = RULER_H / 2;
	size_t i, n = lttr_appmarks_ncounters(g->am);
	struct lttr_appbin *b;
	int c;

	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	if (cw < 10 || !(b = calloc((size_t)cw, sizeof(*b))))
		return TRUE;
	cairo_select_font_face(cr, "sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, 11);
	cairo_set_source_rgb(cr, 0.6, 0.6, 0.6);
	cairo_set_line_width(cr, 1);
	cairo_move_to(cr, 0, 0.5);
	cairo_line_to(cr, width, 0.5);
	cairo_stroke(cr);
	for (i = 0; i < n && y0 < height; i++, y0 += COUNTER_H) {
		const struct lttr_appcounter *k = lttr_appmarks_counter(g->am, i);
		int64_t lo, hi;
		char label[128];
		bool pen = false;

		lttr_appmarks_bins(g->am, i, &g->d->s.vp, (unsigned int)cw, b, &lo, &hi);
		snprintf(label, sizeof(label), "%u #%s", k->pid, k->name);
		cairo_set_source_rgb(cr, 0, 0, 0);
		cairo_move_to(cr, 13, y0 + 14);
		cairo_show_text(cr, label);
		snprintf(label, sizeof(label), "%" PRId64 "..%" PRId64, lo, hi);
		cairo_set_source_rgb(cr, 0.4, 0.4, 0.4);
		cairo_move_to(cr, 13, y0 + 28);
		cairo_show_text(cr, label);
		cairo_set_source_rgb(cr, 0.92, 0.92, 0.92);
		cairo_move_to(cr, LABEL_W, y0 + COUNTER_H - 0.5);
		cairo_line_to(cr, width, y0 + COUNTER_H - 0.5);
		cairo_stroke(cr);
		/* min..max of each column */
		cairo_set_source_rgb(cr, 0.7, 0.8, 0.95);
		for (c = 0; c < (int)cw; c++)
			if (b[c].known && b[c].min != b[c].max) {
				cairo_move_to(cr, LABEL_W + c + 0.5, counter_y(y0, b[c].min, lo, hi));
				cairo_line_to(cr, LABEL_W + c + 0.5, counter_y(y0, b[c].max, lo, hi));
			}
		cairo_stroke(cr);
		/* the line through the values at the columns' ends */
		cairo_set_source_rgb(cr, 0.1, 0.3, 0.8);
		for (c = 0; c < (int)cw; c++) {
			double x = LABEL_W + c, yy;

			if (!b[c].known) {
				pen = false;
				continue;
			}
			yy = counter_y(y0, b[c].last, lo, hi);
			if (pen)
				cairo_line_to(cr, x, yy);
			else
				cairo_move_to(cr, x, yy);
			cairo_line_to(cr, x + 1, yy);
			pen = true;
		}
		cairo_stroke(cr);
	}
	free(b);
	return TRUE;
}

/* the y of the middle of the shown row of @pid, or -1 */
static double y_of_pid(const struct gv_graph *g, uint32_t pid, size_t first, size_t last)
{
	size_t i;

	for (i = first; i < last; i++) {
		const struct lttr_vrow_info *in = lttr_view_row(g->d->s.v, g->all[g->vis[i]]);

		if (in->kind == LTTR_VROW_TASK && in->id == pid)
			return RULER_H + (double)(i - first) * g->row_h + g->row_h / 2;
	}
	return -1;
}

static void arrow(cairo_t *cr, double x, double y0, double y1)
{
	double dir = y1 > y0 ? 1 : -1;

	cairo_move_to(cr, x, y0);
	cairo_line_to(cr, x, y1);
	cairo_stroke(cr);
	cairo_move_to(cr, x, y1);
	cairo_line_to(cr, x - 3, y1 - 5 * dir);
	cairo_line_to(cr, x + 3, y1 - 5 * dir);
	cairo_close_path(cr);
	cairo_fill(cr);
}

static void draw_links(struct gv_graph *g, cairo_t *cr, double width, size_t first,
		       size_t last)
{
	struct gv_doc *d = g->d;
	size_t n, i;

	if (g->resources)
		return;
	/*
	 * kept for the window, as the cells are: zoomed to a few thousand
	 * links, asking the library again (it reads every event of the
	 * window) cost twice the rest of a repaint
	 */
	if (g->links_t0 != d->s.vp.t0 || g->links_t1 != d->s.vp.t1) {
		g->links_t0 = d->s.vp.t0;
		g->links_t1 = d->s.vp.t1;
		g->nlinks = 0;
		g->links_valid = !lttr_view_links(d->s.v, d->s.vp.t0, d->s.vp.t1, MAX_LINKS, g->links,
						  &g->nlinks);
	}
	if (!g->links_valid)
		return;
	n = g->nlinks;
	cairo_set_line_width(cr, 1);
	for (i = 0; i < n; i++) {
		const struct lttr_vlink *l = &g->links[i];
		double x = floor(x_of(g, l->time_ns, width)) + 0.5;
		double y0 = y_of_pid(g, l->from, first, last);
		double y1 = y_of_pid(g, l->to, first, last);

		if (y0 < 0 || y1 < 0 || l->from == l->to)
			continue;
		switch (l->kind) {
		case LTTR_VLINK_SWITCH:
			cairo_set_source_rgb(cr, 0.15, 0.15, 0.15);
			cairo_move_to(cr, x, y0);
			cairo_line_to(cr, x, y1);
			cairo_stroke(cr);
			break;
		case LTTR_VLINK_WAKEUP:
			cairo_set_source_rgb(cr, 0.9, 0.1, 0.1);
			arrow(cr, x, y0, y1);
			break;
		default:
			cairo_set_source_rgb(cr, 0.1, 0.6, 0.1);
			arrow(cr, x, y0, y1);
			break;
		}
	}
}

/*
 * Zoomed in, a glyph per event on its task's row (evicons.c: a shape and
 * colour per class, lttr_evclass_of()), at its time, in the upper half
 * of the row: only when the window holds at most one event per
 * ICON_ROOM pixels (lttr_view_count()), so that they are few and apart.
 * Events a hiding filter hides get none.  each_icon() places them, for
 * the paint (draw_icons()) and for --dump-cells (gv_graph_dump()): one
 * decision, so that a test knows every glyph drawn over the bars.
 */
typedef void (*icon_fn)(void *arg, unsigned int cls, uint32_t pid, double x, double y,
			double size);

static void each_icon(struct gv_graph *g, double width, size_t first, size_t last, icon_fn fn,
		      void *arg)
{
	struct gv_doc *d = g->d;
	uint64_t n = lttr_view_count(d->s.v, d->s.vp.t0, d->s.vp.t1 + 1);
	double size = g->row_h - 4 < ICON_SIZE ? g->row_h - 4 : ICON_SIZE;
	struct lttr_event ev;
	struct lttr_error err;

	if (g->resources || !n || (double)n > width / ICON_ROOM || size < 5)
		return;
	if (!g->it && lttr_iter_new(d->s.t, &g->it, &err) < 0)
		return;
	if (lttr_iter_seek_time(g->it, d->s.vp.t0) < 0)
		return;
	while (lttr_iter_next(g->it, &ev) == 1 && ev.time_ns <= d->s.vp.t1) {
		double y = y_of_pid(g, ev.pid, first, last);

		if (y < 0 || ev.time_ns < d->s.vp.t0 ||
		    (d->s.filter && d->s.filter_hide && !gv_event_match(d, &ev)))
			continue;
		fn(arg, lttr_evclass_of(ev.id), ev.pid, floor(x_of(g, ev.time_ns, width)) + 0.5,
		   y - g->row_h / 2 + size / 2 + 1, size);
	}
}

static void paint_icon(void *arg, unsigned int cls, uint32_t pid, double x, double y,
		       double size)
{
	(void)pid;
	gv_evicon(arg, cls, x, y, size);
}

static void draw_icons(struct gv_graph *g, cairo_t *cr, double width, size_t first,
		       size_t last)
{
	each_icon(g, width, first, last, paint_icon, cr);
}

/*
 * The critical path shown in its tab (critpath.c), over the rows of its
 * tasks: a line along each segment in the middle of its task's row, and
 * where the path goes from a task to another, a line between the rows
 */
static void draw_path(struct gv_graph *g, cairo_t *cr, double width, size_t first,
		      size_t last)
{
	const struct lttr_critpath *cp = gv_critpath_shown(g->d);
	const struct lttr_viewport *vp = &g->d->s.vp;
	double py = -1;
	size_t i;

	if (!cp)
		return;
	for (i = 0; i < cp->nseg; i++) {
		const struct lttr_cp_seg *s = &cp->seg[i];
		double y = y_of_pid(g, s->pid, first, last), x0, x1;

		if (y < 0 || s->end_ns < vp->t0 || s->start_ns > vp->t1) {
			py = -1;
			continue;
		}
		x0 = x_of(g, s->start_ns > vp->t0 ? s->start_ns : vp->t0, width);
		x1 = x_of(g, s->end_ns < vp->t1 ? s->end_ns : vp->t1, width);
		cairo_move_to(cr, x0, py >= 0 ? py : y);
		cairo_line_to(cr, x0, y);
		cairo_line_to(cr, x1 > x0 + 1 ? x1 : x0 + 1, y);
		/* dark violet on a white halo: no state has these colours */
		cairo_set_source_rgba(cr, 1, 1, 1, 0.8);
		cairo_set_line_width(cr, 5);
		cairo_stroke_preserve(cr);
		cairo_set_source_rgb(cr, 0.35, 0.0, 0.55);
		cairo_set_line_width(cr, 2.5);
		cairo_stroke(cr);
		py = y;
	}
}

static void vline(cairo_t *cr, double x, double h, double r, double g, double b, bool dash)
{
	double pat[] = { 4, 3 };

	cairo_set_source_rgb(cr, r, g, b);
	cairo_set_line_width(cr, 1.5);
	cairo_set_dash(cr, pat, dash ? 2 : 0, 0);
	cairo_move_to(cr, floor(x) + 0.5, 0);
	cairo_line_to(cr, floor(x) + 0.5, h);
	cairo_stroke(cr);
	cairo_set_dash(cr, NULL, 0, 0);
}

void gv_graph_draw_to(struct gv_graph *g, cairo_t *cr, int width, int height)
{
	struct gv_doc *d = g->d;
	double cw = width - LABEL_W, y = RULER_H, t_start = now_ms();
	size_t first = (size_t)gtk_adjustment_get_value(g->vadj), i, last;
	bool fresh = false;
	char label[160];
	int m;

	if (cw < 10)
		return;
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	draw_ruler(g, cr, cw);
	cairo_select_font_face(cr, "sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, g->row_h > 12 ? 11 : g->row_h - 1 > 5 ? g->row_h - 1 : 5);
	cells_prefetch(g, first, height, (int)cw, &fresh);
	for (i = first; i < g->nvis && y < height; i++, y += g->row_h) {
		size_t e = g->vis[i];
		size_t row = g->all[e];
		const struct lttr_vrow_info *in = lttr_view_row(d->s.v, row);
		bool sel = in->kind == LTTR_VROW_TASK ? in->id == d->s.sel_pid :
			d->s.sel_row == (long)row;

		if (sel) {
			cairo_set_source_rgb(cr, 0.80, 0.88, 1.0);
			cairo_rectangle(cr, 0, y, width, g->row_h);
			cairo_fill(cr);
		}
		if (has_threads(g, e)) {
			cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
			if (collapsed(g, e)) {
				cairo_move_to(cr, 3, y + 2);
				cairo_line_to(cr, 9, y + g->row_h / 2);
				cairo_line_to(cr, 3, y + g->row_h - 2);
			} else {
				cairo_move_to(cr, 2, y + 3);
				cairo_line_to(cr, 10, y + 3);
				cairo_line_to(cr, 6, y + g->row_h - 3);
			}
			cairo_close_path(cr);
			cairo_fill(cr);
		}
		row_label(g, e, label, sizeof(label));
		cairo_set_source_rgb(cr, g->dim[i] ? 0.6 : 0, g->dim[i] ? 0.6 : 0, g->dim[i] ? 0.6 : 0);
		cairo_save(cr);
		cairo_rectangle(cr, 0, y, LABEL_W - 4, g->row_h);
		cairo_clip(cr);
		cairo_move_to(cr, 13, y + g->row_h - (g->row_h > 12 ? 4 : 1));
		cairo_show_text(cr, label);
		cairo_restore(cr);
		draw_cells(g, cr, e, y, cw, g->dim[i], &fresh);
		cairo_set_source_rgb(cr, 0.92, 0.92, 0.92);
		cairo_set_line_width(cr, 1);
		cairo_move_to(cr, LABEL_W, floor(y + g->row_h) + 0.5);
		cairo_line_to(cr, width, floor(y + g->row_h) + 0.5);
		cairo_stroke(cr);
	}
	last = i;
	draw_links(g, cr, cw, first, last);
	draw_icons(g, cr, cw, first, last);
	if (!g->resources)
		draw_path(g, cr, cw, first, last);
	/* the application markers over the rows, their glyphs and links */
	for (i = first, y = RULER_H; g->am && i < last; i++, y += g->row_h) {
		const struct lttr_vrow_info *in = lttr_view_row(d->s.v, g->all[g->vis[i]]);

		if (in->kind == LTTR_VROW_TASK && lttr_appmarks_task_has(g->am, in->id))
			draw_marks(g, cr, in->id, y, cw, g->dim[i]);
	}
	cairo_set_source_rgb(cr, 0.6, 0.6, 0.6);
	cairo_move_to(cr, LABEL_W - 0.5, 0);
	cairo_line_to(cr, LABEL_W - 0.5, height);
	cairo_stroke(cr);
	if (d->s.has_span) {
		double a = x_of(g, d->s.span_a, cw), b = x_of(g, d->s.span_b, cw);

		cairo_set_source_rgba(cr, 0.2, 0.4, 1.0, 0.15);
		cairo_rectangle(cr, a, 0, b - a, height);
		cairo_fill(cr);
	}
	if (g->dragging && g->dragged) {
		cairo_set_source_rgba(cr, 0.2, 0.4, 1.0, 0.2);
		cairo_rectangle(cr, fmin(g->drag_x0, g->drag_x1), 0, fabs(g->drag_x1 - g->drag_x0),
				height);
		cairo_fill(cr);
	}
	for (m = 0; m < 2; m++) {
		if (d->s.vp.has_mark[m] && d->s.vp.mark[m] >= d->s.vp.t0 && d->s.vp.mark[m] <= d->s.vp.t1)
			vline(cr, x_of(g, d->s.vp.mark[m], cw), height, m ? 0.8 : 0.1, 0.5,
			      m ? 0.1 : 0.8, true);
	}
	for (i = 0; i < d->s.bm.n; i++)	/* the bookmarks, purple (bookmarks.c) */
		if (d->s.bm.v[i].time_ns >= d->s.vp.t0 && d->s.bm.v[i].time_ns <= d->s.vp.t1)
			vline(cr, x_of(g, d->s.bm.v[i].time_ns, cw), height, 0.6, 0.1, 0.7, true);
	if (d->s.vp.cursor >= d->s.vp.t0 && d->s.vp.cursor <= d->s.vp.t1)
		vline(cr, x_of(g, d->s.vp.cursor, cw), height, 0.0, 0.3, 0.9, false);
	g->last_ms = now_ms() - t_start;
	if (fresh)
		g->last_fresh_ms = g->last_ms;
}

static gboolean on_draw(GtkWidget *w, cairo_t *cr, gpointer data)
{
	struct gv_graph *g = data;

	gv_graph_draw_to(g, cr, gtk_widget_get_allocated_width(w),
			 gtk_widget_get_allocated_height(w));
	return TRUE;
}

static long entry_at(const struct gv_graph *g, double y)
{
	size_t i;

	if (y < RULER_H)
		return -1;
	i = (size_t)gtk_adjustment_get_value(g->vadj) + (size_t)((y - RULER_H) / g->row_h);
	return i < g->nvis ? (long)g->vis[i] : -1;
}

static void select_entry(struct gv_graph *g, long e)
{
	const struct lttr_vrow_info *in;

	if (e < 0)
		return;
	in = lttr_view_row(g->d->s.v, g->all[e]);
	lttr_session_select_row(&g->d->s, (long)g->all[e]);
	if (in->kind == LTTR_VROW_TASK)
		gv_doc_select_pid(g->d, in->id);
	else
		gv_doc_changed(g->d, GV_SELECT);
}

/*
 * Up, Down: the row above or below the selected one among the rows shown
 * (tree order, filters, folded processes), brought into view
 */
int gv_graph_columns(struct gv_graph *g)
{
	return gtk_widget_get_allocated_width(g->area) - (int)LABEL_W;
}

void gv_graph_step_row(struct gv_graph *g, int dir)
{
	struct gv_doc *d = g->d;
	size_t i, top = (size_t)gtk_adjustment_get_value(g->vadj);
	double page = gtk_adjustment_get_page_size(g->vadj);
	long at = -1;

	for (i = 0; i < g->nvis && at < 0; i++) {
		const struct lttr_vrow_info *in = lttr_view_row(d->s.v, g->all[g->vis[i]]);

		if (in->kind == LTTR_VROW_TASK ? d->s.sel_pid && in->id == d->s.sel_pid :
		    d->s.sel_row == (long)g->all[g->vis[i]])
			at = (long)i;
	}
	if (at < 0) {
		gv_doc_message(d, true, "select a row first (click its label)");
		return;
	}
	at += dir;
	if (at < 0 || (size_t)at >= g->nvis)
		return;
	if ((size_t)at < top)
		gtk_adjustment_set_value(g->vadj, (double)at);
	else if ((double)at >= (double)top + page)
		gtk_adjustment_set_value(g->vadj, (double)at - page + 1);
	select_entry(g, (long)g->vis[at]);
}

static gboolean on_press(GtkWidget *w, GdkEventButton *ev, gpointer data)
{
	struct gv_graph *g = data;
	double cw = gtk_widget_get_allocated_width(w) - LABEL_W;
	long e = entry_at(g, ev->y);

	gtk_widget_grab_focus(w);
	if (ev->button == 3 && ev->type == GDK_BUTTON_PRESS && e >= 0) {
		/* a task's row: select it, and the actions on it */
		select_entry(g, e);
		if (lttr_view_row(g->d->s.v, g->all[e])->kind == LTTR_VROW_TASK)
			gv_task_menu(g->d, lttr_view_row(g->d->s.v, g->all[e])->id, (GdkEvent *)ev);
		return TRUE;
	}
	if (ev->button != 1)
		return FALSE;
	if (ev->type == GDK_2BUTTON_PRESS && ev->x > LABEL_W) {
		/* KernelShark's habit: double-click places marker A, with shift B */
		gv_doc_set_cursor(g->d, t_of(g, ev->x, cw));
		g->dragging = false;
		gv_doc_changed(g->d, GV_MARKS | lttr_session_set_mark(&g->d->s, (ev->state &
							GDK_SHIFT_MASK) ? 1 : 0));
		return TRUE;
	}
	if (ev->x < LABEL_W) {
		if (e >= 0 && ev->x < 12 && g->all[e] == group_of(g)) {
			gv_doc_changed(g->d, lttr_session_set_idle_open(&g->d->s, !g->d->s.idle_open));
		} else if (e >= 0 && ev->x < 12 && has_threads(g, (size_t)e)) {
			g->collapsed[e] = !g->collapsed[e];
			refresh_rows(g);
			gtk_widget_queue_draw(w);
		}
		select_entry(g, e);
		return TRUE;
	}
	select_entry(g, e);
	g->dragging = true;
	g->dragged = false;
	g->drag_x0 = g->drag_x1 = ev->x;
	return TRUE;
}

static gboolean on_motion(GtkWidget *w, GdkEventMotion *ev, gpointer data)
{
	struct gv_graph *g = data;

	if (!g->dragging)
		return FALSE;
	g->drag_x1 = ev->x;
	if (fabs(g->drag_x1 - g->drag_x0) > 3)
		g->dragged = true;
	gtk_widget_queue_draw(w);
	return TRUE;
}

static gboolean on_release(GtkWidget *w, GdkEventButton *ev, gpointer data)
{
	struct gv_graph *g = data;
	double cw = gtk_widget_get_allocated_width(w) - LABEL_W;

	if (!g->dragging || ev->button != 1)
		return FALSE;
	g->dragging = false;
	if (g->dragged) {
		uint64_t a = t_of(g, fmin(g->drag_x0, ev->x), cw);
		uint64_t b = t_of(g, fmax(g->drag_x0, ev->x), cw);

		gv_doc_changed(g->d, GV_SELECT | lttr_session_select_span(&g->d->s, a, b));
	} else {
		gv_doc_set_cursor(g->d, t_of(g, ev->x, cw));
	}
	return TRUE;
}

static gboolean on_scroll(GtkWidget *w, GdkEventScroll *ev, gpointer data)
{
	struct gv_graph *g = data;
	struct lttr_viewport *vp = &g->d->s.vp;
	double cw = gtk_widget_get_allocated_width(w) - LABEL_W, dy = 0, dx = 0;
	uint64_t at, span = vp->t1 - vp->t0, nspan;
	double f;

	if (ev->direction == GDK_SCROLL_SMOOTH)
		gdk_event_get_scroll_deltas((GdkEvent *)ev, &dx, &dy);
	else
		dy = ev->direction == GDK_SCROLL_UP ? -1 : ev->direction == GDK_SCROLL_DOWN ? 1 : 0;
	if (ev->x < LABEL_W) {		/* over the labels: scroll the rows */
		gtk_adjustment_set_value(g->vadj, gtk_adjustment_get_value(g->vadj) + dy * 3);
		return TRUE;
	}
	if (ev->state & GDK_SHIFT_MASK) {	/* pan */
		gv_doc_pan(g->d, dy > 0 || dx > 0 ? 1 : -1, 8);
		return TRUE;
	}
	if (!dy)
		return FALSE;
	/* zoom at the pointer: its time stays under it */
	at = t_of(g, ev->x, cw);
	f = (ev->x - LABEL_W) / cw;
	nspan = dy < 0 ? span / 2 : span * 2;
	if (nspan < (uint64_t)cw)
		nspan = (uint64_t)cw;
	{
		uint64_t off = (uint64_t)(f * (double)nspan);

		gv_doc_set_window(g->d, at > vp->start + off ? at - off : vp->start,
				  (at > vp->start + off ? at - off : vp->start) + nspan);
	}
	return TRUE;
}

static gboolean on_tooltip(GtkWidget *w, gint x, gint y, gboolean kb, GtkTooltip *tip,
			   gpointer data)
{
	struct gv_graph *g = data;
	double cw = gtk_widget_get_allocated_width(w) - LABEL_W;
	long e = entry_at(g, y);
	struct lttr_vspan sp;
	const struct lttr_vstate *st;
	char s[128], a[32], b[32], dd[32], text[4000], lab[160];
	uint64_t base = lttr_trace_header(g->d->s.t)->start_ns, at = t_of(g, x, cw);
	const char *file;

	(void)kb;
	if (e < 0 || x < LABEL_W || lttr_view_span_at(g->d->s.v, g->all[e], at, &sp))
		return FALSE;
	row_label(g, (size_t)e, lab, sizeof(lab));
	lttr_view_state_str(g->d->s.v, sp.state, s, sizeof(s));
	st = lttr_view_state(g->d->s.v, sp.state);
	snprintf(text, sizeof(text), "%s\n%s%s%s\nfrom %s to %s\nduration %s%s",
		 g_strstrip(lab), s,
		 st && st->pid && lttr_view_row(g->d->s.v, g->all[e])->kind != LTTR_VROW_TASK ?
		 " — task " : "",
		 st && st->pid && lttr_view_row(g->d->s.v, g->all[e])->kind != LTTR_VROW_TASK ?
		 lttr_view_comm(g->d->s.v, st->pid, sp.start_ns) : "",
		 lttr_fmt_time(sp.start_ns - base, a, sizeof(a)),
		 lttr_fmt_time(sp.end_ns - base, b, sizeof(b)),
		 lttr_fmt_duration(sp.end_ns - sp.start_ns, dd, sizeof(dd)),
		 sp.events ? "\nevents inside without a change: yes" : "");
	/* the file a syscall works on, after the state that names the syscall */
	file = gv_file_tip(g->d, &sp, at);
	if (file) {
		char *nl = strchr(strchr(text, '\n') + 1, '\n');
		char rest[sizeof(text)];

		snprintf(rest, sizeof(rest), "%s", nl);
		snprintf(nl, sizeof(text) - (size_t)(nl - text), "\n%s%s", file, rest);
	}
	/* a block of a task: its stack as it blocked (traced --stacks) */
	if (st && st->cat >= LTTR_VCAT_BLOCKED && st->cat < LTTR_VCAT_NODATA &&
	    lttr_view_row(g->d->s.v, g->all[e])->kind == LTTR_VROW_TASK) {
		char *stk = gv_block_stack(g->d, lttr_view_row(g->d->s.v, g->all[e])->id,
					   sp.start_ns);
		size_t n = strlen(text);

		if (stk && n < sizeof(text))
			snprintf(text + n, sizeof(text) - n, "\nstack as it blocked: %s", stk);
		g_free(stk);
	}
	gtk_tooltip_set_text(tip, text);
	/* GTK does not put a query-tooltip's text on the accessibility bus:
	 * the graph's description says it, for screen readers (and tests)
	 */
	atk_object_set_description(gtk_widget_get_accessible(w), text);
	return TRUE;
}

static void on_resize(GtkWidget *w, GdkRectangle *r, gpointer data)
{
	(void)w;
	(void)r;
	refresh_rows(data);
}

static void on_vscroll(GtkAdjustment *adj, gpointer data)
{
	struct gv_graph *g = data;

	(void)adj;
	gtk_widget_queue_draw(g->area);
}

static void follow(void *view, unsigned int what)
{
	struct gv_graph *g = view;

	if (what & GV_FILTER)
		cache_drop(g);
	if (!g->resources && ((what & GV_ROWS) || ((what & GV_WINDOW) &&
						   g->d->s.row_sort == LTTR_VSORT_BUSY)))
		sort_rows(g);
	if (what & (GV_FILTER | GV_WINDOW | GV_ROWS))
		refresh_rows(g);
	if (what & GV_SELECT && g->d->s.sel_pid && !g->resources) {
		size_t i, top = (size_t)gtk_adjustment_get_value(g->vadj);
		double page = gtk_adjustment_get_page_size(g->vadj);

		for (i = 0; i < g->nvis; i++) {
			const struct lttr_vrow_info *in = lttr_view_row(g->d->s.v, g->all[g->vis[i]]);

			if (in->kind == LTTR_VROW_TASK && in->id == g->d->s.sel_pid) {
				if (i < top || i >= top + (size_t)page)
					gtk_adjustment_set_value(g->vadj, (double)i);
				break;
			}
		}
	}
	gtk_widget_queue_draw(g->area);
	if (g->counters)
		gtk_widget_queue_draw(g->counters);
}

static void on_destroy(GtkWidget *w, gpointer data)
{
	struct gv_graph *g = data;

	(void)w;
	gv_doc_unlisten(g->d, g);
	free(g->all);
	free(g->depth);
	free(g->collapsed);
	free(g->vis);
	free(g->dim);
	free(g->active);
	free(g->links);
	lttr_iter_free(g->it);
	lttr_appmarks_free(g->am);
	cache_drop(g);
	free(g->cache);
	free(g);
}

struct gv_graph *gv_graph_new(struct gv_doc *d, bool resources)
{
	size_t n = lttr_view_nrows(d->s.v);
	struct gv_graph *g = calloc(1, sizeof(*g));

	if (!g)
		return NULL;
	g->d = d;
	g->resources = resources;
	g->row_h = 18;
	g->all = calloc(n + 1, sizeof(*g->all));
	g->depth = calloc(n + 1, 1);
	g->collapsed = calloc(n + 1, sizeof(*g->collapsed));
	g->vis = calloc(n + 1, sizeof(*g->vis));
	g->dim = calloc(n + 1, sizeof(*g->dim));
	g->active = calloc(n + 1, 1);
	g->links = calloc(MAX_LINKS, sizeof(*g->links));
	g->cache = calloc(n + 1, sizeof(*g->cache));
	if (!g->all || !g->depth || !g->collapsed || !g->vis || !g->dim || !g->active || !g->links ||
	    !g->cache) {
		on_destroy(NULL, g);
		return NULL;
	}
	g->act_t1 = UINT64_MAX;
	if (resources) {
		size_t i;

		for (i = 0; i < n; i++)
			if (lttr_view_row(d->s.v, i)->kind < LTTR_VROW_TASK)
				g->all[g->nall++] = i;
	} else {
		g->nall = lttr_view_task_order(d->s.v, g->all, g->depth);
		if (group_of(g) != SIZE_MAX) {	/* placed by sort_rows() */
			g->depth[g->nall] = 0;
			g->all[g->nall++] = group_of(g);
		}
	}
	g->vadj = gtk_adjustment_new(0, 0, (double)g->nall, 1, 10, 10);
	g->area = gtk_drawing_area_new();
	gtk_widget_set_name(g->area, resources ? "resources" : "control-flow");
	atk_object_set_name(gtk_widget_get_accessible(g->area),
			    resources ? "Resources graph" : "Control flow graph");
	gtk_widget_set_can_focus(g->area, TRUE);
	gtk_widget_set_has_tooltip(g->area, TRUE);
	gtk_widget_add_events(g->area, GDK_BUTTON_PRESS_MASK | GDK_BUTTON_RELEASE_MASK |
			      GDK_POINTER_MOTION_MASK | GDK_SCROLL_MASK | GDK_SMOOTH_SCROLL_MASK |
			      GDK_KEY_PRESS_MASK);
	gtk_widget_set_hexpand(g->area, TRUE);
	gtk_widget_set_vexpand(g->area, TRUE);
	g->scroll = gtk_scrollbar_new(GTK_ORIENTATION_VERTICAL, g->vadj);
	g->box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0);
	gtk_box_pack_start(GTK_BOX(g->box), g->area, TRUE, TRUE, 0);
	gtk_box_pack_start(GTK_BOX(g->box), g->scroll, FALSE, FALSE, 0);
	if (!resources) {
		struct lttr_error err;

		/* markers the view cannot read: the rest of the window still works */
		if (lttr_appmarks_build(d->s.v, &g->am, &err) < 0)
			fprintf(stderr, "tracevisualizer-gtk: application markers not read: %s\n",
				err.msg);
	}
	if (lttr_appmarks_ncounters(g->am)) {
		/* a row per counter under the control flow, its times the graph's */
		GtkWidget *v = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
		size_t nc = lttr_appmarks_ncounters(g->am);

		g->counters = gtk_drawing_area_new();
		gtk_widget_set_name(g->counters, "counters");
		atk_object_set_name(gtk_widget_get_accessible(g->counters), "Counters graph");
		gtk_widget_set_size_request(g->counters, -1,
					    (int)(COUNTER_H * (double)(nc < 4 ? nc : 4) + RULER_H / 2));
		g_signal_connect(g->counters, "draw", G_CALLBACK(on_draw_counters), g);
		gtk_box_pack_start(GTK_BOX(v), g->box, TRUE, TRUE, 0);
		gtk_box_pack_start(GTK_BOX(v), g->counters, FALSE, FALSE, 0);
		g->box = v;
	}
	g_signal_connect(g->area, "draw", G_CALLBACK(on_draw), g);
	g_signal_connect(g->area, "button-press-event", G_CALLBACK(on_press), g);
	g_signal_connect(g->area, "button-release-event", G_CALLBACK(on_release), g);
	g_signal_connect(g->area, "motion-notify-event", G_CALLBACK(on_motion), g);
	g_signal_connect(g->area, "scroll-event", G_CALLBACK(on_scroll), g);
	g_signal_connect(g->area, "query-tooltip", G_CALLBACK(on_tooltip), g);
	g_signal_connect(g->area, "size-allocate", G_CALLBACK(on_resize), g);
	g_signal_connect(g->vadj, "value-changed", G_CALLBACK(on_vscroll), g);
	g_signal_connect(g->box, "destroy", G_CALLBACK(on_destroy), g);
	refresh_rows(g);
	gv_doc_listen(d, follow, g);
	return g;
}

/* @s as a JSON string (the test hooks' files) */
void gv_json_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;

		if (ch == '"' || ch == '\\')
			fprintf(f, "\\%c", ch);
		else if (ch < 0x20)
			fprintf(f, "\\u%04x", ch);
		else
			fputc(ch, f);
	}
	fputc('"', f);
}

/*
 * --dump-cells (a test hook, with --screenshot): what the graph shows, as
 * JSON: where its drawing area is in @top (px), its geometry, the window,
 * the x of the cursor and markers, the colour and bar height of each
 * category (colors.c), and for every row on the screen its label, its
 * top and the cells lttr_view_cells() gives for the window at one column
 * per pixel, and the transition lines and arrows drawn between those rows
 * (lttr_view_links(): the x, the middles of the two rows), so that a test
 * can check each pixel column of a screenshot against the library
 */
/* a row's jobs and points as drawn: their pixels, and where a job's name is written */
static void dump_marks(struct gv_graph *g, FILE *f, uint32_t tid, int n)
{
	size_t np = lttr_appmarks_place(g->am, tid, &g->d->s.vp, (unsigned int)n, NULL, 0), k;
	struct lttr_appmark_place *p = calloc(np ? np : 1, sizeof(*p));
	cairo_surface_t *sf = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1);
	cairo_t *cr = cairo_create(sf);

	cairo_select_font_face(cr, "sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
	fprintf(f, ", \"marks\": [");
	if (p)
		lttr_appmarks_place(g->am, tid, &g->d->s.vp, (unsigned int)n, p, np);
	for (k = 0; p && k < np; k++) {
		double lx0, lx1;

		fprintf(f, "%s{\"kind\": \"%s\", \"name\": ", k ? ", " : "",
			p[k].m->kind == LTTR_APPMARK_JOB ? "job" : "point");
		gv_json_str(f, p[k].m->name);
		fprintf(f, ", \"start_ns\": %llu, \"end_ns\": %llu, \"col0\": %ld, \"col1\": %ld, "
			"\"open_left\": %s, \"open_right\": %s, \"label\": ",
			(unsigned long long)p[k].m->start_ns, (unsigned long long)p[k].m->end_ns,
			p[k].col0, p[k].col1,
			p[k].cut_left || (p[k].m->flags & LTTR_APPMARK_NO_BEGIN) ? "true" : "false",
			p[k].cut_right || (p[k].m->flags & LTTR_APPMARK_NO_END) ? "true" : "false");
		if (mark_label(g, cr, p, np, k, &lx0, &lx1))
			fprintf(f, "[%.1f, %.1f]}", lx0, lx1);
		else
			fprintf(f, "null}");
	}
	fprintf(f, "]");
	cairo_destroy(cr);
	cairo_surface_destroy(sf);
	free(p);
}

/* the counters' strip: where it is, each counter's row, bins and the y of each column's last value */
static void dump_counters(struct gv_graph *g, GtkWidget *top, FILE *f)
{
	int width = gtk_widget_get_allocated_width(g->counters), x = 0, y = 0, c;
	int n = gtk_widget_get_allocated_width(g->area) - (int)LABEL_W;
	size_t i, nc = lttr_appmarks_ncounters(g->am);
	struct lttr_appbin *b = calloc(n > 0 ? (size_t)n : 1, sizeof(*b));

	gtk_widget_translate_coordinates(g->counters, top, 0, 0, &x, &y);
	fprintf(f, ",\n \"counters\": {\"x\": %d, \"y\": %d, \"width\": %d, \"height\": %d, "
		"\"columns\": %d, \"row_h\": %g, \"top\": %g, \"rgb\": [0.1, 0.3, 0.8], \"rows\": [",
		x, y, width, gtk_widget_get_allocated_height(g->counters), n > 0 ? n : 0, COUNTER_H,
		RULER_H / 2);
	for (i = 0; b && n > 0 && i < nc; i++) {
		const struct lttr_appcounter *k = lttr_appmarks_counter(g->am, i);
		double y0 = RULER_H / 2 + COUNTER_H * (double)i;
		int64_t lo, hi;

		lttr_appmarks_bins(g->am, i, &g->d->s.vp, (unsigned int)n, b, &lo, &hi);
		fprintf(f, "%s\n  {\"pid\": %u, \"name\": ", i ? "," : "", k->pid);
		gv_json_str(f, k->name);
		fprintf(f, ", \"lo\": %" PRId64 ", \"hi\": %" PRId64 ", \"y\": %g, \"last\": [",
			lo, hi, y0);
		for (c = 0; c < n; c++)
			if (b[c].known)
				fprintf(f, "%s%" PRId64, c ? "," : "", b[c].last);
			else
				fprintf(f, "%snull", c ? "," : "");
		fprintf(f, "], \"last_y\": [");
		for (c = 0; c < n; c++)
			if (b[c].known)
				fprintf(f, "%s%.1f", c ? "," : "", counter_y(y0, b[c].last, lo, hi));
			else
				fprintf(f, "%snull", c ? "," : "");
		fprintf(f, "]}");
	}
	fprintf(f, "]}");
	free(b);
}

/* an event's glyph as drawn: its class, colour, task, centre and size */
struct icon_dump {
	FILE *f;
	unsigned int n;
};

static void dump_icon(void *arg, unsigned int cls, uint32_t pid, double x, double y,
		      double size)
{
	struct icon_dump *o = arg;
	double rgb[3];

	gv_evicon_rgb(cls, rgb);
	fprintf(o->f, "%s\n  {\"class\": \"%s\", \"rgb\": [%g, %g, %g], \"pid\": %u, "
		"\"x\": %g, \"y\": %g, \"size\": %g}", o->n++ ? "," : "",
		lttr_evclass_name(cls), rgb[0], rgb[1], rgb[2], pid, x, y, size);
}

void gv_graph_dump(struct gv_graph *g, GtkWidget *top, FILE *f)
{
	struct gv_doc *d = g->d;
	int width = gtk_widget_get_allocated_width(g->area), x = 0, y = 0, n, m;
	int height = gtk_widget_get_allocated_height(g->area);
	double cw = width - LABEL_W, ry = RULER_H;
	size_t first = (size_t)gtk_adjustment_get_value(g->vadj), i, nl = 0;
	struct lttr_vcell *cells;
	unsigned int c;
	char label[160];

	n = cw >= 10 ? (int)cw : 0;
	cells = calloc(n > 0 ? (size_t)n : 1, sizeof(*cells));
	if (!cells)
		return;
	gtk_widget_translate_coordinates(g->area, top, 0, 0, &x, &y);
	fprintf(f, "{\"graph\": \"%s\", \"x\": %d, \"y\": %d, \"width\": %d, \"height\": %d, "
		"\"label_w\": %g, \"ruler_h\": %g, \"row_h\": %g, \"columns\": %d, "
		"\"start_ns\": %llu, \"t0_ns\": %llu, \"t1_ns\": %llu, \"cursor_x\": ",
		g->resources ? "resources" : "flow", x, y, width, height, LABEL_W, RULER_H, g->row_h, n,
		(unsigned long long)lttr_trace_header(d->s.t)->start_ns,
		(unsigned long long)d->s.vp.t0, (unsigned long long)d->s.vp.t1);
	if (d->s.vp.cursor >= d->s.vp.t0 && d->s.vp.cursor <= d->s.vp.t1)
		fprintf(f, "%.3f", x_of(g, d->s.vp.cursor, cw));
	else
		fprintf(f, "null");
	fprintf(f, ", \"marks_x\": [");
	for (m = 0; m < 2; m++) {
		if (d->s.vp.has_mark[m] && d->s.vp.mark[m] >= d->s.vp.t0 && d->s.vp.mark[m] <= d->s.vp.t1)
			fprintf(f, "%s%.3f", m ? ", " : "", x_of(g, d->s.vp.mark[m], cw));
		else
			fprintf(f, "%snull", m ? ", " : "");
	}
	fprintf(f, "], \"selection_x\": ");
	if (d->s.has_span)
		fprintf(f, "[%.3f, %.3f]", x_of(g, d->s.span_a, cw), x_of(g, d->s.span_b, cw));
	else
		fprintf(f, "null");
	fprintf(f, ",\n \"categories\": [");
	for (c = 0; c < LTTR_VCAT_COUNT; c++) {
		double r, gr, b;

		gv_cat_color(c, &r, &gr, &b);
		fprintf(f, "%s\n  {\"cat\": %u, \"name\": \"%s\", \"letter\": \"%c\", "
			"\"rgb\": [%g, %g, %g], \"height\": %g}", c ? "," : "", c,
			lttr_vcat_name(c), lttr_vcat_letter(c), r, gr, b, gv_cat_height(c));
	}
	fprintf(f, "],\n \"rows\": [");
	for (i = first; i < g->nvis && ry < height; i++, ry += g->row_h) {
		size_t e = g->vis[i];
		const struct lttr_vrow_info *in = lttr_view_row(d->s.v, g->all[e]);
		bool sel = in->kind == LTTR_VROW_TASK ? in->id == d->s.sel_pid :
			d->s.sel_row == (long)g->all[e];
		int k;

		row_label(g, e, label, sizeof(label));
		fprintf(f, "%s\n  {\"label\": ", i > first ? "," : "");
		gv_json_str(f, g_strstrip(label));
		fprintf(f, ", \"kind\": \"%s\", \"id\": %u, \"y\": %g, \"dim\": %s, "
			"\"selected\": %s, \"cat\": [",
			in->kind == LTTR_VROW_CPU ? "cpu" : in->kind == LTTR_VROW_IRQ ? "irq" :
			in->kind == LTTR_VROW_TASK ? "task" : in->kind == LTTR_VROW_GROUP ? "group" :
			"softirq", in->id, ry,
			g->dim[i] ? "true" : "false", sel ? "true" : "false");
		if (n > 0 && lttr_view_cells(d->s.v, g->all[e], d->s.vp.t0, d->s.vp.t1, (unsigned int)n,
					     cells))
			memset(cells, 0, (size_t)n * sizeof(*cells));
		for (k = 0; k < n; k++)
			fprintf(f, "%s%u", k ? "," : "", cells[k].cat);
		fprintf(f, "], \"flags\": [");
		for (k = 0; k < n; k++)
			fprintf(f, "%s%u", k ? "," : "", cells[k].flags);
		fprintf(f, "], \"changes\": [");
		for (k = 0; k < n; k++)
			fprintf(f, "%s%u", k ? "," : "", cells[k].changes);
		fprintf(f, "]");
		if (in->kind == LTTR_VROW_TASK && lttr_appmarks_task_has(g->am, in->id))
			dump_marks(g, f, in->id, n);
		fprintf(f, "}");
	}
	/* the transition lines and arrows drawn between the rows on the screen */
	fprintf(f, "],\n \"links\": [");
	if (!g->resources && !lttr_view_links(d->s.v, d->s.vp.t0, d->s.vp.t1, MAX_LINKS, g->links, &nl)) {
		size_t l, shown = 0;

		for (l = 0; l < nl; l++) {
			const struct lttr_vlink *k = &g->links[l];
			double y0 = y_of_pid(g, k->from, first, i), y1 = y_of_pid(g, k->to, first, i);

			if (y0 < 0 || y1 < 0 || k->from == k->to)
				continue;
			fprintf(f, "%s\n  {\"kind\": \"%s\", \"time_ns\": %llu, \"from\": %u, "
				"\"to\": %u, \"x\": %g, \"y0\": %g, \"y1\": %g}", shown++ ? "," : "",
				k->kind == LTTR_VLINK_SWITCH ? "switch" :
				k->kind == LTTR_VLINK_WAKEUP ? "wakeup" : "fork",
				(unsigned long long)k->time_ns, k->from, k->to,
				floor(x_of(g, k->time_ns, cw)) + 0.5, y0, y1);
		}
	}
	fprintf(f, "]");
	/* the events' glyphs drawn over the rows (where the window has room) */
	fprintf(f, ",\n \"icons\": [");
	each_icon(g, cw, first, i, dump_icon, &(struct icon_dump){ .f = f });
	fprintf(f, "]");
	if (g->counters)
		dump_counters(g, top, f);
	fprintf(f, "}\n");
	free(cells);
}

GtkWidget *gv_graph_widget(struct gv_graph *g)
{
	return g->box;
}

GtkWidget *gv_graph_area(struct gv_graph *g)
{
	return g->area;
}

int gv_graph_rows_shown(const struct gv_graph *g)
{
	return (int)g->nvis;
}

double gv_graph_last_draw_ms(const struct gv_graph *g, bool fresh)
{
	return fresh ? g->last_fresh_ms : g->last_ms;
}

void gv_graph_fit_rows(struct gv_graph *g, int rows, int height)
{
	if (rows > 0 && height > RULER_H)
		g->row_h = fmax(2, (height - RULER_H) / rows);
	refresh_rows(g);
	gtk_widget_queue_draw(g->area);
}
