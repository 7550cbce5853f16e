// SPDX-License-Identifier: GPL-2.0
/*
 * timing.c - the pass of the latency analyses: runs the accounting with
 * the hooks of one kind (timing-wakeup.c, timing-irq.c, timing-syscall.c,
 * timing-timer.c), keeps the instances the kind finds in their groups
 * (per task and number), then derives the groups of every task (per
 * number) and of all instances from those, and computes each group's
 * distribution, so that a system-wide figure is always the sum of the
 * per-task ones.
 */
#include <stdlib.h>
#include <string.h>
#include <lttr/model/flow.h>
#include <lttr/reader/trace.h>
#include "analysis/timing-internal.h"
#include "model/pidmap.h"
#include "reader/progress-hold.h"

#define PROGRESS_EVERY 4096	/* events between two progress calls */

/* a group being built: its durations, kept until the distribution */
struct tgroup {
	struct lttr_timing_group g;
	uint64_t *dur;
	size_t n;
	size_t cap;
	uint64_t *per;		/* timer: expected periods */
	size_t nper;
	size_t capper;
	uint64_t *act;		/* timer: actual periods */
	size_t nact;
	size_t capact;
	struct lttr_timing_inst *heap;	/* the worst, a heap: least bad first */
	size_t nheap;
};

static const char *const kind_names[LTTR_TIMING_KINDS] = {
	"wakeup", "irq", "softirq", "syscall", "timer",
};

const char *lttr_timing_kind_name(unsigned int kind)
{
	return kind < LTTR_TIMING_KINDS ? kind_names[kind] : "?";
}

int lttr_timing_kind_lookup(const char *name)
{
	unsigned int k;

	for (k = 0; k < LTTR_TIMING_KINDS; k++)
		if (!strcmp(name, kind_names[k]))
			return (int)k;
	return -1;
}

const char *lttr_timing_sub_name(unsigned int sub)
{
	static const char *const n[LTTR_SUB_COUNT] = {
		"wakeup", "preempt", "handler", "raise", "call", "timer",
	};

	return sub < LTTR_SUB_COUNT ? n[sub] : "?";
}

const char *lttr_timing_part_name(unsigned int part)
{
	static const char *const n[LTTR_PART_COUNT] = {
		"cpu", "trap", "irq", "softirq", "runnable", "timer", "pending",
		"late", "blocked_io", "blocked_sleep", "blocked_futex", "blocked_child",
		"blocked_fault", "blocked_other", "blocked_unknown", "unknown",
	};

	return part < LTTR_PART_COUNT ? n[part] : "?";
}

const char *lttr_timing_what_str(const struct lttr_trace *t, unsigned int kind,
				 uint32_t what, bool sysvec, char *buf, size_t size)
{
	switch (kind) {
	case LTTR_TIMING_SYSCALL:
		return lttr_mode_what_str(t, LTTR_MODE_SYSCALL, what, false, buf, size);
	case LTTR_TIMING_IRQ:
		return lttr_mode_what_str(t, LTTR_MODE_IRQ, what, sysvec, buf, size);
	case LTTR_TIMING_SOFTIRQ:
		return lttr_mode_what_str(t, LTTR_MODE_SOFTIRQ, what, false, buf, size);
	default:
		return "";
	}
}

uint64_t lttr_timing_inst_ns(const struct lttr_timing_inst *in)
{
	return in->end_ns - in->start_ns;
}

bool lttr_waker_is_task(const struct lttr_waker *w)
{
	/* (a task whose mode is not known yet is still in process context) */
	return w->known && w->pid && w->mode != LTTR_MODE_IRQ &&
	       w->mode != LTTR_MODE_SOFTIRQ && w->mode != LTTR_MODE_IDLE;
}

void lttr_waker_set(struct lttr_waker *w, const struct lttr_flow_tr *tr)
{
	w->known = true;
	w->sysvec = tr->sysvec;
	w->mode = tr->mode;
	w->cpu = tr->cpu;
	w->pid = tr->pid;
	w->ctx = tr->ctx;
	w->time_ns = tr->time_ns;
}

unsigned int timing_mode_part(unsigned int mode)
{
	switch (mode) {
	case LTTR_MODE_TRAP:
		return LTTR_PART_TRAP;
	case LTTR_MODE_IRQ:
		return LTTR_PART_INTR;
	case LTTR_MODE_SOFTIRQ:
		return LTTR_PART_SOFTIRQ;
	default:
		return LTTR_PART_CPU;
	}
}

