// SPDX-License-Identifier: GPL-2.0
/*
 * tracer_vitals_dev.c - the vital signs collector's device,
 * /dev/ltt-vitals (ABI 10, docs/vitals.md): its memory allocated at
 * START and freed at STOP or when its owner's file closes, the epoch
 * ended by SWAP (the copies switched, a grace period, the ended copy's
 * samples, stacks and HCA sums copied out and cleared, the levels'
 * step changed), the samples drained by DRAIN while the epoch runs, and
 * poll() woken when a CPU's sample array is a quarter full.  The
 * collector itself, the event points' side, is tracer_vitals.c.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/compat.h>
#include <linux/cred.h>
#include <linux/fs.h>
#include <linux/futex.h>
#include <linux/in.h>
#include <linux/irq_work.h>
#include <linux/ltt.h>
#include <linux/miscdevice.h>
#include <linux/mm.h>
#include <linux/net.h>
#include <linux/poll.h>
#include <linux/ptrace.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/sched/clock.h>
#include <linux/sched/signal.h>
#include <linux/sched/task_stack.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>
#include <linux/vmstat.h>
#include <asm/irq_regs.h>
#include <asm/syscall.h>
#include <asm/unaligned.h>
#include <asm/unistd.h>
#include <ltt/ltt-clock.h>

#include "tracer_buffer.h"

#include "tracer_vitals_internal.h"

static void vit_free(void)
{
	unsigned int cpu;

	if (vit.cpus) {
		for_each_possible_cpu(cpu)
			kvfree(vit.cpus[cpu]);
	}
	kfree(vit.cpus);
	kvfree(vit.tasks);
	kvfree(vit.reqs);
	kvfree(vit.peers);
	kfree(vit.stack_base);
	vit.stack_base = NULL;
	vit.cpus = NULL;
	vit.tasks = NULL;
	vit.reqs = NULL;
	vit.peers = NULL;
}

static int vit_alloc(void)
{
	unsigned int cpu;

	vit.cpus = kcalloc(nr_cpu_ids, sizeof(*vit.cpus), GFP_KERNEL);
	vit.tasks = kvcalloc(VIT_TASKS, sizeof(*vit.tasks), GFP_KERNEL);
	vit.reqs = kvcalloc(VIT_REQS, sizeof(*vit.reqs), GFP_KERNEL);
	vit.peers = kvcalloc(VIT_PEERS, sizeof(*vit.peers), GFP_KERNEL);
	if (!vit.cpus || !vit.tasks || !vit.reqs || !vit.peers)
		goto nomem;
	for_each_possible_cpu(cpu) {
		vit.cpus[cpu] = kvzalloc(sizeof(struct vit_cpu), GFP_KERNEL);
		if (!vit.cpus[cpu])
			goto nomem;
	}
	return 0;
nomem:
	vit_free();
	return -ENOMEM;
}

static int vit_start(struct file *file, void __user *argp)
{
	struct ltt_vitals_config cfg;
	struct vit_cpu **cpus;
	int ret;

	if (copy_from_user(&cfg, argp, sizeof(cfg)))
		return -EFAULT;
	if (!cfg.vitals || (cfg.vitals & ~LTT_VITALS_COLLECTED) ||
	    cfg.shift < LTT_VITALS_SHIFT_MIN || cfg.shift > LTT_VITALS_SHIFT_MAX ||
	    cfg.kdepth + cfg.udepth > LTT_VITALS_STACK_DEPTH || cfg.reserved ||
	    cfg.cpu_high_us > LTT_VITALS_CPU_HIGH_MAX_US)
		return -EINVAL;
	mutex_lock(&ltt.ctl_mutex);
	ret = -EBUSY;
	if (vit.owner)
		goto out;
	ret = vit_alloc();
	if (ret)
		goto out;
	/*
	 * Stacks when asked for, and when a sample's stack field can name
	 * every CPU's (16 bits).
	 */
	if (cfg.kdepth || cfg.udepth) {
		ret = -E2BIG;
		if (nr_cpu_ids * LTT_VITALS_STACKS >= U16_MAX) {
			vit_free();
			goto out;
		}
		vit.stack_base = kcalloc(2 * nr_cpu_ids, sizeof(u32),
					 GFP_KERNEL);
		if (!vit.stack_base) {
			vit_free();
			ret = -ENOMEM;
			goto out;
		}
		ret = 0;
	}
	cpus = vit.cpus;
	vit.cpus = NULL;	/* published below, after the settings */
	vit.cur = 0;
	vit.shift = cfg.shift;
	vit.shift_min = cfg.shift;
	vit.vitals = cfg.vitals;
	vit.delay_min_ns = cfg.delay_min_ns;
	vit.cpu_high_ns = (u64)cfg.cpu_high_us * NSEC_PER_USEC;
	vit.kdepth = cfg.kdepth;
	vit.udepth = cfg.udepth;
	vit.seq = 0;
	vit.start_ns = vit_now();
	vit.drain_lost = 0;
	vit.owner = file;
	vit_sys_reset();
	/* Pairs with the acquire in ltt_vitals_event(): settings first. */
	smp_store_release(&vit.cpus, cpus);
	static_branch_enable(&ltt_vitals_on);
	ltt_events_update();
