/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tracer_buffer.h - per-CPU trace buffers of the LTT trace module.
 *
 * Shared by tracer_main.c (device, ioctls), the buffer files
 * tracer_buffer_mem.c (buffer memory, CPU hotplug), tracer_buffer_write.c
 * (write path, flush) and tracer_buffer_read.c (reader side, mmap),
 * tracer_filter.c (filters, syscall IP), tracer_custom.c (custom events)
 * and tracer_lost.c (lost events).  What only the buffer files share is
 * in tracer_buffer_internal.h.
 * docs/tracer-module.md describes the design as a whole; the comments
 * here state the rules each field obeys.
 */
#ifndef _LTT_TRACER_BUFFER_H
#define _LTT_TRACER_BUFFER_H

#include <linux/atomic.h>
#include <linux/bits.h>
#include <linux/compiler.h>
#include <linux/fs.h>
#include <linux/irq_work.h>
#include <linux/jump_label.h>
#include <asm/local64.h>
#include <linux/mutex.h>
#include <linux/poll.h>
#include <linux/sched.h>
#include <linux/types.h>
#include <linux/wait.h>
#include <linux/workqueue.h>

#include <ltt/ltt-abi.h>

#define LTT_MASK_WORDS		(LTT_EV_MAX / 64)

/*
 * Buffer states.  A buffer moves around one cycle only:
 *
 *   FREE --writer opens--> WRITING --writer closes--> READY
 *     ^                                                 |
 *     +---reader releases--- READING <--reader takes----+
 *
 * Each transition is made by exactly one party: FREE->WRITING and
 * WRITING->READY by the writer (the owning CPU with interrupts off, or
 * the STOP ioctl after a grace period has shown that no writer runs),
 * READY->READING->FREE by the reader (under ltt.read_mutex).  So no
 * transition ever races with another and plain atomic_set() is enough;
 * what matters is ordering, which the release/acquire pairs give:
 *
 *  - the writer stores READY with release after filling the buffer and
 *    its header; the reader loads READY with acquire before copying it,
 *    so it sees every byte the writer put there;
 *  - the reader stores FREE with release after copy_to_user(); the
 *    writer loads FREE with acquire before reusing the memory, so it
 *    never overwrites bytes the reader is still copying.
 *
 * Flight recorder (ltt.flight): while tracing, the reader takes no
 * buffer at all (read() returns nothing until STOP), so the writer owns
 * every buffer of its CPU and may also reopen a READY buffer (the oldest:
 * READY -> WRITING) when no FREE one is left.  After STOP (a grace period
 * later, when no writer runs) the reader owns the READY buffers again.
 * The two parties never hold a buffer at the same time, so the rule
 * "one party per transition" still holds.
 */
enum ltt_buf_state {
	LTT_BUF_FREE = 0,
	LTT_BUF_WRITING,
	LTT_BUF_READY,
	LTT_BUF_READING,
};

#define LTT_NO_BUF	U32_MAX		/* ltt_cpu.cur: no buffer open */

/*
 * Lost-event counters of one CPU.  They are local64_t because the only
 * context that can interrupt a writer in the middle of an increment is
 * an NMI on the same CPU, which itself counts a lost event: local64
 * increments are single instructions on the local CPU (no lock prefix,
 * no shared cache line) and can not lose an update to such an NMI.
 * Other CPUs (GET_LOST) only read them; a 64-bit read does not tear on
 * 64-bit machines and local64 is atomic64 elsewhere.
 */
struct ltt_lost_counters {
	local64_t total;
	local64_t nested;
	local64_t by_event[LTT_EV_IDS];	/* every id of ltt-events.h */
	local64_t syscall_entry[LTT_LOST_SYSCALLS];
	local64_t syscall_exit[LTT_LOST_SYSCALLS];
};

