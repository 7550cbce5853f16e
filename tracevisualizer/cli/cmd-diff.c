// SPDX-License-Identifier: GPL-2.0
/*
 * cmd-diff.c - "tracevisualizer diff A B": the difference of two runs
 * (lttr_diff_compute(), lttr_diff_wakers(), lttr_diff_explain()): the
 * processes matched by command line, else by name and role, the change of each pair's elapsed
 * time in parts that add up to it, the processes of one run only, and
 * the worst change explained.  Printing only.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <lttr/lttr.h>
#include <lttr/output/json-diff.h>
#include <lttr/output/timing-layout.h>
#include "cli.h"

/* a duration in ms with its nanoseconds, in a field of @width; @sign:
 * "+" before a positive one */
static void print_ns(int64_t ns, bool sign, int width)
{
	uint64_t a = ns < 0 ? (uint64_t)0 - (uint64_t)ns : (uint64_t)ns;
	char buf[40];

	snprintf(buf, sizeof(buf), "%s%" PRIu64 ".%06" PRIu64,
		 ns < 0 ? "-" : sign && ns > 0 ? "+" : "", a / 1000000, a % 1000000);
	printf("%*s", width, buf);
}

static void print_delta(int64_t ns)
{
	print_ns(ns, true, 14);
}

static void print_ms(int64_t ns)
{
	print_ns(ns, false, 13);
}

static void print_parts(const struct lttr_diff_proc *dp, bool changed_only)
{
	size_t k, w;
	char label[64];

	for (k = 0; k < dp->nparts; k++) {
		const struct lttr_diff_part *p = &dp->parts[k];

		if (changed_only && !p->delta_ns)
			continue;
		printf("    ");
		print_delta(p->delta_ns);
		printf("  %-24s ", lttr_diff_part_str(p, label, sizeof(label)));
		print_ms(p->a_ns);
		printf(" -> ");
		print_ms(p->b_ns);
		printf("%s\n", p->kind == LTTR_DC_UNACCOUNTED ?
		       "  (the accounting's own error: check fails on this trace)" : "");
		for (w = 0; p->kind == LTTR_DC_BLOCKED && w < dp->nwakers; w++) {
			const struct lttr_diff_waker *x = &dp->wakers[w];

			if (x->reason != p->what || (changed_only && !x->delta_ns))
				continue;
			printf("        ");
			print_delta(x->delta_ns);
			printf("  woken by %s\n", x->waker[0] ? x->waker : "(not recorded)");
		}
	}
}

/* a pair whose time or one of whose parts changed */
static bool changed(const struct lttr_diff_proc *dp)
{
	size_t k;

	for (k = 0; k < dp->nparts; k++)
		if (dp->parts[k].delta_ns)
			return true;
	return dp->delta_ns != 0;
}

static void print_proc(const struct lttr_diff_proc *dp)
{
	printf("  ");
	print_delta(dp->delta_ns);
	printf("  ");
	print_ms((int64_t)dp->a_ns);
	printf(" -> ");
	print_ms((int64_t)dp->b_ns);
	if (dp->side == LTTR_DS_BOTH)
		printf("  %s (pid %u -> %u)  %s", dp->name, dp->pid_a, dp->pid_b, dp->key);
	else
		printf("  %s (pid %u)  %s", dp->name,
		       dp->side == LTTR_DS_A ? dp->pid_a : dp->pid_b, dp->key);
	if (dp->match == LTTR_DM_CMDLINE)
		printf("  [cmdline: %s]", dp->cmdline);
	printf("%s\n", dp->whole_a || dp->whole_b ? "  [whole trace]" : "");
}

static void print_explained(const struct lttr_diff *d, const struct lttr_diff_explained *e,
			    size_t rank, struct lttr_trace *ta, struct lttr_trace *tb)
{
	const struct lttr_diff_proc *dp = &d->v[e->proc];
	char label[64];
	size_t n = rank + 1;
	const char *th = n % 100 >= 11 && n % 100 <= 13 ? "th" :
		n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th";

	if (rank)
		printf("\nThe %zu%s worst change explained: ", n, th);
	else
		printf("\nThe worst change explained: ");
	printf("%s (%s), %s ", dp->name, dp->key,
	       lttr_diff_part_str(&dp->parts[e->part], label, sizeof(label)));
	print_delta(dp->parts[e->part].delta_ns);
	printf(" ms; its longest interval in %s: thread %u, %.9f to %.9f s (%.3f us);\n"
	       "its state in the middle of it:\n", e->in_b ? "B" : "A", e->pid,
	       tt_rel(e->in_b ? tb : ta, e->start_ns), tt_rel(e->in_b ? tb : ta, e->end_ns),
	       (double)(e->end_ns - e->start_ns) / 1e3);
	cli_print_explain_at(e->in_b ? tb : ta, e->at);
}

static void print_text(const struct cli_opts *o, const struct lttr_diff *d,
		       struct lttr_diff_explained *const *e, size_t ne, struct lttr_trace *ta,
		       struct lttr_trace *tb)
{
	size_t i, unchanged = 0;
	unsigned int s;

