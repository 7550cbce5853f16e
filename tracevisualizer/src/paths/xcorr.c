// SPDX-License-Identifier: GPL-2.0
/*
 * xcorr.c - the convolution algorithm's signals and their
 * cross-correlation: per quantum the square root of the messages in it
 * (Aguilera et al. 5.2.1), correlated through FFTW's real transforms
 * (zero-padded so that no lag wraps around).  <complex.h> comes first, so
 * that fftw_complex is C99's double complex.  FFTW's planner is not
 * thread-safe: one correlator at a time in a process.
 */
#include <complex.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <fftw3.h>
#include "paths/xcorr.h"

struct lttr_xcorr {
	size_t len;
	size_t maxlag;
	size_t nfft;
	uint64_t t0;
	uint64_t quantum;
	const struct lttr_xcorr_seg *seg;
	size_t nseg;
	double *a;		/* s1, then the result */
	double *b;		/* s2 */
	fftw_complex *fa;
	fftw_complex *fb;
	fftw_plan pa;
	fftw_plan pb;
	fftw_plan inv;
	double *out;		/* 2 maxlag + 1 lags */
};

struct lttr_xcorr *lttr_xcorr_new(size_t len, size_t maxlag, uint64_t t0_ns,
				  uint64_t quantum_ns, const struct lttr_xcorr_seg *seg,
				  size_t nseg)
{
	struct lttr_xcorr *x = calloc(1, sizeof(*x));
	size_t n = 2;

	if (!x)
		return NULL;
	/* a power of two that holds a signal and the longest lag after it */
	while (n < len + maxlag + 1)
		n *= 2;
	x->len = len;
	x->maxlag = maxlag;
	x->nfft = n;
	x->t0 = t0_ns;
	x->quantum = quantum_ns;
	x->seg = seg;
	x->nseg = nseg;
	x->a = fftw_malloc(n * sizeof(double));
	x->b = fftw_malloc(n * sizeof(double));
	x->fa = fftw_malloc((n / 2 + 1) * sizeof(fftw_complex));
	x->fb = fftw_malloc((n / 2 + 1) * sizeof(fftw_complex));
	x->out = malloc((2 * maxlag + 1) * sizeof(double));
	if (!x->a || !x->b || !x->fa || !x->fb || !x->out) {
		lttr_xcorr_free(x);
		return NULL;
	}
	x->pa = fftw_plan_dft_r2c_1d((int)n, x->a, x->fa, FFTW_ESTIMATE);
	x->pb = fftw_plan_dft_r2c_1d((int)n, x->b, x->fb, FFTW_ESTIMATE);
	x->inv = fftw_plan_dft_c2r_1d((int)n, x->fa, x->a, FFTW_ESTIMATE);
	if (!x->pa || !x->pb || !x->inv) {
		lttr_xcorr_free(x);
		return NULL;
	}
	return x;
}

void lttr_xcorr_free(struct lttr_xcorr *x)
{
	if (!x)
		return;
	if (x->pa)
		fftw_destroy_plan(x->pa);
	if (x->pb)
		fftw_destroy_plan(x->pb);
	if (x->inv)
		fftw_destroy_plan(x->inv);
	fftw_free(x->a);
	fftw_free(x->b);
	fftw_free(x->fa);
	fftw_free(x->fb);
	free(x->out);
	free(x);
}

/* the signal's point of quantum @q (from t0): through its stretch */
static uint64_t point(const struct lttr_xcorr *x, uint64_t q)
{
	size_t lo = 0, hi = x->nseg;

	/* the last stretch that starts at or before q */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (x->seg[mid].first <= q)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo || q > x->seg[lo - 1].last)
		return UINT64_MAX;
	return x->seg[lo - 1].offset + (q - x->seg[lo - 1].first);
}

/* sqrt(messages per quantum) of sorted or unsorted times into @s */
static void signal_of(const struct lttr_xcorr *x, double *s, const uint64_t *t, size_t n)
{
	size_t i;

	memset(s, 0, x->nfft * sizeof(*s));
	for (i = 0; i < n; i++) {
		uint64_t q = point(x, t[i] >= x->t0 ? (t[i] - x->t0) / x->quantum : 0);

		if (q < x->len)
			s[q] += 1;
	}
	for (i = 0; i < x->len; i++)
		if (s[i] > 0)
			s[i] = sqrt(s[i]);
}

const double *lttr_xcorr_run(struct lttr_xcorr *x, const uint64_t *t1, size_t n1,
			     const uint64_t *t2, size_t n2)
{
	size_t i, n = x->nfft;

	signal_of(x, x->a, t1, n1);
	signal_of(x, x->b, t2, n2);
	fftw_execute(x->pa);
	fftw_execute(x->pb);
	/* C = IFFT(FFT(s2) . conj(FFT(s1))) / n */
	for (i = 0; i < n / 2 + 1; i++)
		x->fa[i] = x->fb[i] * conj(x->fa[i]);
	fftw_execute(x->inv);
	for (i = 0; i <= x->maxlag; i++) {
		x->out[x->maxlag + i] = x->a[i] / (double)n;
		if (i)
			x->out[x->maxlag - i] = x->a[n - i] / (double)n;
	}
	return x->out;
}
