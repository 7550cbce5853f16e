// SPDX-License-Identifier: GPL-2.0
/*
 * timearg.c - the one reader of a time in a trace typed by a person
 * (lttr/units/timearg.h): its form says what it counts from, its number
 * is a duration read by lttr_parse_duration(), and a time outside the
 * trace is refused with the trace's span.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <lttr/units/duration.h>
#include <lttr/units/timearg.h>

static void say(char *msg, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void say(char *msg, size_t size, const char *fmt, ...)
{
	va_list ap;

	if (!msg || !size)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, size, fmt, ap);
	va_end(ap);
}

const char *lttr_fmt_trace_span(const struct lttr_time_span *span, char *buf, size_t size)
{
	uint64_t len = span->end > span->start ? span->end - span->start : 0;

	snprintf(buf, size, "0 to %" PRIu64 ".%09" PRIu64 " s after its start (@%" PRIu64 ".%09"
		 PRIu64 " to @%" PRIu64 ".%09" PRIu64 ")", len / 1000000000, len % 1000000000,
		 span->start / 1000000000, span->start % 1000000000,
		 span->end / 1000000000, span->end % 1000000000);
	return buf;
}

/* @s outside @span: refused, the span said */
static int outside(const char *s, bool after, const struct lttr_time_span *span,
		   char *msg, size_t size)
{
	if (!span) {
		say(msg, size, "%s is %s the trace", s, after ? "after the end of" : "before the start of");
	} else {
		char buf[128];

		say(msg, size, "%s is %s the trace: it spans %s", s, after ? "after the end of" :
		    "before the start of", lttr_fmt_trace_span(span, buf, sizeof(buf)));
	}
	return LTTR_TIME_OUTSIDE;
}

int lttr_parse_trace_time(const char *s, const struct lttr_time_span *span,
			  const uint64_t *base, uint64_t *rel, char *msg, size_t size)
{
	const char *text = s;
	char form = 0;
	uint64_t v, len;

	if (!s)
		return LTTR_TIME_FORM;
	while (*s == ' ' || *s == '\t')
		s++;
	if (*s == '@' || *s == '+' || *s == '-')
		form = *s++;
	if (!((*s >= '0' && *s <= '9') || *s == '.') || lttr_parse_duration(s, &v)) {
		say(msg, size, "'%s' is not a time: give %s", text, LTTR_TIME_FORMS);
		return LTTR_TIME_FORM;
	}
	if ((form == '+' || form == '-') && !base) {
		say(msg, size, "'%s': + and - count from a cursor (in --to, from --from), and there is "
		    "none here: give %s", text, LTTR_TIME_FORMS);
		return LTTR_TIME_NO_BASE;
	}
	len = span && span->end > span->start ? span->end - span->start : 0;
	switch (form) {
	case '@':
		if (!span)
			break;
		if (v < span->start)
			return outside(text, false, span, msg, size);
		v -= span->start;
		break;
	case '+':
		if (v > UINT64_MAX - *base)
			return outside(text, true, span, msg, size);
		v += *base;
		break;
	case '-':
		if (v > *base)
			return outside(text, false, span, msg, size);
		v = *base - v;
		break;
	default:
		break;
	}
	if (span && v > len)
		return outside(text, true, span, msg, size);
	*rel = v;
	return LTTR_TIME_OK;
}

int lttr_parse_trace_range(const char *from_s, const char *to_s, const struct lttr_time_span *span,
			   uint64_t *from, uint64_t *to, char *msg, size_t size)
{
	uint64_t f = 0, t = span && span->end > span->start ? span->end - span->start : UINT64_MAX;
	int r;

	if (from_s && (r = lttr_parse_trace_time(from_s, span, NULL, &f, msg, size)))
		return r;
	if (to_s && (r = lttr_parse_trace_time(to_s, span, &f, &t, msg, size)))
		return r;
	/* (without a span, an @ time is not comparable; one end alone may make an empty
	 * window, the side of a split) */
	if (span && from_s && to_s && t <= f) {
		char fb[32], tb[32];

		snprintf(fb, sizeof(fb), "%" PRIu64 ".%09" PRIu64, f / 1000000000, f % 1000000000);
		snprintf(tb, sizeof(tb), "%" PRIu64 ".%09" PRIu64, t / 1000000000, t % 1000000000);
		if (t == f)
			say(msg, size, "the window is empty: it ends where it starts (%s s after the "
			    "trace's start)", fb);
		else
			say(msg, size, "the window ends before it starts (%s s to %s s after the "
			    "trace's start)", fb, tb);
		return LTTR_TIME_EMPTY;
	}
	*from = f;
	*to = t;
	return LTTR_TIME_OK;
}

int lttr_parse_trace_window(const char *s, const struct lttr_time_span *span,
			    uint64_t *from, uint64_t *to, char *msg, size_t size)
{
	char a[64];
	const char *colon = s ? strchr(s, ':') : NULL;

	if (!colon || (size_t)(colon - s) >= sizeof(a)) {
		say(msg, size, "'%s' is not a window: give FROM:TO, each %s (TO may be +D, D after "
		    "FROM)", s ? s : "", LTTR_TIME_FORMS);
		return LTTR_TIME_FORM;
	}
	memcpy(a, s, (size_t)(colon - s));
	a[colon - s] = '\0';
	return lttr_parse_trace_range(a, colon + 1, span, from, to, msg, size);
}
