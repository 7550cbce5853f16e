// SPDX-License-Identifier: GPL-2.0
/*
 * procs.c - the processes view (3): where each process's time went, its
 * threads under it, sortable by any column (< and > choose the column, I
 * inverts the order), the figures of lttr_account_group() and of the
 * tasks as "processes --json" prints them; and the page of one process
 * (Enter): its time to the nanosecond, its blocking reasons, the syscalls
 * it made, the timeline of its threads.
 *
 * The columns are as wide as their figures; pid and name stay, the time
 * columns scroll sideways (Left Right, h l: htop's keys) when they are
 * more than the terminal shows, "<" and ">" in the header saying that
 * columns are hidden on that side.  A sort keeps the rows where they are
 * on the screen: the selection follows its process while that stays in
 * sight, else stays on its line.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <curses.h>
#include <lttr/output/account-columns.h>
#include "tui.h"

/*
 * the columns: pid (0) and name (1), sorted apart, then from 2 the time
 * columns of the library's table flagged LTTR_ACOL_VIEWS
 * (lttr/output/account-columns.h), a character wider than the text
 * table's figures
 */
#define PID_WIDTH 7

/* time column @c (>= 2), NULL past the last */
static const struct lttr_acct_col *tcol(int c)
{
	size_t i;
	int k = 2;

	for (i = 0; i < lttr_acct_ncols; i++)
		if ((lttr_acct_cols[i].flags & LTTR_ACOL_VIEWS) && k++ == c)
			return &lttr_acct_cols[i];
	return NULL;
}

/* the number of columns, pid and name included */
static int ncols(void)
{
	int n = 2;

	while (tcol(n))
		n++;
	return n;
}

static const char *col_name(int c)
{
	return c == 0 ? "pid" : c == 1 ? "name" : tcol(c)->name;
}

static int cmp_procs(const void *pa, const void *pb, void *arg)
{
	const struct tui *u = arg;
	const struct lttr_acct_task *a = pa, *b = pb;
	int r;

	switch (u->pt.sort) {
	case 0:
		r = a->pid < b->pid ? -1 : a->pid > b->pid;
		break;
	case 1:
		r = strcmp(a->name, b->name);
		if (!r)
			r = a->pid < b->pid ? -1 : a->pid > b->pid;
		break;
	default: {
		uint64_t x = tcol(u->pt.sort)->get(a), y = tcol(u->pt.sort)->get(b);

		r = x < y ? -1 : x > y ? 1 : (a->pid < b->pid ? -1 : a->pid > b->pid);
		break;
	}
	}
	return u->pt.desc ? -r : r;
}

/* the table's rows: the processes in order, each with its threads */
static int build_rows(struct tui *u)
{
	const struct lttr_account *a = u->a;
	size_t i, k, n = 0;

	qsort_r(u->procs, u->nprocs, sizeof(*u->procs), cmp_procs, u);
	free(u->prows);
	u->prows = calloc(u->nprocs + a->ntasks + 1, sizeof(*u->prows));
	if (!u->prows)
		return -1;
	for (i = 0; i < u->nprocs; i++) {
		u->prows[n].tk = &u->procs[i];
		u->prows[n++].thread = false;
		if (u->procs[i].threads < 2)
			continue;
		for (k = 0; k < a->ntasks; k++) {
			if (a->tasks[k].tgid != u->procs[i].pid)
				continue;
			u->prows[n].tk = &a->tasks[k];
			u->prows[n++].thread = true;
		}
	}
	u->nprows = n;
	return 0;
}

int tui_procs_init(struct tui *u)
{
	u->procs = lttr_account_group(u->a, &u->nprocs);
	if (!u->procs && u->a->ntasks)
		return -1;
	return build_rows(u);
}

void tui_procs_free(struct tui *u)
{
	lttr_account_group_free(u->procs, u->nprocs);
	free(u->prows);
	u->procs = NULL;
	u->nprocs = 0;
	u->prows = NULL;
	u->nprows = 0;
}

/*
 * t: the tables (views 3, 4, 5 and their pages) count a window, the
 * accounting of the trace restricted to it (lttr_account_compute_window(),
 * what processes --from --to prints): between markers A and B when both
 * are placed, else the visible window; t again: the whole trace.
 */
