// SPDX-License-Identifier: GPL-2.0
/*
 * verify.c - the view model against the accounting: the time each row
 * shows in each state category, over the whole trace, must be the time
 * the accounting charged, to the nanosecond.  What a view draws and what
 * the tables print then cannot disagree without this check saying so.
 */
#include <stdio.h>
#include <string.h>
#include <lttr/analysis/account.h>
#include <lttr/reader/trace.h>
#include <lttr/view/verify.h>
#include "view/view-internal.h"

static void mismatch(struct lttr_view_verify *out, const char *what,
		     uint32_t id, uint64_t view, uint64_t acct)
{
	if (!out->mismatches++)
		snprintf(out->first, sizeof(out->first),
			 "%s %u: the view shows %llu ns, the accounting %llu ns",
			 what, id, (unsigned long long)view, (unsigned long long)acct);
}

static void cmp(struct lttr_view_verify *out, const char *what, uint32_t id,
		uint64_t view, uint64_t acct)
{
	out->compared++;
	if (view != acct)
		mismatch(out, what, id, view, acct);
}

static void verify_cpu(struct lttr_view *v, size_t row, struct lttr_view_verify *out)
{
	const struct lttr_acct_cpu *c = &v->acct->cpu[v->rows[row].info.id];
	uint64_t ns[LTTR_VCAT_COUNT];
	uint32_t id = v->rows[row].info.id;

	if (lttr_view_time_in(v, row, v->start, v->end, ns))
		return;
	cmp(out, "cpu idle", id, ns[LTTR_VCAT_IDLE], c->idle_ns);
	cmp(out, "cpu user", id, ns[LTTR_VCAT_USER], c->user_ns);
	cmp(out, "cpu kernel", id, ns[LTTR_VCAT_SYSCALL] + ns[LTTR_VCAT_TRAP] +
	    ns[LTTR_VCAT_KERNEL], c->kernel_ns);
	cmp(out, "cpu irq", id, ns[LTTR_VCAT_IRQ], c->irq_ns);
	cmp(out, "cpu softirq", id, ns[LTTR_VCAT_SOFTIRQ], c->softirq_ns);
	cmp(out, "cpu unknown", id, ns[LTTR_VCAT_UNKNOWN], c->unknown_ns);
}

static void verify_task(struct lttr_view *v, size_t row, struct lttr_view_verify *out)
{
	const struct lttr_account *a = v->acct;
	uint32_t pid = v->rows[row].info.id;
	const struct lttr_acct_task *tk = lttr_account_find(a, pid);
	struct lttr_acct_task sum;
	uint64_t ns[LTTR_VCAT_COUNT];
	size_t k, r;

	if (lttr_view_time_in(v, row, v->start, v->end, ns))
		return;
	memset(&sum, 0, sizeof(sum));
	/* a reused pid: one row, several tasks of the accounting */
	for (k = tk ? (size_t)(tk - a->tasks) : a->ntasks;
	     k < a->ntasks && a->tasks[k].pid == pid; k++) {
		const struct lttr_acct_task *x = &a->tasks[k];

		sum.user_ns += x->user_ns;
		sum.syscall_ns += x->syscall_ns;
		sum.trap_ns += x->trap_ns;
		sum.kernel_ns += x->kernel_ns;
		sum.irq_ns += x->irq_ns;
		sum.softirq_ns += x->softirq_ns;
		sum.runnable_ns += x->runnable_ns;
		sum.unknown_ns += x->unknown_ns;
		sum.thread_life_ns += x->thread_life_ns;
		sum.zombie_ns += x->zombie_ns;
		for (r = 0; r < LTTR_BLOCK_COUNT; r++)
			sum.blocked_ns[r] += x->blocked_ns[r];
	}
	cmp(out, "task user", pid, ns[LTTR_VCAT_USER], sum.user_ns);
	cmp(out, "task syscall", pid, ns[LTTR_VCAT_SYSCALL], sum.syscall_ns);
	cmp(out, "task trap", pid, ns[LTTR_VCAT_TRAP], sum.trap_ns);
	/* ksoftirqd's softirqs are its kernel work in the accounting */
	cmp(out, "task kernel+interrupted", pid, ns[LTTR_VCAT_KERNEL] +
	    ns[LTTR_VCAT_UNKNOWN] + ns[LTTR_VCAT_IRQ] + ns[LTTR_VCAT_SOFTIRQ],
	    sum.kernel_ns + sum.irq_ns);
	cmp(out, "task softirq", pid, ns[LTTR_VCAT_SOFTIRQ], sum.softirq_ns);
	cmp(out, "task runnable", pid, ns[LTTR_VCAT_RUNNABLE], sum.runnable_ns);
	for (r = 0; r < LTTR_BLOCK_COUNT; r++)
		cmp(out, lttr_vcat_name(LTTR_VCAT_BLOCKED + (unsigned int)r), pid,
		    ns[LTTR_VCAT_BLOCKED + r], sum.blocked_ns[r]);
	cmp(out, "task unknown", pid, ns[LTTR_VCAT_NODATA], sum.unknown_ns);
	cmp(out, "task zombie", pid, ns[LTTR_VCAT_ZOMBIE], sum.zombie_ns);
	cmp(out, "task not alive", pid, ns[LTTR_VCAT_NONE],
	    v->end - v->start - sum.thread_life_ns - sum.zombie_ns);
}

