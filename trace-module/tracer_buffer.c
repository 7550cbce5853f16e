// SPDX-License-Identifier: GPL-2.0
/*
 * tracer_buffer.c - per-CPU buffers and the write path of the LTT trace
 * module.
 *
 * Layout: each online CPU owns "count" buffers of "size" bytes, one
 * virtually contiguous vmalloc() area (see ltt_cpu_mem_alloc(); offline CPUs
 * hold none, see "Buffer memory and CPU hotplug" below).  A buffer is a
 * struct ltt_buffer_header followed by records.  The writer fills them
 * round robin (next = (cur + 1) % count) and the reader consumes them in
 * the same order (read_idx), so a CPU's buffers reach user space in seq
 * order.
 *
 * Discard mode (the default): when the next buffer is not FREE (the
 * reader is behind), the event is dropped and counted as lost.  Flight
 * recorder (LTT_OPT_FLIGHT): the reader stays away while tracing, and
 * the writer reuses the oldest READY buffer instead; at STOP each CPU's
 * read_idx is moved to its oldest kept buffer (ltt_flight_rewind()).
 *
 * Why no global lock is needed on the write path
 * ----------------------------------------------
 * A record is written by the CPU it describes, into that CPU's buffers,
 * with local interrupts disabled.  Nothing else writes those buffers
 * while they are FREE or WRITING:
 *  - other CPUs write their own buffers;
 *  - interrupts are off, so no interrupt handler on this CPU can start a
 *    record in the middle of ours;
 *  - an NMI can still arrive.  ltt_cpu.nesting is set for the whole
 *    write; an NMI that finds it set drops its event and counts it as
 *    lost (nested), so it never touches the writer's state.  (A lockless
 *    reserve/commit scheme, as in lttng or ftrace, would let NMIs write
 *    too; this tracer trades those rare events for a much simpler write
 *    path.)
 *  - the reader only touches READY / READING buffers, and the hand-over
 *    between writer and reader is the release/acquire protocol on the
 *    buffer state described in tracer_buffer.h.
 *  - the control path (START, STOP, buffer allocation) only touches the
 *    writer's state once no writer can run: ltt.active is clear and
 *    synchronize_rcu() has returned, which waits for every callback that
 *    could have seen it set (the callback runs with preemption disabled
 *    or in an NMI, both RCU read-side critical sections).
 *
 * Time
 * ----
 * Timestamps come from ktime_get_mono_fast_ns(): CLOCK_MONOTONIC, the
 * same clock on every CPU (so per-CPU streams can be merged by time),
 * and safe to read from any context including NMIs and with the
 * runqueue lock held.  It is read after interrupts are disabled and the
 * nesting guard is set, so records in one buffer are written in time
 * order.  The fast accessor may, very rarely, return a value slightly
 * below the previous one (an NMI-safe read during a timekeeper update);
 * the writer clamps to the last time it wrote, so deltas never go
 * backwards.
 *
 * A record stores a 32-bit delta from its time base, which covers
 * 4.29 s.  The time base is the buffer's start_ns when it is opened
 * (c->start_ns).  A CPU that stays quiet longer than that would overflow
 * the delta, so before writing a record whose delta does not fit, the
 * writer first appends a time-extension record (LTT_EV_TIME_EXT, format
 * 1.5) holding the full time, which becomes the new time base
 * (c->start_ns = now) for the records after it in this buffer.  Deltas
 * thus never wrap, no heartbeat event is needed, and a quiet CPU does
 * not give up a buffer per 4.29 s: in flight-recorder mode an idle CPU
 * used to overwrite its whole history with near-empty buffers after
 * count * 4.29 s of idleness.  (Formats up to 1.4 closed the buffer
 * instead, LTT_BUF_TIME_SPLIT.)
 *
 * The extension record and the record it precedes are written in the
 * same critical section (interrupts off, c->nesting set), so nothing on
 * this CPU can write between them, and no other CPU ever writes this
 * CPU's buffers.  If both do not fit in the open buffer, the buffer is
 * closed as full instead and the next one starts with start_ns = now:
 * no extension is needed then.  The reader sees the extension like any
 * other record of the buffer, after the release store of READY in
 * ltt_close(), so it needs no ordering of its own.  What a reader may
 * rely on: within a buffer, record times (base + delta) never decrease,
 * an extension's time is not below the record before it, and the
 * buffer's end_ns is the time of its last record, extension or not.
 *
 * Waking the reader
 * -----------------
 * The write path may run with the runqueue lock held (sched_switch and
 * wakeup events), in hard interrupts or in NMIs: calling wake_up() there
 * could deadlock on the very lock the scheduler holds.  So closing a
 * buffer only queues the CPU's irq_work, which runs when interrupts are
 * enabled again (a self-IPI on x86) with no tracer or scheduler lock
 * held, and there wakes the readers and sends SIGIO.
 */
#include <linux/cpu.h>
#include <linux/cpuhotplug.h>
#include <linux/cpumask.h>
#include <linux/irqflags.h>
#include <linux/kernel.h>
#include <linux/minmax.h>
#include <linux/mm.h>
#include <linux/overflow.h>
#include <linux/preempt.h>
#include <linux/sched.h>
#include <linux/signal.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <linux/sysfs.h>
#include <linux/timekeeping.h>
#include <linux/topology.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>
#include <asm/unaligned.h>

#include "tracer_buffer.h"

/*
 * Kernels built with CONFIG_INIT_STACK_ALL_ZERO clear every local
 * variable on entry; with -Os that is a "rep stos" per variable, which
 * costs more than the rest of a masked-out event.  The scratch copies
 * of payloads below are always written before being read, so they are
 * exempt (GCC 12 and clang know the attribute; older compilers, which
 * have no automatic initialisation either, ignore this).
 */
#if __has_attribute(__uninitialized__)
#define ltt_scratch __attribute__((__uninitialized__))
#else
#define ltt_scratch
#endif

struct ltt_tracer ltt = {
	.wait = __WAIT_QUEUE_HEAD_INITIALIZER(ltt.wait),
	.ctl_mutex = __MUTEX_INITIALIZER(ltt.ctl_mutex),
	.read_mutex = __MUTEX_INITIALIZER(ltt.read_mutex),
	.wake_seq = ATOMIC_LONG_INIT(0),
};

static inline struct ltt_buffer_header *ltt_buf(struct ltt_cpu *c, u32 idx)
{
	return (struct ltt_buffer_header *)(c->mem + (size_t)idx * c->size);
}

/*
 * Wake readers and send SIGIO.  Runs from the irq_work (hard interrupt
 * context, no tracer lock held) or from the STOP ioctl.
 *
 * The full barrier orders everything made visible before (a buffer
 * turned READY, or tracing cleared) before the wake_seq increment: a
 * reader reads wake_seq before it looks at the buffers (ltt_read_one),
 * so if it missed a READY buffer it also read the old wake_seq and will
 * not go to sleep on it.
 */
static void ltt_wake_readers(void)
{
	/* READY / tracing stores before the wake_seq increment. */
	smp_mb__before_atomic();
	atomic_long_inc(&ltt.wake_seq);
	wake_up_interruptible(&ltt.wait);
	kill_fasync(&ltt.fasync, SIGIO, POLL_IN);
}

static void ltt_wake_work(struct irq_work *work)
{
	ltt_wake_readers();
}

static void ltt_flush_fn(struct work_struct *work);

/* ---- per-CPU state, module lifetime ---------------------------------- */

int ltt_cpus_init(void)
{
	unsigned int cpu;

	ltt.cpus = kcalloc(nr_cpu_ids, sizeof(*ltt.cpus), GFP_KERNEL);
	if (!ltt.cpus)
		return -ENOMEM;
	for_each_possible_cpu(cpu) {
		struct ltt_cpu *c;

		c = kvzalloc_node(sizeof(*c), GFP_KERNEL, cpu_to_node(cpu));
		if (!c) {
			ltt_cpus_exit();
			return -ENOMEM;
		}
		c->cpu = cpu;
		c->cur = LTT_NO_BUF;
		init_irq_work(&c->wake_work, ltt_wake_work);
		ltt.cpus[cpu] = c;
	}
	INIT_DELAYED_WORK(&ltt.flush_work, ltt_flush_fn);
	return 0;
}

