// SPDX-License-Identifier: GPL-2.0
/*
 * summary.c - the analysis pass: counts per type, CPU, process and syscall,
 * plus lost events.
 *
 * Counting needs no order between CPUs, so each CPU is read sequentially
 * in file order, the CPUs on worker threads (fast_cpu()), through the
 * reader's fast cursor (lttr/reader/fastscan.h), which gives each record's
 * task; the counters of the current task (a struct lttr_pidtab per
 * worker) are looked up only when it changes.  The few events whose
 * effect depends on the global time order (fork, exec, exit,
 * kthread_create) are collected and applied in time order afterwards, as
 * are the event mask changes.  The first pass has no side effect on the
 * trace besides the buffers' nesting state: the cursor stops at the first
 * record it cannot decode alone (a malformed record, whose error or
 * salvage warning must come in file order, or a custom event instance,
 * which needs the trace's type table), and its generic reader
 * (lttr_fastscan_event()) goes on from there, CPU after CPU, so that the
 * result, warnings included, does not depend on the threads.
 *
 * A syscall exit is counted under the number of the entry it closes (the
 * kernel gives an rt_sigreturn's exit the number -1): each CPU keeps the
 * number of its current task's open entry.  An exit whose entry is not on
 * its CPU (the task was switched in inside the call) keeps its own
 * number, but for one that is no syscall's: its entry is looked up going
 * back in the merged events (sc_exit_resolve()).
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <lttr/lttr.h>
#include "model/pidtab.h"

static int count_lost(const struct lttr_trace *t, struct lttr_summary *s)
{
	unsigned int cpu, i;

	for (cpu = 0; cpu < lttr_trace_ncpus(t); cpu++) {
		const struct ltt_lost_info *li = lttr_trace_lost_info(t, cpu);

		s->cpu[cpu].lost = lttr_trace_lost_cpu(t, cpu);
		s->cpu[cpu].buffer_lost = lttr_trace_buffer_lost_cpu(t, cpu);
		s->cpu[cpu].buffers = lttr_trace_buffer_count(t, cpu);
		s->cpu[cpu].overwritten = lttr_trace_overwritten(t, cpu);
		s->lost_total += s->cpu[cpu].lost;
		if (!li)
			continue;
		for (i = 0; i < LTT_EV_MAX; i++)
			s->lost_by_id[i] += ltt_lost_by_event(li, i);
		for (i = 0; i < LTT_LOST_SYSCALLS; i++) {
			if (li->syscall_entry[i] &&
			    lttr_sccount_add(&s->lost_syscalls, i, 0, li->syscall_entry[i]))
				return -1;
			if (li->syscall_exit[i] &&
			    lttr_sccount_add(&s->lost_syscalls, i, 1, li->syscall_exit[i]))
				return -1;
		}
	}
	return 0;
}

/* instances of one custom type declaration (or undeclared id) */
struct cslot {
	const struct lttr_custom_type *ty;
	uint32_t id;
	uint64_t count;
	uint64_t warned;
};

#define NO_ENTRY UINT32_MAX	/* no syscall entry open on a CPU (known) */

/* an exit counted later, under the number of its entry (looked up) */
struct sc_exit {
	uint64_t time_ns;
	uint32_t pid;
};

struct sc_exits {
	struct sc_exit *v;
	size_t n;
	size_t cap;
};

static int sc_exit_add(struct sc_exits *e, uint64_t time_ns, uint32_t pid)
{
	if (e->n == e->cap) {
		size_t cap = e->cap ? 2 * e->cap : 16;
		struct sc_exit *n = realloc(e->v, cap * sizeof(*n));

		if (!n)
			return -1;
		e->v = n;
		e->cap = cap;
	}
	e->v[e->n].time_ns = time_ns;
	e->v[e->n++].pid = pid;
	return 0;
}

/*
 * The number under which an exit numbered @nr is counted: the entry's
 * (@open, NO_ENTRY when unknown), or its own; LTTR_WHAT_UNKNOWN when it
 * is to be looked up (no entry known, and @nr is no syscall: -1).
 */
static inline uint32_t exit_nr(uint32_t open, uint32_t nr)
{
	if (open != NO_ENTRY)
		return open;
	return nr;
}

struct scanctx {
	struct lttr_trace *t;
	struct lttr_summary *s;
	struct cslot *cs;
	size_t ncs;
	size_t capcs;
	size_t lastcs;
	struct lttr_process *cur;
	uint32_t cur_pid;
	struct lttr_event *pev;		/* process events, applied in order */
	size_t npev;
	size_t cappev;
	bool windowed;			/* lttr_summary_compute_window(): */
	uint64_t from_ns;		/* ... [from, to) counted */
	uint64_t to_ns;
	uint64_t end_ns;		/* ... the trace's end */
	uint32_t open[LTT_MAX_CPUS];	/* the open syscall entry per CPU */
	uint32_t open_pid[LTT_MAX_CPUS];	/* ... of this task */
	struct sc_exits unresolved;	/* exits whose entry is looked up */
};

