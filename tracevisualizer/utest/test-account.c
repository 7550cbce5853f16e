// SPDX-License-Identifier: GPL-2.0
/*
 * test-account.c - time accounting on hand-built traces whose every
 * nanosecond is worked out by hand: user/syscall/irq split, preempted vs
 * blocked, blocked by reason, scheduling latency, first appearance
 * mid-syscall, fork/exit lifetimes, per-syscall and per-irq statistics,
 * per-CPU idle, process grouping, the system-wide sums (every task, every
 * CPU; the system's per-syscall figures equal to the tasks' summed, also on
 * a simulated trace and its windows, blocked and runnable time included), and
 * the conservation checks (which must hold on each of them and fail on a
 * contradictory trace).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "tracegen.h"
#include "scenarios.h"
#include "simtrace.h"

static struct lttr_account *acct(const char *name, const char *desc,
				 struct lttr_trace **t)
{
	struct lttr_account *a = NULL;
	struct lttr_error err;

	if (tg_open(name, desc, 0, t, &err)) {
		tap_diag("%s: %s", name, err.msg);
		return NULL;
	}
	if (lttr_account_compute(*t, &a, &err)) {
		tap_diag("%s: %s", name, err.msg);
		lttr_trace_close(*t);
		return NULL;
	}
	return a;
}

static const struct lttr_acct_sc *sc(const struct lttr_acct_task *tk, uint32_t nr)
{
	size_t i;

	for (i = 0; tk && i < tk->nsc; i++)
		if (tk->sc[i].nr == nr)
			return &tk->sc[i];
	return NULL;
}

static const struct lttr_acct_sc *syssc(const struct lttr_account *a, uint32_t nr)
{
	size_t i;

	for (i = 0; i < a->nsc; i++)
		if (a->sc[i].nr == nr)
			return &a->sc[i];
	return NULL;
}

static void conserve(const char *name, const struct lttr_account *a)
{
	struct lttr_account_check c;
	bool good = lttr_account_check(a, 0, &c);

	ok(good && c.cpu_ok && c.split_ok && c.life_ok && !c.violations,
	   "%s: conservation holds exactly (errors cpu %llu split %llu life %llu)",
	   name, (unsigned long long)c.cpu_err, (unsigned long long)c.split_err,
	   (unsigned long long)c.life_err);
}

static void test_a(void)
{
	struct lttr_trace *t;
	struct lttr_account *a = acct("a", A_DESC, &t);
	const struct lttr_acct_task *p5, *p6;
	const struct lttr_acct_sc *rd, *ns;

	if (!a) {
		ok(0, "scenario A computed");
		return;
	}
	p5 = lttr_account_find(a, 5);
	p6 = lttr_account_find(a, 6);
	ok(p5 && p6 && a->ntasks == 2, "A: two tasks");
	if (!p5 || !p6)
		goto out;
	ok(p5->running_ns == 550 && lttr_acct_task_sched(p5) == 550,
	   "A: preempted task ran 550 ns");
	ok(p5->user_ns == 490 && p5->syscall_ns == 50 && p5->irq_ns == 10,
	   "A: its split user 490, syscall 50, interrupted 10 (irq not charged as user)");
	ok(p5->runnable_ns == 450 && lttr_acct_task_blocked(p5) == 0 &&
	   p5->preemptions == 2,
	   "A: preempted twice: 450 ns runnable waiting, never blocked");
	ok(p6->runnable_ns == 520, "A: b runnable 520 (300 before first run, 2 wakeup latencies, 1 preemption)");
	ok(p6->blocked_ns[LTTR_BLOCK_IO] == 50 && p6->blocked_ns[LTTR_BLOCK_SLEEP] == 90 &&
	   lttr_acct_task_blocked(p6) == 140, "A: b blocked 50 in read (io), 90 in nanosleep (sleep)");
	ok(p6->user_ns == 220 && p6->syscall_ns == 120, "A: b user 220, syscalls 120");
	ok(p6->sched_lat.count == 2 && p6->sched_lat.total == 120 &&
	   p6->sched_lat.min == 20 && p6->sched_lat.max == 100,
	   "A: scheduling latency wakeup->run: 2, 20..100 ns");
	rd = sc(p6, 0);
	ns = sc(p6, 35);
	ok(rd && rd->lat.count == 1 && rd->lat.total == 250 && rd->cpu_ns == 100 &&
	   rd->blocked_ns == 50 && rd->runnable_ns == 100,
	   "A: read: 1 call of 250 ns = 100 on CPU + 50 blocked + 100 runnable");
	ok(ns && ns->lat.count == 1 && ns->lat.total == 130 && ns->blocked_ns == 90 &&
	   ns->runnable_ns == 20, "A: nanosleep: 130 ns, 90 blocked, 20 runnable");
	ok(a->cpu[0].idle_ns == 110 && a->cpu[0].irq_ns == 10 &&
	   a->cpu[0].user_ns == 710 && a->cpu[0].kernel_ns == 170 &&
	   a->cpu[0].switches == 6 && !a->cpu[0].unknown_ns, "A: CPU 0: idle 110, irq 10, user 710, kernel 170, 6 switches");
	ok(a->nirqs == 1 && a->irqs[0].irq == 236 && a->irqs[0].sysvec &&
	   a->irqs[0].lat.total == 10, "A: one irq (local timer), 10 ns");
	ok(a->sched_lat.count == 2 && a->anomalies == 0, "A: system latencies, no anomaly");
	conserve("A", a);
out:
	lttr_account_free(a);
	lttr_trace_close(t);
}

static void test_b(void)
{
	struct lttr_trace *t;
	struct lttr_account *a = acct("b", B_DESC, &t);
	const struct lttr_acct_task *p10, *p11, *p12, *p20;
	const struct lttr_acct_sc *s;
	struct lttr_acct_task *g;
	size_t ng = 0;

	if (!a) {
		ok(0, "scenario B computed");
		return;
	}
	p10 = lttr_account_find(a, 10);
	p11 = lttr_account_find(a, 11);
	p12 = lttr_account_find(a, 12);
	p20 = lttr_account_find(a, 20);
	ok(p10 && p11 && p12 && p20 && a->ntasks == 4, "B: four tasks");
	if (!p10 || !p11 || !p12 || !p20)
		goto out;
	ok(p10->user_ns == 610 && p10->syscall_ns == 160 && p10->running_ns == 770,
	   "B: parent: user 610, syscalls 160");
	ok(p10->blocked_ns[LTTR_BLOCK_CHILD] == 120 && p10->runnable_ns == 110 &&
	   p10->sched_lat.count == 1 && p10->sched_lat.total == 110,
	   "B: parent blocked 120 in wait4 (child), woken by the child's exit, 110 latency");
	ok(lttr_acct_task_blocked(p11) == 1000 &&
	   p11->blocked_ns[LTTR_BLOCK_UNKNOWN] == 1000 && !p11->running_ns,
	   "B: a snapshot thread never seen: blocked (unknown) all along");
	ok(p12->begin_ns == 1000000000 && p12->end_ns == 1000000250 && p12->exited,
	   "B: a task that exits: lifetime ends at its last switch out");
	ok(p12->blocked_ns[LTTR_BLOCK_FUTEX] == 200 && p12->syscall_ns == 30 &&
	   p12->user_ns == 10 && p12->runnable_ns == 10,
	   "B: first seen by its wakeup, then a futex exit: blocked in futex since trace start");
	s = sc(p12, 202);
	ok(s && s->partial == 1 && s->lat.count == 0 && s->blocked_ns == 200 && s->cpu_ns == 10,
	   "B: that futex call is partial (no entry): not in the latency stats");
	ok(p20->begin_ns == 1000000150 && p20->end_ns == 1000000430 &&
	   p20->runnable_ns == 100 && p20->syscall_ns == 80 && p20->user_ns == 100,
	   "B: forked child: lifetime from fork to its last switch");
	ok(p20->sched_lat.count == 1 && p20->sched_lat.total == 90,
	   "B: new task's latency from wakeup_new to first run");
	ok(a->cpu[0].idle_ns == 210 && a->cpu[0].irq_ns == 20 && a->cpu[1].idle_ns == 780,
	   "B: per-CPU idle (irq in idle excluded)");
	s = syssc(a, 57);
	ok(s && s->lat.count == 1 && s->lat.total == 100 && s->partial == 1,
	   "B: system fork stats: 1 call, 1 partial (the child's return)");
	s = syssc(a, 61);
	ok(s && s->lat.count == 1 && s->lat.total == 290 && s->lat.min == 290 &&
	   s->lat.max == 290 && lttr_lat_mean(&s->lat) == 290, "B: wait4 290 ns");
	ok(a->nirqs == 1 && a->irqs[0].irq == 4 && !a->irqs[0].sysvec &&
	   a->irqs[0].lat.count == 1 && a->irqs[0].lat.total == 20, "B: irq 4, 20 ns");
	g = lttr_account_group(a, &ng);
	ok(g && ng == 3 && g[0].pid == 10 && g[0].threads == 2 &&
	   g[0].running_ns == 770 && !strcmp(g[0].name, "sh") &&
	   g[1].pid == 12 && g[2].pid == 20, "B: threads grouped into processes");
	lttr_account_group_free(g, ng);
	conserve("B", a);
out:
	lttr_account_free(a);
	lttr_trace_close(t);
}

static void test_violation(void)
{
	struct lttr_trace *t;
	struct lttr_account *a = acct("v",
		"header ncpus=2 end=1000000100\n"
		"buf cpu=0 start=1000000000 pid=5\n1000000000 start 5 0\n"
		"buf cpu=1 start=1000000000 pid=5\n1000000000 start 5 1\n", &t);
	struct lttr_account_check c;

	if (!a) {
		ok(0, "violation trace computed");
		return;
	}
	ok(!lttr_account_check(a, 10, &c) && !c.split_ok && c.split_worst == 5 &&
	   c.split_err == 100 && c.cpu_ok && c.violations == 1,
	   "a task current on two CPUs at once fails the split check");
	lttr_account_free(a);
	lttr_trace_close(t);
}

/*
 * Lost events on CPU 0 between 20 and 50 (docs/control-flow.md, rule 18):
 * task 5 ran there until 20, where it entered syscall 3, and ran again on
 * CPU 1 from 30, where it left syscall 3; task 6 is current on CPU 0 from
 * the next buffer's start.
 */
