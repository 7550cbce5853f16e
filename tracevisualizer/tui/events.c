// SPDX-License-Identifier: GPL-2.0
/*
 * events.c - the events view (6): the raw trace as "dump" prints it, one
 * line per event, around the shared cursor: the selected line is the
 * first event at or after the cursor, and moving the selection moves the
 * cursor.  Only the lines on the screen are read: they are a run of the
 * library's events list (lttr/view/evwin.h over evlist.h) placed at the
 * cursor and grown by a line at an edge, so a trace of any size scrolls
 * at the same speed.  With a filter, events that do not match are dimmed,
 * or hidden: the list then holds the matching ones, and skips the buffers
 * that cannot match.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <curses.h>
#include "tui.h"

static bool hiding(const struct tui *u)
{
	return u->s.filter && u->s.filter_hide;
}

/* the events shown: all, or those that match the filter when it hides */
static struct lttr_evlist *list(struct tui *u)
{
	struct lttr_error err;

	if (!u->evl) {
		if (lttr_evlist_new(u->s.v, &u->evl, &err))
			tui_message(u, true, "%s", err.msg);
		else
			lttr_evwin_init(&u->ev.w, u->evl, 0);
	}
	if (u->evl)
		lttr_evlist_set_filter(u->evl, hiding(u) ? u->s.filter : NULL);
	return u->evl;
}

/* the first shown event after @pos (@incl: at it too), or from the start */
static int ev_next(struct tui *u, const struct lttr_view_pos *pos, bool incl,
		   struct lttr_event *out)
{
	struct lttr_evlist *l = list(u);

	return l ? lttr_evlist_after(l, pos, incl, out) : -1;
}

/* the last shown event before @pos (NULL: the last one) */
static int ev_prev(struct tui *u, const struct lttr_view_pos *pos, struct lttr_event *out)
{
	struct lttr_evlist *l = list(u);

	return l ? lttr_evlist_before(l, pos, out) : -1;
}

/* fill the screen with @first on line @at (and what comes before it above) */
static void fill(struct tui *u, const struct lttr_event *first, size_t at, size_t lines)
{
	struct tui_events *e = &u->ev;
	struct lttr_evwin *w = &e->w;

	if (!list(u) || lttr_evwin_reset_at(w, first))
		return;
	e->sel = lttr_evwin_extend_back(w, at);
	if (w->n < lines)
		lttr_evwin_extend_fwd(w, lines - w->n);
	e->valid = true;
}

/* place the lines for the cursor: the first event at or after it selected */
static void sync_cursor(struct tui *u, size_t lines)
{
	struct lttr_view_pos p = { u->s.vp.cursor, 0, 0 };
	struct lttr_event ev;

	u->ev.valid = false;
	lttr_evwin_clear(&u->ev.w);
	if (ev_next(u, &p, true, &ev) != 1) {
		/* nothing after it: the last events */
		if (ev_prev(u, NULL, &ev) != 1)
			return;
	}
	fill(u, &ev, lines / 3, lines);
	u->ev.synced = u->s.vp.cursor;
}

void tui_events_goto(struct tui *u, const struct lttr_event *ev)
{
	size_t lines = u->h > 5 ? (size_t)u->h - 4 : 1;

	fill(u, ev, lines / 3, lines);
	tui_set_cursor(u, ev->time_ns);
	u->ev.synced = u->s.vp.cursor;
}

void tui_events_free(struct tui *u)
{
	lttr_evwin_free(&u->ev.w);
	lttr_evlist_free(u->evl);
	u->evl = NULL;
}

