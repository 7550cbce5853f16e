// SPDX-License-Identifier: GPL-2.0
/*
 * main.c - command line of tracevisualizer: the table of commands and the
 * table of options, from which the dispatch and every --help are made, and
 * the parsing of the options.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <ltt/ltt-groups.h>
#include <lttr/analysis/stacks.h>
#include <lttr/analysis/timing.h>
#include <lttr/reader/event.h>
#include <lttr/units/duration.h>
#include <lttr/units/timearg.h>
#include <lttr/view/filter.h>
#include <lttr/view/view.h>
#include <lttr/paths/message.h>
#include "cli.h"

const char *cli_prog = "tracevisualizer";

static int bad_usage(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static int bad_usage(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", cli_prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry 'tracevisualizer --help'.\n");
	return EXIT_USAGE;
}

static int parse_num(const char *s, long long max, long long *v)
{
	char *end;
	long long x;

	if (!s || !*s)
		return -1;
	x = strtoll(s, &end, 10);
	if (*end || x < 0 || x > max)
		return -1;
	*v = x;
	return 0;
}

static int parse_pids(const char *s, struct cli_opts *o)
{
	char buf[32];
	long long v;
	const char *p = s;

	while (*p) {
		size_t n = strcspn(p, ",");

		if (!n || n >= sizeof(buf) || o->npids == CLI_MAX_PIDS)
			return -1;
		memcpy(buf, p, n);
		buf[n] = '\0';
		if (parse_num(buf, 0xffffffffLL, &v))
			return -1;
		o->pids[o->npids++] = (uint32_t)v;
		p += n;
		if (*p == ',' && !*++p)
			return -1;
	}
	return o->npids ? 0 : -1;
}

/* a CPU or a comma-separated list of CPUs, added to the bits of @cpus */
static int parse_cpus(const char *s, uint64_t *cpus)
{
	const char *p = s;

	if (!*p)
		return -1;
	while (*p) {
		char *end;
		unsigned long v;

		if (*p < '0' || *p > '9')
			return -1;
		errno = 0;
		v = strtoul(p, &end, 10);
		if (errno || v >= LTT_MAX_CPUS)
			return -1;
		*cpus |= 1ULL << v;
		p = end;
		if (!*p)
			break;
		if (*p != ',' || !p[1])
			return -1;
		p++;
	}
	return 0;
}

static void set_type(uint64_t *bits, unsigned int id)
{
	bits[id / 64] |= 1ULL << (id % 64);
}

/* the ids of a group of include/ltt/ltt-groups.h (traced -e's names) */
static bool set_group(const char *name, uint64_t *bits)
{
	size_t i, k;

	for (i = 0; i < LTT_NGROUPS; i++) {
		const struct ltt_event_group *g = &ltt_event_groups[i];

		if (strcasecmp(name, g->name))
			continue;
		for (k = g->lo; g->lo && k <= g->hi; k++)
			if (lttr_event_type_name((unsigned int)k))
				set_type(bits, (unsigned int)k);
		for (k = 0; !g->lo && g->ids[k]; k++)
			set_type(bits, g->ids[k]);
		return true;
	}
	return false;
}

/*
 * event type names and groups, comma-separated; on an unknown one, its
 * name in @bad (empty for an empty item)
 */
static int parse_types(const char *s, uint64_t *bits, char *bad, size_t badlen)
{
	char buf[32];
	const char *p = s;

	snprintf(bad, badlen, "%s", "");
	if (!*p)
		return -1;
	while (*p) {
		size_t n = strcspn(p, ",");

		if (!n || n >= sizeof(buf)) {
			snprintf(bad, badlen, "%.*s", (int)(n < 40 ? n : 40), p);
			return -1;
		}
		memcpy(buf, p, n);
		buf[n] = '\0';
		if (!set_group(buf, bits)) {
			int id = lttr_event_type_id(buf);

			if (id < 0 && !strcmp(buf, "sched"))
				id = LTT_EV_SCHEDCHANGE;
			if (id < 0 || id >= LTT_EV_MAX) {
				snprintf(bad, badlen, "%s", buf);
				return -1;
			}
			set_type(bits, (unsigned int)id);
		}
		p += n;
		if (*p == ',' && !*++p)
			return -1;
	}
	return 0;
}

/* "group, group, ...; type, type, ..." for an error message */
static void type_choices(char *buf, size_t len)
{
	size_t used = 0, i;
	unsigned int id;

	buf[0] = '\0';
	for (i = 0; i < LTT_NGROUPS && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? ", " : "groups ",
					 ltt_event_groups[i].name);
	for (id = 1; id < LTT_EV_MAX && used < len; id++)
		if (lttr_event_type_name(id))
			used += (size_t)snprintf(buf + used, len - used, "%s%s",
						 used && buf[used - 1] != ' ' &&
						 strstr(buf, "; types ") ? ", " : "; types ",
						 lttr_event_type_name(id));
}

/* dump, with its --filter expression compiled */
static int dump(struct cli_opts *o)
{
	struct lttr_error err;
	int status;

	if (o->filter_expr &&
	    lttr_filter_compile(o->filter_expr, &o->filter, &err) < 0) {
		if (err.code != LTTR_E_INVAL) {
			cli_trace_error(err.msg);
			return EXIT_TRACE;
		}
		return bad_usage("bad --filter expression \"%s\": %s",
				 o->filter_expr, err.msg);
	}
	status = cmd_dump(o);
	lttr_filter_free(o->filter);
	return status;
}

/* export, with its one output among --pcap, --ctf and --json-events */
static int export(struct cli_opts *o)
{
	if (!!o->pcap + !!o->ctf + !!o->json_events != 1)
		return bad_usage("export needs --pcap FILE, --ctf DIR or --json-events FILE (one of them)");
	if (!o->pcap && (o->npids || o->has_from || o->has_to))
		return bad_usage("%s exports the whole trace: --pid, --from, --to and --window select packets for --pcap",
				 o->ctf ? "--ctf" : "--json-events");
	return cmd_export(o);
}

/* the commands, as bits of struct opt.cmds (their order in commands[]) */
enum {
	C_DUMP = 1 << 0, C_SUMMARY = 1 << 1, C_PROCESSES = 1 << 2, C_SYSCALLS = 1 << 3,
	C_IRQS = 1 << 4, C_GRAPH = 1 << 5, C_CHECK = 1 << 6, C_TUI = 1 << 7,
	C_EXPORT = 1 << 8, C_MESSAGES = 1 << 9, C_PATHS = 1 << 10,
	C_LATENCY = 1 << 11, C_EXPLAIN = 1 << 12, C_CRITPATH = 1 << 13, C_DIFF = 1 << 14,
	C_STACKS = 1 << 15, C_SYMBOLIZE = 1 << 16, C_REPLAY = 1 << 17, C_AUDIT = 1 << 18,
	C_JOBS = 1 << 19,
	C_ALL = 0xfffff,
	C_MSG = C_MESSAGES | C_PATHS,
	C_JSON = C_ALL & ~(C_TUI | C_EXPORT | C_SYMBOLIZE),
	C_STATS = C_SUMMARY | C_PROCESSES | C_SYSCALLS | C_IRQS | C_CHECK,	/* windowed */
};

/*
 * Every command: what runs it, its line in --help, its operands and what it
 * prints (COMMAND --help); main() dispatches through this table and the
 * help is written from it and from opts[].
 */
