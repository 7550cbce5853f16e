/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/reader/iter.h - merged, bidirectional iteration over all CPUs.
 */
#ifndef LTTR_ITER_H
#define LTTR_ITER_H

#include <stddef.h>
#include <stdint.h>
#include <lttr/reader/event.h>
#include <lttr/reader/error.h>

struct lttr_trace;
struct lttr_iter;

/**
 * lttr_iter_new() - create an iterator positioned before the first event
 * @t: the trace; must outlive the iterator
 * @out: receives the iterator
 * @err: receives the error (may be NULL)
 *
 * The iterator returns the events of all CPUs in non-decreasing time
 * order; equal times are ordered by CPU id, then by file order.  The
 * position is a cut between two events: lttr_iter_next() returns the
 * event after it, lttr_iter_prev() the event before it, so prev after next
 * returns the same event again.  pid and control are filled in both
 * directions.  Iterators of one trace share the trace's lazily built
 * state: use them from one thread.
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_iter_new(struct lttr_trace *t, struct lttr_iter **out,
		  struct lttr_error *err);

/**
 * lttr_iter_copy() - an iterator at the same position as @src (a
 * checkpoint of a pass: lttr_replay_seek_open()), moved independently
 * @src: the iterator
 * @out: receives the copy
 * @err: receives the error (may be NULL)
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_iter_copy(const struct lttr_iter *src, struct lttr_iter **out,
		   struct lttr_error *err);

/** lttr_iter_bytes() - the heap memory an iterator @it holds */
size_t lttr_iter_bytes(const struct lttr_iter *it);

/** lttr_iter_free() - release an iterator @it: the iterator or NULL */
void lttr_iter_free(struct lttr_iter *it);

/**
 * lttr_iter_next() - the next event in time order
 * @it: the iterator
 * @ev: receives the event
 *
 * Return: 1 with @ev filled, 0 at the end, or a negative enum lttr_errcode
 * (see lttr_iter_error()) when a record is malformed.
 */
int lttr_iter_next(struct lttr_iter *it, struct lttr_event *ev);

/**
 * lttr_iter_prev() - the previous event in time order
 * @it: the iterator
 * @ev: receives the event
 *
 * The first backward step into a buffer scans it once to index its
 * records (and, the first time, the CPU's earlier buffers to know the
 * state of the interrupt/trap nesting at its start).
 *
 * Return: 1 with @ev filled, 0 at the beginning, or a negative code.
 */
int lttr_iter_prev(struct lttr_iter *it, struct lttr_event *ev);

/**
 * lttr_iter_seek_begin() - move before the first event
 * @it: the iterator
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_iter_seek_begin(struct lttr_iter *it);

/**
 * lttr_iter_seek_end() - move after the last event
 * @it: the iterator
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_iter_seek_end(struct lttr_iter *it);

/**
 * lttr_iter_seek_time() - move before the first event at or after @time_ns
 * @it: the iterator
 * @time_ns: absolute CLOCK_MONOTONIC time
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_iter_seek_time(struct lttr_iter *it, uint64_t time_ns);

/**
 * lttr_iter_error() - the error of the last failed call
 * @it: the iterator
 *
 * Return: the error (code LTTR_OK if none).
 */
const struct lttr_error *lttr_iter_error(const struct lttr_iter *it);

/**
 * lttr_event_cmp_merged() - qsort() comparator for struct lttr_event
 * @a: an event
 * @b: another event
 *
 * The order of the merged iterator: time, then CPU, then file offset.
 *
 * Return: < 0, 0 or > 0 as @a comes before, with or after @b.
 */
int lttr_event_cmp_merged(const void *a, const void *b);

#endif /* LTTR_ITER_H */
