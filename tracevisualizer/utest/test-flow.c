// SPDX-License-Identifier: GPL-2.0
/*
 * test-flow.c - the control-transition rules of docs/control-flow.md, one
 * hand-built trace per rule: the segments (who ran in which mode when) and
 * the transitions the state machine derives.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "tracegen.h"

#define T0 1000000000ULL

struct fcase {
	const char *name;
	const char *desc;
	const char *segs;	/* "cpu:pid:mode[/what]:start-end " relative ns */
	const char *trs;	/* transition kinds, one letter each (see kind_ch) */
};

/* S/s syscall entry/exit, T/t trap, I/i irq, W switch, w wakeup, F fork,
 * E exec, X exit, R resolve, A anomaly, Q/q softirq entry/exit, L/l lost
 * events begin/end */
static char kind_ch(unsigned int k)
{
	static const char ch[] = "SsTtIiWwFEXRAQqLl";

	return k < sizeof(ch) - 1 ? ch[k] : '?';
}

static const struct fcase cases[] = {
	{ "rule 1: a syscall entry always enters the kernel, its exit returns to user",
	  "header end=1000000100\n"
	  "buf cpu=0 start=1000000000 pid=5\n"
	  "1000000000 start 5 0\n"
	  "1000000010 irq_entry 236 3\n1000000012 irq_exit 236 3\n"
	  "1000000020 syscall_entry 39\n1000000030 syscall_exit 39 5\n",
	  "0:5:unknown:0-10 0:5:irq/236:10-12 0:5:user:12-20 0:5:syscall/39:20-30 "
	  "0:5:user:30-100 ", "RIiSs" },
	{ "rule 2: a trap from user mode enters the kernel",
	  "header end=1000000100\n"
	  "buf cpu=0 start=1000000000 pid=5\n"
	  "1000000010 trap_entry 14 0x1000 0x401000 1\n1000000030 trap_exit 14\n",
	  "0:5:unknown:0-10 0:5:trap/14:10-30 0:5:user:30-100 ", "RTt" },
	{ "rule 3: a trap in the kernel nests in the syscall and returns to it",
	  "header end=1000000100\n"
	  "buf cpu=0 start=1000000000 pid=5\n"
	  "1000000010 syscall_entry 0\n"
	  "1000000020 trap_entry 14 0x1000 0xffffffff81000000 0\n"
	  "1000000030 trap_exit 14\n1000000040 syscall_exit 0 0\n",
	  "0:5:unknown:0-10 0:5:syscall/0:10-20 0:5:trap/14:20-30 "
	  "0:5:syscall/0:30-40 0:5:user:40-100 ", "RSTts" },
	{ "rule 4: irqs nest in syscalls and in other irqs; the outermost names the interval",
	  "header end=1000000100\n"
	  "buf cpu=0 start=1000000000 pid=5\n"
	  "1000000010 syscall_entry 0\n"
	  "1000000020 irq_entry 4 0\n1000000025 irq_entry 236 2\n"
	  "1000000027 irq_exit 236 2\n1000000030 irq_exit 4 0\n"
	  "1000000040 syscall_exit 0 0\n",
	  "0:5:unknown:0-10 0:5:syscall/0:10-20 0:5:irq/4:20-25 0:5:irq/4:25-27 "
	  "0:5:irq/4:27-30 0:5:syscall/0:30-40 0:5:user:40-100 ", "RSIIiis" },
	{ "rule 5: an irq from user mode leaves the task in user mode",
	  "header end=1000000100\n"
	  "buf cpu=0 start=1000000000 pid=5\n"
	  "1000000005 syscall_entry 1\n1000000008 syscall_exit 1 1\n"
	  "1000000010 irq_entry 4 1\n1000000020 irq_exit 4 1\n",
	  "0:5:unknown:0-5 0:5:syscall/1:5-8 0:5:user:8-10 0:5:irq/4:10-20 "
	  "0:5:user:20-100 ", "RSsIi" },
	{ "rule 6: a task switched out inside a syscall resumes in it",
	  "header end=1000000100\n"
	  "buf cpu=0 start=1000000000 pid=5\n"
	  "1000000001 syscall_entry 39\n1000000002 syscall_exit 39 5\n"
	  "1000000010 syscall_entry 0\n1000000020 sched 5 6 1\n"
	  "1000000030 syscall_entry 1\n1000000035 wakeup 5 0 0\n"
	  "1000000038 syscall_exit 1 1\n1000000040 sched 6 5 0\n"
	  "1000000050 syscall_exit 0 1\n",
	  "0:5:unknown:0-1 0:5:syscall/39:1-2 0:5:user:2-10 0:5:syscall/0:10-20 "
	  "0:6:unknown:20-30 0:6:syscall/1:30-35 0:6:syscall/1:35-38 0:6:user:38-40 "
	  "0:5:syscall/0:40-50 0:5:user:50-100 ", "RSsSWRSwsWs" },
	{ "rule 7: first appearance mid-syscall: in that syscall since trace start",
	  "header end=1000000100\n"
	  "buf cpu=0 start=1000000000 pid=5\n"
	  "1000000040 syscall_exit 0 3\n1000000050 syscall_entry 1\n",
	  "0:5:unknown:0-40 0:5:user:40-50 0:5:syscall/1:50-100 ", "RsS" },
	{ "rule 7: a trap exit then a syscall exit at first appearance: a fault inside that syscall, not an anomaly",
	  "header end=1000000100\n"
	  "buf cpu=0 start=1000000000 pid=5\n"
	  "1000000020 trap_exit 14\n1000000040 syscall_exit 0 16\n"
	  "1000000060 syscall_entry 1\n",
	  "0:5:unknown:0-20 0:5:unknown:20-40 0:5:user:40-60 0:5:syscall/1:60-100 ", "RtRsS" },
	{ "rule 7: a trap exit at first appearance, then user-mode evidence: the trap interrupted user mode",
	  "header end=1000000100\n"
	  "buf cpu=0 start=1000000000 pid=5\n"
	  "1000000020 trap_exit 14\n1000000050 syscall_entry 1\n",
	  "0:5:unknown:0-20 0:5:unknown:20-50 0:5:syscall/1:50-100 ", "RtRS" },
	{ "rule 18: after lost events, an irq's and a softirq's exits without entries are not anomalies "
	  "(the second softirq exit is)",
	  "header end=1000000100\n"
	  "buf cpu=0 start=1000000000 pid=5\n"
	  "1000000000 start 5 0\n"
	  "1000000005 softirq_entry 3\n1000000008 softirq_exit 3\n"
	  "1000000010 syscall_entry 0\n"
	  "buf cpu=0 start=1000000050 pid=5 lost=3\n"
	  "1000000050 irq_exit 236 2\n1000000055 softirq_exit 3\n"
	  "1000000060 syscall_exit 0 0\n1000000070 softirq_exit 3\n",
	  "0:5:unknown:0-5 0:5:softirq/3:5-8 0:5:unknown:8-10 0:0:unknown:10-50 "
	  "0:5:unknown:50-55 0:5:unknown:55-60 0:5:user:60-70 0:5:user:70-100 ",
	  "QqRSLliqRsA" },
	{ "rule 8: the idle task is idle; irqs in it are irq time",
	  "header end=1000000100\n"
	  "buf cpu=0 start=1000000000 pid=0\n"
	  "1000000000 start 0 0\n"
	  "1000000010 irq_entry 236 2\n1000000020 irq_exit 236 2\n"
	  "1000000030 sched 0 7 0\n",
	  "0:0:idle:0-10 0:0:irq/236:10-20 0:0:idle:20-30 0:7:unknown:30-100 ", "IiW" },
	{ "rule 9: a kernel thread created in the trace runs in kernel mode",
	  "header end=1000000100\n"
	  "buf cpu=0 start=1000000000 pid=2\n"
	  "1000000010 fork 2 9 9 2 0\n1000000020 sched 2 9 1\n"
	  "1000000030 irq_entry 4 0\n1000000040 irq_exit 4 0\n",
	  "0:2:unknown:0-10 0:2:unknown:10-20 0:9:kernel:20-30 0:9:irq/4:30-40 0:9:kernel:40-100 ", "FWIi" },
	{ "rule 10: a new user task starts in the kernel, leaves through the clone exit",
	  "header end=1000000100\n"
	  "buf cpu=0 start=1000000000 pid=5\n"
	  "1000000001 syscall_entry 56\n1000000010 fork 5 9 9 0 0\n"
	  "1000000011 wakeup 9 0 1\n1000000012 syscall_exit 56 9\n"
	  "1000000020 sched 5 9 0\n1000000030 syscall_exit 56 0\n",
	  "0:5:unknown:0-1 0:5:syscall/56:1-10 0:5:syscall/56:10-11 0:5:syscall/56:11-12 "
	  "0:5:user:12-20 0:9:unknown:20-30 0:9:user:30-100 ", "RSFwsWRs" },
	{ "rule 11: CPUs are independent; trace_start names the current task",
	  "header ncpus=2 end=1000000100\n"
	  "buf cpu=0 start=1000000000 pid=5\n1000000000 start 5 0\n"
	  "1000000010 syscall_entry 0\n"
	  "buf cpu=1 start=1000000000 pid=6\n1000000000 start 6 1\n"
	  "1000000020 irq_entry 4 1\n1000000030 irq_exit 4 1\n"
	  "buf cpu=0 start=1000000040 pid=5\n1000000040 syscall_exit 0 0\n",
	  "0:5:unknown:0-10 1:6:unknown:0-20 1:6:irq/4:20-30 0:5:syscall/0:10-40 "
	  "0:5:user:40-100 1:6:user:30-100 ", "RSRIis" },
	{ "rule 12: a syscall entry while in the kernel means lost events: repaired",
	  "header end=1000000100\n"
	  "buf cpu=0 start=1000000000 pid=5\n"
	  "1000000010 syscall_entry 0\n1000000020 syscall_entry 1\n"
	  "1000000030 syscall_exit 1 0\n1000000040 syscall_exit 2 0\n",
	  "0:5:unknown:0-10 0:5:syscall/0:10-20 0:5:syscall/1:20-30 0:5:user:30-40 "
	  "0:5:user:40-100 ", "RSASsAs" },
	{ "rule 13: events before the window start and after its end are clamped",
	  "header start=2100000010 end=2100000050 flags=0\n"
	  "buf cpu=0 start=1000000000 pid=5\n"
	  "1000000000 syscall_entry 0\n2100000030 syscall_exit 0 0\n"
	  "2100000060 syscall_entry 1\n",
	  "0:5:syscall/0:1100000010-1100000030 0:5:user:1100000030-1100000050 ", "RSsS" },
	{ "rule 13: the first buffers begin (less than 1 s) before the header's start: "
	  "the window starts at them",
	  "header start=1000000010 end=1000000050 flags=0\n"
	  "buf cpu=0 start=1000000000 pid=5\n"
	  "1000000000 syscall_entry 0\n1000000030 syscall_exit 0 0\n"
	  "1000000060 syscall_entry 1\n",
	  "0:5:syscall/0:0-30 0:5:user:30-50 ", "RSsS" },
	{ "rule 14: a softirq at irq exit nests in the irq, an irq nests in the softirq",
	  "header end=1000000100\n"
	  "buf cpu=0 start=1000000000 pid=5\n"
	  "1000000010 syscall_entry 0\n"
	  "1000000020 irq_entry 4 0\n1000000025 softirq_entry 3\n"
	  "1000000030 irq_entry 236 2\n1000000035 irq_exit 236 2\n"
	  "1000000040 softirq_exit 3\n1000000045 irq_exit 4 0\n"
	  "1000000050 syscall_exit 0 0\n",
	  "0:5:unknown:0-10 0:5:syscall/0:10-20 0:5:irq/4:20-25 "
	  "0:5:softirq/3:25-30 0:5:irq/236:30-35 0:5:softirq/3:35-40 "
	  "0:5:irq/4:40-45 0:5:syscall/0:45-50 0:5:user:50-100 ", "RSIQIiqis" },
	{ "rule 14: a softirq in a syscall (bottom halves re-enabled) returns to it",
	  "header end=1000000100\n"
	  "buf cpu=0 start=1000000000 pid=5\n"
	  "1000000010 syscall_entry 0\n"
	  "1000000020 softirq_entry 1\n1000000030 softirq_exit 1\n"
	  "1000000040 syscall_exit 0 0\n",
	  "0:5:unknown:0-10 0:5:syscall/0:10-20 0:5:softirq/1:20-30 "
	  "0:5:syscall/0:30-40 0:5:user:40-100 ", "RSQqs" },
	{ "rule 14: a softirq in a kernel thread (ksoftirqd) and in the idle task",
	  "header end=1000000100\n"
	  "buf cpu=0 start=1000000000 pid=0\n"
	  "1000000005 softirq_entry 7\n1000000008 softirq_exit 7\n"
	  "1000000010 fork 0 10 10 2 0\n1000000020 sched 0 10 0\n"
	  "1000000030 softirq_entry 9\n1000000040 softirq_exit 9\n"
	  "1000000050 sched 10 0 1\n",
	  "0:0:idle:0-5 0:0:softirq/7:5-8 0:0:idle:8-10 0:0:idle:10-20 "
	  "0:10:kernel:20-30 0:10:softirq/9:30-40 0:10:kernel:40-50 "
	  "0:0:idle:50-100 ", "QqFWQqW" },
	{ "rule 15: a softirq exit without entry at trace start is not an anomaly, later it is",
	  "header end=1000000100\n"
	  "buf cpu=0 start=1000000000 pid=5\n"
	  "1000000005 irq_entry 236 2\n1000000008 irq_exit 236 2\n"
	  "1000000010 softirq_exit 3\n1000000020 softirq_exit 3\n"
	  "1000000030 syscall_entry 0\n",
	  "0:5:unknown:0-5 0:5:irq/236:5-8 0:5:unknown:8-10 0:5:unknown:10-20 "
	  "0:5:unknown:20-30 0:5:syscall/0:30-100 ", "IiqARS" },
	{ "rule 15: an irq exit without entry before its CPU's first switch ended an irq of the window start; after a switch it is an anomaly",
	  "header end=1000000100\n"
	  "buf cpu=0 start=1000000000 pid=5\n"
	  "1000000010 irq_exit 236 2\n"
	  "1000000020 syscall_entry 0\n1000000030 syscall_exit 0 0\n"
	  "1000000040 sched 5 6 0\n"
	  "1000000050 irq_exit 236 2\n",
	  "0:5:unknown:0-10 0:5:unknown:10-20 0:5:syscall/0:20-30 0:5:user:30-40 "
	  "0:6:unknown:40-50 0:6:unknown:50-100 ", "iRSsWA" },
	{ "rule 16: records without details still enter and leave; exits take the entry's number",
	  "header end=1000000100\n"
	  "buf cpu=0 start=1000000000 pid=5\n"
	  "1000000005 syscall_entry 1\n1000000008 syscall_exit 1 1\n"
	  "1000000010 nodetail syscall_entry\n"
	  "1000000020 nodetail irq_entry\n1000000025 nodetail irq_exit\n"
	  "1000000030 nodetail syscall_exit\n"
	  "1000000040 nodetail trap_entry\n1000000045 nodetail trap_exit\n"
	  "1000000050 syscall_entry 0\n1000000055 irq_entry 4 0\n"
	  "1000000058 nodetail irq_exit\n1000000060 nodetail syscall_exit\n"
	  "1000000065 nodetail softirq_entry\n1000000068 softirq_exit 3\n"
	  "1000000070 nodetail wakeup\n1000000075 nodetail fork\n",
	  "0:5:unknown:0-5 0:5:syscall/1:5-8 0:5:user:8-10 "
	  "0:5:syscall/4294967295:10-20 0:5:irq/4294967295:20-25 "
	  "0:5:syscall/4294967295:25-30 0:5:user:30-40 0:5:trap/4294967295:40-45 "
	  "0:5:user:45-50 0:5:syscall/0:50-55 0:5:irq/4:55-58 0:5:syscall/0:58-60 "
	  "0:5:user:60-65 0:5:softirq/4294967295:65-68 0:5:user:68-100 ",
	  "RSsSIisTtSIisQq" },
	{ "rule 17: a flight-recorder trace's window starts when every CPU is known",
	  "header ncpus=2 end=1000000100 flight=1\n"
	  "buf cpu=0 start=1000000020 pid=5 seq=7\n"
	  "1000000020 syscall_entry 0\n1000000030 syscall_exit 0 0\n"
	  "1000000060 syscall_entry 1\n"
	  "buf cpu=1 start=1000000040 pid=6 seq=3\n"
	  "1000000050 syscall_exit 1 0\n",
	  "1:6:unknown:40-50 0:5:user:40-60 0:5:syscall/1:60-100 1:6:user:50-100 ",
	  "RSsRsS" },
	{ "rule 18: lost events before a buffer: its CPU runs nobody known from the "
	  "last record before them to the buffer's start, the tasks around forget their stacks",
	  "header ncpus=2 end=1000000100\n"
	  "buf cpu=0 start=1000000000 pid=5\n"
	  "1000000010 syscall_entry 0\n1000000020 irq_entry 4 0\n"
	  "buf cpu=1 start=1000000000 pid=0\n"
	  "1000000030 sched 0 5 0\n1000000040 syscall_exit 0 0\n"
	  "buf cpu=0 start=1000000050 pid=6 lost=7\n"
	  "1000000060 syscall_entry 1\n",
	  "0:5:unknown:0-10 0:5:syscall/0:10-20 1:0:idle:0-30 1:5:unknown:30-40 "
	  "0:0:unknown:20-50 0:6:unknown:50-60 0:6:syscall/1:60-100 1:5:user:40-100 ",
	  "RSILWRslRS" },
	{ "rule 18: lost events in a buffer that stays empty count with the next one; "
	  "a task current across the gap is current again after it",
	  "header end=1000000100\n"
	  "buf cpu=0 start=1000000000 pid=5\n"
	  "1000000010 syscall_entry 0\n"
	  "buf cpu=0 start=1000000030 pid=5 lost=2\n"
	  "buf cpu=0 start=1000000040 pid=5 lost=3\n"
	  "1000000050 syscall_exit 0 0\n",
	  "0:5:unknown:0-10 0:0:unknown:10-40 0:5:unknown:40-50 0:5:user:50-100 ",
	  "RSLlRs" },
};

