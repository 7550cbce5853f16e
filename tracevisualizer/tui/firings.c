// SPDX-License-Identifier: GPL-2.0
/*
 * firings.c - "tracevisualizer tui --audit TRACEDIR": the firings of a
 * traced --rules session in the terminal, what "tracevisualizer audit
 * --json TRACEDIR" prints (lttr_firings_read_all(), lttr_audit_firing()).
 * A screen of its own (the keymap's place LTTR_KW_FIRINGS): the firings in
 * order, two lines each (its number, time, the instance's latency, its
 * rule; a request's side and peer, its condition's values, the selected
 * blamed parties with their shares), under them the selected one's code
 * paths (a trace with stacks: each path's leaf frames, blame in ns and
 * share, the time without a stack; or why there are none), then its text:
 * what fired (a request's side and its socket's endpoints as audit says
 * them), its condition, its blame ranking and its instance explained
 * (lttr_audit_lesson()).  Enter opens its snapshot in the terminal
 * analyzer (tui_run()) with that text as a lesson of one step, which puts
 * the instance in the window, selects its task and highlights the rows of
 * the blamed tasks, the others dimmed; q there comes back here.  A line of firings.jsonl that is not a firing,
 * or a snapshot that cannot be read, is a line of the list with its error;
 * the others stay usable.  The front end only lays the numbers out.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <curses.h>
#include <lttr/audit/firings.h>
#include <lttr/output/error-text.h>
#include "tui.h"

/* the selected blamed parties named on a firing's line */
#define LINE_PARTIES 3
/* the selected firing's code paths listed (audit --json has them all) */
#define CODE_PATHS 6
/* their lines: heading, paths, "and more", warning */
#define CODE_LINES (CODE_PATHS + 3)

struct tfir {
	const struct tui_opts *o;
	unsigned int top;
	struct lttr_firing_rec *f;
	size_t n;
	struct lttr_audit **a;		/* per firing (NULL: a bad line, or @err) */
	struct lttr_lesson **l;		/* per analysed firing */
	char **err;			/* per firing: why it cannot be shown */
	size_t sel;
	size_t first;			/* the first line of the list shown */
	size_t dtop;			/* the first line of the text shown */
	char msg[1600];
	FILE *timing;			/* LTTR_TUI_TIMING: a line a key */
};

static void put(int y, int x, int w, const char *s, attr_t at)
{
	if (w <= 0 || x >= COLS || y < 0 || y >= LINES)
		return;
	if (x + w > COLS)
		w = COLS - x;
	attron(at);
	mvaddnstr(y, x, s, w);
	attroff(at);
}

/* the two lines of firing @i: its time, latency and rule; its condition's
 * values and its blamed parties (or why it has none) */
static void lines_of(const struct tfir *v, size_t i, char *l1, char *buf, size_t size)
{
	const struct lttr_firing_rec *f = &v->f[i];
	const struct lttr_audit *a = v->a[i];
	size_t len = 0, k, shown = 0;
	char who[96];

	buf[0] = '\0';
	if (f->bad) {
		snprintf(l1, size, "   -  ERROR: %s", f->bad);
		return;
	}
	if (f->time_ns > f->start_ns)
		snprintf(l1, size, "%4u  %.9f  %12.3f us  %s", f->seq, (double)f->time_ns / 1e9,
			 (double)(f->time_ns - f->start_ns) / 1e3, f->text);
	else
		snprintf(l1, size, "%4u  %.9f  %15s  %s", f->seq, (double)f->time_ns / 1e9,
			 "instant", f->text);
	len = (size_t)snprintf(buf, size, "%6s", "");
	if (f->side && len < size) {	/* a request: its side and peer first */
		char side[256];

		len += (size_t)snprintf(buf + len, size - len, "%s  ",
					lttr_firing_peer_str(f, side, sizeof(side)));
	}
	for (k = 0; k < f->nval && len < size; k++) {
		if (f->val[k].known)
			len += (size_t)snprintf(buf + len, size - len, "%s%s = %" PRId64,
						k ? ", " : "", f->val[k].expr, f->val[k].value);
		else
			len += (size_t)snprintf(buf + len, size - len, "%s%s = unknown",
						k ? ", " : "", f->val[k].expr);
	}
	if (f->has_snapshot && !f->snap_complete && len < size) {
		char note[640];

		len += (size_t)snprintf(buf + len, size - len, "  %s",
					lttr_firing_snap_note(f, note, sizeof(note)));
	}
	if (v->err[i]) {
		if (len < size)
			snprintf(buf + len, size - len, "  ERROR: %s", v->err[i]);
		return;
	}
	if (!a->analysed) {
		if (len < size)
			snprintf(buf + len, size - len, "  not analysed: %s", a->why);
		return;
	}
	for (k = 0; k < a->blame->nparty && shown < LINE_PARTIES && len < size; k++) {
		if (!a->blame->party[k].top)
			continue;
		len += (size_t)snprintf(buf + len, size - len, "%s%s %.1f %%",
					shown ? ", " : "  blamed: ",
					lttr_blame_party_str(a->blame, k, who, sizeof(who)),
					lttr_blame_share(a->blame, k));
		shown++;
	}
}

