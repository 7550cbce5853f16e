// SPDX-License-Identifier: GPL-2.0
/*
 * keys.c - what each key does, and the help page that lists them all, with
 * the legend of the states' letters and colours.  The keys are the
 * library's one keymap (lttr/view/keys.h), the window's too: a key is
 * turned into its action where it was pressed (the page or view shown),
 * and the action goes first to the page shown (help, process, syscall,
 * bookmarks, warnings), then to the view, then to the actions that work
 * everywhere: the shared time window and cursor, markers, search, filter,
 * bookmarks.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <curses.h>
#include "tui.h"

/* the key as the keymap knows it (lttr/view/keys.h) */
int tui_key_code(int key)
{
	switch (key) {
	case KEY_LEFT: return LTTR_KEY_LEFT;
	case KEY_RIGHT: return LTTR_KEY_RIGHT;
	case KEY_UP: return LTTR_KEY_UP;
	case KEY_DOWN: return LTTR_KEY_DOWN;
	case KEY_HOME: return LTTR_KEY_HOME;
	case KEY_END: return LTTR_KEY_END;
	case KEY_PPAGE: return LTTR_KEY_PGUP;
	case KEY_NPAGE: return LTTR_KEY_PGDN;
	case '\n': case '\r': case KEY_ENTER: return LTTR_KEY_ENTER;
	case 27: return LTTR_KEY_ESC;
	case '\t': return LTTR_KEY_TAB;
	case KEY_BTAB: return LTTR_KEY_BTAB;
	default:
		if (key >= 1 && key <= 26)	/* ^A .. ^Z */
			return LTTR_KEY_CTRL | ('a' + key - 1);
		return key > 0 && key < 0x7f ? key : -1;
	}
}

/* the view or page shown, as the keymap's places */
static unsigned int where(const struct tui *u)
{
	static const unsigned int pages[] = { 0, LTTR_KW_P_HELP, LTTR_KW_P_WARNINGS,
		LTTR_KW_P_PROCESS, LTTR_KW_P_SYSCALL, LTTR_KW_P_BOOKMARKS, LTTR_KW_P_LATGROUP,
		LTTR_KW_P_CRITPATH, LTTR_KW_P_STACKS, LTTR_KW_P_JOBS };

	if (u->page != P_NONE && (size_t)u->page < sizeof(pages) / sizeof(pages[0]))
		return pages[u->page];
	return 1u << (u->view - V_FLOW);
}

enum lttr_kaction tui_action(const struct tui *u, int key)
{
	return lttr_keys_action(LTTR_KF_TUI, where(u), tui_key_code(key));
}

/*
 * The help page's lines, counted (draw false) or drawn from line @skip on:
 * a description longer than the terminal goes on under itself, indented to
 * its column, at a space (a cut line would hide the end of what a key does)
 */
struct help_out {
	struct tui *u;
	bool draw;
	size_t skip, lines;
	int y, end;
};

/* one line; @cat >= 0: the legend's line of that state, its letter coloured */
static void help_line(struct help_out *h, const char *s, attr_t a, int cat)
{
	h->lines++;
	if (!h->draw)
		return;
	if (h->skip) {
		h->skip--;
		return;
	}
	if (h->y >= h->end)
		return;
	if (cat < 0) {
		tui_clip(h->y++, 0, h->u->w, s, a);
		return;
	}
	move(h->y, 0);
	clrtoeol();
	move(h->y, 2);
	addch((chtype)(unsigned char)lttr_vcat_letter((unsigned int)cat) |
	      (chtype)tui_cat_attr(h->u, (unsigned int)cat));
	tui_clip(h->y++, 3, h->u->w - 3, s, a);
}

/* @head (a key column, or nothing) then @text, wrapped under column @indent */
static void help_wrapped(struct help_out *h, const char *head, int indent,
			 const char *text, attr_t a)
{
	int w = h->u->w > indent + 24 ? h->u->w : indent + 24;
	const char *p = text;
	char l[512];
	bool first = true;

	do {
		int room = w - indent - 1;
		size_t cut = strlen(p);

		if (cut > (size_t)room) {
			cut = (size_t)room;
			while (cut > 0 && p[cut] != ' ')
				cut--;
			if (!cut)	/* one word longer than the line */
				cut = (size_t)room;
		}
		snprintf(l, sizeof(l), "%-*s%.*s", indent, first ? head : "", (int)cut, p);
		help_line(h, l, a, -1);
		p += cut;
		while (*p == ' ')
			p++;
		first = false;
	} while (*p);
}

