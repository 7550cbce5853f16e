// SPDX-License-Identifier: GPL-2.0
/*
 * scan.c - sequential scan of the events of one CPU (no merging).
 */
#include "reader/internal.h"

int lttr_scan_cpu_from(struct lttr_trace *t, unsigned int cpu, size_t bi,
		       uint32_t off, struct lttr_cpustate st, lttr_scan_fn fn,
		       void *arg, struct lttr_error *err)
{
	struct lttr_event ev;
	struct lttr_cpu *cp;
	int r;

	if (cpu >= t->ncpus)
		return lttr_error_set(err, LTTR_E_INVAL, "cpu %u out of range", cpu);
	cp = &t->cpu[cpu];
	for (; bi < cp->nbufs; bi++, off = 0) {
		struct lttr_buf *b = &cp->bufs[bi];

		if (off == 0) {
			if (!b->nest_known) {
				b->nest_start = st.nest;
				b->nest_known = true;
			}
			st.pid = b->pid;
			st.nest = b->nest_start;
		}
		for (;;) {
			r = lttr_read_record(t, cpu, bi, off, &ev, err);
			if (r < 0)
				return r;
			if (r == 0)
				break;
			lttr_cpustate_apply(&st, &ev);
			r = fn(arg, &ev);
			if (r < 0)
				return r;
			off += ev.size;
		}
	}
	return 0;
}

int lttr_scan_cpu(struct lttr_trace *t, unsigned int cpu, lttr_scan_fn fn,
		  void *arg, struct lttr_error *err)
{
	struct lttr_cpustate st = { 0, 0 };

	return lttr_scan_cpu_from(t, cpu, 0, 0, st, fn, arg, err);
}

int lttr_scan_buffer(struct lttr_trace *t, unsigned int cpu, size_t bi,
		     lttr_scan_fn fn, void *arg, struct lttr_error *err)
{
	struct lttr_cpustate st;
	struct lttr_event ev;
	uint32_t off = 0;
	int r;

	if (cpu >= t->ncpus || bi >= t->cpu[cpu].nbufs)
		return lttr_error_set(err, LTTR_E_INVAL, "buffer %zu of cpu %u out of range",
				      bi, cpu);
	r = lttr_ensure_nest(t, cpu, bi, err);
	if (r < 0)
		return r;
	st.pid = t->cpu[cpu].bufs[bi].pid;
	st.nest = t->cpu[cpu].bufs[bi].nest_start;
	for (;;) {
		r = lttr_read_record(t, cpu, bi, off, &ev, err);
		if (r <= 0)
			break;
		lttr_cpustate_apply(&st, &ev);
		r = fn(arg, &ev);
		if (r < 0)
			return r;
		off += ev.size;
	}
	if (r < 0)
		return r;
	if (bi + 1 < t->cpu[cpu].nbufs && !t->cpu[cpu].bufs[bi + 1].nest_known) {
		t->cpu[cpu].bufs[bi + 1].nest_start = st.nest;
		t->cpu[cpu].bufs[bi + 1].nest_known = true;
	}
	return 0;
}

int lttr_buffer_record(struct lttr_trace *t, unsigned int cpu, size_t bi,
		       uint32_t off, struct lttr_event *ev, struct lttr_error *err)
{
	if (cpu >= t->ncpus || bi >= t->cpu[cpu].nbufs)
		return lttr_error_set(err, LTTR_E_INVAL, "buffer %zu of cpu %u out of range",
				      bi, cpu);
	return lttr_read_record(t, cpu, bi, off, ev, err);
}
