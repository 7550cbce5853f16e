// SPDX-License-Identifier: GPL-2.0
/*
 * latency.c - duration statistics with a log2 histogram.
 */
#include <lttr/analysis/latency.h>

unsigned int lttr_lat_bucket(uint64_t ns)
{
	unsigned int b = 0;

	while (ns > 1 && b < LTTR_HIST_BUCKETS - 1) {
		ns >>= 1;
		b++;
	}
	return b;
}

void lttr_lat_bucket_bounds(unsigned int k, uint64_t *lo, uint64_t *hi)
{
	if (k >= LTTR_HIST_BUCKETS)
		k = LTTR_HIST_BUCKETS - 1;
	*lo = k ? 1ULL << k : 0;
	*hi = k == LTTR_HIST_BUCKETS - 1 ? UINT64_MAX : 1ULL << (k + 1);
}

void lttr_lat_add(struct lttr_lat *l, uint64_t ns)
{
	if (!l->count || ns < l->min)
		l->min = ns;
	if (ns > l->max)
		l->max = ns;
	l->count++;
	l->total += ns;
	l->hist[lttr_lat_bucket(ns)]++;
}

void lttr_lat_merge(struct lttr_lat *dst, const struct lttr_lat *src)
{
	unsigned int i;

	if (!src->count)
		return;
	if (!dst->count || src->min < dst->min)
		dst->min = src->min;
	if (src->max > dst->max)
		dst->max = src->max;
	dst->count += src->count;
	dst->total += src->total;
	for (i = 0; i < LTTR_HIST_BUCKETS; i++)
		dst->hist[i] += src->hist[i];
}

uint64_t lttr_lat_span(const struct lttr_lat *l, unsigned int *first, unsigned int *last)
{
	uint64_t max = 0;
	unsigned int k;

	*first = *last = 0;
	for (k = 0; k < LTTR_HIST_BUCKETS; k++) {
		if (!l->hist[k])
			continue;
		if (!max)
			*first = k;
		*last = k;
		if (l->hist[k] > max)
			max = l->hist[k];
	}
	return max;
}

uint64_t lttr_lat_mean(const struct lttr_lat *l)
{
	return l->count ? l->total / l->count : 0;
}
