// SPDX-License-Identifier: GPL-2.0
/*
 * tracer_filter.c - the per-event decisions of the LTT trace module that
 * look at the current task: the filter (pid, tgid, process group, uid,
 * gid) and the syscall instruction pointer (raw, frame walk, stack scan).
 *
 * Both run on the write path, in the callback, before the record is
 * written: with preemption disabled, possibly with interrupts disabled,
 * under the runqueue lock (scheduling changes, wakeups) or in an NMI.
 * So neither may sleep, fault, or take a lock; they read the session
 * configuration (ltt.filter, ltt.sip) with plain loads, as it cannot
 * change while tracing (see struct ltt_tracer).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cred.h>
#include <linux/kernel.h>
#include <linux/ltt.h>
#include <linux/mm.h>
#include <linux/moduleparam.h>
#include <linux/pid.h>
#include <linux/printk.h>
#include <linux/ptrace.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/sched/task_stack.h>
#include <linux/stddef.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/uidgid.h>
#include <linux/user_namespace.h>

#include "tracer_buffer.h"

#define LTT_FILTER_ALL	(LTT_FILTER_PID | LTT_FILTER_PGRP | LTT_FILTER_GID | \
			 LTT_FILTER_UID | LTT_FILTER_TGID)

/*
 * Words LTT_SIP_RANGE may scan per syscall, with preemption off: a small
 * bound by default (64 words, 512 bytes on 64-bit), raised by the
 * administrator who loads the module up to the ABI's LTT_SIP_SCAN_MAX.
 * A SET_SYSCALL_IP asking for more is refused (EINVAL); depth 0 scans
 * this many.
 */
static unsigned int sip_scan_max = 64;
module_param(sip_scan_max, uint, 0444);
MODULE_PARM_DESC(sip_scan_max,
		 "Most user stack words LTT_SIP_RANGE scans per syscall (1..4096; default 64)");

int ltt_filter_init(void)
{
	if (sip_scan_max < 1 || sip_scan_max > LTT_SIP_SCAN_MAX) {
		pr_err("invalid sip_scan_max=%u (1..%u)\n", sip_scan_max,
		       LTT_SIP_SCAN_MAX);
		return -EINVAL;
	}
	return 0;
}

/* ---- filter ------------------------------------------------------------ */

int ltt_check_filter(const struct ltt_filter *f)
{
	if (f->flags & ~LTT_FILTER_ALL || f->reserved)
		return -EINVAL;
	return 0;
}

/*
 * Does task @t match every criterion of @f?  Under rcu_read_lock(): the
 * process group's struct pid and the credentials are RCU-protected (a
 * task changes them with rcu_assign_pointer() and frees the old ones
 * after a grace period).  Numbers are those of the initial namespaces,
 * as everywhere in the trace.  uid and gid are the real ids of the
 * task's objective credentials (real_cred), so that a temporary
 * override_creds() does not change what a task matches.
 */
static notrace bool ltt_task_match(const struct ltt_filter *f,
				   struct task_struct *t)
{
	const struct cred *cred;

	if ((f->flags & LTT_FILTER_PID) && t->pid != f->pid)
		return false;
	if ((f->flags & LTT_FILTER_TGID) && t->tgid != f->pid)
		return false;
	if ((f->flags & LTT_FILTER_PGRP) && pid_nr(task_pgrp(t)) != f->pgrp)
		return false;
	if (f->flags & (LTT_FILTER_UID | LTT_FILTER_GID)) {
		cred = __task_cred(t);
		if ((f->flags & LTT_FILTER_UID) &&
		    from_kuid(&init_user_ns, cred->uid) != f->uid)
			return false;
		if ((f->flags & LTT_FILTER_GID) &&
		    from_kgid(&init_user_ns, cred->gid) != f->gid)
			return false;
	}
	return true;
}

/*
 * Does the task with (global) pid @nr, about to be switched in on this
 * CPU, match?  The facility hands it over with ltt_switch_next() for the
 * length of the schedchange callback: a lookup of @nr in the pid hash
 * would miss an exiting thread that has already released its pid (it
 * still runs for its last moments), and would cost a hash walk per
 * switch.  The idle task (pid 0) is a task like any other here.  Every
 * schedchange comes from the facility's helper; should one not (@nr is
 * not the task handed over), it is kept: a switch too many is harmless
 * to the analysis, a missing one would attribute the events of a
 * matching task to the task switched out.
 */
static notrace bool ltt_next_match(const struct ltt_filter *f, u32 nr)
{
	struct task_struct *t = ltt_switch_next();

	if (likely(t && (u32)t->pid == nr))
		return ltt_task_match(f, t);
	return true;
}

/*
 * Is event @id to be recorded under the filter?  The current task must
 * match (for interrupts and softirqs: the task they interrupted); a
 * scheduling change is also recorded when the task it switches in
 * matches, so that every event of a matching task is attributed to it.
 * Only called when a filter is set.
 */
notrace bool ltt_filter_event(unsigned int id, const void *data,
			      unsigned int len)
{
	const struct ltt_filter *f = &ltt.filter;
	bool match;

	rcu_read_lock();
	match = ltt_task_match(f, current);
	if (!match && id == LTT_EV_SCHEDCHANGE && data &&
	    len >= sizeof(struct ltt_ev_schedchange)) {
		u32 next;

		memcpy(&next, (const char *)data +
		       offsetof(struct ltt_ev_schedchange, next_pid),
		       sizeof(next));
		match = ltt_next_match(f, next);
	}
	rcu_read_unlock();
	return match;
}

