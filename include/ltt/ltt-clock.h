/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ltt-clock.h - the test clock of the trace module (docs/ltt_tracer.4):
 * with the module parameters clock_offset_ns and clock_drift_ppb, every
 * time the module writes is t' = t + offset + t * drift / 10^9 (t the
 * CLOCK_MONOTONIC time, drift in parts per billion), and traced writes
 * the times of the trace header on the same clock.  One formula, here,
 * for both, so that the two agree to the nanosecond.  A test facility,
 * for the synchronisation of several hosts' traces (docs/multihost.md):
 * the tests know the truth they must recover.  Not part of the ABI.
 */
#ifndef _LTT_CLOCK_H
#define _LTT_CLOCK_H

#include <linux/types.h>

#define LTT_CLOCK_OFFSET_MAX_NS	1000000000000000LL	/* 10^6 s */
#define LTT_CLOCK_DRIFT_MAX_PPB	1000000			/* 1000 ppm */

/*
 * t + offset_ns + t * drift_ppb / 10^9, the product split into seconds
 * and nanoseconds so that it cannot overflow (t's seconds times 10^6
 * ppb at most); rounded toward zero, which keeps it non-decreasing in t.
 * With 0 <= offset_ns <= LTT_CLOCK_OFFSET_MAX_NS and |drift_ppb| <=
 * LTT_CLOCK_DRIFT_MAX_PPB, the result is never below 0.999 t.  (The
 * 64-bit divisions are plain ones: the module is built for x86_64.)
 */
static inline __u64 ltt_clock_skew(__u64 t, __s64 offset_ns, __s32 drift_ppb)
{
	__s64 sec = (__s64)(t / 1000000000U);
	__s64 nsec = (__s64)(t % 1000000000U);

	return t + (__u64)(offset_ns + sec * drift_ppb +
			   nsec * drift_ppb / 1000000000);
}

#endif /* _LTT_CLOCK_H */
