// SPDX-License-Identifier: GPL-2.0
/*
 * test-fdfile.c - lttr_view_fd_file(), lttr_view_syscall_file() and
 * lttr_view_state_file(): which file a descriptor of a task is at a time,
 * and which file the syscall a task is in (its state on its row) works on, on a trace where a process opens two files (one
 * close-on-exec), its thread reads one while blocked, it forks a child
 * that inherits both, closes one, the child execs (losing the
 * close-on-exec one), the process opens another file under the same
 * number, a task reads a descriptor the trace never saw opened, and
 * another accepts a TCP and a unix connection (socket_accept); and
 * on the guest's real trace tests/corpus/guest-mix, every read, write and
 * seek against a walk of all its events that keeps each process's table
 * of descriptors (from the snapshot's FD lines at START, when it has
 * them).  The descriptors open at START (FD lines, format 1.6) name
 * files before their first traced open, in a child forked after, until
 * an exec closes a close-on-exec one; a flight-recorder trace that lost
 * its first buffers does not use them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/lttr.h>
#include <lttr/view/view.h>
#include <lttr/view/files.h>
#include "tap.h"
#include "tracegen.h"

#define T0	1000000000ULL
#define US	1000ULL

static const char desc[] =
	"header ncpus=1 end=1000200000 format=1.7 events=all\n"
	"proc PID: 1; PPID: 0; TGID: 1; NAME: init\n"
	"proc PID: 40; PPID: 1; TGID: 40; NAME: shell\n"
	"proc PID: 10; PPID: 1; TGID: 10; NAME: app\n"
	"proc PID: 11; PPID: 1; TGID: 10; NAME: app-io\n"
	"proc PID: 30; PPID: 1; TGID: 30; NAME: other\n"
	"proc FD: 3; TGID: 10; CLOEXEC: 0; PATH: /var/old\n"
	"proc FD: 5; TGID: 10; CLOEXEC: 1; PATH: pipe:[777]\n"
	"proc FD: 6; TGID: 10; CLOEXEC: 0; PATH: socket:[4242]\n"
	"proc FD: 0; TGID: 30; CLOEXEC: 0; PATH: /dev/console\n"
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
	"1000122500 syscall_entry 0\n"
	"1000123000 fs_read 7 1 1\n"
	"1000123500 syscall_exit 0 1\n"
	"1000124000 syscall_entry 43\n"
	"1000124100 socket_accept 200 150 4 0 5 2 1 6 inet:127.0.0.2:7000 inet:127.0.0.1:40000\n"
	"1000124200 syscall_exit 43 4\n"
	"1000124300 syscall_entry 0\n"
	"1000124400 fs_read 4 1 1\n"
	"1000124500 syscall_exit 0 1\n"
	"1000124600 socket_accept 201 151 8 0 5 1 1 0 unix:/run/app.sock -\n"
	/* sockets it creates: one connected, one bound, one never named */
	"1000124700 socket_create 300 9 2 1 6\n"
	"1000124750 socket_endpoint 300 0 9 0 3 2 1 6 inet:127.0.0.1:40100 inet:127.0.0.5:7100\n"
	"1000124800 socket_create 301 10 2 2 17\n"
	"1000124850 socket_endpoint 301 0 10 0 2 2 2 17 inet:127.0.0.1:5353 -\n"
	"1000124900 socket_create 302 11 2 2 17\n"
	"1000125000 sched 30 0 1\n"
	"1000130000 wakeup 10 0 0\n"
	"1000131000 sched 0 10 0\n"
	"1000132000 syscall_exit 35 0\n"
	/* a shell's pipe and dups (format 1.7) */
	"1000140000 sched 10 40 1\n"
	"1000141000 syscall_entry 22\n"
	"1000142000 fs_pipe 3 4 812 0\n"
	"1000143000 syscall_exit 22 0\n"
	"1000144000 syscall_entry 2\n"
	"1000145000 fs_open 5 0 0 /tmp/f\n"
	"1000146000 syscall_exit 2 5\n"
	"1000147000 fs_dup 5 6 0 0\n"		/* dup(5) = 6 */
	"1000148000 fs_dup 6 6 0 1\n"		/* dup2(6, 6): no change */
	"1000149000 fs_dup 5 7 524288 2\n"	/* F_DUPFD_CLOEXEC = 7 */
	"1000150000 fs_dup 4 1 0 1\n"		/* dup2(4, 1): stdout the pipe */
	"1000151000 fs_dup 3 5 0 1\n"		/* dup2(3, 5): /tmp/f replaced */
	"1000152000 fork 40 41 41 0 0\n"
	"1000160000 exec 40 /bin/cat\n";

