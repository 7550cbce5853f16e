// SPDX-License-Identifier: GPL-2.0
/*
 * cmd-audit.c - "tracevisualizer audit TRACEDIR": the firings of a
 * traced --rules session in order (TRACEDIR/firings.jsonl), each with its
 * condition's values, its snapshot, its notify command's end, the
 * explanation of its instance (parts adding up to its latency, as
 * latency --explain) and the critical blame of it (lttr_audit_firing(),
 * lttr/audit/firings.h), the heavy logs captured for it, and the heavy
 * logging over all of them, blame against volume per task
 * (lttr/audit/heavy.h); --json the same (lttr_json_audit(),
 * lttr_json_heavy_summary()).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/lttr.h>
#include <lttr/analysis/explain.h>
#include <lttr/audit/firings.h>
#include <lttr/audit/heavy.h>
#include <lttr/audit/rules.h>
#include <lttr/model/flow.h>
#include <lttr/output/json.h>
#include <lttr/output/timing-layout.h>
#include <lttr/output/timing-text.h>
#include <lttr/reader/syscalls.h>
#include <lttr/symbols/symbols.h>
#include "cli.h"

static void print_party(const struct lttr_blame *b, size_t i)
{
	const struct lttr_blame_party *p = &b->party[i];
	char who[96];

	lttr_blame_party_str(b, i, who, sizeof(who));
	printf("    %s %2zu  %-32s %12.3f us %6.1f %%  %s\n", p->top ? "*" : " ", i + 1, who,
	       (double)p->blame_ns / 1e3, lttr_blame_share(b, i),
	       p->critical ? "on the critical path" : "off the path (held a CPU it waited for)");
}

static void print_sites(const struct lttr_blame *b, size_t max)
{
	size_t i;

	printf("    where (the tasks' blame by state and place):\n");
	for (i = 0; i < b->nsite && i < max; i++) {
		const struct lttr_blame_site *s = &b->site[i];

		printf("      %12.3f us  %u %s %s in %s%s%s\n", (double)s->blame_ns / 1e3, s->pid,
		       lttr_timing_task_name(b->acct, s->pid), lttr_cp_state_name(s->state, s->reason),
		       lttr_mode_name(s->mode), s->mode == LTTR_MODE_SYSCALL ? " " : "",
		       s->mode == LTTR_MODE_SYSCALL ? lttr_syscall_name(s->what) : "");
	}
	if (b->nsite > max)
		printf("      (and %zu more)\n", b->nsite - max);
}

static void print_code(const struct lttr_blame *b, size_t max)
{
	size_t i;

	if (!b->code_known) {
		printf("    code paths: %s\n", lttr_blame_code_unavailable(b));
		return;
	}
	printf("    code paths (the blame of each time also to the stack recorded for it, a path\n"
	       "    named by its %u leaf frames%s; *: as the parties are chosen):\n",
	       LTTR_BLAME_CODE_FRAMES, b->code_named ? "" : ", as addresses");
	for (i = 0; i < b->ncode && i < max; i++)
		printf("    %s %2zu  %12.3f us %6.1f %%  %s  %s\n", b->code[i].top ? "*" : " ", i + 1,
		       (double)b->code[i].blame_ns / 1e3, lttr_blame_code_share(b, i),
		       b->code[i].critical ? "on the path " : "off the path", b->code[i].name);
	if (b->ncode > max)
		printf("      (and %zu more: audit --json lists them all)\n", b->ncode - max);
	if (!b->ncode)
		printf("      none: no stack recorded for the instance's time\n");
	if (b->nostack_ns)
		printf("    (%.3f us without a recorded stack)\n", (double)b->nostack_ns / 1e3);
}

static void print_volume(const struct lttr_heavy_party *p)
{
	if (p->counted)
		printf("%" PRIu64 " events, %" PRIu64 " stacks, %" PRIu64 " bytes", p->events,
		       p->stacks, p->bytes);
	else
		printf("volume unknown");
}

/* the matched (@matched) or unmatched instances of sample @s */
/* " (drawn at P % from N seen)" after a kind's count, when not each one was kept */
static void print_drawn(uint32_t ppm, bool seen_known, uint64_t seen)
{
	if (ppm >= LTTR_LOG_PROB_ALL)
		return;
	printf(" (drawn at %g %%", ppm / 1e4);
	if (seen_known)
		printf(" from %" PRIu64 " seen", seen);
	printf(")");
}

