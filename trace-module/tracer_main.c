// SPDX-License-Identifier: GPL-2.0
/*
 * tracer_main.c - the LTT trace module: module init/exit, the misc
 * device /dev/tracer and its file operations and ioctls.
 *
 * The module registers its callback with the kernel's LTT facility when
 * it is loaded; while tracing is stopped the callback returns at once.
 * /dev/tracer may be opened several times.  The first file that
 * configures the session (buffers, options, filter, syscall IP, details
 * mask) or starts it owns it: the trace daemon, which starts tracing and
 * read()s whole buffers until end of file.  Other files may look
 * (GET_INFO, GET_*), change the event mask and use custom events.  See
 * docs/tracer-module.md and docs/ltt_tracer.4.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bitops.h>
#include <linux/capability.h>
#include <linux/compat.h>
#include <linux/cpu.h>
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/ltt.h>
#include <linux/miscdevice.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/poll.h>
#include <linux/overflow.h>
#include <linux/rcupdate.h>
#include <linux/security.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/uaccess.h>
#include <ltt/ltt-clock.h>
#include <ltt/ltt-events.h>

#include "tracer_buffer.h"

static unsigned int buffer_size = 1U << 20;
module_param(buffer_size, uint, 0444);
MODULE_PARM_DESC(buffer_size,
		 "Default bytes per buffer, header included (4096..16777216, multiple of 8; default 1048576)");

static unsigned int buffer_count = 8;
module_param(buffer_count, uint, 0444);
MODULE_PARM_DESC(buffer_count, "Default buffers per CPU (2..256; default 8)");

/*
 * The test clock (docs/ltt_tracer.4, <ltt/ltt-clock.h>): every time this
 * module writes is offset and drifted, for the tests of the
 * synchronisation of several hosts' traces.  Off (both 0) it costs
 * nothing: the writer's branch is a static key, a no-op unless enabled.
 */
static long clock_offset_ns;
module_param(clock_offset_ns, long, 0444);
MODULE_PARM_DESC(clock_offset_ns,
		 "Test clock: nanoseconds added to every time written (0..10^15; default 0)");

static int clock_drift_ppb;
module_param(clock_drift_ppb, int, 0444);
MODULE_PARM_DESC(clock_drift_ppb,
		 "Test clock: rate error of every time written, parts per billion (-10^6..10^6; default 0)");

DEFINE_STATIC_KEY_FALSE(ltt_clock_skewed);
s64 ltt_clock_offset_ns;
s32 ltt_clock_drift_ppb;

static int ltt_clock_init(void)
{
	if (clock_offset_ns < 0 || clock_offset_ns > LTT_CLOCK_OFFSET_MAX_NS ||
	    clock_drift_ppb < -LTT_CLOCK_DRIFT_MAX_PPB ||
	    clock_drift_ppb > LTT_CLOCK_DRIFT_MAX_PPB) {
		pr_err("invalid clock_offset_ns=%ld or clock_drift_ppb=%d\n",
		       clock_offset_ns, clock_drift_ppb);
		return -EINVAL;
	}
	ltt_clock_offset_ns = clock_offset_ns;
	ltt_clock_drift_ppb = clock_drift_ppb;
	if (clock_offset_ns || clock_drift_ppb) {
		static_branch_enable(&ltt_clock_skewed);
		pr_info("test clock: offset %ld ns, drift %d ppb\n",
			clock_offset_ns, clock_drift_ppb);
	}
	return 0;
}

static int ltt_check_geometry(u32 size, u32 count)
{
	if (size < LTT_BUFFER_SIZE_MIN || size > LTT_BUFFER_SIZE_MAX ||
	    size % 8 || count < LTT_BUFFER_COUNT_MIN ||
	    count > LTT_BUFFER_COUNT_MAX)
		return -EINVAL;
	return 0;
}

/*
 * Not more than half of the RAM for buffers, all possible CPUs together.
 * Checked for SET_BUFFERS and for the module parameters alike.
 */
static int ltt_check_memory(u32 size, u32 count)
{
	u64 total;

	if (check_mul_overflow((u64)size, (u64)count, &total) ||
	    check_mul_overflow(total, (u64)num_possible_cpus(), &total) ||
	    total > ((u64)totalram_pages() << PAGE_SHIFT) / 2)
		return -ENOMEM;
	return 0;
}

/*
 * Every event id of the one list of the events (ltt-events.h), but the
 * two records that only extend another one (a time extension, an event's
 * stack): the event mask only ever holds these, so that the mask (in
 * GET_EVENT_MASK, in the trace header, in CHANGE_MASK records) names
 * events the analyzer knows.
 */
