/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/output/json-diff.h - the difference of two runs as JSON (the
 * "diff" object of docs/json-schema.md).
 */
#ifndef LTTR_JSON_DIFF_H
#define LTTR_JSON_DIFF_H

#include <lttr/output/json.h>

struct lttr_diff;
struct lttr_diff_explained;
struct lttr_trace;

/**
 * lttr_json_diff() - write the DIFF object: the matched pairs, the
 * processes only in A and only in B, each with its parts (and wakers)
 * @j: the writer
 * @d: the diff
 */
void lttr_json_diff(struct lttr_json *j, const struct lttr_diff *d);

/**
 * lttr_json_diff_explained() - the worst change explained (null: none)
 * @j: the writer
 * @d: the diff
 * @e: the explanation, or NULL
 * @ta: trace A
 * @tb: trace B
 */
void lttr_json_diff_explained(struct lttr_json *j, const struct lttr_diff *d,
			      const struct lttr_diff_explained *e,
			      const struct lttr_trace *ta, const struct lttr_trace *tb);

#endif /* LTTR_JSON_DIFF_H */
