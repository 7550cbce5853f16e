// SPDX-License-Identifier: GPL-2.0
/*
 * draw.c - the terminal's colours, a view model cell as a character, a
 * log2 histogram in block characters, numbers in milliseconds, lines of
 * latency statistics (the syscalls and irqs views, a syscall's page).
 *
 * Every state category has a letter (lttr_vcat_letter()), so that a
 * terminal without colours (or NO_COLOR set) shows the same information;
 * with colours, running states are coloured blocks with their letter,
 * waiting states coloured letters.  A column where the state changes or
 * an event happened is underlined; a column where events were lost shows
 * '!'.
 */
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <curses.h>
#include "tui.h"

enum {
	PAIR_TITLE = 1,
	PAIR_ERR,
	PAIR_DIM,
	PAIR_CAT,		/* + enum lttr_vcat */
};

int tui_screen_start(const char *prog)
{
	setlocale(LC_ALL, "");
	if (!initscr()) {
		fprintf(stderr, "%s: tui: cannot start the terminal (TERM=%s)\n", prog,
			getenv("TERM") ? getenv("TERM") : "");
		return TUI_EXIT_TRACE;
	}
	set_escdelay(25);
	cbreak();
	noecho();
	keypad(stdscr, TRUE);
	curs_set(0);
	return 0;
}

void tui_colors_init(struct tui *u)
{
	static const struct { short fg, bg; } cat[LTTR_VCAT_COUNT] = {
		[LTTR_VCAT_NONE] = { -1, -1 },
		[LTTR_VCAT_USER] = { COLOR_BLACK, COLOR_GREEN },
		[LTTR_VCAT_SYSCALL] = { COLOR_WHITE, COLOR_BLUE },
		[LTTR_VCAT_TRAP] = { COLOR_BLACK, COLOR_YELLOW },
		[LTTR_VCAT_IRQ] = { COLOR_WHITE, COLOR_RED },
		[LTTR_VCAT_SOFTIRQ] = { COLOR_WHITE, COLOR_MAGENTA },
		[LTTR_VCAT_KERNEL] = { COLOR_BLACK, COLOR_CYAN },
		[LTTR_VCAT_IDLE] = { -1, -1 },
		[LTTR_VCAT_UNKNOWN] = { COLOR_BLACK, COLOR_WHITE },
		[LTTR_VCAT_RUNNABLE] = { COLOR_YELLOW, -1 },
		[LTTR_VCAT_ZOMBIE] = { COLOR_RED, -1 },
		[LTTR_VCAT_BLOCKED + LTTR_BLOCK_IO] = { COLOR_CYAN, -1 },
		[LTTR_VCAT_BLOCKED + LTTR_BLOCK_SLEEP] = { COLOR_BLUE, -1 },
		[LTTR_VCAT_BLOCKED + LTTR_BLOCK_FUTEX] = { COLOR_MAGENTA, -1 },
		[LTTR_VCAT_BLOCKED + LTTR_BLOCK_CHILD] = { COLOR_GREEN, -1 },
		[LTTR_VCAT_BLOCKED + LTTR_BLOCK_FAULT] = { COLOR_RED, -1 },
		[LTTR_VCAT_BLOCKED + LTTR_BLOCK_OTHER] = { COLOR_WHITE, -1 },
		[LTTR_VCAT_BLOCKED + LTTR_BLOCK_UNKNOWN] = { COLOR_WHITE, -1 },
		[LTTR_VCAT_NODATA] = { COLOR_BLACK, COLOR_WHITE },
	};
	const char *nc = getenv("NO_COLOR");
	short i;

	u->color = has_colors() && !(nc && *nc);
	if (!u->color)
		return;
	start_color();
	use_default_colors();
	init_pair(PAIR_TITLE, COLOR_BLACK, COLOR_CYAN);
	init_pair(PAIR_ERR, COLOR_WHITE, COLOR_RED);
	init_pair(PAIR_DIM, COLOR_BLUE, -1);
	for (i = 0; i < LTTR_VCAT_COUNT; i++)
		init_pair((short)(PAIR_CAT + i), cat[i].fg, cat[i].bg);
}

attr_t tui_cat_attr(const struct tui *u, unsigned int cat)
{
	if (!u->color)
		return cat >= LTTR_VCAT_USER && cat <= LTTR_VCAT_UNKNOWN &&
			cat != LTTR_VCAT_IDLE ? A_BOLD : A_NORMAL;
	return (attr_t)COLOR_PAIR(PAIR_CAT + (int)cat);
}

attr_t tui_attr_title(const struct tui *u)
{
	return u->color ? (attr_t)COLOR_PAIR(PAIR_TITLE) : A_REVERSE;
}

attr_t tui_attr_dim(const struct tui *u)
{
	return u->color ? (attr_t)COLOR_PAIR(PAIR_DIM) | A_DIM : A_DIM;
}

attr_t tui_attr_err(const struct tui *u)
{
	return u->color ? (attr_t)COLOR_PAIR(PAIR_ERR) | A_BOLD : (A_REVERSE | A_BOLD);
}

