// SPDX-License-Identifier: GPL-2.0
/*
 * account.c - time accounting: consumes the segments and transitions of the
 * control-flow state machine and charges every nanosecond of every CPU to
 * a task and a mode, and every nanosecond of every task's lifetime to
 * running, runnable or blocked (by reason).  Definitions in
 * docs/control-flow.md, section "Accounting".
 */
#include <stdlib.h>
#include <string.h>
#include <lttr/analysis/account.h>
#include <lttr/model/flow.h>
#include <lttr/reader/iter.h>
#include <lttr/model/process.h>
#include <lttr/reader/syscalls.h>
#include <lttr/reader/trace.h>
#include "analysis/account-pass.h"
#include "model/pidmap.h"

enum tstate { ST_NONE, ST_RUNNING, ST_RUNNABLE, ST_BLOCKED, ST_ZOMBIE, ST_DEAD,
	      ST_UNKNOWN };

#define SC_DIRECT 512
#define TASK_DEAD_STATE 0x80	/* Linux TASK_DEAD: the final switch out */

struct atask {
	struct lttr_acct_task pub;
	size_t sccap;
	size_t sclast;
	int state;
	uint64_t since;
	int breason;		/* reason of the current blocked interval */
	bool bpending;		/* ... not known yet (before resolution) */
	bool in_sc;		/* blocked/runnable inside syscall scnr */
	uint32_t scnr;
	bool sc_open;		/* entered syscall sc_open_nr at sc_open_at, */
	uint32_t sc_open_nr;	/* ... in the window, its return not seen yet */
	uint64_t sc_open_at;
	uint64_t pending_cpu;	/* unknown-mode CPU time before resolution */
	uint64_t *pending_on;	/* ... per CPU (ncpus entries, lazily) */
	uint64_t pending_blocked;
	bool woken;
	uint64_t woken_at;
	bool woke_running;	/* woken while running (racing its sleep) */
	bool preempted;		/* runnable since a switch out in state 0 */
	bool forked;		/* runnable since its fork */
	bool exiting;
	bool reaped;		/* released before its last switch out */
	bool outside;		/* neither alive nor a zombie in the window */
	bool wait_unknown;	/* its wait since woken_at crossed unknown time */
};

#define TCACHE_SIZE 16

struct actx {
	struct lttr_account *a;
	struct atask *tasks;
	size_t ntasks;
	size_t cap;
	struct lttr_pidmap map;
	size_t sysidx[SC_DIRECT];	/* index + 1 into a->sc */
	size_t sccap;
	size_t irqcap;
	size_t softirqcap;
	signed char reason[SC_DIRECT];	/* cached block reason + 1 */
	/*
	 * lookup cache pid -> index + 1 (0: empty), direct-mapped on the
	 * pid's low bits: each CPU's current task stays in it while the
	 * CPUs' events interleave (one entry missed on nearly every event
	 * of a 2-CPU trace); emptied when a task is added, as a reused pid
	 * then maps to the new one
	 */
	struct tcache_ent {
		uint32_t pid;
		uint32_t idx;
	} tcache[TCACHE_SIZE];
	int nomem;
	const struct lttr_account_hooks *h;	/* the caller's, or NULL */
	void *harg;
	bool reaps_possible;	/* reaps recorded when in the event mask */
	bool reaps;		/* ... and they are: dead tasks are zombies */
	bool windowed;		/* lttr_account_compute_window(): */
	uint64_t w_from;	/* ... what is charged: [w_from, w_to) */
	uint64_t w_to;		/* (the whole trace: 0, UINT64_MAX) */
	uint64_t t_end;		/* ... the trace's end */
	unsigned int nodata;	/* CPUs without data now (gap, cut) */
	uint64_t first_nodata;	/* when a CPU's data first stopped (0: never) */
	bool cpu_nodata[LTT_MAX_CPUS];
	bool cpu_seen[LTT_MAX_CPUS];	/* a segment of the CPU seen */
};

/*
 * The accounting of a window is the whole trace's restricted to it: the
 * state machine runs over every event (what a task was doing at the
 * window's start, or what its unknown mode turns out to be after the
 * window's end, comes from outside it), and only the charges are clipped.
 */

/* the part of [@s, @e] in the window: the time charged */
bool lttr_acct_softirq_own_work(const char *name)
{
	return name && !strncmp(name, "ksoftirqd/", 10);
}

static uint64_t span(const struct actx *x, uint64_t s, uint64_t e)
{
	if (s < x->w_from)
		s = x->w_from;
	if (e > x->w_to)
		e = x->w_to;
	return e > s ? e - s : 0;
}

/*
 * An event at @t is counted (a switch, an instance's end) when it is in
 * [w_from, w_to): one at the window's end belongs to the next window,
 * unless that end is the trace's, so that adjacent windows add up.
 */
static bool in_window(const struct actx *x, uint64_t t)
{
	return t >= x->w_from && (t < x->w_to || (t == x->w_to && t >= x->t_end));
}

/*
 * A syscall gets its entry in the tables with its first charge; in a
 * window, a charge clipped to nothing does not make one.
 */
static bool charged(const struct actx *x, uint64_t d)
{
	return d || !x->windowed;
}

/* tell the caller's hook that @tk enters @state at @t */
static void tell(struct actx *x, const struct atask *tk, uint64_t t, int state,
		 const struct lttr_acct_change *more)
{
	struct lttr_acct_change c;

	if (!x->h || !x->h->task)
		return;
	if (more)
		c = *more;
	else
		memset(&c, 0, sizeof(c));
	c.time_ns = t;
	c.pid = tk->pub.pid;
	c.state = (uint8_t)state;
	x->h->task(x->harg, &c);
}

static struct lttr_acct_sc *sc_list_get(struct lttr_acct_sc **v, size_t *n,
					size_t *cap, uint32_t nr, size_t *last)
{
	size_t i;

	if (last && *last < *n && (*v)[*last].nr == nr)
		return &(*v)[*last];
	for (i = 0; i < *n; i++) {
		if ((*v)[i].nr == nr) {
			if (last)
				*last = i;
			return &(*v)[i];
		}
	}
	if (*n == *cap) {
		size_t ncap = *cap ? *cap * 2 : 8;
		struct lttr_acct_sc *nv = realloc(*v, ncap * sizeof(*nv));

		if (!nv)
			return NULL;
		*v = nv;
		*cap = ncap;
	}
	memset(&(*v)[*n], 0, sizeof((*v)[*n]));
	(*v)[*n].nr = nr;
	if (last)
		*last = *n;
	return &(*v)[(*n)++];
}

static struct lttr_acct_sc *task_sc(struct actx *x, struct atask *tk, uint32_t nr)
{
	struct lttr_acct_sc *s = sc_list_get(&tk->pub.sc, &tk->pub.nsc,
					     &tk->sccap, nr, &tk->sclast);

	x->nomem |= !s;
	return s;
}

/*
 * The system's syscall @nr, for summing the tasks' into it (system_sc()):
 * no figure of the system is kept apart from the tasks', so the two
 * cannot disagree.
 */
static struct lttr_acct_sc *sys_sc(struct actx *x, uint32_t nr)
{
	struct lttr_account *a = x->a;
	struct lttr_acct_sc *s;