struct out {
	char segs[1024];
	char trs[64];
	uint64_t t0;
};

static void seg(void *arg, const struct lttr_flow_seg *s)
{
	struct out *o = arg;
	size_t l = strlen(o->segs);
	char what[16] = "";

	if (s->mode == LTTR_MODE_SYSCALL || s->mode == LTTR_MODE_TRAP ||
	    s->mode == LTTR_MODE_IRQ || s->mode == LTTR_MODE_SOFTIRQ)
		snprintf(what, sizeof(what), "/%u", s->what);
	snprintf(o->segs + l, sizeof(o->segs) - l, "%u:%u:%s%s:%llu-%llu ",
		 s->cpu, s->pid, lttr_mode_name(s->mode), what,
		 (unsigned long long)(s->start_ns - o->t0),
		 (unsigned long long)(s->end_ns - o->t0));
}

static void tr(void *arg, const struct lttr_flow_tr *t)
{
	struct out *o = arg;
	size_t l = strlen(o->trs);

	if (l + 1 < sizeof(o->trs)) {
		o->trs[l] = kind_ch(t->kind);
		o->trs[l + 1] = '\0';
	}
}

static void run(const struct fcase *c, int k)
{
	static const struct lttr_flow_ops ops = { seg, tr };
	struct lttr_trace *t;
	struct lttr_error err;
	struct out o;
	char name[16];
	int r;

	memset(&o, 0, sizeof(o));
	o.t0 = T0;
	snprintf(name, sizeof(name), "f%d", k);
	if (tg_open(name, c->desc, 0, &t, &err)) {
		ok(0, "%s: opens (%s)", c->name, err.msg);
		ok(0, "%s: transitions", c->name);
		return;
	}
	r = lttr_flow_run(t, &ops, &o, NULL, &err);
	ok(r == 0 && !strcmp(o.segs, c->segs), "%s: segments", c->name);
	if (strcmp(o.segs, c->segs))
		tap_diag("got  %s\nwant %s", o.segs, c->segs);
	ok(!strcmp(o.trs, c->trs), "%s: transitions %s", c->name, c->trs);
	if (strcmp(o.trs, c->trs))
		tap_diag("got transitions %s", o.trs);
	lttr_trace_close(t);
}

