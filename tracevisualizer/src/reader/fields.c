// SPDX-License-Identifier: GPL-2.0
/*
 * fields.c - the fields of every event type (lttr/reader/fields.h): the
 * table, and the value of a field for a decoded event.
 */
#include <stdio.h>
#include <string.h>
#include <ltt/ltt-events.h>
#include "reader/internal.h"

/* size and signedness of a member of a payload struct */
#define MSIZE(T, m)	sizeof(((T *)0)->m)
#define MSIGNED(T, m)	_Generic(((T *)0)->m, __s8: true, __s16: true, \
				 __s32: true, __s64: true, default: false)

/* a field read or derived from the payload integer T.m */
#define AT(T, m)	.offset = offsetof(T, m), .size = MSIZE(T, m), \
			.is_signed = MSIGNED(T, m)

/*
 * The macros take, after their arguments, more designated initializers:
 * how the field reads in text (HEX, OCTAL, ...) and its CTF name.
 */
/* the integer T.m, shown signed or unsigned as it is declared */
#define INT(key, T, m, ...) \
	{ .name = key, .src = LTTR_FIELD_SRC_INT, AT(T, m), \
	  .kind = MSIGNED(T, m) ? LTTR_FIELD_SIGNED : LTTR_FIELD_UNSIGNED, \
	  __VA_ARGS__ }
/* whether the flags T.m have one of the bits of @mask */
#define FLAG(key, T, m, mask) \
	{ .name = key, .src = LTTR_FIELD_SRC_FLAG, AT(T, m), \
	  .kind = LTTR_FIELD_BOOL, .arg = (mask) }
/* whether T.m equals @val */
#define EQUALS(key, T, m, val) \
	{ .name = key, .src = LTTR_FIELD_SRC_EQUALS, AT(T, m), \
	  .kind = LTTR_FIELD_BOOL, .arg = (val) }
/* a name of the integer T.m; @miss when it has none */
#define NAME(key, s, T, m, miss, ...) \
	{ .name = key, .src = LTTR_FIELD_SRC_##s, AT(T, m), \
	  .kind = LTTR_FIELD_STRING, .missing = LTTR_FIELD_MISSING_##miss, \
	  __VA_ARGS__ }
