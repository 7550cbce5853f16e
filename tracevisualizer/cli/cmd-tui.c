// SPDX-License-Identifier: GPL-2.0
/*
 * cmd-tui.c - "tracevisualizer tui TRACEDIR": the terminal analyzer
 * (tui/), started with its own options taken from the command line's;
 * with --lesson NAME|FILE, the lesson read here (lttr/view/lesson.h) and
 * its trace the default TRACEDIR; with --diff A B, the diff of two runs
 * (tui/diff.c); with --audit DIR, the firings of a session (tui/firings.c);
 * with --vitals DIR [TRACEDIR], the vital signs over time (tui/vitals.c);
 * with --live DIR, a running session's trace directory followed as it grows
 * (tui/live.c); a merged set (merge's directory) or several traces: the
 * hosts on one clock (tui/hosts.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <lttr/view/hosts.h>
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
			       .row_sort = o->rows, .symfs = o->symfs,
			       .no_view_cache = o->no_view_cache };
	struct lttr_lesson *l = NULL;
	struct lttr_error err;
	int r;

	if (o->diff)
		return tui_diff_run(&to, o->dir2);
	if (o->live)
		return tui_live_run(&to);
	if (o->vitals)
		return tui_vitals_run(&to, o->dir2);
	if (o->audit) {
		if (!o->top)
			return cli_needs("tui --audit", "--top N of 1 or more");
		return tui_firings_run(&to, (unsigned int)o->top);
	}
	/* several hosts: a merged set, or two traces or more (tui/hosts.c) */
	if (o->noperands || (o->dir && !o->lesson && lttr_xview_is_set(o->dir))) {
		const char **dirs = calloc((size_t)o->noperands + 1, sizeof(*dirs));
		int k;

		if (!dirs) {
			fprintf(stderr, "%s: out of memory\n", cli_prog);
			return 1;
		}
		if (o->lesson) {
			free(dirs);
			fprintf(stderr, "%s: --lesson takes one trace\n", cli_prog);
			return 2;
		}
		dirs[0] = o->dir;
		for (k = 0; k < o->noperands; k++)
			dirs[k + 1] = o->operands[k];
		r = tui_hosts_run(&to, dirs, (size_t)o->noperands + 1);
		free(dirs);
		return r;
	}
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