#define LTT_LISTED_ID(sym, ...)	LTT_EV_##sym,
static const unsigned char ltt_listed_ids[] = { LTT_EVENTS(LTT_LISTED_ID) };
#undef LTT_LISTED_ID

static u64 ltt_defined[LTT_MASK_WORDS];

/*
 * Ids that cannot be masked out: scheduling changes and the start
 * records attribute every other event to a task (records carry no pid),
 * and mask changes say what the trace could not have seen.
 */
static const unsigned char ltt_forced_ids[] = {
	LTT_EV_SCHEDCHANGE, LTT_EV_TRACE_START, LTT_EV_CHANGE_MASK,
};

/*
 * Ids always recorded with their payload: the same, and the custom type
 * declarations, without which custom events cannot be named.
 */
static const unsigned char ltt_detailed_ids[] = {
	LTT_EV_SCHEDCHANGE, LTT_EV_TRACE_START, LTT_EV_CHANGE_MASK,
	LTT_EV_CUSTOM_CREATE,
};

static void ltt_mask_set(u64 *mask, const unsigned char *ids, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		mask[ids[i] / 64] |= BIT_ULL(ids[i] % 64);
}

/* A session's configuration as the module loads, and after its owner. */
static void ltt_session_defaults(void)
{
	int i;

	for (i = 0; i < LTT_MASK_WORDS; i++)
		WRITE_ONCE(ltt.details[i], ~0ULL);
	memset(&ltt.filter, 0, sizeof(ltt.filter));
	memset(&ltt.sip, 0, sizeof(ltt.sip));
	WRITE_ONCE(ltt.stacks, false);
	memset(ltt.stack_mask, 0, sizeof(ltt.stack_mask));
	memset(ltt.stack_sys, 0, sizeof(ltt.stack_sys));
	ltt.stack_kdepth = LTT_STACK_KERNEL_DEPTH;
	ltt.stack_udepth = LTT_STACK_USER_DEPTH;
	ltt_heavy_clear();
	ltt_trig_clear();
	ltt.opt_flags = 0;
	ltt.capture_len = 0;
	ltt.flush_ms = 0;
	ltt.sample_hz = 0;
}

/* ---- control ----------------------------------------------------------- */

/*
 * Under ctl_mutex: the kernel's event points on for the union of the
 * trace's events (@trace_mask, NULL while not tracing) and the vital
 * signs collector's (tracer_vitals.c), all off when both are off.
 */
static void ltt_events_set(const u64 *trace_mask)
{
	u64 m[LTT_MASK_WORDS] = { 0 };
	bool any = false;
	int i;

	if (trace_mask)
		memcpy(m, trace_mask, sizeof(m));
	ltt_vitals_mask(m);
	for (i = 0; i < LTT_MASK_WORDS; i++)
		any |= m[i] != 0;
	ltt_vitals_batch_set(trace_mask, false);
	ltt_trace_set_events(ltt_trace_callback, any ? m : NULL);
	ltt_vitals_batch_set(trace_mask, true);
}

/* Under ctl_mutex: after the collector starts or stops. */
void ltt_events_update(void)
{
	ltt_events_set(ltt.tracing ? ltt.mask : NULL);
}

/*
 * Under ctl_mutex: may @file change the session's configuration?  Only
 * its owner (or anyone while it has none), and only while not tracing.
 */
static int ltt_may_configure(struct file *file)
{
	if ((ltt.owner && ltt.owner != file) || ltt.tracing)
		return -EBUSY;
	return 0;
}

/* Under ctl_mutex, after a successful configuration or START. */
static void ltt_claim(struct file *file)
{
	WRITE_ONCE(ltt.owner, file);
}

/*
 * Under ctl_mutex, at START: does the session's configuration leave the
 * events that have a compact form nothing to do per event, so that they
 * may take the write fast path (ltt_write_compact())?  No filter, the
 * details of every such event, compact records, the raw syscall IP.
 */
static bool ltt_fast_allowed(void)
{
	unsigned int id;

	if (ltt.filter.flags || ltt.sip.mode != LTT_SIP_RAW ||
	    (ltt.opt_flags & LTT_OPT_FULL_RECORDS))
		return false;
	for (id = 0; id < LTT_EV_MAX; id++)
		if (ltt_compact_size(id) && !ltt_mask_test(ltt.details, id))
			return false;
	return true;
}

