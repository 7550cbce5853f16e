/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ltt-workload.h - helpers shared by the test workloads: the monotonic
 * clock in nanoseconds and pinning to one CPU.
 */
#ifndef LTT_WORKLOAD_H
#define LTT_WORKLOAD_H

#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static inline long long ltt_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* Pin the calling process to CPU @cpu (a decimal string); 0 or -1. */
static inline int ltt_pin_cpu(const char *prog, const char *cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(atoi(cpu), &set);
	if (sched_setaffinity(0, sizeof(set), &set)) {
		fprintf(stderr, "%s: ", prog);
		perror("sched_setaffinity");
		return -1;
	}
	return 0;
}

#endif /* LTT_WORKLOAD_H */
