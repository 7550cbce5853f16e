/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/units/duration.h - the one parser of a duration typed by a person,
 * for every tool: the command line (latency --threshold, paths --quantum,
 * --max-delay, --skew, check --tolerance), the terminal analyzer and the
 * window (a threshold, a time to go to), and traced (-t, --flush-interval),
 * which compiles src/units/duration.c in (it depends on the C library
 * alone).
 *
 * A duration is a number, decimals allowed ("1.5", ".25"), then a unit:
 * ns, us, ms, s, min, h or d. A bare number is seconds, in every tool.
 */
#ifndef LTTR_UNITS_DURATION_H
#define LTTR_UNITS_DURATION_H

#include <stdint.h>

/* the units, for messages and help texts */
#define LTTR_DURATION_UNITS "ns, us, ms, s, min, h or d"
/* what a duration option needs, for a usage message */
#define LTTR_DURATION_FORM "a number and a unit: ns, us, ms, s, min, h or d (a bare number is seconds)"

/**
 * lttr_parse_duration() - a duration: "500us", "2 ms", "1.5" (seconds),
 * "0.000000001", "2min"
 * @s: the text; spaces before, after and between the number and its
 *     unit are allowed ("12.345 us", as lttr_fmt_duration() writes it)
 * @ns: receives the duration in nanoseconds, exactly (digits below a
 *      nanosecond are dropped)
 *
 * No sign, exponent, other unit or other text is taken: "-1", "1e3",
 * "5 parsecs", "", "." and "1.2.3" are not durations, nor one longer than
 * 2^64 - 1 ns (584 years). A duration may be 0: the caller refuses it
 * where it means nothing.
 *
 * Return: 0, or -1 when @s is not a duration (@ns is then unchanged).
 */
int lttr_parse_duration(const char *s, uint64_t *ns);

#endif /* LTTR_UNITS_DURATION_H */
