/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/output/dot-paths.h - causal paths as Graphviz "dot" graphs, the
 * forms of Aguilera et al.'s Figures 8 (nesting) and 9 (convolution).
 */
#ifndef LTTR_DOT_PATHS_H
#define LTTR_DOT_PATHS_H

#include <stddef.h>
#include <stdio.h>
#include <lttr/paths/message.h>
#include <lttr/paths/pattern.h>
#include <lttr/paths/convolution.h>

/**
 * lttr_dot_patterns() - the first @top patterns, one cluster each: a
 * node's ellipse holds its name and mean latency, an arrow its mean call
 * delay, the first arrow also the pattern's count and total latency
 * @f: the stream
 * @s: the messages (node names)
 * @p: the patterns
 * @top: how many (0: all)
 *
 * Return: 0, or -1 when writing failed.
 */
int lttr_dot_patterns(FILE *f, const struct lttr_msgset *s,
		      const struct lttr_patterns *p, size_t top);

/**
 * lttr_dot_conv() - the convolution algorithm's graph: an arrow per
 * edge, labelled with its delay and its count of messages
 * @f: the stream
 * @s: the messages (node names)
 * @g: the graph
 *
 * Return: 0, or -1 when writing failed.
 */
int lttr_dot_conv(FILE *f, const struct lttr_msgset *s, const struct lttr_conv_graph *g);

#endif /* LTTR_DOT_PATHS_H */