/*
 * Unknown time (docs/control-flow.md, "Unknown time"): task 7, woken on
 * CPU 0 at 10, is runnable there when CPU 0's events are lost from 20 to
 * 50 (that CPU may have run it): unknown from 20 until it is seen again,
 * switched in on CPU 1 at 80; its wakeup latency crosses the unknown time
 * and is not one (counted apart).  Preempted at 90 (every CPU has data
 * again): runnable.  Task 8, first seen switched in at 90, was runnable
 * from the start until the gap, then unknown.
 */
static void test_unknown_runnable(void)
{
	struct lttr_trace *t;
	struct lttr_account *a = acct("unkrun",
		"header ncpus=2 end=1000000100\n"
		"buf cpu=0 start=1000000000 pid=5\n"
		"1000000010 wakeup 7 0 0\n1000000020 syscall_entry 3\n"
		"buf cpu=1 start=1000000000 pid=0\n"
		"1000000080 sched 0 7 0\n1000000090 sched 7 8 0\n"
		"buf cpu=0 start=1000000050 pid=6 lost=7\n"
		"1000000060 sched 6 0 1\n", &t);
	const struct lttr_acct_task *p7, *p8;

	if (!a) {
		ok(0, "unknown-runnable trace computed");
		return;
	}
	p7 = lttr_account_find(a, 7);
	p8 = lttr_account_find(a, 8);
	conserve("unknown runnable", a);
	ok(p7 && p7->runnable_ns == 10 + 10 && p7->unknown_ns == 60 && p7->running_ns == 10,
	   "runnable across a gap: task 7 runnable 10 ns before it and 10 after its preemption at 90 (%llu), unknown from the gap to its switch in (%llu)",
	   p7 ? (unsigned long long)p7->runnable_ns : 0ULL,
	   p7 ? (unsigned long long)p7->unknown_ns : 0ULL);
	ok(p8 && p8->runnable_ns == 20 && p8->unknown_ns == 70 && p8->running_ns == 10,
	   "runnable since before the trace, first seen switched in after the gap: runnable until the gap (%llu), then unknown (%llu)",
	   p8 ? (unsigned long long)p8->runnable_ns : 0ULL,
	   p8 ? (unsigned long long)p8->unknown_ns : 0ULL);
	ok(p7 && p7->sched_lat.count == 0 && p7->sched_lat_unknown == 1 &&
	   a->sched_lat.count == 0 && a->sched_lat_unknown == 1,
	   "runnable across a gap: its wakeup latency is of unknown length, not counted (%llu counted)",
	   p7 ? (unsigned long long)p7->sched_lat.count : 0ULL);
	lttr_account_free(a);
	lttr_trace_close(t);
}

