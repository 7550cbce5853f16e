// SPDX-License-Identifier: GPL-2.0
/*
 * test-blame.c - critical blame (lttr/audit/blame.h).
 *
 * The split on activities given by hand (the paper's figure 3: a segment
 * with one method is its own, one with two is halved; the remainder of a
 * split in ns; a fallback counted only alone; the time nobody covers) and
 * the selection (B1 the n critical parties with most blame, B2 the ones
 * off the path that overlap B1 with at least as much blame as B1's least).
 *
 * Scenario L, worked out by hand on 2 CPUs: the server S (30) waits on a
 * futex 90-1510 that L (31) holds while its fsync blocks 60-1080 (the disk
 * irq 14 wakes it at 1060); L releases it at 1110 (futex, a wakeup in
 * process context), but the hog H (32) holds CPU 0 until 1500.  S's
 * instance 90-1600: L is blamed 999 ns (960 blocked in fsync, 30 running,
 * 9 shared with H while S waited for a CPU), H 396, S 110, irq 14 5: they
 * add up to 1510 ns exactly.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/analysis/critpath.h>
#include <lttr/audit/blame.h>
#include <lttr/model/flow.h>
#include "tap.h"
#include "tracegen.h"

#define T0 1000000000ULL

#define L_DESC \
	"header ncpus=2 end=1000002000\n" \
	"proc PID: 30; PPID: 1; TGID: 30; NAME: server\n" \
	"proc PID: 31; PPID: 1; TGID: 30; NAME: locker\n" \
	"proc PID: 32; PPID: 1; TGID: 32; NAME: hog\n" \
	"buf cpu=0 start=1000000000 pid=30\n" \
	"1000000000 start 30 0\n" \
	"1000000090 syscall_entry 202\n" \
	"1000000100 sched 30 32 1\n" \
	"1000001500 sched 32 30 0\n" \
	"1000001510 syscall_exit 202 0\n" \
	"buf cpu=1 start=1000000000 pid=31\n" \
	"1000000000 start 31 1\n" \
	"1000000050 syscall_entry 74\n" \
	"1000000060 sched 31 0 1\n" \
	"1000001050 irq_entry 14 0\n" \
	"1000001060 wakeup 31 1 0\n" \
	"1000001070 irq_exit 14 0\n" \
	"1000001080 sched 0 31 0\n" \
	"1000001090 syscall_exit 74 0\n" \
	"1000001100 syscall_entry 202\n" \
	"1000001110 wakeup 30 0 0\n" \
	"1000001120 syscall_exit 202 1\n" \
	"1000001125 syscall_entry 35\n" \
	"1000001130 sched 31 0 1\n"

/*
 * L with stacks: the locker's block in fsync (switched out at 60) with a
 * stack of user frames 0x402000 <- 0x402010, the server's futex block
 * (followed to the locker, so none of its own), a sample of the hog at
 * 1300 in 0x401040 <- 0x401070
 */
#define LS_DESC \
	"header format=1.10 ncpus=2 samplehz=997 stacks=schedchange,sample end=1000002000\n" \
	"proc PID: 30; PPID: 1; TGID: 30; NAME: server\n" \
	"proc PID: 31; PPID: 1; TGID: 30; NAME: locker\n" \
	"proc PID: 32; PPID: 1; TGID: 32; NAME: hog\n" \
	"buf cpu=0 start=1000000000 pid=30\n" \
	"1000000000 start 30 0\n" \
	"1000000090 syscall_entry 202\n" \
	"1000000100 sched 30 32 1\n" \
	"1000000100 stack 30 schedchange 0 0 2 0x403010 0x403000\n" \
	"1000001300 sample 32 0x401070 1\n" \
	"1000001300 stack 32 sample 0 0 2 0x401070 0x401040\n" \
	"1000001500 sched 32 30 0\n" \
	"1000001510 syscall_exit 202 0\n" \
	"buf cpu=1 start=1000000000 pid=31\n" \
	"1000000000 start 31 1\n" \
	"1000000050 syscall_entry 74\n" \
	"1000000060 sched 31 0 1\n" \
	"1000000060 stack 31 schedchange 0 0 2 0x402010 0x402000\n" \
	"1000001050 irq_entry 14 0\n" \
	"1000001060 wakeup 31 1 0\n" \
	"1000001070 irq_exit 14 0\n" \
	"1000001080 sched 0 31 0\n" \
	"1000001090 syscall_exit 74 0\n" \
	"1000001100 syscall_entry 202\n" \
	"1000001110 wakeup 30 0 0\n" \
	"1000001120 syscall_exit 202 1\n" \
	"1000001125 syscall_entry 35\n" \
	"1000001130 sched 31 0 1\n"

