/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/view/appmarks.h - the application markers of a trace
 * (LTT_EV_MARKER, libltt-marker) as the views draw them: on each task's
 * row its jobs (a begin and the end of the same name, paired per thread
 * and name, the last begin with the first end after it), cut where a
 * begin has no end or an end no begin, and its points (marks); and a row
 * per counter (per process and counter name) whose values the views bin
 * column by column.  Built once per view, from the buffers that hold
 * markers only (the view's search index); every front end and
 * "graph --json" draw from the same answers.  docs/views.md.
 */
#ifndef LTTR_VIEW_APPMARKS_H
#define LTTR_VIEW_APPMARKS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <lttr/reader/error.h>

struct lttr_view;
struct lttr_viewport;
struct lttr_appmarks;

/* kinds of struct lttr_appmark */
#define LTTR_APPMARK_JOB	1	/* a begin .. end span */
#define LTTR_APPMARK_POINT	2	/* a mark, with its text */

/* flags of struct lttr_appmark */
#define LTTR_APPMARK_NO_BEGIN	0x01	/* an end with no begin: from the view's start */
#define LTTR_APPMARK_NO_END	0x02	/* a begin with no end: to the view's end */

/**
 * struct lttr_appmark - a job or a point of a thread
 * @start_ns: the begin (a point: its time)
 * @end_ns: the end (a point: its time)
 * @pid: the writer's process
 * @tid: its thread: the task row it is drawn on
 * @kind: LTTR_APPMARK_JOB or LTTR_APPMARK_POINT
 * @flags: LTTR_APPMARK_*
 * @depth: jobs of the thread open around this one's begin
 * @name: the marker's name
 * @text: a point's text ("" if none; NULL for a job)
 */
struct lttr_appmark {
	uint64_t start_ns;
	uint64_t end_ns;
	uint32_t pid;
	uint32_t tid;
	uint8_t kind;
	uint8_t flags;
	uint16_t depth;
	const char *name;
	const char *text;
};

/**
 * struct lttr_appmark_place - where a job or point falls in a window of
 * columns (lttr_viewport_time_col()'s)
 * @m: the job or point
 * @col0: the column of its start (0 when it starts before the window)
 * @col1: the column of its end (ncols - 1 when it ends after it)
 * @cut_left: it starts before the window
 * @cut_right: it ends after the window
 */
struct lttr_appmark_place {
	const struct lttr_appmark *m;
	long col0;
	long col1;
	bool cut_left;
	bool cut_right;
};

/**
 * struct lttr_appcounter - a counter of a process
 * @pid: the process
 * @name: the counter's name
 * @n: values written
 * @min: the least of them
 * @max: the greatest
 */
struct lttr_appcounter {
	uint32_t pid;
	const char *name;
	uint64_t n;
	int64_t min;
	int64_t max;
};

/**
 * struct lttr_appbin - a counter in one column
 * @n: values written inside the column
 * @known: a value holds at the column's end (written in it or before)
 * @min: the least value over the column: those written in it and the one
 *	that held at its start (when one did)
 * @max: the greatest, likewise
 * @last: the value at the column's end
 */
struct lttr_appbin {
	uint32_t n;
	bool known;
	int64_t min;
	int64_t max;
	int64_t last;
};

/**
 * struct lttr_appmarks_stats - what the build found
 * @markers: marker events read
 * @jobs: jobs (spans)
 * @points: points
 * @counter_values: counter values
 * @no_end: begins with no end in the trace
 * @no_begin: ends with no begin
 */
struct lttr_appmarks_stats {
	uint64_t markers;
	uint64_t jobs;
	uint64_t points;
	uint64_t counter_values;
	uint64_t no_end;
	uint64_t no_begin;
};

/**
 * lttr_appmarks_build() - read the markers of a view's trace
 * @v: the view (its search index says which buffers hold markers)
 * @out: receives the result
 * @err: receives the error of a malformed record
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_appmarks_build(struct lttr_view *v, struct lttr_appmarks **out,
			struct lttr_error *err);

/** lttr_appmarks_free() - release @m (or NULL) */
void lttr_appmarks_free(struct lttr_appmarks *m);

/** lttr_appmarks_stats() - the counts of @m into @out */
void lttr_appmarks_stats(const struct lttr_appmarks *m, struct lttr_appmarks_stats *out);

/**
 * lttr_appmarks_task_has() - whether a thread wrote jobs or points (its
 * row gets a marker lane), anywhere in the trace
 * @m: the markers
 * @tid: the thread
 *
 * Return: true when it did.
 */
bool lttr_appmarks_task_has(const struct lttr_appmarks *m, uint32_t tid);

/**
 * lttr_appmarks_place() - the jobs and points of a thread in a window
 * @m: the markers
 * @tid: the thread
 * @vp: the window (t0, t1; its end for the last column)
 * @ncols: columns, as lttr_viewport_time_col()'s
 * @out: receives up to @max placements, jobs and points by start
 * @max: room in @out
 *
 * A job is in the window when it overlaps [t0, t1], a point when its
 * time is in it.
 *
 * Return: how many there are (more than @max: only @max written).
 */
size_t lttr_appmarks_place(const struct lttr_appmarks *m, uint32_t tid,
			   const struct lttr_viewport *vp, unsigned int ncols,
			   struct lttr_appmark_place *out, size_t max);

/**
 * lttr_appmarks_at() - the innermost job of a thread at a time (the one
 * begun last among those open then)
 * @m: the markers
 * @tid: the thread
 * @t: the time
 *
 * Return: the job, or NULL.
 */
const struct lttr_appmark *lttr_appmarks_at(const struct lttr_appmarks *m, uint32_t tid,
					    uint64_t t);

/**
 * lttr_appmarks_lane() - a thread's jobs and points as a line of text,
 * one character per column (the TUI's marker lane, "graph"'s text)
 * @m: the markers
 * @tid: the thread
 * @vp: the window
 * @ncols: columns
 * @out: receives @ncols characters and a NUL
 *
 * ' ' nothing, '[' a job's begin, ']' its end, '=' inside it, '<' and
 * '>' a job's open ends (cut by the window, or no begin or end in the
 * trace: LTTR_APPMARK_NO_BEGIN, _NO_END), '#' a job within one column, '|' a
 * point (inner jobs drawn over outer ones, points over jobs); a job's name
 * is written after its '[' where it covers only the job's '=', a point's
 * after its '|' where the columns are blank.
 *
 * Return: how many jobs and points are in the window.
 */
size_t lttr_appmarks_lane(const struct lttr_appmarks *m, uint32_t tid,
			  const struct lttr_viewport *vp, unsigned int ncols, char *out);

/** lttr_appmarks_ncounters() - counters, by process then name @m: the markers */
size_t lttr_appmarks_ncounters(const struct lttr_appmarks *m);

/** lttr_appmarks_counter() - counter @i (< ncounters) of @m, or NULL */
const struct lttr_appcounter *lttr_appmarks_counter(const struct lttr_appmarks *m, size_t i);

/**
 * lttr_appmarks_bins() - a counter column by column
 * @m: the markers
 * @i: the counter
 * @vp: the window
 * @ncols: columns, as lttr_viewport_time_col()'s
 * @out: receives @ncols bins
 * @lo: receives the least value drawn in the window (min of the known bins)
 * @hi: receives the greatest
 *
 * Return: the number of bins known (0: the counter has no value in the
 * window; @lo and @hi are then 0).
 */
unsigned int lttr_appmarks_bins(const struct lttr_appmarks *m, size_t i,
				const struct lttr_viewport *vp, unsigned int ncols,
				struct lttr_appbin *out, int64_t *lo, int64_t *hi);

/**
 * lttr_appbin_level() - the height of a bin's last value in a sparkline
 * of @nlevels levels, the window's range @lo..@hi spread over them (a
 * flat counter is in the middle)
 * @b: the bin
 * @lo: lttr_appmarks_bins()'s @lo
 * @hi: and @hi
 * @nlevels: levels (> 0)
 *
 * Return: 0..@nlevels - 1, or -1 when no value is known there.
 */
int lttr_appbin_level(const struct lttr_appbin *b, int64_t lo, int64_t hi, int nlevels);

#endif /* LTTR_VIEW_APPMARKS_H */
