// SPDX-License-Identifier: GPL-2.0
/*
 * record.c - record validation and decoding, event type names.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include "internal.h"

/* fixed payload size + 1 by id, 0 for unknown ids (used by the fast path) */
const uint8_t lttr_payload_size1[LTT_EV_MAX] = {
	[LTT_EV_SYSCALL_ENTRY] = sizeof(struct ltt_ev_syscall_entry) + 1,
	[LTT_EV_SYSCALL_EXIT] = sizeof(struct ltt_ev_syscall_exit) + 1,
	[LTT_EV_TRAP_ENTRY] = sizeof(struct ltt_ev_trap_entry) + 1,
	[LTT_EV_TRAP_EXIT] = sizeof(struct ltt_ev_trap_exit) + 1,
	[LTT_EV_IRQ_ENTRY] = sizeof(struct ltt_ev_irq_entry) + 1,
	[LTT_EV_IRQ_EXIT] = sizeof(struct ltt_ev_irq_exit) + 1,
	[LTT_EV_SCHEDCHANGE] = sizeof(struct ltt_ev_schedchange) + 1,
	[LTT_EV_PROCESS_FORK] = sizeof(struct ltt_ev_process_fork) + 1,
	[LTT_EV_PROCESS_EXEC] = sizeof(struct ltt_ev_process_exec) + 1,
	[LTT_EV_PROCESS_EXIT] = sizeof(struct ltt_ev_process_exit) + 1,
	[LTT_EV_PROCESS_WAKEUP] = sizeof(struct ltt_ev_process_wakeup) + 1,
	[LTT_EV_SOFTIRQ_ENTRY] = sizeof(struct ltt_ev_softirq) + 1,
	[LTT_EV_SOFTIRQ_EXIT] = sizeof(struct ltt_ev_softirq) + 1,
	[LTT_EV_SIGNAL_SEND] = sizeof(struct ltt_ev_signal_send) + 1,
	[LTT_EV_SIGNAL_DELIVER] = sizeof(struct ltt_ev_signal_deliver) + 1,
	[LTT_EV_TRACE_START] = sizeof(struct ltt_ev_trace_start) + 1,
};

struct evtype {
	const char *name;
	int size;
};

static const struct evtype evtypes[LTT_EV_MAX] = {
	[LTT_EV_SYSCALL_ENTRY] = { "syscall_entry", sizeof(struct ltt_ev_syscall_entry) },
	[LTT_EV_SYSCALL_EXIT] = { "syscall_exit", sizeof(struct ltt_ev_syscall_exit) },
	[LTT_EV_TRAP_ENTRY] = { "trap_entry", sizeof(struct ltt_ev_trap_entry) },
	[LTT_EV_TRAP_EXIT] = { "trap_exit", sizeof(struct ltt_ev_trap_exit) },
	[LTT_EV_IRQ_ENTRY] = { "irq_entry", sizeof(struct ltt_ev_irq_entry) },
	[LTT_EV_IRQ_EXIT] = { "irq_exit", sizeof(struct ltt_ev_irq_exit) },
	[LTT_EV_SCHEDCHANGE] = { "schedchange", sizeof(struct ltt_ev_schedchange) },
	[LTT_EV_PROCESS_FORK] = { "fork", sizeof(struct ltt_ev_process_fork) },
	[LTT_EV_PROCESS_EXEC] = { "exec", sizeof(struct ltt_ev_process_exec) },
	[LTT_EV_PROCESS_EXIT] = { "exit", sizeof(struct ltt_ev_process_exit) },
	[LTT_EV_PROCESS_WAKEUP] = { "wakeup", sizeof(struct ltt_ev_process_wakeup) },
	[LTT_EV_SOFTIRQ_ENTRY] = { "softirq_entry", sizeof(struct ltt_ev_softirq) },
	[LTT_EV_SOFTIRQ_EXIT] = { "softirq_exit", sizeof(struct ltt_ev_softirq) },
	[LTT_EV_SIGNAL_SEND] = { "signal_send", sizeof(struct ltt_ev_signal_send) },
	[LTT_EV_SIGNAL_DELIVER] = { "signal_deliver", sizeof(struct ltt_ev_signal_deliver) },
	[LTT_EV_TRACE_START] = { "trace_start", sizeof(struct ltt_ev_trace_start) },
};

