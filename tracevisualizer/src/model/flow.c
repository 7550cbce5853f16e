// SPDX-License-Identifier: GPL-2.0
/*
 * flow.c - the control-flow state machine: per CPU the current task and
 * interrupt stack, per task its kernel stack (syscall, traps), turned into
 * segments (who ran when, in which mode) and transitions.  The rules are
 * those of docs/control-flow.md, section "Transition rules".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/model/flow.h>
#include <lttr/reader/syscalls.h>
#include <lttr/reader/iter.h>
#include <lttr/reader/trace.h>
#include "model/pidmap.h"

#define FLOW_KSTACK	8	/* syscall + nested traps per task */
#define FLOW_IRQSTACK	16	/* nested irqs and softirqs per CPU */

struct kframe {
	uint8_t mode;		/* LTTR_MODE_SYSCALL or LTTR_MODE_TRAP */
	uint32_t what;
	uint64_t since;
};

struct ftask {
	uint32_t pid;
	uint64_t out_ns;	/* its last switch-out before the window, as
				 * recorded (0: none or checked) */
	bool resolved;		/* its base mode is known */
	bool kthread;		/* base mode is kernel */
	unsigned int depth;
	struct kframe k[FLOW_KSTACK];
};

struct iframe {
	uint32_t irq;		/* irq number or softirq vector */
	bool sysvec;
	bool softirq;		/* a softirq frame */
	uint64_t since;
};

struct fcpu {
	uint32_t pid;
	uint32_t cached_pid;	/* task index cache of @pid */
	size_t cached_idx;
	bool cached;
	uint64_t seg_start;
	unsigned int depth;
	bool seen_softirq;	/* a softirq event was seen on this CPU (since a gap) */
	bool irq_unknown;	/* after a gap: irqs may be open below the stack */
	bool gap;		/* in a gap of lost events: runs unknown */
	uint32_t gap_pid;	/* ... current again at its end */
	uint64_t gap_start;	/* ... the time of the record before it */
	uint64_t gap_end;	/* ... the start of the buffer after it */
	size_t buf;		/* buffer of the CPU's last record applied */
	uint64_t buf_end;	/* ... file offset just past its records */
	bool buf_cut;		/* ... damaged records after those: skipped */
	struct iframe irq[FLOW_IRQSTACK];
};

struct lttr_flow {
	unsigned int ncpus;
	uint64_t start_ns;
	uint64_t end_ns;
	struct lttr_flow_ops ops;
	void *arg;
	struct fcpu cpu[LTT_MAX_CPUS];
	struct ftask *tasks;
	size_t ntasks;
	size_t cap;
	struct lttr_pidmap map;
	struct lttr_trace *t;	/* buffers followed (lttr_flow_use_buffers) */
	enum lttr_machine machine;	/* whose syscall and trap numbers */
	uint64_t next_gap_end;	/* earliest end of a CPU's gap, or UINT64_MAX */
	bool history;		/* the event applied is before start_ns */
	uint64_t data_start;	/* the latest of the CPUs' first buffer starts */
};

static const char *const mode_names[LTTR_MODE_COUNT] = {
	"user", "syscall", "trap", "irq", "idle", "kernel", "unknown",
	"softirq",
};

const char *lttr_mode_name(unsigned int mode)
{
	return mode < LTTR_MODE_COUNT ? mode_names[mode] : "?";
}

const char *lttr_mode_what_str(const struct lttr_trace *t, unsigned int mode,
			       uint32_t what, bool sysvec, char *buf, size_t size)
{
	const char *n;

	switch (mode) {
	case LTTR_MODE_SYSCALL:
		return lttr_machine_syscall_str(t ? lttr_trace_machine(t) : lttr_machine_current(),
						what, buf, size);
	case LTTR_MODE_TRAP:
		return lttr_machine_trap_name(t ? lttr_trace_machine(t) : lttr_machine_current(),
					      what, buf, size);
	case LTTR_MODE_IRQ:
		n = sysvec ? lttr_sysvec_name(what) : t ? lttr_trace_irq_name(t, what) : NULL;
		if (n)
			return n;
		snprintf(buf, size, sysvec ? "vector_0x%x" : "irq_%u", what);
		return buf;
	case LTTR_MODE_SOFTIRQ:
		n = what == LTTR_WHAT_UNKNOWN ? "unknown" : lttr_softirq_name(what);
		if (n)
			return n;
		snprintf(buf, size, "softirq_%u", what);
		return buf;
	default:
		return lttr_mode_name(mode);
	}
}

const char *lttr_tr_kind_name(unsigned int kind)
{
	static const char *const n[] = {
		"syscall_entry", "syscall_exit", "trap_entry", "trap_exit",
		"irq_entry", "irq_exit", "switch", "wakeup", "fork", "exec",
		"exit", "resolve", "anomaly", "softirq_entry", "softirq_exit",
		"lost", "lost_end", "reap",
	};

	return kind < sizeof(n) / sizeof(n[0]) ? n[kind] : "?";
}

static struct ftask *task_get(struct lttr_flow *f, uint32_t pid)
{
	struct ftask *tk;
	size_t i;

	if (lttr_pidmap_find(&f->map, pid, &i))
		return &f->tasks[i];
	for (i = 0; i < f->ncpus; i++)
		f->cpu[i].cached = false;	/* the array may move */
	if (f->ntasks == f->cap) {
		size_t ncap = f->cap ? f->cap * 2 : 64;
		struct ftask *nt = realloc(f->tasks, ncap * sizeof(*nt));

		if (!nt)
			return NULL;
		f->tasks = nt;
		f->cap = ncap;
	}
	if (lttr_pidmap_put(&f->map, pid, f->ntasks))
		return NULL;
	tk = &f->tasks[f->ntasks++];
	memset(tk, 0, sizeof(*tk));
	tk->pid = pid;
	tk->resolved = pid == 0;
	return tk;
}

