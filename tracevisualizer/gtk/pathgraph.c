// SPDX-License-Identifier: GPL-2.0
/*
 * pathgraph.c - a causal path laid out and drawn with cairo as the tree of
 * Aguilera et al.'s Figure 8 (pathgraph.h): each leaf gets a column of its
 * own, left to right in call order, and a parent sits above the middle of
 * its first and last children; a row per depth.  The same drawing goes to
 * the screen, to PNG and SVG exports and, described, to the test hook
 * (gv_pgraph_dump()).  Nothing is computed here but places: the labels
 * and the bars' figures come from the library's results (paths.c).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "gv.h"
#include "pathgraph.h"

#define MARGIN 16.0
#define TITLE_H 26.0
#define ROW_PITCH 100.0		/* from a row of nodes to the next */
#define COL_GAP 40.0
#define BAR_W 120.0
#define LEGEND_H 26.0
#define ARROW_DX 5.0		/* the call arrow left of the line, the return right */

static const double transit_rgb[3] = { 0.20, 0.20, 0.26 };

void gv_pseg_color(unsigned int seg, double *r, double *gr, double *b)
{
	if (seg == GV_SEG_TRANSIT) {
		*r = transit_rgb[0];
		*gr = transit_rgb[1];
		*b = transit_rgb[2];
		return;
	}
	/* the legend's colours: running as user time, the waiting states as
	 * the graphs draw them, a time of an unknown state as the unknown mode */
	gv_cat_color(seg == GV_SEG_ONCPU ? LTTR_VCAT_USER : seg == GV_SEG_RUNNABLE ?
		     LTTR_VCAT_RUNNABLE : seg == GV_SEG_OTHER ? LTTR_VCAT_UNKNOWN :
		     LTTR_VCAT_BLOCKED + (seg - GV_SEG_BLOCKED), r, gr, b);
}

const char *gv_pseg_name(unsigned int seg, char *buf, size_t size)
{
	if (seg == GV_SEG_ONCPU)
		snprintf(buf, size, "on CPU");
	else if (seg == GV_SEG_RUNNABLE)
		snprintf(buf, size, "runnable");
	else if (seg == GV_SEG_OTHER)
		snprintf(buf, size, "unknown");
	else if (seg == GV_SEG_TRANSIT)
		snprintf(buf, size, "transit");
	else
		snprintf(buf, size, "blocked %s", lttr_block_name(seg - GV_SEG_BLOCKED));
	return buf;
}

static void font(cairo_t *cr, bool bold)
{
	cairo_select_font_face(cr, "Sans", CAIRO_FONT_SLANT_NORMAL,
			       bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, 11);
}

static double text_w(cairo_t *cr, const char *s, bool bold)
{
	cairo_text_extents_t e;

	font(cr, bold);
	cairo_text_extents(cr, s, &e);
	return e.x_advance;
}

static void text_at(cairo_t *cr, double x, double y, const char *s, bool bold, double align)
{
	font(cr, bold);
	cairo_move_to(cr, floor(x - text_w(cr, s, bold) * align), y);
	cairo_show_text(cr, s);
}

/* the bottom of a node, its bar included */
static double node_bottom(const struct gv_pnode *p)
{
	return p->y + GV_PNODE_H + (p->bar ? 4 + GV_PBAR_H : 0);
}

/* the leaves' columns, left to right in call order; a parent above its children */
static double place(struct gv_pgraph *g, size_t i, double *next, size_t *first, size_t *after)
{
	size_t c;
	bool leaf = true;
	double a = 0, b = 0;

	for (c = first[i]; c != SIZE_MAX; c = after[c]) {
		double x = place(g, c, next, first, after);

		if (leaf)
			a = x;
		leaf = false;
		b = x;
	}
	g->v[i].cx = leaf ? (*next)++ : (a + b) / 2;
	return g->v[i].cx;
}

