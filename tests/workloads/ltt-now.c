// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-now - prints CLOCK_MONOTONIC in nanoseconds, the clock of a trace's
 * times: read before and after a traced run, it brackets the trace's start
 * and end, so that a test compares the trace with the guest's own clock.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <time.h>
#include "ltt-workload.h"

int main(int argc, char **argv)
{
	(void)argv;
	if (argc != 1) {
		fprintf(stderr, "usage: ltt-now\n");
		return 2;
	}
	printf("%lld\n", ltt_now_ns());
	return 0;
}
