// SPDX-License-Identifier: GPL-2.0
/*
 * cmd-graph.c - "tracevisualizer graph": a text rendering of the control
 * flow over a time window, in the spirit of the LTT paper's Figure 7: one
 * row per process showing, column by column, whether it ran in user mode,
 * in a syscall, a trap or an irq, then every transition in order (the
 * vertical lines of the figure) with its cause.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/lttr.h>
#include "cli.h"

static const char mode_ch[LTTR_MODE_COUNT] = { 'U', 'S', 'T', 'I', '_', 'K', '?', 'Q' };

struct grow {
	uint32_t pid;
	uint64_t *ns;		/* width x LTTR_MODE_COUNT */
};

struct gctx {
	const struct cli_opts *o;
	const struct lttr_trace *t;
	uint64_t start;		/* trace start */
	uint64_t from;		/* window, absolute */
	uint64_t to;
	int width;
	struct grow *rows;
	size_t nrows;
	size_t caprows;
	struct lttr_flow_tr *trs;
	size_t ntrs;
	size_t captrs;
	struct lttr_ptable *pt;
	int nomem;
};

static struct grow *row_get(struct gctx *g, uint32_t pid)
{
	size_t i;
	struct grow *r;

	for (i = 0; i < g->nrows; i++)
		if (g->rows[i].pid == pid)
			return &g->rows[i];
	if (g->nrows == g->caprows) {
		size_t ncap = g->caprows ? g->caprows * 2 : 16;
		struct grow *n = realloc(g->rows, ncap * sizeof(*n));

		if (!n)
			return NULL;
		g->rows = n;
		g->caprows = ncap;
	}
	r = &g->rows[g->nrows];
	r->pid = pid;
	r->ns = calloc((size_t)g->width * LTTR_MODE_COUNT, sizeof(*r->ns));
	if (!r->ns)
		return NULL;
	g->nrows++;
	return r;
}

static bool cpu_wanted(const struct gctx *g, unsigned int cpu)
{
	return cli_cpu_wanted(g->o, cpu);
}

static void on_seg(void *arg, const struct lttr_flow_seg *s)
{
	struct gctx *g = arg;
	uint64_t a = s->start_ns, b = s->end_ns, span = g->to - g->from;
	struct grow *r;

	if (b <= g->from || a >= g->to || !cpu_wanted(g, s->cpu) ||
	    !cli_pid_wanted(g->o, s->pid) || !span)
		return;
	r = row_get(g, s->pid);
	if (!r) {
		g->nomem = 1;
		return;
	}
	if (a < g->from)
		a = g->from;
	if (b > g->to)
		b = g->to;
	while (a < b) {
		uint64_t cend;
		int c = (int)((a - g->from) * (uint64_t)g->width / span);
		if (c >= g->width)
			c = g->width - 1;
		cend = g->from + (span * (uint64_t)(c + 1) + g->width - 1) / (uint64_t)g->width;
		if (cend <= a)
			cend = a + 1;
		if (cend > b)
			cend = b;
		r->ns[(size_t)c * LTTR_MODE_COUNT + s->mode] += cend - a;
		a = cend;
	}
}

/* the mode of a task since its appearance is known now: recolour */
static void resolve_row(struct gctx *g, const struct lttr_flow_tr *tr)
{
	size_t i;
	int c;

	for (i = 0; i < g->nrows; i++) {
		uint64_t *ns = g->rows[i].ns;

		if (g->rows[i].pid != tr->pid)
			continue;
		for (c = 0; c < g->width; c++) {
			ns[(size_t)c * LTTR_MODE_COUNT + tr->mode] +=
				ns[(size_t)c * LTTR_MODE_COUNT + LTTR_MODE_UNKNOWN];
			ns[(size_t)c * LTTR_MODE_COUNT + LTTR_MODE_UNKNOWN] = 0;
		}
	}
}

static void on_tr(void *arg, const struct lttr_flow_tr *tr)
{
	struct gctx *g = arg;

	if (tr->kind == LTTR_TR_RESOLVE)
		resolve_row(g, tr);
	if (tr->time_ns < g->from || tr->time_ns > g->to || !cpu_wanted(g, tr->cpu))
		return;
	if (!cli_pid_wanted(g->o, tr->pid) &&
	    !((tr->kind == LTTR_TR_SWITCH || tr->kind == LTTR_TR_WAKEUP ||
	       tr->kind == LTTR_TR_FORK || tr->kind == LTTR_TR_REAP) &&
	      cli_pid_wanted(g->o, tr->pid2)))
		return;
	if (g->ntrs == g->captrs) {
		size_t ncap = g->captrs ? g->captrs * 2 : 256;
		struct lttr_flow_tr *n = realloc(g->trs, ncap * sizeof(*n));

		if (!n) {
			g->nomem = 1;
			return;
		}
		g->trs = n;
		g->captrs = ncap;
	}
	g->trs[g->ntrs++] = *tr;
}

