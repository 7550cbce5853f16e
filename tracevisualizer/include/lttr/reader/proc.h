/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/reader/proc.h - the /proc snapshot file of a trace.
 *
 * One line per task, per irq and per network device:
 *   PID: 1; PPID: 0; TGID: 1; NAME: init
 *   IRQ: 4; NAME: ttyS0
 *   NETDEV: 1; NAME: lo
 *   SOCKET: 8812; TGID: 63; TYPE: 1; LOCAL: 127.0.0.2:7000; PEER: -
 *   FD: 1; TGID: 63; CLOEXEC: 0; PATH: /dev/console
 * "TGID: n; " may be absent (then tgid = pid).  NAME is the rest of the
 * line and may contain spaces or be empty.  Empty lines are ignored; the
 * last line need not end with a newline.
 */
#ifndef LTTR_PROC_H
#define LTTR_PROC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <lttr/reader/error.h>

/**
 * struct lttr_proc_task - one task of the snapshot
 * @pid: its pid
 * @ppid: its parent's pid
 * @tgid: its thread group id (process id)
 * @name: its name (NUL-terminated)
 */
struct lttr_proc_task {
	uint32_t pid;
	uint32_t ppid;
	uint32_t tgid;
	char *name;
};

/**
 * struct lttr_proc_irq - one irq of the snapshot
 * @irq: Linux irq number
 * @name: its name
 */
struct lttr_proc_irq {
	uint32_t irq;
	char *name;
};

/**
 * struct lttr_proc_netdev - one network device of the snapshot
 * @ifindex: its interface index
 * @name: its name
 */
struct lttr_proc_netdev {
	uint32_t ifindex;
	char *name;
};

/**
 * struct lttr_proc_socket - a TCP or UDP socket open at the trace's start
 * (format 1.4)
 * @ino: its inode number
 * @tgid: a process that holds it
 * @type: SOCK_STREAM, SOCK_DGRAM...
 * @local: its local address ("127.0.0.1:7000", "[::1]:7000"), NULL: none
 * @peer: its peer's, NULL: none
 */
struct lttr_proc_socket {
	uint64_t ino;
	uint32_t tgid;
	uint32_t type;
	char *local;
	char *peer;
};

/**
 * struct lttr_proc_fd - a file descriptor open at the trace's start
 * (format 1.6)
 * @fd: the descriptor
 * @tgid: the process that holds it
 * @cloexec: closed on exec (O_CLOEXEC)
 * @path: the file it names, as /proc/PID/fd shows it ("/dev/console",
 *	"pipe:[1234]", "socket:[5678]"); may be empty or hold "; "
 */
struct lttr_proc_fd {
	uint32_t fd;
	uint32_t tgid;
	bool cloexec;
	char *path;
};

/**
 * struct lttr_proc - a parsed snapshot
 * @tasks: tasks in file order
 * @ntasks: number of @tasks
 * @irqs: irqs in file order
 * @nirqs: number of @irqs
 * @netdevs: network devices in file order
 * @nnetdevs: number of @netdevs
 * @sockets: sockets in file order
 * @nsockets: number of @sockets
 * @fds: descriptors in file order
 * @nfds: number of @fds
 * @bad_lines: malformed lines skipped (LTTR_PROC_LENIENT only)
 * @first_bad_line: line number of the first of them (1-based), or 0
 */
struct lttr_proc {
	struct lttr_proc_task *tasks;
	size_t ntasks;
	struct lttr_proc_irq *irqs;
	size_t nirqs;
	struct lttr_proc_netdev *netdevs;
	size_t nnetdevs;
	struct lttr_proc_socket *sockets;
	size_t nsockets;
	struct lttr_proc_fd *fds;
	size_t nfds;
	size_t bad_lines;
	size_t first_bad_line;
};

#define LTTR_PROC_LENIENT	0x01	/* skip malformed lines, count them */

/**
 * lttr_proc_parse() - parse a snapshot held in memory
 * @text: the file contents (need not be NUL-terminated)
 * @len: its length
 * @fname: file name used in messages
 * @flags: LTTR_PROC_* flags
 * @out: receives the snapshot
 * @err: receives "FNAME:LINE: malformed line (...)" on failure
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_proc_parse(const char *text, size_t len, const char *fname,
		    unsigned int flags, struct lttr_proc **out,
		    struct lttr_error *err);

/**
 * lttr_proc_load() - read and parse a snapshot file
 * @path: the file
 * @flags: LTTR_PROC_* flags
 * @out: receives the snapshot
 * @err: receives the error
 *
 * Return: 0 or a negative enum lttr_errcode (-LTTR_E_IO if unreadable).
 */
int lttr_proc_load(const char *path, unsigned int flags, struct lttr_proc **out,
		   struct lttr_error *err);

/**
 * lttr_proc_check() - the entries of a snapshot that cannot be true
 * @p: the snapshot
 * @first: receives a description of the first of them ("pid 50 listed
 *	twice"), or "" when there is none
 * @len: size of @first
 *
 * Impossible: a pid listed twice, a task that is its own parent, a thread
 * whose leader (the task whose pid is the thread's tgid) is listed as a
 * thread of another process, or with another parent (the threads of a
 * process share its parent).  The process tree read from such a file may
 * be wrong: the reader warns.
 *
 * Return: the number of such entries.
 */
size_t lttr_proc_check(const struct lttr_proc *p, char *first, size_t len);

/** lttr_proc_free() - release a snapshot @p: the snapshot or NULL */
void lttr_proc_free(struct lttr_proc *p);

/**
 * lttr_proc_irq_name() - name of an irq
 * @p: the snapshot (may be NULL)
 * @irq: the irq
 *
 * Return: the name or NULL.
 */
const char *lttr_proc_irq_name(const struct lttr_proc *p, uint32_t irq);

/**
 * lttr_proc_fd_find() - a descriptor open at the trace's start
 * @p: the snapshot (may be NULL)
 * @tgid: the process
 * @fd: the descriptor
 *
 * Return: its FD line (the last one, if listed twice) or NULL.
 */
const struct lttr_proc_fd *lttr_proc_fd_find(const struct lttr_proc *p, uint32_t tgid,
					     uint32_t fd);

/**
 * lttr_proc_netdev_name() - name of a network device
 * @p: the snapshot (may be NULL)
 * @ifindex: its interface index
 *
 * Return: the name or NULL.
 */
const char *lttr_proc_netdev_name(const struct lttr_proc *p, uint32_t ifindex);

#endif /* LTTR_PROC_H */
