// SPDX-License-Identifier: GPL-2.0
/*
 * cmd-check.c - "tracevisualizer check": the conservation checks.
 */
#include <inttypes.h>
#include <stdio.h>
#include <lttr/lttr.h>
#include "cli.h"

int cmd_check(const struct cli_opts *o)
{
	struct lttr_trace *t;
	struct lttr_account *a;
	struct lttr_account_check c;
	struct lttr_json j;
	bool good;

	if (cli_open_account(o, &t, &a))
		return EXIT_TRACE;
	good = lttr_account_check(a, o->tolerance_ns, &c);
	if (o->json) {
		lttr_json_init(&j, stdout, o->pretty);
		lttr_json_begin_object(&j);
		lttr_json_key(&j, "trace");
		lttr_json_traceinfo(&j, t);
		lttr_json_key(&j, "conservation");
		lttr_json_conservation(&j, &c);
		lttr_json_key(&j, "anomalies");
		lttr_json_u64(&j, a->anomalies);
		lttr_json_end_object(&j);
		if (!o->pretty)
			putchar('\n');
	} else {
		printf("per CPU: scheduled + idle = window:            %s (worst error %" PRIu64 " ns, cpu %u)\n",
		       c.cpu_ok ? "ok" : "FAILED", c.cpu_err, c.cpu_worst);
		printf("per task: user + kernel + interrupted = running: %s (worst error %" PRIu64 " ns, pid %u)\n",
		       c.split_ok ? "ok" : "FAILED", c.split_err, c.split_worst);
		printf("per task: running + runnable + blocked = life:  %s (worst error %" PRIu64 " ns, pid %u)\n",
		       c.life_ok ? "ok" : "FAILED", c.life_err, c.life_worst);
		printf("%zu tasks, %u CPUs, tolerance %" PRIu64 " ns, %zu violations, %" PRIu64 " anomalies\n",
		       a->ntasks, a->ncpus, c.tolerance_ns, c.violations, a->anomalies);
	}
	return cli_finish(t, a, good ? 0 : EXIT_CONSERVATION);
}