/* an event at @t is counted: in [from, to), or at @to when it is the end */
static bool counted(const struct scanctx *x, uint64_t t)
{
	return !x->windowed || (t >= x->from_ns &&
				(t < x->to_ns || (t == x->to_ns && t >= x->end_ns)));
}

static int count_custom(struct scanctx *x, const struct lttr_event *ev)
{
	struct lttr_custom_inst ci;
	struct cslot *c = NULL;
	size_t i;

	lttr_custom_inst_decode(x->t, ev, &ci);
	if (x->lastcs < x->ncs && x->cs[x->lastcs].ty == ci.ty &&
	    (ci.ty || x->cs[x->lastcs].id == ev->p.custom.type_id))
		c = &x->cs[x->lastcs];
	for (i = 0; !c && i < x->ncs; i++)
		if (x->cs[i].ty == ci.ty &&
		    (ci.ty || x->cs[i].id == ev->p.custom.type_id))
			c = &x->cs[i];
	if (!c) {
		if (x->ncs == x->capcs) {
			size_t cap = x->capcs ? 2 * x->capcs : 16;
			struct cslot *n = realloc(x->cs, cap * sizeof(*n));

			if (!n)
				return -LTTR_E_NOMEM;
			x->cs = n;
			x->capcs = cap;
		}
		c = &x->cs[x->ncs++];
		memset(c, 0, sizeof(*c));
		c->ty = ci.ty;
		c->id = ev->p.custom.type_id;
	}
	x->lastcs = (size_t)(c - x->cs);
	c->count++;
	c->warned += ci.warning[0] != 0;
	return 0;
}

static int cmp_custom(const void *a, const void *b)
{
	const struct lttr_summary_custom *x = a, *y = b;

	if (!x->name || !y->name) {
		if (x->name || y->name)
			return x->name ? -1 : 1;
		return x->type_id < y->type_id ? -1 : x->type_id > y->type_id;
	}
	return strcmp(x->name, y->name);
}

/* the custom counts by name */
static int custom_by_name(struct scanctx *x)
{
	struct lttr_summary *s = x->s;
	size_t i, k;

	for (i = 0; i < x->ncs; i++) {
		const struct cslot *c = &x->cs[i];
		struct lttr_summary_custom *e = NULL;

		for (k = 0; k < s->ncustom && !e; k++)
			if (c->ty ? s->custom[k].name &&
				    !strcmp(s->custom[k].name, c->ty->name) :
				    !s->custom[k].name && s->custom[k].type_id == c->id)
				e = &s->custom[k];
		if (!e) {
			e = realloc(s->custom, (s->ncustom + 1) * sizeof(*e));
			if (!e)
				return -1;
			s->custom = e;
			e += s->ncustom;
			memset(e, 0, sizeof(*e));
			e->type_id = c->id;
			if (c->ty) {
				e->name = strdup(c->ty->name);
				if (!e->name)
					return -1;
			}
			s->ncustom++;
		}
		if (c->ty && c->ty->id < e->type_id)
			e->type_id = c->ty->id;
		e->count += c->count;
		e->warned += c->warned;
		s->custom_warned += c->warned;
	}
	if (s->ncustom)
		qsort(s->custom, s->ncustom, sizeof(*s->custom), cmp_custom);
	return 0;
}

static int cmp_mask(const void *a, const void *b)
{
	const struct lttr_summary_mask *x = a, *y = b;

	if (x->time_ns != y->time_ns)
		return x->time_ns < y->time_ns ? -1 : 1;
	return x->cpu < y->cpu ? -1 : x->cpu > y->cpu;
}

void lttr_summary_mask_at(const struct lttr_trace *t,
			  const struct lttr_summary *s, uint64_t time_ns,
			  struct ltt_event_mask *mask)
{
	size_t i;

	*mask = lttr_trace_header(t)->mask;
	for (i = 0; i < s->nmask_changes && s->mask_changes[i].time_ns <= time_ns; i++)
		*mask = s->mask_changes[i].mask;
}

static int keep_event(struct scanctx *x, const struct lttr_event *ev);

