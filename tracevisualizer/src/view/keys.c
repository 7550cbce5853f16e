// SPDX-License-Identifier: GPL-2.0
/*
 * keys.c - the one keymap of the terminal analyzer and the window
 * (lttr/view/keys.h): the actions, their keys, where each holds, and the
 * table's text for the help pages and docs/views.md.
 *
 * Where the two front ends disagreed (issue 36, item 12), Trace Compass's
 * habit, which KernelShark shares where it has one, decided:
 *  - Left Right: the previous, next state change of the selected row (the
 *    TUI moved one column: that is h l, a terminal's habit, in both);
 *  - . , : the next, previous marker or bookmark (the TUI went to state
 *    changes: those are Left Right now);
 *  - z: zoom to the selection (the window's dragged span, else markers
 *    A-B), lower case in both (the window took Z too);
 *  - w a s d lower case zoom and pan in both (the window took W A S D as
 *    well, where the TUI's W is the warnings page and A the active rows);
 *  - C: the critical path in both (the window took c too, which is the
 *    paths view's algorithm in the TUI);
 *  - / and Ctrl+F search in both, f the filter, A the active rows, P the
 *    rows' order, 1 to 8 the views (the window's Alt+N in its View menu
 *    follow the same numbers).
 */
#include <stdio.h>
#include <string.h>
#include <lttr/view/keys.h>

struct kinfo {
	const char *name;
	const char *group;
	const char *help;
};

