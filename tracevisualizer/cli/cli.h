/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cli.h - commands of the tracevisualizer program.
 */
#ifndef TRACEVISUALIZER_CLI_H
#define TRACEVISUALIZER_CLI_H

#include <stdbool.h>
#include <stdint.h>

#define EXIT_TRACE 1	/* the trace could not be read */
#define EXIT_USAGE 2	/* bad command line */

struct cli_opts {
	bool json;
	bool pretty;
	bool salvage;
	bool reverse;
	int cpu;		/* -1: all */
	int64_t pid;		/* -1: all */
	const char *dir;
};

extern const char *cli_prog;

int cmd_dump(const struct cli_opts *o);
int cmd_summary(const struct cli_opts *o);
void cli_trace_error(const char *msg);

#endif
