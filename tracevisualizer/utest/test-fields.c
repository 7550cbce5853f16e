// SPDX-License-Identifier: GPL-2.0
/*
 * test-fields.c - the table of event fields (lttr/reader/fields.h) against
 * the ABI: every known id has its fields, names are unique, every field
 * read from the payload is the struct member the expectations below name
 * (offsetof, sizeof and signedness taken from include/ltt/ltt-abi.h), and
 * the values lttr_field_get() gives for synthetic events.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ltt/ltt-events.h>
#include "tap.h"
#include "tracegen.h"
#include <lttr/view/evclass.h>

#define SIGNED_OF(x)	_Generic((x), __s8: true, __s16: true, __s32: true, \
				 __s64: true, default: false)

/* one field of an event id that reads payload member T.m */
struct member {
	unsigned int id;
	const char *field;
	size_t offset;
	size_t size;
	bool is_signed;
	size_t struct_size;
};

#define E(idv, key, T, m) \
	{ idv, key, offsetof(T, m), sizeof(((T *)0)->m), \
	  SIGNED_OF(((T *)0)->m), sizeof(T) }

/* what each field read (or named) from the payload is, per the ABI */
static const struct member expected[] = {
	E(LTT_EV_SYSCALL_ENTRY, "nr", struct ltt_ev_syscall_entry, nr),
	E(LTT_EV_SYSCALL_ENTRY, "name", struct ltt_ev_syscall_entry, nr),
	E(LTT_EV_SYSCALL_ENTRY, "ip", struct ltt_ev_syscall_entry, ip),
	E(LTT_EV_SYSCALL_EXIT, "nr", struct ltt_ev_syscall_exit, nr),
	E(LTT_EV_SYSCALL_EXIT, "name", struct ltt_ev_syscall_exit, nr),
	E(LTT_EV_SYSCALL_EXIT, "ret", struct ltt_ev_syscall_exit, ret),
	E(LTT_EV_TRAP_ENTRY, "vector", struct ltt_ev_trap_entry, vector),
	E(LTT_EV_TRAP_ENTRY, "name", struct ltt_ev_trap_entry, vector),
	E(LTT_EV_TRAP_ENTRY, "address", struct ltt_ev_trap_entry, address),
	E(LTT_EV_TRAP_ENTRY, "ip", struct ltt_ev_trap_entry, ip),
	E(LTT_EV_TRAP_ENTRY, "user", struct ltt_ev_trap_entry, flags),
	E(LTT_EV_TRAP_EXIT, "vector", struct ltt_ev_trap_exit, vector),
	E(LTT_EV_TRAP_EXIT, "name", struct ltt_ev_trap_exit, vector),
	E(LTT_EV_IRQ_ENTRY, "irq", struct ltt_ev_irq_entry, irq),
	E(LTT_EV_IRQ_ENTRY, "sysvec", struct ltt_ev_irq_entry, flags),
	E(LTT_EV_IRQ_ENTRY, "user", struct ltt_ev_irq_entry, flags),
	E(LTT_EV_IRQ_ENTRY, "name", struct ltt_ev_irq_entry, irq),
	E(LTT_EV_IRQ_EXIT, "irq", struct ltt_ev_irq_exit, irq),
	E(LTT_EV_IRQ_EXIT, "sysvec", struct ltt_ev_irq_exit, flags),
	E(LTT_EV_SCHEDCHANGE, "prev_pid", struct ltt_ev_schedchange, prev_pid),
	E(LTT_EV_SCHEDCHANGE, "next_pid", struct ltt_ev_schedchange, next_pid),
	E(LTT_EV_SCHEDCHANGE, "prev_state", struct ltt_ev_schedchange, prev_state),
	E(LTT_EV_SCHEDCHANGE, "prev_prio", struct ltt_ev_schedchange, prev_prio),
	E(LTT_EV_SCHEDCHANGE, "prev_policy", struct ltt_ev_schedchange, prev_policy),
	E(LTT_EV_SCHEDCHANGE, "next_prio", struct ltt_ev_schedchange, next_prio),
	E(LTT_EV_SCHEDCHANGE, "next_policy", struct ltt_ev_schedchange, next_policy),
	E(LTT_EV_PROCESS_FORK, "parent", struct ltt_ev_process_fork, parent_pid),
	E(LTT_EV_PROCESS_FORK, "child", struct ltt_ev_process_fork, child_pid),
	E(LTT_EV_PROCESS_FORK, "tgid", struct ltt_ev_process_fork, child_tgid),
	E(LTT_EV_PROCESS_FORK, "thread", struct ltt_ev_process_fork, flags),
	E(LTT_EV_PROCESS_FORK, "kthread", struct ltt_ev_process_fork, flags),
	E(LTT_EV_PROCESS_FORK, "clone_flags", struct ltt_ev_process_fork, clone_flags),
	E(LTT_EV_PROCESS_EXEC, "pid", struct ltt_ev_process_exec, pid),
	E(LTT_EV_PROCESS_EXIT, "pid", struct ltt_ev_process_exit, pid),
	E(LTT_EV_PROCESS_EXIT, "code", struct ltt_ev_process_exit, code),
	E(LTT_EV_PROCESS_WAKEUP, "pid", struct ltt_ev_process_wakeup, pid),
	E(LTT_EV_PROCESS_WAKEUP, "cpu", struct ltt_ev_process_wakeup, cpu),
	E(LTT_EV_PROCESS_WAKEUP, "new", struct ltt_ev_process_wakeup, flags),
	E(LTT_EV_PROCESS_WAKEUP, "prio", struct ltt_ev_process_wakeup, prio),
	E(LTT_EV_PROCESS_WAKEUP, "policy", struct ltt_ev_process_wakeup, policy),
	E(LTT_EV_PROCESS_WAKEUP, "waker_prio", struct ltt_ev_process_wakeup, waker_prio),
	E(LTT_EV_PROCESS_WAKEUP, "waker_policy", struct ltt_ev_process_wakeup, waker_policy),
	E(LTT_EV_SOFTIRQ_ENTRY, "vec", struct ltt_ev_softirq, vec),
	E(LTT_EV_SOFTIRQ_ENTRY, "name", struct ltt_ev_softirq, vec),
	E(LTT_EV_SOFTIRQ_EXIT, "vec", struct ltt_ev_softirq, vec),
	E(LTT_EV_SOFTIRQ_EXIT, "name", struct ltt_ev_softirq, vec),
	E(LTT_EV_SIGNAL_SEND, "sig", struct ltt_ev_signal_send, sig),
	E(LTT_EV_SIGNAL_SEND, "name", struct ltt_ev_signal_send, sig),
	E(LTT_EV_SIGNAL_SEND, "pid", struct ltt_ev_signal_send, pid),
	E(LTT_EV_SIGNAL_SEND, "result", struct ltt_ev_signal_send, result),
	E(LTT_EV_SIGNAL_DELIVER, "sig", struct ltt_ev_signal_deliver, sig),
	E(LTT_EV_SIGNAL_DELIVER, "name", struct ltt_ev_signal_deliver, sig),
	E(LTT_EV_SIGNAL_DELIVER, "handler", struct ltt_ev_signal_deliver, handler),
	E(LTT_EV_SIGNAL_DELIVER, "default", struct ltt_ev_signal_deliver, handler),
	E(LTT_EV_SIGNAL_DELIVER, "ignored", struct ltt_ev_signal_deliver, handler),
	E(LTT_EV_TASKLET_ENTRY, "func", struct ltt_ev_tasklet, func),
	E(LTT_EV_TASKLET_ENTRY, "flags", struct ltt_ev_tasklet, flags),
	E(LTT_EV_TASKLET_ENTRY, "hi", struct ltt_ev_tasklet, flags),
	E(LTT_EV_TASKLET_EXIT, "func", struct ltt_ev_tasklet, func),
	E(LTT_EV_TASKLET_EXIT, "flags", struct ltt_ev_tasklet, flags),
	E(LTT_EV_TASKLET_EXIT, "hi", struct ltt_ev_tasklet, flags),
	E(LTT_EV_TIMER_EXPIRE_ENTRY, "func", struct ltt_ev_timer_expire, func),
	E(LTT_EV_TIMER_EXPIRE_ENTRY, "kind", struct ltt_ev_timer_expire, kind),
	E(LTT_EV_TIMER_EXPIRE_EXIT, "func", struct ltt_ev_timer_expire, func),
	E(LTT_EV_TIMER_EXPIRE_EXIT, "kind", struct ltt_ev_timer_expire, kind),
	E(LTT_EV_KTHREAD_CREATE, "threadfn", struct ltt_ev_kthread_create, threadfn),
	E(LTT_EV_KTHREAD_CREATE, "pid", struct ltt_ev_kthread_create, pid),
	E(LTT_EV_PROCESS_WAIT, "pid", struct ltt_ev_process_wait, pid),
	E(LTT_EV_PROCESS_WAIT, "options", struct ltt_ev_process_wait, options),
	E(LTT_EV_FS_OPEN, "fd", struct ltt_ev_fs_open, fd),
	E(LTT_EV_FS_OPEN, "flags", struct ltt_ev_fs_open, flags),
	E(LTT_EV_FS_OPEN, "mode", struct ltt_ev_fs_open, mode),
	E(LTT_EV_FS_CLOSE, "fd", struct ltt_ev_fs_close, fd),
	E(LTT_EV_FS_READ, "count", struct ltt_ev_fs_rw, count),
	E(LTT_EV_FS_READ, "ret", struct ltt_ev_fs_rw, ret),
	E(LTT_EV_FS_READ, "fd", struct ltt_ev_fs_rw, fd),
	E(LTT_EV_FS_WRITE, "count", struct ltt_ev_fs_rw, count),
	E(LTT_EV_FS_WRITE, "ret", struct ltt_ev_fs_rw, ret),
	E(LTT_EV_FS_WRITE, "fd", struct ltt_ev_fs_rw, fd),
	E(LTT_EV_FS_LSEEK, "offset", struct ltt_ev_fs_lseek, offset),
	E(LTT_EV_FS_LSEEK, "ret", struct ltt_ev_fs_lseek, ret),
	E(LTT_EV_FS_LSEEK, "fd", struct ltt_ev_fs_lseek, fd),
	E(LTT_EV_FS_LSEEK, "whence", struct ltt_ev_fs_lseek, whence),
	E(LTT_EV_FS_IOCTL, "arg", struct ltt_ev_fs_ioctl, arg),
	E(LTT_EV_FS_IOCTL, "fd", struct ltt_ev_fs_ioctl, fd),
	E(LTT_EV_FS_IOCTL, "cmd", struct ltt_ev_fs_ioctl, cmd),
	E(LTT_EV_FS_SELECT, "timeout_ns", struct ltt_ev_fs_select, timeout_ns),
	E(LTT_EV_FS_SELECT, "nfds", struct ltt_ev_fs_select, nfds),
	E(LTT_EV_FS_POLL, "timeout_ns", struct ltt_ev_fs_select, timeout_ns),
	E(LTT_EV_FS_POLL, "nfds", struct ltt_ev_fs_select, nfds),
	E(LTT_EV_FS_BUF_WAIT_START, "timeout_ns", struct ltt_ev_io_wait, timeout_ns),
	E(LTT_EV_FS_BUF_WAIT_END, "timeout_ns", struct ltt_ev_io_wait, timeout_ns),
	E(LTT_EV_TIMER_SET_ITIMER, "interval_ns", struct ltt_ev_itimer, interval_ns),
	E(LTT_EV_TIMER_SET_ITIMER, "value_ns", struct ltt_ev_itimer, value_ns),
	E(LTT_EV_TIMER_SET_ITIMER, "which", struct ltt_ev_itimer, which),
	E(LTT_EV_TIMER_SET_TIMEOUT, "timeout_ns", struct ltt_ev_timeout, timeout_ns),
	E(LTT_EV_TIMER_SET_TIMEOUT, "kind", struct ltt_ev_timeout, kind),
	E(LTT_EV_MEM_PAGE_ALLOC, "pfn", struct ltt_ev_page_alloc, pfn),
	E(LTT_EV_MEM_PAGE_ALLOC, "order", struct ltt_ev_page_alloc, order),
	E(LTT_EV_MEM_PAGE_ALLOC, "gfp", struct ltt_ev_page_alloc, gfp),
	E(LTT_EV_MEM_PAGE_FREE, "pfn", struct ltt_ev_page_free, pfn),
	E(LTT_EV_MEM_PAGE_FREE, "order", struct ltt_ev_page_free, order),
	E(LTT_EV_MEM_SWAP_IN, "pfn", struct ltt_ev_swap, pfn),
	E(LTT_EV_MEM_SWAP_IN, "entry", struct ltt_ev_swap, entry),
	E(LTT_EV_MEM_SWAP_OUT, "pfn", struct ltt_ev_swap, pfn),
	E(LTT_EV_MEM_SWAP_OUT, "entry", struct ltt_ev_swap, entry),
	E(LTT_EV_MEM_PAGE_WAIT_START, "pfn", struct ltt_ev_page_wait, pfn),
	E(LTT_EV_MEM_PAGE_WAIT_START, "bit", struct ltt_ev_page_wait, bit),
	E(LTT_EV_MEM_PAGE_WAIT_END, "pfn", struct ltt_ev_page_wait, pfn),
	E(LTT_EV_MEM_PAGE_WAIT_END, "bit", struct ltt_ev_page_wait, bit),
	E(LTT_EV_SOCKET_CALL, "call", struct ltt_ev_socket_call, call),
	E(LTT_EV_SOCKET_CALL, "fd", struct ltt_ev_socket_call, fd),
	E(LTT_EV_SOCKET_CALL, "name", struct ltt_ev_socket_call, call),
	E(LTT_EV_SOCKET_CREATE, "ino", struct ltt_ev_socket_create, ino),
	E(LTT_EV_SOCKET_CREATE, "fd", struct ltt_ev_socket_create, fd),
	E(LTT_EV_SOCKET_CREATE, "family", struct ltt_ev_socket_create, family),
	E(LTT_EV_SOCKET_CREATE, "type", struct ltt_ev_socket_create, type),
	E(LTT_EV_SOCKET_CREATE, "protocol", struct ltt_ev_socket_create, protocol),
	E(LTT_EV_SOCKET_SEND, "ino", struct ltt_ev_socket_io, ino),
	E(LTT_EV_SOCKET_SEND, "size", struct ltt_ev_socket_io, size),
	E(LTT_EV_SOCKET_SEND, "ret", struct ltt_ev_socket_io, ret),
	E(LTT_EV_SOCKET_SEND, "family", struct ltt_ev_socket_io, family),
	E(LTT_EV_SOCKET_SEND, "type", struct ltt_ev_socket_io, type),
	E(LTT_EV_SOCKET_SEND, "peer_len", struct ltt_ev_socket_io, peer_len),
	E(LTT_EV_SOCKET_RECV, "ino", struct ltt_ev_socket_io, ino),
	E(LTT_EV_SOCKET_RECV, "size", struct ltt_ev_socket_io, size),
	E(LTT_EV_SOCKET_RECV, "ret", struct ltt_ev_socket_io, ret),
	E(LTT_EV_SOCKET_RECV, "family", struct ltt_ev_socket_io, family),
	E(LTT_EV_SOCKET_RECV, "type", struct ltt_ev_socket_io, type),
	E(LTT_EV_SOCKET_RECV, "peer_len", struct ltt_ev_socket_io, peer_len),
#define SOCKET_EP(id)							\
	E(id, "ino", struct ltt_ev_socket_endpoint, ino),		\
	E(id, "listen_ino", struct ltt_ev_socket_endpoint, listen_ino),	\
	E(id, "fd", struct ltt_ev_socket_endpoint, fd),			\
	E(id, "result", struct ltt_ev_socket_endpoint, result),		\
	E(id, "call", struct ltt_ev_socket_endpoint, call),		\
	E(id, "name", struct ltt_ev_socket_endpoint, call),		\
	E(id, "family", struct ltt_ev_socket_endpoint, family),		\
	E(id, "type", struct ltt_ev_socket_endpoint, type),		\
	E(id, "protocol", struct ltt_ev_socket_endpoint, protocol),	\
	E(id, "local_len", struct ltt_ev_socket_endpoint, local_len),	\
	E(id, "peer_len", struct ltt_ev_socket_endpoint, peer_len)
	E(LTT_EV_TIMERFD_SET, "timer", struct ltt_ev_timerfd_set, timer),
	E(LTT_EV_TIMERFD_SET, "fd", struct ltt_ev_timerfd_set, fd),
	E(LTT_EV_TIMERFD_SET, "clockid", struct ltt_ev_timerfd_set, clockid),
	E(LTT_EV_TIMERFD_SET, "abstime", struct ltt_ev_timerfd_set, flags),
	E(LTT_EV_TIMERFD_SET, "cancel_on_set", struct ltt_ev_timerfd_set, flags),
	E(LTT_EV_TIMERFD_SET, "value_ns", struct ltt_ev_timerfd_set, value_ns),
	E(LTT_EV_TIMERFD_SET, "interval_ns", struct ltt_ev_timerfd_set, interval_ns),
	E(LTT_EV_TIMERFD_SET, "expires_ns", struct ltt_ev_timerfd_set, expires_ns),
	E(LTT_EV_TIMERFD_EXPIRE, "timer", struct ltt_ev_timerfd_expire, timer),
	E(LTT_EV_TIMERFD_EXPIRE, "expires_ns", struct ltt_ev_timerfd_expire, expires_ns),
	E(LTT_EV_TIMERFD_EXPIRE, "interval_ns", struct ltt_ev_timerfd_expire, interval_ns),
	E(LTT_EV_TIMERFD_EXPIRE, "ticks", struct ltt_ev_timerfd_expire, ticks),
	SOCKET_EP(LTT_EV_SOCKET_ENDPOINT),
	SOCKET_EP(LTT_EV_SOCKET_ACCEPT),
#undef SOCKET_EP
	E(LTT_EV_IPC_CALL, "call", struct ltt_ev_ipc_call, call),
	E(LTT_EV_IPC_CALL, "id", struct ltt_ev_ipc_call, id),
	E(LTT_EV_IPC_CALL, "name", struct ltt_ev_ipc_call, call),
	E(LTT_EV_IPC_MSG_CREATE, "size", struct ltt_ev_ipc_create, size),
	E(LTT_EV_IPC_MSG_CREATE, "key", struct ltt_ev_ipc_create, key),
	E(LTT_EV_IPC_MSG_CREATE, "id", struct ltt_ev_ipc_create, id),
	E(LTT_EV_IPC_MSG_CREATE, "flags", struct ltt_ev_ipc_create, flags),
	E(LTT_EV_IPC_SEM_CREATE, "size", struct ltt_ev_ipc_create, size),
	E(LTT_EV_IPC_SEM_CREATE, "key", struct ltt_ev_ipc_create, key),
	E(LTT_EV_IPC_SEM_CREATE, "id", struct ltt_ev_ipc_create, id),
	E(LTT_EV_IPC_SEM_CREATE, "flags", struct ltt_ev_ipc_create, flags),
	E(LTT_EV_IPC_SHM_CREATE, "size", struct ltt_ev_ipc_create, size),
	E(LTT_EV_IPC_SHM_CREATE, "key", struct ltt_ev_ipc_create, key),
	E(LTT_EV_IPC_SHM_CREATE, "id", struct ltt_ev_ipc_create, id),
	E(LTT_EV_IPC_SHM_CREATE, "flags", struct ltt_ev_ipc_create, flags),
	E(LTT_EV_NET_PACKET_IN, "ifindex", struct ltt_ev_net_packet, ifindex),
	E(LTT_EV_NET_PACKET_IN, "len", struct ltt_ev_net_packet, len),
	E(LTT_EV_NET_PACKET_IN, "protocol", struct ltt_ev_net_packet, protocol),
	E(LTT_EV_NET_PACKET_IN, "link_type", struct ltt_ev_net_packet, link_type),
	E(LTT_EV_NET_PACKET_IN, "caplen", struct ltt_ev_net_packet, caplen),
	E(LTT_EV_NET_PACKET_IN, "ifname", struct ltt_ev_net_packet, ifindex),
	E(LTT_EV_NET_PACKET_OUT, "ifindex", struct ltt_ev_net_packet, ifindex),
	E(LTT_EV_NET_PACKET_OUT, "len", struct ltt_ev_net_packet, len),
	E(LTT_EV_NET_PACKET_OUT, "protocol", struct ltt_ev_net_packet, protocol),
	E(LTT_EV_NET_PACKET_OUT, "link_type", struct ltt_ev_net_packet, link_type),
	E(LTT_EV_NET_PACKET_OUT, "caplen", struct ltt_ev_net_packet, caplen),
	E(LTT_EV_NET_PACKET_OUT, "ifname", struct ltt_ev_net_packet, ifindex),
	E(LTT_EV_CUSTOM_CREATE, "type_id", struct ltt_ev_custom_create, type_id),
	E(LTT_EV_CUSTOM_CREATE, "kind", struct ltt_ev_custom_create, kind),
	E(LTT_EV_CUSTOM_DESTROY, "type_id", struct ltt_ev_custom_destroy, type_id),
	E(LTT_EV_CUSTOM, "type_id", struct ltt_ev_custom, type_id),
	E(LTT_EV_CUSTOM, "name", struct ltt_ev_custom, type_id),
	E(LTT_EV_CUSTOM, "size", struct ltt_ev_custom, size),
	E(LTT_EV_PROCESS_REAP, "pid", struct ltt_ev_process_reap, pid),
	E(LTT_EV_PROCESS_REAP, "tgid", struct ltt_ev_process_reap, tgid),
	E(LTT_EV_SOFTIRQ_RAISE, "vec", struct ltt_ev_softirq, vec),
	E(LTT_EV_SOFTIRQ_RAISE, "name", struct ltt_ev_softirq, vec),
	E(LTT_EV_TRACE_START, "pid", struct ltt_ev_trace_start, pid),
	E(LTT_EV_TRACE_START, "cpu", struct ltt_ev_trace_start, cpu),
	E(LTT_EV_TIME_EXT, "base_ns", struct ltt_ev_time_ext, base_ns),
	E(LTT_EV_FS_DUP, "oldfd", struct ltt_ev_fs_dup, oldfd),
	E(LTT_EV_FS_DUP, "newfd", struct ltt_ev_fs_dup, newfd),
	E(LTT_EV_FS_DUP, "cloexec", struct ltt_ev_fs_dup, flags),
	E(LTT_EV_FS_DUP, "call", struct ltt_ev_fs_dup, call),
	E(LTT_EV_FS_PIPE, "rfd", struct ltt_ev_fs_pipe, rfd),
	E(LTT_EV_FS_PIPE, "wfd", struct ltt_ev_fs_pipe, wfd),
	E(LTT_EV_FS_PIPE, "ino", struct ltt_ev_fs_pipe, ino),
	E(LTT_EV_FS_PIPE, "flags", struct ltt_ev_fs_pipe, flags),
	E(LTT_EV_STACK, "pid", struct ltt_ev_stack, pid),
	E(LTT_EV_STACK, "of_id", struct ltt_ev_stack, of_id),
	E(LTT_EV_STACK, "flags", struct ltt_ev_stack, flags),
	E(LTT_EV_STACK, "kernel_nr", struct ltt_ev_stack, kernel_nr),
	E(LTT_EV_STACK, "user_nr", struct ltt_ev_stack, user_nr),
	E(LTT_EV_SAMPLE, "ip", struct ltt_ev_sample, ip),
	E(LTT_EV_SAMPLE, "pid", struct ltt_ev_sample, pid),
	E(LTT_EV_SAMPLE, "user", struct ltt_ev_sample, flags),
	E(LTT_EV_MMAP, "kind", struct ltt_ev_mmap, kind),
	E(LTT_EV_MMAP, "pid", struct ltt_ev_mmap, pid),
	E(LTT_EV_MMAP, "start", struct ltt_ev_mmap, start),
	E(LTT_EV_MMAP, "len", struct ltt_ev_mmap, len),
	E(LTT_EV_MMAP, "pgoff", struct ltt_ev_mmap, pgoff),
	E(LTT_EV_MMAP, "ino", struct ltt_ev_mmap, ino),
	E(LTT_EV_MMAP, "dev", struct ltt_ev_mmap, dev),
	E(LTT_EV_MMAP, "read", struct ltt_ev_mmap, prot),
	E(LTT_EV_MMAP, "write", struct ltt_ev_mmap, prot),
	E(LTT_EV_MMAP, "exec", struct ltt_ev_mmap, prot),
	E(LTT_EV_MMAP, "file", struct ltt_ev_mmap, flags),
	E(LTT_EV_MMAP, "shared", struct ltt_ev_mmap, flags),
	E(LTT_EV_MMAP, "no_path", struct ltt_ev_mmap, flags),
	E(LTT_EV_MARKER, "kind", struct ltt_ev_marker, kind),
	E(LTT_EV_MARKER, "value", struct ltt_ev_marker, value),
	E(LTT_EV_MARKER, "counter", struct ltt_ev_marker, kind),
	E(LTT_EV_MARKER, "pid", struct ltt_ev_marker, pid),
	E(LTT_EV_MARKER, "tid", struct ltt_ev_marker, tid),
	E(LTT_EV_MARKER, "uid", struct ltt_ev_marker, uid),
	E(LTT_EV_BLOCK_RQ_ISSUE, "rq", struct ltt_ev_block_rq_issue, rq),
	E(LTT_EV_BLOCK_RQ_ISSUE, "dev", struct ltt_ev_block_rq_issue, dev),
	E(LTT_EV_BLOCK_RQ_ISSUE, "sector", struct ltt_ev_block_rq_issue, sector),
	E(LTT_EV_BLOCK_RQ_ISSUE, "bytes", struct ltt_ev_block_rq_issue, bytes),
	E(LTT_EV_BLOCK_RQ_ISSUE, "op", struct ltt_ev_block_rq_issue, op),
	E(LTT_EV_BLOCK_RQ_ISSUE, "sync", struct ltt_ev_block_rq_issue, flags),
	E(LTT_EV_BLOCK_RQ_ISSUE, "fua", struct ltt_ev_block_rq_issue, flags),
	E(LTT_EV_BLOCK_RQ_ISSUE, "preflush", struct ltt_ev_block_rq_issue, flags),
	E(LTT_EV_BLOCK_RQ_ISSUE, "meta", struct ltt_ev_block_rq_issue, flags),
	E(LTT_EV_BLOCK_RQ_COMPLETE, "rq", struct ltt_ev_block_rq_complete, rq),
	E(LTT_EV_BLOCK_RQ_COMPLETE, "dev", struct ltt_ev_block_rq_complete, dev),
	E(LTT_EV_BLOCK_RQ_COMPLETE, "sector", struct ltt_ev_block_rq_complete, sector),
	E(LTT_EV_BLOCK_RQ_COMPLETE, "bytes", struct ltt_ev_block_rq_complete, bytes),
	E(LTT_EV_BLOCK_RQ_COMPLETE, "op", struct ltt_ev_block_rq_complete, op),
	E(LTT_EV_BLOCK_RQ_COMPLETE, "sync", struct ltt_ev_block_rq_complete, flags),
	E(LTT_EV_BLOCK_RQ_COMPLETE, "fua", struct ltt_ev_block_rq_complete, flags),
	E(LTT_EV_BLOCK_RQ_COMPLETE, "preflush", struct ltt_ev_block_rq_complete, flags),
	E(LTT_EV_BLOCK_RQ_COMPLETE, "meta", struct ltt_ev_block_rq_complete, flags),
	E(LTT_EV_BLOCK_RQ_COMPLETE, "error", struct ltt_ev_block_rq_complete, error),
	E(LTT_EV_LOCK_CONTEND, "kind", struct ltt_ev_lock_contend, kind),
	E(LTT_EV_LOCK_CONTEND, "lock", struct ltt_ev_lock_contend, lock),
	E(LTT_EV_LOCK_CONTEND, "site", struct ltt_ev_lock_contend, site),
	E(LTT_EV_LOCK_CONTEND, "owner", struct ltt_ev_lock_contend, owner),
	E(LTT_EV_LOCK_CONTEND, "waiters", struct ltt_ev_lock_contend, waiters),
	E(LTT_EV_LOCK_CONTEND, "readers", struct ltt_ev_lock_contend, flags),
	E(LTT_EV_TASK_RENAME, "pid", struct ltt_ev_task_rename, pid),
};

