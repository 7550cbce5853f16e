// SPDX-License-Identifier: GPL-2.0
/*
 * cmd-jobs.c - "tracevisualizer jobs TRACEDIR [--deadline D] [--periodic]
 * [--png FILE]": the jobs of the application markers and, with
 * --periodic, of the periodic tasks without markers, one per timer
 * release (lttr_jobs_compute_query()): per name the distributions of
 * execution, response, jitter, interference and preemptions; with a
 * deadline (--deadline, or a periodic task's period) the misses, each
 * split into the parts of its response (exit status 3 when there is
 * one); the bad markers and timers as warnings; --png draws each job
 * (jobspng.c); --load the CPU load over the whole trace or, with --from,
 * --to or --window, over that part (lttr_load_compute_range()).  The JSON
 * is lttr_json_jobs()'s.
 */
#include <inttypes.h>
#include <stdio.h>
#include <lttr/lttr.h>
#include <lttr/analysis/jobs.h>
#include <lttr/analysis/load.h>
#include <lttr/analysis/share.h>
#include <lttr/output/json-jobs.h>
#include <lttr/output/json-load.h>
#include <lttr/output/timing-text.h>
#include <lttr/output/timing-layout.h>
#include "cli.h"
#include "plugin.h"

static void dist_row(const char *what, const struct lttr_dist *d)
{
	printf("  %-12s %12.3f %12.3f %12.3f %12.3f %12.3f\n", what, (double)d->lat.min / 1e3,
	       (double)d->p50 / 1e3, (double)d->p90 / 1e3, (double)d->p99 / 1e3,
	       (double)d->lat.max / 1e3);
}

/* a distribution of counts */
static void count_row(const char *what, const struct lttr_dist *d)
{
	printf("  %-12s %12" PRIu64 " %12" PRIu64 " %12" PRIu64 " %12" PRIu64 " %12" PRIu64 "\n",
	       what, d->lat.min, d->p50, d->p90, d->p99, d->lat.max);
}

/* a job's parts, as a miss is explained */
static void print_job(const struct lttr_trace *t, const struct lttr_jobs *r,
		      const struct lttr_job *jb)
{
	char who[64];
	size_t k;

	if (r->names[jb->name].source == LTTR_JOB_TIMER)
		printf("  %s released at %.9f s, first run %.3f us later, deadline %.3f us%s\n",
		       r->names[jb->name].name, tt_rel(t, jb->begin_ns),
		       (double)(jb->start_ns - jb->begin_ns) / 1e3, (double)jb->deadline_ns / 1e3,
		       jb->missed ? " (releases missed)" : "");
	printf("  %s task %u at %.9f s: response %.3f us = exec %.3f + runnable %.3f + irq %.3f"
	       " + softirq %.3f + blocked %.3f + unknown %.3f us; %" PRIu64 " preemption%s\n",
	       r->names[jb->name].name, jb->tid, tt_rel(t, jb->begin_ns),
	       (double)(jb->end_ns - jb->begin_ns) / 1e3, (double)jb->exec_ns / 1e3,
	       (double)jb->runnable_ns / 1e3, (double)jb->irq_ns / 1e3,
	       (double)jb->softirq_ns / 1e3, (double)jb->blocked_ns / 1e3,
	       (double)jb->unknown_ns / 1e3, jb->preemptions, jb->preemptions == 1 ? "" : "s");
	if (jb->overrun_ns)
		printf("      + the previous job overrunning  %12.3f us\n", (double)jb->overrun_ns / 1e3);
	for (k = 0; k < LTTR_BLOCK_COUNT; k++)
		if (jb->blocked[k])
			printf("      blocked %-12s %12.3f us\n", lttr_block_name((unsigned int)k),
			       (double)jb->blocked[k] / 1e3);
	for (k = 0; k < jb->nby; k++) {
		const struct lttr_job_by *b = &jb->by[k];

		if (b->runnable_ns)
			printf("      runnable behind %-20s %12.3f us\n",
			       lttr_job_by_name(r, b, who, sizeof(who)), (double)b->runnable_ns / 1e3);
		if (b->over_ns)
			printf("      interrupted by %-21s %12.3f us\n",
			       lttr_job_by_name(r, b, who, sizeof(who)), (double)b->over_ns / 1e3);
	}
}

