// SPDX-License-Identifier: GPL-2.0
/*
 * cmd-explain.c - "tracevisualizer explain --at TIME --pid P": the state of
 * a task at a time, explained (lttr_explain_at()): while it waited for a
 * CPU, what ran on that CPU; while it ran, what it did; while it was
 * blocked, who woke it and what that waker was doing (the critical path
 * of the block).
 */
#include <stdio.h>
#include <lttr/lttr.h>
#include <lttr/analysis/critpath.h>
#include <lttr/analysis/explain.h>
#include <lttr/analysis/explain-hosts.h>
#include <lttr/output/json-timing.h>
#include <lttr/output/timing-layout.h>
#include <lttr/output/timing-text.h>
#include "cli.h"

void cli_print_explain_at(const struct lttr_trace *t, const struct lttr_explain_at *r)
{
	const struct lttr_account *a = r->acct;
	char w[160];

	printf("%u %s at %.9f s: ", r->pid, lttr_timing_task_name(a, r->pid), tt_rel(t, r->at_ns));
	switch (r->state) {
	case LTTR_CP_RUNNING:
		printf("running on cpu %u", r->cpu);
		break;
	case LTTR_CP_RUNNABLE:
		printf("runnable (%s), waiting for cpu %u", r->preempted ? "preempted" :
		       r->waker.known ? lttr_waker_str(t, a, &r->waker, w, sizeof(w)) : "new",
		       r->cpu);
		break;
	case LTTR_CP_BLOCKED:
		printf("blocked (%s)", lttr_block_name(r->reason));
		if (r->mode == LTTR_MODE_SYSCALL) {
			char nb[32];

			printf(" in %s", lttr_mode_what_str(t, LTTR_MODE_SYSCALL, r->what, false,
							    nb, sizeof(nb)));
		}
		printf("%s", lttr_ex_lock_str(a, &r->lock, w, sizeof(w)));
		break;
	case LTTR_CP_UNKNOWN:
		printf("unknown (a CPU without data may have run it)");
		break;
	default:
		printf("not alive");
		break;
	}
	printf("\n  from %.9f to %.9f s (%.3f us)%s\n", tt_rel(t, r->start_ns),
	       tt_rel(t, r->end_ns), (double)(r->end_ns - r->start_ns) / 1e3,
	       r->ended ? "" : ", to the end of the trace");
	if (r->state == LTTR_CP_RUNNABLE && r->latency)
		printf("  wakeup latency %.3f us, from its %s at %.9f s (latency --kind wakeup)\n",
		       (double)(r->end_ns - r->woken_ns) / 1e3,
		       r->woken_ns == r->start_ns ? "wakeup" : "first wakeup after its fork",
		       tt_rel(t, r->woken_ns));
	if (r->state == LTTR_CP_BLOCKED) {
		printf("  %s\n", r->ended ? lttr_waker_str(t, a, &r->waker, w, sizeof(w)) :
		       "not woken before the end of the trace");
		if (r->path) {
			printf("\nWhat it waited for (the critical path of the block):\n");
			tt_critpath(t, a, r->path, "  ", 60);
		}
	}
	if (r->expl.v) {
		printf("\n");
		tt_explanation(t, a, &r->expl, "  ", 60);
	}
}

/*
 * The messages from other hosts on an interval explained across hosts,
 * each with its error bound (and said when the clocks alone cannot order
 * its send before the wakeup), then its critical path across the hosts.
 */
void cli_print_xh_span(const struct cli_hosts *h, const struct lttr_xh_span *s, const char *ind)
{
	const struct lttr_critpath *cp = s->path;
	char a[160], b[160];
	size_t i;

	for (i = 0; i < s->nmsg; i++) {
		const struct lttr_xh_msg *m = &s->msg[i];

		printf("%s%s waited for a message from %s: sent at %.9f s, received at %.9f s,\n"
		       "%s  woke it at %.9f s",
		       ind, cli_htask(h, cp, m->host, m->pid, a, sizeof(a)),
		       cli_htask(h, cp, m->peer_host, m->peer_pid, b, sizeof(b)),
		       tt_rel(h->t[0], m->send_ns), tt_rel(h->t[0], m->recv_ns), ind,
		       tt_rel(h->t[0], m->wake_ns));
		if (m->anomaly)
			printf(": ANOMALY, sent after the wakeup on the corrected clocks (the model's bound is violated; not followed)\n");
		else
			printf(": transit %.3f us +- %.3f us (the clock model's error bound)%s\n",
			       (double)m->transit_ns / 1e3, (double)m->error_ns / 1e3,
			       m->uncertain ? "; UNCERTAIN: the clocks alone cannot order the send before the wakeup" : "");
	}
	printf("\n%sWhat it waited for across the hosts (the critical path, on the clock of host 0;\n"
	       "%stimes of other hosts within +- %.3f us of the truth):\n", ind, ind,
	       (double)s->error_ns / 1e3);
	cli_print_critpath_hosts(h, cp, "  ");
}