static void test_lost_gap(void)
{
	struct lttr_trace *t;
	struct lttr_account *a = acct("lostgap", LOSTGAP_DESC, &t);
	const struct lttr_acct_task *p5, *p6;
	const struct lttr_acct_sc *s3;

	if (!a) {
		ok(0, "lost-gap trace computed");
		return;
	}
	p5 = lttr_account_find(a, 5);
	p6 = lttr_account_find(a, 6);
	s3 = sc(p5, 3);
	conserve("lost gap", a);
	ok(a->lost_gaps == 1 && a->cpu[0].unknown_ns == 30 + 10 &&
	   a->cpu[0].idle_ns == 40 && a->cpu[1].idle_ns == 30,
	   "lost gap: CPU 0's 30 ns in the gap and task 6's unresolved 10 are unknown (%llu), not idle",
	   (unsigned long long)a->cpu[0].unknown_ns);
	ok(p5 && p5->running_ns == 20 + 70 && p5->unknown_ns == 10 &&
	   p5->blocked_ns[LTTR_BLOCK_UNKNOWN] == 0 && p5->switches == 1,
	   "lost gap: task 5 runs 20 ns before the gap and 70 on CPU 1, its 10 ns between are unknown (nodata)");
	ok(s3 && s3->lat.count == 0 && s3->partial == 1 && s3->no_return == 1 && a->anomalies == 0,
	   "lost gap: the syscall whose entry was before the gap and exit after it is partial "
	   "(its exit) and without return (its entry), no anomaly");
	ok(p6 && p6->running_ns == 10 && p6->switches == 0 && p6->unknown_ns == 50 &&
	   p6->blocked_ns[LTTR_BLOCK_UNKNOWN] == 40,
	   "lost gap: task 6, current at the buffer's start, runs 10 ns there (not a recorded switch), unknown before it, blocked (reason unknown) after");
	lttr_account_free(a);
	lttr_trace_close(t);
}

static char *json_of(const struct lttr_account *a, const struct lttr_acct_task *tk)
{
	struct lttr_json j;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		return NULL;
	lttr_json_init(&j, f, false);
	lttr_json_begin_array(&j);
	lttr_json_softirqstats(&j, a);
	lttr_json_systime(&j, a);
	lttr_json_tasktime(&j, tk, false);
	lttr_json_end_array(&j);
	fclose(f);
	return buf;
}

