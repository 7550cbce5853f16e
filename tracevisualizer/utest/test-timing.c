// SPDX-License-Identifier: GPL-2.0
/*
 * test-timing.c - the latency analyses (lttr_timing_compute()) and the
 * distributions they give (lttr_dist_compute()).
 *
 * Distributions: the percentiles (nearest rank) and standard deviation of
 * known sets, of sets full of equal values, and of random sets against a
 * sorted copy.  Hand-built traces whose every instance is worked out:
 * scenario A (a preemption, two wakeups, a read that blocks and waits
 * for the CPU, a nanosleep, a timer irq), scenario S (softirqs with a
 * nested irq, in a syscall and in ksoftirqd), scenario T (a periodic
 * clock_nanosleep: an activation from the idle task's timer irq, one
 * delayed by a CPU hog, a sleep with nothing left, one ended early),
 * scenario R (softirq raises, format 1.4, to the handler's entry per CPU).
 * A simulated two-CPU trace (simtrace.c): every group's figures against
 * the raw instances (count, total, min, max, histogram, percentiles,
 * standard deviation, parts, worst, over the threshold), every instance's
 * parts adding up to its duration, the system-wide groups the sums of the
 * per-task ones, the figures equal to the accounting's (scheduling
 * latency, syscalls, irqs, softirqs), a window and a pid filter giving
 * exactly the instances they select.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/analysis/distribution.h>
#include <lttr/analysis/timing.h>
#include <lttr/output/timing-text.h>
#include "tap.h"
#include "tracegen.h"
#include "scenarios.h"
#include "simtrace.h"

#define T0 1000000000ULL

static uint64_t rs = 2463534242ULL;

static uint64_t rnd(uint64_t n)
{
	rs ^= rs << 13;
	rs ^= rs >> 7;
	rs ^= rs << 17;
	return n ? rs % n : 0;
}

static int cmp_u64(const void *pa, const void *pb)
{
	uint64_t a = *(const uint64_t *)pa, b = *(const uint64_t *)pb;

	return a < b ? -1 : a > b;
}

/* floor(sqrt(x)) by bisection (the library uses sqrtl and fixes it up) */
static uint64_t isqrt_bisect(unsigned __int128 x)
{
	uint64_t lo = 0, hi = UINT64_MAX;

	while (lo < hi) {
		uint64_t mid = lo + (hi - lo) / 2 + (hi - lo) % 2;

		if ((unsigned __int128)mid * mid <= x)
			lo = mid;
		else
			hi = mid - 1;
	}
	return lo;
}

/* the distribution of @v worked out by sorting; true when @d agrees */
static bool dist_ok(const uint64_t *v, size_t n, const struct lttr_dist *d, const char *what)
{
	static const unsigned int pm[4] = { 500, 900, 990, 999 };
	uint64_t *s = malloc((n ? n : 1) * sizeof(*s)), got[4] = { d->p50, d->p90, d->p99, d->p999 };
	unsigned __int128 sum = 0, sq = 0;
	uint64_t hist[LTTR_HIST_BUCKETS] = { 0 };
	bool good = true;
	size_t i;

	if (!s)
		return false;
	memcpy(s, v, n * sizeof(*s));
	qsort(s, n, sizeof(*s), cmp_u64);
	for (i = 0; i < n; i++) {
		sum += s[i];
		sq += (unsigned __int128)s[i] * s[i];
		hist[lttr_lat_bucket(s[i])]++;
	}
	good &= d->lat.count == n && d->lat.total == (uint64_t)sum &&
		d->lat.min == (n ? s[0] : 0) && d->lat.max == (n ? s[n - 1] : 0) &&
		!memcmp(hist, d->lat.hist, sizeof(hist));
	for (i = 0; i < 4; i++) {
		/* rank ceil(n * pm / 1000), 1-based */
		size_t rank = (size_t)(((unsigned __int128)n * pm[i] + 999) / 1000);
		uint64_t want = n ? s[rank ? rank - 1 : 0] : 0;

		if (got[i] != want) {
			good = false;
			tap_diag("%s: the %u per mille percentile is %llu, want %llu", what, pm[i],
				 (unsigned long long)got[i], (unsigned long long)want);
		}
	}
	if (n && d->stddev != isqrt_bisect((n * sq - sum * sum) / ((unsigned __int128)n * n))) {
		good = false;
		tap_diag("%s: stddev %llu", what, (unsigned long long)d->stddev);
	}
	if (!n && d->stddev)
		good = false;
	free(s);
	return good;
}

