// SPDX-License-Identifier: GPL-2.0
/*
 * stacks.c - folded off-CPU and wakeup stacks (lttr/analysis/stacks.h).
 *
 * One run of the accounting with hooks: the event hook pairs each stack
 * record with the record before it on its CPU and keeps the stacks; the
 * task hook follows each task's blocked intervals, so an interval weighs
 * exactly what the accounting charges, and the stacks of the switch-out
 * that began it get that weight.
 */
#include <lttr/analysis/stacks.h>
#include <lttr/analysis/blockstacks.h>
#include <lttr/analysis/account.h>
#include <lttr/reader/error.h>
#include <lttr/reader/event.h>
#include <lttr/reader/stack.h>
#include <lttr/reader/syscalls.h>
#include <lttr/reader/trace.h>
#include <lttr/symbols/symbols.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reader/progress-hold.h"

#define NO_STACK	((size_t)-1)
#define PROGRESS_EVERY 4096	/* events between two progress calls */

/* a distinct stack of a task: its addresses, kernel then user */
struct sent {
	uint64_t hash;
	uint32_t pid;
	uint8_t kn, un;
	uint64_t time_ns;	/* of its first record, for naming */
	uint64_t epoch;		/* its task's mappings then (lttr_syms_epoch()) */
	uint64_t *addrs;
	uint64_t value;
	uint64_t count;		/* intervals or wakeups */
};

/* a task's blocked interval being followed */
struct ptask {
	uint32_t pid;
	bool used;
	bool open;		/* blocked since @start */
	uint64_t start;
	size_t stack;		/* of the open interval, or NO_STACK */
	size_t last_stack;	/* at its last blocking switch-out since it
				 * last ran, or NO_STACK */
	uint64_t last_time;
	uint64_t closed;	/* blocked ns of its closed intervals */
};

struct cpulast {
	bool valid;
	uint8_t id;
	uint64_t time_ns;
	bool wakeup_pending;	/* a wakeup of a waker we count, or a sample
				 * we count, stack not seen yet */
};

struct sctx {
	const struct lttr_stacks_opts *o;
	struct lttr_stacks *s;
	struct sent *ents;
	size_t nents, cap;
	size_t *idx;		/* open addressing: entry + 1, 0 empty */
	size_t idx_cap;
	struct ptask *tasks;	/* open addressing by pid */
	size_t tasks_cap, ntasks;
	struct cpulast cpu[LTT_MAX_CPUS];
	uint64_t w_from, w_to;
	uint64_t unstacked_n;	/* intervals or wakeups without a stack */
	bool sample_stacks;	/* the trace has stacks of samples */
	bool nomem;
	uint64_t events;	/* read, for the progress */
	uint64_t start_ns, span_ns;	/* the trace's, for the progress */
};

static uint64_t hash_stack(const struct lttr_stack *st, uint64_t epoch)
{
	uint64_t h = 1469598103934665603ULL;
	unsigned int i;

#define MIX(v) do { h ^= (uint64_t)(v); h *= 1099511628211ULL; } while (0)
	MIX(st->pid);
	MIX(epoch);
	MIX(st->kernel_nr);
	MIX(st->user_nr);
	for (i = 0; i < st->kernel_nr; i++)
		MIX(st->kernel[i]);
	for (i = 0; i < st->user_nr; i++)
		MIX(st->user[i]);
#undef MIX
	return h;
}

static bool same_stack(const struct sent *e, const struct lttr_stack *st, uint64_t epoch)
{
	return e->pid == st->pid && e->epoch == epoch && e->kn == st->kernel_nr &&
		e->un == st->user_nr &&
		!memcmp(e->addrs, st->kernel, 8 * (size_t)e->kn) &&
		!memcmp(e->addrs + e->kn, st->user, 8 * (size_t)e->un);
}

