// SPDX-License-Identifier: GPL-2.0
/*
 * test-jobs.c - the jobs of the markers (lttr_jobs_compute()), on a trace
 * worked out by hand.  Scenario J, one CPU: task 5 runs jobs "ctl"; the
 * first (100-900 ns) is interrupted by irq 236 for 30 ns, preempted by
 * task 6 for 190 ns, blocked in nanosleep for 190 ns, runnable 20 ns
 * behind the idle task: execution 370 ns, and the parts add up to its 800
 * ns exactly; two more jobs give the period (1000 ns, the median) and the
 * jitter (0, 50 ns); an end without a begin, nested jobs "nest" and a job
 * "last" the task exits inside are warnings; a deadline of 500 ns misses
 * the first job alone.  Scenario L: a marker whose name is longer than
 * the format allows: the reader's error, or with salvage its warning and
 * the job whose end was cut reported as without one.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/analysis/jobs.h>
#include <lttr/analysis/load.h>
#include <lttr/reader/trace.h>
#include "tap.h"
#include "tracegen.h"

#define J_DESC \
	"header end=1000004000\n" \
	"proc PID: 5; PPID: 1; TGID: 5; NAME: ctl\n" \
	"proc PID: 6; PPID: 1; TGID: 6; NAME: hog\n" \
	"buf cpu=0 start=1000000000 pid=5\n" \
	"1000000000 start 5 0\n" \
	"1000000100 marker begin 5 5 0 ctl 0\n" \
	"1000000200 irq_entry 236 3\n" \
	"1000000230 irq_exit 236 3\n" \
	"1000000300 wakeup 6 0 0\n" \
	"1000000310 sched 5 6 0\n" \
	"1000000500 sched 6 5 1\n" \
	"1000000600 syscall_entry 35\n" \
	"1000000610 sched 5 0 1\n" \
	"1000000800 wakeup 5 0 0\n" \
	"1000000820 sched 0 5 0\n" \
	"1000000830 syscall_exit 35 0\n" \
	"1000000900 marker end 5 5 0 ctl 0\n" \
	"1000001100 marker begin 5 5 0 ctl 0\n" \
	"1000001300 marker end 5 5 0 ctl 0\n" \
	"1000002150 marker begin 5 5 0 ctl 0\n" \
	"1000002250 marker end 5 5 0 ctl 0\n" \
	"1000002400 marker end 5 5 0 ctl 0\n" \
	"1000002500 marker begin 5 5 0 nest 0\n" \
	"1000002600 marker begin 5 5 0 nest 0\n" \
	"1000002700 marker end 5 5 0 nest 0\n" \
	"1000002800 marker end 5 5 0 nest 0\n" \
	"1000003000 marker begin 5 5 0 last 0\n" \
	"1000003100 exit 5 0\n" \
	"1000003110 sched 5 0 64\n"

#define T0 1000000000ULL

static bool sums(const struct lttr_job *jb)
{
	return jb->exec_ns + jb->runnable_ns + jb->irq_ns + jb->softirq_ns + jb->blocked_ns +
	       jb->unknown_ns == jb->end_ns - jb->begin_ns;
}

static const struct lttr_job_by *by(const struct lttr_job *jb, uint8_t who, uint32_t pid,
				    uint32_t what)
{
	size_t i;

	for (i = 0; i < jb->nby; i++)
		if (jb->by[i].who == who && jb->by[i].pid == pid && jb->by[i].what == what)
			return &jb->by[i];
	return NULL;
}

static void test_j(void)
{
	struct lttr_jobs *r = NULL;
	struct lttr_trace *t;
	struct lttr_error err;
	const struct lttr_job *a;
	const struct lttr_job_by *b;
	size_t i;
	bool all = true;
	char text[1400];

	if (tg_open("j", J_DESC, 0, &t, &err) || lttr_jobs_compute(t, &r, &err) < 0) {
		ok(0, "scenario J: %s", err.msg);
		lttr_trace_close(t);
		return;
	}
	ok(r->njobs == 5 && r->nnames == 2 && !strcmp(r->names[0].name, "ctl") &&
	   !strcmp(r->names[1].name, "nest") && r->names[0].count == 3 && r->names[1].count == 2,
	   "J: 5 jobs: 3 ctl, 2 nest (names sorted), none of 'last'");
	a = &r->jobs[0];
	ok(a->begin_ns == T0 + 100 && a->end_ns == T0 + 900 && a->tid == 5 && a->pid == 5,
	   "J: the first job is 100-900 ns of task 5");
	ok(a->exec_ns == 370 && a->irq_ns == 30 && a->runnable_ns == 210 && a->blocked_ns == 190 &&
	   a->softirq_ns == 0 && a->unknown_ns == 0 && sums(a),
	   "J: its 800 ns = exec 370 + irq 30 + runnable 210 + blocked 190 exactly "
	   "(%llu %llu %llu %llu %llu %llu)", (unsigned long long)a->exec_ns,
	   (unsigned long long)a->irq_ns, (unsigned long long)a->runnable_ns,
	   (unsigned long long)a->blocked_ns, (unsigned long long)a->softirq_ns,
	   (unsigned long long)a->unknown_ns);
	ok(lttr_job_interference_ns(a) == 430 && lttr_job_interference_ns(&r->jobs[1]) == 0,
	   "J: its interference 430 ns (800 less exec 370), the second job's none (%llu)",
	   (unsigned long long)lttr_job_interference_ns(a));
	ok(a->preemptions == 1, "J: one preemption");
	b = by(a, LTTR_JOB_BY_TASK, 6, 0);
	ok(b && b->runnable_ns == 190 && b->over_ns == 0 && a->by[0].pid == 6,
	   "J: runnable 190 ns behind task 6, the first culprit");
	b = by(a, LTTR_JOB_BY_TASK, 0, 0);
	ok(b && b->runnable_ns == 20, "J: and 20 ns behind the idle task (woken, not yet in)");
	b = by(a, LTTR_JOB_BY_IRQ, 0, 236);
	ok(b && b->over_ns == 30 && b->runnable_ns == 0, "J: irq 236 over it for 30 ns");
	ok(a->blocked[LTTR_BLOCK_SLEEP] == 190, "J: blocked 190 ns, by reason sleep");
	ok(r->jobs[1].exec_ns == 200 && r->jobs[2].exec_ns == 100 && sums(&r->jobs[1]) &&
	   sums(&r->jobs[2]), "J: the two other ctl jobs: all execution (200, 100 ns)");
	ok(r->names[0].period_ns == 1000 && !a->jitter && r->jobs[1].jitter &&
	   r->jobs[1].jitter_ns == 0 && r->jobs[2].jitter && r->jobs[2].jitter_ns == 50,
	   "J: period 1000 ns (median of 1000 and 1050), jitter 0 and 50 ns");
	ok(r->names[0].exec.lat.min == 100 && r->names[0].exec.p50 == 200 &&
	   r->names[0].exec.lat.max == 370 && r->names[0].response.lat.max == 800 &&
	   r->names[0].preemptions.lat.max == 1 && r->names[0].runnable.lat.max == 210,
	   "J: ctl's distributions: exec min 100 p50 200 max 370, response max 800");
	for (i = 0; i < r->njobs; i++)
		all = all && sums(&r->jobs[i]);
	ok(all, "J: every job's parts add up to its response");
	ok(r->jobs[3].begin_ns == T0 + 2500 && r->jobs[3].end_ns == T0 + 2800 &&
	   !r->jobs[3].nested && r->jobs[4].begin_ns == T0 + 2600 &&
	   r->jobs[4].end_ns == T0 + 2700 && r->jobs[4].nested,
	   "J: nested: an end closes the latest begin (2600-2700 nested in 2500-2800)");
	ok(r->nwarn == 3 && r->warn[0].kind == LTTR_JW_NO_BEGIN &&
	   r->warn[0].time_ns == T0 + 2400 && r->warn[1].kind == LTTR_JW_NESTED &&
	   r->warn[1].begin_ns == T0 + 2500 && r->warn[2].kind == LTTR_JW_EXITED &&
	   r->warn[2].time_ns == T0 + 3100 && !strcmp(r->warn[2].name, "last"),
	   "J: warnings: an end without begin, a nested begin, an exit inside 'last'");
	lttr_job_warn_text(r, &r->warn[2], text, sizeof(text));
	ok(!strcmp(text, "task 5 exited at 0.000003100 s inside job 'last' begun at "
		   "0.000003000 s (not counted)"), "J: the exit's warning in words: %s", text);
	ok(lttr_jobs_deadline(r, 500) == 1 && r->jobs[0].miss && !r->jobs[1].miss &&
	   r->names[0].misses == 1 && r->names[1].misses == 0,
	   "J: deadline 500 ns: the first job alone misses");
	ok(lttr_jobs_deadline(r, 0) == 0 && !r->jobs[0].miss, "J: no deadline, no miss");
	lttr_jobs_free(r);
	lttr_trace_close(t);
}

#define L_DESC \
	"header end=1000004000\n" \
	"proc PID: 5; PPID: 1; TGID: 5; NAME: ctl\n" \
	"buf cpu=0 start=1000000000 pid=5\n" \
	"1000000000 start 5 0\n" \
	"1000000100 marker begin 5 5 0 ctl 0\n" \
	"1000000200 marker begin 5 5 0 " \
	"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa 0\n" \
	"1000000300 marker end 5 5 0 ctl 0\n"

static void test_long_name(void)
{
	struct lttr_jobs *r = NULL;
	struct lttr_trace *t;
	struct lttr_error err;

	if (tg_open("l", L_DESC, 0, &t, &err)) {
		ok(0, "scenario L opens: %s", err.msg);
		return;
	}
	ok(lttr_jobs_compute(t, &r, &err) < 0 && !r &&
	   strstr(err.msg, "name_len 84 or text_len 0 larger than 63"),
	   "L: a name of 84 bytes: the reader's error (%s)", err.msg);
	lttr_trace_close(t);
	if (tg_open("l", L_DESC, LTTR_OPEN_SALVAGE, &t, &err)) {
		ok(0, "scenario L opens salvaged: %s", err.msg);
		return;
	}
	ok(lttr_jobs_compute(t, &r, &err) == 0 && r->njobs == 0 && r->nwarn == 1 &&
	   r->warn[0].kind == LTTR_JW_NO_END && lttr_trace_warning_count(t) >= 1 &&
	   strstr(lttr_trace_warning(t, 0), "larger than 63"),
	   "L: salvaged: the trace's warning says the name is too long, the job cut is without end");
	lttr_jobs_free(r);
	lttr_trace_close(t);
}

/* scenario J's load in 10 bins of 400 ns */
static void test_load(void)
{
	struct lttr_load *l = NULL;
	struct lttr_trace *t;
	struct lttr_error err;
	unsigned int i;
	uint64_t ctl = 0;
	bool idle_ok = true;

	if (tg_open("j", J_DESC, 0, &t, &err) || lttr_load_compute(t, 10, &l, &err) < 0) {
		ok(0, "load of J: %s", err.msg);
		lttr_trace_close(t);
		return;
	}
	ok(l->nbins == 10 && l->ncpus == 1 && l->bin_ns[0] == 400 && l->bin_ns[9] == 400,
	   "load: 10 bins of 400 ns");
	ok(l->ntasks == 2 && l->tasks[0].pid == 5 && l->tasks[1].pid == 6 &&
	   l->tasks[1].total_ns == 190, "load: tasks ctl then hog (190 ns)");
	ok(l->busy_ns[0] == 400 && l->tasks[0].ns[0] == 280 && l->tasks[1].ns[0] == 90,
	   "load: bin 0: the CPU busy 400 ns, ctl 280 (310 less the irq's 30), hog 90");
	ok(l->busy_ns[1] == 210 && l->tasks[0].ns[1] == 110 && l->tasks[1].ns[1] == 100,
	   "load: bin 1: busy 210 ns (idle 610-800), ctl 110, hog 100");
	for (i = 0; i < 10; i++) {
		ctl += l->tasks[0].ns[i];
		idle_ok = idle_ok && l->busy_ns[i] <= l->bin_ns[i] && !l->unknown_ns[i];
	}
	ok(ctl == l->tasks[0].total_ns && idle_ok, "load: the bins add up to the totals");
	lttr_load_free(l);
	ok(lttr_load_compute(t, 0, &l, &err) == -LTTR_E_INVAL && !l, "load: 0 bins refused");
	lttr_trace_close(t);
}

int main(void)
{
	test_j();
	test_load();
	test_long_name();
	return tap_done();
}
