// SPDX-License-Identifier: GPL-2.0
/*
 * session.c - the state the views of one open trace share, its setters
 * (what changed, as LTTR_SES_* bits) and its files beside the trace
 * (bookmarks.json through bookmarks.c, session.json with json-c).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <json-c/json.h>
#include <lttr/lttr.h>
#include <lttr/view/view.h>
#include <lttr/view/filter.h>
#include <lttr/view/hitlist.h>
#include <lttr/view/session.h>
#include <lttr/view/tracemode.h>
#include <lttr/replay/replay.h>

#define SESSION_FILE "session.json"

int lttr_session_init(struct lttr_session *s, const char *dir, unsigned int open_flags,
		      struct lttr_trace *t, struct lttr_view *v)
{
	uint64_t a, b;

	memset(s, 0, sizeof(*s));
	s->dir = strdup(dir);
	if (!s->dir)
		return -1;
	s->open_flags = open_flags;
	s->t = t;
	s->v = v;
	s->a = lttr_view_account(v);
	lttr_viewport_init(&s->vp, lttr_view_start(v), lttr_view_end(v));
	if (lttr_view_command_span(v, &a, &b)) {
		lttr_viewport_show(&s->vp, a, b);
		lttr_viewport_set_cursor(&s->vp, s->vp.t0);
	}
	s->sel_cpu = -1;
	s->sel_row = -1;
	s->row_sort = LTTR_VSORT_TRACED;
	return 0;
}

void lttr_session_free(struct lttr_session *s)
{
	lttr_filter_free(s->filter);
	free(s->pred_hits);
	lttr_bookmarks_free(&s->bm);
	lttr_view_free(s->v);
	lttr_trace_close(s->t);
	free(s->dir);
	memset(s, 0, sizeof(*s));
}

uint64_t lttr_session_rel(const struct lttr_session *s, uint64_t t)
{
	uint64_t start = lttr_trace_header(s->t)->start_ns;

	return t > start ? t - start : 0;
}

/* the bits of what differs between two viewports */
static unsigned int vp_diff(const struct lttr_viewport *a, const struct lttr_viewport *b)
{
	unsigned int what = 0;
	int i;

	if (a->t0 != b->t0 || a->t1 != b->t1)
		what |= LTTR_SES_WINDOW;
	if (a->cursor != b->cursor)
		what |= LTTR_SES_CURSOR;
	for (i = 0; i < 2; i++)
		if (a->has_mark[i] != b->has_mark[i] ||
		    (a->has_mark[i] && a->mark[i] != b->mark[i]))
			what |= LTTR_SES_MARKS;
	return what;
}

unsigned int lttr_session_set_cursor(struct lttr_session *s, uint64_t t)
{
	struct lttr_viewport old = s->vp;

	lttr_viewport_set_cursor(&s->vp, t);
	return vp_diff(&old, &s->vp);
}

unsigned int lttr_session_show(struct lttr_session *s, uint64_t a, uint64_t b)
{
	struct lttr_viewport old = s->vp;

	lttr_viewport_show(&s->vp, a, b);
	return vp_diff(&old, &s->vp);
}

unsigned int lttr_session_zoom(struct lttr_session *s, uint64_t num, uint64_t den)
{
	struct lttr_viewport old = s->vp;

	if (!num || !den)
		return 0;
	lttr_viewport_zoom(&s->vp, num, den);
	return vp_diff(&old, &s->vp);
}

unsigned int lttr_session_pan(struct lttr_session *s, int64_t num, int64_t den)
{
	struct lttr_viewport old = s->vp;

	if (den <= 0)
		return 0;
	lttr_viewport_pan(&s->vp, num, den);
	return vp_diff(&old, &s->vp);
}

