// SPDX-License-Identifier: GPL-2.0
/*
 * distribution.c - exact percentiles and standard deviation of a set of
 * durations.
 *
 * The percentiles are found by selection (quickselect with a three-way
 * partition, so that the many equal durations of a trace cost nothing),
 * written here because the C library has qsort() only: sorting the
 * millions of syscalls of a large trace to read four ranks costs several
 * times the pass that found them, selection is linear.
 */
#include <math.h>
#include <lttr/analysis/distribution.h>

size_t lttr_dist_rank(size_t n, unsigned int permille)
{
	unsigned __int128 r;

	if (n <= 1)
		return 0;
	r = ((unsigned __int128)n * permille + 999) / 1000;	/* ceil */
	return r ? (size_t)r - 1 : 0;
}

static inline void swap(uint64_t *a, uint64_t *b)
{
	uint64_t t = *a;

	*a = *b;
	*b = t;
}

static inline uint64_t med3(uint64_t a, uint64_t b, uint64_t c)
{
	if (a < b)
		return b < c ? b : a < c ? c : a;
	return a < c ? a : b < c ? c : b;
}

/* a pivot value for v[lo..hi): median of three, or Tukey's ninther */
static uint64_t pivot(const uint64_t *v, size_t lo, size_t hi)
{
	size_t n = hi - lo, m = lo + n / 2;

	if (n < 40)
		return med3(v[lo], v[m], v[hi - 1]);
	n /= 8;
	return med3(med3(v[lo], v[lo + n], v[lo + 2 * n]),
		    med3(v[m - n], v[m], v[m + n]),
		    med3(v[hi - 1 - 2 * n], v[hi - 1 - n], v[hi - 1]));
}

uint64_t lttr_dist_select(uint64_t *v, size_t n, size_t k)
{
	size_t lo = 0, hi = n;

	while (hi - lo > 1) {
		uint64_t p = pivot(v, lo, hi);
		size_t lt = lo, i = lo, gt = hi;

		/* v[lo..lt) < p, v[lt..i) == p, v[gt..hi) > p */
		while (i < gt) {
			if (v[i] < p)
				swap(&v[lt++], &v[i++]);
			else if (v[i] > p)
				swap(&v[i], &v[--gt]);
			else
				i++;
		}
		if (k < lt)
			hi = lt;
		else if (k >= gt)
			lo = gt;
		else
			return p;
	}
	return v[k];
}

/* floor(sqrt(x)) */
static uint64_t isqrt(unsigned __int128 x)
{
	unsigned __int128 r = (unsigned __int128)sqrtl((long double)x);

	while (r && r * r > x)
		r--;
	while ((r + 1) * (r + 1) <= x)
		r++;
	return (uint64_t)r;
}

void lttr_dist_compute(uint64_t *v, size_t n, struct lttr_dist *out)
{
	static const unsigned int pm[4] = { 500, 900, 990, 999 };
	uint64_t *res[4] = { &out->p50, &out->p90, &out->p99, &out->p999 };
	unsigned __int128 sum = 0, sq = 0, num;
	size_t i, from = 0;

	*out = (struct lttr_dist){ .stddev = 0 };
	if (!n)
		return;
	for (i = 0; i < n; i++) {
		lttr_lat_add(&out->lat, v[i]);
		sum += v[i];
		sq += (unsigned __int128)v[i] * v[i];
	}
	/* increasing ranks: each selection leaves the larger ones after it */
	for (i = 0; i < 4; i++) {
		size_t k = lttr_dist_rank(n, pm[i]);

		*res[i] = lttr_dist_select(v + from, n - from, k - from);
		from = k;
	}
	num = (unsigned __int128)n * sq - sum * sum;
	out->stddev = isqrt(num / ((unsigned __int128)n * n));
}
