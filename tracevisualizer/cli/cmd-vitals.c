// SPDX-License-Identifier: GPL-2.0
/*
 * cmd-vitals.c - "tracevisualizer vitals [--json] [--top N] DIR": the
 * epoch files traced --vitals wrote in DIR, aggregated by the library
 * (lttr/vitals/vitals.h, docs/vitals.md): per epoch, each vital sign's
 * weighted total, distinct labels, the detector's verdict and the top
 * labels with their samples.  --prometheus prints them in Prometheus'
 * text exposition format; --metrics-listen serves that on /metrics for a
 * Prometheus to scrape, counting the files that appear in DIR.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <lttr/reader/error.h>
#include <lttr/units/duration.h>
#include <lttr/vitals/vitals.h>
#include "cli.h"
#include "plugin.h"

#define VITALS_TOP_DEFAULT	LTTR_VITALS_PROM_TOP
#define VITALS_TOP_MAX		1000

static void vitals_usage(void)
{
	printf("Usage: tracevisualizer vitals [--json | --prometheus] [--top N] [--symfs DIR] DIR\n"
	       "       tracevisualizer vitals [--json] [--png FILE] [--timescale DUR] DIR\n"
	       "       tracevisualizer vitals --metrics-listen ADDRESS:PORT [--top N] DIR\n\n"
	       "The vital signs traced --vitals recorded in DIR, one file an epoch:\n"
	       "per epoch and vital sign the weighted total (its unit), the events\n"
	       "counted, the number of distinct labels estimated from the sketch,\n"
	       "the labels sampled, largest first, each with its estimated count\n"
	       "(its sketch cell: at least its true weight), its first sample, its\n"
	       "number of samples and the stacks of its first sample that has some\n"
	       "(named with DIR's copy of kallsyms and the epoch's maps); and an EWMA\n"
	       "anomaly detector's verdict: ANOMALY\n"
	       "when the total leaves mean +- %.0f deviations of the epochs before\n"
	       "(after %d epochs).  A file that cannot be read (cut, corrupt) is\n"
	       "named with its epoch and skipped.\n\n"
	       "Options:\n"
	       "  --json       one JSON object (docs/vitals.md)\n"
	       "  --prometheus\n"
	       "               Prometheus' text exposition format: counters over the\n"
	       "               epochs, the newest epoch's values and top labels;\n"
	       "               bad and missing epoch files counted (docs/vitals.md)\n"
	       "  --metrics-listen ADDRESS:PORT\n"
	       "               serve that on http://ADDRESS:PORT/metrics until\n"
	       "               SIGTERM or SIGINT, each epoch file counted once when\n"
	       "               it appears in DIR; a numeric address (127.0.0.1:9469,\n"
	       "               [::1]:9469; port 0: any free one, said on stderr)\n"
	       "  --timescale DUR\n"
	       "               the epochs summed in buckets of DUR by their wall-clock\n"
	       "               start (UTC): 5min, 1h, 1d (Chopstix's views) or any\n"
	       "               duration; per bucket the totals, the epochs the\n"
	       "               detector flagged, the epochs missing\n"
	       "  --png FILE   draw the vital signs over time into FILE: a panel per\n"
	       "               vital sign, a column per epoch (or bucket), red where\n"
	       "               flagged, a grey mark where epochs are missing\n"
	       "  --top N      labels per vital sign and epoch (default %d)\n"
	       "  --symfs DIR  read the ELF files of the processes' stacks under DIR\n"
	       "               (the traced system's root, as perf's --symfs)\n"
	       "  -h, --help   this help\n\n"
	       "Exit status: 0 success; 1 DIR cannot be read, or the address cannot\n"
	       "be listened on, or the PNG cannot be written; 2 usage error; 4 an epoch\n"
	       "file was skipped (the others were printed).\n",
	       LTTR_EWMA_K, LTTR_EWMA_WARMUP, VITALS_TOP_DEFAULT);
}

static int vitals_bad(const char *what, const char *arg)
{
	fprintf(stderr, "%s vitals: %s%s%s%s\n", cli_prog, what,
		arg ? " '" : "", arg ? arg : "", arg ? "'" : "");
	fprintf(stderr, "Try 'tracevisualizer vitals --help'.\n");
	return EXIT_USAGE;
}

static volatile sig_atomic_t vitals_stop;

static void vitals_on_signal(int sig)
{
	(void)sig;
	vitals_stop = 1;
}

static void prom_warnings(const struct lttr_vitals_prom *p)
{
	size_t i;

	for (i = 0; i < p->nwarnings; i++)
		fprintf(stderr, "%s vitals: warning: %s\n", cli_prog,
			p->warnings[i]);
	fflush(stderr);
}

/* --prometheus (listen NULL) or --metrics-listen */
static int vitals_prometheus(const char *dir, size_t top, const char *listen)
{
	struct lttr_vitals_prom p;
	struct sigaction sa;
	sigset_t block, orig;
	unsigned int port = 0;
	char err[512];
	int lfd = -1, rc;

	if (lttr_vitals_prom_init(&p, dir, top) < 0) {
		fprintf(stderr, "%s vitals: out of memory\n", cli_prog);
		return EXIT_TRACE;
	}
	if (lttr_vitals_prom_update(&p, err, sizeof(err)) < 0) {
		fprintf(stderr, "%s vitals: %s\n", cli_prog, err);
		lttr_vitals_prom_free(&p);
		return EXIT_TRACE;
	}
	prom_warnings(&p);
	rc = p.bad ? EXIT_DAMAGED : 0;
	if (!listen) {
		lttr_vitals_prom_print(stdout, &p);
		lttr_vitals_prom_free(&p);
		return rc;
	}
	lfd = lttr_metrics_listen(listen, &port, err, sizeof(err));
	if (lfd < 0) {
		fprintf(stderr, "%s vitals: --metrics-listen %s\n", cli_prog, err);
		lttr_vitals_prom_free(&p);
		return EXIT_TRACE;
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = vitals_on_signal;
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	/* the signals arrive only inside ppoll: none is missed between the
	 * check of vitals_stop and the wait */
	sigemptyset(&block);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGINT);
	sigprocmask(SIG_BLOCK, &block, &orig);
	fprintf(stderr, "%s vitals: serving %s on port %u: /metrics\n",
		cli_prog, dir, port);
	fflush(stderr);
	while (!vitals_stop) {
		struct pollfd pf = { .fd = lfd, .events = POLLIN };

		if (ppoll(&pf, 1, NULL, &orig) < 0) {
			if (errno == EINTR)
				continue;
			fprintf(stderr, "%s vitals: poll: %s\n", cli_prog,
				strerror(errno));
			break;
		}
		if (lttr_metrics_serve(lfd, &p) > 0)
			prom_warnings(&p);
		if (p.bad)
			rc = EXIT_DAMAGED;
	}
	sigprocmask(SIG_SETMASK, &orig, NULL);
	close(lfd);
	lttr_vitals_prom_free(&p);
	return rc;
}

