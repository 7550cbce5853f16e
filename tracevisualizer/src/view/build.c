// SPDX-License-Identifier: GPL-2.0
/*
 * build.c - building the view model from one pass of the time accounting.
 *
 * The accounting (lttr_account_compute_hooks()) shows us every event, every
 * control-flow segment and transition, and every change of a task's state,
 * in that order for a given moment; we turn them into rows:
 *
 *  - a CPU row takes each segment of its CPU (task, mode, what);
 *  - a task row takes its segments (wherever it runs) and the
 *    accounting's runnable, blocked (with the reason the accounting
 *    charged) and dead intervals, and "not alive" before its fork;
 *  - an irq (softirq) row is active from the first entry to the last exit
 *    of its handler on any CPU.
 *
 * The control flow cuts a CPU's segment at every event, so that a segment
 * of the same state as the one before it on its row marks an event that
 * changed nothing there: it is stored as an event boundary.
 *
 * A task whose mode was unknown when it appeared (it was in the kernel
 * since before the trace) gets placeholder states; when the accounting
 * resolves it (LTTR_TS_RESOLVED), the placeholders are given the mode and
 * the blocking reason the accounting charged, so the rows already written
 * show what the numbers say.
 *
 * Two threads: the accounting runs in the caller's thread and its hooks
 * only copy what they are shown into chunks of records (struct vrec); a
 * second thread takes the chunks in order and builds the rows.  The rows
 * are the same with one thread (LTTR_THREADS=1, or when the thread cannot
 * be created): the records are then handled as they are made.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <lttr/analysis/account.h>
#include <lttr/model/flow.h>
#include <lttr/model/process.h>
#include <lttr/reader/event.h>
#include <lttr/reader/trace.h>
#include "reader/progress-hold.h"
#include "view/view-internal.h"

/* build-time data of a non-CPU row */
struct rowbuild {
	uint32_t *ph;		/* tasks: placeholder states */
	uint32_t nph;
	uint32_t capph;
	uint32_t active;	/* irq rows: handlers running */
};

/*
 * A CPU goes back and forth between a few hundred states at most (its
 * tasks' modes, the syscalls they make): a direct-mapped cache of the
 * states of its segments spares the dictionary's lookup.  Only states
 * that are not placeholders are kept: those are never retired, so the
 * id the cache gives is the one the dictionary would (the ids, given
 * in order of first sight, stay those of a build without the cache).
 * The key is what a segment's state is made of besides its CPU.
 */
#define SEGC_SIZE 64

struct segcache {
	struct {
		uint32_t pid;
		uint32_t what;
		uint32_t gid;
		uint8_t cat;
		bool sysvec;
		bool valid;
	} e[SEGC_SIZE];
};

struct vbuild {
	struct lttr_view *v;
	lttr_view_progress_fn progress;
	void *parg;
	uint64_t nevents;
	size_t bufcur[LTT_MAX_CPUS];
	uint64_t bufnext[LTT_MAX_CPUS];	/* offset of the next buffer */
	struct rowbuild *rb;	/* per row */
	size_t caprb;
	struct segcache *segc;	/* per CPU: states of its segments */
	uint32_t segpid[LTT_MAX_CPUS];	/* per CPU: last segment pid and row */
	size_t segrow[LTT_MAX_CPUS];
	int nomem;		/* the builder's */
	int pfail;		/* the producer's */
	struct vpipe *pipe;
};

static struct vrow *new_row(struct vbuild *b, unsigned int kind, uint32_t id,
			    bool sysvec, size_t *idx)
{
	struct lttr_view *v = b->v;
	struct vrow *r;

	if (v->nrows == v->caprows) {
		size_t cap = v->caprows ? 2 * v->caprows : 64;
		struct vrow *n = realloc(v->rows, cap * sizeof(*n));
		struct rowbuild *nb = realloc(b->rb, cap * sizeof(*nb));

		if (nb)
			b->rb = nb;
		if (!n || !nb) {
			if (n)
				v->rows = n;
			b->nomem = 1;
			return NULL;
		}
		v->rows = n;
		v->caprows = cap;
		b->caprb = cap;
	}
	r = &v->rows[v->nrows];
	memset(r, 0, sizeof(*r));
	memset(&b->rb[v->nrows], 0, sizeof(b->rb[v->nrows]));
	r->info.kind = (uint8_t)kind;
	r->info.id = id;
	r->info.sysvec = sysvec;
	*idx = v->nrows++;
	return r;
}

