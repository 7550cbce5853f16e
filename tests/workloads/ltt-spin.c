// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-spin SECONDS [CPU] - spin in user mode for SECONDS of wall-clock time
 * (the clock is read once per 2^20 iterations: where the vDSO falls back
 * to the system call, e.g. under QEMU without a stable TSC, a read per
 * iteration would make it a kernel-time workload), pinned to
 * CPU when given.  Its time is user time (plus the interrupts it takes and
 * the signal at the end) or time waiting for the CPU.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include "ltt-workload.h"

int main(int argc, char **argv)
{
	volatile unsigned long n = 0;
	long long end;
	double s;

	if (argc < 2 || argc > 3 || (s = strtod(argv[1], NULL)) <= 0) {
		fprintf(stderr, "usage: ltt-spin SECONDS [CPU]\n");
		return 2;
	}
	if (argc == 3 && ltt_pin_cpu("ltt-spin", argv[2]))
		return 1;
	end = ltt_now_ns() + (long long)(s * 1e9);
	for (;;)	/* the clock is read once per 2^20 iterations */
		if (!(++n & 0xfffff) && ltt_now_ns() >= end)
			break;
	_exit(0);
}
