// SPDX-License-Identifier: GPL-2.0
/*
 * simtrace.c - a synthetic two-CPU trace simulated step by step in one
 * global time order: three tasks per CPU (each stays on its CPU), the
 * current one makes syscalls (an irq inside now and then, a softirq at
 * its exit), blocks in read or clock_nanosleep (with the timeout it
 * arms, sometimes 0), is preempted, wakes another task of either CPU
 * from a write or from an irq; an idle CPU runs its ready tasks or takes
 * a timer irq that wakes one of its blocked tasks.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "simtrace.h"

#define NCPU 2
#define PER 3
#define NTASK (NCPU * PER)

enum { RUN, READY, BLOCKED };

struct stask {
	uint32_t pid;
	unsigned int cpu;
	int state;
	int blocked_nr;		/* the syscall it blocked in, -1: none */
};

struct scpu {
	uint32_t cur;		/* 0: idle */
	uint32_t ready[NTASK];
	unsigned int nready;
	char *text;
	size_t n;
	size_t cap;
	unsigned int nev;
};

struct sim {
	struct stask task[NTASK];
	struct scpu cpu[NCPU];
	uint64_t now;
	uint64_t rnd;
	int nomem;
};

static uint64_t rnd(struct sim *s, uint64_t n)
{
	s->rnd ^= s->rnd << 13;
	s->rnd ^= s->rnd >> 7;
	s->rnd ^= s->rnd << 17;
	return n ? s->rnd % n : 0;
}