static const struct kinfo info[LTTR_KA_COUNT] = {
	[LTTR_KA_NONE] = { "none", "", "" },
	[LTTR_KA_VIEW_1] = { "view-flow", "Views", "view 1: control flow (the tasks)" },
	[LTTR_KA_VIEW_2] = { "view-resources", "Views", "view 2: resources (CPUs, irqs, softirqs)" },
	[LTTR_KA_VIEW_3] = { "view-processes", "Views", "view 3: processes" },
	[LTTR_KA_VIEW_4] = { "view-syscalls", "Views",
		"view 4: syscalls (the window: the statistics' histograms)" },
	[LTTR_KA_VIEW_5] = { "view-irqs", "Views", "view 5: irqs and softirqs" },
	[LTTR_KA_VIEW_6] = { "view-events", "Views", "view 6: events" },
	[LTTR_KA_VIEW_7] = { "view-paths", "Views", "view 7: paths" },
	[LTTR_KA_VIEW_8] = { "view-latency", "Views", "view 8: latency" },
	[LTTR_KA_VIEW_NEXT] = { "view-next", "Views", "next view" },
	[LTTR_KA_VIEW_PREV] = { "view-previous", "Views", "previous view" },
	[LTTR_KA_OPEN] = { "open", "Views", "open the selected task, process or syscall" },
	[LTTR_KA_CLOSE] = { "close", "Views", "close the page or prompt" },
	[LTTR_KA_HELP] = { "help", "Views", "this help" },
	[LTTR_KA_WARNINGS] = { "warnings", "Views", "the trace's warnings (damage, losses)" },
	[LTTR_KA_TABLES] = { "window-tables", "Views",
		"tables 3 4 5 of A-B (else the visible window); again: all" },
	[LTTR_KA_QUIT] = { "quit", "Views", "quit (markers are saved)" },
	[LTTR_KA_REDRAW] = { "redraw", "Views", "draw the screen again" },
	[LTTR_KA_OPEN_TRACE] = { "open-trace", "Views", "open a trace in this tab" },
	[LTTR_KA_OPEN_TAB] = { "open-tab", "Views", "open a trace in a new tab" },
	[LTTR_KA_EXPORT] = { "export", "Views", "export the graph as PNG or SVG" },
	[LTTR_KA_CLOSE_TAB] = { "close-tab", "Views", "close the tab" },
	[LTTR_KA_OPEN_AUDIT] = { "open-audit", "Views",
		"open an audit: the firings of a traced --rules session (File -> Open audit...)" },
	[LTTR_KA_COL_PREV] = { "cursor-back", "Time", "cursor one column (pixel) back" },
	[LTTR_KA_COL_NEXT] = { "cursor-forward", "Time", "cursor one column (pixel) forward" },
	[LTTR_KA_COL10_PREV] = { "cursor-back-10", "Time", "cursor ten columns (pixels) back" },
	[LTTR_KA_COL10_NEXT] = { "cursor-forward-10", "Time", "cursor ten columns (pixels) forward" },
	[LTTR_KA_ZOOM_IN] = { "zoom-in", "Time", "zoom in at the cursor" },
	[LTTR_KA_ZOOM_OUT] = { "zoom-out", "Time", "zoom out at the cursor" },
	[LTTR_KA_PAN_LEFT] = { "pan-left", "Time", "pan the window left by a quarter" },
	[LTTR_KA_PAN_RIGHT] = { "pan-right", "Time", "pan the window right by a quarter" },
	[LTTR_KA_ALL] = { "whole-trace", "Time", "the whole trace" },
	[LTTR_KA_ZOOM_SEL] = { "zoom-selection", "Time",
		"zoom to the selection: the dragged span (window), else markers A-B" },
	[LTTR_KA_START] = { "cursor-start", "Time", "cursor to the start of the trace" },
	[LTTR_KA_END] = { "cursor-end", "Time", "cursor to the end of the trace" },
	[LTTR_KA_GOTO] = { "goto", "Time", "go to a time (1.5, 150ms, +20us, -1s)" },
	[LTTR_KA_ROW_PREV] = { "row-previous", "Rows", "previous row or line" },
	[LTTR_KA_ROW_NEXT] = { "row-next", "Rows", "next row or line" },
	[LTTR_KA_PAGE_PREV] = { "page-up", "Rows", "a screen up" },
	[LTTR_KA_PAGE_NEXT] = { "page-down", "Rows", "a screen down" },
	[LTTR_KA_STATE_PREV] = { "state-previous", "Rows",
		"cursor to the previous state change of the selected row" },
	[LTTR_KA_STATE_NEXT] = { "state-next", "Rows",
		"cursor to the next state change of the selected row" },
	[LTTR_KA_EVENT_PREV] = { "event-previous", "Rows",
		"cursor to the previous event of the selected row" },
	[LTTR_KA_EVENT_NEXT] = { "event-next", "Rows", "cursor to the next event of the selected row" },
	[LTTR_KA_SORT_PREV] = { "sort-previous", "Rows", "sort by the previous column" },
	[LTTR_KA_SORT_NEXT] = { "sort-next", "Rows", "sort by the next column" },
	[LTTR_KA_SORT_INVERT] = { "sort-invert", "Rows", "invert the order" },
	[LTTR_KA_COLS_LEFT] = { "columns-left", "Rows", "scroll the columns left" },
	[LTTR_KA_COLS_RIGHT] = { "columns-right", "Rows", "scroll the columns right" },
	[LTTR_KA_ACTIVE] = { "active-rows", "Rows",
		"only the rows that ran or changed in the window, or every row" },
	[LTTR_KA_ROW_ORDER] = { "row-order", "Rows",
		"rows by pid / the traced command first, then the busiest" },
	[LTTR_KA_ROWS_BY_PID] = { "rows-by-pid", "Rows", "control flow rows by pid" },
	[LTTR_KA_IDLE_GROUP] = { "idle-kthreads", "Rows",
		"open / close the group row of the idle kernel threads" },
	[LTTR_KA_SEARCH] = { "search", "Search",
		"search events: a filter expression (docs/filter.md); the window's flame graph: a frame" },
	[LTTR_KA_SEARCH_NEXT] = { "search-next", "Search", "next match" },
	[LTTR_KA_SEARCH_PREV] = { "search-previous", "Search", "previous match" },
	[LTTR_KA_FILTER] = { "filter", "Search", "filter rows and events by an expression" },
	[LTTR_KA_FILTER_HIDE] = { "filter-hide", "Search",
		"filtered-out rows and events: dimmed or hidden" },
	[LTTR_KA_FILTERS] = { "filters", "Search", "the filters dialog" },
	[LTTR_KA_PRED] = { "predicate", "Search",
		"the predicate bar: an expression of the replay (docs/replay.md), its hits marked" },
	[LTTR_KA_PRED_NEXT] = { "predicate-next", "Search",
		"cursor to the next time the predicate becomes true" },
	[LTTR_KA_PRED_PREV] = { "predicate-previous", "Search",
		"cursor to the previous time the predicate becomes true" },
	[LTTR_KA_MARK_A] = { "marker-a", "Marks", "marker A at the cursor" },
	[LTTR_KA_MARK_B] = { "marker-b", "Marks", "marker B at the cursor (status line: B-A)" },
	[LTTR_KA_MARK_NEXT] = { "marker-next", "Marks", "cursor to the next marker or bookmark" },
	[LTTR_KA_MARK_PREV] = { "marker-previous", "Marks",
		"cursor to the previous marker or bookmark" },
	[LTTR_KA_BOOKMARK] = { "bookmark", "Marks",
		"bookmark the cursor (saved in TRACE/bookmarks.json)" },
	[LTTR_KA_BOOKMARKS] = { "bookmarks", "Marks", "the bookmarks: go to one, delete one" },
	[LTTR_KA_BOOKMARK_GO] = { "bookmark-go", "Marks", "go to the bookmark selected" },
	[LTTR_KA_BOOKMARK_DELETE] = { "bookmark-delete", "Marks",
		"delete the bookmark selected" },
	[LTTR_KA_HOP_PREV] = { "hop-previous", "Paths", "previous hop of the path shown" },
	[LTTR_KA_HOP_NEXT] = { "hop-next", "Paths", "next hop of the path shown" },
	[LTTR_KA_PATTERN_PREV] = { "pattern-previous", "Paths", "previous pattern" },
	[LTTR_KA_PATTERN_NEXT] = { "pattern-next", "Paths", "next pattern" },
	[LTTR_KA_PATHS_SHOW] = { "hop-show", "Paths",
		"the hop's representative call in the control flow" },
	[LTTR_KA_PATHS_ORDER] = { "patterns-order", "Paths", "patterns by count or by total latency" },
	[LTTR_KA_PATHS_ALGO] = { "paths-algorithm", "Paths",
		"the convolution algorithm, or nesting again" },
	[LTTR_KA_PATHS_AGAIN] = { "paths-again", "Paths", "search for the paths again" },
	[LTTR_KA_LAT_KIND] = { "latency-kind", "Latency",
		"the next kind: wakeup, irq, softirq, syscall, timer" },
	[LTTR_KA_LAT_THRESHOLD] = { "latency-threshold", "Latency",
		"a threshold: the instances over it counted" },
	[LTTR_KA_LAT_OPEN] = { "latency-group", "Latency",
		"a group: histogram, worst instances, the one selected explained" },
	[LTTR_KA_LAT_SHOW] = { "latency-show", "Latency",
		"the selected instance in view 1 (2 for irq, softirq)" },
	[LTTR_KA_LAT_EXPLAIN] = { "latency-explain", "Latency", "explain the worst instances again" },
	[LTTR_KA_LAT_CRITPATH] = { "latency-critical-path", "Latency",
		"the critical path of the task over the instance" },
	[LTTR_KA_CRITPATH] = { "critical-path", "Critical path",
		"the critical path of the selected task (1, 3, a process page)" },
	[LTTR_KA_CP_SHOW] = { "critical-path-show", "Critical path",
		"the segment selected, shown in view 1" },
	[LTTR_KA_STACKS] = { "stacks", "Stacks",
		"the call stacks of A-B (else the visible window): a call tree (the window: a flame graph)" },
	[LTTR_KA_STACK_TOGGLE] = { "stack-expand", "Stacks", "expand or collapse the frame selected" },
	[LTTR_KA_STACK_SEARCH] = { "stack-search", "Stacks",
		"search the frames for a text (n: the next one)" },
	[LTTR_KA_STACK_KIND] = { "stack-kind", "Stacks", "off-CPU stacks or wakeup stacks" },
	[LTTR_KA_STACK_INVERT] = { "stack-invert", "Stacks",
		"the tree top down (main first) or inverted (where they wait first)" },
	[LTTR_KA_LESSON_NEXT] = { "lesson-next", "Lesson",
		"the lesson's next step: its moment, its rows (--lesson)" },
	[LTTR_KA_LESSON_PREV] = { "lesson-previous", "Lesson", "the lesson's previous step" },
	[LTTR_KA_DIFF_EXPLAIN] = { "diff-explain", "Diff",
		"the selected process's parts and its worst instance explained (Esc back)" },
	[LTTR_KA_FIRING_OPEN] = { "firing-open", "Audit",
		"the selected firing's snapshot in the control flow: its instance in the window, "
		"its blamed tasks highlighted, its explanation below (q back to the firings)" },
	[LTTR_KA_LIVE_FOLLOW] = { "live-follow", "Live",
		"follow the present again: the newest events at the bottom as they come "
		"(Up, PgUp, Home keep the window where it is)" },
	[LTTR_KA_JOBS] = { "jobs", "Jobs",
		"the jobs of the application markers: per name a graph and a table of its "
		"instances, and the CPU load (the window: the Jobs tab)" },
	[LTTR_KA_JOB_NAME] = { "job-name", "Jobs", "the next job name" },
	[LTTR_KA_JOB_DEADLINE] = { "job-deadline", "Jobs",
		"a deadline: its line on the graph, the instances over it missed" },
	[LTTR_KA_JOB_SHOW] = { "job-show", "Jobs",
		"the control flow zoomed to the instance selected, its task's row selected" },
	[LTTR_KA_JOB_LOAD_SPAN] = { "job-load-span", "Jobs",
		"the CPU load over the control flow's window, or again over the whole trace "
		"(its title says which)" },
	[LTTR_KA_VITALS_OPEN] = { "vitals-trace", "Vital signs",
		"the full trace's window of the epoch selected, its vital signs as the "
		"lesson under it (q back)" },
	[LTTR_KA_VITALS_NEXT] = { "vitals-anomaly-next", "Vital signs",
		"the next column with an anomaly" },
	[LTTR_KA_VITALS_PREV] = { "vitals-anomaly-previous", "Vital signs",
		"the previous column with an anomaly" },
	[LTTR_KA_VITALS_SCALE] = { "vitals-timescale", "Vital signs",
		"the next timescale: epochs, 5 min, 1 h, 1 day" },
};

