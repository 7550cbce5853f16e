// SPDX-License-Identifier: GPL-2.0
/*
 * test-duration.c - lttr_parse_duration(), the one duration parser of
 * every tool: each unit, a bare number as seconds, decimals exact to the
 * nanosecond, the spaces lttr_fmt_duration() writes, the limits, and what
 * is refused (a sign, an exponent, another unit, an overflow); and
 * lttr_parse_trace_time(), the one reader of a time in a trace built on
 * it: its forms (after the start, @absolute, +/- from a base) and a time
 * outside the trace refused with the trace's span (issue 36, item 7).
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <lttr/units/duration.h>
#include <lttr/units/timearg.h>
#include <lttr/view/viewport.h>
#include "tap.h"

/* @s reads as @want ns */
static void is_ns(const char *s, uint64_t want)
{
	uint64_t ns = 12345;
	int r = lttr_parse_duration(s, &ns);

	ok(r == 0 && ns == want, "'%s' is %" PRIu64 " ns (got %d, %" PRIu64 ")", s, want, r, ns);
}

/* @s is refused, and the output left alone */
static void refused(const char *s)
{
	uint64_t ns = 12345;

	ok(lttr_parse_duration(s, &ns) == -1 && ns == 12345, "'%s' is refused", s);
}

int main(void)
{
	static const uint64_t samples[] = { 0, 1, 999, 1000, 12345, 1000000, 1234567,
					    999999999, 1000000000, 2000000001,
					    86400000000000ULL };
	char buf[32];
	size_t k;

	/* each unit */
	is_ns("800ns", 800);
	is_ns("12us", 12000);
	is_ns("150ms", 150000000);
	is_ns("2s", 2000000000);
	is_ns("2min", 120000000000ULL);
	is_ns("1h", 3600000000000ULL);
	is_ns("1.5 h", 5400000000000ULL);
	is_ns("1d", 86400000000000ULL);
	is_ns("0.5d", 43200000000000ULL);
	/* a bare number is seconds, in every tool */
	is_ns("2", 2000000000);
	is_ns("0.5", 500000000);
	is_ns(".25", 250000000);
	is_ns("1.", 1000000000);
	is_ns("0", 0);
	is_ns("0ns", 0);
	/* decimals, exactly, to the nanosecond; digits below it dropped */
	is_ns("0.000000001", 1);
	is_ns("0.0000000019", 1);
	is_ns("12.345us", 12345);
	is_ns("1.5min", 90000000000ULL);
	is_ns("0.1", 100000000);
	is_ns("1.000000001", 1000000001);
	is_ns("2.5ns", 2);
	/* spaces around and between, as lttr_fmt_duration() writes them */
	is_ns(" 12.345 us ", 12345);
	is_ns("\t2 ms\t", 2000000);
	/* the largest and beyond */
	is_ns("18446744073709551615ns", UINT64_MAX);
	refused("18446744073709551616ns");
	refused("18446744074s");
	is_ns("18446744073s", 18446744073000000000ULL);
	refused("99999999999999999999999");
	refused("307445734562min");
	refused("213504d");
	refused("1 day");
	refused("1hr");
	/* not durations */
	refused("");
	refused(" ");
	refused(".");
	refused("ms");
	refused("-1");
	refused("+1");
	refused("1e3");
	refused("1.2.3");
	refused("5parsecs");
	refused("5 xs");
	refused("2 m");
	refused("2MS");
	refused("2 ms x");
	refused("nan");
	refused("inf");
	refused("1,5");
	{
		uint64_t ns = 7;

		ok(lttr_parse_duration(NULL, &ns) == -1 && ns == 7, "NULL is refused");
	}

	/* what lttr_fmt_duration() writes reads back as the same duration */
	for (k = 0; k < sizeof(samples) / sizeof(samples[0]); k++) {
		uint64_t ns = 0;

		lttr_fmt_duration(samples[k], buf, sizeof(buf));
		ok(!lttr_parse_duration(buf, &ns) && ns == samples[k],
		   "lttr_fmt_duration(%" PRIu64 ") = '%s' reads back", samples[k], buf);
	}

	/* lttr_parse_trace_time() reads its number through it: the same units */
	{
		/* a trace of 1.30 s from CLOCK_MONOTONIC 1000.5 s */
		const struct lttr_time_span span = { 1000500000000ULL, 1001800000000ULL };
		uint64_t t = 7, base = 1000;
		char msg[256] = "";

		ok(!lttr_parse_trace_time("2min", NULL, NULL, &t, NULL, 0) && t == 120000000000ULL,
		   "a time: 2min after the start (no span: the form alone)");
		ok(!lttr_parse_trace_time("+2", NULL, &base, &t, NULL, 0) && t == 2000001000,
		   "+2 is 2 s after the base");
		ok(lttr_parse_trace_time("+ms", NULL, &base, &t, NULL, 0) == LTTR_TIME_FORM &&
		   lttr_parse_trace_time("--1", NULL, &base, &t, NULL, 0) == LTTR_TIME_FORM &&
		   lttr_parse_trace_time("+-1", NULL, &base, &t, NULL, 0) == LTTR_TIME_FORM &&
		   lttr_parse_trace_time("@", NULL, NULL, &t, NULL, 0) == LTTR_TIME_FORM &&
		   lttr_parse_trace_time("@@1", NULL, NULL, &t, NULL, 0) == LTTR_TIME_FORM,
		   "a sign then no number is refused");
		t = 7;
		ok(lttr_parse_trace_time("+1", &span, NULL, &t, msg, sizeof(msg)) ==
		   LTTR_TIME_NO_BASE && t == 7 && strstr(msg, "there is none"),
		   "+D without a base is refused: %s", msg);
		ok(!lttr_parse_trace_time("1.2", &span, NULL, &t, NULL, 0) && t == 1200000000,
		   "1.2 is 1.2 s after the trace's start");
		ok(!lttr_parse_trace_time("1.3", &span, NULL, &t, NULL, 0) && t == 1300000000 &&
		   !lttr_parse_trace_time("0", &span, NULL, &t, NULL, 0) && t == 0,
		   "the trace's start and end are in it");
		ok(!lttr_parse_trace_time("@1001.2", &span, NULL, &t, NULL, 0) && t == 700000000,
		   "@1001.2 is the absolute time 1001.2 s: 0.7 s after the start");
		ok(!lttr_parse_trace_time(" @1000500000100ns ", &span, NULL, &t, NULL, 0) && t == 100,
		   "@ with a unit, spaces around");
		/* the issue's cases: a value past the end is never taken as absolute */
		t = 7;
		ok(lttr_parse_trace_time("2.5", &span, NULL, &t, msg, sizeof(msg)) ==
		   LTTR_TIME_OUTSIDE && t == 7 && strstr(msg, "after the end") &&
		   strstr(msg, "0 to 1.300000000 s after its start") &&
		   strstr(msg, "@1000.500000000 to @1001.800000000"),
		   "2.5 on a 1.30 s trace is after its end, the span said: %s", msg);
		ok(lttr_parse_trace_time("1000.6", &span, NULL, &t, NULL, 0) == LTTR_TIME_OUTSIDE,
		   "an absolute time without @ is after the end (not guessed)");
		ok(lttr_parse_trace_time("@1000.4", &span, NULL, &t, msg, sizeof(msg)) ==
		   LTTR_TIME_OUTSIDE && strstr(msg, "before the start"),
		   "@ before the trace's start is refused: %s", msg);
		ok(lttr_parse_trace_time("@1001.9", &span, NULL, &t, NULL, 0) == LTTR_TIME_OUTSIDE,
		   "@ after the trace's end is refused");
		ok(lttr_parse_trace_time("-1", &span, NULL, &t, NULL, 0) == LTTR_TIME_NO_BASE,
		   "-1 with no base is refused, not clamped");
		ok(lttr_parse_trace_time("-2ms", &span, &base, &t, msg, sizeof(msg)) ==
		   LTTR_TIME_OUTSIDE && strstr(msg, "before the start"),
		   "-D before the start is refused, not clamped: %s", msg);
		base = 1200000000;
		ok(lttr_parse_trace_time("+200ms", &span, &base, &t, NULL, 0) == LTTR_TIME_OUTSIDE &&
		   !lttr_parse_trace_time("+100ms", &span, &base, &t, NULL, 0) && t == 1300000000 &&
		   !lttr_parse_trace_time("-1.2", &span, &base, &t, NULL, 0) && t == 0,
		   "+D and -D from a base, in the trace");

		/* windows */
		{
			uint64_t f = 1, g = 2;

			ok(lttr_parse_trace_window("2.5:2.6", &span, &f, &g, msg, sizeof(msg)) ==
			   LTTR_TIME_OUTSIDE && f == 1 && g == 2 && strstr(msg, "2.5 is after the end"),
			   "--window 2.5:2.6 on a 1.30 s trace: refused (%s)", msg);
			ok(lttr_parse_trace_window("2:3", &span, &f, &g, msg, sizeof(msg)) ==
			   LTTR_TIME_OUTSIDE && strstr(msg, "spans"),
			   "--window 2:3: outside, not 'ends before it starts' (%s)", msg);
			ok(lttr_parse_trace_window("-1:0.5", &span, &f, &g, msg, sizeof(msg)) < 0,
			   "--window -1:0.5: refused, not clamped (%s)", msg);
			ok(!lttr_parse_trace_window("0.2:+50ms", &span, &f, &g, NULL, 0) &&
			   f == 200000000 && g == 250000000, "FROM:+D is D after FROM");
			ok(!lttr_parse_trace_window("@1000.6:@1000.7", &span, &f, &g, NULL, 0) &&
			   f == 100000000 && g == 200000000, "@FROM:@TO");
			ok(lttr_parse_trace_window("0.3:0.2", &span, &f, &g, msg, sizeof(msg)) ==
			   LTTR_TIME_EMPTY && strstr(msg, "ends before it starts") &&
			   lttr_parse_trace_window("0.3:0.3", &span, &f, &g, msg, sizeof(msg)) ==
			   LTTR_TIME_EMPTY && strstr(msg, "empty"),
			   "a window that ends before it starts, or where, is refused");
			ok(lttr_parse_trace_window("0.3", &span, &f, &g, NULL, 0) == LTTR_TIME_FORM &&
			   lttr_parse_trace_window("a:b", NULL, &f, &g, NULL, 0) == LTTR_TIME_FORM,
			   "no colon, or not times: not a window");
			ok(!lttr_parse_trace_range(NULL, "0.5", &span, &f, &g, NULL, 0) && f == 0 &&
			   g == 500000000 &&
			   !lttr_parse_trace_range("0.5", NULL, &span, &f, &g, NULL, 0) &&
			   f == 500000000 && g == 1300000000,
			   "--to alone from the start, --from alone to the end");
		}
	}
	return tap_done();
}