/*
 * Module exit, after the callback is unregistered: no writer runs and
 * none will queue a wake-up again.  Wait for wake-ups still queued.
 */
void ltt_cpus_exit(void)
{
	unsigned int cpu;

	if (!ltt.cpus)
		return;
	/* Tracing stopped (see ltt_flush_stop()): nothing re-arms it. */
	cancel_delayed_work_sync(&ltt.flush_work);
	for_each_possible_cpu(cpu) {
		if (ltt.cpus[cpu])
			irq_work_sync(&ltt.cpus[cpu]->wake_work);
	}
	ltt_buffers_free();
	for_each_possible_cpu(cpu)
		kvfree(ltt.cpus[cpu]);
	kfree(ltt.cpus);
	ltt.cpus = NULL;
}

/* ---- buffer memory and CPU hotplug ------------------------------------ */

/*
 * Buffer memory and CPU hotplug
 * -----------------------------
 * Only CPUs that can write hold buffer memory.  The invariant, under
 * ltt.read_mutex:
 *
 *   c->mem != NULL  <=>  the session has a geometry (ltt.size != 0) and
 *                        CPU c is online, or c went offline with buffers
 *                        still READY, not yet read (c->dead set);
 *
 * with two exceptions that lose events, never memory: an allocation that
 * failed when the CPU came online (its events are counted lost:
 * ltt_open() finds no memory), and a CPU left half-way up or down by the
 * hotplug state control of debug kernels (START sees it offline).
 *
 * Who changes mem, size, count, state[] and dead, and why that is safe:
 *
 *  - START (ltt_buffers_alloc(), ltt_buffers_reset()), under
 *    cpus_read_lock() and read_mutex, while no writer runs (ltt.active
 *    clear for a grace period): no CPU comes or goes, so cpu_online()
 *    is exactly "its prepare callback ran and its dead callback did not".
 *    It gives online CPUs memory of the trace's geometry and frees that
 *    of offline CPUs (their unread buffers belong to the trace before,
 *    which START discards anyway).
 *
 *  - The prepare callback (ltt_cpu_prepare(), state CPUHP_BP_PREPARE_DYN)
 *    runs on a control CPU before the incoming CPU executes anything,
 *    under the hotplug lock held for writing and read_mutex.  It gives
 *    the CPU memory if the session has a geometry, ring state FREE; if the
 *    CPU still holds buffers from before it went down (not read yet), it
 *    keeps them and the writer goes on round robin after them.  The CPU's
 *    stream goes on too: seq, started and last_ns are kept, so its records
 *    follow those written before it went down (a CPU that was offline at
 *    START writes its TRACE_START on its first event).  So a CPU that
 *    comes online while tracing records from its first event on.  The
 *    bring-up that follows orders these stores before anything the CPU
 *    does.  An allocation failure does not fail the bring-up: the tracer
 *    must not keep a CPU offline.
 *
 *  - The dead callback (ltt_cpu_dead(), the teardown of the same state)
 *    runs on a control CPU once the outgoing CPU is dead: it no longer
 *    runs any writer, so its writer state is the callback's (STOP's
 *    ltt_flush_all() and START's reset, the only other parties that touch
 *    another CPU's writer state, hold cpus_read_lock() and can not run
 *    now).  It closes the open buffer (LTT_BUF_FLUSHED) and wakes the
 *    reader: the last events of the CPU are not lost and are read now.
 *    If no buffer of the CPU is left unread it frees the memory at once;
 *    otherwise it sets c->dead and leaves the memory to the reader.
 *
 *  - The reader (ltt_give_back(), under read_mutex: after read()'s copy,
 *    or at LTT_IOC_PUT_SUBBUF) frees a dead CPU's memory when it gives
 *    back the CPU's last unread buffer (READING counts as unread).  A flight trace is
 *    read after STOP only, so a CPU that goes down during one keeps its
 *    history until then.
 *
 *  - The release of the session (ltt_buffers_free(), under read_mutex,
 *    tracing stopped) frees everything, so memory a reader never came for
 *    lives no longer than the session; module unload runs with no session.
 *
 * Every one of these holds read_mutex, so a reader never sees memory go
 * under it, and no two of them free the same memory.  The writer of a
 * CPU reads mem, size and count without a lock: they change only while
 * that CPU runs no writer (START's grace period, or the CPU offline).
 */
static struct cpumask ltt_buf_cpus;	/* CPUs holding memory, read_mutex */

/*
 * Buffer memory is always vmalloc()ed, page by page, even where kmalloc()
 * could serve it: a reader may map it (ltt_buffers_mmap()), and each page
 * a user mapping holds has its own reference, so that freeing the memory
 * (vfree() drops only the allocator's reference) while it is mapped
 * leaves the pages to the mapping until it is unmapped.  See "Reading
 * without a copy" below.  __GFP_RETRY_MAYFAIL: fail rather than invoke
 * the OOM killer for a request that is merely too large; as kvmalloc()
 * did, more than INT_MAX bytes per CPU are refused.  The pages come from
 * the allocating CPU's node, not necessarily the buffer's CPU's: the
 * node-aware __vmalloc_node() is not exported to modules, and
 * vzalloc_node() takes no GFP flags.
 */
static int ltt_cpu_mem_alloc(struct ltt_cpu *c, u32 size, u32 count)
{
	size_t bytes = (size_t)size * count;	/* checked by the caller */

	if (!bytes || bytes > INT_MAX)
		return -ENOMEM;
	c->mem = __vmalloc(bytes, GFP_KERNEL | __GFP_ZERO | __GFP_NOWARN |
			   __GFP_RETRY_MAYFAIL);
	if (!c->mem)
		return -ENOMEM;
	c->size = size;
	c->count = count;
	c->dead = false;
	c->map_id = ++ltt.map_seq;
	cpumask_set_cpu(c->cpu, &ltt_buf_cpus);
	return 0;
}

static void ltt_cpu_mem_free(struct ltt_cpu *c)
{
	vfree(c->mem);
	c->mem = NULL;
	c->size = 0;
	c->count = 0;
	c->dead = false;
	cpumask_clear_cpu(c->cpu, &ltt_buf_cpus);
}

/* Fresh memory: every buffer FREE, the writer and reader at buffer 0. */
static void ltt_cpu_ring_reset(struct ltt_cpu *c)
{
	u32 i;

	c->cur = LTT_NO_BUF;
	c->next = 0;
	c->offset = 0;
	c->read_idx = 0;
	for (i = 0; i < ARRAY_SIZE(c->state); i++)
		atomic_set(&c->state[i], LTT_BUF_FREE);
}

/* Does @c hold a buffer the reader has not taken yet?  Under read_mutex. */
static bool ltt_cpu_unread(struct ltt_cpu *c)
{
	u32 i;

	for (i = 0; i < c->count; i++)
		if (atomic_read(&c->state[i]) != LTT_BUF_FREE)
			return true;
	return false;
}

/* Release of the session (tracing stopped), module exit: under read_mutex. */
void ltt_buffers_free(void)
{
	unsigned int cpu;

	for_each_possible_cpu(cpu) {
		struct ltt_cpu *c = ltt.cpus[cpu];

		if (c && c->mem)
			ltt_cpu_mem_free(c);
	}
	ltt.size = 0;
	ltt.count = 0;
}

/*
 * START, under cpus_read_lock() and read_mutex: make sure every online
 * CPU has @count buffers of @size bytes and offline CPUs none.  Existing
 * buffers of that geometry are kept (their contents are discarded by
 * ltt_buffers_reset()).  On failure nothing stays allocated.  The caller
 * validated @size and @count.
 */
int ltt_buffers_alloc(u32 size, u32 count)
{
	size_t bytes;
	u64 total;
	unsigned int cpu;

	if (ltt.size != size || ltt.count != count)
		ltt_buffers_free();
	/* Checked again here: a product that wraps must not allocate less. */
	if (check_mul_overflow((size_t)size, (size_t)count, &bytes) ||
	    check_mul_overflow((u64)bytes, (u64)num_possible_cpus(), &total) ||
	    !bytes || total > ((u64)totalram_pages() << PAGE_SHIFT) / 2)
		return -ENOMEM;
	for_each_possible_cpu(cpu) {
		struct ltt_cpu *c = ltt.cpus[cpu];

		if (!cpu_online(cpu)) {
			if (c->mem)
				ltt_cpu_mem_free(c);
			continue;
		}
		if (!c->mem && ltt_cpu_mem_alloc(c, size, count)) {
			ltt_buffers_free();
			return -ENOMEM;
		}
	}
	ltt.size = size;
	ltt.count = count;
	return 0;
}