static bool per_task(unsigned int kind)
{
	return kind == LTTR_TIMING_WAKEUP || kind == LTTR_TIMING_SYSCALL ||
	       kind == LTTR_TIMING_TIMER;
}

bool timing_pid_wanted(const struct tctx *x, uint32_t pid)
{
	return !x->pids || lttr_pids_has(x->pids, x->q->npids, pid);
}

/* ---- the groups ---- */

static size_t hash_key(unsigned int sub, uint32_t what, bool sysvec, uint32_t pid)
{
	uint64_t k = ((uint64_t)what << 32 | pid) * 0x9e3779b97f4a7c15ULL;

	return (size_t)(k >> 17) ^ (sub * 31u + sysvec);
}

static bool same_key(const struct lttr_timing_group *g, unsigned int sub,
		     uint32_t what, bool sysvec, uint32_t pid)
{
	return g->sub == sub && g->what == what && g->sysvec == sysvec && g->pid == pid;
}

static int rehash(struct tctx *x)
{
	size_t n = x->nslots ? x->nslots * 2 : 64, i;
	size_t *s = calloc(n, sizeof(*s));

	if (!s)
		return -1;
	for (i = 0; i < x->ngroups; i++) {
		const struct lttr_timing_group *g = &x->groups[i]->g;
		size_t h = hash_key(g->sub, g->what, g->sysvec, g->pid) & (n - 1);

		while (s[h])
			h = (h + 1) & (n - 1);
		s[h] = i + 1;
	}
	free(x->slots);
	x->slots = s;
	x->nslots = n;
	return 0;
}

struct tgroup *timing_group(struct tctx *x, unsigned int sub, uint32_t what,
			    bool sysvec, uint32_t pid)
{
	struct tgroup *g;
	size_t h;

	if (!per_task(x->q->kind))
		pid = 0;
	if (x->last && same_key(&x->last->g, sub, what, sysvec, pid))
		return x->last;
	if (x->nslots) {
		for (h = hash_key(sub, what, sysvec, pid) & (x->nslots - 1); x->slots[h];
		     h = (h + 1) & (x->nslots - 1)) {
			g = x->groups[x->slots[h] - 1];
			if (same_key(&g->g, sub, what, sysvec, pid))
				return x->last = g;
		}
	}
	if ((x->ngroups + 1) * 2 > x->nslots && rehash(x))
		goto nomem;
	if (x->ngroups == x->capgroups) {
		size_t ncap = x->capgroups ? x->capgroups * 2 : 32;
		struct tgroup **n = realloc(x->groups, ncap * sizeof(*n));

		if (!n)
			goto nomem;
		x->groups = n;
		x->capgroups = ncap;
	}
	g = calloc(1, sizeof(*g));
	if (!g)
		goto nomem;
	g->g.level = per_task(x->q->kind) ? LTTR_TG_TASK : LTTR_TG_WHAT;
	g->g.sub = (uint8_t)sub;
	g->g.what = what;
	g->g.sysvec = sysvec;
	g->g.pid = pid;
	x->groups[x->ngroups++] = g;
	for (h = hash_key(sub, what, sysvec, pid) & (x->nslots - 1); x->slots[h];
	     h = (h + 1) & (x->nslots - 1))
		;
	x->slots[h] = x->ngroups;
	return x->last = g;
nomem:
	x->nomem = 1;
	return NULL;
}

static int push(uint64_t **v, size_t *n, size_t *cap, uint64_t d)
{
	if (*n == *cap) {
		size_t ncap = *cap ? *cap * 2 : 16;
		uint64_t *nv = realloc(*v, ncap * sizeof(*nv));

		if (!nv)
			return -1;
		*v = nv;
		*cap = ncap;
	}
	(*v)[(*n)++] = d;
	return 0;
}

/* @a is worse than @b: longer, or as long and earlier */
static bool worse(const struct lttr_timing_inst *a, const struct lttr_timing_inst *b)
{
	uint64_t da = a->end_ns - a->start_ns, db = b->end_ns - b->start_ns;

	if (da != db)
		return da > db;
	if (a->start_ns != b->start_ns)
		return a->start_ns < b->start_ns;
	return a->cpu < b->cpu;
}