static void print_sampled(const struct lttr_heavy_sample *s, bool matched)
{
	size_t i, k;

	for (i = 0; i < s->n; i++) {
		const struct lttr_heavy_instance *in = &s->inst[i];

		if (in->matched != matched)
			continue;
		printf("      %-9s at %.9f s, task %u %s:", matched ? "matched" : "unmatched",
		       (double)in->time_ns / 1e9, in->pid, in->comm[0] ? in->comm : "?");
		for (k = 0; k < in->nvalues; k++) {
			printf("%s %s = ", k ? "," : "", in->values[k].expr);
			if (in->values[k].known)
				printf("%" PRId64, in->values[k].v);
			else
				printf("unknown");
		}
		printf("\n");
		if (s->ex && s->ex->trace && in->ex)
			tt_explanation(s->ex->trace, s->ex->expl->acct, &s->ex->expl->v[in->ex - 1],
				       "        ", 0);
	}
}

static void print_log(const struct lttr_heavy_log *l)
{
	size_t i;

	if (l->skipped) {
		printf("  heavy logging: none, that of firing %u was still on\n", l->skipped_by);
		return;
	}
	if (l->from_ns || l->to_ns)
		printf("  heavy logging from %.9f s to %.9f s (%.3f us, ", (double)l->from_ns / 1e9,
		       (double)l->to_ns / 1e9,
		       l->to_ns > l->from_ns ? (double)(l->to_ns - l->from_ns) / 1e3 : 0.0);
	else
		printf("  heavy logging at an unknown time (");
	printf("ended: %s; volume %s):\n", l->ended[0] ? l->ended : "not said",
	       l->source == LTTR_HEAVY_FROM_LINE ? "as traced counted it" :
	       l->source == LTTR_HEAVY_FROM_TRACE ? "counted in the trace" : "unknown");
	if (l->why[0])
		printf("    (the blame did not choose: %s)\n", l->why);
	for (i = 0; i < l->nparty; i++) {
		const struct lttr_heavy_party *p = &l->party[i];

		printf("    task %u: blame ", p->pid);
		if (p->blame_known)
			printf("%.3f us, ", (double)p->blame_ns / 1e3);
		else
			printf("unknown, ");
		print_volume(p);
		printf("\n");
	}
	if (!l->nparty)
		printf("    no task logged\n");
	if (l->sample) {
		const struct lttr_heavy_sample *sm = l->sample;

		printf("    sample of the rule's instances while logged: %u of %u matched",
		       sm->matched, sm->matched_goal);
		print_drawn(sm->matched_ppm, sm->seen_known, sm->matched_seen);
		printf(", %u of %u unmatched", sm->unmatched, sm->unmatched_goal);
		print_drawn(sm->unmatched_ppm, sm->seen_known, sm->unmatched_seen);
		printf("\n");
		if (sm->ex && !sm->ex->trace)
			printf("      (not explained: %s)\n", sm->ex->why);
		print_sampled(l->sample, true);
		print_sampled(l->sample, false);
	}
	if (l->warning[0])
		printf("    warning: %s\n", l->warning);
}

static void print_summary(const struct lttr_heavy_summary *s)
{
	size_t i;

	if (!s->firings)
		return;
	printf("heavy logging over %u firings: %u logged, %u skipped, %u with a warning\n",
	       s->firings, s->logged, s->skipped, s->warnings);
	printf("  per task, its blame against the events logged for it (the volume follows\n"
	       "  the blame when the shares match):\n");
	printf("  %8s %5s %12s %7s %10s %7s %14s\n", "pid", "logs", "blame us", "share", "events",
	       "share", "events/ms blame");
	for (i = 0; i < s->n; i++) {
		const struct lttr_heavy_total *t = &s->t[i];

		printf("  %8u %5u %12.3f %6.1f%% %10" PRIu64 " %6.1f%% ", t->pid, t->logs,
		       (double)t->blame_ns / 1e3, t->blame_share, t->events, t->event_share);
		if (t->events_per_ms < 0)
			printf("%14s", "no blame");
		else
			printf("%14.3f", t->events_per_ms);
		if (t->blame_unknown)
			printf("  (%u with blame unknown)", t->blame_unknown);
		if (t->volume_unknown)
			printf("  (%u with volume unknown)", t->volume_unknown);
		printf("\n");
	}
	printf("  total %25.3f %19" PRIu64 "\n", (double)s->blame_ns / 1e3, s->events);
}

