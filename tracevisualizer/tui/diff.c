// SPDX-License-Identifier: GPL-2.0
/*
 * diff.c - "tracevisualizer tui --diff A B": two runs compared in the
 * terminal, what "tracevisualizer diff --json A B" prints
 * (lttr_diff_compute(), lttr_diff_wakers(), lttr_diff_kinds(),
 * lttr_diff_explain_proc()).  A screen of its own (the keymap's place
 * LTTR_KW_DIFF): the processes, one a row, ranked as the library ranks
 * them (the matched pairs by |change|, then A's only, then B's only), the
 * process's name and its change always shown, then its times in A and B,
 * where it is, its pids, a column per kind of the accounting (the sums of
 * its parts of that kind, which add up to the change) and its role;
 * Left and Right scroll those columns, < and > sort by another column
 * (the ranking first, then each number, largest first; I inverts), Enter
 * opens the selected process's page: its parts, its blocked parts' wakers
 * and its worst instance explained (Esc back).  Numbers in ms to the ns,
 * as the command prints them; the front end only lays them out.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <curses.h>
#include <lttr/analysis/diff.h>
#include <lttr/analysis/explain.h>
#include <lttr/output/error-text.h>
#include <lttr/output/timing-text.h>
#include "tui.h"

#define NAME_W 16	/* the process's name (always shown) */
#define NUM_W 14	/* a number column */

/* the columns after the name and the change: A, B, in, pids, kinds, role */
enum { DC_A, DC_B, DC_SIDE, DC_PIDS, DC_KIND0, DC_ROLE = DC_KIND0 + LTTR_DC_COUNT, DC_N };

struct tdiff {
	const struct tui_opts *o;
	const char *dir_b;
	struct lttr_trace *ta;
	struct lttr_trace *tb;
	struct lttr_diff *d;
	struct lttr_diff_kindsum *ks;	/* per pair, LTTR_DC_COUNT each */
	int cols[DC_N];			/* the columns shown (kinds not 0 somewhere) */
	int ncols;
	size_t *order;			/* rows: indexes of d->v */
	size_t sel;
	size_t top;
	int left;			/* the first scrolled column shown */
	int sort;			/* 0: the library's ranking; 1 + k: cols[k] */
	bool inv;
	/* the process page (Enter) */
	bool page;
	char **lines;
	size_t nlines;
	size_t ptop;
	FILE *timing;
};

static const char *ms(int64_t ns, bool sign, char *buf, size_t size)
{
	uint64_t a = ns < 0 ? (uint64_t)0 - (uint64_t)ns : (uint64_t)ns;

	snprintf(buf, size, "%s%" PRIu64 ".%06" PRIu64, ns < 0 ? "-" : sign && ns > 0 ? "+" : "",
		 a / 1000000, a % 1000000);
	return buf;
}

static const char *col_title(int c, char *buf, size_t size)
{
	static const char *const t[] = { "A (ms)", "B (ms)", "in", "pids" };

	if (c < DC_KIND0)
		snprintf(buf, size, "%s", t[c]);
	else if (c < DC_ROLE)
		snprintf(buf, size, "%s", lttr_diff_kind_name((unsigned int)(c - DC_KIND0)));
	else
		snprintf(buf, size, "role");
	return buf;
}

static int col_width(int c)
{
	return c == DC_SIDE ? 7 : c == DC_PIDS ? 14 : c == DC_ROLE ? 0 : NUM_W;
}

/* a numeric column's value of pair @i (the sort key), false when it has none */
static bool col_value(const struct tdiff *v, size_t i, int c, int64_t *out)
{
	const struct lttr_diff_proc *dp = &v->d->v[i];

	if (c == DC_A)
		*out = (int64_t)dp->a_ns;
	else if (c == DC_B)
		*out = (int64_t)dp->b_ns;
	else if (c >= DC_KIND0 && c < DC_ROLE)
		*out = v->ks[i * LTTR_DC_COUNT + (size_t)(c - DC_KIND0)].delta_ns;
	else
		return false;
	return true;
}

