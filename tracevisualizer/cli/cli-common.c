// SPDX-License-Identifier: GPL-2.0
/*
 * cli-common.c - what the commands share: opening a trace (and computing
 * its accounting), pid filters, warnings, closing with the exit status.
 */
#include <inttypes.h>
#include <stdio.h>
#include <lttr/lttr.h>
#include "cli.h"

bool cli_pid_wanted(const struct cli_opts *o, uint32_t pid)
{
	size_t i;

	if (!o->npids)
		return true;
	for (i = 0; i < o->npids; i++)
		if (o->pids[i] == pid)
			return true;
	return false;
}

void cli_trace_error(const char *msg)
{
	fprintf(stderr, "%s: %s\n", cli_prog, msg);
}

int cli_open(const struct cli_opts *o, struct lttr_trace **t)
{
	struct lttr_error err;

	if (lttr_trace_open(o->dir, o->salvage ? LTTR_OPEN_SALVAGE : 0, t, &err) < 0) {
		cli_trace_error(err.msg);
		return EXIT_TRACE;
	}
	return 0;
}

int cli_open_account(const struct cli_opts *o, struct lttr_trace **t,
		     struct lttr_account **a)
{
	struct lttr_error err;

	if (cli_open(o, t))
		return EXIT_TRACE;
	if (lttr_account_compute(*t, a, &err) < 0) {
		cli_trace_error(err.msg);
		lttr_trace_close(*t);
		return EXIT_TRACE;
	}
	return 0;
}

/*
 * The tasks a command reports on: the threads themselves with --threads,
 * else the threads grouped into processes (*group, to be freed with
 * lttr_account_group_free(*group, *n)).
 */
const struct lttr_acct_task *cli_tasks(const struct cli_opts *o,
				       const struct lttr_account *a,
				       struct lttr_acct_task **group, size_t *n)
{
	*group = NULL;
	if (o->threads) {
		*n = a->ntasks;
		return a->tasks;
	}
	*group = lttr_account_group(a, n);
	return *group;
}

int cli_finish(struct lttr_trace *t, struct lttr_account *a, int status)
{
	size_t i;

	fflush(stdout);
	for (i = 0; i < lttr_trace_warning_count(t); i++)
		fprintf(stderr, "%s: warning: %s\n", cli_prog,
			lttr_trace_warning(t, i));
	if (a && a->lost_gaps) {
		uint64_t lost = 0;
		unsigned int c;

		for (c = 0; c < lttr_trace_ncpus(t); c++)
			lost += lttr_trace_buffer_lost_cpu(t, c) +
				lttr_trace_lost_tail(t, c);
		fprintf(stderr, "%s: warning: %" PRIu64 " events lost in %" PRIu64
			" gap%s: a gap's CPU time is counted unknown, and the tasks current around it are blocked (unknown) there: their figures are partial\n",
			cli_prog, lost, a->lost_gaps, a->lost_gaps == 1 ? "" : "s");
	}
	for (i = 0; a && i < a->ncpus; i++)
		if (a->cpu[i].cut_ns)
			fprintf(stderr, "%s: warning: cpu %zu: its events end at %.9f s, %.9f s before the stop, and the trace is incomplete: its time after is counted unknown\n",
				cli_prog, i, (double)(a->cpu[i].cut_ns - a->start_ns) / 1e9,
				(double)(a->end_ns - a->cpu[i].cut_ns) / 1e9);
	if (ferror(stdout)) {
		fprintf(stderr, "%s: write error on standard output\n", cli_prog);
		status = EXIT_TRACE;
	}
	lttr_account_free(a);
	lttr_trace_close(t);
	return status;
}

void cli_print_ms(uint64_t ns)
{
	printf(" %11.3f", (double)ns / 1e6);
}

double cli_pct(uint64_t part, uint64_t whole)
{
	return whole ? 100.0 * (double)part / (double)whole : 0.0;
}