struct fcase {
	uint32_t pid;
	int32_t fd;
	uint64_t at_us;		/* since T0 */
	int ret;
	uint8_t state;
	const char *name;
	uint32_t by_pid;
	bool inherited;
	bool at_start;
	const char *why;
};

static const struct fcase fcases[] = {
	{ 10, 3, 5, 1, LTTR_FD_OPEN, "/var/old", 10, false, true,
	  "before its open: the snapshot's file under that number" },
	{ 10, 3, 10, 1, LTTR_FD_OPEN, "/etc/passwd", 10, false, false, "at its open" },
	{ 11, 3, 36, 1, LTTR_FD_OPEN, "/etc/passwd", 10, false, false,
	  "a thread: its process's open (by another task)" },
	{ 20, 3, 61, 1, LTTR_FD_OPEN, "/etc/passwd", 10, true, false,
	  "the forked child: the parent's open before the fork (closed in the parent after)" },
	{ 10, 3, 70, 0, LTTR_FD_CLOSED, "", 10, false, false, "the parent after its close" },
	{ 20, 4, 70, 1, LTTR_FD_OPEN, "/var/log/app.log", 10, true, false,
	  "the child before its exec: the close-on-exec file" },
	{ 20, 4, 91, 0, LTTR_FD_CLOSED, "", 20, true, false, "after the exec: closed on exec" },
	{ 20, 3, 96, 1, LTTR_FD_OPEN, "/etc/passwd", 10, true, false,
	  "after the exec: the other one kept" },
	{ 11, 3, 105, 1, LTTR_FD_OPEN, "/tmp/new", 10, false, false,
	  "the same number opened again: the new file" },
	{ 30, 0, 121, 1, LTTR_FD_OPEN, "/dev/console", 30, false, true,
	  "stdin of another process: open at START" },
	{ 30, 7, 123, 0, LTTR_FD_UNSEEN, "", 0, false, false,
	  "a descriptor neither traced nor in the snapshot: not seen" },
	{ 10, 0, 121, 0, LTTR_FD_UNSEEN, "", 0, false, false,
	  "another process's descriptor in the snapshot: not this one's" },
	{ 11, 6, 36, 1, LTTR_FD_SOCKET, "socket:[4242]", 10, false, true,
	  "a thread: its process's socket open at START" },
	{ 20, 5, 70, 1, LTTR_FD_OPEN, "pipe:[777]", 10, true, true,
	  "the child before its exec: the parent's close-on-exec pipe open at START" },
	{ 20, 5, 91, 0, LTTR_FD_CLOSED, "", 20, true, true,
	  "after the exec: the pipe open at START closed on exec" },
	{ 30, 4, 124, 0, LTTR_FD_UNSEEN, "", 0, false, false,
	  "before accept() returned it: not seen" },
	{ 30, 4, 125, 1, LTTR_FD_SOCKET, "127.0.0.2:7000 <- 127.0.0.1:40000", 30, false, false,
	  "a TCP connection accepted: its local address and its peer's" },
	{ 30, 8, 125, 1, LTTR_FD_SOCKET, "/run/app.sock", 30, false, false,
	  "a unix connection accepted: its local path (the peer has no name)" },
	{ 40, 3, 142, 1, LTTR_FD_PIPE, "pipe:[812]", 40, false, false,
	  "the read end of a pipe, at its pipe()" },
	{ 41, 1, 153, 1, LTTR_FD_PIPE, "pipe:[812]", 40, true, false,
	  "the forked child: the pipe's write end its parent's dup2 put on 1" },
	{ 40, 7, 160, 0, LTTR_FD_CLOSED, "", 40, false, false,
	  "a close-on-exec dup (F_DUPFD_CLOEXEC): closed at the exec" },
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
	{ 30, 121500, 1, 0, LTT_EV_FS_READ, "file /dev/console (fd 0, open at START)",
	  "a read of a descriptor open at START" },
	{ 30, 123200, 1, 7, LTT_EV_FS_READ,
	  "fd 7 (opened before the trace or by a call not traced)",
	  "a read of a descriptor never opened in the trace, nor in the snapshot" },
	{ 30, 124450, 1, 4, LTT_EV_FS_READ,
	  "socket 127.0.0.2:7000 <- 127.0.0.1:40000 (fd 4, accepted)",
	  "a read of an accepted connection" },
};