static int state_id(struct vbuild *b, const struct lttr_vstate *s, bool ph,
		    uint32_t *gid)
{
	if (vdict_get(&b->v->dict, s, ph, gid)) {
		b->nomem = 1;
		return -1;
	}
	return 0;
}

static void append(struct vbuild *b, struct vrow *r, uint64_t t, uint32_t gid,
		   bool event)
{
	if (vrow_append(b->v, r, t, gid, event, b->v->dict.v[gid].placeholder))
		b->nomem = 1;
}

/* the row of task @pid, created "not alive" until @t when new */
static size_t task_row(struct vbuild *b, uint32_t pid, uint64_t t)
{
	struct lttr_view *v = b->v;
	struct lttr_vstate none = { .cat = LTTR_VCAT_NONE, .pid = pid };
	struct vrow *r;
	uint32_t gid;
	size_t i;

	if (lttr_pidmap_find(&v->task_rows, pid, &i))
		return i;
	r = new_row(b, LTTR_VROW_TASK, pid, false, &i);
	if (!r)
		return SIZE_MAX;
	if (lttr_pidmap_put(&v->task_rows, pid, i)) {
		b->nomem = 1;
		return SIZE_MAX;
	}
	if (t > v->start && !state_id(b, &none, false, &gid))
		append(b, r, v->start, gid, false);
	return i;
}

static void add_placeholder(struct vbuild *b, size_t row, uint32_t gid)
{
	struct rowbuild *rb = &b->rb[row];
	uint32_t i;

	for (i = 0; i < rb->nph; i++)
		if (rb->ph[i] == gid)
			return;
	if (rb->nph == rb->capph) {
		uint32_t cap = rb->capph ? 2 * rb->capph : 4;
		uint32_t *n = realloc(rb->ph, cap * sizeof(*n));

		if (!n) {
			b->nomem = 1;
			return;
		}
		rb->ph = n;
		rb->capph = cap;
	}
	rb->ph[rb->nph++] = gid;
}

static uint8_t mode_cat(unsigned int mode)
{
	switch (mode) {
	case LTTR_MODE_USER: return LTTR_VCAT_USER;
	case LTTR_MODE_SYSCALL: return LTTR_VCAT_SYSCALL;
	case LTTR_MODE_TRAP: return LTTR_VCAT_TRAP;
	case LTTR_MODE_IRQ: return LTTR_VCAT_IRQ;
	case LTTR_MODE_SOFTIRQ: return LTTR_VCAT_SOFTIRQ;
	case LTTR_MODE_IDLE: return LTTR_VCAT_IDLE;
	case LTTR_MODE_KERNEL: return LTTR_VCAT_KERNEL;
	default: return LTTR_VCAT_UNKNOWN;
	}
}

/* a segment: an event boundary when it goes on in the state of the last */
static void append_seg(struct vbuild *b, struct vrow *r, uint64_t t, uint32_t gid)
{
	append(b, r, t, gid, r->n && r->last_entry == gid && r->last_t < t);
}

static uint32_t segc_slot(uint32_t pid, uint32_t what, uint8_t cat)
{
	return ((pid * 2654435761U) ^ (what * 40503U) ^ cat) % SEGC_SIZE;
}

/*
 * A segment of task @pid on @cpu from @t, in @mode (enum lttr_mode),
 * doing @what (a system vector when @sysvec): on its CPU's row and on
 * its task's.
 */
