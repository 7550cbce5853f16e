// SPDX-License-Identifier: GPL-2.0
/*
 * cmd-irqs.c - "tracevisualizer irqs": irq and softirq handler durations.
 */
#include <inttypes.h>
#include <stdio.h>
#include <lttr/lttr.h>
#include "cli.h"

int cmd_irqs(struct cli_opts *o)
{
	struct lttr_trace *t;
	struct lttr_account *a;
	struct lttr_json j;
	size_t i;

	int ost = cli_open_account(o, &t, &a);

	if (ost)
		return ost;
	if (o->json) {
		lttr_json_init(&j, stdout, o->pretty);
		lttr_json_begin_object(&j);
		lttr_json_key(&j, "trace");
		lttr_json_traceinfo(&j, t);
		cli_json_window(&j, a);
		lttr_json_key(&j, "irqs");
		lttr_json_irqstats(&j, t, a);
		lttr_json_key(&j, "softirqs");
		lttr_json_softirqstats(&j, a);
		lttr_json_end_object(&j);
		if (!o->pretty)
			putchar('\n');
		return cli_finish(t, a, 0);
	}
	cli_print_window(a);
	/*
	 * x86's irq events surround irq_exit_rcu(), arm64's are inside it
	 * (docs/instrumentation.md): the softirqs run on the way out are
	 * in the one's handler time, after the other's
	 */
	printf("IRQ handler durations (entry to exit, softirqs run at irq exit %s):\n",
	       lttr_trace_machine(t) == LTTR_MACHINE_AARCH64 ?
	       "not included: they follow the exit on arm64" : "included");
	printf("  %-8s %-20s %9s %12s %10s %10s %10s\n", "irq", "name", "count",
	       "total_ms", "min_us", "max_us", "mean_us");
	for (i = 0; i < a->nirqs; i++) {
		const struct lttr_acct_irq *q = &a->irqs[i];
		const char *name = q->sysvec ? lttr_sysvec_name(q->irq) :
			lttr_trace_irq_name(t, q->irq);
		char id[16];

		snprintf(id, sizeof(id), q->sysvec ? "0x%x" : "%u", q->irq);
		printf("  %-8s %-20s %9" PRIu64 " %12.3f %10.3f %10.3f %10.3f\n", id,
		       name ? name : "", q->lat.count, (double)q->lat.total / 1e6,
		       (double)q->lat.min / 1e3, (double)q->lat.max / 1e3,
		       (double)lttr_lat_mean(&q->lat) / 1e3);
	}
	printf("\nSoftirq handler durations (entry to exit, nested irqs included):\n");
	printf("  %-8s %-20s %9s %12s %10s %10s %10s\n", "vec", "name", "count",
	       "total_ms", "min_us", "max_us", "mean_us");
	for (i = 0; i < a->nsoftirqs; i++) {
		const struct lttr_acct_softirq *q = &a->softirqs[i];
		const char *name = lttr_softirq_name(q->vec);

		printf("  %-8u %-20s %9" PRIu64 " %12.3f %10.3f %10.3f %10.3f\n",
		       q->vec, name ? name : "", q->lat.count,
		       (double)q->lat.total / 1e6, (double)q->lat.min / 1e3,
		       (double)q->lat.max / 1e3,
		       (double)lttr_lat_mean(&q->lat) / 1e3);
	}
	return cli_finish(t, a, 0);
}
