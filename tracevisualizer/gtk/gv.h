/* SPDX-License-Identifier: GPL-2.0 */
/*
 * gv.h - tracevisualizer-gtk, the GTK3 analyzer: one window, a tab per
 * open trace, and in each tab views that follow one shared time window,
 * cursor, markers and selection (struct gv_doc).  A thin front end: every
 * state, number and histogram comes from the reader library's view model
 * and analyses (the lttr/view headers, struct lttr_account); the views
 * only draw.
 */
#ifndef TRACEVISUALIZER_GV_H
#define TRACEVISUALIZER_GV_H

#include <stdbool.h>
#include <stdint.h>
#include <gtk/gtk.h>
#include <lttr/lttr.h>
#include <lttr/view/view.h>
#include <lttr/view/appmarks.h>
#include <lttr/view/viewport.h>
#include <lttr/view/filter.h>
#include <lttr/view/search.h>
#include <lttr/view/density.h>
#include <lttr/view/bookmarks.h>
#include <lttr/view/files.h>
#include <lttr/view/evclass.h>
#include <lttr/view/session.h>
#include <lttr/view/lesson.h>

/* what changed in a document, for the views to follow (gv_doc_changed()):
 * the session's LTTR_SES_* bits */
#define GV_WINDOW	LTTR_SES_WINDOW	/* the time window */
#define GV_CURSOR	LTTR_SES_CURSOR	/* the cursor */
#define GV_MARKS	LTTR_SES_MARKS	/* markers, bookmarks */
#define GV_SELECT	LTTR_SES_SELECT	/* the selected row or event */
#define GV_FILTER	LTTR_SES_FILTER	/* filters */
#define GV_ROWS		LTTR_SES_ROWS	/* the order of the control flow's rows */
#define GV_ALL		LTTR_SES_ALL

enum gv_view {
	GV_VIEW_FLOW,
	GV_VIEW_RESOURCES,
	GV_VIEW_PROCESSES,
	GV_VIEW_EVENTS,
	GV_VIEW_STATS,
	GV_VIEW_PATHS,
	GV_VIEW_LATENCY,
	GV_VIEW_FLAME,
	GV_VIEW_JOBS,
	GV_VIEW_COUNT
};

struct gv_graph;
struct gv_overview;
struct gv_paths;
struct gv_critpath;
struct gv_flame;
struct gv_doc;
struct gv_reading;

/* a view that follows the document: called when something it shows changed */
typedef void (*gv_follow_fn)(void *view, unsigned int what);

struct gv_listener {
	gv_follow_fn fn;
	void *view;
};

/*
 * One open trace: the session its views share (lttr/view/session.h: the
 * window, the cursor and markers A and B in @s.vp; @s.span_a..@s.span_b
 * the span selected by dragging, zoomed to with Z; @s.sel_pid the
 * selected task, 0: none; the filter, bookmarks, rows), the views that
 * follow it, and the tab's widgets.
 */
struct gv_doc {
	struct lttr_session s;
	struct gv_listener *listeners;
	size_t nlisteners;
	bool notifying;
	/* --session FILE could not be applied (gv_session_load(); app.c says it) */
	char *session_error;
	/* the tab's status bar (tab.c): told each change (@msg NULL) and message */
	void (*show_status)(struct gv_doc *d, const char *msg, bool err);
	/* the tab's widgets (tab.c) */
	GtkWidget *page;		/* the tab's content */
	GtkWidget *graphs;		/* notebook: flow, resources */
	GtkWidget *tables;		/* notebook: events, processes, statistics */
	GtkWidget *status;		/* status bar label */
	size_t nwarnings;		/* lttr_view_warnings() at open */
	struct gv_graph *flow;
	struct gv_graph *res;
	GtkWidget *flow_area;		/* their drawings (gv_graph_area()) */
	GtkWidget *res_area;
	struct gv_overview *ov;
	struct gv_paths *paths;		/* the Paths tab (NULL once it is gone) */
	GtkWidget *latency;		/* the Latency tab (latency.c) */
	struct gv_critpath *critpath;	/* the Critical path tab (NULL once it is gone) */
	struct gv_flame *flame;		/* the Flame graph tab (NULL once it is gone) */
	GtkWidget *flame_page;		/* its page in @tables */
	GtkWidget *jobs_page;		/* the Jobs tab (jobs.c) */
	/* the stack records of the trace, indexed once (gv_event_stack()) */
	struct lttr_stackidx *stkidx;
	struct lttr_syms *stksyms;
	bool stk_failed;
	struct gv_lesson *lesson;	/* --lesson's side panel (lesson.c), or NULL */
	GtkWidget *diff;		/* the Diff tab (diff.c), or NULL */
	struct gv_app *app;
};

