// SPDX-License-Identifier: GPL-2.0
/*
 * tracer_buffer_write.c - the write path of the LTT trace module: the
 * callback, records in full and compact form, time extensions, the
 * periodic flush and the flush at STOP.  Buffer memory and CPU hotplug
 * are in tracer_buffer_mem.c, the reader side in tracer_buffer_read.c.
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
 * backwards.  With the module's test clock on (clock_offset_ns,
 * clock_drift_ppb: docs/ltt_tracer.4) the time read is skewed here, the
 * only place the module reads a clock, behind a static key that is a
 * no-op when the test clock is off.
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
 * held, and there wakes the readers and sends SIGIO (ltt_wake_readers()
 * in tracer_buffer_read.c).
 */
#include <linux/cpumask.h>
#include <linux/irqflags.h>
#include <linux/kernel.h>
#include <linux/ltt.h>
#include <linux/minmax.h>
#include <linux/preempt.h>
#include <linux/sched.h>
#include <linux/skbuff.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <linux/timekeeping.h>
#include <linux/uaccess.h>
#include <asm/unaligned.h>
#include <ltt/ltt-clock.h>

#include "tracer_buffer.h"
#include "tracer_buffer_internal.h"

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
	bool pkt;		/* var is a struct ltt_net_var: a packet */
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
 * A string variable part (open, kthread names; an exec name
 * without the arguments ltt_write_exec() adds) is stored
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

/*
 * Copy the first @n bytes of a packet (@v, from __ltt_trace_net_packet();
 * @n is at most its length): its linear part, then its pages and
 * fragments with skb_copy_bits(), which takes no lock and does not sleep
 * (a highmem page is mapped with kmap_atomic()), so that it is safe here
 * with interrupts off.  A copy that fails (it cannot, the packet being
 * long enough) leaves zeros.
 */
static noinline notrace void ltt_copy_packet(char *dst,
					     const struct ltt_net_var *v,
					     unsigned int n)
{
	unsigned int head = min(n, v->head);

	memcpy(dst, v->start, head);
	if (n > head &&
	    skb_copy_bits(v->skb, skb_headlen(v->skb), dst + head, n - head))
		memset(dst + head, 0, n - head);
}

/*
 * What a buffer holds besides the bytes of a packet alone in it: the
 * buffer header, the record header and the payload.  Buffer sizes are
 * multiples of 8, so a packet of (size - LTT_NET_PACKET_ROOM) bytes
 * fills the buffer exactly: ltt_submit() cuts packets to that.
 */
#define LTT_NET_PACKET_ROOM (sizeof(struct ltt_buffer_header) + \
			     sizeof(struct ltt_record_header) + \
			     sizeof(struct ltt_ev_net_packet))

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
		if (unlikely(r->pkt))
			ltt_copy_packet(p, r->var, vcopy);
		else
			memcpy(p, var, vcopy);
		p += vcopy;
	}
	/* NUL terminator, if needed, and padding: buffers are reused. */
	for (raw = size - (raw - vterm); raw; raw--)
		*p++ = 0;
	c->offset += size;
	c->last_ns = ts;
	ltt_trig_written(c, r->id, r->full, r->full_len, ts);
	if (wake)
		irq_work_queue(&c->wake_work);
	return;

lost_wake:
	if (wake)
		irq_work_queue(&c->wake_work);
lost:
	ltt_lost_count(c, r->id, r->full, r->full_len, false);
	if (static_branch_unlikely(&ltt_triggers_on))
		ltt_trig_lost(c, r->id);
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
	if (static_branch_unlikely(&ltt_clock_skewed))
		*ts = ltt_clock_skew(*ts, ltt_clock_offset_ns, ltt_clock_drift_ppb);
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
 * An event that came while this CPU was inside the write path (an NMI,
 * or an exception taken there) is lost, and counted as lost nested; but
 * for the page faults that the user stack walk takes itself
 * (copy_from_user_nofault() on a page that is not mapped: a chain that
 * leaves the stack), which are the tracer's own, not the traced task's:
 * they are neither recorded nor counted, and the stack record says
 * where the walk stopped (LTT_STACK_USER_BROKEN).
 */
