// SPDX-License-Identifier: GPL-2.0
/*
 * latency.c - view 8, the latency analyses: for the kind chosen (K:
 * wakeup, irq, softirq, syscall, timer) the table of its groups, each
 * sub-kind's total with its groups per number or task under it (per
 * syscall, then per task), with count, min, mean, p50, p90, p99, p99.9,
 * max, standard deviation and, with a threshold (T), the instances over
 * it; sortable (< > I), the columns that fit the terminal.  Enter opens a
 * group's page: all its figures, where its time went (syscall) or its
 * periods (timer), its log2 histogram as the command line's text bars,
 * its worst instances, the one selected explained under it (the pieces
 * that tile it and their totals, for a blocked piece who woke it and what
 * the waker was doing); Enter or g shows that instance in view 1 (view 2
 * for an irq or softirq), C the critical path of its task over it.
 *
 * Every figure is a field of lttr_timing_compute()'s result (what
 * "latency --kind K --json" prints, with its default --worst 10) or of
 * lttr_explain()'s; the words are the library's (lttr/output/
 * timing-text.h), the bars the command line's (tt_hist_line()).  Each
 * pass over the trace shows its progress on the last line, and Esc
 * cancels it.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <curses.h>
#include <lttr/analysis/explain.h>
#include <lttr/analysis/timing.h>
#include <lttr/output/timing-layout.h>
#include <lttr/output/timing-text.h>
#include <lttr/units/duration.h>
#include "tui.h"

#define NWORST 10	/* worst instances per group: latency's default --worst */

/* the figure columns of the table */
enum { C_COUNT, C_MIN, C_MEAN, C_P50, C_P90, C_P99, C_P999, C_MAX, C_SD, C_OVER, NCOLS };

static const struct {
	const char *name;
	int width;
	int rank;	/* the columns a narrow terminal keeps first: lowest */
} cols[NCOLS] = {
	[C_COUNT] = { "count", 8, 0 }, [C_MIN] = { "min_us", 11, 7 },
	[C_MEAN] = { "mean_us", 11, 5 }, [C_P50] = { "p50_us", 11, 4 },
	[C_P90] = { "p90_us", 11, 6 }, [C_P99] = { "p99_us", 11, 3 },
	[C_P999] = { "p99.9_us", 11, 8 }, [C_MAX] = { "max_us", 11, 2 },
	[C_SD] = { "stddev_us", 11, 9 }, [C_OVER] = { "over", 8, 1 },
};

struct tui_lat {
	unsigned int kind;			/* enum lttr_timing_kind shown */
	struct lttr_timing *r[LTTR_TIMING_KINDS];	/* computed, per kind */
	char why[LTTR_TIMING_KINDS][LTTR_ERRMSG_MAX + 32];	/* not computed: why */
	bool has_threshold;
	uint64_t threshold_ns;
	/* the table: groups in the order shown, their depth in the tree */
	size_t *rows;
	unsigned char *depth;
	size_t nrows;
	struct tui_table t;		/* sort: 0 the library's order, 1 + a column */
	/* the page */
	size_t group;			/* index in the result's groups */
	size_t sel;			/* the worst instance selected */
	size_t top;			/* the first line shown */
	bool follow;			/* scroll to the selection at the next draw */
	struct lttr_explained *ex;	/* the group's worst, explained */
	char ex_why[LTTR_ERRMSG_MAX + 32];
};

static struct tui_lat *lat(struct tui *u)
{
	if (!u->lat)
		u->lat = calloc(1, sizeof(*u->lat));
	return u->lat;
}

static const struct lttr_timing *result(const struct tui *u)
{
	return u->lat ? u->lat->r[u->lat->kind] : NULL;
}

static bool has_numbers(unsigned int kind)
{
	return kind == LTTR_TIMING_SYSCALL || kind == LTTR_TIMING_IRQ ||
	       kind == LTTR_TIMING_SOFTIRQ;
}

static uint64_t figure(const struct lttr_timing_group *g, int c)
{
	const struct lttr_dist *d = &g->dist;

	switch (c) {
	case C_COUNT: return d->lat.count;
	case C_MIN: return d->lat.min;
	case C_MEAN: return lttr_lat_mean(&d->lat);
	case C_P50: return d->p50;
	case C_P90: return d->p90;
	case C_P99: return d->p99;
	case C_P999: return d->p999;
	case C_MAX: return d->lat.max;
	case C_SD: return d->stddev;
	default: return g->over;
	}
}

