/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/output/json-paths.h - the JSON forms of messages and causal paths
 * (schemas in docs/json-schema.md, "Messages and causal paths").
 */
#ifndef LTTR_JSON_PATHS_H
#define LTTR_JSON_PATHS_H

#include <stddef.h>
#include <lttr/output/json.h>
#include <lttr/paths/message.h>
#include <lttr/paths/nesting.h>
#include <lttr/paths/pattern.h>
#include <lttr/paths/convolution.h>

/**
 * lttr_json_msg_warn() - write a MSGWARN object
 * @j: the writer
 * @w: the warnings
 */
void lttr_json_msg_warn(struct lttr_json *j, const struct lttr_msg_warn *w);

/**
 * lttr_json_msg_pairs() - write the MSGPAIR array of a set
 * @j: the writer
 * @s: the set
 * @v: its pairs (lttr_msgset_pairs())
 * @n: their count
 */
void lttr_json_msg_pairs(struct lttr_json *j, const struct lttr_msgset *s,
			 const struct lttr_msg_pair *v, size_t n);

/**
 * lttr_json_messages() - write every message of a set (MESSAGE array)
 * @j: the writer
 * @s: the set
 */
void lttr_json_messages(struct lttr_json *j, const struct lttr_msgset *s);

/**
 * lttr_json_nesting() - write the NESTING object (call pairs, candidates)
 * @j: the writer
 * @n: the nesting algorithm's result
 */
void lttr_json_nesting(struct lttr_json *j, const struct lttr_nesting *n);

/**
 * lttr_json_instance() - write an INSTANCE object: one call pair, its id,
 * nodes, tasks and four times (null when @pair is not one)
 * @j: the writer
 * @s: the messages
 * @n: the nesting
 * @pair: the call pair's index
 */
void lttr_json_instance(struct lttr_json *j, const struct lttr_msgset *s,
			const struct lttr_nesting *n, size_t pair);

/**
 * lttr_json_patterns() - write the PATTERN array, the first @top patterns
 * @j: the writer
 * @s: the messages (node names)
 * @n: the nesting the patterns are of (their representative instances)
 * @p: the patterns
 * @top: how many (0: all)
 * @split: write each node's "explain" object
 */
void lttr_json_patterns(struct lttr_json *j, const struct lttr_msgset *s,
			const struct lttr_nesting *n, const struct lttr_patterns *p, size_t top,
			bool split);

/**
 * lttr_json_conv_graph() - write the CONVGRAPH object
 * @j: the writer
 * @s: the messages (node names)
 * @g: the convolution algorithm's graph
 */
void lttr_json_conv_graph(struct lttr_json *j, const struct lttr_msgset *s,
			  const struct lttr_conv_graph *g);

#endif /* LTTR_JSON_PATHS_H */
