// SPDX-License-Identifier: GPL-2.0
/*
 * graph.c - the control flow (view 1: one row per task, processes with
 * their threads under them) and resources (view 2: CPUs, irq lines and
 * vectors, softirq vectors) views: a label column, then one cell per
 * column of the window from lttr_view_cells(), the cursor's column in
 * reverse video, a ruler with the window's ends and the markers.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <curses.h>
#include <lttr/view/files.h>
#include <lttr/replay/replay.h>
#include "tui.h"

int tui_graph_sort(struct tui *u)
{
	struct tui_graph *f = &u->g[0];
	size_t sel = f->sel < f->n ? f->rows[f->sel] : (size_t)-1, i;
	long n = lttr_view_task_sort(u->s.v, u->s.row_sort, u->s.vp.start, u->s.vp.end, u->s.idle_open, f->rows,
				     f->depth);

	if (n < 0)
		return -1;
	f->n = (size_t)n;
	f->active_t1 = UINT64_MAX;	/* the cache is per position */
	for (i = 0; i < f->n; i++)
		if (f->rows[i] == sel)
			f->sel = i;
	return 0;
}

int tui_graph_init(struct tui *u)
{
	size_t n = lttr_view_nrows(u->s.v), i, k = 0;
	struct tui_graph *f = &u->g[0], *r = &u->g[1];

	f->rows = calloc(n ? n : 1, sizeof(*f->rows));
	f->depth = calloc(n ? n : 1, 1);
	f->active = calloc(n ? n : 1, 1);
	r->rows = calloc(n ? n : 1, sizeof(*r->rows));
	r->depth = calloc(n ? n : 1, 1);
	r->active = calloc(n ? n : 1, 1);
	if (!f->rows || !f->depth || !r->rows || !r->depth || !f->active || !r->active)
		return -1;
	f->active_t1 = r->active_t1 = UINT64_MAX;	/* no window cached yet */
	if (tui_graph_sort(u))
		return -1;
	for (i = 0; i < n; i++)
		if (lttr_view_row(u->s.v, i)->kind < LTTR_VROW_TASK)
			r->rows[k++] = i;
	r->n = k;
	{
		struct lttr_error err;

		if (lttr_appmarks_build(u->s.v, &u->am, &err) < 0)
			tui_message(u, true, "application markers not read: %s", err.msg);
	}
	return 0;
}

void tui_graph_free(struct tui *u)
{
	int i;

	lttr_appmarks_free(u->am);
	u->am = NULL;
	for (i = 0; i < 2; i++) {
		free(u->g[i].rows);
		free(u->g[i].depth);
		free(u->g[i].active);
	}
}

int tui_graph_label_width(const struct tui *u)
{
	return u->w >= 120 ? 28 : u->w >= 90 ? 24 : 20;
}

static void row_label(const struct tui *u, const struct tui_graph *g, size_t i,
		      char *buf, size_t size)
{
	const struct lttr_vrow_info *in = lttr_view_row(u->s.v, g->rows[i]);

	switch (in->kind) {
	case LTTR_VROW_TASK:
		snprintf(buf, size, "%s%7u %s", g->depth[i] ? "  " : "", in->id, in->name);
		break;
	case LTTR_VROW_GROUP:	/* i opens and closes it */
		snprintf(buf, size, "%s %u idle kthread%s", u->s.idle_open ? "[-]" : "[+]", in->id,
			 in->id == 1 ? "" : "s");
		break;
	case LTTR_VROW_CPU:
		snprintf(buf, size, "cpu %u", in->id);
		break;
	case LTTR_VROW_IRQ:
		if (in->sysvec)
			snprintf(buf, size, "vec 0x%x %s", in->id, in->name ? in->name : "");
		else
			snprintf(buf, size, "irq %u %s", in->id, in->name ? in->name : "");
		break;
	default:
		snprintf(buf, size, "softirq %s", in->name ? in->name : "?");
		break;
	}
}

/* is entry @i of @g shown (the filter may hide it) */
/* did row @i do anything in the window (cached per window) */
static bool active(const struct tui *u, const struct tui_graph *g, size_t i)
{
	struct tui_graph *m = (struct tui_graph *)g;	/* the cache only */

	if (!g->active)
		return true;
	if (g->active_t0 != u->s.vp.t0 || g->active_t1 != u->s.vp.t1) {
		memset(m->active, 0, g->n);
		m->active_t0 = u->s.vp.t0;
		m->active_t1 = u->s.vp.t1;
	}
	if (!g->active[i])
		m->active[i] = lttr_view_row_active(u->s.v, g->rows[i], u->s.vp.t0, u->s.vp.t1) ? 2 : 1;
	return g->active[i] == 2;
}

