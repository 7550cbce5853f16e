// SPDX-License-Identifier: GPL-2.0
/*
 * cmd-vitals.c - "tracevisualizer vitals [--json] [--top N] DIR": the
 * epoch files traced --vitals wrote in DIR, aggregated by the library
 * (lttr/vitals/vitals.h, docs/vitals.md): per epoch, each vital sign's
 * weighted total, distinct labels, the detector's verdict and the top
 * labels with their samples.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/vitals/vitals.h>
#include "cli.h"

#define VITALS_TOP_DEFAULT	5
#define VITALS_TOP_MAX		1000

static void vitals_usage(void)
{
	printf("Usage: tracevisualizer vitals [--json] [--top N] DIR\n\n"
	       "The vital signs traced --vitals recorded in DIR, one file an epoch:\n"
	       "per epoch and vital sign the weighted total (its unit), the events\n"
	       "counted, the number of distinct labels estimated from the sketch,\n"
	       "the labels sampled, largest first, each with its estimated count\n"
	       "(its sketch cell: at least its true weight), its first sample and its\n"
	       "number of samples; and an EWMA anomaly detector's verdict: ANOMALY\n"
	       "when the total leaves mean +- %.0f deviations of the epochs before\n"
	       "(after %d epochs).  A file that cannot be read (cut, corrupt) is\n"
	       "named with its epoch and skipped.\n\n"
	       "Options:\n"
	       "  --json       one JSON object (docs/vitals.md)\n"
	       "  --top N      labels per vital sign and epoch (default %d)\n"
	       "  -h, --help   this help\n\n"
	       "Exit status: 0 success; 1 DIR cannot be read; 2 usage error; 4 an\n"
	       "epoch file was skipped (the others were printed).\n",
	       LTTR_EWMA_K, LTTR_EWMA_WARMUP, VITALS_TOP_DEFAULT);
}

static int vitals_bad(const char *what, const char *arg)
{
	fprintf(stderr, "%s vitals: %s%s%s%s\n", cli_prog, what,
		arg ? " '" : "", arg ? arg : "", arg ? "'" : "");
	fprintf(stderr, "Try 'tracevisualizer vitals --help'.\n");
	return EXIT_USAGE;
}

int cmd_vitals(int argc, char **argv)
{
	struct lttr_vitals_series s;
	struct lttr_vitals_report r;
	const char *dir = NULL;
	unsigned long top = VITALS_TOP_DEFAULT;
	char err[256];
	bool json = false;
	size_t i;
	int k;

	for (k = 1; k < argc; k++) {
		const char *a = argv[k];

		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			vitals_usage();
			return 0;
		} else if (!strcmp(a, "--json")) {
			json = true;
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
	if (lttr_vitals_load(dir, &s, err, sizeof(err)) < 0) {
		fprintf(stderr, "%s vitals: %s\n", cli_prog, err);
		return EXIT_TRACE;
	}
	if (lttr_vitals_report(&s, top, &r) < 0) {
		fprintf(stderr, "%s vitals: out of memory\n", cli_prog);
		lttr_vitals_series_free(&s);
		return EXIT_TRACE;
	}
	for (i = 0; i < s.nwarnings; i++)
		fprintf(stderr, "%s vitals: warning: %s\n", cli_prog,
			s.warnings[i]);
	if (json)
		lttr_vitals_json(stdout, &r);
	else
		lttr_vitals_text(stdout, &r);
	k = s.nwarnings ? EXIT_DAMAGED : 0;
	lttr_vitals_report_free(&r);
	lttr_vitals_series_free(&s);
	return k;
}