static int grow_idx(struct sctx *x)
{
	size_t cap = x->idx_cap ? 2 * x->idx_cap : 256, i;
	size_t *n = calloc(cap, sizeof(*n));

	if (!n)
		return -1;
	for (i = 0; i < x->nents; i++) {
		size_t j = (size_t)x->ents[i].hash & (cap - 1);

		while (n[j])
			j = (j + 1) & (cap - 1);
		n[j] = i + 1;
	}
	free(x->idx);
	x->idx = n;
	x->idx_cap = cap;
	return 0;
}

/* the entry of @st, added when new; NO_STACK when out of memory */
/*
 * The entry of stack @st: the same addresses of the same task are one
 * entry while the task's mappings stay the same (one epoch: they name the
 * same frames), another after an exec, fork or mmap record of the task.
 */
static size_t intern(struct sctx *x, const struct lttr_stack *st, uint64_t time_ns)
{
	const uint64_t epoch = lttr_syms_epoch(x->o->syms, (int32_t)st->pid);
	uint64_t h = hash_stack(st, epoch);
	struct sent *e;
	size_t j;

	if (2 * (x->nents + 1) > x->idx_cap && grow_idx(x))
		goto nomem;
	for (j = (size_t)h & (x->idx_cap - 1); x->idx[j]; j = (j + 1) & (x->idx_cap - 1)) {
		e = &x->ents[x->idx[j] - 1];
		if (e->hash == h && same_stack(e, st, epoch))
			return x->idx[j] - 1;
	}
	if (x->nents == x->cap) {
		size_t cap = x->cap ? 2 * x->cap : 64;
		struct sent *n = realloc(x->ents, cap * sizeof(*n));

		if (!n)
			goto nomem;
		x->ents = n;
		x->cap = cap;
	}
	e = &x->ents[x->nents];
	e->addrs = malloc(8 * ((size_t)st->kernel_nr + st->user_nr) + 1);
	if (!e->addrs)
		goto nomem;
	memcpy(e->addrs, st->kernel, 8 * (size_t)st->kernel_nr);
	memcpy(e->addrs + st->kernel_nr, st->user, 8 * (size_t)st->user_nr);
	e->hash = h;
	e->pid = st->pid;
	e->kn = (uint8_t)st->kernel_nr;
	e->un = (uint8_t)st->user_nr;
	e->time_ns = time_ns;
	e->epoch = epoch;
	e->value = 0;
	e->count = 0;
	x->idx[j] = ++x->nents;
	return x->nents - 1;
nomem:
	x->nomem = true;
	return NO_STACK;
}

static struct ptask *ptask(struct sctx *x, uint32_t pid)
{
	size_t j;

	if (2 * (x->ntasks + 1) > x->tasks_cap) {
		size_t cap = x->tasks_cap ? 2 * x->tasks_cap : 256, i;
		struct ptask *n = calloc(cap, sizeof(*n));

		if (!n) {
			x->nomem = true;
			return NULL;
		}
		for (i = 0; i < x->tasks_cap; i++) {
			if (!x->tasks[i].used)
				continue;
			j = x->tasks[i].pid & (cap - 1);
			while (n[j].used)
				j = (j + 1) & (cap - 1);
			n[j] = x->tasks[i];
		}
		free(x->tasks);
		x->tasks = n;
		x->tasks_cap = cap;
	}
	for (j = pid & (x->tasks_cap - 1); x->tasks[j].used; j = (j + 1) & (x->tasks_cap - 1))
		if (x->tasks[j].pid == pid)
			return &x->tasks[j];
	x->tasks[j].used = true;
	x->tasks[j].pid = pid;
	x->tasks[j].stack = NO_STACK;
	x->tasks[j].last_stack = NO_STACK;
	x->ntasks++;
	return &x->tasks[j];
}

static bool pid_wanted(const struct sctx *x, uint32_t pid)
{
	return !x->o->has_pid || x->o->pid == pid;
}

static bool in_window(const struct sctx *x, uint64_t t)
{
	return t >= x->w_from && t < x->w_to;
}

