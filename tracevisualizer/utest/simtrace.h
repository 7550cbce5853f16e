/* SPDX-License-Identifier: GPL-2.0 */
/*
 * simtrace.h - a synthetic two-CPU trace of tasks that take turns: short
 * syscalls with irqs and softirqs inside, reads and clock_nanosleeps that
 * block (with their timeouts), wakeups from the other CPU's tasks (in a
 * write), from irqs (timers) and from the idle task's irqs, preemptions,
 * wakeups of tasks already awake: the description (tracegen.h's
 * language) of a trace whose every latency kind has instances, for the
 * tests of what is built on the accounting.
 */
#ifndef SIMTRACE_H
#define SIMTRACE_H

#include <stddef.h>
#include <stdint.h>

#define SIM_T0 1000000000ULL

/*
 * A description of @steps steps from the seed @seed (malloc'ed, NULL when
 * out of memory); *@end receives the trace's end time.
 */
char *sim_desc(unsigned int steps, uint64_t seed, uint64_t *end);

#endif