bool lttr_view_verify(struct lttr_view *v, struct lttr_view_verify *out)
{
	size_t i;

	memset(out, 0, sizeof(*out));
	for (i = 0; i < v->nrows; i++) {
		if (v->rows[i].ooo) {
			out->uncertain_rows++;
			continue;
		}
		switch (v->rows[i].info.kind) {
		case LTTR_VROW_CPU:
			verify_cpu(v, i, out);
			break;
		case LTTR_VROW_TASK:
			verify_task(v, i, out);
			break;
		default:
			break;
		}
	}
	out->out_of_order = v->out_of_order;
	return !out->mismatches;
}

size_t lttr_view_warnings(struct lttr_view *v, char (*out)[LTTR_VIEW_WARNING_LEN], size_t max)
{
	const struct lttr_trace *t = lttr_view_trace(v);
	const struct lttr_account *a = lttr_view_account(v);
	struct lttr_view_verify vv;
	char cut[LTTR_VIEW_WARNING_LEN];
	size_t n = 0, i;
	unsigned int c;

#define ADD(...) do {								\
		if (out && n < max)						\
			snprintf(out[n], LTTR_VIEW_WARNING_LEN, __VA_ARGS__);	\
		n++;								\
	} while (0)
	/* a salvaged cut is said by the reader's own warnings below */
	if (!(lttr_trace_header(t)->flags & LTT_TRACE_COMPLETE))
		ADD("the trace is not complete: the daemon did not stop it cleanly");
	for (i = 0; i < lttr_trace_warning_count(t); i++)
		ADD("%s", lttr_trace_warning(t, i));
	for (c = 0; c < lttr_trace_ncpus(t); c++) {
		uint64_t lost = lttr_trace_lost_cpu(t, c);

		if (lost)
			ADD("cpu %u: %llu events lost (marked on its row where they were): its time in the gaps is unknown, not idle, and the tasks current around them, or ready to run then, are unknown (nodata) there",
			    c, (unsigned long long)lost);
		if (lttr_trace_overwritten(t, c))
			ADD("cpu %u: %llu buffers overwritten (flight recorder)", c,
			    (unsigned long long)lttr_trace_overwritten(t, c));
		if (a && lttr_acct_cut_warning(a, c, cut, sizeof(cut)))
			ADD("%s", cut);
	}
	if (a && a->anomalies)
		ADD("%llu transitions contradicted the control rules (lost events?)",
		    (unsigned long long)a->anomalies);
	if (!lttr_view_verify(v, &vv))
		ADD("the view and the accounting disagree: %s", vv.first);
	if (vv.uncertain_rows)
		ADD("%llu row%s show a task on two CPUs at once (lost events?): their figures are unsure",
		    (unsigned long long)vv.uncertain_rows, vv.uncertain_rows == 1 ? "" : "s");
#undef ADD
	return n;
}