static void sift_down(struct lttr_timing_inst *h, size_t n, size_t i)
{
	for (;;) {
		size_t l = 2 * i + 1, m = i;
		struct lttr_timing_inst tmp;

		if (l < n && worse(&h[m], &h[l]))
			m = l;
		if (l + 1 < n && worse(&h[m], &h[l + 1]))
			m = l + 1;
		if (m == i)
			return;
		tmp = h[i];
		h[i] = h[m];
		h[m] = tmp;
		i = m;
	}
}

/* keep @in among the @max worst of @g (the root: the least bad kept) */
static int keep_worst(struct tgroup *g, size_t max, const struct lttr_timing_inst *in)
{
	size_t i;

	if (!max)
		return 0;
	if (g->nheap == max) {
		if (worse(in, &g->heap[0])) {
			g->heap[0] = *in;
			sift_down(g->heap, g->nheap, 0);
		}
		return 0;
	}
	if (!g->heap) {
		g->heap = malloc(max * sizeof(*g->heap));
		if (!g->heap)
			return -1;
	}
	i = g->nheap++;
	g->heap[i] = *in;
	while (i) {		/* sift up: a less bad one goes to the root */
		size_t p = (i - 1) / 2;
		struct lttr_timing_inst tmp;

		if (!worse(&g->heap[p], &g->heap[i]))
			break;
		tmp = g->heap[p];
		g->heap[p] = g->heap[i];
		g->heap[i] = tmp;
		i = p;
	}
	return 0;
}

static int append(struct lttr_timing_inst **v, size_t *n, size_t *cap,
		  const struct lttr_timing_inst *in)
{
	if (*n == *cap) {
		size_t ncap = *cap ? *cap * 2 : 64;
		struct lttr_timing_inst *nv = realloc(*v, ncap * sizeof(*nv));

		if (!nv)
			return -1;
		*v = nv;
		*cap = ncap;
	}
	(*v)[(*n)++] = *in;
	return 0;
}

/* the window rule of the accounting: starts in it, ends in it */
static bool in_window(const struct tctx *x, uint64_t start, uint64_t end)
{
	return start >= x->r->from_ns &&
	       (end < x->r->to_ns || (end == x->r->to_ns && end >= x->end_ns));
}

void timing_add(struct tctx *x, struct tgroup *g, const struct lttr_timing_inst *in)
{
	uint64_t d = in->end_ns - in->start_ns, sum = 0;
	unsigned int p;

	if (!g || !in_window(x, in->start_ns, in->end_ns) ||
	    (per_task(x->q->kind) && !timing_pid_wanted(x, in->pid)))
		return;
	for (p = 0; p < LTTR_PART_COUNT; p++) {
		g->g.part[p] += in->part[p];
		sum += in->part[p];
	}
	x->r->unmatched += sum != d;
	g->g.missed += in->missed;
	if (push(&g->dur, &g->n, &g->cap, d) ||
	    keep_worst(g, x->q->nworst, in) ||
	    (in->period_ns && push(&g->per, &g->nper, &g->capper, in->period_ns)) ||
	    (in->actual_ns && push(&g->act, &g->nact, &g->capact, in->actual_ns)) ||
	    (x->q->all && append(&x->r->inst, &x->r->ninst, &x->capinst, in)))
		x->nomem = 1;
	if (x->q->has_threshold && d > x->q->threshold_ns) {
		g->g.over++;
		if (append(&x->r->over, &x->r->nover, &x->capover, in))
			x->nomem = 1;
	}
}

void timing_zero_left(struct tctx *x, struct tgroup *g, uint64_t t)
{
	if (g && in_window(x, t, t) && timing_pid_wanted(x, g->g.pid))
		g->g.zero_left++;
}

void timing_unknown(struct tctx *x, struct tgroup *g, uint64_t from, uint64_t to)
{
	if (g && in_window(x, from, to) && timing_pid_wanted(x, g->g.pid))
		g->g.unknown++;
}

void timing_early(struct tctx *x, struct tgroup *g, uint64_t t)
{
	if (g && in_window(x, t, t) && timing_pid_wanted(x, g->g.pid))
		g->g.early++;
}

static void group_free(struct tgroup *g)
{
	if (!g)
		return;
	free(g->dur);
	free(g->per);
	free(g->act);
	free(g->heap);
	free(g);
}

/* ---- the groups derived from others ---- */

