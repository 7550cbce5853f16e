// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-dup NAME - every way to duplicate a descriptor and to make a pipe,
 * with known results, and a write or read through each descriptor they
 * made, so that the trace names the file behind each (format 1.7):
 *
 *   fd = open(NAME, O_CREAT|O_RDWR|O_TRUNC, 0600)
 *   dup(fd)                      the lowest free descriptor (d_dup)
 *   dup2(fd, 20)                 20
 *   dup3(fd, 21, O_CLOEXEC)      21
 *   fcntl(fd, F_DUPFD, 30)       30 (the first free from 30)
 *   fcntl(fd, F_DUPFD_CLOEXEC, 40)  40
 *   dup2(fd, fd)                 fd (no change)
 *   dup(999)                     -EBADF
 *   pipe(p)                      two descriptors (p0, p1)
 *   pipe2(q, O_CLOEXEC|O_NONBLOCK)  two more (q0, q1)
 *   a byte written to each dup, and through each pipe
 *   dup2(p1, 22)                 22: a byte through it, read from p0
 *   dup2(q0, 20)                 20 now q's read end: a byte written to q1
 *                                read from 20
 *   a child (fork) writes a byte to 22, its parent's dup of p's write
 *   end, read from p0; the child exits
 *
 * and prints "key value" lines: pid, fd, d_dup, p0, p1, q0, q1, p_ino,
 * q_ino (the pipes' inodes, fstat), child.  Exits 0 when every call
 * returned what is listed above.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/wait.h>

static int fail(const char *what)
{
	fprintf(stderr, "ltt-dup: %s: %s\n", what, strerror(errno));
	return 1;
}

/* one byte written to @w, and read back from @r (same file or pipe) */
static int through(int w, int r)
{
	char c = 'x';

	if (write(w, &c, 1) != 1)
		return -1;
	if (r >= 0 && read(r, &c, 1) != 1)
		return -1;
	return 0;
}

int main(int argc, char **argv)
{
	int fd, d_dup, p[2], q[2], status;
	struct stat sp, sq;
	pid_t child;

	if (argc != 2) {
		fprintf(stderr, "usage: ltt-dup NAME\n");
		return 2;
	}
	fd = open(argv[1], O_CREAT | O_RDWR | O_TRUNC, 0600);
	if (fd < 0)
		return fail("open");
	d_dup = dup(fd);
	if (d_dup < 0)
		return fail("dup");
	if (dup2(fd, 20) != 20 || dup3(fd, 21, O_CLOEXEC) != 21)
		return fail("dup2/dup3");
	if (fcntl(fd, F_DUPFD, 30) != 30 || fcntl(fd, F_DUPFD_CLOEXEC, 40) != 40)
		return fail("F_DUPFD");
	if (dup2(fd, fd) != fd)
		return fail("dup2 onto itself");
	if (dup(999) != -1 || errno != EBADF)
		return fail("dup(999) did not fail with EBADF");
	if (pipe(p) || pipe2(q, O_CLOEXEC | O_NONBLOCK))
		return fail("pipe");
	if (fstat(p[0], &sp) || fstat(q[0], &sq))
		return fail("fstat");
	if (through(d_dup, -1) || through(20, -1) || through(21, -1) ||
	    through(30, -1) || through(40, -1))
		return fail("write to a dup");
	if (through(p[1], p[0]) || through(q[1], q[0]))
		return fail("through a pipe");
	if (dup2(p[1], 22) != 22 || through(22, p[0]))
		return fail("dup2 of a pipe end");
	if (dup2(q[0], 20) != 20 || through(q[1], 20))
		return fail("dup2 over a dup");
	fflush(stdout);
	child = fork();
	if (child < 0)
		return fail("fork");
	if (child == 0)
		_exit(through(22, -1) ? 1 : 0);
	if (waitpid(child, &status, 0) != child || !WIFEXITED(status) ||
	    WEXITSTATUS(status) != 0)
		return fail("the child");
	if (through(fd, -1) || read(p[0], &status, 1) != 1)
		return fail("the child's byte");
	printf("pid %d\nfd %d\nd_dup %d\np0 %d\np1 %d\nq0 %d\nq1 %d\n"
	       "p_ino %llu\nq_ino %llu\nchild %d\n", (int)getpid(), fd, d_dup,
	       p[0], p[1], q[0], q[1], (unsigned long long)sp.st_ino,
	       (unsigned long long)sq.st_ino, (int)child);
	unlink(argv[1]);
	return 0;
}
