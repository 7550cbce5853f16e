// SPDX-License-Identifier: GPL-2.0
/*
 * describe.c - human-readable descriptions of events.
 */
#include <inttypes.h>
#include <stdio.h>
#include "internal.h"

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
	case LTT_EV_SCHEDCHANGE:
		return snprintf(buf, size, "%s %u -> %u (prev_state %d)", type,
				p->schedchange.prev_pid, p->schedchange.next_pid,
				p->schedchange.prev_state);
	case LTT_EV_PROCESS_FORK:
		return snprintf(buf, size, "%s parent=%u child=%u tgid=%u%s%s", type,
				p->fork.parent_pid, p->fork.child_pid,
				p->fork.child_tgid,
				(p->fork.flags & LTT_FORK_THREAD) ? " thread" : "",
				(p->fork.flags & LTT_FORK_KTHREAD) ? " kthread" : "");
	case LTT_EV_PROCESS_EXEC:
		return snprintf(buf, size, "%s %.*s", type, (int)ev->var_len,
				ev->var ? ev->var : "");
	case LTT_EV_PROCESS_EXIT:
		return snprintf(buf, size, "%s pid=%u code=%d", type, p->exit.pid,
				p->exit.code);
	case LTT_EV_PROCESS_WAKEUP:
		return snprintf(buf, size, "%s pid=%u cpu=%u%s", type,
				p->wakeup.pid, p->wakeup.cpu,
				(p->wakeup.flags & LTT_WAKEUP_NEW) ? " new" : "");
	case LTT_EV_SOFTIRQ_ENTRY:
	case LTT_EV_SOFTIRQ_EXIT:
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
	default:
		return snprintf(buf, size, "%s", type);
	}
}