static const struct command {
	const char *name;
	int (*run)(struct cli_opts *o);
	const char *summary;	/* one line, for --help */
	const char *operands;	/* after [OPTIONS] */
	const char *synopsis;	/* what it prints, for COMMAND --help */
} commands[] = {
	{ "dump", dump, "the events of all CPUs in time order, one per line",
	  "TRACEDIR",
	  "print the events of all CPUs in time order, one per line: relative\n"
	  "time, absolute time (s.ns), cpu, comm-pid, control mark (C = transition\n"
	  "into or out of the kernel), description" },
	{ "summary", cmd_summary, "event counts per type, CPU and process (--time: the time)",
	  "TRACEDIR",
	  "event counts per type, CPU and process, syscalls, lost events; with\n"
	  "--time also where the time went" },
	{ "processes", cmd_processes, "time per process or thread: user, kernel, runnable, blocked",
	  "TRACEDIR",
	  "per-process (--threads: per-thread; --tree: as a tree) time: user,\n"
	  "kernel, interrupted, running, runnable waiting, blocked by reason" },
	{ "syscalls", cmd_syscalls, "per syscall: count, durations, time on CPU and blocked",
	  "TRACEDIR",
	  "per-syscall count, total, min, max, mean, time on CPU and blocked,\n"
	  "system-wide and per process, latency histograms" },
	{ "irqs", cmd_irqs, "irq handler and softirq durations",
	  "TRACEDIR",
	  "irq handler durations per irq and system vector, softirq durations\n"
	  "per softirq vector" },
	{ "graph", cmd_graph, "the control flow over a time window, one row per process",
	  "TRACEDIR",
	  "the control flow over a time window: one row per process\n"
	  "(user/kernel/irq) and a time axis; with --transitions, then every\n"
	  "transition in order" },
	{ "check", cmd_check, "the conservation checks (exit status 3 when one fails)",
	  "TRACEDIR",
	  "the conservation checks, and the view model against the accounting\n"
	  "(exit status 3 when one fails, 4 when the trace is incomplete)" },
	{ "tui", cmd_tui, "the terminal analyzer (keys: ?)",
	  "TRACEDIR|MERGED|TRACEDIR TRACEDIR...",
	  "the terminal analyzer: control flow, resources, processes, syscalls,\n"
	  "irqs, events, the causal paths through the messages and latencies\n"
	  "(the worst explained, a task's critical path) in one window of time\n"
	  "(keys: ?); of a merged set or several traces, the hosts on one clock:\n"
	  "a group row per host, its tasks, the messages between hosts marked,\n"
	  "each host's clock model" },
	{ "export", export, "the trace as pcap, CTF 1.8 or Chrome trace-event JSON",
	  "TRACEDIR|MERGED (--ctf)",
	  "the trace in other tools' formats: with --pcap FILE its captured\n"
	  "network packets as pcap (libpcap, nanosecond time stamps in\n"
	  "CLOCK_REALTIME, LINUX_SLL2 frames keeping the interface and the\n"
	  "direction); with --ctf DIR the whole trace as CTF 1.8 for babeltrace2\n"
	  "and Trace Compass (docs/ctf-export.md); with --json-events FILE as\n"
	  "Chrome trace-event JSON (Perfetto: slices for syscalls, traps, irqs\n"
	  "and softirqs, instants for the rest); a damaged trace: what is\n"
	  "readable, and warnings for the rest (exit status 4)" },
	{ "messages", cmd_messages, "the messages between processes, threads or IP addresses",
	  "TRACEDIR [TRACEDIR...]|MERGED|--pcap FILE|--messages FILE",
	  "the messages between processes, threads or IP addresses (--by), from\n"
	  "the trace's socket events, a packet capture (--pcap) or a file in the\n"
	  "abstract format (--messages): per sender and receiver, or each one\n"
	  "(--list); several hosts' traces, or merge's set, on one clock" },
	{ "paths", cmd_paths, "the causal paths through the messages",
	  "TRACEDIR [TRACEDIR...]|MERGED|--pcap FILE|--messages FILE",
	  "the causal paths through the messages (Aguilera et al., SOSP 2003): the\n"
	  "nesting algorithm's path patterns, their counts and per-hop delays, or\n"
	  "the convolution algorithm's graph (--algorithm convolution)" },
	{ "latency", cmd_latency, "a kind of latency: distribution, worst, over --threshold",
	  "TRACEDIR [TRACEDIR...]|MERGED",
	  "the distribution of a kind of latency (--kind wakeup, irq, softirq,\n"
	  "syscall or timer) per task or number: count, min, mean, p50, p90, p99,\n"
	  "p99.9, max, standard deviation and log2 histogram; its worst\n"
	  "instances (--explain: what made each long) and those longer than\n"
	  "--threshold (exit status 3 when there is one); several hosts' traces,\n"
	  "or merge's set: host --host K's latencies, the worst system calls\n"
	  "explained across the hosts (--explain)" },
	{ "explain", cmd_explain, "the state of task --pid at time --at, explained",
	  "TRACEDIR [TRACEDIR...]|MERGED",
	  "the state of task --pid at time --at, explained: what ran on the\n"
	  "CPU while it waited for one, what it did while it ran, or who woke\n"
	  "it from a block and what that waker was doing (the critical path of\n"
	  "the block); several hosts' traces, or merge's set: --at on the first\n"
	  "host's clock, a block explained across the hosts (the message it\n"
	  "waited for, its sender's path, the clock model's error bound)" },
	{ "critical-path", cmd_critpath, "what task --pid waited for, across the tasks that woke it",
	  "TRACEDIR [TRACEDIR...]|MERGED",
	  "what task --pid waited for over its interval (or --from --to),\n"
			   "followed backwards across the tasks that woke it: segments (task,\n"
			   "state, duration) that tile the interval exactly, and the total per\n"
			   "task and state; several hosts' traces, or merge's set, on one clock:\n"
			   "across the hosts, through the messages between them (transit)" },
	{ "diff", cmd_diff, "two runs compared: each process's change of time, in parts that add up",
	  "TRACEDIR-A TRACEDIR-B",
	  "the difference of two runs: the processes matched by name and role in\n"
	  "the process tree, and for each pair the change of its elapsed time (its\n"
	  "threads' lifetimes) split into the accounting's parts (user, syscall\n"
	  "NAME, trap, kernel, interrupted, runnable, nodata, blocked REASON, the\n"
	  "blocked time by waker), which add up to the change to the nanosecond,\n"
	  "ranked by |change|; the processes of one run only with their time; the\n"
	  "worst change explained as explain does" },
	{ "stacks", cmd_stacks, "folded call stacks: off-CPU (blocked time), wakeup or CPU (count)",
	  "TRACEDIR",
	  "the call stacks recorded with traced --stacks, folded as Brendan\n"
	  "Gregg's stackcollapse writes them (flamegraph.pl, speedscope): one\n"
	  "line per stack, frames root first separated by ';' (user then\n"
	  "kernel), then its weight: with --kind offcpu the ns the tasks were\n"
	  "blocked after a switch-out there (exactly the accounting's blocked\n"
	  "time), with --kind wakeup the wakeups made from there (the waker's\n"
	  "stack), with --kind cpu the profiler's samples taken there (traced\n"
	  "--sample; without --stacks sample each sample is its instruction),\n"
	  "with --kind syscall:NAME the entries of syscall NAME made from there\n"
	  "(traced --stacks syscall:NAME), with --kind EVENT those events" },
	{ "symbolize", cmd_symbolize, "the names of addresses: ADDR... of --pid, or --kernel",
	  "TRACEDIR ADDR...",
	  "the name of each address (hexadecimal) as name+0xOFF, object+0xOFF when\n"
	  "only the module or ELF file is known, or [unknown]: a user address of\n"
	  "process --pid through the trace's maps and the ELF files mapped (read\n"
	  "under --symfs DIR when given), a kernel address (--kernel) through the\n"
	  "trace's kallsyms and modules (docs/stacks.md); one line per address:\n"
	  "ADDR NAME; what could not be read is said once on stderr" },
	{ "replay", cmd_replay, "breakpoints and watchpoints over the replayed trace",
	  "TRACEDIR [TRACEDIR...]|MERGED",
	  "run the script --script FILE (else the commands of the standard input,\n"
	  "one at a time, a prompt in a terminal) over the replayed trace, or\n"
	  "the merged set or several traces of several hosts on one clock, each a\n"
	  "node (__NODE__, @NODE(EXPR); the stops say their node)\n"
	  "(docs/replay.md): break EVENT-SPEC [if EXPR] [on NODES], watch EXPR,\n"
	  "delete, cont, step, next PID, run, run-to-previous, print EXPR,\n"
	  "set VAR = EXPR, and commands in Lua attached to a breakpoint or\n"
	  "watchpoint; one line per stop: kind and number, relative time, #event,\n"
	  "cpu, comm-pid, description (a watch: the expression, old -> new value),\n"
	  "then what its commands printed; --hits EXPR: the events after which\n"
	  "EXPR becomes true, one line each (relative time, #event; of a set,\n"
	  "on the first trace's clock, the node), as the\n"
	  "front ends' predicate bar finds and marks them" },
	{ "audit", cmd_audit, "the firings of traced --rules, each instance explained and blamed",
	  "TRACEDIR",
	  "the firings of a traced --rules session in order (TRACEDIR/firings.jsonl,\n"
	  "docs/triggers.md): each one's rule, the values its condition compared,\n"
	  "its snapshot and notify command; the instance (the task from start_ns to\n"
	  "time_ns) read in its snapshot: explained (the parts add up to its\n"
	  "latency, as latency --explain) and its critical blame (AUDIT): each time\n"
	  "of its critical path split equally among the parties active then, the\n"
	  "--top N on the path with most blame and the parties off it that overlap\n"
	  "them with at least as much (*), each party's share, and the tasks' blame\n"
	  "by state and place, and with stacks (traced --stacks) by code path: a\n"
	  "block's off-CPU stack, a sample's stack, named by 4 leaf user frames\n"
	  "(the ELF files under --symfs DIR when given, as stacks names them);\n"
	  "--rules FILE: the firings FILE's rules give on the\n"
	  "trace read after the fact, as traced --rules FILE gives them while it\n"
	  "runs (--json: the lines of firings.jsonl, without snapshot)" },
	{ "jobs", cmd_jobs, "the jobs of the markers: execution, response, interference, deadline",
	  "TRACEDIR",
	  "the jobs of the application markers (ltt_mark_begin(), ltt_mark_end():\n"
	  "a begin and its end of one name in one task): per name the count and\n"
	  "the distributions (min, p50, p90, p99, max) of the execution time (on\n"
	  "a CPU inside the job), the response time (begin to end), the start\n"
	  "jitter, the interference (runnable behind other tasks, irqs, softirqs,\n"
	  "blocked, unknown) and the preemptions; with --deadline the jobs over it,\n"
	  "each split into the parts that add up to its response (exit status 3\n"
	  "when there is one); bad markers (unbalanced, nested, a task that exits\n"
	  "inside a job, bad names) are warnings (docs/jobs.md); with --periodic\n"
	  "also the periodic tasks without markers, a job per timer release\n"
	  "(expiry to the block on the next wait), the deadline their period;\n"
	  "--png draws each job; with --load instead, the CPU load over time\n"
	  "(--width bins): each CPU's busy time and each task's time on a CPU\n"
	  "per bin" },
};

