// SPDX-License-Identifier: GPL-2.0
/*
 * keys.c - what each key does, and the help page that lists them all from
 * the same table, with the legend of the states' letters and colours.
 *
 * A key goes first to the page shown (help, process, syscall, bookmarks,
 * warnings), then to the view, then to the keys that work everywhere: the
 * shared time window and cursor (Trace Compass's WASD and +/-), markers,
 * search, filter, bookmarks.
 */
#include <stdio.h>
#include <string.h>
#include <curses.h>
#include "tui.h"

struct keyhelp {
	const char *group;
	const char *keys;
	const char *what;
};

static const struct keyhelp help[] = {
	{ "Views", "1 .. 8", "flow, resources, processes, syscalls, irqs, events, paths, latency" },
	{ "Views", "Tab, S-Tab", "next, previous view" },
	{ "Views", "Enter", "open the selected task (1), process (3) or syscall (4)" },
	{ "Views", "Esc", "close the page or prompt" },
	{ "Views", "?", "this help" },
	{ "Views", "W", "the trace's warnings (damage, losses)" },
	{ "Views", "t", "tables 3 4 5 of A-B (else the visible window); again: all" },
	{ "Views", "q", "quit (markers are saved)" },
	{ "Time", "Left Right, h l", "cursor one column back, forward" },
	{ "Time", "H L, S-Left S-Right", "cursor ten columns back, forward" },
	{ "Time", "+ = w", "zoom in at the cursor" },
	{ "Time", "- s", "zoom out at the cursor" },
	{ "Time", "a d", "pan the window left, right by a quarter" },
	{ "Time", "0", "the whole trace" },
	{ "Time", "z", "zoom to the span between markers A and B" },
	{ "Time", "Home End", "cursor to the start, the end of the trace" },
	{ "Time", "g", "go to a time (1.5, 150ms, +20us, -1s)" },
	{ "Rows", "Up Down, k j", "previous, next row or line" },
	{ "Rows", "PgUp PgDn", "a screen up, down" },
	{ "Rows", ". ,", "cursor to the next, previous state change of the row" },
	{ "Rows", "] [", "cursor to the next, previous event of the row" },
	{ "Rows", "< > I", "sort by the previous, next column; invert (3, 4)" },
	{ "Rows", "Left Right, h l", "scroll the columns sideways (3: < > in its header)" },
	{ "Rows", "A", "only the rows that ran or changed in the window (1, 2)" },
	{ "Rows", "P", "rows by pid / the traced command first, then the busiest (1)" },
	{ "Search", "/", "search events: a filter expression (docs/filter.md)" },
	{ "Search", "n N", "next, previous match" },
	{ "Search", "f", "filter rows (1, 2) and events (6) by an expression" },
	{ "Search", "F", "filtered-out rows and events: dimmed or hidden" },
	{ "Marks", "m M", "marker A, B at the cursor (status line: B-A)" },
	{ "Marks", "b", "bookmark the cursor (saved in TRACE/bookmarks.json)" },
	{ "Marks", "B", "the bookmarks: Enter goes, d deletes" },
	{ "Paths", "Up Down, k j", "previous, next hop of the path shown (7)" },
	{ "Paths", "[ ], PgUp PgDn", "previous, next pattern (7)" },
	{ "Paths", "Enter", "the hop's representative call in the control flow (7)" },
	{ "Paths", "o", "patterns by count or by total latency (7)" },
	{ "Paths", "c", "the convolution algorithm, or nesting again (7)" },
	{ "Paths", "r", "search for the paths again (7)" },
	{ "Latency", "K", "the next kind: wakeup, irq, softirq, syscall, timer (8)" },
	{ "Latency", "T", "a threshold: the instances over it counted (8)" },
	{ "Latency", "< > I", "sort the groups by another column; invert (8)" },
	{ "Latency", "Enter", "a group: histogram, worst instances, the one selected explained" },
	{ "Latency", "j k, PgUp PgDn", "the worst instance selected; the page scrolled (page)" },
	{ "Latency", "Enter, g", "the selected instance in view 1 (2 for irq, softirq)" },
	{ "Latency", "C", "the critical path of the task over the instance (page)" },
	{ "Critical path", "C", "of the selected task (1, 3, process page): its page" },
	{ "Critical path", "j k, Enter", "a segment selected; shown in view 1" },
	{ "Mouse", "click, wheel", "cursor and row; zoom in, out" },
};

