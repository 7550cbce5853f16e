// SPDX-License-Identifier: GPL-2.0
/*
 * cmd-processes.c - "tracevisualizer processes": where each process's (or
 * thread's) time went.
 */
#include <stdio.h>
#include <stdlib.h>
#include <lttr/lttr.h>
#include "cli.h"
#include "timetable.h"

/* print @v[i] and, below it, its children, depth-first */
static void print_tree(const struct lttr_acct_task *v, size_t n, size_t i,
		       int depth, unsigned char *done)
{
	struct lttr_acct_task row = v[i];
	char name[64];
	size_t k;

	done[i] = 1;
	snprintf(name, sizeof(name), "%*s%s", 2 * (depth < 8 ? depth : 8), "",
		 v[i].name);
	row.name = name;
	cli_print_taskrow(&row);
	for (k = 0; k < n; k++)
		if (!done[k] && v[k].ppid == v[i].pid && v[k].pid != v[i].pid)
			print_tree(v, n, k, depth + 1, done);
}

static void print_forest(const struct cli_opts *o, const struct lttr_acct_task *v,
			 size_t n)
{
	unsigned char *done = calloc(n ? n : 1, 1);
	size_t i, k;

	if (!done)
		return;
	for (i = 0; i < n; i++) {
		bool has_parent = false;

		for (k = 0; k < n; k++)
			if (v[k].pid == v[i].ppid && k != i)
				has_parent = true;
		if (!done[i] && !has_parent && cli_pid_wanted(o, v[i].pid))
			print_tree(v, n, i, 0, done);
	}
	for (i = 0; i < n; i++)	/* cycles (pid reuse): flat */
		if (!done[i] && cli_pid_wanted(o, v[i].pid))
			print_tree(v, n, i, 0, done);
	free(done);
}

int cmd_processes(struct cli_opts *o)
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
		lttr_json_key(&j, "window_ns");
		lttr_json_u64(&j, a->end_ns - a->start_ns);
		lttr_json_key(&j, o->threads ? "threads" : "processes");
		lttr_json_begin_array(&j);
		for (i = 0; v && i < n; i++)
			if (cli_pid_wanted(o, v[i].pid))
				lttr_json_tasktime(&j, &v[i], true);
		lttr_json_end_array(&j);
		lttr_json_end_object(&j);
		if (!o->pretty)
			putchar('\n');
	} else {
		cli_print_window(a);
		printf("%s (times in ms; life = wall-clock lifetime in the trace, thr-time = its threads' lifetimes summed:\n"
		       " running + runnable + nodata (state unknown: a CPU without data may have run it) + blocked;\n"
		       " kernel = syscalls + traps + kernel threads; intr = irqs and softirqs that interrupted it, not its own\n"
		       " work; blocked = io + sleep + futex + child + fault + other + unknown; %%run, %%user, %%wio (blocked in I/O) are shares of thr-time):\n",
		       o->threads ? "Threads" : "Processes");
		cli_print_taskhead();
		if (o->tree && v)
			print_forest(o, v, n);
		for (i = 0; !o->tree && v && i < n; i++)
			if (cli_pid_wanted(o, v[i].pid))
				cli_print_taskrow(&v[i]);
	}
	lttr_account_group_free(g, g ? n : 0);
	return cli_finish(t, a, 0);
}
