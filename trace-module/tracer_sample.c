// SPDX-License-Identifier: GPL-2.0
/*
 * tracer_sample.c - the sampling profiler (LTT_EV_SAMPLE, format 1.10):
 * one high-resolution timer per online CPU, pinned to it, that fires
 * sample_hz times a second while tracing and records the interrupted
 * instruction pointer, its mode and the current task (and the stacks,
 * when the session asked stacks of LTT_EV_SAMPLE).
 *
 * Not a PMU event (perf's cycles): QEMU's TCG emulates no performance
 * counters, and a timer works everywhere.  Its interrupt is the timer's,
 * so code that runs with interrupts off is seen when it enables them.
 *
 * Life cycle:
 *   START  ltt_sample_start(), under ctl_mutex after active is set:
 *          sets ltt_sampling, then arms the timer of each online CPU on
 *          that CPU (an IPI), the hotplug lock held for reading;
 *   CPU    the online callback (AP_ONLINE_DYN, on the CPU that comes
 *          up) arms its timer when ltt_sampling is set; the offline one
 *          (on the CPU that goes down) cancels it, so that no timer of a
 *          dead CPU migrates to another CPU;
 *   STOP   ltt_sample_stop(), under ctl_mutex: clears ltt_sampling, then
 *          cancels every CPU's timer, waiting for a callback that runs
 *          (hrtimer_cancel()); a callback that finds ltt_sampling clear
 *          does not rearm.
 * Nothing is allocated: the timers are static per-CPU data.
 */
#include <linux/cpu.h>
#include <linux/cpuhotplug.h>
#include <linux/hrtimer.h>
#include <linux/kernel.h>
#include <linux/ltt.h>
#include <linux/percpu.h>
#include <linux/ptrace.h>
#include <linux/sched.h>
#include <linux/smp.h>
#include <asm/irq_regs.h>

#include "tracer_buffer.h"

static DEFINE_PER_CPU(struct hrtimer, ltt_sample_timer);
static bool ltt_sampling;	/* timers rearm while set */
static u64 ltt_sample_ns;	/* the period, set before ltt_sampling */
static int ltt_sample_state;	/* the hotplug state, > 0 once set up */

static notrace enum hrtimer_restart ltt_sample_fire(struct hrtimer *t)
{
	struct pt_regs *regs = get_irq_regs();
	struct ltt_ev_sample ev;

	if (!READ_ONCE(ltt_sampling))
		return HRTIMER_NORESTART;
	/* No registers: not from an interrupt (nothing to sample). */
	if (regs) {
		memset(&ev, 0, sizeof(ev));
		ev.ip = instruction_pointer(regs);
		ev.pid = current->pid;
		ev.flags = user_mode(regs) ? LTT_SAMPLE_USER : 0;
		ltt_sample_write(&ev);
		if (static_branch_unlikely(&ltt_vitals_on))
			ltt_vitals_event(LTT_EV_SAMPLE, &ev, sizeof(ev), NULL, 0);
	}
	hrtimer_forward_now(t, ns_to_ktime(READ_ONCE(ltt_sample_ns)));
	return HRTIMER_RESTART;
}

/* On the CPU whose timer it is. */
static void ltt_sample_arm(void *unused)
{
	hrtimer_start(this_cpu_ptr(&ltt_sample_timer),
		      ns_to_ktime(READ_ONCE(ltt_sample_ns)),
		      HRTIMER_MODE_REL_PINNED_HARD);
}

static int ltt_sample_online(unsigned int cpu)
{
	if (READ_ONCE(ltt_sampling))
		ltt_sample_arm(NULL);
	return 0;
}

static int ltt_sample_offline(unsigned int cpu)
{
	hrtimer_cancel(this_cpu_ptr(&ltt_sample_timer));
	return 0;
}

/* LTT_IOC_SET_SAMPLE's check: 0 (off) or 1..LTT_SAMPLE_HZ_MAX. */
int ltt_check_sample(u32 hz)
{
	return hz > LTT_SAMPLE_HZ_MAX ? -EINVAL : 0;
}

/* START, under ctl_mutex, tracing active: arm every online CPU's timer. */
void ltt_sample_start(void)
{
	if (!ltt.sample_hz)
		return;
	WRITE_ONCE(ltt_sample_ns, div_u64(NSEC_PER_SEC, ltt.sample_hz));
	cpus_read_lock();
	WRITE_ONCE(ltt_sampling, true);
	on_each_cpu(ltt_sample_arm, NULL, 1);
	cpus_read_unlock();
}

/* STOP, under ctl_mutex: no timer runs or is armed once this returns. */
void ltt_sample_stop(void)
{
	unsigned int cpu;

	cpus_read_lock();
	WRITE_ONCE(ltt_sampling, false);
	for_each_possible_cpu(cpu)
		hrtimer_cancel(per_cpu_ptr(&ltt_sample_timer, cpu));
	cpus_read_unlock();
}

int ltt_sample_init(void)
{
	unsigned int cpu;
	int ret;

	for_each_possible_cpu(cpu) {
		struct hrtimer *t = per_cpu_ptr(&ltt_sample_timer, cpu);

		hrtimer_init(t, CLOCK_MONOTONIC, HRTIMER_MODE_REL_PINNED_HARD);
		t->function = ltt_sample_fire;
	}
	ret = cpuhp_setup_state_nocalls(CPUHP_AP_ONLINE_DYN, "ltt/tracer:sample",
					ltt_sample_online, ltt_sample_offline);
	if (ret < 0)
		return ret;
	ltt_sample_state = ret;
	return 0;
}

/* Module exit (tracing stopped): no callback runs once this returns. */
void ltt_sample_exit(void)
{
	if (ltt_sample_state > 0)
		cpuhp_remove_state_nocalls(ltt_sample_state);
	ltt_sample_state = 0;
}
