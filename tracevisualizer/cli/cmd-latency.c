// SPDX-License-Identifier: GPL-2.0
/*
 * cmd-latency.c - "tracevisualizer latency --kind KIND": the distribution
 * of a kind of latency per task or number, the worst instances (with
 * --explain, what made each long), those over --threshold (exit status
 * 3), the histograms as text bars or a PNG.  The figures are the
 * library's (lttr_timing_compute(), lttr_explain()).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/lttr.h>
#include <lttr/analysis/explain.h>
#include <lttr/analysis/explain-hosts.h>
#include <lttr/analysis/timing.h>
#include <lttr/output/json-timing.h>
#include <lttr/output/timing-layout.h>
#include <lttr/output/timing-text.h>
#include "cli.h"
#include "plugin.h"

#define LABEL 34	/* the label column of the tables */
#define MAX_FOCUS 8	/* groups whose histogram and worst are shown */

static const char *const titles[LTTR_TIMING_KINDS] = {
	"Wakeup latency (a task woken, or a new task's first wakeup, until it runs) and\n"
	"preemption delay (switched out still runnable until it runs again)",
	"IRQ handler durations (entry to exit; nested irqs and the softirqs run at its\n"
	"exit included)",
	"Softirq handler durations (entry to exit, nested irqs included), and raise to\n"
	"entry where the trace records raises",
	"System call durations (entry to exit), and where their time went",
	"Timer activations of tasks that sleep until a deadline (nanosleep,\n"
	"clock_nanosleep) or read a timerfd: lateness, deadline to first run after\n"
	"the wakeup",
};

struct lctx {
	struct cli_opts *o;
	struct lttr_trace *t;
	struct lttr_timing *r;
	const struct lttr_timing_group *focus[MAX_FOCUS];
	size_t nfocus;
	struct lttr_explained *ex;	/* --explain: of the focus groups' worst */
	const struct lttr_timing_inst **exin;	/* ... the instance of each */
	/* several hosts: @t is host @host's trace of @h */
	const struct cli_hosts *h;
	size_t host;
	size_t nxh;			/* --explain, syscalls: the worst across the hosts */
	struct lttr_xh_span **xh;
	const struct lttr_timing_inst **xhin;
};

static bool has_numbers(unsigned int kind)
{
	return kind == LTTR_TIMING_SYSCALL || kind == LTTR_TIMING_IRQ ||
	       kind == LTTR_TIMING_SOFTIRQ;
}

/* "read", "local_timer (0xec)", "4 ttyS0", "wakeup (all tasks)" */
static const char *group_label(const struct lctx *x, const struct lttr_timing_group *g,
			       char *buf, size_t size)
{
	return lttr_timing_group_str(x->t, x->r, g, buf, size);
}

static const struct lttr_explanation *explained(void *arg, const struct lttr_timing_inst *in)
{
	const struct lctx *x = arg;
	size_t i;

	for (i = 0; x->ex && i < x->ex->n; i++) {
		const struct lttr_timing_inst *e = x->exin[i];

		if (e->start_ns == in->start_ns && e->end_ns == in->end_ns &&
		    e->pid == in->pid && e->cpu == in->cpu && e->sub == in->sub &&
		    e->what == in->what)
			return &x->ex->v[i];
	}
	return NULL;
}