static void stack_record(struct sctx *x, const struct lttr_event *ev,
			 const struct cpulast *prev)
{
	struct lttr_stack st;
	struct ptask *p;
	size_t sid;

	if (lttr_stack_decode(ev, &st, NULL, 0) < 0) {
		x->s->bad++;
		return;
	}
	if (!prev->valid || prev->id != st.of_id || prev->time_ns != ev->time_ns) {
		x->s->orphans++;
		return;
	}
	if (!pid_wanted(x, st.pid))
		return;
	if ((x->o->kind == LTTR_STACKS_WAKEUP && st.of_id == LTT_EV_PROCESS_WAKEUP) ||
	    (x->o->kind == LTTR_STACKS_CPU && st.of_id == LTT_EV_SAMPLE) ||
	    (x->o->kind == LTTR_STACKS_EVENT && st.of_id == x->o->event_id)) {
		if (!in_window(x, ev->time_ns))
			return;
		sid = intern(x, &st, ev->time_ns);
		if (sid != NO_STACK) {
			x->ents[sid].value++;
			x->ents[sid].count++;
			x->s->intervals++;
		}
	} else if (x->o->kind == LTTR_STACKS_OFFCPU && st.of_id == LTT_EV_SCHEDCHANGE) {
		sid = intern(x, &st, ev->time_ns);
		p = ptask(x, st.pid);
		if (sid == NO_STACK || !p)
			return;
		p->last_stack = sid;
		p->last_time = ev->time_ns;
		if (p->open && p->start == ev->time_ns && p->stack == NO_STACK)
			p->stack = sid;
	}
}

/*
 * A sample: its stack record follows when the trace has stacks of
 * samples; without, its interrupted instruction is its stack (one frame).
 */
static void sample_event(struct sctx *x, const struct lttr_event *ev, struct cpulast *c)
{
	struct lttr_stack st;
	size_t sid;

	if (x->sample_stacks) {
		c->wakeup_pending = true;
		return;
	}
	memset(&st, 0, sizeof(st));
	st.pid = ev->p.sample.pid;
	st.of_id = LTT_EV_SAMPLE;
	if (ev->p.sample.flags & LTT_SAMPLE_USER) {
		st.user[0] = ev->p.sample.ip;
		st.user_nr = 1;
	} else {
		st.kernel[0] = ev->p.sample.ip;
		st.kernel_nr = 1;
	}
	sid = intern(x, &st, ev->time_ns);
	if (sid != NO_STACK) {
		x->ents[sid].value++;
		x->s->intervals++;
	}
}

/* the share of the trace read told every PROGRESS_EVERY events: -1 to stop */
static int tell_progress(struct sctx *x, const struct lttr_event *ev)
{
	uint64_t done;

	if (!x->o->progress || ++x->events % PROGRESS_EVERY)
		return 0;
	done = ev->time_ns > x->start_ns ? ev->time_ns - x->start_ns : 0;
	if (done > x->span_ns)
		done = x->span_ns;
	return lttr_progress_tell(x->o->progress, x->o->progress_arg, x->events / PROGRESS_EVERY,
				  x->span_ns ? (unsigned int)(done * 1000 / x->span_ns) : 1000) ?
		-1 : 0;
}