/*
 * Everything the tracer keeps for one possible CPU.  Allocated once at
 * module load (so the irq_work and the counters outlive any trace); only
 * the buffer memory comes and goes: for online CPUs only, allocated by
 * START and by the CPU hotplug prepare callback, freed by START (CPUs
 * offline by then), the release of the session, or once an offline
 * CPU's last buffers are read (see "Buffer memory and CPU hotplug" in
 * tracer_buffer_mem.c for who may touch mem, size, count, state[] and
 * dead).
 *
 * Writer fields (nesting .. lost_mark) are touched only by the CPU that
 * owns the structure, with local interrupts disabled, and with nesting
 * set so that an NMI never touches them either; or by the control path
 * while no writer can run (tracing not active and a grace period has
 * elapsed since it was cleared).  Hence they need no lock and no atomic
 * operation.
 *
 * Reader fields (read_idx) are touched only under ltt.read_mutex.
 */
struct ltt_cpu {
	unsigned int cpu;

	/* ---- writer side ---- */
	int nesting;		/* >0 while this CPU is inside the write path */
	bool started;		/* TRACE_START record written on this CPU */
	bool stack_walk;	/* in ltt_stack_capture(): its faults are ours */
	u32 cur;		/* buffer being written, or LTT_NO_BUF */
	u32 next;		/* buffer the writer opens next (round robin) */
	u32 offset;		/* write offset in cur, header included */
	u64 seq;		/* seq of the next buffer opened */
	u64 start_ns;		/* time base of cur: start_ns or last TIME_EXT */
	u64 last_ns;		/* time of the last record written */
	u64 lost_mark;		/* lost.total when the last buffer was opened */
	/*
	 * The time of the system call entry of the task current here, for
	 * the triggers (tracer_trigger.c): LTT_TRIG_NONE when it has none
	 * since it was switched in (its entry, if any, is in the tasks'
	 * table).
	 */
	u64 trig_t;

	/* ---- reader side ---- */
	u32 read_idx;		/* next buffer, in seq order, the reader wants */

	/* ---- buffers: see "Buffer memory and CPU hotplug" in .c ---- */
	char *mem;		/* count * size bytes, NULL: none */
	u32 size;		/* bytes per buffer, header included */
	u32 count;		/* buffers */
	bool dead;		/* CPU offline, mem kept until read */
	u64 map_id;		/* this mem's identity for mmap readers */
	atomic_t state[LTT_BUFFER_COUNT_MAX];	/* enum ltt_buf_state */

	struct irq_work wake_work;	/* wakes readers, out of the write path */
	struct ltt_lost_counters lost;
};

/*
 * Global tracer state.  There is no lock on the write path: writers
 * only read active, flight, mask, details, filter, sip, capture_len,
 * size (a packet is cut to what one buffer holds) and cpus[]; everything
 * they write lives in their own struct ltt_cpu.
 *
 *  active    set (store-release) by START once buffers and per-CPU state
 *            are ready; writers load it with acquire.  Cleared by STOP,
 *            then synchronize_rcu() waits for every writer that might
 *            have seen it set: the callback runs with preemption disabled
 *            (or in an NMI), which is an RCU read-side critical section.
 *  tracing   1 from START until STOP has flushed every CPU (store-release),
 *            read with acquire by readers deciding end of file.
 *  mask      event mask, one bit per id, READ_ONCE/WRITE_ONCE per word;
 *            may change while tracing (a writer sees the old or new word;
 *            each event tests one bit, so it sees the old or new bit).
 *  details, filter, sip, opt_flags, capture_len
 *            session configuration, changed only while not tracing (the
 *            ioctls return -EBUSY otherwise) under ctl_mutex: writers read
 *            them with plain loads, published by the release of active.
 *  flight    flight recorder for the running trace: copied from opt_flags
 *            by START under both mutexes before active is set, so both
 *            the writers and the readers (under read_mutex) see it.
 *  fast      the running trace's configuration lets compactable events
 *            take the write fast path (no filter, every detail, compact
 *            records, raw syscall IP): computed by START, like flight,
 *            by ltt_fast_allowed().
 *  owner     the file that owns the session (configured it or started
 *            it), NULL if none; written under ctl_mutex, read with
 *            READ_ONCE by read() and poll() under read_mutex.
 *  cpus      per possible CPU, NULL for impossible ones; fixed from load
 *            to unload (the structs; their buffer memory follows the
 *            online CPUs, see tracer_buffer_mem.c).
 *  gen       the trace: incremented by START under read_mutex, so that a
 *            reader drops a buffer it kept from the trace before.
 *  wake_seq  incremented each time buffers may have become READY (irq_work,
 *            STOP); a sleeping reader waits for it to change.
 *
 *  ctl_mutex serialises control: ioctls that change state, open, release.
 *  read_mutex serialises readers and protects the buffer memory against
 *            being freed or reset under them; never held across a copy
 *            to user space (a reader copies a buffer out first, see
 *            struct ltt_reader in tracer_buffer_read.c).
 *  Lock order: ctl_mutex, then ltt_custom_mutex, then the CPU hotplug
 *  lock (cpus_read_lock()), then read_mutex.  The hotplug callbacks run
 *  with the hotplug lock held for writing and take read_mutex only.
 */
