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
 *           and (format 1.4) per TCP or UDP socket open at START, with a
 *           process that holds it, its local and peer address ("-": none):
 *             SOCKET: 8812; TGID: 63; TYPE: 1; LOCAL: 127.0.0.2:7000; PEER: -
 *           and (format 1.6) per file descriptor open at START, with its
 *           process, whether it is closed on exec (O_CLOEXEC: 1) and the
 *           file it names as /proc/PID/fd/FD does, the rest of the line
 *           ("pipe:[1234]", "socket:[5678]"; a name holding a newline is
 *           left out):
 *             FD: 1; TGID: 63; CLOEXEC: 0; PATH: /dev/console
 *
 * A record is a struct ltt_record_header followed by the payload of its
 * event id (the ltt_ev_* structs below) and, for events that carry one, a
 * variable-length part (e.g. a NUL-terminated file name).  Records are
 * padded so that each starts on a 4-byte boundary: size is the padded
 * size, so the next record is at (record + size).
 *
 * A record's time is its time base + record->delta.  The time base is the
 * buffer's start_ns, and from format 1.5 on the base_ns of the last
 * LTT_EV_TIME_EXT record before it in the buffer: when the next delta
 * would not fit in 32 bits, the writer puts a time-extension record
 * carrying the full time first, so deltas never wrap and a quiet CPU
 * keeps filling the same buffer (formats 1.0 to 1.4 closed the buffer
 * early instead, LTT_BUF_TIME_SPLIT).
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
#define LTT_FORMAT_MINOR	18	/* 1.18: a task renamed other than by exec */

#define LTT_ORDER_LITTLE	1
#define LTT_ORDER_BIG		2

#define LTT_MAX_CPUS		64	/* CPUs a trace header can describe */

/*
 * Event ids.  Grouped by LTT class; an id is never reused for another
 * meaning.  Ids below LTT_EV_MAX can be masked individually.  A new id
 * goes right before LTT_EV_IDS, which is one more than the highest (the
 * kernel's per-event static keys and the module's lost-by-type counters
 * are sized by it), and gets its line in the user-space tools' list of
 * the events, include/ltt/ltt-events.h, which tells the rest about it.
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
	LTT_EV_TASKLET_ENTRY	= 18,	/* a tasklet (or hi-tasklet) runs */
	LTT_EV_TASKLET_EXIT	= 19,
	LTT_EV_TIMER_EXPIRE_ENTRY = 20,	/* a timer_list / hrtimer fires */
	LTT_EV_TIMER_EXPIRE_EXIT = 21,
	LTT_EV_KTHREAD_CREATE	= 22,	/* a new kernel thread starts */
	LTT_EV_PROCESS_WAIT	= 23,	/* wait4/waitid: who waits for whom */
	LTT_EV_FS_OPEN		= 24,	/* file name and resulting fd */
	LTT_EV_FS_CLOSE		= 25,
	LTT_EV_FS_READ		= 26,
	LTT_EV_FS_WRITE		= 27,
	LTT_EV_FS_LSEEK		= 28,
	LTT_EV_FS_IOCTL		= 29,
	LTT_EV_FS_SELECT	= 30,
	LTT_EV_FS_POLL		= 31,
	LTT_EV_FS_BUF_WAIT_START = 32,	/* the task blocks on I/O */
	LTT_EV_FS_BUF_WAIT_END	= 33,
	LTT_EV_TIMER_SET_ITIMER	= 34,
	LTT_EV_TIMER_SET_TIMEOUT = 35,	/* schedule_timeout / nanosleep */
	LTT_EV_MEM_PAGE_ALLOC	= 36,
	LTT_EV_MEM_PAGE_FREE	= 37,
	LTT_EV_MEM_SWAP_IN	= 38,
	LTT_EV_MEM_SWAP_OUT	= 39,
	LTT_EV_MEM_PAGE_WAIT_START = 40,	/* waiting on a page (lock, I/O) */
	LTT_EV_MEM_PAGE_WAIT_END = 41,
	LTT_EV_SOCKET_CALL	= 42,	/* which socket call (SYS_* number) */
	LTT_EV_SOCKET_CREATE	= 43,
	LTT_EV_SOCKET_SEND	= 44,
	LTT_EV_SOCKET_RECV	= 45,
	LTT_EV_IPC_CALL		= 46,	/* which SysV IPC call */
	LTT_EV_IPC_MSG_CREATE	= 47,
	LTT_EV_IPC_SEM_CREATE	= 48,
	LTT_EV_IPC_SHM_CREATE	= 49,
	LTT_EV_NET_PACKET_IN	= 50,	/* a device hands a packet to the stack */
	LTT_EV_NET_PACKET_OUT	= 51,	/* the stack queues a packet on a device */
	LTT_EV_CHANGE_MASK	= 52,	/* the event mask changed while tracing */
	LTT_EV_CUSTOM_CREATE	= 53,	/* a custom event type is declared */
	LTT_EV_CUSTOM_DESTROY	= 54,
	LTT_EV_CUSTOM		= 55,	/* an instance of a custom event */
	LTT_EV_PROCESS_REAP	= 56,	/* a dead task is released (reaped) */
	LTT_EV_SOFTIRQ_RAISE	= 57,	/* a softirq is marked pending (1.4) */
	LTT_EV_SOCKET_ENDPOINT	= 58,	/* a socket's addresses: bind, connect */
	LTT_EV_SOCKET_ACCEPT	= 59,	/* a connection accepted: a new socket */
	LTT_EV_TRACE_START	= 60,	/* written on every CPU at start */
	LTT_EV_TIMERFD_SET	= 61,	/* timerfd_settime() (1.5) */
	LTT_EV_TIMERFD_EXPIRE	= 62,	/* a timerfd's read() counts expiries */
	LTT_EV_TIME_EXT		= 63,	/* new time base of the next records (1.5) */
	LTT_EV_FS_DUP		= 64,	/* dup, dup2, dup3, F_DUPFD (1.7) */
	LTT_EV_FS_PIPE		= 65,	/* pipe, pipe2 (1.7) */
	LTT_EV_STACK		= 66,	/* the stacks of the record before (1.8) */
	LTT_EV_SAMPLE		= 67,	/* a CPU's sampling timer fired (1.10) */
	LTT_EV_MMAP		= 68,	/* an executable mapping made or gone (1.14) */
	LTT_EV_MARKER		= 69,	/* an application marker (1.11) */
	LTT_EV_BLOCK_RQ_ISSUE	= 70,	/* a block request goes to its driver (1.16) */
	LTT_EV_BLOCK_RQ_COMPLETE = 71,	/* and ends, in whole or in part */
	LTT_EV_LOCK_CONTEND	= 72,	/* a task queues on a held kernel lock (1.17) */
	LTT_EV_TASK_RENAME	= 73,	/* a task names itself or another (1.18) */
	LTT_EV_IDS,			/* one more than the highest id */
	LTT_EV_MAX		= 256
};

/* record header: 8 bytes */
struct ltt_record_header {
	__u32 delta;		/* ns since the time base (start_ns) */
	__u8  id;		/* enum ltt_event_id */
	__u8  flags;		/* LTT_REC_* */
	__u16 size;		/* whole record, header included, padded to 4 */
};

#define LTT_REC_ALIGN		4
#define LTT_REC_NO_DETAILS	0x01	/* payload omitted (details mask) */
#define LTT_REC_COMPACT		0x02	/* payload in compact form (1.2) */

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

/*
 * Scheduling priorities and policies (format 1.3; a 1.2 trace's
 * schedchange and wakeup payloads end before them, see
 * LTT_EV_SCHEDCHANGE_SIZE_1_2): a priority is the task's effective
 * priority as the scheduler uses it (task->prio, as ftrace's prio=):
 * 0-99 real-time (99 - rt_priority), 100-139 normal (120 + nice), -1
 * deadline, and a task boosted by priority inheritance has the boosted
 * value under its own policy.  A policy is the task's SCHED_* number
 * (0 SCHED_NORMAL, 1 SCHED_FIFO, 2 SCHED_RR, 3 SCHED_BATCH, 5 SCHED_IDLE,
 * 6 SCHED_DEADLINE).
 */
struct ltt_ev_schedchange {
	__u32 prev_pid;		/* task switched out */
	__u32 next_pid;		/* task switched in */
	__s32 prev_state;	/* prev's state (0 = runnable: preempted) */
	__s16 prev_prio;	/* 1.3: prev's priority */
	__s16 next_prio;	/* 1.3: next's priority */
	__u8 prev_policy;	/* 1.3: prev's policy */
	__u8 next_policy;	/* 1.3: next's policy */
} __attribute__((packed));

/* the payload of a format 1.2 schedchange: up to prev_state */
#define LTT_EV_SCHEDCHANGE_SIZE_1_2	12

#define LTT_FORK_THREAD		0x01	/* CLONE_THREAD: same process */
#define LTT_FORK_KTHREAD	0x02	/* the child is a kernel thread */

struct ltt_ev_process_fork {
	__u32 parent_pid;	/* the task that called fork/clone */
	__u32 child_pid;
	__u32 child_tgid;
	__u32 flags;		/* LTT_FORK_* */
	__u64 clone_flags;	/* the raw CLONE_* flags */
} __attribute__((packed));

/*
 * Followed by the NUL-terminated file name given to exec; from format
 * 1.12 the name's NUL may be followed by the new process's arguments: a
 * struct ltt_exec_argv (unaligned), then its @len bytes, the argument
 * strings each with its NUL (argv[0] first), as the process's memory held
 * them when exec loaded it (mm->arg_start..arg_end).  Without them (an
 * older trace, no memory to read, a fault) the name is followed by the
 * record's zero padding: a reader tells the two apart by @magic.
 */
struct ltt_ev_process_exec {
	__u32 pid;
} __attribute__((packed));

/*
 * The arguments of an exec record (format 1.12).  At most
 * LTT_EXEC_ARGV_MAX bytes of strings are kept, cut after the last whole
 * string that fits; LTT_EXEC_ARGV_CUT then says arguments were left out
 * (a single first string longer than the bound is cut inside and given
 * its NUL).
 */
struct ltt_exec_argv {
	__u8 magic;		/* LTT_EXEC_ARGV_MAGIC */
	__u8 flags;		/* LTT_EXEC_ARGV_* */
	__u16 len;		/* bytes of strings that follow, NULs included */
} __attribute__((packed));

#define LTT_EXEC_ARGV_MAGIC	0xa5
#define LTT_EXEC_ARGV_CUT	0x01	/* arguments after these left out */
#define LTT_EXEC_ARGV_MAX	256

struct ltt_ev_process_exit {
	__u32 pid;
	__s32 code;		/* exit code as given to do_exit() */
} __attribute__((packed));

#define LTT_WAKEUP_NEW		0x01	/* first wakeup of a new task */

struct ltt_ev_process_wakeup {
	__u32 pid;		/* task woken; the waker is the current task */
	__u16 cpu;		/* CPU it was queued on */
	__u16 flags;		/* LTT_WAKEUP_* */
	__s16 prio;		/* 1.3: the woken task's priority */
	__s16 waker_prio;	/* 1.3: the current task's priority */
	__u8 policy;		/* 1.3: the woken task's policy */
	__u8 waker_policy;	/* 1.3: the current task's policy */
} __attribute__((packed));

/* the payload of a format 1.2 wakeup: up to flags */
#define LTT_EV_PROCESS_WAKEUP_SIZE_1_2	8

/*
 * Softirq vectors are the kernel's own: 0 HI, 1 TIMER, 2 NET_TX, 3 NET_RX,
 * 4 BLOCK, 5 IRQ_POLL, 6 TASKLET, 7 SCHED, 8 HRTIMER, 9 RCU.  A softirq
 * runs on the way out of an interrupt, when bottom halves are re-enabled
 * (in a syscall or a kernel thread), or in ksoftirqd.  LTT_EV_SOFTIRQ_RAISE
 * (format 1.4): the vector is marked pending on the current CPU
 * (__raise_softirq_irqoff()); its handler runs there next.
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

/*
 * LTT_EV_TASKLET_ENTRY / _EXIT: func is the tasklet's function (its
 * callback, or func for old-style tasklets); symbolise it with
 * /proc/kallsyms.
 */
#define LTT_TASKLET_HI		0x01	/* run from HI_SOFTIRQ */

struct ltt_ev_tasklet {
	__u64 func;
	__u32 flags;		/* LTT_TASKLET_* */
} __attribute__((packed));

/* LTT_EV_TIMER_EXPIRE_ENTRY / _EXIT: a kernel timer's callback runs */
#define LTT_TIMER_LIST		0	/* struct timer_list (timer wheel) */
#define LTT_TIMER_HRTIMER	1	/* struct hrtimer */

struct ltt_ev_timer_expire {
	__u64 func;		/* the timer's callback */
	__u32 kind;		/* LTT_TIMER_LIST or LTT_TIMER_HRTIMER */
} __attribute__((packed));

/*
 * LTT_EV_PROCESS_REAP: release_task(): the dead task @pid (of process
 * @tgid) is released and its pid freed, either by its parent's wait (the
 * current task is the parent) or at once when nobody is to wait for it (a
 * thread, a child whose parent ignores SIGCHLD: the current task is then
 * the task itself, before its last switch out).  Between its last switch
 * out and this event the task was a zombie.
 */