static void test_softirq(void)
{
	struct lttr_trace *t;
	struct lttr_account *a = acct("s", S_DESC, &t);
	const struct lttr_acct_task *p5, *p9;
	const struct lttr_acct_cpu *c;
	char *js;

	if (!a) {
		ok(0, "softirq scenario computed");
		return;
	}
	p5 = lttr_account_find(a, 5);
	p9 = lttr_account_find(a, 9);
	c = &a->cpu[0];
	ok(p5 && p9, "S: two tasks");
	if (!p5 || !p9)
		goto out;
	ok(p5->running_ns == 800 && p5->user_ns == 400 && p5->syscall_ns == 260 &&
	   p5->irq_ns == 140 && p5->softirq_ns == 100 && p5->kernel_ns == 0,
	   "S: softirqs at irq exit and in a syscall interrupt the task: user 400, syscall 260, interrupted 140 of which softirq 100");
	ok(p9->running_ns == 200 && p9->kernel_ns == 200 && p9->irq_ns == 0 &&
	   p9->softirq_ns == 100,
	   "S: ksoftirqd's softirqs are its own kernel work (kernel 200, softirq 100, interrupted 0)");
	ok(c->irq_ns == 40 && c->softirq_ns == 200 &&
	   c->idle_ns + c->user_ns + c->kernel_ns + c->irq_ns + c->softirq_ns +
	   c->unknown_ns == 1000,
	   "S: per CPU irq 40 (nested irq apart), softirq 200, columns add up to the window");
	ok(a->nsoftirqs == 2 && a->softirqs[0].vec == 1 &&
	   a->softirqs[0].lat.count == 1 && a->softirqs[0].lat.total == 30 &&
	   a->softirqs[1].vec == 3 && a->softirqs[1].lat.count == 2 &&
	   a->softirqs[1].lat.total == 180 && a->softirqs[1].lat.min == 80 &&
	   a->softirqs[1].lat.max == 100,
	   "S: per-vector softirq durations (nested irq included)");
	ok(a->nirqs == 2 && a->irqs[0].irq == 4 && a->irqs[0].lat.total == 110 &&
	   a->anomalies == 0, "S: irq durations include the softirq run at exit, no anomaly");
	conserve("S", a);
	js = json_of(a, p5);
	ok(js && strstr(js, "[[{\"vec\":1,\"name\":\"TIMER\",\"duration\":{\"count\":1,") &&
	   strstr(js, "{\"vec\":3,\"name\":\"NET_RX\",\"duration\":{\"count\":2,\"total_ns\":180,") &&
	   strstr(js, "\"irq_ns\":40,\"softirq_ns\":200,\"unknown_ns\"") &&
	   strstr(js, "\"interrupted_ns\":140,\"softirq_ns\":100,"),
	   "S: JSON softirq stats, per-CPU and per-task softirq_ns");
	if (js && !strstr(js, "\"interrupted_ns\":140,\"softirq_ns\":100,"))
		tap_diag("%s", js);
	free(js);
out:
	lttr_account_free(a);
	lttr_trace_close(t);
	/* a softirq running at the window start */
	a = acct("s2", "header end=1000001000\n"
		 "buf cpu=0 start=1000000000 pid=5\n"
		 "1000000050 softirq_exit 3\n1000000100 syscall_entry 0\n"
		 "1000000200 syscall_exit 0 0\n", &t);
	if (!a) {
		ok(0, "softirq exit at start computed");
		return;
	}
	p5 = lttr_account_find(a, 5);
	ok(p5 && a->anomalies == 0 && a->nsoftirqs == 0 && p5->softirq_ns == 0 &&
	   p5->running_ns == 1000,
	   "S2: a softirq exit without entry at trace start: no anomaly, no duration");
	conserve("S2", a);
	lttr_account_free(a);
	lttr_trace_close(t);
}

/* records without details (LTT_REC_NO_DETAILS) and a flight-recorder window */
static void test_nodetails(void)
{
	struct lttr_trace *t;
	struct lttr_account *a = acct("nd",
		"header ncpus=1 end=1000000200 format=1.1 details=schedchange,trace_start\n"
		"buf cpu=0 start=1000000000 pid=5\n"
		"1000000000 start 5 0\n"
		"1000000010 nodetail syscall_entry\n1000000030 nodetail syscall_exit\n"
		"1000000040 syscall_entry 0\n1000000050 nodetail irq_entry\n"
		"1000000060 nodetail irq_exit\n1000000070 sched 5 6 1\n"
		"1000000080 nodetail wakeup\n1000000090 sched 6 5 0\n"
		"1000000100 nodetail syscall_exit\n"
		"1000000110 nodetail exit\n1000000120 sched 5 0 128\n", &t);
	const struct lttr_acct_task *p5 = NULL;
	const struct lttr_acct_sc *u, *rd;
	size_t i;

	if (!ok(a != NULL, "no details: the accounting runs")) {
		ok(0, "no details: conservation");
		ok(0, "no details: syscalls");
		ok(0, "no details: exit");
		return;
	}
	conserve("no details", a);
	for (i = 0; i < a->ntasks; i++)
		if (a->tasks[i].pid == 5)
			p5 = &a->tasks[i];
	u = sc(p5, LTTR_WHAT_UNKNOWN);
	rd = sc(p5, 0);
	ok(p5 && u && u->lat.count == 1 && u->cpu_ns == 20 && rd && rd->lat.count == 1 &&
	   rd->cpu_ns == 30 && rd->blocked_ns == 20 && p5->irq_ns == 10 &&
	   syssc(a, LTTR_WHAT_UNKNOWN) != NULL,
	   "no details: a syscall without number is timed as \"unknown\"; an exit without details closes the read it belongs to");
	ok(p5 && p5->exited && p5->end_ns == 1000000120, "no details: the exit of the current task ends it");
	lttr_account_free(a);
	lttr_trace_close(t);
}

