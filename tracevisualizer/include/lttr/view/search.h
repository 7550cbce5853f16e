/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/view/search.h - finding the next or previous event that matches a
 * filter expression (lttr/view/filter.h), from any position, without
 * reading the buffers that cannot hold a match: the view model knows which
 * event types each buffer holds, and the filter which types and which CPU
 * it can match.
 */
#ifndef LTTR_VIEW_SEARCH_H
#define LTTR_VIEW_SEARCH_H

#include <stdbool.h>
#include <stdint.h>
#include <lttr/reader/error.h>
#include <lttr/reader/event.h>
#include <lttr/view/view.h>

struct lttr_filter;

/**
 * struct lttr_view_pos - the place of an event in the merged order
 * (time, then CPU, then file order), or a time alone (@cpu 0, @offset 0:
 * before every event at that time)
 * @time_ns: its time
 * @cpu: its CPU
 * @offset: its offset in the events file
 */
struct lttr_view_pos {
	uint64_t time_ns;
	uint64_t offset;
	uint16_t cpu;
};

/**
 * lttr_view_pos_of() - the position of an event @ev: the event
 *
 * Return: its position.
 */
struct lttr_view_pos lttr_view_pos_of(const struct lttr_event *ev);

/**
 * lttr_view_pos_cmp() - order of two positions
 * @a: one
 * @b: the other
 *
 * Return: < 0, 0 or > 0 as @a is before, at or after @b.
 */
int lttr_view_pos_cmp(const struct lttr_view_pos *a, const struct lttr_view_pos *b);

/**
 * struct lttr_view_search_stats - what a search read
 * @buffers: buffers scanned
 * @skipped: buffers the index showed could not match
 * @events: events tested
 */
struct lttr_view_search_stats {
	uint64_t buffers;
	uint64_t skipped;
	uint64_t events;
};

/**
 * lttr_view_find() - the first event after (@dir > 0) or the last before
 * (@dir < 0) a position that matches a filter
 * @v: the view
 * @f: the filter, or NULL to match every event
 * @from: the position (NULL: the start of the trace for @dir > 0, its end
 *	for @dir < 0)
 * @inclusive: an event at @from itself may match
 * @dir: the direction
 * @progress: called after each buffer read (may be NULL); non-zero cancels
 * @arg: its argument
 * @out: receives the event (its pid and control set as by the iterator)
 * @stats: receives what was read (may be NULL)
 * @err: receives the error
 *
 * The process name a filter's "comm" compares is the name the task had at
 * the event's time (lttr_view_comm()).
 *
 * Return: 1 with @out filled, 0 when no event matches, or a negative enum
 * lttr_errcode (LTTR_E_CANCELED when @progress asked).
 */
int lttr_view_find(struct lttr_view *v, const struct lttr_filter *f,
		   const struct lttr_view_pos *from, bool inclusive, int dir,
		   lttr_view_progress_fn progress, void *arg,
		   struct lttr_event *out, struct lttr_view_search_stats *stats,
		   struct lttr_error *err);

#endif /* LTTR_VIEW_SEARCH_H */
