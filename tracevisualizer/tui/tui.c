// SPDX-License-Identifier: GPL-2.0
/*
 * tui.c - "tracevisualizer tui TRACE": opening the trace, building the view
 * model with a progress bar that Esc cancels, the main loop (a key, then
 * the screen drawn again), the title and status lines, line prompts.
 */
#include <locale.h>
#include <langinfo.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <curses.h>
#include <lttr/output/error-text.h>
#include <lttr/view/cache.h>
#include "tui.h"

static const char *const view_names[V_COUNT] = {
	[V_FLOW] = "Flow", [V_RES] = "Resources", [V_PROCS] = "Processes",
	[V_SYSCALLS] = "Syscalls", [V_IRQS] = "IRQs", [V_EVENTS] = "Events",
	[V_PATHS] = "Paths", [V_LATENCY] = "Latency",
};

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

void tui_message(struct tui *u, bool err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(u->msg, sizeof(u->msg), fmt, ap);
	va_end(ap);
	u->msg_err = err;
}

uint64_t tui_rel(const struct tui *u, uint64_t t)
{
	return lttr_session_rel(&u->s, t);
}

void tui_set_cursor(struct tui *u, uint64_t t)
{
	lttr_session_set_cursor(&u->s, t);
}

/*
 * Whether a key typed meanwhile cancels (Esc, q, ^C); the other keys typed
 * ahead are put back, in their order, for the main loop (a second n typed
 * while the first search runs is not lost).
 */
static int cancel_key(void)
{
	int keys[32], n = 0, ch, cancel = 0;

	nodelay(stdscr, TRUE);
	while (n < 32 && (ch = getch()) != ERR) {
		if (ch == 27 || ch == 'q' || ch == 3)
			cancel = 1;
		else
			keys[n++] = ch;
	}
	nodelay(stdscr, FALSE);
	while (!cancel && n > 0)
		ungetch(keys[--n]);
	return cancel;
}

/*
 * The progress of a long task on the last line, drawn ten times a second
 * at most (drawing costs more than the work between two calls); Esc, q or
 * ^C cancel.
 */
int tui_progress(void *arg, unsigned int permille)
{
	static double last;
	struct tui *u = arg;
	int h = getmaxy(stdscr), w = getmaxx(stdscr), bar, k;
	char line[600];
	double now = now_ms();

	if (now - last < 100 && permille < 1000)
		return cancel_key();
	last = now;

	bar = w > 40 ? w - 40 : 10;
	snprintf(line, sizeof(line), "%.200s %3u%% [", u->msg[0] ? u->msg : "working",
		 permille / 10);
	move(h - 1, 0);
	clrtoeol();
	attron(tui_attr_title(u));
	addnstr(line, w - 1);
	for (k = 0; k < bar && getcurx(stdscr) < w - 20; k++)
		addch((unsigned int)k * 1000 < (unsigned int)bar * permille ? '#' : '.');
	addstr("] Esc cancels");
	attroff(tui_attr_title(u));
	refresh();
	return cancel_key();
}

/*
 * A line of input on the last line; Esc gives up (returns -1).  The text
 * already in @buf is a suggestion, shown in reverse video: Enter takes it,
 * Backspace edits it, and a character typed first replaces it.
 */
int tui_prompt(struct tui *u, const char *label, char *buf, size_t size)
{
	int h = getmaxy(stdscr), w = getmaxx(stdscr);
	size_t len = strlen(buf);
	bool suggested = len > 0;

	(void)u;
	curs_set(1);
	for (;;) {
		int ch, x;

		move(h - 1, 0);
		clrtoeol();
		attron(A_BOLD);
		addnstr(label, w - 2);
		attroff(A_BOLD);
		x = getcurx(stdscr);
		if (suggested)
			attron(A_REVERSE);
		if ((int)len > w - x - 2)
			addnstr(buf + len - (size_t)(w - x - 2), w - x - 2);
		else
			addstr(buf);
		attroff(A_REVERSE);
		refresh();
		ch = getch();
		if (ch == 27) {
			curs_set(0);
			return -1;
		}
		if (ch == '\n' || ch == '\r' || ch == KEY_ENTER)
			break;
		if (suggested && ch >= 32 && ch < 256 && ch != 127)
			buf[len = 0] = '\0';
		suggested = false;
		if ((ch == KEY_BACKSPACE || ch == 127 || ch == 8) && len)
			buf[--len] = '\0';
		else if (ch == 21)	/* ^U: clear */
			buf[len = 0] = '\0';
		else if (ch >= 32 && ch < 256 && ch != 127 && len + 1 < size) {
			buf[len++] = (char)ch;
			buf[len] = '\0';
		}
	}
	curs_set(0);
	return 0;
}

