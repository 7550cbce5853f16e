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
	       "ppid", "events", "forked", "exit", "name");
	pv = lttr_ptable_sorted(s->procs, &np);
	for (i = 0; pv && i < np; i++) {
		const struct lttr_process *p = pv[i];
		char ex[16] = "-";

		if (p->exited)
			snprintf(ex, sizeof(ex), "%d", p->exit_code);
		printf("  %7u %7u %7u %10" PRIu64 " %-6s %-10s %s\n", p->pid,
		       p->tgid, p->ppid, p->events, p->forked ? "yes" : "no",
		       ex, p->name);
		print_sc("          ", &p->syscalls);
	}
	free(pv);

	printf("\nSyscalls:\n  %-24s %12s %12s\n", "name", "entries", "exits");
	print_sc("  ", &s->syscalls);
}

int cmd_summary(const struct cli_opts *o)
{
	struct lttr_trace *t = NULL;
	struct lttr_summary *s = NULL;
	struct lttr_error err;
	struct lttr_json j;
	size_t i;
	int status = 0;

	if (lttr_trace_open(o->dir, o->salvage ? LTTR_OPEN_SALVAGE : 0, &t, &err) < 0) {
		cli_trace_error(err.msg);
		return EXIT_TRACE;
	}
	if (lttr_summary_compute(t, &s, &err) < 0) {
		cli_trace_error(err.msg);
		lttr_trace_close(t);
		return EXIT_TRACE;
	}
	if (o->json) {
		lttr_json_init(&j, stdout, o->pretty);
		lttr_json_summary(&j, t, s);
		if (!o->pretty)
			putchar('\n');
	} else {
		print_text(t, s);
	}
	fflush(stdout);
	for (i = 0; i < lttr_trace_warning_count(t); i++)
		fprintf(stderr, "%s: warning: %s\n", cli_prog,
			lttr_trace_warning(t, i));
	if (ferror(stdout)) {
		fprintf(stderr, "%s: write error on standard output\n", cli_prog);
		status = EXIT_TRACE;
	}
	lttr_summary_free(s);
	lttr_trace_close(t);
	return status;
}
