// SPDX-License-Identifier: GPL-2.0
/*
 * ltt_selftest.ko - kernel events with known arguments for the LTT guest
 * tests (tests/guest/14-timer-process.t, 23-memory-kthread.t).
 *
 * /proc/ltt_selftest (root only) takes one command per write; each returns
 * once its work is done:
 *
 *   tasklet N     schedule a tasklet N times, waiting for each run
 *   hitasklet N   the same with a hi-tasklet (HI_SOFTIRQ)
 *   timer N       a timer_list that fires N times (re-armed 1 jiffy ahead)
 *   hrtimer N     an hrtimer that fires N times (1 ms apart)
 *   kthread       start a kernel thread "ltt_selftest_kt" that returns at
 *                 once, and wait for its end
 *   custom N      declare (once) the kernel custom event "ltt_selftest",
 *                 format "seq:u32,tag:str", and log N instances of it,
 *                 seq 0..N-1, tag "k"
 *   customlog ID  log one instance of custom type ID from this module: the
 *                 write fails with what ltt_custom_log() returned (EPERM
 *                 for a type a /dev/tracer file created)
 *   recvname N    N one-byte receives on an in-kernel AF_UNIX stream pair,
 *                 each through kernel_recvmsg() with msg_name set (bytes
 *                 0xab) and msg_namelen preset to sizeof(struct
 *                 sockaddr_un): the protocol writes no address (the pair
 *                 is unnamed), so the length must come back as it was and
 *                 the receive event must record no address
 *
 * Reading it gives the callbacks' addresses ("tasklet_fn 0x..."), so that
 * a test can recognise them in the trace, and the custom event's type id.
 */
#include <linux/completion.h>
#include <linux/hrtimer.h>
#include <linux/interrupt.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/net.h>
#include <linux/proc_fs.h>
#include <linux/sched/task.h>
#include <linux/seq_file.h>
#include <linux/string.h>
#include <linux/timer.h>
#include <linux/uaccess.h>
#include <linux/un.h>
#include <net/net_namespace.h>

#include "ltt_custom.h"

#define SELFTEST_MAX_COUNT	100000
#define SELFTEST_WAIT		(10 * HZ)	/* per run: never hang a test */

static DEFINE_MUTEX(selftest_lock);		/* one command at a time */
static DECLARE_COMPLETION(selftest_done);	/* a run finished */
static DECLARE_COMPLETION(selftest_kt_ran);

static struct tasklet_struct selftest_tasklet;
static struct tasklet_struct selftest_hi_tasklet;
static struct timer_list selftest_timer;
static struct hrtimer selftest_hrtimer;
static unsigned int selftest_left;		/* timer runs still to come */
static unsigned long selftest_runs, selftest_hi_runs;
static int selftest_custom_id;

struct selftest_custom_rec {
	u32 seq;
	char tag[2];
} __packed;

static void selftest_tasklet_fn(struct tasklet_struct *t)
{
	selftest_runs++;
	complete(&selftest_done);
}

static void selftest_hi_tasklet_fn(struct tasklet_struct *t)
{
	selftest_hi_runs++;
	complete(&selftest_done);
}

static void selftest_timer_fn(struct timer_list *t)
{
	if (--selftest_left)
		mod_timer(&selftest_timer, jiffies + 1);
	else
		complete(&selftest_done);
}

static enum hrtimer_restart selftest_hrtimer_fn(struct hrtimer *t)
{
	if (--selftest_left) {
		hrtimer_forward_now(t, ms_to_ktime(1));
		return HRTIMER_RESTART;
	}
	complete(&selftest_done);
	return HRTIMER_NORESTART;
}

static int selftest_kthread_fn(void *data)
{
	complete(&selftest_kt_ran);
	return 0;
}

static int selftest_wait(struct completion *c)
{
	return wait_for_completion_timeout(c, SELFTEST_WAIT) ? 0 : -ETIMEDOUT;
}

