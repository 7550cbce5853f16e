// SPDX-License-Identifier: GPL-2.0
/*
 * ctf-comms.c - the task names of the CTF export's sched_switch and
 * sched_process_fork records (ctf-comms.h).
 *
 * The export writes one CPU's stream after the other, but a name is the
 * process table's state at the event's time, over every CPU: so a first
 * pass reads the trace in time order, applies the events that name tasks
 * exactly as dump does (the same table, the same events), and keeps each
 * switch's and fork's two names under the record's CPU and file offset.
 * Names are kept once (a trace has few) and referred to by number.
 */
#include <stdlib.h>
#include <string.h>
#include <lttr/lttr.h>
#include "ctf-comms.h"

struct comm_rec {
	uint64_t offset;
	uint32_t a, b;		/* names: prev/parent, next/child */
};

struct comm_cpu {
	struct comm_rec *v;
	size_t n, cap, cursor;
};

#define NAME_SLOTS_MIN	256

struct ctf_comms {
	struct comm_cpu cpu[LTT_MAX_CPUS];
	char (*names)[CTF_COMM_LEN];
	size_t nnames, namecap;
	uint32_t *slots;	/* open addressing: name index + 1, 0 free */
	size_t nslots;
};

static uint32_t hash_name(const char *s)
{
	uint32_t h = 2166136261U;
	size_t i;

	for (i = 0; i < CTF_COMM_LEN && s[i]; i++)
		h = (h ^ (uint8_t)s[i]) * 16777619U;
	return h;
}

static int grow_slots(struct ctf_comms *c)
{
	size_t n = c->nslots ? 2 * c->nslots : NAME_SLOTS_MIN, i, j;
	uint32_t *s = calloc(n, sizeof(*s));

	if (!s)
		return -1;
	for (i = 0; i < c->nnames; i++) {
		for (j = hash_name(c->names[i]) & (n - 1); s[j]; j = (j + 1) & (n - 1))
			;
		s[j] = (uint32_t)(i + 1);
	}
	free(c->slots);
	c->slots = s;
	c->nslots = n;
	return 0;
}

/* the number of name @s as the kernel keeps a comm (15 bytes and a NUL) */
static int intern(struct ctf_comms *c, const char *s, uint32_t *id)
{
	char key[CTF_COMM_LEN] = { 0 };
	size_t j;

	strncpy(key, s, CTF_COMM_LEN - 1);
	if (2 * (c->nnames + 1) > c->nslots && grow_slots(c) < 0)
		return -1;
	for (j = hash_name(key) & (c->nslots - 1); c->slots[j]; j = (j + 1) & (c->nslots - 1))
		if (!memcmp(c->names[c->slots[j] - 1], key, CTF_COMM_LEN)) {
			*id = c->slots[j] - 1;
			return 0;
		}
	if (c->nnames == c->namecap) {
		size_t cap = c->namecap ? 2 * c->namecap : 64;
		char (*v)[CTF_COMM_LEN] = realloc(c->names, cap * sizeof(*v));

		if (!v)
			return -1;
		c->names = v;
		c->namecap = cap;
	}
	memcpy(c->names[c->nnames], key, CTF_COMM_LEN);
	c->slots[j] = (uint32_t)(c->nnames + 1);
	*id = (uint32_t)c->nnames++;
	return 0;
}

/*
 * The name of @pid at @time_ns; pid 0 unnamed is "swapper", as the table
 * names it; a task the trace never names is "<...>", as dump shows it
 * (trace-cmd's mark): not empty, which babeltrace2 2.0.4 shows stale
 */
static const char *name_at(struct lttr_ptable *pt, uint32_t pid, uint64_t time_ns)
{
	const char *n = lttr_ptable_name_at(pt, pid, time_ns);

	return n && *n ? n : pid ? "<...>" : "swapper";
}