/* the groups --what names, or the ones of every instance of each sub-kind */
static int choose_focus(struct lctx *x)
{
	const struct lttr_timing *r = x->r;
	const char *w = x->o->what;
	long nr = -1;
	int sub = -1;
	size_t i;

	if (w) {
		char *end;
		unsigned int s;

		for (s = 0; s < LTTR_SUB_COUNT; s++)
			if (!strcmp(w, lttr_timing_sub_name(s)))
				sub = (int)s;
		if (sub < 0) {
			nr = strtol(w, &end, 0);
			if (*end || nr < 0)
				nr = -1;
		}
		if (sub < 0 && nr < 0 && r->kind == LTTR_TIMING_SYSCALL)
			nr = lttr_syscall_lookup(w);
	}
	for (i = 0; i < r->ngroups && x->nfocus < MAX_FOCUS; i++) {
		const struct lttr_timing_group *g = &r->groups[i];
		char nb[32];
		bool match;

		if (!w || sub >= 0) {
			match = g->level == LTTR_TG_ALL && (sub < 0 || g->sub == sub);
		} else if (g->level != LTTR_TG_WHAT) {
			match = false;
		} else if (nr >= 0) {
			match = g->what == (uint32_t)nr;
		} else {	/* by name */
			match = !strcmp(lttr_timing_what_str(x->t, r->kind, g->what, g->sysvec,
							     nb, sizeof(nb)), w);
		}
		if (match && g->dist.lat.count)
			x->focus[x->nfocus++] = g;
	}
	if (w && !x->nfocus) {
		fprintf(stderr, "%s: --what %s: no %s instance of that name or number in the trace\n",
			cli_prog, w, lttr_timing_kind_name(r->kind));
		return EXIT_USAGE;
	}
	return 0;
}

/* a --pid the trace never shows is an error, as for the accounting's commands */
static int check_pids(const struct lctx *x)
{
	size_t i;

	for (i = 0; i < x->o->npids; i++) {
		if (!lttr_account_find(x->r->acct, x->o->pids[i])) {
			fprintf(stderr, "%s: --pid %u: no task %u in the trace\n", cli_prog,
				x->o->pids[i], x->o->pids[i]);
			return EXIT_USAGE;
		}
	}
	return 0;
}

/* --explain: one pass explains every worst instance of the focus groups */
static int explain_worst(struct lctx *x)
{
	struct lttr_ex_req *q;
	struct lttr_syms *syms;
	struct lttr_error err;
	size_t n = 0, i, k;
	bool unnamed;
	int r;

	for (i = 0; i < x->nfocus; i++)
		n += x->focus[i]->nworst;
	q = calloc(n ? n : 1, sizeof(*q));
	x->exin = calloc(n ? n : 1, sizeof(*x->exin));
	if (!q || !x->exin) {
		free(q);
		cli_trace_error("out of memory");
		return EXIT_TRACE;
	}
	for (i = 0, n = 0; i < x->nfocus; i++) {
		for (k = 0; k < x->focus[i]->nworst; k++) {
			x->exin[n] = &x->focus[i]->worst[k];
			lttr_ex_req_of(x->exin[n], &q[n]);
			n++;
		}
	}
	if (lttr_explain(x->t, q, n, &x->ex, &err) < 0) {
		free(q);
		cli_trace_error(err.msg);
		return EXIT_TRACE;
	}
	free(q);
	/* the stacks of each block an explanation holds (traced --stacks) */
	if (cli_open_stack_syms(x->o, x->t, &syms, &unnamed) < 0)
		return 1;
	r = lttr_explained_stacks(x->t, x->ex, syms, &err);
	cli_close_syms(syms);
	if (r < 0) {
		cli_trace_error(err.msg);
		return EXIT_TRACE;
	}
	/* every instance explained is shown: warn when one shows a stack */
	for (i = 0; unnamed && i < x->ex->n; i++)
		for (k = 0; x->ex->v[i].stacks && k < x->ex->v[i].n; k++)
			if (cli_block_stacks_shown(&x->ex->v[i].stacks[k])) {
				cli_warn_no_syms(x->o);
				return 0;
			}
	return 0;
}

static void print_inst(const struct lctx *x, const struct lttr_timing_inst *in,
		       const char *indent)
{
	const struct lttr_account *a = x->r->acct;
	const struct lttr_explanation *e;
	char buf[256];

	lttr_timing_inst_str(x->t, x->r, in, buf, sizeof(buf));
	printf("%s%.9f s %12.3f us  %u %s cpu %u%s%s\n", indent, tt_rel(x->t, in->start_ns),
	       (double)(in->end_ns - in->start_ns) / 1e3, in->pid,
	       lttr_timing_task_name(a, in->pid), in->cpu, buf[0] ? "  " : "", buf);
	e = explained((void *)x, in);
	if (e)
		tt_explanation(x->t, a, e, "      ", 12);
}