struct ltt_ev_process_reap {
	__u32 pid;
	__u32 tgid;
} __attribute__((packed));

/*
 * LTT_EV_KTHREAD_CREATE: written by the new kernel thread itself just
 * before it calls threadfn; followed by its NUL-terminated name (comm).
 */
struct ltt_ev_kthread_create {
	__u64 threadfn;
	__u32 pid;
} __attribute__((packed));

/*
 * LTT_EV_PROCESS_WAIT: the current task waits for children: pid is as
 * given to wait4 (> 0 that child, -1 any child, 0 its process group,
 * < -1 process group -pid); for waitid it is the P_PID id or -1.
 */
struct ltt_ev_process_wait {
	__s32 pid;
	__u32 options;		/* WNOHANG, WUNTRACED, __WALL, ... */
} __attribute__((packed));

/* LTT_EV_FS_OPEN: followed by the NUL-terminated file name as given */
struct ltt_ev_fs_open {
	__s32 fd;		/* resulting fd, or -errno */
	__u32 flags;		/* O_* */
	__u32 mode;
} __attribute__((packed));

struct ltt_ev_fs_close {
	__u32 fd;
} __attribute__((packed));

/*
 * LTT_EV_FS_DUP (format 1.7): dup(), dup2(), dup3() or fcntl(F_DUPFD,
 * F_DUPFD_CLOEXEC) returned, written when the call returns: @newfd names
 * what @oldfd named (a descriptor @newfd named before dup2/dup3 was
 * closed by it), or is -errno.  A close of @newfd by another thread
 * racing the call may come before it in the trace.
 */
#define LTT_DUP_DUP		0	/* dup() */
#define LTT_DUP_DUP2		1	/* dup2() or dup3() */
#define LTT_DUP_FCNTL		2	/* fcntl(F_DUPFD[_CLOEXEC]) */

struct ltt_ev_fs_dup {
	__s32 oldfd;
	__s32 newfd;		/* the new descriptor, or -errno */
	__u32 flags;		/* O_CLOEXEC when the new one has it */
	__u32 call;		/* LTT_DUP_* */
} __attribute__((packed));

/*
 * LTT_EV_FS_PIPE (format 1.7): pipe() or pipe2() made a pipe, written
 * before its two descriptors are installed (so that no use or close of
 * them comes first): @rfd its read end, @wfd its write end, @ino the
 * pipe's inode (as "pipe:[ino]" names it in /proc/PID/fd); on failure
 * @rfd is -errno, @wfd -1 and @ino 0.
 */
struct ltt_ev_fs_pipe {
	__u64 ino;
	__s32 rfd;		/* read end, or -errno */
	__s32 wfd;		/* write end */
	__u32 flags;		/* pipe2()'s O_CLOEXEC, O_NONBLOCK, O_DIRECT */
} __attribute__((packed));

/* LTT_EV_FS_READ and LTT_EV_FS_WRITE, written when the call returns */
struct ltt_ev_fs_rw {
	__u64 count;		/* bytes requested */
	__s64 ret;		/* bytes done, or -errno */
	__u32 fd;
} __attribute__((packed));

struct ltt_ev_fs_lseek {
	__s64 offset;
	__s64 ret;		/* resulting offset, or -errno */
	__u32 fd;
	__u32 whence;
} __attribute__((packed));

struct ltt_ev_fs_ioctl {
	__u64 arg;
	__u32 fd;
	__u32 cmd;
} __attribute__((packed));

/*
 * LTT_EV_FS_SELECT and LTT_EV_FS_POLL, written when the call starts to
 * wait: timeout_ns is what is left of the caller's timeout at that
 * moment, so the deadline is the record's time + timeout_ns (the
 * timeout given, less the microseconds spent since the call entered the
 * kernel).
 */
struct ltt_ev_fs_select {
	__s64 timeout_ns;	/* -1: no timeout (wait forever) */
	__u32 nfds;
} __attribute__((packed));

/*
 * LTT_EV_FS_BUF_WAIT_START / _END: the current task blocks in
 * io_schedule() (buffer, page or block I/O); START is written before it
 * sleeps, END when it runs again.
 */
struct ltt_ev_io_wait {
	__s64 timeout_ns;	/* -1: no timeout */
} __attribute__((packed));

#define LTT_ITIMER_REAL		0
#define LTT_ITIMER_VIRTUAL	1
#define LTT_ITIMER_PROF		2

struct ltt_ev_itimer {
	__u64 interval_ns;
	__u64 value_ns;		/* 0 disarms the timer */
	__u32 which;		/* LTT_ITIMER_* */
} __attribute__((packed));

/*
 * LTT_EV_TIMERFD_SET (format 1.5): the current task set a timerfd with
 * timerfd_settime(): @value_ns and @interval_ns are its it_value and
 * it_interval as given (it_value absolute in the timer's clock with
 * LTT_TFD_ABSTIME, else relative; 0 disarms), @expires_ns the first expiry
 * the kernel armed, in CLOCK_MONOTONIC (the trace's clock) whatever the
 * timer's clock (0: disarmed).  @timer identifies the timer (the kernel's
 * address of its context) in its settings and expirations; @fd is the
 * setter's file descriptor, @clockid the timer's clock (CLOCK_*).
 */
#define LTT_TFD_ABSTIME		0x01	/* TFD_TIMER_ABSTIME */
#define LTT_TFD_CANCEL_ON_SET	0x02	/* TFD_TIMER_CANCEL_ON_SET */

struct ltt_ev_timerfd_set {
	__u64 timer;
	__s64 value_ns;
	__s64 interval_ns;
	__u64 expires_ns;
	__u32 fd;
	__s32 clockid;
	__u32 flags;		/* LTT_TFD_* */
} __attribute__((packed));

/*
 * LTT_EV_TIMERFD_EXPIRE (format 1.5): a read() of timerfd @timer by the
 * current task returns @ticks, the expiries since the last read (more
 * than 1: the reader missed ticks - 1 of them).  @expires_ns is the first
 * of them, in CLOCK_MONOTONIC; the others followed it every @interval_ns.
 * @expires_ns is 0 when the count was not made by the timer (the
 * TFD_IOC_SET_TICKS ioctl).
 */
struct ltt_ev_timerfd_expire {
	__u64 timer;
	__u64 expires_ns;
	__s64 interval_ns;
	__u64 ticks;
} __attribute__((packed));

#define LTT_TIMEOUT_SCHEDULE	0	/* schedule_timeout() */
#define LTT_TIMEOUT_NANOSLEEP	1	/* nanosleep / clock_nanosleep */

struct ltt_ev_timeout {
	__s64 timeout_ns;	/* relative duration; -1: none */
	__u32 kind;		/* LTT_TIMEOUT_* */
} __attribute__((packed));

/* LTT_EV_MEM_PAGE_ALLOC: a successful allocation of 2^order pages */
struct ltt_ev_page_alloc {
	__u64 pfn;		/* first page frame number */
	__u32 order;
	__u32 gfp;		/* GFP flags (the kernel's own bits) */
} __attribute__((packed));

struct ltt_ev_page_free {
	__u64 pfn;
	__u32 order;
} __attribute__((packed));

/* LTT_EV_MEM_SWAP_IN and LTT_EV_MEM_SWAP_OUT */
struct ltt_ev_swap {
	__u64 pfn;		/* page read into / written from */
	__u64 entry;		/* swap entry value */
} __attribute__((packed));

/* LTT_EV_MEM_PAGE_WAIT_START / _END: folio_wait_bit() sleeps */
struct ltt_ev_page_wait {
	__u64 pfn;
	__u32 bit;		/* PG_locked, PG_writeback, ... */
} __attribute__((packed));

/*
 * LTT_EV_SOCKET_CALL: call is the SYS_* number of <linux/net.h>
 * (1 SOCKET, 2 BIND, 3 CONNECT, 4 LISTEN, 5 ACCEPT, 6 GETSOCKNAME,
 * 7 GETPEERNAME, 8 SOCKETPAIR, 9 SEND, 10 RECV, 11 SENDTO, 12 RECVFROM,
 * 13 SHUTDOWN, 14 SETSOCKOPT, 15 GETSOCKOPT, 16 SENDMSG, 17 RECVMSG,
 * 18 ACCEPT4, 19 RECVMMSG, 20 SENDMMSG), whatever the entry point.
 */
struct ltt_ev_socket_call {
	__u32 call;
	__s32 fd;		/* socket fd, -1 for SOCKET / SOCKETPAIR */
} __attribute__((packed));

/*
 * Sockets are named by their inode number, as /proc/PID/fd shows them
 * ("socket:[ino]").
 */
struct ltt_ev_socket_create {
	__u64 ino;
	__s32 fd;		/* resulting fd, or -errno */
	__u32 family;		/* AF_* */
	__u32 type;		/* SOCK_* */
	__u32 protocol;
} __attribute__((packed));

/*
 * LTT_EV_SOCKET_SEND / _RECV, written when the transfer returns; followed
 * by peer_len bytes of the peer's struct sockaddr when it is known (the
 * address given to sendto/sendmsg, the source filled in by recvfrom).
 */
#define LTT_MAX_SOCKADDR	128

struct ltt_ev_socket_io {
	__u64 ino;
	__u64 size;		/* bytes asked for */
	__s64 ret;		/* bytes done, or -errno */
	__u16 family;
	__u16 type;
	__u16 peer_len;		/* <= LTT_MAX_SOCKADDR */
} __attribute__((packed));

/*
 * LTT_EV_SOCKET_ENDPOINT, after bind() and connect() (failed or in
 * progress too: result says), and LTT_EV_SOCKET_ACCEPT, when accept() or
 * accept4() has a new socket, before its fd is installed (format 1.4):
 * followed by local_len bytes of the socket's local struct sockaddr (as
 * getsockname() gives it), then peer_len bytes of its peer's (as
 * getpeername() gives it; 0 when it has none).  With the sockets the
 * /proc snapshot lists (SOCKET lines), they tie every send and receive
 * of a connected socket to a pair of endpoints.
 */
struct ltt_ev_socket_endpoint {
	__u64 ino;		/* the socket (ACCEPT: the new one) */
	__u64 listen_ino;	/* ACCEPT: the listening socket, else 0 */
	__s32 fd;		/* its fd (ACCEPT: the new one's) */
	__s16 result;		/* 0, or -errno of bind/connect */
	__u16 family;		/* AF_* */
	__u16 type;		/* SOCK_* */
	__u16 protocol;
	__u8 call;		/* SYS_BIND, SYS_CONNECT or SYS_ACCEPT */
	__u8 local_len;		/* <= LTT_MAX_SOCKADDR */
	__u8 peer_len;		/* <= LTT_MAX_SOCKADDR */
} __attribute__((packed));	/* 31 bytes: no larger than the largest payload */

/*
 * LTT_EV_IPC_CALL: call is the number of the ipc() multiplexer
 * (<linux/ipc.h>: 1 SEMOP, 2 SEMGET, 3 SEMCTL, 4 SEMTIMEDOP, 11 MSGSND,
 * 12 MSGRCV, 13 MSGGET, 14 MSGCTL, 21 SHMAT, 22 SHMDT, 23 SHMGET,
 * 24 SHMCTL), whatever the entry point.
 */
struct ltt_ev_ipc_call {
	__u32 call;
	__s32 id;		/* the IPC id operated on, or key for *GET */
} __attribute__((packed));

/* LTT_EV_IPC_MSG_CREATE, _SEM_CREATE, _SHM_CREATE: a *get() succeeded */
struct ltt_ev_ipc_create {
	__u64 size;		/* shm: bytes; sem: nsems; msg: 0 */
	__s32 key;
	__s32 id;		/* resulting id */
	__u32 flags;		/* IPC_CREAT, IPC_EXCL and mode bits */
} __attribute__((packed));

/*
 * LTT_EV_NET_PACKET_IN / _OUT: followed by caplen bytes of the packet,
 * from its link-layer header on (an Ethernet header on lo and Ethernet
 * devices), as many as the capture length set with LTT_IOC_SET_OPTIONS
 * allows, the packet holds (its paged data included, format 1.15) and
 * one buffer can hold.  LTT_MAX_CAPTURE: the largest caplen a record
 * can carry (a record is at most 65532 bytes: its u16 size, padded to
 * 4, less the record header and this struct); a whole Ethernet frame
 * (1514 bytes) and any frame of a device whose MTU is below 65496 fit.
 * Formats 1.1 to 1.14 kept at most LTT_MAX_CAPTURE_1_14 bytes, of the
 * packet's linear part only.
 */
#define LTT_MAX_CAPTURE		65510
#define LTT_MAX_CAPTURE_1_14	256

struct ltt_ev_net_packet {
	__u32 ifindex;
	__u32 len;		/* whole packet, link-layer header included */
	__u16 protocol;		/* ETH_P_* (host order) */
	__u16 link_type;	/* the device's ARPHRD_* */
	__u16 caplen;		/* bytes that follow */
} __attribute__((packed));

