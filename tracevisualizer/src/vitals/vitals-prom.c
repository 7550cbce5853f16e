// SPDX-License-Identifier: GPL-2.0
/*
 * vitals-prom.c - the vital signs of a directory of epoch files in
 * Prometheus' text exposition format (version 0.0.4, docs/vitals.md),
 * for a fleet's Prometheus to scrape: counters over every epoch counted
 * since the process started (each file once, in epoch order), and the
 * newest epoch's report, the rows lttr_vitals_report() computes (the
 * numbers "tracevisualizer vitals --json" prints).  A value that is not
 * known has no series at all, never a 0.
 */
#include <dirent.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/vitals/vitals.h>

int lttr_vitals_prom_init(struct lttr_vitals_prom *p, const char *dir,
			  size_t ntop)
{
	memset(p, 0, sizeof(*p));
	p->dir = strdup(dir);
	p->ntop = ntop;
	return p->dir ? 0 : -1;
}

static void free_warnings(struct lttr_vitals_prom *p)
{
	size_t i;

	for (i = 0; i < p->nwarnings; i++)
		free(p->warnings[i]);
	free(p->warnings);
	p->warnings = NULL;
	p->nwarnings = 0;
}

static void free_last(struct lttr_vitals_prom *p)
{
	unsigned int v;

	for (v = 0; v < LTT_VITALS; v++)
		free(p->row[v].top);
	memset(p->row, 0, sizeof(p->row));
	if (p->have_last)
		lttr_vitals_epoch_free(&p->last);
	p->have_last = false;
}

void lttr_vitals_prom_free(struct lttr_vitals_prom *p)
{
	free_last(p);
	free_warnings(p);
	free(p->dir);
	memset(p, 0, sizeof(*p));
}

struct found {
	uint64_t epoch;
	char *name;
};

static int by_number(const void *a, const void *b)
{
	const struct found *x = a, *y = b;

	return x->epoch < y->epoch ? -1 : x->epoch > y->epoch;
}

/* the epoch number of a file's name, or -1 if it is not an epoch file's */
static int epoch_of(const char *name, uint64_t *epoch)
{
	size_t nl = strlen(name), pl = strlen(LTTR_VITALS_FILE_PREFIX);
	size_t sl = strlen(LTTR_VITALS_FILE_SUFFIX), i;
	uint64_t n = 0;

	if (nl <= pl + sl || strncmp(name, LTTR_VITALS_FILE_PREFIX, pl) ||
	    strcmp(name + nl - sl, LTTR_VITALS_FILE_SUFFIX))
		return -1;
	for (i = pl; i < nl - sl; i++) {
		if (name[i] < '0' || name[i] > '9' ||
		    n > (UINT64_MAX - 9) / 10)
			return -1;
		n = n * 10 + (uint64_t)(name[i] - '0');
	}
	*epoch = n;
	return 0;
}

static int warn(struct lttr_vitals_prom *p, const char *path,
		const char *name, const char *why)
{
	char **w = realloc(p->warnings, (p->nwarnings + 1) * sizeof(*w));
	size_t pl = strlen(LTTR_VITALS_FILE_PREFIX);
	size_t sl = strlen(LTTR_VITALS_FILE_SUFFIX);
	size_t len = strlen(path) + strlen(name) + strlen(why) + 64;

	if (!w)
		return -1;
	p->warnings = w;
	w[p->nwarnings] = malloc(len);
	if (!w[p->nwarnings])
		return -1;
	/* the same words as lttr_vitals_load()'s */
	snprintf(w[p->nwarnings], len, "%s: epoch %.*s: %s, skipped", path,
		 (int)(strlen(name) - pl - sl), name + pl, why);
	p->nwarnings++;
	return 0;
}

/* count one epoch read: the sums, and the newest epoch's rows */
static int count(struct lttr_vitals_prom *p, struct lttr_vitals_epoch *e)
{
	struct lttr_vitals_series single = { .epochs = e, .n = 1 };
	struct lttr_vitals_report r;
	unsigned int v;

	if (lttr_vitals_report(&single, p->ntop, &r) < 0)
		return -1;
	free_last(p);
	p->epochs++;
	p->partial += !!(e->h.flags & LTT_VITALS_F_PARTIAL);
	p->samples += e->nsamples;
	p->dropped += e->h.dropped;
	p->sampling_ns += e->h.sampling_ns;
	p->skipped += e->h.skipped;
	p->collected |= e->h.collected;
	for (v = 0; v < LTT_VITALS; v++) {
		struct lttr_vitals_row *row = &r.rows[v];

		p->total[v] += e->sum[v].total;
		p->events[v] += e->sum[v].events;
		/* the detector as lttr_vitals_report() feeds it */
		p->judged[v] = false;
		if (e->h.collected & (1U << v)) {
			p->judged[v] = p->w[v].n >= LTTR_EWMA_WARMUP;
			row->flagged = lttr_ewma_step(&p->w[v],
						      (double)row->total,
						      &row->lo, &row->hi);
		}
		p->row[v] = *row;
		row->top = NULL;
	}
	lttr_vitals_report_free(&r);
	p->last = *e;
	p->have_last = true;
	memset(e, 0, sizeof(*e));
	return 0;
}