struct ltt_heavy_set;

struct ltt_tracer {
	int active;
	int tracing;
	bool flight;
	bool fast;
	/*
	 * fast, and neither stacks nor a heavy logging set: the callback
	 * tests only this before the compact path (ltt_direct_update())
	 */
	bool direct;
	u64 mask[LTT_MASK_WORDS];
	/*
	 * mask without the ids the module writes itself (ltt_module_id()):
	 * the kernel's events the callback accepts, in one test
	 */
	u64 kmask[LTT_MASK_WORDS];
	u64 details[LTT_MASK_WORDS];
	struct ltt_filter filter;
	struct ltt_syscall_ip sip;
	bool stacks;		/* stack_mask is not empty */
	u64 stack_mask[LTT_MASK_WORDS];	/* events that get LTT_EV_STACK */
	u32 stack_kdepth;	/* kernel frames at most */
	u32 stack_udepth;	/* user frames at most */
	u64 stack_sys[LTT_STACK_SYSCALLS / 64];	/* syscalls with stacks */
	/* heavy logging (tracer_stack.c): NULL, or the set published */
	struct ltt_heavy_set __rcu *heavy;
	u32 opt_flags;		/* LTT_OPT_* for the next START */
	u32 capture_len;	/* packet bytes kept, <= LTT_MAX_CAPTURE */
	u32 flush_ms;		/* periodic flush interval, 0: off */
	u32 sample_hz;		/* sampling profiler, 0: off (tracer_sample.c) */
	struct delayed_work flush_work;	/* the periodic flush, see .c */
	struct file *owner;
	struct ltt_cpu **cpus;

	u32 cfg_size;		/* geometry used by the next START */
	u32 cfg_count;
	u32 size;		/* geometry of the trace's buffers, 0: none */
	u32 count;

	unsigned int rr;	/* reader round robin: CPU to look at first */
	u64 map_seq;		/* last map_id given, under read_mutex */
	u64 ticket_seq;		/* last GET_SUBBUF ticket, under read_mutex */
	unsigned long gen;	/* START count, under read_mutex */
	atomic_long_t wake_seq;
	wait_queue_head_t wait;
	struct fasync_struct *fasync;

	struct mutex ctl_mutex;		/* control: see above */
	struct mutex read_mutex;	/* readers, buffer memory */
};

extern struct ltt_tracer ltt;

/* Bit @id of a 256-bit event mask, read once (lock-free readers). */
static __always_inline bool ltt_mask_test(const u64 *mask, unsigned int id)
{
	return READ_ONCE(mask[id / 64]) & BIT_ULL(id % 64);
}

/*
 * Ids written by the module itself, never accepted from the kernel
 * facility: the kernel cannot forge a trace start, a mask change or a
 * custom event.
 */
static __always_inline bool ltt_module_id(unsigned int id)
{
	return id == LTT_EV_NONE || id == LTT_EV_TRACE_START ||
	       id == LTT_EV_TIME_EXT || id == LTT_EV_STACK ||
	       id == LTT_EV_SAMPLE ||
	       id == LTT_EV_MARKER ||
	       (id >= LTT_EV_CHANGE_MASK && id <= LTT_EV_CUSTOM);
}

/*
 * Largest record the module writes: a custom event instance (its
 * payload is the largest variable part; a CUSTOM_CREATE record holds at
 * most LTT_CUSTOM_NAME_LEN + LTT_CUSTOM_FORMAT_LEN bytes after its
 * payload, and kernel events at most LTT_MAX_VAR_LEN + 1).  It must fit
 * the 16-bit record size and an empty buffer of the smallest size.
 */
