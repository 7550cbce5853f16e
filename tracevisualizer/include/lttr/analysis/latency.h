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

/**
 * struct lttr_lat_scale - one bucket axis for the histograms of several
 *	statistics (the rows of a table), so that their bars line up
 * @first: the first bucket of the axis
 * @last: the last (every non-empty bucket of the statistics added lies in
 *	@first..@last)
 * @per_cell: buckets counted in one cell of the axis (1: a cell per
 *	bucket), set by lttr_lat_scale_fit()
 * @cells: the cells of the axis (0: no statistics with a duration added)
 */
struct lttr_lat_scale {
	unsigned int first;
	unsigned int last;
	unsigned int per_cell;
	unsigned int cells;
};

/**
 * lttr_lat_scale_init() - an empty axis
 * @s: the axis
 */
void lttr_lat_scale_init(struct lttr_lat_scale *s);

/**
 * lttr_lat_scale_add() - widen the axis to the non-empty buckets of @l
 * @s: the axis
 * @l: the statistics
 */
void lttr_lat_scale_add(struct lttr_lat_scale *s, const struct lttr_lat *l);

/**
 * lttr_lat_scale_fit() - the axis in at most @width cells
 * @s: the axis, every statistics added
 * @width: the cells available (at least 1)
 *
 * Sets @per_cell to the fewest buckets per cell that fit (consecutive
 * buckets, from @first: each cell still spans a power of two) and @cells.
 */
void lttr_lat_scale_fit(struct lttr_lat_scale *s, unsigned int width);

/**
 * lttr_lat_scale_cell() - the durations of @l that cell @c counts
 * @s: the axis (fitted)
 * @l: the statistics
 * @c: the cell, below @s->cells
 *
 * Return: the sum of @l's buckets in the cell.
 */
uint64_t lttr_lat_scale_cell(const struct lttr_lat_scale *s, const struct lttr_lat *l,
			     unsigned int c);

/**
 * lttr_lat_scale_max() - the largest cell of @l on the axis
 * @s: the axis (fitted)
 * @l: the statistics
 *
 * Return: the largest lttr_lat_scale_cell() of @l, 0 when it has none.
 */
uint64_t lttr_lat_scale_max(const struct lttr_lat_scale *s, const struct lttr_lat *l);

/**
 * lttr_lat_scale_bounds() - the durations of cells @c0..@c1 of the axis
 * @s: the axis (fitted)
 * @c0: the first cell
 * @c1: the last cell (@c0 for one)
 * @lo: receives the shortest duration the cells hold
 * @hi: receives the first duration above them (UINT64_MAX: no bound)
 */
void lttr_lat_scale_bounds(const struct lttr_lat_scale *s, unsigned int c0, unsigned int c1,
			   uint64_t *lo, uint64_t *hi);

#endif /* LTTR_LATENCY_H */