static void c_segment(struct vbuild *b, uint64_t t, uint32_t pid, uint16_t cpu,
		      uint8_t mode, bool sysvec, uint32_t what)
{
	struct lttr_view *v = b->v;
	uint8_t cat = mode_cat(mode);
	bool ph = cat == LTTR_VCAT_UNKNOWN;
	struct segcache *sc;
	uint32_t gid, k;
	size_t row;

	if (cpu >= v->ncpus)
		return;
	if (mode != LTTR_MODE_SYSCALL && mode != LTTR_MODE_TRAP &&
	    mode != LTTR_MODE_IRQ && mode != LTTR_MODE_SOFTIRQ)
		what = 0;
	sc = &b->segc[cpu];
	k = segc_slot(pid, what, cat);
	if (sc->e[k].valid && sc->e[k].pid == pid && sc->e[k].what == what &&
	    sc->e[k].cat == cat && sc->e[k].sysvec == sysvec) {
		gid = sc->e[k].gid;
	} else {
		struct lttr_vstate st = {
			.cat = cat, .sysvec = sysvec, .cpu = cpu, .pid = pid, .what = what,
		};

		if (state_id(b, &st, ph, &gid))
			return;
		if (!ph) {
			sc->e[k].pid = pid;
			sc->e[k].what = what;
			sc->e[k].cat = cat;
			sc->e[k].sysvec = sysvec;
			sc->e[k].gid = gid;
			sc->e[k].valid = true;
		}
	}
	append_seg(b, &v->rows[cpu], t, gid);
	if (!pid)
		return;
	if (b->segpid[cpu] == pid && b->segrow[cpu] != SIZE_MAX) {
		row = b->segrow[cpu];
	} else {
		row = task_row(b, pid, t);
		b->segpid[cpu] = pid;
		b->segrow[cpu] = row;
	}
	if (row == SIZE_MAX)
		return;
	if (ph)
		add_placeholder(b, row, gid);
	append_seg(b, &v->rows[row], t, gid);
}

static void resolve(struct vbuild *b, size_t row, const struct lttr_acct_change *c)
{
	struct rowbuild *rb = &b->rb[row];
	uint32_t i;

	for (i = 0; i < rb->nph; i++) {
		struct lttr_vstate *d = &b->v->dict.v[rb->ph[i]].disp;

		/*
		 * Resolved for good: a task can be unresolved again later
		 * (its stack forgotten at lost events, docs/control-flow.md
		 * rule 18), and its new placeholders must not be this one,
		 * whose display now says what the accounting charged.
		 */
		b->v->dict.v[rb->ph[i]].retired = true;

		if (d->cat == LTTR_VCAT_UNKNOWN) {
			d->cat = mode_cat(c->mode);
			d->what = c->mode == LTTR_MODE_SYSCALL ||
				c->mode == LTTR_MODE_TRAP ? c->what : 0;
		} else {
			d->cat = (uint8_t)(LTTR_VCAT_BLOCKED + c->reason);
			d->mode = c->mode;
			d->what = c->what;
		}
	}
	rb->nph = 0;
}

static void c_task(struct vbuild *b, const struct lttr_acct_change *c)
{
	struct lttr_vstate st = { .pid = c->pid };
	size_t row = task_row(b, c->pid, c->time_ns);
	uint32_t gid;
	bool ph = false;

	if (row == SIZE_MAX)
		return;
	switch (c->state) {
	case LTTR_TS_RUNNABLE:
		st.cat = LTTR_VCAT_RUNNABLE;
		st.preempted = c->preempted;
		break;
	case LTTR_TS_BLOCKED:
		st.cat = (uint8_t)(LTTR_VCAT_BLOCKED + c->reason);
		st.mode = c->mode;
		st.what = c->what;
		ph = c->pending;
		break;
	case LTTR_TS_DEAD:
		st.cat = LTTR_VCAT_NONE;
		break;
	case LTTR_TS_ZOMBIE:
		st.cat = LTTR_VCAT_ZOMBIE;
		break;
	case LTTR_TS_UNKNOWN:
		st.cat = LTTR_VCAT_NODATA;
		st.mode = LTTR_MODE_UNKNOWN;
		break;
	case LTTR_TS_RESOLVED:
		resolve(b, row, c);
		return;
	default:		/* running: its segments follow */
		return;
	}
	if (state_id(b, &st, ph, &gid))
		return;
	if (ph)
		add_placeholder(b, row, gid);
	append(b, &b->v->rows[row], c->time_ns, gid, false);
}

/* the row of an irq (@kind IRQ) or softirq vector */
static size_t irq_row(struct vbuild *b, unsigned int kind, uint32_t id, bool sysvec)
{
	struct lttr_view *v = b->v;
	size_t i;

	for (i = v->ncpus; i < v->nrows; i++) {
		const struct lttr_vrow_info *in = &v->rows[i].info;

		if (in->kind == kind && in->id == id && in->sysvec == sysvec)
			return i;
	}
	if (!new_row(b, kind, id, sysvec, &i))
		return SIZE_MAX;
	return i;
}

