// SPDX-License-Identifier: GPL-2.0
/*
 * tracer_main.c - the LTT trace module: module init/exit, the misc
 * device /dev/tracer and its file operations and ioctls.
 *
 * The module registers its callback with the kernel's LTT facility when
 * it is loaded; while tracing is stopped the callback returns at once.
 * A single process (the trace daemon) opens /dev/tracer, configures the
 * tracer with ioctls, starts it and read()s whole buffers until end of
 * file.  See docs/tracer-module.md and docs/ltt_tracer.4.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bitops.h>
#include <linux/capability.h>
#include <linux/compat.h>
#include <linux/fs.h>
#include <linux/ltt.h>
#include <linux/miscdevice.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/poll.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/uaccess.h>

#include "tracer_buffer.h"

static unsigned int buffer_size = 1U << 20;
module_param(buffer_size, uint, 0444);
MODULE_PARM_DESC(buffer_size,
		 "Default bytes per buffer, header included (4096..16777216, multiple of 8; default 1048576)");

static unsigned int buffer_count = 8;
module_param(buffer_count, uint, 0444);
MODULE_PARM_DESC(buffer_count, "Default buffers per CPU (2..256; default 8)");

/* Bit 0 set while /dev/tracer is open: one opener at a time. */
static unsigned long ltt_busy;

static int ltt_check_geometry(u32 size, u32 count)
{
	if (size < LTT_BUFFER_SIZE_MIN || size > LTT_BUFFER_SIZE_MAX ||
	    size % 8 || count < LTT_BUFFER_COUNT_MIN ||
	    count > LTT_BUFFER_COUNT_MAX)
		return -EINVAL;
	return 0;
}

/* Not more than half of the RAM for buffers, all possible CPUs together. */
static int ltt_check_memory(u32 size, u32 count)
{
	u64 total = (u64)size * count * num_possible_cpus();

	if (total > ((u64)totalram_pages() << PAGE_SHIFT) / 2)
		return -ENOMEM;
	return 0;
}

static void ltt_default_mask(void)
{
	static const unsigned char ids[] = {
		LTT_EV_SYSCALL_ENTRY, LTT_EV_SYSCALL_EXIT,
		LTT_EV_TRAP_ENTRY, LTT_EV_TRAP_EXIT,
		LTT_EV_IRQ_ENTRY, LTT_EV_IRQ_EXIT,
		LTT_EV_SCHEDCHANGE,
		LTT_EV_PROCESS_FORK, LTT_EV_PROCESS_EXEC,
		LTT_EV_PROCESS_EXIT, LTT_EV_PROCESS_WAKEUP,
		LTT_EV_SOFTIRQ_ENTRY, LTT_EV_SOFTIRQ_EXIT,
		LTT_EV_SIGNAL_SEND, LTT_EV_SIGNAL_DELIVER,
		LTT_EV_TRACE_START,
	};
	int i;

	memset(ltt.mask, 0, sizeof(ltt.mask));
	for (i = 0; i < ARRAY_SIZE(ids); i++)
		ltt.mask[ids[i] / 64] |= BIT_ULL(ids[i] % 64);
}

/* ---- control ----------------------------------------------------------- */

static int ltt_start(void)
{
	int ret;

	mutex_lock(&ltt.ctl_mutex);
	if (ltt.tracing) {
		ret = -EBUSY;
		goto out;
	}
	/*
	 * ltt.active has been clear for at least a grace period (STOP
	 * waited for one; before the first START it was never set), so
	 * no writer runs: the per-CPU state may be reset.  The read mutex
	 * keeps readers away from buffers being freed or reset.
	 */
	mutex_lock(&ltt.read_mutex);
	ret = ltt_buffers_alloc(ltt.cfg_size, ltt.cfg_count);
	if (!ret)
		ltt_buffers_reset();
	mutex_unlock(&ltt.read_mutex);
	if (ret)
		goto out;

	WRITE_ONCE(ltt.tracing, 1);
	/* Publish the buffers and reset state to the writers. */
	smp_store_release(&ltt.active, 1);
	/* Begin every online CPU's stream with a TRACE_START record. */
	on_each_cpu(ltt_start_on_cpu, NULL, 1);
out:
	mutex_unlock(&ltt.ctl_mutex);
	return ret;
}