void tui_window_tables(struct tui *u)
{
	struct lttr_account *wa = NULL;
	struct lttr_error err;
	uint64_t from, to;

	if (!u->wa) {
		if (!lttr_viewport_marks(&u->s.vp, &from, &to)) {
			from = u->s.vp.t0;
			to = u->s.vp.t1;
		}
		if (to <= from) {
			tui_message(u, true, "the window is empty: the tables stay those of the whole trace");
			return;
		}
		tui_clip(u->h - 2, 0, u->w, "counting the window (a pass of the accounting)...", A_BOLD);
		refresh();
		if (lttr_account_compute_window(u->s.t, from, to, &wa, &err) < 0) {
			tui_message(u, true, "the window's tables: %s", err.msg);
			return;
		}
	}
	tui_syscalls_free(u);
	tui_procs_free(u);
	lttr_account_free(u->wa);
	u->wa = wa;
	u->a = wa ? wa : lttr_view_account(u->s.v);
	memset(&u->pt, 0, sizeof(u->pt));
	memset(&u->st, 0, sizeof(u->st));
	memset(&u->it, 0, sizeof(u->it));
	if (u->page == P_PROCESS || u->page == P_SYSCALL)	/* of the other tables */
		u->page = P_NONE;
	u->page_task = NULL;
	if (tui_procs_init(u) || tui_syscalls_init(u)) {
		tui_message(u, true, "out of memory");
		return;
	}
	if (wa) {
		char a[32], b[32], d[32];

		tui_message(u, false, "tables 3 4 5: the window %s .. %s (%s); t: all",
			    lttr_fmt_time(tui_rel(u, wa->start_ns), a, sizeof(a)),
			    lttr_fmt_time(tui_rel(u, wa->end_ns), b, sizeof(b)),
			    lttr_fmt_duration(wa->end_ns - wa->start_ns, d, sizeof(d)));
	} else {
		tui_message(u, false, "tables (3, 4, 5) of the whole trace");
	}
}

/* the widest name shown (its indentation and the space before it included) */
static int name_width(const struct tui *u)
{
	int w = 5 + (u->pt.sort == 1);
	size_t i;

	for (i = 0; i < u->nprows; i++) {
		int n = 1 + (u->prows[i].thread ? 2 : 0) + (int)strlen(u->prows[i].tk->name);
		if (n > w)
			w = n;
	}
	return w > 17 ? 17 : w;
}

/* time column @c's width: its header (and sort mark) or its widest figure, a space before */
static int col_width(const struct tui *u, int c)
{
	int w = (int)strlen(tcol(c)->name) + (u->pt.sort == c);
	char buf[64];
	size_t i;

	for (i = 0; i < u->nprows; i++) {
		int n = (int)strlen(lttr_acct_col_str(tcol(c), u->prows[i].tk, buf, sizeof(buf)));
		if (n > w)
			w = n;
	}
	return w + 1;
}

/*
 * The time columns shown: from @u->pt.left (kept where the columns after it
 * fill the terminal: no scrolling past the last), to *@last excluded.
 */
static void layout(struct tui *u, int namew, const int *cw, int *last)
{
	int n = ncols(), x, c;

	if (u->pt.left < 2)
		u->pt.left = 2;
	if (u->pt.left > n - 1)
		u->pt.left = n - 1;
	/* back while the columns before it fit with those after */
	for (;;) {
		for (c = u->pt.left - 1, x = PID_WIDTH + namew; c < n; c++)
			x += cw[c];
		if (u->pt.left <= 2 || x > u->w)
			break;
		u->pt.left--;
	}
	for (c = u->pt.left, x = PID_WIDTH + namew; c < n && x + cw[c] <= u->w; c++)
		x += cw[c];
	*last = c > u->pt.left ? c : u->pt.left + 1;
}

/* the widths of the time columns, those shown (layout()) */
static void widths(struct tui *u, int *namew, int *cw, int *last)
{
	int n = ncols(), c;

	*namew = name_width(u);
	for (c = 2; c < n && c < 32; c++)
		cw[c] = col_width(u, c);
	layout(u, *namew, cw, last);
}

/* a sort by a hidden column scrolls to it */
static void show_sort_column(struct tui *u)
{
	int namew, cw[32], last;

	widths(u, &namew, cw, &last);
	if (u->pt.sort < 2 || (u->pt.sort >= u->pt.left && u->pt.sort < last))
		return;
	if (u->pt.sort < u->pt.left) {
		u->pt.left = u->pt.sort;
		return;
	}
	while (u->pt.sort >= last && u->pt.left < u->pt.sort) {
		u->pt.left++;
		layout(u, namew, cw, &last);
	}
}