static void c_transition(struct vbuild *b, const struct lttr_flow_tr *tr)
{
	struct lttr_view *v = b->v;
	struct lttr_vstate st = { .sysvec = tr->sysvec, .cpu = tr->cpu, .what = tr->what };
	struct lttr_vstate none = { .cat = LTTR_VCAT_NONE };
	unsigned int kind;
	bool entry;
	uint32_t gid, nid;
	size_t row;
	struct vrow *r;

	switch (tr->kind) {
	case LTTR_TR_IRQ_ENTRY:
	case LTTR_TR_IRQ_EXIT:
		kind = LTTR_VROW_IRQ;
		st.cat = LTTR_VCAT_IRQ;
		entry = tr->kind == LTTR_TR_IRQ_ENTRY;
		break;
	case LTTR_TR_SOFTIRQ_ENTRY:
	case LTTR_TR_SOFTIRQ_EXIT:
		kind = LTTR_VROW_SOFTIRQ;
		st.cat = LTTR_VCAT_SOFTIRQ;
		st.sysvec = false;
		entry = tr->kind == LTTR_TR_SOFTIRQ_ENTRY;
		break;
	default:
		return;
	}
	row = irq_row(b, kind, tr->what, st.sysvec);
	if (row == SIZE_MAX || state_id(b, &st, false, &gid) ||
	    state_id(b, &none, false, &nid))
		return;
	r = &v->rows[row];
	if (entry) {
		if (!r->n && tr->time_ns > v->start)
			append(b, r, v->start, nid, false);
		if (b->rb[row].active++ == 0)
			append(b, r, tr->time_ns, gid, false);
		return;
	}
	if (!b->rb[row].active) {
		if (r->n)
			return;		/* an exit without its entry (lost) */
		append(b, r, v->start, gid, false);	/* running at the start */
		b->rb[row].active = 1;
	}
	if (--b->rb[row].active == 0)
		append(b, r, tr->time_ns, nid, false);
}

/*
 * The records the accounting's hooks hand to the row builder: what each
 * hook was shown that the rows use, in 24 bytes (the ends of segments
 * and the starts of transitions are not: a row's entry lasts until the
 * next one).  The fewer bytes, the less memory the two threads pass
 * through their caches.
 */
enum { REC_SEG, REC_TASK, REC_TR };

struct vrec {
	uint64_t t;		/* segment start, change, transition time */
	uint32_t pid;
	uint32_t what;
	uint16_t cpu;
	uint8_t kind;		/* REC_* */
	uint8_t a;		/* segment mode, task state, transition kind */
	uint8_t b;		/* segment/transition sysvec, task reason */
	uint8_t c;		/* task mode */
	uint8_t d;		/* task: pending | preempted << 1 */
};

_Static_assert(sizeof(struct vrec) == 24, "a hand-over record is 24 bytes");

static void handle(struct vbuild *b, const struct vrec *r)
{
	switch (r->kind) {
	case REC_SEG:
		c_segment(b, r->t, r->pid, r->cpu, r->a, r->b, r->what);
		break;
	case REC_TASK: {
		struct lttr_acct_change c = {
			.time_ns = r->t, .pid = r->pid, .state = r->a, .reason = r->b,
			.mode = r->c, .pending = r->d & 1, .preempted = r->d & 2,
			.cpu = r->cpu, .what = r->what,
		};

		c_task(b, &c);
		break;
	}
	default: {
		struct lttr_flow_tr tr = {
			.time_ns = r->t, .cpu = r->cpu, .kind = r->a, .sysvec = r->b,
			.what = r->what,
		};

		c_transition(b, &tr);
		break;
	}
	}
}

/*
 * The hand-over between the two threads: a FIFO of full chunks and a
 * free list, under one mutex; at most PIPE_DEPTH chunks wait, so that a
 * slow builder slows the accounting down instead of piling up memory.
 * Big chunks (1.5 MiB): a thread that waits is woken once per chunk, and on
 * 10 million events 65536 records per chunk built the view in 1.49 s
 * (median of 4) against 1.70 s with 4096 and 2.2 s with 1024.
 */
#define CHUNK_RECS	65536
#define PIPE_DEPTH	4