/* the answers from the snapshot as the front ends show them */
static const struct tcase {
	uint32_t pid;
	int32_t fd;
	uint64_t at_us;
	const char *text;
} tcases[] = {
	{ 10, 3, 5, "file /var/old (fd 3, open at START)" },
	{ 11, 6, 36, "socket:[4242] (fd 6, open at START)" },
	{ 20, 5, 70, "pipe:[777] (fd 5, open at START)" },
	{ 20, 5, 91, "fd 5 (closed before)" },
	{ 30, 8, 125, "socket /run/app.sock (fd 8, accepted)" },
	{ 30, 9, 125, "socket 127.0.0.1:40100 -> 127.0.0.5:7100 (fd 9)" },
	{ 30, 10, 125, "socket 127.0.0.1:5353 (fd 10)" },
	{ 30, 11, 125, "socket (fd 11)" },
	{ 40, 3, 142, "pipe:[812] (read end, fd 3)" },
	{ 40, 4, 143, "pipe:[812] (write end, fd 4)" },
	{ 40, 6, 147, "file /tmp/f (fd 6, dup of fd 5)" },
	{ 40, 6, 148, "file /tmp/f (fd 6, dup of fd 5)" },	/* dup2 onto itself */
	{ 40, 7, 149, "file /tmp/f (fd 7, dup of fd 5)" },
	{ 40, 1, 150, "pipe:[812] (write end, fd 1, dup of fd 4)" },
	{ 40, 5, 150, "file /tmp/f (fd 5)" },
	{ 40, 5, 151, "pipe:[812] (read end, fd 5, dup of fd 3)" },
	{ 40, 7, 160, "fd 7 (closed before)" },
	{ 40, 6, 160, "file /tmp/f (fd 6, dup of fd 5)" },
	{ 41, 1, 153, "pipe:[812] (write end, fd 1, dup of fd 4)" },
};

/*
 * A flight-recorder trace that lost its first buffers: what the snapshot
 * says of START may have changed in them, so it is not used.
 */
static const char flight[] =
	"header ncpus=1 end=1000200000 format=1.6 events=all flight=1\n"
	"proc PID: 10; PPID: 1; TGID: 10; NAME: app\n"
	"proc FD: 1; TGID: 10; CLOEXEC: 0; PATH: /dev/console\n"
	"buf cpu=0 start=1000000000 pid=10 seq=3\n"
	"1000010000 syscall_entry 1\n"
	"1000011000 fs_write 1 5 5\n"
	"1000012000 syscall_exit 1 5\n";

static void check_flight(void)
{
	struct lttr_trace *t = NULL;
	struct lttr_view *v = NULL;
	struct lttr_fd_file f;
	struct lttr_error err;
	int r;

	if (tg_open("fdfile-flight", flight, 0, &t, &err) ||
	    lttr_view_build(t, NULL, NULL, &v, &err)) {
		ok(0, "the flight-recorder trace: %s", err.msg);
		lttr_trace_close(t);
		return;
	}
	r = lttr_view_fd_file(v, 10, 1, T0 + 11 * US, &f, &err);
	ok(lttr_trace_overwritten(t, 0) == 3 && r == 0 && f.state == LTTR_FD_UNSEEN &&
	   !f.at_start && lttr_trace_proc(t) && lttr_trace_proc(t)->nfds == 1,
	   "a flight-recorder trace that lost 3 buffers: its snapshot's FD line is not used "
	   "(got %d, state %u, '%s')", r, f.state, f.name);
	lttr_view_free(v);
	lttr_trace_close(t);
}