unsigned int lttr_session_move_cols(struct lttr_session *s, int d, unsigned int ncols)
{
	long col;
	unsigned int changed = 0;

	if (!ncols)
		return 0;
	col = lttr_viewport_time_col(&s->vp, s->vp.cursor, ncols) + d;
	if (col < 0) {
		changed |= lttr_session_pan(s, -1, (int64_t)ncols);
		col = 0;
	} else if (col >= (long)ncols) {
		changed |= lttr_session_pan(s, 1, (int64_t)ncols);
		col = (long)ncols - 1;
	}
	return changed | lttr_session_set_cursor(s, lttr_viewport_col_time(&s->vp, (unsigned int)col,
									  ncols));
}

unsigned int lttr_session_all(struct lttr_session *s)
{
	struct lttr_viewport old = s->vp;

	lttr_viewport_all(&s->vp);
	return vp_diff(&old, &s->vp);
}

void lttr_session_set_min_span(struct lttr_session *s, uint64_t min_span)
{
	s->vp.min_span = min_span;
}

unsigned int lttr_session_show_span(struct lttr_session *s, uint64_t start, uint64_t end,
				    uint32_t pid)
{
	uint64_t margin;
	unsigned int what;

	if (end < start)
		return 0;
	margin = (end - start) / 2 > 1000 ? (end - start) / 2 : 1000;
	what = lttr_session_show(s, start > s->vp.start + margin ? start - margin : s->vp.start,
				 end + margin);
	what |= lttr_session_set_cursor(s, start);
	if (pid)
		what |= lttr_session_select_pid(s, pid, s->sel_cpu);
	return what;
}

unsigned int lttr_session_set_mark(struct lttr_session *s, unsigned int which)
{
	struct lttr_viewport old = s->vp;

	if (which > 1)
		return 0;
	lttr_viewport_set_mark(&s->vp, which);
	return vp_diff(&old, &s->vp);
}

unsigned int lttr_session_select_pid(struct lttr_session *s, uint32_t pid, int cpu)
{
	long row = s->sel_row;

	if (pid)
		row = lttr_view_find_row(s->v, LTTR_VROW_TASK, pid, false);
	if (cpu < -1)
		cpu = -1;
	/* a change, or the same task chosen again: its views follow it */
	s->sel_pid = pid;
	s->sel_cpu = cpu;
	s->sel_row = row;
	return LTTR_SES_SELECT;
}

unsigned int lttr_session_select_row(struct lttr_session *s, long row)
{
	if (row < -1 || (row >= 0 && (size_t)row >= lttr_view_nrows(s->v)))
		return 0;
	if (row == s->sel_row)
		return 0;
	s->sel_row = row;
	return LTTR_SES_SELECT;
}

unsigned int lttr_session_select_span(struct lttr_session *s, uint64_t a, uint64_t b)
{
	bool has = a != b;

	if (a > b) {
		uint64_t x = a;

		a = b;
		b = x;
	}
	if (has == s->has_span && (!has || (a == s->span_a && b == s->span_b)))
		return 0;
	s->has_span = has;
	s->span_a = has ? a : 0;
	s->span_b = has ? b : 0;
	return LTTR_SES_SELECT;
}

unsigned int lttr_session_set_filter(struct lttr_session *s, const char *text,
				     struct lttr_error *err)
{
	struct lttr_filter *f;

	if (err)
		lttr_error_clear(err);
	if (!text || !*text) {
		if (!s->filter)
			return 0;
		lttr_filter_free(s->filter);
		s->filter = NULL;
		s->filter_text[0] = '\0';
		return LTTR_SES_FILTER;
	}
	if (lttr_filter_compile(text, &f, err))
		return 0;
	lttr_filter_free(s->filter);
	s->filter = f;
	snprintf(s->filter_text, sizeof(s->filter_text), "%s", text);
	return LTTR_SES_FILTER;
}

unsigned int lttr_session_set_pred(struct lttr_session *s, const char *text,
				   int (*progress)(void *arg, unsigned int permille), void *arg,
				   struct lttr_error *err)
{
	struct lttr_replay_hit *v;
	struct lttr_error e;
	size_t n;

