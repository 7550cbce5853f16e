// SPDX-License-Identifier: GPL-2.0
/*
 * test-shares.c - what the library computes for every front end: the
 * shares (a part in percent, a CPU's utilisation, the totals of a critical
 * path and of an explanation), the ksoftirqd rule, and the accounting's
 * column table (its --json keys those of the blocking reasons, each column
 * complete, its texts as the tables print them) on figures worked out by
 * hand.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/lttr.h>
#include <lttr/output/account-columns.h>
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
	ok(lttr_share_level(0, 100, 8) == 0 && lttr_share_level(100, 100, 8) == 8 &&
	   lttr_share_level(50, 100, 8) == 4 && lttr_share_level(6, 100, 8) == 0 &&
	   lttr_share_level(7, 100, 8) == 1 && lttr_share_level(1, 16, 8) == 1 &&
	   lttr_share_level(200, 100, 8) == 8 && lttr_share_level(5, 0, 8) == 0 &&
	   lttr_share_level(UINT64_MAX - 1, UINT64_MAX, 1000) == 1000,
	   "a share as a level: 6%% of 8 levels is 0 (0.48), 7%% is 1 (0.56), a half 4, "
	   "1/16 rounds up to 1, over the whole the top, no overflow");
	ok(lttr_acct_softirq_own_work("ksoftirqd/0") && lttr_acct_softirq_own_work("ksoftirqd/12") &&
	   !lttr_acct_softirq_own_work("ksoftirqd") && !lttr_acct_softirq_own_work("kworker/0:1") &&
	   !lttr_acct_softirq_own_work(""), "the ksoftirqd rule: ksoftirqd/N only");
}

static const struct lttr_acct_col *col(const char *name)
{
	size_t i;

	for (i = 0; i < lttr_acct_ncols; i++)
		if (!strcmp(lttr_acct_cols[i].name, name))
			return &lttr_acct_cols[i];
	return NULL;
}

static void test_columns(void)
{
	struct lttr_acct_task tk;
	unsigned int r = 0;
	size_t i, k, ntext = 0, nviews = 0;
	bool whole = true, keys = true, views = true, order = true;
	char buf[32];
	const char *want_text[] = { "life", "thr-time", "running", "user", "kernel", "intr",
		"runnable", "nodata", "blocked", "io", "sleep", "futex", "child", "fault", "other",
		"unknown", "%run", "%user", "%wio" };

	for (i = 0; i < lttr_acct_ncols; i++) {
		const struct lttr_acct_col *c = &lttr_acct_cols[i];

		if (!c->name || !c->title || !c->tip || !c->get)
			whole = false;
		if ((c->unit == LTTR_ACOL_SHARE) != (c->whole != NULL) ||
		    (c->unit == LTTR_ACOL_SHARE && c->json_key))
			whole = false;
		if ((c->flags & LTTR_ACOL_VIEWS) && c->unit != LTTR_ACOL_NS)
			views = false;
		if (c->flags & LTTR_ACOL_TEXT) {
			if (ntext < sizeof(want_text) / sizeof(want_text[0]) &&
			    strcmp(c->name, want_text[ntext]))
				order = false;
			ntext++;
		}
		if (c->flags & LTTR_ACOL_VIEWS)
			nviews++;
		if (c->json_in && !strcmp(c->json_in, "blocked_by") &&
		    strcmp(c->json_key, lttr_block_name(r++)))
			keys = false;
		for (k = 0; k < i && c->json_key; k++)
			if (lttr_acct_cols[k].json_key &&
			    !strcmp(lttr_acct_cols[k].json_key, c->json_key) &&
			    !lttr_acct_cols[k].json_in == !c->json_in)
				keys = false;
	}
	ok(whole, "every column has its name, title, tip and value; the shares a whole and no key");
	ok(keys && r == LTTR_BLOCK_COUNT,
	   "blocked_by holds one key per blocking reason, named as lttr_block_name(); keys unique");
	ok(views && order && ntext == 19 && nviews == 16,
	   "the text table's 19 columns in order, the views' 16 of them in ms");

	memset(&tk, 0, sizeof(tk));
	tk.begin_ns = 1000000;
	tk.end_ns = 2500000;
	tk.thread_life_ns = 4000000;
	tk.running_ns = 1000000;
	tk.user_ns = 250000;
	tk.syscall_ns = 500000;
	tk.trap_ns = 1;
	tk.blocked_ns[LTTR_BLOCK_IO] = 2000000;
	tk.blocked_ns[LTTR_BLOCK_SLEEP] = 999;
	tk.switches = 7;
	ok(!strcmp(lttr_acct_col_str(col("life"), &tk, buf, sizeof(buf)), "1.500") &&
	   !strcmp(lttr_acct_col_str(col("kernel"), &tk, buf, sizeof(buf)), "0.500") &&
	   !strcmp(lttr_acct_col_str(col("blocked"), &tk, buf, sizeof(buf)), "2.001") &&
	   !strcmp(lttr_acct_col_str(col("switches"), &tk, buf, sizeof(buf)), "7"),
	   "figures in ms to the microsecond, counts as they are");
	ok(!strcmp(lttr_acct_col_str(col("%run"), &tk, buf, sizeof(buf)), "25.00") &&
	   !strcmp(lttr_acct_col_str(col("%user"), &tk, buf, sizeof(buf)), "6.25") &&
	   !strcmp(lttr_acct_col_str(col("%wio"), &tk, buf, sizeof(buf)), "50.00"),
	   "shares of the thread time in percent");
	tk.thread_life_ns = 0;
	ok(!strcmp(lttr_acct_col_str(col("%run"), &tk, buf, sizeof(buf)), "0.00"),
	   "a share of no time: 0.00");
}

int main(void)
{
	test_shares();
	test_columns();
	return tap_done();
}
