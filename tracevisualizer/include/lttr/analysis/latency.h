/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/analysis/latency.h - duration statistics: count, total, min, max and a log2
 * histogram.
 */
#ifndef LTTR_LATENCY_H
#define LTTR_LATENCY_H

#include <stdint.h>

#define LTTR_HIST_BUCKETS 40	/* bucket k: [2^k, 2^(k+1)) ns; 0 holds 0..1 */

/**
 * struct lttr_lat - statistics of a set of durations
 * @count: number of durations
 * @total: their sum, ns
 * @min: the smallest (0 when @count is 0)
 * @max: the largest
 * @hist: count per log2 bucket (the last bucket holds everything above)
 */
struct lttr_lat {
	uint64_t count;
	uint64_t total;
	uint64_t min;
	uint64_t max;
	uint64_t hist[LTTR_HIST_BUCKETS];
};

/**
 * lttr_lat_add() - add one duration
 * @l: the statistics (zero-initialised before first use)
 * @ns: the duration
 */
void lttr_lat_add(struct lttr_lat *l, uint64_t ns);

/**
 * lttr_lat_merge() - add every duration of @src to @dst
 * @dst: the destination
 * @src: the source
 */
void lttr_lat_merge(struct lttr_lat *dst, const struct lttr_lat *src);

/**
 * lttr_lat_mean() - the mean duration
 * @l: the statistics
 *
 * Return: total / count rounded down, 0 when empty.
 */
uint64_t lttr_lat_mean(const struct lttr_lat *l);

/**
 * lttr_lat_bucket() - the histogram bucket of a duration
 * @ns: the duration
 *
 * Return: floor(log2(ns)) capped to LTTR_HIST_BUCKETS - 1, 0 for 0 and 1.
 */
unsigned int lttr_lat_bucket(uint64_t ns);

/**
 * lttr_lat_bucket_bounds() - the durations a histogram bucket holds
 * @k: the bucket (below LTTR_HIST_BUCKETS)
 * @lo: receives the shortest: 2^@k, 0 for bucket 0 (which holds 0 and 1)
 * @hi: receives the first duration above the bucket, 2^(@k+1), or
 *	UINT64_MAX for the last bucket (which holds everything above)
 *
 * lttr_lat_bucket(ns) is @k exactly when @lo <= ns < @hi (or ns >= @lo
 * for the last bucket).
 */
void lttr_lat_bucket_bounds(unsigned int k, uint64_t *lo, uint64_t *hi);

/**
 * lttr_lat_span() - the buckets a histogram uses
 * @l: the statistics
 * @first: receives its first non-empty bucket
 * @last: receives its last non-empty bucket
 *
 * Return: the largest count of a bucket, 0 when the histogram is empty
 * (@first and @last are then 0).
 */
uint64_t lttr_lat_span(const struct lttr_lat *l, unsigned int *first, unsigned int *last);

#endif /* LTTR_LATENCY_H */