static void line(struct tui *u, int y, const struct lttr_event *ev, bool sel)
{
	char desc[512], t[32], buf[700];
	bool dim = false;
	attr_t attr;

	tui_filter_event(u, ev, &dim);
	lttr_event_describe(u->s.t, ev, desc, sizeof(desc));
	snprintf(buf, sizeof(buf), "%16s %3u %7u %-14.14s %c %s",
		 lttr_fmt_time(tui_rel(u, ev->time_ns), t, sizeof(t)), ev->cpu, ev->pid,
		 lttr_view_comm(u->s.v, ev->pid, ev->time_ns), ev->control ? 'C' : ' ', desc);
	attr = sel ? A_REVERSE : dim ? tui_attr_dim(u) : A_NORMAL;
	move(y, 0);
	attron(attr);
	addnstr(buf, u->w);
	if (sel) {
		int x;

		for (x = getcurx(stdscr); x < u->w && getcury(stdscr) == y; x++)
			addch(' ');
	}
	attroff(attr);
}

void tui_events_draw(struct tui *u, int top, int height)
{
	struct tui_events *e = &u->ev;
	size_t lines = height > 1 ? (size_t)height - 1 : 1, i;

	attron(A_BOLD | A_UNDERLINE);
	mvprintw(top, 0, "%16s %3s %7s %-14s %c %-*s", "time", "cpu", "pid", "task", 'C',
		 u->w > 47 ? u->w - 47 : 1, "event");
	attroff(A_BOLD | A_UNDERLINE);
	if (!e->valid || e->synced != u->s.vp.cursor || e->w.n < lines)
		sync_cursor(u, lines);
	if (!e->w.n) {
		mvaddstr(top + 1, 2, hiding(u) ? "(no event matches the filter)" : "(no event)");
		return;
	}
	for (i = 0; i < e->w.n && i < lines; i++)
		line(u, top + 1 + (int)i, &e->w.ev[i], i == e->sel);
}

/* move the selection by @d lines, reading more lines at the edges */
static void move_sel(struct tui *u, long d, size_t lines)
{
	struct tui_events *e = &u->ev;
	struct lttr_evwin *w = &e->w;

	while (d > 0 && w->n) {
		if (e->sel + 1 < w->n) {
			e->sel++;
		} else {
			if (lttr_evwin_extend_fwd(w, 1) != 1)
				break;
			if (w->n > lines)
				lttr_evwin_keep(w, 1, w->n);
			e->sel = w->n - 1;
		}
		d--;
	}
	while (d < 0 && w->n) {
		if (e->sel > 0) {
			e->sel--;
		} else {
			if (lttr_evwin_extend_back(w, 1) != 1)
				break;
			if (w->n > lines)
				lttr_evwin_keep(w, 0, lines);
			e->sel = 0;
		}
		d++;
	}
	if (w->n) {
		tui_set_cursor(u, w->ev[e->sel].time_ns);
		e->synced = u->s.vp.cursor;
	}
}

bool tui_events_key(struct tui *u, enum lttr_kaction act, int height)
{
	size_t lines = height > 1 ? (size_t)height - 1 : 1;
	struct lttr_event ev;

	switch (act) {
	case LTTR_KA_ROW_PREV:
		move_sel(u, -1, lines);
		return true;
	case LTTR_KA_ROW_NEXT:
		move_sel(u, 1, lines);
		return true;
	case LTTR_KA_PAGE_PREV:
		move_sel(u, -(long)lines + 1, lines);
		return true;
	case LTTR_KA_PAGE_NEXT:
		move_sel(u, (long)lines - 1, lines);
		return true;
	case LTTR_KA_START:
		if (ev_next(u, NULL, false, &ev) == 1)
			tui_events_goto(u, &ev);
		return true;
	case LTTR_KA_END:
		if (ev_prev(u, NULL, &ev) == 1)
			tui_events_goto(u, &ev);
		return true;
	default:
		return false;
	}
}

bool tui_events_selected(const struct tui *u, struct lttr_view_pos *p)
{
	if (!u->ev.valid || !u->ev.w.n || u->ev.synced != u->s.vp.cursor)
		return false;
	*p = lttr_view_pos_of(&u->ev.w.ev[u->ev.sel]);
	return true;
}
