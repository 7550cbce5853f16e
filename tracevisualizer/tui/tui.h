/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tui.h - the terminal front end, "tracevisualizer tui": eight views over
 * the view model, the accounting, the causal paths and the timing analyses
 * of the reader library, one shared time cursor and window.  It draws;
 * every figure it shows comes from the library (lttr_view_*, struct
 * lttr_account, lttr_paths_*, lttr_timing_compute() and the explanations
 * and critical paths), as the --json commands print them.
 */
#ifndef TRACEVISUALIZER_TUI_H
#define TRACEVISUALIZER_TUI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <curses.h>
#include <lttr/lttr.h>
#include <lttr/view/view.h>
#include <lttr/view/appmarks.h>
#include <lttr/view/viewport.h>
#include <lttr/view/filter.h>
#include <lttr/view/search.h>
#include <lttr/view/evlist.h>
#include <lttr/view/evwin.h>
#include <lttr/view/bookmarks.h>
#include <lttr/view/session.h>
#include <lttr/view/keys.h>
#include <lttr/view/lesson.h>

/*
 * What the terminal analyzer is started with (cli/cmd-tui.c fills it from
 * the command line): its own options, so that tui/ needs nothing of cli/.
 */
struct tui_opts {
	const char *prog;	/* the program's name, for messages */
	const char *dir;	/* the trace directory */
	bool salvage;		/* read what is intact of a damaged trace */
	unsigned int row_sort;	/* --rows: enum lttr_vsort of the control flow */
	bool no_view_cache;	/* --no-view-cache: neither read nor write the model's cache */
	const char *symfs;	/* --symfs: the ELF files under it (the stacks' frames) */
	const struct lttr_lesson *lesson;	/* --lesson: its steps as a pager, or NULL */
	bool nested;		/* run from another screen (tui --audit): LTTR_TUI_TIMING appended to */
};

/* tui_run()'s exit statuses besides 0 */
#define TUI_EXIT_TRACE 1	/* the trace could not be read */
#define TUI_EXIT_CANCELED 130	/* Esc while the view model was built */

enum tui_view {
	V_FLOW = 1,		/* control flow: task rows */
	V_RES,			/* resources: CPU, irq and softirq rows */
	V_PROCS,		/* the time accounting per process */
	V_SYSCALLS,		/* per syscall */
	V_IRQS,			/* per irq and softirq */
	V_EVENTS,		/* the raw events */
	V_PATHS,		/* the causal paths through the messages (paths.c) */
	V_LATENCY,		/* the latency analyses (latency.c) */
	V_COUNT
};

/* pages shown over a view, closed with Esc */
enum tui_page {
	P_NONE,
	P_HELP,
	P_WARNINGS,
	P_PROCESS,		/* one process: its time, syscalls, timeline */
	P_SYSCALL,		/* one syscall: its histogram, who made it */
	P_BOOKMARKS,
	P_LATGROUP,		/* a latency group: histogram, worst, explained */
	P_CRITPATH,		/* a task's critical path */
	P_STACKS,		/* the call stacks of the window (stacks.c) */
	P_JOBS,			/* the jobs of the markers, the CPU load (jobs.c) */
};

/* a list of rows of the view model, as a graph view shows them */
struct tui_graph {
	size_t *rows;
	unsigned char *depth;
	size_t n;
	size_t sel;
	size_t top;
	unsigned char *active;	/* per row: 0 unknown, 1 idle, 2 active... */
	uint64_t active_t0;	/* ... in this window */
	uint64_t active_t1;
};

/* a table: selection, first row shown, sort column and order */
struct tui_table {
	size_t sel;
	size_t top;
	int sort;
	bool desc;
	int left;		/* scrolled columns (Left, Right): the first shown */
};

/* a row of the processes table: a process or one of its threads */
struct tui_prow {
	const struct lttr_acct_task *tk;
	bool thread;
};

/* the events view: what the screen shows */
struct tui_events {
	struct lttr_evwin w;	/* lines shown */
	size_t sel;
	uint64_t synced;	/* the cursor they were placed for */
	bool valid;
};

struct lttr_msgset;
struct lttr_paths;

