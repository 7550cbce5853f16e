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
#define EXIT_DAMAGED 4	/* check: conserved, but the figures are partial (incomplete trace, lost events, warnings) */

#define CLI_MAX_PIDS 64
#define CLI_MAX_CUSTOM 16

struct lttr_trace;
struct lttr_account;
struct lttr_filter;

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
	uint64_t cpus;		/* --cpu: a bit per CPU shown (0: every CPU) */
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
void cli_trace_error(const char *msg);

/* cli-common.c */
bool cli_pid_wanted(const struct cli_opts *o, uint32_t pid);

/* whether --cpu asks for the events of @cpu (every CPU without --cpu) */
static inline bool cli_cpu_wanted(const struct cli_opts *o, unsigned int cpu)
{
	return !o->cpus || (cpu < 64 && (o->cpus >> cpu) & 1);
}
int cli_open(struct cli_opts *o, struct lttr_trace **t);
int cli_open_account(struct cli_opts *o, struct lttr_trace **t,
		     struct lttr_account **a);
int cli_finish(struct lttr_trace *t, struct lttr_account *a, int status);
/* --from/--to as absolute bounds (0, UINT64_MAX: open); whether given */
bool cli_window(const struct cli_opts *o, const struct lttr_trace *t,
		uint64_t *from, uint64_t *to);
const struct lttr_acct_task *cli_tasks(const struct cli_opts *o,
				       const struct lttr_account *a,
				       struct lttr_acct_task **group, size_t *n);
void cli_print_ms(uint64_t ns);
/* a windowed accounting (--from, --to): its bounds, a line or a JSON key */
struct lttr_json;
void cli_print_window(const struct lttr_account *a);
void cli_json_window(struct lttr_json *j, const struct lttr_account *a);
double cli_pct(uint64_t part, uint64_t whole);

#endif
