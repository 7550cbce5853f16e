// SPDX-License-Identifier: GPL-2.0
/*
 * duration.c - the one parser of a duration typed by a person
 * (lttr/units/duration.h). It uses the C library alone: traced, which
 * does not link the reader library, compiles this file in.
 */
#include <stdbool.h>
#include <stddef.h>
#include <string.h>
#include <lttr/units/duration.h>

static const struct {
	const char *name;
	uint64_t ns;
} units[] = {
	{ "ns", 1 }, { "us", 1000 }, { "ms", 1000000 }, { "s", 1000000000 },
	{ "min", 60000000000ULL }, { "h", 3600000000000ULL },
	{ "d", 86400000000000ULL },
};

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n';
}

int lttr_parse_duration(const char *s, uint64_t *ns)
{
	uint64_t ip = 0, fp = 0, unit = units[3].ns, scale;
	const char *num, *frac = NULL, *u;
	size_t nint = 0, nfrac = 0, ulen = 0, k;

	if (!s)
		return -1;
	while (is_space(*s))
		s++;
	num = s;
	while (is_digit(*s)) {
		s++;
		nint++;
	}
	if (*s == '.') {
		frac = ++s;
		while (is_digit(*s)) {
			s++;
			nfrac++;
		}
	}
	if (!nint && !nfrac)
		return -1;
	while (is_space(*s))
		s++;
	u = s;
	while ((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z')) {
		s++;
		ulen++;
	}
	while (is_space(*s))
		s++;
	if (*s)
		return -1;
	if (ulen) {
		for (k = 0; k < sizeof(units) / sizeof(units[0]); k++)
			if (strlen(units[k].name) == ulen && !strncmp(u, units[k].name, ulen))
				break;
		if (k == sizeof(units) / sizeof(units[0]))
			return -1;
		unit = units[k].ns;
	}
	/* the whole part, in units */
	for (k = 0; k < nint; k++) {
		uint64_t d = (uint64_t)(num[k] - '0');

		if (ip > (UINT64_MAX - d) / 10)
			return -1;
		ip = ip * 10 + d;
	}
	/* the fraction, in ns: each digit a tenth of the one before */
	for (k = 0, scale = unit; k < nfrac && scale >= 10; k++) {
		scale /= 10;
		fp += (uint64_t)(frac[k] - '0') * scale;
	}
	if (ip > (UINT64_MAX - fp) / unit)
		return -1;
	*ns = ip * unit + fp;
	return 0;
}
