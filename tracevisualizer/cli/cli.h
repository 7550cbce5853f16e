/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cli.h - commands of the tracevisualizer program.
 */
#ifndef TRACEVISUALIZER_CLI_H
#define TRACEVISUALIZER_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define EXIT_TRACE 1	/* the trace could not be read */
#define EXIT_USAGE 2	/* bad command line */
#define EXIT_CONSERVATION 3	/* check: time not conserved */
#define EXIT_DAMAGED 4	/* check: conserved, but the trace is incomplete */
#define EXIT_THRESHOLD 3	/* latency: an instance is over --threshold */

#define CLI_MAX_PIDS 64
#define CLI_MAX_CUSTOM 16

struct lttr_trace;
struct lttr_account;
struct lttr_filter;
struct lttr_error;

struct cli_opts {
	bool json;
	bool pretty;
	bool salvage;
	bool reverse;
	bool threads;		/* processes: one row per thread */
	bool time;		/* summary: add the time accounting */
	bool tree;		/* processes: indent children under parents */
	bool transitions;	/* graph: list every transition (text) */
	bool wall;		/* dump: wall-clock times (UTC) */
	bool has_from;
	bool has_to;
	int cpu;		/* -1: all */
	int width;		/* graph columns */
	int64_t from_ns;	/* relative to the trace start */
	int64_t to_ns;
	uint64_t tolerance_ns;	/* check */
	size_t npids;		/* 0: all */
	uint32_t pids[CLI_MAX_PIDS];
	uint64_t types[4];	/* --type: ids shown (all zero: every id) */
	uint64_t omit[4];	/* --omit: ids hidden */
	size_t ncustom;		/* --custom: 0: no filter */
	const char *custom[CLI_MAX_CUSTOM];	/* custom type names shown */
	const char *filter_expr;	/* --filter: the expression, or NULL */
	struct lttr_filter *filter;	/* and compiled (main() frees it) */
	int kind;		/* latency: enum lttr_timing_kind, -1: none */
	size_t worst;		/* latency: worst instances listed */
	bool explain;		/* latency: explain the worst */
	bool instances;		/* latency: list every instance (JSON) */
	bool has_threshold;
	uint64_t threshold_ns;	/* latency: --threshold */
	const char *png;	/* latency: the histogram as a PNG */
	const char *what;	/* latency: one syscall, irq, vector or sub-kind */
	bool has_at;
	int64_t at_ns;		/* explain: --at, relative to the trace start */
	const char *dir;
};

extern const char *cli_prog;

int cmd_dump(struct cli_opts *o);
int cmd_summary(struct cli_opts *o);
int cmd_processes(struct cli_opts *o);
int cmd_syscalls(struct cli_opts *o);
int cmd_irqs(struct cli_opts *o);
int cmd_check(struct cli_opts *o);
int cmd_graph(struct cli_opts *o);
int cmd_latency(struct cli_opts *o);
int cmd_explain(struct cli_opts *o);
int cmd_critpath(struct cli_opts *o);
void cli_trace_error(const char *msg);

/* cli-common.c */
bool cli_pid_wanted(const struct cli_opts *o, uint32_t pid);
int cli_open(struct cli_opts *o, struct lttr_trace **t);
int cli_open_account(struct cli_opts *o, struct lttr_trace **t,
		     struct lttr_account **a);
int cli_finish(struct lttr_trace *t, struct lttr_account *a, int status);
/* --from/--to as absolute bounds (0, UINT64_MAX: open); whether given */
bool cli_window(const struct cli_opts *o, const struct lttr_trace *t,
		uint64_t *from, uint64_t *to);
/* --at as an absolute time */
uint64_t cli_at(const struct cli_opts *o, const struct lttr_trace *t);
const struct lttr_acct_task *cli_tasks(const struct cli_opts *o,
				       const struct lttr_account *a,
				       struct lttr_acct_task **group, size_t *n);
void cli_print_ms(uint64_t ns);
/* a windowed accounting (--from, --to): its bounds, a line or a JSON key */
struct lttr_json;
void cli_print_window(const struct lttr_account *a);
void cli_json_window(struct lttr_json *j, const struct lttr_account *a);
/*
 * an analysis of @t failed with @err: said (after @what when the caller
 * asked for what the trace does not have, LTTR_E_INVAL), the trace
 * closed; the exit status (2 for LTTR_E_INVAL, else 1)
 */
int cli_fail(struct lttr_trace *t, const struct lttr_error *err, const char *what);
/* --json: start the document, {"trace": TRACEINFO, ... and end it */
void cli_json_begin(struct lttr_json *j, const struct cli_opts *o,
		    const struct lttr_trace *t);
void cli_json_end(struct lttr_json *j, const struct cli_opts *o);
double cli_pct(uint64_t part, uint64_t whole);

#endif