	if (!err)
		err = &e;
	lttr_error_clear(err);
	if (!text || !*text) {
		s->pred_saved[0] = '\0';
		if (!s->pred_text[0])
			return 0;
		free(s->pred_hits);
		s->pred_hits = NULL;
		s->npred = 0;
		s->pred_text[0] = '\0';
		return LTTR_SES_MARKS;
	}
	if (strlen(text) >= sizeof(s->pred_text)) {
		lttr_error_set(err, LTTR_E_INVAL, "1:%zu: longer than %zu characters",
			       sizeof(s->pred_text), sizeof(s->pred_text) - 1);
		return 0;
	}
	if (lttr_replay_hits(s->t, text, 0, UINT64_MAX, progress, arg, &v, &n, err) < 0)
		return 0;
	free(s->pred_hits);
	s->pred_hits = v;
	s->npred = n;
	snprintf(s->pred_text, sizeof(s->pred_text), "%s", text);
	s->pred_saved[0] = '\0';
	return LTTR_SES_MARKS;
}

unsigned int lttr_session_restore_pred(struct lttr_session *s,
				       int (*progress)(void *arg, unsigned int permille), void *arg,
				       struct lttr_error *err)
{
	char text[sizeof(s->pred_saved)];
	unsigned int what;
	struct lttr_error e;

	if (!err)
		err = &e;
	lttr_error_clear(err);
	if (!s->pred_saved[0])
		return 0;
	memcpy(text, s->pred_saved, sizeof(text));
	what = lttr_session_set_pred(s, text, progress, arg, err);
	/* refused (a trace changed under the file): forgotten; canceled: kept */
	if (err->code != LTTR_E_CANCELED)
		s->pred_saved[0] = '\0';
	return what;
}

const char *lttr_session_pred_kept(const struct lttr_session *s)
{
	return s->pred_text[0] ? s->pred_text : s->pred_saved;
}

long lttr_session_pred_step(const struct lttr_session *s, int dir, uint64_t *t)
{
	long i = lttr_hits_step(s->pred_hits, s->npred, s->vp.cursor, dir);

	if (i >= 0)
		*t = s->pred_hits[i].time_ns;
	return i;
}

size_t lttr_session_pred_in(const struct lttr_session *s, uint64_t a, uint64_t b, size_t *first)
{
	return lttr_hits_in(s->pred_hits, s->npred, a, b, first);
}

unsigned int lttr_session_set_filter_hide(struct lttr_session *s, bool hide)
{
	if (s->filter_hide == hide)
		return 0;
	s->filter_hide = hide;
	return s->filter ? LTTR_SES_FILTER : 0;
}

unsigned int lttr_session_set_active_only(struct lttr_session *s, bool on)
{
	if (s->active_only == on)
		return 0;
	s->active_only = on;
	return LTTR_SES_ROWS;
}

unsigned int lttr_session_set_idle_open(struct lttr_session *s, bool open)
{
	if (s->idle_open == open)
		return 0;
	s->idle_open = open;
	return LTTR_SES_ROWS;
}

unsigned int lttr_session_set_row_sort(struct lttr_session *s, unsigned int sort)
{
	if (!lttr_vsort_name(sort) || sort == s->row_sort)
		return 0;
	s->row_sort = sort;
	return LTTR_SES_ROWS;
}

long lttr_session_bookmark_add(struct lttr_session *s, const char *name, uint64_t t,
			       unsigned int *what)
{
	long i = lttr_bookmarks_add(&s->bm, name, t);

	if (what)
		*what = i < 0 ? 0 : LTTR_SES_MARKS;
	return i;
}

unsigned int lttr_session_bookmark_remove(struct lttr_session *s, size_t i)
{
	if (i >= s->bm.n)
		return 0;
	lttr_bookmarks_remove(&s->bm, i);
	return LTTR_SES_MARKS;
}