/*
 * The sysfs files buffer_cpus (@bytes false: the CPUs holding buffer
 * memory, as a CPU list) and buffer_bytes (@bytes true: its total).
 */
ssize_t ltt_buffers_show(char *buf, bool bytes)
{
	unsigned int cpu;
	u64 total = 0;
	ssize_t ret;

	if (mutex_lock_interruptible(&ltt.read_mutex))
		return -ERESTARTSYS;
	if (bytes) {
		for_each_cpu(cpu, &ltt_buf_cpus)
			total += (u64)ltt.cpus[cpu]->size * ltt.cpus[cpu]->count;
		ret = sysfs_emit(buf, "%llu\n", total);
	} else {
		ret = sysfs_emit(buf, "%*pbl\n", cpumask_pr_args(&ltt_buf_cpus));
	}
	mutex_unlock(&ltt.read_mutex);
	return ret;
}

/*
 * START: forget the previous trace.  Every buffer becomes FREE (unread
 * buffers of a previous trace are discarded), sequence numbers and lost
 * counters restart from 0.  Called with both mutexes and
 * cpus_read_lock() held while ltt.active has been clear for at least a grace period (STOP waited for
 * one, and before the first START it was never set).
 */
void ltt_buffers_reset(void)
{
	unsigned int cpu;

	/* A buffer a reader kept from the previous trace is dropped. */
	ltt.gen++;
	for_each_possible_cpu(cpu) {
		struct ltt_cpu *c = ltt.cpus[cpu];

		c->nesting = 0;
		c->started = false;
		c->seq = 0;
		c->start_ns = 0;
		c->last_ns = 0;
		ltt_cpu_ring_reset(c);
		ltt_lost_reset(c);
	}
	ltt.rr = 0;
}

/* ---- write path -------------------------------------------------------- */

/*
 * One record as the write path sees it.  @data/@len is the payload as
 * given (it is also what the lost-event accounting reads, even when the
 * record is written without details); @var/@var_len the variable part,
 * already bounded by the caller (see ltt_submit()).
 */
struct ltt_rec {
	unsigned int id;
	u8 flags;		/* LTT_REC_* */
	bool str;		/* var is a string: stored NUL-terminated */
	const void *data;	/* payload as written (maybe compact) */
	unsigned int len;
	const void *full;	/* full payload, for the lost counters */
	unsigned int full_len;
	const void *var;
	unsigned int var_len;
};

/*
 * Close the open buffer: complete its header and hand it to the reader.
 * The release store of READY publishes the header and every record.
 * The caller wakes the reader.
 */
static notrace void ltt_close(struct ltt_cpu *c, u16 flags)
{
	struct ltt_buffer_header *h = ltt_buf(c, c->cur);

	h->data_size = c->offset - sizeof(*h);
	h->end_ns = c->last_ns;
	h->flags |= flags;
	atomic_set_release(&c->state[c->cur], LTT_BUF_READY);
	c->cur = LTT_NO_BUF;
}

/*
 * Open the next buffer in round-robin order, if the reader has released
 * it.  The acquire load of FREE pairs with the reader's release store:
 * the reader has finished copying the buffer before we overwrite it.
 * The reader never looks at a buffer in WRITING state, so that store
 * needs no ordering.
 *
 * Flight recorder: the next buffer in round-robin order is the oldest
 * one; if it is READY (every buffer of this CPU is full) it is reused.
 * No reader touches buffers while a flight trace runs (tracer_buffer.h),
 * so READY -> WRITING is the writer's own transition here.  Its events
 * are overwritten, not lost: seq keeps counting, so the gap in seq shows
 * how many buffers were overwritten.
 */
static notrace bool ltt_open(struct ltt_cpu *c, u64 ts)
{
	struct ltt_buffer_header *h;
	u32 idx = c->next;
	int state;
	u64 total;

	/* No memory: its allocation failed when the CPU came online. */
	if (unlikely(!c->mem))
		return false;
	state = atomic_read_acquire(&c->state[idx]);
	if (state != LTT_BUF_FREE &&
	    !(state == LTT_BUF_READY && READ_ONCE(ltt.flight)))
		return false;
	atomic_set(&c->state[idx], LTT_BUF_WRITING);

	total = local64_read(&c->lost.total);
	h = ltt_buf(c, idx);
	h->magic = LTT_BUFFER_MAGIC;
	h->cpu = c->cpu;
	h->flags = 0;
	h->seq = c->seq++;
	h->start_ns = ts;
	h->end_ns = ts;
	h->data_size = 0;
	h->pid = current->pid;
	h->lost = total - c->lost_mark;
	c->lost_mark = total;

	c->cur = idx;
	c->next = idx + 1 == c->count ? 0 : idx + 1;
	c->offset = sizeof(*h);
	c->start_ns = ts;
	return true;
}

/*
 * Append one record at time @ts to CPU @c's open buffer, switching
 * buffers when needed.  Runs with interrupts off and c->nesting set.
 *
 * A string variable part (exec, open, kthread names) is stored
 * NUL-terminated and at most LTT_MAX_VAR_LEN bytes long, NUL included.
 * Other variable parts are copied as they are (their length was bounded
 * by the caller).  A record without details (LTT_REC_NO_DETAILS) is the
 * bare header.
 */
/*
 * Copy a payload: most are 4 to 28 bytes, for which a call to memcpy()
 * (a "rep movsb" on current x86) costs more than these few moves.
 */
static __always_inline void ltt_copy(char *dst, const void *src,
				     unsigned int n)
{
	const char *s = src;

	for (; n >= 8; n -= 8, dst += 8, s += 8)
		put_unaligned(get_unaligned((const u64 *)s), (u64 *)dst);
	if (n >= 4) {
		put_unaligned(get_unaligned((const u32 *)s), (u32 *)dst);
		n -= 4;
		dst += 4;
		s += 4;
	}
	while (n--)
		*dst++ = *s++;
}

/* A time-extension record: its header and the full time. */
#define LTT_TIME_EXT_SIZE \
	(sizeof(struct ltt_record_header) + sizeof(struct ltt_ev_time_ext))

/*
 * Append a time-extension record at time @ts to @c's open buffer and make
 * @ts the time base of the records after it (see "Time" above).  The
 * caller checked that it fits, together with the record that needs it.
 * Its delta field is 0: the record's time is its payload.
 */
static notrace void ltt_time_ext(struct ltt_cpu *c, u64 ts)
{
	struct ltt_record_header rh = {
		.delta = 0,
		.id = LTT_EV_TIME_EXT,
		.flags = 0,
		.size = LTT_TIME_EXT_SIZE,
	};
	struct ltt_ev_time_ext ev = { .base_ns = ts };
	char *p = c->mem + (size_t)c->cur * c->size + c->offset;

	BUILD_BUG_ON(LTT_TIME_EXT_SIZE % LTT_REC_ALIGN);
	memcpy(p, &rh, sizeof(rh));
	memcpy(p + sizeof(rh), &ev, sizeof(ev));
	c->offset += LTT_TIME_EXT_SIZE;
	c->start_ns = ts;
	c->last_ns = ts;
}

