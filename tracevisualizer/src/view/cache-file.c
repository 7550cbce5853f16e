// SPDX-License-Identifier: GPL-2.0
/*
 * cache-file.c - the format of the view model's cache file
 * (lttr/view/cache.h): a view as bytes, and bytes back into a view, checked
 * as any untrusted input.
 *
 * Layout (host byte order, which the byte-order mark checks):
 *   "LTTRVIEW"                 magic
 *   u32 format                 LTTR_VCACHE_FORMAT
 *   u32 0x01020304             byte-order mark
 *   char build[40]             the library's build id (lttr_build_id)
 *   u32 identlen, bytes        the trace's identity (lttr_vcache_identity())
 *   u64 payload length
 *   u64 checksum of the payload
 *   payload:
 *     view: start, end, ncpus, out_of_order
 *     dictionary: n, then per state its key, its display and flags
 *     per CPU: events read, search index (ids per buffer), event-time
 *       index (time, buffer, offset per mark)
 *     rows: n, then per row what it is (kind, sysvec, idle kernel thread,
 *       id), out-of-order entries, entries, local codes, sum columns,
 *       the entry stream; the checkpoints and their sums are not stored
 *       but recomputed from the stream (vrow_restore()), which checks it
 *     accounting: the struct lttr_account of the build, its tasks (their
 *       names are their process table entries', as the accounting sets
 *       them), syscalls, irqs, softirqs and the process table
 * The lost points and the rows' names come from the trace and the
 * accounting as the build makes them (vbuild_lost(), vrows_name()).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/analysis/account.h>
#include <lttr/model/flow.h>
#include <lttr/model/process.h>
#include <lttr/reader/trace.h>
#include <lttr/view/cache.h>
#include "view/view-internal.h"

#define MAGIC "LTTRVIEW"
#define BOM 0x01020304u
#define BUILD_LEN 40

extern const char lttr_build_id[];

/* ---- writing ---- */

struct wbuf {
	uint8_t *p;
	size_t len;
	size_t cap;
	bool nomem;
};

static void put(struct wbuf *w, const void *b, size_t n)
{
	if (w->nomem)
		return;
	if (w->len + n > w->cap) {
		size_t cap = w->cap ? w->cap : 4096;
		uint8_t *p;

		while (cap < w->len + n)
			cap *= 2;
		p = realloc(w->p, cap);
		if (!p) {
			w->nomem = true;
			return;
		}
		w->p = p;
		w->cap = cap;
	}
	memcpy(w->p + w->len, b, n);
	w->len += n;
}

static void put8(struct wbuf *w, uint8_t v)
{
	put(w, &v, 1);
}

static void put16(struct wbuf *w, uint16_t v)
{
	put(w, &v, 2);
}

static void put32(struct wbuf *w, uint32_t v)
{
	put(w, &v, 4);
}

static void put64(struct wbuf *w, uint64_t v)
{
	put(w, &v, 8);
}

static void put_str(struct wbuf *w, const char *s)
{
	size_t n = strlen(s);

	put32(w, (uint32_t)n);
	put(w, s, n);
}

static void put_state(struct wbuf *w, const struct lttr_vstate *s)
{
	put8(w, s->cat);
	put8(w, s->sysvec);
	put8(w, s->preempted);
	put8(w, s->mode);
	put16(w, s->cpu);
	put32(w, s->pid);
	put32(w, s->what);
}

static void put_lat(struct wbuf *w, const struct lttr_lat *l)
{
	unsigned int i;

	put64(w, l->count);
	put64(w, l->total);
	put64(w, l->min);
	put64(w, l->max);
	for (i = 0; i < LTTR_HIST_BUCKETS; i++)
		put64(w, l->hist[i]);
}

static void put_sc(struct wbuf *w, const struct lttr_acct_sc *s)
{
	put32(w, s->nr);
	put_lat(w, &s->lat);
	put64(w, s->partial);
	put64(w, s->no_return);
	put64(w, s->cpu_ns);
	put64(w, s->blocked_ns);
	put64(w, s->runnable_ns);
}