#define NHELP (sizeof(help) / sizeof(help[0]))

void tui_help_page(struct tui *u, int top, int height)
{
	const char *group = "";
	size_t i, lines = 0, skip;
	unsigned int c;
	int y = top;

	/* the keys, a title per group, the legend's two lines and its rows */
	for (i = 0; i < NHELP; i++)
		lines += 1 + (!i || strcmp(help[i].group, help[i - 1].group));
	lines += 2 + LTTR_VCAT_COUNT;
	if (u->page_t.top + (size_t)height > lines)
		u->page_t.top = lines > (size_t)height ? lines - (size_t)height : 0;
	skip = u->page_t.top;
	/* a line cut at the terminal's edge (wrapped, the next would overwrite it) */
#define LINE(...) do { if (skip) { skip--; } else if (y < top + height) { \
		char l_[256]; snprintf(l_, sizeof(l_), __VA_ARGS__); \
		tui_clip(y++, 0, u->w, l_, A_NORMAL); } } while (0)
	for (i = 0; i < NHELP; i++) {
		if (strcmp(group, help[i].group)) {
			group = help[i].group;
			attron(A_BOLD);
			LINE("%s", group);
			attroff(A_BOLD);
		}
		LINE("  %-22s %s", help[i].keys, help[i].what);
	}
	attron(A_BOLD);
	LINE("Legend (letters without colours; underlined: a change or an event in the column, ! events lost;");
	LINE("        on an irq or softirq row, I or Q dimmed: the handler ran for less than half the column)");
	attroff(A_BOLD);
	for (c = 0; c < LTTR_VCAT_COUNT; c++) {
		if (skip) {
			skip--;
			continue;
		}
		if (y >= top + height)
			break;
		move(y, 2);
		addch((chtype)(unsigned char)lttr_vcat_letter(c) | (chtype)tui_cat_attr(u, c));
		printw("  %s", c == LTTR_VCAT_NONE ? "not alive / not running" : lttr_vcat_name(c));
		y++;
	}
#undef LINE
}

static void set_view(struct tui *u, enum tui_view v)
{
	u->view = v;
	u->page = P_NONE;
	if (v == V_PATHS)
		tui_paths_enter(u);
	if (v == V_LATENCY)
		tui_latency_enter(u);
}

static bool page_key(struct tui *u, int key, int height)
{
	switch (u->page) {
	case P_PROCESS:
		return tui_process_key(u, key, height);
	case P_SYSCALL:
		return tui_syscall_key(u, key, height);
	case P_BOOKMARKS:
		return tui_bookmarks_key(u, key, height);
	case P_LATGROUP:
		return tui_latency_page_key(u, key, height);
	case P_CRITPATH:
		return tui_critpath_key(u, key, height);
	case P_HELP:
	case P_WARNINGS:
		if (key == KEY_DOWN || key == 'j' || key == KEY_NPAGE) {
			u->page_t.top += key == KEY_NPAGE ? (size_t)height : 1;
			return true;
		}
		if (key == KEY_UP || key == 'k' || key == KEY_PPAGE) {
			size_t d = key == KEY_PPAGE ? (size_t)height : 1;

			u->page_t.top = u->page_t.top > d ? u->page_t.top - d : 0;
			return true;
		}
		return false;
	default:
		return false;
	}
}

static bool view_key(struct tui *u, int key, int height)
{
	switch (u->view) {
	case V_FLOW:
	case V_RES:
		return tui_graph_key(u, &u->g[u->view - V_FLOW], key, height);
	case V_PROCS:
		return tui_procs_key(u, key, height);
	case V_SYSCALLS:
		return tui_syscalls_key(u, key, height);
	case V_IRQS:
		return tui_irqs_key(u, key, height);
	case V_PATHS:
		return tui_paths_key(u, key, height);
	case V_LATENCY:
		return tui_latency_key(u, key, height);
	default:
		return tui_events_key(u, key, height);
	}
}