#define K(...)	{ __VA_ARGS__ }
#define T	LTTR_KF_TUI
#define G	LTTR_KF_GTK
#define TG	LTTR_KF_BOTH
#define CTRL(c)	(LTTR_KEY_CTRL | (c))

/* what is not a page that lists (bookmarks, a latency group, a critical path) */
#define LISTS	(LTTR_KW_P_BOOKMARKS | LTTR_KW_P_LATGROUP | LTTR_KW_P_CRITPATH | LTTR_KW_P_STACKS)
/* the views and pages whose lines j k move (view 7: its hops) */
#define ROWED	(LTTR_KW_ALL & ~LTTR_KW_PATHS)
#define DIFF	LTTR_KW_DIFF
#define HOSTS	LTTR_KW_HOSTS
#define FIRINGS	LTTR_KW_FIRINGS
#define LIVE	LTTR_KW_LIVE
#define VITALS	LTTR_KW_VITALS

static const struct lttr_keybind table[] = {
	{ LTTR_KA_VIEW_1, K('1'), TG, LTTR_KW_ALL },
	{ LTTR_KA_VIEW_2, K('2'), TG, LTTR_KW_ALL },
	{ LTTR_KA_VIEW_3, K('3'), TG, LTTR_KW_ALL },
	{ LTTR_KA_VIEW_4, K('4'), TG, LTTR_KW_ALL },
	{ LTTR_KA_VIEW_5, K('5'), T, LTTR_KW_ALL },
	{ LTTR_KA_VIEW_6, K('6'), TG, LTTR_KW_ALL },
	{ LTTR_KA_VIEW_7, K('7'), TG, LTTR_KW_ALL },
	{ LTTR_KA_VIEW_8, K('8'), TG, LTTR_KW_ALL },
	{ LTTR_KA_VIEW_NEXT, K(LTTR_KEY_TAB), T, LTTR_KW_ALL },
	{ LTTR_KA_VIEW_PREV, K(LTTR_KEY_BTAB), T, LTTR_KW_ALL },
	{ LTTR_KA_OPEN, K(LTTR_KEY_ENTER), T, LTTR_KW_GRAPHS | LTTR_KW_PROCS | LTTR_KW_SYSCALLS },
	{ LTTR_KA_CLOSE, K(LTTR_KEY_ESC), T, LTTR_KW_ALL | DIFF | HOSTS },
	{ LTTR_KA_HELP, K('?'), TG, LTTR_KW_ALL },
	{ LTTR_KA_WARNINGS, K('W'), T, LTTR_KW_ALL },
	{ LTTR_KA_TABLES, K('t'), T, LTTR_KW_ALL },
	{ LTTR_KA_QUIT, K('q'), T, LTTR_KW_ALL | DIFF | HOSTS | FIRINGS | LIVE | VITALS },
	{ LTTR_KA_QUIT, K(CTRL('q')), G, LTTR_KW_ALL | LIVE },
	{ LTTR_KA_REDRAW, K(CTRL('l')), T, LTTR_KW_ALL },
	{ LTTR_KA_OPEN_TRACE, K(CTRL('o')), G, LTTR_KW_ALL },
	{ LTTR_KA_OPEN_TAB, K(CTRL('t')), G, LTTR_KW_ALL },
	{ LTTR_KA_EXPORT, K(CTRL('e')), G, LTTR_KW_ALL },
	{ LTTR_KA_CLOSE_TAB, K(CTRL('w')), G, LTTR_KW_ALL },
	{ LTTR_KA_OPEN_AUDIT, K(CTRL('u')), G, LTTR_KW_ALL },

	{ LTTR_KA_COL_PREV, K('h'), TG, LTTR_KW_GRAPHS },
	{ LTTR_KA_COL_NEXT, K('l'), TG, LTTR_KW_GRAPHS },
	{ LTTR_KA_COL10_PREV, K('H'), TG, LTTR_KW_GRAPHS },
	{ LTTR_KA_COL10_NEXT, K('L'), TG, LTTR_KW_GRAPHS },
	{ LTTR_KA_ZOOM_IN, K('+', '=', 'w'), TG, LTTR_KW_ALL | HOSTS },
	{ LTTR_KA_ZOOM_OUT, K('-', 's'), TG, LTTR_KW_ALL | HOSTS },
	{ LTTR_KA_PAN_LEFT, K('a'), TG, LTTR_KW_ALL | HOSTS },
	{ LTTR_KA_PAN_RIGHT, K('d'), TG, (LTTR_KW_ALL & ~LTTR_KW_P_BOOKMARKS) | HOSTS },
	{ LTTR_KA_ALL, K('0'), TG, LTTR_KW_ALL | HOSTS },
	{ LTTR_KA_ZOOM_SEL, K('z'), TG, LTTR_KW_ALL },
	{ LTTR_KA_START, K(LTTR_KEY_HOME), TG, LTTR_KW_ALL | HOSTS | LIVE | VITALS },
	{ LTTR_KA_END, K(LTTR_KEY_END), TG, LTTR_KW_ALL | HOSTS | VITALS },
	{ LTTR_KA_GOTO, K('g'), T,
	  LTTR_KW_ALL & ~(LTTR_KW_P_LATGROUP | LTTR_KW_P_CRITPATH | LTTR_KW_P_JOBS) },

	{ LTTR_KA_ROW_PREV, K(LTTR_KEY_UP, 'k'), TG,
	  ROWED | DIFF | HOSTS | FIRINGS | LIVE | VITALS },
	{ LTTR_KA_ROW_NEXT, K(LTTR_KEY_DOWN, 'j'), TG,
	  ROWED | DIFF | HOSTS | FIRINGS | LIVE | VITALS },
	{ LTTR_KA_PAGE_PREV, K(LTTR_KEY_PGUP), T, ROWED | DIFF | HOSTS | FIRINGS | LIVE },
	{ LTTR_KA_PAGE_NEXT, K(LTTR_KEY_PGDN), T, ROWED | DIFF | HOSTS | FIRINGS | LIVE },
	{ LTTR_KA_STATE_PREV, K(LTTR_KEY_LEFT), TG, LTTR_KW_GRAPHS },
	{ LTTR_KA_STATE_NEXT, K(LTTR_KEY_RIGHT), TG, LTTR_KW_GRAPHS },
	{ LTTR_KA_EVENT_PREV, K('['), TG, LTTR_KW_GRAPHS },
	{ LTTR_KA_EVENT_NEXT, K(']'), TG, LTTR_KW_GRAPHS },
	{ LTTR_KA_SORT_PREV, K('<'), T, LTTR_KW_PROCS | LTTR_KW_SYSCALLS | LTTR_KW_LATENCY | DIFF },
	{ LTTR_KA_SORT_NEXT, K('>'), T, LTTR_KW_PROCS | LTTR_KW_SYSCALLS | LTTR_KW_LATENCY | DIFF },
	{ LTTR_KA_SORT_INVERT, K('I'), T, LTTR_KW_PROCS | LTTR_KW_SYSCALLS | LTTR_KW_LATENCY | DIFF },
	{ LTTR_KA_COLS_LEFT, K(LTTR_KEY_LEFT, 'h'), T, LTTR_KW_PROCS | DIFF },
	{ LTTR_KA_COLS_RIGHT, K(LTTR_KEY_RIGHT, 'l'), T, LTTR_KW_PROCS | DIFF },
	{ LTTR_KA_ACTIVE, K('A'), TG, LTTR_KW_ALL },
	{ LTTR_KA_ROW_ORDER, K('P'), TG, LTTR_KW_ALL },
	{ LTTR_KA_ROWS_BY_PID, K(CTRL('p')), G, LTTR_KW_ALL },
	{ LTTR_KA_IDLE_GROUP, K('i'), TG, LTTR_KW_ALL & ~LTTR_KW_P_STACKS },	/* there: invert */

	{ LTTR_KA_SEARCH, K('/', CTRL('f')), TG, LTTR_KW_ALL & ~LTTR_KW_P_STACKS },
	{ LTTR_KA_SEARCH_NEXT, K('n'), T, LTTR_KW_ALL },
	{ LTTR_KA_SEARCH_PREV, K('N'), T, LTTR_KW_ALL },
	{ LTTR_KA_FILTER, K('f'), TG, LTTR_KW_ALL },
	{ LTTR_KA_FILTERS, K(CTRL('l')), G, LTTR_KW_ALL },
	{ LTTR_KA_FILTER_HIDE, K('F'), T, LTTR_KW_ALL },
	{ LTTR_KA_PRED, K('p'), TG, LTTR_KW_ALL | HOSTS },
	{ LTTR_KA_PRED_NEXT, K(')'), TG, LTTR_KW_ALL | HOSTS },
	{ LTTR_KA_PRED_PREV, K('('), TG, LTTR_KW_ALL | HOSTS },

	{ LTTR_KA_MARK_A, K('m'), TG, LTTR_KW_ALL },
	{ LTTR_KA_MARK_B, K('M'), TG, LTTR_KW_ALL },
	{ LTTR_KA_MARK_NEXT, K('.'), TG, LTTR_KW_ALL },
	{ LTTR_KA_MARK_PREV, K(','), TG, LTTR_KW_ALL },
	{ LTTR_KA_BOOKMARK, K('b'), TG, LTTR_KW_ALL },
	{ LTTR_KA_BOOKMARKS, K('B'), TG, LTTR_KW_ALL },
	{ LTTR_KA_BOOKMARK_GO, K(LTTR_KEY_ENTER), T, LTTR_KW_P_BOOKMARKS },
	{ LTTR_KA_BOOKMARK_DELETE, K('d'), T, LTTR_KW_P_BOOKMARKS },

	{ LTTR_KA_HOP_PREV, K(LTTR_KEY_UP, 'k'), T, LTTR_KW_PATHS },
	{ LTTR_KA_HOP_NEXT, K(LTTR_KEY_DOWN, 'j'), T, LTTR_KW_PATHS },
	{ LTTR_KA_PATTERN_PREV, K('[', LTTR_KEY_PGUP), T, LTTR_KW_PATHS },
	{ LTTR_KA_PATTERN_NEXT, K(']', LTTR_KEY_PGDN), T, LTTR_KW_PATHS },
	{ LTTR_KA_PATHS_SHOW, K(LTTR_KEY_ENTER), T, LTTR_KW_PATHS },
	{ LTTR_KA_PATHS_ORDER, K('o'), T, LTTR_KW_PATHS },
	{ LTTR_KA_PATHS_ALGO, K('c'), T, LTTR_KW_PATHS },
	{ LTTR_KA_PATHS_AGAIN, K('r'), T, LTTR_KW_PATHS },

	{ LTTR_KA_LAT_KIND, K('K'), T, LTTR_KW_LATENCY },
	{ LTTR_KA_LAT_THRESHOLD, K('T'), T, LTTR_KW_LATENCY },
	{ LTTR_KA_LAT_OPEN, K(LTTR_KEY_ENTER), T, LTTR_KW_LATENCY },
	{ LTTR_KA_LAT_SHOW, K(LTTR_KEY_ENTER, 'g'), T, LTTR_KW_P_LATGROUP },
	{ LTTR_KA_LAT_EXPLAIN, K('e'), T, LTTR_KW_P_LATGROUP },
	{ LTTR_KA_LAT_CRITPATH, K('C'), T, LTTR_KW_P_LATGROUP },
	{ LTTR_KA_CRITPATH, K('C'), TG, LTTR_KW_ALL & ~LTTR_KW_P_LATGROUP },
	{ LTTR_KA_CP_SHOW, K(LTTR_KEY_ENTER, 'g'), T, LTTR_KW_P_CRITPATH },

	{ LTTR_KA_STACKS, K('S'), TG, LTTR_KW_ALL },
	{ LTTR_KA_STACK_TOGGLE, K(LTTR_KEY_ENTER), T, LTTR_KW_P_STACKS },
	{ LTTR_KA_STACK_SEARCH, K('/'), T, LTTR_KW_P_STACKS },
	{ LTTR_KA_STACK_KIND, K('K'), T, LTTR_KW_P_STACKS },
	{ LTTR_KA_STACK_INVERT, K('i'), T, LTTR_KW_P_STACKS },
	{ LTTR_KA_LESSON_NEXT, K('}'), TG, LTTR_KW_ALL },
	{ LTTR_KA_LESSON_PREV, K('{'), TG, LTTR_KW_ALL },
	{ LTTR_KA_DIFF_EXPLAIN, K(LTTR_KEY_ENTER), T, DIFF },
	{ LTTR_KA_FIRING_OPEN, K(LTTR_KEY_ENTER), TG, FIRINGS },
	{ LTTR_KA_LIVE_FOLLOW, K(LTTR_KEY_END), TG, LIVE },
	/* the window's live list pages itself: the keys say it leaves the present */
	{ LTTR_KA_PAGE_PREV, K(LTTR_KEY_PGUP), G, LIVE },
	{ LTTR_KA_JOBS, K('J'), TG, LTTR_KW_ALL },
	{ LTTR_KA_JOB_NAME, K('K'), T, LTTR_KW_P_JOBS },
	{ LTTR_KA_JOB_DEADLINE, K('T'), T, LTTR_KW_P_JOBS },
	{ LTTR_KA_JOB_SHOW, K(LTTR_KEY_ENTER, 'g'), T, LTTR_KW_P_JOBS },
	{ LTTR_KA_JOB_LOAD_SPAN, K('v'), T, LTTR_KW_P_JOBS },
	/* the vital signs: a column an epoch (or bucket), a row a vital sign */
	{ LTTR_KA_COL_PREV, K(LTTR_KEY_LEFT, 'h'), T, VITALS },
	{ LTTR_KA_COL_NEXT, K(LTTR_KEY_RIGHT, 'l'), T, VITALS },
	{ LTTR_KA_VITALS_OPEN, K(LTTR_KEY_ENTER), T, VITALS },
	{ LTTR_KA_VITALS_NEXT, K('.'), TG, VITALS },
	{ LTTR_KA_VITALS_PREV, K(','), TG, VITALS },
	{ LTTR_KA_VITALS_SCALE, K('t'), TG, VITALS },
};