static bool shown(const struct tui *u, const struct tui_graph *g, size_t i, bool *dim)
{
	/* a page's timeline (not view 1 or 2) shows every row it was given */
	if (g != &u->g[0] && g != &u->g[1]) {
		*dim = false;
		return true;
	}
	if (u->s.active_only && !active(u, g, i)) {
		*dim = false;
		return false;
	}
	return tui_filter_row(u, g->rows[i], dim);
}

/*
 * the lines entry @i of @g takes when shown: its row, and in view 1 the
 * marker lane of a task that wrote jobs or points (anywhere in the trace:
 * the rows do not move when one zooms)
 */
static int lines_of(const struct tui *u, const struct tui_graph *g, size_t i)
{
	const struct lttr_vrow_info *in;

	if (g != &u->g[0] || !u->am)
		return 1;
	in = lttr_view_row(u->s.v, g->rows[i]);
	return 1 + (in->kind == LTTR_VROW_TASK && lttr_appmarks_task_has(u->am, in->id));
}

/* the counter rows at the bottom of view 1: at most a third of it */
static int counter_lines(const struct tui *u, const struct tui_graph *g, int height)
{
	size_t n = g == &u->g[0] ? lttr_appmarks_ncounters(u->am) : 0;
	int most = (height - 1) / 3;

	return n ? (int)(n + 1 < (size_t)most ? n + 1 : (size_t)most) : 0;
}

/* the first shown entry at or after @i, else the last before it */
static size_t nearest_shown(const struct tui *u, const struct tui_graph *g, size_t i)
{
	bool dim;
	size_t k;

	for (k = i; k < g->n; k++)
		if (shown(u, g, k, &dim))
			return k;
	for (k = i < g->n ? i : g->n; k-- > 0;)
		if (shown(u, g, k, &dim))
			return k;
	return i;
}

/*
 * The ruler: the window's ends as times at its two ends, the markers A and
 * B at their columns, the cursor's column in reverse video.  A label is
 * drawn only where it covers no marker (a marker over a digit would change
 * the time read): a marker near an end hides that end's label, the status
 * line still gives every marker's time.
 */
static void ruler(struct tui *u, int y, int x0, int ncols, const char *label)
{
	char a[32], b[32];
	long col, mcol[2] = { -1, -1 };
	size_t first, nh, h;
	int i, la, lb;

	move(y, 0);
	attron(A_BOLD);
	addnstr(label, x0);
	attroff(A_BOLD);
	move(y, x0);
	for (i = 0; i < ncols; i++)
		addch('-');
	for (i = 0; i < 2; i++) {
		if (!u->s.vp.has_mark[i])
			continue;
		col = lttr_viewport_time_col(&u->s.vp, u->s.vp.mark[i], (unsigned int)ncols);
		if (col >= 0 && col < ncols)
			mcol[i] = col;
	}
	lttr_fmt_time(tui_rel(u, u->s.vp.t0), a, sizeof(a));
	lttr_fmt_time(tui_rel(u, u->s.vp.t1), b, sizeof(b));
	la = (int)strlen(a);
	lb = (int)strlen(b);
	/* the predicate's hits (p) in the window: ^ at their columns, over the labels */
	nh = lttr_session_pred_in(&u->s, u->s.vp.t0, u->s.vp.t1, &first);
	for (h = first; h < first + nh; h++) {
		col = lttr_viewport_time_col(&u->s.vp, u->s.pred_hits[h].time_ns,
					     (unsigned int)ncols);
		if (col < 0 || col >= ncols)
			continue;
		if (col <= la)
			la = 0;
		if (col >= ncols - lb - 1)
			lb = 0;
	}
	/* the start's label over columns [0, la), the end's over [ncols - lb, ncols) */
	for (i = 0; i < 2; i++)
		if (mcol[i] >= 0 && mcol[i] <= la)	/* (a column between: a gap) */
			la = 0;
	for (i = 0; i < 2; i++)
		if (mcol[i] >= 0 && mcol[i] >= ncols - lb - 1)
			lb = 0;
	if (la && la <= ncols)
		mvaddstr(y, x0, a);
	else
		la = 0;
	if (lb && la + lb + 2 <= ncols)
		mvaddstr(y, x0 + ncols - lb, b);
	for (h = first; h < first + nh; h++) {
		col = lttr_viewport_time_col(&u->s.vp, u->s.pred_hits[h].time_ns,
					     (unsigned int)ncols);
		if (col >= 0 && col < ncols)
			mvaddch(y, x0 + (int)col, (chtype)'^' | A_BOLD);
	}
	for (i = 0; i < 2; i++)
		if (mcol[i] >= 0)
			mvaddch(y, x0 + (int)mcol[i], (chtype)(i ? 'B' : 'A') | A_BOLD | A_REVERSE);
	/* the cursor's column in reverse video, its character kept */
	col = lttr_viewport_time_col(&u->s.vp, u->s.vp.cursor, (unsigned int)ncols);
	if (col >= 0 && col < ncols)
		mvchgat(y, x0 + (int)col, 1, A_REVERSE | A_BOLD, 0, NULL);
}

