// SPDX-License-Identifier: GPL-2.0
/*
 * hosts.c - "tracevisualizer tui MERGEDSET" or "tui TRACE TRACE...":
 * several hosts on one clock (lttr/view/hosts.h), a screen of its own
 * (the keymap's place LTTR_KW_HOSTS).  At the top a line per host: its
 * clock as the model gives it (lttr_xview_clock_text(): offset, drift and
 * its bounds, accuracy), then the time ruler of the window (the
 * reference's clock), then the rows: each host's group row, its tasks
 * under it, a cell per column (lttr_xview_cells(), the letters of
 * lttr_vcat_letter() as the other views draw them), and the messages
 * between hosts in the window (lttr_xview_links()): 'o' on the sender's
 * row at its send's column, 'v' (from a row above) or '^' (from below) on
 * the receiver's row at its receive's column.  A host not synchronised is
 * a group row after the others, saying so, without rows.  w s zoom, a d
 * pan, 0 the whole span, j k the selected row, q quits.
 *
 * The predicate bar (p, the keymap's one): an expression of the replay's
 * language over the set, each host a node (@alpha(...) && @beta(...)),
 * its hits the library's (lttr/view/hosts-pred.h: replay --hits of the
 * same set), marked '^' on the ruler at their columns; ) and ( move the
 * time cursor to the next and previous hit, the line above the status
 * line naming it (index, time after the reference trace's start as
 * replay --hits prints it, event number, node).  The cursor is drawn on
 * every row: '|' on the hosts' group rows, its column in reverse video on
 * the others and on the ruler; the status line begins with its time.  A
 * text refused is said with its column, as replay --hits says it, and
 * changes nothing; Esc cancels the pass (its progress bar).
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <curses.h>
#include <lttr/output/error-text.h>
#include <lttr/replay/replay.h>
#include <lttr/view/hosts.h>
#include <lttr/view/hosts-pred.h>
#include <lttr/view/keys.h>
#include <lttr/view/viewport.h>
#include "tui.h"

#define LABEL_W 22
#define MAX_LINKS 4096

struct thosts {
	struct lttr_xview *x;
	struct lttr_viewport vp;
	struct tui colors;		/* only its colour flag (draw.c) */
	size_t sel;
	size_t top;
	struct lttr_vcell *cells;
	struct lttr_xlink *links;
	struct lttr_xpred pred;
	bool has_cursor;		/* placed by ) or ( (none before) */
	char edit[LTTR_XPRED_MAX];	/* a text refused, offered again */
	char msg[700];			/* the line above the status line */
	bool msg_err;
};

static void put(int y, int x, int w, attr_t a, const char *s)
{
	int i;

	attron(a);
	for (i = 0; i < w; i++)
		mvaddch(y, x + i, (chtype)(*s ? (unsigned char)*s++ : ' '));
	attroff(a);
}

