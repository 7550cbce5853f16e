// SPDX-License-Identifier: GPL-2.0
/*
 * tracer_vitals.c - the vital signs collector (ABI 10): a second consumer
 * of the kernel's event points, beside the trace, after Chopstix
 * (docs/vitals.md); its device, /dev/ltt-vitals, is tracer_vitals_dev.c.
 *
 * Per vital sign and CPU, an array of LTT_VITALS_HCA counters indexed by
 * a hash of the event's label (HCA): an event adds its weight to its
 * label's counter and is sampled (label, pid, uid, comm, data into a
 * per-CPU array) when the counter crosses a level of a logarithmic scale
 * (levels at 2^(k * shift)), or at its first event in the epoch (a set
 * of the labels seen, which never takes a label for seen when it was not:
 * a label sharing its cell is not missed): a rare
 * label is seen at its first event, a frequent one a logarithmic number
 * of times.  Two copies of every HCA
 * and sample array: the daemon's SWAP ioctl ends the epoch by switching
 * the collector to the other copy, waits for a grace period (every
 * callback runs with preemption disabled here, inside the RCU read
 * side; with interrupts off but for a system call's repeated label), then
 * copies the ended copy out and clears it.  shift doubles the levels'
 * spacing after an epoch that dropped samples, or whose sampling took a
 * CPU past the CPU watermark, and comes back down after a quiet one.
 * Within an epoch a CPU's levels spread one step more at each multiple
 * of the CPU watermark its sampling time reaches (Chopstix 4.1.3: the
 * threshold doubled when the collector's CPU use reaches the high
 * watermark), and past half of its sample array.
 *
 * The collector works with or without a trace: the kernel's event points
 * are on for the union of the trace's mask (while it traces) and the
 * collector's events (ltt_events_update(), tracer_main.c).
 *
 * Memory: 2 copies x (HCAs + seen labels + samples + stacks) per possible
 * CPU (about 190 KB), allocated at START and freed at STOP, and tables
 * of runnable/blocked tasks (48 KB), block requests in flight (14 KB)
 * and connected sockets' peers (2 KB): under 256 KB on one CPU.
 * Within an epoch, past half of a CPU's sample array the levels spread
 * further, and past three quarters of an array's worth in the epoch only
 * the first events of labels are kept.  When a CPU's array is a quarter full the daemon is woken
 * (poll(), through an irq_work) and drains the samples (DRAIN, an IPI
 * per CPU): the array then bounds a burst between two drains, not an
 * epoch.
 *
 * A task's system calls that repeat its label are counted on its CPU by
 * the kernel (ltt_sys_repeat() of <linux/ltt.h>, "batches" below) while
 * the collector counts them and no trace records their entries: the
 * count taken into the cell when the task leaves its CPU, at SWAP, and
 * at its next call that comes here (the one that raises the cell's level
 * among them, so that it is sampled as any).
 *
 * Samples carry the stacks of the task acting at the event: per CPU and
 * epoch LTT_VITALS_STACKS, one per label, kept for the heaviest labels
 * (vit_stack_keep()); a block request's taken at its issue.
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

DEFINE_STATIC_KEY_FALSE(ltt_vitals_on);

struct vit_state vit = {
	.peer_lock = __RAW_SPIN_LOCK_UNLOCKED(vit.peer_lock),
};


/*
 * Every bit of @x moves every bit of the result, and no two inputs give
 * one result (the constants of MurmurHash3's 64-bit finalizer).
 */
static notrace u64 vit_mix(u64 x)
{
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdULL;
	x ^= x >> 33;
	x *= 0xc4ceb9fe1a85ec53ULL;
	x ^= x >> 33;
	return x;
}

/*
 * A label's hash: each input mixed in whole before the next.  (The
 * multiply-and-xor of each input of before moved only the bits above
 * an input's own: a syscall number in a's top 16 bits and a pid in b's
 * top 11 left 16 bits to tell a site's labels apart, and 384464 of the
 * 450000 (pid, system call) pairs of one site shared their label with
 * another; tests/host/vitals-hash.t.)
 */
static notrace u64 vit_hash(u64 a, u64 b, u64 c)
{
	return vit_mix(vit_mix(vit_mix(a) ^ b) ^ c);
}

/* The executable's id in a label: a hash of the task's comm. */
static notrace u64 vit_comm_id(const char *comm)
{
	u64 w[2];

	memcpy(w, comm, sizeof(w));
	return w[0] ^ rol64(w[1], 7);
}

/* The level of a counter: 0 for 0, then one per 2^shift. */
static notrace unsigned int vit_level(u32 c, unsigned int shift)
{
	return c ? 1 + (fls(c) - 1) / shift : 0;
}

/*
 * The count at which a counter at @c reaches the next level: level L
 * holds the counts from 2^((L - 1) x shift) to 2^(L x shift) - 1 (above
 * every u32 at the last level).
 */
static notrace u64 vit_limit(u32 c, unsigned int shift)
{
	unsigned int bits = vit_level(c, shift) * shift;

	return bits >= 64 ? U64_MAX : 1ULL << bits;
}

/* What the event adds to the HCA and, when sampled, its sample. */
/* Where a sample's stacks come from */
#define VIT_STACK_NONE	0	/* none: the task is not the current one */
#define VIT_STACK_HERE	1	/* the current task's, walked at the sample */
#define VIT_STACK_REF	2	/* @stack_ref, taken before (a block request's issue) */

struct vit_ev {
	u8 vital;
	u8 stack;
	u16 stack_ref;
	u32 weight;
	u64 site;
	u32 key;
	u32 key_data;		/* bits of key that are data, not label */
	u64 salt;		/* more of the label, not in the sample */
	u32 pid;
	u32 uid;
	u64 data[2];
	const char *comm;
	struct pt_regs *iregs;	/* a profiler sample's interrupted registers */
};

/*
 * Is this the label's first event of the epoch on this CPU?  A set of
 * label hashes (open addressing, a few probes): a label that shares its
 * HCA cell with a frequent one is still sampled at its first event,
 * where the cell's level alone would miss it (Chopstix' false negatives,
 * 5.3).  A full neighbourhood (more labels in the epoch than the set
 * holds: many processes starting) gives one of its labels' places to
 * the new one, chosen by the new label's hash: a label is never taken
 * for seen when it was not, so that its first event is sampled
 * whatever the storm; the label put out may be sampled again at its
 * next event (a sample more, never one less).
 */
