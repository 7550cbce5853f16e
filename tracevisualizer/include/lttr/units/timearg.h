/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/units/timearg.h - the one reader of a time in a trace typed by a
 * person, for every tool: the command line (--from, --to, --window, --at),
 * the terminal analyzer's go-to prompt, the window's --window and its
 * events list's time filter.  Its forms, told apart by how they are
 * written, never by their value (tracevisualizer(1), TIMES):
 *
 *   T      a time after the trace's start: a duration as
 *          lttr_parse_duration() reads it ("1.2", "150ms", "2 s")
 *   @T     an absolute time, CLOCK_MONOTONIC (dump's second column):
 *          "@1234.567890123", "@1234567890123ns"
 *   +D -D  D after or before a base where there is one (the cursor of
 *          the terminal analyzer and the window; in --to and in the TO of
 *          --window FROM:TO, the FROM); refused where there is none
 *
 * A time outside the trace (before its start, after its end) is refused
 * with a message that says the trace's span.
 */
#ifndef LTTR_UNITS_TIMEARG_H
#define LTTR_UNITS_TIMEARG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* the forms, for help texts and messages */
#define LTTR_TIME_FORMS "seconds after the trace's start (1.2, 150ms), @ and the absolute " \
	"time (@1234.567890123, dump's second column)"

/* the trace a time is read in, absolute CLOCK_MONOTONIC ns */
struct lttr_time_span {
	uint64_t start;		/* times count from it */
	uint64_t end;		/* the last time in the trace (>= start) */
};

/* what lttr_parse_trace_time() returns */
enum {
	LTTR_TIME_OK = 0,
	LTTR_TIME_FORM = -1,	/* not a time in any form */
	LTTR_TIME_NO_BASE = -2,	/* +D or -D where nothing is its base */
	LTTR_TIME_OUTSIDE = -3,	/* before the trace's start or after its end */
	LTTR_TIME_EMPTY = -4,	/* a window that ends before it starts, or where */
};

/**
 * lttr_parse_trace_time() - a time typed by a person, in a trace
 * @s: the text, in one of the forms above (spaces around are allowed)
 * @span: the trace's span; NULL to check the form alone (nothing is then
 *        refused as outside, and @s written @T is read as a time after an
 *        absolute 0: @rel is only good for a check)
 * @base: the base of +D and -D, ns after the trace's start; NULL: none
 * @rel: receives the time, ns after the trace's start
 * @msg: receives why @s is refused, with the trace's span when it is
 *       outside (may be NULL)
 * @size: the size of @msg
 *
 * Return: LTTR_TIME_OK (0), or a negative LTTR_TIME_* (@rel unchanged).
 */
int lttr_parse_trace_time(const char *s, const struct lttr_time_span *span,
			  const uint64_t *base, uint64_t *rel, char *msg, size_t size);

/**
 * lttr_parse_trace_range() - a window of a trace, its two ends typed
 * apart (--from, --to)
 * @from_s: its start, or NULL: the trace's start
 * @to_s: its end, or NULL: the trace's end; +D is D after @from_s
 * @span: the trace's span, or NULL to check the forms alone
 * @from: receives the start, ns after the trace's start
 * @to: receives the end, ns after the trace's start
 * @msg: receives why they are refused (may be NULL)
 * @size: its size
 *
 * Each end is read by lttr_parse_trace_time(); a window that ends before
 * it starts, or where it starts, is refused (LTTR_TIME_EMPTY; with a
 * @span and both ends only: --to 0 is the empty left side of a split).
 *
 * Return: LTTR_TIME_OK (0), or a negative LTTR_TIME_*.
 */
int lttr_parse_trace_range(const char *from_s, const char *to_s, const struct lttr_time_span *span,
			   uint64_t *from, uint64_t *to, char *msg, size_t size);

/**
 * lttr_parse_trace_window() - "FROM:TO", a window of a trace typed at once
 * (--window of the command line and of the window), as
 * lttr_parse_trace_range() reads its two ends
 * @s: the text
 * @span: @from, @to, @msg, @size: as lttr_parse_trace_range()'s
 *
 * Return: LTTR_TIME_OK (0), or a negative LTTR_TIME_* (no colon:
 * LTTR_TIME_FORM).
 */
int lttr_parse_trace_window(const char *s, const struct lttr_time_span *span,
			    uint64_t *from, uint64_t *to, char *msg, size_t size);

/**
 * lttr_fmt_trace_span() - "0 to 1.300000000 s after its start
 * (@1000.000000000 to @1001.300000000)", the span as messages say it
 * @span: the trace's span
 * @buf: receives the text
 * @size: its size
 *
 * Return: @buf.
 */
const char *lttr_fmt_trace_span(const struct lttr_time_span *span, char *buf, size_t size);

#endif /* LTTR_UNITS_TIMEARG_H */