static int on_event(void *arg, const struct lttr_event *ev)
{
	struct gctx *g = arg;

	if (ev->details && ((ev->id >= LTT_EV_PROCESS_FORK &&
			     ev->id <= LTT_EV_PROCESS_EXIT) ||
			    ev->id == LTT_EV_KTHREAD_CREATE) &&
	    lttr_ptable_apply(g->pt, ev) < 0)
		return -LTTR_E_NOMEM;
	return g->nomem ? -LTTR_E_NOMEM : 0;
}

static const char *pname(const struct gctx *g, uint32_t pid)
{
	const struct lttr_process *p = lttr_ptable_get(g->pt, pid, false);

	if (pid == 0)
		return "idle";
	return p && p->name ? p->name : "";
}

static void what_name(const struct gctx *g, const struct lttr_flow_tr *tr,
		      char *buf, size_t size)
{
	const char *n = NULL;
	char tmp[32];

	switch (tr->kind) {
	case LTTR_TR_SYSCALL_ENTRY:
	case LTTR_TR_SYSCALL_EXIT:
		snprintf(buf, size, "%s", lttr_syscall_str(tr->what, tmp, sizeof(tmp)));
		return;
	case LTTR_TR_TRAP_ENTRY:
	case LTTR_TR_TRAP_EXIT:
		snprintf(buf, size, "%s", lttr_trap_name(tr->what, tmp, sizeof(tmp)));
		return;
	case LTTR_TR_IRQ_ENTRY:
	case LTTR_TR_IRQ_EXIT:
		n = tr->sysvec ? lttr_sysvec_name(tr->what) :
			lttr_trace_irq_name(g->t, tr->what);
		if (n)
			snprintf(buf, size, "%s", n);
		else
			snprintf(buf, size, tr->sysvec ? "vector_0x%x" : "irq_%u", tr->what);
		return;
	case LTTR_TR_SOFTIRQ_ENTRY:
	case LTTR_TR_SOFTIRQ_EXIT:
		n = lttr_softirq_name(tr->what);
		if (n)
			snprintf(buf, size, "%s", n);
		else
			snprintf(buf, size, "softirq_%u", tr->what);
		return;
	case LTTR_TR_SWITCH:
		if (tr->mode == LTTR_MODE_SYSCALL)
			snprintf(buf, size, "%s",
				 lttr_syscall_str(tr->what, tmp, sizeof(tmp)));
		else
			snprintf(buf, size, "%s", lttr_mode_name(tr->mode));
		return;
	default:
		snprintf(buf, size, "%s", "");
		return;
	}
}