bool lttr_session_row_shown(const struct lttr_session *s, size_t row, bool *dim)
{
	const struct lttr_vrow_info *in = lttr_view_row(s->v, row);
	bool m;

	*dim = false;
	if (!s->filter)
		return true;
	switch (in->kind) {
	case LTTR_VROW_TASK:
		m = lttr_filter_match_row(s->filter, in->id, in->name, -1);
		break;
	case LTTR_VROW_CPU:
		m = lttr_filter_match_row(s->filter, UINT32_MAX, in->name, (int)in->id);
		break;
	default:
		m = lttr_filter_match_row(s->filter, UINT32_MAX, in->name ? in->name : "", -1);
		break;
	}
	if (m)
		return true;
	*dim = true;
	return !s->filter_hide;
}

bool lttr_session_next_mark(const struct lttr_session *s, int dir, uint64_t *t)
{
	uint64_t best = 0, x;
	bool have = false;
	size_t m;

	for (m = 0; m < 2 + s->bm.n; m++) {
		if (m < 2 && !s->vp.has_mark[m])
			continue;
		x = m < 2 ? s->vp.mark[m] : s->bm.v[m - 2].time_ns;
		if ((dir > 0 && x > s->vp.cursor && (!have || x < best)) ||
		    (dir < 0 && x < s->vp.cursor && (!have || x > best))) {
			best = x;
			have = true;
		}
	}
	if (have)
		*t = best;
	return have;
}

/* ------------------------------------------------------------------ */

int lttr_session_load_marks(struct lttr_session *s, struct lttr_error *err)
{
	int r;

	lttr_bookmarks_free(&s->bm);
	r = lttr_bookmarks_load(s->dir, &s->bm, err);
	s->vp.mark[0] = s->bm.mark[0];
	s->vp.mark[1] = s->bm.mark[1];
	s->vp.has_mark[0] = s->bm.has_mark[0];
	s->vp.has_mark[1] = s->bm.has_mark[1];
	return r;
}

bool lttr_session_marks_saved(const struct lttr_session *s)
{
	int i;

	for (i = 0; i < 2; i++)
		if (s->vp.has_mark[i] != s->bm.has_mark[i] ||
		    (s->vp.has_mark[i] && s->vp.mark[i] != s->bm.mark[i]))
			return false;
	return true;
}

int lttr_session_save_marks(struct lttr_session *s, struct lttr_error *err)
{
	s->bm.mark[0] = s->vp.mark[0];
	s->bm.mark[1] = s->vp.mark[1];
	s->bm.has_mark[0] = s->vp.has_mark[0];
	s->bm.has_mark[1] = s->vp.has_mark[1];
	return lttr_bookmarks_save(s->dir, lttr_trace_header(s->t)->start_ns, &s->bm, err);
}

void lttr_session_layout_init(struct lttr_session_layout *lay)
{
	memset(lay, 0, sizeof(*lay));
	lay->pane_position = -1;
	lay->graph_page = -1;
	lay->table_page = -1;
}

int lttr_session_layout_column(struct lttr_session_layout *lay, const char *name,
			       const char *text)
{
	size_t i;

	lay->has_columns = true;
	for (i = 0; i < lay->ncolumns; i++)
		if (!strcmp(lay->column[i].name, name))
			break;
	if (i == LTTR_SESSION_COLUMNS)
		return -1;
	snprintf(lay->column[i].name, sizeof(lay->column[i].name), "%s", name);
	snprintf(lay->column[i].text, sizeof(lay->column[i].text), "%s", text);
	if (i == lay->ncolumns)
		lay->ncolumns++;
	return 0;
}

const char *lttr_session_layout_find(const struct lttr_session_layout *lay, const char *name)
{
	size_t i;

	for (i = 0; i < lay->ncolumns; i++)
		if (!strcmp(lay->column[i].name, name))
			return lay->column[i].text;
	return NULL;
}

static char *session_path(const struct lttr_session *s)
{
	size_t n = strlen(s->dir) + sizeof(SESSION_FILE) + 1;
	char *p = malloc(n);

	if (p)
		snprintf(p, n, "%s/%s", s->dir, SESSION_FILE);
	return p;
}

