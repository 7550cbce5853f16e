// SPDX-License-Identifier: GPL-2.0
/*
 * jobs.c - the jobs of the application markers (lttr/analysis/jobs.h):
 * a first pass pairs the begin and end markers of each name in each task
 * (and finds the bad ones), a second (tl_collect(), the accounting's
 * states and segments over the jobs, as lttr_explain() reads them) splits
 * each job's response time into its parts, which tile it exactly.
 * With the query's periodic, between them, the timer latency analysis'
 * activations (lttr_timing_compute(), LTTR_TIMING_TIMER) of the tasks
 * without markers are jobs: released at the expiry, started at the first
 * run; the second pass's task states tell where each ends (the block its
 * next activation's wakeup ends).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/analysis/account.h>
#include <lttr/analysis/jobs.h>
#include <lttr/analysis/timing.h>
#include <lttr/model/flow.h>
#include <lttr/model/process.h>
#include <lttr/reader/event.h>
#include <lttr/reader/iter.h>
#include <lttr/reader/trace.h>
#include "analysis/timeline.h"

/* a begin not yet ended */
struct open_job {
	uint32_t pid;
	uint32_t tid;
	size_t name;
	uint64_t begin_ns;
	bool nested;
};

struct pass1 {
	struct lttr_jobs *j;
	size_t cap_jobs;
	size_t cap_names;
	size_t cap_warn;
	size_t nopen;
	size_t cap_open;
	struct open_job *open;
	size_t nmark;		/* the jobs of markers (the first ones) */
};

static const char *const warn_names[LTTR_JW_COUNT] = {
	[LTTR_JW_NO_END] = "no_end",
	[LTTR_JW_NO_BEGIN] = "no_begin",
	[LTTR_JW_NESTED] = "nested",
	[LTTR_JW_EXITED] = "exited",
	[LTTR_JW_BAD_NAME] = "bad_name",
	[LTTR_JW_ONE_RELEASE] = "one_release",
	[LTTR_JW_PERIOD_CHANGE] = "period_change",
};

const char *lttr_job_warn_name(unsigned int kind)
{
	return kind < LTTR_JW_COUNT ? warn_names[kind] : "unknown";
}

/* grow *@v (of @size bytes entries) to hold @n + 1 */
static int grow(void **v, size_t *cap, size_t n, size_t size)
{
	size_t ncap;
	void *p;

	if (n < *cap)
		return 0;
	ncap = *cap ? *cap * 2 : 16;
	p = realloc(*v, ncap * size);
	if (!p)
		return -1;
	*v = p;
	*cap = ncap;
	return 0;
}

/* a name the module writes: 1 to LTT_MARKER_NAME_MAX visible ASCII characters */
static bool good_name(const char *s, size_t n)
{
	size_t i;

	if (!n || n > LTT_MARKER_NAME_MAX)
		return false;
	for (i = 0; i < n; i++)
		if (s[i] <= ' ' || s[i] > '~')
			return false;
	return true;
}

static void printable(char *out, size_t size, const char *s, size_t n)
{
	size_t i, k = 0;

	for (i = 0; i < n && k + 5 < size; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c > ' ' && c <= '~' && c != '\\')
			out[k++] = (char)c;
		else
			k += (size_t)snprintf(out + k, size - k, "\\x%02x", c);
	}
	out[k] = '\0';
}

static int warn(struct pass1 *p, unsigned int kind, uint64_t t, uint64_t begin,
		uint32_t pid, uint32_t tid, const char *name, size_t len)
{
	struct lttr_jobs *j = p->j;
	struct lttr_job_warning *w;

	if (grow((void **)&j->warn, &p->cap_warn, j->nwarn, sizeof(*j->warn)))
		return -1;
	w = &j->warn[j->nwarn++];
	memset(w, 0, sizeof(*w));
	w->kind = (uint8_t)kind;
	w->time_ns = t;
	w->begin_ns = begin;
	w->pid = pid;
	w->tid = tid;
	printable(w->name, sizeof(w->name), name, len);
	j->nwarn_kind[kind]++;
	return 0;
}

/* the index of @name (added when new), or -1 */
static long name_index(struct pass1 *p, const char *s, size_t n)
{
	struct lttr_jobs *j = p->j;
	size_t i;

	for (i = 0; i < j->nnames; i++)
		if (strlen(j->names[i].name) == n && !memcmp(j->names[i].name, s, n))
			return (long)i;
	if (grow((void **)&j->names, &p->cap_names, j->nnames, sizeof(*j->names)))
		return -1;
	memset(&j->names[j->nnames], 0, sizeof(*j->names));
	j->names[j->nnames].name = strndup(s, n);
	if (!j->names[j->nnames].name)
		return -1;
	return (long)j->nnames++;
}

static int on_begin(struct pass1 *p, const struct lttr_event *ev, size_t name)
{
	const struct ltt_ev_marker *m = &ev->p.marker;
	struct open_job *o;
	size_t i;
	bool nested = false;

	for (i = 0; i < p->nopen; i++) {
		if (p->open[i].tid == m->tid && p->open[i].name == name) {
			const char *s = p->j->names[name].name;

			if (!nested && warn(p, LTTR_JW_NESTED, ev->time_ns, p->open[i].begin_ns,
					    m->pid, m->tid, s, strlen(s)))
				return -1;
			nested = true;
			break;
		}
	}
	if (grow((void **)&p->open, &p->cap_open, p->nopen, sizeof(*p->open)))
		return -1;
	o = &p->open[p->nopen++];
	o->pid = m->pid;
	o->tid = m->tid;
	o->name = name;
	o->begin_ns = ev->time_ns;
	o->nested = nested;
	return 0;
}

