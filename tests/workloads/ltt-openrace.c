// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-openrace N - one thread opens /dev/null N times (never closing),
 * another closes descriptors 3..9 over and over until the opener is
 * done, so that a descriptor is often closed as soon as it is installed.
 * The trace must show each successful close of a descriptor after the
 * open that returned it (FS_OPEN is emitted before the descriptor is
 * installed; emitted after, a racing close could come first).
 *
 * Prints "opener TID", "closer TID", "opens N", "closes C" (the
 * successful closes).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

static volatile int done;
static long opener_tid, closer_tid, closes;

static void *closer(void *arg)
{
	(void)arg;
	closer_tid = syscall(SYS_gettid);
	while (!__atomic_load_n(&done, __ATOMIC_ACQUIRE))
		for (int fd = 3; fd <= 9; fd++)
			closes += close(fd) == 0;
	return NULL;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? strtol(argv[1], NULL, 10) : 0, opens = 0;
	pthread_t t;

	if (n <= 0) {
		fprintf(stderr, "usage: ltt-openrace N\n");
		return 2;
	}
	opener_tid = syscall(SYS_gettid);
	pthread_create(&t, NULL, closer, NULL);
	for (long i = 0; i < n; i++) {
		int fd = open("/dev/null", O_RDONLY);

		opens += fd >= 0;
		if (fd > 9)
			close(fd);	/* past the closer's range: keep the table small */
	}
	__atomic_store_n(&done, 1, __ATOMIC_RELEASE);
	pthread_join(t, NULL);
	printf("opener %ld\ncloser %ld\nopens %ld\ncloses %ld\n", opener_tid,
	       closer_tid, opens, closes);
	return 0;
}
