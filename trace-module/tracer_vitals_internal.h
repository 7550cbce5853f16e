/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tracer_vitals_internal.h - the vital signs collector's state, shared by
 * the collector (tracer_vitals.c: the event points' side) and its device
 * (tracer_vitals_dev.c: /dev/ltt-vitals, START, STOP, SWAP, DRAIN).
 */
#ifndef TRACER_VITALS_INTERNAL_H
#define TRACER_VITALS_INTERNAL_H

#include <linux/fs.h>
#include <linux/irq_work.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/timekeeping.h>
#include <linux/wait.h>
#include <ltt/ltt-clock.h>

/* labels seen in the epoch on the CPU, by their hash (0: free) */
#define VIT_SEEN	1024
#define VIT_SEEN_PROBES	8

/*
 * The HCA rows: one per vital sign the module can collect (L2 cache
 * misses never here: QEMU's TCG has no PMU).
 */
#define VIT_ROWS	(LTT_VITALS - 1)

static inline notrace unsigned int vit_row(unsigned int vital)
{
	return vital - (vital > LTT_VITAL_L2);
}

/*
 * The stacks of a CPU's copy: one per label, kept for the heaviest labels
 * (a label's count beyond the lightest's takes its slot), which are those
 * the views show first; a sample gets its label's at SWAP.  The DISK
 * vital sign's are taken at a request's issue (its completion runs in
 * another task), in VIT_DISK_STACKS slots of their own that are never
 * given up, and named by the request.
 */
#define VIT_DISK_STACKS	(LTT_VITALS_STACKS / 8)
/*
 * The slots of one vital sign at most (with the DISK ones, they fit in
 * LTT_VITALS_STACKS whatever the vital signs)
 */
#define VIT_VITAL_STACKS	((LTT_VITALS_STACKS - VIT_DISK_STACKS) / VIT_ROWS)
/* Stack walks a CPU does at most an epoch (the slots change hands) */
#define VIT_WALKS_MAX	(4 * LTT_VITALS_STACKS)

struct vit_slot {
	u64 label;
	u16 vital;
	u16 cell;		/* the label's HCA cell: its count now */
	u16 disk;		/* taken at a block request's issue */
	u16 pad;
};

/*
 * The label the current task counted last on this CPU, per vital sign,
 * and what made it: the next event of the same task with the same site,
 * key, credentials, pid and comm is the same label, counted in @cell without
 * its hash (the system call loops' case); task NULL: none.  @limit is the
 * count at which the cell's level rises, under the levels' step @shift
 * (vit_limit()): the cell only grows, so a limit from a count of before
 * is never above the one of now, and an event under it stays in its
 * level while the step is the same.
 */
struct vit_repeat {
	const struct task_struct *task;
	const struct cred *cred;
	u64 site;
	u64 salt;
	u64 comm[2];
	u32 key;
	u32 pid;		/* a task_struct reused by another thread */
	u32 *cell;
	u32 shift;
	u64 limit;
};

struct vit_copy {
	u32 hca[VIT_ROWS][LTT_VITALS_HCA];
	struct vit_repeat rep[LTT_VITALS];
	u32 seen[VIT_SEEN];
	u64 last[LTT_VITALS];		/* the label counted last, per vital sign */
	u64 total[LTT_VITALS];
	u64 events[LTT_VITALS];
	u64 dropped;
	u64 skipped;
	u32 nsamples;			/* in samples[] (a DRAIN empties it) */
	u32 kept;			/* samples kept this epoch */
	u32 woke;			/* the poller woken since the last DRAIN */
	u32 nstacks;
	u32 disk_stacks;
	u32 walks;			/* stack walks this epoch */
	u32 cpu_steps;			/* the CPU watermark's, this epoch */
	u64 sampling_ns;		/* time spent in vit_sample() */
	struct ltt_vital_sample samples[LTT_VITALS_SAMPLES];
	struct vit_slot slots[LTT_VITALS_STACKS];
	struct ltt_vital_stack stacks[LTT_VITALS_STACKS];
};

struct vit_cpu {
	struct vit_copy copy[2];
	/* in ltt_stack_vital(): the faults of its user walk are its own */
	bool walking;
};

/* A task that is runnable (preempted or woken) or blocked, by pid. */
#define VIT_TASKS	1024
#define VIT_RUNNABLE	1
#define VIT_BLOCKED	2

struct vit_task {
	u64 since;
	u64 site;
	u32 pid;
	u32 uid;
	u8 kind;
	u8 pad;
	s16 prio;
	u16 stack;		/* its stacks at the switch (a sample's field) */
	u16 pad2;
	char comm[TASK_COMM_LEN];
};

/*
 * A block request in flight, by its identity (address): its issue's
 * time and task, for the DISK vital sign at its completion.  @rq is 0
 * while the slot is free, VIT_REQ_BUSY while an issue writes it (claimed
 * with a cmpxchg, the rest written, then @rq released); a completion
 * copies the rest, then puts @rq back to 0 with a cmpxchg that fails if
 * an issue took the slot meanwhile.
 */
#define VIT_REQS	256
#define VIT_REQ_BUSY	1	/* being written (a request's address is aligned) */

struct vit_req {
	u64 rq;
	u64 since;
	u64 site;
	u32 pid;
	u32 uid;
	char comm[TASK_COMM_LEN];
	/* its issuing task's stacks: a sample's stack field, in copy @copy of epoch @seq */
	u32 seq;
	u16 stack;
	u16 copy;
};

/*
 * The peer of a connected IPv4 socket, by its inode number: from the
 * connect() and accept() that connected it (LTT_EV_SOCKET_ENDPOINT,
 * _ACCEPT), for the SOCKET vital sign's data of the transfers whose
 * record names no peer (a send or receive on a connected socket).  One
 * slot per hash of @ino, the last connection there kept (a socket whose
 * slot a later connection took has no peer: 0, unknown); written under
 * vit.peer_lock, read through @seq without it (vit_peer_find()): a
 * sequence count by hand, odd while written, because seqcount_t grows
 * with lockdep and the table is in the memory budget (ltt_vitals_init()).
 * Sockets' inode numbers are 32-bit (sockfs' get_next_ino()).
 */
#define VIT_PEERS	128

struct vit_peer {
	u32 seq;
	u32 ino;
	u64 peer;			/* as vit_peer() gives it */
};

struct vit_state {
	struct vit_cpu **cpus;		/* [nr_cpu_ids], NULL while stopped */
	struct vit_task *tasks;		/* [VIT_TASKS] */
	struct vit_peer *peers;		/* [VIT_PEERS] */
	raw_spinlock_t peer_lock;	/* a writer of peers at a time */
	struct vit_req *reqs;		/* [VIT_REQS] */
	unsigned int cur;		/* the copy being written */
	unsigned int shift;		/* the levels' step */
	unsigned int shift_min;
	u32 vitals;			/* mask of enum ltt_vital */
	bool batch;			/* system calls counted on the CPU */
	u32 delay_min_ns;
	u64 cpu_high_ns;		/* the CPU watermark, 0: none */
	u8 kdepth, udepth;		/* a sample's stacks (0, 0: none) */
	u32 seq;
	/* SWAP's: per CPU, the index of its first stack, how many kept */
	u32 *stack_base;
	u64 start_ns;			/* of the current epoch */
	u64 drain_lost;			/* drained, not copied out (EFAULT) */
	struct file *owner;		/* under ltt.ctl_mutex */
	/* a CPU's array a quarter full: poll() says POLLIN (vit_drain_due()) */
	wait_queue_head_t wait;
	struct irq_work wake;
};

extern struct vit_state vit;

static inline notrace u64 vit_now(void)
{
	u64 ts = ktime_get_mono_fast_ns();

	if (static_branch_unlikely(&ltt_clock_skewed))
		ts = ltt_clock_skew(ts, ltt_clock_offset_ns, ltt_clock_drift_ppb);
	return ts;
}

/* @old + @w, saturated: a cell never wraps to a low count */
static __always_inline notrace u32 vit_cell_add(u32 old, u32 w)
{
	return old + w < old ? U32_MAX : old + w;
}

/* tracer_vitals.c */
void vit_sys_take_ipi(void *unused);
void vit_sys_reset(void);

#endif /* TRACER_VITALS_INTERNAL_H */
