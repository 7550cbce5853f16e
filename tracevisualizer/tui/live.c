// SPDX-License-Identifier: GPL-2.0
/*
 * live.c - "tracevisualizer tui --live DIR": a running session's trace
 * directory followed as traced writes it, a screen of its own (keys:
 * LTTR_KW_LIVE of the keymap).  The library reads (lttr/reader/live.h:
 * only what was appended, a buffer being written waited for, the
 * session's end noticed); this screen polls it on a timer and draws: the
 * newest events at the bottom (following the present) or the window the
 * user scrolled back to (kept while events come; End follows again), the
 * firings of the session's rules as they come (a request's side and peer
 * as the audit list shows them: lttr_firing_peer_str()), and the status
 * line: how far the newest event is behind the clock at the poll, how
 * many events came, the events lost.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <lttr/audit/firings.h>
#include <lttr/reader/live.h>
#include <lttr/view/viewport.h>
#include "tui.h"

#define LIVE_TICK_MS	100	/* the poll's period */
#define LIVE_FIRINGS	4	/* firings shown at most (the newest) */

struct tlive {
	const struct tui_opts *o;
	struct lttr_live *l;
	struct lttr_live_status st;
	bool follow;		/* the newest events shown */
	uint64_t top_ns;	/* not following: the time of the first line shown */
	size_t top;
	uint64_t batch;		/* the last poll that added events: how many */
	uint64_t seen;		/* events read when the user left the present */
	FILE *timing;
};

static uint64_t clock_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static double now_ms(void)
{
	return (double)clock_ns() / 1e6;
}

static int firing_rows(const struct tlive *v)
{
	size_t n = v->st.firings < LIVE_FIRINGS ? v->st.firings : LIVE_FIRINGS;

	return n ? (int)n + 1 : 0;
}

/* the lines of events the screen has */
static size_t event_rows(const struct tlive *v)
{
	int r = LINES - 4 - firing_rows(v);

	return r > 1 ? (size_t)r : 1;
}

static void put(int y, int x, int w, const char *s)
{
	if (w > 0)
		mvprintw(y, x, "%.*s", w, s);
}

/* the first event shown: the newest screenful, or the window kept */
static void place(struct tlive *v)
{
	size_t rows = event_rows(v), kept = v->st.kept;

	if (v->follow) {
		v->top = kept > rows ? kept - rows : 0;
		return;
	}
	/* events put before it (another CPU's) or dropped move it: found by its time */
	v->top = lttr_live_first_index(v->l, v->top_ns);
	if (v->top >= kept)
		v->top = kept ? kept - 1 : 0;
}

static const char *state_text(const struct lttr_live_status *st)
{
	switch (st->state) {
	case LTTR_LIVE_WAITING:
		return "waiting";
	case LTTR_LIVE_RUNNING:
		return "running";
	case LTTR_LIVE_ENDED:
		return st->complete ? "ended (complete)" : "ended (incomplete)";
	default:
		return "failed";
	}
}

static void draw_firings(struct tlive *v, int y)
{
	size_t n = v->st.firings, i = n > LIVE_FIRINGS ? n - LIVE_FIRINGS : 0;
	char line[1024], t[32];

	snprintf(line, sizeof(line), "Firings (%zu%s)", n, n > LIVE_FIRINGS ? ", the newest shown" : "");
	attron(A_BOLD);
	mvhline(y, 0, ' ', COLS);
	put(y++, 0, COLS, line);
	attroff(A_BOLD);
	for (; i < n; i++) {
		const struct lttr_firing_rec *f = lttr_live_firing(v->l, i);
		char vals[256] = "", side[256];
		size_t k, m = 0;

		if (!f)
			break;
		/* a request: its side and peer first, as the audit list shows them */
		if (lttr_firing_peer_str(f, side, sizeof(side))[0])
			m = (size_t)snprintf(vals, sizeof(vals), " %s%s", side, f->nval ? " " : "");
		for (k = 0; k < f->nval && m < sizeof(vals); k++) {
			if (f->val[k].known)
				m += (size_t)snprintf(vals + m, sizeof(vals) - m, " %s=%lld",
						      f->val[k].expr, (long long)f->val[k].value);
			else
				m += (size_t)snprintf(vals + m, sizeof(vals) - m, " %s=unknown",
						      f->val[k].expr);
		}
		lttr_fmt_time(f->time_ns >= v->st.start_ns ? f->time_ns - v->st.start_ns : 0, t,
			      sizeof(t));
		snprintf(line, sizeof(line), "#%-3u %14s %s pid %u %s:%s%s%s  rule %u: %s", f->seq, t,
			 f->type, f->pid, f->comm, vals, f->has_snapshot ? "  snapshot " : "",
			 f->has_snapshot ? f->snap_dir : "", f->line, f->text);
		put(y++, 0, COLS, line);
	}
}

