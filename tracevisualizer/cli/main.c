// SPDX-License-Identifier: GPL-2.0
/*
 * main.c - command line of tracevisualizer: option parsing and dispatch.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <ltt/ltt-groups.h>
#include <lttr/analysis/timing.h>
#include <lttr/reader/event.h>
#include <lttr/units/duration.h>
#include <lttr/view/filter.h>
#include <lttr/paths/message.h>
#include "cli.h"

const char *cli_prog = "tracevisualizer";

static void usage(FILE *f)
{
	fprintf(f,
"Usage: tracevisualizer COMMAND [OPTIONS] TRACEDIR\n"
"\n"
"Read a trace directory written by traced (header, events, lost, proc).\n"
"\n"
"Commands:\n"
"  dump       print the events of all CPUs in time order, one per line:\n"
"             relative time, absolute time (s.ns), cpu, comm-pid, control mark\n"
"             (C = transition into or out of the kernel), description\n"
"  summary    event counts per type, CPU and process, syscalls, lost events;\n"
"             with --time also where the time went: system table (per CPU\n"
"             idle/user/kernel/irq, utilisation) and per-process table\n"
"  processes  per-process (--threads: per-thread; --tree: as a tree) time:\n"
"             user, kernel, interrupted, running, runnable waiting, blocked\n"
"             by reason\n"
"  syscalls   per-syscall count, total, min, max, mean, time on CPU and\n"
"             blocked, system-wide and per process, latency histograms\n"
"  irqs       irq handler durations per irq and system vector, softirq\n"
"             durations per softirq vector\n"
"  graph      the control flow over a time window: one row per process\n"
"             (user/kernel/irq) and a time axis; --transitions: then every\n"
"             transition in order\n"
"  check      the conservation checks, and the view model against the\n"
"             accounting (exit status 3 when one fails)\n"
"  tui        the terminal analyzer: control flow, resources, processes,\n"
"             syscalls, irqs, events, causal paths and latencies (the worst\n"
"             explained, a task's critical path) in one window of time\n"
"             (keys: ?)\n"
"  export     --pcap FILE: the captured packets as a pcap file (Wireshark);\n"
"             --ctf DIR: the whole trace as CTF 1.8 (babeltrace2, Trace Compass);\n"
"             --json-events FILE: as Chrome trace-event JSON (Perfetto)\n"
"  messages   the messages between processes (--by: threads, IP addresses)\n"
"             from the socket events, or of --pcap FILE or --messages FILE:\n"
"             per sender and receiver, or each one (--list, the abstract format)\n"
"  paths      the causal paths through the messages (Aguilera et al.): the\n"
"             nesting algorithm's path patterns with their per-hop delays, or\n"
"             the convolution algorithm's graph (--algorithm convolution)\n"
"  latency    --kind wakeup|irq|softirq|syscall|timer: the distribution of a\n"
"             kind of latency per task or number (count, min, mean, p50, p90,\n"
"             p99, p99.9, max, stddev, log2 histogram), its worst instances\n"
"             (--explain: what made them long), those over --threshold\n"
"  explain    --at TIME --pid P: the state of task P at TIME, explained: what\n"
"             ran on the CPU while it waited for one, or who woke it from a\n"
"             block and what that waker was doing (its critical path)\n"
"  critical-path  --pid P [--from S --to S]: what task P waited for,\n"
"             transitively across the tasks that woke it: segments (task,\n"
"             state, duration) that tile its interval, totals per task/state\n"
"\n"
"Options:\n"
"  --json          JSON output (schemas in docs/json-schema.md)\n"
"  --pretty        indent the JSON output\n"
"  --salvage       read what is intact in a damaged or truncated trace\n"
"  --reverse       dump: print the events backward (last first)\n"
"  --wall          dump: wall-clock times (UTC, ISO 8601) in the second column\n"
"  --cpu N         dump, graph: only CPU N\n"
"  --pid N[,N...]  dump, processes, syscalls, graph, export, latency: only\n"
"                  these pids (processes: these tgids, or pids with\n"
"                  --threads); explain, critical-path: the task\n"
"  --type T[,T..]  dump: only these event types (syscall_entry, sched...)\n"
"  --omit T[,T..]  dump: hide these event types\n"
"  --custom NAME   dump: only the instances of the custom event type NAME\n"
"                  (repeat it for several types)\n"
"  --filter EXPR   dump: only the events the expression matches, e.g.\n"
"                  'type == fs_open && filename =~ \"^/etc\"' (the language:\n"
"                  docs/filter.md); with the other filters, all must hold\n"
"  --from S        dump, graph, summary, processes, syscalls, irqs, check:\n"
"                  from S seconds after the trace start, or from the\n"
"                  absolute time S (dump's second column) when S is beyond\n"
"                  the trace's length; statistics: those of the window;\n"
"                  latency: the instances in the window; critical-path: its\n"
"                  interval\n"
"  --to S          the same: up to S\n"
"  --window A:B    the same as --from A --to B\n"
"  --width N       graph: columns of the time axis (default 100)\n"
"  --transitions   graph: list every transition under the chart\n"
"  --threads       processes, syscalls: one row per thread\n"
"  --tree          processes: the process tree (children under parents)\n"
"  --time          summary: add the time accounting (a second pass over\n"
"                  the trace in time order, about 10x the counting pass)\n"
"  --tolerance D   check: allowed error, a duration (default 1000ns)\n"
"  --pcap FILE     export: write the captured packets to FILE (pcap, nanosecond\n"
"                  time stamps, LINUX_SLL2: interface and direction kept)\n"
"  --ctf DIR       export: write the trace as CTF 1.8 in the new directory DIR\n"
"  --json-events FILE  export: write the trace as Chrome trace-event JSON\n"
"  --by WHAT       messages, paths: a node is a process (default), a thread or\n"
"                  an endpoint (an IP address)\n"
"  --pcap FILE     messages, paths: the messages of a packet capture, not a trace\n"
"  --messages FILE messages, paths: the messages of a file in the abstract format\n"
"                  (TIME CALL|RET SENDER RECEIVER ID), not a trace\n"
"  --list          messages: every message, in the abstract format\n"
"  --write-pcap F  messages: write the packets the trace captured (traced\n"
"                  --capture) to the pcap file F (the black-box view)\n"
"  --algorithm A   paths: nesting (default) or convolution\n"
"  --sort KEY      paths: patterns by count (default) or latency (total)\n"
"  --top N         paths: the first N patterns (default 10, 0: all)\n"
"  --dot           paths: a Graphviz dot graph (the paper's Figures 8 and 9)\n"
"  --explain       paths: each hop's time at its node split into on-CPU,\n"
"                  runnable and blocked by reason (traces), and its transit\n"
"                  latency: explain each worst instance\n"
"  --parents       paths: each call's chosen parent (ids), not the patterns\n"
"  --no-tasks      paths: no task hint (the paper's nesting algorithm as is)\n"
"  --kind KIND     latency: wakeup, irq, softirq, syscall or timer\n"
"  --what NAME     latency: one syscall, irq or softirq (name or number), or\n"
"                  one sub-kind: wakeup, preempt (wakeup), handler, raise\n"
"                  (softirq)\n"
"  --worst N       latency: list the N worst instances (default 10)\n"
"  --threshold D   latency: list the instances longer than D (a duration:\n"
"                  500us, 2ms; a bare number is seconds); exit status 3\n"
"                  when there is one\n"
"  --png FILE      latency: draw the histograms into FILE (PNG, cairo)\n"
"  --instances     latency: list every instance (JSON: \"instances\")\n"
"  --at S          explain: the time, as --from\n"
"  (the algorithms' parameters: tracevisualizer paths --help)\n"
"  A duration (D) is a number and a unit: ns, us, ms, s or min; a bare\n"
"  number is seconds, as in the terminal analyzer, the window and traced.\n"
"  -h, --help      this help\n"
"  --version       print the version\n"
"\n"
"Environment: LTTR_THREADS=N  threads of the summary's counting pass\n"
"(default: one per processor for traces of 4 MiB or more; 1: none).\n"
"\n"
"Exit status: 0 success, 1 the trace could not be read (export: or nothing\n"
"to export), 2 usage error, 3 (check) time is not conserved, (latency) an\n"
"instance is longer than --threshold; 4 (check) the trace is incomplete,\n"
"(export) damaged: what was readable was exported.\n");
}

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

static int parse_secs(const char *s, int64_t *ns)
{
	char *end;
	double v;

	if (!s || !*s)
		return -1;
	v = strtod(s, &end);
	if (*end || !(v >= -1e9 && v <= 1e9))	/* NaN fails both */
		return -1;
	*ns = (int64_t)(v * 1e9 + (v < 0 ? -0.5 : 0.5));
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

