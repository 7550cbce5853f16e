/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pathgraph.h - a causal path drawn as the tree of Aguilera et al.'s
 * Figure 8 (paths.c fills it from the library's results, pathgraph.c lays
 * it out and draws it with cairo): nodes, caller above callee and
 * siblings in call order, each a name and a figure; between a node and
 * its parent a call arrow down and a return arrow up, labelled; under a
 * node the stacked bar of its time as its caller saw it (the callee's
 * split, the transit).
 */
#ifndef TRACEVISUALIZER_PATHGRAPH_H
#define TRACEVISUALIZER_PATHGRAPH_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <cairo.h>
#include <lttr/model/blockreason.h>

/* the segments of a node's bar: on a CPU, runnable, blocked by reason,
 * unknown (the task not known at times), transit */
enum {
	GV_SEG_ONCPU,
	GV_SEG_RUNNABLE,
	GV_SEG_BLOCKED,
	GV_SEG_OTHER = GV_SEG_BLOCKED + LTTR_BLOCK_COUNT,
	GV_SEG_TRANSIT,
	GV_SEG_COUNT
};

#define GV_PNO_PARENT UINT32_MAX

/**
 * struct gv_pnode - a node of the graph
 * @parent: its parent's index (GV_PNO_PARENT: the root)
 * @name: its name
 * @label: the figure under the name ("4.785 ms"), or ""
 * @edge: the label of the arrow from its parent, or ""
 * @bar: @seg holds its bar's figures
 * @seg: the bar's segments, ns (means)
 * @depth: its depth (layout)
 * @cx: its centre's x (layout, the graph's coordinates)
 * @y: its top
 * @w: its width
 * @ex: its edge label's box (x, y, width, height)
 * @ey: .
 * @ew: .
 * @eh: .
 * @segx: each bar segment as drawn: its x in the drawing (0 width: none)
 * @segw: its width
 */
struct gv_pnode {
	uint32_t parent;
	char name[96];
	char label[48];
	char edge[80];
	bool bar;
	uint64_t seg[GV_SEG_COUNT];
	uint32_t depth;
	double cx;
	double y;
	double w;
	double ex, ey, ew, eh;
	int segx[GV_SEG_COUNT];
	int segw[GV_SEG_COUNT];
};

/**
 * struct gv_pgraph - a graph to draw
 * @title: its first line
 * @v: the nodes, parents before children, siblings in order
 * @n: how many
 * @sel: the node selected, -1: none
 * @width: the size it needs (after gv_pgraph_layout())
 * @height: .
 * @ox: the x offset of the last drawing (centred in the room it had)
 * @bars: some node has a bar (the legend is drawn)
 * @messages: the arrows are messages one way (the convolution's), not
 *	calls with their returns
 */
struct gv_pgraph {
	char title[256];
	struct gv_pnode *v;
	size_t n;
	long sel;
	double width;
	double height;
	double ox;
	bool bars;
	bool messages;
};

/* the node's box height, and the bar's */
#define GV_PNODE_H 40.0
#define GV_PBAR_H 9.0

void gv_pgraph_layout(struct gv_pgraph *g);
void gv_pgraph_draw(struct gv_pgraph *g, cairo_t *cr, int width, int height);
long gv_pgraph_hit(const struct gv_pgraph *g, int width, double x, double y);
void gv_pgraph_dump(const struct gv_pgraph *g, FILE *f);
void gv_pseg_color(unsigned int seg, double *r, double *gr, double *b);
const char *gv_pseg_name(unsigned int seg, char *buf, size_t size);

#endif