/* the paths view: its results, what is selected */
struct tui_paths {
	bool computed;		/* searched for (or tried: @why) */
	bool convolution;	/* c: the convolution algorithm, else nesting */
	bool by_latency;	/* o: patterns by total latency, else count */
	char why[LTTR_ERRMSG_MAX + 32];	/* canceled or failed: why */
	struct lttr_msgset *s;
	struct lttr_paths *r;
	size_t pat;		/* the pattern (or convolution path) selected */
	size_t ptop;		/* the first shown */
	size_t hop;		/* the node selected in its tree */
	size_t top;		/* the first shown */
};
struct tui_lat;
struct tui_cp;
struct tui_stk;
struct tui_jobs;
struct lttr_stackidx;
struct lttr_syms;

/*
 * The terminal analyzer: the session of its trace (window, cursor,
 * markers, filter, bookmarks, rows: lttr/view/session.h, changed through
 * its setters) and the terminal's own state
 */
struct tui {
	const struct tui_opts *o;
	struct lttr_session s;
	const struct lttr_account *a;	/* the tables': the trace's, or @wa */
	struct lttr_account *wa;	/* t: the accounting of a window */
	enum tui_view view;
	enum tui_page page;
	int h;
	int w;
	bool color;
	bool utf8;
	bool mouse;
	bool quit;
	struct tui_graph g[2];	/* flow, resources */
	struct lttr_appmarks *am;	/* the application markers (view 1) */
	struct lttr_acct_task *procs;	/* per process (lttr_account_group) */
	size_t nprocs;
	struct tui_prow *prows;
	size_t nprows;
	struct tui_table pt;	/* processes */
	struct tui_table st;	/* syscalls */
	size_t *sc_order;
	struct tui_table it;	/* irqs, then softirqs */
	struct tui_table page_t;	/* the open page's list */
	const struct lttr_acct_task *page_task;
	uint32_t page_nr;
	struct tui_events ev;
	struct lttr_evlist *evl;	/* the events view's list */
	struct lttr_filter *search;
	char search_text[256];
	char pred_edit[LTTR_SESSION_FILTER_MAX];	/* the predicate bar's text as last typed */
	char pred_file[LTTR_SESSION_FILTER_MAX];	/* the predicate session.json holds */
	bool have_found;
	struct lttr_view_pos found;
	char msg[512];
	bool msg_err;
	size_t nwarn;		/* warnings (tui_warning_count()) */
	bool nwarn_known;
	FILE *timing;		/* LTTR_TUI_TIMING: keystroke-to-screen log */
	struct tui_paths paths;
	struct tui_lat *lat;	/* view 7 and its page (latency.c) */
	struct tui_cp *cp;	/* the critical-path page (critpath.c) */
	struct tui_stk *stk;	/* the call stacks page (stacks.c) */
	struct tui_jobs *jobs;	/* the jobs page (jobs.c) */
	struct lttr_stackidx *stkidx;	/* the stacks of the events (stacks.c) */
	struct lttr_syms *stksyms;	/* their names */
	size_t step;		/* the lesson's step shown (lesson.c) */
};

/* tui.c */
/* the terminal analyzer on @o->dir until q: 0 or a TUI_EXIT_* status */
int tui_run(const struct tui_opts *o);
/* live.c: "tui --live DIR": a running session followed, a screen of its own */
int tui_live_run(const struct tui_opts *o);
/* diff.c: "tui --diff A B" (@o->dir is A), a screen of its own */
int tui_diff_run(const struct tui_opts *o, const char *dir_b);
/* hosts.c: "tui MERGEDSET", "tui TRACE TRACE...": several hosts on one clock */
int tui_hosts_run(const struct tui_opts *o, const char *const *dirs, size_t n);
/* firings.c: "tui --audit DIR", the firings of a session, a screen of its own;
 * Enter runs tui_run() on the selected one's snapshot with its lesson */
int tui_firings_run(const struct tui_opts *o, unsigned int top);
/* vitals.c: "tui --vitals DIR [TRACEDIR]", the vital signs over time, a screen
 * of its own; Enter runs tui_run() on TRACEDIR at the selected epoch */
