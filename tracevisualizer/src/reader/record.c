// SPDX-License-Identifier: GPL-2.0
/*
 * record.c - record validation and decoding, event type names.
 */
#include <arpa/inet.h>
#include <inttypes.h>
#include <sys/socket.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ltt/ltt-events.h>
#include "reader/internal.h"

/* the list of the events reaches the highest id of the ABI */
_Static_assert(LTT_EV_LISTED_IDS == LTT_EV_IDS,
	       "include/ltt/ltt-events.h lists up to the last id of ltt-abi.h");

/* a decoded event's payload (union lttr_payload) holds every listed one */
#define FITS(sym, name, pl, ...) \
	_Static_assert(sizeof(union lttr_payload) >= sizeof(struct ltt_ev_##pl), \
		       "union lttr_payload holds struct ltt_ev_" #pl);
LTT_EVENTS(FITS)
#undef FITS

/*
 * fixed payload size + 1 by id, 0 for unknown ids and for ids with a
 * variable part (used by the fast path, which only decodes fixed
 * records); the time-extension record changes the time base and is never
 * decoded inline
 */
#define SIZE1(sym, name, pl, var, cls, csize, old) \
	[LTT_EV_##sym] = LTT_VAR_##var != LTT_VAR_NONE || \
			 LTT_EV_##sym == LTT_EV_TIME_EXT ? 0 : \
			 sizeof(struct ltt_ev_##pl) + 1,
const uint8_t lttr_payload_size1[LTT_EV_MAX] = {
	LTT_EVENTS(SIZE1)
};
#undef SIZE1

/*
 * @size: the payload struct's size; @min: the least a record may hold,
 * smaller only for the events that an older format wrote shorter (a 1.2
 * schedchange or wakeup ends before the priorities): the rest reads 0
 * and is unknown (struct lttr_event.p_missing); @var: what follows the
 * payload (enum ltt_ev_var)
 */
struct evtype {
	const char *name;
	int size;
	int min;
	int var;
};

#define EVTYPE(sym, n, pl, v, cls, csize, old) \
	[LTT_EV_##sym] = { n, sizeof(struct ltt_ev_##pl), \
			   (old) ? (old) : sizeof(struct ltt_ev_##pl), LTT_VAR_##v },

/* the events of include/ltt/ltt-events.h */
static const struct evtype evtypes[LTT_EV_MAX] = {
	LTT_EVENTS(EVTYPE)
};
#undef EVTYPE

bool lttr_event_has_var(unsigned int id)
{
	return id < LTT_EV_MAX && evtypes[id].name && evtypes[id].var != LTT_VAR_NONE;
}

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

const char *lttr_socket_call_name(unsigned int call)
{
	/* SYS_* of include/uapi/linux/net.h */
	static const char *const n[] = {
		NULL, "socket", "bind", "connect", "listen", "accept",
		"getsockname", "getpeername", "socketpair", "send", "recv",
		"sendto", "recvfrom", "shutdown", "setsockopt", "getsockopt",
		"sendmsg", "recvmsg", "accept4", "recvmmsg", "sendmmsg",
	};

	return call < sizeof(n) / sizeof(n[0]) ? n[call] : NULL;
}

const char *lttr_ipc_call_name(unsigned int call)
{
	/* include/uapi/linux/ipc.h */
	switch (call) {
	case 1: return "semop";
	case 2: return "semget";
	case 3: return "semctl";
	case 4: return "semtimedop";
	case 11: return "msgsnd";
	case 12: return "msgrcv";
	case 13: return "msgget";
	case 14: return "msgctl";
	case 21: return "shmat";
	case 22: return "shmdt";
	case 23: return "shmget";
	case 24: return "shmctl";
	default: return NULL;
	}
}

const char *lttr_sockaddr_str(const void *sa, size_t len, char *buf, size_t size)
{
	const uint8_t *b = sa;
	char addr[INET6_ADDRSTRLEN];
	uint16_t family;
	size_t n;

	if (!sa || len < 2 || !size)
		return NULL;
	memcpy(&family, b, 2);
	switch (family) {
	case AF_INET:		/* family, port (network order), address */
		if (len < 8 || !inet_ntop(AF_INET, b + 4, addr, sizeof(addr)))
			return NULL;
		snprintf(buf, size, "%s:%u", addr, (unsigned int)(b[2] << 8 | b[3]));
		return buf;
	case AF_INET6:		/* family, port, flowinfo, address, scope */
		if (len < 24 || !inet_ntop(AF_INET6, b + 8, addr, sizeof(addr)))
			return NULL;
		snprintf(buf, size, "[%s]:%u", addr, (unsigned int)(b[2] << 8 | b[3]));
		return buf;
	case AF_UNIX:		/* family, path (NUL-terminated or not) */
		if (len <= 2)
			return NULL;	/* unnamed */
		b += 2;
		len -= 2;
		if (b[0] == 0) {	/* abstract: "@" and the name */
			n = len - 1;
			snprintf(buf, size, "@%.*s", (int)n, (const char *)b + 1);
			return buf;
		}
		n = strnlen((const char *)b, len);
		snprintf(buf, size, "%.*s", (int)n, (const char *)b);
		return buf;
	default:
		return NULL;
	}
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

	if (vec == LTTR_WHAT_UNKNOWN)
		return "unknown";

	return vec < sizeof(n) / sizeof(n[0]) ? n[vec] : NULL;
}

const char *lttr_sched_policy_name(unsigned int policy)
{
	/* include/uapi/linux/sched.h (6.1); 4 is reserved (SCHED_ISO) */
	static const char *const n[] = {
		"SCHED_OTHER", "SCHED_FIFO", "SCHED_RR", "SCHED_BATCH", NULL,
		"SCHED_IDLE", "SCHED_DEADLINE",
	};

	return policy < sizeof(n) / sizeof(n[0]) ? n[policy] : NULL;
}

const char *lttr_errno_name(int err)
{
	/* include/linux/errno.h (6.1): the kernel's codes past the uapi ones */
	static const char *const kernel[] = {
		"ERESTARTSYS", "ERESTARTNOINTR", "ERESTARTNOHAND", "ENOIOCTLCMD",
		"ERESTART_RESTARTBLOCK", "EPROBE_DEFER", "EOPENSTALE",
		"ENOPARAM", NULL, "EBADHANDLE", "ENOTSYNC", "EBADCOOKIE",
		"ENOTSUPP", "ETOOSMALL", "ESERVERFAULT", "EBADTYPE", "EJUKEBOX",
		"EIOCBQUEUED", "ERECALLCONFLICT", "ENOGRACE",
	};

	if (err >= 512 && err < 512 + (int)(sizeof(kernel) / sizeof(kernel[0])))
		return kernel[err - 512];
	return err > 0 && err < 512 ? strerrorname_np(err) : NULL;
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

const char *lttr_exit_code_str(int32_t code, char *buf, size_t size)
{
	unsigned int sig = (uint32_t)code & 0x7f;
	const char *name = lttr_signal_name(sig);
	const char *core = (code & 0x80) ? " (core dumped)" : "";

	if (!sig)
		snprintf(buf, size, "exit %u", ((uint32_t)code >> 8) & 0xff);
	else if (name)
		snprintf(buf, size, "killed by %s%s", name, core);
	else
		snprintf(buf, size, "killed by signal %u%s", sig, core);
	return buf;
}

/* a var part counted by a length field: within its bound and the record */
static int var_counted(const uint8_t *var, size_t avail, size_t n, size_t max,
		       const char *field, const struct evtype *et,
		       struct lttr_event *ev, char *why, size_t whylen)
{
	if (n > max || n > avail) {
		if (why) {
			if (n > max)
				snprintf(why, whylen, "%s %s %zu larger than %zu",
					 et->name, field, n, max);
			else
				snprintf(why, whylen,
					 "%s %s %zu larger than the %zu bytes after its payload",
					 et->name, field, n, avail);
		}
		return -LTTR_E_FORMAT;
	}
	ev->var = (const char *)var;
	ev->var_len = (uint32_t)n;
	return 0;
}

static int decode_var(const uint8_t *var, size_t n, const struct evtype *et,
		      struct lttr_event *ev, char *why, size_t whylen)
{
	const char *s = (const char *)var;
	const char *nul;

	switch (et->var) {
	case LTT_VAR_NAME:
		nul = memchr(s, 0, n);
		ev->var = s;
		ev->var_size = (uint32_t)n;
		ev->var_len = (uint32_t)(nul ? (size_t)(nul - s) : n);
		if (ev->var_len > LTT_MAX_VAR_LEN)
			ev->var_len = LTT_MAX_VAR_LEN;
		return 0;
	case LTT_VAR_PEER:
		return var_counted(var, n, ev->p.socket_io.peer_len,
				   LTT_MAX_SOCKADDR, "peer_len", et, ev, why, whylen);
	case LTT_VAR_ENDPOINT:
		if (ev->p.socket_endpoint.local_len > LTT_MAX_SOCKADDR) {
			if (why)
				snprintf(why, whylen, "%s local_len %u larger than %u", et->name,
					 (unsigned int)ev->p.socket_endpoint.local_len,
					 (unsigned int)LTT_MAX_SOCKADDR);
			return -LTTR_E_FORMAT;
		}
		if (ev->p.socket_endpoint.peer_len > LTT_MAX_SOCKADDR) {
			if (why)
				snprintf(why, whylen, "%s peer_len %u larger than %u", et->name,
					 (unsigned int)ev->p.socket_endpoint.peer_len,
					 (unsigned int)LTT_MAX_SOCKADDR);
			return -LTTR_E_FORMAT;
		}
		return var_counted(var, n, (size_t)ev->p.socket_endpoint.local_len +
				   ev->p.socket_endpoint.peer_len, 2 * LTT_MAX_SOCKADDR,
				   "local_len + peer_len", et, ev, why, whylen);
	case LTT_VAR_PACKET:
		return var_counted(var, n, ev->p.net_packet.caplen,
				   LTT_MAX_CAPTURE, "caplen", et, ev, why, whylen);
	case LTT_VAR_CUSTOM:
		return var_counted(var, n, ev->p.custom.size,
				   LTT_CUSTOM_MAX_SIZE, "size", et, ev, why, whylen);
	case LTT_VAR_STACK:
		if (ev->p.stack.kernel_nr > LTT_STACK_DEPTH_MAX ||
		    ev->p.stack.user_nr > LTT_STACK_DEPTH_MAX) {
			if (why)
				snprintf(why, whylen, "%s kernel_nr %u or user_nr %u larger than %u",
					 et->name, (unsigned int)ev->p.stack.kernel_nr,
					 (unsigned int)ev->p.stack.user_nr,
					 (unsigned int)LTT_STACK_DEPTH_MAX);
			return -LTTR_E_FORMAT;
		}
		return var_counted(var, n, 8 * ((size_t)ev->p.stack.kernel_nr +
						ev->p.stack.user_nr),
				   8 * 2 * LTT_STACK_DEPTH_MAX,
				   "8 x (kernel_nr + user_nr)", et, ev, why, whylen);
	case LTT_VAR_MARKER:
		if (ev->p.marker.name_len > LTT_MARKER_NAME_MAX ||
		    ev->p.marker.text_len > LTT_MARKER_TEXT_MAX) {
			if (why)
				snprintf(why, whylen, "%s name_len %u or text_len %u larger than %u or %u",
					 et->name, (unsigned int)ev->p.marker.name_len,
					 (unsigned int)ev->p.marker.text_len,
					 (unsigned int)LTT_MARKER_NAME_MAX,
					 (unsigned int)LTT_MARKER_TEXT_MAX);
			return -LTTR_E_FORMAT;
		}
		return var_counted(var, n, (size_t)ev->p.marker.name_len +
				   ev->p.marker.text_len,
				   LTT_MARKER_NAME_MAX + LTT_MARKER_TEXT_MAX,
				   "name_len + text_len", et, ev, why, whylen);
	case LTT_VAR_DECL:
		/* name and format are checked by lttr_custom_decl() */
		ev->var = s;
		ev->var_len = (uint32_t)n;
		return 0;
	default:
		return 0;
	}
}

bool lttr_exec_args(const struct lttr_event *ev, struct lttr_exec_args *a)
{
	struct ltt_exec_argv h;
	size_t at, room;

	memset(a, 0, sizeof(*a));
	if (ev->id != LTT_EV_PROCESS_EXEC || !ev->details || !ev->var)
		return false;
	/* the name's NUL, then the block; else padding (zeros) or nothing */
	at = (size_t)ev->var_len + 1;
	if (at >= ev->var_size || ev->var[ev->var_len] != '\0' ||
	    (uint8_t)ev->var[at] != LTT_EXEC_ARGV_MAGIC)
		return false;
	room = ev->var_size - at;
	if (room < sizeof(h)) {
		a->error = "argv header cut by the record's end";
		return false;
	}
	memcpy(&h, ev->var + at, sizeof(h));
	room -= sizeof(h);
	if (h.len > LTT_EXEC_ARGV_MAX) {
		a->error = "argv longer than LTT_EXEC_ARGV_MAX";
		return false;
	}
	if (h.len > room) {
		a->error = "argv longer than its record";
		return false;
	}
	if (h.len && ev->var[at + sizeof(h) + h.len - 1] != '\0') {
		a->error = "argv not NUL-terminated";
		return false;
	}
	a->present = true;
	a->cut = (h.flags & LTT_EXEC_ARGV_CUT) != 0;
	a->p = ev->var + at + sizeof(h);
	a->len = h.len;
	for (at = 0; at < a->len; at++)
		a->argc += a->p[at] == '\0';
	return true;
}

const char *lttr_exec_next_arg(const struct lttr_exec_args *a, size_t *pos, size_t *len)
{
	const char *s, *nul;

	if (!a->present || *pos >= a->len)
		return NULL;
	s = a->p + *pos;
	nul = memchr(s, 0, a->len - *pos);	/* the last byte is a NUL */
	*len = nul ? (size_t)(nul - s) : a->len - *pos;
	*pos += *len + 1;
	return s;
}

size_t lttr_exec_cmdline(const struct lttr_exec_args *a, char *buf, size_t size)
{
	size_t pos = 0, len, n = 0;
	const char *s;

	if (!size)
		return 0;
	while ((s = lttr_exec_next_arg(a, &pos, &len))) {
		if (n && n + 1 < size)
			buf[n++] = ' ';
		if (len > size - 1 - n)
			len = size - 1 - n;
		memcpy(buf + n, s, len);
		n += len;
	}
	buf[n] = '\0';
	return n;
}

/*
 * The least a compact payload of @id may hold: its 1.2 form for the
 * events that format 1.3 made longer, else the whole compact struct.
 */
static unsigned int compact_min(unsigned int id)
{
	switch (id) {
	case LTT_EV_SCHEDCHANGE:
		return LTT_CEV_SCHEDCHANGE_SIZE_1_2;
	case LTT_EV_PROCESS_WAKEUP:
		return LTT_CEV_WAKEUP_SIZE_1_2;
	default:
		return ltt_compact_size(id);
	}
}

/*
 * A record of a known id with LTT_REC_COMPACT (format 1.2): check that the
 * id has a compact form, that the record has a payload (not also
 * LTT_REC_NO_DETAILS) and that it holds the compact struct, then expand
 * it into the full struct, as if the record had been written in full.  A
 * 1.2 compact schedchange or wakeup (shorter) is expanded from a copy
 * padded with zeros, and what it did not hold is marked unknown.
 */
static int decode_compact(const uint8_t *rec, const struct ltt_record_header *rh,
			  struct lttr_event *ev, char *why, size_t whylen)
{
	const char *name = evtypes[rh->id].name;
	size_t plen = rh->size - sizeof(*rh);
	unsigned int csize = ltt_compact_size(rh->id);

	if (rh->flags & LTT_REC_NO_DETAILS) {
		if (why)
			snprintf(why, whylen,
				 "%s record flags 0x%02x: compact (LTT_REC_COMPACT) and without details (LTT_REC_NO_DETAILS) at once",
				 name, rh->flags);
		return -LTTR_E_FORMAT;
	}
	if (!csize) {
		if (why)
			snprintf(why, whylen,
				 "%s record marked compact (LTT_REC_COMPACT): %s has no compact form",
				 name, name);
		return -LTTR_E_FORMAT;
	}
	if (plen < compact_min(rh->id)) {
		if (why)
			snprintf(why, whylen,
				 "compact payload of %zu bytes shorter than the %u bytes of a compact %s event",
				 plen, compact_min(rh->id), name);
		return -LTTR_E_FORMAT;
	}
	memset(&ev->p, 0, sizeof(ev->p));
	if (plen < csize) {
		uint8_t pad[sizeof(union ltt_cev_any)] = { 0 };

		memcpy(pad, rec + sizeof(*rh), plen);
		lttr_compact_expand(rh->id, pad, &ev->p);
		/* what the record did not hold reads 0, as in a full one */
		memset((uint8_t *)&ev->p + evtypes[rh->id].min, 0,
		       (size_t)(evtypes[rh->id].size - evtypes[rh->id].min));
		ev->p_missing = (uint16_t)(evtypes[rh->id].size -
					   evtypes[rh->id].min);
	} else {
		lttr_compact_expand(rh->id, rec + sizeof(*rh), &ev->p);
	}
	ev->details = true;
	return 0;
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
	ev->var_size = 0;
	ev->control = false;
	ev->p_missing = 0;
	psize = evtypes[rh.id].name ? evtypes[rh.id].size : -1;
	ev->known = psize >= 0;
	ev->details = ev->known && !(rh.flags & LTT_REC_NO_DETAILS);
	if (ev->known && (rh.flags & LTT_REC_COMPACT))
		return decode_compact(rec, &rh, ev, why, whylen);
	if (!ev->details)
		return 0;
	plen = rh.size - sizeof(rh);
	if (plen < (size_t)evtypes[rh.id].min) {
		if (why)
			snprintf(why, whylen,
				 "payload of %zu bytes shorter than the %d bytes of a %s event",
				 plen, evtypes[rh.id].min, evtypes[rh.id].name);
		return -LTTR_E_FORMAT;
	}
	memset(&ev->p, 0, sizeof(ev->p));
	if (plen < (size_t)psize) {	/* an older format's (no var part) */
		ev->p_missing = (uint16_t)(psize - (int)plen);
		psize = (int)plen;
	}
	memcpy(&ev->p, rec + sizeof(rh), (size_t)psize);
	return decode_var(rec + sizeof(rh) + psize, plen - (size_t)psize,
			  &evtypes[rh.id], ev, why, whylen);
}

/*
 * The writer stamps a CPU's records in the order it writes them, and
 * never lets its clock go back (trace-module/tracer_buffer_write.c, "Time"), so
 * a record earlier than the one before it in its buffer has a damaged
 * time (a flipped bit), as has a record later than the buffer's last
 * (end_ns).  The first time a buffer is used, its record headers are
 * walked once (sizes only, no payload) to find the first such record:
 * reading stops there, with an error, or with LTTR_OPEN_SALVAGE a
 * warning and the end of the buffer's usable records, known before any
 * of its records is read, so that the control flow sees the buffer end
 * early and makes the rest of its time unknown instead of running the
 * state before it on (lttr_buffer_info.valid_size).  A malformed record
 * header (its size), a payload shorter than the fixed part of its event
 * type, flags the type cannot have, or a variable part whose count is past
 * its bound or its record are found by the walk too.
 */
/*
 * The fixed part of a known event's payload fits in its record, and its
 * flags are possible (compact only where there is a compact form, never
 * compact and without details at once), as lttr_record_decode() will ask;
 * the variable part (strings, custom payloads) is checked when decoded.
 */
/*
 * The size a record of an event without a variable part has: its header
 * and its payload (full, compact or none, by @flags), padded to
 * LTT_REC_ALIGN; 0 when the size is not bounded so (a variable part, an
 * unknown id).  In a format the reader knows, a longer record is damaged
 * (a flipped bit in its size swallows the records after it).
 */
unsigned int lttr_record_max(unsigned int id, unsigned int flags)
{
	unsigned int plen;

	if (id >= LTT_EV_MAX || !evtypes[id].name || evtypes[id].var != LTT_VAR_NONE)
		return 0;
	if (flags & LTT_REC_NO_DETAILS)
		plen = 0;
	else if (flags & LTT_REC_COMPACT)
		plen = ltt_compact_size(id);
	else
		plen = (unsigned int)evtypes[id].size;
	return (unsigned int)sizeof(struct ltt_record_header) +
		(plen + LTT_REC_ALIGN - 1) / LTT_REC_ALIGN * LTT_REC_ALIGN;
}

/* lttr_record_max() in a format the reader knows, else 0 (no bound) */
static unsigned int bounded_size(const struct lttr_trace *t,
				 const struct ltt_record_header *rh)
{
	return lttr_format_known(t) ? lttr_record_max(rh->id, rh->flags) : 0;
}

static bool fixed_part_fits(const struct lttr_trace *t,
			    const struct ltt_record_header *rh)
{
	size_t plen = rh->size - sizeof(*rh);
	unsigned int max = bounded_size(t, rh);

	if (!evtypes[rh->id].name)	/* (an id is < LTT_EV_MAX) */
		return !lttr_format_known(t);	/* newer: skipped by its size */
	if (max && rh->size > max)
		return false;
	if (rh->flags & LTT_REC_COMPACT)
		return !(rh->flags & LTT_REC_NO_DETAILS) && ltt_compact_size(rh->id) &&
			plen >= compact_min(rh->id);
	return (rh->flags & LTT_REC_NO_DETAILS) || plen >= (size_t)evtypes[rh->id].min;
}

/*
 * A variable part counted by a field of the payload (a peer address,
 * endpoints, packet bytes, a custom payload, a marker's name and text) fits in its record and its
 * bound.  Checked in the walk, not only when the record is read, so that
 * a damaged count ends the buffer's usable records before the control
 * flow starts on it (the rest of the buffer's time unknown, not the
 * state before it run on).  Names (NUL-terminated) always decode.
 */
static bool counted_part_fits(const uint8_t *rec, size_t avail,
			      const struct ltt_record_header *rh)
{
	struct lttr_event ev;

	switch (evtypes[rh->id].var) {
	case LTT_VAR_PEER:
	case LTT_VAR_ENDPOINT:
	case LTT_VAR_PACKET:
	case LTT_VAR_CUSTOM:
	case LTT_VAR_STACK:
	case LTT_VAR_MARKER:
		return lttr_record_decode(rec, avail, &ev, NULL, 0) >= 0;
	default:
		return true;
	}
}

/* Format 1.5 and later may hold time-extension records. */
static bool has_time_ext(const struct lttr_trace *t)
{
	return t->hdr.major != 1 || t->hdr.minor >= 5;
}

/*
 * Note a time-extension record of @b: 0, or -1 out of memory.  The table
 * is only ever appended to, by the walk, in offset order.
 */
static int add_ext(struct lttr_buf *b, uint32_t off, uint64_t base_ns)
{
	if ((b->next & (b->next - 1)) == 0) {	/* 0, 1, 2, 4, ...: grow */
		size_t cap = b->next ? 2 * (size_t)b->next : 1;
		struct lttr_timeext *n = realloc(b->ext, cap * sizeof(*n));

		if (!n)
			return -1;
		b->ext = n;
	}
	if (b->ext_first == UINT32_MAX)
		b->ext_first = off;
	b->ext[b->next].off = off;
	b->ext[b->next].base_ns = base_ns;
	b->next++;
	return 0;
}

/*
 * The time base of the record at @off of @b (walked): the buffer's
 * start_ns, or the time of the last time-extension record before @off.
 */
static uint64_t buf_base(const struct lttr_buf *b, uint32_t off)
{
	uint32_t lo = 0, hi = b->next;

	while (lo < hi) {	/* the first extension at or after @off */
		uint32_t mid = lo + (hi - lo) / 2;

		if (b->ext[mid].off < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo ? b->ext[lo - 1].base_ns : b->start_ns;
}

/*
 * The walk also notes the buffer's time-extension records (format 1.5,
 * LTT_EV_TIME_EXT): each one's time is its payload, and the deltas of the
 * records after it count from there.  An extension earlier than the record
 * before it, later than the buffer's last record, without its payload or
 * in a trace of an older format is a damaged record, like a damaged delta.
 */
void lttr_buf_check_slow(struct lttr_trace *t, unsigned int cpu, size_t bi)
{
	struct lttr_buf *b = &t->cpu[cpu].bufs[bi];
	const uint8_t *d = lttr_buf_data(t, b);
	struct ltt_record_header rh;
	struct lttr_event ev;
	uint32_t off = 0, prev = 0;
	uint64_t base = b->start_ns, prev_ns = b->start_ns;

	b->checked = true;
	while (off < b->valid_size) {
		if (b->valid_size - off < sizeof(rh))
			break;
		memcpy(&rh, d + off, sizeof(rh));
		if (rh.size < sizeof(rh) || rh.size % LTT_REC_ALIGN ||
		    rh.size > b->valid_size - off ||
		    !fixed_part_fits(t, &rh) || !counted_part_fits(d + off, b->valid_size - off, &rh))
			break;
		if (rh.id == LTT_EV_TIME_EXT) {
			struct ltt_ev_time_ext x;

			if (!has_time_ext(t) || (rh.flags & LTT_REC_NO_DETAILS))
				break;
			memcpy(&x, d + off + sizeof(rh), sizeof(x));
			if (x.base_ns < prev_ns || x.base_ns > b->end_ns)
				break;
			if (add_ext(b, off, x.base_ns) < 0) {
				b->ext_nomem = true;
				break;
			}
			base = x.base_ns;
			prev = 0;
			prev_ns = base;
		} else {
			if (rh.delta < prev || rh.delta > b->end_ns - base)
				break;
			prev = rh.delta;
			prev_ns = base + rh.delta;
		}
		off += rh.size;
	}
	b->last_ns = prev_ns;
	if (off >= b->valid_size)
		return;
	b->bad_off = off;
	b->bad_prev = prev;
	b->bad_prev_ns = prev_ns;
	/* with salvage: the warning, and the buffer cut there, now */
	if (t->flags & LTTR_OPEN_SALVAGE)
		(void)lttr_read_record_slow(t, cpu, bi, off, &ev, NULL);
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
	if (off == b->bad_off && b->ext_nomem)
		return lttr_error_set(err, LTTR_E_NOMEM, "%s: out of memory",
				      t->events_path);
	int r = lttr_record_decode(lttr_buf_data(t, b) + off, b->valid_size - off,
				   ev, why, sizeof(why));
	const uint64_t base = buf_base(b, off);
	const bool ext = r == 0 && ev->id == LTT_EV_TIME_EXT;
	const unsigned int bound = r == 0 && lttr_format_known(t) ?
		lttr_record_max(ev->id, ev->rec_flags) : 0;

	/*
	 * A record is never later than its buffer's last record (end_ns):
	 * a time past it is a damaged delta (a flipped bit puts an event
	 * seconds after the trace's end), not an event to account for.
	 */
	if (ext && !has_time_ext(t)) {
		snprintf(why, sizeof(why),
			 "event id %u (time_ext), which format %u.%u does not have: a damaged record",
			 ev->id, t->hdr.major, t->hdr.minor);
		r = -LTTR_E_FORMAT;
	} else if (ext && !ev->details) {
		snprintf(why, sizeof(why),
			 "time_ext record without its time (LTT_REC_NO_DETAILS): a damaged record");
		r = -LTTR_E_FORMAT;
	} else if (ext && ev->p.time_ext.base_ns > b->end_ns) {
		snprintf(why, sizeof(why),
			 "time extension to %" PRIu64 " ns, past the buffer's last record (%" PRIu64 " ns): a damaged time",
			 (uint64_t)ev->p.time_ext.base_ns, b->end_ns);
		r = -LTTR_E_FORMAT;
	} else if (ext && off == b->bad_off && ev->p.time_ext.base_ns < b->bad_prev_ns) {
		snprintf(why, sizeof(why),
			 "time extension to %" PRIu64 " ns, before the %" PRIu64 " ns of the record before it: records out of time order, a damaged time",
			 (uint64_t)ev->p.time_ext.base_ns, b->bad_prev_ns);
		r = -LTTR_E_FORMAT;
	} else if (r == 0 && !ext && ev->time_ns > b->end_ns - base) {
		snprintf(why, sizeof(why),
			 "time delta %" PRIu64 " ns past the buffer's last record (%" PRIu64 " ns after its %s): a damaged time",
			 ev->time_ns, b->end_ns - base,
			 base == b->start_ns ? "start" : "last time extension");
		r = -LTTR_E_FORMAT;
	} else if (r == 0 && !ev->known && lttr_format_known(t)) {
		snprintf(why, sizeof(why),
			 "event id %u, which format %u.%u does not have: a damaged record",
			 ev->id, t->hdr.major, t->hdr.minor);
		r = -LTTR_E_FORMAT;
	} else if (r == 0 && bound && ev->size > bound) {
		snprintf(why, sizeof(why),
			 "record size %u longer than the %u bytes of a%s %s record: a damaged size",
			 ev->size, bound,
			 (ev->rec_flags & LTT_REC_NO_DETAILS) ? " bare" :
			 (ev->rec_flags & LTT_REC_COMPACT) ? " compact" : "",
			 evtypes[ev->id].name);
		r = -LTTR_E_FORMAT;
	} else if (r == 0 && !ext && off == b->bad_off && ev->time_ns < b->bad_prev) {
		snprintf(why, sizeof(why),
			 "time delta %" PRIu64 " ns before the %u ns of the record before it: records out of time order, a damaged time",
			 ev->time_ns, b->bad_prev);
		r = -LTTR_E_FORMAT;
	}
	if (r < 0) {
		uint64_t roff = b->offset + sizeof(struct ltt_buffer_header) + off;

		if (t->flags & LTTR_OPEN_SALVAGE) {
			t->salvaged = true;
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
	ev->time_ns = ext ? ev->p.time_ext.base_ns : base + ev->time_ns;
	ev->cpu = (uint16_t)cpu;
	ev->offset = b->offset + sizeof(struct ltt_buffer_header) + off;
	return 1;
}