/* the events of include/ltt/ltt-events.h, counted */
#define ONE(...)	+ 1
#define NLISTED		(0 LTT_EVENTS(ONE))

#define NEXPECTED	(sizeof(expected) / sizeof(expected[0]))

static const struct member *expectation(unsigned int id, const char *field)
{
	size_t i;

	for (i = 0; i < NEXPECTED; i++)
		if (expected[i].id == id && !strcmp(expected[i].field, field))
			return &expected[i];
	return NULL;
}

/* the kinds a source may have */
static bool kind_fits(const struct lttr_field *f)
{
	switch (f->src) {
	case LTTR_FIELD_SRC_INT:
		return f->kind == (f->is_signed ? LTTR_FIELD_SIGNED : LTTR_FIELD_UNSIGNED);
	case LTTR_FIELD_SRC_FLAG:
	case LTTR_FIELD_SRC_EQUALS:
	case LTTR_FIELD_SRC_EXEC_ARGV_CUT:
		return f->kind == LTTR_FIELD_BOOL;
	case LTTR_FIELD_SRC_VAR_HEX:
	case LTTR_FIELD_SRC_CUSTOM_HEX:
		return f->kind == LTTR_FIELD_HEX;
	default:
		return f->kind == LTTR_FIELD_STRING;
	}
}