struct lttr_flow *lttr_flow_new(unsigned int ncpus, uint64_t start_ns,
				uint64_t end_ns, const struct lttr_flow_ops *ops,
				void *arg)
{
	struct lttr_flow *f;
	unsigned int c;

	if (ncpus > LTT_MAX_CPUS)
		return NULL;
	f = calloc(1, sizeof(*f));
	if (!f)
		return NULL;
	f->ncpus = ncpus;
	f->start_ns = start_ns;
	f->end_ns = end_ns < start_ns ? start_ns : end_ns;
	if (ops)
		f->ops = *ops;
	f->arg = arg;
	f->machine = lttr_machine_current();
	f->next_gap_end = UINT64_MAX;
	for (c = 0; c < ncpus; c++) {
		f->cpu[c].seg_start = start_ns;
		f->cpu[c].buf_end = UINT64_MAX;
		/*
		 * An irq taken on a CPU just before START set the tracer
		 * active ends with the first records: until the CPU's first
		 * switch an irq exit without entry is the end of an irq of
		 * the window start, as after a gap (rule 15).
		 */
		f->cpu[c].irq_unknown = true;
	}
	if (!task_get(f, 0)) {
		free(f);
		return NULL;
	}
	return f;
}

void lttr_flow_set_cpu(struct lttr_flow *f, unsigned int cpu, uint32_t pid)
{
	if (cpu < f->ncpus)
		f->cpu[cpu].pid = pid;
}

struct lttr_flow *lttr_flow_copy(const struct lttr_flow *src, void *arg)
{
	struct lttr_flow *f = malloc(sizeof(*f));

	if (!f)
		return NULL;
	*f = *src;
	f->arg = arg;
	f->tasks = malloc((src->cap ? src->cap : 1) * sizeof(*f->tasks));
	if (!f->tasks || lttr_pidmap_copy(&f->map, &src->map)) {
		free(f->tasks);
		free(f);
		return NULL;
	}
	if (src->ntasks)
		memcpy(f->tasks, src->tasks, src->ntasks * sizeof(*f->tasks));
	return f;
}

size_t lttr_flow_bytes(const struct lttr_flow *f)
{
	return sizeof(*f) + f->cap * sizeof(*f->tasks) +
	       f->map.cap * (sizeof(*f->map.keys) + sizeof(*f->map.vals));
}

void lttr_flow_free(struct lttr_flow *f)
{
	if (!f)
		return;
	lttr_pidmap_free(&f->map);
	free(f->tasks);
	free(f);
}

/* the task current on @c, without creating it */
static struct ftask *cpu_task(struct lttr_flow *f, struct fcpu *c)
{
	size_t i;

	if (c->cached && c->cached_pid == c->pid)
		return &f->tasks[c->cached_idx];
	if (!lttr_pidmap_find(&f->map, c->pid, &i))
		return NULL;
	c->cached = true;
	c->cached_pid = c->pid;
	c->cached_idx = i;
	return &f->tasks[i];
}

/* the mode of a CPU now */
static void cur_mode(struct lttr_flow *f, struct fcpu *c,
		     struct lttr_flow_seg *s)
{
	const struct ftask *tk;

	s->pid = c->pid;
	s->what = 0;
	s->sysvec = false;
	if (c->gap) {		/* lost events: nobody known runs */
		s->pid = 0;
		s->mode = LTTR_MODE_UNKNOWN;
		return;
	}
	if (c->depth) {
		unsigned int i = c->depth - 1;

		if (c->irq[i].softirq) {
			s->mode = LTTR_MODE_SOFTIRQ;
			s->what = c->irq[i].irq;
			return;
		}
		/* the outermost irq above the innermost softirq */
		while (i > 0 && !c->irq[i - 1].softirq)
			i--;
		s->mode = LTTR_MODE_IRQ;
		s->what = c->irq[i].irq;
		s->sysvec = c->irq[i].sysvec;
		return;
	}
	tk = cpu_task(f, c);
	if (tk && tk->depth) {
		s->mode = tk->k[tk->depth - 1].mode;
		s->what = tk->k[tk->depth - 1].what;
	} else if (c->pid == 0) {
		s->mode = LTTR_MODE_IDLE;
	} else if (!tk || !tk->resolved) {
		s->mode = LTTR_MODE_UNKNOWN;
	} else {
		s->mode = tk->kthread ? LTTR_MODE_KERNEL : LTTR_MODE_USER;
	}
}

/* deliver the segment of @cpu up to @t */
static void close_seg(struct lttr_flow *f, unsigned int cpu, uint64_t t)
{
	struct fcpu *c = &f->cpu[cpu];
	struct lttr_flow_seg s;

	if (t <= c->seg_start)
		return;
	cur_mode(f, c, &s);
	s.cpu = (uint16_t)cpu;
	s.start_ns = c->seg_start;
	s.end_ns = t;
	c->seg_start = t;
	if (f->ops.segment)
		f->ops.segment(f->arg, &s);
}

static void emit(struct lttr_flow *f, const struct lttr_flow_tr *tr)
{
	if (f->ops.transition)
		f->ops.transition(f->arg, tr);
}

static void anomaly(struct lttr_flow *f, const struct lttr_flow_tr *base,
		    uint32_t pid, enum lttr_anomaly what)
{
	struct lttr_flow_tr tr = *base;

	/*
	 * Before the window start some CPU has no data (START reaches the
	 * CPUs one after the other; a flight recorder's CPUs kept windows
	 * that begin apart): a task may run there unseen, so events that
	 * disagree with each other are expected, not damage.  The stacks
	 * are reset all the same; only the window's anomalies are said.
	 */
	if (f->history)
		return;
	tr.kind = LTTR_TR_ANOMALY;
	tr.pid = pid;
	tr.what = what;
	emit(f, &tr);
}