static void put_task(struct wbuf *w, const struct lttr_acct_task *tk)
{
	size_t i;

	put32(w, tk->pid);
	put32(w, tk->tgid);
	put32(w, tk->ppid);
	put32(w, tk->threads);
	put64(w, tk->begin_ns);
	put64(w, tk->end_ns);
	put64(w, tk->thread_life_ns);
	put64(w, tk->running_ns);
	put64(w, tk->user_ns);
	put64(w, tk->syscall_ns);
	put64(w, tk->trap_ns);
	put64(w, tk->kernel_ns);
	put64(w, tk->irq_ns);
	put64(w, tk->softirq_ns);
	put64(w, tk->runnable_ns);
	put64(w, tk->unknown_ns);
	for (i = 0; i < LTTR_BLOCK_COUNT; i++)
		put64(w, tk->blocked_ns[i]);
	put_lat(w, &tk->sched_lat);
	put64(w, tk->sched_lat_unknown);
	put64(w, tk->switches);
	put64(w, tk->preemptions);
	put64(w, tk->zombie_ns);
	put8(w, tk->exited);
	put8(w, tk->kthread);
	put64(w, tk->nsc);
	for (i = 0; i < tk->nsc; i++)
		put_sc(w, &tk->sc[i]);
}

static int put_procs(struct wbuf *w, struct lttr_ptable *pt, char *why, size_t whylen)
{
	size_t n, i, k;
	struct lttr_process **v = lttr_ptable_sorted(pt, &n);

	if (!v) {
		snprintf(why, whylen, "out of memory");
		return -1;
	}
	put64(w, n);
	for (i = 0; i < n; i++) {
		const struct lttr_process *p = v[i];

		if (p->syscalls.direct || p->syscalls.extra || p->syscalls.unknown.entries ||
		    p->syscalls.unknown.exits) {
			free(v);
			snprintf(why, whylen, "process %u has syscall counts", p->pid);
			return -1;
		}
		put32(w, p->pid);
		put32(w, p->tgid);
		put32(w, p->ppid);
		put8(w, (uint8_t)(p->in_snapshot | p->forked << 1 | p->exited << 2 |
				  (p->cmdline != NULL) << 3));
		put32(w, (uint32_t)p->exit_code);
		put64(w, p->fork_ns);
		put64(w, p->exit_ns);
		put64(w, p->execs);
		put64(w, p->events);
		put64(w, p->nnames);
		for (k = 0; k < p->nnames; k++) {
			put64(w, p->names[k].since_ns);
			put_str(w, p->names[k].name);
		}
		if (p->cmdline)
			put_str(w, p->cmdline);
	}
	free(v);
	return 0;
}

static int put_account(struct wbuf *w, const struct lttr_account *a, char *why, size_t whylen)
{
	size_t i;

	put64(w, a->start_ns);
	put64(w, a->end_ns);
	put32(w, a->ncpus);
	for (i = 0; i < a->ncpus; i++) {
		const struct lttr_acct_cpu *c = &a->cpu[i];

		put64(w, c->idle_ns);
		put64(w, c->user_ns);
		put64(w, c->kernel_ns);
		put64(w, c->irq_ns);
		put64(w, c->softirq_ns);
		put64(w, c->unknown_ns);
		put64(w, c->sched_ns);
		put64(w, c->switches);
		put64(w, c->cut_ns);
	}
	put64(w, a->ntasks);
	for (i = 0; i < a->ntasks; i++) {
		const struct lttr_acct_task *tk = &a->tasks[i];
		const struct lttr_process *p = lttr_ptable_get(a->procs, tk->pid, false);

		/* the names are the process table's, as the accounting sets them */
		if (p ? tk->name != p->name || tk->cmdline != p->cmdline :
		    strcmp(tk->name, "") || tk->cmdline) {
			snprintf(why, whylen, "task %u: its name is not its process's", tk->pid);
			return -1;
		}
		put_task(w, tk);
	}
	put64(w, a->nsc);
	for (i = 0; i < a->nsc; i++)
		put_sc(w, &a->sc[i]);
	put64(w, a->nirqs);
	for (i = 0; i < a->nirqs; i++) {
		put32(w, a->irqs[i].irq);
		put8(w, a->irqs[i].sysvec);
		put_lat(w, &a->irqs[i].lat);
	}
	put64(w, a->nsoftirqs);
	for (i = 0; i < a->nsoftirqs; i++) {
		put32(w, a->softirqs[i].vec);
		put_lat(w, &a->softirqs[i].lat);
	}
	put_lat(w, &a->sched_lat);
	put64(w, a->sched_lat_unknown);
	put64(w, a->unknown_ns);
	put64(w, a->anomalies);
	put64(w, a->lost_gaps);
	put64(w, a->damaged_gaps);
	put8(w, a->windowed);
	put64(w, a->trace_start_ns);
	return put_procs(w, a->procs, why, whylen);
}

