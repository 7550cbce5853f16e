// SPDX-License-Identifier: GPL-2.0
/*
 * actions.c - what the keys that work in every view do: search (/ n N),
 * filter (f F), go to a time (g), bookmarks (b B) and markers, and the
 * warnings page that says what the reader is unsure of.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <curses.h>
#include <lttr/replay/replay.h>
#include <lttr/view/verify.h>
#include "tui.h"

static const char *comm_cb(void *arg, uint32_t pid, uint64_t t)
{
	return lttr_view_comm(arg, pid, t);
}

static void show_found(struct tui *u, const struct lttr_event *ev)
{
	char desc[256], t[32];

	u->found = lttr_view_pos_of(ev);
	u->have_found = true;
	if (u->view == V_EVENTS)
		tui_events_goto(u, ev);
	else
		tui_set_cursor(u, ev->time_ns);
	if (u->view == V_FLOW || u->view == V_RES)
		tui_graph_select_pid(u, ev->pid, ev->cpu);
	lttr_event_describe(u->s.t, ev, desc, sizeof(desc));
	tui_message(u, false, "match %s cpu %u pid %u: %s", lttr_fmt_time(tui_rel(u, ev->time_ns),
		    t, sizeof(t)), ev->cpu, ev->pid, desc);
}

static void find(struct tui *u, int dir, bool fresh)
{
	struct lttr_view_pos from;
	struct lttr_event ev;
	struct lttr_error err;
	bool incl = false;
	int r;

	if (u->view == V_EVENTS && tui_events_selected(u, &from)) {
		incl = fresh;
	} else if (!fresh && u->have_found && u->found.time_ns == u->s.vp.cursor) {
		from = u->found;
	} else {
		from.time_ns = u->s.vp.cursor;
		from.cpu = dir > 0 ? 0 : 0xffff;
		from.offset = dir > 0 ? 0 : UINT64_MAX;
		incl = true;
	}
	tui_message(u, false, "searching");
	r = lttr_view_find(u->s.v, u->search, &from, incl, dir, tui_progress, u, &ev, NULL, &err);
	u->msg[0] = '\0';
	if (r == 1)
		show_found(u, &ev);
	else if (r == 0)
		tui_message(u, true, "no match %s the %s for: %s", dir > 0 ? "after" : "before",
			    u->view == V_EVENTS ? "selected event" : "cursor", u->search_text);
	else if (r == -LTTR_E_CANCELED)
		tui_message(u, true, "search canceled");
	else
		tui_message(u, true, "search: %s", err.msg);
}

void tui_search_prompt(struct tui *u)
{
	char buf[sizeof(u->search_text)];
	struct lttr_filter *f;
	struct lttr_error err;

	snprintf(buf, sizeof(buf), "%s", u->search_text);
	if (tui_prompt(u, "search: ", buf, sizeof(buf)) || !buf[0])
		return;
	if (lttr_filter_compile(buf, &f, &err)) {
		tui_message(u, true, "search: %s", err.msg);
		return;
	}
	lttr_filter_free(u->search);
	u->search = f;
	snprintf(u->search_text, sizeof(u->search_text), "%s", buf);
	find(u, 1, true);
}

void tui_search_next(struct tui *u, int dir)
{
	if (!u->search) {
		tui_message(u, true, "no search yet (/)");
		return;
	}
	find(u, dir, false);
}

/*
 * The predicate bar (p): an expression of the replay's language
 * (docs/replay.md); its hits over the whole trace come from one replay
 * pass (lttr_session_set_pred(), a progress bar that Esc cancels), are
 * marked ^ on the rulers, and ) ( move the cursor to the next and
 * previous one.  A text that does not compile is said with its line and
 * column, as replay --hits says it, and changes nothing.  The predicate
 * set is kept in TRACEDIR/session.json (lttr_session_save_pred(): that
 * member only, the window's members kept) and replayed again when the
 * trace is opened the next time (tui_pred_restore()).
 */
static void pred_keep(struct tui *u)
{
	const char *p = lttr_session_pred_kept(&u->s);
	struct lttr_error err;

	if (!strcmp(p, u->pred_file))
		return;
	if (lttr_session_save_pred(&u->s, &err) < 0) {
		tui_message(u, true, "predicate not kept for the next session: %s", err.msg);
		return;
	}
	snprintf(u->pred_file, sizeof(u->pred_file), "%s", p);
}