static const char *col_text(const struct tdiff *v, size_t i, int c, char *buf, size_t size)
{
	const struct lttr_diff_proc *dp = &v->d->v[i];

	switch (c) {
	case DC_A:
		return ms((int64_t)dp->a_ns, false, buf, size);
	case DC_B:
		return ms((int64_t)dp->b_ns, false, buf, size);
	case DC_SIDE:
		return dp->side == LTTR_DS_BOTH ? "both" : dp->side == LTTR_DS_A ? "A only" : "B only";
	case DC_PIDS:
		if (dp->side == LTTR_DS_BOTH)
			snprintf(buf, size, "%u -> %u", dp->pid_a, dp->pid_b);
		else
			snprintf(buf, size, "%u", dp->side == LTTR_DS_A ? dp->pid_a : dp->pid_b);
		return buf;
	case DC_ROLE:
		return dp->key;
	default:
		return ms(v->ks[i * LTTR_DC_COUNT + (size_t)(c - DC_KIND0)].delta_ns, true, buf, size);
	}
}

static const struct tdiff *sorting;

static int cmp_rows(const void *x, const void *y)
{
	size_t a = *(const size_t *)x, b = *(const size_t *)y;
	int64_t va = 0, vb = 0;
	int r = 0;

	if (sorting->sort > 0) {
		col_value(sorting, a, sorting->cols[sorting->sort - 1], &va);
		col_value(sorting, b, sorting->cols[sorting->sort - 1], &vb);
		r = va > vb ? -1 : va < vb ? 1 : 0;
	}
	if (!r)
		r = a < b ? -1 : a > b ? 1 : 0;	/* then the library's ranking */
	return sorting->inv ? -r : r;
}

/* the sortable columns: the ranking (0), then the numbers */
static bool sortable(const struct tdiff *v, int s)
{
	int64_t x;

	return s == 0 || (s <= v->ncols && col_value(v, 0, v->cols[s - 1], &x));
}

static void resort(struct tdiff *v)
{
	size_t i;

	for (i = 0; i < v->d->n; i++)
		v->order[i] = i;
	sorting = v;
	qsort(v->order, v->d->n, sizeof(*v->order), cmp_rows);
}

static void put(int y, int x, int w, const char *s, bool right)
{
	int n = (int)strlen(s);

	if (w <= 0 || x >= COLS)
		return;
	if (x + w > COLS)
		w = COLS - x;
	if (right && n < w)
		mvprintw(y, x + w - n, "%s", s);
	else
		mvprintw(y, x, "%.*s", w, s);
}