/* FNV-style over 64-bit words, mixed: a file damaged anywhere differs */
static uint64_t checksum(const uint8_t *p, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ULL ^ n, x;
	size_t i;

	for (i = 0; i + 8 <= n; i += 8) {
		memcpy(&x, p + i, 8);
		h = (h ^ x) * 0x100000001b3ULL;
		h ^= h >> 29;
	}
	for (; i < n; i++) {
		h = (h ^ p[i]) * 0x100000001b3ULL;
		h ^= h >> 29;
	}
	return h;
}

int lttr_vcache_encode(const struct lttr_view *v, const void *ident, size_t identlen,
		       uint8_t **out, size_t *len, char *why, size_t whylen)
{
	struct wbuf w = { 0 };
	char build[BUILD_LEN] = { 0 };
	size_t i, k, hdr;
	unsigned int c;

	*out = NULL;
	*len = 0;
	put(&w, MAGIC, 8);
	put32(&w, LTTR_VCACHE_FORMAT);
	put32(&w, BOM);
	snprintf(build, sizeof(build), "%s", lttr_build_id);
	put(&w, build, sizeof(build));
	put32(&w, (uint32_t)identlen);
	put(&w, ident, identlen);
	put64(&w, 0);		/* payload length */
	put64(&w, 0);		/* checksum */
	hdr = w.len;

	put64(&w, v->start);
	put64(&w, v->end);
	put32(&w, v->ncpus);
	put64(&w, v->out_of_order);
	put32(&w, v->dict.n);
	for (i = 0; i < v->dict.n; i++) {
		put_state(&w, &v->dict.v[i].key);
		put_state(&w, &v->dict.v[i].disp);
		put8(&w, (uint8_t)(v->dict.v[i].placeholder | v->dict.v[i].retired << 1));
	}
	for (c = 0; c < v->ncpus; c++) {
		put64(&w, v->nevents[c]);
		put64(&w, v->nbufids[c]);
		for (k = 0; k < v->nbufids[c]; k++)
			put64(&w, v->bufids[c][k]);
		put64(&w, v->nevmarks[c]);
		for (k = 0; k < v->nevmarks[c]; k++) {
			put64(&w, v->evmarks[c][k].t);
			put32(&w, v->evmarks[c][k].bi);
			put32(&w, v->evmarks[c][k].off);
		}
	}
	put64(&w, v->nrows);
	for (i = 0; i < v->nrows; i++) {
		const struct vrow *r = &v->rows[i];

		put8(&w, r->info.kind);
		put8(&w, r->info.sysvec);
		put8(&w, r->info.idle_kthread);
		put32(&w, r->info.id);
		put32(&w, r->ooo);
		put64(&w, r->n);
		put64(&w, r->nlocal);
		put(&w, r->local, r->nlocal * sizeof(*r->local));
		put8(&w, r->ncol);
		put(&w, r->cats, r->ncol);
		put64(&w, r->len);
		put(&w, r->buf, r->len);
	}
	if (put_account(&w, v->acct, why, whylen)) {
		free(w.p);
		return -1;
	}
	if (w.nomem) {
		free(w.p);
		snprintf(why, whylen, "out of memory");
		return -1;
	}
	{
		uint64_t plen = w.len - hdr, sum = checksum(w.p + hdr, plen);

		memcpy(w.p + hdr - 16, &plen, 8);
		memcpy(w.p + hdr - 8, &sum, 8);
	}
	*out = w.p;
	*len = w.len;
	return 0;
}