/*
 * A flight recorder whose CPUs kept windows that begin apart (a hotplug
 * storm, 2026-11-29): CPU 1's events from 1.0000001 s show task 7
 * blocking in wait4 and task 8 preempted in user mode; CPU 0's kept
 * window begins at 1.00005 s (the window start) with 7 current in
 * getppid, and 8 switched in there exits a poll it entered unseen.
 * Before CPU 0's data, 9's events disagree (it ran unseen on CPU 0):
 * history, not damage.  The times are whole: 7 runs from the window
 * start, no anomaly, conservation exact.
 */
static void test_flight_apart(void)
{
	struct lttr_trace *t;
	struct lttr_account *a = acct("flight-apart",
		"header ncpus=2 end=1000100000 flight=1 format=1.1\n"
		"buf cpu=1 start=1000000000 pid=0\n"
		"1000000100 sched 0 7 0\n1000000200 syscall_entry 61\n"
		"1000000300 sched 7 8 1\n1000000310 syscall_exit 0 5\n"
		"1000000400 sched 8 9 0\n1000000500 syscall_entry 1\n"
		"1000000600 sched 9 0 2\n1000001000 sched 0 9 0\n"
		"1000001010 syscall_exit 61 0\n1000001100 sched 9 0 1\n"
		"1000090000 sched 0 9 0\n"
		"buf cpu=0 start=1000050000 pid=7\n"
		"1000050010 syscall_entry 39\n1000050020 syscall_exit 39 1\n"
		"1000055000 sched 7 8 0\n1000055010 syscall_exit 7 1\n"
		"1000060000 sched 8 7 1\n", &t);
	const struct lttr_acct_task *p7 = NULL;
	size_t i;

	if (!ok(a != NULL, "flight, CPUs apart: the accounting runs")) {
		ok(0, "flight, CPUs apart: conservation");
		ok(0, "flight, CPUs apart: no anomaly");
		ok(0, "flight, CPUs apart: task 7 runs from the window start");
		return;
	}
	conserve("flight, CPUs apart", a);
	ok(a->anomalies == 0, "flight, CPUs apart: no anomaly (%llu): a task seen on CPU 1 runs on CPU 0 when its data begins, events before the window disagree",
	   (unsigned long long)a->anomalies);
	for (i = 0; i < a->ntasks; i++)
		if (a->tasks[i].pid == 7)
			p7 = &a->tasks[i];
	ok(p7 && p7->running_ns == 5000 + 40000 && p7->user_ns + p7->syscall_ns == p7->running_ns,
	   "flight, CPUs apart: task 7 runs from the window start and again from 1.00006 s to the end, 45 us, all of it user or kernel (running %llu)",
	   p7 ? (unsigned long long)p7->running_ns : 0ULL);
	lttr_account_free(a);
	lttr_trace_close(t);
}

static void test_units(void)
{
	struct lttr_lat l, m;

	memset(&l, 0, sizeof(l));
	memset(&m, 0, sizeof(m));
	lttr_lat_add(&l, 0);
	lttr_lat_add(&l, 1000);
	lttr_lat_add(&m, 3);
	lttr_lat_merge(&l, &m);
	ok(l.count == 3 && l.min == 0 && l.max == 1000 && l.total == 1003 &&
	   l.hist[0] == 1 && l.hist[1] == 1 && l.hist[9] == 1 &&
	   lttr_lat_bucket(UINT64_MAX) == LTTR_HIST_BUCKETS - 1,
	   "latency statistics and log2 buckets");
	ok(lttr_block_of_syscall(0) == LTTR_BLOCK_IO &&
	   lttr_block_of_syscall(7) == LTTR_BLOCK_IO &&
	   lttr_block_of_syscall(35) == LTTR_BLOCK_SLEEP &&
	   lttr_block_of_syscall(202) == LTTR_BLOCK_FUTEX &&
	   lttr_block_of_syscall(61) == LTTR_BLOCK_CHILD &&
	   lttr_block_of_syscall(24) == LTTR_BLOCK_OTHER &&
	   /* newfstatat, statx, getdents64, unlinkat wait for the disk */
	   lttr_block_of_syscall(262) == LTTR_BLOCK_IO &&
	   lttr_block_of_syscall(332) == LTTR_BLOCK_IO &&
	   lttr_block_of_syscall(217) == LTTR_BLOCK_IO &&
	   lttr_block_of_syscall(263) == LTTR_BLOCK_IO &&
	   lttr_block_of_syscall(99999) == LTTR_BLOCK_OTHER &&
	   !strcmp(lttr_block_name(LTTR_BLOCK_IO), "io"),
	   "blocked reasons by syscall: read/poll/newfstatat io, nanosleep, futex, wait4, others");
}

