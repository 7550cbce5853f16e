// SPDX-License-Identifier: GPL-2.0
/*
 * main.c - the command line of tracevisualizer-gtk.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/view/hosts.h>
#include <lttr/symbols/symbols.h>
#include "gv.h"

#ifndef LTTR_LESSON_DIR
#define LTTR_LESSON_DIR NULL
#endif

static void usage(FILE *f)
{
	fprintf(f,
"Usage: tracevisualizer-gtk [OPTIONS] TRACEDIR...\n"
"\n"
"The GTK analyzer of LTT traces (docs/views.md): control flow, resources,\n"
"processes, events, statistics, causal paths, latencies and critical paths\n"
"of each trace in a tab, one shared time window.  Press ? in the window for\n"
"the keys.\n"
"\n"
"Options:\n"
"  --view V         the view shown first: flow, resources, processes, events,\n"
"                   stats, paths, latency, flame or jobs (default flow and events)\n"
"  --window A:B     the time window: seconds from the trace start, or @ and\n"
"                   absolute times; B may be +D (tracevisualizer(1), TIMES)\n"
"  --pid LIST       show only these tasks (comma-separated pids)\n"
"  --size WxH       the window's size (default 1280x800)\n"
"  --screenshot F   draw the window as it would appear, write it to the PNG\n"
"                   file F and exit (0, or 1 when the trace cannot be read);\n"
"                   the options decide it: TRACEDIR/session.json is not read\n"
"  --session FILE   with --screenshot: apply this session file (a session.json\n"
"                   an interactive session left) first\n"
"  --lesson NAME|FILE  a lesson's steps in a side panel (Next, Previous; } and\n"
"                   {): docs/lessons/NAME.lesson or a lesson file; TRACEDIR\n"
"                   defaults to the lesson's trace\n"
"  --step N         with --lesson: the step shown first (default 1)\n"
"  --live DIR       a running session's trace followed as traced writes it:\n"
"                   the newest events, the firings, how far behind (End\n"
"                   follows again after a scroll back); DIR need not be a\n"
"                   trace yet (docs/views.md, \"A running session\")\n"
"  --diff A B       compare two runs: trace A in a tab whose Diff page shows\n"
"                   what \"tracevisualizer diff A B\" does (also File ->\n"
"                   Compare with...)\n"
"  --hosts          the traces given (two or more) as several hosts on one\n"
"                   clock, synchronised as \"tracevisualizer merge\" does: a\n"
"                   group row per host, the messages between them as arrows,\n"
"                   each host's clock model; a merged set (merge's directory)\n"
"                   opens so without it\n"
"  --audit DIR      the firings of a traced --rules session in the Firings\n"
"                   window, what \"tracevisualizer audit --json DIR\" prints;\n"
"                   Enter opens one's snapshot in a tab, its instance in the\n"
"                   window, its blamed tasks highlighted (also File -> Open\n"
"                   audit...)\n"
"  --top N          with --audit: the N parties on the critical path with most\n"
"                   blame selected (default 10, as audit's)\n"
"  --symfs DIR      the traced system's ELF files under DIR, at their paths\n"
"                   there (perf's --symfs): they name the frames of the\n"
"                   stacks (the flame graph, the stack of an event or of a\n"
"                   blocked task, the firings' code paths) of a trace read\n"
"                   away from its machine, as \"tracevisualizer stacks\n"
"                   --symfs DIR\" does\n"
"  --vitals DIR     the vital signs traced --vitals wrote in DIR in the Vital\n"
"                   signs window, what \"tracevisualizer vitals --json DIR\"\n"
"                   prints: line graphs over the epochs, the flagged epochs\n"
"                   listed first; a click on an epoch (Enter in the list)\n"
"                   lists its samples; with a TRACEDIR, Open the epoch in the\n"
"                   trace: its window in a tab, its vital signs as a lesson\n"
"  --no-view-cache  build the view model at every open, neither reading nor\n"
"                   writing TRACEDIR/view.cache (also LTTR_VIEW_CACHE=0;\n"
"                   docs/views.md)\n"
"  --bench          time the first frame and the paint of the graphs at every\n"
"                   zoom level, print JSON and exit (scripts/bench-gtk)\n"
"  -h, --help       this help\n"
"  --version        print the version\n"
"\n"
"A trace that cannot be read is reported in a dialog (and on standard\n"
"error); a damaged one is read as far as it is intact, with its warnings.\n");
}

/*
 * A test hook (docs/testing.md), not in --help: LTTR_GTK_TEST_INPUT=FILE
 * gets the number of key and button presses the program has taken,
 * rewritten once the main loop (or a dialog's, which a press may run)
 * has nothing more urgent to do after them (an idle call of the lowest
 * priority: the redraws and the work the press queued are done), so
 * that a test waits for its input to be taken instead of sleeping.
 */