#define NCOMMANDS (sizeof(commands) / sizeof(commands[0]))
_Static_assert(C_ALL == (1u << NCOMMANDS) - 1, "a bit of C_ALL per command, in commands[]'s order");

enum optid {
	O_HELP, O_VERSION, O_JSON, O_PRETTY, O_SALVAGE, O_STRICT, O_REVERSE, O_THREADS, O_TIME,
	O_TREE, O_CPU, O_WIDTH, O_ROWS, O_TOLERANCE, O_PID, O_TYPE, O_OMIT, O_CUSTOM, O_FILTER,
	O_FROM, O_TO, O_WINDOW, O_TRANSITIONS, O_WALL, O_PCAP, O_CTF, O_JSON_EVENTS,
	O_BY, O_MESSAGES, O_LIST, O_ALGORITHM, O_SORT, O_TOP, O_DOT, O_EXPLAIN,
	O_PARENTS, O_PORTS, O_QUANTUM, O_MAX_DELAY, O_MIN_COUNT, O_ROOT, O_SKEW, O_SMOOTH,
	O_PENALTIES, O_WRITE_PCAP, O_NO_TASKS, O_KIND, O_WHAT, O_WORST, O_THRESHOLD,
	O_PNG, O_SVG, O_INSTANCES, O_AT, O_SYMFS, O_KERNEL, O_ADDRESSES, O_LESSON, O_SCRIPT,
	O_ALLOW_IO, O_HITS, O_DEADLINE, O_LOAD, O_PERIODIC, O_HOST, O_AUDIT, O_LIVE, O_VITALS, O_RULES,
	O_NO_VIEW_CACHE, O_DIFF,	/* O_DIFF last */
};

/* the options given, a bit per enum optid (more than 64 of them) */
#define OPT_WORDS 2
_Static_assert(O_DIFF < 64 * OPT_WORDS, "a bit of the options given per enum optid");
#define OPT_SET(used, id) ((used)[(id) / 64] |= 1ULL << ((id) % 64))
#define OPT_HAS(used, id) (((used)[(id) / 64] >> ((id) % 64)) & 1)

