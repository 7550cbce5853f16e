// SPDX-License-Identifier: GPL-2.0
/*
 * tracer_marker.c - application markers: /dev/ltt-marker, a device that
 * tasks of an unprivileged group may write markers to (LTT_EV_MARKER,
 * see ltt-abi.h and docs/ltt_tracer.4).
 *
 * Who may write: CAP_SYS_ADMIN, and the members of the group whose id is
 * the marker_gid parameter (-1, the default: nobody else).  The check is
 * made at open(), as for a file's mode: an opener that is refused gets
 * EACCES; a file opened by an allowed task and handed to another stays
 * usable, as any file does.  The device node itself is 0666 so that the
 * group check, not the node's mode, decides.
 *
 * What a writer cannot do: write a marker of another task (pid, tid and
 * uid are the writer's own, filled in here), write more than
 * marker_rate markers a second (the rest are counted as lost
 * LTT_EV_MARKER and the write says EAGAIN), write a longer name or text
 * than the ABI's bounds, or write anything while tracing is off (its
 * writes are accepted and dropped, as a disabled event costs nothing).
 *
 * The rate is kept per task in a table of LTT_MARKER_SLOTS slots chosen
 * by a hash of the tid, each a one-second window and its count: tasks
 * whose tids share a slot share its budget (a task never gets more than
 * marker_rate a second; several tasks may together get less).  The table
 * is static: nothing to allocate per task, nothing to leak when a task
 * exits.
 *
 * The device's first page, read-only to user space, holds struct
 * ltt_marker_page: ltt_marker_set_enabled() sets @enabled while tracing
 * records LTT_EV_MARKER, so that the library tests one word before it
 * makes a system call.  The page is mapped with vm_insert_page(), which
 * holds a reference: a mapping outlives the module safely.
 */
#include <linux/cred.h>
#include <linux/fs.h>
#include <linux/gfp.h>
#include <linux/hash.h>
#include <linux/jiffies.h>
#include <linux/miscdevice.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>
#include <linux/uidgid.h>

#include "tracer_buffer.h"

static int marker_gid = -1;
module_param(marker_gid, int, 0644);
MODULE_PARM_DESC(marker_gid,
		 "Group whose members may write /dev/ltt-marker (-1, the default: only CAP_SYS_ADMIN)");

static unsigned int marker_rate = 1000;
module_param(marker_rate, uint, 0644);
MODULE_PARM_DESC(marker_rate,
		 "Markers one task may write per second; more are counted lost (default 1000)");

#define LTT_MARKER_SLOTS_BITS	10
#define LTT_MARKER_SLOTS	(1U << LTT_MARKER_SLOTS_BITS)

struct ltt_marker_slot {
	spinlock_t lock;
	unsigned long window;		/* jiffies the window began */
	unsigned int count;		/* markers written in it */
};

static struct ltt_marker_slot ltt_marker_slots[LTT_MARKER_SLOTS];
static struct page *ltt_marker_page;

/* START and STOP, under ctl_mutex: may the library write markers? */
void ltt_marker_set_enabled(bool on)
{
	struct ltt_marker_page *p;

	if (!ltt_marker_page)
		return;
	p = page_address(ltt_marker_page);
	WRITE_ONCE(p->enabled, on ? 1 : 0);
}

static int ltt_marker_open(struct inode *inode, struct file *file)
{
	int gid = READ_ONCE(marker_gid);

	if (capable(CAP_SYS_ADMIN))
		return 0;
	if (gid >= 0 && in_group_p(make_kgid(&init_user_ns, gid)))
		return 0;
	return -EACCES;
}

/* Within its rate, the current task may write one more marker. */
static bool ltt_marker_allowed(void)
{
	struct ltt_marker_slot *s;
	unsigned long now = jiffies;
	bool ok;

	s = &ltt_marker_slots[hash_32(task_pid_nr(current),
				      LTT_MARKER_SLOTS_BITS)];
	spin_lock(&s->lock);
	if (time_after_eq(now, s->window + HZ) ||
	    time_before(now, s->window)) {
		s->window = now;
		s->count = 0;
	}
	ok = s->count < READ_ONCE(marker_rate);
	if (ok)
		s->count++;
	spin_unlock(&s->lock);
	return ok;
}