static void help_lines(struct help_out *h)
{
	const struct lttr_keybind *tb;
	const char *group = "";
	size_t i, n;
	unsigned int c;
	int kw = 0;

	/* the keymap's bindings of the TUI, a title per group, the mouse, the legend */
	tb = lttr_keys_table(&n);
	for (i = 0; i < n; i++) {
		char keys[64];
		int k;

		if (!(tb[i].fronts & LTTR_KF_TUI))
			continue;
		k = (int)strlen(lttr_keybind_keys(&tb[i], keys, sizeof(keys)));
		if (k > kw)
			kw = k;
	}
	if (kw > 16)		/* a longer one pushes its own line's text */
		kw = 16;
	for (i = 0; i < n; i++) {
		char keys[64], wh[64], head[96], text[320];

		if (!(tb[i].fronts & LTTR_KF_TUI))
			continue;
		if (strcmp(group, lttr_kaction_group(tb[i].action))) {
			group = lttr_kaction_group(tb[i].action);
			help_line(h, group, A_BOLD, -1);
		}
		lttr_keybind_where(&tb[i], wh, sizeof(wh));
		snprintf(head, sizeof(head), "  %-*s ", kw, lttr_keybind_keys(&tb[i], keys, sizeof(keys)));
		snprintf(text, sizeof(text), "%s%s%s%s", lttr_kaction_help(tb[i].action),
			 wh[0] ? " (" : "", wh, wh[0] ? ")" : "");
		help_wrapped(h, head, (int)strlen(head), text, A_NORMAL);
	}
	help_line(h, "Mouse", A_BOLD, -1);
	{
		char head[96];

		snprintf(head, sizeof(head), "  %-*s ", kw, "click, wheel");
		help_wrapped(h, head, (int)strlen(head), "cursor and row; zoom in, out", A_NORMAL);
	}
	help_wrapped(h, "", 0, "Legend (letters without colours; underlined: a change or an event "
		     "in the column, ! events lost; on an irq or softirq row, I or Q dimmed: the "
		     "handler ran for less than half the column)", A_BOLD);
	for (c = 0; c < LTTR_VCAT_COUNT; c++) {
		char l[128];

		snprintf(l, sizeof(l), "  %s", c == LTTR_VCAT_NONE ? "not alive / not running" :
			 lttr_vcat_name(c));
		help_line(h, l, A_NORMAL, (int)c);
	}
}

