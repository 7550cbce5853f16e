// SPDX-License-Identifier: GPL-2.0
/*
 * test-session.c - the session model (lttr/view/session.h) on a one-CPU
 * trace of 1 ms with two tasks.  Exact cases: the setters' change bits
 * (a change, the same value again, a value refused); the filter (set, a
 * bad one refused with the old kept, cleared); the bookmarks and markers
 * saved and read back; session.json saved and read back, a file as the
 * window wrote it before the model (still read), and bad files: not
 * JSON, cut short, not an object (nothing applied, a clear error), wrong
 * types and values (each ignored and counted), a directory in its place.
 * The predicate of the predicate bar: saved, read back compiled but not
 * replayed, restored (its hits as before); the terminal's member-only
 * load and save (the other members kept, a file that is not a session
 * file not replaced); a predicate that is not text or does not compile
 * refused with its column.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <lttr/lttr.h>
#include <lttr/view/view.h>
#include <lttr/view/filter.h>
#include <lttr/view/session.h>
#include <lttr/replay/replay.h>
#include "tap.h"
#include "tracegen.h"

#define T0	1000000000ULL
#define END	1001000000ULL

static const char desc[] =
	"header ncpus=1 end=1001000000\n"
	"proc PID: 5; PPID: 1; TGID: 5; NAME: cat\n"
	"proc PID: 6; PPID: 1; TGID: 6; NAME: grep\n"
	"buf cpu=0 start=1000000000 pid=5\n"
	"1000000000 start 5 0\n"
	"1000100000 syscall_entry 39\n"
	"1000200000 syscall_exit 39 5\n"
	"1000500000 sched 5 6 1\n"
	"1000900000 sched 6 5 0\n";

/* a session of a new trace @name (the trace written once per name) */
static bool open_session(const char *name, struct lttr_session *s)
{
	struct lttr_trace *t;
	struct lttr_view *v;
	struct lttr_error err;

	if (tg_open(name, desc, 0, &t, &err))
		return false;
	if (lttr_view_build(t, NULL, NULL, &v, &err)) {
		lttr_trace_close(t);
		return false;
	}
	if (lttr_session_init(s, tg_dir(name), 0, t, v)) {
		lttr_view_free(v);
		lttr_trace_close(t);
		return false;
	}
	return true;
}

/* the same trace again (its files kept) */
static bool reopen(const char *name, struct lttr_session *s)
{
	struct lttr_trace *t;
	struct lttr_view *v;
	struct lttr_error err;

	if (lttr_trace_open(tg_dir(name), 0, &t, &err))
		return false;
	if (lttr_view_build(t, NULL, NULL, &v, &err)) {
		lttr_trace_close(t);
		return false;
	}
	if (lttr_session_init(s, tg_dir(name), 0, t, v)) {
		lttr_view_free(v);
		lttr_trace_close(t);
		return false;
	}
	return true;
}

static void write_file(const char *dir, const char *name, const char *text)
{
	char path[1024];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	tg_write_file(path, text, strlen(text));
}

