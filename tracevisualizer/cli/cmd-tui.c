// SPDX-License-Identifier: GPL-2.0
/*
 * cmd-tui.c - "tracevisualizer tui TRACEDIR": the terminal analyzer
 * (tui/), started with its own options taken from the command line's;
 * with --lesson NAME|FILE, the lesson read here (lttr/view/lesson.h) and
 * its trace the default TRACEDIR; with --diff A B, the diff of two runs
 * (tui/diff.c); with --live DIR, a running session's trace directory
 * followed as it grows (tui/live.c).
 */
#include <stdio.h>
#include <lttr/output/error-text.h>
#include "cli.h"
#include "tui.h"

#ifndef LTTR_LESSON_DIR
#define LTTR_LESSON_DIR NULL
#endif

/* --lesson's trace directory, the TUI's when no TRACEDIR is given */
static char lesson_trace[4096];

int cmd_tui(struct cli_opts *o)
{
	struct tui_opts to = { .prog = cli_prog, .dir = o->dir, .salvage = !o->strict,
			       .row_sort = o->rows, .symfs = o->symfs };
	struct lttr_lesson *l = NULL;
	struct lttr_error err;
	int r;

	if (o->diff)
		return tui_diff_run(&to, o->dir2);
	if (o->live)
		return tui_live_run(&to);
	if (o->lesson) {
		char path[4096];

		if (!lttr_lesson_find(o->lesson, LTTR_LESSON_DIR, path, sizeof(path))) {
			fprintf(stderr, "%s: no lesson %s (docs/lessons/NAME.lesson, "
				"$LTTR_LESSON_DIR, or a file)\n", cli_prog, o->lesson);
			return 2;
		}
		if (lttr_lesson_load(path, &l, &err)) {
			lttr_print_error(stderr, cli_prog, err.msg);
			return 2;
		}
		if (!to.dir && !(to.dir = lttr_lesson_trace(l, lesson_trace, sizeof(lesson_trace)))) {
			fprintf(stderr, "%s: %s names no trace: give a TRACEDIR\n", cli_prog, path);
			lttr_lesson_free(l);
			return 2;
		}
		to.lesson = l;
	}
	r = tui_run(&to);
	lttr_lesson_free(l);
	return r;
}