const char *lttr_event_type_name(unsigned int id)
{
	return id < LTT_EV_MAX ? evtypes[id].name : NULL;
}

const char *lttr_event_type_str(unsigned int id, char *buf, size_t size)
{
	const char *n = lttr_event_type_name(id);

	if (n)
		return n;
	snprintf(buf, size, "unknown_%u", id);
	return buf;
}

int lttr_event_type_id(const char *name)
{
	unsigned int i;

	for (i = 0; i < LTT_EV_MAX; i++)
		if (evtypes[i].name && !strcmp(evtypes[i].name, name))
			return (int)i;
	return -1;
}

int lttr_event_payload_size(unsigned int id)
{
	if (id >= LTT_EV_MAX || !evtypes[id].name)
		return -1;
	return evtypes[id].size;
}

static const char *const trap_names[] = {
	"divide_error", "debug", "nmi", "int3", "overflow", "bounds",
	"invalid_op", "device_not_available", "double_fault",
	"coprocessor_segment_overrun", "invalid_tss", "segment_not_present",
	"stack_segment", "general_protection", "page_fault", "spurious",
	"coprocessor_error", "alignment_check", "machine_check",
	"simd_coprocessor_error", "virtualization", "control_protection",
	NULL, NULL, NULL, NULL, NULL, NULL, NULL, "vmm_communication",
	"security",
};

const char *lttr_trap_name(unsigned int vector, char *buf, size_t size)
{
	if (vector < sizeof(trap_names) / sizeof(trap_names[0]) &&
	    trap_names[vector])
		return trap_names[vector];
	snprintf(buf, size, "trap_%u", vector);
	return buf;
}

const char *lttr_sysvec_name(unsigned int vector)
{
	/* arch/x86/include/asm/irq_vectors.h (6.1) */
	switch (vector) {
	case 0x02: return "nmi";
	case 0x80: return "ia32_syscall";
	case 0xec: return "local_timer";
	case 0xed: return "hyperv_stimer0";
	case 0xee: return "hyperv_reenlightenment";
	case 0xef: return "managed_irq_shutdown";
	case 0xf0: return "posted_intr_nested";
	case 0xf1: return "posted_intr_wakeup";
	case 0xf2: return "posted_intr";
	case 0xf3: return "hypervisor_callback";
	case 0xf4: return "deferred_error";
	case 0xf6: return "irq_work";
	case 0xf7: return "x86_platform_ipi";
	case 0xf8: return "reboot";
	case 0xf9: return "threshold_apic";
	case 0xfa: return "thermal_apic";
	case 0xfb: return "call_function_single";
	case 0xfc: return "call_function";
	case 0xfd: return "reschedule";
	case 0xfe: return "error_apic";
	case 0xff: return "spurious_apic";
	default: return NULL;
	}
}

const char *lttr_softirq_name(unsigned int vec)
{
	/* include/linux/interrupt.h (6.1) */
	static const char *const n[] = {
		"HI", "TIMER", "NET_TX", "NET_RX", "BLOCK", "IRQ_POLL",
		"TASKLET", "SCHED", "HRTIMER", "RCU",
	};

	return vec < sizeof(n) / sizeof(n[0]) ? n[vec] : NULL;
}

const char *lttr_signal_name(unsigned int sig)
{
	/* x86 signal numbers (arch/x86/include/uapi/asm/signal.h) */
	static const char *const n[] = {
		NULL, "SIGHUP", "SIGINT", "SIGQUIT", "SIGILL", "SIGTRAP",
		"SIGABRT", "SIGBUS", "SIGFPE", "SIGKILL", "SIGUSR1", "SIGSEGV",
		"SIGUSR2", "SIGPIPE", "SIGALRM", "SIGTERM", "SIGSTKFLT",
		"SIGCHLD", "SIGCONT", "SIGSTOP", "SIGTSTP", "SIGTTIN", "SIGTTOU",
		"SIGURG", "SIGXCPU", "SIGXFSZ", "SIGVTALRM", "SIGPROF",
		"SIGWINCH", "SIGIO", "SIGPWR", "SIGSYS",
	};

	return sig < sizeof(n) / sizeof(n[0]) ? n[sig] : NULL;
}

