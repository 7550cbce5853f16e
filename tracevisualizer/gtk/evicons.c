// SPDX-License-Identifier: GPL-2.0
/*
 * evicons.c - a small glyph per event class (lttr/view/evclass.h), drawn
 * on the control flow graph where the window leaves room for single
 * events (graph.c): a shape and a colour per class, on a white halo so
 * that it reads over any state's bar.
 *
 *   syscall  circle, navy           trap     diamond, dark gold
 *   irq      triangle up, dark red  sched    triangle down, black
 *   process  plus, dark green       file     square, brown
 *   memory   cross, teal            network  triangle right, indigo
 *   other    small dot, grey
 */
#include <math.h>
#include "gv.h"

static const double rgb[LTTR_EVCLASS_COUNT][3] = {
	[LTTR_EVCLASS_OTHER] = { 0.35, 0.35, 0.35 },
	[LTTR_EVCLASS_SYSCALL] = { 0.0, 0.2, 0.6 },
	[LTTR_EVCLASS_TRAP] = { 0.6, 0.45, 0.0 },
	[LTTR_EVCLASS_IRQ] = { 0.7, 0.0, 0.0 },
	[LTTR_EVCLASS_SCHED] = { 0.0, 0.0, 0.0 },
	[LTTR_EVCLASS_PROCESS] = { 0.0, 0.45, 0.1 },
	[LTTR_EVCLASS_FILE] = { 0.45, 0.2, 0.0 },
	[LTTR_EVCLASS_MEMORY] = { 0.0, 0.45, 0.45 },
	[LTTR_EVCLASS_NET] = { 0.3, 0.0, 0.6 },
};

/* the class's shape as a path around (x, y), half-size r */
static void shape(cairo_t *cr, unsigned int cls, double x, double y, double r)
{
	switch (cls) {
	case LTTR_EVCLASS_SYSCALL:
		cairo_arc(cr, x, y, r, 0, 2 * M_PI);
		break;
	case LTTR_EVCLASS_TRAP:
		cairo_move_to(cr, x, y - r);
		cairo_line_to(cr, x + r, y);
		cairo_line_to(cr, x, y + r);
		cairo_line_to(cr, x - r, y);
		cairo_close_path(cr);
		break;
	case LTTR_EVCLASS_IRQ:
		cairo_move_to(cr, x, y - r);
		cairo_line_to(cr, x + r, y + r);
		cairo_line_to(cr, x - r, y + r);
		cairo_close_path(cr);
		break;
	case LTTR_EVCLASS_SCHED:
		cairo_move_to(cr, x - r, y - r);
		cairo_line_to(cr, x + r, y - r);
		cairo_line_to(cr, x, y + r);
		cairo_close_path(cr);
		break;
	case LTTR_EVCLASS_PROCESS:	/* a plus, as a filled outline */
		cairo_rectangle(cr, x - r, y - r / 3, 2 * r, 2 * r / 3);
		cairo_rectangle(cr, x - r / 3, y - r, 2 * r / 3, 2 * r);
		break;
	case LTTR_EVCLASS_FILE:
		cairo_rectangle(cr, x - r * 0.85, y - r * 0.85, 1.7 * r, 1.7 * r);
		break;
	case LTTR_EVCLASS_MEMORY:	/* an X: the plus turned */
		cairo_save(cr);
		cairo_translate(cr, x, y);
		cairo_rotate(cr, M_PI / 4);
		cairo_rectangle(cr, -r, -r / 3, 2 * r, 2 * r / 3);
		cairo_rectangle(cr, -r / 3, -r, 2 * r / 3, 2 * r);
		cairo_restore(cr);
		break;
	case LTTR_EVCLASS_NET:
		cairo_move_to(cr, x - r, y - r);
		cairo_line_to(cr, x + r, y);
		cairo_line_to(cr, x - r, y + r);
		cairo_close_path(cr);
		break;
	default:
		cairo_arc(cr, x, y, r / 2, 0, 2 * M_PI);
		break;
	}
}

/* the class's fill colour (--dump-cells: a test checks the glyph drawn) */
void gv_evicon_rgb(unsigned int cls, double out[3])
{
	if (cls >= LTTR_EVCLASS_COUNT)
		cls = LTTR_EVCLASS_OTHER;
	out[0] = rgb[cls][0];
	out[1] = rgb[cls][1];
	out[2] = rgb[cls][2];
}

void gv_evicon(cairo_t *cr, unsigned int cls, double x, double y, double size)
{
	double r = size / 2;

	if (cls >= LTTR_EVCLASS_COUNT)
		cls = LTTR_EVCLASS_OTHER;
	cairo_save(cr);
	cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING);
	shape(cr, cls, x, y, r);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_set_line_width(cr, 2);
	cairo_stroke_preserve(cr);
	cairo_set_source_rgb(cr, rgb[cls][0], rgb[cls][1], rgb[cls][2]);
	cairo_fill(cr);
	cairo_restore(cr);
}
