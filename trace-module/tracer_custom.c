// SPDX-License-Identifier: GPL-2.0
/*
 * tracer_custom.c - custom events of the LTT trace module (the LTT
 * paper's dynamic event ids): types declared at run time, by user space
 * through LTT_IOC_CUSTOM_CREATE or by kernel code through
 * ltt_custom_create(), then logged and destroyed.  See ltt_custom.h for
 * the kernel API and docs/tracer-module.md for the rules.
 *
 * Types live in an xarray indexed by type id.  Ids are handed out from 1
 * upwards and never reused while the module is loaded, so an id in a
 * trace names one type only.  Creation and destruction take
 * ltt_custom_mutex; logging takes no lock at all (it may run in any
 * context) and only needs to know whether the id is live:
 *
 *  - ltt_custom_log() looks the id up with xa_load() (RCU, lock-free)
 *    and writes the instance inside one preempt-disabled section;
 *  - destruction erases the id from the xarray, then waits for a grace
 *    period before it writes LTT_EV_CUSTOM_DESTROY and frees the type:
 *    every log that found the type has written its record by then, so
 *    no instance of a type ever follows its destruction in the trace.
 *
 * A type belongs to its creator: the /dev/tracer file that created it,
 * or the kernel module (THIS_MODULE of the ltt_custom_*() macros).  Only
 * its creator logs instances of it or destroys it (-EPERM for anyone
 * else), and each creator holds at most custom_per_owner live types
 * (-EDQUOT), so that one opener cannot exhaust the table of
 * LTT_CUSTOM_MAX_TYPES (-ENOSPC) for the others.
 *
 * LTT_EV_CUSTOM_CREATE is written when a type is created while tracing,
 * and for every live type by START (ltt_custom_emit_all(), under
 * ltt_custom_mutex, before tracing is published), so every trace
 * describes the custom types whose instances it holds.  A flight
 * recorder may overwrite those declarations, so its STOP declares the
 * live types once more, before tracing stops (lock order: ctl_mutex,
 * then ltt_custom_mutex, as in START).
 */
#include <linux/ctype.h>
#include <linux/err.h>
#include <linux/export.h>
#include <linux/fs.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/preempt.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/xarray.h>

#include "ltt_custom.h"
#include "tracer_buffer.h"

struct ltt_custom {
	u32 id;
	u32 kind;			/* LTT_CUSTOM_* */
	struct file *owner;		/* creating file, NULL: kernel code */
	struct module *mod;		/* creating module (kernel code) */
	struct list_head dead;		/* on a list of types being destroyed */
	unsigned int text_len;		/* name, NUL, format, NUL */
	char text[LTT_CUSTOM_NAME_LEN + LTT_CUSTOM_FORMAT_LEN];
};

DEFINE_MUTEX(ltt_custom_mutex);
/* Under ltt_custom_mutex (the xarray: writers; readers are lock-free). */
static DEFINE_XARRAY(ltt_custom_types);
static u32 ltt_custom_next_id = 1;
static unsigned int ltt_custom_live;

static unsigned int custom_per_owner = 64;
module_param(custom_per_owner, uint, 0644);
MODULE_PARM_DESC(custom_per_owner,
		 "Most live custom types one /dev/tracer file or module may create (default 64)");

/* Is @t the type of creator (@owner, @mod)? */
static bool ltt_custom_mine(const struct ltt_custom *t, struct file *owner,
			    struct module *mod)
{
	return t->owner == owner && t->mod == mod;
}

/* ---- validation ---------------------------------------------------------- */

/* Visible ASCII, no blank: names are shown and looked up as words. */
static int ltt_custom_check_name(const char *name)
{
	size_t len = strnlen(name, LTT_CUSTOM_NAME_LEN), i;

	if (len == 0 || len == LTT_CUSTOM_NAME_LEN)
		return -EINVAL;
	for (i = 0; i < len; i++) {
		if (name[i] <= ' ' || name[i] >= 0x7f)
			return -EINVAL;
	}
	return len;
}

/*
 * LTT_CUSTOM_FIELDS: "name:type" items separated by commas, no blanks;
 * a name is letters, digits and '_'; a type is one of those the ABI
 * lists.
 */
static bool ltt_custom_fields_ok(const char *p)
{
	static const char * const types[] = {
		"u8", "u16", "u32", "u64", "s8", "s16", "s32", "s64",
		"x32", "x64", "str",
	};
	const char *start;
	size_t len, i;

	for (;;) {
		start = p;
		while (isalnum(*p) || *p == '_')
			p++;
		if (p == start || *p != ':')
			return false;
		start = ++p;
		while (*p && *p != ',')
			p++;
		len = p - start;
		for (i = 0; i < ARRAY_SIZE(types); i++) {
			if (strlen(types[i]) == len &&
			    !strncmp(types[i], start, len))
				break;
		}
		if (i == ARRAY_SIZE(types))
			return false;
		if (!*p)
			return true;
		p++;
	}
}

