// SPDX-License-Identifier: GPL-2.0
/*
 * json-stacks.c - the folded stacks as JSON (lttr/output/json-stacks.h).
 */
#include <lttr/output/json-stacks.h>

#include <string.h>

void lttr_json_folded(struct lttr_json *j, const char *f)
{
	if (!f) {
		lttr_json_null(j);
		return;
	}
	lttr_json_begin_array(j);
	while (*f) {
		const char *e = strchr(f, ';');
		size_t n = e ? (size_t)(e - f) : strlen(f);

		lttr_json_string_n(j, f, n);
		f += n + (e ? 1 : 0);
	}
	lttr_json_end_array(j);
}

void lttr_json_block_stacks(struct lttr_json *j, const struct lttr_block_stacks *b)
{
	lttr_json_key(j, "blocked_stack");
	lttr_json_folded(j, b->blocked);
	lttr_json_key(j, "waker_stack");
	lttr_json_folded(j, b->waker);
}

void lttr_json_stacks(struct lttr_json *j, const struct lttr_stacks *s)
{
	size_t i;

	lttr_json_begin_object(j);
	lttr_json_key(j, "kind");
	lttr_json_string(j, lttr_stacks_kind_name(s->kind));
	lttr_json_key(j, "unit");
	lttr_json_string(j, s->kind == LTTR_STACKS_OFFCPU ? "ns" :
			 s->kind == LTTR_STACKS_CPU ? "samples" :
			 s->kind == LTTR_STACKS_EVENT ? "events" : "wakeups");
	lttr_json_kv_u64(j, "total", s->total);
	lttr_json_kv_u64(j, "unstacked", s->unstacked);
	lttr_json_kv_u64(j, "intervals", s->intervals);
	lttr_json_kv_u64(j, "orphans", s->orphans);
	lttr_json_kv_u64(j, "bad", s->bad);
	if (s->kind == LTTR_STACKS_OFFCPU)
		lttr_json_kv_u64(j, "blocked_ns", s->blocked_ns);
	if (s->kind == LTTR_STACKS_CPU)
		lttr_json_kv_u64(j, "sample_hz", s->sample_hz);
	lttr_json_key(j, "lines");
	lttr_json_begin_array(j);
	for (i = 0; i < s->nlines; i++) {
		const char *f = s->lines[i].folded;

		lttr_json_begin_object(j);
		lttr_json_key(j, "stack");
		lttr_json_folded(j, f);
		lttr_json_key(j, "folded");
		lttr_json_string(j, s->lines[i].folded);
		lttr_json_kv_u64(j, "value", s->lines[i].value);
		lttr_json_kv_u64(j, "count", s->lines[i].count);
		lttr_json_end_object(j);
	}
	lttr_json_end_array(j);
	lttr_json_end_object(j);
}

void lttr_json_flame(struct lttr_json *j, const struct lttr_flame *f)
{
	size_t i;

	lttr_json_begin_array(j);
	for (i = 0; i < f->nboxes; i++) {
		const struct lttr_flame_box *b = &f->boxes[i];

		lttr_json_begin_object(j);
		lttr_json_kv_str(j, "name", b->name);
		lttr_json_kv_u64(j, "depth", b->depth);
		lttr_json_kv_i64(j, "parent", b->parent);
		lttr_json_kv_u64(j, "x", b->x);
		lttr_json_kv_u64(j, "w", b->w);
		lttr_json_kv_u64(j, "self", b->self);
		lttr_json_end_object(j);
	}
	lttr_json_end_array(j);
}