/* the marker lane of task @tid on line @y: lttr_appmarks_lane()'s text */
static void draw_lane(struct tui *u, int y, int lw, int ncols, uint32_t tid, bool dim, long ccol)
{
	char *lane = malloc((size_t)ncols + 1);
	int c;

	move(y, 0);
	attron(tui_attr_dim(u));
	printw("%*s", lw, "markers ");
	attroff(tui_attr_dim(u));
	if (!lane)
		return;
	lttr_appmarks_lane(u->am, tid, &u->s.vp, (unsigned int)ncols, lane);
	for (c = 0; c < ncols; c++) {
		attr_t a = dim ? tui_attr_dim(u) : lane[c] == ' ' ? A_NORMAL : A_BOLD;

		if (c == ccol)
			a |= A_REVERSE;
		mvaddch(y, lw + 1 + c, (chtype)(unsigned char)lane[c] | (chtype)a);
	}
	free(lane);
}

/*
 * The counter rows (@lines at @y: a title, then a row per counter while
 * they fit): "pid #name", a sparkline of each column's last value over
 * the window's range (lttr_appbin_level()), the range after it.
 */
static void draw_counters(struct tui *u, int y, int lines, int lw, int ncols)
{
	static const char *const blocks[8] = { "\u2581", "\u2582", "\u2583", "\u2584",
					       "\u2585", "\u2586", "\u2587", "\u2588" };
	static const char ascii[] = "_.-=+*#@";
	struct lttr_appbin *b;
	size_t i, n = lttr_appmarks_ncounters(u->am);
	char label[96];
	int c, k;

	if (lines < 2)
		return;
	b = calloc((size_t)ncols, sizeof(*b));
	if (!b)
		return;
	move(y, 0);
	attron(A_BOLD);
	printw("%-*s", lw, "counters");
	attroff(A_BOLD);
	for (i = 0, k = 1; i < n && k < lines; i++, k++) {
		const struct lttr_appcounter *ct = lttr_appmarks_counter(u->am, i);
		int64_t lo, hi;

		lttr_appmarks_bins(u->am, i, &u->s.vp, (unsigned int)ncols, b, &lo, &hi);
		snprintf(label, sizeof(label), "%7u #%s %" PRId64 "..%" PRId64, ct->pid, ct->name, lo, hi);
		move(y + k, 0);
		addnstr(label, lw);
		for (c = 0; c < ncols; c++) {
			int l = lttr_appbin_level(&b[c], lo, hi, 8);

			move(y + k, lw + 1 + c);
			if (l < 0)
				addch(' ');
			else if (u->utf8)
				addstr(blocks[l]);
			else
				addch((chtype)(unsigned char)ascii[l]);
		}
	}
	if (i < n)
		mvprintw(y, lw + 1, "(%zu more: a taller terminal shows them)", n - i);
	free(b);
}