static void test_split(void)
{
	/* figure 3: 1 alone (A), 1.1 and 1.2 together (B), 1.2 alone (C) */
	static const struct lttr_blame_act fig[] = {
		{ 0, 10, 0, 0, true, false },
		{ 10, 20, 1, 1, true, false },
		{ 10, 30, 2, 2, false, false },
	};
	static const struct lttr_blame_act rest[] = {
		{ 0, 10, 2, LTTR_BLAME_NOSITE, true, false },
		{ 0, 10, 0, LTTR_BLAME_NOSITE, true, false },
		{ 0, 10, 1, LTTR_BLAME_NOSITE, true, false },
	};
	static const struct lttr_blame_act fb[] = {
		{ 0, 30, 0, LTTR_BLAME_NOSITE, true, true },
		{ 10, 20, 1, LTTR_BLAME_NOSITE, false, false },
		{ 40, 50, 1, LTTR_BLAME_NOSITE, false, false },
		{ 45, 45, 0, LTTR_BLAME_NOSITE, false, false },
	};
	static const struct lttr_blame_act bad[] = {
		{ 0, 10, 3, LTTR_BLAME_NOSITE, true, false },
	};
	uint64_t p[3], s[3], un = 99;

	ok(!lttr_blame_split(fig, 3, 3, 3, p, s, &un) && p[0] == 10 && p[1] == 5 && p[2] == 15 &&
	   s[0] == 10 && s[1] == 5 && s[2] == 15 && un == 0,
	   "split: A (10 ns) to 1 alone, B (10 ns) halved between 1.1 and 1.2, C (10 ns) to 1.2: 10, 5, 15");
	ok(!lttr_blame_split(rest, 3, 3, 0, p, NULL, NULL) && p[2] == 4 && p[0] == 3 && p[1] == 3,
	   "split: 10 ns among 3: 3 each, the remaining ns to the first activity (4, 3, 3)");
	ok(!lttr_blame_split(fb, 4, 2, 0, p, NULL, &un) && p[0] == 20 && p[1] == 20 && un == 10,
	   "split: a fallback only where it is alone (20 of its 30 ns); 10 ns nobody covers; an empty activity ignored");
	ok(lttr_blame_split(bad, 1, 3, 0, p, NULL, NULL) == -1 &&
	   lttr_blame_split(fig, 3, 3, 0, p, NULL, NULL) == -1,
	   "split: a party or a site out of range refused");
}

static void test_select(void)
{
	/* 0, 1 critical; 2 off the path overlapping 0; 3 off the path, apart; 4 off, small */
	static const struct lttr_blame_act acts[] = {
		{ 0, 100, 0, LTTR_BLAME_NOSITE, true, false },
		{ 100, 150, 1, LTTR_BLAME_NOSITE, true, false },
		{ 50, 60, 2, LTTR_BLAME_NOSITE, false, false },
		{ 200, 300, 3, LTTR_BLAME_NOSITE, false, false },
		{ 10, 20, 4, LTTR_BLAME_NOSITE, false, false },
		{ 160, 170, 1, LTTR_BLAME_NOSITE, false, false },
	};
	uint64_t blame[5] = { 100, 50, 60, 500, 10 };
	bool top[5];

	ok(lttr_blame_select(acts, 6, blame, 5, 1, top) == 1 && top[0] && !top[1] && !top[2] &&
	   !top[3] && !top[4],
	   "select n=1: B1 {0}, alpha 100: 3 (500 ns) is off the path but overlaps no activity of 0, 2 has less: {0}");
	ok(lttr_blame_select(acts, 6, blame, 5, 2, top) == 3 && top[0] && top[1] && top[2] &&
	   !top[3] && !top[4],
	   "select n=2: B1 {0, 1}, alpha 50: 2 (60 ns, overlapping 0) joins; 3 overlaps neither, 4 has 10 ns");
	ok(lttr_blame_select(acts, 6, blame, 5, 9, top) == 3 && top[0] && top[1] && top[2],
	   "select n=9: B1 holds the 2 critical parties there are");
}