static int ltt_start(struct file *file)
{
	struct file *prev;
	int ret;

	mutex_lock(&ltt.ctl_mutex);
	prev = ltt.owner;
	ret = ltt_may_configure(file);
	if (ret)
		goto out;
	/*
	 * The owner is set before the buffers are reset under read_mutex,
	 * so a reader that sees tracing set also sees the owner (and a
	 * foreign file cannot read this trace).
	 */
	ltt_claim(file);
	/* No custom type comes or goes until tracing is published. */
	mutex_lock(&ltt_custom_mutex);
	/*
	 * ltt.active has been clear for at least a grace period (STOP
	 * waited for one; before the first START it was never set), so
	 * no writer runs: the per-CPU state may be reset.  The read mutex
	 * keeps readers away from buffers being freed or reset; the hotplug
	 * lock keeps the online CPUs as they are while they get their
	 * buffers (a CPU that comes or goes after it is released gets or
	 * gives its own through the hotplug callbacks, tracer_buffer_mem.c).
	 */
	cpus_read_lock();
	mutex_lock(&ltt.read_mutex);
	ret = ltt_buffers_alloc(ltt.cfg_size, ltt.cfg_count);
	if (!ret) {
		ltt_buffers_reset();
		ltt.flight = ltt.opt_flags & LTT_OPT_FLIGHT;
		ltt.fast = ltt_fast_allowed();
		ltt_direct_update();
	}
	mutex_unlock(&ltt.read_mutex);
	cpus_read_unlock();
	if (ret) {
		mutex_unlock(&ltt_custom_mutex);
		ltt_claim(prev);
		goto out;
	}
	/* Declare the live custom types first on this CPU's stream. */
	ltt_custom_emit_all(false);

	/*
	 * The kernel's event points of the mask's events turn on before
	 * the trace begins: they turn on one key at a time, each a text
	 * patch that takes a while, so that a trace opened while some were
	 * on and others not would hold, e.g., a system call's entry without
	 * its exit.  Until active is set below, their callbacks find it
	 * clear and record nothing: the trace begins with every event of
	 * the mask at once.
	 */
	ltt_events_set(ltt.mask);
	/* No trigger's hit or system call entry of a session before. */
	ltt_trig_reset();
	WRITE_ONCE(ltt.tracing, 1);
	/* Publish the buffers, reset state and configuration to writers. */
	smp_store_release(&ltt.active, 1);
	ltt_marker_set_enabled(ltt_mask_test(ltt.mask, LTT_EV_MARKER));
	mutex_unlock(&ltt_custom_mutex);
	/* Begin every online CPU's stream with a TRACE_START record. */
	on_each_cpu(ltt_start_on_cpu, NULL, 1);
	ltt_flush_start();
	ltt_sample_start();
out:
	mutex_unlock(&ltt.ctl_mutex);
	return ret;
}

/* STOP while stopped is harmless and returns 0.  Under ctl_mutex. */
static void ltt_stop_locked(void)
{
	if (!ltt.tracing)
		return;
	if (ltt.flight) {
		/*
		 * A flight recorder overwrites its oldest buffers, and with
		 * them the declarations START wrote: declare the live types
		 * again, in the newest buffer of this CPU, which is kept.
		 * Tracing is still active, so the records go in as usual.
		 */
		mutex_lock(&ltt_custom_mutex);
		ltt_custom_emit_all(true);
		mutex_unlock(&ltt_custom_mutex);
	}
	/*
	 * The trace ends at once, for every event: active is cleared
	 * before the keys go off one at a time (as START sets it after
	 * they are all on), so that an interrupt taken meanwhile is not
	 * recorded in part, its exit without its entry.
	 */
	WRITE_ONCE(ltt.active, 0);
	/* No sample from now on: every timer cancelled (tracer_sample.c). */
	ltt_sample_stop();
	ltt_marker_set_enabled(false);
	/* No periodic flush from now on (see ltt_flush_stop()). */
	ltt_flush_stop();
	/* The event points off: a stopped tracer costs the kernel nothing. */
	ltt_events_set(NULL);
	/*
	 * Every callback runs with preemption disabled or in an NMI, i.e.
	 * inside an RCU read-side critical section: after the grace period
	 * no writer is inside a record, none will start one (an event point
	 * that passed its key before it was turned off finds active clear),
	 * and their stores are visible here.
	 */
	synchronize_rcu();
	/*
	 * No CPU comes or goes while every CPU's last buffer is closed: the
	 * dead callback closes a CPU's buffer too (tracer_buffer_mem.c).  Not
	 * held across ltt_trace_set_events() above, which takes it itself.
	 */
	cpus_read_lock();
	ltt_flush_all();
	if (ltt.flight) {
		/* Readers stayed away from the buffers; still tracing. */
		mutex_lock(&ltt.read_mutex);
		ltt_flight_rewind();
		mutex_unlock(&ltt.read_mutex);
	}
	cpus_read_unlock();
	ltt_stop_done();
}

