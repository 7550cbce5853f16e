// SPDX-License-Identifier: GPL-2.0
/*
 * cli-common.c - what the commands share: opening a trace (and computing
 * its accounting), pid filters, warnings, closing with the exit status.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <lttr/lttr.h>
#include <lttr/analysis/blockstacks.h>
#include <lttr/output/error-text.h>
#include <lttr/symbols/symbols.h>
#include <unistd.h>
#include "cli.h"

bool cli_pid_wanted(const struct cli_opts *o, uint32_t pid)
{
	size_t i;

	if (!o->npids)
		return true;
	for (i = 0; i < o->npids; i++)
		if (o->pids[i] == pid)
			return true;
	return false;
}

void cli_trace_error(const char *msg)
{
	lttr_print_error(stderr, cli_prog, msg);
}

static int usage_error(struct lttr_trace *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* a selection the trace cannot satisfy: said, the trace closed, status 2 */
static int usage_error(struct lttr_trace *t, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", cli_prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	lttr_trace_close(t);
	return EXIT_USAGE;
}

/* the options of the trace open, for cli_finish()'s mark of a salvaged trace */
static const struct cli_opts *opened;

/*
 * A damaged trace is read as far as it is intact, its warnings on
 * standard error, in every front end (the terminal analyzer and the
 * window too; --salvage is that, the default; --strict refuses it); what a command prints from
 * one that was cut is marked on standard output (cli_finish(), and
 * "salvaged" in the JSON's trace).
 */
int cli_open(struct cli_opts *o, struct lttr_trace **t)
{
	struct lttr_error err;

	opened = o;
	if (lttr_trace_open(o->dir, o->strict ? 0 : LTTR_OPEN_SALVAGE, t, &err) < 0) {
		cli_trace_error(err.msg);
		return EXIT_TRACE;
	}
	return cli_open_checked(o, t);
}

/*
 * --from, --to, --window and --at read in @t's span (several hosts: the
 * reference's): 0, or the error said and EXIT_USAGE (@t left open)
 */
int cli_parse_times(struct cli_opts *o, struct lttr_trace *t)
{
	struct lttr_time_span span;
	uint64_t from, to, at;
	char msg[256];

	span.start = lttr_trace_header(t)->start_ns;
	span.end = lttr_trace_end_ns(t);
	if (span.end < span.start)
		span.end = span.start;
	/* the times asked for, read in the trace's span: one outside it is refused */
	if ((o->has_from || o->has_to) &&
	    lttr_parse_trace_range(o->has_from ? o->from_text : NULL, o->has_to ? o->to_text : NULL,
				   &span, &from, &to, msg, sizeof(msg))) {
		fprintf(stderr, "%s: %s: %s\n", cli_prog, o->window ? "--window" : !o->has_to ? "--from" :
			!o->has_from ? "--to" : "--from, --to", msg);
		return EXIT_USAGE;
	}
	if (o->has_from)
		o->from_ns = (int64_t)from;
	if (o->has_to)
		o->to_ns = (int64_t)to;
	if (o->has_at) {
		if (lttr_parse_trace_time(o->at_text, &span, NULL, &at, msg, sizeof(msg))) {
			fprintf(stderr, "%s: --at: %s\n", cli_prog, msg);
			return EXIT_USAGE;
		}
		o->at_ns = (int64_t)at;
	}
	return 0;
}

int cli_open_checked(struct cli_opts *o, struct lttr_trace **t)
{
	unsigned int n;
	int r;

	n = lttr_trace_ncpus(*t);
	if (n < 64 && (o->cpus >> n))
		return usage_error(*t, "--cpu %d: the trace has CPU%s 0%s%.0u",
				   63 - __builtin_clzll(o->cpus), n > 1 ? "s" : "",
				   n > 1 ? " to " : "", n > 1 ? n - 1 : 0);
	r = cli_parse_times(o, *t);
	if (r)
		lttr_trace_close(*t);
	return r;
}