/*
 * LTT_EV_CHANGE_MASK: written on the CPU that changed the mask, with the
 * new mask; events of ids cleared in it are not recorded after it.
 */
struct ltt_ev_change_mask {
	__u64 bits[LTT_EV_MAX / 64];	/* as struct ltt_event_mask */
} __attribute__((packed));

/*
 * Custom events (the LTT paper's dynamic event ids).  A type is created
 * with LTT_IOC_CUSTOM_CREATE (or ltt_custom_create() in the kernel) and
 * gets an id; LTT_EV_CUSTOM_CREATE records its name and format, and is
 * written again for every live type when tracing starts, so a trace
 * always describes the custom events it holds.
 *
 * Format kinds:
 *   LTT_CUSTOM_RAW     opaque bytes (shown in hex)
 *   LTT_CUSTOM_STRING  the payload is text
 *   LTT_CUSTOM_FIELDS  format lists the payload's fields, packed in order:
 *                      "name:type,name:type", type one of u8 u16 u32 u64
 *                      s8 s16 s32 s64 x32 x64 (hex) str (NUL-terminated)
 */
#define LTT_CUSTOM_RAW		0
#define LTT_CUSTOM_STRING	1
#define LTT_CUSTOM_FIELDS	2

#define LTT_CUSTOM_NAME_LEN	64	/* with its NUL */
#define LTT_CUSTOM_FORMAT_LEN	256	/* with its NUL */
#define LTT_CUSTOM_MAX_SIZE	1024	/* payload bytes of one instance */
#define LTT_CUSTOM_MAX_TYPES	256	/* live types at one time */

/* followed by the NUL-terminated name, then the NUL-terminated format */
struct ltt_ev_custom_create {
	__u32 type_id;
	__u32 kind;		/* LTT_CUSTOM_* */
} __attribute__((packed));

struct ltt_ev_custom_destroy {
	__u32 type_id;
} __attribute__((packed));

/* LTT_EV_CUSTOM: followed by size bytes of payload */
struct ltt_ev_custom {
	__u32 type_id;
	__u32 size;
} __attribute__((packed));

struct ltt_ev_trace_start {
	__u32 pid;		/* task current on this CPU at start */
	__u32 cpu;
} __attribute__((packed));

/*
 * LTT_EV_TIME_EXT (format 1.5): written by the module, whatever the event
 * mask, before a record whose delta from the buffer's current time base
 * would not fit in 32 bits (the CPU was quiet for more than 4.29 s).
 * base_ns is the record's own time and the new time base: the deltas of
 * the records after it in the same buffer count from base_ns, until the
 * next LTT_EV_TIME_EXT.  The record's own delta field is 0 and means
 * nothing.  Always written with its payload, never compact.
 */
struct ltt_ev_time_ext {
	__u64 base_ns;		/* CLOCK_MONOTONIC ns */
} __attribute__((packed));

/*
 * LTT_EV_STACK (format 1.8): the kernel and user call stacks of the task
 * an event belongs to, written by the module (never by the kernel) for
 * the events the session asked stacks of (struct ltt_stack_config):
 *   LTT_EV_SCHEDCHANGE      only a switch-out of a task that is not
 *                           runnable (prev_state != 0: it blocks): the
 *                           stacks of prev, which is still current in
 *                           __schedule() (off-CPU: where it waits);
 *   LTT_EV_PROCESS_WAKEUP   the waker's (the current task's) stacks.
 *
 * Layout: a companion record, not the event's own variable part.  The
 * event's record is unchanged (a reader that ignores stacks skips them by
 * their size, the compact forms still apply, the variable part of an
 * event stays bounded by LTT_MAX_VAR_LEN), and 2 x 32 frames of 8 bytes
 * do not fit in LTT_MAX_VAR_LEN anyway.  The module writes the event and
 * its stack record in one go, interrupts off, on the same CPU and with
 * the same time, so the stack record comes right after its event in that
 * CPU's stream (a time-extension record or a new buffer may come
 * between, nothing else; a stack record that does not fit is lost and
 * counted as lost LTT_EV_STACK, its event kept).  A reader ties it to the
 * record before it on the CPU, which must have id @of_id and the same
 * time: anything else is an anomaly.
 *
 * The payload is followed by @kernel_nr then @user_nr 64-bit addresses
 * (in the traced machine's byte order), each stack innermost frame
 * first:
 *   kernel  return addresses as stack_trace_save() gives them, from the
 *           tracer's call site in the kernel (the event point's own
 *           frames, e.g. __ltt_trace_schedchange, come first) up;
 *   user    the user instruction pointer where the task entered the
 *           kernel (task_pt_regs()), then the return address of each
 *           frame of the frame-pointer chain ([saved fp, return address]
 *           pairs, read with copy_from_user_nofault(): never faults,
 *           never sleeps), up to a frame pointer of 0 (the outermost
 *           frame) or the depth.  Code built without frame pointers
 *           hides its caller (docs/stacks.md).
 */
#define LTT_STACK_DEPTH_MAX	64	/* frames of one stack */
#define LTT_STACK_KERNEL_DEPTH	32	/* default depths */
#define LTT_STACK_USER_DEPTH	32

#define LTT_STACK_KERNEL_CUT	0x01	/* the kernel stack went deeper */
#define LTT_STACK_USER_CUT	0x02	/* the user stack went deeper */
#define LTT_STACK_USER_BROKEN	0x04	/* the user walk stopped on a frame it
					 * could not read or that did not go
					 * up the stack (no frame pointer) */
#define LTT_STACK_NO_USER	0x08	/* no user stack: a kernel thread, or
					 * the event ran in an interrupt (the
					 * current task's user state is not
					 * the one acting) */

struct ltt_ev_stack {
	__u32 pid;		/* the task whose stacks these are */
	__u8 of_id;		/* the event they belong to (enum ltt_event_id) */
	__u8 flags;		/* LTT_STACK_* */
	__u8 kernel_nr;		/* kernel addresses that follow */
	__u8 user_nr;		/* then user addresses */
} __attribute__((packed));

/*
 * LTT_EV_SAMPLE (format 1.10): the sampling profiler's per-CPU timer
 * (LTT_IOC_SET_SAMPLE, a high-resolution timer at sample_hz on every
 * online CPU while tracing; not a PMU counter, which QEMU's TCG does not
 * emulate) interrupted the CPU at @ip, in user mode (LTT_SAMPLE_USER) or
 * in the kernel, with task @pid current (0: the idle task).  Written by
 * the module, with the event mask and the filter as any event; when the
 * session asked stacks of LTT_EV_SAMPLE, its LTT_EV_STACK record follows:
 * the interrupted task's user stack (from the registers it entered the
 * kernel with: in user mode the interrupted ones) and, when the CPU was
 * in the kernel, the kernel stack from the timer's interrupt up (in user
 * mode none: kernel_nr is 0).  Each sample stands for 1 / sample_hz s
 * of the CPU's time.
 */
#define LTT_SAMPLE_HZ_MAX	10000	/* samples per second and CPU */
#define LTT_SAMPLE_USER		0x01	/* @ip is a user address */

struct ltt_ev_sample {
	__u64 ip;		/* the interrupted instruction pointer */
	__u32 pid;		/* the current task */
	__u8 flags;		/* LTT_SAMPLE_* */
	__u8 reserved[3];	/* zero */
} __attribute__((packed));

/*
 * LTT_EV_MMAP (format 1.14): the executable mappings of a process while
 * tracing, so that a reader names the user addresses of a process that
 * exec'd, dlopen()ed or unmapped code during the trace from the trace
 * itself (the maps file's START and STOP snapshots cannot tell when a
 * mapping came or went).  Written by the kernel, in the process's own
 * context, mmap_lock held:
 *   LTT_MMAP_MAP    a mapping with PROT_EXEC was made (mmap(), the ELF
 *                   loader's and ld.so's mappings of an executable or a
 *                   library, or an mprotect() that added PROT_EXEC): the
 *                   whole VMA it ended up in (a mapping merged with its
 *                   neighbour of the same file gives the merged range);
 *   LTT_MMAP_UNMAP  an executable VMA, or the part of one in the range,
 *                   was unmapped (munmap(), mmap(MAP_FIXED) over it,
 *                   mremap()) or lost PROT_EXEC (mprotect());
 *   LTT_MMAP_EXEC   exec() replaced the process's address space: every
 *                   mapping before it is gone (start and len are 0).
 *                   Written before the new image's LTT_MMAP_MAP records
 *                   and before its LTT_EV_PROCESS_EXEC record.
 * A mapping holds from its LTT_MMAP_MAP record until an LTT_MMAP_UNMAP
 * covering it, the process's LTT_MMAP_EXEC or its exit; a child process
 * (fork without CLONE_VM) starts with its parent's mappings.  The end of
 * a process's address space (exit_mmap()) writes nothing.
 *
 * A file mapping's LTT_MMAP_MAP record is followed by the file's path as
 * d_path() gives it (" (deleted)" appended for a file removed since),
 * NUL-terminated; a path longer than LTT_MAX_VAR_LEN - 1 bytes is left
 * out and LTT_MMAP_NO_PATH set.  Anonymous mappings (JIT code) carry no
 * path and name nothing (docs/stacks.md).
 */
#define LTT_MMAP_MAP		1
#define LTT_MMAP_UNMAP		2
#define LTT_MMAP_EXEC		3

#define LTT_MMAP_READ		0x01	/* @prot: PROT_READ */
#define LTT_MMAP_WRITE		0x02	/* PROT_WRITE */
#define LTT_MMAP_EXECUTE	0x04	/* PROT_EXEC */

#define LTT_MMAP_FILE		0x01	/* @flags: a file mapping */
#define LTT_MMAP_SHARED		0x02	/* MAP_SHARED */
#define LTT_MMAP_NO_PATH	0x04	/* a file mapping whose path is not
					 * in the record (too long) */

struct ltt_ev_mmap {
	__u64 start;		/* first address of the mapping */
	__u64 len;		/* its length in bytes */
	__u64 pgoff;		/* the file offset at @start, bytes */
	__u64 ino;		/* the file's inode number, 0: anonymous */
	__u32 dev;		/* its device, major << 20 | minor */
	__u32 pid;		/* the process (tgid) */
	__u8 kind;		/* LTT_MMAP_MAP, _UNMAP or _EXEC */
	__u8 prot;		/* LTT_MMAP_READ | _WRITE | _EXECUTE */
	__u16 flags;		/* LTT_MMAP_FILE, _SHARED, _NO_PATH */
} __attribute__((packed));

/*
 * LTT_EV_BLOCK_RQ_ISSUE (format 1.16): a block request is handed to its
 * driver (blk_mq_start_request(), where the kernel's block_rq_issue
 * tracepoint is).  The record's pid is the task that issues it: the one
 * that submitted the I/O when it dispatches its own requests, a kernel
 * worker (kblockd) when the dispatch was deferred.  @rq identifies the
 * request (its address) until it completes: LTT_EV_BLOCK_RQ_COMPLETE
 * records with the same @rq and @dev end it.  A request requeued by its
 * driver is issued again without a completion in between.
 * LTT_EV_BLOCK_RQ_COMPLETE: the block layer ends @bytes of a request
 * (blk_update_request(), or blk_complete_request() for the batched
 * completions of polled queues), from the context that completes it
 * (usually an interrupt).  A request completed in parts has one record
 * per part, @sector advancing; a flush has none of its own data (@bytes
 * 0).  @error: 0, or the errno the block status maps to (negative).
 */
#define LTT_BLOCK_OP_READ	0
#define LTT_BLOCK_OP_WRITE	1
#define LTT_BLOCK_OP_FLUSH	2
#define LTT_BLOCK_OP_DISCARD	3	/* discard, secure erase */
#define LTT_BLOCK_OP_OTHER	4	/* write zeroes, zone and driver ops */

#define LTT_BLOCK_SYNC		0x01	/* REQ_SYNC */
#define LTT_BLOCK_FUA		0x02	/* REQ_FUA: forced unit access */
#define LTT_BLOCK_PREFLUSH	0x04	/* REQ_PREFLUSH */
#define LTT_BLOCK_META		0x08	/* REQ_META: file system metadata */

struct ltt_ev_block_rq_issue {
	__u64 rq;		/* the request's identity */
	__u64 sector;		/* its first sector, in 512-byte units */
	__u32 dev;		/* the disk, major << 20 | minor */
	__u32 bytes;		/* its data bytes (0 for a flush) */
	__u16 op;		/* LTT_BLOCK_OP_* */
	__u16 flags;		/* LTT_BLOCK_* */
} __attribute__((packed));

struct ltt_ev_block_rq_complete {
	__u64 rq;		/* as its issue's */
	__u64 sector;		/* the first sector of the bytes ended */
	__u32 dev;
	__u32 bytes;		/* bytes ended by this record */
	__s32 error;		/* 0 or -errno */
	__u16 op;		/* LTT_BLOCK_OP_* */
	__u16 flags;		/* LTT_BLOCK_* */
} __attribute__((packed));

