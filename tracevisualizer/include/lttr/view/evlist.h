/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/view/evlist.h - the events a list shows, one after another: every
 * event of the trace, or only those that match a filter.  Both analyzers'
 * events views (tui/events.c, gtk/events.c) page through it; they keep
 * only what they draw and the keys.
 *
 * The list has a cut, a place between two events of the merged order:
 * lttr_evlist_seek() puts it before an event, a time or an event's index
 * in the trace, lttr_evlist_next() and lttr_evlist_prev() step over the
 * listed event after or before it.  Stepping reads the merged iterator;
 * with a filter, after a long run of events that do not match it the
 * view's search (lttr_view_find()) takes over, which skips the buffers
 * that cannot hold a match.  The events a filter matches are counted a
 * slice at a time (lttr_evlist_count_step()), for a window that counts
 * while it is idle.
 */
#ifndef LTTR_VIEW_EVLIST_H
#define LTTR_VIEW_EVLIST_H

#include <stdbool.h>
#include <stdint.h>
#include <lttr/reader/error.h>
#include <lttr/reader/event.h>
#include <lttr/view/view.h>
#include <lttr/view/search.h>

struct lttr_filter;
struct lttr_evlist;

/* events stepped over without a match before the search takes over */
#define LTTR_EVLIST_SCAN_RUN	2048

/**
 * typedef lttr_evlist_find_fn - the search a list uses past a long run
 * without a match: lttr_view_find()'s arguments and result, with the
 * view and its progress left to it (a window shows its progress dialog)
 */
typedef int (*lttr_evlist_find_fn)(void *arg, const struct lttr_filter *f,
				   const struct lttr_view_pos *from, bool inclusive, int dir,
				   struct lttr_event *out, struct lttr_error *err);

/**
 * lttr_evlist_new() - the list of a view's events
 * @v: the view (outlives the list)
 * @out: receives the list: every event, its cut before the first
 * @err: receives the error
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_evlist_new(struct lttr_view *v, struct lttr_evlist **out, struct lttr_error *err);

/**
 * lttr_evlist_free() - free a list (NULL is allowed)
 * @l: the list
 */
void lttr_evlist_free(struct lttr_evlist *l);

/**
 * lttr_evlist_set_filter() - the events listed from now on
 * @l: the list
 * @f: the filter they match (NULL: every event); not copied, it must
 *	outlive its use here.  The cut stays where it is.
 */
void lttr_evlist_set_filter(struct lttr_evlist *l, const struct lttr_filter *f);

/**
 * lttr_evlist_filter() - the filter of the listed events
 * @l: the list
 *
 * Return: it, or NULL when every event is listed.
 */
const struct lttr_filter *lttr_evlist_filter(const struct lttr_evlist *l);

/**
 * lttr_evlist_set_find() - the search used past a long run without a match
 * @l: the list
 * @fn: the search (NULL: lttr_view_find() on the list's view, without
 *	progress)
 * @arg: its first argument
 */
void lttr_evlist_set_find(struct lttr_evlist *l, lttr_evlist_find_fn fn, void *arg);

/**
 * lttr_evlist_listed() - does the list show an event
 * @l: the list
 * @ev: the event
 *
 * Return: true when there is no filter or it matches @ev.
 */
bool lttr_evlist_listed(const struct lttr_evlist *l, const struct lttr_event *ev);

/**
 * lttr_evlist_total() - the events of the trace, listed or not
 * @l: the list
 *
 * Return: their number.
 */
uint64_t lttr_evlist_total(const struct lttr_evlist *l);

/**
 * lttr_evlist_seek() - the cut before the first event after a position
 * @l: the list
 * @p: the position (an event's, or a time alone); NULL: the start
 * @inclusive: before the event at @p itself
 *
 * Return: 0 or a negative enum lttr_errcode (lttr_evlist_error()).
 */
int lttr_evlist_seek(struct lttr_evlist *l, const struct lttr_view_pos *p, bool inclusive);

/**
 * lttr_evlist_seek_end() - the cut after the last event
 * @l: the list
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_evlist_seek_end(struct lttr_evlist *l);

/**
 * lttr_evlist_seek_index() - the cut before event @k of the trace
 * @l: the list
 * @k: the index among all events, listed or not (from 0; the total or
 *	more: the end)
 *
 * The time of event @k is found by a binary search over the view's exact
 * counts (lttr_view_count()), then the events of that time before it are
 * stepped over.
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_evlist_seek_index(struct lttr_evlist *l, uint64_t k);

/**
 * lttr_evlist_index_of() - the index in the trace of the first event
 * after a position (all events, listed or not), the cut put before it
 * @l: the list
 * @p: the position
 * @inclusive: the event at @p itself counts
 * @k: receives the index (the total when there is none)
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_evlist_index_of(struct lttr_evlist *l, const struct lttr_view_pos *p, bool inclusive,
			 uint64_t *k);

/**
 * lttr_evlist_next() - step over the listed event after the cut
 * @l: the list
 * @out: receives it
 *
 * Return: 1 with @out filled, 0 at the end of the list, or a negative
 * enum lttr_errcode (-LTTR_E_CANCELED when the search was canceled); the
 * cut is then undefined until the next seek.
 */
int lttr_evlist_next(struct lttr_evlist *l, struct lttr_event *out);

/**
 * lttr_evlist_prev() - step back over the listed event before the cut
 * @l: the list
 * @out: receives it
 *
 * Return: as lttr_evlist_next(), 0 at the start of the list.
 */
int lttr_evlist_prev(struct lttr_evlist *l, struct lttr_event *out);

/**
 * lttr_evlist_after() - the first listed event after a position
 * @l: the list
 * @p: the position; NULL: the first listed event
 * @inclusive: the event at @p itself may be it
 * @out: receives it
 *
 * Return: as lttr_evlist_next(); the cut is after it.
 */
int lttr_evlist_after(struct lttr_evlist *l, const struct lttr_view_pos *p, bool inclusive,
		      struct lttr_event *out);

/**
 * lttr_evlist_before() - the last listed event before a position
 * @l: the list
 * @p: the position (the event at @p itself is not it); NULL: the last
 *	listed event
 * @out: receives it
 *
 * Return: as lttr_evlist_prev(); the cut is before it.
 */
int lttr_evlist_before(struct lttr_evlist *l, const struct lttr_view_pos *p,
		       struct lttr_event *out);

/**
 * lttr_evlist_count_begin() - start counting the events a filter matches,
 *	from the first event of the trace, a slice at a time
 * @l: the list
 *
 * The count reads an iterator of its own: the cut does not move.
 *
 * Return: 0 or a negative enum lttr_errcode (lttr_evlist_error()).
 */
int lttr_evlist_count_begin(struct lttr_evlist *l);

/**
 * lttr_evlist_count_step() - count over the next events
 * @l: the list
 * @f: the filter counted (a caller's filter may change between steps:
 *	what is counted is then the caller's to restart)
 * @n: events to read at most
 *
 * Return: 1 when every event is counted, 0 when events remain, or a
 * negative enum lttr_errcode.
 */
int lttr_evlist_count_step(struct lttr_evlist *l, const struct lttr_filter *f, unsigned int n);

/**
 * lttr_evlist_counted() - the count so far
 * @l: the list
 * @matched: receives the events matched
 * @read: receives the events read
 */
void lttr_evlist_counted(const struct lttr_evlist *l, uint64_t *matched, uint64_t *read);

/**
 * lttr_evlist_error() - what the last failed call met
 * @l: the list
 *
 * Return: the error.
 */
const struct lttr_error *lttr_evlist_error(const struct lttr_evlist *l);

#endif