void tui_procs_draw(struct tui *u, int top, int height)
{
	int namew, n = ncols(), cw[32], last, c, y;
	char buf[64], name[64];
	size_t i;

	widths(u, &namew, cw, &last);
	move(top, 0);
	attron(A_BOLD | A_UNDERLINE);
	for (c = 0; c < last; c++) {
		const char *mark = c == u->pt.sort ? (u->pt.desc ? "v" : "^") : "";

		if (c == 1) {
			printw(" name%s%*s", mark, namew - 5 - (int)strlen(mark), "");
		} else if (c == 0) {
			printw("%*s%s", PID_WIDTH - (int)strlen(mark), "pid", mark);
		} else if (c >= u->pt.left) {
			/* "<": columns hidden before the first shown */
			int x = getcurx(stdscr);

			printw("%*s%s", cw[c] - (int)strlen(mark), tcol(c)->name, mark);
			if (c == u->pt.left && u->pt.left > 2) {
				int end = getcurx(stdscr);

				mvaddch(top, x, '<');
				move(top, end);
			}
		}
	}
	for (c = getcurx(stdscr); c < u->w; c++)
		addch(' ');
	if (last < n)		/* ">": columns hidden after the last shown */
		mvaddch(top, u->w - 1, '>');
	attroff(A_BOLD | A_UNDERLINE);
	if (!u->nprows) {
		mvaddstr(top + 1, 2, "(no process)");
		return;
	}
	tui_keep_visible(&u->pt, u->nprows, height - 1);
	for (i = u->pt.top, y = top + 1; i < u->nprows && y < top + height; i++, y++) {
		const struct tui_prow *r = &u->prows[i];
		attr_t attr = i == u->pt.sel ? A_REVERSE : A_NORMAL;

		move(y, 0);
		attron(attr);
		printw("%7u", r->tk->pid);
		snprintf(name, sizeof(name), " %s%s", r->thread ? "  " : "", r->tk->name);
		printw("%-*.*s", namew, namew, name);
		for (c = u->pt.left; c < last; c++) {
			printw("%*s", cw[c],
			       lttr_acct_col_str(tcol(c), r->tk, buf, sizeof(buf)));
		}
		for (c = getcurx(stdscr); c < u->w; c++)
			addch(' ');
		attroff(attr);
	}
}

bool tui_scroll_key(struct tui_table *tb, enum lttr_kaction act, size_t n, int height)
{
	size_t page = height > 3 ? (size_t)height - 2 : 1;

	switch (act) {
	case LTTR_KA_ROW_PREV:
		if (tb->sel)
			tb->sel--;
		return true;
	case LTTR_KA_ROW_NEXT:
		if (tb->sel + 1 < n)
			tb->sel++;
		return true;
	case LTTR_KA_PAGE_PREV:
		tb->sel = tb->sel > page ? tb->sel - page : 0;
		return true;
	case LTTR_KA_PAGE_NEXT:
		tb->sel = tb->sel + page < n ? tb->sel + page : (n ? n - 1 : 0);
		return true;
	default:
		return false;
	}
}

bool tui_procs_key(struct tui *u, enum lttr_kaction act, int height)
{
	/* by pid: build_rows() sorts the processes in place */
	uint32_t keep = u->nprows ? u->prows[u->pt.sel].tk->pid : 0;
	bool keep_thread = u->nprows && u->prows[u->pt.sel].thread;
	size_t i, rows = height > 2 ? (size_t)height - 2 : 1;

	switch (act) {
	case LTTR_KA_SORT_PREV:
	case LTTR_KA_SORT_NEXT:
	case LTTR_KA_SORT_INVERT:
		if (act == LTTR_KA_SORT_PREV)
			u->pt.sort = u->pt.sort ? u->pt.sort - 1 : ncols() - 1;
		else if (act == LTTR_KA_SORT_NEXT)
			u->pt.sort = (u->pt.sort + 1) % ncols();
		else
			u->pt.desc = !u->pt.desc;
		if (build_rows(u))
			return true;
		/*
		 * The rows shown stay where they are (no jump to where the
		 * sort took the selection): the selection follows its
		 * process if it is still among them, else stays on its line.
		 */
		for (i = u->pt.top; i < u->nprows && i < u->pt.top + rows; i++)
			if (u->prows[i].tk->pid == keep && u->prows[i].thread == keep_thread)
				u->pt.sel = i;
		tui_keep_visible(&u->pt, u->nprows, (int)rows);
		show_sort_column(u);
		tui_message(u, false, "sorted by %s, %s", col_name(u->pt.sort),
			    u->pt.desc ? "descending" : "ascending");
		return true;
	case LTTR_KA_OPEN:
		if (u->nprows) {
			u->page_task = u->prows[u->pt.sel].tk;
			u->page = P_PROCESS;
			memset(&u->page_t, 0, sizeof(u->page_t));
		}
		return true;
	case LTTR_KA_COLS_LEFT:
		if (u->pt.left > 2)
			u->pt.left--;
		return true;
	case LTTR_KA_COLS_RIGHT:
		u->pt.left++;	/* (layout() stops it at the last columns) */
		return true;
	default:
		return tui_scroll_key(&u->pt, act, u->nprows, height);
	}
}