static void test_dist(void)
{
	uint64_t v[1000], w[1000];
	struct lttr_dist d;
	size_t i;
	int round;
	bool good = true;

	for (i = 0; i < 1000; i++)
		v[i] = 1000 - i;	/* 1..1000, backwards */
	lttr_dist_compute(v, 1000, &d);
	/* the variance of 1..n is (n^2 - 1) / 12: 83333.25, sqrt 288.67 */
	ok(d.p50 == 500 && d.p90 == 900 && d.p99 == 990 && d.p999 == 999 &&
	   d.lat.min == 1 && d.lat.max == 1000 && d.lat.total == 500500 && d.stddev == 288,
	   "1..1000: p50 500, p90 900, p99 990, p99.9 999, stddev 288 (%llu %llu %llu %llu %llu)",
	   (unsigned long long)d.p50, (unsigned long long)d.p90, (unsigned long long)d.p99,
	   (unsigned long long)d.p999, (unsigned long long)d.stddev);
	lttr_dist_compute(v, 0, &d);
	ok(!d.lat.count && !d.p50 && !d.p999 && !d.stddev && !d.lat.max, "no durations: all zero");
	v[0] = 7;
	lttr_dist_compute(v, 1, &d);
	ok(d.p50 == 7 && d.p90 == 7 && d.p999 == 7 && d.stddev == 0 && d.lat.min == 7,
	   "one duration: every percentile is it");
	v[0] = 20;
	v[1] = 100;
	lttr_dist_compute(v, 2, &d);
	/* ranks ceil(1) = 1, ceil(1.8) = 2; variance (2 * 10400 - 120^2) / 4 = 1600 */
	ok(d.p50 == 20 && d.p90 == 100 && d.p99 == 100 && d.stddev == 40,
	   "20 and 100: p50 20, p90 100, stddev 40");
	for (i = 0; i < 1000; i++)
		v[i] = 5;
	lttr_dist_compute(v, 1000, &d);
	ok(d.p50 == 5 && d.p999 == 5 && d.stddev == 0, "1000 equal durations");
	{
		struct lttr_lat l = { .count = 0 };
		unsigned int f = 9, la = 9;

		ok(lttr_lat_span(&l, &f, &la) == 0 && f == 0 && la == 0,
		   "an empty histogram spans nothing");
		lttr_lat_add(&l, 5);	/* bucket 2 */
		lttr_lat_add(&l, 6);
		lttr_lat_add(&l, 1000);	/* bucket 9 */
		ok(lttr_lat_span(&l, &f, &la) == 2 && f == 2 && la == 9,
		   "a histogram spans buckets 2 to 9, 2 at most in one");
	}
	{
		/* rows of a table: one axis for all, cells summing buckets */
		struct lttr_lat a = { .count = 0 }, b = { .count = 0 }, e = { .count = 0 };
		struct lttr_lat_scale s;
		uint64_t lo, hi;

		lttr_lat_add(&a, 5);	/* bucket 2 */
		lttr_lat_add(&a, 6);
		lttr_lat_add(&a, 40);	/* bucket 5 */
		lttr_lat_add(&b, 1000);	/* bucket 9 */
		lttr_lat_add(&b, 1023);
		lttr_lat_add(&b, 3000);	/* bucket 11 */
		lttr_lat_scale_init(&s);
		lttr_lat_scale_add(&s, &e);
		lttr_lat_scale_fit(&s, 20);
		ok(s.cells == 0 && lttr_lat_scale_max(&s, &a) == 0,
		   "a common axis of empty histograms has no cell");
		lttr_lat_scale_add(&s, &a);
		lttr_lat_scale_add(&s, &b);
		lttr_lat_scale_fit(&s, 20);
		lttr_lat_scale_bounds(&s, 0, s.cells - 1, &lo, &hi);
		ok(s.first == 2 && s.last == 11 && s.per_cell == 1 && s.cells == 10 &&
		   lttr_lat_scale_cell(&s, &a, 0) == 2 && lttr_lat_scale_cell(&s, &a, 3) == 1 &&
		   lttr_lat_scale_cell(&s, &b, 0) == 0 && lttr_lat_scale_cell(&s, &b, 7) == 2 &&
		   lttr_lat_scale_cell(&s, &b, 9) == 1 && lttr_lat_scale_cell(&s, &b, 10) == 0 &&
		   lo == 4 && hi == 4096,
		   "a common axis: buckets 2 to 11 of both rows, a cell each, the same cell the "
		   "same durations in each row, [4 ns, 4096 ns) in all");
		lttr_lat_scale_fit(&s, 4);
		lttr_lat_scale_bounds(&s, 1, 1, &lo, &hi);
		ok(s.per_cell == 3 && s.cells == 4 && lttr_lat_scale_cell(&s, &a, 0) == 2 &&
		   lttr_lat_scale_cell(&s, &a, 1) == 1 && lttr_lat_scale_cell(&s, &b, 2) == 2 &&
		   lttr_lat_scale_cell(&s, &b, 3) == 1 && lttr_lat_scale_max(&s, &b) == 2 &&
		   lo == 32 && hi == 256,
		   "fitted in 4 cells: 3 buckets per cell ([32 ns, 256 ns) the second), counts summed");
	}
	ok(lttr_dist_rank(1000, 999) == 998 && lttr_dist_rank(1001, 999) == 999 &&
	   lttr_dist_rank(10, 500) == 4 && lttr_dist_rank(0, 500) == 0 && lttr_dist_rank(1, 999) == 0,
	   "nearest ranks");
	for (round = 0; round < 200 && good; round++) {
		size_t n = 1 + rnd(1000);

		for (i = 0; i < n; i++)	/* few distinct values, or spread */
			v[i] = round % 3 == 0 ? rnd(4) : round % 3 == 1 ? rnd(1ULL << 40) :
			       (1ULL << rnd(30)) + rnd(7);
		memcpy(w, v, n * sizeof(*v));
		lttr_dist_compute(w, n, &d);
		good &= dist_ok(v, n, &d, "random");
	}
	ok(good, "200 random sets (few values, spread, powers of two): every figure as sorted");
}

static struct lttr_timing *timing(struct lttr_trace *t, unsigned int kind, bool all,
				  size_t nworst, const struct lttr_timing_query *more)
{
	struct lttr_timing_query q;
	struct lttr_timing *r = NULL;
	struct lttr_error err;

	if (more)
		q = *more;
	else
		memset(&q, 0, sizeof(q));
	q.kind = kind;
	q.all = all;
	q.nworst = nworst;
	if (!more)
		q.to_ns = UINT64_MAX;
	if (lttr_timing_compute(t, &q, &r, &err) < 0) {
		tap_diag("%s: %s", lttr_timing_kind_name(kind), err.msg);
		return NULL;
	}
	return r;
}

static bool inst_is(const struct lttr_timing_inst *in, unsigned int sub, uint64_t start,
		    uint64_t end, uint32_t pid, uint32_t what, unsigned int cpu)
{
	return in->sub == sub && in->start_ns == T0 + start && in->end_ns == T0 + end &&
	       in->pid == pid && in->what == what && in->cpu == cpu;
}

static uint64_t psum(const struct lttr_timing_inst *in)
{
	uint64_t s = 0;
	unsigned int p;

	for (p = 0; p < LTTR_PART_COUNT; p++)
		s += in->part[p];
	return s;
}