/* ---- a real trace against a walk of its events ---------------------------- */

/*
 * the guest's trace of tests/corpus: under LTT_CORPUS when set (reader.t
 * runs each unit test in a folder of its own), else from tracevisualizer/,
 * where make check runs it
 */
static const char *corpus_mix(void)
{
	static char path[4096];
	const char *dir = getenv("LTT_CORPUS");

	snprintf(path, sizeof(path), "%s/guest-mix", dir && *dir ? dir : "../tests/corpus");
	return path;
}
#define O_CLOEXEC_LINUX	02000000

/* one descriptor of one process, as the walk keeps it */
struct slot {
	uint32_t tgid;
	int32_t fd;
	uint8_t state;		/* LTTR_FD_OPEN, _SOCKET, _PIPE, _CLOSED, _UNSEEN */
	bool cloexec;
	bool accepted;		/* SOCKET: from a socket_accept */
	bool dup;		/* made by a dup of another descriptor */
	char pipe_end;		/* PIPE: 'r' or 'w' */
	uint64_t ino;		/* PIPE: the pipe's inode */
	const char *name;
	size_t len;
};

struct walk {
	struct slot v[4096];
	size_t n;
	uint32_t tgid[65536];	/* by pid: its process, 0 unknown */
};

static struct slot *slot_of(struct walk *w, uint32_t tgid, int32_t fd, bool add)
{
	size_t i;

	for (i = 0; i < w->n; i++)
		if (w->v[i].tgid == tgid && w->v[i].fd == fd)
			return &w->v[i];
	if (!add || w->n == sizeof(w->v) / sizeof(w->v[0]))
		return NULL;
	memset(&w->v[w->n], 0, sizeof(w->v[0]));
	w->v[w->n].tgid = tgid;
	w->v[w->n].fd = fd;
	return &w->v[w->n++];
}

static uint32_t walk_tgid(const struct walk *w, uint32_t pid)
{
	return pid < 65536 && w->tgid[pid] ? w->tgid[pid] : pid;
}

/* what the walk knows of the fd an event names, compared with the library's */
static bool same_answer(struct walk *w, struct lttr_view *v, const struct lttr_event *ev,
			int32_t fd, char *why, size_t whylen)
{
	const struct slot *sl = slot_of(w, walk_tgid(w, ev->pid), fd, false);
	uint8_t want = sl ? sl->state : LTTR_FD_UNSEEN;
	struct lttr_fd_file f;
	struct lttr_error err;

	if (lttr_view_fd_file(v, ev->pid, fd, ev->time_ns, &f, &err) < 0 || f.state != want ||
	    (sl && f.dup != sl->dup) ||
	    (want == LTTR_FD_PIPE && (f.pipe_end != sl->pipe_end || f.pipe_ino != sl->ino)) ||
	    (want == LTTR_FD_SOCKET && f.accepted != sl->accepted) ||
	    (want == LTTR_FD_OPEN && (strlen(f.name) != sl->len ||
				      strncmp(f.name, sl->name, sl->len)))) {
		snprintf(why, whylen, "pid %u fd %d at %llu: walk %u '%.*s', library %u '%s'",
			 ev->pid, fd, (unsigned long long)ev->time_ns, want,
			 sl && want == LTTR_FD_OPEN ? (int)sl->len : 0, sl ? sl->name : "",
			 f.state, f.name);
		return false;
	}
	return true;
}

