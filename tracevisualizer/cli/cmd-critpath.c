// SPDX-License-Identifier: GPL-2.0
/*
 * cmd-critpath.c - "tracevisualizer critical-path --pid P [--from --to]":
 * what a task waited for, followed backwards across the tasks that woke
 * it (lttr_critpath_compute()): segments that tile its interval, and the
 * totals per task and state.
 */
#include <stdio.h>
#include <string.h>
#include <lttr/lttr.h>
#include <lttr/analysis/account.h>
#include <lttr/analysis/critpath.h>
#include <lttr/output/json-timing.h>
#include <lttr/output/timing-layout.h>
#include <lttr/output/timing-text.h>
#include "cli.h"

/* "HOST:name-pid" of a task of a host of @cp */
const char *cli_htask(const struct cli_hosts *h, const struct lttr_critpath *cp,
			 uint32_t host, uint32_t pid, char *buf, size_t size)
{
	snprintf(buf, size, "%s:%s-%u", host < h->n ? h->name[host] : "?",
		 host < cp->nhosts ? lttr_timing_task_name(cp->hacct[host], pid) : "?", pid);
	return buf;
}

/* the segments (after @ind), parts and totals (two spaces less) of a path across hosts */
void cli_print_critpath_hosts(const struct cli_hosts *h, const struct lttr_critpath *cp,
			      const char *ind)
{
	const char *pind = strlen(ind) >= 2 ? ind + 2 : ind;
	char a[160], b[160];
	size_t i;

	for (i = 0; i < cp->nseg; i++) {
		const struct lttr_cp_seg *s = &cp->seg[i];

		printf("%s%*s%.9f %12.3f us  %-28s %s", ind, (int)(2 * (s->depth < 20 ? s->depth : 20)),
		       "", tt_rel(h->t[0], s->start_ns), (double)(s->end_ns - s->start_ns) / 1e3,
		       cli_htask(h, cp, s->host, s->pid, a, sizeof(a)),
		       lttr_cp_state_name(s->state, s->reason));
		if (s->state == LTTR_CP_TRANSIT)
			printf(" from %s", cli_htask(h, cp, s->peer_host, s->peer_pid, b, sizeof(b)));
		putchar('\n');
	}
	printf("%sParts: on-CPU %.3f us, runnable %.3f us, blocked %.3f us, network transit %.3f us",
	       pind, (double)cp->state_ns[LTTR_CP_RUNNING] / 1e3,
	       (double)cp->state_ns[LTTR_CP_RUNNABLE] / 1e3,
	       (double)cp->state_ns[LTTR_CP_BLOCKED] / 1e3,
	       (double)cp->state_ns[LTTR_CP_TRANSIT] / 1e3);
	if (cp->state_ns[LTTR_CP_ABSENT] || cp->state_ns[LTTR_CP_UNKNOWN])
		printf(", absent %.3f us, unknown %.3f us",
		       (double)cp->state_ns[LTTR_CP_ABSENT] / 1e3,
		       (double)cp->state_ns[LTTR_CP_UNKNOWN] / 1e3);
	printf("\n%sTotals:\n", pind);
	for (i = 0; i < cp->ntot; i++) {
		const struct lttr_cp_total *t = &cp->tot[i];

		printf("%s  %12.3f us  %6llu  %-28s %s\n", pind, (double)t->ns / 1e3,
		       (unsigned long long)t->count, cli_htask(h, cp, t->host, t->pid, a, sizeof(a)),
		       lttr_cp_state_name(t->state, t->reason));
	}
}

/* the anomalies of a path across hosts, warned */
void cli_warn_critpath_anomalies(const struct lttr_critpath *cp)
{
	if (cp->anomalies)
		fprintf(stderr,
			"%s: warning: %llu message(s) sent at or after their receiver's wakeup on the corrected clocks (by up to %llu ns): the clock model's bound is violated; those blocks are left blocked, not followed\n",
			cli_prog, (unsigned long long)cp->anomalies, (unsigned long long)cp->worst_ns);
}