/* the views' short names, for a narrow terminal (80 columns) */
static const char *const view_short[V_COUNT] = {
	[V_FLOW] = "Flow", [V_RES] = "Res", [V_PROCS] = "Procs", [V_SYSCALLS] = "Sys",
	[V_IRQS] = "IRQs", [V_EVENTS] = "Events", [V_PATHS] = "Paths",
	[V_LATENCY] = "Latency",
};

static void draw_title(struct tui *u)
{
	const char *const *names = view_names;
	int v, x = 0, need = 5;
	char s[64], right[32];

	snprintf(right, sizeof(right), "%s? help ", tui_warning_count(u) ? "W:warnings " : "");
	for (v = V_FLOW; v < V_COUNT; v++)
		need += 4 + (int)strlen(view_names[v]);
	if (need + (int)strlen(right) > u->w)
		names = view_short;
	move(0, 0);
	attron(tui_attr_title(u));
	for (x = 0; x < u->w; x++)
		addch(' ');
	mvaddstr(0, 0, " LTT ");
	for (v = V_FLOW; v < V_COUNT; v++) {
		snprintf(s, sizeof(s), " %d %s ", v, names[v]);
		/* room kept for the short right part, "W! ? " */
		if (getcurx(stdscr) + (int)strlen(s) > u->w - 6)
			break;
		if ((int)u->view == v) {
			attroff(tui_attr_title(u));
			attron(A_REVERSE | A_BOLD);
			addstr(s);
			attroff(A_REVERSE | A_BOLD);
			attron(tui_attr_title(u));
		} else {
			addstr(s);
		}
	}
	snprintf(s, sizeof(s), "%s", right);
	if (u->w - (int)strlen(s) <= getcurx(stdscr))	/* narrow: the short form */
		snprintf(s, sizeof(s), "%s? ", tui_warning_count(u) ? "W! " : "");
	if (u->w - (int)strlen(s) > getcurx(stdscr))
		mvaddstr(0, u->w - (int)strlen(s), s);
	attroff(tui_attr_title(u));
}

/*
 * The status line: the cursor, the window, the markers, B-A, the events
 * lost, the filter.  When it is longer than the terminal, whole parts go,
 * the least useful first (the filter's text, the window's length, which
 * the ruler shows, the markers' times, B-A), never the cursor or the
 * LOST count, and a number is never cut: the line shortens by parts.
 */