static int ltt_stop(struct file *file)
{
	int ret = 0;

	mutex_lock(&ltt.ctl_mutex);
	if (ltt.owner && ltt.owner != file)
		ret = -EBUSY;
	else
		ltt_stop_locked();
	mutex_unlock(&ltt.ctl_mutex);
	return ret;
}

static int ltt_set_buffers(struct file *file, void __user *argp)
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
	ret = ltt_may_configure(file);
	if (!ret) {
		ltt.cfg_size = cfg.size;
		ltt.cfg_count = cfg.count;
		ltt_claim(file);
	}
	mutex_unlock(&ltt.ctl_mutex);
	return ret;
}

/*
 * Any opener, also while tracing.  Undefined ids are ignored (their
 * bits are cleared); the forced ids are set.  GET returns the mask in
 * force.
 *
 * Writers read the mask one 64-bit word at a time without a lock; each
 * event tests a single bit, so it sees either its old or its new bit.
 * ctl_mutex only keeps two SET_EVENT_MASK calls from mixing their words.
 * While tracing, the grace period after the update waits for every
 * writer that may have read the old mask, and only then is
 * LTT_EV_CHANGE_MASK written, on this CPU: no event of an id the new
 * mask clears has a time later than the CHANGE_MASK record (events of
 * ids it sets may appear a little before it).
 */
/*
 * Publish @bits as the event mask, and as ltt.kmask without the module's
 * own ids (which the kernel cannot forge).  Each word is written once:
 * a writer reads one bit of one word.
 */
static void ltt_mask_publish(const u64 *bits)
{
	u64 own[LTT_MASK_WORDS] = { 0 };
	unsigned int id, i;

	for (id = 0; id < LTT_EV_MAX; id++)
		if (ltt_module_id(id))
			own[id / 64] |= BIT_ULL(id % 64);
	for (i = 0; i < LTT_MASK_WORDS; i++) {
		WRITE_ONCE(ltt.mask[i], bits[i]);
		WRITE_ONCE(ltt.kmask[i], bits[i] & ~own[i]);
	}
}

static int ltt_set_mask(void __user *argp)
{
	struct ltt_event_mask m;
	int i;

	if (copy_from_user(&m, argp, sizeof(m)))
		return -EFAULT;
	for (i = 0; i < LTT_MASK_WORDS; i++)
		m.bits[i] &= ltt_defined[i];
	ltt_mask_set(m.bits, ltt_forced_ids, ARRAY_SIZE(ltt_forced_ids));
	mutex_lock(&ltt.ctl_mutex);
	ltt_mask_publish(m.bits);
	if (ltt.tracing) {
		struct ltt_ev_change_mask ev;

		/* The event points follow the mask: a masked-out one is a NOP. */
		ltt_events_set(m.bits);
		ltt_marker_set_enabled(ltt_mask_test(m.bits, LTT_EV_MARKER));

		BUILD_BUG_ON(sizeof(ev.bits) != sizeof(m.bits));
		memcpy(ev.bits, m.bits, sizeof(ev.bits));
		synchronize_rcu();
		ltt_emit(LTT_EV_CHANGE_MASK, &ev, sizeof(ev), NULL, 0);
	}
	mutex_unlock(&ltt.ctl_mutex);
	return 0;
}

static int ltt_get_mask(void __user *argp, const u64 *mask)
{
	struct ltt_event_mask m;
	int i;

	for (i = 0; i < LTT_MASK_WORDS; i++)
		m.bits[i] = READ_ONCE(mask[i]);
	return copy_to_user(argp, &m, sizeof(m)) ? -EFAULT : 0;
}

/*
 * Owner, while stopped.  Bits of undefined ids are kept (they select
 * nothing); the always-detailed ids are set.
 */
static int ltt_set_details(struct file *file, void __user *argp)
{
	struct ltt_event_mask m;
	int i, ret;

	if (copy_from_user(&m, argp, sizeof(m)))
		return -EFAULT;
	ltt_mask_set(m.bits, ltt_detailed_ids, ARRAY_SIZE(ltt_detailed_ids));
	mutex_lock(&ltt.ctl_mutex);
	ret = ltt_may_configure(file);
	if (!ret) {
		for (i = 0; i < LTT_MASK_WORDS; i++)
			WRITE_ONCE(ltt.details[i], m.bits[i]);
		ltt_claim(file);
	}
	mutex_unlock(&ltt.ctl_mutex);
	return ret;
}

