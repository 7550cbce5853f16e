/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/view/viewport.h - the time window, cursor and markers that every
 * view of a front end shares: zooming at the cursor, panning, going to a
 * time or to the span between the markers.  The same arithmetic serves
 * the terminal and the window, so that a key does the same in both.
 */
#ifndef LTTR_VIEW_VIEWPORT_H
#define LTTR_VIEW_VIEWPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/**
 * struct lttr_viewport - what the views show
 * @start: the trace's first time (the view model's start)
 * @end: its last time
 * @t0: the window's start
 * @t1: the window's end (> @t0 unless @start == @end)
 * @cursor: the cursor, within [@start, @end]
 * @mark: markers A and B
 * @has_mark: whether each is set
 * @min_span: the narrowest window (the caller sets it to its column
 *	count: one nanosecond per column)
 */
struct lttr_viewport {
	uint64_t start;
	uint64_t end;
	uint64_t t0;
	uint64_t t1;
	uint64_t cursor;
	uint64_t mark[2];
	bool has_mark[2];
	uint64_t min_span;
};

/**
 * lttr_viewport_init() - the whole trace in the window, the cursor at its
 * start, no marker
 * @vp: the viewport
 * @start: the trace's start
 * @end: its end
 */
void lttr_viewport_init(struct lttr_viewport *vp, uint64_t start, uint64_t end);

/**
 * lttr_viewport_zoom() - make the window @num/@den times as wide, keeping
 * the cursor at the same place on the screen when it is in the window
 * (else the window's middle), within the trace and not narrower than
 * @min_span
 * @vp: the viewport
 * @num: numerator (< @den zooms in)
 * @den: denominator
 */
void lttr_viewport_zoom(struct lttr_viewport *vp, uint64_t num, uint64_t den);

/**
 * lttr_viewport_pan() - move the window by @num/@den of its width
 * (negative: toward the start), staying within the trace; the cursor
 * stays where it is in time
 * @vp: the viewport
 * @num: numerator
 * @den: denominator (> 0)
 */
void lttr_viewport_pan(struct lttr_viewport *vp, int64_t num, int64_t den);

/**
 * lttr_viewport_show() - the window [@a, @b] (ordered, clamped, widened to
 * @min_span around its middle when narrower)
 * @vp: the viewport
 * @a: one end
 * @b: the other
 */
void lttr_viewport_show(struct lttr_viewport *vp, uint64_t a, uint64_t b);

/** lttr_viewport_all() - the whole trace in the window @vp: the viewport */
void lttr_viewport_all(struct lttr_viewport *vp);

/**
 * lttr_viewport_navigate() - a window key of the keymap applied to @vp:
 * zoom in or out by 2, pan a quarter of the window, the whole trace, the
 * window moved to the trace's start or end (its width kept); for the
 * screens without a cursor (several hosts: tui/hosts.c, gtk/hosts.c);
 * the main views go through the session (lttr/view/session.h)
 * @vp: the viewport
 * @action: an enum lttr_kaction (lttr/view/keys.h)
 *
 * Return: true if @action is one of those (and was applied).
 */
bool lttr_viewport_navigate(struct lttr_viewport *vp, int action);

/**
 * lttr_viewport_set_cursor() - move the cursor to @t (clamped to the
 * trace), panning the window so that it shows the cursor
 * @vp: the viewport
 * @t: the time
 */
void lttr_viewport_set_cursor(struct lttr_viewport *vp, uint64_t t);

/**
 * lttr_viewport_col_time() - the start of column @col of @ncols
 * @vp: the viewport
 * @col: the column (may be @ncols: the window's end)
 * @ncols: the columns
 *
 * Return: @t0 + (@t1 - @t0) * @col / @ncols.
 */
uint64_t lttr_viewport_col_time(const struct lttr_viewport *vp, unsigned int col,
				unsigned int ncols);

/**
 * lttr_viewport_time_col() - the column that shows time @t
 * @vp: the viewport
 * @t: the time
 * @ncols: the columns
 *
 * The column c of lttr_viewport_col_time()'s cuts that holds @t:
 * col_time(c) <= @t < col_time(c + 1), so that
 * time_col(col_time(c)) == c for every column of a window of at least one
 * nanosecond per column.
 *
 * Return: the column, -1 before the window, @ncols after it.
 */
long lttr_viewport_time_col(const struct lttr_viewport *vp, uint64_t t,
			    unsigned int ncols);

/**
 * lttr_viewport_set_mark() - set marker A (0) or B (1) at the cursor
 * @vp: the viewport
 * @which: 0 or 1
 */
void lttr_viewport_set_mark(struct lttr_viewport *vp, unsigned int which);

/**
 * lttr_viewport_marks() - the markers in time order
 * @vp: the viewport
 * @a: receives the earlier
 * @b: receives the later
 *
 * Return: true when both are set.
 */
bool lttr_viewport_marks(const struct lttr_viewport *vp, uint64_t *a, uint64_t *b);

/**
 * lttr_fmt_time() - a time relative to the trace start, in seconds with
 * nanoseconds ("1.234567890")
 * @ns: nanoseconds since the start
 * @buf: output
 * @size: its size (24 is enough)
 *
 * Return: @buf.
 */
const char *lttr_fmt_time(uint64_t ns, char *buf, size_t size);

/**
 * lttr_fmt_duration() - a duration in the largest unit that keeps it
 * readable: "850 ns", "12.345 us", "1.234567 ms", "2.000000001 s"
 * (always exact to the nanosecond)
 * @ns: the duration
 * @buf: output
 * @size: its size (24 is enough)
 *
 * Return: @buf.
 */
const char *lttr_fmt_duration(uint64_t ns, char *buf, size_t size);

#endif /* LTTR_VIEW_VIEWPORT_H */
