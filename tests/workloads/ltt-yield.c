// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-yield SECONDS [CPU] - call sched_yield() in a loop for SECONDS of
 * wall-clock time, pinned to CPU when given: the LTT paper's gprof example,
 * where the time spent inside sched_yield (other processes running) is
 * invisible to a profiler but shows in the trace.
 *
 * Each call is timed on CLOCK_MONOTONIC, read just before and just after
 * it; at the end it prints "pid calls", then one line "T0 T1" per call
 * (the first 1 << 20), so that a test compares each call the trace shows
 * with the process's own measure of it.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include "ltt-workload.h"

#define MAXCALLS (1L << 20)

int main(int argc, char **argv)
{
	long long end, t1, *at;
	long n = 0, i;
	double s;

	if (argc < 2 || argc > 3 || (s = strtod(argv[1], NULL)) <= 0) {
		fprintf(stderr, "usage: ltt-yield SECONDS [CPU]\n");
		return 2;
	}
	if (argc == 3 && ltt_pin_cpu("ltt-yield", argv[2]))
		return 1;
	at = malloc(2 * MAXCALLS * sizeof(*at));
	if (!at) {
		perror("ltt-yield: malloc");
		return 1;
	}
	end = ltt_now_ns() + (long long)(s * 1e9);
	do {
		long long t0 = ltt_now_ns();

		sched_yield();
		t1 = ltt_now_ns();
		if (n < MAXCALLS) {
			at[2 * n] = t0;
			at[2 * n + 1] = t1;
		}
		n++;
	} while (t1 < end);
	printf("%d %ld\n", (int)getpid(), n);
	for (i = 0; i < n && i < MAXCALLS; i++)
		printf("%lld %lld\n", at[2 * i], at[2 * i + 1]);
	fflush(stdout);
	_exit(0);
}