void gv_pgraph_layout(struct gv_pgraph *g)
{
	cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1);
	cairo_t *cr = cairo_create(s);
	size_t *first = malloc((g->n + 1) * sizeof(*first));
	size_t *after = malloc((g->n + 1) * sizeof(*after));
	size_t *last = malloc((g->n + 1) * sizeof(*last));
	double colw = BAR_W + 10, leaves = 0, need;
	uint32_t maxd = 0;
	size_t i;

	g->bars = false;
	if (!first || !after || !last || !g->n) {
		g->width = 2 * MARGIN + text_w(cr, g->title, true);
		g->height = 2 * MARGIN + TITLE_H;
		goto out;
	}
	for (i = 0; i < g->n; i++)
		first[i] = after[i] = last[i] = SIZE_MAX;
	for (i = 0; i < g->n; i++) {
		struct gv_pnode *p = &g->v[i];
		uint32_t par = p->parent;

		p->depth = par == GV_PNO_PARENT || par >= i ? 0 : g->v[par].depth + 1;
		if (p->depth > maxd)
			maxd = p->depth;
		if (p->depth) {	/* children in their order */
			if (first[par] == SIZE_MAX)
				first[par] = i;
			else
				after[last[par]] = i;
			last[par] = i;
		}
		p->w = fmax(text_w(cr, p->name, true), text_w(cr, p->label, false)) + 30;
		if (p->bar) {
			g->bars = true;
			p->w = fmax(p->w, BAR_W + 10);
		}
		colw = fmax(colw, p->w);
		p->ew = p->edge[0] ? text_w(cr, p->edge, false) + 8 : 0;
		p->eh = p->edge[0] ? 16 : 0;
		colw = fmax(colw, p->ew + 16);
	}
	colw += COL_GAP;
	for (i = 0; i < g->n; i++)
		if (g->v[i].depth == 0)
			place(g, i, &leaves, first, after);
	for (i = 0; i < g->n; i++) {
		struct gv_pnode *p = &g->v[i];

		p->cx = MARGIN + p->cx * colw + colw / 2;
		p->y = MARGIN + TITLE_H + p->depth * ROW_PITCH;
	}
	/*
	 * Each edge's label two thirds of the way down, beside its line and
	 * clear of it over the label's height: left of a line going down to
	 * the left, right of the others (the way the line leans, away from
	 * the siblings' lines)
	 */
	for (i = 0; i < g->n; i++) {
		struct gv_pnode *p = &g->v[i], *q;
		double y0, y1, yb, xb;

		if (!p->depth || !p->edge[0])
			continue;
		q = &g->v[p->parent];
		y0 = node_bottom(q) + 3;
		y1 = p->y - 2;
		p->ey = floor(y0 + (y1 - y0) * 0.65 - p->eh / 2);
		yb = p->ey + p->eh;	/* where the line is farthest out */
		xb = q->cx + (p->cx - q->cx) * (yb - y0) / (y1 - y0);
		if (p->cx < q->cx)
			p->ex = floor(xb - ARROW_DX - 6 - p->ew);
		else
			p->ex = ceil(xb + ARROW_DX + 6);
	}
	need = leaves * colw + 2 * MARGIN;
	g->width = fmax(need, 2 * MARGIN + text_w(cr, g->title, true));
	g->height = MARGIN + TITLE_H + maxd * ROW_PITCH + GV_PNODE_H + 4 + GV_PBAR_H + 12 +
		LEGEND_H + MARGIN;
out:
	free(first);
	free(after);
	free(last);
	cairo_destroy(cr);
	cairo_surface_destroy(s);
}

static void arrow(cairo_t *cr, double x0, double y0, double x1, double y1, bool dashed)
{
	double a = atan2(y1 - y0, x1 - x0), l = 8;
	static const double dash[] = { 4, 3 };

	cairo_new_path(cr);
	cairo_set_dash(cr, dash, dashed ? 2 : 0, 0);
	cairo_move_to(cr, x0, y0);
	cairo_line_to(cr, x1 - 0.8 * l * cos(a), y1 - 0.8 * l * sin(a));
	cairo_stroke(cr);
	cairo_set_dash(cr, NULL, 0, 0);
	cairo_move_to(cr, x1, y1);
	cairo_line_to(cr, x1 - l * cos(a - 0.38), y1 - l * sin(a - 0.38));
	cairo_line_to(cr, x1 - l * cos(a + 0.38), y1 - l * sin(a + 0.38));
	cairo_close_path(cr);
	cairo_fill(cr);
}

static void draw_edge(cairo_t *cr, struct gv_pgraph *g, struct gv_pnode *p)
{
	const struct gv_pnode *q = &g->v[p->parent];
	double y0 = node_bottom(q) + 3, y1 = p->y - 2;

	cairo_set_line_width(cr, 1.4);
	cairo_set_source_rgb(cr, 0.15, 0.2, 0.35);
	if (g->messages) {	/* messages one way */
		arrow(cr, q->cx, y0, p->cx, y1, false);
	} else {
		arrow(cr, q->cx - ARROW_DX, y0, p->cx - ARROW_DX, y1, false);	/* the call */
		cairo_set_line_width(cr, 1.0);
		cairo_set_source_rgb(cr, 0.45, 0.45, 0.5);
		arrow(cr, p->cx + ARROW_DX, y1, q->cx + ARROW_DX, y0, true);	/* its return */
	}
	if (!p->edge[0])
		return;
	cairo_new_path(cr);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_rectangle(cr, p->ex, p->ey, p->ew, p->eh);
	cairo_fill(cr);
	cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
	text_at(cr, p->ex + 4, p->ey + 12, p->edge, false, 0);
}

