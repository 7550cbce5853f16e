/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/analysis/flame.h - the boxes of a flame graph of folded stacks
 * (lttr/analysis/stacks.h), laid out as flamegraph.pl does: the stacks
 * merged by prefix (one box per frame of a common prefix), siblings
 * sorted by name, the root frames at depth 0 (drawn at the bottom).
 *
 * A box spans [@x, @x + @w) of [0, total) in the stacks' unit (ns or
 * wakeups): its width is its weight, exactly the sum of its children's
 * widths plus its own @self weight (the stacks that end at it); the
 * boxes of depth 0 cover [0, total).  A front end scales x / total and
 * w / total to its width.
 */
#ifndef LTTR_FLAME_H
#define LTTR_FLAME_H

#include <stddef.h>
#include <stdint.h>

struct lttr_stacks;

/**
 * struct lttr_flame_box - one frame of the merged stacks
 * @name: the frame's name (NUL-terminated, as folded)
 * @depth: 0 for a root frame, its parent's + 1 otherwise
 * @parent: index of the parent box in lttr_flame.boxes, or -1
 * @x: start, in the stacks' unit, from 0
 * @w: weight (width), in the stacks' unit
 * @self: weight of the stacks that end at this frame
 */
struct lttr_flame_box {
	char *name;
	unsigned int depth;
	long parent;
	uint64_t x;
	uint64_t w;
	uint64_t self;
};

/**
 * struct lttr_flame - a flame graph's layout
 * @nboxes: entries of @boxes, in depth-first order (a parent before its
 *	children, siblings left to right)
 * @boxes: the boxes
 * @total: the weight of all the lines (the width of the graph): the
 *	stacks' @total + @unstacked, the "[no stack]" line a root box of
 *	its own
 * @depth: the number of levels (the deepest box's depth + 1; 0 if none)
 */
struct lttr_flame {
	size_t nboxes;
	struct lttr_flame_box *boxes;
	uint64_t total;
	unsigned int depth;
};

/**
 * lttr_flame_layout() - lay out the boxes of the folded stacks @s
 * @s: the stacks (lttr_stacks_compute())
 * @out: receives the layout (lttr_flame_free())
 *
 * Return: 0 or -LTTR_E_NOMEM.
 */
int lttr_flame_layout(const struct lttr_stacks *s, struct lttr_flame **out);

/**
 * lttr_flame_subtree_end() - the index after the last box above box @i
 * (its subtree is [@i, the result) of @f->boxes)
 * @f: the layout
 * @i: a box
 *
 * Return: that index.
 */
size_t lttr_flame_subtree_end(const struct lttr_flame *f, size_t i);

/**
 * lttr_flame_match() - the boxes whose name holds @text, and their weight
 * (the search of a flame graph, as flamegraph.pl's: a frame matched above
 * a matched one is not counted again)
 * @f: the layout
 * @text: the text (case-sensitive; NULL or "" matches nothing)
 * @root: -1: the whole graph; a box: only its subtree is counted (a graph
 *	zoomed to it; the share is then of that box's weight)
 * @match: when not NULL, receives 1 for each box (@f->nboxes entries)
 *	whose name holds @text, 0 for the others
 *
 * Return: the weight of the matched boxes (in the stacks' unit) that are
 * not above another matched box, inside @root.
 */
uint64_t lttr_flame_match(const struct lttr_flame *f, const char *text, long root,
			  unsigned char *match);

/** lttr_flame_free() - release @f (or NULL) */
void lttr_flame_free(struct lttr_flame *f);

#endif /* LTTR_FLAME_H */
