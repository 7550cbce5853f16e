// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-fsops NAME - the file system calls the FS event class records, each
 * with known arguments, on a new file NAME (removed at the end):
 *
 *   open(NAME.missing, O_RDONLY)               fails with -ENOENT
 *   fd = open(NAME, O_CREAT|O_RDWR|O_TRUNC, 0640)
 *   3 x write(fd, 777 bytes)                    777 each
 *   lseek(fd, 100, SEEK_SET)                    100
 *   read(fd, 333 bytes)                         333
 *   lseek(fd, -50, SEEK_END)                    2281
 *   ioctl(fd, FIONREAD, &n)                     n = 50
 *   select(fd + 1, {fd}, -, -, 1.25 s)          1 (readable at once)
 *   poll({fd POLLIN, fd POLLOUT}, 2, 2500 ms)   2
 *   close(fd)
 *   a child execs /bin/true; waitpid
 *
 * and prints, one "key value" per line: pid, fd, ioctl_arg (the address
 * passed to ioctl, hex), fionread, child.  Exits 0 when every call
 * returned what is listed above.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/select.h>
#include <sys/wait.h>

#define CHUNK	777
#define NCHUNK	3
#define RDLEN	333

static int fail(const char *what)
{
	fprintf(stderr, "ltt-fsops: %s: %s\n", what, strerror(errno));
	return 1;
}

int main(int argc, char **argv)
{
	static char buf[CHUNK], missing[4096];
	struct pollfd pfd[2];
	struct timeval tv = { .tv_sec = 1, .tv_usec = 250000 };
	fd_set rfds;
	int fd, i, n = -1, st;
	pid_t child;

	if (argc != 2 || argv[1][0] == '-') {
		fprintf(stderr, "usage: ltt-fsops NAME\n");
		return 2;
	}
	memset(buf, 'L', sizeof(buf));
	if (snprintf(missing, sizeof(missing), "%s.missing", argv[1]) >=
	    (int)sizeof(missing))
		return 2;
	if (open(missing, O_RDONLY) != -1 || errno != ENOENT)
		return fail("open of a missing file did not fail with ENOENT");
	fd = open(argv[1], O_CREAT | O_RDWR | O_TRUNC, 0640);
	if (fd < 0)
		return fail("open");
	for (i = 0; i < NCHUNK; i++)
		if (write(fd, buf, CHUNK) != CHUNK)
			return fail("write");
	if (lseek(fd, 100, SEEK_SET) != 100)
		return fail("lseek SEEK_SET");
	if (read(fd, buf, RDLEN) != RDLEN)
		return fail("read");
	if (lseek(fd, -50, SEEK_END) != NCHUNK * CHUNK - 50)
		return fail("lseek SEEK_END");
	if (ioctl(fd, FIONREAD, &n) || n != 50)
		return fail("ioctl FIONREAD");
	FD_ZERO(&rfds);
	FD_SET(fd, &rfds);
	if (select(fd + 1, &rfds, NULL, NULL, &tv) != 1)
		return fail("select");
	pfd[0].fd = fd;
	pfd[0].events = POLLIN;
	pfd[1].fd = fd;
	pfd[1].events = POLLOUT;
	if (poll(pfd, 2, 2500) != 2)
		return fail("poll");
	if (close(fd))
		return fail("close");
	child = fork();
	if (child < 0)
		return fail("fork");
	if (child == 0) {
		execl("/bin/true", "true", (char *)NULL);
		_exit(127);
	}
	if (waitpid(child, &st, 0) != child || !WIFEXITED(st) || WEXITSTATUS(st))
		return fail("/bin/true");
	if (unlink(argv[1]))
		return fail("unlink");
	printf("pid %d\nfd %d\nioctl_arg %lx\nfionread %d\nchild %d\n",
	       (int)getpid(), fd, (unsigned long)(void *)&n, n, (int)child);
	return 0;
}
