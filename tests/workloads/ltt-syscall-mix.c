// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-syscall-mix N - a mix of common system calls, N rounds (getpid,
 * getppid, open/read/close of /proc/self/stat, write to /dev/null, stat,
 * clock_nanosleep of 0 ns, sched_yield).  Prints its pid first.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/syscall.h>

int main(int argc, char **argv)
{
	struct timespec zero = { 0, 0 };
	char buf[256];
	struct stat st;
	long n, i;
	int null;

	if (argc != 2 || (n = strtol(argv[1], NULL, 10)) < 0) {
		fprintf(stderr, "usage: ltt-syscall-mix N\n");
		return 2;
	}
	printf("%d\n", (int)getpid());
	fflush(stdout);
	null = open("/dev/null", O_WRONLY);
	for (i = 0; i < n; i++) {
		int fd;

		syscall(SYS_getpid);
		syscall(SYS_getppid);
		fd = open("/proc/self/stat", O_RDONLY);
		if (fd >= 0) {
			if (read(fd, buf, sizeof(buf)) < 0)
				return 1;
			close(fd);
		}
		if (write(null, buf, 16) != 16)
			return 1;
		stat("/", &st);
		clock_nanosleep(CLOCK_MONOTONIC, 0, &zero, NULL);
		sched_yield();
	}
	return 0;
}