int lttr_vcache_reseal(uint8_t *buf, size_t len)
{
	uint32_t ilen;
	uint64_t plen, sum;
	size_t hdr = 8 + 4 + 4 + BUILD_LEN;

	if (len < hdr + 4)
		return -1;
	memcpy(&ilen, buf + hdr, 4);
	if (ilen > len - hdr - 4 || len - hdr - 4 - ilen < 16)
		return -1;
	hdr += 4 + (size_t)ilen + 16;
	plen = len - hdr;
	sum = checksum(buf + hdr, plen);
	memcpy(buf + hdr - 16, &plen, 8);
	memcpy(buf + hdr - 8, &sum, 8);
	return 0;
}

/* ---- reading ---- */

struct rbuf {
	const uint8_t *p;
	size_t len;
	size_t off;
	const char *bad;	/* the first thing found wrong */
};

static bool fail(struct rbuf *r, const char *what)
{
	if (!r->bad)
		r->bad = what;
	return false;
}

static bool get(struct rbuf *r, void *b, size_t n)
{
	if (r->bad)
		return false;
	if (n > r->len - r->off) {
		memset(b, 0, n);
		return fail(r, "cut short");
	}
	memcpy(b, r->p + r->off, n);
	r->off += n;
	return true;
}

static uint8_t get8(struct rbuf *r)
{
	uint8_t v = 0;

	get(r, &v, 1);
	return v;
}

static bool get_bool(struct rbuf *r)
{
	uint8_t v = get8(r);

	if (v > 1)
		fail(r, "a flag not 0 or 1");
	return v == 1;
}

static uint16_t get16(struct rbuf *r)
{
	uint16_t v = 0;

	get(r, &v, 2);
	return v;
}

static uint32_t get32(struct rbuf *r)
{
	uint32_t v = 0;

	get(r, &v, 4);
	return v;
}

static uint64_t get64(struct rbuf *r)
{
	uint64_t v = 0;

	get(r, &v, 8);
	return v;
}

/* a count of items of at least @size bytes each that the rest can hold */
static size_t get_count(struct rbuf *r, size_t size)
{
	uint64_t n = get64(r);

	if (r->bad)
		return 0;
	if (n > (r->len - r->off) / size) {
		fail(r, "a count larger than the file");
		return 0;
	}
	return (size_t)n;
}

/* a string (no NUL inside), malloc()ed */
static char *get_str(struct rbuf *r)
{
	uint32_t n = get32(r);
	char *s;

	if (r->bad)
		return NULL;
	if (n > r->len - r->off) {
		fail(r, "cut short");
		return NULL;
	}
	if (memchr(r->p + r->off, 0, n)) {
		fail(r, "a name with a NUL byte");
		return NULL;
	}
	s = malloc((size_t)n + 1);
	if (!s) {
		fail(r, "out of memory");
		return NULL;
	}
	memcpy(s, r->p + r->off, n);
	s[n] = '\0';
	r->off += n;
	return s;
}

static void get_state(struct rbuf *r, struct lttr_vstate *s, unsigned int ncpus)
{
	s->cat = get8(r);
	s->sysvec = get_bool(r);
	s->preempted = get_bool(r);
	s->mode = get8(r);
	s->cpu = get16(r);
	s->pid = get32(r);
	s->what = get32(r);
	if (s->cat >= LTTR_VCAT_COUNT || s->mode >= LTTR_MODE_COUNT ||
	    (s->cpu && s->cpu >= ncpus))
		fail(r, "a state out of range");
}

static void get_lat(struct rbuf *r, struct lttr_lat *l)
{
	unsigned int i;

	l->count = get64(r);
	l->total = get64(r);
	l->min = get64(r);
	l->max = get64(r);
	for (i = 0; i < LTTR_HIST_BUCKETS; i++)
		l->hist[i] = get64(r);
}