static void test_setters(struct lttr_session *s)
{
	struct lttr_error err;
	unsigned int what;
	uint64_t t;
	long row;
	bool dim;

	ok(s->vp.start == T0 && s->vp.end == END && s->vp.t0 == T0 && s->vp.t1 == END &&
	   s->vp.cursor == T0 && s->sel_row == -1 && s->sel_cpu == -1 && !s->filter &&
	   s->row_sort == LTTR_VSORT_TRACED, "init: the whole trace, the cursor at its start, "
	   "the traced command's rows first, nothing selected (%llu..%llu)", (unsigned long long)s->vp.t0,
	   (unsigned long long)s->vp.t1);
	ok(lttr_session_rel(s, T0 + 5) == 5 && lttr_session_rel(s, 3) == 0,
	   "rel: from the trace start, 0 before it");
	ok(lttr_session_set_cursor(s, T0) == 0, "the cursor where it is: nothing changed");
	ok(lttr_session_set_cursor(s, T0 + 300000) == LTTR_SES_CURSOR &&
	   s->vp.cursor == T0 + 300000, "the cursor in the window: CURSOR only");
	ok(lttr_session_set_cursor(s, END + 5) == LTTR_SES_CURSOR && s->vp.cursor == END,
	   "the cursor past the end: clamped to it");
	lttr_session_set_cursor(s, T0 + 500000);
	ok(lttr_session_zoom(s, 1, 2) == LTTR_SES_WINDOW && s->vp.t1 - s->vp.t0 == 500000,
	   "zoom in: WINDOW, half as wide (%llu)", (unsigned long long)(s->vp.t1 - s->vp.t0));
	ok(lttr_session_zoom(s, 0, 2) == 0 && lttr_session_zoom(s, 1, 0) == 0 &&
	   s->vp.t1 - s->vp.t0 == 500000, "zoom by 0/2 or 1/0: refused, nothing changed");
	ok(lttr_session_pan(s, 1, 0) == 0 && lttr_session_pan(s, 1, -4) == 0,
	   "pan by a denominator <= 0: refused");
	what = lttr_session_set_cursor(s, T0 + 10);
	ok(what == (LTTR_SES_CURSOR | LTTR_SES_WINDOW) && s->vp.t0 <= T0 + 10,
	   "the cursor before the window: CURSOR and WINDOW (0x%x)", what);
	ok(lttr_session_all(s) == LTTR_SES_WINDOW && s->vp.t0 == T0 && s->vp.t1 == END,
	   "all: WINDOW, the whole trace");
	ok(lttr_session_all(s) == 0, "all again: nothing changed");
	ok(lttr_session_show(s, T0 + 400, T0 + 200) == LTTR_SES_WINDOW && s->vp.t0 == T0 + 200 &&
	   s->vp.t1 == T0 + 400, "show b..a: ordered");
	lttr_session_set_min_span(s, 1000);
	ok(s->vp.t1 - s->vp.t0 == 200, "min span 1000: the window of 200 left as it is");
	ok(lttr_session_show(s, T0 + 1000, T0 + 1200) == LTTR_SES_WINDOW &&
	   s->vp.t0 == T0 + 600 && s->vp.t1 == T0 + 1600,
	   "then a window of 200: widened to 1000 around its middle");

	lttr_session_set_cursor(s, T0 + 100000);
	ok(lttr_session_set_mark(s, 2) == 0 && !s->vp.has_mark[0] && !s->vp.has_mark[1],
	   "marker 2: refused");
	ok(lttr_session_set_mark(s, 0) == LTTR_SES_MARKS && s->vp.has_mark[0] &&
	   s->vp.mark[0] == T0 + 100000, "marker A at the cursor: MARKS");
	ok(lttr_session_set_mark(s, 0) == 0, "marker A again at the same place: nothing changed");
	lttr_session_set_cursor(s, T0 + 700000);
	ok(lttr_session_set_mark(s, 1) == LTTR_SES_MARKS && s->vp.mark[1] == T0 + 700000,
	   "marker B: MARKS");

	row = lttr_view_find_row(s->v, LTTR_VROW_TASK, 6, false);
	ok(row >= 0 && lttr_session_select_pid(s, 6, 0) == LTTR_SES_SELECT && s->sel_pid == 6 &&
	   s->sel_row == row && s->sel_cpu == 0, "select pid 6 on CPU 0: its row %ld", row);
	ok(lttr_session_select_pid(s, 0, -7) == LTTR_SES_SELECT && s->sel_pid == 0 &&
	   s->sel_row == row && s->sel_cpu == -1, "no task: the row kept, CPU -1 for -7");
	ok(lttr_session_select_row(s, (long)lttr_view_nrows(s->v)) == 0 &&
	   lttr_session_select_row(s, -2) == 0 && s->sel_row == row,
	   "row past the last or -2: refused");
	ok(lttr_session_select_row(s, -1) == LTTR_SES_SELECT && s->sel_row == -1 &&
	   lttr_session_select_row(s, -1) == 0, "row -1: none; again: nothing changed");
	ok(lttr_session_select_span(s, T0 + 900, T0 + 100) == LTTR_SES_SELECT && s->has_span &&
	   s->span_a == T0 + 100 && s->span_b == T0 + 900, "span b..a: ordered, SELECT");
	ok(lttr_session_select_span(s, T0 + 100, T0 + 900) == 0, "the same span: nothing");
	ok(lttr_session_select_span(s, 5, 5) == LTTR_SES_SELECT && !s->has_span,
	   "an empty span: none selected");

	ok(lttr_session_set_filter(s, "pid == 5", &err) == LTTR_SES_FILTER && s->filter &&
	   !strcmp(s->filter_text, "pid == 5") && err.code == 0, "filter pid == 5: FILTER");
	row = lttr_view_find_row(s->v, LTTR_VROW_TASK, 6, false);
	ok(lttr_session_row_shown(s, (size_t)row, &dim) && dim,
	   "dim: pid 6's row shown, dimmed");
	ok(lttr_session_set_filter_hide(s, true) == LTTR_SES_FILTER &&
	   !lttr_session_row_shown(s, (size_t)row, &dim) && dim, "hide: pid 6's row hidden");
	row = lttr_view_find_row(s->v, LTTR_VROW_TASK, 5, false);
	ok(lttr_session_row_shown(s, (size_t)row, &dim) && !dim, "pid 5's row shown, not dim");
	ok(lttr_session_set_filter_hide(s, true) == 0, "hide again: nothing changed");
	ok(lttr_session_set_filter(s, "pid ==", &err) == 0 && err.code != 0 && err.msg[0] &&
	   !strcmp(s->filter_text, "pid == 5"), "a bad filter: refused (%s), the old kept",
	   err.msg);
	ok(lttr_session_set_filter(s, "", &err) == LTTR_SES_FILTER && !s->filter &&
	   !s->filter_text[0], "filter \"\": none");
	ok(lttr_session_set_filter(s, NULL, &err) == 0, "no filter again: nothing changed");
	ok(lttr_session_set_filter_hide(s, false) == 0 && !s->filter_hide,
	   "hide off without a filter: set, nothing to redraw");

	ok(lttr_session_set_row_sort(s, LTTR_VSORT_BUSY + 1) == 0 && s->row_sort == LTTR_VSORT_TRACED,
	   "row sort past the last: refused");
	ok(lttr_session_set_row_sort(s, LTTR_VSORT_BUSY) == LTTR_SES_ROWS &&
	   lttr_session_set_row_sort(s, LTTR_VSORT_BUSY) == 0, "row sort busy: ROWS, again 0");
	ok(lttr_session_set_active_only(s, true) == LTTR_SES_ROWS &&
	   lttr_session_set_active_only(s, true) == 0, "active only: ROWS, again 0");

	ok(lttr_session_bookmark_add(s, "late", T0 + 800000, &what) == 0 &&
	   what == LTTR_SES_MARKS && lttr_session_bookmark_add(s, "early", T0 + 50000, &what) == 0 &&
	   s->bm.n == 2 && !strcmp(s->bm.v[1].name, "late"), "two bookmarks, in time order");
	ok(lttr_session_bookmark_remove(s, 2) == 0 && s->bm.n == 2, "remove bookmark 2: refused");
	lttr_session_set_cursor(s, T0 + 100000);
	ok(lttr_session_next_mark(s, 1, &t) && t == T0 + 700000, "next mark after A: B");
	ok(lttr_session_next_mark(s, -1, &t) && t == T0 + 50000, "the one before A: early");
	lttr_session_set_cursor(s, T0 + 50000);
	ok(!lttr_session_next_mark(s, -1, &t), "before the first: none");
	lttr_session_set_cursor(s, T0 + 800000);
	ok(!lttr_session_next_mark(s, 1, &t), "after the last: none");

	what = lttr_session_show_span(s, T0 + 400000, T0 + 402000, 5);
	ok(what == (LTTR_SES_WINDOW | LTTR_SES_CURSOR | LTTR_SES_SELECT) &&
	   s->vp.t0 == T0 + 399000 && s->vp.t1 == T0 + 403000 && s->vp.cursor == T0 + 400000 &&
	   s->sel_pid == 5, "show span: the span and half its width on each side, the cursor "
	   "at its start, its task (0x%x)", what);
	ok(lttr_session_show_span(s, 5, 4, 0) == 0, "a span ending before it starts: refused");
}

