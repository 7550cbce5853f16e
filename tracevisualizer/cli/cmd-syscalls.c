// SPDX-License-Identifier: GPL-2.0
/*
 * cmd-syscalls.c - "tracevisualizer syscalls": per-syscall statistics,
 * system-wide and per process.
 */
#include <inttypes.h>
#include <stdio.h>
#include <lttr/lttr.h>
#include "cli.h"

static void table(const char *indent, const struct lttr_acct_sc *v, size_t n)
{
	char nb[32];
	size_t i;

	printf("%s%-20s %9s %7s %7s %12s %10s %10s %10s %12s %12s %12s\n", indent, "syscall",
	       "count", "partial", "noret", "total_ms", "min_us", "max_us", "mean_us",
	       "cpu_ms", "runnable_ms", "blocked_ms");
	for (i = 0; i < n; i++) {
		const struct lttr_acct_sc *s = &v[i];

		printf("%s%-20s %9" PRIu64 " %7" PRIu64 " %7" PRIu64 " %12.3f %10.3f %10.3f %10.3f %12.3f %12.3f %12.3f\n",
		       indent, lttr_syscall_str(s->nr, nb, sizeof(nb)), s->lat.count,
		       s->partial, s->no_return, (double)s->lat.total / 1e6, (double)s->lat.min / 1e3,
		       (double)s->lat.max / 1e3, (double)lttr_lat_mean(&s->lat) / 1e3,
		       (double)s->cpu_ns / 1e6, (double)s->runnable_ns / 1e6,
		       (double)s->blocked_ns / 1e6);
	}
}

int cmd_syscalls(struct cli_opts *o)
{
	struct lttr_trace *t;
	struct lttr_account *a;
	struct lttr_acct_task *g;
	const struct lttr_acct_task *v;
	struct lttr_json j;
	size_t n, i;

	int ost = cli_open_account(o, &t, &a);

	if (ost)
		return ost;
	v = cli_tasks(o, a, &g, &n);
	if (o->json) {
		lttr_json_init(&j, stdout, o->pretty);
		lttr_json_begin_object(&j);
		lttr_json_key(&j, "trace");
		lttr_json_traceinfo(&j, t);
		cli_json_window(&j, a);
		lttr_json_key(&j, "syscalls");
		lttr_json_syscallstats(&j, a->sc, a->nsc);
		lttr_json_key(&j, o->threads ? "threads" : "processes");
		lttr_json_begin_array(&j);
		for (i = 0; v && i < n; i++) {
			if (!v[i].nsc || !cli_pid_wanted(o, v[i].pid))
				continue;
			lttr_json_begin_object(&j);
			lttr_json_key(&j, "pid");
			lttr_json_u64(&j, v[i].pid);
			lttr_json_key(&j, "name");
			lttr_json_string(&j, v[i].name);
			lttr_json_key(&j, "syscalls");
			lttr_json_syscallstats(&j, v[i].sc, v[i].nsc);
			lttr_json_end_object(&j);
		}
		lttr_json_end_array(&j);
		lttr_json_end_object(&j);
		if (!o->pretty)
			putchar('\n');
	} else {
		cli_print_window(a);
		if (!o->npids) {
			printf("System-wide (count and latency: calls whose entry and exit are both in the trace;\n"
			       " partial: exits without their entry; noret: entries without their return):\n");
			table("  ", a->sc, a->nsc);
		}
		for (i = 0; v && i < n; i++) {
			if (!v[i].nsc || !cli_pid_wanted(o, v[i].pid))
				continue;
			printf("\n%s %u (%s):\n", o->threads ? "Thread" : "Process",
			       v[i].pid, v[i].name);
			table("  ", v[i].sc, v[i].nsc);
		}
	}
	lttr_account_group_free(g, g ? n : 0);
	return cli_finish(t, a, 0);
}