static int ltt_set_filter(struct file *file, void __user *argp)
{
	struct ltt_filter f;
	int ret;

	if (copy_from_user(&f, argp, sizeof(f)))
		return -EFAULT;
	ret = ltt_check_filter(&f);
	if (ret)
		return ret;
	mutex_lock(&ltt.ctl_mutex);
	ret = ltt_may_configure(file);
	if (!ret) {
		ltt.filter = f;
		ltt_claim(file);
	}
	mutex_unlock(&ltt.ctl_mutex);
	return ret;
}

static int ltt_get_filter(void __user *argp)
{
	struct ltt_filter f;

	mutex_lock(&ltt.ctl_mutex);
	f = ltt.filter;
	mutex_unlock(&ltt.ctl_mutex);
	return copy_to_user(argp, &f, sizeof(f)) ? -EFAULT : 0;
}

static int ltt_set_syscall_ip(struct file *file, void __user *argp)
{
	struct ltt_syscall_ip sip;
	int ret;

	if (copy_from_user(&sip, argp, sizeof(sip)))
		return -EFAULT;
	ret = ltt_check_syscall_ip(&sip);
	if (ret)
		return ret;
	mutex_lock(&ltt.ctl_mutex);
	ret = ltt_may_configure(file);
	if (!ret) {
		ltt.sip = sip;
		ltt_claim(file);
	}
	mutex_unlock(&ltt.ctl_mutex);
	return ret;
}

/* Owner, while stopped: the periodic flush interval (ms, 0 off). */
static int ltt_set_flush(struct file *file, void __user *argp)
{
	u32 ms;
	int ret;

	if (copy_from_user(&ms, argp, sizeof(ms)))
		return -EFAULT;
	if (ms > LTT_FLUSH_MAX_MS)
		return -EINVAL;
	mutex_lock(&ltt.ctl_mutex);
	ret = ltt_may_configure(file);
	if (!ret) {
		ltt.flush_ms = ms;
		ltt_claim(file);
	}
	mutex_unlock(&ltt.ctl_mutex);
	return ret;
}

/*
 * LTT_IOC_SET_STACKS: the events that get an LTT_EV_STACK record and the
 * depths.  Set only while stopped, so the write path reads them without
 * a lock (the flag first: with it clear it reads nothing else).
 */
static int ltt_set_stacks(struct file *file, void __user *argp)
{
	struct ltt_stack_config s;
	bool any = false;
	int ret, i;

	if (copy_from_user(&s, argp, sizeof(s)))
		return -EFAULT;
	ret = ltt_check_stacks(&s);
	if (ret)
		return ret;
	for (i = 0; i < LTT_MASK_WORDS; i++)
		any |= s.events.bits[i] != 0;
	mutex_lock(&ltt.ctl_mutex);
	ret = ltt_may_configure(file);
	if (!ret) {
		memcpy(ltt.stack_mask, s.events.bits, sizeof(ltt.stack_mask));
		ltt.stack_kdepth = s.kernel_depth;
		ltt.stack_udepth = s.user_depth;
		WRITE_ONCE(ltt.stacks, any);
		ltt_claim(file);
	}
	mutex_unlock(&ltt.ctl_mutex);
	return ret;
}

/*
 * LTT_IOC_SET_STACK_SYSCALLS: the syscalls whose entry gets stacks (when
 * the stack configuration has LTT_EV_SYSCALL_ENTRY).  Set only while
 * stopped, like the stack configuration.
 */
static int ltt_set_stack_syscalls(struct file *file, void __user *argp)
{
	struct ltt_syscall_set s;
	int ret;

	if (copy_from_user(&s, argp, sizeof(s)))
		return -EFAULT;
	mutex_lock(&ltt.ctl_mutex);
	ret = ltt_may_configure(file);
	if (!ret) {
		memcpy(ltt.stack_sys, s.bits, sizeof(ltt.stack_sys));
		ltt_claim(file);
	}
	mutex_unlock(&ltt.ctl_mutex);
	return ret;
}

/*
 * LTT_IOC_SET_HEAVY: the tasks whose events get details and stacks
 * (heavy logging).  Unlike the rest of the configuration, changed while
 * tracing too (the write path reads it under RCU, see tracer_stack.c),
 * by the session's owner (or a file that becomes it).  A bad set changes
 * nothing.
 */
static int ltt_set_heavy(struct file *file, void __user *argp)
{
	struct ltt_heavy h;	/* 168 bytes */
	int ret;

	if (copy_from_user(&h, argp, sizeof(h)))
		return -EFAULT;
	mutex_lock(&ltt.ctl_mutex);
	ret = ltt.owner && ltt.owner != file ? -EBUSY : ltt_heavy_set(&h);
	if (!ret)
		ltt_claim(file);
	mutex_unlock(&ltt.ctl_mutex);
	return ret;
}

