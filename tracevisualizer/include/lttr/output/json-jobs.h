/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/output/json-jobs.h - the jobs of the markers (lttr_jobs_compute())
 * as JSON: what "tracevisualizer jobs --json" prints (docs/json-schema.md).
 */
#ifndef LTTR_JSON_JOBS_H
#define LTTR_JSON_JOBS_H

#include <lttr/analysis/jobs.h>
#include <lttr/output/json.h>

/**
 * lttr_json_jobs() - write the JOBS object: names (their distributions),
 * every job with its parts and culprits, the misses of the deadline, the
 * warnings (kind and text)
 * @j: the writer
 * @t: the trace (relative times)
 * @r: the jobs
 */
void lttr_json_jobs(struct lttr_json *j, const struct lttr_trace *t, const struct lttr_jobs *r);

/**
 * lttr_job_by_name() - a culprit's name: "NAME-PID" for a task (its
 * name from @r's accounting), "idle", "irq N", "vector N", "softirq N",
 * "unknown"
 * @r: the jobs
 * @b: the culprit
 * @buf: receives the name
 * @size: its size
 *
 * Return: @buf.
 */
const char *lttr_job_by_name(const struct lttr_jobs *r, const struct lttr_job_by *b,
			     char *buf, size_t size);

#endif /* LTTR_JSON_JOBS_H */
