/* SPDX-License-Identifier: GPL-2.0 */
/* jobspng.h - the jobs drawn instance by instance into a PNG (jobspng.c). */
#ifndef TRACEVISUALIZER_JOBSPNG_H
#define TRACEVISUALIZER_JOBSPNG_H

struct lttr_jobs;

/*
 * Draw the jobs of @r into the PNG file @path: a panel per name, a column
 * per job.  Return 0, or -1 when it could not be written.
 */
int cli_jobs_png(const char *path, const struct lttr_jobs *r);

#endif