static int on_end(struct pass1 *p, const struct lttr_event *ev, size_t name)
{
	const struct ltt_ev_marker *m = &ev->p.marker;
	struct lttr_jobs *j = p->j;
	struct lttr_job *jb;
	size_t i;

	for (i = p->nopen; i-- > 0;)	/* the latest begin */
		if (p->open[i].tid == m->tid && p->open[i].name == name)
			break;
	if (i == (size_t)-1) {
		const char *s = j->names[name].name;

		return warn(p, LTTR_JW_NO_BEGIN, ev->time_ns, 0, m->pid, m->tid, s, strlen(s));
	}
	if (grow((void **)&j->jobs, &p->cap_jobs, j->njobs, sizeof(*j->jobs)))
		return -1;
	jb = &j->jobs[j->njobs++];
	memset(jb, 0, sizeof(*jb));
	jb->name = name;
	jb->pid = p->open[i].pid;
	jb->tid = m->tid;
	jb->begin_ns = p->open[i].begin_ns;
	jb->start_ns = jb->begin_ns;
	jb->end_ns = ev->time_ns;
	jb->nested = p->open[i].nested;
	memmove(&p->open[i], &p->open[i + 1], (p->nopen - i - 1) * sizeof(*p->open));
	p->nopen--;
	return 0;
}

/* @tid exited at @t: its open jobs are not jobs */
static int on_task_exit(struct pass1 *p, uint64_t t, uint32_t tid)
{
	size_t i, k = 0;

	for (i = 0; i < p->nopen; i++) {
		const struct open_job *o = &p->open[i];

		if (o->tid == tid) {
			const char *s = p->j->names[o->name].name;

			if (warn(p, LTTR_JW_EXITED, t, o->begin_ns, o->pid, o->tid, s, strlen(s)))
				return -1;
		} else {
			p->open[k++] = *o;
		}
	}
	p->nopen = k;
	return 0;
}

static int pass_markers(struct lttr_trace *t, struct pass1 *p, struct lttr_error *err)
{
	struct lttr_iter *it;
	struct lttr_event ev;
	int r;
	size_t i;

	r = lttr_iter_new(t, &it, err);
	if (r < 0)
		return r;
	while ((r = lttr_iter_next(it, &ev)) > 0) {
		const struct ltt_ev_marker *m = &ev.p.marker;
		long ni;

		if (ev.id == LTT_EV_PROCESS_EXIT && ev.details) {
			if (on_task_exit(p, ev.time_ns, ev.p.exit.pid))
				goto nomem;
			continue;
		}
		if (ev.id != LTT_EV_MARKER || !ev.details ||
		    (m->kind != LTT_MARKER_BEGIN && m->kind != LTT_MARKER_END))
			continue;
		if (!good_name(ev.var, ev.var ? m->name_len : 0)) {
			if (warn(p, LTTR_JW_BAD_NAME, ev.time_ns, 0, m->pid, m->tid,
				 ev.var ? ev.var : "", ev.var ? m->name_len : 0))
				goto nomem;
			continue;
		}
		ni = name_index(p, ev.var, m->name_len);
		if (ni < 0)
			goto nomem;
		if (m->kind == LTT_MARKER_BEGIN ? on_begin(p, &ev, (size_t)ni)
						: on_end(p, &ev, (size_t)ni))
			goto nomem;
	}
	if (r < 0) {
		*err = *lttr_iter_error(it);
		lttr_iter_free(it);
		return r;
	}
	lttr_iter_free(it);
	for (i = 0; i < p->nopen; i++) {
		const struct open_job *o = &p->open[i];
		const char *s = p->j->names[o->name].name;

		if (warn(p, LTTR_JW_NO_END, o->begin_ns, o->begin_ns, o->pid, o->tid, s,
			 strlen(s)))
			return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	}
	return 0;
nomem:
	lttr_iter_free(it);
	return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
}


/* a timer job whose end the task states tell */
struct tpend {
	size_t job;		/* index in the jobs */
	uint64_t next_wake;	/* the next activation's wakeup (0: not known) */
	uint64_t next_end;	/* ... its end (its first run, or its read); 0: the last */
};

struct tpass {
	struct tpend *v;
	size_t n;
	size_t cap;
	uint64_t *win;		/* the windows of the timer jobs, [begin, end] pairs */
	size_t cap_win;
};

static int cmp_inst(const void *pa, const void *pb)
{
	const struct lttr_timing_inst *a = *(const struct lttr_timing_inst *const *)pa;
	const struct lttr_timing_inst *b = *(const struct lttr_timing_inst *const *)pb;

	if (a->pid != b->pid)
		return a->pid < b->pid ? -1 : 1;
	return a->start_ns < b->start_ns ? -1 : a->start_ns > b->start_ns;
}

