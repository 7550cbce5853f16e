// SPDX-License-Identifier: GPL-2.0
/*
 * cmd-tui.c - "tracevisualizer tui TRACEDIR": the terminal analyzer
 * (tui/), started with its own options taken from the command line's.
 */
#include "cli.h"
#include "tui.h"

int cmd_tui(struct cli_opts *o)
{
	const struct tui_opts to = { .prog = cli_prog, .dir = o->dir, .salvage = !o->strict,
				     .row_sort = o->rows, .symfs = o->symfs };

	return tui_run(&to);
}