static void print_firing(const struct lttr_firing_rec *f, const struct lttr_audit *a)
{
	char side[256];
	size_t i;

	printf("firing %u at %.9f s: rule %u (line %u): %s\n", f->seq, (double)f->time_ns / 1e9,
	       f->rule, f->line, f->text);
	lttr_firing_side_str(f, side, sizeof(side));	/* a request: at which side, on which socket */
	printf("  %s%s%s of task %u %s on cpu %u", f->type, side[0] ? " " : "", side, f->pid,
	       f->comm, f->cpu);
	if (f->time_ns > f->start_ns)
		printf(", from %.9f s: %.3f us", (double)f->start_ns / 1e9,
		       (double)(f->time_ns - f->start_ns) / 1e3);
	printf("\n  condition:");
	for (i = 0; i < f->nval; i++) {
		printf("%s %s = ", i ? "," : "", f->val[i].expr);
		if (f->val[i].known)
			printf("%" PRId64, f->val[i].value);
		else
			printf("unknown");
		if (f->val[i].has_samples)
			printf(" (%" PRIu64 " samples)", f->val[i].samples);
	}
	printf("%s\n", f->window_truncated ? " (a window truncated)" : "");
	if (f->suppressed_before)
		printf("  %" PRIu64 " matches before it not fired (hold-off)\n", f->suppressed_before);
	printf("  actions: %s\n", f->actions);
	if (f->has_snapshot)
		printf("  snapshot: %s (%s, %" PRIu64 " buffers, %" PRIu64 " events dropped)\n",
		       f->snap_dir, f->snap_complete ? "complete" : "INCOMPLETE", f->snap_buffers,
		       f->snap_dropped);
	if (f->has_snapshot && !f->snap_complete) {
		char note[640];

		printf("  %s\n", lttr_firing_snap_note(f, note, sizeof(note)));
	}
	if (f->notified) {
		if (f->notify_killed)
			printf("  notify: killed after its timeout\n");
		else if (f->notify_exit_known)
			printf("  notify: exit %d\n", f->notify_exit);
		else
			printf("  notify: ended by a signal\n");
	}
	if (f->log)
		print_log(f->log);
	if (!a)
		return;
	if (!a->analysed) {
		printf("  instance: not analysed in %s: %s\n", a->trace_dir, a->why);
		return;
	}
	printf("  the instance explained (in %s; the parts add up to %.3f us):\n", a->trace_dir,
	       (double)a->latency_ns / 1e3);
	tt_explanation(a->trace, a->expl->acct, &a->expl->v[0], "    ", 12);
	printf("  critical blame (each time of its critical path split equally among the parties\n"
	       "  active then; *: the %u with most blame on the path, and those off it\n"
	       "  overlapping them with at least as much):\n", a->blame->n);
	for (i = 0; i < a->blame->nparty; i++)
		print_party(a->blame, i);
	if (a->blame->unblamed_ns)
		printf("    (%.3f us blamed on nobody)\n", (double)a->blame->unblamed_ns / 1e3);
	print_sites(a->blame, 8);
	print_code(a->blame, 8);
	if (a->code_warning[0])
		printf("    warning: %s\n", a->code_warning);
}

struct replay {
	unsigned int seq;
	bool json;
};

static void replay_fire(void *arg, const struct lttr_firing *f)
{
	struct replay *r = arg;
	size_t i;

	r->seq++;
	if (r->json) {
		lttr_firing_json(f, r->seq, NULL, stdout);
		return;
	}
	printf("firing %u at %.9f s: rule %u (line %u): %s\n", r->seq, (double)f->time_ns / 1e9,
	       f->rule, f->line, f->text);
	printf("  %s", f->type ? f->type : "event");
	if (f->side) {	/* a request: its side and endpoints, as audit says a firing read back */
		char side[256];

		printf(" %s", lttr_request_side_str(f->side, f->local, f->peer, side, sizeof(side)));
	}
	printf(" of task %u on cpu %u", f->pid, f->cpu);
	if (f->time_ns > f->start_ns)
		printf(", from %.9f s: %.3f us", (double)f->start_ns / 1e9,
		       (double)(f->time_ns - f->start_ns) / 1e3);
	printf("\n  condition:");
	for (i = 0; i < f->nvalues; i++) {
		printf("%s %s = ", i ? "," : "", f->values[i].text);
		if (f->values[i].known)
			printf("%" PRId64, f->values[i].v);
		else
			printf("unknown");
	}
	printf("\n");
}

