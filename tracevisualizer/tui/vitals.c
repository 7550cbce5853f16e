// SPDX-License-Identifier: GPL-2.0
/*
 * vitals.c - "tracevisualizer tui --vitals DIR [TRACEDIR]": the vital
 * signs traced --vitals recorded in DIR, over time (docs/views.md, "Vital
 * signs").  A screen of its own (the keymap's place LTTR_KW_VITALS): one
 * row per vital sign collected, a column per epoch (t: per 5 min, 1 h,
 * 1 day bucket), each a block as high as its total among the row's; under
 * them a row with '!' at the columns where the detector flagged an epoch
 * and one with 'x' where epochs are missing before the column; under
 * those, the selected column's numbers for the selected vital sign.
 * Enter opens the full trace TRACEDIR at the selected epoch's window
 * (tui_run() with lttr_vitals_epoch_lesson(), as tui --audit opens a
 * firing's snapshot); q there comes back here.  Every number is the
 * library's (lttr/vitals/vitals.h), the one vitals --json prints.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <curses.h>
#include <lttr/view/lesson.h>
#include <lttr/vitals/vitals.h>
#include "tui.h"

#define NAMEW	16	/* the vital sign's name column */

struct tvit {
	const struct tui_opts *o;
	const char *trace;		/* TRACEDIR, or NULL */
	struct lttr_vitals_series s;
	struct lttr_vitals_report r;
	struct lttr_vitals_bucket *b;
	size_t nb;
	unsigned int scale;
	unsigned int vit[LTT_VITALS];	/* the rows: the vital signs collected */
	unsigned int nvit;
	uint64_t tstart, tend, tbase;	/* the trace's span */
	bool have_trace;
	char trace_err[256];
	size_t col, first;		/* the selected column, the first shown */
	unsigned int row;
	char msg[512];
	FILE *timing;
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

static int group(struct tvit *v)
{
	free(v->b);
	return lttr_vitals_scale_buckets(&v->r, v->scale, &v->b, &v->nb);
}

/* the first epoch (index) of column @c that lies in the trace, or -1 */
static long epoch_in_trace(const struct tvit *v, size_t c)
{
	size_t i;

	if (!v->have_trace || c >= v->nb)
		return -1;
	for (i = v->b[c].first; i < v->b[c].first + v->b[c].n; i++)
		if (lttr_vitals_epoch_in_trace(&v->s.epochs[i], v->tstart, v->tend))
			return (long)i;
	return -1;
}

static void draw(struct tvit *v)
{
	static const char *const blocks[9] = { " ", "\u2581", "\u2582", "\u2583",
		"\u2584", "\u2585", "\u2586", "\u2587", "\u2588" };
	int ncol = COLS - NAMEW - 1, y;
	char buf[1024], at[64];
	size_t c, k;
	int part;
	unsigned int rw;
	uint64_t missing = lttr_vitals_missing(&v->s, NULL, 0, NULL);

	erase();
	if (ncol < 1)
		ncol = 1;
	if (v->col < v->first)
		v->first = v->col;
	if (v->col >= v->first + (size_t)ncol)
		v->first = v->col - (size_t)ncol + 1;
	snprintf(buf, sizeof(buf), "Vital signs  %s: %zu epochs, %zu skipped, %" PRIu64
		 " missing  by %s  trace: %s", v->o->dir, v->s.n, v->s.nwarnings, missing,
		 lttr_vitals_scale_name(v->scale), v->trace ? v->trace : "none");
	put(0, 0, COLS, buf, A_BOLD);
	if (v->nb) {
		snprintf(buf, sizeof(buf), "%-*s columns %zu..%zu of %zu", NAMEW, "",
			 v->first + 1, v->first + (size_t)ncol < v->nb ?
			 v->first + (size_t)ncol : v->nb, v->nb);
		put(1, 0, COLS, buf, A_UNDERLINE);
	}
	for (rw = 0; rw < v->nvit; rw++) {
		unsigned int vi = v->vit[rw];
		uint64_t max = lttr_vitals_bucket_max(v->b, v->nb, vi);

		y = 2 + (int)rw;
		put(y, 0, NAMEW, lttr_vital_name(vi), rw == v->row ? A_REVERSE : 0);
		for (c = v->first, k = 0; c < v->nb && k < (size_t)ncol; c++, k++) {
			attr_t a = 0;

			if (v->b[c].anomalies[vi])
				a |= A_BOLD | A_UNDERLINE;
			if (c == v->col)
				a |= A_REVERSE;
			attron(a);
			mvaddstr(y, NAMEW + 1 + (int)k,
				 blocks[lttr_vitals_level8(v->b[c].total[vi], max)]);
			attroff(a);
		}
	}
	y = 2 + (int)v->nvit;
	put(y, 0, NAMEW, "anomaly", A_DIM);
	put(y + 1, 0, NAMEW, "missing before", A_DIM);
	for (c = v->first, k = 0; c < v->nb && k < (size_t)ncol; c++, k++) {
		bool any = false;
		unsigned int vi;

		for (vi = 0; vi < LTT_VITALS; vi++)
			any |= v->b[c].anomalies[vi] > 0;
		if (any)
			put(y, NAMEW + 1 + (int)k, 1, "!", A_BOLD);
		if (v->b[c].missing || v->b[c].skipped)
			put(y + 1, NAMEW + 1 + (int)k, 1, "x", A_BOLD);
	}
	y += 3;
	if (!v->nb) {
		put(2, 0, COLS, "(no epoch)", 0);
	} else if (v->nvit) {
		const struct lttr_vitals_bucket *b = &v->b[v->col];
		unsigned int vi = v->vit[v->row];
		long ie = epoch_in_trace(v, v->col);

		snprintf(buf, sizeof(buf), "column %zu: epochs %" PRIu64 "..%" PRIu64 " (%zu)  "
			 "missing %" PRIu64 "  skipped %" PRIu64 "  partial %" PRIu64, v->col + 1,
			 b->first_epoch, b->last_epoch, b->n, b->missing, b->skipped, b->partial);
		put(y++, 0, COLS, buf, 0);
		snprintf(buf, sizeof(buf), "%s: total %" PRIu64 " %s  events %" PRIu64
			 "  flagged epochs %u", lttr_vital_name(vi), b->total[vi],
			 lttr_vital_unit(vi), b->events[vi], b->anomalies[vi]);
		put(y++, 0, COLS, buf, b->anomalies[vi] ? A_BOLD : 0);
		if (b->n == 1) {
			const struct lttr_vitals_row *row = &v->r.rows[b->first * LTT_VITALS + vi];

			if (row->flagged) {
				snprintf(buf, sizeof(buf), "  ANOMALY: outside its band %.0f .. %.0f",
					 row->lo, row->hi);
				put(y++, 0, COLS, buf, A_BOLD);
			}
			for (k = 0; k < row->ntop && y < LINES - 1; k++) {
				snprintf(buf, sizeof(buf), "  %10" PRIu32 "  %-16s pid %" PRIu32
					 "  (%" PRIu32 " samples)", row->top[k].estimate,
					 row->top[k].first.comm, row->top[k].first.pid,
					 row->top[k].samples);
				put(y++, 0, COLS, buf, 0);
				/*
				 * its stacks, innermost first, a line each: the
				 * user frames (the program's) before the kernel's,
				 * so that a narrow screen shows them
				 */
				for (part = 0; part < 2 && y < LINES - 1; part++) {
					char line[sizeof(buf) + 16];

					lttr_vitals_stack_part(&v->r, b->first, row->top[k].stack,
							       part, buf, sizeof(buf));
					if (!buf[0])
						continue;
					snprintf(line, sizeof(line), "      %-7s %s",
						 part ? "kernel:" : "user:", buf);
					put(y++, 0, COLS, line, 0);
				}
			}
		}
		if (!v->trace)
			snprintf(buf, sizeof(buf), "no trace given (tui --vitals DIR TRACEDIR)");
		else if (!v->have_trace)
			snprintf(buf, sizeof(buf), "trace %s: %s", v->trace, v->trace_err);
		else if (ie < 0)
			snprintf(buf, sizeof(buf), "not in the trace %s", v->trace);
		else
			snprintf(buf, sizeof(buf), "epoch %" PRIu64 " is in the trace: Enter opens it",
				 (uint64_t)v->s.epochs[ie].h.epoch);
		put(y++, 0, COLS, buf, 0);
	}
	snprintf(at, sizeof(at), "%zu/%zu", v->nb ? v->col + 1 : 0, v->nb);
	snprintf(buf, sizeof(buf), "column %s  Left Right  Up Down  . , anomaly  t timescale  "
		 "Enter trace  q quit", at);
	attron(A_REVERSE);
	mvhline(LINES - 1, 0, ' ', COLS);
	put(LINES - 1, 0, COLS, v->msg[0] ? v->msg : buf, A_REVERSE);
	attroff(A_REVERSE);
	refresh();
}

static void open_trace(struct tvit *v)
{
	struct tui_opts to = *v->o;
	struct lttr_lesson *l = NULL;
	long ie = epoch_in_trace(v, v->col);

	if (!v->nb)
		return;
	if (!v->trace || !v->have_trace) {
		snprintf(v->msg, sizeof(v->msg), "no trace to open%s%s",
			 v->trace ? ": " : " (tui --vitals DIR TRACEDIR)",
			 v->trace ? v->trace_err : "");
		return;
	}
	if (ie < 0) {
		snprintf(v->msg, sizeof(v->msg), "epochs %" PRIu64 "..%" PRIu64
			 " are not in the trace %s", v->b[v->col].first_epoch,
			 v->b[v->col].last_epoch, v->trace);
		return;
	}
	if (lttr_vitals_epoch_lesson(&v->r, (size_t)ie, v->tstart, v->tend, v->tbase, &l) < 0) {
		snprintf(v->msg, sizeof(v->msg), "out of memory");
		return;
	}
	to.dir = v->trace;
	to.lesson = l;
	to.nested = true;
	if (v->timing) {
		fprintf(v->timing, "key %d vitals open %ld\n", '\n', ie);
		fflush(v->timing);
	}
	if (tui_run(&to))
		snprintf(v->msg, sizeof(v->msg), "%s could not be shown", v->trace);
	lttr_lesson_free(l);
	clear();
	refresh();
}

/* the next (@dir 1) or previous (-1) column with a flagged epoch */
static void to_anomaly(struct tvit *v, int dir)
{
	size_t c = v->col;
	unsigned int vi;

	while ((dir > 0 && c + 1 < v->nb) || (dir < 0 && c > 0)) {
		c = dir > 0 ? c + 1 : c - 1;
		for (vi = 0; vi < LTT_VITALS; vi++) {
			if (v->b[c].anomalies[vi]) {
				v->col = c;
				return;
			}
		}
	}
	snprintf(v->msg, sizeof(v->msg), "no anomaly %s", dir > 0 ? "after" : "before");
}

static void act(struct tvit *v, enum lttr_kaction a, bool *quit)
{
	uint64_t epoch;
	size_t c;

	v->msg[0] = '\0';
	switch (a) {
	case LTTR_KA_QUIT:
		*quit = true;
		break;
	case LTTR_KA_ROW_NEXT:
		if (v->row + 1 < v->nvit)
			v->row++;
		break;
	case LTTR_KA_ROW_PREV:
		if (v->row)
			v->row--;
		break;
	case LTTR_KA_COL_NEXT:
		if (v->col + 1 < v->nb)
			v->col++;
		break;
	case LTTR_KA_COL_PREV:
		if (v->col)
			v->col--;
		break;
	case LTTR_KA_START:
		v->col = 0;
		break;
	case LTTR_KA_END:
		v->col = v->nb ? v->nb - 1 : 0;
		break;
	case LTTR_KA_VITALS_NEXT:
		to_anomaly(v, 1);
		break;
	case LTTR_KA_VITALS_PREV:
		to_anomaly(v, -1);
		break;
	case LTTR_KA_VITALS_SCALE:
		/* the column of the same epoch at the next timescale */
		epoch = v->nb ? v->b[v->col].first_epoch : 0;
		v->scale = (v->scale + 1) % LTTR_VITALS_NSCALES;
		if (group(v) < 0) {
			snprintf(v->msg, sizeof(v->msg), "out of memory");
			v->nb = 0;
		}
		v->col = 0;
		for (c = 0; c < v->nb; c++)
			if (v->b[c].first_epoch <= epoch)
				v->col = c;
		v->first = 0;
		break;
	case LTTR_KA_VITALS_OPEN:
		open_trace(v);
		break;
	default:
		break;
	}
}

int tui_vitals_run(const struct tui_opts *o, const char *trace)
{
	struct tvit v = { .o = o, .trace = trace };
	const char *tf = getenv("LTTR_TUI_TIMING");
	char err[512];
	bool quit = false;
	uint32_t collected = 0;
	unsigned int vi;
	int st = 0;
	size_t i;

	if (lttr_vitals_load(o->dir, &v.s, err, sizeof(err)) < 0) {
		fprintf(stderr, "%s: tui --vitals: %s\n", o->prog, err);
		return TUI_EXIT_TRACE;
	}
	if (lttr_vitals_report(&v.s, LTTR_VITALS_PROM_TOP, &v.r) < 0 || group(&v) < 0) {
		fprintf(stderr, "%s: tui --vitals: out of memory\n", o->prog);
		lttr_vitals_report_free(&v.r);
		lttr_vitals_series_free(&v.s);
		return TUI_EXIT_TRACE;
	}
	/* the samples' stacks named (--symfs: the traced system's ELF files) */
	if (lttr_vitals_symbols(&v.r, o->dir, o->symfs, err, sizeof(err)) < 0) {
		fprintf(stderr, "%s: tui --vitals: %s\n", o->prog, err);
		lttr_vitals_report_free(&v.r);
		lttr_vitals_series_free(&v.s);
		return TUI_EXIT_TRACE;
	}
	for (i = 0; i < v.s.nwarnings; i++)
		fprintf(stderr, "%s: tui --vitals: warning: %s\n", o->prog, v.s.warnings[i]);
	for (i = 0; i < v.s.n; i++)
		collected |= v.s.epochs[i].h.collected;
	for (vi = 0; vi < LTT_VITALS; vi++)
		if (collected & (1U << vi))
			v.vit[v.nvit++] = vi;
	if (trace)
		v.have_trace = lttr_vitals_trace_span(trace, &v.tstart, &v.tend, &v.tbase,
						      v.trace_err, sizeof(v.trace_err)) == 0;
	if (tf && *tf)
		v.timing = fopen(tf, "a");
	st = tui_screen_start(o->prog);
	if (!st) {
		draw(&v);
		if (v.timing) {
			fprintf(v.timing, "first_screen_ms vitals\n");
			fflush(v.timing);
		}
		while (!quit) {
			int ch = getch();

			if (ch == ERR)
				break;
			if (ch != KEY_RESIZE)
				act(&v, lttr_keys_action(LTTR_KF_TUI, LTTR_KW_VITALS,
							 tui_key_code(ch)), &quit);
			if (!quit)
				draw(&v);
			if (v.timing) {
				fprintf(v.timing, "key %d vitals %zu\n", ch, v.col + 1);
				fflush(v.timing);
			}
		}
		endwin();
	}
	if (v.timing)
		fclose(v.timing);
	free(v.b);
	lttr_vitals_report_free(&v.r);
	lttr_vitals_series_free(&v.s);
	return st;
}