/* every option: its value's name (NULL: none), the commands that use it */
static const struct opt {
	const char *name;
	const char *arg;
	unsigned int cmds;
	enum optid id;
	const char *help;
} opts[] = {
	{ "--json", NULL, C_JSON, O_JSON, "JSON output (schemas in docs/json-schema.md)" },
	{ "--pretty", NULL, C_JSON, O_PRETTY, "indent the JSON output" },
	{ "--salvage", NULL, C_ALL, O_SALVAGE, "read what is intact in a damaged or truncated trace (the default, as in the terminal analyzer and the window)" },
	{ "--strict", NULL, C_ALL, O_STRICT, "refuse a damaged or truncated trace (status 1) instead of reading what is intact" },
	{ "--reverse", NULL, C_DUMP, O_REVERSE, "print the events backward (last first)" },
	{ "--wall", NULL, C_DUMP, O_WALL,
	  "the second column is the wall clock (UTC, ISO 8601), not CLOCK_MONOTONIC" },
	{ "--cpu", "N[,N...]", C_DUMP | C_GRAPH, O_CPU, "only these CPUs" },
	{ "--pcap", "FILE", C_EXPORT | C_MSG, O_PCAP,
	  "export: write the captured packets to FILE (pcap; --pid, --from, --to select);"
	  " messages, paths: the messages of this packet capture, not of a trace" },
	{ "--ctf", "DIR", C_EXPORT, O_CTF, "write the trace as CTF 1.8 in the new directory DIR" },
	{ "--json-events", "FILE", C_EXPORT, O_JSON_EVENTS,
	  "write the trace as Chrome trace-event JSON (Perfetto) to FILE" },
	{ "--pid", "N[,N...]", C_DUMP | C_PROCESSES | C_SYSCALLS | C_GRAPH | C_EXPORT |
	  C_LATENCY | C_EXPLAIN | C_CRITPATH | C_STACKS | C_SYMBOLIZE, O_PID,
	  "only these pids (processes: these tgids, or pids with --threads; explain,\n"
	  "                     critical-path: the task; stacks: the task, one;\n"
	  "                     symbolize: the process)" },
	{ "--type", "T[,T...]", C_DUMP, O_TYPE, "only these event types or groups (syscall_entry, core, fs...)" },
	{ "--omit", "T[,T...]", C_DUMP, O_OMIT, "hide these event types" },
	{ "--custom", "NAME", C_DUMP, O_CUSTOM,
	  "only the instances of the custom event type NAME (repeat it for several)" },
	{ "--filter", "EXPR", C_DUMP, O_FILTER,
	  "only the events the expression matches (docs/filter.md)" },
	{ "--from", "T", C_DUMP | C_GRAPH | C_STATS | C_EXPORT | C_LATENCY | C_CRITPATH | C_STACKS | C_REPLAY |
	  C_JOBS,
	  O_FROM,
	  "from time T (1.2: s after the trace start; @T absolute, dump's second column)" },
	{ "--to", "T", C_DUMP | C_GRAPH | C_STATS | C_EXPORT | C_LATENCY | C_CRITPATH | C_STACKS | C_REPLAY |
	  C_JOBS,
	  O_TO,
	  "up to time T (as --from; +D: D after --from)" },
	{ "--window", "A:B", C_DUMP | C_GRAPH | C_STATS | C_EXPORT | C_LATENCY | C_CRITPATH | C_STACKS |
	  C_JOBS,
	  O_WINDOW, "the same as --from A --to B" },
	{ "--width", "N", C_GRAPH | C_JOBS, O_WIDTH,
	  "columns of the time axis, or jobs --load's bins (10 to 1000, default 100)" },
	{ "--rows", "ORDER", C_GRAPH | C_TUI, O_ROWS,
	  "the task rows: traced (default: the traced command's processes first, then the "
	  "busiest), pid, name or busy (running time in the window)" },
	{ "--lesson", "NAME|FILE", C_TUI, O_LESSON,
	  "a lesson's steps as a pager under the views (} next, { previous): docs/lessons/NAME.lesson "
	  "or a lesson file; TRACEDIR defaults to the lesson's trace" },
	{ "--diff", NULL, C_TUI, O_DIFF,
	  "tui --diff A B: two runs compared, what diff prints (docs/views.md, \"Diff\")" },
	{ "--audit", NULL, C_TUI, O_AUDIT,
	  "tui --audit TRACEDIR: the firings of a traced --rules session, what audit prints; Enter "
	  "opens one's snapshot in the control flow, its blamed tasks highlighted (docs/views.md, "
	  "\"Audit\")" },
	{ "--vitals", NULL, C_TUI, O_VITALS,
	  "tui --vitals DIR [TRACEDIR]: the vital signs traced --vitals wrote in DIR over time,\n"
	  "                     a row each, anomalies marked; Enter: TRACEDIR at the epoch\n"
	  "                     selected (docs/views.md, \"Vital signs\")" },
	{ "--no-view-cache", NULL, C_TUI, O_NO_VIEW_CACHE,
	  "build the view model from the trace, neither reading nor writing its cache"
	  " (TRACEDIR/view.cache; also LTTR_VIEW_CACHE=0)" },
	{ "--live", NULL, C_TUI, O_LIVE,
	  "tui --live DIR: a running session's trace followed as traced writes it: the\n"
	  "                     newest events, the firings, how far behind (docs/views.md, \"Live\");\n"
	  "                     DIR need not be a trace yet" },
	{ "--transitions", NULL, C_GRAPH, O_TRANSITIONS,
	  "list every transition under the chart (JSON always has them)" },
	{ "--threads", NULL, C_PROCESSES | C_SYSCALLS, O_THREADS, "one row per thread" },
	{ "--tree", NULL, C_PROCESSES, O_TREE, "the process tree (children under parents)" },
	{ "--time", NULL, C_SUMMARY, O_TIME, "add the time accounting (a second pass)" },
	{ "--tolerance", "D", C_CHECK, O_TOLERANCE, "allowed error, a duration (default 1000ns)" },
	{ "--host", "K", C_CRITPATH | C_EXPLAIN | C_LATENCY, O_HOST,
	  "several hosts' traces or merge's set: the task --pid (latency: the\n"
	  "                     instances) is host K's (0: the first trace, the default)" },
	{ "--by", "WHAT", C_MSG, O_BY,
	  "a node is a process (default), a thread or an endpoint (IP address)" },
	{ "--ports", NULL, C_MSG, O_PORTS, "--pcap: a node is an address and a port" },
	{ "--messages", "FILE", C_MSG, O_MESSAGES,
	  "the messages of a file in the abstract format, not a trace" },
	{ "--list", NULL, C_MESSAGES, O_LIST, "every message, in the abstract format" },
	{ "--write-pcap", "FILE", C_MESSAGES, O_WRITE_PCAP,
	  "write the packets the trace captured (traced --capture) as a pcap file" },
	{ "--algorithm", "A", C_PATHS, O_ALGORITHM, "nesting (default) or convolution" },
	{ "--sort", "KEY", C_PATHS, O_SORT, "patterns by count (default) or latency" },
	{ "--top", "N", C_PATHS | C_AUDIT | C_DIFF | C_TUI, O_TOP,
	  "paths: the first N patterns (default 10, 0: all); audit: and tui --audit: the N\n"
	  "                     parties on the critical path with most blame (default 10); diff:\n"
	  "                     the N worst changes explained (default 1)" },
	{ "--rules", "FILE", C_AUDIT, O_RULES,
	  "the trigger rules of FILE evaluated on TRACEDIR after the fact, as\n"
	  "                     traced --rules does while it runs: the firings they give" },
	{ "--dot", NULL, C_PATHS, O_DOT, "a Graphviz dot graph (Figures 8 and 9)" },
	{ "--explain", NULL, C_PATHS | C_LATENCY, O_EXPLAIN,
	  "paths: each hop's time at its node by the callee's state (traces), and its\n"
	  "                     transit; latency: explain each worst instance" },
	{ "--parents", NULL, C_PATHS, O_PARENTS, "each call's chosen parent, by id" },
	{ "--penalties", "X,Y,Z", C_PATHS, O_PENALTIES,
	  "nesting: overlap, same and any child penalty exponents (default 2,0,0)" },
	{ "--skew", "S", C_PATHS, O_SKEW, "nesting: skew window, a duration (default 0)" },
	{ "--no-tasks", NULL, C_PATHS, O_NO_TASKS,
	  "nesting: ignore which task made and received each call (the paper's algorithm)" },
	{ "--smooth", "BINS", C_PATHS, O_SMOOTH,
	  "nesting: smooth the scoreboard with a Gaussian of BINS (default 0)" },
	{ "--quantum", "S", C_PATHS, O_QUANTUM,
	  "convolution: the time quantum, a duration (default 1ms, longer when the span needs it)" },
	{ "--max-delay", "S", C_PATHS, O_MAX_DELAY,
	  "convolution: the longest delay searched, a duration (default 1s)" },
	{ "--min-count", "N", C_PATHS, O_MIN_COUNT,
	  "convolution: prune edges of fewer messages (default 1)" },
	{ "--root", "NODE", C_PATHS, O_ROOT,
	  "convolution: the first node (default: each whose first message it sent)" },
	{ "--kind", "KIND", C_LATENCY | C_STACKS, O_KIND,
	  "latency: wakeup, irq, softirq, syscall or timer; stacks: offcpu, wakeup, cpu,\n"
	  "                     an event name or syscall:NAME (needed)" },
	{ "--what", "NAME", C_LATENCY, O_WHAT,
	  "one syscall, irq or softirq (name or number), or sub-kind (wakeup,\n"
	  "                     preempt, handler, raise)" },
	{ "--worst", "N", C_LATENCY, O_WORST, "list the N worst instances (default 10)" },
	{ "--threshold", "D", C_LATENCY, O_THRESHOLD,
	  "list the instances longer than D (500us, 2ms; bare: seconds); exit status 3 if any" },
	{ "--png", "FILE", C_LATENCY | C_JOBS, O_PNG,
	  "latency: draw the histograms into FILE (PNG); jobs: each job's response and\n"
	  "                     execution time, the deadline and the misses" },
	{ "--instances", NULL, C_LATENCY, O_INSTANCES, "list every instance (JSON)" },
	{ "--at", "T", C_EXPLAIN | C_SYMBOLIZE, O_AT,
	  "the time, as --from (explain: needed; symbolize: chooses between the\n"
	  "                     mappings at START and at STOP where they differ)" },
	{ "--symfs", "DIR", C_TUI | C_LATENCY | C_EXPLAIN | C_CRITPATH | C_STACKS | C_SYMBOLIZE |
	  C_AUDIT, O_SYMFS,
	  "read the ELF files under DIR (DIR/usr/bin/app for /usr/bin/app), as perf" },
	{ "--svg", "FILE", C_STACKS, O_SVG,
	  "also draw the stacks as a flame graph into FILE (SVG)" },
	{ "--addresses", NULL, C_LATENCY | C_EXPLAIN | C_CRITPATH | C_STACKS, O_ADDRESSES,
	  "frames as hexadecimal addresses, not named through the trace's symbols" },
	{ "--kernel", NULL, C_SYMBOLIZE, O_KERNEL, "the addresses are the kernel's" },
	{ "--script", "FILE", C_REPLAY, O_SCRIPT,
	  "the breakpoints, watchpoints and commands to run (else: the standard input)" },
	{ "--hits", "EXPR", C_REPLAY, O_HITS,
	  "instead of a script: the events after which EXPR becomes true (in --from..--to), "
	  "as the front ends' predicate bar marks them" },
	{ "--allow-io", NULL, C_REPLAY, O_ALLOW_IO,
	  "give the Lua commands the io and os libraries (files, processes)" },
	{ "--deadline", "D", C_JOBS, O_DEADLINE,
	  "list the jobs whose response is longer than D (2ms; bare: seconds); exit status 3 if any" },
	{ "--load", NULL, C_JOBS, O_LOAD,
	  "the CPU load over time instead, per CPU and per task (--width bins, default 100)" },
	{ "--periodic", NULL, C_JOBS, O_PERIODIC,
	  "also the periodic tasks without markers: a job per timer release (nanosleep,\n"
	  "                     timerfd), its deadline the task's period (--deadline overrides)" },
	{ "--help", NULL, C_ALL, O_HELP, "this help (COMMAND --help: the command's)" },
	{ "-h", NULL, C_ALL, O_HELP, NULL },
	{ "--version", NULL, C_ALL, O_VERSION, "print the version" },
};