/* a display kind fits the field: a payload integer, a name for an enum */
static bool disp_fits(const struct lttr_field *f)
{
	switch (f->disp) {
	case LTTR_FIELD_DISP_PLAIN:
		return !f->names && !f->unknown;
	case LTTR_FIELD_DISP_ENUM:
		return f->size && f->names;
	case LTTR_FIELD_DISP_COUNT:
		return f->src == LTTR_FIELD_SRC_EVENT_MASK;
	case LTTR_FIELD_DISP_ERRNO:	/* a return value: a signed integer */
		return f->src == LTTR_FIELD_SRC_INT && f->kind == LTTR_FIELD_SIGNED;
	default:
		return f->size && !f->names && !f->unknown;
	}
}

/*
 * The text template of an id names only its fields and known display
 * kinds, and its braces and bars balance; *nrefs counts the references.
 */
static bool template_fits(unsigned int id, size_t *nrefs)
{
	const char *p = lttr_event_text(id);
	int depth = 0;

	if (!p)
		return false;
	for (; *p; p++) {
		char name[40];
		size_t n;

		if (*p == '}') {
			if (--depth < 0)
				return false;
			continue;
		}
		if (*p != '{')
			continue;
		depth++;
		if (p[1] == '?' || p[1] == '+')
			p++;
		n = strcspn(p + 1, ":|}");
		if (!n || n >= sizeof(name))
			return false;
		memcpy(name, p + 1, n);
		name[n] = '\0';
		if (!lttr_field_find(id, name)) {
			tap_diag("%s: the template names no field %s",
				 lttr_event_type_name(id), name);
			return false;
		}
		(*nrefs)++;
		if (p[1 + n] == ':') {
			const char *d = p + 2 + n;
			size_t dl = strcspn(d, "}");
			int k;
			bool known = false;

			for (k = LTTR_FIELD_DISP_PLAIN; k <= LTTR_FIELD_DISP_LAST; k++)
				known |= strlen(lttr_field_disp_name((enum lttr_field_disp)k)) == dl &&
					 !strncmp(lttr_field_disp_name((enum lttr_field_disp)k), d, dl);
			if (!known)
				return false;
		}
		p += n;
	}
	return depth == 0;
}

