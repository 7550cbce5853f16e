/* SPDX-License-Identifier: GPL-2.0 */
/*
 * timeline.h - internal: the states of the tasks and the segments of the
 * CPUs over some windows of a trace, kept from one pass of the accounting
 * (lttr_account_compute_hooks()), each blocked interval with the wakeup
 * that ended it: what the explanations (explain.c) and the critical path
 * (critpath.c) are read from.
 */
#ifndef LTTR_TIMELINE_H
#define LTTR_TIMELINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <lttr/analysis/account.h>
#include <lttr/analysis/explain.h>
#include <lttr/analysis/timing.h>
#include <lttr/model/flow.h>
#include "model/pidtab.h"

/*
 * A task enters a state at @t (struct lttr_acct_change, the reason of a
 * pending block resolved); a state lasts until the task's next one.
 * RUNNABLE after BLOCKED: @waker is the wakeup that made it runnable.
 */
struct tl_state {
	uint64_t t;
	uint8_t state;		/* enum lttr_task_state */
	uint8_t reason;		/* BLOCKED: enum lttr_block */
	uint8_t mode;		/* BLOCKED: the enum lttr_mode it blocked in */
	bool pending;		/* BLOCKED: @reason not known yet */
	bool preempted;		/* RUNNABLE: switched out runnable */
	uint16_t cpu;		/* RUNNING: its CPU */
	uint32_t what;		/* BLOCKED in a syscall: its number */
	bool latency;		/* RUNNABLE: its wait is a wakeup latency ... */
	uint64_t woken_ns;	/* ... from then (struct lttr_acct_wait) */
	struct lttr_waker waker;
	/*
	 * BLOCKED right after the task queued on a kernel lock (the lock's
	 * record, @lock.known); @lock_ok: the wakeup that ended it is the
	 * lock's release (on_transition(), docs/timing.md)
	 */
	struct lttr_ex_lock lock;
	bool lock_ok;
};

/*
 * @lk: the task's last lock_contend; @lk_queued: no system call of the
 * task began or ended since, nor did it switch out; @lk_at: it switched
 * out blocked then, right after queuing (@lk_armed): its BLOCKED state of
 * that time gets @lk
 */
struct tl_task {
	uint32_t pid;
	size_t n;
	size_t cap;
	struct tl_state *v;
	struct lttr_ex_lock lk;
	bool lk_queued;
	bool lk_armed;
	uint64_t lk_at;
};

struct tl_cpu {
	size_t n;
	size_t cap;
	struct lttr_flow_seg *v;
};

/* the tasks that queued on each kernel lock: (lock, pid) pairs, a hash set */
struct tl_lockq {
	uint64_t *lock;		/* 0: a free slot */
	uint32_t *pid;
	size_t n;
	size_t cap;		/* a power of 2, or 0 */
};

struct timeline {
	uint64_t *win;		/* the windows: [win[2i], win[2i+1]], sorted, disjoint */
	size_t nwin;
	uint32_t only_pid;	/* states of this task alone (with @only) */
	bool only;
	bool segments;		/* keep the CPUs' segments too */
	struct lttr_pidtab tasks;	/* struct tl_task per pid */
	struct tl_lockq lockq;
	struct tl_cpu cpu[LTT_MAX_CPUS];
	unsigned int ncpus;
	uint64_t start_ns;	/* the trace's window */
	uint64_t end_ns;
	struct lttr_account *acct;	/* the pass's accounting */
	int nomem;
	int (*progress)(void *arg, unsigned int permille);	/* or NULL */
	void *parg;
	uint64_t events;	/* seen, for the progress calls */
};

/*
 * One pass over @t keeping the states that overlap the windows @win
 * (@nwin pairs [start, end], in any order; none: the whole trace), of
 * every task or of @only_pid alone (@only), and with @segments the CPU
 * segments that overlap them; @progress (or NULL) is told the share of
 * the trace read (0..1000) now and then, and a non-zero answer cancels
 * (LTTR_E_CANCELED).  Return 0 or a negative enum lttr_errcode.
 */
int tl_collect(struct lttr_trace *t, const uint64_t *win, size_t nwin, bool segments,
	       bool only, uint32_t only_pid,
	       int (*progress)(void *arg, unsigned int permille), void *parg,
	       struct timeline *tl, struct lttr_error *err);

/* release what tl_collect() kept (the accounting too, unless taken) */
void tl_free(struct timeline *tl);

/* the states of @pid in time order, NULL when none */
const struct tl_task *tl_task(const struct timeline *tl, uint32_t pid);

/* the end of the state @i of @tk: the next one's start, or the trace's end */
uint64_t tl_state_end(const struct timeline *tl, const struct tl_task *tk, size_t i);

/* the index of the state of @tk at @t (the last that starts at or before) */
bool tl_state_at(const struct tl_task *tk, uint64_t t, size_t *i);

#endif /* LTTR_TIMELINE_H */
