/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * ltt-events.h - the one list of the LTT event types.
 *
 * Each event type is one line of LTT_EVENTS() below; every table that
 * needs to know the events is an expansion of that list, as
 * lttng-modules' TRACE_EVENT headers are expanded into probes and
 * metadata:
 *   - enum ltt_event_id and LTT_EV_IDS (ltt-abi.h), so the kernel's
 *     per-event static keys and the module's lost-by-type counters are
 *     sized from it;
 *   - ltt_compact_size() and ltt_compact_full_size() (ltt-abi.h);
 *   - the reader's payload sizes, names and variable parts
 *     (tracevisualizer/src/reader/record.c), the fields of every event
 *     (src/reader/fields.c: a compile-time check that each listed event
 *     has its description), the event classes (src/view/evclass.c);
 *   - traced's event names (traced/parse.c) and its --help;
 *   - the tests' Python view of the format (tests/lib/lttfmt.py reads
 *     this file; tests/host/lttfmt.t checks it against the C structs).
 *
 * Like ltt-abi.h, this file is used unchanged by the kernel patch (as
 * include/uapi/linux/ltt-events.h, beside ltt-abi.h, which includes it);
 * tests/host/abi-copies.t checks the copy.
 *
 * The columns of X(id, SYM, name, payload, var, class, compact, old):
 *   id       the event id in the records (never reused for another meaning;
 *            lines are in increasing id order)
 *   SYM      the enum constant is LTT_EV_<SYM>
 *   name     the event's name in every tool (traced -e, tracevisualizer
 *            --type, dump, JSON, CTF)
 *   payload  the payload struct is struct ltt_ev_<payload> (ltt-abi.h)
 *   var      what follows the payload (LTT_VAR_<var>, below)
 *   class    the group the views colour and filter by (LTTR_EVCLASS_<class>
 *            of tracevisualizer's view model): SYSCALL, TRAP, IRQ, SCHED,
 *            PROCESS, FILE, MEMORY, NET or OTHER
 *   compact  the size of its compact form (format 1.2, LTT_REC_COMPACT):
 *            LTT_CEV(tag) for struct ltt_cev_<tag>, or LTT_NO_CEV
 *   old      the payload size an older format wrote shorter (the rest of
 *            the struct is unknown in such a record), or 0
 *
 * Adding an event: its line here (the next free id, a format minor and
 * LTT_ABI_VERSION bump in ltt-abi.h), its payload struct in ltt-abi.h,
 * its kernel site (patches/), and its description in
 * tracevisualizer/src/reader/fields.c (the build fails without it).
 * docs/design.md has the whole recipe.
 */
#ifndef _UAPI_LINUX_LTT_EVENTS_H
#define _UAPI_LINUX_LTT_EVENTS_H

/* what follows an event's payload struct in its record */
enum ltt_ev_var {
	LTT_VAR_NONE,		/* nothing */
	LTT_VAR_NAME,		/* a NUL-terminated name (file, command) */
	LTT_VAR_PEER,		/* peer_len bytes of a socket address */
	LTT_VAR_PACKET,		/* caplen bytes of a packet */
	LTT_VAR_DECL,		/* a custom event's name and format */
	LTT_VAR_CUSTOM,		/* size bytes of a custom event's payload */
	LTT_VAR_ENDPOINT,	/* a socket's local and peer addresses */
};

#define LTT_CEV(tag)	sizeof(struct ltt_cev_##tag)
#define LTT_NO_CEV	0

#define LTT_EVENTS(X) \
	X(1, SYSCALL_ENTRY, "syscall_entry", syscall_entry, NONE, SYSCALL, LTT_CEV(syscall_entry), 0) \
	X(2, SYSCALL_EXIT, "syscall_exit", syscall_exit, NONE, SYSCALL, LTT_CEV(syscall_exit), 0) \
	X(3, TRAP_ENTRY, "trap_entry", trap_entry, NONE, TRAP, LTT_CEV(trap_entry), 0) \
	X(4, TRAP_EXIT, "trap_exit", trap_exit, NONE, TRAP, LTT_NO_CEV, 0) \
	X(5, IRQ_ENTRY, "irq_entry", irq_entry, NONE, IRQ, LTT_CEV(irq), 0) \
	X(6, IRQ_EXIT, "irq_exit", irq_exit, NONE, IRQ, LTT_CEV(irq), 0) \
	X(7, SCHEDCHANGE, "schedchange", schedchange, NONE, SCHED, LTT_CEV(schedchange), \
	  LTT_EV_SCHEDCHANGE_SIZE_1_2) \
	X(10, PROCESS_FORK, "fork", process_fork, NONE, PROCESS, LTT_NO_CEV, 0) \
	X(11, PROCESS_EXEC, "exec", process_exec, NAME, PROCESS, LTT_NO_CEV, 0) \
	X(12, PROCESS_EXIT, "exit", process_exit, NONE, PROCESS, LTT_NO_CEV, 0) \
	X(13, PROCESS_WAKEUP, "wakeup", process_wakeup, NONE, SCHED, LTT_CEV(wakeup), \
	  LTT_EV_PROCESS_WAKEUP_SIZE_1_2) \
	X(14, SOFTIRQ_ENTRY, "softirq_entry", softirq, NONE, IRQ, LTT_NO_CEV, 0) \
	X(15, SOFTIRQ_EXIT, "softirq_exit", softirq, NONE, IRQ, LTT_NO_CEV, 0) \
	X(16, SIGNAL_SEND, "signal_send", signal_send, NONE, PROCESS, LTT_NO_CEV, 0) \
	X(17, SIGNAL_DELIVER, "signal_deliver", signal_deliver, NONE, PROCESS, LTT_NO_CEV, 0) \
	X(18, TASKLET_ENTRY, "tasklet_entry", tasklet, NONE, IRQ, LTT_NO_CEV, 0) \
	X(19, TASKLET_EXIT, "tasklet_exit", tasklet, NONE, IRQ, LTT_NO_CEV, 0) \
	X(20, TIMER_EXPIRE_ENTRY, "timer_expire_entry", timer_expire, NONE, IRQ, LTT_NO_CEV, 0) \
	X(21, TIMER_EXPIRE_EXIT, "timer_expire_exit", timer_expire, NONE, IRQ, LTT_NO_CEV, 0) \
	X(22, KTHREAD_CREATE, "kthread_create", kthread_create, NAME, PROCESS, LTT_NO_CEV, 0) \
	X(23, PROCESS_WAIT, "wait", process_wait, NONE, PROCESS, LTT_NO_CEV, 0) \
	X(24, FS_OPEN, "fs_open", fs_open, NAME, FILE, LTT_NO_CEV, 0) \
	X(25, FS_CLOSE, "fs_close", fs_close, NONE, FILE, LTT_NO_CEV, 0) \
	X(26, FS_READ, "fs_read", fs_rw, NONE, FILE, LTT_NO_CEV, 0) \
	X(27, FS_WRITE, "fs_write", fs_rw, NONE, FILE, LTT_NO_CEV, 0) \
	X(28, FS_LSEEK, "fs_lseek", fs_lseek, NONE, FILE, LTT_NO_CEV, 0) \
	X(29, FS_IOCTL, "fs_ioctl", fs_ioctl, NONE, FILE, LTT_NO_CEV, 0) \
	X(30, FS_SELECT, "fs_select", fs_select, NONE, FILE, LTT_NO_CEV, 0) \
	X(31, FS_POLL, "fs_poll", fs_select, NONE, FILE, LTT_NO_CEV, 0) \
	X(32, FS_BUF_WAIT_START, "fs_buf_wait_start", io_wait, NONE, FILE, LTT_NO_CEV, 0) \
	X(33, FS_BUF_WAIT_END, "fs_buf_wait_end", io_wait, NONE, FILE, LTT_NO_CEV, 0) \
	X(34, TIMER_SET_ITIMER, "timer_set_itimer", itimer, NONE, OTHER, LTT_NO_CEV, 0) \
	X(35, TIMER_SET_TIMEOUT, "timer_set_timeout", timeout, NONE, OTHER, LTT_NO_CEV, 0) \
	X(36, MEM_PAGE_ALLOC, "mem_page_alloc", page_alloc, NONE, MEMORY, LTT_NO_CEV, 0) \
	X(37, MEM_PAGE_FREE, "mem_page_free", page_free, NONE, MEMORY, LTT_NO_CEV, 0) \
	X(38, MEM_SWAP_IN, "mem_swap_in", swap, NONE, MEMORY, LTT_NO_CEV, 0) \
	X(39, MEM_SWAP_OUT, "mem_swap_out", swap, NONE, MEMORY, LTT_NO_CEV, 0) \
	X(40, MEM_PAGE_WAIT_START, "mem_page_wait_start", page_wait, NONE, MEMORY, LTT_NO_CEV, 0) \
	X(41, MEM_PAGE_WAIT_END, "mem_page_wait_end", page_wait, NONE, MEMORY, LTT_NO_CEV, 0) \
	X(42, SOCKET_CALL, "socket_call", socket_call, NONE, NET, LTT_NO_CEV, 0) \
	X(43, SOCKET_CREATE, "socket_create", socket_create, NONE, NET, LTT_NO_CEV, 0) \
	X(44, SOCKET_SEND, "socket_send", socket_io, PEER, NET, LTT_NO_CEV, 0) \
	X(45, SOCKET_RECV, "socket_recv", socket_io, PEER, NET, LTT_NO_CEV, 0) \
	X(46, IPC_CALL, "ipc_call", ipc_call, NONE, OTHER, LTT_NO_CEV, 0) \
	X(47, IPC_MSG_CREATE, "ipc_msg_create", ipc_create, NONE, OTHER, LTT_NO_CEV, 0) \
	X(48, IPC_SEM_CREATE, "ipc_sem_create", ipc_create, NONE, OTHER, LTT_NO_CEV, 0) \
	X(49, IPC_SHM_CREATE, "ipc_shm_create", ipc_create, NONE, OTHER, LTT_NO_CEV, 0) \
	X(50, NET_PACKET_IN, "net_packet_in", net_packet, PACKET, NET, LTT_NO_CEV, 0) \
	X(51, NET_PACKET_OUT, "net_packet_out", net_packet, PACKET, NET, LTT_NO_CEV, 0) \
	X(52, CHANGE_MASK, "change_mask", change_mask, NONE, OTHER, LTT_NO_CEV, 0) \
	X(53, CUSTOM_CREATE, "custom_create", custom_create, DECL, OTHER, LTT_NO_CEV, 0) \
	X(54, CUSTOM_DESTROY, "custom_destroy", custom_destroy, NONE, OTHER, LTT_NO_CEV, 0) \
	X(55, CUSTOM, "custom", custom, CUSTOM, OTHER, LTT_NO_CEV, 0) \
	X(56, PROCESS_REAP, "reap", process_reap, NONE, PROCESS, LTT_NO_CEV, 0) \
	X(57, SOFTIRQ_RAISE, "softirq_raise", softirq, NONE, IRQ, LTT_NO_CEV, 0) \
	X(58, SOCKET_ENDPOINT, "socket_endpoint", socket_endpoint, ENDPOINT, NET, LTT_NO_CEV, 0) \
	X(59, SOCKET_ACCEPT, "socket_accept", socket_endpoint, ENDPOINT, NET, LTT_NO_CEV, 0) \
	X(60, TRACE_START, "trace_start", trace_start, NONE, OTHER, LTT_NO_CEV, 0) \
	X(61, TIMERFD_SET, "timerfd_set", timerfd_set, NONE, OTHER, LTT_NO_CEV, 0) \
	X(62, TIMERFD_EXPIRE, "timerfd_expire", timerfd_expire, NONE, OTHER, LTT_NO_CEV, 0) \
	X(63, TIME_EXT, "time_ext", time_ext, NONE, OTHER, LTT_NO_CEV, 0) \
	LTT_EVENTS_EXTRA(X)

/*
 * Empty: tests/host/lttfmt.t defines it to one more line, to show that
 * an event without its field description does not build.
 */
#ifndef LTT_EVENTS_EXTRA
#define LTT_EVENTS_EXTRA(X)
#endif

#endif /* _UAPI_LINUX_LTT_EVENTS_H */