/* the fields of one known id against the ABI */
static void check_id(unsigned int id, size_t *matched)
{
	const char *tn = lttr_event_type_name(id);
	int psize = lttr_event_payload_size(id);
	size_t n = 0, i, k, refs = 0;
	const struct lttr_field *f = lttr_event_fields(id, &n);
	bool good = f && n > 0;

	for (i = 0; good && i < n; i++) {
		const struct member *m = expectation(id, f[i].name);

		for (k = 0; k < i; k++)
			if (!strcmp(f[k].name, f[i].name)) {
				tap_diag("%s: field %s twice", tn, f[i].name);
				good = false;
			}
		if (lttr_field_find(id, f[i].name) != &f[i]) {
			tap_diag("%s: lttr_field_find(%s) is not the field", tn, f[i].name);
			good = false;
		}
		if (!disp_fits(&f[i])) {
			tap_diag("%s.%s: display %s does not fit its source", tn,
				 f[i].name, lttr_field_disp_name(f[i].disp));
			good = false;
		}
		if (!kind_fits(&f[i])) {
			tap_diag("%s.%s: kind %s does not fit its source", tn,
				 f[i].name, lttr_field_kind_name(f[i].kind));
			good = false;
		}
		if (!f[i].size) {
			if (m) {
				tap_diag("%s.%s: expected to read the payload", tn, f[i].name);
				good = false;
			}
			continue;
		}
		if (!m) {
			tap_diag("%s.%s reads the payload at %u (%u bytes): no ABI member expected",
				 tn, f[i].name, f[i].offset, f[i].size);
			good = false;
			continue;
		}
		(*matched)++;
		if (f[i].offset != m->offset || f[i].size != m->size ||
		    f[i].is_signed != m->is_signed ||
		    (size_t)f[i].offset + f[i].size > m->struct_size ||
		    psize != (int)m->struct_size) {
			tap_diag("%s.%s: offset %u size %u signed %d, the ABI member: %zu %zu %d in %zu bytes (payload %d)",
				 tn, f[i].name, f[i].offset, f[i].size, f[i].is_signed,
				 m->offset, m->size, m->is_signed, m->struct_size, psize);
			good = false;
		}
	}
	if (!template_fits(id, &refs)) {
		tap_diag("%s: bad text template \"%s\"", tn, lttr_event_text(id));
		good = false;
	}
	ok(good, "%s (id %u): %zu fields, unique names, payload fields are the ABI's members, display kinds and text template fit (%zu references)",
	   tn, id, n, refs);
}

