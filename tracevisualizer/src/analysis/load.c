// SPDX-License-Identifier: GPL-2.0
/*
 * load.c - the CPU load over time (lttr/analysis/load.h): each segment of
 * the control flow charged to the bins it overlaps, to its CPU (unless it
 * is the idle task's) and to its task (its own code).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/analysis/account.h>
#include <lttr/analysis/load.h>
#include <lttr/model/flow.h>
#include <lttr/reader/trace.h>
#include "model/pidtab.h"

struct pass {
	struct lttr_load *l;
	struct lttr_pidtab tasks;	/* struct lttr_load_task per pid */
	int nomem;
};

/* the start of bin @i (@i = nbins: the end) */
static uint64_t bin_start(const struct lttr_load *l, unsigned int i)
{
	uint64_t span = l->end_ns - l->start_ns;

	/* span * i / nbins, without overflow */
	return l->start_ns + span / l->nbins * i + span % l->nbins * i / l->nbins;
}

/* the bin of @t (in the window) */
static unsigned int bin_of(const struct lttr_load *l, uint64_t t)
{
	uint64_t span = l->end_ns - l->start_ns;
	unsigned int i;

	if (!span)
		return 0;
	i = (unsigned int)((double)(t - l->start_ns) * l->nbins / (double)span);	/* then exact */
	if (i >= l->nbins)
		i = l->nbins - 1;
	while (i && bin_start(l, i) > t)	/* rounding */
		i--;
	while (i + 1 < l->nbins && bin_start(l, i + 1) <= t)
		i++;
	return i;
}

static void on_segment(void *arg, const struct lttr_flow_seg *s)
{
	struct pass *p = arg;
	struct lttr_load *l = p->l;
	struct lttr_load_task *tk = NULL;
	bool idle = s->mode == LTTR_MODE_IDLE;
	bool unknown = s->mode == LTTR_MODE_UNKNOWN && !s->pid;
	bool own = s->pid && s->mode != LTTR_MODE_IRQ && s->mode != LTTR_MODE_SOFTIRQ &&
		   !idle;
	uint64_t a = s->start_ns < l->start_ns ? l->start_ns : s->start_ns;
	uint64_t b = s->end_ns > l->end_ns ? l->end_ns : s->end_ns;
	unsigned int i;

	if (s->cpu >= l->ncpus || b <= a || idle)
		return;
	if (own) {
		bool created;

		tk = lttr_pidtab_get(&p->tasks, s->pid, true, &created);
		if (!tk) {
			p->nomem = 1;
			return;
		}
		if (created) {
			tk->pid = s->pid;
			tk->ns = calloc(l->nbins, sizeof(*tk->ns));
			if (!tk->ns) {
				p->nomem = 1;
				return;
			}
		}
		if (!tk->ns)
			return;
		tk->total_ns += b - a;
	}
	for (i = bin_of(l, a); i < l->nbins && a < b; i++) {
		uint64_t e = bin_start(l, i + 1) < b ? bin_start(l, i + 1) : b;

		l->busy_ns[s->cpu * l->nbins + i] += e - a;
		if (unknown)
			l->unknown_ns[s->cpu * l->nbins + i] += e - a;
		if (tk)
			tk->ns[i] += e - a;
		a = e;
	}
}

static int on_event(void *arg, const struct lttr_event *ev)
{
	(void)ev;
	return ((struct pass *)arg)->nomem ? -LTTR_E_NOMEM : 0;
}

static int cmp_task(const void *pa, const void *pb)
{
	const struct lttr_load_task *a = pa, *b = pb;

	if (a->total_ns != b->total_ns)
		return a->total_ns > b->total_ns ? -1 : 1;
	return a->pid < b->pid ? -1 : a->pid > b->pid;
}

int lttr_load_compute(struct lttr_trace *t, unsigned int nbins, struct lttr_load **out,
		      struct lttr_error *err)
{
	return lttr_load_compute_range(t, 0, UINT64_MAX, nbins, out, err);
}

