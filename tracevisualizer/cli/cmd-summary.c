// SPDX-License-Identifier: GPL-2.0
/*
 * cmd-summary.c - "tracevisualizer summary": counts per type, CPU,
 * process and syscall, and lost events.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <lttr/lttr.h>
#include "cli.h"
#include "timetable.h"

static void print_secs(const char *label, uint64_t ns)
{
	printf("%s%" PRIu64 ".%09" PRIu64 " s", label, ns / 1000000000U,
	       ns % 1000000000U);
}

static void print_sc(const char *indent, const struct lttr_sccount *c)
{
	struct lttr_sccount_slot *v;
	size_t n = 0, i;
	char nb[32];

	v = lttr_sccount_list(c, &n);
	for (i = 0; v && i < n; i++)
		printf("%s%-24s %12" PRIu64 " %12" PRIu64 "\n", indent,
		       lttr_syscall_str(v[i].nr, nb, sizeof(nb)), v[i].entries,
		       v[i].exits);
	free(v);
}

/* the names of the ids of a mask, as one line */
static void print_mask(const struct ltt_event_mask *m)
{
	unsigned int i;
	char tb[24];

	for (i = 0; i < LTT_EV_MAX; i++)
		if (lttr_event_mask_has(m, i))
			printf(" %s", lttr_event_type_str(i, tb, sizeof(tb)));
}

/* the configuration of the tracer, where it differs from the default */
static void print_config(const struct lttr_trace *t, const struct lttr_summary *s)
{
	const struct ltt_trace_header *h = lttr_trace_header(t);
	const struct ltt_syscall_ip *sip = &h->syscall_ip;
	struct ltt_event_mask nod;
	unsigned int i;
	bool any = false;

	if (lttr_trace_flight(t)) {
		uint64_t over = 0;
		unsigned int c;

		for (c = 0; c < s->ncpus; c++)
			over += s->cpu[c].overwritten;
		printf("This is a flight recorder trace: only the last buffers of each CPU were kept (%" PRIu64 " earlier buffers overwritten",
		       over);
		for (c = 0; c < s->ncpus; c++) {
			if (!s->cpu[c].overwritten)
				continue;
			printf("%s cpu %u: %" PRIu64, any ? "," : ";", c,
			       s->cpu[c].overwritten);
			any = true;
		}
		printf(")\n");
	}
	if (h->flags & LTT_TRACE_FILTERED) {
		const struct ltt_filter *f = &h->filter;

		printf("Filter: events of the tasks with");
		if (f->flags & LTT_FILTER_PID)
			printf(" pid %d", f->pid);
		if (f->flags & LTT_FILTER_TGID)
			printf(" tgid %d", f->pid);
		if (f->flags & LTT_FILTER_PGRP)
			printf(" pgrp %d", f->pgrp);
		if (f->flags & LTT_FILTER_UID)
			printf(" uid %u", f->uid);
		if (f->flags & LTT_FILTER_GID)
			printf(" gid %u", f->gid);
		printf(" (and the schedule changes to them)\n");
	}
	memset(&nod, 0, sizeof(nod));
	any = false;
	for (i = 0; i < LTT_EV_MAX; i++)
		if (lttr_event_type_name(i) && lttr_event_mask_has(&h->mask, i) &&
		    !lttr_event_mask_has(&h->details, i)) {
			nod.bits[i / 64] |= 1ULL << (i % 64);
			any = true;
		}
	if (any) {
		printf("Recorded without details (counted, no payload):");
		print_mask(&nod);
		printf("\n");
	}
	if (sip->mode == LTT_SIP_DEPTH)
		printf("Syscall IP: return address %u frames up the user stack\n",
		       sip->depth);
	else if (sip->mode == LTT_SIP_RANGE)
		printf("Syscall IP: first return address in [0x%llx, 0x%llx) within %u stack words\n",
		       (unsigned long long)sip->lower,
		       (unsigned long long)sip->upper, sip->depth);
	else if (sip->mode != LTT_SIP_RAW)
		printf("Syscall IP: unknown mode %u\n", sip->mode);
	if (h->capture_len)
		printf("Packet capture: the first %u bytes of each packet\n",
		       h->capture_len);
	if (h->flags & LTT_TRACE_NO_CPUID)
		printf("CPU ids: not logged (not shown by dump)\n");
	if (h->flags & LTT_TRACE_FULL_RECORDS)
		printf("Records: full layouts only (compact forms turned off)\n");
}

