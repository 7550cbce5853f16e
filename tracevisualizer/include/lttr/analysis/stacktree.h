/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/analysis/stacktree.h - the call tree of folded stacks
 * (lttr/analysis/stacks.h), for the stacks view of the TUI and the flame
 * graph tab of the window: each node a frame, with the count (blocked
 * intervals or wakeups) and the weight (blocked ns, or wakeups) of the
 * stacks that pass through it, and those that end there (self).
 *
 * Top down, the roots are the outermost frames (main) and a node's
 * children the frames it called, as the flame graph stacks them;
 * inverted (bottom up), the roots are the innermost frames (where the
 * tasks blocked, or woke) and a node's children its callers.  Siblings
 * are sorted by weight, heaviest first, then by name.  A node's weight
 * is exactly its children's plus its self weight; the roots' weights add
 * up to the stacks' total + unstacked (the "[no stack]" line a root of
 * its own), so a node's weight is the same number as the sum of the
 * --json lines of "stacks" under that prefix.
 */
#ifndef LTTR_STACKTREE_H
#define LTTR_STACKTREE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct lttr_trace;
struct lttr_stacks;
struct lttr_stacks_opts;
struct lttr_error;

/**
 * struct lttr_stacktree_node - a frame of the tree
 * @frame: its name (as folded)
 * @depth: 0 for a root
 * @parent: its parent's index, or -1
 * @end: the index after its last descendant (its subtree is
 *	[index, @end) in pre-order)
 * @nchildren: its children (the first at index + 1, each next one at the
 *	previous one's @end)
 * @count: intervals (offcpu) or wakeups of the stacks through it
 * @value: their weight (ns or wakeups)
 * @x: where it starts in [0, the tree's @value): its parent's @x plus
 *	the weight of its siblings before it (a root: of the roots before
 *	it); a flame graph draws it over [@x, @x + @value), row @depth
 * @self_count: those of the stacks that end at it
 * @self_value: their weight
 */
struct lttr_stacktree_node {
	char *frame;
	unsigned int depth;
	long parent;
	size_t end;
	size_t nchildren;
	uint64_t count;
	uint64_t value;
	uint64_t x;
	uint64_t self_count;
	uint64_t self_value;
};

/**
 * struct lttr_stacktree - a call tree, in pre-order
 * @kind: enum lttr_stacks_kind of the stacks
 * @inverted: bottom up (roots the innermost frames)
 * @n: entries of @v
 * @v: the nodes, depth first, a parent before its children, siblings in
 *	their order
 * @count: the count of all the stacks (the roots' sum)
 * @value: their weight (the roots' sum: total + unstacked)
 */
struct lttr_stacktree {
	unsigned int kind;
	bool inverted;
	size_t n;
	struct lttr_stacktree_node *v;
	uint64_t count;
	uint64_t value;
};

/**
 * lttr_stacktree_build() - the call tree of folded stacks
 * @s: the stacks
 * @inverted: bottom up
 * @out: receives the tree (lttr_stacktree_free())
 *
 * Return: 0 or -LTTR_E_NOMEM.
 */
int lttr_stacktree_build(const struct lttr_stacks *s, bool inverted,
			 struct lttr_stacktree **out);

/**
 * lttr_stacktree_compute() - the call tree of the stacks of a trace
 * @t: the trace
 * @o: what to fold: the kind, a task (@has_pid), a window (@windowed),
 *	the symbols (lttr_stacks_compute())
 * @inverted: bottom up
 * @out: receives the tree (lttr_stacktree_free())
 * @stacks: receives the folded stacks too when not NULL
 *	(lttr_stacks_free()): whether the trace has stacks, the orphans...
 * @err: receives the error
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_stacktree_compute(struct lttr_trace *t, const struct lttr_stacks_opts *o,
			   bool inverted, struct lttr_stacktree **out,
			   struct lttr_stacks **stacks, struct lttr_error *err);

/** lttr_stacktree_free() - release @tr (or NULL) */
void lttr_stacktree_free(struct lttr_stacktree *tr);

/**
 * lttr_stacktree_find() - the node of a path of frames
 * @tr: the tree
 * @path: "frame;frame;...", from a root down
 *
 * Return: its index, or -1.
 */
long lttr_stacktree_find(const struct lttr_stacktree *tr, const char *path);

/**
 * lttr_stacktree_search() - the next node whose frame holds @text
 * @tr: the tree
 * @text: the text (case-sensitive)
 * @from: the search starts after this index (-1: from the first node)
 *	and wraps around
 *
 * Return: the index, or -1 when no node matches.
 */
long lttr_stacktree_search(const struct lttr_stacktree *tr, const char *text, long from);

/**
 * lttr_stacktree_path() - the frames from the root to node @i, folded
 * @tr: the tree
 * @i: the node
 * @buf: receives "frame;frame;..." (cut short to @size)
 * @size: its size
 *
 * Return: @buf.
 */
const char *lttr_stacktree_path(const struct lttr_stacktree *tr, size_t i, char *buf,
				size_t size);

#endif /* LTTR_STACKTREE_H */