static void resolve(struct lttr_flow *f, struct ftask *tk,
		    const struct lttr_flow_tr *base, uint8_t mode, uint32_t what)
{
	struct lttr_flow_tr tr = *base;

	tk->resolved = true;
	tr.kind = LTTR_TR_RESOLVE;
	tr.pid = tk->pid;
	tr.mode = mode;
	tr.what = what;
	tr.since_ns = 0;
	emit(f, &tr);
}

/* user-mode evidence (syscall entry, user trap or irq) for @tk */
static void from_user(struct lttr_flow *f, struct ftask *tk,
		      struct lttr_flow_tr *tr)
{
	if (tk->depth) {
		anomaly(f, tr, tk->pid, tr->kind == LTTR_TR_SYSCALL_ENTRY ?
			LTTR_AN_SYSCALL_IN_KERNEL : LTTR_AN_USER_IN_KERNEL);
		tk->depth = 0;
	}
	if (!tk->resolved)
		resolve(f, tk, tr, LTTR_MODE_USER, 0);
}

static void kpush(struct lttr_flow *f, struct ftask *tk,
		  struct lttr_flow_tr *tr, uint8_t mode)
{
	if (tk->depth == FLOW_KSTACK) {
		anomaly(f, tr, tk->pid, LTTR_AN_STACK_OVERFLOW);
		memmove(&tk->k[0], &tk->k[1], (FLOW_KSTACK - 1) * sizeof(tk->k[0]));
		tk->depth--;
	}
	tk->k[tk->depth].mode = mode;
	tk->k[tk->depth].what = tr->what;
	tk->k[tk->depth].since = tr->time_ns;
	tk->depth++;
}

/* two numbers of an entry and its exit match (either may be unknown) */
static bool same_what(uint32_t a, uint32_t b)
{
	return a == b || a == LTTR_WHAT_UNKNOWN || b == LTTR_WHAT_UNKNOWN;
}

/*
 * pop down to the newest frame of @mode/@what; returns 1 if found, and
 * replaces an unknown *@what (no details) by the frame's, and a syscall
 * exit's by its entry's: an exit is named after the entry it closes (the
 * kernel gives an rt_sigreturn's exit the number -1)
 */
static int kpop(struct ftask *tk, uint8_t mode, uint32_t *what, uint64_t *since,
		bool *differs)
{
	unsigned int i;

	for (i = tk->depth; i > 0; i--) {
		if (tk->k[i - 1].mode == mode &&
		    (mode == LTTR_MODE_SYSCALL || same_what(tk->k[i - 1].what, *what))) {
			*since = tk->k[i - 1].since;
			*differs = !same_what(tk->k[i - 1].what, *what);
			if (*what == LTTR_WHAT_UNKNOWN ||
			    (mode == LTTR_MODE_SYSCALL && tk->k[i - 1].what != LTTR_WHAT_UNKNOWN))
				*what = tk->k[i - 1].what;
			tk->depth = i - 1;
			return 1;
		}
	}
	return 0;
}

static void on_syscall_exit(struct lttr_flow *f, struct ftask *tk,
			    struct lttr_flow_tr *tr)
{
	uint64_t since = 0;
	bool differs = false;

	if (kpop(tk, LTTR_MODE_SYSCALL, &tr->what, &since, &differs)) {
		/* (an rt_sigreturn's exit says -1: LTTR_WHAT_UNKNOWN) */
		if (differs)
			anomaly(f, tr, tk->pid, LTTR_AN_SYSCALL_MISMATCH);
		tr->since_ns = since;
	} else if (!tk->resolved) {
		/* in this syscall since the task appeared */
		tk->depth = 0;
		resolve(f, tk, tr, LTTR_MODE_SYSCALL, tr->what);
	} else {
		tk->depth = 0;
		anomaly(f, tr, tk->pid, LTTR_AN_EXIT_UNMATCHED);
	}
	emit(f, tr);
}

static void on_trap_exit(struct lttr_flow *f, struct ftask *tk,
			 struct lttr_flow_tr *tr)
{
	uint64_t since = 0;
	bool differs;

	if (kpop(tk, LTTR_MODE_TRAP, &tr->what, &since, &differs)) {
		tr->since_ns = since;
	} else if (!tk->resolved) {
		tk->depth = 0;
		resolve(f, tk, tr, LTTR_MODE_TRAP, tr->what);
		/*
		 * In that trap since it appeared; what the trap interrupted
		 * is still unknown (user mode, or a syscall whose exit may
		 * come next: a fault on a user buffer inside read()), so
		 * the task stays unresolved from here to the next evidence.
		 */
		tk->resolved = false;
	} else {
		anomaly(f, tr, tk->pid, LTTR_AN_EXIT_UNMATCHED);
	}
	emit(f, tr);
}

static void ipush(struct lttr_flow *f, struct fcpu *c, struct ftask *tk,
		  struct lttr_flow_tr *tr, bool softirq)
{
	if (c->depth == FLOW_IRQSTACK) {
		anomaly(f, tr, tk->pid, LTTR_AN_STACK_OVERFLOW);
		memmove(&c->irq[0], &c->irq[1], (FLOW_IRQSTACK - 1) * sizeof(c->irq[0]));
		c->depth--;
	}
	c->irq[c->depth].irq = tr->what;
	c->irq[c->depth].sysvec = tr->sysvec;
	c->irq[c->depth].softirq = softirq;
	c->irq[c->depth].since = tr->time_ns;
	c->depth++;
	tr->depth = (uint16_t)c->depth;
	emit(f, tr);
}