static void test_files(const char *name, struct lttr_session *s)
{
	struct lttr_session_layout lay, got;
	struct lttr_session r;
	struct lttr_error err;
	int nbad, ret;

	ok(!lttr_session_marks_saved(s), "the markers not saved yet");
	ok(lttr_session_save_marks(s, &err) == 0 && lttr_session_marks_saved(s),
	   "bookmarks.json saved");
	lttr_session_layout_init(&lay);
	lay.pane_position = 321;
	lay.graph_page = 1;
	lay.table_page = 4;
	lttr_session_layout_column(&lay, "type", "fs_open");
	lttr_session_layout_column(&lay, "task", "");
	lttr_session_set_filter(s, "cpu == 0 && pid == 5", NULL);
	lttr_session_set_filter_hide(s, false);
	ok(lttr_session_save(s, &lay, &err) == 0, "session.json saved");
	if (!reopen(name, &r)) {
		ok(0, "the trace opened again");
		return;
	}
	ok(lttr_session_load_marks(&r, &err) == 0 && r.bm.n == 2 && r.vp.has_mark[0] &&
	   r.vp.mark[0] == T0 + 100000 && r.vp.mark[1] == T0 + 700000 &&
	   lttr_session_marks_saved(&r), "bookmarks and markers read back");
	ret = lttr_session_load(&r, &got, &nbad, &err);
	ok(ret == 1 && nbad == 0 && r.vp.t0 == s->vp.t0 && r.vp.t1 == s->vp.t1 &&
	   r.vp.cursor == s->vp.cursor && r.sel_pid == 5 && r.sel_row == s->sel_row &&
	   r.active_only && r.row_sort == LTTR_VSORT_BUSY && r.filter && !r.filter_hide &&
	   !strcmp(r.filter_text, "cpu == 0 && pid == 5"), "session read back (%d, %d bad)",
	   ret, nbad);
	ok(got.pane_position == 321 && got.graph_page == 1 && got.table_page == 4 &&
	   got.has_columns && got.ncolumns == 1 &&
	   !strcmp(lttr_session_layout_find(&got, "type"), "fs_open") &&
	   !lttr_session_layout_find(&got, "task"), "its layout: pane 321, pages 1 and 4, "
	   "the column filter set (an empty one not kept)");
	lttr_session_free(&r);
}