/*
 * LTT_IOC_SET_TRIGGERS: the trigger conditions evaluated in the module
 * (tracer_trigger.c), by the owner while stopped; a bad set changes
 * nothing.
 */
static int ltt_set_triggers(struct file *file, void __user *argp)
{
	struct ltt_trigger_set *s;
	int ret;

	s = memdup_user(argp, sizeof(*s));
	if (IS_ERR(s))
		return PTR_ERR(s);
	mutex_lock(&ltt.ctl_mutex);
	ret = ltt_may_configure(file);
	if (!ret)
		ret = ltt_trig_set(s);
	if (!ret)
		ltt_claim(file);
	mutex_unlock(&ltt.ctl_mutex);
	kfree(s);
	return ret;
}

/* LTT_IOC_GET_HITS: the owner's, while tracing or stopped. */
static int ltt_get_hits(struct file *file, void __user *argp)
{
	if (READ_ONCE(ltt.owner) != file)
		return -EBUSY;
	return ltt_trig_get_hits(argp);
}

/* Owner, while stopped: the sampling profiler's rate (Hz, 0 off). */
static int ltt_set_sample(struct file *file, void __user *argp)
{
	u32 hz;
	int ret;

	if (copy_from_user(&hz, argp, sizeof(hz)))
		return -EFAULT;
	ret = ltt_check_sample(hz);
	if (ret)
		return ret;
	mutex_lock(&ltt.ctl_mutex);
	ret = ltt_may_configure(file);
	if (!ret) {
		ltt.sample_hz = hz;
		ltt_claim(file);
	}
	mutex_unlock(&ltt.ctl_mutex);
	return ret;
}

static int ltt_set_options(struct file *file, void __user *argp)
{
	struct ltt_options o;
	int ret;

	if (copy_from_user(&o, argp, sizeof(o)))
		return -EFAULT;
	if (o.flags & ~(LTT_OPT_FLIGHT | LTT_OPT_NO_CPUID |
			LTT_OPT_FULL_RECORDS) ||
	    o.capture_len > LTT_MAX_CAPTURE)
		return -EINVAL;
	mutex_lock(&ltt.ctl_mutex);
	ret = ltt_may_configure(file);
	if (!ret) {
		ltt.opt_flags = o.flags;
		ltt.capture_len = o.capture_len;
		ltt_claim(file);
	}
	mutex_unlock(&ltt.ctl_mutex);
	return ret;
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

/*
 * The ioctls that only read (GET_*) need nothing beyond the open; every
 * other one changes the tracer's state or writes into the trace, and
 * checks CAP_SYS_ADMIN again, for the caller: open() checked the opener,
 * and a descriptor handed to an unprivileged process (SCM_RIGHTS, fork
 * after setuid) must not keep control of the tracer.
 */
static bool ltt_ioctl_reads_only(unsigned int cmd)
{
	switch (cmd) {
	case LTT_IOC_GET_EVENT_MASK:
	case LTT_IOC_GET_LOST:
	case LTT_IOC_GET_INFO:
	case LTT_IOC_GET_DETAILS_MASK:
	case LTT_IOC_GET_FILTER:
		return true;
	default:
		return false;
	}
}

static long ltt_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	void __user *argp = (void __user *)arg;

	if (!ltt_ioctl_reads_only(cmd) && !capable(CAP_SYS_ADMIN))
		return -EPERM;
	switch (cmd) {
	case LTT_IOC_START:
		return ltt_start(file);
	case LTT_IOC_STOP:
		return ltt_stop(file);
	case LTT_IOC_SET_BUFFERS:
		return ltt_set_buffers(file, argp);
	case LTT_IOC_SET_EVENT_MASK:
		return ltt_set_mask(argp);
	case LTT_IOC_GET_EVENT_MASK:
		return ltt_get_mask(argp, ltt.mask);
	case LTT_IOC_GET_LOST:
		return ltt_get_lost(argp);
	case LTT_IOC_GET_INFO:
		return ltt_get_info(argp);
	case LTT_IOC_SET_DETAILS_MASK:
		return ltt_set_details(file, argp);
	case LTT_IOC_GET_DETAILS_MASK:
		return ltt_get_mask(argp, ltt.details);
	case LTT_IOC_SET_FILTER:
		return ltt_set_filter(file, argp);
	case LTT_IOC_GET_FILTER:
		return ltt_get_filter(argp);
	case LTT_IOC_SET_SYSCALL_IP:
		return ltt_set_syscall_ip(file, argp);
	case LTT_IOC_SET_OPTIONS:
		return ltt_set_options(file, argp);
	case LTT_IOC_SET_STACKS:
		return ltt_set_stacks(file, argp);
	case LTT_IOC_SET_FLUSH:
		return ltt_set_flush(file, argp);
	case LTT_IOC_SET_SAMPLE:
		return ltt_set_sample(file, argp);
	case LTT_IOC_SET_STACK_SYSCALLS:
		return ltt_set_stack_syscalls(file, argp);
	case LTT_IOC_SET_HEAVY:
		return ltt_set_heavy(file, argp);
	case LTT_IOC_SET_TRIGGERS:
		return ltt_set_triggers(file, argp);
	case LTT_IOC_GET_HITS:
		return ltt_get_hits(file, argp);
	case LTT_IOC_GET_SUBBUF:
		return ltt_subbuf_get(file, argp, file->f_flags & O_NONBLOCK);
	case LTT_IOC_PUT_SUBBUF:
		return ltt_subbuf_put(file, argp);
	case LTT_IOC_CUSTOM_CREATE:
	case LTT_IOC_CUSTOM_DESTROY:
	case LTT_IOC_CUSTOM_LOG:
		return ltt_custom_ioctl(file, cmd, argp);
	default:
		return -ENOTTY;
	}
}