#define NOPTS (sizeof(opts) / sizeof(opts[0]))

/* "dump, graph and check": the commands of @cmds (@last: " and " or " or ") */
static const char *command_list_with(unsigned int cmds, const char *last, char *buf, size_t size)
{
	size_t k, n = 0, total = 0, seen = 0;

	for (k = 0; k < NCOMMANDS; k++)
		total += (cmds >> k) & 1;
	buf[0] = '\0';
	for (k = 0; k < NCOMMANDS && n < size; k++) {
		if (!((cmds >> k) & 1))
			continue;
		seen++;
		n += (size_t)snprintf(buf + n, size - n, "%s%s",
				      seen == 1 ? "" : seen == total ? last : ", ",
				      commands[k].name);
	}
	return buf;
}

static const char *command_list(unsigned int cmds, char *buf, size_t size)
{
	return command_list_with(cmds, " and ", buf, size);
}

/* "dump, graph and check", or "every command but tui and export" */
static const char *commands_of(unsigned int cmds, char *buf, size_t size)
{
	size_t k, n = 0;
	char rest[256];

	for (k = 0; k < NCOMMANDS; k++)
		n += (cmds >> k) & 1;
	if (n <= NCOMMANDS / 2)
		return command_list(cmds, buf, size);
	snprintf(buf, size, "every command but %s",
		 command_list(C_ALL & ~cmds, rest, sizeof(rest)));
	return buf;
}

/* an option and its value's name, then its help: a line of a --help */
static void option_line(const struct opt *op)
{
	char left[40];

	snprintf(left, sizeof(left), "%s%s%s", op->name, op->arg ? " " : "",
		 op->arg ? op->arg : "");
	printf("  %-18s %s\n", left, op->help);
}

/* tracevisualizer COMMAND --help: its operands, what it prints, its options */
static void command_usage(size_t c)
{
	size_t k;

	printf("Usage: tracevisualizer %s [OPTIONS] %s\n\n%s.\n\nOptions:\n",
	       commands[c].name, commands[c].operands, commands[c].synopsis);
	for (k = 0; k < NOPTS; k++)
		if (opts[k].help && ((opts[k].cmds >> c) & 1))
			option_line(&opts[k]);
	printf("\nAn option's value may follow it as its next argument or after '=' "
	       "(--pid=5).\nSee tracevisualizer --help and tracevisualizer(1).\n");
}

/* tracevisualizer --help: every command, then every option and its commands */
static void usage(void)
{
	char list[256];
	size_t c, k;

	printf("Usage: tracevisualizer COMMAND [OPTIONS] TRACEDIR\n\n"
	       "Read a trace directory written by traced (header, events, lost, proc).\n\n"
	       "Commands (COMMAND --help: its options and what it prints):\n");
	for (c = 0; c < NCOMMANDS; c++)
		printf("  %-14s %s\n", commands[c].name, commands[c].summary);
	printf("  %-14s %s\n", "merge", "several hosts' traces on one clock (merge -o OUT TRACE...)");
	printf("  %-14s %s\n", "vitals", "the vital signs of traced --vitals, per epoch (vitals DIR)");
	printf("\nOptions (below each, the commands that take it):\n");
	for (k = 0; k < NOPTS; k++) {
		if (!opts[k].help)
			continue;
		option_line(&opts[k]);
		if (opts[k].cmds != C_ALL)
			printf("  %-18s (%s)\n", "", commands_of(opts[k].cmds, list, sizeof(list)));
	}
	printf("\n"
"A duration (D, and S of --quantum, --max-delay, --skew) is a number and a\n"
"unit: %s; a bare number is seconds, as in the terminal\n"
"analyzer, the window and traced.  A time T of --from, --to, --window and\n"
"--at is a duration after the trace's start (1.2, 150ms), or @ and the\n"
"absolute time (@1234.567890123, dump's second column); in --to and the\n"
"TO of --window, +D is D after the start of the window.  A time outside\n"
"the trace is refused.  An option's value may follow it as its next\n"
"argument or after '=' (--pid=5).\n"
"\n"
"Environment: LTTR_THREADS=N  threads of the summary's counting pass\n"
"(default: one per processor for traces of 4 MiB or more; 1: none).\n"
"\n"
"Exit status: 0 success, 1 the trace could not be read (export: or nothing\n"
"to export), 2 usage error, 3 (check) time is not conserved, (latency) an\n"
"instance is longer than --threshold; 4 (check) the trace is incomplete,\n"
"(export) damaged: what was readable was exported; 5 (merge) the merged set\n"
"was written but a host is not synchronised.\n", LTTR_DURATION_UNITS);
}

