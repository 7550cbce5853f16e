// SPDX-License-Identifier: GPL-2.0
/*
 * summary.c - the analysis pass: one merged read of the whole trace,
 * counting events per type, CPU, process and syscall, plus lost events.
 */
#include <stdlib.h>
#include <string.h>
#include "internal.h"

static int count_lost(const struct lttr_trace *t, struct lttr_summary *s)
{
	unsigned int cpu, i;

	for (cpu = 0; cpu < t->ncpus; cpu++) {
		const struct ltt_lost_info *li = lttr_trace_lost_info(t, cpu);

		s->cpu[cpu].lost = lttr_trace_lost_cpu(t, cpu);
		s->cpu[cpu].buffer_lost = lttr_trace_buffer_lost_cpu(t, cpu);
		s->cpu[cpu].buffers = lttr_trace_buffer_count(t, cpu);
		s->cpu[cpu].overwritten = lttr_trace_overwritten(t, cpu);
		s->lost_total += s->cpu[cpu].lost;
		if (!li)
			continue;
		for (i = 0; i < 64; i++)
			s->lost_by_id[i] += li->by_event[i];
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
};

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

	*mask = t->hdr.mask;
	for (i = 0; i < s->nmask_changes && s->mask_changes[i].time_ns <= time_ns; i++)
		*mask = s->mask_changes[i].mask;
}

static int count_event(void *arg, const struct lttr_event *ev)
{
	struct scanctx *x = arg;
	struct lttr_summary *s = x->s;
	struct lttr_summary_cpu *c = &s->cpu[ev->cpu];
	struct lttr_process *p = x->cur;

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
		uint32_t nr = ex ? ev->p.syscall_exit.nr : ev->p.syscall_entry.nr;

		if (nr < LTTR_SC_DIRECT && s->syscalls.direct && p->syscalls.direct) {
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

/* merged order: time, then CPU, then file order */
static int cmp_event(const void *a, const void *b)
{
	const struct lttr_event *x = a, *y = b;

	if (x->time_ns != y->time_ns)
		return x->time_ns < y->time_ns ? -1 : 1;
	if (x->cpu != y->cpu)
		return x->cpu < y->cpu ? -1 : 1;
	return x->offset < y->offset ? -1 : x->offset > y->offset;
}

int lttr_summary_compute(struct lttr_trace *t, struct lttr_summary **out,
			 struct lttr_error *err)
{
	struct scanctx x = { 0 };
	struct lttr_summary *s;
	unsigned int cpu;
	size_t i;
	int r;

	*out = NULL;
	s = calloc(1, sizeof(*s));
	if (!s)
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	s->ncpus = t->ncpus;
	s->procs = lttr_ptable_new(t->proc);
	if (!s->procs || count_lost(t, s) < 0)
		goto nomem;
	x.s = s;
	x.t = t;
	for (cpu = 0; cpu < t->ncpus; cpu++) {
		x.cur = NULL;
		r = lttr_scan_cpu(t, cpu, count_event, &x, err);
		if (r == -LTTR_E_NOMEM)
			goto nomem;
		if (r < 0)
			goto fail;
		s->total += s->cpu[cpu].events;
		if (s->cpu[cpu].events) {
			if (!s->first_ns || s->cpu[cpu].first_ns < s->first_ns)
				s->first_ns = s->cpu[cpu].first_ns;
			if (s->cpu[cpu].last_ns > s->last_ns)
				s->last_ns = s->cpu[cpu].last_ns;
		}
	}
	if (x.npev)
		qsort(x.pev, x.npev, sizeof(*x.pev), cmp_event);
	for (i = 0; i < x.npev; i++)
		if (lttr_ptable_apply(s->procs, &x.pev[i]) < 0)
			goto nomem;
	if (s->nmask_changes)
		qsort(s->mask_changes, s->nmask_changes, sizeof(*s->mask_changes),
		      cmp_mask);
	if (custom_by_name(&x) < 0)
		goto nomem;
	free(x.pev);
	free(x.cs);
	*out = s;
	return 0;
nomem:
	r = lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
fail:
	free(x.pev);
	free(x.cs);
	lttr_summary_free(s);
	return r;
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