/* the commands, as bits of struct opt.cmds */
enum {
	C_DUMP = 1 << 0, C_SUMMARY = 1 << 1, C_PROCESSES = 1 << 2, C_SYSCALLS = 1 << 3,
	C_IRQS = 1 << 4, C_GRAPH = 1 << 5, C_CHECK = 1 << 6, C_TUI = 1 << 7,
	C_EXPORT = 1 << 8, C_MESSAGES = 1 << 9, C_PATHS = 1 << 10,
	C_LATENCY = 1 << 11, C_EXPLAIN = 1 << 12, C_CRITPATH = 1 << 13,
	C_ALL = 0x3fff,
	C_MSG = C_MESSAGES | C_PATHS,
	C_JSON = C_ALL & ~(C_TUI | C_EXPORT),
	C_STATS = C_SUMMARY | C_PROCESSES | C_SYSCALLS | C_IRQS | C_CHECK,	/* windowed */
};

static const struct command {
	const char *name;
	const char *synopsis;	/* what it prints, for COMMAND --help */
} commands[] = {
	{ "dump", "print the events of all CPUs in time order, one per line: relative\n"
		  "time, absolute time (s.ns), cpu, comm-pid, control mark (C = transition\n"
		  "into or out of the kernel), description" },
	{ "summary", "event counts per type, CPU and process, syscalls, lost events; with\n"
		     "--time also where the time went" },
	{ "processes", "per-process (--threads: per-thread; --tree: as a tree) time: user,\n"
		       "kernel, interrupted, running, runnable waiting, blocked by reason" },
	{ "syscalls", "per-syscall count, total, min, max, mean, time on CPU and blocked,\n"
		      "system-wide and per process, latency histograms" },
	{ "irqs", "irq handler durations per irq and system vector, softirq durations\n"
		  "per softirq vector" },
	{ "graph", "the control flow over a time window: one row per process\n"
		   "(user/kernel/irq) and a time axis; with --transitions, then every\n"
		   "transition in order" },
	{ "check", "the conservation checks, and the view model against the accounting\n"
		   "(exit status 3 when one fails, 4 when the trace is incomplete)" },
	{ "tui", "the terminal analyzer: control flow, resources, processes, syscalls,\n"
		 "irqs, events, the causal paths through the messages and latencies\n"
		 "(the worst explained, a task's critical path) in one window of time\n"
		 "(keys: ?)" },
	{ "export", "the trace in other tools' formats: with --pcap FILE its captured\n"
		    "network packets as pcap (libpcap, nanosecond time stamps in\n"
		    "CLOCK_REALTIME, LINUX_SLL2 frames keeping the interface and the\n"
		    "direction); with --ctf DIR the whole trace as CTF 1.8 for babeltrace2\n"
		    "and Trace Compass (docs/ctf-export.md); with --json-events FILE as\n"
		    "Chrome trace-event JSON (Perfetto: slices for syscalls, traps, irqs\n"
		    "and softirqs, instants for the rest); a damaged trace: what is\n"
		    "readable, and warnings for the rest (exit status 4)" },
	{ "messages", "the messages between processes, threads or IP addresses (--by), from\n"
		      "the trace's socket events, a packet capture (--pcap) or a file in the\n"
		      "abstract format (--messages): per sender and receiver, or each one\n"
		      "(--list)" },
	{ "paths", "the causal paths through the messages (Aguilera et al., SOSP 2003): the\n"
		   "nesting algorithm's path patterns, their counts and per-hop delays, or\n"
		   "the convolution algorithm's graph (--algorithm convolution)" },
	{ "latency", "the distribution of a kind of latency (--kind wakeup, irq, softirq,\n"
		     "syscall or timer) per task or number: count, min, mean, p50, p90, p99,\n"
		     "p99.9, max, standard deviation and log2 histogram; its worst\n"
		     "instances (--explain: what made each long) and those longer than\n"
		     "--threshold (exit status 3 when there is one)" },
	{ "explain", "the state of task --pid at time --at, explained: what ran on the\n"
		     "CPU while it waited for one, what it did while it ran, or who woke\n"
		     "it from a block and what that waker was doing (the critical path of\n"
		     "the block)" },
	{ "critical-path", "what task --pid waited for over its interval (or --from --to),\n"
			   "followed backwards across the tasks that woke it: segments (task,\n"
			   "state, duration) that tile the interval exactly, and the total per\n"
			   "task and state" },
};

