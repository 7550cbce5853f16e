// SPDX-License-Identifier: GPL-2.0
/*
 * json-trace.c - the JSON forms of trace information, events and
 * summaries (docs/json-schema.md).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "reader/internal.h"

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

const char *lttr_sip_mode_name(uint32_t mode)
{
	switch (mode) {
	case LTT_SIP_RAW: return "raw";
	case LTT_SIP_DEPTH: return "depth";
	case LTT_SIP_RANGE: return "range";
	default: return "unknown";
	}
}

static void kv_hex(struct lttr_json *j, const char *k, const void *data,
		   size_t n)
{
	char buf[2 * LTT_CUSTOM_MAX_SIZE + 1];

	if (n > LTT_CUSTOM_MAX_SIZE)
		n = LTT_CUSTOM_MAX_SIZE;
	lttr_hex(data, n, buf);
	kv_str(j, k, buf);
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

static void custom_args(struct lttr_json *j, const struct lttr_trace *t,
			const struct lttr_event *ev)
{
	struct lttr_custom_inst ci;
	const struct lttr_custom_type *ty;
	unsigned int i;
	char hb[24];

	lttr_custom_inst_decode(t, ev, &ci);
	ty = ci.ty;
	kv_u64(j, "type_id", ev->p.custom.type_id);
	lttr_json_key(j, "name");
	lttr_json_string(j, ty ? ty->name : NULL);
	kv_u64(j, "size", ci.size);
	if (ty && !ty->error && ty->kind == LTT_CUSTOM_STRING) {
		lttr_json_key(j, "text");
		lttr_json_string_n(j, (const char *)ci.data,
				   strnlen((const char *)ci.data, ci.size));
	} else if (ty && !ty->error && ty->kind == LTT_CUSTOM_FIELDS) {
		lttr_json_key(j, "fields");
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
				snprintf(hb, sizeof(hb), "0x%llx",
					 (unsigned long long)v->u);
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
	if (!ty || ty->error || ty->kind == LTT_CUSTOM_RAW || ci.mismatch)
		kv_hex(j, "hex", ci.data, ci.size);
	if (ci.warning[0])
		kv_str(j, "warning", ci.warning);
}

/* arguments of the events of ids 18..55 */
static void more_args(struct lttr_json *j, const struct lttr_trace *t,
		      const struct lttr_event *ev)
{
	const union lttr_payload *p = &ev->p;
	char nb[LTTR_SOCKADDR_STRLEN];
	const char *name, *np, *fp;
	size_t nl, fl;

	switch (ev->id) {
	case LTT_EV_TASKLET_ENTRY:
	case LTT_EV_TASKLET_EXIT:
		kv_u64(j, "func", p->tasklet.func);
		kv_u64(j, "flags", p->tasklet.flags);
		kv_bool(j, "hi", p->tasklet.flags & LTT_TASKLET_HI);
		break;
	case LTT_EV_TIMER_EXPIRE_ENTRY:
	case LTT_EV_TIMER_EXPIRE_EXIT:
		kv_u64(j, "func", p->timer_expire.func);
		kv_u64(j, "kind", p->timer_expire.kind);
		break;
	case LTT_EV_KTHREAD_CREATE:
		kv_u64(j, "threadfn", p->kthread_create.threadfn);
		kv_u64(j, "pid", p->kthread_create.pid);
		lttr_json_key(j, "name");
		lttr_json_string_n(j, ev->var ? ev->var : "", ev->var_len);
		break;
	case LTT_EV_PROCESS_WAIT:
		kv_i64(j, "pid", p->wait.pid);
		kv_u64(j, "options", p->wait.options);
		break;
	case LTT_EV_FS_OPEN:
		kv_i64(j, "fd", p->fs_open.fd);
		kv_u64(j, "flags", p->fs_open.flags);
		kv_u64(j, "mode", p->fs_open.mode);
		lttr_json_key(j, "filename");
		lttr_json_string_n(j, ev->var ? ev->var : "", ev->var_len);
		break;
	case LTT_EV_FS_CLOSE:
		kv_u64(j, "fd", p->fs_close.fd);
		break;
	case LTT_EV_FS_READ:
	case LTT_EV_FS_WRITE:
		kv_u64(j, "count", p->fs_rw.count);
		kv_i64(j, "ret", p->fs_rw.ret);
		kv_u64(j, "fd", p->fs_rw.fd);
		break;
	case LTT_EV_FS_LSEEK:
		kv_i64(j, "offset", p->fs_lseek.offset);
		kv_i64(j, "ret", p->fs_lseek.ret);
		kv_u64(j, "fd", p->fs_lseek.fd);
		kv_u64(j, "whence", p->fs_lseek.whence);
		break;
	case LTT_EV_FS_IOCTL:
		kv_u64(j, "arg", p->fs_ioctl.arg);
		kv_u64(j, "fd", p->fs_ioctl.fd);
		kv_u64(j, "cmd", p->fs_ioctl.cmd);
		break;
	case LTT_EV_FS_SELECT:
	case LTT_EV_FS_POLL:
		kv_i64(j, "timeout_ns", p->fs_select.timeout_ns);
		kv_u64(j, "nfds", p->fs_select.nfds);
		break;
	case LTT_EV_FS_BUF_WAIT_START:
	case LTT_EV_FS_BUF_WAIT_END:
		kv_i64(j, "timeout_ns", p->io_wait.timeout_ns);
		break;
	case LTT_EV_TIMER_SET_ITIMER:
		kv_u64(j, "interval_ns", p->itimer.interval_ns);
		kv_u64(j, "value_ns", p->itimer.value_ns);
		kv_u64(j, "which", p->itimer.which);
		break;
	case LTT_EV_TIMER_SET_TIMEOUT:
		kv_i64(j, "timeout_ns", p->timeout.timeout_ns);
		kv_u64(j, "kind", p->timeout.kind);
		break;
	case LTT_EV_MEM_PAGE_ALLOC:
		kv_u64(j, "pfn", p->page_alloc.pfn);
		kv_u64(j, "order", p->page_alloc.order);
		kv_u64(j, "gfp", p->page_alloc.gfp);
		break;
	case LTT_EV_MEM_PAGE_FREE:
		kv_u64(j, "pfn", p->page_free.pfn);
		kv_u64(j, "order", p->page_free.order);
		break;
	case LTT_EV_MEM_SWAP_IN:
	case LTT_EV_MEM_SWAP_OUT:
		kv_u64(j, "pfn", p->swap.pfn);
		kv_u64(j, "entry", p->swap.entry);
		break;
	case LTT_EV_MEM_PAGE_WAIT_START:
	case LTT_EV_MEM_PAGE_WAIT_END:
		kv_u64(j, "pfn", p->page_wait.pfn);
		kv_u64(j, "bit", p->page_wait.bit);
		break;
	case LTT_EV_SOCKET_CALL:
		kv_u64(j, "call", p->socket_call.call);
		kv_i64(j, "fd", p->socket_call.fd);
		name = lttr_socket_call_name(p->socket_call.call);
		kv_str(j, "name", name ? name : "");
		break;
	case LTT_EV_SOCKET_CREATE:
		kv_u64(j, "ino", p->socket_create.ino);
		kv_i64(j, "fd", p->socket_create.fd);
		kv_u64(j, "family", p->socket_create.family);
		kv_u64(j, "type", p->socket_create.type);
		kv_u64(j, "protocol", p->socket_create.protocol);
		break;
	case LTT_EV_SOCKET_SEND:
	case LTT_EV_SOCKET_RECV:
		kv_u64(j, "ino", p->socket_io.ino);
		kv_u64(j, "size", p->socket_io.size);
		kv_i64(j, "ret", p->socket_io.ret);
		kv_u64(j, "family", p->socket_io.family);
		kv_u64(j, "type", p->socket_io.type);
		kv_u64(j, "peer_len", p->socket_io.peer_len);
		lttr_json_key(j, "peer");
		lttr_json_string(j, lttr_sockaddr_str(ev->var, ev->var_len, nb,
						      sizeof(nb)));
		break;
	case LTT_EV_IPC_CALL:
		kv_u64(j, "call", p->ipc_call.call);
		kv_i64(j, "id", p->ipc_call.id);
		name = lttr_ipc_call_name(p->ipc_call.call);
		kv_str(j, "name", name ? name : "");
		break;
	case LTT_EV_IPC_MSG_CREATE:
	case LTT_EV_IPC_SEM_CREATE:
	case LTT_EV_IPC_SHM_CREATE:
		kv_u64(j, "size", p->ipc_create.size);
		kv_i64(j, "key", p->ipc_create.key);
		kv_i64(j, "id", p->ipc_create.id);
		kv_u64(j, "flags", p->ipc_create.flags);
		break;
	case LTT_EV_NET_PACKET_IN:
	case LTT_EV_NET_PACKET_OUT:
		kv_u64(j, "ifindex", p->net_packet.ifindex);
		kv_u64(j, "len", p->net_packet.len);
		kv_u64(j, "protocol", p->net_packet.protocol);
		kv_u64(j, "link_type", p->net_packet.link_type);
		kv_u64(j, "caplen", p->net_packet.caplen);
		kv_hex(j, "data", ev->var ? ev->var : "", ev->var_len);
		name = lttr_trace_netdev_name(t, p->net_packet.ifindex);
		if (name)
			kv_str(j, "ifname", name);
		break;
	case LTT_EV_CHANGE_MASK: {
		struct ltt_event_mask m;

		memcpy(&m, &p->change_mask, sizeof(m));
		lttr_json_key(j, "events");
		mask_array(j, &m);
		break;
	}
	case LTT_EV_CUSTOM_CREATE:
		kv_u64(j, "type_id", p->custom_create.type_id);
		name = lttr_custom_kind_name(p->custom_create.kind);
		if (name)
			kv_str(j, "kind", name);
		else
			kv_u64(j, "kind", p->custom_create.kind);
		if (lttr_custom_decl(ev, &np, &nl, &fp, &fl) < 0) {
			lttr_json_key(j, "name");
			lttr_json_string_n(j, np, nl);
			lttr_json_key(j, "format");
			lttr_json_string_n(j, fp, fl);
			kv_str(j, "warning", "name or format not NUL-terminated");
			break;
		}
		lttr_json_key(j, "name");
		lttr_json_string_n(j, np, nl);
		lttr_json_key(j, "format");
		lttr_json_string_n(j, fp, fl);
		break;
	case LTT_EV_CUSTOM_DESTROY:
		kv_u64(j, "type_id", p->custom_destroy.type_id);
		break;
	case LTT_EV_CUSTOM:
		custom_args(j, t, ev);
		break;
	default:
		break;
	}
}