struct chunk {
	struct vrec r[CHUNK_RECS];
	size_t n;
	struct chunk *next;
};

struct vpipe {
	pthread_mutex_t mu;
	pthread_cond_t cv;
	struct chunk *head;
	struct chunk *tail;
	struct chunk *free;
	unsigned int queued;
	bool done;
	struct chunk *cur;	/* the producer's */
	atomic_int failed;	/* the builder ran out of memory */
	bool threaded;
	pthread_t thread;
};

static struct chunk *get_chunk(struct vpipe *p)
{
	struct chunk *c;

	pthread_mutex_lock(&p->mu);
	while (!p->free && p->queued >= PIPE_DEPTH)
		pthread_cond_wait(&p->cv, &p->mu);
	c = p->free;
	if (c)
		p->free = c->next;
	pthread_mutex_unlock(&p->mu);
	if (!c)
		c = malloc(sizeof(*c));
	if (c)
		c->n = 0;
	return c;
}

static void submit(struct vpipe *p, struct chunk *c)
{
	c->next = NULL;
	pthread_mutex_lock(&p->mu);
	if (p->tail)
		p->tail->next = c;
	else
		p->head = c;
	p->tail = c;
	p->queued++;
	pthread_cond_broadcast(&p->cv);
	pthread_mutex_unlock(&p->mu);
}

static void *builder(void *arg)
{
	struct vbuild *b = arg;
	struct vpipe *p = b->pipe;

	for (;;) {
		struct chunk *c;
		size_t i;

		pthread_mutex_lock(&p->mu);
		while (!p->head && !p->done)
			pthread_cond_wait(&p->cv, &p->mu);
		c = p->head;
		if (c) {
			p->head = c->next;
			if (!p->head)
				p->tail = NULL;
			p->queued--;
		}
		pthread_mutex_unlock(&p->mu);
		if (!c)
			break;
		for (i = 0; i < c->n && !b->nomem; i++)
			handle(b, &c->r[i]);
		if (b->nomem)
			atomic_store(&p->failed, 1);
		pthread_mutex_lock(&p->mu);
		c->next = p->free;
		p->free = c;
		pthread_cond_broadcast(&p->cv);
		pthread_mutex_unlock(&p->mu);
	}
	return NULL;
}

/* hand a record over (or handle it now without a second thread) */
static int put(struct vbuild *b, const struct vrec *r)
{
	struct vpipe *p = b->pipe;

	if (!p->threaded) {
		handle(b, r);
		return b->nomem ? -1 : 0;
	}
	if (!p->cur || p->cur->n == CHUNK_RECS) {
		if (p->cur)
			submit(p, p->cur);
		p->cur = get_chunk(p);
		if (!p->cur)
			return -1;
	}
	p->cur->r[p->cur->n++] = *r;
	return 0;
}

static void p_segment(void *arg, const struct lttr_flow_seg *s)
{
	struct vbuild *b = arg;
	struct vrec r = {
		.t = s->start_ns, .pid = s->pid, .what = s->what,
		.cpu = s->cpu, .kind = REC_SEG, .a = s->mode, .b = s->sysvec,
	};

	if (put(b, &r))
		b->pfail = 1;
}

static void p_task(void *arg, const struct lttr_acct_change *c)
{
	struct vbuild *b = arg;
	struct vrec r = {
		.t = c->time_ns, .pid = c->pid, .what = c->what, .cpu = c->cpu,
		.kind = REC_TASK, .a = c->state, .b = c->reason, .c = c->mode,
		.d = (uint8_t)(c->pending | c->preempted << 1),
	};

	if (put(b, &r))
		b->pfail = 1;
}

static void p_transition(void *arg, const struct lttr_flow_tr *tr)
{
	struct vbuild *b = arg;
	struct vrec r = {
		.t = tr->time_ns, .what = tr->what,
		.cpu = tr->cpu, .kind = REC_TR, .a = tr->kind, .b = tr->sysvec,
	};

	switch (tr->kind) {
	case LTTR_TR_IRQ_ENTRY:
	case LTTR_TR_IRQ_EXIT:
	case LTTR_TR_SOFTIRQ_ENTRY:
	case LTTR_TR_SOFTIRQ_EXIT:
		if (put(b, &r))
			b->pfail = 1;
		break;
	default:
		break;
	}
}

