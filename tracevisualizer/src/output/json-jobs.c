// SPDX-License-Identifier: GPL-2.0
/*
 * json-jobs.c - the JOBS object of "tracevisualizer jobs --json"
 * (docs/json-schema.md): per name, the distributions; every job with the
 * parts of its response time and their culprits; the warnings.
 */
#include <stdio.h>
#include <lttr/analysis/account.h>
#include <lttr/output/json-jobs.h>
#include <lttr/output/json-timing.h>
#include <lttr/output/timing-text.h>
#include <lttr/reader/trace.h>

const char *lttr_job_by_name(const struct lttr_jobs *r, const struct lttr_job_by *b,
			     char *buf, size_t size)
{
	switch (b->who) {
	case LTTR_JOB_BY_TASK:
		if (b->pid)
			snprintf(buf, size, "%s-%u", lttr_timing_task_name(r->acct, b->pid), b->pid);
		else
			snprintf(buf, size, "idle");
		break;
	case LTTR_JOB_BY_IRQ:
		snprintf(buf, size, "%s %u", b->sysvec ? "vector" : "irq", b->what);
		break;
	case LTTR_JOB_BY_SOFTIRQ:
		snprintf(buf, size, "softirq %u", b->what);
		break;
	default:
		snprintf(buf, size, "unknown");
		break;
	}
	return buf;
}

static const char *const who_names[] = { "task", "irq", "softirq", "unknown" };

static void counts(struct lttr_json *j, const struct lttr_dist *d)
{
	lttr_json_begin_object(j);
	lttr_json_kv_u64(j, "min", d->lat.min);
	lttr_json_kv_u64(j, "p50", d->p50);
	lttr_json_kv_u64(j, "p90", d->p90);
	lttr_json_kv_u64(j, "p99", d->p99);
	lttr_json_kv_u64(j, "max", d->lat.max);
	lttr_json_kv_u64(j, "total", d->lat.total);
	lttr_json_end_object(j);
}

static void job(struct lttr_json *j, const struct lttr_trace *t, const struct lttr_jobs *r,
		const struct lttr_job *jb)
{
	uint64_t t0 = lttr_trace_window_start(t);
	char name[64];
	size_t k;

	lttr_json_begin_object(j);
	lttr_json_kv_str(j, "name", r->names[jb->name].name);
	lttr_json_kv_u64(j, "pid", jb->pid);
	lttr_json_kv_u64(j, "tid", jb->tid);
	lttr_json_kv_u64(j, "begin_ns", jb->begin_ns - (jb->begin_ns > t0 ? t0 : jb->begin_ns));
	lttr_json_kv_u64(j, "end_ns", jb->end_ns - (jb->end_ns > t0 ? t0 : jb->end_ns));
	lttr_json_kv_str(j, "source", r->names[jb->name].source == LTTR_JOB_TIMER ? "timer" : "marker");
	lttr_json_key(j, "start_ns");
	if (r->names[jb->name].source == LTTR_JOB_TIMER)
		lttr_json_u64(j, jb->start_ns - (jb->start_ns > t0 ? t0 : jb->start_ns));
	else
		lttr_json_null(j);
	if (r->names[jb->name].source == LTTR_JOB_TIMER) {
		lttr_json_kv_u64(j, "missed", jb->missed);
		lttr_json_kv_u64(j, "period_ns", jb->period_ns);
	}
	lttr_json_key(j, "deadline_ns");
	if (jb->deadline_ns)
		lttr_json_u64(j, jb->deadline_ns);
	else
		lttr_json_null(j);
	lttr_json_kv_u64(j, "response_ns", jb->end_ns - jb->begin_ns);
	lttr_json_kv_u64(j, "exec_ns", jb->exec_ns);
	lttr_json_kv_u64(j, "interference_ns", lttr_job_interference_ns(jb));
	lttr_json_kv_u64(j, "runnable_ns", jb->runnable_ns);
	lttr_json_kv_u64(j, "irq_ns", jb->irq_ns);
	lttr_json_kv_u64(j, "softirq_ns", jb->softirq_ns);
	lttr_json_kv_u64(j, "blocked_ns", jb->blocked_ns);
	lttr_json_kv_u64(j, "unknown_ns", jb->unknown_ns);
	lttr_json_kv_u64(j, "overrun_ns", jb->overrun_ns);
	lttr_json_key(j, "blocked_by_reason");
	lttr_json_begin_object(j);
	for (k = 0; k < LTTR_BLOCK_COUNT; k++)
		if (jb->blocked[k])
			lttr_json_kv_u64(j, lttr_block_name((unsigned int)k), jb->blocked[k]);
	lttr_json_end_object(j);
	lttr_json_kv_u64(j, "preemptions", jb->preemptions);
	lttr_json_key(j, "jitter_ns");
	if (jb->jitter)
		lttr_json_u64(j, jb->jitter_ns);
	else
		lttr_json_null(j);
	lttr_json_kv_bool(j, "nested", jb->nested);
	lttr_json_kv_bool(j, "miss", jb->miss);
	lttr_json_key(j, "by");
	lttr_json_begin_array(j);
	for (k = 0; k < jb->nby; k++) {
		const struct lttr_job_by *b = &jb->by[k];

		lttr_json_begin_object(j);
		lttr_json_kv_str(j, "who", who_names[b->who < 4 ? b->who : 3]);
		if (b->who == LTTR_JOB_BY_TASK)
			lttr_json_kv_u64(j, "pid", b->pid);
		if (b->who == LTTR_JOB_BY_IRQ || b->who == LTTR_JOB_BY_SOFTIRQ)
			lttr_json_kv_u64(j, "number", b->what);
		if (b->who == LTTR_JOB_BY_IRQ)
			lttr_json_kv_bool(j, "sysvec", b->sysvec);
		lttr_json_kv_str(j, "label", lttr_job_by_name(r, b, name, sizeof(name)));
		lttr_json_kv_u64(j, "runnable_ns", b->runnable_ns);
		lttr_json_kv_u64(j, "over_ns", b->over_ns);
		lttr_json_end_object(j);
	}
	lttr_json_end_array(j);
	lttr_json_end_object(j);
}