static void print_mask_changes(const struct lttr_trace *t,
			       const struct lttr_summary *s)
{
	uint64_t start = lttr_trace_header(t)->start_ns;
	size_t i;
	unsigned int k;

	if (!s->nmask_changes)
		return;
	printf("\nEvent mask changes (the events recorded from then on):\n");
	for (i = 0; i < s->nmask_changes; i++) {
		const struct lttr_summary_mask *m = &s->mask_changes[i];
		const struct ltt_event_mask *prev = i ? &s->mask_changes[i - 1].mask :
			&lttr_trace_header(t)->mask;
		struct ltt_event_mask added, removed;
		uint64_t rel = m->time_ns > start ? m->time_ns - start : 0;

		for (k = 0; k < LTT_EV_MAX / 64; k++) {
			added.bits[k] = m->mask.bits[k] & ~prev->bits[k];
			removed.bits[k] = prev->bits[k] & ~m->mask.bits[k];
		}
		printf("  %" PRIu64 ".%09" PRIu64 " s cpu %u: added", rel / 1000000000U,
		       rel % 1000000000U, m->cpu);
		print_mask(&added);
		printf("; removed");
		print_mask(&removed);
		printf("\n");
	}
}

static void print_text(const struct lttr_trace *t, const struct lttr_summary *s)
{
	const struct ltt_trace_header *h = lttr_trace_header(t);
	uint64_t end = lttr_trace_end_ns(t);
	struct lttr_process **pv;
	size_t np = 0, i;
	unsigned int c;
	char tb[24];

	printf("Trace %s: format %u.%u, %s, kernel %s, host %s\n",
	       lttr_trace_dir(t), h->major, h->minor, lttr_trace_arch(t),
	       lttr_trace_release(t), lttr_trace_hostname(t));
	print_secs("Duration: ", end > h->start_ns ? end - h->start_ns : 0);
	printf(", %u CPUs, %zu buffers (%u bytes x %u per CPU), %s\n",
	       lttr_trace_ncpus(t), lttr_trace_total_buffers(t),
	       h->buffer_size, h->buffer_count,
	       lttr_trace_complete(t) ? "complete" : "INCOMPLETE");
	print_config(t, s);
	for (i = 0; i < lttr_trace_warning_count(t); i++)
		printf("Warning: %s\n", lttr_trace_warning(t, i));
	if (s->windowed)
		printf("\nWindow: %.9f s to %.9f s after the trace's start: the events in it (one at its end\n"
		       " is the next window's); processes with events in it\n",
		       ((double)s->from_ns - (double)h->start_ns) / 1e9,
		       ((double)s->to_ns - (double)h->start_ns) / 1e9);

	printf("\nEvents: %" PRIu64 " (control %" PRIu64 ", unknown %" PRIu64 ")\n",
	       s->total, s->control, s->unknown);
	for (i = 0; i < LTT_EV_MAX; i++)
		if (s->by_id[i])
			printf("  %-20s %12" PRIu64 "\n",
			       lttr_event_type_str((unsigned int)i, tb, sizeof(tb)),
			       s->by_id[i]);

	printf("\nCPUs:\n  %-4s %12s %10s %8s %20s %20s\n", "cpu", "events", "lost",
	       "buffers", "first_ns", "last_ns");
	for (c = 0; c < s->ncpus; c++)
		printf("  %-4u %12" PRIu64 " %10" PRIu64 " %8" PRIu64 " %20" PRIu64 " %20" PRIu64 "\n",
		       c, s->cpu[c].events, s->cpu[c].lost, s->cpu[c].buffers,
		       s->cpu[c].first_ns, s->cpu[c].last_ns);

	printf("\nLost events: %" PRIu64 "%s%s\n", s->lost_total,
	       lttr_trace_lost_info(t, 0) ? "" : " (from buffer headers; no lost file)",
	       s->windowed ? " (in the gaps that begin in the window or are open at its start;"
	       " by type, only for the whole trace)" : "");
	for (i = 0; i < 64; i++)
		if (s->lost_by_id[i])
			printf("  %-20s %12" PRIu64 "\n",
			       lttr_event_type_str((unsigned int)i, tb, sizeof(tb)),
			       s->lost_by_id[i]);
	print_sc("  syscall ", &s->lost_syscalls);

	printf("\nProcesses:\n  %7s %7s %7s %10s %-6s %-17s %s\n", "pid", "tgid",
	       "ppid", "events", "forked", "exit", "name (earlier names <- on exec, rename)");
	pv = lttr_ptable_sorted(s->procs, &np);
	for (i = 0; pv && i < np; i++) {
		const struct lttr_process *p = pv[i];
		char ex[48] = "-";
		size_t k;

		if (s->windowed && !p->events)
			continue;
		if (p->exited)
			lttr_exit_code_str(p->exit_code, ex, sizeof(ex));
		printf("  %7u %7u %7u %10" PRIu64 " %-6s %-17s %s", p->pid,
		       p->tgid, p->ppid, p->events, p->forked ? "yes" : "no",
		       ex, p->name);
		for (k = p->nnames - 1; k-- > 0;)
			printf(" <- %s", p->names[k].name);
		putchar('\n');
		print_sc("          ", &p->syscalls);
	}
	free(pv);

	printf("\nSyscalls:\n  %-24s %12s %12s\n", "name", "entries", "exits");
	print_sc("  ", &s->syscalls);

	if (s->ncustom) {
		uint64_t total = 0;

		for (i = 0; i < s->ncustom; i++)
			total += s->custom[i].count;
		printf("\nInstances of custom events by type name: %" PRIu64 " (%zu names",
		       total, s->ncustom);
		if (s->custom_warned)
			printf(", %" PRIu64 " shown with a warning", s->custom_warned);
		printf(")\n  %-32s %12s %10s\n", "name", "count", "warnings");
		for (i = 0; i < s->ncustom; i++) {
			char ub[40];

			snprintf(ub, sizeof(ub), "(unknown type %u)",
				 s->custom[i].type_id);
			printf("  %-32s %12" PRIu64 " %10" PRIu64 "\n",
			       s->custom[i].name ? s->custom[i].name : ub,
			       s->custom[i].count, s->custom[i].warned);
		}
	}
	print_mask_changes(t, s);
}