static notrace bool vit_first(struct vit_copy *cp, u64 label)
{
	unsigned int i = label & (VIT_SEEN - 1), n;
	/* the slot is the low bits, the high ones tell labels apart */
	u32 tag = (u32)(label >> 32) | 1;

	for (n = 0; n < VIT_SEEN_PROBES; n++, i = (i + 1) & (VIT_SEEN - 1)) {
		if (cp->seen[i] == tag)
			return false;
		if (!cp->seen[i]) {
			cp->seen[i] = tag;
			return true;
		}
	}
	i = (label + ((label >> 48) & (VIT_SEEN_PROBES - 1))) & (VIT_SEEN - 1);
	cp->seen[i] = tag;
	return true;
}

/*
 * Slot @i of @cp (this CPU's copy) given to @label of @vital: the current
 * task's stacks walked into it.  Returns it as a sample's stack field.
 */
static notrace u16 vit_slot_fill(struct vit_cpu *vc, struct vit_copy *cp,
				 unsigned int i, u64 label, unsigned int vital,
				 bool disk, struct pt_regs *iregs)
{
	cp->walks++;
	cp->slots[i].label = label;
	cp->slots[i].vital = vital;
	cp->slots[i].cell = label >> (64 - ilog2(LTT_VITALS_HCA));
	cp->slots[i].disk = disk;
	vc->walking = true;
	ltt_stack_vital(&cp->stacks[i], READ_ONCE(vit.kdepth),
			READ_ONCE(vit.udepth), iregs);
	vc->walking = false;
	return 1 + smp_processor_id() * LTT_VITALS_STACKS + i;
}

/*
 * @label (of @vital, its count @count) gets the current task's stacks
 * when it has none yet: in a free slot while its vital sign holds fewer
 * than VIT_VITAL_STACKS, else in the slot of its vital sign's lightest
 * label when its count is above that one's (counts of one vital sign
 * compare: microseconds with microseconds).  Each vital sign keeps the
 * stacks of its heaviest labels, those the views list first.  Returns
 * its slot as a sample's stack field (1 + this CPU's first index + the
 * slot), or 0.
 */
static noinline notrace u16 vit_stack_keep(struct vit_cpu *vc,
					   struct vit_copy *cp,
					   unsigned int vital, u64 label,
					   u32 count, struct pt_regs *iregs)
{
	unsigned int i, light = LTT_VITALS_STACKS, mine = 0;
	u32 min = U32_MAX;

	for (i = 0; i < cp->nstacks; i++) {
		const struct vit_slot *sl = &cp->slots[i];
		u32 c;

		if (sl->vital != vital || sl->disk)
			continue;
		if (sl->label == label)
			goto found;
		mine++;
		c = cp->hca[vit_row(sl->vital)][sl->cell];
		if (c < min) {
			min = c;
			light = i;
		}
	}
	if (cp->walks >= VIT_WALKS_MAX)
		return 0;
	if (mine < VIT_VITAL_STACKS && cp->nstacks < LTT_VITALS_STACKS)
		i = cp->nstacks++;
	else if (light < LTT_VITALS_STACKS && min < count)
		i = light;
	else
		return 0;
	return vit_slot_fill(vc, cp, i, label, vital, false, iregs);
found:
	return 1 + smp_processor_id() * LTT_VITALS_STACKS + i;
}

/*
 * An event of @label raised its cell @cell to @new, or is the label's
 * first: kept as a sample when there is room.  Out of line, so that the
 * event that only counts (most of them) pays for none of this.
 */
static noinline notrace void vit_sample(struct vit_cpu *vc,
					struct vit_copy *cp,
					const struct vit_ev *e, u64 label,
					const u32 *cell, u32 new, bool first)
{
	struct ltt_vital_sample *s;
	u64 t0, high;

	/*
	 * The levels' samples stop at three quarters of an array an epoch;
	 * the first event of a label (one never seen this epoch: the rare
	 * ones) is sampled while the array has room, which the daemon's
	 * DRAINs make while the epoch runs.
	 */
	if (cp->nsamples >= LTT_VITALS_SAMPLES ||
	    (!first && cp->kept >= LTT_VITALS_SAMPLES * 3 / 4)) {
		cp->dropped++;
		return;
	}
	t0 = local_clock();
	s = &cp->samples[cp->nsamples++];
	cp->kept++;
	/*
	 * A quarter full: the daemon woken to drain it (an irq_work: this may
	 * run under the scheduler's locks, where no wake-up can be made).
	 */
	if (cp->nsamples >= LTT_VITALS_SAMPLES / 4 && !cp->woke) {
		cp->woke = 1;
		irq_work_queue(&vit.wake);
	}
	s->time = vit_now();
	s->label = label;
	s->site = e->site;
	s->data[0] = e->data[0];
	s->data[1] = e->data[1];
	s->pid = e->pid;
	s->uid = e->uid;
	s->count = new;
	s->vital = e->vital;
	s->cell = cell - cp->hca[vit_row(e->vital)];
	s->key = e->key;
	s->cpu = smp_processor_id();
	memcpy(s->comm, e->comm, sizeof(s->comm));
	/* DISK: its issue's; the others': their label's, set at SWAP */
	s->stack = e->stack == VIT_STACK_REF ? e->stack_ref : 0;
	if (e->stack == VIT_STACK_HERE && vit.stack_base)
		vit_stack_keep(vc, cp, e->vital, label, new, e->iregs);
	/*
	 * The CPU watermark: one step more at each multiple of it this
	 * CPU's sampling reaches (interrupts are off: the time is this
	 * sample's, and an interrupt's event cannot come in between)
	 */
	cp->sampling_ns += local_clock() - t0;
	high = READ_ONCE(vit.cpu_high_ns);
	if (high && cp->sampling_ns >= high * (cp->cpu_steps + 1) &&
	    cp->cpu_steps < LTT_VITALS_SHIFT_MAX)
		cp->cpu_steps++;
}

/*
 * The levels' step now: the epoch's, the CPU watermark's steps, and the
 * watermark within the epoch (Chopstix 4.1.3): past half of the sample
 * array, one step more every sixteenth, so that a burst of one vital
 * sign does not fill it.
 */
static __always_inline notrace unsigned int vit_shift(const struct vit_copy *cp)
{
	unsigned int shift = READ_ONCE(vit.shift) + cp->cpu_steps;

	/*
	 * the epoch's samples, drained ones included: past half an array,
	 * one step more every 32 (33 at most: past 32 a level is a level)
	 */
	if (cp->kept >= LTT_VITALS_SAMPLES / 2)
		shift += 1 + min_t(u32, 32, (cp->kept - LTT_VITALS_SAMPLES / 2) /
					    (LTT_VITALS_SAMPLES / 16));
	return shift;
}

