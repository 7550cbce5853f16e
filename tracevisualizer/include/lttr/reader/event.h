/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/reader/event.h - decoded trace events.
 */
#ifndef LTTR_EVENT_H
#define LTTR_EVENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <ltt/ltt-abi.h>
#include <lttr/reader/error.h>
#include <lttr/reader/machine.h>

struct lttr_trace;

/**
 * union lttr_payload - the fixed part of a record's payload, by event id
 * @syscall_entry: LTT_EV_SYSCALL_ENTRY
 * @syscall_exit: LTT_EV_SYSCALL_EXIT
 * @trap_entry: LTT_EV_TRAP_ENTRY
 * @trap_exit: LTT_EV_TRAP_EXIT
 * @irq_entry: LTT_EV_IRQ_ENTRY
 * @irq_exit: LTT_EV_IRQ_EXIT
 * @schedchange: LTT_EV_SCHEDCHANGE
 * @fork: LTT_EV_PROCESS_FORK
 * @exec: LTT_EV_PROCESS_EXEC (file name in struct lttr_event.var)
 * @exit: LTT_EV_PROCESS_EXIT
 * @wakeup: LTT_EV_PROCESS_WAKEUP
 * @softirq: LTT_EV_SOFTIRQ_ENTRY, LTT_EV_SOFTIRQ_EXIT, LTT_EV_SOFTIRQ_RAISE
 * @signal_send: LTT_EV_SIGNAL_SEND
 * @signal_deliver: LTT_EV_SIGNAL_DELIVER
 * @tasklet: LTT_EV_TASKLET_ENTRY, LTT_EV_TASKLET_EXIT
 * @timer_expire: LTT_EV_TIMER_EXPIRE_ENTRY, LTT_EV_TIMER_EXPIRE_EXIT
 * @kthread_create: LTT_EV_KTHREAD_CREATE (name in struct lttr_event.var)
 * @wait: LTT_EV_PROCESS_WAIT
 * @fs_open: LTT_EV_FS_OPEN (file name in struct lttr_event.var)
 * @fs_close: LTT_EV_FS_CLOSE
 * @fs_rw: LTT_EV_FS_READ, LTT_EV_FS_WRITE
 * @fs_lseek: LTT_EV_FS_LSEEK
 * @fs_ioctl: LTT_EV_FS_IOCTL
 * @fs_select: LTT_EV_FS_SELECT, LTT_EV_FS_POLL
 * @io_wait: LTT_EV_FS_BUF_WAIT_START, LTT_EV_FS_BUF_WAIT_END
 * @itimer: LTT_EV_TIMER_SET_ITIMER
 * @timeout: LTT_EV_TIMER_SET_TIMEOUT
 * @timerfd_set: LTT_EV_TIMERFD_SET
 * @timerfd_expire: LTT_EV_TIMERFD_EXPIRE
 * @page_alloc: LTT_EV_MEM_PAGE_ALLOC
 * @page_free: LTT_EV_MEM_PAGE_FREE
 * @swap: LTT_EV_MEM_SWAP_IN, LTT_EV_MEM_SWAP_OUT
 * @page_wait: LTT_EV_MEM_PAGE_WAIT_START, LTT_EV_MEM_PAGE_WAIT_END
 * @socket_call: LTT_EV_SOCKET_CALL
 * @socket_create: LTT_EV_SOCKET_CREATE
 * @socket_io: LTT_EV_SOCKET_SEND, LTT_EV_SOCKET_RECV (peer in .var)
 * @socket_endpoint: LTT_EV_SOCKET_ENDPOINT, LTT_EV_SOCKET_ACCEPT (local
 *	then peer address in .var)
 * @ipc_call: LTT_EV_IPC_CALL
 * @ipc_create: LTT_EV_IPC_MSG_CREATE, _SEM_CREATE, _SHM_CREATE
 * @net_packet: LTT_EV_NET_PACKET_IN, LTT_EV_NET_PACKET_OUT (bytes in .var)
 * @change_mask: LTT_EV_CHANGE_MASK
 * @custom_create: LTT_EV_CUSTOM_CREATE (name and format in .var)
 * @custom_destroy: LTT_EV_CUSTOM_DESTROY
 * @custom: LTT_EV_CUSTOM (payload in .var)
 * @reap: LTT_EV_PROCESS_REAP
 * @trace_start: LTT_EV_TRACE_START
 * @time_ext: LTT_EV_TIME_EXT (format 1.5; the event's time is its base_ns)
 * @stack: LTT_EV_STACK (format 1.8; the addresses in .var, see
 *	lttr_stack_decode() in lttr/reader/stack.h)
 * @sample: LTT_EV_SAMPLE (format 1.10)
 * @mmap: LTT_EV_MMAP (format 1.14; the file's path in .var)
 * @marker: LTT_EV_MARKER (format 1.11)
 * @block_rq_issue, @block_rq_complete: LTT_EV_BLOCK_RQ_* (format 1.16)
 * @lock_contend: LTT_EV_LOCK_CONTEND (format 1.17)
 * @task_rename: LTT_EV_TASK_RENAME (format 1.18; the new name in .var)
 */