out:
	mutex_unlock(&ltt.ctl_mutex);
	return ret;
}

/* Under ltt.ctl_mutex. */
static void vit_stop_locked(void)
{
	if (!vit.owner)
		return;
	static_branch_disable(&ltt_vitals_on);
	ltt_events_update();
	WRITE_ONCE(vit.cpus, NULL);
	/* Every callback that saw the arrays has returned. */
	synchronize_rcu();
	/* and the wake-up one may have queued has run */
	irq_work_sync(&vit.wake);
	vit_free();
	vit.owner = NULL;
}

/*
 * At SWAP, sample @sm of CPU @cpu's copy @cp (copy @old of every CPU)
 * gets the index of its stacks among the epoch's (+ 1): a sample of a
 * wait or a disk request the slot it names (taken where the task left
 * the CPU, or at the request's issue, on that CPU) when that slot still
 * holds its label's stacks; any other its label's on its CPU.  Returns
 * false when it has none.
 */
static bool vit_stack_name(const struct vit_copy *cp, unsigned int cpu,
			   unsigned int old, struct ltt_vital_sample *sm)
{
	u32 ref = sm->stack, of, slot, k;
	const struct vit_slot *sl;

	sm->stack = 0;
	if (sm->vital == LTT_VITAL_SCHED_DELAY ||
	    sm->vital == LTT_VITAL_BLOCKING || sm->vital == LTT_VITAL_DISK) {
		of = ref ? (ref - 1) / LTT_VITALS_STACKS : nr_cpu_ids;
		slot = ref ? (ref - 1) % LTT_VITALS_STACKS : 0;
		/*
		 * Given to another label since: not this one's.  A delay
		 * after a wakeup has the stacks where the task blocked (the
		 * same label: its site and task).
		 */
		if (of < nr_cpu_ids && vit.cpus[of] &&
		    slot < vit.stack_base[2 * of + 1]) {
			sl = &vit.cpus[of]->copy[old].slots[slot];
			if (sl->label == sm->label &&
			    (sl->vital == sm->vital ||
			     (sm->vital == LTT_VITAL_SCHED_DELAY &&
			      sl->vital == LTT_VITAL_BLOCKING))) {
				sm->stack = 1 + vit.stack_base[2 * of] + slot;
				return true;
			}
		}
		if (sm->vital != LTT_VITAL_DISK)
			return false;
		/*
		 * A completion whose request was issued in the epoch before:
		 * its label's stacks taken at a request of this epoch, on
		 * whichever CPU issued it (a few DISK slots each).
		 */
		for_each_possible_cpu(of) {
			for (k = 0; k < vit.stack_base[2 * of + 1]; k++) {
				sl = &vit.cpus[of]->copy[old].slots[k];
				if (sl->disk && sl->label == sm->label) {
					sm->stack = 1 + vit.stack_base[2 * of] + k;
					return true;
				}
			}
		}
		return false;
	}
	for (k = 0; k < vit.stack_base[2 * cpu + 1]; k++) {
		if (!cp->slots[k].disk && cp->slots[k].label == sm->label &&
		    cp->slots[k].vital == sm->vital) {
			sm->stack = 1 + vit.stack_base[2 * cpu] + k;
			return true;
		}
	}
	return false;
}

