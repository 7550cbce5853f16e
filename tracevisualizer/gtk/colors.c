// SPDX-License-Identifier: GPL-2.0
/*
 * colors.c - the colour of each state category, the height of its bar
 * (running states full height, waiting states thinner, as Trace Compass
 * draws them), and the legend that names them.
 */
#include "gv.h"

static const struct {
	double r, g, b, h;
} cats[LTTR_VCAT_COUNT] = {
	[LTTR_VCAT_NONE] = { 1.00, 1.00, 1.00, 0.00 },
	[LTTR_VCAT_USER] = { 0.20, 0.70, 0.20, 1.00 },
	[LTTR_VCAT_SYSCALL] = { 0.20, 0.35, 0.85, 1.00 },
	[LTTR_VCAT_TRAP] = { 0.95, 0.75, 0.10, 1.00 },
	[LTTR_VCAT_IRQ] = { 0.85, 0.15, 0.15, 1.00 },
	[LTTR_VCAT_SOFTIRQ] = { 0.75, 0.25, 0.75, 1.00 },
	[LTTR_VCAT_KERNEL] = { 0.10, 0.65, 0.70, 1.00 },
	[LTTR_VCAT_IDLE] = { 0.80, 0.80, 0.80, 0.25 },
	[LTTR_VCAT_UNKNOWN] = { 0.55, 0.55, 0.55, 1.00 },
	[LTTR_VCAT_RUNNABLE] = { 1.00, 0.55, 0.00, 0.60 },
	[LTTR_VCAT_ZOMBIE] = { 0.45, 0.30, 0.20, 0.20 },
	[LTTR_VCAT_BLOCKED + LTTR_BLOCK_IO] = { 0.45, 0.75, 0.95, 0.35 },
	[LTTR_VCAT_BLOCKED + LTTR_BLOCK_SLEEP] = { 0.60, 0.60, 0.95, 0.35 },
	[LTTR_VCAT_BLOCKED + LTTR_BLOCK_FUTEX] = { 0.90, 0.60, 0.90, 0.35 },
	[LTTR_VCAT_BLOCKED + LTTR_BLOCK_CHILD] = { 0.60, 0.85, 0.60, 0.35 },
	[LTTR_VCAT_BLOCKED + LTTR_BLOCK_FAULT] = { 0.95, 0.55, 0.55, 0.35 },
	[LTTR_VCAT_BLOCKED + LTTR_BLOCK_OTHER] = { 0.70, 0.70, 0.70, 0.35 },
	[LTTR_VCAT_BLOCKED + LTTR_BLOCK_UNKNOWN] = { 0.85, 0.85, 0.85, 0.35 },
	[LTTR_VCAT_NODATA] = { 0.30, 0.30, 0.30, 0.60 },
};

void gv_cat_color(unsigned int cat, double *r, double *g, double *b)
{
	if (cat >= LTTR_VCAT_COUNT)
		cat = LTTR_VCAT_UNKNOWN;
	*r = cats[cat].r;
	*g = cats[cat].g;
	*b = cats[cat].b;
}

double gv_cat_height(unsigned int cat)
{
	return cat < LTTR_VCAT_COUNT ? cats[cat].h : 1.0;
}

static gboolean draw_swatch(GtkWidget *w, cairo_t *cr, gpointer data)
{
	unsigned int cat = GPOINTER_TO_UINT(data);
	int wd = gtk_widget_get_allocated_width(w), ht = gtk_widget_get_allocated_height(w);
	double r, g, b, h = gv_cat_height(cat);

	gv_cat_color(cat, &r, &g, &b);
	cairo_set_source_rgb(cr, r, g, b);
	cairo_rectangle(cr, 0, ht * (1 - h) / 2, wd, ht * h);
	cairo_fill(cr);
	return FALSE;
}

GtkWidget *gv_legend_new(void)
{
	GtkWidget *box = gtk_flow_box_new();
	unsigned int c;

	gtk_flow_box_set_selection_mode(GTK_FLOW_BOX(box), GTK_SELECTION_NONE);
	gtk_flow_box_set_max_children_per_line(GTK_FLOW_BOX(box), LTTR_VCAT_COUNT);
	gtk_widget_set_name(box, "legend");
	atk_object_set_name(gtk_widget_get_accessible(box), "Legend");
	for (c = LTTR_VCAT_USER; c < LTTR_VCAT_COUNT; c++) {
		GtkWidget *item = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 4);
		GtkWidget *sw = gtk_drawing_area_new();
		GtkWidget *label = gtk_label_new(lttr_vcat_name(c));

		gtk_widget_set_size_request(sw, 18, 12);
		g_signal_connect(sw, "draw", G_CALLBACK(draw_swatch), GUINT_TO_POINTER(c));
		gtk_box_pack_start(GTK_BOX(item), sw, FALSE, FALSE, 0);
		gtk_box_pack_start(GTK_BOX(item), label, FALSE, FALSE, 0);
		atk_object_set_name(gtk_widget_get_accessible(item), lttr_vcat_name(c));
		gtk_container_add(GTK_CONTAINER(box), item);
	}
	return box;
}