static int progress(struct vbuild *b, uint64_t t)
{
	const struct lttr_view *v = b->v;
	uint64_t span = v->end - v->start;
	unsigned int pm;

	if (!b->progress)
		return 0;
	pm = span && t > v->start ? (unsigned int)((t - v->start) * 1000.0 / span) : 0;
	return lttr_progress_tell(b->progress, b->parg, b->nevents >> 16, pm > 1000 ? 1000 : pm) ?
	       -LTTR_E_CANCELED : 0;
}

/* producer side: progress, and the search index */
static int p_event(void *arg, const struct lttr_event *ev)
{
	struct vbuild *b = arg;
	struct lttr_view *v = b->v;
	unsigned int cpu = ev->cpu;

	if ((++b->nevents & 0xfff) == 0) {
		if (b->pfail || atomic_load(&b->pipe->failed))
			return -LTTR_E_NOMEM;
		if ((b->nevents & 0xffff) == 0 && progress(b, ev->time_ns))
			return -LTTR_E_CANCELED;
	}
	if (cpu >= v->ncpus)
		return 0;
	/* the buffer of the event: buffers of a CPU come in file order */
	while (ev->offset >= b->bufnext[cpu]) {
		struct lttr_buffer_info bi;

		b->bufcur[cpu]++;
		if (lttr_trace_buffer(v->t, cpu, b->bufcur[cpu] + 1, &bi))
			b->bufnext[cpu] = UINT64_MAX;
		else
			b->bufnext[cpu] = bi.offset;
	}
	if (b->bufcur[cpu] < v->nbufids[cpu])
		v->bufids[cpu][b->bufcur[cpu]] |= 1ULL << (ev->id < 63 ? ev->id : 63);
	if (v->nevents[cpu]++ % LTTR_VIEW_EVSTEP == 0) {
		struct lttr_buffer_info bi;

		if (v->nevmarks[cpu] == v->capevmarks[cpu]) {
			size_t cap = v->capevmarks[cpu] ? 2 * v->capevmarks[cpu] : 256;
			struct vevmark *n = realloc(v->evmarks[cpu], cap * sizeof(*n));

			if (!n)
				return -LTTR_E_NOMEM;
			v->evmarks[cpu] = n;
			v->capevmarks[cpu] = cap;
		}
		if (lttr_trace_buffer(v->t, cpu, b->bufcur[cpu], &bi))
			return -LTTR_E_INVAL;
		v->evmarks[cpu][v->nevmarks[cpu]].t = ev->time_ns;
		v->evmarks[cpu][v->nevmarks[cpu]].bi = (uint32_t)b->bufcur[cpu];
		v->evmarks[cpu][v->nevmarks[cpu]++].off = (uint32_t)(ev->offset - bi.offset -
							    sizeof(struct ltt_buffer_header));
	}
	return 0;
}

static int pipe_start(struct vbuild *b, struct vpipe *p)
{
	const char *env = getenv("LTTR_THREADS");

	memset(p, 0, sizeof(*p));
	b->pipe = p;
	atomic_init(&p->failed, 0);
	if ((env && atoi(env) == 1) || sysconf(_SC_NPROCESSORS_ONLN) < 2)
		return 0;
	if (pthread_mutex_init(&p->mu, NULL))
		return 0;
	if (pthread_cond_init(&p->cv, NULL)) {
		pthread_mutex_destroy(&p->mu);
		return 0;
	}
	p->threaded = !pthread_create(&p->thread, NULL, builder, b);
	if (!p->threaded) {
		pthread_cond_destroy(&p->cv);
		pthread_mutex_destroy(&p->mu);
	}
	return 0;
}

/* the last chunk, then wait for the builder to finish */
static void pipe_finish(struct vpipe *p)
{
	struct chunk *c;

	if (!p->threaded)
		return;
	if (p->cur && p->cur->n)
		submit(p, p->cur);
	else
		free(p->cur);
	p->cur = NULL;
	pthread_mutex_lock(&p->mu);
	p->done = true;
	pthread_cond_broadcast(&p->cv);
	pthread_mutex_unlock(&p->mu);
	pthread_join(p->thread, NULL);
	while ((c = p->free)) {
		p->free = c->next;
		free(c);
	}
	pthread_cond_destroy(&p->cv);
	pthread_mutex_destroy(&p->mu);
}