/*
 * At SWAP, the @nin samples the epoch's DRAINs handed over, at the start
 * of the user's @samples: their stack fields named as the others' are
 * (a stack field drained is the module's own reference; a sample naming
 * a CPU that is not one gets none).  Returns how many have none, or
 * -EFAULT.
 */
static s64 vit_stack_name_drained(u64 samples, u32 nin, unsigned int old)
{
	struct ltt_vital_sample sm;
	void __user *p;
	s64 none = 0;
	u32 i;

	for (i = 0; i < nin; i++) {
		p = u64_to_user_ptr(samples + (u64)i * sizeof(sm));
		if (copy_from_user(&sm, p, sizeof(sm)))
			return -EFAULT;
		if (sm.cpu < nr_cpu_ids && vit.cpus[sm.cpu]) {
			none += !vit_stack_name(&vit.cpus[sm.cpu]->copy[old],
						sm.cpu, old, &sm);
		} else {
			sm.stack = 0;
			none++;
		}
		if (copy_to_user(p, &sm, sizeof(sm)))
			return -EFAULT;
		cond_resched();
	}
	return none;
}

/*
 * SWAP's HCA sum, @cp's cells plus those of @sum, the ended copy of the
 * first CPU (the sum is made in it: no buffer of its own in the memory
 * budget), saturated.
 */
static void vit_sum_add(struct vit_copy *sum, const struct vit_copy *cp)
{
	unsigned int r, j;

	for (r = 0; r < VIT_ROWS; r++)
		for (j = 0; j < LTT_VITALS_HCA; j++)
			sum->hca[r][j] = vit_cell_add(sum->hca[r][j],
						      cp->hca[r][j]);
}

/* The sum's rows to user space as LTT_VITALS x LTT_VITALS_HCA cells. */
static int vit_sum_copy(u64 to, const struct vit_copy *sum)
{
	size_t row = LTT_VITALS_HCA * sizeof(u32);
	unsigned int i;

	for (i = 0; i < LTT_VITALS; i++) {
		void __user *p = u64_to_user_ptr(to + (u64)i * row);

		if (i == LTT_VITAL_L2 ? clear_user(p, row) :
		    copy_to_user(p, sum->hca[vit_row(i)], row))
			return -EFAULT;
	}
	return 0;
}