/* a member of @o of type @t, or NULL; @bad counts the wrong ones */
static json_object *member(json_object *o, const char *key, json_type t, int *bad)
{
	json_object *v;

	if (!o || !json_object_object_get_ex(o, key, &v) || !v)
		return NULL;
	if (!json_object_is_type(v, t)) {
		(*bad)++;
		return NULL;
	}
	return v;
}

/* an int member, else -1 (counted when present and not an int) */
static int int_member(json_object *o, const char *key, int *bad)
{
	json_object *v = member(o, key, json_type_int, bad);
	int64_t x;

	if (!v)
		return -1;
	x = json_object_get_int64(v);
	if (x < INT32_MIN || x > INT32_MAX) {
		(*bad)++;
		return -1;
	}
	return (int)x;
}

/*
 * the predicate of @o into @s->pred_saved, compiled (not replayed): 1
 * read, 0 none (absent, null, ""), -1 refused (counted in @bad, said in
 * @err when given)
 */
static int pred_member(struct lttr_session *s, json_object *o, int *bad, struct lttr_error *err)
{
	json_object *v;
	struct lttr_error e;
	const char *text;

	if (!json_object_object_get_ex(o, "predicate", &v) || !v)
		return 0;
	if (!json_object_is_type(v, json_type_string)) {
		(*bad)++;
		if (err)
			lttr_error_set(err, LTTR_E_FORMAT, "predicate: not a string");
		return -1;
	}
	text = json_object_get_string(v);
	if (!*text)
		return 0;
	if (strlen(text) >= sizeof(s->pred_saved)) {
		(*bad)++;
		if (err)
			lttr_error_set(err, LTTR_E_FORMAT, "predicate: longer than %zu characters",
				       sizeof(s->pred_saved) - 1);
		return -1;
	}
	if (lttr_replay_expr_check(s->t, text, err ? err : &e) < 0) {
		(*bad)++;
		if (err) {
			char m[LTTR_ERRMSG_MAX];

			snprintf(m, sizeof(m), "%s", err->msg);
			lttr_error_set(err, LTTR_E_FORMAT, "predicate: %s", m);
		}
		return -1;
	}
	snprintf(s->pred_saved, sizeof(s->pred_saved), "%s", text);
	return 1;
}

static void apply(struct lttr_session *s, json_object *o, struct lttr_session_layout *lay,
		  int *bad)
{
	json_object *w = member(o, "window", json_type_object, bad), *v, *a, *b, *f;

	a = member(w, "t0_ns", json_type_int, bad);
	b = member(w, "t1_ns", json_type_int, bad);
	if (a && b && json_object_get_int64(a) >= 0 &&
	    json_object_get_int64(b) > json_object_get_int64(a))
		lttr_viewport_show(&s->vp, (uint64_t)json_object_get_int64(a),
				   (uint64_t)json_object_get_int64(b));
	/* (a window of no width is left as it is, not counted: a trace of
	 * one instant saves t1 == t0) */
	v = member(o, "cursor_ns", json_type_int, bad);
	if (v && json_object_get_int64(v) >= 0) {
		uint64_t t0 = s->vp.t0, t1 = s->vp.t1;

		lttr_viewport_set_cursor(&s->vp, (uint64_t)json_object_get_int64(v));
		/* a cursor outside the window saved moves the window: not wanted */
		if (s->vp.t0 != t0 || s->vp.t1 != t1)
			lttr_viewport_show(&s->vp, t0, t1);
	}
	v = member(o, "selected_pid", json_type_int, bad);
	if (v && json_object_get_int64(v) > 0 && json_object_get_int64(v) <= UINT32_MAX) {
		s->sel_pid = (uint32_t)json_object_get_int64(v);
		s->sel_row = lttr_view_find_row(s->v, LTTR_VROW_TASK, s->sel_pid, false);
	}
	v = member(o, "active_only", json_type_boolean, bad);
	if (v)
		s->active_only = json_object_get_boolean(v);
	v = member(o, "idle_open", json_type_boolean, bad);
	if (v)
		s->idle_open = json_object_get_boolean(v);
	/* enum lttr_vsort by its name (lttr_vsort_name()) */
	v = member(o, "row_sort", json_type_string, bad);
	if (v && lttr_vsort_parse(json_object_get_string(v)) >= 0)
		s->row_sort = (unsigned int)lttr_vsort_parse(json_object_get_string(v));
	else if (v)
		(*bad)++;
	f = member(o, "filter", json_type_object, bad);
	v = member(f, "expression", json_type_string, bad);
	if (v && *json_object_get_string(v)) {
		json_object *h = member(f, "hide", json_type_boolean, bad);

		if (lttr_session_set_filter(s, json_object_get_string(v), NULL))
			s->filter_hide = h ? json_object_get_boolean(h) : true;
		else
			(*bad)++;
	}
	pred_member(s, o, bad, NULL);
	f = member(o, "column_filters", json_type_object, bad);
	if (f) {
		lay->has_columns = true;
		json_object_object_foreach(f, key, val) {
			if (!val || !json_object_is_type(val, json_type_string) ||
			    lttr_session_layout_column(lay, key, json_object_get_string(val)))
				(*bad)++;
		}
	}
	/* the front end applies what it can (a page it has, a height > 0) */
	lay->pane_position = int_member(o, "pane_position", bad);
	lay->graph_page = int_member(o, "graph_page", bad);
	lay->table_page = int_member(o, "table_page", bad);
}