/* ---- the table's rows: each sub-kind's total, its groups under it ---- */

static int cmp_rows(const void *pa, const void *pb, void *arg)
{
	const struct tui *u = arg;
	const struct lttr_timing *r = result(u);
	size_t a = *(const size_t *)pa, b = *(const size_t *)pb;
	int c = u->lat->t.sort - 1, s = 0;

	if (c >= 0) {
		uint64_t x = figure(&r->groups[a], c), y = figure(&r->groups[b], c);

		s = x < y ? -1 : x > y;
		if (u->lat->t.desc)
			s = -s;
	}
	return s ? s : a < b ? -1 : a > b;	/* then the library's order */
}

/* the groups of level @level and sub-kind @sub (and number @what, when
 * @by_what) sorted, appended at @depth; each followed by its own when
 * @then is a level */
static void add_rows(struct tui *u, unsigned int level, unsigned int sub, bool by_what,
		     uint32_t what, unsigned char depth, int then)
{
	struct tui_lat *l = u->lat;
	const struct lttr_timing *r = result(u);
	size_t i, first = l->nrows;

	for (i = 0; i < r->ngroups; i++) {
		const struct lttr_timing_group *g = &r->groups[i];

		if (g->level == level && g->sub == sub && (!by_what || g->what == what)) {
			l->rows[l->nrows] = i;
			l->depth[l->nrows++] = depth;
		}
	}
	qsort_r(l->rows + first, l->nrows - first, sizeof(*l->rows), cmp_rows, u);
	if (then < 0)
		return;
	/* each followed by its children: move the block aside and interleave */
	{
		size_t n = l->nrows - first, k;
		size_t *mine = malloc((n ? n : 1) * sizeof(*mine));

		if (!mine)
			return;
		memcpy(mine, l->rows + first, n * sizeof(*mine));
		l->nrows = first;
		for (k = 0; k < n; k++) {
			const struct lttr_timing_group *g = &r->groups[mine[k]];

			l->rows[l->nrows] = mine[k];
			l->depth[l->nrows++] = depth;
			add_rows(u, (unsigned int)then, g->sub, true, g->what,
				 (unsigned char)(depth + 1), -1);
		}
		free(mine);
	}
}

static void build_rows(struct tui *u)
{
	struct tui_lat *l = u->lat;
	const struct lttr_timing *r = result(u);
	size_t i;

	free(l->rows);
	free(l->depth);
	l->rows = NULL;
	l->depth = NULL;
	l->nrows = 0;
	if (!r)
		return;
	l->rows = calloc(r->ngroups + 1, sizeof(*l->rows));
	l->depth = calloc(r->ngroups + 1, 1);
	if (!l->rows || !l->depth)
		return;
	for (i = 0; i < r->ngroups; i++) {
		const struct lttr_timing_group *g = &r->groups[i];

		if (g->level != LTTR_TG_ALL)
			continue;
		l->rows[l->nrows] = i;
		l->depth[l->nrows++] = 0;
		if (r->kind == LTTR_TIMING_SYSCALL)	/* per syscall, then per task */
			add_rows(u, LTTR_TG_WHAT, g->sub, false, 0, 1, LTTR_TG_TASK);
		else
			add_rows(u, has_numbers(r->kind) ? LTTR_TG_WHAT : LTTR_TG_TASK, g->sub,
				 false, 0, 1, -1);
	}
}

/* ---- computing ---- */

static void compute(struct tui *u, unsigned int kind)
{
	struct tui_lat *l = lat(u);
	struct lttr_timing_query q;
	struct lttr_error err;
	int r;

	if (!l)
		return;
	memset(&q, 0, sizeof(q));
	q.kind = kind;
	q.to_ns = UINT64_MAX;
	q.nworst = NWORST;
	q.has_threshold = l->has_threshold;
	q.threshold_ns = l->threshold_ns;
	q.progress = tui_progress;
	q.arg = u;
	tui_message(u, false, "latency --kind %s: a pass over the trace",
		    lttr_timing_kind_name(kind));
	r = lttr_timing_compute(u->s.t, &q, &l->r[kind], &err);
	u->msg[0] = '\0';
	if (r < 0)
		snprintf(l->why[kind], sizeof(l->why[kind]), "%s", r == -LTTR_E_CANCELED ?
			 "canceled: Enter computes them again" : err.msg);
	else
		l->why[kind][0] = '\0';
}

