/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cli.h - commands of the tracevisualizer program.
 */
#ifndef TRACEVISUALIZER_CLI_H
#define TRACEVISUALIZER_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <lttr/sync/clocksync.h>
#include <lttr/sync/model-json.h>

#define EXIT_TRACE 1	/* the trace could not be read */
#define EXIT_USAGE 2	/* bad command line */
#define EXIT_CONSERVATION 3	/* check: time not conserved */
#define EXIT_DAMAGED 4	/* check: conserved, but the figures are partial (incomplete trace, lost events, warnings) */
#define EXIT_THRESHOLD 3	/* latency: an instance is over --threshold */
#define EXIT_UNSYNCED 5	/* merge: written, but a host is not synchronised */

#define CLI_MAX_PIDS 64
#define CLI_MAX_CUSTOM 16

struct lttr_trace;
struct lttr_account;
struct lttr_filter;
struct lttr_error;

struct cli_opts {
	bool json;
	bool pretty;
	bool salvage;		/* export: read what is intact (its own rule) */
	bool strict;		/* --strict: refuse a damaged trace (default: salvage) */
	bool no_view_cache;	/* --no-view-cache: build the view model every time */
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
	/* --from, --to, --window, --at as typed (lttr_parse_trace_time()'s
	 * forms), read in the trace's span when it is open (cli_open()) */
	char from_text[64], to_text[64], at_text[64];
	bool window;		/* the two came as --window FROM:TO */
	unsigned int rows;	/* graph, tui --rows: enum lttr_vsort */
	int64_t from_ns;	/* then: ns after the trace's start, in it */
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
	int stack_kind;		/* stacks: enum lttr_stacks_kind, -1: none */
	unsigned int stack_event;	/* stacks: LTTR_STACKS_EVENT's event */
	long stack_syscall;	/* stacks: its syscall, -1: any */
	const char *stack_syscall_name;	/* stacks: syscall:NAME's NAME, or NULL */
	size_t worst;		/* latency: worst instances listed */
	bool explain;		/* latency: explain the worst; paths: each hop's time split */
	bool instances;		/* latency: list every instance (JSON) */
	bool has_threshold;
	uint64_t threshold_ns;	/* latency: --threshold */
	bool has_deadline;
	uint64_t deadline_ns;	/* jobs: --deadline */
	bool load;		/* jobs: --load (bins: --width) */
	bool periodic;		/* jobs: --periodic */
	const char *png;	/* latency: the histogram as a PNG; jobs: the jobs' chart */
	const char *svg;	/* stacks: the flame graph as an SVG */
	const char *what;	/* latency: one syscall, irq, vector or sub-kind */
	bool has_at;
	int64_t at_ns;		/* explain, symbolize: --at, ns after the trace's start, in it */
	const char *pcap;	/* export --pcap FILE (written); messages, paths: read */
	const char *ctf;	/* export --ctf DIR */
	const char *json_events;	/* export --json-events FILE */
	const char *dir;
	const char *dir2;	/* diff: trace B (dir: A) */
	/* symbolize: the addresses, --symfs, --kernel */
	char **operands;
	int noperands;
	const char *symfs;
	bool kernel;
	bool addresses;		/* stacks: frames in hex */
	const char *script;	/* replay --script FILE */
	bool allow_io;		/* replay: Lua's io and os */
	const char *hits;	/* replay --hits EXPR */
	size_t host;		/* critical-path --host K */
	bool host_set;
	/* messages and paths */
	unsigned int by;	/* --by: enum lttr_node_by */
	const char *msgfile;	/* --messages FILE (abstract format) */
	const char *lesson;	/* tui --lesson NAME|FILE */
	bool diff;		/* tui --diff A B: @dir against @dir2 */
	bool audit;		/* tui --audit DIR: the firings of @dir */
	bool live;		/* tui --live DIR: a running session followed */
	bool vitals;		/* tui --vitals DIR [TRACEDIR]: the vital signs */
	bool list;		/* messages: every message, abstract format */
	const char *write_pcap;	/* messages: the trace's packets to this file */
	bool convolution;	/* paths --algorithm convolution */
	bool latency_sort;	/* paths --sort latency */
	bool dot;		/* paths: Graphviz dot */
	bool parents;		/* paths: each call pair's parent */
	bool ports;		/* --pcap: a node is an address and a port */
	bool has_penalties;
	bool no_tasks;		/* nesting: no task hint */
	size_t top;		/* paths: patterns shown (0: all) */
	const char *rules_file;	/* audit --rules FILE */
	bool top_set;		/* --top given (diff's default is 1, not top's 10) */
	uint64_t quantum_ns;	/* convolution: mu */
	uint64_t max_delay_ns;
	uint64_t min_count;
	const char *root;	/* convolution: the first node */
	uint64_t skew_ns;	/* nesting: skew window */
	double smooth;		/* nesting: smoothing, bins */
	double penalty[3];	/* nesting: x, y, z */
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
int cmd_audit(struct cli_opts *o);
int cmd_diff(struct cli_opts *o);
int cmd_stacks(struct cli_opts *o);
int cmd_symbolize(struct cli_opts *o);
int cmd_replay(struct cli_opts *o);

/* the interactive prompt: line editing and history (prompt.c) */
struct cli_prompt;
struct cli_prompt *cli_prompt_open(const char *name);
const char *cli_prompt_read(struct cli_prompt *p, const char *text);
void cli_prompt_close(struct cli_prompt *p);
int cmd_export(struct cli_opts *o);
int cmd_messages(struct cli_opts *o);
int cmd_paths(struct cli_opts *o);
int cmd_tui(struct cli_opts *o);
int cmd_jobs(struct cli_opts *o);
/* merge has a command line of its own (several traces, -o) */
int cmd_merge(int argc, char **argv);
/* vitals too (a directory of epoch files, docs/vitals.md) */
int cmd_vitals(int argc, char **argv);
/* summary of a merged set (a directory holding clock-model.json) */
int cli_summary_merged(struct cli_opts *o);
void cli_trace_error(const char *msg);
/* cmd-explain.c: a task's state at a time, explained, as text */
struct lttr_explain_at;
void cli_print_explain_at(const struct lttr_trace *t, const struct lttr_explain_at *r);

/* msgsource.c: the messages of --messages, --pcap or the trace (@t: the
 * open trace, or NULL); 0 or an exit status (the error said) */
struct lttr_msgset;
int cli_load_messages(struct cli_opts *o, struct lttr_msgset **s, struct lttr_trace **t);
/* their warnings on standard error */
/* cmd-merge.c: open several hosts' traces, refusing one twice; 0 or an
 * exit status, said */
int cli_hosts_open(const char *const *dirs, size_t n, struct lttr_trace **t, char **real,
		   const char *cmd);
/*
 * msgsource.c: several hosts' traces on one clock: merge's set @o->dir, or
 * @o->dir and @o->operands given directly (synchronised as merge does)
 */
struct cli_hosts {
	size_t n;
	struct lttr_trace **t;
	const char **name;		/* each host's name (its header's) */
	struct lttr_sync_model *model;	/* &rd.model or &own */
	struct lttr_sync_read rd;
	struct lttr_sync_model own;
	struct lttr_sync_msg *msgs;
	char **real;
	char (*prefix)[80];		/* cli_hosts_messages(): each host's nodes' prefix */
	const char **prefixes;
};
/* 0 or an exit status (the error said); cli_hosts_free() in every case */
int cli_hosts_load(struct cli_opts *o, struct cli_hosts *h);
/* cli_hosts_load(), --host checked against the set and the times parsed on the
 * reference's clock; on failure @h is freed and the exit status returned */
int cli_hosts_load_host(struct cli_opts *o, struct cli_hosts *h);
void cli_hosts_free(struct cli_hosts *h);
/* the hosts' names as their nodes' prefixes (@h->prefixes: a host's name,
 * "hostK" when two share it or it has none); 0 or an exit status, said */
int cli_hosts_names(struct cli_hosts *h);
/* the messages of the hosts @h on one clock, their nodes "PREFIX:..." (@h->prefixes) */
int cli_hosts_messages(struct cli_opts *o, struct cli_hosts *h, struct lttr_msgset *s);
/* cmd-critpath.c: a critical path across hosts as text, its anomalies warned */
struct lttr_critpath;
void cli_print_critpath_hosts(const struct cli_hosts *h, const struct lttr_critpath *cp,
			      const char *ind);
void cli_warn_critpath_anomalies(const struct lttr_critpath *cp);
const char *cli_htask(const struct cli_hosts *h, const struct lttr_critpath *cp,
		      uint32_t host, uint32_t pid, char *buf, size_t size);
/* cmd-explain.c: an interval explained across hosts as text, its uncertainty warned */
struct lttr_xh_span;
void cli_print_xh_span(const struct cli_hosts *h, const struct lttr_xh_span *s, const char *ind);
void cli_warn_xh_span(const struct lttr_xh_span *s);
/* a merged set (merge's directory: clock-model.json, no header)? */
bool cli_is_merged(const char *dir);
void cli_msg_warnings(const struct lttr_msgset *s);

/* cli-common.c */
bool cli_pid_wanted(const struct cli_opts *o, uint32_t pid);

/* whether --cpu asks for the events of @cpu (every CPU without --cpu) */
static inline bool cli_cpu_wanted(const struct cli_opts *o, unsigned int cpu)
{
	return !o->cpus || (cpu < 64 && (o->cpus >> cpu) & 1);
}
int cli_open(struct cli_opts *o, struct lttr_trace **t);
struct lttr_syms;
/*
 * the symbols that name the frames of stacks: those traced saved in the
 * trace directory (kallsyms, maps; docs/stacks.md), under --symfs if
 * given.  NULL in *@out with --addresses, or when the trace has no symbol
 * file (said once: its frames stay addresses).  -1: an error, said.
 */
int cli_open_syms(const struct cli_opts *o, struct lttr_syms **out);
/*
 * cli_open_syms() for the stacks shown beside other results (explain,
 * critical-path, latency --explain): nothing (NULL) when @t recorded no
 * stacks.  The trace's lack of symbol files is not said here but told
 * in *@unnamed: the caller says it (cli_warn_no_syms()) only when a
 * stack it shows is left unnamed.
 */
int cli_open_stack_syms(const struct cli_opts *o, const struct lttr_trace *t,
			struct lttr_syms **out, bool *unnamed);
/* the warning of a trace without symbol files: its frames are addresses */
void cli_warn_no_syms(const struct cli_opts *o);
struct lttr_block_stacks;
/* a block has a stack to show (NULL: no) */
bool cli_block_stacks_shown(const struct lttr_block_stacks *b);
/* the symbols' warnings on stderr, then close them (NULL: nothing) */
void cli_close_syms(struct lttr_syms *s);
/* cli_open()'s checks of the options against an open trace (closed on failure) */
int cli_parse_times(struct cli_opts *o, struct lttr_trace *t);
int cli_open_checked(struct cli_opts *o, struct lttr_trace **t);
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
/* a command's options do not go together: @need said, with where its
 * --help is; EXIT_USAGE */
int cli_needs(const char *cmd, const char *need);
/* --json: start the document, {"trace": TRACEINFO, ... and end it */
void cli_json_begin(struct lttr_json *j, const struct cli_opts *o,
		    const struct lttr_trace *t);
void cli_json_end(struct lttr_json *j, const struct cli_opts *o);

#endif