static int on_event(void *arg, const struct lttr_event *ev)
{
	struct sctx *x = arg;
	struct cpulast *c;
	struct ptask *p;

	if (tell_progress(x, ev))
		return -LTTR_E_CANCELED;
	if (ev->cpu >= LTT_MAX_CPUS || ev->id == LTT_EV_TIME_EXT)
		return 0;
	/* what each process ran and mapped (exec, fork, mmap), for its user frames */
	if (x->o->syms && lttr_syms_note_event(x->o->syms, ev) < 0)
		x->nomem = true;
	c = &x->cpu[ev->cpu];
	if (c->wakeup_pending && ev->id != LTT_EV_STACK) {
		/* the wakeup before had no stack record */
		x->s->unstacked++;
		x->unstacked_n++;
		x->s->intervals++;
		c->wakeup_pending = false;
	}
	if (ev->id == LTT_EV_STACK) {
		bool pending = c->wakeup_pending;

		if (c->wakeup_pending && ev->details &&
		    ev->p.stack.of_id == (x->o->kind == LTTR_STACKS_CPU ? LTT_EV_SAMPLE :
					  x->o->kind == LTTR_STACKS_EVENT ? x->o->event_id :
					  LTT_EV_PROCESS_WAKEUP))
			c->wakeup_pending = false;
		/* an event's: only after one counted (its syscall, its task) */
		if (x->o->kind != LTTR_STACKS_EVENT || pending)
			stack_record(x, ev, c);
	} else if (x->o->kind == LTTR_STACKS_EVENT && ev->id == x->o->event_id &&
		   pid_wanted(x, ev->pid) && in_window(x, ev->time_ns) &&
		   (x->o->syscall_nr < 0 || (ev->details &&
		    ev->p.syscall_entry.nr == (uint32_t)x->o->syscall_nr))) {
		c->wakeup_pending = true;
	} else if (ev->id == LTT_EV_SAMPLE && x->o->kind == LTTR_STACKS_CPU && ev->details &&
		   pid_wanted(x, ev->p.sample.pid) && in_window(x, ev->time_ns)) {
		sample_event(x, ev, c);
	} else if (ev->id == LTT_EV_SCHEDCHANGE && ev->details &&
		   x->o->kind == LTTR_STACKS_OFFCPU) {
		/* switched in: its stacks of before are not of a later block */
		p = ptask(x, ev->p.schedchange.next_pid);
		if (p)
			p->last_stack = NO_STACK;
	} else if (ev->id == LTT_EV_PROCESS_WAKEUP && x->o->kind == LTTR_STACKS_WAKEUP &&
		   pid_wanted(x, ev->pid) && in_window(x, ev->time_ns)) {
		c->wakeup_pending = true;
	}
	c->valid = true;
	c->id = ev->id;
	c->time_ns = ev->time_ns;
	return x->nomem ? -LTTR_E_NOMEM : 0;
}

static void charge(struct sctx *x, struct ptask *p, uint64_t d)
{
	if (p->stack != NO_STACK) {
		x->ents[p->stack].value += d;
		x->ents[p->stack].count++;
	} else {
		x->s->unstacked += d;
		x->unstacked_n++;
	}
	p->closed += d;
}

static void on_task(void *arg, const struct lttr_acct_change *c)
{
	struct sctx *x = arg;
	struct ptask *p;

	if (c->state == LTTR_TS_RESOLVED || !c->pid || !pid_wanted(x, c->pid))
		return;
	p = ptask(x, c->pid);
	if (!p)
		return;
	if (p->open) {
		/* what of [start, now) lies in the window */
		uint64_t from = p->start > x->w_from ? p->start : x->w_from;
		uint64_t to = c->time_ns < x->w_to ? c->time_ns : x->w_to;

		if (to > from) {
			charge(x, p, to - from);
			x->s->intervals++;
		}
		p->open = false;
	}
	if (c->state == LTTR_TS_BLOCKED) {
		p->open = true;
		p->start = c->time_ns;
		/* blocked since before the window: its switch-out's stacks */
		p->stack = p->last_stack;
	}
}

static int cmp_line(const void *a, const void *b)
{
	return strcmp(((const struct lttr_stack_line *)a)->folded,
		      ((const struct lttr_stack_line *)b)->folded);
}

/* "frame;frame": user frames then kernel frames, each root first (blockstacks.c) */
static char *fold(const struct sent *e, struct lttr_syms *syms)
{
	return lttr_stack_fold(syms, e->pid, e->time_ns, e->addrs, e->kn, e->addrs + e->kn, e->un);
}

