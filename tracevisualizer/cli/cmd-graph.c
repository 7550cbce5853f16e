// SPDX-License-Identifier: GPL-2.0
/*
 * cmd-graph.c - "tracevisualizer graph": a text rendering of the control
 * flow over a time window, in the spirit of the LTT paper's Figure 7: one
 * row per process showing, column by column, whether it ran in user mode,
 * in a syscall, a trap or an irq, then every transition in order (the
 * vertical lines of the figure) with its cause.
 *
 * It computes nothing of its own: a cell is the running category with the
 * most time in its column (lttr_vcat_busiest()) of the view model's time
 * per column (lttr_view_time_cols(), lttr_view_idle_time_cols() for the
 * idle task, on the CPUs --cpu names), a switch's column and the axis's
 * times are the viewport's (lttr_viewport_time_col(), _col_time()), the
 * transitions and the names those of the control flow.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/lttr.h>
#include <lttr/view/view.h>
#include <lttr/view/viewport.h>
#include <lttr/view/appmarks.h>
#include "cli.h"

/* the letter of each running category (lttr_vcat_busiest()'s answers) */
static const char cat_ch[LTTR_VCAT_COUNT] = {
	[LTTR_VCAT_NONE] = ' ', [LTTR_VCAT_USER] = 'U', [LTTR_VCAT_SYSCALL] = 'S',
	[LTTR_VCAT_TRAP] = 'T', [LTTR_VCAT_IRQ] = 'I', [LTTR_VCAT_SOFTIRQ] = 'Q',
	[LTTR_VCAT_KERNEL] = 'K', [LTTR_VCAT_IDLE] = '_', [LTTR_VCAT_UNKNOWN] = '?',
};

struct grow {
	uint32_t pid;		/* UINT32_MAX: the group row */
	uint32_t group;		/* the group row: how many idle kernel threads */
	char *cells;		/* width letters and a NUL */
};

struct gctx {
	const struct cli_opts *o;
	const struct lttr_trace *t;
	struct lttr_view *v;
	struct lttr_viewport vp;	/* the window: t0, t1 */
	uint64_t start;		/* trace start */
	uint64_t from;		/* window, absolute */
	uint64_t to;
	int width;
	struct grow *rows;
	size_t nrows;
	struct lttr_flow_tr *trs;
	size_t ntrs;
	size_t captrs;
	struct lttr_ptable *pt;
	struct lttr_appmarks *am;	/* the application markers */
	int nomem;
};

static bool cpu_wanted(const struct gctx *g, unsigned int cpu)
{
	return cli_cpu_wanted(g->o, cpu);
}

/*
 * A row of the chart: per column, the running category with the most
 * time there (on the CPUs --cpu asks for), from the view model's time per
 * column; @ns has room for width x LTTR_VCAT_COUNT.  Return: whether the
 * task ran in the window at all (a cell not blank).
 */
static bool row_cells(const struct gctx *g, const uint64_t *ns, char *out)
{
	bool ran = false;
	int c;

	for (c = 0; c < g->width; c++) {
		unsigned int cat = lttr_vcat_busiest(&ns[(size_t)c * LTTR_VCAT_COUNT]);

		out[c] = cat_ch[cat];
		ran |= cat != LTTR_VCAT_NONE;
	}
	out[g->width] = '\0';
	return ran;
}

/*
 * The group row's columns: its members' (the idle kernel threads') time
 * per column summed, so that its cells show when one of them ran
 */
static int group_cols(struct gctx *g, uint64_t *ns)
{
	size_t n = lttr_view_nrows(g->v), per = (size_t)g->width * LTTR_VCAT_COUNT, i, c;
	uint64_t *one = malloc(per * sizeof(*one));
	int rc = 0;

	if (!one)
		return -LTTR_E_NOMEM;
	memset(ns, 0, per * sizeof(*ns));
	for (i = 0; i < n && !rc; i++) {
		if (!lttr_view_idle_kthread(g->v, i))
			continue;
		rc = lttr_view_time_cols(g->v, i, g->from, g->to, (unsigned int)g->width,
					 g->o->cpus, one);
		for (c = 0; !rc && c < per; c++)
			ns[c] += one[c];
	}
	free(one);
	return rc;
}

/*
 * The rows: the idle task (pid 0, the view's idle row), then the task rows
 * of the view model in --rows order (lttr_view_task_sort(): by default the
 * traced command's processes first, then the busiest, the idle kernel
 * threads folded into their group row, always shown, its cells theirs
 * together), those --pid asks for that ran in the window (no group row
 * then); 0 or a negative enum lttr_errcode.
 */