/*
 * LTT_EV_LOCK_CONTEND (format 1.17): the current task finds a sleeping
 * kernel lock held and queues on it (the slow paths of mutex_lock*() and
 * down_read*()/down_write*(), once per acquisition that queues: a task
 * that takes the lock by spinning or stealing it is not recorded, one
 * that queues is, even if it gets the lock before it sleeps).  @lock is
 * the lock's address; @site the first return address of the task's
 * kernel stack outside the locking and scheduling code: the call that
 * takes the lock (0 when the stack cannot be walked).  @owner: the
 * thread id of the task holding it when this one queued, 0 when unknown
 * (no owner recorded: the holder released it meanwhile; readers hold
 * it, LTT_LOCK_READERS, where the last reader that took it is a hint
 * only and not reported).  @waiters: the other tasks on its wait list
 * (a waiter just given the lock may still be on it), at most
 * LTT_LOCK_WAITERS_MAX.  The record's task
 * is the one that waits; its wait is the block that follows it in the
 * trace (schedchange, then the wakeup by the holder's release).
 */
#define LTT_LOCK_MUTEX		0	/* struct mutex */
#define LTT_LOCK_RWSEM_READ	1	/* struct rw_semaphore, to read */
#define LTT_LOCK_RWSEM_WRITE	2	/* struct rw_semaphore, to write */

#define LTT_LOCK_READERS	0x01	/* readers hold it: no owner */

#define LTT_LOCK_WAITERS_MAX	255	/* counted up to this */

struct ltt_ev_lock_contend {
	__u64 lock;		/* the lock's address */
	__u64 site;		/* the lock's caller, 0 unknown */
	__u32 owner;		/* the holder's thread id, 0 unknown */
	__u16 waiters;		/* the other tasks on its wait list */
	__u8 kind;		/* LTT_LOCK_MUTEX, _RWSEM_READ, _RWSEM_WRITE */
	__u8 flags;		/* LTT_LOCK_READERS */
} __attribute__((packed));

/*
 * LTT_EV_TASK_RENAME (format 1.18): a task's name (its comm) changed
 * other than by exec: prctl(PR_SET_NAME), a write to /proc/PID/comm or
 * /proc/PID/task/TID/comm (another thread of the writer's group), a
 * kernel thread named by its creator or by itself (set_task_comm()).
 * Written by the task that makes the change, right after it, with the
 * task's lock held; followed by the new name, NUL-terminated (at most
 * 16 bytes with its NUL, the kernel's TASK_COMM_LEN).  An exec's own
 * renaming is its LTT_EV_PROCESS_EXEC record's file name.  Busybox's
 * shell runs its applets as /proc/self/exe, whose exec names the task
 * "exe" until the applet names itself: this record says when.
 */
struct ltt_ev_task_rename {
	__u32 pid;		/* the task renamed (its thread id) */
} __attribute__((packed));

/* largest stack record: header, payload and two full stacks */
#define LTT_STACK_REC_MAX	(8 + sizeof(struct ltt_ev_stack) + \
				 2 * LTT_STACK_DEPTH_MAX * 8)

/*
 * LTT_EV_MARKER (format 1.11): an application marker, written by the
 * module (never by the kernel) for the task that wrote it to
 * /dev/ltt-marker (docs/ltt_tracer.4): the begin or end of a job, a
 * mark with a short text, or a counter's value.  The record's time is
 * the write's; pid, tid and uid are the writer's, filled in by the
 * module (a task cannot write another's markers).  The payload is
 * followed by name_len bytes of name then text_len bytes of text, with
 * no NUL.  A name is 1 to LTT_MARKER_NAME_MAX visible ASCII characters
 * (no blank); a text at most LTT_MARKER_TEXT_MAX printable ASCII
 * characters.  Markers a task writes beyond its rate are counted as lost
 * LTT_EV_MARKER on its CPU, never recorded in part.
 */
#define LTT_MARKER_BEGIN	1	/* a job of this name begins */
#define LTT_MARKER_END		2	/* and ends */
#define LTT_MARKER_MARK		3	/* a point, with a text */
#define LTT_MARKER_COUNTER	4	/* a counter takes @value */

#define LTT_MARKER_NAME_MAX	63	/* bytes of a name */
#define LTT_MARKER_TEXT_MAX	127	/* bytes of a text */

struct ltt_ev_marker {
	__u32 pid;		/* the writer's process (tgid) */
	__u32 tid;		/* and thread */
	__u32 uid;		/* its uid (initial user namespace) */
	__u8 kind;		/* LTT_MARKER_* */
	__u8 name_len;		/* 1..LTT_MARKER_NAME_MAX */
	__u16 text_len;		/* 0..LTT_MARKER_TEXT_MAX */
	__s64 value;		/* a counter's value, else 0 */
} __attribute__((packed));

/*
 * A write(2) to /dev/ltt-marker is one marker: this struct, then
 * name_len bytes of name, then text_len bytes of text; the write's
 * length must be exactly that (EINVAL otherwise, as for a bad kind,
 * name or text).  The write returns its length when the marker is
 * recorded or tracing is off, and EAGAIN when the task's rate was
 * exceeded (the marker is counted lost).  The device's first page,
 * mapped read-only (mmap, offset 0, PROT_READ, MAP_SHARED), holds
 * struct ltt_marker_page: a library tests @enabled before writing, one
 * load and a branch when tracing is off.
 */
struct ltt_marker_write {
	__u8 kind;		/* LTT_MARKER_* */
	__u8 name_len;
	__u16 text_len;
	__u32 reserved;		/* zero */
	__s64 value;
} __attribute__((packed));

struct ltt_marker_page {
	__u32 enabled;		/* non-zero while markers are recorded */
	__u32 abi_version;	/* LTT_ABI_VERSION */
};

/*
 * Longest variable part the kernel passes with an event (exec and open
 * file names are cut to it); custom events have their own bound,
 * LTT_CUSTOM_MAX_SIZE.
 */
#define LTT_MAX_VAR_LEN		256

/* ---- compact forms (format 1.2) ------------------------------------ */

/*
 * The most frequent events have a second, smaller payload layout that
 * the module writes, with LTT_REC_COMPACT in the record's flags, whenever
 * the event's values fit in it (and the session did not ask for
 * LTT_OPT_FULL_RECORDS).  A compact record carries exactly the same
 * information as the full one: a reader expands it back into the full
 * struct with the ltt_expand_*() function below and needs no other state.
 * When a value does not fit (a syscall returning an address, a 64-bit
 * x32 syscall number, an IP outside the canonical 48-bit range, ...) the
 * full layout is written instead, so both layouts of one event id appear
 * in the same trace.
 *
 *   event                 full bytes  compact bytes (header included)
 *   syscall_entry             20          16
 *   syscall_exit              20          12
 *   trap_entry                28          24
 *   irq_entry, irq_exit       16          12
 *   schedchange               28          20   (1.2: 20 and 16)
 *   wakeup                    24          16   (1.2: 16 and 12)
 *
 * Bit fields, least significant bit first (IPs are stored as their low
 * 48 bits and sign-extended from bit 47, the canonical x86-64 and arm64
 * 48-bit address form; signed fields are two's complement):
 *   syscall_entry  ip:48 nr:16
 *   syscall_exit   ret:22 (signed) nr:10
 *   trap_entry     ip:48 vector:8 flags:8, then the address in full
 *   irq_entry/exit irq:24 flags:8
 *   schedchange    prev_pid:22 next_pid:22 prev_state:20 (signed),
 *                  then (1.3) prev_prio+1:8 next_prio+1:8 prev_policy:3
 *                  next_policy:3 (10 bits left 0)
 *   wakeup         pid:22 cpu:8 flags:2, then (1.3) prio+1:8 policy:3
 *                  waker_prio+1:8 waker_policy:3 (10 bits left 0)
 * A pid fits in 22 bits on Linux (PID_MAX_LIMIT is 4194304); a priority
 * is stored plus one (-1..254 in 0..255).  A 1.2 compact schedchange or
 * wakeup is its first word alone (LTT_CEV_SCHEDCHANGE_SIZE_1_2,
 * LTT_CEV_WAKEUP_SIZE_1_2): a reader of both formats expands a 1.2
 * record from a copy padded with zeros and knows no priority.
 *
 * ltt_compact_*() fill the compact form and return 1 when the values
 * fit, else return 0 (write the full form); ltt_compact_event() and
 * ltt_expand_event() below do the same for any event id.
 */
struct ltt_cev_syscall_entry {
	__u64 ip_nr;
} __attribute__((packed));

struct ltt_cev_syscall_exit {
	__u32 ret_nr;
} __attribute__((packed));

struct ltt_cev_trap_entry {
	__u64 ip_vector_flags;
	__u64 address;
} __attribute__((packed));

struct ltt_cev_irq {
	__u32 irq_flags;
} __attribute__((packed));

struct ltt_cev_schedchange {
	__u64 prev_next_state;
	__u32 prio_policy;		/* 1.3 */
} __attribute__((packed));

struct ltt_cev_wakeup {
	__u32 pid_cpu_flags;
	__u32 prio_policy;		/* 1.3 */
} __attribute__((packed));

#define LTT_CEV_SCHEDCHANGE_SIZE_1_2	8
#define LTT_CEV_WAKEUP_SIZE_1_2		4

#define LTT_CEV_IP_MASK		((1ULL << 48) - 1)
#define LTT_CEV_PID_LIMIT	(1U << 22)

/* @v's low 48 bits, sign-extended from bit 47 */
static inline __u64 ltt_cev_ip(__u64 v)
{
	v &= LTT_CEV_IP_MASK;
	return (v & (1ULL << 47)) ? v | ~LTT_CEV_IP_MASK : v;
}

/* the low @bits bits of @v as a two's complement number */
static inline __s64 ltt_cev_signed(__u64 v, unsigned int bits)
{
	__u64 m = (1ULL << bits) - 1;

	v &= m;
	return (v & (1ULL << (bits - 1))) ? (__s64)(v | ~m) : (__s64)v;
}

static inline int ltt_cev_fits_signed(__s64 v, unsigned int bits)
{
	return v >= -(1LL << (bits - 1)) && v < (1LL << (bits - 1));
}

static inline int ltt_compact_syscall_entry(const struct ltt_ev_syscall_entry *e,
					    struct ltt_cev_syscall_entry *c)
{
	if (ltt_cev_ip(e->ip) != e->ip || e->nr > 0xffff)
		return 0;
	c->ip_nr = (e->ip & LTT_CEV_IP_MASK) | (__u64)e->nr << 48;
	return 1;
}

static inline void ltt_expand_syscall_entry(const struct ltt_cev_syscall_entry *c,
					    struct ltt_ev_syscall_entry *e)
{
	e->ip = ltt_cev_ip(c->ip_nr);
	e->nr = (__u32)(c->ip_nr >> 48);
}

static inline int ltt_compact_syscall_exit(const struct ltt_ev_syscall_exit *e,
					   struct ltt_cev_syscall_exit *c)
{
	if (!ltt_cev_fits_signed(e->ret, 22) || e->nr > 0x3ff)
		return 0;
	c->ret_nr = ((__u32)e->ret & 0x3fffff) | e->nr << 22;
	return 1;
}

static inline void ltt_expand_syscall_exit(const struct ltt_cev_syscall_exit *c,
					   struct ltt_ev_syscall_exit *e)
{
	e->ret = ltt_cev_signed(c->ret_nr, 22);
	e->nr = c->ret_nr >> 22;
}

static inline int ltt_compact_trap_entry(const struct ltt_ev_trap_entry *e,
					 struct ltt_cev_trap_entry *c)
{
	if (ltt_cev_ip(e->ip) != e->ip || e->vector > 0xff || e->flags > 0xff)
		return 0;
	c->ip_vector_flags = (e->ip & LTT_CEV_IP_MASK) |
			     (__u64)e->vector << 48 | (__u64)e->flags << 56;
	c->address = e->address;
	return 1;
}

static inline void ltt_expand_trap_entry(const struct ltt_cev_trap_entry *c,
					 struct ltt_ev_trap_entry *e)
{
	e->ip = ltt_cev_ip(c->ip_vector_flags);
	e->vector = (__u16)((c->ip_vector_flags >> 48) & 0xff);
	e->flags = (__u16)(c->ip_vector_flags >> 56);
	e->address = c->address;
}

/* irq_entry and irq_exit have the same layout, full and compact */
static inline int ltt_compact_irq(__u32 irq, __u16 flags, struct ltt_cev_irq *c)
{
	if (irq >= (1U << 24) || flags > 0xff)
		return 0;
	c->irq_flags = irq | (__u32)flags << 24;
	return 1;
}

static inline void ltt_expand_irq(const struct ltt_cev_irq *c, __u32 *irq,
				  __u16 *flags)
{
	*irq = c->irq_flags & 0xffffff;
	*flags = (__u16)(c->irq_flags >> 24);
}

/* a priority and a policy fit in 11 bits: prio + 1 in 8, policy in 3 */
static inline int ltt_cev_fits_prio(__s16 prio, __u8 policy)
{
	return prio >= -1 && prio <= 254 && policy <= 7;
}

static inline __u32 ltt_cev_prio(__s16 prio, __u8 policy)
{
	return (__u32)(prio + 1) | (__u32)policy << 8;
}

static inline __s16 ltt_cev_unprio(__u32 v)
{
	return (__s16)((__s32)(v & 0xff) - 1);
}

