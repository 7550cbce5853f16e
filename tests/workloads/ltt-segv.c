// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-segv N - make N getppid() system calls, then write through a null
 * pointer: killed by SIGSEGV once.  Prints its pid first, so that a test
 * knows whose events they are (the trigger rules' exception case,
 * tests/guest/37-triggers.t).
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/syscall.h>

int main(int argc, char **argv)
{
	volatile int *volatile nowhere = NULL;
	long n, i;

	if (argc != 2 || (n = strtol(argv[1], NULL, 10)) < 0) {
		fprintf(stderr, "usage: ltt-segv N\n");
		return 2;
	}
	printf("%d\n", (int)getpid());
	fflush(stdout);
	for (i = 0; i < n; i++)
		syscall(SYS_getppid);
	*nowhere = 1;
	return 0;
}