/* apply @ev to the walk's tables of descriptors */
static void walk_step(struct walk *w, const struct lttr_event *ev)
{
	struct slot *sl;
	size_t i, n;

	switch (ev->id) {
	case LTT_EV_PROCESS_FORK:
		if (ev->p.fork.child_pid < 65536)
			w->tgid[ev->p.fork.child_pid] = ev->p.fork.child_tgid;
		if (ev->p.fork.flags & LTT_FORK_THREAD)
			break;
		n = w->n;	/* the child gets a copy of its parent's table */
		for (i = 0; i < n; i++)
			if (w->v[i].tgid == walk_tgid(w, ev->pid)) {
				sl = slot_of(w, ev->p.fork.child_tgid, w->v[i].fd, true);
				if (sl) {
					*sl = w->v[i];
					sl->tgid = ev->p.fork.child_tgid;
				}
			}
		break;
	case LTT_EV_PROCESS_EXEC:
		for (i = 0; i < w->n; i++)
			if (w->v[i].tgid == walk_tgid(w, ev->pid) && w->v[i].cloexec &&
			    (w->v[i].state == LTTR_FD_OPEN || w->v[i].state == LTTR_FD_PIPE))
				w->v[i].state = LTTR_FD_CLOSED;
		break;
	case LTT_EV_FS_DUP: {
		const struct slot *old;
		struct slot copy = { 0 };

		if (ev->p.fs_dup.newfd < 0 || ev->p.fs_dup.newfd == ev->p.fs_dup.oldfd)
			break;
		old = slot_of(w, walk_tgid(w, ev->pid), ev->p.fs_dup.oldfd, false);
		if (old)
			copy = *old;
		else
			copy.state = LTTR_FD_UNSEEN;
		sl = slot_of(w, walk_tgid(w, ev->pid), ev->p.fs_dup.newfd, true);
		if (!sl)
			break;
		copy.tgid = sl->tgid;
		copy.fd = sl->fd;
		copy.dup = true;
		copy.cloexec = ev->p.fs_dup.flags & O_CLOEXEC_LINUX;
		*sl = copy;
		break;
	}
	case LTT_EV_FS_PIPE:
		if (ev->p.fs_pipe.rfd < 0)
			break;
		for (i = 0; i < 2; i++) {
			sl = slot_of(w, walk_tgid(w, ev->pid),
				     i ? ev->p.fs_pipe.wfd : ev->p.fs_pipe.rfd, true);
			if (!sl)
				break;
			*sl = (struct slot){ .tgid = sl->tgid, .fd = sl->fd,
					     .state = LTTR_FD_PIPE,
					     .cloexec = ev->p.fs_pipe.flags & O_CLOEXEC_LINUX,
					     .pipe_end = i ? 'w' : 'r', .ino = ev->p.fs_pipe.ino };
		}
		break;
	case LTT_EV_FS_OPEN:
		if (ev->p.fs_open.fd < 0 || !(sl = slot_of(w, walk_tgid(w, ev->pid),
							   ev->p.fs_open.fd, true)))
			break;
		sl->state = LTTR_FD_OPEN;
		sl->dup = false;
		sl->cloexec = ev->p.fs_open.flags & O_CLOEXEC_LINUX;
		sl->name = ev->var;
		sl->len = strnlen(ev->var, ev->var_len);
		break;
	case LTT_EV_FS_CLOSE:
		sl = slot_of(w, walk_tgid(w, ev->pid), (int32_t)ev->p.fs_close.fd, true);
		if (sl) {
			sl->state = LTTR_FD_CLOSED;
			sl->dup = false;
		}
		break;
	case LTT_EV_SOCKET_ACCEPT:
		sl = slot_of(w, walk_tgid(w, ev->pid), ev->p.socket_endpoint.fd, true);
		if (sl) {
			sl->state = LTTR_FD_SOCKET;
			sl->accepted = true;
			sl->dup = false;
		}
		break;
	case LTT_EV_SOCKET_CREATE:
		sl = slot_of(w, walk_tgid(w, ev->pid), (int32_t)ev->p.socket_create.fd, true);
		if (sl) {
			sl->state = LTTR_FD_SOCKET;
			sl->accepted = false;
			sl->dup = false;
		}
		break;
	default:
		break;
	}
}

/*
 * Every read, write and seek of a guest's trace, and every socket call on
 * a descriptor (send, recv, ...): the file the library names for its
 * descriptor is the one a walk of all the events keeps in a table per
 * process (copied at fork, close-on-exec ones closed at exec, sockets
 * created or accepted), and the syscall's file of a read, write or seek
 * is the same descriptor's.  Two checks, named by @label; the counts of
 * what was checked are returned.
 */