static void check_table(void)
{
	size_t matched = 0, n, known = 0;
	const struct lttr_field *irq;
	unsigned int id;
	bool unknown_none = true;

	for (id = 0; id < LTT_EV_MAX; id++) {
		if (lttr_event_type_name(id)) {
			known++;
			check_id(id, &matched);
		} else if (lttr_event_fields(id, &n) || n ||
			   lttr_field_find(id, "pid")) {
			unknown_none = false;
		}
	}
	ok(matched == NEXPECTED, "every expected ABI member is read by a field (%zu of %zu)",
	   matched, NEXPECTED);
	ok(unknown_none && !lttr_event_fields(LTT_EV_MAX, &n) && n == 0,
	   "unknown ids have no fields");
	ok(known == NLISTED && NLISTED == 71, "the %d ids of the event list are known (%zu)",
	   NLISTED, known);
	irq = lttr_field_find(LTT_EV_IRQ_ENTRY, "name");
	ok(irq && irq->src == LTTR_FIELD_SRC_IRQ_NAME &&
	   irq->aux_offset == offsetof(struct ltt_ev_irq_entry, flags) &&
	   irq->aux_size == sizeof(((struct ltt_ev_irq_entry *)0)->flags) &&
	   irq->arg == LTT_IRQ_SYSVEC,
	   "the irq name reads the sysvec bit of the irq_entry flags");
}

