// SPDX-License-Identifier: GPL-2.0
/*
 * timetable.c - the text tables of where the time went: the system table
 * (per CPU) and the per-process/per-thread table.
 */
#include <inttypes.h>
#include <stdio.h>
#include <lttr/lttr.h>
#include "cli.h"
#include "timetable.h"

void cli_print_systime(const struct lttr_account *a)
{
	uint64_t w = a->end_ns - a->start_ns;
	unsigned int c;

	printf("Time (ms; window %.3f ms):\n", (double)w / 1e6);
	printf("  %-4s %11s %11s %11s %11s %11s %11s %7s %8s\n", "cpu", "idle", "user",
	       "kernel", "irq", "softirq", "unknown", "util%", "switches");
	for (c = 0; c < a->ncpus; c++) {
		const struct lttr_acct_cpu *p = &a->cpu[c];

		printf("  %-4u", c);
		cli_print_ms(p->idle_ns);
		cli_print_ms(p->user_ns);
		cli_print_ms(p->kernel_ns);
		cli_print_ms(p->irq_ns);
		cli_print_ms(p->softirq_ns);
		cli_print_ms(p->unknown_ns);
		printf(" %7.2f %8" PRIu64 "\n", lttr_acct_cpu_util_pct(a, c), p->switches);
	}
	if (a->anomalies)
		printf("  %" PRIu64 " transitions contradicted the rules (lost events?)\n",
		       a->anomalies);
}

void cli_print_taskhead(void)
{
	printf("  %7s %-28s %3s %10s %10s %10s %10s %10s %9s %10s %10s %9s %9s %9s %9s %9s %9s %9s %6s %6s %6s\n",
	       "pid", "name", "thr", "life", "thr-time", "running", "user", "kernel",
	       "intr", "runnable", "blocked", "io", "sleep", "futex", "child",
	       "fault", "other", "unknown", "%run", "%user", "%wio");
}

static void ms(uint64_t ns, int w)
{
	printf(" %*.3f", w, (double)ns / 1e6);
}

void cli_print_taskrow(const struct lttr_acct_task *tk)
{
	uint64_t life = lttr_acct_task_life(tk);
	uint64_t tt = tk->thread_life_ns;

	printf("  %7u %-28.28s %3u", tk->pid, tk->name, tk->threads);
	ms(life, 10);
	ms(tt, 10);
	ms(tk->running_ns, 10);
	ms(tk->user_ns, 10);
	ms(lttr_acct_task_kernel(tk), 10);
	ms(tk->irq_ns, 9);
	ms(tk->runnable_ns, 10);
	ms(lttr_acct_task_blocked(tk), 10);
	ms(tk->blocked_ns[LTTR_BLOCK_IO], 9);
	ms(tk->blocked_ns[LTTR_BLOCK_SLEEP], 9);
	ms(tk->blocked_ns[LTTR_BLOCK_FUTEX], 9);
	ms(tk->blocked_ns[LTTR_BLOCK_CHILD], 9);
	ms(tk->blocked_ns[LTTR_BLOCK_FAULT], 9);
	ms(tk->blocked_ns[LTTR_BLOCK_OTHER], 9);
	ms(tk->blocked_ns[LTTR_BLOCK_UNKNOWN], 9);
	/* shares of the threads' time: what the time columns add up to */
	printf(" %6.2f %6.2f %6.2f\n", cli_pct(tk->running_ns, tt),
	       cli_pct(tk->user_ns, tt),
	       cli_pct(tk->blocked_ns[LTTR_BLOCK_IO], tt));
}
