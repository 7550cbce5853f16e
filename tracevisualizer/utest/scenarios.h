/* SPDX-License-Identifier: GPL-2.0 */
/*
 * scenarios.h - hand-built traces whose every nanosecond is worked out in
 * test-account.c, shared by the tests of what is built on the accounting
 * (test-view.c, test-timing.c, test-explain.c); T_DESC and P_DESC are
 * worked out in test-timing.c and test-explain.c.
 */
#ifndef SCENARIOS_H
#define SCENARIOS_H

#define A_DESC \
	"header end=1000001000\n" \
	"proc PID: 5; PPID: 1; TGID: 5; NAME: a\n" \
	"proc PID: 6; PPID: 1; TGID: 6; NAME: b\n" \
	"buf cpu=0 start=1000000000 pid=5\n" \
	"1000000000 start 5 0\n" \
	"1000000100 syscall_entry 1\n" \
	"1000000150 syscall_exit 1 1\n" \
	"1000000200 irq_entry 236 3\n" \
	"1000000210 irq_exit 236 3\n" \
	"1000000300 sched 5 6 0\n" \
	"1000000400 syscall_entry 0\n" \
	"1000000450 sched 6 5 1\n" \
	"1000000500 wakeup 6 0 0\n" \
	"1000000600 sched 5 6 0\n" \
	"1000000650 syscall_exit 0 10\n" \
	"1000000700 syscall_entry 35\n" \
	"1000000710 sched 6 0 1\n" \
	"1000000800 wakeup 6 0 0\n" \
	"1000000820 sched 0 6 0\n" \
	"1000000830 syscall_exit 35 0\n" \
	"1000000900 sched 6 5 0\n"

#define B_DESC \
	"header ncpus=2 end=1000001000\n" \
	"proc PID: 10; PPID: 1; TGID: 10; NAME: sh\n" \
	"proc PID: 11; PPID: 1; TGID: 10; NAME: sh\n" \
	"proc PID: 12; PPID: 1; TGID: 12; NAME: sleeper\n" \
	"buf cpu=0 start=1000000000 pid=10\n" \
	"1000000000 start 10 0\n" \
	"1000000100 syscall_entry 57\n" \
	"1000000150 fork 10 20 20 0 0x11\n" \
	"1000000160 wakeup 20 1 1\n" \
	"1000000200 syscall_exit 57 20\n" \
	"1000000250 syscall_entry 61\n" \
	"1000000300 sched 10 0 1\n" \
	"buf cpu=1 start=1000000000 pid=0\n" \
	"1000000000 start 0 1\n" \
	"1000000200 wakeup 12 1 0\n" \
	"1000000210 sched 0 12 0\n" \
	"1000000220 syscall_exit 202 0\n" \
	"1000000230 syscall_entry 60\n" \
	"1000000240 exit 12 0\n" \
	"1000000250 sched 12 20 128\n" \
	"1000000300 syscall_exit 57 0\n" \
	"1000000400 syscall_entry 60\n" \
	"1000000410 exit 20 3\n" \
	"1000000420 wakeup 10 0 0\n" \
	"1000000430 sched 20 0 128\n" \
	"buf cpu=0 start=1000000500 pid=0\n" \
	"1000000500 irq_entry 4 0\n" \
	"1000000520 irq_exit 4 0\n" \
	"1000000530 sched 0 10 0\n" \
	"1000000540 syscall_exit 61 20\n"

/*
 * softirqs: at irq exit (with an irq nested in the softirq), in a syscall
 * (bottom halves re-enabled), in ksoftirqd (its own work)
 */
#define S_DESC \
	"header end=1000001000\n" \
	"proc PID: 5; PPID: 1; TGID: 5; NAME: a\n" \
	"proc PID: 9; PPID: 2; TGID: 9; NAME: ksoftirqd/0\n" \
	"buf cpu=0 start=1000000000 pid=5\n" \
	"1000000000 start 5 0\n" \
	"1000000100 syscall_entry 0\n" \
	"1000000200 irq_entry 4 0\n" \
	"1000000220 softirq_entry 3\n" \
	"1000000240 irq_entry 236 2\n" \
	"1000000250 irq_exit 236 2\n" \
	"1000000300 softirq_exit 3\n" \
	"1000000310 irq_exit 4 0\n" \
	"1000000400 softirq_entry 1\n" \
	"1000000430 softirq_exit 1\n" \
	"1000000500 syscall_exit 0 0\n" \
	"1000000600 sched 5 9 0\n" \
	"1000000650 softirq_entry 3\n" \
	"1000000750 softirq_exit 3\n" \
	"1000000800 sched 9 5 1\n"

/*
 * Zombies: 30 is dead before the trace (reaped by its parent's wait4), 20
 * exits while its thread 21 still runs (the leader waits for its parent),
 * 21 reaps itself (a thread), 10 reaps 20 later.
 */