/*
 * An event of the current task (@e: vital, site, key, salt, weight) that
 * repeats the label it counted last on this CPU, and does not raise its
 * cell to another level: counted here, without the task's pid, uid and
 * comm nor the hash (true).  Otherwise nothing is done (false): the
 * caller counts it in full, which samples it where it should.  The same
 * task, site and key with the same credentials (a setuid makes new ones)
 * and comm make the same label: its hash's inputs are those.
 */
/*
 * @r made by the current task @tsk as it is now: the same thread, pid,
 * credentials and comm (read in place: a copy would be a zeroed local
 * first, INIT_STACK_ALL_ZERO).
 */
static __always_inline notrace bool vit_rep_mine(const struct vit_repeat *r,
						 const struct task_struct *tsk)
{
	return r->task == tsk && r->pid == tsk->pid &&
	       r->cred == current_cred() &&
	       get_unaligned((const u64 *)tsk->comm) == r->comm[0] &&
	       get_unaligned((const u64 *)&tsk->comm[8]) == r->comm[1];
}

/* @w more in @r's cell of @vital, when it stays in its level (true) */
static __always_inline notrace bool vit_rep_count(struct vit_copy *cp,
						  const struct vit_repeat *r,
						  unsigned int vital, u32 w)
{
	u32 old = *r->cell;
	u32 new = vit_cell_add(old, w);

	if (new >= r->limit || r->shift != vit_shift(cp))
		return false;
	*r->cell = new;
	cp->total[vital] += w;
	cp->events[vital]++;
	return true;
}

static notrace bool vit_repeat(struct vit_cpu *vc, const struct vit_ev *e)
{
	struct vit_copy *cp = &vc->copy[READ_ONCE(vit.cur)];
	const struct vit_repeat *r = &cp->rep[e->vital];

	if (r->site != e->site || r->key != e->key || r->salt != e->salt ||
	    !vit_rep_mine(r, current))
		return false;
	return vit_rep_count(cp, r, e->vital, e->weight);
}

/*
 * vit_repeat() for a system call's entry, from its record alone (the
 * system call loops' case): the full path's setup (interrupts off, the
 * event's fields, the futex test) was two thirds of the collector's cost
 * on the getppid loop (docs/benchmarks.md).  Interrupts stay on: what it
 * writes (the system call vital sign's repeat, its cells and its totals)
 * is written by system call entries alone, which an interrupt's event is
 * not, and the SWAP that empties the copy waits for a grace period, which
 * this caller's disabled preemption holds off.  A futex call takes the
 * full path (the lock vital sign's).  false: nothing done.
 */
static __always_inline notrace bool
vit_syscall_repeat(const struct ltt_ev_syscall_entry *ev)
{
	/* Pairs with the release in vit_start(). */
	struct vit_cpu **cpus = smp_load_acquire(&vit.cpus);
	struct task_struct *tsk = current;
	const struct vit_repeat *r;
	struct vit_copy *cp;
	struct vit_cpu *vc;

	vc = cpus ? cpus[smp_processor_id()] : NULL;
	if (!vc || ev->nr == __NR_futex)
		return false;
	cp = &vc->copy[READ_ONCE(vit.cur)];
	r = &cp->rep[LTT_VITAL_SYSCALL];
	if (r->task != tsk || r->key != ev->nr ||
	    r->site != (user_stack_pointer(task_pt_regs(tsk)) &
			LTT_VITALS_SP_MASK) ||
	    !vit_rep_mine(r, tsk))
		return false;
	return vit_rep_count(cp, r, LTT_VITAL_SYSCALL, 1);
}

/*
 * A system call's entry (@data, @len: its record), from the callback
 * while the collector runs: a repeat counted at once, any other event
 * on the full path.  Its callers need nothing back (the full path's
 * false is for faults alone), so that the full path is a tail call.
 */
notrace void ltt_vitals_syscall(const void *data, unsigned int len)
{
	const struct ltt_sys_batch *b = this_cpu_ptr(&ltt_sys_batch);

	/*
	 * The repeat here runs with interrupts on (preemption off): not
	 * while batches are on, nor while this CPU has one open or a count
	 * in one, which vit_sys_take() writes from interrupts
	 * (vit_sys_take_ipi()).
	 */
	if (len < sizeof(struct ltt_ev_syscall_entry) || READ_ONCE(vit.batch) ||
	    !(READ_ONCE(b->nr) & LTT_SYS_CLOSED) ||
	    READ_ONCE(b->base) != READ_ONCE(b->left) ||
	    !vit_syscall_repeat(data))
		ltt_vitals_event(LTT_EV_SYSCALL_ENTRY, data, len, NULL, 0);
}

/* Interrupts off, on this CPU. */
static notrace void vit_account(struct vit_cpu *vc, const struct vit_ev *e)
{
	struct vit_copy *cp = &vc->copy[READ_ONCE(vit.cur)];
	unsigned int shift = vit_shift(cp);
	u64 label;
	u32 *cell, old, new;
	bool first;

	label = vit_hash(e->site ^ ((u64)(e->key & ~e->key_data) << 48) ^
			 e->salt,
			 ((u64)e->pid << 32) | e->uid, vit_comm_id(e->comm));
	cell = &cp->hca[vit_row(e->vital)][label >> (64 - ilog2(LTT_VITALS_HCA))];
	old = *cell;
	new = vit_cell_add(old, e->weight);
	*cell = new;
	cp->total[e->vital] += e->weight;
	cp->events[e->vital]++;
	/*
	 * A loop's events repeat their label: the one counted last on this
	 * CPU is in the set of labels seen already, without its probes
	 * (which vary with the label's place among the others').
	 */
	if (label == cp->last[e->vital]) {
		first = false;
	} else {
		first = vit_first(cp, label);
		cp->last[e->vital] = label;
	}
	/* the current task's label: its next events may repeat it */
	if (e->stack == VIT_STACK_HERE) {
		struct vit_repeat *r = &cp->rep[e->vital];

		r->task = current;
		r->pid = current->pid;
		r->cred = current_cred();
		r->site = e->site;
		r->key = e->key;
		r->salt = e->salt;
		memcpy(r->comm, current->comm, sizeof(r->comm));
		r->cell = cell;
		r->shift = shift;
		r->limit = vit_limit(new, shift);
	} else {
		cp->rep[e->vital].task = NULL;
	}
	if (!first && vit_level(new, shift) <= vit_level(old, shift))
		return;
	vit_sample(vc, cp, e, label, cell, new, first);
}

static notrace void vit_current(struct vit_ev *e)
{
	e->stack = VIT_STACK_HERE;
	e->pid = current->pid;
	e->uid = from_kuid_munged(&init_user_ns, current_uid());
	e->comm = current->comm;
}