static notrace void ltt_record(struct ltt_cpu *c, u64 ts,
			       const struct ltt_rec *r)
{
	struct ltt_record_header rh;
	unsigned int len = 0, vcopy = 0, vterm = 0, raw, size;
	const char *var = r->var;
	bool wake = false;
	char *p;

	if (!(r->flags & LTT_REC_NO_DETAILS)) {
		len = r->data ? r->len : 0;
		vcopy = var ? r->var_len : 0;
	}
	if (vcopy && r->str) {
		vcopy = min_t(unsigned int, vcopy, LTT_MAX_VAR_LEN);
		if (var[vcopy - 1] != '\0') {
			if (vcopy == LTT_MAX_VAR_LEN)
				vcopy--;
			vterm = 1;
		}
	}
	/* Checked one by one so that the sum below can not overflow. */
	if (len > c->size || vcopy > c->size)
		goto lost;
	raw = sizeof(rh) + len + vcopy + vterm;
	size = ALIGN(raw, LTT_REC_ALIGN);
	if (size > U16_MAX || size > c->size - sizeof(struct ltt_buffer_header))
		goto lost;

	if (c->cur != LTT_NO_BUF) {
		bool ext = ts - c->start_ns > U32_MAX;

		if (c->offset + size + (ext ? LTT_TIME_EXT_SIZE : 0) > c->size) {
			ltt_close(c, 0);
			wake = true;
		} else if (ext) {
			ltt_time_ext(c, ts);
		}
	}
	/* A flight trace is read after STOP only: nobody to wake. */
	if (READ_ONCE(ltt.flight))
		wake = false;
	if (c->cur == LTT_NO_BUF && !ltt_open(c, ts))
		goto lost_wake;

	p = c->mem + (size_t)c->cur * c->size + c->offset;
	rh.delta = ts - c->start_ns;
	rh.id = r->id;
	rh.flags = r->flags;
	rh.size = size;
	memcpy(p, &rh, sizeof(rh));
	p += sizeof(rh);
	ltt_copy(p, r->data, len);
	p += len;
	if (vcopy) {
		memcpy(p, var, vcopy);
		p += vcopy;
	}
	/* NUL terminator, if needed, and padding: buffers are reused. */
	for (raw = size - (raw - vterm); raw; raw--)
		*p++ = 0;
	c->offset += size;
	c->last_ns = ts;
	if (wake)
		irq_work_queue(&c->wake_work);
	return;

lost_wake:
	if (wake)
		irq_work_queue(&c->wake_work);
lost:
	ltt_lost_count(c, r->id, r->full, r->full_len, false);
}

/*
 * Write record @r (or, for NULL, only make sure this CPU's stream has
 * begun) at time @ts on CPU @c, interrupts off and c->nesting set.
 *
 * Every stream begins with an LTT_EV_TRACE_START record naming the task
 * current on the CPU; it is written here, lazily, by the first write on
 * each CPU after START (START forces one on every online CPU through
 * ltt_start_on_cpu(), so idle CPUs have a stream too, and a CPU brought
 * online later still starts its stream correctly).
 */
static __always_inline void ltt_write_at(struct ltt_cpu *c, u64 ts,
				 const struct ltt_rec *r)
{
	if (unlikely(!c->started)) {
		struct ltt_ev_trace_start ev = {
			.pid = current->pid,
			.cpu = c->cpu,
		};
		struct ltt_rec start = {
			.id = LTT_EV_TRACE_START,
			.data = &ev,
			.len = sizeof(ev),
		};

		c->started = true;
		ltt_record(c, ts, &start);
	}
	if (r)
		ltt_record(c, ts, r);
}

/* ltt_write_at() out of line, for the rare slow case of the fast path. */
static noinline notrace void ltt_write_at_slow(struct ltt_cpu *c, u64 ts,
					       const struct ltt_rec *r)
{
	ltt_write_at(c, ts, r);
}

/*
 * Enter CPU @c's writer: interrupts are off (in *@flags the state to
 * restore).  Returns false when an NMI interrupted a writer on this CPU:
 * the caller counts its event as lost (nested) and leaves.  Otherwise
 * the nesting mark is set and *@ts is the record's time, not below the
 * last time written on this CPU.
 */
static __always_inline bool ltt_enter(struct ltt_cpu **cp,
				      unsigned long *flags, u64 *ts)
{
	struct ltt_cpu *c;

	local_irq_save(*flags);
	c = ltt.cpus[smp_processor_id()];
	*cp = c;
	if (unlikely(c->nesting))
		return false;
	c->nesting++;
	/* The nesting mark is set before anything else is touched ... */
	barrier();
	*ts = ktime_get_mono_fast_ns();
	if (unlikely(*ts < c->last_ns))
		*ts = c->last_ns;
	return true;
}

static __always_inline void ltt_leave(struct ltt_cpu *c, unsigned long flags)
{
	/* ... and cleared after everything else is done. */
	barrier();
	c->nesting--;
	local_irq_restore(flags);
}

/*
 * Write record @r (or, for NULL, only make sure this CPU's stream has
 * begun) on the current CPU.  Preemption is disabled by the caller.
 */
static notrace void ltt_write(const struct ltt_rec *r)
{
	unsigned long flags;
	struct ltt_cpu *c;
	u64 ts;

	if (unlikely(!ltt_enter(&c, &flags, &ts))) {
		/* An NMI interrupted a writer on this CPU. */
		if (r)
			ltt_lost_count(c, r->id, r->full, r->full_len, true);
		local_irq_restore(flags);
		return;
	}
	ltt_write_at(c, ts, r);
	ltt_leave(c, flags);
}

static void ltt_submit(unsigned int id, const void *data, unsigned int len,
		       const void *var, unsigned int var_len);

/*
 * The fast path of the most frequent events (those with a compact form,
 * see "compact forms" in ltt-abi.h), for a session whose configuration
 * asks for nothing per event (ltt.fast: no filter, every detail, compact
 * records, raw syscall IP): pack the payload and append the record in
 * place when this CPU's stream has begun and its open buffer has room,
 * in one piece of straight-line code.  Anything else (a first record,
 * a buffer to close or open, a delta that would not fit) goes through
 * ltt_write_at() and ltt_record(), which produce the same bytes.
 *
 * An event with no compact form, or whose values do not fit it, goes
 * to the general path, ltt_submit().  Called by the callback only, with
 * preemption disabled, tracing active, the event in the mask and no
 * variable part.
 */
static noinline notrace void ltt_write_compact(unsigned int id,
					       const void *data,
					       unsigned int len)
{
	union ltt_cev_any cev ltt_scratch;
	struct ltt_record_header rh;
	unsigned long flags;
	unsigned int clen, size;
	struct ltt_cpu *c;
	char *p;
	u64 ts;

	/* The payload structs are packed: they can be read in place. */
	clen = ltt_compact_event(id, data, len, &cev);
	if (!clen) {
		ltt_submit(id, data, len, NULL, 0);
		return;
	}
	/*
	 * The header and every compact payload are multiples of
	 * LTT_REC_ALIGN, so the record needs no padding.
	 */
	BUILD_BUG_ON(sizeof(rh) % LTT_REC_ALIGN);
	BUILD_BUG_ON(sizeof(struct ltt_cev_syscall_entry) % LTT_REC_ALIGN);
	BUILD_BUG_ON(sizeof(struct ltt_cev_syscall_exit) % LTT_REC_ALIGN);
	BUILD_BUG_ON(sizeof(struct ltt_cev_trap_entry) % LTT_REC_ALIGN);
	BUILD_BUG_ON(sizeof(struct ltt_cev_irq) % LTT_REC_ALIGN);
	BUILD_BUG_ON(sizeof(struct ltt_cev_schedchange) % LTT_REC_ALIGN);
	BUILD_BUG_ON(sizeof(struct ltt_cev_wakeup) % LTT_REC_ALIGN);
	size = sizeof(rh) + clen;
	if (unlikely(!ltt_enter(&c, &flags, &ts))) {
		ltt_lost_count(c, id, data, len, true);
		local_irq_restore(flags);
		return;
	}
	if (likely(c->started && c->cur != LTT_NO_BUF &&
		   ts - c->start_ns <= U32_MAX &&
		   c->offset + size <= c->size)) {
		p = c->mem + (size_t)c->cur * c->size + c->offset;
		rh.delta = ts - c->start_ns;
		rh.id = id;
		rh.flags = LTT_REC_COMPACT;
		rh.size = size;
		memcpy(p, &rh, sizeof(rh));
		ltt_copy(p + sizeof(rh), &cev, clen);
		c->offset += size;
		c->last_ns = ts;
	} else {
		struct ltt_rec r ltt_scratch;

		r.id = id;
		r.flags = LTT_REC_COMPACT;
		r.str = false;
		r.data = &cev;
		r.len = clen;
		r.full = data;
		r.full_len = len;
		r.var = NULL;
		r.var_len = 0;
		ltt_write_at_slow(c, ts, &r);
	}
	ltt_leave(c, flags);
}