/* a name for the timer jobs of task @tid (never merged with a marker's) */
static long timer_name(struct pass1 *p, const struct lttr_account *a, uint32_t tid)
{
	struct lttr_jobs *j = p->j;
	const struct lttr_acct_task *tk = a ? lttr_account_find(a, tid) : NULL;
	char buf[64];

	snprintf(buf, sizeof(buf), "%.32s-%u", tk && tk->name ? tk->name : "?", tid);
	if (grow((void **)&j->names, &p->cap_names, j->nnames, sizeof(*j->names)))
		return -1;
	memset(&j->names[j->nnames], 0, sizeof(*j->names));
	j->names[j->nnames].name = strdup(buf);
	if (!j->names[j->nnames].name)
		return -1;
	j->names[j->nnames].source = LTTR_JOB_TIMER;
	j->names[j->nnames].tid = tid;
	return (long)j->nnames++;
}

/* the spacing of the releases @a and @b, per expiry */
static uint64_t spacing(const struct lttr_timing_inst *a, const struct lttr_timing_inst *b)
{
	return (b->start_ns - a->start_ns) / (a->missed + 1);
}

static bool off_period(uint64_t s, uint64_t period)
{
	return s > period + period / 10 || s < period - period / 10;
}

/*
 * The period of the task whose @n (> 1) activations are @v: the timerfd's
 * interval when every read recorded the same, else the median spacing;
 * the runs of releases off it are warnings.
 */
static int task_period(struct pass1 *p, struct lttr_job_name *nm,
		       const struct lttr_timing_inst *const *v, size_t n)
{
	uint64_t *sp = malloc((n - 1) * sizeof(*sp));
	struct lttr_dist d;
	size_t k;
	bool same = v[0]->timerfd && v[0]->interval_ns;

	if (!sp)
		return -1;
	nm->timerfd = v[0]->timerfd;
	for (k = 0; k < n; k++) {
		nm->timerfd = nm->timerfd && v[k]->timerfd;
		same = same && v[k]->timerfd && v[k]->interval_ns == v[0]->interval_ns;
	}
	for (k = 0; k + 1 < n; k++)
		sp[k] = spacing(v[k], v[k + 1]);
	lttr_dist_compute(sp, n - 1, &d);
	free(sp);
	nm->interval_ns = same ? v[0]->interval_ns : 0;
	nm->period_ns = same ? v[0]->interval_ns : d.p50;
	for (k = 0; nm->period_ns && k + 1 < n; k++) {
		size_t e = k;

		if (!off_period(spacing(v[k], v[k + 1]), nm->period_ns))
			continue;
		while (e + 2 < n && off_period(spacing(v[e + 1], v[e + 2]), nm->period_ns))
			e++;
		if (warn(p, LTTR_JW_PERIOD_CHANGE, v[k + 1]->start_ns, v[e + 1]->start_ns,
			 v[k]->pid, v[k]->pid, nm->name, strlen(nm->name)))
			return -1;
		p->j->warn[p->j->nwarn - 1].period_ns = nm->period_ns;
		p->j->warn[p->j->nwarn - 1].spacing_ns = spacing(v[k], v[k + 1]);
		k = e;
	}
	return 0;
}

/* the jobs of task @v[0]->pid's @n activations @v (by start) */
static int task_jobs(struct pass1 *p, struct tpass *tp, const struct lttr_account *a,
		     const struct lttr_timing_inst *const *v, size_t n)
{
	struct lttr_jobs *j = p->j;
	uint32_t tid = v[0]->pid;
	long ni;
	size_t k;

	for (k = 0; k < p->nmark; k++) {	/* the markers' jobs */
		if (j->jobs[k].tid == tid) {
			j->nskipped++;
			return 0;
		}
	}
	ni = timer_name(p, a, tid);
	if (ni < 0)
		return -1;
	if (n == 1) {
		const char *s = j->names[ni].name;

		return warn(p, LTTR_JW_ONE_RELEASE, v[0]->start_ns, v[0]->start_ns, tid, tid, s,
			    strlen(s));
	}
	j->names[ni].releases = n;
	if (task_period(p, &j->names[ni], v, n))
		return -1;
	for (k = 0; k < n; k++) {
		struct lttr_job *jb;
		struct tpend *pe;

		if (grow((void **)&j->jobs, &p->cap_jobs, j->njobs, sizeof(*j->jobs)) ||
		    grow((void **)&tp->v, &tp->cap, tp->n, sizeof(*tp->v)) ||
		    grow((void **)&tp->win, &tp->cap_win, tp->n, 2 * sizeof(*tp->win)))
			return -1;
		jb = &j->jobs[j->njobs];
		memset(jb, 0, sizeof(*jb));
		jb->name = (size_t)ni;
		jb->pid = tid;
		jb->tid = tid;
		jb->begin_ns = v[k]->start_ns;
		jb->start_ns = v[k]->end_ns;
		jb->missed = v[k]->missed;
		/* a timerfd set again: the interval its read recorded */
		jb->period_ns = v[k]->timerfd && v[k]->interval_ns ? v[k]->interval_ns :
				j->names[ni].period_ns;
		pe = &tp->v[tp->n];
		pe->job = j->njobs++;
		pe->next_wake = k + 1 < n && v[k + 1]->waker.known ? v[k + 1]->waker.time_ns : 0;
		pe->next_end = k + 1 < n ? v[k + 1]->end_ns : 0;
		tp->win[2 * tp->n] = jb->begin_ns;
		tp->win[2 * tp->n + 1] = pe->next_end ? pe->next_end : UINT64_MAX;
		tp->n++;
	}
	return 0;
}