static struct lttr_event mkev(unsigned int id, const void *payload, size_t len)
{
	struct lttr_event ev;

	memset(&ev, 0, sizeof(ev));
	ev.id = (uint8_t)id;
	ev.known = true;
	ev.details = true;
	ev.time_ns = 1000;
	memcpy(&ev.p, payload, len);
	return ev;
}

static struct lttr_field_value get(const struct lttr_trace *t,
				   const struct lttr_event *ev, const char *name,
				   struct lttr_field_buf *buf)
{
	struct lttr_field_value v = { .type = LTTR_FIELD_V_ABSENT };
	const struct lttr_field *f = lttr_field_find(ev->id, name);

	if (f)
		lttr_field_get(t, ev, f, buf, &v);
	return v;
}

static bool is_str(struct lttr_field_value v, const char *s)
{
	return v.type == LTTR_FIELD_V_STR && v.str.len == strlen(s) &&
	       !memcmp(v.str.p, s, v.str.len);
}

/*
 * The fields a CTF export writes other than JSON shows them: the number of
 * them if they are the priorities of schedchange and wakeup, each shifted
 * by -100 as LTTng records a priority, else -1
 */
static int ctf_adds(void)
{
	static const char *const prio[][2] = {
		{ "schedchange", "prev_prio" }, { "schedchange", "next_prio" },
		{ "wakeup", "prio" }, { "wakeup", "waker_prio" },
	};
	unsigned int id, k;
	size_t i, n;
	int found = 0;

	for (id = 0; id < LTT_EV_MAX; id++) {
		const struct lttr_field *f = lttr_event_fields(id, &n);

		for (i = 0; i < n; i++) {
			if (!f[i].ctf_add)
				continue;
			for (k = 0; k < 4; k++)
				if (!strcmp(lttr_event_type_name(id), prio[k][0]) &&
				    !strcmp(f[i].name, prio[k][1]))
					break;
			if (k == 4 || f[i].ctf_add != -100)
				return -1;
			found++;
		}
	}
	return found;
}

