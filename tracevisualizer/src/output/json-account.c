// SPDX-License-Identifier: GPL-2.0
/*
 * json-account.c - JSON forms of the accounting results.
 */
#include <string.h>
#include <lttr/reader/event.h>
#include <lttr/output/json-account.h>
#include <lttr/analysis/share.h>
#include <lttr/output/account-columns.h>
#include <lttr/reader/syscalls.h>
#include <lttr/reader/trace.h>

void lttr_json_lat(struct lttr_json *j, const struct lttr_lat *l, bool hist)
{
	lttr_json_begin_object(j);
	lttr_json_kv_u64(j, "count", l->count);
	lttr_json_kv_u64(j, "total_ns", l->total);
	lttr_json_kv_u64(j, "min_ns", l->min);
	lttr_json_kv_u64(j, "max_ns", l->max);
	lttr_json_kv_u64(j, "mean_ns", lttr_lat_mean(l));
	if (hist) {
		unsigned int i, last = 0;

		for (i = 0; i < LTTR_HIST_BUCKETS; i++)
			if (l->hist[i])
				last = i + 1;
		lttr_json_key(j, "log2_hist");
		lttr_json_begin_array(j);
		for (i = 0; i < last; i++)
			lttr_json_u64(j, l->hist[i]);
		lttr_json_end_array(j);
	}
	lttr_json_end_object(j);
}

void lttr_json_syscallstats(struct lttr_json *j, const struct lttr_acct_sc *v,
			    size_t n)
{
	char nb[32];
	size_t i;

	lttr_json_begin_object(j);
	for (i = 0; i < n; i++) {
		lttr_json_key(j, lttr_syscall_str(v[i].nr, nb, sizeof(nb)));
		lttr_json_begin_object(j);
		lttr_json_kv_u64(j, "nr", v[i].nr);
		lttr_json_kv_u64(j, "count", v[i].lat.count);
		lttr_json_kv_u64(j, "partial", v[i].partial);
		lttr_json_kv_u64(j, "no_return", v[i].no_return);
		lttr_json_kv_u64(j, "cpu_ns", v[i].cpu_ns);
		lttr_json_kv_u64(j, "blocked_ns", v[i].blocked_ns);
		lttr_json_kv_u64(j, "runnable_ns", v[i].runnable_ns);
		lttr_json_key(j, "latency");
		lttr_json_lat(j, &v[i].lat, true);
		lttr_json_end_object(j);
	}
	lttr_json_end_object(j);
}

void lttr_json_tasktime(struct lttr_json *j, const struct lttr_acct_task *tk,
			bool syscalls)
{
	const char *in = NULL;	/* the object of the figures open */
	size_t i;

	lttr_json_begin_object(j);
	lttr_json_kv_u64(j, "pid", tk->pid);
	lttr_json_kv_u64(j, "tgid", tk->tgid);
	lttr_json_kv_u64(j, "ppid", tk->ppid);
	lttr_json_key(j, "name");
	lttr_json_string(j, tk->name);
	lttr_json_key(j, "cmdline");
	if (tk->cmdline)
		lttr_json_string(j, tk->cmdline);
	else
		lttr_json_null(j);
	lttr_json_kv_u64(j, "threads", tk->threads);
	lttr_json_kv_u64(j, "begin_ns", tk->begin_ns);
	lttr_json_kv_u64(j, "end_ns", tk->end_ns);
	for (i = 0; i < lttr_acct_ncols; i++) {
		const struct lttr_acct_col *c = &lttr_acct_cols[i];

		if (!c->json_key)
			continue;
		if (in && (!c->json_in || strcmp(in, c->json_in))) {
			lttr_json_end_object(j);
			in = NULL;
		}
		if (c->json_in && !in) {
			in = c->json_in;
			lttr_json_key(j, in);
			lttr_json_begin_object(j);
		}
		lttr_json_kv_u64(j, c->json_key, c->get(tk));
	}
	if (in)
		lttr_json_end_object(j);
	lttr_json_key(j, "exited");
	lttr_json_bool(j, tk->exited);
	lttr_json_key(j, "sched_latency");
	lttr_json_lat(j, &tk->sched_lat, false);
	if (syscalls) {
		lttr_json_key(j, "syscalls");
		lttr_json_syscallstats(j, tk->sc, tk->nsc);
	}
	lttr_json_end_object(j);
}