/*
 * the bar: its segments' widths in proportion, a segment of any time at
 * least a pixel wide (nothing vanishes); each segment ends where the time
 * up to its end falls, rounded, so that no width is more than a pixel
 * off (rounding each width alone let the errors add up on the last
 * segment: 5 px drawn for 6.01)
 */
static void draw_bar(cairo_t *cr, struct gv_pgraph *g, struct gv_pnode *p)
{
	double total = 0, cum = 0, x = floor(p->cx - BAR_W / 2), y = p->y + GV_PNODE_H + 4;
	double r, gr, b;
	unsigned int k;
	int at;

	for (k = 0; k < GV_SEG_COUNT; k++) {
		total += (double)p->seg[k];
		p->segx[k] = p->segw[k] = 0;
	}
	cairo_new_path(cr);
	cairo_set_source_rgb(cr, 0.6, 0.6, 0.6);
	cairo_set_line_width(cr, 1);
	cairo_rectangle(cr, x - 0.5, y - 0.5, BAR_W + 1, GV_PBAR_H + 1);
	cairo_stroke(cr);
	if (total <= 0)
		return;
	at = (int)x;
	for (k = 0; k < GV_SEG_COUNT; k++) {
		int w;

		if (!p->seg[k])
			continue;
		cum += (double)p->seg[k];
		w = (int)x + (int)lround(BAR_W * cum / total) - at;
		if (w < 1)
			w = 1;
		if (at + w > (int)(x + BAR_W) && at < (int)(x + BAR_W))
			w = (int)(x + BAR_W) - at;	/* the rounding's last pixel */
		gv_pseg_color(k, &r, &gr, &b);
		cairo_set_source_rgb(cr, r, gr, b);
		cairo_rectangle(cr, at, y, w, GV_PBAR_H);
		cairo_fill(cr);
		p->segx[k] = at + (int)g->ox;
		p->segw[k] = w;
		at += w;
	}
}

static void draw_node(cairo_t *cr, struct gv_pgraph *g, struct gv_pnode *p, bool sel)
{
	double cy = p->y + GV_PNODE_H / 2;

	cairo_new_path(cr);	/* (a text's end is the current point) */
	cairo_save(cr);
	cairo_translate(cr, p->cx, cy);
	cairo_scale(cr, p->w / 2, GV_PNODE_H / 2);
	cairo_arc(cr, 0, 0, 1, 0, 2 * M_PI);
	cairo_restore(cr);
	if (sel)
		cairo_set_source_rgb(cr, 0.99, 0.84, 0.60);
	else
		cairo_set_source_rgb(cr, 0.90, 0.93, 0.98);
	cairo_fill_preserve(cr);
	cairo_set_source_rgb(cr, sel ? 0.75 : 0.25, sel ? 0.35 : 0.30, sel ? 0.05 : 0.42);
	cairo_set_line_width(cr, sel ? 2.5 : 1.2);
	cairo_stroke(cr);
	cairo_set_source_rgb(cr, 0.05, 0.05, 0.05);
	if (p->label[0]) {
		text_at(cr, p->cx, p->y + 17, p->name, true, 0.5);
		text_at(cr, p->cx, p->y + 31, p->label, false, 0.5);
	} else {
		text_at(cr, p->cx, p->y + 24, p->name, true, 0.5);
	}
	if (p->bar)
		draw_bar(cr, g, p);
}

/* the arrows, and the bar's colours of the segments any node has */
static void draw_legend(cairo_t *cr, struct gv_pgraph *g, int height)
{
	double y = height - MARGIN - 6, x = MARGIN, r, gr, b;
	char name[32];
	unsigned int k;
	size_t i;

	cairo_set_line_width(cr, 1.4);
	cairo_set_source_rgb(cr, 0.15, 0.2, 0.35);
	arrow(cr, x, y - 4, x + 26, y - 4, false);
	cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
	if (g->messages) {
		text_at(cr, x + 32, y, "messages: delay, count", false, 0);
		return;
	}
	text_at(cr, x + 32, y, "call", false, 0);
	x += 32 + text_w(cr, "call", false) + 14;
	cairo_set_line_width(cr, 1.0);
	cairo_set_source_rgb(cr, 0.45, 0.45, 0.5);
	arrow(cr, x, y - 4, x + 26, y - 4, true);
	cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
	text_at(cr, x + 32, y, "return", false, 0);
	x += 32 + text_w(cr, "return", false) + 24;
	if (!g->bars)
		return;
	text_at(cr, x, y, "bar: a call's mean time, as its caller saw it:", false, 0);
	x += text_w(cr, "bar: a call's mean time, as its caller saw it:", false) + 10;
	for (k = 0; k < GV_SEG_COUNT; k++) {
		for (i = 0; i < g->n && !(g->v[i].bar && g->v[i].seg[k]); i++)
			;
		if (i == g->n)
			continue;
		gv_pseg_color(k, &r, &gr, &b);
		cairo_new_path(cr);
		cairo_set_source_rgb(cr, r, gr, b);
		cairo_rectangle(cr, x, y - 9, 14, 10);
		cairo_fill(cr);
		cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
		gv_pseg_name(k, name, sizeof(name));
		text_at(cr, x + 18, y, name, false, 0);
		x += 18 + text_w(cr, name, false) + 14;
	}
}