static inline __u8 ltt_cev_unpolicy(__u32 v)
{
	return (__u8)((v >> 8) & 7);
}

static inline int ltt_compact_schedchange(const struct ltt_ev_schedchange *e,
					  struct ltt_cev_schedchange *c)
{
	if (e->prev_pid >= LTT_CEV_PID_LIMIT ||
	    e->next_pid >= LTT_CEV_PID_LIMIT ||
	    !ltt_cev_fits_signed(e->prev_state, 20) ||
	    !ltt_cev_fits_prio(e->prev_prio, e->prev_policy) ||
	    !ltt_cev_fits_prio(e->next_prio, e->next_policy))
		return 0;
	c->prev_next_state = e->prev_pid | (__u64)e->next_pid << 22 |
			     ((__u64)(__u32)e->prev_state & 0xfffff) << 44;
	c->prio_policy = ltt_cev_prio(e->prev_prio, e->prev_policy) |
			 ltt_cev_prio(e->next_prio, e->next_policy) << 11;
	return 1;
}

static inline void ltt_expand_schedchange(const struct ltt_cev_schedchange *c,
					  struct ltt_ev_schedchange *e)
{
	e->prev_pid = (__u32)(c->prev_next_state & (LTT_CEV_PID_LIMIT - 1));
	e->next_pid = (__u32)((c->prev_next_state >> 22) &
			      (LTT_CEV_PID_LIMIT - 1));
	e->prev_state = (__s32)ltt_cev_signed(c->prev_next_state >> 44, 20);
	e->prev_prio = ltt_cev_unprio(c->prio_policy);
	e->prev_policy = ltt_cev_unpolicy(c->prio_policy);
	e->next_prio = ltt_cev_unprio(c->prio_policy >> 11);
	e->next_policy = ltt_cev_unpolicy(c->prio_policy >> 11);
}

static inline int ltt_compact_wakeup(const struct ltt_ev_process_wakeup *e,
				     struct ltt_cev_wakeup *c)
{
	if (e->pid >= LTT_CEV_PID_LIMIT || e->cpu > 0xff || e->flags > 3 ||
	    !ltt_cev_fits_prio(e->prio, e->policy) ||
	    !ltt_cev_fits_prio(e->waker_prio, e->waker_policy))
		return 0;
	c->pid_cpu_flags = e->pid | (__u32)e->cpu << 22 |
			   (__u32)e->flags << 30;
	c->prio_policy = ltt_cev_prio(e->prio, e->policy) |
			 ltt_cev_prio(e->waker_prio, e->waker_policy) << 11;
	return 1;
}

static inline void ltt_expand_wakeup(const struct ltt_cev_wakeup *c,
				     struct ltt_ev_process_wakeup *e)
{
	e->pid = c->pid_cpu_flags & (LTT_CEV_PID_LIMIT - 1);
	e->cpu = (__u16)((c->pid_cpu_flags >> 22) & 0xff);
	e->flags = (__u16)(c->pid_cpu_flags >> 30);
	e->prio = ltt_cev_unprio(c->prio_policy);
	e->policy = ltt_cev_unpolicy(c->prio_policy);
	e->waker_prio = ltt_cev_unprio(c->prio_policy >> 11);
	e->waker_policy = ltt_cev_unpolicy(c->prio_policy >> 11);
}

/* bytes of the compact payload of event @id, 0 if it has none */
static inline unsigned int ltt_compact_size(unsigned int id)
{
	switch (id) {
	case LTT_EV_SYSCALL_ENTRY:
		return sizeof(struct ltt_cev_syscall_entry);
	case LTT_EV_SYSCALL_EXIT:
		return sizeof(struct ltt_cev_syscall_exit);
	case LTT_EV_TRAP_ENTRY:
		return sizeof(struct ltt_cev_trap_entry);
	case LTT_EV_IRQ_ENTRY:
	case LTT_EV_IRQ_EXIT:
		return sizeof(struct ltt_cev_irq);
	case LTT_EV_SCHEDCHANGE:
		return sizeof(struct ltt_cev_schedchange);
	case LTT_EV_PROCESS_WAKEUP:
		return sizeof(struct ltt_cev_wakeup);
	default:
		return 0;
	}
}

/* the full payload of any event that has a compact form */
union ltt_ev_compactable {
	struct ltt_ev_syscall_entry syscall_entry;
	struct ltt_ev_syscall_exit syscall_exit;
	struct ltt_ev_trap_entry trap_entry;
	struct ltt_ev_irq_entry irq_entry;
	struct ltt_ev_irq_exit irq_exit;
	struct ltt_ev_schedchange schedchange;
	struct ltt_ev_process_wakeup wakeup;
};

/* any compact payload */
union ltt_cev_any {
	struct ltt_cev_syscall_entry syscall_entry;
	struct ltt_cev_syscall_exit syscall_exit;
	struct ltt_cev_trap_entry trap_entry;
	struct ltt_cev_irq irq;
	struct ltt_cev_schedchange schedchange;
	struct ltt_cev_wakeup wakeup;
};

/* bytes of the full payload of event @id if it has a compact form, else 0 */
static inline unsigned int ltt_compact_full_size(unsigned int id)
{
	switch (id) {
	case LTT_EV_SYSCALL_ENTRY:
		return sizeof(struct ltt_ev_syscall_entry);
	case LTT_EV_SYSCALL_EXIT:
		return sizeof(struct ltt_ev_syscall_exit);
	case LTT_EV_TRAP_ENTRY:
		return sizeof(struct ltt_ev_trap_entry);
	case LTT_EV_IRQ_ENTRY:
		return sizeof(struct ltt_ev_irq_entry);
	case LTT_EV_IRQ_EXIT:
		return sizeof(struct ltt_ev_irq_exit);
	case LTT_EV_SCHEDCHANGE:
		return sizeof(struct ltt_ev_schedchange);
	case LTT_EV_PROCESS_WAKEUP:
		return sizeof(struct ltt_ev_process_wakeup);
	default:
		return 0;
	}
}

/*
 * ltt_compact_event() - write the compact form of the full payload @f
 * (@len bytes) of event @id in @c.  Return its size (ltt_compact_size(@id)),
 * or 0 when @id has no compact form, @len is not the size of its full
 * struct, or one of the values does not fit.  One switch: it is in the
 * module's write path.
 */
static inline unsigned int ltt_compact_event(unsigned int id,
					     const union ltt_ev_compactable *f,
					     unsigned int len,
					     union ltt_cev_any *c)
{
	switch (id) {
	case LTT_EV_SYSCALL_ENTRY:
		if (len != sizeof(f->syscall_entry) ||
		    !ltt_compact_syscall_entry(&f->syscall_entry,
					       &c->syscall_entry))
			return 0;
		return sizeof(c->syscall_entry);
	case LTT_EV_SYSCALL_EXIT:
		if (len != sizeof(f->syscall_exit) ||
		    !ltt_compact_syscall_exit(&f->syscall_exit,
					      &c->syscall_exit))
			return 0;
		return sizeof(c->syscall_exit);
	case LTT_EV_TRAP_ENTRY:
		if (len != sizeof(f->trap_entry) ||
		    !ltt_compact_trap_entry(&f->trap_entry, &c->trap_entry))
			return 0;
		return sizeof(c->trap_entry);
	case LTT_EV_IRQ_ENTRY:
		if (len != sizeof(f->irq_entry) ||
		    !ltt_compact_irq(f->irq_entry.irq, f->irq_entry.flags,
				     &c->irq))
			return 0;
		return sizeof(c->irq);
	case LTT_EV_IRQ_EXIT:
		if (len != sizeof(f->irq_exit) ||
		    !ltt_compact_irq(f->irq_exit.irq, f->irq_exit.flags,
				     &c->irq))
			return 0;
		return sizeof(c->irq);
	case LTT_EV_SCHEDCHANGE:
		if (len != sizeof(f->schedchange) ||
		    !ltt_compact_schedchange(&f->schedchange, &c->schedchange))
			return 0;
		return sizeof(c->schedchange);
	case LTT_EV_PROCESS_WAKEUP:
		if (len != sizeof(f->wakeup) ||
		    !ltt_compact_wakeup(&f->wakeup, &c->wakeup))
			return 0;
		return sizeof(c->wakeup);
	default:
		return 0;
	}
}

/*
 * ltt_expand_event() - write in @f the full payload of the compact payload
 * @c of event @id.  Return its size (ltt_compact_full_size(@id)), or 0
 * when @id has no compact form.
 */
static inline unsigned int ltt_expand_event(unsigned int id,
					    const union ltt_cev_any *c,
					    union ltt_ev_compactable *f)
{
	__u32 irq;
	__u16 flags;

	switch (id) {
	case LTT_EV_SYSCALL_ENTRY:
		ltt_expand_syscall_entry(&c->syscall_entry, &f->syscall_entry);
		break;
	case LTT_EV_SYSCALL_EXIT:
		ltt_expand_syscall_exit(&c->syscall_exit, &f->syscall_exit);
		break;
	case LTT_EV_TRAP_ENTRY:
		ltt_expand_trap_entry(&c->trap_entry, &f->trap_entry);
		break;
	case LTT_EV_IRQ_ENTRY:
		ltt_expand_irq(&c->irq, &irq, &flags);
		f->irq_entry.irq = irq;
		f->irq_entry.flags = flags;
		break;
	case LTT_EV_IRQ_EXIT:
		ltt_expand_irq(&c->irq, &irq, &flags);
		f->irq_exit.irq = irq;
		f->irq_exit.flags = flags;
		break;
	case LTT_EV_SCHEDCHANGE:
		ltt_expand_schedchange(&c->schedchange, &f->schedchange);
		break;
	case LTT_EV_PROCESS_WAKEUP:
		ltt_expand_wakeup(&c->wakeup, &f->wakeup);
		break;
	default:
		return 0;
	}
	return ltt_compact_full_size(id);
}

/* ---- buffers ------------------------------------------------------- */

#define LTT_BUF_FLUSHED		0x0001	/* closed before full (stop/flush) */
#define LTT_BUF_TIME_SPLIT	0x0002	/* closed: next delta would overflow
					 * (format <= 1.4; 1.5 writes
					 * LTT_EV_TIME_EXT instead) */

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

/* ---- configuration ---------------------------------------------------- */

/*
 * Filters: when flags is not 0, an event is recorded only if the current
 * task matches every criterion set in flags.  Whatever the filter, a
 * scheduling change that switches a matching task in is recorded, and so
 * are LTT_EV_TRACE_START, LTT_EV_CHANGE_MASK and the custom event
 * declarations, so the analysis can still attribute what was recorded.
 * Interrupts and softirqs are matched against the task they interrupted.
 */
#define LTT_FILTER_PID		0x01	/* thread id (task pid) == pid */
#define LTT_FILTER_PGRP		0x02	/* process group == pgrp */
#define LTT_FILTER_GID		0x04	/* real gid == gid */
#define LTT_FILTER_UID		0x08	/* real uid == uid */
#define LTT_FILTER_TGID		0x10	/* process (thread group) == pid */

struct ltt_filter {
	__u32 flags;		/* LTT_FILTER_* */
	__s32 pid;
	__s32 pgrp;
	__u32 gid;
	__u32 uid;
	__u32 reserved;		/* 0 */
};

/*
 * Which address LTT_EV_SYSCALL_ENTRY records in ip:
 *   LTT_SIP_RAW    the user IP of the syscall instruction (default);
 *   LTT_SIP_DEPTH  the return address depth frames up the user stack,
 *                  following the frame-pointer chain (depth 1: the
 *                  caller of the function that made the syscall);
 *   LTT_SIP_RANGE  the first word on the user stack, scanning up from the
 *                  stack pointer for at most depth words, that lies in
 *                  [lower, upper): the call site in the application of a
 *                  syscall made through a library.
 * The walk never faults or sleeps; when it fails the raw IP is recorded.
 */
#define LTT_SIP_RAW		0
#define LTT_SIP_DEPTH		1
#define LTT_SIP_RANGE		2
#define LTT_SIP_DEPTH_MAX	64	/* frames (LTT_SIP_DEPTH) */
#define LTT_SIP_SCAN_MAX	4096	/* words (LTT_SIP_RANGE) */

struct ltt_syscall_ip {
	__u32 mode;		/* LTT_SIP_* */
	__u32 depth;
	__u64 lower;
	__u64 upper;
};

/* ---- trace header (file "header") --------------------------------- */

#define LTT_TRACE_COMPLETE	0x0001	/* the daemon finished cleanly */
#define LTT_TRACE_FLIGHT	0x0002	/* flight recorder: only the last
					 * buffers of each CPU were kept */
#define LTT_TRACE_NO_CPUID	0x0004	/* CPU ids not to be shown */
#define LTT_TRACE_FILTERED	0x0008	/* a filter (struct ltt_filter) was set */
#define LTT_TRACE_FULL_RECORDS	0x0010	/* LTT_OPT_FULL_RECORDS: no compact forms */
#define LTT_TRACE_BUFFERS	0x0020	/* lost: ltt_lost_info.buffers counted */

struct ltt_event_mask {
	__u64 bits[LTT_EV_MAX / 64];	/* bit id set: event id recorded */
};