/* beside a group's figures: its waits of unknown length, not in them */
static void print_unknown(const struct lttr_timing_group *g)
{
	if (g->unknown)
		printf("  %*s (and %" PRIu64 " wait%s of unknown length, not counted: a CPU without data may have run the task)\n",
		       LABEL, "", g->unknown, g->unknown == 1 ? "" : "s");
}

static void print_table(const struct lctx *x)
{
	const struct lttr_timing *r = x->r;
	char buf[64];
	size_t i, k;

	tt_dist_head(LABEL);
	for (i = 0; i < r->ngroups; i++) {
		const struct lttr_timing_group *g = &r->groups[i];
		/* under each sub-kind's total, its groups per number or task */
		unsigned int child = has_numbers(r->kind) ? LTTR_TG_WHAT : LTTR_TG_TASK;

		if (g->level != LTTR_TG_ALL)
			continue;
		tt_dist_row(LABEL, group_label(x, g, buf, sizeof(buf)), &g->dist);
		print_unknown(g);
		for (k = 0; k < r->ngroups; k++) {
			const struct lttr_timing_group *c = &r->groups[k];
			char lb[80];

			if (c->level != child || c->sub != g->sub)
				continue;
			snprintf(lb, sizeof(lb), "  %s", group_label(x, c, buf, sizeof(buf)));
			tt_dist_row(LABEL, lb, &c->dist);
			print_unknown(c);
		}
	}
	/* a syscall --what: its tasks */
	for (i = 0; r->kind == LTTR_TIMING_SYSCALL && x->o->what && i < x->nfocus; i++) {
		for (k = 0; k < r->ngroups; k++) {
			const struct lttr_timing_group *c = &r->groups[k];
			char lb[80];

			if (c->level != LTTR_TG_TASK || c->what != x->focus[i]->what)
				continue;
			snprintf(lb, sizeof(lb), "  %s %u %s",
				 lttr_timing_what_str(x->t, r->kind, c->what, false, buf, sizeof(buf)),
				 c->pid, lttr_timing_task_name(r->acct, c->pid));
			tt_dist_row(LABEL, lb, &c->dist);
		}
	}
}

/* syscalls: where the time of the calls went */
static void print_parts(const struct lctx *x)
{
	const struct lttr_timing *r = x->r;
	char buf[64];
	unsigned int p;
	size_t i;

	printf("\nWhere the calls' time went (ms): on a CPU in the call, in traps, interrupted\n"
	       "by irqs and softirqs, runnable, blocked by reason:\n");
	printf("  %-*s %12s %10s %10s %10s %10s %10s  %s\n", LABEL, "", "total", "cpu",
	       "trap", "irq", "softirq", "runnable", "blocked");
	for (i = 0; i < r->ngroups; i++) {
		const struct lttr_timing_group *g = &r->groups[i];
		char bl[160];
		size_t n = 0;

		if (g->level == LTTR_TG_TASK)
			continue;
		bl[0] = '\0';
		for (p = LTTR_PART_BLOCKED; p < LTTR_PART_COUNT && n < sizeof(bl); p++)
			if (g->part[p])
				n += (size_t)snprintf(bl + n, sizeof(bl) - n, "%s%s %.3f",
						      n ? ", " : "",
						      lttr_block_name(p - LTTR_PART_BLOCKED),
						      (double)g->part[p] / 1e6);
		printf("  %-*s %12.3f %10.3f %10.3f %10.3f %10.3f %10.3f  %s\n", LABEL,
		       group_label(x, g, buf, sizeof(buf)), (double)g->dist.lat.total / 1e6,
		       (double)g->part[LTTR_PART_CPU] / 1e6, (double)g->part[LTTR_PART_TRAP] / 1e6,
		       (double)g->part[LTTR_PART_INTR] / 1e6,
		       (double)g->part[LTTR_PART_SOFTIRQ] / 1e6,
		       (double)g->part[LTTR_PART_RUNNABLE] / 1e6, n ? bl : "-");
	}
}

