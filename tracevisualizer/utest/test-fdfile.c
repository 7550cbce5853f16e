// SPDX-License-Identifier: GPL-2.0
/*
 * test-fdfile.c - lttr_view_fd_file(), lttr_view_syscall_file() and
 * lttr_view_state_file(): which file a descriptor of a task is at a time,
 * and which file the syscall a task is in (its state on its row) works on, on a trace where a process opens two files (one
 * close-on-exec), its thread reads one while blocked, it forks a child
 * that inherits both, closes one, the child execs (losing the
 * close-on-exec one), the process opens another file under the same
 * number, and a task reads a descriptor the trace never saw opened.
 */
#include <stdio.h>
#include <string.h>
#include <lttr/lttr.h>
#include <lttr/view/view.h>
#include <lttr/view/files.h>
#include "tap.h"
#include "tracegen.h"

#define T0	1000000000ULL
#define US	1000ULL

static const char desc[] =
	"header ncpus=1 end=1000200000 events=all\n"
	"proc PID: 1; PPID: 0; TGID: 1; NAME: init\n"
	"proc PID: 10; PPID: 1; TGID: 10; NAME: app\n"
	"proc PID: 11; PPID: 1; TGID: 10; NAME: app-io\n"
	"proc PID: 30; PPID: 1; TGID: 30; NAME: other\n"
	"buf cpu=0 start=1000000000 pid=10\n"
	"1000000000 start 10 0\n"
	"1000005000 syscall_entry 2\n"
	"1000010000 fs_open 3 0 0 /etc/passwd\n"
	"1000011000 syscall_exit 2 3\n"
	"1000015000 syscall_entry 2\n"
	"1000020000 fs_open 4 524288 0 /var/log/app.log\n"	/* O_CLOEXEC */
	"1000021000 syscall_exit 2 4\n"
	"1000025000 sched 10 11 0\n"
	"1000030000 syscall_entry 0\n"
	"1000031000 sched 11 10 1\n"
	"1000033000 fork 10 20 20 0 0\n"
	"1000034000 wakeup 11 0 0\n"
	"1000035000 sched 10 11 0\n"
	"1000036000 fs_read 3 64 64\n"
	"1000037000 syscall_exit 0 64\n"
	"1000038000 sched 11 10 0\n"
	"1000050000 syscall_entry 3\n"
	"1000051000 fs_close 3\n"
	"1000052000 syscall_exit 3 0\n"
	"1000055000 sched 10 20 0\n"
	"1000060000 syscall_entry 0\n"
	"1000061000 fs_read 3 10 10\n"
	"1000062000 syscall_exit 0 10\n"
	"1000080000 exec 20 /bin/sh\n"
	"1000090000 syscall_entry 0\n"
	"1000091000 fs_read 4 1 1\n"
	"1000092000 syscall_exit 0 1\n"
	"1000095000 syscall_entry 0\n"
	"1000096000 fs_read 3 1 1\n"
	"1000097000 syscall_exit 0 1\n"
	"1000098000 sched 20 10 0\n"
	"1000100000 syscall_entry 2\n"
	"1000101000 fs_open 3 0 0 /tmp/new\n"
	"1000102000 syscall_exit 2 3\n"
	"1000110000 syscall_entry 0\n"
	"1000111000 fs_read 3 5 5\n"
	"1000112000 syscall_exit 0 5\n"
	"1000115000 syscall_entry 35\n"
	"1000116000 sched 10 30 1\n"
	"1000120000 syscall_entry 0\n"
	"1000121000 fs_read 0 1 1\n"
	"1000122000 syscall_exit 0 1\n"
	"1000125000 sched 30 0 1\n"
	"1000130000 wakeup 10 0 0\n"
	"1000131000 sched 0 10 0\n"
	"1000132000 syscall_exit 35 0\n";

struct fcase {
	uint32_t pid;
	int32_t fd;
	uint64_t at_us;		/* since T0 */
	int ret;
	uint8_t state;
	const char *name;
	uint32_t by_pid;
	bool inherited;
	const char *why;
};

static const struct fcase fcases[] = {
	{ 10, 3, 5, 0, LTTR_FD_UNSEEN, "", 0, false, "before its open: not seen" },
	{ 10, 3, 10, 1, LTTR_FD_OPEN, "/etc/passwd", 10, false, "at its open" },
	{ 11, 3, 36, 1, LTTR_FD_OPEN, "/etc/passwd", 10, false,
	  "a thread: its process's open (by another task)" },
	{ 20, 3, 61, 1, LTTR_FD_OPEN, "/etc/passwd", 10, true,
	  "the forked child: the parent's open before the fork (closed in the parent after)" },
	{ 10, 3, 70, 0, LTTR_FD_CLOSED, "", 10, false, "the parent after its close" },
	{ 20, 4, 70, 1, LTTR_FD_OPEN, "/var/log/app.log", 10, true,
	  "the child before its exec: the close-on-exec file" },
	{ 20, 4, 91, 0, LTTR_FD_CLOSED, "", 20, true, "after the exec: closed on exec" },
	{ 20, 3, 96, 1, LTTR_FD_OPEN, "/etc/passwd", 10, true,
	  "after the exec: the other one kept" },
	{ 11, 3, 105, 1, LTTR_FD_OPEN, "/tmp/new", 10, false,
	  "the same number opened again: the new file" },
	{ 30, 0, 121, 0, LTTR_FD_UNSEEN, "", 0, false, "stdin of another process: not seen" },
};