/*
 * Batches: a task's system calls counted on its CPU (the kernel's
 * ltt_sys_repeat(), <linux/ltt.h>).  After a system call's entry was
 * counted here under the task's repeat (cp->rep), the next ones with the
 * same label are counted by the kernel in the CPU's ltt_sys_batch, as
 * many as keep the cell under its level's limit (the one that reaches it
 * comes here, where it is sampled), VIT_BATCH_MAX at most.  Their count
 * is taken into the cell, and the batch closed, when the task leaves the
 * CPU, at its next entry that comes here, and at SWAP on every CPU
 * (vit_sys_take()): a batch never outlives its task's turn on the CPU
 * nor its epoch, so that an open batch is the running task's.
 */
#define VIT_BATCH_MAX	4096

/* A count whose repeat is gone (a race with a take): the label in full. */
static noinline notrace void vit_sys_account(struct vit_cpu *vc, u64 sp,
					     u32 nr, u32 n)
{
	struct vit_ev e = {
		.vital = LTT_VITAL_SYSCALL,
		.site = sp,
		.key = nr,
		.weight = n,
	};

	vit_current(&e);
	vit_account(vc, &e);
	vc->copy[READ_ONCE(vit.cur)].events[LTT_VITAL_SYSCALL] += n - 1;
}

/*
 * Interrupts off, on the current task's CPU: the calls its batch counted
 * since the last take go into the sketch; @close: the batch closed.
 */
static notrace void vit_sys_take(struct vit_cpu *vc, bool close)
{
	struct ltt_sys_batch *b = this_cpu_ptr(&ltt_sys_batch);
	u32 nr = READ_ONCE(b->nr);
	u32 left = READ_ONCE(b->left);
	u32 n = b->base - left;
	struct vit_copy *cp;
	struct vit_repeat *r;

	if (close && !(nr & LTT_SYS_CLOSED))
		WRITE_ONCE(b->nr, nr | LTT_SYS_CLOSED);
	if (likely(!n))
		return;
	WRITE_ONCE(b->base, left);
	nr &= ~LTT_SYS_CLOSED;
	cp = &vc->copy[READ_ONCE(vit.cur)];
	r = &cp->rep[LTT_VITAL_SYSCALL];
	if (!r->cell || r->site != b->sp || r->key != nr ||
	    !vit_rep_mine(r, current)) {
		vit_sys_account(vc, b->sp, nr, n);
		return;
	}
	*r->cell = vit_cell_add(*r->cell, n);
	cp->total[LTT_VITAL_SYSCALL] += n;
	cp->events[LTT_VITAL_SYSCALL] += n;
}

/*
 * Interrupts off: after the current task's entry of @nr at @site was
 * counted, a batch for the next ones when they stay in the cell's level.
 */
static notrace void vit_sys_open(struct vit_cpu *vc, u32 nr, u64 site)
{
	struct vit_copy *cp = &vc->copy[READ_ONCE(vit.cur)];
	const struct vit_repeat *r = &cp->rep[LTT_VITAL_SYSCALL];
	struct ltt_sys_batch *b = this_cpu_ptr(&ltt_sys_batch);
	u64 room;

	if (!READ_ONCE(vit.batch) || nr >= LTT_SYS_CLOSED ||
	    nr == __NR_futex || r->task != current || !r->cell ||
	    r->site != site || r->key != nr || r->shift != vit_shift(cp) ||
	    r->limit <= *r->cell)
		return;
	/* @left - 1 calls counted by the kernel: the cell stays below @limit */
	room = min_t(u64, r->limit - *r->cell, VIT_BATCH_MAX);
	if (room <= 1)
		return;
	b->sp = site;
	WRITE_ONCE(b->left, room);
	WRITE_ONCE(b->base, room);
	/* the label last: the kernel counts from here (this task, this CPU) */
	WRITE_ONCE(b->nr, nr);
}

/* SWAP's, on every CPU: the running task's batch taken into the old copy. */
notrace void vit_sys_take_ipi(void *unused)
{
	/* Pairs with the release in vit_start(). */
	struct vit_cpu **cpus = smp_load_acquire(&vit.cpus);

	if (cpus && cpus[smp_processor_id()])
		vit_sys_take(cpus[smp_processor_id()], true);
}

/*
 * Under ltt.ctl_mutex, at START, batches off: every CPU's batch closed,
 * its count dropped.
 */
void vit_sys_reset(void)
{
	int cpu;

	for_each_possible_cpu(cpu) {
		struct ltt_sys_batch *b = per_cpu_ptr(&ltt_sys_batch, cpu);

		WRITE_ONCE(b->nr, READ_ONCE(b->nr) | LTT_SYS_CLOSED);
		WRITE_ONCE(b->base, READ_ONCE(b->left));
	}
}

/*
 * Under ltt.ctl_mutex, around a change of the kernel's event keys for
 * the trace's mask @trace_mask (NULL: no trace): batches on while the
 * collector counts system calls and the trace does not record their
 * entries (which it must see, each), off otherwise.  Called before the
 * keys change (@after false: only turns them off, so that a trace that
 * starts misses no entry) and after (@after true: only turns them on).
 */
void ltt_vitals_batch_set(const u64 *trace_mask, bool after)
{
	bool on = static_key_enabled(&ltt_vitals_on) &&
		  (READ_ONCE(vit.vitals) & BIT(LTT_VITAL_SYSCALL)) &&
		  !(trace_mask && (trace_mask[LTT_EV_SYSCALL_ENTRY / 64] &
				   BIT_ULL(LTT_EV_SYSCALL_ENTRY % 64)));

	if (on != after || on == vit.batch)
		return;
	if (on) {
		WRITE_ONCE(vit.batch, true);
		ltt_trace_set_sys_repeat(ltt_trace_callback, true);
	} else {
		ltt_trace_set_sys_repeat(ltt_trace_callback, false);
		WRITE_ONCE(vit.batch, false);
	}
}

/* The user-mode instruction pointer the current task left, or 0. */
static notrace u64 vit_user_ip(void)
{
	if (current->flags & PF_KTHREAD)
		return 0;
	return instruction_pointer(task_pt_regs(current));
}

static notrace struct vit_task *vit_task(u32 pid)
{
	return &vit.tasks[hash_32(pid, ilog2(VIT_TASKS))];
}

static notrace void vit_delay(struct vit_cpu *vc, unsigned int vital,
			      struct vit_task *t, u64 now)
{
	struct vit_ev e = { .vital = vital };
	u64 ns = now - t->since;

