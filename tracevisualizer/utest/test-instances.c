// SPDX-License-Identifier: GPL-2.0
/*
 * test-instances.c - lttr_instances_find(): the instances of scenario A
 * one by one (its read of 250 ns, nanosleep of 130 ns, write of 50 ns,
 * local timer of 10 ns); then, on the hand-built scenarios and on a
 * generated two-CPU trace with syscalls, irqs and softirqs of durations
 * spread over many buckets, lost-event contradictions and partial calls,
 * the instances of every bucket of every histogram of the accounting
 * (system-wide and per task and per process syscalls, irqs, softirqs) are
 * as many as the bucket counts, their durations in the bucket and their
 * sum the histogram's total; at most @max kept, sorted; canceled by the
 * progress callback.  Also lttr_lat_bucket_bounds().
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "tracegen.h"
#include "scenarios.h"

#define T0 1000000000ULL

static uint64_t rnd_state = 88172645463325252ULL;

static uint64_t rnd(uint64_t n)
{
	rnd_state ^= rnd_state << 13;
	rnd_state ^= rnd_state >> 7;
	rnd_state ^= rnd_state << 17;
	return n ? rnd_state % n : 0;
}

static int add(char *d, size_t *n, size_t cap, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static int add(char *d, size_t *n, size_t cap, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = vsnprintf(d + *n, cap - *n, fmt, ap);
	va_end(ap);
	if (r > 0 && (size_t)r < cap - *n)
		*n += (size_t)r;
	return r;
}

/*
 * two CPUs: on CPU 0 the threads 100 and 101 of one process take turns,
 * on CPU 1 task 200 runs; syscalls (read, write, nanosleep, futex) last
 * from 1 ns to about 1 ms, irqs hit them and run softirqs at their exit;
 * now and then a syscall entry without its exit (a lost event: the
 * stack is reset, an anomaly), and the trace begins inside a futex call
 * on CPU 1 (a partial call)
 */
static char *make_desc(void)
{
	static const unsigned int nrs[] = { 0, 1, 35, 202 };
	size_t cap = 1 << 23, n = 0;
	char *d = malloc(cap);
	unsigned int cpu, i;

	if (!d)
		return NULL;
	add(d, &n, cap, "header ncpus=2 end=%llu\n"
	    "proc PID: 100; PPID: 1; TGID: 100; NAME: app\n"
	    "proc PID: 101; PPID: 1; TGID: 100; NAME: app\n"
	    "proc PID: 200; PPID: 1; TGID: 200; NAME: other\n", T0 + 4000000000ULL);
	for (cpu = 0; cpu < 2; cpu++) {
		uint32_t pid = cpu ? 200 : 100;
		uint64_t t = T0;

		for (i = 0; i < 3000; i++) {
			unsigned int nr = nrs[rnd(4)];
			uint64_t dur = (1ULL << rnd(20)) + rnd(1000);

			if (i % 100 == 0)
				add(d, &n, cap, "buf cpu=%u start=%llu pid=%u\n", cpu,
				    (unsigned long long)t, pid);
			if (i == 0) {
				add(d, &n, cap, "%llu start %u %u\n", (unsigned long long)t, pid, cpu);
				if (cpu) {	/* in a futex call since before the trace */
					t += 500;
					add(d, &n, cap, "%llu syscall_exit 202 0\n",
					    (unsigned long long)t);
				}
			}
			t += 1 + rnd(3000);
			add(d, &n, cap, "%llu syscall_entry %u\n", (unsigned long long)t, nr);
			if (i % 97 == 13)	/* its exit lost */
				continue;
			if (rnd(3) == 0) {	/* an irq inside, a softirq at its exit */
				uint64_t a = t + 1 + rnd(dur), q = rnd(2000);

				add(d, &n, cap, "%llu irq_entry %u %u\n", (unsigned long long)a,
				    cpu ? 236U : 4U, cpu ? 2U : 0U);
				if (rnd(2)) {
					add(d, &n, cap, "%llu softirq_entry %u\n",
					    (unsigned long long)(a + q / 2), cpu ? 1U : 3U);
					add(d, &n, cap, "%llu softirq_exit %u\n",
					    (unsigned long long)(a + q / 2 + 1 + rnd(1 << rnd(12))),
					    cpu ? 1U : 3U);
					q += 1 << 13;
				}
				add(d, &n, cap, "%llu irq_exit %u %u\n",
				    (unsigned long long)(a + q + 1), cpu ? 236U : 4U, cpu ? 2U : 0U);
				t = a + q + 1;
				dur = 1;
			}
			t += dur;
			add(d, &n, cap, "%llu syscall_exit %u 0\n", (unsigned long long)t, nr);
			if (!cpu && rnd(4) == 0) {
				uint32_t next = pid == 100 ? 101 : 100;

				t += 1 + rnd(100);
				add(d, &n, cap, "%llu sched %u %u 0\n", (unsigned long long)t, pid, next);
				pid = next;
			}
		}
	}
	return d;
}