/*
 * the selected firing's code paths, a line each into @out (at most
 * CODE_LINES): a heading with the time without a recorded stack, then each
 * path (* when chosen, its rank, blame in ns, share, on or off the path,
 * its leaf frames as audit names them), the symbol files' warning; or why
 * there are none.  Every number is the blame's (lttr_audit_firing()), the
 * same audit --json prints.
 */
static size_t code_lines(const struct tfir *v, char out[][1024])
{
	const struct lttr_audit *a = v->n ? v->a[v->sel] : NULL;
	const struct lttr_blame *b;
	size_t n = 0, i;

	if (!a || !a->analysed) {
		snprintf(out[n++], 1024, "Code paths: none (the firing is not analysed)");
		return n;
	}
	b = a->blame;
	if (!b->code_known) {
		snprintf(out[n++], 1024, "Code paths: %s", lttr_blame_code_unavailable(b));
		return n;
	}
	snprintf(out[n++], 1024, "Code paths (%zu, by %u leaf frames%s; *: chosen as the parties"
		 "): %" PRIu64 " ns without a recorded stack", b->ncode, LTTR_BLAME_CODE_FRAMES,
		 b->code_named ? "" : ", as addresses", b->nostack_ns);
	for (i = 0; i < b->ncode && i < CODE_PATHS; i++)
		snprintf(out[n++], 1024, "%s %2zu %14" PRIu64 " ns %8.3f %%  %s  %s",
			 b->code[i].top ? "*" : " ", i + 1, b->code[i].blame_ns,
			 lttr_blame_code_share(b, i),
			 b->code[i].critical ? "on the path " : "off the path", b->code[i].name);
	if (b->ncode > CODE_PATHS)
		snprintf(out[n++], 1024, "   (and %zu more: audit --json lists them all)",
			 b->ncode - CODE_PATHS);
	if (!b->ncode)
		snprintf(out[n++], 1024, "   none: no stack recorded for the instance's time");
	if (a->code_warning[0])
		snprintf(out[n++], 1024, "   warning: %s", a->code_warning);
	return n;
}

/* the selected firing's text: its lesson's, else why there is none */
static const char *text_of(const struct tfir *v, char *buf, size_t size)
{
	const struct lttr_firing_rec *f = &v->f[v->sel];
	char side[256];

	if (f->bad)
		snprintf(buf, size, "%s\n(the other lines of firings.jsonl were read)", f->bad);
	else if (v->err[v->sel])
		snprintf(buf, size, "firing %u: %s", f->seq, v->err[v->sel]);
	else if (v->l[v->sel])
		return v->l[v->sel]->steps[0].text;
	else
		snprintf(buf, size, "firing %u: %s%s%s of task %u %s: not analysed in %s: %s", f->seq,
			 f->type, f->side ? " " : "", lttr_firing_side_str(f, side, sizeof(side)),
			 f->pid, f->comm, v->a[v->sel]->trace_dir, v->a[v->sel]->why);
	return buf;
}