int tui_vitals_run(const struct tui_opts *o, const char *trace);
/* keys.c: a curses key as the keymap knows it (lttr/view/keys.h), -1: none */
int tui_key_code(int key);
void tui_message(struct tui *u, bool err, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
int tui_prompt(struct tui *u, const char *label, char *buf, size_t size);
int tui_progress(void *arg, unsigned int permille);
void tui_set_cursor(struct tui *u, uint64_t t);
uint64_t tui_rel(const struct tui *u, uint64_t t);

/* lesson.c: --lesson's pager under the views */
void tui_lesson_show(struct tui *u, size_t i);
void tui_lesson_key(struct tui *u, int dir);
int tui_lesson_height(const struct tui *u, int height);
void tui_lesson_draw(struct tui *u, int top, int height);

/* draw.c: the terminal started as every screen wants it (the locale,
 * curses, no echo, keypad, no cursor): 0, or TUI_EXIT_TRACE said on
 * stderr when the terminal cannot be used */
int tui_screen_start(const char *prog);
/* draw.c: colours, cells, numbers, lines of latency statistics */
void tui_colors_init(struct tui *u);
attr_t tui_cat_attr(const struct tui *u, unsigned int cat);
void tui_draw_cell(const struct tui *u, int y, int x, const struct lttr_vcell *c,
		   bool cursor);
attr_t tui_attr_title(const struct tui *u);
attr_t tui_attr_dim(const struct tui *u);
attr_t tui_attr_err(const struct tui *u);
const char *tui_ms(uint64_t ns, char *buf, size_t size);
void tui_bar_cell(const struct tui *u, uint64_t v, uint64_t max);
void tui_hist(const struct tui *u, int y, int x, int width, const uint64_t *hist,
	      unsigned int n);
void tui_clip(int y, int x, int width, const char *s, attr_t attr);
#define TUI_LAT_NCOLS	6
extern const char *const tui_lat_cols[TUI_LAT_NCOLS];
void tui_keep_visible(struct tui_table *tb, size_t n, int rows);
void tui_lat_line(const struct tui *u, int y, const char *name, const struct lttr_lat *l,
		  bool sel);
void tui_lat_header(const struct tui *u, int y, int sort, bool desc, const char *first);

/* procs.c: the tables of the whole trace or of a window (t) */
void tui_window_tables(struct tui *u);

/* graph.c: views 1 and 2 */
int tui_graph_init(struct tui *u);
/* (re)order the control flow's rows by u->row_sort, keeping the selection */
int tui_graph_sort(struct tui *u);
void tui_graph_free(struct tui *u);
void tui_graph_draw(struct tui *u, int top, int height, struct tui_graph *g);
bool tui_graph_key(struct tui *u, struct tui_graph *g, enum lttr_kaction act, int height);
bool tui_graph_click(struct tui *u, struct tui_graph *g, int y, int x, int top);
void tui_graph_select_pid(struct tui *u, uint32_t pid, unsigned int cpu);
int tui_graph_label_width(const struct tui *u);
void tui_graph_info(struct tui *u, const struct tui_graph *g, char *buf, size_t size);

/* procs.c: view 3 and the process page */
int tui_procs_init(struct tui *u);
void tui_procs_free(struct tui *u);
void tui_procs_draw(struct tui *u, int top, int height);
bool tui_procs_key(struct tui *u, enum lttr_kaction act, int height);
void tui_process_page(struct tui *u, int top, int height);
bool tui_process_key(struct tui *u, enum lttr_kaction act, int height);
void tui_open_process(struct tui *u, uint32_t pid);

/* syscalls.c: view 4 and the syscall page */
int tui_syscalls_init(struct tui *u);
void tui_syscalls_free(struct tui *u);
void tui_syscalls_draw(struct tui *u, int top, int height);
bool tui_syscalls_key(struct tui *u, enum lttr_kaction act, int height);
void tui_syscall_page(struct tui *u, int top, int height);
bool tui_syscall_key(struct tui *u, enum lttr_kaction act, int height);

/* irqs.c: view 5 */
void tui_irqs_draw(struct tui *u, int top, int height);
bool tui_irqs_key(struct tui *u, enum lttr_kaction act, int height);

/* events.c: view 6 */
void tui_events_draw(struct tui *u, int top, int height);
bool tui_events_key(struct tui *u, enum lttr_kaction act, int height);
void tui_events_free(struct tui *u);
void tui_events_goto(struct tui *u, const struct lttr_event *ev);
bool tui_events_selected(const struct tui *u, struct lttr_view_pos *p);

/* paths.c: view 7, the causal paths */
void tui_paths_enter(struct tui *u);
void tui_paths_draw(struct tui *u, int top, int height);
bool tui_paths_key(struct tui *u, enum lttr_kaction act, int height);
void tui_paths_free(struct tui *u);
const char *tui_paths_keys(const struct tui *u);
/* latency.c: view 8, the latency analyses, and a group's page */
void tui_latency_enter(struct tui *u);
void tui_latency_draw(struct tui *u, int top, int height);
bool tui_latency_key(struct tui *u, enum lttr_kaction act, int height);
void tui_latency_page(struct tui *u, int top, int height);
bool tui_latency_page_key(struct tui *u, enum lttr_kaction act, int height);
const char *tui_latency_info(struct tui *u);
void tui_latency_free(struct tui *u);

/* critpath.c: the critical path of a task (C), its page */
void tui_critpath_open(struct tui *u, uint32_t pid, uint64_t from, uint64_t to);
void tui_critpath_selected(struct tui *u);
void tui_critpath_page(struct tui *u, int top, int height);
bool tui_critpath_key(struct tui *u, enum lttr_kaction act, int height);
void tui_critpath_free(struct tui *u);

/* latency.c: the window around an interval, its task selected in view 1
 * (2 and its CPU with @cpu_row), the cursor at its start */
void tui_show_interval(struct tui *u, uint64_t start, uint64_t end, uint32_t pid,
		       unsigned int cpu, bool cpu_row);

/* keys.c: the key table, the help page */
bool tui_key(struct tui *u, int key);
void tui_help_page(struct tui *u, int top, int height);
bool tui_scroll_key(struct tui_table *tb, enum lttr_kaction act, size_t n, int height);
/* stacks.c: the call stacks page */
void tui_stacks_open(struct tui *u);
void tui_stacks_page(struct tui *u, int top, int height);
bool tui_stacks_key(struct tui *u, enum lttr_kaction act, int height);
void tui_stacks_free(struct tui *u);
/* jobs.c: the jobs page (J) */
void tui_jobs_open(struct tui *u);
void tui_jobs_page(struct tui *u, int top, int height);
bool tui_jobs_key(struct tui *u, enum lttr_kaction act, int height);
const char *tui_jobs_info(struct tui *u, char *buf, size_t size);
void tui_jobs_free(struct tui *u);
/* the stack recorded with @ev (a switch-out, a wakeup, a stack record), folded, or NULL */
const char *tui_event_stack(struct tui *u, const struct lttr_event *ev, char *buf, size_t size);
/* the off-CPU stack of task @pid's switch-out at @block_ns, folded, or NULL */
const char *tui_block_stack(struct tui *u, uint32_t pid, uint64_t block_ns, char *buf,
			    size_t size);

/* what a key does where it was pressed (the keymap, lttr/view/keys.h) */
enum lttr_kaction tui_action(const struct tui *u, int key);

/* actions.c: search, filter, markers, bookmarks, warnings */
void tui_search_prompt(struct tui *u);
void tui_search_next(struct tui *u, int dir);
void tui_pred_prompt(struct tui *u);
void tui_pred_restore(struct tui *u);
void tui_pred_step(struct tui *u, int dir);
void tui_filter_prompt(struct tui *u);
bool tui_filter_row(const struct tui *u, size_t row, bool *dim);
bool tui_filter_event(const struct tui *u, const struct lttr_event *ev, bool *dim);
void tui_bookmark_add(struct tui *u);
void tui_bookmarks_page(struct tui *u, int top, int height);
bool tui_bookmarks_key(struct tui *u, enum lttr_kaction act, int height);
void tui_warnings_page(struct tui *u, int top, int height);
size_t tui_warning_count(struct tui *u);
void tui_goto_prompt(struct tui *u);
void tui_save_marks(struct tui *u);

#endif /* TRACEVISUALIZER_TUI_H */