#define NTABLE (sizeof(table) / sizeof(table[0]))

const struct lttr_keybind *lttr_keys_table(size_t *n)
{
	*n = NTABLE;
	return table;
}

const char *lttr_kaction_name(enum lttr_kaction a)
{
	return (unsigned int)a < LTTR_KA_COUNT && info[a].name ? info[a].name : "?";
}

const char *lttr_kaction_group(enum lttr_kaction a)
{
	return (unsigned int)a < LTTR_KA_COUNT && info[a].group ? info[a].group : "";
}

const char *lttr_kaction_help(enum lttr_kaction a)
{
	return (unsigned int)a < LTTR_KA_COUNT && info[a].help ? info[a].help : "";
}

static bool has_key(const struct lttr_keybind *b, int key)
{
	size_t i;

	for (i = 0; i < LTTR_KEYS_MAX && b->keys[i]; i++)
		if (b->keys[i] == key)
			return true;
	return false;
}

enum lttr_kaction lttr_keys_action(unsigned int front, unsigned int where, int key)
{
	size_t i;

	for (i = 0; i < NTABLE; i++)
		if ((table[i].fronts & front) && (table[i].where & where) && has_key(&table[i], key))
			return table[i].action;
	return LTTR_KA_NONE;
}

int lttr_keys_first(enum lttr_kaction a, unsigned int front)
{
	size_t i;

	for (i = 0; i < NTABLE; i++)
		if (table[i].action == a && (table[i].fronts & front))
			return table[i].keys[0];
	return 0;
}