static int make_lines(struct sctx *x)
{
	struct lttr_stacks *s = x->s;
	size_t i, n = 0;

	s->lines = calloc(x->nents + 1, sizeof(*s->lines));
	if (!s->lines)
		return -1;
	for (i = 0; i < x->nents; i++) {
		if (!x->ents[i].value)
			continue;
		s->lines[n].folded = fold(&x->ents[i], x->o->syms);
		if (!s->lines[n].folded)
			return -1;
		s->lines[n].value = x->ents[i].value;
		s->lines[n].count = x->ents[i].count;
		s->total += x->ents[i].value;
		n++;
	}
	if (s->unstacked) {
		s->lines[n].folded = strdup("[no stack]");
		if (!s->lines[n].folded)
			return -1;
		s->lines[n].count = x->unstacked_n;
		s->lines[n++].value = s->unstacked;
	}
	qsort(s->lines, n, sizeof(*s->lines), cmp_line);
	/* stacks of different tasks that are named the same: one line */
	s->nlines = 0;
	for (i = 0; i < n; i++) {
		if (s->nlines && !strcmp(s->lines[s->nlines - 1].folded, s->lines[i].folded)) {
			s->lines[s->nlines - 1].value += s->lines[i].value;
			s->lines[s->nlines - 1].count += s->lines[i].count;
			free(s->lines[i].folded);
			s->lines[i].folded = NULL;
			continue;
		}
		s->lines[s->nlines++] = s->lines[i];
	}
	return 0;
}

/*
 * Intervals still open at the end: the accounting charged them up to the
 * window's (or the trace's) end; what it charged beyond the closed ones
 * is theirs.
 */
static void close_open(struct sctx *x, const struct lttr_account *a)
{
	size_t i;

	for (i = 0; i < a->ntasks; i++) {
		const struct lttr_acct_task *tk = &a->tasks[i];
		uint64_t blocked = lttr_acct_task_blocked(tk);
		struct ptask *p;

		if (!tk->pid || !pid_wanted(x, tk->pid))
			continue;
		x->s->blocked_ns += blocked;
		p = ptask(x, tk->pid);
		if (!p)
			return;
		if (blocked > p->closed) {
			uint64_t rest = blocked - p->closed;

			if (p->open) {
				charge(x, p, rest);
				x->s->intervals++;
				p->open = false;
			} else {
				x->s->unstacked += rest;
				p->closed += rest;
			}
		}
	}
}

int lttr_stacks_compute(struct lttr_trace *t, const struct lttr_stacks_opts *o,
			struct lttr_stacks **out, struct lttr_error *err)
{
	const struct ltt_trace_header *h = lttr_trace_header(t);
	struct lttr_account_hooks hooks = { .event = on_event };
	struct lttr_account *a = NULL;
	struct sctx x;
	unsigned int of_id;
	size_t i;
	int r;