static bool site_is(const struct lttr_blame_site *s, uint32_t pid, unsigned int state,
		    unsigned int mode, uint32_t what, uint64_t ns)
{
	return s->pid == pid && s->state == state && s->mode == mode && s->what == what &&
	       s->blame_ns == ns;
}

static void test_trace(void)
{
	struct lttr_blame *b = NULL;
	struct lttr_trace *t;
	struct lttr_error err;
	const struct lttr_blame_party *p;
	uint64_t sum = 0;
	size_t i;

	if (tg_open("l", L_DESC, 0, &t, &err)) {
		ok(0, "scenario L opens: %s", err.msg);
		return;
	}
	if (lttr_blame_compute(t, 30, T0 + 90, T0 + 1600, 1, &b, &err) < 0)
		tap_diag("%s", err.msg);
	for (i = 0; b && i < b->nparty; i++) {
		tap_diag("party %zu: %s %u/%u blame %llu active %llu%s%s", i,
			 lttr_blame_kind_name(b->party[i].kind), b->party[i].pid, b->party[i].what,
			 (unsigned long long)b->party[i].blame_ns,
			 (unsigned long long)b->party[i].active_ns,
			 b->party[i].critical ? " critical" : "", b->party[i].top ? " top" : "");
		sum += b->party[i].blame_ns;
	}
	p = b ? b->party : NULL;
	ok(b && b->nparty == 4 &&
	   p[0].kind == LTTR_BLAME_TASK && p[0].pid == 31 && p[0].blame_ns == 999 && p[0].critical &&
	   p[1].kind == LTTR_BLAME_TASK && p[1].pid == 32 && p[1].blame_ns == 396 && !p[1].critical &&
	   p[2].kind == LTTR_BLAME_TASK && p[2].pid == 30 && p[2].blame_ns == 110 && p[2].critical &&
	   p[3].kind == LTTR_BLAME_IRQ && p[3].what == 14 && p[3].blame_ns == 5 && !p[3].critical,
	   "L: the lock holder 999 ns, the hog 396, the server 110, the disk irq 5");
	ok(b && sum == 1510 && b->unblamed_ns == 0,
	   "L: the blames add up to the instance's 1510 ns, nothing unblamed");
	ok(b && b->ntop == 1 && p[0].top && !p[1].top && !p[2].top && !p[3].top,
	   "L, n=1: the lock holder alone (the hog, off the path, has less)");
	ok(b && b->nsite >= 6 &&
	   site_is(&b->site[0], 31, LTTR_CP_BLOCKED, LTTR_MODE_SYSCALL, 74, 960) &&
	   b->site[0].reason == LTTR_BLOCK_IO && b->site[1].pid == 32 && b->site[1].blame_ns == 396 &&
	   site_is(&b->site[2], 30, LTTR_CP_RUNNING, LTTR_MODE_USER, 0, 90),
	   "L: sites: the holder blocked (io) in fsync 960 ns first, the hog 396, the server in user mode 90");
	for (i = 0; b && i < b->nsite; i++)
		if (b->site[i].pid == 31 && b->site[i].state == LTTR_CP_RUNNING &&
		    b->site[i].mode == LTTR_MODE_SYSCALL && b->site[i].what == 202)
			break;
	ok(b && i < b->nsite && b->site[i].blame_ns == 15,
	   "L: the holder's futex call (its release) 15 ns: 10 alone, 5 shared with the hog");
	ok(b && b->path && b->path->nseg > 0 && b->path->seg[0].pid == 30,
	   "L: the critical path the blame is read from is kept");
	lttr_blame_free(b);
	b = NULL;
	lttr_blame_compute(t, 30, T0 + 90, T0 + 1600, 2, &b, &err);
	p = b ? b->party : NULL;
	ok(b && b->ntop == 3 && p[0].pid == 31 && p[0].top && p[1].pid == 32 && p[1].top &&
	   p[2].pid == 30 && p[2].top && !p[3].top,
	   "L, n=2: B1 {holder, server}, alpha 110: the hog (396 ns, off the path, overlapping them) joins; the irq (5) does not");
	lttr_blame_free(b);
	b = NULL;
	ok(lttr_blame_compute(t, 99, T0 + 90, T0 + 1600, 1, &b, &err) == -LTTR_E_INVAL && !b &&
	   lttr_blame_compute(t, 30, T0 + 90, T0 + 1600, 0, &b, &err) == -LTTR_E_INVAL &&
	   lttr_blame_compute(t, 30, T0 + 90, T0 + 90, 1, &b, &err) == -LTTR_E_INVAL &&
	   lttr_blame_compute(t, 30, T0 + 90, T0 + 9000, 1, &b, &err) == -LTTR_E_INVAL && !b,
	   "no task 99, n 0, an empty interval, an interval past the trace: refused");
	lttr_trace_close(t);
}

