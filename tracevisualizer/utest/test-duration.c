// SPDX-License-Identifier: GPL-2.0
/*
 * test-duration.c - lttr_parse_duration(), the one duration parser of
 * every tool: each unit, a bare number as seconds, decimals exact to the
 * nanosecond, the spaces lttr_fmt_duration() writes, the limits, and what
 * is refused (a sign, an exponent, another unit, an overflow).
 */
#include <inttypes.h>
#include <stdio.h>
#include <lttr/units/duration.h>
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

	/* lttr_parse_time() reads its number through it: the same units */
	{
		uint64_t t = 0;

		ok(!lttr_parse_time("2min", 0, &t) && t == 120000000000ULL,
		   "lttr_parse_time: 2min");
		ok(!lttr_parse_time("+2", 1000, &t) && t == 2000001000,
		   "lttr_parse_time: +2 is 2 s after the base");
		ok(lttr_parse_time("+ms", 1000, &t) && lttr_parse_time("--1", 1000, &t) &&
		   lttr_parse_time("+-1", 1000, &t),
		   "lttr_parse_time: a sign then no number is refused");
	}
	return tap_done();
}