	if (nr < SC_DIRECT && x->sysidx[nr])
		return &a->sc[x->sysidx[nr] - 1];
	s = sc_list_get(&a->sc, &a->nsc, &x->sccap, nr, NULL);
	if (!s) {
		x->nomem = 1;
		return NULL;
	}
	if (nr < SC_DIRECT)
		x->sysidx[nr] = (size_t)(s - a->sc) + 1;
	return s;
}

/* the system-wide per-syscall figures: the result's tasks' summed */
static int system_sc(struct actx *x)
{
	struct lttr_account *a = x->a;
	size_t i, k;

	for (i = 0; i < a->ntasks; i++) {
		for (k = 0; k < a->tasks[i].nsc; k++) {
			const struct lttr_acct_sc *t = &a->tasks[i].sc[k];
			struct lttr_acct_sc *s = sys_sc(x, t->nr);

			if (!s)
				return -1;
			lttr_lat_merge(&s->lat, &t->lat);
			s->partial += t->partial;
			s->no_return += t->no_return;
			s->cpu_ns += t->cpu_ns;
			s->blocked_ns += t->blocked_ns;
			s->runnable_ns += t->runnable_ns;
		}
	}
	return 0;
}

static int block_reason(struct actx *x, uint32_t nr)
{
	if (nr >= SC_DIRECT)
		return lttr_block_of_syscall(nr);
	if (!x->reason[nr])
		x->reason[nr] = (signed char)(lttr_block_of_syscall(nr) + 1);
	return x->reason[nr] - 1;
}

static struct atask *new_task(struct actx *x, uint32_t pid)
{
	struct atask *tk;

	if (x->ntasks == x->cap) {
		size_t ncap = x->cap ? x->cap * 2 : 64;
		struct atask *nt = realloc(x->tasks, ncap * sizeof(*nt));

		if (!nt)
			goto nomem;
		x->tasks = nt;
		x->cap = ncap;
	}
	if (lttr_pidmap_put(&x->map, pid, x->ntasks))
		goto nomem;
	tk = &x->tasks[x->ntasks++];
	memset(x->tcache, 0, sizeof(x->tcache));
	memset(tk, 0, sizeof(*tk));
	tk->pub.pid = pid;
	tk->pub.tgid = pid;
	tk->pub.threads = 1;
	tk->pub.begin_ns = x->a->start_ns;
	return tk;
nomem:
	x->nomem = 1;
	return NULL;
}

static struct atask *get_task(struct actx *x, uint32_t pid)
{
	struct atask *tk;
	size_t i;
	struct tcache_ent *c;

	if (pid == 0)
		return NULL;
	c = &x->tcache[pid % TCACHE_SIZE];
	if (c->idx && c->pid == pid)
		return &x->tasks[c->idx - 1];
	if (lttr_pidmap_find(&x->map, pid, &i)) {
		tk = &x->tasks[i];
	} else {
		tk = new_task(x, pid);
		if (!tk)
			return NULL;
	}
	if (x->ntasks < UINT32_MAX) {
		c->pid = pid;
		c->idx = (uint32_t)(tk - x->tasks) + 1;
	}
	return tk;
}

/* close the current blocked interval of @tk at @t */
static void close_blocked(struct actx *x, struct atask *tk, uint64_t t)
{
	uint64_t d = span(x, tk->since, t);

	if (tk->bpending) {
		tk->pending_blocked += d;
	} else {
		struct lttr_acct_sc *s;

		tk->pub.blocked_ns[tk->breason] += d;
		if (tk->in_sc && charged(x, d) && (s = task_sc(x, tk, tk->scnr)))
			s->blocked_ns += d;
	}
}

static void close_runnable(struct actx *x, struct atask *tk, uint64_t t)
{
	uint64_t d = span(x, tk->since, t);
	struct lttr_acct_sc *s;

	tk->pub.runnable_ns += d;
	if (tk->in_sc && charged(x, d) && (s = task_sc(x, tk, tk->scnr)))
		s->runnable_ns += d;
}

static void close_unknown(struct actx *x, struct atask *tk, uint64_t t)
{
	tk->pub.unknown_ns += span(x, tk->since, t);
}

/*
 * @tk's state is unknown from @t: a CPU without data may run it (or it
 * was current there when its data stopped).  A wait it was in goes on,
 * but its length is not known any more.
 */
static void to_unknown(struct actx *x, struct atask *tk, uint64_t t)
{
	tk->state = ST_UNKNOWN;
	tk->since = t;
	tk->wait_unknown = true;
	tell(x, tk, t, LTTR_TS_UNKNOWN, NULL);
}

/*
 * @tk becomes ready to run at @t (@more: how): runnable, or unknown when
 * a CPU has no data now (that CPU may run it unseen)
 */
static void runnable_from(struct actx *x, struct atask *tk, uint64_t t,
			  const struct lttr_acct_change *more)
{
	tk->since = t;
	tk->wait_unknown = false;
	if (x->nodata) {
		to_unknown(x, tk, t);
		return;
	}
	tk->state = ST_RUNNABLE;
	tell(x, tk, t, LTTR_TS_RUNNABLE, more);
}

/* a CPU's data ends at @t: the runnable tasks are unknown from then */
static void data_ends(struct actx *x, unsigned int cpu, uint64_t t)
{
	size_t i;

	if (cpu >= LTT_MAX_CPUS || x->cpu_nodata[cpu])
		return;
	x->cpu_nodata[cpu] = true;
	x->nodata++;
	if (!x->first_nodata)
		x->first_nodata = t;
	for (i = 0; i < x->ntasks; i++) {
		struct atask *tk = &x->tasks[i];

		if (tk->state != ST_RUNNABLE)
			continue;
		close_runnable(x, tk, t);
		to_unknown(x, tk, t);
	}
}

static void data_resumes(struct actx *x, unsigned int cpu)
{
	if (cpu >= LTT_MAX_CPUS || !x->cpu_nodata[cpu])
		return;
	x->cpu_nodata[cpu] = false;
	x->nodata--;
}

/* a task first seen now: what it was doing since the window start */
static void first_seen(struct atask *tk, int state, bool pending)
{
	tk->state = state;
	tk->bpending = pending;
	tk->breason = LTTR_BLOCK_UNKNOWN;
}

static void switch_in(struct actx *x, struct atask *tk, uint64_t t,
		      unsigned int cpu, bool recorded);

static void switch_in(struct actx *x, struct atask *tk, uint64_t t,
		      unsigned int cpu, bool recorded);