#define LTT_REC_MAX	(sizeof(struct ltt_record_header) + \
			 sizeof(struct ltt_ev_custom) + LTT_CUSTOM_MAX_SIZE)

/* tracer_buffer_mem.c */
int ltt_cpus_init(void);
void ltt_cpus_exit(void);
int ltt_buffers_alloc(u32 size, u32 count);
void ltt_buffers_free(void);
void ltt_buffers_reset(void);
int ltt_hotplug_init(void);
void ltt_hotplug_exit(void);
ssize_t ltt_buffers_show(char *buf, bool bytes);

/* tracer_buffer_write.c */
void ltt_trace_callback(unsigned int id, const void *data, unsigned int len,
			const void *var, unsigned int var_len);
void ltt_emit(unsigned int id, const void *data, unsigned int len,
	      const void *var, unsigned int var_len);
void ltt_emit_unpublished(unsigned int id, const void *data,
			  unsigned int len, const void *var,
			  unsigned int var_len);
void ltt_log(unsigned int id, const void *data, unsigned int len,
	     const void *var, unsigned int var_len);
bool ltt_recording(unsigned int id);
void ltt_log_lost(unsigned int id);
void ltt_start_on_cpu(void *unused);
void ltt_flush_all(void);
void ltt_flush_start(void);
void ltt_flush_stop(void);
void ltt_sample_write(const struct ltt_ev_sample *ev);

/* tracer_buffer_read.c */
int ltt_buffers_mmap(struct file *file, struct vm_area_struct *vma);
long ltt_subbuf_get(struct file *file, void __user *argp, bool nonblock);
long ltt_subbuf_put(struct file *file, void __user *argp);
void ltt_flight_rewind(void);
void ltt_stop_done(void);
struct ltt_reader *ltt_reader_new(void);
void ltt_reader_free(struct ltt_reader *r);
ssize_t ltt_read_one(struct file *file, char __user *ubuf, size_t count,
		     bool nonblock);
__poll_t ltt_poll_mask(struct file *file);

/* tracer_filter.c */
int ltt_filter_init(void);
bool ltt_filter_event(unsigned int id, const void *data, unsigned int len);
u64 ltt_syscall_ip(u64 raw);
int ltt_check_filter(const struct ltt_filter *f);
int ltt_check_syscall_ip(const struct ltt_syscall_ip *s);

/* tracer_stack.c */
int ltt_check_stacks(const struct ltt_stack_config *s);
bool ltt_stack_wanted(unsigned int id, const void *data, unsigned int len);
int ltt_heavy_set(const struct ltt_heavy *h);
void ltt_heavy_clear(void);
void ltt_direct_update(void);
bool ltt_heavy_current(void);
u32 ltt_heavy_capture(u32 session);
bool ltt_heavy_stack_wanted(unsigned int id, const void *data,
			    unsigned int len);
/*
 * Where the kernel's event point called the tracer: the registers the
 * kernel stack is walked from (ip 0: walk from the capture itself and
 * leave the module's frames out).
 */
struct ltt_origin {
	unsigned long ip;
	unsigned long sp;
	unsigned long bp;
};

const u64 *ltt_stack_capture(unsigned int id, struct ltt_ev_stack *hdr,
			     const struct ltt_origin *o);
void ltt_stack_vital(struct ltt_vital_stack *st, unsigned int kmax,
		     unsigned int umax, struct pt_regs *iregs);

/* tracer_sample.c */
int ltt_check_sample(u32 hz);
void ltt_sample_start(void);
void ltt_sample_stop(void);
int ltt_sample_init(void);
void ltt_sample_exit(void);
/* tracer_marker.c */
int ltt_marker_init(void);
void ltt_marker_exit(void);
void ltt_marker_set_enabled(bool on);

/* tracer_custom.c */
extern struct mutex ltt_custom_mutex;
void ltt_custom_emit_all(bool started);
void ltt_custom_release(struct file *file);
void ltt_custom_exit(void);
long ltt_custom_ioctl(struct file *file, unsigned int cmd, void __user *argp);

