// SPDX-License-Identifier: GPL-2.0
/*
 * account-group.c - lookups in an accounting result, the sum of the
 * threads of each process, and the sums over the whole system (every
 * task, every CPU).
 */
#include <stdlib.h>
#include <string.h>
#include <lttr/analysis/account.h>

const struct lttr_acct_task *lttr_account_find(const struct lttr_account *a,
					       uint32_t pid)
{
	size_t lo = 0, hi = a->ntasks;
	const struct lttr_acct_task *found = NULL;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (a->tasks[mid].pid < pid)
			lo = mid + 1;
		else
			hi = mid;
	}
	/* the latest task of that pid (pids may be reused) */
	while (lo < a->ntasks && a->tasks[lo].pid == pid)
		found = &a->tasks[lo++];
	return found;
}

static int add_sc(struct lttr_acct_task *d, const struct lttr_acct_sc *s)
{
	size_t i;
	struct lttr_acct_sc *n;

	for (i = 0; i < d->nsc; i++)
		if (d->sc[i].nr == s->nr)
			break;
	if (i == d->nsc) {
		n = realloc(d->sc, (d->nsc + 1) * sizeof(*n));
		if (!n)
			return -1;
		d->sc = n;
		memset(&d->sc[i], 0, sizeof(d->sc[i]));
		d->sc[i].nr = s->nr;
		d->nsc++;
	}
	lttr_lat_merge(&d->sc[i].lat, &s->lat);
	d->sc[i].partial += s->partial;
	d->sc[i].no_return += s->no_return;
	d->sc[i].cpu_ns += s->cpu_ns;
	d->sc[i].blocked_ns += s->blocked_ns;
	d->sc[i].runnable_ns += s->runnable_ns;
	return 0;
}

static int add_task(struct lttr_acct_task *d, const struct lttr_acct_task *s)
{
	size_t i;
	unsigned int k;

	if (s->begin_ns < d->begin_ns)
		d->begin_ns = s->begin_ns;
	if (s->end_ns > d->end_ns)
		d->end_ns = s->end_ns;
	if (s->pid == s->tgid) {
		d->name = s->name;
		d->cmdline = s->cmdline;
		d->ppid = s->ppid;
		d->exited = s->exited;
		d->kthread = s->kthread;
	}
	d->threads++;
	d->thread_life_ns += s->thread_life_ns;
	d->running_ns += s->running_ns;
	d->user_ns += s->user_ns;
	d->syscall_ns += s->syscall_ns;
	d->trap_ns += s->trap_ns;
	d->kernel_ns += s->kernel_ns;
	d->irq_ns += s->irq_ns;
	d->softirq_ns += s->softirq_ns;
	d->runnable_ns += s->runnable_ns;
	d->unknown_ns += s->unknown_ns;
	d->sched_lat_unknown += s->sched_lat_unknown;
	for (k = 0; k < LTTR_BLOCK_COUNT; k++)
		d->blocked_ns[k] += s->blocked_ns[k];
	lttr_lat_merge(&d->sched_lat, &s->sched_lat);
	d->switches += s->switches;
	d->preemptions += s->preemptions;
	d->zombie_ns += s->zombie_ns;
	for (i = 0; i < s->nsc; i++)
		if (add_sc(d, &s->sc[i]))
			return -1;
	return 0;
}

static int cmp_nr(const void *pa, const void *pb)
{
	const struct lttr_acct_sc *a = pa, *b = pb;

	return a->nr < b->nr ? -1 : a->nr > b->nr;
}

static int cmp_tgid(const void *pa, const void *pb)
{
	const struct lttr_acct_task *a = pa, *b = pb;

	return a->pid < b->pid ? -1 : a->pid > b->pid;
}

void lttr_account_group_free(struct lttr_acct_task *v, size_t n)
{
	size_t i;

	for (i = 0; v && i < n; i++)
		free(v[i].sc);
	free(v);
}

struct lttr_acct_task *lttr_account_group(const struct lttr_account *a,
					  size_t *n)
{
	struct lttr_acct_task *v;
	size_t nv = 0, i, j;

	*n = 0;
	if (!a->ntasks)
		return NULL;
	v = calloc(a->ntasks, sizeof(*v));
	if (!v)
		return NULL;
	for (i = 0; i < a->ntasks; i++) {
		const struct lttr_acct_task *s = &a->tasks[i];

		for (j = 0; j < nv; j++)	/* linear: few processes */
			if (v[j].pid == s->tgid)
				break;
		if (j == nv) {
			v[j].pid = v[j].tgid = s->tgid;
			v[j].ppid = s->ppid;
			v[j].name = s->name;
			v[j].cmdline = s->cmdline;
			v[j].begin_ns = s->begin_ns;
			v[j].end_ns = s->end_ns;
			nv++;
		}
		if (add_task(&v[j], s)) {
			lttr_account_group_free(v, nv);
			return NULL;
		}
	}
	for (j = 0; j < nv; j++)
		if (v[j].nsc)
			qsort(v[j].sc, v[j].nsc, sizeof(*v[j].sc), cmp_nr);
	qsort(v, nv, sizeof(*v), cmp_tgid);
	*n = nv;
	return v;
}

struct lttr_acct_task *lttr_account_total(const struct lttr_account *a)
{
	struct lttr_acct_task *v;
	size_t i;

	if (!a->ntasks)
		return NULL;
	v = calloc(1, sizeof(*v));
	if (!v)
		return NULL;
	v->name = "all";
	v->begin_ns = a->tasks[0].begin_ns;
	v->end_ns = a->tasks[0].end_ns;
	for (i = 0; i < a->ntasks; i++) {
		if (add_task(v, &a->tasks[i])) {
			lttr_account_group_free(v, 1);
			return NULL;
		}
	}
	/* add_task() took these from the thread group leaders */
	v->pid = v->tgid = v->ppid = 0;
	v->name = "all";
	v->exited = false;
	v->kthread = false;
	if (v->nsc)
		qsort(v->sc, v->nsc, sizeof(*v->sc), cmp_nr);
	return v;
}

void lttr_account_cpu_total(const struct lttr_account *a, struct lttr_acct_cpu *out)
{
	unsigned int c;

	memset(out, 0, sizeof(*out));
	for (c = 0; c < a->ncpus && c < LTT_MAX_CPUS; c++) {
		const struct lttr_acct_cpu *p = &a->cpu[c];

		out->idle_ns += p->idle_ns;
		out->user_ns += p->user_ns;
		out->kernel_ns += p->kernel_ns;
		out->irq_ns += p->irq_ns;
		out->softirq_ns += p->softirq_ns;
		out->unknown_ns += p->unknown_ns;
		out->sched_ns += p->sched_ns;
		out->switches += p->switches;
	}
}