/* Visible ASCII without blanks for a name; printable ASCII for a text. */
static bool ltt_marker_text_ok(const char *s, unsigned int len, char lowest)
{
	unsigned int i;

	for (i = 0; i < len; i++) {
		if (s[i] < lowest || s[i] >= 0x7f)
			return false;
	}
	return true;
}

static ssize_t ltt_marker_write(struct file *file, const char __user *ubuf,
				size_t count, loff_t *ppos)
{
	char var[LTT_MARKER_NAME_MAX + LTT_MARKER_TEXT_MAX];
	struct ltt_marker_write w;
	struct ltt_ev_marker ev;
	unsigned int var_len;

	if (count < sizeof(w))
		return -EINVAL;
	if (copy_from_user(&w, ubuf, sizeof(w)))
		return -EFAULT;
	var_len = (unsigned int)w.name_len + w.text_len;
	if (w.kind < LTT_MARKER_BEGIN || w.kind > LTT_MARKER_COUNTER ||
	    w.reserved || !w.name_len || w.name_len > LTT_MARKER_NAME_MAX ||
	    w.text_len > LTT_MARKER_TEXT_MAX || count != sizeof(w) + var_len)
		return -EINVAL;
	if (copy_from_user(var, ubuf + sizeof(w), var_len))
		return -EFAULT;
	if (!ltt_marker_text_ok(var, w.name_len, '!') ||
	    !ltt_marker_text_ok(var + w.name_len, w.text_len, ' '))
		return -EINVAL;
	if (!ltt_recording(LTT_EV_MARKER))
		return count;
	if (!ltt_marker_allowed()) {
		ltt_log_lost(LTT_EV_MARKER);
		return -EAGAIN;
	}
	ev.pid = task_tgid_nr(current);
	ev.tid = task_pid_nr(current);
	ev.uid = from_kuid_munged(&init_user_ns, current_uid());
	ev.kind = w.kind;
	ev.name_len = w.name_len;
	ev.text_len = w.text_len;
	ev.value = w.kind == LTT_MARKER_COUNTER ? w.value : 0;
	preempt_disable_notrace();
	ltt_log(LTT_EV_MARKER, &ev, sizeof(ev), var, var_len);
	preempt_enable_notrace();
	return count;
}

static int ltt_marker_mmap(struct file *file, struct vm_area_struct *vma)
{
	if (vma->vm_flags & VM_WRITE)
		return -EPERM;
	if (!(vma->vm_flags & VM_MAYSHARE) || vma->vm_pgoff ||
	    vma->vm_end - vma->vm_start != PAGE_SIZE)
		return -EINVAL;
	/* Never writable, not even by mprotect(); never grown by mremap(). */
	vma->vm_flags &= ~VM_MAYWRITE;
	vma->vm_flags |= VM_DONTEXPAND | VM_DONTDUMP;
	return vm_insert_page(vma, vma->vm_start, ltt_marker_page);
}

static const struct file_operations ltt_marker_fops = {
	.owner		= THIS_MODULE,
	.open		= ltt_marker_open,
	.write		= ltt_marker_write,
	.mmap		= ltt_marker_mmap,
	.llseek		= noop_llseek,
};

static struct miscdevice ltt_marker_misc = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "ltt-marker",
	.fops	= &ltt_marker_fops,
	.mode	= 0666,
};

int ltt_marker_init(void)
{
	struct ltt_marker_page *p;
	unsigned int i;
	int ret;

	for (i = 0; i < LTT_MARKER_SLOTS; i++)
		spin_lock_init(&ltt_marker_slots[i].lock);
	ltt_marker_page = alloc_page(GFP_KERNEL | __GFP_ZERO);
	if (!ltt_marker_page)
		return -ENOMEM;
	p = page_address(ltt_marker_page);
	p->abi_version = LTT_ABI_VERSION;
	ret = misc_register(&ltt_marker_misc);
	if (ret) {
		__free_page(ltt_marker_page);
		ltt_marker_page = NULL;
	}
	return ret;
}

/* Mappings keep their own reference on the page. */
void ltt_marker_exit(void)
{
	misc_deregister(&ltt_marker_misc);
	ltt_marker_set_enabled(false);
	__free_page(ltt_marker_page);
	ltt_marker_page = NULL;
}
