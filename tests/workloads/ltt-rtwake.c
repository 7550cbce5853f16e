// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-rtwake N SPIN_US CPU - a SCHED_FIFO task wakes a SCHED_OTHER one on
 * its own CPU and then spins: the woken task cannot run before the FIFO
 * task sleeps, so its wakeup latency is the spin.  Both are pinned to
 * CPU.  The child (SCHED_OTHER, nice 0) reads a byte from one pipe and
 * writes it back on another, N times.  The parent (SCHED_FIFO 50)
 * sleeps 2 ms (so that the child is blocked in its read again), writes
 * the byte (the wakeup, inside its write), spins SPIN_US microseconds of
 * CLOCK_MONOTONIC from the write's return, then reads the reply (and
 * blocks: the child runs).  Prints "PARENT CHILD" then, per round, the
 * CLOCK_MONOTONIC times in ns before the write, after it, and at the end
 * of the spin.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "ltt-workload.h"

#define MAX_ROUNDS 10000

int main(int argc, char **argv)
{
	struct sched_param sp = { .sched_priority = 50 };
	static long long t[3 * MAX_ROUNDS];
	struct timespec pause = { 0, 2000000 };
	int ping[2], pong[2], st;
	long n, i, spin;
	char c = 'x';
	pid_t child;

	if (argc != 4 || (n = strtol(argv[1], NULL, 10)) <= 0 || n > MAX_ROUNDS ||
	    (spin = strtol(argv[2], NULL, 10)) <= 0) {
		fprintf(stderr, "usage: ltt-rtwake N SPIN_US CPU (N at most %d)\n", MAX_ROUNDS);
		return 2;
	}
	if (ltt_pin_cpu("ltt-rtwake", argv[3]) || pipe(ping) || pipe(pong))
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
	if (sched_setscheduler(0, SCHED_FIFO, &sp)) {
		fprintf(stderr, "ltt-rtwake: sched_setscheduler: %s\n", strerror(errno));
		return 1;
	}
	for (i = 0; i < n; i++) {
		long long end;
		volatile unsigned long k = 0;

		nanosleep(&pause, NULL);	/* the child blocks in its read */
		t[3 * i] = ltt_now_ns();
		if (write(ping[1], &c, 1) != 1)
			return 1;
		t[3 * i + 1] = ltt_now_ns();
		end = t[3 * i + 1] + spin * 1000;
		do		/* the clock read once per 2^12 iterations */
			while (++k & 0xfff)
				;
		while (ltt_now_ns() < end);
		t[3 * i + 2] = ltt_now_ns();
		if (read(pong[0], &c, 1) != 1)
			return 1;
	}
	if (waitpid(child, &st, 0) != child || !WIFEXITED(st) || WEXITSTATUS(st))
		return 1;
	printf("%d %d\n", (int)getpid(), (int)child);
	for (i = 0; i < n; i++)
		printf("%lld %lld %lld\n", t[3 * i], t[3 * i + 1], t[3 * i + 2]);
	return 0;
}