#define ST_PARTS 7
static void draw_status(struct tui *u)
{
	/* a part's text, and its rank: the part with the highest goes first */
	char part[ST_PARTS][300], a[32];
	int rank[ST_PARTS], n = 0, i, len;
	uint64_t ma, mb, lost = 0;
	unsigned int cpu;
	bool lost_part = false;

	for (cpu = 0; cpu < lttr_trace_ncpus(u->s.t); cpu++)
		lost += lttr_trace_lost_cpu(u->s.t, cpu);
	snprintf(part[n], sizeof(part[n]), "cursor %s",
		 lttr_fmt_time(tui_rel(u, u->s.vp.cursor), a, sizeof(a)));
	rank[n++] = 0;
	snprintf(part[n], sizeof(part[n]), "window %s",
		 lttr_fmt_duration(u->s.vp.t1 - u->s.vp.t0, a, sizeof(a)));
	rank[n++] = 4;
	for (i = 0; i < 2; i++) {
		if (!u->s.vp.has_mark[i])
			continue;
		snprintf(part[n], sizeof(part[n]), "%c %s", i ? 'B' : 'A',
			 lttr_fmt_time(tui_rel(u, u->s.vp.mark[i]), a, sizeof(a)));
		rank[n++] = 3;
	}
	if (lttr_viewport_marks(&u->s.vp, &ma, &mb)) {
		snprintf(part[n], sizeof(part[n]), "B-A %s",
			 lttr_fmt_duration(mb - ma, a, sizeof(a)));
		rank[n++] = 2;
	}
	if (lost) {
		snprintf(part[n], sizeof(part[n]), "LOST %llu", (unsigned long long)lost);
		rank[n++] = 0;
		lost_part = true;
	}
	if (u->s.filter) {
		snprintf(part[n], sizeof(part[n]), "filter(%s): %.256s",
			 u->s.filter_hide ? "hide" : "dim", u->s.filter_text);
		rank[n++] = 5;
	}
	/* drop parts, highest rank first (the last of equal ones first), until it fits */
	for (;;) {
		for (i = 0, len = -2; i < n; i++)
			if (rank[i] >= 0)
				len += (int)strlen(part[i]) + 2;
		if (len <= u->w)
			break;
		int drop = -1;

		for (i = 0; i < n; i++)
			if (rank[i] > 0 && (drop < 0 || rank[i] >= rank[drop]))
				drop = i;
		if (drop < 0)
			break;
		rank[drop] = -1;
	}
	move(u->h - 1, 0);
	clrtoeol();
	attron(tui_attr_title(u));
	for (i = 0, len = 0; i < n; i++) {
		if (rank[i] < 0)
			continue;
		if (len)
			addnstr("  ", u->w - getcurx(stdscr));
		len = 1;
		if (lost_part && !strncmp(part[i], "LOST ", 5)) {
			attroff(tui_attr_title(u));
			attron(tui_attr_err(u));
			addnstr(part[i], u->w - getcurx(stdscr));
			attroff(tui_attr_err(u));
			attron(tui_attr_title(u));
		} else {
			addnstr(part[i], u->w - getcurx(stdscr));
		}
		if (getcurx(stdscr) >= u->w - 1)
			break;
	}
	for (i = getcurx(stdscr); i < u->w && getcury(stdscr) == u->h - 1; i++)
		addch(' ');
	attroff(tui_attr_title(u));
}

static void draw_info(struct tui *u)
{
	char line[1024];

	line[0] = '\0';
	move(u->h - 2, 0);
	clrtoeol();
	if (u->msg[0]) {
		tui_clip(u->h - 2, 0, u->w, u->msg, u->msg_err ? tui_attr_err(u) : A_BOLD);
		return;
	}
	if (u->page == P_NONE && (u->view == V_FLOW || u->view == V_RES)) {
		tui_graph_info(u, &u->g[u->view - V_FLOW], line, sizeof(line));
	} else if (u->page == P_JOBS) {
		tui_jobs_info(u, line, sizeof(line));
	} else if (u->page == P_NONE && u->view == V_PATHS) {
		snprintf(line, sizeof(line), "%s", tui_paths_keys(u));
	} else if (u->page == P_NONE && u->view == V_EVENTS && u->ev.valid && u->ev.w.n &&
		   u->ev.sel < u->ev.w.n) {
		char f[900];

		/* the selected event's call stack, when it has one */
		if (tui_event_stack(u, &u->ev.w.ev[u->ev.sel], f, sizeof(f)))
			snprintf(line, sizeof(line), "stack: %s", f);
	} else if ((u->page == P_NONE && u->view == V_LATENCY) || u->page == P_LATGROUP ||
		   u->page == P_CRITPATH) {
		const char *s = tui_latency_info(u);

		tui_clip(u->h - 2, 0, u->w, s, strncmp(s, "warning", 7) ? A_BOLD : tui_attr_err(u));
		return;
	} else if (u->wa && (u->view == V_PROCS || u->view == V_SYSCALLS ||
			     u->view == V_IRQS || u->page == P_PROCESS ||
			     u->page == P_SYSCALL)) {
		char a[32], b[32];

		/* the tables count a window: said wherever they show */
		snprintf(line, sizeof(line), "tables of the window %s .. %s only (t: the whole trace)",
			 lttr_fmt_time(tui_rel(u, u->wa->start_ns), a, sizeof(a)),
			 lttr_fmt_time(tui_rel(u, u->wa->end_ns), b, sizeof(b)));
		tui_clip(u->h - 2, 0, u->w, line, A_BOLD);
		return;
	}
	tui_clip(u->h - 2, 0, u->w, line, A_NORMAL);
}