/* the application: its window and its documents */
struct gv_app {
	GtkApplication *gapp;
	GtkWidget *win;
	GtkWidget *tabs;
	struct gv_doc **docs;
	size_t ndocs;
	/* command line */
	int view;
	const char *window;		/* --window FROM:TO as typed, or NULL */
	char *pids;
	char *screenshot;
	char *session;			/* --session FILE (with --screenshot), or NULL */
	char *export_csv;	/* --export-csv (a test hook, with --screenshot) */
	char *dump_cells;	/* --dump-cells (a test hook, with --screenshot) */
	char *dump_paths;	/* --dump-paths (a test hook, with --screenshot) */
	char *dump_flame;	/* --dump-flame (a test hook, with --screenshot) */
	int width;
	int height;
	bool bench;
	bool no_view_cache;	/* --no-view-cache: the model built at every open */
	int status;
	bool quitting;		/* the window asked to close: no more dialogs */
	double t_activate;	/* the benchmark's phases, ms since main() */
	double t_opened;
	double t_first;		/* the paint of the first frame showing the control flow done */
	GtkWidget *active_item;	/* View -> Active rows only */
	GtkWidget *idle_item;	/* View -> Show the idle kernel threads */
	GtkWidget *sort_items[4];	/* View -> Rows: enum lttr_vsort */
	struct gv_reading **readings;	/* the command line's traces, being read */
	int nreadings;
	struct lttr_lesson *lesson;	/* --lesson: in the first tab, or NULL */
	size_t lesson_step;		/* --step N: the step shown first (0: the first) */
	const char *diff_b;		/* --diff A B: B, compared with the first tab's trace */
	const char *audit;		/* --audit DIR: its Firings window opened */
	unsigned int audit_top;		/* --top N (0: 10, audit's default) */
	/* --symfs DIR: the traced system's ELF files under DIR, which name the
	 * frames of every stack shown (flame.c, the firings' code paths), or NULL */
	const char *symfs;
	struct gv_firings *firings;	/* the Firings window (firings.c), or NULL */
	GList *old_firings;		/* those closed: their lessons live on in tabs */
	const char *vitals_dir;		/* --vitals DIR: its Vital signs window opened */
	const char *vitals_trace;	/* with it, the first TRACEDIR: the epochs' trace */
	struct gv_vitals *vitals;	/* the Vital signs window (vitals.c), or NULL */
	GList *vitals_lessons;		/* the epochs opened in tabs: their lessons */
};

/* reader.c: a trace opened and its view built in a thread of their own */
struct gv_reading *gv_read_start(const char *dir, bool no_view_cache);
int gv_read_finish(struct gv_reading *rd, GtkWindow *parent, struct lttr_trace **t,
		   struct lttr_view **v, GError **error);
const char *gv_read_dir(const struct gv_reading *rd);
void gv_read_cancel(struct gv_reading *rd);

/* doc.c: opening a trace (@rd: its reading already started, or NULL) */
struct gv_doc *gv_doc_open(struct gv_app *app, const char *dir, struct gv_reading *rd,
			   GError **error);
