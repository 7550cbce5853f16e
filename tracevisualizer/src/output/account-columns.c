// SPDX-License-Identifier: GPL-2.0
/*
 * account-columns.c - the figures of a task's time accounting as the
 * front ends show them (lttr/output/account-columns.h): one table for the
 * processes text table, the terminal's and the window's tables and
 * --json.  The words are those of docs/control-flow.md.
 */
#include <inttypes.h>
#include <stdio.h>
#include <lttr/analysis/account.h>
#include <lttr/analysis/share.h>
#include <lttr/output/account-columns.h>

static uint64_t c_thr(const struct lttr_acct_task *tk) { return tk->thread_life_ns; }
static uint64_t c_running(const struct lttr_acct_task *tk) { return tk->running_ns; }
static uint64_t c_user(const struct lttr_acct_task *tk) { return tk->user_ns; }
static uint64_t c_syscall(const struct lttr_acct_task *tk) { return tk->syscall_ns; }
static uint64_t c_trap(const struct lttr_acct_task *tk) { return tk->trap_ns; }
static uint64_t c_kthread(const struct lttr_acct_task *tk) { return tk->kernel_ns; }
static uint64_t c_intr(const struct lttr_acct_task *tk) { return tk->irq_ns; }
static uint64_t c_softirq(const struct lttr_acct_task *tk) { return tk->softirq_ns; }
static uint64_t c_runnable(const struct lttr_acct_task *tk) { return tk->runnable_ns; }
static uint64_t c_nodata(const struct lttr_acct_task *tk) { return tk->unknown_ns; }
static uint64_t c_io(const struct lttr_acct_task *tk) { return tk->blocked_ns[LTTR_BLOCK_IO]; }
static uint64_t c_sleep(const struct lttr_acct_task *tk) { return tk->blocked_ns[LTTR_BLOCK_SLEEP]; }
static uint64_t c_futex(const struct lttr_acct_task *tk) { return tk->blocked_ns[LTTR_BLOCK_FUTEX]; }
static uint64_t c_child(const struct lttr_acct_task *tk) { return tk->blocked_ns[LTTR_BLOCK_CHILD]; }
static uint64_t c_fault(const struct lttr_acct_task *tk) { return tk->blocked_ns[LTTR_BLOCK_FAULT]; }
static uint64_t c_other(const struct lttr_acct_task *tk) { return tk->blocked_ns[LTTR_BLOCK_OTHER]; }
static uint64_t c_unknown(const struct lttr_acct_task *tk)
{
	return tk->blocked_ns[LTTR_BLOCK_UNKNOWN];
}
static uint64_t c_switches(const struct lttr_acct_task *tk) { return tk->switches; }
static uint64_t c_preemptions(const struct lttr_acct_task *tk) { return tk->preemptions; }
static uint64_t c_zombie(const struct lttr_acct_task *tk) { return tk->zombie_ns; }

#define NS LTTR_ACOL_NS
#define ALL (LTTR_ACOL_TEXT | LTTR_ACOL_VIEWS)