static void on_segment(void *arg, const struct lttr_flow_seg *s)
{
	struct actx *x = arg;
	struct lttr_acct_cpu *c = &x->a->cpu[s->cpu];
	uint64_t d = span(x, s->start_ns, s->end_ns);
	struct atask *tk = get_task(x, s->pid);

	c->sched_ns += d;
	if (tk && tk->state == ST_NONE) {
		struct lttr_acct_change rc = { .cpu = s->cpu };

		tk->state = ST_RUNNING;
		tk->since = s->start_ns;
		tell(x, tk, s->start_ns, LTTR_TS_RUNNING, &rc);
	} else if (tk && (tk->state == ST_BLOCKED || tk->state == ST_RUNNABLE ||
			  tk->state == ST_UNKNOWN)) {
		/*
		 * It runs with no switch to it recorded: the CPU's data begins
		 * here (a flight recorder's CPU whose earlier buffers, with the
		 * switch, were overwritten, while another CPU's events showed
		 * the task blocking): its wait ended unseen, it runs from now.
		 * Anywhere else the switch was lost: an anomaly.
		 */
		if (s->cpu < LTT_MAX_CPUS && x->cpu_seen[s->cpu])
			x->a->anomalies += in_window(x, s->start_ns);
		switch_in(x, tk, s->start_ns, s->cpu, false);
	}
	if (s->cpu < LTT_MAX_CPUS)
		x->cpu_seen[s->cpu] = true;
	switch (s->mode) {
	case LTTR_MODE_USER:
		c->user_ns += d;
		if (tk)
			tk->pub.user_ns += d;
		break;
	case LTTR_MODE_SYSCALL:
		c->kernel_ns += d;
		if (!charged(x, d))
			break;
		if (tk) {
			struct lttr_acct_sc *sc = task_sc(x, tk, s->what);

			tk->pub.syscall_ns += d;
			if (sc)
				sc->cpu_ns += d;
		}
		break;
	case LTTR_MODE_TRAP:
		c->kernel_ns += d;
		if (tk)
			tk->pub.trap_ns += d;
		break;
	case LTTR_MODE_IRQ:
		c->irq_ns += d;
		if (tk)
			tk->pub.irq_ns += d;
		break;
	case LTTR_MODE_SOFTIRQ:
		/* interrupted, unless ksoftirqd: moved in finish() */
		c->softirq_ns += d;
		if (tk) {
			tk->pub.irq_ns += d;
			tk->pub.softirq_ns += d;
		}
		break;
	case LTTR_MODE_IDLE:
		c->idle_ns += d;
		break;
	case LTTR_MODE_KERNEL:
		c->kernel_ns += d;
		if (tk)
			tk->pub.kernel_ns += d;
		break;
	default:
		c->unknown_ns += d;
		if (!tk)
			break;
		tk->pending_cpu += d;
		if (!tk->pending_on)
			tk->pending_on = calloc(x->a->ncpus, sizeof(*tk->pending_on));
		if (tk->pending_on)
			tk->pending_on[s->cpu] += d;
		else
			x->nomem = 1;
		break;
	}
	if (x->h && x->h->segment)
		x->h->segment(x->harg, s);
}

/* move the per-CPU unknown time of @tk to user or kernel */
static void resolve_cpus(struct actx *x, struct atask *tk, bool user)
{
	unsigned int c;

	for (c = 0; tk->pending_on && c < x->a->ncpus; c++) {
		x->a->cpu[c].unknown_ns -= tk->pending_on[c];
		if (user)
			x->a->cpu[c].user_ns += tk->pending_on[c];
		else
			x->a->cpu[c].kernel_ns += tk->pending_on[c];
	}
	free(tk->pending_on);
	tk->pending_on = NULL;
}

static void switch_out(struct actx *x, struct atask *tk,
		       const struct lttr_flow_tr *tr)
{
	uint64_t t = tr->time_ns;

	if (tk->state == ST_RUNNING)
		tk->pub.running_ns += span(x, tk->since, t);
	else if (tk->state == ST_NONE)	/* current since the start */
		tk->pub.running_ns += span(x, x->a->start_ns, t);
	else if (tk->state == ST_UNKNOWN)	/* ran unseen */
		close_unknown(x, tk, t);
	tk->since = t;
	tk->woken = false;
	tk->in_sc = tr->mode == LTTR_MODE_SYSCALL;
	tk->scnr = tr->what;
	tk->bpending = false;
	if (tk->exiting && (tr->state & TASK_DEAD_STATE)) {
		tk->pub.end_ns = t;
		if (x->reaps && !tk->reaped) {	/* until its parent waits */
			tk->state = ST_ZOMBIE;
			tell(x, tk, t, LTTR_TS_ZOMBIE, NULL);
			return;
		}
		tk->state = ST_DEAD;
		tell(x, tk, t, LTTR_TS_DEAD, NULL);
		return;
	}
	if (tr->state == 0 || tk->woke_running) {
		struct lttr_acct_change rc = { .preempted = tr->state == 0 };

		tk->pub.preemptions += tr->state == 0 && in_window(x, t);
		tk->preempted = tr->state == 0;
		tk->forked = false;
		tk->woken = tk->woke_running;
		tk->woken_at = t;
		tk->woke_running = false;
		runnable_from(x, tk, t, &rc);
		return;
	}
	tk->state = ST_BLOCKED;
	switch (tr->mode) {
	case LTTR_MODE_SYSCALL:
		tk->breason = block_reason(x, tr->what);
		break;
	case LTTR_MODE_TRAP:
		tk->breason = LTTR_BLOCK_FAULT;
		break;
	case LTTR_MODE_UNKNOWN:
		tk->bpending = true;
		tk->breason = LTTR_BLOCK_UNKNOWN;
		break;
	default:
		tk->breason = LTTR_BLOCK_OTHER;
		break;
	}
	if (x->h && x->h->task) {
		struct lttr_acct_change bc = {
			.reason = (uint8_t)tk->breason, .mode = tr->mode,
			.pending = tk->bpending,
			.what = tr->mode == LTTR_MODE_SYSCALL ? tr->what : 0,
		};

		tell(x, tk, t, LTTR_TS_BLOCKED, &bc);
	}
}

/*
 * @tk is released (LTT_EV_PROCESS_REAP) at @t: a zombie is dead from now
 * on; a task never seen before was a zombie since the window's start (a
 * live task cannot be reaped); a task still running is reaping itself
 * (nobody is to wait for it) and is dead at its last switch out.
 */
static void reap(struct actx *x, struct atask *tk, uint64_t t)
{
	switch (tk->state) {
	case ST_NONE:
		tk->pub.end_ns = tk->pub.begin_ns;
		tk->since = tk->pub.begin_ns;
		tell(x, tk, tk->since, LTTR_TS_ZOMBIE, NULL);
		/* fall through */
	case ST_ZOMBIE:
		tk->pub.zombie_ns += span(x, tk->since, t);
		tk->state = ST_DEAD;
		tk->since = t;
		tell(x, tk, t, LTTR_TS_DEAD, NULL);
		break;
	case ST_DEAD:
		break;
	default:
		tk->reaped = true;
		break;
	}
}