/* the kind shown, computed if it is not yet (or was canceled) */
static void show_kind(struct tui *u, unsigned int kind)
{
	struct tui_lat *l = lat(u);

	if (!l)
		return;
	l->kind = kind;
	if (!l->r[kind])
		compute(u, kind);
	memset(&l->t, 0, sizeof(l->t));
	build_rows(u);
}

void tui_latency_enter(struct tui *u)
{
	struct tui_lat *l = lat(u);

	if (l && !l->r[l->kind] && !l->why[l->kind][0])
		show_kind(u, l->kind);
}

static void forget_page(struct tui_lat *l)
{
	lttr_explained_free(l->ex);
	l->ex = NULL;
	l->ex_why[0] = '\0';
}

void tui_latency_free(struct tui *u)
{
	struct tui_lat *l = u->lat;
	unsigned int k;

	if (!l)
		return;
	for (k = 0; k < LTTR_TIMING_KINDS; k++)
		lttr_timing_free(l->r[k]);
	forget_page(l);
	free(l->rows);
	free(l->depth);
	free(l);
	u->lat = NULL;
}

/* T: a threshold (a duration: 2ms, 150us, 0.001 s), empty for none */
static void threshold_prompt(struct tui *u)
{
	struct tui_lat *l = lat(u);
	char buf[64] = "";
	uint64_t ns;
	unsigned int k;

	if (!l)
		return;
	if (l->has_threshold) {
		char d[32];

		snprintf(buf, sizeof(buf), "%s", lttr_fmt_duration(l->threshold_ns, d, sizeof(d)));
	}
	if (tui_prompt(u, "threshold (2ms, 150us; empty: none): ", buf, sizeof(buf)))
		return;
	if (buf[0] && (lttr_parse_duration(buf, &ns) || !ns)) {
		tui_message(u, true, "not a duration: %s (%s)", buf, LTTR_DURATION_FORM);
		return;
	}
	l->has_threshold = buf[0] != '\0';
	l->threshold_ns = l->has_threshold ? ns : 0;
	for (k = 0; k < LTTR_TIMING_KINDS; k++) {	/* their "over" changed */
		lttr_timing_free(l->r[k]);
		l->r[k] = NULL;
		l->why[k][0] = '\0';
	}
	show_kind(u, l->kind);
}

/* ---- the table ---- */

static int label_width(const struct tui *u)
{
	return u->w >= 140 ? 34 : u->w >= 100 ? 26 : 22;
}

/* which columns fit: the lowest ranks first, shown in their order */
static void layout(const struct tui *u, bool show[NCOLS])
{
	int room = u->w - label_width(u), rank, c;

	memset(show, 0, NCOLS * sizeof(*show));
	for (rank = 0; rank < NCOLS; rank++) {
		for (c = 0; c < NCOLS && cols[c].rank != rank; c++)
			;
		if (c == NCOLS || (c == C_OVER && !u->lat->has_threshold))
			continue;
		if (cols[c].width > room)
			break;
		show[c] = true;
		room -= cols[c].width;
	}
}

static void kinds_line(struct tui *u, int y)
{
	const struct lttr_timing *r = result(u);
	struct tui_lat *l = u->lat;
	unsigned int k;
	char s[160];

	move(y, 0);
	addstr("kind:");
	for (k = 0; k < LTTR_TIMING_KINDS; k++) {
		attr_t a = k == l->kind ? A_REVERSE | A_BOLD : A_NORMAL;

		addch(' ');
		attron(a);
		printw(" %s ", lttr_timing_kind_name(k));
		attroff(a);
	}
	if (l->has_threshold) {
		char d[32];

		snprintf(s, sizeof(s), "   threshold %s: %zu over it",
			 lttr_fmt_duration(l->threshold_ns, d, sizeof(d)), r ? r->nover : 0);
	} else {
		snprintf(s, sizeof(s), "   no threshold (T)");
	}
	tui_clip(y, getcurx(stdscr), u->w - getcurx(stdscr), s, A_NORMAL);
}

