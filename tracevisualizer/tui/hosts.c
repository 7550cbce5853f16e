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
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <curses.h>
#include <lttr/output/error-text.h>
#include <lttr/view/hosts.h>
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
};

static void put(int y, int x, int w, attr_t a, const char *s)
{
	int i;

	attron(a);
	for (i = 0; i < w; i++)
		mvaddch(y, x + i, (chtype)(*s ? (unsigned char)*s++ : ' '));
	attroff(a);
}

static void draw(struct thosts *h)
{
	size_t nh = lttr_xview_nhosts(h->x), nr = lttr_xview_nrows(h->x), k, nl = 0, i;
	int W = COLS, H = LINES, ncols = W - LABEL_W, y = 0, rows, r;
	char line[1024], a[32], b[32], d[32];
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
	snprintf(line, sizeof(line), "%-*s%s", LABEL_W, "", lttr_fmt_time(h->vp.t0, a, sizeof(a)));
	put(y, 0, W, A_DIM, line);
	lttr_fmt_time(h->vp.t1, b, sizeof(b));
	mvprintw(y++, W - (int)strlen(b) - 1, "%s", b);
	rows = H - y - 1;
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
		size_t all;

		lttr_xview_all_links(h->x, &all);
		snprintf(line, sizeof(line), " %s%s%s   %s%zu messages between hosts in the window "
			 "(%zu in all): o sent, v ^ received   %zu host%s not synchronised",
			 w && w->kind != LTTR_XROW_HOST ? lttr_xview_host(h->x, w->host)->name : "",
			 w && w->kind != LTTR_XROW_HOST ? ": " : "", w ? w->name : "",
			 more ? "more than " : "", nl, all, lttr_xview_unsynced(h->x),
			 lttr_xview_unsynced(h->x) == 1 ? "" : "s");
		put(H - 1, 0, W, tui_attr_title(&h->colors), line);
	}
	refresh();
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
	lttr_xview_free(h.x);
	return st;
}