static void get_sc(struct rbuf *r, struct lttr_acct_sc *s)
{
	s->nr = get32(r);
	get_lat(r, &s->lat);
	s->partial = get64(r);
	s->no_return = get64(r);
	s->cpu_ns = get64(r);
	s->blocked_ns = get64(r);
	s->runnable_ns = get64(r);
}

/* bytes of a stored struct lttr_acct_sc: the least a count of them needs */
#define SC_BYTES (4 + 8 * (4 + LTTR_HIST_BUCKETS) + 5 * 8)

static void get_task(struct rbuf *r, struct lttr_acct_task *tk)
{
	size_t i;

	tk->pid = get32(r);
	tk->tgid = get32(r);
	tk->ppid = get32(r);
	tk->threads = get32(r);
	tk->begin_ns = get64(r);
	tk->end_ns = get64(r);
	tk->thread_life_ns = get64(r);
	tk->running_ns = get64(r);
	tk->user_ns = get64(r);
	tk->syscall_ns = get64(r);
	tk->trap_ns = get64(r);
	tk->kernel_ns = get64(r);
	tk->irq_ns = get64(r);
	tk->softirq_ns = get64(r);
	tk->runnable_ns = get64(r);
	tk->unknown_ns = get64(r);
	for (i = 0; i < LTTR_BLOCK_COUNT; i++)
		tk->blocked_ns[i] = get64(r);
	get_lat(r, &tk->sched_lat);
	tk->sched_lat_unknown = get64(r);
	tk->switches = get64(r);
	tk->preemptions = get64(r);
	tk->zombie_ns = get64(r);
	tk->exited = get_bool(r);
	tk->kthread = get_bool(r);
	tk->nsc = get_count(r, SC_BYTES);
	if (!tk->nsc)
		return;
	tk->sc = calloc(tk->nsc, sizeof(*tk->sc));
	if (!tk->sc) {
		tk->nsc = 0;
		fail(r, "out of memory");
		return;
	}
	for (i = 0; i < tk->nsc; i++)
		get_sc(r, &tk->sc[i]);
}

static bool get_procs(struct rbuf *r, struct lttr_ptable *pt)
{
	size_t n = get_count(r, 4 * 3 + 1 + 4 + 8 * 5), i, k;

	for (i = 0; i < n && !r->bad; i++) {
		uint32_t pid = get32(r);
		struct lttr_process *p;
		struct lttr_name *names;
		char *cmdline = NULL;
		uint8_t fl;
		size_t nn;

		if (r->bad)
			break;
		if (lttr_ptable_get(pt, pid, false))
			return fail(r, "a process twice");
		p = lttr_ptable_get(pt, pid, true);
		if (!p)
			return fail(r, "out of memory");
		p->tgid = get32(r);
		p->ppid = get32(r);
		fl = get8(r);
		if (fl > 15)
			return fail(r, "a flag not 0 or 1");
		p->in_snapshot = fl & 1;
		p->forked = fl & 2;
		p->exited = fl & 4;
		p->exit_code = (int32_t)get32(r);
		p->fork_ns = get64(r);
		p->exit_ns = get64(r);
		p->execs = get64(r);
		p->events = get64(r);
		nn = get_count(r, 8 + 4);
		if (!nn)
			return fail(r, "a process without a name");
		names = calloc(nn, sizeof(*names));
		if (!names)
			return fail(r, "out of memory");
		for (k = 0; k < nn && !r->bad; k++) {
			names[k].since_ns = get64(r);
			names[k].name = get_str(r);
		}
		if (fl & 8)
			cmdline = get_str(r);
		if (!r->bad && lttr_process_restore(p, names, nn, cmdline))
			fail(r, "out of memory");
		for (k = 0; k < nn; k++)
			free(names[k].name);
		free(names);
		free(cmdline);
	}
	return !r->bad;
}