static void draw(struct tfir *v)
{
	int rows = v->n ? (int)v->n : 1, y, h;
	char buf[2048], l1[2048], hint[256];
	size_t i;

	erase();
	/* two lines a firing, at most half the screen */
	if (rows > (LINES - 4) / 4)
		rows = (LINES - 4) / 4;
	if (rows < 1)
		rows = 1;
	snprintf(buf, sizeof(buf), "Audit  %s: %zu firing%s (audit --top %u)", v->o->dir, v->n,
		 v->n == 1 ? "" : "s", v->top);
	put(0, 0, COLS, buf, A_BOLD);
	attron(A_UNDERLINE);
	mvhline(1, 0, ' ', COLS);
	put(1, 0, COLS, " seq  time (s)                  latency  rule / request's side, peer;"
	    " condition  blamed: the selected parties' shares", A_UNDERLINE);
	attroff(A_UNDERLINE);
	if (v->sel < v->first)
		v->first = v->sel;
	if (v->sel >= v->first + (size_t)rows)
		v->first = v->sel - (size_t)rows + 1;
	for (y = 0, i = v->first; y < rows && i < v->n; y++, i++) {
		attr_t at = i == v->sel ? A_REVERSE : 0;

		lines_of(v, i, l1, buf, sizeof(buf));
		if (v->f[i].bad || v->err[i])
			at |= A_BOLD;
		if (at & A_REVERSE) {
			mvchgat(2 + 2 * y, 0, COLS, A_REVERSE, 0, NULL);
			mvchgat(3 + 2 * y, 0, COLS, A_REVERSE, 0, NULL);
		}
		put(2 + 2 * y, 0, COLS, l1, at);
		put(3 + 2 * y, 0, COLS, buf, at);
	}
	if (!v->n)
		put(2, 0, COLS, "(no firing)", 0);
	/* the selected one's code paths, then its text */
	y = 3 + 2 * rows;
	if (v->n) {
		char code[CODE_LINES][1024];
		size_t nc = code_lines(v, code), k;

		for (k = 0; k < nc && y < LINES - 2; k++, y++)
			put(y, 0, COLS, code[k], k ? 0 : A_BOLD);
		y++;
	}
	/* the selected one's text, wrapped, from line dtop */
	h = LINES - 1 - y;
	if (v->n && h > 0) {
		const char *t = text_of(v, buf, sizeof(buf));
		size_t skip = v->dtop;
		int dy = 0;

		while (*t && dy < h) {
			size_t len = strcspn(t, "\n"), cut = len;

			if (cut > (size_t)COLS)
				cut = (size_t)COLS;
			if (!skip)
				put(y + dy++, 0, (int)cut, t, 0);
			else
				skip--;
			t += cut;
			if (*t == '\n')
				t++;
		}
	}
	snprintf(hint, sizeof(hint), "firing %zu/%zu  Up Down  PgUp PgDn the text  Enter its "
		 "snapshot in the control flow  q quit", v->n ? v->sel + 1 : 0, v->n);
	attron(A_REVERSE);
	mvhline(LINES - 1, 0, ' ', COLS);
	put(LINES - 1, 0, COLS, v->msg[0] ? v->msg : hint, A_REVERSE);
	attroff(A_REVERSE);
	refresh();
}

/* the selected firing's snapshot in the terminal analyzer, until its q */
static void open_firing(struct tfir *v)
{
	struct tui_opts to = *v->o;
	size_t i = v->sel;

	if (!v->n)
		return;
	if (v->f[i].bad || v->err[i]) {
		snprintf(v->msg, sizeof(v->msg), "cannot open it: %s",
			 v->f[i].bad ? v->f[i].bad : v->err[i]);
		return;
	}
	if (!v->l[i]) {
		snprintf(v->msg, sizeof(v->msg), "firing %u: not analysed: %s", v->f[i].seq,
			 v->a[i]->why);
		return;
	}
	to.dir = v->a[i]->trace_dir;
	to.lesson = v->l[i];
	to.nested = true;
	if (v->timing) {	/* the key taken; the control flow's first screen follows */
		fprintf(v->timing, "key %d firings open %zu\n", '\n', i + 1);
		fflush(v->timing);
	}
	if (tui_run(&to))
		snprintf(v->msg, sizeof(v->msg), "firing %u: %s could not be shown", v->f[i].seq,
			 to.dir);
	/* back from its endwin() */
	clear();
	refresh();
}