/* STOP while stopped is harmless and returns 0.  Under ctl_mutex. */
static void ltt_stop_locked(void)
{
	if (!ltt.tracing)
		return;
	WRITE_ONCE(ltt.active, 0);
	/*
	 * Every callback runs with preemption disabled or in an NMI, i.e.
	 * inside an RCU read-side critical section: after the grace period
	 * no writer is inside a record, none will start one, and their
	 * stores are visible here.
	 */
	synchronize_rcu();
	ltt_flush_all();
	ltt_stop_done();
}

static int ltt_stop(void)
{
	mutex_lock(&ltt.ctl_mutex);
	ltt_stop_locked();
	mutex_unlock(&ltt.ctl_mutex);
	return 0;
}

static int ltt_set_buffers(void __user *argp)
{
	struct ltt_buffer_config cfg;
	int ret;

	if (copy_from_user(&cfg, argp, sizeof(cfg)))
		return -EFAULT;
	ret = ltt_check_geometry(cfg.size, cfg.count);
	if (!ret)
		ret = ltt_check_memory(cfg.size, cfg.count);
	if (ret)
		return ret;

	mutex_lock(&ltt.ctl_mutex);
	if (ltt.tracing) {
		ret = -EBUSY;
	} else {
		ltt.cfg_size = cfg.size;
		ltt.cfg_count = cfg.count;
	}
	mutex_unlock(&ltt.ctl_mutex);
	return ret;
}

/*
 * The mask may change while tracing: writers read it a word at a time
 * and see either the old or the new word.  ctl_mutex only keeps two
 * concurrent SET_EVENT_MASK calls from mixing their words.
 *
 * Scheduling changes and the start records cannot be masked out: they are
 * what attributes every other event to a task (records carry no pid), so
 * a trace without them could not say whose events it holds.  GET returns
 * the mask in force, with these bits set.
 */
static int ltt_set_mask(void __user *argp)
{
	struct ltt_event_mask m;
	int i;

	if (copy_from_user(&m, argp, sizeof(m)))
		return -EFAULT;
	m.bits[LTT_EV_SCHEDCHANGE / 64] |= BIT_ULL(LTT_EV_SCHEDCHANGE % 64);
	m.bits[LTT_EV_TRACE_START / 64] |= BIT_ULL(LTT_EV_TRACE_START % 64);
	mutex_lock(&ltt.ctl_mutex);
	for (i = 0; i < LTT_MASK_WORDS; i++)
		WRITE_ONCE(ltt.mask[i], m.bits[i]);
	mutex_unlock(&ltt.ctl_mutex);
	return 0;
}

static int ltt_get_mask(void __user *argp)
{
	struct ltt_event_mask m;
	int i;

	for (i = 0; i < LTT_MASK_WORDS; i++)
		m.bits[i] = READ_ONCE(ltt.mask[i]);
	return copy_to_user(argp, &m, sizeof(m)) ? -EFAULT : 0;
}

static int ltt_get_lost(void __user *argp)
{
	struct ltt_lost_info *info;
	u32 cpu;
	int ret = 0;

	if (copy_from_user(&cpu, argp, sizeof(cpu)))
		return -EFAULT;
	if (cpu >= nr_cpu_ids || !cpu_possible(cpu) || !ltt.cpus[cpu])
		return -EINVAL;
	info = kmalloc(sizeof(*info), GFP_KERNEL);
	if (!info)
		return -ENOMEM;
	ltt_lost_fill(ltt.cpus[cpu], info);
	if (copy_to_user(argp, info, sizeof(*info)))
		ret = -EFAULT;
	kfree(info);
	return ret;
}

static int ltt_get_info(void __user *argp)
{
	struct ltt_info info = {
		.abi_version = LTT_ABI_VERSION,
		.ncpus = nr_cpu_ids,
	};

	mutex_lock(&ltt.ctl_mutex);
	info.buffer_size = ltt.cfg_size;
	info.buffer_count = ltt.cfg_count;
	info.tracing = ltt.tracing;
	mutex_unlock(&ltt.ctl_mutex);
	return copy_to_user(argp, &info, sizeof(info)) ? -EFAULT : 0;
}