void tui_graph_draw(struct tui *u, int top, int height, struct tui_graph *g)
{
	int lw = tui_graph_label_width(u), ncols = u->w - lw - 1, y = top + 1;
	int cl = counter_lines(u, g, height);
	struct lttr_vcell *cells;
	size_t i, first;
	long ccol;
	char label[128];

	if (ncols < 10 || height < 2)
		return;
	/* the counters take the bottom lines, the rows the others */
	draw_counters(u, top + height - cl, cl, lw, ncols);
	height -= cl;
	ruler(u, top, lw + 1, ncols, g == &u->g[1] ? "resource" : "    pid task");
	if (!g->n) {
		mvaddstr(y, 2, "(no rows)");
		return;
	}
	{
		bool dim;

		for (i = 0; i < g->n && !shown(u, g, i, &dim); i++)
			;
		if (i == g->n) {
			mvaddstr(y, 2, u->s.active_only ? "(no row did anything in this window: A shows all)" :
				 "(the filter hides every row: F dims them instead)");
			return;
		}
	}
	cells = calloc((size_t)ncols, sizeof(*cells));
	if (!cells)
		return;
	/*
	 * A view's selection stays on a shown row, and on the screen; a
	 * page's timeline has no selection and shows its first rows.
	 */
	if (g == &u->g[0] || g == &u->g[1]) {
		g->sel = nearest_shown(u, g, g->sel < g->n ? g->sel : g->n - 1);
		if (g->sel < g->top)
			g->top = g->sel;
		for (;;) {
			int lines = 0;
			bool dim;

			for (i = g->top; i < g->n && i <= g->sel; i++)
				lines += shown(u, g, i, &dim) ? lines_of(u, g, i) : 0;
			if (lines <= height - 1 || g->top >= g->sel)
				break;
			g->top++;
		}
	}
	ccol = lttr_viewport_time_col(&u->s.vp, u->s.vp.cursor, (unsigned int)ncols);
	first = g->top;
	for (i = first; i < g->n && y < top + height; i++) {
		bool dim = false;
		int c;
		attr_t lattr;

		if (!shown(u, g, i, &dim))
			continue;
		row_label(u, g, i, label, sizeof(label));
		lattr = i == g->sel ? A_REVERSE | A_BOLD : dim ? tui_attr_dim(u) : A_NORMAL;
		move(y, 0);
		attron(lattr);
		addnstr(label, lw);
		for (c = getcurx(stdscr); c < lw; c++)
			addch(' ');
		attroff(lattr);
		if (!lttr_view_cells(u->s.v, g->rows[i], u->s.vp.t0, u->s.vp.t1,
				     (unsigned int)ncols, cells)) {
			uint8_t kind = lttr_view_row(u->s.v, g->rows[i])->kind;

			for (c = 0; c < ncols; c++) {
				if (dim)
					mvaddch(y, lw + 1 + c, ' ');
				else
					tui_draw_cell(u, y, lw + 1 + c, &cells[c], c == ccol);
				/*
				 * Nothing vanishes when zoomed out (as in the
				 * window): a handler that ran for less than half
				 * of a column ("none" there by the majority
				 * rule) still shows, its letter dimmed.
				 */
				if (!dim && (kind == LTTR_VROW_IRQ || kind == LTTR_VROW_SOFTIRQ) &&
				    cells[c].cat == LTTR_VCAT_NONE &&
				    (cells[c].flags & LTTR_VCELL_CHANGES) &&
				    !(cells[c].flags & (LTTR_VCELL_OUTSIDE | LTTR_VCELL_LOST))) {
					uint8_t cat = kind == LTTR_VROW_IRQ ? LTTR_VCAT_IRQ :
						LTTR_VCAT_SOFTIRQ;

					mvaddch(y, lw + 1 + c, (chtype)(unsigned char)lttr_vcat_letter(cat) |
						(chtype)(tui_cat_attr(u, cat) | A_DIM |
							 (c == ccol ? A_REVERSE : 0)));
				}
			}
			if (dim) {
				attron(tui_attr_dim(u));
				for (c = 0; c < ncols; c++)
					mvaddch(y, lw + 1 + c, (chtype)(unsigned char)
						lttr_vcat_letter(cells[c].cat));
				attroff(tui_attr_dim(u));
			}
		}
		y++;
		if (lines_of(u, g, i) > 1 && y < top + height)
			draw_lane(u, y++, lw, ncols, lttr_view_row(u->s.v, g->rows[i])->id, dim, ccol);
	}
	free(cells);
}

static int ncols_of(const struct tui *u)
{
	return u->w - tui_graph_label_width(u) - 1;
}

static void move_cursor_cols(struct tui *u, int d)
{
	lttr_session_move_cols(&u->s, d, (unsigned int)ncols_of(u));
}

static void step_row(struct tui *u, struct tui_graph *g, int dir, bool events)
{
	uint64_t t;
	int r;

	if (!g->n)
		return;
	r = lttr_view_step(u->s.v, g->rows[g->sel], u->s.vp.cursor, dir, events, &t);
	if (r == 1)
		tui_set_cursor(u, t);
	else
		tui_message(u, false, "no %s %s on this row", events ? "event" : "change",
			    dir > 0 ? "after the cursor" : "before the cursor");
}