int lttr_vitals_prom_update(struct lttr_vitals_prom *p, char *err,
			    size_t errlen)
{
	struct found *f = NULL;
	size_t n = 0, i;
	struct dirent *d;
	DIR *dp;
	int rc = 0;

	free_warnings(p);
	dp = opendir(p->dir);
	if (!dp) {
		p->dir_errors++;
		snprintf(err, errlen, "%s: cannot read the directory", p->dir);
		return -1;
	}
	while ((d = readdir(dp))) {
		struct found *g;
		uint64_t ep;

		if (epoch_of(d->d_name, &ep) < 0 ||
		    (p->started && ep < p->next))
			continue;
		g = realloc(f, (n + 1) * sizeof(*f));
		if (!g)
			goto nomem;
		f = g;
		f[n].epoch = ep;
		f[n].name = strdup(d->d_name);
		if (!f[n].name)
			goto nomem;
		n++;
	}
	closedir(dp);
	dp = NULL;
	if (n)
		qsort(f, n, sizeof(*f), by_number);
	for (i = 0; i < n; i++) {
		struct lttr_vitals_epoch e;
		char path[4096], why[256];

		snprintf(path, sizeof(path), "%s/%s", p->dir, f[i].name);
		if (p->started && f[i].epoch > p->next)
			p->missing += f[i].epoch - p->next;
		/* a file is counted, or skipped, once */
		p->started = true;
		p->next = f[i].epoch + 1;
		if (lttr_vitals_read(path, &e, why, sizeof(why)) < 0) {
			p->bad++;
			if (warn(p, path, f[i].name, why) < 0)
				goto nomem;
			continue;
		}
		/* a lost epoch's marker: missing, even before any data */
		if (e.h.flags & LTT_VITALS_F_LOST) {
			p->missing++;
			lttr_vitals_epoch_free(&e);
			continue;
		}
		if (count(p, &e) < 0) {
			lttr_vitals_epoch_free(&e);
			goto nomem;
		}
	}
	goto out;
nomem:
	if (dp)
		closedir(dp);
	snprintf(err, errlen, "out of memory");
	rc = -1;
out:
	for (i = 0; i < n; i++)
		free(f[i].name);
	free(f);
	return rc;
}

/* a label value: \, " and newline escaped, bytes outside printable ASCII
 * as '?' (the exposition wants UTF-8; a comm is any bytes) */
static void label_value(FILE *f, const char *s, size_t max)
{
	size_t i;

	for (i = 0; i < max && s[i]; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == '\\' || c == '"')
			fprintf(f, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", f);
		else
			fputc(c >= 0x20 && c < 0x7f ? c : '?', f);
	}
}

static void head(FILE *f, const char *name, const char *type,
		 const char *help)
{
	fprintf(f, "# HELP %s %s\n# TYPE %s %s\n", name, help, name, type);
}

static void one(FILE *f, const char *name, const char *type,
		const char *help, uint64_t value)
{
	head(f, name, type, help);
	fprintf(f, "%s %" PRIu64 "\n", name, value);
}

/* a vital sign's series are shown if it was ever collected */
#define EACH_VITAL(p, v) \
	for ((v) = 0; (v) < LTT_VITALS; (v)++) \
		if ((p)->collected & (1U << (v)))

/* the newest epoch's series: only the vital signs it collected */
#define EACH_LAST(p, v) \
	for ((v) = 0; (v) < LTT_VITALS; (v)++) \
		if ((p)->have_last && ((p)->last.h.collected & (1U << (v))))

static void labels_series(FILE *f, const struct lttr_vitals_prom *p,
			  const char *name, bool estimate)
{
	unsigned int v;
	size_t k;

	EACH_LAST(p, v) {
		const struct lttr_vitals_row *row = &p->row[v];

		for (k = 0; k < row->ntop; k++) {
			const struct lttr_vitals_label *l = &row->top[k];

			fprintf(f, "%s{vital=\"%s\",label=\"%016" PRIx64
				"\",comm=\"", name, lttr_vital_name(v),
				(uint64_t)l->first.label);
			label_value(f, l->first.comm, sizeof(l->first.comm));
			fprintf(f, "\",pid=\"%u\"} %u\n", l->first.pid,
				estimate ? l->estimate : l->samples);
		}
	}
}