const char *lttr_key_name(int key, char *buf, size_t size)
{
	static const char *const named[] = { "Left", "Right", "Up", "Down", "Home", "End", "PgUp",
		"PgDn", "Enter", "Esc", "Tab", "S-Tab" };

	if (key & LTTR_KEY_CTRL)
		snprintf(buf, size, "Ctrl+%c", (key & 0xff) >= 'a' && (key & 0xff) <= 'z' ?
			 (key & 0xff) - 'a' + 'A' : key & 0xff);
	else if (key & LTTR_KEY_ALT)
		snprintf(buf, size, "Alt+%c", key & 0xff);
	else if (key >= LTTR_KEY_LEFT && key <= LTTR_KEY_BTAB)
		snprintf(buf, size, "%s", named[key - LTTR_KEY_LEFT]);
	else if (key == ' ')
		snprintf(buf, size, "Space");
	else
		snprintf(buf, size, "%c", key);
	return buf;
}

const char *lttr_keybind_keys(const struct lttr_keybind *b, char *buf, size_t size)
{
	size_t i, n = 0;
	char k[16];

	buf[0] = '\0';
	for (i = 0; i < LTTR_KEYS_MAX && b->keys[i] && n < size; i++)
		n += (size_t)snprintf(buf + n, size - n, "%s%s", i ? " " : "",
				      lttr_key_name(b->keys[i], k, sizeof(k)));
	return buf;
}

