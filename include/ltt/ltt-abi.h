/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * ltt-abi.h - the one definition of the LTT trace format and of the
 * /dev/tracer ioctl ABI.
 *
 * This file is used unchanged by the kernel patch (as
 * include/uapi/linux/ltt-abi.h), by the trace module, by the trace daemon
 * and by the reader library.  tests/host/abi-copies.t checks that the copy
 * carried by patches/ is byte-for-byte identical to this file.
 *
 * Everything here is little-endian on x86; the trace header records the
 * byte order and word size of the traced machine so that a reader on
 * another machine can refuse (or convert) a foreign trace.
 *
 * A trace is a directory:
 *   header  struct ltt_trace_header, rewritten by the daemon at the end
 *   events  a sequence of buffers as the module hands them out: each is a
 *           struct ltt_buffer_header followed by data_size bytes of
 *           records.  Buffers of different CPUs are interleaved; within
 *           one CPU they appear in increasing seq order.
 *   lost    one struct ltt_lost_info per CPU (written at the end)
 *   proc    the /proc snapshot, text, one line per task and per IRQ:
 *             PID: 1; PPID: 0; TGID: 1; NAME: init
 *             IRQ: 4; NAME: ttyS0
 *
 * A record is a struct ltt_record_header followed by the payload of its
 * event id (the ltt_ev_* structs below) and, for events that carry one, a
 * variable-length part (e.g. a NUL-terminated file name).  Records are
 * padded so that each starts on a 4-byte boundary: size is the padded
 * size, so the next record is at (record + size).
 *
 * A record's time is buffer->start_ns + record->delta.  A buffer is closed
 * early when the next delta would not fit in 32 bits, so deltas never
 * wrap (no heartbeat is needed to keep time across long idle periods).
 *
 * The pid of the task an event belongs to is not stored in each record:
 * each buffer header holds the pid current on its CPU when the buffer was
 * opened, and LTT_EV_SCHEDCHANGE records carry every later change.
 */
#ifndef _UAPI_LINUX_LTT_ABI_H
#define _UAPI_LINUX_LTT_ABI_H

#include <linux/types.h>
#include <linux/ioctl.h>

#define LTT_TRACE_MAGIC		0x00D6B7EDU	/* LTT's magic number */
#define LTT_BUFFER_MAGIC	0x4C544242U	/* "BBTL" in memory */
#define LTT_FORMAT_MAJOR	1
#define LTT_FORMAT_MINOR	0

#define LTT_ORDER_LITTLE	1
#define LTT_ORDER_BIG		2

#define LTT_MAX_CPUS		64	/* CPUs a trace header can describe */

/*
 * Event ids.  Grouped by LTT class; an id is never reused for another
 * meaning.  Ids below LTT_EV_MAX can be masked individually.
 */
enum ltt_event_id {
	LTT_EV_NONE		= 0,	/* never written */
	LTT_EV_SYSCALL_ENTRY	= 1,
	LTT_EV_SYSCALL_EXIT	= 2,
	LTT_EV_TRAP_ENTRY	= 3,
	LTT_EV_TRAP_EXIT	= 4,
	LTT_EV_IRQ_ENTRY	= 5,
	LTT_EV_IRQ_EXIT		= 6,
	LTT_EV_SCHEDCHANGE	= 7,
	LTT_EV_PROCESS_FORK	= 10,
	LTT_EV_PROCESS_EXEC	= 11,
	LTT_EV_PROCESS_EXIT	= 12,
	LTT_EV_PROCESS_WAKEUP	= 13,
	LTT_EV_SOFTIRQ_ENTRY	= 14,	/* a softirq handler starts */
	LTT_EV_SOFTIRQ_EXIT	= 15,	/* and returns */
	LTT_EV_SIGNAL_SEND	= 16,	/* a signal is generated for a task */
	LTT_EV_SIGNAL_DELIVER	= 17,	/* the current task takes a signal */
	LTT_EV_TRACE_START	= 60,	/* written on every CPU at start */
	LTT_EV_MAX		= 256
};

/* record header: 8 bytes */
struct ltt_record_header {
	__u32 delta;		/* ns since the buffer's start_ns */
	__u8  id;		/* enum ltt_event_id */
	__u8  flags;		/* LTT_REC_* */
	__u16 size;		/* whole record, header included, padded to 4 */
};

#define LTT_REC_ALIGN		4
#define LTT_REC_NO_DETAILS	0x01	/* payload omitted (details mask) */

/* ---- payloads ---------------------------------------------------- */