static void print_text(const struct lttr_trace *t, const struct lttr_jobs *r)
{
	bool deadlines = r->deadline_ns != 0;
	size_t i;

	if (!r->nnames && r->periodic)
		printf("No jobs: the trace has no begin/end markers and no periodic task "
		       "(two timer releases or more)\n");
	else if (!r->nnames)
		printf("No jobs: the trace has no begin/end markers (libltt-marker, ltt_mark_begin())\n");
	if (r->nskipped)
		printf("(%zu task%s with timer releases and markers: %s jobs are the markers')\n",
		       r->nskipped, r->nskipped == 1 ? "" : "s", r->nskipped == 1 ? "its" : "their");
	for (i = 0; i < r->nnames; i++) {
		const struct lttr_job_name *n = &r->names[i];

		if (n->source == LTTR_JOB_TIMER) {
			deadlines = deadlines || n->deadline_ns;
			printf("Periodic task %s (%s): %zu job%s of %zu releases, period %.3f us (%s)",
			       n->name, n->timerfd ? "timerfd" : "nanosleep", n->count,
			       n->count == 1 ? "" : "s", n->releases, (double)n->period_ns / 1e3,
			       n->interval_ns ? "the timerfd's interval" : "the median release spacing");
			if (n->deadline_ns)
				printf(", deadline %.3f us, %zu over it", (double)n->deadline_ns / 1e3,
				       n->misses);
		} else {
			printf("Job %s: %zu job%s, period %.3f us", n->name, n->count,
			       n->count == 1 ? "" : "s", (double)n->period_ns / 1e3);
			if (r->deadline_ns)
				printf(", %zu over the deadline", n->misses);
		}
		printf("\n  %-12s %12s %12s %12s %12s %12s\n", "us", "min", "p50", "p90", "p99",
		       "max");
		if (n->source == LTTR_JOB_TIMER)
			dist_row("start", &n->start);
		dist_row("execution", &n->exec);
		dist_row("response", &n->response);
		dist_row("jitter", &n->jitter);
		dist_row("runnable", &n->runnable);
		dist_row("irq", &n->irq);
		dist_row("softirq", &n->softirq);
		dist_row("blocked", &n->blocked);
		dist_row("unknown", &n->unknown);
		count_row("preemptions", &n->preemptions);
	}
	if (r->deadline_ns)
		printf("Deadline %.3f us: %zu miss%s\n", (double)r->deadline_ns / 1e3, r->misses,
		       r->misses == 1 ? "" : "es");
	else if (deadlines)
		printf("Deadlines (the periodic tasks' periods): %zu miss%s\n", r->misses,
		       r->misses == 1 ? "" : "es");
	if (deadlines) {
		for (i = 0; i < r->njobs; i++)
			if (r->jobs[i].miss)
				print_job(t, r, &r->jobs[i]);
	}
}

#define LOAD_TASKS 4	/* the busiest tasks with a column in the text */