static void draw(struct tlive *v)
{
	size_t rows = event_rows(v), i;
	char line[LTTR_DESC_MAX + 64], t[32], desc[LTTR_DESC_MAX];
	int y = 2;

	erase();
	snprintf(line, sizeof(line), "Live  %s  %s", v->o->dir, state_text(&v->st));
	attron(A_BOLD);
	put(0, 0, COLS, line);
	put(1, 0, COLS, "          time cpu     pid  event");
	attroff(A_BOLD);
	place(v);
	for (i = v->top; i < v->st.kept && i < v->top + rows; i++) {
		const struct lttr_event *e = lttr_live_event(v->l, i);

		lttr_event_describe(NULL, e, desc, sizeof(desc));
		lttr_fmt_time(e->time_ns >= v->st.start_ns ? e->time_ns - v->st.start_ns : 0, t,
			      sizeof(t));
		snprintf(line, sizeof(line), "%14s %3u %7u  %s", t, e->cpu, e->pid, desc);
		put(y++, 0, COLS, line);
	}
	if (!v->st.kept)
		put(y, 0, COLS, v->st.state == LTTR_LIVE_WAITING ?
		    "no trace yet: the events appear as traced writes them" : "no events yet");
	if (firing_rows(v))
		draw_firings(v, LINES - 2 - firing_rows(v));
	/* the reason: waiting for what, why it failed, how it ended */
	if (v->st.why[0]) {
		bool bad = v->st.state == LTTR_LIVE_FAILED;

		snprintf(line, sizeof(line), "%s%s", v->st.state == LTTR_LIVE_WAITING ?
			 "waiting: " : bad ? "error: " : "", v->st.why);
		if (bad)
			attron(A_BOLD);
		put(LINES - 2, 0, COLS, line);
		if (bad)
			attroff(A_BOLD);
	}
	/* the status line */
	{
		size_t n = 0;
		uint64_t below = v->st.events - v->seen;
		char d[32];

		lttr_fmt_time(v->st.newest_ns >= v->st.start_ns && v->st.newest_ns ?
			      v->st.newest_ns - v->st.start_ns : 0, t, sizeof(t));
		lttr_fmt_duration(v->st.behind_ns, d, sizeof(d));
		n += (size_t)snprintf(line + n, sizeof(line) - n, "%s  ",
				      v->follow ? "following" : "paused (End: follow)");
		if (v->st.newest_ns)
			n += (size_t)snprintf(line + n, sizeof(line) - n, "newest %s  behind %s  ", t,
					      v->st.state == LTTR_LIVE_RUNNING ? d : "-");
		n += (size_t)snprintf(line + n, sizeof(line) - n, "%llu events  ",
				      (unsigned long long)v->st.events);
		if (v->follow)
			n += (size_t)snprintf(line + n, sizeof(line) - n, "%llu new events",
					      (unsigned long long)v->batch);
		else
			n += (size_t)snprintf(line + n, sizeof(line) - n, "%llu new events below",
					      (unsigned long long)below);
		if (v->st.pending && n < sizeof(line))
			n += (size_t)snprintf(line + n, sizeof(line) - n, "  %llu bytes being written",
					      (unsigned long long)v->st.pending);
		if (v->st.lost)
			n += (size_t)snprintf(line + n, sizeof(line) - n, "  %llu lost",
					      (unsigned long long)v->st.lost);
		if (v->st.dropped && n < sizeof(line))
			snprintf(line + n, sizeof(line) - n, "  %llu oldest not kept",
				 (unsigned long long)v->st.dropped);
		attron(A_REVERSE);
		mvhline(LINES - 1, 0, ' ', COLS);
		put(LINES - 1, 0, COLS, line);
		attroff(A_REVERSE);
	}
	refresh();
}