/* ---- file operations --------------------------------------------------- */

/*
 * A trace shows kernel addresses, other users' file names and packet
 * bytes: CAP_SYS_ADMIN, and not under kernel lockdown (confidentiality,
 * as tracefs: LOCKDOWN_TRACEFS).  Each file gets its reader state.
 */
static int ltt_fop_open(struct inode *inode, struct file *file)
{
	int ret;

	if (!capable(CAP_SYS_ADMIN))
		return -EPERM;
	ret = security_locked_down(LOCKDOWN_TRACEFS);
	if (ret)
		return ret;
	ret = stream_open(inode, file);
	if (ret)
		return ret;
	file->private_data = ltt_reader_new();
	return file->private_data ? 0 : -ENOMEM;
}

/*
 * Last close of a file: destroy the custom types it created.  If it owns
 * the session: stop tracing, discard what was not read, free the
 * buffers, and reset the session's configuration (details mask, filter,
 * syscall IP, options) for the next owner; the buffer geometry and the
 * event mask stay.  No read() or ioctl() on this file can be running.
 * The VFS has already removed the file from the fasync list.
 */
static int ltt_fop_release(struct inode *inode, struct file *file)
{
	ltt_custom_release(file);
	mutex_lock(&ltt.ctl_mutex);
	if (ltt.owner == file) {
		ltt_stop_locked();
		mutex_lock(&ltt.read_mutex);
		ltt_buffers_free();
		mutex_unlock(&ltt.read_mutex);
		ltt_session_defaults();
		ltt_claim(NULL);
	}
	mutex_unlock(&ltt.ctl_mutex);
	ltt_reader_free(file->private_data);
	return 0;
}

static ssize_t ltt_fop_read(struct file *file, char __user *buf,
			    size_t count, loff_t *ppos)
{
	return ltt_read_one(file, buf, count, file->f_flags & O_NONBLOCK);
}

static __poll_t ltt_fop_poll(struct file *file, poll_table *wait)
{
	poll_wait(file, &ltt.wait, wait);
	return ltt_poll_mask(file);
}

/* The owner maps a CPU's buffers read-only (tracer_buffer_read.c). */
static int ltt_fop_mmap(struct file *file, struct vm_area_struct *vma)
{
	return ltt_buffers_mmap(file, vma);
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
	.mmap		= ltt_fop_mmap,
	.fasync		= ltt_fop_fasync,
	.unlocked_ioctl	= ltt_ioctl,
	.compat_ioctl	= compat_ptr_ioctl,
	.llseek		= no_llseek,
};

/*
 * /sys/class/misc/tracer/buffer_cpus: the CPUs that hold buffer memory
 * (a CPU list, empty without a session); buffer_bytes: how many bytes
 * they hold together.  Buffers follow the online CPUs, and an offline
 * CPU's are freed once read (tracer_buffer_mem.c): these say so.
 */
static ssize_t buffer_cpus_show(struct device *dev,
				struct device_attribute *attr, char *buf)
{
	return ltt_buffers_show(buf, false);
}
static DEVICE_ATTR_RO(buffer_cpus);

static ssize_t buffer_bytes_show(struct device *dev,
				 struct device_attribute *attr, char *buf)
{
	return ltt_buffers_show(buf, true);
}
static DEVICE_ATTR_RO(buffer_bytes);

static struct attribute *ltt_attrs[] = {
	&dev_attr_buffer_cpus.attr,
	&dev_attr_buffer_bytes.attr,
	NULL,
};
ATTRIBUTE_GROUPS(ltt);