int lttr_session_load(struct lttr_session *s, struct lttr_session_layout *lay, int *nbad,
		      struct lttr_error *err)
{
	return lttr_session_load_file(s, NULL, lay, nbad, err);
}

/*
 * the text of @path into *@text (*@len bytes, free() it): 1, 0 when there
 * is no such file and @missing_ok, or a negative code ("PATH: why")
 */
static int slurp(const char *path, bool missing_ok, char **out, size_t *outlen,
		 struct lttr_error *err)
{
	char *text = NULL;
	size_t len = 0, cap = 0;
	int r = 1;
	FILE *f;

	*out = NULL;
	*outlen = 0;
	f = fopen(path, "r");
	if (!f)
		return errno == ENOENT && missing_ok ? 0 :
			lttr_error_set(err, LTTR_E_IO, "%s: %s", path, strerror(errno));
	for (;;) {
		size_t got;

		if (len == cap) {
			char *n = realloc(text, cap ? 2 * cap : 4096);

			if (!n) {
				r = lttr_error_set(err, LTTR_E_NOMEM, "%s: out of memory", path);
				break;
			}
			text = n;
			cap = cap ? 2 * cap : 4096;
		}
		got = fread(text + len, 1, cap - len, f);
		len += got;
		if (got)
			continue;
		if (ferror(f))
			r = lttr_error_set(err, LTTR_E_IO, "%s: %s", path, strerror(errno));
		break;
	}
	fclose(f);
	if (r == 1) {
		*out = text;
		*outlen = len;
	} else {
		free(text);
	}
	return r;
}

int lttr_session_load_file(struct lttr_session *s, const char *file,
			   struct lttr_session_layout *lay, int *nbad, struct lttr_error *err)
{
	char *path = file ? strdup(file) : session_path(s), *text = NULL;
	size_t len = 0;
	int r;

	lttr_session_layout_init(lay);
	*nbad = 0;
	if (!path)
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	/* none beside the trace is no error; a file asked for is */
	r = slurp(path, !file, &text, &len, err);
	if (r == 1) {
		struct lttr_error perr;

		if (lttr_session_parse(s, text, len, lay, nbad, &perr) < 0)
			r = lttr_error_set(err, perr.code, "%s: %s", path, perr.msg);
	}
	free(text);
	free(path);
	return r;
}