static void act(struct tfir *v, enum lttr_kaction a, bool *quit)
{
	size_t rows = LINES > 8 ? (size_t)(LINES - 4) / 2 : 1;

	v->msg[0] = '\0';
	switch (a) {
	case LTTR_KA_QUIT:
		*quit = true;
		break;
	case LTTR_KA_ROW_NEXT:
		if (v->sel + 1 < v->n) {
			v->sel++;
			v->dtop = 0;
		}
		break;
	case LTTR_KA_ROW_PREV:
		if (v->sel) {
			v->sel--;
			v->dtop = 0;
		}
		break;
	case LTTR_KA_PAGE_NEXT:
		v->dtop += rows;
		break;
	case LTTR_KA_PAGE_PREV:
		v->dtop = v->dtop > rows ? v->dtop - rows : 0;
		break;
	case LTTR_KA_FIRING_OPEN:
		open_firing(v);
		break;
	default:
		break;
	}
}

static int compute(struct tfir *v)
{
	struct lttr_error err;
	size_t i;

	if (lttr_firings_read_all(v->o->dir, &v->f, &v->n, &err) < 0) {
		lttr_print_error(stderr, v->o->prog, err.msg);
		return TUI_EXIT_TRACE;
	}
	v->a = calloc(v->n ? v->n : 1, sizeof(*v->a));
	v->l = calloc(v->n ? v->n : 1, sizeof(*v->l));
	v->err = calloc(v->n ? v->n : 1, sizeof(*v->err));
	if (!v->a || !v->l || !v->err) {
		lttr_print_error(stderr, v->o->prog, "out of memory");
		return TUI_EXIT_TRACE;
	}
	for (i = 0; i < v->n; i++) {
		if (v->f[i].bad)
			continue;
		if (lttr_audit_firing(v->o->dir, v->o->symfs, &v->f[i], v->top, &v->a[i], &err) < 0) {
			v->err[i] = strdup(err.msg);
			if (!v->err[i]) {
				lttr_print_error(stderr, v->o->prog, "out of memory");
				return TUI_EXIT_TRACE;
			}
			continue;
		}
		if (v->a[i]->analysed && lttr_audit_lesson(&v->f[i], v->a[i], &v->l[i], &err) < 0) {
			v->err[i] = strdup(err.msg);
			if (!v->err[i]) {
				lttr_print_error(stderr, v->o->prog, "out of memory");
				return TUI_EXIT_TRACE;
			}
		}
	}
	return 0;
}

int tui_firings_run(const struct tui_opts *o, unsigned int top)
{
	struct tfir v = { .o = o, .top = top };
	const char *tf = getenv("LTTR_TUI_TIMING");
	bool quit = false;
	int st;
	size_t i;

	st = compute(&v);
	if (!st && tf && *tf)
		v.timing = fopen(tf, "a");
	if (!st) {
		st = tui_screen_start(o->prog);
	}
	if (!st) {
		draw(&v);
		if (v.timing) {
			fprintf(v.timing, "first_screen_ms firings\n");
			fflush(v.timing);
		}
		while (!quit) {
			int ch = getch();

			if (ch == ERR)
				break;
			if (ch != KEY_RESIZE)
				act(&v, lttr_keys_action(LTTR_KF_TUI, LTTR_KW_FIRINGS,
							 tui_key_code(ch)), &quit);
			if (!quit)
				draw(&v);
			if (v.timing) {
				fprintf(v.timing, "key %d firings %zu\n", ch, v.sel + 1);
				fflush(v.timing);
			}
		}
		endwin();
	}
	for (i = 0; i < v.n; i++) {
		if (v.a)
			lttr_audit_free(v.a[i]);
		if (v.l)
			lttr_lesson_free(v.l[i]);
		if (v.err)
			free(v.err[i]);
	}
	free(v.a);
	free(v.l);
	free(v.err);
	if (v.timing)
		fclose(v.timing);
	lttr_firings_free(v.f, v.n);
	return st;
}