/*
 * The command of the command line (its first word that is neither an
 * option nor an option's value), as an index of commands[], or NCOMMANDS:
 * known before the options are read, so that an option the command does
 * not use is refused as such, before its value is looked at.
 */
static size_t find_command(int argc, char **argv)
{
	size_t k, c;
	int i;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "--")) {
			a = i + 1 < argc ? argv[i + 1] : "";
		} else if (a[0] == '-' && a[1]) {
			for (k = 0; k < NOPTS; k++)
				if (!strcmp(a, opts[k].name))
					break;
			if (k < NOPTS && opts[k].arg)
				i++;	/* its value (not with --name=value) */
			continue;
		}
		for (c = 0; c < NCOMMANDS; c++)
			if (!strcmp(a, commands[c].name))
				return c;
		return NCOMMANDS;
	}
	return NCOMMANDS;
}

/* the value of option @op (given as @a) into @o: 0, or a usage error's exit status */
static int set_option(struct cli_opts *o, const struct opt *op, const char *a, const char *arg)
{
	long long v;
	uint64_t ns;
	char msg[256];

	switch (op->id) {
	case O_HELP:
	case O_VERSION:
		break;	/* main()'s */
	case O_JSON:
		o->json = true;
		break;
	case O_PRETTY:
		o->json = true;
		o->pretty = true;
		break;
	case O_SALVAGE:
	case O_STRICT:
		o->strict = op->id == O_STRICT;	/* the last one given */
		o->salvage = op->id == O_SALVAGE;
		break;
	case O_REVERSE:
		o->reverse = true;
		break;
	case O_THREADS:
		o->threads = true;
		break;
	case O_TIME:
		o->time = true;
		break;
	case O_TREE:
		o->tree = true;
		break;
	case O_TRANSITIONS:
		o->transitions = true;
		break;
	case O_DIFF:
		o->diff = true;
		break;
	case O_AUDIT:
		o->audit = true;
		break;
	case O_LIVE:
		o->live = true;
		break;
	case O_NO_VIEW_CACHE:
		o->no_view_cache = true;
		break;
	case O_VITALS:
		o->vitals = true;
		break;
	case O_LESSON:
		if (!arg || !*arg)
			return bad_usage("%s needs a lesson's name or file", a);
		o->lesson = arg;
		break;
	case O_WALL:
		o->wall = true;
		break;
	case O_CPU:
		if (!arg || parse_cpus(arg, &o->cpus))
			return bad_usage("%s needs a CPU number or a comma-separated list (below %d)",
					 a, LTT_MAX_CPUS);
		break;
	case O_ROWS:
		if (lttr_vsort_parse(arg) < 0)
			return bad_usage("%s needs traced, pid, name or busy", a);
		o->rows = (unsigned int)lttr_vsort_parse(arg);
		break;
	case O_WIDTH:
		if (parse_num(arg, 1000, &v) || v < 10)
			return bad_usage("%s needs a number from 10 to 1000", a);
		o->width = (int)v;
		break;
	case O_TOLERANCE:
		if (!arg || lttr_parse_duration(arg, &o->tolerance_ns) ||
		    o->tolerance_ns > 1000000000000ULL)
			return bad_usage("%s needs a duration up to 1000 s: %s", a,
					 LTTR_DURATION_FORM);
		break;
	case O_PID:
		if (!arg || parse_pids(arg, o))
			return bad_usage("%s needs a number or a comma-separated list", a);
		break;
	case O_TYPE:
	case O_OMIT: {
		char badname[48], choices[1536];

		if (arg && !parse_types(arg, op->id == O_TYPE ? o->types : o->omit, badname,
					sizeof(badname)))
			break;
		type_choices(choices, sizeof(choices));
		if (arg && badname[0])
			return bad_usage("%s: unknown event type '%s' (%s)", a, badname, choices);
		return bad_usage("%s needs event types or groups, comma-separated (%s)", a,
				 choices);
	}
	case O_CUSTOM:
		if (!arg || !*arg)
			return bad_usage("%s needs a custom event type name", a);
		if (o->ncustom == CLI_MAX_CUSTOM)
			return bad_usage("at most %d --custom names", CLI_MAX_CUSTOM);
		o->custom[o->ncustom++] = arg;
		break;
	case O_PCAP:
	case O_CTF:
	case O_JSON_EVENTS:
		if (!arg || !*arg)
			return bad_usage("%s needs a %s", a, op->id == O_CTF ? "directory" : "file");
		if (op->id == O_PCAP)
			o->pcap = arg;
		else if (op->id == O_CTF)
			o->ctf = arg;
		else
			o->json_events = arg;
		break;
	case O_FILTER:
		if (!arg)
			return bad_usage("%s needs an expression", a);
		o->filter_expr = arg;
		break;
	case O_FROM:
	case O_TO:
		/* the form now; the span when the trace is open (cli_open()) */
		ns = 0;
		if (!arg || strlen(arg) >= sizeof(o->from_text) ||
		    lttr_parse_trace_time(arg, NULL, op->id == O_TO ? &ns : NULL, &ns, msg,
					  sizeof(msg)))
			return bad_usage("%s: %s", a, arg && strlen(arg) < sizeof(o->from_text) ? msg :
					 "needs a time");
		o->window = false;
		if (op->id == O_FROM) {
			strcpy(o->from_text, arg);
			o->has_from = true;
		} else {
			strcpy(o->to_text, arg);
			o->has_to = true;
		}
		break;
	case O_KIND:
		o->kind = arg ? lttr_timing_kind_lookup(arg) : -1;
		o->stack_kind = arg ? lttr_stacks_kind_parse(arg, &o->stack_event,
							     &o->stack_syscall) : -1;
		/* numbered again by the trace's machine once it is open */
		o->stack_syscall_name = arg && o->stack_syscall >= 0 &&
					!strncmp(arg, "syscall:", 8) ? arg + 8 : NULL;
		if (o->kind < 0 && o->stack_kind < 0)
			return bad_usage("%s needs wakeup, irq, softirq, syscall or timer (latency), offcpu, wakeup, cpu, EVENT or syscall:NAME (stacks)", a);
		break;
	case O_WHAT:
		if (!arg || !*arg)
			return bad_usage("%s needs a name or a number", a);
		o->what = arg;
		break;
	case O_WORST:
		if (parse_num(arg, 100000, &v))
			return bad_usage("%s needs a number from 0 to 100000", a);
		o->worst = (size_t)v;
		break;
	case O_BY:
		if (arg && !strcmp(arg, "process"))
			o->by = LTTR_BY_PROCESS;
		else if (arg && !strcmp(arg, "thread"))
			o->by = LTTR_BY_THREAD;
		else if (arg && !strcmp(arg, "endpoint"))
			o->by = LTTR_BY_ENDPOINT;
		else
			return bad_usage("%s needs process, thread or endpoint", a);
		break;
	case O_RULES:
		if (!arg || !*arg)
			return bad_usage("%s needs a file", a);
		o->rules_file = arg;
		break;
	case O_MESSAGES:
		if (!arg || !*arg)
			return bad_usage("%s needs a file", a);
		o->msgfile = arg;
		break;
	case O_LIST:
		o->list = true;
		break;
	case O_WRITE_PCAP:
		if (!arg || !*arg)
			return bad_usage("%s needs a file", a);
		o->write_pcap = arg;
		break;
	case O_PORTS:
		o->ports = true;
		break;
	case O_ALGORITHM:
		if (arg && !strcmp(arg, "convolution"))
			o->convolution = true;
		else if (!arg || strcmp(arg, "nesting"))
			return bad_usage("%s needs nesting or convolution", a);
		break;
	case O_SORT:
		if (arg && !strcmp(arg, "latency"))
			o->latency_sort = true;
		else if (!arg || strcmp(arg, "count"))
			return bad_usage("%s needs count or latency", a);
		break;
	case O_HOST:
		if (parse_num(arg, 1000000LL, &v))
			return bad_usage("%s needs a host's index (0, 1, ...)", a);
		o->host = (size_t)v;
		o->host_set = true;
		break;
	case O_TOP:
		if (parse_num(arg, 1000000000LL, &v))
			return bad_usage("%s needs a number", a);
		o->top = (size_t)v;
		o->top_set = true;
		break;
	case O_DOT:
		o->dot = true;
		break;
	case O_EXPLAIN:
		o->explain = true;
		break;
	case O_INSTANCES:
		o->instances = true;
		break;
	case O_THRESHOLD:
		if (!arg || lttr_parse_duration(arg, &o->threshold_ns))
			return bad_usage("%s needs a duration (e.g. 500us): %s", a,
					 LTTR_DURATION_FORM);
		o->has_threshold = true;
		break;
	case O_DEADLINE:
		if (!arg || lttr_parse_duration(arg, &o->deadline_ns) || !o->deadline_ns)
			return bad_usage("%s needs a duration (e.g. 2ms): %s", a,
					 LTTR_DURATION_FORM);
		o->has_deadline = true;
		break;
	case O_LOAD:
		o->load = true;
		break;
	case O_PERIODIC:
		o->periodic = true;
		break;
	case O_PNG:
		if (!arg || !*arg)
			return bad_usage("%s needs a file name", a);
		o->png = arg;
		break;
	case O_SVG:
		if (!arg || !*arg)
			return bad_usage("%s needs a file name", a);
		o->svg = arg;
		break;
	case O_SYMFS:
		if (!arg || !*arg)
			return bad_usage("%s needs a directory", a);
		o->symfs = arg;
		break;
	case O_KERNEL:
		o->kernel = true;
		break;
	case O_SCRIPT:
		if (!arg || !*arg)
			return bad_usage("%s needs a file name", a);
		o->script = arg;
		break;
	case O_HITS:
		if (!arg || !*arg)
			return bad_usage("%s needs an expression", a);
		o->hits = arg;
		break;
	case O_ALLOW_IO:
		o->allow_io = true;
		break;
	case O_ADDRESSES:
		o->addresses = true;
		break;
	case O_AT:
		if (!arg || strlen(arg) >= sizeof(o->at_text) ||
		    lttr_parse_trace_time(arg, NULL, NULL, &ns, msg, sizeof(msg)))
			return bad_usage("%s: %s", a, arg && strlen(arg) < sizeof(o->at_text) ? msg :
					 "needs a time");
		strcpy(o->at_text, arg);
		o->has_at = true;
		break;
	case O_PARENTS:
		o->parents = true;
		break;
	case O_NO_TASKS:
		o->no_tasks = true;
		break;
	case O_MIN_COUNT:
		if (parse_num(arg, 1000000000000LL, &v))
			return bad_usage("%s needs a number", a);
		o->min_count = (uint64_t)v;
		break;
	case O_ROOT:
		if (!arg || !*arg)
			return bad_usage("%s needs a node name", a);
		o->root = arg;
		break;
	case O_QUANTUM:
	case O_MAX_DELAY:
	case O_SKEW: {
		if (!arg || lttr_parse_duration(arg, &ns) || ns > 1000000000000000000ULL ||
		    (op->id != O_SKEW && !ns))
			return bad_usage("%s needs seconds (%s), or a number and a unit: %s", a,
					 op->id == O_SKEW ? ">= 0" : "> 0",
					 LTTR_DURATION_UNITS);
		if (op->id == O_QUANTUM)
			o->quantum_ns = (uint64_t)ns;
		else if (op->id == O_MAX_DELAY)
			o->max_delay_ns = (uint64_t)ns;
		else
			o->skew_ns = (uint64_t)ns;
		break;
	}
	case O_SMOOTH: {
		char *end;

		o->smooth = arg ? strtod(arg, &end) : -1;
		if (!arg || end == arg || *end || !(o->smooth >= 0 && o->smooth <= 100))
			return bad_usage("%s needs a number of bins from 0 to 100", a);
		break;
	}
	case O_PENALTIES: {
		char *end;
		const char *p = arg;
		int k2;

		for (k2 = 0; p && k2 < 3; k2++) {
			o->penalty[k2] = strtod(p, &end);
			if (end == p || !(o->penalty[k2] >= 0 && o->penalty[k2] <= 100) ||
			    (k2 < 2 && *end != ',') || (k2 == 2 && *end))
				return bad_usage("%s needs X,Y,Z (three numbers from 0 to 100)", a);
			p = end + 1;
		}
		if (!p)
			return bad_usage("%s needs X,Y,Z (three numbers from 0 to 100)", a);
		o->has_penalties = true;
		break;
	}
	case O_WINDOW: {
		const char *colon = arg ? strchr(arg, ':') : NULL;

		if (!arg || strlen(arg) >= sizeof(o->from_text) ||
		    lttr_parse_trace_window(arg, NULL, &ns, &ns, msg, sizeof(msg)))
			return bad_usage("%s: %s", a, arg && strlen(arg) < sizeof(o->from_text) ? msg :
					 "needs FROM:TO");
		snprintf(o->from_text, sizeof(o->from_text), "%.*s", (int)(colon - arg), arg);
		strcpy(o->to_text, colon + 1);
		o->has_from = o->has_to = o->window = true;
		break;
	}
	}
	return 0;
}

