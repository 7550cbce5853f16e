// SPDX-License-Identifier: GPL-2.0
/*
 * json-trace.c - the JSON forms of trace information, events and
 * summaries (docs/json-schema.md).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/lttr.h>

const char *lttr_sip_mode_name(uint32_t mode)
{
	switch (mode) {
	case LTT_SIP_RAW: return "raw";
	case LTT_SIP_DEPTH: return "depth";
	case LTT_SIP_RANGE: return "range";
	default: return "unknown";
	}
}

static void mask_array(struct lttr_json *j, const struct ltt_event_mask *m)
{
	unsigned int i;
	char tb[24];

	lttr_json_begin_array(j);
	for (i = 0; i < LTT_EV_MAX; i++)
		if (lttr_event_mask_has(m, i))
			lttr_json_string(j, lttr_event_type_str(i, tb, sizeof(tb)));
	lttr_json_end_array(j);
}

/*
 * The "fields" object of an instance of a custom fields type (the one
 * value of "args" that is not a scalar: LTTR_FIELD_SRC_CUSTOM_FIELDS),
 * under @key; nothing for other instances.
 */
static void custom_fields(struct lttr_json *j, const struct lttr_trace *t,
			  const struct lttr_event *ev, const char *key)
{
	struct lttr_custom_inst ci;
	const struct lttr_custom_type *ty;
	unsigned int i;
	char hb[24];

	lttr_custom_inst_decode(t, ev, &ci);
	ty = ci.ty;
	if (!ty || ty->error || ty->kind != LTT_CUSTOM_FIELDS)
		return;
	lttr_json_key(j, key);
	lttr_json_begin_object(j);
	for (i = 0; i < ci.n; i++) {
		const struct lttr_custom_value *v = &ci.vals[i];

		lttr_json_key(j, v->field->name);
		switch (v->field->type) {
		case LTTR_CF_S8: case LTTR_CF_S16:
		case LTTR_CF_S32: case LTTR_CF_S64:
			lttr_json_i64(j, v->s);
			break;
		case LTTR_CF_X32: case LTTR_CF_X64:
			snprintf(hb, sizeof(hb), "0x%llx", (unsigned long long)v->u);
			lttr_json_string(j, hb);
			break;
		case LTTR_CF_STR:
			lttr_json_string_n(j, v->str, v->len);
			break;
		default:
			lttr_json_u64(j, v->u);
			break;
		}
	}
	lttr_json_end_object(j);
}

/* an exec's arguments as an array under @key; nothing when it has none */
static void exec_argv(struct lttr_json *j, const struct lttr_event *ev, const char *key)
{
	struct lttr_exec_args a;
	size_t pos = 0, len;
	const char *s;

	if (!lttr_exec_args(ev, &a))
		return;
	lttr_json_key(j, key);
	lttr_json_begin_array(j);
	while ((s = lttr_exec_next_arg(&a, &pos, &len)))
		lttr_json_string_n(j, s, len);
	lttr_json_end_array(j);
}

/* one field of "args": its key and value, or nothing when it has none */
static void field_json(struct lttr_json *j, const struct lttr_trace *t,
		       const struct lttr_event *ev, const struct lttr_field *f,
		       struct lttr_field_buf *buf)
{
	struct lttr_field_value v;
	struct ltt_event_mask m;

	/* the structured values: arrays and an object */
	switch (f->src) {
	case LTTR_FIELD_SRC_EVENT_MASK:
		memcpy(&m, &ev->p.change_mask, sizeof(m));
		lttr_json_key(j, f->name);
		mask_array(j, &m);
		return;
	case LTTR_FIELD_SRC_CUSTOM_FIELDS:
		custom_fields(j, t, ev, f->name);
		return;
	case LTTR_FIELD_SRC_EXEC_ARGV:
		exec_argv(j, ev, f->name);
		return;
	default:
		break;
	}
	lttr_field_get(t, ev, f, buf, &v);
	if (v.type == LTTR_FIELD_V_ABSENT)
		return;
	lttr_json_key(j, f->name);
	switch (v.type) {
	case LTTR_FIELD_V_U64:
		lttr_json_u64(j, v.u);
		break;
	case LTTR_FIELD_V_I64:
		lttr_json_i64(j, v.i);
		break;
	case LTTR_FIELD_V_BOOL:
		lttr_json_bool(j, v.b);
		break;
	case LTTR_FIELD_V_STR:
		lttr_json_string_n(j, v.str.p, v.str.len);
		break;
	default:
		lttr_json_null(j);
		break;
	}
}