/*
 * The lost points of CPU @c: its buffers whose headers count lost events.
 * Only the buffers that have some are described (lttr_trace_buffer()
 * walks a buffer's records first: on a view read back from its cache,
 * every buffer of the trace, a sixth of the first screen of a 2^28-event
 * trace, docs/benchmarks.md).
 */
int vbuild_lost(struct lttr_view *v, unsigned int c)
{
	size_t nb = lttr_trace_buffer_count(v->t, c), i, k;
	struct lttr_buffer_info bi;

	for (i = 0; i < nb; i++)
		if (lttr_trace_buffer_lost(v->t, c, i))
			v->nlost[c]++;
	if (!v->nlost[c])
		return 0;
	v->lost[c] = calloc(v->nlost[c], sizeof(*v->lost[c]));
	if (!v->lost[c])
		return -1;
	for (i = 0, k = 0; i < nb && k < v->nlost[c]; i++) {
		if (lttr_trace_buffer_lost(v->t, c, i) && !lttr_trace_buffer(v->t, c, i, &bi)) {
			v->lost[c][k].t = bi.start_ns;
			v->lost[c][k++].n = bi.lost;
		}
	}
	v->nlost[c] = k;
	return 0;
}

static int setup(struct vbuild *b)
{
	struct lttr_view *v = b->v;
	struct lttr_buffer_info bi;
	unsigned int c;
	size_t i;

	b->segc = calloc(v->ncpus ? v->ncpus : 1, sizeof(*b->segc));
	if (!b->segc)
		return -1;
	for (c = 0; c < v->ncpus; c++) {
		struct vrow *r = new_row(b, LTTR_VROW_CPU, c, false, &i);
		size_t nb = lttr_trace_buffer_count(v->t, c);

		if (!r)
			return -1;
		snprintf(v->cpu_names[c], sizeof(v->cpu_names[c]), "cpu %u", c);
		r->info.name = v->cpu_names[c];
		v->nbufids[c] = nb;
		v->bufids[c] = calloc(nb ? nb : 1, sizeof(*v->bufids[c]));
		if (!v->bufids[c])
			return -1;
		b->bufcur[c] = 0;
		b->segrow[c] = SIZE_MAX;
		b->bufnext[c] = nb > 1 && !lttr_trace_buffer(v->t, c, 1, &bi) ?
			bi.offset : UINT64_MAX;
		if (vbuild_lost(v, c))
			return -1;
	}
	return 0;
}

static int cmp_rows(const void *pa, const void *pb)
{
	const struct lttr_vrow_info *a = &((const struct vrow *)pa)->info;
	const struct lttr_vrow_info *b = &((const struct vrow *)pb)->info;

	if (a->kind != b->kind)
		return a->kind < b->kind ? -1 : 1;
	if (a->sysvec != b->sysvec)
		return a->sysvec ? 1 : -1;
	return a->id < b->id ? -1 : a->id > b->id;
}

/* the group row of the idle kernel threads, the last row, when there are some */
static int add_group(struct vbuild *b, uint32_t nid)
{
	struct lttr_view *v = b->v;
	struct vrow *r;
	size_t count, i;

	if (vrows_mark_idle(v, &count))
		return -1;
	if (!count)
		return 0;
	r = new_row(b, LTTR_VROW_GROUP, (uint32_t)count, false, &i);
	if (!r)
		return -1;
	append(b, r, v->start, nid, false);
	if (vrow_finalize(v, r))
		b->nomem = 1;
	vrow_name_group(v, r);
	r->info.entries = r->n;
	return b->nomem ? -1 : 0;
}

void vrow_name_group(struct lttr_view *v, struct vrow *r)
{
	snprintf(v->group_name, sizeof(v->group_name), "%u idle kernel thread%s", r->info.id,
		 r->info.id == 1 ? "" : "s");
	r->info.name = v->group_name;
	r->info.tgid = r->info.id;
}