static int selftest_run_tasklet(struct tasklet_struct *t, bool hi,
				unsigned int n)
{
	unsigned int i;
	int ret;

	for (i = 0; i < n; i++) {
		reinit_completion(&selftest_done);
		if (hi)
			tasklet_hi_schedule(t);
		else
			tasklet_schedule(t);
		ret = selftest_wait(&selftest_done);
		if (ret)
			return ret;
	}
	return 0;
}

static int selftest_run_timer(unsigned int n)
{
	int ret;

	reinit_completion(&selftest_done);
	selftest_left = n;
	mod_timer(&selftest_timer, jiffies + 1);
	ret = selftest_wait(&selftest_done);
	del_timer_sync(&selftest_timer);
	return ret;
}

static int selftest_run_hrtimer(unsigned int n)
{
	int ret;

	reinit_completion(&selftest_done);
	selftest_left = n;
	hrtimer_start(&selftest_hrtimer, ms_to_ktime(1), HRTIMER_MODE_REL);
	ret = selftest_wait(&selftest_done);
	hrtimer_cancel(&selftest_hrtimer);
	return ret;
}

static int selftest_run_kthread(void)
{
	struct task_struct *t;
	int ret;

	reinit_completion(&selftest_kt_ran);
	t = kthread_create(selftest_kthread_fn, NULL, "ltt_selftest_kt");
	if (IS_ERR(t))
		return PTR_ERR(t);
	/* held so that kthread_stop() can wait for a thread that has ended */
	get_task_struct(t);
	wake_up_process(t);
	ret = selftest_wait(&selftest_kt_ran);
	/* stopping it before it ran would skip its function: wait first */
	if (!ret)
		ret = kthread_stop(t);
	else
		kthread_stop(t);
	put_task_struct(t);
	return ret;
}

static int selftest_run_custom(unsigned int n)
{
	struct selftest_custom_rec rec = { .tag = "k" };
	unsigned int i;
	int ret;

	if (!selftest_custom_id) {
		ret = ltt_custom_create("ltt_selftest", "seq:u32,tag:str",
					LTT_CUSTOM_FIELDS);
		if (ret < 0)
			return ret;
		selftest_custom_id = ret;
	}
	for (i = 0; i < n; i++) {
		rec.seq = i;
		ret = ltt_custom_log(selftest_custom_id, &rec, sizeof(rec));
		if (ret < 0)
			return ret;
	}
	return 0;
}

static int selftest_run_customlog(unsigned int id)
{
	struct selftest_custom_rec rec = { .tag = "o" };

	return ltt_custom_log(id, &rec, sizeof(rec));
}

static int selftest_recv_one(struct socket *a, struct socket *b)
{
	struct sockaddr_un addr;
	char byte = 'x';
	struct kvec v = { .iov_base = &byte, .iov_len = 1 };
	struct msghdr msg = { };
	int ret;

	ret = kernel_sendmsg(a, &msg, &v, 1, 1);
	if (ret != 1)
		return ret < 0 ? ret : -EIO;
	memset(&addr, 0xab, sizeof(addr));
	msg = (struct msghdr){ .msg_name = &addr,
			       .msg_namelen = sizeof(addr) };
	ret = kernel_recvmsg(b, &msg, &v, 1, 1, 0);
	if (ret != 1)
		return ret < 0 ? ret : -EIO;
	/* no address written: the caller's length comes back */
	return msg.msg_namelen == sizeof(addr) ? 0 : -EPROTO;
}

static int selftest_run_recvname(unsigned int n)
{
	struct socket *a, *b;
	unsigned int i;
	int ret;

	ret = sock_create_kern(&init_net, AF_UNIX, SOCK_STREAM, 0, &a);
	if (ret)
		return ret;
	ret = sock_create_kern(&init_net, AF_UNIX, SOCK_STREAM, 0, &b);
	if (ret)
		goto out_a;
	ret = a->ops->socketpair(a, b);
	for (i = 0; i < n && !ret; i++)
		ret = selftest_recv_one(a, b);
	sock_release(b);
out_a:
	sock_release(a);
	return ret;
}