bool tui_key(struct tui *u, int key)
{
	int height = u->h - 3;
	uint64_t a, b;

	if (u->page != P_NONE && page_key(u, key, height))
		return true;
	if (u->page == P_NONE && view_key(u, key, height))
		return true;
	switch (key) {
	case '1': case '2': case '3': case '4': case '5': case '6': case '7': case '8':
		set_view(u, (enum tui_view)(key - '0'));
		return true;
	case 'C':
		tui_critpath_selected(u);
		return true;
	case '\t':
		set_view(u, u->view + 1 < V_COUNT ? u->view + 1 : V_FLOW);
		return true;
	case KEY_BTAB:
		set_view(u, u->view > V_FLOW ? u->view - 1 : V_COUNT - 1);
		return true;
	case 27:
		u->page = P_NONE;
		return true;
	case '?':
		u->page = u->page == P_HELP ? P_NONE : P_HELP;
		memset(&u->page_t, 0, sizeof(u->page_t));
		return true;
	case 'W':
		u->page = P_WARNINGS;
		memset(&u->page_t, 0, sizeof(u->page_t));
		return true;
	case 'q':
		u->quit = true;
		return true;
	case 't':
		tui_window_tables(u);
		return true;
	case '+': case '=': case 'w':
		lttr_session_zoom(&u->s, 1, 2);
		return true;
	case '-': case 's':
		lttr_session_zoom(&u->s, 2, 1);
		return true;
	case 'a':
		lttr_session_pan(&u->s, -1, 4);
		return true;
	case 'd':
		lttr_session_pan(&u->s, 1, 4);
		return true;
	case '0':
		lttr_session_all(&u->s);
		return true;
	case 'z':
		if (lttr_viewport_marks(&u->s.vp, &a, &b))
			lttr_session_show(&u->s, a, b);
		else
			tui_message(u, true, "set markers A (m) and B (M) first");
		return true;
	case KEY_HOME:
		tui_set_cursor(u, u->s.vp.start);
		return true;
	case KEY_END:
		tui_set_cursor(u, u->s.vp.end);
		return true;
	case 'g':
		tui_goto_prompt(u);
		return true;
	case 'm': case 'M':
		if (lttr_session_set_mark(&u->s, key == 'M'))
			tui_save_marks(u);
		return true;
	case '/':
		tui_search_prompt(u);
		return true;
	case 'n': case 'N':
		tui_search_next(u, key == 'n' ? 1 : -1);
		return true;
	case 'f':
		tui_filter_prompt(u);
		return true;
	case 'F':
		lttr_session_set_filter_hide(&u->s, !u->s.filter_hide);
		u->ev.valid = false;
		tui_message(u, false, "rows and events outside the filter are %s",
			    u->s.filter_hide ? "hidden" : "dimmed");
		return true;
	case 'A':
		lttr_session_set_active_only(&u->s, !u->s.active_only);
		tui_message(u, false, "%s", u->s.active_only ?
			    "only the rows that ran or changed in the window" : "every row");
		return true;
	case 'P':
		lttr_session_set_row_sort(&u->s, u->s.row_sort == LTTR_VSORT_PID ?
					  LTTR_VSORT_TRACED : LTTR_VSORT_PID);
		if (tui_graph_sort(u))
			tui_message(u, true, "out of memory");
		else
			tui_message(u, false, "%s", u->s.row_sort == LTTR_VSORT_PID ? "rows by pid" :
				    "rows: the traced command first, then the busiest");
		return true;
	case 'b':
		tui_bookmark_add(u);
		return true;
	case 'B':
		u->page = P_BOOKMARKS;
		memset(&u->page_t, 0, sizeof(u->page_t));
		return true;
	case 12:	/* ^L */
		clearok(curscr, TRUE);
		return true;
	default:
		tui_message(u, false, "key not bound here (? lists the keys)");
		return false;
	}
}