/*
 * Call stacks (LTT_IOC_SET_STACKS, only while stopped; format 1.8): the
 * events of @events get an LTT_EV_STACK record (only LTT_EV_SCHEDCHANGE,
 * LTT_EV_PROCESS_WAKEUP and, from 1.10, LTT_EV_SAMPLE and LTT_EV_SYSCALL_ENTRY
 * (of the syscalls of struct ltt_syscall_set) can: any other id is
 * refused, EINVAL), with
 * at most @kernel_depth kernel and @user_depth user frames (each
 * <= LTT_STACK_DEPTH_MAX; 0 leaves that stack out).  An empty @events
 * (the default) records no stack: the write path then only tests one
 * flag.
 */
struct ltt_stack_config {
	struct ltt_event_mask events;
	__u32 kernel_depth;
	__u32 user_depth;
};

/*
 * The system calls whose entry gets stacks (LTT_IOC_SET_STACK_SYSCALLS,
 * only while stopped; format 1.10): bit nr set, the LTT_EV_SYSCALL_ENTRY
 * of syscall nr gets an LTT_EV_STACK record when the stack configuration
 * has LTT_EV_SYSCALL_ENTRY (the current task's stacks at the entry);
 * numbers from LTT_STACK_SYSCALLS up never do.
 */
#define LTT_STACK_SYSCALLS	512

struct ltt_syscall_set {
	__u64 bits[LTT_STACK_SYSCALLS / 64];
};

/*
 * Heavy logging (LTT_IOC_SET_HEAVY; ABI 12; allowed while tracing, it is
 * made for it): the events of the tasks of @pids (their thread ids, as
 * the records' pid; @npids of them, at most LTT_HEAVY_PIDS_MAX, each
 * above 0) are recorded with their details whatever the details mask
 * says, and those of @stacks with an LTT_EV_STACK record of the current
 * task's stacks (the ids LTT_IOC_SET_STACKS takes; an LTT_EV_SYSCALL_ENTRY
 * of any syscall; a switch-out only when the task blocks), at the depths
 * of the stack configuration.  The task is the current one at the event:
 * the one switched out, the waker, the caller.  From ABI 21, @capture:
 * the bytes of each packet (LTT_EV_NET_PACKET_IN and _OUT) recorded when
 * a task of the set is current, at most LTT_MAX_CAPTURE, when above the
 * session's capture length (0: the session's; a packet in is a task's
 * only when it arrives in its own context: in a softirq it is not).
 * @npids 0 empties the set (the default, and after release).  A bad set
 * (EINVAL) changes nothing.  The events of the other tasks are recorded
 * as the session's configuration says: the set adds, it never filters.
 */
#define LTT_HEAVY_PIDS_MAX	32

struct ltt_heavy {
	__u32 npids;
	__u32 capture;		/* ABI 21; before, reserved and 0 */
	struct ltt_event_mask stacks;
	__u32 pids[LTT_HEAVY_PIDS_MAX];
};

/*
 * Trigger conditions evaluated in the module (LTT_IOC_SET_TRIGGERS; ABI
 * 19; only while stopped; docs/triggers.md, "Conditions evaluated in the
 * module"): the conditions of the daemon's rules that need no aggregate,
 * so that the daemon decodes none of the events they read.  Each trigger
 * is on one kind of event (@on, LTT_TRIG_ON_*) that was recorded (an
 * event the mask or the filter leaves out is not evaluated), of any
 * system call or of @nr (-1: any), of a task whose name is @comm ("":
 * any; NUL-padded; for a wakeup the woken task's), and holds when every
 * one of its @ntests tests holds:
 * @field (LTT_TRIG_F_*) compared (@op, LTT_TRIG_OP_*) with @value.  A
 * system call's latency is from its entry's record to its exit's (their
 * records' times; a task's entry is kept on its CPU, and in a table of
 * LTT_TRIG_TASKS slots by pid once its switch-out is recorded: an exit
 * whose entry was not kept, or was another task's, is not evaluated).
 * A wakeup's latency is from the first wakeup of a task not yet switched
 * in again to its switch-in (kept in another such table by the woken
 * pid); the trigger is evaluated at the switch-in, as the woken task's.  A trigger that holds is a hit,
 * unless it had one less than @holdoff_ns before (trace time): then it
 * is counted in the next hit's @suppressed.  Hits wait in a ring per CPU
 * (LTT_TRIG_RING) for LTT_IOC_GET_HITS; a hit that finds its ring full
 * is counted (@lost).  @count 0 arms none (the default; a new session's
 * START keeps the set given while stopped; release empties it).  A bad
 * set (EINVAL: an unknown kind, field or operator, a field the kind has
 * not, reserved bits) changes nothing.
 */
#define LTT_TRIGGERS_MAX	16
#define LTT_TRIG_TESTS		4
#define LTT_TRIG_TASKS		4096
#define LTT_TRIG_RING		256

enum ltt_trig_on {
	LTT_TRIG_ON_SYSCALL_EXIT = 1,	/* fields: latency, nr, ret, pid */
	LTT_TRIG_ON_EXIT = 2,		/* LTT_EV_PROCESS_EXIT: pid, code */
	LTT_TRIG_ON_SIGNAL = 3,		/* LTT_EV_SIGNAL_DELIVER: pid, sig */
	LTT_TRIG_ON_WAKEUP = 4,		/* the woken task switched in: latency, pid */
};

enum ltt_trig_field {
	LTT_TRIG_F_LATENCY = 1,		/* ns, a system call's */
	LTT_TRIG_F_NR = 2,
	LTT_TRIG_F_RET = 3,
	LTT_TRIG_F_PID = 4,		/* the record's task (exit: the event's pid) */
	LTT_TRIG_F_CODE = 5,
	LTT_TRIG_F_SIG = 6,
};

enum ltt_trig_op {
	LTT_TRIG_OP_EQ = 0,
	LTT_TRIG_OP_NE = 1,
	LTT_TRIG_OP_LT = 2,
	LTT_TRIG_OP_LE = 3,
	LTT_TRIG_OP_GT = 4,
	LTT_TRIG_OP_GE = 5,
};

struct ltt_trig_test {
	__u16 field;
	__u16 op;
	__u32 reserved;
	__s64 value;
};

struct ltt_trigger {
	__u16 on;
	__u16 ntests;
	__s32 nr;
	__u64 holdoff_ns;
	char comm[16];
	struct ltt_trig_test test[LTT_TRIG_TESTS];
};

struct ltt_trigger_set {
	__u32 count;
	__u32 reserved;
	struct ltt_trigger trig[LTT_TRIGGERS_MAX];
};

/*
 * A hit: trigger @trigger (its index in the set) held at the record of
 * @time_ns on @cpu, of task @pid; @start_ns the system call's entry
 * (= @time_ns for an instant event); @nr, @value the system call's
 * number and return value, the exit's code, the signal; @suppressed the
 * hits of the trigger held off since its last one; @comm the task's name
 * in the kernel when the condition held (the woken task's for a wakeup;
 * empty when the module could not tell it), NUL-terminated.
 */
struct ltt_trig_hit {
	__u64 time_ns;
	__u64 start_ns;
	__s64 value;
	__u64 suppressed;
	__u32 trigger;
	__u32 pid;
	__u32 nr;
	__u16 cpu;
	__u16 reserved;
	char comm[16];
};

/*
 * LTT_IOC_GET_HITS: up to @room hits, oldest first per CPU, copied to
 * @hits (a user pointer); @count says how many; @lost the hits every
 * CPU's ring could not keep since the session started.
 */
struct ltt_trig_hits {
	__u32 room;
	__u32 count;
	__u64 lost;
	__u64 hits;
};

/*
 * start_ns is stamped when the START ioctl has returned, but the module
 * records from inside it: the first buffers begin before start_ns, by as
 * long as START took (its static keys switched on: well under a
 * millisecond on hardware, seconds on a loaded emulator).  From format
 * 1.6 on, start_call_us says how long (from just before the call, rounded
 * up; 0 in older traces): no buffer can begin before
 * start_ns - start_call_us * 1000.
 */
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
	/* ---- format 1.1: configuration (zero in a 1.0 trace) ---- */
	struct ltt_event_mask details;	/* events recorded with payload */
	struct ltt_filter filter;	/* LTT_TRACE_FILTERED */
	struct ltt_syscall_ip syscall_ip;
	__u32 capture_len;		/* bytes of each packet recorded */
	__u32 start_call_us;		/* 1.6: START's call to start_ns, us */
	/* ---- format 1.8 (a reader takes no stacks when header_size ends
	 * before it) ---- */
	struct ltt_stack_config stacks;	/* the events that have stacks */
	/* ---- format 1.9 ---- */
	__u32 command_pid;		/* traced -- CMD's pid, 0 if none */
	__u32 reserved_1_9;		/* zero */
	/* ---- format 1.10 ---- */
	__u32 sample_hz;		/* LTT_EV_SAMPLE per second and CPU, 0 off */
	__u32 reserved_1_10;		/* zero */
	struct ltt_syscall_set stack_syscalls;	/* the syscalls with stacks */
};

/*
 * header_size of a format 1.0 trace: a reader takes the 1.1 fields as
 * "all details, no filter, raw syscall IP, no capture" when header_size
 * is this small.
 */
#define LTT_TRACE_HEADER_SIZE_1_0	272

/*
 * header_size of a format 1.1 to 1.7 trace (the struct up to stacks): a
 * reader takes "no stacks" when header_size is this small.
 */
#define LTT_TRACE_HEADER_SIZE_1_7	360

/*
 * header_size of a format 1.8 trace (the struct up to command_pid): a
 * reader takes "command not known" (command_pid 0, and then finds the
 * command as older readers did) when header_size is this small.
 */
#define LTT_TRACE_HEADER_SIZE_1_8	400

/*
 * header_size of a format 1.9 trace (the struct up to sample_hz): a
 * reader takes "no sampling" and no syscall stacks when header_size is
 * this small.
 */
#define LTT_TRACE_HEADER_SIZE_1_9	408

/* ---- lost events (file "lost", and LTT_IOC_GET_LOST) -------------- */

#define LTT_LOST_SYSCALLS	512	/* syscall numbers counted one by one */

struct ltt_lost_info {
	__u32 cpu;			/* in: CPU asked for */
	__u32 buffers;			/* file "lost" with LTT_TRACE_BUFFERS:
					 * buffers of this CPU the daemon wrote
					 * to "events" (a reader finding fewer
					 * knows the file was cut); ioctl: 0 */
	__u64 total;			/* events lost on this CPU */
	__u64 nested;			/* of which: recursion (e.g. NMI) */
	__u64 by_event[64];		/* per event id < 64 */
	__u64 syscall_entry[LTT_LOST_SYSCALLS];	/* lost entries by nr */
	__u64 syscall_exit[LTT_LOST_SYSCALLS];	/* lost exits by nr */
	/* ---- format 1.7 ---- */
	__u64 by_event_high[LTT_EV_MAX - 64];	/* per event id >= 64 */
};

/*
 * Bytes of one CPU's entry in the lost file of a format 1.0 to 1.6 trace:
 * the struct up to by_event_high (which a reader takes as 0).
 */
#define LTT_LOST_INFO_SIZE_1_6	8728

/* events of type @id lost on the CPU of @li */
static inline __u64 ltt_lost_by_event(const struct ltt_lost_info *li,
				      unsigned int id)
{
	if (id < 64)
		return li->by_event[id];
	return id < LTT_EV_MAX ? li->by_event_high[id - 64] : 0;
}

/* ---- ioctls on /dev/tracer ----------------------------------------- */

/*
 * 5: the records are of format 1.5 (1.4's, priorities at schedchange and
 * wakeup, the softirq raise and the socket endpoint events, with the
 * timerfd settings and expirations and the time-extension record; the
 * periodic flush, LTT_IOC_SET_FLUSH).  6: format 1.7, the dup and pipe
 * events, and struct ltt_lost_info counts the lost events of every id
 * (by_event_high).  7: format 1.8, call stacks (LTT_EV_STACK,
 * LTT_IOC_SET_STACKS).  9: format 1.11, application markers
 * (LTT_EV_MARKER, /dev/ltt-marker).  10: the vital signs collector
 * (/dev/ltt-vitals, struct ltt_vitals_*; the trace format is unchanged).
 * 11: format 1.12, exec records carry the process's arguments
 * (struct ltt_exec_argv).
 * 12: heavy logging (LTT_IOC_SET_HEAVY, struct ltt_heavy): a set of tasks
 * whose events get details and stacks while tracing (the records are
 * those of format 1.12).  13: format 1.14 (1.13 was not used), the
 * executable mappings of the processes while tracing (LTT_EV_MMAP,
 * struct ltt_ev_mmap).  14: format 1.15, packets captured whole, up to
 * LTT_MAX_CAPTURE bytes (256 before), paged data included.
 * 15: format 1.16, block requests issued and completed
 * (LTT_EV_BLOCK_RQ_ISSUE, LTT_EV_BLOCK_RQ_COMPLETE); the vital signs
 * collect LTT_VITAL_DISK.
 * 16: the vital signs' samples carry stacks (struct ltt_vital_stack, the
 * sample's stack field, LTT_VITALS_IOC_SWAP's stacks, epoch file
 * version 2; version 3, its body compressed, is a file format alone);
 * the trace format is unchanged.
 * 17: format 1.17, contended kernel locks (LTT_EV_LOCK_CONTEND, struct
 * ltt_ev_lock_contend); the lock vital sign counts them beside the futex
 * waits.
 * 18: the vital signs' samples drained while the epoch runs
 * (LTT_VITALS_IOC_DRAIN, struct ltt_vitals_drain; poll() on the device;
 * LTT_VITALS_IOC_SWAP's nsamples_in); the trace format is unchanged.
 * 19: trigger conditions evaluated in the module (LTT_IOC_SET_TRIGGERS,
 * LTT_IOC_GET_HITS, struct ltt_trigger_set); the trace format is
 * unchanged.
 * 20: a hit names its task (struct ltt_trig_hit's comm): the daemon
 * decodes no event for the rules the module evaluates.
 * 21: heavy logging captures the packets of its tasks (struct
 * ltt_heavy's capture, reserved before); the trace format is unchanged.
 * 22: format 1.18, a task renamed other than by exec (LTT_EV_TASK_RENAME,
 * struct ltt_ev_task_rename).
 * The daemon writes its own LTT_FORMAT_MINOR in the trace header, so it
 * refuses a module of another version.
 */