struct walked {
	size_t checked, named, sockets, accepted, dups, pipes;
};

static struct walked check_walk(const char *path, const char *label)
{
	static struct walk w;
	struct walked c = { 0, 0, 0, 0, 0, 0 };
	struct lttr_trace *t = NULL;
	struct lttr_view *v = NULL;
	struct lttr_event *all;
	struct lttr_error err;
	struct lttr_fd_file f;
	char why[512] = "", swhy[512] = "";
	size_t n = 0, i, bad = 0, sbad = 0;
	int status;

	memset(&w, 0, sizeof(w));
	if (lttr_trace_open(path, 0, &t, &err) || lttr_view_build(t, NULL, NULL, &v, &err)) {
		ok(0, "%s: the trace %s: %s", label, path, err.msg);
		ok(0, "(its syscalls)");
		lttr_trace_close(t);
		return c;
	}
	for (i = 0; i < lttr_view_nrows(v); i++) {
		const struct lttr_vrow_info *in = lttr_view_row(v, i);

		if (in->kind == LTTR_VROW_TASK && in->id < 65536)
			w.tgid[in->id] = in->tgid;
	}
	/* the tables at START: the snapshot's FD lines (format 1.6) */
	for (i = 0; lttr_trace_proc(t) && i < lttr_trace_proc(t)->nfds; i++) {
		const struct lttr_proc_fd *pf = &lttr_trace_proc(t)->fds[i];
		struct slot *sl = slot_of(&w, pf->tgid, (int32_t)pf->fd, true);

		if (sl)
			*sl = (struct slot){ .tgid = pf->tgid, .fd = (int32_t)pf->fd,
					     .state = strncmp(pf->path, "socket:[", 8) ?
						      LTTR_FD_OPEN : LTTR_FD_SOCKET,
					     .cloexec = pf->cloexec, .name = pf->path,
					     .len = strlen(pf->path) };
	}
	all = tg_all_events(t, &n, 0, &status);
	for (i = 0; all && i < n; i++) {
		const struct lttr_event *ev = &all[i];
		bool rw = true;
		int32_t fd;

		if (ev->id == LTT_EV_FS_READ || ev->id == LTT_EV_FS_WRITE) {
			fd = (int32_t)ev->p.fs_rw.fd;
		} else if (ev->id == LTT_EV_FS_LSEEK) {
			fd = (int32_t)ev->p.fs_lseek.fd;
		} else if (ev->id == LTT_EV_SOCKET_CALL) {
			fd = ev->p.socket_call.fd;	/* (accept's: the listening socket) */
			rw = false;
		} else {
			fd = -1;
		}
		if (fd >= 0 && ev->details) {
			const struct slot *sl = slot_of(&w, walk_tgid(&w, ev->pid), fd, false);

			c.checked++;
			c.named += sl && sl->state == LTTR_FD_OPEN;
			c.sockets += !rw;
			c.accepted += !rw && sl && sl->state == LTTR_FD_SOCKET && sl->accepted;
			c.dups += sl && sl->dup;
			c.pipes += sl && sl->state == LTTR_FD_PIPE;
			if (!same_answer(&w, v, ev, fd, bad ? why + sizeof(why) - 1 : why,
					 bad ? 1 : sizeof(why)))
				bad++;
			if (rw && (lttr_view_syscall_file(v, ev->pid, ev->time_ns, &f, &err) != 1 ||
				   f.fd != fd || f.op != ev->id)) {
				if (!sbad++)
					snprintf(swhy, sizeof(swhy), "pid %u at %llu: fd %d op %u",
						 ev->pid, (unsigned long long)ev->time_ns, f.fd, f.op);
			}
		}
		walk_step(&w, ev);
	}
	ok(all && !bad && c.checked,
	   "%s: the file of each of its %zu reads, writes, seeks and socket calls on a "
	   "descriptor (%zu of a file its process opened, %zu socket calls, %zu on an accepted "
	   "connection, %zu on a dup'ed descriptor, %zu on a pipe end) is the walk's; "
	   "%zu differ%s%s", label, c.checked, c.named, c.sockets, c.accepted, c.dups, c.pipes,
	   bad, bad ? ": " : "", why);
	ok(all && !sbad && c.checked,
	   "%s: within each read, write and seek, the syscall's file is that descriptor; "
	   "%zu differ%s%s", label, sbad, sbad ? ": " : "", swhy);
	free(all);
	lttr_view_free(v);
	lttr_trace_close(t);
	return c;
}