static int bad;

static bool in_set(uint32_t pid, const uint32_t *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (v[i] == pid)
			return true;
	return false;
}

/* the instances of every bucket of @l against its counts */
static void check_lat(struct lttr_trace *t, const char *what, const struct lttr_lat *l,
		      struct lttr_inst_query q)
{
	uint64_t sum = 0, count = 0;
	unsigned int k;

	for (k = 0; k < LTTR_HIST_BUCKETS; k++) {
		struct lttr_instances r;
		struct lttr_error err;
		size_t i;

		lttr_lat_bucket_bounds(k, &q.lo_ns, &q.hi_ns);
		q.max = 1000000;
		if (lttr_instances_find(t, &q, NULL, NULL, &r, &err)) {
			if (!bad++)
				tap_diag("%s bucket %u: %s", what, k, err.msg);
			continue;
		}
		if (r.total != l->hist[k] || r.n != r.total) {
			if (!bad++)
				tap_diag("%s bucket %u: %llu instances (%zu kept), histogram %llu", what,
					 k, (unsigned long long)r.total, r.n,
					 (unsigned long long)l->hist[k]);
		}
		for (i = 0; i < r.n; i++) {
			uint64_t dd = r.v[i].end_ns - r.v[i].start_ns;

			if (lttr_lat_bucket(dd) != k ||
			    (i && r.v[i].start_ns < r.v[i - 1].start_ns) ||
			    (q.pids && !in_set(r.v[i].pid, q.pids, q.npids))) {
				if (!bad++)
					tap_diag("%s bucket %u: instance %zu lasts %llu ns", what, k, i,
						 (unsigned long long)dd);
			}
			sum += dd;
			count++;
		}
		lttr_instances_free(&r);
	}
	if (sum != l->total || count != l->count) {
		if (!bad++)
			tap_diag("%s: instances sum to %llu ns in %llu, histogram %llu ns in %llu",
				 what, (unsigned long long)sum, (unsigned long long)count,
				 (unsigned long long)l->total, (unsigned long long)l->count);
	}
}

/* every histogram of the accounting of @t */
static size_t check_all(struct lttr_trace *t, const char *name)
{
	struct lttr_account *a = NULL;
	struct lttr_acct_task *g;
	struct lttr_error err;
	size_t i, j, ng = 0, nlat = 0;
	char what[128];

	if (lttr_account_compute(t, &a, &err)) {
		bad++;
		tap_diag("%s: %s", name, err.msg);
		return 0;
	}
	for (i = 0; i < a->nsc; i++, nlat++) {
		struct lttr_inst_query q = { .kind = LTTR_INST_SYSCALL, .what = a->sc[i].nr };

		snprintf(what, sizeof(what), "%s: syscall %u", name, a->sc[i].nr);
		check_lat(t, what, &a->sc[i].lat, q);
	}
	for (i = 0; i < a->ntasks; i++) {
		const struct lttr_acct_task *tk = &a->tasks[i];

		for (j = 0; j < tk->nsc; j++, nlat++) {
			struct lttr_inst_query q = { .kind = LTTR_INST_SYSCALL, .what = tk->sc[j].nr,
						     .pids = &tk->pid, .npids = 1 };

			snprintf(what, sizeof(what), "%s: task %u syscall %u", name, tk->pid,
				 tk->sc[j].nr);
			check_lat(t, what, &tk->sc[j].lat, q);
		}
	}
	g = lttr_account_group(a, &ng);
	for (i = 0; i < ng; i++) {
		uint32_t pids[64];
		size_t np = 0, k;

		for (k = 0; k < a->ntasks && np < 64; k++)
			if (a->tasks[k].tgid == g[i].pid)
				pids[np++] = a->tasks[k].pid;
		for (j = 0; j < g[i].nsc; j++, nlat++) {
			struct lttr_inst_query q = { .kind = LTTR_INST_SYSCALL, .what = g[i].sc[j].nr,
						     .pids = pids, .npids = np };

			snprintf(what, sizeof(what), "%s: process %u syscall %u", name, g[i].pid,
				 g[i].sc[j].nr);
			check_lat(t, what, &g[i].sc[j].lat, q);
		}
	}
	lttr_account_group_free(g, ng);
	for (i = 0; i < a->nirqs; i++, nlat++) {
		struct lttr_inst_query q = { .kind = LTTR_INST_IRQ, .what = a->irqs[i].irq,
					     .sysvec = a->irqs[i].sysvec };

		snprintf(what, sizeof(what), "%s: irq %u%s", name, a->irqs[i].irq,
			 a->irqs[i].sysvec ? " (vector)" : "");
		check_lat(t, what, &a->irqs[i].lat, q);
	}
	for (i = 0; i < a->nsoftirqs; i++, nlat++) {
		struct lttr_inst_query q = { .kind = LTTR_INST_SOFTIRQ, .what = a->softirqs[i].vec };

		snprintf(what, sizeof(what), "%s: softirq %u", name, a->softirqs[i].vec);
		check_lat(t, what, &a->softirqs[i].lat, q);
	}
	lttr_account_free(a);
	return nlat;
}

