// SPDX-License-Identifier: GPL-2.0
/*
 * export-trace-events.c - a trace as Chrome's trace-event JSON (the
 * "JSON Object Format" that Perfetto's UI and chrome://tracing open):
 * lttr/output/export.h, docs/ctf-export.md.
 *
 * Each event is one trace event of the task it belongs to (pid: its
 * process, tid: the task), at its time in microseconds with nanosecond
 * decimals from the trace's start; syscalls, traps, irqs and softirqs are
 * slices (a "B" at their entry, an "E" at their exit, nested on the task
 * they ran on), every other event an instant on its task; args are the
 * JSON "args" of dump --json (the field table).  Processes and threads
 * are named by metadata events (their last name in the trace).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/lttr.h>

/* "B", "E" or "i": the phase of an event id */
static const char *phase(unsigned int id)
{
	switch (id) {
	case LTT_EV_SYSCALL_ENTRY:
	case LTT_EV_TRAP_ENTRY:
	case LTT_EV_IRQ_ENTRY:
	case LTT_EV_SOFTIRQ_ENTRY:
		return "B";
	case LTT_EV_SYSCALL_EXIT:
	case LTT_EV_TRAP_EXIT:
	case LTT_EV_IRQ_EXIT:
	case LTT_EV_SOFTIRQ_EXIT:
		return "E";
	default:
		return "i";
	}
}

/* the category of an event id: the slices' kind, else "ltt" */
static const char *category(unsigned int id)
{
	switch (id) {
	case LTT_EV_SYSCALL_ENTRY: case LTT_EV_SYSCALL_EXIT: return "syscall";
	case LTT_EV_TRAP_ENTRY: case LTT_EV_TRAP_EXIT: return "trap";
	case LTT_EV_IRQ_ENTRY: case LTT_EV_IRQ_EXIT: return "irq";
	case LTT_EV_SOFTIRQ_ENTRY: case LTT_EV_SOFTIRQ_EXIT: return "softirq";
	default: return "ltt";
	}
}

/*
 * An event's name: the value of its "name" field when it has a non-empty
 * one (the syscall, trap, irq, softirq, signal ... as dump names it), else
 * its type name
 */
static void put_name(struct lttr_json *j, const struct lttr_trace *t,
		     const struct lttr_event *ev)
{
	const struct lttr_field *f = lttr_field_find(ev->id, "name");
	struct lttr_field_buf fb;
	struct lttr_field_value v = { .type = LTTR_FIELD_V_ABSENT };

	if (f)
		lttr_field_get(t, ev, f, &fb, &v);
	if (v.type == LTTR_FIELD_V_STR && v.str.len) {
		lttr_json_string_n(j, v.str.p, v.str.len);
	} else {
		char tb[24];

		lttr_json_string(j, lttr_event_type_str(ev->id, tb, sizeof(tb)));
	}
}

/* a time as microseconds from @start, with its nanoseconds as decimals */
static void put_us(struct lttr_json *j, uint64_t ns, uint64_t start)
{
	char num[40];
	uint64_t d = ns >= start ? ns - start : 0;

	snprintf(num, sizeof(num), "%" PRIu64 ".%03" PRIu64, d / 1000, d % 1000);
	lttr_json_number(j, num);
}

static void put_event(struct lttr_json *j, const struct lttr_trace *t,
		      const struct lttr_event *ev, uint32_t tgid)
{
	const char *ph = phase(ev->id);

	lttr_json_begin_object(j);
	lttr_json_key(j, "name");
	put_name(j, t, ev);
	lttr_json_key(j, "cat");
	lttr_json_string(j, category(ev->id));
	lttr_json_key(j, "ph");
	lttr_json_string(j, ph);
	if (ph[0] == 'i') {
		lttr_json_key(j, "s");	/* an instant of its thread */
		lttr_json_string(j, "t");
	}
	lttr_json_key(j, "ts");
	put_us(j, ev->time_ns, lttr_trace_header(t)->start_ns);
	lttr_json_key(j, "pid");
	lttr_json_u64(j, tgid);
	lttr_json_key(j, "tid");
	lttr_json_u64(j, ev->pid);
	lttr_json_key(j, "args");
	lttr_json_event_args(j, t, ev);
	lttr_json_end_object(j);
}