#define NCOMMANDS (sizeof(commands) / sizeof(commands[0]))

enum optid {
	O_HELP, O_VERSION, O_JSON, O_PRETTY, O_SALVAGE, O_REVERSE, O_THREADS, O_TIME,
	O_TREE, O_CPU, O_WIDTH, O_TOLERANCE, O_PID, O_TYPE, O_OMIT, O_CUSTOM, O_FILTER,
	O_FROM, O_TO, O_WINDOW, O_TRANSITIONS, O_WALL, O_PCAP, O_CTF, O_JSON_EVENTS,
	O_BY, O_MESSAGES, O_LIST, O_ALGORITHM, O_SORT, O_TOP, O_DOT, O_EXPLAIN,
	O_PARENTS, O_PORTS, O_QUANTUM, O_MAX_DELAY, O_MIN_COUNT, O_ROOT, O_SKEW, O_SMOOTH,
	O_PENALTIES, O_WRITE_PCAP, O_NO_TASKS, O_KIND, O_WHAT, O_WORST, O_THRESHOLD,
	O_PNG, O_INSTANCES, O_AT,
};

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
	{ "--salvage", NULL, C_ALL, O_SALVAGE, "read what is intact in a damaged or truncated trace" },
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
	  C_LATENCY | C_EXPLAIN | C_CRITPATH, O_PID,
	  "only these pids (processes: these tgids, or pids with --threads; explain,\n"
	  "                     critical-path: the task)" },
	{ "--type", "T[,T...]", C_DUMP, O_TYPE, "only these event types or groups (syscall_entry, core, fs...)" },
	{ "--omit", "T[,T...]", C_DUMP, O_OMIT, "hide these event types" },
	{ "--custom", "NAME", C_DUMP, O_CUSTOM,
	  "only the instances of the custom event type NAME (repeat it for several)" },
	{ "--filter", "EXPR", C_DUMP, O_FILTER,
	  "only the events the expression matches (docs/filter.md)" },
	{ "--from", "S", C_DUMP | C_GRAPH | C_STATS | C_EXPORT | C_LATENCY | C_CRITPATH, O_FROM,
	  "from S s after the trace start (or absolute: dump's second column)" },
	{ "--to", "S", C_DUMP | C_GRAPH | C_STATS | C_EXPORT | C_LATENCY | C_CRITPATH, O_TO,
	  "up to S s after the trace start (or absolute, as --from)" },
	{ "--window", "A:B", C_DUMP | C_GRAPH | C_STATS | C_EXPORT | C_LATENCY | C_CRITPATH,
	  O_WINDOW, "the same as --from A --to B" },
	{ "--width", "N", C_GRAPH, O_WIDTH, "columns of the time axis (10 to 1000, default 100)" },
	{ "--transitions", NULL, C_GRAPH, O_TRANSITIONS,
	  "list every transition under the chart (JSON always has them)" },
	{ "--threads", NULL, C_PROCESSES | C_SYSCALLS, O_THREADS, "one row per thread" },
	{ "--tree", NULL, C_PROCESSES, O_TREE, "the process tree (children under parents)" },
	{ "--time", NULL, C_SUMMARY, O_TIME, "add the time accounting (a second pass)" },
	{ "--tolerance", "D", C_CHECK, O_TOLERANCE, "allowed error, a duration (default 1000ns)" },
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
	{ "--top", "N", C_PATHS, O_TOP, "the first N patterns (default 10, 0: all)" },
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
	{ "--quantum", "S", C_PATHS, O_QUANTUM, "convolution: the time quantum (default 0.001)" },
	{ "--max-delay", "S", C_PATHS, O_MAX_DELAY,
	  "convolution: the longest delay searched (default 1)" },
	{ "--min-count", "N", C_PATHS, O_MIN_COUNT,
	  "convolution: prune edges of fewer messages (default 1)" },
	{ "--root", "NODE", C_PATHS, O_ROOT,
	  "convolution: the first node (default: each whose first message it sent)" },
	{ "--kind", "KIND", C_LATENCY, O_KIND, "wakeup, irq, softirq, syscall or timer (needed)" },
	{ "--what", "NAME", C_LATENCY, O_WHAT,
	  "one syscall, irq or softirq (name or number), or sub-kind (wakeup,\n"
	  "                     preempt, handler, raise)" },
	{ "--worst", "N", C_LATENCY, O_WORST, "list the N worst instances (default 10)" },
	{ "--threshold", "D", C_LATENCY, O_THRESHOLD,
	  "list the instances longer than D (500us, 2ms; bare: seconds); exit status 3 if any" },
	{ "--png", "FILE", C_LATENCY, O_PNG, "draw the histograms into FILE (PNG)" },
	{ "--instances", NULL, C_LATENCY, O_INSTANCES, "list every instance (JSON)" },
	{ "--at", "S", C_EXPLAIN, O_AT, "the time, as --from (needed)" },
	{ "--help", NULL, C_ALL, O_HELP, "this help (COMMAND --help: the command's)" },
	{ "-h", NULL, C_ALL, O_HELP, NULL },
	{ "--version", NULL, C_ALL, O_VERSION, "print the version" },
};