int main(void)
{
	size_t i, n = sizeof(cases) / sizeof(cases[0]);

	tap_plan((int)(2 * n + 3));
	for (i = 0; i < n; i++)
		run(&cases[i], (int)i);
	ok(!strcmp(lttr_mode_name(LTTR_MODE_SYSCALL), "syscall") &&
	   !strcmp(lttr_mode_name(LTTR_MODE_SOFTIRQ), "softirq") &&
	   !strcmp(lttr_mode_name(99), "?"), "mode names");
	ok(!strcmp(lttr_tr_kind_name(LTTR_TR_SWITCH), "switch") &&
	   !strcmp(lttr_tr_kind_name(LTTR_TR_ANOMALY), "anomaly") &&
	   !strcmp(lttr_tr_kind_name(LTTR_TR_SOFTIRQ_ENTRY), "softirq_entry") &&
	   !strcmp(lttr_tr_kind_name(LTTR_TR_SOFTIRQ_EXIT), "softirq_exit") &&
	   !strcmp(lttr_tr_kind_name(LTTR_TR_LOST), "lost") &&
	   !strcmp(lttr_tr_kind_name(LTTR_TR_LOST_END), "lost_end") &&
	   !strcmp(lttr_tr_kind_name(LTTR_TR_REAP), "reap") &&
	   !strcmp(lttr_tr_kind_name(LTTR_TR_REAP + 1), "?"),
	   "transition names");
	ok(lttr_flow_new(LTT_MAX_CPUS + 1, 0, 0, NULL, NULL) == NULL,
	   "too many CPUs refused");
	return tap_done();
}