static long ltt_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	void __user *argp = (void __user *)arg;

	switch (cmd) {
	case LTT_IOC_START:
		return ltt_start();
	case LTT_IOC_STOP:
		return ltt_stop();
	case LTT_IOC_SET_BUFFERS:
		return ltt_set_buffers(argp);
	case LTT_IOC_SET_EVENT_MASK:
		return ltt_set_mask(argp);
	case LTT_IOC_GET_EVENT_MASK:
		return ltt_get_mask(argp);
	case LTT_IOC_GET_LOST:
		return ltt_get_lost(argp);
	case LTT_IOC_GET_INFO:
		return ltt_get_info(argp);
	default:
		return -ENOTTY;
	}
}

/* ---- file operations --------------------------------------------------- */

static int ltt_fop_open(struct inode *inode, struct file *file)
{
	if (!capable(CAP_SYS_ADMIN))
		return -EPERM;
	if (test_and_set_bit_lock(0, &ltt_busy))
		return -EBUSY;
	return stream_open(inode, file);
}

/*
 * Last close: stop tracing, discard what was not read, free the
 * buffers.  No read() or ioctl() on this file can be running.  The VFS
 * has already removed the file from the fasync list.
 */
static int ltt_fop_release(struct inode *inode, struct file *file)
{
	mutex_lock(&ltt.ctl_mutex);
	ltt_stop_locked();
	mutex_lock(&ltt.read_mutex);
	ltt_buffers_free();
	mutex_unlock(&ltt.read_mutex);
	mutex_unlock(&ltt.ctl_mutex);
	clear_bit_unlock(0, &ltt_busy);
	return 0;
}

static ssize_t ltt_fop_read(struct file *file, char __user *buf,
			    size_t count, loff_t *ppos)
{
	return ltt_read_one(buf, count, file->f_flags & O_NONBLOCK);
}

static __poll_t ltt_fop_poll(struct file *file, poll_table *wait)
{
	poll_wait(file, &ltt.wait, wait);
	return ltt_readable() ? EPOLLIN | EPOLLRDNORM : 0;
}

static int ltt_fop_fasync(int fd, struct file *file, int on)
{
	return fasync_helper(fd, file, on, &ltt.fasync);
}

static const struct file_operations ltt_fops = {
	.owner		= THIS_MODULE,
	.open		= ltt_fop_open,
	.release	= ltt_fop_release,
	.read		= ltt_fop_read,
	.poll		= ltt_fop_poll,
	.fasync		= ltt_fop_fasync,
	.unlocked_ioctl	= ltt_ioctl,
	.compat_ioctl	= compat_ptr_ioctl,
	.llseek		= no_llseek,
};

static struct miscdevice ltt_misc = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "tracer",
	.fops	= &ltt_fops,
	.mode	= 0600,
};

/* ---- module ------------------------------------------------------------ */

static int __init ltt_tracer_init(void)
{
	int ret;

	ret = ltt_check_geometry(buffer_size, buffer_count);
	if (ret) {
		pr_err("invalid buffer_size=%u or buffer_count=%u\n",
		       buffer_size, buffer_count);
		return ret;
	}
	ltt.cfg_size = buffer_size;
	ltt.cfg_count = buffer_count;
	ltt_default_mask();

	ret = ltt_cpus_init();
	if (ret)
		return ret;
	ret = ltt_register_tracer(ltt_trace_callback);
	if (ret) {
		pr_err("cannot register with the LTT facility: %d\n", ret);
		goto err_cpus;
	}
	ret = misc_register(&ltt_misc);
	if (ret) {
		pr_err("cannot register /dev/tracer: %d\n", ret);
		goto err_unreg;
	}
	pr_info("loaded: %u buffers of %u bytes per CPU\n",
		ltt.cfg_count, ltt.cfg_size);
	return 0;

err_unreg:
	ltt_unregister_tracer(ltt_trace_callback);
err_cpus:
	ltt_cpus_exit();
	return ret;
}

/*
 * rmmod is refused while /dev/tracer is open (fops.owner), and tracing
 * only runs while it is open, so tracing is stopped here.  Unregistering
 * waits for callbacks still in flight; ltt_cpus_exit() waits for queued
 * wake-ups before freeing.
 */
static void __exit ltt_tracer_exit(void)
{
	misc_deregister(&ltt_misc);
	ltt_unregister_tracer(ltt_trace_callback);
	ltt_cpus_exit();
	pr_info("unloaded\n");
}

module_init(ltt_tracer_init);
module_exit(ltt_tracer_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Linux Trace Toolkit trace module (/dev/tracer)");