static void test_a(void)
{
	struct lttr_trace *t;
	struct lttr_error err;
	struct lttr_timing *r;
	const struct lttr_timing_group *g;
	const struct lttr_timing_inst *in;

	if (tg_open("a", A_DESC, 0, &t, &err)) {
		ok(0, "scenario A opens: %s", err.msg);
		return;
	}
	r = timing(t, LTTR_TIMING_WAKEUP, true, 10, NULL);
	ok(r && r->ninst == 4, "A wakeup: 4 instances (2 wakeups, 2 preemptions)");
	if (r && r->ninst == 4) {
		in = r->inst;
		ok(inst_is(&in[0], LTTR_SUB_PREEMPT, 300, 450, 5, 0, 0) &&
		   inst_is(&in[1], LTTR_SUB_WAKEUP, 500, 600, 6, 0, 0) &&
		   inst_is(&in[2], LTTR_SUB_PREEMPT, 600, 900, 5, 0, 0) &&
		   inst_is(&in[3], LTTR_SUB_WAKEUP, 800, 820, 6, 0, 0),
		   "A: 5 preempted 300-450 and 600-900, 6 woken at 500 runs at 600, woken at 800 runs at 820");
		ok(in[1].waker.known && in[1].waker.pid == 5 && in[1].waker.mode == LTTR_MODE_USER &&
		   in[1].waker.cpu == 0 && in[1].waker.time_ns == T0 + 500 &&
		   lttr_waker_is_task(&in[1].waker),
		   "A: the first wakeup's waker is 5, in user mode, on cpu 0");
		ok(in[3].waker.known && in[3].waker.pid == 0 && in[3].waker.mode == LTTR_MODE_IDLE &&
		   !lttr_waker_is_task(&in[3].waker), "A: the second is the idle task's");
		ok(in[1].part[LTTR_PART_RUNNABLE] == 100 && psum(&in[1]) == 100,
		   "A: a wakeup latency is all runnable");
	}
	g = r ? lttr_timing_find(r, LTTR_TG_ALL, LTTR_SUB_WAKEUP, 0, false, 0) : NULL;
	/* 20 and 100: p50 20, p90 100, stddev 40 */
	ok(g && g->dist.lat.count == 2 && g->dist.lat.total == 120 && g->dist.p50 == 20 &&
	   g->dist.p90 == 100 && g->dist.stddev == 40 && g->nworst == 2 &&
	   g->worst[0].start_ns == T0 + 500 && g->worst[1].start_ns == T0 + 800,
	   "A: wakeup of all tasks: 2, 120 ns, p50 20, p90 100, stddev 40, worst 100 then 20");
	g = r ? lttr_timing_find(r, LTTR_TG_TASK, LTTR_SUB_PREEMPT, 0, false, 5) : NULL;
	ok(g && g->dist.lat.count == 2 && g->dist.lat.min == 150 && g->dist.lat.max == 300,
	   "A: task 5's preemptions, 150 and 300 ns");
	ok(r && !lttr_timing_find(r, LTTR_TG_TASK, LTTR_SUB_PREEMPT, 0, false, 6),
	   "A: 6, preempted at 900 until the end, has no preemption instance");
	lttr_timing_free(r);

	r = timing(t, LTTR_TIMING_SYSCALL, true, 10, NULL);
	ok(r && r->ninst == 3 && !r->unmatched, "A syscall: 3 calls");
	if (r && r->ninst == 3) {
		in = r->inst;
		ok(inst_is(&in[0], LTTR_SUB_CALL, 100, 150, 5, 1, 0) &&
		   in[0].part[LTTR_PART_CPU] == 50 && psum(&in[0]) == 50,
		   "A: write 100-150, all on the CPU");
		ok(inst_is(&in[1], LTTR_SUB_CALL, 400, 650, 6, 0, 0) &&
		   in[1].part[LTTR_PART_CPU] == 100 && in[1].part[LTTR_PART_RUNNABLE] == 100 &&
		   in[1].part[LTTR_PART_BLOCKED + LTTR_BLOCK_IO] == 50 && psum(&in[1]) == 250,
		   "A: read 400-650: 100 on the CPU, 50 blocked (io), 100 runnable");
		ok(inst_is(&in[2], LTTR_SUB_CALL, 700, 830, 6, 35, 0) &&
		   in[2].part[LTTR_PART_CPU] == 20 && in[2].part[LTTR_PART_RUNNABLE] == 20 &&
		   in[2].part[LTTR_PART_BLOCKED + LTTR_BLOCK_SLEEP] == 90 && psum(&in[2]) == 130,
		   "A: nanosleep 700-830: 20 on the CPU, 90 blocked (sleep), 20 runnable");
	}
	g = r ? lttr_timing_find(r, LTTR_TG_ALL, LTTR_SUB_CALL, 0, false, 0) : NULL;
	ok(g && g->dist.lat.count == 3 && g->dist.lat.total == 430 && g->part[LTTR_PART_CPU] == 170 &&
	   g->part[LTTR_PART_RUNNABLE] == 120 && g->dist.p50 == 130,
	   "A: every call: 3, 430 ns, 170 on a CPU, 120 runnable, median 130");
	lttr_timing_free(r);

	r = timing(t, LTTR_TIMING_IRQ, true, 10, NULL);
	ok(r && r->ninst == 1 && inst_is(&r->inst[0], LTTR_SUB_HANDLER, 200, 210, 5, 236, 0) &&
	   r->inst[0].sysvec && r->inst[0].part[LTTR_PART_CPU] == 10,
	   "A irq: the local timer 200-210 over 5");
	lttr_timing_free(r);
	lttr_trace_close(t);
}