static void group_row(struct tui *u, int y, size_t i, const bool show[NCOLS], bool sel)
{
	const struct lttr_timing *r = result(u);
	const struct lttr_timing_group *g = &r->groups[u->lat->rows[i]];
	int lw = label_width(u), c;
	attr_t a = sel ? A_REVERSE : u->lat->depth[i] ? A_NORMAL : A_BOLD;
	char label[128], name[96];

	snprintf(label, sizeof(label), "%*s%s", 2 * u->lat->depth[i], "",
		 lttr_timing_group_str(u->s.t, r, g, name, sizeof(name)));
	move(y, 0);
	attron(a);
	printw("%-*.*s", lw, lw, label);
	for (c = 0; c < NCOLS; c++) {
		if (!show[c])
			continue;
		if (c == C_COUNT || c == C_OVER)
			printw("%*llu", cols[c].width, (unsigned long long)figure(g, c));
		else
			printw("%*.3f", cols[c].width, (double)figure(g, c) / 1e3);
	}
	for (c = getcurx(stdscr); c < u->w && c > 0; c++)
		addch(' ');
	attroff(a);
}

void tui_latency_draw(struct tui *u, int top, int height)
{
	struct tui_lat *l = lat(u);
	const struct lttr_timing *r = result(u);
	bool show[NCOLS];
	int y = top, c, end;
	size_t i;

	if (!l)
		return;
	kinds_line(u, y++);
	if (!r) {
		mvprintw(y + 1, 2, "(%s)", l->why[l->kind][0] ? l->why[l->kind] :
			 "not computed yet: Enter computes them");
		return;
	}
	layout(u, show);
	move(y, 0);
	attron(A_BOLD | A_UNDERLINE);
	printw("%-*s", label_width(u), l->t.sort == 0 ? "group^" : "group");
	for (c = 0; c < NCOLS; c++) {
		char h[32];

		if (!show[c])
			continue;
		snprintf(h, sizeof(h), "%s%s", cols[c].name,
			 l->t.sort == c + 1 ? (l->t.desc ? "v" : "^") : "");
		printw("%*s", cols[c].width, h);
	}
	for (c = getcurx(stdscr); c < u->w && c > 0; c++)
		addch(' ');
	attroff(A_BOLD | A_UNDERLINE);
	y++;
	if (!l->nrows) {
		mvaddstr(y, 2, "(no instance of this kind in the trace)");
		y += 2;
	}
	end = top + height - (r->kind == LTTR_TIMING_SOFTIRQ && !r->raises ? 1 : 0);
	if (l->t.sel >= l->nrows)
		l->t.sel = l->nrows ? l->nrows - 1 : 0;
	if (l->t.sel < l->t.top)
		l->t.top = l->t.sel;
	if (end > y && l->t.sel >= l->t.top + (size_t)(end - y))
		l->t.top = l->t.sel - (size_t)(end - y) + 1;
	for (i = l->t.top; i < l->nrows && y < end; i++)
		group_row(u, y++, i, show, i == l->t.sel);
	if (r->kind == LTTR_TIMING_SOFTIRQ && !r->raises)
		tui_clip(top + height - 1, 0, u->w,
			 "(raise to entry: the trace does not record softirq raises, format 1.4)",
			 tui_attr_dim(u));
}

static void open_page(struct tui *u);

bool tui_latency_key(struct tui *u, enum lttr_kaction act, int height)
{
	struct tui_lat *l = lat(u);
	size_t keep, i;

	if (!l)
		return false;
	switch (act) {
	case LTTR_KA_LAT_KIND:
		show_kind(u, (l->kind + 1) % LTTR_TIMING_KINDS);
		return true;
	case LTTR_KA_LAT_THRESHOLD:
		threshold_prompt(u);
		return true;
	case LTTR_KA_SORT_PREV: case LTTR_KA_SORT_NEXT: case LTTR_KA_SORT_INVERT:
		if (!result(u))
			return true;
		keep = l->nrows ? l->rows[l->t.sel] : 0;
		if (act == LTTR_KA_SORT_PREV)
			l->t.sort = l->t.sort ? l->t.sort - 1 : NCOLS;
		else if (act == LTTR_KA_SORT_NEXT)
			l->t.sort = (l->t.sort + 1) % (NCOLS + 1);
		else
			l->t.desc = !l->t.desc;
		if (l->t.sort == C_OVER + 1 && !l->has_threshold)	/* no such column */
			l->t.sort = act == LTTR_KA_SORT_PREV ? C_OVER : 0;
		build_rows(u);
		for (i = 0; i < l->nrows; i++)	/* the selection follows its group */
			if (l->rows[i] == keep)
				l->t.sel = i;
		tui_message(u, false, "groups sorted by %s, %s (each under its own)",
			    l->t.sort ? cols[l->t.sort - 1].name : "the library's order",
			    l->t.desc ? "descending" : "ascending");
		return true;
	case LTTR_KA_LAT_OPEN:
		if (!result(u)) {
			show_kind(u, l->kind);
			return true;
		}
		if (l->nrows)
			open_page(u);
		return true;
	default:
		return tui_scroll_key(&l->t, act, l->nrows, height - 2);
	}
}