void lttr_json_systime(struct lttr_json *j, const struct lttr_account *a)
{
	uint64_t w = a->end_ns - a->start_ns;
	uint64_t idle = 0, user = 0, kern = 0, irq = 0, sirq = 0, unk = 0;
	unsigned int c;

	lttr_json_begin_object(j);
	lttr_json_kv_u64(j, "window_ns", w);
	lttr_json_key(j, "cpus");
	lttr_json_begin_array(j);
	for (c = 0; c < a->ncpus; c++) {
		const struct lttr_acct_cpu *p = &a->cpu[c];

		lttr_json_begin_object(j);
		lttr_json_kv_u64(j, "cpu", c);
		lttr_json_kv_u64(j, "idle_ns", p->idle_ns);
		lttr_json_kv_u64(j, "user_ns", p->user_ns);
		lttr_json_kv_u64(j, "kernel_ns", p->kernel_ns);
		lttr_json_kv_u64(j, "irq_ns", p->irq_ns);
		lttr_json_kv_u64(j, "softirq_ns", p->softirq_ns);
		lttr_json_kv_u64(j, "unknown_ns", p->unknown_ns);
		lttr_json_kv_u64(j, "scheduled_ns", p->sched_ns);
		lttr_json_kv_u64(j, "busy_ns", lttr_acct_cpu_busy(a, c));
		lttr_json_kv_u64(j, "utilisation_ppm", lttr_acct_cpu_util_ppm(a, c));
		lttr_json_kv_u64(j, "switches", p->switches);
		lttr_json_end_object(j);
		idle += p->idle_ns;
		user += p->user_ns;
		kern += p->kernel_ns;
		irq += p->irq_ns;
		sirq += p->softirq_ns;
		unk += p->unknown_ns;
	}
	lttr_json_end_array(j);
	lttr_json_kv_u64(j, "idle_ns", idle);
	lttr_json_kv_u64(j, "user_ns", user);
	lttr_json_kv_u64(j, "kernel_ns", kern);
	lttr_json_kv_u64(j, "irq_ns", irq);
	lttr_json_kv_u64(j, "softirq_ns", sirq);
	lttr_json_kv_u64(j, "unknown_ns", unk);
	lttr_json_kv_u64(j, "anomalies", a->anomalies);
	lttr_json_kv_u64(j, "lost_gaps", a->lost_gaps);
	lttr_json_key(j, "sched_latency");
	lttr_json_lat(j, &a->sched_lat, true);
	lttr_json_end_object(j);
}

void lttr_json_irqstats(struct lttr_json *j, const struct lttr_trace *t,
			const struct lttr_account *a)
{
	size_t i;

	lttr_json_begin_array(j);
	for (i = 0; i < a->nirqs; i++) {
		const struct lttr_acct_irq *q = &a->irqs[i];
		const char *name = q->sysvec ? lttr_sysvec_name(q->irq) :
			lttr_trace_irq_name(t, q->irq);

		lttr_json_begin_object(j);
		lttr_json_kv_u64(j, "irq", q->irq);
		lttr_json_key(j, "sysvec");
		lttr_json_bool(j, q->sysvec);
		lttr_json_key(j, "name");
		lttr_json_string(j, name ? name : "");
		lttr_json_key(j, "duration");
		lttr_json_lat(j, &q->lat, true);
		lttr_json_end_object(j);
	}
	lttr_json_end_array(j);
}

void lttr_json_softirqstats(struct lttr_json *j, const struct lttr_account *a)
{
	size_t i;

	lttr_json_begin_array(j);
	for (i = 0; i < a->nsoftirqs; i++) {
		const struct lttr_acct_softirq *q = &a->softirqs[i];
		const char *name = lttr_softirq_name(q->vec);

		lttr_json_begin_object(j);
		lttr_json_kv_u64(j, "vec", q->vec);
		lttr_json_key(j, "name");
		lttr_json_string(j, name ? name : "");
		lttr_json_key(j, "duration");
		lttr_json_lat(j, &q->lat, true);
		lttr_json_end_object(j);
	}
	lttr_json_end_array(j);
}

void lttr_json_conservation(struct lttr_json *j,
			    const struct lttr_account_check *c)
{
	lttr_json_begin_object(j);
	lttr_json_key(j, "ok");
	lttr_json_bool(j, c->cpu_ok && c->split_ok && c->life_ok);
	lttr_json_kv_u64(j, "tolerance_ns", c->tolerance_ns);
	lttr_json_key(j, "cpu_ok");
	lttr_json_bool(j, c->cpu_ok);
	lttr_json_key(j, "split_ok");
	lttr_json_bool(j, c->split_ok);
	lttr_json_key(j, "life_ok");
	lttr_json_bool(j, c->life_ok);
	lttr_json_kv_u64(j, "cpu_err_ns", c->cpu_err);
	lttr_json_kv_u64(j, "cpu_worst", c->cpu_worst);
	lttr_json_kv_u64(j, "split_err_ns", c->split_err);
	lttr_json_kv_u64(j, "split_worst_pid", c->split_worst);
	lttr_json_kv_u64(j, "life_err_ns", c->life_err);
	lttr_json_kv_u64(j, "life_worst_pid", c->life_worst);
	lttr_json_kv_u64(j, "violations", c->violations);
	lttr_json_end_object(j);
}