static bool same_sc(const struct lttr_acct_sc *x, const struct lttr_acct_sc *y)
{
	return x->nr == y->nr && x->partial == y->partial && x->no_return == y->no_return &&
		x->cpu_ns == y->cpu_ns &&
		x->blocked_ns == y->blocked_ns && x->runnable_ns == y->runnable_ns &&
		!memcmp(&x->lat, &y->lat, sizeof(x->lat));
}

/* lttr_account_total() and lttr_account_cpu_total() against sums done here */
static void test_total(const char *name, const char *desc)
{
	struct lttr_trace *t;
	struct lttr_account *a = acct(name, desc, &t);
	struct lttr_acct_task *v, s;
	struct lttr_acct_cpu c, w;
	unsigned int k;
	size_t i;
	bool scs;

	if (!a) {
		ok(0, "%s computed", name);
		ok(0, "%s computed", name);
		ok(0, "%s computed", name);
		return;
	}
	memset(&s, 0, sizeof(s));
	for (i = 0; i < a->ntasks; i++) {
		const struct lttr_acct_task *tk = &a->tasks[i];

		s.thread_life_ns += tk->thread_life_ns;
		s.running_ns += tk->running_ns;
		s.user_ns += tk->user_ns;
		s.syscall_ns += tk->syscall_ns;
		s.trap_ns += tk->trap_ns;
		s.kernel_ns += tk->kernel_ns;
		s.irq_ns += tk->irq_ns;
		s.softirq_ns += tk->softirq_ns;
		s.runnable_ns += tk->runnable_ns;
		for (k = 0; k < LTTR_BLOCK_COUNT; k++)
			s.blocked_ns[k] += tk->blocked_ns[k];
		s.switches += tk->switches;
		s.preemptions += tk->preemptions;
		lttr_lat_merge(&s.sched_lat, &tk->sched_lat);
	}
	v = lttr_account_total(a);
	ok(v && !v->pid && !strcmp(v->name, "all") && v->threads == a->ntasks &&
	   v->thread_life_ns == s.thread_life_ns && v->running_ns == s.running_ns &&
	   v->user_ns == s.user_ns && v->syscall_ns == s.syscall_ns && v->trap_ns == s.trap_ns &&
	   v->kernel_ns == s.kernel_ns && v->irq_ns == s.irq_ns && v->softirq_ns == s.softirq_ns &&
	   v->runnable_ns == s.runnable_ns &&
	   !memcmp(v->blocked_ns, s.blocked_ns, sizeof(s.blocked_ns)) &&
	   v->switches == s.switches && v->preemptions == s.preemptions &&
	   !memcmp(&v->sched_lat, &s.sched_lat, sizeof(s.sched_lat)),
	   "%s: lttr_account_total() sums every task (%zu)", name, a->ntasks);
	scs = v && v->nsc == a->nsc;
	for (i = 0; scs && i < a->nsc; i++)
		scs = same_sc(&v->sc[i], &a->sc[i]);
	ok(scs, "%s: the tasks' syscalls summed are the system's (count, latency, partial, "
	   "on CPU, blocked, runnable)", name);
	lttr_account_group_free(v, 1);
	memset(&w, 0, sizeof(w));
	for (k = 0; k < a->ncpus; k++) {
		w.idle_ns += a->cpu[k].idle_ns;
		w.user_ns += a->cpu[k].user_ns;
		w.kernel_ns += a->cpu[k].kernel_ns;
		w.irq_ns += a->cpu[k].irq_ns;
		w.softirq_ns += a->cpu[k].softirq_ns;
		w.unknown_ns += a->cpu[k].unknown_ns;
		w.sched_ns += a->cpu[k].sched_ns;
		w.switches += a->cpu[k].switches;
	}
	lttr_account_cpu_total(a, &c);
	ok(!memcmp(&c, &w, sizeof(c)) && c.idle_ns + c.user_ns + c.kernel_ns + c.irq_ns +
	   c.softirq_ns + c.unknown_ns == a->ncpus * (a->end_ns - a->start_ns),
	   "%s: lttr_account_cpu_total() sums the CPUs, which add up to ncpus x the window", name);
	lttr_account_free(a);
	lttr_trace_close(t);
}

static void test_system_sc(void)
{
	struct lttr_trace *t;
	struct lttr_account *a = acct("sys", A_DESC, &t);
	const struct lttr_acct_sc *rd, *ns;

	if (!a) {
		ok(0, "scenario A computed");
		return;
	}
	rd = syssc(a, 0);
	ns = syssc(a, 35);
	ok(rd && ns && rd->blocked_ns == 50 && rd->runnable_ns == 100 && ns->blocked_ns == 90 &&
	   ns->runnable_ns == 20, "A: system-wide read blocked 50 and runnable 100 inside it, "
	   "nanosleep 90 and 20, as in the task");
	lttr_account_free(a);
	lttr_trace_close(t);
}

/*
 * The simulated trace (tasks block in read and clock_nanosleep, wait for
 * the CPU inside them): the system's per-syscall figures are the tasks'
 * summed here, in the whole trace and in windows, and the blocked and
 * runnable time inside the calls is there (it was 0 system-wide once)
 */