static void test_s(void)
{
	struct lttr_trace *t;
	struct lttr_error err;
	struct lttr_timing *r;
	const struct lttr_timing_inst *in;

	if (tg_open("s", S_DESC, 0, &t, &err)) {
		ok(0, "scenario S opens: %s", err.msg);
		return;
	}
	r = timing(t, LTTR_TIMING_SOFTIRQ, true, 10, NULL);
	ok(r && r->ninst == 3 && !r->raises, "S softirq: 3 handlers, no raise recorded");
	if (r && r->ninst == 3) {
		in = r->inst;
		ok(inst_is(&in[0], LTTR_SUB_HANDLER, 220, 300, 5, 3, 0) &&
		   in[0].part[LTTR_PART_CPU] == 70 && in[0].part[LTTR_PART_INTR] == 10,
		   "S: NET_RX 220-300 at an irq's exit: 70 in it, 10 in the irq nested");
		ok(inst_is(&in[1], LTTR_SUB_HANDLER, 400, 430, 5, 1, 0) &&
		   in[1].part[LTTR_PART_CPU] == 30, "S: TIMER 400-430 in a syscall");
		ok(inst_is(&in[2], LTTR_SUB_HANDLER, 650, 750, 9, 3, 0) &&
		   in[2].part[LTTR_PART_CPU] == 100, "S: NET_RX 650-750 in ksoftirqd");
	}
	lttr_timing_free(r);
	r = timing(t, LTTR_TIMING_IRQ, true, 10, NULL);
	ok(r && r->ninst == 2 && inst_is(&r->inst[0], LTTR_SUB_HANDLER, 200, 310, 5, 4, 0) &&
	   r->inst[0].part[LTTR_PART_CPU] == 40 && r->inst[0].part[LTTR_PART_SOFTIRQ] == 70 &&
	   inst_is(&r->inst[1], LTTR_SUB_HANDLER, 240, 250, 5, 236, 0),
	   "S irq: irq 4 200-310 (40 in irqs, the nested one too, 70 in the softirq at its exit); the timer 240-250");
	lttr_timing_free(r);
	r = timing(t, LTTR_TIMING_SYSCALL, true, 10, NULL);
	ok(r && r->ninst == 1 && inst_is(&r->inst[0], LTTR_SUB_CALL, 100, 500, 5, 0, 0) &&
	   r->inst[0].part[LTTR_PART_CPU] == 260 && r->inst[0].part[LTTR_PART_INTR] == 40 &&
	   r->inst[0].part[LTTR_PART_SOFTIRQ] == 100,
	   "S syscall: read 100-500: 260 in it, 40 in irqs, 100 in softirqs");
	lttr_timing_free(r);
	r = timing(t, LTTR_TIMING_WAKEUP, true, 10, NULL);
	ok(r && r->ninst == 1 && inst_is(&r->inst[0], LTTR_SUB_PREEMPT, 600, 800, 5, 0, 0),
	   "S wakeup: 5 preempted by ksoftirqd 600-800; ksoftirqd's first run is no instance");
	lttr_timing_free(r);
	lttr_trace_close(t);
}

static void test_t(void)
{
	struct lttr_trace *t;
	struct lttr_error err;
	struct lttr_timing *r;
	const struct lttr_timing_group *g;
	const struct lttr_timing_inst *in;

	if (tg_open("t", T_DESC, 0, &t, &err)) {
		ok(0, "scenario T opens: %s", err.msg);
		return;
	}
	r = timing(t, LTTR_TIMING_TIMER, true, 10, NULL);
	ok(r && r->ninst == 2, "T timer: 2 activations");
	if (r && r->ninst == 2) {
		in = r->inst;
		ok(inst_is(&in[0], LTTR_SUB_TIMER, 1110, 1180, 7, 0, 0) &&
		   in[0].part[LTTR_PART_TIMER] == 50 && in[0].part[LTTR_PART_RUNNABLE] == 20 &&
		   in[0].waker.pid == 0 && in[0].waker.mode == LTTR_MODE_IRQ &&
		   in[0].waker.ctx == 236 && in[0].waker.sysvec && !in[0].period_ns,
		   "T: deadline 1110, woken at 1160 by the timer irq over the idle task, runs at 1180");
		ok(inst_is(&in[1], LTTR_SUB_TIMER, 2110, 2500, 7, 0, 0) &&
		   in[1].part[LTTR_PART_TIMER] == 20 && in[1].part[LTTR_PART_RUNNABLE] == 370 &&
		   in[1].waker.pid == 8 && in[1].waker.mode == LTTR_MODE_IRQ &&
		   in[1].period_ns == 1000 && in[1].actual_ns == 1320,
		   "T: deadline 2110, woken at 2130 over the hog, runs at 2500; period 1000 expected, 1320 actual");
	}
	g = r ? lttr_timing_find(r, LTTR_TG_TASK, LTTR_SUB_TIMER, 0, false, 7) : NULL;
	ok(g && g->dist.lat.count == 2 && g->dist.lat.max == 390 && g->zero_left == 1 &&
	   g->early == 1 && g->period.lat.count == 1 && g->period.p50 == 1000 &&
	   g->actual.lat.count == 1 && g->actual.lat.max == 1320 && g->nworst == 2 &&
	   g->worst[0].start_ns == T0 + 2110,
	   "T: task 7: 2 activations (70, 390), 1 sleep with nothing left, 1 ended early, period 1000");
	lttr_timing_free(r);
	r = timing(t, LTTR_TIMING_WAKEUP, true, 10, NULL);
	g = r ? lttr_timing_find(r, LTTR_TG_TASK, LTTR_SUB_WAKEUP, 0, false, 7) : NULL;
	ok(g && g->dist.lat.count == 3 && g->dist.lat.total == 20 + 370 + 100 &&
	   g->worst[1].waker.pid == 8 && g->worst[1].waker.mode == LTTR_MODE_USER,
	   "T wakeup: 7 woken 3 times (20, 370, 100 ns); the last by the hog in user mode");
	g = r ? lttr_timing_find(r, LTTR_TG_TASK, LTTR_SUB_PREEMPT, 0, false, 8) : NULL;
	ok(g && g->dist.lat.count == 1 && g->dist.lat.min == 220,
	   "T: the hog preempted at 2500 runs again at 2720 (its preemption at 3100 never ends)");
	lttr_timing_free(r);
	lttr_trace_close(t);
}

/*
 * Softirq raises (format 1.4): NET_RX raised in an irq at 120 runs at
 * 140 (its handler raises it again at 150: pending until its next run at
 * 400); TIMER raised at 200 and 210 runs at 300 (one instance, from the
 * first raise); RCU raised at 600 never runs; on cpu 1 NET_RX raised at
 * 130 runs at 180 there, not at 140 on cpu 0.
 */