static int vit_swap(struct file *file, void __user *argp)
{
	struct ltt_vitals_epoch ep;
	unsigned int cpu, i, old, full = 0, kept = 0, busy = 0, calm = 1;
	struct vit_copy *sum = NULL;
	u32 n;
	s64 none;
	u64 now;
	int ret = 0;

	if (copy_from_user(&ep, argp, sizeof(ep)))
		return -EFAULT;
	if (ep.nsamples_in > ep.samples_cap)
		return -EINVAL;
	mutex_lock(&ltt.ctl_mutex);
	if (vit.owner != file) {
		ret = vit.owner ? -EBUSY : -EINVAL;
		goto out;
	}
	old = vit.cur;
	/* the running tasks' batches into the epoch that ends */
	on_each_cpu(vit_sys_take_ipi, NULL, 1);
	now = vit_now();
	WRITE_ONCE(vit.cur, !old);
	/*
	 * Every update runs with preemption disabled (interrupts off but
	 * in a system call's repeat, ltt_vitals_syscall()): after a grace
	 * period no CPU still writes the old copy.
	 */
	synchronize_rcu();
	memset(ep.total, 0, sizeof(ep.total));
	memset(ep.events, 0, sizeof(ep.events));
	ep.dropped = vit.drain_lost;
	vit.drain_lost = 0;
	ep.skipped = 0;
	ep.nsamples = ep.nsamples_in;
	ep.nstacks = 0;
	ep.stacks_dropped = 0;
	ep.sampling_ns = 0;
	ep.cpu_steps = 0;
	/*
	 * The stacks kept, CPU after CPU: a sample names its stack by its
	 * CPU and slot (vit_stack_take()), the file by the index among all.
	 */
	for_each_possible_cpu(cpu) {
		struct vit_copy *cp = &vit.cpus[cpu]->copy[old];

		if (!vit.stack_base)
			break;
		n = min(cp->nstacks, min(ep.stacks_cap, (u32)U16_MAX - 1) -
			ep.nstacks);
		if (n && copy_to_user(u64_to_user_ptr(ep.stacks +
				(u64)ep.nstacks * sizeof(*cp->stacks)),
				cp->stacks, n * sizeof(*cp->stacks)))
			ret = -EFAULT;
		vit.stack_base[2 * cpu] = ep.nstacks;
		vit.stack_base[2 * cpu + 1] = n;
		ep.nstacks += n;
	}
	/* every sample's stacks, while every CPU's slots still hold them */
	if (vit.stack_base && ep.nsamples_in) {
		none = vit_stack_name_drained(ep.samples, ep.nsamples_in, old);
		if (none < 0)
			ret = -EFAULT;
		else
			ep.stacks_dropped += none;
	}
	for_each_possible_cpu(cpu) {
		struct vit_copy *cp = &vit.cpus[cpu]->copy[old];

		for (i = 0; vit.stack_base && i < cp->nsamples; i++)
			ep.stacks_dropped += !vit_stack_name(cp, cpu, old,
							     &cp->samples[i]);
	}
	for_each_possible_cpu(cpu) {
		struct vit_copy *cp = &vit.cpus[cpu]->copy[old];

		for (i = 0; i < LTT_VITALS; i++) {
			ep.total[i] += cp->total[i];
			ep.events[i] += cp->events[i];
		}
		if (sum)
			vit_sum_add(sum, cp);
		ep.dropped += cp->dropped;
		ep.skipped += cp->skipped;
		if (cp->dropped)
			full = 1;
		ep.sampling_ns += cp->sampling_ns;
		ep.cpu_steps = max(ep.cpu_steps, cp->cpu_steps);
		/* the CPU watermark reached; under a quarter of it (the low) */
		if (vit.cpu_high_ns && cp->sampling_ns >= vit.cpu_high_ns)
			busy = 1;
		if (vit.cpu_high_ns && cp->sampling_ns >= vit.cpu_high_ns / 4)
			calm = 0;
		n = min(cp->nsamples, ep.samples_cap - ep.nsamples);
		ep.dropped += cp->nsamples - n;
		if (n && copy_to_user(u64_to_user_ptr(ep.samples +
				(u64)ep.nsamples * sizeof(*cp->samples)),
				cp->samples, n * sizeof(*cp->samples)))
			ret = -EFAULT;
		ep.nsamples += n;
		kept += cp->kept;
		/* the first CPU's cells are the sum: cleared after it is out */
		if (sum) {
			memset(cp, 0, sizeof(*cp));
		} else {
			sum = cp;
			memset((u8 *)cp + sizeof(cp->hca), 0,
			       sizeof(*cp) - sizeof(cp->hca));
		}
	}
	if (sum) {
		if (ep.hca && vit_sum_copy(ep.hca, sum))
			ret = -EFAULT;
		memset(sum->hca, 0, sizeof(sum->hca));
	}
	ep.start_ns = vit.start_ns;
	ep.end_ns = now;
	ep.shift = vit.shift;
	ep.ncpus = num_possible_cpus();
	ep.collected = vit.vitals;
	ep.seq = vit.seq;
	WRITE_ONCE(vit.seq, vit.seq + 1);
	vit.start_ns = now;
	/*
	 * The watermarks: the sample arrays, full or an eighth used; the
	 * CPU's, reached or under a quarter of it on every CPU.
	 */
	if ((full || busy) && vit.shift < LTT_VITALS_SHIFT_MAX)
		WRITE_ONCE(vit.shift, vit.shift + 1);
	else if (!full && !busy && calm && vit.shift > vit.shift_min &&
		 kept < ep.ncpus * LTT_VITALS_SAMPLES / 8)
		WRITE_ONCE(vit.shift, vit.shift - 1);
	if (!ret && copy_to_user(argp, &ep, sizeof(ep)))
		ret = -EFAULT;
out:
	mutex_unlock(&ltt.ctl_mutex);
	return ret;
}

