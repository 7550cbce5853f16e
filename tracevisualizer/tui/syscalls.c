// SPDX-License-Identifier: GPL-2.0
/*
 * syscalls.c - the syscalls view (4): every syscall made in the trace,
 * system-wide, with its count, the calls without return, total, min, max
 * and mean duration (as "syscalls --json" gives them) and its log2
 * histogram in block characters, every row on one axis (lttr_lat_scale:
 * a column is the same durations in every row); the columns as wide as
 * their figures.  Enter opens the page of one syscall: its histogram
 * bucket by bucket and the processes that made it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <curses.h>
#include <lttr/output/timing-layout.h>
#include "tui.h"

/* the view's columns, its sort keys: < and > go through them */
#define SC_NCOLS 7
static const char *const sc_cols[SC_NCOLS] = {
	"syscall", "count", "noret", "total_ms", "min_us", "max_us", "mean_us"
};

static int cmp_sc(const void *pa, const void *pb, void *arg)
{
	const struct tui *u = arg;
	const struct lttr_acct_sc *a = &u->a->sc[*(const size_t *)pa];
	const struct lttr_acct_sc *b = &u->a->sc[*(const size_t *)pb];
	uint64_t x, y;
	int r;

	switch (u->st.sort) {
	case 1: x = a->lat.count; y = b->lat.count; break;
	case 2: x = a->no_return; y = b->no_return; break;
	case 3: x = a->lat.total; y = b->lat.total; break;
	case 4: x = a->lat.min; y = b->lat.min; break;
	case 5: x = a->lat.max; y = b->lat.max; break;
	case 6: x = lttr_lat_mean(&a->lat); y = lttr_lat_mean(&b->lat); break;
	default: x = a->nr; y = b->nr; break;
	}
	r = x < y ? -1 : x > y ? 1 : (a->nr < b->nr ? -1 : a->nr > b->nr);
	return u->st.desc ? -r : r;
}

int tui_syscalls_init(struct tui *u)
{
	size_t i;

	u->sc_order = calloc(u->a->nsc + 1, sizeof(*u->sc_order));
	if (!u->sc_order)
		return -1;
	for (i = 0; i < u->a->nsc; i++)
		u->sc_order[i] = i;
	qsort_r(u->sc_order, u->a->nsc, sizeof(*u->sc_order), cmp_sc, u);
	return 0;
}

void tui_syscalls_free(struct tui *u)
{
	free(u->sc_order);
}

/*
 * A row's figures as the table prints them: count, calls without return,
 * then the durations (ms, us) of the calls that returned, "-" when none
 * did (no duration is made up for a call that did not return).
 */
static void sc_fields(const struct lttr_lat *l, uint64_t noret, char f[SC_NCOLS][32])
{
	snprintf(f[1], 32, "%llu", (unsigned long long)l->count);
	snprintf(f[2], 32, "%llu", (unsigned long long)noret);
	if (!l->count) {
		strcpy(f[3], "-");
		strcpy(f[4], "-");
		strcpy(f[5], "-");
		strcpy(f[6], "-");
		return;
	}
	snprintf(f[3], 32, "%.3f", (double)l->total / 1e6);
	snprintf(f[4], 32, "%.3f", (double)l->min / 1e3);
	snprintf(f[5], 32, "%.3f", (double)l->max / 1e3);
	snprintf(f[6], 32, "%.3f", (double)lttr_lat_mean(l) / 1e3);
}

/* a table of syscall statistics: the rows' names, figures, histograms */
struct sc_table {
	size_t n;
	const char *const *names;
	const struct lttr_acct_sc *const *sc;
	int sort;		/* -1: no sort mark */
	bool desc;
};

/* the width of each column: its header's (and sort mark), or its widest figure */
static void sc_widths(const struct sc_table *t, int w[SC_NCOLS], const char *first)
{
	char f[SC_NCOLS][32];
	size_t i;
	int c;

	for (c = 0; c < SC_NCOLS; c++)
		w[c] = (int)strlen(c ? sc_cols[c] : first) + (c == t->sort);
	for (i = 0; i < t->n; i++) {
		sc_fields(&t->sc[i]->lat, t->sc[i]->no_return, f);
		if ((int)strlen(t->names[i]) > w[0])
			w[0] = (int)strlen(t->names[i]);
		for (c = 1; c < SC_NCOLS; c++)
			if ((int)strlen(f[c]) > w[c])
				w[c] = (int)strlen(f[c]);
	}
	if (w[0] > 24)		/* a long name (a process's) is cut */
		w[0] = 24;
}

/* tt_human()'s duration without its space ("256ns"), for a narrow header */
static const char *compact(uint64_t ns, char *buf, size_t size)
{
	char *p;

	tt_human(ns, buf, size);
	p = strchr(buf, ' ');
	if (p)
		memmove(p, p + 1, strlen(p));
	return buf;
}