#define R_DESC \
	"header ncpus=2 format=1.4 events=all end=1000001000\n" \
	"proc PID: 5; PPID: 1; TGID: 5; NAME: a\n" \
	"buf cpu=0 start=1000000000 pid=5\n" \
	"1000000000 start 5 0\n" \
	"1000000100 syscall_entry 0\n" \
	"1000000110 irq_entry 4 0\n" \
	"1000000120 softirq_raise 3\n" \
	"1000000140 softirq_entry 3\n" \
	"1000000150 softirq_raise 3\n" \
	"1000000160 softirq_exit 3\n" \
	"1000000170 irq_exit 4 0\n" \
	"1000000200 softirq_raise 1\n" \
	"1000000210 softirq_raise 1\n" \
	"1000000300 softirq_entry 1\n" \
	"1000000310 softirq_exit 1\n" \
	"1000000400 softirq_entry 3\n" \
	"1000000410 softirq_exit 3\n" \
	"1000000500 syscall_exit 0 0\n" \
	"1000000600 softirq_raise 9\n" \
	"buf cpu=1 start=1000000000 pid=0\n" \
	"1000000000 start 0 1\n" \
	"1000000130 softirq_raise 3\n" \
	"1000000180 softirq_entry 3\n" \
	"1000000190 softirq_exit 3\n"

static void test_raise(void)
{
	struct lttr_trace *t;
	struct lttr_error err;
	struct lttr_timing *r;
	const struct lttr_timing_group *g;
	const struct lttr_timing_inst *in;

	if (tg_open("raise", R_DESC, 0, &t, &err)) {
		ok(0, "scenario R opens: %s", err.msg);
		return;
	}
	r = timing(t, LTTR_TIMING_SOFTIRQ, true, 10, NULL);
	ok(r && r->raises, "R: a format 1.4 trace with softirq_raise in its mask records raises");
	in = r ? r->inst : NULL;
	ok(r && r->ninst == 8 &&
	   inst_is(&in[0], LTTR_SUB_RAISE, 120, 140, 5, 3, 0) &&
	   inst_is(&in[1], LTTR_SUB_RAISE, 130, 180, 0, 3, 1) &&
	   inst_is(&in[2], LTTR_SUB_HANDLER, 140, 160, 5, 3, 0) &&
	   inst_is(&in[3], LTTR_SUB_RAISE, 150, 400, 5, 3, 0) &&
	   inst_is(&in[5], LTTR_SUB_RAISE, 200, 300, 5, 1, 0) &&
	   in[5].part[LTTR_PART_PENDING] == 100 && psum(&in[5]) == 100,
	   "R: raise to entry per CPU and vector, from the first raise since the last entry: NET_RX 120-140, 150-400 on cpu 0, 130-180 on cpu 1; TIMER 200-300; RCU never runs");
	g = r ? lttr_timing_find(r, LTTR_TG_WHAT, LTTR_SUB_RAISE, 3, false, 0) : NULL;
	ok(g && g->dist.lat.count == 3 && g->dist.lat.total == 20 + 50 + 250 && g->dist.p50 == 50,
	   "R: NET_RX raised 3 times, 320 ns pending in all, median 50");
	g = r ? lttr_timing_find(r, LTTR_TG_ALL, LTTR_SUB_HANDLER, 0, false, 0) : NULL;
	ok(g && g->dist.lat.count == 4, "R: the 4 handlers are counted apart from the raises");
	lttr_timing_free(r);
	lttr_trace_close(t);
}

/* ---- the simulated trace ---- */

static bool belongs(const struct lttr_timing_inst *in, const struct lttr_timing_group *g)
{
	return in->sub == g->sub &&
	       (g->level == LTTR_TG_ALL || (in->what == g->what && in->sysvec == g->sysvec)) &&
	       (g->level != LTTR_TG_TASK || in->pid == g->pid);
}

static int cmp_worse(const void *pa, const void *pb)
{
	const struct lttr_timing_inst *a = *(const struct lttr_timing_inst *const *)pa;
	const struct lttr_timing_inst *b = *(const struct lttr_timing_inst *const *)pb;
	uint64_t da = a->end_ns - a->start_ns, db = b->end_ns - b->start_ns;

	if (da != db)
		return da > db ? -1 : 1;
	if (a->start_ns != b->start_ns)
		return a->start_ns < b->start_ns ? -1 : 1;
	return a->cpu < b->cpu ? -1 : a->cpu > b->cpu;
}

/* every figure of @r against its instances (@r kept them all) */
static void check_result(const struct lttr_timing *r, size_t nworst, uint64_t thr,
			 const char *name)
{
	uint64_t *d = malloc((r->ninst + 1) * sizeof(*d));
	const struct lttr_timing_inst **w = malloc((r->ninst + 1) * sizeof(*w));
	size_t gi, i, n, nover = 0, k;
	bool good = d && w && !r->unmatched, parts = true, over = true, levels = true;

	for (i = 0; i < r->ninst && good; i++) {
		const struct lttr_timing_inst *in = &r->inst[i];
		size_t nin = 0;

		parts &= psum(in) == in->end_ns - in->start_ns && in->end_ns >= in->start_ns;
		if (in->end_ns - in->start_ns > thr) {
			over &= nover < r->nover && !memcmp(&r->over[nover], in, sizeof(*in));
			nover++;
		}
		for (gi = 0; gi < r->ngroups; gi++)
			nin += belongs(in, &r->groups[gi]);
		/* in its leaf group, its number's (syscalls) and its sub-kind's */
		levels &= nin == (r->kind == LTTR_TIMING_SYSCALL ? 3U : 2U);
	}
	ok(parts && over && nover == r->nover && levels && good,
	   "%s: %zu instances, each one's parts add up to its duration, %zu over the threshold, each in one group per level",
	   name, r->ninst, nover);
	for (gi = 0; gi < r->ngroups && good; gi++) {
		const struct lttr_timing_group *g = &r->groups[gi];
		uint64_t part[LTTR_PART_COUNT] = { 0 }, gover = 0;
		char what[160];

		for (i = n = 0; i < r->ninst; i++) {
			if (!belongs(&r->inst[i], g))
				continue;
			w[n] = &r->inst[i];
			d[n++] = r->inst[i].end_ns - r->inst[i].start_ns;
			for (k = 0; k < LTTR_PART_COUNT; k++)
				part[k] += r->inst[i].part[k];
			gover += d[n - 1] > thr;
		}
		snprintf(what, sizeof(what), "%s group %zu (level %u, sub %u, what %u, pid %u)",
			 name, gi, g->level, g->sub, g->what, g->pid);
		good &= dist_ok(d, n, &g->dist, what);
		good &= !memcmp(part, g->part, sizeof(part)) && gover == g->over;
		qsort(w, n, sizeof(*w), cmp_worse);
		good &= g->nworst == (n < nworst ? n : nworst);
		for (k = 0; k < g->nworst && good; k++)
			good &= !memcmp(&g->worst[k], w[k], sizeof(*w[k]));
		if (!good)
			tap_diag("%s: parts, over or worst differ", what);
	}
	ok(good, "%s: %zu groups: count, total, min, max, histogram, percentiles, stddev, parts, over, worst %zu as their instances give them",
	   name, r->ngroups, nworst);
	free(d);
	free(w);
}