#define Z_DESC(events) \
	"header ncpus=2 end=1000001000 format=1.1 " events "\n" \
	"proc PID: 10; PPID: 1; TGID: 10; NAME: sh\n" \
	"proc PID: 30; PPID: 10; TGID: 30; NAME: old\n" \
	"buf cpu=0 start=1000000000 pid=10\n" \
	"1000000000 start 10 0\n" \
	"1000000100 syscall_entry 57\n" \
	"1000000150 fork 10 20 20 0 0x11\n" \
	"1000000160 wakeup 20 1 1\n" \
	"1000000200 syscall_exit 57 20\n" \
	"1000000210 syscall_entry 61\n" \
	"1000000220 reap 30 30\n" \
	"1000000230 syscall_exit 61 30\n" \
	"1000000250 syscall_entry 61\n" \
	"1000000300 sched 10 0 1\n" \
	"buf cpu=1 start=1000000000 pid=0\n" \
	"1000000000 start 0 1\n" \
	"1000000210 sched 0 20 0\n" \
	"1000000215 syscall_exit 57 0\n" \
	"1000000220 fork 20 21 20 1 0x3d0f00\n" \
	"1000000230 wakeup 21 1 1\n" \
	"1000000300 syscall_entry 60\n" \
	"1000000310 exit 20 0\n" \
	"1000000320 sched 20 21 128\n" \
	"1000000325 syscall_exit 56 0\n" \
	"1000000330 syscall_entry 60\n" \
	"1000000340 exit 21 0\n" \
	"1000000350 reap 21 20\n" \
	"1000000360 wakeup 10 0 0\n" \
	"1000000370 sched 21 0 128\n" \
	"buf cpu=0 start=1000000500 pid=0\n" \
	"1000000530 sched 0 10 0\n" \
	"1000000540 reap 20 20\n" \
	"1000000550 syscall_exit 61 20\n"


/*
 * Lost events: 7 lost on cpu 0 before its second buffer (opened at 50 ns
 * with 6 current); 5 was current before the gap and runs on cpu 1 meanwhile
 */
#define LOSTGAP_DESC \
	"header ncpus=2 end=1000000100\n" \
	"buf cpu=0 start=1000000000 pid=5\n" \
	"1000000010 syscall_exit 0 0\n1000000020 syscall_entry 3\n" \
	"buf cpu=1 start=1000000000 pid=0\n" \
	"1000000030 sched 0 5 0\n1000000040 syscall_exit 3 0\n" \
	"buf cpu=0 start=1000000050 pid=6 lost=7\n" \
	"1000000060 sched 6 0 1\n"

/*
 * A periodic task 7 (clock_nanosleep 230, relative timeouts) and a hog 8
 * on one CPU: deadline 1110, woken by the idle task's timer irq at 1160,
 * runs at 1180; deadline 2110, woken at 2130 by a timer irq over the hog,
 * runs at 2500 when the hog is preempted; a nanosleep with 0 left; one
 * woken at 3000 before its deadline 7710 (a signal).
 */
#define T_DESC \
	"header end=1000004000\n" \
	"proc PID: 7; PPID: 1; TGID: 7; NAME: periodic\n" \
	"proc PID: 8; PPID: 1; TGID: 8; NAME: hog\n" \
	"buf cpu=0 start=1000000000 pid=7\n" \
	"1000000000 start 7 0\n" \
	"1000000100 syscall_entry 230\n" \
	"1000000110 timer_set_timeout 1 1000\n" \
	"1000000120 sched 7 0 1\n" \
	"1000001150 irq_entry 236 2\n" \
	"1000001160 wakeup 7 0 0\n" \
	"1000001170 irq_exit 236 2\n" \
	"1000001180 sched 0 7 0\n" \
	"1000001190 syscall_exit 230 0\n" \
	"1000001200 syscall_entry 230\n" \
	"1000001210 timer_set_timeout 1 900\n" \
	"1000001220 sched 7 8 1\n" \
	"1000002120 irq_entry 236 3\n" \
	"1000002130 wakeup 7 0 0\n" \
	"1000002140 irq_exit 236 3\n" \
	"1000002500 sched 8 7 0\n" \
	"1000002510 syscall_exit 230 0\n" \
	"1000002600 syscall_entry 35\n" \
	"1000002610 timer_set_timeout 1 0\n" \
	"1000002620 syscall_exit 35 0\n" \
	"1000002700 syscall_entry 35\n" \
	"1000002710 timer_set_timeout 1 5000\n" \
	"1000002720 sched 7 8 1\n" \
	"1000003000 wakeup 7 0 0\n" \
	"1000003100 sched 8 7 0\n" \
	"1000003110 syscall_exit 35 -4\n"

/*
 * A pipe chain on one CPU: A (20) reads what B (21) writes, B reads what
 * C (22) writes, C sleeps 50 us first (its wakeup from the idle task's
 * timer irq): A blocked 110-50270 while B and C worked, B blocked
 * 130-50210 while C slept and ran.
 */
#define P_DESC \
	"header end=1000050500\n" \
	"proc PID: 20; PPID: 1; TGID: 20; NAME: A\n" \
	"proc PID: 21; PPID: 1; TGID: 21; NAME: B\n" \
	"proc PID: 22; PPID: 1; TGID: 22; NAME: C\n" \
	"buf cpu=0 start=1000000000 pid=20\n" \
	"1000000000 start 20 0\n" \
	"1000000100 syscall_entry 0\n" \
	"1000000110 sched 20 21 1\n" \
	"1000000120 syscall_entry 0\n" \
	"1000000130 sched 21 22 1\n" \
	"1000000140 syscall_entry 35\n" \
	"1000000150 sched 22 0 1\n" \
	"1000050150 irq_entry 236 2\n" \
	"1000050160 wakeup 22 0 0\n" \
	"1000050170 irq_exit 236 2\n" \
	"1000050180 sched 0 22 0\n" \
	"1000050190 syscall_exit 35 0\n" \
	"1000050200 syscall_entry 1\n" \
	"1000050210 wakeup 21 0 0\n" \
	"1000050220 syscall_exit 1 1\n" \
	"1000050230 syscall_entry 35\n" \
	"1000050240 sched 22 21 1\n" \
	"1000050250 syscall_exit 0 1\n" \
	"1000050260 syscall_entry 1\n" \
	"1000050270 wakeup 20 0 0\n" \
	"1000050280 syscall_exit 1 1\n" \
	"1000050290 syscall_entry 0\n" \
	"1000050300 sched 21 20 1\n" \
	"1000050310 syscall_exit 0 1\n"

#endif