static struct lttr_account *get_account(struct rbuf *r, const struct lttr_view *v)
{
	struct lttr_account *a = calloc(1, sizeof(*a));
	size_t i;

	if (!a) {
		fail(r, "out of memory");
		return NULL;
	}
	a->start_ns = get64(r);
	a->end_ns = get64(r);
	a->ncpus = get32(r);
	if (a->ncpus != v->ncpus)
		fail(r, "the accounting's CPUs are not the view's");
	for (i = 0; i < a->ncpus && !r->bad; i++) {
		struct lttr_acct_cpu *c = &a->cpu[i];

		c->idle_ns = get64(r);
		c->user_ns = get64(r);
		c->kernel_ns = get64(r);
		c->irq_ns = get64(r);
		c->softirq_ns = get64(r);
		c->unknown_ns = get64(r);
		c->sched_ns = get64(r);
		c->switches = get64(r);
		c->cut_ns = get64(r);
	}
	a->ntasks = get_count(r, 4 * 4 + 8 * 12);
	if (a->ntasks) {
		a->tasks = calloc(a->ntasks, sizeof(*a->tasks));
		if (!a->tasks) {
			a->ntasks = 0;
			fail(r, "out of memory");
		}
	}
	for (i = 0; i < a->ntasks && !r->bad; i++) {
		get_task(r, &a->tasks[i]);
		if (i && a->tasks[i].pid < a->tasks[i - 1].pid)
			fail(r, "tasks not sorted by pid");
	}
	a->nsc = get_count(r, SC_BYTES);
	if (a->nsc) {
		a->sc = calloc(a->nsc, sizeof(*a->sc));
		if (!a->sc) {
			a->nsc = 0;
			fail(r, "out of memory");
		}
	}
	for (i = 0; i < a->nsc && !r->bad; i++)
		get_sc(r, &a->sc[i]);
	a->nirqs = get_count(r, 5 + 8 * 4);
	if (a->nirqs) {
		a->irqs = calloc(a->nirqs, sizeof(*a->irqs));
		if (!a->irqs) {
			a->nirqs = 0;
			fail(r, "out of memory");
		}
	}
	for (i = 0; i < a->nirqs && !r->bad; i++) {
		a->irqs[i].irq = get32(r);
		a->irqs[i].sysvec = get_bool(r);
		get_lat(r, &a->irqs[i].lat);
	}
	a->nsoftirqs = get_count(r, 4 + 8 * 4);
	if (a->nsoftirqs) {
		a->softirqs = calloc(a->nsoftirqs, sizeof(*a->softirqs));
		if (!a->softirqs) {
			a->nsoftirqs = 0;
			fail(r, "out of memory");
		}
	}
	for (i = 0; i < a->nsoftirqs && !r->bad; i++) {
		a->softirqs[i].vec = get32(r);
		get_lat(r, &a->softirqs[i].lat);
	}
	get_lat(r, &a->sched_lat);
	a->sched_lat_unknown = get64(r);
	a->unknown_ns = get64(r);
	a->anomalies = get64(r);
	a->lost_gaps = get64(r);
	a->damaged_gaps = get64(r);
	a->windowed = get_bool(r);
	a->trace_start_ns = get64(r);
	a->procs = lttr_ptable_new(NULL);
	if (!a->procs)
		fail(r, "out of memory");
	else
		get_procs(r, a->procs);
	/* the tasks' names: their process's, as the accounting sets them */
	for (i = 0; i < a->ntasks && a->procs; i++) {
		struct lttr_acct_task *tk = &a->tasks[i];
		const struct lttr_process *p = lttr_ptable_get(a->procs, tk->pid, false);

		tk->name = p ? p->name : "";
		tk->cmdline = p ? p->cmdline : NULL;
	}
	return a;
}

/* rows CPUs first, then by kind, system vectors after irq lines, id: the build's order */
static bool row_after(const struct lttr_vrow_info *a, const struct lttr_vrow_info *b)
{
	if (a->kind != b->kind)
		return a->kind > b->kind;
	if (a->sysvec != b->sysvec)
		return a->sysvec;
	return a->id > b->id;
}