/* tracer_lost.c */
void ltt_lost_count(struct ltt_cpu *c, unsigned int id, const void *data,
		    unsigned int len, bool nested);
void ltt_lost_reset(struct ltt_cpu *c);
void ltt_lost_fill(struct ltt_cpu *c, struct ltt_lost_info *info);

/* the vital signs collector (tracer_vitals.c) */
DECLARE_STATIC_KEY_FALSE(ltt_vitals_on);
bool ltt_vitals_event(unsigned int id, const void *data, unsigned int len,
		      const void *var, unsigned int var_len);
void ltt_vitals_syscall(const void *data, unsigned int len);
void ltt_vitals_mask(u64 *mask);
void ltt_vitals_batch_set(const u64 *trace_mask, bool after);
void ltt_events_update(void);
int ltt_vitals_init(void);
void ltt_vitals_exit(void);

/* trigger conditions evaluated in the module (tracer_trigger.c) */
DECLARE_STATIC_KEY_FALSE(ltt_triggers_on);
DECLARE_STATIC_KEY_FALSE(ltt_trig_sys_on);
void ltt_trig_event(struct ltt_cpu *c, unsigned int id, const void *data,
		    unsigned int len, u64 t);
void ltt_trig_lost(struct ltt_cpu *c, unsigned int id);
int ltt_trig_set(const struct ltt_trigger_set *s);
void ltt_trig_reset(void);
void ltt_trig_clear(void);
int ltt_trig_get_hits(void __user *argp);
void ltt_trig_sys_exit(struct ltt_cpu *c, const void *data, unsigned int len,
		       u64 t);
extern u64 ltt_trig_ids;
extern u64 ltt_trig_sys_min;

/*
 * No system call entry kept on a CPU (struct ltt_cpu's trig_t): any time
 * of a record minus it is at least 2^63 ns, above every trigger's lower
 * bound, so that an exit that finds it takes the slow path with no test
 * of its own.
 */
#define LTT_TRIG_NONE	BIT_ULL(63)

/*
 * A record of event @id was just written at @ts on CPU @c (interrupts
 * off, in the writer): the trigger conditions on it, when some are armed
 * (its full payload @data, @len).  With none armed, a no-op jump.
 *
 * A system call's entry and exit are inline: every system call pays
 * them while a system call trigger is armed (the getppid loop under the
 * bench's module rules: about 54 instructions a call when they were
 * behind the armed ids' test and kept the task and the call, 15 since,
 * icount, docs/benchmarks.md).  The entry keeps its time
 * on its CPU and nothing else: the task is the one current there (the
 * switch that takes it off the CPU moves the time to the tasks' table,
 * ltt_trig_event(); a lost entry, exit or switch clears or moves it,
 * ltt_trig_lost()), and its exit reads it back with no test of the task
 * or the call.  An exit shorter than every system call trigger's lower
 * bound (ltt_trig_sys_min) is done here; any other goes to
 * ltt_trig_sys_exit().
 */
static __always_inline void ltt_trig_written(struct ltt_cpu *c,
					     unsigned int id,
					     const void *data,
					     unsigned int len, u64 ts)
{
	if (!static_branch_unlikely(&ltt_triggers_on))
		return;
	if (id == LTT_EV_SYSCALL_ENTRY) {
		if (static_branch_unlikely(&ltt_trig_sys_on))
			c->trig_t = ts;
	} else if (id == LTT_EV_SYSCALL_EXIT) {
		if (static_branch_unlikely(&ltt_trig_sys_on)) {
			if (likely(ts - c->trig_t < ltt_trig_sys_min))
				c->trig_t = LTT_TRIG_NONE;
			else
				ltt_trig_sys_exit(c, data, len, ts);
		}
	} else if (id < 64 && (READ_ONCE(ltt_trig_ids) & BIT_ULL(id))) {
		ltt_trig_event(c, id, data, len, ts);
	}
}

/* the test clock (tracer_main.c, <ltt/ltt-clock.h>) */
DECLARE_STATIC_KEY_FALSE(ltt_clock_skewed);
extern s64 ltt_clock_offset_ns;
extern s32 ltt_clock_drift_ppb;

#endif /* _LTT_TRACER_BUFFER_H */