/* @ev of the generic scan; @lost: events were lost before it */
static int count_event(struct scanctx *x, const struct lttr_event *ev, bool lost)
{
	struct lttr_summary *s = x->s;
	struct lttr_summary_cpu *c = &s->cpu[ev->cpu];
	struct lttr_process *p = x->cur;
	uint32_t nr = 0;

	/*
	 * the open syscall of the CPU's task, window or not; unknown after
	 * a switch or lost events (as in fast_cpu())
	 */
	if (lost)
		x->open[ev->cpu] = NO_ENTRY;
	if (ev->pid != x->open_pid[ev->cpu]) {
		x->open[ev->cpu] = NO_ENTRY;
		x->open_pid[ev->cpu] = ev->pid;
	}
	if (ev->id == LTT_EV_SCHEDCHANGE)
		x->open[ev->cpu] = NO_ENTRY;
	if (ev->id == LTT_EV_SYSCALL_ENTRY || ev->id == LTT_EV_SYSCALL_EXIT) {
		if (ev->id == LTT_EV_SYSCALL_ENTRY) {
			nr = ev->details ? ev->p.syscall_entry.nr : NO_ENTRY;
			x->open[ev->cpu] = nr;
		} else {
			nr = exit_nr(x->open[ev->cpu],
				     ev->details ? ev->p.syscall_exit.nr : NO_ENTRY);
			x->open[ev->cpu] = NO_ENTRY;
		}
	}
	/* outside a window: only what names processes, and the mask */
	if (!counted(x, ev->time_ns))
		return ev->details ? keep_event(x, ev) : 0;
	s->by_id[ev->id]++;
	s->unknown += !ev->known;
	s->control += ev->control;
	if (!c->events)
		c->first_ns = ev->time_ns;
	c->events++;
	c->last_ns = ev->time_ns;
	if (!p || x->cur_pid != ev->pid) {
		p = lttr_ptable_get(s->procs, ev->pid, true);
		if (!p)
			return -LTTR_E_NOMEM;
		x->cur = p;
		x->cur_pid = ev->pid;
	}
	p->events++;
	if (!ev->details)
		return 0;
	switch (ev->id) {
	case LTT_EV_SYSCALL_ENTRY:
	case LTT_EV_SYSCALL_EXIT: {
		int ex = ev->id == LTT_EV_SYSCALL_EXIT;

		if (ex && nr == LTTR_WHAT_UNKNOWN)	/* no syscall's: look it up */
			return sc_exit_add(&x->unresolved, ev->time_ns, ev->pid) ?
				-LTTR_E_NOMEM : 0;
		if (nr < s->syscalls.ndirect && nr < p->syscalls.ndirect) {
			if (ex) {
				s->syscalls.direct[nr].exits++;
				p->syscalls.direct[nr].exits++;
			} else {
				s->syscalls.direct[nr].entries++;
				p->syscalls.direct[nr].entries++;
			}
		} else if (lttr_sccount_add(&s->syscalls, nr, ex, 1) ||
			   lttr_sccount_add(&p->syscalls, nr, ex, 1)) {
			return -LTTR_E_NOMEM;
		}
		return 0;
	}
	case LTT_EV_CUSTOM:
		return count_custom(x, ev);
	default:
		return keep_event(x, ev);
	}
}

/* the events kept whatever the window: mask changes, process events */
static int keep_event(struct scanctx *x, const struct lttr_event *ev)
{
	struct lttr_summary *s = x->s;

	switch (ev->id) {
	case LTT_EV_CHANGE_MASK: {
		struct lttr_summary_mask *m;

		m = realloc(s->mask_changes, (s->nmask_changes + 1) * sizeof(*m));
		if (!m)
			return -LTTR_E_NOMEM;
		s->mask_changes = m;
		m += s->nmask_changes++;
		m->time_ns = ev->time_ns;
		m->cpu = ev->cpu;
		memcpy(&m->mask, &ev->p.change_mask, sizeof(m->mask));
		return 0;
	}
	case LTT_EV_SCHEDCHANGE:
	case LTT_EV_PROCESS_FORK:
	case LTT_EV_KTHREAD_CREATE:
	case LTT_EV_TASK_RENAME:
	case LTT_EV_PROCESS_EXEC:
	case LTT_EV_PROCESS_EXIT:
	case LTT_EV_PROCESS_WAKEUP:
	case LTT_EV_TRACE_START:
		if (x->npev == x->cappev) {
			size_t cap = x->cappev ? 2 * x->cappev : 1024;
			struct lttr_event *n = realloc(x->pev, cap * sizeof(*n));

			if (!n)
				return -LTTR_E_NOMEM;
			x->pev = n;
			x->cappev = cap;
		}
		x->pev[x->npev++] = *ev;
		return 0;
	default:
		return 0;
	}
}

/* ---- first pass: each CPU alone, on worker threads ---- */

/* counters of one task, kept by one worker (in its lttr_pidtab) */
struct tproc {
	uint32_t pid;
	bool exists;		/* in the table even without events */
	uint64_t events;
	struct lttr_sccount sc;
};

/* what the first pass found on one CPU */
struct fcpu {
	uint64_t by_id[LTT_EV_MAX];
	uint64_t control;
	uint64_t events;
	uint64_t first_ns;
	uint64_t last_ns;
	struct lttr_event *pev;		/* fork, exec, exit, kthread_create */
	size_t npev;
	size_t cappev;
	struct lttr_summary_mask *masks;	/* in file order */
	size_t nmasks;
	size_t capmasks;
	bool stopped;		/* the generic scan goes on from the cursor */
	uint32_t stop_open;	/* ... with this syscall entry open */
	struct sc_exits unresolved;	/* exits whose entry is looked up */
};

struct fjob {
	struct lttr_fastscan **scans;	/* one cursor per CPU */
	unsigned int ncpus;
	struct fcpu *cpus;
	atomic_uint next;	/* next CPU to take */
};

struct fworker {
	struct fjob *job;
	struct lttr_pidtab map;	/* pid -> struct tproc */
	bool nomem;
	pthread_t th;
};

/*
 * The counters of @pid, created when absent.  Creating a task's counters
 * moves the others: a pointer to them holds until the next call.
 */