static void switch_in(struct actx *x, struct atask *tk, uint64_t t,
		      unsigned int cpu, bool recorded)
{
	struct lttr_acct_change rc = { .cpu = (uint16_t)cpu };

	switch (tk->state) {
	case ST_NONE: {		/* runnable since before the trace */
		struct lttr_acct_wait w = {
			.since_ns = x->a->start_ns, .end_ns = t, .pid = tk->pub.pid,
			.cpu = (uint16_t)cpu,
		};
		uint64_t known = x->first_nodata && x->first_nodata < t ? x->first_nodata : t;

		tk->since = x->a->start_ns;
		tell(x, tk, tk->since, LTTR_TS_RUNNABLE, NULL);
		close_runnable(x, tk, known);
		if (known < t) {	/* ... until a CPU that may have run it stopped */
			to_unknown(x, tk, known);
			close_unknown(x, tk, t);
			w.unknown = true;
		}
		if (x->h && x->h->wait)
			x->h->wait(x->harg, &w);
		break;
	}
	case ST_RUNNABLE: {
		struct lttr_acct_wait w = {
			.since_ns = tk->since, .end_ns = t, .woken_ns = tk->woken_at,
			.pid = tk->pub.pid, .cpu = (uint16_t)cpu,
			.preempted = tk->preempted, .forked = tk->forked,
			.woken = tk->woken,
		};

		close_runnable(x, tk, t);
		if (tk->woken && tk->woken_at >= x->w_from && in_window(x, t)) {
			lttr_lat_add(&tk->pub.sched_lat, t - tk->woken_at);
			lttr_lat_add(&x->a->sched_lat, t - tk->woken_at);
			w.latency = true;
		}
		if (x->h && x->h->wait)
			x->h->wait(x->harg, &w);
		break;
	}
	case ST_UNKNOWN: {	/* its wait, if any, has no known length */
		struct lttr_acct_wait w = {
			.since_ns = tk->since, .end_ns = t, .woken_ns = tk->woken_at,
			.pid = tk->pub.pid, .cpu = (uint16_t)cpu,
			.preempted = tk->preempted, .forked = tk->forked,
			.unknown = true, .woken = tk->woken,
		};

		close_unknown(x, tk, t);
		if (tk->woken && tk->woken_at >= x->w_from && in_window(x, t)) {
			tk->pub.sched_lat_unknown++;
			x->a->sched_lat_unknown++;
		}
		if (x->h && x->h->wait && (tk->woken || tk->preempted))
			x->h->wait(x->harg, &w);
		break;
	}
	case ST_BLOCKED:	/* its wakeup was not recorded */
		close_blocked(x, tk, t);
		break;
	case ST_ZOMBIE:
	case ST_DEAD:		/* ran again after its "last" switch */
		tk->pub.blocked_ns[LTTR_BLOCK_OTHER] += span(x, tk->pub.end_ns, t);
		break;
	default:
		break;
	}
	tk->state = ST_RUNNING;
	tk->since = t;
	tk->woken = false;
	tk->woke_running = false;
	tk->wait_unknown = false;
	tk->preempted = tk->forked = false;
	tk->pub.switches += recorded && in_window(x, t);
	tell(x, tk, t, LTTR_TS_RUNNING, &rc);
}

/* @tk enters a state the trace does not show at @t: unknown */
static void unknown_from(struct actx *x, struct atask *tk, uint64_t t)
{
	tk->bpending = false;
	tk->in_sc = false;
	tk->woken = false;
	tk->woke_running = false;
	tk->preempted = tk->forked = false;
	to_unknown(x, tk, t);
}

/*
 * Events were lost on a CPU from @t (LTTR_TR_LOST): @tk, current there
 * until now, may have run, blocked or been preempted since; until it is
 * seen again its state is unknown (docs/control-flow.md, "Lost events").
 */
static void lost_from(struct actx *x, struct atask *tk, uint64_t t)
{
	if (tk->state == ST_RUNNING)
		tk->pub.running_ns += span(x, tk->since, t);
	else if (tk->state == ST_NONE)	/* current since the start */
		tk->pub.running_ns += span(x, x->a->start_ns, t);
	else
		return;
	unknown_from(x, tk, t);
}

/*
 * The gap of lost events that began at @gap ends at @t on @cpu with @tk
 * current (LTTR_TR_LOST_END): what @tk did during the gap is unknown,
 * then it runs.
 */
static void lost_end(struct actx *x, struct atask *tk, uint64_t gap,
		     uint64_t t, unsigned int cpu)
{
	switch (tk->state) {
	case ST_RUNNING:	/* running elsewhere: a contradiction */
		x->a->anomalies++;
		return;
	case ST_NONE:		/* first seen now: unknown since the start */
		unknown_from(x, tk, x->a->start_ns);
		break;
	case ST_BLOCKED:
		if (tk->since >= gap || tk->breason == LTTR_BLOCK_UNKNOWN)
			break;
		close_blocked(x, tk, gap);
		unknown_from(x, tk, gap);
		break;
	case ST_RUNNABLE:
		if (tk->since >= gap)
			break;
		close_runnable(x, tk, gap);
		unknown_from(x, tk, gap);
		break;
	case ST_UNKNOWN:	/* its wait was not seen to end */
		tk->woken = tk->preempted = tk->forked = false;
		break;
	default:
		break;
	}
	switch_in(x, tk, t, cpu, false);
}

static void on_wakeup(struct actx *x, struct atask *tk, uint64_t t)
{
	switch (tk->state) {
	case ST_NONE: {		/* blocked since before the trace */
		struct lttr_acct_change bc = {
			.reason = LTTR_BLOCK_UNKNOWN, .mode = LTTR_MODE_UNKNOWN,
			.pending = true,
		};

		first_seen(tk, ST_BLOCKED, true);
		tk->since = x->a->start_ns;
		tell(x, tk, tk->since, LTTR_TS_BLOCKED, &bc);
	}
		/* fall through */
	case ST_BLOCKED:
		close_blocked(x, tk, t);
		tk->woken = true;
		tk->woken_at = t;
		tk->preempted = tk->forked = false;
		runnable_from(x, tk, t, NULL);
		break;
	case ST_UNKNOWN:	/* it was blocked, then: its wait begins now */
		if (x->nodata) {	/* ... but may be run unseen: unknown still */
			if (!tk->woken) {
				tk->woken = true;
				tk->woken_at = t;
			}
			break;
		}
		close_unknown(x, tk, t);
		tk->woken = true;
		tk->woken_at = t;
		tk->preempted = tk->forked = false;
		runnable_from(x, tk, t, NULL);
		break;
	case ST_RUNNING:
		tk->woke_running = true;
		break;
	case ST_RUNNABLE:
		if (!tk->woken) {	/* a new task's first wakeup */
			tk->woken = true;
			tk->woken_at = t;
		}
		break;
	default:
		break;
	}
}

static void on_resolve(struct actx *x, struct atask *tk,
		       const struct lttr_flow_tr *tr)
{
	struct lttr_acct_sc *s = NULL;

	switch (tr->mode) {
	case LTTR_MODE_USER:
		tk->pub.user_ns += tk->pending_cpu;
		tk->pub.blocked_ns[LTTR_BLOCK_UNKNOWN] += tk->pending_blocked;
		break;
	case LTTR_MODE_SYSCALL:
		tk->pub.syscall_ns += tk->pending_cpu;
		tk->pub.blocked_ns[block_reason(x, tr->what)] += tk->pending_blocked;
		if (!charged(x, tk->pending_cpu + tk->pending_blocked))
			break;
		s = task_sc(x, tk, tr->what);
		if (s) {
			s->cpu_ns += tk->pending_cpu;
			s->blocked_ns += tk->pending_blocked;
		}
		break;
	default:
		tk->pub.trap_ns += tk->pending_cpu;
		tk->pub.blocked_ns[LTTR_BLOCK_FAULT] += tk->pending_blocked;
		break;
	}
	resolve_cpus(x, tk, tr->mode == LTTR_MODE_USER);
	tk->pending_cpu = 0;
	tk->pending_blocked = 0;
	if (x->h && x->h->task) {
		struct lttr_acct_change rc = {
			.mode = tr->mode,
			.what = tr->mode == LTTR_MODE_SYSCALL ? tr->what : 0,
			.reason = tr->mode == LTTR_MODE_USER ? LTTR_BLOCK_UNKNOWN :
				tr->mode == LTTR_MODE_SYSCALL ?
				(uint8_t)block_reason(x, tr->what) : LTTR_BLOCK_FAULT,
		};

		tell(x, tk, tr->time_ns, LTTR_TS_RESOLVED, &rc);
	}
}