union lttr_payload {
	struct ltt_ev_syscall_entry syscall_entry;
	struct ltt_ev_syscall_exit syscall_exit;
	struct ltt_ev_trap_entry trap_entry;
	struct ltt_ev_trap_exit trap_exit;
	struct ltt_ev_irq_entry irq_entry;
	struct ltt_ev_irq_exit irq_exit;
	struct ltt_ev_schedchange schedchange;
	struct ltt_ev_process_fork fork;
	struct ltt_ev_process_exec exec;
	struct ltt_ev_process_exit exit;
	struct ltt_ev_process_wakeup wakeup;
	struct ltt_ev_softirq softirq;
	struct ltt_ev_signal_send signal_send;
	struct ltt_ev_signal_deliver signal_deliver;
	struct ltt_ev_tasklet tasklet;
	struct ltt_ev_timer_expire timer_expire;
	struct ltt_ev_kthread_create kthread_create;
	struct ltt_ev_process_wait wait;
	struct ltt_ev_fs_open fs_open;
	struct ltt_ev_fs_close fs_close;
	struct ltt_ev_fs_rw fs_rw;
	struct ltt_ev_fs_lseek fs_lseek;
	struct ltt_ev_fs_ioctl fs_ioctl;
	struct ltt_ev_fs_select fs_select;
	struct ltt_ev_io_wait io_wait;
	struct ltt_ev_itimer itimer;
	struct ltt_ev_timeout timeout;
	struct ltt_ev_timerfd_set timerfd_set;
	struct ltt_ev_timerfd_expire timerfd_expire;
	struct ltt_ev_page_alloc page_alloc;
	struct ltt_ev_page_free page_free;
	struct ltt_ev_swap swap;
	struct ltt_ev_page_wait page_wait;
	struct ltt_ev_socket_call socket_call;
	struct ltt_ev_socket_create socket_create;
	struct ltt_ev_socket_io socket_io;
	struct ltt_ev_socket_endpoint socket_endpoint;
	struct ltt_ev_ipc_call ipc_call;
	struct ltt_ev_ipc_create ipc_create;
	struct ltt_ev_net_packet net_packet;
	struct ltt_ev_change_mask change_mask;
	struct ltt_ev_custom_create custom_create;
	struct ltt_ev_custom_destroy custom_destroy;
	struct ltt_ev_custom custom;
	struct ltt_ev_process_reap reap;
	struct ltt_ev_trace_start trace_start;
	struct ltt_ev_time_ext time_ext;
	struct ltt_ev_fs_dup fs_dup;
	struct ltt_ev_fs_pipe fs_pipe;
	struct ltt_ev_stack stack;
	struct ltt_ev_sample sample;
	struct ltt_ev_mmap mmap;
	struct ltt_ev_marker marker;
	struct ltt_ev_block_rq_issue block_rq_issue;
	struct ltt_ev_block_rq_complete block_rq_complete;
	struct ltt_ev_lock_contend lock_contend;
	struct ltt_ev_task_rename task_rename;
};

/*
 * A syscall number, trap vector, irq or softirq vector that a record did
 * not carry (LTT_REC_NO_DETAILS): the control-flow machine and the
 * accounting use it in place of the number; lttr_syscall_str(),
 * lttr_trap_name(), lttr_softirq_name() and lttr_trace_irq_name() name it
 * "unknown".
 */
#define LTTR_WHAT_UNKNOWN	0xffffffffU