/* where the graph is in a drawing @width wide: centred when it is wider */
static double offset(const struct gv_pgraph *g, int width)
{
	return width > g->width ? floor((width - g->width) / 2) : 0;
}

void gv_pgraph_draw(struct gv_pgraph *g, cairo_t *cr, int width, int height)
{
	size_t i;

	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	g->ox = offset(g, width);
	cairo_set_source_rgb(cr, 0.05, 0.05, 0.05);
	text_at(cr, MARGIN, MARGIN + 12, g->title, true, 0);
	cairo_save(cr);
	cairo_translate(cr, g->ox, 0);
	for (i = 0; i < g->n; i++)
		if (g->v[i].depth)
			draw_edge(cr, g, &g->v[i]);
	for (i = 0; i < g->n; i++)
		draw_node(cr, g, &g->v[i], (long)i == g->sel);
	cairo_restore(cr);
	if (g->n)
		draw_legend(cr, g, height > g->height ? height : (int)g->height);
}

/* the node under (@x, @y) of a drawing @width wide (its ellipse's box, its
 * bar, its edge's label), or -1 */
long gv_pgraph_hit(const struct gv_pgraph *g, int width, double x, double y)
{
	size_t i;

	x -= offset(g, width);
	for (i = 0; i < g->n; i++) {
		const struct gv_pnode *p = &g->v[i];

		if (x >= p->cx - p->w / 2 && x <= p->cx + p->w / 2 && y >= p->y &&
		    y <= node_bottom(p))
			return (long)i;
		if (p->edge[0] && x >= p->ex && x <= p->ex + p->ew && y >= p->ey &&
		    y <= p->ey + p->eh)
			return (long)i;
	}
	return -1;
}

/* (the test hook: a node's place and what was drawn of it, in the drawing's pixels) */
void gv_pgraph_dump(const struct gv_pgraph *g, FILE *f)
{
	char name[32];
	unsigned int k;
	size_t i;

	fprintf(f, "\"title\": ");
	gv_json_str(f, g->title);
	fprintf(f, ", \"ox\": %g, \"need_width\": %g, \"need_height\": %g, \"selected\": %ld, "
		"\"bar_h\": %g, \"nodes\": [", g->ox, g->width, g->height, g->sel, GV_PBAR_H);
	for (i = 0; i < g->n; i++) {
		const struct gv_pnode *p = &g->v[i];
		bool first = true;

		fprintf(f, "%s\n  {\"name\": ", i ? "," : "");
		gv_json_str(f, p->name);
		fprintf(f, ", \"label\": ");
		gv_json_str(f, p->label);
		fprintf(f, ", \"edge\": ");
		gv_json_str(f, p->edge);
		if (p->parent == GV_PNO_PARENT)
			fprintf(f, ", \"parent\": null");
		else
			fprintf(f, ", \"parent\": %u", p->parent);
		fprintf(f, ", \"depth\": %u, \"box\": [%g, %g, %g, %g], \"bar_y\": %g",
			p->depth, g->ox + p->cx - p->w / 2, p->y, p->w, GV_PNODE_H,
			p->y + GV_PNODE_H + 4);
		fprintf(f, ", \"call\": [%g, %g, %g, %g]", p->depth ?
			g->ox + g->v[p->parent].cx - (g->messages ? 0 : ARROW_DX) : 0,
			p->depth ? node_bottom(&g->v[p->parent]) + 3 : 0,
			g->ox + p->cx - (g->messages ? 0 : ARROW_DX), p->y - 2);
		fprintf(f, ", \"edge_box\": [%g, %g, %g, %g], \"bar\": [", g->ox + p->ex, p->ey,
			p->ew, p->eh);
		for (k = 0; p->bar && k < GV_SEG_COUNT; k++) {
			double r, gr, b;

			if (!p->segw[k])
				continue;
			gv_pseg_color(k, &r, &gr, &b);
			fprintf(f, "%s{\"seg\": \"%s\", \"ns\": %llu, \"x\": %d, \"w\": %d, "
				"\"rgb\": [%g, %g, %g]}", first ? "" : ", ",
				gv_pseg_name(k, name, sizeof(name)), (unsigned long long)p->seg[k],
				p->segx[k], p->segw[k], r, gr, b);
			first = false;
		}
		fprintf(f, "]}");
	}
	fprintf(f, "]");
}