struct vit_drain_arg {
	u32 room;	/* in: samples the user's buffer still takes */
	u32 n;		/* out: moved to the idle copy's array */
};

/*
 * On the CPU, interrupts off (an IPI): its samples moved to its idle
 * copy's array (no callback writes that copy between two SWAPs, which
 * DRAIN does not overlap: both under ltt.ctl_mutex), its array emptied.
 * A callback runs with interrupts off too: none is halfway here (but a
 * system call's repeated label, ltt_vitals_syscall(), which touches no
 * sample).
 */
static void vit_drain_cpu(void *info)
{
	struct vit_drain_arg *a = info;
	struct vit_cpu *vc = vit.cpus[smp_processor_id()];
	struct vit_copy *cp = &vc->copy[vit.cur];
	struct vit_copy *idle = &vc->copy[!vit.cur];

	a->n = min(cp->nsamples, a->room);
	memcpy(idle->samples, cp->samples, a->n * sizeof(*cp->samples));
	cp->dropped += cp->nsamples - a->n;
	cp->nsamples = 0;
	cp->woke = 0;
}

static int vit_drain(struct file *file, void __user *argp)
{
	struct ltt_vitals_drain d;
	struct vit_drain_arg a;
	struct vit_copy *idle;
	unsigned int cpu;
	int ret = 0;

	if (copy_from_user(&d, argp, sizeof(d)))
		return -EFAULT;
	if (d.reserved || !d.samples)
		return -EINVAL;
	mutex_lock(&ltt.ctl_mutex);
	if (vit.owner != file) {
		ret = vit.owner ? -EBUSY : -EINVAL;
		goto out;
	}
	d.nsamples = 0;
	d.seq = vit.seq;
	/*
	 * The online CPUs (an offline one writes nothing: its samples wait
	 * for the SWAP), one by one; a CPU going offline meanwhile refuses
	 * the call and keeps them the same way.
	 */
	for_each_online_cpu(cpu) {
		a.room = d.samples_cap - d.nsamples;
		a.n = 0;
		if (!vit.cpus[cpu] ||
		    smp_call_function_single(cpu, vit_drain_cpu, &a, 1) || !a.n)
			continue;
		idle = &vit.cpus[cpu]->copy[!vit.cur];
		if (copy_to_user(u64_to_user_ptr(d.samples + (u64)d.nsamples *
						 sizeof(*idle->samples)),
				 idle->samples, a.n * sizeof(*idle->samples))) {
			/* out of the arrays: counted lost in the epoch */
			vit.drain_lost += a.n;
			ret = -EFAULT;
		} else {
			d.nsamples += a.n;
		}
		memset(idle->samples, 0, a.n * sizeof(*idle->samples));
	}
	if (!ret && copy_to_user(argp, &d, sizeof(d)))
		ret = -EFAULT;
out:
	mutex_unlock(&ltt.ctl_mutex);
	return ret;
}

/*
 * Is an online CPU's sample array a quarter full?  (Freed after a grace
 * period.)  An offline CPU's wait for the SWAP, as DRAIN leaves them:
 * counting them would make poll() say POLLIN until then.
 */
/* The most samples an online CPU's array holds, not yet drained */
static u32 vit_pending(void)
{
	struct vit_cpu **cpus;
	unsigned int cpu;
	u32 most = 0;

	rcu_read_lock();
	cpus = READ_ONCE(vit.cpus);
	for_each_online_cpu(cpu) {
		if (!cpus || !cpus[cpu])
			break;
		most = max(most, READ_ONCE(cpus[cpu]->copy[READ_ONCE(vit.cur)].nsamples));
	}
	rcu_read_unlock();
	return most;
}

static bool vit_drain_due(void)
{
	return vit_pending() >= LTT_VITALS_SAMPLES / 4;
}

