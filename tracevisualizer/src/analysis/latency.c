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

void lttr_lat_scale_init(struct lttr_lat_scale *s)
{
	s->first = LTTR_HIST_BUCKETS;
	s->last = 0;
	s->per_cell = 1;
	s->cells = 0;
}

void lttr_lat_scale_add(struct lttr_lat_scale *s, const struct lttr_lat *l)
{
	unsigned int first, last;

	if (!lttr_lat_span(l, &first, &last))
		return;
	if (first < s->first)
		s->first = first;
	if (last > s->last)
		s->last = last;
}

void lttr_lat_scale_fit(struct lttr_lat_scale *s, unsigned int width)
{
	unsigned int n;

	if (s->first > s->last) {
		s->per_cell = 1;
		s->cells = 0;
		return;
	}
	if (!width)
		width = 1;
	n = s->last - s->first + 1;
	s->per_cell = (n + width - 1) / width;
	s->cells = (n + s->per_cell - 1) / s->per_cell;
}

uint64_t lttr_lat_scale_cell(const struct lttr_lat_scale *s, const struct lttr_lat *l,
			     unsigned int c)
{
	unsigned int k, b;
	uint64_t sum = 0;

	if (c >= s->cells)
		return 0;
	b = s->first + c * s->per_cell;
	for (k = b; k < b + s->per_cell && k <= s->last; k++)
		sum += l->hist[k];
	return sum;
}

uint64_t lttr_lat_scale_max(const struct lttr_lat_scale *s, const struct lttr_lat *l)
{
	uint64_t max = 0;
	unsigned int c;

	for (c = 0; c < s->cells; c++) {
		uint64_t v = lttr_lat_scale_cell(s, l, c);

		if (v > max)
			max = v;
	}
	return max;
}

void lttr_lat_scale_bounds(const struct lttr_lat_scale *s, unsigned int c0, unsigned int c1,
			   uint64_t *lo, uint64_t *hi)
{
	uint64_t unused;
	unsigned int k0 = s->first + c0 * s->per_cell, k1 = s->first + (c1 + 1) * s->per_cell - 1;

	if (k1 > s->last)
		k1 = s->last;
	lttr_lat_bucket_bounds(k0 < LTTR_HIST_BUCKETS ? k0 : LTTR_HIST_BUCKETS - 1, lo, &unused);
	lttr_lat_bucket_bounds(k1 < LTTR_HIST_BUCKETS ? k1 : LTTR_HIST_BUCKETS - 1, &unused, hi);
}