const char *lttr_keybind_where(const struct lttr_keybind *b, char *buf, size_t size)
{
	size_t n = 0;
	unsigned int v;

	buf[0] = '\0';
	if ((b->where & LTTR_KW_VIEWS) == LTTR_KW_VIEWS)
		return buf;	/* everywhere */
	for (v = 0; v < 8 && n < size; v++)
		if (b->where & (1u << v))
			n += (size_t)snprintf(buf + n, size - n, "%s%u", n ? " " : "", v + 1);
	if ((b->where & LTTR_KW_PAGES) && n < size)
		n += (size_t)snprintf(buf + n, size - n, "%spage", n ? " " : "");
	if ((b->where & LTTR_KW_DIFF) && n < size)
		n += (size_t)snprintf(buf + n, size - n, "%sdiff", n ? " " : "");
	if ((b->where & LTTR_KW_HOSTS) && n < size)
		n += (size_t)snprintf(buf + n, size - n, "%shosts", n ? " " : "");
	if ((b->where & LTTR_KW_FIRINGS) && n < size)
		n += (size_t)snprintf(buf + n, size - n, "%sfirings", n ? " " : "");
	if ((b->where & LTTR_KW_LIVE) && n < size)
		n += (size_t)snprintf(buf + n, size - n, "%slive", n ? " " : "");
	if ((b->where & LTTR_KW_VITALS) && n < size)
		snprintf(buf + n, size - n, "%svitals", n ? " " : "");
	return buf;
}