/* the code paths of L with stacks; L without: unavailable */
static void test_code(void)
{
	struct lttr_blame *b = NULL, *b0 = NULL;
	struct lttr_trace *t, *t0;
	struct lttr_error err;
	uint64_t hog = 0, sum = 0;
	size_t i;

	if (tg_open("l0", L_DESC, 0, &t0, &err) || tg_open("ls", LS_DESC, 0, &t, &err)) {
		ok(0, "scenarios L and LS open: %s", err.msg);
		return;
	}
	if (lttr_blame_compute(t0, 30, T0 + 90, T0 + 1600, 1, &b0, &err) < 0 ||
	    lttr_blame_compute(t, 30, T0 + 90, T0 + 1600, 1, &b, &err) < 0)
		tap_diag("%s", err.msg);
	ok(b0 && !b0->code_known && !b0->ncode && !b0->nostack_ns,
	   "L without stacks: code paths unknown (none, not 0 of them)");
	for (i = 0; b && i < b->ncode; i++)
		tap_diag("code %zu: %s blame %llu%s%s", i, b->code[i].name,
			 (unsigned long long)b->code[i].blame_ns,
			 b->code[i].critical ? " critical" : "", b->code[i].top ? " top" : "");
	for (i = 0; b && i < b->nparty; i++) {
		sum += b->party[i].blame_ns;
		if (b->party[i].kind == LTTR_BLAME_TASK && b->party[i].pid == 32)
			hog = b->party[i].blame_ns;
	}
	ok(b && b0 && b->nparty == b0->nparty &&
	   !memcmp(b->party, b0->party, b->nparty * sizeof(*b->party)),
	   "LS: the parties and their blames are L's");
	/*
	 * the hog's blame not its sample's: its activity while the locker was
	 * runnable (1060-1080: 5 ns shared with irq 14, 10 alone), another
	 * piece of running without a sample, and its time alone after the
	 * sample (1300-1500)
	 */
	ok(b && b->code_known && b->ncode == 2 &&
	   !strcmp(b->code[0].name, "0x402000;0x402010") && b->code[0].blame_ns == 960 &&
	   b->code[0].critical && b->code[0].top &&
	   !strcmp(b->code[1].name, "0x401040;0x401070") && b->code[1].blame_ns == hog - 15 - 200 &&
	   !b->code[1].critical && !b->code[1].top && b->ncode_top == 1,
	   "LS: the locker's fsync path 960 ns (its blocked site's), on the path, chosen; the hog's sample path its running piece up to the sample (%llu ns), off the path, not chosen (alpha 960); the server's followed block none",
	   (unsigned long long)(hog - 15 - 200));
	ok(b && b->code_known && b->code[0].blame_ns + b->code[1].blame_ns + b->nostack_ns == sum &&
	   sum == 1510, "LS: the code paths and the time without a stack add up to the parties' 1510 ns");
	lttr_blame_free(b);
	lttr_blame_free(b0);
	lttr_trace_close(t);
	lttr_trace_close(t0);
}

int main(void)
{
	test_split();
	test_select();
	test_trace();
	test_code();
	ok(!strcmp(lttr_blame_kind_name(LTTR_BLAME_SOFTIRQ), "softirq") &&
	   !strcmp(lttr_blame_kind_name(9), "?"), "kind names");
	return tap_done();
}