	if (now < t->since || ns < READ_ONCE(vit.delay_min_ns))
		return;
	/* The weight in microseconds (at least 1): 71 minutes fit. */
	e.weight = max_t(u64, 1, min_t(u64, div_u64(ns, 1000), U32_MAX));
	e.site = t->site;
	e.pid = t->pid;
	e.uid = t->uid;
	e.comm = t->comm;
	e.data[0] = ns;
	e.data[1] = t->prio;
	/* its stacks when it left the CPU (vit_sched()), if its label's */
	e.stack = VIT_STACK_REF;
	e.stack_ref = t->stack;
	vit_account(vc, &e);
}

/*
 * The current task leaves the CPU (@t its entry, @vital what its wait
 * will count as): its stacks now, where it blocks or was preempted, for
 * the sample its wait may make, kept under its label as a sample's are.
 */
static notrace u16 vit_sched_stack(struct vit_cpu *vc,
				   const struct vit_task *t,
				   unsigned int vital)
{
	struct vit_copy *cp = &vc->copy[READ_ONCE(vit.cur)];
	u64 label = vit_hash(t->site, ((u64)t->pid << 32) | t->uid,
			     vit_comm_id(t->comm));
	u32 count = cp->hca[vit_row(vital)][label >> (64 - ilog2(LTT_VITALS_HCA))];

	return vit_stack_keep(vc, cp, vital, label, count + 1, NULL);
}

static notrace void vit_sched(struct vit_cpu *vc,
			      const struct ltt_ev_schedchange *ev)
{
	u64 now = vit_now();
	struct vit_task *t;
	unsigned int vital;

	/* prev is the current task: runnable (preempted) or blocked. */
	if (ev->prev_pid) {
		t = vit_task(ev->prev_pid);
		t->pid = ev->prev_pid;
		t->since = now;
		t->site = vit_user_ip();
		t->uid = from_kuid_munged(&init_user_ns, current_uid());
		t->prio = ev->prev_prio;
		t->kind = ev->prev_state ? VIT_BLOCKED : VIT_RUNNABLE;
		memcpy(t->comm, current->comm, sizeof(t->comm));
		t->stack = 0;
		vital = ev->prev_state ? LTT_VITAL_BLOCKING :
					 LTT_VITAL_SCHED_DELAY;
		if (vit.stack_base && (READ_ONCE(vit.vitals) & BIT(vital)))
			t->stack = vit_sched_stack(vc, t, vital);
	}
	t = vit_task(ev->next_pid);
	if (ev->next_pid && t->pid == ev->next_pid && t->kind == VIT_RUNNABLE &&
	    (READ_ONCE(vit.vitals) & BIT(LTT_VITAL_SCHED_DELAY)))
		vit_delay(vc, LTT_VITAL_SCHED_DELAY, t, now);
	if (t->pid == ev->next_pid)
		t->kind = 0;
}

static notrace void vit_wakeup(struct vit_cpu *vc,
			       const struct ltt_ev_process_wakeup *ev)
{
	struct vit_task *t = vit_task(ev->pid);
	u64 now;

	if (!ev->pid || t->pid != ev->pid || t->kind != VIT_BLOCKED)
		return;
	now = vit_now();
	if (READ_ONCE(vit.vitals) & BIT(LTT_VITAL_BLOCKING))
		vit_delay(vc, LTT_VITAL_BLOCKING, t, now);
	/* Runnable from now on: the delay until it runs is scheduling. */
	t->kind = VIT_RUNNABLE;
	t->since = now;
}

/* An IPv4 struct sockaddr_in of @len bytes at @addr as (address << 16) | port, or 0 */
static notrace u64 vit_inet(const void *addr, unsigned int len)
{
	struct sockaddr_in a;

	if (!addr || len < sizeof(a))
		return 0;
	memcpy(&a, addr, sizeof(a));
	if (a.sin_family != AF_INET)
		return 0;
	return ((u64)ntohl(a.sin_addr.s_addr) << 16) | ntohs(a.sin_port);
}

static notrace struct vit_peer *vit_peer_slot(u64 ino)
{
	return &vit.peers[hash_64(ino, ilog2(VIT_PEERS))];
}

/*
 * Interrupts off: a connect() or accept() of socket @ino whose peer is
 * now @peer (0: none, or not IPv4, which forgets an earlier one).
 */
static notrace void vit_peer_set(u64 ino, u64 peer)
{
	struct vit_peer *p;

	if (!vit.peers || !ino || ino > U32_MAX)
		return;
	p = vit_peer_slot(ino);
	if (!peer && READ_ONCE(p->ino) != ino)
		return;
	raw_spin_lock(&vit.peer_lock);
	WRITE_ONCE(p->seq, p->seq + 1);
	smp_wmb();	/* pairs with vit_peer_find()'s second smp_rmb() */
	WRITE_ONCE(p->ino, ino);
	WRITE_ONCE(p->peer, peer);
	smp_wmb();	/* pairs with the first */
	WRITE_ONCE(p->seq, p->seq + 1);
	raw_spin_unlock(&vit.peer_lock);
}

/* The peer vit_peer_set() kept for socket @ino, 0 when none or overwritten */
static notrace u64 vit_peer_find(u64 ino)
{
	const struct vit_peer *p;
	unsigned int seq;
	u64 peer;

	if (!vit.peers || !ino || ino > U32_MAX)
		return 0;
	p = vit_peer_slot(ino);
	seq = READ_ONCE(p->seq);
	smp_rmb();	/* pairs with vit_peer_set()'s second smp_wmb() */
	if (seq & 1 || READ_ONCE(p->ino) != ino)
		return 0;
	peer = READ_ONCE(p->peer);
	smp_rmb();	/* pairs with its first */
	return READ_ONCE(p->seq) == seq ? peer : 0;
}

/*
 * A connect() (@call SYS_CONNECT, done or in progress) or an accept()
 * (SYS_ACCEPT, the new socket): its socket's peer kept for its transfers.
 */
static notrace void vit_endpoint(const struct ltt_ev_socket_endpoint *ev,
				 const void *var, unsigned int var_len)
{
	unsigned int off = ev->local_len;

	if ((ev->call != SYS_CONNECT && ev->call != SYS_ACCEPT) ||
	    (ev->result && ev->result != -EINPROGRESS))
		return;
	if (!var || off > var_len || ev->peer_len > var_len - off)
		vit_peer_set(ev->ino, 0);
	else
		vit_peer_set(ev->ino, vit_inet((const u8 *)var + off,
					       ev->peer_len));
}

/*
 * A socket transfer's peer, from the address its event carries (the one
 * given to sendto/sendmsg, the source recvfrom filled in), else, for a
 * connected socket, from its connect() or accept() (vit_endpoint()): an
 * IPv4 address and port as (address << 16) | port, host order; 0 when
 * neither names one (a socket connected before the collector started, or
 * whose slot another connection took) or it is not IPv4
 * (docs/vitals.md).
 */