	*out = NULL;
	if (o->kind != LTTR_STACKS_OFFCPU && o->kind != LTTR_STACKS_WAKEUP &&
	    o->kind != LTTR_STACKS_CPU &&
	    (o->kind != LTTR_STACKS_EVENT || o->event_id >= LTT_EV_MAX))
		return lttr_error_set(err, LTTR_E_INVAL, "unknown stack kind %u", o->kind);
	memset(&x, 0, sizeof(x));
	x.o = o;
	x.s = calloc(1, sizeof(*x.s));
	if (!x.s)
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	x.s->kind = o->kind;
	of_id = o->kind == LTTR_STACKS_OFFCPU ? LTT_EV_SCHEDCHANGE :
		o->kind == LTTR_STACKS_WAKEUP ? LTT_EV_PROCESS_WAKEUP :
		o->kind == LTTR_STACKS_EVENT ? o->event_id : LTT_EV_SAMPLE;
	x.s->has_stacks = (h->stacks.events.bits[of_id / 64] >> (of_id % 64)) & 1;
	if (o->kind == LTTR_STACKS_EVENT && of_id == LTT_EV_SYSCALL_ENTRY && x.s->has_stacks &&
	    o->syscall_nr >= 0)
		/* only the syscalls asked for have stacks (1.10) */
		x.s->has_stacks = o->syscall_nr < LTT_STACK_SYSCALLS &&
			((h->stack_syscalls.bits[o->syscall_nr / 64] >> (o->syscall_nr % 64)) & 1);
	x.s->sample_hz = h->sample_hz;
	if (o->kind == LTTR_STACKS_CPU) {
		/* the samples are the profile, with or without their stacks */
		x.sample_stacks = x.s->has_stacks;
		x.s->has_stacks = h->sample_hz != 0;
	}
	x.start_ns = lttr_trace_window_start(t);
	x.span_ns = lttr_trace_end_ns(t) > x.start_ns ? lttr_trace_end_ns(t) - x.start_ns : 0;
	x.w_from = o->windowed ? o->from_ns : 0;
	x.w_to = o->windowed ? o->to_ns : UINT64_MAX;
	if (o->kind == LTTR_STACKS_OFFCPU)
		hooks.task = on_task;
	r = o->windowed ?
		lttr_account_compute_window_hooks(t, &hooks, &x, o->from_ns, o->to_ns, &a, err) :
		lttr_account_compute_hooks(t, &hooks, &x, &a, err);
	if (r >= 0 && o->kind == LTTR_STACKS_OFFCPU)
		close_open(&x, a);
	for (i = 0; r >= 0 && i < LTT_MAX_CPUS; i++)
		if (x.cpu[i].wakeup_pending) {
			x.s->unstacked++;
			x.unstacked_n++;
			x.s->intervals++;
		}
	if (r >= 0 && (x.nomem || make_lines(&x)))
		r = lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	lttr_account_free(a);
	for (i = 0; i < x.nents; i++)
		free(x.ents[i].addrs);
	free(x.ents);
	free(x.idx);
	free(x.tasks);
	if (r < 0) {
		lttr_stacks_free(x.s);
		return r;
	}
	*out = x.s;
	return 0;
}

void lttr_stacks_free(struct lttr_stacks *s)
{
	size_t i;

	if (!s)
		return;
	for (i = 0; i < s->nlines; i++)
		free(s->lines[i].folded);
	free(s->lines);
	free(s);
}

int lttr_stacks_kind_parse(const char *name, unsigned int *event_id, long *syscall_nr)
{
	int k = lttr_stacks_kind_lookup(name), id;
	long nr = -1;

	*event_id = 0;
	*syscall_nr = -1;
	if (k >= 0 && k != LTTR_STACKS_EVENT)
		return k;
	if (!strncmp(name, "syscall:", 8)) {
		nr = lttr_syscall_lookup(name + 8);
		if (nr < 0)
			return -1;
		id = LTT_EV_SYSCALL_ENTRY;
	} else {
		id = lttr_event_type_id(name);
		if (id < 0 || id == LTT_EV_STACK)
			return -1;
	}
	*event_id = (unsigned int)id;
	*syscall_nr = nr;
	return LTTR_STACKS_EVENT;
}

int lttr_stacks_kind_lookup(const char *name)
{
	if (!strcmp(name, "offcpu"))
		return LTTR_STACKS_OFFCPU;
	if (!strcmp(name, "wakeup"))
		return LTTR_STACKS_WAKEUP;
	if (!strcmp(name, "cpu"))
		return LTTR_STACKS_CPU;
	return -1;
}

const char *lttr_stacks_kind_name(unsigned int kind)
{
	switch (kind) {
	case LTTR_STACKS_OFFCPU: return "offcpu";
	case LTTR_STACKS_WAKEUP: return "wakeup";
	case LTTR_STACKS_CPU: return "cpu";
	case LTTR_STACKS_EVENT: return "event";
	default: return NULL;
	}
}
