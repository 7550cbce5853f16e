// SPDX-License-Identifier: GPL-2.0
/*
 * describe.c - human-readable descriptions of events.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include "reader/internal.h"

/* text appended to a buffer; len is the length the whole text needs */
struct sbuf {
	char *buf;
	size_t size;
	size_t len;
};

/*
 * A task state as ps and ftrace letter it (Linux's __state when switched
 * out): R+ still runnable (preempted), S sleeping, D uninterruptible, I
 * idle (uninterruptible, not counted in the load), T stopped, t traced, P
 * parked, X dead (its last switch out); "?" for anything else.
 */
static const char *task_state_letter(int32_t st)
{
	if (st == 0)
		return "R+";
	if ((st & 0x402) == 0x402)
		return "I";
	if (st & 0x80)
		return "X";
	if (st & 0x1)
		return "S";
	if (st & 0x2)
		return "D";
	if (st & 0x4)
		return "T";
	if (st & 0x8)
		return "t";
	if (st & 0x40)
		return "P";
	return "?";
}

/*
 * A priority and policy (format 1.3) as "PRIO/POLICY": 120/OTHER, 49/FIFO
 * (the kernel's task->prio, as ftrace's prio=: 99 - rt_priority for the
 * real-time policies, 120 + nice for the others).
 */
static const char *prio_str(int16_t prio, uint8_t policy, char *buf,
			    size_t size)
{
	const char *name = lttr_sched_policy_name(policy);

	if (name)
		snprintf(buf, size, "%d/%s", prio, name);
	else
		snprintf(buf, size, "%d/policy_%u", prio, policy);
	return buf;
}