#define LTT_ABI_VERSION		22

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

/*
 * Session options (LTT_IOC_SET_OPTIONS, only while stopped):
 *   LTT_OPT_FLIGHT    flight recorder: when every buffer of a CPU is full,
 *                     the oldest is overwritten instead of dropping the
 *                     newest events; read(2) returns nothing until
 *                     LTT_IOC_STOP, then the buffers oldest first;
 *   LTT_OPT_NO_CPUID  mark the trace as not showing CPU ids;
 *   LTT_OPT_FULL_RECORDS  never write the compact forms (LTT_REC_COMPACT):
 *                     every record in its full layout, as in format 1.1.
 */
#define LTT_OPT_FLIGHT		0x01
#define LTT_OPT_NO_CPUID	0x02
#define LTT_OPT_FULL_RECORDS	0x04

struct ltt_options {
	__u32 flags;		/* LTT_OPT_* */
	__u32 capture_len;	/* packet bytes recorded, <= LTT_MAX_CAPTURE */
};

/*
 * Periodic flush (LTT_IOC_SET_FLUSH, a __u32 of milliseconds; only while
 * stopped, like the other settings): every interval while tracing, the
 * open buffer of each online CPU that holds records is closed
 * (LTT_BUF_FLUSHED) and handed to the reader, so that a live reader sees
 * the events of a quiet CPU within about one interval.  0 (the default)
 * turns it off; more than LTT_FLUSH_MAX_MS is refused (EINVAL).  A
 * flight-recorder session is not flushed: it is read after STOP.
 */
#define LTT_FLUSH_MAX_MS	60000

/*
 * The sampling profiler (LTT_IOC_SET_SAMPLE, a __u32 of samples per
 * second and CPU, 1..LTT_SAMPLE_HZ_MAX; 0, the default, turns it off;
 * only while stopped): see LTT_EV_SAMPLE.  More is refused (EINVAL).
 */

struct ltt_custom_type {
	char name[LTT_CUSTOM_NAME_LEN];		/* in: NUL-terminated */
	char format[LTT_CUSTOM_FORMAT_LEN];	/* in: NUL-terminated */
	__u32 kind;				/* in: LTT_CUSTOM_* */
	__u32 type_id;				/* out */
};

struct ltt_custom_log {
	__u64 data;		/* user address of the payload */
	__u32 type_id;
	__u32 size;		/* <= LTT_CUSTOM_MAX_SIZE */
};

/*
 * Reading without a copy (LTT_IOC_GET_SUBBUF, LTT_IOC_PUT_SUBBUF, mmap):
 * the session's owner maps one CPU's buffers read-only, mmap(2) with
 * PROT_READ, MAP_SHARED, offset LTT_MMAP_OFFSET(cpu) and length map_size
 * (buffer size x count); GET_SUBBUF takes the next full buffer, in the
 * order read(2) would return it, and says where it is; the daemon writes
 * its len bytes from the mapping, then gives it back with PUT_SUBBUF
 * (ticket as GET returned it).  One buffer at a time per open file.
 * A CPU's buffer memory changes (it went offline and came back, or a
 * START changed the geometry) when map_id does: map it again then.  A
 * mapping stays readable after STOP, close and a CPU going offline (the
 * pages live until it is unmapped), but only the buffer held between GET
 * and PUT is guaranteed not to be rewritten by the tracer.
 */
struct ltt_subbuf {
	__u32 cpu;		/* out: the buffer's CPU */
	__u32 index;		/* out: the buffer's place among the CPU's */
	__u64 offset;		/* out: its byte offset in the CPU's mapping */
	__u32 len;		/* out: bytes to write (header + data_size) */
	__u32 map_size;		/* out: length of the CPU's mapping */
	__u64 map_id;		/* out: identity of the CPU's buffer memory */
	__u64 ticket;		/* out of GET, in to PUT */
};

#define LTT_MMAP_CPU_SHIFT	40
#define LTT_MMAP_OFFSET(cpu)	((__u64)(cpu) << LTT_MMAP_CPU_SHIFT)

#define LTT_IOC_MAGIC		0xB7

#define LTT_IOC_START		_IO(LTT_IOC_MAGIC, 1)
#define LTT_IOC_STOP		_IO(LTT_IOC_MAGIC, 2)
#define LTT_IOC_SET_BUFFERS	_IOW(LTT_IOC_MAGIC, 3, struct ltt_buffer_config)
#define LTT_IOC_SET_EVENT_MASK	_IOW(LTT_IOC_MAGIC, 4, struct ltt_event_mask)
#define LTT_IOC_GET_EVENT_MASK	_IOR(LTT_IOC_MAGIC, 5, struct ltt_event_mask)
#define LTT_IOC_GET_LOST	_IOWR(LTT_IOC_MAGIC, 6, struct ltt_lost_info)
#define LTT_IOC_GET_INFO	_IOR(LTT_IOC_MAGIC, 7, struct ltt_info)
#define LTT_IOC_SET_DETAILS_MASK _IOW(LTT_IOC_MAGIC, 8, struct ltt_event_mask)
#define LTT_IOC_GET_DETAILS_MASK _IOR(LTT_IOC_MAGIC, 9, struct ltt_event_mask)
#define LTT_IOC_SET_FILTER	_IOW(LTT_IOC_MAGIC, 10, struct ltt_filter)
#define LTT_IOC_GET_FILTER	_IOR(LTT_IOC_MAGIC, 11, struct ltt_filter)
#define LTT_IOC_SET_SYSCALL_IP	_IOW(LTT_IOC_MAGIC, 12, struct ltt_syscall_ip)
#define LTT_IOC_SET_OPTIONS	_IOW(LTT_IOC_MAGIC, 13, struct ltt_options)
#define LTT_IOC_CUSTOM_CREATE	_IOWR(LTT_IOC_MAGIC, 14, struct ltt_custom_type)
#define LTT_IOC_CUSTOM_DESTROY	_IOW(LTT_IOC_MAGIC, 15, __u32)
#define LTT_IOC_CUSTOM_LOG	_IOW(LTT_IOC_MAGIC, 16, struct ltt_custom_log)
#define LTT_IOC_SET_FLUSH	_IOW(LTT_IOC_MAGIC, 17, __u32)
#define LTT_IOC_GET_SUBBUF	_IOR(LTT_IOC_MAGIC, 18, struct ltt_subbuf)
#define LTT_IOC_PUT_SUBBUF	_IOW(LTT_IOC_MAGIC, 19, struct ltt_subbuf)
#define LTT_IOC_SET_STACKS	_IOW(LTT_IOC_MAGIC, 20, struct ltt_stack_config)
#define LTT_IOC_SET_SAMPLE	_IOW(LTT_IOC_MAGIC, 21, __u32)
#define LTT_IOC_SET_STACK_SYSCALLS _IOW(LTT_IOC_MAGIC, 22, struct ltt_syscall_set)
#define LTT_IOC_SET_HEAVY	_IOW(LTT_IOC_MAGIC, 23, struct ltt_heavy)
#define LTT_IOC_SET_TRIGGERS	_IOW(LTT_IOC_MAGIC, 24, struct ltt_trigger_set)
#define LTT_IOC_GET_HITS	_IOWR(LTT_IOC_MAGIC, 25, struct ltt_trig_hits)

/* ---- vital signs (/dev/ltt-vitals, ABI 10; docs/vitals.md) ---------- */

/*
 * A second consumer of the kernel's event points, beside the trace: per
 * vital sign, an array of counters indexed by a hash of the event's label
 * (HCA, LTT_VITALS_HCA cells per CPU); an event adds its weight to its
 * label's cell and is sampled when the cell crosses a level of the
 * logarithmic scale (levels at 2^(k * shift), shift adapted per epoch).
 * Every slot of Chopstix' Figure 2 has an id; those the module does not
 * collect (yet, or on this machine) are absent from the collected mask.
 */
enum ltt_vital {
	LTT_VITAL_CPU		= 0,	/* sampling timer: masked PC */
	LTT_VITAL_L2		= 1,	/* PMU only: never under QEMU TCG */
	LTT_VITAL_SCHED_DELAY	= 2,	/* runnable -> running: pid + site */
	LTT_VITAL_BLOCKING	= 3,	/* blocked -> woken: pid + site */
	LTT_VITAL_DISK		= 4,	/* block request completed: pid + site */
	LTT_VITAL_KPAGE		= 5,	/* page allocation: pid + order */
	LTT_VITAL_UPAGE		= 6,	/* page faults: PC */
	LTT_VITAL_SYSCALL	= 7,	/* masked user sp + syscall nr */
	LTT_VITAL_SIGNAL	= 8,	/* delivery: user PC + signal */
	LTT_VITAL_SOCKET	= 9,	/* send/receive: masked user sp + key */
	LTT_VITAL_LOCK		= 10,	/* futex waits and wakes, contended kernel locks */
	LTT_VITALS		= 11
};

#define LTT_VITALS_HCA		1024	/* counters per vital sign and CPU */
#define LTT_VITALS_SAMPLES	512	/* samples per CPU and epoch */
#define LTT_VITALS_SHIFT_MIN	1	/* levels at 2, 4, 8, ... */
#define LTT_VITALS_SHIFT_MAX	16
#define LTT_VITALS_SP_MASK	(~0xffULL)	/* the label's masked sp/PC */
#define LTT_VITALS_STACKS	64	/* sample stacks per CPU and epoch */
#define LTT_VITALS_STACK_DEPTH	16	/* kernel + user addresses of one */
#define LTT_VITALS_KDEPTH	8	/* depths by default */
#define LTT_VITALS_UDEPTH	8

/* What the module collects (LTT_VITALS_GET_INFO's collected mask). */
#define LTT_VITALS_COLLECTED	((1U << LTT_VITAL_CPU) | \
				 (1U << LTT_VITAL_SCHED_DELAY) | \
				 (1U << LTT_VITAL_BLOCKING) | \
				 (1U << LTT_VITAL_DISK) | \
				 (1U << LTT_VITAL_KPAGE) | \
				 (1U << LTT_VITAL_UPAGE) | \
				 (1U << LTT_VITAL_SYSCALL) | \
				 (1U << LTT_VITAL_SIGNAL) | \
				 (1U << LTT_VITAL_SOCKET) | \
				 (1U << LTT_VITAL_LOCK))

/*
 * A KPAGE sample's key: the order (in the label), the GFP flags' low 24
 * bits above it (data: not in the label)
 */
#define LTT_VITALS_KPAGE_KEY(order, gfp) \
	(((__u32)(order) & 0xff) | ((__u32)(gfp) & 0xffffff) << 8)

/*
 * A SOCKET sample's key: receive (1) or send (0), the socket's family
 * (AF_*) and type (SOCK_*); data[0] the bytes done (or -errno), data[1]
 * the peer as (IPv4 address << 16) | port, 0 when unknown.
 */
#define LTT_VITALS_SOCKET_KEY(recv, family, type) \
	((__u32)(recv) | ((__u32)(family) & 0xff) << 8 | \
	 ((__u32)(type) & 0xff) << 16)

/*
 * A LOCK sample's key for a contended kernel lock: LTT_VITALS_KLOCK, its
 * kind (LTT_LOCK_*) and flags (LTT_LOCK_READERS) above it; a futex wait's
 * key is its futex command, below LTT_VITALS_KLOCK; a futex wake's (the
 * unlock side: FUTEX_WAKE, _WAKE_BITSET, _WAKE_OP, _REQUEUE,
 * _CMP_REQUEUE, _CMP_REQUEUE_PI, _UNLOCK_PI, by the task that releases
 * the futex) its command | LTT_VITALS_FUTEX_WAKE
 */
#define LTT_VITALS_KLOCK		0x10000
#define LTT_VITALS_FUTEX_WAKE		0x20000
#define LTT_VITALS_KLOCK_KEY(kind, flags) \
	(LTT_VITALS_KLOCK | ((__u32)(kind) & 0xff) | ((__u32)(flags) & 0xff) << 8)