/* session.json as the window wrote it before the session model */
static void test_old_file(const char *name)
{
	static const char old[] =
		"{\n  \"version\":1,\n  \"window\":{\n    \"t0_ns\":1000200000,\n"
		"    \"t1_ns\":1000600000\n  },\n  \"cursor_ns\":1000900000,\n"
		"  \"selected_pid\":6,\n  \"active_only\":false,\n  \"row_sort\":\"name\",\n"
		"  \"filter\":{\n    \"expression\":\"pid == 6\",\n    \"hide\":true\n  },\n"
		"  \"column_filters\":{\n    \"time\":\"> 1\"\n  },\n  \"pane_position\":400,\n"
		"  \"graph_page\":0,\n  \"table_page\":2\n}";
	struct lttr_session_layout lay;
	struct lttr_session s;
	struct lttr_error err;
	int nbad, ret;

	if (!reopen(name, &s)) {
		ok(0, "the trace opened again");
		return;
	}
	write_file(s.dir, "session.json", old);
	ret = lttr_session_load(&s, &lay, &nbad, &err);
	ok(ret == 1 && nbad == 0 && s.vp.t0 == T0 + 200000 && s.vp.t1 == T0 + 600000 &&
	   s.vp.cursor == T0 + 900000 && s.sel_pid == 6 && !s.active_only &&
	   s.row_sort == LTTR_VSORT_NAME && s.filter && s.filter_hide &&
	   !strcmp(s.filter_text, "pid == 6"),
	   "an old file: the window, the cursor outside it (the window kept), pid 6, by name, "
	   "the filter hiding");
	ok(lay.pane_position == 400 && lay.graph_page == 0 && lay.table_page == 2 &&
	   lay.ncolumns == 1 && !strcmp(lttr_session_layout_find(&lay, "time"), "> 1"),
	   "and its layout");
	lttr_session_free(&s);
}