struct ltt_ev_syscall_entry {
	__u64 ip;		/* user-space instruction pointer of the call */
	__u32 nr;		/* syscall number (the kernel's own table) */
} __attribute__((packed));

struct ltt_ev_syscall_exit {
	__s64 ret;		/* return value */
	__u32 nr;		/* syscall number, to pair exits with entries */
} __attribute__((packed));

#define LTT_TRAP_USER		0x01	/* the trap interrupted user mode */

struct ltt_ev_trap_entry {
	__u64 ip;		/* instruction pointer at the trap */
	__u64 address;		/* faulting address (page faults), else 0 */
	__u16 vector;		/* exception vector: 14 = page fault */
	__u16 flags;		/* LTT_TRAP_* */
} __attribute__((packed));

struct ltt_ev_trap_exit {
	__u16 vector;
} __attribute__((packed));

#define LTT_IRQ_USER		0x01	/* the interrupt interrupted user mode */
#define LTT_IRQ_SYSVEC		0x02	/* irq is a CPU vector, not a Linux irq */

struct ltt_ev_irq_entry {
	__u32 irq;		/* Linux irq number, or vector (LTT_IRQ_SYSVEC) */
	__u16 flags;		/* LTT_IRQ_* */
} __attribute__((packed));

struct ltt_ev_irq_exit {
	__u32 irq;
	__u16 flags;		/* LTT_IRQ_SYSVEC as on entry */
} __attribute__((packed));

struct ltt_ev_schedchange {
	__u32 prev_pid;		/* task switched out */
	__u32 next_pid;		/* task switched in */
	__s32 prev_state;	/* prev's state (0 = runnable: preempted) */
} __attribute__((packed));

#define LTT_FORK_THREAD		0x01	/* CLONE_THREAD: same process */
#define LTT_FORK_KTHREAD	0x02	/* the child is a kernel thread */

struct ltt_ev_process_fork {
	__u32 parent_pid;	/* the task that called fork/clone */
	__u32 child_pid;
	__u32 child_tgid;
	__u32 flags;		/* LTT_FORK_* */
	__u64 clone_flags;	/* the raw CLONE_* flags */
} __attribute__((packed));

/* followed by the NUL-terminated file name given to exec */
struct ltt_ev_process_exec {
	__u32 pid;
} __attribute__((packed));

struct ltt_ev_process_exit {
	__u32 pid;
	__s32 code;		/* exit code as given to do_exit() */
} __attribute__((packed));

#define LTT_WAKEUP_NEW		0x01	/* first wakeup of a new task */

struct ltt_ev_process_wakeup {
	__u32 pid;		/* task woken; the waker is the current task */
	__u16 cpu;		/* CPU it was queued on */
	__u16 flags;		/* LTT_WAKEUP_* */
} __attribute__((packed));

/*
 * Softirq vectors are the kernel's own: 0 HI, 1 TIMER, 2 NET_TX, 3 NET_RX,
 * 4 BLOCK, 5 IRQ_POLL, 6 TASKLET, 7 SCHED, 8 HRTIMER, 9 RCU.  A softirq
 * runs on the way out of an interrupt, when bottom halves are re-enabled
 * (in a syscall or a kernel thread), or in ksoftirqd.
 */
struct ltt_ev_softirq {
	__u32 vec;		/* softirq vector */
} __attribute__((packed));

/*
 * LTT_EV_SIGNAL_SEND: the sender is the current task (or the interrupt
 * that runs on it); result is the kernel's own verdict: 0 delivered
 * (queued), 1 ignored, 2 already pending, 3 queue overflow, 4 queued
 * without its siginfo.
 */
struct ltt_ev_signal_send {
	__u32 sig;
	__u32 pid;		/* target task */
	__s32 result;
} __attribute__((packed));

/*
 * LTT_EV_SIGNAL_DELIVER: the current task takes signal sig on its way back
 * to user mode: handler is the user handler's address, or 0 for the
 * default action (SIG_DFL), 1 for SIG_IGN.
 */
struct ltt_ev_signal_deliver {
	__u64 handler;
	__u32 sig;
} __attribute__((packed));

struct ltt_ev_trace_start {
	__u32 pid;		/* task current on this CPU at start */
	__u32 cpu;
} __attribute__((packed));

/* Longest variable part a record may carry (exec file names). */
#define LTT_MAX_VAR_LEN		256

/* ---- buffers ------------------------------------------------------- */

#define LTT_BUF_FLUSHED		0x0001	/* closed before full (stop/flush) */
#define LTT_BUF_TIME_SPLIT	0x0002	/* closed: next delta would overflow */

