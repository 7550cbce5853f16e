// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-forktree N FILE - fork a tree of N processes below the caller (the
 * root; every process forks up to two children until N exist) and append one
 * line "pid ppid exitcode" per process, the root included, to FILE.  Each process exits
 * with its own code (its index modulo 100).  Exits 0 when every child was
 * reaped with the code it chose.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

static int out_fd;
static long total;

static void record(long index)
{
	char line[64];
	int len = snprintf(line, sizeof(line), "%d %d %ld\n", (int)getpid(),
			   (int)getppid(), index % 100);

	if (write(out_fd, line, (size_t)len) != len)
		_exit(99);
}

/* Process number @index (0 is the root) forks children 2i+1 and 2i+2. */
static int run(long index)
{
	int bad = 0;
	long child;

	for (child = 2 * index + 1; child <= 2 * index + 2; child++) {
		pid_t pid;
		int status;

		if (child > total)
			break;
		pid = fork();
		if (pid < 0) {
			perror("fork");
			return 1;
		}
		if (pid == 0) {
			record(child);
			_exit(run(child) ? 98 : (int)(child % 100));
		}
		if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
		    WEXITSTATUS(status) != child % 100)
			bad = 1;
	}
	return bad;
}

int main(int argc, char **argv)
{
	if (argc != 3 || (total = strtol(argv[1], NULL, 10)) < 1) {
		fprintf(stderr, "usage: ltt-forktree N FILE\n");
		return 2;
	}
	out_fd = open(argv[2], O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0644);
	if (out_fd < 0) {
		perror(argv[2]);
		return 2;
	}
	record(0);
	return run(0);
}