/* --png: drawn by the cairo plugin; -1 when it cannot be loaded (said) */
static int vitals_png(const char *path, const struct lttr_vitals_bucket *b, size_t n,
		      uint64_t width_ns)
{
	struct lttr_error err;
	const struct cli_cairo_ops *cairo = cli_cairo(&err);

	if (!cairo) {
		cli_trace_error(err.msg);
		return -1;
	}
	return cairo->vitals_png(path, b, n, width_ns);
}

/* the report, by epoch or by bucket, and its PNG; 0 or EXIT_TRACE */
static int vitals_print(const struct lttr_vitals_report *r, bool json,
			uint64_t scale, const char *png)
{
	struct lttr_vitals_bucket *b = NULL;
	size_t n = 0;
	int rc = 0;

	if ((scale || png) &&
	    (scale ? lttr_vitals_buckets(r, scale, &b, &n) :
		     lttr_vitals_epoch_buckets(r, &b, &n)) < 0) {
		fprintf(stderr, "%s vitals: out of memory\n", cli_prog);
		return EXIT_TRACE;
	}
	if (scale && json)
		lttr_vitals_buckets_json(stdout, r, scale, b, n);
	else if (scale)
		lttr_vitals_buckets_text(stdout, r, scale, b, n);
	else if (json)
		lttr_vitals_json(stdout, r);
	else
		lttr_vitals_text(stdout, r);
	if (png && vitals_png(png, b, n, scale) < 0) {
		fprintf(stderr, "%s vitals: %s: could not write the PNG\n",
			cli_prog, png);
		rc = EXIT_TRACE;
	}
	free(b);
	return rc;
}