static bool get_rows(struct rbuf *r, struct lttr_view *v)
{
	size_t n = get_count(r, 3 + 4 + 4 + 8 + 8 + 1 + 8), i;

	if (n < v->ncpus)
		return fail(r, "fewer rows than CPUs");
	v->rows = calloc(n ? n : 1, sizeof(*v->rows));
	if (!v->rows)
		return fail(r, "out of memory");
	v->caprows = n;
	for (i = 0; i < n && !r->bad; i++) {
		struct vrow *row = &v->rows[i];
		struct lttr_vrow_info *in = &row->info;
		size_t k;

		v->nrows = i + 1;
		in->kind = get8(r);
		in->sysvec = get_bool(r);
		in->idle_kthread = get_bool(r);
		in->id = get32(r);
		row->ooo = get32(r);
		row->n = get64(r);
		k = get_count(r, 4);
		if (r->bad)
			break;
		if (k > UINT32_MAX)
			return fail(r, "too many local codes");
		row->nlocal = (uint32_t)k;
		if (in->kind > LTTR_VROW_GROUP ||
		    (i < v->ncpus) != (in->kind == LTTR_VROW_CPU) ||
		    (i < v->ncpus && in->id != i) ||
		    (in->sysvec && in->kind != LTTR_VROW_IRQ) ||
		    (in->idle_kthread && in->kind != LTTR_VROW_TASK) ||
		    (in->kind == LTTR_VROW_GROUP && i + 1 != n) ||
		    (i > v->ncpus && !row_after(in, &v->rows[i - 1].info)))
			return fail(r, "rows out of order");
		row->local = malloc(row->nlocal ? row->nlocal * sizeof(*row->local) : 1);
		if (!row->local)
			return fail(r, "out of memory");
		get(r, row->local, row->nlocal * sizeof(*row->local));
		row->ncol = get8(r);
		if (row->ncol > LTTR_VCAT_COUNT)
			return fail(r, "too many sum columns");
		get(r, row->cats, row->ncol);
		row->len = get_count(r, 1);
		if (r->bad)
			break;
		row->buf = malloc(row->len ? row->len : 1);
		if (!row->buf)
			return fail(r, "out of memory");
		get(r, row->buf, row->len);
		if (!r->bad && vrow_restore(v, row))
			return fail(r, "a row the build cannot make");
		in->entries = row->n;
	}
	return !r->bad;
}

static bool get_cpus(struct rbuf *r, struct lttr_view *v)
{
	unsigned int c;
	size_t k;

	for (c = 0; c < v->ncpus && !r->bad; c++) {
		size_t nb = lttr_trace_buffer_count(v->t, c);

		v->nevents[c] = get64(r);
		v->nbufids[c] = get_count(r, 8);
		if (r->bad)
			break;
		if (v->nbufids[c] != nb)
			return fail(r, "a search index of other buffers");
		v->bufids[c] = calloc(nb ? nb : 1, sizeof(*v->bufids[c]));
		if (!v->bufids[c])
			return fail(r, "out of memory");
		for (k = 0; k < nb; k++)
			v->bufids[c][k] = get64(r);
		v->nevmarks[c] = get_count(r, 16);
		if (r->bad)
			break;
		if (v->nevmarks[c] != (v->nevents[c] + LTTR_VIEW_EVSTEP - 1) / LTTR_VIEW_EVSTEP)
			return fail(r, "an event-time index of other events");
		v->capevmarks[c] = v->nevmarks[c];
		v->evmarks[c] = malloc(v->nevmarks[c] ? v->nevmarks[c] * sizeof(*v->evmarks[c]) : 1);
		if (!v->evmarks[c])
			return fail(r, "out of memory");
		for (k = 0; k < v->nevmarks[c] && !r->bad; k++) {
			struct vevmark *m = &v->evmarks[c][k];

			m->t = get64(r);
			m->bi = get32(r);
			m->off = get32(r);
			if (m->bi >= nb)
				return fail(r, "an event-time index of other buffers");
		}
		if (vbuild_lost(v, c))
			return fail(r, "out of memory");
	}
	return !r->bad;
}

