// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-sleep SECONDS - one nanosleep() of SECONDS (fractions allowed).
 * Prints "pid measured_ns", the sleep as measured by the process itself on
 * CLOCK_MONOTONIC around the call, so that a test can compare the trace's
 * measure of the same sleep with the truth.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	struct timespec req, t0, t1;
	double s;

	if (argc != 2 || (s = strtod(argv[1], NULL)) < 0) {
		fprintf(stderr, "usage: ltt-sleep SECONDS\n");
		return 2;
	}
	req.tv_sec = (time_t)s;
	req.tv_nsec = (long)((s - (double)req.tv_sec) * 1e9);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	if (nanosleep(&req, NULL))
		return 1;
	clock_gettime(CLOCK_MONOTONIC, &t1);
	/* pid, the interval, then its two ends (CLOCK_MONOTONIC, ns) */
	printf("%d %lld %lld %lld\n", (int)getpid(),
	       (long long)(t1.tv_sec - t0.tv_sec) * 1000000000LL +
	       (t1.tv_nsec - t0.tv_nsec),
	       (long long)t0.tv_sec * 1000000000LL + t0.tv_nsec,
	       (long long)t1.tv_sec * 1000000000LL + t1.tv_nsec);
	return 0;
}