/* the timer activations of the tasks without markers, as jobs without an end yet */
static int pass_timers(struct lttr_trace *t, struct pass1 *p, struct tpass *tp,
		       struct lttr_error *err)
{
	struct lttr_timing_query q;
	struct lttr_timing *r;
	const struct lttr_timing_inst **v;
	size_t i, k;
	int ret = 0;

	memset(&q, 0, sizeof(q));
	q.kind = LTTR_TIMING_TIMER;
	q.to_ns = UINT64_MAX;
	q.all = true;
	ret = lttr_timing_compute(t, &q, &r, err);
	if (ret < 0)
		return ret;
	v = malloc((r->ninst ? r->ninst : 1) * sizeof(*v));
	if (!v) {
		lttr_timing_free(r);
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	}
	for (i = 0; i < r->ninst; i++)
		v[i] = &r->inst[i];
	qsort(v, r->ninst, sizeof(*v), cmp_inst);
	for (i = 0; i < r->ninst; i = k) {
		for (k = i + 1; k < r->ninst && v[k]->pid == v[i]->pid; k++)
			;
		if (task_jobs(p, tp, r->acct, v + i, k - i)) {
			ret = lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
			break;
		}
	}
	free(v);
	lttr_timing_free(r);
	return ret;
}

/*
 * The end of the timer job @pe: the start of the block its next
 * activation's wakeup ended (or, without one, that activation's end: its
 * wait did not block); for the last, the block the task is in at the end
 * of the trace, or woken from without running since.  0: no end (with
 * @dead the time the task died inside the job, if it did).
 */
static uint64_t timer_end(const struct timeline *tl, const struct lttr_job *jb,
			  const struct tpend *pe, uint64_t *dead)
{
	const struct tl_task *tk = tl_task(tl, jb->tid);
	size_t i;

	*dead = 0;
	if (pe->next_end) {
		if (tk && pe->next_wake && tl_state_at(tk, pe->next_wake, &i) && i > 0 &&
		    tk->v[i].t == pe->next_wake && tk->v[i - 1].state == LTTR_TS_BLOCKED) {
			while (i > 1 && tk->v[i - 2].state == LTTR_TS_BLOCKED)
				i--;
			if (tk->v[i - 1].t >= jb->start_ns)
				return tk->v[i - 1].t;
		}
		return pe->next_end;
	}
	if (!tk || !tk->n)
		return 0;
	for (i = tk->n; i-- > 0 && tk->v[i].t > jb->start_ns;) {
		uint8_t st = tk->v[i].state;

		if (st == LTTR_TS_DEAD || st == LTTR_TS_ZOMBIE) {
			*dead = tk->v[i].t;
			continue;
		}
		if (st == LTTR_TS_BLOCKED) {
			while (i > 0 && tk->v[i - 1].state == LTTR_TS_BLOCKED &&
			       tk->v[i - 1].t > jb->start_ns)
				i--;
			return *dead ? 0 : tk->v[i].t;
		}
		if (st != LTTR_TS_RUNNABLE)
			break;	/* it ran after its last block */
	}
	return 0;
}

/* the timer jobs' ends; those without one are warnings, not jobs */
static int timer_ends(struct pass1 *p, const struct tpass *tp, const struct timeline *tl)
{
	struct lttr_jobs *j = p->j;
	bool *drop;
	size_t i, k;

	drop = calloc(j->njobs ? j->njobs : 1, sizeof(*drop));
	if (!drop)
		return -1;
	for (i = 0; i < tp->n; i++) {
		struct lttr_job *jb = &j->jobs[tp->v[i].job];
		const char *s = j->names[jb->name].name;
		uint64_t dead;

		jb->end_ns = timer_end(tl, jb, &tp->v[i], &dead);
		if (jb->end_ns)
			continue;
		drop[tp->v[i].job] = true;
		if (warn(p, dead ? LTTR_JW_EXITED : LTTR_JW_NO_END, dead ? dead : jb->begin_ns,
			 jb->begin_ns, jb->pid, jb->tid, s, strlen(s))) {
			free(drop);
			return -1;
		}
	}
	for (i = 0, k = 0; i < j->njobs; i++)
		if (!drop[i])
			j->jobs[k++] = j->jobs[i];
	j->njobs = k;
	free(drop);
	return 0;
}

/* charge @ns to a culprit of @jb */
static int by_add(struct lttr_job *jb, size_t *cap, uint8_t who, bool sysvec, uint32_t pid,
		  uint32_t what, uint64_t ns, bool runnable)
{
	struct lttr_job_by *b;
	size_t i;

	for (i = 0; i < jb->nby; i++) {
		b = &jb->by[i];
		if (b->who == who && b->sysvec == sysvec && b->pid == pid && b->what == what)
			break;
	}
	if (i == jb->nby) {
		if (grow((void **)&jb->by, cap, jb->nby, sizeof(*jb->by)))
			return -1;
		b = &jb->by[jb->nby++];
		memset(b, 0, sizeof(*b));
		b->who = who;
		b->sysvec = sysvec;
		b->pid = pid;
		b->what = what;
	}
	b = &jb->by[i];
	if (runnable)
		b->runnable_ns += ns;
	else
		b->over_ns += ns;
	return 0;
}