static void on_irq_exit(struct actx *x, const struct lttr_flow_tr *tr)
{
	struct lttr_account *a = x->a;
	size_t i;

	if (!in_window(x, tr->time_ns) || tr->since_ns < x->w_from)
		return;	/* (a handler without entry, at the trace's start: counted) */
	for (i = 0; i < a->nirqs; i++)
		if (a->irqs[i].irq == tr->what && a->irqs[i].sysvec == tr->sysvec)
			break;
	if (i == a->nirqs) {
		if (a->nirqs == x->irqcap) {
			size_t ncap = x->irqcap ? x->irqcap * 2 : 16;
			struct lttr_acct_irq *n = realloc(a->irqs, ncap * sizeof(*n));

			if (!n) {
				x->nomem = 1;
				return;
			}
			a->irqs = n;
			x->irqcap = ncap;
		}
		memset(&a->irqs[i], 0, sizeof(a->irqs[i]));
		a->irqs[i].irq = tr->what;
		a->irqs[i].sysvec = tr->sysvec;
		a->nirqs++;
	}
	lttr_lat_add(&a->irqs[i].lat, tr->time_ns - tr->since_ns);
}

static void on_softirq_exit(struct actx *x, const struct lttr_flow_tr *tr)
{
	struct lttr_account *a = x->a;
	size_t i;

	/* running at the trace's start, or crossing the window's */
	if (!tr->since_ns || tr->since_ns < x->w_from || !in_window(x, tr->time_ns))
		return;
	for (i = 0; i < a->nsoftirqs; i++)
		if (a->softirqs[i].vec == tr->what)
			break;
	if (i == a->nsoftirqs) {
		if (a->nsoftirqs == x->softirqcap) {
			size_t ncap = x->softirqcap ? x->softirqcap * 2 : 16;
			struct lttr_acct_softirq *n = realloc(a->softirqs,
							      ncap * sizeof(*n));

			if (!n) {
				x->nomem = 1;
				return;
			}
			a->softirqs = n;
			x->softirqcap = ncap;
		}
		memset(&a->softirqs[i], 0, sizeof(a->softirqs[i]));
		a->softirqs[i].vec = tr->what;
		a->nsoftirqs++;
	}
	lttr_lat_add(&a->softirqs[i].lat, tr->time_ns - tr->since_ns);
}

/* the call @tk entered in the window will not be seen returning there */
static void no_return(struct actx *x, struct atask *tk)
{
	struct lttr_acct_sc *s;

	if (!tk->sc_open)
		return;
	tk->sc_open = false;
	s = task_sc(x, tk, tk->sc_open_nr);
	if (s)
		s->no_return++;
}

static void on_syscall_entry(struct actx *x, struct atask *tk,
			     const struct lttr_flow_tr *tr)
{
	no_return(x, tk);	/* the previous call's return was lost */
	if (!in_window(x, tr->time_ns))
		return;
	tk->sc_open = true;
	tk->sc_open_nr = tr->what;
	tk->sc_open_at = tr->time_ns;
}

static void on_syscall_exit(struct actx *x, struct atask *tk,
			    const struct lttr_flow_tr *tr)
{
	struct lttr_acct_sc *s;

	/* the return of the call entered (counted below), or of another */
	if (tk->sc_open && tr->since_ns == tk->sc_open_at && in_window(x, tr->time_ns))
		tk->sc_open = false;
	else
		no_return(x, tk);
	if (!in_window(x, tr->time_ns))
		return;
	s = task_sc(x, tk, tr->what);
	if (!s)
		return;
	if (tr->since_ns && tr->since_ns >= x->w_from)
		lttr_lat_add(&s->lat, tr->time_ns - tr->since_ns);
	else
		s->partial++;
}

static void on_transition(void *arg, const struct lttr_flow_tr *tr)
{
	struct actx *x = arg;
	struct atask *tk = NULL, *other;

	if (tr->kind == LTTR_TR_ANOMALY) {
		x->a->anomalies += in_window(x, tr->time_ns);
		if (x->h && x->h->transition)
			x->h->transition(x->harg, tr);
		return;
	}
	if (tr->kind != LTTR_TR_FORK)
		tk = get_task(x, tr->pid);
	switch (tr->kind) {
	case LTTR_TR_SYSCALL_ENTRY:
		if (tk) {
			tk->woke_running = false;
			on_syscall_entry(x, tk, tr);
		}
		break;
	case LTTR_TR_SYSCALL_EXIT:
		if (tk) {
			tk->woke_running = false;
			on_syscall_exit(x, tk, tr);
		}
		break;
	case LTTR_TR_IRQ_EXIT:
		on_irq_exit(x, tr);
		break;
	case LTTR_TR_SOFTIRQ_EXIT:
		on_softirq_exit(x, tr);
		break;
	case LTTR_TR_SWITCH:
		x->a->cpu[tr->cpu].switches += in_window(x, tr->time_ns);
		if (tk)
			switch_out(x, tk, tr);
		other = get_task(x, tr->pid2);
		if (other)
			switch_in(x, other, tr->time_ns, tr->cpu, true);
		break;
	case LTTR_TR_LOST:
		if (tr->state == 1) {	/* the CPU's events end here: a cut */
			x->a->cpu[tr->cpu].cut_ns = tr->time_ns;
		} else if (in_window(x, tr->time_ns) ||
			   (tr->time_ns < x->w_from && tr->since_ns > x->w_from)) {
			/* a gap that begins in the window or is open at its start */
			x->a->lost_gaps++;
			x->a->damaged_gaps += tr->state >= 2;	/* damaged, missing */
		}
		if (tk)
			lost_from(x, tk, tr->time_ns);
		data_ends(x, tr->cpu, tr->time_ns);
		break;
	case LTTR_TR_LOST_END:
		data_resumes(x, tr->cpu);
		if (tk)
			lost_end(x, tk, tr->since_ns, tr->time_ns, tr->cpu);
		break;
	case LTTR_TR_WAKEUP:
		other = get_task(x, tr->pid2);
		if (other)
			on_wakeup(x, other, tr->time_ns);
		break;
	case LTTR_TR_FORK:
		other = get_task(x, tr->pid2);
		if (other && other->state == ST_ZOMBIE)	/* its reap was lost */
			reap(x, other, tr->time_ns);
		if (other && other->state == ST_DEAD)	/* pid reused */
			other = new_task(x, tr->pid2);
		if (other && other->state == ST_NONE) {
			other->pub.begin_ns = tr->time_ns;
			other->forked = true;
			other->pub.kthread = tr->what & LTT_FORK_KTHREAD;
			runnable_from(x, other, tr->time_ns, NULL);
		}
		break;
	case LTTR_TR_EXIT:
		if (tk) {
			tk->exiting = true;
			tk->pub.exited = true;
		}
		break;
	case LTTR_TR_RESOLVE:
		if (tk)
			on_resolve(x, tk, tr);
		break;
	case LTTR_TR_REAP:
		other = get_task(x, tr->pid2);
		if (other)
			reap(x, other, tr->time_ns);
		break;
	default:
		break;
	}
	if (x->h && x->h->transition)
		x->h->transition(x->harg, tr);
}

