/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/reader/live.h - a trace directory followed while traced writes it
 * (tracevisualizer tui --live): each poll reads only what was appended to
 * "events" and "firings.jsonl" since the last one, decodes the buffers
 * that are whole (a buffer or a record the daemon has not finished
 * writing is waited for, never reported as damage), and notices the
 * session's end (the header rewritten with its end time).
 *
 * The events are kept in the merged order of the reader (time, CPU, file
 * order: a buffer of one CPU written after another CPU's may hold earlier
 * events, which are put in their place), at most a bound of them (the
 * oldest dropped first, and counted); each with its pid by the pid rule
 * of docs/trace-format.md, carried across the buffers of its CPU.
 */
#ifndef LTTR_LIVE_H
#define LTTR_LIVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <lttr/reader/error.h>
#include <lttr/reader/event.h>

struct lttr_live;
struct lttr_firing_rec;

/* where the session is, as the last poll saw it */
enum lttr_live_state {
	LTTR_LIVE_WAITING,	/* no trace yet: no header, or START not done */
	LTTR_LIVE_RUNNING,	/* started, not stopped */
	LTTR_LIVE_ENDED,	/* the header has its end time: all read */
	LTTR_LIVE_FAILED,	/* a file shrank or is damaged: what was read stays */
};

/**
 * struct lttr_live_status - what the last poll found
 * @state: enum lttr_live_state
 * @why: the waiting state's reason, or the failure (a sentence)
 * @start_ns: the trace's start (header), 0 before START
 * @end_ns: its end (header), 0 while it runs
 * @complete: the header says the daemon finished cleanly
 * @events: events read since the start (kept or dropped)
 * @kept: events kept (lttr_live_event())
 * @dropped: the oldest events no longer kept (the bound)
 * @added: events the last poll added
 * @lost: events the tracer lost, from the buffer headers read
 * @newest_ns: the time of the newest event read (0: none yet)
 * @read_ns: the clock's time at the last poll (the caller's @now_ns)
 * @behind_ns: @read_ns - @newest_ns: how far the events shown are behind
 *	(0 when none, or the clock behind the newest event)
 * @bytes: bytes of "events" decoded (whole buffers)
 * @pending: bytes of "events" read and not yet whole (a buffer or a
 *	record being written)
 * @firings: firings read from firings.jsonl
 * @bad_firings: its lines that are not a firing nor a notify line (skipped)
 */
struct lttr_live_status {
	enum lttr_live_state state;
	char why[LTTR_ERRMSG_MAX];
	uint64_t start_ns;
	uint64_t end_ns;
	bool complete;
	uint64_t events;
	size_t kept;
	uint64_t dropped;
	uint64_t added;
	uint64_t lost;
	uint64_t newest_ns;
	uint64_t read_ns;
	uint64_t behind_ns;
	uint64_t bytes;
	uint64_t pending;
	size_t firings;
	uint64_t bad_firings;
};

/**
 * lttr_live_open() - follow trace directory @dir (it need not exist yet)
 * @dir: the directory traced writes
 * @keep: how many events to keep at most (0: 1000000)
 * @out: receives the follower
 * @err: receives the error (no memory)
 *
 * Nothing is read before the first lttr_live_poll().
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_live_open(const char *dir, size_t keep, struct lttr_live **out,
		   struct lttr_error *err);

/** lttr_live_close() - release @l (NULL: nothing) */
void lttr_live_close(struct lttr_live *l);

/**
 * lttr_live_poll() - read what was appended since the last poll
 * @l: the follower
 * @now_ns: the clock's time now (CLOCK_MONOTONIC, the trace's clock), for
 *	the status's @behind_ns
 *
 * Reads the header again (its end time says the session ended), the
 * bytes appended to "events" (from where the last poll stopped: the
 * file is never read again from its start), decodes each buffer once it
 * is whole, and the whole lines appended to "firings.jsonl".  A file that
 * shrank (truncated), a damaged buffer header or record, a header of
 * another trace: the state becomes LTTR_LIVE_FAILED with @why, the events
 * read so far stay, and later polls read nothing more.
 *
 * Return: 1 when something changed (events, firings, state, its reason,
 * bytes read), 0 when not.
 */
int lttr_live_poll(struct lttr_live *l, uint64_t now_ns);

/** lttr_live_status() - what the last poll found (@st filled) */
void lttr_live_status(const struct lttr_live *l, struct lttr_live_status *st);

/**
 * lttr_live_event() - the @i-th event kept, in the merged order
 * @l: the follower
 * @i: 0 .. kept - 1 (0 the oldest kept)
 *
 * Return: the event (its @var points into the follower: valid until the
 * next poll), or NULL past the end.
 */
const struct lttr_event *lttr_live_event(const struct lttr_live *l, size_t i);

/**
 * lttr_live_first_index() - the index of the first kept event at or after
 *	@time_ns (kept when none), for a front end that keeps its window
 *	on a time while events are inserted before it
 */
size_t lttr_live_first_index(const struct lttr_live *l, uint64_t time_ns);

/**
 * lttr_live_firing() - the @i-th firing read from firings.jsonl, in file
 *	order (with its notify line once that is read), or NULL
 */
const struct lttr_firing_rec *lttr_live_firing(const struct lttr_live *l, size_t i);

#endif /* LTTR_LIVE_H */