static void test_system_sc_sim(void)
{
	struct lttr_trace *t;
	struct lttr_error err;
	uint64_t end, w[4][2];
	unsigned int k;
	char *desc = sim_desc(6000, 5, &end);

	if (!desc || tg_open("sim-sc", desc, 0, &t, &err)) {
		ok(0, "the simulated trace opens");
		free(desc);
		return;
	}
	free(desc);
	w[0][0] = 0;
	w[0][1] = UINT64_MAX;
	for (k = 1; k < 4; k++) {
		w[k][0] = SIM_T0 + (k - 1) * (end - SIM_T0) / 3;
		w[k][1] = SIM_T0 + k * (end - SIM_T0) / 3;
	}
	for (k = 0; k < 4; k++) {
		struct lttr_account *a = NULL;
		struct lttr_acct_sc sum[512];
		const struct lttr_acct_sc *rd;
		bool good = true;
		size_t i, j;

		if ((k ? lttr_account_compute_window(t, w[k][0], w[k][1], &a, &err) :
		     lttr_account_compute(t, &a, &err)) < 0) {
			ok(0, "sim: accounting %u", k);
			continue;
		}
		memset(sum, 0, sizeof(sum));
		for (i = 0; i < a->ntasks; i++) {
			for (j = 0; j < a->tasks[i].nsc; j++) {
				const struct lttr_acct_sc *s = &a->tasks[i].sc[j];
				struct lttr_acct_sc *d = &sum[s->nr % 512];

				d->nr = s->nr;
				d->partial += s->partial;
				d->no_return += s->no_return;
				d->cpu_ns += s->cpu_ns;
				d->blocked_ns += s->blocked_ns;
				d->runnable_ns += s->runnable_ns;
				lttr_lat_merge(&d->lat, &s->lat);
			}
		}
		for (i = 0; i < a->nsc; i++)
			good &= same_sc(&a->sc[i], &sum[a->sc[i].nr % 512]);
		for (i = j = 0; i < 512; i++)
			j += sum[i].lat.count || sum[i].partial || sum[i].cpu_ns;
		rd = syssc(a, 0);
		ok(good && j == a->nsc && rd && rd->blocked_ns && rd->runnable_ns &&
		   syssc(a, 230) && syssc(a, 230)->blocked_ns,
		   "sim %s: the system's syscalls (%zu) are the tasks' summed; read is blocked %llu and runnable %llu ns inside",
		   k ? "window" : "trace", a->nsc, rd ? (unsigned long long)rd->blocked_ns : 0ULL,
		   rd ? (unsigned long long)rd->runnable_ns : 0ULL);
		lttr_account_free(a);
	}
	lttr_trace_close(t);
}

static void test_zombie(void)
{
	struct lttr_trace *t;
	struct lttr_account *a = acct("zombie", Z_DESC("events=all details=all"), &t);
	const struct lttr_acct_task *p20, *p21, *p30;
	struct lttr_acct_task *g;
	size_t ng = 0;

	if (!a) {
		ok(0, "zombies computed");
		return;
	}
	ok(lttr_trace_records_reaps(t), "Z: a trace with reap events in its masks records reaps");
	p20 = lttr_account_find(a, 20);
	p21 = lttr_account_find(a, 21);
	p30 = lttr_account_find(a, 30);
	ok(p20 && p20->end_ns == 1000000320 && p20->zombie_ns == 220 &&
	   p20->thread_life_ns == 170,
	   "Z: a leader that exits before its thread: alive until its last switch out, then a zombie until its parent's wait reaps it (220 ns)");
	ok(p21 && p21->end_ns == 1000000370 && p21->zombie_ns == 0,
	   "Z: a thread reaps itself before its last switch out: never a zombie");
	ok(p30 && p30->zombie_ns == 220 && p30->thread_life_ns == 0 &&
	   lttr_acct_task_blocked(p30) == 0,
	   "Z: a task reaped in the trace but never seen alive was a zombie since the start, not blocked");
	g = lttr_account_group(a, &ng);
	ok(g && ng == 3 && g[1].pid == 20 && g[1].threads == 2 && g[1].zombie_ns == 220,
	   "Z: the process's zombie time is its threads' (the leader's)");
	lttr_account_group_free(g, ng);
	ok(a->anomalies == 0, "Z: no anomaly");
	conserve("Z", a);
	lttr_account_free(a);
	lttr_trace_close(t);

	a = acct("zombie-old", Z_DESC(""), &t);
	if (!a) {
		ok(0, "zombies without reaps computed");
		return;
	}
	p20 = lttr_account_find(a, 20);
	ok(!lttr_trace_records_reaps(t) && p20 && p20->end_ns == 1000000320 &&
	   p20->zombie_ns == 0,
	   "Z: a trace without reap events: the last switch out ends the task, no zombie time");
	lttr_account_free(a);
	lttr_trace_close(t);
}

/*
 * A task present at the start inside a syscall that took a fault: its
 * first events are the trap's exit, then the syscall's.  The time up to
 * the trap exit is the trap's, from there to the syscall exit the
 * syscall's (read: 20 ns on the CPU), then user; no anomaly.  The same
 * trap exit followed by a syscall entry: the trap interrupted user mode.
 */