static void finish_task(struct actx *x, struct atask *tk)
{
	uint64_t end = x->a->end_ns;

	switch (tk->state) {
	case ST_NONE: {		/* named but never seen running or woken */
		struct lttr_acct_change bc = {
			.reason = LTTR_BLOCK_UNKNOWN, .mode = LTTR_MODE_UNKNOWN,
		};

		tk->pub.blocked_ns[LTTR_BLOCK_UNKNOWN] += span(x, tk->pub.begin_ns, end);
		tell(x, tk, tk->pub.begin_ns, LTTR_TS_BLOCKED, &bc);
		break;
	}
	case ST_RUNNING:
		tk->pub.running_ns += span(x, tk->since, end);
		break;
	case ST_RUNNABLE:
		close_runnable(x, tk, end);
		break;
	case ST_BLOCKED:
		close_blocked(x, tk, end);
		break;
	case ST_UNKNOWN:
		close_unknown(x, tk, end);
		break;
	case ST_ZOMBIE:		/* not reaped before the end */
		tk->pub.zombie_ns += span(x, tk->since, end);
		break;
	default:
		break;
	}
	no_return(x, tk);	/* never returned, or not before the end */
	if (tk->state != ST_DEAD && tk->state != ST_ZOMBIE)
		tk->pub.end_ns = end;
	if (x->windowed) {	/* its lifetime in the window */
		uint64_t b = tk->pub.begin_ns, e = tk->pub.end_ns;

		tk->outside = !(b < x->w_to && e > x->w_from) && !tk->pub.zombie_ns &&
			      !(b >= x->w_from && b < x->w_to);
		if (tk->pub.begin_ns < x->w_from)
			tk->pub.begin_ns = x->w_from;
		if (tk->pub.end_ns > x->w_to)
			tk->pub.end_ns = x->w_to;
		if (tk->pub.end_ns < tk->pub.begin_ns)
			tk->pub.end_ns = tk->pub.begin_ns;
	}
	tk->pub.thread_life_ns = tk->pub.end_ns - tk->pub.begin_ns;
	tk->pub.kernel_ns += tk->pending_cpu;
	free(tk->pending_on);	/* never resolved: stays unknown on the CPUs */
	tk->pending_on = NULL;
	tk->pub.blocked_ns[LTTR_BLOCK_UNKNOWN] += tk->pending_blocked;
	tk->pending_cpu = tk->pending_blocked = 0;
}

static int cmp_sc(const void *pa, const void *pb)
{
	const struct lttr_acct_sc *a = pa, *b = pb;

	return a->nr < b->nr ? -1 : a->nr > b->nr;
}

static int cmp_task(const void *pa, const void *pb)
{
	const struct lttr_acct_task *a = pa, *b = pb;

	if (a->pid != b->pid)
		return a->pid < b->pid ? -1 : 1;
	return a->begin_ns < b->begin_ns ? -1 : a->begin_ns > b->begin_ns;
}

static int cmp_softirq(const void *pa, const void *pb)
{
	const struct lttr_acct_softirq *a = pa, *b = pb;

	return a->vec < b->vec ? -1 : a->vec > b->vec;
}

static int cmp_irq(const void *pa, const void *pb)
{
	const struct lttr_acct_irq *a = pa, *b = pb;

	if (a->sysvec != b->sysvec)
		return a->sysvec ? 1 : -1;
	return a->irq < b->irq ? -1 : a->irq > b->irq;
}

/* tasks of the snapshot never seen: blocked the whole window */
static void add_snapshot_tasks(struct actx *x, const struct lttr_proc *snap)
{
	size_t i, k;

	for (i = 0; snap && i < snap->ntasks; i++)
		if (snap->tasks[i].pid && !lttr_pidmap_find(&x->map, snap->tasks[i].pid, &k))
			new_task(x, snap->tasks[i].pid);
}

static int finish(struct actx *x)
{
	struct lttr_account *a = x->a;
	size_t i;

	for (i = 0; i < x->ntasks; i++) {
		struct atask *tk = &x->tasks[i];
		const struct lttr_process *p;

		finish_task(x, tk);
		p = lttr_ptable_get(a->procs, tk->pub.pid, false);
		if (p) {
			tk->pub.tgid = p->tgid;
			tk->pub.ppid = p->ppid;
			tk->pub.name = p->name;
			tk->pub.cmdline = p->cmdline;
		}
		if (!tk->pub.name)
			tk->pub.name = "";
		if (lttr_acct_softirq_own_work(tk->pub.name)) {
			tk->pub.irq_ns -= tk->pub.softirq_ns;
			tk->pub.kernel_ns += tk->pub.softirq_ns;
		}
		if (tk->pub.nsc)
			qsort(tk->pub.sc, tk->pub.nsc, sizeof(*tk->pub.sc), cmp_sc);
	}
	if (x->nomem)
		return -1;
	a->tasks = calloc(x->ntasks ? x->ntasks : 1, sizeof(*a->tasks));
	if (!a->tasks)
		return -1;
	for (i = 0; i < x->ntasks; i++) {
		struct atask *tk = &x->tasks[i];

		if (tk->outside) {	/* not in the window: not in the result */
			free(tk->pub.sc);
			tk->pub.sc = NULL;
			continue;
		}
		a->tasks[a->ntasks++] = tk->pub;
		a->unknown_ns += tk->pub.unknown_ns;
	}
	if (x->windowed) {
		unsigned int c;

		a->start_ns = x->w_from;
		a->end_ns = x->w_to;
		for (c = 0; c < a->ncpus; c++)	/* cut after the window */
			if (a->cpu[c].cut_ns >= x->w_to)
				a->cpu[c].cut_ns = 0;
	}
	qsort(a->tasks, a->ntasks, sizeof(*a->tasks), cmp_task);
	if (system_sc(x))
		return -1;
	if (a->nsc)
		qsort(a->sc, a->nsc, sizeof(*a->sc), cmp_sc);
	if (a->nirqs)
		qsort(a->irqs, a->nirqs, sizeof(*a->irqs), cmp_irq);
	if (a->nsoftirqs)
		qsort(a->softirqs, a->nsoftirqs, sizeof(*a->softirqs), cmp_softirq);
	return 0;
}

/* the control-flow machine of a pass, each CPU's task at the start told */
static struct lttr_flow *run_start(struct lttr_trace *t, struct actx *x)
{
	static const struct lttr_flow_ops ops = { on_segment, on_transition };
	const struct ltt_trace_header *h = lttr_trace_header(t);
	struct lttr_account *a = x->a;
	struct lttr_buffer_info bi;
	struct lttr_flow *f;
	unsigned int c;