static void say(struct thosts *h, bool err, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void say(struct thosts *h, bool err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(h->msg, sizeof(h->msg), fmt, ap);
	va_end(ap);
	h->msg_err = err;
}

/* a time of the reference's clock after its trace's start, as replay --hits prints it */
static const char *rel_text(const struct thosts *h, uint64_t t, char *buf, size_t size)
{
	uint64_t s = lttr_xview_ref_start(h->x), a = t >= s ? t - s : s - t;

	snprintf(buf, size, "%s%" PRIu64 ".%09" PRIu64, t >= s ? "" : "-", a / 1000000000U,
		 a % 1000000000U);
	return buf;
}

/*
 * The ruler at line @y: the window's ends, '^' at the columns of the
 * predicate's hits (an end's label dropped under one), the cursor's
 * column in reverse video
 */
static void ruler(struct thosts *h, int y, int ncols)
{
	char a[32], b[32];
	size_t first, nh = lttr_xpred_in(&h->pred, h->vp.t0, h->vp.t1, &first), i;
	int la, lb;
	long col;

	lttr_fmt_time(h->vp.t0, a, sizeof(a));
	lttr_fmt_time(h->vp.t1, b, sizeof(b));
	la = (int)strlen(a);
	lb = (int)strlen(b);
	for (i = first; i < first + nh; i++) {
		col = lttr_viewport_time_col(&h->vp, h->pred.hits[i].time_ns, (unsigned int)ncols);
		if (col >= 0 && col <= la)
			la = 0;
		if (col >= ncols - lb - 1 && col < ncols)
			lb = 0;
	}
	put(y, 0, LABEL_W + ncols, A_DIM, "");
	attron(A_DIM);
	if (la && la <= ncols)
		mvaddstr(y, LABEL_W, a);
	else
		la = 0;
	if (lb && la + lb + 2 <= ncols)
		mvaddstr(y, LABEL_W + ncols - lb - 1, b);
	attroff(A_DIM);
	for (i = first; i < first + nh; i++) {
		col = lttr_viewport_time_col(&h->vp, h->pred.hits[i].time_ns, (unsigned int)ncols);
		if (col >= 0 && col < ncols)
			mvaddch(y, LABEL_W + (int)col, (chtype)'^' | A_BOLD);
	}
	col = h->has_cursor ? lttr_viewport_time_col(&h->vp, h->vp.cursor, (unsigned int)ncols) : -1;
	if (col >= 0 && col < ncols)
		mvchgat(y, LABEL_W + (int)col, 1, A_REVERSE | A_BOLD, 0, NULL);
}

static void draw(struct thosts *h)
{
	size_t nh = lttr_xview_nhosts(h->x), nr = lttr_xview_nrows(h->x), k, nl = 0, i;
	int W = COLS, H = LINES, ncols = W - LABEL_W, y = 0, rows, r;
	char line[1024], a[32], b[32], d[32];
	long cc;
	int more;

	erase();
	if (ncols < 10 || H < (int)nh + 6) {
		mvprintw(0, 0, "the terminal is too small");
		refresh();
		return;
	}
	snprintf(line, sizeof(line), " %zu hosts on %s's clock   [%s, %s] %s   w s zoom, a d pan, "
		 "0 all, q quit", nh, lttr_xview_host(h->x, 0)->name,
		 lttr_fmt_time(h->vp.t0, a, sizeof(a)), lttr_fmt_time(h->vp.t1, b, sizeof(b)),
		 lttr_fmt_duration(h->vp.t1 - h->vp.t0, d, sizeof(d)));
	put(y++, 0, W, tui_attr_title(&h->colors), line);
	for (k = 0; k < nh; k++) {
		char c[600];
		const struct lttr_xhost *x = lttr_xview_host(h->x, k);

		snprintf(line, sizeof(line), "%s: %s", x->name, lttr_xview_clock_text(h->x, k, c, sizeof(c)));
		put(y++, 0, W, x->synced ? A_NORMAL : tui_attr_err(&h->colors), line);
	}
	more = lttr_xview_links(h->x, h->vp.t0, h->vp.t1, MAX_LINKS, h->links, &nl);
	ruler(h, y++, ncols);
	rows = H - y - 2;	/* the message line and the status line below */
	cc = h->has_cursor ? lttr_viewport_time_col(&h->vp, h->vp.cursor, (unsigned int)ncols) : -1;
	if (h->sel < h->top)
		h->top = h->sel;
	if (h->sel >= h->top + (size_t)rows)
		h->top = h->sel - (size_t)rows + 1;
	for (r = 0; r < rows && h->top + (size_t)r < nr; r++) {
		size_t row = h->top + (size_t)r;
		const struct lttr_xrow *w = lttr_xview_row(h->x, row);
		int c;

		if (w->kind == LTTR_XROW_HOST)
			snprintf(line, sizeof(line), "%s", w->name);
		else
			snprintf(line, sizeof(line), "%*s%s", 2 * (w->depth ? w->depth : 1), "", w->name);
		if (w->kind == LTTR_XROW_HOST) {
			/* no cells: its name in full, a rule after it */
			int l = (int)strlen(line) + 1;

			for (c = l < LABEL_W ? LABEL_W : l; c < W; c++)
				mvaddch(y + r, c, '-');
			if (cc >= 0 && cc < ncols)	/* the cursor */
				mvaddch(y + r, LABEL_W + (int)cc, (chtype)'|' | A_BOLD);
			put(y + r, 0, l < W ? l - 1 : W, row == h->sel ? A_REVERSE : A_BOLD, line);
			continue;
		}
		put(y + r, 0, LABEL_W - 1, row == h->sel ? A_REVERSE : A_NORMAL, line);
		if (lttr_xview_cells(h->x, row, h->vp.t0, h->vp.t1, (unsigned int)ncols, h->cells))
			continue;
		for (c = 0; c < ncols; c++) {
			const struct lttr_vcell *e = &h->cells[c];
			char ch = e->flags & LTTR_VCELL_OUTSIDE ? ' ' : lttr_vcat_letter(e->cat);

			attron(tui_cat_attr(&h->colors, e->cat));
			mvaddch(y + r, LABEL_W + c, (chtype)ch);
			attroff(tui_cat_attr(&h->colors, e->cat));
		}
	}
	/* the cursor's column in reverse video on the task rows, their characters kept */
	for (r = 0; cc >= 0 && cc < ncols && r < rows && h->top + (size_t)r < nr; r++)
		if (lttr_xview_row(h->x, h->top + (size_t)r)->kind != LTTR_XROW_HOST)
			mvchgat(y + r, LABEL_W + (int)cc, 1, A_REVERSE, 0, NULL);
	/* the messages: their ends over the cells */
	for (i = 0; i < nl; i++) {
		const struct lttr_xlink *l = &h->links[i];
		long cs = lttr_viewport_time_col(&h->vp, l->send_ns, (unsigned int)ncols);
		long cr = lttr_viewport_time_col(&h->vp, l->recv_ns, (unsigned int)ncols);
		long ys = (long)l->from_row - (long)h->top, yr = (long)l->to_row - (long)h->top;

		attron(A_BOLD | A_REVERSE);
		if (cs >= 0 && cs < ncols && ys >= 0 && ys < rows)
			mvaddch(y + (int)ys, LABEL_W + (int)cs, 'o');
		if (cr >= 0 && cr < ncols && yr >= 0 && yr < rows)
			mvaddch(y + (int)yr, LABEL_W + (int)cr, l->from_row < l->to_row ? 'v' : '^');
		attroff(A_BOLD | A_REVERSE);
	}
	{
		const struct lttr_xrow *w = lttr_xview_row(h->x, h->sel);
		char cur[64];
		size_t all;

		lttr_xview_all_links(h->x, &all);
		if (h->msg[0])
			put(H - 2, 0, W, h->msg_err ? tui_attr_err(&h->colors) : A_BOLD, h->msg);
		cur[0] = '\0';
		if (h->has_cursor)
			snprintf(cur, sizeof(cur), "cursor %s   ", rel_text(h, h->vp.cursor, a, sizeof(a)));
		snprintf(line, sizeof(line), " %s%s%s%s   %s%zu messages between hosts in the window "
			 "(%zu in all): o sent, v ^ received   %zu host%s not synchronised",
			 cur, w && w->kind != LTTR_XROW_HOST ? lttr_xview_host(h->x, w->host)->name : "",
			 w && w->kind != LTTR_XROW_HOST ? ": " : "", w ? w->name : "",
			 more ? "more than " : "", nl, all, lttr_xview_unsynced(h->x),
			 lttr_xview_unsynced(h->x) == 1 ? "" : "s");
		put(H - 1, 0, W, tui_attr_title(&h->colors), line);
	}
	refresh();
}

static void pred_prompt(struct thosts *h)
{
	char buf[LTTR_XPRED_MAX];
	struct lttr_error err;

	snprintf(buf, sizeof(buf), "%s", h->edit[0] ? h->edit : h->pred.text);
	if (tui_prompt(&h->colors, "predicate (empty: none): ", buf, sizeof(buf)))
		return;
	snprintf(h->edit, sizeof(h->edit), "%s", buf);
	snprintf(h->colors.msg, sizeof(h->colors.msg), "replaying the hosts for: %.200s", buf);
	lttr_xpred_set(&h->pred, h->x, buf, tui_progress, &h->colors, &err);
	h->colors.msg[0] = '\0';
	if (err.code == LTTR_E_CANCELED) {
		say(h, true, "predicate canceled: %s", h->pred.text[0] ? "the one before stays" :
		    "none set");
		return;
	}
	if (err.code) {
		say(h, true, "predicate: %s", err.msg);
		return;
	}
	h->edit[0] = '\0';
	if (!h->pred.text[0])
		say(h, false, "no predicate");
	else
		say(h, false, "predicate: %zu hit%s: ) next, ( previous", h->pred.n,
		    h->pred.n == 1 ? "" : "s");
}

static void pred_step(struct thosts *h, int dir)
{
	const struct lttr_replay_hit *v;
	char r[40];
	long i;

	if (!h->pred.text[0]) {
		say(h, true, "no predicate yet (p)");
		return;
	}
	i = lttr_xpred_step(&h->pred, h->vp.cursor, dir);
	if (i < 0) {
		say(h, true, "no hit %s the cursor for: %.200s", dir > 0 ? "after" : "before",
		    h->pred.text);
		return;
	}
	v = &h->pred.hits[i];
	lttr_viewport_set_cursor(&h->vp, v->time_ns);
	h->has_cursor = true;
	say(h, false, "hit %ld/%zu at %s #%" PRIu64 " node %s: %.200s", i + 1, h->pred.n,
	    rel_text(h, v->time_ns, r, sizeof(r)), v->ordinal,
	    lttr_xview_host(h->x, v->node)->name, h->pred.text);
}

static void act(struct thosts *h, enum lttr_kaction a, bool *quit)
{
	size_t nr = lttr_xview_nrows(h->x);

	if (lttr_viewport_navigate(&h->vp, a))	/* zoom, pan, all, start, end */
		return;
	switch (a) {
	case LTTR_KA_QUIT:
	case LTTR_KA_CLOSE:
		*quit = true;
		break;
	case LTTR_KA_ROW_NEXT:
		if (h->sel + 1 < nr)
			h->sel++;
		break;
	case LTTR_KA_ROW_PREV:
		if (h->sel)
			h->sel--;
		break;
	case LTTR_KA_PAGE_NEXT:
		h->sel = h->sel + 10 < nr ? h->sel + 10 : nr - 1;
		break;
	case LTTR_KA_PAGE_PREV:
		h->sel = h->sel > 10 ? h->sel - 10 : 0;
		break;
	case LTTR_KA_PRED:
		pred_prompt(h);
		break;
	case LTTR_KA_PRED_NEXT:
	case LTTR_KA_PRED_PREV:
		pred_step(h, a == LTTR_KA_PRED_NEXT ? 1 : -1);
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

int tui_hosts_run(const struct tui_opts *o, const char *const *dirs, size_t n)
{
	double start = now_ms();
	struct thosts h = { 0 };
	const char *tf = getenv("LTTR_TUI_TIMING");
	struct lttr_error err;
	FILE *timing = NULL;
	bool quit = false;
	int st = 0;

	if (lttr_xview_open(dirs, n, o->salvage, &h.x, &err) < 0) {
		lttr_print_error(stderr, o->prog, err.msg);
		return err.code == LTTR_E_INVAL ? 2 : TUI_EXIT_TRACE;
	}
	h.cells = calloc(4096, sizeof(*h.cells));
	h.links = calloc(MAX_LINKS, sizeof(*h.links));
	if (!h.cells || !h.links) {
		lttr_print_error(stderr, o->prog, "out of memory");
		st = TUI_EXIT_TRACE;
	}
	if (!st && lttr_xview_end(h.x) <= lttr_xview_start(h.x)) {
		lttr_print_error(stderr, o->prog, "the hosts' traces have no span on the reference's clock");
		st = TUI_EXIT_TRACE;
	}
	if (!st) {
		lttr_viewport_init(&h.vp, lttr_xview_start(h.x), lttr_xview_end(h.x));
		st = tui_screen_start(o->prog);
	}
	if (!st) {
		bool first = true;

		tui_colors_init(&h.colors);
		if (tf && *tf)
			timing = fopen(tf, "w");
		while (!quit) {
			int ch;

			if (COLS - LABEL_W > 4096)
				break;
			draw(&h);
			/* the test hook of tests/lib/tui.sh: a line per screen drawn */
			if (timing) {
				fprintf(timing, "%s %.3f\n", first ? "first_screen_ms" : "key hosts ms",
					now_ms() - start);
				fflush(timing);
			}
			first = false;
			ch = getch();
			if (ch == ERR)
				break;
			if (ch != KEY_RESIZE)
				act(&h, lttr_keys_action(LTTR_KF_TUI, LTTR_KW_HOSTS, tui_key_code(ch)), &quit);
		}
		endwin();
	}
	if (timing)
		fclose(timing);
	free(h.cells);
	free(h.links);
	lttr_xpred_free(&h.pred);
	lttr_xview_free(h.x);
	return st;
}