int cmd_vitals(int argc, char **argv)
{
	const char *listen = NULL;
	bool prom = false;
	struct lttr_vitals_series s;
	struct lttr_vitals_report r;
	const char *dir = NULL;
	unsigned long top = VITALS_TOP_DEFAULT;
	char err[256];
	bool json = false;
	const char *png = NULL;
	const char *symfs = NULL;
	uint64_t scale = 0;
	size_t i;
	int k;

	for (k = 1; k < argc; k++) {
		const char *a = argv[k];

		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			vitals_usage();
			return 0;
		} else if (!strcmp(a, "--json")) {
			json = true;
		} else if (!strcmp(a, "--prometheus")) {
			prom = true;
		} else if (!strcmp(a, "--metrics-listen") ||
			   !strncmp(a, "--metrics-listen=", 17)) {
			listen = a[16] == '=' ? a + 17 : NULL;
			if (!listen && ++k < argc)
				listen = argv[k];
			if (!listen)
				return vitals_bad("--metrics-listen needs ADDRESS:PORT",
						  NULL);
		} else if (!strcmp(a, "--symfs") || !strncmp(a, "--symfs=", 8)) {
			symfs = a[7] == '=' ? a + 8 : NULL;
			if (!symfs && ++k < argc)
				symfs = argv[k];
			if (!symfs || !*symfs)
				return vitals_bad("--symfs needs a directory", NULL);
		} else if (!strcmp(a, "--png") || !strncmp(a, "--png=", 6)) {
			png = a[5] == '=' ? a + 6 : NULL;
			if (!png && ++k < argc)
				png = argv[k];
			if (!png || !*png)
				return vitals_bad("--png needs a file", NULL);
		} else if (!strcmp(a, "--timescale") ||
			   !strncmp(a, "--timescale=", 12)) {
			const char *v = a[11] == '=' ? a + 12 : NULL;

			if (!v && ++k < argc)
				v = argv[k];
			if (!v)
				return vitals_bad("--timescale needs a duration",
						  NULL);
			if (lttr_parse_duration(v, &scale) || !scale)
				return vitals_bad("bad --timescale (a duration above 0: 5min, 1h, 1d)",
						  v);
		} else if (!strcmp(a, "--top") || !strncmp(a, "--top=", 6)) {
			const char *v = a[5] == '=' ? a + 6 : NULL;
			char *end;

			if (!v && ++k < argc)
				v = argv[k];
			if (!v)
				return vitals_bad("--top needs a number", NULL);
			top = strtoul(v, &end, 10);
			if (*v < '0' || *v > '9' || *end || top > VITALS_TOP_MAX)
				return vitals_bad("bad --top (0..1000)", v);
		} else if (a[0] == '-' && a[1]) {
			return vitals_bad("unknown option", a);
		} else if (dir) {
			return vitals_bad("one directory only, not also", a);
		} else {
			dir = a;
		}
	}
	if (!dir)
		return vitals_bad("no directory given", NULL);
	if (json + prom + !!listen > 1)
		return vitals_bad("one of --json, --prometheus, --metrics-listen",
				  NULL);
	if ((prom || listen) && (png || scale))
		return vitals_bad("--png and --timescale are not for Prometheus",
				  NULL);
	if (prom || listen)
		return vitals_prometheus(dir, top, listen);
	if (lttr_vitals_load(dir, &s, err, sizeof(err)) < 0) {
		fprintf(stderr, "%s vitals: %s\n", cli_prog, err);
		return EXIT_TRACE;
	}
	if (lttr_vitals_report(&s, top, &r) < 0) {
		fprintf(stderr, "%s vitals: out of memory\n", cli_prog);
		lttr_vitals_series_free(&s);
		return EXIT_TRACE;
	}
	if (lttr_vitals_symbols(&r, dir, symfs, err, sizeof(err)) < 0) {
		fprintf(stderr, "%s vitals: %s\n", cli_prog, err);
		lttr_vitals_report_free(&r);
		lttr_vitals_series_free(&s);
		return symfs ? EXIT_USAGE : EXIT_TRACE;
	}
	for (i = 0; i < s.nwarnings; i++)
		fprintf(stderr, "%s vitals: warning: %s\n", cli_prog,
			s.warnings[i]);
	k = vitals_print(&r, json, scale, png);
	/* what the stacks printed could not name, and why */
	for (i = 0; i < lttr_vitals_symbols_warnings(&r); i++)
		fprintf(stderr, "%s vitals: warning: %s\n", cli_prog,
			lttr_vitals_symbols_warning(&r, i));
	if (!k && s.nwarnings)
		k = EXIT_DAMAGED;
	lttr_vitals_report_free(&r);
	lttr_vitals_series_free(&s);
	return k;
}