static void describe(const struct gctx *g, const struct lttr_flow_tr *tr,
		     char *buf, size_t size)
{
	char w[64];

	what_name(g, tr, w, sizeof(w));
	switch (tr->kind) {
	case LTTR_TR_SYSCALL_ENTRY:
		snprintf(buf, size, "user -> syscall %s", w);
		break;
	case LTTR_TR_SYSCALL_EXIT:
		if (tr->since_ns)
			snprintf(buf, size, "syscall %s -> user = %d (%.3f us)", w,
				 tr->state, (double)(tr->time_ns - tr->since_ns) / 1e3);
		else
			snprintf(buf, size, "syscall %s -> user = %d (entered before the trace)",
				 w, tr->state);
		break;
	case LTTR_TR_TRAP_ENTRY:
		snprintf(buf, size, "%s -> trap %s", tr->user ? "user" : "kernel", w);
		break;
	case LTTR_TR_TRAP_EXIT:
		snprintf(buf, size, "trap %s ->", w);
		break;
	case LTTR_TR_IRQ_ENTRY:
		snprintf(buf, size, "%s -> irq %s (depth %u)",
			 tr->user ? "user" : "kernel", w, tr->depth);
		break;
	case LTTR_TR_IRQ_EXIT:
		snprintf(buf, size, "irq %s -> (%.3f us)", w,
			 (double)(tr->time_ns - tr->since_ns) / 1e3);
		break;
	case LTTR_TR_SOFTIRQ_ENTRY:
		snprintf(buf, size, "-> softirq %s (depth %u)", w, tr->depth);
		break;
	case LTTR_TR_SOFTIRQ_EXIT:
		if (tr->since_ns)
			snprintf(buf, size, "softirq %s -> (%.3f us)", w,
				 (double)(tr->time_ns - tr->since_ns) / 1e3);
		else
			snprintf(buf, size, "softirq %s -> (entered before the trace)", w);
		break;
	case LTTR_TR_SWITCH:
		snprintf(buf, size, "switch %u(%s) -> %u(%s): %s in %s", tr->pid,
			 pname(g, tr->pid), tr->pid2, pname(g, tr->pid2),
			 tr->state ? "blocked" : "preempted", w);
		break;
	case LTTR_TR_WAKEUP:
		snprintf(buf, size, "wakeup %u(%s) on cpu %u%s", tr->pid2,
			 pname(g, tr->pid2), tr->what, tr->user ? " (new task)" : "");
		break;
	case LTTR_TR_FORK:
		snprintf(buf, size, "fork -> %u", tr->pid2);
		break;
	case LTTR_TR_EXEC:
		snprintf(buf, size, "exec");
		break;
	case LTTR_TR_EXIT:
		lttr_exit_code_str(tr->state, buf, size);
		break;
	case LTTR_TR_RESOLVE:
		snprintf(buf, size, "(was in %s%s%s since it appeared)",
			 lttr_mode_name(tr->mode), tr->mode == LTTR_MODE_SYSCALL ? " " : "",
			 tr->mode == LTTR_MODE_SYSCALL ? lttr_syscall_name(tr->what) ?
			 lttr_syscall_name(tr->what) : "?" : "");
		break;
	case LTTR_TR_LOST:
		if (tr->state == 1) {
			snprintf(buf, size, "[the events of cpu %u end here (incomplete trace): %u(%s) unknown from here]",
				 tr->cpu, tr->pid, pname(g, tr->pid));
			break;
		}
		if (tr->state == 3) {
			snprintf(buf, size, "[%u buffer%s of cpu %u missing from the file until %.9f s: %u(%s) unknown from here]",
				 tr->what, tr->what == 1 ? "" : "s", tr->cpu,
				 (double)(tr->since_ns - g->start) / 1e9, tr->pid, pname(g, tr->pid));
			break;
		}
		if (tr->state == 2 && !tr->what) {
			snprintf(buf, size, "[damaged records on cpu %u skipped until %.9f s: %u(%s) unknown from here]",
				 tr->cpu, (double)(tr->since_ns - g->start) / 1e9,
				 tr->pid, pname(g, tr->pid));
			break;
		}
		snprintf(buf, size, "[%u events lost%s on cpu %u until %.9f s: %u(%s) unknown from here]",
			 tr->what, tr->state == 2 ? " and damaged records skipped" : "", tr->cpu, (double)(tr->since_ns - g->start) / 1e9,
			 tr->pid, pname(g, tr->pid));
		break;
	case LTTR_TR_LOST_END:
		snprintf(buf, size, "[end of the lost events on cpu %u: %u(%s) current]",
			 tr->cpu, tr->pid, pname(g, tr->pid));
		break;
	case LTTR_TR_REAP:
		if (tr->pid2 == tr->pid)
			snprintf(buf, size, "reaped at once (nobody waits for it)");
		else
			snprintf(buf, size, "reap %u(%s): its zombie time ends", tr->pid2,
				 pname(g, tr->pid2));
		break;
	default:
		snprintf(buf, size, "anomaly %u (%s)", tr->what,
			 tr->what == LTTR_AN_IMPOSSIBLE ? "a value no kernel writes: a damaged record" :
			 tr->what == LTTR_AN_SYSCALL_MISMATCH ?
			 "a syscall exit not its entry's: a damaged record" : "lost events?");
		break;
	}
}

static void row_cells(const struct gctx *g, const struct grow *r, char *out)
{
	int c, m;

	for (c = 0; c < g->width; c++) {
		const uint64_t *ns = &r->ns[(size_t)c * LTTR_MODE_COUNT];
		int best = -1;

		for (m = 0; m < LTTR_MODE_COUNT; m++)
			if (ns[m] && (best < 0 || ns[m] > ns[best]))
				best = m;
		out[c] = best < 0 ? ' ' : mode_ch[best];
	}
	out[g->width] = '\0';
}

static int cmp_row(const void *pa, const void *pb)
{
	const struct grow *a = pa, *b = pb;

	return a->pid < b->pid ? -1 : a->pid > b->pid;
}

/*
 * The vertical lines of the paper's Figure 7: at the column of each task
 * switch, '|' in the blank cells of the rows between the task switched out
 * and the one switched in (rows are in @grid, width + 1 bytes each).
 */
