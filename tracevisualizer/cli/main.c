// SPDX-License-Identifier: GPL-2.0
/*
 * main.c - command line of tracevisualizer: option parsing and dispatch.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/reader/event.h>
#include <lttr/view/filter.h>
#include "cli.h"
#include "tui.h"

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
"             relative time, absolute time (s.ns), cpu, pid, control mark\n"
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
"             (user/kernel/irq), then every transition in order\n"
"  check      the conservation checks, and the view model against the\n"
"             accounting (exit status 3 when one fails)\n"
"  tui        the terminal analyzer: control flow, resources, processes,\n"
"             syscalls, irqs and events in one window of time (keys: ?)\n"
"\n"
"Options:\n"
"  --json          JSON output (schemas in docs/json-schema.md)\n"
"  --pretty        indent the JSON output\n"
"  --salvage       read what is intact in a damaged or truncated trace\n"
"  --reverse       dump: print the events backward (last first)\n"
"  --cpu N         dump, graph: only CPU N\n"
"  --pid N[,N...]  dump, processes, syscalls, graph: only these pids\n"
"                  (processes: these tgids, or pids with --threads)\n"
"  --type T[,T..]  dump: only these event types (syscall_entry, sched...)\n"
"  --omit T[,T..]  dump: hide these event types\n"
"  --custom NAME   dump: only the instances of the custom event type NAME\n"
"                  (repeat it for several types)\n"
"  --filter EXPR   dump: only the events the expression matches, e.g.\n"
"                  'type == fs_open && filename =~ \"^/etc\"' (the language:\n"
"                  docs/filter.md); with the other filters, all must hold\n"
"  --from S        dump, graph: from S seconds after the trace start\n"
"  --to S          dump, graph: up to S seconds after the trace start\n"
"  --window A:B    the same as --from A --to B\n"
"  --width N       graph: columns of the time axis (default 100)\n"
"  --threads       processes, syscalls: one row per thread\n"
"  --tree          processes: the process tree (children under parents)\n"
"  --time          summary: add the time accounting (a second pass over\n"
"                  the trace in time order, about 10x the counting pass)\n"
"  --tolerance NS  check: allowed error in ns (default 1000)\n"
"  -h, --help      this help\n"
"  --version       print the version\n"
"\n"
"Environment: LTTR_THREADS=N  threads of the summary's counting pass\n"
"(default: one per processor for traces of 4 MiB or more; 1: none).\n"
"\n"
"Exit status: 0 success, 1 the trace could not be read, 2 usage error,\n"
"3 (check) time is not conserved.\n");
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
	if (*end || v < -1e9 || v > 1e9)
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

static int parse_types(const char *s, uint64_t *bits)
{
	char buf[32];
	const char *p = s;

	while (*p) {
		size_t n = strcspn(p, ",");
		int id;

		if (!n || n >= sizeof(buf))
			return -1;
		memcpy(buf, p, n);
		buf[n] = '\0';
		id = lttr_event_type_id(buf);
		if (id < 0 && !strcmp(buf, "sched"))
			id = LTT_EV_SCHEDCHANGE;
		if (id < 0 || id >= LTT_EV_MAX)
			return -1;
		bits[id / 64] |= 1ULL << (id % 64);
		p += n;
		if (*p == ',' && !*++p)
			return -1;
	}
	return 0;
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

static const char *const commands[] = {
	"dump", "summary", "processes", "syscalls", "irqs", "graph", "check", "tui",
};

int main(int argc, char **argv)
{
	struct cli_opts o = { .cpu = -1, .width = 100, .tolerance_ns = 1000 };
	const char *cmd = NULL;
	long long v;
	size_t k;
	int i;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		const char *arg = i + 1 < argc ? argv[i + 1] : NULL;

		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			usage(stdout);
			return 0;
		} else if (!strcmp(a, "--version")) {
			printf("tracevisualizer 1.2 (LTT trace formats 1.0 to %d.%d)\n",
			       LTT_FORMAT_MAJOR, LTT_FORMAT_MINOR);
			return 0;
		} else if (!strcmp(a, "--json")) {
			o.json = true;
		} else if (!strcmp(a, "--pretty")) {
			o.json = true;
			o.pretty = true;
		} else if (!strcmp(a, "--salvage")) {
			o.salvage = true;
		} else if (!strcmp(a, "--reverse")) {
			o.reverse = true;
		} else if (!strcmp(a, "--threads")) {
			o.threads = true;
		} else if (!strcmp(a, "--time")) {
			o.time = true;
		} else if (!strcmp(a, "--tree")) {
			o.tree = true;
		} else if (!strcmp(a, "--cpu")) {
			if (parse_num(arg, 0xffff, &v))
				return bad_usage("%s needs a number", a);
			o.cpu = (int)v;
			i++;
		} else if (!strcmp(a, "--width")) {
			if (parse_num(arg, 1000, &v) || v < 10)
				return bad_usage("%s needs a number from 10 to 1000", a);
			o.width = (int)v;
			i++;
		} else if (!strcmp(a, "--tolerance")) {
			if (parse_num(arg, 1000000000000LL, &v))
				return bad_usage("%s needs a number of ns", a);
			o.tolerance_ns = (uint64_t)v;
			i++;
		} else if (!strcmp(a, "--pid")) {
			if (!arg || parse_pids(arg, &o))
				return bad_usage("%s needs a number or a comma-separated list", a);
			i++;
		} else if (!strcmp(a, "--type") || !strcmp(a, "--omit")) {
			if (!arg || parse_types(arg, a[2] == 't' ? o.types : o.omit))
				return bad_usage("%s needs event type names (e.g. syscall_entry,schedchange)", a);
			i++;
		} else if (!strcmp(a, "--custom")) {
			if (!arg || !*arg)
				return bad_usage("%s needs a custom event type name", a);
			if (o.ncustom == CLI_MAX_CUSTOM)
				return bad_usage("at most %d --custom names", CLI_MAX_CUSTOM);
			o.custom[o.ncustom++] = arg;
			i++;
		} else if (!strcmp(a, "--filter")) {
			if (!arg)
				return bad_usage("%s needs an expression", a);
			o.filter_expr = arg;
			i++;
		} else if (!strcmp(a, "--from") || !strcmp(a, "--to")) {
			bool from = a[2] == 'f';

			if (parse_secs(arg, from ? &o.from_ns : &o.to_ns))
				return bad_usage("%s needs seconds", a);
			if (from)
				o.has_from = true;
			else
				o.has_to = true;
			i++;
		} else if (!strcmp(a, "--window")) {
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
			i++;
		} else if (!strcmp(a, "--")) {
			if (i + 1 < argc && !cmd)
				cmd = argv[++i];
			if (i + 1 < argc && !o.dir)
				o.dir = argv[++i];
			if (i + 1 < argc)
				return bad_usage("unexpected argument '%s'", argv[i + 1]);
			break;
		} else if (a[0] == '-' && a[1]) {
			return bad_usage("unknown option '%s'", a);
		} else if (!cmd) {
			cmd = a;
		} else if (!o.dir) {
			o.dir = a;
		} else {
			return bad_usage("unexpected argument '%s'", a);
		}
	}
	if (!cmd)
		return bad_usage("missing command (dump, summary, processes, syscalls, irqs, graph, check or tui)");
	for (k = 0; k < sizeof(commands) / sizeof(commands[0]); k++)
		if (!strcmp(cmd, commands[k]))
			break;
	if (k == sizeof(commands) / sizeof(commands[0]))
		return bad_usage("unknown command '%s'", cmd);
	if (!o.dir)
		return bad_usage("missing TRACEDIR");
	if (o.has_from && o.has_to && o.to_ns < o.from_ns)
		return bad_usage("the window ends before it starts");
	if (o.reverse && strcmp(cmd, "dump"))
		return bad_usage("--reverse is an option of dump");
	if (o.ncustom && strcmp(cmd, "dump"))
		return bad_usage("--custom is an option of dump");
	if (o.filter_expr && strcmp(cmd, "dump"))
		return bad_usage("--filter is an option of dump");
	if (o.cpu >= 0 && strcmp(cmd, "dump") && strcmp(cmd, "graph"))
		return bad_usage("--cpu is an option of dump and graph");
	if (o.npids && (!strcmp(cmd, "summary") || !strcmp(cmd, "irqs") ||
			!strcmp(cmd, "check") || !strcmp(cmd, "tui")))
		return bad_usage("--pid is an option of dump, processes, syscalls and graph");
	if ((o.has_from || o.has_to) && strcmp(cmd, "dump") && strcmp(cmd, "graph"))
		return bad_usage("--from, --to and --window are options of dump and graph");
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
	return cmd_check(&o);
}
