// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-chain SLEEP_MS - a chain of three processes on pipes: A waits in a
 * read for B, B waits in a read for C, C sleeps SLEEP_MS then writes to
 * B, B then writes to A.  A forks B and C, then waits for both.  What A
 * waited for (its critical path) is C's sleep, then C's, B's and its own
 * runs.  C begins its sleep once A and B are both asleep (their state in
 * /proc, polled with sched_yield, not a sleep): on two CPUs, C could
 * otherwise be in its sleep before A or B waits, and A's path would hold
 * only the part of the sleep after both waited.  Prints "A B C" (their
 * pids).
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* Is @pid asleep (state S in /proc/PID/stat)?  Its name holds no ')'. */
static int asleep(pid_t pid)
{
	char path[64], buf[256], *p;
	FILE *f;
	size_t n;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	f = fopen(path, "r");
	if (!f)
		return 0;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	p = strrchr(buf, ')');
	return p && p[1] == ' ' && p[2] == 'S';
}

int main(int argc, char **argv)
{
	int ab[2], bc[2], st;
	long ms;
	char c = 'x';
	pid_t b, cc;

	if (argc != 2 || (ms = strtol(argv[1], NULL, 10)) <= 0) {
		fprintf(stderr, "usage: ltt-chain SLEEP_MS\n");
		return 2;
	}
	if (pipe(ab) || pipe(bc))
		return 1;
	b = fork();
	if (b < 0)
		return 1;
	if (b == 0) {		/* B: waits for C, then tells A */
		if (read(bc[0], &c, 1) != 1 || write(ab[1], &c, 1) != 1)
			_exit(1);
		_exit(0);
	}
	cc = fork();
	if (cc < 0)
		return 1;
	if (cc == 0) {		/* C: sleeps, then tells B */
		struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

		while (!asleep(getppid()) || !asleep(b))
			sched_yield();
		nanosleep(&ts, NULL);
		if (write(bc[1], &c, 1) != 1)
			_exit(1);
		_exit(0);
	}
	if (read(ab[0], &c, 1) != 1)	/* A: waits for B */
		return 1;
	if (waitpid(b, &st, 0) != b || !WIFEXITED(st) || WEXITSTATUS(st) ||
	    waitpid(cc, &st, 0) != cc || !WIFEXITED(st) || WEXITSTATUS(st))
		return 1;
	printf("%d %d %d\n", (int)getpid(), (int)b, (int)cc);
	return 0;
}
