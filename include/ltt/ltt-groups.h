/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ltt-groups.h - the named groups of event types, for the user-space
 * tools: traced -e, --no-details and --set-events, and tracevisualizer
 * --type and --omit accept the same names, from this one table.  Not part
 * of the kernel ABI (the kernel knows ids and masks only).
 */
#ifndef _LTT_GROUPS_H
#define _LTT_GROUPS_H

#include "ltt-abi.h"

/*
 * A group is either a range of ids (every known event type with
 * lo <= id <= hi) or an explicit 0-terminated list (lo = 0).  Groups are
 * looked up before single names: "custom" is the group (custom_create,
 * custom_destroy and the instances), not the event alone.
 */
struct ltt_event_group {
	const char *name;
	unsigned int lo, hi;
	unsigned int ids[16];
};

static const struct ltt_event_group ltt_event_groups[] = {
	{ "all", 1, LTT_EV_MAX - 1, { 0 } },
	/* the event set of the first release (ids 1-17), used by bench */
	{ "classic", LTT_EV_SYSCALL_ENTRY, LTT_EV_SIGNAL_DELIVER, { 0 } },
	{ "core", 0, 0, { LTT_EV_SYSCALL_ENTRY, LTT_EV_SYSCALL_EXIT,
		    LTT_EV_TRAP_ENTRY, LTT_EV_TRAP_EXIT,
		    LTT_EV_IRQ_ENTRY, LTT_EV_IRQ_EXIT,
		    LTT_EV_SCHEDCHANGE, 0 } },
	{ "syscall", 0, 0, { LTT_EV_SYSCALL_ENTRY, LTT_EV_SYSCALL_EXIT, 0 } },
	{ "trap", 0, 0, { LTT_EV_TRAP_ENTRY, LTT_EV_TRAP_EXIT, 0 } },
	{ "irq", 0, 0, { LTT_EV_IRQ_ENTRY, LTT_EV_IRQ_EXIT, 0 } },
	{ "softirq", 0, 0, { LTT_EV_SOFTIRQ_ENTRY, LTT_EV_SOFTIRQ_EXIT,
		       LTT_EV_SOFTIRQ_RAISE, LTT_EV_TASKLET_ENTRY,
		       LTT_EV_TASKLET_EXIT, 0 } },
	{ "process", 0, 0, { LTT_EV_PROCESS_FORK, LTT_EV_PROCESS_EXEC,
		       LTT_EV_PROCESS_EXIT, LTT_EV_PROCESS_WAKEUP,
		       LTT_EV_PROCESS_WAIT, LTT_EV_PROCESS_REAP,
		       LTT_EV_KTHREAD_CREATE, LTT_EV_TASK_RENAME,
		       LTT_EV_SIGNAL_SEND, LTT_EV_SIGNAL_DELIVER, 0 } },
	{ "signal", 0, 0, { LTT_EV_SIGNAL_SEND, LTT_EV_SIGNAL_DELIVER, 0 } },
	{ "timer", 0, 0, { LTT_EV_TIMER_EXPIRE_ENTRY, LTT_EV_TIMER_EXPIRE_EXIT,
		     LTT_EV_TIMER_SET_ITIMER, LTT_EV_TIMER_SET_TIMEOUT,
		     LTT_EV_TIMERFD_SET, LTT_EV_TIMERFD_EXPIRE, 0 } },
	{ "fs", 0, 0, { LTT_EV_FS_OPEN, LTT_EV_FS_CLOSE, LTT_EV_FS_READ,
		  LTT_EV_FS_WRITE, LTT_EV_FS_LSEEK, LTT_EV_FS_IOCTL,
		  LTT_EV_FS_SELECT, LTT_EV_FS_POLL, LTT_EV_FS_BUF_WAIT_START,
		  LTT_EV_FS_BUF_WAIT_END, LTT_EV_FS_DUP, LTT_EV_FS_PIPE, 0 } },
	{ "block", LTT_EV_BLOCK_RQ_ISSUE, LTT_EV_BLOCK_RQ_COMPLETE, { 0 } },
	{ "lock", 0, 0, { LTT_EV_LOCK_CONTEND, 0 } },
	{ "memory", LTT_EV_MEM_PAGE_ALLOC, LTT_EV_MEM_PAGE_WAIT_END, { 0 } },
	{ "socket", 0, 0, { LTT_EV_SOCKET_CALL, LTT_EV_SOCKET_CREATE,
		      LTT_EV_SOCKET_SEND, LTT_EV_SOCKET_RECV,
		      LTT_EV_SOCKET_ENDPOINT, LTT_EV_SOCKET_ACCEPT, 0 } },
	{ "ipc", LTT_EV_IPC_CALL, LTT_EV_IPC_SHM_CREATE, { 0 } },
	{ "net", LTT_EV_NET_PACKET_IN, LTT_EV_NET_PACKET_OUT, { 0 } },
	{ "custom", LTT_EV_CUSTOM_CREATE, LTT_EV_CUSTOM, { 0 } },
};

#define LTT_NGROUPS (sizeof(ltt_event_groups) / sizeof(ltt_event_groups[0]))

#endif /* _LTT_GROUPS_H */