static const char *input_log;
static unsigned long inputs;
static guint input_idle;

static gboolean input_write(gpointer data)
{
	FILE *f = fopen(input_log, "w");

	(void)data;
	input_idle = 0;
	if (f) {
		fprintf(f, "%lu\n", inputs);
		fclose(f);
	}
	return G_SOURCE_REMOVE;
}

static void input_event(GdkEvent *ev, gpointer data)
{
	(void)data;
	/* counted first: a press may run a dialog's loop before it returns */
	if (ev->type == GDK_KEY_PRESS || ev->type == GDK_BUTTON_PRESS) {
		inputs++;
		if (!input_idle)
			input_idle = g_idle_add_full(G_PRIORITY_LOW, input_write, NULL, NULL);
	}
	gtk_main_do_event(ev);
}

static int bad(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static int bad(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "tracevisualizer-gtk: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry 'tracevisualizer-gtk --help'.\n");
	return 2;
}

int main(int argc, char **argv)
{
	static const char *const views[] = { "flow", "resources", "processes", "events", "stats",
		"paths", "latency", "flame", "jobs" };
	struct gv_app app;
	char **dirs = calloc((size_t)argc + 1, sizeof(*dirs));
	const char *lesson = NULL, *live = NULL;
	static char ltrace[4096];
	size_t step = 0;
	bool hosts = false;
	char c;
	int i, n = 0, r;

	gv_app_started();
	if (!dirs)
		return 1;
	memset(&app, 0, sizeof(app));
	app.width = 1280;
	app.height = 800;
	app.view = -1;		/* none given: the session's, else flow and events */
	dirs[n++] = argv[0];
	for (i = 1; i < argc; i++) {
		const char *a = argv[i], *arg = i + 1 < argc ? argv[i + 1] : NULL;

		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			usage(stdout);
			free(dirs);
			return 0;
		} else if (!strcmp(a, "--version")) {
			printf("tracevisualizer-gtk 1.0\n");
			free(dirs);
			return 0;
		} else if (!strcmp(a, "--view")) {
			size_t k;

			for (k = 0; arg && k < sizeof(views) / sizeof(views[0]); k++)
				if (!strcmp(arg, views[k]))
					break;
			if (!arg || k == sizeof(views) / sizeof(views[0]))
				return bad("--view needs flow, resources, processes, events, stats, paths, latency, flame or jobs");
			app.view = (int)k;
			i++;
		} else if (!strcmp(a, "--window")) {
			uint64_t f, t;
			char msg[256];

			/* the forms now, the trace's span when it is open (apply_options()) */
			if (!arg || lttr_parse_trace_window(arg, NULL, &f, &t, msg, sizeof(msg)))
				return bad("--window: %s", arg ? msg : "needs FROM:TO");
			app.window = arg;
			i++;
		} else if (!strcmp(a, "--pid")) {
			if (!arg || !*arg || strspn(arg, "0123456789,") != strlen(arg))
				return bad("--pid needs a comma-separated list of pids");
			app.pids = (char *)arg;
			i++;
		} else if (!strcmp(a, "--size")) {
			if (!arg || sscanf(arg, "%dx%d", &app.width, &app.height) != 2 ||
			    app.width < 200 || app.height < 150)
				return bad("--size needs WxH (at least 200x150): %s", arg ? arg : "");
			i++;
		} else if (!strcmp(a, "--screenshot")) {
			if (!arg)
				return bad("%s needs a file name", a);
			app.screenshot = (char *)arg;
			i++;
		} else if (!strcmp(a, "--session")) {
			if (!arg)
				return bad("%s needs a file name", a);
			app.session = (char *)arg;
			i++;
		} else if (!strcmp(a, "--export-csv")) {
			/* a test hook, not in --help: with --screenshot, the table
			 * shown is also written as CSV (gv_export_csv()) */
			if (!arg)
				return bad("%s needs a file name", a);
			app.export_csv = (char *)arg;
			i++;
		} else if (!strcmp(a, "--dump-cells")) {
			/* a test hook, not in --help: with --screenshot, the
			 * graph shown is also written as JSON: its place in the
			 * window and the cells of every row on the screen
			 * (gv_graph_dump()) */
			if (!arg)
				return bad("%s needs a file name", a);
			app.dump_cells = (char *)arg;
			i++;
		} else if (!strcmp(a, "--dump-paths")) {
			/* a test hook, not in --help: with --screenshot, the
			 * Paths tab is also written as JSON: its list, labels
			 * and the graph as drawn (gv_paths_dump()) */
			if (!arg)
				return bad("%s needs a file name", a);
			app.dump_paths = (char *)arg;
			i++;
		} else if (!strcmp(a, "--dump-flame")) {
			/* a test hook, not in --help: with --screenshot, the
			 * Flame graph tab is also written as JSON: each box's
			 * library values and its rectangle as drawn
			 * (gv_flame_dump()) */
			if (!arg)
				return bad("%s needs a file name", a);
			app.dump_flame = (char *)arg;
			i++;
		} else if (!strcmp(a, "--lesson")) {
			if (!arg || !*arg)
				return bad("%s needs a lesson's name or file", a);
			lesson = arg;
			i++;
		} else if (!strcmp(a, "--step")) {
			if (!arg || sscanf(arg, "%zu%c", &step, &c) != 1 || !step)
				return bad("--step needs a step's number (1, 2, ...)");
			i++;
		} else if (!strcmp(a, "--live")) {
			if (!arg || !*arg)
				return bad("--live needs a trace directory");
			live = arg;
			i++;
		} else if (!strcmp(a, "--diff")) {
			if (!arg || i + 2 >= argc)
				return bad("--diff needs two trace directories, A and B");
			dirs[n++] = (char *)arg;
			app.diff_b = argv[i + 2];
			i += 2;
		} else if (!strcmp(a, "--hosts")) {
			hosts = true;
		} else if (!strcmp(a, "--audit")) {
			if (!arg || !*arg)
				return bad("--audit needs the trace directory of a traced --rules session");
			app.audit = arg;
			i++;
		} else if (!strcmp(a, "--top")) {
			if (!arg || sscanf(arg, "%u%c", &app.audit_top, &c) != 1 || !app.audit_top)
				return bad("--top needs a number of 1 or more");
			i++;
		} else if (!strcmp(a, "--symfs")) {
			if (!arg || !*arg)
				return bad("%s needs a directory", a);
			app.symfs = arg;
			i++;
		} else if (!strcmp(a, "--vitals")) {
			if (!arg || !*arg)
				return bad("--vitals needs the directory of a traced --vitals run");
			app.vitals_dir = arg;
			i++;
		} else if (!strcmp(a, "--bench")) {
			app.bench = true;
		} else if (!strcmp(a, "--no-view-cache")) {
			app.no_view_cache = true;
		} else if (a[0] == '-' && a[1]) {
			return bad("unknown option '%s'", a);
		} else {
			dirs[n++] = (char *)a;
		}
	}
	if (app.session && !app.screenshot)
		return bad("--session goes with --screenshot");
	if (app.export_csv && !app.screenshot)
		return bad("--export-csv goes with --screenshot");
	if (app.dump_cells && !app.screenshot)
		return bad("--dump-cells goes with --screenshot");
	if (app.dump_paths && !app.screenshot)
		return bad("--dump-paths goes with --screenshot");
	if (app.dump_flame && !app.screenshot)
		return bad("--dump-flame goes with --screenshot");
	if (live && (n != 1 || app.diff_b || lesson || app.screenshot || hosts || app.audit ||
		     app.vitals_dir))
		return bad("--live DIR takes no other trace, --diff, --lesson, --audit, --vitals, "
			   "--hosts or --screenshot");
	if (hosts && app.vitals_dir)
		return bad("--vitals DIR goes without --hosts");
	if (hosts && (n < 3 || app.diff_b || lesson || app.bench || app.session))
		return bad("--hosts needs two traces or more (and no --diff, --lesson, --bench, --session)");
	/* a merged set (merge's directory) is several hosts */
	if (n == 2 && !app.diff_b && !lesson && lttr_xview_is_set(dirs[1]))
		hosts = true;
	if (app.diff_b && n != 2)
		return bad("--diff A B takes no other trace");
	if (app.audit_top && !app.audit)
		return bad("--top goes with --audit");
	if (step && !lesson)
		return bad("--step goes with --lesson");
	if (lesson) {
		struct lttr_lesson *l;
		struct lttr_error err;
		char lpath[4096];

		if (!lttr_lesson_find(lesson, LTTR_LESSON_DIR, lpath, sizeof(lpath)))
			return bad("no lesson %s (docs/lessons/NAME.lesson, $LTTR_LESSON_DIR, "
				   "or a file)", lesson);
		if (lttr_lesson_load(lpath, &l, &err)) {
			fprintf(stderr, "tracevisualizer-gtk: %s\n", err.msg);
			free(dirs);
			return 2;
		}
		if (step > l->nsteps) {
			lttr_lesson_free(l);
			return bad("--step %zu: the lesson has %zu steps", step, l->nsteps);
		}
		app.lesson = l;
		app.lesson_step = step ? step - 1 : 0;
		if (n < 2) {
			if (!lttr_lesson_trace(l, ltrace, sizeof(ltrace))) {
				lttr_lesson_free(l);
				return bad("%s names no trace: give a TRACEDIR", lpath);
			}
			dirs[n++] = ltrace;
		}
	}
	if (app.symfs) {	/* said now, as "stacks --symfs" says it: the stacks are named later */
		char msg[4200];

		if (lttr_symfs_check(app.symfs, msg, sizeof(msg)) < 0) {
			fprintf(stderr, "tracevisualizer-gtk: %s\n", msg);
			free(dirs);
			return 1;
		}
	}
	if (app.vitals_dir && n >= 2)	/* the trace an epoch opens in */
		app.vitals_trace = dirs[1];
	if (n < 2 && (app.screenshot || app.bench))
		return bad("%s needs a TRACEDIR", app.screenshot ? "--screenshot" : "--bench");
	/* the traces are read while GTK starts */
	app.readings = calloc((size_t)n, sizeof(*app.readings));
	for (i = 1; app.readings && !hosts && i < n; i++)
		app.readings[app.nreadings++] = gv_read_start(dirs[i], app.no_view_cache);
	if (!gtk_init_check(NULL, NULL)) {
		fprintf(stderr, "tracevisualizer-gtk: cannot open the display (DISPLAY=%s); "
			"xvfb-run -a runs it without a screen\n",
			getenv("DISPLAY") ? getenv("DISPLAY") : "");
		free(dirs);
		return 1;
	}
	if (live) {
		free(dirs);
		return gv_live_run(live, app.width, app.height);
	}
	if (hosts) {
		r = gv_hosts_run((const char *const *)dirs + 1, (size_t)n - 1, app.width, app.height,
				 app.screenshot, app.dump_cells);
		free(app.readings);
		free(dirs);
		return r;
	}
	input_log = getenv("LTTR_GTK_TEST_INPUT");
	if (input_log && *input_log) {
		input_write(NULL);
		gdk_event_handler_set(input_event, NULL, NULL);
	}
	r = gv_app_run(&app, n, dirs);
	lttr_lesson_free(app.lesson);
	free(app.readings);
	free(dirs);
	return r;
}
