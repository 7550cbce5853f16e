// SPDX-License-Identifier: GPL-2.0
/*
 * cmd-check.c - "tracevisualizer check": the conservation checks, and the
 * view model checked against the accounting (what the front ends draw is
 * what the tables count).
 */
#include <inttypes.h>
#include <stdio.h>
#include <lttr/lttr.h>
#include <lttr/view/view.h>
#include <lttr/view/verify.h>
#include "cli.h"

/* the file lacks buffers the daemon wrote: at its end (@tail) or inside */
static bool any_cpu_cut(const struct lttr_trace *t, bool tail)
{
	unsigned int c;

	for (c = 0; c < lttr_trace_ncpus(t); c++)
		if (tail ? lttr_trace_cpu_cut(t, c) : lttr_trace_cpu_missing(t, c) > 0)
			return true;
	return false;
}

int cmd_check(struct cli_opts *o)
{
	struct lttr_trace *t;
	struct lttr_view *v = NULL;
	struct lttr_account *wa = NULL;	/* a window's accounting */
	const struct lttr_account *a;
	struct lttr_account_check c;
	struct lttr_view_verify vv = { 0 };
	struct lttr_error err;
	struct lttr_json j;
	bool good, vgood;
	char cut[256];
	unsigned int c2;
	int status;

	int ost;

	if (o->has_from || o->has_to) {
		/* a window's accounting; the views are of the whole trace */
		ost = cli_open_account(o, &t, &wa);
		if (ost)
			return ost;
		a = wa;
		vgood = true;
	} else {
		ost = cli_open(o, &t);
		if (ost)
			return ost;
		/* one pass builds the view model and the accounting together */
		if (lttr_view_build(t, NULL, NULL, &v, &err) < 0) {
			cli_trace_error(err.msg);
			lttr_trace_close(t);
			return EXIT_TRACE;
		}
		a = lttr_view_account(v);
		vgood = lttr_view_verify(v, &vv);
	}
	good = lttr_account_check(a, o->tolerance_ns, &c);
	if (o->json) {
		lttr_json_init(&j, stdout, o->pretty);
		lttr_json_begin_object(&j);
		lttr_json_key(&j, "trace");
		lttr_json_traceinfo(&j, t);
		cli_json_window(&j, a);
		lttr_json_key(&j, "conservation");
		lttr_json_conservation(&j, &c);
		lttr_json_key(&j, "anomalies");
		lttr_json_u64(&j, a->anomalies);
		lttr_json_key(&j, "lost_gaps");
		lttr_json_u64(&j, a->lost_gaps);
		lttr_json_key(&j, "cut");
		lttr_json_begin_array(&j);
		for (c2 = 0; c2 < a->ncpus; c2++) {
			if (!a->cpu[c2].cut_ns)
				continue;
			lttr_json_begin_object(&j);
			lttr_json_key(&j, "cpu");
			lttr_json_u64(&j, c2);
			lttr_json_key(&j, "at_ns");
			lttr_json_u64(&j, a->cpu[c2].cut_ns);
			lttr_json_end_object(&j);
		}
		lttr_json_end_array(&j);
		lttr_json_key(&j, "view");
		if (!v) {	/* a window: not compared */
			lttr_json_null(&j);
			goto json_end;
		}
		lttr_json_begin_object(&j);
		lttr_json_key(&j, "ok");
		lttr_json_bool(&j, vgood);
		lttr_json_key(&j, "compared");
		lttr_json_u64(&j, vv.compared);
		lttr_json_key(&j, "mismatches");
		lttr_json_u64(&j, vv.mismatches);
		lttr_json_key(&j, "out_of_order");
		lttr_json_u64(&j, vv.out_of_order);
		lttr_json_key(&j, "uncertain_rows");
		lttr_json_u64(&j, vv.uncertain_rows);
		lttr_json_key(&j, "first");
		lttr_json_string(&j, vv.first);
		lttr_json_end_object(&j);
json_end:
		lttr_json_end_object(&j);
		if (!o->pretty)
			putchar('\n');
	} else {
		cli_print_window(a);
		printf("per CPU: scheduled + idle = window:            %s (worst error %" PRIu64 " ns, cpu %u)\n",
		       c.cpu_ok ? "ok" : "FAILED", c.cpu_err, c.cpu_worst);
		printf("per task: user + kernel + interrupted = running: %s (worst error %" PRIu64 " ns, pid %u)\n",
		       c.split_ok ? "ok" : "FAILED", c.split_err, c.split_worst);
		printf("per task: running + runnable + nodata + blocked = life:  %s (worst error %" PRIu64 " ns, pid %u)\n",
		       c.life_ok ? "ok" : "FAILED", c.life_err, c.life_worst);
		if (v)
			printf("views: each row's time per state = accounting:  %s (%" PRIu64 " figures%s%s)\n",
			       vgood ? "ok" : "FAILED", vv.compared, vgood ? "" : "; ", vv.first);
		else
			printf("views: not compared in a window (they show the whole trace)\n");
		if (vv.uncertain_rows)
			printf("views: %" PRIu64 " row%s not compared: the events show a task on two CPUs "
			       "at once (lost events?)\n", vv.uncertain_rows,
			       vv.uncertain_rows == 1 ? "" : "s");
		if (a->lost_gaps)
			printf("lost events%s: %" PRIu64 " gap%s where the CPU's time is unknown and the "
			       "state of the tasks current around it too\n",
			       a->damaged_gaps ? " or damaged records" : "", a->lost_gaps,
			       a->lost_gaps == 1 ? "" : "s");
		for (c2 = 0; c2 < a->ncpus; c2++)
			if (lttr_acct_cut_warning(a, c2, cut, sizeof(cut)))
				printf("incomplete: %s\n", cut);
		if (!lttr_trace_complete(t))
			printf("the trace is incomplete (%s): its figures are partial\n",
			       !(lttr_trace_header(t)->flags & LTT_TRACE_COMPLETE) ?
			       "the daemon did not finish" : any_cpu_cut(t, true) ?
			       "the events file was cut: buffers the daemon wrote are missing" :
			       any_cpu_cut(t, false) ?
			       "the events file is damaged: buffers the daemon wrote are missing inside it" :
			       "--salvage cut a part of it");
		else if (a->lost_gaps || a->anomalies || lttr_trace_warning_count(t))
			printf("the figures are partial: %s\n", a->lost_gaps ?
			       "events were lost (the gaps above)" : a->anomalies ?
			       "events contradict the rules or hold impossible values (the anomalies below: lost events or damaged records)" :
			       "the reader's warnings (on standard error) say what may be wrong");
		printf("%zu tasks, %u CPUs, tolerance %" PRIu64 " ns, %zu violations, %" PRIu64 " anomalies\n",
		       a->ntasks, a->ncpus, c.tolerance_ns, c.violations, a->anomalies);
	}
	/* sure only of a complete trace without a gap or a warning */
	status = !(good && vgood) ? EXIT_CONSERVATION :
		!lttr_trace_complete(t) || a->lost_gaps || a->anomalies ||
		lttr_trace_warning_count(t) ? EXIT_DAMAGED : 0;
	lttr_view_free(v);
	lttr_account_free(wa);
	return cli_finish(t, NULL, status);
}