static void on_irq_entry(struct lttr_flow *f, struct fcpu *c, struct ftask *tk,
			 struct lttr_flow_tr *tr)
{
	if (tr->user && !c->depth)
		from_user(f, tk, tr);
	ipush(f, c, tk, tr, false);
}

/* rule 14: a softirq nests over anything, irqs nest in it */
static void on_softirq_exit(struct lttr_flow *f, struct fcpu *c,
			    struct ftask *tk, struct lttr_flow_tr *tr)
{
	unsigned int i;
	bool first = !c->seen_softirq;

	c->seen_softirq = true;
	for (i = c->depth; i > 0; i--)
		if (c->irq[i - 1].softirq && same_what(c->irq[i - 1].irq, tr->what))
			break;
	if (!i) {
		if (!first) {
			anomaly(f, tr, tk->pid, LTTR_AN_EXIT_UNMATCHED);
			return;
		}
		/* running since before the window: its entry is unknown */
		tr->since_ns = 0;
		tr->depth = (uint16_t)(c->depth + 1);
		emit(f, tr);
		return;
	}
	tr->since_ns = c->irq[i - 1].since;
	tr->depth = (uint16_t)i;
	if (tr->what == LTTR_WHAT_UNKNOWN)
		tr->what = c->irq[i - 1].irq;
	c->depth = i - 1;
	emit(f, tr);
}

static void on_irq_exit(struct lttr_flow *f, struct fcpu *c, struct ftask *tk,
			struct lttr_flow_tr *tr)
{
	unsigned int i;

	for (i = c->depth; i > 0; i--)
		if (!c->irq[i - 1].softirq &&
		    (tr->what == LTTR_WHAT_UNKNOWN ||
		     c->irq[i - 1].irq == LTTR_WHAT_UNKNOWN ||
		     (c->irq[i - 1].irq == tr->what &&
		      c->irq[i - 1].sysvec == tr->sysvec)))
			break;
	if (!i) {
		if (!c->irq_unknown) {
			anomaly(f, tr, tk->pid, LTTR_AN_EXIT_UNMATCHED);
			return;
		}
		/* running since before the gap: its entry was lost */
		tr->since_ns = 0;
		tr->depth = (uint16_t)(c->depth + 1);
		emit(f, tr);
		return;
	}
	if (tr->what == LTTR_WHAT_UNKNOWN) {
		tr->what = c->irq[i - 1].irq;
		tr->sysvec = c->irq[i - 1].sysvec;
	}
	tr->since_ns = c->irq[i - 1].since;
	tr->depth = (uint16_t)i;
	c->depth = i - 1;
	emit(f, tr);
}

static void on_switch(struct lttr_flow *f, unsigned int cpu, struct ftask *tk,
		      const struct lttr_event *ev, struct lttr_flow_tr *tr)
{
	struct fcpu *c = &f->cpu[cpu];
	const struct ltt_ev_schedchange *sc = &ev->p.schedchange;
	struct lttr_flow_seg s;

	if (c->depth) {
		anomaly(f, tr, tk->pid, LTTR_AN_IRQ_AT_SWITCH);
		c->depth = 0;
	}
	c->irq_unknown = false;	/* no irq runs across a switch */
	if (sc->prev_pid != c->pid)
		anomaly(f, tr, sc->prev_pid, LTTR_AN_WRONG_PREV);
	cur_mode(f, c, &s);
	if (f->history)
		tk->out_ns = ev->time_ns;
	tr->pid = c->pid;
	tr->pid2 = sc->next_pid;
	tr->state = sc->prev_state;
	tr->mode = s.mode;
	tr->what = s.what;
	c->pid = sc->next_pid;
	emit(f, tr);
}

/*
 * Lost events.  The tracer drops an event when its CPU has no free buffer,
 * and the next buffer it opens counts the events dropped since the last
 * one was closed (struct ltt_buffer_header.lost).  Between the last record
 * of the buffer before and the start of that buffer, anything may have
 * happened on the CPU: switches, syscalls, irqs.  Going on as if the task
 * current at the last record had run all along shows it on two CPUs at
 * once when it was really switched out and has run elsewhere since, and
 * pairs a syscall exit with an entry long gone.  So the gap is made
 * explicit: its CPU time belongs to nobody known (LTTR_MODE_UNKNOWN), the
 * task current before it and the one current after it (the header's pid)
 * lose their kernel stacks and their mode is unknown until the next
 * evidence (rule 7 of docs/control-flow.md), and the consumers see the gap
 * as LTTR_TR_LOST ... LTTR_TR_LOST_END.  A buffer whose last records were
 * damaged (LTTR_OPEN_SALVAGE ignored them: lttr_buffer_info.valid_size)
 * is followed by such a gap too, whether or not events were lost.
 */

/* the kernel stack and mode of @tk are not known any more */
static void forget(struct ftask *tk)
{
	if (!tk || tk->pid == 0)
		return;
	tk->depth = 0;
	tk->resolved = tk->kthread;
}

static void load_buf(struct lttr_flow *f, unsigned int cpu, size_t i)
{
	struct fcpu *c = &f->cpu[cpu];
	struct lttr_buffer_info bi;

	c->buf = i;
	c->buf_cut = false;
	if (lttr_trace_buffer(f->t, cpu, i, &bi)) {
		c->buf_end = UINT64_MAX;
	} else {
		/* the end of its records that are read (salvage: maybe early) */
		c->buf_end = bi.offset + sizeof(struct ltt_buffer_header) +
			     bi.valid_size;
		c->buf_cut = bi.valid_size < bi.data_size;
	}
}

static bool cut_short(struct lttr_flow *f, unsigned int cpu);