void lttr_json_traceinfo(struct lttr_json *j, const struct lttr_trace *t)
{
	const struct ltt_trace_header *h = &t->hdr;
	char fmt[32], tb[24];
	uint64_t end = lttr_trace_end_ns(t), overwritten = 0;
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
	kv_bool(j, "flight", (h->flags & LTT_TRACE_FLIGHT) != 0);
	for (i = 0; i < t->ncpus; i++)
		overwritten += t->cpu[i].overwritten;
	kv_u64(j, "overwritten_buffers", overwritten);
	kv_bool(j, "no_cpu_id", (h->flags & LTT_TRACE_NO_CPUID) != 0);
	kv_bool(j, "full_records", (h->flags & LTT_TRACE_FULL_RECORDS) != 0);
	lttr_json_key(j, "filter");
	if (h->flags & LTT_TRACE_FILTERED) {
		lttr_json_begin_object(j);
		if (h->filter.flags & LTT_FILTER_PID)
			kv_i64(j, "pid", h->filter.pid);
		if (h->filter.flags & LTT_FILTER_TGID)
			kv_i64(j, "tgid", h->filter.pid);
		if (h->filter.flags & LTT_FILTER_PGRP)
			kv_i64(j, "pgrp", h->filter.pgrp);
		if (h->filter.flags & LTT_FILTER_UID)
			kv_u64(j, "uid", h->filter.uid);
		if (h->filter.flags & LTT_FILTER_GID)
			kv_u64(j, "gid", h->filter.gid);
		lttr_json_end_object(j);
	} else {
		lttr_json_null(j);
	}
	lttr_json_key(j, "syscall_ip");
	lttr_json_begin_object(j);
	kv_str(j, "mode", lttr_sip_mode_name(h->syscall_ip.mode));
	kv_u64(j, "depth", h->syscall_ip.depth);
	kv_u64(j, "lower", h->syscall_ip.lower);
	kv_u64(j, "upper", h->syscall_ip.upper);
	lttr_json_end_object(j);
	kv_u64(j, "capture_len", h->capture_len);
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
		more_args(j, t, ev);
		break;
	}
	lttr_json_end_object(j);
}

void lttr_json_event(struct lttr_json *j, const struct lttr_trace *t,
		     const struct lttr_event *ev)
{
	char desc[2600], tb[24];

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
		kv_u64(j, "overwritten", s->cpu[c].overwritten);
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
	kv_u64(j, "custom_warnings", s->custom_warned);

	lttr_json_key(j, "mask_changes");
	lttr_json_begin_array(j);
	for (i = 0; i < s->nmask_changes; i++) {
		const struct ltt_event_mask *prev = i ? &s->mask_changes[i - 1].mask :
			&t->hdr.mask;
		const struct ltt_event_mask *m = &s->mask_changes[i].mask;
		struct ltt_event_mask added, removed;

		for (k = 0; k < LTT_EV_MAX / 64; k++) {
			added.bits[k] = m->bits[k] & ~prev->bits[k];
			removed.bits[k] = prev->bits[k] & ~m->bits[k];
		}
		lttr_json_begin_object(j);
		kv_u64(j, "time_ns", s->mask_changes[i].time_ns);
		kv_i64(j, "rel_ns", (int64_t)(s->mask_changes[i].time_ns -
					      t->hdr.start_ns));
		kv_u64(j, "cpu", s->mask_changes[i].cpu);
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
