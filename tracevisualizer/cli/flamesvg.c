// SPDX-License-Identifier: GPL-2.0
/*
 * flamesvg.c - a flame graph drawn with cairo's SVG surface: each box of
 * lttr_flame_layout() a rectangle, its x and width the box's share of
 * the total weight, its row its depth (the roots at the bottom), its
 * frame name inside when it fits (cut short with ".." when only part of
 * it does, left out when not even that); the title says the kind and
 * the total.  cairo writes the text as glyph outlines, not <text>.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <cairo.h>
#include <cairo-svg.h>
#include <lttr/analysis/flame.h>
#include <lttr/analysis/stacks.h>
#include "cli.h"
#include "flamesvg.h"

#define WIDTH 1200
#define MARGIN 10
#define TITLE 40	/* the height of the title band */
#define ROW 17		/* the height of a level */
#define FONT 11

struct sink {
	FILE *f;
	int failed;
};

static cairo_status_t write_out(void *closure, const unsigned char *data, unsigned int len)
{
	struct sink *k = closure;

	if (fwrite(data, 1, len, k->f) != len) {
		k->failed = errno ? errno : EIO;
		return CAIRO_STATUS_WRITE_ERROR;
	}
	return CAIRO_STATUS_SUCCESS;
}

/* a warm colour from the name, the same for the same frame everywhere */
static void colour(cairo_t *cr, const char *name)
{
	unsigned int h = 2166136261u;

	for (; *name; name++)
		h = (h ^ (unsigned char)*name) * 16777619u;
	cairo_set_source_rgb(cr, 0.80 + (h & 0xff) / 1275.0, 0.30 + ((h >> 8) & 0xff) / 500.0,
			     0.10 + ((h >> 16) & 0xff) / 1275.0);
}

/* the name of a box inside it, cut short with ".." to fit, or nothing */
static void label(cairo_t *cr, const char *name, double x, double y, double w)
{
	char buf[512];
	size_t k = strlen(name);
	cairo_text_extents_t e;

	if (k > sizeof(buf) - 3)
		k = sizeof(buf) - 3;
	snprintf(buf, sizeof(buf), "%.*s", (int)k, name);
	w -= 6;
	for (;;) {
		cairo_text_extents(cr, buf, &e);
		if (e.x_advance <= w)
			break;
		/* one character less (UTF-8: back to a character's start) */
		if (k)
			k--;
		while (k && ((unsigned char)name[k] & 0xc0) == 0x80)
			k--;
		if (!k)
			return;		/* not even "a.." fits */
		snprintf(buf, sizeof(buf), "%.*s..", (int)k, name);
	}
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_move_to(cr, x + 3, y + ROW - 5);
	cairo_show_text(cr, buf);
}

static void draw(cairo_t *cr, const struct lttr_stacks *s, const struct lttr_flame *f,
		 double height)
{
	double gw = WIDTH - 2 * MARGIN, base = height - MARGIN;
	char title[200];
	int n;
	size_t i;

	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	cairo_select_font_face(cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
	n = snprintf(title, sizeof(title), "%s stacks, total %" PRIu64 " %s",
		     s->kind == LTTR_STACKS_OFFCPU ? "Off-CPU" : "Wakeup", f->total,
		     s->kind == LTTR_STACKS_OFFCPU ? "ns" : "wakeups");
	if (s->unstacked && n > 0 && (size_t)n < sizeof(title))
		snprintf(title + n, sizeof(title) - (size_t)n, " (%" PRIu64 " without a stack)",
			 s->unstacked);
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_set_font_size(cr, 15);
	cairo_move_to(cr, MARGIN, 26);
	cairo_show_text(cr, title);
	cairo_set_font_size(cr, FONT);
	for (i = 0; f->total && i < f->nboxes; i++) {
		const struct lttr_flame_box *b = &f->boxes[i];
		double x = MARGIN + gw * (double)b->x / (double)f->total;
		double w = gw * (double)b->w / (double)f->total;
		double y = base - (double)(b->depth + 1) * ROW;

		colour(cr, b->name);
		cairo_rectangle(cr, x, y, w, ROW - 1);
		cairo_fill(cr);
		label(cr, b->name, x, y, w);
	}
}

int cli_flame_svg(const char *path, const struct lttr_stacks *s, const struct lttr_flame *f)
{
	double height = TITLE + (double)f->depth * ROW + 2 * MARGIN;
	struct sink k = { 0 };
	cairo_surface_t *sf;
	cairo_status_t st;
	cairo_t *cr;

	k.f = fopen(path, "w");
	if (!k.f) {
		fprintf(stderr, "%s: %s: %s\n", cli_prog, path, strerror(errno));
		return -1;
	}
	errno = 0;
	sf = cairo_svg_surface_create_for_stream(write_out, &k, WIDTH, height);
	cr = cairo_create(sf);
	draw(cr, s, f, height);
	st = cairo_status(cr);
	cairo_destroy(cr);
	cairo_surface_finish(sf);
	if (st == CAIRO_STATUS_SUCCESS)
		st = cairo_surface_status(sf);
	cairo_surface_destroy(sf);
	if (fclose(k.f) && !k.failed)
		k.failed = errno ? errno : EIO;
	if (k.failed || st != CAIRO_STATUS_SUCCESS) {
		fprintf(stderr, "%s: %s: could not write the SVG: %s\n", cli_prog, path,
			k.failed ? strerror(k.failed) : cairo_status_to_string(st));
		return -1;
	}
	return 0;
}