static void draw(struct tui *u)
{
	int top = 1, height;

	getmaxyx(stdscr, u->h, u->w);
	erase();
	if (u->h < 10 || u->w < 40) {
		mvprintw(0, 0, "terminal too small: %dx%d (40x10 at least, 80x24 or more is best)",
			 u->w, u->h);
		refresh();
		return;
	}
	height = u->h - 3;
	if (u->o->lesson) {
		int lh = tui_lesson_height(u, height);

		height -= lh;
		tui_lesson_draw(u, top + height, lh);
	}
	/* the narrowest window: a nanosecond per column of the graphs */
	lttr_session_set_min_span(&u->s, (uint64_t)(u->w - tui_graph_label_width(u) - 1));
	draw_title(u);
	switch (u->page) {
	case P_HELP:
		tui_help_page(u, top, height);
		break;
	case P_WARNINGS:
		tui_warnings_page(u, top, height);
		break;
	case P_PROCESS:
		tui_process_page(u, top, height);
		break;
	case P_SYSCALL:
		tui_syscall_page(u, top, height);
		break;
	case P_BOOKMARKS:
		tui_bookmarks_page(u, top, height);
		break;
	case P_LATGROUP:
		tui_latency_page(u, top, height);
		break;
	case P_CRITPATH:
		tui_critpath_page(u, top, height);
		break;
	case P_STACKS:
		tui_stacks_page(u, top, height);
		break;
	case P_JOBS:
		tui_jobs_page(u, top, height);
		break;
	default:
		switch (u->view) {
		case V_FLOW:
		case V_RES:
			tui_graph_draw(u, top, height, &u->g[u->view - V_FLOW]);
			break;
		case V_PROCS:
			tui_procs_draw(u, top, height);
			break;
		case V_SYSCALLS:
			tui_syscalls_draw(u, top, height);
			break;
		case V_IRQS:
			tui_irqs_draw(u, top, height);
			break;
		case V_PATHS:
			tui_paths_draw(u, top, height);
			break;
		case V_LATENCY:
			tui_latency_draw(u, top, height);
			break;
		default:
			tui_events_draw(u, top, height);
			break;
		}
	}
	draw_info(u);
	draw_status(u);
	refresh();
}

static bool is_utf8(void)
{
	const char *cs = nl_langinfo(CODESET);

	return cs && (!strcmp(cs, "UTF-8") || !strcmp(cs, "utf8"));
}

static void load(struct tui *u, const char *dir, double t_start, double t_open,
		 int *status)
{
	struct lttr_vcache_report rep;
	struct lttr_error err;
	struct lttr_view *v = NULL;
	struct lttr_trace *t;
	double t_build, t_setup, t_draw;
	int r;

	getmaxyx(stdscr, u->h, u->w);
	erase();
	mvprintw(u->h / 2 - 1, 2, "tracevisualizer: %.*s", u->w - 22, dir);
	mvprintw(u->h / 2, 2, "building the view model (one pass of the time accounting), or reading its cache");
	tui_message(u, false, "reading");
	t_build = now_ms();
	/* the model's cache (lttr/view/cache.h): read when valid, else built and saved */
	r = lttr_view_open(u->s.t, u->o->no_view_cache ? LTTR_VCACHE_DISABLE : 0, tui_progress, u,
			   &v, &rep, &err);
	t_setup = now_ms();
	u->msg[0] = '\0';
	if (r < 0) {
		endwin();
		lttr_print_error(stderr, u->o->prog, r == -LTTR_E_CANCELED ?
				 "canceled while reading the trace" : err.msg);
		*status = r == -LTTR_E_CANCELED ? TUI_EXIT_CANCELED : TUI_EXIT_TRACE;
		return;
	}
	/* the session owns the trace and its view model from here on */
	t = u->s.t;
	if (lttr_session_init(&u->s, dir, u->o->salvage ? LTTR_OPEN_SALVAGE : 0, t, v)) {
		lttr_view_free(v);
		lttr_trace_close(t);
		endwin();
		lttr_print_error(stderr, u->o->prog, "out of memory");
		*status = TUI_EXIT_TRACE;
		return;
	}
	u->a = u->s.a;
	lttr_session_set_row_sort(&u->s, u->o->row_sort);	/* --rows */
	if (tui_graph_init(u) || tui_procs_init(u) || tui_syscalls_init(u)) {
		endwin();
		lttr_print_error(stderr, u->o->prog, "out of memory");
		*status = TUI_EXIT_TRACE;
		return;
	}
	if (lttr_session_load_marks(&u->s, &err) < 0)
		tui_message(u, true, "bookmarks not read: %s", err.msg);
	tui_pred_restore(u);	/* session.json's predicate */
	u->view = V_FLOW;
	if (tui_warning_count(u))
		u->page = P_WARNINGS;
	if (u->o->lesson)
		tui_lesson_show(u, 0);
	if (rep.note[0])	/* a cache ignored or not written: the model is right all the same */
		tui_message(u, true, "%s", rep.note);
	t_draw = now_ms();
	draw(u);
	if (u->timing) {
		double end = now_ms();

		fprintf(u->timing, "first_screen_ms %.3f open_ms %.3f build_ms %.3f setup_ms %.3f "
			"draw_ms %.3f view_cache %s\n", end - t_start, t_open - t_start,
			t_setup - t_build, t_draw - t_setup, end - t_draw,
			lttr_vcache_outcome_name(rep.outcome));
		fflush(u->timing);
	}
}

