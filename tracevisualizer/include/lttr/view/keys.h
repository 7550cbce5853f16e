/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/view/keys.h - the one keymap of the front ends: which key does
 * what, where, in the terminal analyzer (tracevisualizer tui) and in the
 * window (tracevisualizer-gtk).
 *
 * Each front end turns a key press into an lttr key code (lttr_key_*
 * below), asks lttr_keys_action() which action it is there, and does it
 * with its own widgets; its help page (the TUI's ?, the window's Keys
 * sheet) lists lttr_keys_table(), and docs/views.md holds the same table
 * (lttr_keys_markdown(), checked by utest/test-keys.c).
 *
 * The habits are Trace Compass's where it and KernelShark agree (+ -
 * zoom; Trace Compass's w a s d zoom and pan, Left Right to the previous
 * and next state change of the selected row, . , to the next and
 * previous marker, z zooms to the selection), and a terminal's where the
 * window has none (h l one column, j k rows, / search).
 */
#ifndef LTTR_VIEW_KEYS_H
#define LTTR_VIEW_KEYS_H

#include <stdbool.h>
#include <stddef.h>

/* key codes: a printable ASCII character is itself */
enum lttr_key {
	LTTR_KEY_LEFT = 0x100,
	LTTR_KEY_RIGHT,
	LTTR_KEY_UP,
	LTTR_KEY_DOWN,
	LTTR_KEY_HOME,
	LTTR_KEY_END,
	LTTR_KEY_PGUP,
	LTTR_KEY_PGDN,
	LTTR_KEY_ENTER,
	LTTR_KEY_ESC,
	LTTR_KEY_TAB,
	LTTR_KEY_BTAB,		/* Shift+Tab */
};
/* a letter with Ctrl: LTTR_KEY_CTRL | 'f' (the letter in lower case) */
#define LTTR_KEY_CTRL	0x1000
/* with Alt (the window's menus): LTTR_KEY_ALT | '1' */
#define LTTR_KEY_ALT	0x2000

/* the front ends */
#define LTTR_KF_TUI	1u
#define LTTR_KF_GTK	2u
#define LTTR_KF_BOTH	(LTTR_KF_TUI | LTTR_KF_GTK)

/*
 * Where a binding holds: the TUI's views and pages, a bit each (the
 * window is "the graphs", LTTR_KW_FLOW: its keys act on the shared
 * window and cursor whatever tab is shown).
 */
enum lttr_kwhere_bit {
	LTTR_KW_FLOW = 1u << 0,		/* view 1, control flow (the window's graphs) */
	LTTR_KW_RES = 1u << 1,		/* 2, resources */
	LTTR_KW_PROCS = 1u << 2,	/* 3 */
	LTTR_KW_SYSCALLS = 1u << 3,	/* 4 */
	LTTR_KW_IRQS = 1u << 4,		/* 5 */
	LTTR_KW_EVENTS = 1u << 5,	/* 6 */
	LTTR_KW_PATHS = 1u << 6,	/* 7 */
	LTTR_KW_LATENCY = 1u << 7,	/* 8 */
	LTTR_KW_P_HELP = 1u << 8,	/* the pages over a view */
	LTTR_KW_P_WARNINGS = 1u << 9,
	LTTR_KW_P_PROCESS = 1u << 10,
	LTTR_KW_P_SYSCALL = 1u << 11,
	LTTR_KW_P_BOOKMARKS = 1u << 12,
	LTTR_KW_P_LATGROUP = 1u << 13,
	LTTR_KW_P_CRITPATH = 1u << 14,
	LTTR_KW_P_STACKS = 1u << 15,	/* the call stacks' tree */
};
/* "tracevisualizer tui --diff A B": the diff of two runs, a screen of its own */
#define LTTR_KW_DIFF	(1u << 16)
/* the TUI's screen of several hosts (tui/hosts.c: a merged set, or several traces) */
#define LTTR_KW_HOSTS	(1u << 17)
/* "tracevisualizer tui --audit DIR": the firings of a traced --rules session (the
 * window: its Firings window) */