static int ltt_custom_check_format(const char *format, u32 kind)
{
	size_t len = strnlen(format, LTT_CUSTOM_FORMAT_LEN), i;

	if (len == LTT_CUSTOM_FORMAT_LEN)
		return -EINVAL;
	for (i = 0; i < len; i++) {
		if (format[i] < ' ' || format[i] >= 0x7f)
			return -EINVAL;
	}
	switch (kind) {
	case LTT_CUSTOM_RAW:
	case LTT_CUSTOM_STRING:
		return len;
	case LTT_CUSTOM_FIELDS:
		return ltt_custom_fields_ok(format) ? len : -EINVAL;
	default:
		return -EINVAL;
	}
}

/* ---- records --------------------------------------------------------------- */

static void ltt_custom_emit_create(const struct ltt_custom *t, bool started)
{
	struct ltt_ev_custom_create ev = { .type_id = t->id, .kind = t->kind };

	if (started)
		ltt_emit(LTT_EV_CUSTOM_CREATE, &ev, sizeof(ev), t->text,
			 t->text_len);
	else
		ltt_emit_unpublished(LTT_EV_CUSTOM_CREATE, &ev, sizeof(ev),
				     t->text, t->text_len);
}

/*
 * Under ltt_custom_mutex: declare every live type, in id order, on this
 * CPU.  START calls it with @started false (buffers ready, tracing not
 * yet published); STOP of a flight recorder with @started true, while
 * tracing is still active.
 */
void ltt_custom_emit_all(bool started)
{
	struct ltt_custom *t;
	unsigned long id;

	lockdep_assert_held(&ltt_custom_mutex);
	xa_for_each(&ltt_custom_types, id, t)
		ltt_custom_emit_create(t, started);
}

/* ---- create and destroy ----------------------------------------------------- */

static int ltt_custom_add(const char *name, const char *format, u32 kind,
			  struct file *owner, struct module *mod)
{
	struct ltt_custom *t, *o;
	unsigned long idx;
	unsigned int mine = 0;
	int nlen, flen, ret;

	nlen = ltt_custom_check_name(name);
	if (nlen < 0)
		return nlen;
	flen = ltt_custom_check_format(format, kind);
	if (flen < 0)
		return flen;
	t = kzalloc(sizeof(*t), GFP_KERNEL);
	if (!t)
		return -ENOMEM;
	t->kind = kind;
	t->owner = owner;
	t->mod = mod;
	memcpy(t->text, name, nlen + 1);
	memcpy(t->text + nlen + 1, format, flen + 1);
	t->text_len = nlen + 1 + flen + 1;

	mutex_lock(&ltt_custom_mutex);
	ret = -ENOSPC;
	if (ltt_custom_live >= LTT_CUSTOM_MAX_TYPES ||
	    ltt_custom_next_id > INT_MAX)
		goto fail;
	ret = -EEXIST;
	xa_for_each(&ltt_custom_types, idx, o) {
		if (!strcmp(o->text, t->text))
			goto fail;
		mine += ltt_custom_mine(o, owner, mod);
	}
	ret = -EDQUOT;
	if (mine >= READ_ONCE(custom_per_owner))
		goto fail;
	t->id = ltt_custom_next_id;
	ret = xa_insert(&ltt_custom_types, t->id, t, GFP_KERNEL);
	if (ret)
		goto fail;
	ltt_custom_next_id++;
	ltt_custom_live++;
	ltt_custom_emit_create(t, true);
	mutex_unlock(&ltt_custom_mutex);
	return t->id;

fail:
	mutex_unlock(&ltt_custom_mutex);
	kfree(t);
	return ret;
}

/*
 * Types on @dead were erased from the xarray: wait until no log can
 * still be using them, then declare their end and free them.  Under
 * ltt_custom_mutex, so that a START cannot declare them in between.
 */
static void ltt_custom_bury(struct list_head *dead)
{
	struct ltt_custom *t, *tmp;

	if (list_empty(dead))
		return;
	synchronize_rcu();
	list_for_each_entry_safe(t, tmp, dead, dead) {
		struct ltt_ev_custom_destroy ev = { .type_id = t->id };

		ltt_emit(LTT_EV_CUSTOM_DESTROY, &ev, sizeof(ev), NULL, 0);
		list_del(&t->dead);
		ltt_custom_live--;
		kfree(t);
	}
}

/*
 * Destroy type @id on behalf of @owner (a file) or @mod (kernel code):
 * -ENOENT if it is not live, -EPERM if someone else created it.
 */
static int ltt_custom_del(u32 id, struct file *owner, struct module *mod)
{
	struct ltt_custom *t;
	LIST_HEAD(dead);
	int ret = 0;

	mutex_lock(&ltt_custom_mutex);
	t = xa_load(&ltt_custom_types, id);
	if (!t) {
		ret = -ENOENT;
	} else if (!ltt_custom_mine(t, owner, mod)) {
		ret = -EPERM;
	} else {
		xa_erase(&ltt_custom_types, id);
		list_add_tail(&t->dead, &dead);
		ltt_custom_bury(&dead);
	}
	mutex_unlock(&ltt_custom_mutex);
	return ret;
}