/* the segment's culprit */
static void seg_who(const struct lttr_flow_seg *s, uint8_t *who, uint32_t *pid, uint32_t *what)
{
	*pid = 0;
	*what = 0;
	if (s->mode == LTTR_MODE_IRQ) {
		*who = LTTR_JOB_BY_IRQ;
		*what = s->what;
	} else if (s->mode == LTTR_MODE_SOFTIRQ) {
		*who = LTTR_JOB_BY_SOFTIRQ;
		*what = s->what;
	} else if (s->mode == LTTR_MODE_UNKNOWN && !s->pid) {
		*who = LTTR_JOB_BY_UNKNOWN;
	} else {
		*who = LTTR_JOB_BY_TASK;
		*pid = s->pid;
	}
}

/*
 * Walk the segments of @cpu over [@a, @b): @running, the job's task was
 * current (its own code is execution, the irqs and softirqs over it are
 * theirs); else it waited for that CPU (what ran is whom it waited behind).
 * A hole (never: segments tile a CPU) is unknown.
 */
static int cpu_walk(const struct timeline *tl, struct lttr_job *jb, size_t *cap,
		    unsigned int cpu, uint64_t a, uint64_t b, bool running)
{
	const struct tl_cpu *c = cpu < LTT_MAX_CPUS ? &tl->cpu[cpu] : NULL;
	size_t lo = 0, hi = c ? c->n : 0;
	uint64_t t = a;

	while (lo < hi) {	/* the first segment that ends after a */
		size_t mid = lo + (hi - lo) / 2;

		if (c->v[mid].end_ns <= a)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; c && lo < c->n && c->v[lo].start_ns < b && t < b; lo++) {
		const struct lttr_flow_seg *s = &c->v[lo];
		uint64_t s0 = s->start_ns > t ? s->start_ns : t;
		uint64_t s1 = s->end_ns < b ? s->end_ns : b;
		uint8_t who;
		uint32_t pid, what;

		if (s1 <= s0)
			continue;
		if (s0 > t) {	/* a hole */
			if (running)
				jb->unknown_ns += s0 - t;
			else if (by_add(jb, cap, LTTR_JOB_BY_UNKNOWN, false, 0, 0, s0 - t, true))
				return -1;
			if (!running)
				jb->runnable_ns += s0 - t;
		}
		seg_who(s, &who, &pid, &what);
		if (!running) {
			jb->runnable_ns += s1 - s0;
			if (by_add(jb, cap, who, s->sysvec, pid, what, s1 - s0, true))
				return -1;
		} else if (who == LTTR_JOB_BY_IRQ || who == LTTR_JOB_BY_SOFTIRQ) {
			if (who == LTTR_JOB_BY_IRQ)
				jb->irq_ns += s1 - s0;
			else
				jb->softirq_ns += s1 - s0;
			if (by_add(jb, cap, who, s->sysvec, 0, what, s1 - s0, false))
				return -1;
		} else if (who == LTTR_JOB_BY_TASK && pid == jb->tid) {
			jb->exec_ns += s1 - s0;
		} else {	/* current, but the CPU says otherwise: not known */
			jb->unknown_ns += s1 - s0;
		}
		t = s1;
	}
	if (t < b) {
		if (running) {
			jb->unknown_ns += b - t;
		} else {
			jb->runnable_ns += b - t;
			if (by_add(jb, cap, LTTR_JOB_BY_UNKNOWN, false, 0, 0, b - t, true))
				return -1;
		}
	}
	return 0;
}

static int cmp_by(const void *pa, const void *pb)
{
	const struct lttr_job_by *a = pa, *b = pb;
	uint64_t x = a->runnable_ns + a->over_ns, y = b->runnable_ns + b->over_ns;

	if (x != y)
		return x > y ? -1 : 1;
	if (a->who != b->who)
		return a->who < b->who ? -1 : 1;
	if (a->pid != b->pid)
		return a->pid < b->pid ? -1 : 1;
	return a->what < b->what ? -1 : a->what > b->what;
}