/*
 * the guest's trace of tests/corpus, and LTT_FDFILE_TRACE when set (a
 * trace of tests/guest/42-paths.t: servers that accept connections)
 */
static void check_corpus(void)
{
	const char *extra = getenv("LTT_FDFILE_TRACE");
	struct walked c = check_walk(corpus_mix(), "guest-mix");

	ok(c.checked > 1000 && c.named > 100,
	   "guest-mix: more than 1000 descriptors checked (%zu), more than 100 of them files (%zu)",
	   c.checked, c.named);
	if (!extra || !*extra)
		return;
	c = check_walk(extra, extra);
	if (getenv("LTT_FDFILE_PIPES"))	/* a trace of tests/guest/20-fs.t's pipeline */
		ok(c.dups > 0 && c.pipes > 0,
		   "%s: reads and writes on dup'ed descriptors (%zu) and on pipe ends (%zu) "
		   "checked", extra, c.dups, c.pipes);
	else
		ok(c.sockets > 0 && c.accepted > 0,
		   "%s: socket calls checked (%zu), some on accepted connections (%zu)", extra,
		   c.sockets, c.accepted);
}

int main(void)
{
	struct lttr_trace *t = NULL;
	struct lttr_view *v = NULL;
	struct lttr_error err;
	struct lttr_fd_file f;
	char buf[1200];
	size_t i;
	int r;

	const char *extra = getenv("LTT_FDFILE_TRACE");

	tap_plan((int)(sizeof(fcases) / sizeof(fcases[0]) + 2 * (sizeof(scases) / sizeof(scases[0])) +
		       sizeof(tcases) / sizeof(tcases[0])) + 4 + (extra && *extra ? 3 : 0));
	if (tg_open("fdfile", desc, 0, &t, &err) || lttr_view_build(t, NULL, NULL, &v, &err)) {
		ok(0, "the trace: %s", err.msg);
		return tap_done();
	}
	for (i = 0; i < sizeof(fcases) / sizeof(fcases[0]); i++) {
		const struct fcase *c = &fcases[i];

		r = lttr_view_fd_file(v, c->pid, c->fd, T0 + c->at_us * US, &f, &err);
		ok(r == c->ret && f.fd == c->fd && f.state == c->state && !strcmp(f.name, c->name) &&
		   (c->state == LTTR_FD_UNSEEN || f.by_pid == c->by_pid) &&
		   f.inherited == c->inherited && f.at_start == c->at_start &&
		   (!c->at_start || c->state == LTTR_FD_CLOSED || f.at_ns == T0),
		   "fd %d of %u at %llu us: %s (%s; got %d, state %u, '%s' by %u%s%s)", c->fd,
		   c->pid, (unsigned long long)c->at_us, c->why, c->name, r, f.state, f.name,
		   f.by_pid, f.inherited ? ", inherited" : "", f.at_start ? ", at START" : "");
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
	for (i = 0; i < sizeof(tcases) / sizeof(tcases[0]); i++) {
		const struct tcase *c = &tcases[i];

		r = lttr_view_fd_file(v, c->pid, c->fd, T0 + c->at_us * US, &f, &err);
		lttr_fd_file_str(&f, buf, sizeof(buf));
		ok(r >= 0 && !strcmp(buf, c->text), "fd %d of %u at %llu us: \"%s\" (got \"%s\")",
		   c->fd, c->pid, (unsigned long long)c->at_us, c->text, buf);
	}
	lttr_view_free(v);
	lttr_trace_close(t);
	check_flight();
	check_corpus();
	return tap_done();
}