void cli_warn_xh_span(const struct lttr_xh_span *s)
{
	cli_warn_critpath_anomalies(s->path);
	if (s->uncertain)
		fprintf(stderr,
			"%s: warning: %llu message(s) whose transit is within the clock model's error bound: the clocks alone cannot order their send before the wakeup, and the split between the sender's time and the transit is uncertain by that bound\n",
			cli_prog, (unsigned long long)s->uncertain);
}

/* explain of several hosts' traces (TRACEDIR TRACEDIR... or merge's set) */
static int explain_hosts(struct cli_opts *o)
{
	struct lttr_explain_at_hosts *r;
	struct cli_hosts h;
	struct lttr_error err;
	struct lttr_json j;
	int st;

	if (o->symfs || o->addresses)
		return cli_needs("explain --symfs, --addresses", "one trace (no stacks across hosts)");
	st = cli_hosts_load_host(o, &h);
	if (st)
		return st;
	/* --at: on the reference's clock, relative to its trace */
	if (lttr_explain_at_hosts(h.t, h.n, h.model, o->host, o->pids[0], cli_at(o, h.t[0]), &r,
				  &err) < 0) {
		fprintf(stderr, "%s: explain --pid %u --host %zu --at %.9f: %s\n", cli_prog,
			o->pids[0], o->host, (double)o->at_ns / 1e9, err.msg);
		cli_hosts_free(&h);
		return EXIT_TRACE;
	}
	if (o->json) {
		cli_json_begin(&j, o, h.t[0]);
		lttr_json_key(&j, "explain_hosts");
		lttr_json_explain_at_hosts(&j, h.name, h.t[o->host], r);
		cli_json_end(&j, o);
	} else {
		printf("Host %zu (%s), on the clock of host 0 (%s): %s at %.9f s, from %.9f to %.9f s\n",
		       o->host, h.name[o->host], h.name[0], lttr_cp_state_name(r->at->state, r->at->reason),
		       tt_rel(h.t[0], r->at_ns), tt_rel(h.t[0], r->start_ns), tt_rel(h.t[0], r->end_ns));
		if (o->host)
			printf("(host %zu's clock: accurate to within %.3f us of host 0's; below, its own)\n",
			       o->host, (double)lttr_sync_accuracy_ns(h.model, o->host) / 1e3);
		cli_print_explain_at(h.t[o->host], r->at);
		if (r->span) {
			printf("\nAcross the hosts:\n");
			cli_print_xh_span(&h, r->span, "  ");
		}
	}
	if (r->span)
		cli_warn_xh_span(r->span);
	lttr_explain_at_hosts_free(r);
	cli_hosts_free(&h);
	return 0;
}

/* a stack shown: the block's, or one of its critical path's steps' */
static bool stacks_shown(const struct lttr_explain_at *r)
{
	size_t i;

	if (cli_block_stacks_shown(&r->stacks))
		return true;
	for (i = 0; r->expl.stacks && i < r->expl.n; i++)
		if (cli_block_stacks_shown(&r->expl.stacks[i]))
			return true;
	for (i = 0; r->path && i < r->path->nstep; i++)
		if (cli_block_stacks_shown(&r->path->step[i].stacks))
			return true;
	return false;
}

int cmd_explain(struct cli_opts *o)
{
	struct lttr_explain_at *r;
	struct lttr_syms *syms;
	struct lttr_trace *t;
	struct lttr_error err;
	struct lttr_json j;
	bool unnamed;
	int st, rc;

	if (!o->has_at || o->npids != 1)
		return cli_needs("explain", "--at TIME and --pid P (one task)");
	if (o->noperands || (o->dir && cli_is_merged(o->dir)))
		return explain_hosts(o);
	if (o->host_set && o->host)
		return cli_needs("explain --host K", "several hosts' traces or merge's set");
	st = cli_open(o, &t);
	if (st)
		return st;
	if (cli_open_stack_syms(o, t, &syms, &unnamed) < 0) {
		lttr_trace_close(t);
		return 1;	/* as stacks: the symbols cannot be read */
	}
	rc = lttr_explain_at(t, o->pids[0], cli_at(o, t), &r, &err);
	if (rc >= 0) {
		/* a block: the stacks of the task and of its waker, and at each step */
		rc = lttr_explain_at_stacks(t, r, syms, &err);
		if (rc < 0)
			lttr_explain_at_free(r);
	}
	if (rc < 0) {
		char what[64];

		cli_close_syms(syms);
		snprintf(what, sizeof(what), "--pid %u --at %.9f", o->pids[0],
			 (double)o->at_ns / 1e9);
		return cli_fail(t, &err, what);
	}
	cli_close_syms(syms);
	if (unnamed && stacks_shown(r))
		cli_warn_no_syms(o);
	if (o->json) {
		cli_json_begin(&j, o, t);
		lttr_json_key(&j, "explain");
		lttr_json_explain_at(&j, t, r);
		cli_json_end(&j, o);
	} else {
		cli_print_explain_at(t, r);
	}
	st = cli_finish(t, r->acct, 0);
	r->acct = NULL;		/* cli_finish() freed it */
	lttr_explain_at_free(r);
	return st;
}