/* split the job @jb from its task's states */
static int explain_job(const struct timeline *tl, struct lttr_job *jb)
{
	const struct tl_task *tk = tl_task(tl, jb->tid);
	uint64_t t = jb->begin_ns + jb->overrun_ns, b = jb->end_ns;
	size_t i = 0, cap = 0;

	if (!tk || !tl_state_at(tk, t, &i)) {
		uint64_t first = tk && tk->n && tk->v[0].t < b ? tk->v[0].t : b;

		jb->unknown_ns += first - t;	/* not seen yet */
		t = first;
	}
	for (; tk && i < tk->n && t < b; i++) {
		const struct tl_state *s = &tk->v[i];
		uint64_t e = tl_state_end(tl, tk, i);

		if (e > b)
			e = b;
		if (e <= t)
			continue;
		switch (s->state) {
		case LTTR_TS_RUNNING:
			if (cpu_walk(tl, jb, &cap, s->cpu, t, e, true))
				return -1;
			break;
		case LTTR_TS_RUNNABLE:
			if (s->preempted && s->t > jb->begin_ns)
				jb->preemptions++;
			if (i + 1 < tk->n && tk->v[i + 1].state == LTTR_TS_RUNNING) {
				if (cpu_walk(tl, jb, &cap, tk->v[i + 1].cpu, t, e, false))
					return -1;
			} else {	/* it did not run again: on which CPU is unknown */
				jb->runnable_ns += e - t;
				if (by_add(jb, &cap, LTTR_JOB_BY_UNKNOWN, false, 0, 0, e - t, true))
					return -1;
			}
			break;
		case LTTR_TS_BLOCKED:
			jb->blocked_ns += e - t;
			jb->blocked[s->reason < LTTR_BLOCK_COUNT ? s->reason : LTTR_BLOCK_UNKNOWN] +=
				e - t;
			break;
		default:	/* unknown; dead (never inside a job that ended) */
			jb->unknown_ns += e - t;
			break;
		}
		t = e;
	}
	if (t < b)
		jb->unknown_ns += b - t;
	if (jb->nby > 1)
		qsort(jb->by, jb->nby, sizeof(*jb->by), cmp_by);
	return 0;
}

static int cmp_job(const void *pa, const void *pb)
{
	const struct lttr_job *a = pa, *b = pb;

	if (a->begin_ns != b->begin_ns)
		return a->begin_ns < b->begin_ns ? -1 : 1;
	if (a->tid != b->tid)
		return a->tid < b->tid ? -1 : 1;
	return a->end_ns < b->end_ns ? -1 : a->end_ns > b->end_ns;
}

static int cmp_warn(const void *pa, const void *pb)
{
	const struct lttr_job_warning *a = pa, *b = pb;

	if (a->time_ns != b->time_ns)
		return a->time_ns < b->time_ns ? -1 : 1;
	if (a->tid != b->tid)
		return a->tid < b->tid ? -1 : 1;
	return a->kind < b->kind ? -1 : a->kind > b->kind;
}

/* a name and its index before the sort */
struct name_ord {
	const char *name;
	size_t i;
};

static int cmp_name_ord(const void *pa, const void *pb)
{
	const struct name_ord *a = pa, *b = pb;

	return strcmp(a->name, b->name);
}

/*
 * the names of jobs sorted (those of only bad markers dropped), the jobs'
 * indices renumbered; -1 when out of memory
 */
static int sort_names(struct lttr_jobs *j)
{
	struct name_ord *ord;
	size_t *rank, i, n = 0;
	struct lttr_job_name *v;
	bool *used;

	if (!j->nnames)
		return 0;
	ord = malloc(j->nnames * sizeof(*ord));
	rank = malloc(j->nnames * sizeof(*rank));
	v = malloc(j->nnames * sizeof(*v));
	used = calloc(j->nnames, sizeof(*used));
	if (!ord || !rank || !v || !used) {
		free(ord);
		free(rank);
		free(v);
		free(used);
		return -1;
	}
	for (i = 0; i < j->njobs; i++)
		used[j->jobs[i].name] = true;
	for (i = 0; i < j->nnames; i++) {
		if (used[i]) {
			ord[n].name = j->names[i].name;
			ord[n++].i = i;
		} else {
			free(j->names[i].name);
		}
	}
	qsort(ord, n, sizeof(*ord), cmp_name_ord);
	for (i = 0; i < n; i++) {
		v[i] = j->names[ord[i].i];
		rank[ord[i].i] = i;
	}
	for (i = 0; i < j->njobs; i++)
		j->jobs[i].name = rank[j->jobs[i].name];
	free(j->names);
	j->names = v;
	j->nnames = n;
	free(ord);
	free(rank);
	free(used);
	return 0;
}

static uint64_t absdiff(uint64_t a, uint64_t b)
{
	return a > b ? a - b : b - a;
}