void tui_help_page(struct tui *u, int top, int height)
{
	struct help_out h = { u, false, 0, 0, top, top + height };

	help_lines(&h);
	if (u->page_t.top + (size_t)height > h.lines)
		u->page_t.top = h.lines > (size_t)height ? h.lines - (size_t)height : 0;
	h.draw = true;
	h.skip = u->page_t.top;
	help_lines(&h);
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

static bool page_key(struct tui *u, enum lttr_kaction act, int height)
{
	switch (u->page) {
	case P_PROCESS:
		return tui_process_key(u, act, height);
	case P_SYSCALL:
		return tui_syscall_key(u, act, height);
	case P_BOOKMARKS:
		return tui_bookmarks_key(u, act, height);
	case P_LATGROUP:
		return tui_latency_page_key(u, act, height);
	case P_CRITPATH:
		return tui_critpath_key(u, act, height);
	case P_STACKS:
		return tui_stacks_key(u, act, height);
	case P_JOBS:
		return tui_jobs_key(u, act, height);
	case P_HELP:
	case P_WARNINGS:
		if (act == LTTR_KA_ROW_NEXT || act == LTTR_KA_PAGE_NEXT) {
			u->page_t.top += act == LTTR_KA_PAGE_NEXT ? (size_t)height : 1;
			return true;
		}
		if (act == LTTR_KA_ROW_PREV || act == LTTR_KA_PAGE_PREV) {
			size_t d = act == LTTR_KA_PAGE_PREV ? (size_t)height : 1;

			u->page_t.top = u->page_t.top > d ? u->page_t.top - d : 0;
			return true;
		}
		return false;
	default:
		return false;
	}
}

static bool view_key(struct tui *u, enum lttr_kaction act, int height)
{
	switch (u->view) {
	case V_FLOW:
	case V_RES:
		return tui_graph_key(u, &u->g[u->view - V_FLOW], act, height);
	case V_PROCS:
		return tui_procs_key(u, act, height);
	case V_SYSCALLS:
		return tui_syscalls_key(u, act, height);
	case V_IRQS:
		return tui_irqs_key(u, act, height);
	case V_PATHS:
		return tui_paths_key(u, act, height);
	case V_LATENCY:
		return tui_latency_key(u, act, height);
	default:
		return tui_events_key(u, act, height);
	}
}

static void goto_mark(struct tui *u, int dir)
{
	uint64_t t;

	if (lttr_session_next_mark(&u->s, dir, &t))
		tui_set_cursor(u, t);
	else
		tui_message(u, false, "no marker or bookmark %s the cursor",
			    dir > 0 ? "after" : "before");
}

/* the key's action (lttr/view/keys.h) where it was pressed: the page's, the view's, everywhere's */
bool tui_key(struct tui *u, int key)
{
	enum lttr_kaction act = tui_action(u, key);
	int height = u->h - 3 - tui_lesson_height(u, u->h - 3);
	uint64_t a, b;

	if (act == LTTR_KA_NONE) {
		tui_message(u, false, "key not bound here (? lists the keys)");
		return false;
	}
	if (u->page != P_NONE && page_key(u, act, height))
		return true;
	if (u->page == P_NONE && view_key(u, act, height))
		return true;
	switch (act) {
	case LTTR_KA_VIEW_1: case LTTR_KA_VIEW_2: case LTTR_KA_VIEW_3: case LTTR_KA_VIEW_4:
	case LTTR_KA_VIEW_5: case LTTR_KA_VIEW_6: case LTTR_KA_VIEW_7: case LTTR_KA_VIEW_8:
		set_view(u, (enum tui_view)(V_FLOW + (act - LTTR_KA_VIEW_1)));
		return true;
	case LTTR_KA_CRITPATH:
		tui_critpath_selected(u);
		return true;
	case LTTR_KA_STACKS:
		tui_stacks_open(u);
		return true;
	case LTTR_KA_JOBS:
		tui_jobs_open(u);
		return true;
	case LTTR_KA_VIEW_NEXT:
		set_view(u, u->view + 1 < V_COUNT ? u->view + 1 : V_FLOW);
		return true;
	case LTTR_KA_VIEW_PREV:
		set_view(u, u->view > V_FLOW ? u->view - 1 : V_COUNT - 1);
		return true;
	case LTTR_KA_CLOSE:
		u->page = P_NONE;
		return true;
	case LTTR_KA_HELP:
		u->page = u->page == P_HELP ? P_NONE : P_HELP;
		memset(&u->page_t, 0, sizeof(u->page_t));
		return true;
	case LTTR_KA_WARNINGS:
		u->page = P_WARNINGS;
		memset(&u->page_t, 0, sizeof(u->page_t));
		return true;
	case LTTR_KA_QUIT:
		u->quit = true;
		return true;
	case LTTR_KA_TABLES:
		tui_window_tables(u);
		return true;
	case LTTR_KA_ZOOM_IN:
		lttr_session_zoom(&u->s, 1, 2);
		return true;
	case LTTR_KA_ZOOM_OUT:
		lttr_session_zoom(&u->s, 2, 1);
		return true;
	case LTTR_KA_PAN_LEFT:
		lttr_session_pan(&u->s, -1, 4);
		return true;
	case LTTR_KA_PAN_RIGHT:
		lttr_session_pan(&u->s, 1, 4);
		return true;
	case LTTR_KA_ALL:
		lttr_session_all(&u->s);
		return true;
	case LTTR_KA_ZOOM_SEL:
		if (lttr_viewport_marks(&u->s.vp, &a, &b))
			lttr_session_show(&u->s, a, b);
		else
			tui_message(u, true, "set markers A (m) and B (M) first");
		return true;
	case LTTR_KA_START:
		tui_set_cursor(u, u->s.vp.start);
		return true;
	case LTTR_KA_END:
		tui_set_cursor(u, u->s.vp.end);
		return true;
	case LTTR_KA_GOTO:
		tui_goto_prompt(u);
		return true;
	case LTTR_KA_MARK_A: case LTTR_KA_MARK_B:
		if (lttr_session_set_mark(&u->s, act == LTTR_KA_MARK_B))
			tui_save_marks(u);
		return true;
	case LTTR_KA_MARK_NEXT: case LTTR_KA_MARK_PREV:
		goto_mark(u, act == LTTR_KA_MARK_NEXT ? 1 : -1);
		return true;
	case LTTR_KA_SEARCH:
		tui_search_prompt(u);
		return true;
	case LTTR_KA_SEARCH_NEXT: case LTTR_KA_SEARCH_PREV:
		tui_search_next(u, act == LTTR_KA_SEARCH_NEXT ? 1 : -1);
		return true;
	case LTTR_KA_FILTER:
		tui_filter_prompt(u);
		return true;
	case LTTR_KA_PRED:
		tui_pred_prompt(u);
		return true;
	case LTTR_KA_PRED_NEXT: case LTTR_KA_PRED_PREV:
		tui_pred_step(u, act == LTTR_KA_PRED_NEXT ? 1 : -1);
		return true;
	case LTTR_KA_FILTER_HIDE:
		lttr_session_set_filter_hide(&u->s, !u->s.filter_hide);
		u->ev.valid = false;
		tui_message(u, false, "rows and events outside the filter are %s",
			    u->s.filter_hide ? "hidden" : "dimmed");
		return true;
	case LTTR_KA_ACTIVE:
		lttr_session_set_active_only(&u->s, !u->s.active_only);
		tui_message(u, false, "%s", u->s.active_only ?
			    "only the rows that ran or changed in the window" : "every row");
		return true;
	case LTTR_KA_ROW_ORDER:
		lttr_session_set_row_sort(&u->s, u->s.row_sort == LTTR_VSORT_PID ?
					  LTTR_VSORT_TRACED : LTTR_VSORT_PID);
		if (tui_graph_sort(u))
			tui_message(u, true, "out of memory");
		else
			tui_message(u, false, "%s", u->s.row_sort == LTTR_VSORT_PID ? "rows by pid" :
				    "rows: the traced command first, then the busiest");
		return true;
	case LTTR_KA_IDLE_GROUP:
		lttr_session_set_idle_open(&u->s, !u->s.idle_open);
		if (tui_graph_sort(u))
			tui_message(u, true, "out of memory");
		else if (lttr_view_nrows(u->s.v) &&
			 lttr_view_row(u->s.v, lttr_view_nrows(u->s.v) - 1)->kind == LTTR_VROW_GROUP)
			tui_message(u, false, "the %s: %s%s",
				    lttr_view_row(u->s.v, lttr_view_nrows(u->s.v) - 1)->name,
				    u->s.idle_open ? "shown" : "folded",
				    u->s.row_sort == LTTR_VSORT_TRACED ? "" :
				    " (in the first screen's order, P)");
		else
			tui_message(u, false, "no idle kernel threads in this trace");
		return true;
	case LTTR_KA_BOOKMARK:
		tui_bookmark_add(u);
		return true;
	case LTTR_KA_BOOKMARKS:
		u->page = P_BOOKMARKS;
		memset(&u->page_t, 0, sizeof(u->page_t));
		return true;
	case LTTR_KA_REDRAW:
		clearok(curscr, TRUE);
		return true;
	case LTTR_KA_LESSON_NEXT: case LTTR_KA_LESSON_PREV:
		tui_lesson_key(u, act == LTTR_KA_LESSON_NEXT ? 1 : -1);
		return true;
	default:
		/* a view's key, where that view has nothing to do it on */
		return true;
	}
}
