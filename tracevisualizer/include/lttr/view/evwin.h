/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/view/evwin.h - a run of consecutive events of an events list
 * (lttr/view/evlist.h) kept in memory: what an events view shows and a
 * little around it.  It is placed at a position or at an event's index
 * in the trace, grown at either edge as the view pages, and cut back to
 * what the view keeps; the view keeps only which of its events are on
 * the screen and which is selected.
 */
#ifndef LTTR_VIEW_EVWIN_H
#define LTTR_VIEW_EVWIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <lttr/view/evlist.h>

/**
 * struct lttr_evwin - the run
 * @l: the list it is of
 * @ev: its events, in the list's order
 * @n: how many
 * @cap: room in @ev
 * @max: the most it holds (0: no limit): a growth stops there
 * @base: index in the trace of @ev[0] (meaningful when the list has no
 *	filter)
 * @at_start: @ev[0] is the list's first event
 * @at_end: @ev[@n - 1] is its last
 * @status: the last read's failure (a negative enum lttr_errcode; the
 *	list's error says what), or 0
 */
struct lttr_evwin {
	struct lttr_evlist *l;
	struct lttr_event *ev;
	size_t n;
	size_t cap;
	size_t max;
	uint64_t base;
	bool at_start;
	bool at_end;
	int status;
};

/**
 * lttr_evwin_init() - an empty run of a list
 * @w: the run
 * @l: the list (outlives the run)
 * @max: the most events it holds (0: no limit)
 */
void lttr_evwin_init(struct lttr_evwin *w, struct lttr_evlist *l, size_t max);

/**
 * lttr_evwin_free() - free what the run holds
 * @w: the run
 */
void lttr_evwin_free(struct lttr_evwin *w);

/**
 * lttr_evwin_clear() - forget the run's events (a new filter, say)
 * @w: the run
 */
void lttr_evwin_clear(struct lttr_evwin *w);

/**
 * lttr_evwin_extend_fwd() - read events after the run's last
 * @w: the run (not empty)
 * @want: how many at most
 *
 * Return: how many were appended; @at_end is set when the list ended.
 */
size_t lttr_evwin_extend_fwd(struct lttr_evwin *w, size_t want);

/**
 * lttr_evwin_extend_back() - read events before the run's first
 * @w: the run (not empty)
 * @want: how many at most
 *
 * Return: how many were prepended: every index into @ev moved by as
 * much; @at_start is set when the list began there.
 */
size_t lttr_evwin_extend_back(struct lttr_evwin *w, size_t want);

/**
 * lttr_evwin_keep() - keep events [@lo, @hi) of the run only
 * @w: the run
 * @lo: the first kept (every index moves back by as much)
 * @hi: after the last kept
 */
void lttr_evwin_keep(struct lttr_evwin *w, size_t lo, size_t hi);

/**
 * lttr_evwin_reset_index() - the run around event @k of the trace (a
 * list without a filter)
 * @w: the run
 * @k: the index (past the end: the last event)
 * @before: events read before it, at most
 * @after: events read from it, at most
 *
 * Return: @k's place in the run, or -1 when the trace has no event or
 * the read failed (@status).
 */
long lttr_evwin_reset_index(struct lttr_evwin *w, uint64_t k, size_t before, size_t after);

/**
 * lttr_evwin_reset_pos() - the run around the first event of the list
 * after a position (at or after it when @inclusive; the list's last when
 * there is none)
 * @w: the run
 * @p: the position
 * @inclusive: the event at @p itself may be it
 * @before: a list without a filter: events read before it, at most (one
 *	with a filter reads none before it)
 * @after: events read from it, at most
 *
 * A list with a filter that the run knows to be empty (read to both
 * ends, nothing found) is not read again.
 *
 * Return: the event's place in the run, or -1 when the list has none or
 * the read failed (@status).
 */
long lttr_evwin_reset_pos(struct lttr_evwin *w, const struct lttr_view_pos *p, bool inclusive,
			  size_t before, size_t after);

/**
 * lttr_evwin_reset_at() - the run of one event, listed or not (a search
 *	found it, say, that the list's filter hides), to be grown from
 * @w: the run
 * @ev: the event
 *
 * Return: 0, or a negative enum lttr_errcode (@status).
 */
int lttr_evwin_reset_at(struct lttr_evwin *w, const struct lttr_event *ev);

/**
 * lttr_evwin_find() - the place in the run of the first event at or
 * after a position
 * @w: the run
 * @p: the position
 *
 * Return: the place, or -1 when the run cannot tell (@p after its last
 * event, or before its first and the run does not begin the list).
 */
long lttr_evwin_find(const struct lttr_evwin *w, const struct lttr_view_pos *p);

#endif