/* the histogram's header over @width cells: its ends and the factor per cell */
static void hist_header(const struct lttr_lat_scale *sc, int x, int width)
{
	char lo[24], hi[24], mid[40], line[256];
	uint64_t l, h;
	int n;

	if (width <= 0)
		return;
	if (!sc->cells) {
		tui_clip(getcury(stdscr), x, width, "histogram", A_BOLD | A_UNDERLINE);
		return;
	}
	lttr_lat_scale_bounds(sc, 0, sc->cells - 1, &l, &h);
	compact(l, lo, sizeof(lo));
	if (h == UINT64_MAX)
		snprintf(hi, sizeof(hi), "...");
	else
		compact(h, hi, sizeof(hi));
	snprintf(mid, sizeof(mid), "x%llu/col", 1ULL << sc->per_cell);
	n = (int)sc->cells;
	if (n > width)
		n = width;
	/* the two ends over the histogram's first and last cells, when they fit */
	if ((int)(strlen(lo) + strlen(hi) + strlen(mid)) + 4 <= n)
		snprintf(line, sizeof(line), "%s%*s%s%*s%s", lo,
			 (n - (int)(strlen(lo) + strlen(mid) + strlen(hi))) / 2, "", mid,
			 n - (int)(strlen(lo) + strlen(mid) + strlen(hi)) -
			 (n - (int)(strlen(lo) + strlen(mid) + strlen(hi))) / 2, "", hi);
	else if ((int)(strlen(lo) + strlen(hi)) + 2 <= width)
		snprintf(line, sizeof(line), "%s..%s %s", lo, hi, mid);
	else
		snprintf(line, sizeof(line), "%s..%s", lo, hi);
	tui_clip(getcury(stdscr), x, width, line, A_BOLD | A_UNDERLINE);
}

/* one row's histogram on the common axis, heights relative to its largest cell */
static void hist_row(const struct tui *u, int y, int x, int width,
		     const struct lttr_lat_scale *sc, const struct lttr_lat *l)
{
	uint64_t max = lttr_lat_scale_max(sc, l);
	unsigned int c;

	if (!max)
		return;
	move(y, x);
	for (c = 0; c < sc->cells && (int)c < width; c++)
		tui_bar_cell(u, lttr_lat_scale_cell(sc, l, c), max);
}

/* the table from line @top, @height lines, its selection kept visible */
static void sc_table_draw(struct tui *u, int top, int height, const struct sc_table *t,
			  struct tui_table *tb, const char *first)
{
	char f[SC_NCOLS][32];
	struct lttr_lat_scale sc;
	int w[SC_NCOLS], c, x, y, hx;
	size_t i;

	sc_widths(t, w, first);
	lttr_lat_scale_init(&sc);
	for (i = 0; i < t->n; i++)
		lttr_lat_scale_add(&sc, &t->sc[i]->lat);
	for (c = 0, hx = 0; c < SC_NCOLS; c++)
		hx += w[c] + 1;
	lttr_lat_scale_fit(&sc, (unsigned int)(u->w - hx > 1 ? u->w - hx : 1));
	/* the header */
	move(top, 0);
	attron(A_BOLD | A_UNDERLINE);
	for (c = 0; c < SC_NCOLS; c++) {
		char h[40];

		snprintf(h, sizeof(h), "%s%s", c ? sc_cols[c] : first,
			 c == t->sort ? (t->desc ? "v" : "^") : "");
		printw(c ? "%*s " : "%-*s ", w[c], h);
	}
	for (x = getcurx(stdscr); x < u->w; x++)
		addch(' ');
	move(top, hx);
	attroff(A_BOLD | A_UNDERLINE);
	hist_header(&sc, hx, u->w - hx);
	tui_keep_visible(tb, t->n, height - 1);
	for (i = tb->top, y = top + 1; i < t->n && y < top + height; i++, y++) {
		const struct lttr_acct_sc *s = t->sc[i];
		attr_t attr = i == tb->sel ? A_REVERSE : A_NORMAL;

		sc_fields(&s->lat, s->no_return, f);
		move(y, 0);
		attron(attr);
		printw("%-*.*s ", w[0], w[0], t->names[i]);
		for (c = 1; c < SC_NCOLS; c++)
			printw("%*s ", w[c], f[c]);
		attroff(attr);
		if (s->lat.count)
			hist_row(u, y, hx, u->w - hx, &sc, &s->lat);
		else
			tui_clip(y, hx, u->w - hx, s->no_return ? "no return" :
				 "entered before the trace", tui_attr_dim(u));
	}
}

void tui_syscalls_draw(struct tui *u, int top, int height)
{
	const struct lttr_acct_sc **rows;
	const char **names;
	char (*nb)[32];
	struct sc_table t;

	if (!u->a->nsc) {
		tui_lat_header(u, top, u->st.sort, u->st.desc, "syscall");
		mvaddstr(top + 1, 2, "(no syscall in the trace)");
		return;
	}
	rows = calloc(u->a->nsc, sizeof(*rows));
	names = calloc(u->a->nsc, sizeof(*names));
	nb = calloc(u->a->nsc, sizeof(*nb));
	if (rows && names && nb) {
		size_t i;

		for (i = 0; i < u->a->nsc; i++) {
			rows[i] = &u->a->sc[u->sc_order[i]];
			names[i] = lttr_syscall_str(rows[i]->nr, nb[i], sizeof(nb[i]));
		}
		t.n = u->a->nsc;
		t.names = names;
		t.sc = rows;
		t.sort = u->st.sort;
		t.desc = u->st.desc;
		sc_table_draw(u, top, height, &t, &u->st, "syscall");
	}
	free(rows);
	free(names);
	free(nb);
}