/* per name: the period, each job's jitter, the distributions */
static int name_stats(struct lttr_jobs *j)
{
	uint64_t *v = malloc((j->njobs ? j->njobs : 1) * sizeof(*v));
	size_t ni, i, n;

	if (!v)
		return -1;
	for (ni = 0; ni < j->nnames; ni++) {
		struct lttr_job_name *nm = &j->names[ni];
		struct lttr_dist d;

		/* the begin-to-begin intervals in each task (jobs by begin) */
		for (i = 0, n = 0; i < j->njobs; i++) {
			const struct lttr_job *a = &j->jobs[i];
			size_t k;

			if (a->name != ni)
				continue;
			nm->count++;
			for (k = i + 1; k < j->njobs; k++) {
				if (j->jobs[k].name == ni && j->jobs[k].tid == a->tid) {
					v[n++] = j->jobs[k].begin_ns - a->begin_ns;
					break;
				}
			}
		}
		lttr_dist_compute(v, n, &d);
		if (nm->source == LTTR_JOB_MARKER)
			nm->period_ns = d.p50;
		for (i = 0; nm->period_ns && i < j->njobs; i++) {
			struct lttr_job *a = &j->jobs[i];
			size_t k;

			if (a->name != ni)
				continue;
			for (k = i + 1; k < j->njobs; k++) {
				struct lttr_job *c = &j->jobs[k];

				if (c->name == ni && c->tid == a->tid) {
					c->jitter = true;
					c->jitter_ns = absdiff(c->begin_ns - a->begin_ns,
							       nm->period_ns);
					break;
				}
			}
		}
#define DIST(field, expr)                                                 \
		do {                                                      \
			for (i = 0, n = 0; i < j->njobs; i++) {           \
				const struct lttr_job *x = &j->jobs[i];   \
				if (x->name == ni)                        \
					v[n++] = (expr);                  \
			}                                                 \
			lttr_dist_compute(v, n, &nm->field);              \
		} while (0)
		if (nm->source == LTTR_JOB_TIMER)
			DIST(start, x->start_ns - x->begin_ns);
		DIST(exec, x->exec_ns);
		DIST(response, x->end_ns - x->begin_ns);
		DIST(runnable, x->runnable_ns);
		DIST(irq, x->irq_ns);
		DIST(softirq, x->softirq_ns);
		DIST(blocked, x->blocked_ns);
		DIST(unknown, x->unknown_ns);
		DIST(preemptions, x->preemptions);
#undef DIST
		for (i = 0, n = 0; i < j->njobs; i++)
			if (j->jobs[i].name == ni && j->jobs[i].jitter)
				v[n++] = j->jobs[i].jitter_ns;
		lttr_dist_compute(v, n, &nm->jitter);
	}
	free(v);
	return 0;
}

int lttr_jobs_compute(struct lttr_trace *t, struct lttr_jobs **out, struct lttr_error *err)
{
	return lttr_jobs_compute_query(t, NULL, out, err);
}

int lttr_jobs_compute_query(struct lttr_trace *t, const struct lttr_jobs_query *q,
			    struct lttr_jobs **out, struct lttr_error *err)
{
	struct pass1 p = { 0 };
	struct tpass tp = { 0 };
	struct timeline tl;
	uint64_t *win;
	size_t i, nmark;
	int r;

	*out = NULL;
	p.j = calloc(1, sizeof(*p.j));
	if (!p.j)
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	r = pass_markers(t, &p, err);
	free(p.open);
	nmark = p.j->njobs;
	p.nmark = nmark;
	if (r >= 0 && q && q->periodic) {
		p.j->periodic = true;
		r = pass_timers(t, &p, &tp, err);
	}
	if (r < 0) {
		free(tp.v);
		free(tp.win);
		lttr_jobs_free(p.j);
		return r;
	}
	win = malloc((p.j->njobs ? p.j->njobs : 1) * 2 * sizeof(*win));
	if (!win) {
		free(tp.v);
		free(tp.win);
		lttr_jobs_free(p.j);
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	}
	for (i = 0; i < nmark; i++) {
		win[2 * i] = p.j->jobs[i].begin_ns;
		win[2 * i + 1] = p.j->jobs[i].end_ns;
	}
	for (i = 0; i < tp.n; i++) {	/* the timer jobs: until their end is sure to be seen */
		win[2 * tp.v[i].job] = tp.win[2 * i];
		win[2 * tp.v[i].job + 1] = tp.win[2 * i + 1];
	}
	free(tp.win);
	if (!p.j->njobs)	/* no job: an empty window, not the whole trace */
		win[0] = win[1] = 0;
	r = tl_collect(t, win, p.j->njobs ? p.j->njobs : 1, true, false, 0, NULL, NULL, &tl, err);
	free(win);
	if (r < 0) {
		free(tp.v);
		lttr_jobs_free(p.j);
		return r;
	}
	if (tp.n && timer_ends(&p, &tp, &tl))
		r = lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	for (i = 0; r >= 0 && i + 1 < p.j->njobs; i++) {	/* an overrun: the jobs overlap */
		struct lttr_job *a = &p.j->jobs[i], *c = &p.j->jobs[i + 1];

		if (p.j->names[a->name].source == LTTR_JOB_TIMER && c->name == a->name &&
		    a->end_ns > c->begin_ns)
			c->overrun_ns = (a->end_ns < c->start_ns ? a->end_ns : c->start_ns) -
					c->begin_ns;
	}
	free(tp.v);
	for (i = 0; r >= 0 && i < p.j->njobs; i++)
		if (explain_job(&tl, &p.j->jobs[i]))
			r = lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	p.j->acct = tl.acct;
	tl.acct = NULL;
	tl_free(&tl);
	if (r >= 0 && p.j->njobs > 1)
		qsort(p.j->jobs, p.j->njobs, sizeof(*p.j->jobs), cmp_job);
	if (r >= 0 && p.j->nwarn > 1)
		qsort(p.j->warn, p.j->nwarn, sizeof(*p.j->warn), cmp_warn);
	if (r >= 0 && (sort_names(p.j) || name_stats(p.j)))
		r = lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	if (r < 0) {
		lttr_jobs_free(p.j);
		return r;
	}
	*out = p.j;
	return 0;
}