	printf("Diff of two runs: A = %s, B = %s\n", o->dir, o->dir2);
	printf("(a process's elapsed time = its threads' lifetimes summed; times in ms, to the ns;\n"
	       " change = B - A, split into the accounting's parts (user, syscall NAME, trap, kernel,\n"
	       " interrupted, runnable, nodata = state unknown, blocked REASON), which add up to the\n"
	       " change exactly; blocked parts split by waker; processes matched by command line\n"
	       " where both traces have it ([cmdline: ...]), else by name and role: the names\n"
	       " from the root of the process tree, each with its rank among the siblings of\n"
	       " that name in fork order; [whole trace]: alive over the whole of a trace, its\n"
	       " change partly the traces' lengths)\n\n");
	printf("Matched: %zu processes, by |change|:\n", d->nmatched);
	for (i = 0; i < d->n; i++) {
		if (d->v[i].side != LTTR_DS_BOTH)
			continue;
		if (!changed(&d->v[i])) {
			unchanged++;
			continue;
		}
		print_proc(&d->v[i]);
		print_parts(&d->v[i], true);
	}
	if (unchanged)
		printf("  (%zu unchanged: every part the same to the ns)\n", unchanged);
	for (s = LTTR_DS_A; s <= LTTR_DS_B; s++) {
		printf("\nOnly in %s: %zu processes, by elapsed time (change = %s):\n",
		       s == LTTR_DS_A ? "A" : "B", s == LTTR_DS_A ? d->nonly_a : d->nonly_b,
		       s == LTTR_DS_A ? "- its time in A" : "its time in B");
		for (i = 0; i < d->n; i++)
			if (d->v[i].side == s) {
				print_proc(&d->v[i]);
				print_parts(&d->v[i], false);
			}
	}
	for (i = 0; i < ne; i++)
		print_explained(d, e[i], i, ta, tb);
}

/* the warnings of one trace, said to be its */
static int finish(struct lttr_trace *t, struct lttr_account *a, const char *which,
		  const char *dir, int status)
{
	if (lttr_trace_warning_count(t) || (a && a->lost_gaps))
		fprintf(stderr, "%s: trace %s (%s):\n", cli_prog, which, dir);
	return cli_finish(t, a, status);
}

int cmd_diff(struct cli_opts *o)
{
	struct lttr_trace *ta, *tb;
	struct lttr_diff *d;
	struct lttr_diff_explained **e = NULL;
	size_t ne = 0, *worst = NULL, nworst = 0, want = o->top_set ? o->top : 1;
	struct lttr_error err;
	struct lttr_json j;
	const char *dir_a = o->dir;
	size_t i, k;
	int st;

	if (!want)
		return cli_needs("diff", "--top N of 1 or more");
	st = cli_open(o, &ta);
	if (st)
		return st;
	o->dir = o->dir2;
	st = cli_open(o, &tb);
	o->dir = dir_a;
	if (st) {
		lttr_trace_close(ta);
		return st;
	}
	if (lttr_diff_compute(ta, tb, &d, &err) < 0) {
		lttr_trace_close(tb);
		return cli_fail(ta, &err, "diff");
	}
	/* the --top N worst changes, each explained (lttr_diff_explain()'s
	 * choice first) */
	if (lttr_diff_wakers(d, ta, tb, &err) < 0)
		goto fail;
	worst = calloc(want, sizeof(*worst));
	e = calloc(want, sizeof(*e));
	if (!worst || !e) {
		lttr_error_set(&err, LTTR_E_NOMEM, "out of memory");
		goto fail;
	}
	nworst = lttr_diff_worst(d, worst, want);
	for (i = 0; i < nworst; i++) {
		if (lttr_diff_explain_proc(d, worst[i], ta, tb, &e[ne], &err) < 0)
			goto fail;
		if (e[ne])
			ne++;
	}
	if (o->json) {
		cli_json_begin(&j, o, ta);
		lttr_json_key(&j, "trace_b");
		lttr_json_traceinfo(&j, tb);
		lttr_json_key(&j, "diff");
		lttr_json_diff(&j, d);
		lttr_json_key(&j, "explained");
		lttr_json_diff_explained(&j, d, ne ? e[0] : NULL, ta, tb);
		if (want > 1) {
			lttr_json_key(&j, "explained_more");
			lttr_json_begin_array(&j);
			for (i = 1; i < ne; i++)
				lttr_json_diff_explained(&j, d, e[i], ta, tb);
			lttr_json_end_array(&j);
		}
		cli_json_end(&j, o);
	} else {
		print_text(o, d, e, ne, ta, tb);
	}
	for (i = 0; i < d->n; i++)
		for (k = 0; k < d->v[i].nparts; k++)
			if (d->v[i].parts[k].kind == LTTR_DC_UNACCOUNTED)
				fprintf(stderr, "%s: warning: %s (%s): the accounting does not conserve its time (unaccounted A %" PRId64 " ns, B %" PRId64 " ns); 'check' says where\n",
					cli_prog, d->v[i].name, d->v[i].key,
					d->v[i].parts[k].a_ns, d->v[i].parts[k].b_ns);
	for (i = 0; i < ne; i++)
		lttr_diff_explained_free(e[i]);
	free(e);
	free(worst);
	st = finish(ta, d->a, "A", o->dir, 0);
	st = finish(tb, d->b, "B", o->dir2, st);
	d->a = d->b = NULL;	/* cli_finish() freed them */
	lttr_diff_free(d);
	return st;
fail:
	for (i = 0; i < ne; i++)
		lttr_diff_explained_free(e[i]);
	free(e);
	free(worst);
	lttr_diff_free(d);
	lttr_trace_close(tb);
	return cli_fail(ta, &err, "diff");
}