struct scase {
	uint32_t pid;
	uint64_t at_ns;		/* since T0 */
	int ret;
	int32_t fd;
	uint8_t op;
	const char *text;
	const char *why;
};

static const struct scase scases[] = {
	{ 11, 32000, 1, 3, LTT_EV_FS_READ, "file /etc/passwd (fd 3)",
	  "blocked in read: its fs_read after the time names fd 3" },
	{ 11, 36500, 1, 3, LTT_EV_FS_READ, "file /etc/passwd (fd 3)",
	  "in read after its fs_read: the same" },
	{ 10, 10500, 1, 3, LTT_EV_FS_OPEN, "file /etc/passwd (fd 3)",
	  "in open: the name it opens" },
	{ 10, 12000, 0, -1, 0, "no file", "in user mode: no syscall" },
	{ 10, 117000, 0, -1, 0, "no file", "in nanosleep: no descriptor" },
	{ 20, 91500, 1, 4, LTT_EV_FS_READ, "fd 4 (closed before)",
	  "a read of a descriptor closed on exec" },
	{ 30, 121500, 1, 0, LTT_EV_FS_READ,
	  "fd 0 (opened before the trace or by a call not traced)",
	  "a read of a descriptor never opened in the trace" },
};

int main(void)
{
	struct lttr_trace *t = NULL;
	struct lttr_view *v = NULL;
	struct lttr_error err;
	struct lttr_fd_file f;
	char buf[1200];
	size_t i;
	int r;

	tap_plan((int)(sizeof(fcases) / sizeof(fcases[0]) + 2 * (sizeof(scases) / sizeof(scases[0]))));
	if (tg_open("fdfile", desc, 0, &t, &err) || lttr_view_build(t, NULL, NULL, &v, &err)) {
		ok(0, "the trace: %s", err.msg);
		return tap_done();
	}
	for (i = 0; i < sizeof(fcases) / sizeof(fcases[0]); i++) {
		const struct fcase *c = &fcases[i];

		r = lttr_view_fd_file(v, c->pid, c->fd, T0 + c->at_us * US, &f, &err);
		ok(r == c->ret && f.fd == c->fd && f.state == c->state && !strcmp(f.name, c->name) &&
		   (c->state == LTTR_FD_UNSEEN || f.by_pid == c->by_pid) &&
		   f.inherited == c->inherited,
		   "fd %d of %u at %llu us: %s (%s; got %d, state %u, '%s' by %u%s)", c->fd, c->pid,
		   (unsigned long long)c->at_us, c->why, c->name, r, f.state, f.name, f.by_pid,
		   f.inherited ? ", inherited" : "");
	}
	for (i = 0; i < sizeof(scases) / sizeof(scases[0]); i++) {
		const struct scase *c = &scases[i];

		r = lttr_view_syscall_file(v, c->pid, T0 + c->at_ns, &f, &err);
		lttr_fd_file_str(&f, buf, sizeof(buf));
		ok(r == c->ret && f.fd == c->fd && f.op == c->op && !strcmp(buf, c->text),
		   "task %u at %llu ns: %s: \"%s\" (got %d, fd %d, \"%s\")", c->pid,
		   (unsigned long long)c->at_ns, c->why, c->text, r, f.fd, buf);
	}
	/* from a state of the rows: the task of a syscall state asks the same */
	for (i = 0; i < sizeof(scases) / sizeof(scases[0]); i++) {
		const struct scase *c = &scases[i];
		long row = lttr_view_find_row(v, LTTR_VROW_TASK, c->pid, false);
		struct lttr_vspan sp;

		r = row < 0 || lttr_view_span_at(v, (size_t)row, T0 + c->at_ns, &sp) ? -1 :
			lttr_view_state_file(v, sp.state, T0 + c->at_ns, &f, &err);
		lttr_fd_file_str(&f, buf, sizeof(buf));
		ok(r == c->ret && !strcmp(buf, c->text),
		   "task %u's state at %llu ns: %s (got %d, \"%s\")", c->pid,
		   (unsigned long long)c->at_ns, c->text, r, buf);
	}
	lttr_view_free(v);
	lttr_trace_close(t);
	return tap_done();
}