	f = lttr_flow_new(a->ncpus, a->start_ns, a->end_ns, &ops, x);
	if (!f)
		return NULL;
	lttr_flow_use_buffers(f, t);
	x->reaps = lttr_trace_records_reaps(t);
	x->reaps_possible = lttr_event_mask_has(&h->details, LTT_EV_PROCESS_REAP) &&
			    !(h->flags & LTT_TRACE_FILTERED) && !h->filter.flags;
	for (c = 0; c < a->ncpus; c++) {
		if (lttr_trace_buffer_count(t, c) && !lttr_trace_buffer(t, c, 0, &bi)) {
			struct atask *tk = get_task(x, bi.pid);

			lttr_flow_set_cpu(f, c, bi.pid);
			if (tk && tk->state == ST_NONE) {
				struct lttr_acct_change rc = { .cpu = (uint16_t)c };

				tk->state = ST_RUNNING;
				tk->since = a->start_ns;
				tell(x, tk, a->start_ns, LTTR_TS_RUNNING, &rc);
			}
		}
	}
	return f;
}

/* one event of a pass: 0 or a negative code (the hook's, or out of memory) */
static int run_event(struct actx *x, struct lttr_flow *f, const struct lttr_event *ev,
		     struct lttr_error *err)
{
	struct lttr_account *a = x->a;

	if (x->h && x->h->event) {
		int r = x->h->event(x->harg, ev);

		if (r < 0)
			return lttr_error_set(err, -r, "%s", lttr_strerror(r));
	}
	/* tasks that die after reaps are masked out are not zombies */
	if (ev->id == LTT_EV_CHANGE_MASK && ev->details)
		x->reaps = x->reaps_possible &&
			((ev->p.change_mask.bits[LTT_EV_PROCESS_REAP / 64] >>
			  (LTT_EV_PROCESS_REAP % 64)) & 1);
	if (ev->details && lttr_ptable_names(ev->id) && lttr_ptable_apply(a->procs, ev) < 0)
		x->nomem = 1;
	if (lttr_flow_feed(f, ev) < 0 || x->nomem)
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	return 0;
}

static int run(struct lttr_trace *t, struct actx *x, struct lttr_error *err)
{
	struct lttr_iter *it = NULL;
	struct lttr_event ev;
	struct lttr_flow *f;
	int r;

	f = run_start(t, x);
	if (!f)
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	r = lttr_iter_new(t, &it, err);
	while (r >= 0) {
		r = lttr_iter_next(it, &ev);
		if (r <= 0) {
			if (r < 0 && err)
				*err = *lttr_iter_error(it);
			break;
		}
		r = run_event(x, f, &ev, err);
	}
	if (r >= 0)
		lttr_flow_finish(f);
	lttr_iter_free(it);
	lttr_flow_free(f);
	return r < 0 ? r : 0;
}

int lttr_account_compute(struct lttr_trace *t, struct lttr_account **out,
			 struct lttr_error *err)
{
	return lttr_account_compute_hooks(t, NULL, NULL, out, err);
}

/* the context of a pass and its result, the process table empty; NULL: no memory */
static struct actx *ctx_new(struct lttr_trace *t, const struct lttr_account_hooks *hooks,
			    void *arg, const uint64_t *window)
{
	struct actx *x;
	struct lttr_account *a;

	x = calloc(1, sizeof(*x));
	a = calloc(1, sizeof(*a));
	if (!x || !a) {
		free(x);
		free(a);
		return NULL;
	}
	x->a = a;
	x->h = hooks;
	x->harg = arg;
	a->ncpus = lttr_trace_ncpus(t);
	a->start_ns = lttr_trace_window_start(t);
	a->end_ns = lttr_trace_end_ns(t);
	if (a->end_ns < a->start_ns)
		a->end_ns = a->start_ns;
	a->trace_start_ns = a->start_ns;
	x->w_from = 0;
	x->w_to = UINT64_MAX;
	x->t_end = a->end_ns;
	if (window) {	/* within the trace's */
		x->windowed = a->windowed = true;
		x->w_from = window[0] < a->start_ns ? a->start_ns :
			window[0] > a->end_ns ? a->end_ns : window[0];
		x->w_to = window[1] > a->end_ns ? a->end_ns :
			window[1] < x->w_from ? x->w_from : window[1];
	}
	a->procs = lttr_ptable_new(lttr_trace_proc(t));
	if (!a->procs) {
		free(a);
		free(x);
		return NULL;
	}
	return x;
}

/* the end of a pass over the whole trace: the tasks of the snapshot, the sums */
static int ctx_finish(struct lttr_trace *t, struct actx *x)
{
	add_snapshot_tasks(x, lttr_trace_proc(t));
	return x->nomem || finish(x) ? -1 : 0;
}

/*
 * Free @x; its result too unless @keep (a finished pass's, then returned).
 * After finish() the result's tasks own the syscall tables.
 */
static struct lttr_account *ctx_free(struct actx *x, bool finished, bool keep)
{
	struct lttr_account *a = x->a;

	if (!finished || !keep) {
		if (!finished) {
			size_t i;

			for (i = 0; i < x->ntasks; i++) {
				free(x->tasks[i].pub.sc);
				free(x->tasks[i].pending_on);
			}
			a->ntasks = 0;	/* a->tasks (if any) shares the sc arrays */
			free(a->tasks);
			a->tasks = NULL;
		}
		lttr_account_free(a);
		a = NULL;
	}
	lttr_pidmap_free(&x->map);
	free(x->tasks);
	free(x);
	return a;
}

static int compute(struct lttr_trace *t, const struct lttr_account_hooks *hooks,
		   void *arg, const uint64_t *window, struct lttr_account **out,
		   struct lttr_error *err)
{
	struct actx *x;
	int r;

	*out = NULL;
	x = ctx_new(t, hooks, arg, window);
	if (!x)
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	r = run(t, x, err);
	if (r >= 0 && ctx_finish(t, x))
		r = lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	/* a finish that failed half way: its tasks' tables are the context's */
	*out = ctx_free(x, r >= 0, r >= 0);
	return r < 0 ? r : 0;
}

int lttr_account_compute_hooks(struct lttr_trace *t,
			       const struct lttr_account_hooks *hooks, void *arg,
			       struct lttr_account **out, struct lttr_error *err)
{
	return compute(t, hooks, arg, NULL, out, err);
}

int lttr_account_compute_window(struct lttr_trace *t, uint64_t from_ns,
				uint64_t to_ns, struct lttr_account **out,
				struct lttr_error *err)
{
	const uint64_t w[2] = { from_ns, to_ns };

	return compute(t, NULL, NULL, w, out, err);
}

int lttr_account_compute_window_hooks(struct lttr_trace *t,
				      const struct lttr_account_hooks *hooks,
				      void *arg, uint64_t from_ns, uint64_t to_ns,
				      struct lttr_account **out,
				      struct lttr_error *err)
{
	const uint64_t w[2] = { from_ns, to_ns };

	return compute(t, hooks, arg, w, out, err);
}

