// SPDX-License-Identifier: GPL-2.0
/*
 * tracer_stack.c - the call stacks of LTT_EV_STACK (format 1.8): the
 * kernel stack with the kernel's unwinder, from the event point (x86-64
 * with ORC) or with stack_trace_save(), and the user stack by a walk of
 * the frame-pointer chain that never faults.
 *
 * Called by the write path with interrupts off and this CPU's nesting
 * mark set (tracer_buffer_write.c), so the per-CPU scratch array below
 * has one user at a time: an NMI that traces meanwhile is counted lost
 * before it gets here.
 */
#include <linux/kernel.h>
#include <linux/ltt.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/ptrace.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/sched/task_stack.h>
#include <linux/stacktrace.h>
#include <linux/uaccess.h>
#include <asm/irq_regs.h>
#if defined(CONFIG_X86_64) && defined(CONFIG_UNWINDER_ORC)
#include <asm/unwind.h>
#endif

#include "tracer_buffer.h"

/* the addresses of one stack record, and the kernel stack as saved */
static DEFINE_PER_CPU(u64 [2 * LTT_STACK_DEPTH_MAX], ltt_stack_scratch);
static DEFINE_PER_CPU(unsigned long [LTT_STACK_DEPTH_MAX + 1], ltt_kstack);
/* the vital signs' walks (ltt_stack_vital()): never at once with a trace's */
#define LTT_VSTACK_MODULE_FRAMES	8	/* the collector's, left out */
static DEFINE_PER_CPU(unsigned long [LTT_VITALS_STACK_DEPTH + 1 +
				     LTT_VSTACK_MODULE_FRAMES], ltt_vstack);

int ltt_check_stacks(const struct ltt_stack_config *s)
{
	unsigned int id;

	if (s->kernel_depth > LTT_STACK_DEPTH_MAX ||
	    s->user_depth > LTT_STACK_DEPTH_MAX)
		return -EINVAL;
	for (id = 0; id < LTT_EV_MAX; id++)
		if ((s->events.bits[id / 64] & BIT_ULL(id % 64)) &&
		    id != LTT_EV_SCHEDCHANGE && id != LTT_EV_PROCESS_WAKEUP &&
		    id != LTT_EV_SAMPLE && id != LTT_EV_SYSCALL_ENTRY)
			return -EINVAL;
	return 0;
}

/*
 * Does event @id, whose stacks the session asked for, get them this
 * time?  A switch-out only when prev blocks (prev_state != 0), a syscall
 * entry only of the syscalls asked for.
 */
notrace bool ltt_stack_wanted(unsigned int id, const void *data,
			      unsigned int len)
{
	const struct ltt_ev_schedchange *sc = data;
	const struct ltt_ev_syscall_entry *se = data;

	if (!ltt_mask_test(ltt.stack_mask, id))
		return false;
	if (id == LTT_EV_SYSCALL_ENTRY)
		return data && len >= sizeof(*se) &&
		       se->nr < LTT_STACK_SYSCALLS &&
		       ltt_mask_test(ltt.stack_sys, se->nr);
	if (id == LTT_EV_SCHEDCHANGE)
		return data && len >= LTT_EV_SCHEDCHANGE_SIZE_1_2 &&
		       sc->prev_state != 0;
	return true;
}

/*
 * Heavy logging (LTT_IOC_SET_HEAVY): the set of tasks whose events get
 * details and stacks, changed while tracing.  Two static sets, one of
 * them published in ltt.heavy (or NULL); the writers read it under RCU
 * (the write path runs with preemption disabled, or in an NMI), and a
 * change fills the set not published, publishes it and waits for every
 * writer that may still read the other (synchronize_rcu()), so that the
 * next change may fill that one.  Nothing is allocated.  Changed under
 * ctl_mutex only.
 */
struct ltt_heavy_set {
	u32 npids;
	u32 capture;		/* packet bytes of its tasks, 0: the session's */
	u32 pids[LTT_HEAVY_PIDS_MAX];
	u64 stacks[LTT_MASK_WORDS];
};

static struct ltt_heavy_set ltt_heavy_sets[2];
static unsigned int ltt_heavy_next;	/* the set the next change fills */

