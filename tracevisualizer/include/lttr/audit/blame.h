/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/audit/blame.h - critical blame (AUDIT, section 3.3): what to blame
 * for a misbehaving instance (a task over an interval: a slow syscall, a
 * late wakeup, a request).  Its critical path (lttr/analysis/critpath.h)
 * says which party held it up at each time; the time is cut into
 * segments at every start and end of an activity, and each segment is
 * split equally among the activities in it (docs/triggers.md, "Blame"):
 *
 *  - the critical task running on a CPU: what ran there (the task, or an
 *    irq or softirq over it), alone;
 *  - the critical task runnable: every party that held a CPU meanwhile
 *    (tasks, irqs, softirqs; not the idle task), not on the critical path
 *    (they interfere); the task itself only when no CPU was busy;
 *  - the critical task blocked and not followed (a disk, a sleep, a wait
 *    nobody ended): the task, waiting;
 *  - unknown or absent: an unknown party.
 *
 * The sum of the blames is the interval's length, to the ns.  The ranking
 * is the paper's: the n parties with most blame on the critical path
 * (B1), plus the parties off the critical path whose activities overlap
 * one of B1's and that have at least as much blame as the least of B1
 * (B2).
 */
#ifndef LTTR_AUDIT_BLAME_H
#define LTTR_AUDIT_BLAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <lttr/reader/error.h>

struct lttr_trace;
struct lttr_account;
struct lttr_critpath;

/* an activity without a site */
#define LTTR_BLAME_NOSITE	UINT32_MAX

/**
 * struct lttr_blame_act - one party active over an interval (the input of
 *	the split, lttr_blame_split())
 * @start_ns: its start
 * @end_ns: its end (an activity with @end_ns <= @start_ns is ignored)
 * @party: the party's index
 * @site: the site's index (a finer key of the same time), or
 *	LTTR_BLAME_NOSITE
 * @critical: on the critical path
 * @fallback: active only where no other (non-fallback) activity is
 */
struct lttr_blame_act {
	uint64_t start_ns;
	uint64_t end_ns;
	uint32_t party;
	uint32_t site;
	bool critical;
	bool fallback;
};

/**
 * lttr_blame_split() - the paper's linear scan: each segment between two
 *	consecutive starts or ends split equally among the activities active
 *	in it (a party active twice at once, on two CPUs, gets two shares);
 *	a segment of d ns among k activities gives each d / k, and the
 *	remainder 1 ns each to the first ones in the order of @act
 * @act: the activities
 * @nact: how many
 * @nparty: the parties (every @act[].party below it)
 * @nsite: the sites (every @act[].site below it, or LTTR_BLAME_NOSITE)
 * @party_ns: receives each party's blame (@nparty entries, zeroed first)
 * @site_ns: receives each site's blame (@nsite entries, zeroed first;
 *	NULL when @nsite is 0)
 * @unblamed_ns: receives the time covered by none between the first start
 *	and the last end (may be NULL)
 *
 * Return: 0, or -1 (out of memory, or an index out of range).
 */
int lttr_blame_split(const struct lttr_blame_act *act, size_t nact, size_t nparty,
		     size_t nsite, uint64_t *party_ns, uint64_t *site_ns,
		     uint64_t *unblamed_ns);

/**
 * lttr_blame_select() - the paper's selection: B1, the @n parties on the
 *	critical path with most blame (ties: the lower index); alpha, the
 *	least blame in B1; B2, the parties never on the critical path with
 *	a blame >= alpha whose activities overlap (share a time with) one of
 *	B1's
 * @act: the activities (lttr_blame_split()'s)
 * @nact: how many
 * @party_ns: each party's blame
 * @nparty: how many parties
 * @n: the size of B1 asked for
 * @top: receives true for the parties of B1 and B2 (@nparty entries)
 *
 * A party is on the critical path when one of its activities is.
 *
 * Return: the size of B1 and B2 together, or (size_t)-1 (out of memory).
 */
size_t lttr_blame_select(const struct lttr_blame_act *act, size_t nact,
			 const uint64_t *party_ns, size_t nparty, unsigned int n, bool *top);

/**
 * enum lttr_blame_kind - what a party is
 * @LTTR_BLAME_TASK: a task (@pid)
 * @LTTR_BLAME_IRQ: an interrupt handler (@what, @sysvec)
 * @LTTR_BLAME_SOFTIRQ: a softirq (@what: its vector)
 * @LTTR_BLAME_UNKNOWN: the time nobody can be blamed for: no data, or
 *	a task not alive (@pid: the task the path was on)
 */
enum lttr_blame_kind {
	LTTR_BLAME_TASK,
	LTTR_BLAME_IRQ,
	LTTR_BLAME_SOFTIRQ,
	LTTR_BLAME_UNKNOWN,
};

/**
 * struct lttr_blame_party - a party and its blame
 * @kind: enum lttr_blame_kind
 * @sysvec: @what is an x86 system vector (LTTR_BLAME_IRQ)
 * @critical: on the critical path at some time
 * @top: in the selection (B1 or B2)
 * @pid: LTTR_BLAME_TASK, LTTR_BLAME_UNKNOWN: the task
 * @what: LTTR_BLAME_IRQ: the irq; LTTR_BLAME_SOFTIRQ: the vector
 * @blame_ns: its blame
 * @active_ns: the time it was active (shares or not)
 */
struct lttr_blame_party {
	uint8_t kind;
	bool sysvec;
	bool critical;
	bool top;
	uint32_t pid;
	uint32_t what;
	uint64_t blame_ns;
	uint64_t active_ns;
};

