// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-periodic PERIOD_US N CPU [NICE] - a periodic task: N activations,
 * each a clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME) until the next
 * multiple of PERIOD_US after its first deadline, pinned to CPU, at nice
 * NICE (default 0).  After a late activation the deadlines that passed
 * meanwhile are skipped (it sleeps until the next one to come).  Prints
 * its pid, its first deadline (CLOCK_MONOTONIC ns) and the period in ns.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>
#include "ltt-workload.h"

int main(int argc, char **argv)
{
	long period, n, i;
	long long first, d;
	struct timespec ts;

	if (argc < 4 || argc > 5 || (period = strtol(argv[1], NULL, 10)) <= 0 ||
	    (n = strtol(argv[2], NULL, 10)) <= 0) {
		fprintf(stderr, "usage: ltt-periodic PERIOD_US N CPU [NICE]\n");
		return 2;
	}
	if (ltt_pin_cpu("ltt-periodic", argv[3]) ||
	    (argc == 5 && setpriority(PRIO_PROCESS, 0, atoi(argv[4]))))
		return 1;
	first = d = ltt_now_ns() + period * 1000LL;
	for (i = 0; i < n; i++) {
		long long now;

		ts.tv_sec = d / 1000000000LL;
		ts.tv_nsec = d % 1000000000LL;
		if (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL))
			return 1;
		now = ltt_now_ns();
		d += period * 1000LL;
		if (d <= now)	/* late: the next deadline to come */
			d += ((now - d) / (period * 1000LL) + 1) * period * 1000LL;
	}
	printf("%d %lld %lld\n", (int)getpid(), first, period * 1000LL);
	return 0;
}