/* timers: the periods and the sleeps that were not activations */
static void print_periods(const struct lctx *x)
{
	const struct lttr_timing *r = x->r;
	char buf[64];
	size_t i;

	printf("\nPeriods (us): expected, from consecutive deadlines; actual, from consecutive\n"
	       "runs; sleeps with nothing left to wait (zero_left: a sleep of 0, or a deadline\n"
	       "already passed), sleeps that ended before the deadline or without a wakeup,\n"
	       "timerfd expiries missed (counted by a read after the first):\n");
	printf("  %-*s %11s %11s %11s %11s %11s %9s %8s %8s\n", LABEL, "", "expected_p50",
	       "actual_min", "actual_p50", "actual_max", "act_stddev", "zero_left", "early",
	       "missed");
	for (i = 0; i < r->ngroups; i++) {
		const struct lttr_timing_group *g = &r->groups[i];

		if (g->level != LTTR_TG_TASK)
			continue;
		printf("  %-*s %11.3f %11.3f %11.3f %11.3f %11.3f %9" PRIu64 " %8" PRIu64
		       " %8" PRIu64 "\n",
		       LABEL, group_label(x, g, buf, sizeof(buf)), (double)g->period.p50 / 1e3,
		       (double)g->actual.lat.min / 1e3, (double)g->actual.p50 / 1e3,
		       (double)g->actual.lat.max / 1e3, (double)g->actual.stddev / 1e3,
		       g->zero_left, g->early, g->missed);
	}
}

static void print_text(const struct lctx *x)
{
	const struct lttr_timing *r = x->r;
	char buf[64];
	size_t i, k;

	printf("%s:\n", titles[r->kind]);
	if (r->from_ns > lttr_trace_window_start(x->t) || r->to_ns < lttr_trace_end_ns(x->t))
		printf("Window: %.9f s to %.9f s after the trace's start: the instances that start\n"
		       " and end in it\n", tt_rel(x->t, r->from_ns), tt_rel(x->t, r->to_ns));
	if (!r->ngroups) {
		printf("  no instance in the trace\n");
	} else {
		print_table(x);
		if (r->kind == LTTR_TIMING_SYSCALL)
			print_parts(x);
		if (r->kind == LTTR_TIMING_TIMER)
			print_periods(x);
	}
	if (r->kind == LTTR_TIMING_SOFTIRQ && !r->raises)
		printf("\n(raise to entry: the trace does not record softirq raises, format 1.4)\n");
	for (i = 0; i < x->nfocus; i++) {
		const struct lttr_timing_group *g = x->focus[i];

		printf("\nHistogram of %s (log2 buckets):\n", group_label(x, g, buf, sizeof(buf)));
		tt_hist("  ", &g->dist);
		if (!g->nworst)
			continue;
		printf("\nThe %zu worst of %s (start, duration, task, cpu):\n", g->nworst,
		       group_label(x, g, buf, sizeof(buf)));
		for (k = 0; k < g->nworst; k++)
			print_inst(x, &g->worst[k], "  ");
	}
	if (x->o->has_threshold) {
		printf("\n%zu instance%s longer than %.3f us%s\n", r->nover, r->nover == 1 ? "" : "s",
		       (double)x->o->threshold_ns / 1e3, r->nover ? ":" : ".");
		for (i = 0; i < r->nover; i++)
			print_inst(x, &r->over[i], "  ");
	}
	if (r->unmatched)
		fprintf(stderr, "%s: warning: %" PRIu64 " instance%s whose parts do not add up to the duration (contradictory events)\n",
			cli_prog, r->unmatched, r->unmatched == 1 ? "" : "s");
}