static int cmp_worse(const void *pa, const void *pb)
{
	const struct lttr_timing_inst *a = pa, *b = pb;

	return worse(a, b) ? -1 : worse(b, a) ? 1 : 0;
}

static int concat(uint64_t **v, size_t *n, size_t *cap, const uint64_t *src, size_t k)
{
	if (!k)
		return 0;
	if (*n + k > *cap) {
		size_t ncap = *cap ? *cap : 16;
		uint64_t *nv;

		while (ncap < *n + k)
			ncap *= 2;
		nv = realloc(*v, ncap * sizeof(*nv));
		if (!nv)
			return -1;
		*v = nv;
		*cap = ncap;
	}
	memcpy(*v + *n, src, k * sizeof(*src));
	*n += k;
	return 0;
}

/* add the child @c to its parent @p: everything but the distributions */
static int add_child(struct tgroup *p, const struct tgroup *c, size_t max)
{
	unsigned int k;
	size_t i;

	for (k = 0; k < LTTR_PART_COUNT; k++)
		p->g.part[k] += c->g.part[k];
	p->g.over += c->g.over;
	p->g.zero_left += c->g.zero_left;
	p->g.early += c->g.early;
	p->g.missed += c->g.missed;
	p->g.unknown += c->g.unknown;
	if (concat(&p->dur, &p->n, &p->cap, c->dur, c->n) ||
	    concat(&p->per, &p->nper, &p->capper, c->per, c->nper) ||
	    concat(&p->act, &p->nact, &p->capact, c->act, c->nact))
		return -1;
	for (i = 0; i < c->nheap; i++)
		if (keep_worst(p, max, &c->heap[i]))
			return -1;
	return 0;
}

/*
 * The parents of @v (@n groups) at @level: one per (sub, what, sysvec)
 * for LTTR_TG_WHAT, per sub for LTTR_TG_ALL.
 */
static struct tgroup **derive(struct tgroup **v, size_t n, unsigned int level,
			      size_t max, size_t *np)
{
	struct tgroup **p = calloc(n ? n : 1, sizeof(*p));
	size_t i, j, k = 0;

	*np = 0;
	if (!p)
		return NULL;
	for (i = 0; i < n; i++) {
		const struct lttr_timing_group *c = &v[i]->g;

		for (j = 0; j < k; j++)	/* few parents: a linear search */
			if (p[j]->g.sub == c->sub &&
			    (level == LTTR_TG_ALL ||
			     (p[j]->g.what == c->what && p[j]->g.sysvec == c->sysvec)))
				break;
		if (j == k) {
			p[k] = calloc(1, sizeof(*p[k]));
			if (!p[k])
				goto nomem;
			p[k]->g.level = (uint8_t)level;
			p[k]->g.sub = c->sub;
			if (level != LTTR_TG_ALL) {
				p[k]->g.what = c->what;
				p[k]->g.sysvec = c->sysvec;
			}
			k++;
		}
		if (add_child(p[j], v[i], max))
			goto nomem;
	}
	*np = k;
	return p;
nomem:
	for (j = 0; j < k; j++)
		group_free(p[j]);
	free(p);
	return NULL;
}

/* the distributions of @g, its durations released */
static void distribute(struct tgroup *g)
{
	lttr_dist_compute(g->dur, g->n, &g->g.dist);
	lttr_dist_compute(g->per, g->nper, &g->g.period);
	lttr_dist_compute(g->act, g->nact, &g->g.actual);
	free(g->dur);
	free(g->per);
	free(g->act);
	g->dur = g->per = g->act = NULL;
	g->n = g->cap = g->nper = g->capper = g->nact = g->capact = 0;
	if (g->nheap > 1)
		qsort(g->heap, g->nheap, sizeof(*g->heap), cmp_worse);
}

static int cmp_group(const void *pa, const void *pb)
{
	const struct lttr_timing_group *a = &(*(struct tgroup *const *)pa)->g;
	const struct lttr_timing_group *b = &(*(struct tgroup *const *)pb)->g;

	if (a->level != b->level)
		return a->level < b->level ? -1 : 1;
	if (a->sub != b->sub)
		return a->sub < b->sub ? -1 : 1;
	if (a->sysvec != b->sysvec)
		return a->sysvec ? 1 : -1;
	if (a->what != b->what)
		return a->what < b->what ? -1 : 1;
	return a->pid < b->pid ? -1 : a->pid > b->pid;
}