size_t lttr_jobs_deadline(struct lttr_jobs *j, uint64_t deadline_ns)
{
	size_t i;

	j->deadline_ns = deadline_ns;
	j->misses = 0;
	for (i = 0; i < j->nnames; i++) {
		struct lttr_job_name *nm = &j->names[i];

		nm->misses = 0;
		nm->deadline_ns = deadline_ns;
		if (!deadline_ns && nm->source == LTTR_JOB_TIMER)
			nm->deadline_ns = nm->period_ns;
	}
	for (i = 0; i < j->njobs; i++) {
		struct lttr_job *jb = &j->jobs[i];

		jb->deadline_ns = j->names[jb->name].deadline_ns;
		if (!deadline_ns && j->names[jb->name].source == LTTR_JOB_TIMER)
			jb->deadline_ns = jb->period_ns;
		jb->miss = jb->deadline_ns && jb->end_ns - jb->begin_ns > jb->deadline_ns;
		if (jb->miss) {
			j->misses++;
			j->names[jb->name].misses++;
		}
	}
	return j->misses;
}

uint64_t lttr_job_interference_ns(const struct lttr_job *jb)
{
	return jb->runnable_ns + jb->irq_ns + jb->softirq_ns + jb->blocked_ns + jb->unknown_ns;
}

size_t lttr_jobs_column_of(size_t count, size_t max, size_t inst)
{
	size_t c;

	if (!max || count <= max)
		return inst;
	/* the c with count * c / max <= inst < count * (c + 1) / max */
	c = (size_t)(((unsigned __int128)inst * max + max - 1) / count);
	while (c && (unsigned __int128)count * c / max > inst)
		c--;
	while (c + 1 < max && (unsigned __int128)count * (c + 1) / max <= inst)
		c++;
	return c;
}

size_t lttr_jobs_columns(const struct lttr_jobs *j, size_t name, size_t max,
			 struct lttr_job_column *cols)
{
	size_t count, ncols, i, k = 0;

	if (!j || name >= j->nnames || !max)
		return 0;
	count = j->names[name].count;
	ncols = count <= max ? count : max;
	for (i = 0; i < ncols; i++)
		cols[i] = (struct lttr_job_column){ .first = 0 };
	for (i = 0; i < j->njobs; i++) {
		const struct lttr_job *jb = &j->jobs[i];
		struct lttr_job_column *c;
		const struct lttr_job *w;

		if (jb->name != name)
			continue;
		if (k >= count)
			break;
		c = &cols[lttr_jobs_column_of(count, max, k)];
		if (!c->count)
			c->first = k;
		c->misses += jb->miss;
		w = c->count ? &j->jobs[c->job] : NULL;
		if (!w || (jb->miss && !w->miss) ||
		    (jb->miss == w->miss && jb->end_ns - jb->begin_ns > w->end_ns - w->begin_ns)) {
			c->job = i;
			c->inst = k;
		}
		c->count++;
		k++;
	}
	return ncols;
}

void lttr_jobs_free(struct lttr_jobs *j)
{
	size_t i;

	if (!j)
		return;
	for (i = 0; i < j->njobs; i++)
		free(j->jobs[i].by);
	for (i = 0; i < j->nnames; i++)
		free(j->names[i].name);
	free(j->jobs);
	free(j->names);
	free(j->warn);
	lttr_account_free(j->acct);
	free(j);
}

void lttr_job_warn_text(const struct lttr_jobs *j, const struct lttr_job_warning *w,
			char *buf, size_t size)
{
	uint64_t t0 = j->acct ? j->acct->trace_start_ns : 0;
	double at = (double)(w->time_ns - (w->time_ns > t0 ? t0 : w->time_ns)) / 1e9;
	double since = (double)(w->begin_ns - (w->begin_ns > t0 ? t0 : w->begin_ns)) / 1e9;

	switch (w->kind) {
	case LTTR_JW_NO_END:
		snprintf(buf, size, "job '%s' of task %u begun at %.9f s has no end in the trace "
			 "(not counted)", w->name, w->tid, at);
		break;
	case LTTR_JW_NO_BEGIN:
		snprintf(buf, size, "end of job '%s' of task %u at %.9f s without a begin "
			 "(ignored)", w->name, w->tid, at);
		break;
	case LTTR_JW_NESTED:
		snprintf(buf, size, "job '%s' of task %u begun at %.9f s inside another begun at "
			 "%.9f s (nested: an end closes the latest begin)", w->name, w->tid, at,
			 since);
		break;
	case LTTR_JW_EXITED:
		snprintf(buf, size, "task %u exited at %.9f s inside job '%s' begun at %.9f s "
			 "(not counted)", w->tid, at, w->name, since);
		break;
	case LTTR_JW_ONE_RELEASE:
		snprintf(buf, size, "task %s has one timer release only, at %.9f s: no period "
			 "(not a periodic task)", w->name, at);
		break;
	case LTTR_JW_PERIOD_CHANGE:
		snprintf(buf, size, "task %s's releases from %.9f s to %.9f s came %.3f us apart, "
			 "not every %.3f us (its timer was set again, or releases are missing: a sleep "
			 "with nothing left to wait, a signal; their jobs keep the period's deadline)",
			 w->name, at, since, (double)w->spacing_ns / 1e3, (double)w->period_ns / 1e3);
		break;
	default:
		snprintf(buf, size, "marker of task %u at %.9f s with a bad name '%s' "
			 "(ignored)", w->tid, at, w->name);
		break;
	}
}
