// SPDX-License-Identifier: GPL-2.0
/*
 * cmd-stacks.c - "tracevisualizer stacks --kind offcpu|wakeup": the folded
 * call stacks of lttr_stacks_compute(), one line each, or as JSON
 * (lttr_json_stacks()) with the boxes of their flame graph
 * (lttr_flame_layout(), lttr_json_flame()); --svg FILE draws those boxes
 * (flamesvg.c).
 */
#include <inttypes.h>
#include <stdio.h>
#include <lttr/lttr.h>
#include <lttr/output/json-stacks.h>
#include <lttr/symbols/symbols.h>
#include "cli.h"
#include "plugin.h"

/* --svg: drawn by the cairo plugin; -1 with the reason said */
static int flame_svg(const char *path, const struct lttr_stacks *s, const struct lttr_flame *f)
{
	struct lttr_error err;
	const struct cli_cairo_ops *cairo = cli_cairo(&err);

	if (!cairo) {
		cli_trace_error(err.msg);
		return -1;
	}
	return cairo->flame_svg(path, s, f);
}

int cmd_stacks(struct cli_opts *o)
{
	struct lttr_stacks_opts so = { 0 };
	struct lttr_stacks *s;
	struct lttr_flame *f = NULL;
	struct lttr_trace *t;
	struct lttr_error err;
	struct lttr_json j;
	int st;

	if (o->stack_kind < 0)
		return cli_needs("stacks", "--kind offcpu, wakeup or cpu");
	if (o->npids > 1)
		return cli_needs("stacks", "one --pid at most");
	if (cli_open_syms(o, &so.syms) < 0)
		return 1;	/* as symbolize: the symbols cannot be read */
	st = cli_open(o, &t);
	if (st) {
		lttr_syms_close(so.syms);
		return st;
	}
	so.kind = (unsigned int)o->stack_kind;
	so.event_id = o->stack_event;
	so.syscall_nr = o->stack_syscall;
	if (o->stack_syscall_name) {	/* the number on the trace's machine */
		so.syscall_nr = lttr_machine_syscall_lookup(lttr_trace_machine(t),
							   o->stack_syscall_name);
		if (so.syscall_nr < 0) {
			fprintf(stderr, "%s: stacks: %s has no syscall named '%s'\n", cli_prog,
				lttr_trace_arch(t), o->stack_syscall_name);
			lttr_trace_close(t);
			lttr_syms_close(so.syms);
			return EXIT_USAGE;
		}
	}
	so.has_pid = o->npids == 1;
	so.pid = o->npids ? o->pids[0] : 0;
	so.windowed = cli_window(o, t, &so.from_ns, &so.to_ns);
	if (lttr_stacks_compute(t, &so, &s, &err) < 0) {
		lttr_syms_close(so.syms);
		return cli_fail(t, &err, "stacks");
	}
	if (!s->has_stacks) {
		if (s->kind == LTTR_STACKS_EVENT)
			fprintf(stderr, "%s: the trace has no stacks of those events (record them with"
				" traced --stacks syscall:NAME, switch-out, wakeup or sample)\n", cli_prog);
		else if (s->kind == LTTR_STACKS_CPU)
			fprintf(stderr, "%s: the trace has no samples (record them with traced"
				" --sample HZ, and their stacks with --stacks sample)\n", cli_prog);
		else
			fprintf(stderr, "%s: the trace has no %s stacks (record them with traced"
				" --stacks %s)\n", cli_prog, lttr_stacks_kind_name(s->kind),
				s->kind == LTTR_STACKS_OFFCPU ? "switch-out" : "wakeup");
		lttr_stacks_free(s);
		lttr_syms_close(so.syms);
		lttr_trace_close(t);
		return EXIT_TRACE;
	}
	if ((o->json || o->svg) && lttr_flame_layout(s, &f) < 0) {
		fprintf(stderr, "%s: out of memory laying out the flame graph\n", cli_prog);
		lttr_stacks_free(s);
		lttr_syms_close(so.syms);
		lttr_trace_close(t);
		return 1;
	}
	if (o->svg && flame_svg(o->svg, s, f) < 0) {
		lttr_flame_free(f);
		lttr_stacks_free(s);
		lttr_syms_close(so.syms);
		lttr_trace_close(t);
		return 1;
	}
	if (o->json) {
		cli_json_begin(&j, o, t);
		lttr_json_key(&j, "stacks");
		lttr_json_stacks(&j, s);
		lttr_json_key(&j, "flame");
		lttr_json_flame(&j, f);
		cli_json_end(&j, o);
	} else {
		size_t i;

		for (i = 0; i < s->nlines; i++)
			printf("%s %" PRIu64 "\n", s->lines[i].folded, s->lines[i].value);
	}
	if (s->orphans || s->bad)
		fprintf(stderr, "%s: warning: %" PRIu64 " stack records not right after their event"
			" and %" PRIu64 " that cannot be decoded: left out\n",
			cli_prog, s->orphans, s->bad);
	if (s->kind == LTTR_STACKS_OFFCPU && s->total + s->unstacked != s->blocked_ns)
		fprintf(stderr, "%s: warning: the stacks weigh %" PRIu64 " ns, the accounting's"
			" blocked time is %" PRIu64 " ns\n", cli_prog,
			s->total + s->unstacked, s->blocked_ns);
	cli_close_syms(so.syms);
	lttr_flame_free(f);
	lttr_stacks_free(s);
	return cli_finish(t, NULL, 0);
}