/* leave the present: the window stays on the events shown */
static void pause_at(struct tlive *v, size_t top)
{
	const struct lttr_event *e;

	if (v->follow)
		v->seen = v->st.events;
	v->follow = false;
	v->top = top;
	e = lttr_live_event(v->l, top);
	v->top_ns = e ? e->time_ns : 0;
}

static void act(struct tlive *v, enum lttr_kaction a, bool *quit)
{
	size_t rows = event_rows(v), last = v->st.kept > rows ? v->st.kept - rows : 0;

	place(v);
	switch (a) {
	case LTTR_KA_QUIT:
		*quit = true;
		break;
	case LTTR_KA_ROW_PREV:
		pause_at(v, v->top ? v->top - 1 : 0);
		break;
	case LTTR_KA_PAGE_PREV:
		pause_at(v, v->top > rows ? v->top - rows : 0);
		break;
	case LTTR_KA_ROW_NEXT:
		if (!v->follow)
			pause_at(v, v->top < last ? v->top + 1 : last);
		break;
	case LTTR_KA_PAGE_NEXT:
		if (!v->follow)
			pause_at(v, v->top + rows < last ? v->top + rows : last);
		break;
	case LTTR_KA_START:
		pause_at(v, 0);
		break;
	case LTTR_KA_LIVE_FOLLOW:
		v->follow = true;
		break;
	default:
		break;
	}
}

/* a poll: 1 when the screen has something new */
static int poll_once(struct tlive *v)
{
	int changed = lttr_live_poll(v->l, clock_ns());

	lttr_live_status(v->l, &v->st);
	if (v->st.added)
		v->batch = v->st.added;
	return changed;
}

int tui_live_run(const struct tui_opts *o)
{
	struct tlive v = { .o = o, .follow = true };
	const char *tf = getenv("LTTR_TUI_TIMING");
	struct lttr_error err;
	double t0 = now_ms();
	bool quit = false;
	int st = 0;

	if (lttr_live_open(o->dir, 0, &v.l, &err) < 0) {
		fprintf(stderr, "%s: %s\n", o->prog, err.msg);
		return TUI_EXIT_TRACE;
	}
	poll_once(&v);
	if (tf && *tf)
		v.timing = fopen(tf, "w");
	st = tui_screen_start(o->prog);
	if (!st) {
		timeout(LIVE_TICK_MS);
		draw(&v);
		if (v.timing) {
			fprintf(v.timing, "first_screen_ms %.3f\n", now_ms() - t0);
			fflush(v.timing);
		}
		while (!quit) {
			int ch = getch();

			if (ch == ERR) {	/* the timer: a poll, a redraw if it found something */
				if (poll_once(&v)) {
					draw(&v);
					if (v.timing) {
						fprintf(v.timing, "poll events %llu state %d ms %.3f\n",
							(unsigned long long)v.st.events, (int)v.st.state,
							now_ms() - t0);
						fflush(v.timing);
					}
				}
				continue;
			}
			if (ch != KEY_RESIZE)
				act(&v, lttr_keys_action(LTTR_KF_TUI, LTTR_KW_LIVE, tui_key_code(ch)),
				    &quit);
			draw(&v);
			if (v.timing) {
				fprintf(v.timing, "key %d live ms %.3f\n", ch, now_ms() - t0);
				fflush(v.timing);
			}
		}
		endwin();
	}
	if (v.timing)
		fclose(v.timing);
	lttr_live_close(v.l);
	/* what was read stays on the screen until q; a failure is said at the exit too */
	if (!st && v.st.state == LTTR_LIVE_FAILED) {
		fprintf(stderr, "%s: %s\n", o->prog, v.st.why);
		st = TUI_EXIT_TRACE;
	}
	return st;
}