/* critical-path of several hosts' traces (TRACEDIR TRACEDIR... or merge's set) */
static int critpath_hosts(struct cli_opts *o)
{
	struct lttr_critpath *cp = NULL;
	struct cli_hosts h;
	struct lttr_error err;
	struct lttr_json j;
	uint64_t from, to;
	int st;

	if (o->symfs || o->addresses)
		return cli_needs("critical-path --symfs, --addresses", "one trace (no stacks across hosts)");
	st = cli_hosts_load_host(o, &h);
	if (st)
		return st;
	/* --from, --to: on the reference's clock, relative to its trace */
	cli_window(o, h.t[0], &from, &to);
	if (lttr_critpath_hosts(h.t, h.n, h.model, o->host, o->pids[0], from, to, &cp, &err) < 0) {
		fprintf(stderr, "%s: critical-path --pid %u --host %zu: %s\n", cli_prog, o->pids[0],
			o->host, err.msg);
		cli_hosts_free(&h);
		return EXIT_TRACE;
	}
	if (o->json) {
		cli_json_begin(&j, o, h.t[0]);
		lttr_json_key(&j, "critical_path");
		lttr_json_critpath_hosts(&j, h.name, cp);
		cli_json_end(&j, o);
	} else {
		char a[160];

		printf("Critical path of %s from %.9f to %.9f s (%.3f us) on the clock of host 0 (%s):\n"
		       "what it waited for, followed back across the tasks that woke it and the\n"
		       "messages from other hosts (indented one step per wakeup or message):\n",
		       cli_htask(&h, cp, cp->host, cp->pid, a, sizeof(a)), tt_rel(h.t[0], cp->from_ns),
		       tt_rel(h.t[0], cp->to_ns), (double)(cp->to_ns - cp->from_ns) / 1e3, h.name[0]);
		cli_print_critpath_hosts(&h, cp, "  ");
	}
	cli_warn_critpath_anomalies(cp);
	lttr_critpath_free(cp);
	cli_hosts_free(&h);
	return 0;
}

int cmd_critpath(struct cli_opts *o)
{
	struct lttr_critpath *cp;
	struct lttr_syms *syms;
	struct lttr_trace *t;
	struct lttr_error err;
	struct lttr_json j;
	uint64_t from, to;
	bool unnamed;
	size_t i;
	int st, r;

	if (o->npids != 1)
		return cli_needs("critical-path", "--pid P (one task)");
	if (o->noperands || (o->dir && cli_is_merged(o->dir)))
		return critpath_hosts(o);
	if (o->host_set && o->host)
		return cli_needs("critical-path --host K", "several hosts' traces or merge's set");
	st = cli_open(o, &t);
	if (st)
		return st;
	cli_window(o, t, &from, &to);
	if (cli_open_stack_syms(o, t, &syms, &unnamed) < 0) {
		lttr_trace_close(t);
		return 1;	/* as stacks: the symbols cannot be read */
	}
	r = lttr_critpath_compute(t, o->pids[0], from, to, &cp, &err);
	if (r >= 0) {
		/* at each blocked step, the stacks of the task and of its waker */
		r = lttr_critpath_stacks(t, cp, syms, &err);
		if (r < 0)
			lttr_critpath_free(cp);
	}
	if (r < 0) {
		char what[32];

		cli_close_syms(syms);
		snprintf(what, sizeof(what), "--pid %u", o->pids[0]);
		return cli_fail(t, &err, what);
	}
	cli_close_syms(syms);
	for (i = 0; unnamed && i < cp->nstep; i++)
		if (cli_block_stacks_shown(&cp->step[i].stacks)) {
			cli_warn_no_syms(o);
			break;
		}
	if (o->json) {
		cli_json_begin(&j, o, t);
		lttr_json_key(&j, "critical_path");
		lttr_json_critpath(&j, t, cp->acct, cp);
		cli_json_end(&j, o);
	} else {
		printf("Critical path of %u %s from %.9f to %.9f s (%.3f us): what it waited for,\n"
		       "followed back across the tasks that woke it (indented one step per wakeup):\n",
		       cp->pid, lttr_timing_task_name(cp->acct, cp->pid), tt_rel(t, cp->from_ns),
		       tt_rel(t, cp->to_ns), (double)(cp->to_ns - cp->from_ns) / 1e3);
		tt_critpath(t, cp->acct, cp, "  ", (size_t)-1);
	}
	st = cli_finish(t, cp->acct, 0);
	cp->acct = NULL;	/* cli_finish() freed it */
	lttr_critpath_free(cp);
	return st;
}