/* the options together, for command @c (@used: the options given): 0 or a usage error's exit status */
static int check_options(const struct cli_opts *o, size_t c, const uint64_t *used)
{
	size_t k;

	/* an option the command does not use is refused, not ignored */
	for (k = 0; k < NOPTS; k++) {
		char list[256];

		/* (an alias without help, -h, is its option's twin) */
		if (!OPT_HAS(used, opts[k].id) || !opts[k].help ||
		    ((opts[k].cmds >> c) & 1))
			continue;
		return bad_usage("%s is an option of %s", opts[k].name,
				 command_list(opts[k].cmds, list, sizeof(list)));
	}
	if (o->vitals && (!o->dir || o->noperands || o->lesson || o->diff || o->audit ||
			  o->live))
		return bad_usage("tui --vitals needs DIR and at most a TRACEDIR (no --lesson, --diff, "
				 "--audit nor --live)");
	if (o->live && (o->diff || o->lesson || o->dir2 || o->noperands || o->audit))
		return bad_usage("tui --live takes one trace directory (no --diff, --lesson nor --audit)");
	if (o->diff && (!o->dir || !o->dir2 || o->noperands || o->lesson))
		return bad_usage("tui --diff needs two traces, TRACEDIR-A TRACEDIR-B (and no --lesson)");
	if (o->audit && (!o->dir || o->lesson || o->diff))
		return bad_usage("tui --audit needs a TRACEDIR (and no --lesson nor --diff)");
	if (((1u << c) & C_TUI) && o->top_set && !o->audit)
		return bad_usage("tui: --top goes with --audit");
	if (o->dir2 && !((1u << c) & C_DIFF) && !o->diff && !o->vitals)
		return bad_usage("unexpected argument '%s'", o->dir2);
	if (((1u << c) & C_DIFF) && o->dir && !o->dir2)
		return bad_usage("diff needs two traces: TRACEDIR-A TRACEDIR-B");
	if (((1u << c) & C_MSG) && o->pcap && o->msgfile)
		return bad_usage("--pcap and --messages are two inputs: give one");
	if (((1u << c) & C_MSG) && (o->pcap || o->msgfile) && o->dir)
		return bad_usage("a TRACEDIR and --%s: give one input",
				 o->pcap ? "pcap" : "messages");
	if (((1u << c) & C_MSG) && o->noperands && o->write_pcap)
		return bad_usage("--write-pcap writes one trace's packets, not several traces'");
	if (o->ports && !o->pcap)
		return bad_usage("--ports is for --pcap");
	if (o->write_pcap && (o->pcap || o->msgfile || o->list || o->json || o->by))
		return bad_usage("--write-pcap writes a trace's packets: with a TRACEDIR alone");
	if (o->by && (o->pcap || o->msgfile))
		return bad_usage("--by is for a trace (a capture's nodes are IP addresses, a file's its names)");
	if (!o->dir && !o->lesson && (!((1u << c) & C_MSG) || (!o->pcap && !o->msgfile)))
		return bad_usage(((1u << c) & C_MSG) ? "missing TRACEDIR (or --pcap FILE, --messages FILE)" :
				 "missing TRACEDIR");
	return 0;
}

