// SPDX-License-Identifier: GPL-2.0
/*
 * jobs.c - the jobs page (J): the jobs of the application markers
 * (lttr_jobs_compute(), what "jobs --json" prints) of one name at a time
 * (K the next name): above, the graph of its instances (x: the instance,
 * y: its response "o" and its execution ".", the deadline as a line of
 * "-", a missed instance "X"; with more instances than columns, a column
 * per run of them, lttr_jobs_columns(): its worst, "X" when it has a
 * miss; the selected instance's column in reverse video), the CPU load of the trace's window under
 * it (lttr_load_compute_range(), what "jobs --load --json --width N
 * [--window A:B]" prints: over the whole trace, or with v over the
 * control flow's window, the title says which; a sparkline per CPU and
 * for the LOAD_TASKS busiest tasks, a column per bin, its busy share as a
 * height, "?" where the CPU had no data), then the table of the instances:
 * start, task, response, execution, interference, missed.  T sets the
 * deadline (lttr_jobs_deadline()); Enter or g zooms the control flow to
 * the instance selected, its task's row selected.  Every figure and
 * height is the library's (lttr_job_interference_ns(), lttr_share_level()).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <curses.h>
#include <lttr/analysis/jobs.h>
#include <lttr/analysis/load.h>
#include <lttr/analysis/share.h>
#include <lttr/output/timing-text.h>
#include <lttr/units/duration.h>
#include "tui.h"

#define LABEL_W 13	/* the graphs' left column: the scale, the CPU */
#define LOAD_TASKS 2	/* the busiest tasks with a load line */

struct tui_jobs {
	struct lttr_jobs *r;
	char why[LTTR_ERRMSG_MAX + 32];	/* the jobs could not be computed */
	size_t name;		/* the name shown */
	size_t *idx;		/* its instances: indices in r->jobs */
	size_t n;
	size_t sel;		/* the instance selected (in @idx) */
	size_t top;		/* the table's first row shown */
	struct lttr_load *load;	/* the CPU load, @load->nbins columns */
	bool load_window;	/* of the control flow's window (w), else the whole trace */
	char load_why[LTTR_ERRMSG_MAX + 32];
	enum tui_page back;
};

void tui_jobs_free(struct tui *u)
{
	if (!u->jobs)
		return;
	lttr_jobs_free(u->jobs->r);
	lttr_load_free(u->jobs->load);
	free(u->jobs->idx);
	free(u->jobs);
	u->jobs = NULL;
}

/* the instances of name @name */
static void pick_name(struct tui_jobs *k, size_t name)
{
	size_t i;

	k->name = name;
	k->n = 0;
	k->sel = k->top = 0;
	for (i = 0; k->r && i < k->r->njobs; i++)
		if (k->r->jobs[i].name == name)
			k->idx[k->n++] = i;
}

void tui_jobs_open(struct tui *u)
{
	struct tui_jobs *k = u->jobs;
	struct lttr_error err;

	if (!k) {
		k = calloc(1, sizeof(*k));
		if (!k) {
			tui_message(u, true, "the jobs: out of memory");
			return;
		}
		u->jobs = k;
		tui_clip(u->h - 2, 0, u->w, "computing the jobs of the markers (a pass of the accounting)...",
			 A_BOLD);
		refresh();
		if (lttr_jobs_compute(u->s.t, &k->r, &err) < 0) {
			snprintf(k->why, sizeof(k->why), "the jobs: %s", err.msg);
		} else {
			k->idx = calloc(k->r->njobs ? k->r->njobs : 1, sizeof(*k->idx));
			if (!k->idx) {
				tui_jobs_free(u);
				tui_message(u, true, "the jobs: out of memory");
				return;
			}
			pick_name(k, 0);
		}
	}
	if (u->page != P_JOBS)
		k->back = u->page;
	u->page = P_JOBS;
}

/* the load in @cols bins (again when the width changed) */
static const struct lttr_load *load_of(struct tui *u, int cols)
{
	struct tui_jobs *k = u->jobs;
	struct lttr_error err;

	if (cols < 1)
		return NULL;
	uint64_t from = k->load_window ? u->s.vp.t0 : 0;
	uint64_t to = k->load_window ? u->s.vp.t1 : UINT64_MAX;

	if (k->load && k->load->nbins == (unsigned int)cols &&
	    (k->load_window ? k->load->start_ns == from && k->load->end_ns == to : k->load->whole))
		return k->load;
	lttr_load_free(k->load);
	k->load = NULL;
	k->load_why[0] = '\0';
	if (lttr_load_compute_range(u->s.t, from, to, (unsigned int)cols, &k->load, &err) < 0)
		snprintf(k->load_why, sizeof(k->load_why), "the CPU load: %s", err.msg);
	return k->load;
}

