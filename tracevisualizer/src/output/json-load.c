// SPDX-License-Identifier: GPL-2.0
/*
 * json-load.c - the LOAD object of "tracevisualizer jobs --load --json"
 * (docs/json-schema.md): per bin its start and length, per CPU its busy
 * and unknown time, per task its time on a CPU.
 */
#include <lttr/analysis/account.h>
#include <lttr/output/json-load.h>
#include <lttr/output/timing-text.h>

static void u64s(struct lttr_json *j, const uint64_t *v, unsigned int n)
{
	unsigned int i;

	lttr_json_begin_array(j);
	for (i = 0; i < n; i++)
		lttr_json_u64(j, v[i]);
	lttr_json_end_array(j);
}

void lttr_json_load(struct lttr_json *j, const struct lttr_load *l)
{
	uint64_t t0 = l->acct ? l->acct->trace_start_ns : l->start_ns;
	uint64_t t = l->start_ns - t0;
	unsigned int c, i;
	size_t k;

	lttr_json_begin_object(j);
	lttr_json_kv_bool(j, "whole", l->whole);
	lttr_json_kv_u64(j, "from_ns", l->start_ns - t0);
	lttr_json_kv_u64(j, "to_ns", l->end_ns - t0);
	lttr_json_kv_u64(j, "bins", l->nbins);
	lttr_json_key(j, "bin_start_ns");
	lttr_json_begin_array(j);
	for (i = 0; i < l->nbins; t += l->bin_ns[i], i++)
		lttr_json_u64(j, t);
	lttr_json_end_array(j);
	lttr_json_key(j, "bin_ns");
	u64s(j, l->bin_ns, l->nbins);
	lttr_json_key(j, "cpus");
	lttr_json_begin_array(j);
	for (c = 0; c < l->ncpus; c++) {
		lttr_json_begin_object(j);
		lttr_json_kv_u64(j, "cpu", c);
		lttr_json_key(j, "busy_ns");
		u64s(j, &l->busy_ns[(size_t)c * l->nbins], l->nbins);
		lttr_json_key(j, "unknown_ns");
		u64s(j, &l->unknown_ns[(size_t)c * l->nbins], l->nbins);
		lttr_json_end_object(j);
	}
	lttr_json_end_array(j);
	lttr_json_key(j, "tasks");
	lttr_json_begin_array(j);
	for (k = 0; k < l->ntasks; k++) {
		lttr_json_begin_object(j);
		lttr_json_kv_u64(j, "pid", l->tasks[k].pid);
		lttr_json_kv_str(j, "name", lttr_timing_task_name(l->acct, l->tasks[k].pid));
		lttr_json_kv_u64(j, "total_ns", l->tasks[k].total_ns);
		lttr_json_key(j, "ns");
		u64s(j, l->tasks[k].ns, l->nbins);
		lttr_json_end_object(j);
	}
	lttr_json_end_array(j);
	lttr_json_end_object(j);
}
