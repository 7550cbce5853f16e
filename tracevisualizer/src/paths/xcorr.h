/* SPDX-License-Identifier: GPL-2.0 */
/*
 * xcorr.h - internal: message-count signals and their cross-correlation
 * by FFT (FFTW), for the convolution algorithm.
 */
#ifndef LTTR_PATHS_XCORR_H
#define LTTR_PATHS_XCORR_H

#include <stddef.h>
#include <stdint.h>

struct lttr_xcorr;

/*
 * A stretch of the signal: the quanta @first..@last (counted from t0)
 * are the signal's @offset.. onwards.  Between two stretches, the empty
 * quanta beyond the longest lag are cut: no lag within it joins two
 * messages across them, so the correlation is the same.
 */
struct lttr_xcorr_seg {
	uint64_t first;
	uint64_t last;
	uint64_t offset;
};

/*
 * A correlator of signals of @len quanta of @quantum_ns from @t0_ns, its
 * @nseg stretches @seg (kept, sorted; a time in none is left out), for
 * lags -@maxlag..@maxlag.  NULL when out of memory.
 */
struct lttr_xcorr *lttr_xcorr_new(size_t len, size_t maxlag, uint64_t t0_ns,
				  uint64_t quantum_ns, const struct lttr_xcorr_seg *seg,
				  size_t nseg);
void lttr_xcorr_free(struct lttr_xcorr *x);

/*
 * C(d) = sum over t of s2(t + d) s1(t), s = sqrt(messages per quantum),
 * of the times @t1 (n1) and @t2 (n2), for d in -maxlag..maxlag: the
 * result's [maxlag + d], valid until the next call.
 */
const double *lttr_xcorr_run(struct lttr_xcorr *x, const uint64_t *t1, size_t n1,
			     const uint64_t *t2, size_t n2);

#endif