/**
 * struct lttr_blame_site - a finer key of a task's blame: where it was
 * @pid: the task
 * @state: enum lttr_cp_state (running, runnable, blocked)
 * @reason: LTTR_CP_BLOCKED: enum lttr_block
 * @mode: enum lttr_mode: where it ran (LTTR_CP_RUNNING) or blocked
 * @what: @mode LTTR_MODE_SYSCALL: the syscall's number (else 0)
 * @blame_ns: its blame
 */
struct lttr_blame_site {
	uint32_t pid;
	uint8_t state;
	uint8_t reason;
	uint8_t mode;
	uint32_t what;
	uint64_t blame_ns;
};

/*
 * The frames that name a code path: the innermost user frames (the
 * program's code that blocked or ran: a library's wrapper and its
 * callers), or, for a stack without user frames, the innermost kernel
 * frames.  Four: enough to tell the program's function behind a libc
 * wrapper and two of its callers apart, few enough that the blocks of
 * one function reached along different roots count as one path.  The
 * kernel frames of an off-CPU stack under the user ones (the scheduler,
 * the wait primitive) are left out: every block has them, and the
 * syscall and reason are the sites' already (docs/triggers.md).
 */
#define LTTR_BLAME_CODE_FRAMES	4u

/**
 * struct lttr_blame_code - a code path and its blame
 * @name: its leaf frames (LTTR_BLAME_CODE_FRAMES at most), folded root
 *	first and named as the stacks command names them
 * @critical: on the critical path at some time
 * @top: in the selection (B1 or B2 over the code paths)
 * @blame_ns: its blame
 * @active_ns: the time it was active (shares or not)
 */
struct lttr_blame_code {
	char *name;
	bool critical;
	bool top;
	uint64_t blame_ns;
	uint64_t active_ns;
};

/**
 * struct lttr_blame - the result of lttr_blame_compute()
 * @pid: the task of the instance
 * @from_ns: the instance's start
 * @to_ns: its end
 * @n: the size of B1 asked for
 * @nparty: entries of @party
 * @party: the parties, most blame first (ties: tasks, then irqs, then
 *	softirqs, then unknown; lower pid or number first)
 * @ntop: the parties with @top (B1 and B2)
 * @nsite: entries of @site
 * @site: the sites of the tasks, most blame first
 * @unblamed_ns: the time nobody was blamed for (0: the blames add up to
 *	@to_ns - @from_ns)
 * @code_known: the trace has stacks (traced --stacks): the code paths
 *	were computed; false: they are unavailable (not 0)
 * @code_named: the frames are named through the trace's symbol files
 *	(false: addresses in hex)
 * @ncode: entries of @code
 * @code: the code paths, most blame first (ties: by name): each
 *	activity's share also goes to the code path recorded for it (a
 *	blocked segment: the off-CPU stack of the switch-out that began the
 *	block; a task running: each piece up to a sample of its CPU's
 *	profiler, to that sample's stack)
 * @ncode_top: the code paths with @top
 * @nostack_ns: the blame of the time without a recorded stack (the
 *	blames of @code and this add up to the parties')
 * @path: the critical path the blame is read from
 * @acct: the accounting of the pass (names)
 */
struct lttr_blame {
	uint32_t pid;
	uint64_t from_ns;
	uint64_t to_ns;
	unsigned int n;
	size_t nparty;
	struct lttr_blame_party *party;
	size_t ntop;
	size_t nsite;
	struct lttr_blame_site *site;
	uint64_t unblamed_ns;
	bool code_known;
	bool code_named;
	size_t ncode;
	struct lttr_blame_code *code;
	size_t ncode_top;
	uint64_t nostack_ns;
	struct lttr_critpath *path;
	struct lttr_account *acct;
};

/**
 * lttr_blame_compute() - the critical blame of task @pid over an interval
 * @t: the trace
 * @pid: the task
 * @from_ns: the instance's start (absolute)
 * @to_ns: its end (absolute, > @from_ns)
 * @n: the size of B1 (at least 1)
 * @out: receives the result (free with lttr_blame_free())
 * @err: receives the error (LTTR_E_INVAL: no such task, or it is not
 *	alive over the interval, or @n is 0)
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_blame_compute(struct lttr_trace *t, uint32_t pid, uint64_t from_ns, uint64_t to_ns,
		       unsigned int n, struct lttr_blame **out, struct lttr_error *err);

struct lttr_syms;

/**
 * lttr_blame_compute_syms() - lttr_blame_compute(), the frames of the
 *	code paths named through @syms
 * @t: the trace
 * @pid: the task
 * @from_ns: the instance's start (absolute)
 * @to_ns: its end (absolute, > @from_ns)
 * @n: the size of B1 (at least 1; the code paths' B1 too)
 * @syms: names the frames (NULL: their addresses in hex); not kept
 * @out: receives the result (free with lttr_blame_free())
 * @err: receives the error (as lttr_blame_compute())
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_blame_compute_syms(struct lttr_trace *t, uint32_t pid, uint64_t from_ns, uint64_t to_ns,
			    unsigned int n, struct lttr_syms *syms, struct lttr_blame **out,
			    struct lttr_error *err);

/** lttr_blame_free() - release a result @b: the result or NULL */
void lttr_blame_free(struct lttr_blame *b);

/**
 * lttr_blame_kind_name() - "task", "irq", "softirq", "unknown"
 * @kind: enum lttr_blame_kind
 *
 * Return: the name ("?" when out of range).
 */
const char *lttr_blame_kind_name(unsigned int kind);

#endif /* LTTR_AUDIT_BLAME_H */
