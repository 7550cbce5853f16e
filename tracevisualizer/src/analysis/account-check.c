// SPDX-License-Identifier: GPL-2.0
/*
 * account-check.c - the conservation checks of an accounting result: no
 * nanosecond lost or counted twice, per CPU and per task.
 */
#include <stdio.h>
#include <lttr/analysis/account.h>

uint64_t lttr_acct_task_sched(const struct lttr_acct_task *tk)
{
	return tk->user_ns + tk->syscall_ns + tk->trap_ns + tk->kernel_ns +
	       tk->irq_ns;
}

uint64_t lttr_acct_task_kernel(const struct lttr_acct_task *tk)
{
	return tk->syscall_ns + tk->trap_ns + tk->kernel_ns;
}

bool lttr_acct_cut_warning(const struct lttr_account *a, unsigned int cpu,
			   char *buf, size_t size)
{
	uint64_t cut = cpu < a->ncpus ? a->cpu[cpu].cut_ns : 0;

	if (!cut)
		return false;
	if (cut < a->start_ns)	/* a window that begins after the cut */
		snprintf(buf, size, "cpu %u: its events end at %.9f s, before the window, and the trace is incomplete: its time in the window is counted unknown",
			 cpu, ((double)cut - (double)a->trace_start_ns) / 1e9);
	else
		snprintf(buf, size, "cpu %u: its events end at %.9f s, %.9f s before the %s, and the trace is incomplete: its time after is counted unknown",
			 cpu, ((double)cut - (double)a->trace_start_ns) / 1e9,
			 (double)(a->end_ns - cut) / 1e9,
			 a->windowed ? "window's end" : "stop");
	return true;
}

uint64_t lttr_acct_task_life(const struct lttr_acct_task *tk)
{
	return tk->end_ns > tk->begin_ns ? tk->end_ns - tk->begin_ns : 0;
}

uint64_t lttr_acct_task_blocked(const struct lttr_acct_task *tk)
{
	uint64_t s = 0;
	unsigned int i;

	for (i = 0; i < LTTR_BLOCK_COUNT; i++)
		s += tk->blocked_ns[i];
	return s;
}

static uint64_t absdiff(uint64_t a, uint64_t b)
{
	return a > b ? a - b : b - a;
}

bool lttr_account_check(const struct lttr_account *a, uint64_t tolerance_ns,
			struct lttr_account_check *out)
{
	uint64_t window = a->end_ns - a->start_ns, e;
	size_t i;
	unsigned int c;

	*out = (struct lttr_account_check){ .tolerance_ns = tolerance_ns,
		.cpu_ok = true, .split_ok = true, .life_ok = true };
	for (c = 0; c < a->ncpus; c++) {
		e = absdiff(a->cpu[c].sched_ns, window);
		if (e > out->cpu_err) {
			out->cpu_err = e;
			out->cpu_worst = c;
		}
		if (e > tolerance_ns) {
			out->cpu_ok = false;
			out->violations++;
		}
	}
	for (i = 0; i < a->ntasks; i++) {
		const struct lttr_acct_task *tk = &a->tasks[i];
		uint64_t sched = lttr_acct_task_sched(tk);
		uint64_t life = tk->end_ns > tk->begin_ns ? tk->end_ns - tk->begin_ns : 0;
		bool bad = false;

		e = absdiff(sched, tk->running_ns);
		if (e > out->split_err) {
			out->split_err = e;
			out->split_worst = tk->pid;
		}
		if (e > tolerance_ns) {
			out->split_ok = false;
			bad = true;
		}
		e = absdiff(tk->running_ns + tk->runnable_ns + tk->unknown_ns +
			    lttr_acct_task_blocked(tk), life);
		if (e > out->life_err) {
			out->life_err = e;
			out->life_worst = tk->pid;
		}
		if (e > tolerance_ns) {
			out->life_ok = false;
			bad = true;
		}
		out->violations += bad;
	}
	return out->cpu_ok && out->split_ok && out->life_ok;
}