/* the JSON object of a session file's text, or NULL (@err says why) */
static json_object *session_object(const char *text, size_t len, struct lttr_error *err)
{
	enum json_tokener_error jerr;
	json_tokener *tok;
	json_object *o;

	if (len > INT32_MAX) {
		lttr_error_set(err, LTTR_E_FORMAT, "not a session file (too long)");
		return NULL;
	}
	tok = json_tokener_new();
	if (!tok) {
		lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
		return NULL;
	}
	o = json_tokener_parse_ex(tok, text, (int)len);
	jerr = json_tokener_get_error(tok);
	json_tokener_free(tok);
	if (!o || jerr != json_tokener_success || !json_object_is_type(o, json_type_object)) {
		lttr_error_set(err, LTTR_E_FORMAT, "not a session file (%s)",
			       jerr == json_tokener_continue ? "the JSON ends too early" :
			       jerr != json_tokener_success ? json_tokener_error_desc(jerr) :
			       "not a JSON object");
		json_object_put(o);
		return NULL;
	}
	return o;
}

int lttr_session_parse(struct lttr_session *s, const char *text, size_t len,
		       struct lttr_session_layout *lay, int *nbad, struct lttr_error *err)
{
	json_object *o;

	lttr_session_layout_init(lay);
	*nbad = 0;
	o = session_object(text, len, err);
	if (!o)
		return -err->code;
	apply(s, o, lay, nbad);
	json_object_put(o);
	return 0;
}

int lttr_session_load_pred(struct lttr_session *s, struct lttr_error *err)
{
	char *path = session_path(s), *text = NULL;
	struct lttr_error perr;
	size_t len = 0;
	int r, bad = 0;

	lttr_error_clear(err);
	if (!path)
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	r = slurp(path, true, &text, &len, err);
	if (r == 1) {
		json_object *o;

		lttr_error_clear(&perr);
		o = session_object(text, len, &perr);
		if (!o)
			r = lttr_error_set(err, perr.code ? perr.code : LTTR_E_FORMAT, "%s: %s", path,
					   perr.msg);
		else
			r = pred_member(s, o, &bad, &perr);
		if (o && r < 0)
			r = lttr_error_set(err, perr.code, "%s: %s", path, perr.msg);
		json_object_put(o);
	}
	free(text);
	free(path);
	return r;
}

static int write_atomic(const char *dir, const char *path, const char *text,
			struct lttr_error *err);

int lttr_session_save_pred(const struct lttr_session *s, struct lttr_error *err)
{
	char *path = session_path(s), *text = NULL;
	const char *pred = lttr_session_pred_kept(s);
	struct lttr_error perr;
	json_object *o = NULL;
	size_t len = 0;
	int r;

	lttr_error_clear(err);
	if (!path)
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	r = slurp(path, true, &text, &len, err);
	if (r == 1) {
		o = session_object(text, len, &perr);
		if (!o)
			r = lttr_error_set(err, perr.code, "%s: %s: not replaced", path, perr.msg);
	} else if (r == 0) {
		o = json_object_new_object();
		if (o)
			json_object_object_add(o, "version", json_object_new_int(1));
	}
	if (r >= 0 && !o)
		r = lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	if (r >= 0) {
		json_object_object_add(o, "predicate", *pred ? json_object_new_string(pred) : NULL);
		r = write_atomic(s->dir, path, json_object_to_json_string_ext(o,
				 JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_NOSLASHESCAPE), err);
	}
	json_object_put(o);
	free(text);
	free(path);
	return r;
}