static struct miscdevice ltt_misc = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "tracer",
	.fops	= &ltt_fops,
	.mode	= 0600,
	.groups	= ltt_groups,
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
	ret = ltt_check_memory(buffer_size, buffer_count);
	if (ret) {
		pr_err("buffer_size=%u x buffer_count=%u x %u CPUs is more than half of the RAM\n",
		       buffer_size, buffer_count, num_possible_cpus());
		return ret;
	}
	ret = ltt_clock_init();
	if (ret)
		return ret;
	ret = ltt_filter_init();
	if (ret)
		return ret;
	BUILD_BUG_ON(LTT_REC_MAX > U16_MAX);
	BUILD_BUG_ON(sizeof(struct ltt_buffer_header) + LTT_REC_MAX >
		     LTT_BUFFER_SIZE_MIN);
	BUILD_BUG_ON(sizeof(struct ltt_record_header) +
		     sizeof(struct ltt_ev_custom_create) +
		     LTT_CUSTOM_NAME_LEN + LTT_CUSTOM_FORMAT_LEN > LTT_REC_MAX);
	BUILD_BUG_ON(sizeof(struct ltt_record_header) +
		     sizeof(struct ltt_ev_change_mask) > LTT_REC_MAX);
	BUILD_BUG_ON(ALIGN(sizeof(struct ltt_record_header) +
			   sizeof(struct ltt_ev_net_packet) + LTT_MAX_CAPTURE,
			   LTT_REC_ALIGN) > U16_MAX);

	ltt.cfg_size = buffer_size;
	ltt.cfg_count = buffer_count;
	ltt_mask_set(ltt_defined, ltt_listed_ids, ARRAY_SIZE(ltt_listed_ids));
	ltt_defined[LTT_EV_TIME_EXT / 64] &= ~BIT_ULL(LTT_EV_TIME_EXT % 64);
	ltt_defined[LTT_EV_STACK / 64] &= ~BIT_ULL(LTT_EV_STACK % 64);
	ltt_mask_publish(ltt_defined);
	ltt_session_defaults();

	ret = ltt_cpus_init();
	if (ret)
		return ret;
	ret = ltt_hotplug_init();
	if (ret) {
		pr_err("cannot set up CPU hotplug callbacks: %d\n", ret);
		goto err_cpus;
	}
	ret = ltt_sample_init();
	if (ret) {
		pr_err("cannot set up the sampling timers: %d\n", ret);
		goto err_hotplug;
	}
	ret = ltt_register_tracer(ltt_trace_callback);
	if (ret) {
		pr_err("cannot register with the LTT facility: %d\n", ret);
		goto err_sample;
	}
	ret = misc_register(&ltt_misc);
	if (ret) {
		pr_err("cannot register /dev/tracer: %d\n", ret);
		goto err_unreg;
	}
	ret = ltt_marker_init();
	if (ret) {
		pr_err("cannot register /dev/ltt-marker: %d\n", ret);
		misc_deregister(&ltt_misc);
		goto err_unreg;
	}
	ret = ltt_vitals_init();
	if (ret) {
		pr_err("cannot register /dev/ltt-vitals: %d\n", ret);
		ltt_marker_exit();
		misc_deregister(&ltt_misc);
		goto err_unreg;
	}
	pr_info("loaded: %u buffers of %u bytes per CPU\n",
		ltt.cfg_count, ltt.cfg_size);
	return 0;

err_unreg:
	ltt_unregister_tracer(ltt_trace_callback);
err_sample:
	ltt_sample_exit();
err_hotplug:
	ltt_hotplug_exit();
err_cpus:
	ltt_cpus_exit();
	return ret;
}

/*
 * rmmod is refused while /dev/tracer is open (fops.owner), and tracing
 * only runs while it is open, so tracing is stopped here; so are modules
 * that use the custom event API (they hold a reference on this one).
 * Custom types kernel code left are destroyed.  Unregistering waits for
 * callbacks still in flight; ltt_cpus_exit() waits for queued wake-ups
 * before freeing.
 */
static void __exit ltt_tracer_exit(void)
{
	ltt_vitals_exit();
	ltt_marker_exit();
	misc_deregister(&ltt_misc);
	ltt_custom_exit();
	ltt_unregister_tracer(ltt_trace_callback);
	ltt_sample_exit();
	ltt_hotplug_exit();
	ltt_cpus_exit();
	pr_info("unloaded\n");
}

module_init(ltt_tracer_init);
module_exit(ltt_tracer_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Linux Trace Toolkit trace module (/dev/tracer)");