static void test_bad_files(const char *name)
{
	static const struct {
		const char *text;
		const char *why;
	} bad[] = {
		{ "{ \"window\": { \"t0_ns\": 1", "not a session file (the JSON ends too early)" },
		{ "[1, 2]", "not a session file (not a JSON object)" },
		{ "", "not a session file (the JSON ends too early)" },
		{ "session", "not a session file (" },
	};
	static const char wrong[] =
		"{ \"window\": 3, \"cursor_ns\": \"x\", \"selected_pid\": 6, \"active_only\": 1,"
		"  \"row_sort\": \"bogus\", \"filter\": { \"expression\": \"pid ==\" },"
		"  \"column_filters\": { \"type\": 5, \"time\": \"1\" }, \"pane_position\": -3,"
		"  \"graph_page\": \"0\", \"table_page\": 99999999999 }";
	static const char backward[] =
		"{ \"window\": { \"t0_ns\": 1000600000, \"t1_ns\": 1000200000 }, \"cursor_ns\": -5 }";
	struct lttr_session_layout lay;
	struct lttr_session s;
	struct lttr_error err;
	char path[1024], want[1200];
	size_t i;
	int nbad, ret;

	if (!reopen(name, &s)) {
		ok(0, "the trace opened again");
		return;
	}
	snprintf(path, sizeof(path), "%s/session.json", s.dir);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		write_file(s.dir, "session.json", bad[i].text);
		snprintf(want, sizeof(want), "%s: %s", path, bad[i].why);
		ret = lttr_session_load(&s, &lay, &nbad, &err);
		ok(ret == -LTTR_E_FORMAT && !strncmp(err.msg, want, strlen(want)) &&
		   s.vp.t0 == T0 && s.vp.t1 == END && !s.sel_pid && !s.filter,
		   "bad file \"%s\": %s, nothing applied", bad[i].text, err.msg);
	}
	write_file(s.dir, "session.json", wrong);
	ret = lttr_session_load(&s, &lay, &nbad, &err);
	ok(ret == 1 && nbad == 8 && s.vp.t0 == T0 && s.vp.t1 == END && s.vp.cursor == T0 &&
	   s.sel_pid == 6 && !s.active_only && s.row_sort == LTTR_VSORT_TRACED && !s.filter &&
	   lay.ncolumns == 1 && lay.pane_position == -3 && lay.graph_page == -1 &&
	   lay.table_page == -1, "wrong types and values: 8 ignored and counted (%d), the "
	   "good ones applied, the pane's -3 left to the front end", nbad);
	write_file(s.dir, "session.json", backward);
	ret = lttr_session_load(&s, &lay, &nbad, &err);
	ok(ret == 1 && nbad == 0 && s.vp.t0 == T0 && s.vp.t1 == END && s.vp.cursor == T0,
	   "a window ending before it starts, a negative cursor: left as they were, not "
	   "counted (a trace of one instant saves t1 == t0) (%d)", nbad);
	unlink(path);
	ok(lttr_session_load(&s, &lay, &nbad, &err) == 0, "no session file: 0");
	mkdir(path, 0755);
	ret = lttr_session_load(&s, &lay, &nbad, &err);
	snprintf(want, sizeof(want), "%s: ", path);
	ok(ret < 0 && !strncmp(err.msg, want, strlen(want)), "a directory in its place: %s",
	   err.msg);
	ret = lttr_session_save(&s, NULL, &err);
	ok(ret == -LTTR_E_IO && !strncmp(err.msg, want, strlen(want)),
	   "saved over a directory: %s", err.msg);
	rmdir(path);

	write_file(s.dir, "bookmarks.json", "{ \"bookmarks\": 3 }");
	ret = lttr_session_load_marks(&s, &err);
	ok(ret == -LTTR_E_FORMAT && strstr(err.msg, "no \"bookmarks\" array") && !s.bm.n &&
	   !s.vp.has_mark[0] && !s.vp.has_mark[1] && s.bm.damaged,
	   "a bad bookmarks.json: %s; no bookmark, no marker", err.msg);
	lttr_session_free(&s);
}