/**
 * struct lttr_event - one decoded record
 * @time_ns: absolute time, CLOCK_MONOTONIC ns (buffer start_ns + delta)
 * @offset: file offset of the record in "events"
 * @pid: pid of the task the event belongs to (see docs/trace-format.md)
 * @cpu: CPU that recorded it
 * @id: event id (enum ltt_event_id)
 * @rec_flags: LTT_REC_* flags of the record header (LTT_REC_COMPACT: the
 *	record was in its compact form, @p holds it expanded)
 * @size: record size, header included (as written: smaller for a compact
 *	record than for the full form of the same event)
 * @known: the id is one this reader decodes
 * @details: the payload is present (not LTT_REC_NO_DETAILS, id known)
 * @control: a control event (transition into or out of the kernel)
 * @p_missing: bytes at the end of @p's struct that the record did not
 *	hold, 0 but for a record of an older format: a format 1.2
 *	schedchange or wakeup ends before the priorities and policies
 *	(LTT_EV_SCHEDCHANGE_SIZE_1_2); the fields there read 0 and are
 *	unknown (lttr_field_get() gives null, dump leaves them out)
 * @var: variable part after the fixed payload, NULL if none (or no
 *	details): for exec, kthread_create and fs_open the name, not
 *	NUL-terminated, @var_len up to its NUL or the end of the record (at
 *	most LTT_MAX_VAR_LEN); socket_send/_recv: the peer's sockaddr
 *	(@var_len = peer_len); socket_endpoint/_accept: the local
 *	sockaddr then the peer's (@var_len = local_len + peer_len);
 *	net_packet_in/_out: the captured bytes
 *	(@var_len = caplen); custom_create: the rest of the record (name,
 *	NUL, format, NUL, padding: see lttr_custom_decl()); custom: the
 *	instance's payload (@var_len = size)
 * @var_len: bytes at @var
 * @var_size: exec, kthread_create, fs_open: the bytes of the record
 *	after the payload (the name, its NUL, what follows it: an exec's
 *	arguments, lttr_exec_args()), 0 for the others
 * @p: the payload, valid when @details
 */
struct lttr_event {
	uint64_t time_ns;
	uint64_t offset;
	uint32_t pid;
	uint16_t cpu;
	uint8_t id;
	uint8_t rec_flags;
	uint16_t size;
	bool known;
	bool details;
	bool control;
	uint16_t p_missing;
	uint32_t var_len;
	uint32_t var_size;
	const char *var;
	union lttr_payload p;
};

/**
 * lttr_event_type_name() - name of a known event id
 * @id: event id
 *
 * Return: "syscall_entry", "schedchange", ... or NULL for unknown ids.
 */
const char *lttr_event_type_name(unsigned int id);

/**
 * lttr_event_type_str() - name of any event id
 * @id: event id
 * @buf: buffer for unknown ids ("unknown_<id>")
 * @size: size of @buf (16 is enough)
 *
 * Return: a static name or @buf.
 */
const char *lttr_event_type_str(unsigned int id, char *buf, size_t size);

/**
 * lttr_event_type_id() - inverse of lttr_event_type_name()
 * @name: a type name
 *
 * Return: the id, or -1 if @name is not a known type.
 */
int lttr_event_type_id(const char *name);

/**
 * lttr_event_payload_size() - size of the fixed payload of an event id
 * @id: event id
 *
 * Return: the size in bytes, or -1 for unknown ids.
 */
int lttr_event_payload_size(unsigned int id);

/**
 * lttr_machine_trap_name() - name of a trap number of machine @m
 * @m: the machine (lttr/reader/machine.h)
 * @vector: x86-64: the exception vector (arch/x86/include/asm/trapnr.h);
 *	aarch64: the exception class of ESR_ELx (arch/arm64/include/asm/esr.h)
 * @buf: buffer for unnamed numbers ("trap_<n>")
 * @size: size of @buf
 *
 * Return: "page_fault", "data_abort_lower_el", ..., "unknown" for
 * LTTR_WHAT_UNKNOWN, or @buf.
 */
const char *lttr_machine_trap_name(enum lttr_machine m, unsigned int vector,
				   char *buf, size_t size);

/**
 * lttr_trap_name() - lttr_machine_trap_name() of lttr_machine_current()
 * @vector: the vector or exception class
 * @buf: buffer for unnamed numbers ("trap_<n>")
 * @size: size of @buf
 *
 * Return: as lttr_machine_trap_name().
 */
const char *lttr_trap_name(unsigned int vector, char *buf, size_t size);

/**
 * lttr_trap_known_name() - whether a name is a trap of any machine the
 * reader knows
 * @name: the name
 *
 * Return: 1 or 0.
 */