/* @cpu's events end at its segment's start (LTTR_TR_LOST, state 1): unknown from there */
static void cpu_ends(struct lttr_flow *f, unsigned int cpu)
{
	struct fcpu *cp = &f->cpu[cpu];
	struct lttr_flow_tr tr;

	memset(&tr, 0, sizeof(tr));
	tr.kind = LTTR_TR_LOST;
	tr.time_ns = cp->seg_start;
	tr.since_ns = f->end_ns;
	tr.cpu = (uint16_t)cpu;
	tr.pid = cp->pid;
	tr.state = 1;
	forget(cpu_task(f, cp));
	cp->depth = 0;
	cp->gap = true;
	cp->gap_pid = 0;
	cp->gap_start = cp->seg_start;
	cp->gap_end = f->end_ns;
	emit(f, &tr);
}

void lttr_flow_use_buffers(struct lttr_flow *f, struct lttr_trace *t)
{
	unsigned int c;

	f->t = t;
	f->machine = lttr_trace_machine(t);
	for (c = 0; c < f->ncpus; c++) {
		struct lttr_buffer_info bi;

		load_buf(f, c, 0);
		if (lttr_trace_buffer_count(t, c) && !lttr_trace_buffer(t, c, 0, &bi) &&
		    bi.start_ns > f->data_start)
			f->data_start = bi.start_ns;
	}
	/*
	 * A CPU whose file holds none of the buffers the daemon wrote (cut)
	 * has no last record to end its events after: they end at the
	 * start, said now, before any other CPU's events, so that every
	 * consumer counts its tasks unknown from there as the pass goes (at
	 * the end of the pass it would come after what it changes).
	 */
	for (c = 0; c < f->ncpus; c++)
		if (!lttr_trace_buffer_count(t, c) && cut_short(f, c))
			cpu_ends(f, c);
}

/* end the gap of @cpu at @t: the header's task is current again */
static int end_gap(struct lttr_flow *f, unsigned int cpu, uint64_t t)
{
	struct fcpu *c = &f->cpu[cpu];
	struct lttr_flow_tr tr;
	struct ftask *tk;

	close_seg(f, cpu, t);
	c->gap = false;
	c->pid = c->gap_pid;
	tk = task_get(f, c->pid);
	if (!tk)
		return -LTTR_E_NOMEM;
	forget(tk);
	memset(&tr, 0, sizeof(tr));
	tr.kind = LTTR_TR_LOST_END;
	tr.time_ns = t;
	tr.since_ns = c->gap_start;
	tr.cpu = (uint16_t)cpu;
	tr.pid = c->pid;
	emit(f, &tr);
	return 0;
}

/* end the gaps that end by @t, and the one of @cpu (an event on it) */
static int end_gaps(struct lttr_flow *f, unsigned int cpu, uint64_t t)
{
	uint64_t next = UINT64_MAX;
	unsigned int i;

	for (i = 0; i < f->ncpus; i++) {
		struct fcpu *c = &f->cpu[i];

		if (!c->gap)
			continue;
		if (c->gap_end <= t || i == cpu) {
			uint64_t e = c->gap_end <= t ? c->gap_end : t;

			if (end_gap(f, i, e < c->seg_start ? c->seg_start : e) < 0)
				return -LTTR_E_NOMEM;
		} else if (c->gap_end < next) {
			next = c->gap_end;
		}
	}
	f->next_gap_end = next;
	return 0;
}

/*
 * In a trace the daemon did not finish (a full disk, a crash) or that was
 * read with a cut salvaged, a CPU whose last buffer is not the one
 * flushed at the stop may have had more events than the file holds.
 */
static bool cut_short(struct lttr_flow *f, unsigned int cpu)
{
	size_t n = lttr_trace_buffer_count(f->t, cpu);
	struct lttr_buffer_info bi;

	if (lttr_trace_cpu_cut(f->t, cpu))
		return true;	/* its last buffers missing: the file was cut */
	if (lttr_trace_complete(f->t) || !n)
		return false;
	while (n > 0 && !lttr_trace_buffer(f->t, cpu, n - 1, &bi) && !bi.valid_size)
		n--;
	return n > 0 && (lttr_trace_buffer(f->t, cpu, n - 1, &bi) || bi.truncated ||
			 !(bi.flags & LTT_BUF_FLUSHED) || bi.valid_size < bi.data_size);
}