static const struct lttr_job *job_at(const struct tui_jobs *k, size_t i)
{
	return &k->r->jobs[k->idx[i]];
}

/* the graph of the instances: @gh rows from @y */
static void draw_graph(struct tui *u, int y, int gh)
{
	struct tui_jobs *k = u->jobs;
	const struct lttr_job_name *nm = &k->r->names[k->name];
	uint64_t ymax = nm->response.lat.max;
	int gw = u->w - LABEL_W, row, x;
	struct lttr_job_column *cols;
	size_t i, ncols, selc;
	char d[32], l[64];

	if (k->r->deadline_ns > ymax)
		ymax = k->r->deadline_ns;
	if (gw < 1 || gh < 2)
		return;
	cols = calloc((size_t)gw, sizeof(*cols));
	if (!cols)
		return;
	ncols = lttr_jobs_columns(k->r, k->name, (size_t)gw, cols);
	selc = lttr_jobs_column_of(k->n, (size_t)gw, k->sel);
	for (row = 0; row < gh; row++) {
		move(y + row, 0);
		clrtoeol();
	}
	snprintf(l, sizeof(l), "%12s", lttr_fmt_duration(ymax, d, sizeof(d)));
	tui_clip(y, 0, LABEL_W, l, tui_attr_dim(u));
	tui_clip(y + gh - 1, 0, LABEL_W, "           0", tui_attr_dim(u));
	for (row = 0; row < gh; row++)
		mvaddch(y + row, LABEL_W - 1, '|');
	if (k->r->deadline_ns) {
		int dl = lttr_share_level(k->r->deadline_ns, ymax, gh - 1);

		for (x = 0; x < gw; x++)
			mvaddch(y + gh - 1 - dl, LABEL_W + x, '-');
	}
	for (i = 0; i < ncols; i++) {
		const struct lttr_job *jb = &k->r->jobs[cols[i].job];
		int ex = lttr_share_level(jb->exec_ns, ymax, gh - 1);
		int re = lttr_share_level(jb->end_ns - jb->begin_ns, ymax, gh - 1);
		attr_t sel = i == selc ? A_REVERSE : A_NORMAL;

		x = LABEL_W + (int)i;
		if (ex != re)
			mvaddch(y + gh - 1 - ex, x, '.' | sel);
		mvaddch(y + gh - 1 - re, x, (chtype)(cols[i].misses ? 'X' : 'o') |
			(cols[i].misses ? tui_attr_err(u) : A_BOLD) | sel);
	}
	free(cols);
}

/* the CPU load: a line per CPU from @y, at most @max; the lines used */
static int draw_load(struct tui *u, int y, int max)
{
	static const char ascii[] = " .:-=+*#@";
	static const char *const bars[] = { " ", "\u2581", "\u2582", "\u2583", "\u2584",
		"\u2585", "\u2586", "\u2587", "\u2588" };
	const struct lttr_load *l = load_of(u, u->w - LABEL_W);
	struct tui_jobs *k = u->jobs;
	char head[256], d[32], what[96];
	unsigned int c, i;
	int used = 1;

	if (!l) {
		tui_clip(y, 0, u->w, k->load_why, tui_attr_err(u));
		return 1;
	}
	snprintf(head, sizeof(head), "CPU load over %s: the busy share of each of %u bins of %s "
		 "(v: %s)", lttr_load_title(l, what, sizeof(what)), l->nbins,
		 lttr_fmt_duration(l->bin_ns[0], d, sizeof(d)),
		 k->load_window ? "the whole trace" : "the window");
	tui_clip(y, 0, u->w, head, A_BOLD);
	for (c = 0; c < l->ncpus + LOAD_TASKS && used < max; c++, used++) {
		const struct lttr_load_task *tk = NULL;
		char lab[32];

		if (c >= l->ncpus) {	/* the busiest tasks, their own code */
			char nm[24];

			if (c - l->ncpus >= l->ntasks)
				break;
			tk = &l->tasks[c - l->ncpus];
			snprintf(nm, sizeof(nm), "%.7s-%u", lttr_timing_task_name(l->acct, tk->pid),
				 tk->pid);
			snprintf(lab, sizeof(lab), "%-12.12s|", nm);
		} else {
			snprintf(lab, sizeof(lab), "cpu%-9u|", c);
		}
		move(y + used, 0);
		clrtoeol();
		tui_clip(y + used, 0, LABEL_W, lab, tui_attr_dim(u));
		move(y + used, LABEL_W);
		for (i = 0; i < l->nbins; i++) {
			size_t at = (size_t)c * l->nbins + i;
			int lv = tk ? lttr_share_level(tk->ns[i], l->bin_ns[i], 8) :
				 lttr_share_level(l->busy_ns[at], l->bin_ns[i], 8);

			if (!tk && l->unknown_ns[at])
				addch('?' | tui_attr_err(u));
			else if (u->utf8)
				addstr(bars[lv]);
			else
				addch((chtype)ascii[lv]);
		}
	}
	return used;
}