void lttr_account_free(struct lttr_account *a)
{
	size_t i;

	if (!a)
		return;
	for (i = 0; i < a->ntasks; i++)
		free(a->tasks[i].sc);
	free(a->tasks);
	free(a->sc);
	free(a->irqs);
	free(a->softirqs);
	lttr_ptable_free(a->procs);
	free(a);
}

/* ---- a pass kept between events (the replay's checkpoints) ---- */

struct lttr_acct_pass {
	struct lttr_trace *t;
	struct actx *x;
	struct lttr_flow *f;
	struct lttr_iter *it;
	bool ended;		/* the end applied */
	bool finished;		/* ... and the sums made (finish()) */
	bool held;		/* the next event read ahead (lttr_acct_pass_peek()) */
	struct lttr_event next;
};

int lttr_acct_pass_new(struct lttr_trace *t, const struct lttr_account_hooks *hooks,
		       void *arg, struct lttr_acct_pass **out, struct lttr_error *err)
{
	struct lttr_acct_pass *p = calloc(1, sizeof(*p));

	*out = NULL;
	if (!p)
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	p->t = t;
	p->x = ctx_new(t, hooks, arg, NULL);
	if (p->x)
		p->f = run_start(t, p->x);
	if (!p->x || !p->f || p->x->nomem) {
		lttr_acct_pass_free(p);
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	}
	if (lttr_iter_new(t, &p->it, err) < 0) {
		lttr_acct_pass_free(p);
		return -err->code;
	}
	*out = p;
	return 0;
}

int lttr_acct_pass_next(struct lttr_acct_pass *p, struct lttr_error *err)
{
	struct lttr_event ev;
	int r;

	if (p->ended)
		return 0;
	if (p->held) {
		ev = p->next;
		p->held = false;
		r = 1;
	} else {
		r = lttr_iter_next(p->it, &ev);
	}
	if (r < 0) {
		*err = *lttr_iter_error(p->it);
		return r;
	}
	if (r == 0) {
		lttr_flow_finish(p->f);
		p->ended = true;
		if (ctx_finish(p->t, p->x))
			return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
		p->finished = true;
		return 0;
	}
	r = run_event(p->x, p->f, &ev, err);
	return r < 0 ? r : 1;
}

int lttr_acct_pass_peek(struct lttr_acct_pass *p, uint64_t *time_ns, struct lttr_error *err)
{
	if (p->ended)
		return 0;
	if (!p->held) {
		int r = lttr_iter_next(p->it, &p->next);

		if (r < 0) {
			*err = *lttr_iter_error(p->it);
			return r;
		}
		if (r == 0)
			return 0;
		p->held = true;
	}
	*time_ns = p->next.time_ns;
	return 1;
}

/* a copy of @x with its result, between two events; NULL: no memory */
static struct actx *ctx_copy(const struct actx *x, void *arg)
{
	const struct lttr_account *a = x->a;
	struct lttr_account *na = malloc(sizeof(*na));
	struct actx *nx = malloc(sizeof(*nx));
	size_t i;

	if (!nx || !na) {
		free(nx);
		free(na);
		return NULL;
	}
	*nx = *x;
	*na = *a;
	nx->a = na;
	nx->harg = arg;
	nx->ntasks = 0;
	memset(&nx->map, 0, sizeof(nx->map));
	na->sc = NULL;
	na->irqs = NULL;
	na->softirqs = NULL;
	na->tasks = NULL;
	na->ntasks = 0;
	na->procs = lttr_ptable_copy(a->procs);
	nx->tasks = malloc((x->cap ? x->cap : 1) * sizeof(*nx->tasks));
	if (!na->procs || !nx->tasks)
		goto nomem;
	if ((x->sccap && !(na->sc = malloc(x->sccap * sizeof(*na->sc)))) ||
	    (x->irqcap && !(na->irqs = malloc(x->irqcap * sizeof(*na->irqs)))) ||
	    (x->softirqcap && !(na->softirqs = malloc(x->softirqcap * sizeof(*na->softirqs)))))
		goto nomem;
	if (a->nsc)
		memcpy(na->sc, a->sc, a->nsc * sizeof(*na->sc));
	if (a->nirqs)
		memcpy(na->irqs, a->irqs, a->nirqs * sizeof(*na->irqs));
	if (a->nsoftirqs)
		memcpy(na->softirqs, a->softirqs, a->nsoftirqs * sizeof(*na->softirqs));
	for (i = 0; i < x->ntasks; i++) {
		const struct atask *o = &x->tasks[i];
		struct atask *tk = &nx->tasks[i];

		*tk = *o;
		tk->pub.sc = NULL;
		tk->pending_on = NULL;
		nx->ntasks++;
		if (o->sccap && !(tk->pub.sc = malloc(o->sccap * sizeof(*tk->pub.sc))))
			goto nomem;
		if (o->pub.nsc)
			memcpy(tk->pub.sc, o->pub.sc, o->pub.nsc * sizeof(*tk->pub.sc));
		if (o->pending_on) {
			tk->pending_on = malloc(a->ncpus * sizeof(*tk->pending_on));
			if (!tk->pending_on)
				goto nomem;
			memcpy(tk->pending_on, o->pending_on, a->ncpus * sizeof(*tk->pending_on));
		}
	}
	if (lttr_pidmap_copy(&nx->map, &x->map))
		goto nomem;
	return nx;
nomem:
	ctx_free(nx, false, false);
	return NULL;
}

struct lttr_acct_pass *lttr_acct_pass_copy(const struct lttr_acct_pass *src, void *arg)
{
	struct lttr_acct_pass *p;

	if (src->ended || !(p = calloc(1, sizeof(*p))))
		return NULL;
	p->t = src->t;
	/* an event read ahead is the copy's too: its variable part is in the
	 * trace's mapping, which the reader's position does not own */
	p->held = src->held;
	p->next = src->next;
	p->x = ctx_copy(src->x, arg);
	if (p->x)
		p->f = lttr_flow_copy(src->f, p->x);
	if (!p->f || lttr_iter_copy(src->it, &p->it, NULL) < 0) {
		lttr_acct_pass_free(p);
		return NULL;
	}
	return p;
}

size_t lttr_acct_pass_bytes(const struct lttr_acct_pass *p)
{
	const struct actx *x = p->x;
	size_t n = sizeof(*p) + sizeof(*x) + sizeof(*x->a) + x->cap * sizeof(*x->tasks) +
		   x->map.cap * (sizeof(*x->map.keys) + sizeof(*x->map.vals)) +
		   x->sccap * sizeof(*x->a->sc) + x->irqcap * sizeof(*x->a->irqs) +
		   x->softirqcap * sizeof(*x->a->softirqs);
	size_t i;

	for (i = 0; i < x->ntasks; i++)
		n += x->tasks[i].sccap * sizeof(*x->tasks[i].pub.sc) +
		     (x->tasks[i].pending_on ? x->a->ncpus * sizeof(uint64_t) : 0);
	return n + lttr_flow_bytes(p->f) + lttr_ptable_bytes(x->a->procs) +
	       lttr_iter_bytes(p->it);
}

void lttr_acct_pass_free(struct lttr_acct_pass *p)
{
	if (!p)
		return;
	if (p->x)
		ctx_free(p->x, p->finished, false);
	lttr_flow_free(p->f);
	lttr_iter_free(p->it);
	free(p);
}