static void draw_switches(const struct gctx *g, char *grid)
{
	const uint64_t span = g->to - g->from;
	size_t i, k;

	for (i = 0; span && i < g->ntrs; i++) {
		const struct lttr_flow_tr *tr = &g->trs[i];
		size_t a = g->nrows, b = g->nrows, lo, hi;
		int c;

		if (tr->kind != LTTR_TR_SWITCH)
			continue;
		for (k = 0; k < g->nrows; k++) {
			if (g->rows[k].pid == tr->pid)
				a = k;
			if (g->rows[k].pid == tr->pid2)
				b = k;
		}
		if (a == g->nrows || b == g->nrows)
			continue;
		c = (int)((tr->time_ns - g->from) * (uint64_t)g->width / span);
		if (c >= g->width)
			c = g->width - 1;
		lo = a < b ? a : b;
		hi = a < b ? b : a;
		for (k = lo + 1; k < hi; k++) {
			char *cell = &grid[k * ((size_t)g->width + 1) + (size_t)c];

			if (*cell == ' ')
				*cell = '|';
		}
	}
}

/* the time axis under the rows: a tick every 20 columns, its time below */
static void axis(const struct gctx *g)
{
	char ticks[1024], labels[1100];
	int k, n = g->width, dec = 9;
	uint64_t step = (g->to - g->from) * 20 / (uint64_t)n, p;

	/* decimals enough to tell the ticks apart: two digits of a step */
	for (p = 10; p <= step && dec > 0; p *= 10)
		dec--;
	dec = dec + 1 > 9 ? 9 : dec + 1;

	memset(ticks, '-', (size_t)n);
	ticks[n] = '\0';
	memset(labels, ' ', sizeof(labels) - 1);
	labels[sizeof(labels) - 1] = '\0';
	for (k = 0; k < n; k += 20) {
		char t[32];
		int len;

		ticks[k] = '+';
		len = snprintf(t, sizeof(t), "%.*f", dec,
			       (double)(g->from - g->start + (g->to - g->from) * (uint64_t)k /
					(uint64_t)n) / 1e9);
		if (k + len <= n + 1)
			memcpy(labels + k, t, (size_t)len);
	}
	labels[n + 1] = '\0';
	for (k = n; k > 0 && labels[k] == ' '; k--)
		labels[k] = '\0';
	printf("%21s|%s|\n%21s %s (s)\n", "", ticks, "", labels);
}

static void print_text(const struct gctx *g)
{
	char *grid = malloc(((size_t)g->width + 1) * (g->nrows ? g->nrows : 1));
	char desc[256];
	size_t i;

	printf("Control flow from %.6f s to %.6f s (%.3f us per column)\n",
	       (double)(g->from - g->start) / 1e9, (double)(g->to - g->start) / 1e9,
	       (double)(g->to - g->from) / 1e3 / g->width);
	printf("U user  S syscall  T trap  I irq  Q softirq  K kernel thread  _ idle  ? never resolved  (blank: not running)\n"
	       "| a task switch between the rows around it\n\n");
	for (i = 0; grid && i < g->nrows; i++)
		row_cells(g, &g->rows[i], grid + i * ((size_t)g->width + 1));
	if (grid)
		draw_switches(g, grid);
	for (i = 0; grid && i < g->nrows; i++)
		printf("%7u %-12.12s |%s|\n", g->rows[i].pid, pname(g, g->rows[i].pid),
		       grid + i * ((size_t)g->width + 1));
	free(grid);
	axis(g);
	if (!g->o->transitions) {
		printf("\n%zu transition%s in the window (--transitions lists them)\n", g->ntrs,
		       g->ntrs == 1 ? "" : "s");
		return;
	}
	printf("\nTransitions:\n");
	for (i = 0; i < g->ntrs; i++) {
		const struct lttr_flow_tr *tr = &g->trs[i];

		describe(g, tr, desc, sizeof(desc));
		printf("  %.9f cpu %u %7u %-12.12s %s\n",
		       (double)(tr->time_ns - g->start) / 1e9, tr->cpu, tr->pid,
		       pname(g, tr->pid), desc);
	}
}