static int why_set(char *why, size_t whylen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int why_set(char *why, size_t whylen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, whylen, fmt, ap);
	va_end(ap);
	return -1;
}

int lttr_vcache_decode(struct lttr_trace *t, const void *ident, size_t identlen,
		       const uint8_t *buf, size_t len, struct lttr_view **out,
		       char *why, size_t whylen)
{
	struct rbuf r = { .p = buf, .len = len };
	char magic[8], build[BUILD_LEN], want[BUILD_LEN] = { 0 };
	uint64_t plen, sum;
	struct lttr_view *v;
	uint32_t n, ilen;
	size_t i;

	*out = NULL;
	get(&r, magic, 8);
	if (r.bad || memcmp(magic, MAGIC, 8))
		return why_set(why, whylen, "corrupt: not a view cache file");
	if (get32(&r) != LTTR_VCACHE_FORMAT || get32(&r) != BOM)
		return why_set(why, whylen, "stale: another format version or byte order");
	get(&r, build, sizeof(build));
	snprintf(want, sizeof(want), "%s", lttr_build_id);
	if (r.bad || memcmp(build, want, sizeof(build)))
		return why_set(why, whylen, "stale: written by another build of the library");
	ilen = get32(&r);
	if (r.bad || ilen != identlen || ilen > len - r.off ||
	    memcmp(buf + r.off, ident, identlen))
		return why_set(why, whylen, "stale: the trace's files changed since it was written");
	r.off += ilen;
	plen = get64(&r);
	sum = get64(&r);
	if (r.bad || plen != len - r.off)
		return why_set(why, whylen, "truncated: %zu bytes where the header says %llu",
			       len - (r.bad ? 0 : r.off), (unsigned long long)plen);
	if (checksum(buf + r.off, plen) != sum)
		return why_set(why, whylen, "corrupt: its checksum does not match its contents");

	v = calloc(1, sizeof(*v));
	if (!v)
		return why_set(why, whylen, "out of memory");
	v->t = t;
	v->start = get64(&r);
	v->end = get64(&r);
	v->ncpus = get32(&r);
	v->out_of_order = get64(&r);
	if (!r.bad && (v->ncpus != lttr_trace_ncpus(t) ||
		       v->start != lttr_trace_window_start(t) || v->end < v->start))
		fail(&r, "a view of another trace");
	n = get32(&r);
	if (!r.bad && (n > (len - r.off) / 29 || !n))
		fail(&r, "a dictionary larger than the file");
	if (!r.bad) {
		v->dict.v = calloc(n, sizeof(*v->dict.v));
		if (!v->dict.v)
			fail(&r, "out of memory");
		else
			v->dict.n = v->dict.cap = n;
	}
	for (i = 0; i < v->dict.n && !r.bad; i++) {
		uint8_t fl;

		get_state(&r, &v->dict.v[i].key, v->ncpus);
		get_state(&r, &v->dict.v[i].disp, v->ncpus);
		fl = get8(&r);
		if (fl > 3)
			fail(&r, "a flag not 0 or 1");
		v->dict.v[i].placeholder = fl & 1;
		v->dict.v[i].retired = fl & 2;
	}
	if (!r.bad)
		get_cpus(&r, v);
	if (!r.bad)
		get_rows(&r, v);
	if (!r.bad) {
		v->acct = get_account(&r, v);
		if (!r.bad && r.off != len)
			fail(&r, "bytes after the model");
		if (!r.bad && vrows_name(v))
			fail(&r, "out of memory");
		if (!r.bad && v->nrows && v->rows[v->nrows - 1].info.kind == LTTR_VROW_GROUP)
			vrow_name_group(v, &v->rows[v->nrows - 1]);
	}
	if (r.bad) {
		why_set(why, whylen, "%s: %s at byte %zu",
			!strcmp(r.bad, "out of memory") ? "not read" : "corrupt", r.bad, r.off);
		lttr_view_free(v);
		return -1;
	}
	*out = v;
	return 0;
}