static void print_time(const struct lttr_account *a,
		       const struct lttr_account_check *c)
{
	struct lttr_acct_task *g;
	size_t n = 0, i;

	printf("\n");
	cli_print_systime(a);
	printf("\nProcess time (ms; life = wall-clock lifetime, thr-time = its threads' lifetimes summed;\n"
	       " %%run, %%user, %%wio (blocked in I/O) are shares of thr-time):\n");
	cli_print_taskhead();
	g = lttr_account_group(a, &n);
	for (i = 0; g && i < n; i++)
		if (g[i].running_ns || g[i].runnable_ns ||
		    g[i].blocked_ns[LTTR_BLOCK_UNKNOWN] != g[i].end_ns - g[i].begin_ns)
			cli_print_taskrow(&g[i]);
	lttr_account_group_free(g, n);
	printf("\nConservation (tolerance %llu ns): cpu %s, split %s, lifetime %s\n",
	       (unsigned long long)c->tolerance_ns, c->cpu_ok ? "ok" : "FAILED",
	       c->split_ok ? "ok" : "FAILED", c->life_ok ? "ok" : "FAILED");
}

static void json_time(struct lttr_json *j, const struct lttr_account *a,
		      const struct lttr_account_check *c)
{
	struct lttr_acct_task *g;
	size_t n = 0, i;

	lttr_json_key(j, "time");
	lttr_json_begin_object(j);
	lttr_json_key(j, "system");
	lttr_json_systime(j, a);
	lttr_json_key(j, "processes");
	lttr_json_begin_array(j);
	g = lttr_account_group(a, &n);
	for (i = 0; g && i < n; i++)
		lttr_json_tasktime(j, &g[i], false);
	lttr_account_group_free(g, n);
	lttr_json_end_array(j);
	lttr_json_end_object(j);
	lttr_json_key(j, "conservation");
	lttr_json_conservation(j, c);
}

int cmd_summary(struct cli_opts *o)
{
	struct lttr_trace *t = NULL;
	struct lttr_summary *s = NULL;
	struct lttr_account *a = NULL;
	struct lttr_account_check c;
	struct lttr_error err;
	struct lttr_json j;
	int status = 0;

	uint64_t from, to;
	bool win;
	int ost;

	if (cli_is_merged(o->dir)) {
		if (o->has_from || o->has_to || o->time)
			return cli_needs("summary", "one trace for --time, --from and --to (a merged set has several)");
		return cli_summary_merged(o);
	}
	ost = cli_open(o, &t);
	if (ost)
		return ost;
	win = cli_window(o, t, &from, &to);
	if ((win ? lttr_summary_compute_window(t, from, to, &s, &err) :
	     lttr_summary_compute(t, &s, &err)) < 0) {
		cli_trace_error(err.msg);
		lttr_trace_close(t);
		return EXIT_TRACE;
	}
	if (o->time && (win ? lttr_account_compute_window(t, from, to, &a, &err) :
			lttr_account_compute(t, &a, &err)) < 0) {
		cli_trace_error(err.msg);
		lttr_summary_free(s);
		lttr_trace_close(t);
		return EXIT_TRACE;
	}
	if (a)
		lttr_account_check(a, o->tolerance_ns, &c);
	if (o->json) {
		lttr_json_init(&j, stdout, o->pretty);
		lttr_json_summary_open(&j, t, s);
		if (a)
			json_time(&j, a, &c);
		lttr_json_end_object(&j);
		if (!o->pretty)
			putchar('\n');
	} else {
		print_text(t, s);
		if (a)
			print_time(a, &c);
	}
	lttr_summary_free(s);
	return cli_finish(t, a, status);
}