static void check_values(void)
{
	struct lttr_field_buf buf;
	struct lttr_field_value v;
	struct lttr_event ev;
	struct ltt_ev_fs_open fo = { .fd = -2, .flags = 0xffffffffU, .mode = 0644 };
	struct ltt_ev_syscall_entry se = { .ip = 0x401000, .nr = 0 };
	struct ltt_ev_irq_entry ie = { .irq = 0xfd, .flags = LTT_IRQ_SYSVEC | LTT_IRQ_USER };
	struct ltt_ev_signal_deliver sd = { .handler = 1, .sig = 9 };
	struct ltt_ev_softirq sq = { .vec = 12 };
	struct ltt_ev_socket_io sio = { .ino = 5, .peer_len = 4 };
	struct ltt_ev_net_packet np = { .ifindex = 3, .caplen = 2 };
	struct ltt_ev_custom_create cc = { .type_id = 4, .kind = 9 };
	struct ltt_ev_change_mask cm;
	struct ltt_event_mask full;
	static const char name[] = "/etc/passwd";
	static const char bytes[] = "\x0a\xff";
	static const char decl[] = "blob\0fmt\0";

	ev = mkev(LTT_EV_FS_OPEN, &fo, sizeof(fo));
	ev.var = name;
	ev.var_len = (uint32_t)strlen(name);
	v = get(NULL, &ev, "fd", &buf);
	ok(v.type == LTTR_FIELD_V_I64 && v.i == -2, "fs_open fd: signed, sign-extended");
	v = get(NULL, &ev, "flags", &buf);
	ok(v.type == LTTR_FIELD_V_U64 && v.u == 0xffffffffU, "fs_open flags: unsigned, not extended");
	ok(is_str(get(NULL, &ev, "filename", &buf), name), "fs_open filename: the variable part");
	ev.details = false;
	ok(get(NULL, &ev, "fd", &buf).type == LTTR_FIELD_V_ABSENT, "no details: no value");
	ev.details = true;
	lttr_field_get(NULL, &ev, lttr_field_find(LTT_EV_FS_CLOSE, "fd"), &buf, &v);
	ok(v.type == LTTR_FIELD_V_ABSENT, "a field of another id: no value");

	ev = mkev(LTT_EV_SYSCALL_ENTRY, &se, sizeof(se));
	ok(is_str(get(NULL, &ev, "name", &buf), "read") &&
	   get(NULL, &ev, "ip", &buf).u == 0x401000, "syscall_entry: name of nr 0, ip");

	ev = mkev(LTT_EV_IRQ_ENTRY, &ie, sizeof(ie));
	ok(get(NULL, &ev, "sysvec", &buf).b && get(NULL, &ev, "user", &buf).b &&
	   is_str(get(NULL, &ev, "name", &buf), "reschedule"),
	   "irq_entry: flag bits, system vector name");
	ie.flags = 0;
	ev = mkev(LTT_EV_IRQ_ENTRY, &ie, sizeof(ie));
	ok(!get(NULL, &ev, "sysvec", &buf).b && is_str(get(NULL, &ev, "name", &buf), ""),
	   "irq_entry: an irq the snapshot does not name: empty name");

	{
		struct ltt_ev_process_wakeup wk = { .pid = 3, .flags = LTT_WAKEUP_NEW };
		char nb[64];
		const char *a, *b, *c, *d, *e;

		ie.flags = LTT_IRQ_SYSVEC;
		ev = mkev(LTT_EV_IRQ_ENTRY, &ie, sizeof(ie));
		a = lttr_event_ctf_name(&ev, nb, sizeof(nb));
		ie.flags = 0;
		ev = mkev(LTT_EV_IRQ_ENTRY, &ie, sizeof(ie));
		b = lttr_event_ctf_name(&ev, nb, sizeof(nb));
		ev = mkev(LTT_EV_PROCESS_WAKEUP, &wk, sizeof(wk));
		c = lttr_event_ctf_name(&ev, nb, sizeof(nb));
		ev.details = false;
		d = lttr_event_ctf_name(&ev, nb, sizeof(nb));
		ev = mkev(LTT_EV_SYSCALL_ENTRY, &se, sizeof(se));
		e = lttr_event_ctf_name(&ev, nb, sizeof(nb));
		ok(!strcmp(a, "irq_vector_entry") && !strcmp(b, "irq_handler_entry") &&
		   !strcmp(c, "sched_wakeup_new") && !strcmp(d, "wakeup") &&
		   !strcmp(e, "syscall_entry_read"),
		   "CTF names: %s %s %s %s %s", a, b, c, d, e);
		ok(!strcmp(lttr_field_ctf_name(lttr_field_find(LTT_EV_SCHEDCHANGE, "prev_pid")), "prev_tid") &&
		   !strcmp(lttr_field_ctf_name(lttr_field_find(LTT_EV_SCHEDCHANGE, "prev_state")), "prev_state") &&
		   !strcmp(lttr_field_ctf_name(lttr_field_find(LTT_EV_NET_PACKET_IN, "ifname")), "name"),
		   "CTF field names: LTTng's where it has the value, else ours");
		ok(ctf_adds() == 4, "CTF values: the 4 priorities alone are LTTng's (minus 100)");
	}

	ev = mkev(LTT_EV_SIGNAL_DELIVER, &sd, sizeof(sd));
	ok(!get(NULL, &ev, "default", &buf).b && get(NULL, &ev, "ignored", &buf).b &&
	   is_str(get(NULL, &ev, "name", &buf), "SIGKILL"),
	   "signal_deliver: handler compared with 0 and 1, signal name");

	ev = mkev(LTT_EV_SOFTIRQ_EXIT, &sq, sizeof(sq));
	ok(is_str(get(NULL, &ev, "name", &buf), ""), "softirq: unknown vector, empty name");

	ev = mkev(LTT_EV_SOCKET_SEND, &sio, sizeof(sio));
	ev.var = "\x10\x00\xaa\xbb";
	ev.var_len = 4;
	ok(get(NULL, &ev, "peer", &buf).type == LTTR_FIELD_V_NULL, "socket_send: no text for the peer: null");
	ev.var = "\x01\x00/s";
	ok(is_str(get(NULL, &ev, "peer", &buf), "/s"), "socket_send: unix peer");

	ev = mkev(LTT_EV_NET_PACKET_IN, &np, sizeof(np));
	ev.var = bytes;
	ev.var_len = 2;
	ok(is_str(get(NULL, &ev, "data", &buf), "0aff") &&
	   get(NULL, &ev, "ifname", &buf).type == LTTR_FIELD_V_ABSENT,
	   "net_packet_in: data in hex; no snapshot: no ifname");

	ev = mkev(LTT_EV_CUSTOM_CREATE, &cc, sizeof(cc));
	ev.var = decl;
	ev.var_len = sizeof(decl) - 1;
	v = get(NULL, &ev, "kind", &buf);
	ok(v.type == LTTR_FIELD_V_U64 && v.u == 9 && is_str(get(NULL, &ev, "name", &buf), "blob") &&
	   is_str(get(NULL, &ev, "format", &buf), "fmt") &&
	   get(NULL, &ev, "warning", &buf).type == LTTR_FIELD_V_ABSENT,
	   "custom_create: unknown kind as its number, name, format, no warning");

	memset(&full, 0xff, sizeof(full));
	memcpy(&cm, &full, sizeof(cm));
	ev = mkev(LTT_EV_CHANGE_MASK, &cm, sizeof(cm));
	v = get(NULL, &ev, "events", &buf);
	ok(v.type == LTTR_FIELD_V_STR && v.str.len < sizeof(buf.s) &&
	   !strncmp(v.str.p, "unknown_0 syscall_entry ", 24) &&
	   v.str.len > 11 && !memcmp(v.str.p + v.str.len - 11, "unknown_255", 11),
	   "change_mask: a full mask's names fit the buffer (%zu bytes)", v.str.len);
}