int lttr_trap_known_name(const char *name);

/**
 * lttr_machine_trap_count() - one past the highest trap number of @m
 * @m: the machine
 *
 * Return: 32 for x86-64's vectors, 64 for arm64's exception classes, 0
 * for another machine (no number is impossible there).
 */
unsigned int lttr_machine_trap_count(enum lttr_machine m);

/**
 * lttr_sysvec_name() - name of an x86 system vector (LTT_IRQ_SYSVEC irqs)
 * @vector: the vector
 *
 * Return: "local_timer", ... or NULL if unknown.
 */
const char *lttr_sysvec_name(unsigned int vector);

/**
 * lttr_softirq_name() - name of a softirq vector (the kernel's own numbers)
 * @vec: the vector
 *
 * Return: "HI", "TIMER", "NET_TX", "NET_RX", "BLOCK", "IRQ_POLL",
 * "TASKLET", "SCHED", "HRTIMER", "RCU", or NULL if unknown.
 */
const char *lttr_softirq_name(unsigned int vec);

/**
 * lttr_sched_policy_name() - name of a scheduling policy, as user space
 * spells it (sched_setscheduler(2), chrt(1))
 * @policy: SCHED_* number (schedchange and wakeup, format 1.3)
 *
 * Return: "SCHED_OTHER" (the kernel's SCHED_NORMAL), "SCHED_FIFO",
 * "SCHED_RR", "SCHED_BATCH", "SCHED_IDLE", "SCHED_DEADLINE", or NULL if
 * unknown.
 */
const char *lttr_sched_policy_name(unsigned int policy);

/**
 * lttr_signal_name() - name of a signal number (x86)
 * @sig: the signal
 *
 * Return: "SIGHUP" ... "SIGSYS", or NULL (real-time signals, unknown).
 */
const char *lttr_signal_name(unsigned int sig);

/**
 * lttr_errno_name() - the name of an error number (x86-64 Linux)
 * @err: the number, positive (a syscall returns -@err)
 *
 * The C library's name (strerrorname_np()), or the kernel's own names of
 * the codes 512..531 (the restart codes ...) that a syscall's exit may still
 * hold (include/linux/errno.h), which no C library names.
 *
 * Return: "ENOENT", "EAGAIN", "ERESTARTSYS" ..., or NULL if unknown.
 */
const char *lttr_errno_name(int err);

/**
 * lttr_exit_code_str() - a process_exit code as a person reads it
 * @code: the code given to do_exit(), a wait status: (status << 8) for
 *	exit(status), the signal number (| 0x80 for a core dump) when killed
 * @buf: receives the text ("exit 1", "killed by SIGTERM",
 *	"killed by SIGSEGV (core dumped)", "killed by signal 40")
 * @size: size of @buf (48 is enough)
 *
 * Return: @buf.
 */
const char *lttr_exit_code_str(int32_t code, char *buf, size_t size);

/**
 * lttr_event_has_var() - whether records of an event id carry a variable
 * part after their fixed payload
 * @id: event id
 *
 * Return: true for exec, kthread_create, fs_open, socket_send/_recv,
 * net_packet_in/_out, custom_create and custom.
 */
bool lttr_event_has_var(unsigned int id);

/**
 * struct lttr_exec_args - the arguments an exec record carries (format
 * 1.12: struct ltt_exec_argv after the file name's NUL)
 * @present: the record carries them (false for an older format's record,
 *	one without details, or one whose arguments the module could not read)
 * @cut: the module left arguments out (LTT_EXEC_ARGV_CUT): @argc counts
 *	the ones kept
 * @error: why the arguments cannot be read (a damaged record: the block
 *	longer than the record or than LTT_EXEC_ARGV_MAX, not NUL-terminated),
 *	NULL when they can; @present is then false
 * @p: the strings, each with its NUL (argv[0] first); not NUL-free, not
 *	necessarily UTF-8
 * @len: bytes at @p, the last a NUL (0 when @argc is 0)
 * @argc: how many strings
 */
struct lttr_exec_args {
	bool present;
	bool cut;
	const char *error;
	const char *p;
	size_t len;
	size_t argc;
};

/**
 * lttr_exec_args() - the arguments of an exec event
 * @ev: the event (any id: only an exec's record has arguments)
 * @a: receives them; a damaged block is said in @a->error and does not
 *	make the event unreadable (its file name stays)
 *
 * Return: true when @a->present.
 */