static notrace u64 vit_peer(const struct ltt_ev_socket_io *ev, const void *var,
			    unsigned int var_len)
{
	if (ev->family != AF_INET)
		return 0;
	if (ev->peer_len && var)
		return vit_inet(var, min_t(unsigned int, ev->peer_len, var_len));
	return vit_peer_find(ev->ino);
}

static notrace struct vit_req *vit_req(u64 rq)
{
	return &vit.reqs[hash_64(rq, ilog2(VIT_REQS))];
}

/*
 * The stacks of a block request's issuing task, for its completion's
 * sample (in whichever CPU's copy): its label's on this CPU, taken at its
 * first request in the epoch, in one of VIT_DISK_STACKS slots (never
 * given up).  Every request of the label names that slot: the sample of
 * a completion whose request was issued in the epoch before has none, the
 * next ones have it.
 */
static notrace void vit_rq_stack(struct vit_cpu *vc, struct vit_req *r,
				 const struct ltt_ev_block_rq_issue *ev)
{
	unsigned int cur = READ_ONCE(vit.cur);
	struct vit_copy *cp = &vc->copy[cur];
	u64 label = vit_hash(r->site ^ ((u64)ev->dev << 48),
			     ((u64)r->pid << 32) | r->uid, vit_comm_id(r->comm));
	unsigned int n;

	r->stack = 0;
	r->copy = cur;
	r->seq = READ_ONCE(vit.seq);
	if (!vit.stack_base)
		return;
	for (n = 0; n < cp->nstacks; n++) {
		if (cp->slots[n].disk && cp->slots[n].label == label) {
			r->stack = 1 + smp_processor_id() * LTT_VITALS_STACKS + n;
			return;
		}
	}
	if (cp->disk_stacks >= VIT_DISK_STACKS ||
	    cp->nstacks >= LTT_VITALS_STACKS)
		return;
	cp->disk_stacks++;
	r->stack = vit_slot_fill(vc, cp, cp->nstacks++, label, LTT_VITAL_DISK,
				 true, NULL);
}

/* A block request is issued by the current task: remember it. */
static notrace void vit_rq_issue(struct vit_cpu *vc,
				 const struct ltt_ev_block_rq_issue *ev)
{
	struct vit_req *r = vit_req(ev->rq);
	u64 old = READ_ONCE(r->rq);

	/*
	 * Claim the slot: another CPU writing it (an issue of a request of
	 * the same hash) keeps it, and this request's completion is skipped
	 * (counted) rather than paired with a mix of the two issues' fields.
	 */
	if (old == VIT_REQ_BUSY || cmpxchg(&r->rq, old, VIT_REQ_BUSY) != old)
		return;
	r->since = vit_now();
	r->site = vit_user_ip();
	r->pid = current->pid;
	r->uid = from_kuid_munged(&init_user_ns, current_uid());
	memcpy(r->comm, current->comm, sizeof(r->comm));
	vit_rq_stack(vc, r, ev);
	/* the fields above before @rq: pairs with vit_rq_complete()'s smp_rmb() */
	smp_store_release(&r->rq, ev->rq);
}

/*
 * Disk I/O: a block request's first completion record, weight 1, labelled
 * by the task that issued it and the user PC it entered the kernel from
 * (0 for a kernel thread: the writeback of dirty pages, a deferred
 * dispatch) and the disk (the key); data the bytes ended and the
 * operation, and the latency from issue to completion.  A completion
 * whose issue the collector did not see (issued before it started, or
 * its slot taken by another request in flight) is skipped: counted, not
 * guessed.
 */
static notrace void vit_rq_complete(struct vit_cpu *vc,
				    const struct ltt_ev_block_rq_complete *ev)
{
	struct vit_req *r = vit_req(ev->rq);
	struct vit_ev e = { .vital = LTT_VITAL_DISK, .weight = 1 };
	char comm[TASK_COMM_LEN];
	u64 now = vit_now(), since;
	u32 seq;
	u16 copy;

	if (!ev->rq || READ_ONCE(r->rq) != ev->rq)
		goto skip;
	/* @rq before the fields: pairs with vit_rq_issue()'s release */
	smp_rmb();
	since = r->since;
	e.site = r->site;
	e.pid = r->pid;
	e.uid = r->uid;
	memcpy(comm, r->comm, sizeof(comm));
	e.stack_ref = r->stack;
	seq = r->seq;
	copy = r->copy;
	/* full barrier: the copy above is of this issue's fields */
	if (cmpxchg(&r->rq, ev->rq, 0) != ev->rq)
		goto skip;
	e.comm = comm;
	/*
	 * Its issue's stacks, when they are in the copy of this epoch that
	 * this sample goes to: SWAP copies both out together.
	 */
	e.stack = VIT_STACK_REF;
	if (copy != READ_ONCE(vit.cur) || seq != READ_ONCE(vit.seq))
		e.stack_ref = 0;
	e.key = ev->dev;
	e.data[0] = (u64)ev->op << 32 | ev->bytes;
	e.data[1] = now > since ? now - since : 0;
	vit_account(vc, &e);
	return;
skip:
	vc->copy[READ_ONCE(vit.cur)].skipped++;
}

/*
 * Locking: a futex wait (FUTEX_WAIT, _WAIT_BITSET, _LOCK_PI, _LOCK_PI2,
 * _WAIT_REQUEUE_PI) and a futex wake (FUTEX_WAKE, _WAKE_BITSET,
 * _WAKE_OP, _REQUEUE, _CMP_REQUEUE, _CMP_REQUEUE_PI, _UNLOCK_PI), at
 * their system call's entry.  A lock taken or released without
 * contention makes no system call, so each one is a contended lock: a
 * wait its lock slow path, a wake its unlock slow path (Chopstix counts
 * both).  The label is the lock (the futex's user address) and the task:
 * the waiting one, or the one that releases it, its owner (Chopstix
 * labels by the owner, which a plain futex's wait does not name); the
 * key the command (a wake's with LTT_VITALS_FUTEX_WAKE); the data the
 * masked user stack pointer (the call path) and the value expected (a
 * PI futex's: the owner's tid), or for a wake the most waiters it may
 * wake.
 */
static notrace void vit_futex(struct vit_cpu *vc,
			      const struct ltt_ev_syscall_entry *ev,
			      struct pt_regs *regs)
{
	struct vit_ev e = { .vital = LTT_VITAL_LOCK, .weight = 1 };
	unsigned long args[6];
	unsigned int cmd;