size_t lttr_keys_check(char *msg, size_t size)
{
	size_t i, j, k, clashes = 0;
	char kn[16];

	if (size)
		msg[0] = '\0';
	for (i = 0; i < NTABLE; i++)
		for (j = i + 1; j < NTABLE; j++) {
			if (!(table[i].fronts & table[j].fronts) || !(table[i].where & table[j].where))
				continue;
			for (k = 0; k < LTTR_KEYS_MAX && table[j].keys[k]; k++) {
				if (!has_key(&table[i], table[j].keys[k]))
					continue;
				if (!clashes++ && size)
					snprintf(msg, size, "%s is both %s and %s (where 0x%x, %s)",
						 lttr_key_name(table[j].keys[k], kn, sizeof(kn)),
						 lttr_kaction_name(table[i].action),
						 lttr_kaction_name(table[j].action),
						 table[i].where & table[j].where,
						 (table[i].fronts & table[j].fronts) == LTTR_KF_BOTH ?
						 "both front ends" : (table[i].fronts & table[j].fronts &
						 LTTR_KF_TUI) ? "the TUI" : "the window");
			}
		}
	return clashes;
}

size_t lttr_keys_markdown(char *buf, size_t size)
{
	size_t i, n;
	char keys[64], where[64];

#define OUT(...) do { int r_ = snprintf(buf + (n < size ? n : size), n < size ? size - n : 0, \
					__VA_ARGS__); n += r_ > 0 ? (size_t)r_ : 0; } while (0)
	n = 0;
	OUT("| key | action | TUI | window |\n|---|---|---|---|\n");
	for (i = 0; i < NTABLE; i++) {
		const struct lttr_keybind *b = &table[i];
		size_t k;

		keys[0] = '\0';
		for (k = 0; k < LTTR_KEYS_MAX && b->keys[k]; k++) {
			char kn[16];
			size_t l = strlen(keys);

			snprintf(keys + l, sizeof(keys) - l, "%s`%s`", k ? " " : "",
				 lttr_key_name(b->keys[k], kn, sizeof(kn)));
		}
		lttr_keybind_where(b, where, sizeof(where));
		OUT("| %s | %s | %s | %s |\n", keys, lttr_kaction_help(b->action),
		    !(b->fronts & LTTR_KF_TUI) ? "-" : where[0] ? where : "all",
		    b->fronts & LTTR_KF_GTK ? "yes" : "-");
	}
#undef OUT
	return n;
}
