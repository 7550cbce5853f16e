// SPDX-License-Identifier: GPL-2.0
/*
 * cmd-critpath.c - "tracevisualizer critical-path --pid P [--from --to]":
 * what a task waited for, followed backwards across the tasks that woke
 * it (lttr_critpath_compute()): segments that tile its interval, and the
 * totals per task and state.
 */
#include <stdio.h>
#include <lttr/lttr.h>
#include <lttr/analysis/critpath.h>
#include <lttr/output/json-timing.h>
#include <lttr/output/timing-layout.h>
#include <lttr/output/timing-text.h>
#include "cli.h"

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
