// SPDX-License-Identifier: GPL-2.0
/*
 * cmd-summary.c - "tracevisualizer summary": counts per type, CPU,
 * process and syscall, and lost events.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <lttr/lttr.h>
#include "cli.h"
#include "timetable.h"

static void print_secs(const char *label, uint64_t ns)
{
	printf("%s%" PRIu64 ".%09" PRIu64 " s", label, ns / 1000000000U,
	       ns % 1000000000U);
}

static void print_sc(const char *indent, const struct lttr_sccount *c)
{
	struct lttr_sccount_slot *v;
	size_t n = 0, i;
	char nb[32];

	v = lttr_sccount_list(c, &n);
	for (i = 0; v && i < n; i++)
		printf("%s%-24s %12" PRIu64 " %12" PRIu64 "\n", indent,
		       lttr_syscall_str(v[i].nr, nb, sizeof(nb)), v[i].entries,
		       v[i].exits);
	free(v);
}

static void print_text(const struct lttr_trace *t, const struct lttr_summary *s)
{
	const struct ltt_trace_header *h = lttr_trace_header(t);
	uint64_t end = lttr_trace_end_ns(t);
	struct lttr_process **pv;
	size_t np = 0, i;
	unsigned int c;
	char tb[24];

	printf("Trace %s: format %u.%u, %s, kernel %s, host %s\n",
	       lttr_trace_dir(t), h->major, h->minor, lttr_trace_arch(t),
	       lttr_trace_release(t), lttr_trace_hostname(t));
	print_secs("Duration: ", end > h->start_ns ? end - h->start_ns : 0);
	printf(", %u CPUs, %zu buffers (%u bytes x %u per CPU), %s\n",
	       lttr_trace_ncpus(t), lttr_trace_total_buffers(t),
	       h->buffer_size, h->buffer_count,
	       lttr_trace_complete(t) ? "complete" : "INCOMPLETE");
	for (i = 0; i < lttr_trace_warning_count(t); i++)
		printf("Warning: %s\n", lttr_trace_warning(t, i));

	printf("\nEvents: %" PRIu64 " (control %" PRIu64 ", unknown %" PRIu64 ")\n",
	       s->total, s->control, s->unknown);
	for (i = 0; i < LTT_EV_MAX; i++)
		if (s->by_id[i])
			printf("  %-16s %12" PRIu64 "\n",
			       lttr_event_type_str((unsigned int)i, tb, sizeof(tb)),
			       s->by_id[i]);

	printf("\nCPUs:\n  %-4s %12s %10s %8s %20s %20s\n", "cpu", "events", "lost",
	       "buffers", "first_ns", "last_ns");
	for (c = 0; c < s->ncpus; c++)
		printf("  %-4u %12" PRIu64 " %10" PRIu64 " %8" PRIu64 " %20" PRIu64 " %20" PRIu64 "\n",
		       c, s->cpu[c].events, s->cpu[c].lost, s->cpu[c].buffers,
		       s->cpu[c].first_ns, s->cpu[c].last_ns);

	printf("\nLost events: %" PRIu64 "%s\n", s->lost_total,
	       lttr_trace_lost_info(t, 0) ? "" : " (from buffer headers; no lost file)");
	for (i = 0; i < 64; i++)
		if (s->lost_by_id[i])
			printf("  %-16s %12" PRIu64 "\n",
			       lttr_event_type_str((unsigned int)i, tb, sizeof(tb)),
			       s->lost_by_id[i]);
	print_sc("  syscall ", &s->lost_syscalls);

	printf("\nProcesses:\n  %7s %7s %7s %10s %-6s %-10s %s\n", "pid", "tgid",
	       "ppid", "events", "forked", "exit", "name (earlier names <- on exec)");
	pv = lttr_ptable_sorted(s->procs, &np);
	for (i = 0; pv && i < np; i++) {
		const struct lttr_process *p = pv[i];
		char ex[16] = "-";
		size_t k;

		if (p->exited)
			snprintf(ex, sizeof(ex), "%d", p->exit_code);
		printf("  %7u %7u %7u %10" PRIu64 " %-6s %-10s %s", p->pid,
		       p->tgid, p->ppid, p->events, p->forked ? "yes" : "no",
		       ex, p->name);
		for (k = p->nnames - 1; k-- > 0;)
			printf(" <- %s", p->names[k].name);
		putchar('\n');
		print_sc("          ", &p->syscalls);
	}
	free(pv);

	printf("\nSyscalls:\n  %-24s %12s %12s\n", "name", "entries", "exits");
	print_sc("  ", &s->syscalls);
}

static void print_time(const struct lttr_account *a,
		       const struct lttr_account_check *c)
{
	struct lttr_acct_task *g;
	size_t n = 0, i;

	printf("\n");
	cli_print_systime(a);
	printf("\nProcess time (ms; %%wio = blocked in I/O, share of the process's lifetime):\n");
	cli_print_taskhead();
	g = lttr_account_group(a, &n);
	for (i = 0; g && i < n; i++)
		if (g[i].running_ns || g[i].runnable_ns ||
		    g[i].blocked_ns[LTTR_BLOCK_UNKNOWN] != g[i].end_ns - g[i].begin_ns)
			cli_print_taskrow(&g[i]);
	lttr_account_group_free(g, n);
	printf("\nConservation (tolerance %llu ns): cpu %s, split %s, lifetime %s\n",
	       (unsigned long long)c->tolerance_ns, c->cpu_ok ? "ok" : "FAILED",
	       c->split_ok ? "ok" : "FAILED", c->life_ok ? "ok" : "FAILED");
}

static void json_time(struct lttr_json *j, const struct lttr_account *a,
		      const struct lttr_account_check *c)
{
	struct lttr_acct_task *g;
	size_t n = 0, i;

	lttr_json_key(j, "time");
	lttr_json_begin_object(j);
	lttr_json_key(j, "system");
	lttr_json_systime(j, a);
	lttr_json_key(j, "processes");
	lttr_json_begin_array(j);
	g = lttr_account_group(a, &n);
	for (i = 0; g && i < n; i++)
		lttr_json_tasktime(j, &g[i], false);
	lttr_account_group_free(g, n);
	lttr_json_end_array(j);
	lttr_json_end_object(j);
	lttr_json_key(j, "conservation");
	lttr_json_conservation(j, c);
}

int cmd_summary(const struct cli_opts *o)
{
	struct lttr_trace *t = NULL;
	struct lttr_summary *s = NULL;
	struct lttr_account *a = NULL;
	struct lttr_account_check c;
	struct lttr_error err;
	struct lttr_json j;
	int status = 0;

	if (cli_open(o, &t))
		return EXIT_TRACE;
	if (lttr_summary_compute(t, &s, &err) < 0) {
		cli_trace_error(err.msg);
		lttr_trace_close(t);
		return EXIT_TRACE;
	}
	if (o->time && lttr_account_compute(t, &a, &err) < 0) {
		cli_trace_error(err.msg);
		lttr_summary_free(s);
		lttr_trace_close(t);
		return EXIT_TRACE;
	}
	if (a)
		lttr_account_check(a, o->tolerance_ns, &c);
	if (o->json) {
		lttr_json_init(&j, stdout, o->pretty);
		lttr_json_summary_open(&j, t, s);
		if (a)
			json_time(&j, a, &c);
		lttr_json_end_object(&j);
		if (!o->pretty)
			putchar('\n');
	} else {
		print_text(t, s);
		if (a)
			print_time(a, &c);
	}
	lttr_summary_free(s);
	return cli_finish(t, a, status);
}