void tui_pred_restore(struct tui *u)
{
	struct lttr_error err;
	int r = lttr_session_load_pred(&u->s, &err);

	if (r < 0) {
		tui_message(u, true, "predicate of the last session ignored: %s", err.msg);
		return;
	}
	if (r == 0)
		return;
	snprintf(u->pred_file, sizeof(u->pred_file), "%s", u->s.pred_saved);
	tui_message(u, false, "replaying the trace for: %.200s", u->s.pred_saved);
	lttr_session_restore_pred(&u->s, tui_progress, u, &err);
	u->msg[0] = '\0';
	if (err.code == LTTR_E_CANCELED)
		tui_message(u, true, "the last session's predicate not replayed (canceled): p "
			    "runs it");
	else if (err.code)
		tui_message(u, true, "predicate of the last session ignored: %s", err.msg);
	else
		tui_message(u, false, "predicate of the last session: %zu hit%s: ) next, ( "
			    "previous", u->s.npred, u->s.npred == 1 ? "" : "s");
}

void tui_pred_prompt(struct tui *u)
{
	char buf[sizeof(u->pred_edit)];
	struct lttr_error err;

	snprintf(buf, sizeof(buf), "%s", u->pred_edit[0] ? u->pred_edit :
		 lttr_session_pred_kept(&u->s));
	if (tui_prompt(u, "predicate (empty: none): ", buf, sizeof(buf)))
		return;
	snprintf(u->pred_edit, sizeof(u->pred_edit), "%s", buf);
	tui_message(u, false, "replaying the trace for: %.200s", buf);
	lttr_session_set_pred(&u->s, buf, tui_progress, u, &err);
	u->msg[0] = '\0';
	if (err.code == LTTR_E_CANCELED) {
		tui_message(u, true, "predicate canceled: %s", u->s.pred_text[0] ?
			    "the one before stays" : "none");
		return;
	}
	if (err.code) {
		tui_message(u, true, "predicate: %s", err.msg);
		return;
	}
	u->pred_edit[0] = '\0';
	if (!buf[0])
		tui_message(u, false, "no predicate");
	else
		tui_message(u, false, "predicate: %zu hit%s: ) next, ( previous", u->s.npred,
			    u->s.npred == 1 ? "" : "s");
	pred_keep(u);
}

void tui_pred_step(struct tui *u, int dir)
{
	uint64_t t, rel;
	long i;

	if (!u->s.pred_text[0]) {
		tui_message(u, true, "no predicate yet (p)");
		return;
	}
	i = lttr_session_pred_step(&u->s, dir, &t);
	if (i < 0) {
		tui_message(u, true, "no hit %s the cursor for: %.200s", dir > 0 ? "after" : "before",
			    u->s.pred_text);
		return;
	}
	tui_set_cursor(u, t);
	rel = tui_rel(u, t);
	tui_message(u, false, "hit %ld/%zu at %llu.%09llu #%llu: %.200s", i + 1, u->s.npred,
		    (unsigned long long)(rel / 1000000000U),
		    (unsigned long long)(rel % 1000000000U),
		    (unsigned long long)u->s.pred_hits[i].ordinal, u->s.pred_text);
}

void tui_filter_prompt(struct tui *u)
{
	char buf[256];
	struct lttr_error err;

	snprintf(buf, sizeof(buf), "%.255s", u->s.filter_text);
	if (tui_prompt(u, "filter (empty: none): ", buf, sizeof(buf)))
		return;
	u->ev.valid = false;
	lttr_session_set_filter(&u->s, buf, &err);
	if (err.code) {
		tui_message(u, true, "filter: %s", err.msg);
		return;
	}
	if (!buf[0]) {
		tui_message(u, false, "no filter");
		return;
	}
	tui_message(u, false, "filter set; F: %s the rest", u->s.filter_hide ? "dim" : "hide");
}

bool tui_filter_row(const struct tui *u, size_t row, bool *dim)
{
	return lttr_session_row_shown(&u->s, row, dim);
}

bool tui_filter_event(const struct tui *u, const struct lttr_event *ev, bool *dim)
{
	struct lttr_filter_ctx c = { u->s.t, comm_cb, u->s.v };

	*dim = false;
	if (!u->s.filter || lttr_filter_match(u->s.filter, &c, ev))
		return true;
	*dim = true;
	return !u->s.filter_hide;
}

void tui_goto_prompt(struct tui *u)
{
	char buf[64] = "", msg[256];
	uint64_t rel, start = lttr_trace_header(u->s.t)->start_ns, base = tui_rel(u, u->s.vp.cursor);
	struct lttr_time_span span = { start, lttr_trace_end_ns(u->s.t) };

	if (tui_prompt(u, "go to (seconds from the start; 150ms, @absolute, +20us, -1s): ", buf,
		       sizeof(buf)) || !buf[0])
		return;
	if (span.end < start)
		span.end = start;
	if (lttr_parse_trace_time(buf, &span, &base, &rel, msg, sizeof(msg))) {
		tui_message(u, true, "%s", msg);
		return;
	}
	tui_set_cursor(u, start + rel);
}