#define LTTR_KW_FIRINGS	(1u << 18)
/* "tracevisualizer tui --live DIR": a running session's events, a screen of its own */
#define LTTR_KW_LIVE	(1u << 19)
/* the jobs page (J): the application markers' jobs, the CPU load */
#define LTTR_KW_P_JOBS	(1u << 20)
/* "tracevisualizer tui --vitals DIR": the vital signs over time, a screen of
 * its own (the window has no such view yet) */
#define LTTR_KW_VITALS	(1u << 21)
#define LTTR_KW_GRAPHS	(LTTR_KW_FLOW | LTTR_KW_RES)
#define LTTR_KW_VIEWS	0xffu
#define LTTR_KW_PAGES	(0xff00u | LTTR_KW_P_JOBS)
#define LTTR_KW_ALL	(LTTR_KW_VIEWS | LTTR_KW_PAGES)
#define LTTR_KW_NBITS	22

/* what a key does */
enum lttr_kaction {
	LTTR_KA_NONE,
	/* views */
	LTTR_KA_VIEW_1, LTTR_KA_VIEW_2, LTTR_KA_VIEW_3, LTTR_KA_VIEW_4,
	LTTR_KA_VIEW_5, LTTR_KA_VIEW_6, LTTR_KA_VIEW_7, LTTR_KA_VIEW_8,
	LTTR_KA_VIEW_NEXT, LTTR_KA_VIEW_PREV,
	LTTR_KA_OPEN, LTTR_KA_CLOSE, LTTR_KA_HELP, LTTR_KA_WARNINGS,
	LTTR_KA_TABLES, LTTR_KA_QUIT, LTTR_KA_REDRAW,
	LTTR_KA_OPEN_TRACE, LTTR_KA_OPEN_TAB, LTTR_KA_EXPORT, LTTR_KA_CLOSE_TAB,
	LTTR_KA_OPEN_AUDIT,
	/* time */
	LTTR_KA_COL_PREV, LTTR_KA_COL_NEXT, LTTR_KA_COL10_PREV, LTTR_KA_COL10_NEXT,
	LTTR_KA_ZOOM_IN, LTTR_KA_ZOOM_OUT, LTTR_KA_PAN_LEFT, LTTR_KA_PAN_RIGHT,
	LTTR_KA_ALL, LTTR_KA_ZOOM_SEL, LTTR_KA_START, LTTR_KA_END, LTTR_KA_GOTO,
	/* rows */
	LTTR_KA_ROW_PREV, LTTR_KA_ROW_NEXT, LTTR_KA_PAGE_PREV, LTTR_KA_PAGE_NEXT,
	LTTR_KA_STATE_PREV, LTTR_KA_STATE_NEXT, LTTR_KA_EVENT_PREV, LTTR_KA_EVENT_NEXT,
	LTTR_KA_SORT_PREV, LTTR_KA_SORT_NEXT, LTTR_KA_SORT_INVERT,
	LTTR_KA_COLS_LEFT, LTTR_KA_COLS_RIGHT,
	LTTR_KA_ACTIVE, LTTR_KA_ROW_ORDER, LTTR_KA_ROWS_BY_PID, LTTR_KA_IDLE_GROUP,
	/* search */
	LTTR_KA_SEARCH, LTTR_KA_SEARCH_NEXT, LTTR_KA_SEARCH_PREV,
	LTTR_KA_FILTER, LTTR_KA_FILTER_HIDE, LTTR_KA_FILTERS,
	LTTR_KA_PRED, LTTR_KA_PRED_NEXT, LTTR_KA_PRED_PREV,
	/* marks */
	LTTR_KA_MARK_A, LTTR_KA_MARK_B, LTTR_KA_MARK_NEXT, LTTR_KA_MARK_PREV,
	LTTR_KA_BOOKMARK, LTTR_KA_BOOKMARKS, LTTR_KA_BOOKMARK_GO, LTTR_KA_BOOKMARK_DELETE,
	/* paths (view 7) */
	LTTR_KA_HOP_PREV, LTTR_KA_HOP_NEXT, LTTR_KA_PATTERN_PREV, LTTR_KA_PATTERN_NEXT,
	LTTR_KA_PATHS_SHOW, LTTR_KA_PATHS_ORDER, LTTR_KA_PATHS_ALGO, LTTR_KA_PATHS_AGAIN,
	/* latency (view 8) and critical paths */
	LTTR_KA_LAT_KIND, LTTR_KA_LAT_THRESHOLD, LTTR_KA_LAT_OPEN, LTTR_KA_LAT_SHOW,
	LTTR_KA_LAT_EXPLAIN, LTTR_KA_LAT_CRITPATH, LTTR_KA_CRITPATH, LTTR_KA_CP_SHOW,
	/* call stacks */
	LTTR_KA_STACKS, LTTR_KA_STACK_TOGGLE, LTTR_KA_STACK_SEARCH, LTTR_KA_STACK_KIND,
	LTTR_KA_STACK_INVERT,
	/* a lesson's steps (--lesson, lttr/view/lesson.h) */
	LTTR_KA_LESSON_NEXT, LTTR_KA_LESSON_PREV,
	/* the diff of two runs (tui --diff A B) */
	LTTR_KA_DIFF_EXPLAIN,
	/* the firings of an audit (tui --audit DIR) */
	LTTR_KA_FIRING_OPEN,
	/* a running session followed (tui --live DIR) */
	LTTR_KA_LIVE_FOLLOW,
	/* the jobs of the application markers and the CPU load */
	LTTR_KA_JOBS, LTTR_KA_JOB_NAME, LTTR_KA_JOB_DEADLINE, LTTR_KA_JOB_SHOW,
	LTTR_KA_JOB_LOAD_SPAN,
	LTTR_KA_VITALS_OPEN, LTTR_KA_VITALS_NEXT, LTTR_KA_VITALS_PREV,
	LTTR_KA_VITALS_SCALE,
	LTTR_KA_COUNT
};