/*
 * Rewrite @r's payload in its compact form (format 1.2, see
 * "compact forms" in ltt-abi.h) into @cev when the event has one and its
 * values fit; otherwise leave @r as it is, in the full form.  Only
 * payloads of exactly the full struct's size are rewritten (a kernel
 * site passing anything else is written as given).  The full payload
 * stays in r->full for the lost-event counters.  Inlined: in the write
 * path of every event.
 */
static __always_inline void ltt_compact(struct ltt_rec *r,
					union ltt_cev_any *cev)
{
	unsigned int clen;

	if (r->var_len)
		return;
	/* The payload structs are packed: the union can be read in place. */
	clen = ltt_compact_event(r->id, r->data, r->len, cev);
	if (!clen)
		return;
	r->data = cev;
	r->len = clen;
	r->flags |= LTT_REC_COMPACT;
}

/*
 * Record event @id, tracing being active and the event in the mask (the
 * callers test it): apply the filter and the details mask, bound the
 * variable part and rewrite what
 * the session configuration asks for (syscall IP, packet capture
 * length).  Preemption is disabled by the caller.
 *
 * The configuration (details, filter, sip, capture_len) cannot change
 * while tracing; the event mask can, one 64-bit word at a time, and
 * each event reads its own bit once.
 */
static notrace void ltt_submit(unsigned int id, const void *data,
			       unsigned int len, const void *var,
			       unsigned int var_len)
{
	struct ltt_rec r ltt_scratch;
	union {
		struct ltt_ev_syscall_entry se;
		struct ltt_ev_net_packet np;
	} copy ltt_scratch;
	union ltt_cev_any cev ltt_scratch;

	/* Every field, one by one: an initializer would clear r first. */
	r.id = id;
	r.flags = 0;
	r.str = false;
	r.data = data;
	r.len = data ? len : 0;
	r.var = var;
	r.var_len = var ? var_len : 0;
	/* Filtered-out events are not recorded, and not lost either. */
	if (unlikely(ltt.filter.flags) && !ltt_filter_event(id, data, len))
		return;
	r.full = r.data;
	r.full_len = r.len;
	if (!ltt_mask_test(ltt.details, id)) {
		r.flags = LTT_REC_NO_DETAILS;
		goto write;
	}
	switch (id) {
	case LTT_EV_PROCESS_EXEC:
	case LTT_EV_FS_OPEN:
	case LTT_EV_KTHREAD_CREATE:
		r.str = true;
		break;
	case LTT_EV_SYSCALL_ENTRY:
		if (ltt.sip.mode != LTT_SIP_RAW && r.len == sizeof(copy.se)) {
			memcpy(&copy.se, data, sizeof(copy.se));
			copy.se.ip = ltt_syscall_ip(copy.se.ip);
			r.data = &copy.se;
		}
		r.var_len = min_t(unsigned int, r.var_len, LTT_MAX_VAR_LEN);
		break;
	case LTT_EV_NET_PACKET_IN:
	case LTT_EV_NET_PACKET_OUT:
		/* Keep capture_len bytes at most; caplen says how many. */
		if (r.len >= sizeof(copy.np)) {
			memcpy(&copy.np, data, sizeof(copy.np));
			r.var_len = min_t(unsigned int, r.var_len,
					  ltt.capture_len);
			copy.np.caplen = r.var_len;
			r.data = &copy.np;
			r.len = sizeof(copy.np);
		} else {
			r.var_len = 0;
		}
		break;
	case LTT_EV_CUSTOM:
		r.var_len = min_t(unsigned int, r.var_len, LTT_CUSTOM_MAX_SIZE);
		break;
	default:
		r.var_len = min_t(unsigned int, r.var_len, LTT_MAX_VAR_LEN);
		break;
	}
	r.full = r.data;
	r.full_len = r.len;
	if (likely(!(ltt.opt_flags & LTT_OPT_FULL_RECORDS)))
		ltt_compact(&r, &cev);
write:
	ltt_write(&r);
}

/*
 * The callback registered with the kernel.  Preemption is disabled by
 * the caller; we may be in any context.  With tracing stopped this costs
 * one load and a branch, with the event masked out a few more (no call).
 * The ids the module writes itself are refused.
 */
notrace void ltt_trace_callback(unsigned int id, const void *data,
				unsigned int len, const void *var,
				unsigned int var_len)
{
	/* Pairs with the release in START: buffers are set up. */
	if (likely(!smp_load_acquire(&ltt.active)))
		return;
	if (unlikely(id >= LTT_EV_MAX || ltt_module_id(id)))
		return;
	if (!ltt_mask_test(ltt.mask, id))
		return;
	if (likely(ltt.fast) && data && !var_len)
		ltt_write_compact(id, data, len);
	else
		ltt_submit(id, data, len, var, var_len);
}

/*
 * Record a module-generated event that is subject to the event mask,
 * the filter and the details mask (a custom event instance).  Any
 * context; preemption is disabled by the caller, which keeps this
 * inside the grace period STOP waits for.
 */
notrace void ltt_log(unsigned int id, const void *data, unsigned int len,
		     const void *var, unsigned int var_len)
{
	/* Pairs with the release in START, as in the callback. */
	if (smp_load_acquire(&ltt.active) && ltt_mask_test(ltt.mask, id))
		ltt_submit(id, data, len, var, var_len);
}

/*
 * Declarations written by the module (CHANGE_MASK, CUSTOM_CREATE,
 * CUSTOM_DESTROY): subject to the event mask and the details mask
 * (CHANGE_MASK and CUSTOM_CREATE are forced into both), never to the
 * filter.  The variable part is binary (name and format for
 * CUSTOM_CREATE, with their NULs).
 */
static void ltt_emit_now(unsigned int id, const void *data,
			 unsigned int len, const void *var,
			 unsigned int var_len)
{
	struct ltt_rec r = {
		.id = id,
		.data = data,
		.len = len,
		.var = var,
		.var_len = min_t(unsigned int, var_len,
				 LTT_CUSTOM_NAME_LEN + LTT_CUSTOM_FORMAT_LEN),
	};

	if (!ltt_mask_test(ltt.mask, id))
		return;
	if (!ltt_mask_test(ltt.details, id))
		r.flags = LTT_REC_NO_DETAILS;
	ltt_write(&r);
}

/* Process context: write a declaration on this CPU if tracing is active. */
void ltt_emit(unsigned int id, const void *data, unsigned int len,
	      const void *var, unsigned int var_len)
{
	preempt_disable();
	/* Pairs with the release in START; STOP's grace period covers us. */
	if (smp_load_acquire(&ltt.active))
		ltt_emit_now(id, data, len, var, var_len);
	preempt_enable();
}

/*
 * START only, after the buffers are reset and before active is
 * published: no callback writes yet, so this CPU's writer state is ours
 * (interrupts are disabled in ltt_write(), as for any writer).  Records
 * written here come first in this CPU's stream, after its TRACE_START.
 */
void ltt_emit_unpublished(unsigned int id, const void *data,
			  unsigned int len, const void *var,
			  unsigned int var_len)
{
	preempt_disable();
	ltt_emit_now(id, data, len, var, var_len);
	preempt_enable();
}

/* ---- periodic flush ---------------------------------------------------- */