/* Under ctl_mutex.  Sleeps (synchronize_rcu()). */
int ltt_heavy_set(const struct ltt_heavy *h)
{
	struct ltt_heavy_set *s;
	unsigned int i, id;

	if (h->npids > LTT_HEAVY_PIDS_MAX || h->capture > LTT_MAX_CAPTURE)
		return -EINVAL;
	for (i = 0; i < h->npids; i++)
		if (!h->pids[i] || h->pids[i] > PID_MAX_LIMIT)
			return -EINVAL;
	for (id = 0; id < LTT_EV_MAX; id++)
		if ((h->stacks.bits[id / 64] & BIT_ULL(id % 64)) &&
		    id != LTT_EV_SCHEDCHANGE && id != LTT_EV_PROCESS_WAKEUP &&
		    id != LTT_EV_SYSCALL_ENTRY)
			return -EINVAL;
	if (!h->npids) {
		ltt_heavy_clear();
		synchronize_rcu();
		return 0;
	}
	s = &ltt_heavy_sets[ltt_heavy_next];
	s->npids = h->npids;
	s->capture = h->capture;
	memcpy(s->pids, h->pids, sizeof(s->pids));
	memcpy(s->stacks, h->stacks.bits, sizeof(s->stacks));
	rcu_assign_pointer(ltt.heavy, s);
	ltt_direct_update();
	synchronize_rcu();
	ltt_heavy_next ^= 1;
	return 0;
}

/*
 * Under ctl_mutex: the set empty.  The set unpublished is not filled
 * again before a change has waited for its readers (ltt_heavy_set()
 * fills the other one first).
 */
void ltt_heavy_clear(void)
{
	RCU_INIT_POINTER(ltt.heavy, NULL);
	ltt_direct_update();
}

/*
 * Under ctl_mutex, after ltt.fast, ltt.stacks or ltt.heavy changed: may
 * the callback take the compact path after testing ltt.direct alone?
 * A heavy logging set published while tracing takes effect from the
 * first event that reads ltt.direct cleared (events before it were
 * recorded as without the set, as they would have been a moment
 * earlier).
 */
void ltt_direct_update(void)
{
	WRITE_ONCE(ltt.direct, ltt.fast && !ltt.stacks &&
		   !rcu_access_pointer(ltt.heavy));
}

/*
 * Is the current task, in task context, one of the set's?  (An event in
 * an interrupt is not the interrupted task's doing.)  Preemption
 * disabled by the caller.
 */
notrace bool ltt_heavy_current(void)
{
	const struct ltt_heavy_set *s = rcu_dereference_sched(ltt.heavy);
	u32 pid = current->pid;
	unsigned int i;

	if (!s || !in_task())
		return false;
	for (i = 0; i < s->npids; i++)
		if (s->pids[i] == pid)
			return true;
	return false;
}

/*
 * The packet bytes a task of the set gets recorded: the set's capture
 * when above @session's.  Preemption disabled by the caller.
 */
notrace u32 ltt_heavy_capture(u32 session)
{
	const struct ltt_heavy_set *s = rcu_dereference_sched(ltt.heavy);

	return s && s->capture > session ? s->capture : session;
}

/*
 * Does event @id of a task of the set get its stacks?  A switch-out only
 * when the task blocks, a syscall entry of any syscall.
 */
notrace bool ltt_heavy_stack_wanted(unsigned int id, const void *data,
				    unsigned int len)
{
	const struct ltt_heavy_set *s = rcu_dereference_sched(ltt.heavy);
	const struct ltt_ev_schedchange *sc = data;

	if (!s || !(READ_ONCE(s->stacks[id / 64]) & BIT_ULL(id % 64)))
		return false;
	if (id == LTT_EV_SCHEDCHANGE)
		return data && len >= LTT_EV_SCHEDCHANGE_SIZE_1_2 &&
		       sc->prev_state != 0;
	return true;
}

/* One user word at @addr, without faulting (see tracer_filter.c). */
static notrace bool ltt_stack_word(unsigned long addr, unsigned int wsize,
				   unsigned long *val)
{
	u32 w32;
	u64 w64;

	if (addr & (wsize - 1))
		return false;
	if (wsize == 4) {
		if (copy_from_user_nofault(&w32, (const void __user *)addr, 4))
			return false;
		*val = w32;
		return true;
	}
	if (copy_from_user_nofault(&w64, (const void __user *)addr, 8))
		return false;
	*val = w64;
	return true;
}

