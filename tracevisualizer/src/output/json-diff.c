// SPDX-License-Identifier: GPL-2.0
/*
 * json-diff.c - the difference of two runs as JSON (docs/json-schema.md,
 * "diff").
 */
#include <string.h>
#include <lttr/analysis/diff.h>
#include <lttr/analysis/explain.h>
#include <lttr/model/blockreason.h>
#include <lttr/output/json-diff.h>
#include <lttr/output/json-timing.h>
#include <lttr/reader/trace.h>

static void part(struct lttr_json *j, const struct lttr_diff_part *p)
{
	char label[64];

	lttr_json_begin_object(j);
	lttr_json_kv_str(j, "kind", lttr_diff_kind_name(p->kind));
	if (p->kind == LTTR_DC_SYSCALL)
		lttr_json_kv_u64(j, "nr", p->what);
	if (p->kind == LTTR_DC_BLOCKED)
		lttr_json_kv_str(j, "reason", lttr_block_name(p->what));
	lttr_json_kv_str(j, "label", lttr_diff_part_str(p, label, sizeof(label)));
	lttr_json_kv_i64(j, "a_ns", p->a_ns);
	lttr_json_kv_i64(j, "b_ns", p->b_ns);
	lttr_json_kv_i64(j, "delta_ns", p->delta_ns);
	lttr_json_end_object(j);
}

static void proc(struct lttr_json *j, const struct lttr_diff_proc *dp)
{
	struct lttr_diff_kindsum ks[LTTR_DC_COUNT];
	size_t k;

	lttr_json_begin_object(j);
	lttr_json_kv_str(j, "key", dp->key);
	if (dp->key_b && strcmp(dp->key_b, dp->key))
		lttr_json_kv_str(j, "key_b", dp->key_b);
	lttr_json_kv_str(j, "name", dp->name);
	lttr_json_key(j, "cmdline");
	if (dp->cmdline)
		lttr_json_string(j, dp->cmdline);
	else
		lttr_json_null(j);
	lttr_json_kv_str(j, "side", lttr_diff_side_name(dp->side));
	lttr_json_key(j, "match");
	if (lttr_diff_match_name(dp->match))
		lttr_json_string(j, lttr_diff_match_name(dp->match));
	else
		lttr_json_null(j);
	lttr_json_key(j, "pid_a");
	if (dp->side == LTTR_DS_B)
		lttr_json_null(j);
	else
		lttr_json_u64(j, dp->pid_a);
	lttr_json_key(j, "pid_b");
	if (dp->side == LTTR_DS_A)
		lttr_json_null(j);
	else
		lttr_json_u64(j, dp->pid_b);
	lttr_json_kv_u64(j, "a_ns", dp->a_ns);
	lttr_json_kv_u64(j, "b_ns", dp->b_ns);
	lttr_json_kv_i64(j, "delta_ns", dp->delta_ns);
	lttr_json_kv_u64(j, "life_a_ns", dp->life_a);
	lttr_json_kv_u64(j, "life_b_ns", dp->life_b);
	lttr_json_kv_u64(j, "threads_a", dp->threads_a);
	lttr_json_kv_u64(j, "threads_b", dp->threads_b);
	lttr_json_kv_bool(j, "whole_a", dp->whole_a);
	lttr_json_kv_bool(j, "whole_b", dp->whole_b);
	lttr_json_key(j, "kinds");
	lttr_json_begin_array(j);
	lttr_diff_kinds(dp, ks);
	for (k = 0; k < LTTR_DC_COUNT; k++) {
		if (!ks[k].a_ns && !ks[k].b_ns && !ks[k].delta_ns)
			continue;
		lttr_json_begin_object(j);
		lttr_json_kv_str(j, "kind", lttr_diff_kind_name((unsigned int)k));
		lttr_json_kv_i64(j, "a_ns", ks[k].a_ns);
		lttr_json_kv_i64(j, "b_ns", ks[k].b_ns);
		lttr_json_kv_i64(j, "delta_ns", ks[k].delta_ns);
		lttr_json_end_object(j);
	}
	lttr_json_end_array(j);
	lttr_json_key(j, "parts");
	lttr_json_begin_array(j);
	for (k = 0; k < dp->nparts; k++)
		part(j, &dp->parts[k]);
	lttr_json_end_array(j);
	lttr_json_key(j, "wakers");
	lttr_json_begin_array(j);
	for (k = 0; k < dp->nwakers; k++) {
		const struct lttr_diff_waker *w = &dp->wakers[k];

		lttr_json_begin_object(j);
		lttr_json_kv_str(j, "reason", lttr_block_name(w->reason));
		lttr_json_key(j, "waker");
		if (w->waker[0])
			lttr_json_string(j, w->waker);
		else
			lttr_json_null(j);
		lttr_json_kv_bool(j, "task", w->task);
		lttr_json_kv_i64(j, "a_ns", w->a_ns);
		lttr_json_kv_i64(j, "b_ns", w->b_ns);
		lttr_json_kv_i64(j, "delta_ns", w->delta_ns);
		lttr_json_end_object(j);
	}
	lttr_json_end_array(j);
	lttr_json_end_object(j);
}

void lttr_json_diff(struct lttr_json *j, const struct lttr_diff *d)
{
	static const char *const keys[] = { "matched", "only_a", "only_b" };
	unsigned int s;
	size_t i;

	lttr_json_begin_object(j);
	for (s = LTTR_DS_BOTH; s <= LTTR_DS_B; s++) {
		lttr_json_key(j, keys[s]);
		lttr_json_begin_array(j);
		for (i = 0; i < d->n; i++)
			if (d->v[i].side == s)
				proc(j, &d->v[i]);
		lttr_json_end_array(j);
	}
	lttr_json_end_object(j);
}

void lttr_json_diff_explained(struct lttr_json *j, const struct lttr_diff *d,
			      const struct lttr_diff_explained *e,
			      const struct lttr_trace *ta, const struct lttr_trace *tb)
{
	const struct lttr_trace *t;

	if (!e) {
		lttr_json_null(j);
		return;
	}
	t = e->in_b ? tb : ta;
	lttr_json_begin_object(j);
	lttr_json_kv_str(j, "key", d->v[e->proc].key);
	lttr_json_key(j, "part");
	part(j, &d->v[e->proc].parts[e->part]);
	lttr_json_kv_str(j, "trace", e->in_b ? "b" : "a");
	lttr_json_kv_u64(j, "pid", e->pid);
	lttr_json_kv_i64(j, "start_ns", (int64_t)(e->start_ns - lttr_trace_header(t)->start_ns));
	lttr_json_kv_i64(j, "end_ns", (int64_t)(e->end_ns - lttr_trace_header(t)->start_ns));
	lttr_json_kv_u64(j, "duration_ns", e->end_ns - e->start_ns);
	lttr_json_key(j, "explain");
	lttr_json_explain_at(j, t, e->at);
	lttr_json_end_object(j);
}