/* the command line read into @o (its operands allocated), then the command run */
static int run(int argc, char **argv, struct cli_opts *init)
{
	struct cli_opts o = *init;
	const char *cmd = NULL;
	uint64_t used[OPT_WORDS] = { 0 };	/* options given, OPT_SET() */
	const size_t early = find_command(argc, argv);
	bool help = false;
	size_t k, c;
	int i, status;

	/* several traces and an output: a command line of its own */
	if (argc > 1 && !strcmp(argv[1], "merge"))
		return cmd_merge(argc - 1, argv + 1);
	/* the vital signs' epoch files, not a trace */
	if (argc > 1 && !strcmp(argv[1], "vitals"))
		return cmd_vitals(argc - 1, argv + 1);
	/* symbolize's addresses: fewer than the arguments */
	o.operands = init->operands = calloc((size_t)argc, sizeof(*o.operands));
	if (!o.operands)
		return 1;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		const char *arg = i + 1 < argc ? argv[i + 1] : NULL;
		char name[32];
		const char *eq = NULL;
		const struct opt *op = NULL;

		if (!strcmp(a, "--")) {
			if (i + 1 < argc && !cmd)
				cmd = argv[++i];
			if (i + 1 < argc && !o.dir)
				o.dir = argv[++i];
			if (i + 1 < argc && !o.dir2)
				o.dir2 = argv[++i];
			if (i + 1 < argc)
				return bad_usage("unexpected argument '%s'", argv[i + 1]);
			break;
		}
		if (a[0] != '-' || !a[1]) {
			if (!cmd)
				cmd = a;
			else if (!o.dir)
				o.dir = a;
			else if (early < NCOMMANDS && (commands[early].run == cmd_symbolize ||
							 commands[early].run == cmd_messages ||
							 commands[early].run == cmd_paths ||
							 commands[early].run == cmd_critpath ||
							 commands[early].run == cmd_explain ||
							 commands[early].run == cmd_latency ||
							 commands[early].run == cmd_replay ||
							 commands[early].run == cmd_tui))
				/* messages, paths, critical-path, replay, tui:
				 * several hosts' traces (tui --diff: its B) */
				o.operands[o.noperands++] = argv[i];
			else if (!o.dir2)
				o.dir2 = a;	/* diff's B; refused elsewhere (check_options()) */
			else
				return bad_usage("unexpected argument '%s'", a);
			continue;
		}
		/* --name=value */
		if (!strncmp(a, "--", 2) && (eq = strchr(a, '=')) &&
		    (size_t)(eq - a) < sizeof(name)) {
			memcpy(name, a, (size_t)(eq - a));
			name[eq - a] = '\0';
			a = name;
			arg = eq + 1;
		}
		for (k = 0; k < NOPTS; k++)
			if (!strcmp(a, opts[k].name))
				op = &opts[k];
		if (!op)
			return bad_usage("unknown option '%s'", eq ? argv[i] : a);
		if (eq && !op->arg)
			return bad_usage("%s takes no value", a);
		if (op->arg && !eq)
			i++;	/* the value is the next argument */
		OPT_SET(used, op->id);
		if (early < NCOMMANDS && op->help && !((op->cmds >> early) & 1)) {
			char list[256];

			return bad_usage("%s is an option of %s", op->name,
					 command_list(op->cmds, list, sizeof(list)));
		}
		if (op->id == O_VERSION) {
			printf("tracevisualizer 1.2 (LTT trace formats 1.0 to %d.%d)\n",
			       LTT_FORMAT_MAJOR, LTT_FORMAT_MINOR);
			return 0;
		}
		help |= op->id == O_HELP;
		status = set_option(&o, op, a, arg);
		if (status)
			return status;
	}
	for (c = 0; cmd && c < NCOMMANDS; c++)
		if (!strcmp(cmd, commands[c].name))
			break;
	if (help && !cmd) {
		usage();
		return 0;
	}
	if (!cmd || c == NCOMMANDS) {
		char list[256];

		command_list_with(C_ALL, " or ", list, sizeof(list));
		return cmd ? bad_usage("unknown command '%s' (%s)", cmd, list) :
			     bad_usage("missing command (%s)", list);
	}
	if (help) {
		command_usage(c);
		return 0;
	}
	/* tui --diff A B: B was read as one of several hosts' traces */
	if ((o.diff || o.vitals) && !o.dir2 && o.noperands == 1)
		o.dir2 = o.operands[--o.noperands];
	status = check_options(&o, c, used);
	return status ? status : commands[c].run(&o);
}

int main(int argc, char **argv)
{
	struct cli_opts o = { .width = 100, .tolerance_ns = 1000, .top = 10,
			      .penalty = { 2, 0, 0 }, .kind = -1, .worst = 10,
			      .stack_kind = -1 };
	int status = run(argc, argv, &o);

	free(o.operands);
	return status;
}