void lttr_json_jobs(struct lttr_json *j, const struct lttr_trace *t, const struct lttr_jobs *r)
{
	char text[1400];
	size_t i;

	lttr_json_begin_object(j);
	lttr_json_key(j, "deadline_ns");
	if (r->deadline_ns)
		lttr_json_u64(j, r->deadline_ns);
	else
		lttr_json_null(j);
	lttr_json_kv_u64(j, "misses", r->misses);
	lttr_json_kv_bool(j, "periodic", r->periodic);
	lttr_json_kv_u64(j, "skipped_tasks", r->nskipped);
	lttr_json_key(j, "names");
	lttr_json_begin_array(j);
	for (i = 0; i < r->nnames; i++) {
		const struct lttr_job_name *n = &r->names[i];

		lttr_json_begin_object(j);
		lttr_json_kv_str(j, "name", n->name);
		lttr_json_kv_str(j, "source", n->source == LTTR_JOB_TIMER ? "timer" : "marker");
		lttr_json_kv_u64(j, "count", n->count);
		lttr_json_kv_u64(j, "period_ns", n->period_ns);
		if (n->source == LTTR_JOB_TIMER) {
			lttr_json_kv_u64(j, "tid", n->tid);
			lttr_json_kv_str(j, "timer", n->timerfd ? "timerfd" : "nanosleep");
			lttr_json_kv_str(j, "period_from", n->interval_ns ? "interval" : "spacing");
			lttr_json_kv_u64(j, "releases", n->releases);
			lttr_json_key(j, "start");
			lttr_json_dist(j, &n->start);
		}
		lttr_json_key(j, "deadline_ns");
		if (n->deadline_ns)
			lttr_json_u64(j, n->deadline_ns);
		else
			lttr_json_null(j);
		lttr_json_kv_u64(j, "misses", n->misses);
		lttr_json_key(j, "exec");
		lttr_json_dist(j, &n->exec);
		lttr_json_key(j, "response");
		lttr_json_dist(j, &n->response);
		lttr_json_key(j, "jitter");
		lttr_json_dist(j, &n->jitter);
		lttr_json_key(j, "runnable");
		lttr_json_dist(j, &n->runnable);
		lttr_json_key(j, "irq");
		lttr_json_dist(j, &n->irq);
		lttr_json_key(j, "softirq");
		lttr_json_dist(j, &n->softirq);
		lttr_json_key(j, "blocked");
		lttr_json_dist(j, &n->blocked);
		lttr_json_key(j, "unknown");
		lttr_json_dist(j, &n->unknown);
		lttr_json_key(j, "preemptions");
		counts(j, &n->preemptions);
		lttr_json_end_object(j);
	}
	lttr_json_end_array(j);
	lttr_json_key(j, "jobs");
	lttr_json_begin_array(j);
	for (i = 0; i < r->njobs; i++)
		job(j, t, r, &r->jobs[i]);
	lttr_json_end_array(j);
	lttr_json_key(j, "warnings");
	lttr_json_begin_array(j);
	for (i = 0; i < r->nwarn; i++) {
		lttr_json_begin_object(j);
		lttr_json_kv_str(j, "kind", lttr_job_warn_name(r->warn[i].kind));
		lttr_json_kv_u64(j, "tid", r->warn[i].tid);
		lttr_json_kv_str(j, "name", r->warn[i].name);
		if (r->warn[i].kind == LTTR_JW_PERIOD_CHANGE) {
			lttr_json_kv_u64(j, "period_ns", r->warn[i].period_ns);
			lttr_json_kv_u64(j, "spacing_ns", r->warn[i].spacing_ns);
		}
		lttr_job_warn_text(r, &r->warn[i], text, sizeof(text));
		lttr_json_kv_str(j, "text", text);
		lttr_json_end_object(j);
	}
	lttr_json_end_array(j);
	lttr_json_end_object(j);
}