static bool lat_eq(const struct lttr_lat *a, const struct lttr_lat *b)
{
	return a->count == b->count && a->total == b->total && a->min == b->min &&
	       a->max == b->max && !memcmp(a->hist, b->hist, sizeof(a->hist));
}

/* the figures the accounting has too are its figures */
static void check_account(struct lttr_trace *t, struct lttr_timing *const *r)
{
	const struct lttr_account *a = r[LTTR_TIMING_SYSCALL]->acct;
	const struct lttr_timing_group *g;
	size_t i, k, n = 0;
	bool good = true;

	g = lttr_timing_find(r[LTTR_TIMING_WAKEUP], LTTR_TG_ALL, LTTR_SUB_WAKEUP, 0, false, 0);
	good &= g && lat_eq(&g->dist.lat, &a->sched_lat);
	for (i = 0; i < a->ntasks; i++) {
		const struct lttr_acct_task *tk = &a->tasks[i];

		g = lttr_timing_find(r[LTTR_TIMING_WAKEUP], LTTR_TG_TASK, LTTR_SUB_WAKEUP, 0,
				     false, tk->pid);
		good &= tk->sched_lat.count ? g && lat_eq(&g->dist.lat, &tk->sched_lat) : !g;
		for (k = 0; k < tk->nsc; k++, n++) {
			g = lttr_timing_find(r[LTTR_TIMING_SYSCALL], LTTR_TG_TASK, LTTR_SUB_CALL,
					     tk->sc[k].nr, false, tk->pid);
			good &= tk->sc[k].lat.count ? g && lat_eq(&g->dist.lat, &tk->sc[k].lat) : !g;
		}
	}
	for (i = 0; i < a->nsc; i++) {
		g = lttr_timing_find(r[LTTR_TIMING_SYSCALL], LTTR_TG_WHAT, LTTR_SUB_CALL,
				     a->sc[i].nr, false, 0);
		good &= a->sc[i].lat.count ? g && lat_eq(&g->dist.lat, &a->sc[i].lat) : !g;
	}
	for (i = 0; i < a->nirqs; i++) {
		g = lttr_timing_find(r[LTTR_TIMING_IRQ], LTTR_TG_WHAT, LTTR_SUB_HANDLER,
				     a->irqs[i].irq, a->irqs[i].sysvec, 0);
		good &= g && lat_eq(&g->dist.lat, &a->irqs[i].lat);
	}
	for (i = 0; i < a->nsoftirqs; i++) {
		g = lttr_timing_find(r[LTTR_TIMING_SOFTIRQ], LTTR_TG_WHAT, LTTR_SUB_HANDLER,
				     a->softirqs[i].vec, false, 0);
		good &= g && lat_eq(&g->dist.lat, &a->softirqs[i].lat);
	}
	(void)t;
	ok(good && a->sched_lat.count && n && a->nirqs == 2 && a->nsoftirqs == 2,
	   "sim: the scheduling latencies (system and per task), the syscalls (system and per task and number), irqs and softirqs are the accounting's (%zu task syscalls)",
	   n);
}

/* @sub holds exactly the instances of @all that @keep selects */
static bool subset(const struct lttr_timing *all, const struct lttr_timing *sub,
		   bool (*keep)(const struct lttr_timing_inst *, const void *), const void *arg)
{
	size_t i, k = 0;

	for (i = 0; i < all->ninst; i++) {
		if (!keep(&all->inst[i], arg))
			continue;
		if (k >= sub->ninst || memcmp(&sub->inst[k], &all->inst[i], sizeof(all->inst[i])))
			return false;
		k++;
	}
	return k == sub->ninst && k > 0 && k < all->ninst;
}

static bool in_win(const struct lttr_timing_inst *in, const void *arg)
{
	const uint64_t *w = arg;

	return in->start_ns >= w[0] && in->end_ns < w[1];
}

static bool of_pids(const struct lttr_timing_inst *in, const void *arg)
{
	(void)arg;
	return in->pid == 100 || in->pid == 111;
}

