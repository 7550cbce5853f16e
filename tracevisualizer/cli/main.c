// SPDX-License-Identifier: GPL-2.0
/*
 * main.c - command line of tracevisualizer: option parsing and dispatch.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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
"  dump      print the events of all CPUs in time order, one per line:\n"
"            relative time, absolute time (s.ns), cpu, pid, control mark\n"
"            (C = transition into or out of the kernel), description\n"
"  summary   event counts per type, CPU and process, syscalls, lost events\n"
"\n"
"Options:\n"
"  --json        JSON output (schemas in docs/json-schema.md)\n"
"  --pretty      indent the JSON output\n"
"  --salvage     read what is intact in a damaged or truncated trace\n"
"  --reverse     dump: print the events backward (last first)\n"
"  --cpu N       dump: only the events of CPU N\n"
"  --pid N       dump: only the events of pid N\n"
"  -h, --help    this help\n"
"  --version     print the version\n"
"\n"
"Exit status: 0 success, 1 the trace could not be read, 2 usage error.\n");
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

int main(int argc, char **argv)
{
	struct cli_opts o = { .cpu = -1, .pid = -1 };
	const char *cmd = NULL;
	long long v;
	int i;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			usage(stdout);
			return 0;
		} else if (!strcmp(a, "--version")) {
			printf("tracevisualizer 1.0 (LTT trace format %d.%d)\n",
			       1, 0);
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
		} else if (!strcmp(a, "--cpu") || !strcmp(a, "--pid")) {
			bool cpu = a[2] == 'c';

			if (i + 1 >= argc ||
			    parse_num(argv[i + 1], cpu ? 0xffff : 0xffffffffLL, &v))
				return bad_usage("%s needs a number", a);
			i++;
			if (cpu)
				o.cpu = (int)v;
			else
				o.pid = v;
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
		return bad_usage("missing command (dump or summary)");
	if (strcmp(cmd, "dump") && strcmp(cmd, "summary"))
		return bad_usage("unknown command '%s'", cmd);
	if (!o.dir)
		return bad_usage("missing TRACEDIR");
	if (!strcmp(cmd, "dump"))
		return cmd_dump(&o);
	if (o.reverse || o.cpu >= 0 || o.pid >= 0)
		return bad_usage("--reverse, --cpu and --pid are options of dump");
	return cmd_summary(&o);
}