	if (ev->nr != __NR_futex || in_compat_syscall())
		return;
	syscall_get_arguments(current, regs, args);
	cmd = args[1] & FUTEX_CMD_MASK;
	switch (cmd) {
	case FUTEX_WAIT:
	case FUTEX_WAIT_BITSET:
	case FUTEX_LOCK_PI:
	case FUTEX_LOCK_PI2:
	case FUTEX_WAIT_REQUEUE_PI:
		e.key = cmd;
		break;
	/*
	 * The unlock side (Chopstix' unlock slow path): the task that
	 * releases the futex, its owner, names the label.
	 */
	case FUTEX_WAKE:
	case FUTEX_WAKE_BITSET:
	case FUTEX_WAKE_OP:
	case FUTEX_REQUEUE:
	case FUTEX_CMP_REQUEUE:
	case FUTEX_CMP_REQUEUE_PI:
	case FUTEX_UNLOCK_PI:
		e.key = cmd | LTT_VITALS_FUTEX_WAKE;
		break;
	default:
		return;
	}
	e.site = args[0];
	e.data[0] = user_stack_pointer(regs) & LTT_VITALS_SP_MASK;
	e.data[1] = (u32)args[2];
	vit_current(&e);
	vit_account(vc, &e);
}

/*
 * Locking: a task queues on a held kernel mutex or rw_semaphore.  The
 * label is the holder and the site (Chopstix: the lock's owner and the
 * locking site), the waiting task's pid, uid and comm, the kind in the
 * key; the data the lock's address and the holder's thread id and the
 * other tasks queued.  The holder's thread id enters the label spread
 * over 64 bits (a multiplication by the golden ratio's 2^64 fraction),
 * so that it does not collide with the sites' low bits.
 */
static notrace void vit_klock(struct vit_cpu *vc,
			      const struct ltt_ev_lock_contend *ev)
{
	struct vit_ev e = { .vital = LTT_VITAL_LOCK, .weight = 1 };

	e.site = ev->site;
	e.key = LTT_VITALS_KLOCK_KEY(ev->kind, ev->flags);
	e.salt = (u64)ev->owner * 0x9e3779b97f4a7c15ULL;
	e.data[0] = ev->lock;
	e.data[1] = (u64)ev->owner << 32 | ev->waiters;
	vit_current(&e);
	vit_account(vc, &e);
}

/*
 * From ltt_trace_callback() while the collector runs: any context, with
 * preemption disabled; interrupts are disabled here so that a nested
 * event does not interleave with this one's update.  @var is the
 * record's variable part (a socket transfer's peer address).  Returns
 * false for the faults of the collector's own user stack walk, which the
 * trace does not record either.
 */
notrace bool ltt_vitals_event(unsigned int id, const void *data,
			      unsigned int len, const void *var,
			      unsigned int var_len)
{
	struct vit_ev e = { 0 };
	struct vit_cpu **cpus, *vc;
	unsigned long flags;
	bool ours = false;
	u32 want;

	if (!data)
		return true;
	local_irq_save(flags);
	/* Pairs with the release in vit_start(). */
	cpus = smp_load_acquire(&vit.cpus);
	vc = cpus ? cpus[smp_processor_id()] : NULL;
	if (!vc)
		goto out;
	if (in_nmi()) {
		vc->copy[READ_ONCE(vit.cur)].skipped++;
		goto out;
	}
	want = READ_ONCE(vit.vitals);
	switch (id) {
	case LTT_EV_SCHEDCHANGE:
		/* the task leaving the CPU is current: its batch ends here */
		if (want & BIT(LTT_VITAL_SYSCALL))
			vit_sys_take(vc, true);
		if (len >= sizeof(struct ltt_ev_schedchange) && vit.tasks)
			vit_sched(vc, data);
		goto out;
	case LTT_EV_PROCESS_WAKEUP:
		if (len >= sizeof(struct ltt_ev_process_wakeup) && vit.tasks)
			vit_wakeup(vc, data);
		goto out;
	case LTT_EV_BLOCK_RQ_ISSUE:
		if ((want & BIT(LTT_VITAL_DISK)) && vit.reqs &&
		    len >= sizeof(struct ltt_ev_block_rq_issue))
			vit_rq_issue(vc, data);
		goto out;
	case LTT_EV_BLOCK_RQ_COMPLETE:
		if ((want & BIT(LTT_VITAL_DISK)) && vit.reqs &&
		    len >= sizeof(struct ltt_ev_block_rq_complete))
			vit_rq_complete(vc, data);
		goto out;
	case LTT_EV_LOCK_CONTEND:
		if ((want & BIT(LTT_VITAL_LOCK)) &&
		    len >= sizeof(struct ltt_ev_lock_contend))
			vit_klock(vc, data);
		goto out;
	case LTT_EV_SYSCALL_ENTRY: {
		const struct ltt_ev_syscall_entry *ev = data;
		struct pt_regs *regs = task_pt_regs(current);

		if (len < sizeof(*ev) || (current->flags & PF_KTHREAD))
			goto out;
		vit_sys_take(vc, true);
		if (want & BIT(LTT_VITAL_LOCK))
			vit_futex(vc, ev, regs);
		if (!(want & BIT(LTT_VITAL_SYSCALL)))
			goto out;
		e.vital = LTT_VITAL_SYSCALL;
		e.site = user_stack_pointer(regs) & LTT_VITALS_SP_MASK;
		e.key = ev->nr;
		e.data[0] = regs_get_kernel_argument(regs, 0);
		e.data[1] = ev->ip;
		break;
	}
	case LTT_EV_TRAP_EXIT:
		/* the collector's own user walk's fault: not the task's */
		ours = vc->walking;
		goto out;
	case LTT_EV_TRAP_ENTRY: {
		const struct ltt_ev_trap_entry *ev = data;

		if (vc->walking) {
			ours = true;
			goto out;
		}
		/* page faults on user addresses: user page allocation */
		if (!(want & BIT(LTT_VITAL_UPAGE)) || len < sizeof(*ev) ||
		    ev->vector != 14 || ev->address >= TASK_SIZE_MAX ||
		    (current->flags & PF_KTHREAD))
			goto out;
		e.vital = LTT_VITAL_UPAGE;
		e.site = (ev->flags & LTT_TRAP_USER) ? ev->ip : vit_user_ip();
		e.key = ev->vector;
		e.data[0] = ev->address;
		e.data[1] = global_zone_page_state(NR_FREE_PAGES);
		break;
	}
	case LTT_EV_SIGNAL_DELIVER: {
		const struct ltt_ev_signal_deliver *ev = data;

		if (!(want & BIT(LTT_VITAL_SIGNAL)) || len < sizeof(*ev))
			goto out;
		e.vital = LTT_VITAL_SIGNAL;
		e.site = vit_user_ip();
		e.key = ev->sig;
		e.data[0] = ev->handler;
		break;
	}
	case LTT_EV_MEM_PAGE_ALLOC: {
		const struct ltt_ev_page_alloc *ev = data;

		/*
		 * Kernel page allocation, weighed in pages.  Chopstix labels
		 * it by the allocation site, passed down to the allocator
		 * by a change of its interface; here the label is the task
		 * and the order; the GFP flags (in the key, not the label)
		 * and the user PC it entered the kernel from (0 for kernel
		 * threads) are data: in the label, each made many labels
		 * per process, and their samples filled the epoch's
		 * (docs/vitals.md).
		 */
		if (!(want & BIT(LTT_VITAL_KPAGE)) || len < sizeof(*ev) ||
		    ev->order >= 32)
			goto out;
		e.vital = LTT_VITAL_KPAGE;
		e.key = LTT_VITALS_KPAGE_KEY(ev->order, ev->gfp);
		e.key_data = ~0xffU;
		e.data[0] = vit_user_ip();
		e.data[1] = global_zone_page_state(NR_FREE_PAGES);
		e.weight = 1U << ev->order;
		vit_current(&e);
		vit_account(vc, &e);
		goto out;
	}
	case LTT_EV_SOCKET_ENDPOINT:
	case LTT_EV_SOCKET_ACCEPT:
		if ((want & BIT(LTT_VITAL_SOCKET)) &&
		    len >= sizeof(struct ltt_ev_socket_endpoint))
			vit_endpoint(data, var, var_len);
		goto out;
	case LTT_EV_SOCKET_SEND:
	case LTT_EV_SOCKET_RECV: {
		const struct ltt_ev_socket_io *ev = data;
		struct pt_regs *regs = task_pt_regs(current);

		/*
		 * The label: the masked user stack pointer, as for system
		 * calls (the call site is the C library's), and the
		 * direction, family and type.
		 */
		if (!(want & BIT(LTT_VITAL_SOCKET)) || len < sizeof(*ev) ||
		    (current->flags & PF_KTHREAD))
			goto out;
		e.vital = LTT_VITAL_SOCKET;
		e.site = user_stack_pointer(regs) & LTT_VITALS_SP_MASK;
		e.key = LTT_VITALS_SOCKET_KEY(id == LTT_EV_SOCKET_RECV,
					      ev->family, ev->type);
		e.data[0] = (u64)ev->ret;
		e.data[1] = vit_peer(ev, var, var_len);
		break;
	}
	case LTT_EV_SAMPLE: {
		const struct ltt_ev_sample *ev = data;

		if (!(want & BIT(LTT_VITAL_CPU)) || len < sizeof(*ev))
			goto out;
		e.vital = LTT_VITAL_CPU;
		e.iregs = get_irq_regs();
		e.site = ev->ip & LTT_VITALS_SP_MASK;
		e.key = ev->flags & LTT_SAMPLE_USER;
		e.data[0] = ev->ip;
		e.data[1] = ev->flags;
		break;
	}
	default:
		goto out;
	}
	e.weight = 1;
	if (!vit_repeat(vc, &e)) {
		vit_current(&e);
		vit_account(vc, &e);
	}
	if (id == LTT_EV_SYSCALL_ENTRY)
		vit_sys_open(vc, e.key, e.site);
out:
	local_irq_restore(flags);
	return !ours;
}