/* --load as text: one line per bin, the CPUs' and the busiest tasks' load in % */
static void print_load(const struct lttr_load *l)
{
	uint64_t at = l->start_ns - (l->acct ? l->acct->trace_start_ns : l->start_ns);
	unsigned int c, i;
	char what[96];
	size_t k;

	printf("CPU load over %s in %u bins of %.3f us (%% of the bin; tasks: their own code)\n",
	       lttr_load_title(l, what, sizeof(what)), l->nbins, (double)l->bin_ns[0] / 1e3);
	printf("%12s", "from_s");
	for (c = 0; c < l->ncpus; c++)
		printf("  cpu%-4u", c);
	for (k = 0; k < l->ntasks && k < LOAD_TASKS; k++)
		printf("  %.10s-%u", lttr_timing_task_name(l->acct, l->tasks[k].pid),
		       l->tasks[k].pid);
	printf("\n");
	for (i = 0; i < l->nbins; at += l->bin_ns[i], i++) {
		printf("%12.9f", (double)at / 1e9);
		for (c = 0; c < l->ncpus; c++)
			printf("  %6.1f%s",
			       lttr_share_pct(l->busy_ns[(size_t)c * l->nbins + i], l->bin_ns[i]),
			       l->unknown_ns[(size_t)c * l->nbins + i] ? "?" : " ");
		for (k = 0; k < l->ntasks && k < LOAD_TASKS; k++)
			printf("  %*.1f", (int)snprintf(NULL, 0, "%.10s-%u",
				lttr_timing_task_name(l->acct, l->tasks[k].pid), l->tasks[k].pid),
			       lttr_share_pct(l->tasks[k].ns[i], l->bin_ns[i]));
		printf("\n");
	}
	for (i = 0; i < l->ncpus * l->nbins && !l->unknown_ns[i]; i++)
		;
	if (i < l->ncpus * l->nbins)
		printf("('?': the CPU had no data for part of the bin, counted busy)\n");
}

/* --load */
static int load(const struct cli_opts *o, struct lttr_trace *t)
{
	struct lttr_load *l;
	struct lttr_error err;
	struct lttr_json j;
	uint64_t from, to;
	int st;

	cli_window(o, t, &from, &to);
	if (lttr_load_compute_range(t, from, to, (unsigned int)o->width, &l, &err) < 0)
		return cli_fail(t, &err, "--load");
	if (o->json) {
		cli_json_begin(&j, o, t);
		lttr_json_key(&j, "load");
		lttr_json_load(&j, l);
		cli_json_end(&j, o);
	} else {
		print_load(l);
	}
	st = cli_finish(t, l->acct, 0);
	l->acct = NULL;	/* cli_finish() freed it */
	lttr_load_free(l);
	return st;
}

int cmd_jobs(struct cli_opts *o)
{
	struct lttr_trace *t;
	struct lttr_jobs *r;
	struct lttr_error err;
	struct lttr_json j;
	struct lttr_jobs_query q = { .periodic = o->periodic };
	char text[1400];
	size_t i;
	int st, png_st;

	if (o->load && (o->has_deadline || o->periodic || o->png))
		return cli_needs("jobs --load", "no --deadline, --periodic or --png (the load has no jobs)");
	if (!o->load && (o->has_from || o->has_to))
		return cli_needs("jobs", "--load with --from, --to or --window (the jobs are the whole trace's)");
	st = cli_open(o, &t);
	if (st)
		return st;
	if (o->load)
		return load(o, t);
	if (lttr_jobs_compute_query(t, &q, &r, &err) < 0)
		return cli_fail(t, &err, "jobs");
	lttr_jobs_deadline(r, o->has_deadline ? o->deadline_ns : 0);
	if (o->json) {
		cli_json_begin(&j, o, t);
		lttr_json_key(&j, "jobs");
		lttr_json_jobs(&j, t, r);
		cli_json_end(&j, o);
	} else {
		print_text(t, r);
	}
	fflush(stdout);
	for (i = 0; i < r->nwarn; i++) {	/* the JSON has them too */
		lttr_job_warn_text(r, &r->warn[i], text, sizeof(text));
		fprintf(stderr, "%s: warning: %s\n", cli_prog, text);
	}
	png_st = 0;
	if (o->png) {
		const struct cli_cairo_ops *cairo = cli_cairo(&err);

		if (!cairo)
			cli_trace_error(err.msg);
		if (!cairo || cairo->jobs_png(o->png, r)) {
			fprintf(stderr, "%s: %s: could not write the PNG\n", cli_prog, o->png);
			png_st = 1;
		}
	}
	st = cli_finish(t, r->acct, png_st ? png_st : r->misses ? EXIT_THRESHOLD : 0);
	r->acct = NULL;	/* cli_finish() freed it */
	lttr_jobs_free(r);
	return st;
}
