// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-vitals-many N - a storm of new labels, for the vital signs'
 * coverage under load (tests/guest/04-daemon.t): N child processes, one
 * after the other, each making one getppid() through syscall(2) (no libc
 * caching) and exiting.  Every child's call is a label of its own (a
 * label holds the pid), counted once, beside the page faults, page
 * allocations and scheduling of its fork and exit: more first events
 * than a CPU's sample array holds in an epoch.  Prints "children N" and
 * the children's pids, one a line; exit status 0 when each child exited
 * 0.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <sys/wait.h>

int main(int argc, char **argv)
{
	long n, i;
	int st, bad = 0;
	pid_t c;

	if (argc != 2 || (n = strtol(argv[1], NULL, 10)) <= 0 || n > 100000) {
		fprintf(stderr, "usage: ltt-vitals-many N (1..100000)\n");
		return 2;
	}
	printf("children %ld\n", n);
	fflush(stdout);
	for (i = 0; i < n; i++) {
		c = fork();
		if (c < 0) {
			perror("ltt-vitals-many: fork");
			return 1;
		}
		if (c == 0)
			_exit(syscall(SYS_getppid) > 0 ? 0 : 1);
		if (waitpid(c, &st, 0) != c || !WIFEXITED(st) ||
		    WEXITSTATUS(st))
			bad = 1;
		printf("%d\n", (int)c);
	}
	return bad;
}