void tui_draw_cell(const struct tui *u, int y, int x, const struct lttr_vcell *c,
		   bool cursor)
{
	attr_t attr;
	chtype ch;

	if (c->flags & LTTR_VCELL_OUTSIDE) {
		mvaddch(y, x, cursor ? '|' : ' ');
		return;
	}
	ch = (chtype)(unsigned char)lttr_vcat_letter(c->cat);
	attr = tui_cat_attr(u, c->cat);
	if (c->flags & (LTTR_VCELL_CHANGES | LTTR_VCELL_EVENTS))
		attr |= A_UNDERLINE;
	if (c->flags & LTTR_VCELL_LOST) {
		ch = '!';
		attr = tui_attr_err(u);
	}
	if (cursor)
		attr |= A_REVERSE;
	mvaddch(y, x, ch | (chtype)attr);
}

const char *tui_ms(uint64_t ns, char *buf, size_t size)
{
	snprintf(buf, size, "%llu.%03llu", (unsigned long long)(ns / 1000000),
		 (unsigned long long)(ns / 1000 % 1000));
	return buf;
}

void tui_clip(int y, int x, int width, const char *s, attr_t attr)
{
	if (width <= 0)
		return;
	attron(attr);
	mvaddnstr(y, x, s, width);
	attroff(attr);
}

/*
 * One histogram cell at the cursor: @v of @max (> 0) as eighth blocks in
 * a UTF-8 terminal, " .:-=+*#@" elsewhere.
 */
void tui_bar_cell(const struct tui *u, uint64_t v, uint64_t max)
{
	static const char *const blocks[9] = {
		" ", "\u2581", "\u2582", "\u2583", "\u2584", "\u2585", "\u2586", "\u2587", "\u2588"
	};
	static const char ascii[] = " .:-=+*#@";
	unsigned int k = (unsigned int)((v * 8 + max - 1) / max);

	if (k > 8)
		k = 8;
	if (u->utf8)
		addstr(blocks[k]);
	else
		addch((chtype)ascii[k]);
}

/*
 * A log2 histogram in @width cells, one bucket per cell from the first
 * non-empty bucket, heights relative to the largest (tui_bar_cell()).
 */
void tui_hist(const struct tui *u, int y, int x, int width, const uint64_t *hist,
	      unsigned int n)
{
	unsigned int first = n, last = 0, i;
	uint64_t max = 0;

	for (i = 0; i < n; i++) {
		if (hist[i] && first == n)
			first = i;
		if (hist[i])
			last = i;
		if (hist[i] > max)
			max = hist[i];
	}
	if (first == n || width <= 0)
		return;
	move(y, x);
	for (i = first; i <= last && (int)(i - first) < width; i++)
		tui_bar_cell(u, hist[i], max);
}

const char *const tui_lat_cols[TUI_LAT_NCOLS] = {
	"name", "count", "total_ms", "min_us", "max_us", "mean_us"
};

/* the selected line of a table within its @rows lines */
void tui_keep_visible(struct tui_table *tb, size_t n, int rows)
{
	if (!n)
		return;
	if (tb->sel >= n)
		tb->sel = n - 1;
	if (tb->sel < tb->top)
		tb->top = tb->sel;
	if (rows > 0 && tb->sel >= tb->top + (size_t)rows)
		tb->top = tb->sel - (size_t)rows + 1;
}

/*
 * one line of statistics: name, count, total (ms), min, max, mean (us);
 * without a duration (count 0: calls that did not return), "-" for them
 */
void tui_lat_line(const struct tui *u, int y, const char *name, const struct lttr_lat *l,
		     bool sel)
{
	attr_t attr = sel ? A_REVERSE : A_NORMAL, x;

	attron(attr);
	if (l->count)
		mvprintw(y, 0, "%-18.18s %9llu %11.3f %10.3f %10.3f %10.3f ", name,
			 (unsigned long long)l->count, (double)l->total / 1e6,
			 (double)l->min / 1e3, (double)l->max / 1e3,
			 (double)lttr_lat_mean(l) / 1e3);
	else
		mvprintw(y, 0, "%-18.18s %9llu %11s %10s %10s %10s ", name, 0ULL, "-", "-", "-", "-");
	x = getcurx(stdscr);
	attroff(attr);
	tui_hist(u, y, x, u->w - x, l->hist, LTTR_HIST_BUCKETS);
}

/* the header of lines of statistics, @first naming the first column, @sort
 * (-1: none) marked */
void tui_lat_header(const struct tui *u, int y, int sort, bool desc, const char *first)
{
	int c, w[] = { -18, 9, 11, 10, 10, 10 };

	move(y, 0);
	attron(A_BOLD | A_UNDERLINE);
	for (c = 0; c < 6; c++) {
		char s[32];

		snprintf(s, sizeof(s), "%s%s", c ? tui_lat_cols[c] : first,
			 sort == c ? (desc ? "v" : "^") : "");
		printw(w[c] < 0 ? "%-*s " : "%*s ", w[c] < 0 ? -w[c] : w[c], s);
	}
	printw("%s", "log2 histogram (1 ns, 2 ns, 4 ns ...)");
	for (c = getcurx(stdscr); c < u->w; c++)
		addch(' ');
	attroff(A_BOLD | A_UNDERLINE);
}