static int png(const struct lctx *x)
{
	const char *labels[MAX_FOCUS];
	const struct lttr_dist *d[MAX_FOCUS];
	char buf[MAX_FOCUS][96];
	struct lttr_error err;
	const struct cli_cairo_ops *cairo;
	size_t i;

	for (i = 0; i < x->nfocus; i++) {
		char lb[64];

		snprintf(buf[i], sizeof(buf[i]), "%s: %s", lttr_timing_kind_name(x->r->kind),
			 group_label(x, x->focus[i], lb, sizeof(lb)));
		labels[i] = buf[i];
		d[i] = &x->focus[i]->dist;
	}
	cairo = cli_cairo(&err);
	if (!cairo)
		cli_trace_error(err.msg);
	if (!cairo || cairo->hist_png(x->o->png, labels, d, x->nfocus)) {
		fprintf(stderr, "%s: %s: could not write the PNG\n", cli_prog, x->o->png);
		return EXIT_TRACE;
	}
	return 0;
}

/* several hosts, --explain of syscalls: the focus groups' worst across the hosts */
static int explain_across(struct lctx *x)
{
	const struct lttr_sync_model *m = x->h->model;
	struct lttr_error err;
	size_t n = 0, i, k;

	for (i = 0; i < x->nfocus; i++)
		n += x->focus[i]->nworst;
	x->xh = calloc(n + 1, sizeof(*x->xh));
	x->xhin = calloc(n + 1, sizeof(*x->xhin));
	if (!x->xh || !x->xhin) {
		cli_trace_error("out of memory");
		return EXIT_TRACE;
	}
	for (i = 0; i < x->nfocus; i++) {
		for (k = 0; k < x->focus[i]->nworst; k++) {
			const struct lttr_timing_inst *in = &x->focus[i]->worst[k];

			if (lttr_explain_span_hosts(x->h->t, x->h->n, m, x->host, in->pid,
						    lttr_sync_to_ref_ns(m, x->host, in->start_ns),
						    lttr_sync_to_ref_ns(m, x->host, in->end_ns),
						    &x->xh[x->nxh], &err) < 0) {
				fprintf(stderr, "%s: latency --explain across hosts: %s\n", cli_prog,
					err.msg);
				return EXIT_TRACE;
			}
			x->xhin[x->nxh++] = in;
		}
	}
	return 0;
}

static void json_across(struct lttr_json *j, const struct lctx *x)
{
	const struct lttr_sync_model *m = x->h->model;
	size_t i;

	lttr_json_key(j, "host");
	lttr_json_u64(j, x->host);
	lttr_json_key(j, "host_name");
	lttr_json_string(j, x->h->name[x->host]);
	lttr_json_key(j, "accuracy_ns");
	lttr_json_u64(j, lttr_sync_accuracy_ns(m, x->host));
	lttr_json_key(j, "across_hosts");
	lttr_json_begin_array(j);
	for (i = 0; i < x->nxh; i++) {
		const struct lttr_timing_inst *in = x->xhin[i];

		lttr_json_begin_object(j);
		lttr_json_kv_u64(j, "pid", in->pid);
		lttr_json_kv_u64(j, "what", in->what);
		lttr_json_kv_u64(j, "start_ns", in->start_ns);
		lttr_json_kv_u64(j, "end_ns", in->end_ns);
		lttr_json_kv_u64(j, "ref_start_ns", lttr_sync_to_ref_ns(m, x->host, in->start_ns));
		lttr_json_kv_u64(j, "ref_end_ns", lttr_sync_to_ref_ns(m, x->host, in->end_ns));
		lttr_json_key(j, "explained");
		lttr_json_xh_span(j, x->h->name, x->xh[i]);
		lttr_json_end_object(j);
	}
	lttr_json_end_array(j);
}

static void print_across(const struct lctx *x)
{
	const struct lttr_sync_model *m = x->h->model;
	char buf[64];
	size_t i;

	for (i = 0; i < x->nxh; i++) {
		const struct lttr_timing_inst *in = x->xhin[i];

		printf("\nAcross the hosts: %s of %u %s at %.9f s (on the clock of host 0, %s), %.3f us:\n",
		       lttr_timing_what_str(x->t, x->r->kind, in->what, false, buf, sizeof(buf)),
		       in->pid, lttr_timing_task_name(x->r->acct, in->pid),
		       tt_rel(x->h->t[0], lttr_sync_to_ref_ns(m, x->host, in->start_ns)),
		       x->h->name[0], (double)lttr_timing_inst_ns(in) / 1e3);
		cli_print_xh_span(x->h, x->xh[i], "  ");
	}
}