static void draw_table(struct tdiff *v)
{
	const struct lttr_diff *d = v->d;
	char buf[300], t[40];
	int rows = LINES - 4, x, k, y;
	size_t r;

	snprintf(buf, sizeof(buf), "Diff  A %s  B %s: %zu matched, %zu A only, %zu B only",
		 v->o->dir, v->dir_b, d->nmatched, d->nonly_a, d->nonly_b);
	attron(A_BOLD);
	put(0, 0, COLS, buf, false);
	attroff(A_BOLD);
	snprintf(buf, sizeof(buf), "change = B - A in ms; the kinds add up to it; sorted by %s%s",
		 v->sort ? col_title(v->cols[v->sort - 1], t, sizeof(t)) : "rank (|change|)",
		 v->inv ? ", inverted" : "");
	put(1, 0, COLS, buf, false);
	attron(A_UNDERLINE);
	mvhline(2, 0, ' ', COLS);
	put(2, 0, NAME_W, "process", false);
	put(2, NAME_W, NUM_W, "change", true);
	for (x = NAME_W + NUM_W, k = v->left; k < v->ncols && x < COLS; k++) {
		int w = col_width(v->cols[k]);

		if (!w)
			w = COLS - x - 1;
		put(2, x + 1, w, col_title(v->cols[k], t, sizeof(t)), v->cols[k] != DC_ROLE &&
		    v->cols[k] != DC_SIDE);
		x += w + 1;
	}
	attroff(A_UNDERLINE);
	if (rows < 1)
		return;
	if (v->sel < v->top)
		v->top = v->sel;
	if (v->sel >= v->top + (size_t)rows)
		v->top = v->sel - (size_t)rows + 1;
	for (y = 0, r = v->top; y < rows && r < d->n; y++, r++) {
		size_t i = v->order[r];

		if (r == v->sel)
			attron(A_REVERSE);
		mvhline(3 + y, 0, ' ', COLS);
		put(3 + y, 0, NAME_W - 1, d->v[i].name, false);
		put(3 + y, NAME_W, NUM_W, ms(d->v[i].delta_ns, true, buf, sizeof(buf)), true);
		for (x = NAME_W + NUM_W, k = v->left; k < v->ncols && x < COLS; k++) {
			int w = col_width(v->cols[k]);

			if (!w)
				w = COLS - x - 1;
			put(3 + y, x + 1, w, col_text(v, i, v->cols[k], buf, sizeof(buf)),
			    v->cols[k] != DC_ROLE && v->cols[k] != DC_SIDE);
			x += w + 1;
		}
		if (r == v->sel)
			attroff(A_REVERSE);
	}
	snprintf(buf, sizeof(buf), "row %zu/%zu  Up Down  Left Right columns  < > sort  I invert  "
		 "Enter explain  q quit", d->n ? v->sel + 1 : 0, d->n);
	attron(A_REVERSE);
	mvhline(LINES - 1, 0, ' ', COLS);
	put(LINES - 1, 0, COLS, buf, false);
	attroff(A_REVERSE);
}

static void free_lines(struct tdiff *v)
{
	size_t i;

	for (i = 0; i < v->nlines; i++)
		free(v->lines[i]);
	free(v->lines);
	v->lines = NULL;
	v->nlines = 0;
}