/*
 * LTT_IOC_SET_FLUSH: while tracing (not a flight trace, which is read
 * after STOP only), a delayed work runs every ltt.flush_ms and makes each
 * online CPU close its open buffer if it holds records, so that a live
 * reader sees the events of a CPU too quiet to fill one.
 *
 * Why the close needs no lock
 * ---------------------------
 * The buffer is closed by the CPU that owns it, in the IPI handler of
 * on_each_cpu(), i.e. with interrupts disabled: no writer of this CPU can
 * be inside a record (writers run with interrupts off), and the nesting
 * mark is set through ltt_enter() as for a writer, so an NMI that arrives
 * during the close drops its event (counted lost, nested) instead of
 * touching the buffer.  ltt_close() hands the buffer over with the same
 * release store of READY as a full buffer; the reader is woken through
 * the CPU's irq_work, as for any closed buffer.
 *
 * Why STOP and unload do not race with it
 * ---------------------------------------
 * The handler tests ltt.active (acquire) with interrupts disabled, an RCU
 * read-side critical section; the work re-arms itself only while active
 * is set.  STOP clears active, then ltt_flush_stop() cancels the work with
 * cancel_delayed_work_sync(), which waits for a running instance (whose
 * on_each_cpu() waited for its handlers) and defeats its re-arming; the
 * grace period STOP waits for next covers any handler still in flight.
 * Only then does ltt_flush_all() touch the writer state of every CPU.
 * Module unload happens with the device closed, so tracing is stopped;
 * ltt_cpus_exit() cancels the work once more before freeing anything.
 */
/*
 * Close this CPU's buffer if it holds records: true if it did.  Called
 * with interrupts disabled (the periodic flush's IPI).
 */
static bool ltt_flush_here(void)
{
	unsigned long flags;
	struct ltt_cpu *c;
	bool closed = false;
	u64 ts;

	/* Pairs with the release in START, as in the callback. */
	if (!smp_load_acquire(&ltt.active))
		return false;
	if (!ltt_enter(&c, &flags, &ts)) {
		/* (never: interrupts are off in every writer) */
		local_irq_restore(flags);
		return false;
	}
	if (c->cur != LTT_NO_BUF &&
	    c->offset > sizeof(struct ltt_buffer_header)) {
		ltt_close(c, LTT_BUF_FLUSHED);
		closed = true;
	}
	ltt_leave(c, flags);
	return closed;
}

/* The periodic flush's IPI handler (interrupts off). */
static void ltt_flush_on_cpu(void *unused)
{
	if (ltt_flush_here())
		irq_work_queue(&ltt.cpus[smp_processor_id()]->wake_work);
}

static void ltt_flush_fn(struct work_struct *work)
{
	on_each_cpu(ltt_flush_on_cpu, NULL, 1);
	if (READ_ONCE(ltt.active))
		schedule_delayed_work(&ltt.flush_work,
				      msecs_to_jiffies(READ_ONCE(ltt.flush_ms)));
}

/* ---- CPU hotplug ------------------------------------------------------- */

static int ltt_cpuhp_state;

/*
 * Close @c's open buffer, LTT_BUF_FLUSHED, if it holds records (an empty
 * one is given back, never happens: a buffer is opened for a record):
 * true if a buffer became READY.  Only while @c's CPU runs no writer:
 * STOP after its grace period, or the CPU dead.
 */
static bool ltt_close_open(struct ltt_cpu *c)
{
	if (c->cur == LTT_NO_BUF)
		return false;
	if (c->offset > sizeof(struct ltt_buffer_header)) {
		ltt_close(c, LTT_BUF_FLUSHED);
		return true;
	}
	atomic_set(&c->state[c->cur], LTT_BUF_FREE);
	c->next = c->cur;
	c->seq--;
	c->cur = LTT_NO_BUF;
	return false;
}

/*
 * A CPU is coming online (on a control CPU, before it runs anything):
 * buffers for it if the session has a geometry, or the ones it kept
 * unread from before it went down.  See "Buffer memory and CPU hotplug".
 */
static int ltt_cpu_prepare(unsigned int cpu)
{
	struct ltt_cpu *c = ltt.cpus[cpu];

	mutex_lock(&ltt.read_mutex);
	if (c->mem) {
		c->dead = false;
	} else if (ltt.size) {
		if (ltt_cpu_mem_alloc(c, ltt.size, ltt.count))
			pr_warn_ratelimited("ltt_tracer: no buffers for CPU %u: its events are lost\n",
					    cpu);
		else
			ltt_cpu_ring_reset(c);
	}
	mutex_unlock(&ltt.read_mutex);
	return 0;
}

/*
 * A CPU is dead (on a control CPU): close its last buffer, so that its
 * last events are read now, and free its memory once nothing in it is
 * left to read.  See "Buffer memory and CPU hotplug".
 */
static int ltt_cpu_dead(unsigned int cpu)
{
	struct ltt_cpu *c = ltt.cpus[cpu];
	bool closed;

	mutex_lock(&ltt.read_mutex);
	closed = ltt_close_open(c);
	if (c->mem) {
		if (ltt_cpu_unread(c))
			c->dead = true;
		else
			ltt_cpu_mem_free(c);
	}
	mutex_unlock(&ltt.read_mutex);
	if (closed)
		ltt_wake_readers();
	return 0;
}

/*
 * No callback at registration (_nocalls): no session has a geometry at
 * load, and START gives the CPUs online then their buffers.
 */
int ltt_hotplug_init(void)
{
	int ret = cpuhp_setup_state_nocalls(CPUHP_BP_PREPARE_DYN,
					    "ltt/tracer:prepare",
					    ltt_cpu_prepare, ltt_cpu_dead);

	if (ret < 0)
		return ret;
	ltt_cpuhp_state = ret;
	return 0;
}

/* Module exit: no callback runs once this returns. */
void ltt_hotplug_exit(void)
{
	if (ltt_cpuhp_state > 0)
		cpuhp_remove_state_nocalls(ltt_cpuhp_state);
	ltt_cpuhp_state = 0;
}

/* START, after active is published, under ctl_mutex. */
void ltt_flush_start(void)
{
	if (ltt.flush_ms && !ltt.flight)
		schedule_delayed_work(&ltt.flush_work,
				      msecs_to_jiffies(ltt.flush_ms));
}

/* STOP, after active is cleared and before the grace period. */
void ltt_flush_stop(void)
{
	cancel_delayed_work_sync(&ltt.flush_work);
}

/* on_each_cpu() from START: open this CPU's stream. */
void ltt_start_on_cpu(void *unused)
{
	/* Pairs with the release in START, as in the callback. */
	if (smp_load_acquire(&ltt.active))
		ltt_write(NULL);
}

/*
 * STOP, after ltt.active was cleared and a grace period elapsed, under
 * cpus_read_lock() (no hotplug callback touches a CPU's writer state
 * meanwhile): no writer runs, so the writer state of every CPU may be
 * touched from here.  The grace period also made the writers' stores visible to us.
 * Partially filled buffers become READY with LTT_BUF_FLUSHED.  The
 * reader may run concurrently; it only ever looks at READY buffers.
 */
void ltt_flush_all(void)
{
	unsigned int cpu;

	if (!ltt.size)
		return;
	for_each_possible_cpu(cpu)
		ltt_close_open(ltt.cpus[cpu]);
}

/*
 * STOP of a flight trace, after ltt_flush_all() and before tracing is
 * cleared, under read_mutex: point each CPU's reader at its oldest kept
 * buffer.  The writer filled the buffers round robin and reused the
 * oldest first, so going round from the buffer it would have opened
 * next, the READY buffers come in seq order; FREE ones (never used, or
 * an empty buffer given back by the flush) are skipped.
 */
void ltt_flight_rewind(void)
{
	unsigned int cpu;
	u32 i, idx;

	for_each_possible_cpu(cpu) {
		struct ltt_cpu *c = ltt.cpus[cpu];

		for (i = 0; i < c->count; i++) {
			idx = (c->next + i) % c->count;
			if (atomic_read(&c->state[idx]) == LTT_BUF_READY) {
				c->read_idx = idx;
				break;
			}
		}
	}
}

/* STOP: tracing is over once every CPU is flushed; tell the readers. */
void ltt_stop_done(void)
{
	/* Pairs with the reader's acquire: flushed buffers are visible. */
	smp_store_release(&ltt.tracing, 0);
	ltt_wake_readers();
}

/* ---- reader side ------------------------------------------------------- */

/*
 * Find the first READY buffer, looking at each CPU's next buffer in seq
 * order and at the CPUs round robin, starting after the CPU served last
 * (so a busy CPU can not starve the others).  Under ltt.read_mutex.
 */
static struct ltt_cpu *ltt_find_ready(void)
{
	unsigned int i, cpu;