static void draw_table(struct tui *u, int y, int height)
{
	struct tui_jobs *k = u->jobs;
	int rows = height - 1, r;
	char line[256];

	snprintf(line, sizeof(line), "%6s  %-14s %7s  %12s  %12s  %12s  %s", "#", "start", "task",
		 "response", "execution", "interference", "missed");
	tui_clip(y, 0, u->w, line, tui_attr_title(u));
	if (rows < 1)
		return;
	if (k->sel < k->top)
		k->top = k->sel;
	if (k->sel >= k->top + (size_t)rows)
		k->top = k->sel - (size_t)rows + 1;
	for (r = 0; r < rows && k->top + (size_t)r < k->n; r++) {
		size_t i = k->top + (size_t)r;
		const struct lttr_job *jb = job_at(k, i);
		char a[32], b[32], c[32], e[32];

		snprintf(line, sizeof(line), "%6zu  %-14s %7u  %12s  %12s  %12s  %s", i + 1,
			 lttr_fmt_time(tui_rel(u, jb->begin_ns), a, sizeof(a)), jb->tid,
			 lttr_fmt_duration(jb->end_ns - jb->begin_ns, b, sizeof(b)),
			 lttr_fmt_duration(jb->exec_ns, c, sizeof(c)),
			 lttr_fmt_duration(lttr_job_interference_ns(jb), e, sizeof(e)),
			 !k->r->deadline_ns ? "-" : jb->miss ? "MISSED" : "no");
		tui_clip(y + 1 + r, 0, u->w, line, (i == k->sel ? A_REVERSE : A_NORMAL) |
			 (jb->miss ? tui_attr_err(u) : A_NORMAL));
	}
}

void tui_jobs_page(struct tui *u, int top, int height)
{
	struct tui_jobs *k = u->jobs;
	const struct lttr_job_name *nm;
	char line[512], p[32], dl[96];
	int gh, y;

	if (!k)
		return;
	if (!k->r) {
		tui_clip(top, 0, u->w, k->why, tui_attr_err(u));
		return;
	}
	if (!k->r->nnames) {
		tui_clip(top, 0, u->w, "No jobs: the trace has no begin/end markers "
			 "(libltt-marker, ltt_mark_begin())", A_BOLD);
		y = top + 2;
		draw_load(u, y, height - 2);
		return;
	}
	nm = &k->r->names[k->name];
	if (k->r->deadline_ns) {
		char d[32];

		snprintf(dl, sizeof(dl), "%s: %zu missed", lttr_fmt_duration(k->r->deadline_ns, d,
			 sizeof(d)), nm->misses);
	} else {
		snprintf(dl, sizeof(dl), "none");
	}
	snprintf(line, sizeof(line), "Jobs of %s (name %zu of %zu, K: the next)  %zu instance%s, "
		 "period %s  deadline %s (T)", nm->name, k->name + 1, k->r->nnames, nm->count,
		 nm->count == 1 ? "" : "s", lttr_fmt_duration(nm->period_ns, p, sizeof(p)), dl);
	tui_clip(top, 0, u->w, line, A_BOLD);
	gh = height / 3 > 10 ? 10 : height / 3 < 3 ? 3 : height / 3;
	draw_graph(u, top + 1, gh);
	tui_clip(top + 1 + gh, 0, u->w, "             o response  . execution  X missed  - deadline  "
		 "(x: the instances; Enter: one in the control flow)", tui_attr_dim(u));
	y = top + 2 + gh;
	y += draw_load(u, y, (height - (y - top)) / 2 > 1 ? (height - (y - top)) / 2 : 1);
	draw_table(u, y, height - (y - top));
}