/* one binding: these keys do @action in these front ends, there */
#define LTTR_KEYS_MAX 4
struct lttr_keybind {
	enum lttr_kaction action;
	int keys[LTTR_KEYS_MAX];	/* 0 after the last */
	unsigned int fronts;		/* LTTR_KF_* */
	unsigned int where;		/* LTTR_KW_*: the TUI's views and pages */
};

/* the table, in the help pages' order */
const struct lttr_keybind *lttr_keys_table(size_t *n);

/* an action's name ("zoom-in"), its group of the help pages ("Time"), what it does */
const char *lttr_kaction_name(enum lttr_kaction a);
const char *lttr_kaction_group(enum lttr_kaction a);
const char *lttr_kaction_help(enum lttr_kaction a);

/*
 * lttr_keys_action() - what @key does in front end @front (LTTR_KF_TUI or
 * LTTR_KF_GTK) in @where (one LTTR_KW_* bit; the window: LTTR_KW_FLOW)
 * Return: the action, LTTR_KA_NONE for a key not bound there.
 */
enum lttr_kaction lttr_keys_action(unsigned int front, unsigned int where, int key);

/* the first key of @action in @front (0: none), for the menus' accelerators */
int lttr_keys_first(enum lttr_kaction a, unsigned int front);

/* @key as a person reads it: "Left", "Ctrl+F", "S-Tab", ".", "Space" */
const char *lttr_key_name(int key, char *buf, size_t size);

/* the keys of @b as the help pages write them ("+ = w"), in @buf */
const char *lttr_keybind_keys(const struct lttr_keybind *b, char *buf, size_t size);

/* where @b holds in the TUI, as the help page writes it: "" (everywhere), "(1 2)", "(page)" */
const char *lttr_keybind_where(const struct lttr_keybind *b, char *buf, size_t size);

/*
 * lttr_keys_check() - two bindings of one key in one front end and one
 * place (a view or page) would make one of them unreachable.
 * Return: the number of such clashes; each is described in @msg (the first).
 */
size_t lttr_keys_check(char *msg, size_t size);

/*
 * lttr_keys_markdown() - the table as docs/views.md holds it (key, action,
 * TUI, window), a line each, into @buf.
 * Return: its length (as snprintf: more than @size - 1 when cut).
 */
size_t lttr_keys_markdown(char *buf, size_t size);

#endif