static __always_inline void ltt_nested_lost(struct ltt_cpu *c, unsigned int id,
					    const void *data, unsigned int len)
{
	if (unlikely(c->stack_walk) &&
	    (id == LTT_EV_TRAP_ENTRY || id == LTT_EV_TRAP_EXIT))
		return;
	ltt_lost_count(c, id, data, len, true);
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
			ltt_nested_lost(c, r->id, r->full, r->full_len);
		local_irq_restore(flags);
		return;
	}
	ltt_write_at(c, ts, r);
	ltt_leave(c, flags);
}

static void ltt_submit(unsigned int id, const void *data, unsigned int len,
		       const void *var, unsigned int var_len,
		       const struct ltt_origin *stack, bool heavy);

/*
 * Write record @r and, right after it in the same buffer stream, with
 * the same time and interrupts still off, its LTT_EV_STACK record: the
 * stacks of the current task (format 1.8, see ltt-abi.h).  Preemption is
 * disabled by the caller.  When @r is lost its stacks are not written;
 * when the stack record is lost (no room) it is counted as a lost
 * LTT_EV_STACK and @r stays.
 */
static noinline notrace void ltt_write_stacked(const struct ltt_rec *r,
					       const struct ltt_origin *o)
{
	struct ltt_ev_stack hdr ltt_scratch;
	struct ltt_rec sr ltt_scratch;
	unsigned long flags;
	struct ltt_cpu *c;
	const u64 *addrs;
	u64 ts, lost;

	if (unlikely(!ltt_enter(&c, &flags, &ts))) {
		ltt_nested_lost(c, r->id, r->full, r->full_len);
		local_irq_restore(flags);
		return;
	}
	lost = local64_read(&c->lost.total);
	ltt_write_at(c, ts, r);
	if (local64_read(&c->lost.total) == lost) {
		c->stack_walk = true;
		addrs = ltt_stack_capture(r->id, &hdr, o);
		c->stack_walk = false;
		sr.id = LTT_EV_STACK;
		sr.flags = 0;
		sr.str = false;
		sr.pkt = false;
		sr.data = &hdr;
		sr.len = sizeof(hdr);
		sr.full = &hdr;
		sr.full_len = sizeof(hdr);
		sr.var = addrs;
		sr.var_len = 8 * ((unsigned int)hdr.kernel_nr + hdr.user_nr);
		ltt_record(c, ts, &sr);
	}
	ltt_leave(c, flags);
}

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
		ltt_submit(id, data, len, NULL, 0, NULL, false);
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
		ltt_nested_lost(c, id, data, len);
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
		ltt_trig_written(c, id, data, len, ts);
	} else {
		struct ltt_rec r ltt_scratch;

		r.id = id;
		r.flags = LTT_REC_COMPACT;
		r.str = false;
		r.pkt = false;
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

/* Room for an exec record's variable part: name, argv header, argv. */
#define LTT_EXEC_VAR_MAX \
	(LTT_MAX_VAR_LEN + sizeof(struct ltt_exec_argv) + LTT_EXEC_ARGV_MAX)

/*
 * The variable part of an exec record (format 1.12) in @buf: the file
 * name @name (@len bytes from the kernel, NUL included) with its NUL, at
 * most LTT_MAX_VAR_LEN bytes, then the arguments of the new image, read
 * from its memory (mm->arg_start..arg_end; the hook runs in
 * exec_binprm() once the image is loaded, so current->mm is the new
 * one): struct ltt_exec_argv and at most LTT_EXEC_ARGV_MAX bytes of
 * strings, cut after the last whole string that fits (LTT_EXEC_ARGV_CUT).
 * The copy cannot fault (copy_from_user_nofault(): we may not sleep
 * here); when it fails, or the task has no user memory, the name goes
 * alone.  Returns the length.
 */
static notrace unsigned int ltt_exec_var(char *buf, const char *name,
					 unsigned int len)
{
	struct ltt_exec_argv h = { .magic = LTT_EXEC_ARGV_MAGIC };
	struct mm_struct *mm = current->mm;
	unsigned int nlen, alen;
	unsigned long start, end;
	char *a;

	nlen = len ? strnlen(name, min_t(unsigned int, len,
					 LTT_MAX_VAR_LEN - 1)) : 0;
	memcpy(buf, name, nlen);
	buf[nlen++] = '\0';
	if (!mm || (current->flags & PF_KTHREAD) || !in_task())
		return nlen;
	start = READ_ONCE(mm->arg_start);
	end = READ_ONCE(mm->arg_end);
	if (end <= start)
		return nlen;
	alen = min_t(unsigned long, end - start, LTT_EXEC_ARGV_MAX);
	a = buf + nlen + sizeof(h);
	if (copy_from_user_nofault(a, (const void __user *)start, alen))
		return nlen;
	if (alen < end - start || a[alen - 1] != '\0') {
		/* Cut after the last whole string, or inside the only one. */
		unsigned int whole = alen;

		while (whole && a[whole - 1] != '\0')
			whole--;
		if (whole)
			alen = whole;
		else
			a[alen - 1] = '\0';
		h.flags |= LTT_EXEC_ARGV_CUT;
	}
	h.len = alen;
	memcpy(buf + nlen, &h, sizeof(h));
	return nlen + sizeof(h) + alen;
}

/*
 * An exec record with its arguments (ltt_exec_var()): out of line, so
 * that the room for them is only on the stack of an exec.
 */
static noinline notrace void ltt_write_exec(struct ltt_rec *r,
					    const struct ltt_origin *stack)
{
	char buf[LTT_EXEC_VAR_MAX] ltt_scratch;

	r->var_len = ltt_exec_var(buf, r->var, r->var_len);
	r->var = buf;
	if (unlikely(stack))
		ltt_write_stacked(r, stack);
	else
		ltt_write(r);
}

/*
 * Record event @id, tracing being active and the event in the mask (the
 * callers test it): apply the filter and the details mask, bound the
 * variable part and rewrite what
 * the session configuration asks for (syscall IP, packet capture
 * length).  @stack: NULL, or the event gets its stacks, the kernel's
 * walked from there.  @heavy: a task of the heavy logging set, whose
 * events get their details whatever the details mask says.  Preemption
 * is disabled by the caller.
 *
 * The configuration (details, filter, sip, capture_len) cannot change
 * while tracing; the event mask can, one 64-bit word at a time, and
 * each event reads its own bit once.
 */
static notrace void ltt_submit(unsigned int id, const void *data,
			       unsigned int len, const void *var,
			       unsigned int var_len,
			       const struct ltt_origin *stack, bool heavy)
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
	r.pkt = false;
	r.data = data;
	r.len = data ? len : 0;
	r.var = var;
	r.var_len = var ? var_len : 0;
	/* Filtered-out events are not recorded, and not lost either. */
	if (unlikely(ltt.filter.flags) && !ltt_filter_event(id, data, len))
		return;
	r.full = r.data;
	r.full_len = r.len;
	if (!heavy && !ltt_mask_test(ltt.details, id)) {
		r.flags = LTT_REC_NO_DETAILS;
		goto write;
	}
	switch (id) {
	case LTT_EV_PROCESS_EXEC:
		/* The name, then the arguments (format 1.12). */
		if (r.var) {
			ltt_write_exec(&r, stack);
			return;
		}
		r.str = true;
		break;
	case LTT_EV_FS_OPEN:
	case LTT_EV_KTHREAD_CREATE:
	case LTT_EV_MMAP:
	case LTT_EV_TASK_RENAME:
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
		/*
		 * Keep capture_len bytes at most (a task of the heavy
		 * logging set: its set's capture when more), and no more
		 * than one buffer holds (the packet is cut, not lost);
		 * caplen says how many.  Nothing is read from the packet
		 * when that is 0.
		 */
		if (r.len >= sizeof(copy.np)) {
			u32 cap = heavy ? ltt_heavy_capture(ltt.capture_len) :
				  ltt.capture_len;

			memcpy(&copy.np, data, sizeof(copy.np));
			r.var_len = min_t(unsigned int, min(r.var_len, cap),
					  ltt.size - LTT_NET_PACKET_ROOM);
			copy.np.caplen = r.var_len;
			r.data = &copy.np;
			r.len = sizeof(copy.np);
			r.pkt = true;
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
	if (unlikely(stack))
		ltt_write_stacked(&r, stack);
	else
		ltt_write(&r);
}

/*
 * The kernel's event point that called the tracer, for the kernel stack
 * to be walked from it rather than from the module's own frames (x86-64
 * with the ORC unwinder: the module's frames cost an unwind step each, a
 * module address lookup and a search of its ORC table).  Valid when the
 * caller (always inlined) was reached by tail calls from the kernel, so
 * that its return address is the event point's: otherwise ip 0, and the
 * walk starts at the capture (the module's frames left out).
 */
static __always_inline void ltt_origin_here(struct ltt_origin *o)
{
#if defined(CONFIG_X86_64) && defined(CONFIG_UNWINDER_ORC)
	/* A frame pointer here: the return address and stack above it. */
	unsigned long *fp = __builtin_frame_address(0);

	o->ip = (unsigned long)__builtin_return_address(0);
	o->sp = (unsigned long)(fp + 2);
	o->bp = fp[0];
	/* Only the kernel's event points call the callback. */
	if (within_module(o->ip, THIS_MODULE))
		o->ip = 0;
#else
	o->ip = 0;
#endif
}

/*
 * The callback's path when the session asked for stacks (LTT_EV_STACK)
 * or a heavy logging set is published (LTT_IOC_SET_HEAVY).  Tail-called:
 * its return address is the kernel's event point (ltt_origin_here()).
 */
static noinline notrace void ltt_callback_stacks(unsigned int id,
						 const void *data,
						 unsigned int len,
						 const void *var,
						 unsigned int var_len)
{
	bool heavy = ltt_heavy_current();
	bool stack = ltt_stack_wanted(id, data, len) ||
		     (heavy && ltt_heavy_stack_wanted(id, data, len));
	struct ltt_origin o;

	if (stack) {
		ltt_origin_here(&o);
		ltt_submit(id, data, len, var, var_len, &o, heavy);
	} else if (heavy) {
		ltt_submit(id, data, len, var, var_len, NULL, true);
	} else if (likely(ltt.fast) && data && !var_len) {
		ltt_write_compact(id, data, len);
	} else {
		ltt_submit(id, data, len, var, var_len, NULL, false);
	}
}

/*
 * The callback's path for anything but the compact form of a session
 * that asks for nothing per event: out of line, tail-called.
 */
static noinline notrace void ltt_callback_slow(unsigned int id,
					       const void *data,
					       unsigned int len,
					       const void *var,
					       unsigned int var_len)
{
	if (unlikely(ltt.stacks || rcu_access_pointer(ltt.heavy)))
		ltt_callback_stacks(id, data, len, var, var_len);
	else if (likely(ltt.fast) && data && !var_len)
		ltt_write_compact(id, data, len);
	else
		ltt_submit(id, data, len, var, var_len, NULL, false);
}

/*
 * A sample of the profiler's timer (tracer_sample.c), in its interrupt:
 * recorded as a kernel event is, subject to the event mask and the
 * filter, with its stacks when the session asked stacks of samples (the
 * kernel's from the interrupted registers, ltt_stack_capture()).
 */
notrace void ltt_sample_write(const struct ltt_ev_sample *ev)
{
	static const struct ltt_origin none;

	/* Pairs with the release in START, as in the callback. */
	if (!smp_load_acquire(&ltt.active) ||
	    !ltt_mask_test(ltt.mask, LTT_EV_SAMPLE))
		return;
	ltt_submit(LTT_EV_SAMPLE, ev, sizeof(*ev), NULL, 0,
		   READ_ONCE(ltt.stacks) &&
		   ltt_stack_wanted(LTT_EV_SAMPLE, ev, sizeof(*ev)) ?
		   &none : NULL, false);
}

/*
 * The trace's part of the callback: with tracing stopped one load and a
 * branch, with the event masked out (or one of the module's own ids) a
 * few more, and for the compact form
 * of a session that asks for nothing per event (ltt.direct) one more
 * test.  Everything else is tail-called, so that nothing here needs a
 * stack frame.  The ids the module writes itself are refused.
 */
static __always_inline void ltt_callback_trace(unsigned int id,
					       const void *data,
					       unsigned int len,
					       const void *var,
					       unsigned int var_len)
{
	/* Pairs with the release in START: buffers are set up. */
	if (likely(!smp_load_acquire(&ltt.active)))
		return;
	if (unlikely(id >= LTT_EV_MAX))
		return;
	/* Not the module's own ids: ltt.kmask has none of them. */
	if (!ltt_mask_test(ltt.kmask, id))
		return;
	if (likely(ltt.direct) && data && !var_len)
		ltt_write_compact(id, data, len);
	else
		ltt_callback_slow(id, data, len, var, var_len);
}

/* The callback when the vital signs collector is on: it sees every event first. */
static noinline notrace void ltt_callback_vitals(unsigned int id,
						 const void *data,
						 unsigned int len,
						 const void *var,
						 unsigned int var_len)
{
	if (id == LTT_EV_SYSCALL_ENTRY && data) {
		ltt_vitals_syscall(data, len);
		ltt_callback_trace(id, data, len, var, var_len);
	/* false: a fault of the collector's own stack walk */
	} else if (likely(ltt_vitals_event(id, data, len, var, var_len))) {
		ltt_callback_trace(id, data, len, var, var_len);
	}
}

/*
 * The callback registered with the kernel.  Preemption is disabled by
 * the caller; we may be in any context.
 */
notrace void ltt_trace_callback(unsigned int id, const void *data,
				unsigned int len, const void *var,
				unsigned int var_len)
{
	if (!static_branch_unlikely(&ltt_vitals_on)) {
		ltt_callback_trace(id, data, len, var, var_len);
		return;
	}
	/*
	 * The collector alone and a system call's entry (the most frequent
	 * event): a tail call, so that no argument is kept for the trace
	 * (the getppid loop under the collector: docs/benchmarks.md).
	 */
	if (id == LTT_EV_SYSCALL_ENTRY && data &&
	    /* Pairs with the release in START, as in ltt_callback_trace(). */
	    !smp_load_acquire(&ltt.active))
		ltt_vitals_syscall(data, len);
	else
		ltt_callback_vitals(id, data, len, var, var_len);
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
		ltt_submit(id, data, len, var, var_len, NULL, false);
}

/* Would ltt_log() record event @id now?  Any context. */
notrace bool ltt_recording(unsigned int id)
{
	/* Pairs with the release in START, as in the callback. */
	return smp_load_acquire(&ltt.active) && ltt_mask_test(ltt.mask, id);
}

/*
 * Count one event of @id as lost on this CPU, while tracing records it:
 * a module-generated event refused before it was written (a marker over
 * its task's rate).  Interrupts are off as in a writer, so that the
 * count goes to the buffer being written (ltt_close()'s lost).
 */
void ltt_log_lost(unsigned int id)
{
	unsigned long flags;
	struct ltt_cpu *c;

	local_irq_save(flags);
	/* Pairs with the release in START: ltt.cpus[] is set up. */
	if (smp_load_acquire(&ltt.active) && ltt_mask_test(ltt.mask, id)) {
		c = ltt.cpus[smp_processor_id()];
		if (c)
			ltt_lost_count(c, id, NULL, 0, false);
	}
	local_irq_restore(flags);
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
 * online CPU close its open buffer, so that a live reader sees the events
 * of a CPU too quiet to fill one.  The buffer closed ends with a
 * time-extension record of the flush's time (opened for it if the CPU had
 * none open), so its end_ns says how far the CPU has got even when it
 * wrote nothing since the last flush: every later record of that CPU is
 * at or after it, and a reader that merges the CPUs in time order (the
 * trigger rules of traced) may go up to the oldest such time of all CPUs
 * without waiting for a quiet CPU's next event.
 *
 * The work is queued on system_unbound_wq: a CPU-bound work item (the
 * default system_wq runs it on the CPU that queued it) waits behind a
 * real-time task that hogs that CPU, and no CPU would be flushed for as
 * long as the hog runs.  The flush itself is an IPI to each CPU, which
 * preempts any task.
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
	/* a stream not begun yet (CPU coming online) gets no buffer here */
	if (c->started && (c->cur != LTT_NO_BUF || ltt_open(c, ts))) {
		if (c->offset + LTT_TIME_EXT_SIZE <= c->size)
			ltt_time_ext(c, ts);
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

void ltt_flush_fn(struct work_struct *work)
{
	on_each_cpu(ltt_flush_on_cpu, NULL, 1);
	if (READ_ONCE(ltt.active))
		queue_delayed_work(system_unbound_wq, &ltt.flush_work,
				   msecs_to_jiffies(READ_ONCE(ltt.flush_ms)));
}

/*
 * Close @c's open buffer, LTT_BUF_FLUSHED, if it holds records (an empty
 * one is given back, never happens: a buffer is opened for a record):
 * true if a buffer became READY.  Only while @c's CPU runs no writer:
 * STOP after its grace period, or the CPU dead.
 */
bool ltt_close_open(struct ltt_cpu *c)
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

/* START, after active is published, under ctl_mutex. */
void ltt_flush_start(void)
{
	if (ltt.flush_ms && !ltt.flight)
		queue_delayed_work(system_unbound_wq, &ltt.flush_work,
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