bool lttr_exec_args(const struct lttr_event *ev, struct lttr_exec_args *a);

/**
 * lttr_exec_next_arg() - step through the strings of @a
 * @a: the arguments
 * @pos: in: the offset of a string in @a->p (0 for the first); out: the
 *	offset of the next one
 * @len: receives the string's length (its NUL excluded)
 *
 * Return: the string (NUL-terminated: @a->p holds each string's NUL), or
 * NULL after the last one.
 */
const char *lttr_exec_next_arg(const struct lttr_exec_args *a, size_t *pos, size_t *len);

/**
 * lttr_exec_cmdline() - the arguments joined with single spaces, as ps
 * shows a command line
 * @a: the arguments (present)
 * @buf: receives the text, NUL-terminated, cut to fit; the bytes are
 *	copied as they are (a cut may split a UTF-8 sequence)
 * @size: its size (LTT_EXEC_ARGV_MAX is always enough)
 *
 * Return: its length.
 */
size_t lttr_exec_cmdline(const struct lttr_exec_args *a, char *buf, size_t size);

/**
 * lttr_socket_call_name() - name of a socket call (SYS_* of linux/net.h)
 * @call: the number
 *
 * Return: "socket", "bind", ... "sendmmsg", or NULL if unknown.
 */
const char *lttr_socket_call_name(unsigned int call);

/**
 * lttr_ipc_call_name() - name of a SysV IPC call (the ipc() multiplexer)
 * @call: the number
 *
 * Return: "semop", "semget", ... "shmctl", or NULL if unknown.
 */
const char *lttr_ipc_call_name(unsigned int call);

/**
 * lttr_sockaddr_str() - a socket address as text
 * @sa: the struct sockaddr bytes as recorded (may be unaligned)
 * @len: their count
 * @buf: output buffer
 * @size: its size (LTTR_SOCKADDR_STRLEN is enough)
 *
 * AF_INET gives "127.0.0.1:5000", AF_INET6 "[::1]:5000", AF_UNIX the
 * path ("@name" for an abstract address).  Other families, an unnamed
 * unix socket and addresses too short for their family have no text.
 *
 * Return: @buf, or NULL when the address has no text form.
 */
const char *lttr_sockaddr_str(const void *sa, size_t len, char *buf, size_t size);

#define LTTR_SOCKADDR_STRLEN	128

/**
 * lttr_record_decode() - validate and decode the record at @rec
 * @rec: the record header
 * @avail: bytes left in the buffer from @rec
 * @ev: receives the record; time_ns holds the delta, cpu, offset, pid
 *      and control are not set
 * @why: receives a description of the problem on failure (may be NULL)
 * @whylen: size of @why
 *
 * Checks that the record header fits, its size is non-zero, a multiple of
 * LTT_REC_ALIGN, at least a record header and within @avail, that the
 * payload of a known id with details is at least its struct, and that the
 * length fields of variable parts (peer_len, caplen, custom size) stay
 * within their bounds and within the record.  A record of a known id with
 * LTT_REC_COMPACT (format 1.2) must be of an id that has a compact form
 * (ltt_compact_size() not 0), must not also have LTT_REC_NO_DETAILS, and
 * its payload must hold the compact struct; it is expanded into the full
 * struct in @ev->p (@ev->details true), so that it reads exactly as the
 * same event written in full.  Unknown ids are not checked, compact or
 * not: they are skipped by their size.
 *
 * Return: 0 or -LTTR_E_FORMAT.
 */
int lttr_record_decode(const uint8_t *rec, size_t avail, struct lttr_event *ev,
		       char *why, size_t whylen);

/*
 * the room dump, the JSON output ("desc") and the filter field "desc" give
 * a description, its NUL included: longer ones are cut there
 */
#define LTTR_DESC_MAX	2600

/**
 * lttr_event_describe() - human-readable description of an event
 * @t: the trace (for irq names), may be NULL
 * @ev: the event
 * @buf: output buffer
 * @size: size of @buf
 *
 * The text starts with the type name, e.g. "syscall_entry getppid
 * ip=0x401234" or "schedchange 12 -> 0 (prev_state 1)".
 *
 * Return: the length that the full text needs (as snprintf).
 */
int lttr_event_describe(const struct lttr_trace *t, const struct lttr_event *ev,
			char *buf, size_t size);

#endif /* LTTR_EVENT_H */