const char *lttr_load_title(const struct lttr_load *l, char *buf, size_t size)
{
	uint64_t t0 = l->acct ? l->acct->trace_start_ns : l->start_ns;

	if (l->whole)
		snprintf(buf, size, "the whole trace");
	else
		snprintf(buf, size, "the window %llu.%09llu s to %llu.%09llu s",
			 (unsigned long long)((l->start_ns - t0) / 1000000000),
			 (unsigned long long)((l->start_ns - t0) % 1000000000),
			 (unsigned long long)((l->end_ns - t0) / 1000000000),
			 (unsigned long long)((l->end_ns - t0) % 1000000000));
	return buf;
}

int lttr_load_compute_range(struct lttr_trace *t, uint64_t from_ns, uint64_t to_ns,
			    unsigned int nbins, struct lttr_load **out, struct lttr_error *err)
{
	uint64_t first, last;
	struct lttr_account_hooks hooks = { .event = on_event, .segment = on_segment };
	struct pass p = { 0 };
	struct lttr_load *l;
	unsigned int i;
	size_t k;
	int r;

	*out = NULL;
	if (!nbins || nbins > 10000)
		return lttr_error_set(err, LTTR_E_INVAL, "%u bins: 1 to 10000", nbins);
	first = lttr_trace_window_start(t);
	last = lttr_trace_end_ns(t);
	if (last < first)
		last = first;
	if (from_ns < first)
		from_ns = first;
	if (to_ns > last)
		to_ns = last;
	if (to_ns <= from_ns && !(from_ns == first && to_ns == last))
		return lttr_error_set(err, LTTR_E_INVAL, "an empty part of the trace for the load");
	l = calloc(1, sizeof(*l));
	if (!l)
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	p.l = l;
	l->nbins = nbins;
	l->ncpus = lttr_trace_ncpus(t);
	l->start_ns = from_ns;
	l->end_ns = to_ns;
	l->whole = from_ns == first && to_ns == last;
	l->bin_ns = calloc(nbins, sizeof(*l->bin_ns));
	l->busy_ns = calloc((size_t)nbins * (l->ncpus ? l->ncpus : 1), sizeof(*l->busy_ns));
	l->unknown_ns = calloc((size_t)nbins * (l->ncpus ? l->ncpus : 1), sizeof(*l->unknown_ns));
	if (!l->bin_ns || !l->busy_ns || !l->unknown_ns) {
		lttr_load_free(l);
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	}
	for (i = 0; i < nbins; i++)
		l->bin_ns[i] = bin_start(l, i + 1) - bin_start(l, i);
	lttr_pidtab_init(&p.tasks, sizeof(struct lttr_load_task));
	r = lttr_account_compute_hooks(t, &hooks, &p, &l->acct, err);
	if (r >= 0 && p.nomem)
		r = lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	if (r >= 0) {
		l->tasks = calloc(p.tasks.n ? p.tasks.n : 1, sizeof(*l->tasks));
		if (!l->tasks)
			r = lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	}
	for (k = 0; k < p.tasks.n; k++) {
		struct lttr_load_task *tk = lttr_pidtab_at(&p.tasks, k);

		if (r >= 0 && tk->ns)
			l->tasks[l->ntasks++] = *tk;
		else
			free(tk->ns);
	}
	lttr_pidtab_free(&p.tasks);
	if (r < 0) {
		lttr_load_free(l);
		return r;
	}
	if (l->ntasks > 1)
		qsort(l->tasks, l->ntasks, sizeof(*l->tasks), cmp_task);
	*out = l;
	return 0;
}

void lttr_load_free(struct lttr_load *l)
{
	size_t k;

	if (!l)
		return;
	for (k = 0; k < l->ntasks; k++)
		free(l->tasks[k].ns);
	free(l->tasks);
	free(l->bin_ns);
	free(l->busy_ns);
	free(l->unknown_ns);
	lttr_account_free(l->acct);
	free(l);
}