static int keep(struct ctf_comms *c, struct lttr_ptable *pt, const struct lttr_event *ev,
		uint32_t pa, uint32_t pb)
{
	struct comm_cpu *k;
	struct comm_rec r = { .offset = ev->offset };

	if (ev->cpu >= LTT_MAX_CPUS)
		return 0;
	k = &c->cpu[ev->cpu];
	if (intern(c, name_at(pt, pa, ev->time_ns), &r.a) < 0 ||
	    intern(c, name_at(pt, pb, ev->time_ns), &r.b) < 0)
		return -1;
	if (k->n == k->cap) {
		size_t cap = k->cap ? 2 * k->cap : 256;
		struct comm_rec *v = realloc(k->v, cap * sizeof(*v));

		if (!v)
			return -1;
		k->v = v;
		k->cap = cap;
	}
	k->v[k->n++] = r;
	return 0;
}

static int by_offset(const void *a, const void *b)
{
	const struct comm_rec *x = a, *y = b;

	return (x->offset > y->offset) - (x->offset < y->offset);
}

int ctf_comms_build(struct lttr_trace *t, struct ctf_comms **out,
		    struct lttr_error *err)
{
	struct ctf_comms *c = calloc(1, sizeof(*c));
	struct lttr_ptable *pt = lttr_ptable_new(lttr_trace_proc(t));
	struct lttr_iter *it = NULL;
	struct lttr_event ev;
	unsigned int cpu;
	int r = 0;

	*out = NULL;
	if (!c || !pt) {
		r = lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
		goto out;
	}
	r = lttr_iter_new(t, &it, err);
	if (r < 0)
		goto out;
	while ((r = lttr_iter_next(it, &ev)) > 0) {
		if (!ev.details)
			continue;
		/* the table first: a fork names its child from its time on */
		if (lttr_ptable_names(ev.id) && lttr_ptable_apply(pt, &ev) < 0)
			r = -1;
		else if (ev.id == LTT_EV_SCHEDCHANGE)
			r = keep(c, pt, &ev, ev.p.schedchange.prev_pid, ev.p.schedchange.next_pid);
		else if (ev.id == LTT_EV_PROCESS_FORK)
			r = keep(c, pt, &ev, ev.p.fork.parent_pid, ev.p.fork.child_pid);
		if (r < 0) {
			r = lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
			goto out;
		}
	}
	/*
	 * A record the iterator cannot read (a damaged trace) ends the pass:
	 * the export's later switches and forks have no names, and it says so
	 */
	/* the iterator gives a CPU's records in file order; made sure of */
	for (cpu = 0; cpu < LTT_MAX_CPUS; cpu++)
		if (c->cpu[cpu].n > 1)
			qsort(c->cpu[cpu].v, c->cpu[cpu].n, sizeof(*c->cpu[cpu].v), by_offset);
	*out = c;
	c = NULL;
	r = 0;
out:
	lttr_iter_free(it);
	lttr_ptable_free(pt);
	ctf_comms_free(c);
	return r;
}

bool ctf_comms_get(struct ctf_comms *c, unsigned int cpu, uint64_t offset,
		   const char **a, const char **b)
{
	static const char none[CTF_COMM_LEN];
	struct comm_cpu *k;

	*a = *b = none;
	if (cpu >= LTT_MAX_CPUS)
		return false;
	k = &c->cpu[cpu];
	while (k->cursor < k->n && k->v[k->cursor].offset < offset)
		k->cursor++;
	if (k->cursor >= k->n || k->v[k->cursor].offset != offset)
		return false;
	*a = c->names[k->v[k->cursor].a];
	*b = c->names[k->v[k->cursor].b];
	return true;
}

void ctf_comms_free(struct ctf_comms *c)
{
	unsigned int cpu;

	if (!c)
		return;
	for (cpu = 0; cpu < LTT_MAX_CPUS; cpu++)
		free(c->cpu[cpu].v);
	free(c->names);
	free(c->slots);
	free(c);
}
