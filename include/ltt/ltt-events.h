/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ltt-events.h - the one list of the LTT event types, for the user-space
 * tools and the tests.
 *
 * Each event type is one line of LTT_EVENTS() below; every table of the
 * tools that needs to know the events is an expansion of that list, as
 * lttng-modules' TRACE_EVENT headers are expanded into probes and
 * metadata:
 *   - the reader's payload sizes, names and variable parts
 *     (tracevisualizer/src/reader/record.c), the fields of every event
 *     (src/reader/fields.c: an event listed without its description does
 *     not build), the event classes (src/view/evclass.c);
 *   - traced's event names (traced/parse.c) and its --help;
 *   - the tests' Python view of the format (tests/lib/lttfmt.py reads
 *     this file; tests/host/lttfmt.t checks it against the C structs).
 *
 * The ids themselves are enum ltt_event_id of ltt-abi.h, the kernel's
 * ABI: the kernel patch carries ltt-abi.h, and the kernel's
 * checkpatch.pl refuses a list macro like this one, so the kernel's own
 * copy holds no list.  LTT_EV_IDS there (one more than the highest id)
 * sizes the kernel's per-event static keys and the module's lost-by-type
 * counters; record.c checks at compile time that this list reaches it,
 * and tests/host/lttfmt.t that every id of the enum has its line here.
 *
 * The columns of X(SYM, name, payload, var, class, compact, old):
 *   SYM      the event's id is LTT_EV_<SYM> (ltt-abi.h)
 *   name     the event's name in every tool (traced -e, tracevisualizer
 *            --type, dump, JSON, CTF)
 *   payload  the payload struct is struct ltt_ev_<payload> (ltt-abi.h)
 *   var      what follows the payload (LTT_VAR_<var>, below)
 *   class    the group the views colour and filter by (LTTR_EVCLASS_<class>
 *            of tracevisualizer's view model): SYSCALL, TRAP, IRQ, SCHED,
 *            PROCESS, FILE, MEMORY, NET or OTHER
 *   compact  the size of its compact form (format 1.2, LTT_REC_COMPACT):
 *            LTT_CEV(tag) for struct ltt_cev_<tag>, or LTT_NO_CEV; the
 *            module compacts with ltt_compact_event() of ltt-abi.h, and
 *            lttfmt.t checks that ltt_compact_size() says the same
 *   old      the payload size an older format wrote shorter (the rest of
 *            the struct is unknown in such a record), or 0
 * Lines are in id order.
 *
 * Adding an event: its id before LTT_EV_IDS in ltt-abi.h, its payload
 * struct there, a format minor and LTT_ABI_VERSION bump
 * (scripts/sync-abi-patch copies ltt-abi.h into the kernel patch), its
 * line here, its kernel site (patches/), and its description in
 * tracevisualizer/src/reader/fields.c.  docs/design.md has the recipe.
 */
#ifndef _LTT_EVENTS_H
#define _LTT_EVENTS_H

#include "ltt-abi.h"

/* what follows an event's payload struct in its record */
enum ltt_ev_var {
	LTT_VAR_NONE,		/* nothing */
	LTT_VAR_NAME,		/* a NUL-terminated name (file, command) */
	LTT_VAR_PEER,		/* peer_len bytes of a socket address */
	LTT_VAR_PACKET,		/* caplen bytes of a packet */
	LTT_VAR_DECL,		/* a custom event's name and format */
	LTT_VAR_CUSTOM,		/* size bytes of a custom event's payload */
	LTT_VAR_ENDPOINT,	/* a socket's local and peer addresses */
	LTT_VAR_STACK,		/* kernel_nr + user_nr 64-bit addresses */
	LTT_VAR_MARKER,		/* name_len bytes of name, text_len of text */
};

#define LTT_CEV(tag)	sizeof(struct ltt_cev_##tag)
#define LTT_NO_CEV	0

#define LTT_EVENTS(X) \
	X(SYSCALL_ENTRY, "syscall_entry", syscall_entry, NONE, SYSCALL, LTT_CEV(syscall_entry), 0) \
	X(SYSCALL_EXIT, "syscall_exit", syscall_exit, NONE, SYSCALL, LTT_CEV(syscall_exit), 0) \
	X(TRAP_ENTRY, "trap_entry", trap_entry, NONE, TRAP, LTT_CEV(trap_entry), 0) \
	X(TRAP_EXIT, "trap_exit", trap_exit, NONE, TRAP, LTT_NO_CEV, 0) \
	X(IRQ_ENTRY, "irq_entry", irq_entry, NONE, IRQ, LTT_CEV(irq), 0) \
	X(IRQ_EXIT, "irq_exit", irq_exit, NONE, IRQ, LTT_CEV(irq), 0) \
	X(SCHEDCHANGE, "schedchange", schedchange, NONE, SCHED, LTT_CEV(schedchange), \
	  LTT_EV_SCHEDCHANGE_SIZE_1_2) \
	X(PROCESS_FORK, "fork", process_fork, NONE, PROCESS, LTT_NO_CEV, 0) \
	X(PROCESS_EXEC, "exec", process_exec, NAME, PROCESS, LTT_NO_CEV, 0) \
	X(PROCESS_EXIT, "exit", process_exit, NONE, PROCESS, LTT_NO_CEV, 0) \
	X(PROCESS_WAKEUP, "wakeup", process_wakeup, NONE, SCHED, LTT_CEV(wakeup), \
	  LTT_EV_PROCESS_WAKEUP_SIZE_1_2) \
	X(SOFTIRQ_ENTRY, "softirq_entry", softirq, NONE, IRQ, LTT_NO_CEV, 0) \
	X(SOFTIRQ_EXIT, "softirq_exit", softirq, NONE, IRQ, LTT_NO_CEV, 0) \
	X(SIGNAL_SEND, "signal_send", signal_send, NONE, PROCESS, LTT_NO_CEV, 0) \
	X(SIGNAL_DELIVER, "signal_deliver", signal_deliver, NONE, PROCESS, LTT_NO_CEV, 0) \
	X(TASKLET_ENTRY, "tasklet_entry", tasklet, NONE, IRQ, LTT_NO_CEV, 0) \
	X(TASKLET_EXIT, "tasklet_exit", tasklet, NONE, IRQ, LTT_NO_CEV, 0) \
	X(TIMER_EXPIRE_ENTRY, "timer_expire_entry", timer_expire, NONE, IRQ, LTT_NO_CEV, 0) \
	X(TIMER_EXPIRE_EXIT, "timer_expire_exit", timer_expire, NONE, IRQ, LTT_NO_CEV, 0) \
	X(KTHREAD_CREATE, "kthread_create", kthread_create, NAME, PROCESS, LTT_NO_CEV, 0) \
	X(PROCESS_WAIT, "wait", process_wait, NONE, PROCESS, LTT_NO_CEV, 0) \
	X(FS_OPEN, "fs_open", fs_open, NAME, FILE, LTT_NO_CEV, 0) \
	X(FS_CLOSE, "fs_close", fs_close, NONE, FILE, LTT_NO_CEV, 0) \
	X(FS_READ, "fs_read", fs_rw, NONE, FILE, LTT_NO_CEV, 0) \
	X(FS_WRITE, "fs_write", fs_rw, NONE, FILE, LTT_NO_CEV, 0) \
	X(FS_LSEEK, "fs_lseek", fs_lseek, NONE, FILE, LTT_NO_CEV, 0) \
	X(FS_IOCTL, "fs_ioctl", fs_ioctl, NONE, FILE, LTT_NO_CEV, 0) \
	X(FS_SELECT, "fs_select", fs_select, NONE, FILE, LTT_NO_CEV, 0) \
	X(FS_POLL, "fs_poll", fs_select, NONE, FILE, LTT_NO_CEV, 0) \
	X(FS_BUF_WAIT_START, "fs_buf_wait_start", io_wait, NONE, FILE, LTT_NO_CEV, 0) \
	X(FS_BUF_WAIT_END, "fs_buf_wait_end", io_wait, NONE, FILE, LTT_NO_CEV, 0) \
	X(TIMER_SET_ITIMER, "timer_set_itimer", itimer, NONE, OTHER, LTT_NO_CEV, 0) \
	X(TIMER_SET_TIMEOUT, "timer_set_timeout", timeout, NONE, OTHER, LTT_NO_CEV, 0) \
	X(MEM_PAGE_ALLOC, "mem_page_alloc", page_alloc, NONE, MEMORY, LTT_NO_CEV, 0) \
	X(MEM_PAGE_FREE, "mem_page_free", page_free, NONE, MEMORY, LTT_NO_CEV, 0) \
	X(MEM_SWAP_IN, "mem_swap_in", swap, NONE, MEMORY, LTT_NO_CEV, 0) \
	X(MEM_SWAP_OUT, "mem_swap_out", swap, NONE, MEMORY, LTT_NO_CEV, 0) \
	X(MEM_PAGE_WAIT_START, "mem_page_wait_start", page_wait, NONE, MEMORY, LTT_NO_CEV, 0) \
	X(MEM_PAGE_WAIT_END, "mem_page_wait_end", page_wait, NONE, MEMORY, LTT_NO_CEV, 0) \
	X(SOCKET_CALL, "socket_call", socket_call, NONE, NET, LTT_NO_CEV, 0) \
	X(SOCKET_CREATE, "socket_create", socket_create, NONE, NET, LTT_NO_CEV, 0) \
	X(SOCKET_SEND, "socket_send", socket_io, PEER, NET, LTT_NO_CEV, 0) \
	X(SOCKET_RECV, "socket_recv", socket_io, PEER, NET, LTT_NO_CEV, 0) \
	X(IPC_CALL, "ipc_call", ipc_call, NONE, OTHER, LTT_NO_CEV, 0) \
	X(IPC_MSG_CREATE, "ipc_msg_create", ipc_create, NONE, OTHER, LTT_NO_CEV, 0) \
	X(IPC_SEM_CREATE, "ipc_sem_create", ipc_create, NONE, OTHER, LTT_NO_CEV, 0) \
	X(IPC_SHM_CREATE, "ipc_shm_create", ipc_create, NONE, OTHER, LTT_NO_CEV, 0) \
	X(NET_PACKET_IN, "net_packet_in", net_packet, PACKET, NET, LTT_NO_CEV, 0) \
	X(NET_PACKET_OUT, "net_packet_out", net_packet, PACKET, NET, LTT_NO_CEV, 0) \
	X(CHANGE_MASK, "change_mask", change_mask, NONE, OTHER, LTT_NO_CEV, 0) \
	X(CUSTOM_CREATE, "custom_create", custom_create, DECL, OTHER, LTT_NO_CEV, 0) \
	X(CUSTOM_DESTROY, "custom_destroy", custom_destroy, NONE, OTHER, LTT_NO_CEV, 0) \
	X(CUSTOM, "custom", custom, CUSTOM, OTHER, LTT_NO_CEV, 0) \
	X(PROCESS_REAP, "reap", process_reap, NONE, PROCESS, LTT_NO_CEV, 0) \
	X(SOFTIRQ_RAISE, "softirq_raise", softirq, NONE, IRQ, LTT_NO_CEV, 0) \
	X(SOCKET_ENDPOINT, "socket_endpoint", socket_endpoint, ENDPOINT, NET, LTT_NO_CEV, 0) \
	X(SOCKET_ACCEPT, "socket_accept", socket_endpoint, ENDPOINT, NET, LTT_NO_CEV, 0) \
	X(TRACE_START, "trace_start", trace_start, NONE, OTHER, LTT_NO_CEV, 0) \
	X(TIMERFD_SET, "timerfd_set", timerfd_set, NONE, OTHER, LTT_NO_CEV, 0) \
	X(TIMERFD_EXPIRE, "timerfd_expire", timerfd_expire, NONE, OTHER, LTT_NO_CEV, 0) \
	X(TIME_EXT, "time_ext", time_ext, NONE, OTHER, LTT_NO_CEV, 0) \
	X(FS_DUP, "fs_dup", fs_dup, NONE, FILE, LTT_NO_CEV, 0) \
	X(FS_PIPE, "fs_pipe", fs_pipe, NONE, FILE, LTT_NO_CEV, 0) \
	X(STACK, "stack", stack, STACK, OTHER, LTT_NO_CEV, 0) \
	X(SAMPLE, "sample", sample, NONE, OTHER, LTT_NO_CEV, 0) \
	X(MMAP, "mmap", mmap, NAME, MEMORY, LTT_NO_CEV, 0) \
	X(MARKER, "marker", marker, MARKER, OTHER, LTT_NO_CEV, 0) \
	X(BLOCK_RQ_ISSUE, "block_rq_issue", block_rq_issue, NONE, FILE, LTT_NO_CEV, 0) \
	X(BLOCK_RQ_COMPLETE, "block_rq_complete", block_rq_complete, NONE, FILE, LTT_NO_CEV, 0) \
	X(LOCK_CONTEND, "lock_contend", lock_contend, NONE, SCHED, LTT_NO_CEV, 0) \
	X(TASK_RENAME, "task_rename", task_rename, NAME, PROCESS, LTT_NO_CEV, 0) \
	LTT_EVENTS_EXTRA(X)

/*
 * Empty: tests/host/lttfmt.t defines it to one more line, to show that
 * an event without its field description does not build.
 */
#ifndef LTT_EVENTS_EXTRA
#define LTT_EVENTS_EXTRA(X)
#endif

/*
 * LTT_EV_LISTED_IDS: one more than the highest id listed (a union of one
 * char array per event, of its id + 1 chars, is as large as the
 * largest); record.c checks that it is LTT_EV_IDS.
 */
#define LTT_EV_ID_SLOT(sym, ...)	char ltt_ev_slot_##sym[LTT_EV_##sym + 1];
union ltt_ev_id_slots {
	LTT_EVENTS(LTT_EV_ID_SLOT)
};
#undef LTT_EV_ID_SLOT
#define LTT_EV_LISTED_IDS	sizeof(union ltt_ev_id_slots)

#endif /* _LTT_EVENTS_H */