static void test_sim(void)
{
	static const uint32_t pids[2] = { 111, 100 };
	struct lttr_timing *r[LTTR_TIMING_KINDS] = { NULL };
	struct lttr_timing_query q;
	struct lttr_trace *t;
	struct lttr_error err;
	uint64_t end, thr = 20000, w[2];
	unsigned int k;
	char *desc = sim_desc(20000, 7, &end);

	if (!desc || tg_open("sim", desc, 0, &t, &err)) {
		ok(0, "the simulated trace opens");
		free(desc);
		return;
	}
	free(desc);
	memset(&q, 0, sizeof(q));
	q.to_ns = UINT64_MAX;
	q.has_threshold = true;
	for (k = 0; k < LTTR_TIMING_KINDS; k++) {
		char name[32];

		q.threshold_ns = k == LTTR_TIMING_IRQ || k == LTTR_TIMING_SOFTIRQ ? 500 : thr;
		r[k] = timing(t, k, true, 7, &q);
		snprintf(name, sizeof(name), "sim %s", lttr_timing_kind_name(k));
		if (!r[k] || !r[k]->ninst) {
			ok(0, "%s: instances", name);
			continue;
		}
		check_result(r[k], 7, q.threshold_ns, name);
	}
	if (r[LTTR_TIMING_WAKEUP] && r[LTTR_TIMING_SYSCALL] && r[LTTR_TIMING_IRQ] &&
	    r[LTTR_TIMING_SOFTIRQ])
		check_account(t, r);
	/* a window: the instances that start and end in it */
	w[0] = SIM_T0 + (end - SIM_T0) / 3;
	w[1] = SIM_T0 + 2 * (end - SIM_T0) / 3;
	for (k = 0; k < LTTR_TIMING_KINDS; k++) {
		struct lttr_timing *s;

		q.from_ns = w[0];
		q.to_ns = w[1];
		s = timing(t, k, true, 7, &q);
		ok(s && r[k] && subset(r[k], s, in_win, w) && s->from_ns == w[0] && s->to_ns == w[1],
		   "sim %s from 1/3 to 2/3 of the trace: exactly the instances that start and end in it",
		   lttr_timing_kind_name(k));
		lttr_timing_free(s);
	}
	q.from_ns = 0;
	q.to_ns = UINT64_MAX;
	q.pids = pids;
	q.npids = 2;
	for (k = 0; k < LTTR_TIMING_KINDS; k++) {
		struct lttr_timing *s;

		if (k == LTTR_TIMING_IRQ || k == LTTR_TIMING_SOFTIRQ)
			continue;
		s = timing(t, k, true, 7, &q);
		ok(s && r[k] && subset(r[k], s, of_pids, NULL),
		   "sim %s of tasks 111 and 100: exactly their instances", lttr_timing_kind_name(k));
		lttr_timing_free(s);
	}
	for (k = 0; k < LTTR_TIMING_KINDS; k++)
		lttr_timing_free(r[k]);
	lttr_trace_close(t);
}

static void test_names(void)
{
	ok(!strcmp(lttr_timing_kind_name(LTTR_TIMING_SYSCALL), "syscall") &&
	   lttr_timing_kind_lookup("softirq") == LTTR_TIMING_SOFTIRQ &&
	   lttr_timing_kind_lookup("nope") == -1 &&
	   !strcmp(lttr_timing_kind_name(LTTR_TIMING_KINDS), "?") &&
	   !strcmp(lttr_timing_sub_name(LTTR_SUB_PREEMPT), "preempt") &&
	   !strcmp(lttr_timing_part_name(LTTR_PART_BLOCKED + LTTR_BLOCK_CHILD), "blocked_child") &&
	   !strcmp(lttr_timing_part_name(LTTR_PART_COUNT), "?"),
	   "kind, sub-kind and part names");
}

/*
 * Scenario F (format 1.5): task 7 reads a periodic timerfd (timer 0xabc,
 * CLOCK_MONOTONIC, absolute, first expiry 1000, every 1000).
 *  - deadline 1000: blocked in read, woken at 1020 by the timer irq over
 *    the idle task, runs at 1050 (timer 20, runnable 30);
 *  - 2000: woken at 2010 over the hog, which runs on until 2100 (10, 90);
 *  - 3000: 7 works on from 2120 to 4500: its read at 4510 counts 2
 *    expiries (3000 and 4000): not waiting, late 1510, 1 missed;
 *  - 5000: blocked since 4610, woken at 5005, runs at 5020 (5, 15);
 *  - 6000: woken at 6002 before it was switched out: runs at once (2, 0);
 *  - set again at 6100 (expiry 7500, every 500): woken at 7504, runs at
 *    7510, the first of a new series (no period).
 */
#define F_DESC \
	"header format=1.5 events=all end=1000008000\n" \
	"proc PID: 7; PPID: 1; TGID: 7; NAME: tick\n" \
	"proc PID: 8; PPID: 1; TGID: 8; NAME: hog\n" \
	"buf cpu=0 start=1000000000 pid=7\n" \
	"1000000000 start 7 0\n" \
	"1000000100 syscall_entry 286\n" \
	"1000000110 timerfd_set 0xabc 3 1 1 1000001000 1000 1000001000\n" \
	"1000000120 syscall_exit 286 0\n" \
	"1000000200 syscall_entry 0\n" \
	"1000000210 sched 7 0 1\n" \
	"1000001010 irq_entry 236 2\n" \
	"1000001020 wakeup 7 0 0\n" \
	"1000001030 irq_exit 236 2\n" \
	"1000001050 sched 0 7 0\n" \
	"1000001060 timerfd_expire 0xabc 1000001000 1000 1\n" \
	"1000001070 syscall_exit 0 8\n" \
	"1000001100 syscall_entry 0\n" \
	"1000001110 sched 7 0 1\n" \
	"1000001490 irq_entry 236 2\n" \
	"1000001500 wakeup 8 0 0\n" \
	"1000001505 irq_exit 236 2\n" \
	"1000001510 sched 0 8 0\n" \
	"1000002005 irq_entry 236 2\n" \
	"1000002010 wakeup 7 0 0\n" \
	"1000002015 irq_exit 236 2\n" \
	"1000002100 sched 8 7 0\n" \
	"1000002110 timerfd_expire 0xabc 1000002000 1000 1\n" \
	"1000002120 syscall_exit 0 8\n" \
	"1000004500 syscall_entry 0\n" \
	"1000004510 timerfd_expire 0xabc 1000003000 1000 2\n" \
	"1000004520 syscall_exit 0 8\n" \
	"1000004600 syscall_entry 0\n" \
	"1000004610 sched 7 8 1\n" \
	"1000005001 irq_entry 236 2\n" \
	"1000005005 wakeup 7 0 0\n" \
	"1000005010 irq_exit 236 2\n" \
	"1000005020 sched 8 7 0\n" \
	"1000005030 timerfd_expire 0xabc 1000005000 1000 1\n" \
	"1000005040 syscall_exit 0 8\n" \
	"1000005995 syscall_entry 0\n" \
	"1000006001 irq_entry 236 2\n" \
	"1000006002 wakeup 7 0 0\n" \
	"1000006003 irq_exit 236 2\n" \
	"1000006010 timerfd_expire 0xabc 1000006000 1000 1\n" \
	"1000006020 syscall_exit 0 8\n" \
	"1000006090 syscall_entry 286\n" \
	"1000006100 timerfd_set 0xabc 3 1 1 1000007500 500 1000007500\n" \
	"1000006110 syscall_exit 286 0\n" \
	"1000006200 syscall_entry 0\n" \
	"1000006210 sched 7 8 1\n" \
	"1000007501 irq_entry 236 2\n" \
	"1000007504 wakeup 7 0 0\n" \
	"1000007506 irq_exit 236 2\n" \
	"1000007510 sched 8 7 0\n" \
	"1000007520 timerfd_expire 0xabc 1000007500 500 1\n" \
	"1000007530 syscall_exit 0 8\n"

