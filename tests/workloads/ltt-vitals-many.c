// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-vitals-many N [PENDING LIMIT] - a storm of new labels, for the vital
 * signs' coverage under load (tests/guest/04-daemon.t): N child processes, one
 * after the other, each making one getppid() through syscall(2) (no libc
 * caching) and exiting.  Every child's call is a label of its own (a
 * label holds the pid), counted once, beside the page faults, page
 * allocations and scheduling of its fork and exit: more first events
 * than a CPU's sample array holds in an epoch.  Prints "children N" and
 * the children's pids, one a line; exit status 0 when each child exited
 * 0.
 *
 * With PENDING (the collector's /sys/class/misc/ltt-vitals/samples_pending)
 * and LIMIT, each child is forked once PENDING reads below LIMIT (read
 * every millisecond; at most 10 s for one child, 30 s in all, then no
 * more waiting), so that the daemon's drains keep up whatever the host's
 * speed; prints "waits W" (the children that waited) and "given_up G" (1
 * when a wait reached its bound) before the pids.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <sys/wait.h>

/* The number in @path, or -1 */
static long read_num(const char *path)
{
	FILE *f = fopen(path, "r");
	long v = -1;

	if (!f)
		return -1;
	if (fscanf(f, "%ld", &v) != 1)
		v = -1;
	fclose(f);
	return v;
}

/*
 * Wait until @path reads below @limit: at most 10000 polls of 1 ms
 * (*@budget of them left in all).  1 when it waited.
 */
static int pace(const char *path, long limit, long *budget, int *given_up)
{
	struct timespec ms = { 0, 1000000 };
	long v, polls = 0;

	while (!*given_up && (v = read_num(path)) >= limit) {
		if (v < 0 || polls == 10000 || *budget == 0) {
			*given_up = 1;
			break;
		}
		nanosleep(&ms, NULL);
		polls++;
		(*budget)--;
	}
	return polls > 0;
}

int main(int argc, char **argv)
{
	long n, i, limit = 0, budget = 30000, waits = 0;
	int st, bad = 0, given_up = 0;
	const char *pending = NULL;
	pid_t c, *pids;

	if ((argc != 2 && argc != 4) || (n = strtol(argv[1], NULL, 10)) <= 0 ||
	    n > 100000 || (argc == 4 && (limit = strtol(argv[3], NULL, 10)) <= 0)) {
		fprintf(stderr, "usage: ltt-vitals-many N [PENDING LIMIT] (N 1..100000, LIMIT > 0)\n");
		return 2;
	}
	if (argc == 4)
		pending = argv[2];
	pids = calloc((size_t)n, sizeof(*pids));
	if (!pids) {
		perror("ltt-vitals-many");
		return 1;
	}
	printf("children %ld\n", n);
	fflush(stdout);
	for (i = 0; i < n; i++) {
		if (pending)
			waits += pace(pending, limit, &budget, &given_up);
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
		pids[i] = c;
	}
	if (pending)
		printf("waits %ld\ngiven_up %d\n", waits, given_up);
	for (i = 0; i < n; i++)
		printf("%d\n", (int)pids[i]);
	free(pids);
	return bad;
}