/* Release of @file: destroy the types it created (one grace period). */
void ltt_custom_release(struct file *file)
{
	struct ltt_custom *t;
	unsigned long id;
	LIST_HEAD(dead);

	mutex_lock(&ltt_custom_mutex);
	xa_for_each(&ltt_custom_types, id, t) {
		if (t->owner == file) {
			xa_erase(&ltt_custom_types, id);
			list_add_tail(&t->dead, &dead);
		}
	}
	ltt_custom_bury(&dead);
	mutex_unlock(&ltt_custom_mutex);
}

/* Module unload: every file is closed; destroy what kernel code left. */
void ltt_custom_exit(void)
{
	struct ltt_custom *t;
	unsigned long id;
	LIST_HEAD(dead);

	mutex_lock(&ltt_custom_mutex);
	xa_for_each(&ltt_custom_types, id, t) {
		xa_erase(&ltt_custom_types, id);
		list_add_tail(&t->dead, &dead);
	}
	ltt_custom_bury(&dead);
	mutex_unlock(&ltt_custom_mutex);
	xa_destroy(&ltt_custom_types);
}

/* ---- kernel API ---------------------------------------------------------- */

int __ltt_custom_create(const char *name, const char *format, u32 kind,
			struct module *mod)
{
	if (!name || !format)
		return -EINVAL;
	return ltt_custom_add(name, format, kind, NULL, mod);
}
EXPORT_SYMBOL_GPL(__ltt_custom_create);

/*
 * Any context.  The lookup and the write are one preempt-disabled
 * section, i.e. one RCU read-side critical section: destruction waits
 * for it (ltt_custom_bury()), and so does STOP.
 */
static int ltt_custom_log_as(u32 id, const void *data, u32 size,
			     struct file *owner, struct module *mod)
{
	struct ltt_ev_custom ev = { .type_id = id, .size = size };
	struct ltt_custom *t;
	int ret = 0;

	if (size > LTT_CUSTOM_MAX_SIZE || (size && !data))
		return -EINVAL;
	preempt_disable_notrace();
	t = xa_load(&ltt_custom_types, id);
	if (!t)
		ret = -ENOENT;
	else if (!ltt_custom_mine(t, owner, mod))
		ret = -EPERM;
	else
		ltt_log(LTT_EV_CUSTOM, &ev, sizeof(ev), data, size);
	preempt_enable_notrace();
	return ret;
}

int __ltt_custom_log(u32 id, const void *data, u32 size, struct module *mod)
{
	return ltt_custom_log_as(id, data, size, NULL, mod);
}
EXPORT_SYMBOL_GPL(__ltt_custom_log);

void __ltt_custom_destroy(u32 id, struct module *mod)
{
	ltt_custom_del(id, NULL, mod);
}
EXPORT_SYMBOL_GPL(__ltt_custom_destroy);

/* ---- ioctls (any opener of /dev/tracer) ------------------------------------ */

static long ltt_ioc_custom_create(struct file *file, void __user *argp)
{
	struct ltt_custom_type __user *uct = argp;
	struct ltt_custom_type *ct;
	int id;

	ct = memdup_user(argp, sizeof(*ct));
	if (IS_ERR(ct))
		return PTR_ERR(ct);
	id = ltt_custom_add(ct->name, ct->format, ct->kind, file, NULL);
	kfree(ct);
	if (id < 0)
		return id;
	if (put_user((u32)id, &uct->type_id)) {
		ltt_custom_del(id, file, NULL);
		return -EFAULT;
	}
	return 0;
}

static long ltt_ioc_custom_log(struct file *file, void __user *argp)
{
	struct ltt_custom_log lg;
	void *buf = NULL;
	int ret;

	if (copy_from_user(&lg, argp, sizeof(lg)))
		return -EFAULT;
	if (lg.size > LTT_CUSTOM_MAX_SIZE)
		return -EINVAL;
	/* Copied before the write path, which must not fault. */
	if (lg.size) {
		buf = memdup_user(u64_to_user_ptr(lg.data), lg.size);
		if (IS_ERR(buf))
			return PTR_ERR(buf);
	}
	ret = ltt_custom_log_as(lg.type_id, buf, lg.size, file, NULL);
	kfree(buf);
	return ret;
}

long ltt_custom_ioctl(struct file *file, unsigned int cmd, void __user *argp)
{
	u32 id;

	switch (cmd) {
	case LTT_IOC_CUSTOM_CREATE:
		return ltt_ioc_custom_create(file, argp);
	case LTT_IOC_CUSTOM_DESTROY:
		if (get_user(id, (u32 __user *)argp))
			return -EFAULT;
		return ltt_custom_del(id, file, NULL);
	case LTT_IOC_CUSTOM_LOG:
		return ltt_ioc_custom_log(file, argp);
	default:
		return -ENOTTY;
	}
}