	if (!ltt.size)
		return NULL;
	for (i = 0; i < nr_cpu_ids; i++) {
		struct ltt_cpu *c;

		cpu = (ltt.rr + i) % nr_cpu_ids;
		c = ltt.cpus[cpu];
		if (!c)
			continue;
		/* Pairs with the writer's release: see the whole buffer. */
		if (atomic_read_acquire(&c->state[c->read_idx]) == LTT_BUF_READY)
			return c;
	}
	return NULL;
}

/* ---- per-file reader state ---------------------------------------------- */

/*
 * A file's reader state (file->private_data).  A buffer is copied out of
 * the ring into @buf under read_mutex, and from there to user space with
 * only @lock held: read_mutex, which START, STOP of a flight trace,
 * release and poll() take, is never held across a user copy, so a reader
 * whose buffer faults slowly (userfaultfd, FUSE) holds up nobody but the
 * other readers of its own file.  A copy that fails (-EFAULT) keeps the
 * buffer in @buf for the next read() of the file, as long as no new
 * trace started (@gen).
 */
struct ltt_reader {
	struct mutex lock;	/* one read() of the file at a time */
	char *buf;		/* @cap bytes, kvmalloc() */
	size_t cap;
	size_t pending;		/* bytes of a buffer not yet copied out */
	unsigned long gen;	/* ltt.gen of that buffer */

	/* GET_SUBBUF .. PUT_SUBBUF, under @lock and read_mutex */
	struct ltt_cpu *held;	/* CPU of the buffer held, NULL: none */
	u32 held_idx;		/* which of its buffers */
	unsigned long held_gen;	/* ltt.gen when it was taken */
	u64 ticket;		/* what PUT must give back */
};

struct ltt_reader *ltt_reader_new(void)
{
	struct ltt_reader *r = kzalloc(sizeof(*r), GFP_KERNEL);

	if (r)
		mutex_init(&r->lock);
	return r;
}

void ltt_reader_free(struct ltt_reader *r)
{
	if (!r)
		return;
	kvfree(r->buf);
	mutex_destroy(&r->lock);
	kfree(r);
}

/* Room for a buffer of @size bytes in @r->buf, outside read_mutex. */
static int ltt_reader_room(struct ltt_reader *r, size_t size)
{
	char *buf;

	if (r->cap >= size)
		return 0;
	buf = kvmalloc(size, GFP_KERNEL | __GFP_NOWARN);
	if (!buf)
		return -ENOMEM;
	kvfree(r->buf);
	r->buf = buf;
	r->cap = size;
	return 0;
}

/*
 * Take @c's next READY buffer (READING: the writer keeps off it) and
 * move the reader on to the next CPU; *@len is its length, header
 * included.  Under read_mutex.
 */
static u32 ltt_take_begin(struct ltt_cpu *c, size_t *len)
{
	u32 idx = c->read_idx;
	struct ltt_buffer_header *h = ltt_buf(c, idx);

	atomic_set(&c->state[idx], LTT_BUF_READING);
	*len = sizeof(*h) + h->data_size;
	if (WARN_ON_ONCE(*len > c->size))
		*len = c->size;
	c->read_idx = idx + 1 == c->count ? 0 : idx + 1;
	ltt.rr = (c->cpu + 1) % nr_cpu_ids;
	return idx;
}

/* Give buffer @idx of @c back to the writer.  Under read_mutex. */
static void ltt_give_back(struct ltt_cpu *c, u32 idx)
{
	/* Pairs with the writer's acquire in ltt_open(). */
	atomic_set_release(&c->state[idx], LTT_BUF_FREE);
	/* An offline CPU's last buffer read: its memory goes (see above). */
	if (unlikely(c->dead) && !ltt_cpu_unread(c))
		ltt_cpu_mem_free(c);
}

/*
 * Copy @c's next buffer into @r->buf and give it back to the writer.
 * Under read_mutex; @r->buf holds at least @c->size bytes.
 */
static void ltt_take(struct ltt_cpu *c, struct ltt_reader *r)
{
	size_t len;
	u32 idx = ltt_take_begin(c, &len);

	memcpy(r->buf, ltt_buf(c, idx), len);
	ltt_give_back(c, idx);
	r->pending = len;
	r->gen = ltt.gen;
}

/*
 * A file other than the session's owner may not read: -EBUSY.  Without
 * an owner nothing is tracing, and read() sees end of file.  Under
 * read_mutex (START sets the owner before it takes read_mutex).
 */
static bool ltt_foreign(struct file *file)
{
	struct file *owner = READ_ONCE(ltt.owner);

	return owner && owner != file;
}

/*
 * One pass of read() under read_mutex: 1 with a buffer in @r->buf, 0
 * when none is ready (*@tracing, *@seq say whether to wait, and for
 * what), or a negative error.  A buffer @r kept from a trace before the
 * current one is dropped.
 */
static int ltt_read_locked(struct file *file, struct ltt_reader *r,
			   size_t count, int *tracing, long *seq)
{
	struct ltt_cpu *c;
	size_t size;

	if (ltt_foreign(file))
		return -EBUSY;
	if (r->pending && r->gen != ltt.gen)
		r->pending = 0;
	if (r->pending)
		return 1;
	size = ltt.size ? ltt.size : ltt.cfg_size;
	if (count < size)
		return -EINVAL;
	if (r->cap < size)
		return -ENOSPC;		/* the caller makes room and retries */
	*seq = atomic_long_read(&ltt.wake_seq);
	smp_rmb();	/* wake_seq before tracing and buffer states */
	*tracing = smp_load_acquire(&ltt.tracing);
	/* The writers own a flight trace's buffers until STOP. */
	c = *tracing && ltt.flight ? NULL : ltt_find_ready();
	if (!c)
		return 0;
	ltt_take(c, r);
	return 1;
}

/*
 * Wait until wake_seq moves from @seq (something became READY, or the
 * trace ended): 0, -EAGAIN for a non-blocking file, or -ERESTARTSYS.
 */
static int ltt_wait_wake(long seq, bool nonblock)
{
	if (nonblock)
		return -EAGAIN;
	return wait_event_interruptible(ltt.wait,
					atomic_long_read(&ltt.wake_seq) != seq);
}

/*
 * read(): one whole READY buffer per call.  Blocks until one is ready
 * (unless @nonblock); returns 0 once tracing is stopped and every buffer
 * has been read.  A flight trace gives nothing until it is stopped.
 * Every wait is interruptible (so killable), and read_mutex is held only
 * to take a buffer, never across the copy to user space.
 *
 * Lost wake-up freedom: wake_seq is read before the buffers are looked
 * at, and writers (through ltt_wake_readers()) make a buffer READY
 * before they increment wake_seq.  So if the scan misses a buffer that
 * is about to become READY, the increment that follows it is not yet
 * in the value we read, and the wait below returns at once.  The same
 * holds for the end of tracing (STOP clears ltt.tracing, then wakes).
 */
ssize_t ltt_read_one(struct file *file, char __user *ubuf, size_t count,
		     bool nonblock)
{
	struct ltt_reader *r = file->private_data;
	ssize_t ret;

	if (mutex_lock_interruptible(&r->lock))
		return -ERESTARTSYS;
	for (;;) {
		int tracing = 0;
		long seq = 0;

		if (mutex_lock_interruptible(&ltt.read_mutex)) {
			ret = -ERESTARTSYS;
			break;
		}
		ret = ltt_read_locked(file, r, count, &tracing, &seq);
		if (ret == -ENOSPC) {
			size_t size = ltt.size ? ltt.size : ltt.cfg_size;

			mutex_unlock(&ltt.read_mutex);
			ret = ltt_reader_room(r, size);
			if (ret)
				break;
			continue;
		}
		mutex_unlock(&ltt.read_mutex);
		if (ret < 0)
			break;
		if (ret) {
			if (count < r->pending) {
				ret = -EINVAL;
			} else if (copy_to_user(ubuf, r->buf, r->pending)) {
				/* Kept for the next read(). */
				ret = -EFAULT;
			} else {
				ret = r->pending;
				WRITE_ONCE(r->pending, 0);
			}
			break;
		}
		if (!tracing)
			break;
		ret = ltt_wait_wake(seq, nonblock);
		if (ret)
			break;
	}
	mutex_unlock(&r->lock);
	return ret;
}