/* after the last record of a buffer: is the next one after lost events? */
static void after_record(struct lttr_flow *f, const struct lttr_event *ev)
{
	unsigned int cpu = ev->cpu;
	struct fcpu *c = &f->cpu[cpu];
	size_t n = lttr_trace_buffer_count(f->t, cpu), j;
	struct lttr_buffer_info bi;
	struct lttr_flow_tr tr;
	uint64_t lost = 0, missing = 0, t, end;
	bool cut, ends = false;

	while (ev->offset >= c->buf_end && c->buf + 1 < n)
		load_buf(f, cpu, c->buf + 1);
	if (ev->offset + ev->size != c->buf_end)
		return;
	cut = c->buf_cut;
	for (j = c->buf + 1; j < n; j++) {	/* empty buffers count too */
		if (lttr_trace_buffer(f->t, cpu, j, &bi))
			return;
		lost += bi.lost;
		missing += bi.missing;
		if (bi.valid_size)
			break;
		cut |= bi.data_size != 0;	/* its records all damaged */
	}
	if (j == n) {
		/*
		 * The CPU's last record: events the lost file counts beyond
		 * the buffer headers were lost after it, until the stop.
		 */
		lost += lttr_trace_lost_tail(f->t, cpu);
		bi.start_ns = f->end_ns;
		bi.pid = 0;
		/*
		 * Nothing lost after it but the trace cut short on this CPU:
		 * its events end here.  Unknown from here on, now, not at the
		 * end of the pass: the task current here may run on another
		 * CPU later.
		 */
		ends = !lost && cut_short(f, cpu);
	}
	if (!lost && !missing && !cut && !ends)
		return;
	t = ev->time_ns < f->start_ns ? f->start_ns : ev->time_ns;
	if (ends && t >= f->end_ns)
		return;		/* its events end with the window */
	if (t > f->end_ns)
		t = f->end_ns;
	if (t < c->seg_start)
		t = c->seg_start;
	end = bi.start_ns < t ? t : bi.start_ns > f->end_ns ? f->end_ns : bi.start_ns;
	close_seg(f, cpu, t);
	memset(&tr, 0, sizeof(tr));
	tr.kind = LTTR_TR_LOST;
	tr.time_ns = t;
	tr.since_ns = end;
	tr.cpu = (uint16_t)cpu;
	tr.pid = c->pid;
	tr.pid2 = bi.pid;
	tr.what = ends ? 0 : missing ? (missing > UINT32_MAX ? UINT32_MAX : (uint32_t)missing) :
		lost > UINT32_MAX ? UINT32_MAX : (uint32_t)lost;
	tr.state = ends ? 1 : missing ? 3 : cut ? 2 : 0;
	forget(cpu_task(f, c));
	c->depth = 0;
	/*
	 * What the CPU was doing when the events were lost is unknown:
	 * an irq or softirq may run on past the gap, its exit the first
	 * record after it (rules 15 and 18 of docs/control-flow.md).
	 */
	c->seen_softirq = false;
	c->irq_unknown = true;
	c->gap = true;
	c->gap_pid = bi.pid;
	c->gap_start = t;
	c->gap_end = end;
	if (end < f->next_gap_end)
		f->next_gap_end = end;
	emit(f, &tr);
}

/*
 * Records without details (LTT_REC_NO_DETAILS) that still move the state:
 * entries and exits (their number unknown: LTTR_WHAT_UNKNOWN, a trap or
 * irq entry taken as from kernel mode), exec and exit (of the current
 * task).  The others (fork, wakeup, ...) cannot be applied without their
 * pids and are ignored.
 */
static bool bare_ok(unsigned int id)
{
	switch (id) {
	case LTT_EV_SYSCALL_ENTRY:
	case LTT_EV_SYSCALL_EXIT:
	case LTT_EV_TRAP_ENTRY:
	case LTT_EV_TRAP_EXIT:
	case LTT_EV_IRQ_ENTRY:
	case LTT_EV_IRQ_EXIT:
	case LTT_EV_SOFTIRQ_ENTRY:
	case LTT_EV_SOFTIRQ_EXIT:
	case LTT_EV_PROCESS_EXEC:
	case LTT_EV_PROCESS_EXIT:
		return true;
	default:
		return false;
	}
}

/* Linux's PID_MAX_LIMIT (include/linux/threads.h, 64-bit) and NR_SOFTIRQS */
#define FLOW_PID_MAX_LIMIT 4194304U
#define FLOW_NR_SOFTIRQS 10U
/* a task's __state is below TASK_STATE_MAX (include/linux/sched.h, 6.1) */
#define FLOW_TASK_STATE_MAX 0x10000

static bool bad_pid(uint32_t pid)
{
	return pid > FLOW_PID_MAX_LIMIT;
}

/*
 * not a syscall number of the machine's table (x86-64: or its x32 form,
 * __X32_SYSCALL_BIT); a machine without a table has no impossible number
 */
static bool bad_nr(const struct lttr_flow *f, uint32_t nr)
{
	unsigned int n = lttr_machine_syscall_table_size(f->machine);

	if (nr == LTTR_WHAT_UNKNOWN || !n)
		return false;
	if (f->machine == LTTR_MACHINE_X86_64)
		nr &= ~0x40000000U;
	return nr >= n;
}

/* not an exception vector (x86-64) or class (arm64) of the machine */
static bool bad_trap(const struct lttr_flow *f, uint32_t vector)
{
	unsigned int n = lttr_machine_trap_count(f->machine);

	return n && vector >= n;
}

/*
 * A value no kernel writes: the record is damaged (a flipped bit), its
 * figures are not to be trusted (rule 12 of docs/control-flow.md).
 * Called before the record moves the state: a fork's parent is the task
 * current on its CPU.
 */
static bool impossible(const struct lttr_flow *f, const struct lttr_event *ev)
{
	const union lttr_payload *p = &ev->p;

	if (!ev->details)
		return false;
	switch (ev->id) {
	case LTT_EV_SYSCALL_ENTRY:
		return bad_nr(f, p->syscall_entry.nr);
	case LTT_EV_SYSCALL_EXIT:
		return bad_nr(f, p->syscall_exit.nr);
	case LTT_EV_SOFTIRQ_ENTRY:
	case LTT_EV_SOFTIRQ_EXIT:
	case LTT_EV_SOFTIRQ_RAISE:
		return p->softirq.vec >= FLOW_NR_SOFTIRQS;
	case LTT_EV_TRAP_ENTRY:
		return bad_trap(f, p->trap_entry.vector);
	case LTT_EV_TRAP_EXIT:
		return bad_trap(f, p->trap_exit.vector);
	case LTT_EV_SCHEDCHANGE:	/* prev_state: 0 or the task's __state */
		return bad_pid(p->schedchange.prev_pid) || bad_pid(p->schedchange.next_pid) ||
			p->schedchange.prev_state < 0 ||
			p->schedchange.prev_state >= FLOW_TASK_STATE_MAX;
	case LTT_EV_PROCESS_WAKEUP:
		return bad_pid(p->wakeup.pid) || p->wakeup.cpu >= f->ncpus;
	case LTT_EV_PROCESS_FORK:
		/* written by the parent: current->pid */
		return p->fork.parent_pid != f->cpu[ev->cpu].pid ||
			bad_pid(p->fork.child_pid) || bad_pid(p->fork.child_tgid);
	case LTT_EV_PROCESS_EXEC:
		return bad_pid(p->exec.pid);
	case LTT_EV_PROCESS_EXIT:
		return bad_pid(p->exit.pid);
	case LTT_EV_PROCESS_REAP:
		return bad_pid(p->reap.pid) || bad_pid(p->reap.tgid);
	case LTT_EV_TRACE_START:
		return bad_pid(p->trace_start.pid) || p->trace_start.cpu >= f->ncpus;
	default:
		return false;
	}
}