/* custom instances read with the type table of a trace */
static void check_custom(void)
{
	struct lttr_trace *t;
	struct lttr_error err;
	struct lttr_event *v;
	struct lttr_field_buf buf;
	size_t n = 0;
	int st;

	if (!ok(tg_open("custom",
			"header ncpus=1 start=1000 format=1.1 events=all\n"
			"buf cpu=0 start=1000 pid=5\n"
			"1000 custom_create 1 string msg -\n"
			"1010 custom 1 str:hi\n"
			"1020 custom_create 2 fields pt x:u32\n"
			"1030 custom 2 u32:7\n"
			"1040 custom 2 u8:7\n"
			"1050 custom 9 hex:ab\n", 0, &t, &err) == 0, "the custom trace opens")) {
		tap_diag("%s", err.msg);
		return;
	}
	v = tg_all_events(t, &n, 0, &st);
	if (!ok(st == 0 && n == 6, "6 events (%zu)", n)) {
		free(v);
		lttr_trace_close(t);
		return;
	}
	ok(is_str(get(t, &v[1], "name", &buf), "msg") &&
	   is_str(get(t, &v[1], "text", &buf), "hi") &&
	   get(t, &v[1], "hex", &buf).type == LTTR_FIELD_V_ABSENT &&
	   get(t, &v[1], "warning", &buf).type == LTTR_FIELD_V_ABSENT,
	   "string instance: name and text, no hex, no warning");
	ok(is_str(get(t, &v[3], "name", &buf), "pt") &&
	   get(t, &v[3], "fields", &buf).type == LTTR_FIELD_V_ABSENT &&
	   get(t, &v[3], "text", &buf).type == LTTR_FIELD_V_ABSENT &&
	   get(t, &v[3], "hex", &buf).type == LTTR_FIELD_V_ABSENT,
	   "fields instance: no scalar fields value, no text, no hex");
	ok(is_str(get(t, &v[4], "hex", &buf), "07") &&
	   get(t, &v[4], "warning", &buf).type == LTTR_FIELD_V_STR,
	   "mismatched fields instance: hex and a warning");
	ok(get(t, &v[5], "name", &buf).type == LTTR_FIELD_V_NULL &&
	   is_str(get(t, &v[5], "hex", &buf), "ab") &&
	   get(NULL, &v[5], "name", &buf).type == LTTR_FIELD_V_NULL,
	   "undeclared type: null name, hex (also without the trace)");
	free(v);
	lttr_trace_close(t);
}

/* the classes the front ends draw a glyph per (lttr/view/evclass.h) */
static void check_classes(void)
{
	static const struct { const char *prefix; unsigned int cls; } by_name[] = {
		{ "syscall_", LTTR_EVCLASS_SYSCALL }, { "trap_", LTTR_EVCLASS_TRAP },
		{ "irq_", LTTR_EVCLASS_IRQ }, { "softirq_", LTTR_EVCLASS_IRQ },
		{ "tasklet_", LTTR_EVCLASS_IRQ }, { "fs_", LTTR_EVCLASS_FILE },
		{ "mem_", LTTR_EVCLASS_MEMORY }, { "socket_", LTTR_EVCLASS_NET },
		{ "net_", LTTR_EVCLASS_NET }, { "ipc_", LTTR_EVCLASS_OTHER },
	};
	unsigned int id, bad = 0, named = 0;
	size_t i;

	for (id = 0; id < LTT_EV_MAX; id++) {
		const char *n = lttr_event_type_name(id);

		for (i = 0; n && i < sizeof(by_name) / sizeof(by_name[0]); i++)
			if (!strncmp(n, by_name[i].prefix, strlen(by_name[i].prefix))) {
				named++;
				if (lttr_evclass_of(id) != by_name[i].cls) {
					tap_diag("%s: class %s", n, lttr_evclass_name(lttr_evclass_of(id)));
					bad++;
				}
			}
	}
	ok(named >= 30 && !bad, "the %u types named syscall_, trap_, irq_, fs_, mem_, socket_ ... "
	   "are in their class", named);
	ok(lttr_evclass_of(LTT_EV_SCHEDCHANGE) == LTTR_EVCLASS_SCHED &&
	   lttr_evclass_of(LTT_EV_PROCESS_WAKEUP) == LTTR_EVCLASS_SCHED,
	   "schedchange and wakeup: scheduling");
	ok(lttr_evclass_of(LTT_EV_PROCESS_FORK) == LTTR_EVCLASS_PROCESS &&
	   lttr_evclass_of(LTT_EV_SIGNAL_DELIVER) == LTTR_EVCLASS_PROCESS,
	   "fork and signals: process");
	ok(lttr_evclass_of(LTT_EV_TRACE_START) == LTTR_EVCLASS_OTHER &&
	   lttr_evclass_of(255) == LTTR_EVCLASS_OTHER && lttr_evclass_of(100000) == LTTR_EVCLASS_OTHER,
	   "the trace's own events, unknown ids and ids out of range: other");
	ok(!strcmp(lttr_evclass_name(LTTR_EVCLASS_FILE), "file") &&
	   !strcmp(lttr_evclass_name(LTTR_EVCLASS_COUNT), "other"), "the classes' names");
}

int main(void)
{
	unsigned int id, known = 0;

	for (id = 0; id < LTT_EV_MAX; id++)
		known += lttr_event_type_name(id) != NULL;
	tap_plan((int)known + 4 + 18 + 6 + 5);
	check_table();
	check_values();
	check_custom();
	check_classes();
	return tap_done();
}
