// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-getppid N - make exactly N getppid() system calls.
 * Prints its own pid on stdout first, so that a test knows whose calls they
 * are.  The calls go through syscall(2) so that no libc caching can hide one.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/syscall.h>

int main(int argc, char **argv)
{
	long n, i;

	if (argc != 2 || (n = strtol(argv[1], NULL, 10)) < 0) {
		fprintf(stderr, "usage: ltt-getppid N\n");
		return 2;
	}
	printf("%d\n", (int)getpid());
	fflush(stdout);
	for (i = 0; i < n; i++)
		syscall(SYS_getppid);
	return 0;
}