/*
 * /sys/class/misc/ltt-vitals/samples_pending: vit_pending(), 0 while
 * the collector does not run.  DRAIN is due from LTT_VITALS_SAMPLES / 4
 * on.  A workload can wait on it for the daemon's drains (04-daemon.t's
 * storm, ltt-vitals-many), so that its coverage does not depend on the
 * host's speed.
 */
static ssize_t samples_pending_show(struct device *dev,
				    struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%u\n", vit_pending());
}
static DEVICE_ATTR_RO(samples_pending);

static struct attribute *vit_attrs[] = {
	&dev_attr_samples_pending.attr,
	NULL,
};
ATTRIBUTE_GROUPS(vit);

static __poll_t vit_poll(struct file *file, poll_table *wait)
{
	poll_wait(file, &vit.wait, wait);
	if (READ_ONCE(vit.owner) == file && vit_drain_due())
		return EPOLLIN | EPOLLRDNORM;
	return 0;
}

static void vit_wake(struct irq_work *work)
{
	wake_up_interruptible(&vit.wait);
}

static long vit_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	void __user *argp = (void __user *)arg;
	struct ltt_vitals_info info = {
		.abi_version = LTT_ABI_VERSION,
		.collected = LTT_VITALS_COLLECTED,
		.hca_size = LTT_VITALS_HCA,
		.samples_per_cpu = LTT_VITALS_SAMPLES,
		.bytes_per_cpu = sizeof(struct vit_cpu),
		.stacks_per_cpu = LTT_VITALS_STACKS,
	};

	switch (cmd) {
	case LTT_VITALS_IOC_START:
		return vit_start(file, argp);
	case LTT_VITALS_IOC_STOP:
		mutex_lock(&ltt.ctl_mutex);
		if (vit.owner && vit.owner != file) {
			mutex_unlock(&ltt.ctl_mutex);
			return -EBUSY;
		}
		vit_stop_locked();
		mutex_unlock(&ltt.ctl_mutex);
		return 0;
	case LTT_VITALS_IOC_SWAP:
		return vit_swap(file, argp);
	case LTT_VITALS_IOC_DRAIN:
		return vit_drain(file, argp);
	case LTT_VITALS_IOC_GET_INFO:
		info.running = READ_ONCE(vit.owner) != NULL;
		return copy_to_user(argp, &info, sizeof(info)) ? -EFAULT : 0;
	default:
		return -ENOTTY;
	}
}

/* The collector ends with its owner's last close (a killed daemon too). */
static int vit_release(struct inode *inode, struct file *file)
{
	mutex_lock(&ltt.ctl_mutex);
	if (vit.owner == file)
		vit_stop_locked();
	mutex_unlock(&ltt.ctl_mutex);
	return 0;
}

static int vit_open(struct inode *inode, struct file *file)
{
	if (!capable(CAP_SYS_ADMIN))
		return -EPERM;
	return 0;
}

static const struct file_operations vit_fops = {
	.owner		= THIS_MODULE,
	.open		= vit_open,
	.release	= vit_release,
	.unlocked_ioctl	= vit_ioctl,
	.poll		= vit_poll,
	.compat_ioctl	= compat_ptr_ioctl,
	.llseek		= noop_llseek,
};

static struct miscdevice vit_misc = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "ltt-vitals",
	.fops	= &vit_fops,
	.groups	= vit_groups,
	.mode	= 0600,
};

int ltt_vitals_init(void)
{
	BUILD_BUG_ON(LTT_SYS_SP_MASK != LTT_VITALS_SP_MASK);
	/* SWAP sums the HCAs in the first CPU's cells (vit_sum_add()) */
	BUILD_BUG_ON(offsetof(struct vit_copy, hca) != 0);
	/* all the collector's memory on a machine of one CPU: 256 KB */
	BUILD_BUG_ON(sizeof(struct vit_cpu) > 256 * 1024 -
		     VIT_TASKS * sizeof(struct vit_task) -
		     VIT_REQS * sizeof(struct vit_req) -
		     VIT_PEERS * sizeof(struct vit_peer));
	init_waitqueue_head(&vit.wait);
	init_irq_work(&vit.wake, vit_wake);
	return misc_register(&vit_misc);
}

void ltt_vitals_exit(void)
{
	misc_deregister(&vit_misc);
}