/* --rules FILE: the rules evaluated on the trace after the fact (lttr_rules_run()) */
static int audit_rules(struct cli_opts *o)
{
	struct replay rp = { .json = o->json };
	struct lttr_rules_stats st;
	struct lttr_rules *rules;
	struct lttr_error err;
	char *text = NULL;
	size_t len = 0;
	FILE *f = fopen(o->rules_file, "r");
	long n;

	if (f) {
		FILE *m = open_memstream(&text, &len);
		char buf[4096];
		size_t k;

		while (m && (k = fread(buf, 1, sizeof(buf), f)) > 0)
			fwrite(buf, 1, k, m);
		if (m)
			fclose(m);
		fclose(f);
	}
	if (!text || strlen(text) != len) {
		fprintf(stderr, "tracevisualizer: --rules %s: %s\n", o->rules_file,
			text ? "a NUL byte in the file" : strerror(errno));
		free(text);
		return EXIT_USAGE;
	}
	if (lttr_rules_parse(text, &rules, &err) < 0) {
		fprintf(stderr, "tracevisualizer: --rules %s: %s\n", o->rules_file, err.msg);
		free(text);
		return EXIT_USAGE;
	}
	free(text);
	n = lttr_rules_run(o->dir, rules, replay_fire, &rp, &err);
	lttr_rules_stats(rules, &st);
	lttr_rules_free(rules);
	if (n < 0) {
		fprintf(stderr, "tracevisualizer: %s\n", err.msg);
		return EXIT_TRACE;
	}
	/* what the firings could not see, said (the numbers traced prints too) */
	if (st.gaps)
		fprintf(stderr, "tracevisualizer: warning: events were lost in %" PRIu64 " gaps: "
			"%" PRIu64 " starts (syscall entries, wakeups, jobs, calls) forgotten there, "
			"no latency measured across lost events\n", st.gaps, st.gap_dropped);
	if (st.unpaired || st.keys_over || st.samples_dropped || st.late || st.sockets_over)
		fprintf(stderr, "tracevisualizer: warning: rules: %" PRIu64 " ends without their "
			"start, %" PRIu64 " events over the keys, %" PRIu64 " samples dropped, %"
			PRIu64 " events out of order, %" PRIu64 " sockets forgotten\n",
			st.unpaired, st.keys_over, st.samples_dropped, st.late, st.sockets_over);
	if (!o->json && !n)
		printf("%s: no firing\n", o->dir);
	return 0;
}

int cmd_audit(struct cli_opts *o)
{
	struct lttr_heavy_summary hs;
	struct lttr_heavy_explained *hx = NULL;
	struct lttr_firing_rec *f;
	struct lttr_error err;
	struct lttr_json j;
	size_t n, i;
	int st = 0;

	if (!o->top)
		return cli_needs("audit", "--top N of 1 or more");
	if (o->rules_file)
		return audit_rules(o);
	if (o->symfs) {	/* read as stacks reads it: a --symfs that is not a directory is an error */
		struct lttr_syms *s;

		if (cli_open_syms(o, &s) < 0)
			return 1;
		lttr_syms_close(s);
	}
	if (lttr_firings_read(o->dir, &f, &n, &err) < 0) {
		fprintf(stderr, "tracevisualizer: %s\n", err.msg);
		return EXIT_TRACE;
	}
	/* the volume of the logs whose line does not count it */
	if (lttr_heavy_count(o->dir, f, n, &err) < 0)
		fprintf(stderr, "tracevisualizer: warning: heavy logging not counted: %s\n",
			err.msg);
	for (i = 0; i < n; i++)
		if (f[i].log && f[i].log->warning[0])
			fprintf(stderr, "tracevisualizer: warning: firing %u: %s\n", f[i].seq,
				f[i].log->warning);
	/* the samples' instances, each explained in the session's trace */
	if (lttr_heavy_explain_samples(o->dir, f, n, &hx, &err) < 0)
		fprintf(stderr, "tracevisualizer: warning: the samples' instances not explained: "
			"%s\n", err.msg);
	else if (hx && !hx->trace)
		fprintf(stderr, "tracevisualizer: warning: the samples' instances not explained: "
			"%s\n", hx->why);
	if (lttr_heavy_summarise(f, n, &hs, &err) < 0) {
		fprintf(stderr, "tracevisualizer: %s\n", err.msg);
		lttr_firings_free(f, n);
		lttr_heavy_explained_free(hx);
		return EXIT_TRACE;
	}
	if (o->json) {
		lttr_json_init(&j, stdout, o->pretty);
		lttr_json_begin_object(&j);
		lttr_json_key(&j, "dir");
		lttr_json_string(&j, o->dir);
		lttr_json_key(&j, "firings");
		lttr_json_begin_array(&j);
	} else if (!n) {
		printf("%s: no firing\n", o->dir);
	}
	for (i = 0; i < n; i++) {
		struct lttr_audit *a = NULL;

		if (lttr_audit_firing(o->dir, o->symfs, &f[i], (unsigned int)o->top, &a, &err) < 0) {
			fprintf(stderr, "tracevisualizer: firing %u: %s\n", f[i].seq, err.msg);
			st = EXIT_TRACE;
		}
		if (o->json)
			lttr_json_audit(&j, &f[i], a);
		else
			print_firing(&f[i], a);
		lttr_audit_free(a);
	}
	if (o->json) {
		lttr_json_end_array(&j);
		lttr_json_key(&j, "heavy_logging");
		lttr_json_heavy_summary(&j, &hs);
		lttr_json_end_object(&j);
		if (!o->pretty)
			putchar('\n');
	}
	if (!o->json)
		print_summary(&hs);
	lttr_heavy_summary_free(&hs);
	lttr_firings_free(f, n);
	lttr_heavy_explained_free(hx);
	return st;
}