int vrows_name(struct lttr_view *v)
{
	const struct lttr_account *a = v->acct;
	size_t i;

	for (i = 0; i < v->ncpus && i < v->nrows; i++) {
		snprintf(v->cpu_names[i], sizeof(v->cpu_names[i]), "cpu %u", (unsigned int)i);
		v->rows[i].info.name = v->cpu_names[i];
	}
	lttr_pidmap_free(&v->task_rows);
	for (i = v->ncpus; i < v->nrows; i++) {
		struct vrow *r = &v->rows[i];
		const struct lttr_acct_task *tk;

		switch (r->info.kind) {
		case LTTR_VROW_IRQ:
			r->info.name = r->info.sysvec ? lttr_sysvec_name(r->info.id) :
				lttr_trace_irq_name(v->t, r->info.id);
			break;
		case LTTR_VROW_SOFTIRQ:
			r->info.name = lttr_softirq_name(r->info.id);
			break;
		case LTTR_VROW_TASK:
			if (lttr_pidmap_put(&v->task_rows, r->info.id, i))
				return -1;
			/* the last task of that pid (a reused pid: the newest) */
			tk = lttr_account_find(a, r->info.id);
			if (tk) {
				size_t k = (size_t)(tk - a->tasks);

				while (k + 1 < a->ntasks && a->tasks[k + 1].pid == r->info.id)
					k++;
				tk = &a->tasks[k];
				r->info.tgid = tk->tgid;
				r->info.ppid = tk->ppid;
				r->info.name = tk->name;
			} else {
				r->info.tgid = r->info.id;
				r->info.name = "";
			}
			break;
		default:
			break;
		}
	}
	return 0;
}

/* names, order, and the task map of the finished rows */
static int finish(struct vbuild *b)
{
	struct lttr_view *v = b->v;
	struct lttr_vstate none = { .cat = LTTR_VCAT_NONE };
	uint32_t nid;
	size_t i;

	if (state_id(b, &none, false, &nid))
		return -1;
	for (i = 0; i < v->nrows; i++) {
		struct vrow *r = &v->rows[i];

		if (!r->n)
			append(b, r, v->start, nid, false);
		if (vrow_finalize(v, r))
			b->nomem = 1;
		r->info.entries = r->n;
	}
	if (v->nrows > v->ncpus)
		qsort(v->rows + v->ncpus, v->nrows - v->ncpus, sizeof(*v->rows), cmp_rows);
	if (vrows_name(v))
		return -1;
	return b->nomem ? -1 : add_group(b, nid);
}

static void free_build(struct vbuild *b)
{
	size_t i;

	for (i = 0; b->rb && i < b->v->nrows; i++)
		free(b->rb[i].ph);
	free(b->rb);
	free(b->segc);
}

int lttr_view_build(struct lttr_trace *t, lttr_view_progress_fn prog,
		    void *arg, struct lttr_view **out, struct lttr_error *err)
{
	static const struct lttr_account_hooks hooks = {
		p_event, p_segment, p_transition, p_task, NULL,
	};
	struct lttr_view *v;
	struct vbuild b;
	struct vpipe p;
	int r;

	*out = NULL;
	v = calloc(1, sizeof(*v));
	if (!v)
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	memset(&b, 0, sizeof(b));
	b.v = v;
	b.progress = prog;
	b.parg = arg;
	v->t = t;
	v->ncpus = lttr_trace_ncpus(t);
	v->start = lttr_trace_window_start(t);
	v->end = lttr_trace_end_ns(t);
	if (v->end < v->start)
		v->end = v->start;
	if (setup(&b)) {
		r = lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
		goto fail;
	}
	pipe_start(&b, &p);
	r = lttr_account_compute_hooks(t, &hooks, &b, &v->acct, err);
	pipe_finish(&p);
	if (r < 0)
		goto fail;
	if (b.nomem || b.pfail || finish(&b)) {
		r = lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
		goto fail;
	}
	if (prog)
		prog(arg, 1000);
	free_build(&b);
	*out = v;
	return 0;
fail:
	free_build(&b);
	lttr_view_free(v);
	return r;
}

void lttr_view_free(struct lttr_view *v)
{
	size_t i;

	if (!v)
		return;
	for (i = 0; i < v->nrows; i++)
		vrow_free(&v->rows[i]);
	free(v->rows);
	vdict_free(&v->dict);
	lttr_pidmap_free(&v->task_rows);
	for (i = 0; i < LTT_MAX_CPUS; i++) {
		free(v->lost[i]);
		free(v->bufids[i]);
		free(v->evmarks[i]);
	}
	lttr_account_free(v->acct);
	free(v);
}