static int make_rows(struct gctx *g)
{
	size_t n = lttr_view_nrows(g->v), i;
	uint64_t *ns = malloc((size_t)g->width * LTTR_VCAT_COUNT * sizeof(*ns));
	size_t *order = calloc(n + 1, sizeof(*order));
	unsigned char *depth = calloc(n + 1, 1);
	long k = 0;
	int rc = 0;

	g->rows = calloc(n + 1, sizeof(*g->rows));
	if (!ns || !g->rows || !order || !depth ||
	    (k = lttr_view_task_sort(g->v, g->o->rows, g->from, g->to, false, order, depth)) < 0) {
		free(ns);
		free(order);
		free(depth);
		return k < 0 ? (int)k : -LTTR_E_NOMEM;
	}
	for (i = 0; i <= (size_t)k && !rc; i++) {
		size_t row = i ? order[i - 1] : 0;
		const struct lttr_vrow_info *info = i ? lttr_view_row(g->v, row) : NULL;
		bool group = info && info->kind == LTTR_VROW_GROUP;
		uint32_t pid = group ? UINT32_MAX : info ? info->id : 0;
		struct grow *r = &g->rows[g->nrows];

		if ((info && !group && (info->kind != LTTR_VROW_TASK || !pid)) ||
		    (group ? g->o->npids > 0 : !cli_pid_wanted(g->o, pid)))
			continue;
		rc = group ? group_cols(g, ns) : info ?
			lttr_view_time_cols(g->v, row, g->from, g->to,
					    (unsigned int)g->width, g->o->cpus, ns) :
			lttr_view_idle_time_cols(g->v, g->from, g->to,
						 (unsigned int)g->width, g->o->cpus, ns);
		if (rc)
			break;
		r->cells = malloc((size_t)g->width + 1);
		if (!r->cells) {
			rc = -LTTR_E_NOMEM;
			break;
		}
		r->pid = pid;
		r->group = group ? info->id : 0;
		if (row_cells(g, ns, r->cells) || group)
			g->nrows++;
		else
			free(r->cells);
	}
	free(ns);
	free(order);
	free(depth);
	return rc;
}

static void on_tr(void *arg, const struct lttr_flow_tr *tr)
{
	struct gctx *g = arg;

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

	if (ev->details && lttr_ptable_names(ev->id) && lttr_ptable_apply(g->pt, ev) < 0)
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

/*
 * The vertical lines of the paper's Figure 7: at the column of each task
 * switch, '|' in the blank cells of the rows between the task switched out
 * and the one switched in (rows are in @grid, width + 1 bytes each).
 */
static void draw_switches(const struct gctx *g, char *grid)
{
	size_t i, k;

	for (i = 0; g->to > g->from && i < g->ntrs; i++) {
		const struct lttr_flow_tr *tr = &g->trs[i];
		size_t a = g->nrows, b = g->nrows, lo, hi;
		long c;

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
		/* the column of the switch; one at the window's end, in the last */
		c = lttr_viewport_time_col(&g->vp, tr->time_ns, (unsigned int)g->width);
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
	uint64_t step = lttr_viewport_col_time(&g->vp, 20, (unsigned int)n) - g->from, p;

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
			       (double)(lttr_viewport_col_time(&g->vp, (unsigned int)k,
							       (unsigned int)n) - g->start) / 1e9);
		if (k + len <= n + 1)
			memcpy(labels + k, t, (size_t)len);
	}
	labels[n + 1] = '\0';
	for (k = n; k > 0 && labels[k] == ' '; k--)
		labels[k] = '\0';
	printf("%21s|%s|\n%21s %s (s)\n", "", ticks, "", labels);
}

/* the sparkline's levels, lowest first */
static const char spark[] = "_.-=+*#@";

/* a row per counter (per process and name): its last value per column */
static void print_counters(const struct gctx *g)
{
	struct lttr_appbin *b = calloc((size_t)g->width, sizeof(*b));
	char *line = malloc((size_t)g->width + 1);
	size_t i, n = lttr_appmarks_ncounters(g->am);
	int c;

	for (i = 0; b && line && i < n; i++) {
		const struct lttr_appcounter *k = lttr_appmarks_counter(g->am, i);
		int64_t lo, hi;
		char label[24];

		if (!cli_pid_wanted(g->o, k->pid))
			continue;
		lttr_appmarks_bins(g->am, i, &g->vp, (unsigned int)g->width, b, &lo, &hi);
		for (c = 0; c < g->width; c++) {
			int l = lttr_appbin_level(&b[c], lo, hi, (int)sizeof(spark) - 1);

			line[c] = l < 0 ? ' ' : spark[l];
		}
		line[g->width] = 0;
		snprintf(label, sizeof(label), "#%s", k->name);
		printf("%7u %-12.12s |%s| %" PRId64 "..%" PRId64 "\n", k->pid, label, line, lo, hi);
	}
	free(b);
	free(line);
}