static int cmp_start(const void *pa, const void *pb)
{
	const struct lttr_timing_inst *a = pa, *b = pb;

	if (a->start_ns != b->start_ns)
		return a->start_ns < b->start_ns ? -1 : 1;
	if (a->end_ns != b->end_ns)
		return a->end_ns < b->end_ns ? -1 : 1;
	if (a->cpu != b->cpu)
		return a->cpu < b->cpu ? -1 : 1;
	if (a->sub != b->sub)
		return a->sub < b->sub ? -1 : 1;
	return a->pid < b->pid ? -1 : a->pid > b->pid;
}

/* a group is kept when it has instances (timer: or sleeps that were not) */
static bool kept(const struct tgroup *g)
{
	return g->n || g->g.zero_left || g->g.early || g->g.unknown;
}

/* the result's groups: the leaves, then the derived ones */
static int finish(struct tctx *x)
{
	struct tgroup **lv[3] = { NULL, NULL, NULL };
	size_t nl[3] = { 0, 0, 0 }, i, k, total = 0;
	size_t max = x->q->nworst;
	unsigned int leaf, l;
	int ret = -1;

	/* drop the groups every instance of which was filtered out */
	for (i = k = 0; i < x->ngroups; i++) {
		if (kept(x->groups[i]))
			x->groups[k++] = x->groups[i];
		else
			group_free(x->groups[i]);
	}
	x->ngroups = k;
	leaf = per_task(x->q->kind) ? LTTR_TG_TASK : LTTR_TG_WHAT;
	lv[leaf] = x->groups;
	nl[leaf] = x->ngroups;
	x->groups = NULL;
	x->ngroups = 0;
	for (l = leaf; l < LTTR_TG_ALL; l++) {
		/* wakeup and timer instances have no number: no WHAT level */
		unsigned int up = l == LTTR_TG_TASK && x->q->kind != LTTR_TIMING_SYSCALL ?
			LTTR_TG_ALL : l + 1;

		lv[up] = derive(lv[l], nl[l], up, max, &nl[up]);
		if (!lv[up])
			goto out;
		for (i = 0; i < nl[l]; i++)
			distribute(lv[l][i]);
		l = up - 1;
	}
	for (i = 0; i < nl[LTTR_TG_ALL]; i++)
		distribute(lv[LTTR_TG_ALL][i]);
	for (l = 0; l < 3; l++) {
		if (nl[l])
			qsort(lv[l], nl[l], sizeof(*lv[l]), cmp_group);
		total += nl[l];
	}
	x->r->groups = calloc(total ? total : 1, sizeof(*x->r->groups));
	if (!x->r->groups)
		goto out;
	for (l = 0; l < 3; l++) {
		for (i = 0; i < nl[l]; i++) {
			struct lttr_timing_group *g = &x->r->groups[x->r->ngroups++];

			*g = lv[l][i]->g;
			g->nworst = lv[l][i]->nheap;
			g->worst = lv[l][i]->heap;
			lv[l][i]->heap = NULL;
		}
	}
	if (x->r->nover > 1)
		qsort(x->r->over, x->r->nover, sizeof(*x->r->over), cmp_start);
	if (x->r->ninst > 1)
		qsort(x->r->inst, x->r->ninst, sizeof(*x->r->inst), cmp_start);
	ret = 0;
out:
	for (l = 0; l < 3; l++) {
		for (i = 0; lv[l] && i < nl[l]; i++)
			group_free(lv[l][i]);
		free(lv[l]);
	}
	return ret;
}

/* ---- the pass ---- */

struct hctx {
	struct tctx *x;
	const struct timing_kind_ops *ops;
};

static int h_event(void *arg, const struct lttr_event *ev)
{
	struct hctx *h = arg;
	struct tctx *x = h->x;

	if (x->nomem)
		return -LTTR_E_NOMEM;
	if (x->q->progress && !(++x->events % PROGRESS_EVERY)) {
		uint64_t s = x->r->from_ns, done = ev->time_ns > s ? ev->time_ns - s : 0;

		if (done > x->span_ns)
			done = x->span_ns;
		if (lttr_progress_tell(x->q->progress, x->q->arg, x->events / PROGRESS_EVERY,
				       x->span_ns ? (unsigned int)(done * 1000 / x->span_ns) : 1000))
			return -LTTR_E_CANCELED;
	}
	return h->ops->event ? h->ops->event(x, ev) : 0;
}