static struct tproc *tproc_get(struct lttr_pidtab *m, uint32_t pid)
{
	bool created = false;
	struct tproc *p = lttr_pidtab_get(m, pid, true, &created);

	if (p && created)
		p->pid = pid;
	return p;
}

static void tprocs_free(struct lttr_pidtab *m)
{
	size_t i;

	for (i = 0; i < m->n; i++)
		lttr_sccount_free(&((struct tproc *)lttr_pidtab_at(m, i))->sc);
	lttr_pidtab_free(m);
}

/* add the counts of @src to @dst */
static int sc_merge(struct lttr_sccount *dst, const struct lttr_sccount *src)
{
	struct lttr_sccount_slot *v;
	size_t i, n;
	int r = 0;

	if (!src->direct && !src->nextra && !src->unknown.entries && !src->unknown.exits)
		return 0;
	v = lttr_sccount_list(src, &n);
	if (!v)
		return -1;
	for (i = 0; i < n && !r; i++)
		if ((v[i].entries && lttr_sccount_add(dst, v[i].nr, 0, v[i].entries)) ||
		    (v[i].exits && lttr_sccount_add(dst, v[i].nr, 1, v[i].exits)))
			r = -1;
	free(v);
	return r;
}

static int fcpu_add_pev(struct fcpu *r, const struct lttr_event *ev)
{
	if (r->npev == r->cappev) {
		size_t cap = r->cappev ? 2 * r->cappev : 64;
		struct lttr_event *n = realloc(r->pev, cap * sizeof(*n));

		if (!n)
			return -1;
		r->pev = n;
		r->cappev = cap;
	}
	r->pev[r->npev++] = *ev;
	return 0;
}

static int fcpu_add_mask(struct fcpu *r, const struct lttr_event *ev)
{
	struct lttr_summary_mask *m;

	if (r->nmasks == r->capmasks) {
		size_t cap = r->capmasks ? 2 * r->capmasks : 8;

		m = realloc(r->masks, cap * sizeof(*m));
		if (!m)
			return -1;
		r->masks = m;
		r->capmasks = cap;
	}
	m = &r->masks[r->nmasks++];
	memset(m, 0, sizeof(*m));
	m->time_ns = ev->time_ns;
	m->cpu = ev->cpu;
	memcpy(&m->mask, &ev->p.change_mask, sizeof(m->mask));
	return 0;
}

/* the effect of an event decoded in full besides the counts (details only) */
static int fast_details(struct fcpu *r, struct lttr_pidtab *m, const struct lttr_event *ev)
{
	struct tproc *p;

	switch (ev->id) {
	case LTT_EV_CHANGE_MASK:
		return fcpu_add_mask(r, ev);
	case LTT_EV_PROCESS_FORK:
	case LTT_EV_KTHREAD_CREATE:
	case LTT_EV_TASK_RENAME:
	case LTT_EV_PROCESS_EXEC:
	case LTT_EV_PROCESS_EXIT:
		return fcpu_add_pev(r, ev);
	case LTT_EV_SCHEDCHANGE:
		/* these only make the tasks exist: no order needed */
		p = tproc_get(m, ev->p.schedchange.prev_pid);
		if (!p)
			return -1;
		p->exists = true;
		p = tproc_get(m, ev->p.schedchange.next_pid);
		break;
	case LTT_EV_PROCESS_WAKEUP:
		p = tproc_get(m, ev->p.wakeup.pid);
		break;
	case LTT_EV_TRACE_START:
		p = tproc_get(m, ev->p.trace_start.pid);
		break;
	default:
		return 0;
	}
	if (!p)
		return -1;
	p->exists = true;
	return 0;
}

/*
 * The state of the first pass on one CPU but for the counters of its
 * loop over the syscall records (fast_cpu()), which the compiler keeps in
 * registers: counted in memory, each record's increment would wait for
 * the record before's (a store forwarded to the next load).
 */
struct fstate {
	struct fcpu *r;
	struct lttr_pidtab *m;
	struct lttr_fastscan *fs;
	struct tproc *cur;	/* the task of the records */
	uint32_t cur_pid;
	uint32_t run_pid;	/* the CPU's current task */
	uint32_t open;		/* the current task's syscall entry */
	uint64_t nsc;		/* syscall records (the loop's count) */
	uint64_t nrest;		/* other records */
	uint64_t seg;		/* records before the task's stretch */
	uint64_t ctl;		/* control events but syscall records */
};

/* the records so far go to the current task's stretch */
static void fstate_flush(struct fstate *x)
{
	x->cur->events += x->nsc + x->nrest - x->seg;
	x->seg = x->nsc + x->nrest;
}

/* the records go to @pid's counters from here on; 0 or -1 (out of memory) */
static int fstate_get(struct fstate *x, uint32_t pid)
{
	x->cur_pid = pid;
	x->cur = tproc_get(x->m, pid);
	return x->cur ? 0 : -1;
}

/* the current task becomes @pid; 0 or -1 */
static int fstate_task(struct fstate *x, uint32_t pid)
{
	fstate_flush(x);
	return fstate_get(x, pid);
}