static void print_json(struct gctx *g, bool pretty)
{
	char *cells = malloc((size_t)g->width + 1);
	char desc[256], w[64];
	struct lttr_json j;
	size_t i;

	lttr_json_init(&j, stdout, pretty);
	lttr_json_begin_object(&j);
	lttr_json_key(&j, "trace");
	lttr_json_traceinfo(&j, g->t);
	lttr_json_key(&j, "from_ns");
	lttr_json_u64(&j, g->from);
	lttr_json_key(&j, "to_ns");
	lttr_json_u64(&j, g->to);
	lttr_json_key(&j, "width");
	lttr_json_u64(&j, (uint64_t)g->width);
	lttr_json_key(&j, "rows");
	lttr_json_begin_array(&j);
	for (i = 0; cells && i < g->nrows; i++) {
		row_cells(g, &g->rows[i], cells);
		lttr_json_begin_object(&j);
		lttr_json_key(&j, "pid");
		lttr_json_u64(&j, g->rows[i].pid);
		lttr_json_key(&j, "name");
		lttr_json_string(&j, pname(g, g->rows[i].pid));
		lttr_json_key(&j, "cells");
		lttr_json_string(&j, cells);
		lttr_json_end_object(&j);
	}
	lttr_json_end_array(&j);
	free(cells);
	lttr_json_key(&j, "transitions");
	lttr_json_begin_array(&j);
	for (i = 0; i < g->ntrs; i++) {
		const struct lttr_flow_tr *tr = &g->trs[i];

		what_name(g, tr, w, sizeof(w));
		describe(g, tr, desc, sizeof(desc));
		lttr_json_begin_object(&j);
		lttr_json_key(&j, "time_ns");
		lttr_json_u64(&j, tr->time_ns);
		lttr_json_key(&j, "rel_ns");
		lttr_json_u64(&j, tr->time_ns - g->start);
		lttr_json_key(&j, "cpu");
		lttr_json_u64(&j, tr->cpu);
		lttr_json_key(&j, "kind");
		lttr_json_string(&j, lttr_tr_kind_name(tr->kind));
		lttr_json_key(&j, "pid");
		lttr_json_u64(&j, tr->pid);
		lttr_json_key(&j, "pid2");
		lttr_json_u64(&j, tr->pid2);
		lttr_json_key(&j, "what");
		lttr_json_u64(&j, tr->what);
		lttr_json_key(&j, "name");
		lttr_json_string(&j, w);
		lttr_json_key(&j, "state");
		lttr_json_i64(&j, tr->state);
		lttr_json_key(&j, "since_ns");
		lttr_json_u64(&j, tr->since_ns);
		lttr_json_key(&j, "desc");
		lttr_json_string(&j, desc);
		lttr_json_end_object(&j);
	}
	lttr_json_end_array(&j);
	lttr_json_end_object(&j);
	if (!pretty)
		putchar('\n');
}

/* every task --pid asks for has a row (runs in the window): else status 2 */
static int pids_shown(const struct gctx *g)
{
	const struct cli_opts *o = g->o;
	size_t i, k;

	for (i = 0; i < o->npids; i++) {
		for (k = 0; k < g->nrows; k++)
			if (g->rows[k].pid == o->pids[i])
				break;
		if (k == g->nrows) {
			fprintf(stderr, "%s: --pid %u: task %u does not run in the %s%s\n", cli_prog,
				o->pids[i], o->pids[i],
				o->has_from || o->has_to ? "window asked for" : "trace",
				o->cpus ? " on the CPUs asked for" : "");
			return EXIT_USAGE;
		}
	}
	return 0;
}

int cmd_graph(struct cli_opts *o)
{
	static const struct lttr_flow_ops ops = { on_seg, on_tr };
	struct gctx g;
	struct lttr_trace *t;
	struct lttr_error err;
	uint64_t end;
	size_t i;
	int status = 0;

	int ost = cli_open(o, &t);

	if (ost)
		return ost;
	memset(&g, 0, sizeof(g));
	g.o = o;
	g.t = t;
	g.width = o->width;
	g.start = lttr_trace_header(t)->start_ns;
	end = lttr_trace_end_ns(t);
	g.from = g.start + (o->has_from && o->from_ns > 0 ? (uint64_t)o->from_ns : 0);
	g.to = o->has_to && o->to_ns >= 0 ? g.start + (uint64_t)o->to_ns : end;
	if (g.to > end)
		g.to = end;
	if (g.from > g.to)
		g.from = g.to;
	g.pt = lttr_ptable_new(lttr_trace_proc(t));
	if (!g.pt || lttr_flow_run(t, &ops, &g, on_event, &err) < 0 || g.nomem) {
		cli_trace_error(g.pt && !g.nomem ? err.msg : "out of memory");
		status = EXIT_TRACE;
	} else if ((status = pids_shown(&g)) == 0) {
		qsort(g.rows, g.nrows, sizeof(*g.rows), cmp_row);
		if (o->json)
			print_json(&g, o->pretty);
		else
			print_text(&g);
	}
	for (i = 0; i < g.nrows; i++)
		free(g.rows[i].ns);
	free(g.rows);
	free(g.trs);
	lttr_ptable_free(g.pt);
	return cli_finish(t, NULL, status);
}