static json_object *session_json(const struct lttr_session *s,
				 const struct lttr_session_layout *lay)
{
	json_object *o = json_object_new_object(), *w = json_object_new_object();

	json_object_object_add(o, "version", json_object_new_int(1));
	json_object_object_add(w, "t0_ns", json_object_new_int64((int64_t)s->vp.t0));
	json_object_object_add(w, "t1_ns", json_object_new_int64((int64_t)s->vp.t1));
	json_object_object_add(o, "window", w);
	json_object_object_add(o, "cursor_ns", json_object_new_int64((int64_t)s->vp.cursor));
	json_object_object_add(o, "selected_pid", json_object_new_int64(s->sel_pid));
	json_object_object_add(o, "active_only", json_object_new_boolean(s->active_only));
	json_object_object_add(o, "idle_open", json_object_new_boolean(s->idle_open));
	json_object_object_add(o, "row_sort", json_object_new_string(
		lttr_vsort_name(s->row_sort) ? lttr_vsort_name(s->row_sort) : "traced"));
	if (s->filter) {
		json_object *f = json_object_new_object();

		/* the filter's own text: @filter_text may be cut */
		json_object_object_add(f, "expression",
				       json_object_new_string(lttr_filter_text(s->filter)));
		json_object_object_add(f, "hide", json_object_new_boolean(s->filter_hide));
		json_object_object_add(o, "filter", f);
	} else {
		json_object_object_add(o, "filter", NULL);
	}
	json_object_object_add(o, "predicate", *lttr_session_pred_kept(s) ?
			       json_object_new_string(lttr_session_pred_kept(s)) : NULL);
	if (lay && lay->has_columns) {
		json_object *c = json_object_new_object();
		size_t i;

		for (i = 0; i < lay->ncolumns; i++)
			if (lay->column[i].text[0])
				json_object_object_add(c, lay->column[i].name,
						       json_object_new_string(lay->column[i].text));
		json_object_object_add(o, "column_filters", c);
	}
	if (lay && lay->pane_position >= 0)
		json_object_object_add(o, "pane_position", json_object_new_int(lay->pane_position));
	if (lay && lay->graph_page >= 0)
		json_object_object_add(o, "graph_page", json_object_new_int(lay->graph_page));
	if (lay && lay->table_page >= 0)
		json_object_object_add(o, "table_page", json_object_new_int(lay->table_page));
	return o;
}

/*
 * write @text to @path: a new file renamed over the old one, with the
 * mode and owner of the trace in @dir (lttr_file_mode_like_trace())
 */
static int write_atomic(const char *dir, const char *path, const char *text,
			struct lttr_error *err)
{
	size_t n = strlen(path) + 8, len = strlen(text);
	char *tmp = malloc(n);
	int fd, r = 0;
	FILE *f;

	if (!tmp)
		return lttr_error_set(err, LTTR_E_NOMEM, "%s: out of memory", path);
	snprintf(tmp, n, "%s.XXXXXX", path);
	fd = mkstemp(tmp);
	if (fd < 0) {
		r = lttr_error_set(err, LTTR_E_IO, "%s: %s", path, strerror(errno));
		free(tmp);
		return r;
	}
	f = lttr_file_mode_like_trace(dir, fd) < 0 ? NULL : fdopen(fd, "w");
	if (!f) {
		r = lttr_error_set(err, LTTR_E_IO, "%s: %s", path, strerror(errno));
		close(fd);
	} else if (fwrite(text, 1, len, f) != len || fflush(f) || fsync(fileno(f))) {
		r = lttr_error_set(err, LTTR_E_IO, "%s: %s", path, strerror(errno));
		fclose(f);
	} else if (fclose(f)) {
		r = lttr_error_set(err, LTTR_E_IO, "%s: %s", path, strerror(errno));
	} else if (rename(tmp, path)) {
		r = lttr_error_set(err, LTTR_E_IO, "%s: %s", path, strerror(errno));
	}
	if (r)
		unlink(tmp);
	free(tmp);
	return r;
}

int lttr_session_save(const struct lttr_session *s, const struct lttr_session_layout *lay,
		      struct lttr_error *err)
{
	char *path = session_path(s);
	json_object *o;
	int r;

	if (!path)
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	o = session_json(s, lay);
	r = write_atomic(s->dir, path, json_object_to_json_string_ext(o, JSON_C_TO_STRING_PRETTY |
							   JSON_C_TO_STRING_NOSLASHESCAPE), err);
	json_object_put(o);
	free(path);
	return r;
}
