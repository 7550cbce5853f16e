// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-pingpong N [CPU] - a parent and its child exchange one byte N times over two
 * pipes: the parent writes, the child reads and writes back, the parent
 * reads.  Each side makes exactly N read() and N write() calls and no other
 * read or write (no output), so a test can count them in the trace.  With
 * CPU, both are pinned to it: each side must block in read while the other
 * runs.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>
#include "ltt-workload.h"

int main(int argc, char **argv)
{
	int ping[2], pong[2];
	long n, i;
	char c = 'x';
	pid_t child;
	int st;

	if (argc < 2 || argc > 3 || (n = strtol(argv[1], NULL, 10)) <= 0) {
		fprintf(stderr, "usage: ltt-pingpong N [CPU]\n");
		return 2;
	}
	if (argc == 3 && ltt_pin_cpu("ltt-pingpong", argv[2]))
		return 1;
	if (pipe(ping) || pipe(pong))
		return 1;
	child = fork();
	if (child < 0)
		return 1;
	if (child == 0) {
		for (i = 0; i < n; i++)
			if (read(ping[0], &c, 1) != 1 || write(pong[1], &c, 1) != 1)
				_exit(1);
		_exit(0);
	}
	for (i = 0; i < n; i++)
		if (write(ping[1], &c, 1) != 1 || read(pong[0], &c, 1) != 1)
			return 1;
	if (waitpid(child, &st, 0) != child || !WIFEXITED(st) || WEXITSTATUS(st))
		return 1;
	_exit(0);
}