/*
 * @tk is in an execve() or execveat() (or a syscall of unknown number, or
 * of a machine without a syscall table)
 */
static bool in_exec(const struct lttr_flow *f, const struct ftask *tk)
{
	uint32_t what;

	if (!tk->depth || tk->k[tk->depth - 1].mode != LTTR_MODE_SYSCALL)
		return false;
	what = tk->k[tk->depth - 1].what;
	/* (an exec is rare: the names looked up each time) */
	return what == LTTR_WHAT_UNKNOWN ||
		!lttr_machine_syscall_table_size(f->machine) ||
		(f->machine == LTTR_MACHINE_X86_64 && (what & 0x40000000U) != 0) ||
		(long)what == lttr_machine_syscall_lookup(f->machine, "execve") ||
		(long)what == lttr_machine_syscall_lookup(f->machine, "execveat");
}

static int apply(struct lttr_flow *f, const struct lttr_event *ev)
{
	const bool nd = !ev->details;
	unsigned int cpu = ev->cpu;
	struct lttr_flow_tr tr;
	struct ftask *tk, *other;
	struct fcpu *c;
	uint64_t t = ev->time_ns;

	if (cpu >= f->ncpus)
		return 0;
	c = &f->cpu[cpu];
	f->history = t < f->start_ns;
	if (t < f->start_ns)
		t = f->start_ns;
	if (t > f->end_ns)
		t = f->end_ns;
	if (t < c->seg_start)
		t = c->seg_start;
	if ((t >= f->next_gap_end || c->gap) && end_gaps(f, cpu, t) < 0)
		return -LTTR_E_NOMEM;
	if (!ev->details && !bare_ok(ev->id))
		return 0;
	close_seg(f, cpu, t);
	if (ev->id == LTT_EV_TRACE_START)
		c->pid = ev->p.trace_start.pid;
	tk = cpu_task(f, c);
	if (!tk)
		tk = task_get(f, c->pid);
	if (!tk)
		return -LTTR_E_NOMEM;
	if (tk->out_ns && !f->history) {
		/*
		 * Its first event in the window, and it was switched out
		 * before a CPU's data began (a flight recorder's CPUs kept
		 * windows that begin apart; START reaches the CPUs one after
		 * the other): it may have run unseen there, so its stack may
		 * be stale: its mode is known again from its events.
		 */
		if (tk->out_ns < f->data_start)
			forget(tk);
		tk->out_ns = 0;
	}
	memset(&tr, 0, sizeof(tr));
	tr.time_ns = t;
	tr.cpu = (uint16_t)cpu;
	tr.pid = c->pid;
	if (impossible(f, ev))
		anomaly(f, &tr, tk->pid, LTTR_AN_IMPOSSIBLE);
	switch (ev->id) {
	case LTT_EV_SYSCALL_ENTRY:
		tr.kind = LTTR_TR_SYSCALL_ENTRY;
		tr.what = nd ? LTTR_WHAT_UNKNOWN : ev->p.syscall_entry.nr;
		if (c->depth)	/* a syscall cannot start inside an irq */
			anomaly(f, &tr, tk->pid, LTTR_AN_SYSCALL_IN_KERNEL);
		c->depth = 0;
		from_user(f, tk, &tr);
		kpush(f, tk, &tr, LTTR_MODE_SYSCALL);
		emit(f, &tr);
		break;
	case LTT_EV_SYSCALL_EXIT:
		tr.kind = LTTR_TR_SYSCALL_EXIT;
		tr.what = nd ? LTTR_WHAT_UNKNOWN : ev->p.syscall_exit.nr;
		tr.state = nd ? 0 : (int32_t)ev->p.syscall_exit.ret;
		on_syscall_exit(f, tk, &tr);
		break;
	case LTT_EV_TRAP_ENTRY:
		tr.kind = LTTR_TR_TRAP_ENTRY;
		tr.what = nd ? LTTR_WHAT_UNKNOWN : ev->p.trap_entry.vector;
		tr.user = !nd && (ev->p.trap_entry.flags & LTT_TRAP_USER);
		if (c->depth) {		/* a fault inside an irq: part of it */
			emit(f, &tr);
			break;
		}
		if (tr.user)
			from_user(f, tk, &tr);
		kpush(f, tk, &tr, LTTR_MODE_TRAP);
		emit(f, &tr);
		break;
	case LTT_EV_TRAP_EXIT:
		tr.kind = LTTR_TR_TRAP_EXIT;
		tr.what = nd ? LTTR_WHAT_UNKNOWN : ev->p.trap_exit.vector;
		if (c->depth) {
			emit(f, &tr);
			break;
		}
		on_trap_exit(f, tk, &tr);
		break;
	case LTT_EV_IRQ_ENTRY:
		tr.kind = LTTR_TR_IRQ_ENTRY;
		tr.what = nd ? LTTR_WHAT_UNKNOWN : ev->p.irq_entry.irq;
		tr.user = !nd && (ev->p.irq_entry.flags & LTT_IRQ_USER);
		tr.sysvec = !nd && (ev->p.irq_entry.flags & LTT_IRQ_SYSVEC);
		on_irq_entry(f, c, tk, &tr);
		break;
	case LTT_EV_IRQ_EXIT:
		tr.kind = LTTR_TR_IRQ_EXIT;
		tr.what = nd ? LTTR_WHAT_UNKNOWN : ev->p.irq_exit.irq;
		tr.user = !nd && (ev->p.irq_exit.flags & LTT_IRQ_USER);
		tr.sysvec = !nd && (ev->p.irq_exit.flags & LTT_IRQ_SYSVEC);
		on_irq_exit(f, c, tk, &tr);
		break;
	case LTT_EV_SOFTIRQ_ENTRY:
		tr.kind = LTTR_TR_SOFTIRQ_ENTRY;
		tr.what = nd ? LTTR_WHAT_UNKNOWN : ev->p.softirq.vec;
		c->seen_softirq = true;
		ipush(f, c, tk, &tr, true);
		break;
	case LTT_EV_SOFTIRQ_EXIT:
		tr.kind = LTTR_TR_SOFTIRQ_EXIT;
		tr.what = nd ? LTTR_WHAT_UNKNOWN : ev->p.softirq.vec;
		on_softirq_exit(f, c, tk, &tr);
		break;
	case LTT_EV_SCHEDCHANGE:
		tr.kind = LTTR_TR_SWITCH;
		on_switch(f, cpu, tk, ev, &tr);
		if (!task_get(f, c->pid))
			return -LTTR_E_NOMEM;
		break;
	case LTT_EV_PROCESS_WAKEUP: {
		struct lttr_flow_seg s;

		cur_mode(f, c, &s);	/* what the waker was doing */
		tr.kind = LTTR_TR_WAKEUP;
		tr.pid2 = ev->p.wakeup.pid;
		tr.what = ev->p.wakeup.cpu;
		tr.user = ev->p.wakeup.flags & LTT_WAKEUP_NEW;
		tr.mode = s.mode;
		tr.sysvec = s.sysvec;
		tr.ctx = s.what;
		if (!task_get(f, tr.pid2))
			return -LTTR_E_NOMEM;
		emit(f, &tr);
		break;
	}
	case LTT_EV_PROCESS_FORK:
		tr.kind = LTTR_TR_FORK;
		tr.pid = ev->p.fork.parent_pid;
		tr.pid2 = ev->p.fork.child_pid;
		tr.what = ev->p.fork.flags;
		other = task_get(f, tr.pid2);
		if (!other)
			return -LTTR_E_NOMEM;
		/* a new task: user child returns through the clone exit */
		other->depth = 0;
		other->kthread = ev->p.fork.flags & LTT_FORK_KTHREAD;
		other->resolved = other->kthread;
		emit(f, &tr);
		break;
	case LTT_EV_PROCESS_EXEC:
		/* written inside execve() or execveat(): a task whose stack is
		 * known and holds no such syscall has a damaged record */
		if (tk->resolved && !c->depth && !in_exec(f, tk))
			anomaly(f, &tr, tk->pid, LTTR_AN_IMPOSSIBLE);
		tr.kind = LTTR_TR_EXEC;
		tr.pid = nd ? c->pid : ev->p.exec.pid;
		emit(f, &tr);
		break;
	case LTT_EV_PROCESS_EXIT:
		tr.kind = LTTR_TR_EXIT;
		tr.pid = nd ? c->pid : ev->p.exit.pid;
		tr.state = nd ? 0 : ev->p.exit.code;
		emit(f, &tr);
		break;
	case LTT_EV_PROCESS_REAP:
		tr.kind = LTTR_TR_REAP;
		tr.pid2 = ev->p.reap.pid;
		emit(f, &tr);
		break;
	default:
		break;
	}
	return 0;
}