bool cli_window(const struct cli_opts *o, const struct lttr_trace *t,
		uint64_t *from, uint64_t *to)
{
	uint64_t start = lttr_trace_header(t)->start_ns;

	*from = o->has_from ? start + (uint64_t)o->from_ns : 0;
	*to = o->has_to ? start + (uint64_t)o->to_ns : UINT64_MAX;
	return o->has_from || o->has_to;
}

uint64_t cli_at(const struct cli_opts *o, const struct lttr_trace *t)
{
	return lttr_trace_header(t)->start_ns + (uint64_t)o->at_ns;
}

int cli_open_account(struct cli_opts *o, struct lttr_trace **t,
		     struct lttr_account **a)
{
	struct lttr_error err;
	uint64_t from, to;

	size_t i, k;
	int r = cli_open(o, t);

	if (r)
		return r;
	if (cli_window(o, *t, &from, &to)) {
		r = lttr_account_compute_window(*t, from, to, a, &err);
	} else {
		r = lttr_account_compute(*t, a, &err);
	}
	if (r < 0) {
		cli_trace_error(err.msg);
		lttr_trace_close(*t);
		return EXIT_TRACE;
	}
	/* a pid (a process's without --threads) the trace never shows */
	for (i = 0; i < o->npids; i++) {
		for (k = 0; k < (*a)->ntasks; k++)
			if (o->threads ? (*a)->tasks[k].pid == o->pids[i] :
			    (*a)->tasks[k].tgid == o->pids[i])
				break;
		if (k == (*a)->ntasks) {
			lttr_account_free(*a);
			*a = NULL;
			return usage_error(*t, "--pid %u: no %s %u in the trace%s", o->pids[i],
					   o->threads ? "task" : "process", o->pids[i],
					   o->threads ? "" : " (a thread's pid? add --threads)");
		}
	}
	return 0;
}

/*
 * The tasks a command reports on: the threads themselves with --threads,
 * else the threads grouped into processes (*group, to be freed with
 * lttr_account_group_free(*group, *n)).
 */
const struct lttr_acct_task *cli_tasks(const struct cli_opts *o,
				       const struct lttr_account *a,
				       struct lttr_acct_task **group, size_t *n)
{
	*group = NULL;
	if (o->threads) {
		*n = a->ntasks;
		return a->tasks;
	}
	*group = lttr_account_group(a, n);
	return *group;
}

int cli_finish(struct lttr_trace *t, struct lttr_account *a, int status)
{
	char cut[256];
	size_t i;

	if (lttr_trace_salvaged(t) && opened && !opened->json)
		printf("# salvaged: the trace is damaged and was read as far as it is intact: "
		       "the figures above leave out what was cut (the warnings say what)\n");
	fflush(stdout);
	for (i = 0; i < lttr_trace_warning_count(t); i++)
		fprintf(stderr, "%s: warning: %s\n", cli_prog,
			lttr_trace_warning(t, i));
	if (a && a->lost_gaps) {
		uint64_t lost = 0;
		unsigned int c;

		for (c = 0; c < lttr_trace_ncpus(t); c++)
			lost += lttr_trace_buffer_lost_cpu(t, c) +
				lttr_trace_lost_tail(t, c);
		fprintf(stderr, "%s: warning: %" PRIu64 " events lost%s in %" PRIu64
			" gap%s: a gap's CPU time is counted unknown, and the tasks current around it, or ready to run then, are unknown (nodata) there: their figures are partial\n",
			cli_prog, lost, a->damaged_gaps ? " and damaged records skipped" : "",
			a->lost_gaps, a->lost_gaps == 1 ? "" : "s");
	}
	for (i = 0; a && i < a->ncpus; i++)
		if (lttr_acct_cut_warning(a, (unsigned int)i, cut, sizeof(cut)))
			fprintf(stderr, "%s: warning: %s\n", cli_prog, cut);
	if (ferror(stdout)) {
		fprintf(stderr, "%s: write error on standard output\n", cli_prog);
		status = EXIT_TRACE;
	}
	lttr_account_free(a);
	lttr_trace_close(t);
	return status;
}

void cli_print_ms(uint64_t ns)
{
	printf(" %11.3f", (double)ns / 1e6);
}