static void test_bounds(void)
{
	unsigned int k, wrong = 0;
	uint64_t lo, hi;

	for (k = 0; k < LTTR_HIST_BUCKETS; k++) {
		lttr_lat_bucket_bounds(k, &lo, &hi);
		if (lttr_lat_bucket(lo) != k || lttr_lat_bucket(hi - 1) != k ||
		    (k + 1 < LTTR_HIST_BUCKETS && lttr_lat_bucket(hi) != k + 1) ||
		    (k + 1 == LTTR_HIST_BUCKETS && hi != UINT64_MAX) || (k && lo != 1ULL << k))
			wrong++;
	}
	lttr_lat_bucket_bounds(0, &lo, &hi);
	ok(!wrong && lo == 0 && hi == 2, "lttr_lat_bucket_bounds(): [2^k, 2^(k+1)), bucket 0 "
	   "from 0, the last one unbounded");
}

static void test_a(void)
{
	struct lttr_trace *t;
	struct lttr_error err;
	struct lttr_instances r;
	struct lttr_inst_query q = { .kind = LTTR_INST_SYSCALL, .what = 0, .hi_ns = UINT64_MAX,
				     .max = 10 };
	uint32_t p5 = 5;

	if (tg_open("a", A_DESC, 0, &t, &err)) {
		ok(0, "scenario A: %s", err.msg);
		return;
	}
	ok(!lttr_instances_find(t, &q, NULL, NULL, &r, &err) && r.n == 1 && r.total == 1 &&
	   r.v[0].start_ns == T0 + 400 && r.v[0].end_ns == T0 + 650 && r.v[0].pid == 6 &&
	   r.v[0].cpu == 0, "A: the read: pid 6 on CPU 0, from 400 to 650 ns (250 ns)");
	lttr_instances_free(&r);
	q.lo_ns = 128;
	q.hi_ns = 256;
	q.what = 35;
	ok(!lttr_instances_find(t, &q, NULL, NULL, &r, &err) && r.n == 1 &&
	   r.v[0].start_ns == T0 + 700 && r.v[0].end_ns == T0 + 830 && r.v[0].pid == 6,
	   "A: the nanosleep of 130 ns is in bucket 7, [128, 256)");
	lttr_instances_free(&r);
	q.hi_ns = 130;
	ok(!lttr_instances_find(t, &q, NULL, NULL, &r, &err) && r.n == 0 && r.total == 0,
	   "A: and not in [128, 130): the upper bound is excluded");
	lttr_instances_free(&r);
	q.what = 1;
	q.lo_ns = 32;
	q.hi_ns = 64;
	q.pids = &p5;
	q.npids = 1;
	ok(!lttr_instances_find(t, &q, NULL, NULL, &r, &err) && r.n == 1 &&
	   r.v[0].start_ns == T0 + 100 && r.v[0].end_ns == T0 + 150 && r.v[0].pid == 5,
	   "A: the write of 50 ns by pid 5");
	lttr_instances_free(&r);
	p5 = 6;
	ok(!lttr_instances_find(t, &q, NULL, NULL, &r, &err) && r.total == 0,
	   "A: pid 6 made no write");
	lttr_instances_free(&r);
	q.kind = LTTR_INST_IRQ;
	q.what = 236;
	q.sysvec = true;
	q.pids = NULL;
	q.lo_ns = 8;
	q.hi_ns = 16;
	ok(!lttr_instances_find(t, &q, NULL, NULL, &r, &err) && r.n == 1 &&
	   r.v[0].start_ns == T0 + 200 && r.v[0].end_ns == T0 + 210 && r.v[0].pid == 5,
	   "A: the local timer vector of 10 ns, interrupting pid 5");
	lttr_instances_free(&r);
	q.sysvec = false;
	ok(!lttr_instances_find(t, &q, NULL, NULL, &r, &err) && r.total == 0,
	   "A: irq line 236 (not the vector) never ran");
	lttr_instances_free(&r);
	lttr_trace_close(t);
}