/* ---- a group's page ---- */

static const struct lttr_timing_group *page_group(const struct tui *u)
{
	const struct lttr_timing *r = result(u);

	return r && u->lat->group < r->ngroups ? &r->groups[u->lat->group] : NULL;
}

/* one pass explains the group's worst instances */
static void explain_group(struct tui *u)
{
	struct tui_lat *l = u->lat;
	const struct lttr_timing_group *g = page_group(u);
	struct lttr_ex_req q[NWORST];
	struct lttr_error err;
	size_t n;
	int r;

	forget_page(l);
	if (!g || !g->nworst)
		return;
	for (n = 0; n < g->nworst && n < NWORST; n++)
		lttr_ex_req_of(&g->worst[n], &q[n]);
	tui_message(u, false, "explaining the %zu worst: a pass over the trace", n);
	r = lttr_explain_progress(u->s.t, q, n, tui_progress, u, &l->ex, &err);
	u->msg[0] = '\0';
	if (r < 0)
		snprintf(l->ex_why, sizeof(l->ex_why), "%s", r == -LTTR_E_CANCELED ?
			 "explanations canceled: e explains them again" : err.msg);
}

static void open_page(struct tui *u)
{
	struct tui_lat *l = u->lat;

	l->group = l->rows[l->t.sel];
	l->sel = 0;
	l->top = 0;		/* the page from its title: the selection follows j k */
	l->follow = false;
	u->page = P_LATGROUP;
	explain_group(u);
}

/*
 * The page is a list of lines, made again at each draw: what a line is
 * (its kind, and an index for the kinds that have one) and its text.
 */
enum { L_TEXT, L_HEAD, L_INST, L_DIM };

struct pline {
	int kind;
	size_t inst;		/* L_INST: which of the worst */
	char text[320];
};

struct page {
	struct pline *v;
	size_t n;
	size_t cap;
	size_t sel_line;	/* the selected instance's line */
	size_t sel_end;		/* ... the line after its explanation */
};

