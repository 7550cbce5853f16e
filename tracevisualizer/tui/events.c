// SPDX-License-Identifier: GPL-2.0
/*
 * events.c - the events view (6): the raw trace as "dump" prints it, one
 * line per event, around the shared cursor: the selected line is the
 * first event at or after the cursor, and moving the selection moves the
 * cursor.  Only the lines on the screen are read (the merged iterator,
 * seeked by time), so a trace of any size scrolls at the same speed.
 * With a filter, events that do not match are dimmed, or hidden: the
 * lines are read from the library's events list (lttr/view/evlist.h),
 * every event or the matching ones, which skips the buffers that cannot
 * match.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <curses.h>
#include "tui.h"

static bool hiding(const struct tui *u)
{
	return u->filter && u->filter_hide;
}

/* the events shown: all, or those that match the filter when it hides */
static struct lttr_evlist *list(struct tui *u)
{
	struct lttr_error err;

	if (!u->evl && lttr_evlist_new(u->v, &u->evl, &err))
		tui_message(u, true, "%s", err.msg);
	if (u->evl)
		lttr_evlist_set_filter(u->evl, hiding(u) ? u->filter : NULL);
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

static int grow(struct tui_events *e, size_t n)
{
	if (n > e->cap) {
		struct lttr_event *v = realloc(e->ev, n * sizeof(*v));

		if (!v)
			return -1;
		e->ev = v;
		e->cap = n;
	}
	return 0;
}

/* fill the screen with @first on line @at (and what comes before it above) */
static void fill(struct tui *u, const struct lttr_event *first, size_t at, size_t lines)
{
	struct tui_events *e = &u->ev;
	struct lttr_event *tmp;
	size_t above = 0, i;

	if (grow(e, lines))
		return;
	tmp = calloc(at + 1, sizeof(*tmp));
	if (!tmp)
		return;
	/* up to @at events before it */
	while (above < at) {
		struct lttr_view_pos p = lttr_view_pos_of(above ? &tmp[above - 1] : first);

		if (ev_prev(u, &p, &tmp[above]) != 1)
			break;
		above++;
	}
	e->n = 0;
	for (i = above; i-- > 0;)
		e->ev[e->n++] = tmp[i];
	free(tmp);
	e->sel = e->n;
	e->ev[e->n++] = *first;
	while (e->n < lines) {
		struct lttr_view_pos p = lttr_view_pos_of(&e->ev[e->n - 1]);

		if (ev_next(u, &p, false, &e->ev[e->n]) != 1)
			break;
		e->n++;
	}
	e->valid = true;
}

/* place the lines for the cursor: the first event at or after it selected */
static void sync_cursor(struct tui *u, size_t lines)
{
	struct lttr_view_pos p = { u->vp.cursor, 0, 0 };
	struct lttr_event ev;

	u->ev.valid = false;
	u->ev.n = 0;
	if (ev_next(u, &p, true, &ev) != 1) {
		/* nothing after it: the last events */
		if (ev_prev(u, NULL, &ev) != 1)
			return;
	}
	fill(u, &ev, lines / 3, lines);
	u->ev.synced = u->vp.cursor;
}

void tui_events_goto(struct tui *u, const struct lttr_event *ev)
{
	size_t lines = u->h > 5 ? (size_t)u->h - 4 : 1;

	fill(u, ev, lines / 3, lines);
	tui_set_cursor(u, ev->time_ns);
	u->ev.synced = u->vp.cursor;
}

void tui_events_free(struct tui *u)
{
	lttr_evlist_free(u->evl);
	u->evl = NULL;
	free(u->ev.ev);
	u->ev.ev = NULL;
}

static void line(struct tui *u, int y, const struct lttr_event *ev, bool sel)
{
	char desc[512], t[32], buf[700];
	bool dim = false;
	attr_t attr;

	tui_filter_event(u, ev, &dim);
	lttr_event_describe(u->t, ev, desc, sizeof(desc));
	snprintf(buf, sizeof(buf), "%16s %3u %7u %-14.14s %c %s",
		 lttr_fmt_time(tui_rel(u, ev->time_ns), t, sizeof(t)), ev->cpu, ev->pid,
		 lttr_view_comm(u->v, ev->pid, ev->time_ns), ev->control ? 'C' : ' ', desc);
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
	if (!e->valid || e->synced != u->vp.cursor || e->n < lines)
		sync_cursor(u, lines);
	if (!e->n) {
		mvaddstr(top + 1, 2, hiding(u) ? "(no event matches the filter)" : "(no event)");
		return;
	}
	for (i = 0; i < e->n && i < lines; i++)
		line(u, top + 1 + (int)i, &e->ev[i], i == e->sel);
}

/* move the selection by @d lines, reading more lines at the edges */
static void move_sel(struct tui *u, long d, size_t lines)
{
	struct tui_events *e = &u->ev;
	struct lttr_event ev;

	while (d > 0 && e->n) {
		if (e->sel + 1 < e->n) {
			e->sel++;
		} else {
			struct lttr_view_pos p = lttr_view_pos_of(&e->ev[e->n - 1]);

			if (ev_next(u, &p, false, &ev) != 1)
				break;
			if (e->n < lines) {
				if (grow(e, e->n + 1))
					break;
				e->ev[e->n++] = ev;
			} else {
				memmove(e->ev, e->ev + 1, (e->n - 1) * sizeof(*e->ev));
				e->ev[e->n - 1] = ev;
			}
			e->sel = e->n - 1;
		}
		d--;
	}
	while (d < 0 && e->n) {
		if (e->sel > 0) {
			e->sel--;
		} else {
			struct lttr_view_pos p = lttr_view_pos_of(&e->ev[0]);

			if (ev_prev(u, &p, &ev) != 1)
				break;
			if (e->n >= lines)
				e->n--;
			memmove(e->ev + 1, e->ev, e->n * sizeof(*e->ev));
			e->ev[0] = ev;
			e->n++;
		}
		d++;
	}
	if (e->n) {
		tui_set_cursor(u, e->ev[e->sel].time_ns);
		e->synced = u->vp.cursor;
	}
}

bool tui_events_key(struct tui *u, int key, int height)
{
	size_t lines = height > 1 ? (size_t)height - 1 : 1;
	struct lttr_event ev;

	switch (key) {
	case KEY_UP: case 'k':
		move_sel(u, -1, lines);
		return true;
	case KEY_DOWN: case 'j':
		move_sel(u, 1, lines);
		return true;
	case KEY_PPAGE:
		move_sel(u, -(long)lines + 1, lines);
		return true;
	case KEY_NPAGE:
		move_sel(u, (long)lines - 1, lines);
		return true;
	case KEY_HOME:
		if (ev_next(u, NULL, false, &ev) == 1)
			tui_events_goto(u, &ev);
		return true;
	case KEY_END:
		if (ev_prev(u, NULL, &ev) == 1)
			tui_events_goto(u, &ev);
		return true;
	default:
		return false;
	}
}

bool tui_events_selected(const struct tui *u, struct lttr_view_pos *p)
{
	if (!u->ev.valid || !u->ev.n || u->ev.synced != u->vp.cursor)
		return false;
	*p = lttr_view_pos_of(&u->ev.ev[u->ev.sel]);
	return true;
}