int lttr_record_decode(const uint8_t *rec, size_t avail, struct lttr_event *ev,
		       char *why, size_t whylen)
{
	struct ltt_record_header rh;
	size_t plen;
	int psize;

	if (avail < sizeof(rh)) {
		if (why)
			snprintf(why, whylen,
				 "record header cut short (%zu bytes left in the buffer)",
				 avail);
		return -LTTR_E_FORMAT;
	}
	memcpy(&rh, rec, sizeof(rh));
	if (rh.size < sizeof(rh) || rh.size % LTT_REC_ALIGN || rh.size > avail) {
		if (why) {
			if (rh.size == 0)
				snprintf(why, whylen, "record size 0");
			else if (rh.size % LTT_REC_ALIGN)
				snprintf(why, whylen,
					 "record size %u not a multiple of %u",
					 rh.size, (unsigned int)LTT_REC_ALIGN);
			else if (rh.size < sizeof(rh))
				snprintf(why, whylen,
					 "record size %u smaller than a record header",
					 rh.size);
			else
				snprintf(why, whylen,
					 "record size %u past the end of the buffer (%zu bytes left)",
					 rh.size, avail);
		}
		return -LTTR_E_FORMAT;
	}
	ev->time_ns = rh.delta;
	ev->id = rh.id;
	ev->rec_flags = rh.flags;
	ev->size = rh.size;
	ev->var = NULL;
	ev->var_len = 0;
	ev->control = false;
	psize = evtypes[rh.id].name ? evtypes[rh.id].size : -1;
	ev->known = psize >= 0;
	ev->details = ev->known && !(rh.flags & LTT_REC_NO_DETAILS);
	if (!ev->details)
		return 0;
	plen = rh.size - sizeof(rh);
	if (plen < (size_t)psize) {
		if (why)
			snprintf(why, whylen,
				 "payload of %zu bytes shorter than the %d bytes of a %s event",
				 plen, psize, evtypes[rh.id].name);
		return -LTTR_E_FORMAT;
	}
	memset(&ev->p, 0, sizeof(ev->p));
	memcpy(&ev->p, rec + sizeof(rh), (size_t)psize);
	if (rh.id == LTT_EV_PROCESS_EXEC) {
		const char *s = (const char *)rec + sizeof(rh) + psize;
		size_t n = plen - (size_t)psize;
		const char *nul = memchr(s, 0, n);

		ev->var = s;
		ev->var_len = (uint32_t)(nul ? (size_t)(nul - s) : n);
		if (ev->var_len > LTT_MAX_VAR_LEN)
			ev->var_len = LTT_MAX_VAR_LEN;
	}
	return 0;
}

/*
 * Decode the record at @off of buffer @bi of @cpu.  Return 1 when decoded,
 * 0 at the end of the buffer's well-formed records (with LTTR_OPEN_SALVAGE
 * a malformed record ends the buffer, with a warning), or an error.
 */
int lttr_read_record_slow(struct lttr_trace *t, unsigned int cpu, size_t bi,
		       uint32_t off, struct lttr_event *ev,
		       struct lttr_error *err)
{
	struct lttr_buf *b = &t->cpu[cpu].bufs[bi];
	char why[200];

	if (off >= b->valid_size)
		return 0;
	if (lttr_record_decode(lttr_buf_data(t, b) + off, b->valid_size - off,
			       ev, why, sizeof(why)) < 0) {
		uint64_t roff = b->offset + sizeof(struct ltt_buffer_header) + off;

		if (t->flags & LTTR_OPEN_SALVAGE) {
			b->valid_size = off;
			if (!b->warned)
				lttr_trace_warn(t, "%s: record at offset %" PRIu64 " (buffer at offset %" PRIu64 ", cpu %u, seq %" PRIu64 "): %s: rest of the buffer ignored (salvage)",
						t->events_path, roff, b->offset,
						cpu, b->seq, why);
			b->warned = true;
			return 0;
		}
		return lttr_error_set(err, LTTR_E_FORMAT,
			"%s: record at offset %" PRIu64 " (buffer at offset %" PRIu64 ", cpu %u, seq %" PRIu64 "): %s",
			t->events_path, roff, b->offset, cpu, b->seq, why);
	}
	ev->time_ns += b->start_ns;
	ev->cpu = (uint16_t)cpu;
	ev->offset = b->offset + sizeof(struct ltt_buffer_header) + off;
	return 1;
}