static void sb_printf(struct sbuf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void sb_printf(struct sbuf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(b->len < b->size ? b->buf + b->len : NULL,
		      b->len < b->size ? b->size - b->len : 0, fmt, ap);
	va_end(ap);
	if (n > 0)
		b->len += (size_t)n;
}

/* an ns duration or -1 (none) */
static const char *ns_str(int64_t ns, char *buf, size_t size)
{
	if (ns < 0)
		snprintf(buf, size, "none");
	else
		snprintf(buf, size, "%" PRId64 " ns", ns);
	return buf;
}

static const char *family_name(unsigned int family)
{
	switch (family) {
	case 1: return "AF_UNIX";
	case 2: return "AF_INET";
	case 10: return "AF_INET6";
	case 16: return "AF_NETLINK";
	case 17: return "AF_PACKET";
	default: return NULL;
	}
}

static void sb_family(struct sbuf *b, unsigned int family)
{
	const char *n = family_name(family);

	if (n)
		sb_printf(b, " %s", n);
	else
		sb_printf(b, " family=%u", family);
}

static int describe_custom(const struct lttr_trace *t,
			   const struct lttr_event *ev, struct sbuf *b)
{
	struct lttr_custom_inst ci;
	const struct lttr_custom_type *ty;
	unsigned int i;

	lttr_custom_inst_decode(t, ev, &ci);
	ty = ci.ty;
	if (ty)
		sb_printf(b, "custom %s", ty->name);
	else
		sb_printf(b, "custom type %u", ev->p.custom.type_id);
	if (ty && !ty->error && ty->kind == LTT_CUSTOM_STRING) {
		size_t n = strnlen((const char *)ci.data, ci.size);
		sb_printf(b, " \"%.*s\"", (int)n, (const char *)ci.data);
	} else if (ty && !ty->error && ty->kind == LTT_CUSTOM_FIELDS) {
		for (i = 0; i < ci.n; i++) {
			const struct lttr_custom_value *v = &ci.vals[i];

			switch (v->field->type) {
			case LTTR_CF_S8: case LTTR_CF_S16:
			case LTTR_CF_S32: case LTTR_CF_S64:
				sb_printf(b, " %s=%" PRId64, v->field->name, v->s);
				break;
			case LTTR_CF_X32: case LTTR_CF_X64:
				sb_printf(b, " %s=0x%" PRIx64, v->field->name, v->u);
				break;
			case LTTR_CF_STR:
				sb_printf(b, " %s=\"%.*s\"", v->field->name,
					  (int)v->len, v->str);
				break;
			default:
				sb_printf(b, " %s=%" PRIu64, v->field->name, v->u);
				break;
			}
		}
	}
	if (!ty || ty->error || ty->kind == LTT_CUSTOM_RAW || ci.mismatch) {
		char hex[2 * LTT_CUSTOM_MAX_SIZE + 1];

		lttr_hex(ci.data, ci.size, hex);
		sb_printf(b, " size=%zu hex=%s", ci.size, hex);
	}
	if (ci.warning[0])
		sb_printf(b, " [warning: %s]", ci.warning);
	return (int)b->len;
}

static int describe_mask(const struct ltt_event_mask *m, const char *type,
			 struct sbuf *b)
{
	unsigned int i, n = 0;
	char tb[24];

	for (i = 0; i < LTT_EV_MAX; i++)
		n += lttr_event_mask_has(m, i);
	sb_printf(b, "%s %u events:", type, n);
	for (i = 0; i < LTT_EV_MAX; i++)
		if (lttr_event_mask_has(m, i))
			sb_printf(b, " %s", lttr_event_type_str(i, tb, sizeof(tb)));
	return (int)b->len;
}

/* descriptions of the events of ids 18..55 */
static int describe_more(const struct lttr_trace *t, const struct lttr_event *ev,
			 const char *type, struct sbuf *b)
{
	const union lttr_payload *p = &ev->p;
	char nb[LTTR_SOCKADDR_STRLEN], db[32];
	const char *name, *np, *fp;
	size_t nl, fl;

	switch (ev->id) {
	case LTT_EV_TASKLET_ENTRY:
	case LTT_EV_TASKLET_EXIT:
		sb_printf(b, "%s func=0x%" PRIx64 "%s", type,
			  (uint64_t)p->tasklet.func,
			  (p->tasklet.flags & LTT_TASKLET_HI) ? " hi" : "");
		break;
	case LTT_EV_TIMER_EXPIRE_ENTRY:
	case LTT_EV_TIMER_EXPIRE_EXIT:
		sb_printf(b, "%s func=0x%" PRIx64 " %s", type,
			  (uint64_t)p->timer_expire.func,
			  p->timer_expire.kind == LTT_TIMER_HRTIMER ? "hrtimer" :
			  p->timer_expire.kind == LTT_TIMER_LIST ? "timer_list" : "?");
		break;
	case LTT_EV_KTHREAD_CREATE:
		sb_printf(b, "%s %.*s pid=%u threadfn=0x%" PRIx64, type,
			  (int)ev->var_len, ev->var ? ev->var : "",
			  p->kthread_create.pid, (uint64_t)p->kthread_create.threadfn);
		break;
	case LTT_EV_PROCESS_WAIT:
		sb_printf(b, "%s pid=%d options=0x%x", type, p->wait.pid,
			  p->wait.options);
		break;
	case LTT_EV_PROCESS_REAP:
		sb_printf(b, "%s pid=%u tgid=%u", type, p->reap.pid, p->reap.tgid);
		break;
	case LTT_EV_FS_OPEN:
		sb_printf(b, "%s %.*s fd=%d flags=0x%x mode=0%o", type,
			  (int)ev->var_len, ev->var ? ev->var : "", p->fs_open.fd,
			  p->fs_open.flags, p->fs_open.mode);
		break;
	case LTT_EV_FS_CLOSE:
		sb_printf(b, "%s fd=%u", type, p->fs_close.fd);
		break;
	case LTT_EV_FS_READ:
	case LTT_EV_FS_WRITE:
		sb_printf(b, "%s fd=%u count=%" PRIu64 " ret=%" PRId64, type,
			  p->fs_rw.fd, (uint64_t)p->fs_rw.count,
			  (int64_t)p->fs_rw.ret);
		break;
	case LTT_EV_FS_LSEEK:
		sb_printf(b, "%s fd=%u offset=%" PRId64 " whence=%s ret=%" PRId64,
			  type, p->fs_lseek.fd, (int64_t)p->fs_lseek.offset,
			  p->fs_lseek.whence == 0 ? "SEEK_SET" :
			  p->fs_lseek.whence == 1 ? "SEEK_CUR" :
			  p->fs_lseek.whence == 2 ? "SEEK_END" : "?",
			  (int64_t)p->fs_lseek.ret);
		break;
	case LTT_EV_FS_IOCTL:
		sb_printf(b, "%s fd=%u cmd=0x%x arg=0x%" PRIx64, type,
			  p->fs_ioctl.fd, p->fs_ioctl.cmd, (uint64_t)p->fs_ioctl.arg);
		break;
	case LTT_EV_FS_SELECT:
	case LTT_EV_FS_POLL:
		sb_printf(b, "%s nfds=%u timeout=%s", type, p->fs_select.nfds,
			  ns_str(p->fs_select.timeout_ns, db, sizeof(db)));
		break;
	case LTT_EV_FS_BUF_WAIT_START:
	case LTT_EV_FS_BUF_WAIT_END:
		sb_printf(b, "%s timeout=%s", type,
			  ns_str(p->io_wait.timeout_ns, db, sizeof(db)));
		break;
	case LTT_EV_TIMER_SET_ITIMER:
		sb_printf(b, "%s %s value=%" PRIu64 " ns interval=%" PRIu64 " ns",
			  type, p->itimer.which == LTT_ITIMER_REAL ? "ITIMER_REAL" :
			  p->itimer.which == LTT_ITIMER_VIRTUAL ? "ITIMER_VIRTUAL" :
			  p->itimer.which == LTT_ITIMER_PROF ? "ITIMER_PROF" : "?",
			  (uint64_t)p->itimer.value_ns, (uint64_t)p->itimer.interval_ns);
		break;
	case LTT_EV_TIMER_SET_TIMEOUT:
		sb_printf(b, "%s %s %s", type,
			  p->timeout.kind == LTT_TIMEOUT_SCHEDULE ? "schedule_timeout" :
			  p->timeout.kind == LTT_TIMEOUT_NANOSLEEP ? "nanosleep" : "?",
			  ns_str(p->timeout.timeout_ns, db, sizeof(db)));
		break;
	case LTT_EV_MEM_PAGE_ALLOC:
		sb_printf(b, "%s pfn=0x%" PRIx64 " order=%u gfp=0x%x", type,
			  (uint64_t)p->page_alloc.pfn, p->page_alloc.order,
			  p->page_alloc.gfp);
		break;
	case LTT_EV_MEM_PAGE_FREE:
		sb_printf(b, "%s pfn=0x%" PRIx64 " order=%u", type,
			  (uint64_t)p->page_free.pfn, p->page_free.order);
		break;
	case LTT_EV_MEM_SWAP_IN:
	case LTT_EV_MEM_SWAP_OUT:
		sb_printf(b, "%s pfn=0x%" PRIx64 " entry=0x%" PRIx64, type,
			  (uint64_t)p->swap.pfn, (uint64_t)p->swap.entry);
		break;
	case LTT_EV_MEM_PAGE_WAIT_START:
	case LTT_EV_MEM_PAGE_WAIT_END:
		sb_printf(b, "%s pfn=0x%" PRIx64 " bit=%u", type,
			  (uint64_t)p->page_wait.pfn, p->page_wait.bit);
		break;
	case LTT_EV_SOCKET_CALL:
		name = lttr_socket_call_name(p->socket_call.call);
		if (name)
			sb_printf(b, "%s %s fd=%d", type, name, p->socket_call.fd);
		else
			sb_printf(b, "%s call %u fd=%d", type, p->socket_call.call,
				  p->socket_call.fd);
		break;
	case LTT_EV_SOCKET_CREATE:
		sb_printf(b, "%s fd=%d", type, p->socket_create.fd);
		sb_family(b, p->socket_create.family);
		sb_printf(b, " type=%u protocol=%u ino=%" PRIu64,
			  p->socket_create.type, p->socket_create.protocol,
			  (uint64_t)p->socket_create.ino);
		break;
	case LTT_EV_SOCKET_SEND:
	case LTT_EV_SOCKET_RECV:
		sb_printf(b, "%s ino=%" PRIu64 " size=%" PRIu64 " ret=%" PRId64,
			  type, (uint64_t)p->socket_io.ino,
			  (uint64_t)p->socket_io.size, (int64_t)p->socket_io.ret);
		sb_family(b, p->socket_io.family);
		name = lttr_sockaddr_str(ev->var, ev->var_len, nb, sizeof(nb));
		if (name)
			sb_printf(b, " peer=%s", name);
		break;
	case LTT_EV_IPC_CALL:
		name = lttr_ipc_call_name(p->ipc_call.call);
		if (name)
			sb_printf(b, "%s %s id=%d", type, name, p->ipc_call.id);
		else
			sb_printf(b, "%s call %u id=%d", type, p->ipc_call.call,
				  p->ipc_call.id);
		break;
	case LTT_EV_IPC_MSG_CREATE:
	case LTT_EV_IPC_SEM_CREATE:
	case LTT_EV_IPC_SHM_CREATE:
		sb_printf(b, "%s key=0x%x id=%d size=%" PRIu64 " flags=0%o", type,
			  (uint32_t)p->ipc_create.key, p->ipc_create.id,
			  (uint64_t)p->ipc_create.size, p->ipc_create.flags);
		break;
	case LTT_EV_NET_PACKET_IN:
	case LTT_EV_NET_PACKET_OUT:
		name = lttr_trace_netdev_name(t, p->net_packet.ifindex);
		if (name)
			sb_printf(b, "%s %s", type, name);
		else
			sb_printf(b, "%s ifindex %u", type, p->net_packet.ifindex);
		sb_printf(b, " len=%u protocol=0x%04x caplen=%u", p->net_packet.len,
			  p->net_packet.protocol, p->net_packet.caplen);
		break;
	case LTT_EV_CHANGE_MASK: {
		struct ltt_event_mask m;

		memcpy(&m, &p->change_mask, sizeof(m));
		return describe_mask(&m, type, b);
	}
	case LTT_EV_CUSTOM_CREATE:
		name = lttr_custom_kind_name(p->custom_create.kind);
		sb_printf(b, "%s %u", type, p->custom_create.type_id);
		if (name)
			sb_printf(b, " %s", name);
		else
			sb_printf(b, " kind %u", p->custom_create.kind);
		if (lttr_custom_decl(ev, &np, &nl, &fp, &fl) < 0) {
			sb_printf(b, " \"%.*s\" [warning: name or format not NUL-terminated]",
				  (int)nl, np);
			break;
		}
		sb_printf(b, " \"%.*s\"", (int)nl, np);
		if (fl)
			sb_printf(b, " format \"%.*s\"", (int)fl, fp);
		break;
	case LTT_EV_CUSTOM_DESTROY:
		sb_printf(b, "%s %u", type, p->custom_destroy.type_id);
		break;
	case LTT_EV_CUSTOM:
		return describe_custom(t, ev, b);
	default:
		sb_printf(b, "%s", type);
		break;
	}
	return (int)b->len;
}

/* a signal's name, or "signal N" */
static const char *sig_str(unsigned int sig, char *buf, size_t size)
{
	const char *name = lttr_signal_name(sig);

	if (name)
		return name;
	snprintf(buf, size, "signal %u", sig);
	return buf;
}

/* the kernel's TRACE_SIGNAL_* verdict on a generated signal */
static const char *send_result(int32_t result)
{
	static const char *const r[] = {
		"delivered", "ignored", "already pending", "overflow",
		"info lost",
	};

	return result >= 0 && result < (int32_t)(sizeof(r) / sizeof(r[0])) ?
	       r[result] : "?";
}

int lttr_event_describe(const struct lttr_trace *t, const struct lttr_event *ev,
			char *buf, size_t size)
{
	char tb[24], nb[32], sb[24];
	const char *type = lttr_event_type_str(ev->id, tb, sizeof(tb));
	const union lttr_payload *p = &ev->p;
	const char *name;

	if (!ev->known)
		return snprintf(buf, size, "%s size=%u", type, ev->size);
	if (!ev->details)
		return snprintf(buf, size, "%s (no details)", type);
	switch (ev->id) {
	case LTT_EV_SYSCALL_ENTRY:
		return snprintf(buf, size, "%s %s ip=0x%" PRIx64, type,
				lttr_syscall_str(p->syscall_entry.nr, nb, sizeof(nb)),
				(uint64_t)p->syscall_entry.ip);
	case LTT_EV_SYSCALL_EXIT:
		return snprintf(buf, size, "%s %s ret=%" PRId64, type,
				lttr_syscall_str(p->syscall_exit.nr, nb, sizeof(nb)),
				(int64_t)p->syscall_exit.ret);
	case LTT_EV_TRAP_ENTRY:
		return snprintf(buf, size, "%s %s addr=0x%" PRIx64 " ip=0x%" PRIx64 " %s",
				type,
				lttr_trap_name(p->trap_entry.vector, nb, sizeof(nb)),
				(uint64_t)p->trap_entry.address,
				(uint64_t)p->trap_entry.ip,
				(p->trap_entry.flags & LTT_TRAP_USER) ? "user" : "kernel");
	case LTT_EV_TRAP_EXIT:
		return snprintf(buf, size, "%s %s", type,
				lttr_trap_name(p->trap_exit.vector, nb, sizeof(nb)));
	case LTT_EV_IRQ_ENTRY:
		if (p->irq_entry.flags & LTT_IRQ_SYSVEC) {
			name = lttr_sysvec_name(p->irq_entry.irq);
			return snprintf(buf, size, "%s vector 0x%x%s%s%s %s", type,
					p->irq_entry.irq, name ? " (" : "",
					name ? name : "", name ? ")" : "",
					(p->irq_entry.flags & LTT_IRQ_USER) ? "user" : "kernel");
		}
		name = lttr_trace_irq_name(t, p->irq_entry.irq);
		return snprintf(buf, size, "%s %u%s%s%s %s", type, p->irq_entry.irq,
				name ? " (" : "", name ? name : "",
				name ? ")" : "",
				(p->irq_entry.flags & LTT_IRQ_USER) ? "user" : "kernel");
	case LTT_EV_IRQ_EXIT:
		if (p->irq_exit.flags & LTT_IRQ_SYSVEC)
			return snprintf(buf, size, "%s vector 0x%x", type,
					p->irq_exit.irq);
		return snprintf(buf, size, "%s %u", type, p->irq_exit.irq);
	case LTT_EV_SCHEDCHANGE: {
		char a[24], b[24];

		if (ev->p_missing)	/* format 1.2: no priorities */
			return snprintf(buf, size, "%s %u -> %u (prev_state %d %s)",
					type, p->schedchange.prev_pid,
					p->schedchange.next_pid,
					p->schedchange.prev_state,
					task_state_letter(p->schedchange.prev_state));
		return snprintf(buf, size, "%s %u -> %u (prev_state %d %s) prio %s -> %s",
				type, p->schedchange.prev_pid,
				p->schedchange.next_pid, p->schedchange.prev_state,
				task_state_letter(p->schedchange.prev_state),
				prio_str(p->schedchange.prev_prio,
					 p->schedchange.prev_policy, a, sizeof(a)),
				prio_str(p->schedchange.next_prio,
					 p->schedchange.next_policy, b, sizeof(b)));
	}
	case LTT_EV_PROCESS_FORK:
		return snprintf(buf, size, "%s parent=%u child=%u tgid=%u%s%s", type,
				p->fork.parent_pid, p->fork.child_pid,
				p->fork.child_tgid,
				(p->fork.flags & LTT_FORK_THREAD) ? " thread" : "",
				(p->fork.flags & LTT_FORK_KTHREAD) ? " kthread" : "");
	case LTT_EV_PROCESS_EXEC:
		return snprintf(buf, size, "%s %.*s", type, (int)ev->var_len,
				ev->var ? ev->var : "");
	case LTT_EV_PROCESS_EXIT: {
		char ex[48];

		return snprintf(buf, size, "%s pid=%u code=%d (%s)", type, p->exit.pid,
				p->exit.code, lttr_exit_code_str(p->exit.code, ex, sizeof(ex)));
	}
	case LTT_EV_PROCESS_WAKEUP: {
		char a[24], b[24];

		if (ev->p_missing)	/* format 1.2: no priorities */
			return snprintf(buf, size, "%s pid=%u cpu=%u%s", type,
					p->wakeup.pid, p->wakeup.cpu,
					(p->wakeup.flags & LTT_WAKEUP_NEW) ? " new" : "");
		return snprintf(buf, size, "%s pid=%u cpu=%u%s prio=%s waker_prio=%s",
				type, p->wakeup.pid, p->wakeup.cpu,
				(p->wakeup.flags & LTT_WAKEUP_NEW) ? " new" : "",
				prio_str(p->wakeup.prio, p->wakeup.policy, a, sizeof(a)),
				prio_str(p->wakeup.waker_prio, p->wakeup.waker_policy,
					 b, sizeof(b)));
	}
	case LTT_EV_SOFTIRQ_ENTRY:
	case LTT_EV_SOFTIRQ_EXIT:
	case LTT_EV_SOFTIRQ_RAISE:
		name = lttr_softirq_name(p->softirq.vec);
		if (name)
			return snprintf(buf, size, "%s %s", type, name);
		return snprintf(buf, size, "%s vec %u", type, p->softirq.vec);
	case LTT_EV_SIGNAL_SEND:
		return snprintf(buf, size, "%s %s to %u (%s)", type,
				sig_str(p->signal_send.sig, sb, sizeof(sb)),
				p->signal_send.pid,
				send_result(p->signal_send.result));
	case LTT_EV_SIGNAL_DELIVER:
		if (p->signal_deliver.handler <= 1)
			return snprintf(buf, size, "%s %s %s", type,
					sig_str(p->signal_deliver.sig, sb, sizeof(sb)),
					p->signal_deliver.handler ? "ignored" :
					"default action");
		return snprintf(buf, size, "%s %s handler=0x%" PRIx64, type,
				sig_str(p->signal_deliver.sig, sb, sizeof(sb)),
				(uint64_t)p->signal_deliver.handler);
	case LTT_EV_TRACE_START:
		return snprintf(buf, size, "%s pid=%u cpu=%u", type,
				p->trace_start.pid, p->trace_start.cpu);
	default: {
		struct sbuf b = { buf, size, 0 };

		if (size)
			buf[0] = '\0';
		return describe_more(t, ev, type, &b);
	}
	}
}
