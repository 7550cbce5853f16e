// SPDX-License-Identifier: GPL-2.0
/*
 * json-trace.c - the JSON forms of trace information, events and
 * summaries (docs/json-schema.md).
 */
#include <stdio.h>
#include <stdlib.h>
#include "internal.h"

static void kv_u64(struct lttr_json *j, const char *k, uint64_t v)
{
	lttr_json_key(j, k);
	lttr_json_u64(j, v);
}

static void kv_i64(struct lttr_json *j, const char *k, int64_t v)
{
	lttr_json_key(j, k);
	lttr_json_i64(j, v);
}

static void kv_bool(struct lttr_json *j, const char *k, bool v)
{
	lttr_json_key(j, k);
	lttr_json_bool(j, v);
}

static void kv_str(struct lttr_json *j, const char *k, const char *v)
{
	lttr_json_key(j, k);
	lttr_json_string(j, v);
}

void lttr_json_traceinfo(struct lttr_json *j, const struct lttr_trace *t)
{
	const struct ltt_trace_header *h = &t->hdr;
	char fmt[32], tb[24];
	uint64_t end = lttr_trace_end_ns(t);
	unsigned int i;

	lttr_json_begin_object(j);
	kv_str(j, "dir", t->dir);
	snprintf(fmt, sizeof(fmt), "%u.%u", h->major, h->minor);
	kv_str(j, "format", fmt);
	kv_u64(j, "ncpus", t->ncpus);
	kv_str(j, "arch", t->arch);
	kv_str(j, "kernel", t->release);
	kv_str(j, "hostname", t->hostname);
	kv_u64(j, "start_wall_ns", h->start_wall_ns);
	kv_u64(j, "start_ns", h->start_ns);
	kv_u64(j, "end_ns", end);
	kv_u64(j, "duration_ns", end > h->start_ns ? end - h->start_ns : 0);
	kv_u64(j, "buffer_size", h->buffer_size);
	kv_u64(j, "buffer_count", h->buffer_count);
	kv_u64(j, "buffers", t->nbuffers);
	kv_bool(j, "complete", (h->flags & LTT_TRACE_COMPLETE) != 0);
	kv_bool(j, "lost_file", t->lost != NULL);
	kv_bool(j, "proc_file", t->proc != NULL);
	lttr_json_key(j, "events_mask");
	lttr_json_begin_array(j);
	for (i = 0; i < LTT_EV_MAX; i++)
		if (h->mask.bits[i / 64] & (1ULL << (i % 64)))
			lttr_json_string(j, lttr_event_type_str(i, tb, sizeof(tb)));
	lttr_json_end_array(j);
	lttr_json_key(j, "warnings");
	lttr_json_begin_array(j);
	for (i = 0; i < t->nwarnings; i++)
		lttr_json_string(j, t->warnings[i]);
	lttr_json_end_array(j);
	lttr_json_end_object(j);
}