/*
 * The user stack of the current task into @out (at most @max entries):
 * the IP where it entered the kernel, then each return address of the
 * frame-pointer chain.  Sets LTT_STACK_USER_CUT when @max stopped the
 * walk and LTT_STACK_USER_BROKEN when a frame could not be read or did
 * not lie higher up the stack than the one before (no loops).
 */
static notrace unsigned int ltt_user_stack(u64 *out, unsigned int max,
					   u8 *flags)
{
	struct pt_regs *regs = task_pt_regs(current);
	unsigned int wsize = sizeof(unsigned long), n = 0;
	unsigned long fp, next, ret;

	if (!max)
		return 0;
	if (!user_mode(regs)) {
		*flags |= LTT_STACK_NO_USER;
		return 0;
	}
#ifdef CONFIG_X86_64
	if (!user_64bit_mode(regs))
		wsize = 4;
#endif
	out[n++] = instruction_pointer(regs);
	fp = frame_pointer(regs);
	while (fp) {
		if (n == max) {
			*flags |= LTT_STACK_USER_CUT;
			break;
		}
		if (!ltt_stack_word(fp + wsize, wsize, &ret) ||
		    !ltt_stack_word(fp, wsize, &next) ||
		    (next && next <= fp)) {
			*flags |= LTT_STACK_USER_BROKEN;
			break;
		}
		out[n++] = ret;
		fp = next;
	}
	return n;
}

#if defined(CONFIG_X86_64) && defined(CONFIG_UNWINDER_ORC)
/*
 * The kernel stack from registers @regs (stack_trace_save_regs(), which
 * 6.1 does not export to modules, with the unwinder's exported calls):
 * the instruction pointer, then each return address the ORC unwinder
 * finds above it.
 */
static notrace unsigned int ltt_kernel_walk_regs(unsigned long *out,
						 unsigned int max,
						 struct pt_regs *regs)
{
	struct unwind_state state;
	unsigned int n = 0;
	unsigned long addr;

	out[n++] = regs->ip;
	for (unwind_start(&state, current, regs, NULL);
	     !unwind_done(&state) && n < max; unwind_next_frame(&state)) {
		addr = unwind_get_return_address(&state);
		if (!addr)
			break;
		out[n++] = addr;
	}
	return n;
}
#endif

/*
 * The kernel stack into @out: from the interrupted registers of a sample
 * or from the event point @o, at most @max addresses; or else from here,
 * at most @max_here, *@here set (the caller leaves this module's frames
 * out).
 */
static notrace unsigned int ltt_kernel_walk(unsigned long *out,
					    unsigned int max,
					    unsigned int max_here,
					    const struct ltt_origin *o,
					    struct pt_regs *iregs, bool *here)
{
#if defined(CONFIG_X86_64) && defined(CONFIG_UNWINDER_ORC)
	struct pt_regs regs;

	*here = false;
	if (iregs)
		return ltt_kernel_walk_regs(out, max, iregs);
	if (o && o->ip) {
		/* What the unwinder reads of registers it starts from. */
		memset(&regs, 0, sizeof(regs));
		regs.ip = o->ip;
		regs.sp = o->sp;
		regs.bp = o->bp;
		regs.cs = __KERNEL_CS;
		return ltt_kernel_walk_regs(out, max, &regs);
	}
#endif
	*here = true;
	return stack_trace_save(out, max_here, 0);
}

/*
 * Fill @hdr and return the addresses (kernel then user, hdr->kernel_nr +
 * hdr->user_nr of them) of the current task's stacks, for event @id,
 * the kernel's walked from @o (ltt_origin_here()).  Interrupts off,
 * this CPU's nesting mark set.
 */
