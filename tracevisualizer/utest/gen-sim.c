// SPDX-License-Identifier: GPL-2.0
/*
 * gen-sim.c - print the description of a simulated two-CPU trace
 * (simtrace.c: tasks that block, wake each other, are preempted, take
 * irqs and timers), in tracegen's language, for gen-trace.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "simtrace.h"

int main(int argc, char **argv)
{
	unsigned long steps;
	unsigned long long seed;
	uint64_t end;
	char *d, *e1, *e2;

	if (argc == 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
		printf("Usage: gen-sim STEPS SEED\n"
		       "Print the description of a simulated two-CPU trace of STEPS steps\n"
		       "(utest/simtrace.c); write it with gen-trace OUTDIR.\n");
		return 0;
	}
	if (argc != 3) {
		fprintf(stderr, "Usage: gen-sim STEPS SEED\n");
		return 2;
	}
	steps = strtoul(argv[1], &e1, 10);
	seed = strtoull(argv[2], &e2, 10);
	if (*e1 || *e2 || !steps || steps > 10000000) {
		fprintf(stderr, "gen-sim: STEPS and SEED are numbers (1 to 10000000 steps)\n");
		return 2;
	}
	d = sim_desc((unsigned int)steps, seed, &end);
	if (!d)
		return 1;
	fputs(d, stdout);
	free(d);
	return 0;
}
