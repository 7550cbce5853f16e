// SPDX-License-Identifier: GPL-2.0
/*
 * test-cli.c - the tracevisualizer command on the new event classes:
 * dump --custom and --type custom, the summary's configuration lines,
 * custom events and mask changes, CPU ids not logged, usage errors.  The
 * program is found next to the test (build/utest/../tracevisualizer).
 */
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include "tap.h"
#include "tracegen.h"

static char prog[1024];

/* run "prog ARGS" (stderr to stdout); output into *out; exit status */
static int run(const char *args, char **out)
{
	char cmd[3072];

	snprintf(cmd, sizeof(cmd), "%s %s", prog, args);
	return tap_run(cmd, out);
}

static size_t count_lines(const char *s, const char *phrase)
{
	size_t n = 0;
	const char *l = s;

	while (l && *l) {
		const char *nl = strchr(l, '\n');
		size_t len = nl ? (size_t)(nl - l) : strlen(l);
		char *line = strndup(l, len);

		if (line && strstr(line, phrase))
			n++;
		free(line);
		l = nl ? nl + 1 : NULL;
	}
	return n;
}

#define DESC \
	"header ncpus=1 start=1000 format=1.1 events=all details=all flight=1 " \
	"filter=pid:5 sip=depth:2 capture=64 nocpuid=1\n" \
	"proc PID: 5; PPID: 1; TGID: 5; NAME: w\n" \
	"buf cpu=0 start=1000 pid=5 seq=3\n" \
	"1000 start 5 0\n" \
	"1001 custom_create 1 fields ping seq:u32\n" \
	"1002 custom_create 2 string note -\n" \
	"1010 custom 1 u32:1\n1020 custom 2 str:x\n1030 custom 1 u32:2\n" \
	"1040 custom 7 hex:00\n1050 custom 1 u32:3 u8:9\n" \
	"1060 change_mask syscall_entry,custom,change_mask\n" \
	"1070 nodetail fs_write\n"

/* STATUS and a phrase of the output of "prog ARGS DIR" */
static void expect(const char *dir, const char *opts, int status, const char *phrase,
		   const char *what)
{
	char args[1024], *out = NULL;
	int st;

	snprintf(args, sizeof(args), "%s %s", opts, dir);
	st = run(args, &out);
	ok(st == status && out && strstr(out, phrase), "%s (status %d)", what, st);
	if (st != status || !out || !strstr(out, phrase))
		tap_diag("%s: %s", args, out ? out : "");
	free(out);
}

/* the command line holds up: options where they mean something, values
 * after '=', selections the trace can satisfy, each command's help */
static void strict(const char *dir)
{
	char args[1024], *a = NULL, *b = NULL;
	int sa, sb;

	snprintf(args, sizeof(args), "dump --pid=5 --window=0:0.00000005 %s", dir);
	sa = run(args, &a);
	snprintf(args, sizeof(args), "dump --pid 5 --window 0:0.00000005 %s", dir);
	sb = run(args, &b);
	ok(sa == 0 && sb == 0 && a && b && !strcmp(a, b) && strstr(a, "custom ping"),
	   "--opt=value is --opt value");
	free(a);
	free(b);
	expect(dir, "processes --width 80", 2, "--width is an option of graph",
	       "an option of another command is refused, and names it");
	expect(dir, "summary --threads", 2, "--threads is an option of processes and syscalls",
	       "--threads outside processes and syscalls: refused");
	expect(dir, "irqs --tolerance 5", 2, "--tolerance is an option of check",
	       "--tolerance outside check: refused");
	expect(dir, "tui --json", 2, "--json is an option of dump, summary, processes, syscalls, irqs, graph, check, messages, paths, latency, explain, critical-path, diff, stacks, replay, audit and jobs",
	       "--json with tui: refused");
	expect(dir, "dump --json=1", 2, "--json takes no value", "a flag given a value: refused");
	expect(dir, "dump --cpu 3", 2, "--cpu 3: the trace has CPU 0",
	       "a CPU the trace does not have: refused");
	expect(dir, "graph --window 5:6", 2, "--window: 5 is after the end of the trace: it spans "
	       "0 to 0.000000070 s after its start", "a window after the trace's end: refused");
	expect(dir, "dump --from nan", 2, "--from: 'nan' is not a time", "--from nan: refused");
	expect(dir, "graph --window 10ns:10ns", 2, "the window is empty", "an empty window: refused");
	expect(dir, "processes --pid 99", 2, "--pid 99: no process 99 in the trace",
	       "a pid the trace never shows: refused");
	expect(dir, "processes --pid 5", 0, "Processes", "a pid it shows: its table");
	expect(dir, "dump --pid 99", 2, "--pid 99: task 99 has no event in the trace",
	       "dump: a pid the trace never shows: said (status 2), not an empty listing");
	expect(dir, "dump --pid 5,99", 2, "--pid 99: task 99 has no event in the trace",
	       "dump: one of the pids never shown: said (status 2)");
	expect(dir, "graph --pid 99", 2, "--pid 99: task 99 does not run in the trace",
	       "graph: a pid the trace never shows: said (status 2), not an empty chart");
	expect("", "processes --help", 0, "Usage: tracevisualizer processes [OPTIONS] TRACEDIR",
	       "processes --help: the command's own help");
	snprintf(args, sizeof(args), "processes --help");
	sa = run(args, &a);
	ok(sa == 0 && a && strstr(a, "--threads") && strstr(a, "--tree") && !strstr(a, "--width") &&
	   !strstr(a, "--cpu"), "processes --help lists its options, not the others'");
	free(a);
	expect(dir, "dump --wall --type custom", 0,
	       "\n0.000000010 2023-11-14T22:13:20.000000010Z - w-5 - custom ping seq=1\n",
	       "dump --wall: the wall clock from the header's clock pair, UTC, to the ns");
	expect("", "bogus --help", 2, "unknown command 'bogus'", "an unknown command's help: refused");
}