static void test_f(void)
{
	struct lttr_trace *t;
	struct lttr_error err;
	struct lttr_timing *r;
	const struct lttr_timing_group *g;
	const struct lttr_timing_inst *in;

	if (tg_open("f", F_DESC, 0, &t, &err)) {
		ok(0, "scenario F opens: %s", err.msg);
		return;
	}
	r = timing(t, LTTR_TIMING_TIMER, true, 10, NULL);
	ok(r && r->ninst == 6 && !r->unmatched, "F timer: 6 timerfd activations, parts adding up");
	if (r && r->ninst == 6) {
		char buf[256];

		in = r->inst;
		ok(inst_is(&in[0], LTTR_SUB_TIMER, 1000, 1050, 7, 0, 0) && in[0].timerfd &&
		   in[0].part[LTTR_PART_TIMER] == 20 && in[0].part[LTTR_PART_RUNNABLE] == 30 &&
		   psum(&in[0]) == 50 && in[0].waker.mode == LTTR_MODE_IRQ &&
		   in[0].waker.ctx == 236 && in[0].waker.pid == 0 && !in[0].missed &&
		   !in[0].period_ns && !in[0].actual_ns,
		   "F: expiry 1000, woken at 1020 by the timer irq, runs at 1050");
		ok(inst_is(&in[1], LTTR_SUB_TIMER, 2000, 2100, 7, 0, 0) &&
		   in[1].part[LTTR_PART_TIMER] == 10 && in[1].part[LTTR_PART_RUNNABLE] == 90 &&
		   in[1].waker.pid == 8 && in[1].period_ns == 1000 && in[1].actual_ns == 1050,
		   "F: expiry 2000, woken at 2010 over the hog, runs at 2100; periods 1000, 1050");
		ok(inst_is(&in[2], LTTR_SUB_TIMER, 3000, 4510, 7, 0, 0) &&
		   in[2].part[LTTR_PART_LATE] == 1510 && psum(&in[2]) == 1510 &&
		   !in[2].waker.known && in[2].missed == 1 && in[2].period_ns == 1000 &&
		   in[2].actual_ns == 2410,
		   "F: expiry 3000 not waited for: read at 4510 counts 2, late 1510, 1 missed");
		ok(inst_is(&in[3], LTTR_SUB_TIMER, 5000, 5020, 7, 0, 0) &&
		   in[3].part[LTTR_PART_TIMER] == 5 && in[3].part[LTTR_PART_RUNNABLE] == 15 &&
		   in[3].period_ns == 2000 && in[3].actual_ns == 510,
		   "F: expiry 5000 (2000 after the last deadline), woken at 5005, runs at 5020");
		ok(inst_is(&in[4], LTTR_SUB_TIMER, 6000, 6002, 7, 0, 0) &&
		   in[4].part[LTTR_PART_TIMER] == 2 && in[4].part[LTTR_PART_RUNNABLE] == 0 &&
		   in[4].period_ns == 1000 && in[4].actual_ns == 982,
		   "F: expiry 6000, woken at 6002 before it was switched out: runs then");
		ok(inst_is(&in[5], LTTR_SUB_TIMER, 7500, 7510, 7, 0, 0) &&
		   in[5].part[LTTR_PART_TIMER] == 4 && in[5].part[LTTR_PART_RUNNABLE] == 6 &&
		   !in[5].period_ns && !in[5].actual_ns,
		   "F: set again at 6100: expiry 7500 starts a new series (no period)");
		lttr_timing_inst_str(t, r, &in[2], buf, sizeof(buf));
		ok(!strcmp(buf, "timerfd deadline 0.000003000 s, not waiting: read +1.510 us, missed 1"),
		   "F: the late activation's text: %s", buf);
	}
	g = r ? lttr_timing_find(r, LTTR_TG_TASK, LTTR_SUB_TIMER, 0, false, 7) : NULL;
	ok(g && g->dist.lat.count == 6 && g->dist.lat.max == 1510 &&
	   g->dist.lat.total == 50 + 100 + 1510 + 20 + 2 + 10 && g->missed == 1 &&
	   g->part[LTTR_PART_LATE] == 1510 && g->part[LTTR_PART_TIMER] == 20 + 10 + 5 + 2 + 4 &&
	   g->period.lat.count == 4 && g->period.p50 == 1000 && g->period.lat.max == 2000 &&
	   g->actual.lat.count == 4 && g->actual.lat.min == 510 && g->actual.lat.max == 2410 &&
	   !g->zero_left && !g->early,
	   "F: task 7: 6 activations (max 1510), 1 missed, 4 periods (1000 to 2000), actual 510 to 2410");
	g = r ? lttr_timing_find(r, LTTR_TG_ALL, LTTR_SUB_TIMER, 0, false, 0) : NULL;
	ok(g && g->dist.lat.count == 6 && g->missed == 1, "F: the system-wide group sums the task's");
	lttr_timing_free(r);
	lttr_trace_close(t);
}

int main(void)
{
	test_dist();
	test_names();
	test_a();
	test_s();
	test_t();
	test_f();
	test_raise();
	test_sim();
	return tap_done();
}