/* the share must rise within 0..1000; the third call cancels */
struct cancel {
	unsigned int calls;
	unsigned int last;
	bool wrong;
};

static int cancel_cb(void *arg, unsigned int pm)
{
	struct cancel *c = arg;

	if (pm < c->last || pm > 1000)
		c->wrong = true;
	c->last = pm;
	return ++c->calls == 3;
}

static void test_generated(void)
{
	char *desc = make_desc();
	struct lttr_trace *t;
	struct lttr_error err;
	struct lttr_instances r;
	struct lttr_account *a = NULL;
	struct lttr_inst_query q = { .kind = LTTR_INST_SYSCALL, .what = 0, .hi_ns = UINT64_MAX };
	const struct lttr_acct_sc *rd = NULL;
	struct cancel cc = { 0, 0, false };
	unsigned int nz = 0, k;
	size_t i, nlat;

	if (!desc || tg_open("gen", desc, 0, &t, &err)) {
		ok(0, "generated trace: %s", desc ? err.msg : "no memory");
		free(desc);
		return;
	}
	free(desc);
	if (lttr_account_compute(t, &a, &err)) {
		ok(0, "generated trace accounted: %s", err.msg);
		lttr_trace_close(t);
		return;
	}
	for (i = 0; i < a->nsc; i++)
		if (a->sc[i].nr == 0)
			rd = &a->sc[i];
	for (k = 0; rd && k < LTTR_HIST_BUCKETS; k++)
		nz += rd->lat.hist[k] != 0;
	ok(rd && nz >= 12 && a->anomalies > 0 && a->nsoftirqs == 2 && a->nirqs == 2,
	   "the generated trace: reads in %u buckets, %llu anomalies, 2 irqs, 2 softirqs", nz,
	   (unsigned long long)a->anomalies);
	bad = 0;
	nlat = check_all(t, "generated");
	ok(!bad && nlat >= 20, "generated: every bucket of %zu histograms has as many instances "
	   "as its count, each of a duration in it, summing to the total", nlat);
	q.max = 7;
	ok(rd && !lttr_instances_find(t, &q, NULL, NULL, &r, &err) && r.n == 7 &&
	   r.total == rd->lat.count, "at most max kept (7), every one counted");
	for (i = 1; i < r.n; i++)
		if (r.v[i].start_ns < r.v[i - 1].start_ns)
			break;
	ok(r.n && i == r.n, "kept instances sorted by start");
	lttr_instances_free(&r);
	q.max = 0;
	ok(rd && !lttr_instances_find(t, &q, NULL, NULL, &r, &err) && r.n == 0 && !r.v &&
	   r.total == rd->lat.count, "max 0: counted only");
	lttr_instances_free(&r);
	q.what = 202;
	for (i = 0; i < a->nsc; i++)
		if (a->sc[i].nr == 202)
			break;
	ok(i < a->nsc && a->sc[i].partial == 1 && !lttr_instances_find(t, &q, NULL, NULL, &r, &err) &&
	   r.total == a->sc[i].lat.count, "the futex call in progress at the start is not an instance");
	lttr_instances_free(&r);
	ok(lttr_instances_find(t, &q, cancel_cb, &cc, &r, &err) == -LTTR_E_CANCELED &&
	   err.code == LTTR_E_CANCELED && r.n == 0 && !r.v && cc.calls == 3 && !cc.wrong,
	   "the progress callback (rising share of the trace) cancels: LTTR_E_CANCELED");
	lttr_account_free(a);
	lttr_trace_close(t);
}

int main(void)
{
	static const struct {
		const char *name;
		const char *desc;
	} sc[] = { { "A", A_DESC }, { "B", B_DESC }, { "S", S_DESC } };
	size_t i;

	tap_plan(1 + 7 + 3 + 7);
	test_bounds();
	test_a();
	for (i = 0; i < sizeof(sc) / sizeof(sc[0]); i++) {
		struct lttr_trace *t;
		struct lttr_error err;
		size_t nlat = 0;

		bad = 0;
		if (!tg_open(sc[i].name, sc[i].desc, 0, &t, &err)) {
			nlat = check_all(t, sc[i].name);
			lttr_trace_close(t);
		}
		ok(!bad && nlat > 0, "scenario %s: the instances of every bucket of its %zu "
		   "histograms match their counts", sc[i].name, nlat);
	}
	test_generated();
	return tap_done();
}