static void move_sel(struct tui *u, struct tui_graph *g, int d)
{
	bool dim;

	while (d > 0 && g->sel + 1 < g->n) {
		size_t k = g->sel + 1;

		while (k < g->n && !shown(u, g, k, &dim))
			k++;
		if (k >= g->n)
			break;
		g->sel = k;
		d--;
	}
	while (d < 0 && g->sel > 0) {
		size_t k = g->sel;

		while (k > 0 && !shown(u, g, k - 1, &dim))
			k--;
		if (k == 0)
			break;
		g->sel = k - 1;
		d++;
	}
}

bool tui_graph_key(struct tui *u, struct tui_graph *g, enum lttr_kaction act, int height)
{
	const struct lttr_vrow_info *in;

	switch (act) {
	case LTTR_KA_ROW_PREV:
		move_sel(u, g, -1);
		return true;
	case LTTR_KA_ROW_NEXT:
		move_sel(u, g, 1);
		return true;
	case LTTR_KA_PAGE_PREV:
		move_sel(u, g, -(height - 2));
		return true;
	case LTTR_KA_PAGE_NEXT:
		move_sel(u, g, height - 2);
		return true;
	case LTTR_KA_COL_PREV:
		move_cursor_cols(u, -1);
		return true;
	case LTTR_KA_COL_NEXT:
		move_cursor_cols(u, 1);
		return true;
	case LTTR_KA_COL10_PREV:
		move_cursor_cols(u, -10);
		return true;
	case LTTR_KA_COL10_NEXT:
		move_cursor_cols(u, 10);
		return true;
	case LTTR_KA_STATE_NEXT:
		step_row(u, g, 1, false);
		return true;
	case LTTR_KA_STATE_PREV:
		step_row(u, g, -1, false);
		return true;
	case LTTR_KA_EVENT_NEXT:
		step_row(u, g, 1, true);
		return true;
	case LTTR_KA_EVENT_PREV:
		step_row(u, g, -1, true);
		return true;
	case LTTR_KA_OPEN:
		if (!g->n)
			return true;
		in = lttr_view_row(u->s.v, g->rows[g->sel]);
		if (in->kind == LTTR_VROW_TASK)
			tui_open_process(u, in->id);
		else if (in->kind == LTTR_VROW_GROUP)
			tui_message(u, false, "i opens and closes the group of the %s", in->name);
		else
			tui_message(u, false, "Enter opens the page of a task (view 1)");
		return true;
	default:
		return false;
	}
}

bool tui_graph_click(struct tui *u, struct tui_graph *g, int y, int x, int top)
{
	int lw = tui_graph_label_width(u), ncols = ncols_of(u), line = top;
	size_t i;
	bool dim;

	for (i = g->top; i < g->n && line <= y; i++) {
		if (!shown(u, g, i, &dim))
			continue;
		if (y >= line && y < line + lines_of(u, g, i)) {
			g->sel = i;
			break;
		}
		line += lines_of(u, g, i);
	}
	if (x > lw && x <= lw + ncols)
		tui_set_cursor(u, lttr_viewport_col_time(&u->s.vp, (unsigned int)(x - lw - 1),
							  (unsigned int)ncols));
	return true;
}

void tui_graph_select_pid(struct tui *u, uint32_t pid, unsigned int cpu)
{
	struct tui_graph *g = &u->g[u->view == V_RES ? 1 : 0];
	long row = u->view == V_RES ? lttr_view_find_row(u->s.v, LTTR_VROW_CPU, cpu, false) :
		lttr_view_find_row(u->s.v, LTTR_VROW_TASK, pid, false);
	size_t i;

	for (i = 0; row >= 0 && i < g->n; i++)
		if (g->rows[i] == (size_t)row)
			g->sel = i;
}