bool tui_syscalls_key(struct tui *u, enum lttr_kaction act, int height)
{
	uint32_t keep = u->a->nsc ? u->a->sc[u->sc_order[u->st.sel]].nr : 0;
	size_t i;

	switch (act) {
	case LTTR_KA_SORT_PREV: case LTTR_KA_SORT_NEXT: case LTTR_KA_SORT_INVERT:
		if (act == LTTR_KA_SORT_PREV)
			u->st.sort = u->st.sort ? u->st.sort - 1 : SC_NCOLS - 1;
		else if (act == LTTR_KA_SORT_NEXT)
			u->st.sort = (u->st.sort + 1) % SC_NCOLS;
		else
			u->st.desc = !u->st.desc;
		qsort_r(u->sc_order, u->a->nsc, sizeof(*u->sc_order), cmp_sc, u);
		for (i = 0; i < u->a->nsc; i++)
			if (u->a->sc[u->sc_order[i]].nr == keep)
				u->st.sel = i;
		tui_message(u, false, "sorted by %s, %s",
			    sc_cols[u->st.sort],
			    u->st.desc ? "descending" : "ascending");
		return true;
	case LTTR_KA_OPEN:
		if (u->a->nsc) {
			u->page_nr = keep;
			u->page = P_SYSCALL;
			memset(&u->page_t, 0, sizeof(u->page_t));
		}
		return true;
	default:
		return tui_scroll_key(&u->st, act, u->a->nsc, height);
	}
}

static const struct lttr_acct_sc *sc_of(const struct lttr_acct_task *tk, uint32_t nr)
{
	size_t i;

	for (i = 0; i < tk->nsc; i++)
		if (tk->sc[i].nr == nr)
			return &tk->sc[i];
	return NULL;
}

void tui_syscall_page(struct tui *u, int top, int height)
{
	const struct lttr_acct_sc *s = NULL;
	char nb[32], lo[32], hi[32];
	unsigned int b, last = 0;
	uint64_t max = 0;
	size_t i, k = 0;
	int y = top;

	for (i = 0; i < u->a->nsc; i++)
		if (u->a->sc[i].nr == u->page_nr)
			s = &u->a->sc[i];
	if (!s)
		return;
	mvprintw(y++, 0, "syscall %s (%u): %llu calls, %llu without their entry, %llu without "
		 "return; on CPU %.3f ms, blocked %.3f ms, runnable %.3f ms   Esc: back",
		 lttr_syscall_str(s->nr, nb, sizeof(nb)), s->nr,
		 (unsigned long long)s->lat.count, (unsigned long long)s->partial,
		 (unsigned long long)s->no_return,
		 (double)s->cpu_ns / 1e6, (double)s->blocked_ns / 1e6,
		 (double)s->runnable_ns / 1e6);
	for (b = 0; b < LTTR_HIST_BUCKETS; b++) {
		if (s->lat.hist[b])
			last = b;
		if (s->lat.hist[b] > max)
			max = s->lat.hist[b];
	}
	for (b = 0; b <= last && y < top + height / 2 && max; b++) {
		int bar = (int)((s->lat.hist[b] * (uint64_t)(u->w > 50 ? u->w - 40 : 10) +
				 max - 1) / max), x;

		if (!s->lat.hist[b] && (b == 0 || !s->lat.hist[b - 1]))
			continue;
		lttr_fmt_duration(b ? 1ULL << b : 0, lo, sizeof(lo));
		lttr_fmt_duration((2ULL << b) - 1, hi, sizeof(hi));
		mvprintw(y, 0, "%12s..%-12s %9llu ", lo, hi, (unsigned long long)s->lat.hist[b]);
		for (x = 0; x < bar; x++)
			addch('#');
		y++;
	}
	y++;
	tui_lat_header(u, y++, -1, false, "process");
	for (i = 0; i < u->nprocs; i++)
		if (sc_of(&u->procs[i], s->nr))
			k++;
	tui_keep_visible(&u->page_t, k, top + height - y);
	for (i = 0, k = 0; i < u->nprocs && y < top + height; i++) {
		const struct lttr_acct_sc *p = sc_of(&u->procs[i], s->nr);
		char name[64];

		if (!p)
			continue;
		if (k++ < u->page_t.top)
			continue;
		snprintf(name, sizeof(name), "%u %s", u->procs[i].pid, u->procs[i].name);
		tui_lat_line(u, y++, name, &p->lat, k - 1 == u->page_t.sel);
	}
}

bool tui_syscall_key(struct tui *u, enum lttr_kaction act, int height)
{
	size_t i, n = 0;

	for (i = 0; i < u->nprocs; i++)
		n += sc_of(&u->procs[i], u->page_nr) != NULL;
	return tui_scroll_key(&u->page_t, act, n, height);
}
