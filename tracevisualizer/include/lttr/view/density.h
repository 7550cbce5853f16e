/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/view/density.h - how many events happened where: exact counts in
 * any time range, per-column histograms (the overview of a whole trace),
 * and the links between rows in a window (task switches, wakeups, forks)
 * that a graph draws as lines and arrows.
 *
 * The view model keeps, for each CPU, the place of every 256th event
 * (time, buffer, offset): the events of a CPU before a time are then a
 * binary search plus at most 256 records read.
 */
#ifndef LTTR_VIEW_DENSITY_H
#define LTTR_VIEW_DENSITY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <lttr/view/view.h>

/**
 * lttr_view_count() - the events in [t0, t1), all CPUs, exactly
 * @v: the view
 * @t0: from
 * @t1: to (excluded)
 *
 * Return: the count (0 when t1 <= t0).
 */
uint64_t lttr_view_count(struct lttr_view *v, uint64_t t0, uint64_t t1);

/**
 * lttr_view_histogram() - events per column of a window
 * @v: the view
 * @t0: window start
 * @t1: window end (> @t0)
 * @ncols: columns (column i covers [t0 + (t1-t0)*i/ncols, ...), as
 *	lttr_view_cells())
 * @counts: receives @ncols counts
 * @lost: receives @ncols lost-event counts (the lost counts of the
 *	buffers that start in the column), or NULL
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_view_histogram(struct lttr_view *v, uint64_t t0, uint64_t t1,
			unsigned int ncols, uint64_t *counts, uint64_t *lost);

/**
 * enum lttr_vlink_kind - what links two rows
 * @LTTR_VLINK_SWITCH: @from switched out, @to switched in on @cpu
 * @LTTR_VLINK_WAKEUP: @from (the current task) woke @to
 * @LTTR_VLINK_FORK: @from created @to
 */
enum lttr_vlink_kind {
	LTTR_VLINK_SWITCH,
	LTTR_VLINK_WAKEUP,
	LTTR_VLINK_FORK,
};

/**
 * struct lttr_vlink - a link between two task rows at a time
 * @time_ns: when
 * @from: the task it starts from (0: the idle task)
 * @to: the task it goes to
 * @cpu: the CPU of the event
 * @kind: enum lttr_vlink_kind
 */
struct lttr_vlink {
	uint64_t time_ns;
	uint32_t from;
	uint32_t to;
	uint16_t cpu;
	uint8_t kind;
};

/**
 * lttr_view_links() - the switches, wakeups and forks of a window, in
 * time order
 * @v: the view
 * @t0: window start
 * @t1: window end (excluded)
 * @max: room in @out
 * @out: receives the links
 * @n: receives their number
 *
 * A window holding more than 64 events per link of room is not read: the
 * links would be too dense to draw, and reading them would cost the time
 * of a zoom.
 *
 * Return: 0 when every link of the window is in @out, 1 when there are
 * more than @max (or too many events to read: @n is then 0), or a negative
 * enum lttr_errcode.
 */
int lttr_view_links(struct lttr_view *v, uint64_t t0, uint64_t t1, size_t max,
		    struct lttr_vlink *out, size_t *n);

#endif /* LTTR_VIEW_DENSITY_H */
