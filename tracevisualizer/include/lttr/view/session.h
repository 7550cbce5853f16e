/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/view/session.h - one open trace as a front end shows it: the trace
 * and its view model, the time window, cursor and markers, the selection,
 * the filter, the bookmarks and the arrangement of the rows.  The terminal
 * and the window hold one each and change it only through its setters,
 * which check what they are given and return what changed (LTTR_SES_*
 * bits), so that a front end redraws that and nothing else.
 *
 * What persists lives beside the trace: the markers and bookmarks in
 * TRACEDIR/bookmarks.json (lttr/view/bookmarks.h, every front end), the
 * rest in TRACEDIR/session.json (the window's front end):
 *
 *   { "version": 1,
 *     "window": { "t0_ns": T, "t1_ns": T }, "cursor_ns": T,
 *     "selected_pid": P, "active_only": B, "row_sort": "pid"|"name"|"busy",
 *     "filter": { "expression": "...", "hide": B } | null,
 *     "predicate": "..." | null,
 *     "column_filters": { "time": "...", "type": "...", ... },
 *     "pane_position": PX, "graph_page": N, "table_page": N }
 *
 * Times are CLOCK_MONOTONIC ns, as in the events.  Every member is
 * optional; a member of the wrong type, a filter that does not compile, an
 * unknown row order or a number past an int is ignored and counted; a
 * window or cursor outside the trace is clamped or left as it was.  The
 * predicate of the predicate bar (docs/replay.md) is read into
 * @pred_saved, compiled but not replayed: the front end runs its pass
 * with its progress shown (lttr_session_restore_pred()).  The terminal
 * analyzer reads and writes that member only (lttr_session_load_pred(),
 * lttr_session_save_pred()), the rest of the file kept as it is.
 */
#ifndef LTTR_VIEW_SESSION_H
#define LTTR_VIEW_SESSION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <lttr/reader/error.h>
#include <lttr/view/viewport.h>
#include <lttr/view/bookmarks.h>

struct lttr_trace;
struct lttr_view;
struct lttr_account;
struct lttr_filter;
struct lttr_replay_hit;

/* what a setter changed */
#define LTTR_SES_WINDOW	0x01	/* the time window */
#define LTTR_SES_CURSOR	0x02	/* the cursor */
#define LTTR_SES_MARKS	0x04	/* markers, bookmarks */
#define LTTR_SES_SELECT	0x08	/* the selected task, row or span */
#define LTTR_SES_FILTER	0x10	/* the filter */
#define LTTR_SES_ROWS	0x20	/* which rows, in what order */
#define LTTR_SES_ALL	0xff

#define LTTR_SESSION_FILTER_MAX	512	/* a filter's text, with its NUL */
#define LTTR_SESSION_COLUMNS	16	/* column filters kept in session.json */
#define LTTR_SESSION_COLUMN_NAME 32

/**
 * struct lttr_session - the state the views of one trace share
 * @dir: the trace directory (a copy)
 * @open_flags: the LTTR_OPEN_* flags it was opened with
 * @t: the trace (the session closes it)
 * @v: its view model (the session frees it)
 * @a: the whole trace's accounting (the view model's)
 * @vp: window, cursor, markers A and B
 * @has_span: a span is selected (dragged over): @span_a..@span_b
 * @span_a: its start
 * @span_b: its end (> @span_a)
 * @sel_pid: the selected task (0: none)
 * @sel_cpu: the CPU of the selection (-1: none)
 * @sel_row: the view model's row selected (-1: none)
 * @bm: the bookmarks (and the markers as last saved)
 * @filter: the filter, or NULL
 * @filter_text: its text as typed (cut to LTTR_SESSION_FILTER_MAX - 1)
 * @filter_hide: hide what does not match (else dim it)
 * @active_only: graph rows active in the window only
 * @row_sort: the order of the control flow's rows (enum lttr_vsort)
 * @idle_open: the group row of the idle kernel threads is open
 * @pred_text: the predicate of the predicate bar (docs/replay.md), "" none
 * @pred_hits: the moments it becomes true over the whole trace, in time
 *	order (lttr_replay_hits())
 * @npred: their number
 * @pred_saved: a predicate read from a session file whose hits are not
 *	found yet (lttr_session_restore_pred()), "" none; kept in the file
 *	until a predicate is set (a canceled restore loses nothing)
 */
struct lttr_session {
	char *dir;
	unsigned int open_flags;
	struct lttr_trace *t;
	struct lttr_view *v;
	const struct lttr_account *a;
	struct lttr_viewport vp;
	bool has_span;
	uint64_t span_a;
	uint64_t span_b;
	uint32_t sel_pid;
	int sel_cpu;
	long sel_row;
	struct lttr_bookmarks bm;
	struct lttr_filter *filter;
	char filter_text[LTTR_SESSION_FILTER_MAX];
	bool filter_hide;
	bool active_only;
	unsigned int row_sort;
	bool idle_open;
	char pred_text[LTTR_SESSION_FILTER_MAX];
	struct lttr_replay_hit *pred_hits;
	size_t npred;
	char pred_saved[LTTR_SESSION_FILTER_MAX];
};

/**
 * struct lttr_session_layout - what session.json keeps of a front end's
 * widgets (the session itself does not use it)
 * @pane_position: the graphs' pane height in pixels (-1: none)
 * @graph_page: the graph shown (-1: none)
 * @table_page: the table shown (-1: none)
 * @has_columns: the file has column filters (possibly none set)
 * @ncolumns: how many of @column are set
 * @column: the column filters, by the column's title
 */
struct lttr_session_layout {
	int pane_position;
	int graph_page;
	int table_page;
	bool has_columns;
	size_t ncolumns;
	struct {
		char name[LTTR_SESSION_COLUMN_NAME];
		char text[LTTR_SESSION_FILTER_MAX];
	} column[LTTR_SESSION_COLUMNS];
};

/**
 * lttr_session_init() - a session of trace @t and its view model @v,
 * which it owns from then on: the span of the traced command in the
 * window (lttr_view_command_span(); the whole trace without a command),
 * the cursor at the window's start, nothing selected, no filter, no
 * bookmark, the first screen's row order, the idle kernel threads folded
 * @s: the session
 * @dir: the trace directory
 * @open_flags: the LTTR_OPEN_* flags @t was opened with
 * @t: the trace
 * @v: its view model
 *
 * Return: 0, or -1 when out of memory (@t and @v are then still the
 * caller's).
 */
int lttr_session_init(struct lttr_session *s, const char *dir, unsigned int open_flags,
		      struct lttr_trace *t, struct lttr_view *v);

/** lttr_session_free() - close the trace, free the rest @s: the session */
void lttr_session_free(struct lttr_session *s);

/** lttr_session_rel() - @t from the trace start (0 before it) @s: the session @t: a time */
uint64_t lttr_session_rel(const struct lttr_session *s, uint64_t t);

/*
 * The setters: each returns the LTTR_SES_* bits of what it changed (0:
 * nothing, also for a value refused).
 */
/* the cursor at @t (clamped), the window panned to show it */
unsigned int lttr_session_set_cursor(struct lttr_session *s, uint64_t t);
/* the window [@a, @b] (lttr_viewport_show()) */
unsigned int lttr_session_show(struct lttr_session *s, uint64_t a, uint64_t b);
unsigned int lttr_session_zoom(struct lttr_session *s, uint64_t num, uint64_t den);
unsigned int lttr_session_pan(struct lttr_session *s, int64_t num, int64_t den);
/* the whole trace in the window */
unsigned int lttr_session_all(struct lttr_session *s);
/*
 * the cursor @d columns (of @ncols across the window) away, at the first
 * nanosecond of its column (the keys h l H L of lttr/view/keys.h); past an
 * edge, the window pans a column per column
 */
unsigned int lttr_session_move_cols(struct lttr_session *s, int d, unsigned int ncols);
/* the narrowest window (a column per nanosecond): the next zoom or window
 * keeps to it (the window shown is left as it is) */
void lttr_session_set_min_span(struct lttr_session *s, uint64_t min_span);
/* the window around [@start, @end] (half its width on each side, at least
 * 1 us), the cursor at @start, task @pid selected (0: the selection kept) */
unsigned int lttr_session_show_span(struct lttr_session *s, uint64_t start, uint64_t end,
				    uint32_t pid);
/* marker A (0) or B (1) at the cursor */
unsigned int lttr_session_set_mark(struct lttr_session *s, unsigned int which);
/* task @pid selected (0: none), its row found; @cpu its CPU (-1: none) */
unsigned int lttr_session_select_pid(struct lttr_session *s, uint32_t pid, int cpu);
/* row @row of the view model selected (-1: none; a row past the last refused) */
unsigned int lttr_session_select_row(struct lttr_session *s, long row);
/* the span [@a, @b] selected (@a == @b: none) */
unsigned int lttr_session_select_span(struct lttr_session *s, uint64_t a, uint64_t b);
/*
 * the filter @text ("" or NULL: none), compiled; a text that is not a
 * filter leaves the filter as it was and says why in @err (the return
 * is then 0 and @err->code set; @err->code is 0 otherwise)
 */
unsigned int lttr_session_set_filter(struct lttr_session *s, const char *text,
				     struct lttr_error *err);
unsigned int lttr_session_set_filter_hide(struct lttr_session *s, bool hide);
unsigned int lttr_session_set_active_only(struct lttr_session *s, bool on);
/* enum lttr_vsort; a value past the last is refused */
unsigned int lttr_session_set_row_sort(struct lttr_session *s, unsigned int sort);
/* the group row of the idle kernel threads open (its members shown) or closed */
unsigned int lttr_session_set_idle_open(struct lttr_session *s, bool open);
/* a bookmark @name at @t (replacing one of that name); -1 out of memory */
long lttr_session_bookmark_add(struct lttr_session *s, const char *name, uint64_t t,
			       unsigned int *what);
unsigned int lttr_session_bookmark_remove(struct lttr_session *s, size_t i);

/**
 * lttr_session_row_shown() - whether view-model row @row is drawn under
 * the filter
 * @s: the session
 * @row: the row
 * @dim: receives whether it is drawn dimmed (does not match)
 *
 * Return: false when the filter hides it.
 */
bool lttr_session_row_shown(const struct lttr_session *s, size_t row, bool *dim);

/**
 * lttr_session_set_pred() - the predicate bar's predicate: an expression
 * of the replay's language (docs/replay.md), its hits over the whole
 * trace found by one replay pass from the start (lttr_replay_hits(): the
 * view model's checkpoints hold the rows' positions and sums, not the
 * replay's state, so no pass can start from one); the next and previous
 * hits are then looked up in them, with no pass
 * @s: the session
 * @text: the predicate ("" or NULL: none)
 * @progress: the pass's progress (may be NULL); non-zero cancels
 * @arg: its argument
 * @err: receives why a text is refused (LTTR_E_INVAL "1:COL: ...") or
 *	the pass canceled (LTTR_E_CANCELED): the predicate and its hits are
 *	then as they were (the return is 0 and @err->code set)
 *
 * Return: LTTR_SES_MARKS when the predicate changed, else 0.
 */
unsigned int lttr_session_set_pred(struct lttr_session *s, const char *text,
				   int (*progress)(void *arg, unsigned int permille), void *arg,
				   struct lttr_error *err);

/**
 * lttr_session_restore_pred() - lttr_session_set_pred() of the predicate
 * a session file held (@s->pred_saved), which is then forgotten unless
 * the pass is canceled
 * @s: the session
 * @progress: the pass's progress (may be NULL); non-zero cancels
 * @arg: its argument
 * @err: as lttr_session_set_pred()'s
 *
 * Return: LTTR_SES_MARKS when the predicate changed, else 0 (also with
 * nothing saved).
 */
unsigned int lttr_session_restore_pred(struct lttr_session *s,
				       int (*progress)(void *arg, unsigned int permille), void *arg,
				       struct lttr_error *err);

/**
 * lttr_session_pred_kept() - the predicate a session file gets: the one
 * set, else the one read and not restored yet
 * @s: the session
 *
 * Return: the text, "" for none.
 */
const char *lttr_session_pred_kept(const struct lttr_session *s);

/**
 * lttr_session_load_pred() - read only the predicate of
 * TRACEDIR/session.json into @s->pred_saved (the terminal analyzer's)
 * @s: the session
 * @err: why not ("PATH: why", "PATH: predicate: 1:COL: ...")
 *
 * Return: 1 when a predicate was read, 0 when there is none (no file, no
 * member, null or ""), or a negative enum lttr_errcode (nothing read):
 * a file that cannot be read or is not a session file, a predicate that
 * is not text or does not compile.
 */
int lttr_session_load_pred(struct lttr_session *s, struct lttr_error *err);

/**
 * lttr_session_save_pred() - TRACEDIR/session.json's predicate replaced
 * by lttr_session_pred_kept(), its other members kept as they are (a new
 * file when there is none)
 * @s: the session
 * @err: why not ("PATH: why"); a file that is not a session file is not
 *	replaced
 *
 * Return: 0 or a negative enum lttr_errcode (the file as it was).
 */
int lttr_session_save_pred(const struct lttr_session *s, struct lttr_error *err);

/**
 * lttr_session_pred_step() - the predicate's nearest hit after (@dir > 0)
 * or before the cursor (a hit at the cursor's time is neither)
 * @s: the session
 * @dir: the direction
 * @t: receives its time
 *
 * Return: its index in @s->pred_hits, or -1 when there is none.
 */
long lttr_session_pred_step(const struct lttr_session *s, int dir, uint64_t *t);

/**
 * lttr_session_pred_in() - the predicate's hits in [@a, @b]: the time axis's marks
 * @s: the session
 * @a: from (absolute ns)
 * @b: to, included
 * @first: receives the index of the first in @s->pred_hits
 *
 * Return: how many.
 */
size_t lttr_session_pred_in(const struct lttr_session *s, uint64_t a, uint64_t b, size_t *first);

/**
 * lttr_session_next_mark() - the nearest marker or bookmark after (@dir
 * > 0) or before the cursor
 * @s: the session
 * @dir: the direction
 * @t: receives its time
 *
 * Return: false when there is none.
 */
bool lttr_session_next_mark(const struct lttr_session *s, int dir, uint64_t *t);

/**
 * lttr_session_load_marks() - read TRACEDIR/bookmarks.json into the
 * bookmarks and the markers
 * @s: the session
 * @err: why the file could not be read
 *
 * Return: 0 (also with no file), or a negative enum lttr_errcode: no
 * bookmark then, and the file is kept as bookmarks.json.damaged at the
 * next save.
 */
int lttr_session_load_marks(struct lttr_session *s, struct lttr_error *err);

/**
 * lttr_session_marks_saved() - whether the markers are as last read or saved
 * @s: the session
 *
 * Return: true when bookmarks.json holds the markers of @s->vp.
 */
bool lttr_session_marks_saved(const struct lttr_session *s);

/**
 * lttr_session_save_marks() - write the bookmarks and the markers to
 * TRACEDIR/bookmarks.json
 * @s: the session
 * @err: why not
 *
 * Return: 0 or a negative enum lttr_errcode (nothing in memory lost).
 */
int lttr_session_save_marks(struct lttr_session *s, struct lttr_error *err);

/**
 * lttr_session_parse() - apply the text of a session file to @s and @lay
 * @s: the session
 * @text: the file's text
 * @len: its length
 * @lay: receives the layout (members absent: -1, no columns)
 * @nbad: receives how many members were ignored (wrong type or value)
 * @err: why the text is not a session file
 *
 * The window, then the cursor (without moving the window), the selected
 * task, the rows and the filter; what is not valid is left as it was.
 *
 * Return: 0 (with *@nbad members ignored), or LTTR_E_FORMAT when the
 * text is not a JSON object (nothing applied; @err says why).
 */
int lttr_session_parse(struct lttr_session *s, const char *text, size_t len,
		       struct lttr_session_layout *lay, int *nbad, struct lttr_error *err);

/**
 * lttr_session_load() - read TRACEDIR/session.json (lttr_session_parse())
 * @s: the session
 * @lay: receives the layout
 * @nbad: receives how many members were ignored
 * @err: why the file was not read ("PATH: why")
 *
 * Return: 1 when read, 0 when there is none, or a negative enum
 * lttr_errcode (nothing applied).
 */
int lttr_session_load(struct lttr_session *s, struct lttr_session_layout *lay, int *nbad,
		      struct lttr_error *err);

/**
 * lttr_session_load_file() - lttr_session_load() from @file, a session
 * file asked for by name (NULL: TRACEDIR/session.json)
 * @s: the session
 * @file: the file
 * @lay: receives the layout
 * @nbad: receives how many members were ignored
 * @err: why the file was not read ("PATH: why")
 *
 * Return: as lttr_session_load(), but a @file that does not exist is an
 * error (LTTR_E_IO), not 0.
 */
int lttr_session_load_file(struct lttr_session *s, const char *file,
			   struct lttr_session_layout *lay, int *nbad, struct lttr_error *err);

/**
 * lttr_session_save() - write TRACEDIR/session.json (a new file renamed
 * over the old one: a failure leaves the old one whole)
 * @s: the session
 * @lay: the layout to keep with it (NULL: none)
 * @err: why not ("PATH: why")
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_session_save(const struct lttr_session *s, const struct lttr_session_layout *lay,
		      struct lttr_error *err);

/** lttr_session_layout_init() - a layout with nothing set @lay: the layout */
void lttr_session_layout_init(struct lttr_session_layout *lay);

/**
 * lttr_session_layout_column() - set column filter @name to @text in @lay
 * @lay: the layout
 * @name: the column's title
 * @text: its filter ("" none)
 *
 * Return: 0, or -1 when @lay holds LTTR_SESSION_COLUMNS already.
 */
int lttr_session_layout_column(struct lttr_session_layout *lay, const char *name,
			       const char *text);

/** lttr_session_layout_find() - the filter of column @name in @lay, or NULL */
const char *lttr_session_layout_find(const struct lttr_session_layout *lay, const char *name);

#endif /* LTTR_VIEW_SESSION_H */