/*
 * One sample: the event whose cell crossed a level.  site is the
 * label's address (masked for CPU and SYSCALL), key its small part
 * (syscall nr, signal number, fault vector), data[] the vital's data:
 * CPU: PC, user; SCHED_DELAY/BLOCKING: the delay in ns, priority;
 * KPAGE (key: LTT_VITALS_KPAGE_KEY, weight 2^order): the user PC the
 * task entered the kernel from, free pages;
 * UPAGE: faulting address, free pages; SYSCALL: first argument;
 * LOCK, a futex wait (site: the futex's address, key: the futex
 * command): masked user sp, the value expected; a futex wake (key: its
 * command | LTT_VITALS_FUTEX_WAKE; the label the futex and the waking
 * task, its owner releasing it): masked user sp, the most waiters it
 * may wake (the call's third argument); a contended kernel lock
 * (LTT_EV_LOCK_CONTEND; site: its caller, key: LTT_VITALS_KLOCK_KEY of
 * its kind and flags; the label the holder and the site): the lock's
 * address, the holder's thread id << 32 | the other tasks on its wait list;
 * SIGNAL: handler;
 * DISK (at a request's first completion record, weight 1; site: the user
 * PC its issuing task entered the kernel from, 0 for a kernel thread;
 * pid, uid and comm the issuing task's; key: the disk, major << 20 |
 * minor): the bytes ended | op << 32 (LTT_BLOCK_OP_*), the latency from
 * issue to completion in ns.  count is the cell after the event.  stack:
 * 0, or 1 + the index of its stacks among the epoch's (struct
 * ltt_vital_stack): those of the task acting at the event (the issuing
 * task's at the request's issue for DISK; for SCHED_DELAY and BLOCKING,
 * counted when another task runs, the waiting task's where it left the
 * CPU).
 */
struct ltt_vital_sample {
	__u64 time;		/* ns, the trace's clock */
	__u64 label;		/* the label's 64-bit hash */
	__u64 site;
	__u64 data[2];
	__u32 pid;
	__u32 uid;
	__u32 count;
	__u16 vital;		/* enum ltt_vital */
	__u16 cell;		/* the label's HCA index */
	__u32 key;
	__u16 cpu;
	__u16 stack;		/* 0, or 1 + its stacks' index in the epoch */
	char comm[16];
} __attribute__((packed));

/*
 * The stacks of a sample: kernel_nr kernel addresses (the innermost
 * first), then user_nr user addresses (the PC it entered the kernel from,
 * then the frame-pointer chain's return addresses), flags LTT_STACK_*.
 * The user addresses are those of process tgid, which started at
 * start_ticks (clock ticks since boot, /proc/PID/stat's starttime) with
 * its stack at start_stack (/proc/PID/stat's startstack): the daemon
 * names them through /proc/PID/maps only when both still hold (the
 * process is the same and has not run exec since).
 */
struct ltt_vital_stack {
	__u8 kernel_nr;
	__u8 user_nr;
	__u8 flags;		/* LTT_STACK_* */
	__u8 maps;		/* 0 from the module; in an epoch file, 1 when
				 * its maps are this process's */
	__u32 tgid;
	__u64 start_ticks;
	__u64 start_stack;
	__u64 addr[LTT_VITALS_STACK_DEPTH];
};

/* LTT_VITALS_IOC_START (only while stopped) */
struct ltt_vitals_config {
	__u32 vitals;		/* mask of enum ltt_vital, within COLLECTED */
	__u32 shift;		/* initial level step, SHIFT_MIN..SHIFT_MAX */
	__u32 delay_min_ns;	/* delays and blocks shorter are not events */
	__u8 kdepth;		/* kernel addresses of a sample's stacks */
	__u8 udepth;		/* user addresses (kdepth + udepth <=
				 * LTT_VITALS_STACK_DEPTH; both 0: none) */
	__u16 reserved;		/* zero */
	/*
	 * The CPU watermark (Chopstix 4.1.3): the time a CPU may spend
	 * sampling in an epoch, in us, before its levels spread one step
	 * more (the threshold doubled), and again at each multiple of it;
	 * an epoch whose CPUs all stayed under a quarter of it lets the
	 * step come back down.  0: none (the sample arrays' watermark
	 * alone).
	 */
	__u32 cpu_high_us;
};

#define LTT_VITALS_CPU_HIGH_MAX_US	60000000	/* a minute */

/*
 * LTT_VITALS_IOC_SWAP: ends the epoch (the collector goes on in the other
 * copy) and copies the ended one out: its HCAs summed over the CPUs to
 * hca (LTT_VITALS x LTT_VITALS_HCA __u32), at most samples_cap samples
 * to samples.  samples[] may begin with nsamples_in samples the
 * epoch's LTT_VITALS_IOC_DRAINs handed over: their stack fields are
 * named as the epoch's others are (they leave the module before their
 * stacks are chosen), and the epoch's remaining samples come after them
 * (nsamples counts both).
 */
struct ltt_vitals_epoch {
	__u64 hca;			/* in: user address, or 0 */
	__u64 samples;			/* in: user address */
	__u32 samples_cap;		/* in */
	__u32 nsamples;			/* out: copied */
	__u64 start_ns;			/* out: the epoch's bounds */
	__u64 end_ns;
	__u64 total[LTT_VITALS];	/* out: sum of the weights */
	__u64 events[LTT_VITALS];	/* out: events counted */
	__u64 dropped;			/* out: samples not kept (full) */
	__u64 skipped;			/* out: events not counted (NMI; disk
					 * completions whose issue was not seen) */
	__u32 shift;			/* out: the epoch's level step */
	__u32 ncpus;			/* out */
	__u32 collected;		/* out: vitals collected */
	__u32 seq;			/* out: epochs since START, from 0 */
	__u64 stacks;			/* in: user address, or 0 */
	__u32 stacks_cap;		/* in */
	__u32 nstacks;			/* out: copied */
	__u64 stacks_dropped;		/* out: samples without stacks where
					 * their vital sign has them (the
					 * array full; DISK: not taken at
					 * the issue, docs/vitals.md) */
	__u64 sampling_ns;		/* out: the CPUs' time spent keeping
					 * samples (their stacks included),
					 * summed */
	__u32 cpu_steps;		/* out: the most steps a CPU's levels
					 * spread for the CPU watermark */
	__u32 nsamples_in;		/* in: samples[]'s first, drained */
};

/*
 * LTT_VITALS_IOC_DRAIN (the collector's owner, while it runs): the
 * samples the CPUs hold now, taken out of their arrays and copied to
 * samples (at most samples_cap; the others are counted in the epoch's
 * dropped), so that the arrays make room while the epoch runs: a CPU
 * array's 512 samples then bound a burst between two drains, not an
 * epoch.  Their stack fields are as the module holds them: give them
 * back to the epoch's SWAP (nsamples_in) to have them named.  poll() on
 * the device says POLLIN when a CPU's array is a quarter full (the collector
 * wakes the poller then, through an irq_work).  seq is the epoch the
 * samples belong to (SWAP's seq).
 */
struct ltt_vitals_drain {
	__u64 samples;			/* in: user address */
	__u32 samples_cap;		/* in */
	__u32 nsamples;			/* out: copied */
	__u32 seq;			/* out: the epoch's, from 0 */
	__u32 reserved;			/* in: zero */
};

struct ltt_vitals_info {
	__u32 abi_version;	/* LTT_ABI_VERSION */
	__u32 running;
	__u32 collected;	/* LTT_VITALS_COLLECTED */
	__u32 hca_size;		/* LTT_VITALS_HCA */
	__u32 samples_per_cpu;	/* LTT_VITALS_SAMPLES */
	__u32 bytes_per_cpu;	/* the collector's memory per CPU */
	__u32 stacks_per_cpu;	/* LTT_VITALS_STACKS */
	__u32 reserved;
};

#define LTT_VITALS_IOC_MAGIC	0xB8
#define LTT_VITALS_IOC_START	_IOW(LTT_VITALS_IOC_MAGIC, 1, struct ltt_vitals_config)
#define LTT_VITALS_IOC_STOP	_IO(LTT_VITALS_IOC_MAGIC, 2)
#define LTT_VITALS_IOC_SWAP	_IOWR(LTT_VITALS_IOC_MAGIC, 3, struct ltt_vitals_epoch)
#define LTT_VITALS_IOC_GET_INFO	_IOR(LTT_VITALS_IOC_MAGIC, 4, struct ltt_vitals_info)
#define LTT_VITALS_IOC_DRAIN	_IOWR(LTT_VITALS_IOC_MAGIC, 5, struct ltt_vitals_drain)

/*
 * The epoch file traced --vitals writes (vitals-NNNNNNNN.ltv, version 3,
 * little-endian): this header, uncompressed (its counts say what the body
 * holds), then one zstd frame of body_len bytes whose content, raw_len
 * bytes, is the body, then struct ltt_vitals_trailer (uncompressed).  The
 * body: LTT_VITALS x struct ltt_vitals_sum (total, events as LEB128
 * varints); the ncells non-zero cells in (vital, cell) order as varints
 * (vital, the cell's distance from the previous cell of that vital or its
 * index for the vital's first, count); the nsamples samples column by
 * column: time (zigzag varint of the difference from the previous
 * sample's, the first's from start_ns), the label's low 32 bits (u32), site,
 * data[0], data[1] (u64 each), then pid, uid, count, vital, cell, key,
 * cpu, stack (varints), then the comms: the number of distinct comms
 * (varint), each in 16 bytes, and per sample the index of its comm
 * (varint); the nstacks stacks, each kernel_nr, user_nr, flags, maps,
 * tgid, start_ticks, start_stack (varints) and its kernel_nr + user_nr
 * addresses (u64 each); the maps_len bytes of maps text (the executable
 * mappings of the processes whose user addresses the stacks hold, read at
 * the epoch's end: the format of a trace's "maps" file, one @START
 * section).  A sample's label is the module's 64-bit hash, whose top 10
 * bits are its cell: a reader rebuilds it as the low 32 bits | cell << 54,
 * 42 bits of the hash.
 * Version 2 (ABI 16) had no body_len and raw_len (header_size
 * LTT_VITALS_FILE_HEADER_V2) and no frame: the sums, ncells x struct
 * ltt_vitals_cell, nsamples x struct ltt_vital_sample, nstacks x struct
 * ltt_vital_stack and the maps text as they are, then the trailer.
 * Version 1 (ABI 15) ended its header at reserved and had neither stacks
 * nor maps; its samples' cpu was 32 bits (the stack field was 0).
 */
#define LTT_VITALS_FILE_MAGIC	"LTTVITAL"
#define LTT_VITALS_FILE_END	"LTTVEND"
#define LTT_VITALS_FILE_VERSION	3
#define LTT_VITALS_FILE_HEADER_V1	104	/* version 1's header_size */
#define LTT_VITALS_FILE_HEADER_V2	128	/* version 2's header_size */

struct ltt_vitals_file_header {
	char magic[8];		/* LTT_VITALS_FILE_MAGIC */
	__u32 version;		/* LTT_VITALS_FILE_VERSION */
	__u32 header_size;	/* sizeof this struct */
	__u64 epoch;		/* the series' epoch number */
	__u64 start_ns;		/* the trace's clock */
	__u64 end_ns;
	__u64 wall_start_ns;	/* CLOCK_REALTIME at the epoch's end - length */
	__u32 nvitals;		/* LTT_VITALS */
	__u32 hca_size;
	__u32 ncpus;
	__u32 shift;
	__u32 collected;
	__u32 nsamples;
	__u64 ncells;
	__u64 dropped;
	__u64 skipped;
	__u32 flags;		/* LTT_VITALS_F_* */
	__u32 reserved;
	/* version 2 */
	__u32 nstacks;
	__u32 maps_len;		/* bytes of maps text */
	__u64 stacks_dropped;
	__u64 maps_omitted;	/* processes whose user addresses stay
				 * unnamed (gone, or exec since) */
	/* version 3 */
	__u32 body_len;		/* bytes of the zstd frame after the header */
	__u32 raw_len;		/* bytes of the body it holds */
	__u64 sampling_ns;	/* the collector's time keeping samples */
	__u32 cpu_steps;	/* the CPU watermark's steps (most of a CPU) */
	__u32 cpu_high_us;	/* the watermark (0: none) */
};

#define LTT_VITALS_F_PARTIAL	0x01	/* ended early (SIGTERM) */
/*
 * No data: the marker the next daemon writes for the epoch a killed one
 * was collecting, so that every reader counts it missing, even before the
 * first file of data
 */
#define LTT_VITALS_F_LOST	0x02

struct ltt_vitals_sum {
	__u64 total;
	__u64 events;
};

struct ltt_vitals_cell {
	__u16 vital;
	__u16 cell;
	__u32 count;
};

struct ltt_vitals_trailer {
	char magic[8];		/* LTT_VITALS_FILE_END, NUL-padded */
	__u64 epoch;		/* the header's */
};

#endif /* _UAPI_LINUX_LTT_ABI_H */