int cmd_latency(struct cli_opts *o)
{
	struct lttr_timing_query q;
	struct lttr_error err;
	struct cli_hosts h;
	struct lttr_json j;
	struct lctx x;
	uint64_t from, to;
	size_t i;
	int st;

	if (o->kind < 0)
		return cli_needs("latency", "--kind (wakeup, irq, softirq, syscall or timer)");
	memset(&x, 0, sizeof(x));
	memset(&h, 0, sizeof(h));
	x.o = o;
	if (o->noperands || (o->dir && cli_is_merged(o->dir))) {
		/* several hosts: host K's latencies, on its clock; --from, --to on the reference's */
		if (o->png)
			return cli_needs("latency --png", "one trace");
		st = cli_hosts_load_host(o, &h);
		if (st)
			return st;
		x.h = &h;
		x.host = o->host;
		x.t = h.t[o->host];	/* closed by cli_finish() or cli_fail(), not by cli_hosts_free() */
		cli_window(o, h.t[0], &from, &to);
		if (o->has_from)
			from = lttr_sync_from_ref_ns(h.model, x.host, from);
		if (o->has_to)
			to = lttr_sync_from_ref_ns(h.model, x.host, to);
	} else {
		if (o->host_set && o->host)
			return cli_needs("latency --host K", "several hosts' traces or merge's set");
		st = cli_open(o, &x.t);
		if (st)
			return st;
		cli_window(o, x.t, &from, &to);
	}
	memset(&q, 0, sizeof(q));
	q.kind = (unsigned int)o->kind;
	q.from_ns = from;
	q.to_ns = to;
	q.pids = o->npids ? o->pids : NULL;
	q.npids = o->npids;
	q.nworst = o->worst;
	q.threshold_ns = o->threshold_ns;
	q.has_threshold = o->has_threshold;
	q.all = o->instances;
	if (lttr_timing_compute(x.t, &q, &x.r, &err) < 0) {
		if (x.h)
			h.t[x.host] = NULL;
		st = cli_fail(x.t, &err, "--kind");
		cli_hosts_free(&h);
		return st;
	}
	st = check_pids(&x);
	if (!st)
		st = choose_focus(&x);
	if (!st && o->explain)
		st = explain_worst(&x);
	if (!st && o->explain && x.h && x.r->kind == LTTR_TIMING_SYSCALL)
		st = explain_across(&x);
	if (!st && o->png)
		st = png(&x);
	if (!st && o->json) {
		cli_json_begin(&j, o, x.t);
		lttr_json_key(&j, "threshold_ns");
		if (o->has_threshold)
			lttr_json_u64(&j, o->threshold_ns);
		else
			lttr_json_null(&j);
		lttr_json_timing(&j, x.t, x.r, explained, &x);
		if (x.h)
			json_across(&j, &x);
		cli_json_end(&j, o);
	} else if (!st) {
		if (x.h)
			printf("Host %zu (%s), its latencies on its own clock:\n", x.host,
			       h.name[x.host]);
		print_text(&x);
		if (x.h && o->explain && x.r->kind != LTTR_TIMING_SYSCALL)
			printf("\n(across the hosts, --explain follows system calls only: --kind syscall)\n");
		if (x.h)
			print_across(&x);
	}
	for (i = 0; !st && i < x.nxh; i++)
		cli_warn_xh_span(x.xh[i]);
	if (!st && o->has_threshold && x.r->nover)
		st = EXIT_THRESHOLD;
	lttr_explained_free(x.ex);
	free(x.exin);
	for (i = 0; i < x.nxh; i++)
		lttr_xh_span_free(x.xh[i]);
	free(x.xh);
	free(x.xhin);
	if (x.h)
		h.t[x.host] = NULL;
	st = cli_finish(x.t, x.r->acct, st);
	x.r->acct = NULL;	/* cli_finish() freed it */
	lttr_timing_free(x.r);
	cli_hosts_free(&h);
	return st;
}