static struct pline *add(struct page *p, int kind, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static struct pline *add(struct page *p, int kind, const char *fmt, ...)
{
	va_list ap;
	struct pline *l;

	if (p->n == p->cap) {
		size_t ncap = p->cap ? 2 * p->cap : 64;
		struct pline *nv = realloc(p->v, ncap * sizeof(*nv));

		if (!nv)
			return NULL;
		p->v = nv;
		p->cap = ncap;
	}
	l = &p->v[p->n++];
	l->kind = kind;
	l->inst = 0;
	va_start(ap, fmt);
	vsnprintf(l->text, sizeof(l->text), fmt, ap);
	va_end(ap);
	return l;
}

/*
 * a line longer than @w cut at its last space that fits, the rest on
 * lines of their own indented by @cont (each a line of kind @kind too)
 */
static void add_wrapped(struct page *p, int kind, size_t inst, int w, int cont,
			const char *text)
{
	size_t len = strlen(text);
	bool first = true;

	while (len) {
		int room = w - 1 - (first ? 0 : cont);
		size_t n = len;
		struct pline *pl;

		if (room < 20)
			room = 20;
		if ((int)len > room) {
			for (n = (size_t)room; n > 0 && text[n] != ' '; n--)
				;
			if (!n)
				n = (size_t)room;
		}
		pl = add(p, kind, "%*s%.*s", first ? 0 : cont, "", (int)n, text);
		if (pl)
			pl->inst = inst;
		text += n;
		len -= n;
		while (*text == ' ') {
			text++;
			len--;
		}
		first = false;
	}
}

/* "name value" pairs, as many on a line as fit @w */
static void add_pairs(struct page *p, int w, const char *const *names,
		      const char *const *values, size_t n, const char *unit)
{
	char line[320];
	size_t i, len = 0;

	line[0] = '\0';
	for (i = 0; i < n; i++) {
		size_t need = strlen(names[i]) + strlen(values[i]) + 3;

		if (len && (int)(len + need + strlen(unit)) > w - 1) {
			add(p, L_TEXT, "%s", line);
			len = 0;
			line[0] = '\0';
		}
		len += (size_t)snprintf(line + len, sizeof(line) - len, "  %s %s", names[i],
					values[i]);
	}
	if (len)
		add(p, L_TEXT, "%s%s", line, unit);
}

static void add_figures(struct tui *u, struct page *p, const struct lttr_timing_group *g)
{
	static const char *const names[] = { "count", "min", "mean", "p50", "p90", "p99",
		"p99.9", "max", "stddev" };
	char v[9][32];
	const char *vp[9];
	int c;

	for (c = 0; c < 9; c++) {
		if (c == C_COUNT)
			snprintf(v[c], sizeof(v[c]), "%llu", (unsigned long long)figure(g, c));
		else
			snprintf(v[c], sizeof(v[c]), "%.3f", (double)figure(g, c) / 1e3);
		vp[c] = v[c];
	}
	add_pairs(p, u->w, names, vp, 9, " us");
	if (u->lat->has_threshold) {
		char d[32];

		add(p, L_TEXT, "  over the threshold (%s): %llu",
		    lttr_fmt_duration(u->lat->threshold_ns, d, sizeof(d)),
		    (unsigned long long)g->over);
	}
}

/* syscalls: where the time went; timers: the periods */
static void add_kind_figures(struct tui *u, struct page *p, const struct lttr_timing_group *g)
{
	if (g->sub == LTTR_SUB_CALL) {
		const char *names[LTTR_PART_COUNT], *vp[LTTR_PART_COUNT];
		char v[LTTR_PART_COUNT][32];
		size_t n = 0;
		unsigned int k;

		add(p, L_HEAD, "Where the calls' time went (ms):");
		for (k = 0; k < LTTR_PART_COUNT; k++) {
			if (!g->part[k] && k >= LTTR_PART_BLOCKED)
				continue;
			if (k == LTTR_PART_TIMER || k == LTTR_PART_PENDING ||
			    k == LTTR_PART_LATE)
				continue;
			names[n] = lttr_timing_part_name(k);
			snprintf(v[n], sizeof(v[n]), "%.3f", (double)g->part[k] / 1e6);
			vp[n] = v[n];
			n++;
		}
		add_pairs(p, u->w, names, vp, n, "");
	} else if (g->sub == LTTR_SUB_TIMER && g->level == LTTR_TG_TASK) {
		add(p, L_HEAD, "Periods (us): expected from the deadlines, actual from the runs:");
		add(p, L_TEXT, "  expected p50 %.3f  actual min %.3f  p50 %.3f  max %.3f  stddev %.3f",
		    (double)g->period.p50 / 1e3, (double)g->actual.lat.min / 1e3,
		    (double)g->actual.p50 / 1e3, (double)g->actual.lat.max / 1e3,
		    (double)g->actual.stddev / 1e3);
		add(p, L_TEXT, "  sleeps with nothing left to wait %llu, ended early %llu,"
		    " timerfd expiries missed %llu", (unsigned long long)g->zero_left,
		    (unsigned long long)g->early, (unsigned long long)g->missed);
	}
}

static void add_explanation(struct tui *u, struct page *p, const struct lttr_explanation *e)
{
	const struct lttr_timing *r = result(u);
	uint64_t len = e->req.end_ns - e->req.start_ns;
	char buf[384];
	size_t i;

	if (e->req.scope == LTTR_EXS_CPU)
		add(p, L_DIM, "      On cpu %u from %.9f to %.9f s (%.3f us):", e->req.cpu,
		    tt_rel(u->s.t, e->req.start_ns + e->req.lead_ns), tt_rel(u->s.t, e->req.end_ns),
		    (double)(e->req.end_ns - e->req.start_ns - e->req.lead_ns) / 1e3);
	else
		add(p, L_DIM, "      %u %s from %.9f to %.9f s (%.3f us):", e->req.pid,
		    lttr_timing_task_name(r->acct, e->req.pid), tt_rel(u->s.t, e->req.start_ns),
		    tt_rel(u->s.t, e->req.end_ns), (double)len / 1e3);
	for (i = 0; i < e->ntot; i++) {
		const struct lttr_ex_total *o = &e->tot[i];

		add(p, L_DIM, "        %12.3f us %5.1f%%  %s (%llu piece%s)", (double)o->ns / 1e3,
		    lttr_ex_total_pct(e, o),
		    lttr_ex_total_str(u->s.t, r->acct, o, buf, sizeof(buf)),
		    (unsigned long long)o->count, o->count == 1 ? "" : "s");
	}
	for (i = 0; i < e->n; i++) {
		const struct lttr_ex_item *x = &e->v[i];
		char line[448];

		snprintf(line, sizeof(line), "          %.9f +%10.3f us  %s",
			 tt_rel(u->s.t, x->start_ns), (double)(x->end_ns - x->start_ns) / 1e3,
			 lttr_ex_item_str(u->s.t, r->acct, x, buf, sizeof(buf)));
		add_wrapped(p, L_DIM, 0, u->w, 40, line);
	}
}

static void make_page(struct tui *u, struct page *p)
{
	struct tui_lat *l = u->lat;
	const struct lttr_timing *r = result(u);
	const struct lttr_timing_group *g = page_group(u);
	unsigned int k, first, last;
	uint64_t max;
	char name[96], buf[256];
	size_t i;

	memset(p, 0, sizeof(*p));
	if (!g)
		return;
	add(p, L_HEAD, "%s: %s", lttr_timing_kind_name(r->kind),
	    lttr_timing_group_str(u->s.t, r, g, name, sizeof(name)));
	add_figures(u, p, g);
	add_kind_figures(u, p, g);
	add(p, L_TEXT, "%s", "");
	add(p, L_HEAD, "Histogram (log2 buckets):");
	max = lttr_lat_span(&g->dist.lat, &first, &last);
	for (k = first; k <= last && max; k++)
		add(p, L_TEXT, "  %s", tt_hist_line(&g->dist, k, max, buf, sizeof(buf)));
	add(p, L_TEXT, "%s", "");
	if (!g->nworst) {
		add(p, L_TEXT, "  (no instance)");
		return;
	}
	add(p, L_HEAD, "The %zu worst (start, duration, task, cpu):", g->nworst);
	if (l->ex_why[0])
		add(p, L_TEXT, "  (%s)", l->ex_why);
	if (l->sel >= g->nworst)
		l->sel = g->nworst - 1;
	for (i = 0; i < g->nworst; i++) {
		const struct lttr_timing_inst *in = &g->worst[i];
		char line[320];

		lttr_timing_inst_str(u->s.t, r, in, buf, sizeof(buf));
		snprintf(line, sizeof(line), "  %.9f s %12.3f us  %u %s cpu %u%s%s",
			 tt_rel(u->s.t, in->start_ns), (double)(in->end_ns - in->start_ns) / 1e3,
			 in->pid, lttr_timing_task_name(r->acct, in->pid), in->cpu,
			 buf[0] ? "  " : "", buf);
		if (i != l->sel) {	/* the others on a line each, cut */
			struct pline *pl = add(p, L_INST, "%s", line);

			if (pl)
				pl->inst = i;
			continue;
		}
		p->sel_line = p->n;
		add_wrapped(p, L_INST, i, u->w, 6, line);
		if (l->ex && i < l->ex->n)
			add_explanation(u, p, &l->ex->v[i]);
		p->sel_end = p->n;
	}
}

void tui_latency_page(struct tui *u, int top, int height)
{
	struct tui_lat *l = u->lat;
	struct page p;
	size_t i;
	int y = top;

	if (!l || !page_group(u))
		return;
	make_page(u, &p);
	if (l->follow && p.n) {
		/* the selected instance and as much of its explanation as fits */
		if (p.sel_line < l->top)
			l->top = p.sel_line;
		else if (p.sel_end > l->top + (size_t)height)
			l->top = p.sel_end - p.sel_line > (size_t)height ? p.sel_line :
				p.sel_end - (size_t)height;
		l->follow = false;
	}
	if (l->top + (size_t)height > p.n)
		l->top = p.n > (size_t)height ? p.n - (size_t)height : 0;
	for (i = l->top; i < p.n && y < top + height; i++, y++) {
		const struct pline *pl = &p.v[i];
		attr_t a = pl->kind == L_HEAD ? A_BOLD :
			pl->kind == L_INST && pl->inst == l->sel ? A_REVERSE : A_NORMAL;

		tui_clip(y, 0, u->w, pl->text, a);
		if (pl->kind == L_INST && pl->inst == l->sel) {
			int x;

			attron(A_REVERSE);
			for (x = getcurx(stdscr); x < u->w && x > 0; x++)
				addch(' ');
			attroff(A_REVERSE);
		}
	}
	free(p.v);
}

void tui_show_interval(struct tui *u, uint64_t start, uint64_t end, uint32_t pid,
		       unsigned int cpu, bool cpu_row)
{
	/* the info line then tells the state of the row selected at the cursor */
	lttr_session_show_span(&u->s, start, end, 0);
	u->view = cpu_row ? V_RES : V_FLOW;
	u->page = P_NONE;
	tui_graph_select_pid(u, pid, cpu);
}

bool tui_latency_page_key(struct tui *u, enum lttr_kaction act, int height)
{
	struct tui_lat *l = u->lat;
	const struct lttr_timing_group *g = page_group(u);
	const struct lttr_timing_inst *in;

	if (!l || !g)
		return false;
	in = g->nworst ? &g->worst[l->sel < g->nworst ? l->sel : 0] : NULL;
	switch (act) {
	case LTTR_KA_ROW_PREV:
		if (l->sel)
			l->sel--;
		l->follow = true;
		return true;
	case LTTR_KA_ROW_NEXT:
		if (l->sel + 1 < g->nworst)
			l->sel++;
		l->follow = true;
		return true;
	case LTTR_KA_PAGE_PREV:
		l->top = l->top > (size_t)height - 1 ? l->top - (size_t)height + 1 : 0;
		return true;
	case LTTR_KA_PAGE_NEXT:
		l->top += (size_t)height - 1;	/* the draw keeps it on the page */
		return true;
	case LTTR_KA_LAT_EXPLAIN:
		explain_group(u);
		l->follow = true;
		return true;
	case LTTR_KA_LAT_SHOW:
		if (in)
			tui_show_interval(u, in->start_ns, in->end_ns, in->pid, in->cpu,
					  in->sub == LTTR_SUB_HANDLER || in->sub == LTTR_SUB_RAISE);
		return true;
	case LTTR_KA_LAT_CRITPATH:
		if (!in)
			return true;
		if (in->sub == LTTR_SUB_HANDLER || in->sub == LTTR_SUB_RAISE)
			tui_message(u, true, "an irq or softirq instance is no task's: C follows a task");
		else
			tui_critpath_open(u, in->pid, in->start_ns, in->end_ns);
		return true;
	default:
		return false;
	}
}

const char *tui_latency_info(struct tui *u)
{
	static char line[512];
	const struct lttr_timing *r = result(u);

	if (tui_warning_count(u))	/* lost events, damage: W lists them */
		snprintf(line, sizeof(line), "warning: the figures may be wrong (W: %zu warning%s)%s",
			 tui_warning_count(u), tui_warning_count(u) == 1 ? "" : "s",
			 r && r->unmatched ? "; instances whose parts do not add up" : "");
	else if (u->page == P_CRITPATH)
		snprintf(line, sizeof(line), "j k: a segment  Enter g: show it in view 1  PgUp PgDn  Esc: back");
	else if (r && r->unmatched)
		snprintf(line, sizeof(line), "warning: %llu instance%s whose parts do not add up to the duration (contradictory events: W)",
			 (unsigned long long)r->unmatched, r->unmatched == 1 ? "" : "s");
	else if (u->page == P_LATGROUP)
		snprintf(line, sizeof(line), "j k: an instance  Enter g: show it  C: its critical path  e: explain  Esc: back");
	else
		snprintf(line, sizeof(line), "K: kind  T: threshold  < > I: sort  Enter: a group's histogram, worst, why");
	return line;
}