void gv_doc_free(struct gv_doc *d);
void gv_doc_listen(struct gv_doc *d, gv_follow_fn fn, void *view);
void gv_doc_unlisten(struct gv_doc *d, const void *view);
void gv_doc_changed(struct gv_doc *d, unsigned int what);
void gv_doc_set_cursor(struct gv_doc *d, uint64_t t);
void gv_doc_set_window(struct gv_doc *d, uint64_t t0, uint64_t t1);
void gv_doc_zoom(struct gv_doc *d, uint64_t num, uint64_t den);
void gv_doc_pan(struct gv_doc *d, int64_t num, int64_t den);
void gv_doc_select_pid(struct gv_doc *d, uint32_t pid);
uint64_t gv_doc_rel(const struct gv_doc *d, uint64_t t);
void gv_doc_message(struct gv_doc *d, bool err, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
bool gv_row_shown(const struct gv_doc *d, size_t row, bool *dim);

/* app.c: @dir in a new tab of the main window (NULL: it could not be, said) */
struct gv_doc *gv_app_open_trace(struct gv_app *app, const char *dir);
/* a window beside the main one: titled "NAME: DIR", NAME for AT-SPI; its content box in @box */
GtkWidget *gv_app_side_window(struct gv_app *app, const char *name, const char *dir, int w,
			      int h, GtkWidget **box);

/* firings.c: the Firings window of an audit directory (--audit DIR, File -> Open audit...) */
bool gv_firings_open(struct gv_app *app, const char *dir, unsigned int top, GError **error);
void gv_firings_free_all(struct gv_app *app);

/* vitals.c: the Vital signs window of a traced --vitals directory (--vitals DIR) */
bool gv_vitals_open(struct gv_app *app, const char *dir, const char *trace, GError **error);
void gv_vitals_close(struct gv_app *app);

/* lesson.c: --lesson's side panel in a tab */
bool gv_lesson_attach(struct gv_doc *d, const struct lttr_lesson *l, size_t step);
bool gv_lesson_show(struct gv_doc *d, size_t i);
void gv_lesson_key(struct gv_doc *d, int dir);
void gv_lesson_free(struct gv_doc *d);

/* tab.c: the tab around a document: its widgets and layout, status bar, keys */
GtkWidget *gv_tab_build(struct gv_doc *d);
void gv_tab_show_view(struct gv_doc *d, int view);
void gv_tab_tables_room(struct gv_doc *d);
bool gv_tab_key(struct gv_doc *d, GdkEventKey *ev);

/* colors.c: the state colours and the legend */
void gv_cat_color(unsigned int cat, double *r, double *g, double *b);
double gv_cat_height(unsigned int cat);
GtkWidget *gv_legend_new(void);

/* graph.c: the control flow and resources views */
struct gv_graph *gv_graph_new(struct gv_doc *d, bool resources);
GtkWidget *gv_graph_widget(struct gv_graph *g);
GtkWidget *gv_graph_area(struct gv_graph *g);
void gv_graph_draw_to(struct gv_graph *g, cairo_t *cr, int width, int height);
int gv_graph_rows_shown(const struct gv_graph *g);
void gv_graph_dump(struct gv_graph *g, GtkWidget *top, FILE *f);
void gv_json_str(FILE *f, const char *s);
void gv_graph_step_row(struct gv_graph *g, int dir);
/* the pixels across its time axis (the columns of the keys h l) */
int gv_graph_columns(struct gv_graph *g);
double gv_graph_last_draw_ms(const struct gv_graph *g, bool fresh);

/* overview.c: the whole trace's histogram, selecting the window */
struct gv_overview *gv_overview_new(struct gv_doc *d);
GtkWidget *gv_overview_widget(struct gv_overview *o);

/* keys.c: the key map and its cheat sheet */
void gv_cheat_sheet(GtkWindow *parent);
/* the menu accelerator of a keymap action (enum lttr_kaction; 0: none) */
void gv_key_accel(int action, guint *keyval, GdkModifierType *mods);
/* a key pressed as the keymap knows it (lttr/view/keys.h), -1: none */
int gv_key_code(const GdkEventKey *ev);
/* hosts.c: several hosts on one clock (--hosts, or a merged set): a
 * window of its own; @shot and @dump: --screenshot and --dump-cells */
int gv_hosts_run(const char *const *dirs, size_t n, int width, int height, const char *shot,
		 const char *dump);

/* events.c: the events list (a virtual model: only the rows shown are read) */
GtkWidget *gv_events_new(struct gv_doc *d);
/* the columns of an event, as the list and the CSV export show them */
enum { GV_EV_TIME, GV_EV_CPU, GV_EV_PID, GV_EV_TASK, GV_EV_CTRL, GV_EV_TYPE, GV_EV_DESC,
	GV_EV_NCOLS };
extern const char *const gv_event_titles[GV_EV_NCOLS];
const char *gv_event_cell(const struct gv_doc *d, const struct lttr_event *ev, int col,
			  char *buf, size_t size);
bool gv_event_match(const struct gv_doc *d, const struct lttr_event *ev);
bool gv_events_selected(struct gv_doc *d, struct lttr_view_pos *p);
bool gv_events_show(struct gv_doc *d, const struct lttr_event *ev);
/* the list's column filters narrow it; whether @ev passes them (and the filter) */
bool gv_events_narrowed(const struct gv_doc *d);
bool gv_events_listed(const struct gv_doc *d, const struct lttr_event *ev);

/* filetip.c: "file NAME (fd N)" when the state @sp works on one at @t, or NULL */
const char *gv_file_tip(struct gv_doc *d, const struct lttr_vspan *sp, uint64_t t);

/* evfilter.c: the column filters of the events list, as one expression */
struct gv_evfilter;
struct gv_evfilter *gv_evfilter_new(GtkTreeView *view, void (*changed)(void *arg), void *arg);
GtkWidget *gv_evfilter_widget(const struct gv_evfilter *ef);
/* "" none, NULL with *error (g_free) when a column's text is bad */
char *gv_evfilter_expr(struct gv_evfilter *ef, const struct lttr_time_span *span, char **error);
void gv_evfilter_clear(struct gv_evfilter *ef);
const char *gv_evfilter_text(const struct gv_evfilter *ef, int col);
/* the list follows at once */
void gv_evfilter_set_text(struct gv_evfilter *ef, int col, const char *text);
/* the events list's column filters of a document (NULL: it has no list) */
struct gv_evfilter *gv_events_columns(const struct gv_doc *d);

/* procs.c: the process analysis: the accounting table, a page per process */
GtkWidget *gv_procs_new(struct gv_doc *d);

/* stats.c: syscall and irq latency histograms, their instances */
GtkWidget *gv_stats_new(struct gv_doc *d);

/* paths.c: the causal paths through the messages, a graph per pattern */
GtkWidget *gv_paths_new(struct gv_doc *d);
bool gv_paths_size(const struct gv_paths *pv, int *width, int *height);
void gv_paths_draw_to(struct gv_paths *pv, cairo_t *cr, int width, int height);
void gv_paths_dump(struct gv_paths *pv, GtkWidget *top, FILE *f);
/* histogram.c: a log2 latency histogram drawn with cairo (stats.c,
 * latency.c); @chosen is told the bucket clicked (-1: none) */
struct gv_hist;
struct gv_hist *gv_hist_new(const char *name, const char *a11y, const char *empty,
			    const char *hint, void (*chosen)(void *arg, int bucket), void *arg);
/* the histogram under a line: @info (a label) and the log scale's check */
GtkWidget *gv_hist_box(struct gv_hist *h, GtkWidget *info);
void gv_hist_set(struct gv_hist *h, const struct lttr_lat *lat, const char *title);
void gv_hist_select(struct gv_hist *h, int k);
const char *gv_hist_bucket_text(int k, char *buf, size_t size);

/* lists.c: a list in a scrolled window; a column of text (numbers on the
 * right; words on the left, ellipsized, taking the room left), sortable by
 * @sort_col (-1: not) */
GtkWidget *gv_scrolled(GtkWidget *child);
GtkTreeViewColumn *gv_text_column(GtkWidget *tv, const char *title, int col, int sort_col,
				  bool right);

/* latency.c: the latency analyses, their worst instances explained */
GtkWidget *gv_latency_new(struct gv_doc *d);

/* critpath.c: the critical path of a task over its life (from 0, to
 * UINT64_MAX) or an interval, in its tab */
GtkWidget *gv_critpath_new(struct gv_doc *d);
void gv_critpath_show(struct gv_doc *d, uint32_t pid, uint64_t from, uint64_t to);
/* the path to draw over the control flow, or NULL */
const struct lttr_critpath *gv_critpath_shown(const struct gv_doc *d);
/* a menu of the actions on task @pid (the control flow's right click) */
void gv_task_menu(struct gv_doc *d, uint32_t pid, GdkEvent *ev);

/* flame.c: the Flame graph tab (the stacks of the window as a flame graph) */
GtkWidget *gv_flame_new(struct gv_doc *d);
/* the tab is on the screen; / there finds a frame */
bool gv_flame_shown(const struct gv_doc *d);
void gv_flame_find(struct gv_doc *d);
/* its boxes as drawn, as JSON (--dump-flame, LTTR_GTK_FLAME_DUMP) */
void gv_flame_dump(struct gv_doc *d, GtkWidget *top, FILE *f);
void gv_flame_dump_env(struct gv_doc *d);
/* flame.c: the stack recorded with an event, or with the switch-out that
 * began a block of task @pid at @block_ns, folded and named as "stacks"
 * does (g_free), or NULL when none */
char *gv_event_stack(struct gv_doc *d, const struct lttr_event *ev);
char *gv_block_stack(struct gv_doc *d, uint32_t pid, uint64_t block_ns);
void gv_stacks_free(struct gv_doc *d);
/* jobs.c: the Jobs tab (the markers' jobs, the CPU load) */
GtkWidget *gv_jobs_new(struct gv_doc *d);
/* diff.c: the Diff tab, @d's trace (A) against the trace in @dir_b */
bool gv_diff_open(struct gv_doc *d, const char *dir_b, GError **error);

/* doc.c: the window around an interval, the cursor at its start, its task */
void gv_doc_show_span(struct gv_doc *d, uint64_t start, uint64_t end, uint32_t pid);

/* search.c: Ctrl+F, the search bar; filters.c: the filters dialog */
void gv_search_show(struct gv_doc *d);
/* predbar.c: the predicate bar (p), the next and previous hit () () */
/* the bar's entry (returned), ( and ) buttons and status label packed in
 * @box, for a document's bar and the hosts view's (@key: the entry's
 * key-press handler, or NULL) */
GtkWidget *gv_predbar_widgets(GtkWidget *box, int max, const char *example, GCallback prev,
			      GCallback next, GCallback key, gpointer arg, GtkWidget **status);
void gv_predbar_show(struct gv_doc *d);
void gv_predbar_step(struct gv_doc *d, int dir);
/* the predicate a session file held, replayed; the message to say (g_free()) or NULL */
char *gv_predbar_restore(struct gv_doc *d, bool *is_err);
void gv_filters_dialog(struct gv_doc *d);
/* progress.c: lttr_view_find() with a progress dialog (Cancel) when it takes long */
int gv_find(struct gv_doc *d, const struct lttr_filter *f, const struct lttr_view_pos *from,
	    bool incl, int dir, struct lttr_event *out, struct lttr_error *err);
/* progress.c: a long operation's progress: a dialog with Cancel after
 * 0.3 s (the main loop runs in gv_progress_step(), which returns true when
 * canceled); @what is the bar's text */
struct gv_progress;
struct gv_progress *gv_progress_begin(struct gv_doc *d, const char *what);
bool gv_progress_step(struct gv_progress *p, unsigned int permille);
void gv_progress_end(struct gv_progress *p);
/* any long operation under way (a reading too: gv_busy_enter() and _leave()) */
bool gv_progress_running(void);
/* every one under way to stop (the window or a tab is being closed) */
void gv_progress_cancel_all(void);
void gv_busy_enter(void);
void gv_busy_leave(void);
bool gv_busy_canceled(void);

/* session.c: zoom, markers, bookmarks, filters, panes beside the trace */
/* saves the session and the bookmarks; true when the bookmarks were saved */
bool gv_session_save(struct gv_doc *d);
/* bookmarks.c: b names a bookmark at the cursor, B lists them */
void gv_bookmark_add(struct gv_doc *d);
void gv_bookmarks_show(struct gv_doc *d);
/* evicons.c: the glyph of event class @cls (enum lttr_evclass) centred on
 * (@x, @y), @size pixels across */
void gv_evicon(cairo_t *cr, unsigned int cls, double x, double y, double size);
void gv_evicon_rgb(unsigned int cls, double out[3]);
void gv_session_load(struct gv_doc *d);

/* export.c: the table shown as CSV */
bool gv_export_csv(struct gv_doc *d, const char *path, GError **error);

/* graph.c, for the benchmark: a row height that shows @rows rows in @height */
void gv_graph_fit_rows(struct gv_graph *g, int rows, int height);

/* app.c */
void gv_app_error(struct gv_app *app, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
int gv_app_run(struct gv_app *app, int argc, char **argv);
/* live.c: --live DIR, a running session followed in a window of its own */
int gv_live_run(const char *dir, int width, int height);
void gv_app_started(void);

#endif /* TRACEVISUALIZER_GV_H */