/*
 * A syscall entry or exit (@ex) counted under @nr at @time_ns that the
 * direct table of the current task does not take; 0 or -1
 */
static __attribute__((noinline)) int fast_syscall(struct fstate *x, uint32_t nr,
						  bool ex, uint64_t time_ns)
{
	if (nr == LTTR_WHAT_UNKNOWN)	/* counted later */
		return sc_exit_add(&x->r->unresolved, time_ns, x->cur_pid);
	return lttr_sccount_add(&x->cur->sc, nr, ex, 1);
}

/* the start of a buffer, whose header names task @pid; 0 or -1 */
static __attribute__((noinline)) int fast_buffer(struct fstate *x, uint32_t pid,
						 uint64_t lost)
{
	/* events lost before it, or another task */
	if (lost || pid != x->run_pid)
		x->open = NO_ENTRY;
	x->run_pid = pid;
	return pid != x->cur_pid ? fstate_task(x, pid) : 0;
}

/* any record but a syscall record with its number; 0 or -1 */
static __attribute__((noinline)) int fast_other(struct fstate *x,
						const struct lttr_fastrec *e)
{
	const unsigned int id = e->id;

	if (e->pid != x->cur_pid && fstate_task(x, e->pid))
		return -1;
	if (!x->r->events++)
		x->r->first_ns = e->time_ns;
	x->r->last_ns = e->time_ns;
	x->nrest++;
	x->r->by_id[id]++;
	x->ctl += e->control;
	if (e->flags & LTTR_FASTREC_FULL) {
		const struct lttr_event *ev = lttr_fastscan_full(x->fs);

		/* (a syscall record here has no details) */
		if (id == LTT_EV_SYSCALL_ENTRY || id == LTT_EV_SYSCALL_EXIT ||
		    id == LTT_EV_SCHEDCHANGE || e->next_pid != x->run_pid)
			x->open = NO_ENTRY;
		x->run_pid = e->next_pid;
		/* its event counted; then the tasks' counters may move */
		fstate_flush(x);
		x->cur = NULL;
		if (ev->details && fast_details(x->r, x->m, ev) < 0)
			return -1;
		return fstate_get(x, x->run_pid);
	}
	if (id == LTT_EV_SCHEDCHANGE) {
		/* belongs to prev_pid; next_pid becomes current */
		x->open = NO_ENTRY;
		x->cur->exists = true;
		x->run_pid = e->next_pid;
		if (fstate_task(x, e->next_pid))
			return -1;
		x->cur->exists = true;
	}
	return 0;	/* traps and irqs: counted */
}

/*
 * Count the events of @cpu into @r (per CPU) and @m (per task) with the
 * reader's cursor, until the end or the first record that needs the
 * generic scan.  Reads the trace; writes only the nesting state of the
 * CPU's own buffers (as any scan).  Return 0, or -1 when out of memory.
 *
 * Most records are syscall entries and exits, which the reader's inline
 * lttr_fastbuf_next() decodes in place: the loop counts them itself, in
 * locals, and leaves the other records to fast_other().
 */
static int fast_cpu(struct fjob *j, unsigned int cpu, struct fcpu *r,
		    struct lttr_pidtab *m)
{
	struct fstate x = { .r = r, .m = m, .fs = j->scans[cpu], .open = NO_ENTRY };
	struct lttr_fastbuf fb;
	struct lttr_fastrec o;		/* a record lttr_fastscan_record() read */
	struct lttr_sccount_slot *dir;	/* the current task's direct table */
	uint32_t ndir;			/* ... its slots */
	uint64_t nsc = 0, nsx = 0;	/* syscall records, exits among them */
	uint64_t first_ns = 0, last_ns = 0;	/* ... their times */
	uint32_t open = NO_ENTRY;	/* the current task's syscall entry */
	int ret = 0;

	/* (a task without events nor existence is left out when merged) */
	x.cur = tproc_get(m, x.cur_pid);
	if (!x.cur)
		return -1;
	while (lttr_fastscan_buffer(x.fs, &fb)) {
		x.open = open;
		x.nsc = nsc;
		if (fast_buffer(&x, fb.pid, fb.lost))
			goto nomem;
		open = x.open;
		dir = x.cur->sc.direct;
		ndir = x.cur->sc.ndirect;
		for (;;) {
			struct lttr_fastrec e;
			int k = lttr_fastbuf_next(&fb, &e);
			uint32_t nr;
			bool ex;

			if (k < 0) {
				if (!lttr_fastscan_record(x.fs, &fb, &o))
					goto stop;
				x.open = open;
				x.nsc = nsc;
				if (fast_other(&x, &o))
					goto nomem;
				open = x.open;
				dir = x.cur->sc.direct;
				ndir = x.cur->sc.ndirect;
				continue;
			}
			if (!k)
				break;
			ex = e.id == LTT_EV_SYSCALL_EXIT;
			nr = e.nr;
			if (ex) {
				nr = exit_nr(open, nr);
				open = NO_ENTRY;
			} else {
				open = nr;
			}
			if (nr < ndir) {
				if (ex)
					dir[nr].exits++;
				else
					dir[nr].entries++;
			} else {
				if (fast_syscall(&x, nr, ex, e.time_ns))
					goto nomem;
				dir = x.cur->sc.direct;
				ndir = x.cur->sc.ndirect;
			}
			if (!nsc++)
				first_ns = e.time_ns;
			last_ns = e.time_ns;
			nsx += ex;
		}
	}
	goto out;
stop:
	r->stopped = true;
	r->stop_open = open;
	goto out;
nomem:
	ret = -1;
out:
	x.nsc = nsc;
	if (x.cur)
		fstate_flush(&x);
	/* (the other records' times and count are in @r) */
	if (nsc && (!r->events || first_ns < r->first_ns))
		r->first_ns = first_ns;
	if (nsc && (!r->events || last_ns > r->last_ns))
		r->last_ns = last_ns;
	r->events += nsc;
	r->by_id[LTT_EV_SYSCALL_ENTRY] += nsc - nsx;
	r->by_id[LTT_EV_SYSCALL_EXIT] += nsx;
	r->control = x.ctl + nsc;
	return ret;
}

