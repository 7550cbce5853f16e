/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/analysis/distribution.h - the distribution of a set of durations:
 * the statistics of struct lttr_lat (count, total, min, max, log2
 * histogram) with the exact percentiles (nearest rank) and the standard
 * deviation, computed from the durations themselves.
 */
#ifndef LTTR_DISTRIBUTION_H
#define LTTR_DISTRIBUTION_H

#include <stddef.h>
#include <stdint.h>
#include <lttr/analysis/latency.h>

/**
 * struct lttr_dist - a distribution of durations
 * @lat: count, total, min, max, log2 histogram (lttr_lat_add() of each)
 * @p50: the 50th percentile: the smallest duration d such that at least
 *	half of the durations are <= d (nearest rank: the duration of rank
 *	ceil(count * 500 / 1000) in increasing order); 0 when empty
 * @p90: the same at 900 per mille
 * @p99: the same at 990 per mille
 * @p999: the same at 999 per mille
 * @stddev: the population standard deviation, rounded down to a whole ns:
 *	floor(sqrt(floor((count * sum(d^2) - sum(d)^2) / count^2)))
 */
struct lttr_dist {
	struct lttr_lat lat;
	uint64_t p50;
	uint64_t p90;
	uint64_t p99;
	uint64_t p999;
	uint64_t stddev;
};

/**
 * lttr_dist_compute() - the distribution of @n durations
 * @v: the durations; their order is changed (selection in place)
 * @n: how many
 * @out: receives the distribution (all zero when @n is 0)
 *
 * Linear time on average: each percentile is found by selection, the
 * durations are not sorted.
 */
void lttr_dist_compute(uint64_t *v, size_t n, struct lttr_dist *out);

/**
 * lttr_dist_rank() - the nearest rank of a percentile
 * @n: the number of durations
 * @permille: the percentile in per mille (500 for the median)
 *
 * Return: the 0-based index, in increasing order, of the duration that is
 * the percentile: ceil(@n * @permille / 1000) - 1 (0 for @n 0 or 1).
 */
size_t lttr_dist_rank(size_t n, unsigned int permille);

/**
 * lttr_dist_select() - the duration of rank @k (0-based, increasing order)
 * @v: the durations, reordered so that v[k] is it, the smaller before it
 *	and the larger after it
 * @n: how many (> @k)
 * @k: the rank
 *
 * Return: v[k].
 */
uint64_t lttr_dist_select(uint64_t *v, size_t n, size_t k);

#endif /* LTTR_DISTRIBUTION_H */