static ssize_t selftest_write(struct file *file, const char __user *ubuf,
			      size_t len, loff_t *ppos)
{
	char buf[64], *arg, *cmd;
	unsigned int n = 0;
	int ret;

	if (len >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, len))
		return -EFAULT;
	buf[len] = '\0';
	arg = strim(buf);
	cmd = strsep(&arg, " \t");
	if (arg) {
		ret = kstrtouint(skip_spaces(arg), 10, &n);
		if (ret)
			return ret;
		if (n < 1 || (n > SELFTEST_MAX_COUNT && strcmp(cmd, "customlog")))
			return -ERANGE;
	}
	/* every command but kthread takes a count */
	if (!strcmp(cmd, "kthread")) {
		if (arg)
			return -EINVAL;
	} else if (!arg) {
		return -EINVAL;
	}

	ret = mutex_lock_interruptible(&selftest_lock);
	if (ret)
		return ret;
	if (!strcmp(cmd, "tasklet"))
		ret = selftest_run_tasklet(&selftest_tasklet, false, n);
	else if (!strcmp(cmd, "hitasklet"))
		ret = selftest_run_tasklet(&selftest_hi_tasklet, true, n);
	else if (!strcmp(cmd, "timer"))
		ret = selftest_run_timer(n);
	else if (!strcmp(cmd, "hrtimer"))
		ret = selftest_run_hrtimer(n);
	else if (!strcmp(cmd, "kthread"))
		ret = selftest_run_kthread();
	else if (!strcmp(cmd, "custom"))
		ret = selftest_run_custom(n);
	else if (!strcmp(cmd, "customlog"))
		ret = selftest_run_customlog(n);
	else if (!strcmp(cmd, "recvname"))
		ret = selftest_run_recvname(n);
	else
		ret = -EINVAL;
	mutex_unlock(&selftest_lock);
	return ret ? ret : len;
}

static int selftest_show(struct seq_file *m, void *v)
{
	seq_printf(m, "tasklet_fn 0x%lx\n", (unsigned long)selftest_tasklet_fn);
	seq_printf(m, "hi_tasklet_fn 0x%lx\n",
		   (unsigned long)selftest_hi_tasklet_fn);
	seq_printf(m, "timer_fn 0x%lx\n", (unsigned long)selftest_timer_fn);
	seq_printf(m, "hrtimer_fn 0x%lx\n", (unsigned long)selftest_hrtimer_fn);
	seq_printf(m, "kthread_fn 0x%lx\n", (unsigned long)selftest_kthread_fn);
	seq_printf(m, "tasklet_runs %lu\n", selftest_runs);
	seq_printf(m, "hi_tasklet_runs %lu\n", selftest_hi_runs);
	seq_printf(m, "custom_id %d\n", selftest_custom_id);
	return 0;
}

static int selftest_open(struct inode *inode, struct file *file)
{
	return single_open(file, selftest_show, NULL);
}

static const struct proc_ops selftest_proc_ops = {
	.proc_open	= selftest_open,
	.proc_read	= seq_read,
	.proc_lseek	= seq_lseek,
	.proc_release	= single_release,
	.proc_write	= selftest_write,
};

static int __init selftest_init(void)
{
	tasklet_setup(&selftest_tasklet, selftest_tasklet_fn);
	tasklet_setup(&selftest_hi_tasklet, selftest_hi_tasklet_fn);
	timer_setup(&selftest_timer, selftest_timer_fn, 0);
	hrtimer_init(&selftest_hrtimer, CLOCK_MONOTONIC, HRTIMER_MODE_REL);
	selftest_hrtimer.function = selftest_hrtimer_fn;
	if (!proc_create("ltt_selftest", 0600, NULL, &selftest_proc_ops))
		return -ENOMEM;
	return 0;
}

static void __exit selftest_exit(void)
{
	remove_proc_entry("ltt_selftest", NULL);
	tasklet_kill(&selftest_tasklet);
	tasklet_kill(&selftest_hi_tasklet);
	del_timer_sync(&selftest_timer);
	hrtimer_cancel(&selftest_hrtimer);
	if (selftest_custom_id)
		ltt_custom_destroy(selftest_custom_id);
}

module_init(selftest_init);
module_exit(selftest_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("LTT guest tests: tasklets, timers, a kthread, custom events, socket receives");