/*
 * poll(): readable when a buffer is READY (not before STOP for a flight
 * trace) or at end of file; EPOLLERR for a file that is not the owner.
 */
__poll_t ltt_poll_mask(struct file *file)
{
	struct ltt_reader *r = file->private_data;
	__poll_t ret = 0;
	int tracing;

	mutex_lock(&ltt.read_mutex);
	/* Pairs with ltt_stop_done(): not tracing => all flushed. */
	tracing = smp_load_acquire(&ltt.tracing);
	if (ltt_foreign(file))
		ret = EPOLLERR;
	else if (!tracing || (READ_ONCE(r->pending) && READ_ONCE(r->gen) == ltt.gen) ||
		 (!ltt.flight && ltt_find_ready()))
		ret = EPOLLIN | EPOLLRDNORM;
	mutex_unlock(&ltt.read_mutex);
	return ret;
}

/* ---- reading without a copy: mmap, GET_SUBBUF, PUT_SUBBUF --------------- */

/*
 * Reading without a copy
 * ----------------------
 * The owner maps a CPU's buffer memory read-only (ltt_buffers_mmap():
 * every page inserted with vm_insert_page(), which takes a reference on
 * it), GET_SUBBUF takes the next READY buffer exactly as read() would
 * (same order, same waits, same end of file) but leaves it READING and
 * says where it is, the daemon write()s it to its file straight from the
 * mapping, and PUT_SUBBUF gives it back (FREE).  No byte is copied by the
 * module or the daemon; the only copy left is the file system's.
 *
 * Why a mapping never reads freed memory: the pages of a mapping are
 * referenced by it, one reference per page, so vfree() of the buffer
 * memory (release of the session, START with another geometry, an
 * offline CPU's memory once read) only drops the allocator's reference;
 * a page goes back to the page allocator when the last mapping of it is
 * unmapped.  A mapping keeps its file open, so release() itself runs
 * only after the last munmap(), and the module can not be unloaded while
 * a mapping exists.  Hence no vm_ops reference counting is needed: a
 * mapping outliving the memory it was made from is safe, merely stale;
 * map_id tells the daemon when a CPU's memory is a new one to map.
 *
 * Why the bytes a daemon writes are the buffer's: while it is held
 * (READING) the writer never opens it (only FREE, or READY in a flight
 * trace that no reader may GET from before STOP), and the memory of a
 * CPU with a READING buffer is not freed (ltt_cpu_unread()).  START
 * discards everything, the held buffer too: a PUT after it is a no-op
 * (gen), and START is the owner's own doing.
 *
 * Locking: ltt_buffers_mmap() runs with the mmap lock held and takes
 * read_mutex; nothing takes the mmap lock (page faults included) under
 * read_mutex, as no user copy is made under it.
 */
int ltt_buffers_mmap(struct file *file, struct vm_area_struct *vma)
{
	unsigned long len = vma->vm_end - vma->vm_start, i;
	u64 off = (u64)vma->vm_pgoff << PAGE_SHIFT;
	u64 cpu = off >> LTT_MMAP_CPU_SHIFT;
	struct ltt_cpu *c;
	int ret = 0;

	if (vma->vm_flags & VM_WRITE)
		return -EPERM;
	if (!(vma->vm_flags & VM_MAYSHARE) ||
	    off & (LTT_MMAP_OFFSET(1) - 1) || cpu >= nr_cpu_ids)
		return -EINVAL;
	mutex_lock(&ltt.read_mutex);
	c = ltt.cpus[cpu];
	if (ltt_foreign(file))
		ret = -EBUSY;
	else if (!c || !c->mem)
		ret = -ENODEV;
	else if (len != PAGE_ALIGN((size_t)c->size * c->count))
		ret = -EINVAL;
	if (ret)
		goto out;
	/* Never writable, not even by mprotect(); never grown by mremap(). */
	vma->vm_flags &= ~VM_MAYWRITE;
	vma->vm_flags |= VM_DONTEXPAND | VM_DONTDUMP;
	for (i = 0; i < len && !ret; i += PAGE_SIZE)
		ret = vm_insert_page(vma, vma->vm_start + i,
				     vmalloc_to_page(c->mem + i));
out:
	mutex_unlock(&ltt.read_mutex);
	return ret;
}

/*
 * One pass of GET_SUBBUF under read_mutex: 0 with a buffer taken and
 * described in @sb, 1 when none is ready yet (*@seq: what to wait for),
 * or a negative error (-ENODATA: the trace is over and read).
 */
static int ltt_get_locked(struct file *file, struct ltt_reader *r,
			  struct ltt_subbuf *sb, long *seq)
{
	struct ltt_cpu *c;
	size_t len;
	int tracing;
	u32 idx;

	if (ltt_foreign(file))
		return -EBUSY;
	if (r->held && r->held_gen == ltt.gen)
		return -EBUSY;		/* PUT the one held first */
	r->held = NULL;			/* one of a trace before: gone */
	*seq = atomic_long_read(&ltt.wake_seq);
	smp_rmb();	/* wake_seq before tracing and buffer states */
	tracing = smp_load_acquire(&ltt.tracing);
	c = tracing && ltt.flight ? NULL : ltt_find_ready();
	if (!c)
		return tracing ? 1 : -ENODATA;
	idx = ltt_take_begin(c, &len);
	r->held = c;
	r->held_idx = idx;
	r->held_gen = ltt.gen;
	r->ticket = ++ltt.ticket_seq;
	memset(sb, 0, sizeof(*sb));
	sb->cpu = c->cpu;
	sb->index = idx;
	sb->offset = (u64)idx * c->size;
	sb->len = len;
	sb->map_size = c->size * c->count;
	sb->map_id = c->map_id;
	sb->ticket = r->ticket;
	return 0;
}

/*
 * Put the buffer @r holds back as READY, next to be read, as if GET had
 * not taken it (its description could not be copied out).  Under
 * read_mutex; the file's lock kept any other reader of it away, and no
 * other file may read, so the CPU's read_idx still follows it.
 */
static void ltt_get_undo(struct ltt_reader *r)
{
	struct ltt_cpu *c = r->held;

	if (c && r->held_gen == ltt.gen) {
		atomic_set(&c->state[r->held_idx], LTT_BUF_READY);
		c->read_idx = r->held_idx;
	}
	r->held = NULL;
}

long ltt_subbuf_get(struct file *file, void __user *argp, bool nonblock)
{
	struct ltt_reader *r = file->private_data;
	struct ltt_subbuf sb;
	long ret;

	if (mutex_lock_interruptible(&r->lock))
		return -ERESTARTSYS;
	for (;;) {
		long seq = 0;

		if (mutex_lock_interruptible(&ltt.read_mutex)) {
			ret = -ERESTARTSYS;
			break;
		}
		ret = ltt_get_locked(file, r, &sb, &seq);
		mutex_unlock(&ltt.read_mutex);
		if (ret <= 0)
			break;
		/* The same wake-up protocol as ltt_read_one(). */
		ret = ltt_wait_wake(seq, nonblock);
		if (ret)
			break;
	}
	/* Copied out with no tracer lock held (it may fault). */
	if (!ret && copy_to_user(argp, &sb, sizeof(sb))) {
		mutex_lock(&ltt.read_mutex);
		ltt_get_undo(r);
		mutex_unlock(&ltt.read_mutex);
		ret = -EFAULT;
	}
	mutex_unlock(&r->lock);
	return ret;
}

long ltt_subbuf_put(struct file *file, void __user *argp)
{
	struct ltt_reader *r = file->private_data;
	struct ltt_subbuf sb;
	long ret = 0;

	if (copy_from_user(&sb, argp, sizeof(sb)))
		return -EFAULT;
	if (mutex_lock_interruptible(&r->lock))
		return -ERESTARTSYS;
	mutex_lock(&ltt.read_mutex);
	if (!r->held || sb.ticket != r->ticket) {
		ret = -EINVAL;
	} else {
		/* START discarded it already: nothing to give back. */
		if (r->held_gen == ltt.gen)
			ltt_give_back(r->held, r->held_idx);
		r->held = NULL;
	}
	mutex_unlock(&ltt.read_mutex);
	mutex_unlock(&r->lock);
	return ret;
}
