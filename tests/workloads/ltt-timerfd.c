// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-timerfd PERIOD_US N CPU [OVERRUN_EVERY] - a periodic task driven
 * by a timerfd: a CLOCK_MONOTONIC timerfd set with TFD_TIMER_ABSTIME to
 * its first expiry (PERIOD_US from now) and an interval of PERIOD_US,
 * then N blocking read()s of it, pinned to CPU.  With OVERRUN_EVERY, after
 * every OVERRUN_EVERY-th read the task spins for 2.5 periods, so that its
 * next read counts at least 2 expiries (it missed at least one, and was
 * not waiting when the first came).  Prints its pid, the first expiry it
 * set (CLOCK_MONOTONIC ns), the period in ns, the reads, the expiries
 * they counted in all and the overruns.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/timerfd.h>
#include <unistd.h>
#include "ltt-workload.h"

int main(int argc, char **argv)
{
	long period, n, i, every = 0, overruns = 0;
	long long first;
	uint64_t count, total = 0;
	struct itimerspec its;
	int fd;

	if (argc < 4 || argc > 5 || (period = strtol(argv[1], NULL, 10)) <= 0 ||
	    (n = strtol(argv[2], NULL, 10)) <= 0 ||
	    (argc == 5 && (every = strtol(argv[4], NULL, 10)) <= 0)) {
		fprintf(stderr, "usage: ltt-timerfd PERIOD_US N CPU [OVERRUN_EVERY]\n");
		return 2;
	}
	if (ltt_pin_cpu("ltt-timerfd", argv[3]))
		return 1;
	fd = timerfd_create(CLOCK_MONOTONIC, 0);
	if (fd < 0) {
		perror("ltt-timerfd: timerfd_create");
		return 1;
	}
	first = ltt_now_ns() + period * 1000LL;
	its.it_value.tv_sec = first / 1000000000LL;
	its.it_value.tv_nsec = first % 1000000000LL;
	its.it_interval.tv_sec = period / 1000000L;
	its.it_interval.tv_nsec = period % 1000000L * 1000L;
	if (timerfd_settime(fd, TFD_TIMER_ABSTIME, &its, NULL)) {
		perror("ltt-timerfd: timerfd_settime");
		return 1;
	}
	for (i = 0; i < n; i++) {
		if (read(fd, &count, sizeof(count)) != sizeof(count)) {
			perror("ltt-timerfd: read");
			return 1;
		}
		total += count;
		if (every && (i + 1) % every == 0 && i + 1 < n) {
			long long end = ltt_now_ns() + period * 2500LL;

			while (ltt_now_ns() < end)
				;
			overruns++;
		}
	}
	close(fd);
	printf("%d %lld %lld %ld %llu %ld\n", (int)getpid(), first, period * 1000LL, n,
	       (unsigned long long)total, overruns);
	return 0;
}
