// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-yield SECONDS [CPU] - call sched_yield() in a loop for SECONDS of
 * wall-clock time, pinned to CPU when given: the LTT paper's gprof example,
 * where the time spent inside sched_yield (other processes running) is
 * invisible to a profiler but shows in the trace.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include "ltt-workload.h"

int main(int argc, char **argv)
{
	long long end;
	int i;
	double s;

	if (argc < 2 || argc > 3 || (s = strtod(argv[1], NULL)) <= 0) {
		fprintf(stderr, "usage: ltt-yield SECONDS [CPU]\n");
		return 2;
	}
	if (argc == 3 && ltt_pin_cpu("ltt-yield", argv[2]))
		return 1;
	end = ltt_now_ns() + (long long)(s * 1e9);
	for (;;) {	/* the clock is read once per 16 calls */
		for (i = 0; i < 16; i++)
			sched_yield();
		if (ltt_now_ns() >= end)
			break;
	}
	_exit(0);
}