int main(int argc, char **argv)
{
	char *out, dir[600], args[1024], *a0 = strdup(argc > 0 ? argv[0] : ".");
	int st;

	tap_plan(20 + 21);
	snprintf(prog, sizeof(prog), "%s/../tracevisualizer", dirname(a0));
	free(a0);
	snprintf(dir, sizeof(dir), "%s", tg_dir("cli"));
	ok(tg_make(dir, DESC) == 0, "the trace is written");

	snprintf(args, sizeof(args), "dump --custom ping %s", dir);
	st = run(args, &out);
	ok(st == 0 && count_lines(out, " custom ") == 3 &&
	   count_lines(out, "custom ping seq=") == 3 && !strstr(out, "note"),
	   "dump --custom ping: its 3 instances only");
	free(out);
	snprintf(args, sizeof(args), "dump --custom ping --custom note %s", dir);
	st = run(args, &out);
	ok(st == 0 && count_lines(out, " custom ") == 4, "--custom twice: both types");
	free(out);
	snprintf(args, sizeof(args), "dump --type custom %s", dir);
	st = run(args, &out);
	ok(st == 0 && count_lines(out, " custom ") == 5 &&
	   count_lines(out, "[warning: unknown custom type id 7") == 1 &&
	   count_lines(out, "[warning: payload does not match") == 1,
	   "dump --type custom: every instance, the bad ones with a warning");
	free(out);
	/* an unknown name is named with the valid ones, as an unknown --type is */
	expect(dir, "dump --custom nosuch", 2,
	       "tracevisualizer: --custom nosuch: no custom event type 'nosuch' in the trace "
	       "(its custom types: ping, note)\n", "an unknown --custom name: named, with the trace's");
	expect(dir, "dump --custom ping --custom nosuch", 2,
	       "--custom nosuch: no custom event type 'nosuch'", "... also after a known one");
	snprintf(args, sizeof(args), "dump --custom nosuch %s", dir);
	st = run(args, &out);
	ok(st == 2 && count_lines(out, "custom ping") == 0 && count_lines(out, "# rel_s") == 0,
	   "... and nothing dumped");
	free(out);
	snprintf(args, sizeof(args), "dump --json --custom note %s", dir);
	st = run(args, &out);
	ok(st == 0 && strstr(out, "\"args\":{\"type_id\":2,\"name\":\"note\",\"size\":2,\"text\":\"x\"}") &&
	   count_lines(out, "\"type\":\"custom\"") == 1, "dump --json --custom");
	free(out);
	snprintf(args, sizeof(args), "dump %s", dir);
	st = run(args, &out);
	ok(st == 0 && strstr(out, "0.000000010 0.000001010 - w-5 - custom ping seq=1\n"),
	   "CPU ids not logged: dump shows none");
	free(out);

	snprintf(args, sizeof(args), "summary %s", dir);
	st = run(args, &out);
	ok(st == 0 && strstr(out, "\nThis is a flight recorder trace: only the last buffers of each CPU were kept (3 earlier buffers overwritten; cpu 0: 3)\n"),
	   "summary: flight recorder");
	ok(strstr(out, "\nFilter: events of the tasks with pid 5 (and the schedule changes to them)\n") &&
	   strstr(out, "\nSyscall IP: return address 2 frames up the user stack\n") &&
	   strstr(out, "\nPacket capture: the first 64 bytes of each packet\n") &&
	   strstr(out, "\nCPU ids: not logged (not shown by dump)\n"),
	   "summary: filter, syscall IP, capture, CPU ids");
	ok(!strstr(out, "Recorded without details"), "summary: all details: no line");
	ok(!strstr(out, "Records: "), "summary: compact records allowed: no line");
	ok(strstr(out, "\nInstances of custom events by type name: 5 (3 names, 2 shown with a warning)\n") &&
	   strstr(out, "\n  ping                                        3          1\n") &&
	   strstr(out, "\n  (unknown type 7)                            1          1\n"),
	   "summary: custom events by name");
	ok(strstr(out, "\nEvent mask changes (the events recorded from then on):\n  0.000000060 s cpu 0: added; removed syscall_exit") != NULL,
	   "summary: mask changes");
	free(out);

	snprintf(dir, sizeof(dir), "%s", tg_dir("cli-nod"));
	tg_make(dir, "header format=1.1 details=schedchange\nbuf cpu=0 start=1000000000 pid=1\n");
	snprintf(args, sizeof(args), "summary %s", dir);
	st = run(args, &out);
	ok(st == 0 && strstr(out, "\nRecorded without details (counted, no payload): syscall_entry syscall_exit trap_entry trap_exit irq_entry irq_exit fork exec exit wakeup softirq_entry softirq_exit trace_start\n"),
	   "summary: the events of the mask recorded without details");
	free(out);

	snprintf(dir, sizeof(dir), "%s", tg_dir("cli-full"));
	tg_make(dir, "header fullrec=1\nbuf cpu=0 start=1000000000 pid=1\n");
	snprintf(args, sizeof(args), "summary %s", dir);
	st = run(args, &out);
	ok(st == 0 && strstr(out, ": format 1.2, ") &&
	   strstr(out, "\nRecords: full layouts only (compact forms turned off)\n"),
	   "summary: LTT_TRACE_FULL_RECORDS (format 1.2)");
	free(out);

	expect(dir, "dump --custom ping", 2,
	       "tracevisualizer: --custom ping: no custom event type 'ping' in the trace (it has none)\n",
	       "--custom on a trace without custom types: said");
	snprintf(args, sizeof(args), "summary --custom ping %s", dir);
	st = run(args, &out);
	ok(st == 2 && strstr(out, "--custom is an option of dump"), "--custom outside dump: usage error");
	free(out);
	st = run("--help", &out);
	ok(st == 0 && strstr(out, "--custom NAME"), "--help lists --custom");
	{
		/* the commands as the man page names them; --help is made from the table */
		static const char *const cmds[] = { "dump", "summary", "processes", "syscalls",
			"irqs", "graph", "check", "tui", "export", "messages", "paths", "latency",
			"explain", "critical-path", "diff", "stacks", "symbolize", "merge" };
		bool all = st == 0, each = true;
		size_t k;

		for (k = 0; k < sizeof(cmds) / sizeof(cmds[0]); k++) {
			char line[64], *h = NULL, want[80];

			snprintf(line, sizeof(line), "\n  %s ", cmds[k]);
			if (!out || !strstr(out, line)) {
				tap_diag("--help does not list %s", cmds[k]);
				all = false;
			}
			snprintf(args, sizeof(args), "%s --help", cmds[k]);
			/* merge's usage names its one required option first */
			snprintf(want, sizeof(want), "Usage: tracevisualizer %s %s", cmds[k],
				 strcmp(cmds[k], "merge") ? "[OPTIONS] " : "-o OUT ");
			if (run(args, &h) != 0 || !h || strncmp(h, want, strlen(want))) {
				tap_diag("%s --help: not its usage", cmds[k]);
				each = false;
			}
			free(h);
		}
		ok(all, "--help lists every command, one a line");
		ok(each, "each command's --help gives its usage");
	}
	free(out);
	strict(tg_dir("cli"));
	return tap_done();
}