static void test_trap_first(void)
{
	static const char *const desc[2] = {
		"header end=1000000100\n"
		"buf cpu=0 start=1000000000 pid=5\n"
		"1000000020 trap_exit 14\n1000000040 syscall_exit 0 16\n"
		"1000000060 syscall_entry 1\n",
		"header end=1000000100\n"
		"buf cpu=0 start=1000000000 pid=5\n"
		"1000000020 trap_exit 14\n1000000050 syscall_entry 1\n",
	};
	struct lttr_trace *t;
	struct lttr_account *a = acct("trap-first", desc[0], &t);
	const struct lttr_acct_task *p5;
	const struct lttr_acct_sc *rd;

	if (!a) {
		ok(0, "trap-first computed");
		return;
	}
	p5 = lttr_account_find(a, 5);
	rd = sc(p5, 0);
	ok(p5 && p5->trap_ns == 20 && p5->syscall_ns == 60 && p5->user_ns == 20 &&
	   rd && rd->cpu_ns == 20 && a->anomalies == 0,
	   "trap exit, syscall exit at first appearance: trap 20, read 20 on the CPU (write 40), user 20, no anomaly");
	conserve("trap-first", a);
	lttr_account_free(a);
	lttr_trace_close(t);

	a = acct("trap-user", desc[1], &t);
	if (!a) {
		ok(0, "trap-user computed");
		return;
	}
	p5 = lttr_account_find(a, 5);
	ok(p5 && p5->trap_ns == 20 && p5->user_ns == 30 && p5->syscall_ns == 50 &&
	   a->anomalies == 0,
	   "trap exit, then a syscall entry: trap 20, user 30 (what the trap interrupted), write 50, no anomaly");
	lttr_account_free(a);
	lttr_trace_close(t);
}

/*
 * Calls entered whose return the trace does not hold: task 5 reads
 * (100-150, returned), then calls exit_group at 200, which never returns
 * (exit at 210, switched out dead at 220); task 6, on CPU 1, enters futex
 * at 300 and is still blocked in it at the end (1000); task 7 makes two
 * reads, the first returned, the second entered at 700 and left at 800.
 * In the window [0, 750) that second read has no return either; in
 * [750, end) its exit is partial.
 */
#define NORET_DESC \
	"header ncpus=2 end=1000001000\n" \
	"proc PID: 5; PPID: 1; TGID: 5; NAME: quitter\n" \
	"proc PID: 6; PPID: 1; TGID: 6; NAME: waiter\n" \
	"proc PID: 7; PPID: 1; TGID: 7; NAME: reader\n" \
	"buf cpu=0 start=1000000000 pid=5\n" \
	"1000000000 start 5 0\n" \
	"1000000100 syscall_entry 0\n1000000150 syscall_exit 0 0\n" \
	"1000000200 syscall_entry 231\n1000000210 exit 5 0\n" \
	"1000000220 sched 5 7 128\n" \
	"1000000600 syscall_entry 0\n1000000650 syscall_exit 0 0\n" \
	"1000000700 syscall_entry 0\n1000000800 syscall_exit 0 0\n" \
	"buf cpu=1 start=1000000000 pid=6\n" \
	"1000000000 start 6 1\n" \
	"1000000300 syscall_entry 202\n1000000310 sched 6 0 1\n"

static void test_no_return(void)
{
	struct lttr_trace *t;
	struct lttr_account *a = acct("noret", NORET_DESC, &t), *w = NULL;
	const struct lttr_acct_sc *rd, *eg, *fx;
	struct lttr_error err;

	if (!a) {
		ok(0, "no-return trace computed");
		ok(0, "no-return trace computed");
		ok(0, "no-return trace computed");
		return;
	}
	rd = syssc(a, 0);
	eg = syssc(a, 231);
	fx = syssc(a, 202);
	ok(eg && eg->lat.count == 0 && eg->no_return == 1 && eg->partial == 0 &&
	   fx && fx->lat.count == 0 && fx->no_return == 1 &&
	   sc(lttr_account_find(a, 5), 231) && sc(lttr_account_find(a, 5), 231)->no_return == 1,
	   "no return: exit_group (never returns) and a futex still blocked at the end are "
	   "entries without return (%llu, %llu), no duration",
	   eg ? (unsigned long long)eg->no_return : 0ULL,
	   fx ? (unsigned long long)fx->no_return : 0ULL);
	ok(rd && rd->lat.count == 3 && rd->no_return == 0 && rd->partial == 0,
	   "no return: the reads that returned are counted with their durations, none without return");
	lttr_account_free(a);
	if (lttr_account_compute_window(t, 1000000000, 1000000750, &w, &err) == 0) {
		rd = syssc(w, 0);
		ok(rd && rd->lat.count == 2 && rd->no_return == 1,
		   "no return: a read entered in the window [0, 750) and left after it has no return there");
	} else {
		ok(0, "the window [0, 750): %s", err.msg);
	}
	lttr_account_free(w);
	lttr_trace_close(t);
}

int main(void)
{
	tap_plan(42 + 4 + 3 * 3 + 1 + 4 + 5 + 8 + 3 + 3 + 4 + 4);
	test_trap_first();
	test_nodetails();
	test_flight_apart();
	test_a();
	test_b();
	test_softirq();
	test_violation();
	test_lost_gap();
	test_no_return();
	test_unknown_runnable();
	test_zombie();
	test_units();
	test_total("total-a", A_DESC);
	test_total("total-b", B_DESC);
	test_total("total-s", S_DESC);
	test_system_sc();
	test_system_sc_sim();
	return tap_done();
}