static void event_args(struct lttr_json *j, const struct lttr_trace *t,
		       const struct lttr_event *ev)
{
	const union lttr_payload *p = &ev->p;
	char nb[32];
	const char *name;

	lttr_json_begin_object(j);
	if (!ev->details) {
		lttr_json_end_object(j);
		return;
	}
	switch (ev->id) {
	case LTT_EV_SYSCALL_ENTRY:
		kv_u64(j, "nr", p->syscall_entry.nr);
		kv_str(j, "name", lttr_syscall_str(p->syscall_entry.nr, nb, sizeof(nb)));
		kv_u64(j, "ip", p->syscall_entry.ip);
		break;
	case LTT_EV_SYSCALL_EXIT:
		kv_u64(j, "nr", p->syscall_exit.nr);
		kv_str(j, "name", lttr_syscall_str(p->syscall_exit.nr, nb, sizeof(nb)));
		kv_i64(j, "ret", p->syscall_exit.ret);
		break;
	case LTT_EV_TRAP_ENTRY:
		kv_u64(j, "vector", p->trap_entry.vector);
		kv_str(j, "name", lttr_trap_name(p->trap_entry.vector, nb, sizeof(nb)));
		kv_u64(j, "address", p->trap_entry.address);
		kv_u64(j, "ip", p->trap_entry.ip);
		kv_bool(j, "user", p->trap_entry.flags & LTT_TRAP_USER);
		break;
	case LTT_EV_TRAP_EXIT:
		kv_u64(j, "vector", p->trap_exit.vector);
		break;
	case LTT_EV_IRQ_ENTRY:
		kv_u64(j, "irq", p->irq_entry.irq);
		kv_bool(j, "sysvec", p->irq_entry.flags & LTT_IRQ_SYSVEC);
		kv_bool(j, "user", p->irq_entry.flags & LTT_IRQ_USER);
		if (p->irq_entry.flags & LTT_IRQ_SYSVEC)
			name = lttr_sysvec_name(p->irq_entry.irq);
		else
			name = lttr_trace_irq_name(t, p->irq_entry.irq);
		kv_str(j, "name", name ? name : "");
		break;
	case LTT_EV_IRQ_EXIT:
		kv_u64(j, "irq", p->irq_exit.irq);
		kv_bool(j, "sysvec", p->irq_exit.flags & LTT_IRQ_SYSVEC);
		break;
	case LTT_EV_SCHEDCHANGE:
		kv_u64(j, "prev_pid", p->schedchange.prev_pid);
		kv_u64(j, "next_pid", p->schedchange.next_pid);
		kv_i64(j, "prev_state", p->schedchange.prev_state);
		break;
	case LTT_EV_PROCESS_FORK:
		kv_u64(j, "parent", p->fork.parent_pid);
		kv_u64(j, "child", p->fork.child_pid);
		kv_u64(j, "tgid", p->fork.child_tgid);
		kv_bool(j, "thread", p->fork.flags & LTT_FORK_THREAD);
		kv_bool(j, "kthread", p->fork.flags & LTT_FORK_KTHREAD);
		kv_u64(j, "clone_flags", p->fork.clone_flags);
		break;
	case LTT_EV_PROCESS_EXEC:
		kv_u64(j, "pid", p->exec.pid);
		lttr_json_key(j, "filename");
		lttr_json_string_n(j, ev->var ? ev->var : "", ev->var_len);
		break;
	case LTT_EV_PROCESS_EXIT:
		kv_u64(j, "pid", p->exit.pid);
		kv_i64(j, "code", p->exit.code);
		break;
	case LTT_EV_PROCESS_WAKEUP:
		kv_u64(j, "pid", p->wakeup.pid);
		kv_u64(j, "cpu", p->wakeup.cpu);
		kv_bool(j, "new", p->wakeup.flags & LTT_WAKEUP_NEW);
		break;
	case LTT_EV_SOFTIRQ_ENTRY:
	case LTT_EV_SOFTIRQ_EXIT:
		kv_u64(j, "vec", p->softirq.vec);
		name = lttr_softirq_name(p->softirq.vec);
		kv_str(j, "name", name ? name : "");
		break;
	case LTT_EV_SIGNAL_SEND:
		kv_u64(j, "sig", p->signal_send.sig);
		name = lttr_signal_name(p->signal_send.sig);
		kv_str(j, "name", name ? name : "");
		kv_u64(j, "pid", p->signal_send.pid);
		kv_i64(j, "result", p->signal_send.result);
		break;
	case LTT_EV_SIGNAL_DELIVER:
		kv_u64(j, "sig", p->signal_deliver.sig);
		name = lttr_signal_name(p->signal_deliver.sig);
		kv_str(j, "name", name ? name : "");
		kv_u64(j, "handler", p->signal_deliver.handler);
		kv_bool(j, "default", p->signal_deliver.handler == 0);
		kv_bool(j, "ignored", p->signal_deliver.handler == 1);
		break;
	case LTT_EV_TRACE_START:
		kv_u64(j, "pid", p->trace_start.pid);
		kv_u64(j, "cpu", p->trace_start.cpu);
		break;
	default:
		break;
	}
	lttr_json_end_object(j);
}

void lttr_json_event(struct lttr_json *j, const struct lttr_trace *t,
		     const struct lttr_event *ev)
{
	char desc[512], tb[24];

	lttr_event_describe(t, ev, desc, sizeof(desc));
	lttr_json_begin_object(j);
	kv_u64(j, "time_ns", ev->time_ns);
	kv_i64(j, "rel_ns", (int64_t)(ev->time_ns - t->hdr.start_ns));
	kv_u64(j, "cpu", ev->cpu);
	kv_u64(j, "pid", ev->pid);
	kv_str(j, "type", lttr_event_type_str(ev->id, tb, sizeof(tb)));
	kv_u64(j, "id", ev->id);
	kv_bool(j, "control", ev->control);
	lttr_json_key(j, "desc");
	lttr_json_string(j, desc);
	kv_u64(j, "offset", ev->offset);
	kv_bool(j, "details", ev->details);
	lttr_json_key(j, "args");
	event_args(j, t, ev);
	lttr_json_end_object(j);
}