notrace const u64 *ltt_stack_capture(unsigned int id, struct ltt_ev_stack *hdr,
				     const struct ltt_origin *o)
{
	/* A sample's interrupted registers (tracer_sample.c) */
	struct pt_regs *iregs = id == LTT_EV_SAMPLE ? get_irq_regs() : NULL;
	u64 *buf = this_cpu_ptr(ltt_stack_scratch);
	unsigned long *kbuf = this_cpu_ptr(ltt_kstack);
	unsigned int kmax = READ_ONCE(ltt.stack_kdepth);
	unsigned int umax = READ_ONCE(ltt.stack_udepth);
	unsigned int k = 0, i;

	BUILD_BUG_ON(LTT_STACK_REC_MAX > U16_MAX);

	hdr->pid = current->pid;
	hdr->of_id = id;
	hdr->flags = 0;
	/* A sample taken in user mode has no kernel stack but the timer's. */
	if (iregs && user_mode(iregs))
		kmax = 0;
	if (kmax) {
		/* One more than asked: a full stack says it was cut. */
		bool here;
		unsigned int n = ltt_kernel_walk(kbuf, kmax + 1,
						 LTT_STACK_DEPTH_MAX + 1,
						 o, iregs, &here);

		/*
		 * A walk from here: the tracer's own frames (this module's
		 * text) are not the traced code's, left out.  One more than
		 * asked: a stack that fills it was cut.
		 */
		for (i = 0; i < n && k <= kmax; i++)
			if (!here || !within_module(kbuf[i], THIS_MODULE))
				buf[k++] = kbuf[i];
		if (k > kmax || n > LTT_STACK_DEPTH_MAX) {
			k = min(k, kmax);
			hdr->flags |= LTT_STACK_KERNEL_CUT;
		}
	}
	hdr->kernel_nr = k;
	/*
	 * The user state of the current task is the one acting in task
	 * context, and in a sample's interrupt (the interrupted task's).
	 */
	if ((current->flags & PF_KTHREAD) || (!in_task() && !iregs)) {
		hdr->flags |= LTT_STACK_NO_USER;
		hdr->user_nr = 0;
	} else {
		hdr->user_nr = ltt_user_stack(buf + k, umax, &hdr->flags);
	}
	return buf;
}

/*
 * The stacks of the current task into @st for a vital sign's sample
 * (tracer_vitals.c): at most @kmax kernel addresses, from the interrupted
 * registers @iregs of a profiler sample, else from here with the
 * collector's own frames left out; then at most @umax user addresses, and
 * the process's identity (its start and its stack's, for the daemon to
 * tell that /proc/PID/maps is still its).  Interrupts off, in the
 * collector, which sets its own mark so that the faults of the user walk
 * are neither counted nor traced.
 */
notrace void ltt_stack_vital(struct ltt_vital_stack *st, unsigned int kmax,
			     unsigned int umax, struct pt_regs *iregs)
{
	unsigned long *kbuf = this_cpu_ptr(ltt_vstack);
	unsigned int k = 0, n, i, max;
	struct mm_struct *mm;
	bool here;

	st->flags = 0;
	st->maps = 0;
	st->tgid = 0;
	st->start_ticks = 0;
	st->start_stack = 0;
	kmax = min_t(unsigned int, kmax, LTT_VITALS_STACK_DEPTH);
	umax = min_t(unsigned int, umax, LTT_VITALS_STACK_DEPTH - kmax);
	if (iregs && user_mode(iregs))
		kmax = 0;
	if (kmax) {
		max = kmax + 1 + LTT_VSTACK_MODULE_FRAMES;
		n = ltt_kernel_walk(kbuf, kmax + 1, max, NULL, iregs, &here);
		for (i = 0; i < n && k <= kmax; i++)
			if (!here || !within_module(kbuf[i], THIS_MODULE))
				st->addr[k++] = kbuf[i];
		if (k > kmax || n >= max) {
			k = min(k, kmax);
			st->flags |= LTT_STACK_KERNEL_CUT;
		}
	}
	st->kernel_nr = k;
	st->user_nr = 0;
	if ((current->flags & PF_KTHREAD) || (!in_task() && !iregs)) {
		st->flags |= LTT_STACK_NO_USER;
		return;
	}
	st->user_nr = ltt_user_stack(&st->addr[k], umax, &st->flags);
	st->tgid = current->tgid;
	/* /proc/PID/stat's starttime: the group leader's start, in ticks */
	st->start_ticks = div_u64(current->group_leader->start_boottime,
				  NSEC_PER_SEC / USER_HZ);
	mm = current->mm;
	st->start_stack = mm ? mm->start_stack : 0;
}