/* ---- syscall instruction pointer ----------------------------------------- */

int ltt_check_syscall_ip(const struct ltt_syscall_ip *s)
{
	switch (s->mode) {
	case LTT_SIP_RAW:
		return 0;
	case LTT_SIP_DEPTH:
		if (s->depth < 1 || s->depth > LTT_SIP_DEPTH_MAX)
			return -EINVAL;
		return 0;
	case LTT_SIP_RANGE:
		if (s->lower >= s->upper || s->depth > sip_scan_max)
			return -EINVAL;
		return 0;
	default:
		return -EINVAL;
	}
}

/*
 * Read the user word of @size bytes (8, or 4 for a 32-bit task) at
 * @addr without faulting: copy_from_user_nofault() checks the range
 * against the user address space and runs with page faults disabled,
 * so an unmapped or swapped-out page makes it fail instead of sleeping.
 */
static notrace bool ltt_user_word(unsigned long addr, unsigned int size,
				  unsigned long *val)
{
	u32 w32;
	u64 w64;

	if (addr & (size - 1))
		return false;
	if (size == 4) {
		if (copy_from_user_nofault(&w32, (const void __user *)addr, 4))
			return false;
		*val = w32;
	} else {
		if (copy_from_user_nofault(&w64, (const void __user *)addr, 8))
			return false;
		*val = w64;
	}
	return true;
}

/*
 * LTT_SIP_DEPTH: follow the frame-pointer chain.  A frame is [saved
 * frame pointer, return address]; the first frame is the one the
 * frame-pointer register designates at the syscall (a libc wrapper
 * that sets up no frame of its own is transparent), so depth 1 gives
 * the return address stored in it.  Frames must lie higher up the
 * stack each time (no loops); any unreadable word ends the walk.
 */
static notrace unsigned long ltt_sip_depth(struct pt_regs *regs,
					   unsigned int wsize, u32 depth,
					   unsigned long raw)
{
	unsigned long fp = frame_pointer(regs), next, ret;
	u32 i;

	for (i = 1; i <= depth; i++) {
		if (!fp || !ltt_user_word(fp + wsize, wsize, &ret))
			return raw;
		if (i == depth)
			return ret;
		if (!ltt_user_word(fp, wsize, &next) || next <= fp)
			return raw;
		fp = next;
	}
	return raw;
}

/*
 * LTT_SIP_RANGE: the first word in [lower, upper) on the user stack,
 * from the stack pointer up, at most @words words.  The stack is read a
 * chunk at a time, a chunk never crossing a page boundary, so the scan
 * stops exactly at the first unreadable page (the top of the stack).
 * On arm64 the link register comes first: a call leaves its return
 * address there, where x86's call pushes it at the stack pointer, so the
 * return address of a leaf syscall wrapper (libc's) is only in x30.
 */
static notrace unsigned long ltt_sip_range(struct pt_regs *regs,
					   unsigned int wsize,
					   const struct ltt_syscall_ip *s,
					   unsigned long raw)
{
	unsigned long sp = user_stack_pointer(regs), v;
	u32 words = s->depth ? s->depth : sip_scan_max;
	u64 chunk[16];
	unsigned int n, i;

	if (sp & (wsize - 1))
		return raw;
#ifdef CONFIG_ARM64
	v = regs->regs[30];
	if (wsize == 4)
		v = (u32)v;
	if (v >= s->lower && v < s->upper)
		return v;
#endif
	while (words) {
		n = min_t(unsigned int, words, sizeof(chunk) / wsize);
		n = min_t(unsigned int, n,
			  (PAGE_SIZE - offset_in_page(sp)) / wsize);
		if (copy_from_user_nofault(chunk, (const void __user *)sp,
					   n * wsize))
			return raw;
		for (i = 0; i < n; i++) {
			if (wsize == 4)
				v = ((u32 *)chunk)[i];
			else
				v = chunk[i];
			if (v >= s->lower && v < s->upper)
				return v;
		}
		sp += n * wsize;
		words -= n;
	}
	return raw;
}

/*
 * The address LTT_EV_SYSCALL_ENTRY records in ip, given the raw user IP
 * the kernel passed, for the current task at syscall entry: its user
 * registers are task_pt_regs(current).  Whatever goes wrong (a kernel
 * thread, registers not from user mode, a word that cannot be read, no
 * frame, no match) gives the raw IP.
 */
notrace u64 ltt_syscall_ip(u64 raw)
{
	const struct ltt_syscall_ip *s = &ltt.sip;
	struct pt_regs *regs;
	unsigned int wsize = sizeof(unsigned long);

	if (current->flags & PF_KTHREAD)
		return raw;
	regs = task_pt_regs(current);
	if (!user_mode(regs))
		return raw;
#ifdef CONFIG_X86_64
	if (!user_64bit_mode(regs))
		wsize = 4;
#endif
	switch (s->mode) {
	case LTT_SIP_DEPTH:
		return ltt_sip_depth(regs, wsize, s->depth, raw);
	case LTT_SIP_RANGE:
		return ltt_sip_range(regs, wsize, s, raw);
	default:
		return raw;
	}
}