static void add_line(struct tdiff *v, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void add_line(struct tdiff *v, const char *fmt, ...)
{
	char **l = realloc(v->lines, (v->nlines + 1) * sizeof(*l));
	char buf[1024];
	va_list ap;

	if (!l)
		return;
	v->lines = l;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if ((l[v->nlines] = strdup(buf)))
		v->nlines++;
}

/* the page of pair @i: its parts, wakers and worst instance */
static void open_page(struct tdiff *v, size_t i)
{
	const struct lttr_diff_proc *dp = &v->d->v[i];
	struct lttr_diff_explained *e = NULL;
	struct lttr_error err;
	char label[64], b1[40], b2[40], b3[40], ex[768];
	size_t k, w;

	free_lines(v);
	add_line(v, "%s (%s), pid %s: %s ms, %s -> %s ms", dp->name, dp->key,
		 col_text(v, i, DC_PIDS, b3, sizeof(b3)), ms(dp->delta_ns, true, b1, sizeof(b1)),
		 ms((int64_t)dp->a_ns, false, b2, sizeof(b2)),
		 ms((int64_t)dp->b_ns, false, ex, sizeof(ex)));
	add_line(v, "Its parts (they add up to the change), change, A -> B in ms:");
	for (k = 0; k < dp->nparts; k++) {
		const struct lttr_diff_part *p = &dp->parts[k];

		add_line(v, "  %14s  %-24s %13s -> %13s", ms(p->delta_ns, true, b1, sizeof(b1)),
			 lttr_diff_part_str(p, label, sizeof(label)), ms(p->a_ns, false, b2, sizeof(b2)),
			 ms(p->b_ns, false, b3, sizeof(b3)));
		for (w = 0; p->kind == LTTR_DC_BLOCKED && w < dp->nwakers; w++)
			if (dp->wakers[w].reason == p->what && dp->wakers[w].delta_ns)
				add_line(v, "      %14s  woken by %s", ms(dp->wakers[w].delta_ns, true, b1,
									sizeof(b1)),
					 dp->wakers[w].waker[0] ? dp->wakers[w].waker : "(not recorded)");
	}
	add_line(v, "%s", "");
	if (lttr_diff_explain_proc(v->d, i, v->ta, v->tb, &e, &err) < 0) {
		add_line(v, "Its worst instance: %s", err.msg);
	} else if (e) {
		struct lttr_trace *t = e->in_b ? v->tb : v->ta;
		uint64_t s0 = lttr_trace_header(t)->start_ns;

		add_line(v, "Its worst instance: the longest %s in %s, thread %u, %.9f to %.9f s "
			 "(%s ms):", lttr_diff_part_str(&dp->parts[e->part], label, sizeof(label)),
			 e->in_b ? "B" : "A", e->pid, (double)(e->start_ns - s0) / 1e9,
			 (double)(e->end_ns - s0) / 1e9,
			 ms((int64_t)(e->end_ns - e->start_ns), false, b1, sizeof(b1)));
		add_line(v, "  %s", lttr_explain_at_str(t, e->at, ex, sizeof(ex)));
		lttr_diff_explained_free(e);
	} else {
		add_line(v, "Nothing changed: no instance to explain.");
	}
	v->page = true;
	v->ptop = 0;
}

static void draw_page(struct tdiff *v)
{
	int y = 0;
	size_t l;

	/* long lines wrapped at the screen's width */
	for (l = v->ptop; l < v->nlines && y < LINES - 1; l++) {
		const char *s = v->lines[l];
		size_t n = strlen(s), off = 0;

		do {
			mvprintw(y++, 0, "%.*s", COLS, s + off);
			off += (size_t)COLS;
		} while (off < n && y < LINES - 1);
	}
	attron(A_REVERSE);
	mvhline(LINES - 1, 0, ' ', COLS);
	put(LINES - 1, 0, COLS, "the process's change explained  Up Down scroll  Esc back  q quit",
	    false);
	attroff(A_REVERSE);
}

static void draw(struct tdiff *v)
{
	erase();
	if (v->page)
		draw_page(v);
	else
		draw_table(v);
	refresh();
}

static void act(struct tdiff *v, enum lttr_kaction a, bool *quit)
{
	size_t n = v->d->n, rows = LINES > 5 ? (size_t)LINES - 4 : 1;

	if (a == LTTR_KA_QUIT) {
		*quit = true;
		return;
	}
	if (v->page) {
		if (a == LTTR_KA_CLOSE || a == LTTR_KA_DIFF_EXPLAIN)
			v->page = false;
		else if (a == LTTR_KA_ROW_NEXT && v->ptop + 1 < v->nlines)
			v->ptop++;
		else if (a == LTTR_KA_ROW_PREV && v->ptop)
			v->ptop--;
		return;
	}
	switch (a) {
	case LTTR_KA_ROW_NEXT:
		if (v->sel + 1 < n)
			v->sel++;
		break;
	case LTTR_KA_ROW_PREV:
		if (v->sel)
			v->sel--;
		break;
	case LTTR_KA_PAGE_NEXT:
		v->sel = v->sel + rows < n ? v->sel + rows : n ? n - 1 : 0;
		break;
	case LTTR_KA_PAGE_PREV:
		v->sel = v->sel > rows ? v->sel - rows : 0;
		break;
	case LTTR_KA_COLS_RIGHT:
		if (v->left + 1 < v->ncols)
			v->left++;
		break;
	case LTTR_KA_COLS_LEFT:
		if (v->left)
			v->left--;
		break;
	case LTTR_KA_SORT_NEXT:
	case LTTR_KA_SORT_PREV: {
		int s = v->sort, dir = a == LTTR_KA_SORT_NEXT ? 1 : -1;

		do
			s = (s + dir + v->ncols + 1) % (v->ncols + 1);
		while (!sortable(v, s));
		v->sort = s;
		v->inv = false;
		resort(v);
		break;
	}
	case LTTR_KA_SORT_INVERT:
		v->inv = !v->inv;
		resort(v);
		break;
	case LTTR_KA_DIFF_EXPLAIN:
		if (n)
			open_page(v, v->order[v->sel]);
		break;
	default:
		break;
	}
}

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static int compute(struct tdiff *v)
{
	struct lttr_error err;
	unsigned int k;
	size_t i;

	if (lttr_trace_open(v->o->dir, v->o->salvage ? LTTR_OPEN_SALVAGE : 0, &v->ta, &err) < 0 ||
	    lttr_trace_open(v->dir_b, v->o->salvage ? LTTR_OPEN_SALVAGE : 0, &v->tb, &err) < 0 ||
	    lttr_diff_compute(v->ta, v->tb, &v->d, &err) < 0 ||
	    lttr_diff_wakers(v->d, v->ta, v->tb, &err) < 0) {
		lttr_print_error(stderr, v->o->prog, err.msg);
		return TUI_EXIT_TRACE;
	}
	v->ks = calloc(v->d->n ? v->d->n : 1, LTTR_DC_COUNT * sizeof(*v->ks));
	v->order = calloc(v->d->n ? v->d->n : 1, sizeof(*v->order));
	if (!v->ks || !v->order) {
		lttr_print_error(stderr, v->o->prog, "out of memory");
		return TUI_EXIT_TRACE;
	}
	for (i = 0; i < v->d->n; i++)
		lttr_diff_kinds(&v->d->v[i], &v->ks[i * LTTR_DC_COUNT]);
	v->cols[v->ncols++] = DC_A;
	v->cols[v->ncols++] = DC_B;
	v->cols[v->ncols++] = DC_SIDE;
	v->cols[v->ncols++] = DC_PIDS;
	for (k = 0; k < LTTR_DC_COUNT; k++) {
		bool any = false;

		for (i = 0; i < v->d->n && !any; i++)
			any = v->ks[i * LTTR_DC_COUNT + k].a_ns || v->ks[i * LTTR_DC_COUNT + k].b_ns;
		if (any)
			v->cols[v->ncols++] = DC_KIND0 + (int)k;
	}
	v->cols[v->ncols++] = DC_ROLE;
	resort(v);
	return 0;
}

int tui_diff_run(const struct tui_opts *o, const char *dir_b)
{
	struct tdiff v = { .o = o, .dir_b = dir_b };
	const char *tf = getenv("LTTR_TUI_TIMING");
	double t0 = now_ms();
	bool quit = false;
	int st;

	st = compute(&v);
	if (!st) {
		if (tf && *tf)
			v.timing = fopen(tf, "w");
		st = tui_screen_start(o->prog);
	}
	if (!st) {
		draw(&v);
		if (v.timing) {
			fprintf(v.timing, "first_screen_ms %.3f\n", now_ms() - t0);
			fflush(v.timing);
		}
		while (!quit) {
			int ch = getch();

			if (ch == KEY_RESIZE || ch == ERR) {
				if (ch == ERR)
					break;
			} else {
				act(&v, lttr_keys_action(LTTR_KF_TUI, LTTR_KW_DIFF, tui_key_code(ch)),
				    &quit);
			}
			draw(&v);
			if (v.timing) {
				fprintf(v.timing, "key %d diff ms %.3f\n", ch, now_ms() - t0);
				fflush(v.timing);
			}
		}
		endwin();
	}
	if (v.timing)
		fclose(v.timing);
	free_lines(&v);
	free(v.ks);
	free(v.order);
	lttr_diff_free(v.d);
	if (v.tb)
		lttr_trace_close(v.tb);
	if (v.ta)
		lttr_trace_close(v.ta);
	return st;
}