void lttr_json_traceinfo(struct lttr_json *j, const struct lttr_trace *t)
{
	const struct ltt_trace_header *h = lttr_trace_header(t);
	char fmt[32], tb[24];
	uint64_t end = lttr_trace_end_ns(t), overwritten = 0;
	unsigned int i, ncpus = lttr_trace_ncpus(t);
	size_t k;

	lttr_json_begin_object(j);
	lttr_json_kv_str(j, "dir", lttr_trace_dir(t));
	snprintf(fmt, sizeof(fmt), "%u.%u", h->major, h->minor);
	lttr_json_kv_str(j, "format", fmt);
	lttr_json_kv_u64(j, "ncpus", ncpus);
	lttr_json_kv_str(j, "arch", lttr_trace_arch(t));
	lttr_json_kv_str(j, "kernel", lttr_trace_release(t));
	lttr_json_kv_str(j, "hostname", lttr_trace_hostname(t));
	lttr_json_kv_u64(j, "start_wall_ns", h->start_wall_ns);
	lttr_json_kv_u64(j, "start_ns", h->start_ns);
	lttr_json_kv_u64(j, "end_ns", end);
	lttr_json_kv_u64(j, "duration_ns", end > h->start_ns ? end - h->start_ns : 0);
	lttr_json_kv_u64(j, "buffer_size", h->buffer_size);
	lttr_json_kv_u64(j, "buffer_count", h->buffer_count);
	lttr_json_kv_u64(j, "buffers", lttr_trace_total_buffers(t));
	lttr_json_kv_bool(j, "complete", lttr_trace_complete(t));
	lttr_json_kv_bool(j, "salvaged", lttr_trace_salvaged(t));
	lttr_json_kv_bool(j, "lost_file", lttr_trace_has_lost_file(t));
	lttr_json_kv_bool(j, "proc_file", lttr_trace_proc(t) != NULL);
	lttr_json_kv_bool(j, "flight", (h->flags & LTT_TRACE_FLIGHT) != 0);
	for (i = 0; i < ncpus; i++)
		overwritten += lttr_trace_overwritten(t, i);
	lttr_json_kv_u64(j, "overwritten_buffers", overwritten);
	lttr_json_kv_bool(j, "no_cpu_id", (h->flags & LTT_TRACE_NO_CPUID) != 0);
	lttr_json_kv_bool(j, "full_records", (h->flags & LTT_TRACE_FULL_RECORDS) != 0);
	lttr_json_key(j, "filter");
	if (h->flags & LTT_TRACE_FILTERED) {
		lttr_json_begin_object(j);
		if (h->filter.flags & LTT_FILTER_PID)
			lttr_json_kv_i64(j, "pid", h->filter.pid);
		if (h->filter.flags & LTT_FILTER_TGID)
			lttr_json_kv_i64(j, "tgid", h->filter.pid);
		if (h->filter.flags & LTT_FILTER_PGRP)
			lttr_json_kv_i64(j, "pgrp", h->filter.pgrp);
		if (h->filter.flags & LTT_FILTER_UID)
			lttr_json_kv_u64(j, "uid", h->filter.uid);
		if (h->filter.flags & LTT_FILTER_GID)
			lttr_json_kv_u64(j, "gid", h->filter.gid);
		lttr_json_end_object(j);
	} else {
		lttr_json_null(j);
	}
	lttr_json_key(j, "syscall_ip");
	lttr_json_begin_object(j);
	lttr_json_kv_str(j, "mode", lttr_sip_mode_name(h->syscall_ip.mode));
	lttr_json_kv_u64(j, "depth", h->syscall_ip.depth);
	lttr_json_kv_u64(j, "lower", h->syscall_ip.lower);
	lttr_json_kv_u64(j, "upper", h->syscall_ip.upper);
	lttr_json_end_object(j);
	lttr_json_kv_u64(j, "capture_len", h->capture_len);
	lttr_json_key(j, "events_mask");
	lttr_json_begin_array(j);
	for (i = 0; i < LTT_EV_MAX; i++)
		if (h->mask.bits[i / 64] & (1ULL << (i % 64)))
			lttr_json_string(j, lttr_event_type_str(i, tb, sizeof(tb)));
	lttr_json_end_array(j);
	lttr_json_key(j, "details_mask");
	lttr_json_begin_array(j);
	for (i = 0; i < LTT_EV_MAX; i++)
		if (lttr_event_type_name(i) && lttr_event_mask_has(&h->details, i))
			lttr_json_string(j, lttr_event_type_name(i));
	lttr_json_end_array(j);
	lttr_json_key(j, "warnings");
	lttr_json_begin_array(j);
	for (k = 0; k < lttr_trace_warning_count(t); k++)
		lttr_json_string(j, lttr_trace_warning(t, k));
	lttr_json_end_array(j);
	lttr_json_end_object(j);
}