static void print_text(const struct gctx *g)
{
	char *grid = malloc(((size_t)g->width + 1) * (g->nrows ? g->nrows : 1));
	char *lane = malloc((size_t)g->width + 1);
	char desc[256];
	size_t i;

	printf("Control flow from %.6f s to %.6f s (%.3f us per column)\n",
	       (double)(g->from - g->start) / 1e9, (double)(g->to - g->start) / 1e9,
	       (double)(g->to - g->from) / 1e3 / g->width);
	printf("U user  S syscall  T trap  I irq  Q softirq  K kernel thread  _ idle  ? never resolved  (blank: not running)\n"
	       "| a task switch between the rows around it\n");
	if (g->am) {
		struct lttr_appmarks_stats st;

		lttr_appmarks_stats(g->am, &st);
		if (st.markers)
			printf("markers: [name] a job (< > cut by the window, # within a column)  |name a point"
			       "  #name a counter, its value per column (_ least .. @ greatest)\n");
	}
	printf("\n");
	for (i = 0; grid && i < g->nrows; i++)
		memcpy(grid + i * ((size_t)g->width + 1), g->rows[i].cells, (size_t)g->width + 1);
	if (grid)
		draw_switches(g, grid);
	for (i = 0; grid && i < g->nrows; i++) {
		if (g->rows[i].pid == UINT32_MAX) {	/* "+N idle kthread" */
			char num[16];

			snprintf(num, sizeof(num), "+%u", g->rows[i].group);
			printf("%7s %-12.12s |%s|\n", num, "idle kthread",
			       grid + i * ((size_t)g->width + 1));
		} else {
			printf("%7u %-12.12s |%s|\n", g->rows[i].pid, pname(g, g->rows[i].pid),
			       grid + i * ((size_t)g->width + 1));
			/* its markers' lane, when it wrote any */
			if (lane && lttr_appmarks_task_has(g->am, g->rows[i].pid)) {
				lttr_appmarks_lane(g->am, g->rows[i].pid, &g->vp,
						   (unsigned int)g->width, lane);
				printf("%7s %-12.12s |%s|\n", "", "  markers", lane);
			}
		}
	}
	free(grid);
	free(lane);
	print_counters(g);
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

/* a task's marker lane and its jobs and points in the window */
static void json_marks(struct lttr_json *j, const struct gctx *g, uint32_t tid)
{
	char *lane = malloc((size_t)g->width + 1);
	size_t n = lttr_appmarks_place(g->am, tid, &g->vp, (unsigned int)g->width, NULL, 0), k;
	struct lttr_appmark_place *p = calloc(n ? n : 1, sizeof(*p));

	if (lane) {
		lttr_appmarks_lane(g->am, tid, &g->vp, (unsigned int)g->width, lane);
		lttr_json_key(j, "lane");
		lttr_json_string(j, lane);
	}
	lttr_json_key(j, "marks");
	lttr_json_begin_array(j);
	if (p)
		lttr_appmarks_place(g->am, tid, &g->vp, (unsigned int)g->width, p, n);
	for (k = 0; p && k < n; k++) {
		const struct lttr_appmark *m = p[k].m;

		lttr_json_begin_object(j);
		lttr_json_key(j, "kind");
		lttr_json_string(j, m->kind == LTTR_APPMARK_JOB ? "job" : "point");
		lttr_json_key(j, "name");
		lttr_json_string(j, m->name);
		if (m->text) {
			lttr_json_key(j, "text");
			lttr_json_string(j, m->text);
		}
		lttr_json_key(j, "pid");
		lttr_json_u64(j, m->pid);
		lttr_json_key(j, "tid");
		lttr_json_u64(j, m->tid);
		lttr_json_key(j, "start_ns");
		lttr_json_u64(j, m->start_ns);
		lttr_json_key(j, "end_ns");
		lttr_json_u64(j, m->end_ns);
		lttr_json_key(j, "depth");
		lttr_json_u64(j, m->depth);
		lttr_json_key(j, "no_begin");
		lttr_json_bool(j, m->flags & LTTR_APPMARK_NO_BEGIN);
		lttr_json_key(j, "no_end");
		lttr_json_bool(j, m->flags & LTTR_APPMARK_NO_END);
		lttr_json_key(j, "col0");
		lttr_json_i64(j, p[k].col0);
		lttr_json_key(j, "col1");
		lttr_json_i64(j, p[k].col1);
		lttr_json_key(j, "cut_left");
		lttr_json_bool(j, p[k].cut_left);
		lttr_json_key(j, "cut_right");
		lttr_json_bool(j, p[k].cut_right);
		lttr_json_end_object(j);
	}
	lttr_json_end_array(j);
	free(p);
	free(lane);
}

/* a row per counter: its bins in the window's columns (null: no value known) */
static void json_counters(struct lttr_json *j, const struct gctx *g)
{
	struct lttr_appbin *b = calloc((size_t)g->width, sizeof(*b));
	size_t i, n = lttr_appmarks_ncounters(g->am);
	int c;

	lttr_json_key(j, "counters");
	lttr_json_begin_array(j);
	for (i = 0; b && i < n; i++) {
		const struct lttr_appcounter *k = lttr_appmarks_counter(g->am, i);
		int64_t lo, hi;

		if (!cli_pid_wanted(g->o, k->pid))
			continue;
		lttr_appmarks_bins(g->am, i, &g->vp, (unsigned int)g->width, b, &lo, &hi);
		lttr_json_begin_object(j);
		lttr_json_key(j, "pid");
		lttr_json_u64(j, k->pid);
		lttr_json_key(j, "name");
		lttr_json_string(j, k->name);
		lttr_json_key(j, "values");
		lttr_json_u64(j, k->n);
		lttr_json_key(j, "min");
		lttr_json_i64(j, k->min);
		lttr_json_key(j, "max");
		lttr_json_i64(j, k->max);
		lttr_json_key(j, "lo");
		lttr_json_i64(j, lo);
		lttr_json_key(j, "hi");
		lttr_json_i64(j, hi);
		lttr_json_key(j, "bins");
		lttr_json_begin_array(j);
		for (c = 0; c < g->width; c++) {
			if (!b[c].known) {
				lttr_json_null(j);
				continue;
			}
			lttr_json_begin_object(j);
			lttr_json_key(j, "n");
			lttr_json_u64(j, b[c].n);
			lttr_json_key(j, "min");
			lttr_json_i64(j, b[c].min);
			lttr_json_key(j, "max");
			lttr_json_i64(j, b[c].max);
			lttr_json_key(j, "last");
			lttr_json_i64(j, b[c].last);
			lttr_json_end_object(j);
		}
		lttr_json_end_array(j);
		lttr_json_end_object(j);
	}
	lttr_json_end_array(j);
	free(b);
}

static void print_json(struct gctx *g, bool pretty)
{
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
	for (i = 0; i < g->nrows; i++) {
		bool group = g->rows[i].pid == UINT32_MAX;

		lttr_json_begin_object(&j);
		lttr_json_key(&j, "pid");
		lttr_json_u64(&j, group ? 0 : g->rows[i].pid);
		lttr_json_key(&j, "name");
		lttr_json_string(&j, group ? lttr_view_row(g->v, lttr_view_nrows(g->v) - 1)->name :
				 pname(g, g->rows[i].pid));
		if (group) {
			lttr_json_key(&j, "group");
			lttr_json_u64(&j, g->rows[i].group);
		}
		lttr_json_key(&j, "cells");
		lttr_json_string(&j, g->rows[i].cells);
		if (!group && lttr_appmarks_task_has(g->am, g->rows[i].pid))
			json_marks(&j, g, g->rows[i].pid);
		lttr_json_end_object(&j);
	}
	lttr_json_end_array(&j);
	json_counters(&j, g);
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
	static const struct lttr_flow_ops ops = { NULL, on_tr };
	struct gctx g;
	struct lttr_trace *t;
	struct lttr_error err;
	uint64_t end;
	size_t i;
	int status = 0, rc = 0;

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
	lttr_viewport_init(&g.vp, g.start, end);
	g.vp.t0 = g.from;
	g.vp.t1 = g.to;
	g.pt = lttr_ptable_new(lttr_trace_proc(t));
	if (!g.pt || lttr_view_build(t, NULL, NULL, &g.v, &err) < 0 ||
	    lttr_flow_run(t, &ops, &g, on_event, &err) < 0 || g.nomem ||
	    (g.to > g.from && (rc = make_rows(&g)) < 0)) {
		cli_trace_error(g.pt && !g.nomem && !rc ? err.msg : "out of memory");
		status = EXIT_TRACE;
	} else if ((status = pids_shown(&g)) == 0) {
		struct lttr_error merr;

		/* markers that cannot be read: the control flow is still drawn */
		if (lttr_appmarks_build(g.v, &g.am, &merr) < 0)
			fprintf(stderr, "%s: application markers not read: %s\n", cli_prog, merr.msg);
		if (o->json)
			print_json(&g, o->pretty);
		else
			print_text(&g);
	}
	for (i = 0; i < g.nrows; i++)
		free(g.rows[i].cells);
	free(g.rows);
	free(g.trs);
	lttr_ptable_free(g.pt);
	lttr_appmarks_free(g.am);
	lttr_view_free(g.v);
	return cli_finish(t, NULL, status);
}