/* The kernel event ids the collector needs for @vitals. */
void ltt_vitals_mask(u64 *mask)
{
	u32 v = READ_ONCE(vit.vitals);

	if (!static_key_enabled(&ltt_vitals_on))
		return;
	if (v & (BIT(LTT_VITAL_SCHED_DELAY) | BIT(LTT_VITAL_BLOCKING))) {
		mask[LTT_EV_SCHEDCHANGE / 64] |= BIT_ULL(LTT_EV_SCHEDCHANGE % 64);
		mask[LTT_EV_PROCESS_WAKEUP / 64] |=
			BIT_ULL(LTT_EV_PROCESS_WAKEUP % 64);
	}
	if (v & (BIT(LTT_VITAL_SYSCALL) | BIT(LTT_VITAL_LOCK)))
		mask[LTT_EV_SYSCALL_ENTRY / 64] |=
			BIT_ULL(LTT_EV_SYSCALL_ENTRY % 64);
	/* a task's batch of system calls is taken when it leaves its CPU */
	if (v & BIT(LTT_VITAL_SYSCALL))
		mask[LTT_EV_SCHEDCHANGE / 64] |=
			BIT_ULL(LTT_EV_SCHEDCHANGE % 64);
	if (v & BIT(LTT_VITAL_LOCK))
		mask[LTT_EV_LOCK_CONTEND / 64] |=
			BIT_ULL(LTT_EV_LOCK_CONTEND % 64);
	if (v & BIT(LTT_VITAL_UPAGE))
		mask[LTT_EV_TRAP_ENTRY / 64] |= BIT_ULL(LTT_EV_TRAP_ENTRY % 64);
	if (v & BIT(LTT_VITAL_SIGNAL))
		mask[LTT_EV_SIGNAL_DELIVER / 64] |=
			BIT_ULL(LTT_EV_SIGNAL_DELIVER % 64);
	if (v & BIT(LTT_VITAL_DISK)) {
		mask[LTT_EV_BLOCK_RQ_ISSUE / 64] |=
			BIT_ULL(LTT_EV_BLOCK_RQ_ISSUE % 64);
		mask[LTT_EV_BLOCK_RQ_COMPLETE / 64] |=
			BIT_ULL(LTT_EV_BLOCK_RQ_COMPLETE % 64);
	}
	if (v & BIT(LTT_VITAL_KPAGE))
		mask[LTT_EV_MEM_PAGE_ALLOC / 64] |=
			BIT_ULL(LTT_EV_MEM_PAGE_ALLOC % 64);
	if (v & BIT(LTT_VITAL_SOCKET)) {
		mask[LTT_EV_SOCKET_SEND / 64] |=
			BIT_ULL(LTT_EV_SOCKET_SEND % 64);
		mask[LTT_EV_SOCKET_RECV / 64] |=
			BIT_ULL(LTT_EV_SOCKET_RECV % 64);
		/* the peers of connected sockets: vit_endpoint() */
		mask[LTT_EV_SOCKET_ENDPOINT / 64] |=
			BIT_ULL(LTT_EV_SOCKET_ENDPOINT % 64);
		mask[LTT_EV_SOCKET_ACCEPT / 64] |=
			BIT_ULL(LTT_EV_SOCKET_ACCEPT % 64);
	}
}