/* a value that no payload integer holds */
#define OTHER(key, s, k, miss, ...) \
	{ .name = key, .src = LTTR_FIELD_SRC_##s, .kind = LTTR_FIELD_##k, \
	  .missing = LTTR_FIELD_MISSING_##miss, __VA_ARGS__ }

#define VAR_STRING(key)	OTHER(key, VAR_STRING, STRING, EMPTY)

/* text display kinds and CTF names, for the macros' last arguments */
#define HEX		.disp = LTTR_FIELD_DISP_HEX
#define HEX_FULL	.disp = LTTR_FIELD_DISP_HEX_FULL
#define OCTAL		.disp = LTTR_FIELD_DISP_OCTAL
#define DURATION	.disp = LTTR_FIELD_DISP_DURATION
#define ERRNO		.disp = LTTR_FIELD_DISP_ERRNO
#define ENUM(fn, unk)	.disp = LTTR_FIELD_DISP_ENUM, .names = fn, .unknown = unk
#define CTF(n)		.ctf = n

/*
 * A task's priority (task->prio): a CTF export writes it as LTTng does,
 * minus MAX_RT_PRIO (include/linux/sched/prio.h: 100), so that nice 0 is
 * 20 there as in LTTng's traces, 120 here as in ftrace's.  Its policy:
 * the SCHED_* number, by name in text ("SCHED_FIFO").
 */
#define PRIO		.ctf_add = -100
#define POLICY		ENUM(lttr_sched_policy_name, "policy_")

/* the names of the values of some payload integers (ltt-abi.h) */
static const char *timer_kind_name(unsigned int kind)
{
	switch (kind) {
	case LTT_TIMER_LIST: return "timer_list";
	case LTT_TIMER_HRTIMER: return "hrtimer";
	default: return NULL;
	}
}

/* what an application marker says (LTT_MARKER_*) */
static const char *marker_kind_name(unsigned int kind)
{
	switch (kind) {
	case LTT_MARKER_BEGIN: return "begin";
	case LTT_MARKER_END: return "end";
	case LTT_MARKER_MARK: return "mark";
	case LTT_MARKER_COUNTER: return "counter";
	default: return NULL;
	}
}

/* what an executable mapping record says (LTT_MMAP_*) */
static const char *mmap_kind_name(unsigned int kind)
{
	switch (kind) {
	case LTT_MMAP_MAP: return "map";
	case LTT_MMAP_UNMAP: return "unmap";
	case LTT_MMAP_EXEC: return "exec";
	default: return NULL;
	}
}

/* the clocks a timerfd can have (CLOCK_* of <time.h>, numbers of the ABI) */
static const char *clock_name(unsigned int clockid)
{
	switch (clockid) {
	case 0: return "CLOCK_REALTIME";
	case 1: return "CLOCK_MONOTONIC";
	case 7: return "CLOCK_BOOTTIME";
	case 8: return "CLOCK_REALTIME_ALARM";
	case 9: return "CLOCK_BOOTTIME_ALARM";
	default: return NULL;
	}
}

static const char *whence_name(unsigned int whence)
{
	static const char *const n[] = { "SEEK_SET", "SEEK_CUR", "SEEK_END" };

	return whence < 3 ? n[whence] : NULL;
}

static const char *dup_call_name(unsigned int call)
{
	switch (call) {
	case LTT_DUP_DUP: return "dup";
	case LTT_DUP_DUP2: return "dup2";
	case LTT_DUP_FCNTL: return "F_DUPFD";
	default: return NULL;
	}
}

/* a block request's operation (LTT_BLOCK_OP_*) */
const char *lttr_block_op_name(unsigned int op)
{
	switch (op) {
	case LTT_BLOCK_OP_READ: return "read";
	case LTT_BLOCK_OP_WRITE: return "write";
	case LTT_BLOCK_OP_FLUSH: return "flush";
	case LTT_BLOCK_OP_DISCARD: return "discard";
	case LTT_BLOCK_OP_OTHER: return "other";
	default: return NULL;
	}
}

const char *lttr_lock_kind_name(unsigned int kind)
{
	switch (kind) {
	case LTT_LOCK_MUTEX: return "mutex";
	case LTT_LOCK_RWSEM_READ: return "rwsem_read";
	case LTT_LOCK_RWSEM_WRITE: return "rwsem_write";
	default: return NULL;
	}
}

static const char *itimer_name(unsigned int which)
{
	switch (which) {
	case LTT_ITIMER_REAL: return "ITIMER_REAL";
	case LTT_ITIMER_VIRTUAL: return "ITIMER_VIRTUAL";
	case LTT_ITIMER_PROF: return "ITIMER_PROF";
	default: return NULL;
	}
}

static const char *timeout_kind_name(unsigned int kind)
{
	switch (kind) {
	case LTT_TIMEOUT_SCHEDULE: return "schedule_timeout";
	case LTT_TIMEOUT_NANOSLEEP: return "nanosleep";
	default: return NULL;
	}
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

/* the kernel's TRACE_SIGNAL_* verdict on a generated signal */
static const char *send_result_name(unsigned int result)
{
	static const char *const r[] = {
		"delivered", "ignored", "already pending", "overflow",
		"info lost",
	};

	return result < sizeof(r) / sizeof(r[0]) ? r[result] : NULL;
}

static const struct lttr_field f_syscall_entry[] = {
	INT("nr", struct ltt_ev_syscall_entry, nr),
	NAME("name", SYSCALL_NAME, struct ltt_ev_syscall_entry, nr, EMPTY),
	INT("ip", struct ltt_ev_syscall_entry, ip, HEX),
};

static const struct lttr_field f_syscall_exit[] = {
	INT("nr", struct ltt_ev_syscall_exit, nr),
	NAME("name", SYSCALL_NAME, struct ltt_ev_syscall_exit, nr, EMPTY),
	INT("ret", struct ltt_ev_syscall_exit, ret, ERRNO),
};

static const struct lttr_field f_trap_entry[] = {
	INT("vector", struct ltt_ev_trap_entry, vector),
	NAME("name", TRAP_NAME, struct ltt_ev_trap_entry, vector, EMPTY),
	INT("address", struct ltt_ev_trap_entry, address, HEX),
	INT("ip", struct ltt_ev_trap_entry, ip, HEX),
	FLAG("user", struct ltt_ev_trap_entry, flags, LTT_TRAP_USER),
};

static const struct lttr_field f_trap_exit[] = {
	INT("vector", struct ltt_ev_trap_exit, vector),
	NAME("name", TRAP_NAME, struct ltt_ev_trap_exit, vector, EMPTY),
};

static const struct lttr_field f_irq_entry[] = {
	INT("irq", struct ltt_ev_irq_entry, irq),
	FLAG("sysvec", struct ltt_ev_irq_entry, flags, LTT_IRQ_SYSVEC),
	FLAG("user", struct ltt_ev_irq_entry, flags, LTT_IRQ_USER),
	{ .name = "name", .src = LTTR_FIELD_SRC_IRQ_NAME,
	  AT(struct ltt_ev_irq_entry, irq), .kind = LTTR_FIELD_STRING,
	  .missing = LTTR_FIELD_MISSING_EMPTY,
	  .aux_offset = offsetof(struct ltt_ev_irq_entry, flags),
	  .aux_size = MSIZE(struct ltt_ev_irq_entry, flags),
	  .arg = LTT_IRQ_SYSVEC },
};

static const struct lttr_field f_irq_exit[] = {
	INT("irq", struct ltt_ev_irq_exit, irq),
	FLAG("sysvec", struct ltt_ev_irq_exit, flags, LTT_IRQ_SYSVEC),
};

static const struct lttr_field f_schedchange[] = {
	INT("prev_pid", struct ltt_ev_schedchange, prev_pid, CTF("prev_tid")),
	INT("next_pid", struct ltt_ev_schedchange, next_pid, CTF("next_tid")),
	INT("prev_state", struct ltt_ev_schedchange, prev_state),
	INT("prev_prio", struct ltt_ev_schedchange, prev_prio, PRIO),
	INT("prev_policy", struct ltt_ev_schedchange, prev_policy, POLICY),
	INT("next_prio", struct ltt_ev_schedchange, next_prio, PRIO),
	INT("next_policy", struct ltt_ev_schedchange, next_policy, POLICY),
};

static const struct lttr_field f_fork[] = {
	INT("parent", struct ltt_ev_process_fork, parent_pid, CTF("parent_tid")),
	INT("child", struct ltt_ev_process_fork, child_pid, CTF("child_tid")),
	INT("tgid", struct ltt_ev_process_fork, child_tgid, CTF("child_pid")),
	FLAG("thread", struct ltt_ev_process_fork, flags, LTT_FORK_THREAD),
	FLAG("kthread", struct ltt_ev_process_fork, flags, LTT_FORK_KTHREAD),
	INT("clone_flags", struct ltt_ev_process_fork, clone_flags, HEX),
};

static const struct lttr_field f_exec[] = {
	INT("pid", struct ltt_ev_process_exec, pid, CTF("tid")),
	VAR_STRING("filename"),
	OTHER("argv", EXEC_ARGV, STRING, ABSENT),
	OTHER("cmdline", EXEC_CMDLINE, STRING, ABSENT),
	OTHER("argv_cut", EXEC_ARGV_CUT, BOOL, ABSENT),
	OTHER("argv_error", EXEC_ARGV_ERROR, STRING, ABSENT),
};

static const struct lttr_field f_exit[] = {
	INT("pid", struct ltt_ev_process_exit, pid, CTF("tid")),
	INT("code", struct ltt_ev_process_exit, code),
};

static const struct lttr_field f_reap[] = {
	INT("pid", struct ltt_ev_process_reap, pid, CTF("tid")),
	INT("tgid", struct ltt_ev_process_reap, tgid, CTF("pid")),
};

static const struct lttr_field f_wakeup[] = {
	INT("pid", struct ltt_ev_process_wakeup, pid, CTF("tid")),
	INT("cpu", struct ltt_ev_process_wakeup, cpu, CTF("target_cpu")),
	FLAG("new", struct ltt_ev_process_wakeup, flags, LTT_WAKEUP_NEW),
	INT("prio", struct ltt_ev_process_wakeup, prio, PRIO),
	INT("policy", struct ltt_ev_process_wakeup, policy, POLICY),
	INT("waker_prio", struct ltt_ev_process_wakeup, waker_prio, PRIO),
	INT("waker_policy", struct ltt_ev_process_wakeup, waker_policy, POLICY),
};

static const struct lttr_field f_softirq[] = {
	INT("vec", struct ltt_ev_softirq, vec),
	NAME("name", SOFTIRQ_NAME, struct ltt_ev_softirq, vec, EMPTY),
};

static const struct lttr_field f_signal_send[] = {
	INT("sig", struct ltt_ev_signal_send, sig),
	NAME("name", SIGNAL_NAME, struct ltt_ev_signal_send, sig, EMPTY),
	INT("pid", struct ltt_ev_signal_send, pid),
	INT("result", struct ltt_ev_signal_send, result,
	    ENUM(send_result_name, NULL)),
};

static const struct lttr_field f_signal_deliver[] = {
	INT("sig", struct ltt_ev_signal_deliver, sig),
	NAME("name", SIGNAL_NAME, struct ltt_ev_signal_deliver, sig, EMPTY),
	INT("handler", struct ltt_ev_signal_deliver, handler, HEX,
	    CTF("sa_handler")),
	EQUALS("default", struct ltt_ev_signal_deliver, handler, 0),
	EQUALS("ignored", struct ltt_ev_signal_deliver, handler, 1),
};

static const struct lttr_field f_tasklet[] = {
	INT("func", struct ltt_ev_tasklet, func, HEX),
	INT("flags", struct ltt_ev_tasklet, flags),
	FLAG("hi", struct ltt_ev_tasklet, flags, LTT_TASKLET_HI),
};

static const struct lttr_field f_timer_expire[] = {
	INT("func", struct ltt_ev_timer_expire, func, HEX, CTF("function")),
	INT("kind", struct ltt_ev_timer_expire, kind,
	    ENUM(timer_kind_name, NULL)),
};

static const struct lttr_field f_kthread_create[] = {
	INT("threadfn", struct ltt_ev_kthread_create, threadfn, HEX),
	INT("pid", struct ltt_ev_kthread_create, pid),
	VAR_STRING("name"),
};

static const struct lttr_field f_task_rename[] = {
	INT("pid", struct ltt_ev_task_rename, pid),
	VAR_STRING("name"),
};

static const struct lttr_field f_wait[] = {
	INT("pid", struct ltt_ev_process_wait, pid),
	INT("options", struct ltt_ev_process_wait, options, HEX),
};

static const struct lttr_field f_fs_open[] = {
	INT("fd", struct ltt_ev_fs_open, fd),
	INT("flags", struct ltt_ev_fs_open, flags, HEX),
	INT("mode", struct ltt_ev_fs_open, mode, OCTAL),
	VAR_STRING("filename"),
};

static const struct lttr_field f_fs_close[] = {
	INT("fd", struct ltt_ev_fs_close, fd),
};

static const struct lttr_field f_fs_dup[] = {
	INT("oldfd", struct ltt_ev_fs_dup, oldfd),
	INT("newfd", struct ltt_ev_fs_dup, newfd, ERRNO),
	FLAG("cloexec", struct ltt_ev_fs_dup, flags, 02000000),	/* O_CLOEXEC */
	INT("call", struct ltt_ev_fs_dup, call, ENUM(dup_call_name, NULL)),
};

static const struct lttr_field f_stack[] = {
	INT("pid", struct ltt_ev_stack, pid),
	INT("of_id", struct ltt_ev_stack, of_id, ENUM(lttr_event_type_name, NULL)),
	INT("flags", struct ltt_ev_stack, flags, HEX),
	INT("kernel_nr", struct ltt_ev_stack, kernel_nr),
	INT("user_nr", struct ltt_ev_stack, user_nr),
};

static const struct lttr_field f_sample[] = {
	INT("ip", struct ltt_ev_sample, ip, HEX),
	INT("pid", struct ltt_ev_sample, pid),
	FLAG("user", struct ltt_ev_sample, flags, LTT_SAMPLE_USER),
};

#define BLOCK_RQ_FIELDS(T) \
	INT("rq", T, rq, HEX), \
	INT("dev", T, dev, HEX), \
	INT("sector", T, sector), \
	INT("bytes", T, bytes), \
	INT("op", T, op, ENUM(lttr_block_op_name, "op_")), \
	FLAG("sync", T, flags, LTT_BLOCK_SYNC), \
	FLAG("fua", T, flags, LTT_BLOCK_FUA), \
	FLAG("preflush", T, flags, LTT_BLOCK_PREFLUSH), \
	FLAG("meta", T, flags, LTT_BLOCK_META)

static const struct lttr_field f_block_rq_issue[] = {
	BLOCK_RQ_FIELDS(struct ltt_ev_block_rq_issue),
};

static const struct lttr_field f_block_rq_complete[] = {
	BLOCK_RQ_FIELDS(struct ltt_ev_block_rq_complete),
	INT("error", struct ltt_ev_block_rq_complete, error, ERRNO),
};

static const struct lttr_field f_lock_contend[] = {
	INT("kind", struct ltt_ev_lock_contend, kind, ENUM(lttr_lock_kind_name, "kind_")),
	INT("lock", struct ltt_ev_lock_contend, lock, HEX),
	INT("site", struct ltt_ev_lock_contend, site, HEX),
	INT("owner", struct ltt_ev_lock_contend, owner),
	INT("waiters", struct ltt_ev_lock_contend, waiters),
	FLAG("readers", struct ltt_ev_lock_contend, flags, LTT_LOCK_READERS),
};

static const struct lttr_field f_mmap[] = {
	INT("kind", struct ltt_ev_mmap, kind, ENUM(mmap_kind_name, "kind_")),
	INT("pid", struct ltt_ev_mmap, pid),
	INT("start", struct ltt_ev_mmap, start, HEX),
	INT("len", struct ltt_ev_mmap, len, HEX),
	INT("pgoff", struct ltt_ev_mmap, pgoff, HEX),
	INT("ino", struct ltt_ev_mmap, ino),
	INT("dev", struct ltt_ev_mmap, dev, HEX),
	FLAG("read", struct ltt_ev_mmap, prot, LTT_MMAP_READ),
	FLAG("write", struct ltt_ev_mmap, prot, LTT_MMAP_WRITE),
	FLAG("exec", struct ltt_ev_mmap, prot, LTT_MMAP_EXECUTE),
	FLAG("file", struct ltt_ev_mmap, flags, LTT_MMAP_FILE),
	FLAG("shared", struct ltt_ev_mmap, flags, LTT_MMAP_SHARED),
	FLAG("no_path", struct ltt_ev_mmap, flags, LTT_MMAP_NO_PATH),
	VAR_STRING("path"),
};

static const struct lttr_field f_marker[] = {
	INT("kind", struct ltt_ev_marker, kind, ENUM(marker_kind_name, "kind_")),
	OTHER("name", MARKER_NAME, STRING, EMPTY),
	OTHER("text", MARKER_TEXT, STRING, ABSENT),
	INT("value", struct ltt_ev_marker, value),
	EQUALS("counter", struct ltt_ev_marker, kind, LTT_MARKER_COUNTER),
	INT("pid", struct ltt_ev_marker, pid),
	INT("tid", struct ltt_ev_marker, tid),
	INT("uid", struct ltt_ev_marker, uid),
};

static const struct lttr_field f_fs_pipe[] = {
	INT("rfd", struct ltt_ev_fs_pipe, rfd, ERRNO),
	INT("wfd", struct ltt_ev_fs_pipe, wfd),
	INT("ino", struct ltt_ev_fs_pipe, ino),
	INT("flags", struct ltt_ev_fs_pipe, flags, HEX),
};

static const struct lttr_field f_fs_rw[] = {
	INT("count", struct ltt_ev_fs_rw, count),
	INT("ret", struct ltt_ev_fs_rw, ret, ERRNO),
	INT("fd", struct ltt_ev_fs_rw, fd),
};

static const struct lttr_field f_fs_lseek[] = {
	INT("offset", struct ltt_ev_fs_lseek, offset),
	INT("ret", struct ltt_ev_fs_lseek, ret, ERRNO),
	INT("fd", struct ltt_ev_fs_lseek, fd),
	INT("whence", struct ltt_ev_fs_lseek, whence, ENUM(whence_name, NULL)),
};

static const struct lttr_field f_fs_ioctl[] = {
	INT("arg", struct ltt_ev_fs_ioctl, arg, HEX),
	INT("fd", struct ltt_ev_fs_ioctl, fd),
	INT("cmd", struct ltt_ev_fs_ioctl, cmd, HEX),
};

static const struct lttr_field f_fs_select[] = {
	INT("timeout_ns", struct ltt_ev_fs_select, timeout_ns, DURATION),
	INT("nfds", struct ltt_ev_fs_select, nfds),
};

static const struct lttr_field f_io_wait[] = {
	INT("timeout_ns", struct ltt_ev_io_wait, timeout_ns, DURATION),
};

static const struct lttr_field f_itimer[] = {
	INT("interval_ns", struct ltt_ev_itimer, interval_ns),
	INT("value_ns", struct ltt_ev_itimer, value_ns),
	INT("which", struct ltt_ev_itimer, which, ENUM(itimer_name, NULL)),
};

static const struct lttr_field f_timeout[] = {
	INT("timeout_ns", struct ltt_ev_timeout, timeout_ns, DURATION),
	INT("kind", struct ltt_ev_timeout, kind, ENUM(timeout_kind_name, NULL)),
};

static const struct lttr_field f_timerfd_set[] = {
	INT("timer", struct ltt_ev_timerfd_set, timer, HEX),
	INT("fd", struct ltt_ev_timerfd_set, fd),
	INT("clockid", struct ltt_ev_timerfd_set, clockid, ENUM(clock_name, NULL)),
	FLAG("abstime", struct ltt_ev_timerfd_set, flags, LTT_TFD_ABSTIME),
	FLAG("cancel_on_set", struct ltt_ev_timerfd_set, flags, LTT_TFD_CANCEL_ON_SET),
	INT("value_ns", struct ltt_ev_timerfd_set, value_ns),
	INT("interval_ns", struct ltt_ev_timerfd_set, interval_ns),
	INT("expires_ns", struct ltt_ev_timerfd_set, expires_ns),
};

static const struct lttr_field f_timerfd_expire[] = {
	INT("timer", struct ltt_ev_timerfd_expire, timer, HEX),
	INT("expires_ns", struct ltt_ev_timerfd_expire, expires_ns),
	INT("interval_ns", struct ltt_ev_timerfd_expire, interval_ns),
	INT("ticks", struct ltt_ev_timerfd_expire, ticks),
};

static const struct lttr_field f_page_alloc[] = {
	INT("pfn", struct ltt_ev_page_alloc, pfn, HEX),
	INT("order", struct ltt_ev_page_alloc, order),
	INT("gfp", struct ltt_ev_page_alloc, gfp, HEX, CTF("gfp_flags")),
};

static const struct lttr_field f_page_free[] = {
	INT("pfn", struct ltt_ev_page_free, pfn, HEX),
	INT("order", struct ltt_ev_page_free, order),
};

static const struct lttr_field f_swap[] = {
	INT("pfn", struct ltt_ev_swap, pfn, HEX),
	INT("entry", struct ltt_ev_swap, entry, HEX),
};

static const struct lttr_field f_page_wait[] = {
	INT("pfn", struct ltt_ev_page_wait, pfn, HEX),
	INT("bit", struct ltt_ev_page_wait, bit),
};

static const struct lttr_field f_socket_call[] = {
	INT("call", struct ltt_ev_socket_call, call),
	INT("fd", struct ltt_ev_socket_call, fd),
	NAME("name", SOCKET_CALL_NAME, struct ltt_ev_socket_call, call, EMPTY),
};

static const struct lttr_field f_socket_create[] = {
	INT("ino", struct ltt_ev_socket_create, ino),
	INT("fd", struct ltt_ev_socket_create, fd),
	INT("family", struct ltt_ev_socket_create, family,
	    ENUM(family_name, "family=")),
	INT("type", struct ltt_ev_socket_create, type),
	INT("protocol", struct ltt_ev_socket_create, protocol),
};

static const struct lttr_field f_socket_io[] = {
	INT("ino", struct ltt_ev_socket_io, ino),
	INT("size", struct ltt_ev_socket_io, size),
	INT("ret", struct ltt_ev_socket_io, ret, ERRNO),
	INT("family", struct ltt_ev_socket_io, family,
	    ENUM(family_name, "family=")),
	INT("type", struct ltt_ev_socket_io, type),
	INT("peer_len", struct ltt_ev_socket_io, peer_len),
	OTHER("peer", SOCKADDR, STRING, NULL),
};

static const struct lttr_field f_socket_endpoint[] = {
	INT("ino", struct ltt_ev_socket_endpoint, ino),
	INT("listen_ino", struct ltt_ev_socket_endpoint, listen_ino),
	INT("fd", struct ltt_ev_socket_endpoint, fd),
	INT("result", struct ltt_ev_socket_endpoint, result, ERRNO),
	INT("call", struct ltt_ev_socket_endpoint, call),
	NAME("name", SOCKET_CALL_NAME, struct ltt_ev_socket_endpoint, call, EMPTY),
	INT("family", struct ltt_ev_socket_endpoint, family,
	    ENUM(family_name, "family=")),
	INT("type", struct ltt_ev_socket_endpoint, type),
	INT("protocol", struct ltt_ev_socket_endpoint, protocol),
	INT("local_len", struct ltt_ev_socket_endpoint, local_len),
	INT("peer_len", struct ltt_ev_socket_endpoint, peer_len),
	OTHER("local", LOCAL_SOCKADDR, STRING, NULL),
	OTHER("peer", PEER_SOCKADDR, STRING, NULL),
};

static const struct lttr_field f_ipc_call[] = {
	INT("call", struct ltt_ev_ipc_call, call),
	INT("id", struct ltt_ev_ipc_call, id),
	NAME("name", IPC_CALL_NAME, struct ltt_ev_ipc_call, call, EMPTY),
};

static const struct lttr_field f_ipc_create[] = {
	INT("size", struct ltt_ev_ipc_create, size),
	INT("key", struct ltt_ev_ipc_create, key, HEX),
	INT("id", struct ltt_ev_ipc_create, id),
	INT("flags", struct ltt_ev_ipc_create, flags, OCTAL),
};

static const struct lttr_field f_net_packet[] = {
	INT("ifindex", struct ltt_ev_net_packet, ifindex),
	INT("len", struct ltt_ev_net_packet, len),
	INT("protocol", struct ltt_ev_net_packet, protocol, HEX_FULL),
	INT("link_type", struct ltt_ev_net_packet, link_type),
	INT("caplen", struct ltt_ev_net_packet, caplen),
	OTHER("data", VAR_HEX, HEX, EMPTY),
	NAME("ifname", NETDEV_NAME, struct ltt_ev_net_packet, ifindex, ABSENT,
	     CTF("name")),
};

static const struct lttr_field f_change_mask[] = {
	OTHER("events", EVENT_MASK, STRING, EMPTY),
};

static const struct lttr_field f_custom_create[] = {
	INT("type_id", struct ltt_ev_custom_create, type_id),
	NAME("kind", CUSTOM_KIND, struct ltt_ev_custom_create, kind, EMPTY,
	     ENUM(lttr_custom_kind_name, "kind ")),
	OTHER("name", DECL_NAME, STRING, EMPTY),
	OTHER("format", DECL_FORMAT, STRING, EMPTY),
	OTHER("warning", DECL_WARNING, STRING, ABSENT),
};

static const struct lttr_field f_custom_destroy[] = {
	INT("type_id", struct ltt_ev_custom_destroy, type_id),
};

static const struct lttr_field f_custom[] = {
	INT("type_id", struct ltt_ev_custom, type_id),
	NAME("name", CUSTOM_NAME, struct ltt_ev_custom, type_id, NULL),
	INT("size", struct ltt_ev_custom, size),
	OTHER("text", CUSTOM_TEXT, STRING, ABSENT),
	OTHER("fields", CUSTOM_FIELDS, STRING, ABSENT),
	OTHER("hex", CUSTOM_HEX, HEX, ABSENT),
	OTHER("warning", CUSTOM_WARNING, STRING, ABSENT),
};

static const struct lttr_field f_trace_start[] = {
	INT("pid", struct ltt_ev_trace_start, pid),
	INT("cpu", struct ltt_ev_trace_start, cpu),
};

static const struct lttr_field f_time_ext[] = {
	INT("base_ns", struct ltt_ev_time_ext, base_ns),
};

/*
 * An event id: its fields, the template of its text (lttr_event_text())
 * and its CTF name: @ctf, or @ctf_alt when the bool field @alt_if is
 * true; @ctf_suffix: the value of that field is appended to the name.
 */
struct field_list {
	const struct lttr_field *v;
	size_t n;
	const char *text;
	const char *ctf;
	const char *ctf_alt;
	const char *alt_if;
	const char *ctf_suffix;
};

#define LIST(a, tx, ...) \
	{ .v = a, .n = sizeof(a) / sizeof(a[0]), .text = tx, __VA_ARGS__ }
#define ALT(name, field)	.ctf_alt = name, .alt_if = field

/*
 * The description of each event of include/ltt/ltt-events.h: its fields,
 * how it reads in text and its CTF name.  DESCRIBE(SYM, ...) defines
 * desc_SYM; by_id[] below takes one per listed event, so an event added
 * to the list without its description here does not build.
 */
#define DESCRIBE(sym, ...) \
	static const struct field_list desc_##sym = LIST(__VA_ARGS__)

DESCRIBE(SYSCALL_ENTRY, f_syscall_entry, "{name} ip={ip}",
	 "syscall_entry_", .ctf_suffix = "name");
DESCRIBE(SYSCALL_EXIT, f_syscall_exit, "{name} ret={ret}",
	 "syscall_exit_", .ctf_suffix = "name");
DESCRIBE(TRAP_ENTRY, f_trap_entry,
	 "{name} addr={address} ip={ip} {?user|user|kernel}");
DESCRIBE(TRAP_EXIT, f_trap_exit, "{name}");
DESCRIBE(IRQ_ENTRY, f_irq_entry,
	 "{?sysvec|vector {irq:hex}|{irq}}{?name| ({name})} {?user|user|kernel}",
	 "irq_handler_entry", ALT("irq_vector_entry", "sysvec"));
DESCRIBE(IRQ_EXIT, f_irq_exit, "{?sysvec|vector {irq:hex}|{irq}}",
	 "irq_handler_exit", ALT("irq_vector_exit", "sysvec"));
DESCRIBE(SCHEDCHANGE, f_schedchange,
	 "{prev_pid} -> {next_pid} (prev_state {prev_state} {prev_state:task_state})"
	 "{+prev_prio| prio {prev_prio}/{prev_policy} -> {next_prio}/{next_policy}}",
	 "sched_switch");
DESCRIBE(PROCESS_FORK, f_fork,
	 "parent={parent} child={child} tgid={tgid}{?thread| thread}{?kthread| kthread}",
	 "sched_process_fork");
DESCRIBE(PROCESS_EXEC, f_exec,
	 "{filename}{+cmdline| cmdline=\"{cmdline}\"{?argv_cut| (cut)}}"
	 "{+argv_error| argv_error=\"{argv_error}\"}", "sched_process_exec");
DESCRIBE(PROCESS_EXIT, f_exit, "pid={pid} code={code} ({code:exit_status})",
	 "sched_process_exit");
DESCRIBE(PROCESS_WAKEUP, f_wakeup,
	 "pid={pid} cpu={cpu}{?new| new}"
	 "{+prio| prio={prio}/{policy} waker_prio={waker_prio}/{waker_policy}}",
	 "sched_waking", ALT("sched_wakeup_new", "new"));
DESCRIBE(SOFTIRQ_ENTRY, f_softirq, "{?name|{name}|vec {vec}}", "softirq_entry");
DESCRIBE(SOFTIRQ_EXIT, f_softirq, "{?name|{name}|vec {vec}}", "softirq_exit");
DESCRIBE(SIGNAL_SEND, f_signal_send,
	 "{?name|{name}|signal {sig}} to {pid} ({result})",
	 "signal_generate");
DESCRIBE(SIGNAL_DELIVER, f_signal_deliver,
	 "{?name|{name}|signal {sig}} "
	 "{?default|default action|{?ignored|ignored|handler={handler}}}",
	 "signal_deliver");
DESCRIBE(TASKLET_ENTRY, f_tasklet, "func={func}{?hi| hi}");
DESCRIBE(TASKLET_EXIT, f_tasklet, "func={func}{?hi| hi}");
DESCRIBE(TIMER_EXPIRE_ENTRY, f_timer_expire, "func={func} {kind}",
	 "timer_expire_entry");
DESCRIBE(TIMER_EXPIRE_EXIT, f_timer_expire, "func={func} {kind}",
	 "timer_expire_exit");
DESCRIBE(KTHREAD_CREATE, f_kthread_create,
	 "{name} pid={pid} threadfn={threadfn}");
DESCRIBE(PROCESS_WAIT, f_wait, "pid={pid} options={options}");
DESCRIBE(FS_OPEN, f_fs_open, "{filename} fd={fd} flags={flags} mode={mode}");
DESCRIBE(FS_CLOSE, f_fs_close, "fd={fd}");
DESCRIBE(FS_READ, f_fs_rw, "fd={fd} count={count} ret={ret}");
DESCRIBE(FS_WRITE, f_fs_rw, "fd={fd} count={count} ret={ret}");
DESCRIBE(FS_LSEEK, f_fs_lseek,
	 "fd={fd} offset={offset} whence={whence} ret={ret}");
DESCRIBE(FS_IOCTL, f_fs_ioctl, "fd={fd} cmd={cmd} arg={arg}");
DESCRIBE(FS_SELECT, f_fs_select, "nfds={nfds} timeout={timeout_ns}");
DESCRIBE(FS_POLL, f_fs_select, "nfds={nfds} timeout={timeout_ns}");
DESCRIBE(FS_BUF_WAIT_START, f_io_wait, "timeout={timeout_ns}");
DESCRIBE(FS_BUF_WAIT_END, f_io_wait, "timeout={timeout_ns}");
DESCRIBE(TIMER_SET_ITIMER, f_itimer,
	 "{which} value={value_ns} ns interval={interval_ns} ns");
DESCRIBE(TIMER_SET_TIMEOUT, f_timeout, "{kind} {timeout_ns}");
DESCRIBE(MEM_PAGE_ALLOC, f_page_alloc, "pfn={pfn} order={order} gfp={gfp}",
	 "mm_page_alloc");
DESCRIBE(MEM_PAGE_FREE, f_page_free, "pfn={pfn} order={order}",
	 "mm_page_free");
DESCRIBE(MEM_SWAP_IN, f_swap, "pfn={pfn} entry={entry}");
DESCRIBE(MEM_SWAP_OUT, f_swap, "pfn={pfn} entry={entry}");
DESCRIBE(MEM_PAGE_WAIT_START, f_page_wait, "pfn={pfn} bit={bit}");
DESCRIBE(MEM_PAGE_WAIT_END, f_page_wait, "pfn={pfn} bit={bit}");
DESCRIBE(SOCKET_CALL, f_socket_call, "{?name|{name}|call {call}} fd={fd}");
DESCRIBE(SOCKET_CREATE, f_socket_create,
	 "fd={fd} {family} type={type} protocol={protocol} ino={ino}");
DESCRIBE(SOCKET_SEND, f_socket_io,
	 "ino={ino} size={size} ret={ret} {family}{+peer| peer={peer}}");
DESCRIBE(SOCKET_RECV, f_socket_io,
	 "ino={ino} size={size} ret={ret} {family}{+peer| peer={peer}}");
DESCRIBE(IPC_CALL, f_ipc_call, "{?name|{name}|call {call}} id={id}");
DESCRIBE(IPC_MSG_CREATE, f_ipc_create, "key={key} id={id} size={size} flags={flags}");
DESCRIBE(IPC_SEM_CREATE, f_ipc_create, "key={key} id={id} size={size} flags={flags}");
DESCRIBE(IPC_SHM_CREATE, f_ipc_create, "key={key} id={id} size={size} flags={flags}");
DESCRIBE(NET_PACKET_IN, f_net_packet,
	 "{+ifname|{ifname}|ifindex {ifindex}} len={len} protocol={protocol} caplen={caplen}",
	 "netif_receive_skb");
DESCRIBE(NET_PACKET_OUT, f_net_packet,
	 "{+ifname|{ifname}|ifindex {ifindex}} len={len} protocol={protocol} caplen={caplen}",
	 "net_dev_queue");
DESCRIBE(CHANGE_MASK, f_change_mask, "{events:count} events:{?events| {events}}");
DESCRIBE(CUSTOM_CREATE, f_custom_create,
	 "{type_id} {kind} \"{name}\""
	 "{?warning| [warning: {warning}]|{?format| format \"{format}\"}}");
DESCRIBE(CUSTOM_DESTROY, f_custom_destroy, "{type_id}");
DESCRIBE(CUSTOM, f_custom,
	 "{?name|{name}|type {type_id}}{+text| \"{text}\"}{fields}"
	 "{+hex| size={size} hex={hex}}{?warning| [warning: {warning}]}");
DESCRIBE(PROCESS_REAP, f_reap, "pid={pid} tgid={tgid}", "sched_process_free");
DESCRIBE(SOFTIRQ_RAISE, f_softirq, "{?name|{name}|vec {vec}}", "softirq_raise");
DESCRIBE(SOCKET_ENDPOINT, f_socket_endpoint,
	 "{?name|{name}|call {call}} fd={fd} ino={ino} {family} type={type}"
	 "{+local| local={local}}{+peer| peer={peer}}{?result| result={result}}");
DESCRIBE(SOCKET_ACCEPT, f_socket_endpoint,
	 "{?name|{name}|call {call}} fd={fd} ino={ino} listen_ino={listen_ino}"
	 " {family} type={type}"
	 "{+local| local={local}}{+peer| peer={peer}}{?result| result={result}}");
DESCRIBE(TIMERFD_SET, f_timerfd_set,
	 "fd={fd} {clockid}{?abstime| abstime}{?cancel_on_set| cancel_on_set}"
	 " value={value_ns} ns interval={interval_ns} ns"
	 " expires={expires_ns} timer={timer}");
DESCRIBE(TIMERFD_EXPIRE, f_timerfd_expire,
	 "ticks={ticks} expires={expires_ns} interval={interval_ns} ns"
	 " timer={timer}");
DESCRIBE(TRACE_START, f_trace_start, "pid={pid} cpu={cpu}");
DESCRIBE(TIME_EXT, f_time_ext, "base_ns={base_ns}");
DESCRIBE(FS_DUP, f_fs_dup, "{call} fd={oldfd} -> {newfd}{?cloexec| cloexec}");
DESCRIBE(FS_PIPE, f_fs_pipe, "pipe:[{ino}] read fd={rfd} write fd={wfd} flags={flags}");
DESCRIBE(MARKER, f_marker,
	 "{kind} {name}{+text| \"{text}\"}{?counter| value={value}}"
	 " pid={pid} tid={tid} uid={uid}");
DESCRIBE(STACK, f_stack,
	 "of {of_id} pid={pid} kernel={kernel_nr} user={user_nr} flags={flags}");
DESCRIBE(SAMPLE, f_sample, "pid={pid} ip={ip} {?user|user|kernel}");
DESCRIBE(MMAP, f_mmap,
	 "{kind} pid={pid} start={start} len={len}{?file| pgoff={pgoff} ino={ino}"
	 " dev={dev}}{?exec| exec}{?write| write}{?shared| shared}{?path| {path}}"
	 "{?no_path| (path too long)}");
DESCRIBE(BLOCK_RQ_ISSUE, f_block_rq_issue,
	 "{op} dev={dev} sector={sector} bytes={bytes} rq={rq}"
	 "{?sync| sync}{?fua| fua}{?preflush| preflush}{?meta| meta}",
	 "block_rq_issue");
DESCRIBE(BLOCK_RQ_COMPLETE, f_block_rq_complete,
	 "{op} dev={dev} sector={sector} bytes={bytes} rq={rq} error={error}"
	 "{?sync| sync}{?fua| fua}{?preflush| preflush}{?meta| meta}",
	 "block_rq_complete");
DESCRIBE(LOCK_CONTEND, f_lock_contend,
	 "{kind} lock={lock} site={site} owner={owner} waiters={waiters}"
	 "{?readers| readers}",
	 "lock_contend");
DESCRIBE(TASK_RENAME, f_task_rename, "pid={pid} name={name}", "task_rename");

#define BY_ID(sym, ...) [LTT_EV_##sym] = &desc_##sym,
static const struct field_list *const by_id[LTT_EV_MAX] = {
	LTT_EVENTS(BY_ID)
};
#undef BY_ID

const struct lttr_field *lttr_event_fields(unsigned int id, size_t *n)
{
	if (id >= LTT_EV_MAX || !by_id[id]) {
		*n = 0;
		return NULL;
	}
	*n = by_id[id]->n;
	return by_id[id]->v;
}

const struct lttr_field *lttr_field_find(unsigned int id, const char *name)
{
	size_t i, n;
	const struct lttr_field *f = lttr_event_fields(id, &n);

	for (i = 0; i < n; i++)
		if (!strcmp(f[i].name, name))
			return &f[i];
	return NULL;
}

const char *lttr_event_text(unsigned int id)
{
	if (id >= LTT_EV_MAX || !by_id[id])
		return NULL;
	return by_id[id]->text ? by_id[id]->text : "";
}

const char *lttr_field_ctf_name(const struct lttr_field *f)
{
	return f->ctf ? f->ctf : f->name;
}

const char *lttr_field_disp_name(enum lttr_field_disp disp)
{
	switch (disp) {
	case LTTR_FIELD_DISP_PLAIN: return "plain";
	case LTTR_FIELD_DISP_HEX: return "hex";
	case LTTR_FIELD_DISP_HEX_FULL: return "hex_full";
	case LTTR_FIELD_DISP_OCTAL: return "octal";
	case LTTR_FIELD_DISP_DURATION: return "duration";
	case LTTR_FIELD_DISP_ENUM: return "enum";
	case LTTR_FIELD_DISP_TASK_STATE: return "task_state";
	case LTTR_FIELD_DISP_EXIT_STATUS: return "exit_status";
	case LTTR_FIELD_DISP_COUNT: return "count";
	case LTTR_FIELD_DISP_ERRNO: return "errno";
	default: return "?";
	}
}

const char *lttr_field_kind_name(enum lttr_field_kind kind)
{
	switch (kind) {
	case LTTR_FIELD_UNSIGNED: return "unsigned";
	case LTTR_FIELD_SIGNED: return "signed";
	case LTTR_FIELD_BOOL: return "bool";
	case LTTR_FIELD_STRING: return "string";
	case LTTR_FIELD_HEX: return "hex";
	default: return "?";
	}
}

void lttr_hex(const void *data, size_t n, char *out)
{
	static const char digits[] = "0123456789abcdef";
	const uint8_t *p = data;
	size_t i;

	for (i = 0; i < n; i++) {
		out[2 * i] = digits[p[i] >> 4];
		out[2 * i + 1] = digits[p[i] & 15];
	}
	out[2 * n] = '\0';
}

/* the payload integer of @size bytes at @offset, as its 64-bit pattern */
static uint64_t payload_u64(const struct lttr_event *ev, unsigned int offset,
			    unsigned int size, bool is_signed)
{
	const uint8_t *p = (const uint8_t *)&ev->p + offset;
	uint8_t u8;
	uint16_t u16;
	uint32_t u32;
	uint64_t u64;

	switch (size) {
	case 1:
		memcpy(&u8, p, 1);
		return is_signed ? (uint64_t)(int64_t)(int8_t)u8 : u8;
	case 2:
		memcpy(&u16, p, 2);
		return is_signed ? (uint64_t)(int64_t)(int16_t)u16 : u16;
	case 4:
		memcpy(&u32, p, 4);
		return is_signed ? (uint64_t)(int64_t)(int32_t)u32 : u32;
	case 8:
		memcpy(&u64, p, 8);
		return u64;
	default:
		return 0;
	}
}

static void set_str(struct lttr_field_value *v, const char *s, size_t len)
{
	v->type = LTTR_FIELD_V_STR;
	v->str.p = s;
	v->str.len = len;
}

/* text @s (NUL-terminated), or the field's missing value when @s is NULL */
/* whose numbers @t's are (no trace: the machine of the traces open) */
static enum lttr_machine machine_of(const struct lttr_trace *t)
{
	return t ? lttr_trace_machine(t) : lttr_machine_current();
}

static void set_name(struct lttr_field_value *v, const struct lttr_field *f,
		     const char *s)
{
	if (s) {
		set_str(v, s, strlen(s));
		return;
	}
	switch (f->missing) {
	case LTTR_FIELD_MISSING_NULL:
		v->type = LTTR_FIELD_V_NULL;
		break;
	case LTTR_FIELD_MISSING_ABSENT:
		v->type = LTTR_FIELD_V_ABSENT;
		break;
	default:
		set_str(v, "", 0);
		break;
	}
}

static void set_hex(struct lttr_field_value *v, const void *data, size_t n,
		    struct lttr_field_buf *buf)
{
	/* (every variable part is shorter: the reader bounds them) */
	if (n > (sizeof(buf->s) - 1) / 2)
		n = (sizeof(buf->s) - 1) / 2;
	lttr_hex(data, n, buf->s);
	set_str(v, buf->s, 2 * n);
}

/* the type names of the ids of the mask, joined by spaces */
static void set_mask(struct lttr_field_value *v, const struct lttr_event *ev,
		     struct lttr_field_buf *buf)
{
	struct ltt_event_mask m;
	size_t len = 0;
	unsigned int i;
	char tb[24];

	memcpy(&m, &ev->p.change_mask, sizeof(m));
	buf->s[0] = '\0';
	for (i = 0; i < LTT_EV_MAX; i++) {
		const char *n;
		int w;

		if (!lttr_event_mask_has(&m, i))
			continue;
		n = lttr_event_type_str(i, tb, sizeof(tb));
		w = snprintf(buf->s + len, sizeof(buf->s) - len, "%s%s",
			     len ? " " : "", n);
		if (w < 0 || (size_t)w >= sizeof(buf->s) - len)
			break;	/* cannot happen: the buffer holds every name */
		len += (size_t)w;
	}
	set_str(v, buf->s, len);
}

/* the name, format or warning of a custom_create */
static void decl_value(const struct lttr_event *ev, const struct lttr_field *f,
		       struct lttr_field_value *v)
{
	const char *np, *fp;
	size_t nl, fl;
	bool good = lttr_custom_decl(ev, &np, &nl, &fp, &fl) == 0;

	if (f->src == LTTR_FIELD_SRC_DECL_NAME)
		set_str(v, np, nl);
	else if (f->src == LTTR_FIELD_SRC_DECL_FORMAT)
		set_str(v, fp, fl);
	else
		set_name(v, f, good ? NULL : "name or format not NUL-terminated");
}

/* the sources of a custom instance, read with the trace's type table */
static void custom_value(const struct lttr_trace *t, const struct lttr_event *ev,
			 const struct lttr_field *f, struct lttr_field_buf *buf,
			 struct lttr_field_value *v)
{
	const struct lttr_custom_type *ty;
	struct lttr_custom_inst ci;
	bool good;

	ty = t ? lttr_custom_table_lookup(lttr_custom_table_of(t),
					  ev->p.custom.type_id, ev->time_ns) : NULL;
	good = ty && !ty->error;
	switch (f->src) {
	case LTTR_FIELD_SRC_CUSTOM_NAME:
		set_name(v, f, ty ? ty->name : NULL);
		return;
	case LTTR_FIELD_SRC_CUSTOM_TEXT:
		if (good && ty->kind == LTT_CUSTOM_STRING) {
			const char *s = ev->var ? ev->var : "";

			set_str(v, s, strnlen(s, ev->var ? ev->var_len : 0));
		} else {
			set_name(v, f, NULL);
		}
		return;
	case LTTR_FIELD_SRC_CUSTOM_HEX:
		/* raw, or not decodable as declared: the whole payload */
		if (good && ty->kind == LTT_CUSTOM_STRING) {
			set_name(v, f, NULL);
			return;
		}
		if (good && ty->kind == LTT_CUSTOM_FIELDS) {
			lttr_custom_inst_decode(t, ev, &ci);
			if (!ci.mismatch) {
				set_name(v, f, NULL);
				return;
			}
		}
		set_hex(v, ev->var ? ev->var : "", ev->var ? ev->var_len : 0, buf);
		return;
	case LTTR_FIELD_SRC_CUSTOM_WARNING:
		lttr_custom_inst_decode(t, ev, &ci);
		if (!ci.warning[0]) {
			set_name(v, f, NULL);
			return;
		}
		snprintf(buf->s, sizeof(buf->s), "%s", ci.warning);
		set_str(v, buf->s, strlen(buf->s));
		return;
	default:	/* LTTR_FIELD_SRC_CUSTOM_FIELDS: no scalar value */
		v->type = LTTR_FIELD_V_ABSENT;
		return;
	}
}

/* the command line of an exec, whether it was cut, why it is unreadable */
static void exec_value(const struct lttr_event *ev, const struct lttr_field *f,
		       struct lttr_field_buf *buf, struct lttr_field_value *v)
{
	struct lttr_exec_args a;

	if (!lttr_exec_args(ev, &a)) {
		if (f->src == LTTR_FIELD_SRC_EXEC_ARGV_ERROR && a.error)
			set_str(v, a.error, strlen(a.error));
		return;
	}
	if (f->src == LTTR_FIELD_SRC_EXEC_CMDLINE) {
		set_str(v, buf->s, lttr_exec_cmdline(&a, buf->s, sizeof(buf->s)));
	} else if (f->src == LTTR_FIELD_SRC_EXEC_ARGV_CUT) {
		v->type = LTTR_FIELD_V_BOOL;
		v->b = a.cut;
	}
}

/* whether @f is one of the fields of event id @id */
static bool field_of(unsigned int id, const struct lttr_field *f)
{
	size_t n;
	const struct lttr_field *v = lttr_event_fields(id, &n);

	return v && f >= v && f < v + n;
}

void lttr_field_get(const struct lttr_trace *t, const struct lttr_event *ev,
		    const struct lttr_field *f, struct lttr_field_buf *buf,
		    struct lttr_field_value *v)
{
	uint64_t x = 0;
	const char *s;

	v->type = LTTR_FIELD_V_ABSENT;
	if (!ev->details || !field_of(ev->id, f))
		return;
	if (f->size && ev->p_missing &&
	    f->offset + f->size > lttr_event_payload_size(ev->id) - ev->p_missing) {
		v->type = LTTR_FIELD_V_NULL;	/* not in an older format */
		return;
	}
	if (f->size)
		x = payload_u64(ev, f->offset, f->size, f->is_signed);
	switch (f->src) {
	case LTTR_FIELD_SRC_INT:
		if (f->is_signed) {
			v->type = LTTR_FIELD_V_I64;
			v->i = (int64_t)x;
		} else {
			v->type = LTTR_FIELD_V_U64;
			v->u = x;
		}
		break;
	case LTTR_FIELD_SRC_FLAG:
		v->type = LTTR_FIELD_V_BOOL;
		v->b = (x & f->arg) != 0;
		break;
	case LTTR_FIELD_SRC_EQUALS:
		v->type = LTTR_FIELD_V_BOOL;
		v->b = x == f->arg;
		break;
	case LTTR_FIELD_SRC_VAR_STRING:
		set_str(v, ev->var ? ev->var : "", ev->var_len);
		break;
	case LTTR_FIELD_SRC_VAR_HEX:
		set_hex(v, ev->var ? ev->var : "", ev->var ? ev->var_len : 0, buf);
		break;
	case LTTR_FIELD_SRC_SYSCALL_NAME:
		set_name(v, f, lttr_machine_syscall_str(machine_of(t), (unsigned int)x,
							 buf->s, sizeof(buf->s)));
		break;
	case LTTR_FIELD_SRC_TRAP_NAME:
		set_name(v, f, lttr_machine_trap_name(machine_of(t), (unsigned int)x,
						       buf->s, sizeof(buf->s)));
		break;
	case LTTR_FIELD_SRC_IRQ_NAME:
		if (payload_u64(ev, f->aux_offset, f->aux_size, false) & f->arg)
			set_name(v, f, lttr_sysvec_name((unsigned int)x));
		else
			set_name(v, f, lttr_trace_irq_name(t, (uint32_t)x));
		break;
	case LTTR_FIELD_SRC_SOFTIRQ_NAME:
		set_name(v, f, lttr_softirq_name((unsigned int)x));
		break;
	case LTTR_FIELD_SRC_SIGNAL_NAME:
		set_name(v, f, lttr_signal_name((unsigned int)x));
		break;
	case LTTR_FIELD_SRC_SOCKET_CALL_NAME:
		set_name(v, f, lttr_socket_call_name((unsigned int)x));
		break;
	case LTTR_FIELD_SRC_IPC_CALL_NAME:
		set_name(v, f, lttr_ipc_call_name((unsigned int)x));
		break;
	case LTTR_FIELD_SRC_NETDEV_NAME:
		set_name(v, f, lttr_trace_netdev_name(t, (uint32_t)x));
		break;
	case LTTR_FIELD_SRC_SOCKADDR:
		/* at most LTTR_SOCKADDR_STRLEN bytes, as the text output */
		set_name(v, f, lttr_sockaddr_str(ev->var, ev->var_len, buf->s,
						 LTTR_SOCKADDR_STRLEN));
		break;
	case LTTR_FIELD_SRC_LOCAL_SOCKADDR:
	case LTTR_FIELD_SRC_PEER_SOCKADDR: {
		const struct ltt_ev_socket_endpoint *e = &ev->p.socket_endpoint;
		size_t off = f->src == LTTR_FIELD_SRC_LOCAL_SOCKADDR ? 0 : e->local_len;
		size_t len = f->src == LTTR_FIELD_SRC_LOCAL_SOCKADDR ? e->local_len :
			e->peer_len;

		/* the decoder checked that both fit in the variable part */
		set_name(v, f, ev->var && off + len <= ev->var_len ?
			 lttr_sockaddr_str(ev->var + off, len, buf->s, LTTR_SOCKADDR_STRLEN) :
			 NULL);
		break;
	}
	case LTTR_FIELD_SRC_EVENT_MASK:
		set_mask(v, ev, buf);
		break;
	case LTTR_FIELD_SRC_CUSTOM_KIND:
		s = lttr_custom_kind_name((uint32_t)x);
		if (s) {
			set_str(v, s, strlen(s));
		} else {
			v->type = LTTR_FIELD_V_U64;
			v->u = (uint32_t)x;
		}
		break;
	case LTTR_FIELD_SRC_DECL_NAME:
	case LTTR_FIELD_SRC_DECL_FORMAT:
	case LTTR_FIELD_SRC_DECL_WARNING:
		decl_value(ev, f, v);
		break;
	case LTTR_FIELD_SRC_MARKER_NAME:
		set_str(v, ev->var ? ev->var : "",
			ev->var ? ev->p.marker.name_len : 0);
		break;
	case LTTR_FIELD_SRC_MARKER_TEXT:
		if (ev->var && ev->p.marker.text_len)
			set_str(v, ev->var + ev->p.marker.name_len,
				ev->p.marker.text_len);
		break;
	case LTTR_FIELD_SRC_EXEC_ARGV:	/* structured: no scalar value */
		break;
	case LTTR_FIELD_SRC_EXEC_CMDLINE:
	case LTTR_FIELD_SRC_EXEC_ARGV_CUT:
	case LTTR_FIELD_SRC_EXEC_ARGV_ERROR:
		exec_value(ev, f, buf, v);
		break;
	default:
		custom_value(t, ev, f, buf, v);
		break;
	}
}

bool lttr_field_raw(const struct lttr_event *ev, const struct lttr_field *f,
		    uint64_t *x)
{
	if (!f->size || !ev->details || !field_of(ev->id, f) ||
	    (ev->p_missing &&
	     f->offset + f->size > lttr_event_payload_size(ev->id) - ev->p_missing))
		return false;
	*x = payload_u64(ev, f->offset, f->size, f->is_signed);
	return true;
}

const char *lttr_event_ctf_name(const struct lttr_event *ev, char *buf,
				size_t size)
{
	const struct field_list *l = by_id[ev->id];	/* an id is < LTT_EV_MAX */
	const struct lttr_field *f;
	struct lttr_field_value v;
	struct lttr_field_buf fb;

	if (!l)
		return NULL;
	if (!ev->details || !l->ctf)
		return lttr_event_type_name(ev->id);
	if (l->alt_if && (f = lttr_field_find(ev->id, l->alt_if))) {
		lttr_field_get(NULL, ev, f, &fb, &v);
		if (v.type == LTTR_FIELD_V_BOOL && v.b)
			return l->ctf_alt;
	}
	if (l->ctf_suffix && (f = lttr_field_find(ev->id, l->ctf_suffix))) {
		lttr_field_get(NULL, ev, f, &fb, &v);
		if (v.type == LTTR_FIELD_V_STR) {
			snprintf(buf, size, "%s%.*s", l->ctf, (int)v.str.len, v.str.p);
			return buf;
		}
	}
	return l->ctf;
}