static void *fast_worker(void *arg)
{
	struct fworker *w = arg;
	struct fjob *j = w->job;
	unsigned int c;

	while ((c = atomic_fetch_add(&j->next, 1)) < j->ncpus)
		if (fast_cpu(j, c, &j->cpus[c], &w->map) < 0) {
			w->nomem = true;
			break;
		}
	return NULL;
}

/*
 * Threads of the first pass: LTTR_THREADS when set to a number (0: no
 * first pass, the generic scan reads everything; 1: no thread), else
 * one per online processor for traces of 4 MiB or more; at most one per
 * CPU of the trace.
 */
static unsigned int fast_threads(const struct lttr_trace *t)
{
	const char *e = getenv("LTTR_THREADS");
	char *end = NULL;
	long n = e && *e ? strtol(e, &end, 10) : -1;
	size_t size;

	(void)lttr_trace_events_data(t, &size);
	if (end && !*end && n >= 0) {
		if (n == 0)
			return 0;
	} else if (size < (4U << 20)) {
		n = 1;
	} else {
		n = sysconf(_SC_NPROCESSORS_ONLN);
	}
	if (n > (long)lttr_trace_ncpus(t))
		n = (long)lttr_trace_ncpus(t);
	if (n > 16)
		n = 16;
	return n < 1 ? 1 : (unsigned int)n;
}

/*
 * The first pass over all CPUs with their cursors @scans; per CPU results
 * in @cpus, tasks in @s.  Without threads (LTTR_THREADS=0), no first pass:
 * the generic scan reads every CPU from its start.
 */
static int fast_pass(struct lttr_trace *t, struct lttr_fastscan **scans,
		     struct fcpu *cpus, struct lttr_summary *s)
{
	unsigned int nw = fast_threads(t), started, i;
	struct fworker *ws;
	struct fjob job;
	int ret = 0;

	if (!nw) {
		for (i = 0; i < lttr_trace_ncpus(t); i++) {
			cpus[i].stopped = true;
			cpus[i].stop_open = NO_ENTRY;
		}
		return 0;
	}
	ws = calloc(nw, sizeof(*ws));
	if (!ws)
		return -1;
	job.scans = scans;
	job.ncpus = lttr_trace_ncpus(t);
	job.cpus = cpus;
	atomic_init(&job.next, 0);
	for (i = 0; i < nw; i++) {
		ws[i].job = &job;
		lttr_pidtab_init(&ws[i].map, sizeof(struct tproc));
	}
	for (started = 1; started < nw; started++)
		if (pthread_create(&ws[started].th, NULL, fast_worker, &ws[started]))
			break;	/* fewer threads: the others take more CPUs */
	fast_worker(&ws[0]);
	for (i = 1; i < started; i++)
		pthread_join(ws[i].th, NULL);
	for (i = 0; i < nw; i++) {
		struct lttr_pidtab *m = &ws[i].map;
		size_t k;

		if (ws[i].nomem)
			ret = -1;
		for (k = 0; k < m->n && !ret; k++) {
			const struct tproc *tp = lttr_pidtab_at(m, k);
			struct lttr_process *p;

			if (!tp->events && !tp->exists)
				continue;
			p = lttr_ptable_get(s->procs, tp->pid, true);
			if (!p || sc_merge(&p->syscalls, &tp->sc) ||
			    sc_merge(&s->syscalls, &tp->sc))
				ret = -1;
			else
				p->events += tp->events;
		}
		tprocs_free(m);
	}
	free(ws);
	return ret;
}