static void save(struct tui *u, const char *what)
{
	struct lttr_error err;

	if (lttr_session_save_marks(&u->s, &err))
		tui_message(u, true, "%s kept for this session only: %s", what, err.msg);
}

void tui_save_marks(struct tui *u)
{
	if (!lttr_session_marks_saved(&u->s))
		save(u, "markers");
}

void tui_bookmark_add(struct tui *u)
{
	char buf[LTTR_BOOKMARK_NAME_MAX], t[32];

	snprintf(buf, sizeof(buf), "bookmark %zu", u->s.bm.n + 1);
	if (tui_prompt(u, "bookmark name: ", buf, sizeof(buf)) || !buf[0])
		return;
	if (lttr_session_bookmark_add(&u->s, buf, u->s.vp.cursor, NULL) < 0) {
		tui_message(u, true, "out of memory");
		return;
	}
	tui_message(u, false, "bookmark \"%s\" at %s saved in %s/bookmarks.json", buf,
		    lttr_fmt_time(tui_rel(u, u->s.vp.cursor), t, sizeof(t)), u->s.dir);
	save(u, "bookmark");
}

void tui_bookmarks_page(struct tui *u, int top, int height)
{
	char t[32];
	size_t i;
	int y = top;

	tui_clip(y++, 0, u->w, "Bookmarks  (Enter: go there, d: delete, Esc: back)", A_BOLD);
	if (!u->s.bm.n) {
		mvaddstr(y, 2, "(none yet: b bookmarks the cursor)");
		return;
	}
	if (u->page_t.sel >= u->s.bm.n)
		u->page_t.sel = u->s.bm.n - 1;
	if (u->page_t.sel < u->page_t.top)
		u->page_t.top = u->page_t.sel;
	if (u->page_t.sel >= u->page_t.top + (size_t)(height - 1))
		u->page_t.top = u->page_t.sel - (size_t)(height - 2);
	for (i = u->page_t.top; i < u->s.bm.n && y < top + height; i++, y++) {
		attr_t attr = i == u->page_t.sel ? A_REVERSE : A_NORMAL;

		attron(attr);
		mvprintw(y, 0, "%18s  %s", lttr_fmt_time(tui_rel(u, u->s.bm.v[i].time_ns), t, sizeof(t)),
			 u->s.bm.v[i].name);
		attroff(attr);
	}
}

bool tui_bookmarks_key(struct tui *u, enum lttr_kaction act, int height)
{
	switch (act) {
	case LTTR_KA_BOOKMARK_GO:
		if (u->page_t.sel < u->s.bm.n) {
			tui_set_cursor(u, u->s.bm.v[u->page_t.sel].time_ns);
			u->page = P_NONE;
		}
		return true;
	case LTTR_KA_BOOKMARK_DELETE:
		if (u->page_t.sel < u->s.bm.n) {
			lttr_session_bookmark_remove(&u->s, u->page_t.sel);
			save(u, "bookmarks");
		}
		return true;
	default:
		return tui_scroll_key(&u->page_t, act, u->s.bm.n, height);
	}
}

/* the warnings, one a line: what the reader is unsure of */
static size_t warnings(const struct tui *u, char (*out)[LTTR_VIEW_WARNING_LEN], size_t max)
{
	return u->s.v ? lttr_view_warnings(u->s.v, out, max) : 0;
}

size_t tui_warning_count(struct tui *u)
{
	if (!u->nwarn_known && u->s.v) {	/* counted once, when the view is built */
		u->nwarn = warnings(u, NULL, 0);
		u->nwarn_known = true;
	}
	return u->nwarn;
}

void tui_warnings_page(struct tui *u, int top, int height)
{
	char (*w)[LTTR_VIEW_WARNING_LEN] = calloc(64, sizeof(*w));
	size_t n, i;
	int y = top;

	if (!w)
		return;
	n = warnings(u, w, 64);
	tui_clip(y++, 0, u->w, n ? "Warnings: figures near these times or CPUs may be wrong  (Esc: back)" :
		 "No warning: the trace is complete, nothing was lost  (Esc: back)", A_BOLD);
	/* each warning whole: wrapped at spaces, continued lines indented */
	for (i = u->page_t.top; i < n && i < 64 && y < top + height; i++) {
		const char *p = w[i];
		int x = 2;

		while (*p && y < top + height) {
			int room = u->w - x, len = (int)strlen(p), cut = len;

			if (room < 10)
				break;
			if (len > room) {
				for (cut = room; cut > room / 2 && p[cut] != ' '; cut--)
					;
				if (p[cut] != ' ')
					cut = room;
			}
			tui_clip(y++, x, cut, p, tui_attr_err(u));
			p += cut;
			while (*p == ' ')
				p++;
			x = 4;
		}
	}
	free(w);
}
