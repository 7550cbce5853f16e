/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/output/json-stacks.h - the folded stacks as JSON (docs/json-schema.md).
 */
#ifndef LTTR_JSON_STACKS_H
#define LTTR_JSON_STACKS_H

#include <lttr/output/json.h>
#include <lttr/analysis/stacks.h>
#include <lttr/analysis/flame.h>
#include <lttr/analysis/blockstacks.h>

/**
 * lttr_json_stacks() - write @s as an object: kind, unit ("ns" or
 * "wakeups"), total, unstacked, intervals, orphans, bad, blocked_ns
 * (offcpu) and lines, an array of {"stack": [frames root first],
 * "folded": "a;b", "value": N}
 * @j: the writer
 * @s: the stacks
 */
void lttr_json_stacks(struct lttr_json *j, const struct lttr_stacks *s);

/**
 * lttr_json_flame() - write the flame graph's boxes @f as an array of
 * {"name", "depth", "parent" (index or -1), "x", "w", "self"}, in the
 * stacks' unit (lttr/analysis/flame.h), depth first
 * @j: the writer
 * @f: the layout
 */
void lttr_json_flame(struct lttr_json *j, const struct lttr_flame *f);

/**
 * lttr_json_folded() - write a folded stack as an array of its frames,
 * root first, or null when @folded is NULL
 * @j: the writer
 * @folded: "a;b;c" or NULL
 */
void lttr_json_folded(struct lttr_json *j, const char *folded);

/**
 * lttr_json_block_stacks() - write "blocked_stack" and "waker_stack"
 * (lttr_json_folded()) of @b as two keys of the object being written
 * @j: the writer
 * @b: the stacks of a block (lttr/analysis/blockstacks.h)
 */
void lttr_json_block_stacks(struct lttr_json *j, const struct lttr_block_stacks *b);

#endif /* LTTR_JSON_STACKS_H */