/* what the selected row does at the cursor, and its last event before it */
void tui_graph_info(struct tui *u, const struct tui_graph *g, char *buf, size_t size)
{
	const struct lttr_vrow_info *in;
	struct lttr_filter *f = NULL;
	struct lttr_vspan sp;
	struct lttr_view_pos at;
	struct lttr_event ev;
	struct lttr_error err;
	struct lttr_fd_file file;
	char st[96], a[32], b[32], d[32], expr[64];
	size_t n;

	if (!g->n || g->sel >= g->n)
		return;
	in = lttr_view_row(u->s.v, g->rows[g->sel]);
	if (lttr_view_span_at(u->s.v, g->rows[g->sel], u->s.vp.cursor, &sp))
		return;
	lttr_view_state_str(u->s.v, sp.state, st, sizeof(st));
	if (in->kind == LTTR_VROW_GROUP) {
		snprintf(buf, size, "%s (each ran less than %u/1000 of the trace): i %s them",
			 in->name, LTTR_VIEW_IDLE_PERMILLE, u->s.idle_open ? "folds" : "shows");
		return;
	}
	if (in->kind == LTTR_VROW_TASK) {
		const char *comm = lttr_view_comm(u->s.v, in->id, u->s.vp.cursor);

		n = (size_t)snprintf(buf, size, "%u %s: ", in->id, *comm ? comm : in->name);
	}
	else
		n = (size_t)snprintf(buf, size, "%s: ", in->kind == LTTR_VROW_CPU ?
				     in->name : lttr_vcat_name(in->kind == LTTR_VROW_IRQ ?
							       LTTR_VCAT_IRQ : LTTR_VCAT_SOFTIRQ));
	if (in->kind == LTTR_VROW_CPU) {
		const struct lttr_vstate *s = lttr_view_state(u->s.v, sp.state);

		if (s && s->pid)
			n += (size_t)snprintf(buf + n, size - n, "%u %s ", s->pid,
					      lttr_view_comm(u->s.v, s->pid, u->s.vp.cursor));
	}
	n += (size_t)snprintf(buf + n, size - n, "%s %s..%s (%s)", st,
			      lttr_fmt_time(tui_rel(u, sp.start_ns), a, sizeof(a)),
			      lttr_fmt_time(tui_rel(u, sp.end_ns), b, sizeof(b)),
			      lttr_fmt_duration(sp.end_ns - sp.start_ns, d, sizeof(d)));
	if (in->kind == LTTR_VROW_TASK && n < size) {
		const struct lttr_appmark *j = lttr_appmarks_at(u->am, in->id, u->s.vp.cursor);

		if (j)
			n += (size_t)snprintf(buf + n, size - n, " | job %s %s..%s%s", j->name,
					      lttr_fmt_time(tui_rel(u, j->start_ns), a, sizeof(a)),
					      lttr_fmt_time(tui_rel(u, j->end_ns), b, sizeof(b)),
					      j->flags & LTTR_APPMARK_NO_END ? " (no end)" :
					      j->flags & LTTR_APPMARK_NO_BEGIN ? " (no begin)" : "");
	}
	if (n >= size || (in->kind != LTTR_VROW_TASK && in->kind != LTTR_VROW_CPU))
		return;
	/* a task blocked: where in its code, the stack of the switch-out that began it */
	if (in->kind == LTTR_VROW_TASK) {
		const struct lttr_vstate *s = lttr_view_state(u->s.v, sp.state);
		char fs[700];

		if (s && s->cat >= LTTR_VCAT_BLOCKED && s->cat < LTTR_VCAT_NODATA &&
		    tui_block_stack(u, in->id, sp.start_ns, fs, sizeof(fs)))
			n += (size_t)snprintf(buf + n, size - n, " | stack: %s", fs);
		if (n >= size)
			return;
	}
	/* the file its syscall works on */
	if (lttr_view_state_file(u->s.v, sp.state, u->s.vp.cursor, &file, &err) == 1) {
		n += (size_t)snprintf(buf + n, size - n, " on ");
		lttr_fd_file_str(&file, buf + n, size - n);
		n += strlen(buf + n);
	}
	if (n >= size)
		return;
	/* its last event at or before the cursor */
	snprintf(expr, sizeof(expr), in->kind == LTTR_VROW_TASK ? "pid == %u" : "cpu == %u",
		 in->id);
	if (lttr_filter_compile(expr, &f, &err))
		return;
	at.time_ns = u->s.vp.cursor;
	at.cpu = 0xffff;
	at.offset = UINT64_MAX;
	if (lttr_view_find(u->s.v, f, &at, true, -1, NULL, NULL, &ev, NULL, &err) == 1) {
		char desc[256];

		lttr_event_describe(u->s.t, &ev, desc, sizeof(desc));
		snprintf(buf + n, size - n, " | event %s %s",
			 lttr_fmt_time(tui_rel(u, ev.time_ns), a, sizeof(a)), desc);
	}
	lttr_filter_free(f);
}