void lttr_vitals_prom_print(FILE *f, const struct lttr_vitals_prom *p)
{
	const struct ltt_vitals_file_header *h = &p->last.h;
	unsigned int v;

	one(f, "ltt_vitals_epochs_total", "counter",
	    "Epoch files counted (each once, when it first appears).",
	    p->epochs);
	one(f, "ltt_vitals_epoch_files_bad_total", "counter",
	    "Epoch files that could not be read (cut, corrupt), skipped.",
	    p->bad);
	one(f, "ltt_vitals_epochs_missing_total", "counter",
	    "Epochs with no data: marked lost, or no file between those counted.",
	    p->missing);
	one(f, "ltt_vitals_epochs_partial_total", "counter",
	    "Epochs ended early (the daemon stopped).", p->partial);
	one(f, "ltt_vitals_directory_errors_total", "counter",
	    "Updates that could not read the directory.", p->dir_errors);
	one(f, "ltt_vitals_samples_total", "counter",
	    "Samples kept by the collector.", p->samples);
	one(f, "ltt_vitals_samples_dropped_total", "counter",
	    "Samples the collector could not keep (its arrays full).",
	    p->dropped);
	head(f, "ltt_vitals_sampling_seconds_total", "counter",
	     "CPU time the collector spent keeping samples (epoch files of version 3).");
	fprintf(f, "ltt_vitals_sampling_seconds_total %.9f\n", (double)p->sampling_ns / 1e9);
	one(f, "ltt_vitals_events_skipped_total", "counter",
	    "Events not counted (NMI context).", p->skipped);
	head(f, "ltt_vitals_weight_total", "counter",
	     "Weighted total of a vital sign (its unit in the unit label).");
	EACH_VITAL(p, v)
		fprintf(f, "ltt_vitals_weight_total{vital=\"%s\",unit=\"%s\"} %"
			PRIu64 "\n", lttr_vital_name(v), lttr_vital_unit(v),
			p->total[v]);
	head(f, "ltt_vitals_events_total", "counter",
	     "Events counted of a vital sign.");
	EACH_VITAL(p, v)
		fprintf(f, "ltt_vitals_events_total{vital=\"%s\"} %" PRIu64 "\n",
			lttr_vital_name(v), p->events[v]);
	if (!p->have_last)
		return;
	one(f, "ltt_vitals_last_epoch", "gauge",
	    "Number of the newest epoch counted.", h->epoch);
	head(f, "ltt_vitals_last_epoch_end_timestamp_seconds", "gauge",
	     "Wall-clock end of the newest epoch counted.");
	fprintf(f, "ltt_vitals_last_epoch_end_timestamp_seconds %.9f\n",
		(double)(h->wall_start_ns + (h->end_ns - h->start_ns)) / 1e9);
	one(f, "ltt_vitals_last_epoch_samples", "gauge",
	    "Samples of the newest epoch.", p->last.nsamples);
	one(f, "ltt_vitals_last_epoch_samples_dropped", "gauge",
	    "Samples dropped in the newest epoch.", h->dropped);
	head(f, "ltt_vitals_last_epoch_weight", "gauge",
	     "Weighted total of a vital sign in the newest epoch.");
	EACH_LAST(p, v)
		fprintf(f, "ltt_vitals_last_epoch_weight{vital=\"%s\",unit=\"%s\"} %"
			PRIu64 "\n", lttr_vital_name(v), lttr_vital_unit(v),
			p->row[v].total);
	head(f, "ltt_vitals_last_epoch_events", "gauge",
	     "Events of a vital sign in the newest epoch.");
	EACH_LAST(p, v)
		fprintf(f, "ltt_vitals_last_epoch_events{vital=\"%s\"} %" PRIu64
			"\n", lttr_vital_name(v), p->row[v].events);
	head(f, "ltt_vitals_last_epoch_distinct_labels", "gauge",
	     "Distinct labels of a vital sign in the newest epoch, by linear counting (absent: unknown, every cell used).");
	EACH_LAST(p, v)
		if (p->row[v].distinct >= 0)
			fprintf(f, "ltt_vitals_last_epoch_distinct_labels{vital=\"%s\"} %.1f\n",
				lttr_vital_name(v), p->row[v].distinct);
	head(f, "ltt_vitals_last_epoch_anomaly", "gauge",
	     "1 when the EWMA detector flagged the newest epoch's total.");
	EACH_LAST(p, v)
		fprintf(f, "ltt_vitals_last_epoch_anomaly{vital=\"%s\"} %d\n",
			lttr_vital_name(v), p->row[v].flagged ? 1 : 0);
	head(f, "ltt_vitals_last_epoch_band_low", "gauge",
	     "Low edge of the detector's band (absent during its warm-up).");
	EACH_LAST(p, v)
		if (p->judged[v])
			fprintf(f, "ltt_vitals_last_epoch_band_low{vital=\"%s\"} %.1f\n",
				lttr_vital_name(v), p->row[v].lo);
	head(f, "ltt_vitals_last_epoch_band_high", "gauge",
	     "High edge of the detector's band (absent during its warm-up).");
	EACH_LAST(p, v)
		if (p->judged[v])
			fprintf(f, "ltt_vitals_last_epoch_band_high{vital=\"%s\"} %.1f\n",
				lttr_vital_name(v), p->row[v].hi);
	head(f, "ltt_vitals_last_epoch_label_estimate", "gauge",
	     "A top label's estimated weight in the newest epoch (its sketch cell: at least its true weight).");
	labels_series(f, p, "ltt_vitals_last_epoch_label_estimate", true);
	head(f, "ltt_vitals_last_epoch_label_samples", "gauge",
	     "A top label's samples in the newest epoch.");
	labels_series(f, p, "ltt_vitals_last_epoch_label_samples", false);
}