/*
 * The "args" object: the fields of the event's id, in the order of the
 * table of lttr/reader/fields.h (empty without details).
 */
void lttr_json_event_args(struct lttr_json *j, const struct lttr_trace *t,
			  const struct lttr_event *ev)
{
	struct lttr_field_buf buf;
	const struct lttr_field *f;
	size_t i, n = 0;

	lttr_json_begin_object(j);
	f = ev->details ? lttr_event_fields(ev->id, &n) : NULL;
	for (i = 0; f && i < n; i++)
		field_json(j, t, ev, &f[i], &buf);
	lttr_json_end_object(j);
}

void lttr_json_event(struct lttr_json *j, const struct lttr_trace *t,
		     const struct lttr_event *ev)
{
	char desc[LTTR_DESC_MAX], tb[24];

	lttr_event_describe(t, ev, desc, sizeof(desc));
	lttr_json_begin_object(j);
	lttr_json_kv_u64(j, "time_ns", ev->time_ns);
	lttr_json_kv_i64(j, "rel_ns", (int64_t)(ev->time_ns - lttr_trace_header(t)->start_ns));
	lttr_json_kv_u64(j, "cpu", ev->cpu);
	lttr_json_kv_u64(j, "pid", ev->pid);
	lttr_json_kv_str(j, "type", lttr_event_type_str(ev->id, tb, sizeof(tb)));
	lttr_json_kv_u64(j, "id", ev->id);
	lttr_json_kv_bool(j, "control", ev->control);
	lttr_json_key(j, "desc");
	lttr_json_string(j, desc);
	lttr_json_kv_u64(j, "offset", ev->offset);
	lttr_json_kv_bool(j, "details", ev->details);
	lttr_json_key(j, "args");
	lttr_json_event_args(j, t, ev);
	lttr_json_end_object(j);
}

static void sc_object(struct lttr_json *j, const struct lttr_trace *t,
		      const struct lttr_sccount *c)
{
	struct lttr_sccount_slot *v;
	size_t n = 0, i;
	char nb[32];

	v = lttr_sccount_list(c, &n);
	lttr_json_begin_object(j);
	for (i = 0; v && i < n; i++) {
		lttr_json_key(j, lttr_machine_syscall_str(lttr_trace_machine(t), v[i].nr,
							  nb, sizeof(nb)));
		lttr_json_begin_object(j);
		lttr_json_kv_u64(j, "nr", v[i].nr);
		lttr_json_kv_u64(j, "entries", v[i].entries);
		lttr_json_kv_u64(j, "exits", v[i].exits);
		lttr_json_end_object(j);
	}
	lttr_json_end_object(j);
	free(v);
}

