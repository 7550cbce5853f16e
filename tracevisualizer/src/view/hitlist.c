// SPDX-License-Identifier: GPL-2.0
/*
 * hitlist.c - the next and previous hit of a predicate from a cursor, and
 * the hits in a window (lttr/view/hitlist.h): binary searches of the hits
 * in time order.
 */
#include <stdbool.h>
#include <lttr/replay/replay.h>
#include <lttr/view/hitlist.h>

/* the number of hits before @t (@incl: at or before) */
static size_t lower(const struct lttr_replay_hit *v, size_t n, uint64_t t, bool incl)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t m = lo + (hi - lo) / 2;

		if (v[m].time_ns < t || (incl && v[m].time_ns == t))
			lo = m + 1;
		else
			hi = m;
	}
	return lo;
}

long lttr_hits_step(const struct lttr_replay_hit *v, size_t n, uint64_t cursor, int dir)
{
	size_t i = lower(v, n, cursor, dir > 0);

	if (dir > 0)
		return i < n ? (long)i : -1;
	return i ? (long)i - 1 : -1;
}

size_t lttr_hits_in(const struct lttr_replay_hit *v, size_t n, uint64_t a, uint64_t b,
		    size_t *first)
{
	size_t i = lower(v, n, a, false), j = b < a ? i : lower(v, n, b, true);

	*first = i;
	return j - i;
}