struct ltt_buffer_header {
	__u32 magic;		/* LTT_BUFFER_MAGIC */
	__u16 cpu;
	__u16 flags;		/* LTT_BUF_* */
	__u64 seq;		/* per-CPU buffer number, from 0 */
	__u64 start_ns;		/* time base of this buffer's deltas */
	__u64 end_ns;		/* time of its last record */
	__u32 data_size;	/* bytes of records after this header */
	__u32 pid;		/* task current on this CPU when opened */
	__u64 lost;		/* events lost on this CPU just before it */
};

/* ---- trace header (file "header") --------------------------------- */

#define LTT_TRACE_COMPLETE	0x0001	/* the daemon finished cleanly */

struct ltt_event_mask {
	__u64 bits[LTT_EV_MAX / 64];	/* bit id set: event id recorded */
};

struct ltt_trace_header {
	__u32 magic;			/* LTT_TRACE_MAGIC */
	__u16 major;			/* LTT_FORMAT_MAJOR */
	__u16 minor;			/* LTT_FORMAT_MINOR */
	__u8  byte_order;		/* LTT_ORDER_* */
	__u8  word_size;		/* sizeof(long) of the traced kernel */
	__u16 header_size;		/* sizeof(struct ltt_trace_header) */
	__u32 ncpus;			/* CPU ids are < ncpus */
	__u32 clock_hz;			/* timestamp unit: 1e9 = ns */
	__u32 buffer_size;		/* bytes per module buffer */
	__u32 buffer_count;		/* buffers per CPU */
	__u32 flags;			/* LTT_TRACE_* */
	__u64 start_wall_ns;		/* CLOCK_REALTIME at start */
	__u64 start_ns;			/* CLOCK_MONOTONIC at start */
	__u64 end_ns;			/* CLOCK_MONOTONIC at stop */
	struct ltt_event_mask mask;	/* events that were recorded */
	char arch[32];			/* uname machine */
	char release[80];		/* uname release */
	char hostname[72];		/* uname nodename */
};

/* ---- lost events (file "lost", and LTT_IOC_GET_LOST) -------------- */

#define LTT_LOST_SYSCALLS	512	/* syscall numbers counted one by one */

struct ltt_lost_info {
	__u32 cpu;			/* in: CPU asked for */
	__u32 reserved;
	__u64 total;			/* events lost on this CPU */
	__u64 nested;			/* of which: recursion (e.g. NMI) */
	__u64 by_event[64];		/* per event id < 64 */
	__u64 syscall_entry[LTT_LOST_SYSCALLS];	/* lost entries by nr */
	__u64 syscall_exit[LTT_LOST_SYSCALLS];	/* lost exits by nr */
};

/* ---- ioctls on /dev/tracer ----------------------------------------- */

#define LTT_ABI_VERSION		1

struct ltt_buffer_config {
	__u32 size;		/* bytes per buffer, header included */
	__u32 count;		/* buffers per CPU, >= 2 */
};

#define LTT_BUFFER_SIZE_MIN	4096
#define LTT_BUFFER_SIZE_MAX	(16U << 20)
#define LTT_BUFFER_COUNT_MIN	2
#define LTT_BUFFER_COUNT_MAX	256

struct ltt_info {
	__u32 abi_version;	/* LTT_ABI_VERSION */
	__u32 ncpus;		/* nr_cpu_ids */
	__u32 buffer_size;
	__u32 buffer_count;
	__u32 tracing;		/* 1 while started */
	__u32 reserved;
};

#define LTT_IOC_MAGIC		0xB7

#define LTT_IOC_START		_IO(LTT_IOC_MAGIC, 1)
#define LTT_IOC_STOP		_IO(LTT_IOC_MAGIC, 2)
#define LTT_IOC_SET_BUFFERS	_IOW(LTT_IOC_MAGIC, 3, struct ltt_buffer_config)
#define LTT_IOC_SET_EVENT_MASK	_IOW(LTT_IOC_MAGIC, 4, struct ltt_event_mask)
#define LTT_IOC_GET_EVENT_MASK	_IOR(LTT_IOC_MAGIC, 5, struct ltt_event_mask)
#define LTT_IOC_GET_LOST	_IOWR(LTT_IOC_MAGIC, 6, struct ltt_lost_info)
#define LTT_IOC_GET_INFO	_IOR(LTT_IOC_MAGIC, 7, struct ltt_info)

#endif /* _UAPI_LINUX_LTT_ABI_H */