/* the instance selected in the control flow: its span, its task's row */
static void show(struct tui *u)
{
	struct tui_jobs *k = u->jobs;
	const struct lttr_job *jb = job_at(k, k->sel);

	lttr_session_show(&u->s, jb->begin_ns, jb->end_ns);
	lttr_session_set_cursor(&u->s, jb->begin_ns);
	u->view = V_FLOW;
	u->page = P_NONE;
	tui_graph_select_pid(u, jb->tid, 0);
}

static void deadline(struct tui *u)
{
	struct tui_jobs *k = u->jobs;
	char buf[64] = "";
	uint64_t ns = 0;

	if (k->r->deadline_ns) {
		char d[32];

		snprintf(buf, sizeof(buf), "%s", lttr_fmt_duration(k->r->deadline_ns, d, sizeof(d)));
	}
	if (tui_prompt(u, "deadline (2ms, 500us; empty: none): ", buf, sizeof(buf)))
		return;
	if (buf[0] && (lttr_parse_duration(buf, &ns) || !ns)) {
		tui_message(u, true, "not a duration: %s (%s)", buf, LTTR_DURATION_FORM);
		return;
	}
	lttr_jobs_deadline(k->r, ns);
	tui_message(u, false, "deadline %s: %zu of %zu instances missed", buf[0] ? buf : "none",
		    k->r->misses, k->r->njobs);
}

bool tui_jobs_key(struct tui *u, enum lttr_kaction act, int height)
{
	struct tui_jobs *k = u->jobs;

	if (!k)
		return false;
	switch (act) {
	case LTTR_KA_CLOSE:
		u->page = k->back == P_JOBS ? P_NONE : k->back;
		return true;
	case LTTR_KA_JOBS:
		return true;
	case LTTR_KA_JOB_LOAD_SPAN:
		k->load_window = !k->load_window;
		return true;
	default:
		break;
	}
	if (!k->r || !k->r->nnames)
		return false;
	switch (act) {
	case LTTR_KA_ROW_PREV:
		if (k->sel)
			k->sel--;
		return true;
	case LTTR_KA_ROW_NEXT:
		if (k->sel + 1 < k->n)
			k->sel++;
		return true;
	case LTTR_KA_PAGE_PREV:
		k->sel = k->sel > (size_t)height / 2 ? k->sel - (size_t)height / 2 : 0;
		return true;
	case LTTR_KA_PAGE_NEXT:
		k->sel += (size_t)height / 2;
		if (k->sel >= k->n)
			k->sel = k->n ? k->n - 1 : 0;
		return true;
	case LTTR_KA_JOB_NAME:
		pick_name(k, (k->name + 1) % k->r->nnames);
		return true;
	case LTTR_KA_JOB_DEADLINE:
		deadline(u);
		return true;
	case LTTR_KA_JOB_SHOW:
		if (k->n)
			show(u);
		return true;
	default:
		return false;
	}
}

/* the info line: the instance selected, its parts */
const char *tui_jobs_info(struct tui *u, char *buf, size_t size)
{
	struct tui_jobs *k = u->jobs;
	const struct lttr_job *jb;
	char a[32], b[32], c[32], d[32], e[32], f[32], g[32];

	buf[0] = '\0';
	if (!k || !k->r || !k->n)
		return buf;
	jb = job_at(k, k->sel);
	snprintf(buf, size, "#%zu: response %s = exec %s + runnable %s + irq %s + softirq %s + "
		 "blocked %s + unknown %s; %llu preemptions", k->sel + 1,
		 lttr_fmt_duration(jb->end_ns - jb->begin_ns, a, sizeof(a)),
		 lttr_fmt_duration(jb->exec_ns, b, sizeof(b)),
		 lttr_fmt_duration(jb->runnable_ns, c, sizeof(c)),
		 lttr_fmt_duration(jb->irq_ns, d, sizeof(d)),
		 lttr_fmt_duration(jb->softirq_ns, e, sizeof(e)),
		 lttr_fmt_duration(jb->blocked_ns, f, sizeof(f)),
		 lttr_fmt_duration(jb->unknown_ns, g, sizeof(g)),
		 (unsigned long long)jb->preemptions);
	return buf;
}