void tui_open_process(struct tui *u, uint32_t pid)
{
	const struct lttr_acct_task *tk = lttr_account_find(u->a, pid);
	size_t i;

	for (i = 0; i < u->nprows; i++)
		if (u->prows[i].tk->pid == pid && (!tk || u->prows[i].thread ==
						   (tk->tgid != pid)))
			break;
	if (i == u->nprows) {
		tui_message(u, true, "no accounting for task %u", pid);
		return;
	}
	u->pt.sel = i;
	u->page_task = u->prows[i].tk;
	u->page = P_PROCESS;
	memset(&u->page_t, 0, sizeof(u->page_t));
}

/* a figure of the page: name, exact duration, and its ms */
/* a line of the page from @x, cut at the terminal's edge (not wrapped) */
static void line(const struct tui *u, int y, int x, attr_t attr, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
static void line(const struct tui *u, int y, int x, attr_t attr, const char *fmt, ...)
{
	char buf[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	tui_clip(y, x, u->w - x, buf, attr);
}

static void ms(uint64_t ns, char *buf, size_t size)
{
	snprintf(buf, size, "%.3f", (double)ns / 1e6);
}

/* a figure in ms and to the nanosecond; @narrow: to the nanosecond only */
static void figure(const struct tui *u, int y, int x, const char *name, uint64_t ns,
		   bool narrow)
{
	char d[32], m[32];

	ms(ns, m, sizeof(m));
	if (narrow)
		line(u, y, x, A_NORMAL, "%-14s %s", name, lttr_fmt_duration(ns, d, sizeof(d)));
	else
		line(u, y, x, A_NORMAL, "%-14s %14s ms  %s", name, m,
		     lttr_fmt_duration(ns, d, sizeof(d)));
}

void tui_process_page(struct tui *u, int top, int height)
{
	const struct lttr_acct_task *tk = u->page_task;
	struct tui_graph tl;
	size_t rows[64], i, n = 0;
	unsigned char depth[64];
	char title[256], nb[32], a[32], b[32];
	/* the figures in two columns; under 100 columns, without the ms */
	bool narrow = u->w < 100;
	int y = top, x2 = u->w >= 60 ? u->w / 2 : 0, r;

	if (!tk)
		return;
	snprintf(title, sizeof(title), "%s %u %s  (parent %u, %u thread%s, %s .. %s)  Esc: back",
		 tk->threads > 1 || tk->tgid == tk->pid ? "process" : "thread", tk->pid,
		 tk->name, tk->ppid, tk->threads, tk->threads == 1 ? "" : "s",
		 lttr_fmt_time(tui_rel(u, tk->begin_ns), a, sizeof(a)),
		 lttr_fmt_time(tui_rel(u, tk->end_ns), b, sizeof(b)));
	tui_clip(y++, 0, u->w, title, A_BOLD);
	/* the timeline of its threads, in the shared window */
	memset(&tl, 0, sizeof(tl));
	for (i = 0; i < lttr_view_nrows(u->s.v) && n < 8; i++) {
		const struct lttr_vrow_info *in = lttr_view_row(u->s.v, i);

		if (in->kind == LTTR_VROW_TASK &&
		    (in->id == tk->pid || (tk->tgid == tk->pid && in->tgid == tk->pid))) {
			depth[n] = in->id != tk->pid;
			rows[n++] = i;
		}
	}
	tl.rows = rows;
	tl.depth = depth;
	tl.n = n;
	tl.sel = SIZE_MAX;
	r = (int)n + 1 < height / 3 ? (int)n + 1 : height / 3;
	if (r >= 2) {
		tui_graph_draw(u, y, r, &tl);
		y += r;
	}
	/* its time, to the nanosecond */
	attron(A_BOLD);
	mvaddstr(y++, 0, "Time");
	attroff(A_BOLD);
	{
		const char *names[] = { "running", "user", "kernel", " syscalls", " traps",
			" kernel thread", "interrupted", " softirq", "runnable", "nodata",
			"blocked" };
		uint64_t v[] = { tk->running_ns, tk->user_ns, lttr_acct_task_kernel(tk),
			tk->syscall_ns, tk->trap_ns, tk->kernel_ns, tk->irq_ns, tk->softirq_ns,
			tk->runnable_ns, tk->unknown_ns, lttr_acct_task_blocked(tk) };
		int k, yl = y, yr = y, *ys = x2 ? &yr : &yl, xs = narrow ? 0 : x2;
		char c[32], d[32];

		for (k = 0; k < (int)(sizeof(v) / sizeof(v[0])); k++)
			figure(u, yl++, 0, names[k], v[k], narrow);
		for (k = 0; k < LTTR_BLOCK_COUNT; k++) {
			char bn[32];

			snprintf(bn, sizeof(bn), " %s", lttr_block_name((unsigned int)k));
			figure(u, (*ys)++, x2, bn, tk->blocked_ns[k], narrow);
		}
		/* wall clock; its threads' summed (what the figures above add up
		 * to); dead and not reaped, not part of either */
		figure(u, (*ys)++, x2, "lifetime", lttr_acct_task_life(tk), narrow);
		figure(u, (*ys)++, x2, "thread time", tk->thread_life_ns, narrow);
		figure(u, (*ys)++, x2, "zombie", tk->zombie_ns, narrow);
		/* the counts: under both columns when narrow */
		if (narrow) {
			yl = yl > yr ? yl : yr;
			ys = &yl;
		}
		line(u, (*ys)++, xs, A_NORMAL, "%-14s %14llu  preempted %llu", "switches in",
			 (unsigned long long)tk->switches, (unsigned long long)tk->preemptions);
		line(u, (*ys)++, xs, A_NORMAL, "%-14s %14llu  mean %s max %s", "wakeup->run",
			 (unsigned long long)tk->sched_lat.count,
			 lttr_fmt_duration(lttr_lat_mean(&tk->sched_lat), c, sizeof(c)),
			 lttr_fmt_duration(tk->sched_lat.max, d, sizeof(d)));
		y = (yl > yr ? yl : yr) + 1;
	}
	/* the syscalls it made */
	if (y >= top + height)
		return;
	line(u, y++, 0, A_BOLD | A_UNDERLINE, "%-18s %9s %12s %12s %12s %12s %11s", "syscall",
	     "count", "total_ms", "cpu_ms", "blocked_ms", "runnable_ms", "max_us");
	if (u->page_t.sel >= tk->nsc)
		u->page_t.sel = tk->nsc ? tk->nsc - 1 : 0;
	if (u->page_t.sel < u->page_t.top)
		u->page_t.top = u->page_t.sel;
	if (top + height - y > 0 && u->page_t.sel >= u->page_t.top + (size_t)(top + height - y))
		u->page_t.top = u->page_t.sel - (size_t)(top + height - y) + 1;
	for (i = u->page_t.top; i < tk->nsc && y < top + height; i++, y++) {
		const struct lttr_acct_sc *s = &tk->sc[i];
		attr_t attr = i == u->page_t.sel ? A_REVERSE : A_NORMAL;

		line(u, y, 0, attr, "%-18s %9llu %12.3f %12.3f %12.3f %12.3f %11.3f",
		     lttr_syscall_str(s->nr, nb, sizeof(nb)), (unsigned long long)s->lat.count,
		     (double)s->lat.total / 1e6, (double)s->cpu_ns / 1e6,
		     (double)s->blocked_ns / 1e6, (double)s->runnable_ns / 1e6,
		     (double)s->lat.max / 1e3);
	}
}

bool tui_process_key(struct tui *u, enum lttr_kaction act, int height)
{
	if (!u->page_task)
		return false;
	return tui_scroll_key(&u->page_t, act, u->page_task->nsc, height);
}