static void on_mouse(struct tui *u)
{
	MEVENT me;

	if (getmouse(&me) != OK || u->page != P_NONE)
		return;
	if (u->view == V_FLOW || u->view == V_RES) {
		struct tui_graph *g = &u->g[u->view - V_FLOW];

		if (me.bstate & BUTTON4_PRESSED)
			lttr_session_zoom(&u->s, 1, 2);
#ifdef BUTTON5_PRESSED
		else if (me.bstate & BUTTON5_PRESSED)
			lttr_session_zoom(&u->s, 2, 1);
#endif
		else if (me.bstate & (BUTTON1_CLICKED | BUTTON1_PRESSED))
			tui_graph_click(u, g, me.y, me.x, 2);
	}
}

static void loop(struct tui *u)
{
	while (!u->quit) {
		int ch = getch();
		double t0 = now_ms();

		if (ch == ERR)
			continue;
		u->msg[0] = '\0';
		if (ch == KEY_RESIZE)
			;
		else if (ch == KEY_MOUSE)
			on_mouse(u);
		else
			tui_key(u, ch);
		if (u->quit)
			break;
		draw(u);
		if (u->timing) {
			fprintf(u->timing, "key %d view %d span_ns %llu ms %.3f\n", ch, u->view,
				(unsigned long long)(u->s.vp.t1 - u->s.vp.t0), now_ms() - t0);
			fflush(u->timing);
		}
	}
}

int tui_run(const struct tui_opts *o)
{
	double t_start = now_ms(), t_open;
	struct lttr_error err;
	struct tui *u;
	const char *tf = getenv("LTTR_TUI_TIMING");
	int status = 0;

	u = calloc(1, sizeof(*u));
	if (!u)
		return TUI_EXIT_TRACE;
	u->o = o;
	if (lttr_trace_open(o->dir, o->salvage ? LTTR_OPEN_SALVAGE : 0, &u->s.t, &err) < 0) {
		lttr_print_error(stderr, o->prog, err.msg);
		free(u);
		return TUI_EXIT_TRACE;
	}
	t_open = now_ms();
	if (tf && *tf)
		u->timing = fopen(tf, o->nested ? "a" : "w");
	if (tui_screen_start(o->prog)) {
		lttr_trace_close(u->s.t);
		free(u);
		return TUI_EXIT_TRACE;
	}
	u->utf8 = is_utf8();
	tui_colors_init(u);
	if (!getenv("LTTR_TUI_NO_MOUSE"))
		u->mouse = mousemask(BUTTON1_CLICKED | BUTTON1_PRESSED | BUTTON4_PRESSED
#ifdef BUTTON5_PRESSED
				     | BUTTON5_PRESSED
#endif
				     , NULL) != 0;
	load(u, o->dir, t_start, t_open, &status);
	if (!status) {
		loop(u);
		tui_save_marks(u);
		endwin();
	}
	if (u->timing)
		fclose(u->timing);
	tui_events_free(u);
	tui_paths_free(u);
	tui_critpath_free(u);
	tui_stacks_free(u);
	tui_jobs_free(u);
	tui_latency_free(u);
	tui_syscalls_free(u);
	tui_procs_free(u);
	lttr_account_free(u->wa);
	tui_graph_free(u);
	lttr_filter_free(u->search);
	lttr_session_free(&u->s);
	free(u);
	return status;
}