void cli_print_window(const struct lttr_account *a)
{
	if (!a->windowed)
		return;
	printf("Window: %.9f s to %.9f s after the trace's start (%.9f s): the trace's accounting\n"
	       " restricted to it; a duration counted where it ends if it began there (a syscall\n"
	       " entered before the window: partial)\n",
	       (double)(a->start_ns - a->trace_start_ns) / 1e9,
	       (double)(a->end_ns - a->trace_start_ns) / 1e9,
	       (double)(a->end_ns - a->start_ns) / 1e9);
}

int cli_fail(struct lttr_trace *t, const struct lttr_error *err, const char *what)
{
	int st = err->code == LTTR_E_INVAL ? EXIT_USAGE : EXIT_TRACE;

	if (st == EXIT_USAGE)
		fprintf(stderr, "%s: %s: %s\n", cli_prog, what, err->msg);
	else
		cli_trace_error(err->msg);
	lttr_trace_close(t);
	return st;
}

int cli_needs(const char *cmd, const char *need)
{
	fprintf(stderr, "%s: %s needs %s\nTry 'tracevisualizer %s --help'.\n", cli_prog,
		cmd, need, cmd);
	return EXIT_USAGE;
}

void cli_json_begin(struct lttr_json *j, const struct cli_opts *o,
		    const struct lttr_trace *t)
{
	lttr_json_init(j, stdout, o->pretty);
	lttr_json_begin_object(j);
	lttr_json_key(j, "trace");
	lttr_json_traceinfo(j, t);
}

void cli_json_end(struct lttr_json *j, const struct cli_opts *o)
{
	lttr_json_end_object(j);
	if (!o->pretty)
		putchar('\n');
}

void cli_json_window(struct lttr_json *j, const struct lttr_account *a)
{
	if (!a->windowed)
		return;
	lttr_json_key(j, "window");
	lttr_json_begin_object(j);
	lttr_json_key(j, "from_ns");
	lttr_json_u64(j, a->start_ns - a->trace_start_ns);
	lttr_json_key(j, "to_ns");
	lttr_json_u64(j, a->end_ns - a->trace_start_ns);
	lttr_json_end_object(j);
}

/* a file of the trace directory @dir exists */
static int has_file(const char *dir, const char *name)
{
	char path[4200];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return access(path, F_OK) == 0;
}

void cli_warn_no_syms(const struct cli_opts *o)
{
	fprintf(stderr, "%s: warning: %s has no symbol files (kallsyms, maps: traced saves"
		" them as root): frames are addresses\n", cli_prog, o->dir);
}

/* cli_open_syms(); *@unnamed (when not NULL) instead of the warning */
static int open_syms(const struct cli_opts *o, struct lttr_syms **out, bool *unnamed)
{
	char err[512];

	*out = NULL;
	if (unnamed)
		*unnamed = false;
	if (o->addresses)
		return 0;
	if (!o->symfs && !has_file(o->dir, "kallsyms") && !has_file(o->dir, "maps")) {
		if (unnamed)
			*unnamed = true;
		else
			cli_warn_no_syms(o);
		return 0;
	}
	*out = lttr_syms_open(o->dir, o->symfs, err, sizeof(err));
	if (!*out) {
		fprintf(stderr, "%s: %s\n", cli_prog, err);
		return -1;
	}
	return 0;
}

int cli_open_syms(const struct cli_opts *o, struct lttr_syms **out)
{
	return open_syms(o, out, NULL);
}

int cli_open_stack_syms(const struct cli_opts *o, const struct lttr_trace *t,
			struct lttr_syms **out, bool *unnamed)
{
	*out = NULL;
	*unnamed = false;
	if (!lttr_stacks_recorded(t))
		return 0;
	return open_syms(o, out, unnamed);
}

bool cli_block_stacks_shown(const struct lttr_block_stacks *b)
{
	return b && (b->blocked || b->waker);
}

void cli_close_syms(struct lttr_syms *s)
{
	size_t i;

	if (!s)
		return;
	for (i = 0; i < lttr_syms_warning_count(s); i++)
		fprintf(stderr, "%s: warning: %s\n", cli_prog, lttr_syms_warning(s, i));
	lttr_syms_close(s);
}