/* the results of the first pass for @cpu; 0 or -1 (out of memory) */
static int fast_merge_cpu(struct scanctx *x, struct fcpu *r, unsigned int cpu)
{
	struct lttr_summary *s = x->s;
	struct lttr_summary_cpu *c = &s->cpu[cpu];
	unsigned int i;

	for (i = 0; i < LTT_EV_MAX; i++) {
		if (!r->by_id[i])
			continue;
		s->by_id[i] += r->by_id[i];
		if (!lttr_event_type_name(i))
			s->unknown += r->by_id[i];
	}
	s->control += r->control;
	c->events = r->events;
	c->first_ns = r->first_ns;
	c->last_ns = r->last_ns;
	if (r->npev) {
		if (x->npev + r->npev > x->cappev) {
			size_t cap = x->npev + r->npev;
			struct lttr_event *n = realloc(x->pev, cap * sizeof(*n));

			if (!n)
				return -1;
			x->pev = n;
			x->cappev = cap;
		}
		memcpy(x->pev + x->npev, r->pev, r->npev * sizeof(*r->pev));
		x->npev += r->npev;
	}
	if (r->nmasks) {
		struct lttr_summary_mask *m;

		m = realloc(s->mask_changes,
			    (s->nmask_changes + r->nmasks) * sizeof(*m));
		if (!m)
			return -1;
		s->mask_changes = m;
		memcpy(m + s->nmask_changes, r->masks, r->nmasks * sizeof(*m));
		s->nmask_changes += r->nmasks;
	}
	return 0;
}

/*
 * The lost events of a window, per CPU: those of the gaps (between a
 * buffer's last record and the next buffer's start, or after the last
 * buffer until the stop for the lost file's count beyond the headers)
 * that begin in the window or are open at its start; and the buffers
 * that hold a part of it.
 */
static bool gap_in(uint64_t g0, uint64_t g1, uint64_t from, uint64_t to)
{
	return (g0 >= from && g0 < to) || (g0 < from && g1 > from);
}

static void count_lost_window(struct lttr_trace *t, struct lttr_summary *s,
			      uint64_t from, uint64_t to)
{
	unsigned int cpu;

	for (cpu = 0; cpu < lttr_trace_ncpus(t); cpu++) {
		struct lttr_summary_cpu *c = &s->cpu[cpu];
		struct lttr_buffer_info bi;
		uint64_t prev_end = 0, tail = lttr_trace_lost_tail(t, cpu);
		size_t n = lttr_trace_buffer_count(t, cpu), i;

		c->lost = c->buffer_lost = c->buffers = 0;
		for (i = 0; i < n; i++) {
			if (lttr_trace_buffer(t, cpu, i, &bi))
				break;
			if (bi.lost && gap_in(i ? prev_end : bi.start_ns, bi.start_ns,
					      from, to)) {
				c->buffer_lost += bi.lost;
				c->lost += bi.lost;
			}
			if (bi.start_ns < to && bi.end_ns >= from)
				c->buffers++;
			prev_end = bi.end_ns;
		}
		if (tail && n && gap_in(prev_end, lttr_trace_end_ns(t), from, to))
			c->lost += tail;
		s->lost_total += c->lost;
	}
}

/*
 * The number of the entry of the exit of @pid at @time: the task's last
 * syscall entry before it, going back in the merged events (the task ran
 * on another CPU then); LTTR_WHAT_UNKNOWN when its last syscall event is
 * an exit, or there is none (the entry precedes the trace).  Called for
 * the few exits that carry no syscall's number and whose entry is not on
 * their CPU (an rt_sigreturn preempted and moved).
 */
static uint32_t sc_exit_resolve(struct lttr_trace *t, uint32_t pid, uint64_t time_ns)
{
	struct lttr_iter *it = NULL;
	struct lttr_event ev;
	uint32_t nr = LTTR_WHAT_UNKNOWN;

	if (lttr_iter_new(t, &it, NULL) < 0 || lttr_iter_seek_time(it, time_ns) < 0) {
		lttr_iter_free(it);
		return nr;
	}
	while (lttr_iter_prev(it, &ev) > 0) {
		if (ev.pid != pid || !ev.details ||
		    (ev.id != LTT_EV_SYSCALL_ENTRY && ev.id != LTT_EV_SYSCALL_EXIT))
			continue;
		if (ev.id == LTT_EV_SYSCALL_ENTRY)
			nr = ev.p.syscall_entry.nr;
		break;
	}
	lttr_iter_free(it);
	return nr;
}

/* count the exits of @e under their entries' numbers */
static int sc_exits_count(struct lttr_trace *t, struct lttr_summary *s,
			  const struct sc_exits *e)
{
	size_t i;

	for (i = 0; i < e->n; i++) {
		uint32_t nr = sc_exit_resolve(t, e->v[i].pid, e->v[i].time_ns);
		struct lttr_process *p = lttr_ptable_get(s->procs, e->v[i].pid, true);

		if (!p || lttr_sccount_add(&s->syscalls, nr, 1, 1) ||
		    lttr_sccount_add(&p->syscalls, nr, 1, 1))
			return -1;
	}
	return 0;
}

static int compute(struct lttr_trace *t, const uint64_t *window,
		   struct lttr_summary **out, struct lttr_error *err)
{
	const unsigned int ncpus = lttr_trace_ncpus(t);
	struct scanctx x = { 0 };
	struct lttr_fastscan **fs = NULL;
	struct lttr_summary *s;
	struct fcpu *fc = NULL;
	struct lttr_event ev;
	unsigned int cpu;
	bool lost;
	size_t i;
	int r;

