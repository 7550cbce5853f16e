// SPDX-License-Identifier: GPL-2.0
/*
 * timetable.c - the text tables of where the time went: the system table
 * (per CPU) and the per-process/per-thread table (its columns: the
 * library's, lttr/output/account-columns.h).
 */
#include <inttypes.h>
#include <stdio.h>
#include <lttr/lttr.h>
#include <lttr/output/account-columns.h>
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
	size_t i;

	printf("  %7s %-28s %3s", "pid", "name", "thr");
	for (i = 0; i < lttr_acct_ncols; i++)
		if (lttr_acct_cols[i].flags & LTTR_ACOL_TEXT)
			printf(" %*s", lttr_acct_cols[i].width, lttr_acct_cols[i].name);
	putchar('\n');
}

void cli_print_taskrow(const struct lttr_acct_task *tk)
{
	char buf[32];
	size_t i;

	printf("  %7u %-28.28s %3u", tk->pid, tk->name, tk->threads);
	for (i = 0; i < lttr_acct_ncols; i++) {
		const struct lttr_acct_col *c = &lttr_acct_cols[i];

		if (c->flags & LTTR_ACOL_TEXT)
			printf(" %*s", c->width, lttr_acct_col_str(c, tk, buf, sizeof(buf)));
	}
	putchar('\n');
}