#define NOPTS (sizeof(opts) / sizeof(opts[0]))

/* "dump, graph and check": the commands of @cmds */
static const char *command_list(unsigned int cmds, char *buf, size_t size)
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
				      seen == 1 ? "" : seen == total ? " and " : ", ",
				      commands[k].name);
	}
	return buf;
}

static void command_usage(size_t c)
{
	size_t k;

	printf("Usage: tracevisualizer %s [OPTIONS] %s\n\n%s.\n\nOptions:\n",
	       commands[c].name, ((1u << c) & C_MSG) ?
	       "TRACEDIR|--pcap FILE|--messages FILE" : "TRACEDIR", commands[c].synopsis);
	for (k = 0; k < NOPTS; k++) {
		char left[40];

		if (!opts[k].help || !((opts[k].cmds >> c) & 1))
			continue;
		snprintf(left, sizeof(left), "%s%s%s", opts[k].name, opts[k].arg ? " " : "",
			 opts[k].arg ? opts[k].arg : "");
		printf("  %-18s %s\n", left, opts[k].help);
	}
	printf("\nAn option's value may follow it as its next argument or after '=' "
	       "(--pid=5).\nSee tracevisualizer --help and tracevisualizer(1).\n");
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

int main(int argc, char **argv)
{
	struct cli_opts o = { .width = 100, .tolerance_ns = 1000, .top = 10,
			      .penalty = { 2, 0, 0 }, .kind = -1, .worst = 10 };
	const char *cmd = NULL;
	uint64_t used = 0;	/* options given, as bits of enum optid */
	const size_t early = find_command(argc, argv);
	bool help = false;
	long long v;
	size_t k, c;
	int i;

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
			if (i + 1 < argc)
				return bad_usage("unexpected argument '%s'", argv[i + 1]);
			break;
		}
		if (a[0] != '-' || !a[1]) {
			if (!cmd)
				cmd = a;
			else if (!o.dir)
				o.dir = a;
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
		used |= 1ULL << op->id;
		if (early < NCOMMANDS && op->help && !((op->cmds >> early) & 1)) {
			char list[128];

			return bad_usage("%s is an option of %s", op->name,
					 command_list(op->cmds, list, sizeof(list)));
		}
		switch (op->id) {
		case O_HELP:
			help = true;
			break;
		case O_VERSION:
			printf("tracevisualizer 1.2 (LTT trace formats 1.0 to %d.%d)\n",
			       LTT_FORMAT_MAJOR, LTT_FORMAT_MINOR);
			return 0;
		case O_JSON:
			o.json = true;
			break;
		case O_PRETTY:
			o.json = true;
			o.pretty = true;
			break;
		case O_SALVAGE:
			o.salvage = true;
			break;
		case O_REVERSE:
			o.reverse = true;
			break;
		case O_THREADS:
			o.threads = true;
			break;
		case O_TIME:
			o.time = true;
			break;
		case O_TREE:
			o.tree = true;
			break;
		case O_TRANSITIONS:
			o.transitions = true;
			break;
		case O_WALL:
			o.wall = true;
			break;
		case O_CPU:
			if (!arg || parse_cpus(arg, &o.cpus))
				return bad_usage("%s needs a CPU number or a comma-separated list (below %d)",
						 a, LTT_MAX_CPUS);
			break;
		case O_WIDTH:
			if (parse_num(arg, 1000, &v) || v < 10)
				return bad_usage("%s needs a number from 10 to 1000", a);
			o.width = (int)v;
			break;
		case O_TOLERANCE:
			if (!arg || lttr_parse_duration(arg, &o.tolerance_ns) ||
			    o.tolerance_ns > 1000000000000ULL)
				return bad_usage("%s needs a duration up to 1000 s: %s", a,
						 LTTR_DURATION_FORM);
			break;
		case O_PID:
			if (!arg || parse_pids(arg, &o))
				return bad_usage("%s needs a number or a comma-separated list", a);
			break;
		case O_TYPE:
		case O_OMIT: {
			char badname[48], choices[1536];

			if (arg && !parse_types(arg, op->id == O_TYPE ? o.types : o.omit, badname,
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
			if (o.ncustom == CLI_MAX_CUSTOM)
				return bad_usage("at most %d --custom names", CLI_MAX_CUSTOM);
			o.custom[o.ncustom++] = arg;
			break;
		case O_PCAP:
		case O_CTF:
		case O_JSON_EVENTS:
			if (!arg || !*arg)
				return bad_usage("%s needs a %s", a, op->id == O_CTF ? "directory" : "file");
			if (op->id == O_PCAP)
				o.pcap = arg;
			else if (op->id == O_CTF)
				o.ctf = arg;
			else
				o.json_events = arg;
			break;
		case O_FILTER:
			if (!arg)
				return bad_usage("%s needs an expression", a);
			o.filter_expr = arg;
			break;
		case O_FROM:
		case O_TO:
			if (parse_secs(arg, op->id == O_FROM ? &o.from_ns : &o.to_ns))
				return bad_usage("%s needs seconds (a finite number)", a);
			if (op->id == O_FROM)
				o.has_from = true;
			else
				o.has_to = true;
			break;
		case O_KIND:
			o.kind = arg ? lttr_timing_kind_lookup(arg) : -1;
			if (o.kind < 0)
				return bad_usage("%s needs wakeup, irq, softirq, syscall or timer", a);
			break;
		case O_WHAT:
			if (!arg || !*arg)
				return bad_usage("%s needs a name or a number", a);
			o.what = arg;
			break;
		case O_WORST:
			if (parse_num(arg, 100000, &v))
				return bad_usage("%s needs a number from 0 to 100000", a);
			o.worst = (size_t)v;
			break;
		case O_BY:
			if (arg && !strcmp(arg, "process"))
				o.by = LTTR_BY_PROCESS;
			else if (arg && !strcmp(arg, "thread"))
				o.by = LTTR_BY_THREAD;
			else if (arg && !strcmp(arg, "endpoint"))
				o.by = LTTR_BY_ENDPOINT;
			else
				return bad_usage("%s needs process, thread or endpoint", a);
			break;
		case O_MESSAGES:
			if (!arg || !*arg)
				return bad_usage("%s needs a file", a);
			o.msgfile = arg;
			break;
		case O_LIST:
			o.list = true;
			break;
		case O_WRITE_PCAP:
			if (!arg || !*arg)
				return bad_usage("%s needs a file", a);
			o.write_pcap = arg;
			break;
		case O_PORTS:
			o.ports = true;
			break;
		case O_ALGORITHM:
			if (arg && !strcmp(arg, "convolution"))
				o.convolution = true;
			else if (!arg || strcmp(arg, "nesting"))
				return bad_usage("%s needs nesting or convolution", a);
			break;
		case O_SORT:
			if (arg && !strcmp(arg, "latency"))
				o.latency_sort = true;
			else if (!arg || strcmp(arg, "count"))
				return bad_usage("%s needs count or latency", a);
			break;
		case O_TOP:
			if (parse_num(arg, 1000000000LL, &v))
				return bad_usage("%s needs a number", a);
			o.top = (size_t)v;
			break;
		case O_DOT:
			o.dot = true;
			break;
		case O_EXPLAIN:
			o.explain = true;
			break;
		case O_INSTANCES:
			o.instances = true;
			break;
		case O_THRESHOLD:
			if (!arg || lttr_parse_duration(arg, &o.threshold_ns))
				return bad_usage("%s needs a duration (e.g. 500us): %s", a,
						 LTTR_DURATION_FORM);
			o.has_threshold = true;
			break;
		case O_PNG:
			if (!arg || !*arg)
				return bad_usage("%s needs a file name", a);
			o.png = arg;
			break;
		case O_AT:
			if (parse_secs(arg, &o.at_ns))
				return bad_usage("%s needs seconds (a finite number)", a);
			o.has_at = true;
			break;
		case O_PARENTS:
			o.parents = true;
			break;
		case O_NO_TASKS:
			o.no_tasks = true;
			break;
		case O_MIN_COUNT:
			if (parse_num(arg, 1000000000000LL, &v))
				return bad_usage("%s needs a number", a);
			o.min_count = (uint64_t)v;
			break;
		case O_ROOT:
			if (!arg || !*arg)
				return bad_usage("%s needs a node name", a);
			o.root = arg;
			break;
		case O_QUANTUM:
		case O_MAX_DELAY:
		case O_SKEW: {
			uint64_t ns;

			if (!arg || lttr_parse_duration(arg, &ns) || ns > 1000000000000000000ULL ||
			    (op->id != O_SKEW && !ns))
				return bad_usage("%s needs seconds (%s), or a number and a unit: %s", a,
						 op->id == O_SKEW ? ">= 0" : "> 0",
						 LTTR_DURATION_UNITS);
			if (op->id == O_QUANTUM)
				o.quantum_ns = (uint64_t)ns;
			else if (op->id == O_MAX_DELAY)
				o.max_delay_ns = (uint64_t)ns;
			else
				o.skew_ns = (uint64_t)ns;
			break;
		}
		case O_SMOOTH: {
			char *end;

			o.smooth = arg ? strtod(arg, &end) : -1;
			if (!arg || end == arg || *end || !(o.smooth >= 0 && o.smooth <= 100))
				return bad_usage("%s needs a number of bins from 0 to 100", a);
			break;
		}
		case O_PENALTIES: {
			char *end;
			const char *p = arg;
			int k2;

			for (k2 = 0; p && k2 < 3; k2++) {
				o.penalty[k2] = strtod(p, &end);
				if (end == p || !(o.penalty[k2] >= 0 && o.penalty[k2] <= 100) ||
				    (k2 < 2 && *end != ',') || (k2 == 2 && *end))
					return bad_usage("%s needs X,Y,Z (three numbers from 0 to 100)", a);
				p = end + 1;
			}
			if (!p)
				return bad_usage("%s needs X,Y,Z (three numbers from 0 to 100)", a);
			o.has_penalties = true;
			break;
		}
		case O_WINDOW: {
			char buf[64];
			char *colon;

			if (!arg || strlen(arg) >= sizeof(buf))
				return bad_usage("%s needs FROM:TO seconds", a);
			strcpy(buf, arg);
			colon = strchr(buf, ':');
			if (!colon)
				return bad_usage("%s needs FROM:TO seconds", a);
			*colon = '\0';
			if (parse_secs(buf, &o.from_ns) || parse_secs(colon + 1, &o.to_ns))
				return bad_usage("%s needs FROM:TO seconds", a);
			o.has_from = o.has_to = true;
			break;
		}
		}
	}
	for (c = 0; cmd && c < NCOMMANDS; c++)
		if (!strcmp(cmd, commands[c].name))
			break;
	if (help) {
		if (cmd && c < NCOMMANDS)
			command_usage(c);
		else if (cmd)
			return bad_usage("unknown command '%s' (dump, summary, processes, syscalls, irqs, graph, check, tui, export, messages, paths, latency, explain or critical-path)", cmd);
		else
			usage(stdout);
		return 0;
	}
	if (!cmd)
		return bad_usage("missing command (dump, summary, processes, syscalls, irqs, graph, check, tui, export, messages, paths, latency, explain or critical-path)");
	if (c == NCOMMANDS)
		return bad_usage("unknown command '%s' (dump, summary, processes, syscalls, irqs, graph, check, tui, export, messages, paths, latency, explain or critical-path)", cmd);
	/* an option the command does not use is refused, not ignored */
	for (k = 0; k < NOPTS; k++) {
		char list[128];

		/* (an alias without help, -h, is its option's twin) */
		if (!(used & (1ULL << opts[k].id)) || !opts[k].help ||
		    ((opts[k].cmds >> c) & 1))
			continue;
		return bad_usage("%s is an option of %s", opts[k].name,
				 command_list(opts[k].cmds, list, sizeof(list)));
	}
	if (((1u << c) & C_MSG) && o.pcap && o.msgfile)
		return bad_usage("--pcap and --messages are two inputs: give one");
	if (((1u << c) & C_MSG) && (o.pcap || o.msgfile) && o.dir)
		return bad_usage("a TRACEDIR and --%s: give one input",
				 o.pcap ? "pcap" : "messages");
	if (o.ports && !o.pcap)
		return bad_usage("--ports is for --pcap");
	if (o.write_pcap && (o.pcap || o.msgfile || o.list || o.json || o.by))
		return bad_usage("--write-pcap writes a trace's packets: with a TRACEDIR alone");
	if (o.by && (o.pcap || o.msgfile))
		return bad_usage("--by is for a trace (a capture's nodes are IP addresses, a file's its names)");
	if (!o.dir && (!((1u << c) & C_MSG) || (!o.pcap && !o.msgfile)))
		return bad_usage(((1u << c) & C_MSG) ? "missing TRACEDIR (or --pcap FILE, --messages FILE)" :
				 "missing TRACEDIR");
	if (!strcmp(cmd, "export")) {
		if (!!o.pcap + !!o.ctf + !!o.json_events != 1)
			return bad_usage("export needs --pcap FILE, --ctf DIR or --json-events FILE (one of them)");
		if (!o.pcap && (used & (1ULL << O_PID | 1ULL << O_FROM | 1ULL << O_TO | 1ULL << O_WINDOW)))
			return bad_usage("%s exports the whole trace: --pid, --from, --to and --window select packets for --pcap",
					 o.ctf ? "--ctf" : "--json-events");
		return cmd_export(&o);
	}
	if (!strcmp(cmd, "dump"))
		return dump(&o);
	if (!strcmp(cmd, "summary"))
		return cmd_summary(&o);
	if (!strcmp(cmd, "processes"))
		return cmd_processes(&o);
	if (!strcmp(cmd, "syscalls"))
		return cmd_syscalls(&o);
	if (!strcmp(cmd, "irqs"))
		return cmd_irqs(&o);
	if (!strcmp(cmd, "graph"))
		return cmd_graph(&o);
	if (!strcmp(cmd, "tui"))
		return cmd_tui(&o);
	if (!strcmp(cmd, "latency"))
		return cmd_latency(&o);
	if (!strcmp(cmd, "explain"))
		return cmd_explain(&o);
	if (!strcmp(cmd, "critical-path"))
		return cmd_critpath(&o);
	if (!strcmp(cmd, "messages"))
		return cmd_messages(&o);
	if (!strcmp(cmd, "paths"))
		return cmd_paths(&o);
	return cmd_check(&o);
}
