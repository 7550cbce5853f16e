// SPDX-License-Identifier: GPL-2.0
/*
 * test-shares.c - what the library computes for every front end: the
 * shares (a part in percent, a CPU's utilisation, the totals of a critical
 * path and of an explanation) and the ksoftirqd rule, on figures worked
 * out by hand.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/lttr.h>
#include "tap.h"

static bool near(double a, double b)
{
	return a - b < 1e-9 && b - a < 1e-9;
}

static void test_shares(void)
{
	static struct lttr_account a;
	struct lttr_critpath cp = { .from_ns = 1000, .to_ns = 3000 };
	struct lttr_cp_total ct = { .ns = 500 };
	struct lttr_explanation e = { .req = { .start_ns = 10, .end_ns = 410, .lead_ns = 100 } };
	struct lttr_ex_total et = { .ns = 100 };

	ok(near(lttr_share_pct(1, 4), 25.0) && lttr_share_pct(5, 0) == 0.0 &&
	   near(lttr_share_pct(3, 3), 100.0), "a share in percent, 0 of nothing");
	ok(near(lttr_cp_total_pct(&cp, &ct), 25.0), "a critical path's total: 500 of 2000 ns");
	cp.to_ns = cp.from_ns;
	ok(lttr_cp_total_pct(&cp, &ct) == 0.0, "an empty path: 0");
	ok(near(lttr_ex_total_pct(&e, &et), 25.0),
	   "an explanation's total: 100 of 400 ns, the lead included");
	a.start_ns = 1000;
	a.end_ns = 4000;
	a.ncpus = 2;
	a.cpu[0].idle_ns = 2000;
	a.cpu[1].idle_ns = 3000;
	ok(lttr_acct_cpu_busy(&a, 0) == 1000 && lttr_acct_cpu_busy(&a, 1) == 0,
	   "a CPU's busy time: the window less its idle time");
	ok(near(lttr_acct_cpu_util_pct(&a, 0), 100.0 / 3) &&
	   lttr_acct_cpu_util_ppm(&a, 0) == 333333 && lttr_acct_cpu_util_ppm(&a, 1) == 0,
	   "utilisation: 33.33...%%, 333333 ppm rounded down; an idle CPU 0");
	a.end_ns = a.start_ns;
	a.cpu[0].idle_ns = 0;
	ok(lttr_acct_cpu_util_pct(&a, 0) == 0.0 && lttr_acct_cpu_util_ppm(&a, 0) == 0,
	   "an empty window: 0");
	ok(lttr_acct_softirq_own_work("ksoftirqd/0") && lttr_acct_softirq_own_work("ksoftirqd/12") &&
	   !lttr_acct_softirq_own_work("ksoftirqd") && !lttr_acct_softirq_own_work("kworker/0:1") &&
	   !lttr_acct_softirq_own_work(""), "the ksoftirqd rule: ksoftirqd/N only");
}

int main(void)
{
	test_shares();
	return tap_done();
}