int lttr_flow_feed(struct lttr_flow *f, const struct lttr_event *ev)
{
	int r = apply(f, ev);

	if (r == 0 && f->t && ev->cpu < f->ncpus)
		after_record(f, ev);
	return r;
}


void lttr_flow_finish(struct lttr_flow *f)
{
	unsigned int c;

	for (c = 0; f->t && c < f->ncpus; c++)
		if (!f->cpu[c].gap && f->cpu[c].seg_start < f->end_ns && cut_short(f, c))
			cpu_ends(f, c);
	for (c = 0; c < f->ncpus; c++)
		close_seg(f, c, f->end_ns);
}

int lttr_flow_run(struct lttr_trace *t, const struct lttr_flow_ops *ops,
		  void *arg, int (*event)(void *arg, const struct lttr_event *ev),
		  struct lttr_error *err)
{
	unsigned int ncpus = lttr_trace_ncpus(t), c;
	struct lttr_buffer_info bi;
	struct lttr_event ev;
	struct lttr_iter *it = NULL;
	struct lttr_flow *f;
	int r;

	f = lttr_flow_new(ncpus, lttr_trace_window_start(t), lttr_trace_end_ns(t),
			  ops, arg);
	if (!f)
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	lttr_flow_use_buffers(f, t);
	for (c = 0; c < ncpus; c++)
		if (lttr_trace_buffer_count(t, c) && !lttr_trace_buffer(t, c, 0, &bi))
			lttr_flow_set_cpu(f, c, bi.pid);
	r = lttr_iter_new(t, &it, err);
	while (r >= 0) {
		r = lttr_iter_next(it, &ev);
		if (r < 0) {
			if (err)
				*err = *lttr_iter_error(it);
			break;
		}
		if (r == 0)
			break;
		if (event) {
			r = event(arg, &ev);
			if (r)
				break;
		}
		r = lttr_flow_feed(f, &ev);
		if (r < 0)
			lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	}
	if (r >= 0)
		lttr_flow_finish(f);
	lttr_iter_free(it);
	lttr_flow_free(f);
	return r < 0 ? r : 0;
}
