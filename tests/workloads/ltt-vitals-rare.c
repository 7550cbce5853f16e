// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-vitals-rare N - a rare system call site among frequent ones, for
 * the vital signs' coverage check (tests/guest/04-daemon.t): N getppid()
 * calls from one site, then one getpgid(0) from another (a deeper stack:
 * another masked stack pointer, another syscall number).  Prints its pid
 * first.  The calls go through syscall(2): no libc caching hides one.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/syscall.h>

/* a frame of 4 KiB between main and the rare call: another stack page */
static __attribute__((noinline)) long rare(const volatile char *pad)
{
	volatile char frame[4096];

	frame[0] = pad[0];
	return syscall(SYS_getpgid, 0) + frame[0];
}

int main(int argc, char **argv)
{
	volatile char pad[1] = { 0 };
	long n, i;

	if (argc != 2 || (n = strtol(argv[1], NULL, 10)) < 0) {
		fprintf(stderr, "usage: ltt-vitals-rare N\n");
		return 2;
	}
	printf("%d\n", (int)getpid());
	fflush(stdout);
	for (i = 0; i < n; i++)
		syscall(SYS_getppid);
	return rare(pad) < 0;
}