	*out = NULL;
	s = calloc(1, sizeof(*s));
	if (!s)
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	s->ncpus = ncpus;
	s->procs = lttr_ptable_new(lttr_trace_proc(t));
	if (!s->procs || count_lost(t, s) < 0)
		goto nomem;
	x.s = s;
	x.t = t;
	if (window) {
		x.windowed = s->windowed = true;
		x.from_ns = s->from_ns = window[0];
		x.to_ns = s->to_ns = window[1];
		x.end_ns = lttr_trace_end_ns(t);
		/* by type and syscall, the lost file counts the whole trace */
		memset(s->lost_by_id, 0, sizeof(s->lost_by_id));
		lttr_sccount_free(&s->lost_syscalls);
		memset(&s->lost_syscalls, 0, sizeof(s->lost_syscalls));
		s->lost_total = 0;
		count_lost_window(t, s, x.from_ns, x.to_ns);
	}
	fc = calloc(ncpus, sizeof(*fc));
	fs = calloc(ncpus, sizeof(*fs));
	if (!fc || !fs)
		goto nomem;
	for (cpu = 0; cpu < ncpus; cpu++) {
		r = lttr_fastscan_new(t, cpu, &fs[cpu], err);
		if (r == -LTTR_E_NOMEM)
			goto nomem;
		if (r < 0)
			goto fail;
	}
	/* a window: every record through the generic scan, which filters */
	if (!window && fast_pass(t, fs, fc, s) < 0)
		goto nomem;
	for (cpu = 0; window && cpu < ncpus; cpu++) {
		fc[cpu].stopped = true;
		fc[cpu].stop_open = NO_ENTRY;
	}
	for (cpu = 0; cpu < ncpus; cpu++) {
		struct fcpu *f = &fc[cpu];

		if (fast_merge_cpu(&x, f, cpu) < 0)
			goto nomem;
		if (f->stopped) {
			x.cur = NULL;
			x.open[cpu] = f->stop_open;
			x.open_pid[cpu] = lttr_fastscan_pid(fs[cpu]);
			while ((r = lttr_fastscan_event(fs[cpu], &ev, &lost, err)) > 0) {
				r = count_event(&x, &ev, lost);
				if (r < 0)
					break;
			}
			if (r == -LTTR_E_NOMEM)
				goto nomem;
			if (r < 0)
				goto fail;
		}
		s->total += s->cpu[cpu].events;
		if (s->cpu[cpu].events) {
			if (!s->first_ns || s->cpu[cpu].first_ns < s->first_ns)
				s->first_ns = s->cpu[cpu].first_ns;
			if (s->cpu[cpu].last_ns > s->last_ns)
				s->last_ns = s->cpu[cpu].last_ns;
		}
	}
	for (cpu = 0; cpu < ncpus; cpu++)
		if (sc_exits_count(t, s, &fc[cpu].unresolved) < 0)
			goto nomem;
	if (sc_exits_count(t, s, &x.unresolved) < 0)
		goto nomem;
	if (x.npev)
		qsort(x.pev, x.npev, sizeof(*x.pev), lttr_event_cmp_merged);
	for (i = 0; i < x.npev; i++)	/* a window: up to its end */
		if ((!window || x.pev[i].time_ns < x.to_ns || counted(&x, x.pev[i].time_ns)) &&
		    lttr_ptable_apply(s->procs, &x.pev[i]) < 0)
			goto nomem;
	if (s->nmask_changes)
		qsort(s->mask_changes, s->nmask_changes, sizeof(*s->mask_changes),
		      cmp_mask);
	if (custom_by_name(&x) < 0)
		goto nomem;
	r = 0;
	goto out;
nomem:
	r = lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
fail:
	lttr_summary_free(s);
	s = NULL;
out:
	for (cpu = 0; fs && cpu < ncpus; cpu++)
		lttr_fastscan_free(fs[cpu]);
	free(fs);
	for (cpu = 0; fc && cpu < ncpus; cpu++) {
		free(fc[cpu].pev);
		free(fc[cpu].masks);
		free(fc[cpu].unresolved.v);
	}
	free(x.unresolved.v);
	free(fc);
	free(x.pev);
	free(x.cs);
	*out = s;
	return r;
}

int lttr_summary_compute(struct lttr_trace *t, struct lttr_summary **out,
			 struct lttr_error *err)
{
	return compute(t, NULL, out, err);
}

int lttr_summary_compute_window(struct lttr_trace *t, uint64_t from_ns,
				uint64_t to_ns, struct lttr_summary **out,
				struct lttr_error *err)
{
	uint64_t w[2];

	w[0] = from_ns;
	w[1] = to_ns > lttr_trace_end_ns(t) ? lttr_trace_end_ns(t) : to_ns;
	if (w[1] < w[0])
		w[1] = w[0];
	return compute(t, w, out, err);
}

void lttr_summary_free(struct lttr_summary *s)
{
	size_t i;

	if (!s)
		return;
	lttr_ptable_free(s->procs);
	lttr_sccount_free(&s->syscalls);
	lttr_sccount_free(&s->lost_syscalls);
	for (i = 0; i < s->ncustom; i++)
		free(s->custom[i].name);
	free(s->custom);
	free(s->mask_changes);
	free(s);
}