static void sc_object(struct lttr_json *j, const struct lttr_sccount *c)
{
	struct lttr_sccount_slot *v;
	size_t n = 0, i;
	char nb[32];

	v = lttr_sccount_list(c, &n);
	lttr_json_begin_object(j);
	for (i = 0; v && i < n; i++) {
		lttr_json_key(j, lttr_syscall_str(v[i].nr, nb, sizeof(nb)));
		lttr_json_begin_object(j);
		kv_u64(j, "nr", v[i].nr);
		kv_u64(j, "entries", v[i].entries);
		kv_u64(j, "exits", v[i].exits);
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

	lttr_json_key(j, "events");
	lttr_json_begin_object(j);
	kv_u64(j, "total", s->total);
	kv_u64(j, "control", s->control);
	kv_u64(j, "unknown", s->unknown);
	kv_u64(j, "first_ns", s->first_ns);
	kv_u64(j, "last_ns", s->last_ns);
	lttr_json_key(j, "by_type");
	lttr_json_begin_object(j);
	for (i = 0; i < LTT_EV_MAX; i++)
		if (s->by_id[i])
			kv_u64(j, lttr_event_type_str((unsigned int)i, tb, sizeof(tb)),
			       s->by_id[i]);
	lttr_json_end_object(j);
	lttr_json_end_object(j);

	lttr_json_key(j, "cpus");
	lttr_json_begin_array(j);
	for (c = 0; c < s->ncpus; c++) {
		lttr_json_begin_object(j);
		kv_u64(j, "cpu", c);
		kv_u64(j, "events", s->cpu[c].events);
		kv_u64(j, "lost", s->cpu[c].lost);
		kv_u64(j, "buffer_lost", s->cpu[c].buffer_lost);
		kv_u64(j, "buffers", s->cpu[c].buffers);
		kv_u64(j, "first_ns", s->cpu[c].first_ns);
		kv_u64(j, "last_ns", s->cpu[c].last_ns);
		lttr_json_end_object(j);
	}
	lttr_json_end_array(j);

	lttr_json_key(j, "lost");
	lttr_json_begin_object(j);
	kv_u64(j, "total", s->lost_total);
	kv_str(j, "source", t->lost ? "lost" : "buffers");
	lttr_json_key(j, "by_cpu");
	lttr_json_begin_array(j);
	for (c = 0; c < s->ncpus; c++)
		lttr_json_u64(j, s->cpu[c].lost);
	lttr_json_end_array(j);
	lttr_json_key(j, "by_type");
	lttr_json_begin_object(j);
	for (i = 0; i < 64; i++)
		if (s->lost_by_id[i])
			kv_u64(j, lttr_event_type_str((unsigned int)i, tb, sizeof(tb)),
			       s->lost_by_id[i]);
	lttr_json_end_object(j);
	lttr_json_key(j, "syscalls");
	sc_object(j, &s->lost_syscalls);
	lttr_json_end_object(j);

	lttr_json_key(j, "processes");
	lttr_json_begin_array(j);
	pv = lttr_ptable_sorted(s->procs, &np);
	for (i = 0; pv && i < np; i++) {
		const struct lttr_process *p = pv[i];

		lttr_json_begin_object(j);
		kv_u64(j, "pid", p->pid);
		kv_u64(j, "tgid", p->tgid);
		kv_u64(j, "ppid", p->ppid);
		kv_str(j, "name", p->name);
		kv_u64(j, "events", p->events);
		kv_bool(j, "in_snapshot", p->in_snapshot);
		kv_bool(j, "forked", p->forked);
		kv_bool(j, "exited", p->exited);
		lttr_json_key(j, "exit_code");
		if (p->exited)
			lttr_json_i64(j, p->exit_code);
		else
			lttr_json_null(j);
		kv_u64(j, "execs", p->execs);
		lttr_json_key(j, "names");
		lttr_json_begin_array(j);
		for (k = 0; k < p->nnames; k++) {
			lttr_json_begin_object(j);
			lttr_json_key(j, "since_ns");
			if (p->names[k].since_ns)
				lttr_json_u64(j, p->names[k].since_ns);
			else
				lttr_json_null(j);
			kv_str(j, "name", p->names[k].name);
			lttr_json_end_object(j);
		}
		lttr_json_end_array(j);
		lttr_json_key(j, "syscalls");
		sc_object(j, &p->syscalls);
		lttr_json_end_object(j);
	}
	free(pv);
	lttr_json_end_array(j);

	lttr_json_key(j, "syscalls");
	sc_object(j, &s->syscalls);
}

void lttr_json_summary(struct lttr_json *j, const struct lttr_trace *t,
		       const struct lttr_summary *s)
{
	lttr_json_summary_open(j, t, s);
	lttr_json_end_object(j);
}