static char *read_text(const char *path)
{
	static char buf[8192];
	FILE *f = fopen(path, "r");
	size_t n;

	if (!f)
		return NULL;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

static void test_pred(const char *name)
{
	static const char pred[] = "task[6].state == \"running\"";
	struct lttr_session_layout lay, got;
	struct lttr_session s, r;
	struct lttr_error err;
	char path[1024], *text;
	unsigned int what;
	int nbad, ret;

	if (!reopen(name, &s)) {
		ok(0, "the trace opened again");
		return;
	}
	snprintf(path, sizeof(path), "%s/session.json", s.dir);
	unlink(path);
	what = lttr_session_set_pred(&s, pred, NULL, NULL, &err);
	ok(what == LTTR_SES_MARKS && s.npred == 1 && s.pred_hits[0].time_ns == T0 + 500000,
	   "a predicate: its one hit, at the switch to 6 (%zu)", s.npred);
	lttr_session_layout_init(&lay);
	lttr_session_layout_column(&lay, "type", "fs_open");
	lttr_session_set_filter(&s, "pid == 5", NULL);
	ok(lttr_session_save(&s, &lay, &err) == 0 && (text = read_text(path)) &&
	   strstr(text, "\"predicate\":\"task[6].state == \\\"running\\\"\""),
	   "session.json has it");
	if (!reopen(name, &r)) {
		ok(0, "the trace opened again");
		lttr_session_free(&s);
		return;
	}
	ret = lttr_session_load(&r, &got, &nbad, &err);
	ok(ret == 1 && nbad == 0 && !strcmp(r.pred_saved, pred) && !r.pred_text[0] && !r.npred &&
	   !strcmp(lttr_session_pred_kept(&r), pred),
	   "read back: compiled, kept, not replayed yet");
	what = lttr_session_restore_pred(&r, NULL, NULL, &err);
	ok(what == LTTR_SES_MARKS && !err.code && !strcmp(r.pred_text, pred) && !r.pred_saved[0] &&
	   r.npred == 1 && r.pred_hits[0].time_ns == T0 + 500000 &&
	   r.pred_hits[0].ordinal == s.pred_hits[0].ordinal, "restored: the same hit");
	ok(lttr_session_restore_pred(&r, NULL, NULL, &err) == 0 && !err.code,
	   "restored once only");
	lttr_session_free(&r);

	/* the terminal's: the predicate member only */
	if (!reopen(name, &r)) {
		ok(0, "the trace opened again");
		lttr_session_free(&s);
		return;
	}
	ok(lttr_session_load_pred(&r, &err) == 1 && !strcmp(r.pred_saved, pred) &&
	   !r.filter && r.vp.t0 == T0, "load_pred: the predicate, nothing else applied");
	lttr_session_set_pred(&r, "cpu[0].current == 5", NULL, NULL, &err);
	ok(!r.pred_saved[0] && r.npred == 1 && r.pred_hits[0].time_ns == T0 + 900000,
	   "another predicate set: the one read forgotten, its one hit at the switch back "
	   "to 5 (%zu)", r.npred);
	ok(lttr_session_save_pred(&r, &err) == 0, "save_pred");
	lttr_session_free(&r);
	if (!reopen(name, &r)) {
		ok(0, "the trace opened again");
		lttr_session_free(&s);
		return;
	}
	ret = lttr_session_load(&r, &got, &nbad, &err);
	ok(ret == 1 && nbad == 0 && !strcmp(r.pred_saved, "cpu[0].current == 5") && r.filter &&
	   !strcmp(r.filter_text, "pid == 5") &&
	   !strcmp(lttr_session_layout_find(&got, "type"), "fs_open"),
	   "the file: the new predicate, the filter and the column filter kept");
	lttr_session_set_pred(&r, "", NULL, NULL, &err);
	ok(!r.pred_saved[0] && !*lttr_session_pred_kept(&r), "cleared: none kept");
	ok(lttr_session_save_pred(&r, &err) == 0 && lttr_session_load_pred(&r, &err) == 0 &&
	   (text = read_text(path)) && strstr(text, "\"predicate\":null") &&
	   strstr(text, "pid == 5"), "saved cleared: null, the rest kept; read: none");
	lttr_session_free(&r);

	/* refused */
	write_file(s.dir, "session.json", "{ \"predicate\": \"cpu[0].runq >\" }");
	ret = lttr_session_load_pred(&s, &err);
	ok(ret == -LTTR_E_FORMAT && strstr(err.msg, "session.json: predicate: 1:14: expected a "
					   "value"), "a predicate that does not compile: %s",
	   err.msg);
	ret = lttr_session_load(&s, &got, &nbad, &err);
	ok(ret == 1 && nbad == 1 && !s.pred_saved[0] && !strcmp(s.pred_text, pred),
	   "the window's load: counted (%d), the predicate set kept", nbad);
	write_file(s.dir, "session.json", "{ \"predicate\": 5 }");
	ret = lttr_session_load_pred(&s, &err);
	ok(ret == -LTTR_E_FORMAT && strstr(err.msg, "predicate: not a string"), "not text: %s",
	   err.msg);
	write_file(s.dir, "session.json", "[1]");
	ret = lttr_session_load_pred(&s, &err);
	ok(ret == -LTTR_E_FORMAT && strstr(err.msg, "session.json: not a session file (not a "
					   "JSON object)"), "load_pred of a file that is not a "
	   "session file: %s", err.msg);
	ret = lttr_session_save_pred(&s, &err);
	ok(ret == -LTTR_E_FORMAT && strstr(err.msg, "not replaced") &&
	   (text = read_text(path)) && !strcmp(text, "[1]"),
	   "not a session file: not replaced (%s)", err.msg);
	unlink(path);
	ok(lttr_session_load_pred(&s, &err) == 0, "no file: no predicate");
	ok(lttr_session_save_pred(&s, &err) == 0 && lttr_session_load_pred(&s, &err) == 1 &&
	   !strcmp(s.pred_saved, pred), "a new file with the predicate only");
	unlink(path);
	lttr_session_free(&s);
}

int main(void)
{
	struct lttr_session s;

	tap_plan(81);
	if (!open_session("session", &s)) {
		ok(0, "the trace");
		return tap_done();
	}
	test_setters(&s);
	test_files("session", &s);
	lttr_session_free(&s);
	test_old_file("session");
	test_bad_files("session");
	test_pred("session");
	return tap_done();
}