static void h_segment(void *arg, const struct lttr_flow_seg *s)
{
	const struct hctx *h = arg;

	h->ops->segment(h->x, s);
}

static void h_transition(void *arg, const struct lttr_flow_tr *tr)
{
	const struct hctx *h = arg;

	h->ops->transition(h->x, tr);
}

static void h_task(void *arg, const struct lttr_acct_change *c)
{
	const struct hctx *h = arg;

	h->ops->task(h->x, c);
}

static void h_wait(void *arg, const struct lttr_acct_wait *w)
{
	const struct hctx *h = arg;

	h->ops->wait(h->x, w);
}

void lttr_timing_free(struct lttr_timing *r)
{
	size_t i;

	if (!r)
		return;
	for (i = 0; i < r->ngroups; i++)
		free(r->groups[i].worst);
	free(r->groups);
	free(r->over);
	free(r->inst);
	lttr_account_free(r->acct);
	free(r);
}

int lttr_timing_compute(struct lttr_trace *t, const struct lttr_timing_query *q,
			struct lttr_timing **out, struct lttr_error *err)
{
	static const struct timing_kind_ops *const kinds[LTTR_TIMING_KINDS] = {
		&timing_wakeup_ops, &timing_irq_ops, &timing_softirq_ops,
		&timing_syscall_ops, &timing_timer_ops,
	};
	struct lttr_account_hooks hooks = { h_event, NULL, NULL, NULL, NULL };
	struct tctx x;
	struct hctx h;
	size_t i;
	int r;

	*out = NULL;
	if (q->kind >= LTTR_TIMING_KINDS)
		return lttr_error_set(err, LTTR_E_INVAL, "no such kind of latency");
	memset(&x, 0, sizeof(x));
	x.t = t;
	x.q = q;
	x.r = calloc(1, sizeof(*x.r));
	if (!x.r)
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	x.r->kind = q->kind;
	x.r->from_ns = lttr_trace_window_start(t);
	x.end_ns = lttr_trace_end_ns(t);
	if (x.end_ns < x.r->from_ns)
		x.end_ns = x.r->from_ns;
	x.r->to_ns = x.end_ns;
	if (q->from_ns > x.r->from_ns)
		x.r->from_ns = q->from_ns < x.end_ns ? q->from_ns : x.end_ns;
	if (q->to_ns && q->to_ns < x.r->to_ns)
		x.r->to_ns = q->to_ns > x.r->from_ns ? q->to_ns : x.r->from_ns;
	x.span_ns = x.end_ns - lttr_trace_window_start(t);
	if (q->pids && per_task(q->kind)) {
		x.pids = lttr_pids_sorted(q->pids, q->npids);
		if (!x.pids) {
			free(x.r);
			return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
		}
	}
	h.x = &x;
	h.ops = kinds[q->kind];
	if (h.ops->segment)
		hooks.segment = h_segment;
	if (h.ops->transition)
		hooks.transition = h_transition;
	if (h.ops->task)
		hooks.task = h_task;
	if (h.ops->wait)
		hooks.wait = h_wait;
	r = h.ops->init ? h.ops->init(&x) : 0;
	if (r < 0) {
		lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	} else {
		r = lttr_account_compute_hooks(t, &hooks, &h, &x.r->acct, err);
		if (r >= 0 && h.ops->finish)
			h.ops->finish(&x);
		if (r >= 0 && (x.nomem || finish(&x)))
			r = lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	}
	if (h.ops->fini)
		h.ops->fini(&x);
	for (i = 0; i < x.ngroups; i++)
		group_free(x.groups[i]);
	free(x.groups);
	free(x.slots);
	free(x.pids);
	if (r < 0) {
		lttr_timing_free(x.r);
		return r;
	}
	*out = x.r;
	return 0;
}

const struct lttr_timing_group *lttr_timing_find(const struct lttr_timing *r,
						 unsigned int level, unsigned int sub,
						 uint32_t what, bool sysvec, uint32_t pid)
{
	size_t i;

	for (i = 0; i < r->ngroups; i++) {
		const struct lttr_timing_group *g = &r->groups[i];

		if (g->level == level && g->sub == sub &&
		    (level == LTTR_TG_ALL || (g->what == what && g->sysvec == sysvec)) &&
		    (level != LTTR_TG_TASK || g->pid == pid))
			return g;
	}
	return NULL;
}
