/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/view/files.h - the files some tasks opened: the fs_open events of
 * a set of tasks (the threads of a process, or every task), grouped by
 * file name, with how often each was opened.  The events are the ones the
 * filter "type == fs_open && (pid == A || pid == B ...)" matches; only
 * the buffers whose event types (the view's search index) include fs_open
 * are read, each once.
 */
#ifndef LTTR_VIEW_FILES_H
#define LTTR_VIEW_FILES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <lttr/reader/error.h>
#include <lttr/view/view.h>

/**
 * struct lttr_file_use - one file name
 * @name: the name as given to open (NUL-terminated; "" for records
 *	without details)
 * @opens: fs_open events with that name
 * @failed: those whose result was an error (fd < 0)
 * @first_ns: time of the first
 * @last_ns: time of the last
 * @last_fd: the result of the last: its fd, or -errno
 * @last_flags: its O_* flags
 * @last_mode: its mode
 * @last_pid: the task that opened it last
 */
struct lttr_file_use {
	char *name;
	uint64_t opens;
	uint64_t failed;
	uint64_t first_ns;
	uint64_t last_ns;
	int32_t last_fd;
	uint32_t last_flags;
	uint32_t last_mode;
	uint32_t last_pid;
};

/**
 * struct lttr_files - result of lttr_view_files()
 * @n: entries of @v
 * @v: the files, sorted by name (byte order)
 * @opens: fs_open events in all (the sum of @v[].opens)
 */
struct lttr_files {
	size_t n;
	struct lttr_file_use *v;
	uint64_t opens;
};

/**
 * lttr_view_files() - the files a set of tasks opened
 * @v: the view
 * @pids: the tasks (in any order), or NULL for every task
 * @npids: entries of @pids
 * @progress: called after each buffer with the share of the buffers done
 *	(0..1000); non-zero cancels (may be NULL)
 * @arg: its argument
 * @out: receives the files (free with lttr_view_files_free())
 * @err: receives the error (LTTR_E_CANCELED when @progress asked)
 *
 * Return: 0 or a negative enum lttr_errcode (@out is then empty).
 */
int lttr_view_files(struct lttr_view *v, const uint32_t *pids, size_t npids,
		    lttr_view_progress_fn progress, void *arg,
		    struct lttr_files *out, struct lttr_error *err);

/**
 * lttr_view_files_free() - release what lttr_view_files() returned
 * @f: the result (emptied)
 */
void lttr_view_files_free(struct lttr_files *f);

/**
 * enum lttr_fd_state - what a file descriptor was, as far as the trace says
 * @LTTR_FD_NONE: no descriptor (lttr_view_syscall_file(): the syscall
 *	works on none)
 * @LTTR_FD_OPEN: a file the process (or the parent it forked from)
 *	opened: its name as given to open
 * @LTTR_FD_FAILED: an open that failed (fd is -errno); its name
 * @LTTR_FD_SOCKET: a socket the process created, or accepted
 * @LTTR_FD_CLOSED: its last open was closed since (close, or an exec of
 *	an O_CLOEXEC one), and nothing opened it again
 * @LTTR_FD_UNSEEN: no open, close, socket, dup or pipe of it in the
 *	trace, nor in the /proc snapshot: opened by a call the tracer does
 *	not record (or did not before format 1.7: dup, pipe), or before a
 *	trace without FD lines
 * @LTTR_FD_PIPE: an end of a pipe the process made (fs_pipe, format 1.7)
 */
enum lttr_fd_state {
	LTTR_FD_NONE,
	LTTR_FD_OPEN,
	LTTR_FD_FAILED,
	LTTR_FD_SOCKET,
	LTTR_FD_CLOSED,
	LTTR_FD_UNSEEN,
	LTTR_FD_PIPE,
};

/**
 * struct lttr_fd_file - a file descriptor of a task at a time
 * @fd: the descriptor
 * @state: enum lttr_fd_state
 * @inherited: found in a parent process, before the fork of the task's
 * @accepted: SOCKET: a connection accept() gave (socket_accept, format
 *	1.4); @name then has its local address and its peer's,
 *	"127.0.0.2:7000 <- 127.0.0.1:40000" (either alone when the other has
 *	no text form, "" when neither)
 * @at_start: from the /proc snapshot (its FD lines, format 1.6): open
 *	when the trace started (OPEN, SOCKET: @at_ns is then the trace's
 *	start, @by_pid the process), or closed by an exec since (CLOSED)
 * @dup: made by dup, dup2, dup3 or fcntl(F_DUPFD) (fs_dup, format 1.7)
 *	of descriptor @dup_of, which named what @name, @state and @accepted
 *	say at the time (followed back through at most 16 dups)
 * @dup_of: @dup: the descriptor it was duplicated from
 * @pipe_end: PIPE: 'r' the read end, 'w' the write end
 * @pipe_ino: PIPE: the pipe's inode, as "pipe:[N]" names it (@name)
 * @at_ns: time of the event that made it what it is (open, close, dup...)
 * @by_pid: the task that did it
 * @op: lttr_view_syscall_file(): the type of the syscall's event that
 *	names the descriptor (fs_read, fs_write, fs_lseek, fs_open, ...)
 * @name: OPEN, FAILED: the file's name as given (cut to fit), or as
 *	/proc/PID/fd named it at START ("/dev/console", "pipe:[1234]",
 *	"socket:[5678]": SOCKET too); SOCKET @accepted: its addresses; else ""
 */
struct lttr_fd_file {
	int32_t fd;
	uint8_t state;
	bool inherited;
	bool at_start;
	bool accepted;
	bool dup;
	int32_t dup_of;
	char pipe_end;
	uint64_t pipe_ino;
	uint64_t at_ns;
	uint32_t by_pid;
	uint8_t op;
	char name[1024];
};

/**
 * lttr_view_fd_file() - which file descriptor @fd of task @pid is at time @t
 * @v: the view
 * @pid: the task
 * @fd: the descriptor
 * @t: the time (events at @t count)
 * @out: receives the answer
 * @err: receives the error
 *
 * The last fs_open that returned @fd, fs_close of it, socket_create or
 * socket_accept (its new socket) of it by a task of @pid's process (its threads share descriptors) at
 * or before @t decides; with none there, the same in the parent it was
 * forked from, before the fork.  With none in a process that was there
 * at START (no fork of it), the snapshot's FD line of the descriptor
 * (format 1.6) does (@out->at_start), unless the trace is a
 * flight-recorder trace that lost its first buffers.  An O_CLOEXEC
 * descriptor is closed by an exec of the process between its open (or
 * START) and @t.  The searches read only the buffers that hold those
 * event types (lttr_view_find()).  A dup (format 1.7) names what the
 * descriptor it copied named at the time (@out->dup, @out->dup_of), a
 * pipe() its ends (LTTR_FD_PIPE); in older traces a descriptor these made
 * reads as its last traced open, as what the snapshot had under its
 * number, or as LTTR_FD_UNSEEN.  The
 * snapshot is written just after START: a descriptor opened in between
 * reads, before its traced open, as the file the snapshot names (open
 * at START when it was not yet), and as its open from then on.
 *
 * Return: 1 when @out names a file, socket or pipe (OPEN, SOCKET, PIPE),
 * 0 when not (CLOSED, UNSEEN), or a negative enum lttr_errcode.
 */
int lttr_view_fd_file(struct lttr_view *v, uint32_t pid, int32_t fd, uint64_t t,
		      struct lttr_fd_file *out, struct lttr_error *err);

/**
 * lttr_view_syscall_file() - the file the syscall task @pid is in at time
 * @t works on
 * @v: the view
 * @pid: the task
 * @t: a time within the syscall (running or blocked in it)
 * @out: receives the descriptor and what it is (lttr_view_fd_file() at
 *	the syscall's event); for an open, the name it gives and its result
 * @err: receives the error
 *
 * The syscall's event with an "fd" field in the field table (fs_read,
 * fs_write, fs_lseek, fs_ioctl, fs_close, fs_open, socket calls, ...)
 * is the last one of @pid at or before @t after its syscall_entry, or the
 * first one after @t before its syscall_exit.
 *
 * Return: 1 with @out filled, 0 when @pid is not in a syscall at @t or
 * its syscall has no such event (a record without details neither), or
 * a negative enum lttr_errcode.
 */
int lttr_view_syscall_file(struct lttr_view *v, uint32_t pid, uint64_t t,
			   struct lttr_fd_file *out, struct lttr_error *err);

/**
 * lttr_view_state_file() - the file a state of the rows works on at a time
 * @v: the view
 * @state: the state (lttr_vspan.state, of a task or CPU row)
 * @t: a time within its span
 * @out: receives the answer, as lttr_view_syscall_file() gives it
 * @err: receives the error
 *
 * The states of a task in a syscall, running or blocked in it, ask
 * lttr_view_syscall_file() for the state's task; any other state works
 * on no file.
 *
 * Return: 1 with @out filled, 0 when there is no file, or a negative
 * enum lttr_errcode.
 */
int lttr_view_state_file(struct lttr_view *v, uint32_t state, uint64_t t,
			 struct lttr_fd_file *out, struct lttr_error *err);

/**
 * lttr_fd_file_str() - an answer as the front ends show it: "file
 * /etc/passwd (fd 3)", "socket (fd 4)", "fd 3 (closed before)", from the
 * snapshot "file /dev/console (fd 1, open at START)", "pipe:[1234] (fd
 * 0, open at START)", "socket:[5678] (fd 4, open at START)", and "fd 0
 * (opened before the trace or by a call not traced)"
 * @f: the answer
 * @buf: output
 * @size: its size
 *
 * Return: @buf.
 */
const char *lttr_fd_file_str(const struct lttr_fd_file *f, char *buf, size_t size);

#endif /* LTTR_VIEW_FILES_H */