/* process_name (a process's leader) and thread_name metadata events */
static void put_names(struct lttr_json *j, struct lttr_ptable *pt)
{
	size_t n = 0, i;
	struct lttr_process **v = lttr_ptable_sorted(pt, &n);

	for (i = 0; v && i < n; i++) {
		const char *name = v[i]->name;	/* its last name */
		int k;

		for (k = v[i]->pid == v[i]->tgid ? 0 : 1; k < 2; k++) {
			lttr_json_begin_object(j);
			lttr_json_key(j, "name");
			lttr_json_string(j, k ? "thread_name" : "process_name");
			lttr_json_key(j, "ph");
			lttr_json_string(j, "M");
			lttr_json_key(j, "pid");
			lttr_json_u64(j, v[i]->tgid);
			lttr_json_key(j, "tid");
			lttr_json_u64(j, v[i]->pid);
			lttr_json_key(j, "args");
			lttr_json_begin_object(j);
			lttr_json_key(j, "name");
			lttr_json_string(j, name ? name : "");
			lttr_json_end_object(j);
			lttr_json_end_object(j);
		}
	}
	free(v);
}

int lttr_export_trace_events(struct lttr_trace *t, const char *path,
			     struct lttr_te_stats *st, struct lttr_error *err)
{
	struct lttr_ptable *pt = lttr_ptable_new(lttr_trace_proc(t));
	const struct ltt_trace_header *h = lttr_trace_header(t);
	struct lttr_iter *it = NULL;
	struct lttr_event ev;
	struct lttr_json j;
	FILE *f;
	int r;

	memset(st, 0, sizeof(*st));
	lttr_error_set(err, LTTR_OK, "no error");
	if (!pt)
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	f = fopen(path, "w");
	if (!f) {
		lttr_ptable_free(pt);
		return lttr_error_set(err, LTTR_E_IO, "%s: %s", path, strerror(errno));
	}
	lttr_json_init(&j, f, false);
	lttr_json_begin_object(&j);
	lttr_json_key(&j, "displayTimeUnit");
	lttr_json_string(&j, "ns");
	lttr_json_key(&j, "otherData");
	lttr_json_begin_object(&j);
	lttr_json_key(&j, "ltt_trace");
	lttr_json_string(&j, lttr_trace_dir(t));
	lttr_json_key(&j, "start_ns");	/* ts 0: CLOCK_MONOTONIC */
	lttr_json_u64(&j, h->start_ns);
	lttr_json_key(&j, "start_wall_ns");	/* and CLOCK_REALTIME */
	lttr_json_u64(&j, h->start_wall_ns);
	lttr_json_end_object(&j);
	lttr_json_key(&j, "traceEvents");
	lttr_json_begin_array(&j);
	r = lttr_iter_new(t, &it, err);
	while (r >= 0 && (r = lttr_iter_next(it, &ev)) > 0) {
		const struct lttr_process *p;

		if (lttr_ptable_apply(pt, &ev) < 0) {
			r = lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
			break;
		}
		p = lttr_ptable_get(pt, ev.pid, false);
		put_event(&j, t, &ev, p ? p->tgid : ev.pid);
		st->events++;
		st->slices += phase(ev.id)[0] == 'B';
	}
	if (r < 0 && it && err->code == LTTR_OK)
		*err = *lttr_iter_error(it);
	lttr_iter_free(it);
	if (r >= 0)
		put_names(&j, pt);
	st->tasks = lttr_ptable_count(pt);
	lttr_json_end_array(&j);
	lttr_json_end_object(&j);
	fputc('\n', f);
	if ((ferror(f) | fclose(f)) && r >= 0)
		r = lttr_error_set(err, LTTR_E_IO, "%s: write error", path);
	lttr_ptable_free(pt);
	return r < 0 ? r : 0;
}