static void put(struct sim *s, struct scpu *c, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void put(struct sim *s, struct scpu *c, const char *fmt, ...)
{
	va_list ap;
	int r;

	if (c->cap - c->n < 256) {
		size_t ncap = c->cap ? c->cap * 2 : 1 << 16;
		char *nt = realloc(c->text, ncap);

		if (!nt) {
			s->nomem = 1;
			return;
		}
		c->text = nt;
		c->cap = ncap;
	}
	va_start(ap, fmt);
	r = vsnprintf(c->text + c->n, c->cap - c->n, fmt, ap);
	va_end(ap);
	if (r > 0 && (size_t)r < c->cap - c->n)
		c->n += (size_t)r;
}

/* an event on cpu @ci at the next instant; a new buffer now and then */
static void ev(struct sim *s, unsigned int ci, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void ev(struct sim *s, unsigned int ci, const char *fmt, ...)
{
	struct scpu *c = &s->cpu[ci];
	char line[160];
	va_list ap;

	s->now++;
	if (c->nev++ % 150 == 0)
		put(s, c, "buf cpu=%u start=%llu pid=%u\n", ci, (unsigned long long)s->now, c->cur);
	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	put(s, c, "%llu %s\n", (unsigned long long)s->now, line);
}

static struct stask *task_of(struct sim *s, uint32_t pid)
{
	unsigned int i;

	for (i = 0; i < NTASK; i++)
		if (s->task[i].pid == pid)
			return &s->task[i];
	return NULL;
}

/* cpu @ci switches from its current task (@state 0: preempted) to its next */
static void next(struct sim *s, unsigned int ci, int state)
{
	struct scpu *c = &s->cpu[ci];
	struct stask *prev = task_of(s, c->cur), *tk;
	uint32_t n = 0;

	if (c->nready) {
		n = c->ready[0];
		memmove(c->ready, c->ready + 1, --c->nready * sizeof(c->ready[0]));
	}
	if (!n && !state)
		return;		/* nobody to preempt it for */
	ev(s, ci, "sched %u %u %d", c->cur, n, state);
	if (prev) {
		prev->state = state ? BLOCKED : READY;
		if (!state)
			c->ready[c->nready++] = prev->pid;
	}
	c->cur = n;
	tk = task_of(s, n);
	if (tk) {
		tk->state = RUN;
		if (tk->blocked_nr >= 0)	/* it returns from where it blocked */
			ev(s, ci, "syscall_exit %d %d", tk->blocked_nr, tk->blocked_nr ? 0 : 1);
		tk->blocked_nr = -1;
	}
}

/* a wakeup of a random task, recorded on cpu @ci */
static void wake(struct sim *s, unsigned int ci)
{
	struct stask *tk = &s->task[rnd(s, NTASK)];

	ev(s, ci, "wakeup %u %u 0", tk->pid, tk->cpu);
	if (tk->state == BLOCKED) {
		tk->state = READY;
		s->cpu[tk->cpu].ready[s->cpu[tk->cpu].nready++] = tk->pid;
	}
}

/* an irq (@user: from user mode), maybe a wakeup in it, maybe a softirq */
static void irq(struct sim *s, unsigned int ci, unsigned int nr, unsigned int flags,
		bool may_wake)
{
	ev(s, ci, "irq_entry %u %u", nr, flags);
	if (may_wake && rnd(s, 2))
		wake(s, ci);
	if (rnd(s, 3) == 0) {
		unsigned int v = nr == 236 ? 1 : 3;

		s->now += rnd(s, 200);
		ev(s, ci, "softirq_entry %u", v);
		s->now += 1 + rnd(s, 500);
		ev(s, ci, "softirq_exit %u", v);
	}
	s->now += rnd(s, 300);
	ev(s, ci, "irq_exit %u %u", nr, flags);
}

static void step(struct sim *s)
{
	static const unsigned int shortnr[3] = { 1, 39, 0 };
	unsigned int ci = (unsigned int)rnd(s, NCPU);
	struct scpu *c = &s->cpu[ci];
	struct stask *tk;
	unsigned int nr;

	s->now += 1 + rnd(s, 1500);
	if (!c->cur) {
		if (c->nready)
			next(s, ci, 0);
		else if (rnd(s, 3) == 0)
			irq(s, ci, 236, 2, true);
		return;
	}
	tk = task_of(s, c->cur);
	switch (rnd(s, 10)) {
	case 0: case 1: case 2: case 3:
		nr = shortnr[rnd(s, 3)];
		ev(s, ci, "syscall_entry %u", nr);
		s->now += rnd(s, 800);
		if (rnd(s, 3) == 0)
			irq(s, ci, 4, 0, false);
		if (nr == 1 && rnd(s, 2))
			wake(s, ci);
		s->now += rnd(s, 300);
		ev(s, ci, "syscall_exit %u 0", nr);
		break;
	case 4: case 5:
		nr = rnd(s, 2) ? 0 : 230;
		ev(s, ci, "syscall_entry %u", nr);
		if (nr == 230)
			ev(s, ci, "timer_set_timeout 1 %llu",
			   (unsigned long long)(rnd(s, 4) ? 1 + rnd(s, 4000) : 0));
		s->now += rnd(s, 200);
		tk->blocked_nr = (int)nr;
		next(s, ci, 1);
		break;
	case 6:
		next(s, ci, 0);
		break;
	case 7:
		irq(s, ci, 236, 3, true);
		break;
	default:
		break;
	}
}

char *sim_desc(unsigned int steps, uint64_t seed, uint64_t *end)
{
	struct sim s;
	unsigned int i, ci;
	char *d = NULL, head[1024];
	int hn;

	memset(&s, 0, sizeof(s));
	s.rnd = seed ? seed : 1;
	s.now = SIM_T0;
	for (i = 0; i < NTASK; i++) {
		s.task[i].pid = 100 + 10 * (i / PER) + i % PER;
		s.task[i].cpu = i / PER;
		s.task[i].state = i % PER ? READY : RUN;
		s.task[i].blocked_nr = -1;
		if (i % PER)
			s.cpu[i / PER].ready[s.cpu[i / PER].nready++] = s.task[i].pid;
		else
			s.cpu[i / PER].cur = s.task[i].pid;
	}
	for (ci = 0; ci < NCPU; ci++) {
		put(&s, &s.cpu[ci], "buf cpu=%u start=%llu pid=%u\n%llu start %u %u\n", ci,
		    (unsigned long long)SIM_T0, s.cpu[ci].cur, (unsigned long long)SIM_T0,
		    s.cpu[ci].cur, ci);
		s.cpu[ci].nev = 1;
	}
	for (i = 0; i < steps && !s.nomem; i++)
		step(&s);
	*end = s.now + 100;
	hn = snprintf(head, sizeof(head), "header ncpus=%u end=%llu\n", (unsigned int)NCPU,
		      (unsigned long long)*end);
	for (i = 0; i < NTASK; i++)
		hn += snprintf(head + hn, sizeof(head) - (size_t)hn,
			       "proc PID: %u; PPID: 1; TGID: %u; NAME: task%u\n",
			       s.task[i].pid, s.task[i].pid, s.task[i].pid);
	if (!s.nomem)
		d = malloc((size_t)hn + s.cpu[0].n + s.cpu[1].n + 1);
	if (d) {
		size_t len = (size_t)hn;

		memcpy(d, head, len);
		for (ci = 0; ci < NCPU; ci++) {
			memcpy(d + len, s.cpu[ci].text, s.cpu[ci].n);
			len += s.cpu[ci].n;
		}
		d[len] = '\0';
	}
	for (ci = 0; ci < NCPU; ci++)
		free(s.cpu[ci].text);
	return d;
}