void lttr_json_summary_open(struct lttr_json *j, const struct lttr_trace *t,
			    const struct lttr_summary *s)
{
	struct lttr_process **pv;
	size_t np = 0, i, k;
	char tb[24];
	unsigned int c;

	lttr_json_begin_object(j);
	lttr_json_key(j, "trace");
	lttr_json_traceinfo(j, t);
	if (s->windowed) {
		uint64_t st = lttr_trace_header(t)->start_ns;

		lttr_json_key(j, "window");
		lttr_json_begin_object(j);
		lttr_json_key(j, "from_ns");
		lttr_json_i64(j, (int64_t)(s->from_ns - st));
		lttr_json_key(j, "to_ns");
		lttr_json_i64(j, (int64_t)(s->to_ns - st));
		lttr_json_end_object(j);
	}

	lttr_json_key(j, "events");
	lttr_json_begin_object(j);
	lttr_json_kv_u64(j, "total", s->total);
	lttr_json_kv_u64(j, "control", s->control);
	lttr_json_kv_u64(j, "unknown", s->unknown);
	lttr_json_kv_u64(j, "first_ns", s->first_ns);
	lttr_json_kv_u64(j, "last_ns", s->last_ns);
	lttr_json_key(j, "by_type");
	lttr_json_begin_object(j);
	for (i = 0; i < LTT_EV_MAX; i++)
		if (s->by_id[i])
			lttr_json_kv_u64(j, lttr_event_type_str((unsigned int)i, tb, sizeof(tb)),
					 s->by_id[i]);
	lttr_json_end_object(j);
	lttr_json_end_object(j);

	lttr_json_key(j, "cpus");
	lttr_json_begin_array(j);
	for (c = 0; c < s->ncpus; c++) {
		lttr_json_begin_object(j);
		lttr_json_kv_u64(j, "cpu", c);
		lttr_json_kv_u64(j, "events", s->cpu[c].events);
		lttr_json_kv_u64(j, "lost", s->cpu[c].lost);
		lttr_json_kv_u64(j, "buffer_lost", s->cpu[c].buffer_lost);
		lttr_json_kv_u64(j, "buffers", s->cpu[c].buffers);
		lttr_json_kv_u64(j, "overwritten", s->cpu[c].overwritten);
		lttr_json_kv_u64(j, "first_ns", s->cpu[c].first_ns);
		lttr_json_kv_u64(j, "last_ns", s->cpu[c].last_ns);
		lttr_json_end_object(j);
	}
	lttr_json_end_array(j);

	lttr_json_key(j, "lost");
	lttr_json_begin_object(j);
	lttr_json_kv_u64(j, "total", s->lost_total);
	lttr_json_kv_str(j, "source", lttr_trace_has_lost_file(t) ? "lost" : "buffers");
	lttr_json_key(j, "by_cpu");
	lttr_json_begin_array(j);
	for (c = 0; c < s->ncpus; c++)
		lttr_json_u64(j, s->cpu[c].lost);
	lttr_json_end_array(j);
	lttr_json_key(j, "by_type");
	if (s->windowed) {	/* the lost file counts the whole trace only */
		lttr_json_null(j);
		lttr_json_key(j, "syscalls");
		lttr_json_null(j);
		lttr_json_end_object(j);
		goto procs;
	}
	lttr_json_begin_object(j);
	for (i = 0; i < LTT_EV_MAX; i++)
		if (s->lost_by_id[i])
			lttr_json_kv_u64(j, lttr_event_type_str((unsigned int)i, tb, sizeof(tb)),
					 s->lost_by_id[i]);
	lttr_json_end_object(j);
	lttr_json_key(j, "syscalls");
	sc_object(j, t, &s->lost_syscalls);
	lttr_json_end_object(j);
procs:

	lttr_json_key(j, "processes");
	lttr_json_begin_array(j);
	pv = lttr_ptable_sorted(s->procs, &np);
	for (i = 0; pv && i < np; i++) {
		const struct lttr_process *p = pv[i];

		if (s->windowed && !p->events)	/* none in the window */
			continue;
		lttr_json_begin_object(j);
		lttr_json_kv_u64(j, "pid", p->pid);
		lttr_json_kv_u64(j, "tgid", p->tgid);
		lttr_json_kv_u64(j, "ppid", p->ppid);
		lttr_json_kv_str(j, "name", p->name);
		lttr_json_kv_u64(j, "events", p->events);
		lttr_json_kv_bool(j, "in_snapshot", p->in_snapshot);
		lttr_json_kv_bool(j, "forked", p->forked);
		lttr_json_kv_bool(j, "exited", p->exited);
		lttr_json_key(j, "exit_code");
		if (p->exited)
			lttr_json_i64(j, p->exit_code);
		else
			lttr_json_null(j);
		lttr_json_key(j, "exit_status");
		if (p->exited) {
			char ex[48];

			lttr_json_string(j, lttr_exit_code_str(p->exit_code, ex, sizeof(ex)));
		} else {
			lttr_json_null(j);
		}
		lttr_json_kv_u64(j, "execs", p->execs);
		lttr_json_key(j, "names");
		lttr_json_begin_array(j);
		for (k = 0; k < p->nnames; k++) {
			lttr_json_begin_object(j);
			lttr_json_key(j, "since_ns");
			if (p->names[k].since_ns)
				lttr_json_u64(j, p->names[k].since_ns);
			else
				lttr_json_null(j);
			lttr_json_kv_str(j, "name", p->names[k].name);
			lttr_json_end_object(j);
		}
		lttr_json_end_array(j);
		lttr_json_key(j, "syscalls");
		sc_object(j, t, &p->syscalls);
		lttr_json_end_object(j);
	}
	free(pv);
	lttr_json_end_array(j);

	lttr_json_key(j, "syscalls");
	sc_object(j, t, &s->syscalls);

	lttr_json_key(j, "custom");
	lttr_json_begin_object(j);
	for (i = 0; i < s->ncustom; i++) {
		if (s->custom[i].name) {
			lttr_json_key(j, s->custom[i].name);
		} else {
			char ub[40];

			snprintf(ub, sizeof(ub), "(unknown type %u)",
				 s->custom[i].type_id);
			lttr_json_key(j, ub);
		}
		lttr_json_u64(j, s->custom[i].count);
	}
	lttr_json_end_object(j);
	lttr_json_kv_u64(j, "custom_warnings", s->custom_warned);

	lttr_json_key(j, "mask_changes");
	lttr_json_begin_array(j);
	for (i = 0; i < s->nmask_changes; i++) {
		const struct ltt_event_mask *prev = i ? &s->mask_changes[i - 1].mask :
			&lttr_trace_header(t)->mask;
		const struct ltt_event_mask *m = &s->mask_changes[i].mask;
		struct ltt_event_mask added, removed;

		for (k = 0; k < LTT_EV_MAX / 64; k++) {
			added.bits[k] = m->bits[k] & ~prev->bits[k];
			removed.bits[k] = prev->bits[k] & ~m->bits[k];
		}
		lttr_json_begin_object(j);
		lttr_json_kv_u64(j, "time_ns", s->mask_changes[i].time_ns);
		lttr_json_kv_i64(j, "rel_ns", (int64_t)(s->mask_changes[i].time_ns -
					      lttr_trace_header(t)->start_ns));
		lttr_json_kv_u64(j, "cpu", s->mask_changes[i].cpu);
		lttr_json_key(j, "events");
		mask_array(j, m);
		lttr_json_key(j, "added");
		mask_array(j, &added);
		lttr_json_key(j, "removed");
		mask_array(j, &removed);
		lttr_json_end_object(j);
	}
	lttr_json_end_array(j);
}

void lttr_json_summary(struct lttr_json *j, const struct lttr_trace *t,
		       const struct lttr_summary *s)
{
	lttr_json_summary_open(j, t, s);
	lttr_json_end_object(j);
}
