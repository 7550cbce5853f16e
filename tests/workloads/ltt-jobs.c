// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-jobs N PERIOD_US BUSY_US STEAL_US EVERY CPU - a periodic real-time
 * task with markers, and a task that steals its CPU at known jobs, for
 * "tracevisualizer jobs" (docs/jobs.md):
 *   the task (SCHED_FIFO 50, pinned to CPU) runs N jobs "ctl", one every
 *   PERIOD_US (clock_nanosleep TIMER_ABSTIME), each between
 *   ltt_mark_begin("ctl") and ltt_mark_end("ctl") and busy for BUSY_US in
 *   its own code (busy() below: interruptions not counted);
 *   the thief (SCHED_FIFO 60, pinned to the same CPU, ready before the
 *   first job) waits in read() on a pipe; in jobs EVERY-1, 2*EVERY-1, ... the task writes a byte into
 *   it halfway through its busy time, the thief preempts it at once and
 *   spins STEAL_US (CLOCK_MONOTONIC) before it reads again.
 * Prints "TASK THIEF" (their pids) then the indices (0-based) of the
 * jobs stolen from.  Exit 0, 3 when the marker device refused (its error
 * on stderr), 1 on any other error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "ltt-marker.h"
#include "ltt-workload.h"

/*
 * Spin until the task has run @ns in its own code: the sum of the steps
 * between two readings of CLOCK_MONOTONIC shorter than GAP_NS; a longer
 * step is an interruption (an irq, a preemption), not counted.  (The
 * task's CPU-time clock would be simpler, but in a guest without a stable
 * TSC it advances by scheduler ticks.)
 */
#define GAP_NS 20000LL

static void busy(long long ns)
{
	long long own = 0, t = ltt_now_ns();

	while (own < ns) {
		long long u = ltt_now_ns();

		if (u - t < GAP_NS)
			own += u - t;
		t = u;
	}
}

static int fifo(int prio)
{
	struct sched_param sp = { .sched_priority = prio };

	if (sched_setscheduler(0, SCHED_FIFO, &sp)) {
		fprintf(stderr, "ltt-jobs: sched_setscheduler: %s\n", strerror(errno));
		return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	long n, period, busy_us, steal_us, every, i;
	int p[2], ready[2], st;
	char c = 'x';
	long long next;
	struct timespec ts;
	pid_t thief;

	if (argc != 7 || (n = strtol(argv[1], NULL, 10)) <= 0 ||
	    (period = strtol(argv[2], NULL, 10)) <= 0 ||
	    (busy_us = strtol(argv[3], NULL, 10)) <= 0 ||
	    (steal_us = strtol(argv[4], NULL, 10)) <= 0 ||
	    (every = strtol(argv[5], NULL, 10)) <= 0) {
		fprintf(stderr, "usage: ltt-jobs N PERIOD_US BUSY_US STEAL_US EVERY CPU\n");
		return 2;
	}
	if (ltt_marker_open()) {
		fprintf(stderr, "ltt-jobs: %s\n", ltt_marker_error());
		return 3;
	}
	if (ltt_pin_cpu("ltt-jobs", argv[6]) || pipe(p) || pipe(ready))
		return 1;
	thief = fork();
	if (thief < 0)
		return 1;
	if (!thief) {
		close(p[1]);
		if (fifo(60) || write(ready[1], &c, 1) != 1)
			_exit(1);
		while (read(p[0], &c, 1) == 1) {
			long long t = ltt_now_ns();

			while (ltt_now_ns() - t < steal_us * 1000LL)
				;
		}
		_exit(0);
	}
	close(p[0]);
	if (read(ready[0], &c, 1) != 1 || fifo(50))
		return 1;
	printf("%d %d\n", (int)getpid(), (int)thief);
	next = ltt_now_ns() + 20000000LL;	/* the thief waits in read() by then */
	for (i = 0; i < n; i++, next += period * 1000LL) {
		bool steal = i % every == every - 1;

		ts.tv_sec = next / 1000000000LL;
		ts.tv_nsec = next % 1000000000LL;
		while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
			;
		if (ltt_mark_begin("ctl") < 0)
			return 1;
		if (steal) {
			busy(busy_us * 500LL);
			if (write(p[1], &c, 1) != 1)
				return 1;
			busy(busy_us * 1000LL - busy_us * 500LL);
		} else {
			busy(busy_us * 1000LL);
		}
		if (ltt_mark_end("ctl") < 0)
			return 1;
		if (steal)
			printf("%ld\n", i);
	}
	close(p[1]);
	if (waitpid(thief, &st, 0) != thief || !WIFEXITED(st) || WEXITSTATUS(st))
		return 1;
	return 0;
}