const struct lttr_acct_col lttr_acct_cols[] = {
	{ "life", "lifetime",
	  "ms alive in the trace, wall clock (a process: from its first thread's start to its "
	  "last thread's end)",
	  "lifetime_ns", NULL, lttr_acct_task_life, NULL, NS, ALL, 10 },
	{ "thr-time", "thread time",
	  "ms of its threads' lifetimes summed: running + runnable + nodata + blocked",
	  "thread_lifetime_ns", NULL, c_thr, NULL, NS, ALL, 10 },
	{ "running", "running", "ms scheduled on a CPU (from its switches)",
	  "running_ns", NULL, c_running, NULL, NS, ALL, 10 },
	{ "scheduled", "scheduled", "ms scheduled: user + kernel + interrupted",
	  "scheduled_ns", NULL, lttr_acct_task_sched, NULL, NS, 0, 0 },
	{ "user", "user", "ms running its own code",
	  "user_ns", NULL, c_user, NULL, NS, ALL, 10 },
	{ "kernel", "kernel", "ms in the kernel on its behalf: syscalls + traps + kernel threads",
	  "kernel_ns", NULL, lttr_acct_task_kernel, NULL, NS, ALL, 10 },
	{ "syscall", "syscalls", "ms in system calls on its behalf",
	  "syscall_ns", NULL, c_syscall, NULL, NS, 0, 0 },
	{ "trap", "traps", "ms in traps (page faults...) on its behalf",
	  "trap_ns", NULL, c_trap, NULL, NS, 0, 0 },
	{ "kthread", "kernel thread", "ms of kernel thread code, or in the kernel for a reason "
	  "the trace does not show",
	  "kthread_ns", NULL, c_kthread, NULL, NS, 0, 0 },
	{ "intr", "interrupted",
	  "ms of irqs and softirqs that ran while it was current (not its own work)",
	  "interrupted_ns", NULL, c_intr, NULL, NS, ALL, 9 },
	{ "softirq", "softirqs", "ms of softirq handlers that ran while it was current",
	  "softirq_ns", NULL, c_softirq, NULL, NS, 0, 0 },
	{ "runnable", "runnable", "ms ready to run, waiting for a CPU",
	  "runnable_ns", NULL, c_runnable, NULL, NS, ALL, 10 },
	{ "nodata", "unknown (no data)",
	  "ms in an unknown state: ready to run (or current) while a CPU had no data "
	  "(events lost, or after a cut), which may have run it",
	  "unknown_ns", NULL, c_nodata, NULL, NS, ALL, 9 },
	{ "blocked", "blocked", "ms blocked, every reason",
	  "blocked_ns", NULL, lttr_acct_task_blocked, NULL, NS, ALL, 10 },
	{ "io", "io", "ms blocked in I/O (read, write, poll...)",
	  "io", "blocked_by", c_io, NULL, NS, ALL, 9 },
	{ "sleep", "sleep", "ms blocked sleeping (nanosleep, pause...)",
	  "sleep", "blocked_by", c_sleep, NULL, NS, ALL, 9 },
	{ "futex", "futex", "ms blocked on a futex (locks, joins)",
	  "futex", "blocked_by", c_futex, NULL, NS, ALL, 9 },
	{ "child", "child", "ms blocked waiting for a child (wait4, waitid)",
	  "child", "blocked_by", c_child, NULL, NS, ALL, 9 },
	{ "fault", "fault", "ms blocked in a trap (a page fault waiting for its page)",
	  "fault", "blocked_by", c_fault, NULL, NS, ALL, 9 },
	{ "other", "other", "ms blocked in another syscall, a kernel thread or user mode",
	  "other", "blocked_by", c_other, NULL, NS, ALL, 9 },
	{ "unknown", "unknown", "ms blocked for a reason the trace does not show",
	  "unknown", "blocked_by", c_unknown, NULL, NS, ALL, 9 },
	{ "switches", "switches", "times it was switched in",
	  "switches", NULL, c_switches, NULL, LTTR_ACOL_COUNT, 0, 0 },
	{ "preemptions", "preemptions", "times it was switched out while runnable",
	  "preemptions", NULL, c_preemptions, NULL, LTTR_ACOL_COUNT, 0, 0 },
	{ "zombie", "zombie", "ms dead, not reaped yet (not part of its lifetime)",
	  "zombie_ns", NULL, c_zombie, NULL, NS, 0, 0 },
	/* shares of the threads' time: what the time columns add up to */
	{ "%run", "% running", "running, in percent of the thread time",
	  NULL, NULL, c_running, c_thr, LTTR_ACOL_SHARE, LTTR_ACOL_TEXT, 6 },
	{ "%user", "% user", "user, in percent of the thread time",
	  NULL, NULL, c_user, c_thr, LTTR_ACOL_SHARE, LTTR_ACOL_TEXT, 6 },
	{ "%wio", "% blocked in I/O", "blocked in I/O, in percent of the thread time",
	  NULL, NULL, c_io, c_thr, LTTR_ACOL_SHARE, LTTR_ACOL_TEXT, 6 },
};

const size_t lttr_acct_ncols = sizeof(lttr_acct_cols) / sizeof(lttr_acct_cols[0]);

double lttr_acct_col_share(const struct lttr_acct_col *c, const struct lttr_acct_task *tk)
{
	return lttr_share_pct(c->get(tk), c->whole ? c->whole(tk) : 0);
}

const char *lttr_acct_col_fmt(const struct lttr_acct_col *c, uint64_t v, char *buf,
			      size_t size)
{
	if (c->unit == LTTR_ACOL_COUNT)
		snprintf(buf, size, "%" PRIu64, v);
	else
		snprintf(buf, size, "%.3f", (double)v / 1e6);
	return buf;
}

const char *lttr_acct_col_str(const struct lttr_acct_col *c, const struct lttr_acct_task *tk,
			      char *buf, size_t size)
{
	if (c->unit == LTTR_ACOL_SHARE) {
		snprintf(buf, size, "%.2f", lttr_acct_col_share(c, tk));
		return buf;
	}
	return lttr_acct_col_fmt(c, c->get(tk), buf, size);
}
